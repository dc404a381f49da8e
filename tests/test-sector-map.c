/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sector-map.c: the sector map widget on the Komarr campaign, in a real window under
 * Xvfb — fitting on allocation and on a new scenario, selection by click, zoom about the
 * pointer, panning, hover and its tooltip, activation, and the widget's own snapshot rendered
 * to pixels (saved as sector-map.png in the build directory). */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-sector-map.h"
#include "picture-helpers.h"
#include "pointer-helpers.h"
#include "shipped-helpers.h"

#define WINDOW_WIDTH  900
#define WINDOW_HEIGHT 600

typedef struct {
  GtkWindow          *window;
  AdmiraltySectorMap *map;
  AdmScenario        *scenario;
} Fixture;

static gboolean
map_allocated (AdmiraltySectorMap *map)
{
  return gtk_widget_get_mapped (GTK_WIDGET (map)) && gtk_widget_get_width (GTK_WIDGET (map)) > 0;
}

/* Runs the main context until the map has a size, or five seconds have passed. */
static void
wait_for_allocation (AdmiraltySectorMap *map)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!map_allocated (map) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (map_allocated (map));
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->scenario = shipped_scenario ("komarr-campaign.admiralty");
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, WINDOW_WIDTH, WINDOW_HEIGHT);
  fixture->map = ADMIRALTY_SECTOR_MAP (admiralty_sector_map_new ());
  admiralty_sector_map_set_scenario (fixture->map, fixture->scenario);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->map));
  gtk_window_present (fixture->window);
  wait_for_allocation (fixture->map);
  /* The real pointer plays no part: the tests move it themselves. */
  admiralty_sector_map_hover_leave (fixture->map);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_object_ref (fixture->map);
  gtk_window_destroy (fixture->window);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_finalize_object (fixture->map);
  g_assert_finalize_object (fixture->scenario);
}

static void
sector_centre (Fixture    *fixture,
               const char *id,
               double     *x,
               double     *y)
{
  AdmSector *sector = adm_scenario_lookup_sector (fixture->scenario, id);

  g_assert_nonnull (sector);
  admiralty_sector_view_to_pixels (admiralty_sector_map_get_view (fixture->map),
                                   sector->x, sector->y, x, y);
}

/* The view a fresh fit of @scenario gives at the map's size, its cards apart, measured for
 * what the map shows; returns the cards, for the caller to unref. */
static GHashTable *
fitted_view (Fixture             *fixture,
             AdmScenario         *scenario,
             AdmiraltySectorView *view)
{
  AdmiraltySectorOptions options;

  admiralty_sector_map_get_options (fixture->map, &options);
  admiralty_sector_view_init (view, gtk_widget_get_width (GTK_WIDGET (fixture->map)),
                              gtk_widget_get_height (GTK_WIDGET (fixture->map)));
  return admiralty_sector_cards_fit_apart (view, scenario, &options);
}

static void
assert_view_equal (const AdmiraltySectorView *a,
                   const AdmiraltySectorView *b)
{
  g_assert_cmpint (a->width, ==, b->width);
  g_assert_cmpint (a->height, ==, b->height);
  g_assert_cmpfloat_with_epsilon (a->centre_x, b->centre_x, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->centre_y, b->centre_y, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->scale, b->scale, 1e-9);
  g_assert_cmpfloat_with_epsilon (a->zoom, b->zoom, 1e-9);
}

