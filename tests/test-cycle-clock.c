/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cycle-clock.c: the cycle clock (F-STRAT-1) on a fake wall clock — the countdown,
 * pausing, adjusting, the session falling due once, the next cycle, the state kept in
 * GSettings across a restart — and in the real window's header. Runs under Xvfb. */

#include "config.h"

#include "admiralty-cycle-clock.h"
#include "admiralty-window-private.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "shipped-helpers.h"
#include "ui-helpers.h"

/* Some Tuesday evening in 2023, in unix seconds. */
#define T0 G_GINT64_CONSTANT (1700000000)

static gint64 fake_now;

static gint64
fake_now_func (gpointer user_data)
{
  return fake_now;
}

static void
count_due_cb (AdmiraltyCycleClock *clock,
              guint               *count)
{
  (*count)++;
}

/* Settings back at their defaults and the fake time at T0; the memory backend is shared by
 * every GSettings in the process, as dconf is by every run. */
static GSettings *
fresh_settings (void)
{
  GSettings *settings = g_settings_new (APP_ID);

  g_settings_reset (settings, "cycle-minutes");
  g_settings_reset (settings, "cycle-minutes-from-season");
  g_settings_reset (settings, "clock-deadline");
  g_settings_reset (settings, "clock-paused-remaining");
  fake_now = T0;
  return settings;
}

static AdmiraltyCycleClock *
new_clock (GSettings *settings)
{
  AdmiraltyCycleClock *clock = admiralty_cycle_clock_new (settings);

  admiralty_cycle_clock_set_now_func (clock, fake_now_func, NULL);
  return clock;
}

/* Moves the fake time on and lets the clock read it, as its tick does. */
static void
advance (AdmiraltyCycleClock *clock,
         int                  seconds)
{
  fake_now += seconds;
  admiralty_cycle_clock_update (clock);
}

static void
test_format (void)
{
  g_autofree char *a = admiralty_cycle_clock_format (40 * 60);
  g_autofree char *b = admiralty_cycle_clock_format (32 * 60 + 15);
  g_autofree char *c = admiralty_cycle_clock_format (5);
  g_autofree char *d = admiralty_cycle_clock_format (3600 + 2 * 60 + 15);

  g_assert_cmpstr (a, ==, "40:00");
  g_assert_cmpstr (b, ==, "32:15");
  g_assert_cmpstr (c, ==, "00:05");
  g_assert_cmpstr (d, ==, "1:02:15");
}

static void
test_countdown (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(AdmiraltyCycleClock) clock = new_clock (settings);

  /* A cycle not yet started waits, whole, for the master. */
  g_assert_cmpint (admiralty_cycle_clock_get_cycle_minutes (clock), ==, 40);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 40 * 60);
  g_assert_false (admiralty_cycle_clock_get_running (clock));
  advance (clock, 100);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 40 * 60);

  admiralty_cycle_clock_start (clock);
  g_assert_true (admiralty_cycle_clock_get_running (clock));
  g_assert_cmpint (g_settings_get_int64 (settings, "clock-deadline"), ==, fake_now + 40 * 60);
  advance (clock, 465);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 32 * 60 + 15);
  g_assert_false (admiralty_cycle_clock_get_due (clock));
}

static void
test_pause (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(AdmiraltyCycleClock) clock = new_clock (settings);

  admiralty_cycle_clock_start (clock);
  advance (clock, 600);
  admiralty_cycle_clock_pause (clock);
  g_assert_false (admiralty_cycle_clock_get_running (clock));
  g_assert_cmpint (g_settings_get_int64 (settings, "clock-deadline"), ==, 0);
  g_assert_cmpint (g_settings_get_int (settings, "clock-paused-remaining"), ==, 30 * 60);

  /* Paused for an hour: the time left stays, and nothing falls due. */
  advance (clock, 3600);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 30 * 60);
  g_assert_false (admiralty_cycle_clock_get_due (clock));

  admiralty_cycle_clock_resume (clock);
  g_assert_true (admiralty_cycle_clock_get_running (clock));
  advance (clock, 60);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 29 * 60);
}

