/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-writers.c: one writer per campaign file, and no write over a change not read
 * (adm_file_lock (), ADM_JOURNAL_SAVE_GUARD), with two processes: this test holding the Komarr
 * campaign open through the engine as the app does, and admiralty-cli (CLI_PATH, from meson)
 * as the other program — `reveal` refused while the campaign is held, the campaign refused
 * while `serve` holds it, a lock freed by a writer killed with SIGKILL. A campaign read before
 * another program wrote its file (or replaced or removed it) refuses to save rather than
 * overwrite; a read-only file (mode 444) and an installed one are never written. */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

#define FORMATION "autumn-screen"   /* hidden at the start of Komarr (F-STRAT-3) */

static gboolean
append_note (AdmCampaign  *campaign,
             const char   *text,
             GError      **error)
{
  g_autoptr(AdmEvent) note = adm_event_new ("note", 1795370400);

  adm_event_set_text (note, text);
  return adm_campaign_append (campaign, note, error);
}

static guint
count (const char *haystack,
       const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (haystack, needle); at != NULL; at = strstr (at + 1, needle))
    n++;
  return n;
}

static void
copy_error_cb (GError       **out,
               const GError  *error)
{
  g_clear_error (out);
  *out = g_error_copy (error);
}

/* The app's case: the campaign open for writing here; admiralty-cli reveal is refused, names
 * this process, and changes no byte; the campaign's own saves go on. */
static void
test_cli_refused_while_open (CliCampaign   *fixture,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open_for_writing (fixture->campaign, &error);
  g_autoptr(CliResult) result = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *pid = g_strdup_printf ("process %d on this computer", (int) getpid ());

  g_assert_no_error (error);
  g_assert_true (append_note (campaign, "first note, by the open campaign", &error));
  g_assert_no_error (error);
  before = file_contents (fixture->campaign);

  result = run_cli ("reveal", fixture->campaign, FORMATION, NULL);
  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_nonnull (strstr (result->err, "is being written by"));
  g_assert_nonnull (strstr (result->err, pid));
  g_assert_nonnull (strstr (result->err, "komarr.admiralty"));
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  g_assert_true (append_note (campaign, "second note, by the open campaign", &error));
  g_assert_no_error (error);
  g_clear_pointer (&after, g_free);
  after = file_contents (fixture->campaign);
  g_assert_cmpuint (count (after, "by the open campaign"), ==, 2);

  /* undo and cycle are writers too. */
  {
    g_autoptr(CliResult) undo = run_cli ("undo", fixture->campaign, NULL);

    g_assert_cmpint (undo->status, ==, 1);
    g_assert_nonnull (strstr (undo->err, pid));
  }
  g_clear_object (&campaign);
  /* Closed here: the other program may write it. */
  {
    g_autoptr(CliResult) reveal = run_cli ("reveal", fixture->campaign, FORMATION, NULL);

    g_test_message ("%s", reveal->err);
    g_assert_cmpint (reveal->status, ==, 0);
  }
}

/* repro/lost-update.sh: a campaign opened as the app keeps it, saved once, then
 * `admiralty-cli reveal`, then saved again. The campaign's first save took the file's lock:
 * the reveal is refused, naming this process. And a campaign read before another program
 * wrote the file (it had not saved yet, so held no lock) finds the change at its next save and
 * refuses, rather than write the file whole from memory and lose the reveal to backup 1. */
