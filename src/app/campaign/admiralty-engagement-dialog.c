/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-engagement-dialog.c: an engagement's placements before its battle (F-STRAT-4,
 * F-STRAT-15): one row per engaged formation, its side and why it is placed as it is, and the
 * ruleset's placements to choose from; the chief's own, or, at a table, the chief's asked. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-engagement-dialog.h"
#include "admiralty-plain-text.h"
#include "admiralty-table-renderer.h"
#include "adm-battle-layout.h"
#include "adm-clock.h"

typedef struct {
  char        *formation_id;
  char        *side;        /* its side, for the subtitle */
  guint        initial;     /* the placement its orders give; at a table, the one the chief
                             * took last */
  AdwComboRow *row;
} Choice;

struct _AdmiraltyEngagementDialog
{
  AdwWindow       parent_instance;

  GPtrArray      *placements;   /* char*: the ids of the placements offered, in order */
  GPtrArray      *choices;      /* Choice* */
  AdmCampaign    *campaign;     /* for the table's preview and re-roll, or NULL */
  char           *engagement_id;
  AdmBattle      *preview;      /* the battle as it would be set up now, or NULL */

  /* At a table (admiralty_engagement_dialog_set_table ()): the chief is asked. */
  AdmTableClient *client;
  AdmTableEngagement *listed;   /* its id and assignment, as the listing gave them */
  GCancellable   *cancellable;
  guint           asking;       /* requests under way */
  gboolean        reverting;    /* a refused choice is being put back */
  gboolean        closing;      /* closed while the chief was asked: closes on his answer */

  /* Read-only (admiralty_engagement_dialog_set_read_only ()): shown as the campaign holds
   * it, followed as it changes. */
  gboolean        read_only;
  gulong          changed_id;

  /* Template children */
  AdwWindowTitle *window_title;
  GtkButton      *cancel_button;
  GtkWidget      *open_button;
  GtkWidget      *reroll_button;
  AdwPreferencesGroup *group;
  AdwPreferencesGroup *refusal_group;
  GtkLabel       *refusal_label;
  AdwPreferencesGroup *words_group;
  AdwPreferencesGroup *table_group;
  GtkDrawingArea *table_preview;
};

G_DEFINE_FINAL_TYPE (AdmiraltyEngagementDialog, admiralty_engagement_dialog, ADW_TYPE_WINDOW)

enum {
  SIGNAL_OPEN,
  SIGNAL_PLACED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
choice_free (Choice *choice)
{
  g_free (choice->formation_id);
  g_free (choice->side);
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
static void choice_changed_cb (AdmiraltyEngagementDialog *self, GParamSpec *pspec,
                               AdwComboRow *row);

/* F-STRAT-15: what each engaged formation's admiral wrote for it on his sheet for the cycle,
 * in his own words. */
static void
add_words (AdmiraltyEngagementDialog *self,
           const AdmPlacementStep    *step)
{
  for (guint i = 0; i < step->words->len; i++)
    {
      const AdmPlacementWords *said = g_ptr_array_index (step->words, i);
      GtkWidget *row = admiralty_plain_row (adw_action_row_new ());
      g_autofree char *words = NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), said->formation);
      /* Translators: an admiral's own words on his order sheet, "Adm. Aral Vorkosigan:
       * «In marching order; do not fire first.»" */
      words = g_strdup_printf (_("%s: «%s»"), said->admiral, said->text);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), words);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      adw_preferences_group_add (self->words_group, row);
      gtk_widget_set_visible (GTK_WIDGET (self->words_group), TRUE);
    }
}

