/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-file.c: the campaign's file while the real window has it open (admiralty-window-
 * file.c), with admiralty-cli (CLI_PATH, from meson) as the other program: its reveal refused,
 * naming Admiralty and this process; the file replaced behind the window noticed by the
 * window's watch and said in a dialog whose Reopen shows the other program's change; a
 * read-only file's refusal offering Save As; Save As never proposing the folder of the bundled
 * scenarios or the source tree, and showing no error on its way to the name. Runs under
 * Xvfb. */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "admiralty-window-private.h"
#include "cli-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

#define FORMATION "autumn-screen"   /* hidden at the start of Komarr (F-STRAT-3) */

typedef struct {
  char            *dir;
  char            *campaign;
  AdmiraltyWindow *window;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->dir = cli_komarr_after_cycle ("admiralty-window-file", &fixture->campaign);

  fixture->window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (fixture->window, fixture->campaign));
  iterate ();
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  close_window (fixture->window);
  g_chmod (fixture->campaign, 0644);
  remove_tree (fixture->dir);
  g_free (fixture->campaign);
  g_free (fixture->dir);
}

static gboolean
file_dialog_shown (gpointer data)
{
  return ((AdmiraltyWindow *) data)->file_dialog != NULL;
}

static guint
n_events (AdmiraltyWindow *window)
{
  return adm_campaign_get_events (admiralty_window_get_campaign (window))->len;
}

/* While the window has the campaign, admiralty-cli's reveal is refused and names it. */
static void
test_cli_refused (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *after = NULL;
  g_autofree char *named = g_strdup_printf ("being written by Admiralty (process %d on this "
                                            "computer)", (int) getpid ());
  g_autoptr(CliResult) result = run_cli ("reveal", fixture->campaign, FORMATION, NULL);

  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_nonnull (strstr (result->err, named));
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
  iterate_until (NULL, NULL, 500);
  g_assert_null (fixture->window->file_dialog);
}

/* Another program (which took no lock) replaces the file: the window notices it by itself,
 * says so, and Reopen shows the other program's reveal; nothing of it was written over. */
static void
test_replaced_offers_reopen (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *elsewhere = g_build_filename (fixture->dir, "elsewhere", NULL);
  g_autofree char *copy = g_build_filename (elsewhere, "komarr.admiralty", NULL);
  g_autoptr(CliResult) result = NULL;
  GtkWidget *dialog;
  guint before = n_events (fixture->window);

  g_assert_cmpint (g_mkdir (elsewhere, 0700), ==, 0);
  copy_file (fixture->campaign, copy);
  result = run_cli ("reveal", copy, FORMATION, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpint (g_rename (copy, fixture->campaign), ==, 0);

  iterate_until (file_dialog_shown, fixture->window, 5000);
  dialog = fixture->window->file_dialog;
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "The Campaign File Was Changed by Another Program");
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "save-as"));
  /* A save meanwhile is refused: the reveal is not written over. */
  {
    g_autoptr(AdmEvent) note = adm_event_new ("note", 1795370400);
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;

    adm_event_set_text (note, "by the window");
    g_assert_false (adm_campaign_append (admiralty_window_get_campaign (fixture->window), note,
                                         &error));
    text = file_contents (fixture->campaign);
    g_assert_nonnull (strstr (text, "kind=\"reveal\""));
    g_assert_null (strstr (text, "by the window"));
  }
  /* As its Reopen button does: respond, then close. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "reopen");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_cmpuint (n_events (fixture->window), ==, before + 1);
  g_assert_null (fixture->window->file_dialog);
  /* Reopened, the window writes the file again. */
  {
    g_autoptr(AdmEvent) note = adm_event_new ("note", 1795370401);
    g_autoptr(GError) error = NULL;

    adm_event_set_text (note, "after reopening");
    g_assert_true (adm_campaign_append (admiralty_window_get_campaign (fixture->window), note,
                                        &error));
    g_assert_no_error (error);
  }
  iterate_until (NULL, NULL, 500);
  g_assert_null (fixture->window->file_dialog);
}

/* The file moved away by another program: the window says so, and with nothing there to
 * reopen it offers to save its campaign under a name of the master's choice, not Reopen. */
static void
test_removed_offers_save_as (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *moved = g_build_filename (fixture->dir, "moved.admiralty", NULL);
  GtkWidget *dialog;

  g_assert_cmpint (g_rename (fixture->campaign, moved), ==, 0);
  iterate_until (file_dialog_shown, fixture->window, 5000);
  dialog = fixture->window->file_dialog;
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "removed or renamed"));
  g_assert_false (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "reopen"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "save-as");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_cmpint (g_rename (moved, fixture->campaign), ==, 0);
}

/* Another program leaves a file that does not read: Reopen says why it could not and offers
 * the newest backup, rather than closing the question and leaving the master with a campaign
 * that saves nowhere and nothing said. What it suggests, Enter's answer, is to keep the
 * window's campaign, which has everything done here, under another name: the backup may be
 * older by the last actions. */
