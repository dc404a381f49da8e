/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-ending.c: the end of the campaign and the revelation, in the campaign's
 * menu — "End the Campaign…" (win.end-campaign) asks the master's reason, "Publish the Whole
 * Truth…" (win.publish-truth) asks him to confirm. Each journals one action through the
 * engine's one check (adm_campaign_end (), adm_campaign_publish ()), which Undo takes back;
 * what each side is shown then follows from the audience filter, never from here. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-window-private.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"

static void
end_campaign_response_cb (AdmiraltyWindow  *self,
                          const char       *response,
                          AdwMessageDialog *dialog)
{
  GtkEditable *entry = GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "end") != 0 || self->campaign == NULL)
    return;
  /* The engine's check says what is wrong: no reason, too long, a battle under way. */
  if (!adm_campaign_end (self->campaign, gtk_editable_get_text (entry), adm_clock_now (),
                         &error))
    {
      _admiralty_window_present_error (self, _("Could Not End the Campaign"), error->message,
                                       NULL);
      return;
    }
  _admiralty_window_toast (self, _("The campaign is ended: every side still sees only what "
                                   "it saw"));
  _admiralty_window_update_actions (self);
}

static void
end_campaign_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  GtkWidget *dialog, *entry;

  if (self->campaign == NULL || adm_campaign_is_ended (self->campaign))
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("End the Campaign?"),
                                   _("The campaign then takes no more cycles, orders, "
                                     "corrections or battle moves, and the admirals’ portal "
                                     "tells every admiral the war is over, with your reason. "
                                     "Each side still sees only what it saw until you publish "
                                     "the whole truth. Undo takes the ending back."));
  entry = gtk_entry_new ();
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry),
                                  _("Why it ends, e.g. “The Cetagandans sued for peace”"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Reason"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "end", _("_End Campaign"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "end");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (end_campaign_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (entry);
}

static void
publish_response_cb (AdmiraltyWindow  *self,
                     const char       *response,
                     AdwMessageDialog *dialog)
{
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "publish") != 0 || self->campaign == NULL)
    return;
  if (!adm_campaign_publish (self->campaign, adm_clock_now (), &error))
    {
      _admiralty_window_present_error (self, _("Could Not Publish the Truth"), error->message,
                                       NULL);
      return;
    }
  _admiralty_window_toast (self, _("The whole truth is published: every side sees what you "
                                   "see"));
  _admiralty_window_update_actions (self);
}

static void
publish_truth_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (widget);
  GtkWidget *dialog;

  if (self->campaign == NULL || !adm_campaign_is_ended (self->campaign) ||
      adm_campaign_is_published (self->campaign))
    return;
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Publish the Whole Truth?"),
                                   _("Every side’s archive becomes yours: each admiral’s reports, "
                                     "printed or on his portal page, are your turn reports, and "
                                     "every view of a side shows what you see — hidden "
                                     "formations, the other side’s ships, losses and dice. Undo "
                                     "hides it all again."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                    "publish", _("_Publish"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "publish",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (publish_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_admiralty_window_update_ending_actions (AdmiraltyWindow *self)
{
  gboolean ended = self->campaign != NULL && adm_campaign_is_ended (self->campaign);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.end-campaign",
                                 self->campaign != NULL && !ended);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.publish-truth",
                                 ended && !adm_campaign_is_published (self->campaign));
}

void
_admiralty_window_class_ending_init (AdmiraltyWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.end-campaign", NULL, end_campaign_action);
  gtk_widget_class_install_action (widget_class, "win.publish-truth", NULL,
                                   publish_truth_action);
}
