/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-boarding.c: boarding (F-BOARD-1, F-BOARD-2, F-BOARD-3, F-BOARD-4, F-BOARD-5,
 * F-BOARD-6, F-BOARD-7, F-BOARD-8, F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12, F-BOARD-13,
 * F-BOARD-14, F-BOARD-15, F-BOARD-16, F-BOARD-17, F-BOARD-18) and the capture of planetary defences
 * (F-STN-6) with scripted dice: declarations and their refusals, every boarding modifier, rounds,
 * ties, captures, the fates of captured ships, each ruling's options. Every scripted die is used
 * and refused orders change nothing. */

#include "config.h"

#include <string.h>

#include "battle-scripting.h"
#include "adm-battle.h"
#include "adm-ruleset.h"

#define BOARD(ship, target) "<board ship=\"" ship "\" target=\"" target "\"/>"
#define FATE(ship, fate) "<captured ship=\"" ship "\" fate=\"" fate "\"/>"

/* board.xml at the torpedo and boarding phase of turn 1, nothing having happened. */
static AdmBattle *
at_torpedo (void)
{
  return load_at ("board.xml", ADM_PHASE_TORPEDO);
}

static const AdmBoarding *
boarding (AdmBattle *battle,
          guint      index)
{
  g_assert_cmpuint (index, <, adm_battle_get_n_boardings (battle));
  return adm_battle_get_boarding (battle, index);
}

/* Plays the phases of the current turn before the end stage with no orders and no dice. */
static void
to_end (AdmBattle *battle)
{
  battle_helper_skip_to (battle, ADM_PHASE_END);
}

/* Vorberg boards Triumph in turn 1 and captures it in the end stage with 6 against 1
 * (+4 against 0: a loss of 9 against 7). */
static AdmBattle *
triumph_captured (void)
{
  AdmBattle *battle = at_torpedo ();

  resolve (battle, BOARD ("vorberg", "triumph"), "");
  resolve (battle, "", "6 1");
  g_assert_cmpint (ship (battle, "triumph")->captured_by, ==, ship_index (battle, "vorberg"));
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  return battle;
}

/* F-BOARD-1, F-BOARD-2 */

static void
test_declare (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();
  const AdmBoarding *b;

  g_test_message ("F-BOARD-1 (boarding-contact): either side declares boarding of a touching "
                  "enemy; F-BOARD-2: boarding potential = hull points at the moment of "
                  "boarding");
  resolve (battle, BOARD ("triumph", "vorberg") BOARD ("solstice", "peregrine"), "");
  g_assert_cmpuint (adm_battle_get_n_boardings (battle), ==, 2);
  b = boarding (battle, 0);
  g_assert_cmpuint (b->attacker, ==, ship_index (battle, "triumph"));
  g_assert_cmpuint (b->defender, ==, ship_index (battle, "vorberg"));
  g_assert_cmpint (b->attacker_bp, ==, 7);
  g_assert_cmpint (b->defender_bp, ==, 8);
  g_assert_cmpint (b->declared, ==, 1);
  g_assert_false (b->over);
  b = boarding (battle, 1);
  g_assert_cmpint (b->attacker_bp, ==, 3);
  g_assert_cmpint (b->defender_bp, ==, 3);
  assert_reported (battle, "Triumph boards Vorberg: boarding potential 7 against 8 (F-BOARD-1, "
                           "F-BOARD-2).");
}

static void
test_declare_refused (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();

  refuse (battle, BOARD ("vorberg", "kestrel"), "",
          "Vorberg does not touch Kestrel (98.5 cm centre to centre): boarding needs base "
          "contact at the end of the movement phase (F-BOARD-1)");
  refuse (battle, BOARD ("vorberg", "peregrine"), "",
          "Vorberg and Peregrine are on the same side; only an enemy ship can be boarded");
  refuse (battle, BOARD ("vorberg", "nobody"), "", "“nobody” is not a ship in this battle");
  refuse (battle, BOARD ("nobody", "triumph"), "", "“nobody” is not a ship in this battle");
  /* "boarding-contact": one boarding at a time for each ship. */
  refuse (battle, BOARD ("vorberg", "triumph") BOARD ("triumph", "vorberg"), "",
          "Triumph is already in a boarding action; a ship fights one boarding at a time");
  g_assert_cmpuint (adm_battle_get_n_boardings (battle), ==, 0);
}

/* F-BOARD-13, F-BOARD-14, F-BOARD-7, F-BOARD-8, F-BOARD-9, F-RDY-5, one round per turn */

