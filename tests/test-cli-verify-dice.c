/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-verify-dice.c: `admiralty-cli verify-dice CAMPAIGN ENGAGEMENT` (docs/dice.md) — a
 * campaign battle fought with program dice shows its commitment; its secret is not in the
 * campaign file while it is fought; the ending reveals it and every roll checks; a journal with
 * one die changed by hand is refused naming that roll; --as SIDE and --json, --as public the
 * public of the campaign's map; the engagement named by the first 16 digits of its dice
 * commitment, as the admirals' portal pages print it; bad arguments. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* The "commitment" member of a battle's --json output. */
static char *
commitment_of (const char *out)
{
  g_autoptr(JsonObject) root = parse_json (out);

  g_assert_true (json_object_has_member (root, "commitment"));
  return g_strdup (json_object_get_string_member (root, "commitment"));
}

/* What most tests here start from: Komarr after cycle 1's sheets in a folder of its own
 * (returned; the campaign's path in *@path) and engagement c1-3 fought from its orders file
 * for @turns turns, with the arguments after it up to NULL (--seed, --json, --dice), into
 * *@fight. */
static char *
fight_c1_3 (char       **path,
            CliResult  **fight,
            const char  *turns,
            ...) G_GNUC_NULL_TERMINATED;

static char *
fight_c1_3 (char       **path,
            CliResult  **fight,
            const char  *turns,
            ...)
{
  char *folder = cli_komarr_after_sheets ("admiralty-cli-verify-dice", path);
  g_autofree char *orders = source_path ("tests/data/campaign-battles",
                                         "komarr-c1-3.orders.xml", NULL);
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char * const first[] = { "battle", *path, "--engagement", "c1-3", "--orders", orders,
                                 "--turns", turns };
  va_list more;

  for (guint i = 0; i < G_N_ELEMENTS (first); i++)
    g_ptr_array_add (args, (char *) first[i]);
  va_start (more, turns);
  for (const char *arg = va_arg (more, const char *); arg != NULL;
       arg = va_arg (more, const char *))
    g_ptr_array_add (args, (char *) arg);
  va_end (more);
  g_ptr_array_add (args, NULL);
  *fight = run_cli_strv ((const char * const *) args->pdata);
  return folder;
}

/* Fought, kept, ended: the secret appears only at the end, and every roll then checks. */
static void
test_honest_battle (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CliResult) fight = NULL;
  g_autofree char *folder = fight_c1_3 (&path, &fight, "3", "--json", NULL);
  g_autofree char *commitment = NULL, *secret_path = NULL, *secret = NULL, *during = NULL;
  g_autofree char *after = NULL;

  g_test_message ("%s", fight->err);
  g_assert_cmpint (fight->status, ==, 0);
  commitment = commitment_of (fight->out);
  g_assert_true (adm_dice_hex_is_valid (commitment));

  /* The secret is in the master's private folder, and nowhere in the campaign file. */
  secret_path = adm_dice_secret_path (commitment);
  secret = file_contents (secret_path);
  g_strstrip (secret);
  g_assert_cmpuint (strlen (secret), ==, ADM_DICE_HEX_LENGTH);
  during = file_contents (path);
  g_assert_nonnull (strstr (during, commitment));
  g_assert_null (strstr (during, secret));

  {
    g_autoptr(CliResult) early = run_cli ("verify-dice", path, "c1-3", NULL);

    g_assert_cmpint (early->status, ==, 0);
    g_assert_nonnull (strstr (early->out, commitment));
    g_assert_nonnull (strstr (early->out, "secret not revealed"));
    g_assert_nonnull (strstr (early->out, "checked once the battle ends"));
    g_assert_null (strstr (early->out, secret));
  }

  {
    g_autoptr(CliResult) end = run_cli ("battle", path, "--engagement", "c1-3", "--end", NULL);
    g_autoptr(CliResult) check = NULL;
    g_autoptr(CliResult) json = NULL;
    g_autoptr(JsonObject) root = NULL;
    JsonArray *rolls;

    g_assert_cmpint (end->status, ==, 0);
    after = file_contents (path);
    g_assert_nonnull (strstr (after, secret));
    g_assert_false (g_file_test (secret_path, G_FILE_TEST_EXISTS));

    check = run_cli ("verify-dice", path, "c1-3", NULL);
    g_test_message ("%s%s", check->out, check->err);
    g_assert_cmpint (check->status, ==, 0);
    g_assert_nonnull (strstr (check->out, secret));
    g_assert_null (strstr (check->out, "DOES NOT MATCH"));
    g_assert_nonnull (strstr (check->out, "program rolls match their commitment"));

    json = run_cli ("verify-dice", path, "c1-3", "--json", NULL);
    g_assert_cmpint (json->status, ==, 0);
    root = parse_json (json->out);
    rolls = json_object_get_array_member (root, "rolls");
    g_assert_cmpuint (json_array_get_length (rolls), >, 0);
    g_assert_cmpint (json_object_get_int_member (root, "matched"), ==,
                     json_array_get_length (rolls));
    g_assert_true (json_object_get_null_member (root, "first_mismatch"));
    for (guint i = 0; i < json_array_get_length (rolls); i++)
      {
        JsonObject *roll = json_array_get_object_element (rolls, i);

        g_assert_cmpint (json_object_get_int_member (roll, "roll"), ==, i + 1);
        g_assert_cmpstr (json_object_get_string_member (roll, "verdict"), ==, "match");
      }
  }
  cli_remove_folder (folder);
}

