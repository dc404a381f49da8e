/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sector-renderer.c: the strategic sector map's Cairo renderer (F-STRAT-8, F-STRAT-9),
 * drawn into image surfaces with no display and asserted on pixels: cards, adjacency links,
 * formation markers in faction colours, selection, fitting, the view's conversions and the
 * hit tests. A failing check saves its picture to the build directory; the Komarr campaign's
 * map is always saved there. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-sector-legend.h"
#include "admiralty-sector-renderer.h"
#include "file-helpers.h"
#include "picture-helpers.h"
#include "shipped-helpers.h"

#define BARRAYAR_RGB  0x7a0e0b  /* data/rules/forcon-2010-classes.xml */
#define CETAGANDA_RGB 0x398740
/* From a 12 px marker's centre to where its colour shows: towards a corner, clear of the
 * faction's symbol in the middle. */
#define TO_CORNER     5


static cairo_surface_t *
render (AdmScenario                  *scenario,
        const AdmiraltySectorView    *view,
        const AdmiraltySectorOptions *options)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view->width,
                                                         view->height);
  cairo_t *cr = cairo_create (surface);

  admiralty_sector_render (cr, view, scenario, options);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static AdmSector *
sector (AdmScenario *scenario,
        const char  *id)
{
  AdmSector *found = adm_scenario_lookup_sector (scenario, id);

  g_assert_nonnull (found);
  return found;
}

static void
sector_centre (const AdmiraltySectorView *view,
               AdmScenario               *scenario,
               const char                *id,
               double                    *x,
               double                    *y)
{
  AdmSector *s = sector (scenario, id);

  admiralty_sector_view_to_pixels (view, s->x, s->y, x, y);
}

/* The pixel midway between the centres of sectors @a and @b. */
static void
midpoint (const AdmiraltySectorView *view,
          AdmScenario               *scenario,
          const char                *a,
          const char                *b,
          double                    *x,
          double                    *y)
{
  double ax, ay, bx, by;

  sector_centre (view, scenario, a, &ax, &ay);
  sector_centre (view, scenario, b, &bx, &by);
  *x = (ax + bx) / 2;
  *y = (ay + by) / 2;
}

static gboolean
adjacent (AdmScenario *scenario,
          const char  *a,
          const char  *b)
{
  return g_ptr_array_find (sector (scenario, a)->adjacent, sector (scenario, b), NULL);
}

/* The Komarr campaign fitted into a 1280 × 720 view, its cards measured for the master at the
 * start (@cards, for the caller to unref), as the map widget has them. */
static AdmScenario *
komarr_view (AdmiraltySectorView  *view,
             GHashTable          **cards)
{
  AdmScenario *scenario = shipped_scenario ("komarr-campaign.admiralty");

  admiralty_sector_view_init (view, 1280, 720);
  *cards = admiralty_sector_cards_measure (scenario, NULL);
  view->cards = *cards;
  admiralty_sector_view_fit (view, scenario);
  return scenario;
}

/* Komarr read from its file with @from replaced by @to (a new scenario, objects of its own). */
static AdmScenario *
komarr_changed (const char *from,
                const char *to)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_nonnull (strstr (text, from));
  changed = rules_text_changed (text, NULL, from, to);
  scenario = adm_scenario_load_data (changed, strlen (changed), "komarr-changed", &error);
  g_assert_no_error (error);
  return scenario;
}

/* Sector id → its card in @cards, as a pointer only compared. */
static GHashTable *
cards_by_id (AdmScenario *scenario,
             GHashTable  *cards)
{
  GHashTable *by_id = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);

  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *s = g_ptr_array_index (sectors, i);

      g_hash_table_insert (by_id, s->id, g_hash_table_lookup (cards, s));
    }
  return by_id;
}

/* Sector id → widening step tables @a and @b say the same. */
static void
assert_same_widths (GHashTable *a,
                    GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpuint (GPOINTER_TO_UINT (value), ==,
                      GPOINTER_TO_UINT (g_hash_table_lookup (b, key)));
}

/* F-STRAT-9: cards measured again after an edit — the scenario made anew from the edited
 * document, as the scenario editor makes it — keep each card whose sector, text and width are
 * unchanged and shape again only the ones whose text changed; the map drawn with the kept
 * cards is the map drawn with cards measured from nothing, pixel for pixel. */
