/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-ti4-odds.c: the exact odds of a 20-unit-a-side mixed Twilight Imperium 4 space battle
 * (adm-ti4-odds.h), with and without retreats, and with the other hit policy: states of the
 * chain and milliseconds, the minimum and median of several runs; the named battles (named[]
 * below), and the growth with the number of units. The target is a ratio to other software,
 * not a fixed time: the exact odds at least 20 times faster than the best exact calculator on
 * the same battles. No such calculator is part of this program, so it prints the target
 * beside the times and leaves the comparison to whoever times that calculator on the same
 * fleets. Prints figures; asserts nothing. */

#include "config.h"

#include <locale.h>

#include <stdlib.h>
#include <time.h>

#include "admiralty-engine.h"

/* CPU time of this process in µs: the figures are the program's own work, whatever else the
 * machine is doing (the development machine is shared). */
static gint64
cpu_time_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

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

/* Target: at least this many times faster than the best exact calculator on the same
 * battles. */
#define MIRROR "fighter=10,carrier=4,dreadnought=4,war-sun=2,destroyer=4,cruiser=4"
#define TARGET_TIMES_FASTER 20

static const struct {
  const char *name, *attacker, *defender;
} named[] = {
  { "mirror (28 a side)", MIRROR, MIRROR },
  { "2 v 2 dreadnoughts", "dreadnought=2", "dreadnought=2" },
  { "war sun v 3 dreadnoughts", "war-sun=1", "dreadnought=3" },
  { "carrier+3 fighters+dread v 2 destroyers+cruiser", "carrier=1,fighter=3,dreadnought=1",
    "destroyer=2,cruiser=1" },
};

/* The mean time of one computation, ms, over enough repetitions to measure a small one. */
static double
time_one (AdmTi4Catalog           *catalog,
          const AdmTi4Fleet       *attacker,
          const AdmTi4Fleet       *defender,
          const AdmTi4OddsOptions *options,
          guint                   *n_states)
{
  double best = G_MAXDOUBLE;

  for (guint r = 0; r < N_RUNS; r++)
    {
      guint reps = 0;
      gint64 start = cpu_time_us (), now;

      do
        {
          g_autoptr(AdmTi4Odds) odds = adm_ti4_odds_compute (catalog, attacker, defender,
                                                             options, NULL);

          g_assert (odds != NULL);
          *n_states = odds->n_states;
          reps++;
          now = cpu_time_us ();
        }
      while (now - start < 20000);
      best = MIN (best, (now - start) / 1000.0 / reps);
    }
  return best;
}

/* A fleet of @n units in the mirror battle's proportions (10 : 4 : 4 : 2 : 4 : 4). */
static void
scaled_fleet (AdmTi4Catalog *catalog,
              guint          n,
              AdmTi4Fleet   *fleet)
{
  static const struct { const char *id; guint share; } mix[] = {
    { "war-sun", 2 }, { "dreadnought", 4 }, { "carrier", 4 }, { "cruiser", 4 },
    { "destroyer", 4 }, { "fighter", 10 },
  };
  guint left = n;

  adm_ti4_fleet_clear (fleet);
  for (guint i = 0; i < G_N_ELEMENTS (mix); i++)
    {
      guint count = i + 1 < G_N_ELEMENTS (mix) ? MIN (left, (n * mix[i].share + 14) / 28)
                                               : left;

      fleet->intact[adm_ti4_catalog_find (catalog, mix[i].id)] = count;
      left -= count;
    }
}

/* With @small_only (`bench-ti4-odds small`, for a profiler), the small battles alone. */
static void
run_named (AdmTi4Catalog *catalog,
           gboolean       small_only)
{
  AdmTi4OddsOptions options;

  adm_ti4_odds_options_init (&options);
  g_print ("named battles (best mean of %d, each over 20 ms of repetitions); target: each at "
           "least %dx faster than the best exact calculator on the same battle (that "
           "calculator is not timed here):\n", N_RUNS, TARGET_TIMES_FASTER);
  for (guint i = small_only ? 1 : 0; i < G_N_ELEMENTS (named); i++)
    {
      AdmTi4Fleet a, d;
      guint n_states = 0;
      double ms;

      if (!adm_ti4_fleet_parse (catalog, named[i].attacker, &a, NULL) ||
          !adm_ti4_fleet_parse (catalog, named[i].defender, &d, NULL))
        g_error ("bad fleet in %s", named[i].name);
      ms = time_one (catalog, &a, &d, &options, &n_states);
      g_print ("  %-48s %6u states  %9.4f ms\n", named[i].name, n_states, ms);
    }
  if (small_only)
    return;
  g_print ("scaling, the mirror battle's mix:\n");
  for (guint n = 10; n <= 40; n += n == 20 ? 6 : n == 26 ? 14 : 10)
    {
      AdmTi4Fleet fleet;
      guint n_states = 0;
      double ms;

      scaled_fleet (catalog, n, &fleet);
      ms = time_one (catalog, &fleet, &fleet, &options, &n_states);
      g_print ("  %2u units a side  %7u states  %9.3f ms  %.3f us a state\n", n, n_states, ms,
               1000.0 * ms / MAX (n_states, 1));
    }
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
      gint64 start = cpu_time_us ();

      odds = adm_ti4_odds_compute (catalog, attacker, defender, options, &error);
      ms[r] = (cpu_time_us () - start) / 1000.0;
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
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);
  AdmTi4Fleet attacker, defender;
  AdmTi4OddsOptions options;
  gboolean ok = TRUE;

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  if (catalog == NULL ||
      !adm_ti4_fleet_parse (catalog, ATTACKER, &attacker, &error) ||
      !adm_ti4_fleet_parse (catalog, DEFENDER, &defender, &error))
    {
      g_printerr ("bench-ti4-odds: %s\n", error->message);
      return EXIT_FAILURE;
    }
  run_named (catalog, argc > 1 && g_str_equal (argv[1], "small"));
  if (argc > 1)
    return EXIT_SUCCESS;
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
