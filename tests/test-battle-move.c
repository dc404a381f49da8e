/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-move.c: the tactical turn (F-TAC, F-SEQ), formations (F-FORM), readiness
 * (F-RDY), detection (F-ECM), movement (F-MOVE) and ramming (F-RAM), with scripted dice;
 * the journal, undo and all-or-nothing phases. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "battle-scripting.h"
#include "shipped-helpers.h"
#include "adm-audience.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-dice-prng.h"
#include "adm-dice-queue.h"
#include "adm-dice-source.h"
#include "adm-ruleset.h"
#include "adm-xml.h"

#define EPS 1e-9

static AdmBattle *
at_movement (const char *fixture)
{
  AdmBattle *battle = battle_helper_load (fixture);

  /* move.xml: one hidden formation, so detection rolls two d6 (F-ECM-5); 1 against 6 keeps
   * it hidden. */
  if (g_str_equal (fixture, "move.xml") || g_str_equal (fixture, "overlap.xml"))
    resolve (battle, "", "1 6");
  else
    battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  return battle;
}

/* F-TAC, F-SEQ */

static void
test_turn_sequence (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");
  const AdmPhase expected[] = { ADM_PHASE_DETECTION, ADM_PHASE_MOVEMENT, ADM_PHASE_FIRE,
                                ADM_PHASE_TORPEDO, ADM_PHASE_END, ADM_PHASE_DETECTION };

  /* F-TAC-1: the battle file is the master's layout of the tactical map; F-TAC-2: the
   * tactical rules follow. F-SEQ-1: detection, movement, fire, torpedoes and boarding,
   * end, then the next turn. */
  g_assert_cmpstr (adm_battle_get_name (battle), ==, "Duel");
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpint (adm_battle_get_phase (battle), ==, expected[i]);
      if (i + 1 < G_N_ELEMENTS (expected))
        resolve (battle, "", "");
    }
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_true (battle_helper_reported (battle, "Turn 1."));
  g_assert_true (battle_helper_reported (battle, "End of turn 1."));
}

static void
test_simultaneous_fire (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");

  /* F-SEQ-2 ("turn-sequence"): one fire phase for both sides, resolved in the order
   * declared; here both ships fire in the same phase. Vorberg main 5 at 10 cm (half range
   * of 35, column 2 → 1): 5 dice; Triumph main 4 at 10 cm (half of 30): 4 dice. */
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle,
           "<fire weapons=\"vorberg:main\" target=\"triumph\"/>"
           "<fire weapons=\"triumph:main\" target=\"vorberg\"/>",
           "1 1 1 1 1  1 1 1 1");
  g_assert_true (battle_helper_reported (battle, "Vorberg's Main battery, firepower 5"));
  g_assert_true (battle_helper_reported (battle, "Triumph's Main battery, firepower 4"));
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, ==, 2);
}

/* F-FORM */

static void
test_formation_flagship_required (void)
{
  g_autoptr(GError) error = NULL;
  const char *text =
    "<battle ruleset=\"forcon-2010\" name=\"x\">"
    "<side id=\"a\" name=\"A\"><formation id=\"f\" name=\"F\" flagship=\"nobody\">"
    "<ship id=\"s\" name=\"S\" class=\"vorberg\" x=\"0\" y=\"0\" heading=\"0\" readiness=\"5\"/>"
    "</formation></side>"
    "<side id=\"b\" name=\"B\"><formation id=\"g\" name=\"G\" flagship=\"t\">"
    "<ship id=\"t\" name=\"T\" class=\"vorberg\" x=\"9\" y=\"0\" heading=\"0\" readiness=\"5\"/>"
    "</formation></side></battle>";
  g_autoptr(AdmBattle) battle = adm_battle_load_memory (text, strlen (text), "flagless.xml",
                                                        &error);

  /* F-FORM-2, F-FORM-3, F-FORM-4: the formation is the unit, may be one ship, and must
   * name its flagship among its ships. */
  g_assert_null (battle);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "flagless.xml:1:"));
  g_assert_nonnull (strstr (error->message, "nobody"));
}

/* A battle whose formation "Big" has @n cruisers, loaded; NULL and *@error when refused. */
static AdmBattle *
load_big_formation (int      n,
                    GError **error)
{
  g_autoptr(GString) text = g_string_new ("<battle ruleset=\"forcon-2010\" name=\"x\">"
                                          "<side id=\"a\" name=\"A\"><formation id=\"f\" "
                                          "name=\"Big\" flagship=\"s0\">");

  for (int i = 0; i < n; i++)
    g_string_append_printf (text, "<ship id=\"s%d\" name=\"S%d\" class=\"vorberg\" x=\"0\" "
                            "y=\"%d\" heading=\"0\" readiness=\"5\"/>", i, i, i * 3);
  g_string_append (text, "</formation></side><side id=\"b\" name=\"B\"><formation id=\"g\" "
                   "name=\"G\" flagship=\"t\"><ship id=\"t\" name=\"T\" class=\"vorberg\" "
                   "x=\"90\" y=\"0\" heading=\"0\" readiness=\"5\"/></formation></side>"
                   "</battle>");
  return adm_battle_load_memory (text->str, text->len, "big.xml", error);
}

static void
test_formation_size (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;

  /* F-FORM-8 ("formation-composition"): at most six ships of one category. */
  battle = load_big_formation (7, &error);
  g_assert_null (battle);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "F-FORM-8"));
}

/* F-FORM-8: a formation's most ships are the ruleset's (<formation-size ships>), not the
 * engine's: with a copy of the rules allowing 7, the 7 cruisers refused above load, and 8 are
 * refused with the ruleset's number. */
static void
test_formation_size_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-FORM-8\" ships=\"6\"",
                                   "clause=\"F-FORM-8\" ships=\"7\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) seven = load_big_formation (7, &error);
  g_autoptr(AdmBattle) eight = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (seven);
  eight = load_big_formation (8, &error);
  changed_rules_end (dir);
  g_assert_null (eight);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "holds at most 7 ships, all of one category "
                                            "(F-FORM-8)"));
}

static void
test_formation_mixed (void)
{
  const char *mixed =
    "<side id=\"a\" name=\"A\"><formation id=\"f\" name=\"Mixed\" flagship=\"s\">"
    "<ship id=\"s\" name=\"S\" class=\"vorberg\" x=\"0\" y=\"0\" heading=\"0\" readiness=\"5\"/>"
    "<ship id=\"e\" name=\"E\" class=\"frigate\" x=\"0\" y=\"3\" heading=\"0\" readiness=\"5\"/>"
    "</formation></side><side id=\"b\" name=\"B\"><formation id=\"g\" name=\"G\" "
    "flagship=\"t\"><ship id=\"t\" name=\"T\" class=\"vorberg\" x=\"90\" y=\"0\" "
    "heading=\"0\" readiness=\"5\"/></formation></side></battle>";
  g_autofree char *plain = g_strconcat ("<battle ruleset=\"forcon-2010\" name=\"x\">", mixed,
                                        NULL);
  g_autofree char *ruled = g_strconcat ("<battle ruleset=\"forcon-2010\" name=\"x\">"
                                        "<rulings><ruling id=\"formation-composition\" "
                                        "value=\"six-per-category\"/></rulings>", mixed, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) refused_battle = adm_battle_load_memory (plain, strlen (plain), "mixed.xml",
                                                                &error);
  g_autoptr(AdmBattle) battle = NULL;

  /* F-FORM-8, both values of "formation-composition": a cruiser and a frigate together are
   * refused by default and allowed with up to six of each category. */
  g_assert_null (refused_battle);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "all of one category (F-FORM-8)"));
  g_clear_error (&error);
  battle = adm_battle_load_memory (ruled, strlen (ruled), "mixed.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_battle_get_formation (battle, 0)->ships->len, ==, 2);
}

static void
test_formation_moves_as_one (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-FORM-6, F-FORM-9: the order goes to the formation, which manoeuvres as one ship and
   * keeps its shape; F-FORM-10: at its worst speed (the battleship's 18, not the cruiser's
   * 28) and the battleship's turning rule; F-FORM-11: stands are a table aid only. */
  refuse (battle, "<move formation=\"battle\"><forward cm=\"19\"/></move>", "",
          "can move at most 18 cm");
  resolve (battle, "<move formation=\"battle\"><forward cm=\"12\"/><turn degrees=\"45\"/>"
           "<forward cm=\"4\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "prince-serg")->position.x, 12 + 4 * sin (G_PI / 4),
                                  EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "prince-serg")->position.y, 4 * sin (G_PI / 4),
                                  EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorberg")->position.x, 12 + 4 * sin (G_PI / 4),
                                  EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorberg")->position.y,
                                  5 + 4 * sin (G_PI / 4), EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorberg")->heading, 135, EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "prince-serg")->heading, 135, EPS);
}

