/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-projector-window.c: the main map on a projector or a second screen. What it may
 * show is the sector map's public audience; this file only frames it, keeps the heading in
 * step with the campaign and the clock, and puts the window fullscreen where the master's
 * window is not. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-projector-window.h"
#include "admiralty-faction-symbol.h"
#include "adm-portal.h"
#include "adm-dice-ledger.h"

struct _AdmiraltyProjectorWindow
{
  AdwWindow            parent_instance;

  AdmCampaign         *campaign;
  AdmiraltyCycleClock *clock;
  AdmPortal           *portal;
  /* On the campaign, the clock and the portal shown. */
  GSignalGroup        *campaign_signals;
  GSignalGroup        *clock_signals;
  GSignalGroup        *portal_signals;

  GtkLabel            *title_label;
  GtkLabel            *finals_label;
  GtkLabel            *cycle_label;
  GtkLabel            *clock_label;
  GtkStack            *view_stack;
  AdmiraltySectorMap  *map;
  AdmiraltyTableWidget *table;
  GtkFlowBox          *key_box;
  GtkLabel            *dice_label;

  GSettings           *settings;  /* "projector-palette": the map's sides palette */
  char                *battle_heading; /* the replay's battle phase on the table, as the
                                        * public is told of it, or NULL */
};

G_DEFINE_FINAL_TYPE (AdmiraltyProjectorWindow, admiralty_projector_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_CAMPAIGN,
  PROP_CLOCK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_heading (AdmiraltyProjectorWindow *self)
{
  g_autofree char *cycle = NULL;
  AdmState *past;

  if (self->campaign == NULL)
    {
      gtk_label_set_label (self->title_label, "");
      gtk_label_set_label (self->cycle_label, "");
      return;
    }
  gtk_label_set_label (self->title_label,
                       adm_scenario_get_name (adm_campaign_get_scenario (self->campaign)));
  past = self->map != NULL ? admiralty_sector_map_get_past (self->map) : NULL;
  if (past != NULL && self->battle_heading != NULL &&
      admiralty_table_widget_get_battle (self->table) != NULL)
    {
      /* A battle's phase of the replay on the table: the battle and the phase, named as the
       * public is told of it (adm_replay_battle_heading ()). Translators: the projector's
       * heading while the replay shows a battle, "Replay · Battle at Pol orbit, cycle 1,
       * minute 20 · turn 3, Fire" */
      cycle = g_strdup_printf (_("Replay · %s"), self->battle_heading);
      gtk_label_set_label (self->cycle_label, cycle);
      return;
    }
  if (past != NULL)
    {
      guint at = adm_strategy_get_cycle (adm_state_get_strategy (past));

      /* The war replayed (admiralty-replay-window.h): the moment the map shows, said as the
       * public may know it — its cycle, or the muster — never the present's. */
      cycle = adm_muster_in_progress (adm_state_get_muster (past))
              /* Translators: the projector's heading while the replay shows the muster */
              ? g_strdup (_("Replay · Muster"))
              /* Translators: the projector's heading while the replay shows a past cycle,
               * "Replay · Cycle 2" */
              : g_strdup_printf (_("Replay · Cycle %u"), at);
      gtk_label_set_label (self->cycle_label, cycle);
      return;
    }
  /* F-STRAT-1: the communication cycle whose orders are being given. */
  cycle = g_strdup_printf (_("Cycle %u"),
                           adm_strategy_get_cycle (adm_state_get_strategy (
                             adm_campaign_get_state (self->campaign))));
  gtk_label_set_label (self->cycle_label, cycle);
}

/* Whether the public may know of @faction: not when all its formations start hidden
 * (F-STRAT-3), so that the room learns nothing the map does not tell. */
static gboolean
faction_public (AdmScenario      *scenario,
                const AdmFaction *faction)
{
  g_autoptr(GPtrArray) formations = adm_scenario_formations_of (scenario, faction);

  for (guint f = 0; f < formations->len; f++)
    if (!((AdmFormation *) g_ptr_array_index (formations, f))->hidden)
      return TRUE;
  return FALSE;
}

/* The final marks of the sheets handed in on phones (adm_portal_get_final_state ()) by
 * admirals of the factions the key shows: who marked his final. */
static void
update_finals (AdmiraltyProjectorWindow *self)
{
  AdmScenario *scenario = self->campaign != NULL ? adm_campaign_get_scenario (self->campaign)
                                                 : NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GPtrArray) shown = NULL;
  g_autofree char *text = NULL;
  GPtrArray *admirals;
  AdmPortalFinals finals;

  if (scenario == NULL || self->portal == NULL ||
      adm_portal_get_campaign (self->portal) != self->campaign)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->finals_label), FALSE);
      return;
    }
  admirals = adm_scenario_get_admirals (scenario);
  shown = g_ptr_array_new ();
  for (guint i = 0; i < admirals->len; i++)
    {
      AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      if (!faction_public (scenario, admiral->faction))
        continue;
      g_ptr_array_add (shown, admiral);
      if (adm_portal_get_final_state (self->portal, admiral->id) == ADM_PORTAL_FINAL_MARKED)
        g_string_append_printf (names, "%s%s", names->len > 0 ? " · " : "", admiral->name);
    }
  adm_portal_count_finals (self->portal, shown, &finals);
  gtk_widget_set_visible (GTK_WIDGET (self->finals_label), finals.sheets > 0);
  if (finals.sheets == 0)
    return;
  if (finals.final == 0)
    /* Translators: on the projector, "Final: none yet of 4 sheets handed in on phones" */
    text = g_strdup_printf (ngettext ("Final: none yet of %u sheet handed in on phones",
                                      "Final: none yet of %u sheets handed in on phones",
                                      finals.sheets), finals.sheets);
  else if (finals.early)
    /* Translators: on the projector, every sheet handed in on a phone is final */
    text = g_strdup_printf (_("✔ All final: %s"), names->str);
  else
    /* Translators: on the projector, "Final (2 of 4): Adm. Aral Vorkosigan · Baron Fell" */
    text = g_strdup_printf (_("Final (%u of %u): %s"), finals.final, finals.sheets, names->str);
  gtk_label_set_label (self->finals_label, text);
}

