/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-archive.c: "Write the Archives…" (win.archive) in the War's End menu — the
 * campaign's archives (adm-archive.h), the master's, the public's and one for each faction of
 * its admirals,
 * written into a folder the master chooses, each an HTML file that opens from a USB stick with
 * no network, and each battle of each archive as a WebM video for the admirals' chat (as that
 * side saw it). Without GStreamer's VP8 encoder the archives are written and the master is
 * told which package the videos need. The writing runs off the main thread on a copy of the campaign made from its
 * saved bytes (the campaign itself is never touched by another thread), with a progress bar
 * and Cancel; each file is written whole or not at all. A battle not ended is said before a
 * folder is asked for. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "adm-archive.h"
#include "adm-video.h"
#include "admiralty-window-private.h"
#include "adm-campaign-file.h"

/* One writing of the archives: what the thread reads, and what the main thread shows. */
typedef struct {
  GBytes       *campaign;   /* the campaign's file as it stood */
  char         *name;       /* its display name, for messages */
  char         *folder;
  char         *stem;       /* "komarr": the files are "komarr-master.html", "komarr-pol.html" */
  GPtrArray    *audiences;  /* char*: "master", then faction ids */
  GCancellable *cancellable;
  AdwMessageDialog *dialog; /* the progress, while it runs; a weak pointer */
  GtkProgressBar   *bar;
  guint         tick;       /* the progress bar's timeout */
  int           done;       /* frames written, atomic */
  int           total;      /* frames to write, atomic: 0 until counted */
  int           videos;     /* battles' videos written (the thread's, read once it is done) */
  char         *no_video;   /* why no video could be written (the encoder missing), or NULL */
} ArchiveRun;

static void
archive_run_free (gpointer data)
{
  ArchiveRun *run = data;

  g_bytes_unref (run->campaign);
  g_free (run->name);
  g_free (run->folder);
  g_free (run->stem);
  g_free (run->no_video);
  g_ptr_array_unref (run->audiences);
  g_object_unref (run->cancellable);
  g_clear_handle_id (&run->tick, g_source_remove);
  if (run->dialog != NULL)
    g_object_remove_weak_pointer (G_OBJECT (run->dialog), (gpointer *) &run->dialog);
  g_free (run);
}

static void
frame_written_cb (guint    done,
                  guint    total,
                  gpointer data)
{
  ArchiveRun *run = data;

  g_atomic_int_inc (&run->done);
}