static void
test_cards_kept (void)
{
  AdmiraltySectorView view;
  g_autoptr(AdmScenario) first = shipped_scenario ("komarr-campaign.admiralty");
  g_autoptr(AdmScenario) again = shipped_scenario ("komarr-campaign.admiralty");
  g_autoptr(AdmScenario) renamed = komarr_changed ("First Destroyer Flotilla",
                                                   "First Destroyer Flotilla Reformed");
  GHashTable *cards = admiralty_sector_cards_measure (first, NULL);
  g_autoptr(GHashTable) first_ids = cards_by_id (first, cards);
  g_autoptr(GHashTable) again_ids = NULL;
  g_autoptr(GHashTable) renamed_ids = NULL;
  g_autoptr(GHashTable) fresh = NULL;
  cairo_surface_t *kept_picture, *fresh_picture;
  GPtrArray *sectors = adm_scenario_get_sectors (again);
  guint reshaped = 0;

  /* The same text in another scenario's objects: every card kept, none shaped again. */
  cards = admiralty_sector_cards_measure_again (again, NULL, NULL, cards);
  again_ids = cards_by_id (again, cards);
  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *s = g_ptr_array_index (sectors, i);

      g_assert_true (g_hash_table_lookup (again_ids, s->id) ==
                     g_hash_table_lookup (first_ids, s->id));
    }
  /* Drawn from the kept cards once the scenario they were shaped for is gone: the rows name
   * the new scenario's formations, and the picture is the one fresh cards give. */
  g_clear_object (&first);
  admiralty_sector_view_init (&view, 1280, 720);
  view.cards = cards;
  admiralty_sector_view_fit (&view, again);
  kept_picture = render (again, &view, NULL);
  fresh = admiralty_sector_cards_measure (again, NULL);
  view.cards = fresh;
  fresh_picture = render (again, &view, NULL);
  g_assert_true (surfaces_equal (kept_picture, fresh_picture));
  cairo_surface_destroy (kept_picture);
  cairo_surface_destroy (fresh_picture);

  /* One formation renamed: its sector's card alone shaped again, with the new name. */
  cards = admiralty_sector_cards_measure_again (renamed, NULL, NULL, cards);
  renamed_ids = cards_by_id (renamed, cards);
  sectors = adm_scenario_get_sectors (renamed);
  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *s = g_ptr_array_index (sectors, i);

      if (g_hash_table_lookup (renamed_ids, s->id) != g_hash_table_lookup (again_ids, s->id))
        {
          g_assert_cmpstr (s->id, ==, "pol-jump-point");
          reshaped++;
        }
    }
  g_assert_cmpuint (reshaped, ==, 1);
  {
    g_autofree char *text = admiralty_sector_cards_text (renamed, cards);

    g_assert_nonnull (strstr (text, "First Destroyer Flotilla Reformed"));
  }
  g_hash_table_unref (cards);

  /* The widths a fit picks are the same with the sizes kept from fit to fit; a second fit of
   * the same cards lays none out again, and a renamed formation adds its card alone. */
  {
    g_autoptr(GHashTable) kept = admiralty_sector_card_sizes_new ();
    g_autoptr(GHashTable) plain = NULL;
    g_autoptr(GHashTable) first_fit = NULL;
    g_autoptr(GHashTable) second_fit = NULL;
    g_autoptr(GHashTable) renamed_fit = NULL;
    g_autoptr(GHashTable) renamed_plain = NULL;
    AdmiraltySectorView fit_view;
    guint n = adm_scenario_get_sectors (again)->len;

    admiralty_sector_view_init (&fit_view, 900, 560);
    plain = admiralty_sector_cards_fit_widths (&fit_view, again, NULL);
    first_fit = admiralty_sector_cards_fit_widths_kept (&fit_view, again, NULL, kept);
    g_assert_cmpuint (g_hash_table_size (kept), ==, n);
    assert_same_widths (plain, first_fit);
    second_fit = admiralty_sector_cards_fit_widths_kept (&fit_view, again, NULL, kept);
    g_assert_cmpuint (g_hash_table_size (kept), ==, n);
    assert_same_widths (plain, second_fit);
    renamed_plain = admiralty_sector_cards_fit_widths (&fit_view, renamed, NULL);
    renamed_fit = admiralty_sector_cards_fit_widths_kept (&fit_view, renamed, NULL, kept);
    g_assert_cmpuint (g_hash_table_size (kept), ==, n + 1);
    assert_same_widths (renamed_plain, renamed_fit);
  }

  /* None to keep, and an empty table: every card shaped. */
  cards = admiralty_sector_cards_measure_again (again, NULL, NULL,
                                                g_hash_table_new (NULL, NULL));
  g_assert_cmpuint (g_hash_table_size (cards), ==, adm_scenario_get_sectors (again)->len);
  g_hash_table_unref (cards);
}

