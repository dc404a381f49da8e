/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-odds.c: the exact odds of a declared fire (adm-odds.h), checked against closed forms
 * worked out by hand for small fires, against the binomial formula for a thousand dice, and
 * through the ruleset wrapper against the F-ART-14 table and the rulings. */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "admiralty-engine.h"
#include "adm-odds.h"
#include "adm-ruleset.h"
#include "adm-xml.h"
#include "shipped-helpers.h"

#define EPSILON 1e-12

/* A fire with everything off: no shields, no re-roll, no save, no critical. */
static AdmFireOddsInput
fire (int dice,
      int hit_on)
{
  AdmFireOddsInput input = { 0, };

  input.dice = dice;
  input.hit_on = hit_on;
  input.order = ADM_SHIELDS_AFTER_ARMOUR;
  input.critical_on = 7;
  return input;
}

/* @odds is exactly @expected (@n slots), sums to 1, and its expectation and tails agree. */
static void
assert_damage (const AdmFireOdds *odds,
               const double      *expected,
               int                n)
{
  double sum = 0.0, mean = 0.0, tail = 0.0;

  g_assert_nonnull (odds);
  g_assert_cmpint (odds->max_damage, ==, n - 1);
  for (int k = 0; k < n; k++)
    {
      g_test_message ("P(%d damage) = %.17g, expected %.17g", k, odds->damage[k], expected[k]);
      g_assert_cmpfloat_with_epsilon (odds->damage[k], expected[k], EPSILON);
      sum += odds->damage[k];
      mean += k * expected[k];
    }
  g_assert_cmpfloat_with_epsilon (sum, 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->expected_damage, mean, EPSILON);
  for (int k = n - 1; k >= 0; k--)
    {
      tail += expected[k];
      g_assert_cmpfloat_with_epsilon (adm_fire_odds_at_least (odds, k), tail, EPSILON);
    }
  g_assert_cmpfloat (adm_fire_odds_at_least (odds, n), ==, 0.0);
  g_assert_cmpfloat (adm_fire_odds_at_least (odds, -3), ==, 1.0);
}

/* F-ART-12: each die at or above the armour is a hit and a damage point. */
static void
test_armour (void)
{
  AdmFireOddsInput input = fire (1, 4);
  g_autoptr(AdmFireOdds) one = adm_fire_odds_compute (&input);
  g_autoptr(AdmFireOdds) three = NULL;
  g_autoptr(AdmFireOdds) sure = NULL;
  g_autoptr(AdmFireOdds) zero_armour = NULL;
  g_autoptr(AdmFireOdds) never = NULL;
  const double half[] = { 0.5, 0.5 };
  /* Binomial(3, 1/3): (2/3)^3, 3 (1/3)(2/3)^2, 3 (1/3)^2 (2/3), (1/3)^3. */
  const double thirds[] = { 8.0 / 27, 12.0 / 27, 6.0 / 27, 1.0 / 27 };
  const double all[] = { 0.0, 0.0, 1.0 };
  const double nothing[] = { 1.0 };

  assert_damage (one, half, 2);

  input = fire (3, 5);
  three = adm_fire_odds_compute (&input);
  assert_damage (three, thirds, 4);
  g_assert_cmpfloat_with_epsilon (three->expected_damage, 1.0, EPSILON);

  /* Armour 1 and armour 0 are hit by every die; armour 7 by none. */
  input = fire (2, 1);
  sure = adm_fire_odds_compute (&input);
  assert_damage (sure, all, 3);
  input = fire (2, 0);
  zero_armour = adm_fire_odds_compute (&input);
  assert_damage (zero_armour, all, 3);
  input = fire (5, 7);
  never = adm_fire_odds_compute (&input);
  assert_damage (never, nothing, 1);
}

/* No dice, no damage. */
static void
test_no_dice (void)
{
  AdmFireOddsInput input = fire (0, 4);
  g_autoptr(AdmFireOdds) odds = NULL;
  const double nothing[] = { 1.0 };

  input.critical_on = 1;
  odds = adm_fire_odds_compute (&input);
  assert_damage (odds, nothing, 1);
  g_assert_cmpfloat (odds->p_critical, ==, 0.0);
}

/* F-WPN-7: shields blocking damage after the armour roll and shields cancelling dice before
 * it give different odds. */
static void
test_shields_order (void)
{
  AdmFireOddsInput input = fire (2, 5);
  g_autoptr(AdmFireOdds) after = NULL;
  g_autoptr(AdmFireOdds) before = NULL;
  g_autoptr(AdmFireOdds) after3 = NULL;
  g_autoptr(AdmFireOdds) before3 = NULL;
  g_autoptr(AdmFireOdds) swamped = NULL;
  /* Two dice on 5+, one shield after armour: damage only when both hit, (1/3)^2. */
  const double after_2[] = { 8.0 / 9, 1.0 / 9 };
  /* One shield before armour: one die left, 1/3. */
  const double before_2[] = { 2.0 / 3, 1.0 / 3 };
  /* Three dice on 4+, one shield. After: hits 0, 1 → 0 damage (1/8 + 3/8), 2 → 1 (3/8),
   * 3 → 2 (1/8). Before: Binomial(2, 1/2). */
  const double after_3[] = { 0.5, 3.0 / 8, 1.0 / 8 };
  const double before_3[] = { 0.25, 0.5, 0.25 };
  const double nothing[] = { 1.0 };

  input.shields = 1;
  after = adm_fire_odds_compute (&input);
  assert_damage (after, after_2, 2);
  input.order = ADM_SHIELDS_BEFORE_ARMOUR;
  before = adm_fire_odds_compute (&input);
  assert_damage (before, before_2, 2);

  input = fire (3, 4);
  input.shields = 1;
  after3 = adm_fire_odds_compute (&input);
  assert_damage (after3, after_3, 3);
  input.order = ADM_SHIELDS_BEFORE_ARMOUR;
  before3 = adm_fire_odds_compute (&input);
  assert_damage (before3, before_3, 3);
  g_assert_cmpfloat_with_epsilon (after3->expected_damage, 5.0 / 8, EPSILON);
  g_assert_cmpfloat_with_epsilon (before3->expected_damage, 1.0, EPSILON);

  /* F-SHLD-1: more shields than dice stop everything, either way. */
  input = fire (3, 1);
  input.shields = 4;
  swamped = adm_fire_odds_compute (&input);
  assert_damage (swamped, nothing, 1);
}

