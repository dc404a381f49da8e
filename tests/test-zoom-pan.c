/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-zoom-pan.c: the one zoom-and-pan helper of the tactical table and the sector map, in a
 * real window under Xvfb with the X server's own wheel and pointer — a notch zooms by the
 * widget's step about the pointer, a touchpad's pixels are scaled to notches, a drag pans by
 * what it moved once past the drag threshold, a short press stays a click, a widget may keep
 * a press for itself — and both widgets zooming and panning through it alike. */

#include "config.h"

#include <math.h>

#include "admiralty-sector-map.h"
#include "admiralty-table-widget.h"
#include "admiralty-zoom-pan.h"
#include "pointer-helpers.h"

#define STEP 1.5

typedef struct {
  guint  zooms;
  double factor;   /* the product of every zoom's factor */
  double x, y;     /* the last zoom's anchor */
  double dx, dy;   /* the sum of every pan */
  guint  pans;
  gboolean deny;
} Record;

static void
zoom_cb (AdmiraltyZoomPan *zoom_pan,
         double            factor,
         double            x,
         double            y,
         Record           *record)
{
  record->zooms++;
  record->factor *= factor;
  record->x = x;
  record->y = y;
}

static void
pan_cb (AdmiraltyZoomPan *zoom_pan,
        double            dx,
        double            dy,
        Record           *record)
{
  record->pans++;
  record->dx += dx;
  record->dy += dy;
}

static gboolean
deny_pan_cb (AdmiraltyZoomPan *zoom_pan,
             double            x,
             double            y,
             Record           *record)
{
  return record->deny;
}

static void
record_reset (Record *record)
{
  gboolean deny = record->deny;

  *record = (Record) { .factor = 1.0, .deny = deny };
}

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

static GtkWindow *
window_with (GtkWidget *child)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());

  gtk_window_set_default_size (window, 600, 400);
  gtk_window_set_child (window, child);
  gtk_window_present (window);
  iterate_until (allocated, child, 5000);
  g_assert_true (allocated (child));
  return window;
}

/* A wheel notch is one step; a touchpad's ADMIRALTY_ZOOM_PAN_SCROLL_PIXELS_PER_STEP pixels
 * are one step too, on every view. */
static void
test_scroll_factor (void)
{
  const double px = ADMIRALTY_ZOOM_PAN_SCROLL_PIXELS_PER_STEP;
  const GdkScrollUnit wheel = GDK_SCROLL_UNIT_WHEEL, touchpad = GDK_SCROLL_UNIT_SURFACE;

  g_assert_cmpfloat_with_epsilon (admiralty_zoom_pan_scroll_factor (STEP, -1, wheel), STEP, 1e-12);
  g_assert_cmpfloat_with_epsilon (admiralty_zoom_pan_scroll_factor (STEP, 2, wheel),
                                  1 / (STEP * STEP), 1e-12);
  g_assert_cmpfloat_with_epsilon (admiralty_zoom_pan_scroll_factor (STEP, -px, touchpad), STEP,
                                  1e-12);
  g_assert_cmpfloat_with_epsilon (admiralty_zoom_pan_scroll_factor (STEP, px / 2, touchpad),
                                  1 / sqrt (STEP), 1e-12);
}

/* The helper on a plain widget: what the wheel and drags of the X server's pointer mean. */
static void
test_helper (void)
{
  g_autoptr(AdmiraltyZoomPan) zoom_pan = NULL;
  Record record = { .factor = 1.0 };
  GtkWidget *area;
  GtkWindow *window;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  area = gtk_drawing_area_new ();
  zoom_pan = admiralty_zoom_pan_new (area, STEP);
  g_signal_connect (zoom_pan, "zoom", G_CALLBACK (zoom_cb), &record);
  g_signal_connect (zoom_pan, "pan", G_CALLBACK (pan_cb), &record);
  g_signal_connect (zoom_pan, "deny-pan", G_CALLBACK (deny_pan_cb), &record);
  window = window_with (area);

  /* A notch away from the master zooms in by one step about the pointer. */
  pointer_move (area, 150, 120);
  xdo ("click 4");
  g_assert_cmpuint (record.zooms, ==, 1);
  g_assert_cmpfloat_with_epsilon (record.factor, STEP, 1e-9);
  g_assert_cmpfloat (record.x, ==, 150);
  g_assert_cmpfloat (record.y, ==, 120);
  xdo ("click 5");
  g_assert_cmpfloat_with_epsilon (record.factor, 1.0, 1e-9);

  /* A drag pans by what it moved, whole, once past the threshold. */
  record_reset (&record);
  pointer_drag (area, 100, 100, 220, 160);
  g_assert_cmpuint (record.pans, >, 0);
  g_assert_cmpfloat_with_epsilon (record.dx, 120, 1e-9);
  g_assert_cmpfloat_with_epsilon (record.dy, 60, 1e-9);
  g_assert_true (admiralty_zoom_pan_get_panned (zoom_pan));
  g_assert_false (admiralty_zoom_pan_get_panning (zoom_pan));

  /* A press that hardly moves stays a click. */
  record_reset (&record);
  pointer_drag (area, 100, 100, 102, 101);
  g_assert_cmpuint (record.pans, ==, 0);
  g_assert_false (admiralty_zoom_pan_get_panned (zoom_pan));

  /* A press the widget keeps for itself does not pan. */
  record.deny = TRUE;
  pointer_drag (area, 100, 100, 220, 160);
  g_assert_cmpuint (record.pans, ==, 0);
  record.deny = FALSE;

  /* With nothing to show, neither the wheel nor a drag does anything. */
  admiralty_zoom_pan_set_enabled (zoom_pan, FALSE);
  xdo ("click 4");
  pointer_drag (area, 100, 100, 220, 160);
  g_assert_cmpuint (record.zooms, ==, 0);
  g_assert_cmpuint (record.pans, ==, 0);

  gtk_window_destroy (window);
  iterate ();
}