/* One die of the journal changed by hand (the fifth roll, a hulk's drift): refused, naming it;
 * the rolls before it match. */
static void
test_tampered_journal (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CliResult) fight = NULL;
  g_autofree char *folder = fight_c1_3 (&path, &fight, "3", "--seed", "11", NULL);
  g_autoptr(CliResult) end = run_cli ("battle", path, "--engagement", "c1-3", "--end", NULL);
  g_autoptr(CliResult) check = NULL, json = NULL;
  g_autoptr(JsonObject) root = NULL;
  g_autofree char *text = NULL, *tampered = NULL, *expected = NULL;
  guint n;

  g_assert_cmpint (fight->status, ==, 0);
  g_assert_cmpint (end->status, ==, 0);
  text = file_contents (path);
  /* The last die of the battle's last program roll, turned to another face. */
  tampered = g_build_filename (folder, "tampered.admiralty", NULL);
  n = cli_tamper_last_program_roll (text, tampered, 0, NULL);
  g_assert_cmpuint (n, >, 1);

  check = run_cli ("verify-dice", tampered, "c1-3", NULL);
  g_test_message ("%s%s", check->out, check->err);
  g_assert_cmpint (check->status, ==, 1);
  expected = g_strdup_printf ("Roll %u does not match its commitment", n);
  g_assert_nonnull (strstr (check->out, expected));

  json = run_cli ("verify-dice", tampered, "c1-3", "--json", NULL);
  g_assert_cmpint (json->status, ==, 1);
  root = parse_json (json->out);
  g_assert_cmpint (json_object_get_int_member (root, "first_mismatch"), ==, n);
  g_assert_cmpint (json_object_get_int_member (root, "matched"), ==, n - 1);
  cli_remove_folder (folder);
}

/* F-STRAT-3: --as public is the public of the campaign's map. The Autumn Screen, hidden,
 * fights the Aslund Minelayer at Hegen Hub (c1-2), a fight the public is not told of: its
 * rolls, which name the Autumn Screen ("ECM attack of Aslund against Autumn Screen"), are
 * Aslund's to check, not the public's. */