AdmiraltyEngagementDialog *
admiralty_engagement_dialog_new_for_step (const AdmPlacementStep *step)
{
  AdmiraltyEngagementDialog *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autofree char *subtitle = NULL;

  g_return_val_if_fail (step != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_ENGAGEMENT_DIALOG, NULL);
  for (guint i = 0; i < step->offered->len; i++)
    {
      const AdmPlacementOffer *offer = g_ptr_array_index (step->offered, i);

      g_ptr_array_add (self->placements, g_strdup (offer->id));
      gtk_string_list_append (names, offer->name);
    }

  /* Translators: the placements dialog's subtitle, "Cycle 2 · minute 20" */
  subtitle = g_strdup_printf (_("Cycle %u · minute %.0f"), step->cycle, step->minute);
  adw_window_title_set_title (self->window_title, step->place);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), step->place);
  adw_preferences_group_set_title (self->group, _("Placements"));

  for (guint i = 0; i < step->choices->len; i++)
    {
      const AdmPlacementChoice *entry = g_ptr_array_index (step->choices, i);
      Choice *choice = g_new0 (Choice, 1);
      g_autofree char *why = NULL;
      guint index = 0;

      g_ptr_array_find_with_equal_func (self->placements, entry->placement, g_str_equal, &index);
      choice->formation_id = g_strdup (entry->formation);
      choice->side = g_strdup (entry->side);
      choice->initial = index;
      choice->row = ADW_COMBO_ROW (admiralty_plain_row (adw_combo_row_new ()));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (choice->row), entry->name);
      /* Translators: a formation's side, named by its own faction, and why it is placed so,
       * "Barrayaran Imperium · ordered to attack" */
      why = g_strdup_printf (_("%s · %s"), entry->side, entry->reason);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (choice->row), why);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (choice->row), 0);
      adw_combo_row_set_model (choice->row, G_LIST_MODEL (names));
      adw_combo_row_set_selected (choice->row, index);
      adw_preferences_group_add (self->group, GTK_WIDGET (choice->row));
      g_ptr_array_add (self->choices, choice);
      g_signal_connect_object (choice->row, "notify::selected", G_CALLBACK (choice_changed_cb),
                               self, G_CONNECT_SWAPPED);
    }
  add_words (self, step);
  return self;
}

AdmiraltyEngagementDialog *
admiralty_engagement_dialog_new (AdmState            *state,
                                 const AdmEngagement *engagement)
{
  g_autoptr(AdmPlacementStep) step = NULL;

  g_return_val_if_fail (ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);

  step = adm_placement_step_of (state, engagement, adm_audience_master ());
  return admiralty_engagement_dialog_new_for_step (step);
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
                             g_strdup (g_ptr_array_index (self->placements, index)));
    }
  return overrides;
}

static void
show_preview (AdmiraltyEngagementDialog *self,
              const GError              *error)
{
  g_autofree char *description = NULL;
  guint32 seed = 0;

  if (self->preview != NULL && adm_battle_get_layout_seed (self->preview, &seed))
    /* Translators: under the table's preview, "Generated from seed 3141592653" */
    description = g_strdup_printf (_("Generated from seed %u"), (guint) seed);
  else if (error != NULL)
    description = g_strdup (error->message);
  adw_preferences_group_set_description (self->table_group, description);
  gtk_widget_set_visible (GTK_WIDGET (self->table_group), TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self->table_preview));
}

/* The chief's refusal, left in view until the next request; NULL hides it. */
static void
show_refusal (AdmiraltyEngagementDialog *self,
              const char                *text)
{
  gtk_label_set_text (self->refusal_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->refusal_group), text != NULL);
}

/* While the chief is asked, nothing else is asked of him: the choices, Roll Again and Open
 * Battle wait. */
static void
set_asking (AdmiraltyEngagementDialog *self,
            gboolean                   asking)
{
  self->asking += asking ? 1 : -1;
  asking = self->asking > 0;
  gtk_widget_set_sensitive (GTK_WIDGET (self->group), !asking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "engagement.reroll", !asking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "engagement.open", !asking);
}

/* Closed while the chief was asked: now that he has answered, it closes. */
static void
close_if_answered (AdmiraltyEngagementDialog *self)
{
  if (self->closing && self->asking == 0)
    gtk_window_close (GTK_WINDOW (self));
}

