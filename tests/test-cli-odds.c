/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-odds.c: `admiralty-cli odds fire` run as a master's script would run it — the
 * text and --json odds of a declared fire, checked against closed forms, and its exit
 * statuses. CLI_PATH comes from meson; ADMIRALTY_RULES_PATH from the test environment. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "cli-helpers.h"
#include "file-helpers.h"
#include "shipped-helpers.h"

#define EPSILON 1e-12

/* @array holds exactly @expected (@n numbers). */
static void
assert_numbers (JsonArray    *array,
                const double *expected,
                guint         n)
{
  g_assert_nonnull (array);
  g_assert_cmpuint (json_array_get_length (array), ==, n);
  for (guint k = 0; k < n; k++)
    g_assert_cmpfloat_with_epsilon (json_array_get_double_element (array, k), expected[k],
                                    EPSILON);
}

/* Firepower 7 at an approaching capital ship, shift -1: column 1, 6 dice on 4+; the 2
 * shields cancel 2 of them before the armour roll (F-WPN-7, «Далее, часть залпов
 * поглощается щитами. Оставшиеся залпы могут быть отбиты броней»; the ruling's default):
 * damage Binomial(4, 1/2) = 1, 4, 6, 4, 1 (/16). */
static const double six_dice_two_shields[] = {
  1.0 / 16, 4.0 / 16, 6.0 / 16, 4.0 / 16, 1.0 / 16
};

/* F-ART-13: criticals on 6+, one check per damage point. */
static double
artillery_critical (const double *damage,
                    int           n)
{
  double p = 0.0;

  for (int k = 0; k < n; k++)
    p += damage[k] * (1.0 - pow (5.0 / 6, k));
  return p;
}

static void
test_text (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "fire", "--firepower", "7",
                                         "--target", "approaching-capital", "--shift", "-1",
                                         "--armour", "4", "--shields", "2", NULL);
  g_autofree char *critical = g_strdup_printf ("At least one critical: %.2f %%\n",
                                               100.0 * artillery_critical (six_dice_two_shields,
                                                                           5));

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  /* The percentages are exact in binary, so their rounding is fixed. */
  g_assert_true (g_str_has_prefix (result->out,
                                   "Firepower 7 artillery at approaching capital, shift -1: "
                                   "6 dice hitting on 4+, 2 shields before armour\n"
                                   "  0 damage: 6.25 %  (at least 0: 100.00 %)\n"
                                   "  1 damage: 25.00 %  (at least 1: 93.75 %)\n"
                                   "  2 damage: 37.50 %  (at least 2: 68.75 %)\n"
                                   "  3 damage: 25.00 %  (at least 3: 31.25 %)\n"
                                   "  4 damage: 6.25 %  (at least 4: 6.25 %)\n"
                                   "Expected damage: 2.00\n"));
  g_assert_true (g_str_has_suffix (result->out, "This fire alone against 2 shield blocks: fire "
                                                "declared before it in the phase at the same "
                                                "pool leaves fewer (F-FIRE-4, F-SHLD-1).\n"));
  g_assert_nonnull (strstr (result->out, critical));
  g_assert_cmpstr (critical, ==, "At least one critical: 29.39 %\n");
}

static void
test_json (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "fire", "--firepower", "7",
                                         "--target", "approaching-capital", "--shift", "-1",
                                         "--armour", "4", "--shields", "2", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;
  const double at_least[] = { 1.0, 15.0 / 16, 11.0 / 16, 5.0 / 16, 1.0 / 16 };

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  object = parse_json (result->out);
  g_assert_cmpint (json_object_get_size (object), ==, 7);
  g_assert_cmpint (json_object_get_int_member (object, "dice"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (object, "hit_on"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (object, "shields"), ==, 2);
  assert_numbers (json_object_get_array_member (object, "damage"), six_dice_two_shields, 5);
  assert_numbers (json_object_get_array_member (object, "at_least"), at_least, 5);
  /* (4 + 2 · 6 + 3 · 4 + 4 · 1) / 16. */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "expected"),
                                  32.0 / 16, EPSILON);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "p_critical"),
                                  artillery_critical (six_dice_two_shields, 5), EPSILON);
}

