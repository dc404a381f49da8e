/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ti4-combat.c: the Twilight Imperium 4 combat resolver clause by clause (LRR 39 space
 * combat, LRR 48 ground combat) with scripted dice; undo and replay; save and load. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-file.h"
#include "ti4-helpers.h"

static AdmTi4Combat *
make_combat (AdmTi4Arena  arena,
             const char  *attacker,
             const char  *defender,
             gboolean     attacker_can_retreat,
             gboolean     defender_can_retreat)
{
  g_autoptr(GError) error = NULL;
  AdmTi4Setup setup = { 0 };
  AdmTi4Combat *combat;

  setup.arena = arena;
  g_assert_true (adm_ti4_fleet_parse (catalog (), attacker, &setup.attacker, &error));
  g_assert_no_error (error);
  g_assert_true (adm_ti4_fleet_parse (catalog (), defender, &setup.defender, &error));
  g_assert_no_error (error);
  setup.attacker_can_retreat = attacker_can_retreat;
  setup.defender_can_retreat = defender_can_retreat;
  combat = adm_ti4_combat_new (catalog (), &setup, &error);
  g_assert_no_error (error);
  g_assert_nonnull (combat);
  return combat;
}

static void
assert_need (AdmTi4Combat   *combat,
             AdmTi4NeedKind  kind,
             AdmTi4Side      side,
             gboolean        barrage,
             guint           hit_on,
             guint           count)
{
  const AdmTi4Need *need = adm_ti4_combat_get_need (combat);

  g_assert_cmpint (need->kind, ==, kind);
  if (kind == ADM_TI4_NEED_NOTHING)
    return;
  g_assert_cmpint (need->side, ==, side);
  g_assert_cmpint (need->barrage, ==, barrage);
  if (kind == ADM_TI4_NEED_DICE)
    g_assert_cmpuint (need->hit_on, ==, hit_on);
  if (kind == ADM_TI4_NEED_DICE || kind == ADM_TI4_NEED_HITS)
    g_assert_cmpuint (need->count, ==, count);
}

/* Rolls the pending group with @values typed in. */
static void
roll (AdmTi4Combat *combat,
      const char   *values)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_dice_queue_push_text (queue, values, &error));
  g_assert_true (adm_ti4_combat_roll (combat, ADM_DICE_SOURCE (queue), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 0);
}

static gboolean
log_has (AdmTi4Combat *combat,
         const char   *clause,
         const char   *text)
{
  GPtrArray *log = adm_ti4_combat_get_log (combat);

  for (guint i = 0; i < log->len; i++)
    {
      AdmTi4LogLine *line = g_ptr_array_index (log, i);

      if (g_str_equal (line->clause, clause) && (text == NULL || strstr (line->text, text)))
        return TRUE;
    }
  return FALSE;
}

static char *
fleet_string (AdmTi4Combat *combat,
              AdmTi4Side    side)
{
  return adm_ti4_fleet_to_string (catalog (), adm_ti4_combat_get_fleet (combat, side));
}

static void
no_retreat_options (AdmTi4OddsOptions *options)
{
  memset (options, 0, sizeof *options);
  options->arena = ADM_TI4_SPACE;
  options->attacker_policy = ADM_TI4_POLICY_SUSTAIN_FIRST;
  options->defender_policy = ADM_TI4_POLICY_SUSTAIN_FIRST;
  options->attacker_retreat_after = -1;
  options->defender_retreat_after = -1;
}

/* LRR 39.3, 39.3.b: the barrage is rolled in round 1 only, and hits only fighters. */
static void
test_lrr_39_3_barrage_round_one_only (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "destroyer=1,dreadnought=1", "carrier=1,fighter=2", FALSE, FALSE);

  /* Destroyer: Anti-Fighter Barrage 9 (x2), the defender has none. */
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, TRUE, 9, 2);
  g_assert_cmpstr (adm_ti4_combat_get_need (combat)->clause, ==, "LRR 39.3");
  roll (combat, "9 10");
  /* Two hits, two fighters: destroyed with no choice; the carrier is untouched. */
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_DEFENDER)->intact[unit ("fighter")],
                    ==, 0);
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_DEFENDER)->intact[unit ("carrier")],
                    ==, 1);
  g_assert_true (log_has (combat, "LRR 39.3", "2 Fighter destroyed"));

  /* No eligible systems: straight to the combat rolls (LRR 39.4.c). */
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 5, 1);
  roll (combat, "1");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 9, 1);
  roll (combat, "1");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_DEFENDER, FALSE, 9, 1);
  roll (combat, "1");
  /* Round 2 (LRR 39.8): no barrage again (39.3.b). */
  g_assert_cmpuint (adm_ti4_combat_get_round (combat), ==, 2);
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 5, 1);
  g_assert_true (log_has (combat, "LRR 39.8", NULL));
}

/* LRR 39.3.c: the step occurs without fighters, but no barrage dice are rolled (ruling). */
static void
test_lrr_39_3_no_fighters_no_barrage (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "destroyer-ii=2", "cruiser=1", FALSE, FALSE);

  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 8, 2);
  g_assert_true (log_has (combat, "LRR 39.3.c", NULL));
  g_assert_cmpuint (adm_ti4_combat_get_rolls (combat)->len, ==, 0);
}