static void
test_view_round_trip (void)
{
  AdmiraltySectorView view;
  double x, y, map_x, map_y;

  admiralty_sector_view_init (&view, 640, 480);
  admiralty_sector_view_to_pixels (&view, 0, 0, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 320, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 240, 1e-9);
  view.centre_x = 37.5;
  view.centre_y = -12.25;
  view.scale = 1.7;
  admiralty_sector_view_to_pixels (&view, 100, -50, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 320 + 62.5 * 1.7, 1e-9);
  admiralty_sector_view_to_map (&view, x, y, &map_x, &map_y);
  g_assert_cmpfloat_with_epsilon (map_x, 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (map_y, -50, 1e-9);
}

static void
test_view_zoom_pan (void)
{
  AdmiraltySectorView view;
  double map_x, map_y, x, y;

  admiralty_sector_view_init (&view, 800, 600);
  admiralty_sector_view_to_map (&view, 200, 150, &map_x, &map_y);
  admiralty_sector_view_zoom (&view, 2.0, 200, 150);
  g_assert_cmpfloat_with_epsilon (view.scale, 2.0, 1e-9);
  /* The point under the pointer stays there. */
  admiralty_sector_view_to_pixels (&view, map_x, map_y, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 200, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 150, 1e-9);
  /* The whole drawing zooms: cards and type with the spacing, scale and zoom together, up to
   * whichever limit comes first. */
  g_assert_cmpfloat_with_epsilon (view.zoom, 2.0, 1e-9);
  admiralty_sector_view_zoom (&view, 1e6, 0, 0);
  g_assert_cmpfloat (view.zoom, ==, ADMIRALTY_SECTOR_MAX_ZOOM);
  g_assert_cmpfloat_with_epsilon (view.scale, ADMIRALTY_SECTOR_MAX_ZOOM, 1e-9);
  admiralty_sector_view_zoom (&view, 1e-9, 0, 0);
  g_assert_cmpfloat (view.zoom, ==, ADMIRALTY_SECTOR_MIN_ZOOM);
  g_assert_cmpfloat_with_epsilon (view.scale, ADMIRALTY_SECTOR_MIN_ZOOM, 1e-9);
  view.scale = 4.0;
  view.zoom = 0.02;
  admiralty_sector_view_zoom (&view, 1e-9, 0, 0);
  g_assert_cmpfloat (view.scale, >=, ADMIRALTY_SECTOR_MIN_SCALE);
  /* A fit starts again at zoom 1. */
  admiralty_sector_view_init (&view, 800, 600);
  view.scale = 2.0;
  admiralty_sector_view_to_pixels (&view, 10, 10, &x, &y);
  admiralty_sector_view_pan (&view, 30, -20);
  admiralty_sector_view_to_pixels (&view, 10, 10, &map_x, &map_y);
  g_assert_cmpfloat_with_epsilon (map_x, x + 30, 1e-9);
  g_assert_cmpfloat_with_epsilon (map_y, y - 20, 1e-9);
}

/* Cards and type are laid out in the view at zoom 1 and drawn zoom times larger: a card's
 * rectangle in a zoomed view is its rectangle in that unzoomed view, scaled. */
static void
test_view_unzoomed (void)
{
  AdmiraltySectorView view, inner;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  cairo_rectangle_t rect, unzoomed;

  admiralty_sector_view_zoom (&view, 2.5, 300, 200);
  g_assert_cmpfloat_with_epsilon (admiralty_sector_view_get_zoom (&view), 2.5, 1e-9);
  admiralty_sector_view_unzoomed (&view, &inner);
  g_assert_cmpfloat (inner.zoom, ==, 1.0);
  g_assert_cmpfloat_with_epsilon (inner.scale, view.scale / 2.5, 1e-9);
  g_assert_cmpint (inner.width, ==, 512);
  g_assert_cmpint (inner.height, ==, 288);
  for (guint i = 0; i < sectors->len; i++)
    {
      admiralty_sector_node_rect (&view, g_ptr_array_index (sectors, i), &rect);
      admiralty_sector_node_rect (&inner, g_ptr_array_index (sectors, i), &unzoomed);
      g_assert_cmpfloat (rect.x, ==, unzoomed.x * 2.5);
      g_assert_cmpfloat (rect.y, ==, unzoomed.y * 2.5);
      const AdmiraltySectorCardSize *size = g_hash_table_lookup (cards,
                                                                 g_ptr_array_index (sectors, i));

      g_assert_nonnull (size);
      g_assert_cmpfloat (size->width, >=, ADMIRALTY_SECTOR_NODE_WIDTH);
      g_assert_cmpfloat (rect.width, ==, size->width * 2.5);
      g_assert_cmpfloat (rect.height, ==, size->height * 2.5);
    }
  /* A view set up field by field, with no zoom, is at zoom 1. */
  view.zoom = 0.0;
  g_assert_cmpfloat (admiralty_sector_view_get_zoom (&view), ==, 1.0);
  /* A rectangle touching the view is shown; one wholly past an edge is not. */
  rect = (cairo_rectangle_t) { -10, -10, 11, 11 };
  g_assert_true (admiralty_sector_view_shows_rect (&view, &rect));
  rect = (cairo_rectangle_t) { view.width, 0, 10, 10 };
  g_assert_false (admiralty_sector_view_shows_rect (&view, &rect));
  rect = (cairo_rectangle_t) { 0, -10, 10, 10 };
  g_assert_false (admiralty_sector_view_shows_rect (&view, &rect));
}

/* The map window's fit: every card, at the size its text needs, inside the view; at the usual
 * window size, no two cards overlapping either. */
static void
check_fit (const char *file,
           int         width,
           int         height,
           gboolean    no_overlap)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario (file);
  g_autoptr(GHashTable) cards = NULL;
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  AdmiraltySectorView view;

  admiralty_sector_view_init (&view, width, height);
  cards = admiralty_sector_cards_fit_apart (&view, scenario, NULL);
  for (guint i = 0; i < sectors->len; i++)
    {
      cairo_rectangle_t a;

      admiralty_sector_node_rect (&view, g_ptr_array_index (sectors, i), &a);
      g_assert_cmpfloat (a.x, >=, 0);
      g_assert_cmpfloat (a.y, >=, 0);
      g_assert_cmpfloat (a.x + a.width, <=, width);
      g_assert_cmpfloat (a.y + a.height, <=, height);
      for (guint j = 0; no_overlap && j < i; j++)
        {
          cairo_rectangle_t b;

          admiralty_sector_node_rect (&view, g_ptr_array_index (sectors, j), &b);
          g_assert_true (a.x >= b.x + b.width || b.x >= a.x + a.width ||
                         a.y >= b.y + b.height || b.y >= a.y + a.height);
        }
    }
}

static void
test_fit (void)
{
  check_fit ("komarr-campaign.admiralty", 1280, 720, TRUE);
  check_fit ("komarr-campaign.admiralty", 1024, 640, TRUE);
  check_fit ("komarr-campaign.admiralty", 600, 400, FALSE);
  check_fit ("skirmish.admiralty", 800, 600, TRUE);
  check_fit ("skirmish.admiralty", 200, 150, FALSE);
}

/* Each sector's card is drawn at its position: its centre is plain card fill. */
static void
test_nodes (void)
{
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(cairo_surface_t) surface = render (scenario, &view, NULL);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);

  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *s = g_ptr_array_index (sectors, i);
      double x, y;

      admiralty_sector_view_to_pixels (&view, s->x, s->y, &x, &y);
      check_pixel (surface, "nodes", x, y, ADMIRALTY_SECTOR_NODE_RGB, TRUE);
    }
  check_pixel (surface, "nodes", 1, 1, ADMIRALTY_SECTOR_BACKGROUND_RGB, TRUE);
}

