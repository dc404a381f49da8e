/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-engagement-dialog.c: an engagement's placements before its battle (F-STRAT-4,
 * F-STRAT-15): one row per engaged formation, its side and why it is placed as it is, and the
 * ruleset's placements to choose from. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-engagement-dialog.h"
#include "admiralty-plain-text.h"
#include "admiralty-table-renderer.h"

typedef struct {
  char        *formation_id;
  guint        initial;     /* the placement its orders give */
  AdwComboRow *row;
} Choice;

struct _AdmiraltyEngagementDialog
{
  AdwWindow       parent_instance;

  GPtrArray      *placements;   /* const AdmPlacement*, the ruleset's, borrowed */
  AdmRuleset     *ruleset;      /* keeps the placements alive */
  GPtrArray      *choices;      /* Choice* */
  AdmCampaign    *campaign;     /* for the table's preview and re-roll, or NULL */
  char           *engagement_id;
  AdmBattle      *preview;      /* the battle as it would be set up now, or NULL */

  /* Template children */
  AdwWindowTitle *window_title;
  AdwPreferencesGroup *group;
  AdwPreferencesGroup *words_group;
  AdwPreferencesGroup *table_group;
  GtkDrawingArea *table_preview;
};

G_DEFINE_FINAL_TYPE (AdmiraltyEngagementDialog, admiralty_engagement_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_OPEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
choice_free (Choice *choice)
{
  g_free (choice->formation_id);
  g_free (choice);
}

static Choice *
find_choice (AdmiraltyEngagementDialog *self,
             const char                *formation_id)
{
  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);

      if (g_strcmp0 (choice->formation_id, formation_id) == 0)
        return choice;
    }
  return NULL;
}

static void update_preview (AdmiraltyEngagementDialog *self);

/* F-STRAT-15: what each engaged formation's admiral wrote for it on his sheet for the cycle,
 * in his own words, as the orders in force carry them. */
static void
add_words (AdmiraltyEngagementDialog *self,
           AdmState                  *state,
           const AdmEngagement       *engagement)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);

  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);
      g_autoptr(GPtrArray) orders = NULL;

      if (formation->admiral == NULL)
        continue;
      orders = adm_strategy_get_orders (strategy, engagement->cycle, formation->admiral->id);
      for (guint i = 0; i < orders->len; i++)
        {
          const AdmStratOrder *order = g_ptr_array_index (orders, i);
          GtkWidget *row;
          g_autofree char *words = NULL;

          if (order->formation != formation || order->text == NULL || order->text[0] == '\0' ||
              !adm_strategy_order_in_force (strategy, order))
            continue;
          row = admiralty_plain_row (adw_action_row_new ());
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), formation->name);
          /* Translators: an admiral's own words on his order sheet, "Adm. Aral Vorkosigan:
           * «In marching order; do not fire first.»" */
          words = g_strdup_printf (_("%s: «%s»"), formation->admiral->name, order->text);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), words);
          adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
          adw_preferences_group_add (self->words_group, row);
          gtk_widget_set_visible (GTK_WIDGET (self->words_group), TRUE);
        }
    }
}

