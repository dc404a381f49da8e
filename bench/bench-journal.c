/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-journal.c: undo and redo in a long battle — 100 cruisers a side played for
 * 20 turns (100 phases), then the last phase undone and redone: the journal puts back the
 * state kept from before the phase instead of replaying 99 phases. Then a battle of 100
 * cruisers a side as a campaign of 1,000 and of 10,000 events has it — an engagement of its
 * cycle, set up from the campaign and kept in its file: the save of one phase (and of an undo
 * and a redo) adds the battle's new journal entry at the file's end. Prints figures with their
 * targets; asserts nothing. */

#include "config.h"

#include <locale.h>

#include <string.h>
#include <time.h>

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "bench-common.h"

#define N_PER_SIDE 100
#define SHIPS_PER_FORMATION 5
#define TURNS 20
#define RUNS 10

/* Two lines of cruisers 30 cm apart, heading past each other, every ship with its weapons. */
static char *
generate_battle (void)
{
  GString *xml = g_string_new ("<battle ruleset=\"forcon-2010\" name=\"Journal benchmark\" "
                               "seed=\"2010\">\n");
  const struct { const char *id, *prefix, *klass; double x, heading; } sides[] = {
    { "barrayar", "b", "vorberg", 0, 0 },
    { "komarr", "k", "komarran-cruiser", 30, 180 },
  };

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_string_append_printf (xml, "  <side id=\"%s\" name=\"%s\">\n", sides[s].id, sides[s].id);
      for (int f = 0; f < N_PER_SIDE / SHIPS_PER_FORMATION; f++)
        {
          int first = f * SHIPS_PER_FORMATION;

          g_string_append_printf (xml, "    <formation id=\"%sf%d\" name=\"%s %d\" "
                                       "flagship=\"%s%03d\">\n", sides[s].prefix, f,
                                  sides[s].id, f, sides[s].prefix, first);
          for (int n = first; n < first + SHIPS_PER_FORMATION; n++)
            g_string_append_printf (xml, "      <ship id=\"%s%03d\" name=\"%s %d\" class=\"%s\" "
                                         "x=\"%d\" y=\"%d\" heading=\"%d\" readiness=\"%d\"/>\n",
                                    sides[s].prefix, n, sides[s].id, n, sides[s].klass,
                                    (int) sides[s].x + (n % 2) * 4, 300 + n * 4,
                                    (int) sides[s].heading, 5 + n % 5);
          g_string_append (xml, "    </formation>\n");
        }
      g_string_append (xml, "  </side>\n");
    }
  g_string_append (xml, "</battle>\n");
  return g_string_free (xml, FALSE);
}

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* The battle of engagement c1-1 — 100 cruisers a side met in cycle 1, set up from the
 * campaign as the battle page sets it up — kept inside a campaign of @n_events events (rolls
 * and notes, then the cycle), saved in @dir: the battle's set-up is kept once (the file
 * written whole), then each phase is played and kept (adm_campaign_keep_battle ()): the CPU
 * of keeping it, its save included, and the wall time with the fdatasync; a phase that ends
 * a turn also keeps a checkpoint of the campaign, measured apart. Then an undo and a redo of
 * the battle, kept the same way. */