/* F-DES-2, F-WPN-3, F-DES-3: 5+ whatever the armour, no target needed, criticals on 4+. */
static void
test_destructor (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "fire", "--weapon", "destructor",
                                         "--firepower", "3", "--armour", "6", "--shields", "1",
                                         "--json", NULL);
  g_autoptr(CliResult) text = run_cli ("odds", "fire", "--weapon", "destructor",
                                       "--firepower", "3", "--shields", "1", NULL);
  g_autoptr(JsonObject) object = NULL;
  /* Hits Binomial(3, 1/3) = 8, 12, 6, 1 (/27), one stopped by the shield. */
  const double damage[] = { 20.0 / 27, 6.0 / 27, 1.0 / 27 };

  g_assert_cmpint (result->status, ==, 0);
  object = parse_json (result->out);
  g_assert_cmpint (json_object_get_int_member (object, "dice"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (object, "hit_on"), ==, 5);
  assert_numbers (json_object_get_array_member (object, "damage"), damage, 3);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "p_critical"),
                                  6.0 / 27 * 0.5 + 1.0 / 27 * 0.75, EPSILON);

  g_assert_cmpint (text->status, ==, 0);
  g_assert_true (g_str_has_prefix (text->out, "Firepower 3 gravi-destructors: 3 dice hitting "
                                              "on 5+, 1 shield against the hits\n"));
}

/* F-FORD-10, F-FORD-2, F-FORD-8: halved to 3 dice, each hitting with 1 - (2/3)^2 = 5/9 and
 * kept through the save with 1/2, so a damage point with 5/18 per die. */
static void
test_orders (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "fire", "--weapon", "destructor",
                                         "--firepower", "7", "--halved", "--target-lock",
                                         "--special-shield", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;
  const double p = 5.0 / 18;
  const double damage[] = {
    pow (1 - p, 3), 3 * p * pow (1 - p, 2), 3 * p * p * (1 - p), pow (p, 3)
  };

  g_assert_cmpint (result->status, ==, 0);
  object = parse_json (result->out);
  g_assert_cmpint (json_object_get_int_member (object, "dice"), ==, 3);
  assert_numbers (json_object_get_array_member (object, "damage"), damage, 4);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "expected"), 3 * p,
                                  EPSILON);
}

/* F-ART-10 under the default clamp: orbital is column 1 already, so -1 stays there. */
static void
test_edge_clamp (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "fire", "--firepower", "7",
                                         "--target", "orbital", "--shift", "-1",
                                         "--armour", "7", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;
  const double nothing[] = { 1.0 };

  g_assert_cmpint (result->status, ==, 0);
  object = parse_json (result->out);
  g_assert_cmpint (json_object_get_int_member (object, "dice"), ==, 6);
  /* Armour 7: no die can hit (F-ART-12). */
  assert_numbers (json_object_get_array_member (object, "damage"), nothing, 1);
  g_assert_cmpfloat (json_object_get_double_member (object, "p_critical"), ==, 0.0);
}

static void
test_missing (void)
{
  g_autoptr(CliResult) firepower = run_cli ("odds", "fire", "--target", "orbital",
                                            "--armour", "4", NULL);
  g_autoptr(CliResult) target = run_cli ("odds", "fire", "--firepower", "4", "--armour", "4",
                                         NULL);
  g_autoptr(CliResult) armour = run_cli ("odds", "fire", "--firepower", "4",
                                         "--target", "orbital", NULL);
  g_autoptr(CliResult) value = run_cli ("odds", "fire", "--firepower", "--json", NULL);

  assert_failure (firepower, 2, "missing --firepower");
  g_assert_nonnull (strstr (firepower->err, "admiralty-cli odds fire --help"));
  assert_failure (target, 2, "missing --target");
  assert_failure (armour, 2, "missing --armour");
  assert_failure (value, 2, "missing value for --firepower");
}