static void
test_fit (Fixture       *fixture,
          gconstpointer  data)
{
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (fixture->map);
  GPtrArray *sectors = adm_scenario_get_sectors (fixture->scenario);
  AdmiraltySectorView expected;
  g_autoptr(GHashTable) cards = NULL;
  double x, y;

  /* Fitted on the first allocation, to the widget's size. */
  g_assert_cmpint (view->width, ==, gtk_widget_get_width (GTK_WIDGET (fixture->map)));
  g_assert_cmpint (view->height, ==, gtk_widget_get_height (GTK_WIDGET (fixture->map)));
  cards = fitted_view (fixture, fixture->scenario, &expected);
  assert_view_equal (view, &expected);
  for (guint i = 0; i < sectors->len; i++)
    {
      cairo_rectangle_t rect;

      admiralty_sector_node_rect (view, g_ptr_array_index (sectors, i), &rect);
      g_assert_cmpfloat (rect.x, >=, 0);
      g_assert_cmpfloat (rect.y, >=, 0);
      g_assert_cmpfloat (rect.x + rect.width, <=, view->width);
      g_assert_cmpfloat (rect.y + rect.height, <=, view->height);
    }

  /* Away and back. */
  sector_centre (fixture, "hegen-hub", &x, &y);
  admiralty_sector_map_zoom_at (fixture->map, 3.0, x, y);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->map), "map.pan", "(dd)",
                                             40.0, -25.0));
  g_assert_cmpfloat (view->scale, >, expected.scale);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->map), "map.fit", NULL));
  assert_view_equal (view, &expected);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

/* A new scenario is fitted at once; a selection it lacks is dropped. */
static void
test_scenario_change (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(AdmScenario) skirmish = shipped_scenario ("skirmish.admiralty");
  AdmiraltySectorView expected;
  g_autoptr(GHashTable) cards = NULL;
  guint notified = 0;

  admiralty_sector_map_set_selected_sector (fixture->map, "pol-orbit");
  g_signal_connect (fixture->map, "notify::selected-sector", G_CALLBACK (count_notify_cb),
                    &notified);
  admiralty_sector_map_zoom_at (fixture->map, 2.0, 10, 10);
  g_object_set (fixture->map, "scenario", skirmish, NULL);
  g_assert_true (admiralty_sector_map_get_scenario (fixture->map) == skirmish);
  g_assert_null (admiralty_sector_map_get_selected_sector (fixture->map));
  g_assert_cmpuint (notified, ==, 1);
  cards = fitted_view (fixture, skirmish, &expected);
  assert_view_equal (admiralty_sector_map_get_view (fixture->map), &expected);

  admiralty_sector_map_set_scenario (fixture->map, fixture->scenario);
  g_clear_pointer (&cards, g_hash_table_unref);
  cards = fitted_view (fixture, fixture->scenario, &expected);
  assert_view_equal (admiralty_sector_map_get_view (fixture->map), &expected);
}

static void
test_select (Fixture       *fixture,
             gconstpointer  data)
{
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (fixture->map);
  g_autofree char *selected = NULL;
  guint notified = 0;
  double x, y;

  g_signal_connect (fixture->map, "notify::selected-sector", G_CALLBACK (count_notify_cb),
                    &notified);
  g_assert_null (admiralty_sector_map_get_selected_sector (fixture->map));

  sector_centre (fixture, "pol-orbit", &x, &y);
  g_assert_true (admiralty_sector_map_select_at (fixture->map, x, y));
  g_object_get (fixture->map, "selected-sector", &selected, NULL);
  g_assert_cmpstr (selected, ==, "pol-orbit");
  g_assert_cmpuint (notified, ==, 1);

  /* The same sector again changes nothing. */
  g_assert_true (admiralty_sector_map_select_at (fixture->map, x + 20, y - 10));
  g_assert_cmpuint (notified, ==, 1);

  /* Another sector, then empty space between cards. */
  sector_centre (fixture, "hegen-hub", &x, &y);
  g_assert_true (admiralty_sector_map_select_at (fixture->map, x, y));
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (fixture->map), ==, "hegen-hub");
  g_assert_cmpuint (notified, ==, 2);
  g_assert_null (admiralty_sector_at (view, fixture->scenario, 3, 3));
  g_assert_false (admiralty_sector_map_select_at (fixture->map, 3, 3));
  g_assert_null (admiralty_sector_map_get_selected_sector (fixture->map));
  g_assert_cmpuint (notified, ==, 3);

  g_object_set (fixture->map, "selected-sector", "komarr-orbit", NULL);
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (fixture->map), ==, "komarr-orbit");
  g_assert_cmpuint (notified, ==, 4);
}