static void
table_preview_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(AdmiraltyEngagementDialog) self = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_table_client_preview_finish (ADM_TABLE_CLIENT (source),
                                                                 result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_asking (self, FALSE);
  g_set_object (&self->preview, battle);
  show_preview (self, error);
  close_if_answered (self);
}

/* At a table: the set-up the chief hands out now, fetched. */
static void
fetch_table_preview (AdmiraltyEngagementDialog *self)
{
  set_asking (self, TRUE);
  adm_table_client_preview_async (self->client, self->listed->id, self->cancellable,
                                  table_preview_cb, g_object_ref (self));
}

/* F-TAC-1: the table as the engagement's set-up generates it now, with the placements chosen
 * so far, and its seed. */
static void
update_preview (AdmiraltyEngagementDialog *self)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  g_autoptr(GHashTable) overrides = NULL;

  if (self->campaign == NULL)
    return;
  overrides = chosen_overrides (self);
  g_clear_object (&self->preview);
  engagement = adm_campaign_find_engagement (self->campaign, self->engagement_id, &error);
  if (engagement != NULL)
    setup = adm_campaign_engagement_setup (self->campaign, engagement, overrides, &error);
  if (setup != NULL)
    self->preview = adm_battle_load_memory (setup, strlen (setup), self->engagement_id, &error);
  show_preview (self, error);
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

/* Picks @choice's row back to the placement the chief took last. */
static void
revert_choice (AdmiraltyEngagementDialog *self,
               Choice                    *choice)
{
  self->reverting = TRUE;
  adw_combo_row_set_selected (choice->row, choice->initial);
  self->reverting = FALSE;
}

typedef struct {
  AdmiraltyEngagementDialog *self;
  char                      *formation_id;  /* the choice sent, or NULL for Roll Again */
  guint                      index;
} Placing;

static void
placing_free (Placing *placing)
{
  g_object_unref (placing->self);
  g_free (placing->formation_id);
  g_free (placing);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Placing, placing_free)

