/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-roll-dialog.c: one roll, by the program's generator or from real dice. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-roll-dialog-private.h"
#include "admiralty-plain-text.h"
#include "adm-campaign-journal.h"
#include "adm-dice-queue.h"

/* The dice on the sides row, in its order. */
static const guint dice_sides[] = { 3, 6, 10, 20, 100 };

struct _AdmiraltyRollDialog
{
  AdwWindow             parent_instance;

  AdmCampaign          *campaign;
  GSettings            *settings;

  GtkSpinButton        *count_spin;
  AdwComboRow          *sides_row;
  AdwEntryRow          *purpose_row;
  AdwEntryRow          *clause_row;
  AdwPreferencesGroup  *values_group;
  AdwEntryRow          *values_row;
  GtkLabel             *error_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyRollDialog, admiralty_roll_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_CAMPAIGN,
  N_PROPS
};

enum {
  ROLLED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
admiralty_roll_dialog_is_physical (AdmiraltyRollDialog *self)
{
  g_autofree char *mode = g_settings_get_string (self->settings, "dice-mode");

  return g_strcmp0 (mode, "physical") == 0;
}

static void
admiralty_roll_dialog_show_error (AdmiraltyRollDialog *self,
                                  const char          *message)
{
  gtk_label_set_label (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->values_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->values_row), "error");
}

static void
dice_mode_changed_cb (AdmiraltyRollDialog *self,
                      const char          *key,
                      GSettings           *settings)
{
  gtk_widget_set_visible (GTK_WIDGET (self->values_group),
                          admiralty_roll_dialog_is_physical (self));
  admiralty_roll_dialog_show_error (self, NULL);
}

static char *
admiralty_roll_dialog_summarize (const AdmDiceRequest *request,
                                 const guint          *values)
{
  g_autofree char *dice = adm_dice_describe (request->count, request->sides);
  g_autoptr(GString) text = g_string_new (NULL);
  guint total = 0;

  for (guint i = 0; i < request->count; i++)
    {
      g_string_append_printf (text, i > 0 ? " %u" : "%u", values[i]);
      total += values[i];
    }

  /* Translators: a roll's result: "2d6 for Free roll: 3 4, total 7" */
  return g_strdup_printf (_("%s for %s: %s, total %u"), dice, request->purpose, text->str, total);
}

/* In physical mode the typed values become the dice source: the engine refuses a value that
 * is not on the die, and nothing is journalled then. */
static gboolean
admiralty_roll_dialog_roll_physical (AdmiraltyRollDialog  *self,
                                     const AdmDiceRequest *request,
                                     gint64                now,
                                     guint                *values,
                                     GError              **error)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  guint length;

  if (!adm_dice_queue_push_text (queue, gtk_editable_get_text (GTK_EDITABLE (self->values_row)),
                                 error))
    return FALSE;

  length = adm_dice_queue_get_length (queue);
  if (length > request->count)
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

  return adm_campaign_roll (self->campaign, ADM_DICE_SOURCE (queue), request, now, values,
                            error);
}

static void
roll_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyRollDialog *self = ADMIRALTY_ROLL_DIALOG (widget);
  const char *purpose = gtk_editable_get_text (GTK_EDITABLE (self->purpose_row));
  const char *clause = gtk_editable_get_text (GTK_EDITABLE (self->clause_row));
  guint selected = adw_combo_row_get_selected (self->sides_row);
  AdmDiceRequest request = { 0 };
  g_autofree guint *values = NULL;
  g_autofree char *purpose_text = g_strstrip (g_strdup (purpose));
  g_autofree char *clause_text = g_strstrip (g_strdup (clause));
  g_autofree char *summary = NULL;
  g_autoptr(GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  gboolean ok;

  request.count = (guint)gtk_spin_button_get_value_as_int (self->count_spin);
  request.sides = dice_sides[MIN (selected, G_N_ELEMENTS (dice_sides) - 1)];
  request.purpose = purpose_text[0] != '\0' ? purpose_text : _("Free roll");
  request.clause = clause_text[0] != '\0' ? clause_text : NULL;
  values = g_new0 (guint, request.count);

  if (admiralty_roll_dialog_is_physical (self))
    ok = admiralty_roll_dialog_roll_physical (self, &request, now, values, &error);
  else
    ok = adm_campaign_roll (self->campaign, NULL, &request, now, values, &error);

  if (!ok)
    {
      admiralty_roll_dialog_show_error (self, error->message);
      return;
    }

  summary = admiralty_roll_dialog_summarize (&request, values);
  g_signal_emit (self, signals[ROLLED], 0, summary);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
values_changed_cb (AdmiraltyRollDialog *self,
                   GtkEditable         *editable)
{
  admiralty_roll_dialog_show_error (self, NULL);
}

static void
admiralty_roll_dialog_dispose (GObject *object)
{
  AdmiraltyRollDialog *self = (AdmiraltyRollDialog *)object;

  g_clear_object (&self->campaign);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ROLL_DIALOG);

  G_OBJECT_CLASS (admiralty_roll_dialog_parent_class)->dispose (object);
}