/* LRR 39.3.a: a side with no ships after the barrage ends the combat at once. */
static void
test_lrr_39_3_a_early_end (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "destroyer-ii=1", "fighter=2", FALSE, FALSE);

  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, TRUE, 6, 3);
  roll (combat, "6 7 1");
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_WINS);
  g_assert_true (log_has (combat, "LRR 39.3.a", NULL));
  g_assert_cmpuint (adm_ti4_combat_get_round (combat), ==, 1);
  assert_need (combat, ADM_TI4_NEED_NOTHING, 0, FALSE, 0, 0);
}

/* LRR 39.3: with two kinds of fighters the defender chooses; a barrage hit on a carrier is
 * refused and changes nothing. */
static void
test_lrr_39_3_barrage_choice (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "destroyer=1", "carrier=1,fighter=2,fighter-ii=1", FALSE, FALSE);
  g_autoptr(GError) error = NULL;
  AdmTi4Assignment assignment = { 0 };
  AdmTi4Fleet before;

  roll (combat, "10 2");
  assert_need (combat, ADM_TI4_NEED_HITS, ADM_TI4_DEFENDER, TRUE, 0, 1);
  before = *adm_ti4_combat_get_fleet (combat, ADM_TI4_DEFENDER);

  assignment.destroy_intact[unit ("carrier")] = 1;
  g_assert_false (adm_ti4_combat_assign (combat, ADM_TI4_DEFENDER, &assignment, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "39.3"));
  g_clear_error (&error);
  g_assert_true (adm_ti4_fleet_equal (&before, adm_ti4_combat_get_fleet (combat,
                                                                         ADM_TI4_DEFENDER)));
  g_assert_cmpuint (adm_ti4_combat_get_events (combat)->len, ==, 1);

  memset (&assignment, 0, sizeof assignment);
  assignment.destroy_intact[unit ("fighter-ii")] = 1;
  g_assert_true (adm_ti4_combat_assign (combat, ADM_TI4_DEFENDER, &assignment, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_DEFENDER)->intact[unit ("fighter-ii")],
                    ==, 0);
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_DEFENDER)->intact[unit ("fighter")],
                    ==, 2);
  /* Then the combat rolls. */
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 9, 1);
}

/* LRR 39.4: the defender announces first; 39.4.b: then the attacker is barred; 39.7 and
 * 39.7.d: the defender retreats in step 5 and places a command token. */
static void
test_lrr_39_4_defender_first_and_bar (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "carrier=1,cruiser=2", "destroyer=1,cruiser=1", TRUE, TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *left = NULL;

  assert_need (combat, ADM_TI4_NEED_RETREAT, ADM_TI4_DEFENDER, FALSE, 0, 0);
  /* The attacker may not go first. */
  g_assert_false (adm_ti4_combat_announce (combat, ADM_TI4_ATTACKER, FALSE, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_STATE);
  g_clear_error (&error);
  g_assert_cmpuint (adm_ti4_combat_get_events (combat)->len, ==, 0);

  g_assert_true (adm_ti4_combat_announce (combat, ADM_TI4_DEFENDER, TRUE, &error));
  g_assert_no_error (error);
  /* LRR 39.4.b: the attacker is not asked, and may not announce. */
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 7, 2);
  g_assert_true (log_has (combat, "LRR 39.4.b", NULL));
  g_assert_false (adm_ti4_combat_announce (combat, ADM_TI4_ATTACKER, TRUE, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "39.4.b"));
  g_clear_error (&error);

  /* LRR 39.4.a: the retreat happens in step 5, after the dice. */
  roll (combat, "1 1");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 9, 1);
  roll (combat, "1");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_DEFENDER, FALSE, 7, 1);
  roll (combat, "1");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_DEFENDER, FALSE, 9, 1);
  g_assert_false (adm_ti4_combat_is_over (combat));
  roll (combat, "1");

  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_DEFENDER_RETREATED);
  g_assert_true (log_has (combat, "LRR 39.7.d", "command token"));
  left = fleet_string (combat, ADM_TI4_DEFENDER);
  g_assert_cmpstr (left, ==, "cruiser=1,destroyer=1");
}

/* LRR 39.4.c: a side with no eligible system is not asked and may not announce. */
static void
test_lrr_39_4_c_no_eligible_system (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "dreadnought=1", "dreadnought=1", TRUE, FALSE);
  g_autoptr(GError) error = NULL;

  /* The defender is skipped: the attacker is asked. */
  assert_need (combat, ADM_TI4_NEED_RETREAT, ADM_TI4_ATTACKER, FALSE, 0, 0);
  g_assert_false (adm_ti4_combat_announce (combat, ADM_TI4_DEFENDER, TRUE, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "39.4.c"));
  g_clear_error (&error);
  g_assert_cmpuint (adm_ti4_combat_get_events (combat)->len, ==, 0);
  assert_need (combat, ADM_TI4_NEED_RETREAT, ADM_TI4_ATTACKER, FALSE, 0, 0);
}

/* LRR 39.5: one die per ship or burst icon (39.5.a), grouped by combat value ascending
 * (39.5.b-c), the attacker before the defender (39.5.f); a 10 ("0") hits on anything. */
