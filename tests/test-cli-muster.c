/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-muster.c: `admiralty-cli muster` on the Komarr campaign whose fleets are pools
 * (scenarios/komarr-muster.admiralty), the paper path of the muster (F-GEN-5, F-GEN-6, F-GEN-7):
 *  - an admiral's muster sheet printed, handed in from a scenario starting a new campaign
 *    (--save), accepted, a formation placed, the muster started; each one action, `undo` and
 *    `redo` taking the last back and forth;
 *  - the campaign the command line makes is the state of the same muster made in the engine:
 *    the paper path gives the same journal;
 *  - refusals (a ship left out, a return without a reason, an unknown action) name the problem
 *    — a sheet's, with its line — and change no byte of the file;
 *  - `status --as` tells an admiral of his own muster and nothing of another's (F-STRAT-3). */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "shipped-helpers.h"

static char *
state_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);

  g_assert_no_error (error);
  return adm_state_dump (adm_campaign_get_state (campaign));
}

static const char sheet_text[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<muster-sheet admiral=\"vorkosigan\">\n"
  "  <formation name=\"Home Squadron\" flagship=\"prince-serg\" succession=\"prince-xav\">\n"
  "    <ship id=\"prince-serg\"/><ship id=\"prince-xav\"/><ship id=\"emperor-dorca\"/>\n"
  "    <ship id=\"count-vorhalas\"/>\n"
  "  </formation>\n"
  "  <formation name=\"Heavy Division\" flagship=\"kyril-island\" hidden=\"true\">\n"
  "    <ship id=\"kyril-island\"/>\n"
  "  </formation>\n"
  "  <formation name=\"Destroyer Screen\" flagship=\"kestrel\">\n"
  "    <ship id=\"kestrel\"/><ship id=\"lord-vorbohn\"/><ship id=\"vorinnis\"/>\n"
  "    <ship id=\"vorgarin\"/><ship id=\"gull\"/>\n"
  "  </formation>\n"
  "</muster-sheet>\n";

static void
expect (CliResult  *result,
        int         status,
        const char *words)
{
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, status);
  if (words != NULL)
    g_assert_true (strstr (result->out, words) != NULL || strstr (result->err, words) != NULL);
}

/* The same muster in the engine: the state the command line's campaign must have. */
static char *
engine_state (void)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-muster.admiralty");
  g_autoptr(AdmCampaign) campaign = adm_campaign_new (scenario, 1);
  g_autoptr(AdmMusterDraft) draft = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmEvent) accept = adm_event_new ("muster-accept", 0);
  g_autoptr(AdmEvent) position = adm_event_new ("muster-position", 0);

  draft = adm_muster_draft_load (sheet_text, strlen (sheet_text), "sheet.xml", &error);
  g_assert_no_error (error);
  events = adm_muster_draft_events (draft, 0);
  g_assert_true (adm_campaign_append_all (campaign, events, &error));
  adm_event_set (accept, "admiral", "vorkosigan");
  g_assert_true (adm_campaign_append (campaign, accept, &error));
  adm_event_set (position, "admiral", "vorkosigan");
  adm_event_set (position, "formation", "3");
  adm_event_set (position, "sector", "pol-jump-point");
  g_assert_true (adm_campaign_append (campaign, position, &error));
  g_assert_no_error (error);
  return adm_state_dump (adm_campaign_get_state (campaign));
}

