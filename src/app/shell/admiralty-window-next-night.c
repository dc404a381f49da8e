/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-next-night.c: "New Campaign from This One…" (win.next-night) — the
 * campaign's war as it now stands written as a new scenario where the master chooses
 * (adm_next_night_save ()), then opened in the scenario editor for him to change and start
 * the next night's campaign from. The campaign is only read: its own file is refused, and a
 * campaign with a battle not ended says which and what to do before a file is asked for. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-scenario-editor.h"
#include "admiralty-window-private.h"

AdmiraltyScenarioEditor *
_admiralty_window_make_next_night (AdmiraltyWindow  *self,
                                   const char       *path,
                                   GError          **error)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  AdmiraltyScenarioEditor *editor;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  if (self->campaign == NULL || application == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("Open a campaign first: the next night is made from it."));
      return NULL;
    }
  /* The chooser asked before replacing a file that exists. */
  if (!adm_next_night_save (self->campaign, path, TRUE, error))
    return NULL;
  _admiralty_window_remember_file (self, path);
  editor = admiralty_scenario_editor_open (application, path, error);
  if (editor == NULL)
    return NULL;
  gtk_window_present (GTK_WINDOW (editor));
  return editor;
}

static void
next_night_response_cb (AdmiraltyWindow      *self,
                        int                   response,
                        GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL)
    return;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      _admiralty_window_present_error (self, _("Could Not Make the Next Night"),
                                       _("Choose a file on this computer."), NULL);
      return;
    }
  if (_admiralty_window_make_next_night (self, path, &error) == NULL)
    _admiralty_window_present_error (self, _("Could Not Make the Next Night"), error->message,
                                     NULL);
}

/* "komarr.admiralty" → "komarr-next.admiralty", beside it. */
static char *
suggested_name (AdmiraltyWindow *self)
{
  const char *path = adm_campaign_get_path (self->campaign);
  g_autofree char *base = path != NULL ? g_path_get_basename (path) : NULL;
  const char *stem = adm_scenario_get_id (adm_campaign_get_scenario (self->campaign));

  if (base != NULL && g_str_has_suffix (base, ".admiralty"))
    {
      base[strlen (base) - strlen (".admiralty")] = '\0';
      stem = base;
    }
  /* Translators: the file name offered for the next night's scenario, "komarr-next.admiralty";
   * keep it one word of letters, digits and hyphens */
  return g_strdup_printf (_("%s-next.admiralty"), stem);
}

/* win.next-night */
static void
next_night_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  g_autoptr(GtkFileFilter) filter = _admiralty_window_file_filter_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  const char *path;

  if (self->campaign == NULL)
    return;
  /* F-STRAT-4: said before a file is asked for. */
  if (!adm_next_night_check (self->campaign, &error))
    {
      g_autofree char *body = g_strdup_printf ("%s.", error->message);

      body[0] = g_unichar_toupper (body[0]);
      _admiralty_window_present_error (self, _("The War Is Not at Rest"), body, NULL);
      return;
    }
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("New Campaign from This One"),
                                               GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE,
                                               _("_Make"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  path = adm_campaign_get_path (self->campaign);
  if (path != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      g_autoptr(GFile) folder = g_file_new_for_path (dir);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }
  name = suggested_name (self);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (next_night_response_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
_admiralty_window_class_next_night_init (AdmiraltyWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.next-night", NULL,
                                   next_night_action);
}
