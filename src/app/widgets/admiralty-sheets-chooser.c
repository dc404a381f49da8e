/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sheets-chooser.c: one chooser for sheets imported as files. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-sheets-chooser.h"

GtkFileChooserNative *
admiralty_sheets_chooser_new (GtkWidget  *widget,
                              const char *title,
                              const char *filter_name,
                              GFile      *folder)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  GtkRoot *root;
  GtkFileChooserNative *chooser;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);
  g_return_val_if_fail (title != NULL && filter_name != NULL, NULL);

  root = gtk_widget_get_root (widget);
  chooser = gtk_file_chooser_native_new (title, GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_file_filter_set_name (filter, filter_name);
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_filter_add_mime_type (filter, "application/xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  return chooser;
}
