/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-luck.c: the luck ledger (adm-luck.h) — the odds of a judged roll before its dice
 * (adm_odds_roll_passes ()) against hand-computed binomials and sums, and the ledger of one
 * fire phase of tests/data/battles/fire-crit.xml with typed dice, every figure worked out by
 * hand: hits (F-ART-11, F-ART-12, F-DES-1, F-DES-2), damage after shields (F-SHLD-1), critical
 * checks (F-ART-13, F-DES-3), the luckiest and unluckiest rolls; torpedo damage taken and a
 * ram's dice and damage against the rules' own odds (F-TORP-7, F-RAM-7); and a side's ledger
 * counting exactly the rolls the audience filter shows it (F-ECM-2). */

#include "config.h"

#include <string.h>
#include <glib.h>

#include "admiralty-engine.h"
#include "battle-helpers.h"
#include "battle-scripting.h"
#include "text-helpers.h"

#define EPS 1e-12
#define FIRE(weapons, target) "<fire weapons=\"" weapons "\" target=\"" target "\"/>"

static void
assert_passes (AdmRollCheck  check,
               int           target,
               guint         n_values,
               guint         sides,
               const double *expected,
               guint         n_expected)
{
  double passes[16] = { 0 };

  g_assert_cmpuint (adm_odds_roll_max_passes (check, n_values) + 1, ==, n_expected);
  g_assert_true (adm_odds_roll_passes (check, target, n_values, sides, passes));
  for (guint k = 0; k < n_expected; k++)
    g_assert_cmpfloat_with_epsilon (passes[k], expected[k], EPS);
}

/* F-ART-12: three d6 at 4+ pass as Binomial(3, 1/2); F-RDY-2: 2d6 ≤ 7 in 21 of 36; F-DC-2: 2d6
 * below 5 in 6 of 36; a pair of doubles in 1 of 6; a 1+ always, a 7+ never. */
static void
test_roll_passes (void)
{
  double nothing[4];

  assert_passes (ADM_ROLL_CHECK_EACH_AT_LEAST, 4, 3, 6,
                 (const double[]) { 1 / 8.0, 3 / 8.0, 3 / 8.0, 1 / 8.0 }, 4);
  assert_passes (ADM_ROLL_CHECK_SUM_AT_MOST, 7, 2, 6,
                 (const double[]) { 15 / 36.0, 21 / 36.0 }, 2);
  assert_passes (ADM_ROLL_CHECK_SUM_BELOW, 5, 2, 6,
                 (const double[]) { 30 / 36.0, 6 / 36.0 }, 2);
  assert_passes (ADM_ROLL_CHECK_SUM_AT_LEAST, 10, 2, 6,
                 (const double[]) { 30 / 36.0, 6 / 36.0 }, 2);
  assert_passes (ADM_ROLL_CHECK_DOUBLES, 0, 4, 6,
                 (const double[]) { 25 / 36.0, 10 / 36.0, 1 / 36.0 }, 3);
  assert_passes (ADM_ROLL_CHECK_EACH_AT_LEAST, 1, 2, 6, (const double[]) { 0, 0, 1 }, 3);
  assert_passes (ADM_ROLL_CHECK_EACH_AT_LEAST, 7, 1, 6, (const double[]) { 1, 0 }, 2);
  /* Nothing judged: no odds. */
  g_assert_false (adm_odds_roll_passes (ADM_ROLL_CHECK_NONE, 0, 2, 6, nothing));
  g_assert_false (adm_odds_roll_passes (ADM_ROLL_CHECK_EACH_AT_LEAST, 4, 2, 1, nothing));
}

static const AdmLuckSide *
side_named (AdmLuckLedger *ledger,
            const char    *name)
{
  GPtrArray *sides = adm_luck_ledger_get_sides (ledger);

  for (guint i = 0; i < sides->len; i++)
    if (g_str_equal (((AdmLuckSide *) g_ptr_array_index (sides, i))->name, name))
      return g_ptr_array_index (sides, i);
  return NULL;
}

static void
assert_tally (const AdmLuckTally *tally,
              guint               rolls,
              double              expected,
              gint64              actual)
{
  g_assert_cmpuint (tally->rolls, ==, rolls);
  g_assert_cmpfloat_with_epsilon (tally->expected, expected, EPS);
  g_assert_cmpint (tally->actual, ==, actual);
}