/* The map point under (@x, @y) is still there. */
static void
assert_fixed (const AdmiraltySectorView *view,
              double                     map_x,
              double                     map_y,
              double                     x,
              double                     y)
{
  double px, py;

  admiralty_sector_view_to_pixels (view, map_x, map_y, &px, &py);
  g_assert_cmpfloat_with_epsilon (px, x, 1e-6);
  g_assert_cmpfloat_with_epsilon (py, y, 1e-6);
}

static void
test_zoom (Fixture       *fixture,
           gconstpointer  data)
{
  GtkWidget *widget = GTK_WIDGET (fixture->map);
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (fixture->map);
  double scale = view->scale;
  double x = 230.5, y = 170.25, map_x, map_y;

  /* About the pointer. */
  admiralty_sector_map_hover_at (fixture->map, x, y);
  admiralty_sector_view_to_map (view, x, y, &map_x, &map_y);
  g_assert_true (gtk_widget_activate_action (widget, "map.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (view->scale, scale * ADMIRALTY_SECTOR_MAP_ZOOM_STEP, 1e-9);
  assert_fixed (view, map_x, map_y, x, y);
  g_assert_true (gtk_widget_activate_action (widget, "map.zoom-out", NULL));
  g_assert_cmpfloat_with_epsilon (view->scale, scale, 1e-9);
  assert_fixed (view, map_x, map_y, x, y);

  /* As the scroll wheel and pinch do: about a given point. */
  x = 600;
  y = 90;
  admiralty_sector_view_to_map (view, x, y, &map_x, &map_y);
  admiralty_sector_map_zoom_at (fixture->map, 1.7, x, y);
  g_assert_cmpfloat_with_epsilon (view->scale, scale * 1.7, 1e-9);
  assert_fixed (view, map_x, map_y, x, y);

  /* With the pointer gone, about the middle. */
  admiralty_sector_map_hover_leave (fixture->map);
  x = view->width / 2.0;
  y = view->height / 2.0;
  admiralty_sector_view_to_map (view, x, y, &map_x, &map_y);
  g_assert_true (gtk_widget_activate_action (widget, "map.zoom-in", NULL));
  assert_fixed (view, map_x, map_y, x, y);

  /* At the limit the action is off and the scale stays. */
  admiralty_sector_map_zoom_at (fixture->map, 1e9, x, y);
  g_assert_cmpfloat (view->zoom, ==, ADMIRALTY_SECTOR_MAX_ZOOM);
  scale = view->scale;
  gtk_widget_activate_action (widget, "map.zoom-in", NULL);
  g_assert_cmpfloat (view->scale, ==, scale);
  g_assert_cmpfloat (view->zoom, ==, ADMIRALTY_SECTOR_MAX_ZOOM);
}

static void
test_pan (Fixture       *fixture,
          gconstpointer  data)
{
  double x0, y0, x1, y1;

  sector_centre (fixture, "komarr-orbit", &x0, &y0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->map), "map.pan", "(dd)",
                                             35.0, -12.0));
  sector_centre (fixture, "komarr-orbit", &x1, &y1);
  g_assert_cmpfloat_with_epsilon (x1, x0 + 35, 1e-9);
  g_assert_cmpfloat_with_epsilon (y1, y0 - 12, 1e-9);
}