static void
test_formation_succession (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("command.xml");
  int victory = adm_battle_ship_index (battle, "victory");
  const AdmBattleFormation *k = adm_battle_get_formation (battle,
                                                          adm_battle_formation_index (battle, "k"));

  /* F-FORM-19: the formation pools its shields and turrets: three cruisers of 2 and 1. */
  g_assert_cmpint (adm_battle_ship_shield_pool (battle, victory), ==, 6);
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, victory), ==, 3);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  /* Vorberg's main battery, 5 at 10 cm: half range, column 1, 5 dice, all 6: 5 hits, all
   * absorbed by the pool of 6; its destructor, 2 dice (6 6): 2 hits, the last shield
   * absorbs one, 1 damage on Triumph's last hull point: its critical check (F-CRIT-1, F-DES-3)
   * 1, then catastrophic 2d6 = 2, a drifting hulk. */
  resolve (battle, "<fire weapons=\"vorberg:main vorberg:destructor\" target=\"triumph\"/>",
           "6 6 6 6 6  6 6  1  1 1");
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_DRIFTING_HULK);
  k = adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k"));
  g_assert_cmpint (k->flagship, ==, -1);
  g_assert_true (battle_helper_reported (battle, "Komarran squadron has lost its flagship"));

  /* F-FORM-5, F-FORM-14 ("succession-roll"): in the end phase Victory, second in the
   * declared succession, rolls
   * 2d6 ≤ readiness 6 + 3: 12 fails. F-FORM-15: no pooled shields without command. */
  resolve (battle, "", "");
  resolve (battle, "", "6 6");
  k = adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k"));
  g_assert_cmpint (k->flagship, ==, -1);
  g_assert_false (k->command);
  g_assert_cmpint (adm_battle_ship_shield_pool (battle, victory), ==, 2);
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, victory), ==, 1);
  g_assert_true (battle_helper_reported (battle, "Victory fails to take command"));

  /* F-FORM-16: the next turn it tries again (the hulk drifts 4d6 first, F-CAT-10): 9 ≤ 9. */
  resolve (battle, "", "");
  resolve (battle, "", "1 1 1 1");
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "4 5");
  k = adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k"));
  g_assert_cmpint (k->flagship, ==, victory);
  g_assert_true (k->command);
  g_assert_cmpint (adm_battle_ship_shield_pool (battle, victory), ==, 4);
}

/* F-FORM-14: the bonus to readiness of the roll to take command is the ruleset's
 * (<succession readiness-bonus>), not the engine's: with a copy of the rules giving + 2, the
 * 9 that takes command against readiness 6 + 3 above fails against 6 + 2. */
static void
test_succession_bonus_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "readiness-bonus=\"3\"",
                                   "readiness-bonus=\"2\"");
  g_autoptr(AdmBattle) battle = battle_helper_load ("command.xml");
  const AdmBattleFormation *k;

  changed_rules_end (dir);
  g_assert_cmpint (adm_ruleset_get_succession_bonus (adm_battle_get_ruleset (battle)), ==, 2);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, "<fire weapons=\"vorberg:main vorberg:destructor\" target=\"triumph\"/>",
           "6 6 6 6 6  6 6  1  1 1");
  resolve (battle, "", "");
  resolve (battle, "", "4 5");
  k = adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k"));
  g_assert_cmpint (k->flagship, ==, -1);
  g_assert_true (battle_helper_reported (battle, "Victory fails to take command"));
}

/* F-RDY-2: a readiness check's number of dice is the ruleset's (<dice-counts>), not the
 * engine's: with a copy of the rules rolling 3d6, the succession roll of 4 5 that takes
 * command against readiness 6 + 3 above fails with a third die of 1. */
static void
test_readiness_dice_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-RDY-2\" dice=\"2\"",
                                   "clause=\"F-RDY-2\" dice=\"3\"");
  g_autoptr(AdmBattle) battle = battle_helper_load ("command.xml");
  const AdmBattleFormation *k;

  changed_rules_end (dir);
  g_assert_cmpint (adm_ruleset_get_dice (adm_battle_get_ruleset (battle), ADM_DICE_READINESS),
                   ==, 3);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, "<fire weapons=\"vorberg:main vorberg:destructor\" target=\"triumph\"/>",
           "6 6 6 6 6  6 6  1  1 1");
  resolve (battle, "", "");
  resolve (battle, "", "4 5 1");
  k = adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k"));
  g_assert_cmpint (k->flagship, ==, -1);
  g_assert_true (battle_helper_reported (battle, "taking command, 3d6 = 10 against 9: failed"));
}

static void
test_flagship_transfer (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("command.xml");
  int valiant = adm_battle_ship_index (battle, "valiant");

  /* F-FORM-17 ("flagship-transfer"): at the player's wish, at the end of the turn, no roll. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  refuse (battle, "<transfer-flagship formation=\"k\" to=\"vorberg\"/>", "",
          "is not a ship of formation");
  resolve (battle, "<transfer-flagship formation=\"k\" to=\"valiant\"/>", "");
  g_assert_cmpint (adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k"))->flagship,
                   ==, valiant);
}

static void
test_torpedo_salvo_not_direct_fire (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");

  /* F-FORM-12, F-FORM-13: torpedoes, singly or as a formation's salvo, are declared for
   * the torpedo phase (F-FIRE-3), not fired as direct fire. */
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  refuse (battle, "<fire weapons=\"triumph:torpedoes\" target=\"vorberg\"/>", "",
          "not a direct-fire weapon");
}

/* F-RDY */

static void
test_readiness (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("move.xml");
  int serg = adm_battle_ship_index (battle, "prince-serg");
  int monitor = adm_battle_ship_index (battle, "monitor");
  int vorpatril = adm_battle_ship_index (battle, "vorpatril");
  GPtrArray *grades = adm_ruleset_get_readiness_grades (adm_battle_get_ruleset (battle));

  /* F-RDY-1: every ship has a readiness; F-RDY-4, F-RDY-5: its band gives a modifier:
   * 8 veterans +1, 6 experienced 0, 9 elite +2, below 4 novices −1. */
  g_assert_cmpint (adm_battle_ship_readiness (battle, serg), ==, 8);
  g_assert_cmpint (adm_ruleset_readiness_grade (adm_battle_get_ruleset (battle), 8)->modifier, ==, 1);
  g_assert_cmpint (adm_ruleset_readiness_grade (adm_battle_get_ruleset (battle), 6)->modifier, ==, 0);
  g_assert_cmpint (adm_ruleset_readiness_grade (adm_battle_get_ruleset (battle), 9)->modifier, ==, 2);
  g_assert_cmpint (adm_ruleset_readiness_grade (adm_battle_get_ruleset (battle), 3)->modifier, ==, -1);
  g_assert_cmpuint (grades->len, ==, 4);
  g_assert_cmpint (adm_battle_ship_readiness (battle, monitor), ==, 6);
  g_assert_cmpint (adm_battle_ship_readiness (battle, vorpatril), ==, 9);
}

static void
test_readiness_check_and_penalty (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("command.xml");
  int victory = adm_battle_ship_index (battle, "victory");

  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  /* Victory's formation pools 6 shields: 5 artillery hits and 2 destructor hits, 6
   * absorbed, 1 damage; its critical check (4+ for destructors) is a 1. */
  resolve (battle, "<fire weapons=\"vorberg:main vorberg:destructor\" target=\"victory\"/>",
           "6 6 6 6 6  6 6  1");
  g_assert_cmpint (adm_battle_ship_hull_left (battle, victory), ==, 6);
  /* F-RDY-3 ("readiness-penalty"): −1 this turn and the next. */
  g_assert_cmpint (adm_battle_ship_readiness (battle, victory), ==, 5);
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "");
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_ship_readiness (battle, victory), ==, 5);
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 3);
  g_assert_cmpint (adm_battle_ship_readiness (battle, victory), ==, 6);
  /* F-RDY-2: a check passes on 2d6 ≤ readiness; /engine/battle/F-FORM-14 shows one pass
   * (9 ≤ 9) and one failure (12 > 9). */
  g_assert_true (battle_helper_reported (battle, "Victory takes 1 damage: 6 of 7 hull points left."));
}

/* F-RDY-3: the readiness damage takes and for how long are the ruleset's
 * (<damage-readiness penalty turns>), not the engine's: with a copy of the rules giving −2 for
 * 1 turn, Victory, damaged as above, has readiness 4 in turn 1 and its 6 again in turn 2. */
