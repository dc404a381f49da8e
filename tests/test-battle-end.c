/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-end.c: the end stage of the turn (F-END) and damage control (F-DC) clause by
 * clause — fires put out or burning on (F-CRIT-14, F-STN-12), criticals repaired with the hull
 * points they cost (F-DC-4, F-CRIT-20, F-CRIT-16, F-CRIT-17, F-CRIT-18, F-CRIT-19), hull points
 * restored (F-DC-3), the veterans' extra die (F-DC-1), the roll (F-DC-2, F-DC-5), explosion markers
 * and spent torpedoes cleared (F-END-2) — with scripted dice: every test asserts the exact dice the
 * engine asked for and leaves none unused. Fixtures: tests/data/battles/end-*.xml. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "adm-battle-private.h"
#include "battle-scripting.h"
#include "shipped-helpers.h"

/* Helpers */

/* Kalloner's set-up line in end-dc.xml, to make variants of. */
#define KALLONER_SETUP "heading=\"0\" readiness=\"6\"/>"

/* end-dc.xml with Kalloner at readiness @readiness and @damage hull points lost, at the end
 * phase of turn 1. */
static AdmBattle *
kalloner_at_end (int readiness,
                 int damage)
{
  g_autofree char *setup = g_strdup_printf ("heading=\"0\" readiness=\"%d\" damage=\"%d\"/>",
                                            readiness, damage);

  return load_variant_at ("end-dc.xml", KALLONER_SETUP, setup, ADM_PHASE_END);
}

/* The index in the report of the first line containing @text. */
static guint
report_index (AdmBattle  *battle,
              const char *text)
{
  GPtrArray *report = adm_battle_get_report (battle);

  for (guint i = 0; i < report->len; i++)
    if (strstr (adm_report_line_get_text (g_ptr_array_index (report, i)), text) != NULL)
      return i;
  battle_helper_print_report (battle);
  g_error ("not in the report: %s", text);
  return 0;
}

#define FIRE(weapons, target) "<fire weapons=\"" weapons "\" target=\"" target "\"/>"
#define DC(ship, repair) "<damage-control ship=\"" ship "\" repair=\"" repair "\"/>"
#define DC_CRITICAL(ship, n) \
  "<damage-control ship=\"" ship "\" repair=\"critical\" critical=\"" n "\"/>"
#define TURN_K1 "<move formation=\"k1\"><turn degrees=\"45\"/></move>"

/* Hartung's destructor gives Kalloner one damage (10 of 11) and one critical, rolled with
 * @table (the 2d6 and the dice of its row); then the battle is at the end phase of turn 1. */
static AdmBattle *
one_critical (AdmBattle  *battle,
              const char *table)
{
  g_autofree char *dice = g_strconcat ("6 6 6 1 4 ", table, NULL);

  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, FIRE ("hartung:destructor", "kalloner"), dice);
  assert_reported (battle, "Critical checks on Kalloner (4+): 4 — 1 critical.");
  battle_helper_skip_to (battle, ADM_PHASE_END);
  return battle;
}

/* The same with two damage (9 of 11) and two criticals. */
static AdmBattle *
two_criticals (AdmBattle  *battle,
               const char *tables)
{
  g_autofree char *dice = g_strconcat ("6 6 6 6 4 4 ", tables, NULL);

  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, FIRE ("hartung:destructor", "kalloner"), dice);
  assert_reported (battle, "Critical checks on Kalloner (4+): 4 4 — 2 criticals.");
  battle_helper_skip_to (battle, ADM_PHASE_END);
  return battle;
}

static AdmBattle *
kalloner (void)
{
  return battle_helper_load ("end-dc.xml");
}

/* F-DC-2: the roll */

static void
test_roll_less_than (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "3 3");
  g_autoptr(AdmBattle) equal = one_critical (kalloner (), "3 3");
  guint first;

  /* F-CRIT-13 cost one more hull point: 9 of 11. Readiness 6, −1 for this turn's damage
   * (F-RDY-3): 5. F-DC-2: «Если выпадет (с учетом модификаторов) меньше, чем составляет
   * значение показателя боеготовности» — strictly less than 5: 2 + 2 = 4 repairs. */
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  g_assert_cmpint (adm_battle_ship_readiness (battle, ship_index (battle, "kalloner")), ==, 5);
  first = resolve (battle, DC ("kalloner", "critical"), "2 2");
  assert_rolls (battle, first, "F-DC-2 2d6=2 2");
  assert_reported (battle, "Kalloner: damage control on critical 6 (F-CRIT-13), 2d6 = 4, "
                           "needs less than 5: success.");
  /* The dice log says the check and its verdict. */
  assert_outcome (battle, first, "sum < 5 (readiness): passed ✓");
  assert_reported (battle, "Kalloner repairs critical 6 (F-CRIT-13): Engine compartment "
                           "damaged.");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 0);
  /* F-DC-4: the extra hull point comes back with the repair. */
  assert_reported (battle, "Kalloner gets back the 1 hull point the critical cost (F-DC-4): "
                           "10 of 11 left.");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);
  /* F-CRIT-13: repaired, the engines turn the ship again. */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, TURN_K1, NULL);
  g_assert_cmpfloat_with_epsilon (ship (battle, "kalloner")->heading, 45.0, 1e-9);

  /* 2 + 3 = 5 equals the readiness: not less, a failure (the general readiness check of
   * F-RDY-2, «меньше либо равно», would have passed it). */
  first = resolve (equal, DC ("kalloner", "critical"), "2 3");
  assert_rolls (equal, first, "F-DC-2 2d6=2 3");
  assert_outcome (equal, first, "sum < 5 (readiness): failed ✗");
  assert_reported (equal, "Kalloner: damage control on critical 6 (F-CRIT-13), 2d6 = 5, "
                          "needs less than 5: failure.");
  g_assert_cmpint (ship (equal, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 1);
  g_assert_cmpint (hull_left (equal, "kalloner"), ==, 9);
  /* The ruling that let the equal roll pass is gone: a battle naming it is refused. */
  {
    g_autoptr(GError) error = NULL;

    g_assert_false (adm_ruleset_set_ruling (adm_battle_get_ruleset (equal),
                                            "damage-control-roll", "at-most", &error));
    g_assert_nonnull (error);
  }
}