static void
test_round (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();
  GPtrArray *rolls;
  const AdmBattleRoll *roll;

  g_test_message ("F-BOARD-13, F-BOARD-14; F-BOARD-8 Barrayarans +2, F-BOARD-9 higher "
                  "potential +1, F-RDY-5 veterans +1");
  resolve (battle, BOARD ("vorberg", "triumph"), "");
  /* F-BOARD-13: Vorberg 3 + 2 (Barrayarans, F-BOARD-8) + 1 (8 against 7, F-BOARD-9) + 1
   * (veterans, F-RDY-5) = 7 against Triumph 5 + 0; F-BOARD-14: Triumph loses 2. */
  resolve (battle, "", "3 5");
  assert_reported (battle, "Boarding round aboard Triumph: Vorberg 3 +4 = 7 (Barrayaran "
                           "Imperium crew (F-BOARD-7, F-BOARD-8) +2, boarding potential ratio "
                           "(F-BOARD-9) +1, readiness (F-RDY-5) +1) against Triumph 5 = 5 "
                           "(F-BOARD-13).");
  assert_reported (battle, "Triumph loses 2 boarding potential: 5 left (F-BOARD-14).");
  g_assert_cmpint (boarding (battle, 0)->attacker_bp, ==, 8);
  g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, 5);
  g_assert_false (boarding (battle, 0)->over);
  /* Boarding potential is crew, not hull. */
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);
  rolls = adm_battle_get_rolls (battle);
  roll = g_ptr_array_index (rolls, rolls->len - 1);
  g_assert_cmpstr (roll->clause, ==, "F-BOARD-13");
  g_assert_cmpint (roll->phase, ==, ADM_PHASE_END);
  /* Each roll wins, ties or loses the round, its total against the other side's; the
   * round's modifiers are kept on it (its odds before either die, adm-luck.c). */
  assert_outcome (battle, rolls->len - 1, "5 +0 = 5 against 7: lost ✗");
  assert_outcome (battle, rolls->len - 2, "3 +4 = 7 against 5: won ✓");
  roll = g_ptr_array_index (rolls, rolls->len - 2);
  g_assert_true (roll->opposed);
  g_assert_cmpint (roll->modifier, ==, 4);
  g_assert_cmpint (roll->opposing_modifier, ==, 0);

  /* F-BOARD-15 ("boarding-rounds", one-per-turn): the boarding goes on next turn while the
   * ships touch; now Triumph wins, 6 against 1 + 4. */
  to_end (battle);
  resolve (battle, "", "1 6");
  assert_reported (battle, "Vorberg loses 1 boarding potential: 7 left (F-BOARD-14).");
  assert_outcome (battle, rolls->len - 2, "1 +4 = 5 against 6: lost ✗");
  assert_outcome (battle, rolls->len - 1, "6 +0 = 6 against 5: won ✓");
  g_assert_cmpint (boarding (battle, 0)->attacker_bp, ==, 7);
  g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, 5);
}

/* F-BOARD-7: Dendarii attackers +1; the novice defender −1 (F-RDY-5). */
static void
test_dendarii (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();

  resolve (battle, BOARD ("peregrine", "solstice"), "");
  resolve (battle, "", "2 4");
  assert_reported (battle, "Peregrine 2 +1 = 3 (Dendarii Free Mercenary Fleet crew (F-BOARD-7, "
                           "F-BOARD-8) +1) against Solstice 4 -1 = 3 (readiness (F-RDY-5) -1)");
  assert_reported (battle, "A tie: neither side gains ground this round.");
  g_assert_cmpint (boarding (battle, 0)->attacker_bp, ==, 3);
  g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, 3);
}

/* F-BOARD-3 (hit for 2 in the fire phase), F-BOARD-5 (executing a combat order), F-BOARD-12
 * (four times the potential), F-BOARD-2 (potential after the fire phase). */
static void
test_fire_damage_and_orders (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("board.xml");
  const char *fire = "<fire weapons=\"hartung:destructor\" target=\"lantern\"/>"
                     "<target-lock ship=\"triumph\"/>";

  g_test_message ("F-BOARD-3 hit in the fire phase -1, F-BOARD-5 executing a combat order -1, "
                  "F-BOARD-12 four times the potential +4, F-BOARD-2 potential after the fire");
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  /* Four destructor hits, two on Lantern's shields, two damage, no critical (1 1). */
  resolve (battle, fire, "6 6 6 6 1 1");
  g_assert_cmpint (ship (battle, "lantern")->fire_damage, ==, 2);
  resolve (battle, BOARD ("hartung", "lantern") BOARD ("vorberg", "triumph"), "");
  g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, 5);
  /* Hartung 1 + 2 + 4 (20 against 5) + 1 = 8 against Lantern 6 − 1 = 5; Vorberg 2 + 4 = 6
   * against Triumph 6 − 1 (target lock) = 5. */
  resolve (battle, "", "1 6 2 6");
  assert_reported (battle, "Hartung 1 +7 = 8 (Barrayaran Imperium crew (F-BOARD-7, F-BOARD-8) "
                           "+2, boarding potential ratio (F-BOARD-12) +4, readiness (F-RDY-5) "
                           "+1) against Lantern 6 -1 = 5 (hit in the fire phase (F-BOARD-3) -1)");
  assert_reported (battle, "against Triumph 6 -1 = 5 (executing a combat order (F-BOARD-5) -1)");
  g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, 2);
  g_assert_cmpint (boarding (battle, 1)->defender_bp, ==, 6);
}