/* The light scheme for paper: a white ground, light cards, grey links; and a map drawn on the
 * same cairo_t after it is the screen's dark one again. */
static void
test_paper (void)
{
  AdmiraltySectorView view;
  AdmiraltySectorOptions options;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(cairo_surface_t) surface = NULL;
  cairo_t *cr;
  double x, y;

  admiralty_sector_options_init (&options);
  g_assert_false (options.paper);
  options.paper = TRUE;
  surface = render (scenario, &view, &options);
  check_pixel (surface, "paper", 1, 1, ADMIRALTY_SECTOR_PAPER_BACKGROUND_RGB, TRUE);
  sector_centre (&view, scenario, "hegen-hub", &x, &y);
  check_pixel (surface, "paper", x, y, ADMIRALTY_SECTOR_PAPER_NODE_RGB, TRUE);
  midpoint (&view, scenario, "pol-jump-point", "pol-orbit", &x, &y);
  check_pixel (surface, "paper", x, y, ADMIRALTY_SECTOR_PAPER_LINK_RGB, TRUE);

  cr = cairo_create (surface);
  admiralty_sector_render (cr, &view, scenario, &options);
  admiralty_sector_render (cr, &view, scenario, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  check_pixel (surface, "screen after paper", 1, 1, ADMIRALTY_SECTOR_BACKGROUND_RGB, TRUE);
  sector_centre (&view, scenario, "hegen-hub", &x, &y);
  check_pixel (surface, "screen after paper", x, y, ADMIRALTY_SECTOR_NODE_RGB, TRUE);
}

/* Links join adjacent sectors only: the midpoint of a linked pair is drawn on, the midpoint
 * of an unlinked pair, away from every card and link, is bare background. */
static void
test_links (void)
{
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(cairo_surface_t) surface = render (scenario, &view, NULL);
  static const char *const linked[][2] = {
    { "pol-jump-point", "pol-orbit" },
    { "sergyar-approach", "escobar-route" },
    { "komarr-orbit", "komarr-asteroid-belt" },
  };
  static const char *const unlinked[][2] = {
    { "komarr-asteroid-belt", "pol-jump-point" },
    { "escobar-route", "vervain-jump-point" },
    { "komarr-terminus", "escobar-route" },
  };
  double x, y;

  for (guint i = 0; i < G_N_ELEMENTS (linked); i++)
    {
      g_assert_true (adjacent (scenario, linked[i][0], linked[i][1]));
      midpoint (&view, scenario, linked[i][0], linked[i][1], &x, &y);
      g_assert_null (admiralty_sector_at (&view, scenario, x, y));
      check_pixel (surface, "links", x, y, ADMIRALTY_SECTOR_BACKGROUND_RGB, FALSE);
      check_pixel (surface, "links", x, y, ADMIRALTY_SECTOR_LINK_RGB, TRUE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (unlinked); i++)
    {
      g_assert_false (adjacent (scenario, unlinked[i][0], unlinked[i][1]));
      midpoint (&view, scenario, unlinked[i][0], unlinked[i][1], &x, &y);
      g_assert_null (admiralty_sector_at (&view, scenario, x, y));
      check_pixel (surface, "links", x, y, ADMIRALTY_SECTOR_BACKGROUND_RGB, TRUE);
    }
}

/* One marker per formation, in its faction's colour, on its sector's card. */
static void
test_formations (void)
{
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(cairo_surface_t) surface = render (scenario, &view, NULL);
  GPtrArray *formations = adm_scenario_get_formations (scenario);
  AdmFormation *serg = adm_scenario_lookup_formation (scenario, "first-squadron-home-fleet");
  AdmFormation *jade = adm_scenario_lookup_formation (scenario, "jade-squadron");
  double x, y;

  g_assert_nonnull (serg);
  g_assert_nonnull (jade);
  g_assert_true (admiralty_sector_formation_position (&view, scenario, NULL, serg, &x, &y));
  check_pixel (surface, "formations", x - TO_CORNER, y - TO_CORNER, BARRAYAR_RGB, TRUE);
  g_assert_true (admiralty_sector_formation_position (&view, scenario, NULL, jade, &x, &y));
  check_pixel (surface, "formations", x - TO_CORNER, y - TO_CORNER, CETAGANDA_RGB, TRUE);

  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      guint32 colour = (guint32) g_ascii_strtoull (formation->faction->colour + 1, NULL, 16);
      cairo_rectangle_t rect;

      /* No sector of the campaign holds more formations than a card's row has places. */
      g_assert_true (admiralty_sector_formation_position (&view, scenario, NULL, formation, &x, &y));
      check_pixel (surface, "formations", x - TO_CORNER, y - TO_CORNER, colour, TRUE);
      admiralty_sector_node_rect (&view, formation->sector, &rect);
      g_assert_cmpfloat (x, >, rect.x);
      g_assert_cmpfloat (x, <, rect.x + rect.width);
      g_assert_cmpfloat (y, >, rect.y);
      g_assert_cmpfloat (y, <, rect.y + rect.height);
      g_assert_true (admiralty_sector_at (&view, scenario, x, y) == formation->sector);
      g_assert_true (admiralty_sector_formation_at (&view, scenario, NULL, x, y) == formation);
    }
}

/* The selected card is framed in the selection colour and its links drawn in it too. */
static void
test_selection (void)
{
  AdmiraltySectorView view;
  AdmiraltySectorOptions options;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(cairo_surface_t) surface = NULL;
  cairo_rectangle_t rect;
  double x, y;

  admiralty_sector_options_init (&options);
  options.selected_sector = "pol-orbit";
  options.hovered_sector = "hegen-hub";
  surface = render (scenario, &view, &options);
  sector_centre (&view, scenario, "pol-orbit", &x, &y);
  check_pixel (surface, "selection", x, y, ADMIRALTY_SECTOR_NODE_SELECTED_RGB, TRUE);
  admiralty_sector_node_rect (&view, sector (scenario, "pol-orbit"), &rect);
  check_pixel (surface, "selection", rect.x + rect.width / 2, rect.y + 1,
               ADMIRALTY_SECTOR_SELECTION_RGB, TRUE);
  midpoint (&view, scenario, "pol-orbit", "pol-jump-point", &x, &y);
  check_pixel (surface, "selection", x, y, ADMIRALTY_SECTOR_SELECTION_RGB, TRUE);
  /* Links elsewhere keep their colour; other cards their fill. */
  midpoint (&view, scenario, "sergyar-approach", "escobar-route", &x, &y);
  check_pixel (surface, "selection", x, y, ADMIRALTY_SECTOR_LINK_RGB, TRUE);
  sector_centre (&view, scenario, "hegen-hub", &x, &y);
  check_pixel (surface, "selection", x, y, ADMIRALTY_SECTOR_NODE_RGB, TRUE);
}

static void
test_sector_at (void)
{
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  cairo_rectangle_t rect;
  double x, y;

  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *s = g_ptr_array_index (sectors, i);

      admiralty_sector_view_to_pixels (&view, s->x, s->y, &x, &y);
      g_assert_true (admiralty_sector_at (&view, scenario, x, y) == s);
      g_assert_null (admiralty_sector_formation_at (&view, scenario, NULL, x, y));
    }
  g_assert_null (admiralty_sector_at (&view, scenario, 2, 2));
  midpoint (&view, scenario, "komarr-asteroid-belt", "pol-jump-point", &x, &y);
  g_assert_null (admiralty_sector_at (&view, scenario, x, y));
  /* A card's rounded corner is not the card. */
  admiralty_sector_node_rect (&view, sector (scenario, "hegen-hub"), &rect);
  g_assert_null (admiralty_sector_at (&view, scenario, rect.x + 0.5, rect.y + 0.5));
  g_assert_true (admiralty_sector_at (&view, scenario, rect.x + rect.width / 2, rect.y + 0.5) ==
                 sector (scenario, "hegen-hub"));
}