static void
test_hover_tooltip (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *markup = NULL;
  g_autofree char *jackson = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  double x, y;

  sector_centre (fixture, "komarr-terminus", &x, &y);
  admiralty_sector_map_hover_at (fixture->map, x, y);
  g_assert_cmpstr (admiralty_sector_map_get_hovered_sector (fixture->map), ==,
                   "komarr-terminus");
  /* The map moving under a still pointer moves the highlight. */
  admiralty_sector_map_hover_at (fixture->map, 3, 3);
  g_assert_null (admiralty_sector_map_get_hovered_sector (fixture->map));
  admiralty_sector_map_hover_at (fixture->map, x, y);
  admiralty_sector_map_hover_leave (fixture->map);
  g_assert_null (admiralty_sector_map_get_hovered_sector (fixture->map));

  markup = admiralty_sector_map_dup_tooltip_markup (fixture->map, "komarr-terminus");
  g_test_message ("%s", markup);
  g_assert_nonnull (strstr (markup, "<b>Komarr wormhole terminus</b>"));
  g_assert_nonnull (strstr (markup, "Wormhole exit: Jump point to Barrayar"));
  g_assert_nonnull (strstr (markup, "Station: Komarr Jump Station"));
  g_assert_nonnull (strstr (markup, "First Squadron, Home Fleet · Barrayar"));
  g_assert_true (pango_parse_markup (markup, -1, 0, NULL, &text, NULL, &error));
  g_assert_no_error (error);

  /* Names are escaped. */
  jackson = admiralty_sector_map_dup_tooltip_markup (fixture->map, "jacksons-whole-jump");
  g_clear_pointer (&text, g_free);
  g_assert_true (pango_parse_markup (jackson, -1, 0, NULL, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "Jackson's Whole jump point\n"));
  g_assert_nonnull (strstr (text, "House Fell Convoy"));
}

static void
activated_cb (AdmiraltySectorMap *map,
              const char         *id,
              GPtrArray          *ids)
{
  g_ptr_array_add (ids, g_strdup (id));
}

static void
test_activate (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  double x, y;

  g_signal_connect (fixture->map, "sector-activated", G_CALLBACK (activated_cb), ids);

  /* Enter with nothing selected does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->map), "map.activate", NULL);
  g_assert_cmpuint (ids->len, ==, 0);

  /* A double-click on a card. */
  sector_centre (fixture, "vervain-jump-point", &x, &y);
  g_assert_true (admiralty_sector_map_activate_at (fixture->map, x, y));
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "vervain-jump-point");
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (fixture->map), ==,
                   "vervain-jump-point");
  g_assert_false (admiralty_sector_map_activate_at (fixture->map, 3, 3));
  g_assert_cmpuint (ids->len, ==, 1);

  /* Enter on the selection. */
  admiralty_sector_map_set_selected_sector (fixture->map, "aslund-station");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->map), "map.activate", NULL));
  g_assert_cmpuint (ids->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ids, 1), ==, "aslund-station");
}

/* The widget's own snapshot, rendered by its window's renderer. */
static void
test_render (Fixture       *fixture,
             gconstpointer  data)
{
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (fixture->map);
  g_autoptr(cairo_surface_t) surface = NULL;
  cairo_rectangle_t rect;
  double x, y;

  sector_centre (fixture, "pol-orbit", &x, &y);
  g_assert_true (admiralty_sector_map_select_at (fixture->map, x, y));
  sector_centre (fixture, "komarr-orbit", &x, &y);
  admiralty_sector_map_hover_at (fixture->map, x, y);
  surface = render_widget (GTK_WIDGET (fixture->map));
  save_png (surface, "sector-map");

  /* The selected card is filled and framed in the selection's colours. */
  sector_centre (fixture, "pol-orbit", &x, &y);
  check_pixel (surface, "sector-map-failed", x, y, ADMIRALTY_SECTOR_NODE_SELECTED_RGB, TRUE);
  admiralty_sector_node_rect (view, adm_scenario_lookup_sector (fixture->scenario, "pol-orbit"),
                              &rect);
  check_pixel (surface, "sector-map-failed", rect.x + rect.width / 2, rect.y + 1,
               ADMIRALTY_SECTOR_SELECTION_RGB, TRUE);
  /* The others, hovered or not, keep the plain fill. */
  sector_centre (fixture, "komarr-orbit", &x, &y);
  check_pixel (surface, "sector-map-failed", x, y, ADMIRALTY_SECTOR_NODE_RGB, TRUE);
  sector_centre (fixture, "hegen-hub", &x, &y);
  check_pixel (surface, "sector-map-failed", x, y, ADMIRALTY_SECTOR_NODE_RGB, TRUE);
  check_pixel (surface, "sector-map-failed", 2, 2, ADMIRALTY_SECTOR_BACKGROUND_RGB, TRUE);
}