static void
table_placed_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  g_autoptr(Placing) placing = data;
  AdmiraltyEngagementDialog *self = placing->self;
  g_autoptr(GError) error = NULL;
  Choice *choice = placing->formation_id != NULL ? find_choice (self, placing->formation_id)
                                                 : NULL;

  if (!adm_table_client_place_finish (ADM_TABLE_CLIENT (source), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_asking (self, FALSE);
  if (error != NULL)
    {
      /* Translators: the chief master's refusal of a placement or of Roll Again at a table,
       * his own words after the colon */
      g_autofree char *text = g_strdup_printf (_("The chief master refused: %s"),
                                               error->message);

      if (choice != NULL)
        revert_choice (self, choice);
      show_refusal (self, text);
      close_if_answered (self);
      return;
    }
  /* The chief journaled it: his placements are these now, and the table his set-up makes. */
  if (choice != NULL)
    {
      /* Translators: as in "Barrayaran Imperium · ordered to attack"; the reason is the one
       * the reports give a placement the master chose */
      g_autofree char *why = g_strdup_printf (_("%s · %s"), choice->side,
                                              _("chosen by the master"));

      choice->initial = placing->index;
      adw_action_row_set_subtitle (ADW_ACTION_ROW (choice->row), why);
    }
  g_signal_emit (self, signals[SIGNAL_PLACED], 0);
  if (self->closing)
    close_if_answered (self);
  else
    fetch_table_preview (self);
}

/* At a table: @overrides and Roll Again sent to the chief, who journals them. */
static void
place_at_table (AdmiraltyEngagementDialog *self,
                Choice                    *choice,
                gboolean                   roll_again)
{
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  Placing *placing = g_new0 (Placing, 1);

  placing->self = g_object_ref (self);
  if (choice != NULL)
    {
      placing->formation_id = g_strdup (choice->formation_id);
      placing->index = adw_combo_row_get_selected (choice->row);
      g_hash_table_insert (overrides, choice->formation_id,
                           g_ptr_array_index (self->placements, placing->index));
    }
  show_refusal (self, NULL);
  set_asking (self, TRUE);
  adm_table_client_place_async (self->client, self->listed, overrides, roll_again,
                                self->cancellable, table_placed_cb, placing);
}

static void
choice_changed_cb (AdmiraltyEngagementDialog *self,
                   GParamSpec                *pspec,
                   AdwComboRow               *row)
{
  Choice *choice = NULL;

  if (self->client == NULL)
    {
      if (!self->reverting)
        update_preview (self);
      return;
    }
  for (guint i = 0; i < self->choices->len && choice == NULL; i++)
    if (((Choice *) g_ptr_array_index (self->choices, i))->row == row)
      choice = g_ptr_array_index (self->choices, i);
  if (self->reverting || choice == NULL ||
      adw_combo_row_get_selected (row) >= self->placements->len ||
      adw_combo_row_get_selected (row) == choice->initial)
    return;
  place_at_table (self, choice, FALSE);
}

void
admiralty_engagement_dialog_set_table (AdmiraltyEngagementDialog *self,
                                       AdmTableClient            *client,
                                       const AdmTableEngagement  *listed)
{
  g_return_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self));
  g_return_if_fail (ADM_IS_TABLE_CLIENT (client));
  g_return_if_fail (listed != NULL);

  g_set_object (&self->client, client);
  g_clear_pointer (&self->listed, adm_table_engagement_free);
  self->listed = g_new0 (AdmTableEngagement, 1);
  self->listed->id = g_strdup (listed->id);
  self->listed->place = g_strdup (listed->place);
  self->listed->assignment = g_strdup (listed->assignment);
  self->listed->kept = listed->kept;
  g_free (self->engagement_id);
  self->engagement_id = g_strdup (listed->id);
  adw_preferences_group_set_description (
    self->group, _("Each formation starts as its orders place it (F-STRAT-15). A placement "
                   "changed here, and Roll Again, go to the chief master at once, who journals "
                   "them; the table below is the one he hands out."));
  fetch_table_preview (self);
}

/* The placements as the campaign holds them now: each row's placement and why, and the
 * preview of the set-up they make. */
static void
follow_campaign (AdmiraltyEngagementDialog *self)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmPlacementStep) step = NULL;

  engagement = adm_campaign_find_engagement (self->campaign, self->engagement_id, NULL);
  if (engagement == NULL)
    return;
  step = adm_placement_step_of (adm_campaign_get_state (self->campaign), &engagement->engagement,
                                adm_audience_master ());
  for (guint i = 0; i < step->choices->len; i++)
    {
      const AdmPlacementChoice *entry = g_ptr_array_index (step->choices, i);
      Choice *choice = find_choice (self, entry->formation);
      g_autofree char *why = NULL;
      guint index = 0;

      if (choice == NULL ||
          !g_ptr_array_find_with_equal_func (self->placements, entry->placement, g_str_equal,
                                             &index))
        continue;
      choice->initial = index;
      self->reverting = TRUE;
      adw_combo_row_set_selected (choice->row, index);
      self->reverting = FALSE;
      why = g_strdup_printf (_("%s · %s"), entry->side, entry->reason);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (choice->row), why);
    }
  update_preview (self);
}

void
admiralty_engagement_dialog_set_read_only (AdmiraltyEngagementDialog *self,
                                           const char                *why)
{
  g_return_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self));
  g_return_if_fail (self->campaign != NULL);
  g_return_if_fail (why != NULL);

  self->read_only = TRUE;
  adw_preferences_group_set_description (self->group, why);
  for (guint i = 0; i < self->choices->len; i++)
    gtk_widget_set_sensitive (GTK_WIDGET (((Choice *) g_ptr_array_index (self->choices, i))->row),
                              FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "engagement.open", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "engagement.reroll", FALSE);
  gtk_widget_set_visible (self->open_button, FALSE);
  gtk_widget_set_visible (self->reroll_button, FALSE);
  gtk_button_set_label (self->cancel_button, _("_Close"));
  if (self->changed_id == 0)
    self->changed_id = g_signal_connect_object (self->campaign, "changed",
                                                G_CALLBACK (follow_campaign), self,
                                                G_CONNECT_SWAPPED);
  follow_campaign (self);
}