/* F-DC-5: the modifiers */

static void
test_modifier (void)
{
  g_autoptr(AdmBattle) none = kalloner_at_end (3, 3);
  g_autoptr(AdmBattle) novice = kalloner_at_end (3, 3);
  g_autoptr(AdmBattle) veteran = kalloner_at_end (8, 3);
  g_autoptr(AdmBattle) veteran_none = kalloner_at_end (8, 3);
  guint first;

  /* "damage-control-modifier" none: novices roll against their readiness, 3 (set-up damage
   * carries no F-RDY-3 penalty). */
  first = resolve (none, DC ("kalloner", "hull"), "1 1");
  assert_rolls (none, first, "F-DC-2 2d6=1 1");
  assert_reported (none, "needs less than 3: success.");
  g_assert_cmpint (hull_left (none, "kalloner"), ==, 9);

  /* readiness-grade: the F-RDY-5 modifier helps, −1 for novices, +1 for veterans. */
  set_ruling (novice, "damage-control-modifier", "readiness-grade");
  first = resolve (novice, DC ("kalloner", "hull"), "1 2");
  assert_rolls (novice, first, "F-DC-2 2d6=1 2");
  assert_reported (novice, "needs less than 2: failure.");
  g_assert_cmpint (hull_left (novice, "kalloner"), ==, 8);

  set_ruling (veteran, "damage-control-modifier", "readiness-grade");
  first = resolve (veteran, DC ("kalloner", "hull"), "4 4");
  assert_rolls (veteran, first, "F-DC-2 2d6=4 4");
  assert_reported (veteran, "needs less than 9: success.");
  g_assert_cmpint (hull_left (veteran, "kalloner"), ==, 9);

  /* Without it 8 is needed: the 9 fails, and the veterans' extra die (F-DC-1) fails too. */
  first = resolve (veteran_none, DC ("kalloner", "hull"), "4 5 5 5");
  assert_rolls (veteran_none, first, "F-DC-2 2d6=4 5; F-DC-2 2d6=5 5");
  g_assert_cmpint (hull_left (veteran_none, "kalloner"), ==, 8);
}

/* F-CRIT-14, F-STN-12: fires */

static void
test_fire_put_out (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "3 4");
  guint first;

  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 1);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_FIRE], ==, 1);
  /* F-CRIT-14: put out at the end of the turn, the fire does no damage (F-DC-2: "or put out
   * a fire"). */
  first = resolve (battle, DC ("kalloner", "fire"), "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  assert_reported (battle, "Kalloner: damage control on the fire, 2d6 = 2, needs less than 5: "
                           "success.");
  assert_reported (battle, "Fire aboard Kalloner is put out.");
  assert_not_reported (battle, "Fire aboard Kalloner is still burning.");
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 0);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_FIRE], ==, 0);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);
}

static void
test_fire_burns_on (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "3 4");
  g_autoptr(AdmBattle) undeclared = one_critical (kalloner (), "3 4");
  guint first;

  /* F-CRIT-14: not put out, one damage (its critical check on 6+, "critical-threshold-other")
   * and it keeps burning. The attempt comes first, then the fire burns. */
  first = resolve (battle, DC ("kalloner", "fire"), "6 6 1");
  assert_rolls (battle, first, "F-DC-2 2d6=6 6; F-CRIT-14 1d6=1");
  g_assert_cmpuint (report_index (battle, "damage control on the fire"), <,
                    report_index (battle, "Fire aboard Kalloner is still burning."));
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 1);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_FIRE], ==, 1);

  /* "damage-control-attempts" declared: a fire nobody fights burns on, with no attempt. */
  first = resolve (undeclared, NULL, "1");
  assert_rolls (undeclared, first, "F-CRIT-14 1d6=1");
  g_assert_cmpint (hull_left (undeclared, "kalloner"), ==, 9);
  g_assert_cmpint (ship (undeclared, "kalloner")->on_fire, ==, 1);
}

