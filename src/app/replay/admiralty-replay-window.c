/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-replay-window.c: the war replayed (admiralty-replay-window.h). The steps are the
 * engine's timeline (adm-replay-timeline.h) for the audience chosen; each is drawn by the
 * map and table widgets the live night uses, given the campaign or the battle as it stood at
 * that moment (adm_campaign_state_at (), adm_campaign_battle_at_entry ()), which journal
 * nothing. What each audience sees is the one filter's answer: the map's audience and the
 * table's side are set, nothing here hides or shows a ship. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-replay-window.h"

#include "admiralty-audience-dropdown.h"

#include "adm-campaign-journal.h"
#include "adm-replay-timeline.h"

struct _AdmiraltyReplayWindow
{
  AdwWindow             parent_instance;

  AdmCampaign          *campaign;
  AdmReplayTimeline    *timeline;
  guint                 position;
  char                 *label;
  char                 *projector_heading;
  AdmiraltySectorMap   *projector;      /* weak: the projector's map while it is open */
  AdmiraltyTableWidget *projector_table; /* weak: its table, shown for a battle's step */
  AdmState             *then;           /* the campaign at the step's moment: the public's
                                         * audience of a battle step names its strategy */
  AdmAudience           audience;       /* the table's, for a battle step the public sees */
  AdmAudience           public;         /* the projector table's */
  gboolean              projecting;
  gboolean              moving;         /* the slider is being set from here */
  gboolean              revealed;       /* the whole truth published: every audience is shown
                                         * what the master is (F-STRAT-3) */
  guint                 prepare_id;     /* the idle that makes the latest battles ready */
  guint                 near_id;        /* the idle that makes the battle nearest the step
                                         * ready */
  GdkFrameClock        *painted_clock;  /* weak: the frame clock whose next frame painted
                                         * starts that idle, while it is awaited */
  gboolean              forward;        /* the last move went towards the war's end */
  guint                 table_ready;    /* the step whose frame the hidden table has drawn
                                         * (admiralty_table_widget_prepare ()), or G_MAXUINT */

  AdwWindowTitle       *window_title;
  GtkDropDown          *audience_dropdown;
  GtkLabel             *notice_label;
  GtkStack             *stack;
  AdmiraltySectorMap   *map;
  AdmiraltyTableWidget *table;
  AdwStatusPage        *problem_page;
  GtkAdjustment        *adjustment;
  GtkLabel             *step_label;
  GtkLabel             *count_label;
};

enum {
  PROP_0,
  PROP_PROJECTING,
  PROP_PROJECTOR_HEADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (AdmiraltyReplayWindow, admiralty_replay_window, ADW_TYPE_WINDOW)

/* How @audience_id is shown @battle, the battle of @engagement at a step's moment (the
 * campaign then @then), in *@audience: the master everything (and every audience once
 * the whole truth is published, F-STRAT-3); a side its side of the table; the public what the
 * one filter tells it of the battle then (adm_audience_public_of_campaign ()). FALSE when the
 * audience has no view of it: an ally fighting under another faction's colours, or a public
 * not told of it. */
static gboolean
battle_audience (AdmiraltyReplayWindow *self,
                 AdmState              *then,
                 AdmBattle             *battle,
                 const char            *engagement,
                 const char            *audience_id,
                 AdmAudience           *audience)
{
  if (self->revealed || g_str_equal (audience_id, "master"))
    {
      *audience = adm_audience_master ();
      return TRUE;
    }
  if (g_str_equal (audience_id, "public"))
    {
      g_autoptr(AdmQueuedEngagement) queued = adm_campaign_find_engagement (self->campaign,
                                                                            engagement, NULL);

      if (queued == NULL)
        return FALSE;
      *audience = adm_audience_public_of_campaign (adm_state_get_strategy (then),
                                                   adm_campaign_get_scenario (self->campaign),
                                                   &queued->engagement);
      return !audience->untold;
    }
  return adm_audience_parse (battle, audience_id, audience, NULL) &&
         audience->kind == ADM_AUDIENCE_SIDE;
}

/* Shows @battle on @table to @audience: a side by its view side, the public by its audience. */
static void
table_show (AdmiraltyTableWidget *table,
            AdmBattle            *battle,
            const AdmAudience    *audience)
{
  /* A battle set is shown as the master sees it: the viewer after it, before a frame is
   * drawn. */
  admiralty_table_widget_set_battle (table, battle);
  admiralty_table_widget_set_view_side (table, audience->kind == ADM_AUDIENCE_SIDE
                                               ? (int) audience->side : -1);
  admiralty_table_widget_set_audience (table, audience->kind == ADM_AUDIENCE_PUBLIC ? audience
                                                                                   : NULL);
}

static void
show_problem (AdmiraltyReplayWindow *self,
              const GError          *error)
{
  adw_status_page_set_title (self->problem_page, _("This step cannot be shown"));
  adw_status_page_set_description (self->problem_page, error->message);
  gtk_stack_set_visible_child_name (self->stack, "problem");
}

static void
set_projector_heading (AdmiraltyReplayWindow *self,
                       const char            *heading)
{
  if (g_strcmp0 (self->projector_heading, heading) == 0)
    return;
  g_free (self->projector_heading);
  self->projector_heading = g_strdup (heading);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROJECTOR_HEADING]);
}

