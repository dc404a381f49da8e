/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-state-at.c: the war at any entry of its journal, as a replay's timeline or a scrubber
 * asks for it — the campaign at a random entry (adm_campaign_state_at ()) and the battle
 * there (adm_campaign_battle_at_entry ()) in campaigns of 1,000, 7,000 (a five-night weekend)
 * and 25,000 entries, against one frame, 16 ms; and the memory the kept states hold. The
 * battle is asked for as the replay asks: after its timeline is built and has made its latest
 * battles ready (adm_replay_timeline_prepare (), off the frame), so that the first jump into
 * the battle — once its open from the set-up — is timed as the replay meets it, and printed
 * on its own. Before that, the battle is stepped into as one the campaign does not keep (one
 * older than the latest two): from the step before it with Page Down, and from the step after
 * it with Page Up, the battle nearest that step made ready in the idle after it
 * (adm_replay_timeline_prepare_near ()), a part at a time as the window's idle does, the
 * slowest part timed. And a slider jump to a random phase of the battle while the campaign
 * keeps none of it (as one older than the latest two, far from the step before). Prints
 * figures with their targets; asserts nothing. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <sys/resource.h>

#include "admiralty-engine.h"
#include "adm-campaign-private.h"
#include "bench-common.h"

#define T0 G_GINT64_CONSTANT (1795370400)
#define N_PER_SIDE 100
#define BATTLE_PHASES 100  /* 20 turns of F-SEQ-1's five phases */
#define RUNS 40
#define TARGET_MS 16.0

/* The master's work between the battles, one action an entry: dice rolled, a ship's
 * readiness corrected up and down (with @corrections: F-STRAT-4 refuses them while the ships
 * fight), a note; every 50th entry an undo and the next its redo. */
static void
add_entries (AdmCampaign *campaign,
             guint        n,
             gboolean     corrections)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n; i++)
    {
      guint k = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));
      gint64 time = T0 + k;
      gboolean ok;

      if (k % 50 == 48 && i + 2 <= n)
        ok = adm_campaign_undo (campaign, &error);
      else if (k % 50 == 49 && adm_campaign_can_redo (campaign))
        ok = adm_campaign_redo (campaign, &error);
      else if (k % 3 == 0)
        {
          AdmDiceRequest request = { 2, 6, "Readiness check", "F-RDY-2" };
          guint values[2];

          ok = adm_campaign_roll (campaign, NULL, &request, time, values, &error);
        }
      else
        {
          g_autofree char *ship = g_strdup_printf ("ship%u", (k * 7) % (2 * N_PER_SIDE));
          gboolean readiness = corrections && k % 3 == 1;
          g_autoptr(AdmEvent) event = adm_event_new (readiness ? "readiness" : "note", time);

          if (readiness)
            {
              adm_event_set (event, "ship", ship);
              /* Each ship is corrected every 600th entry: down, then up again. */
              adm_event_set (event, "delta", (k / 600) % 2 == 0 ? "-1" : "1");
            }
          else
            adm_event_set_text (event, "Patrol the sector and report contacts.");
          ok = adm_campaign_append (campaign, event, &error);
        }
      if (!ok)
        g_error ("%s", error->message);
    }
}

/* A campaign of @n_entries entries: half the master's work, cycle 1 resolved with the
 * Barrayaran formations patrolling (F-STRAT-4, F-STRAT-16: the fleets meet), the battle of
 * c1-1 played BATTLE_PHASES phases, each kept, and still under way; then the rest of the
 * work. *@first and *@last
 * get the moments of its first and last phase. */
static AdmCampaign *
build (AdmScenario *scenario,
       guint        n_entries,
       guint       *first,
       guint       *last)
{
  g_autoptr(AdmCampaign) campaign = adm_campaign_new (scenario, 2010);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (7);
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  AdmJournal *journal = adm_campaign_get_journal (campaign);

  add_entries (campaign, (n_entries - BATTLE_PHASES - 2) / 2, TRUE);
  bench_two_fleets_meet (campaign, N_PER_SIDE, T0 + 100000);
  engagement = adm_campaign_find_engagement (campaign, "c1-1", &error);
  setup = engagement != NULL ? adm_campaign_engagement_setup (campaign, engagement, NULL, &error)
                             : NULL;
  battle = setup != NULL ? adm_battle_load_memory (setup, strlen (setup), "c1-1", &error) : NULL;
  if (battle == NULL || !adm_campaign_keep_battle (campaign, "c1-1", battle, &error))
    g_error ("%s", error->message);
  *first = adm_journal_get_n_entries (journal) + 1;
  for (int p = 0; p < BATTLE_PHASES; p++)
    if (!adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (prng), &error) ||
        !adm_campaign_keep_battle (campaign, "c1-1", battle, &error))
      g_error ("%s", error->message);
  *last = adm_journal_get_n_entries (journal);
  add_entries (campaign, n_entries - adm_journal_get_n_entries (journal), FALSE);
  return g_steal_pointer (&campaign);
}