/* F-CRIT-14: a fire's damage checks for criticals on the ruleset's number (<critical-checks>
 * <check source="fire">), not the engine's: with a copy of the rules checking on 2+, the
 * damage of a fire not put out brings a critical on a 2. */
static void
test_fire_critical_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset",
                                   "source=\"fire\" clause=\"F-CRIT-14\" on=\"6\"",
                                   "source=\"fire\" clause=\"F-CRIT-14\" on=\"2\"");
  g_autoptr(AdmBattle) battle = kalloner ();
  guint first;

  changed_rules_end (dir);
  g_assert_cmpint (adm_ruleset_get_critical_on (adm_battle_get_ruleset (battle),
                                                ADM_CRITICAL_SOURCE_FIRE), ==, 2);
  one_critical (battle, "3 4");
  first = resolve (battle, DC ("kalloner", "fire"), "6 6 2 5 5");
  assert_rolls (battle, first, "F-DC-2 2d6=6 6; F-CRIT-14 1d6=2; F-CRIT-2 2d6=5 5");
  assert_reported (battle, "Critical checks on Kalloner (2+): 2 — 1 critical.");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
}

static void
test_station_fire (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("end-dc.xml", "class=\"vorkalloner\"",
                                                 "class=\"orbital-fortress\"",
                                                 ADM_PHASE_FIRE);
  guint first;

  /* F-STN-12: a station's fire is fought as a ship's. The fortress's 3 shields take 3 of
   * the 4 hits; the critical (7) starts a fire. */
  resolve (battle, FIRE ("hartung:destructor", "kalloner"), "6 6 6 6 4 3 4");
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 1);
  battle_helper_skip_to (battle, ADM_PHASE_END);
  first = resolve (battle, DC ("kalloner", "fire"), "2 2");
  assert_rolls (battle, first, "F-DC-2 2d6=2 2");
  assert_reported (battle, "Fire aboard Kalloner is put out.");
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 0);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_FIRE], ==, 0);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 23);
}

/* F-DC-3: hull points */

static void
test_hull (void)
{
  g_autoptr(AdmBattle) battle = kalloner_at_end (6, 3);
  g_autoptr(AdmBattle) intact = load_at ("end-dc.xml", ADM_PHASE_END);
  guint first;

  /* F-DC-3: one hull point per successful attempt. */
  first = resolve (battle, DC ("kalloner", "hull"), "3 2");
  assert_rolls (battle, first, "F-DC-2 2d6=3 2");
  assert_reported (battle, "Kalloner: damage control on a hull point, 2d6 = 5, needs less "
                           "than 6: success.");
  assert_reported (battle, "Kalloner restores a hull point: 9 of 11 left.");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);

  /* Never above the class's hull points: nothing lost, nothing to restore. */
  refuse (intact, DC ("kalloner", "hull"), "1 1", "orders.xml:1: Kalloner has lost no hull "
                                                  "points");
}

