/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-dice-prompt.c: the dialog asking for real dice. The requests are kept with the
 * dialog, so that the values can be checked against them as they are typed. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-dice-prompt.h"
#include "adm-dice-queue.h"

struct _AdmiraltyDicePrompt
{
  AdwMessageDialog  parent_instance;

  GPtrArray        *requests;   /* AdmDiceRequest*, their strings owned */
  GPtrArray        *row_labels; /* GtkLabel*, a volley's list: as many as the longest volley */
  GtkWidget        *scroller;   /* the list's, hidden for one roll */
  GtkBox           *rows;
  GtkEditable      *entry;
  GtkLabel         *error_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyDicePrompt, admiralty_dice_prompt, ADW_TYPE_MESSAGE_DIALOG)

static void
request_free (AdmDiceRequest *request)
{
  g_free ((char *) request->purpose);
  g_free ((char *) request->clause);
  g_free ((char *) request->note);
  g_free (request);
}

static void
admiralty_dice_prompt_finalize (GObject *object)
{
  AdmiraltyDicePrompt *self = ADMIRALTY_DICE_PROMPT (object);

  g_ptr_array_unref (self->requests);
  g_ptr_array_unref (self->row_labels);
  G_OBJECT_CLASS (admiralty_dice_prompt_parent_class)->finalize (object);
}

static void
admiralty_dice_prompt_class_init (AdmiraltyDicePromptClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = admiralty_dice_prompt_finalize;
}

static void
admiralty_dice_prompt_init (AdmiraltyDicePrompt *self)
{
  self->requests = g_ptr_array_new_with_free_func ((GDestroyNotify) request_free);
  self->row_labels = g_ptr_array_new ();
}

static AdmiraltyDicePrompt *
prompt_of (GtkWidget *widget)
{
  return ADMIRALTY_IS_DICE_PROMPT (widget) ? ADMIRALTY_DICE_PROMPT (widget) : NULL;
}

/* The numbers of @text, a d10's "0" read as 10 (TI4's dice; LRR 39.5) as the CLI reads it. */
static gboolean
typed_values (const char    *text,
              gboolean       tens,
              AdmDiceQueue  *queue,
              GError       **error)
{
  g_autofree char *read = NULL;

  if (tens)
    {
      g_auto(GStrv) words = g_strsplit_set (text, " \t\n,;", -1);

      for (guint i = 0; words[i] != NULL; i++)
        if (g_strcmp0 (words[i], "0") == 0)
          {
            g_free (words[i]);
            words[i] = g_strdup ("10");
          }
      read = g_strjoinv (" ", words);
      text = read;
    }
  return adm_dice_queue_push_text (queue, text, error);
}

gboolean
admiralty_dice_prompt_parse_rolls (const AdmDiceRequest * const *requests,
                                   guint                         n_requests,
                                   const char                   *text,
                                   GArray                       *values,
                                   GError                      **error)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GArray) rolled = g_array_new (FALSE, TRUE, sizeof (guint));
  gboolean tens = n_requests > 0;
  guint length, count = 0;

  g_return_val_if_fail (requests != NULL && n_requests > 0, FALSE);
  g_return_val_if_fail (text != NULL && values != NULL, FALSE);

  for (guint r = 0; r < n_requests; r++)
    {
      count += requests[r]->count;
      tens &= requests[r]->sides == 10;
    }
  if (!typed_values (text, tens, queue, error))
    return FALSE;

  length = adm_dice_queue_get_length (queue);
  if (length != count)
    {
      g_autofree char *typed = g_strdup_printf (ngettext ("you typed %u", "you typed %u",
                                                          length), length);

      /* Translators: said aloud: "Roll 2 dice and type one number per die; you typed 3." */
      g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                   ngettext ("Roll %u die and type the number it shows; %s.",
                             "Roll %u dice and type one number per die; %s.", count),
                   count, typed);
      return FALSE;
    }

  /* The queue says which value is off its die. */
  for (guint r = 0; r < n_requests; r++)
    {
      guint at = rolled->len;

      g_array_set_size (rolled, at + requests[r]->count);
      if (!adm_dice_source_roll (ADM_DICE_SOURCE (queue), requests[r],
                                 &g_array_index (rolled, guint, at), error))
        return FALSE;
    }

  g_array_append_vals (values, rolled->data, rolled->len);
  return TRUE;
}

gboolean
admiralty_dice_prompt_parse (const AdmDiceRequest  *request,
                             const char            *text,
                             GArray                *values,
                             GError               **error)
{
  g_return_val_if_fail (request != NULL && text != NULL && values != NULL, FALSE);

  return admiralty_dice_prompt_parse_rolls (&request, 1, text, values, error);
}