/* F-BOARD-4 (damaged), F-BOARD-6 (failed an order: counts instead of F-BOARD-5), F-BOARD-11,
 * F-BOARD-15 (capture), F-FORM-14 (a captured flagship). */
static void
test_damaged_and_failed_order (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("board.xml", "y=\"30\" heading=\"270\"",
                                                 "y=\"30\" heading=\"270\" damage=\"4\"",
                                                 ADM_PHASE_FIRE);
  const AdmBoarding *b;

  g_test_message ("F-BOARD-4 damaged -2, F-BOARD-6 failed an order -3 (not -4 with "
                  "F-BOARD-5), F-BOARD-15 captured at 0");
  /* F-FORD-6: the extension needs 2d6 ≤ 6; 12 fails. */
  resolve (battle, "<reinforce-shields ship=\"triumph\" extended=\"true\"/>", "6 6");
  g_assert_cmpint (ship (battle, "triumph")->failed_order_turn, ==, 1);
  resolve (battle, BOARD ("hartung", "lantern") BOARD ("vorberg", "triumph"), "");
  /* Hartung 1 + 7 (20 against 3: +4) = 8 against Lantern 6 − 2 = 4: a loss of 4 captures it.
   * Vorberg 1 + 4 = 5 against Triumph 5 − 3 = 2. */
  resolve (battle, "", "1 6 1 5");
  assert_reported (battle, "against Lantern 6 -2 = 4 (damaged (F-BOARD-4) -2)");
  assert_reported (battle, "against Triumph 5 -3 = 2 (failed an order (F-BOARD-6) -3)");
  assert_reported (battle, "Lantern is captured by Hartung (F-BOARD-15)");
  assert_reported (battle, "Lantern group has lost its flagship Lantern.");
  b = boarding (battle, 0);
  g_assert_cmpint (b->defender_bp, ==, 0);
  g_assert_true (b->over);
  g_assert_cmpint (ship (battle, "lantern")->captured_by, ==, ship_index (battle, "hartung"));
  g_assert_cmpint (ship (battle, "lantern")->capture_turn, ==, 1);
  g_assert_cmpint (ship (battle, "lantern")->status, ==, ADM_SHIP_ACTIVE);
  g_assert_cmpint (adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k2"))
                     ->flagship, ==, -1);
  g_assert_cmpint (boarding (battle, 1)->defender_bp, ==, 4);
}

/* Board.xml's fire phase of test_fire_damage_and_orders () with a copy of the rules changing
 * @from to @to, NULL for the shipped rules: Lantern hit for 2 hull points, Triumph under a
 * target lock, then Hartung boards Lantern and Vorberg boards Triumph, rolling 1 and 2 against
 * 6 and 6. */
static AdmBattle *
modifiers_by_rules (const char *from,
                    const char *to)
{
  AdmBattle *battle = from != NULL ? load_with_changed_rules ("board.xml", "ruleset", from, to)
                                   : load_at ("board.xml", ADM_PHASE_FIRE);

  resolve (battle, "<fire weapons=\"hartung:destructor\" target=\"lantern\"/>"
                   "<target-lock ship=\"triumph\"/>", "6 6 6 6 1 1");
  resolve (battle, BOARD ("hartung", "lantern") BOARD ("vorberg", "triumph"), "");
  resolve (battle, "", "1 6 2 6");
  return battle;
}

/* F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6: the modifiers and F-BOARD-3's 2 hull points are
 * the ruleset's (<boarding-modifiers>), not the engine's. With a copy asking 3 hull points
 * Lantern, hit for 2, has no F-BOARD-3 modifier (8 against 6, a loss of 2); with a copy taking
 * 2 for a combat order Triumph rolls 6 − 2 = 4 (6 against 4, a loss of 2). */
