/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-engagements.c: the campaign loop on the command line (issue 16) — `admiralty-cli
 * engagements` lists the queue (F-STRAT-4), `battle CAMPAIGN --engagement ID` fights one
 * inside the campaign file and `--end --reason` carries its results into the campaign; a side's
 * `--as` sees only its own engagements and no enemy strength (F-STRAT-3); refusals change no
 * file. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "cli-helpers.h"

static char *
source_path (const char *folder,
             const char *name)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), folder, name, NULL);
}

/* Cycle 1 of the Komarr campaign from its four sheets, saved in a new folder. */
static char *
cycle_one (char **folder)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty");
  g_autofree char *sheets = source_path ("tests/data", "order-sheets");
  g_autofree char *s1 = g_build_filename (sheets, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = g_build_filename (sheets, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = g_build_filename (sheets, "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autoptr(CliResult) result = NULL;
  char *path;

  *folder = g_dir_make_tmp ("admiralty-cli-engagements-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*folder, "komarr.admiralty", NULL);
  result = run_cli ("cycle", scenario, "--orders", s1, s2, s3, "--save", path, "--seed", "7",
                    NULL);
  g_assert_cmpint (result->status, ==, 0);
  return path;
}

static JsonObject *
engagement (JsonObject *root,
            const char *id)
{
  JsonArray *list = json_object_get_array_member (root, "engagements");

  for (guint i = 0; i < json_array_get_length (list); i++)
    {
      JsonObject *entry = json_array_get_object_element (list, i);

      if (g_str_equal (json_object_get_string_member (entry, "id"), id))
        return entry;
    }
  return NULL;
}

static void
test_loop (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = cycle_one (&folder);
  g_autofree char *orders = source_path ("tests/data/campaign-battles", "komarr-c1-3.orders.xml");
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(CliResult) list = run_cli ("engagements", path, "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonObject *entry;

  g_assert_cmpint (list->status, ==, 0);
  root = parse_json (list->out);
  entry = engagement (root, "c1-4");
  g_assert_nonnull (entry);
  g_assert_cmpstr (json_object_get_string_member (entry, "status"), ==, "waiting");
  g_assert_cmpfloat (json_object_get_double_member (entry, "minute"), ==, 40);
  g_clear_pointer (&root, json_object_unref);

  /* An engagement that is not there, or that waits: refused, the file untouched. */
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  {
    g_autoptr(CliResult) none = run_cli ("battle", path, "--engagement", "c9-9", NULL);
    g_autoptr(CliResult) waits = run_cli ("battle", path, "--engagement", "c1-4", NULL);

    assert_failure (none, 1, "the campaign has: c1-1, c1-2, c1-3, c1-4");
    assert_failure (waits, 1, "cannot be fought before c1-1");
  }
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);

  {
    g_autoptr(CliResult) fight = run_cli ("battle", path, "--engagement", "c1-3", "--orders",
                                          orders, "--turns", "3", "--seed", "5", NULL);
    g_autoptr(CliResult) end = NULL;
    g_autoptr(CliResult) again = NULL;
    g_autoptr(CliResult) after_end = NULL;
    g_autoptr(CliResult) cards = NULL;

    g_assert_cmpint (fight->status, ==, 0);
    g_assert_nonnull (strstr (fight->out, "burning-hulk"));
    end = run_cli ("battle", path, "--engagement", "c1-3", "--end", "--reason",
                   "Pol Six withdrew", NULL);
    g_assert_cmpint (end->status, ==, 0);
    after_end = run_cli ("engagements", path, "--json", NULL);
    root = parse_json (after_end->out);
    entry = engagement (root, "c1-3");
    g_assert_cmpstr (json_object_get_string_member (entry, "status"), ==, "finished");
    g_assert_cmpint (json_object_get_int_member (entry, "ended_turn"), ==, 3);
    g_assert_cmpstr (json_object_get_string_member (entry, "reason"), ==, "Pol Six withdrew");
    /* Read-only once ended. */
    again = run_cli ("battle", path, "--engagement", "c1-3", "--turns", "1", NULL);
    assert_failure (again, 1, "read-only");
    cards = run_cli ("report", path, "--kind", "cards", "--admiral", "radovan", "--text", NULL);
    g_assert_cmpint (cards->status, ==, 0);
    g_assert_null (strstr (cards->out, "Vigilant"));
    g_assert_nonnull (strstr (cards->out, "Hull: 2/3 (1 lost)"));
  }
  g_clear_pointer (&root, json_object_unref);

  /* Undone, the battle is in progress again, where it was. */
  {
    g_autoptr(CliResult) undo = run_cli ("undo", path, NULL);
    g_autoptr(CliResult) now = run_cli ("engagements", path, "--json", NULL);

    g_assert_cmpint (undo->status, ==, 0);
    root = parse_json (now->out);
    entry = engagement (root, "c1-3");
    g_assert_cmpstr (json_object_get_string_member (entry, "status"), ==, "in-progress");
    g_assert_cmpint (json_object_get_int_member (entry, "turn"), ==, 4);
  }
  g_clear_pointer (&root, json_object_unref);
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", folder);

    g_assert_cmpint (system (command), ==, 0);
  }
}

/* F-STRAT-3: Aslund hears of its own engagement only, with no enemy strength. */
static void
test_as_side (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = cycle_one (&folder);
  g_autoptr(CliResult) aslund = run_cli ("engagements", path, "--as", "aslund", "--json", NULL);
  g_autoptr(CliResult) text = run_cli ("engagements", path, "--as", "aslund", NULL);
  g_autoptr(CliResult) bad = run_cli ("engagements", path, "--as", "nobody", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonArray *list;

  g_assert_cmpint (aslund->status, ==, 0);
  root = parse_json (aslund->out);
  list = json_object_get_array_member (root, "engagements");
  g_assert_cmpuint (json_array_get_length (list), ==, 1);
  g_assert_nonnull (engagement (root, "c1-2"));
  g_assert_null (strstr (aslund->out, "Pol Cruiser Squadron"));
  g_assert_null (strstr (text->out, "Autumn Screen (Cetagandan Empire), 4"));
  g_assert_nonnull (strstr (text->out, "Aslund Minelayer (Aslund), 1 ship(s)"));
  assert_failure (bad, 2, "not master, public, an admiral or a faction");
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", folder);

    g_assert_cmpint (system (command), ==, 0);
  }
}

/* F-STRAT-3: `battle CAMPAIGN --engagement ID --as SIDE` shows that side's view and changes
 * no file — no turn played into the campaign, with or without --turns; --end and --save
 * with --as are refused. */
static void
test_as_changes_nothing (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = cycle_one (&folder);
  g_autofree char *before = NULL, *after = NULL;
  gsize before_length, after_length;
  GStatBuf stat_before, stat_after;

  g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));
  g_assert_cmpint (g_stat (path, &stat_before), ==, 0);
  {
    g_autoptr(CliResult) view = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                         "cetaganda", NULL);
    g_autoptr(CliResult) played = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                           "pol", "--turns", "2", "--json", NULL);
    g_autoptr(CliResult) end = run_cli ("battle", path, "--engagement", "c1-3", "--as",
                                        "public", "--end", NULL);
    g_autoptr(CliResult) list = run_cli ("engagements", path, "--json", NULL);
    g_autoptr(JsonObject) root = NULL;
    g_autoptr(JsonObject) played_root = NULL;

    g_assert_cmpint (view->status, ==, 0);
    g_assert_nonnull (strstr (view->out, "0 turns"));
    g_assert_cmpint (played->status, ==, 0);
    played_root = parse_json (played->out);
    g_assert_cmpstr (json_object_get_string_member (played_root, "as"), ==, "pol");
    assert_failure (end, 2, "changes no file");
    root = parse_json (list->out);
    g_assert_cmpstr (json_object_get_string_member (engagement (root, "c1-3"), "status"), !=,
                     "in-progress");
  }
  g_assert_true (g_file_get_contents (path, &after, &after_length, NULL));
  g_assert_cmpint (g_stat (path, &stat_after), ==, 0);
  g_assert_cmpmem (before, before_length, after, after_length);
  g_assert_cmpint (stat_before.st_mtim.tv_sec, ==, stat_after.st_mtim.tv_sec);
  g_assert_cmpint (stat_before.st_mtim.tv_nsec, ==, stat_after.st_mtim.tv_nsec);
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", folder);

    g_assert_cmpint (system (command), ==, 0);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/engagements/F-STRAT-4/loop", test_loop);
  g_test_add_func ("/cli/engagements/F-STRAT-3/as-side", test_as_side);
  g_test_add_func ("/cli/engagements/F-STRAT-3/as-changes-nothing", test_as_changes_nothing);
  return g_test_run ();
}