typedef struct {
  guint32          colour;
  AdmFactionSymbol symbol;
} KeySwatch;

/* A faction's swatch in the key: a disc of its colour with its symbol, as on the map. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        user_data)
{
  const KeySwatch *swatch = user_data;
  double r = MIN (width, height) / 2.0;

  cairo_arc (cr, width / 2.0, height / 2.0, r, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, ((swatch->colour >> 16) & 0xff) / 255.0,
                        ((swatch->colour >> 8) & 0xff) / 255.0, (swatch->colour & 0xff) / 255.0);
  cairo_fill (cr);
  admiralty_faction_symbol_draw (cr, swatch->symbol, width / 2.0, height / 2.0, 0.55 * r,
                                 swatch->colour);
}

static GtkWidget *
key_entry (const AdmFaction *faction,
           const char       *colour)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *area = gtk_drawing_area_new ();
  KeySwatch *swatch = g_new0 (KeySwatch, 1);
  GdkRGBA rgba = { 1, 1, 1, 1 };

  if (colour != NULL)
    gdk_rgba_parse (&rgba, colour);
  swatch->colour = (guint32) (rgba.red * 255 + 0.5) << 16 |
                   (guint32) (rgba.green * 255 + 0.5) << 8 | (guint32) (rgba.blue * 255 + 0.5);
  swatch->symbol = faction->symbol;
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 30);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 30);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_swatch, swatch, g_free);
  /* Named for what it draws, so that it is told without looking at pixels. */
  gtk_widget_set_name (area, adm_faction_symbol_get_name (faction->symbol));
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), gtk_label_new (faction->name));
  return box;
}

/* The faction key: each faction the public may know of (faction_public ()), by its colour on
 * the map — the palette's when the sides palette is on — and its symbol. */
static void
update_key (AdmiraltyProjectorWindow *self)
{
  AdmScenario *scenario = self->campaign != NULL ? adm_campaign_get_scenario (self->campaign)
                                                 : NULL;
  GPtrArray *factions;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->key_box))) != NULL)
    gtk_flow_box_remove (self->key_box, child);
  gtk_widget_set_visible (GTK_WIDGET (self->key_box), scenario != NULL);
  if (scenario == NULL)
    return;
  factions = adm_scenario_get_factions (scenario);
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);
      const char *colour = admiralty_sector_map_get_faction_colour (self->map, faction);
      GtkWidget *entry;

      if (!faction_public (scenario, faction))
        continue;
      entry = key_entry (faction, colour);
      gtk_flow_box_append (self->key_box, entry);
      /* A caption on the wall: no focus ring round its first entry. */
      gtk_widget_set_focusable (gtk_widget_get_parent (entry), FALSE);
    }
}