static void
test_hull_automatic (void)
{
  g_autoptr(AdmBattle) battle = kalloner_at_end (6, 1);
  guint first;

  /* "damage-control-attempts" automatic: every ship in action with something to repair
   * tries; Hartung has nothing and rolls nothing. */
  set_ruling (battle, "damage-control-attempts", "automatic");
  first = resolve (battle, NULL, "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 11);
  /* F-DC-3: back to 11 of 11, nothing more to restore: no dice in turn 2. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  first = resolve (battle, NULL, NULL);
  assert_rolls (battle, first, "");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 11);
}

/* F-DC-1: one attempt, the veterans' extra die, the order of repairs */

static void
test_one_attempt (void)
{
  g_autoptr(AdmBattle) battle = kalloner_at_end (6, 3);
  g_autoptr(AdmBattle) failed = kalloner_at_end (6, 3);
  guint first;

  /* F-DC-1: one attempt per ship per turn for an experienced crew, one hull point at most. */
  set_ruling (battle, "damage-control-attempts", "automatic");
  first = resolve (battle, NULL, "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);

  first = resolve (failed, DC ("kalloner", "hull"), "6 6");
  assert_rolls (failed, first, "F-DC-2 2d6=6 6");
  assert_not_reported (failed, "extra die");
  g_assert_cmpint (hull_left (failed, "kalloner"), ==, 8);
}

static void
test_veteran_second_chance (void)
{
  g_autoptr(AdmBattle) battle = kalloner_at_end (8, 3);
  g_autoptr(AdmBattle) first_time = kalloner_at_end (8, 3);
  guint first;

  /* "damage-control-extra-die" second-chance: veterans (readiness 7–8, F-RDY-5) roll again
   * after a failure; still one repair. */
  first = resolve (battle, DC ("kalloner", "hull"), "6 6 1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=6 6; F-DC-2 2d6=1 1");
  assert_reported (battle, "Kalloner rolls the extra die of its crew’s grade, Veterans "
                           "(F-DC-1).");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);

  first = resolve (first_time, DC ("kalloner", "hull"), "1 1");
  assert_rolls (first_time, first, "F-DC-2 2d6=1 1");
  g_assert_cmpint (hull_left (first_time, "kalloner"), ==, 9);
}

static void
test_veteran_second_repair (void)
{
  g_autoptr(AdmBattle) battle = kalloner_at_end (8, 3);
  g_autoptr(AdmBattle) failed = kalloner_at_end (8, 3);
  guint first;

  /* second-repair: the extra die is a second attempt in any case: two repairs at most. */
  set_ruling (battle, "damage-control-extra-die", "second-repair");
  set_ruling (failed, "damage-control-extra-die", "second-repair");
  first = resolve (battle, DC ("kalloner", "hull"), "1 1 2 2");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1; F-DC-2 2d6=2 2");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);

  first = resolve (failed, DC ("kalloner", "hull"), "6 6 2 2");
  assert_rolls (failed, first, "F-DC-2 2d6=6 6; F-DC-2 2d6=2 2");
  g_assert_cmpint (hull_left (failed, "kalloner"), ==, 9);
}

/* Kalloner at readiness @readiness with 3 hull points lost, loaded with a copy of the rules
 * changing @from to @to, declaring damage control of its hull with @dice. */
static AdmBattle *
damage_control_by_rules (int         readiness,
                         const char *from,
                         const char *to,
                         const char *dice)
{
  char *dir = changed_rules_begin ("ruleset", from, to);
  AdmBattle *battle = kalloner_at_end (readiness, 3);

  changed_rules_end (dir);
  resolve (battle, DC ("kalloner", "hull"), dice);
  return battle;
}

/* F-DC-1: the one attempt, the extra one and the grades that earn it are the ruleset's
 * (<damage-control-attempts>), not the engine's. With a copy giving the extra attempt to the
 * elite only, a veteran crew (8) fails its one roll; with a copy giving every ship 2 attempts
 * an experienced crew (6) rolls again after its failure, 2 against 6 succeeding, and a
 * veteran rolls a third time as its extra die. */
static void
test_attempts_from_ruleset (void)
{
  const char *const veterans_and_elite[] = { "veteran", "elite", NULL };
  const char *const none[] = { NULL };
  g_autoptr(AdmBattle) elite = damage_control_by_rules (8, "extra-grades=\"veteran elite\"",
                                                        "extra-grades=\"elite\"", "6 6");
  g_autoptr(AdmBattle) two = damage_control_by_rules (6, "clause=\"F-DC-1\" attempts=\"1\"",
                                                      "clause=\"F-DC-1\" attempts=\"2\"",
                                                      "6 6 1 1");
  g_autoptr(AdmBattle) third = damage_control_by_rules (8, "clause=\"F-DC-1\" attempts=\"1\"",
                                                        "clause=\"F-DC-1\" attempts=\"2\"",
                                                        "6 6 6 6 1 1");

  assert_not_reported (elite, "extra die");
  g_assert_cmpint (hull_left (elite, "kalloner"), ==, 8);
  assert_not_reported (two, "extra die");
  g_assert_cmpint (hull_left (two, "kalloner"), ==, 9);
  assert_reported (third, "Kalloner rolls the extra die of its crew’s grade, Veterans "
                          "(F-DC-1).");
  g_assert_cmpint (hull_left (third, "kalloner"), ==, 9);
  /* The pure rule: the extra attempts for a grade among the ruleset's. */
  g_assert_cmpint (adm_dc_1_attempts ("experienced", veterans_and_elite, 1, 1), ==, 1);
  g_assert_cmpint (adm_dc_1_attempts ("veteran", veterans_and_elite, 1, 1), ==, 2);
  g_assert_cmpint (adm_dc_1_attempts ("elite", veterans_and_elite, 2, 3), ==, 5);
  g_assert_cmpint (adm_dc_1_attempts (NULL, veterans_and_elite, 1, 1), ==, 1);
  g_assert_cmpint (adm_dc_1_attempts ("elite", none, 1, 1), ==, 1);
}

/* F-DC-1 «За один ход можно восстановить всего одно повреждение или очко живучести»: the
 * season's attempts are the repairs a turn. With a copy giving 2 («два»), an experienced crew
 * (6) that succeeds twice restores two hull points (10 of 11), not one; a veteran crew (8)
 * failing once makes its second repair with the extra die as a second chance; with
 * "second-repair" the extra die is a third repair. */
static void
test_attempts_are_repairs (void)
{
  g_autoptr(AdmBattle) two = damage_control_by_rules (6, "clause=\"F-DC-1\" attempts=\"1\"",
                                                      "clause=\"F-DC-1\" attempts=\"2\"",
                                                      "3 1 2 2");
  g_autoptr(AdmBattle) chance = damage_control_by_rules (8, "clause=\"F-DC-1\" attempts=\"1\"",
                                                         "clause=\"F-DC-1\" attempts=\"2\"",
                                                         "1 1 6 6 2 2");
  g_autoptr(AdmBattle) third = NULL;
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-DC-1\" attempts=\"1\"",
                                   "clause=\"F-DC-1\" attempts=\"2\"");
  guint first;

  third = kalloner_at_end (8, 3);
  changed_rules_end (dir);
  assert_reported (two, "Kalloner restores a hull point: 10 of 11 left.");
  g_assert_cmpint (hull_left (two, "kalloner"), ==, 10);
  assert_reported (chance, "Kalloner rolls the extra die of its crew’s grade, Veterans "
                           "(F-DC-1).");
  g_assert_cmpint (hull_left (chance, "kalloner"), ==, 10);
  set_ruling (third, "damage-control-extra-die", "second-repair");
  first = resolve (third, DC ("kalloner", "hull"), "1 1 2 2 3 3");
  assert_rolls (third, first, "F-DC-2 2d6=1 1; F-DC-2 2d6=2 2; F-DC-2 2d6=3 3");
  g_assert_cmpint (hull_left (third, "kalloner"), ==, 11);
}

/* F-DC-1: a custom season saved before <damage-control-attempts> existed, whose grades are not
 * called "veteran" and "elite", opens: the default's extra-grades="veteran elite" names grades
 * it has not, which no crew is of, so its best crews (8 and 9) make one attempt, as the engine
 * played such a season before. */
static void
test_attempts_without_veterans (void)
{
  char *dir = changed_rules_begin ("ruleset", "<grade id=\"veteran\"", "<grade id=\"seasoned\"");
  g_autoptr(AdmBattle) seasoned = NULL;
  g_autoptr(AdmBattle) ace = NULL;

  changed_rules_change (dir, "ruleset", NULL, "<grade id=\"elite\"", "<grade id=\"ace\"");
  changed_rules_change (dir, "ruleset", NULL,
                        "<damage-control-attempts clause=\"F-DC-1\" attempts=\"1\" "
                        "extra-attempts=\"1\"\n                           "
                        "extra-grades=\"veteran elite\"/>", "");
  seasoned = kalloner_at_end (8, 3);
  ace = kalloner_at_end (9, 3);
  changed_rules_end (dir);
  resolve (seasoned, DC ("kalloner", "hull"), "6 6");
  resolve (ace, DC ("kalloner", "hull"), "6 6");
  assert_not_reported (seasoned, "extra die");
  g_assert_cmpint (hull_left (seasoned, "kalloner"), ==, 8);
  assert_not_reported (ace, "extra die");
  g_assert_cmpint (hull_left (ace, "kalloner"), ==, 8);
}

/* F-DC-1: the line names the season's grade. With a copy calling veterans "Old hands", it
 * says so, not the rulebook's words. */
static void
test_extra_die_grade_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "name=\"Veterans\"", "name=\"Old hands\"");
  g_autoptr(AdmBattle) battle = kalloner_at_end (8, 3);

  changed_rules_end (dir);
  resolve (battle, DC ("kalloner", "hull"), "6 6 1 1");
  assert_reported (battle, "Kalloner rolls the extra die of its crew’s grade, Old hands "
                           "(F-DC-1).");
}

