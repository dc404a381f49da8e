/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-usb.c: several masters, one campaign, without the network — the USB path.
 * At a table, "Export Battle…" (win.export-table-battle) writes the battle of the selected tab
 * as one <table-battle> file (adm_table_client_export ()); at the chief, "Import Table
 * Battle…" (win.import-table-battle) applies such a file to the open campaign through the
 * window's own campaign, its one writer, with the checks a message over the network gets
 * (adm_campaign_receive_from_table ()). Neither needs the app closed. */

#include "config.h"

#include <glib/gi18n.h>

#include "adm-file.h"
#include "adm-table-server.h"
#include "admiralty-window-private.h"

/* The table client of the battle in the selected tab, or NULL. */
static AdmTableClient *
selected_client (AdmiraltyWindow *self)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);

  return page != NULL ? admiralty_battle_page_get_table_client (page) : NULL;
}

char *
_admiralty_window_export_table_battle (AdmiraltyWindow  *self,
                                       const char       *path,
                                       GError          **error)
{
  AdmTableClient *client = selected_client (self);
  g_autoptr(GError) written = NULL;
  g_autofree char *data = NULL, *display = NULL, *basename = NULL;
  gsize length = 0;
  guint entries;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (client == NULL || adm_table_client_get_battle (client) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The selected tab holds no battle of a table: open the battle "
                             "with “Join a Table…” first."));
      return NULL;
    }
  data = adm_table_client_export (client, &length);
  display = g_filename_display_name (path);
  if (!adm_file_write_replacing (path, data, length, &written))
    {
      g_set_error (error, written->domain, written->code, _("Cannot write %s: %s"), display,
                   written->message);
      return NULL;
    }
  entries = adm_journal_get_n_entries (adm_battle_get_log (adm_table_client_get_battle (client)));
  basename = g_path_get_basename (path);
  /* Translators: a toast, "Engagement c1-3 (12 entries) is in c1-3.table-battle: the chief
   * master imports it with Import Table Battle…" */
  return g_strdup_printf (ngettext ("Engagement %s (%u entry) is in %s: the chief master "
                                    "imports it with “Import Table Battle…”",
                                    "Engagement %s (%u entries) is in %s: the chief master "
                                    "imports it with “Import Table Battle…”", entries),
                          adm_table_client_get_engagement (client), entries, basename);
}

char *
_admiralty_window_import_table_battle (AdmiraltyWindow  *self,
                                       const char       *path,
                                       GError          **error)
{
  g_autofree char *data = NULL, *display = NULL, *engagement = NULL;
  AdmTableReceipt before, receipt;
  gsize length = 0;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (self->campaign == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("Open the campaign the battle was handed out from first."));
      return NULL;
    }
  /* No more than a table may send over the network, with the same checks. */
  data = adm_table_battle_read_file (path, ADM_TABLE_SERVER_MAX_BODY, &length, error);
  if (data == NULL)
    return NULL;
  display = g_filename_display_name (path);
  if (!adm_table_battle_peek (data, length, display, &engagement, NULL, NULL, NULL, error))
    return NULL;
  adm_campaign_get_table_receipt (self->campaign, engagement, &before);
  receipt = before;
  if (!adm_campaign_receive_from_table (self->campaign, NULL, data, length, display, &receipt,
                                        error))
    return NULL;
  if (receipt.ended && !before.ended)
    /* Translators: a toast, "Engagement c1-3: its battle is ended and its results are in the
     * campaign" */
    return g_strdup_printf (_("Engagement %s: its battle is ended and its results are in the "
                              "campaign"), engagement);
  if (receipt.kept > before.kept)
    /* Translators: a toast, "Engagement c1-3: 6 entries kept; the campaign holds 9" */
    return g_strdup_printf (ngettext ("Engagement %s: %u entry kept; the campaign holds %u",
                                      "Engagement %s: %u entries kept; the campaign holds %u",
                                      receipt.kept - before.kept),
                            engagement, receipt.kept - before.kept, receipt.kept);
  /* Translators: a toast, "Engagement c1-3: nothing new; the campaign holds all 9 entries" */
  return g_strdup_printf (_("Engagement %s: nothing new; the campaign holds all %u entries"),
                          engagement, receipt.kept);
}

/* Each half's step with the file chosen: the toast saying what was done, or NULL and @error. */
typedef char *(*UsbStep) (AdmiraltyWindow  *self,
                          const char       *path,
                          GError          **error);

/* Runs @step on the file chosen in @chooser, which goes, and says how it went: a toast, or
 * @failed and why. */
static void
usb_finish (AdmiraltyWindow      *self,
            int                   response,
            GtkFileChooserNative *chooser,
            UsbStep               step,
            const char           *failed)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL, *done = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  path = file != NULL ? g_file_get_path (file) : NULL;
  if (path == NULL)
    return;
  done = step (self, path, &error);
  if (done == NULL)
    _admiralty_window_present_error (self, failed, error->message, NULL);
  else
    _admiralty_window_toast (self, done);
}

static void
export_response_cb (AdmiraltyWindow      *self,
                    int                   response,
                    GtkFileChooserNative *chooser)
{
  usb_finish (self, response, chooser, _admiralty_window_export_table_battle,
              _("Could Not Export the Battle"));
}

/* win.export-table-battle: the battle of the selected tab, fought at this table, into a file
 * of the master's choosing ("c1-3.table-battle"). */
static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  AdmTableClient *client = selected_client (self);
  g_autofree char *name = NULL;
  GtkFileChooser *chooser;

  if (client == NULL)
    return;
  chooser = _admiralty_window_new_chooser (self, _("Export Battle"), GTK_FILE_CHOOSER_ACTION_SAVE,
                                           _("_Export"), G_CALLBACK (export_response_cb));
  name = g_strdup_printf ("%s.table-battle", adm_table_client_get_engagement (client));
  gtk_file_chooser_set_current_name (chooser, name);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
import_response_cb (AdmiraltyWindow      *self,
                    int                   response,
                    GtkFileChooserNative *chooser)
{
  usb_finish (self, response, chooser, _admiralty_window_import_table_battle,
              _("Could Not Import the Battle"));
}

/* win.import-table-battle: a battle a table exported, applied to the open campaign. */
static void
import_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkFileChooser *chooser;

  if (self->campaign == NULL)
    return;
  chooser = _admiralty_window_new_chooser (self, _("Import Table Battle"),
                                           GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                                           G_CALLBACK (import_response_cb));
  gtk_file_filter_set_name (filter, _("Battles exported from a table (*.table-battle)"));
  gtk_file_filter_add_pattern (filter, "*.table-battle");
  gtk_file_chooser_add_filter (chooser, filter);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
_admiralty_window_update_usb_actions (AdmiraltyWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-table-battle",
                                 selected_client (self) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.import-table-battle",
                                 self->campaign != NULL);
}

void
_admiralty_window_class_usb_init (AdmiraltyWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.export-table-battle", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.import-table-battle", NULL, import_action);
}
