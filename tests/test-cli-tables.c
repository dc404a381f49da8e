/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-tables.c: several masters, one campaign — `admiralty-cli table-assign` hands an
 * engagement of the Komarr campaign (after cycle 1, from its sheets) to another table and `table-take-back`
 * takes it back, each one journaled, undoable action. While the engagement is at a table the
 * chief master's own battle of it is refused (one writer per journal) and changes no byte of
 * the file; taken back, it is his to fight again. Refusals (no reason, not at a table,
 * already at a table, an ended battle, a battle begun here) exit 1 and change nothing.
 * CLI_PATH comes from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* The table the campaign file says @engagement_id is at, or NULL. */
static char *
table_of (const char *path,
          const char *engagement_id,
          char      **assignment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  const AdmTableAssignment *at;

  g_assert_no_error (error);
  at = adm_state_get_table (adm_campaign_get_state (campaign), engagement_id);
  if (assignment != NULL)
    *assignment = at != NULL ? g_strdup (at->id) : NULL;
  return at != NULL ? g_strdup (at->table) : NULL;
}

/* Handed to "Table 2": journaled with a new assignment id, printed as JSON; the chief's own
 * battle of it is refused and changes no byte; a second hand-off is refused. */
static void
test_assign_refuses_the_chief (CliCampaign   *fixture,
                               gconstpointer  data)
{
  g_autoptr(CliResult) assign = run_cli ("table-assign", fixture->campaign, "c1-3", "Table 2",
                                         "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  g_autofree char *table = NULL, *assignment = NULL, *before = NULL, *after = NULL;

  g_assert_cmpint (assign->status, ==, 0);
  root = parse_json (assign->out);
  g_assert_cmpstr (json_object_get_string_member (root, "engagement"), ==, "c1-3");
  g_assert_cmpstr (json_object_get_string_member (root, "table"), ==, "Table 2");
  table = table_of (fixture->campaign, "c1-3", &assignment);
  g_assert_cmpstr (table, ==, "Table 2");
  g_assert_cmpstr (assignment, ==, json_object_get_string_member (root, "assignment"));

  /* The queue says where it is fought. */
  {
    g_autoptr(CliResult) list = run_cli ("engagements", fixture->campaign, NULL);
    g_autoptr(CliResult) list_json = run_cli ("engagements", fixture->campaign, "--json", NULL);
    g_autoptr(JsonObject) listed = NULL;
    JsonArray *engagements;
    gboolean found = FALSE;

    g_assert_cmpint (list->status, ==, 0);
    g_assert_nonnull (strstr (list->out, "At the table “Table 2”"));
    g_assert_cmpint (list_json->status, ==, 0);
    listed = parse_json (list_json->out);
    engagements = json_object_get_array_member (listed, "engagements");
    for (guint i = 0; i < json_array_get_length (engagements); i++)
      {
        JsonObject *entry = json_array_get_object_element (engagements, i);

        if (g_str_equal (json_object_get_string_member (entry, "id"), "c1-3"))
          {
            g_assert_cmpstr (json_object_get_string_member (entry, "table"), ==, "Table 2");
            g_assert_cmpstr (json_object_get_string_member (entry, "status"), ==, "not-fought");
            found = TRUE;
          }
        else
          g_assert_false (json_object_has_member (entry, "table"));
      }
    g_assert_true (found);
  }

  before = file_contents (fixture->campaign);
  {
    g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", "c1-3",
                                          "--turns", "1", "--seed", "5", NULL);
    g_autoptr(CliResult) layout = run_cli ("battle", fixture->campaign, "--engagement", "c1-3",
                                           "--layout-seed", "9", NULL);
    g_autoptr(CliResult) again = run_cli ("table-assign", fixture->campaign, "c1-3",
                                          "Table 3", NULL);

    /* Looking at it changes nothing and is not refused. */
    g_autoptr(CliResult) view = run_cli ("battle", fixture->campaign, "--engagement", "c1-3",
                                         "--as", "master", NULL);

    g_assert_cmpint (view->status, ==, 0);
    assert_failure (fight, 1, "is being fought at the table “Table 2”");
    assert_failure (layout, 1, "is being fought at the table “Table 2”");
    assert_failure (again, 1, "is already at the table “Table 2”");
  }
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
}

/* Taken back with a reason: the chief fights it again; the reason is journaled. Without a
 * reason, or when it is not at a table, nothing changes. */
