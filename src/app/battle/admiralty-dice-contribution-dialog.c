/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-dice-contribution-dialog.c: each side's 2d6 for a phase's program dice
 * (admiralty-dice-contribution-dialog.h). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-dice-contribution-dialog.h"
#include "adm-clock.h"

/* At a table, how long the dialog waits between two asks of the phones' taps. */
#define ASK_AGAIN_MS 1000

struct _AdmiraltyDiceContributionDialog
{
  AdwMessageDialog parent_instance;

  GtkListBox  *list;
  GtkWidget   *phones;    /* the phones' state, at a table */
  GtkSpinner  *spinner;
  GtkLabel    *status;
  GtkWidget   *again;
  AdmCampaign *campaign;
  AdmTableClient *client;  /* at a table: the dice are given to its battle, sent to the chief */
  char        *engagement_id;
  char        *declarations; /* the digest of the phase's locked declarations */
  GPtrArray   *side_ids;  /* char*, one a row */
  GPtrArray   *names;     /* char*, each side's name, one a row */
  GPtrArray   *entries;   /* AdwEntryRow*, borrowed */
  GPtrArray   *by_master; /* GtkCheckButton*, borrowed */

  /* At a table, the phones asked through the chief (adm_table_client_ask_dice_async ()). */
  GCancellable *cancellable; /* the ask in flight; cancelled when the dialog goes */
  gulong        state_id;    /* waiting for the entries before the phase to reach the chief */
  guint         again_id;    /* the next ask */
  GStrv         tapped;      /* the sides whose phone committed to its tap */
};

G_DEFINE_FINAL_TYPE (AdmiraltyDiceContributionDialog, admiralty_dice_contribution_dialog,
                     ADW_TYPE_MESSAGE_DIALOG)

/* At a table: whether side @index has given to the phase (its phone's tap taken from the chief,
 * or dice typed here before), and whether its phone has committed to a tap not shown yet. */
static gboolean
side_given (AdmiraltyDiceContributionDialog *self,
            guint                            index)
{
  g_autoptr(GPtrArray) sides = NULL;
  const char *id = g_ptr_array_index (self->side_ids, index);

  if (self->client == NULL)
    return FALSE;
  sides = adm_dice_mixes_sides_to_give (adm_table_client_get_dice_given (self->client),
                                        adm_table_client_get_battle (self->client));
  for (guint s = 0; s < sides->len; s++)
    if (g_str_equal (((const AdmBattleSide *) g_ptr_array_index (sides, s))->id, id))
      return FALSE;
  return TRUE;
}

static gboolean
side_tapped (AdmiraltyDiceContributionDialog *self,
             guint                            index)
{
  return self->tapped != NULL &&
         g_strv_contains ((const char * const *) self->tapped,
                          g_ptr_array_index (self->side_ids, index));
}

/* "Mix In and Roll" once every side's dice are two numbers from 1 to 6 — a side whose phone
 * has tapped needs none, nor one whose tap is in — and some are typed; a row whose text is
 * not says so. */
static void
entry_changed_cb (AdmiraltyDiceContributionDialog *self)
{
  gboolean valid = TRUE, typed = FALSE;

  for (guint i = 0; i < self->entries->len; i++)
    {
      GtkWidget *entry = g_ptr_array_index (self->entries, i);
      const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
      gboolean ok = adm_dice_contribution_parse (text, NULL, NULL);
      gboolean needless = side_given (self, i) || (side_tapped (self, i) && *text == '\0');

      if (ok || *text == '\0')
        gtk_widget_remove_css_class (entry, "error");
      else
        gtk_widget_add_css_class (entry, "error");
      valid = valid && (ok || needless);
      typed = typed || ok;
    }
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "give", valid && typed);
}

gboolean
admiralty_dice_contribution_dialog_give (AdmiraltyDiceContributionDialog  *self,
                                         GError                          **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_DICE_CONTRIBUTION_DIALOG (self), FALSE);

  for (guint i = 0; i < self->entries->len; i++)
    {
      const char *text = gtk_editable_get_text (GTK_EDITABLE (g_ptr_array_index (self->entries,
                                                                                 i)));
      /* A phone's tap committed to and never shown is replaced by the master's throw
       * (ruling "dice-contribution-missing"). */
      gboolean master = gtk_check_button_get_active (g_ptr_array_index (self->by_master, i)) ||
                        side_tapped (self, i);

      /* Given already (a phone's tap), or a phone's tap to come: nothing typed. */
      if (side_given (self, i) || (side_tapped (self, i) && *text == '\0'))
        continue;
      if (self->client != NULL
          ? !adm_table_client_give_dice (self->client, g_ptr_array_index (self->side_ids, i),
                                         text, master, error)
          : !adm_campaign_give_declared_dice (self->campaign, self->engagement_id,
                                              g_ptr_array_index (self->side_ids, i), text,
                                              master, NULL, self->declarations,
                                              adm_clock_now (), error))
        return FALSE;
    }
  return TRUE;
}