static void
test_change_not_read_is_kept (CliCampaign   *fixture,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->campaign, &error);
  g_autoptr(CliResult) result = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) failed = NULL;

  g_assert_no_error (error);
  g_assert_true (append_note (campaign, "first note, by the open campaign", &error));
  g_assert_no_error (error);
  result = run_cli ("reveal", fixture->campaign, FORMATION, NULL);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_nonnull (strstr (result->err, "is being written by"));
  g_clear_object (&campaign);
  g_clear_pointer (&result, cli_result_free);

  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_check_file (campaign, NULL));
  result = run_cli ("reveal", fixture->campaign, FORMATION, NULL);
  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, 0);

  g_assert_false (adm_campaign_check_file (campaign, &error));
  g_assert_error (error, ADM_FILE_ERROR, ADM_FILE_ERROR_CHANGED);
  g_clear_error (&error);
  g_signal_connect_swapped (campaign, "save-failed", G_CALLBACK (copy_error_cb), &failed);
  g_assert_false (append_note (campaign, "second note, by the open campaign", &error));
  g_assert_error (failed, ADM_FILE_ERROR, ADM_FILE_ERROR_CHANGED);
  g_test_message ("%s", error->message);
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "by another program since this one read it"));
  after = file_contents (fixture->campaign);
  g_assert_cmpuint (count (after, "kind=\"reveal\""), ==, 1);
  g_assert_cmpuint (count (after, "first note"), ==, 1);
  g_assert_cmpuint (count (after, "second note"), ==, 0);
  g_clear_error (&error);
  /* The campaign keeps what it had: saved under another name, nothing is lost. */
  {
    g_autofree char *copy = g_build_filename (fixture->dir, "mine.admiralty", NULL);
    g_autofree char *mine = NULL;

    g_assert_true (adm_campaign_save (campaign, copy, &error));
    g_assert_no_error (error);
    mine = file_contents (copy);
    g_assert_cmpuint (count (mine, "first note"), ==, 1);
    g_assert_cmpuint (count (mine, "kind=\"reveal\""), ==, 0);
    g_assert_true (append_note (campaign, "second note, in the copy", &error));
    g_assert_no_error (error);
  }
}

/* Replaced or removed by another program: refused as well. */
static void
test_replaced_or_removed (CliCampaign   *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open_for_writing (fixture->campaign, &error);
  g_autofree char *other = g_build_filename (fixture->dir, "other.admiralty", NULL);
  g_autofree char *bytes = NULL;

  g_assert_no_error (error);
  g_assert_true (append_note (campaign, "first", &error));
  bytes = file_contents (fixture->campaign);
  g_assert_true (g_file_set_contents (other, bytes, -1, NULL));
  g_assert_cmpint (g_rename (other, fixture->campaign), ==, 0);
  g_assert_false (append_note (campaign, "second", &error));
  g_assert_nonnull (strstr (error->message, "replaced by another program"));
  g_clear_error (&error);

  g_assert_cmpint (g_remove (fixture->campaign), ==, 0);
  g_assert_false (append_note (campaign, "third", &error));
  g_assert_nonnull (strstr (error->message, "removed or renamed by another program"));
  g_assert_false (g_file_test (fixture->campaign, G_FILE_TEST_EXISTS));
}

/* Reads a line of `serve`'s output, or NULL at its end. */
static char *
read_line (GDataInputStream *in)
{
  g_autoptr(GError) error = NULL;
  char *line = g_data_input_stream_read_line (in, NULL, NULL, &error);

  g_assert_no_error (error);
  return line;
}

/* The other way round: `admiralty-cli serve` holds the campaign; the engine's open for
 * writing (the app's) and a second command are refused, naming it; killed with SIGKILL, it
 * leaves the file free. */
static void
test_refused_while_served (CliCampaign   *fixture,
                           gconstpointer  data)
{
  const char *argv[] = { CLI_PATH, "serve", fixture->campaign, "--address", "127.0.0.1",
                         "--port", "0", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) serve = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autofree char *line = NULL;
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *after = NULL;
  g_autofree char *named = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;

  serve = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                             &error);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (serve));
  /* Its first line says the portal is open: the lock was taken before. */
  line = read_line (out);
  g_assert_nonnull (line);
  g_assert_nonnull (strstr (line, "is open on"));
  named = g_strdup_printf ("admiralty-cli serve (process %s on this computer)",
                           g_subprocess_get_identifier (serve));

  campaign = adm_campaign_open_for_writing (fixture->campaign, &error);
  g_assert_null (campaign);
  g_test_message ("%s", error->message);
  g_assert_error (error, ADM_FILE_ERROR, ADM_FILE_ERROR_LOCKED);
  g_assert_nonnull (strstr (error->message, named));
  g_clear_error (&error);
  {
    g_autoptr(CliResult) reveal = run_cli ("reveal", fixture->campaign, FORMATION, NULL);

    g_assert_cmpint (reveal->status, ==, 1);
    g_assert_nonnull (strstr (reveal->err, named));
  }
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  /* A writer killed mid-session: the system drops its lock. */
  g_subprocess_send_signal (serve, SIGKILL);
  g_subprocess_wait (serve, NULL, &error);
  g_assert_no_error (error);
  campaign = adm_campaign_open_for_writing (fixture->campaign, &error);
  g_assert_no_error (error);
  g_assert_nonnull (campaign);
  g_assert_true (append_note (campaign, "after the portal", &error));
  g_assert_no_error (error);
}