AdmiraltyEngagementDialog *
admiralty_engagement_dialog_new (AdmState            *state,
                                 const AdmEngagement *engagement)
{
  AdmiraltyEngagementDialog *self;
  g_autoptr(GPtrArray) placed = NULL;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *place = NULL;
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_ENGAGEMENT_DIALOG, NULL);
  self->ruleset = g_object_ref (adm_scenario_get_ruleset (adm_state_get_scenario (state)));
  self->placements = g_ptr_array_ref (adm_ruleset_get_placements (self->ruleset));
  for (guint i = 0; i < self->placements->len; i++)
    gtk_string_list_append (names,
                            ((AdmPlacement *) g_ptr_array_index (self->placements, i))->name);

  place = adm_engagement_place_name (engagement);
  /* Translators: the placements dialog's subtitle, "Cycle 2 · minute 20" */
  subtitle = g_strdup_printf (_("Cycle %u · minute %.0f"), engagement->cycle,
                              engagement->minute);
  adw_window_title_set_title (self->window_title, place);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), place);
  adw_preferences_group_set_title (self->group, _("Placements"));

  placed = adm_engagement_placements (state, engagement);
  for (guint i = 0; i < placed->len; i++)
    {
      AdmEngagementPlacement *entry = g_ptr_array_index (placed, i);
      Choice *choice = g_new0 (Choice, 1);
      g_autofree char *why = NULL;
      g_autofree char *side = adm_report_placement_side (entry);
      guint index = 0;

      g_ptr_array_find (self->placements, entry->placement, &index);
      choice->formation_id = g_strdup (entry->formation->id);
      choice->initial = index;
      choice->row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (choice->row), entry->formation->name);
      /* Translators: a formation's side, named by its own faction, and why it is placed so,
       * "Barrayaran Imperium · ordered to attack" */
      why = g_strdup_printf (_("%s · %s"), side, entry->reason);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (choice->row), why);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (choice->row), 0);
      adw_combo_row_set_model (choice->row, G_LIST_MODEL (names));
      adw_combo_row_set_selected (choice->row, index);
      adw_preferences_group_add (self->group, GTK_WIDGET (choice->row));
      g_ptr_array_add (self->choices, choice);
      g_signal_connect_object (choice->row, "notify::selected", G_CALLBACK (update_preview),
                               self, G_CONNECT_SWAPPED);
    }
  add_words (self, state, engagement);
  return self;
}

/* Only what the master changed: the rest follows the orders. Formation id → placement id. */
static GHashTable *
chosen_overrides (AdmiraltyEngagementDialog *self)
{
  GHashTable *overrides = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < self->choices->len; i++)
    {
      Choice *choice = g_ptr_array_index (self->choices, i);
      guint index = adw_combo_row_get_selected (choice->row);

      if (index != choice->initial && index < self->placements->len)
        g_hash_table_insert (overrides, g_strdup (choice->formation_id),
                             g_strdup (((AdmPlacement *) g_ptr_array_index (self->placements,
                                                                            index))->id));
    }
  return overrides;
}

/* F-TAC-1: the table as the engagement's set-up generates it now, with the placements chosen
 * so far, and its seed. */
static void
update_preview (AdmiraltyEngagementDialog *self)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  g_autofree char *description = NULL;
  g_autoptr(GHashTable) overrides = NULL;
  guint32 seed = 0;

  if (self->campaign == NULL)
    return;
  overrides = chosen_overrides (self);
  g_clear_object (&self->preview);
  engagement = adm_campaign_find_engagement (self->campaign, self->engagement_id, &error);
  if (engagement != NULL)
    setup = adm_campaign_engagement_setup (self->campaign, engagement, overrides, &error);
  if (setup != NULL)
    self->preview = adm_battle_load_memory (setup, strlen (setup), self->engagement_id, &error);
  if (self->preview != NULL && adm_battle_get_layout_seed (self->preview, &seed))
    /* Translators: under the table's preview, "Generated from seed 3141592653" */
    description = g_strdup_printf (_("Generated from seed %u"), (guint) seed);
  else if (error != NULL)
    description = g_strdup (error->message);
  adw_preferences_group_set_description (self->table_group, description);
  gtk_widget_set_visible (GTK_WIDGET (self->table_group), TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self->table_preview));
}

static void
draw_preview_cb (GtkDrawingArea *area,
                 cairo_t        *cr,
                 int             width,
                 int             height,
                 gpointer        data)
{
  AdmiraltyEngagementDialog *self = data;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;

  if (self->preview == NULL)
    return;
  admiralty_table_options_init (&options);
  options.show_grid = FALSE;
  options.still = TRUE;
  admiralty_table_view_init (&view, width, height);
  admiralty_table_view_fit (&view, self->preview, &options);
  admiralty_table_render (cr, &view, self->preview, &options);
}