static void
update_clock (AdmiraltyProjectorWindow *self)
{
  g_autofree char *text = NULL;

  /* The countdown is the present's: not over a past moment of the replay. */
  gtk_widget_set_visible (GTK_WIDGET (self->clock_label),
                          self->clock != NULL &&
                          (self->map == NULL || admiralty_sector_map_get_past (self->map) == NULL));
  if (self->clock == NULL)
    return;
  if (admiralty_cycle_clock_get_due (self->clock))
    text = g_strdup (_("Session due"));
  else
    {
      g_autofree char *time = admiralty_cycle_clock_format (
        admiralty_cycle_clock_get_remaining_seconds (self->clock));

      if (admiralty_cycle_clock_get_running (self->clock))
        /* Translators: on the projector, the time to the next communication session */
        text = g_strdup_printf (_("Next session in %s"), time);
      else
        /* Translators: on the projector, when the master has paused the cycle clock */
        text = g_strdup_printf (_("Paused · %s left"), time);
    }
  gtk_label_set_label (self->clock_label, text);
  if (admiralty_cycle_clock_get_due (self->clock))
    gtk_widget_add_css_class (GTK_WIDGET (self->clock_label), "session-due");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->clock_label), "session-due");
}

/* The commitments of the battles being fought that the room may know of (F-STRAT-3,
 * docs/dice.md): "Battle dice at Pol orbit, cycle 1, minute 20: 914c114da6ab82d4…", the
 * secret told when each ends. */
static void
update_dice (AdmiraltyProjectorWindow *self)
{
  g_autoptr(GPtrArray) engagements = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  AdmStrategy *strategy = NULL;

  if (self->campaign != NULL)
    {
      engagements = adm_campaign_get_engagements (self->campaign, 0);
      strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
    }
  for (guint e = 0; engagements != NULL && e < engagements->len; e++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, e);
      g_autoptr(GPtrArray) commitments = NULL;
      g_autofree char *name = NULL;
      const AdmDiceCommitment *last;

      if (engagement->status == ADM_ENGAGEMENT_FINISHED ||
          engagement->status == ADM_ENGAGEMENT_DROPPED ||
          !adm_audience_told_of_engagement (strategy,
                                            adm_campaign_get_scenario (self->campaign), NULL,
                                            engagement))
        continue;
      commitments = adm_campaign_get_dice_commitments (self->campaign, engagement->id);
      if (commitments->len == 0)
        continue;
      last = g_ptr_array_index (commitments, commitments->len - 1);
      name = adm_audience_engagement_name (engagement);
      /* A line each: a name wrapped in the middle would not read from across the room. */
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* F-STRAT-3: named as the room is told of it, not by its id
       * (adm_audience_engagement_name ()); Translators: "Battle dice at Pol orbit, cycle 1,
       * minute 20: 914c114da6ab82d4…", a commitment's first digits */
      g_string_append_printf (text, _("Battle dice at %s: %.16s…"), name, last->commitment);
    }
  gtk_label_set_label (self->dice_label, text->str);
  /* The battles being fought now: not over a past moment of the replay. */
  gtk_widget_set_visible (GTK_WIDGET (self->dice_label),
                          text->len > 0 &&
                          (self->map == NULL || admiralty_sector_map_get_past (self->map) == NULL));
}

/* The replay puts a battle's phase on the table (admiralty_replay_window_set_projector ()), or
 * takes it off: the wall shows the table while it holds one, else the map. */
static void
battle_changed_cb (AdmiraltyProjectorWindow *self)
{
  update_heading (self);
  gtk_stack_set_visible_child_name (self->view_stack,
                                    admiralty_table_widget_get_battle (self->table) != NULL
                                    ? "battle" : "map");
}

/* The replay puts a moment of the war's past on the map, or gives the map the present back:
 * the heading says which. */
static void
past_changed_cb (AdmiraltyProjectorWindow *self)
{
  update_heading (self);
  update_clock (self);
  update_dice (self);
}

static void
campaign_changed_cb (AdmiraltyProjectorWindow *self,
                     AdmCampaign              *campaign)
{
  update_heading (self);
  update_finals (self);
  update_dice (self);
}

static void
clock_notify_cb (AdmiraltyProjectorWindow *self,
                 GParamSpec               *pspec,
                 AdmiraltyCycleClock      *clock)
{
  update_clock (self);
}

