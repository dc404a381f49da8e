/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-page.c: what the scenario editor's pages share (see the header). */

#include "config.h"

#include "admiralty-editor-page.h"

void
admiralty_editor_page_say (GtkWidget  *page,
                           const char *message)
{
  GtkWidget *overlay;
  AdwToast *toast;

  g_return_if_fail (GTK_IS_WIDGET (page));
  g_return_if_fail (message != NULL);

  overlay = gtk_widget_get_ancestor (page, ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    {
      g_warning ("%s", message);
      return;
    }
  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
}

gboolean
admiralty_editor_page_set_id (GtkWidget       *page,
                              AdmScenarioItem *item,
                              GtkEditable     *field)
{
  g_autoptr(GError) error = NULL;
  /* Copies: the edit may bring the field up to date, and its text with it. */
  g_autofree char *id = NULL;
  g_autofree char *old = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_ITEM (item), FALSE);
  g_return_val_if_fail (GTK_IS_EDITABLE (field), FALSE);

  id = g_strdup (gtk_editable_get_text (field));
  old = g_strdup (adm_scenario_item_get_id (item));
  if (adm_scenario_item_set_id (item, id, &error))
    return TRUE;
  admiralty_editor_page_say (page, error->message);
  gtk_editable_set_text (field, old != NULL ? old : "");
  return FALSE;
}