/* fire-crit.xml, Hartung's artillery and destructor at Kalloner with the dice of
 * test-battle-fire's fire-sequence case, "6 5 4 1 1 1 | 6 | 1 1 | 5 1 1 1 | 1":
 *  F-ART-11, F-ART-12: 6 dice at 4+ (Kalloner's armour), 3 expected (6 × 1/2), 3 hit;
 *   F-SHLD-1: Kalloner's pool of 2 blocks the first two hits, so the damage expected is
 *   E[max(0, H − 2)], H ~ Binomial(6, 1/2): 3 − E[min(H, 2)] = 3 − (6 + 2 × 57)/64 = 72/64;
 *   1 came.
 *  F-ART-13: 1 critical check at 6+, 1/6 expected, 1 passed (a 6); F-CRIT-2's table roll is
 *   judged by nothing, so it is not in the ledger.
 *  F-DES-1, F-DES-2: 4 dice at 5+, 4/3 expected, 1 hit; the shields are down, so the damage
 *   expected is 4/3 too; 1 came.
 *  F-DES-3: 1 critical check at 4+ (the ruleset's critical-on), 1/2 expected, none passed.
 * Barrayar: hits 3 + 4/3 → 4, damage 72/64 + 4/3 → 2. Komarr: criticals taken 1/6 + 1/2 → 1.
 * Luckiest: Kalloner's escape at F-DES-3, P(0 or fewer) = 1/2, below the artillery's
 * P(3 or more of 6) = 42/64. Unluckiest: its critical at F-ART-13, P(1 or more) = 1/6. */
static void
test_fire_ledger (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmLuckLedger) ledger = NULL;
  g_autoptr(GPtrArray) ledgers = g_ptr_array_new ();
  AdmLuckLedger *found = NULL;
  const AdmLuckSide *barrayar, *komarr;
  const AdmLuckRoll *lucky, *unlucky;
  GArray *rolls;

  resolve (battle, FIRE ("hartung:main hartung:destructor", "kalloner"),
           "6 5 4 1 1 1 6 1 1 5 1 1 1 1");
  ledger = adm_luck_ledger_new (battle, adm_audience_master (), "fire");
  rolls = adm_luck_ledger_get_rolls (ledger);
  g_assert_cmpuint (rolls->len, ==, 4);
  g_assert_cmpstr (g_array_index (rolls, AdmLuckRoll, 0).roll->clause, ==, "F-ART-11");
  g_assert_cmpint (g_array_index (rolls, AdmLuckRoll, 0).measure, ==, ADM_LUCK_HITS);
  g_assert_true (g_array_index (rolls, AdmLuckRoll, 0).damage_counted);
  g_assert_cmpfloat_with_epsilon (g_array_index (rolls, AdmLuckRoll, 0).roll->expected_damage,
                                  72 / 64.0, EPS);
  g_assert_cmpint (g_array_index (rolls, AdmLuckRoll, 1).measure, ==, ADM_LUCK_CRITICALS);
  g_assert_cmpstr (g_array_index (rolls, AdmLuckRoll, 2).roll->clause, ==, "F-DES-1");
  g_assert_cmpstr (g_array_index (rolls, AdmLuckRoll, 3).roll->clause, ==, "F-DES-3");

  barrayar = side_named (ledger, "Barrayar");
  komarr = side_named (ledger, "Komarr");
  g_assert_nonnull (barrayar);
  g_assert_nonnull (komarr);
  assert_tally (&barrayar->tally[ADM_LUCK_HITS], 2, 3 + 4 / 3.0, 4);
  assert_tally (&barrayar->tally[ADM_LUCK_DAMAGE], 2, 72 / 64.0 + 4 / 3.0, 2);
  assert_tally (&barrayar->tally[ADM_LUCK_CRITICALS], 0, 0, 0);
  assert_tally (&komarr->tally[ADM_LUCK_CRITICALS], 2, 1 / 6.0 + 1 / 2.0, 1);
  assert_tally (&komarr->tally[ADM_LUCK_HITS], 0, 0, 0);

  g_ptr_array_add (ledgers, ledger);
  lucky = adm_luck_ledgers_extreme (ledgers, TRUE, &found);
  g_assert_true (found == ledger);
  g_assert_cmpstr (lucky->roll->clause, ==, "F-DES-3");
  g_assert_cmpfloat_with_epsilon (lucky->p_as_good, 1 / 2.0, EPS);
  unlucky = adm_luck_ledgers_extreme (ledgers, FALSE, NULL);
  g_assert_cmpstr (unlucky->roll->clause, ==, "F-ART-13");
  g_assert_cmpfloat_with_epsilon (unlucky->p_as_bad, 1 / 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (g_array_index (rolls, AdmLuckRoll, 0).p_as_good, 42 / 64.0,
                                  EPS);
}

