/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-ti4-hits-dialog.c: a side assigns its hits (LRR 39.6, 48.2). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-plain-text.h"
#include "admiralty-ti4-hits-dialog.h"

#define N_COLUMNS 3

struct _AdmiraltyTi4HitsDialog
{
  AdwMessageDialog  parent_instance;

  AdmTi4Catalog    *catalog;
  AdmTi4Fleet       fleet;
  AdmTi4Arena       arena;
  guint             hits;
  gboolean          barrage;
  AdmTi4Assignment  assignment;
  GtkSpinButton    *spins[N_COLUMNS][ADM_TI4_MAX_UNITS];

  /* Template children */
  GtkListBox       *list;
  GtkLabel         *message_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyTi4HitsDialog, admiralty_ti4_hits_dialog, ADW_TYPE_MESSAGE_DIALOG)

static guint16 *
assignment_slot (AdmTi4Assignment       *assignment,
                 AdmiraltyTi4HitsColumn  column,
                 guint                   unit)
{
  switch (column)
    {
    case ADMIRALTY_TI4_HITS_SUSTAIN:
      return &assignment->sustain[unit];
    case ADMIRALTY_TI4_HITS_DESTROY_INTACT:
      return &assignment->destroy_intact[unit];
    case ADMIRALTY_TI4_HITS_DESTROY_DAMAGED:
    default:
      return &assignment->destroy_damaged[unit];
    }
}

gboolean
admiralty_ti4_hits_dialog_check (AdmiraltyTi4HitsDialog  *self,
                                 GError                 **error)
{
  AdmTi4Fleet copy;

  g_return_val_if_fail (ADMIRALTY_IS_TI4_HITS_DIALOG (self), FALSE);

  /* The engine's own check on a copy: the dialog accepts exactly what the combat will. */
  copy = self->fleet;
  return adm_ti4_fleet_apply (self->catalog, &copy, self->arena, self->hits, self->barrage,
                              &self->assignment, error);
}

static void
admiralty_ti4_hits_dialog_update (AdmiraltyTi4HitsDialog *self)
{
  g_autoptr(GError) error = NULL;
  gboolean valid = admiralty_ti4_hits_dialog_check (self, &error);

  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "assign", valid);
  if (valid)
    {
      gtk_label_set_text (self->message_label, _("Every hit is assigned."));
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
    }
  else
    {
      gtk_label_set_text (self->message_label, error->message);
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
    }
}

static void
spin_changed_cb (AdmiraltyTi4HitsDialog *self,
                 GtkSpinButton          *spin)
{
  /* The spin's place in self->spins is its column and unit. */
  for (guint column = 0; column < N_COLUMNS; column++)
    for (guint unit = 0; unit < ADM_TI4_MAX_UNITS; unit++)
      if (self->spins[column][unit] == spin)
        {
          *assignment_slot (&self->assignment, column, unit) =
            gtk_spin_button_get_value_as_int (spin);
          admiralty_ti4_hits_dialog_update (self);
          return;
        }
  g_assert_not_reached ();
}

static GtkWidget *
column_spin (AdmiraltyTi4HitsDialog *self,
             guint                   unit,
             AdmiraltyTi4HitsColumn  column,
             const char             *caption,
             guint                   max)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (caption);
  GtkWidget *spin = gtk_spin_button_new_with_range (0, max, 1);

  gtk_widget_add_css_class (label, "caption");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin),
                             MIN (*assignment_slot (&self->assignment, column, unit), max));
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  caption, -1);
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (spin_changed_cb), self,
                           G_CONNECT_SWAPPED);
  self->spins[column][unit] = GTK_SPIN_BUTTON (spin);

  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), spin);
  return box;
}

/* One row per unit card that can take these hits: the fighting units, or only the fighters
 * for the Anti-Fighter Barrage (LRR 39.3). */