guint
admiralty_dice_contribution_dialog_get_n_entries (AdmiraltyDiceContributionDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_DICE_CONTRIBUTION_DIALOG (self), 0);
  return self->entries->len;
}

GtkEditable *
admiralty_dice_contribution_dialog_get_entry (AdmiraltyDiceContributionDialog *self,
                                              guint                            index)
{
  g_return_val_if_fail (ADMIRALTY_IS_DICE_CONTRIBUTION_DIALOG (self), NULL);
  g_return_val_if_fail (index < self->entries->len, NULL);

  return GTK_EDITABLE (g_ptr_array_index (self->entries, index));
}

/* Gone (Escape, Cancel, a response): the ask in flight is dropped, nothing more is asked. */
static void
stop_asking (AdmiraltyDiceContributionDialog *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_signal_handler (&self->state_id, self->client);
  g_clear_handle_id (&self->again_id, g_source_remove);
}

/* Each row says whether its side's phone has tapped: its tap in (nothing to type), committed
 * to (shown once every side has given; typed dice replace it as the master's throw), or not
 * yet. */
static void
show_phones (AdmiraltyDiceContributionDialog *self)
{
  for (guint i = 0; i < self->entries->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->entries, i);
      const char *name = g_ptr_array_index (self->names, i);
      g_autofree char *title = NULL;

      if (side_given (self, i))
        /* Translators: a side's row once its phone's tap is in: "Pol Six: its phone’s tap is
         * in" */
        title = g_strdup_printf (_("%s: its phone’s tap is in"), name);
      else if (side_tapped (self, i))
        /* Translators: a side's row once its phone has tapped, its tap shown once every side
         * has given: "Pol Six: its phone has tapped" */
        title = g_strdup_printf (_("%s: its phone has tapped"), name);
      else
        title = g_strdup_printf (_("%s: 2d6"), name);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      gtk_widget_set_sensitive (row, !side_given (self, i));
    }
  entry_changed_cb (self);
}

static void ask_phones (AdmiraltyDiceContributionDialog *self);

/* The phones could not be asked: said, the dice still typed, asked again on demand. */
static void
phones_failed (AdmiraltyDiceContributionDialog *self,
               const char                      *reason)
{
  g_autofree char *why = g_strstrip (g_strdup (reason));
  g_autofree char *text = NULL;

  /* The chief's words end their sentence; the network's ("… Connection refused") do not. */
  if (*why != '\0' && !g_str_has_suffix (why, ".") && !g_str_has_suffix (why, "!") &&
      !g_str_has_suffix (why, "?") && !g_str_has_suffix (why, "…"))
    {
      char *ended = g_strconcat (why, ".", NULL);

      g_free (why);
      why = ended;
    }
  /* Translators: %s is why, in the chief's or the network's words, a sentence or more */
  text = g_strdup_printf (_("The phones cannot be asked: %s Type each side’s dice, or ask the "
                            "phones again."), why);

  stop_asking (self);
  gtk_spinner_stop (self->spinner);
  gtk_label_set_text (self->status, text);
  gtk_widget_set_visible (self->again, TRUE);
}

static gboolean
ask_again_cb (gpointer data)
{
  AdmiraltyDiceContributionDialog *self = data;

  self->again_id = 0;
  ask_phones (self);
  return G_SOURCE_REMOVE;
}

static void
asked_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(AdmiraltyDiceContributionDialog) self = data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) tapped = NULL;
  gboolean complete = FALSE;
  guint given = 0;

  if (!adm_table_client_ask_dice_finish (ADM_TABLE_CLIENT (source), result, &complete, &tapped,
                                         &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        phones_failed (self, error->message);
      return;
    }
  g_clear_object (&self->cancellable);
  g_strfreev (self->tapped);
  self->tapped = g_steal_pointer (&tapped);
  show_phones (self);
  /* Every side's tap in (or its dice typed): the phase is rolled with them. */
  if (complete)
    {
      adw_message_dialog_response (ADW_MESSAGE_DIALOG (self), "give");
      gtk_window_close (GTK_WINDOW (self));
      return;
    }
  for (guint i = 0; i < self->entries->len; i++)
    given += side_given (self, i) || side_tapped (self, i);
  {
    g_autofree char *text = g_strdup_printf (
      /* Translators: "The admirals’ phones are offered their tap through the chief master:
       * 1 of 2 sides have tapped. Waiting; or type their dice." */
      g_dngettext (GETTEXT_PACKAGE,
                   "The admirals’ phones are offered their tap through the chief master: %u "
                   "of %u side has tapped. Waiting; or type their dice.",
                   "The admirals’ phones are offered their tap through the chief master: %u "
                   "of %u sides have tapped. Waiting; or type their dice.", self->entries->len),
      given, self->entries->len);

    gtk_label_set_text (self->status, text);
  }
  self->again_id = g_timeout_add (ASK_AGAIN_MS, ask_again_cb, self);
}