static void
test_paper_path (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-muster-XXXXXX", NULL);
  g_autofree char *scenario = source_path ("scenarios", "komarr-muster.admiralty", NULL);
  g_autofree char *campaign = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autofree char *sheet = g_build_filename (dir, "vorkosigan.xml", NULL);
  g_autofree char *short_sheet = g_build_filename (dir, "short.xml", NULL);
  g_autofree char *printed = g_build_filename (dir, "printed.xml", NULL);
  g_autofree char *bytes = NULL, *again = NULL;
  g_autofree char *expected = NULL, *state = NULL, *before_start = NULL, *undone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CliResult) result = NULL;
  char *cut;

  g_assert_true (g_file_set_contents (sheet, sheet_text, -1, &error));

  /* The sheet printed for the admiral reads back as a muster sheet. */
  result = run_cli ("muster", scenario, "sheet", "vorkosigan", NULL);
  expect (result, 0, "<muster-sheet admiral=\"vorkosigan\">");
  g_assert_true (g_file_set_contents (printed, result->out, -1, &error));
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("validate", printed, NULL);
  expect (result, 0, "valid (muster sheet of vorkosigan, 2 formations)");
  g_clear_pointer (&result, cli_result_free);

  /* A scenario is no saved campaign: --save starts one. */
  result = run_cli ("muster", scenario, "submit", sheet, NULL);
  expect (result, 1, "--save");
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("muster", scenario, "submit", sheet, "--save", campaign, NULL);
  expect (result, 0, "Adm. Aral Vorkosigan’s muster");
  g_clear_pointer (&result, cli_result_free);

  /* Refusals change no byte. */
  bytes = file_contents (campaign);
  cut = strstr (sheet_text, "<ship id=\"gull\"/>");
  {
    g_autoptr(GString) shorter = g_string_new_len (sheet_text, cut - sheet_text);

    g_string_append (shorter, cut + strlen ("<ship id=\"gull\"/>"));
    g_assert_true (g_file_set_contents (short_sheet, shorter->str, -1, &error));
  }
  result = run_cli ("muster", campaign, "submit", short_sheet, NULL);
  expect (result, 1, "Gull of the pool is in none of the formations");
  /* The refusal names the sheet's line: of the muster as a whole, <muster-sheet>'s. */
  expect (result, 1, "short.xml:2: ");
  g_clear_pointer (&result, cli_result_free);
  /* A formation refused, its <formation>'s. */
  {
    g_autofree char *foreign = g_build_filename (dir, "foreign.xml", NULL);
    g_autoptr(GString) text = g_string_new (sheet_text);

    g_string_replace (text, "<ship id=\"kyril-island\"/>",
                      "<ship id=\"kyril-island\"/><ship id=\"no-such-ship\"/>", 1);
    g_assert_true (g_file_set_contents (foreign, text->str, -1, &error));
    result = run_cli ("muster", campaign, "submit", foreign, NULL);
    expect (result, 1, "foreign.xml:7: ");
    expect (result, 1, "no-such-ship");
    g_clear_pointer (&result, cli_result_free);
  }
  result = run_cli ("muster", campaign, "return", "vorkosigan", NULL);
  expect (result, 2, "--reason");
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("muster", campaign, "launch", NULL);
  expect (result, 2, "unknown action");
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("muster", campaign, "accept", "nobody", NULL);
  expect (result, 1, "no admiral with a pool");
  g_clear_pointer (&result, cli_result_free);
  again = file_contents (campaign);
  g_assert_cmpstr (again, ==, bytes);

  result = run_cli ("muster", campaign, "accept", "vorkosigan", "--json", NULL);
  expect (result, 0, "\"muster\":\"accept\"");
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("muster", campaign, "position", "vorkosigan", "3", "pol-jump-point", NULL);
  expect (result, 0, "Starting position of formation 3");
  g_clear_pointer (&result, cli_result_free);

  /* The paper path gives the journal the engine gives. */
  expected = engine_state ();
  state = state_of (campaign);
  g_assert_cmpstr (state, ==, expected);

  /* F-STRAT-3: an admiral is told of his own muster only. */
  result = run_cli ("muster", campaign, "status", "--as", "vorkosigan", "--json", NULL);
  expect (result, 0, "\"status\":\"accepted\"");
  g_assert_nonnull (strstr (result->out, "Heavy Division"));
  g_assert_null (strstr (result->out, "vorlakial"));
  g_clear_pointer (&result, cli_result_free);
  /* F-GEN-7: a position by the id the formation is made with, which status gives. */
  result = run_cli ("muster", campaign, "status", "--json", NULL);
  expect (result, 0, "\"id\":\"vorkosigan-heavy-division\"");
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("muster", campaign, "position", "vorkosigan", "vorkosigan-heavy-division",
                    "pol-jump-point", NULL);
  expect (result, 0, "Starting position of formation vorkosigan-heavy-division");
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("muster", campaign, "status", "--as", "vorlakial", NULL);
  expect (result, 0, "Adm. Lord Vorlakial");
  g_assert_null (strstr (result->out, "Vorkosigan:"));
  g_assert_null (strstr (result->out, "Heavy Division"));
  g_assert_null (strstr (result->out, "accepted"));
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("muster", campaign, "status", NULL);
  expect (result, 0, "Adm. Aral Vorkosigan: accepted, 3 formations of 10 ships");
  g_clear_pointer (&result, cli_result_free);

  /* The start; undo and redo take it back and forth. */
  before_start = state_of (campaign);
  result = run_cli ("muster", campaign, "start", NULL);
  expect (result, 0, "Muster over, cycle 1 started");
  g_clear_pointer (&result, cli_result_free);
  g_free (state);
  state = state_of (campaign);
  g_assert_nonnull (strstr (state, "muster vorlakial not-handed-in count 0 defaulted"));
  result = run_cli ("undo", campaign, NULL);
  expect (result, 0, NULL);
  g_clear_pointer (&result, cli_result_free);
  undone = state_of (campaign);
  g_assert_cmpstr (undone, ==, before_start);
  result = run_cli ("redo", campaign, NULL);
  expect (result, 0, NULL);
  g_clear_pointer (&result, cli_result_free);
  g_free (undone);
  undone = state_of (campaign);
  g_assert_cmpstr (undone, ==, state);
  result = run_cli ("muster", campaign, "accept", "vorlakial", NULL);
  expect (result, 1, "the muster is over");
  g_clear_pointer (&result, cli_result_free);

  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/muster/F-GEN-6/F-GEN-7/paper-path", test_paper_path);
  return g_test_run ();
}
