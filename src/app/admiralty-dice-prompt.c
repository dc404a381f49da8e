/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-dice-prompt.c: the dialog asking for real dice. The request is kept with the
 * dialog, so that the values can be checked against it as they are typed. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-dice-prompt.h"

typedef struct {
  AdmDiceRequest  request;
  char           *purpose;
  char           *clause;
  GtkEditable    *entry;
  GtkLabel       *error_label;
} Prompt;

static void
prompt_free (Prompt *prompt)
{
  g_free (prompt->purpose);
  g_free (prompt->clause);
  g_free (prompt);
}

static Prompt *
prompt_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "admiralty-dice-prompt");
}

gboolean
admiralty_dice_prompt_parse (const AdmDiceRequest  *request,
                             const char            *text,
                             GArray                *values,
                             GError               **error)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autofree guint *rolled = NULL;
  g_autofree char *tens = NULL;
  guint length;

  g_return_val_if_fail (request != NULL && text != NULL && values != NULL, FALSE);

  /* A d10 shows "0" for 10 (TI4's dice; LRR 39.5), and the CLI reads it so. */
  if (request->sides == 10)
    {
      g_auto(GStrv) words = g_strsplit_set (text, " \t\n,;", -1);

      for (guint i = 0; words[i] != NULL; i++)
        if (g_strcmp0 (words[i], "0") == 0)
          {
            g_free (words[i]);
            words[i] = g_strdup ("10");
          }
      tens = g_strjoinv (" ", words);
      text = tens;
    }

  if (!adm_dice_queue_push_text (queue, text, error))
    return FALSE;

  length = adm_dice_queue_get_length (queue);
  if (length != request->count)
    {
      g_autofree char *typed = g_strdup_printf (ngettext ("you typed %u", "you typed %u",
                                                          length), length);

      /* Translators: said aloud: "Roll 2 dice and type one number per die; you typed 3." */
      g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                   ngettext ("Roll %u die and type the number it shows; %s.",
                             "Roll %u dice and type one number per die; %s.", request->count),
                   request->count, typed);
      return FALSE;
    }

  /* The queue says which value is off the die. */
  rolled = g_new0 (guint, request->count);
  if (!adm_dice_source_roll (ADM_DICE_SOURCE (queue), request, rolled, error))
    return FALSE;

  g_array_append_vals (values, rolled, request->count);
  return TRUE;
}

static void
entry_changed_cb (GtkWidget   *dialog,
                  GtkEditable *entry)
{
  Prompt *prompt = prompt_of (dialog);
  const char *text = gtk_editable_get_text (entry);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  gboolean valid;

  valid = admiralty_dice_prompt_parse (&prompt->request, text, values, &error);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "enter", valid);
  /* Say what is wrong only once something is typed. */
  gtk_label_set_label (prompt->error_label, !valid && text[0] != '\0' ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (prompt->error_label), !valid && text[0] != '\0');
}

GtkWidget *
admiralty_dice_prompt_new (GtkWindow            *parent,
                           const AdmDiceRequest *request)
{
  g_autofree char *dice = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog, *box, *entry, *label;
  Prompt *prompt;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (request != NULL, NULL);

  dice = adm_dice_describe (request->count, request->sides);
  /* Translators: the heading of the dialog asking for real dice, "Roll 2d6" */
  heading = g_strdup_printf (_("Roll %s"), dice);
  if (request->clause != NULL)
    body = g_strdup_printf ("%s (%s)", request->purpose, request->clause);
  else
    body = g_strdup (request->purpose);

  dialog = adw_message_dialog_new (parent, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "enter", _("_Enter"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "enter",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "enter", FALSE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "enter");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  entry = gtk_entry_new ();
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_entry_set_input_purpose (GTK_ENTRY (entry), GTK_INPUT_PURPOSE_DIGITS);
  /* Translators: the placeholder of the field for the values of real dice */
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("The values, as “3 5”"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Values Rolled"), -1);
  label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "error");
  gtk_widget_set_visible (label, FALSE);
  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), label);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);

  prompt = g_new0 (Prompt, 1);
  prompt->purpose = g_strdup (request->purpose);
  prompt->clause = g_strdup (request->clause);
  prompt->request = *request;
  prompt->request.purpose = prompt->purpose;
  prompt->request.clause = prompt->clause;
  prompt->entry = GTK_EDITABLE (entry);
  prompt->error_label = GTK_LABEL (label);
  g_object_set_data_full (G_OBJECT (dialog), "admiralty-dice-prompt", prompt,
                          (GDestroyNotify) prompt_free);
  g_signal_connect_object (entry, "changed", G_CALLBACK (entry_changed_cb), dialog,
                           G_CONNECT_SWAPPED);
  gtk_widget_grab_focus (entry);
  return dialog;
}

gboolean
admiralty_dice_prompt_get_values (GtkWidget  *widget,
                                  GArray     *values,
                                  GError    **error)
{
  Prompt *prompt = prompt_of (widget);

  g_return_val_if_fail (prompt != NULL, FALSE);

  return admiralty_dice_prompt_parse (&prompt->request, gtk_editable_get_text (prompt->entry),
                                      values, error);
}

void
admiralty_dice_prompt_set_text (GtkWidget  *widget,
                                const char *text)
{
  Prompt *prompt = prompt_of (widget);

  g_return_if_fail (prompt != NULL);

  gtk_editable_set_text (prompt->entry, text);
}
