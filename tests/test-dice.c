/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dice.c: the dice sources — the seeded generator and the queue of typed values. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"

static void
test_prng_known_sequence (void)
{
  /* xoshiro256** seeded by splitmix64(0): the reference implementation's first outputs. */
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (0);
  guint64 first = adm_dice_prng_next (prng);
  g_autoptr(AdmDicePrng) again = adm_dice_prng_new (0);

  g_assert_cmpuint (first, ==, G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4));
  g_assert_cmpuint (adm_dice_prng_next (again), ==, first);
  g_assert_cmpuint (adm_dice_prng_get_draws (prng), ==, 1);
}

static void
test_prng_restore (void)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (12345);
  g_autoptr(AdmDicePrng) restored = adm_dice_prng_new (1);
  guint64 expected;

  for (int i = 0; i < 100; i++)
    adm_dice_prng_die (prng, 6);
  adm_dice_prng_restore (restored, 12345, adm_dice_prng_get_draws (prng));
  g_assert_cmpuint (adm_dice_prng_get_seed (restored), ==, 12345);
  expected = adm_dice_prng_next (prng);
  g_assert_cmpuint (adm_dice_prng_next (restored), ==, expected);
}

/* Every face comes up, and none is favoured beyond chance (chi-square, 5 d.o.f.). */
static void
test_prng_fair_d6 (void)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (2026);
  guint counts[7] = { 0 };
  const guint n = 60000;
  double chi = 0;

  for (guint i = 0; i < n; i++)
    {
      guint face = adm_dice_prng_die (prng, 6);

      g_assert_cmpuint (face, >=, 1);
      g_assert_cmpuint (face, <=, 6);
      counts[face]++;
    }
  for (guint face = 1; face <= 6; face++)
    {
      double expected = n / 6.0;

      chi += (counts[face] - expected) * (counts[face] - expected) / expected;
    }
  /* 20.5 is the 0.999 quantile of chi-square with 5 degrees of freedom. */
  g_assert_cmpfloat (chi, <, 20.5);
}

static void
test_prng_source (void)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (99);
  AdmDiceRequest request = { 10, 3, "d3 test", NULL };
  guint values[10];

  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (prng), &request, values, NULL));
  for (guint i = 0; i < 10; i++)
    g_assert_cmpuint (values[i], <=, 3);
}

static void
test_queue_in_order (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  AdmDiceRequest request = { 2, 6, "Readiness check", "F-RDY-2" };
  guint values[2];
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_dice_queue_push_text (queue, "3 5, 6", &error));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 3);
  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (queue), &request, values, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (values[0], ==, 3);
  g_assert_cmpuint (values[1], ==, 5);
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 1);
}

/* A value not on the die is refused, naming the value and the roll, and nothing is used. */
static void
test_queue_refuses_out_of_range (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  AdmDiceRequest request = { 2, 6, "Bow battery at Triumph", "F-ART-12" };
  guint values[2];
  g_autoptr(GError) error = NULL;

  adm_dice_queue_push (queue, 4);
  adm_dice_queue_push (queue, 7);
  g_assert_false (adm_dice_source_roll (ADM_DICE_SOURCE (queue), &request, values, &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, "7"));
  g_assert_nonnull (strstr (error->message, "Bow battery at Triumph"));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 2);
}

static void
test_queue_too_few (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  AdmDiceRequest request = { 3, 6, "Torpedo salvo", "F-TORP-7" };
  guint values[3];
  g_autoptr(GError) error = NULL;

  adm_dice_queue_push (queue, 4);
  g_assert_false (adm_dice_source_roll (ADM_DICE_SOURCE (queue), &request, values, &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
  g_assert_nonnull (strstr (error->message, "3d6"));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 1);
}

static void
test_queue_parse_errors (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_dice_queue_push_text (queue, "3 five 2", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "five"));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 0);
  g_clear_error (&error);

  g_assert_false (adm_dice_queue_push_text (queue, "  ", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
  g_clear_error (&error);

  g_assert_false (adm_dice_queue_push_text (queue, "0", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
  g_clear_error (&error);

  g_assert_false (adm_dice_queue_push_text (queue, "-2", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
}

static void
test_describe (void)
{
  g_autofree char *two = adm_dice_describe (2, 6);
  g_autofree char *one = adm_dice_describe (1, 3);

  g_assert_cmpstr (two, ==, "2d6");
  g_assert_cmpstr (one, ==, "d3");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/dice/prng/known-sequence", test_prng_known_sequence);
  g_test_add_func ("/engine/dice/prng/restore", test_prng_restore);
  g_test_add_func ("/engine/dice/prng/fair-d6", test_prng_fair_d6);
  g_test_add_func ("/engine/dice/prng/source", test_prng_source);
  g_test_add_func ("/engine/dice/queue/F-RDY-2/in-order", test_queue_in_order);
  g_test_add_func ("/engine/dice/queue/refuses-out-of-range", test_queue_refuses_out_of_range);
  g_test_add_func ("/engine/dice/queue/too-few", test_queue_too_few);
  g_test_add_func ("/engine/dice/queue/parse-errors", test_queue_parse_errors);
  g_test_add_func ("/engine/dice/describe", test_describe);

  return g_test_run ();
}