static void
set_clock (AdmiraltyProjectorWindow *self,
           AdmiraltyCycleClock      *clock)
{
  if (self->clock == clock)
    return;
  g_set_object (&self->clock, clock);
  g_signal_group_set_target (self->clock_signals, clock);
  update_clock (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

/* Actions */

static void
toggle_fullscreen_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

/* GObject */

static void
admiralty_projector_window_dispose (GObject *object)
{
  AdmiraltyProjectorWindow *self = ADMIRALTY_PROJECTOR_WINDOW (object);

  admiralty_projector_window_set_campaign (self, NULL);
  admiralty_projector_window_set_portal (self, NULL);
  set_clock (self, NULL);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_PROJECTOR_WINDOW);

  G_OBJECT_CLASS (admiralty_projector_window_parent_class)->dispose (object);
}

static void
admiralty_projector_window_finalize (GObject *object)
{
  AdmiraltyProjectorWindow *self = ADMIRALTY_PROJECTOR_WINDOW (object);

  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->clock_signals);
  g_clear_object (&self->portal_signals);
  g_free (self->battle_heading);

  G_OBJECT_CLASS (admiralty_projector_window_parent_class)->finalize (object);
}

static void
admiralty_projector_window_get_property (GObject    *object,
                                         guint       prop_id,
                                         GValue     *value,
                                         GParamSpec *pspec)
{
  AdmiraltyProjectorWindow *self = ADMIRALTY_PROJECTOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;

    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_projector_window_set_property (GObject      *object,
                                         guint         prop_id,
                                         const GValue *value,
                                         GParamSpec   *pspec)
{
  AdmiraltyProjectorWindow *self = ADMIRALTY_PROJECTOR_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      admiralty_projector_window_set_campaign (self, g_value_get_object (value));
      break;

    case PROP_CLOCK:
      set_clock (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_projector_window_class_init (AdmiraltyProjectorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_projector_window_dispose;
  object_class->finalize = admiralty_projector_window_finalize;
  object_class->get_property = admiralty_projector_window_get_property;
  object_class->set_property = admiralty_projector_window_set_property;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, ADM_TYPE_CAMPAIGN,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, ADMIRALTY_TYPE_CYCLE_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ADMIRALTY_TYPE_SECTOR_MAP);
  g_type_ensure (ADMIRALTY_TYPE_TABLE_WIDGET);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/admiralty-projector-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, cycle_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, finals_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, clock_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, dice_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, map);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, table);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyProjectorWindow, key_box);

  gtk_widget_class_install_action (widget_class, "projector.toggle-fullscreen", NULL,
                                   toggle_fullscreen_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F11, 0,
                                       "projector.toggle-fullscreen", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
  /* F5 opens the projector from the master's window and, pressed again on it, closes it.
   * Escape closes it too, fullscreen or not, as it ends a slide show: the wall goes back to
   * whatever was there before, not to a window with a title bar. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

/* What the wall follows: the campaign, the cycle clock, and on the portal the admirals'
 * sheets, presence and final orders (the finals line). */
static void
connect_signal_groups (AdmiraltyProjectorWindow *self)
{
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "changed",
                                 G_CALLBACK (campaign_changed_cb), self, G_CONNECT_SWAPPED);
  self->clock_signals = g_signal_group_new (ADMIRALTY_TYPE_CYCLE_CLOCK);
  g_signal_group_connect_object (self->clock_signals, "notify", G_CALLBACK (clock_notify_cb),
                                 self, G_CONNECT_SWAPPED);
  self->portal_signals = g_signal_group_new (ADM_TYPE_PORTAL);
  g_signal_group_connect_object (self->portal_signals, "final-changed",
                                 G_CALLBACK (update_finals), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->portal_signals, "present-changed",
                                 G_CALLBACK (update_finals), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->portal_signals, "sheet-changed",
                                 G_CALLBACK (update_finals), self, G_CONNECT_SWAPPED);
}

