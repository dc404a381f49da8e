/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-battle-page.c: a Resolve in the battle window, from the key to the frame that shows
 * it. Two facing lines of cruisers (bench-fire's battle) open in a fresh app window as the
 * master opens a battle file, with an orders file beside it in which every ship fires at the
 * enemy across; each phase of the first turn is resolved by a real Ctrl+Return sent through
 * the X server (xdotool), timed from the key's arrival in the window to the frame painted,
 * wall clock and CPU; then the turn is taken back with Undo and played again. The first turn
 * in the fresh window is the cold figure, the median of the others the warm one. The program's dice, the Ships, Report and Dice lists, the table: everything
 * the window does after a Resolve. Needs a display (`xvfb-run -a`); GTK's Cairo renderer
 * unless GSK_RENDERER says otherwise. Prints figures with their targets; asserts nothing.
 *
 * Then a real-dice prompt at 10 ships a side, from the Resolve to the prompt open, and a
 * course dragged at 600 ships, each motion to its painted frame.
 *
 *   bench-battle-page          10 and 100 ships a side, the prompt, then the drag at 300 a side
 *   bench-battle-page N        N a side, no target
 *   bench-battle-page --drag N the drag alone, at N a side
 *   bench-battle-page --prompt N a real-dice prompt alone, at N a side */

#include "config.h"

#include <locale.h>
#include <math.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "admiralty-application.h"
#include "admiralty-asking-dice.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-window-private.h"
#include "bench-common.h"

#define SHIPS_PER_FORMATION 6
#define SPACING 3.0  /* cm between neighbours in a line */
#define GAP 11.0     /* cm between the two lines: the destructors (12 cm) reach some targets */
#define N_PHASES 5   /* detection, movement, fire, torpedoes, end */
#define RUNS 9
#define DRAG_STEPS 60

static const char * const phase_names[N_PHASES] = {
  "detection", "movement", "fire", "torpedoes", "end of turn"
};

/* Two facing lines of @n cruisers a side: Barrayaran Vorbergs at x = 0 heading 90, Komarran
 * cruisers at x = GAP heading 270; no <detection>: all fully detected. A fixed seed: the
 * program's dice fall the same in every run, and so do the rows a phase adds. */
static char *
generate_battle (int n)
{
  GString *xml = g_string_new (NULL);
  const struct { const char *id, *name, *prefix, *klass; double x, heading; } sides[] = {
    { "barrayar", "Barrayar", "b", "vorberg", 0, 90 },
    { "komarr", "Komarr", "k", "komarran-cruiser", GAP, 270 },
  };

  g_string_append_printf (xml, "<battle ruleset=\"forcon-2010\" name=\"Battle page %d\" "
                               "seed=\"20100\">\n", n);
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_string_append_printf (xml, "  <side id=\"%s\" name=\"%s\">\n", sides[s].id,
                              sides[s].name);
      for (int f = 0; f * SHIPS_PER_FORMATION < n; f++)
        {
          int first = f * SHIPS_PER_FORMATION;

          g_string_append_printf (xml, "    <formation id=\"%sf%d\" name=\"%s %d\" "
                                       "flagship=\"%s%03d\">\n", sides[s].prefix, f,
                                  sides[s].name, f, sides[s].prefix, first);
          for (int i = first; i < MIN (first + SHIPS_PER_FORMATION, n); i++)
            {
              char y[G_ASCII_DTOSTR_BUF_SIZE];

              g_ascii_formatd (y, sizeof y, "%.1f", i * SPACING);
              g_string_append_printf (xml, "      <ship id=\"%s%03d\" name=\"%s %d\" "
                                           "class=\"%s\" x=\"%g\" y=\"%s\" heading=\"%g\" "
                                           "readiness=\"%d\"/>\n", sides[s].prefix, i,
                                      sides[s].name, i, sides[s].klass, sides[s].x, y,
                                      sides[s].heading, 5 + i % 5);
            }
          g_string_append (xml, "    </formation>\n");
        }
      g_string_append (xml, "  </side>\n");
    }
  g_string_append (xml, "</battle>\n");
  return g_string_free (xml, FALSE);
}

/* Targets spread along the enemy line: straight across, one or two places up or down. */
static int
target_of (int ship,
           int n)
{
  static const int offsets[] = { 0, 1, -1, 2, -2 };
  int target = ship + offsets[ship % G_N_ELEMENTS (offsets)];

  return target >= 0 && target < n ? target : ship;
}