static void
test_modifiers_from_ruleset (void)
{
  g_autoptr(AdmBattle) shipped = modifiers_by_rules (NULL, NULL);
  g_autoptr(AdmBattle) hull = modifiers_by_rules ("\"F-BOARD-3\" penalty=\"1\" hull=\"2\"",
                                                  "\"F-BOARD-3\" penalty=\"1\" hull=\"3\"");
  g_autoptr(AdmBattle) order = modifiers_by_rules ("clause=\"F-BOARD-5\" penalty=\"1\"",
                                                   "clause=\"F-BOARD-5\" penalty=\"2\"");
  const int penalties[ADM_N_BOARDING_MODIFIERS] = { 1, 2, 1, 3 };
  int applied[ADM_N_BOARDING_MODIFIERS];

  assert_reported (shipped, "against Lantern 6 -1 = 5 (hit in the fire phase (F-BOARD-3) -1)");
  g_assert_cmpint (boarding (shipped, 0)->defender_bp, ==, 2);
  assert_reported (hull, "against Lantern 6 = 6");
  g_assert_false (battle_helper_reported (hull, "(F-BOARD-3)"));
  g_assert_cmpint (boarding (hull, 0)->defender_bp, ==, 3);
  assert_reported (shipped, "against Triumph 6 -1 = 5 (executing a combat order (F-BOARD-5) -1)");
  g_assert_cmpint (boarding (shipped, 1)->defender_bp, ==, 6);
  assert_reported (order, "against Triumph 6 -2 = 4 (executing a combat order (F-BOARD-5) -2)");
  g_assert_cmpint (boarding (order, 1)->defender_bp, ==, 5);

  /* The pure rule: each modifier that applies, a failed order instead of a combat order. */
  g_assert_cmpint (adm_board_3_modifiers (2, TRUE, TRUE, TRUE, 2, penalties, applied), ==, -6);
  g_assert_cmpint (applied[ADM_BOARDING_MODIFIER_HIT], ==, -1);
  g_assert_cmpint (applied[ADM_BOARDING_MODIFIER_DAMAGED], ==, -2);
  g_assert_cmpint (applied[ADM_BOARDING_MODIFIER_COMBAT_ORDER], ==, 0);
  g_assert_cmpint (applied[ADM_BOARDING_MODIFIER_FAILED_ORDER], ==, -3);
  g_assert_cmpint (adm_board_3_modifiers (1, FALSE, FALSE, TRUE, 2, penalties, applied), ==, -1);
  g_assert_cmpint (applied[ADM_BOARDING_MODIFIER_HIT], ==, 0);
  g_assert_cmpint (applied[ADM_BOARDING_MODIFIER_COMBAT_ORDER], ==, -1);
  g_assert_cmpint (adm_board_3_modifiers (3, FALSE, FALSE, FALSE, 3, penalties, applied), ==, -1);
}

/* F-BOARD-12 ("boarding-ratio"): the ratio on the potentials as they stand, or after the
 * modifiers F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6, F-BOARD-7, F-BOARD-8. */
static void
test_ratio_ruling (void)
{
  const char *values[] = { "current-pools", "modified-pools" };
  const char *expected[] = { "Vorberg 1 +4 = 5 (Barrayaran Imperium crew (F-BOARD-7, "
                             "F-BOARD-8) +2, boarding potential ratio (F-BOARD-9) +1",
                             "Vorberg 1 +5 = 6 (Barrayaran Imperium crew (F-BOARD-7, "
                             "F-BOARD-8) +2, boarding potential ratio (F-BOARD-10) +2" };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr(AdmBattle) battle = battle_helper_load ("board.xml");

      g_test_message ("boarding-ratio %s", values[i]);
      set_ruling (battle, "boarding-ratio", values[i]);
      battle_helper_skip_to (battle, ADM_PHASE_FIRE);
      resolve (battle, "<reinforce-shields ship=\"triumph\" extended=\"true\"/>", "6 6");
      resolve (battle, BOARD ("vorberg", "triumph"), "");
      /* 8 against 7 (+1), or 8 + 2 = 10 against 7 − 3 = 4 (+2); Triumph 6 − 3 = 3. */
      resolve (battle, "", "1 6");
      assert_reported (battle, expected[i]);
      g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, i == 0 ? 5 : 4);
    }
}

/* F-BOARD-13 ("boarding-roll"): a tie has no effect, or is rolled again. */
static void
test_tie_ruling (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();
  g_autoptr(AdmBattle) reroll = at_torpedo ();

  /* Solstice 4 − 1 against Peregrine 2 + 0 + … Peregrine defends with 0: 3 against 3. */
  resolve (battle, BOARD ("solstice", "peregrine"), "");
  resolve (battle, "", "4 3");
  assert_reported (battle, "A tie: neither side gains ground this round.");
  g_assert_cmpint (boarding (battle, 0)->attacker_bp, ==, 3);
  g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, 3);

  set_ruling (reroll, "boarding-roll", "tie-reroll");
  resolve (reroll, BOARD ("solstice", "peregrine"), "");
  resolve (reroll, "", "4 3 5 2");
  assert_reported (reroll, "A tie: the round is rolled again.");
  assert_reported (reroll, "Peregrine loses 2 boarding potential: 1 left (F-BOARD-14).");
  g_assert_cmpint (boarding (reroll, 0)->defender_bp, ==, 1);
}