static void
admiralty_roll_dialog_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AdmiraltyRollDialog *self = ADMIRALTY_ROLL_DIALOG (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_roll_dialog_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  AdmiraltyRollDialog *self = ADMIRALTY_ROLL_DIALOG (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      self->campaign = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The master opens the dialog to type what the roll is for, then presses Enter to roll. */
static void
admiralty_roll_dialog_map (GtkWidget *widget)
{
  AdmiraltyRollDialog *self = ADMIRALTY_ROLL_DIALOG (widget);

  GTK_WIDGET_CLASS (admiralty_roll_dialog_parent_class)->map (widget);
  gtk_widget_grab_focus (GTK_WIDGET (self->purpose_row));
}

static void
admiralty_roll_dialog_class_init (AdmiraltyRollDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_roll_dialog_dispose;
  widget_class->map = admiralty_roll_dialog_map;
  object_class->get_property = admiralty_roll_dialog_get_property;
  object_class->set_property = admiralty_roll_dialog_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, ADM_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS
                         | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ROLLED] = g_signal_new ("rolled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-roll-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyRollDialog, count_spin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyRollDialog, sides_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyRollDialog, purpose_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyRollDialog, clause_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyRollDialog, values_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyRollDialog, values_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyRollDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, values_changed_cb);

  gtk_widget_class_install_action (widget_class, "roll.roll", NULL, roll_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_roll_dialog_init (AdmiraltyRollDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  admiralty_wrapping_choices (self->sides_row);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::dice-mode",
                           G_CALLBACK (dice_mode_changed_cb), self, G_CONNECT_SWAPPED);
  dice_mode_changed_cb (self, "dice-mode", self->settings);
}

AdmiraltyRollDialog *
admiralty_roll_dialog_new (GtkWindow   *parent,
                           AdmCampaign *campaign)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  return g_object_new (ADMIRALTY_TYPE_ROLL_DIALOG,
                       "transient-for", parent,
                       "campaign", campaign,
                       NULL);
}

void
admiralty_roll_dialog_set_request (AdmiraltyRollDialog *self,
                                   guint                count,
                                   guint                sides,
                                   const char          *purpose,
                                   const char          *clause)
{
  g_return_if_fail (ADMIRALTY_IS_ROLL_DIALOG (self));

  gtk_spin_button_set_value (self->count_spin, count);
  for (guint i = 0; i < G_N_ELEMENTS (dice_sides); i++)
    if (dice_sides[i] == sides)
      adw_combo_row_set_selected (self->sides_row, i);
  gtk_editable_set_text (GTK_EDITABLE (self->purpose_row), purpose != NULL ? purpose : "");
  gtk_editable_set_text (GTK_EDITABLE (self->clause_row), clause != NULL ? clause : "");
}

void
_admiralty_roll_dialog_set_values_text (AdmiraltyRollDialog *self,
                                        const char          *text)
{
  g_return_if_fail (ADMIRALTY_IS_ROLL_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->values_row), text);
}

GtkWidget *
_admiralty_roll_dialog_get_purpose_row (AdmiraltyRollDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_DIALOG (self), NULL);

  return GTK_WIDGET (self->purpose_row);
}

const char *
_admiralty_roll_dialog_get_error (AdmiraltyRollDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ROLL_DIALOG (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->error_label)))
    return NULL;

  return gtk_label_get_label (self->error_label);
}