static void
test_readiness_penalty_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-RDY-3\" penalty=\"1\" turns=\"2\"",
                                   "clause=\"F-RDY-3\" penalty=\"2\" turns=\"1\"");
  g_autoptr(AdmBattle) battle = battle_helper_load ("command.xml");
  int victory = adm_battle_ship_index (battle, "victory");

  changed_rules_end (dir);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, "<fire weapons=\"vorberg:main vorberg:destructor\" target=\"victory\"/>",
           "6 6 6 6 6  6 6  1");
  g_assert_cmpint (adm_battle_ship_hull_left (battle, victory), ==, 6);
  g_assert_cmpint (adm_battle_ship_readiness (battle, victory), ==, 4);
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_ship_readiness (battle, victory), ==, 6);
  /* The pure rule: from the turn of the damage, for so many turns, never stacked. */
  g_assert_cmpint (adm_rdy_3_readiness (6, 3, 0, 1, 2), ==, 6);
  g_assert_cmpint (adm_rdy_3_readiness (6, 3, 2, 1, 2), ==, 5);
  g_assert_cmpint (adm_rdy_3_readiness (6, 4, 2, 1, 2), ==, 6);
  g_assert_cmpint (adm_rdy_3_readiness (6, 1, 2, 1, 2), ==, 6);
  g_assert_cmpint (adm_rdy_3_readiness (6, 2, 2, 1, 0), ==, 6);
}

/* F-ECM */

static void
test_detection_roll (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("move.xml");
  int hidden = adm_battle_formation_index (battle, "hidden");
  GPtrArray *rolls;

  /* F-ECM-1, F-ECM-2: Barrayar has not detected the hidden squadron. */
  g_assert_cmpint (adm_battle_get_detection (battle, 0, hidden), ==, ADM_DETECTION_NONE);
  g_assert_cmpint (adm_battle_get_detection (battle, 1, hidden), ==, ADM_DETECTION_FULL);
  /* F-ECM-5: d6 + best ECM attack 3 + veterans +1 (Prince Serg) against d6 + ECM defence 4
   * + veterans +1 (Shadow): 3 + 4 = 7 against 2 + 5 = 7, a tie: detected under
   * "attack-beats-defence"; F-ECM-6: fully. */
  resolve (battle, "", "3 2");
  g_assert_cmpint (adm_battle_get_detection (battle, 0, hidden), ==, ADM_DETECTION_FULL);
  g_assert_true (battle_helper_reported (battle, "ECM attack 7 (Prince Serg) against ECM defence 7 "
                                                 "(Shadow): fully detected"));
  rolls = adm_battle_get_rolls (battle);
  g_assert_cmpuint (rolls->len, ==, 2);
  g_assert_cmpstr (((AdmBattleRoll *) g_ptr_array_index (rolls, 0))->clause, ==, "F-ECM-5");
  g_assert_cmpstr (adm_battle_roll_get_purpose (g_ptr_array_index (rolls, 0)), ==,
                   "ECM attack of Barrayar against Hidden squadron");
  /* The attack die needed 3 to reach the defence's 7 (a tie detects), the defence
   * die 3 to beat the attack's 7. */
  assert_outcome (battle, 0, "≥ 3 (ECM defence 7): passed ✓");
  assert_outcome (battle, 1, "≥ 3 (ECM attack 7): failed ✗");
}

static void
test_detection_tie_hides (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("move.xml");
  g_autoptr(GError) error = NULL;
  int hidden = adm_battle_formation_index (battle, "hidden");

  g_assert_true (adm_ruleset_set_ruling (adm_battle_get_ruleset (battle), "ecm-detection",
                                         "tie-hides", &error));
  g_assert_no_error (error);
  resolve (battle, "", "3 2");
  g_assert_cmpint (adm_battle_get_detection (battle, 0, hidden), ==, ADM_DETECTION_NONE);
  g_assert_true (battle_helper_reported (battle, "not detected"));
  /* Under "tie-hides" the attack needed 4, the defence only 2. */
  assert_outcome (battle, 0, "≥ 4 (ECM defence 7): failed ✗");
  assert_outcome (battle, 1, "≥ 2 (ECM attack 7): passed ✓");
}

static void
test_undetected_cannot_be_fired_on (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("move.xml");
  int hidden = adm_battle_formation_index (battle, "hidden");

  resolve (battle, "", "1 6");
  resolve (battle, "", "");
  /* F-ECM-2: an undetected token is not on Barrayar's table. */
  refuse (battle, "<fire weapons=\"prince-serg:main\" target=\"shadow\"/>", "",
          "has not detected");
  g_assert_cmpint (adm_battle_get_detection (battle, 0, hidden), ==, ADM_DETECTION_NONE);
}

static void
test_fire_reveals (void)
{
  const char *text =
    "<battle ruleset=\"forcon-2010\" name=\"Ambush\">"
    "<side id=\"a\" name=\"Barrayar\"><formation id=\"f\" name=\"Line\" flagship=\"s\">"
    "<ship id=\"s\" name=\"Serg\" class=\"vorberg\" x=\"0\" y=\"0\" heading=\"90\" readiness=\"7\"/>"
    "</formation></side>"
    "<side id=\"b\" name=\"Cetaganda\"><formation id=\"g\" name=\"Ghosts\" flagship=\"t\">"
    "<ship id=\"t\" name=\"Ghost\" class=\"ti-lanna\" x=\"20\" y=\"0\" heading=\"270\" readiness=\"7\"/>"
    "</formation></side>"
    "<detection side=\"a\" formation=\"g\" level=\"presence\"/></battle>";
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_memory (text, strlen (text), "ambush.xml",
                                                        &error);
  int g;

  g_assert_no_error (error);
  g = adm_battle_formation_index (battle, "g");
  /* F-ECM-4: known present, type unknown: a face-down token, which may be fired on. */
  g_assert_cmpint (adm_battle_get_detection (battle, 0, g), ==, ADM_DETECTION_PRESENCE);
  resolve (battle, "", "1 6");
  g_assert_cmpint (adm_battle_get_detection (battle, 0, g), ==, ADM_DETECTION_PRESENCE);
  resolve (battle, "", "");
  /* F-ECM-3 ("fire-reveals"): the Ghost opens fire (plasma battery 8 at 20 cm of 40: half
   * range, column 1, 7 dice; Serg's 2 shields cancel 2 of them before the armour roll,
   * F-WPN-7; 5 dice all missing armour 3) and is fully detected. */
  resolve (battle, "<fire weapons=\"t:main\" target=\"s\"/>", "1 1 1 1 1");
  g_assert_cmpint (adm_battle_get_detection (battle, 0, g), ==, ADM_DETECTION_FULL);
}

/* F-MOVE */