static void
measure_kept_battle (const char *dir,
                     guint       n_events)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario_xml = NULL;
  g_autofree char *setup = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (7);
  g_autofree char *name = g_strdup_printf ("kept-%u.admiralty", n_events);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  double phase_cpu = 0, phase_max = 0, phase_wall = 0, turn_cpu = 0, undo_cpu = 0, redo_cpu = 0;
  double first_cpu, start;
  gint64 wall;
  int phases = 0, turns = 0;
  GStatBuf st;

  scenario_xml = bench_two_fleets_scenario (N_PER_SIDE);
  {
    g_autofree char *scenario_path = g_build_filename (dir, "scenario.xml", NULL);

    if (!g_file_set_contents (scenario_path, scenario_xml, -1, &error))
      g_error ("%s", error->message);
    scenario = adm_scenario_load_file (scenario_path, &error);
  }
  if (scenario == NULL)
    g_error ("%s", error->message);
  campaign = adm_campaign_new (scenario, 2010);
  for (guint i = 0; i < n_events; i++)
    {
      if (i % 2 == 0)
        {
          AdmDiceRequest request = { 2, 6, "Readiness check", "F-RDY-2" };
          guint values[2];

          if (!adm_campaign_roll (campaign, NULL, &request, 1795370400 + i, values, &error))
            g_error ("%s", error->message);
        }
      else
        {
          g_autoptr(AdmEvent) note = adm_event_new ("note", 1795370400 + i);

          adm_event_set_text (note, "Patrol the sector and report contacts.");
          if (!adm_campaign_append (campaign, note, &error))
            g_error ("%s", error->message);
        }
    }
  /* Cycle 1 resolved after them: the two fleets meet in c1-1. */
  bench_two_fleets_meet (campaign, N_PER_SIDE, 1795370400 + n_events);
  if (!adm_campaign_save (campaign, path, &error))
    g_error ("%s", error->message);
  engagement = adm_campaign_find_engagement (campaign, "c1-1", &error);
  if (engagement == NULL)
    g_error ("%s", error->message);
  setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  if (setup == NULL)
    g_error ("%s", error->message);
  battle = adm_battle_load_memory (setup, strlen (setup), engagement->id, &error);
  if (battle == NULL)
    g_error ("%s", error->message);
  /* The first keep: the set-up goes into <battles>, the file written whole. */
  start = cpu_ms ();
  if (!adm_campaign_keep_battle (campaign, "c1-1", battle, &error))
    g_error ("%s", error->message);
  first_cpu = cpu_ms () - start;

  for (int p = 0; p < 20; p++)
    {
      double cpu;
      gboolean ends_turn = adm_battle_get_phase (battle) == ADM_PHASE_END;

      if (!adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (prng), &error))
        g_error ("%s", error->message);
      wall = g_get_monotonic_time ();
      start = cpu_ms ();
      if (!adm_campaign_keep_battle (campaign, "c1-1", battle, &error))
        g_error ("%s", error->message);
      cpu = cpu_ms () - start;
      if (ends_turn)
        {
          turn_cpu += cpu;
          turns++;
          continue;
        }
      phase_cpu += cpu;
      phase_max = MAX (phase_max, cpu);
      phase_wall += (g_get_monotonic_time () - wall) / 1000.0;
      phases++;
    }
  for (int i = 0; i < RUNS; i++)
    {
      if (!adm_battle_undo (battle, &error))
        g_error ("%s", error->message);
      start = cpu_ms ();
      if (!adm_campaign_keep_battle (campaign, "c1-1", battle, &error))
        g_error ("%s", error->message);
      undo_cpu += cpu_ms () - start;
      if (!adm_battle_redo (battle, &error))
        g_error ("%s", error->message);
      start = cpu_ms ();
      if (!adm_campaign_keep_battle (campaign, "c1-1", battle, &error))
        g_error ("%s", error->message);
      redo_cpu += cpu_ms () - start;
    }
  g_stat (path, &st);
  g_print ("a battle phase saved inside a %5u-event campaign (engagement %s, %u ships): "
           "%6.2f ms CPU (max %.2f), %6.2f ms with the fdatasync (mean of %d phases; added in "
           "place; file %.1f MiB)   target ≤ 2 ms, flat: %s\n", n_events, engagement->id,
           adm_battle_get_n_ships (battle), phase_cpu / phases, phase_max,
           phase_wall / phases, phases, st.st_size / 1048576.0, bench_verdict (phase_max, 2));
  g_print ("  an undo / a redo in that battle, saved: %.2f / %.2f ms CPU (mean of %d); the "
           "phase that ends a turn, with its checkpoint of the campaign written whole: %.2f ms "
           "CPU; the battle's first keep (its set-up into <battles>, the file written whole): "
           "%.2f ms CPU\n", undo_cpu / RUNS, redo_cpu / RUNS, RUNS, turn_cpu / MAX (turns, 1),
           first_cpu);
}

int
main (void)
{
  g_autofree char *xml = generate_battle ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_memory (xml, strlen (xml), "bench.xml", &error);
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (7);
  double play = 0, undo = 0, redo = 0, start;
  guint entries;

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  if (battle == NULL)
    g_error ("%s", error->message);
  start = cpu_ms ();
  for (int turn = 0; turn < TURNS; turn++)
    if (!adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (prng), &error))
      g_error ("%s", error->message);
  play = cpu_ms () - start;

  for (int i = 0; i < RUNS; i++)
    {
      start = cpu_ms ();
      if (!adm_battle_undo (battle, &error))
        g_error ("%s", error->message);
      undo += cpu_ms () - start;
      start = cpu_ms ();
      if (!adm_battle_redo (battle, &error))
        g_error ("%s", error->message);
      redo += cpu_ms () - start;
    }
  start = cpu_ms ();
  if (!adm_journal_replay (adm_battle_get_log (battle), NULL, &error))
    g_error ("%s", error->message);
  play = cpu_ms () - start;
  entries = adm_journal_get_n_entries (adm_battle_get_log (battle));
  g_print ("battle: %d ships a side, %d turns (%u journal entries); replaying them all: "
           "%.1f ms CPU (what undo cost before the journal kept snapshots)\n",
           N_PER_SIDE, TURNS, entries, play);
  g_print ("undo of the last phase: %6.2f ms CPU (mean of %d)   target ≤ 16 ms, one frame: %s\n",
           undo / RUNS, RUNS, bench_verdict (undo / RUNS, 16));
  g_print ("redo of that phase:     %6.2f ms CPU (mean of %d)\n", redo / RUNS, RUNS);

  {
    g_autofree char *dir = g_dir_make_tmp ("admiralty-bench-XXXXXX", NULL);
    measure_kept_battle (dir, 1000);
    measure_kept_battle (dir, 10000);
    bench_remove_tree (dir);
  }
  return 0;
}