/* A scenario with more formations in one sector than its card has places, and a sector with a
 * long name and many objects. */
static const char crowded_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<scenario id=\"crowded\" name=\"Crowded\" ruleset=\"forcon-2010\">\n"
  "  <map>\n"
  "    <sector id=\"crowd\" name=\"Crowd\" x=\"0\" y=\"0\"/>\n"
  "    <sector id=\"far\" name=\"The Extraordinarily Long-Named Sector Beyond the Hegen Hub "
  "and Further\" x=\"200\" y=\"0\">\n"
  "      <object kind=\"planet\" name=\"A\"/><object kind=\"station\" name=\"B\"/>\n"
  "      <object kind=\"wormhole-exit\" name=\"C\"/><object kind=\"planet\" name=\"D\"/>\n"
  "      <object kind=\"station\" name=\"E\"/><object kind=\"wormhole-exit\" name=\"F\"/>\n"
  "      <object kind=\"planet\" name=\"G\"/><object kind=\"station\" name=\"H\"/>\n"
  "    </sector>\n"
  "    <link from=\"crowd\" to=\"far\"/>\n"
  "  </map>\n"
  "@FORMATIONS@"
  "</scenario>\n";

static AdmScenario *
load_crowded (guint n_formations)
{
  g_autoptr(GString) formations = g_string_new (NULL);
  g_autoptr(GString) xml = g_string_new (crowded_xml);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("sector-renderer-XXXXXX", &error);
  g_autofree char *path = NULL;
  AdmScenario *scenario;

  g_assert_no_error (error);
  for (guint i = 0; i < n_formations; i++)
    g_string_append_printf (formations,
                            "  <formation id=\"f%u\" name=\"F%u\" faction=\"%s\" "
                            "sector=\"crowd\" flagship=\"s%u\">\n"
                            "    <ship id=\"s%u\" name=\"S%u\" class=\"frigate\" "
                            "readiness=\"5\"/>\n"
                            "  </formation>\n",
                            i, i, i % 2 == 0 ? "barrayar" : "cetaganda", i, i, i);
  g_string_replace (xml, "@FORMATIONS@", formations->str, 1);
  path = g_build_filename (dir, "crowded.admiralty", NULL);
  g_assert_true (g_file_set_contents (path, xml->str, -1, &error));
  g_assert_no_error (error);
  scenario = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_unlink (path);
  g_rmdir (dir);
  return scenario;
}