gboolean
admiralty_engagement_dialog_get_read_only (AdmiraltyEngagementDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), FALSE);
  return self->read_only;
}

const char *
admiralty_engagement_dialog_get_refusal (AdmiraltyEngagementDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->refusal_group)))
    return NULL;
  return gtk_label_get_text (self->refusal_label);
}

gboolean
admiralty_engagement_dialog_get_asking (AdmiraltyEngagementDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), FALSE);
  return self->asking > 0;
}

gboolean
admiralty_engagement_dialog_reroll (AdmiraltyEngagementDialog  *self,
                                    guint32                     seed,
                                    GError                    **error)
{
  g_return_val_if_fail (ADMIRALTY_IS_ENGAGEMENT_DIALOG (self), FALSE);
  g_return_val_if_fail (self->campaign != NULL, FALSE);

  if (self->read_only)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                           adw_preferences_group_get_description (self->group));
      return FALSE;
    }
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
  return g_ptr_array_index (self->placements, index);
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
    if (g_strcmp0 (g_ptr_array_index (self->placements, i), placement_id) == 0)
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

  if (self->read_only)
    return;
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

  /* At a table, the chief draws the seed. */
  if (self->client != NULL)
    {
      place_at_table (self, NULL, TRUE);
      return;
    }
  if (!admiralty_engagement_dialog_reroll (self, g_random_int (), &error))
    adw_preferences_group_set_description (self->table_group, error->message);
}

/* At a table, a placement or Roll Again sent is the chief's to journal: closed meanwhile
 * (Escape, Cancel), the dialog waits for his answer, so that what he took is known here (the
 * battle kept here let go, a tab of its old set-up closed) rather than cut off half-way. */
static gboolean
admiralty_engagement_dialog_close_request (GtkWindow *window)
{
  AdmiraltyEngagementDialog *self = ADMIRALTY_ENGAGEMENT_DIALOG (window);

  if (self->asking > 0)
    {
      self->closing = TRUE;
      return TRUE;
    }
  return GTK_WINDOW_CLASS (admiralty_engagement_dialog_parent_class)->close_request (window);
}

static void
admiralty_engagement_dialog_dispose (GObject *object)
{
  AdmiraltyEngagementDialog *self = ADMIRALTY_ENGAGEMENT_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ENGAGEMENT_DIALOG);
  g_clear_pointer (&self->choices, g_ptr_array_unref);
  g_clear_pointer (&self->placements, g_ptr_array_unref);
  g_clear_object (&self->client);
  g_clear_pointer (&self->listed, adm_table_engagement_free);
  g_clear_object (&self->preview);
  if (self->campaign != NULL)
    g_clear_signal_handler (&self->changed_id, self->campaign);
  g_clear_object (&self->campaign);
  g_clear_pointer (&self->engagement_id, g_free);

  G_OBJECT_CLASS (admiralty_engagement_dialog_parent_class)->dispose (object);
}

static void
admiralty_engagement_dialog_class_init (AdmiraltyEngagementDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = admiralty_engagement_dialog_dispose;
  window_class->close_request = admiralty_engagement_dialog_close_request;

  signals[SIGNAL_OPEN] =
    g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_HASH_TABLE);
  signals[SIGNAL_PLACED] =
    g_signal_new ("placed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-engagement-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, open_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, reroll_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, refusal_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEngagementDialog, refusal_label);
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
  self->placements = g_ptr_array_new_with_free_func (g_free);
  self->cancellable = g_cancellable_new ();
  gtk_drawing_area_set_draw_func (self->table_preview, draw_preview_cb, self, NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "engagement.reroll", FALSE);
}
