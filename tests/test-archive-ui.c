/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-archive-ui.c: "Write the Archives…" (win.archive) in the master's window under Xvfb.
 * A battle begun and not ended is said before a folder is asked for (F-STRAT-4); on a
 * campaign at rest the master's archive and each faction's are written into the folder off
 * the main thread, the progress dialog gone and a toast saying so when they are, the
 * campaign's file unchanged; each battle of each archive as a WebM video beside them; Cancel
 * clicked mid-way stops it, leaving no file half written. The folder chooser itself is
 * GTK's. */

#include "config.h"

#include <string.h>

#include "adm-archive.h"
#include "admiralty-window-private.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* F-STRAT-4: c1-1's battle kept and not ended; the master is told which, and no chooser
 * opens. */
static void
test_refused (void)
{
  CampaignFixture fixture;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;

  komarr_fixture_set_up (&fixture, "archive-refused", 1, T0, 0, 0);
  battle = komarr_capture_pol_defiant (fixture.window->campaign);
  g_assert_true (adm_campaign_keep_battle (fixture.window->campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture.window), "win.archive",
                                             NULL));
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The War Is Not at Rest");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "The battle of engagement c1-1 at Pol jump point is not "
                                   "ended; "));
  g_assert_null (fixture.window->chooser);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  campaign_fixture_tear_down (&fixture);
}

typedef struct {
  CampaignFixture *fixture;
  const char      *text;
} Toast;

static gboolean
toast_shown (gpointer data)
{
  Toast *toast = data;

  return shows_label (GTK_WIDGET (toast->fixture->window), toast->text);
}

/* The archives written into a new folder: the master's, the public's and each faction's of
 * its admirals, each a whole page; the campaign's file as it was. */