/* Formations beyond the card's places are counted in a badge, not drawn off the card. */
static void
test_crowded (void)
{
  g_autoptr(AdmScenario) scenario = load_crowded (9);
  GPtrArray *formations = adm_scenario_get_formations (scenario);
  g_autoptr(cairo_surface_t) surface = NULL;
  AdmiraltySectorView view;
  cairo_rectangle_t rect;
  guint shown = 0;

  admiralty_sector_view_init (&view, 480, 200);
  admiralty_sector_view_fit (&view, scenario);
  surface = render (scenario, &view, NULL);
  admiralty_sector_node_rect (&view, sector (scenario, "crowd"), &rect);
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      double x, y;

      if (!admiralty_sector_formation_position (&view, scenario, NULL, formation, &x, &y))
        continue;
      g_assert_cmpuint (i, ==, shown);  /* the first ones, in file order */
      shown++;
      check_pixel (surface, "crowded", x - TO_CORNER, y - TO_CORNER,
                   i % 2 == 0 ? BARRAYAR_RGB : CETAGANDA_RGB, TRUE);
      g_assert_cmpfloat (x - 5, >, rect.x);
      g_assert_cmpfloat (x + 5, <, rect.x + rect.width);
    }
  g_assert_cmpuint (shown, >, 0);
  g_assert_cmpuint (shown, <, formations->len);
  save_png (surface, "crowded");
}

/* The bounding box of the text-coloured pixels (light grey, as names are drawn) inside
 * @rect: what the card's labels take. */
static void
text_extents_in (cairo_surface_t         *surface,
                 const cairo_rectangle_t *rect,
                 double                  *width,
                 double                  *height)
{
  int x0 = G_MAXINT, y0 = G_MAXINT, x1 = -1, y1 = -1;

  for (int y = (int) rect->y; y < (int) (rect->y + rect->height); y++)
    for (int x = (int) rect->x; x < (int) (rect->x + rect->width); x++)
      {
        guint32 p = pixel_at (surface, x, y);

        /* Text is near white on a dark card; glyphs and markers are coloured. */
        if (((p >> 16) & 0xff) > 0xc8 && ((p >> 8) & 0xff) > 0xc8 && (p & 0xff) > 0xc8)
          {
            x0 = MIN (x0, x);
            y0 = MIN (y0, y);
            x1 = MAX (x1, x);
            y1 = MAX (y1, y);
          }
      }
  g_assert_cmpint (x1, >=, 0);
  *width = x1 - x0 + 1;
  *height = y1 - y0 + 1;
}

/* Zooming scales the whole drawing: a card's names and labels take twice the pixels at twice
 * the zoom, measured on the pictures, and the card and its markers grow with them. */
static void
test_zoom_scales_text (void)
{
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  AdmSector *hub = sector (scenario, "hegen-hub");
  AdmFormation *jade = adm_scenario_lookup_formation (scenario, "jade-squadron");
  g_autoptr(cairo_surface_t) near = NULL;
  g_autoptr(cairo_surface_t) far = NULL;
  cairo_rectangle_t card1, card2;
  double w1, h1, w2, h2, x, y;

  g_assert_cmpfloat (view.zoom, ==, 1.0);
  far = render (scenario, &view, NULL);
  admiralty_sector_node_rect (&view, hub, &card1);
  text_extents_in (far, &card1, &w1, &h1);
  /* Twice as large about the hub's middle, which stays where it is. */
  admiralty_sector_view_to_pixels (&view, hub->x, hub->y, &x, &y);
  admiralty_sector_view_zoom (&view, 2.0, x, y);
  g_assert_cmpfloat_with_epsilon (view.zoom, 2.0, 1e-9);
  near = render (scenario, &view, NULL);
  admiralty_sector_node_rect (&view, hub, &card2);
  g_assert_cmpfloat_with_epsilon (card2.width, 2 * card1.width, 1e-9);
  g_assert_cmpfloat_with_epsilon (card2.height, 2 * card1.height, 1e-9);
  text_extents_in (near, &card2, &w2, &h2);
  g_test_message ("labels %.0f×%.0f px at zoom 1, %.0f×%.0f px at zoom 2", w1, h1, w2, h2);
  if (fabs (w2 / w1 - 2.0) > 0.15 || fabs (h2 / h1 - 2.0) > 0.15)
    {
      save_png (far, "zoom-1");
      save_png (near, "zoom-2");
    }
  g_assert_cmpfloat (fabs (w2 / w1 - 2.0), <, 0.15);
  g_assert_cmpfloat (fabs (h2 / h1 - 2.0), <, 0.15);
  /* The hit tests follow the drawing. */
  g_assert_true (admiralty_sector_formation_position (&view, scenario, NULL, jade, &x, &y));
  check_pixel (near, "zoom-2", x - 2 * TO_CORNER, y - 2 * TO_CORNER, CETAGANDA_RGB, TRUE);
  /* A 24 px marker */
  check_pixel (near, "zoom-2", x + 2 * TO_CORNER + 1, y + 2 * TO_CORNER + 1, CETAGANDA_RGB,
               TRUE);
  g_assert_true (admiralty_sector_formation_at (&view, scenario, NULL, x, y) == jade);
  g_assert_true (admiralty_sector_at (&view, scenario, x, y) == hub);
  /* A fit is zoom 1 again. */
  admiralty_sector_view_fit (&view, scenario);
  g_assert_cmpfloat (view.zoom, ==, 1.0);
}

/* Every formation's line names it: the master is told its ships, the public only its name,
 * and never a formation it does not see. */
static void
test_labels (void)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-campaign.admiralty");
  GPtrArray *formations = adm_scenario_get_formations (scenario);
  AdmiraltySectorOptions master, public;

  admiralty_sector_options_init (&master);
  admiralty_sector_options_init (&public);
  public.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      g_autofree char *told = admiralty_sector_formation_label (scenario, &master, formation);
      g_autofree char *seen = admiralty_sector_formation_label (scenario, &public, formation);
      g_autofree char *expected = g_strdup_printf ("%s · %u", formation->name,
                                                   formation->ships->len);

      g_assert_cmpstr (told, ==, expected);
      if (formation->hidden)
        g_assert_null (seen);
      else
        g_assert_cmpstr (seen, ==, formation->name);
    }
}