static void
test_elite (void)
{
  g_autoptr(AdmBattle) battle = kalloner_at_end (9, 3);
  guint first;

  /* F-DC-1: elite crews (9+) have the extra die too. */
  first = resolve (battle, DC ("kalloner", "hull"), "6 6 4 4");
  assert_rolls (battle, first, "F-DC-2 2d6=6 6; F-DC-2 2d6=4 4");
  assert_reported (battle, "Kalloner rolls the extra die of its crew’s grade, Elite "
                           "(F-DC-1).");
  assert_reported (battle, "2d6 = 8, needs less than 9: success.");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
}

static void
test_priority (void)
{
  g_autoptr(AdmBattle) battle = kalloner ();
  guint first;

  /* "repair-priority": fires first, then the worst critical, then hull points, one per turn.
   * Engines (6, +1 damage) and a fire (7): 8 of 11. */
  set_ruling (battle, "damage-control-attempts", "automatic");
  two_criticals (battle, "3 3 3 4");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 8);
  first = resolve (battle, NULL, "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  assert_reported (battle, "Fire aboard Kalloner is put out.");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 1);

  battle_helper_skip_to (battle, ADM_PHASE_END);
  first = resolve (battle, NULL, "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 0);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);

  battle_helper_skip_to (battle, ADM_PHASE_END);
  first = resolve (battle, NULL, "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  assert_reported (battle, "Kalloner restores a hull point: 10 of 11 left.");
}

static void
test_priority_criticals (void)
{
  g_autoptr(AdmBattle) battle = kalloner ();
  guint first;

  /* Main guns (2) and engines (6): the engines first. */
  set_ruling (battle, "damage-control-attempts", "automatic");
  two_criticals (battle, "1 1 3 3");
  first = resolve (battle, NULL, "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 0);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_MAIN_GUNS], ==, 1);
}

static void
test_declared_choice (void)
{
  g_autoptr(AdmBattle) battle = two_criticals (kalloner (), "3 3 3 4");
  guint first;

  /* The player chooses: the engines before the fire, which then burns. */
  first = resolve (battle, DC_CRITICAL ("kalloner", "6"), "1 1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1; F-CRIT-14 1d6=1");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 0);
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 1);
  assert_reported (battle, "Fire aboard Kalloner is still burning.");
  /* 8 of 11, +1 for the engines (F-DC-4), −1 for the fire. */
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 8);
}