/* Makes @timeline's latest battles ready (@position G_MAXUINT) or the battle nearest the step
 * at @position, a part a call as the window's idle does; the slowest call, ms CPU. */
static double
prepare_in_parts (AdmReplayTimeline *timeline,
                  guint              position,
                  gboolean           forward)
{
  double slowest = 0;
  gboolean more;

  do
    {
      double start = bench_cpu_ms (), ms;

      more = position == G_MAXUINT
               ? adm_replay_timeline_prepare (timeline)
               : adm_replay_timeline_prepare_near (timeline, position, forward);
      ms = bench_cpu_ms () - start;
      slowest = MAX (slowest, ms);
    }
  while (more);
  return slowest;
}

/* The memory the process holds now, in KiB. */
static double
resident_kib (void)
{
  g_autofree char *text = NULL;
  unsigned long size = 0, resident = 0;

  if (g_file_get_contents ("/proc/self/statm", &text, NULL, NULL))
    sscanf (text, "%lu %lu", &size, &resident);
  return resident * (sysconf (_SC_PAGESIZE) / 1024.0);
}

static double
peak_mib (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;
}

/* The median and the slowest of @n figures. */
static void
print_times (const char *what,
             double     *ms,
             guint       n)
{
  double median = bench_median (ms, n);

  g_print ("  %s: median %.2f ms, slowest %.2f ms CPU (%u asked)   target ≤ %.0f ms: %s\n",
           what, median, ms[n - 1], n, TARGET_MS, bench_verdict (ms[n - 1], TARGET_MS));
}