/* Turn 1's orders: each Vorberg fires its main battery at the enemy it faces, and its
 * gravi-destructor where that one is within 12 cm (F-FIRE-5); each Komarran its main battery
 * back. */
static char *
generate_orders (int n)
{
  GString *xml = g_string_new (NULL);

  g_string_append_printf (xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<orders battle=\"Battle page %d\">\n  <turn n=\"1\">\n", n);
  for (int i = 0; i < n; i++)
    {
      int t = target_of (i, n);
      double d = hypot (GAP, (t - i) * SPACING);

      g_string_append_printf (xml, "    <fire weapons=\"b%03d:main", i);
      if (d <= 12.0)
        g_string_append_printf (xml, " b%03d:destructor", i);
      g_string_append_printf (xml, "\" target=\"k%03d\"/>\n", t);
      g_string_append_printf (xml, "    <fire weapons=\"k%03d:main\" target=\"b%03d\"/>\n",
                              i, t);
    }
  g_string_append (xml, "  </turn>\n</orders>\n");
  return g_string_free (xml, FALSE);
}

/* Writes the battle of @n ships a side as @name in @folder, with turn 1's orders beside it
 * (@orders_path, the orders file's path, when not NULL), and opens it in a new window. */
static AdmiraltyWindow *
open_battle (AdmiraltyApplication *application,
             const char           *folder,
             const char           *name,
             int                   n,
             char                **orders_path)
{
  g_autofree char *battle_path = g_strdup_printf ("%s/%s.xml", folder, name);
  g_autofree char *battle_xml = generate_battle (n);
  g_autoptr(GError) error = NULL;
  AdmiraltyWindow *window;

  if (!g_file_set_contents (battle_path, battle_xml, -1, &error))
    g_error ("%s", error->message);
  if (orders_path != NULL)
    {
      g_autofree char *orders_xml = generate_orders (n);

      *orders_path = g_strdup_printf ("%s/%s.orders.xml", folder, name);
      if (!g_file_set_contents (*orders_path, orders_xml, -1, &error))
        g_error ("%s", error->message);
    }
  window = admiralty_window_new (application);
  gtk_window_set_default_size (GTK_WINDOW (window), 1920, 1080);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  if (!admiralty_window_open (window, battle_path))
    g_error ("%s did not open", battle_path);
  return window;
}

/* When the last key reached the window: its wall clock, the process's CPU and the main
 * thread's wait for a CPU then. */
typedef struct {
  gint64 wall;
  double cpu;
  double cpu_wait;
} KeySeen;

static gboolean
key_seen_cb (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             KeySeen               *seen)
{
  if (keyval == GDK_KEY_Return && seen->wall == 0)
    {
      seen->wall = g_get_monotonic_time ();
      seen->cpu = bench_cpu_ms ();
      seen->cpu_wait = bench_cpu_wait_ms ();
    }
  return GDK_EVENT_PROPAGATE;
}

/* Gives @window the X server's keyboard focus, as a master's click on it does. */
static void
focus_window (GtkWidget *window)
{
  g_autofree char *command = g_strdup_printf (
    "xdotool windowfocus --sync %lu",
    (gulong) gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))));
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (!g_spawn_command_line_sync (command, NULL, NULL, &status, &error) || status != 0)
    g_error ("%s", error != NULL ? error->message : "xdotool could not focus the window");
  gdk_display_sync (gtk_widget_get_display (window));
}

/* Opens a battle of @n ships a side in a fresh window, resolves its first turn RUNS times by
 * Ctrl+Return (each time taken back with Undo) and prints each phase's key to painted frame,
 * cold (the first turn in the fresh window) and warm (the median of the others), beside
 * @target_ms (0: none). */