/* The projector at the step's moment, as the public sees it there: the campaign's map, or for
 * a phase of a battle the public is told of (@battle, NULL for a step of the map) the table
 * drawn for the public. NULL @state: the night as it is now again. */
static void
project (AdmiraltyReplayWindow *self,
         AdmState              *state,
         AdmBattle             *battle,
         const char            *engagement,
         guint                  moment)
{
  gboolean shown = FALSE;

  if (self->projector_table != NULL)
    {
      if (self->projecting && state != NULL && battle != NULL &&
          battle_audience (self, self->then, battle, engagement, "public", &self->public))
        {
          /* The heading names the battle and its phase as the public is told of them. */
          g_autofree char *heading = adm_replay_battle_heading (self->campaign, engagement,
                                                                moment);

          set_projector_heading (self, heading);
          table_show (self->projector_table, battle, &self->public);
          shown = TRUE;
        }
      else
        admiralty_table_widget_set_battle (self->projector_table, NULL);
    }
  if (!shown && self->projector_table != NULL)
    admiralty_table_widget_set_audience (self->projector_table, NULL);
  if (!shown)
    set_projector_heading (self, NULL);
  if (self->projector != NULL)
    admiralty_sector_map_set_past (self->projector, self->projecting ? state : NULL);
}

/* While a step of the map is shown: the first step of the nearest battle the replay goes
 * towards drawn by the hidden table at the size it will have (the stack's), as that step will
 * show it, so that the frame that shows the table paints from pixels and images already made
 * rather than makes them all (admiralty_table_widget_prepare ()). The battle is let go
 * again: the step takes it from the campaign as any step does. */
static void
prepare_table (AdmiraltyReplayWindow *self)
{
  GListModel *steps = G_LIST_MODEL (self->timeline);
  guint n = g_list_model_get_n_items (steps);
  int width = gtk_widget_get_width (GTK_WIDGET (self->stack));
  int height = gtk_widget_get_height (GTK_WIDGET (self->stack));
  g_autoptr(AdmReplayStep) step = NULL;
  g_autoptr(AdmState) then = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  AdmAudience audience;
  const char *engagement = NULL;
  guint position = self->position;

  if (gtk_widget_get_mapped (GTK_WIDGET (self->table)) || width <= 0 || height <= 0)
    return;
  while (engagement == NULL && (self->forward ? position + 1 < n : position > 0))
    {
      position = self->forward ? position + 1 : position - 1;
      g_clear_object (&step);
      step = g_list_model_get_item (steps, position);
      engagement = adm_replay_step_get_engagement (step);
    }
  if (engagement == NULL || position == self->table_ready)
    return;
  then = adm_campaign_state_at (self->campaign, adm_replay_step_get_moment (step), NULL);
  if (then != NULL)
    battle = adm_campaign_battle_at_entry (self->campaign, engagement,
                                           adm_replay_step_get_moment (step), NULL);
  if (battle == NULL ||
      !battle_audience (self, then, battle, engagement,
                        adm_replay_timeline_get_audience (self->timeline), &audience))
    return;
  table_show (self->table, battle, &audience);
  admiralty_table_widget_prepare (self->table, width, height);
  admiralty_table_widget_set_battle (self->table, NULL);
  self->table_ready = position;
}

