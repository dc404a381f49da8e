/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-dice-contribution-dialog.c: each side's 2d6 for a phase's program dice
 * (admiralty-dice-contribution-dialog.h). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-dice-contribution-dialog.h"
#include "adm-clock.h"

struct _AdmiraltyDiceContributionDialog
{
  AdwMessageDialog parent_instance;

  GtkListBox  *list;
  AdmCampaign *campaign;
  AdmTableClient *client;  /* at a table: the dice are given to its battle, sent to the chief */
  char        *engagement_id;
  char        *declarations; /* the digest of the phase's locked declarations */
  GPtrArray   *side_ids;  /* char*, one a row */
  GPtrArray   *entries;   /* AdwEntryRow*, borrowed */
  GPtrArray   *by_master; /* GtkCheckButton*, borrowed */
};

G_DEFINE_FINAL_TYPE (AdmiraltyDiceContributionDialog, admiralty_dice_contribution_dialog,
                     ADW_TYPE_MESSAGE_DIALOG)

/* "Mix In and Roll" once every side's dice are two numbers from 1 to 6; a row whose text is
 * not says so. */
static void
entry_changed_cb (AdmiraltyDiceContributionDialog *self)
{
  gboolean valid = TRUE;

  for (guint i = 0; i < self->entries->len; i++)
    {
      GtkWidget *entry = g_ptr_array_index (self->entries, i);
      const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
      gboolean ok = adm_dice_contribution_parse (text, NULL, NULL);

      if (ok || *text == '\0')
        gtk_widget_remove_css_class (entry, "error");
      else
        gtk_widget_add_css_class (entry, "error");
      valid = valid && ok;
    }
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "give", valid);
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
      gboolean master = gtk_check_button_get_active (g_ptr_array_index (self->by_master, i));

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

static void
admiralty_dice_contribution_dialog_finalize (GObject *object)
{
  AdmiraltyDiceContributionDialog *self = ADMIRALTY_DICE_CONTRIBUTION_DIALOG (object);

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
admiralty_dice_contribution_dialog_class_init (AdmiraltyDiceContributionDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = admiralty_dice_contribution_dialog_finalize;
  widget_class->map = admiralty_dice_contribution_dialog_map;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-dice-contribution-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyDiceContributionDialog, list);
}

static void
admiralty_dice_contribution_dialog_init (AdmiraltyDiceContributionDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->side_ids = g_ptr_array_new_with_free_func (g_free);
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
                                                 GPtrArray      *sides)
{
  AdmiraltyDiceContributionDialog *self;

  g_return_val_if_fail (ADM_IS_TABLE_CLIENT (client), NULL);
  g_return_val_if_fail (sides != NULL, NULL);

  self = dialog_new (parent, adm_table_client_get_engagement (client), sides);
  self->client = g_object_ref (client);
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
      g_ptr_array_add (self->entries, row);
      g_ptr_array_add (self->by_master, master);
    }
  return self;
}
