/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-file.c: the campaign's file while the window has it open. The window holds
 * the file's lock (adm_campaign_open_for_writing ()): another program that would write it is
 * refused, naming Admiralty. A change it has not read — a program that took no lock, the file
 * replaced or removed — is noticed as it happens (a GFileMonitor) and at the next save (which
 * refuses: adm_campaign_save ()), and said in a dialog offering to reopen the file or to keep
 * the window's campaign as a copy under another name, so that neither the other program's
 * change nor the master's work is lost; a file removed offers the copy alone. A read-only or
 * installed file offers Save As. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-window-private.h"
#include "adm-campaign-file.h"

static void
file_dialog_response_cb (AdmiraltyWindow  *self,
                         const char       *response,
                         AdwMessageDialog *dialog)
{
  g_autofree char *path = g_steal_pointer (&self->file_dialog_path);

  /* Answered: what follows (a file that does not open again, a Save As refused) is said in a
   * dialog of its own, which the window gives none while this one is up. */
  g_clear_weak_pointer (&self->file_dialog);
  if (g_str_equal (response, "save-as"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", NULL);
  else if (g_str_equal (response, "reopen") && path != NULL)
    admiralty_window_open (self, path);
}

static void
present_file_dialog (AdmiraltyWindow *self,
                     const char      *heading,
                     const char      *body,
                     gboolean         reopen)
{
  AdwMessageDialog *dialog;
  const char *path = adm_campaign_get_path (self->campaign);

  /* One at a time: a second refusal while the master reads the first says nothing new. */
  if (self->file_dialog != NULL)
    return;
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), heading, body));
  adw_message_dialog_add_response (dialog, "cancel", _("_Not Now"));
  adw_message_dialog_add_response (dialog, "save-as",
                                   reopen ? _("_Keep My Copy As…") : _("_Save As…"));
  if (reopen)
    {
      adw_message_dialog_add_response (dialog, "reopen", _("_Reopen"));
      adw_message_dialog_set_response_appearance (dialog, "reopen", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "reopen");
    }
  else
    {
      adw_message_dialog_set_response_appearance (dialog, "save-as", ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (dialog, "save-as");
    }
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_free (self->file_dialog_path);
  self->file_dialog_path = g_strdup (path);
  g_signal_connect_object (dialog, "response", G_CALLBACK (file_dialog_response_cb), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->file_dialog, GTK_WIDGET (dialog));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A file changed is offered to be reopened; one removed or renamed away has nothing to
 * reopen, and the window's campaign, the one copy the master has at hand, is offered to be
 * kept under a name of his choice. */
static void
present_changed (AdmiraltyWindow *self,
                 const GError    *error)
{
  const char *path = adm_campaign_get_path (self->campaign);
  g_autofree char *display = g_filename_display_name (path);
  gboolean there = g_file_test (path, G_FILE_TEST_EXISTS);
  g_autofree char *body = NULL;

  if (there)
    /* Translators: the first %s is a file path, the second why ("It was changed by another
     * program since this one read it") */
    body = g_strdup_printf (_("%s: %s.\n\nNothing more is saved to it from this window. "
                              "Reopen it to go on from what it holds now, or keep this "
                              "window’s campaign as a copy under another name."),
                            display, error->message);
  else
    /* Translators: the first %s is a file path, the second why ("It was removed or renamed
     * by another program since this one read it") */
    body = g_strdup_printf (_("%s: %s.\n\nNothing more is saved to it from this window. Save "
                              "this window’s campaign under a name of your choice to go on "
                              "from it."), display, error->message);
  present_file_dialog (self, _("The Campaign File Was Changed by Another Program"), body,
                       there);
}

void
_admiralty_window_file_save_failed (AdmiraltyWindow *self,
                                    const GError    *error)
{
  const char *path = self->campaign != NULL ? adm_campaign_get_path (self->campaign) : NULL;

  g_return_if_fail (ADMIRALTY_IS_WINDOW (self));

  if (path == NULL || error->domain != ADM_FILE_ERROR)
    return;
  if (error->code == ADM_FILE_ERROR_CHANGED)
    present_changed (self, error);
  else if (error->code == ADM_FILE_ERROR_READ_ONLY || error->code == ADM_FILE_ERROR_INSTALLED)
    {
      g_autofree char *display = g_filename_display_name (path);
      /* Translators: the first %s is a file path, the second why ("The file is read-only: …") */
      g_autofree char *body = g_strdup_printf (_("Nothing can be saved to %s. %s.\n\nSave the "
                                                 "campaign under another name to go on."),
                                               display, error->message);

      present_file_dialog (self, _("The Campaign File Is Read-Only"), body, FALSE);
    }
}

static gboolean
check_file_cb (gpointer data)
{
  AdmiraltyWindow *self = data;
  g_autoptr(GError) error = NULL;

  self->file_check_id = 0;
  if (self->campaign != NULL && !adm_campaign_check_file (self->campaign, &error))
    present_changed (self, error);
  return G_SOURCE_REMOVE;
}

/* Any event on the file: whether it is still as the campaign left it is checked once the
 * events of one write have all come (a save is several: written, renamed, linked). The
 * window's own saves leave it so. */
static void
file_changed_cb (AdmiraltyWindow   *self,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 GFileMonitor      *monitor)
{
  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED || self->file_check_id != 0)
    return;
  self->file_check_id = g_timeout_add (200, check_file_cb, self);
}

void
_admiralty_window_watch_file (AdmiraltyWindow *self)
{
  const char *path = self->campaign != NULL ? adm_campaign_get_path (self->campaign) : NULL;
  g_autoptr(GFile) file = NULL;

  g_return_if_fail (ADMIRALTY_IS_WINDOW (self));

  if (self->file_monitor != NULL)
    {
      if (g_strcmp0 (self->watched_path, path) == 0)
        return;
      g_file_monitor_cancel (self->file_monitor);
      g_clear_object (&self->file_monitor);
      g_clear_pointer (&self->watched_path, g_free);
    }
  g_clear_handle_id (&self->file_check_id, g_source_remove);
  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  /* Moves are watched too: another program's save renames its new file over this one. */
  self->file_monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->file_monitor == NULL)
    return;
  self->watched_path = g_strdup (path);
  g_signal_connect_object (self->file_monitor, "changed", G_CALLBACK (file_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

void
_admiralty_window_unwatch_file (AdmiraltyWindow *self)
{
  g_clear_handle_id (&self->file_check_id, g_source_remove);
  if (self->file_monitor != NULL)
    g_file_monitor_cancel (self->file_monitor);
  g_clear_object (&self->file_monitor);
  g_clear_pointer (&self->watched_path, g_free);
  if (self->file_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->file_dialog));
  g_clear_weak_pointer (&self->file_dialog);
  g_clear_pointer (&self->file_dialog_path, g_free);
}