static void
test_move_speed_and_order (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-MOVE-1, F-MOVE-2, F-MOVE-3: formations move in any order, no further than their
   * speed. */
  refuse (battle, "<move formation=\"illyrian\"><forward cm=\"33\"/></move>", "",
          "Ariel can move at most 32 cm this turn, not 33 cm (F-MOVE-3)");
  /* F-MOVE-14: one order, so one movement declaration, per formation. */
  refuse (battle, "<move formation=\"illyrian\"><forward cm=\"3\"/></move>"
                  "<move formation=\"illyrian\"><forward cm=\"3\"/></move>", "",
          "has two movement orders");
  refuse (battle, "<move formation=\"nobody\"><forward cm=\"3\"/></move>", "",
          "there is no formation “nobody”");
  resolve (battle, "<move formation=\"esc\"><forward cm=\"10\"/></move>"
                   "<move formation=\"illyrian\"><forward cm=\"32\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "ariel")->position.x, 32, EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "kestrel")->position.x, 10, EPS);
  /* Formations without orders stay (F-MOVE-4 "braking-run": zero). */
  g_assert_cmpfloat_with_epsilon (ship (battle, "triumph")->position.x, 100, EPS);
}

static void
test_turn_battleship (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-MOVE-6, F-MOVE-8, F-MOVE-9: a battleship turns only after 3/4 of its declared move. */
  refuse (battle, "<move formation=\"battle\"><forward cm=\"11\"/><turn degrees=\"45\"/>"
                  "<forward cm=\"5\"/></move>", "",
          "Prince Serg is a battleship: its first turn comes after 3/4 of the move (12 cm of "
          "16 cm), not after 11 cm (F-MOVE-9)");
  resolve (battle, "<move formation=\"battle\"><forward cm=\"12\"/><turn degrees=\"-45\"/>"
                   "<forward cm=\"4\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "prince-serg")->heading, 45, EPS);
}

static void
test_turn_battlecruiser (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-MOVE-10: a battlecruiser after 3/5: 14.4 of 24. */
  refuse (battle, "<move formation=\"bc\"><forward cm=\"14\"/><turn degrees=\"45\"/>"
                  "<forward cm=\"10\"/></move>", "",
          "General Vorkraft is a battlecruiser: its first turn comes after 3/5 of the move "
          "(14.4 cm of 24 cm), not after 14 cm (F-MOVE-10)");
  resolve (battle, "<move formation=\"bc\"><forward cm=\"15\"/><turn degrees=\"45\"/>"
                   "<forward cm=\"9\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorkraft")->heading, 135, EPS);
}

static void
test_turn_cruiser_and_exceptions (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-MOVE-11: a cruiser after half its move — except the Ariel, which turns anywhere. */
  /* F-MOVE-13 ("unlisted-ship-types-turn"): a heavy cruiser turns like a cruiser. */
  refuse (battle, "<move formation=\"heavy\"><forward cm=\"12\"/><turn degrees=\"45\"/>"
                  "<forward cm=\"14\"/></move>", "",
          "Vorkalloner is a heavy cruiser: its first turn comes after 1/2 of the move (13 cm of "
          "26 cm), not after 12 cm (F-MOVE-13)");
  resolve (battle, "<move formation=\"illyrian\"><turn degrees=\"45\"/><forward cm=\"30\"/>"
                   "</move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "ariel")->heading, 135, EPS);
}

static void
test_turn_monitor_and_escort (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-MOVE-12: «Монитор проходит полностью расстояние, определяемое его игровой скоростью,
   * и только тогда может повернуть» — the distance its game speed sets (the Orbital
   * monitor's 10 cm), not a share of the declared move as for battleships (F-MOVE-9),
   * battlecruisers (F-MOVE-10) and cruisers (F-MOVE-11). 9 cm before the turn is short. */
  refuse (battle, "<move formation=\"mon\"><forward cm=\"9\"/><turn degrees=\"45\"/>"
                  "<forward cm=\"1\"/></move>", "",
          "Monitor is a monitor: its first turn comes after its full speed (10 cm), not after "
          "9 cm (F-MOVE-12)");
  /* Declaring forward 6 then a 45° turn: the whole of a 6 cm move is made first, but 6 cm is
   * not the 10 cm of its speed: refuse (a share of the declared move would have allowed
   * it). */
  refuse (battle, "<move formation=\"mon\"><forward cm=\"6\"/><turn degrees=\"45\"/></move>",
          "", "Monitor is a monitor: its first turn comes after its full speed (10 cm), not "
               "after 6 cm (F-MOVE-12)");
  /* F-MOVE-7 ("turn-limit"): 90° in total for the frigate; F-MOVE-13: an escort turns at
   * any point. */
  refuse (battle, "<move formation=\"esc\"><turn degrees=\"90\"/><forward cm=\"5\"/>"
                  "<turn degrees=\"45\"/></move>", "",
          "may turn at most 90° this turn, not 135° (F-MOVE-7)");
  resolve (battle, "<move formation=\"mon\"><forward cm=\"10\"/><turn degrees=\"45\"/></move>"
                   "<move formation=\"esc\"><turn degrees=\"-90\"/><forward cm=\"5\"/></move>",
           "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "kestrel")->heading, 0, EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "kestrel")->position.y, 55, EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "monitor")->heading, 135, EPS);
}

static void
test_course_correction (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");
  int kestrel = adm_battle_ship_index (battle, "kestrel");

  /* F-MOVE-15: course correction doubles the turn, and halves the fire. */
  resolve (battle, "<move formation=\"esc\" order=\"course-correction\"><turn degrees=\"180\"/>"
                   "<forward cm=\"5\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "kestrel")->heading, 270, EPS);
  g_assert_cmpint (ship (battle, "kestrel")->move_order, ==, ADM_MOVE_ORDER_COURSE_CORRECTION);
  g_assert_cmpint (ship (battle, "kestrel")->halved_until, ==, 1);
  g_assert_cmpint (adm_battle_get_ship (battle, kestrel)->halved_until, ==,
                   adm_battle_get_turn (battle));
}

static void
test_emergency_stop_and_keep_moving (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  resolve (battle, "<move formation=\"illyrian\"><forward cm=\"20\"/></move>", "");
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "1 6");
  /* F-MOVE-5 ("keep-moving"): it moved last turn, so it must move... */
  refuse (battle, "<move formation=\"illyrian\"><forward cm=\"0\"/></move>", "",
          "must keep moving unless it makes an emergency stop (F-MOVE-5)");
  /* ...unless it makes an emergency stop (F-MOVE-16), which may turn in place. */
  resolve (battle, "<move formation=\"illyrian\" order=\"emergency-stop\">"
                   "<turn degrees=\"45\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "ariel")->position.x, 20, EPS);
  g_assert_cmpfloat_with_epsilon (ship (battle, "ariel")->heading, 135, EPS);
}

static void
test_keep_moving_without_orders (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  resolve (battle, "<move formation=\"illyrian\"><forward cm=\"20\"/></move>", "");
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "1 6");
  /* F-MOVE-5: no orders, so straight ahead as far as last turn. */
  resolve (battle, "", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "ariel")->position.x, 40, EPS);
  g_assert_true (battle_helper_reported (battle, "keeps moving straight ahead (F-MOVE-5)"));
}

static void
test_all_ahead_full (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-MOVE-17 ("all-ahead-full-extra"): 2d6 cm more, no turn. */
  refuse (battle, "<move formation=\"illyrian\" order=\"all-ahead-full\"><turn degrees=\"45\"/>"
                  "</move>", "", "cannot turn (F-MOVE-17)");
  resolve (battle, "<move formation=\"illyrian\" order=\"all-ahead-full\"><forward cm=\"40\"/>"
                   "</move>", "3 4");
  g_assert_cmpfloat_with_epsilon (ship (battle, "ariel")->position.x, 39, EPS);
  g_assert_cmpint (ship (battle, "ariel")->halved_until, ==, 1);
  g_assert_true (battle_helper_reported (battle, "Ariel goes all ahead full: up to 32 + 7 cm."));
}

/* F-MOVE-17: the dice of "All ahead full" are the ruleset's (<dice-counts>), not the
 * engine's: with a copy of the rules giving 3d6 cm, 3 4 5 lets the 40 cm that stopped at 39
 * above be made whole. */
static void
test_all_ahead_full_dice_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-MOVE-17\" dice=\"2\"",
                                   "clause=\"F-MOVE-17\" dice=\"3\"");
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  changed_rules_end (dir);
  resolve (battle, "<move formation=\"illyrian\" order=\"all-ahead-full\"><forward cm=\"40\"/>"
                   "</move>", "3 4 5");
  g_assert_cmpfloat_with_epsilon (ship (battle, "ariel")->position.x, 40, EPS);
  g_assert_true (battle_helper_reported (battle, "Ariel goes all ahead full: up to 32 + 12 cm."));
}

/* F-ECM-5: each side's detection roll takes the ruleset's number of dice (<dice-counts>):
 * with a copy of the rules giving 2d6, the hidden formation's 1 against 6 takes four dice. */
static void
test_detection_dice_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-ECM-5\" dice=\"1\"",
                                   "clause=\"F-ECM-5\" dice=\"2\"");
  g_autoptr(AdmBattle) battle = battle_helper_load ("move.xml");
  guint first;

  changed_rules_end (dir);
  first = resolve (battle, "", "1 1 6 6");
  assert_rolls (battle, first, "F-ECM-5 2d6=1 1; F-ECM-5 2d6=6 6");
}