static void
test_adjust (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(AdmiraltyCycleClock) clock = new_clock (settings);

  admiralty_cycle_clock_start (clock);
  advance (clock, 60);
  admiralty_cycle_clock_adjust (clock, 5);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 44 * 60);
  admiralty_cycle_clock_adjust (clock, -10);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 34 * 60);
  advance (clock, 60);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 33 * 60);

  /* Paused, the adjustment is to the time kept. */
  admiralty_cycle_clock_pause (clock);
  admiralty_cycle_clock_adjust (clock, -3);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 30 * 60);
  g_assert_cmpint (g_settings_get_int (settings, "clock-paused-remaining"), ==, 30 * 60);
  g_assert_false (admiralty_cycle_clock_get_running (clock));
}

static void
test_due_once (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(AdmiraltyCycleClock) clock = new_clock (settings);
  guint due = 0;

  g_signal_connect (clock, "due", G_CALLBACK (count_due_cb), &due);
  admiralty_cycle_clock_start (clock);
  advance (clock, 40 * 60 - 1);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 1);
  g_assert_cmpuint (due, ==, 0);

  advance (clock, 1);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 0);
  g_assert_true (admiralty_cycle_clock_get_due (clock));
  g_assert_cmpuint (due, ==, 1);

  /* Overdue is still due, never negative, and said once. */
  advance (clock, 1);
  advance (clock, 300);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 0);
  g_assert_cmpuint (due, ==, 1);

  /* Two minutes' grace for a late admiral: due again when they are up. */
  admiralty_cycle_clock_adjust (clock, 2);
  g_assert_false (admiralty_cycle_clock_get_due (clock));
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 120);
  advance (clock, 120);
  g_assert_cmpuint (due, ==, 2);

  /* Taking the time away makes it due at once. */
  admiralty_cycle_clock_next_cycle (clock);
  admiralty_cycle_clock_adjust (clock, -45);
  g_assert_true (admiralty_cycle_clock_get_due (clock));
  g_assert_cmpuint (due, ==, 3);
}

static void
test_next_cycle (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(AdmiraltyCycleClock) clock = new_clock (settings);

  admiralty_cycle_clock_start (clock);
  advance (clock, 45 * 60);
  g_assert_true (admiralty_cycle_clock_get_due (clock));

  admiralty_cycle_clock_next_cycle (clock);
  g_assert_false (admiralty_cycle_clock_get_due (clock));
  g_assert_true (admiralty_cycle_clock_get_running (clock));
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 40 * 60);

  /* The preference is for the next cycles; the one running keeps its deadline. */
  g_settings_set_int (settings, "cycle-minutes", 30);
  g_assert_cmpint (admiralty_cycle_clock_get_cycle_minutes (clock), ==, 30);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 40 * 60);
  advance (clock, 10);
  admiralty_cycle_clock_next_cycle (clock);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 30 * 60);

  /* From a pause too, the next cycle runs. */
  admiralty_cycle_clock_pause (clock);
  admiralty_cycle_clock_next_cycle (clock);
  g_assert_true (admiralty_cycle_clock_get_running (clock));
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 30 * 60);
}