/* torp-duel.xml, test-battle-torpedo's strike with its dice "4 1 | 3 2 6 | 6 1 | 2 3 | 2":
 *  F-TORP-13: Triumph's two turret dice at 4+, 1 expected (2 × 1/2), 1 passed — a check;
 *  F-TORP-7: 3 torpedoes at Triumph's armour 3+, 2 expected (3 × 4/6), 2 struck;
 *   P(2 or fewer) = 1 − (2/3)³ = 19/27 for Komarr;
 *  F-WPN-16: 2 critical checks at 6+, 1/3 expected, 1 passed;
 *  F-TORP-7: the miss at Victory, 1 die at 3+, 2/3 expected, none struck.
 * Komarr: torpedo hits taken 2 + 2/3 → 2, criticals taken 1/3 → 1, checks 1 → 1. */
static void
test_torpedo_ledger (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmLuckLedger) ledger = NULL;
  const AdmLuckSide *komarr;
  GArray *rolls;

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  resolve (battle, NULL, "4 1  3 2 6  6 1  2 3  2");
  ledger = adm_luck_ledger_new (battle, adm_audience_master (), NULL);
  rolls = adm_luck_ledger_get_rolls (ledger);
  g_assert_cmpuint (rolls->len, ==, 4);
  g_assert_cmpint (g_array_index (rolls, AdmLuckRoll, 1).measure, ==, ADM_LUCK_STRUCK);
  g_assert_cmpfloat_with_epsilon (g_array_index (rolls, AdmLuckRoll, 1).p_as_good, 19 / 27.0,
                                  EPS);
  komarr = side_named (ledger, "Komarr");
  g_assert_nonnull (komarr);
  assert_tally (&komarr->tally[ADM_LUCK_STRUCK], 2, 2 + 2 / 3.0, 2);
  assert_tally (&komarr->tally[ADM_LUCK_CRITICALS], 1, 1 / 3.0, 1);
  assert_tally (&komarr->tally[ADM_LUCK_CHECKS], 1, 1, 1);
  /* F-TORP-7, F-WPN-16: the damage the torpedoes did, against the rules' own torpedo odds
   * (adm_torpedo_odds_compute ()) of the torpedoes left after the turrets: 3 × 4/6 = 2 at
   * Triumph, 2 came; 2/3 at Victory, none came. */
  assert_tally (&komarr->tally[ADM_LUCK_TAKEN], 2, 2 + 2 / 3.0, 2);
  g_assert_true (g_array_index (rolls, AdmLuckRoll, 1).damage_counted);
  g_assert_null (side_named (ledger, "Barrayar"));
}

/* move.xml, test-battle-move's head-on ram with its dice "1 1 | 3 | 3 1 6 2 5 | 1 2 3 |
 * 2 1 1 1 1 1 1 | 1":
 *  F-RAM-6, F-RAM-7, F-RAM-11: Vorpatril's 5 dice at Target's armour 3+, 5 × 4/6 = 10/3
 *   expected, 3 scored and did 3 damage (shields are no part of a ram);
 *  F-RAM-10, F-RAM-12, F-RAM-13: Target's 7 dice at Vorpatril's armour 3 with +1 for its
 *   stronger shields, so 2+: 7 × 5/6 = 35/6 expected, 1 scored and did 1 damage.
 * Each is its own side's hits and damage, expected against actual. */
static void
test_ram_ledger (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("move.xml");
  g_autoptr(AdmLuckLedger) ledger = NULL;
  const AdmLuckSide *barrayar, *komarr;

  resolve (battle, "", "1 6");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  resolve (battle, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                   "<forward cm=\"38\"/></move>",
           "1 1  3  3 1 6 2 5  1 2 3  2 1 1 1 1 1 1  1");
  ledger = adm_luck_ledger_new (battle, adm_audience_master (), NULL);
  barrayar = side_named (ledger, "Barrayar");
  komarr = side_named (ledger, "Komarr");
  g_assert_nonnull (barrayar);
  g_assert_nonnull (komarr);
  assert_tally (&barrayar->tally[ADM_LUCK_HITS], 1, 10 / 3.0, 3);
  assert_tally (&barrayar->tally[ADM_LUCK_DAMAGE], 1, 10 / 3.0, 3);
  assert_tally (&komarr->tally[ADM_LUCK_HITS], 1, 35 / 6.0, 1);
  assert_tally (&komarr->tally[ADM_LUCK_DAMAGE], 1, 35 / 6.0, 1);
  assert_tally (&komarr->tally[ADM_LUCK_TAKEN], 0, 0, 0);
}