static void
test_public_of_campaign (void)
{
  g_autofree char *path = NULL;
  g_autofree char *folder = cli_komarr_after_sheets ("admiralty-cli-verify-dice", &path);
  g_autoptr(CliResult) fight = run_cli ("battle", path, "--engagement", "c1-2", "--turns", "2",
                                        "--seed", "3", NULL);
  g_autoptr(CliResult) end = NULL, aslund = NULL, public = NULL, public_json = NULL;

  g_assert_cmpint (fight->status, ==, 0);
  end = run_cli ("battle", path, "--engagement", "c1-2", "--end", "--reason", "parted", NULL);
  g_assert_cmpint (end->status, ==, 0);
  aslund = run_cli ("verify-dice", path, "c1-2", "--as", "aslund", NULL);
  public = run_cli ("verify-dice", path, "c1-2", "--as", "public", NULL);
  public_json = run_cli ("verify-dice", path, "c1-2", "--as", "public", "--json", NULL);
  g_assert_cmpint (aslund->status, ==, 0);
  g_assert_cmpint (public->status, ==, 0);
  g_assert_cmpint (public_json->status, ==, 0);
  g_assert_nonnull (strstr (aslund->out, "Autumn Screen"));
  g_assert_null (strstr (public->out, "Autumn Screen"));
  g_assert_null (strstr (public->out, "Roll 1"));
  g_assert_null (strstr (public_json->out, "Autumn Screen"));
  g_assert_null (strstr (public_json->out, "autumn-screen"));
  cli_remove_folder (folder);
}

/* F-STRAT-3: the admirals are not told engagement ids (their numbering would show fights of
 * other sides), so their portal pages name a battle by the first 16 digits of its dice
 * commitment. Those digits, in either case, or the whole commitment, name the engagement as its
 * id does: the same output, text and JSON, --as SIDE too. */
static void
test_named_by_commitment (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CliResult) fight = NULL;
  g_autofree char *folder = fight_c1_3 (&path, &fight, "3", "--json", NULL);
  g_autoptr(CliResult) end = NULL;
  g_autofree char *commitment = NULL, *prefix = NULL, *upper = NULL;
  const char *names[3];

  g_assert_cmpint (fight->status, ==, 0);
  commitment = commitment_of (fight->out);
  end = run_cli ("battle", path, "--engagement", "c1-3", "--end", NULL);
  g_assert_cmpint (end->status, ==, 0);
  prefix = g_strndup (commitment, 16);
  upper = g_ascii_strup (prefix, -1);
  g_assert_cmpstr (upper, !=, prefix);
  names[0] = prefix;
  names[1] = upper;
  names[2] = commitment;

  {
    g_autoptr(CliResult) by_id = run_cli ("verify-dice", path, "c1-3", NULL);
    g_autoptr(CliResult) by_id_json = run_cli ("verify-dice", path, "c1-3", "--json", NULL);
    g_autoptr(CliResult) by_id_side = run_cli ("verify-dice", path, "c1-3", "--as", "pol",
                                               NULL);

    g_assert_cmpint (by_id->status, ==, 0);
    g_assert_cmpint (by_id_json->status, ==, 0);
    g_assert_cmpint (by_id_side->status, ==, 0);
    g_assert_nonnull (strstr (by_id->out, "Dice of engagement c1-3"));
    g_assert_nonnull (strstr (by_id->out, "program rolls match their commitment"));
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autoptr(CliResult) text = run_cli ("verify-dice", path, names[i], NULL);
        g_autoptr(CliResult) json = run_cli ("verify-dice", path, names[i], "--json", NULL);
        g_autoptr(CliResult) side = run_cli ("verify-dice", path, names[i], "--as", "pol",
                                             NULL);

        g_test_message ("%s: %s", names[i], text->err);
        g_assert_cmpint (text->status, ==, 0);
        g_assert_cmpstr (text->out, ==, by_id->out);
        g_assert_cmpstr (text->err, ==, by_id->err);
        g_assert_cmpint (json->status, ==, 0);
        g_assert_cmpstr (json->out, ==, by_id_json->out);
        g_assert_cmpint (side->status, ==, 0);
        g_assert_cmpstr (side->out, ==, by_id_side->out);
      }
  }
  cli_remove_folder (folder);
}

/* F-STRAT-3: fewer than 16 digits, or 16 that begin no battle's commitment, are refused as an
 * unknown id is (exit 1), saying how an engagement is named and naming what is wrong, and with
 * no commitment of the campaign in the message; two battles whose commitments begin alike (two
 * fought with the same seed have the same commitment) are refused as ambiguous. */
