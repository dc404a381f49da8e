/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-scenario-editor.c: an edit in the scenario editor, from the edit to the frame that
 * shows it, on a generated scenario of 200 ships in 40 formations on 40 sectors — the
 * document changed, every problem listed again (adm_scenario_check_all ()), the draft written,
 * the page shown brought up to date and the window painted. Three kinds of edit, each on its
 * page as the master makes it: a ship's readiness (Fleets), a ship added and removed (Fleets,
 * its rows built again), a sector moved (Map, the map drawn again from the document). Needs
 * a display (`xvfb-run -a`); GTK's Cairo renderer unless GSK_RENDERER says otherwise. Also
 * the bundled Komarr opened in the editor: from the file to the first painted frame. And the
 * sector map's fit, the widths its cards are given and the view fitted to them, as a map
 * window does on a resize or on a campaign change that changes a card's text, for Komarr and
 * for the generated scenario. The
 * window is styled with the app's own style sheet. Then, as a master meets it, in a fresh
 * window: Add Ship clicked and a sector dragged and dropped with the pointer through the X
 * server (xdotool), each event to its painted frame, wall clock and CPU, cold and warm.
 * Prints figures with their target; asserts nothing.
 *
 *   bench-scenario-editor        everything
 *   bench-scenario-editor --ui   the pointer's edits alone */

#include "config.h"

#include <locale.h>
#include <math.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "admiralty-editor-fleets.h"
#include "admiralty-editor-map.h"
#include "admiralty-scenario-editor.h"
#include "admiralty-sector-renderer.h"
#include "bench-common.h"

#define N_SECTORS 40
#define N_FORMATIONS 40
#define SHIPS_PER_FORMATION 5
#define RUNS 40
#define TARGET_MS 16.0
#define UI_RUNS 9     /* the first in a fresh window, then the warm ones */
#define DRAG_STEPS 4  /* motions of a drag, DRAG_PX each way: past GTK's drag threshold */
#define DRAG_PX 5
#define OPEN_RUNS 5
#define OPEN_TARGET_MS 200.0

static const char * const factions[] = { "barrayar", "cetaganda", "komarr", "vervain" };
static const char * const classes[] = { "vorpatril", "frigate", "vorberg", "vorkalloner" };

static char *
generate_scenario (void)
{
  GString *xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<scenario id=\"bench\" name=\"Benchmark\" ruleset=\"forcon-2010\">\n");
  guint ship = 0;

  for (guint a = 0; a < 20; a++)
    g_string_append_printf (xml, "  <admiral id=\"adm%u\" name=\"Adm. Number %u\" "
                                 "faction=\"%s\"/>\n", a, a,
                            factions[a % G_N_ELEMENTS (factions)]);
  g_string_append (xml, "  <map>\n");
  for (guint s = 0; s < N_SECTORS; s++)
    g_string_append_printf (xml, "    <sector id=\"s%u\" name=\"Sector %u\" x=\"%u\" y=\"%u\">\n"
                                 "      <object kind=\"planet\" name=\"Planet %u\"/>\n"
                                 "    </sector>\n", s, s, (s % 8) * 160, (s / 8) * 160, s);
  for (guint s = 0; s < N_SECTORS; s++)
    {
      if (s % 8 != 7)
        g_string_append_printf (xml, "    <link from=\"s%u\" to=\"s%u\"/>\n", s, s + 1);
      if (s + 8 < N_SECTORS)
        g_string_append_printf (xml, "    <link from=\"s%u\" to=\"s%u\"/>\n", s, s + 8);
    }
  g_string_append (xml, "  </map>\n");
  for (guint f = 0; f < N_FORMATIONS; f++)
    {
      guint admiral = f / 2;
      guint first = ship;

      g_string_append_printf (xml, "  <formation id=\"f%u\" name=\"Formation %u\" faction=\"%s\" "
                                   "sector=\"s%u\" flagship=\"ship%u\" admiral=\"adm%u\">\n",
                              f, f, factions[admiral % G_N_ELEMENTS (factions)],
                              (f * 7) % N_SECTORS, first, admiral);
      for (guint i = 0; i < SHIPS_PER_FORMATION; i++, ship++)
        g_string_append_printf (xml, "    <ship id=\"ship%u\" name=\"Ship %u\" class=\"%s\" "
                                     "readiness=\"%u\"/>\n", ship, ship,
                                classes[f % G_N_ELEMENTS (classes)], 4 + ship % 8);
      g_string_append_printf (xml, "    <succession ships=\"ship%u ship%u\"/>\n", first + 1,
                              first + 2);
      g_string_append (xml, "  </formation>\n");
    }
  g_string_append (xml, "</scenario>\n");
  return g_string_free (xml, FALSE);
}