/* F-BOARD-15 ("boarding-rounds"): rounds until a decision; the attacker can be captured. */
static void
test_rounds_ruling (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();
  g_autoptr(AdmBattle) repelled = at_torpedo ();

  g_test_message ("F-BOARD-15 (boarding-rounds to-a-decision); F-BOARD-10 twice the "
                  "potential +2");
  set_ruling (battle, "boarding-rounds", "to-a-decision");
  resolve (battle, BOARD ("vorberg", "triumph"), "");
  /* 7 against 5 twice (Triumph 7 → 5 → 3), then 8 against 3 is twice as high (+2): 3 + 5
   * = 8 against 5, a loss of 3. */
  resolve (battle, "", "3 5 3 5 3 5");
  assert_reported (battle, "Triumph loses 3 boarding potential: 0 left (F-BOARD-14).");
  assert_reported (battle, "boarding potential ratio (F-BOARD-10) +2");
  g_assert_true (boarding (battle, 0)->over);
  g_assert_cmpint (ship (battle, "triumph")->captured_by, ==, ship_index (battle, "vorberg"));

  /* The defender wins 6 against 1 − 1 and captures the attacker. */
  resolve (repelled, BOARD ("solstice", "peregrine"), "");
  resolve (repelled, "", "1 6");
  assert_reported (repelled, "Solstice is captured by Peregrine (F-BOARD-15)");
  g_assert_cmpint (ship (repelled, "solstice")->captured_by, ==, ship_index (repelled,
                                                                             "peregrine"));
}

/* A captured ship does not act; it cannot be boarded again; the boarding ends. */
static void
test_captured_out_of_action (void)
{
  g_autoptr(AdmBattle) battle = triumph_captured ();
  g_autofree char *dump = NULL;

  assert_reported (battle, "Triumph is captured by Vorberg (F-BOARD-15)");
  g_assert_true (boarding (battle, 0)->over);
  g_assert_cmpint (ship (battle, "triumph")->capture_turn, ==, 1);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  /* Its guns are silent: no dice, no damage. */
  resolve (battle, "<fire weapons=\"triumph:main\" target=\"vorberg\"/>", "");
  g_assert_cmpint (hull_left (battle, "vorberg"), ==, 8);
  refuse (battle, BOARD ("vorberg", "triumph"), "",
          "Triumph is out of action or captured and cannot be boarded (F-BOARD-1)");
  refuse (battle, BOARD ("triumph", "vorberg"), "",
          "Triumph is out of action or captured and cannot board (F-BOARD-1)");

  /* The journal replays the capture. */
  dump = adm_battle_dump (battle);
  g_assert_true (adm_battle_undo (battle, NULL));
  resolve (battle, "<fire weapons=\"triumph:main\" target=\"vorberg\"/>", "");
  {
    g_autofree char *again = adm_battle_dump (battle);

    g_assert_cmpstr (again, ==, dump);
  }
}

/* F-BOARD-15: the ships part, the boarding is broken off. */
static void
test_broken_off (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();

  resolve (battle, BOARD ("vorberg", "triumph"), "");
  resolve (battle, "", "3 3");
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, "<move formation=\"b1\"><forward cm=\"10\"/></move>", "");
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, "", "");
  assert_reported (battle, "The boarding of Triumph by Vorberg is broken off: the ships no "
                           "longer touch.");
  g_assert_true (boarding (battle, 0)->over);
  g_assert_cmpint (ship (battle, "triumph")->captured_by, ==, -1);
}

/* F-BOARD-16: abandoned. */
static void
test_abandon (void)
{
  g_autoptr(AdmBattle) battle = at_torpedo ();

  resolve (battle, BOARD ("vorberg", "triumph"), "");
  /* The fate is declared in a turn after the capture. */
  refuse (battle, FATE ("triumph", "abandon"), "6 1",
          "Triumph is not a captured ship held by its captors");
  resolve (battle, "", "6 1");
  to_end (battle);
  refuse (battle, FATE ("triumph", "abandon") FATE ("triumph", "scuttle"), "",
          "Triumph has two fates declared this turn; give one");
  refuse (battle, FATE ("vorberg", "abandon"), "",
          "Vorberg is not a captured ship held by its captors");
  resolve (battle, FATE ("triumph", "abandon"), "");
  assert_reported (battle, "Triumph is abandoned by its captors and drifts out of action as a "
                           "hulk (F-BOARD-16).");
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_DRIFTING_HULK);
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);
  /* Once abandoned, nothing more is declared for it; the hulk drifts 4d6 cm (F-CAT-10). */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, "", "1 1 1 1");
  to_end (battle);
  refuse (battle, FATE ("triumph", "scuttle"), "",
          "Triumph is not a captured ship held by its captors");
}