/* F-BOARD-13: in a boarding round each side rolls its own die, whoever rolls higher winning:
 * the attacker's die is its side's luck, the defender's its own — though the attacker's roll
 * names the ship boarded first. board.xml: Vorberg (Barrayar) boards Triumph (Komarr), 3
 * against 5 (test-battle-boarding's round: Vorberg's 3 needed 2, Triumph's 5 needed 8). */
static void
test_boarding_sides (void)
{
  g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);
  g_autoptr(AdmLuckLedger) ledger = NULL;
  GArray *rolls;
  guint boarding = 0;

  resolve (battle, "<board ship=\"vorberg\" target=\"triumph\"/>", "");
  resolve (battle, "", "3 5");
  ledger = adm_luck_ledger_new (battle, adm_audience_master (), NULL);
  rolls = adm_luck_ledger_get_rolls (ledger);
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmLuckRoll *entry = &g_array_index (rolls, AdmLuckRoll, i);

      if (g_strcmp0 (entry->roll->clause, "F-BOARD-13") != 0)
        continue;
      /* First Vorberg's roll, then Triumph's. */
      g_assert_cmpstr (adm_luck_ledger_get_side_id (ledger, entry->side), ==,
                       boarding == 0 ? "barrayar" : "komarr");
      g_assert_cmpuint (entry->passed, ==, boarding == 0 ? 1 : 0);
      boarding++;
    }
  g_assert_cmpuint (boarding, ==, 2);
}

/* F-ECM-2: each side's ledger holds exactly the judged rolls the audience filter shows it,
 * in the same copies (a side's own fire at a token it has not identified, F-ECM-4, its fogged
 * copy), and its tallies sum those alone; damage only where it is shown the target's
 * shields. */
static void
test_side_counts_seen_rolls (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);

  resolve (battle, FIRE ("hartung:main hartung:destructor", "kalloner"),
           "6 5 4 1 1 1 6 1 1 5 1 1 1 1");
  for (guint side = 0; side <= adm_battle_get_n_sides (battle); side++)
    {
      AdmAudience audience = side < adm_battle_get_n_sides (battle) ? adm_audience_side (side)
                                                                   : adm_audience_public ();
      g_autoptr(AdmLuckLedger) ledger = adm_luck_ledger_new (battle, audience, NULL);
      g_autoptr(GPtrArray) seen = adm_audience_filter_rolls (audience, battle);
      GArray *rolls = adm_luck_ledger_get_rolls (ledger);
      GPtrArray *sides = adm_luck_ledger_get_sides (ledger);
      guint judged = 0, next = 0, counted = 0;

      for (guint i = 0; i < seen->len; i++)
        {
          const AdmBattleRoll *roll = g_ptr_array_index (seen, i);

          if (roll->check == ADM_ROLL_CHECK_NONE)
            continue;
          judged++;
          /* The ledger's rolls are the filter's, in order, the very copies it gives. */
          g_assert_cmpuint (next, <, rolls->len);
          g_assert_true (g_array_index (rolls, AdmLuckRoll, next).roll == roll);
          if (g_array_index (rolls, AdmLuckRoll, next).damage_counted)
            g_assert_true (adm_audience_ship_shows (audience, battle, roll->damage_target,
                                                    ADM_SHIP_FACT_SHIELDS));
          next++;
        }
      g_assert_cmpuint (rolls->len, ==, judged);
      for (guint s = 0; s < sides->len; s++)
        {
          const AdmLuckSide *entry = g_ptr_array_index (sides, s);

          g_assert_true (adm_audience_sees_side (audience, battle, entry->side));
          for (guint m = 0; m < ADM_LUCK_N_MEASURES; m++)
            if (m != ADM_LUCK_DAMAGE && m != ADM_LUCK_TAKEN)
              counted += entry->tally[m].rolls;
        }
      g_assert_cmpuint (counted, ==, judged);
    }
}