typedef void (*EditFunc) (AdmiraltyScenarioEditor *editor, guint run);

static void
edit_readiness (AdmiraltyScenarioEditor *editor,
                guint                    run)
{
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);
  xmlNode *ship = adm_scenario_edit_find (edit, "ship", "ship2");
  g_autofree char *value = g_strdup_printf ("%u", run % 12);

  adm_scenario_edit_set (edit, ship, "readiness", value);
}

static void
edit_add_remove_ship (AdmiraltyScenarioEditor *editor,
                      guint                    run)
{
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);
  xmlNode *formation = adm_scenario_edit_find (edit, "formation", "f0");
  xmlNode *ship = adm_scenario_edit_find (edit, "ship", "new-ship");

  if (ship != NULL)
    adm_scenario_edit_remove (edit, ship);
  else
    adm_scenario_edit_add_ship (edit, formation, NULL, "New Ship", "vorpatril", 6);
}

static void
edit_move_sector (AdmiraltyScenarioEditor *editor,
                  guint                    run)
{
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);
  xmlNode *sector = adm_scenario_edit_find (edit, "sector", "s9");

  adm_scenario_edit_move_sector (edit, sector, 160 + run % 7, 160 + run % 5);
}

static void
measure (AdmiraltyScenarioEditor *editor,
         const char              *page,
         const char              *what,
         EditFunc                 func)
{
  GtkWidget *window = GTK_WIDGET (editor);
  double cpu[RUNS], wall[RUNS], sync[RUNS];

  admiralty_scenario_editor_set_visible_page (editor, page);
  bench_wait_paint (window);
  for (guint run = 0; run < RUNS; run++)
    {
      double cpu0 = bench_cpu_ms ();
      gint64 wall0 = g_get_monotonic_time ();

      func (editor, run);
      sync[run] = bench_cpu_ms () - cpu0;
      /* A paint as the edit asks for it: only what the edit changed is drawn again. */
      bench_next_paint (window);
      cpu[run] = bench_cpu_ms () - cpu0;
      wall[run] = (g_get_monotonic_time () - wall0) / 1e3;
    }
  bench_median (cpu, RUNS);
  bench_median (wall, RUNS);
  bench_median (sync, RUNS);
  g_print ("%s (%s page): edit to painted frame, median %.2f ms CPU (wall %.2f ms), "
           "slowest of %d %.2f ms CPU (wall %.2f ms); the edit until the page is up to date "
           "(document, problems, draft, page) median %.2f ms CPU — target %.0f ms: %s\n",
           what, page, cpu[RUNS / 2], wall[RUNS / 2], RUNS, cpu[RUNS - 1], wall[RUNS - 1],
           sync[RUNS / 2], TARGET_MS, bench_verdict (cpu[RUNS / 2], TARGET_MS));
}

/* As a master meets it: real pointer events through the X server (xdotool), each timed from
 * the event's arrival in the window to the frame painted after it, wall clock and CPU. */

typedef struct {
  GdkEventType type;      /* the event waited for */
  gint64       wall;      /* when it reached the window, or 0 */
  double       cpu;
  double       cpu_wait;  /* the main thread's wait for a CPU then */
} EventSeen;

static gboolean
event_seen_cb (GtkEventControllerLegacy *controller,
               GdkEvent                 *event,
               EventSeen                *seen)
{
  if (seen->wall == 0 && gdk_event_get_event_type (event) == seen->type)
    {
      seen->wall = g_get_monotonic_time ();
      seen->cpu = bench_cpu_ms ();
      seen->cpu_wait = bench_cpu_wait_ms ();
    }
  return GDK_EVENT_PROPAGATE;
}

/* xdotool's words for the point (@x, @y) of @widget: "--window XID X Y" of its toplevel. */
static char *
window_point (GtkWidget *widget,
              double     x,
              double     y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  double nx = x, ny = y, sx = 0, sy = 0;

  if (!gtk_widget_translate_coordinates (widget, GTK_WIDGET (native), x, y, &nx, &ny))
    g_error ("the widget is not in its window");
  gtk_native_get_surface_transform (native, &sx, &sy);
  return g_strdup_printf ("--window %lu %d %d",
                          (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (native)),
                          (int) (nx + sx + 0.5), (int) (ny + sy + 0.5));
}

/* What one event cost, from its arrival to the frame painted after it: wall clock, wall
 * clock less the main thread's wait for a CPU (what it takes with a CPU free), CPU. */
typedef struct {
  double wall;
  double ready;
  double cpu;
} Took;