/* Mode 444 in a writable folder: refused, by the engine and by the CLI, even for root; the
 * file keeps its bytes and its mode. */
static void
test_read_only_refused (CliCampaign   *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) failed = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *after = NULL;
  GStatBuf st;

  g_assert_cmpint (g_chmod (fixture->campaign, 0444), ==, 0);
  {
    g_autoptr(CliResult) reveal = run_cli ("reveal", fixture->campaign, FORMATION, NULL);

    g_test_message ("%s", reveal->err);
    g_assert_cmpint (reveal->status, ==, 1);
    g_assert_nonnull (strstr (reveal->err, "read-only"));
  }
  campaign = adm_campaign_open_for_writing (fixture->campaign, &error);
  g_assert_no_error (error);
  g_signal_connect_swapped (campaign, "save-failed", G_CALLBACK (copy_error_cb), &failed);
  g_assert_false (append_note (campaign, "a note", &error));
  g_assert_nonnull (strstr (error->message, "read-only"));
  g_assert_error (failed, ADM_FILE_ERROR, ADM_FILE_ERROR_READ_ONLY);
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpint (g_stat (fixture->campaign, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0444);
  g_assert_cmpint (g_chmod (fixture->campaign, 0644), ==, 0);
}

/* Installed files — the bundled scenarios, the installed data — are never written: a campaign
 * started from one saves elsewhere. */
static void
test_installed_refused (CliCampaign   *fixture,
                        gconstpointer  data)
{
  g_autofree char *source = g_strdup (g_getenv ("ADMIRALTY_SOURCE_DIR"));
  g_autofree char *bundled = g_build_filename (source, "scenarios", "komarr-campaign.admiralty",
                                               NULL);
  g_autofree char *installed = g_build_filename (PKGDATADIR, "scenarios", "x.admiralty", NULL);
  g_autofree char *fake = g_build_filename (fixture->dir, "src", NULL);
  g_autofree char *fake_scenarios = g_build_filename (fake, "scenarios", NULL);
  g_autofree char *target = g_build_filename (fake_scenarios, "komarr-campaign.admiralty", NULL);
  g_autofree char *before = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) failed = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (bundled, &error);

  g_assert_no_error (error);
  g_assert_true (adm_file_is_installed (bundled));
  g_assert_false (adm_file_is_installed (fixture->campaign));
  if (g_file_test (PKGDATADIR, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *scenarios = g_build_filename (PKGDATADIR, "scenarios", NULL);

      if (g_file_test (scenarios, G_FILE_TEST_IS_DIR))
        g_assert_true (adm_file_is_installed (installed));
    }

  /* A copy of the source tree's scenarios, as ADMIRALTY_SOURCE_DIR names them for a run from
   * the build: the scenario there is refused, whole, by the engine. */
  g_assert_cmpint (g_mkdir_with_parents (fake_scenarios, 0755), ==, 0);
  before = file_contents (bundled);
  g_assert_true (g_file_set_contents (target, before, -1, NULL));
  g_setenv ("ADMIRALTY_SOURCE_DIR", fake, TRUE);
  g_assert_true (adm_file_is_installed (target));
  g_signal_connect_swapped (campaign, "save-failed", G_CALLBACK (copy_error_cb), &failed);
  g_assert_true (append_note (campaign, "a note", &error));
  g_assert_false (adm_campaign_save (campaign, target, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "installed with Admiralty"));
  /* Not its own file: said to the caller alone, not as an autosave's failure. */
  g_assert_null (failed);
  g_assert_null (adm_campaign_get_path (campaign));
  {
    g_autofree char *after = file_contents (target);

    g_assert_cmpstr (before, ==, after);
  }
  g_setenv ("ADMIRALTY_SOURCE_DIR", source, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(name, func) \
  g_test_add ("/engine/campaign-writers/" name, CliCampaign, NULL, cli_campaign_after_cycle, \
              func, cli_campaign_teardown)
  ADD ("cli-refused-while-open", test_cli_refused_while_open);
  ADD ("change-not-read-is-kept", test_change_not_read_is_kept);
  ADD ("replaced-or-removed", test_replaced_or_removed);
  ADD ("refused-while-served", test_refused_while_served);
  ADD ("read-only-refused", test_read_only_refused);
  ADD ("installed-refused", test_installed_refused);
#undef ADD

  return g_test_run ();
}