static void
test_lrr_39_5_dice_groups (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "fighter=2,dreadnought=1,war-sun=1", "carrier=1,cruiser=1",
                 FALSE, FALSE);
  GPtrArray *rolls;
  AdmTi4Roll *r;

  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 3, 3);  /* war sun: 3 dice */
  roll (combat, "10 2 3");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 5, 1);
  roll (combat, "4");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 9, 2);
  roll (combat, "10 8");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_DEFENDER, FALSE, 7, 1);
  roll (combat, "7");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_DEFENDER, FALSE, 9, 1);
  roll (combat, "10");

  rolls = adm_ti4_combat_get_rolls (combat);
  g_assert_cmpuint (rolls->len, ==, 5);
  r = g_ptr_array_index (rolls, 0);
  g_assert_cmpuint (r->hits, ==, 2);
  g_assert_cmpuint (r->values->len, ==, 3);
  g_assert_cmpstr (r->clause, ==, "LRR 39.5");
  g_assert_nonnull (strstr (r->purpose, "War Sun"));
  r = g_ptr_array_index (rolls, 1);
  g_assert_cmpuint (r->hits, ==, 0);
  r = g_ptr_array_index (rolls, 2);
  g_assert_cmpuint (r->hits, ==, 1);   /* the 10 hits a fighter's 9, the 8 misses */
  r = g_ptr_array_index (rolls, 4);
  g_assert_cmpint (r->side, ==, ADM_TI4_DEFENDER);
  g_assert_cmpuint (r->hits, ==, 1);

  /* The attacker's 3 hits destroy both defenders at once (no choice); the defender's 2 hits
   * leave the attacker a choice (war sun and dreadnought could sustain, fighters die). */
  assert_need (combat, ADM_TI4_NEED_HITS, ADM_TI4_ATTACKER, FALSE, 0, 2);
}

/* LRR 39.6, 39.6.a: sustain damage cancels a hit; a bad assignment is refused and the fleet
 * stays as it was; hits beyond what a side can take destroy everything by themselves. */
static void
test_lrr_39_6_sustain_then_destroy (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "dreadnought=1,destroyer=1", "cruiser=2", FALSE, FALSE);
  g_autoptr(GError) error = NULL;
  AdmTi4Assignment assignment = { 0 };
  AdmTi4Fleet before;

  roll (combat, "1");     /* dreadnought */
  roll (combat, "1");     /* destroyer */
  roll (combat, "7 8");   /* cruisers: 2 hits */
  assert_need (combat, ADM_TI4_NEED_HITS, ADM_TI4_ATTACKER, FALSE, 0, 2);
  g_assert_cmpstr (adm_ti4_combat_get_need (combat)->clause, ==, "LRR 39.6");
  before = *adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER);

  /* Two sustains but one dreadnought. */
  assignment.sustain[unit ("dreadnought")] = 2;
  g_assert_false (adm_ti4_combat_assign (combat, ADM_TI4_ATTACKER, &assignment, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_clear_error (&error);
  /* One hit left unassigned. */
  memset (&assignment, 0, sizeof assignment);
  assignment.sustain[unit ("dreadnought")] = 1;
  g_assert_false (adm_ti4_combat_assign (combat, ADM_TI4_ATTACKER, &assignment, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_clear_error (&error);
  /* A destroyer has no Sustain Damage. */
  memset (&assignment, 0, sizeof assignment);
  assignment.sustain[unit ("destroyer")] = 1;
  assignment.sustain[unit ("dreadnought")] = 1;
  g_assert_false (adm_ti4_combat_assign (combat, ADM_TI4_ATTACKER, &assignment, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_true (adm_ti4_fleet_equal (&before,
                                      adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER)));
  g_assert_cmpuint (adm_ti4_combat_get_events (combat)->len, ==, 3);

  memset (&assignment, 0, sizeof assignment);
  assignment.sustain[unit ("dreadnought")] = 1;
  assignment.destroy_intact[unit ("destroyer")] = 1;
  g_assert_true (adm_ti4_combat_assign (combat, ADM_TI4_ATTACKER, &assignment, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER)->damaged[unit ("dreadnought")],
                    ==, 1);
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER)->intact[unit ("destroyer")],
                    ==, 0);
  g_assert_true (log_has (combat, "LRR 39.6", "sustains damage"));

  /* Round 2: two hits on one damaged dreadnought — destroyed with no question. */
  g_assert_cmpuint (adm_ti4_combat_get_round (combat), ==, 2);
  roll (combat, "1");
  roll (combat, "10 10");
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_DEFENDER_WINS);
  g_assert_true (log_has (combat, "LRR 39.10", NULL));
}

/* LRR 39.7.b: a retreat takes the ships with a move value; fighters and ground forces beyond
 * their capacity are removed; 39.7.d: a command token is placed. */
static void
test_lrr_39_7_b_retreat_removes_excess (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "carrier=1,fighter=6,infantry=2", "dreadnought=1", TRUE, FALSE);
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;
  AdmTi4OddsOptions options;
  const AdmTi4Fleet *left;

  no_retreat_options (&options);
  options.attacker_retreat_after = 0;   /* announce in round 1 */
  g_assert_true (adm_dice_queue_push_text (queue, "1 1 1 1 1 1 1 1", &error));
  g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (queue), &options, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 0);

  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_RETREATED);
  left = adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER);
  g_assert_cmpuint (left->intact[unit ("carrier")], ==, 1);
  /* Capacity 4 of 8 fighters and infantry. */
  g_assert_cmpuint (adm_ti4_fleet_count (left, unit ("fighter")) +
                    adm_ti4_fleet_count (left, unit ("infantry")), ==, 4);
  g_assert_true (log_has (combat, "LRR 39.7.b", "cannot be carried"));
  g_assert_true (log_has (combat, "LRR 39.7.d", "command token"));
  g_assert_true (log_has (combat, "LRR 39.4", "announces a retreat"));
}

/* LRR 39 notes: a side with only fighters without a move value loses them and places no
 * command token. */
