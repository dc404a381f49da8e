/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-player-window.c: one side's picture of the current battle or of the map. The
 * table and the map take the side as their audience; the report beside the table is the
 * battle's report as that side reads it (an AdmLogModel), which says itself what each phase
 * added. The side is the audience as the
 * campaign shows it (adm_audience_of_campaign ()): the master's, once the ended campaign's
 * whole truth is published (F-STRAT-3). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-log-rows.h"
#include "admiralty-player-window.h"
#include "adm-log-entry.h"
#include "adm-log-model.h"

struct _AdmiraltyPlayerWindow
{
  AdwWindow             parent_instance;

  char                 *side;
  AdmBattle            *battle;
  GSignalGroup         *battle_signals;  /* on the battle shown */
  AdmLogModel          *report;          /* the battle's report as the side reads it */
  char                 *report_text;     /* its lines one a line, made when asked */
  GSignalGroup         *campaign_signals;  /* on the campaign: its publication changes the
                                            * audience */

  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkStack             *stack;
  AdmiraltySectorMap   *map;
  AdmiraltyTableWidget *table;
  GtkListView          *report_view;

  GSettings            *settings;  /* "projector-palette": the map's sides palette */
};

G_DEFINE_FINAL_TYPE (AdmiraltyPlayerWindow, admiralty_player_window, ADW_TYPE_WINDOW)

/* The battle side the window is for, or -1 when the battle has none of that id. */
static int
battle_side (AdmiraltyPlayerWindow *self)
{
  AdmAudience audience;

  if (self->battle == NULL || g_str_equal (self->side, "master") ||
      g_str_equal (self->side, "public") ||
      !adm_audience_parse (self->battle, self->side, &audience, NULL))
    return -1;
  return (int) audience.side;
}

/* The audience of battle side @side as the campaign shows it: the side's own, or the
 * master's once the campaign's truth is published. */
static AdmAudience
side_audience (AdmiraltyPlayerWindow *self,
               int                    side)
{
  AdmCampaign *campaign = g_signal_group_dup_target (self->campaign_signals);
  AdmAudience audience =
    adm_audience_of_campaign (campaign != NULL
                              ? adm_state_get_strategy (adm_campaign_get_state (campaign))
                              : NULL,
                              adm_audience_side ((guint) side));

  g_clear_object (&campaign);
  return audience;
}

static void
update_battle (AdmiraltyPlayerWindow *self)
{
  int side = battle_side (self);
  g_autofree char *subtitle = NULL;
  AdmAudience audience;
  int view_side;

  if (side < 0)
    {
      admiralty_table_widget_set_battle (self->table, NULL);
      adm_log_model_set_battle (self->report, NULL);
      gtk_stack_set_visible_child_name (self->stack, "map");
      gtk_label_set_label (self->subtitle_label, "");
      return;
    }
  audience = side_audience (self, side);
  view_side = adm_audience_is_master (audience) ? -1 : side;
  /* The side first, so that the table never draws a frame as the master sees it, nor the
   * report says a line as the master reads it. */
  admiralty_table_widget_set_view_side (self->table, view_side);
  if (admiralty_table_widget_get_battle (self->table) != self->battle)
    admiralty_table_widget_set_battle (self->table, self->battle);
  admiralty_table_widget_set_view_side (self->table, view_side);
  adm_log_model_set_audience (self->report, audience);
  adm_log_model_set_battle (self->report, self->battle);
  /* Translators: the player screen's heading over a battle, "Battle in Pol orbit · turn 2" */
  subtitle = g_strdup_printf (_("%s · turn %d"), adm_battle_get_name (self->battle),
                              adm_battle_get_turn (self->battle));
  gtk_label_set_label (self->subtitle_label, subtitle);
  gtk_stack_set_visible_child_name (self->stack, "battle");
}

/* The report changed: its text is made again when next asked. */
static void
report_changed_cb (AdmiraltyPlayerWindow *self)
{
  g_clear_pointer (&self->report_text, g_free);
}

static void
battle_changed_cb (AdmiraltyPlayerWindow *self,
                   AdmBattle             *battle)
{
  update_battle (self);
}

static void
campaign_changed_cb (AdmiraltyPlayerWindow *self,
                     AdmCampaign           *campaign)
{
  update_battle (self);
}

void
admiralty_player_window_set_battle (AdmiraltyPlayerWindow *self,
                                    AdmBattle             *battle)
{
  g_return_if_fail (ADMIRALTY_IS_PLAYER_WINDOW (self));
  g_return_if_fail (battle == NULL || ADM_IS_BATTLE (battle));

  if (self->battle != battle)
    {
      g_signal_group_set_target (self->battle_signals, battle);
      g_set_object (&self->battle, battle);
    }
  update_battle (self);
}

void
admiralty_player_window_set_campaign (AdmiraltyPlayerWindow *self,
                                      AdmCampaign           *campaign)
{
  g_return_if_fail (ADMIRALTY_IS_PLAYER_WINDOW (self));

  g_signal_group_set_target (self->campaign_signals, campaign);
  if (admiralty_sector_map_get_campaign (self->map) != campaign)
    admiralty_sector_map_set_campaign (self->map, campaign);
  /* F-STRAT-3: what the side knows, through the map's side audience. */
  admiralty_sector_map_set_audience (self->map, ADMIRALTY_SECTOR_AUDIENCE_SIDE, self->side);
  if (campaign != NULL)
    {
      const AdmFaction *faction =
        adm_ruleset_lookup_faction (adm_scenario_get_ruleset (adm_campaign_get_scenario (campaign)),
                                    self->side);
      g_autofree char *title = NULL;

      /* Translators: the player screen's title, "Player screen: Cetagandan Empire" */
      title = g_strdup_printf (_("Player screen: %s"), faction != NULL ? faction->name : self->side);
      gtk_window_set_title (GTK_WINDOW (self), title);
      gtk_label_set_label (self->title_label, title);
    }
}