/* The thread: the campaign opened from its bytes, every archive counted, then written. */
static void
archive_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  ArchiveRun *run = data;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GPtrArray) archives = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                  adm_archive_free);
  GError *error = NULL;
  int total = 0;

  campaign = adm_campaign_load_memory (g_bytes_get_data (run->campaign, NULL),
                                       g_bytes_get_size (run->campaign), run->name, &error);
  if (campaign == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  for (guint a = 0; a < run->audiences->len; a++)
    {
      AdmArchive *archive = adm_archive_new (campaign, g_ptr_array_index (run->audiences, a),
                                             &error);

      if (archive == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      /* Its page's frames, then its battles' in their videos. */
      total += adm_archive_get_n_frames (archive);
      for (guint b = 0; b < adm_archive_get_n_battles (archive); b++)
        total += adm_archive_get_battle_n_frames (archive,
                                                  adm_archive_get_battle_id (archive, b));
      g_ptr_array_add (archives, archive);
    }
  g_atomic_int_set (&run->total, MAX (total, 1));
  for (guint a = 0; a < archives->len; a++)
    {
      AdmArchive *archive = g_ptr_array_index (archives, a);
      const char *as = g_ptr_array_index (run->audiences, a);
      g_autofree char *file = g_strdup_printf ("%s-%s.html", run->stem, as);
      g_autofree char *path = g_build_filename (run->folder, file, NULL);

      if (!adm_archive_save_html (archive, path, frame_written_cb, run, cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
      /* Its battles' videos: "komarr-barrayar-battle-1.webm", numbered in the order the
       * archive holds them (a side's never named by the engagement's id, F-STRAT-3). */
      for (guint b = 0; b < adm_archive_get_n_battles (archive); b++)
        {
          const char *id = adm_archive_get_battle_id (archive, b);
          g_autofree char *video = g_strdup_printf ("%s-%s-battle-%u.webm", run->stem, as,
                                                    b + 1);
          g_autofree char *video_path = g_build_filename (run->folder, video, NULL);

          if (run->no_video == NULL &&
              adm_archive_save_video (archive, id, video_path, frame_written_cb, run,
                                      cancellable, &error))
            run->videos++;
          else if (run->no_video != NULL ||
                   g_error_matches (error, ADM_VIDEO_ERROR, ADM_VIDEO_ERROR_MISSING))
            {
              /* Its frames counted as done: the archives go on without videos. */
              if (run->no_video == NULL)
                run->no_video = g_strdup (error->message);
              g_clear_error (&error);
              g_atomic_int_add (&run->done, adm_archive_get_battle_n_frames (archive, id));
            }
          else
            {
              g_task_return_error (task, error);
              return;
            }
        }
    }
  g_task_return_int (task, archives->len);
}

static gboolean
tick_cb (gpointer data)
{
  ArchiveRun *run = data;
  int total = g_atomic_int_get (&run->total);

  if (run->bar != NULL && run->dialog != NULL)
    {
      if (total == 0)
        gtk_progress_bar_pulse (run->bar);
      else
        gtk_progress_bar_set_fraction (run->bar,
                                       (double) g_atomic_int_get (&run->done) / total);
    }
  return G_SOURCE_CONTINUE;
}

static void
archive_done_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (source);
  ArchiveRun *run = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  gssize written = g_task_propagate_int (G_TASK (result), &error);

  if (run->dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (run->dialog));
  if (written < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    _admiralty_window_toast (self, _("Writing the archives was cancelled: the one under way "
                                     "was not written"));
  else if (written < 0)
    _admiralty_window_present_error (self, _("Could Not Write the Archives"), error->message,
                                     NULL);
  else if (run->no_video != NULL)
    {
      g_autofree char *folder = g_filename_display_name (run->folder);
      /* Translators: "The 4 archives are in /media/usb; no battle’s video could be written:
       * GStreamer's VP8 video encoder (vp8enc) is not installed: …." */
      g_autofree char *body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "The %d archive is in %s; no "
                                                            "battle’s video could be written: "
                                                            "%s.",
                                                            "The %d archives are in %s; no "
                                                            "battle’s video could be written: "
                                                            "%s.", written),
                                               (int) written, folder, run->no_video);

      _admiralty_window_present_error (self, _("Wrote the Archives, Not the Videos"), body,
                                       NULL);
    }
  else if (run->videos > 0)
    {
      g_autofree char *folder = g_filename_display_name (run->folder);
      int files = (int) written + run->videos;
      /* Translators: a toast: "Wrote 9 files into /media/usb: each archive and its battles'
       * videos" */
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Wrote %d file into %s: each "
                                                            "archive and its battles’ videos",
                                                            "Wrote %d files into %s: each "
                                                            "archive and its battles’ videos",
                                                            files), files, folder);

      _admiralty_window_toast (self, text);
    }
  else
    {
      g_autofree char *folder = g_filename_display_name (run->folder);
      /* Translators: a toast: "Wrote 4 archives into /media/usb" */
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "Wrote %d archive into %s",
                                                            "Wrote %d archives into %s",
                                                            written), (int) written, folder);

      _admiralty_window_toast (self, text);
    }
}

static void
progress_response_cb (AdwMessageDialog *dialog,
                      const char       *response,
                      ArchiveRun       *run)
{
  g_cancellable_cancel (run->cancellable);
}

/* The audiences of @campaign's archives: the master, the public (what every side was told,
 * for the notice board), then each faction of its admirals. */