static void
test_lrr_39_7_fighters_only_no_token (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "fighter=2", "dreadnought=1", TRUE, FALSE);
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_ti4_combat_announce (combat, ADM_TI4_ATTACKER, TRUE, &error));
  g_assert_no_error (error);
  roll (combat, "1 1");
  roll (combat, "1");
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_RETREATED);
  g_assert_cmpuint (adm_ti4_fleet_count (adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER),
                                         unit ("fighter")), ==, 0);
  g_assert_true (log_has (combat, "LRR 39.7.b", "no command token"));
  g_assert_false (log_has (combat, "LRR 39.7.d", NULL));
}

/* LRR 39.7.a: with the opponent gone the retreat does not occur and the combat ends. */
static void
test_lrr_39_7_a_opponent_gone (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "dreadnought=2", "destroyer=1", TRUE, FALSE);
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_ti4_combat_announce (combat, ADM_TI4_ATTACKER, TRUE, &error));
  g_assert_no_error (error);
  roll (combat, "5 1");
  roll (combat, "1");
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_WINS);
  g_assert_true (log_has (combat, "LRR 39.7.a", NULL));
  g_assert_false (log_has (combat, "LRR 39.7.d", NULL));
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER)->intact[unit ("dreadnought")],
                    ==, 2);
}

/* LRR 39.9-39.10: neither side has ships left — a draw. */
static void
test_lrr_39_10_draw (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "destroyer=1", "destroyer=1", FALSE, FALSE);

  roll (combat, "9");
  roll (combat, "10");
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_DRAW);
  g_assert_true (log_has (combat, "LRR 39.10", "draw"));
}

/* LRR 39.10.a: the winner's fighters beyond its ships' capacity are removed after combat,
 * although they won it (the notes). */
static void
test_lrr_39_10_a_capacity_check (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "cruiser=1,fighter=2", "cruiser=1", FALSE, FALSE);
  g_autofree char *left = NULL;

  roll (combat, "7");     /* cruiser: a hit */
  roll (combat, "1 1");   /* fighters */
  roll (combat, "1");     /* defender */
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_WINS);
  g_assert_true (log_has (combat, "LRR 39.10.a", "2 Fighter"));
  left = fleet_string (combat, ADM_TI4_ATTACKER);
  g_assert_cmpstr (left, ==, "cruiser=1");
}

/* LRR 48: ground combat — rolls (48.1), hits with a mech's Sustain Damage (48.2), another
 * round (48.3), the end (48.4); no barrage, no retreat. */
static void
test_lrr_48_ground_combat (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_GROUND, "infantry=2", "mech=1,infantry=1", TRUE, TRUE);
  g_autoptr(GError) error = NULL;
  AdmTi4Assignment assignment = { 0 };
  g_autofree char *left = NULL;

  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 8, 2);
  g_assert_cmpstr (adm_ti4_combat_get_need (combat)->clause, ==, "LRR 48.1");
  roll (combat, "8 9");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_DEFENDER, FALSE, 6, 1);
  roll (combat, "1");
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_DEFENDER, FALSE, 8, 1);
  roll (combat, "1");
  assert_need (combat, ADM_TI4_NEED_HITS, ADM_TI4_DEFENDER, FALSE, 0, 2);
  g_assert_cmpstr (adm_ti4_combat_get_need (combat)->clause, ==, "LRR 48.2");
  g_assert_false (adm_ti4_combat_announce (combat, ADM_TI4_DEFENDER, TRUE, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_clear_error (&error);

  assignment.sustain[unit ("mech")] = 1;
  assignment.destroy_intact[unit ("infantry")] = 1;
  g_assert_true (adm_ti4_combat_assign (combat, ADM_TI4_DEFENDER, &assignment, &error));
  g_assert_no_error (error);
  g_assert_true (log_has (combat, "LRR 48.3", NULL));
  g_assert_cmpuint (adm_ti4_combat_get_round (combat), ==, 2);

  roll (combat, "8 1");   /* attacker: 1 hit */
  roll (combat, "6");     /* the mech: 1 hit */
  /* One infantry takes its hit, the damaged mech its own: no choices. */
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_WINS);
  g_assert_true (log_has (combat, "LRR 48.4", "wins"));
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER)->intact[unit ("infantry")],
                    ==, 1);
  left = fleet_string (combat, ADM_TI4_DEFENDER);
  g_assert_cmpstr (left, ==, "");
}

/* LRR 48.2: a mech's sustain keeps it alive and the attacker wins with what is left. */
static void
test_lrr_48_mech_sustains (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_GROUND, "mech=1", "infantry=2", FALSE, FALSE);
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;
  AdmTi4OddsOptions options;

  no_retreat_options (&options);
  options.arena = ADM_TI4_GROUND;
  /* Round 1: the mech hits (6), the infantry hit once (8, 1): the mech sustains. Round 2:
   * the mech hits, the last infantry misses. */
  g_assert_true (adm_dice_queue_push_text (queue, "6 8 1 10 1", &error));
  g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (queue), &options, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_WINS);
  g_assert_cmpuint (adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER)->damaged[unit ("mech")],
                    ==, 1);
  g_assert_true (log_has (combat, "LRR 48.2", "sustains damage"));
  g_assert_true (log_has (combat, "LRR 48.4", NULL));
}