static void
test_target_lock_no_turn (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-FORD-3, F-FORD-4: the lock is taken in the fire phase, after this movement stage; a
   * ship that turns now may take it and pays in the next turn (F-FORD-4, «Если корабль
   * поворачивал в стадию движения, он не может поворачивать в следующий ход»): the turn
   * declared with the lock is made. */
  resolve (battle, "<move formation=\"esc\"><turn degrees=\"45\"/></move>"
                   "<target-lock ship=\"kestrel\"/>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "kestrel")->heading, 135, EPS);
}

/* F-RAM */

static void
test_ram_needs_all_ahead_full (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  /* F-RAM-1, F-MOVE-18 ("ramming-order"): a ram is made going all ahead full. */
  refuse (battle, "<move formation=\"rammer\" ram=\"target\"><forward cm=\"30\"/></move>", "",
          "may ram only while going all ahead full (F-RAM-1)");
  refuse (battle, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"prince-serg\">"
                  "<forward cm=\"30\"/></move>", "1 1", "not an enemy ship");
}

static void
test_ram_head_on (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");
  int target = adm_battle_ship_index (battle, "target");
  int vorpatril = adm_battle_ship_index (battle, "vorpatril");

  /* F-RAM-2: all ahead full (2d6 = 2) brings Vorpatril into base contact after
   * 30 − (1.5 + 2) / 2 − 0.05 = 28.2 cm. F-RAM-3, F-RAM-4 ("ram-size"): the target is
   * larger, so the readiness test is one d6: 3 ≤ 9. F-RAM-5: Target's 2 shields are fewer
   * than Vorpatril's 5 hull points. F-RAM-10: head-on, each in the other's bow arc.
   * F-RAM-6, F-RAM-7, F-RAM-11: Vorpatril rolls its 5 starting hull points against armour
   * 3: 3 1 6 2 5 = 3 damage, critical checks 1 2 3. F-RAM-8, F-RAM-9, F-RAM-12 head-on:
   * Target rolls its full 7 with F-RAM-13's +1 for its stronger shields: 2 1 1 1 1 1 1 =
   * 1 damage, critical check 1. */
  resolve (battle, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                   "<forward cm=\"38\"/></move>",
           "1 1  3  3 1 6 2 5  1 2 3  2 1 1 1 1 1 1  1");
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorpatril")->position.x, 28.2, 1e-6);
  g_assert_cmpint (adm_battle_ship_hull_left (battle, target), ==, 4);
  g_assert_cmpint (adm_battle_ship_hull_left (battle, vorpatril), ==, 4);
  g_assert_true (battle_helper_reported (battle, "The ram is head-on (F-RAM-10)."));
  g_assert_true (battle_helper_reported (battle, "Target deals 1 damage to Vorpatril (7 dice "
                                                 "against armour 3, +1 for stronger shields)."));
}

/* F-CRIT-1 ("critical-threshold-other"): ramming damage checks for criticals on the
 * ruleset's number (<critical-checks> <check source="ramming">), not the engine's: with a
 * copy of the rules checking on 3+, the head-on ram above gives Target a critical for its
 * checks 1 2 3. */
static void
test_ram_critical_from_ruleset (void)
{
  char *dir =
    changed_rules_begin ("ruleset", "source=\"ramming\" clause=\"F-CRIT-1\" on=\"6\"",
                         "source=\"ramming\" clause=\"F-CRIT-1\" on=\"3\"");
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  changed_rules_end (dir);
  g_assert_cmpint (adm_ruleset_get_critical_on (adm_battle_get_ruleset (battle),
                                                ADM_CRITICAL_SOURCE_RAMMING), ==, 3);
  resolve (battle, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                   "<forward cm=\"38\"/></move>",
           "1 1  3  3 1 6 2 5  1 2 3  1 1  2 1 1 1 1 1 1  1");
  g_assert_true (battle_helper_reported (battle, "Critical checks on Target (3+): 1 2 3 — "
                                                 "1 critical."));
  g_assert_true (battle_helper_reported (battle, "Critical checks on Vorpatril (3+): 1 — "
                                                 "0 criticals."));
}

/* F-RAM-3, F-RAM-4: a ram's readiness test takes the ruleset's dice by size (<ram-test>), not
 * the engine's: with a copy of the rules giving 2 d6 against a larger target, the head-on
 * ram above tests on 3 3 = 6 ≤ 9 and goes on as before. */
static void
test_ram_test_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "larger-target-dice=\"1\"",
                                   "larger-target-dice=\"2\"");
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  changed_rules_end (dir);
  g_assert_cmpint (adm_ruleset_get_ram_larger_target_dice (adm_battle_get_ruleset (battle)), ==,
                   2);
  resolve (battle, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                   "<forward cm=\"38\"/></move>",
           "1 1  3 3  3 1 6 2 5  1 2 3  2 1 1 1 1 1 1  1");
  g_assert_true (battle_helper_reported (battle, "ramming, 2d6 = 6 against 9: passed"));
  g_assert_cmpint (adm_battle_ship_hull_left (battle, adm_battle_ship_index (battle, "target")),
                   ==, 4);
  /* The pure rule: smaller, larger, the same size. */
  g_assert_cmpint (adm_ram_4_dice (2, 1.5, 2, 3, 1), ==, 3);
  g_assert_cmpint (adm_ram_4_dice (1.5, 2, 2, 3, 1), ==, 1);
  g_assert_cmpint (adm_ram_4_dice (2, 2 + 1e-9, 4, 3, 1), ==, 4);
}

/* F-RAM-13: what the stronger shields add to the ramming damage dice is the ruleset's
 * (<ram-shields bonus>), not the engine's: with a copy of the rules adding nothing, Target's
 * 2 1 1 1 1 1 1 in the head-on ram above do no damage against armour 3. */
static void
test_ram_shields_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-RAM-13\" bonus=\"1\"",
                                   "clause=\"F-RAM-13\" bonus=\"0\"");
  g_autoptr(AdmBattle) battle = at_movement ("move.xml");

  changed_rules_end (dir);
  resolve (battle, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                   "<forward cm=\"38\"/></move>",
           "1 1  3  3 1 6 2 5  1 2 3  2 1 1 1 1 1 1");
  g_assert_true (battle_helper_reported (battle, "Target deals 0 damage to Vorpatril (7 dice "
                                                 "against armour 3)."));
  g_assert_cmpint (adm_battle_ship_hull_left (battle, adm_battle_ship_index (battle,
                                                                             "vorpatril")),
                   ==, 5);
  /* The pure rule: the bonus to the stronger shields only. */
  g_assert_cmpint (adm_ram_13_modifier (5, 2, 2, "plus-one-stronger"), ==, 2);
  g_assert_cmpint (adm_ram_13_modifier (2, 5, 2, "plus-one-stronger"), ==, 0);
  g_assert_cmpint (adm_ram_13_modifier (3, 3, 2, "plus-one-stronger"), ==, 0);
}

/* Move.xml's ram with Target turned to heading 0, its flank to the rammer, so the ram is not
 * head-on (F-RAM-10), loaded at the movement phase with its hidden formation kept hidden. */
static AdmBattle *
flank_ram (void)
{
  AdmBattle *battle = load_variant_at ("move.xml", "x=\"30\" y=\"70\" heading=\"270\"",
                                       "x=\"30\" y=\"70\" heading=\"0\"",
                                       ADM_PHASE_DETECTION);

  resolve (battle, "", "1 6");
  return battle;
}

/* F-RAM-8, F-RAM-12 ("ram-damage"): away from head-on, the rammed ship rolls half the rammer's
 * starting hull points, rounded down; the half is the ruleset's (<ram-return hull-divisor>),
 * not the engine's. Vorpatril (5 hull points) rams Target's flank: Target rolls 5 / 2 = 2 d6,
 * with a copy of the rules dividing by 1 all 5, each 1 + 1 for its stronger shields
 * (F-RAM-13) against armour 3. */
static void
test_ram_return_from_ruleset (void)
{
  const char *ram = "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                    "<forward cm=\"38\"/></move>";
  g_autoptr(AdmBattle) shipped = flank_ram ();
  g_autoptr(AdmBattle) battle = NULL;
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-RAM-8\" hull-divisor=\"2\"",
                                   "clause=\"F-RAM-8\" hull-divisor=\"1\"");

  battle = flank_ram ();
  changed_rules_end (dir);
  resolve (shipped, ram, "1 1  3  3 1 6 2 5  1 2 3  1 1");
  g_assert_false (battle_helper_reported (shipped, "head-on"));
  g_assert_true (battle_helper_reported (shipped, "Target deals 0 damage to Vorpatril (2 dice "
                                                  "against armour 3, +1 for stronger "
                                                  "shields)."));
  resolve (battle, ram, "1 1  3  3 1 6 2 5  1 2 3  1 1 1 1 1");
  g_assert_true (battle_helper_reported (battle, "Target deals 0 damage to Vorpatril (5 dice "
                                                 "against armour 3, +1 for stronger shields)."));
  /* The pure rule: a share of the rammer's hull, rounded down, or the target's own head-on. */
  g_assert_cmpint (adm_ram_8_dice (5, 7, FALSE, 2), ==, 2);
  g_assert_cmpint (adm_ram_8_dice (5, 7, FALSE, 1), ==, 5);
  g_assert_cmpint (adm_ram_8_dice (5, 7, FALSE, 3), ==, 1);
  g_assert_cmpint (adm_ram_8_dice (5, 7, TRUE, 2), ==, 7);
}

/* F-RAM-13 «Модификаторы получаются из разницы в силовой защите кораблей»: with a copy of the
 * season choosing "difference" (and Target's class given 3 shields), Target's two dice 1 1
 * against Vorpatril's armour 3 in the flank ram get +2 for its 3 shields against 1, and both
 * damage; the shipped option's +1 leaves them short. */