const char *
admiralty_player_window_get_side (AdmiraltyPlayerWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PLAYER_WINDOW (self), NULL);
  return self->side;
}

const char *
admiralty_player_window_get_showing (AdmiraltyPlayerWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PLAYER_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

AdmiraltyTableWidget *
admiralty_player_window_get_table (AdmiraltyPlayerWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PLAYER_WINDOW (self), NULL);
  return self->table;
}

AdmiraltySectorMap *
admiralty_player_window_get_map (AdmiraltyPlayerWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PLAYER_WINDOW (self), NULL);
  return self->map;
}

const char *
admiralty_player_window_get_report_text (AdmiraltyPlayerWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PLAYER_WINDOW (self), NULL);

  if (self->report_text == NULL)
    {
      GListModel *model = G_LIST_MODEL (self->report);
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < g_list_model_get_n_items (model); i++)
        {
          g_autoptr(AdmLogEntry) entry = g_list_model_get_item (model, i);

          if (!adm_log_entry_get_heading (entry))
            g_string_append_printf (text, "%s%s", text->len > 0 ? "\n" : "",
                                    adm_log_entry_get_text (entry));
        }
      self->report_text = g_string_free (g_steal_pointer (&text), FALSE);
    }
  return self->report_text;
}

static void
admiralty_player_window_dispose (GObject *object)
{
  AdmiraltyPlayerWindow *self = ADMIRALTY_PLAYER_WINDOW (object);

  g_signal_group_set_target (self->battle_signals, NULL);
  g_signal_group_set_target (self->campaign_signals, NULL);
  g_clear_object (&self->battle);
  if (self->report != NULL)
    adm_log_model_set_battle (self->report, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_PLAYER_WINDOW);
  G_OBJECT_CLASS (admiralty_player_window_parent_class)->dispose (object);
}

static void
admiralty_player_window_finalize (GObject *object)
{
  AdmiraltyPlayerWindow *self = ADMIRALTY_PLAYER_WINDOW (object);

  g_free (self->side);
  g_free (self->report_text);
  g_clear_object (&self->report);
  g_clear_object (&self->settings);
  g_clear_object (&self->battle_signals);
  g_clear_object (&self->campaign_signals);
  G_OBJECT_CLASS (admiralty_player_window_parent_class)->finalize (object);
}

static void
admiralty_player_window_class_init (AdmiraltyPlayerWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_player_window_dispose;
  object_class->finalize = admiralty_player_window_finalize;

  g_type_ensure (ADMIRALTY_TYPE_SECTOR_MAP);
  g_type_ensure (ADMIRALTY_TYPE_TABLE_WIDGET);
  /* It has no header bar to close it by: the keys close it. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_set_template_from_resource (
    widget_class, "/io/github/admiralty/Admiralty/admiralty-player-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPlayerWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPlayerWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPlayerWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPlayerWindow, map);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPlayerWindow, table);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPlayerWindow, report_view);
}

static void
admiralty_player_window_init (AdmiraltyPlayerWindow *self)
{
  g_autoptr(GtkListItemFactory) factory = NULL;
  g_autoptr(GtkSelectionModel) selection = NULL;

  self->battle_signals = g_signal_group_new (ADM_TYPE_BATTLE);
  g_signal_group_connect_object (self->battle_signals, "changed", G_CALLBACK (battle_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "changed",
                                 G_CALLBACK (campaign_changed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The sides palette is the projector's setting: "own" is this screen's side, which the
   * map's side audience gives (adm_audience_palette_own ()). */
  self->settings = g_settings_new (APP_ID);
  admiralty_sector_map_bind_sides_palette (self->map, self->settings);
  /* No battle, and no side yet: nothing to read until update_battle () gives both. */
  self->report = adm_log_model_new (NULL, ADM_LOG_REPORT, adm_audience_public ());
  g_signal_connect_object (self->report, "items-changed", G_CALLBACK (report_changed_cb), self,
                           G_CONNECT_SWAPPED);
  factory = admiralty_log_rows_new_factory ();
  gtk_list_view_set_factory (self->report_view, factory);
  selection = GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (
                                                                     self->report))));
  gtk_list_view_set_model (self->report_view, selection);
}

AdmiraltyPlayerWindow *
admiralty_player_window_new (GtkApplication *application,
                             const char     *side_id)
{
  AdmiraltyPlayerWindow *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (side_id != NULL, NULL);

  self = g_object_new (ADMIRALTY_TYPE_PLAYER_WINDOW, "application", application, NULL);
  self->side = g_strdup (side_id);
  /* Translators: the player screen's title, "Player screen: cetaganda" */
  title = g_strdup_printf (_("Player screen: %s"), side_id);
  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_label_set_label (self->title_label, title);
  admiralty_sector_map_set_audience (self->map, ADMIRALTY_SECTOR_AUDIENCE_SIDE, side_id);
  return self;
}