static void
assert_same_state (AdmTi4Combat *a,
                   AdmTi4Combat *b)
{
  GPtrArray *la = adm_ti4_combat_get_log (a), *lb = adm_ti4_combat_get_log (b);
  GPtrArray *ra = adm_ti4_combat_get_rolls (a), *rb = adm_ti4_combat_get_rolls (b);
  const AdmTi4Need *na = adm_ti4_combat_get_need (a), *nb = adm_ti4_combat_get_need (b);

  g_assert_true (adm_ti4_fleet_equal (adm_ti4_combat_get_fleet (a, ADM_TI4_ATTACKER),
                                      adm_ti4_combat_get_fleet (b, ADM_TI4_ATTACKER)));
  g_assert_true (adm_ti4_fleet_equal (adm_ti4_combat_get_fleet (a, ADM_TI4_DEFENDER),
                                      adm_ti4_combat_get_fleet (b, ADM_TI4_DEFENDER)));
  g_assert_cmpuint (adm_ti4_combat_get_round (a), ==, adm_ti4_combat_get_round (b));
  g_assert_cmpint (adm_ti4_combat_is_over (a), ==, adm_ti4_combat_is_over (b));
  if (adm_ti4_combat_is_over (a))
    g_assert_cmpint (adm_ti4_combat_get_outcome (a), ==, adm_ti4_combat_get_outcome (b));
  g_assert_cmpint (na->kind, ==, nb->kind);
  g_assert_cmpint (na->side, ==, nb->side);
  g_assert_cmpuint (na->count, ==, nb->count);
  g_assert_cmpuint (la->len, ==, lb->len);
  for (guint i = 0; i < la->len; i++)
    {
      AdmTi4LogLine *x = g_ptr_array_index (la, i), *y = g_ptr_array_index (lb, i);

      g_assert_cmpstr (x->text, ==, y->text);
      g_assert_cmpstr (x->clause, ==, y->clause);
      g_assert_cmpuint (x->round, ==, y->round);
    }
  g_assert_cmpuint (ra->len, ==, rb->len);
  for (guint i = 0; i < ra->len; i++)
    {
      AdmTi4Roll *x = g_ptr_array_index (ra, i), *y = g_ptr_array_index (rb, i);

      g_assert_cmpuint (x->hits, ==, y->hits);
      g_assert_cmpstr (x->purpose, ==, y->purpose);
      g_assert_cmpmem (x->values->data, x->values->len * sizeof (guint),
                       y->values->data, y->values->len * sizeof (guint));
    }
  g_assert_cmpuint (adm_ti4_combat_get_events (a)->len, ==, adm_ti4_combat_get_events (b)->len);
}

/* Undo drops the last event and replays: the state is the one before it, and doing the
 * same again gives the same state. */
static void
test_undo_replay (void)
{
  const char *attacker = "dreadnought=2,carrier=1,fighter=4,destroyer=1";
  const char *defender = "cruiser=2,destroyer-ii=2,fighter=2";
  g_autoptr(AdmTi4Combat) combat = make_combat (ADM_TI4_SPACE, attacker, defender, TRUE, TRUE);
  g_autoptr(AdmTi4Combat) fresh = make_combat (ADM_TI4_SPACE, attacker, defender, TRUE, TRUE);
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (42);
  g_autoptr(GError) error = NULL;
  AdmTi4OddsOptions options;
  guint n;

  no_retreat_options (&options);
  options.defender_retreat_after = 2;
  g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (prng), &options, &error));
  g_assert_no_error (error);
  n = adm_ti4_combat_get_events (combat)->len;
  g_assert_cmpuint (n, >, 3);

  /* Undo everything, one event at a time; then the fresh combat and the undone one agree. */
  for (guint k = 0; k < n; k++)
    g_assert_true (adm_ti4_combat_undo (combat));
  g_assert_false (adm_ti4_combat_undo (combat));
  assert_same_state (combat, fresh);

  /* Play again with the same seed: the same combat. */
  {
    g_autoptr(AdmDicePrng) again = adm_dice_prng_new (42);
    g_autoptr(AdmTi4Combat) second = make_combat (ADM_TI4_SPACE, attacker, defender, TRUE, TRUE);
    g_autoptr(AdmDicePrng) third = adm_dice_prng_new (42);

    g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (again), &options, &error));
    g_assert_no_error (error);
    g_assert_true (adm_ti4_combat_run (second, ADM_DICE_SOURCE (third), &options, &error));
    g_assert_no_error (error);
    assert_same_state (combat, second);

    /* One undo, then the same last step again. */
    {
      g_autoptr(AdmEvent) last =
        adm_event_ref (g_ptr_array_index (adm_ti4_combat_get_events (combat), n - 1));
      const char *kind = adm_event_get_kind (last);

      g_assert_true (adm_ti4_combat_undo (combat));
      g_assert_false (adm_ti4_combat_is_over (combat));
      g_assert_cmpuint (adm_ti4_combat_get_events (combat)->len, ==, n - 1);
      if (g_str_equal (kind, "ti4-dice"))
        {
          g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();

          g_assert_true (adm_dice_queue_push_text (queue, adm_event_get (last, "values"),
                                                   &error));
          g_assert_true (adm_ti4_combat_roll (combat, ADM_DICE_SOURCE (queue), &error));
        }
      else
        g_assert_true (adm_ti4_combat_advance (combat, NULL, &options, &error));
      g_assert_no_error (error);
      assert_same_state (combat, second);
    }
  }
}