/* The keys a master uses, as real key presses through the X server: + and Ctrl++ zoom the
 * whole drawing, 0 fits it again, L shows and hides the legend; and Ctrl with the wheel zooms
 * about the pointer, as on the tactical table. */
static void
test_keys (Fixture       *fixture,
           gconstpointer  data)
{
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (fixture->map);
  AdmiraltySectorView fitted = *view;
  double zoom;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  gtk_widget_set_focusable (GTK_WIDGET (fixture->map), TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (fixture->map));
  /* The fit's own zoom: 1, or less where the cards would overlap at that size. */
  g_assert_cmpfloat (fitted.zoom, <=, 1.0);
  g_assert_cmpfloat (fitted.zoom, >=, ADMIRALTY_SECTOR_FIT_MIN_ZOOM);
  keys_to (GTK_WIDGET (fixture->window), "plus");
  zoom = fitted.zoom * ADMIRALTY_SECTOR_MAP_ZOOM_STEP;
  g_assert_cmpfloat_with_epsilon (view->zoom, zoom, 1e-9);
  keys_to (GTK_WIDGET (fixture->window), "ctrl+plus");
  g_assert_cmpfloat_with_epsilon (view->zoom, zoom * ADMIRALTY_SECTOR_MAP_ZOOM_STEP, 1e-9);
  keys_to (GTK_WIDGET (fixture->window), "ctrl+minus");
  g_assert_cmpfloat_with_epsilon (view->zoom, zoom, 1e-9);
  keys_to (GTK_WIDGET (fixture->window), "ctrl+Right ctrl+Down");
  g_assert_cmpfloat (view->centre_x, !=, fitted.centre_x);
  keys_to (GTK_WIDGET (fixture->window), "0");
  assert_view_equal (view, &fitted);

  /* Ctrl + wheel away from the master zooms in about the pointer. */
  pointer_move (GTK_WIDGET (fixture->map), 300, 200);
  xdo ("keydown ctrl click 4 keyup ctrl");
  g_assert_cmpfloat (view->zoom, >, fitted.zoom);
  keys_to (GTK_WIDGET (fixture->window), "ctrl+0");
  g_assert_cmpfloat (view->zoom, ==, fitted.zoom);

  g_assert_false (admiralty_sector_map_get_show_legend (fixture->map));
  keys_to (GTK_WIDGET (fixture->window), "l");
  g_assert_true (admiralty_sector_map_get_show_legend (fixture->map));
  keys_to (GTK_WIDGET (fixture->window), "l");
  g_assert_false (admiralty_sector_map_get_show_legend (fixture->map));
}

/* The name a screen reader reads for the map, as GTK's test context holds it. */
static void
assert_accessible_label (Fixture    *fixture,
                         const char *label)
{
  g_autofree char *message = NULL;

  message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (fixture->map),
                                                GTK_ACCESSIBLE_PROPERTY_LABEL, label);
  if (message != NULL)
    g_error ("%s", message);
}

/* The keyboard alone, as real key presses: the arrows move a focus ring from card to the
 * nearest card that way, panning to show it, and the screen reader's name follows; Enter
 * selects the card with the ring, and on the selected card asks for its battle. */