static void
measure (AdmiraltyApplication *application,
         const char           *folder,
         int                   n,
         double                target_ms)
{
  g_autofree char *name = g_strdup_printf ("battle-%d", n);
  g_autofree char *orders_path = NULL;
  g_autoptr(GError) error = NULL;
  double cpu[N_PHASES][RUNS], wall[N_PHASES][RUNS], ready[N_PHASES][RUNS];
  double cold_cpu[N_PHASES], cold_wall[N_PHASES];
  double slowest = 0, slowest_ready = 0;
  AdmiraltyWindow *window = open_battle (application, folder, name, n, &orders_path);
  AdmiraltyBattlePage *page;
  GtkEventController *keys = gtk_event_controller_key_new ();
  KeySeen seen = { 0, 0, 0 };
  guint report_rows = 0, dice_rows = 0;

  page = _admiralty_window_get_battle_page (window);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_seen_cb), &seen);
  gtk_widget_add_controller (GTK_WIDGET (window), keys);
  bench_wait_paint (GTK_WIDGET (window));
  focus_window (GTK_WIDGET (window));
  bench_wait_paint (GTK_WIDGET (window));

  for (guint run = 0; run < RUNS; run++)
    {
      for (guint p = 0; p < N_PHASES; p++)
        {
          AdmPhase before = adm_battle_get_phase (admiralty_battle_page_get_battle (page));
          int turn = adm_battle_get_turn (admiralty_battle_page_get_battle (page));

          seen.wall = 0;
          bench_xdotool ("key ctrl+Return");
          while (seen.wall == 0)
            g_main_context_iteration (NULL, TRUE);
          if (adm_battle_get_phase (admiralty_battle_page_get_battle (page)) == before &&
              adm_battle_get_turn (admiralty_battle_page_get_battle (page)) == turn)
            g_error ("Ctrl+Return resolved no phase");
          bench_next_paint (GTK_WIDGET (window));
          cpu[p][run] = bench_cpu_ms () - seen.cpu;
          wall[p][run] = (g_get_monotonic_time () - seen.wall) / 1e3;
          ready[p][run] = wall[p][run] - (bench_cpu_wait_ms () - seen.cpu_wait);
          /* For a profiler's time ranges (perf record -k mono; perf report --time). */
          if (g_getenv ("BENCH_TRACE") != NULL)
            g_printerr ("trace %s run %u: %.6f,%.6f\n", phase_names[p], run, seen.wall / 1e6,
                        seen.wall / 1e6 + wall[p][run] / 1e3);
        }
      report_rows = g_list_model_get_n_items (_admiralty_battle_page_get_report_model (page));
      dice_rows = g_list_model_get_n_items (_admiralty_battle_page_get_dice_model (page));
      for (guint p = 0; p < N_PHASES; p++)
        if (!admiralty_battle_page_undo (page, &error))
          g_error ("%s", error->message);
      bench_wait_paint (GTK_WIDGET (window));
    }

  g_print ("%d ships a side (%u report rows and %u dice rows after the turn), a real "
           "Ctrl+Return to the painted frame; in brackets the wall time less the main thread's "
           "wait for a CPU (the machine's other work), then the CPU time:\n", n, report_rows,
           dice_rows);
  for (guint p = 0; p < N_PHASES; p++)
    {
      double c, w, f, cold_ready = ready[p][0];

      cold_cpu[p] = cpu[p][0];
      cold_wall[p] = wall[p][0];
      /* The warm runs: all but the first, in the fresh window. */
      c = bench_median (&cpu[p][1], RUNS - 1);
      w = bench_median (&wall[p][1], RUNS - 1);
      f = bench_median (&ready[p][1], RUNS - 1);
      slowest = MAX (slowest, MAX (w, cold_wall[p]));
      slowest_ready = MAX (slowest_ready, MAX (f, cold_ready));
      g_print ("  %-12s cold %6.2f ms wall (%6.2f; %6.2f ms CPU); warm, median of %d: %6.2f ms "
               "wall (%6.2f; %6.2f ms CPU)", phase_names[p], cold_wall[p], cold_ready,
               cold_cpu[p], RUNS - 1, w, f, c);
      if (target_ms > 0)
        g_print (" — target %.0f ms: %s", target_ms, bench_verdict (MAX (w, cold_wall[p]),
                                                                    target_ms));
      g_print ("\n");
    }
  if (target_ms > 0)
    g_print ("  the slowest phase, cold or warm: %.2f ms wall — target %.0f ms: %s; less the "
             "wait for a CPU %.2f ms: %s\n", slowest, target_ms,
             bench_verdict (slowest, target_ms), slowest_ready,
             bench_verdict (slowest_ready, target_ms));
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Opens a battle of @n ships a side, resolves detection and movement with the program's dice,
 * then resolves the fire phase with real dice RUNS times, each time from the Resolve to the
 * dice prompt open with the first volley's rolls (the phase played until it lacks a die, the
 * rolls it asks next worked out on the battle's snapshot: adm_battle_phase_requests ()), the
 * prompt then cancelled. Prints the median beside @target_ms. */
