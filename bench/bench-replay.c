/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-replay.c: the war replayed in the app (admiralty-replay-window.h), each step from the
 * real key to the frame that shows it, wall clock. Komarr is played over two nights — cycle 1,
 * the battle of c1-3 at Pol orbit for every phase of its first four turns, cycle 2 — and the
 * replay window opens on it at 1280×800; xdotool presses Page Down from the war's start to
 * its end and Page Up back, as the master steps (no faster than a held key repeats), and each
 * step is timed from the moment GTK receives the key press to the window's next painted
 * frame: the campaign or the battle at that moment made (adm_campaign_state_at (),
 * adm_campaign_battle_at_entry ()), the map or the table given it, the frame painted. Needs a
 * display and xdotool (`xvfb-run -a meson test -C build --benchmark bench-replay`); GTK's Cairo
 * renderer unless GSK_RENDERER says otherwise. Prints figures with their targets; asserts
 * nothing. */

#include "config.h"

#include <locale.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <X11/XKBlib.h>

#include "admiralty-application.h"
#include "admiralty-replay-window.h"
#include "bench-common.h"
#include "komarr-helpers.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-journal.h"

#define T0 G_GINT64_CONSTANT (1795370400)
#define BATTLE_TURNS 4
#define TARGET_MS 16.0

static gint64 key_time;    /* when GTK received the last key press, or 0 */
static gint64 paint_time;  /* the first frame painted after it */
static double key_cpu;     /* the process's CPU time then, ms */
static double paint_cpu;
static gint64 sent_time;   /* when the last key was sent */
static gint64 key_every;   /* the keyboard's repeat interval, µs */

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                gpointer               data)
{
  /* The modifier of a chord (ctrl+Home) is not the step's key. */
  if (keyval == GDK_KEY_Control_L || keyval == GDK_KEY_Control_R)
    return FALSE;
  key_time = g_get_monotonic_time ();
  key_cpu = bench_cpu_ms ();
  paint_time = 0;
  return FALSE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       data)
{
  if (key_time != 0 && paint_time == 0)
    {
      paint_time = g_get_monotonic_time ();
      paint_cpu = bench_cpu_ms ();
    }
}

/* Komarr over two nights, with the battle of c1-3 between them. */
static AdmCampaign *
play (void)
{
  AdmCampaign *campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (3);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  battle = engagement_battle (campaign, "c1-3");
  if (!adm_campaign_keep_battle (campaign, "c1-3", battle, &error))
    g_error ("%s", error->message);
  while (adm_battle_get_turn (battle) <= BATTLE_TURNS)
    if (!adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error) ||
        !adm_campaign_keep_battle (campaign, "c1-3", battle, &error))
      g_error ("%s", error->message);
  komarr_play_cycle (campaign, 2, T0);
  return campaign;
}

static void
child_exited_cb (GPid     pid,
                 gint     status,
                 gpointer data)
{
  gboolean *exited = data;

  g_spawn_close_pid (pid);
  *exited = TRUE;
}

static void
due_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* Presses @key with xdotool and runs the main loop until the frame after it is painted; the
 * milliseconds from the press GTK received to that frame, and in *@cpu the CPU time the
 * process spent meanwhile (the figure a loaded machine does not stretch). */
static double
press (const char *key,
       double     *cpu)
{
  const char *argv[] = { "xdotool", "key", key, NULL };
  g_autoptr(GError) error = NULL;
  gboolean exited = FALSE;
  GPid pid;

  /* No faster than a held key repeats (the X server's autorepeat interval): a master's finger
   * cannot, and the window goes on meanwhile, as it does between his presses. */
  if (g_get_monotonic_time () < sent_time + key_every)
    {
      gboolean due = FALSE;

      g_timeout_add_once ((sent_time + key_every - g_get_monotonic_time () + 999) / 1000,
                          due_cb, &due);
      while (!due)
        g_main_context_iteration (NULL, TRUE);
    }
  sent_time = g_get_monotonic_time ();
  key_time = 0;
  paint_time = 0;
  /* Spawned by posix_spawn (descriptors left open, the child reaped by a watch), not by a
   * fork of this process: after a fork every page the app writes (a frame's image) faults
   * once to be copied, a cost the app does not have when a user presses the key. */
  if (!g_spawn_async (NULL, (char **) argv, NULL,
                      G_SPAWN_SEARCH_PATH | G_SPAWN_LEAVE_DESCRIPTORS_OPEN |
                      G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid, &error))
    g_error ("%s", error->message);
  g_child_watch_add (pid, child_exited_cb, &exited);
  /* xdotool has sent every key of it once it exits. */
  while (key_time == 0 || paint_time == 0 || !exited)
    g_main_context_iteration (NULL, TRUE);
  if (cpu != NULL)
    *cpu = paint_cpu - key_cpu;
  return (paint_time - key_time) / 1e3;
}

