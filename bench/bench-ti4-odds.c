/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ti4-odds.c: the exact odds of a 20-unit-a-side mixed Twilight Imperium 4 space battle
 * (adm-ti4-odds.h), with and without retreats, and with the other hit policy: states of the
 * chain and milliseconds, the minimum and median of several runs. The goal is an answer well
 * under 100 ms, fast enough to update as a player changes the fleets. Prints figures; asserts
 * nothing. */

#include "config.h"

#include <stdlib.h>

#include "admiralty-engine.h"

#define N_RUNS 9
#define ATTACKER "war-sun=1,dreadnought-ii=3,carrier-ii=2,cruiser-ii=4,destroyer-ii=2," \
                 "fighter-ii=8"
#define DEFENDER "dreadnought=4,carrier=2,cruiser=3,destroyer-ii=3,fighter=8"

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static gboolean
run (AdmTi4Catalog           *catalog,
     const char              *label,
     const AdmTi4Fleet       *attacker,
     const AdmTi4Fleet       *defender,
     const AdmTi4OddsOptions *options)
{
  double ms[N_RUNS];
  guint n_states = 0, n_ends = 0;
  double attacker_wins = 0.0, draw = 0.0, rounds = 0.0;

  for (guint r = 0; r < N_RUNS; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmTi4Odds) odds = NULL;
      gint64 start = g_get_monotonic_time ();

      odds = adm_ti4_odds_compute (catalog, attacker, defender, options, &error);
      ms[r] = (g_get_monotonic_time () - start) / 1000.0;
      if (odds == NULL)
        {
          g_printerr ("bench-ti4-odds: %s\n", error->message);
          return FALSE;
        }
      n_states = odds->n_states;
      n_ends = odds->ends->len;
      attacker_wins = odds->attacker;
      draw = odds->draw;
      rounds = odds->expected_rounds;
    }
  qsort (ms, N_RUNS, sizeof ms[0], compare_doubles);
  g_print ("%-34s %6u states %6u ends  attacker %.4f draw %.4f rounds %.3f  "
           "min %.2f ms  median %.2f ms\n", label, n_states, n_ends, attacker_wins, draw, rounds,
           ms[0], ms[N_RUNS / 2]);
  return TRUE;
}

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);
  AdmTi4Fleet attacker, defender;
  AdmTi4OddsOptions options;
  gboolean ok = TRUE;

  if (catalog == NULL ||
      !adm_ti4_fleet_parse (catalog, ATTACKER, &attacker, &error) ||
      !adm_ti4_fleet_parse (catalog, DEFENDER, &defender, &error))
    {
      g_printerr ("bench-ti4-odds: %s\n", error->message);
      return EXIT_FAILURE;
    }
  g_print ("attacker %s\ndefender %s\n", ATTACKER, DEFENDER);

  adm_ti4_odds_options_init (&options);
  ok = ok && run (catalog, "no retreat", &attacker, &defender, &options);
  options.attacker_retreat_after = 2;
  ok = ok && run (catalog, "attacker retreats after 2", &attacker, &defender, &options);
  options.attacker_retreat_after = 5;
  options.defender_retreat_after = 3;
  ok = ok && run (catalog, "attacker after 5, defender after 3", &attacker, &defender,
                  &options);
  adm_ti4_odds_options_init (&options);
  options.attacker_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  options.defender_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  ok = ok && run (catalog, "cheapest-first, no retreat", &attacker, &defender, &options);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
