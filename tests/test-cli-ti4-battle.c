/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-ti4-battle.c: `admiralty-cli ti4 battle` run as a script would run it — one
 * Twilight Imperium 4 combat resolved round by round from typed or seeded dice (LRR 39, 48),
 * its report and --json, --save, and its exit statuses. CLI_PATH comes from meson;
 * ADMIRALTY_RULES_PATH from the test environment. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"

/* LRR 39.5, 39.6.a, 39.10: a dreadnought sustains the cruiser's hit in round 1 and wins in
 * round 2; every step is printed with its clause, every roll in the dice table. */
static void
test_text_report (void)
{
  g_autoptr(CliResult) result = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                         "--defender", "cruiser=1", "--dice", "3,7,5,2", NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_nonnull (strstr (result->out, "Round 1"));
  g_assert_nonnull (strstr (result->out, "Round 2"));
  g_assert_nonnull (strstr (result->out, "[LRR 39.3.c]"));
  g_assert_nonnull (strstr (result->out, "[LRR 39.5] Attacker: 1 Dreadnought, combat roll, "
                                         "hit on 5+: 3 — 0 hits"));
  g_assert_nonnull (strstr (result->out, "[LRR 39.6] Attacker takes 1 hit"));
  g_assert_nonnull (strstr (result->out, "1 Dreadnought sustains damage"));
  g_assert_nonnull (strstr (result->out, "[LRR 39.8]"));
  g_assert_nonnull (strstr (result->out, "[LRR 39.10]"));
  g_assert_nonnull (strstr (result->out, "Attacker wins"));
  g_assert_nonnull (strstr (result->out, "Attacker: 1 Dreadnought (1 damaged) left"));
  /* The dice table: round, side, purpose, clause, values, hits. */
  g_assert_nonnull (strstr (result->out, "2\tDefender\tDefender: 1 Cruiser, combat roll, hit on "
                                         "7+\tLRR 39.5\t2\t0"));
}

/* The same battle as JSON: outcome, rounds, what is left, the log and the rolls. */
static void
test_json (void)
{
  g_autoptr(CliResult) result = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                         "--defender", "cruiser=1", "--dice", "3,7,5,2",
                                         "--json", NULL);
  /* LRR 39 notes: "0" on a d10 is 10 (a hit on anything). */
  g_autoptr(CliResult) zero = run_cli ("ti4", "battle", "--attacker", "destroyer=1",
                                       "--defender", "destroyer=1", "--dice", "0 1", "--json",
                                       NULL);
  g_autoptr(JsonObject) zero_root = NULL;
  g_autoptr(JsonObject) root = NULL;
  JsonArray *rolls, *log, *values;
  JsonObject *roll, *left;

  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  g_assert_cmpstr (json_object_get_string_member (root, "outcome"), ==, "attacker-wins");
  g_assert_cmpint (json_object_get_int_member (root, "rounds"), ==, 2);
  left = json_object_get_object_member (root, "attacker");
  g_assert_cmpint (json_object_get_int_member (left, "dreadnought"), ==, 1);
  left = json_object_get_object_member (root, "attacker_damaged");
  g_assert_cmpint (json_object_get_int_member (left, "dreadnought"), ==, 1);
  g_assert_cmpuint (json_object_get_size (json_object_get_object_member (root, "defender")),
                    ==, 0);

  rolls = json_object_get_array_member (root, "rolls");
  g_assert_cmpuint (json_array_get_length (rolls), ==, 4);
  roll = json_array_get_object_element (rolls, 1);
  g_assert_cmpstr (json_object_get_string_member (roll, "side"), ==, "defender");
  g_assert_cmpint (json_object_get_int_member (roll, "hit_on"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (roll, "hits"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (roll, "clause"), ==, "LRR 39.5");
  values = json_object_get_array_member (roll, "values");
  g_assert_cmpuint (json_array_get_length (values), ==, 1);
  g_assert_cmpint (json_array_get_int_element (values, 0), ==, 7);

  g_assert_cmpint (zero->status, ==, 0);
  zero_root = parse_json (zero->out);
  g_assert_cmpstr (json_object_get_string_member (zero_root, "outcome"), ==, "attacker-wins");
  roll = json_array_get_object_element (json_object_get_array_member (zero_root, "rolls"), 0);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (roll, "values"),
                                               0), ==, 10);

  log = json_object_get_array_member (root, "log");
  g_assert_cmpuint (json_array_get_length (log), >, 5);
  for (guint i = 0; i < json_array_get_length (log); i++)
    {
      JsonObject *line = json_array_get_object_element (log, i);

      g_assert_true (g_str_has_prefix (json_object_get_string_member (line, "clause"), "LRR "));
      g_assert_cmpstr (json_object_get_string_member (line, "text"), !=, "");
    }
}