static void
test_usage (void)
{
  g_autoptr(CliResult) option = run_cli ("odds", "fire", "--firepower", "4", "--bogus", NULL);
  g_autoptr(CliResult) kind = run_cli ("odds", "laser", NULL);
  g_autoptr(CliResult) none = run_cli ("odds", NULL);
  g_autoptr(CliResult) help = run_cli ("odds", "fire", "--help", NULL);
  g_autoptr(CliResult) top = run_cli ("--help", NULL);

  assert_failure (option, 2, "--bogus");
  assert_failure (kind, 2, "unknown kind of odds “laser”");
  assert_failure (none, 2, "no kind of odds given");
  g_assert_cmpint (help->status, ==, 0);
  g_assert_nonnull (strstr (help->out, "admiralty-cli odds fire"));
  g_assert_nonnull (strstr (help->out, "--target-lock"));
  g_assert_cmpint (top->status, ==, 0);
  g_assert_nonnull (strstr (top->out, "odds fire"));
}

/* F-ART-15: the unknown target is named with the targets there are. */
static void
test_unknown_target (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "fire", "--firepower", "4",
                                         "--target", "frigate", "--armour", "4", NULL);

  assert_failure (result, 1, "unknown target “frigate”");
  g_assert_nonnull (strstr (result->err, "approaching-capital"));
  g_assert_nonnull (strstr (result->err, "crossing-escort"));
}

/* F-WPN-10, F-WPN-11, F-WPN-12, F-WPN-13, F-WPN-14, F-WPN-15, F-WPN-16, F-WPN-17: torpedoes are
 * resolved in the torpedo phase, not by a fire roll. */
static void
test_torpedo (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "fire", "--weapon", "torpedo",
                                         "--firepower", "4", NULL);
  g_autoptr(CliResult) json = run_cli ("odds", "fire", "--weapon", "torpedo",
                                       "--firepower", "4", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;

  assert_failure (result, 1, "torpedoes are resolved in the torpedo phase");
  g_assert_cmpint (json->status, ==, 1);
  object = parse_json (json->out);
  g_assert_nonnull (strstr (json_object_get_string_member (object, "error"), "torpedo phase"));
}

static void
test_bad_values (void)
{
  g_autoptr(CliResult) weapon = run_cli ("odds", "fire", "--weapon", "laser",
                                         "--firepower", "4", NULL);
  g_autoptr(CliResult) armour = run_cli ("odds", "fire", "--firepower", "4",
                                         "--target", "orbital", "--armour", "-2", NULL);
  g_autoptr(CliResult) shields = run_cli ("odds", "fire", "--weapon", "destructor",
                                          "--firepower", "4", "--shields", "two", NULL);
  g_autoptr(CliResult) firepower = run_cli ("odds", "fire", "--weapon", "destructor",
                                            "--firepower", "-1", NULL);

  assert_failure (weapon, 1, "--weapon “laser” is not a weapon");
  assert_failure (armour, 1, "armour -2 is negative");
  assert_failure (shields, 1, "--shields “two”");
  assert_failure (firepower, 1, "--firepower “-1”");
}

