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
#include "adm-battle-result.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-clock.h"
#include "adm-next-night.h"

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

static void next_night_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter);

/* F-STRAT-4: the engagements not fought to their end ended where they stand, in queue order
 * (an engagement waiting for an earlier one may be ended once that one is), each its own
 * action: a battle begun with what it left, one not begun with nothing changed. FALSE with
 * @error at the first that cannot be, one at another table among them. */
gboolean
_admiralty_window_end_unfought (AdmiraltyWindow  *self,
                                const char       *reason,
                                GError          **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self) && self->campaign != NULL, FALSE);

  for (;;)
    {
      g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (self->campaign);
      const AdmQueuedEngagement *first;
      AdmBattle *battle = NULL;

      if (unfought->len == 0)
        return TRUE;
      first = g_ptr_array_index (unfought, 0);
      /* Another table has it: only that table ends it (adm_next_night_check () says so). */
      if (first->table != NULL)
        return adm_next_night_check (self->campaign, error);
      if (first->status == ADM_ENGAGEMENT_IN_PROGRESS)
        {
          battle = adm_campaign_get_battle_played (self->campaign, first->id, error);
          if (battle == NULL)
            return FALSE;
        }
      if (!adm_campaign_end_battle (self->campaign, first->id, battle, reason,
                                    adm_clock_now (), error))
        return FALSE;
    }
}

static void
unfought_response_cb (AdmiraltyWindow  *self,
                      const char       *response,
                      AdwMessageDialog *dialog)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (entry)));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "end") != 0 || self->campaign == NULL)
    return;
  if (!_admiralty_window_end_unfought (self, reason, &error))
    {
      _admiralty_window_present_error (self, _("Could Not End the Battles"), error->message,
                                       NULL);
      _admiralty_window_update_actions (self);
      return;
    }
  _admiralty_window_update_actions (self);
  /* At rest now: on to the file. */
  next_night_action (GTK_WIDGET (self), "win.next-night", NULL);
}

static void
unfought_reason_changed_cb (AdwMessageDialog *dialog,
                            GtkEditable      *entry)
{
  g_autofree char *reason = g_strstrip (g_strdup (gtk_editable_get_text (entry)));

  adw_message_dialog_set_response_enabled (dialog, "end", *reason != '\0');
}

/* The refusal, and the offer to end them where they stand with the master's reason. */
static void
offer_to_end (AdmiraltyWindow *self,
              const GError    *refusal)
{
  g_autofree char *body = g_strdup_printf ("%s.", refusal->message);
  g_autofree char *offer = NULL;
  GtkWidget *dialog, *entry;

  body[0] = g_unichar_toupper (body[0]);
  offer = g_strconcat (body, "\n\n",
                       _("End Them Where They Stand ends each in turn as the battle left it "
                         "(one not begun changes nothing but its status), with your reason, "
                         "each one action Undo takes back. To fight one first, open it and "
                         "choose Battle ▸ End the Battle… when it is over."), NULL);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The War Is Not at Rest"), offer);
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("Why they end, e.g. “Dawn came”"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reason for ending the battles"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "end", _("_End Them Where They Stand"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "end", FALSE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "end");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (entry, "changed", G_CALLBACK (unfought_reason_changed_cb), dialog,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "response", G_CALLBACK (unfought_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
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
      g_autoptr(GPtrArray) unfought = NULL;
      const AdmQueuedEngagement *first = NULL;

      /* Battles of this campaign not at another table: offered to end where they stand. */
      if (g_error_matches (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_UNFOUGHT))
        {
          unfought = adm_campaign_get_unfought (self->campaign);
          first = unfought->len > 0 ? g_ptr_array_index (unfought, 0) : NULL;
        }
      if (first != NULL && first->table == NULL)
        {
          offer_to_end (self, error);
          return;
        }
      body[0] = g_unichar_toupper (body[0]);
      _admiralty_window_present_error (self, _("The War Is Not at Rest"), body, NULL);
      return;
    }
  _admiralty_window_new_chooser (self, _("New Campaign from This One"),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Make"),
                                 G_CALLBACK (next_night_response_cb));
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
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
_admiralty_window_class_next_night_init (AdmiraltyWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.next-night", NULL,
                                   next_night_action);
}