static void
test_unreadable_reopen_says_why (Fixture       *fixture,
                                 gconstpointer  data)
{
  g_autofree char *broken = g_build_filename (fixture->dir, "broken.admiralty", NULL);
  GtkWidget *dialog;
  GtkWidget *error;

  g_assert_true (g_file_set_contents (broken, "<campaign", -1, NULL));
  g_assert_cmpint (g_rename (broken, fixture->campaign), ==, 0);
  iterate_until (file_dialog_shown, fixture->window, 5000);
  dialog = fixture->window->file_dialog;
  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "reopen"));
  /* As its Reopen button does: respond, then close. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "reopen");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (fixture->window->file_dialog);
  error = _admiralty_window_get_error_dialog (fixture->window);
  g_assert_nonnull (error);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (error)), ==,
                   "Could Not Open File");
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (error), "open-backup"));
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (error), "save-as"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (error)), ==,
                   "save-as");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (error)),
                            "still holds the campaign"));
  gtk_window_destroy (GTK_WINDOW (error));
  iterate ();
}

/* Mode 444: the save is refused, the file kept, and Save As offered. */
static void
test_read_only_offers_save_as (Fixture       *fixture,
                               gconstpointer  data)
{
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *after = NULL;
  g_autoptr(AdmEvent) note = adm_event_new ("note", 1795370400);
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  g_assert_cmpint (g_chmod (fixture->campaign, 0444), ==, 0);
  adm_event_set_text (note, "by the window");
  g_assert_false (adm_campaign_append (admiralty_window_get_campaign (fixture->window), note,
                                       &error));
  iterate ();
  dialog = fixture->window->file_dialog;
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "The Campaign File Is Read-Only");
  g_assert_cmpstr (adw_message_dialog_get_default_response (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "save-as");
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (fixture->window->file_dialog);
}

/* The bundled scenario opened, its folder the last one used: Save As proposes a folder of the
 * master's own, and the engine refuses the scenario's own path. */
static void
test_save_as_not_installed (void)
{
  AdmiraltyWindow *window = admiralty_window_new (app);
  g_autofree char *scenarios = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                 NULL);
  g_autofree char *scenario = g_build_filename (scenarios, "komarr-campaign.admiralty", NULL);
  g_autofree char *before = file_contents (scenario);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) folder = NULL;
  g_autofree char *folder_path = NULL;
  g_autofree char *proposed = NULL;
  g_autoptr(GError) error = NULL;

  g_settings_set_string (settings, "last-folder", scenarios);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_mapped, window, 5000);
  g_assert_true (admiralty_window_open (window, scenario));
  iterate ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL);
  iterate ();
  g_assert_nonnull (window->chooser);
  folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (window->chooser));
  g_assert_nonnull (folder);
  folder_path = g_file_get_path (folder);
  proposed = g_build_filename (folder_path, "komarr-campaign.admiralty", NULL);
  g_test_message ("proposed: %s", proposed);
  g_assert_false (adm_file_is_installed (proposed));
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (window->chooser));
  g_clear_object (&window->chooser);
  iterate ();

  g_assert_false (adm_campaign_save (admiralty_window_get_campaign (window), scenario, &error));
  g_assert_nonnull (strstr (error->message, "installed with Admiralty"));
  {
    g_autofree char *after = file_contents (scenario);

    g_assert_cmpstr (before, ==, after);
  }
  close_window (window);
}

/* A run from the source tree, its working folder the checkout and its last folder too: Save
 * As proposes the folder of the master's own where the app keeps unsaved campaigns (no
 * Documents folder here), shows no error on the way, and the name has the focus, so that
 * Enter saves there and never into the checkout. */
static void
test_save_as_own_folder (void)
{
  AdmiraltyWindow *window = admiralty_window_new (app);
  const char *source_dir = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *scenario = g_build_filename (source_dir, "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *campaigns = g_build_filename (g_get_user_data_dir (), "admiralty",
                                                 "campaigns", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GFile) expected = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget *dialog, *focus;

  g_assert_cmpint (g_chdir (source_dir), ==, 0);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_mapped, window, 5000);
  g_assert_true (admiralty_window_open (window, scenario));
  /* Opening the scenario made its folder the last one; a file of the checkout's made it the
   * checkout. */
  g_settings_set_string (settings, "last-folder", source_dir);
  iterate ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save-as", NULL);
  iterate_until (file_chooser_shown, NULL, 5000);
  dialog = file_chooser_dialog ();
  g_assert_nonnull (dialog);
  /* The folder is listed (an error would come as it loads). */
  iterate_until (NULL, NULL, 500);

  folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (window->chooser));
  expected = g_file_new_for_path (campaigns);
  g_assert_nonnull (folder);
  g_assert_true (g_file_equal (folder, expected));
  /* Nothing but the window and the chooser: no "folder contents could not be displayed". */
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) toplevel = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_mapped (toplevel))
        g_assert_true (toplevel == GTK_WIDGET (window) || toplevel == dialog);
    }
  focus = gtk_root_get_focus (GTK_ROOT (dialog));
  g_assert_true (GTK_IS_EDITABLE (focus));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (focus)), ==,
                   "komarr-campaign.admiralty");

  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (window->chooser));
  g_clear_object (&window->chooser);
  iterate ();
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "window-file");
  /* As main.c names the app to the programs its lock refuses. */
  g_set_application_name ("Admiralty");

#define ADD(name, func) \
  g_test_add ("/ui/window-file/" name, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("cli-refused", test_cli_refused);
  ADD ("replaced-offers-reopen", test_replaced_offers_reopen);
  ADD ("removed-offers-save-as", test_removed_offers_save_as);
  ADD ("unreadable-reopen-says-why", test_unreadable_reopen_says_why);
  ADD ("read-only-offers-save-as", test_read_only_offers_save_as);
#undef ADD
  g_test_add_func ("/ui/window-file/save-as-not-installed", test_save_as_not_installed);
  g_test_add_func ("/ui/window-file/save-as-own-folder", test_save_as_own_folder);

  return ui_test_finish (g_test_run ());
}