/* A seed repeats the battle exactly. */
static void
test_seed_repeats (void)
{
  g_autoptr(CliResult) first = run_cli ("ti4", "battle", "--attacker",
                                        "dreadnought=2,carrier=1,fighter=3",
                                        "--defender", "destroyer-ii=2,cruiser=2",
                                        "--seed", "11", "--json", NULL);
  g_autoptr(CliResult) second = run_cli ("ti4", "battle", "--attacker",
                                         "dreadnought=2,carrier=1,fighter=3",
                                         "--defender", "destroyer-ii=2,cruiser=2",
                                         "--seed", "11", "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonObject *roll;

  g_assert_cmpint (first->status, ==, 0);
  g_assert_cmpstr (first->out, ==, second->out);
  root = parse_json (first->out);
  g_assert_cmpint (json_object_get_int_member (root, "seed"), ==, 11);
  /* LRR 39.3: the destroyers' barrage against the fighters comes first. */
  roll = json_array_get_object_element (json_object_get_array_member (root, "rolls"), 0);
  g_assert_true (json_object_get_boolean_member (roll, "barrage"));
  g_assert_cmpint (json_object_get_int_member (roll, "hit_on"), ==, 6);
}

/* LRR 39.4, 39.7.b, 39.7.d: a retreat announced in round 1; the carrier takes 4 of the 8
 * fighters and infantry, and a command token is placed. */
static void
test_retreat (void)
{
  g_autoptr(CliResult) result = run_cli ("ti4", "battle", "--attacker",
                                         "carrier=1,fighter=6,infantry=2",
                                         "--defender", "dreadnought=1", "--retreat-after", "0",
                                         "--dice", "1,1,1,1,1,1,1,1", "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonArray *log;
  gboolean token = FALSE;
  JsonObject *left;

  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  g_assert_cmpstr (json_object_get_string_member (root, "outcome"), ==, "attacker-retreated");
  left = json_object_get_object_member (root, "attacker");
  g_assert_cmpint (json_object_get_int_member (left, "carrier"), ==, 1);
  log = json_object_get_array_member (root, "log");
  for (guint i = 0; i < json_array_get_length (log); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (log, i),
                                                    "clause"), "LRR 39.7.d"))
      token = TRUE;
  g_assert_true (token);
}

/* LRR 48: ground combat, the mech sustains a hit. */
static void
test_ground (void)
{
  g_autoptr(CliResult) result = run_cli ("ti4", "battle", "--ground", "--attacker", "mech=1",
                                         "--defender", "infantry=2", "--dice", "6,8,1,10,1",
                                         NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, "[LRR 48.2]"));
  g_assert_nonnull (strstr (result->out, "1 Mech sustains damage"));
  g_assert_nonnull (strstr (result->out, "[LRR 48.3]"));
  g_assert_nonnull (strstr (result->out, "Attacker wins"));
}