static void
test_refusals (void)
{
  g_autoptr(AdmBattle) battle = two_criticals (kalloner (), "3 3 3 4");
  g_autoptr(AdmBattle) markers = load_at ("end-markers.xml", ADM_PHASE_FIRE);
  guint first;

  refuse (battle, DC ("nobody", "hull"), "1 1", "“nobody” is not a ship of this battle");
  refuse (battle, DC ("hartung", "fire"), "1 1", "Hartung has no fire to put out");
  refuse (battle, DC ("hartung", "critical"), "1 1",
          "Hartung has no critical damage that can be repaired");
  refuse (battle, "<damage-control ship=\"kalloner\" repair=\"hull\" critical=\"6\"/>", "1 1",
          "the critical to repair goes with repair=\"critical\" only");
  refuse (battle, DC_CRITICAL ("kalloner", "13"), "1 1",
          "critical “13” is not a result of the critical damage table (2 to 12)");
  refuse (battle, DC_CRITICAL ("kalloner", "2"), "1 1", "Kalloner has no critical 2 to repair");
  refuse (battle, DC_CRITICAL ("kalloner", "7"), "1 1",
          "critical 7 of Kalloner is a fire: declare repair=\"fire\"");
  /* F-DC-1: one attempt per ship per turn. */
  refuse (battle, DC ("kalloner", "fire") DC ("kalloner", "hull"), "1 1 1 1",
          "orders.xml:1: Kalloner already has its damage control declared this turn");

  /* Orders are written before the turn: a ship put out of action during it (here the
   * destroyer, by a critical, F-CRIT-4) makes no attempt, and the turn stands. */
  resolve (markers, FIRE ("hartung:destructor", "kestrel"), "6 6 6 1 4 1");
  battle_helper_skip_to (markers, ADM_PHASE_END);
  first = resolve (markers, DC ("kestrel", "hull"), NULL);
  assert_rolls (markers, first, "");
  assert_reported (markers, "Kestrel is out of action and makes no damage-control attempt.");
}

/* F-DC-4, F-CRIT-18, F-CRIT-19: what comes back with a critical */

static void
test_central_deck (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "4 4");
  guint k = ship_index (battle, "kalloner");

  /* F-CRIT-15: +1 damage and −10 cm until repaired; F-DC-4: the point comes back. */
  g_assert_cmpint (adm_battle_ship_speed (battle, k), ==, 16);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  resolve (battle, DC ("kalloner", "critical"), "2 2");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_CENTRAL_DECK], ==, 0);
  g_assert_cmpint (adm_battle_ship_speed (battle, k), ==, 26);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);
}

static void
test_crew_losses_permanent (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "5 6 1 2");
  guint first;

  /* F-CRIT-18: −1 readiness (d6), +2 damage (d3): 8 of 11; readiness 6 − 1 − 1 = 4.
   * "crew-losses" permanent: the repair gives back the 2 hull points, not the crew. */
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 8);
  g_assert_cmpint (ship (battle, "kalloner")->readiness_loss, ==, 1);
  first = resolve (battle, DC ("kalloner", "critical"), "1 2");
  assert_rolls (battle, first, "F-DC-2 2d6=1 2");
  assert_reported (battle, "needs less than 4: success.");
  assert_reported (battle, "Kalloner gets back the 2 hull points the critical cost (F-DC-4): "
                           "10 of 11 left.");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_HULL], ==, 0);
  g_assert_cmpint (ship (battle, "kalloner")->readiness_loss, ==, 1);
  assert_not_reported (battle, "gets back 1 readiness");
}

static void
test_crew_losses_restored (void)
{
  g_autoptr(AdmBattle) hull = kalloner ();
  g_autoptr(AdmBattle) superstructure = kalloner ();

  /* "crew-losses" restored: F-CRIT-18's readiness comes back too (readiness 6 − 1 − 1 = 4: 3
   * is less, F-DC-2). */
  set_ruling (hull, "crew-losses", "restored");
  one_critical (hull, "5 6 1 2");
  resolve (hull, DC ("kalloner", "critical"), "1 2");
  assert_reported (hull, "Kalloner gets back 1 readiness.");
  g_assert_cmpint (ship (hull, "kalloner")->readiness_loss, ==, 0);
  g_assert_cmpint (hull_left (hull, "kalloner"), ==, 10);

  /* F-CRIT-19: −1 readiness, −1 ECM attack, +3 damage (7 of 11): all back. */
  set_ruling (superstructure, "crew-losses", "restored");
  one_critical (superstructure, "6 6 1 1 3");
  g_assert_cmpint (hull_left (superstructure, "kalloner"), ==, 7);
  resolve (superstructure, DC_CRITICAL ("kalloner", "12"), "1 2");
  g_assert_cmpint (ship (superstructure, "kalloner")->readiness_loss, ==, 0);
  g_assert_cmpint (ship (superstructure, "kalloner")->ecm_attack_loss, ==, 0);
  assert_reported (superstructure, "Kalloner gets back 1 ECM attack.");
  g_assert_cmpint (hull_left (superstructure, "kalloner"), ==, 10);
}