static void
print_times (const char *what,
             GArray     *ms,
             GArray     *cpu)
{
  double slowest, slowest_cpu;

  if (ms->len == 0)
    return;
  g_array_sort (ms, bench_compare_doubles);
  g_array_sort (cpu, bench_compare_doubles);
  slowest = g_array_index (ms, double, ms->len - 1);
  slowest_cpu = g_array_index (cpu, double, cpu->len - 1);
  g_print ("  %s (%u steps): wall median %.2f ms, slowest %.2f ms; CPU median %.2f ms, "
           "slowest %.2f ms   target ≤ %.0f ms (wall): %s\n", what, ms->len,
           bench_median ((double *) ms->data, ms->len), slowest,
           bench_median ((double *) cpu->data, cpu->len), slowest_cpu, TARGET_MS,
           bench_verdict (slowest, TARGET_MS));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdmiraltyApplication) application = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) map_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) battle_ms = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) map_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) battle_cpu = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *focus = NULL;
  AdmiraltyReplayWindow *replay;
  GtkEventController *keys;
  guint n, repeat_delay, repeat_every = 0;
  double start, again_ms = 0, again_cpu = 0;
  gboolean trace;

  setlocale (LC_ALL, "");
  g_setenv ("NO_AT_BRIDGE", "1", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  gtk_init ();
  adw_init ();
  application = admiralty_application_new ("io.github.admiralty.BenchReplay",
                                           G_APPLICATION_NON_UNIQUE);
  g_application_set_resource_base_path (G_APPLICATION (application),
                                        "/io/github/admiralty/Admiralty");
  if (!g_application_register (G_APPLICATION (application), NULL, &error))
    g_error ("%s", error->message);

  start = bench_cpu_ms ();
  campaign = play ();
  g_print ("Komarr over two nights: %u journal entries, made in %.0f ms CPU\n",
           adm_journal_get_n_entries (adm_campaign_get_journal (campaign)),
           bench_cpu_ms () - start);
  replay = admiralty_replay_window_new (GTK_APPLICATION (application), campaign);
  gtk_window_set_default_size (GTK_WINDOW (replay), 1280, 800);
  gtk_window_present (GTK_WINDOW (replay));
  bench_wait_paint (GTK_WIDGET (replay));
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), NULL);
  gtk_widget_add_controller (GTK_WIDGET (replay), keys);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (replay)), "after-paint",
                    G_CALLBACK (after_paint_cb), NULL);
  focus = g_strdup_printf ("xdotool windowfocus --sync %lu",
                           (gulong) gdk_x11_surface_get_xid (
                             gtk_native_get_surface (GTK_NATIVE (replay))));
  if (!g_spawn_command_line_sync (focus, NULL, NULL, NULL, &error))
    g_error ("%s", error->message);

  if (XkbGetAutoRepeatRate (gdk_x11_display_get_xdisplay (gtk_widget_get_display (
                              GTK_WIDGET (replay))), XkbUseCoreKbd, &repeat_delay, &repeat_every))
    key_every = repeat_every * G_GINT64_CONSTANT (1000);

  n = g_list_model_get_n_items (G_LIST_MODEL (admiralty_replay_window_get_timeline (replay)));
  trace = g_getenv ("BENCH_REPLAY_TRACE") != NULL;
  press ("ctrl+Home", NULL);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 1; i < n; i++)
      {
        double cpu, ms = press (pass == 0 ? "Page_Down" : "Page_Up", &cpu);
        gboolean battle = admiralty_replay_window_get_table (replay) != NULL;

        g_array_append_val (battle ? battle_ms : map_ms, ms);
        if (pass == 1)
          {
            again_ms = MAX (again_ms, ms);
            again_cpu = MAX (again_cpu, cpu);
          }
        g_array_append_val (battle ? battle_cpu : map_cpu, cpu);
        /* BENCH_REPLAY_TRACE=1: every step, to see which are slow, and its time range for a
         * profiler (perf record -k mono; perf report --time). */
        if (trace)
          g_print ("  step %2u (%s): %s, wall %.2f ms, CPU %.2f ms [%.6f,%.6f]\n",
                   admiralty_replay_window_get_position (replay) + 1,
                   pass == 0 ? "Page Down" : "Page Up", battle ? "battle" : "map", ms, cpu,
                   key_time / 1e6, paint_time / 1e6);
      }
  g_print ("The replay at 1280×800, %u steps, Page Down to the end and Page Up back, a real key "
           "to the painted frame, keys no closer than a held key repeats (every %u ms):\n", n,
           repeat_every);
  print_times ("a step on the sector map", map_ms, map_cpu);
  print_times ("a step of the battle", battle_ms, battle_cpu);
  /* The window's first steps into the map's and the table's pictures are the slowest; a step
   * shown once before (Page Up back over them) is what a master who steps back meets. */
  g_print ("  a step shown once before (Page Up back): slowest wall %.2f ms, CPU %.2f ms   "
           "target ≤ %.0f ms (wall): %s\n", again_ms, again_cpu, TARGET_MS,
           bench_verdict (again_ms, TARGET_MS));
  gtk_window_destroy (GTK_WINDOW (replay));
  return 0;
}
