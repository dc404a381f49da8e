/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sector-wall.c: the projector's wall layout found on a worker
 * (admiralty_sector_wall_render_background ()) — the same picture as the one found while
 * drawing, a newer frame's layout superseding one still being found, and the wall freed while
 * a worker lays it out. No display: image surfaces and the default main context. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "admiralty-sector-wall.h"
#include "komarr-helpers.h"
#include "picture-helpers.h"

#define HEIGHT 900

typedef struct {
  AdmCampaign           *campaign;
  AdmiraltySectorOptions options;
  double                 name_size, label_size;
  guint                  ready;  /* times the wall said a layout was found */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->campaign = komarr_new (NULL, NULL);
  admiralty_sector_options_init (&fixture->options);
  fixture->options.state = adm_campaign_get_state (fixture->campaign);
  fixture->options.strategy = adm_state_get_strategy (fixture->options.state);
  fixture->options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  admiralty_sector_wall_type (1920, 1080, &fixture->name_size, &fixture->label_size);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->campaign);
}

static void
ready_cb (gpointer data)
{
  ((Fixture *) data)->ready++;
}

/* The main context run until every worker's layout is handed back. */
static void
wait_workers (void)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  while (admiralty_sector_wall_get_working () > 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (admiralty_sector_wall_get_working (), ==, 0);
}

static AdmScenario *
scenario_of (Fixture *fixture)
{
  return adm_campaign_get_scenario (fixture->campaign);
}

/* A frame of @width × HEIGHT: found while drawing (@wall NULL), or by @wall on a worker, in
 * which case *@own says whether the frame was drawn in its own layout. */
static cairo_surface_t *
frame (Fixture             *fixture,
       AdmiraltySectorWall *wall,
       int                  width,
       gboolean            *own)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  if (wall == NULL)
    admiralty_sector_render_wall (cr, width, HEIGHT, fixture->name_size, fixture->label_size,
                                  scenario_of (fixture), &fixture->options, NULL);
  else
    *own = admiralty_sector_wall_render_background (wall, cr, width, HEIGHT,
                                                    fixture->name_size, fixture->label_size,
                                                    scenario_of (fixture), &fixture->options,
                                                    ready_cb, fixture);
  cairo_destroy (cr);
  return surface;
}

/* The first frame is drawn without lists at once; the layout found on the worker is then
 * the one found while drawing, to the pixel, and nothing is searched on this thread. */
static void
test_same_picture (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(AdmiraltySectorWall) wall = admiralty_sector_wall_new ();
  cairo_surface_t *first, *found, *expected;
  gboolean own = TRUE;

  first = frame (fixture, wall, 1600, &own);
  g_assert_false (own);
  g_assert_true (admiralty_sector_wall_get_pending (wall));
  expected = frame (fixture, NULL, 1600, NULL);
  g_assert_false (surfaces_equal (first, expected));
  wait_workers ();
  g_assert_cmpuint (fixture->ready, ==, 1);
  g_assert_false (admiralty_sector_wall_get_pending (wall));
  found = frame (fixture, wall, 1600, &own);
  g_assert_true (own);
  if (!surfaces_equal (found, expected))
    {
      save_png (found, "sector-wall-background");
      save_png (expected, "sector-wall-foreground");
      g_assert_not_reached ();
    }
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (wall), ==, 1);
  g_assert_cmpuint (admiralty_sector_wall_get_foreground_layouts (wall), ==, 0);
  cairo_surface_destroy (first);
  cairo_surface_destroy (found);
  cairo_surface_destroy (expected);
}

/* A frame of another size while the worker lays the first out: the first's layout is dropped,
 * never kept nor drawn; the newer one is kept, and meanwhile the last found is drawn. */
static void
test_superseded (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(AdmiraltySectorWall) wall = admiralty_sector_wall_new ();
  cairo_surface_t *surface, *expected;
  gboolean own = TRUE;

  admiralty_sector_wall_hold_workers (TRUE);
  cairo_surface_destroy (frame (fixture, wall, 1600, &own));
  g_assert_false (own);
  cairo_surface_destroy (frame (fixture, wall, 1500, &own));
  g_assert_false (own);
  g_assert_cmpuint (admiralty_sector_wall_get_working (), ==, 2);
  admiralty_sector_wall_hold_workers (FALSE);
  wait_workers ();
  /* The older one's end told no one and kept nothing. */
  g_assert_cmpuint (fixture->ready, ==, 1);
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (wall), ==, 1);
  surface = frame (fixture, wall, 1500, &own);
  g_assert_true (own);
  expected = frame (fixture, NULL, 1500, NULL);
  g_assert_true (surfaces_equal (surface, expected));
  cairo_surface_destroy (surface);
  cairo_surface_destroy (expected);

  /* Back to the first size: drawn in the last layout found while the worker lays it out. */
  admiralty_sector_wall_hold_workers (TRUE);
  cairo_surface_destroy (frame (fixture, wall, 1600, &own));
  g_assert_false (own);
  /* Then the size found: drawn in its own layout, and the search for the other dropped. */
  cairo_surface_destroy (frame (fixture, wall, 1500, &own));
  g_assert_true (own);
  g_assert_false (admiralty_sector_wall_get_pending (wall));
  admiralty_sector_wall_hold_workers (FALSE);
  wait_workers ();
  g_assert_cmpuint (fixture->ready, ==, 1);
  g_assert_cmpuint (admiralty_sector_wall_get_layouts (wall), ==, 1);
  g_assert_cmpuint (admiralty_sector_wall_get_foreground_layouts (wall), ==, 0);
}

/* The wall freed while a worker lays it out: the worker's end is dropped, nobody told. */
static void
test_freed_while_working (Fixture       *fixture,
                          gconstpointer  data)
{
  AdmiraltySectorWall *wall = admiralty_sector_wall_new ();
  gboolean own = TRUE;

  admiralty_sector_wall_hold_workers (TRUE);
  cairo_surface_destroy (frame (fixture, wall, 1600, &own));
  g_assert_false (own);
  admiralty_sector_wall_free (wall);
  admiralty_sector_wall_hold_workers (FALSE);
  wait_workers ();
  g_assert_cmpuint (fixture->ready, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/ui/sector-wall/F-STRAT-8/background-same-picture", Fixture, NULL,
              fixture_set_up, test_same_picture, fixture_tear_down);
  g_test_add ("/ui/sector-wall/F-STRAT-8/superseded", Fixture, NULL, fixture_set_up,
              test_superseded, fixture_tear_down);
  g_test_add ("/ui/sector-wall/F-STRAT-8/freed-while-working", Fixture, NULL, fixture_set_up,
              test_freed_while_working, fixture_tear_down);
  return g_test_run ();
}