/* Save, then load: the same combat, over or in the middle. */
static void
test_save_load_round_trip (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "dreadnought=2,carrier=1,fighter=3",
                 "cruiser=2,destroyer=2", TRUE, TRUE);
  g_autoptr(AdmTi4Combat) loaded = NULL;
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (7);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ti4-combat-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  AdmTi4OddsOptions options;

  no_retreat_options (&options);
  /* Half-way: three steps. */
  for (guint k = 0; k < 3; k++)
    g_assert_true (adm_ti4_combat_advance (combat, ADM_DICE_SOURCE (prng), &options, &error));
  g_assert_no_error (error);
  g_assert_true (adm_ti4_combat_save (combat, path, &error));
  g_assert_no_error (error);
  loaded = adm_ti4_combat_load_file (catalog (), path, &error);
  g_assert_no_error (error);
  assert_same_state (combat, loaded);
  g_clear_object (&loaded);

  g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (prng), &options, &error));
  g_assert_no_error (error);
  g_assert_true (adm_ti4_combat_save (combat, path, &error));
  g_assert_no_error (error);
  loaded = adm_ti4_combat_load_file (catalog (), path, &error);
  g_assert_no_error (error);
  assert_same_state (combat, loaded);

  /* Saving the loaded one writes the same bytes. */
  g_assert_true (g_file_get_contents (path, &first, NULL, NULL));
  g_assert_true (adm_ti4_combat_save (loaded, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &second, NULL, NULL));
  g_assert_cmpstr (first, ==, second);

  {
    g_autofree char *backup = adm_file_backup_path (path, NULL, 1);
    g_autofree char *backup2 = adm_file_backup_path (path, NULL, 2);

    g_unlink (path);
    g_unlink (backup);
    g_unlink (backup2);
  }
  g_rmdir (dir);
}

/* A corrupted file and an event the rules refuse: "FILE:LINE: problem", nothing loaded (the truncated file
 * is named by its full path, the rest by its name). */
static void
test_corrupt_file (void)
{
  static const char *const bad_die =
    "<?xml version=\"1.0\"?>\n"
    "<ti4-combat version=\"1\" arena=\"space\">\n"
    "  <attacker units=\"dreadnought=1\" can-retreat=\"false\"/>\n"
    "  <defender units=\"cruiser=1\" can-retreat=\"false\"/>\n"
    "  <journal>\n"
    "    <event kind=\"ti4-dice\" time=\"2026-11-22T18:00:00Z\" round=\"1\" side=\"attacker\""
    " barrage=\"false\" hit-on=\"5\" values=\"3\"/>\n"
    "    <event kind=\"ti4-dice\" time=\"2026-11-22T18:00:00Z\" round=\"1\" side=\"defender\""
    " barrage=\"false\" hit-on=\"7\" values=\"11\"/>\n"
    "  </journal>\n"
    "</ti4-combat>\n";
  static const char *const wrong_side =
    "<?xml version=\"1.0\"?>\n"
    "<ti4-combat version=\"1\" arena=\"space\">\n"
    "  <attacker units=\"dreadnought=1\" can-retreat=\"false\"/>\n"
    "  <defender units=\"cruiser=1\" can-retreat=\"false\"/>\n"
    "  <journal>\n"
    "    <event kind=\"ti4-dice\" time=\"2026-11-22T18:00:00Z\" round=\"1\" side=\"defender\""
    " barrage=\"false\" hit-on=\"7\" values=\"3\"/>\n"
    "  </journal>\n"
    "</ti4-combat>\n";
  static const char *const bad_unit =
    "<?xml version=\"1.0\"?>\n"
    "<ti4-combat version=\"1\" arena=\"space\">\n"
    "  <attacker units=\"dreadnought=1\"/>\n"
    "  <defender units=\"starbase=1\"/>\n"
    "  <journal/>\n"
    "</ti4-combat>\n";
  struct { const char *text; const char *expect; } cases[] = {
    { bad_die, "combat.xml:7:" },
    { wrong_side, "combat.xml:6:" },
    { bad_unit, "combat.xml:4:" },
    { "<?xml version=\"1.0\"?>\n<ti4-combat version=\"1\" arena=\"space\">\n  <attacker",
      "combat.xml:" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ti4-combat-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdmTi4Combat) combat = NULL;
      g_autoptr(GError) local_error = NULL;

      g_assert_true (g_file_set_contents (path, cases[i].text, -1, NULL));
      combat = adm_ti4_combat_load_file (catalog (), path, &local_error);
      g_assert_null (combat);
      g_assert_nonnull (local_error);
      if (strstr (local_error->message, cases[i].expect) == NULL)
        g_error ("case %u: “%s” does not start with “%s”", i, local_error->message,
                 cases[i].expect);
    }
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
}

/* Newlines in @text before @end. */
static guint
count_lines (const char *text,
             const char *end)
{
  guint n = 0;

  for (const char *c = text; c < end; c++)
    n += *c == '\n';
  return n;
}

/* A hit assignment read from a file is a unit list like a fleet's (LRR 39.6): a unit listed
 * twice is refused with the file and line, not added up (a hostile file could otherwise wrap
 * a count round to a small one that passes the check). */