/* Sends `xdotool @command`, then runs the main loop until @type reaches @window and the
 * frame after it is painted. */
static Took
act (GtkWidget    *window,
     EventSeen    *seen,
     GdkEventType  type,
     const char   *command)
{
  Took took;

  seen->type = type;
  seen->wall = 0;
  bench_xdotool (command);
  while (seen->wall == 0)
    g_main_context_iteration (NULL, TRUE);
  bench_next_paint (window);
  took.cpu = bench_cpu_ms () - seen->cpu;
  took.wall = (g_get_monotonic_time () - seen->wall) / 1e3;
  took.ready = took.wall - (bench_cpu_wait_ms () - seen->cpu_wait);
  return took;
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0 &&
      gtk_widget_is_drawable (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The median of @n of @took's @field from @first on. */
static double
took_median (const Took *took,
             gsize       field,
             guint       first,
             guint       n)
{
  g_autofree double *values = g_new (double, n);

  for (guint i = 0; i < n; i++)
    values[i] = G_STRUCT_MEMBER (double, &took[first + i], field);
  return bench_median (values, n);
}

/* The first of @n in the fresh window is the cold one; the median of the others, warm. */
static void
print_ui (const char *what,
          const Took *took,
          guint       n)
{
  double w = took_median (took, G_STRUCT_OFFSET (Took, wall), 1, n - 1);
  double r = took_median (took, G_STRUCT_OFFSET (Took, ready), 1, n - 1);
  double c = took_median (took, G_STRUCT_OFFSET (Took, cpu), 1, n - 1);

  g_print ("  %-32s cold %6.2f ms wall (%6.2f; %6.2f ms CPU); warm, median of %u: %6.2f ms "
           "wall (%6.2f; %6.2f ms CPU) — target one frame, %.0f ms: %s; less the wait for a "
           "CPU: %s\n", what, took[0].wall, took[0].ready, took[0].cpu, n - 1, w, r, c,
           TARGET_MS, bench_verdict (MAX (w, took[0].wall), TARGET_MS),
           bench_verdict (MAX (r, took[0].ready), TARGET_MS));
}


/* The first formation's item, as the Fleets page selects it. */
static AdmScenarioItem *
formation_f0 (AdmiraltyScenarioEditor *editor)
{
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);

  return adm_scenario_edit_find_item (edit, adm_scenario_edit_find (edit, "formation", "f0"));
}
/* "Add Ship" clicked on the Fleets page, formation f0 shown: from the button's release to the
 * painted frame (the ship in the document, the problems listed again, the draft written, its
 * row shown); each taken back with Undo before the next. Then a sector dragged on the Map
 * page with the pointer and dropped, each motion and the drop to its painted frame; dragged
 * back the next time. */
static void
measure_ui (GtkApplication *application,
            const char     *path)
{
  g_autoptr(GError) error = NULL;
  AdmiraltyScenarioEditor *editor = admiralty_scenario_editor_open (application, path, &error);
  GtkWidget *window = GTK_WIDGET (editor);
  GtkEventController *events = gtk_event_controller_legacy_new ();
  EventSeen seen = { 0 };
  Took add[UI_RUNS], drop[UI_RUNS], motion[UI_RUNS * DRAG_STEPS];
  AdmiraltySectorMap *map;
  GtkWidget *button;
  AdmSector *sector;
  double x, y;

  if (editor == NULL)
    g_error ("%s", error->message);
  gtk_event_controller_set_propagation_phase (events, GTK_PHASE_CAPTURE);
  g_signal_connect (events, "event", G_CALLBACK (event_seen_cb), &seen);
  gtk_widget_add_controller (window, events);
  gtk_window_set_default_size (GTK_WINDOW (editor), 1280, 800);
  gtk_window_present (GTK_WINDOW (editor));
  bench_wait_paint (window);

  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  admiralty_editor_fleets_select (ADMIRALTY_EDITOR_FLEETS (
                                    admiralty_scenario_editor_get_page (editor, "fleets")),
                                  formation_f0 (editor));
  bench_wait_paint (window);
  button = find_button (admiralty_scenario_editor_get_page (editor, "fleets"), "Add _Ship");
  if (button == NULL)
    g_error ("no Add Ship button shown");
  for (guint run = 0; run < UI_RUNS; run++)
    {
      g_autofree char *point = window_point (button, gtk_widget_get_width (button) / 2.0,
                                             gtk_widget_get_height (button) / 2.0);
      g_autofree char *click = g_strdup_printf ("mousemove %s click 1", point);

      add[run] = act (window, &seen, GDK_BUTTON_RELEASE, click);
      gtk_widget_activate_action (window, "win.undo", NULL);
      bench_wait_paint (window);
    }

  admiralty_scenario_editor_set_visible_page (editor, "map");
  bench_wait_paint (window);
  map = admiralty_editor_map_get_map (ADMIRALTY_EDITOR_MAP (
                                        admiralty_scenario_editor_get_page (editor, "map")));
  for (guint run = 0; run < UI_RUNS; run++)
    {
      /* On the card, under its centre; there and back again in turn. */
      int way = run % 2 == 0 ? 1 : -1;
      g_autofree char *press = NULL;

      sector = adm_scenario_lookup_sector (admiralty_sector_map_get_scenario (map), "s9");
      admiralty_sector_view_to_pixels (admiralty_sector_map_get_view (map), sector->x,
                                       sector->y, &x, &y);
      y += 20;
      {
        g_autofree char *point = window_point (GTK_WIDGET (map), x, y);

        press = g_strdup_printf ("mousemove %s mousedown 1", point);
      }
      act (window, &seen, GDK_BUTTON_PRESS, press);
      for (guint step = 1; step <= DRAG_STEPS; step++)
        {
          g_autofree char *point = window_point (GTK_WIDGET (map), x + way * DRAG_PX * (int) step,
                                                 y + way * DRAG_PX * (int) step);
          g_autofree char *move = g_strdup_printf ("mousemove %s", point);
          guint i = run * DRAG_STEPS + step - 1;

          motion[i] = act (window, &seen, GDK_MOTION_NOTIFY, move);
        }
      drop[run] = act (window, &seen, GDK_BUTTON_RELEASE, "mouseup 1");
      {
        AdmSector *moved = adm_scenario_lookup_sector (admiralty_sector_map_get_scenario (map),
                                                       "s9");
        double mx, my;

        admiralty_sector_view_to_pixels (admiralty_sector_map_get_view (map), moved->x,
                                         moved->y, &mx, &my);
        if (fabs (mx - x) < 1 && fabs (my - 20 - y) < 1)
          g_error ("the sector dragged did not move");
      }
    }

  g_print ("As a master meets it (xdotool's pointer, fresh editor window, event to painted "
           "frame; in brackets the wall time less the main thread's wait for a CPU, then the CPU "
           "time):\n");
  print_ui ("a ship added (Add Ship clicked)", add, UI_RUNS);
  {
    guint n = UI_RUNS * DRAG_STEPS;
    double w = took_median (motion, G_STRUCT_OFFSET (Took, wall), 0, n);
    double r = took_median (motion, G_STRUCT_OFFSET (Took, ready), 0, n);
    double c = took_median (motion, G_STRUCT_OFFSET (Took, cpu), 0, n);

    g_print ("  %-32s median of %u: %6.2f ms wall (%6.2f; %6.2f ms CPU), %.0f frames a "
             "second — target 60 frames a second: %s; less the wait for a CPU, %.0f frames a "
             "second: %s\n", "a sector dragged, each motion", n, w, r, c, 1000.0 / w,
             bench_verdict (w, 1000.0 / 60), 1000.0 / r, bench_verdict (r, 1000.0 / 60));
  }
  print_ui ("a dragged sector dropped", drop, UI_RUNS);
  gtk_window_destroy (GTK_WINDOW (editor));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* The map window's fit of @scenario's cards on a map of 1000 × 640 px (the main window's map at
 * 1280 × 800): their widths picked and the view fitted, each run from nothing, as on a resize. */
static void
measure_fit (AdmScenario *scenario,
             const char  *what)
{
  double cpu[RUNS];

  for (guint run = 0; run < RUNS; run++)
    {
      AdmiraltySectorView view;
      double cpu0 = bench_cpu_ms ();
      g_autoptr(GHashTable) cards = NULL;

      admiralty_sector_view_init (&view, 1000, 640);
      cards = admiralty_sector_cards_fit_apart (&view, scenario, NULL);
      cpu[run] = bench_cpu_ms () - cpu0;
    }
  bench_median (cpu, RUNS);
  g_print ("The sector map's fit, %s (%u sectors): cards' widths picked and the view fitted, "
           "median %.2f ms CPU, slowest of %d %.2f ms CPU — target %.0f ms (one frame): %s\n",
           what, adm_scenario_get_sectors (scenario)->len, cpu[RUNS / 2], RUNS, cpu[RUNS - 1],
           TARGET_MS, bench_verdict (cpu[RUNS / 2], TARGET_MS));
}

/* Komarr from its file to the editor's first painted frame, as Edit Scenario… opens it. */
static void
measure_open (GtkApplication *application)
{
  const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *path = NULL;
  double cpu[OPEN_RUNS], wall[OPEN_RUNS];

  if (source == NULL)
    {
      g_print ("Komarr opened in the editor: not measured (ADMIRALTY_SOURCE_DIR unset)\n");
      return;
    }
  path = g_build_filename (source, "scenarios", "komarr-campaign.admiralty", NULL);
  for (guint run = 0; run < OPEN_RUNS; run++)
    {
      g_autoptr(GError) error = NULL;
      double cpu0 = bench_cpu_ms ();
      gint64 wall0 = g_get_monotonic_time ();
      AdmiraltyScenarioEditor *editor = admiralty_scenario_editor_open (application, path,
                                                                        &error);

      if (editor == NULL)
        g_error ("%s", error->message);
      gtk_window_set_default_size (GTK_WINDOW (editor), 1280, 800);
      gtk_window_present (GTK_WINDOW (editor));
      bench_wait_paint (GTK_WIDGET (editor));
      cpu[run] = bench_cpu_ms () - cpu0;
      wall[run] = (g_get_monotonic_time () - wall0) / 1e3;
      gtk_window_destroy (GTK_WINDOW (editor));
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  bench_median (cpu, OPEN_RUNS);
  bench_median (wall, OPEN_RUNS);
  g_print ("Komarr opened in the editor: file to first painted frame, median %.1f ms CPU "
           "(wall %.1f ms), slowest of %d %.1f ms CPU (wall %.1f ms) — target %.0f ms: %s\n",
           cpu[OPEN_RUNS / 2], wall[OPEN_RUNS / 2], OPEN_RUNS, cpu[OPEN_RUNS - 1],
           wall[OPEN_RUNS - 1], OPEN_TARGET_MS, bench_verdict (cpu[OPEN_RUNS / 2], OPEN_TARGET_MS));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *folder = g_dir_make_tmp ("bench-scenario-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "bench.admiralty", NULL);
  g_autofree char *data_home = g_build_filename (folder, "data", NULL);
  g_autofree char *xml = generate_scenario ();
  g_autoptr(GtkApplication) application = NULL;
  g_autoptr(GtkCssProvider) style = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyScenarioEditor *editor;

  setlocale (LC_ALL, "");
  /* The editor's drafts go to a folder of the benchmark's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (!g_file_set_contents (path, xml, -1, &error))
    g_error ("%s", error->message);
  adw_init ();
  /* The app's style sheet, as AdwApplication loads it from the app's resources. */
  style = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (style, "/io/github/admiralty/Admiralty/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (style),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  application = gtk_application_new ("io.github.admiralty.BenchScenarioEditor",
                                     G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (application), NULL, &error))
    g_error ("%s", error->message);

  if (argc > 1 && g_str_equal (argv[1], "--ui"))
    {
      measure_ui (application, path);
      bench_remove_tree (folder);
      return 0;
    }
  editor = admiralty_scenario_editor_open (application, path, &error);
  if (editor == NULL)
    g_error ("%s", error->message);
  g_print ("%u ships, %u formations, %u sectors; %u problems\n",
           N_FORMATIONS * SHIPS_PER_FORMATION, N_FORMATIONS, N_SECTORS,
           admiralty_scenario_editor_get_problems (editor)->len);
  gtk_window_set_default_size (GTK_WINDOW (editor), 1280, 800);
  gtk_window_present (GTK_WINDOW (editor));
  bench_wait_paint (GTK_WIDGET (editor));

  admiralty_editor_fleets_select (ADMIRALTY_EDITOR_FLEETS (
                                    admiralty_scenario_editor_get_page (editor, "fleets")),
                                  formation_f0 (editor));
  measure (editor, "fleets", "A ship's readiness", edit_readiness);
  measure (editor, "fleets", "A ship added or removed", edit_add_remove_ship);
  measure (editor, "map", "A sector moved", edit_move_sector);
  for (guint i = 0; i < 2; i++)
    {
      const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");
      g_autofree char *file = i == 0 ? g_strdup (path)
                              : source != NULL ? g_build_filename (source, "scenarios",
                                                                   "komarr-campaign.admiralty",
                                                                   NULL)
                              : NULL;
      g_autoptr(AdmScenario) scenario = NULL;

      if (file == NULL)
        break;
      scenario = adm_scenario_load_file (file, &error);
      if (scenario == NULL)
        g_error ("%s", error->message);
      measure_fit (scenario, i == 0 ? "the generated scenario" : "Komarr");
    }

  gtk_window_destroy (GTK_WINDOW (editor));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  measure_open (application);
  measure_ui (application, path);
  bench_remove_tree (folder);
  return 0;
}