/* A long formation name wraps between words onto as many lines as it needs, and so does a
 * sector's: nothing is cut with "…", and the card grows to hold them. */
static void
test_long_name_wraps (void)
{
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(AdmScenario) crowded = load_crowded (3);
  g_autoptr(cairo_surface_t) surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                                   view.width, view.height);
  g_autoptr(GArray) labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  g_autoptr(GArray) far_labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  AdmFormation *first_squadron = adm_scenario_lookup_formation (scenario,
                                                                "first-squadron-home-fleet");
  AdmSector *far = sector (crowded, "far");
  g_autofree char *squadron_text = NULL;
  g_autofree char *far_text = NULL;
  cairo_t *cr = cairo_create (surface);
  AdmiraltySectorView far_view;
  cairo_rectangle_t card;
  guint lines;

  admiralty_sector_render_labels (cr, &view, scenario, NULL, labels);
  squadron_text = sector_name_lines (labels, first_squadron->sector, first_squadron, &lines);
  g_assert_cmpstr (squadron_text, ==, "First Squadron, Home Fleet");
  g_assert_cmpuint (lines, ==, 2);

  /* A sector's name of fourteen words, in lines, whole, on its card. */
  admiralty_sector_view_init (&far_view, 800, 400);
  admiralty_sector_view_fit (&far_view, crowded);
  admiralty_sector_render_labels (cr, &far_view, crowded, NULL, far_labels);
  far_text = sector_name_lines (far_labels, far, NULL, &lines);
  g_assert_cmpstr (far_text, ==, far->name);
  g_assert_cmpuint (lines, >, 2);
  {
    g_autoptr(GHashTable) far_cards = admiralty_sector_cards_measure (crowded, NULL);

    far_view.cards = far_cards;
    admiralty_sector_view_fit (&far_view, crowded);
    admiralty_sector_node_rect (&far_view, far, &card);
    g_array_set_size (far_labels, 0);
    admiralty_sector_render_labels (cr, &far_view, crowded, NULL, far_labels);
    for (guint i = 0; i < far_labels->len; i++)
      {
        const AdmiraltySectorLabel *label = &g_array_index (far_labels, AdmiraltySectorLabel, i);

        if (label->sector != far)
          continue;
        g_assert_cmpfloat (label->rect.y, >=, card.y);
        g_assert_cmpfloat (label->rect.y + label->rect.height, <=, card.y + card.height);
        g_assert_cmpfloat (label->rect.x, >=, card.x);
        g_assert_cmpfloat (label->rect.x + label->rect.width, <=, card.x + card.width);
      }
  }
  cairo_destroy (cr);
}

/* The legend names what the map's colours and marks mean for its audience, and is drawn only
 * when asked for. */
static gboolean
rects_meet (const cairo_rectangle_t *a,
            const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* F-STRAT-4: every engagement's id beside its mark keeps clear of every sector's name and of
 * every other id, on a crowded master's map — three engagements in each sector and one on
 * each link — as the renderer records them from the layout it draws (label rectangles, not
 * pixels). */
static void
test_engagement_labels (void)
{
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(GPtrArray) marks = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  AdmiraltySectorOptions options;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, view.width,
                                                         view.height);
  cairo_t *cr = cairo_create (surface);
  guint n_ids = 0, n_names = 0;

  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *here = g_ptr_array_index (sectors, i);

      for (guint k = 0; k < 3; k++)
        {
          AdmQueuedEngagement *mark = g_new0 (AdmQueuedEngagement, 1);

          mark->engagement.sector = here;
          mark->status = (AdmEngagementStatus) k;
          g_ptr_array_add (marks, mark);
        }
      for (guint j = 0; j < here->adjacent->len; j++)
        {
          AdmSector *there = g_ptr_array_index (here->adjacent, j);
          AdmQueuedEngagement *mark;

          if (g_strcmp0 (here->id, there->id) >= 0)
            continue;
          mark = g_new0 (AdmQueuedEngagement, 1);
          mark->engagement.from = here;
          mark->engagement.to = there;
          g_ptr_array_add (marks, mark);
        }
    }
  for (guint i = 0; i < marks->len; i++)
    {
      char *id = g_strdup_printf ("c%u-%u", i / 9 + 1, i % 9 + 10);

      g_ptr_array_add (ids, id);
      ((AdmQueuedEngagement *) g_ptr_array_index (marks, i))->id = id;
    }
  admiralty_sector_options_init (&options);
  options.engagements = marks;
  options.paper = TRUE;
  admiralty_sector_render_labels (cr, &view, scenario, &options, labels);
  cairo_destroy (cr);
  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *id = &g_array_index (labels, AdmiraltySectorLabel, i);

      if (id->kind != ADMIRALTY_SECTOR_LABEL_ENGAGEMENT)
        continue;
      n_ids++;
      for (guint j = 0; j < labels->len; j++)
        {
          const AdmiraltySectorLabel *other = &g_array_index (labels, AdmiraltySectorLabel, j);
          gboolean name = other->kind == ADMIRALTY_SECTOR_LABEL_NAME && other->formation == NULL;

          if (j == i || !(name || other->kind == ADMIRALTY_SECTOR_LABEL_ENGAGEMENT))
            continue;
          if (rects_meet (&id->rect, &other->rect))
            {
              save_png (surface, "sector-engagement-labels");
              g_error ("the id %s (%.1f, %.1f, %.1f × %.1f) covers “%s” (%.1f, %.1f, %.1f × %.1f)",
                       id->text, id->rect.x, id->rect.y, id->rect.width, id->rect.height,
                       other->text, other->rect.x, other->rect.y, other->rect.width,
                       other->rect.height);
            }
        }
    }
  for (guint i = 0; i < labels->len; i++)
    n_names += g_array_index (labels, AdmiraltySectorLabel, i).kind == ADMIRALTY_SECTOR_LABEL_NAME &&
               g_array_index (labels, AdmiraltySectorLabel, i).formation == NULL;
  g_assert_cmpuint (n_ids, ==, marks->len);
  g_assert_cmpuint (n_names, >=, sectors->len);
  save_png (surface, "sector-engagement-labels");
  cairo_surface_destroy (surface);
}