/* Nothing in @text of a ship @audience is not shown by name: its name or id. */
static void
assert_names_nothing_hidden (AdmBattle   *battle,
                             AdmAudience  audience,
                             const char  *text)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (adm_audience_ship_shows (audience, battle, i, ADM_SHIP_FACT_NAME))
        continue;
      if (strstr (text, ship->name) != NULL || strstr (text, ship->id) != NULL)
        g_error ("the ledger tells of %s, not shown:\n%s", ship->id, text);
    }
}

/* F-ECM-2, F-ECM-5: tests/data/reports/cycle-2-pol-orbit.xml, three turns with seed 7, where
 * the Cetagandans fail to detect a Polian formation (test-audience's case): the failed
 * detection rolls are the master's alone, so a side's ledger counts fewer judged rolls than
 * the master's — exactly those the filter shows it — and its page names no ship it is not
 * shown. */
static void
test_hidden_rolls_not_counted (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "reports",
                                                 "cycle-2-pol-orbit.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  g_autoptr(AdmLuckLedger) master = NULL;
  guint hidden = 0;

  g_assert_no_error (error);
  for (int turn = 1; turn <= 3; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  master = adm_luck_ledger_new (battle, adm_audience_master (), NULL);
  for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
    {
      AdmAudience audience = adm_audience_side (side);
      g_autoptr(AdmLuckLedger) ledger = adm_luck_ledger_new (battle, audience, NULL);
      g_autoptr(GPtrArray) seen = adm_audience_filter_rolls (audience, battle);
      g_autoptr(GPtrArray) ledgers = g_ptr_array_new ();
      g_autoptr(AdmDoc) doc = adm_doc_new ("luck", NULL, NULL);
      g_autofree char *text = NULL;
      guint judged = 0, counted = 0;
      GPtrArray *sides = adm_luck_ledger_get_sides (ledger);

      for (guint i = 0; i < seen->len; i++)
        judged += ((const AdmBattleRoll *) g_ptr_array_index (seen, i))->check !=
                  ADM_ROLL_CHECK_NONE;
      g_assert_cmpuint (adm_luck_ledger_get_rolls (ledger)->len, ==, judged);
      for (guint s = 0; s < sides->len; s++)
        for (guint m = 0; m < ADM_LUCK_N_MEASURES; m++)
          if (m != ADM_LUCK_DAMAGE && m != ADM_LUCK_TAKEN)
            counted += ((AdmLuckSide *) g_ptr_array_index (sides, s))->tally[m].rolls;
      g_assert_cmpuint (counted, ==, judged);
      hidden += adm_luck_ledger_get_rolls (master)->len - judged;
      g_ptr_array_add (ledgers, ledger);
      adm_luck_add_to_doc (ledgers, doc, 1);
      text = adm_doc_to_text (doc);
      assert_names_nothing_hidden (battle, audience, text);
    }
  /* The case the filter is for: rolls some side did not see. */
  g_assert_cmpuint (hidden, >, 0);
}

/* The F-BOARD-13 rolls of @ledger, in the order rolled: at most @n into @out. */
static guint
boarding_rolls (AdmLuckLedger      *ledger,
                const AdmLuckRoll **out,
                guint               n)
{
  GArray *rolls = adm_luck_ledger_get_rolls (ledger);
  guint found = 0;

  for (guint i = 0; i < rolls->len; i++)
    if (g_strcmp0 (g_array_index (rolls, AdmLuckRoll, i).roll->clause, "F-BOARD-13") == 0 &&
        found < n)
      out[found++] = &g_array_index (rolls, AdmLuckRoll, i);
  return found;
}

/* F-BOARD-13: a boarding roll's odds are the round's before either side's die, with the
 * round's modifiers kept on the roll; its outcome its total against the other side's.
 * board.xml: Vorberg +4 (F-BOARD-8 +2, F-BOARD-9 +1, F-RDY-5 +1) against Triumph +0. Vorberg
 * wins when its d6 + 4 is above Triumph's d6: it loses only on (1, 6) and ties on (1, 5) and
 * (2, 6), so it wins 33 in 36, ties 2 and loses 1. Dice "2 1": Vorberg's 2 + 4 = 6 against 1,
 * where the other side's die alone made it need "≥ -2"; "1 5" (a fresh battle): a tie. */
static void
test_boarding_odds (void)
{
  const char *const dice[] = { "2 1", "1 5" };

  for (guint d = 0; d < G_N_ELEMENTS (dice); d++)
    {
      g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);
      g_autoptr(AdmLuckLedger) ledger = NULL;
      g_autofree char *vorberg = NULL, *triumph = NULL;
      const AdmLuckRoll *rolls[2];

      resolve (battle, "<board ship=\"vorberg\" target=\"triumph\"/>", "");
      resolve (battle, "", dice[d]);
      ledger = adm_luck_ledger_new (battle, adm_audience_master (), NULL);
      g_assert_cmpuint (boarding_rolls (ledger, rolls, 2), ==, 2);
      g_assert_true (rolls[0]->roll->opposed);
      g_assert_cmpint (rolls[0]->roll->modifier, ==, 4);
      g_assert_cmpint (rolls[0]->roll->opposing_modifier, ==, 0);
      g_assert_cmpint (rolls[1]->roll->modifier, ==, 0);
      g_assert_cmpint (rolls[1]->roll->opposing_modifier, ==, 4);
      g_assert_cmpfloat_with_epsilon (rolls[0]->expected, 33 / 36.0, EPS);
      g_assert_cmpfloat_with_epsilon (rolls[1]->expected, 1 / 36.0, EPS);
      vorberg = adm_luck_roll_summary (ledger, rolls[0]);
      triumph = adm_luck_roll_summary (ledger, rolls[1]);
      g_assert_null (strstr (vorberg, "≥"));
      g_assert_null (strstr (triumph, "≥"));
      if (d == 0)
        {
          g_assert_cmpuint (rolls[0]->passed, ==, 1);
          g_assert_cmpfloat_with_epsilon (rolls[0]->p_as_good, 33 / 36.0, EPS);
          g_assert_cmpfloat_with_epsilon (rolls[0]->p_as_bad, 1.0, EPS);
          g_assert_cmpuint (rolls[1]->passed, ==, 0);
          g_assert_cmpfloat_with_epsilon (rolls[1]->p_as_good, 1.0, EPS);
          g_assert_cmpfloat_with_epsilon (rolls[1]->p_as_bad, 33 / 36.0, EPS);
          g_assert_nonnull (strstr (vorberg, "Dice 2: 2 +4 = 6 against 1: won ✓"));
          g_assert_nonnull (strstr (triumph, "Dice 1: 1 +0 = 1 against 6: lost ✗"));
        }
      else
        {
          /* A tie: as good or better is a win or a tie, as bad or worse a tie or a loss. */
          g_assert_cmpuint (rolls[0]->passed, ==, 0);
          g_assert_cmpfloat_with_epsilon (rolls[0]->p_as_good, 35 / 36.0, EPS);
          g_assert_cmpfloat_with_epsilon (rolls[0]->p_as_bad, 3 / 36.0, EPS);
          g_assert_cmpfloat_with_epsilon (rolls[1]->p_as_good, 3 / 36.0, EPS);
          g_assert_cmpfloat_with_epsilon (rolls[1]->p_as_bad, 35 / 36.0, EPS);
          g_assert_nonnull (strstr (vorberg, "1 +4 = 5 against 5: tied"));
        }
    }
}

