/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-event-paths.c: every kind of event a campaign's state understands
 * (adm_state_get_event_kinds ()) has a path a master takes to put it in the journal, from the
 * command line or from the app — no kind only a hand edit of the file can make:
 *  - each kind has a row in paths[] below, and each row a kind the state understands;
 *  - the rows of the command line are walked for real: `admiralty-cli` plays the Komarr
 *    campaign (its cycle 1 sheets, battles fought and ended, a table hand-off taken back, a
 *    formation handed over and one revealed, every correction, cycle 2 with the unfought
 *    engagements dropped, then the campaign ended and its truth published) and a muster
 *    from pools (handed in, returned, handed in again, accepted, positioned, started), and `admiralty-cli journal --json` must show an event of
 *    every such kind;
 *  - a row of the app, or of the command line under a condition no short script meets (a
 *    ship captured), names the engine call its path makes, and the sources under src/app or
 *    src/cli must make that call.
 * CLI_PATH and the source folder come from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <json-glib/json-glib.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

typedef enum {
  PATH_CLI,       /* made by the script below */
  PATH_APP,       /* a call in src/app */
  PATH_CLI_CALL,  /* a call in src/cli, under a condition the script does not meet */
} PathKind;

typedef struct {
  const char *kind;
  PathKind    path;
  const char *call;   /* for PATH_APP and PATH_CLI_CALL */
  const char *how;    /* the master's way, for the failure message */
} Path;

static const Path paths[] = {
  { "order", PATH_CLI, NULL, "cycle --orders" },
  { "sheet", PATH_CLI, NULL, "cycle --orders" },
  { "cycle", PATH_CLI, NULL, "cycle" },
  { "drop-engagement", PATH_CLI, NULL, "cycle --drop-unfought" },
  { "layout", PATH_CLI, NULL, "battle --engagement --layout-seed" },
  { "dice-commit", PATH_CLI, NULL, "battle --engagement (program dice)" },
  { "dice-reveal", PATH_CLI, NULL, "battle --engagement --end" },
  { "dice-contribution", PATH_CLI_CALL, "adm_campaign_give_declared_dice", "dice-give" },
  { "dice-contribution-reveal", PATH_CLI_CALL, "adm_campaign_show_dice", "dice-give --show" },
  { "ship-after-battle", PATH_CLI, NULL, "battle --engagement --end" },
  { "battle-end", PATH_CLI, NULL, "battle --engagement --end" },
  { "sighting", PATH_CLI, NULL, "battle --engagement --end, a hidden formation on the table" },
  { "table-assign", PATH_CLI, NULL, "table-assign" },
  { "table-take-back", PATH_CLI, NULL, "table-take-back" },
  { "assign", PATH_CLI, NULL, "assign" },
  { "reveal", PATH_CLI, NULL, "reveal" },
  { "damage", PATH_CLI, NULL, "correct damage" },
  { "repair", PATH_CLI, NULL, "correct repair" },
  { "readiness", PATH_CLI, NULL, "correct readiness" },
  { "relocate", PATH_CLI, NULL, "correct move" },
  { "remove-ship", PATH_CLI, NULL, "correct remove-ship" },
  { "hand-over", PATH_CLI, NULL, "correct hand-over" },
  { "new-ship", PATH_CLI, NULL, "correct add-ship" },
  { "new-formation", PATH_CLI, NULL, "correct add-formation" },
  { "new-admiral", PATH_CLI, NULL, "correct add-admiral" },
  { "retire-admiral", PATH_CLI, NULL, "correct retire-admiral" },
  { "station", PATH_CLI, NULL, "correct station" },
  { "minefield", PATH_CLI, NULL, "correct minefield" },
  { "end-campaign", PATH_CLI, NULL, "end-campaign --reason" },
  { "publish", PATH_CLI, NULL, "end-campaign --publish" },
  { "muster", PATH_CLI, NULL, "muster submit" },
  { "muster-formation", PATH_CLI, NULL, "muster submit" },
  { "muster-accept", PATH_CLI, NULL, "muster accept" },
  { "muster-return", PATH_CLI, NULL, "muster return" },
  { "muster-position", PATH_CLI, NULL, "muster position" },
  { "muster-start", PATH_CLI, NULL, "muster start" },
  { "prize", PATH_CLI_CALL, "adm_campaign_end_battle (",
    "battle --engagement --end after a capture (F-BOARD-15), as test-campaign-prize makes" },
  { "roll", PATH_APP, "adm_campaign_roll (", "the Roll dialog of a readiness check (F-STRAT-5)" },
  { "placement", PATH_APP, "adm_campaign_choose_placements (",
    "the placements step before a battle (F-STRAT-15)" },
  { "note", PATH_APP, "adm_portal_refuse (", "Refuse on a phone's sheet in the Orders tab" },
  { "dice-ask", PATH_APP, "adm_campaign_ask_dice (",
    "Resolve asking the sides' dice for a phase that rolls (docs/dice.md)" },
};