/* F-FORD-2: every missed die is rolled once more, so a die hits with 1 - (1 - p)^2. */
static void
test_target_lock (void)
{
  AdmFireOddsInput input = fire (1, 4);
  g_autoptr(AdmFireOdds) one = NULL;
  g_autoptr(AdmFireOdds) two = NULL;
  g_autoptr(AdmFireOdds) six = NULL;
  g_autoptr(AdmFireOdds) never = NULL;
  const double one_die[] = { 0.25, 0.75 };
  /* Binomial(2, 3/4). */
  const double two_dice[] = { 1.0 / 16, 6.0 / 16, 9.0 / 16 };
  /* On 6+: 1 - (5/6)^2 = 11/36. */
  const double on_six[] = { 25.0 / 36, 11.0 / 36 };
  const double nothing[] = { 1.0 };

  input.reroll = TRUE;
  one = adm_fire_odds_compute (&input);
  assert_damage (one, one_die, 2);

  input = fire (2, 4);
  input.reroll = TRUE;
  two = adm_fire_odds_compute (&input);
  assert_damage (two, two_dice, 3);

  input = fire (1, 6);
  input.reroll = TRUE;
  six = adm_fire_odds_compute (&input);
  assert_damage (six, on_six, 2);

  /* A re-roll cannot beat armour 7. */
  input = fire (4, 7);
  input.reroll = TRUE;
  never = adm_fire_odds_compute (&input);
  assert_damage (never, nothing, 1);
}

/* F-FORD-8: each damage point that got past the shields is saved on 4+. */
static void
test_special_shield_save (void)
{
  AdmFireOddsInput input = fire (1, 1);
  g_autoptr(AdmFireOdds) sure = NULL;
  g_autoptr(AdmFireOdds) two = NULL;
  g_autoptr(AdmFireOdds) shielded = NULL;
  g_autoptr(AdmFireOdds) all_saved = NULL;
  const double half[] = { 0.5, 0.5 };
  /* Each die does damage with 1/2 · 1/2: Binomial(2, 1/4). */
  const double quarter[] = { 9.0 / 16, 6.0 / 16, 1.0 / 16 };
  /* Three dice on 4+, one shield after armour: damage 1/2, 3/8, 1/8 before the save. After
   * it: P(0) = 1/2 + 3/8 · 1/2 + 1/8 · 1/4 = 23/32, P(1) = 3/8 · 1/2 + 1/8 · 2 · 1/4 = 1/4,
   * P(2) = 1/8 · 1/4 = 1/32. */
  const double thinned[] = { 23.0 / 32, 8.0 / 32, 1.0 / 32 };
  const double nothing[] = { 1.0 };

  input.save_on = 4;
  sure = adm_fire_odds_compute (&input);
  assert_damage (sure, half, 2);

  input = fire (2, 4);
  input.save_on = 4;
  two = adm_fire_odds_compute (&input);
  assert_damage (two, quarter, 3);

  input = fire (3, 4);
  input.shields = 1;
  input.save_on = 4;
  shielded = adm_fire_odds_compute (&input);
  assert_damage (shielded, thinned, 3);

  /* A save on 1+ ignores every point. */
  input = fire (3, 1);
  input.save_on = 1;
  all_saved = adm_fire_odds_compute (&input);
  assert_damage (all_saved, nothing, 1);
}

/* F-ART-13 (6+, q = 1/6) and F-DES-3 (4+, q = 1/2): one check per damage point. */
static void
test_critical_chance (void)
{
  AdmFireOddsInput input = fire (1, 1);
  g_autoptr(AdmFireOdds) one = NULL;
  g_autoptr(AdmFireOdds) two = NULL;
  g_autoptr(AdmFireOdds) halves = NULL;
  g_autoptr(AdmFireOdds) sixths = NULL;
  g_autoptr(AdmFireOdds) shielded = NULL;

  input.critical_on = 6;
  one = adm_fire_odds_compute (&input);
  g_assert_cmpfloat_with_epsilon (one->p_critical, 1.0 / 6, EPSILON);

  input.dice = 2;
  two = adm_fire_odds_compute (&input);
  g_assert_cmpfloat_with_epsilon (two->p_critical, 11.0 / 36, EPSILON);

  /* Two dice on 4+, criticals on 4+: 1/2 · 1/2 + 1/4 · 3/4 = 7/16, which is also
   * 1 - (1 - 1/2 · 1/2)^2, each die making a critical with 1/4. */
  input = fire (2, 4);
  input.critical_on = 4;
  halves = adm_fire_odds_compute (&input);
  g_assert_cmpfloat_with_epsilon (halves->p_critical, 7.0 / 16, EPSILON);

  /* Three dice on 4+, criticals on 6+: 1 - (1 - 1/12)^3. */
  input = fire (3, 4);
  input.critical_on = 6;
  sixths = adm_fire_odds_compute (&input);
  g_assert_cmpfloat_with_epsilon (sixths->p_critical, 1.0 - pow (11.0 / 12, 3), EPSILON);

  /* With one shield after armour (damage 1/2, 3/8, 1/8, see F-WPN-7): criticals on 4+ give
   * 3/8 · 1/2 + 1/8 · 3/4 = 9/32. */
  input = fire (3, 4);
  input.shields = 1;
  input.critical_on = 4;
  shielded = adm_fire_odds_compute (&input);
  g_assert_cmpfloat_with_epsilon (shielded->p_critical, 9.0 / 32, EPSILON);
}