static void
measure (AdmScenario *scenario,
         guint        n_entries)
{
  guint first, last, events;
  double before_kib, start;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (n_entries);
  double random_ms[RUNS], back_ms[RUNS], forward_ms[RUNS];
  double jump_ms[RUNS], battle_ms[RUNS], battle_back_ms[RUNS], battle_forward_ms[RUNS];
  double prepare_ms, first_ms = 0, into_ms, back_into_ms, near_part_ms, part_ms;
  double latest_part_ms;
  g_autoptr(AdmReplayTimeline) timeline = NULL;
  g_autoptr(GError) error = NULL;

  start = bench_cpu_ms ();
  campaign = build (scenario, n_entries, &first, &last);
  events = adm_campaign_get_events (campaign)->len;
  g_print ("%u entries (%u events in effect; the battle of c1-1, %d ships a side, entries "
           "%u–%u), made in %.0f ms\n", adm_journal_get_n_entries (
             adm_campaign_get_journal (campaign)), events, N_PER_SIDE, first, last,
           bench_cpu_ms () - start);
  before_kib = resident_kib ();

  /* A jump to a random moment, as a scrubber dragged anywhere; then a step back (Page Up)
   * and a step forward (Page Down) from there. */
  for (guint r = 0; r < RUNS; r++)
    {
      gint64 n = g_rand_int_range (rand, 1, (gint32) n_entries);
      AdmState *state;

      start = bench_cpu_ms ();
      state = adm_campaign_state_at (campaign, n, &error);
      random_ms[r] = bench_cpu_ms () - start;
      if (state == NULL)
        g_error ("%s", error->message);
      g_object_unref (state);

      start = bench_cpu_ms ();
      state = adm_campaign_state_at (campaign, n - 1, &error);
      back_ms[r] = bench_cpu_ms () - start;
      if (state == NULL)
        g_error ("%s", error->message);
      g_object_unref (state);

      start = bench_cpu_ms ();
      state = adm_campaign_state_at (campaign, n, &error);
      forward_ms[r] = bench_cpu_ms () - start;
      if (state == NULL)
        g_error ("%s", error->message);
      g_object_unref (state);
    }
  /* The battle, not kept yet, stepped into as the window steps: the step before its first
   * phase shown and, in the idle after it, the battle the replay goes towards made ready; then
   * Page Down into its first phase. Then the step after its last phase and Page Up. */
  {
    g_autoptr(AdmReplayTimeline) near = adm_replay_timeline_new (campaign, "master", &error);
    AdmBattle *battle;

    if (near == NULL)
      g_error ("%s", error->message);
    near_part_ms = prepare_in_parts (near, adm_replay_timeline_find (near, first - 1), TRUE);
    start = bench_cpu_ms ();
    battle = adm_campaign_battle_at_entry (campaign, "c1-1", first, &error);
    into_ms = bench_cpu_ms () - start;
    if (battle == NULL)
      g_error ("%s", error->message);
    g_object_unref (battle);
    part_ms = prepare_in_parts (near, adm_replay_timeline_find (near, last + 1), FALSE);
    near_part_ms = MAX (near_part_ms, part_ms);
    start = bench_cpu_ms ();
    battle = adm_campaign_battle_at_entry (campaign, "c1-1", last, &error);
    back_into_ms = bench_cpu_ms () - start;
    if (battle == NULL)
      g_error ("%s", error->message);
    g_object_unref (battle);
  }
  /* The replay's timeline, and its latest battles made ready, as the window does once it is
   * up: not a step's frame. */
  start = bench_cpu_ms ();
  timeline = adm_replay_timeline_new (campaign, "master", &error);
  if (timeline == NULL)
    g_error ("%s", error->message);
  latest_part_ms = prepare_in_parts (timeline, G_MAXUINT, TRUE);
  prepare_ms = bench_cpu_ms () - start;
  for (guint r = 0; r < RUNS; r++)
    {
      gint64 n = g_rand_int_range (rand, (gint32) first + 1, (gint32) last + 1);
      const gint64 asked[3] = { n, n - 1, n };
      double *ms[3] = { battle_ms, battle_back_ms, battle_forward_ms };

      for (guint a = 0; a < G_N_ELEMENTS (asked); a++)
        {
          AdmBattle *battle;

          start = bench_cpu_ms ();
          battle = adm_campaign_battle_at_entry (campaign, "c1-1", asked[a], &error);
          ms[a][r] = bench_cpu_ms () - start;
          if (battle == NULL)
            g_error ("%s", error->message);
          g_object_unref (battle);
        }
      if (r == 0)
        first_ms = battle_ms[0];
    }
  /* A slider jump far into a battle the campaign keeps none of (one older than the latest
   * two, never stepped near): forgotten before each jump; its first and last phase, then
   * random ones. */
  for (guint r = 0; r < RUNS; r++)
    {
      gint64 n = r == 0 ? (gint64) first
                 : r == 1 ? (gint64) last
                          : g_rand_int_range (rand, (gint32) first, (gint32) last + 1);
      AdmBattle *battle;

      g_ptr_array_set_size (_adm_campaign_get_past_battles (campaign), 0);
      start = bench_cpu_ms ();
      battle = adm_campaign_battle_at_entry (campaign, "c1-1", n, &error);
      jump_ms[r] = bench_cpu_ms () - start;
      if (battle == NULL)
        g_error ("%s", error->message);
      g_object_unref (battle);
    }
  print_times ("a slider jump into a battle not kept", jump_ms, RUNS);
  print_times ("the campaign at a random entry", random_ms, RUNS);
  print_times ("a step back from there (Page Up)", back_ms, RUNS);
  print_times ("a step forward again (Page Down)", forward_ms, RUNS);
  g_print ("  a battle not kept (as one older than the latest two) stepped into, the battle "
           "nearest the step made ready in the idle before: Page Down into its first phase "
           "%.2f ms, Page Up into its last %.2f ms CPU   target ≤ %.0f ms: %s\n", into_ms,
           back_into_ms, TARGET_MS, bench_verdict (MAX (into_ms, back_into_ms), TARGET_MS));
  g_print ("  the replay's timeline built and its latest battles made ready (off the frame): "
           "%.2f ms CPU\n", prepare_ms);
  g_print ("  the slowest part of making a battle ready, one call on the main loop: the latest "
           "%.2f ms, the nearest %.2f ms CPU   target ≤ %.0f ms: %s\n", latest_part_ms,
           near_part_ms, TARGET_MS, bench_verdict (MAX (latest_part_ms, near_part_ms),
                                                   TARGET_MS));
  g_print ("  the battle's first random jump (its first open): %.2f ms CPU   target ≤ %.0f ms: "
           "%s\n", first_ms, TARGET_MS, bench_verdict (first_ms, TARGET_MS));
  print_times ("the battle at a random entry of its own", battle_ms, RUNS);
  print_times ("the battle a step back from there (Page Up)", battle_back_ms, RUNS);
  print_times ("the battle a step forward again (Page Down)", battle_forward_ms, RUNS);
  g_print ("  memory held after the %u moments asked: %+.1f MiB (the kept states, at most %d, "
           "and battles, at most %d); peak of the process %.1f MiB\n", 6 * RUNS,
           (resident_kib () - before_kib) / 1024.0, ADM_CAMPAIGN_REPLAYS,
           ADM_CAMPAIGN_PAST_KEPT, peak_mib ());
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-bench-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "scenario.xml", NULL);
  g_autofree char *xml = bench_two_fleets_scenario (N_PER_SIDE);
  g_autoptr(AdmScenario) scenario = NULL;
  const guint sizes[] = { 1000, 7000, 25000 };

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  if (!g_file_set_contents (path, xml, -1, &error) ||
      (scenario = adm_scenario_load_file (path, &error)) == NULL)
    g_error ("%s", error->message);
  /* One size named on the command line, or each of them. */
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (argc < 2 || g_ascii_strtoull (argv[1], NULL, 10) == sizes[i])
      measure (scenario, sizes[i]);
  bench_remove_tree (dir);
  return 0;
}