/* F-BOARD-13: the round's modifiers are not in the file — a battle saved by a version that
 * never kept them reads the same — and come back when its journal replays: the saved
 * battle's roll events hold the dice alone, and the battle opened from them weighs its
 * boarding rolls with the round's modifiers. */
static void
test_boarding_saved (void)
{
  g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);
  g_autoptr(AdmBattle) opened = NULL;
  g_autoptr(AdmLuckLedger) ledger = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *summary = NULL;
  const AdmLuckRoll *rolls[2];
  gsize length;

  resolve (battle, "<board ship=\"vorberg\" target=\"triumph\"/>", "");
  resolve (battle, "", "2 1");
  text = adm_battle_serialize (battle, &length);
  g_assert_null (strstr (text, "modifier"));
  opened = adm_battle_load_game_memory (text, length, "board.game.xml", &error);
  g_assert_no_error (error);
  ledger = adm_luck_ledger_new (opened, adm_audience_master (), NULL);
  g_assert_cmpuint (boarding_rolls (ledger, rolls, 2), ==, 2);
  g_assert_true (rolls[0]->roll->opposed);
  g_assert_cmpint (rolls[0]->roll->modifier, ==, 4);
  g_assert_cmpfloat_with_epsilon (rolls[0]->p_as_good, 33 / 36.0, EPS);
  summary = adm_luck_roll_summary (ledger, rolls[0]);
  g_assert_nonnull (strstr (summary, "2 +4 = 6 against 1: won ✓"));
}