/* --save writes a combat the engine loads again, with the same end. */
static void
test_save (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cli-ti4-battle-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);
  g_autoptr(CliResult) result = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                         "--defender", "cruiser=1", "--dice", "3,7,5,2",
                                         "--save", path, NULL);
  g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);
  g_autoptr(AdmTi4Combat) combat = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (result->status, ==, 0);
  combat = adm_ti4_combat_load_file (catalog, path, &error);
  g_assert_no_error (error);
  g_assert_true (adm_ti4_combat_is_over (combat));
  g_assert_cmpint (adm_ti4_combat_get_outcome (combat), ==, ADM_TI4_OUTCOME_ATTACKER_WINS);
  g_assert_cmpuint (adm_ti4_combat_get_rolls (combat)->len, ==, 4);

  /* `validate` knows the saved combat and the unit cards by their root elements, and
   * refuses a combat whose journal the rules refuse, naming file and line. */
  {
    g_autofree char *units = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "data",
                                               "rules", "ti4", "units.xml", NULL);
    g_autofree char *broken = g_build_filename (dir, "broken.xml", NULL);
    g_autofree char *text = NULL;
    g_autofree char *expected = NULL;
    g_autoptr(GString) edited = NULL;
    g_autoptr(CliResult) valid = run_cli ("validate", path, units, NULL);
    g_autoptr(CliResult) refused = NULL;

    g_assert_cmpint (valid->status, ==, 0);
    expected = g_strdup_printf ("%s: valid (Twilight Imperium 4 combat, round %u, %u steps "
                                "journaled)\n", path, adm_ti4_combat_get_round (combat),
                                adm_ti4_combat_get_events (combat)->len);
    g_assert_true (g_str_has_prefix (valid->out, expected));
    g_assert_nonnull (strstr (valid->out, "units.xml: valid (Twilight Imperium 4 unit cards, "
                                          "15 units)\n"));

    /* A die of 12 in the journal. */
    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    edited = g_string_new (text);
    g_assert_cmpuint (g_string_replace (edited, "values=\"3\"", "values=\"12\"", 1), ==, 1);
    g_assert_true (g_file_set_contents (broken, edited->str, -1, NULL));
    refused = run_cli ("validate", broken, NULL);
    g_assert_cmpint (refused->status, ==, 1);
    g_assert_true (g_regex_match_simple ("broken\\.xml:[0-9]+: ", refused->err, 0, 0));
    g_unlink (broken);
  }
  g_unlink (path);
  g_rmdir (dir);
}

/* Typed dice that run out name how many were needed; a value not on a d10 is refused:
 * exit 1. */
static void
test_dice_errors (void)
{
  g_autoptr(CliResult) short_dice = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                             "--defender", "cruiser=1", "--dice", "3,7,5",
                                             NULL);
  g_autoptr(CliResult) bad_die = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                          "--defender", "cruiser=1", "--dice", "3,11", NULL);

  assert_failure (short_dice, 1, "--dice ran out after 3 values");
  g_assert_nonnull (strstr (short_dice->err, "needs d10 but only 0 are left"));
  g_assert_nonnull (strstr (short_dice->err, "round 2"));
  assert_failure (bad_die, 1, "11 is not on a d10");
}

/* Bad unit lists and options: exit 2, like `ti4 odds`. */
static void
test_bad_input (void)
{
  g_autoptr(CliResult) unknown = run_cli ("ti4", "battle", "--attacker", "dreadnaught=1",
                                          "--defender", "cruiser=1", NULL);
  g_autoptr(CliResult) negative = run_cli ("ti4", "battle", "--attacker", "dreadnought=-1",
                                           "--defender", "cruiser=1", NULL);
  g_autoptr(CliResult) both = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                       "--defender", "cruiser=1", "--seed", "1", "--dice", "3",
                                       NULL);
  g_autoptr(CliResult) ground_retreat = run_cli ("ti4", "battle", "--ground", "--attacker",
                                                 "infantry=1", "--defender", "infantry=1",
                                                 "--retreat-after", "1", NULL);
  g_autoptr(CliResult) no_ships = run_cli ("ti4", "battle", "--attacker", "infantry=2",
                                           "--defender", "cruiser=1", NULL);

  assert_failure (unknown, 2, "dreadnaught");
  assert_failure (negative, 2, "negative");
  assert_failure (both, 2, "--seed or --dice");
  assert_failure (ground_retreat, 2, "LRR 48");
  assert_failure (no_ships, 2, "no ships");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-ti4-battle/text-report", test_text_report);
  g_test_add_func ("/cli-ti4-battle/json", test_json);
  g_test_add_func ("/cli-ti4-battle/seed-repeats", test_seed_repeats);
  g_test_add_func ("/cli-ti4-battle/lrr-39.7/retreat", test_retreat);
  g_test_add_func ("/cli-ti4-battle/lrr-48/ground", test_ground);
  g_test_add_func ("/cli-ti4-battle/save", test_save);
  g_test_add_func ("/cli-ti4-battle/dice-errors", test_dice_errors);
  g_test_add_func ("/cli-ti4-battle/bad-input", test_bad_input);

  return g_test_run ();
}
