/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-dice.c: how much the dice-source interface costs over a bare loop on the generator.
 * Prints figures; asserts nothing. */

#include "config.h"

#include <locale.h>

#include "admiralty-engine.h"

#define N_DICE 20000000u

static double
seconds_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1e6;
}

int
main (void)
{
  g_autoptr(AdmDicePrng) bare = adm_dice_prng_new (1);
  g_autoptr(AdmDicePrng) source = adm_dice_prng_new (1);
  AdmDiceRequest one = { 1, 6, "bench", NULL };
  AdmDiceRequest batch = { 10, 6, "bench", NULL };
  guint values[10];
  guint64 sum_bare = 0, sum_one = 0, sum_batch = 0;
  double t_bare, t_one, t_batch;
  gint64 start;

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  start = g_get_monotonic_time ();
  for (guint i = 0; i < N_DICE; i++)
    sum_bare += adm_dice_prng_die (bare, 6);
  t_bare = seconds_since (start);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < N_DICE; i++)
    {
      adm_dice_source_roll (ADM_DICE_SOURCE (source), &one, values, NULL);
      sum_one += values[0];
    }
  t_one = seconds_since (start);

  start = g_get_monotonic_time ();
  for (guint i = 0; i < N_DICE / 10; i++)
    {
      adm_dice_source_roll (ADM_DICE_SOURCE (source), &batch, values, NULL);
      for (guint j = 0; j < 10; j++)
        sum_batch += values[j];
    }
  t_batch = seconds_since (start);

  /* The sums keep the loops from being optimised away, and double as a sanity check:
   * the mean of a d6 is 3.5. */
  g_print ("dice: %u d6 per run (means %.4f %.4f %.4f)\n", N_DICE,
           (double) sum_bare / N_DICE, (double) sum_one / N_DICE, (double) sum_batch / N_DICE);
  g_print ("bare generator loop:          %8.1f M dice/s\n", N_DICE / t_bare / 1e6);
  g_print ("dice source, 1 die a request: %8.1f M dice/s  (ratio to bare %.2f)\n",
           N_DICE / t_one / 1e6, t_one / t_bare);
  g_print ("dice source, 10 d6 a request: %8.1f M dice/s  (ratio to bare %.2f)\n",
           N_DICE / t_batch / 1e6, t_batch / t_bare);
  return 0;
}