/* The process ends mid-cycle (a crash); the next run shows the same countdown. */
static void
test_restore (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(GSettings) settings_after = NULL;
  AdmiraltyCycleClock *clock = new_clock (settings);
  g_autoptr(AdmiraltyCycleClock) restored = NULL;
  g_autoptr(AdmiraltyCycleClock) paused = NULL;
  guint due = 0;

  admiralty_cycle_clock_start (clock);
  advance (clock, 465);
  g_assert_finalize_object (clock);

  /* Two minutes to restart. */
  fake_now += 120;
  settings_after = g_settings_new (APP_ID);
  restored = new_clock (settings_after);
  g_assert_true (admiralty_cycle_clock_get_running (restored));
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (restored), ==, 30 * 60 + 15);

  admiralty_cycle_clock_pause (restored);
  fake_now += 3600;
  paused = new_clock (settings_after);
  g_assert_false (admiralty_cycle_clock_get_running (paused));
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (paused), ==, 30 * 60 + 15);

  /* Back after the deadline: shown due at once, without a second notice for a session that
   * fell due while nobody was watching the clock. */
  admiralty_cycle_clock_resume (paused);
  g_clear_object (&paused);
  fake_now += 31 * 60;
  paused = new_clock (settings_after);
  g_signal_connect (paused, "due", G_CALLBACK (count_due_cb), &due);
  admiralty_cycle_clock_update (paused);
  g_assert_true (admiralty_cycle_clock_get_due (paused));
  g_assert_true (admiralty_cycle_clock_get_running (paused));
  g_assert_cmpuint (due, ==, 0);
}

/* Two windows, two clocks, one state: pausing in one pauses the other. */
static void
test_shared_state (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  g_autoptr(GSettings) other_settings = g_settings_new (APP_ID);
  g_autoptr(AdmiraltyCycleClock) clock = new_clock (settings);
  g_autoptr(AdmiraltyCycleClock) other = new_clock (other_settings);

  admiralty_cycle_clock_start (clock);
  iterate ();
  g_assert_true (admiralty_cycle_clock_get_running (other));
  advance (clock, 60);
  admiralty_cycle_clock_pause (clock);
  iterate ();
  g_assert_false (admiralty_cycle_clock_get_running (other));
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (other), ==, 39 * 60);
}

static char *
komarr_path (void)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                           "komarr-campaign.admiralty", NULL);
}

/* Activates @name and tells whether the clock changed: a disabled action does nothing. */
static gboolean
action_acts (AdmiraltyWindow *window,
             const char      *name,
             GVariant        *parameter)
{
  AdmiraltyCycleClock *clock = _admiralty_window_get_clock (window);
  int remaining = admiralty_cycle_clock_get_remaining_seconds (clock);
  gboolean running = admiralty_cycle_clock_get_running (clock);
  g_autoptr(GVariant) sunk = parameter != NULL ? g_variant_ref_sink (parameter) : NULL;

  gtk_widget_activate_action_variant (GTK_WIDGET (window), name, sunk);
  return remaining != admiralty_cycle_clock_get_remaining_seconds (clock)
         || running != admiralty_cycle_clock_get_running (clock);
}