static void
test_ram_shields_difference (void)
{
  const char *ram = "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                    "<forward cm=\"38\"/></move>";
  g_autoptr(AdmBattle) one = NULL;
  g_autoptr(AdmBattle) difference = NULL;
  char *dir = changed_rules_begin ("classes", "shields=\"2\" turrets=\"1\"\n         "
                                   "ecm-attack=\"2\" ecm-defence=\"3\"",
                                   "shields=\"3\" turrets=\"1\"\n         "
                                   "ecm-attack=\"2\" ecm-defence=\"3\"");

  one = flank_ram ();
  changed_rules_change (dir, "ruleset", NULL,
                        "id=\"ram-shield-modifier\" clause=\"F-RAM-13\" "
                        "default=\"plus-one-stronger\"",
                        "id=\"ram-shield-modifier\" clause=\"F-RAM-13\" "
                        "default=\"difference\"");
  difference = flank_ram ();
  changed_rules_end (dir);
  g_assert_cmpint (adm_battle_ship_shields (one, ship_index (one, "target")), ==, 3);
  g_assert_cmpstr (adm_ruleset_get_ruling_value (adm_battle_get_ruleset (difference),
                                                 "ram-shield-modifier"), ==, "difference");
  resolve (one, ram, "1 1  3  3 1 6 2 5  1 2 3  1 1");
  g_assert_true (battle_helper_reported (one, "Target deals 0 damage to Vorpatril (2 dice "
                                              "against armour 3, +1 for stronger shields)."));
  resolve (difference, ram, "1 1  3  3 1 6 2 5  1 2 3  1 1  1 1");
  g_assert_true (battle_helper_reported (difference, "Target deals 2 damage to Vorpatril (2 "
                                                     "dice against armour 3, +2 for stronger "
                                                     "shields)."));
  g_assert_cmpint (adm_battle_ship_hull_left (difference, ship_index (difference, "vorpatril")),
                   ==, 3);
  /* The pure rule: the bonus for each shield of the difference. */
  g_assert_cmpint (adm_ram_13_modifier (5, 2, 1, "difference"), ==, 3);
  g_assert_cmpint (adm_ram_13_modifier (5, 2, 2, "difference"), ==, 6);
  g_assert_cmpint (adm_ram_13_modifier (2, 5, 1, "difference"), ==, 0);
  g_assert_cmpint (adm_ram_13_modifier (3, 3, 1, "difference"), ==, 0);
}

static void
test_ram_missed_and_burn_up (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", "move.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) burnt = NULL;
  g_autoptr(AdmBattle) second = NULL;
  g_autoptr(GError) error = NULL;

  /* F-RAM-3: after a failed readiness test the rammer moves on its full distance. A
   * Vorpatril with readiness 2 and 2 hull points left: */
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  burnt = g_string_new (text);
  g_string_replace (burnt, "readiness=\"9\"", "readiness=\"2\" damage=\"3\"", 1);
  second = adm_battle_load_memory (burnt->str, burnt->len, "burnt.xml", &error);
  g_assert_no_error (error);
  resolve (second, "", "1 6");
  /* Damage from before the battle carries no F-RDY-3 penalty: one d6 = 6 > 2 fails, and
   * Vorpatril runs on 32 cm. */
  resolve (second, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                   "<forward cm=\"32\"/></move>", "1 1  6");
  g_assert_cmpfloat_with_epsilon (ship (second, "vorpatril")->position.x, 32, 1e-6);
  g_assert_true (battle_helper_reported (second, "misses the ram"));

  /* F-RAM-5 ("ram-burn-up"): with 2 hull points left against Target's 2 shields, a
   * successful ram burns the rammer up. */
  g_string_replace (burnt, "readiness=\"2\"", "readiness=\"9\"", 1);
  g_clear_object (&second);
  second = adm_battle_load_memory (burnt->str, burnt->len, "burnt.xml", &error);
  g_assert_no_error (error);
  resolve (second, "", "1 6");
  resolve (second, "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                   "<forward cm=\"32\"/></move>", "1 1  1");
  g_assert_cmpint (ship (second, "vorpatril")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_true (battle_helper_reported (second, "burns up on the 2 shields of Target (F-RAM-5)"));
  g_assert_cmpint (adm_battle_ship_hull_left (second, adm_battle_ship_index (second, "target")),
                   ==, 7);
}

/* Loads move.xml with the rammer a Vorberg (a cruiser, capital) that has lost 6 of its 8
 * hull points, at the movement phase. */
static AdmBattle *
capital_rammer (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", "move.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) variant = NULL;
  g_autoptr(GError) error = NULL;
  AdmBattle *battle;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  variant = g_string_new (text);
  g_assert_cmpuint (g_string_replace (variant, "class=\"vorpatril\" x=\"0\" y=\"70\" "
                                      "heading=\"90\" readiness=\"9\"",
                                      "class=\"vorberg\" x=\"0\" y=\"70\" heading=\"90\" "
                                      "readiness=\"9\" damage=\"6\"", 1), ==, 1);
  battle = adm_battle_load_memory (variant->str, variant->len, "capital-rammer.xml", &error);
  g_assert_no_error (error);
  resolve (battle, "", "1 6");
  return battle;
}

static void
test_ram_burn_up_escorts_only (void)
{
  g_autoptr(AdmBattle) battle = capital_rammer ();
  g_autoptr(AdmBattle) every = capital_rammer ();
  const char *ram = "<move formation=\"rammer\" order=\"all-ahead-full\" ram=\"target\">"
                    "<forward cm=\"30\"/></move>";

  /* F-RAM-5: «Легкие эскортные корабли не могут таранить Capital ships без
   * самоуничтожения, если число действующих силовых щитов равно или превышает число очков
   * живучести корабля (то и другое - оставшееся на момент тарана), то таранивший корабль
   * просто сгорает на этих щитах»: the burn-up is of light escorts ramming capital ships.
   * Here a cruiser with 2 hull points left rams Target (a cruiser, 2 shields): all ahead
   * full, 2d6 = 2 (28 + 2 = 30 cm); bases 2 and 2, contact after 30 − 2 − 0.05 = 27.95 cm;
   * the same size, so the readiness test is 2d6 = 2 ≤ 9 (F-RAM-3, F-RAM-4). No burn-up
   * ("ram-burn-up" escorts-ramming-capital-ships): head-on (F-RAM-10), the rammer rolls its
   * 8 starting hull points, Target its 7, all 1s against armour 3: no damage. */
  resolve (battle, ram, "1 1  1 1  1 1 1 1 1 1 1 1  1 1 1 1 1 1 1");
  g_assert_cmpint (ship (battle, "vorpatril")->status, ==, ADM_SHIP_ACTIVE);
  g_assert_false (battle_helper_reported (battle, "burns up"));
  g_assert_true (battle_helper_reported (battle, "The ram is head-on (F-RAM-10)."));

  /* With "every ram" (target-shields-vs-rammer-hull) the 2 shields burn its 2 hull points
   * up, as the old default did. */
  g_assert_true (adm_ruleset_set_ruling (adm_battle_get_ruleset (every), "ram-burn-up",
                                         "target-shields-vs-rammer-hull", NULL));
  resolve (every, ram, "1 1  1 1");
  g_assert_cmpint (ship (every, "vorpatril")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_true (battle_helper_reported (every, "burns up on the 2 shields of Target (F-RAM-5)"));
}

static void
test_wormhole_exit (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("move-wormhole.xml");
  g_autoptr(AdmBattle) stop = at_movement ("move-wormhole.xml");
  g_autoptr(AdmBattle) moves = at_movement ("move-wormhole.xml");
  const AdmWormholeExit *zone;

  /* The zone is set up with the battle: a circle on the table. */
  g_assert_cmpuint (adm_battle_get_n_wormhole_exits (battle), ==, 1);
  zone = adm_battle_get_wormhole_exit (battle, 0);
  g_assert_cmpfloat_with_epsilon (zone->position.x, 10, EPS);
  g_assert_cmpfloat_with_epsilon (zone->position.y, 10, EPS);
  g_assert_cmpfloat_with_epsilon (zone->diameter, 10, EPS);
  g_assert_true (adm_battle_ship_in_wormhole_exit (battle, adm_battle_ship_index (battle, "jumper")));
  g_assert_false (adm_battle_ship_in_wormhole_exit (battle, adm_battle_ship_index (battle, "triumph")));

  /* F-MOVE-5: «При этом обязательно перемещаются все корабли, сделавшие хотя бы один ход в
   * стадии движения или находящиеся в зоне выхода из ПВ-тоннеля, если только они не
   * используют боевой приказ "Экстренное торможение" для того, чтобы оставаться на месте».
   * Jumper (2.2 cm from the zone's centre, inside its 5 cm radius) has never moved, yet must
   * move: standing still with no order, or with a move of 0 cm, is refused. */
  {
    g_autoptr(AdmTurnOrders) none = battle_helper_orders (adm_battle_get_turn (battle), "");
    g_autoptr(AdmDiceQueue) queue = battle_helper_dice ("");
    g_autoptr(GError) error = NULL;

    g_assert_false (adm_battle_resolve_phase (battle, none, ADM_DICE_SOURCE (queue), &error));
    g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
    g_assert_cmpstr (error->message, ==, "Jumper group is in the exit zone of a wormhole and "
                                         "must move: give it a movement order, or an emergency "
                                         "stop to stay (F-MOVE-5)");
    g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  }
  refuse (battle, "<move formation=\"jump\"><forward cm=\"0\"/></move>", "",
          "Jumper group is in the exit zone of a wormhole and must move unless it makes an "
          "emergency stop (F-MOVE-5)");
  /* An emergency stop keeps it in place (F-MOVE-16); Triumph, outside, may stand still. */
  resolve (stop, "<move formation=\"jump\" order=\"emergency-stop\"><forward cm=\"0\"/>"
                 "</move>", "");
  g_assert_cmpfloat_with_epsilon (ship (stop, "jumper")->position.x, 12, EPS);
  /* Any move will do: 5 cm ahead. */
  resolve (moves, "<move formation=\"jump\"><forward cm=\"5\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (moves, "jumper")->position.x, 17, EPS);
  g_assert_cmpfloat_with_epsilon (ship (moves, "triumph")->position.x, 50, EPS);
}

/* Journal */

/* duel.xml's orders of turn 1: b1 moves 2 cm, the Vorberg fires both its weapons at the
 * Triumph, which returns fire. */
static AdmTurnOrders *
duel_orders (void)
{
  return battle_helper_orders (1, "<move formation=\"b1\"><forward cm=\"2\"/></move>"
                                  "<fire weapons=\"vorberg:main vorberg:destructor\" target=\"triumph\"/>"
                                  "<fire weapons=\"triumph:main\" target=\"vorberg\" return=\"true\"/>");
}

static void
test_undo_replays (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (42);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTurnOrders) orders = duel_orders ();
  g_autofree char *before_fire = NULL;
  g_autofree char *after_fire = NULL;
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;
  guint rolls;

  g_assert_false (adm_battle_can_undo (battle));
  for (int i = 0; i < 2; i++)
    g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error));
  before_fire = adm_battle_dump (battle);
  rolls = adm_battle_get_rolls (battle)->len;
  g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error));
  g_assert_no_error (error);
  after_fire = adm_battle_dump (battle);
  g_assert_cmpstr (after_fire, !=, before_fire);

  /* The battle is a pure function of set-up and journal: undo drops the fire phase and
   * replays the rest to the very same state. */
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  undone = adm_battle_dump (battle);
  g_assert_cmpstr (undone, ==, before_fire);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, ==, rolls);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  /* Replaying the undone phase from its journalled dice gives the same result again. */
  {
    g_autoptr(AdmBattle) replayed = battle_helper_load ("duel.xml");
    g_autoptr(AdmDicePrng) same = adm_dice_prng_new (42);

    for (int i = 0; i < 3; i++)
      g_assert_true (adm_battle_resolve_phase (replayed, orders, ADM_DICE_SOURCE (same), &error));
    redone = adm_battle_dump (replayed);
    g_assert_cmpstr (redone, ==, after_fire);
  }
}

