/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-refusals.c: numbers in range or refused, and refusals that point at the fault —
 * one range per quantity in files and options, seeds 64-bit and lossless in JSON, a missing
 * campaign or battle named with its newest backup, an order sheet's fault on its own line. */

#include "config.h"

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-file.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* The whole of stderr: the refusal, exactly. */
static void
assert_refusal (CliResult  *result,
                int         status,
                const char *message)
{
  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, status);
  g_assert_cmpstr (result->err, ==, message);
}

/* F-RDY-1: the one range 0–12, as scenario.rng and battle.rng have it. */
static void
test_readiness_option (void)
{
  g_autoptr(CliResult) high = run_cli ("table", "readiness", "--readiness", "999", NULL);
  g_autoptr(CliResult) low = run_cli ("table", "readiness", "--readiness", "-5", NULL);
  g_autoptr(CliResult) json = run_cli ("table", "readiness", "--readiness", "13", "--json", NULL);
  g_autoptr(CliResult) zero = run_cli ("table", "readiness", "--readiness", "0", NULL);
  g_autoptr(CliResult) twelve = run_cli ("table", "readiness", "--readiness", "12", NULL);
  g_autoptr(JsonObject) error = NULL;

  assert_refusal (high, 1, "admiralty-cli: --readiness is 999; it must be a whole number 0–12\n");
  g_assert_cmpstr (high->out, ==, "");
  assert_refusal (low, 1, "admiralty-cli: --readiness is -5; it must be a whole number 0–12\n");
  g_assert_cmpint (json->status, ==, 1);
  error = parse_json (json->out);
  g_assert_cmpstr (json_object_get_string_member (error, "error"), ==,
                   "--readiness is 13; it must be a whole number 0–12");
  g_assert_cmpint (zero->status, ==, 0);
  g_assert_cmpint (twelve->status, ==, 0);
}

/* A readiness of 999 in a scenario and in a battle file: the attribute, its value, the range. */
static void
test_readiness_in_files (void)
{
  g_autofree char *scenario = source_path ("tests/data/xml-broken",
                                           "scenario-readiness-999.admiralty", NULL);
  g_autofree char *battle = source_path ("tests/data/xml-broken", "battle-readiness-999.xml", NULL);
  g_autoptr(CliResult) s = run_cli ("validate", scenario, NULL);
  g_autoptr(CliResult) b = run_cli ("battle", battle, NULL);
  g_autofree char *s_expected = g_strdup_printf ("%s:22: <ship> readiness is 999; it must be a "
                                                 "whole number 0–12\n", scenario);
  /* The battle loader names the file by its base name. */
  const char *b_expected = "admiralty-cli: battle-readiness-999.xml:10: <ship> readiness is 999; "
                           "it must be a whole number 0–12\n";

  assert_refusal (s, 1, s_expected);
  assert_refusal (b, 1, b_expected);
}

#define MAX_SEED "18446744073709551615"

static JsonNode *
battle_seed (const char *seed)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autoptr(CliResult) result = run_cli ("battle", battle, "--seed", seed, "--json", NULL);
  g_autoptr(JsonObject) root = NULL;

  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  return json_node_copy (json_object_get_member (root, "seed"));
}

/* Seeds are 64-bit: beyond is refused, never clamped; JSON keeps them exactly — a number below
 * 2^53, the digits as a string from 2^53 on — and gives back what --seed takes. */