/* F-BOARD-16 ("captured-fate"): blown up — destroyed with a marker, or the catastrophic
 * table. */
static void
test_scuttle (void)
{
  g_autoptr(AdmBattle) battle = triumph_captured ();
  g_autoptr(AdmBattle) table = triumph_captured ();
  guint markers = adm_battle_get_n_markers (battle);

  to_end (battle);
  resolve (battle, FATE ("triumph", "scuttle"), "");
  assert_reported (battle, "Triumph is blown up by its captors (F-BOARD-16) and leaves an "
                           "explosion marker.");
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_DESTROYED);
  /* The marker may be cleared at the end of the same end stage (F-END-2 (3)); it was
   * placed in the report either way. */
  g_assert_cmpuint (adm_battle_get_n_markers (battle), >=, markers);

  set_ruling (table, "captured-fate", "scuttle-catastrophic");
  to_end (table);
  /* 2d6 = 7: a blazing hulk (F-CAT-11). */
  resolve (table, FATE ("triumph", "scuttle"), "3 4");
  assert_reported (table, "Triumph's captors set scuttling charges: it rolls on the "
                          "catastrophic damage table (F-BOARD-16).");
  g_assert_cmpint (ship (table, "triumph")->status, ==, ADM_SHIP_BURNING_HULK);
}

/* F-BOARD-17, F-BOARD-18 ("takeover-readiness"): taken over on 2d6 ≤ 7; the prize gets 7 / 2
 * = 3, Vorberg loses 7 / 4 = 1. */
static void
test_take_over (void)
{
  g_autoptr(AdmBattle) battle = triumph_captured ();
  guint triumph = ship_index (battle, "triumph");
  int prize;

  g_test_message ("F-BOARD-16 assimilate, F-BOARD-17 2d6 <= 7, F-BOARD-18 a quarter lost");
  to_end (battle);
  resolve (battle, FATE ("triumph", "assimilate"), "3 4");
  assert_reported (battle, "Vorberg: readiness check for taking over Triumph, 2d6 = 7 against 7: "
                           "passed.");
  assert_reported (battle, "Triumph is taken over by Vorberg and fights on for Barrayar as the "
                           "formation Prize Triumph (prize-triumph), readiness 3 (F-BOARD-17); "
                           "Vorberg's readiness falls by 1 to 6 (F-BOARD-18).");
  g_assert_cmpint (ship (battle, "triumph")->side, ==, ship (battle, "vorberg")->side);
  g_assert_cmpint (ship (battle, "triumph")->original_side, !=, ship (battle, "vorberg")->side);
  prize = adm_battle_formation_index (battle, "prize-triumph");
  g_assert_cmpint (prize, ==, 7);
  g_assert_cmpint (ship (battle, "triumph")->formation, ==, prize);
  g_assert_cmpint (adm_battle_get_formation (battle, prize)->flagship, ==, triumph);
  g_assert_cmpint (adm_battle_get_formation (battle, prize)->side, ==,
                   ship (battle, "vorberg")->side);
  g_assert_cmpint (ship (battle, "triumph")->captured_by, ==, -1);
  g_assert_cmpint (adm_battle_ship_readiness (battle, triumph), ==, 3);
  g_assert_cmpint (adm_battle_ship_readiness (battle, ship_index (battle, "vorberg")), ==, 6);
  /* The old formation has no ship left to take command (F-FORM-14): no roll. */
  g_assert_cmpint (adm_battle_get_formation (battle, adm_battle_formation_index (battle, "k1"))
                     ->flagship, ==, -1);
  /* Its side knows the prize fully; the other side still knows it as before (F-ECM). */
  g_assert_cmpint (adm_battle_get_detection (battle, ship (battle, "kestrel")->side, prize), ==,
                   ADM_DETECTION_FULL);
  /* The prize fights for its new side and moves as its own formation. */
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  refuse (battle, "<fire weapons=\"triumph:main\" target=\"vorberg\"/>", "",
          "Triumph and Vorberg are on the same side");
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, "<move formation=\"prize-triumph\"><forward cm=\"4\"/></move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "triumph")->position.x, -2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorberg")->position.x, 0.0, 1e-9);
}

/* Triumph captured by Vorberg (crew readiness 7) with a copy of the rules changing @from to
 * @to, and taken over in the next end stage, 3 + 4 against 7. */