static void
test_hits_listed_twice (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "dreadnought=2,carrier=1,fighter=3",
                 "cruiser=2,destroyer=2", TRUE, TRUE);
  g_autoptr(AdmTi4Combat) loaded = NULL;
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (7);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ti4-combat-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *line_prefix = NULL;
  g_autoptr(GString) changed = NULL;
  const char *attribute, *action, *value, *end;
  AdmTi4OddsOptions options;
  guint line;

  no_retreat_options (&options);
  g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (prng), &options, &error));
  g_assert_no_error (error);
  g_assert_true (adm_ti4_combat_save (combat, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));

  /* The first assignment's first unit, listed once more: destroy="fighter=1" becomes
   * destroy="fighter=1,fighter=1". */
  attribute = strstr (text, " destroy=\"");
  g_assert_nonnull (attribute);
  value = attribute + strlen (" destroy=\"");
  for (end = value; *end != ',' && *end != '"'; end++)
    ;
  changed = g_string_new_len (text, end - text);
  g_string_append (changed, ",");
  g_string_append_len (changed, value, end - value);
  g_string_append (changed, end);
  /* Errors name the line of the action that holds the event. */
  action = g_strrstr_len (text, attribute - text, "<action ");
  g_assert_nonnull (action);
  line = 1 + count_lines (text, action);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));

  loaded = adm_ti4_combat_load_file (catalog (), path, &error);
  g_assert_null (loaded);
  g_assert_nonnull (error);
  line_prefix = g_strdup_printf ("combat.xml:%u:", line);
  if (strstr (error->message, line_prefix) == NULL || strstr (error->message, "twice") == NULL)
    g_error ("“%s” does not name %s and the unit listed twice", error->message, line_prefix);

  {
    g_autofree char *backup = adm_file_backup_path (path, NULL, 1);

    g_unlink (path);
    g_unlink (backup);
  }
  g_rmdir (dir);
}

/* An action named by a round that is not a number (LRR 39: rounds are counted from 1) is
 * refused with its line and the range, not shown as "Roll of Defender, round NaN". */
static void
test_junk_round (void)
{
  static const char * const rounds[] = { "NaN", "0", "-1", "1.5", "18446744073709551616", "" };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ti4-combat-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (rounds); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<ti4-combat version=\"2\" arena=\"space\">\n"
        "  <attacker units=\"cruiser=1\" can-retreat=\"false\"/>\n"
        "  <defender units=\"destroyer=1\" can-retreat=\"false\"/>\n"
        "  <journal>\n"
        "    <action id=\"1\" what=\"ti4-dice\" time=\"2026-11-24T06:07:35Z\" round=\"%s\" "
        "side=\"attacker\">\n"
        "      <event kind=\"ti4-dice\" time=\"2026-11-24T06:07:35Z\" round=\"1\" "
        "side=\"attacker\" barrage=\"false\" hit-on=\"7\" values=\"7\"/>\n"
        "    </action>\n"
        "  </journal>\n"
        "</ti4-combat>\n", rounds[i]);
      g_autofree char *expected = g_strdup_printf ("combat.xml:6: <action> round is “%s”; it "
                                                   "must be a whole number 1–2147483647",
                                                   rounds[i]);
      g_autoptr(AdmTi4Combat) combat = NULL;
      g_autoptr(GError) local_error = NULL;

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      combat = adm_ti4_combat_load_file (catalog (), path, &local_error);
      g_assert_null (combat);
      g_assert_nonnull (local_error);
      g_assert_nonnull (strstr (local_error->message, expected));
    }
  g_unlink (path);
  g_rmdir (dir);
}

/* A typed die that is not on a d10 is refused by the source and nothing changes; so is an
 * empty queue. */
static void
test_out_of_range_die (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "dreadnought=1", "cruiser=1", FALSE, FALSE);
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;

  adm_dice_queue_push (queue, 11);
  g_assert_false (adm_ti4_combat_roll (combat, ADM_DICE_SOURCE (queue), &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, "11"));
  g_clear_error (&error);
  g_assert_cmpuint (adm_ti4_combat_get_events (combat)->len, ==, 0);
  g_assert_cmpuint (adm_ti4_combat_get_rolls (combat)->len, ==, 0);
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 5, 1);

  adm_dice_queue_clear (queue);
  g_assert_false (adm_ti4_combat_roll (combat, ADM_DICE_SOURCE (queue), &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
  g_clear_error (&error);
  assert_need (combat, ADM_TI4_NEED_DICE, ADM_TI4_ATTACKER, FALSE, 5, 1);
}

/* The report: title, set-up, rounds, the dice table and the outcome. */
static void
test_report (void)
{
  g_autoptr(AdmTi4Combat) combat =
    make_combat (ADM_TI4_SPACE, "destroyer=1", "destroyer=1", FALSE, FALSE);
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *text = NULL;

  roll (combat, "1");
  roll (combat, "1");
  roll (combat, "9");
  roll (combat, "3");
  doc = adm_ti4_combat_report (combat);
  text = adm_doc_to_text (doc);
  g_assert_nonnull (strstr (text, "Round 1"));
  g_assert_nonnull (strstr (text, "Round 2"));
  g_assert_nonnull (strstr (text, "[LRR 39.5]"));
  g_assert_nonnull (strstr (text, "[LRR 39.10]"));
  g_assert_nonnull (strstr (text, "Attacker wins"));
  g_assert_nonnull (strstr (text, "LRR 39.5\t9\t1"));
}

/* Every end the resolver reaches is one the exact odds give a chance to (LRR 39.10, 39.10.a,
 * 39.7.b, 48.4): the same rules, step by step and as a Markov chain. */
static void
check_ends_against_odds (AdmTi4Arena              arena,
                         const char              *attacker,
                         const char              *defender,
                         const AdmTi4OddsOptions *options)
{
  g_autoptr(AdmTi4Odds) odds = NULL;
  g_autoptr(GError) error = NULL;
  AdmTi4Fleet a, d;

  g_assert_true (adm_ti4_fleet_parse (catalog (), attacker, &a, &error));
  g_assert_true (adm_ti4_fleet_parse (catalog (), defender, &d, &error));
  odds = adm_ti4_odds_compute (catalog (), &a, &d, options, &error);
  g_assert_no_error (error);

  for (guint64 seed = 1; seed <= 40; seed++)
    {
      g_autoptr(AdmTi4Combat) combat =
        make_combat (arena, attacker, defender, options->attacker_retreat_after >= 0,
                     options->defender_retreat_after >= 0);
      g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (seed);
      gboolean found = FALSE;

      g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (prng), options, &error));
      g_assert_no_error (error);
      for (guint e = 0; e < odds->ends->len && !found; e++)
        {
          const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

          found = end->outcome == adm_ti4_combat_get_outcome (combat) &&
                  adm_ti4_fleet_equal (&end->attacker,
                                       adm_ti4_combat_get_fleet (combat, ADM_TI4_ATTACKER)) &&
                  adm_ti4_fleet_equal (&end->defender,
                                       adm_ti4_combat_get_fleet (combat, ADM_TI4_DEFENDER)) &&
                  end->probability > 0.0;
        }
      if (!found)
        {
          g_autofree char *x = fleet_string (combat, ADM_TI4_ATTACKER);
          g_autofree char *y = fleet_string (combat, ADM_TI4_DEFENDER);

          g_error ("seed %" G_GUINT64_FORMAT ": %s, attacker %s, defender %s is not an end "
                   "of the odds", seed,
                   adm_ti4_outcome_to_string (adm_ti4_combat_get_outcome (combat)), x, y);
        }
    }
}

