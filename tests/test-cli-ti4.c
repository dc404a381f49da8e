/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-ti4.c: `admiralty-cli ti4 …` run as a script would run it — the exact odds of a
 * Twilight Imperium 4 combat in text and --json, matching the engine (adm-ti4-odds.h) and
 * closed forms, and exit status 2 with a clear message for every kind of bad input.
 * CLI_PATH comes from meson; ADMIRALTY_RULES_PATH from the test environment. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "ti4-helpers.h"

#define EPSILON 1e-12

static AdmTi4Odds *
engine_odds (const char              *attacker,
             const char              *defender,
             const AdmTi4OddsOptions *options)
{
  g_autoptr(GError) error = NULL;
  AdmTi4Fleet a, d;
  AdmTi4Odds *odds;

  g_assert_true (adm_ti4_fleet_parse (catalog (), attacker, &a, NULL));
  g_assert_true (adm_ti4_fleet_parse (catalog (), defender, &d, NULL));
  odds = adm_ti4_odds_compute (catalog (), &a, &d, options, &error);
  g_assert_no_error (error);
  return odds;
}

/* One cruiser (7: a = 0.4) against one destroyer (9: b = 0.2): attacker a(1-b)/s = 8/13,
 * draw ab/s = 2/13, defender (1-a)b/s = 3/13, rounds 1/s = 25/13, s = a + b - ab = 0.52
 * (LRR 39.5, 39.10). */
static void
test_odds_text (void)
{
  g_autoptr(CliResult) result = run_cli ("ti4", "odds", "--attacker", "cruiser=1",
                                         "--defender", "destroyer=1", NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_true (g_str_has_prefix (result->out,
                                   "Space combat (LRR 39): attacker 1 Cruiser against "
                                   "defender 1 Destroyer\n"));
  g_assert_nonnull (strstr (result->out, "Attacker wins: 61.54 %\n"
                                         "Draw: 15.38 %\n"
                                         "Defender wins: 23.08 %\n"));
  g_assert_nonnull (strstr (result->out, "Expected rounds: 1.92\n"));
  g_assert_nonnull (strstr (result->out, "Expected survivors: attacker 0.62 Cruiser\n"));
  g_assert_nonnull (strstr (result->out, "  61.54 %  attacker wins; attacker 1 Cruiser, "
                                         "defender no units\n"));
}

static double
member_double (JsonObject *object,
               const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_double_member (object, name);
}

/* The JSON matches the engine's own numbers, end by end. */
static void
test_odds_json (void)
{
  const char *attacker = "dreadnought=2,fighter=3", *defender = "destroyer-ii=2,cruiser=1";
  g_autoptr(CliResult) result = run_cli ("ti4", "odds", "--attacker", attacker,
                                         "--defender", defender, "--retreat-after", "2",
                                         "--defender-policy", "cheapest-first", "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(AdmTi4Odds) odds = NULL;
  AdmTi4OddsOptions options;
  JsonObject *survivors;
  JsonArray *ends;

  adm_ti4_odds_options_init (&options);
  options.attacker_retreat_after = 2;
  options.defender_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  odds = engine_odds (attacker, defender, &options);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  root = parse_json (result->out);
  g_assert_cmpfloat_with_epsilon (member_double (root, "attacker"), odds->attacker, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (root, "draw"), odds->draw, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (root, "defender"), odds->defender, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (root, "attacker_retreated"),
                                  odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED], EPSILON);
  g_assert_cmpfloat (member_double (root, "attacker_retreated"), >, 0.0);
  g_assert_cmpfloat_with_epsilon (member_double (root, "defender_retreated"), 0.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (root, "expected_rounds"),
                                  odds->expected_rounds, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (root, "attacker") +
                                  member_double (root, "draw") +
                                  member_double (root, "defender"), 1.0, 1e-9);

  survivors = json_object_get_object_member (root, "survivors");
  g_assert_cmpfloat_with_epsilon (
    member_double (json_object_get_object_member (survivors, "attacker"), "dreadnought"),
    odds->attacker_expected[adm_ti4_catalog_find (catalog (), "dreadnought")], EPSILON);
  g_assert_cmpfloat_with_epsilon (
    member_double (json_object_get_object_member (survivors, "defender"), "destroyer-ii"),
    odds->defender_expected[adm_ti4_catalog_find (catalog (), "destroyer-ii")], EPSILON);

  ends = json_object_get_array_member (root, "ends");
  g_assert_cmpuint (json_array_get_length (ends), ==, odds->ends->len);
  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);
      JsonObject *object = json_array_get_object_element (ends, e);
      JsonObject *fleet = json_object_get_object_member (object, "attacker");
      JsonObject *damaged = json_object_get_object_member (object, "attacker_damaged");
      guint dreadnought = adm_ti4_catalog_find (catalog (), "dreadnought");

      g_assert_cmpstr (json_object_get_string_member (object, "outcome"), ==,
                       adm_ti4_outcome_to_string (end->outcome));
      g_assert_cmpfloat_with_epsilon (member_double (object, "probability"), end->probability,
                                      EPSILON);
      g_assert_cmpint (json_object_get_int_member_with_default (fleet, "dreadnought", 0), ==,
                       adm_ti4_fleet_count (&end->attacker, dreadnought));
      g_assert_cmpint (json_object_get_int_member_with_default (damaged, "dreadnought", 0), ==,
                       end->attacker.damaged[dreadnought]);
    }
}

/* LRR 39.4.b: both retreat after 0 rounds: the defender announces first, so only it
 * retreats, when round 1 leaves both ships: (1 - 0.4)(1 - 0.2) = 0.48. LRR 48: infantry
 * (8: 0.3) against infantry: 0.21 / 0.51 each, draw 0.09 / 0.51. */
