/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-journal.c: `admiralty-cli journal`, `undo` and `redo` on the three files that keep
 * a journal — a campaign, a saved battle, a saved TI4 combat: undo and redo are
 * entries of their own, nothing is ever removed, the file is saved; a missing file, a file that
 * keeps no journal and nothing to undo are refused with the file named and leave it as it was. */

#include "config.h"

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* The "entries" of `journal FILE --json`. */
static JsonArray *
journal_entries (const char *path)
{
  g_autoptr(CliResult) result = run_cli ("journal", path, "--json", NULL);
  g_autoptr(JsonObject) root = NULL;

  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  g_assert_cmpstr (json_object_get_string_member (root, "file"), ==, path);
  return json_array_ref (json_object_get_array_member (root, "entries"));
}

static JsonObject *
entry (JsonArray *entries,
       guint      i)
{
  return json_array_get_object_element (entries, i);
}

/* Undo, then redo, of the last action of @path: each is an entry at the journal's end, the
 * entries before them stay as they were (compared as JSON text), the undone action is listed
 * with done false until it is redone, and the text listing says so. */
static void
assert_undo_redo_kept (const char *path)
{
  g_autoptr(JsonArray) before = journal_entries (path);
  g_autoptr(JsonArray) undone = NULL;
  g_autoptr(JsonArray) redone = NULL;
  g_autoptr(CliResult) undo = run_cli ("undo", path, NULL);
  g_autoptr(CliResult) listing = NULL;
  g_autoptr(CliResult) redo = NULL;
  guint n = json_array_get_length (before);
  guint last = 0;
  gint64 id;
  g_autofree char *description = NULL;
  g_autofree char *said = NULL;
  g_autofree char *line = NULL;

  g_assert_cmpuint (n, >, 0);
  /* The last action in effect: the last entry of kind "action" (none of these files has
   * undone anything yet). */
  for (guint i = 0; i < n; i++)
    if (g_str_equal (json_object_get_string_member (entry (before, i), "kind"), "action"))
      last = i;
  id = json_object_get_int_member (entry (before, last), "action");
  description = g_strdup (json_object_get_string_member (entry (before, last), "description"));
  g_assert_true (json_object_get_boolean_member (entry (before, last), "done"));

  g_test_message ("%s", undo->err);
  g_assert_cmpint (undo->status, ==, 0);
  said = g_strdup_printf ("Undid action %" G_GINT64_FORMAT ": %s\n", id, description);
  g_assert_cmpstr (undo->out, ==, said);

  undone = journal_entries (path);
  g_assert_cmpuint (json_array_get_length (undone), ==, n + 1);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JsonNode) a = json_node_init_object (json_node_alloc (), entry (before, i));
      g_autoptr(JsonNode) b = json_node_init_object (json_node_alloc (), entry (undone, i));

      if (i == last)
        {
          /* The same action, now not in effect: nothing of it is gone. */
          g_assert_false (json_object_get_boolean_member (entry (undone, i), "done"));
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (entry (undone, i), "events")),
                            ==,
                            json_array_get_length (json_object_get_array_member (entry (before, i), "events")));
          continue;
        }
      g_assert_true (json_node_equal (a, b));
    }
  g_assert_cmpstr (json_object_get_string_member (entry (undone, n), "kind"), ==, "undo");
  g_assert_cmpint (json_object_get_int_member (entry (undone, n), "action"), ==, id);
  g_assert_cmpstr (json_object_get_string_member (entry (undone, n), "description"), ==,
                   description);

  listing = run_cli ("journal", path, NULL);
  g_assert_cmpint (listing->status, ==, 0);
  line = g_strdup_printf ("  undo of action %" G_GINT64_FORMAT ": %s\n", id, description);
  g_assert_nonnull (strstr (listing->out, line));
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("  action %" G_GINT64_FORMAT ": %s (", id, description);
  g_assert_nonnull (strstr (listing->out, line));
  g_assert_nonnull (strstr (listing->out, "), undone\n"));

  redo = run_cli ("redo", path, NULL);
  g_assert_cmpint (redo->status, ==, 0);
  g_clear_pointer (&said, g_free);
  said = g_strdup_printf ("Redid action %" G_GINT64_FORMAT ": %s\n", id, description);
  g_assert_cmpstr (redo->out, ==, said);
  redone = journal_entries (path);
  g_assert_cmpuint (json_array_get_length (redone), ==, n + 2);
  g_assert_true (json_object_get_boolean_member (entry (redone, last), "done"));
  g_assert_cmpstr (json_object_get_string_member (entry (redone, n + 1), "kind"), ==, "redo");
  g_assert_cmpint (json_object_get_int_member (entry (redone, n + 1), "action"), ==, id);
}