/* Undo puts back the state the journal kept from before each phase: the state the phase was
 * played aside from, handed over when it applied, never one a refused phase left
 * behind. Each undo lands on the dump, rolls and report from before its phase, each redo on
 * those after it. */
static void
test_undo_after_refused (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (42);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTurnOrders) orders = duel_orders ();
  g_autoptr(AdmTurnOrders) refused =
    battle_helper_orders (1, "<move formation=\"b1\"><forward cm=\"200\"/></move>");
  char *dumps[4];
  guint rolls[4], lines[4];

  for (guint i = 0; i < G_N_ELEMENTS (dumps); i++)
    {
      dumps[i] = adm_battle_dump (battle);
      rolls[i] = adm_battle_get_rolls (battle)->len;
      lines[i] = adm_battle_get_report (battle)->len;
      if (i == G_N_ELEMENTS (dumps) - 1)
        break;
      /* Before the movement phase: a move beyond the ship's reach is refused, whole. */
      if (i == 1)
        {
          g_autofree char *after_refusal = NULL;

          g_assert_false (adm_battle_resolve_phase (battle, refused, ADM_DICE_SOURCE (prng),
                                                    &error));
          g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
          g_clear_error (&error);
          after_refusal = adm_battle_dump (battle);
          g_assert_cmpstr (after_refusal, ==, dumps[i]);
        }
      g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);

  for (int round = 0; round < 2; round++)
    {
      for (int i = G_N_ELEMENTS (dumps) - 2; i >= 0; i--)
        {
          g_autofree char *now = NULL;

          g_assert_true (adm_battle_undo (battle, &error));
          g_assert_no_error (error);
          now = adm_battle_dump (battle);
          g_assert_cmpstr (now, ==, dumps[i]);
          g_assert_cmpuint (adm_battle_get_rolls (battle)->len, ==, rolls[i]);
          g_assert_cmpuint (adm_battle_get_report (battle)->len, ==, lines[i]);
        }
      for (guint i = 1; i < G_N_ELEMENTS (dumps); i++)
        {
          g_autofree char *now = NULL;

          g_assert_true (adm_battle_redo (battle, &error));
          g_assert_no_error (error);
          now = adm_battle_dump (battle);
          g_assert_cmpstr (now, ==, dumps[i]);
          g_assert_cmpuint (adm_battle_get_rolls (battle)->len, ==, rolls[i]);
          g_assert_cmpuint (adm_battle_get_report (battle)->len, ==, lines[i]);
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (dumps); i++)
    g_free (dumps[i]);
}

static void
test_turn_all_or_nothing (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");
  g_autoptr(AdmTurnOrders) orders =
    battle_helper_orders (1, "<move formation=\"b1\"><forward cm=\"2\"/></move>"
                             "<fire weapons=\"vorberg:main\" target=\"triumph\"/>");
  g_autoptr(AdmDiceQueue) queue = battle_helper_dice ("6 6");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = adm_battle_dump (battle);
  g_autofree char *after = NULL;

  /* The dice run out in the fire phase: the movement already resolved is taken back too. */
  g_assert_false (adm_battle_resolve_turn (battle, orders, ADM_DICE_SOURCE (queue), &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
  after = adm_battle_dump (battle);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (adm_battle_get_journal (battle)->len, ==, 0);
  g_assert_cmpuint (adm_battle_get_report (battle)->len, ==, 0);
}

static void
test_orders_for_wrong_turn (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");
  g_autoptr(AdmTurnOrders) orders = battle_helper_orders (3, "");
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (queue), &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "turn 3"));
}

static void
test_bad_orders_file (void)
{
  g_autoptr(GError) error = NULL;
  const char *text = "<orders>\n<turn n=\"1\">\n<fire weapons=\"vorberg\" target=\"t\"/>\n"
                     "</turn>\n</orders>\n";
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_memory (text, strlen (text),
                                                                     "orders.xml", &error);

  g_assert_null (orders);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_true (g_str_has_prefix (error->message, "orders.xml:3:"));
}

/* F-RAM-2, F-BOARD-1: tokens may touch, not overlap. After the movement phase
 * every overlapping pair is named in one report line, which a side reads only when it has
 * identified both ships; bases in contact are not named. */
static void
test_overlap_reported (void)
{
  g_autoptr(AdmBattle) battle = at_movement ("overlap.xml");
  g_autoptr(GPtrArray) barrayar = NULL;
  g_autoptr(GPtrArray) komarr = NULL;
  static const char * const lines[] = {
    "The tokens of Kestrel and Triumph overlap",
    "The tokens of Kestrel and Shadow overlap",
    "The tokens of Triumph and Shadow overlap",
  };
  gboolean barrayar_reads[G_N_ELEMENTS (lines)] = { FALSE };
  gboolean komarr_reads[G_N_ELEMENTS (lines)] = { FALSE };

  g_assert_cmpint (adm_battle_get_detection (battle, 0,
                                             adm_battle_formation_index (battle, "hidden")),
                   ==, ADM_DETECTION_NONE);
  g_assert_false (battle_helper_reported (battle, "overlap"));
  resolve (battle, "<move formation=\"picket\"><forward cm=\"19.5\"/></move>"
                   "<move formation=\"hidden\"><forward cm=\"19.2\"/></move>", "");
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    g_assert_true (battle_helper_reported (battle, lines[i]));
  /* The Wings stand in contact (1.5 cm apart, bases 1.5 cm): touching is no overlap. */
  g_assert_false (battle_helper_reported (battle, "Wing One"));

  barrayar = adm_audience_filter_report (adm_audience_for_view_side (0), battle);
  komarr = adm_audience_filter_report (adm_audience_for_view_side (1), battle);
  for (guint i = 0; i < barrayar->len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (lines); k++)
      barrayar_reads[k] |= strstr (adm_report_line_get_text (g_ptr_array_index (barrayar, i)),
                                   lines[k]) != NULL;
  for (guint i = 0; i < komarr->len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (lines); k++)
      komarr_reads[k] |= strstr (adm_report_line_get_text (g_ptr_array_index (komarr, i)),
                                 lines[k]) != NULL;
  /* Barrayar has not found Shadow: of its overlaps it reads nothing. */
  g_assert_true (barrayar_reads[0]);
  g_assert_false (barrayar_reads[1]);
  g_assert_false (barrayar_reads[2]);
  for (guint k = 0; k < G_N_ELEMENTS (lines); k++)
    g_assert_true (komarr_reads[k]);
}