static void
test_odds_retreat_and_ground (void)
{
  g_autoptr(CliResult) retreat = run_cli ("ti4", "odds", "--attacker", "cruiser=1",
                                          "--defender", "destroyer=1", "--retreat-after", "0",
                                          "--defender-retreat-after", "0", "--json", NULL);
  g_autoptr(CliResult) ground = run_cli ("ti4", "odds", "--attacker", "infantry=1",
                                         "--defender", "infantry=1", "--ground", "--json",
                                         NULL);
  g_autoptr(JsonObject) r = NULL;
  g_autoptr(JsonObject) g = NULL;

  g_assert_cmpint (retreat->status, ==, 0);
  r = parse_json (retreat->out);
  g_assert_cmpfloat_with_epsilon (member_double (r, "defender_retreated"), 0.48, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (r, "attacker_retreated"), 0.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (r, "expected_rounds"), 1.0, EPSILON);

  g_assert_cmpint (ground->status, ==, 0);
  g = parse_json (ground->out);
  g_assert_cmpfloat_with_epsilon (member_double (g, "attacker"), 0.21 / 0.51, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (g, "defender"), 0.21 / 0.51, EPSILON);
  g_assert_cmpfloat_with_epsilon (member_double (g, "draw"), 0.09 / 0.51, EPSILON);
}

/* Bad unit lists and options exit 2 with a clear message on stderr. */
static void
test_odds_bad_input (void)
{
  static const struct {
    const char *attacker;
    const char *defender;
    const char *option;
    const char *value;
    const char *message;
  } cases[] = {
    { "dreadnaught=1", "cruiser=1", NULL, NULL, "--attacker: Unknown unit “dreadnaught”" },
    { "cruiser=1", "destroyer=-2", NULL, NULL, "--defender: “destroyer=-2”: a count cannot "
                                               "be negative" },
    { "cruiser", "destroyer=1", NULL, NULL, "“cruiser” has no count" },
    { "cruiser=1,,fighter=2", "destroyer=1", NULL, NULL, "item 2 is empty" },
    { "cruiser=two", "destroyer=1", NULL, NULL, "the count must be a whole number" },
    { "cruiser=1", "destroyer=1", "--policy", "random", "unknown policy “random”" },
    { "cruiser=1", "destroyer=1", "--defender-policy", "x", "--defender-policy: unknown "
                                                            "policy" },
    { "cruiser=1", "destroyer=1", "--retreat-after", "-1", "is not a whole number of "
                                                           "rounds" },
    { "cruiser=1", "destroyer=1", "--defender-retreat-after", "soon", "not a whole number" },
    { "infantry=2", "destroyer=1", NULL, NULL, "The attacker has no ships" },
    { "cruiser=1", "cruiser=0", NULL, NULL, "The defender has no ships" },
    { "infantry=2", "infantry=1,cruiser=1", "--ground", NULL, "only ground forces" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint json = 0; json < 2; json++)
      {
        g_autoptr(CliResult) result = NULL;
        const char *args[12] = { NULL };
        guint n = 0;

        args[n++] = "ti4";
        args[n++] = "odds";
        args[n++] = "--attacker";
        args[n++] = cases[i].attacker;
        args[n++] = "--defender";
        args[n++] = cases[i].defender;
        if (cases[i].option != NULL)
          args[n++] = cases[i].option;
        if (cases[i].value != NULL)
          args[n++] = cases[i].value;
        if (json)
          args[n++] = "--json";
        result = run_cli (args[0], args[1], args[2], args[3], args[4], args[5], args[6],
                          args[7], args[8], args[9], NULL);
        if (!json)
          assert_failure (result, 2, cases[i].message);
        else
          {
            g_autoptr(JsonObject) root = NULL;

            g_assert_cmpint (result->status, ==, 2);
            g_assert_nonnull (strstr (result->err, cases[i].message));
            root = parse_json (result->out);
            g_assert_nonnull (strstr (json_object_get_string_member (root, "error"),
                                      cases[i].message));
          }
      }
}

/* Bad usage of the command itself: exit 2, the message and a pointer to --help. */
static void
test_usage (void)
{
  g_autoptr(CliResult) missing = run_cli ("ti4", "odds", "--attacker", "cruiser=1", NULL);
  g_autoptr(CliResult) ground_retreat = run_cli ("ti4", "odds", "--attacker", "infantry=1",
                                                 "--defender", "infantry=1", "--ground",
                                                 "--retreat-after", "1", NULL);
  g_autoptr(CliResult) none = run_cli ("ti4", NULL);
  g_autoptr(CliResult) unknown = run_cli ("ti4", "oods", NULL);

  assert_failure (missing, 2, "missing --defender");
  assert_failure (ground_retreat, 2, "a ground combat has no retreats (LRR 48)");
  assert_failure (none, 2, "no command given");
  assert_failure (unknown, 2, "unknown command “oods”");
  g_assert_nonnull (strstr (unknown->err, "admiralty-cli ti4 --help"));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/cli/ti4/odds/LRR-39.10/text", test_odds_text);
  g_test_add_func ("/data/cli/ti4/odds/LRR-39.10/json", test_odds_json);
  g_test_add_func ("/data/cli/ti4/odds/LRR-39.4.b/retreat-and-ground",
                   test_odds_retreat_and_ground);
  g_test_add_func ("/data/cli/ti4/odds/bad-input", test_odds_bad_input);
  g_test_add_func ("/data/cli/ti4/usage", test_usage);

  return g_test_run ();
}