static void
test_commitment_refusals (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CliResult) fight = NULL;
  g_autofree char *folder = fight_c1_3 (&path, &fight, "2", "--seed", "5", "--json", NULL);
  g_autoptr(CliResult) short_digits = NULL, other = NULL, other_json = NULL, by_id = NULL;
  g_autoptr(CliResult) second = NULL, ambiguous = NULL, whole = NULL, still = NULL;
  g_autoptr(JsonObject) root = NULL;
  g_autofree char *commitment = NULL, *fifteen = NULL, *wrong = NULL, *expected = NULL;
  g_autofree char *prefix = NULL, *same = NULL, *before = NULL, *after = NULL;

  g_assert_cmpint (fight->status, ==, 0);
  commitment = commitment_of (fight->out);
  before = file_contents (path);

  /* Fifteen digits of the commitment: too few, though they begin it. */
  fifteen = g_strndup (commitment, 15);
  short_digits = run_cli ("verify-dice", path, fifteen, NULL);
  assert_failure (short_digits, 1, "There is no engagement");
  g_assert_nonnull (strstr (short_digits->err, fifteen));
  g_assert_nonnull (strstr (short_digits->err, "the first 16 digits of its dice commitment"));
  g_assert_nonnull (strstr (short_digits->err, "15 digits are too few"));
  g_assert_nonnull (strstr (short_digits->err, "c1-3"));

  /* Sixteen digits that begin no commitment: the first one changed. */
  wrong = g_strndup (commitment, 16);
  wrong[0] = wrong[0] == '0' ? '1' : '0';
  other = run_cli ("verify-dice", path, wrong, NULL);
  expected = g_strdup_printf ("no battle's dice commitment begins with “%s”", wrong);
  assert_failure (other, 1, expected);
  g_assert_nonnull (strstr (other->err, "an engagement is named by its id or by the first 16 "
                                        "digits of its dice commitment"));
  other_json = run_cli ("verify-dice", path, wrong, "--json", NULL);
  g_assert_cmpint (other_json->status, ==, 1);
  root = parse_json (other_json->out);
  g_assert_nonnull (strstr (json_object_get_string_member (root, "error"), expected));

  /* An unknown id says so too; no refusal shows the commitment it did not match. */
  by_id = run_cli ("verify-dice", path, "c9-9", NULL);
  assert_failure (by_id, 1, "There is no engagement “c9-9”");
  g_assert_nonnull (strstr (by_id->err, "the first 16 digits of its dice commitment"));
  prefix = g_strndup (commitment, 16);
  g_assert_null (strstr (short_digits->err, prefix));
  g_assert_null (strstr (other->err, prefix));
  g_assert_null (strstr (other_json->out, prefix));
  g_assert_null (strstr (by_id->err, prefix));
  after = file_contents (path);
  g_assert_cmpstr (before, ==, after);

  /* c1-2 fought with the same seed commits to the same secret: its digits name both. */
  second = run_cli ("battle", path, "--engagement", "c1-2", "--turns", "1", "--seed", "5",
                    "--json", NULL);
  g_test_message ("%s", second->err);
  g_assert_cmpint (second->status, ==, 0);
  same = commitment_of (second->out);
  g_assert_cmpstr (same, ==, commitment);
  ambiguous = run_cli ("verify-dice", path, prefix, NULL);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("“%s” is ambiguous: the dice commitments of engagements c1-2, "
                              "c1-3 begin with it", prefix);
  assert_failure (ambiguous, 1, expected);
  whole = run_cli ("verify-dice", path, commitment, NULL);
  assert_failure (whole, 1, "is ambiguous");
  still = run_cli ("verify-dice", path, "c1-3", NULL);
  g_assert_cmpint (still->status, ==, 0);
  g_assert_nonnull (strstr (still->out, "Dice of engagement c1-3"));
  cli_remove_folder (folder);
}

/* --as SIDE lists the rolls that side may see under their own numbers (the audience filter;
 * test-dice.c has a battle where a side sees fewer); bad arguments are refused, the file
 * untouched. */