static void
test_bridge_not_repaired (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "4 5 2");
  guint first;

  /* F-CRIT-16: "This damage is not repaired." Readiness 6 − 3 − 1 = 2. */
  refuse (battle, DC_CRITICAL ("kalloner", "9"), "1 1",
          "critical 9 of Kalloner (Bridge hit) cannot be repaired (F-CRIT-16)");
  /* Automatic damage control passes it by and tries the hull point; with readiness 2 no
   * 2d6 is less than it (F-DC-2, «меньше, чем»): the crew cannot repair anything. */
  set_ruling (battle, "damage-control-attempts", "automatic");
  first = resolve (battle, NULL, "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  assert_reported (battle, "Kalloner: damage control on a hull point, 2d6 = 2, needs less "
                           "than 2: failure.");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_BRIDGE], ==, 1);
  g_assert_cmpint (ship (battle, "kalloner")->readiness_loss, ==, 3);
}

static void
test_shields_not_repaired (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "5 5");

  /* F-CRIT-17: the generators are destroyed, not repaired. */
  refuse (battle, DC_CRITICAL ("kalloner", "10"), "1 1",
          "critical 10 of Kalloner (Energy shields destroyed) cannot be repaired (F-CRIT-17)");
  refuse (battle, DC ("kalloner", "critical"), "1 1",
          "Kalloner has no critical damage that can be repaired");
  g_assert_cmpint (adm_battle_ship_shields (battle, ship_index (battle, "kalloner")), ==, 0);
}

/* F-CRIT-20: stacked criticals */

static void
test_stacked (void)
{
  g_autoptr(AdmBattle) battle = two_criticals (kalloner (), "3 3 3 3");
  guint first;

  /* Two engine criticals: 11 − 2 − 2 = 7 of 11. */
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 2);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 7);
  first = resolve (battle, DC_CRITICAL ("kalloner", "6"), "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  assert_reported (battle, "Kalloner still has 1 more critical 6 to repair (F-CRIT-20).");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 1);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 8);
  /* F-CRIT-20: the location works again only when all are repaired. */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  refuse (battle, TURN_K1, NULL, "(F-CRIT-13)");
  battle_helper_skip_to (battle, ADM_PHASE_END);
  first = resolve (battle, DC_CRITICAL ("kalloner", "6"), "1 1");
  assert_rolls (battle, first, "F-DC-2 2d6=1 1");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 0);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, TURN_K1, NULL);
}

static void
test_journal (void)
{
  g_autoptr(AdmBattle) battle = one_critical (kalloner (), "3 3");
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  /* The damage-control declaration is journalled with its phase: undo replays it. */
  before = adm_battle_dump (battle);
  resolve (battle, DC ("kalloner", "critical"), "2 3");
  after = adm_battle_dump (battle);
  g_assert_cmpstr (after, !=, before);
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = adm_battle_dump (battle);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_END);
}

/* F-END-2: markers and torpedoes */

static AdmBattle *
escort_destroyed (const char *markers)
{
  AdmBattle *battle = battle_helper_load ("end-markers.xml");

  set_ruling (battle, "explosion-markers", markers);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  /* F-CRIT-4, F-CAT-2: the destroyer's critical destroys it; its marker is placed in turn 1,
   * beside the one set up with the battle. */
  resolve (battle, FIRE ("hartung:destructor", "kestrel"), "6 6 6 1 4 1");
  g_assert_cmpint (ship (battle, "kestrel")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 2);
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, NULL, NULL);
  return battle;
}

static void
test_markers_after_next_turn (void)
{
  g_autoptr(AdmBattle) battle = escort_destroyed ("after-next-turn");

  /* "explosion-markers" after-next-turn: through turn 2, gone at its end; the set-up marker
   * stays. */
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 2);
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, NULL, NULL);
  assert_reported (battle, "The explosion marker placed at (10.0, 0.0) in turn 1 is removed.");
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_marker (battle, 0)->turn, ==, 0);
  g_assert_cmpfloat_with_epsilon (adm_battle_get_marker (battle, 0)->position.x, 40.0, 1e-9);
}

static void
test_markers_end_of_turn (void)
{
  g_autoptr(AdmBattle) battle = escort_destroyed ("end-of-turn");

  /* end-of-turn: gone at the end of the turn of the explosion. */
  assert_reported (battle, "The explosion marker placed at (10.0, 0.0) in turn 1 is removed.");
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_marker (battle, 0)->turn, ==, 0);
}

static void
test_markers_kept (void)
{
  g_autoptr(AdmBattle) battle = escort_destroyed ("kept");

  /* kept: markers stay for the whole battle. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, NULL, NULL);
  assert_not_reported (battle, "is removed");
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 2);
}

static void
test_spent_salvoes (void)
{
  g_autoptr(AdmBattle) battle = load_at ("end-dc.xml", ADM_PHASE_END);
  AdmTorpedoSalvo spent = { .id = 1, .side = 0, .ship = 0, .speed = 20, .torpedoes = 0,
                            .turns_left = 1, .launched = 1, .spent = TRUE };
  AdmTorpedoSalvo running = { .id = 2, .side = 0, .ship = 0, .speed = 20, .torpedoes = 4,
                              .turns_left = 1, .launched = 1, .spent = FALSE };

  /* F-END-2 (3): spent salvoes leave the table; those still running stay. The salvoes are put
   * on the table here as the torpedo phase leaves them (F-TORP sets "spent"). */
  g_array_append_val (battle->state->salvos, spent);
  g_array_append_val (battle->state->salvos, running);
  resolve (battle, NULL, NULL);
  assert_reported (battle, "Spent torpedo salvo 1 is removed.");
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_salvo (battle, 0)->id, ==, 2);
}