/* The tactical table: a notch zooms its scale by its step about the pointer, and a drag of
 * the empty table moves it by the drag. */
static void
test_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "battles", "corridor-skirmish.xml", NULL);
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  AdmiraltyTableWidget *table = ADMIRALTY_TABLE_WIDGET (admiralty_table_widget_new ());
  const AdmiraltyTableView *view = admiralty_table_widget_get_view (table);
  AdmiraltyTableView before;
  AdmPoint under, after;
  double x, y;
  GtkWindow *window;

  g_assert_no_error (error);
  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      g_object_ref_sink (table);
      g_object_unref (table);
      return;
    }
  admiralty_table_widget_set_battle (table, battle);
  window = window_with (GTK_WIDGET (table));
  iterate ();

  /* A point of the empty table, away from every ship. */
  x = 30;
  y = view->height - 30;
  g_assert_cmpint (admiralty_table_ship_at (view, battle,
                                            admiralty_table_widget_get_options (table), x, y),
                   ==, -1);
  before = *view;
  under = admiralty_table_view_to_table (view, x, y);
  pointer_move (GTK_WIDGET (table), x, y);
  xdo ("click 4");
  g_assert_cmpfloat_with_epsilon (view->scale, before.scale * 1.15, 1e-9);
  after = admiralty_table_view_to_table (view, x, y);
  g_assert_cmpfloat_with_epsilon (after.x, under.x, 1e-6);
  g_assert_cmpfloat_with_epsilon (after.y, under.y, 1e-6);

  before = *view;
  pointer_drag (GTK_WIDGET (table), x, y, x + 90, y - 40);
  g_assert_cmpfloat_with_epsilon ((before.centre_x - view->centre_x) * view->scale, 90, 1e-6);
  g_assert_cmpfloat_with_epsilon ((before.centre_y - view->centre_y) * view->scale, -40, 1e-6);

  gtk_window_destroy (window);
  iterate ();
}

/* The sector map, through the same helper: a notch zooms by its step about the pointer, a
 * drag moves the map by the drag. */
static void
test_sector_map (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  AdmiraltySectorMap *map = ADMIRALTY_SECTOR_MAP (admiralty_sector_map_new ());
  const AdmiraltySectorView *view = admiralty_sector_map_get_view (map);
  AdmiraltySectorView before;
  double mx, my, ax, ay;
  GtkWindow *window;

  g_assert_no_error (error);
  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      g_object_ref_sink (map);
      g_object_unref (map);
      return;
    }
  admiralty_sector_map_set_scenario (map, scenario);
  window = window_with (GTK_WIDGET (map));
  iterate ();

  before = *view;
  admiralty_sector_view_to_map (view, 100, 80, &mx, &my);
  pointer_move (GTK_WIDGET (map), 100, 80);
  xdo ("click 4");
  g_assert_cmpfloat_with_epsilon (view->scale, before.scale * ADMIRALTY_SECTOR_MAP_ZOOM_STEP,
                                  1e-9);
  admiralty_sector_view_to_map (view, 100, 80, &ax, &ay);
  g_assert_cmpfloat_with_epsilon (ax, mx, 1e-6);
  g_assert_cmpfloat_with_epsilon (ay, my, 1e-6);

  before = *view;
  pointer_drag (GTK_WIDGET (map), 100, 80, 190, 40);
  g_assert_cmpfloat_with_epsilon ((before.centre_x - view->centre_x) * view->scale, 90, 1e-6);
  g_assert_cmpfloat_with_epsilon ((before.centre_y - view->centre_y) * view->scale, -40, 1e-6);

  gtk_window_destroy (window);
  iterate ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "zoom-pan");

  g_test_add_func ("/ui/zoom-pan/scroll-factor", test_scroll_factor);
  g_test_add_func ("/ui/zoom-pan/helper", test_helper);
  g_test_add_func ("/ui/zoom-pan/table", test_table);
  g_test_add_func ("/ui/zoom-pan/sector-map", test_sector_map);

  return ui_test_finish (g_test_run ());
}