static void
test_window (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  AdmiraltyWindow *window = shown_window_new (0, 0);
  g_autofree char *path = komarr_path ();
  AdmiraltyCycleClock *clock;
  gboolean paused;
  GtkWidget *button;

  button = GTK_WIDGET (window->clock_button);
  clock = _admiralty_window_get_clock (window);
  admiralty_cycle_clock_set_now_func (clock, fake_now_func, NULL);

  /* No campaign, no clock. */
  g_assert_false (gtk_widget_get_visible (button));
  g_assert_false (action_acts (window, "win.clock-pause", NULL));
  g_assert_false (action_acts (window, "win.clock-adjust", g_variant_new_int32 (5)));
  g_assert_false (action_acts (window, "win.clock-next-cycle", NULL));

  g_assert_true (admiralty_window_open (window, path));
  iterate ();
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpstr (admiralty_clock_button_get_text (window->clock_button), ==, "40:00");

  /* Not started, the clock is paused: the toggle resumes it. */
  g_object_get (window, "clock-paused", &paused, NULL);
  g_assert_true (paused);
  g_assert_true (action_acts (window, "win.clock-pause", NULL));
  g_assert_true (admiralty_cycle_clock_get_running (clock));
  g_object_get (window, "clock-paused", &paused, NULL);
  g_assert_false (paused);
  advance (clock, 465);
  g_assert_cmpstr (admiralty_clock_button_get_text (window->clock_button), ==, "32:15");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.clock-adjust", "i", -5);
  g_assert_cmpstr (admiralty_clock_button_get_text (window->clock_button), ==, "27:15");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.clock-pause", NULL);
  g_assert_false (admiralty_cycle_clock_get_running (clock));

  /* Due: the header says so in the warning colours. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.clock-adjust", "i", -30);
  g_assert_true (admiralty_cycle_clock_get_due (clock));
  g_assert_cmpstr (admiralty_clock_button_get_text (window->clock_button), ==, "Session due");
  g_assert_true (gtk_widget_has_css_class (gtk_widget_get_first_child (button),
                                           "session-due"));

  g_assert_true (action_acts (window, "win.clock-next-cycle", NULL));
  g_assert_false (admiralty_cycle_clock_get_due (clock));
  g_assert_cmpstr (admiralty_clock_button_get_text (window->clock_button), ==, "40:00");
  g_assert_false (gtk_widget_has_css_class (gtk_widget_get_first_child (button),
                                            "session-due"));
  iterate ();

  close_window (window);
}

/* F-STRAT-1: the window's clock counts the open campaign's season's cycles: a campaign made on
 * a season of 30-minute cycles shows 30:00, and its next cycle is 30 minutes. With the season's
 * length switched off in the preferences, the master's own 40 is in force; back on, 30. */
static void
test_season_minutes (void)
{
  g_autoptr(GSettings) settings = fresh_settings ();
  char *rules = changed_rules_new (NULL, "ruleset", NULL,
                                   "clause=\"F-STRAT-1\" cycle-minutes=\"40\"",
                                   "clause=\"F-STRAT-1\" cycle-minutes=\"30\"");
  g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-clock-season-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  AdmiraltyWindow *window;
  AdmiraltyCycleClock *clock;

  g_setenv ("ADMIRALTY_RULES_PATH", rules, TRUE);
  campaign = komarr_new (NULL, NULL);
  g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
  changed_rules_remove (rules);
  g_settings_set_int (settings, "cycle-minutes", 40);

  /* The season travels in the campaign's file: opened with the shipped rules, still 30. */
  window = campaign_window_new (campaign, path, 0, 0);
  clock = _admiralty_window_get_clock (window);
  admiralty_cycle_clock_set_now_func (clock, fake_now_func, NULL);
  g_assert_cmpint (admiralty_cycle_clock_get_cycle_minutes (clock), ==, 30);
  g_assert_cmpstr (admiralty_clock_button_get_text (window->clock_button), ==, "30:00");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.clock-next-cycle", NULL);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 30 * 60);

  g_settings_set_boolean (settings, "cycle-minutes-from-season", FALSE);
  g_assert_cmpint (admiralty_cycle_clock_get_cycle_minutes (clock), ==, 40);
  /* The running cycle keeps its deadline; the next one is the master's. */
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 30 * 60);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.clock-next-cycle", NULL);
  g_assert_cmpint (admiralty_cycle_clock_get_remaining_seconds (clock), ==, 40 * 60);
  g_settings_set_boolean (settings, "cycle-minutes-from-season", TRUE);
  g_assert_cmpint (admiralty_cycle_clock_get_cycle_minutes (clock), ==, 30);

  admiralty_cycle_clock_pause (clock);
  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "cycle-clock");

  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/format", test_format);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/countdown", test_countdown);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/pause", test_pause);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/adjust", test_adjust);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/due-once", test_due_once);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/next-cycle", test_next_cycle);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/restore", test_restore);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/shared-state", test_shared_state);
  g_test_add_func ("/ui/cycle-clock/window", test_window);
  g_test_add_func ("/ui/cycle-clock/F-STRAT-1/season-minutes", test_season_minutes);

  return ui_test_finish (g_test_run ());
}