/* Once the step is painted, off its frame: the battle next to it made ready, a part each time
 * the main loop is idle, so that a Page Down (or Page Up) into it, however old, takes it back
 * or plays one phase rather than opens it (adm_replay_timeline_prepare_near ()), then drawn
 * by the hidden table (prepare_table ()). A step shown meanwhile makes the battle next to it
 * ready instead. */
static gboolean
near_cb (gpointer data)
{
  AdmiraltyReplayWindow *self = data;

  if (adm_replay_timeline_prepare_near (self->timeline, self->position, self->forward))
    return G_SOURCE_CONTINUE;
  prepare_table (self);
  self->near_id = 0;
  return G_SOURCE_REMOVE;
}

static void
painted_cb (AdmiraltyReplayWindow *self,
            GdkFrameClock         *clock)
{
  g_signal_handlers_disconnect_by_func (clock, painted_cb, self);
  g_clear_weak_pointer (&self->painted_clock);
  if (self->near_id == 0)
    self->near_id = g_idle_add_full (G_PRIORITY_LOW, near_cb, self, NULL);
}

/* The idle that makes the step's neighbours ready starts once the step's frame is painted
 * (a frame asked for, should the step change no pixel): the frame clock may wait for its next
 * frame after a key, and an idle run then would delay the step. */
static void
prepare_after_paint (AdmiraltyReplayWindow *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  g_clear_handle_id (&self->near_id, g_source_remove);
  if (clock == NULL)
    self->near_id = g_idle_add_full (G_PRIORITY_LOW, near_cb, self, NULL);
  else if (self->painted_clock != clock)
    {
      if (self->painted_clock != NULL)
        g_signal_handlers_disconnect_by_func (self->painted_clock, painted_cb, self);
      g_set_weak_pointer (&self->painted_clock, clock);
      g_signal_connect_object (clock, "after-paint", G_CALLBACK (painted_cb), self,
                               G_CONNECT_SWAPPED);
    }
  if (clock != NULL)
    gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
}

/* Shows the step at self->position. */
static void
show_step (AdmiraltyReplayWindow *self)
{
  g_autoptr(AdmReplayStep) step = g_list_model_get_item (G_LIST_MODEL (self->timeline),
                                                         self->position);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->timeline));
  const char *engagement = adm_replay_step_get_engagement (step);
  guint moment = adm_replay_step_get_moment (step);
  g_autoptr(AdmState) state = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *count = NULL;

  g_free (self->label);
  self->label = g_strdup (adm_replay_step_get_label (step));
  gtk_label_set_label (self->step_label, self->label);
  /* Translators: where the replay stands, "Step 12 of 340" */
  count = g_strdup_printf (_("Step %u of %u"), self->position + 1, n);
  gtk_label_set_label (self->count_label, count);
  self->moving = TRUE;
  gtk_adjustment_configure (self->adjustment, self->position, 0, n > 0 ? n - 1 : 0, 1, 1, 0);
  self->moving = FALSE;
  prepare_after_paint (self);

  /* The battles handed out for the last step are let go first, here and on the projector, so
   * that the engine carries one to this step (a phase played or taken back) rather than
   * opening it anew. */
  admiralty_table_widget_set_battle (self->table, NULL);
  if (self->projector_table != NULL)
    admiralty_table_widget_set_battle (self->projector_table, NULL);
  state = adm_campaign_state_at (self->campaign, moment, &error);
  if (state == NULL)
    {
      show_problem (self, error);
      return;
    }
  /* Kept while the step is shown: the public's audience of its battle names its strategy. */
  g_set_object (&self->then, state);
  if (engagement != NULL)
    {
      battle = adm_campaign_battle_at_entry (self->campaign, engagement, moment, &error);
      if (battle == NULL)
        {
          show_problem (self, error);
          return;
        }
      if (battle_audience (self, state, battle, engagement,
                           adm_replay_timeline_get_audience (self->timeline), &self->audience))
        {
          table_show (self->table, battle, &self->audience);
          self->table_ready = G_MAXUINT;
          gtk_stack_set_visible_child_name (self->stack, "battle");
          project (self, state, battle, engagement, moment);
          return;
        }
    }
  admiralty_sector_map_set_past (self->map, state);
  gtk_stack_set_visible_child_name (self->stack, "map");
  project (self, state, battle, engagement, moment);
}

static void
value_changed_cb (AdmiraltyReplayWindow *self,
                  GtkAdjustment         *adjustment)
{
  if (self->moving)
    return;
  admiralty_replay_window_set_position (self, (guint) (gtk_adjustment_get_value (adjustment) + 0.5));
}