static void
test_side_and_refusals (void)
{
  g_autofree char *path = NULL;
  g_autoptr(CliResult) fight = NULL;
  g_autofree char *folder = fight_c1_3 (&path, &fight, "2", NULL);
  g_autoptr(CliResult) side = run_cli ("verify-dice", path, "c1-3", "--as", "pol", "--json",
                                       NULL);
  g_autoptr(CliResult) nobody = run_cli ("verify-dice", path, "c1-3", "--as", "klingons",
                                         NULL);
  g_autoptr(CliResult) unknown = run_cli ("verify-dice", path, "c9-9", NULL);
  g_autoptr(CliResult) unfought = run_cli ("verify-dice", path, "c1-1", NULL);
  g_autoptr(CliResult) missing = run_cli ("verify-dice", path, NULL);
  g_autoptr(JsonObject) root = NULL;
  g_autofree char *before = file_contents (path);
  g_autofree char *after = NULL;
  JsonArray *rolls;

  g_assert_cmpint (fight->status, ==, 0);
  g_assert_cmpint (side->status, ==, 0);
  root = parse_json (side->out);
  rolls = json_object_get_array_member (root, "rolls");
  for (guint i = 0; i < json_array_get_length (rolls); i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (rolls, i),
                                                    "verdict"), ==, "not-revealed");
  g_assert_true (json_object_get_null_member (
    json_array_get_object_element (json_object_get_array_member (root, "commitments"), 0),
    "secret"));
  assert_failure (nobody, 2, "klingons");
  assert_failure (unknown, 1, "c9-9");
  assert_failure (unfought, 1, "no battle");
  assert_failure (missing, 2, "no engagement given");
  after = file_contents (path);
  g_assert_cmpstr (before, ==, after);
  cli_remove_folder (folder);
}

/* Dice typed in (--dice) are listed as typed and not checked; a battle with no program dice has
 * no commitment, as a battle of an older file has none. */
static void
test_typed_dice (void)
{
  g_autofree char *path = NULL, *folder = NULL;
  g_autoptr(GString) values = g_string_new (NULL);
  g_autoptr(CliResult) fight = NULL, check = NULL, json = NULL;
  g_autoptr(JsonObject) root = NULL;
  JsonArray *rolls;

  for (guint i = 0; i < 400; i++)
    g_string_append (values, i > 0 ? " 3" : "3");
  folder = fight_c1_3 (&path, &fight, "3", "--dice", values->str, NULL);
  g_test_message ("%s", fight->err);
  g_assert_cmpint (fight->status, ==, 0);
  check = run_cli ("verify-dice", path, "c1-3", NULL);
  g_assert_cmpint (check->status, ==, 0);
  g_assert_nonnull (strstr (check->out, "No commitment"));
  g_assert_nonnull (strstr (check->out, "typed in, not checked"));
  json = run_cli ("verify-dice", path, "c1-3", "--json", NULL);
  root = parse_json (json->out);
  rolls = json_object_get_array_member (root, "rolls");
  g_assert_cmpuint (json_array_get_length (rolls), >, 0);
  g_assert_cmpint (json_object_get_int_member (root, "typed"), ==, json_array_get_length (rolls));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "commitments")),
                    ==, 0);
  for (guint i = 0; i < json_array_get_length (rolls); i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (rolls, i),
                                                    "verdict"), ==, "typed");
  cli_remove_folder (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/verify-dice/honest-battle", test_honest_battle);
  g_test_add_func ("/cli/verify-dice/tampered-journal", test_tampered_journal);
  g_test_add_func ("/cli/verify-dice/side-and-refusals", test_side_and_refusals);
  g_test_add_func ("/cli/verify-dice/F-STRAT-3/public-of-campaign", test_public_of_campaign);
  g_test_add_func ("/cli/verify-dice/typed-dice", test_typed_dice);
  g_test_add_func ("/cli/verify-dice/F-STRAT-3/named-by-commitment", test_named_by_commitment);
  g_test_add_func ("/cli/verify-dice/F-STRAT-3/commitment-refusals", test_commitment_refusals);
  return g_test_run ();
}