/* Sets @label's markup unless it has it already: a label set anew is measured anew. */
static void
set_markup (GtkLabel   *label,
            const char *markup)
{
  if (g_strcmp0 (gtk_label_get_label (label), markup) != 0)
    gtk_label_set_markup (label, markup);
}

/* A volley's list: each roll with the values the master's line gives it so far, so that a
 * value typed for the wrong battery shows before Enter. */
static void
show_assigned (AdmiraltyDicePrompt *prompt,
               const char          *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n,;", -1);
  guint w = 0;

  for (guint r = 0; r < prompt->requests->len && prompt->requests->len > 1; r++)
    {
      const AdmDiceRequest *request = g_ptr_array_index (prompt->requests, r);
      g_autoptr(GString) line = g_string_new (NULL);
      g_autofree char *dice = adm_dice_describe (request->count, request->sides);
      g_autofree char *given = NULL;
      g_autofree char *what = NULL;
      g_autofree char *escaped = NULL;
      g_autoptr(GString) typed = g_string_new (NULL);

      for (guint d = 0; d < request->count; d++)
        {
          while (words[w] != NULL && words[w][0] == '\0')
            w++;
          if (words[w] == NULL)
            break;
          g_string_append_printf (typed, "%s%s", typed->len > 0 ? " " : "", words[w++]);
        }
      what = g_strdup_printf ("%s%s%s%s%s%s", request->purpose,
                              request->clause != NULL ? " (" : "",
                              request->clause != NULL ? request->clause : "",
                              request->clause != NULL ? ")" : "",
                              request->note != NULL ? " · " : "",
                              request->note != NULL ? request->note : "");
      given = g_markup_escape_text (typed->str, -1);
      escaped = g_markup_escape_text (what, -1);
      g_string_append_printf (line, "<b>%s</b> %s", dice, escaped);
      if (typed->len > 0)
        g_string_append_printf (line, " → <b>%s</b>", given);
      set_markup (g_ptr_array_index (prompt->row_labels, r), line->str);
    }
}

static void
entry_changed_cb (GtkWidget   *dialog,
                  GtkEditable *entry)
{
  AdmiraltyDicePrompt *prompt = prompt_of (dialog);
  const char *text = gtk_editable_get_text (entry);
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  gboolean valid;

  valid = admiralty_dice_prompt_parse_rolls (
      (const AdmDiceRequest * const *) prompt->requests->pdata, prompt->requests->len, text,
      values, &error);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "enter", valid);
  /* Say what is wrong only once something is typed. */
  if (g_strcmp0 (gtk_label_get_label (prompt->error_label),
                 !valid && text[0] != '\0' ? error->message : "") != 0)
    gtk_label_set_label (prompt->error_label, !valid && text[0] != '\0' ? error->message : "");
  gtk_widget_set_visible (GTK_WIDGET (prompt->error_label), !valid && text[0] != '\0');
  show_assigned (prompt, text);
}

/* "Roll 2d6"; a volley's "Roll 9d6", or "Roll 9 dice" of several kinds. */
static char *
prompt_heading (const AdmDiceRequest * const *requests,
                guint                         n_requests)
{
  g_autofree char *dice = NULL;
  gboolean alike = TRUE;
  guint count = 0;

  for (guint r = 0; r < n_requests; r++)
    {
      count += requests[r]->count;
      alike &= requests[r]->sides == requests[0]->sides;
    }
  if (!alike)
    /* Translators: the heading of the dialog asking for real dice of several kinds */
    return g_strdup_printf (ngettext ("Roll %u Die", "Roll %u Dice", count), count);
  dice = adm_dice_describe (count, requests[0]->sides);
  /* Translators: the heading of the dialog asking for real dice, "Roll 2d6" */
  return g_strdup_printf (_("Roll %s"), dice);
}

GtkWidget *
admiralty_dice_prompt_new (GtkWindow *parent)
{
  GtkWidget *dialog, *box, *entry, *label, *scroller, *rows;
  AdmiraltyDicePrompt *prompt;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  dialog = g_object_new (ADMIRALTY_TYPE_DICE_PROMPT,
                         "transient-for", parent,
                         "hide-on-close", TRUE,
                         NULL);
  prompt = ADMIRALTY_DICE_PROMPT (dialog);
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
  /* A volley's rolls, in the order their values are typed; hidden for one roll. */
  scroller = gtk_scrolled_window_new ();
  rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 320);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), rows);
  gtk_box_append (GTK_BOX (box), scroller);
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
  prompt->scroller = scroller;
  prompt->rows = GTK_BOX (rows);
  prompt->entry = GTK_EDITABLE (entry);
  prompt->error_label = GTK_LABEL (label);
  g_signal_connect_object (entry, "changed", G_CALLBACK (entry_changed_cb), dialog,
                           G_CONNECT_SWAPPED);
  return dialog;
}

