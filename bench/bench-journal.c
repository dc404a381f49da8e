/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-journal.c: undo and redo in a long battle (issue 15) — 100 cruisers a side played for
 * 20 turns (100 phases), then the last phase undone and redone: the journal puts back the
 * state kept from before the phase instead of replaying 99 phases. Prints figures with their
 * targets; asserts nothing. */

#include "config.h"

#include <locale.h>

#include <string.h>
#include <time.h>

#include "admiralty-engine.h"

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
  g_print ("undo of the last phase: %6.2f ms CPU (target ≤ 16 ms; mean of %d)\n", undo / RUNS,
           RUNS);
  g_print ("redo of that phase:     %6.2f ms CPU (mean of %d)\n", redo / RUNS, RUNS);
  return 0;
}