/* `odds boarding`: 8 against 7 with +3 (F-BOARD-9 adds +1): d6 + 4 against d6. */
static void
test_boarding_text (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "boarding", "--attacker-bp", "8",
                                         "--defender-bp", "7", "--attacker-modifier", "3",
                                         NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_test_message ("%s", result->out);
  g_assert_true (g_str_has_prefix (result->out,
                                   "Boarding round: attacker BP 8 rolls 1d6 +4 (modifier +3, "
                                   "ratio bonus +1, F-BOARD-9, F-BOARD-10, F-BOARD-11, "
                                   "F-BOARD-12); defender BP 7 rolls 1d6 +0\n"
                                   "Attacker wins: 91.67 %\n"
                                   "Tie, no effect (ruling boarding-roll): 5.56 %\n"
                                   "Defender wins: 2.78 %\n"));
  g_assert_nonnull (strstr (result->out, "  7 BP: 8.33 %, captured\n"));
  g_assert_nonnull (strstr (result->out, "  6 BP: 11.11 %, 1 left\n"));
  g_assert_nonnull (strstr (result->out, "Defender captured this round (F-BOARD-15): "
                                         "16.67 %\n"));
}

static void
test_boarding_json (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "boarding", "--attacker-bp", "10",
                                         "--defender-bp", "3", "--attacker-modifier", "-1",
                                         "--defender-modifier", "2", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;
  /* +3 (ratio) − 1 = +2 against +2: an even round. */
  const double loss[] = { 21.0 / 36, 5.0 / 36, 4.0 / 36, 3.0 / 36, 2.0 / 36, 1.0 / 36 };

  g_assert_cmpint (result->status, ==, 0);
  object = parse_json (result->out);
  g_assert_cmpint (json_object_get_int_member (object, "ratio_bonus"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (object, "attacker_modifier"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (object, "defender_modifier"), ==, 2);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "p_tie"), 6.0 / 36,
                                  EPSILON);
  assert_numbers (json_object_get_array_member (object, "defender_loss"), loss,
                  G_N_ELEMENTS (loss));
  assert_numbers (json_object_get_array_member (object, "attacker_loss"), loss,
                  G_N_ELEMENTS (loss));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object,
                                                                 "p_defender_captured"),
                                  6.0 / 36, EPSILON);
}

static void
test_boarding_bad_values (void)
{
  g_autoptr(CliResult) zero = run_cli ("odds", "boarding", "--attacker-bp", "0",
                                       "--defender-bp", "3", NULL);
  g_autoptr(CliResult) word = run_cli ("odds", "boarding", "--attacker-bp", "4",
                                       "--defender-bp", "3", "--defender-modifier", "two",
                                       NULL);
  g_autoptr(CliResult) missing = run_cli ("odds", "boarding", "--attacker-bp", "4", NULL);
  g_autoptr(CliResult) json = run_cli ("odds", "boarding", "--attacker-bp", "4",
                                       "--defender-bp", "3", "--attacker-modifier", "100",
                                       "--json", NULL);
  g_autoptr(JsonObject) object = NULL;

  assert_failure (zero, 1, "--attacker-bp “0” is not a whole number from 1 to 999");
  assert_failure (word, 1, "--defender-modifier “two”");
  assert_failure (missing, 2, "missing --defender-bp");
  /* 100 plus the ratio bonus is out of range: the error comes as JSON too. */
  g_assert_cmpint (json->status, ==, 1);
  object = parse_json (json->out);
  g_assert_nonnull (strstr (json_object_get_string_member (object, "error"),
                            "boarding modifier 101"));
}

/* F-TORP-7, F-TORP-13: 2 torpedoes, 1 turret, armour 3: one or two get through at 1/2 each,
 * each damaging on 3+: damage 2/9, 5/9, 2/9. */
static void
test_torpedo_text (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "torpedo", "--torpedoes", "2", "--turrets", "1",
                                         "--armour", "3", NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_test_message ("%s", result->out);
  g_assert_nonnull (strstr (result->out, "2 torpedoes against 1 anti-torpedo die (4+ destroys "
                                         "one), armour 3: each torpedo left damages on 3+; "
                                         "shields do not stop torpedoes (F-TORP-9)\n"));
  g_assert_nonnull (strstr (result->out, "  0 damage: 22.22 %  (at least 0: 100.00 %)\n"));
  g_assert_nonnull (strstr (result->out, "  1 damage: 55.56 %  (at least 1: 77.78 %)\n"));
  g_assert_nonnull (strstr (result->out, "Expected damage: 1.00\n"));
  g_assert_nonnull (strstr (result->out, "Expected torpedoes shot down: 0.50\n"));
  /* F-WPN-16: 5/9 · 1/6 + 2/9 · 11/36 = 13/81. */
  g_assert_nonnull (strstr (result->out, "At least one critical: 16.05 %\n"));
}