static void
client_state_cb (AdmiraltyDiceContributionDialog *self)
{
  ask_phones (self);
}

/* F-STRAT-4: the phones of the battle's sides asked through the chief (docs/dice.md, "A phone's
 * tap at another table"), once he holds every entry before the phase, and asked again until
 * every side has given; the dice typed here go with each ask. */
static void
ask_phones (AdmiraltyDiceContributionDialog *self)
{
  AdmTableClientState state = adm_table_client_get_state (self->client);

  stop_asking (self);
  gtk_widget_set_visible (self->phones, TRUE);
  gtk_widget_set_visible (self->again, FALSE);
  gtk_spinner_start (self->spinner);
  if (state == ADM_TABLE_CLIENT_REFUSED)
    {
      phones_failed (self, adm_table_client_get_message (self->client));
      return;
    }
  /* The chief asks the phones for the phase his battle stands at: the entries before it first. */
  if (state == ADM_TABLE_CLIENT_SENDING || state == ADM_TABLE_CLIENT_WAITING)
    {
      gtk_label_set_text (self->status,
                          state == ADM_TABLE_CLIENT_WAITING
                          && adm_table_client_get_message (self->client) != NULL
                          ? adm_table_client_get_message (self->client)
                          : _("Sending this table’s entries to the chief master before the "
                              "phones are asked…"));
      self->state_id = g_signal_connect_swapped (self->client, "notify::state",
                                                 G_CALLBACK (client_state_cb), self);
      return;
    }
  if (self->tapped == NULL)
    gtk_label_set_text (self->status, _("Asking the admirals’ phones through the chief "
                                        "master…"));
  self->cancellable = g_cancellable_new ();
  adm_table_client_ask_dice_async (self->client, self->declarations, self->cancellable,
                                   asked_cb, g_object_ref (self));
}

static void
admiralty_dice_contribution_dialog_dispose (GObject *object)
{
  stop_asking (ADMIRALTY_DICE_CONTRIBUTION_DIALOG (object));
  G_OBJECT_CLASS (admiralty_dice_contribution_dialog_parent_class)->dispose (object);
}

static void
admiralty_dice_contribution_dialog_finalize (GObject *object)
{
  AdmiraltyDiceContributionDialog *self = ADMIRALTY_DICE_CONTRIBUTION_DIALOG (object);

  g_strfreev (self->tapped);
  g_ptr_array_unref (self->names);
  g_clear_object (&self->campaign);
  g_clear_object (&self->client);
  g_free (self->engagement_id);
  g_free (self->declarations);
  g_ptr_array_unref (self->side_ids);
  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->by_master);
  G_OBJECT_CLASS (admiralty_dice_contribution_dialog_parent_class)->finalize (object);
}

/* Shown, the dialog waits on the first side's dice: the master types them at once. */
static void
admiralty_dice_contribution_dialog_map (GtkWidget *widget)
{
  AdmiraltyDiceContributionDialog *self = ADMIRALTY_DICE_CONTRIBUTION_DIALOG (widget);

  GTK_WIDGET_CLASS (admiralty_dice_contribution_dialog_parent_class)->map (widget);
  if (self->entries->len > 0)
    gtk_widget_grab_focus (g_ptr_array_index (self->entries, 0));
}

/* Tab and Shift+Tab go from one side's dice to the next side's, past the "Thrown by the
 * master" box between them: typed "3 5", Tab, "6 2", the space of the second throw would
 * otherwise tick the first side's box. The box is reached with the pointer or its mnemonic;
 * after the last side's dice, Tab goes on as usual. */
static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      gpointer               data)
{
  AdmiraltyDiceContributionDialog *self = data;
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  gboolean back = keyval == GDK_KEY_ISO_Left_Tab ||
                  (keyval == GDK_KEY_Tab && (state & GDK_SHIFT_MASK) != 0);
  guint index;

  if ((keyval != GDK_KEY_Tab && keyval != GDK_KEY_ISO_Left_Tab && keyval != GDK_KEY_KP_Tab) ||
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 ||
      !g_ptr_array_find (self->entries, row, &index))
    return FALSE;
  if (back && index > 0)
    return gtk_widget_grab_focus (g_ptr_array_index (self->entries, index - 1));
  if (!back && index + 1 < self->entries->len)
    return gtk_widget_grab_focus (g_ptr_array_index (self->entries, index + 1));
  return FALSE;
}