/* board.xml with a third side, Cetaganda, far off: Komarr knows of the Vorberg group only
 * that it is there (F-ECM-4), Cetaganda has identified Triumph's group and not Vorberg's. */
#define BOARD_UNSEEN \
  "  <side id=\"cetaganda\" name=\"Cetaganda\">\n" \
  "    <formation id=\"c1\" name=\"Ghem group\" flagship=\"ghem\">\n" \
  "      <ship id=\"ghem\" name=\"Ghem\" class=\"frigate\" x=\"80\" y=\"0\" heading=\"270\"\n" \
  "            readiness=\"5\"/>\n" \
  "    </formation>\n" \
  "  </side>\n" \
  "  <detection side=\"komarr\" formation=\"b1\" level=\"presence\"/>\n" \
  "  <detection side=\"cetaganda\" formation=\"b1\" level=\"none\"/>\n" \
  "</battle>"

/* F-BOARD-13, F-ECM-2: a boarding round's rolls are told only to the sides that know both
 * ships, as its report line is: each roll's outcome and odds hold the other side's total and
 * modifiers (Vorberg's +4: its Barrayaran crew and its readiness). Vorberg boards Triumph,
 * dice "2 1". Barrayar and the master read both rolls; Komarr, which has not identified its
 * boarder, and Cetaganda, which has identified only Triumph, read neither — not Triumph's,
 * "1 +0 = 1 against 6", either — and the public reads what every side reads. */
static void
test_boarding_unseen (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("board.xml", "</battle>", BOARD_UNSEEN,
                                                 ADM_PHASE_DETECTION);
  const guint told[] = { 2, 0, 0 };

  /* F-ECM-5: neither Komarr (1 against 6) nor Cetaganda (1 against 6) finds the Vorberg
   * group at the start of the turn. */
  resolve (battle, NULL, "1 6 1 6");
  g_assert_cmpint (adm_battle_get_detection (battle, 1, 0), ==, ADM_DETECTION_PRESENCE);
  g_assert_cmpint (adm_battle_get_detection (battle, 2, 0), ==, ADM_DETECTION_NONE);
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
  resolve (battle, "<board ship=\"vorberg\" target=\"triumph\"/>", "");
  resolve (battle, "", "2 1");
  g_assert_true (battle_helper_reported (battle, "Triumph loses 5 boarding potential"));
  g_assert_cmpuint (adm_battle_get_n_sides (battle), ==, G_N_ELEMENTS (told));
  for (guint a = 0; a <= G_N_ELEMENTS (told) + 1; a++)
    {
      AdmAudience audience = a < G_N_ELEMENTS (told) ? adm_audience_side (a)
                             : a == G_N_ELEMENTS (told) ? adm_audience_public ()
                             : adm_audience_master ();
      guint expected = a < G_N_ELEMENTS (told) ? told[a] : a == G_N_ELEMENTS (told) ? 0 : 2;
      g_autoptr(AdmLuckLedger) ledger = adm_luck_ledger_new (battle, audience, NULL);
      g_autoptr(GPtrArray) seen = adm_audience_filter_rolls (audience, battle);
      g_autoptr(GPtrArray) ledgers = g_ptr_array_new ();
      g_autoptr(AdmDoc) doc = adm_doc_new ("luck", NULL, NULL);
      g_autofree char *text = NULL;
      const AdmLuckRoll *rolls[2];
      guint boarding = 0;

      for (guint i = 0; i < seen->len; i++)
        boarding += g_strcmp0 (((const AdmBattleRoll *) g_ptr_array_index (seen, i))->clause,
                               "F-BOARD-13") == 0;
      g_assert_cmpuint (boarding, ==, expected);
      g_assert_cmpuint (boarding_rolls (ledger, rolls, 2), ==, expected);
      g_ptr_array_add (ledgers, ledger);
      adm_luck_add_to_doc (ledgers, doc, 1);
      text = adm_doc_to_text (doc);
      if (expected == 0)
        assert_lacks (text, "against", "a ledger told nothing of the boarding round");
      else
        assert_contains (text, "1 +0 = 1 against 6: lost", "a ledger told of both ships");
      assert_names_nothing_hidden (battle, audience, text);
    }
}

/* F-CAT-12 (ruling "explosion-luck"): fire-catastrophe.xml, test-battle-fire's plasma
 * overload: Victim (Komarr) explodes, its 3 dice at 4+ strike Bystander (Komarr) "4 5 1",
 * 2 damage, 3/2 expected. "struck-side": Komarr's, struck dice (fewer is luckier) and damage
 * taken; "exploding-side": Komarr's too (Victim's side), as hits and damage done;
 * "no-one": left out. */