static void
test_seeds (void)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autofree char *too_large = source_path ("tests/data/cli-refusals",
                                            "battle-seed-too-large.xml", NULL);
  g_autoptr(CliResult) over = run_cli ("battle", battle, "--seed", "18446744073709551616", NULL);
  g_autoptr(CliResult) file = run_cli ("battle", too_large, NULL);
  g_autoptr(CliResult) cycle = run_cli ("cycle", battle, "--seed", "99999999999999999999", NULL);
  g_autoptr(CliResult) ti4 = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                      "--defender", "destroyer=1", "--seed",
                                      "18446744073709551616", NULL);
  g_autoptr(CliResult) ti4_max = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                          "--defender", "destroyer=1", "--seed", MAX_SEED,
                                          "--json", NULL);
  g_autoptr(JsonNode) below = battle_seed ("9007199254740991");
  g_autoptr(JsonNode) at = battle_seed ("9007199254740992");
  g_autoptr(JsonNode) max = battle_seed (MAX_SEED);
  g_autoptr(JsonObject) ti4_root = NULL;
  /* The battle loader names the file by its base name. */
  const char *file_expected = "admiralty-cli: battle-seed-too-large.xml:2: <battle> seed is "
                              "18446744073709551616; it must be a whole number 0–" MAX_SEED "\n";

  assert_refusal (over, 1, "admiralty-cli: --seed “18446744073709551616” is not a seed; give a "
                           "whole number 0–" MAX_SEED "\n");
  assert_refusal (file, 1, file_expected);
  g_assert_cmpint (cycle->status, ==, 2);
  g_assert_true (g_str_has_prefix (cycle->err, "admiralty-cli cycle: --seed "
                                   "“99999999999999999999” is not a seed; give a whole number "
                                   "0–" MAX_SEED "\n"));
  g_assert_cmpint (ti4->status, ==, 2);
  g_assert_nonnull (strstr (ti4->err, "--seed “18446744073709551616” is not a seed; give a "
                                      "whole number 0–" MAX_SEED));

  g_assert_cmpint (json_node_get_value_type (below), ==, G_TYPE_INT64);
  g_assert_cmpint (json_node_get_int (below), ==, G_GINT64_CONSTANT (9007199254740991));
  g_assert_cmpint (json_node_get_value_type (at), ==, G_TYPE_STRING);
  g_assert_cmpstr (json_node_get_string (at), ==, "9007199254740992");
  g_assert_cmpint (json_node_get_value_type (max), ==, G_TYPE_STRING);
  g_assert_cmpstr (json_node_get_string (max), ==, MAX_SEED);

  g_assert_cmpint (ti4_max->status, ==, 0);
  ti4_root = parse_json (ti4_max->out);
  g_assert_cmpstr (json_object_get_string_member (ti4_root, "seed"), ==, MAX_SEED);
}

/* A campaign or saved battle that is gone names its newest backup that opens, in every
 * command that opens one, as a damaged one does. */