static void
response_cb (AdmiraltyDiceContributionDialog *self)
{
  stop_asking (self);
}

static void
admiralty_dice_contribution_dialog_class_init (AdmiraltyDiceContributionDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = admiralty_dice_contribution_dialog_dispose;
  G_OBJECT_CLASS (klass)->finalize = admiralty_dice_contribution_dialog_finalize;
  widget_class->map = admiralty_dice_contribution_dialog_map;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-dice-contribution-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyDiceContributionDialog, list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyDiceContributionDialog, phones);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyDiceContributionDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyDiceContributionDialog, status);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyDiceContributionDialog, again);
}

static void
admiralty_dice_contribution_dialog_init (AdmiraltyDiceContributionDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (self, "response", G_CALLBACK (response_cb), NULL);
  g_signal_connect_swapped (self->again, "clicked", G_CALLBACK (ask_phones), self);
  self->side_ids = g_ptr_array_new_with_free_func (g_free);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->entries = g_ptr_array_new ();
  self->by_master = g_ptr_array_new ();
}

static AdmiraltyDiceContributionDialog *dialog_new (GtkWindow   *parent,
                                                    const char  *engagement_id,
                                                    GPtrArray   *sides);

GtkWidget *
admiralty_dice_contribution_dialog_new (GtkWindow   *parent,
                                        AdmCampaign *campaign,
                                        const char  *engagement_id,
                                        GPtrArray   *sides,
                                        const char  *declarations)
{
  AdmiraltyDiceContributionDialog *self;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL && sides != NULL, NULL);

  self = dialog_new (parent, engagement_id, sides);
  self->campaign = g_object_ref (campaign);
  self->declarations = g_strdup (declarations);
  return GTK_WIDGET (self);
}

GtkWidget *
admiralty_dice_contribution_dialog_new_at_table (GtkWindow      *parent,
                                                 AdmTableClient *client,
                                                 GPtrArray      *sides,
                                                 const char     *declarations)
{
  AdmiraltyDiceContributionDialog *self;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (client), NULL);
  g_return_val_if_fail (sides != NULL, NULL);

  self = dialog_new (parent, adm_table_client_get_engagement (client), sides);
  self->client = g_object_ref (client);
  self->declarations = g_strdup (declarations);
  /* The phones are offered their tap as at the chief's own table; not reached, the dice are
   * typed here. */
  if (declarations != NULL)
    ask_phones (self);
  return GTK_WIDGET (self);
}

static AdmiraltyDiceContributionDialog *
dialog_new (GtkWindow  *parent,
            const char *engagement_id,
            GPtrArray  *sides)
{
  AdmiraltyDiceContributionDialog *self;

  self = g_object_new (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG, "transient-for", parent, NULL);
  self->engagement_id = g_strdup (engagement_id);
  for (guint s = 0; s < sides->len; s++)
    {
      const AdmBattleSide *side = g_ptr_array_index (sides, s);
      GtkWidget *row = adw_entry_row_new ();
      GtkWidget *master = gtk_check_button_new_with_mnemonic (_("Thrown by the _master"));
      GtkEventController *keys = gtk_event_controller_key_new ();
      /* Translators: a side's row: "Pol Six: 2d6" */
      g_autofree char *title = g_strdup_printf (_("%s: 2d6"), side->name);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      /* Return gives the dice once every row holds them ("give" is the default response,
       * enabled only then): the master types each side's and presses Return, Tab between
       * (entry_key_pressed_cb ()). */
      adw_entry_row_set_activates_default (ADW_ENTRY_ROW (row), TRUE);
      gtk_widget_set_valign (master, GTK_ALIGN_CENTER);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), master);
      g_signal_connect_object (row, "changed", G_CALLBACK (entry_changed_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
      g_signal_connect (keys, "key-pressed", G_CALLBACK (entry_key_pressed_cb), self);
      gtk_widget_add_controller (row, keys);
      gtk_list_box_append (self->list, row);
      g_ptr_array_add (self->side_ids, g_strdup (side->id));
      g_ptr_array_add (self->names, g_strdup (side->name));
      g_ptr_array_add (self->entries, row);
      g_ptr_array_add (self->by_master, master);
    }
  return self;
}

const char *
admiralty_dice_contribution_dialog_get_phones_status (AdmiraltyDiceContributionDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_DICE_CONTRIBUTION_DIALOG (self), NULL);
  return gtk_widget_get_visible (self->phones) ? gtk_label_get_text (self->status) : "";
}