static void
test_focus_keys (Fixture       *fixture,
                 gconstpointer  data)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (fixture->map);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(cairo_surface_t) surface = NULL;
  AdmiraltySectorView fitted = *view;
  cairo_rectangle_t rect;
  double x, y;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  g_signal_connect (fixture->map, "sector-activated", G_CALLBACK (activated_cb), ids);
  gtk_widget_grab_focus (GTK_WIDGET (fixture->map));
  assert_accessible_label (fixture, "Sector map");

  /* With nothing focused, the first arrow takes the card nearest the middle. */
  keys_to (window, "Right");
  g_assert_nonnull (admiralty_sector_map_get_focus_sector (fixture->map));
  g_assert_null (admiralty_sector_map_get_selected_sector (fixture->map));

  /* From Komarr orbit: right to the wormhole terminus, Pol jump point, Pol orbit, Hegen Hub. */
  admiralty_sector_map_set_selected_sector (fixture->map, "komarr-orbit");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==, "komarr-orbit");
  keys_to (window, "Right");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==, "komarr-terminus");
  assert_accessible_label (fixture, "Sector map: Komarr wormhole terminus");
  keys_to (window, "Right Right Right");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==, "hegen-hub");
  /* The selection stays until Enter. */
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (fixture->map), ==, "komarr-orbit");
  keys_to (window, "Down");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==, "aslund-station");
  keys_to (window, "Up Up");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==,
                   "vervain-jump-point");
  /* Left, card by card, to the solar mirror array; nothing lies beyond it that way. */
  keys_to (window, "Left Left Left Left Left Left");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==, "solar-mirror");
  keys_to (window, "Left");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==, "solar-mirror");
  /* Arrows alone never pan a fitted map whose cards all show. */
  g_assert_cmpfloat_with_epsilon (view->centre_x, fitted.centre_x, 1e-9);

  /* The ring is drawn round the focused card, outside it. */
  surface = render_widget (GTK_WIDGET (fixture->map));
  admiralty_sector_node_rect (view, adm_scenario_lookup_sector (fixture->scenario,
                                                                "solar-mirror"), &rect);
  check_pixel (surface, "sector-map-focus-failed", rect.x + rect.width / 2, rect.y - 4,
               0x78aeed, TRUE);
  save_png (surface, "sector-map-focus");

  /* Enter selects; Enter again opens the battle. */
  keys_to (window, "Return");
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (fixture->map), ==, "solar-mirror");
  g_assert_cmpuint (ids->len, ==, 0);
  keys_to (window, "Return");
  g_assert_cmpuint (ids->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (ids, 0), ==, "solar-mirror");

  /* Zoomed in, the focus moving off the view pans to show the card whole. */
  sector_centre (fixture, "solar-mirror", &x, &y);
  admiralty_sector_map_zoom_at (fixture->map, 3.0, x, y);
  keys_to (window, "Right Right Right");
  g_assert_cmpstr (admiralty_sector_map_get_focus_sector (fixture->map), ==, "pol-jump-point");
  admiralty_sector_node_rect (view, adm_scenario_lookup_sector (fixture->scenario,
                                                                "pol-jump-point"), &rect);
  g_assert_cmpfloat (rect.x, >=, 0);
  g_assert_cmpfloat (rect.x + rect.width, <=, view->width);
  g_assert_cmpfloat (rect.y, >=, 0);
  g_assert_cmpfloat (rect.y + rect.height, <=, view->height);
}

int
main (int   argc,
      char *argv[])
{
  /* GTK, with no accessibility bus, under a private session bus. */
  ui_test_init (&argc, &argv, "sector-map");
  /* The accessible names are kept by GTK's test context: the UI tests' "none" keeps nothing. */
  g_setenv ("GTK_A11Y", "test", TRUE);

#define ADD(path, func) \
  g_test_add ("/ui/sector-map/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("fit", test_fit);
  ADD ("scenario-change", test_scenario_change);
  ADD ("select", test_select);
  ADD ("zoom", test_zoom);
  ADD ("pan", test_pan);
  ADD ("hover-tooltip", test_hover_tooltip);
  ADD ("activate", test_activate);
  ADD ("render", test_render);
  ADD ("keys", test_keys);
  ADD ("focus-keys", test_focus_keys);
#undef ADD

  return ui_test_finish (g_test_run ());
}