/* Entries recorded in the live night while the replay is open: the slider reaches them. */
static void
items_changed_cb (AdmiraltyReplayWindow *self,
                  guint                  position,
                  guint                  removed,
                  guint                  added,
                  GListModel            *model)
{
  guint n = g_list_model_get_n_items (model);

  self->moving = TRUE;
  gtk_adjustment_set_upper (self->adjustment, n > 0 ? n - 1 : 0);
  self->moving = FALSE;
  if (self->position >= n)
    admiralty_replay_window_set_position (self, n - 1);
  else
    {
      g_autofree char *count = g_strdup_printf (_("Step %u of %u"), self->position + 1, n);

      gtk_label_set_label (self->count_label, count);
    }
}

static void
update_notice (AdmiraltyReplayWindow *self)
{
  g_autofree char *out = adm_replay_timeline_describe_out (self->timeline);

  gtk_label_set_label (self->notice_label, out != NULL ? out : "");
  gtk_widget_set_visible (GTK_WIDGET (self->notice_label), out != NULL);
}

gboolean
admiralty_replay_window_set_audience (AdmiraltyReplayWindow  *self,
                                      const char             *audience,
                                      GError                **error)
{
  g_autoptr(AdmReplayTimeline) timeline = NULL;
  guint moment = 0;

  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), FALSE);
  g_return_val_if_fail (audience != NULL, FALSE);

  timeline = adm_replay_timeline_new (self->campaign, audience, error);
  if (timeline == NULL)
    return FALSE;
  if (self->timeline != NULL)
    {
      g_autoptr(AdmReplayStep) step = g_list_model_get_item (G_LIST_MODEL (self->timeline),
                                                             self->position);

      moment = adm_replay_step_get_moment (step);
      g_signal_handlers_disconnect_by_data (self->timeline, self);
      g_clear_object (&self->timeline);
    }
  else
    moment = adm_journal_get_n_entries (adm_campaign_get_journal (self->campaign));
  self->timeline = g_steal_pointer (&timeline);
  self->table_ready = G_MAXUINT;
  g_signal_connect_object (self->timeline, "items-changed", G_CALLBACK (items_changed_cb), self,
                           G_CONNECT_SWAPPED);
  self->revealed = adm_audience_truth_published (adm_state_get_strategy (
                                                   adm_campaign_get_state (self->campaign)));
  if (self->revealed || g_str_equal (audience, "master"))
    admiralty_sector_map_set_audience (self->map, ADMIRALTY_SECTOR_AUDIENCE_MASTER, NULL);
  else if (g_str_equal (audience, "public"))
    admiralty_sector_map_set_audience (self->map, ADMIRALTY_SECTOR_AUDIENCE_PUBLIC, NULL);
  else
    admiralty_sector_map_set_audience (self->map, ADMIRALTY_SECTOR_AUDIENCE_SIDE, audience);
  /* A battle side's id the drop-down does not offer leaves it as it was. */
  admiralty_audience_dropdown_set_audience (self->audience_dropdown, audience);
  update_notice (self);
  /* The same moment of the war, as this audience may step to it. */
  self->position = adm_replay_timeline_find (self->timeline, moment);
  show_step (self);
  return TRUE;
}

/* The master publishes the whole truth, or takes it back: every audience's replay is the
 * master's from then on (adm_audience_of_campaign ()), shown again at the same moment. */
static void
campaign_changed_cb (AdmiraltyReplayWindow *self,
                     AdmCampaign           *campaign)
{
  g_autofree char *audience = NULL;

  if (adm_audience_truth_published (adm_state_get_strategy (adm_campaign_get_state (campaign)))
      == self->revealed)
    return;
  audience = g_strdup (adm_replay_timeline_get_audience (self->timeline));
  if (!admiralty_replay_window_set_audience (self, audience, NULL))
    g_assert_not_reached ();
}

/* Once the window is up, off any step's frame: the latest battles made ready, a part each
 * time the main loop is idle, so that a first jump into one of them takes it back rather than
 * opens it (adm_replay_timeline_prepare ()). */
static gboolean
prepare_cb (gpointer data)
{
  AdmiraltyReplayWindow *self = data;

  if (adm_replay_timeline_prepare (self->timeline))
    return G_SOURCE_CONTINUE;
  self->prepare_id = 0;
  return G_SOURCE_REMOVE;
}