void
admiralty_engagement_dialog_set_campaign (AdmiraltyEngagementDialog *self,
                                          AdmCampaign               *campaign,
                                          const char                *engagement_id)
{
  g_return_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self));
  g_return_if_fail (ADM_IS_CAMPAIGN (campaign));
  g_return_if_fail (engagement_id != NULL);

  g_set_object (&self->campaign, campaign);
  g_free (self->engagement_id);
  self->engagement_id = g_strdup (engagement_id);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "engagement.reroll", TRUE);
  update_preview (self);
}

const char *
admiralty_engagement_dialog_get_engagement_id (AdmiraltyEngagementDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), NULL);

  return self->engagement_id;
}

gboolean
admiralty_engagement_dialog_reroll (AdmiraltyEngagementDialog  *self,
                                    guint32                     seed,
                                    GError                    **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), FALSE);
  g_return_val_if_fail (self->campaign != NULL, FALSE);

  if (!adm_campaign_reroll_layout (self->campaign, self->engagement_id, seed, adm_clock_now (),
                                   error))
    return FALSE;
  update_preview (self);
  return TRUE;
}

AdmBattle *
admiralty_engagement_dialog_get_preview (AdmiraltyEngagementDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), NULL);
  return self->preview;
}

const char *
admiralty_engagement_dialog_get_placement (AdmiraltyEngagementDialog *self,
                                           const char                *formation_id)
{
  Choice *choice;
  guint index;

  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), NULL);

  choice = find_choice (self, formation_id);
  if (choice == NULL)
    return NULL;
  index = adw_combo_row_get_selected (choice->row);
  if (index >= self->placements->len)
    return NULL;
  return ((AdmPlacement *) g_ptr_array_index (self->placements, index))->id;
}

gboolean
admiralty_engagement_dialog_set_placement (AdmiraltyEngagementDialog *self,
                                           const char                *formation_id,
                                           const char                *placement_id)
{
  Choice *choice;

  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), FALSE);

  choice = find_choice (self, formation_id);
  for (guint i = 0; choice != NULL && i < self->placements->len; i++)
    if (g_strcmp0 (((AdmPlacement *) g_ptr_array_index (self->placements, i))->id,
                   placement_id) == 0)
      {
        adw_combo_row_set_selected (choice->row, i);
        return TRUE;
      }
  return FALSE;
}

void
admiralty_engagement_dialog_open (AdmiraltyEngagementDialog *self)
{
  g_autoptr(GHashTable) overrides = NULL;

  g_return_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self));

  overrides = chosen_overrides (self);
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_OPEN], 0, overrides);
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  admiralty_engagement_dialog_open (ADMIRALTY_ENGAGEMENT_DIALOG (widget));
}

static void
reroll_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyEngagementDialog *self = ADMIRALTY_ENGAGEMENT_DIALOG (widget);
  g_autoptr(GError) error = NULL;

  if (!admiralty_engagement_dialog_reroll (self, g_random_int (), &error))
    adw_preferences_group_set_description (self->table_group, error->message);
}

static void
admiralty_engagement_dialog_dispose (GObject *object)
{
  AdmiraltyEngagementDialog *self = ADMIRALTY_ENGAGEMENT_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ENGAGEMENT_DIALOG);
  g_clear_pointer (&self->choices, g_ptr_array_unref);
  g_clear_pointer (&self->placements, g_ptr_array_unref);
  g_clear_object (&self->ruleset);
  g_clear_object (&self->preview);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->engagement_id, g_free);

  G_OBJECT_CLASS (admiralty_engagement_dialog_parent_class)->dispose (object);
}

static void
admiralty_engagement_dialog_class_init (AdmiraltyEngagementDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_engagement_dialog_dispose;

  signals[SIGNAL_OPEN] =
    g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_HASH_TABLE);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-engagement-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, words_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, table_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog,
                                        table_preview);

  gtk_widget_class_install_action (widget_class, "engagement.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "engagement.reroll", NULL, reroll_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK,
                                       "engagement.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_engagement_dialog_init (AdmiraltyEngagementDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
  gtk_drawing_area_set_draw_func (self->table_preview, draw_preview_cb, self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "engagement.reroll", FALSE);
}