static void
test_missing_with_backup (void)
{
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *sheet = source_path ("scenarios/komarr-campaign.sheets",
                                        "komarr-cycle-2-radovan.xml", NULL);
  g_autofree char *sheet1 = source_path ("scenarios/komarr-campaign.sheets",
                                         "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-refusals-XXXXXX", &error);
  g_autofree char *campaign = g_build_filename (dir, "war.admiralty", NULL);
  g_autofree char *campaign_backup = adm_campaign_backup_path (campaign, 1);
  g_autofree char *game = g_build_filename (dir, "game.xml", NULL);
  g_autofree char *game_backup = adm_battle_backup_path (game, 1);
  g_autoptr(CliResult) start = NULL, again = NULL, first = NULL, on = NULL;
  g_autoptr(CliResult) cycle = NULL, report = NULL, validate = NULL, play = NULL, check = NULL;
  g_autofree char *cycle_expected = NULL, *validate_expected = NULL, *play_expected = NULL;

  g_assert_no_error (error);
  /* Two cycles and two saves: a backup each, then the files go. */
  start = run_cli ("cycle", scenario, "--orders", sheet1, "--save", campaign, NULL);
  g_assert_cmpint (start->status, ==, 0);
  again = run_cli ("cycle", campaign, "--orders", sheet, NULL);
  g_assert_cmpint (again->status, ==, 0);
  first = run_cli ("battle", battle, "--save", game, NULL);
  g_assert_cmpint (first->status, ==, 0);
  on = run_cli ("battle", game, "--save", game, NULL);
  g_assert_cmpint (on->status, ==, 0);
  g_assert_true (g_file_test (campaign_backup, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (game_backup, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (g_remove (campaign), ==, 0);
  g_assert_cmpint (g_remove (game), ==, 0);

  cycle = run_cli ("cycle", campaign, "--orders", sheet, NULL);
  report = run_cli ("report", campaign, "--kind", "master", "--text", NULL);
  validate = run_cli ("validate", campaign, NULL);
  play = run_cli ("battle", game, NULL);
  check = run_cli ("validate", game, NULL);
  cycle_expected = g_strdup_printf ("admiralty-cli: %s: cannot open the file: No such file or "
                                    "directory\nThe newest backup that opens is %s.\n",
                                    campaign, campaign_backup);
  validate_expected = g_strdup_printf ("%s: cannot open the file: No such file or directory\n"
                                       "%s: the newest backup that loads is %s; open it in "
                                       "Admiralty, or copy it to %s\n",
                                       campaign, campaign, campaign_backup, campaign);
  play_expected = g_strdup_printf ("admiralty-cli: %s: cannot open the file: No such file or "
                                   "directory\nThe newest backup that opens is %s.\n",
                                   game, game_backup);
  assert_refusal (cycle, 1, cycle_expected);
  assert_refusal (report, 1, cycle_expected);
  assert_refusal (validate, 1, validate_expected);
  assert_refusal (play, 1, play_expected);
  g_assert_cmpint (check->status, ==, 1);
  g_assert_nonnull (strstr (check->err, game_backup));

  for (guint n = 1; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *a = adm_campaign_backup_path (campaign, n);
      g_autofree char *b = adm_battle_backup_path (game, n);

      g_remove (a);
      g_remove (b);
    }
  /* The checkpoints the cycles kept (cycle-1, cycle-2). */
  {
    g_autoptr(GPtrArray) checkpoints = adm_file_list_checkpoints (campaign);
    g_autofree char *kept = adm_file_checkpoint_path (campaign, "cycle-1");
    g_autofree char *folder = g_path_get_dirname (kept);

    g_assert_cmpuint (checkpoints->len, ==, 2);
    for (guint i = 0; i < checkpoints->len; i++)
      g_assert_cmpint (g_remove (g_ptr_array_index (checkpoints, i)), ==, 0);
    g_assert_cmpint (g_rmdir (folder), ==, 0);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* validate reads an order sheet and names the line of its fault: line 2, the root's own line
 * (not the line the parser had read up to), and line 3 for an order. */
static void
test_order_sheet_lines (void)
{
  g_autofree char *line2 = source_path ("tests/data/cli-refusals",
                                        "order-sheet-fault-on-line-2.xml", NULL);
  g_autofree char *line3 = source_path ("tests/data/order-sheets", "bad-schema.xml", NULL);
  g_autofree char *good = source_path ("tests/data/order-sheets", "radovan-1.xml", NULL);
  g_autoptr(CliResult) a = run_cli ("validate", line2, NULL);
  g_autoptr(CliResult) b = run_cli ("validate", line3, NULL);
  g_autoptr(CliResult) c = run_cli ("validate", good, NULL);
  g_autofree char *a_expected = g_strdup_printf ("%s:2: <order-sheet> cycle is “first”; it must "
                                                 "be a whole number 1–2147483647\n", line2);
  g_autofree char *b_expected = g_strdup_printf ("%s:3: <order> order is “retreat”; it must be "
                                                 "one of “move”, “attack”, “defend”, “patrol”, "
                                                 "“lay-mines”, “sweep-mines”, “flagship”, "
                                                 "“instructions”, “form”, “detach”, “join”, "
                                                 "“disband”\n", line3);
  g_autofree char *c_expected = g_strdup_printf ("%s: valid (order sheet of radovan for cycle 1, "
                                                 "2 orders)\n", good);

  assert_refusal (a, 1, a_expected);
  assert_refusal (b, 1, b_expected);
  g_assert_cmpint (c->status, ==, 0);
  g_assert_cmpstr (c->out, ==, c_expected);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/refusals/F-RDY-1/readiness-option", test_readiness_option);
  g_test_add_func ("/cli/refusals/F-RDY-1/readiness-in-files", test_readiness_in_files);
  g_test_add_func ("/cli/refusals/seeds", test_seeds);
  g_test_add_func ("/cli/refusals/missing-file-names-backup", test_missing_with_backup);
  g_test_add_func ("/cli/refusals/order-sheet-lines", test_order_sheet_lines);

  return g_test_run ();
}