static void
test_torpedo_json (void)
{
  g_autoptr(CliResult) result = run_cli ("odds", "torpedo", "--torpedoes", "2", "--turrets", "1",
                                         "--armour", "3", "--json", NULL);
  g_autoptr(CliResult) saved = run_cli ("odds", "torpedo", "--torpedoes", "1", "--armour", "1",
                                        "--special-shield", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;
  g_autoptr(JsonObject) save = NULL;
  const double damage[] = { 2.0 / 9, 5.0 / 9, 2.0 / 9 };
  const double at_least[] = { 1.0, 7.0 / 9, 2.0 / 9 };
  const double half[] = { 0.5, 0.5 };

  g_assert_cmpint (result->status, ==, 0);
  object = parse_json (result->out);
  g_assert_cmpint (json_object_get_int_member (object, "torpedoes"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (object, "turrets"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (object, "armour"), ==, 3);
  assert_numbers (json_object_get_array_member (object, "damage"), damage, 3);
  assert_numbers (json_object_get_array_member (object, "at_least"), at_least, 3);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "expected"), 1.0,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "expected_destroyed"),
                                  0.5, EPSILON);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "p_critical"),
                                  13.0 / 81, EPSILON);
  /* F-FORD-8: a reinforced special force shield saves torpedo damage on 4+. */
  g_assert_cmpint (saved->status, ==, 0);
  save = parse_json (saved->out);
  assert_numbers (json_object_get_array_member (save, "damage"), half, 2);
}

/* F-FORD-8: the save number is the ruleset's (<special-shield save-on>) in the odds and in
 * what is printed; the help names no number of its own. With a season that saves on 5+, one
 * torpedo sure to hit does damage with 4/6, and a destructor's hit (5+, 1/3) is kept with 4/6. */
static void
test_special_shield_from_ruleset (void)
{
  char *dir = changed_rules_new (NULL, "ruleset", NULL, "save-on=\"4\"", "save-on=\"5\"");
  g_autoptr(CliResult) torpedo = run_cli_with_rules (dir, "odds", "torpedo", "--torpedoes", "1",
                                                     "--armour", "1", "--special-shield",
                                                     "--json", NULL);
  g_autoptr(CliResult) text = run_cli_with_rules (dir, "odds", "torpedo", "--torpedoes", "1",
                                                  "--armour", "1", "--special-shield", NULL);
  g_autoptr(CliResult) fire = run_cli_with_rules (dir, "odds", "fire", "--weapon", "destructor",
                                                  "--firepower", "1", "--special-shield",
                                                  "--json", NULL);
  g_autoptr(CliResult) fire_text = run_cli_with_rules (dir, "odds", "fire", "--weapon",
                                                       "destructor", "--firepower", "1",
                                                       "--special-shield", NULL);
  g_autoptr(CliResult) fire_help = run_cli ("odds", "fire", "--help", NULL);
  g_autoptr(CliResult) torpedo_help = run_cli ("odds", "torpedo", "--help", NULL);
  g_autoptr(JsonObject) object = NULL;
  const double torpedo_damage[] = { 1.0 / 3, 2.0 / 3 };
  const double fire_damage[] = { 1 - 2.0 / 9, 2.0 / 9 };

  changed_rules_remove (dir);
  g_assert_cmpint (torpedo->status, ==, 0);
  object = parse_json (torpedo->out);
  assert_numbers (json_object_get_array_member (object, "damage"), torpedo_damage, 2);
  g_clear_pointer (&object, json_object_unref);
  g_assert_cmpint (text->status, ==, 0);
  g_assert_nonnull (strstr (text->out, "special shield saves each damage on 5+ (F-FORD-8)"));

  g_assert_cmpint (fire->status, ==, 0);
  object = parse_json (fire->out);
  assert_numbers (json_object_get_array_member (object, "damage"), fire_damage, 2);
  g_assert_cmpint (fire_text->status, ==, 0);
  g_assert_nonnull (strstr (fire_text->out, "special shield saves each damage on 5+ (F-FORD-8)"));

  g_assert_cmpint (fire_help->status, ==, 0);
  g_assert_nonnull (strstr (fire_help->out, "--special-shield"));
  g_assert_null (strstr (fire_help->out, "saved on 4+"));
  g_assert_cmpint (torpedo_help->status, ==, 0);
  g_assert_nonnull (strstr (torpedo_help->out, "--special-shield"));
  g_assert_null (strstr (torpedo_help->out, "saved on 4+"));
}