/* Nothing to redo: refused, the file byte for byte as it was. */
static void
assert_nothing_to_redo (const char *path)
{
  g_autofree char *before = file_contents (path);
  g_autofree char *after = NULL;
  g_autoptr(CliResult) redo = run_cli ("redo", path, NULL);

  assert_failure (redo, 1, "nothing to redo");
  after = file_contents (path);
  g_assert_cmpstr (after, ==, before);
}

static void
test_campaign (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-journal-XXXXXX", NULL);
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *sheets = source_path ("scenarios/komarr-campaign.sheets",
                                         "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autoptr(CliResult) cycle = run_cli ("cycle", scenario, "--orders", sheets, "--save", path,
                                        "--seed", "7", NULL);

  g_test_message ("%s", cycle->err);
  g_assert_cmpint (cycle->status, ==, 0);
  assert_undo_redo_kept (path);
  assert_nothing_to_redo (path);
  remove_tree (dir);
}

static void
test_battle (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-journal-XXXXXX", NULL);
  g_autofree char *setup = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autofree char *path = g_build_filename (dir, "duel.game.xml", NULL);
  g_autoptr(CliResult) battle = run_cli ("battle", setup, "--turns", "1", "--seed", "3",
                                         "--save", path, NULL);

  g_test_message ("%s", battle->err);
  g_assert_cmpint (battle->status, ==, 0);
  assert_undo_redo_kept (path);
  assert_nothing_to_redo (path);
  remove_tree (dir);
}

static void
test_ti4 (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "combat.ti4.xml", NULL);
  g_autoptr(CliResult) combat = run_cli ("ti4", "battle", "--attacker", "cruiser=1",
                                         "--defender", "destroyer=1", "--seed", "7",
                                         "--save", path, NULL);

  g_test_message ("%s", combat->err);
  g_assert_cmpint (combat->status, ==, 0);
  assert_undo_redo_kept (path);
  assert_nothing_to_redo (path);
  remove_tree (dir);
}

/* A tired master's wrong file: missing, a folder, a battle's set-up (no journal), empty. Each
 * is refused on stderr with the file named, exit status 1, and nothing written. */
static void
test_wrong_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-journal-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-campaign.admiralty", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.xml", NULL);
  g_autofree char *setup = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autofree char *setup_before = file_contents (setup);
  const char *commands[] = { "journal", "undo", "redo" };

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autoptr(CliResult) no_file = run_cli (commands[c], missing, NULL);
      g_autoptr(CliResult) folder = run_cli (commands[c], dir, NULL);
      g_autoptr(CliResult) not_journal = run_cli (commands[c], setup, NULL);
      g_autoptr(CliResult) nothing = run_cli (commands[c], empty, NULL);

      assert_failure (no_file, 1, missing);
      assert_failure (no_file, 1, "No such file");
      assert_failure (folder, 1, dir);
      assert_failure (not_journal, 1, "not a campaign, a saved battle or a saved Twilight "
                                      "Imperium combat");
      assert_failure (nothing, 1, empty);
    }
  /* Nothing was made or changed. */
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  {
    g_autofree char *setup_after = file_contents (setup);

    g_assert_cmpstr (setup_after, ==, setup_before);
  }
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/journal/campaign", test_campaign);
  g_test_add_func ("/cli/journal/battle", test_battle);
  g_test_add_func ("/cli/journal/ti4", test_ti4);
  g_test_add_func ("/cli/journal/wrong-files", test_wrong_files);

  return g_test_run ();
}