static void
measure_prompt (AdmiraltyApplication *application,
                const char           *folder,
                int                   n,
                double                target_ms)
{
  g_autofree char *name = g_strdup_printf ("prompt-%d", n);
  g_autofree char *orders_path = NULL;
  g_autoptr(GError) error = NULL;
  double cpu[RUNS], rolls_cpu[RUNS], drawn_cpu[RUNS], drawn_wall[RUNS], c, r, dc, dw;
  g_autoptr(AdmBattleOrders) orders = NULL;
  AdmiraltyWindow *window = open_battle (application, folder, name, n, &orders_path);
  AdmiraltyBattlePage *page;
  guint rolls = 0;

  page = _admiralty_window_get_battle_page (window);
  for (guint p = 0; p < 2; p++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL);
      bench_wait_paint (GTK_WIDGET (window));
    }

  orders = adm_battle_orders_load_file (orders_path, &error);
  if (orders == NULL)
    g_error ("%s", error->message);

  for (guint run = 0; run < RUNS; run++)
    {
      double cpu0 = bench_cpu_ms ();
      gint64 wall0;
      GtkWidget *prompt;
      AdmBattle *battle = admiralty_battle_page_get_battle (page);
      const AdmTurnOrders *turn = adm_battle_orders_get_turn (orders, 1);
      g_autoptr(AdmDiceQueue) none = adm_dice_queue_new ();
      g_autoptr(AdmiraltyAskingDice) asking = admiralty_asking_dice_new (none);
      g_autoptr(GArray) typed = g_array_new (FALSE, FALSE, sizeof (guint));

      /* The engine's part alone: the phase played until it lacks a die, then the volley. */
      if (adm_battle_resolve_phase (battle, turn, ADM_DICE_SOURCE (asking), NULL))
        g_error ("the fire phase resolved without dice");
      admiralty_asking_dice_ask_volley (asking, battle, turn, typed);
      rolls_cpu[run] = bench_cpu_ms () - cpu0;

      cpu0 = bench_cpu_ms ();
      wall0 = g_get_monotonic_time ();
      admiralty_battle_page_resolve_phase (page, TRUE);
      cpu[run] = bench_cpu_ms () - cpu0;
      prompt = _admiralty_battle_page_get_dice_dialog (page);
      if (prompt == NULL)
        g_error ("the fire phase asked for no dice");
      /* The prompt's first frame: mapped by the X server, then painted. */
      bench_next_paint (prompt);
      drawn_cpu[run] = bench_cpu_ms () - cpu0;
      drawn_wall[run] = (g_get_monotonic_time () - wall0) / 1e3;
      rolls = _admiralty_battle_page_get_dice_count (page);
      bench_wait_paint (GTK_WIDGET (window));
      gtk_window_close (GTK_WINDOW (prompt));
      for (guint i = 0; i < 1000 && _admiralty_battle_page_get_dice_dialog (page) != NULL; i++)
        g_main_context_iteration (NULL, FALSE);
      if (_admiralty_battle_page_get_dice_dialog (page) != NULL)
        g_error ("the dice prompt did not close");
    }
  c = bench_median (cpu, RUNS);
  r = bench_median (rolls_cpu, RUNS);
  dc = bench_median (drawn_cpu, RUNS);
  dw = bench_median (drawn_wall, RUNS);
  g_print ("A real-dice prompt at %d ships a side, the fire phase (%u dice asked first), median "
           "of %d:\n  the rolls it asks worked out (the phase played until it lacks a die, "
           "the volley's three trials on the snapshot): %.2f ms CPU — target %.0f ms: %s\n"
           "  from the Resolve to the prompt open (the rolls, then the prompt's rolls set and "
           "shown): %.2f ms CPU, slowest %.2f ms — target %.0f ms: %s\n"
           "  from the Resolve to the prompt's first frame painted: %.2f ms CPU (wall %.2f ms), "
           "slowest %.2f ms CPU — target one frame, 16 ms: %s\n", n, rolls, RUNS, r, target_ms,
           bench_verdict (r, target_ms), c, cpu[RUNS - 1], target_ms,
           bench_verdict (c, target_ms), dc, dw, drawn_cpu[RUNS - 1],
           bench_verdict (MAX (dc, dw), 16.0));
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Opens a battle of @n ships a side, resolves detection and drags the course of a ship in the
 * middle of the Barrayaran line forward and aside, DRAG_STEPS pointer motions, each followed
 * by the painted frame: the course previewed, the orders panel (its ram drop-down among
 * them) and the table brought up to date, as the table's drag does at every motion. Prints
 * the frames a second beside 60. */