static void
test_torpedo_bad_values (void)
{
  g_autoptr(CliResult) missing = run_cli ("odds", "torpedo", "--armour", "3", NULL);
  g_autoptr(CliResult) word = run_cli ("odds", "torpedo", "--torpedoes", "four", "--armour", "3",
                                       NULL);
  g_autoptr(CliResult) many = run_cli ("odds", "torpedo", "--torpedoes", "2", "--turrets",
                                       "1001", "--armour", "3", "--json", NULL);
  g_autoptr(CliResult) extra = run_cli ("odds", "torpedo", "--torpedoes", "2", "--armour", "3",
                                        "now", NULL);
  g_autoptr(JsonObject) object = NULL;

  assert_failure (missing, 2, "missing --torpedoes");
  assert_failure (word, 1, "--torpedoes “four” is not a number of torpedoes");
  g_assert_cmpint (many->status, ==, 1);
  object = parse_json (many->out);
  g_assert_nonnull (strstr (json_object_get_string_member (object, "error"), "--turrets “1001”"));
  assert_failure (extra, 2, "unexpected argument “now”");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/odds/F-ART-12/text", test_text);
  g_test_add_func ("/cli/odds/F-ART-12/json", test_json);
  g_test_add_func ("/cli/odds/F-DES-2/destructor", test_destructor);
  g_test_add_func ("/cli/odds/F-FORD-2/halved-target-lock-special-shield", test_orders);
  g_test_add_func ("/cli/odds/F-FORD-8/special-shield-from-ruleset",
                   test_special_shield_from_ruleset);
  g_test_add_func ("/cli/odds/F-ART-10/edge-clamp", test_edge_clamp);
  g_test_add_func ("/cli/odds/usage/missing-options", test_missing);
  g_test_add_func ("/cli/odds/usage/unknown-option-and-kind", test_usage);
  g_test_add_func ("/cli/odds/F-ART-15/unknown-target", test_unknown_target);
  g_test_add_func ("/cli/odds/F-WPN-10/torpedo", test_torpedo);
  g_test_add_func ("/cli/odds/values/bad-values", test_bad_values);
  g_test_add_func ("/cli/odds/F-BOARD-13/boarding-text", test_boarding_text);
  g_test_add_func ("/cli/odds/F-BOARD-14/boarding-json", test_boarding_json);
  g_test_add_func ("/cli/odds/F-BOARD-15/boarding-bad-values", test_boarding_bad_values);
  g_test_add_func ("/cli/odds/F-TORP-13/torpedo-text", test_torpedo_text);
  g_test_add_func ("/cli/odds/F-TORP-7/torpedo-json", test_torpedo_json);
  g_test_add_func ("/cli/odds/F-TORP-7/torpedo-bad-values", test_torpedo_bad_values);

  return g_test_run ();
}
