/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-asking-dice.c: the app's source of real dice for a battle phase — values typed ahead for
 * a volley's rolls, taken only by the very roll they were typed for, the values a phase did not
 * come to counted and named rather than lost, and the trials of a phase with ones and with the
 * highest faces. */

#include "config.h"

#include "admiralty-asking-dice.h"

static AdmDiceRequest
request_of (const char *purpose,
            guint       count)
{
  AdmDiceRequest request = { 0 };

  request.purpose = purpose;
  request.clause = "F-ART-7";
  request.count = count;
  request.sides = 6;
  return request;
}

/* Values typed for a roll the phase did not come to: counted and named once the run is over,
 * never left to vanish. */
static void
test_unused_named (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(AdmiraltyAskingDice) asking = admiralty_asking_dice_new (queue);
  g_autoptr(GPtrArray) purposes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  AdmDiceRequest peregrine = request_of ("Peregrine's main battery", 4);
  AdmDiceRequest basilisk = request_of ("Basilisk's main battery", 2);
  AdmDiceRequest basilisk_now = request_of ("Basilisk's main battery", 4);
  const guint four[] = { 6, 5, 6, 4 }, two[] = { 3, 2 };
  guint values[4] = { 0 };

  admiralty_asking_dice_add_typed (asking, &peregrine, four);
  admiralty_asking_dice_add_typed (asking, &basilisk, two);
  admiralty_asking_dice_restart (asking, NULL, FALSE);
  /* The first roll as typed; the second has changed with its results (another column). */
  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (asking), &peregrine, values, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (values[0], ==, 6);
  g_assert_cmpuint (values[3], ==, 4);
  g_assert_false (adm_dice_source_roll (ADM_DICE_SOURCE (asking), &basilisk_now, values,
                                        &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
  g_assert_cmpuint (admiralty_asking_dice_get_taken (asking)->len, ==, 4);

  g_assert_cmpuint (admiralty_asking_dice_drop_unused (asking, purposes), ==, 2);
  g_assert_cmpuint (purposes->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (purposes, 0), ==, "Basilisk's main battery");
  /* Said once: nothing is left to say the next time. */
  g_assert_cmpuint (admiralty_asking_dice_drop_unused (asking, NULL), ==, 0);
}

/* The trials of a phase: the dice not typed are ones, or the highest faces. */
static void
test_trial_faces (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(AdmiraltyAskingDice) asking = admiralty_asking_dice_new (queue);
  AdmDiceRequest roll = request_of ("Kestrel's main battery", 3);
  guint values[3] = { 0 };

  admiralty_asking_dice_restart (asking, NULL, TRUE);
  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (asking), &roll, values, NULL));
  g_assert_cmpuint (values[2], ==, 1);
  admiralty_asking_dice_restart (asking, NULL, TRUE);
  admiralty_asking_dice_set_highest (asking, TRUE, NULL);
  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (asking), &roll, values, NULL));
  g_assert_cmpuint (values[0], ==, 6);
  g_assert_cmpuint (values[2], ==, 6);
  g_assert_cmpuint (admiralty_asking_dice_get_unmets (asking)->len, ==, 1);
  admiralty_asking_dice_truncate_unmets (asking, 0);
  g_assert_null (admiralty_asking_dice_get_unmet (asking));
  /* A restart goes back to ones. */
  admiralty_asking_dice_restart (asking, NULL, TRUE);
  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (asking), &roll, values, NULL));
  g_assert_cmpuint (values[0], ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/asking-dice/unused-named", test_unused_named);
  g_test_add_func ("/ui/asking-dice/trial-faces", test_trial_faces);
  return g_test_run ();
}