/* log P(Binomial(n, p) = k), for comparison only. */
static double
log_binomial (int    n,
              int    k,
              double p)
{
  return lgamma (n + 1.0) - lgamma (k + 1.0) - lgamma (n - k + 1.0)
         + k * log (p) + (n - k) * log1p (-p);
}

static void
assert_sums_to_one (const AdmFireOdds *odds)
{
  double sum = 0.0;

  for (int k = 0; k <= odds->max_damage; k++)
    {
      g_assert_false (isnan (odds->damage[k]));
      g_assert_cmpfloat (odds->damage[k], >=, 0.0);
      sum += odds->damage[k];
    }
  g_assert_cmpfloat_with_epsilon (sum, 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (adm_fire_odds_at_least (odds, 0), 1.0, EPSILON);
  g_assert_false (isnan (odds->expected_damage));
  g_assert_false (isnan (odds->p_critical));
}

/* ADM_DICE_MAX_COUNT dice: no overflow, no NaN, and the binomial formula agrees. */
static void
test_thousand_dice (void)
{
  AdmFireOddsInput input = fire (1000, 4);
  g_autoptr(AdmFireOdds) even = NULL;
  g_autoptr(AdmFireOdds) rare = NULL;
  g_autoptr(AdmFireOdds) saved = NULL;
  g_autoptr(AdmFireOdds) locked = NULL;

  input.critical_on = 6;
  even = adm_fire_odds_compute (&input);
  g_assert_cmpint (even->max_damage, ==, 1000);
  assert_sums_to_one (even);
  g_assert_cmpfloat_with_epsilon (even->expected_damage, 500.0, 1e-9);
  /* P(500) = C(1000, 500) / 2^1000, about 0.0252. */
  g_assert_cmpfloat_with_epsilon (even->damage[500] / exp (log_binomial (1000, 500, 0.5)), 1.0,
                                  1e-9);
  g_assert_cmpfloat_with_epsilon (even->damage[450] / exp (log_binomial (1000, 450, 0.5)), 1.0,
                                  1e-9);
  /* 2^-1000 is tiny but a double holds it. */
  g_assert_cmpfloat_with_epsilon (even->damage[1000] / ldexp (1.0, -1000), 1.0, 1e-9);
  /* A critical on one point or more: 1 - (1 - 1/12)^1000, within a hair of 1. */
  g_assert_cmpfloat_with_epsilon (even->p_critical, 1.0 - pow (11.0 / 12, 1000), EPSILON);

  /* On 6+, (1/6)^1000 is far below a double: those slots become 0, never NaN. */
  input = fire (1000, 6);
  input.shields = 10;
  input.order = ADM_SHIELDS_BEFORE_ARMOUR;
  input.save_on = 4;
  input.critical_on = 4;
  rare = adm_fire_odds_compute (&input);
  g_assert_cmpint (rare->max_damage, ==, 990);
  assert_sums_to_one (rare);
  /* 990 dice, each a damage point with 1/6 · 1/2. */
  g_assert_cmpfloat_with_epsilon (rare->expected_damage, 990.0 / 12, 1e-9);
  g_assert_cmpfloat_with_epsilon (rare->damage[82] / exp (log_binomial (990, 82, 1.0 / 12)),
                                  1.0, 1e-9);
  g_assert_cmpfloat (rare->damage[990], ==, 0.0);

  /* Shields after armour and a save on a thousand dice. */
  input = fire (1000, 2);
  input.shields = 100;
  input.save_on = 4;
  saved = adm_fire_odds_compute (&input);
  g_assert_cmpint (saved->max_damage, ==, 900);
  assert_sums_to_one (saved);

  input = fire (1000, 5);
  input.reroll = TRUE;
  locked = adm_fire_odds_compute (&input);
  assert_sums_to_one (locked);
  /* p' = 1 - (2/3)^2 = 5/9. */
  g_assert_cmpfloat_with_epsilon (locked->expected_damage, 5000.0 / 9, 1e-9);
}

/* F-ART-12 through the ruleset: F-ART-14 dice, hit on the armour. */
static void
test_ruleset_artillery (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmFireOdds) odds = NULL;
  AdmFireOddsInput input;
  int column = -1;
  /* Binomial(6, 1/2). */
  const double six_dice[] = { 1.0 / 64, 6.0 / 64, 15.0 / 64, 20.0 / 64, 15.0 / 64, 6.0 / 64,
                              1.0 / 64 };

  /* Firepower 7 at an approaching capital ship is column 2; shifted to column 1, 6 dice. */
  g_assert_true (adm_ruleset_fire_odds_input (shipped_ruleset (), ADM_WEAPON_ARTILLERY, 7,
                                              "approaching-capital", -1, 4, 0, FALSE, FALSE,
                                              FALSE, &input, &column, &error));
  g_assert_no_error (error);
  g_assert_cmpint (column, ==, 1);
  g_assert_cmpint (input.dice, ==, 6);
  g_assert_cmpint (input.hit_on, ==, 4);
  g_assert_cmpint (input.critical_on, ==, 6);
  /* F-WPN-7 ("shields-against-artillery" before-armour by default). */
  g_assert_cmpint (input.order, ==, ADM_SHIELDS_BEFORE_ARMOUR);
  g_assert_false (input.reroll);
  g_assert_cmpint (input.save_on, ==, 0);

  odds = adm_ruleset_fire_odds (shipped_ruleset (), ADM_WEAPON_ARTILLERY, 7, "approaching-capital",
                                -1, 4, 0, FALSE, FALSE, FALSE, &error);
  g_assert_no_error (error);
  assert_damage (odds, six_dice, 7);
  g_assert_cmpfloat_with_epsilon (odds->p_critical, 1.0 - pow (11.0 / 12, 6), EPSILON);
}