static const Path *
path_of (const char *kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    if (g_str_equal (paths[i].kind, kind))
      return &paths[i];
  return NULL;
}

/* Every kind the state understands has a row; every row is a kind it understands. */
static void
test_every_kind_has_a_row (void)
{
  const char * const *kinds = adm_state_get_event_kinds ();
  guint n = 0;

  for (guint i = 0; kinds[i] != NULL; i++, n++)
    if (path_of (kinds[i]) == NULL)
      {
        g_test_message ("the event kind “%s” has no path from the app nor from the command "
                        "line: give it one, then a row here", kinds[i]);
        g_test_fail ();
      }
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    if (!g_strv_contains (kinds, paths[i].kind))
      {
        g_test_message ("“%s” is no kind of event the state understands", paths[i].kind);
        g_test_fail ();
      }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (paths));
}

static void
run_ok (const char *first,
        ...) G_GNUC_NULL_TERMINATED;

/* Runs the CLI with the arguments up to NULL; it must succeed. */
static void
run_ok (const char *first,
        ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(CliResult) result = NULL;
  va_list ap;

  va_start (ap, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  result = run_cli_strv ((const char * const *) args->pdata);
  if (result->status != 0)
    g_test_message ("%s: %s%s", first, result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
}

/* Adds to @seen the kinds of the events of every action of @campaign's journal, as
 * `admiralty-cli journal --json` lists them. */
static void
add_journal_kinds (GHashTable *seen,
                   const char *campaign)
{
  g_autoptr(CliResult) result = run_cli ("journal", campaign, "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonArray *entries;

  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  entries = json_object_get_array_member (root, "entries");
  for (guint i = 0; i < json_array_get_length (entries); i++)
    {
      JsonObject *entry = json_array_get_object_element (entries, i);
      JsonArray *events;

      if (!g_str_equal (json_object_get_string_member (entry, "kind"), "action"))
        continue;
      events = json_object_get_array_member (entry, "events");
      for (guint e = 0; e < json_array_get_length (events); e++)
        g_hash_table_add (seen, g_strdup (json_object_get_string_member (
                                            json_array_get_object_element (events, e), "kind")));
    }
}

/* The Komarr campaign played on the command line through every path of paths[]. */
static void
play_komarr (GHashTable *seen)
{
  g_autofree char *campaign = NULL;
  g_autofree char *dir = cli_komarr_after_sheets ("test-event-paths", &campaign);
  g_autofree char *sheets = source_path ("scenarios", "komarr-campaign.sheets", NULL);
  g_autofree char *c2a = g_build_filename (sheets, "komarr-cycle-2-naismith.xml", NULL);
  g_autofree char *c2b = g_build_filename (sheets, "komarr-cycle-2-radovan.xml", NULL);
  const char *reason = "The story says so";

  /* Battles: the table generated anew, fought, ended (F-TAC-1, F-STRAT-4). */
  run_ok ("battle", campaign, "--engagement", "c1-1", "--layout-seed", "5", NULL);
  run_ok ("battle", campaign, "--engagement", "c1-1", "--turns", "4", "--end", "--reason",
          "Pol withdrew", NULL);
  run_ok ("battle", campaign, "--engagement", "c1-2", "--turns", "6", "--end", "--reason",
          "Over", NULL);
  /* A table's hand-off, taken back. */
  run_ok ("table-assign", campaign, "c1-3", "Table 1", NULL);
  run_ok ("table-take-back", campaign, "c1-3", "--reason", reason, NULL);
  /* The master's decisions and corrections. */
  run_ok ("assign", campaign, "jade-squadron", "ghem-estif", NULL);
  run_ok ("reveal", campaign, "komarran-cruiser-division", NULL);
  run_ok ("correct", campaign, "damage", "--ship", "prince-serg", "--points", "4", "--reason",
          reason, NULL);
  run_ok ("correct", campaign, "repair", "--ship", "prince-serg", "--hull", "14", "--reason",
          reason, NULL);
  run_ok ("correct", campaign, "readiness", "--ship", "kestrel", "--readiness", "5",
          "--reason", reason, NULL);
  run_ok ("correct", campaign, "move", "--formation", "first-squadron-home-fleet", "--sector",
          "sergyar-approach", "--reason", reason, NULL);
  run_ok ("correct", campaign, "remove-ship", "--ship", "gull", "--reason", reason, NULL);
  run_ok ("correct", campaign, "hand-over", "--ship", "star-garden", "--formation",
          "first-celestial-squadron", "--reason", reason, NULL);
  run_ok ("correct", campaign, "add-ship", "--formation", "second-squadron-home-fleet",
          "--ship", "Vorbarra Star:vorhartung:9", "--reason", reason, NULL);
  run_ok ("correct", campaign, "add-formation", "--admiral", "vorkosigan", "--sector",
          "komarr-orbit", "--name", "Third Destroyer Flotilla", "--ship",
          "Kestrel II:vorpatril:8", "--cycle", "2", "--minute", "20", "--reason", reason, NULL);
  run_ok ("correct", campaign, "add-admiral", "--admiral", "vorhalas", "--name",
          "Adm. Piotr Vorhalas", "--faction", "barrayar", "--reason", reason, NULL);
  run_ok ("correct", campaign, "retire-admiral", "--admiral", "vorlakial", "--successor",
          "vorkosigan", "--reason", reason, NULL);
  run_ok ("correct", campaign, "station", "--sector", "pol-orbit", "--station", "Pol Six",
          "--owner", "barrayar", "--damage", "4", "--reason", reason, NULL);
  run_ok ("correct", campaign, "minefield", "--sector", "pol-orbit", "--reason", reason, NULL);
  /* Cycle 2, the engagements left unfought dropped. */
  run_ok ("cycle", campaign, "--orders", c2a, c2b, "--seed", "7", "--drop-unfought", reason,
          NULL);
  /* The end of the campaign and the revelation. */
  run_ok ("end-campaign", campaign, "--reason", reason, NULL);
  run_ok ("end-campaign", campaign, "--publish", NULL);
  add_journal_kinds (seen, campaign);
  cli_remove_folder (dir);
}

/* The muster from pools (F-GEN-5, F-GEN-6, F-GEN-7) on the command line. */
static void
play_muster (GHashTable *seen)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-event-paths-XXXXXX", &error);
  g_autofree char *scenario = source_path ("scenarios", "komarr-muster.admiralty", NULL);
  g_autofree char *campaign = g_build_filename (dir, "muster.admiralty", NULL);
  g_autofree char *sheet = g_build_filename (dir, "vorkosigan.xml", NULL);
  g_autoptr(CliResult) printed = NULL;

  g_assert_no_error (error);
  printed = run_cli ("muster", scenario, "sheet", "vorkosigan", NULL);
  g_assert_cmpint (printed->status, ==, 0);
  g_assert_true (g_file_set_contents (sheet, printed->out, -1, &error));
  g_assert_no_error (error);
  run_ok ("muster", scenario, "submit", sheet, "--save", campaign, NULL);
  run_ok ("muster", campaign, "return", "vorkosigan", "--reason", "Name your flagships", NULL);
  run_ok ("muster", campaign, "submit", sheet, NULL);
  run_ok ("muster", campaign, "accept", "vorkosigan", NULL);
  run_ok ("muster", campaign, "position", "vorkosigan", "1", "pol-jump-point", NULL);
  run_ok ("muster", campaign, "start", NULL);
  add_journal_kinds (seen, campaign);
  cli_remove_folder (dir);
}

/* The rows of the command line: the script makes an event of each kind. */
static void
test_command_line_paths (void)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  play_komarr (seen);
  play_muster (seen);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    if (paths[i].path == PATH_CLI && !g_hash_table_contains (seen, paths[i].kind))
      {
        g_test_message ("`admiralty-cli %s` made no “%s” event", paths[i].how, paths[i].kind);
        g_test_fail ();
      }
}

/* Whether a .c file under @folder (recursively) holds @call. */
static gboolean
folder_calls (const char *folder,
              const char *call)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *text = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (folder_calls (path, call))
            return TRUE;
          continue;
        }
      if (!g_str_has_suffix (name, ".c") || !g_file_get_contents (path, &text, NULL, NULL))
        continue;
      if (strstr (text, call) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* The rows of the app, and of the command line under a condition: their call is made. */
static void
test_called_paths (void)
{
  g_autofree char *app = source_path ("src", "app", NULL);
  g_autofree char *cli = source_path ("src", "cli", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      const char *folder = paths[i].path == PATH_APP ? app : cli;

      if (paths[i].path == PATH_CLI)
        continue;
      if (!folder_calls (folder, paths[i].call))
        {
          g_test_message ("“%s” events come from %s, but nothing under %s calls %s",
                          paths[i].kind, paths[i].how, folder, paths[i].call);
          g_test_fail ();
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/journal/event-paths/every-kind-has-a-row", test_every_kind_has_a_row);
  g_test_add_func ("/journal/event-paths/command-line", test_command_line_paths);
  g_test_add_func ("/journal/event-paths/app-calls", test_called_paths);
  return g_test_run ();
}