static void
audience_selected_cb (AdmiraltyReplayWindow *self)
{
  const char *audience = admiralty_audience_dropdown_get_audience (self->audience_dropdown);

  if (self->timeline == NULL || audience == NULL ||
      g_str_equal (audience, adm_replay_timeline_get_audience (self->timeline)))
    return;
  if (!admiralty_replay_window_set_audience (self, audience, NULL))
    g_assert_not_reached ();
}

/* replay.previous, replay.next, replay.first, replay.last */
static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyReplayWindow *self = ADMIRALTY_REPLAY_WINDOW (widget);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->timeline));

  if (g_str_equal (action_name, "replay.previous") && self->position > 0)
    admiralty_replay_window_set_position (self, self->position - 1);
  else if (g_str_equal (action_name, "replay.next") && self->position + 1 < n)
    admiralty_replay_window_set_position (self, self->position + 1);
  else if (g_str_equal (action_name, "replay.first"))
    admiralty_replay_window_set_position (self, 0);
  else if (g_str_equal (action_name, "replay.last"))
    admiralty_replay_window_set_position (self, n - 1);
}

static void
set_projecting (AdmiraltyReplayWindow *self,
                gboolean               projecting)
{
  if (self->projecting == projecting)
    return;
  self->projecting = projecting;
  if (projecting)
    show_step (self);
  else
    project (self, NULL, NULL, NULL, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROJECTING]);
}

static void
admiralty_replay_window_get_property (GObject    *object,
                                      guint       prop_id,
                                      GValue     *value,
                                      GParamSpec *pspec)
{
  AdmiraltyReplayWindow *self = ADMIRALTY_REPLAY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PROJECTING:
      g_value_set_boolean (value, self->projecting);
      break;
    case PROP_PROJECTOR_HEADING:
      g_value_set_string (value, self->projector_heading);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_replay_window_set_property (GObject      *object,
                                      guint         prop_id,
                                      const GValue *value,
                                      GParamSpec   *pspec)
{
  AdmiraltyReplayWindow *self = ADMIRALTY_REPLAY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_PROJECTING:
      set_projecting (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_replay_window_dispose (GObject *object)
{
  AdmiraltyReplayWindow *self = ADMIRALTY_REPLAY_WINDOW (object);

  /* The projector shows the night as it is again. */
  g_clear_handle_id (&self->prepare_id, g_source_remove);
  g_clear_handle_id (&self->near_id, g_source_remove);
  if (self->painted_clock != NULL)
    g_signal_handlers_disconnect_by_func (self->painted_clock, painted_cb, self);
  g_clear_weak_pointer (&self->painted_clock);
  admiralty_replay_window_set_projector (self, NULL, NULL);
  if (self->timeline != NULL)
    g_signal_handlers_disconnect_by_data (self->timeline, self);
  g_clear_object (&self->timeline);
  g_clear_object (&self->campaign);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_REPLAY_WINDOW);
  g_clear_object (&self->then);

  G_OBJECT_CLASS (admiralty_replay_window_parent_class)->dispose (object);
}

static void
admiralty_replay_window_finalize (GObject *object)
{
  AdmiraltyReplayWindow *self = ADMIRALTY_REPLAY_WINDOW (object);

  g_free (self->label);
  g_free (self->projector_heading);

  G_OBJECT_CLASS (admiralty_replay_window_parent_class)->finalize (object);
}

static void
admiralty_replay_window_class_init (AdmiraltyReplayWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_replay_window_dispose;
  object_class->finalize = admiralty_replay_window_finalize;
  object_class->get_property = admiralty_replay_window_get_property;
  object_class->set_property = admiralty_replay_window_set_property;

  /* Whether the projector's map shows each step (replay.project). */
  properties[PROP_PROJECTING] =
    g_param_spec_boolean ("projecting", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PROJECTOR_HEADING] =
    g_param_spec_string ("projector-heading", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (ADMIRALTY_TYPE_SECTOR_MAP);
  g_type_ensure (ADMIRALTY_TYPE_TABLE_WIDGET);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/admiralty-replay-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, audience_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, map);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, table);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, problem_page);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, adjustment);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyReplayWindow, count_label);

  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.first", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, step_action);
  gtk_widget_class_install_property_action (widget_class, "replay.project", "projecting");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "replay.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Page_Up, 0, "replay.previous",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "replay.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Page_Down, 0, "replay.next",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, GDK_CONTROL_MASK,
                                       "replay.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, GDK_CONTROL_MASK,
                                       "replay.last", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_replay_window_init (AdmiraltyReplayWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->table_ready = G_MAXUINT;
  g_signal_connect_object (self->adjustment, "value-changed", G_CALLBACK (value_changed_cb),
                           self, G_CONNECT_SWAPPED);
}