/* F-ART-11: firepower above the table splits into 20s (ruling firepower-above-table). */
static void
test_ruleset_above_table (void)
{
  g_autoptr(GError) error = NULL;
  AdmFireOddsInput input;

  /* 27 = 20 + 7: 14 + 5 dice in column 2. */
  g_assert_true (adm_ruleset_fire_odds_input (shipped_ruleset (), ADM_WEAPON_ARTILLERY, 27,
                                              "approaching-capital", 0, 5, 0, FALSE, FALSE,
                                              FALSE, &input, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (input.dice, ==, 19);
}

/* F-ART-10: past the edge under "no-shot", nothing is rolled. */
static void
test_ruleset_no_shot (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmFireOdds) odds = NULL;
  AdmFireOddsInput input;
  int column = -1;
  const double nothing[] = { 1.0 };

  g_assert_true (adm_ruleset_set_ruling (ruleset, "artillery-shift-past-edge", "no-shot",
                                         &error));
  g_assert_no_error (error);
  g_assert_true (adm_ruleset_fire_odds_input (ruleset, ADM_WEAPON_ARTILLERY, 7, "orbital", -1,
                                              4, 0, FALSE, FALSE, FALSE, &input, &column,
                                              &error));
  g_assert_no_error (error);
  g_assert_cmpint (column, ==, 0);
  g_assert_cmpint (input.dice, ==, 0);
  odds = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_ARTILLERY, 7, "orbital", -1, 4, 0, FALSE,
                                FALSE, FALSE, &error);
  g_assert_no_error (error);
  assert_damage (odds, nothing, 1);

  /* A shift far beyond the table is still just past the edge. */
  g_assert_true (adm_ruleset_fire_odds_input (ruleset, ADM_WEAPON_ARTILLERY, 7, "orbital", 50,
                                              4, 0, FALSE, FALSE, FALSE, &input, &column,
                                              &error));
  g_assert_no_error (error);
  g_assert_cmpint (column, ==, 0);
}

/* F-WPN-7 through the ruleset: the ruling shields-against-artillery picks the order. */
static void
test_ruleset_shields_ruling (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmFireOdds) after = NULL;
  g_autoptr(AdmFireOdds) before = NULL;
  /* Firepower 3 at an approaching capital ship: 2 dice, armour 5, one shield. */
  const double after_armour[] = { 8.0 / 9, 1.0 / 9 };
  const double before_armour[] = { 2.0 / 3, 1.0 / 3 };

  /* The default follows F-WPN-7's order: «Далее, часть залпов поглощается щитами.
   * Оставшиеся залпы могут быть отбиты броней» — the shield cancels one of the 2 dice, the
   * other hits armour 5 on 5+: 1/3. */
  g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, "shields-against-artillery"), ==,
                   "before-armour");
  before = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_ARTILLERY, 3, "approaching-capital", 0, 5,
                                  1, FALSE, FALSE, FALSE, &error);
  g_assert_no_error (error);
  assert_damage (before, before_armour, 2);

  /* after-armour: 2 dice at 5+, the shield absorbs one hit: only 2 hits do 1 damage, 1/9. */
  g_assert_true (adm_ruleset_set_ruling (ruleset, "shields-against-artillery", "after-armour",
                                         &error));
  g_assert_no_error (error);
  after = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_ARTILLERY, 3, "approaching-capital", 0, 5,
                                 1, FALSE, FALSE, FALSE, &error);
  g_assert_no_error (error);
  assert_damage (after, after_armour, 2);
}

/* F-DES-2, F-WPN-3: destructors hit on 5+ whatever the armour, shields after the hit, and
 * F-DES-3: criticals on 4+; even under the before-armour ruling for artillery. */
static void
test_destructor (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmFireOdds) heavy = NULL;
  g_autoptr(AdmFireOdds) light = NULL;
  AdmFireOddsInput input;
  int column = -1;
  /* Three dice on 5+, one shield: hits 8/27, 12/27, 6/27, 1/27 → damage 20/27, 6/27, 1/27. */
  const double three_dice[] = { 20.0 / 27, 6.0 / 27, 1.0 / 27 };

  g_assert_true (adm_ruleset_set_ruling (ruleset, "shields-against-artillery", "before-armour",
                                         &error));
  g_assert_no_error (error);
  g_assert_true (adm_ruleset_fire_odds_input (ruleset, ADM_WEAPON_DESTRUCTOR, 3, NULL, 0, 2, 1,
                                              FALSE, FALSE, FALSE, &input, &column, &error));
  g_assert_no_error (error);
  g_assert_cmpint (input.dice, ==, 3);
  g_assert_cmpint (input.hit_on, ==, 5);
  g_assert_cmpint (input.critical_on, ==, 4);
  g_assert_cmpint (input.order, ==, ADM_SHIELDS_AFTER_ARMOUR);
  g_assert_cmpint (column, ==, 0);

  heavy = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_DESTRUCTOR, 3, NULL, 0, 6, 1, FALSE, FALSE,
                                 FALSE, &error);
  g_assert_no_error (error);
  light = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_DESTRUCTOR, 3, "approaching-capital", 0, 2,
                                 1, FALSE, FALSE, FALSE, &error);
  g_assert_no_error (error);
  assert_damage (heavy, three_dice, 3);
  assert_damage (light, three_dice, 3);
  /* 6/27 · 1/2 + 1/27 · 3/4. */
  g_assert_cmpfloat_with_epsilon (heavy->p_critical, 6.0 / 27 / 2 + 1.0 / 27 * 3 / 4, EPSILON);
}