static AdmBattle *
taken_over_by_rules (const char *from,
                     const char *to)
{
  char *dir = changed_rules_begin ("ruleset", from, to);
  AdmBattle *battle = triumph_captured ();

  changed_rules_end (dir);
  to_end (battle);
  resolve (battle, FATE ("triumph", "assimilate"), "3 4");
  return battle;
}

/* F-BOARD-17, F-BOARD-18 ("takeover-readiness"): the prize's half and the captor's quarter of
 * the crew readiness are the ruleset's (<takeover-readiness>), not the engine's. With a copy
 * dividing by 3 for the prize, Triumph gets 7 / 3 = 2; with one dividing by 2 for the captor,
 * Vorberg loses 7 / 2 = 3. */
static void
test_take_over_from_ruleset (void)
{
  g_autoptr(AdmBattle) prize = taken_over_by_rules ("\"F-BOARD-17\" divisor=\"2\"",
                                                    "\"F-BOARD-17\" divisor=\"3\"");
  g_autoptr(AdmBattle) captor = taken_over_by_rules ("\"F-BOARD-18\" divisor=\"4\"",
                                                     "\"F-BOARD-18\" divisor=\"2\"");
  int loss;

  assert_reported (prize, "readiness 2 (F-BOARD-17); Vorberg's readiness falls by 1 to 6 "
                          "(F-BOARD-18).");
  g_assert_cmpint (adm_battle_ship_readiness (prize, ship_index (prize, "triumph")), ==, 2);
  assert_reported (captor, "readiness 3 (F-BOARD-17); Vorberg's readiness falls by 3 to 4 "
                           "(F-BOARD-18).");
  g_assert_cmpint (adm_battle_ship_readiness (captor, ship_index (captor, "vorberg")), ==, 4);
  /* The pure rule: each share rounded down. */
  g_assert_cmpint (adm_board_17_readiness (7, 2, 4, &loss), ==, 3);
  g_assert_cmpint (loss, ==, 1);
  g_assert_cmpint (adm_board_17_readiness (9, 3, 2, &loss), ==, 3);
  g_assert_cmpint (loss, ==, 4);
}

/* F-BOARD-17 ("takeover-retry"): a failed take-over is tried again, or abandons the ship. */
static void
test_take_over_retry (void)
{
  g_autoptr(AdmBattle) battle = triumph_captured ();
  g_autoptr(AdmBattle) once = triumph_captured ();

  to_end (battle);
  resolve (battle, FATE ("triumph", "assimilate"), "6 6");
  assert_reported (battle, "The take-over of Triumph fails; its captors may try again in a "
                           "later end stage.");
  g_assert_cmpint (ship (battle, "triumph")->captured_by, ==, ship_index (battle, "vorberg"));
  to_end (battle);
  resolve (battle, FATE ("triumph", "assimilate"), "1 1");
  g_assert_cmpint (ship (battle, "triumph")->side, ==, ship (battle, "vorberg")->side);

  set_ruling (once, "takeover-retry", "one-attempt");
  to_end (once);
  resolve (once, FATE ("triumph", "assimilate"), "6 6");
  assert_reported (once, "The take-over of Triumph fails for good.");
  g_assert_cmpint (ship (once, "triumph")->status, ==, ADM_SHIP_DRIFTING_HULK);
}

/* F-STN-6: planetary defence objects are captured under the boarding rules and taken over
 * by the boarding party: a defence platform is a ship of the "station" category. */
static void
test_defence_platform (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("board-defence.xml");
  guint platform = ship_index (battle, "platform");
  int prize;

  g_assert_cmpint (ship (battle, "platform")->klass->category, ==, ADM_CATEGORY_STATION);
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
  resolve (battle, BOARD ("hartung", "platform"), "");
  g_assert_cmpint (boarding (battle, 0)->defender_bp, ==, 10);
  /* Hartung 6 + 2 (Barrayarans) + 2 (20 against 10) + 1 (veterans) = 11 against 1. */
  resolve (battle, "", "6 1");
  assert_reported (battle, "Defence platform K-4 is captured by Hartung (F-BOARD-15)");
  to_end (battle);
  /* 2d6 = 4 ≤ 8: taken over; readiness 8 / 2 = 4, Hartung 8 − 2 = 6. */
  resolve (battle, FATE ("platform", "assimilate"), "2 2");
  prize = adm_battle_formation_index (battle, "prize-platform");
  g_assert_cmpint (prize, >=, 0);
  g_assert_cmpint (ship (battle, "platform")->formation, ==, prize);
  g_assert_cmpint (ship (battle, "platform")->side, ==, ship (battle, "hartung")->side);
  g_assert_cmpint (adm_battle_ship_readiness (battle, platform), ==, 4);
  g_assert_cmpint (adm_battle_ship_readiness (battle, ship_index (battle, "hartung")), ==, 6);
}