static void
test_legend (void)
{
  AdmiraltySectorView view;
  AdmiraltySectorOptions options;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(GPtrArray) engagements = g_ptr_array_new ();
  g_auto(GStrv) master = NULL;
  g_auto(GStrv) public = NULL;
  g_autoptr(cairo_surface_t) without = NULL;
  g_autoptr(cairo_surface_t) with = NULL;
  cairo_rectangle_t rect;

  admiralty_sector_options_init (&options);
  options.engagements = engagements;
  master = admiralty_sector_legend_entries (scenario, &options);
  g_assert_true (g_strv_contains ((const char *const *) master, "Barrayaran Imperium"));
  g_assert_true (g_strv_contains ((const char *const *) master, "Planet"));
  g_assert_true (g_strv_contains ((const char *const *) master, "Engagement not fought yet"));
  g_assert_true (g_strv_contains ((const char *const *) master, "Engagement finished"));
  g_assert_false (g_strv_contains ((const char *const *) master,
                                   "Enemy last seen here, out of contact"));
  options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  public = admiralty_sector_legend_entries (scenario, &options);
  g_assert_false (g_strv_contains ((const char *const *) public, "Engagement finished"));
  g_assert_cmpuint (g_strv_length (public), <, g_strv_length (master));

  options.audience = ADMIRALTY_SECTOR_AUDIENCE_MASTER;
  without = render (scenario, &view, &options);
  options.legend = TRUE;
  with = render (scenario, &view, &options);
  admiralty_sector_legend_rect (&view, scenario, &options, &rect);
  g_assert_cmpfloat (rect.x, >, 0);
  g_assert_cmpfloat (rect.y + rect.height, <, view.height);
  g_assert_cmpfloat (rect.height, >=, g_strv_length (master) * 14.0);
  /* The first entry is the first faction shown: its sample in its colour (a corner: its
   * symbol is in the middle), where the map without a legend has none. */
  check_pixel (with, "legend", rect.x + 10 + 7 - TO_CORNER, rect.y + 10 + 9 - TO_CORNER,
               BARRAYAR_RGB, TRUE);
  check_pixel (without, "legend-hidden", rect.x + 10 + 7 - TO_CORNER,
               rect.y + 10 + 9 - TO_CORNER, BARRAYAR_RGB, FALSE);
  /* Its symbol in the middle, light on the dark red. */
  check_pixel (with, "legend", rect.x + 10 + 7, rect.y + 10 + 9, BARRAYAR_RGB, FALSE);
  save_png (with, "legend");
}

/* The whole campaign, with a selection, saved for a look. */
static void
test_snapshot (void)
{
  AdmiraltySectorView view;
  AdmiraltySectorOptions options;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(AdmScenario) scenario = komarr_view (&view, &cards);
  g_autoptr(cairo_surface_t) surface = NULL;
  g_autoptr(AdmScenario) skirmish = shipped_scenario ("skirmish.admiralty");
  g_autoptr(cairo_surface_t) small = NULL;

  admiralty_sector_options_init (&options);
  options.selected_sector = "hegen-hub";
  options.hovered_sector = "komarr-orbit";
  surface = render (scenario, &view, &options);
  save_png (surface, "komarr-campaign");
  admiralty_sector_view_init (&view, 640, 360);
  admiralty_sector_view_fit (&view, skirmish);
  small = render (skirmish, &view, NULL);
  save_png (small, "skirmish");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  picture_set_prefix ("sector-renderer");

  g_test_add_func ("/ui/sector-renderer/view/round-trip", test_view_round_trip);
  g_test_add_func ("/ui/sector-renderer/view/zoom-pan", test_view_zoom_pan);
  g_test_add_func ("/ui/sector-renderer/view/unzoomed", test_view_unzoomed);
  g_test_add_func ("/ui/sector-renderer/fit/all-sectors-inside", test_fit);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-8/nodes", test_nodes);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-8/links", test_links);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-8/paper", test_paper);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-9/formations", test_formations);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-9/crowded", test_crowded);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-9/cards-kept", test_cards_kept);
  g_test_add_func ("/ui/sector-renderer/selection", test_selection);
  g_test_add_func ("/ui/sector-renderer/sector-at", test_sector_at);
  g_test_add_func ("/ui/sector-renderer/zoom/scales-text", test_zoom_scales_text);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-9/labels", test_labels);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-9/long-name-wraps", test_long_name_wraps);
  g_test_add_func ("/ui/sector-renderer/legend", test_legend);
  g_test_add_func ("/ui/sector-renderer/F-STRAT-4/engagement-labels", test_engagement_labels);
  g_test_add_func ("/ui/sector-renderer/snapshot/komarr-campaign", test_snapshot);

  return g_test_run ();
}