static void
admiralty_ti4_hits_dialog_add_rows (AdmiraltyTi4HitsDialog *self)
{
  guint n = adm_ti4_catalog_get_n_units (self->catalog);
  AdmTi4Kind kind = self->arena == ADM_TI4_GROUND ? ADM_TI4_KIND_GROUND : ADM_TI4_KIND_SHIP;

  for (guint u = 0; u < n; u++)
    {
      const AdmTi4Unit *unit = adm_ti4_catalog_get_unit (self->catalog, u);
      guint intact = self->fleet.intact[u];
      guint damaged = self->fleet.damaged[u];
      g_autofree char *subtitle = NULL;
      GtkWidget *row;

      if (unit->kind != kind || intact + damaged == 0 || (self->barrage && !unit->fighter))
        continue;

      row = admiralty_plain_row (adw_action_row_new ());
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), unit->name);
      subtitle = damaged > 0
                 /* Translators: units of one kind on the side taking hits */
                 ? g_strdup_printf (_("%u intact, %u damaged"), intact, damaged)
                 : g_strdup_printf (g_dngettext (NULL, "%u intact", "%u intact", intact),
                                    intact);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

      /* LRR 39.6.a: only an undamaged unit with Sustain Damage can sustain a hit. */
      if (unit->sustain && intact > 0 && !self->barrage)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   column_spin (self, u, ADMIRALTY_TI4_HITS_SUSTAIN,
                                                _("Sustain"), intact));
      if (intact > 0)
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   column_spin (self, u, ADMIRALTY_TI4_HITS_DESTROY_INTACT,
                                                unit->sustain && !self->barrage
                                                ? _("Destroy undamaged") : _("Destroy"),
                                                intact));
      /* A unit that sustains a hit is damaged, and a further hit destroys it. */
      if (damaged > 0 || (unit->sustain && intact > 0 && !self->barrage))
        adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                   column_spin (self, u, ADMIRALTY_TI4_HITS_DESTROY_DAMAGED,
                                                _("Destroy damaged"),
                                                damaged + (self->barrage ? 0 : intact)));
      gtk_list_box_append (self->list, row);
    }
}

static void
admiralty_ti4_hits_dialog_dispose (GObject *object)
{
  AdmiraltyTi4HitsDialog *self = ADMIRALTY_TI4_HITS_DIALOG (object);

  g_clear_object (&self->catalog);

  G_OBJECT_CLASS (admiralty_ti4_hits_dialog_parent_class)->dispose (object);
}

static void
admiralty_ti4_hits_dialog_class_init (AdmiraltyTi4HitsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_ti4_hits_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-ti4-hits-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4HitsDialog, list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyTi4HitsDialog, message_label);
}

static void
admiralty_ti4_hits_dialog_init (AdmiraltyTi4HitsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
admiralty_ti4_hits_dialog_new (GtkWindow              *parent,
                               AdmTi4Catalog          *catalog,
                               const AdmTi4Fleet      *fleet,
                               AdmTi4Arena             arena,
                               guint                   hits,
                               gboolean                barrage,
                               const AdmTi4Assignment *suggestion,
                               const char             *heading,
                               const char             *body)
{
  AdmiraltyTi4HitsDialog *self;

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), NULL);
  g_return_val_if_fail (fleet != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_TI4_HITS_DIALOG,
                       "transient-for", parent,
                       "heading", heading,
                       "body", body,
                       NULL);
  self->catalog = g_object_ref (catalog);
  self->fleet = *fleet;
  self->arena = arena;
  self->hits = hits;
  self->barrage = barrage;
  if (suggestion != NULL)
    self->assignment = *suggestion;

  admiralty_ti4_hits_dialog_add_rows (self);
  /* The rows show the suggestion as far as the spin buttons can hold it; the assignment is
   * what they show. */
  for (guint c = 0; c < N_COLUMNS; c++)
    for (guint u = 0; u < ADM_TI4_MAX_UNITS; u++)
      *assignment_slot (&self->assignment, c, u) =
        self->spins[c][u] != NULL ? gtk_spin_button_get_value_as_int (self->spins[c][u]) : 0;
  admiralty_ti4_hits_dialog_update (self);

  return GTK_WIDGET (self);
}

const AdmTi4Assignment *
admiralty_ti4_hits_dialog_get_assignment (AdmiraltyTi4HitsDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_HITS_DIALOG (self), NULL);

  return &self->assignment;
}

GtkSpinButton *
admiralty_ti4_hits_dialog_get_spin (AdmiraltyTi4HitsDialog *self,
                                    guint                   unit,
                                    AdmiraltyTi4HitsColumn  column)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_HITS_DIALOG (self), NULL);
  g_return_val_if_fail (unit < ADM_TI4_MAX_UNITS && column < N_COLUMNS, NULL);

  return self->spins[column][unit];
}

const char *
admiralty_ti4_hits_dialog_get_message (AdmiraltyTi4HitsDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_TI4_HITS_DIALOG (self), NULL);

  return gtk_label_get_text (self->message_label);
}