static void
test_written (void)
{
  CampaignFixture fixture;
  g_autofree char *folder = NULL, *before = NULL, *after = NULL, *toast_text = NULL;
  GPtrArray *admirals;
  g_autoptr(GPtrArray) factions = g_ptr_array_new ();
  Toast toast = { &fixture, NULL };

  komarr_fixture_set_up (&fixture, "archive-written", 1, T0, 0, 0);
  folder = g_build_filename (fixture.dir, "usb", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  before = file_contents (fixture.campaign_path);
  _admiralty_window_write_archives (fixture.window, folder);
  iterate_until (message_dialog_shown, NULL, 5000);
  g_assert_cmpstr (adw_message_dialog_get_heading (message_dialog ()), ==,
                   "Writing the Archives");
  admirals = adm_campaign_get_admirals (fixture.window->campaign);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmFaction *faction = ((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction;

      if (!g_ptr_array_find (factions, faction, NULL))
        g_ptr_array_add (factions, (gpointer) faction);
    }
  g_ptr_array_insert (factions, 0, NULL);
  toast_text = g_strdup_printf ("Wrote %u archives into %s", factions->len + 1, folder);
  toast.text = toast_text;
  iterate_until (toast_shown, &toast, 20000);
  g_assert_true (toast_shown (&toast));
  g_assert_null (message_dialog ());
  for (guint f = 0; f <= factions->len; f++)
    {
      const char *as = f == 0 ? "master" : f == 1 ? "public"
                     : ((const AdmFaction *) g_ptr_array_index (factions, f - 1))->id;
      g_autofree char *name = g_strdup_printf ("komarr-%s.html", as);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *page = file_contents (path);

      g_assert_true (g_str_has_prefix (page, "<!DOCTYPE html>"));
      g_assert_true (g_str_has_suffix (page, "</html>\n"));
    }
  after = file_contents (fixture.campaign_path);
  g_assert_cmpstr (after, ==, before);
  campaign_fixture_tear_down (&fixture);
}

/* A campaign at rest with a battle fought (c1-1, Pol jump point): each archive holding it has
 * its video beside it, "komarr-AS-battle-1.webm", a WebM file (EBML, doctype webm); the toast
 * counts the pages and the videos. */
static void
test_videos (void)
{
  CampaignFixture fixture;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = NULL, *toast_text = NULL;
  g_autoptr(GPtrArray) audiences = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *admirals;
  Toast toast = { &fixture, NULL };
  guint videos = 0;

  komarr_fixture_set_up (&fixture, "archive-videos", 1, T0, 0, 0);
  battle = komarr_capture_pol_defiant (fixture.window->campaign);
  g_assert_true (adm_campaign_keep_battle (fixture.window->campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  komarr_end_battles (fixture.window->campaign, "c1-1", T0 + 3000);
  folder = g_build_filename (fixture.dir, "usb", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);

  g_ptr_array_add (audiences, g_strdup ("master"));
  g_ptr_array_add (audiences, g_strdup ("public"));
  admirals = adm_campaign_get_admirals (fixture.window->campaign);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmFaction *faction = ((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction;

      if (!g_ptr_array_find_with_equal_func (audiences, faction->id, g_str_equal, NULL))
        g_ptr_array_add (audiences, g_strdup (faction->id));
    }
  for (guint a = 0; a < audiences->len; a++)
    {
      g_autoptr(AdmArchive) archive = adm_archive_new (fixture.window->campaign,
                                                       g_ptr_array_index (audiences, a),
                                                       &error);

      g_assert_no_error (error);
      videos += adm_archive_get_n_battles (archive);
    }
  g_assert_cmpuint (videos, >, 1);

  _admiralty_window_write_archives (fixture.window, folder);
  toast_text = g_strdup_printf ("Wrote %u files into %s: each archive and its battles’ "
                                "videos", audiences->len + videos, folder);
  toast.text = toast_text;
  iterate_until (toast_shown, &toast, 60000);
  g_assert_true (toast_shown (&toast));
  for (guint a = 0; a < audiences->len; a++)
    {
      g_autoptr(AdmArchive) archive = adm_archive_new (fixture.window->campaign,
                                                       g_ptr_array_index (audiences, a),
                                                       &error);

      for (guint b = 0; b < adm_archive_get_n_battles (archive); b++)
        {
          g_autofree char *name = g_strdup_printf ("komarr-%s-battle-%u.webm",
                                                   (const char *) g_ptr_array_index (audiences,
                                                                                     a), b + 1);
          g_autofree char *path = g_build_filename (folder, name, NULL);
          g_autofree char *data = NULL;
          gsize length = 0;

          g_assert_true (g_file_get_contents (path, &data, &length, NULL));
          g_assert_cmpuint (length, >, 1000);
          g_assert_cmpmem (data, 4, "\x1a\x45\xdf\xa3", 4);
          /* The EBML head's DocType. */
          g_assert_nonnull (memmem (data, MIN (length, 64), "webm", 4));
        }
    }
  campaign_fixture_tear_down (&fixture);
}

/* Cancel clicked while the archives are being written (each file's flush to the disk made four
 * seconds slow): the dialog goes, a toast says so, and of the files only those finished before
 * the click are there, each whole, no temporary file beside them. */
static void
test_cancel (void)
{
  CampaignFixture fixture;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autofree char *folder = NULL;
  Toast toast = { &fixture, "Writing the archives was cancelled: the one under way was not "
                            "written" };
  AdwMessageDialog *dialog;
  guint files = 0;

  if (!pointer_available ())
    {
      g_test_skip ("no X11 display or xdotool");
      return;
    }
  komarr_fixture_set_up (&fixture, "archive-cancel", 1, T0, 0, 0);
  battle = komarr_capture_pol_defiant (fixture.window->campaign);
  g_assert_true (adm_campaign_keep_battle (fixture.window->campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  komarr_end_battles (fixture.window->campaign, "c1-1", T0 + 3000);
  folder = g_build_filename (fixture.dir, "usb", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);

  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "4000", TRUE);
  _admiralty_window_write_archives (fixture.window, folder);
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Writing the Archives");
  /* Laid out and drawn, where the master sees its button. */
  wait_frames ();
  pointer_click_widget (button (GTK_WIDGET (dialog), "_Cancel"));
  iterate_until (toast_shown, &toast, 20000);
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  g_assert_true (toast_shown (&toast));
  g_assert_null (message_dialog ());

  dir = g_dir_open (folder, 0, NULL);
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *data = NULL;
      gsize length = 0;

      g_test_message ("left in the folder: %s", name);
      g_assert_true (g_str_has_prefix (name, "komarr-"));
      g_assert_true (g_file_get_contents (path, &data, &length, NULL));
      if (g_str_has_suffix (name, ".html"))
        g_assert_true (g_str_has_suffix (data, "</html>\n"));
      else
        {
          g_assert_true (g_str_has_suffix (name, ".webm"));
          g_assert_cmpmem (data, 4, "\x1a\x45\xdf\xa3", 4);
        }
      files++;
    }
  /* Stopped: nine pages and three videos when written whole. */
  g_assert_cmpuint (files, <, 12);
  campaign_fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "archive-ui");
  g_test_add_func ("/ui/archive-ui/F-STRAT-4/refused", test_refused);
  g_test_add_func ("/ui/archive-ui/written", test_written);
  g_test_add_func ("/ui/archive-ui/videos", test_videos);
  g_test_add_func ("/ui/archive-ui/cancel", test_cancel);
  return g_test_run ();
}