/* F-FORD-10, F-MOVE-15 (ruling halved-firepower): halved before the dice are counted. */
static void
test_halved (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;
  AdmFireOddsInput input;

  g_assert_true (adm_ruleset_fire_odds_input (ruleset, ADM_WEAPON_DESTRUCTOR, 7, NULL, 0, 0, 0,
                                              TRUE, FALSE, FALSE, &input, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (input.dice, ==, 3);

  /* Artillery 7 halved is 3: 2 dice at an approaching capital ship. */
  g_assert_true (adm_ruleset_fire_odds_input (ruleset, ADM_WEAPON_ARTILLERY, 7,
                                              "approaching-capital", 0, 4, 0, TRUE, FALSE,
                                              FALSE, &input, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (input.dice, ==, 2);

  g_assert_true (adm_ruleset_set_ruling (ruleset, "halved-firepower", "halve-then-ceil",
                                         &error));
  g_assert_no_error (error);
  g_assert_true (adm_ruleset_fire_odds_input (ruleset, ADM_WEAPON_DESTRUCTOR, 7, NULL, 0, 0, 0,
                                              TRUE, FALSE, FALSE, &input, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (input.dice, ==, 4);
}

/* F-FORD-2 and F-FORD-8 through the ruleset. */
static void
test_ruleset_orders (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmFireOdds) odds = NULL;
  AdmFireOddsInput input;
  /* One destructor die: hits with 1 - (2/3)^2 = 5/9, the point kept with 1/2. */
  const double one_die[] = { 1.0 - 5.0 / 18, 5.0 / 18 };

  g_assert_true (adm_ruleset_fire_odds_input (shipped_ruleset (), ADM_WEAPON_DESTRUCTOR, 1, NULL, 0,
                                              0, 0, FALSE, TRUE, TRUE, &input, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (input.reroll);
  g_assert_cmpint (input.save_on, ==, 4);

  odds = adm_ruleset_fire_odds (shipped_ruleset (), ADM_WEAPON_DESTRUCTOR, 1, NULL, 0, 0, 0, FALSE,
                                TRUE, TRUE, &error);
  g_assert_no_error (error);
  assert_damage (odds, one_die, 2);
}

static void
assert_refused (AdmWeaponType  weapon,
                int            firepower,
                const char    *target,
                int            armour,
                int            shields,
                GQuark         domain,
                int            code,
                const char    *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmFireOdds) odds = NULL;

  odds = adm_ruleset_fire_odds (shipped_ruleset (), weapon, firepower, target, 0, armour, shields,
                                FALSE, FALSE, FALSE, &error);
  g_assert_null (odds);
  g_assert_error (error, domain, code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, message));
}

/* F-WPN-10, F-WPN-11, F-WPN-12, F-WPN-13, F-WPN-14, F-WPN-15, F-WPN-16, F-WPN-17, F-MINE-15:
 * torpedoes and mines are not fire-phase rolls; bad values are named. */
static void
test_refused (void)
{
  assert_refused (ADM_WEAPON_TORPEDO, 4, "approaching-capital", 4, 0, ADM_ODDS_ERROR,
                  ADM_ODDS_ERROR_WEAPON, "torpedoes are resolved in the torpedo phase");
  assert_refused (ADM_WEAPON_MINE, 4, "approaching-capital", 4, 0, ADM_ODDS_ERROR,
                  ADM_ODDS_ERROR_WEAPON, "F-MINE-15");
  assert_refused (ADM_WEAPON_ARTILLERY, -3, "approaching-capital", 4, 0, ADM_ODDS_ERROR,
                  ADM_ODDS_ERROR_INVALID, "firepower -3");
  assert_refused (ADM_WEAPON_ARTILLERY, 4, "approaching-capital", -2, 0, ADM_ODDS_ERROR,
                  ADM_ODDS_ERROR_INVALID, "armour -2");
  assert_refused (ADM_WEAPON_DESTRUCTOR, 4, NULL, 0, -1, ADM_ODDS_ERROR,
                  ADM_ODDS_ERROR_INVALID, "shields -1");
  assert_refused (ADM_WEAPON_DESTRUCTOR, 1001, NULL, 0, 0, ADM_ODDS_ERROR,
                  ADM_ODDS_ERROR_INVALID, "1001 dice");
  assert_refused (ADM_WEAPON_ARTILLERY, 4, NULL, 4, 0, ADM_ODDS_ERROR,
                  ADM_ODDS_ERROR_INVALID, "needs a target");
  /* The ruleset's own message lists the targets. */
  assert_refused (ADM_WEAPON_ARTILLERY, 4, "frigate", 4, 0, ADM_XML_ERROR,
                  ADM_XML_ERROR_INVALID, "approaching-capital");
}

/* F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12 ("boarding-ratio") with the shipped
 * <boarding-ratios>: only the highest bonus; "twice" is at least twice, "higher" strictly
 * higher. */
static void
test_boarding_ratio (void)
{
  static const struct { int attacker, defender, bonus; const char *clause; } cases[] = {
    { 7, 7, 0, NULL }, { 6, 7, 0, NULL }, { 8, 7, 1, "F-BOARD-9" }, { 13, 7, 1, "F-BOARD-9" },
    { 14, 7, 2, "F-BOARD-10" }, { 20, 7, 2, "F-BOARD-10" }, { 21, 7, 3, "F-BOARD-11" },
    { 27, 7, 3, "F-BOARD-11" }, { 28, 7, 4, "F-BOARD-12" }, { 99, 7, 4, "F-BOARD-12" },
    { 3, 0, 4, "F-BOARD-12" }, { 0, 5, 0, NULL }, { 0, 0, 0, NULL }, { 0, -1, 0, NULL },
  };
  static const int times[] = { 1, 2, 3, 4 };

  g_test_message ("F-BOARD-9 +1, F-BOARD-10 +2, F-BOARD-11 +3, F-BOARD-12 +4");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *clause = "unset";

      g_test_message ("BP %d against %d: +%d", cases[i].attacker, cases[i].defender,
                      cases[i].bonus);
      g_assert_cmpint (adm_ruleset_boarding_ratio_bonus (shipped_ruleset (), cases[i].attacker,
                                                         cases[i].defender, &clause), ==,
                       cases[i].bonus);
      g_assert_cmpstr (clause, ==, cases[i].clause);
    }
  /* The pure rule: the highest bonus earned, whatever the order; no overflow at the
   * extremes. */
  g_assert_cmpint (adm_board_12_ratio (G_MAXINT, G_MAXINT / 2, times, times, 4), ==, 1);
  g_assert_cmpint (adm_board_12_ratio (30, 7, times, (const int[]) { 1, 5, 3, 4 }, 4), ==, 1);
  g_assert_cmpint (adm_board_12_ratio (30, 7, times, times, 0), ==, -1);
}

/* F-BOARD-13, F-BOARD-14: d6 against d6, no modifiers — 15/36 each way, 6/36 ties, a loss
 * of k with probability (6 − k)/36; F-BOARD-15: captured when the loss reaches the
 * potential. */
static void
test_boarding_even (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBoardingOdds) odds = adm_boarding_odds_compute (10, 3, 0, 0, 1, FALSE, &error);

  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (odds->p_attacker_wins, 15.0 / 36, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->p_tie, 6.0 / 36, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->p_defender_wins, 15.0 / 36, EPSILON);
  g_assert_cmpint (odds->max_loss, ==, 5);
  g_assert_cmpfloat_with_epsilon (odds->defender_loss[0], 21.0 / 36, EPSILON);
  for (int k = 1; k <= 5; k++)
    {
      g_assert_cmpfloat_with_epsilon (odds->defender_loss[k], (6.0 - k) / 36, EPSILON);
      g_assert_cmpfloat_with_epsilon (odds->attacker_loss[k], (6.0 - k) / 36, EPSILON);
    }
  g_assert_cmpfloat_with_epsilon (odds->expected_defender_loss, 35.0 / 36, EPSILON);
  /* A loss of 3, 4 or 5 takes the defender's 3 to 0; the attacker's 10 is out of reach. */
  g_assert_cmpfloat_with_epsilon (odds->p_defender_captured, 6.0 / 36, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->p_attacker_captured, 0.0, EPSILON);
}

/* Modifiers shift the difference: +4 against 0 (Barrayarans +2, higher potential +1,
 * veterans +1) wins 33/36; "boarding-roll" tie-reroll drops the ties. */
static void
test_boarding_modifiers (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBoardingOdds) lead = adm_boarding_odds_compute (8, 7, 4, 0, 1, FALSE, &error);
  g_autoptr(AdmBoardingOdds) reroll = adm_boarding_odds_compute (8, 7, 0, 0, 1, TRUE, &error);
  double total;

  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (lead->p_attacker_wins, 33.0 / 36, EPSILON);
  g_assert_cmpfloat_with_epsilon (lead->p_tie, 2.0 / 36, EPSILON);
  g_assert_cmpfloat_with_epsilon (lead->p_defender_wins, 1.0 / 36, EPSILON);
  g_assert_cmpint (lead->max_loss, ==, 9);
  g_assert_cmpfloat_with_epsilon (lead->defender_loss[9], 1.0 / 36, EPSILON);
  g_assert_cmpfloat_with_epsilon (lead->attacker_loss[1], 1.0 / 36, EPSILON);
  /* 7, 8 or 9 capture the defender's 7: 3 + 2 + 1 of 36. */
  g_assert_cmpfloat_with_epsilon (lead->p_defender_captured, 6.0 / 36, EPSILON);

  g_assert_cmpfloat_with_epsilon (reroll->p_tie, 0.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (reroll->p_attacker_wins, 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (reroll->defender_loss[1], 5.0 / 30, EPSILON);

  /* Every distribution adds up to 1, whatever the modifiers. */
  for (int a = -12; a <= 12; a += 3)
    for (int d = -12; d <= 12; d += 4)
      {
        g_autoptr(AdmBoardingOdds) odds = adm_boarding_odds_compute (5, 5, a, d, 1, FALSE, NULL);

        total = odds->p_attacker_wins + odds->p_tie + odds->p_defender_wins;
        g_assert_cmpfloat_with_epsilon (total, 1.0, EPSILON);
        total = 0;
        for (int k = 0; k <= odds->max_loss; k++)
          total += odds->defender_loss[k];
        g_assert_cmpfloat_with_epsilon (total, 1.0, EPSILON);
      }
}

static void
test_boarding_refused (void)
{
  g_autoptr(GError) zero = NULL;
  g_autoptr(GError) huge = NULL;
  AdmBoardingOdds *odds;

  odds = adm_boarding_odds_compute (0, 5, 0, 0, 1, FALSE, &zero);
  g_assert_null (odds);
  g_assert_error (zero, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
  g_assert_nonnull (strstr (zero->message, "F-BOARD-15"));
  odds = adm_boarding_odds_compute (5, 5, 0, ADM_BOARDING_MAX_MODIFIER + 1, 1, FALSE, &huge);
  g_assert_null (odds);
  g_assert_error (huge, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
  g_assert_nonnull (strstr (huge->message, "boarding modifier 101"));
}

/* Torpedoes (F-TORP-7, F-TORP-13, F-TORP-14, F-WPN-16) */

static AdmFireOdds *
torpedo_odds (int torpedoes,
              int turrets,
              int armour,
              int save_on)
{
  g_autoptr(GError) error = NULL;
  /* F-TORP-13: «на 4+ сбивается одна торпеда», the number of forcon-2010.xml. */
  AdmTorpedoOddsInput input = { torpedoes, turrets, armour, save_on, 4, 6 };
  AdmFireOdds *odds = adm_torpedo_odds_compute (&input, &error);

  g_assert_no_error (error);
  g_assert_nonnull (odds);
  return odds;
}

static void
test_torpedo_closed_form (void)
{
  g_autoptr(AdmFireOdds) one = torpedo_odds (1, 0, 4, 0);
  g_autoptr(AdmFireOdds) two = torpedo_odds (2, 1, 3, 0);

  /* One torpedo, no turrets, armour 4: it damages on 4+, a critical on 6 after that. */
  g_test_message ("F-TORP-7: a d6 per torpedo against the armour; F-WPN-16: criticals on 6+");
  g_assert_cmpint (one->max_damage, ==, 1);
  g_assert_cmpfloat_with_epsilon (one->damage[0], 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (one->damage[1], 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (one->p_critical, 1.0 / 12, EPSILON);
  /* Two torpedoes, one turret (4+ destroys one, F-TORP-13), armour 3: one or two torpedoes
   * get through at 1/2 each; P(0) = 1/2·(1/3)² + 1/2·1/3 = 2/9, P(2) = 1/2·(2/3)² = 2/9. */
  g_assert_cmpint (two->max_damage, ==, 2);
  g_assert_cmpfloat_with_epsilon (two->damage[0], 2.0 / 9, EPSILON);
  g_assert_cmpfloat_with_epsilon (two->damage[1], 5.0 / 9, EPSILON);
  g_assert_cmpfloat_with_epsilon (two->damage[2], 2.0 / 9, EPSILON);
  g_assert_cmpfloat_with_epsilon (two->expected_damage, 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (two->expected_destroyed, 0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (two->p_critical, 13.0 / 81, EPSILON);
  g_assert_cmpfloat_with_epsilon (adm_fire_odds_at_least (two, 1), 7.0 / 9, EPSILON);
  g_assert_cmpfloat_with_epsilon (adm_fire_odds_at_least (two, 0), 1.0, EPSILON);
}

static void
test_torpedo_turrets (void)
{
  g_autoptr(AdmFireOdds) outgunned = torpedo_odds (1, 3, 1, 0);
  g_autoptr(AdmFireOdds) saved = torpedo_odds (1, 0, 1, 4);
  g_autoptr(AdmFireOdds) none = torpedo_odds (3, 0, 7, 0);
  g_autoptr(AdmFireOdds) big = torpedo_odds (1000, 1000, 4, 0);
  double total = 0;

  /* F-TORP-13: three turrets against one torpedo: it gets through only if all three miss;
   * armour 1 then always damages. */
  g_assert_cmpfloat_with_epsilon (outgunned->damage[1], 1.0 / 8, EPSILON);
  g_assert_cmpfloat_with_epsilon (outgunned->expected_destroyed, 7.0 / 8, EPSILON);
  /* F-FORD-8: a special force shield saves on 4+, torpedo hits included. */
  g_assert_cmpfloat_with_epsilon (saved->damage[1], 0.5, EPSILON);
  /* Armour beyond a d6: nothing gets through, and no critical. */
  g_assert_cmpint (none->max_damage, ==, 0);
  g_assert_cmpfloat_with_epsilon (none->p_critical, 0.0, EPSILON);
  /* A thousand of each: the slots add up to 1; half the torpedoes get through on average, and
   * half of those damage. */
  for (int k = 0; k <= big->max_damage; k++)
    total += big->damage[k];
  g_assert_cmpfloat_with_epsilon (total, 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (big->expected_damage, (1000 - big->expected_destroyed) / 2,
                                  1e-6);
  g_assert_cmpfloat_with_epsilon (big->expected_destroyed, 500, 1e-6);
}

static void
test_torpedo_refused (void)
{
  AdmTorpedoOddsInput negative = { -1, 0, 3, 0, 4, 6 }, turrets = { 2, 1001, 3, 0, 4, 6 };
  AdmTorpedoOddsInput no_number = { 2, 1, 3, 0, 0, 6 }, seven = { 2, 1, 3, 0, 7, 6 };
  AdmTorpedoOddsInput no_critical = { 2, 1, 3, 0, 4, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) too_many = NULL;
  g_autoptr(GError) zero = NULL;
  g_autoptr(GError) above = NULL;
  g_autoptr(GError) critical = NULL;
  AdmFireOdds *odds = adm_torpedo_odds_compute (&negative, &error);

  /* F-TORP-13: a turret die hits on a d6 result, 1 to 6; anything else is refused. */
  g_assert_null (adm_torpedo_odds_compute (&no_number, &zero));
  g_assert_error (zero, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
  g_assert_null (adm_torpedo_odds_compute (&seven, &above));
  g_assert_error (above, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
  g_assert_nonnull (strstr (above->message, "7+"));
  /* F-WPN-16: so does the critical check of a torpedo's damage. */
  g_assert_null (adm_torpedo_odds_compute (&no_critical, &critical));
  g_assert_error (critical, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
  g_assert_nonnull (strstr (critical->message, "a critical check passing on 0+"));

  g_assert_null (odds);
  g_assert_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "-1 torpedoes"));
  odds = adm_torpedo_odds_compute (&turrets, &too_many);
  g_assert_null (odds);
  g_assert_error (too_many, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
}

static void
test_torpedo_battle (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", "torp-duel.xml", NULL);
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  g_autoptr(AdmDiceQueue) dice = adm_dice_queue_new ();
  g_autoptr(AdmTurnOrders) orders =
    adm_turn_orders_parse ("<orders><turn n=\"1\"><launch weapons=\"vorkraft:torpedoes\" "
                           "target=\"triumph\"/></turn></orders>", "orders.xml", &error);
  g_autoptr(AdmFireOdds) odds = NULL;
  g_autoptr(AdmFireOdds) covered = NULL;
  g_autoptr(AdmFireOdds) expected = NULL;
  g_autoptr(AdmFireOdds) missing = NULL;
  AdmTorpedoOddsInput input;
  int triumph;

  g_assert_no_error (error);
  while (adm_battle_get_phase (battle) != ADM_PHASE_TORPEDO)
    {
      g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  triumph = adm_battle_ship_index (battle, "triumph");
  /* The salvo of 4 against Triumph: the formation's 2 turrets (F-FORM-19), armour 3. */
  odds = adm_battle_torpedo_odds (battle, 1, triumph, 0, &input, &error);
  g_assert_no_error (error);
  g_assert_cmpint (input.torpedoes, ==, 4);
  g_assert_cmpint (input.turrets, ==, 2);
  g_assert_cmpint (input.armour, ==, 3);
  g_assert_cmpint (input.save_on, ==, 0);
  /* F-TORP-13: the turret number is read from the battle's ruleset. */
  g_assert_cmpint (input.turret_hit, ==,
                   adm_ruleset_get_turret_hit (adm_battle_get_ruleset (battle)));
  g_assert_cmpint (input.turret_hit, ==, 4);
  expected = torpedo_odds (4, 2, 3, 0);
  for (int k = 0; k <= expected->max_damage; k++)
    g_assert_cmpfloat_with_epsilon (odds->damage[k], expected->damage[k], EPSILON);
  /* F-TORP-14: with the destroyer's 3 guns covering. */
  covered = adm_battle_torpedo_odds (battle, 1, triumph, 3, &input, &error);
  g_assert_no_error (error);
  g_assert_cmpint (input.turrets, ==, 5);
  g_assert_cmpfloat (covered->expected_damage, <, odds->expected_damage);
  missing = adm_battle_torpedo_odds (battle, 2, triumph, 0, NULL, &error);
  g_assert_null (missing);
  g_assert_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  int result;

  /* Error messages are compared in English. */
  setlocale (LC_MESSAGES, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/odds/F-ART-12/armour", test_armour);
  g_test_add_func ("/engine/odds/F-ART-11/no-dice", test_no_dice);
  g_test_add_func ("/engine/odds/F-WPN-7/shields-before-or-after-armour", test_shields_order);
  g_test_add_func ("/engine/odds/F-FORD-2/target-lock-reroll", test_target_lock);
  g_test_add_func ("/engine/odds/F-FORD-8/special-shield-save", test_special_shield_save);
  g_test_add_func ("/engine/odds/F-ART-13/critical-chance", test_critical_chance);
  g_test_add_func ("/engine/odds/F-ART-11/thousand-dice", test_thousand_dice);

  g_test_add_func ("/engine/odds/F-ART-12/ruleset-artillery", test_ruleset_artillery);
  g_test_add_func ("/engine/odds/F-ART-11/ruleset-above-table", test_ruleset_above_table);
  g_test_add_func ("/engine/odds/F-ART-10/ruleset-no-shot", test_ruleset_no_shot);
  g_test_add_func ("/engine/odds/F-WPN-7/ruleset-shields-ruling", test_ruleset_shields_ruling);
  g_test_add_func ("/engine/odds/F-DES-2/destructor-hits-on-five", test_destructor);
  g_test_add_func ("/engine/odds/F-FORD-10/halved-firepower", test_halved);
  g_test_add_func ("/engine/odds/F-FORD-8/ruleset-target-lock-and-save", test_ruleset_orders);
  g_test_add_func ("/engine/odds/F-WPN-10/torpedoes-and-bad-values", test_refused);
  g_test_add_func ("/engine/odds/F-BOARD-12/ratio-bonus", test_boarding_ratio);
  g_test_add_func ("/engine/odds/F-BOARD-13/even-round", test_boarding_even);
  g_test_add_func ("/engine/odds/F-BOARD-14/modifiers-and-ties", test_boarding_modifiers);
  g_test_add_func ("/engine/odds/F-BOARD-15/bad-values", test_boarding_refused);
  g_test_add_func ("/engine/odds/F-TORP-7/torpedo-closed-form", test_torpedo_closed_form);
  g_test_add_func ("/engine/odds/F-TORP-13/torpedo-turrets", test_torpedo_turrets);
  g_test_add_func ("/engine/odds/F-TORP-13/torpedo-bad-values", test_torpedo_refused);
  g_test_add_func ("/engine/odds/F-TORP-14/torpedo-battle", test_torpedo_battle);

  result = g_test_run ();
  return result;
}
