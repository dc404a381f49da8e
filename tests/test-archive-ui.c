/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-archive-ui.c: "Write the Archives…" (win.archive) in the master's window under Xvfb.
 * A battle begun and not ended is said before a folder is asked for (F-STRAT-4); on a
 * campaign at rest the master's archive and each faction's are written into the folder off
 * the main thread, the progress dialog gone and a toast saying so when they are, the
 * campaign's file unchanged; each battle of each archive as a WebM video beside them; Cancel
 * clicked mid-way stops it, leaving no file half written. The public's archive and *Replay
 * the War…* as the Public, stepped with Page Down, show each battle phase the public was told
 * of as the same picture (F-STRAT-3). The folder chooser itself is GTK's. */

#include "config.h"

#include <string.h>

#include "adm-archive.h"
#include "admiralty-replay-window.h"
#include "admiralty-window-private.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "picture-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-battles.h"

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
  /* Stopped: nine pages and four videos (the master's, the public's and each side's of c1-1)
   * when written whole. */
  g_assert_cmpuint (files, <, 13);
  campaign_fixture_tear_down (&fixture);
}

/* The replay's table drawn as the archive draws a frame: the battle it shows, for the
 * audience it shows it to (its view side, or the public of the battle then), fitted to a
 * frame of the archive's size. */
static cairo_surface_t *
replay_as_frame (AdmiraltyTableWidget *table)
{
  const AdmiraltyTableOptions *shown = admiralty_table_widget_get_options (table);
  AdmBattle *battle = admiralty_table_widget_get_battle (table);
  AdmiraltyTableOptions options;
  AdmiraltyTableView view;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24,
                                                         ADM_ARCHIVE_FRAME_WIDTH,
                                                         ADM_ARCHIVE_FRAME_HEIGHT);
  cairo_t *cr = cairo_create (surface);

  admiralty_table_options_init (&options);
  options.view_side = shown->view_side;
  options.audience = shown->audience;
  options.still = TRUE;
  admiralty_table_view_init (&view, ADM_ARCHIVE_FRAME_WIDTH, ADM_ARCHIVE_FRAME_HEIGHT);
  admiralty_table_view_fit (&view, battle, &options);
  admiralty_table_render (cr, &view, battle, &options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Whether @a and @b, both of the archive's frame size, have the same colour at every pixel. */
static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  for (int y = 0; y < ADM_ARCHIVE_FRAME_HEIGHT; y++)
    {
      const guint32 *one = (const guint32 *) (cairo_image_surface_get_data (a) +
                                              y * cairo_image_surface_get_stride (a));
      const guint32 *two = (const guint32 *) (cairo_image_surface_get_data (b) +
                                              y * cairo_image_surface_get_stride (b));

      for (int x = 0; x < ADM_ARCHIVE_FRAME_WIDTH; x++)
        if ((one[x] & 0xffffff) != (two[x] & 0xffffff))
          return FALSE;
    }
  return TRUE;
}

/* F-STRAT-3, F-ECM-2: the public's archive of a war with a battle the public learnt of
 * mid-way and another with a formation hidden from it (komarr_public_battles ()), against
 * *Replay the War…* as the Public stepped from its start with Page Down: the replay shows a
 * table at as many steps as the archive has battle frames, and at each the replay's picture
 * — its battle, for its audience, drawn at the frame's size — is the archive's PNG frame,
 * pixel for pixel. */
static void
test_public_replay (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GArray) told = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autoptr(GPtrArray) battle_frames = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-archive-ui-XXXXXX", &error);
  g_autofree char *list = NULL, *text = NULL;
  g_auto(GStrv) rows = NULL;
  AdmiraltyReplayWindow *replay;
  guint n, checked = 0;

  if (!pointer_available ())
    {
      g_test_skip ("no X11 display or xdotool");
      return;
    }
  g_assert_no_error (error);
  komarr_public_battles (campaign, T0, told);
  archive = adm_archive_new (campaign, "public", &error);
  g_assert_no_error (error);
  g_assert_true (adm_archive_save_frames (archive, dir, ADM_ARCHIVE_FORMAT_PNG, NULL, NULL, NULL,
                                          &error));
  g_assert_no_error (error);
  list = g_build_filename (dir, "frames.txt", NULL);
  text = file_contents (list);
  rows = g_strsplit (text, "\n", -1);
  for (guint r = 0; rows[r] != NULL && rows[r][0] != '\0'; r++)
    {
      g_auto(GStrv) fields = g_strsplit (rows[r], "\t", -1);

      if (!g_str_equal (fields[1], "The sector map"))
        g_ptr_array_add (battle_frames, g_build_filename (dir, fields[0], NULL));
    }
  g_assert_cmpuint (battle_frames->len, ==, told->len);

  replay = admiralty_replay_window_new (NULL, campaign);
  gtk_window_set_default_size (GTK_WINDOW (replay), 1280, 800);
  gtk_window_present (GTK_WINDOW (replay));
  iterate_until (widget_mapped, replay, 5000);
  g_assert_true (admiralty_replay_window_set_audience (replay, "public", &error));
  g_assert_no_error (error);
  focus_window (GTK_WIDGET (replay));
  keys_to (GTK_WIDGET (replay), "ctrl+Home");
  wait_frames ();
  n = g_list_model_get_n_items (G_LIST_MODEL (admiralty_replay_window_get_timeline (replay)));
  for (guint step = 0;; step++)
    {
      AdmiraltyTableWidget *table = admiralty_replay_window_get_table (replay);

      g_assert_cmpuint (admiralty_replay_window_get_position (replay), ==, step);
      if (table != NULL)
        {
          g_autofree char *name = g_strdup_printf ("archive-public-step-%u", step);
          cairo_surface_t *replayed = replay_as_frame (table);
          cairo_surface_t *frame = NULL;

          g_assert_cmpuint (checked, <, battle_frames->len);
          g_assert_nonnull (admiralty_table_widget_get_options (table)->audience);
          frame = cairo_image_surface_create_from_png (g_ptr_array_index (battle_frames,
                                                                          checked));
          g_assert_cmpint (cairo_surface_status (frame), ==, CAIRO_STATUS_SUCCESS);
          if (!same_pixels (replayed, frame))
            {
              save_png (replayed, name);
              g_error ("step %u: the replay's picture differs from the archive's %s", step,
                       (const char *) g_ptr_array_index (battle_frames, checked));
            }
          if (checked == battle_frames->len - 1)
            save_screenshot (GTK_WIDGET (replay), "archive-public-replay.png");
          cairo_surface_destroy (replayed);
          cairo_surface_destroy (frame);
          checked++;
        }
      if (step + 1 == n)
        break;
      keys_to (GTK_WIDGET (replay), "Page_Down");
      wait_frames ();
    }
  g_assert_cmpuint (checked, ==, battle_frames->len);
  gtk_window_destroy (GTK_WINDOW (replay));
  remove_tree (dir);
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
  g_test_add_func ("/ui/archive-ui/F-STRAT-3/F-ECM-2/public-replay", test_public_replay);
  return g_test_run ();
}