AdmiraltyReplayWindow *
admiralty_replay_window_new (GtkApplication *application,
                             AdmCampaign    *campaign)
{
  AdmiraltyReplayWindow *self;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  self = g_object_new (ADMIRALTY_TYPE_REPLAY_WINDOW, "application", application, NULL);
  self->campaign = g_object_ref (campaign);
  admiralty_sector_map_set_campaign (self->map, campaign);
  admiralty_audience_dropdown_set_campaign (self->audience_dropdown, campaign);
  if (!admiralty_replay_window_set_audience (self, "master", NULL))
    g_assert_not_reached ();
  g_signal_connect_object (self->audience_dropdown, "notify::selected",
                           G_CALLBACK (audience_selected_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (campaign, "changed", G_CALLBACK (campaign_changed_cb), self,
                           G_CONNECT_SWAPPED);
  self->prepare_id = g_idle_add_full (G_PRIORITY_LOW, prepare_cb, self, NULL);
  return self;
}

AdmCampaign *
admiralty_replay_window_get_campaign (AdmiraltyReplayWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), NULL);
  return self->campaign;
}

AdmReplayTimeline *
admiralty_replay_window_get_timeline (AdmiraltyReplayWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), NULL);
  return self->timeline;
}

guint
admiralty_replay_window_get_position (AdmiraltyReplayWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), 0);
  return self->position;
}

void
admiralty_replay_window_set_position (AdmiraltyReplayWindow *self,
                                      guint                  position)
{
  guint n;

  g_return_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self));

  n = g_list_model_get_n_items (G_LIST_MODEL (self->timeline));
  position = MIN (position, n - 1);
  if (position != self->position)
    self->forward = position > self->position;
  self->position = position;
  show_step (self);
}

const char *
admiralty_replay_window_get_label (AdmiraltyReplayWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), NULL);
  return self->label;
}

AdmiraltySectorMap *
admiralty_replay_window_get_map (AdmiraltyReplayWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), NULL);
  return g_str_equal (gtk_stack_get_visible_child_name (self->stack), "map") ? self->map : NULL;
}

AdmiraltyTableWidget *
admiralty_replay_window_get_table (AdmiraltyReplayWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), NULL);
  return g_str_equal (gtk_stack_get_visible_child_name (self->stack), "battle") ? self->table
                                                                                : NULL;
}

void
admiralty_replay_window_set_projector (AdmiraltyReplayWindow *self,
                                       AdmiraltySectorMap    *map,
                                       AdmiraltyTableWidget  *table)
{
  g_return_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self));
  g_return_if_fail (map == NULL || ADMIRALTY_IS_SECTOR_MAP (map));
  g_return_if_fail (table == NULL || ADMIRALTY_IS_TABLE_WIDGET (table));

  if (self->projector == map && self->projector_table == table)
    return;
  if (self->projector != NULL)
    {
      admiralty_sector_map_set_past (self->projector, NULL);
      g_object_remove_weak_pointer (G_OBJECT (self->projector), (gpointer *) &self->projector);
    }
  if (self->projector_table != NULL)
    {
      admiralty_table_widget_set_battle (self->projector_table, NULL);
      admiralty_table_widget_set_audience (self->projector_table, NULL);
      g_object_remove_weak_pointer (G_OBJECT (self->projector_table),
                                    (gpointer *) &self->projector_table);
    }
  set_projector_heading (self, NULL);
  if (map != NULL)
    g_object_add_weak_pointer (G_OBJECT (map), (gpointer *) &self->projector);
  if (table != NULL)
    g_object_add_weak_pointer (G_OBJECT (table), (gpointer *) &self->projector_table);
  self->projector = map;
  self->projector_table = table;
  if (map != NULL && self->projecting)
    show_step (self);
}

const char *
admiralty_replay_window_get_projector_heading (AdmiraltyReplayWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_REPLAY_WINDOW (self), NULL);

  return self->projector_heading;
}