static void
test_end_stage_order (void)
{
  g_autoptr(AdmBattle) battle = escort_destroyed ("after-next-turn");

  /* F-END-1, F-END-2: (2) damage control and fires, (3) markers, then the end of the turn.
   * F-OTHER-1, F-OTHER-2: anything else the end stage might hold comes from the Forcon 2007
   * rules, which the engine does not implement; the 2010 summary wins where they differ. */
  g_test_message ("F-OTHER-1, F-OTHER-2: rules outside the Forcon 2010 summary (the Forcon "
                  "2007 staff game) are out of scope; the summary wins on contradiction");
  set_ruling (battle, "damage-control-attempts", "automatic");
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  /* Hartung has no target left: Kestrel is gone. Turn 2's end removes Kestrel's marker. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, NULL, NULL);
  g_assert_cmpuint (report_index (battle, "The explosion marker placed at (10.0, 0.0)"), <,
                    report_index (battle, "End of turn 2."));
}

static void
test_end_stage_order_repairs_first (void)
{
  g_autoptr(AdmBattle) battle = two_criticals (kalloner (), "3 3 3 4");

  /* (2) before (3): the fire is fought before the turn ends. */
  resolve (battle, DC ("kalloner", "fire"), "1 1");
  g_assert_cmpuint (report_index (battle, "Fire aboard Kalloner is put out."), <,
                    report_index (battle, "End of turn 1."));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("ADMIRALTY_SOURCE_DIR"));

  g_test_add_func ("/engine/end/F-DC-2/less-than", test_roll_less_than);
  g_test_add_func ("/engine/end/F-DC-5/modifier", test_modifier);
  g_test_add_func ("/engine/end/F-CRIT-14/put-out", test_fire_put_out);
  g_test_add_func ("/engine/end/F-CRIT-14/burns-on", test_fire_burns_on);
  g_test_add_func ("/engine/end/F-CRIT-14/numbers-from-ruleset", test_fire_critical_from_ruleset);
  g_test_add_func ("/engine/end/F-STN-12/station-fire", test_station_fire);
  g_test_add_func ("/engine/end/F-DC-3/hull", test_hull);
  g_test_add_func ("/engine/end/F-DC-3/automatic", test_hull_automatic);
  g_test_add_func ("/engine/end/F-DC-1/one-attempt", test_one_attempt);
  g_test_add_func ("/engine/end/F-DC-1/veteran-second-chance", test_veteran_second_chance);
  g_test_add_func ("/engine/end/F-DC-1/veteran-second-repair", test_veteran_second_repair);
  g_test_add_func ("/engine/end/F-DC-1/elite", test_elite);
  g_test_add_func ("/engine/end/F-DC-1/numbers-from-ruleset", test_attempts_from_ruleset);
  g_test_add_func ("/engine/end/F-DC-1/attempts-are-repairs", test_attempts_are_repairs);
  g_test_add_func ("/engine/end/F-DC-1/season-without-veterans",
                   test_attempts_without_veterans);
  g_test_add_func ("/engine/end/F-DC-1/grade-from-ruleset", test_extra_die_grade_from_ruleset);
  g_test_add_func ("/engine/end/F-DC-1/priority", test_priority);
  g_test_add_func ("/engine/end/F-DC-1/priority-criticals", test_priority_criticals);
  g_test_add_func ("/engine/end/F-DC-1/declared-choice", test_declared_choice);
  g_test_add_func ("/engine/end/F-DC-1/refusals", test_refusals);
  g_test_add_func ("/engine/end/F-DC-1/journal", test_journal);
  g_test_add_func ("/engine/end/F-DC-4/central-deck", test_central_deck);
  g_test_add_func ("/engine/end/F-CRIT-18/crew-losses-permanent", test_crew_losses_permanent);
  g_test_add_func ("/engine/end/F-CRIT-19/crew-losses-restored", test_crew_losses_restored);
  g_test_add_func ("/engine/end/F-CRIT-16/not-repaired", test_bridge_not_repaired);
  g_test_add_func ("/engine/end/F-CRIT-17/not-repaired", test_shields_not_repaired);
  g_test_add_func ("/engine/end/F-CRIT-20/stacked", test_stacked);
  g_test_add_func ("/engine/end/F-END-2/markers-after-next-turn", test_markers_after_next_turn);
  g_test_add_func ("/engine/end/F-END-2/markers-end-of-turn", test_markers_end_of_turn);
  g_test_add_func ("/engine/end/F-END-2/markers-kept", test_markers_kept);
  g_test_add_func ("/engine/end/F-END-2/spent-salvoes", test_spent_salvoes);
  g_test_add_func ("/engine/end/F-END-1/order", test_end_stage_order);
  g_test_add_func ("/engine/end/F-END-1/repairs-first", test_end_stage_order_repairs_first);
  return g_test_run ();
}