static void
measure_drag (AdmiraltyApplication *application,
              const char           *folder,
              int                   n)
{
  g_autofree char *name = g_strdup_printf ("drag-%d", n);
  double cpu[DRAG_STEPS], wall[DRAG_STEPS], ready[DRAG_STEPS], c, w, f;
  AdmiraltyWindow *window = open_battle (application, folder, name, n, NULL);
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  int ship = n / 2;

  page = _admiralty_window_get_battle_page (window);
  table = _admiralty_battle_page_get_table (page);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL);
  bench_wait_paint (GTK_WIDGET (window));
  admiralty_table_widget_set_selected_ship (table, ship);
  bench_wait_paint (GTK_WIDGET (window));
  bench_wait_paint (GTK_WIDGET (window));

  for (guint step = 0; step < DRAG_STEPS; step++)
    {
      double cpu0 = bench_cpu_ms (), wait0 = bench_cpu_wait_ms ();
      gint64 wall0 = g_get_monotonic_time ();

      /* Forward along the heading (+x), drifting aside: 0.25 cm a motion. */
      g_signal_emit_by_name (table, "plot", 1.0 + step * 0.25, ship * SPACING + step * 0.1,
                             FALSE);
      /* The frame the motion asks for: only what it changed drawn again. */
      bench_next_paint (GTK_WIDGET (window));
      cpu[step] = bench_cpu_ms () - cpu0;
      wall[step] = (g_get_monotonic_time () - wall0) / 1e3;
      ready[step] = wall[step] - (bench_cpu_wait_ms () - wait0);
      if (g_getenv ("BENCH_TRACE") != NULL)
        g_printerr ("trace motion run %u: %.6f,%.6f\n", step, wall0 / 1e6,
                    wall0 / 1e6 + wall[step] / 1e3);
    }
  c = bench_median (cpu, DRAG_STEPS);
  w = bench_median (wall, DRAG_STEPS);
  f = bench_median (ready, DRAG_STEPS);
  g_print ("A course dragged at %d ships (%d a side): a motion to its painted frame, median of "
           "%d: %.2f ms CPU, %.0f frames a second of CPU; wall %.2f ms, %.0f frames a second; "
           "slowest %.2f ms CPU — target 60 frames a second of wall time: %s; less the wait "
           "for a CPU %.2f ms, %.0f frames a second: %s\n", 2 * n, n, DRAG_STEPS, c, 1000.0 / c,
           w, 1000.0 / w, cpu[DRAG_STEPS - 1], bench_verdict (w, 1000.0 / 60), f, 1000.0 / f,
           bench_verdict (f, 1000.0 / 60));
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *folder = g_dir_make_tmp ("bench-battle-page-XXXXXX", NULL);
  g_autofree char *data_home = g_build_filename (folder, "data", NULL);
  g_autoptr(AdmiraltyApplication) application = NULL;
  g_autoptr(GError) error = NULL;

  setlocale (LC_ALL, "");
  /* The battle's autosaves go to a folder of the benchmark's own. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  adw_init ();
  application = admiralty_application_new ("io.github.admiralty.BenchBattlePage",
                                           G_APPLICATION_NON_UNIQUE);
  /* The app's own resources, its stylesheet among them, as the app has them under its id. */
  g_application_set_resource_base_path (G_APPLICATION (application),
                                        "/io/github/admiralty/Admiralty");
  if (!g_application_register (G_APPLICATION (application), NULL, &error))
    g_error ("%s", error->message);

  if (argc > 2 && g_str_equal (argv[1], "--drag"))
    measure_drag (application, folder, atoi (argv[2]));
  else if (argc > 2 && g_str_equal (argv[1], "--prompt"))
    measure_prompt (application, folder, atoi (argv[2]), 2.0);
  else if (argc > 1)
    measure (application, folder, atoi (argv[1]), 0);
  else
    {
      /* A real engagement's size, then a large one. */
      measure (application, folder, 10, 16.0);
      measure (application, folder, 100, 50.0);
      measure_prompt (application, folder, 10, 2.0);
      measure_drag (application, folder, 300);
    }
  bench_remove_tree (folder);
  return 0;
}