/* Every ship is found by its id, among many whose ids share their hash's low bits
 * in turn, and an id no ship has, a prefix of one or NULL finds none. */
static void
test_ship_ids (void)
{
  g_autoptr(GString) xml = g_string_new ("<battle ruleset=\"forcon-2010\" name=\"Ids\">\n");
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  enum { N = 6 * 90 };

  for (guint side = 0; side < 2; side++)
    {
      g_string_append_printf (xml, "  <side id=\"s%u\" name=\"Side %u\">\n", side, side);
      for (guint f = 0; f < N / 2 / 6; f++)
        {
          guint first = side * N / 2 + f * 6;

          g_string_append_printf (xml, "    <formation id=\"f%u\" name=\"F %u\" "
                                       "flagship=\"ship-%u\">\n", first, first, first);
          for (guint n = first; n < first + 6; n++)
            g_string_append_printf (xml, "      <ship id=\"ship-%u\" name=\"Ship %u\" "
                                         "class=\"vorberg\" x=\"%u\" y=\"%u\" "
                                         "heading=\"0\" readiness=\"6\"/>\n", n, n, side * 200,
                                    n * 3);
          g_string_append (xml, "    </formation>\n");
        }
      g_string_append (xml, "  </side>\n");
    }
  g_string_append (xml, "</battle>\n");
  battle = adm_battle_load_memory (xml->str, xml->len, "ids.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, N);
  for (guint i = 0; i < N; i++)
    {
      g_autofree char *id = g_strdup_printf ("ship-%u", i);

      g_assert_cmpint (adm_battle_ship_index (battle, id), ==, (int) i);
      g_assert_cmpstr (adm_battle_lookup_ship (battle, id)->id, ==, id);
    }
  g_assert_cmpint (adm_battle_ship_index (battle, "ship-540"), ==, -1);
  g_assert_cmpint (adm_battle_ship_index (battle, "ship-"), ==, -1);
  g_assert_cmpint (adm_battle_ship_index (battle, ""), ==, -1);
  g_assert_cmpint (adm_battle_ship_index (battle, "Ship 3"), ==, -1);
  g_assert_cmpint (adm_battle_ship_index (battle, NULL), ==, -1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/battle/ship-ids", test_ship_ids);
  g_test_add_func ("/engine/battle/F-SEQ-1/turn-sequence", test_turn_sequence);
  g_test_add_func ("/engine/battle/F-SEQ-2/simultaneous-fire", test_simultaneous_fire);
  g_test_add_func ("/engine/battle/F-FORM-4/flagship-required", test_formation_flagship_required);
  g_test_add_func ("/engine/battle/F-FORM-8/six-ships", test_formation_size);
  g_test_add_func ("/engine/battle/F-FORM-8/numbers-from-ruleset",
                   test_formation_size_from_ruleset);
  g_test_add_func ("/engine/battle/F-FORM-8/mixed-categories", test_formation_mixed);
  g_test_add_func ("/engine/battle/F-FORM-9/moves-as-one", test_formation_moves_as_one);
  g_test_add_func ("/engine/battle/F-FORM-14/succession", test_formation_succession);
  g_test_add_func ("/engine/battle/F-FORM-14/numbers-from-ruleset",
                   test_succession_bonus_from_ruleset);
  g_test_add_func ("/engine/battle/F-RDY-2/numbers-from-ruleset",
                   test_readiness_dice_from_ruleset);
  g_test_add_func ("/engine/battle/F-FORM-17/transfer", test_flagship_transfer);
  g_test_add_func ("/engine/battle/F-FORM-12/torpedoes-not-direct-fire",
                   test_torpedo_salvo_not_direct_fire);
  g_test_add_func ("/engine/battle/F-RDY-5/bands", test_readiness);
  g_test_add_func ("/engine/battle/F-RDY-3/penalty", test_readiness_check_and_penalty);
  g_test_add_func ("/engine/battle/F-RDY-3/numbers-from-ruleset",
                   test_readiness_penalty_from_ruleset);
  g_test_add_func ("/engine/battle/F-ECM-5/detection-roll", test_detection_roll);
  g_test_add_func ("/engine/battle/F-ECM-5/tie-hides", test_detection_tie_hides);
  g_test_add_func ("/engine/battle/F-ECM-2/undetected-not-on-table",
                   test_undetected_cannot_be_fired_on);
  g_test_add_func ("/engine/battle/F-ECM-3/fire-reveals", test_fire_reveals);
  g_test_add_func ("/engine/battle/F-MOVE-3/speed", test_move_speed_and_order);
  g_test_add_func ("/engine/battle/F-MOVE-9/battleship-turn", test_turn_battleship);
  g_test_add_func ("/engine/battle/F-MOVE-10/battlecruiser-turn", test_turn_battlecruiser);
  g_test_add_func ("/engine/battle/F-MOVE-11/cruiser-turn", test_turn_cruiser_and_exceptions);
  g_test_add_func ("/engine/battle/F-MOVE-12/monitor-and-escort", test_turn_monitor_and_escort);
  g_test_add_func ("/engine/battle/F-MOVE-15/course-correction", test_course_correction);
  g_test_add_func ("/engine/battle/F-MOVE-16/emergency-stop", test_emergency_stop_and_keep_moving);
  g_test_add_func ("/engine/battle/F-MOVE-5/keep-moving", test_keep_moving_without_orders);
  g_test_add_func ("/engine/battle/F-MOVE-5/wormhole-exit", test_wormhole_exit);
  g_test_add_func ("/engine/battle/F-MOVE-17/all-ahead-full", test_all_ahead_full);
  g_test_add_func ("/engine/battle/F-MOVE-17/numbers-from-ruleset",
                   test_all_ahead_full_dice_from_ruleset);
  g_test_add_func ("/engine/battle/F-ECM-5/numbers-from-ruleset",
                   test_detection_dice_from_ruleset);
  g_test_add_func ("/engine/battle/F-FORD-3/target-lock-turn-allowed", test_target_lock_no_turn);
  g_test_add_func ("/engine/battle/F-RAM-1/needs-all-ahead-full", test_ram_needs_all_ahead_full);
  g_test_add_func ("/engine/battle/F-RAM-10/head-on", test_ram_head_on);
  g_test_add_func ("/engine/battle/F-CRIT-1/ramming-numbers-from-ruleset",
                   test_ram_critical_from_ruleset);
  g_test_add_func ("/engine/battle/F-RAM-4/numbers-from-ruleset", test_ram_test_from_ruleset);
  g_test_add_func ("/engine/battle/F-RAM-13/numbers-from-ruleset",
                   test_ram_shields_from_ruleset);
  g_test_add_func ("/engine/battle/F-RAM-13/difference", test_ram_shields_difference);
  g_test_add_func ("/engine/battle/F-RAM-8/numbers-from-ruleset", test_ram_return_from_ruleset);
  g_test_add_func ("/engine/battle/F-RAM-5/missed-and-burn-up", test_ram_missed_and_burn_up);
  g_test_add_func ("/engine/battle/F-RAM-5/escorts-only", test_ram_burn_up_escorts_only);
  g_test_add_func ("/engine/battle/F-RAM-2/overlap-reported", test_overlap_reported);
  g_test_add_func ("/engine/battle/journal/undo-replays", test_undo_replays);
  g_test_add_func ("/engine/battle/journal/undo-after-refused", test_undo_after_refused);
  g_test_add_func ("/engine/battle/journal/turn-all-or-nothing", test_turn_all_or_nothing);
  g_test_add_func ("/engine/battle/orders/wrong-turn", test_orders_for_wrong_turn);
  g_test_add_func ("/engine/battle/orders/bad-file", test_bad_orders_file);

  return g_test_run ();
}