static void
admiralty_projector_window_init (AdmiraltyProjectorWindow *self)
{
  connect_signal_groups (self);
  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_object (self->map, "notify::past", G_CALLBACK (past_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table, "notify::battle", G_CALLBACK (battle_changed_cb), self,
                           G_CONNECT_SWAPPED);
  self->settings = g_settings_new (APP_ID);
  /* The key follows the map's colours: the palette turned on or off, and "own" made again
   * with each change of what the public knows (formations-changed, the replay's too). */
  admiralty_sector_map_bind_sides_palette (self->map, self->settings);
  g_signal_connect_object (self->map, "notify::sides-palette", G_CALLBACK (update_key), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->map, "formations-changed", G_CALLBACK (update_key), self,
                           G_CONNECT_SWAPPED);
  update_heading (self);
  update_key (self);
  update_finals (self);
  update_clock (self);
}

/* Public API */

AdmiraltyProjectorWindow *
admiralty_projector_window_new (GtkApplication      *application,
                                AdmCampaign         *campaign,
                                AdmiraltyCycleClock *clock)
{
  g_return_val_if_fail (application == NULL || GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (campaign == NULL || ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (clock == NULL || ADMIRALTY_IS_CYCLE_CLOCK (clock), NULL);

  return g_object_new (ADMIRALTY_TYPE_PROJECTOR_WINDOW,
                       "application", application,
                       "campaign", campaign,
                       "clock", clock,
                       NULL);
}

AdmCampaign *
admiralty_projector_window_get_campaign (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  return self->campaign;
}

void
admiralty_projector_window_set_campaign (AdmiraltyProjectorWindow *self,
                                         AdmCampaign              *campaign)
{
  g_return_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self));
  g_return_if_fail (campaign == NULL || ADM_IS_CAMPAIGN (campaign));

  if (self->campaign == campaign)
    return;
  g_set_object (&self->campaign, campaign);
  g_signal_group_set_target (self->campaign_signals, campaign);
  if (self->map != NULL)
    {
      admiralty_sector_map_set_campaign (self->map, campaign);
      if (campaign == NULL)
        admiralty_sector_map_set_scenario (self->map, NULL);
    }
  update_heading (self);
  if (self->key_box != NULL)
    update_key (self);
  if (self->dice_label != NULL)
    update_dice (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

AdmiraltySectorMap *
admiralty_projector_window_get_map (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  return self->map;
}

AdmiraltyTableWidget *
admiralty_projector_window_get_table (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  return self->table;
}

gboolean
admiralty_projector_window_shows_table (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), FALSE);

  return g_str_equal (gtk_stack_get_visible_child_name (self->view_stack), "battle");
}

void
admiralty_projector_window_show_on (AdmiraltyProjectorWindow *self,
                                    GtkWidget                *avoid)
{
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GListModel *monitors = gdk_display_get_monitors (display);
  GdkMonitor *own = NULL, *other = NULL;
  GdkSurface *surface;

  g_return_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self));

  if (avoid != NULL && (surface = gtk_native_get_surface (gtk_widget_get_native (avoid))) != NULL)
    own = gdk_display_get_monitor_at_surface (display, surface);
  for (guint i = 0; i < g_list_model_get_n_items (monitors) && other == NULL; i++)
    {
      g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, i);

      if (monitor != own)
        other = monitor;
    }
  if (other != NULL)
    gtk_window_fullscreen_on_monitor (GTK_WINDOW (self), other);
  else
    gtk_window_fullscreen (GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (self));
}

void
admiralty_projector_window_set_battle_heading (AdmiraltyProjectorWindow *self,
                                               const char               *heading)
{
  g_return_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self));

  if (g_strcmp0 (self->battle_heading, heading) == 0)
    return;
  g_free (self->battle_heading);
  self->battle_heading = g_strdup (heading);
  update_heading (self);
}

const char *
admiralty_projector_window_get_cycle_text (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  return gtk_label_get_label (self->cycle_label);
}

const char *
admiralty_projector_window_get_dice_text (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->dice_label))
         ? gtk_label_get_label (self->dice_label) : NULL;
}

const char *
admiralty_projector_window_get_clock_text (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->clock_label))
         ? gtk_label_get_label (self->clock_label) : NULL;
}

GStrv
admiralty_projector_window_get_key_texts (AdmiraltyProjectorWindow *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->key_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *entry = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      g_autofree char *text =
        g_strdup_printf ("(%s) %s", gtk_widget_get_name (gtk_widget_get_first_child (entry)),
                         gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (entry))));

      g_strv_builder_add (builder, text);
    }
  return g_strv_builder_end (builder);
}

void
admiralty_projector_window_set_portal (AdmiraltyProjectorWindow *self,
                                       AdmPortal                *portal)
{
  g_return_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self));

  if (self->portal == portal)
    return;
  g_set_object (&self->portal, portal);
  g_signal_group_set_target (self->portal_signals, portal);
  update_finals (self);
}

const char *
admiralty_projector_window_get_finals_text (AdmiraltyProjectorWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_PROJECTOR_WINDOW (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->finals_label))
         ? gtk_label_get_label (self->finals_label) : NULL;
}