static GPtrArray *
audiences_of (AdmCampaign *campaign)
{
  GPtrArray *audiences = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *admirals = adm_campaign_get_admirals (campaign);

  g_ptr_array_add (audiences, g_strdup ("master"));
  g_ptr_array_add (audiences, g_strdup ("public"));
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmFaction *faction = ((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction;

      if (faction != NULL &&
          !g_ptr_array_find_with_equal_func (audiences, faction->id, g_str_equal, NULL))
        g_ptr_array_add (audiences, g_strdup (faction->id));
    }
  return audiences;
}

/* "komarr.admiralty" → "komarr"; a campaign with no file yet, its scenario's id. */
static char *
stem_of (AdmCampaign *campaign)
{
  const char *path = adm_campaign_get_path (campaign);
  char *base = path != NULL ? g_path_get_basename (path) : NULL;

  if (base != NULL && g_str_has_suffix (base, ".admiralty"))
    {
      base[strlen (base) - strlen (".admiralty")] = '\0';
      return base;
    }
  g_free (base);
  return g_strdup (adm_scenario_get_id (adm_campaign_get_scenario (campaign)));
}

void
_admiralty_window_write_archives (AdmiraltyWindow *self,
                                  const char      *folder)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *text = NULL, *display = NULL;
  ArchiveRun *run;
  GtkWidget *bar;
  gsize length;

  g_return_if_fail (ADMIRALTY_IS_WINDOW (self));
  g_return_if_fail (self->campaign != NULL);

  text = adm_campaign_serialize (self->campaign, &length);
  run = g_new0 (ArchiveRun, 1);
  run->campaign = g_bytes_new_take (g_steal_pointer (&text), length);
  run->name = g_strdup (adm_campaign_get_path (self->campaign) != NULL
                        ? adm_campaign_get_path (self->campaign) : "campaign.admiralty");
  run->folder = g_strdup (folder);
  run->stem = stem_of (self->campaign);
  run->audiences = audiences_of (self->campaign);
  run->cancellable = g_cancellable_new ();

  display = g_filename_display_name (folder);
  run->dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self),
                                                            _("Writing the Archives"), NULL));
  /* Translators: "Yours, the public’s and each side’s, into /media/usb: each a file …" */
  adw_message_dialog_format_body (run->dialog,
                                  _("Yours, the public’s and each side’s, into %s: each a file "
                                    "that opens in "
                                    "a browser with no network, and each battle in it as a "
                                    "video."), display);
  bar = gtk_progress_bar_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Frames written"), -1);
  run->bar = GTK_PROGRESS_BAR (bar);
  adw_message_dialog_set_extra_child (run->dialog, bar);
  adw_message_dialog_add_response (run->dialog, "cancel", _("_Cancel"));
  adw_message_dialog_set_close_response (run->dialog, "cancel");
  gtk_window_set_modal (GTK_WINDOW (run->dialog), TRUE);
  g_object_add_weak_pointer (G_OBJECT (run->dialog), (gpointer *) &run->dialog);
  g_signal_connect (run->dialog, "response", G_CALLBACK (progress_response_cb), run);
  gtk_window_present (GTK_WINDOW (run->dialog));
  run->tick = g_timeout_add (100, tick_cb, run);

  task = g_task_new (self, run->cancellable, archive_done_cb, NULL);
  g_task_set_source_tag (task, _admiralty_window_write_archives);
  g_task_set_task_data (task, run, archive_run_free);
  g_task_run_in_thread (task, archive_thread);
}

static void
archive_response_cb (AdmiraltyWindow      *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL || self->campaign == NULL)
    return;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      _admiralty_window_present_error (self, _("Could Not Write the Archives"),
                                       _("Choose a folder on this computer."), NULL);
      return;
    }
  _admiralty_window_write_archives (self, path);
}

/* win.archive */
static void
archive_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  g_autoptr(AdmArchive) archive = NULL;
  g_autoptr(GError) error = NULL;
  const char *path;

  if (self->campaign == NULL)
    return;
  /* F-STRAT-4: said before a folder is asked for. */
  if ((archive = adm_archive_new (self->campaign, NULL, &error)) == NULL)
    {
      g_autofree char *body = g_strdup_printf ("%s.", error->message);

      body[0] = g_unichar_toupper (body[0]);
      _admiralty_window_present_error (self, _("The War Is Not at Rest"), body, NULL);
      return;
    }
  _admiralty_window_new_chooser (self, _("Write the Archives Into"),
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Write"),
                                 G_CALLBACK (archive_response_cb));
  path = adm_campaign_get_path (self->campaign);
  if (path != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      g_autoptr(GFile) folder = g_file_new_for_path (dir);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
_admiralty_window_class_archive_init (AdmiraltyWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.archive", NULL,
                                   archive_action);
}