static void
test_take_back (CliCampaign   *fixture,
                gconstpointer  data)
{
  g_autoptr(CliResult) idle = run_cli ("table-take-back", fixture->campaign, "c1-3",
                                       "--reason", "Table 2 went home", NULL);
  g_autoptr(CliResult) assign = NULL, no_reason = NULL, blank = NULL, back = NULL, fight = NULL;
  g_autofree char *before = NULL, *after = NULL, *table = NULL, *assignment = NULL;

  assert_failure (idle, 1, "engagement c1-3 is not at a table");
  assign = run_cli ("table-assign", fixture->campaign, "c1-3", "Table 2", NULL);
  g_assert_cmpint (assign->status, ==, 0);
  g_assert_nonnull (strstr (assign->out, "Engagement c1-3 is at the table “Table 2” now"));
  table = table_of (fixture->campaign, "c1-3", &assignment);

  before = file_contents (fixture->campaign);
  no_reason = run_cli ("table-take-back", fixture->campaign, "c1-3", NULL);
  g_assert_cmpint (no_reason->status, ==, 2);
  blank = run_cli ("table-take-back", fixture->campaign, "c1-3", "--reason", "  ", NULL);
  assert_failure (blank, 1, "without a reason");
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  back = run_cli ("table-take-back", fixture->campaign, "c1-3", "--reason",
                  "Table 2 went home", NULL);
  g_assert_cmpint (back->status, ==, 0);
  g_assert_nonnull (strstr (back->out, "taken back from the table “Table 2”"));
  g_clear_pointer (&table, g_free);
  table = table_of (fixture->campaign, "c1-3", NULL);
  g_assert_null (table);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->campaign, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (adm_state_get_taken_back (adm_campaign_get_state (campaign), assignment),
                     ==, "Table 2 went home");
  }
  fight = run_cli ("battle", fixture->campaign, "--engagement", "c1-3", "--turns", "1",
                   "--seed", "5", NULL);
  g_assert_cmpint (fight->status, ==, 0);
}

/* Both actions are undone and redone as any other: undoing the hand-off gives the battle back
 * to the chief, redoing it takes it away again. */
static void
test_undo_redo (CliCampaign   *fixture,
                gconstpointer  data)
{
  g_autoptr(CliResult) assign = run_cli ("table-assign", fixture->campaign, "c1-1", "Table 2",
                                         NULL);
  g_autoptr(CliResult) journal = NULL, undo = NULL, redo = NULL, undo2 = NULL, fight = NULL;
  g_autofree char *table = NULL;

  g_assert_cmpint (assign->status, ==, 0);
  journal = run_cli ("journal", fixture->campaign, NULL);
  g_assert_cmpint (journal->status, ==, 0);
  g_assert_nonnull (strstr (journal->out, "Engagement c1-1 to the table “Table 2”"));
  undo = run_cli ("undo", fixture->campaign, NULL);
  g_assert_cmpint (undo->status, ==, 0);
  table = table_of (fixture->campaign, "c1-1", NULL);
  g_assert_null (table);
  redo = run_cli ("redo", fixture->campaign, NULL);
  g_assert_cmpint (redo->status, ==, 0);
  table = table_of (fixture->campaign, "c1-1", NULL);
  g_assert_cmpstr (table, ==, "Table 2");
  undo2 = run_cli ("undo", fixture->campaign, NULL);
  g_assert_cmpint (undo2->status, ==, 0);
  fight = run_cli ("battle", fixture->campaign, "--engagement", "c1-1", "--turns", "1",
                   "--seed", "5", NULL);
  g_assert_cmpint (fight->status, ==, 0);
}

/* A battle begun here is fought on here; an engagement that waits for an earlier one, an
 * unknown one and a table without a name are refused; nothing changes. */
static void
test_assign_refusals (CliCampaign   *fixture,
                      gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", "c1-3",
                                        "--turns", "1", "--seed", "5", NULL);
  g_autofree char *before = NULL, *after = NULL;

  g_assert_cmpint (fight->status, ==, 0);
  before = file_contents (fixture->campaign);
  {
    g_autoptr(CliResult) begun = run_cli ("table-assign", fixture->campaign, "c1-3",
                                          "Table 2", NULL);
    g_autoptr(CliResult) waits = run_cli ("table-assign", fixture->campaign, "c1-4",
                                          "Table 2", NULL);
    g_autoptr(CliResult) unknown = run_cli ("table-assign", fixture->campaign, "c9-9",
                                            "Table 2", NULL);
    g_autoptr(CliResult) nameless = run_cli ("table-assign", fixture->campaign, "c1-1", " ",
                                             NULL);
    g_autoptr(CliResult) usage = run_cli ("table-assign", fixture->campaign, "c1-1", NULL);

    assert_failure (begun, 1, "has begun here");
    assert_failure (waits, 1, "c1-1");
    assert_failure (unknown, 1, "the campaign has: c1-1, c1-2, c1-3, c1-4");
    assert_failure (nameless, 1, "without a name");
    g_assert_cmpint (usage->status, ==, 2);
  }
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/cli-tables/assign-refuses-the-chief", CliCampaign, NULL, cli_campaign_after_sheets,
              test_assign_refuses_the_chief, cli_campaign_teardown);
  g_test_add ("/cli-tables/take-back", CliCampaign, NULL, cli_campaign_after_sheets, test_take_back,
              cli_campaign_teardown);
  g_test_add ("/cli-tables/undo-redo", CliCampaign, NULL, cli_campaign_after_sheets, test_undo_redo,
              cli_campaign_teardown);
  g_test_add ("/cli-tables/assign-refusals", CliCampaign, NULL, cli_campaign_after_sheets,
              test_assign_refusals, cli_campaign_teardown);
  return g_test_run ();
}