static void
test_explosion_luck (void)
{
  const char *const readings[] = { "struck-side", "exploding-side", "no-one" };

  for (guint r = 0; r < G_N_ELEMENTS (readings); r++)
    {
      g_autoptr(AdmBattle) battle = load_at ("fire-catastrophe.xml", ADM_PHASE_FIRE);
      g_autoptr(AdmLuckLedger) ledger = NULL;
      const AdmLuckRoll *strike = NULL;
      const AdmLuckSide *komarr;
      GArray *rolls;

      set_ruling (battle, "explosion-luck", readings[r]);
      resolve (battle, FIRE ("hartung:destructor", "victim") FIRE ("hartung:main", "victim"),
               "6 6 6 1 1 4 5 3 3 3 4 5 1 1 1");
      ledger = adm_luck_ledger_new (battle, adm_audience_master (), NULL);
      rolls = adm_luck_ledger_get_rolls (ledger);
      for (guint i = 0; i < rolls->len; i++)
        if (g_array_index (rolls, AdmLuckRoll, i).roll->kind == ADM_ROLL_KIND_EXPLOSION)
          strike = &g_array_index (rolls, AdmLuckRoll, i);
      komarr = side_named (ledger, "Komarr");
      if (r == 2)
        {
          g_assert_null (strike);
          continue;
        }
      g_assert_nonnull (strike);
      g_assert_cmpstr (adm_luck_ledger_get_side_id (ledger, strike->side), ==, "komarr");
      g_assert_cmpfloat_with_epsilon (strike->expected, 3 / 2.0, EPS);
      g_assert_cmpuint (strike->passed, ==, 2);
      g_assert_true (strike->damage_counted);
      g_assert_cmpfloat_with_epsilon (strike->roll->expected_damage, 3 / 2.0, EPS);
      if (r == 0)
        {
          g_assert_cmpuint (strike->subject, ==, 1);
          g_assert_cmpint (strike->measure, ==, ADM_LUCK_STRUCK);
          /* P(2 or more of 3 at 1/2) = 1/2 is as bad or worse for the struck side. */
          g_assert_cmpfloat_with_epsilon (strike->p_as_bad, 1 / 2.0, EPS);
          g_assert_cmpfloat_with_epsilon (strike->p_as_good, 7 / 8.0, EPS);
          assert_tally (&komarr->tally[ADM_LUCK_STRUCK], 1, 3 / 2.0, 2);
          assert_tally (&komarr->tally[ADM_LUCK_TAKEN], 1, 3 / 2.0, 2);
        }
      else
        {
          g_assert_cmpuint (strike->subject, ==, 0);
          g_assert_cmpint (strike->measure, ==, ADM_LUCK_HITS);
          g_assert_cmpfloat_with_epsilon (strike->p_as_good, 1 / 2.0, EPS);
          assert_tally (&komarr->tally[ADM_LUCK_HITS], 1, 3 / 2.0, 2);
          assert_tally (&komarr->tally[ADM_LUCK_DAMAGE], 1, 3 / 2.0, 2);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/luck/F-ART-12/roll-passes", test_roll_passes);
  g_test_add_func ("/engine/luck/F-SHLD-1/fire-ledger", test_fire_ledger);
  g_test_add_func ("/engine/luck/F-TORP-7/torpedo-ledger", test_torpedo_ledger);
  g_test_add_func ("/engine/luck/F-RAM-7/ram-ledger", test_ram_ledger);
  g_test_add_func ("/engine/luck/F-BOARD-13/boarding-sides", test_boarding_sides);
  g_test_add_func ("/engine/luck/F-BOARD-13/boarding-odds", test_boarding_odds);
  g_test_add_func ("/engine/luck/F-BOARD-13/boarding-saved", test_boarding_saved);
  g_test_add_func ("/engine/luck/F-BOARD-13/boarding-unseen", test_boarding_unseen);
  g_test_add_func ("/engine/luck/F-CAT-12/explosion-luck", test_explosion_luck);
  g_test_add_func ("/engine/luck/F-ECM-2/side-counts-seen-rolls", test_side_counts_seen_rolls);
  g_test_add_func ("/engine/luck/F-ECM-5/hidden-rolls-not-counted",
                   test_hidden_rolls_not_counted);
  return g_test_run ();
}