void
admiralty_dice_prompt_set_rolls (GtkWidget                    *widget,
                                 const AdmDiceRequest * const *requests,
                                 guint                         n_requests,
                                 gboolean                      more_follow)
{
  AdmiraltyDicePrompt *prompt = prompt_of (widget);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;

  g_return_if_fail (prompt != NULL);
  g_return_if_fail (requests != NULL && n_requests > 0);

  heading = prompt_heading (requests, n_requests);
  if (n_requests > 1)
    /* Translators: a volley's dice asked at once; the list of its rolls follows */
    body = g_strdup_printf (ngettext ("%u roll: type its values in one line.",
                                      "%u rolls, in the order the rules roll them: type "
                                      "all their values in one line, in this order.",
                                      n_requests), n_requests);
  else
    body = g_strdup_printf ("%s%s%s%s%s%s", requests[0]->purpose,
                            requests[0]->clause != NULL ? " (" : "",
                            requests[0]->clause != NULL ? requests[0]->clause : "",
                            requests[0]->clause != NULL ? ")" : "",
                            requests[0]->note != NULL ? "\n" : "",
                            requests[0]->note != NULL ? requests[0]->note : "");
  if (more_follow)
    {
      char *with_more = g_strdup_printf ("%s\n%s", body,
                                         /* Translators: under a dice prompt that stops before
                                          * the rolls that depend on its results */
                                         _("The rolls after these depend on their results (a "
                                           "hit, a critical, a ship made a hulk): they are "
                                           "asked next."));

      g_free (body);
      body = with_more;
    }
  /* Each set only where it changes: the dialog is measured again for what changed alone. */
  if (g_strcmp0 (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (widget)), heading) != 0)
    adw_message_dialog_set_heading (ADW_MESSAGE_DIALOG (widget), heading);
  if (g_strcmp0 (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (widget)), body) != 0)
    adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (widget), body);

  g_ptr_array_set_size (prompt->requests, 0);
  for (guint r = 0; r < n_requests; r++)
    {
      AdmDiceRequest *copy = g_memdup2 (requests[r], sizeof *copy);

      copy->purpose = g_strdup (requests[r]->purpose);
      copy->clause = g_strdup (requests[r]->clause);
      copy->note = g_strdup (requests[r]->note);
      g_ptr_array_add (prompt->requests, copy);
    }

  /* A volley's list: a label a roll, those of an earlier volley kept and hidden past its
   * end. */
  for (guint r = prompt->row_labels->len; n_requests > 1 && r < n_requests; r++)
    {
      GtkWidget *label = gtk_label_new (NULL);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (prompt->rows, label);
      g_ptr_array_add (prompt->row_labels, label);
    }
  for (guint r = 0; r < prompt->row_labels->len; r++)
    gtk_widget_set_visible (g_ptr_array_index (prompt->row_labels, r),
                            n_requests > 1 && r < n_requests);
  gtk_widget_set_visible (prompt->scroller, n_requests > 1);
  /* A wrapped label's natural height is not known before its width: room for about three
   * lines a roll, up to a screen's half, the rest scrolled. */
  if (gtk_scrolled_window_get_min_content_height (GTK_SCROLLED_WINDOW (prompt->scroller)) !=
      (int) MIN (n_requests * 64, 320))
    gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (prompt->scroller),
                                                MIN (n_requests * 64, 320));

  /* Nothing typed yet: the field empty (which says so to the list and the error) and
   * Enter disabled until a valid roll. */
  if (gtk_editable_get_text (prompt->entry)[0] != '\0')
    gtk_editable_set_text (prompt->entry, "");
  else
    entry_changed_cb (widget, prompt->entry);
  gtk_widget_grab_focus (GTK_WIDGET (prompt->entry));
}

gboolean
admiralty_dice_prompt_get_values (GtkWidget  *widget,
                                  GArray     *values,
                                  GError    **error)
{
  AdmiraltyDicePrompt *prompt = prompt_of (widget);

  g_return_val_if_fail (prompt != NULL, FALSE);

  return admiralty_dice_prompt_parse_rolls (
      (const AdmDiceRequest * const *) prompt->requests->pdata, prompt->requests->len,
      gtk_editable_get_text (prompt->entry), values, error);
}

const char *
admiralty_dice_prompt_get_text (GtkWidget *widget)
{
  AdmiraltyDicePrompt *prompt = prompt_of (widget);

  g_return_val_if_fail (prompt != NULL, NULL);

  return gtk_editable_get_text (prompt->entry);
}

void
admiralty_dice_prompt_set_text (GtkWidget  *widget,
                                const char *text)
{
  AdmiraltyDicePrompt *prompt = prompt_of (widget);

  g_return_if_fail (prompt != NULL);

  gtk_editable_set_text (prompt->entry, text);
}