/* F-BOARD-15 as ruled ("a captured ship lends its old side none"), F-SHLD-5, F-FORM-19: Triumph,
 * captured by Vorberg, still touches Dawn of its old side, whose formation mate Elm touches it
 * too. Dawn's pool counts its own blocks and Elm's, not Triumph's; Hartung's hits use Dawn's
 * and then Elm's — never the captured Triumph's, though it comes before Elm — and the pool is
 * then down. */
static void
test_captured_lends_no_shields (void)
{
  g_autoptr(AdmBattle) battle =
    load_variant_at ("board.xml", "    <formation id=\"k2\"",
                     "    <formation id=\"k5\" name=\"Dawn group\" flagship=\"dawn\">\n"
                     "      <ship id=\"dawn\" name=\"Dawn\" class=\"komarran-cruiser\" "
                     "faction=\"komarr\" x=\"2\" y=\"2\" heading=\"270\" readiness=\"6\"/>\n"
                     "      <ship id=\"elm\" name=\"Elm\" class=\"komarran-cruiser\" "
                     "faction=\"komarr\" x=\"2\" y=\"4\" heading=\"270\" readiness=\"6\"/>\n"
                     "    </formation>\n"
                     "    <formation id=\"k2\"", ADM_PHASE_TORPEDO);
  guint dawn = ship_index (battle, "dawn");

  g_test_message ("F-BOARD-15: a captured ship lends its old side no shields (F-SHLD-5)");
  resolve (battle, BOARD ("vorberg", "triumph"), "");
  resolve (battle, "", "6 1");
  g_assert_cmpint (ship (battle, "triumph")->captured_by, ==, ship_index (battle, "vorberg"));
  g_assert_true (adm_battle_ship_shields (battle, ship_index (battle, "triumph")) > 0);
  /* Dawn's own two and Elm's two: not the captured Triumph's. */
  g_assert_cmpint (adm_battle_ship_shield_pool (battle, dawn), ==, 4);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, "<fire weapons=\"hartung:main\" target=\"dawn\"/>",
           "6 6 6 6");
  g_assert_cmpint (ship (battle, "dawn")->shields_used, ==, 2);
  g_assert_cmpint (ship (battle, "elm")->shields_used, ==, 2);
  g_assert_cmpint (ship (battle, "triumph")->shields_used, ==, 0);
  assert_reported (battle, "4 absorbed by shields, shields down");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("ADMIRALTY_SOURCE_DIR"));

  g_test_add_func ("/engine/boarding/F-BOARD-1/declare", test_declare);
  g_test_add_func ("/engine/boarding/F-BOARD-1/refused", test_declare_refused);
  g_test_add_func ("/engine/boarding/F-BOARD-13/round", test_round);
  g_test_add_func ("/engine/boarding/F-BOARD-7/dendarii", test_dendarii);
  g_test_add_func ("/engine/boarding/F-BOARD-3/fire-damage-and-orders",
                   test_fire_damage_and_orders);
  g_test_add_func ("/engine/boarding/F-BOARD-6/damaged-and-failed-order",
                   test_damaged_and_failed_order);
  g_test_add_func ("/engine/boarding/F-BOARD-3/numbers-from-ruleset",
                   test_modifiers_from_ruleset);
  g_test_add_func ("/engine/boarding/F-BOARD-12/ratio-ruling", test_ratio_ruling);
  g_test_add_func ("/engine/boarding/F-BOARD-13/tie-ruling", test_tie_ruling);
  g_test_add_func ("/engine/boarding/F-BOARD-15/rounds-ruling", test_rounds_ruling);
  g_test_add_func ("/engine/boarding/F-BOARD-15/captured-out-of-action",
                   test_captured_out_of_action);
  g_test_add_func ("/engine/boarding/F-BOARD-15/broken-off", test_broken_off);
  g_test_add_func ("/engine/boarding/F-BOARD-16/abandon", test_abandon);
  g_test_add_func ("/engine/boarding/F-BOARD-16/scuttle", test_scuttle);
  g_test_add_func ("/engine/boarding/F-BOARD-17/take-over", test_take_over);
  g_test_add_func ("/engine/boarding/F-BOARD-17/retry", test_take_over_retry);
  g_test_add_func ("/engine/boarding/F-BOARD-17/numbers-from-ruleset",
                   test_take_over_from_ruleset);
  g_test_add_func ("/engine/boarding/F-STN-6/defence-platform", test_defence_platform);
  g_test_add_func ("/engine/boarding/F-BOARD-15/captured-lends-no-shields",
                   test_captured_lends_no_shields);

  return g_test_run ();
}