static void
test_ends_match_odds (void)
{
  AdmTi4OddsOptions options;

  no_retreat_options (&options);
  check_ends_against_odds (ADM_TI4_SPACE, "dreadnought=1,carrier=1,fighter=3,infantry=2",
                           "destroyer=2,cruiser=1", &options);
  options.defender_retreat_after = 1;
  check_ends_against_odds (ADM_TI4_SPACE, "dreadnought=1,carrier=1,fighter=3,infantry=2",
                           "destroyer=2,cruiser=1,fighter=2", &options);
  options.defender_retreat_after = -1;
  options.attacker_retreat_after = 1;
  options.attacker_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  check_ends_against_odds (ADM_TI4_SPACE, "dreadnought=2,carrier=1,fighter=4,infantry=4",
                           "cruiser=2,destroyer-ii=1", &options);
  no_retreat_options (&options);
  options.arena = ADM_TI4_GROUND;
  check_ends_against_odds (ADM_TI4_GROUND, "infantry=3,mech=1", "mech=1,infantry=2", &options);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ti4-combat/lrr-39.3/barrage-round-one-only", test_lrr_39_3_barrage_round_one_only);
  g_test_add_func ("/ti4-combat/lrr-39.3.c/no-fighters-no-barrage", test_lrr_39_3_no_fighters_no_barrage);
  g_test_add_func ("/ti4-combat/lrr-39.3.a/early-end", test_lrr_39_3_a_early_end);
  g_test_add_func ("/ti4-combat/lrr-39.3/barrage-choice", test_lrr_39_3_barrage_choice);
  g_test_add_func ("/ti4-combat/lrr-39.4/defender-first-and-bar", test_lrr_39_4_defender_first_and_bar);
  g_test_add_func ("/ti4-combat/lrr-39.4.c/no-eligible-system", test_lrr_39_4_c_no_eligible_system);
  g_test_add_func ("/ti4-combat/lrr-39.5/dice-groups", test_lrr_39_5_dice_groups);
  g_test_add_func ("/ti4-combat/lrr-39.6/sustain-then-destroy", test_lrr_39_6_sustain_then_destroy);
  g_test_add_func ("/ti4-combat/lrr-39.7.b/retreat-removes-excess", test_lrr_39_7_b_retreat_removes_excess);
  g_test_add_func ("/ti4-combat/lrr-39.7/fighters-only-no-token", test_lrr_39_7_fighters_only_no_token);
  g_test_add_func ("/ti4-combat/lrr-39.7.a/opponent-gone", test_lrr_39_7_a_opponent_gone);
  g_test_add_func ("/ti4-combat/lrr-39.10/draw", test_lrr_39_10_draw);
  g_test_add_func ("/ti4-combat/lrr-39.10.a/capacity-check", test_lrr_39_10_a_capacity_check);
  g_test_add_func ("/ti4-combat/lrr-48/ground-combat", test_lrr_48_ground_combat);
  g_test_add_func ("/ti4-combat/lrr-48.2/mech-sustains", test_lrr_48_mech_sustains);
  g_test_add_func ("/ti4-combat/journal/undo-replay", test_undo_replay);
  g_test_add_func ("/ti4-combat/journal/save-load", test_save_load_round_trip);
  g_test_add_func ("/ti4-combat/journal/corrupt-file", test_corrupt_file);
  g_test_add_func ("/ti4-combat/journal/junk-round", test_junk_round);
  g_test_add_func ("/ti4-combat/lrr-39.6/hits-listed-twice", test_hits_listed_twice);
  g_test_add_func ("/ti4-combat/dice/out-of-range", test_out_of_range_die);
  g_test_add_func ("/ti4-combat/report", test_report);
  g_test_add_func ("/ti4-combat/ends-match-odds", test_ends_match_odds);

  return g_test_run ();
}
