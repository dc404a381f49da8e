/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-panel.c: entering a battle turn's declarations. The rules are the
 * engine's: the panel builds declarations (adm-battle-orders.h), asks the engine what they
 * would do (adm-battle-preview.h) and shows the answer; it never decides a rule itself.
 *
 * The panel is a container: it owns the context its sections share (the draft, the selected
 * ship, the dry run and the refusal shown, admiralty-orders-context.h), follows the battle and
 * the table, draws the courses' previews on the table, and has each section show itself
 * again when the state changes — the declarations list (admiralty-orders-list.h), movement
 * (admiralty-orders-move.h), fire (admiralty-orders-fire.h) and the other orders
 * (admiralty-orders-other.h). */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "admiralty-inscription.h"
#include "admiralty-orders-fire.h"
#include "admiralty-orders-list.h"
#include "admiralty-orders-move.h"
#include "admiralty-orders-other.h"
#include "admiralty-orders-panel.h"
#include "admiralty-units.h"

struct _AdmiraltyOrdersPanel
{
  GtkWidget               parent_instance;

  AdmiraltyOrdersContext *context;
  /* On the battle and the table attached (admiralty_orders_panel_attach ()). */
  GSignalGroup           *battle_signals;
  GSignalGroup           *table_signals;
  const AdmBattleOrders  *file_orders;
  char                   *read_only_heading; /* why, when not ended here: NULL for an ending */
  char                   *read_only_hint;

  /* Drawn on the table: a preview per declared course, the one being plotted live. */
  GPtrArray              *previews;      /* AdmMovePreview* */
  GPtrArray              *standing;      /* AdmMovePreview*: the F-MOVE-5 courses, as the
                                          * last refresh outside a drag found them */
  gboolean                dragging;      /* a refresh for a motion of a course drag */
  int                     editing_index; /* the selected formation's, -1 */
  AdmMoveDecl            *live;          /* the course while a drag plots it */
  gboolean                ghost;         /* @live is not the leg dragged, which the engine
                                          * refuses, but the nearest one it allows */
  /* A note on how a drag was taken (snapped straight, or the nearest course allowed), shown
   * for a few seconds after the drag where refusals are shown. */
  char                   *note;
  guint                   note_source;
  /* The formation whose last course drag the engine refused, and why, until a drag of it is
   * taken or the movement phase is resolved: Resolve asks before it moves without it. */
  char                   *refused_course;
  char                   *refused_reason;
  int                     refused_legs;  /* the legs its course had then, -1 none */
  /* The declarations typed for a later turn, set aside by an undo into an earlier one: a
   * redo to that turn brings them back. */
  AdmTurnOrders          *set_aside;

  /* Template children */
  GtkBox                 *content_box;
  GtkWidget              *turn_box;
  GtkWidget              *ship_box;
  GtkLabel               *heading_label;
  GtkLabel               *hint_label;
  GtkLabel               *batteries_label;
  AdmiraltyOrdersList    *list;
  GtkLabel               *ship_label;
  AdmiraltyOrdersMove    *move;
  AdmiraltyOrdersFire    *fire;
  AdmiraltyOrdersOther   *other;
  GtkWidget              *message_box;
  GtkInscription         *message_label;
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersPanel, admiralty_orders_panel, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void admiralty_orders_panel_refresh (AdmiraltyOrdersPanel *self);

static AdmBattle *
get_battle (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_context_get_battle (self->context);
}

static AdmiraltyTableWidget *
get_table (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_context_get_table (self->context);
}

static const AdmTurnOrders *
draft (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_context_get_orders (self->context);
}

static gboolean
read_only (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_context_get_read_only (self->context);
}

static void
preview_free (gpointer data)
{
  AdmMovePreview *preview = data;

  adm_move_preview_clear (preview);
  g_free (preview);
}

static AdmMovePreview *
preview_copy (const AdmMovePreview *preview)
{
  AdmMovePreview *copy = g_memdup2 (preview, sizeof *preview);

  copy->reason = g_strdup (preview->reason);
  copy->path = preview->path != NULL ? g_array_copy (preview->path) : NULL;
  copy->ships = preview->ships != NULL ? g_array_copy (preview->ships) : NULL;
  copy->ends = preview->ends != NULL ? g_array_copy (preview->ends) : NULL;
  return copy;
}

/* The message shown, "" for none. */
static const char *
message_text (AdmiraltyOrdersPanel *self)
{
  const char *text = gtk_inscription_get_text (self->message_label);

  return text != NULL ? text : "";
}

/* Shows a refusal of the order being entered, without the "orders:N:" the engine puts first,
 * over the foot of the orders, where no scrolling hides it and nothing moves. It stays until the
 * next order is entered or refused, or the selection or the target changes: the master reads
 * it when he looks up from the table, not only in the moment after his click. */
static void
set_message (AdmiraltyOrdersPanel *self,
             const char           *message)
{
  if (message != NULL)
    admiralty_orders_split_error (message, &message);
  admiralty_inscription_set_text (self->message_label, message != NULL ? message : "");
  gtk_widget_set_visible (self->message_box, message != NULL && *message != '\0');
}

static gboolean
note_timeout_cb (gpointer data)
{
  AdmiraltyOrdersPanel *self = data;

  self->note_source = 0;
  /* Gone already if another message replaced it. */
  if (self->note != NULL && g_strcmp0 (message_text (self), self->note) == 0)
    set_message (self, NULL);
  g_clear_pointer (&self->note, g_free);
  return G_SOURCE_REMOVE;
}

/* Shows @note (NULL: takes back a note still shown) as set_message () does; @seconds > 0: for
 * that long only. */
static void
show_note (AdmiraltyOrdersPanel *self,
           const char           *note,
           guint                 seconds)
{
  g_clear_handle_id (&self->note_source, g_source_remove);
  if (note == NULL)
    {
      if (self->note != NULL &&
          g_strcmp0 (message_text (self), self->note) == 0)
        set_message (self, NULL);
      g_clear_pointer (&self->note, g_free);
      return;
    }
  set_message (self, note);
  g_free (self->note);
  self->note = g_strdup (message_text (self));
  if (seconds > 0)
    self->note_source = g_timeout_add_seconds (seconds, note_timeout_cb, self);
}

/* The legs of @formation's declared course, -1 when it has none. */
static int
course_legs (AdmiraltyOrdersPanel *self,
             const char           *formation)
{
  const AdmMoveDecl *move = admiralty_orders_find_move (draft (self), formation, NULL);

  return move != NULL ? (int) move->steps->len : -1;
}

static void
forget_refused_course (AdmiraltyOrdersPanel *self)
{
  g_clear_pointer (&self->refused_course, g_free);
  g_clear_pointer (&self->refused_reason, g_free);
}

/* The draft changed: shown again, and said to the page. A course changed since its drag was
 * refused (a leg typed, the course cleared) is the master's answer to the refusal. */
static void
context_changed_cb (AdmiraltyOrdersPanel *self)
{
  if (self->refused_course != NULL && draft (self) != NULL &&
      course_legs (self, self->refused_course) != self->refused_legs)
    forget_refused_course (self);
  admiralty_orders_panel_refresh (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Movement: the courses' previews */

static void
update_previews (AdmiraltyOrdersPanel *self,
                 AdmMovePreview      **editing_out)
{
  const char *editing = admiralty_orders_context_selected_formation (self->context);
  gboolean editing_done = FALSE;
  int editing_index = -1;

  g_ptr_array_set_size (self->previews, 0);
  *editing_out = NULL;
  if (adm_battle_get_phase (get_battle (self)) > ADM_PHASE_MOVEMENT)
    {
      g_ptr_array_set_size (self->standing, 0);
      return;
    }

  for (guint i = 0; i <= draft (self)->moves->len; i++)
    {
      g_autoptr(AdmTurnOrders) orders = NULL;
      g_autoptr(GError) error = NULL;
      AdmMovePreview *preview;
      const char *formation;

      if (i < draft (self)->moves->len)
        formation = ((AdmMoveDecl *) g_ptr_array_index (draft (self)->moves, i))->formation;
      else if (editing != NULL && !editing_done)
        formation = editing;  /* the selected formation without a course yet */
      else
        break;

      orders = admiralty_orders_context_copy_orders (self->context);
      if (orders == NULL)
        break;
      if (self->live != NULL && g_strcmp0 (formation, self->live->formation) == 0)
        {
          guint index;

          if (admiralty_orders_find_move (orders, formation, &index) != NULL)
            g_ptr_array_remove_index (orders->moves, index);
          g_ptr_array_add (orders->moves, admiralty_orders_move_decl_copy (self->live, formation));
          adm_turn_orders_number_lines (orders);
        }
      preview = g_new0 (AdmMovePreview, 1);
      if (!adm_battle_preview_move (get_battle (self), orders, formation, preview, &error))
        {
          preview_free (preview);
          if (g_strcmp0 (formation, editing) == 0)
            editing_done = TRUE;
          continue;
        }
      if (g_strcmp0 (formation, editing) == 0)
        {
          editing_done = TRUE;
          editing_index = self->previews->len;
          *editing_out = preview;
        }
      g_ptr_array_add (self->previews, preview);
    }

  /* F-MOVE-5: every formation that must keep moving and has no course declared goes
   * straight on as far as last turn; that course is drawn too, so that no move is unseen.
   * A drag changes neither the battle nor the declarations, only the dragged formation's live
   * course: its motions draw the courses the refresh before it found, rather than preview
   * every formation of the battle again at each motion. */
  if (self->dragging)
    {
      for (guint i = 0; i < self->standing->len; i++)
        g_ptr_array_add (self->previews, preview_copy (g_ptr_array_index (self->standing, i)));
      self->editing_index = editing_index;
      return;
    }
  g_ptr_array_set_size (self->standing, 0);
  for (guint f = 0; f < adm_battle_get_n_formations (get_battle (self)); f++)
    {
      const char *id = adm_battle_get_formation (get_battle (self), f)->id;
      AdmMovePreview *preview;

      if (g_strcmp0 (id, editing) == 0 ||
          admiralty_orders_find_move (draft (self), id, NULL) != NULL ||
          (get_table (self) != NULL &&
           !adm_audience_sees_orders (admiralty_orders_context_audience (self->context),
                                      get_battle (self), f)))
        continue;
      preview = g_new0 (AdmMovePreview, 1);
      if (!adm_battle_preview_move (get_battle (self), draft (self), id, preview, NULL) ||
          !preview->must_move || preview->total <= 0)
        {
          preview_free (preview);
          continue;
        }
      g_ptr_array_add (self->standing, preview_copy (preview));
      g_ptr_array_add (self->previews, preview);
    }
  self->editing_index = editing_index;
}

/* A hand's drag is not a surveyor's: a leg dragged within this many degrees of straight on, or
 * this many pixels across it, is taken as straight on (a turn that small is typed). Where the
 * rules allow a turn is the engine's to say (adm_battle_preview_move ()), not the drag's. */
#define PLOT_SNAP_DEGREES 3.0
#define PLOT_SNAP_PIXELS  4.0
/* How long the note on how a drag was taken stays after the button is released. */
#define PLOT_NOTE_SECONDS 5

/* "straight on 10.5 cm", "turn 30° to starboard, then 7 cm": a leg for the master. */
static char *
describe_leg (AdmiraltyOrdersPanel *self,
              double                degrees,
              double                cm)
{
  g_autofree char *length = admiralty_format_length (
    cm, admiralty_orders_context_get_inches (self->context));

  if (degrees == 0)
    /* Translators: a course leg with no turn, "straight on 10.5 cm" */
    return g_strdup_printf (_("straight on %s"), length);
  /* Translators: a course leg, "turn 30°, then 7 cm" (a negative turn is to port) */
  return g_strdup_printf (_("turn %+.0f°, then %s"), degrees, length);
}

/* Dragging the selected ship: a leg from the end of its course to the pointer. A leg within a
 * hand's wobble of straight on is straight on, and says so; a leg the rules refuse is shown,
 * ghosted, as the nearest one they allow, which the release plots, and says why. */
static void
plot_cb (AdmiraltyOrdersPanel *self,
         double                x,
         double                y,
         gboolean              done,
         AdmiraltyTableWidget *table)
{
  const char *formation = admiralty_orders_context_selected_formation (self->context);
  g_autoptr(AdmTurnOrders) orders = NULL;
  AdmMovePreview preview = { 0 };
  AdmPoint end, pointer = { x, y };
  double heading, raw, distance, degrees, cm, leg_degrees, leg_cm, across;
  g_autofree char *refusal = NULL;
  g_autofree char *note = NULL;
  gboolean snapped, allowed;

  if (read_only (self))
    return;

  if (formation == NULL || adm_battle_get_phase (get_battle (self)) > ADM_PHASE_MOVEMENT)
    return;

  /* Where the course declared so far ends. */
  orders = admiralty_orders_context_copy_orders (self->context);
  if (orders == NULL ||
      !adm_battle_preview_move (get_battle (self), orders, formation, &preview, NULL) ||
      preview.path == NULL || preview.path->len == 0)
    {
      adm_move_preview_clear (&preview);
      return;
    }
  end = g_array_index (preview.path, AdmPoint, preview.path->len - 1);
  heading = preview.end_heading;
  /* With no course declared, the drag plots it from the ship, not on from the end of the
   * straight-on course F-MOVE-5 gives it by default: the new course replaces that one. */
  if (admiralty_orders_find_move (draft (self), formation, NULL) == NULL)
    {
      const AdmBattleShip *leader = adm_battle_get_ship (get_battle (self), preview.leader);
      const AdmBattleShip *dragged = admiralty_orders_context_selected_ship (self->context);

      end = leader->position;
      heading = leader->heading;
      /* Any ship of the formation may be dragged: the leader's course goes as far and the
       * same way as the drag from the ship. */
      if (dragged != NULL && dragged != leader)
        {
          pointer.x += leader->position.x - dragged->position.x;
          pointer.y += leader->position.y - dragged->position.y;
        }
    }
  adm_move_preview_clear (&preview);

  /* To the nearest degree and half centimetre, as a master would write it. */
  raw = adm_heading_difference (heading, adm_bearing (end, pointer));
  distance = adm_distance (end, pointer);
  degrees = round (raw);
  cm = round (distance * 2) / 2;
  across = distance * sin (fabs (raw) * G_PI / 180) *
           (table != NULL ? admiralty_table_widget_get_view (table)->scale : 0);
  snapped = degrees != 0 &&
            (fabs (raw) <= PLOT_SNAP_DEGREES || (fabs (raw) < 45 && across <= PLOT_SNAP_PIXELS));
  if (snapped)
    degrees = 0;

  g_clear_pointer (&self->live, admiralty_orders_move_decl_free);
  self->ghost = FALSE;
  if (cm < 0.5)
    {
      show_note (self, NULL, 0);
      if (done)
        admiralty_orders_panel_refresh (self);
      return;
    }
  allowed = admiralty_orders_move_nearest_leg (self->move, degrees, cm, &leg_degrees, &leg_cm,
                                               &refusal);
  if (allowed && refusal != NULL)
    {
      g_autofree char *leg = describe_leg (self, leg_degrees, leg_cm);
      const char *reason = NULL;

      admiralty_orders_split_error (refusal, &reason);
      /* Translators: a course dragged that the rules refuse; the first %s is the engine's
       * reason, the second the leg plotted instead, "straight on 10.5 cm" */
      note = g_strdup_printf (done ? _("%s — plotted the nearest course the rules allow: %s")
                                   : _("%s — released here, the nearest course the rules "
                                       "allow: %s"),
                              reason, leg);
    }
  else if (allowed && snapped)
    /* Translators: %.0f is the degrees the drag was off the ship's heading */
    note = g_strdup_printf (_("Taken as straight on: the drag is %.0f° off the heading (type "
                              "a turn that small below)"), fabs (raw));

  if (done)
    {
      if (!allowed)
        {
          /* The engine allows nothing near: the leg dragged is refused with its reason. */
          g_autofree char *id = g_strdup (formation);

          show_note (self, NULL, 0);
          admiralty_orders_move_add_leg (self->move, degrees, cm);
          forget_refused_course (self);
          self->refused_course = g_steal_pointer (&id);
          self->refused_reason = g_strdup (message_text (self));
          self->refused_legs = course_legs (self, formation);
        }
      else if (admiralty_orders_move_add_leg (self->move, leg_degrees, leg_cm))
        {
          if (g_strcmp0 (formation, self->refused_course) == 0)
            forget_refused_course (self);
          show_note (self, note, PLOT_NOTE_SECONDS);
        }
      return;
    }
  /* The live course: the declared one plus the leg to the pointer, or the nearest allowed. */
  show_note (self, note, 0);
  self->live = admiralty_orders_move_course_with_leg (self->move,
                                                      allowed ? leg_degrees : degrees,
                                                      allowed ? leg_cm : cm);
  self->ghost = allowed && refusal != NULL;
  self->dragging = TRUE;
  admiralty_orders_panel_refresh (self);
  self->dragging = FALSE;
}

/* Refreshing everything from the battle, the draft and the selection */

static const char *
phase_hint (AdmPhase phase)
{
  switch (phase)
    {
    case ADM_PHASE_DETECTION:
    case ADM_PHASE_MOVEMENT:
      return _("Select a ship, then drag it to plot its course leg by leg, or type a turn and "
               "a distance. Right-click a ship for movement orders.");
    case ADM_PHASE_FIRE:
      return _("Select a ship: the enemies its checked weapons can reach are ringed. Click "
               "one to see the odds; Return declares the fire and selects the next ship with "
               "guns to fire. Tab skips a ship; Ctrl+click selects a ringed one.");
    case ADM_PHASE_TORPEDO:
      return _("Torpedoes and mine detonations resolve now. Select a ship: the enemies it can "
               "board are ringed; click one for the odds of the first round, then add the "
               "boarding order below.");
    case ADM_PHASE_END:
    default:
      return _("Boarding, damage control and fires are resolved in the end phase: give damage "
               "control its work below.");
    }
}

/* Until the fire phase is resolved, how many of the batteries (every gun but the torpedo
 * tubes) of the active ships the view gives orders to have their fire declared: the master
 * sees at a glance what is left to declare. */
static void
update_batteries (AdmiraltyOrdersPanel *self)
{
  AdmBattle *battle = get_battle (self);
  AdmAudience audience = adm_audience_for_view_side (
      get_table (self) != NULL ? admiralty_table_widget_get_view_side (get_table (self)) : -1);
  guint declared = 0, total = 0;
  g_autofree char *text = NULL;

  for (guint i = 0; adm_battle_get_phase (battle) <= ADM_PHASE_FIRE &&
                    i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (ship->status != ADM_SHIP_ACTIVE ||
          !adm_audience_sees_orders (audience, battle, ship->formation))
        continue;
      for (guint w = 0; w < ship->klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

          if (weapon->type == ADM_WEAPON_TORPEDO)
            continue;
          total++;
          declared += admiralty_orders_weapon_declared (draft (self), ship->id, weapon->id);
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->batteries_label), total > 0);
  if (total == 0)
    return;
  /* Translators: batteries whose fire is declared this turn, of all that could fire */
  text = g_strdup_printf (_("Batteries declared: %u of %u"), declared, total);
  if (g_strcmp0 (gtk_label_get_label (self->batteries_label), text) != 0)
    gtk_label_set_label (self->batteries_label, text);
}

/* An ended battle (adm-battle-result.h): the panel says so, and shows no order control —
 * no declarations to remove, no course, fire or other order to enter, nothing ringed or
 * plotted on the table. */
static void
show_read_only (AdmiraltyOrdersPanel *self)
{
  g_clear_pointer (&self->live, admiralty_orders_move_decl_free);
  gtk_widget_set_visible (GTK_WIDGET (self->batteries_label), FALSE);
  g_ptr_array_set_size (self->previews, 0);
  admiralty_orders_fire_clear (self->fire);
  gtk_label_set_label (self->heading_label, self->read_only_heading != NULL
                                              ? self->read_only_heading
                                              : _("The Battle Has Ended"));
  gtk_label_set_label (self->hint_label,
                       self->read_only_hint != NULL
                         ? self->read_only_hint
                         : _("Its results are in the campaign and it takes no more orders. Undo "
                             "its ending in the campaign to fight on."));
  gtk_label_set_label (self->ship_label, "");
  set_message (self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->move), FALSE);
  if (get_table (self) != NULL)
    {
      admiralty_table_widget_set_overlays (get_table (self), self->previews, -1,
                                           admiralty_orders_fire_get_targets (self->fire),
                                           NULL);
      admiralty_table_widget_set_aim (get_table (self), NULL);
    }
}

/* The selected ship's orders above the turn's heading, hint and orders given, so that the
 * odds of its fire are in sight with the pane scrolled to its top at 1280×800; the turn's
 * first when no ship is selected or the battle takes no orders. */
static void
update_order (AdmiraltyOrdersPanel *self,
              gboolean              ship_first)
{
  GtkWidget *first = ship_first ? self->ship_box : self->turn_box;

  if (gtk_widget_get_first_child (GTK_WIDGET (self->content_box)) != first)
    gtk_box_reorder_child_after (self->content_box, first, NULL);
}

static void
admiralty_orders_panel_refresh (AdmiraltyOrdersPanel *self)
{
  AdmMovePreview *editing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *heading = NULL;
  const AdmBattleShip *ship;
  guint failed = 0;

  if (get_battle (self) == NULL || draft (self) == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->list), !read_only (self));
  admiralty_orders_other_update_visible (self->other);
  if (read_only (self))
    {
      update_order (self, FALSE);
      show_read_only (self);
      return;
    }

  ship = admiralty_orders_context_selected_ship (self->context);
  update_order (self, ship != NULL);
  heading = g_strdup_printf (_("Orders for Turn %d"), draft (self)->turn);
  gtk_label_set_label (self->heading_label, heading);
  gtk_label_set_label (self->hint_label, phase_hint (adm_battle_get_phase (get_battle (self))));
  update_batteries (self);

  /* The first refusal of the declarations as they stand. */
  if (!adm_battle_check_orders (get_battle (self), draft (self), ADM_PHASE_END, &error))
    {
      const char *reason;

      failed = admiralty_orders_split_error (error->message, &reason);
    }
  admiralty_orders_list_update (self->list, failed);

  gtk_label_set_label (self->ship_label, ship != NULL ? ship->name : _("No ship selected"));
  update_previews (self, &editing);
  admiralty_orders_move_update (self->move,
                                ship != NULL && ship->status == ADM_SHIP_ACTIVE ? editing : NULL);
  admiralty_orders_fire_update (self->fire);
  admiralty_orders_other_update_threats (self->other);

  if (get_table (self) != NULL)
    admiralty_table_widget_set_ghost_move (get_table (self), self->ghost && self->live != NULL);
  if (get_table (self) != NULL)
    admiralty_table_widget_set_overlays (
        get_table (self), self->previews, self->editing_index,
        admiralty_orders_fire_get_targets (self->fire),
        /* Declared fire is drawn until it is resolved. */
        adm_battle_get_phase (get_battle (self)) <= ADM_PHASE_FIRE ? draft (self) : NULL);
  admiralty_orders_fire_update_aim (self->fire);
}

static guint
n_declarations (const AdmTurnOrders *orders)
{
  return orders->moves->len + orders->fires->len + orders->target_locks->len +
         orders->reinforce->len + orders->transfers->len + orders->other->len;
}

/* An undo into an earlier turn: what was typed for the turn left, and not played yet, is kept
 * aside rather than dropped, so that Undo then Redo gives the master back his courses. */
static void
set_aside_draft (AdmiraltyOrdersPanel *self,
                 AdmBattle            *battle)
{
  const AdmTurnOrders *typed = draft (self);
  AdmTurnOrders *copy;

  if (typed == NULL || typed->turn <= adm_battle_get_turn (battle) ||
      n_declarations (typed) == 0 || (copy = adm_turn_orders_copy (typed, NULL)) == NULL)
    return;
  g_clear_pointer (&self->set_aside, adm_turn_orders_free);
  self->set_aside = copy;
}

/* A new turn's declarations: after an undo into an earlier turn, the ones it was played with;
 * else those typed for it and set aside by an undo (set_aside_draft ()); else the orders
 * file's for the turn; else none. */
static void
reset_draft (AdmiraltyOrdersPanel *self)
{
  int turn = adm_battle_get_turn (get_battle (self));
  GPtrArray *journal = adm_battle_get_journal (get_battle (self));
  const AdmTurnOrders *from_file;
  AdmTurnOrders *orders = NULL;

  for (guint i = journal->len; i > 0 && orders == NULL; i--)
    {
      AdmEvent *event = g_ptr_array_index (journal, i - 1);

      if (g_strcmp0 (adm_event_get_kind (event), "phase") == 0 &&
          adm_event_get_int (event, "turn", 0) == turn)
        orders = adm_turn_orders_parse (adm_event_get_text (event), ADMIRALTY_ORDERS_FILE,
                                        NULL);
    }
  if (orders == NULL && self->set_aside != NULL && self->set_aside->turn == turn)
    orders = g_steal_pointer (&self->set_aside);
  from_file = self->file_orders != NULL ? adm_battle_orders_get_turn (self->file_orders, turn)
                                        : NULL;
  if (orders == NULL && from_file != NULL)
    orders = adm_turn_orders_copy (from_file, NULL);
  if (orders == NULL)
    orders = adm_turn_orders_new (turn);
  admiralty_orders_context_replace (self->context, orders);
  adm_turn_orders_number_lines (orders);
}

static void
battle_changed_cb (AdmiraltyOrdersPanel *self,
                   AdmBattle            *battle)
{
  /* A course refused before the movement phase was resolved (or undone into another turn)
   * is nothing to ask about any more. */
  if (adm_battle_get_phase (battle) > ADM_PHASE_MOVEMENT ||
      (draft (self) != NULL && draft (self)->turn != adm_battle_get_turn (battle)))
    forget_refused_course (self);
  if (draft (self) == NULL || draft (self)->turn != adm_battle_get_turn (battle))
    {
      set_aside_draft (self, battle);
      reset_draft (self);
      set_message (self, NULL);
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
    }
  admiralty_orders_other_refresh_kinds (self->other);
  /* What the side knows may have changed with the phase (F-ECM): the form's lists again. */
  admiralty_orders_other_rebuild_form (self->other);
  admiralty_orders_panel_refresh (self);
}

/* The table's selection, target and view */

static void
selection_changed_cb (AdmiraltyOrdersPanel *self,
                      GParamSpec           *pspec,
                      AdmiraltyTableWidget *table)
{
  int ship = admiralty_table_widget_get_selected_ship (table);

  if (ship != admiralty_orders_context_get_ship (self->context))
    {
      admiralty_orders_context_set_ship (self->context, ship);
      admiralty_orders_fire_drop_aim (self->fire);
      g_clear_pointer (&self->live, admiralty_orders_move_decl_free);
      set_message (self, NULL);
      admiralty_orders_fire_rebuild_weapons (self->fire);
      admiralty_orders_other_refresh_kinds (self->other);
      admiralty_orders_other_rebuild_form (self->other);
    }
  admiralty_orders_panel_refresh (self);
}

static void
target_changed_cb (AdmiraltyOrdersPanel *self,
                   GParamSpec           *pspec,
                   AdmiraltyTableWidget *table)
{
  int target = admiralty_table_widget_get_target_ship (table);

  /* A ringed ship clicked in the boarding phase: the form is for boarding it. */
  if (adm_battle_get_phase (get_battle (self)) == ADM_PHASE_TORPEDO && target >= 0)
    admiralty_orders_other_select_kind (self->other, "board");
  /* A new target: a refusal of the fire at the one before is stale, and would cover Declare
   * Fire. */
  if (target >= 0)
    {
      set_message (self, NULL);
      admiralty_orders_fire_drop_aim (self->fire);
    }
  else
    admiralty_orders_fire_update_aim (self->fire);
  admiralty_orders_fire_update_form (self->fire);
  admiralty_orders_other_update_threats (self->other);
  admiralty_orders_other_rebuild_form (self->other);
}

/* "View as" another side: the declarations list shows that side's orders only. */
static void
view_side_changed_cb (AdmiraltyOrdersPanel *self)
{
  /* The form's lists name only the ships and formations the side knows of. */
  admiralty_orders_fire_rebuild_weapons (self->fire);
  admiralty_orders_other_rebuild_form (self->other);
  admiralty_orders_panel_refresh (self);
}

/* The fire section's next firer */

/* Whether ship @index, given orders in the table's view, has a battery (a gun, not a tube:
 * tubes are launched by choice) whose fire is not declared this turn and which reaches an
 * enemy from where the ship stands (adm_battle_fire_targets ()). */
static gboolean
has_fire_to_declare (AdmiraltyOrdersPanel *self,
                     guint                 index)
{
  AdmBattle *battle = get_battle (self);
  const AdmBattleShip *ship = adm_battle_get_ship (battle, index);

  if (ship->status != ADM_SHIP_ACTIVE ||
      !adm_audience_sees_orders (admiralty_orders_context_audience (self->context), battle,
                                 ship->formation))
    return FALSE;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autoptr(GArray) reach = NULL;

      if ((weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR) ||
          admiralty_orders_weapon_declared (draft (self), ship->id, weapon->id))
        continue;
      reach = adm_battle_fire_targets (battle, index, w);
      if (reach->len > 0)
        return TRUE;
    }
  return FALSE;
}

/* Selects on the table the first ship after the selected one in the battle's order (from the
 * selected one itself when @from_selected), around to the first, that has fire to declare:
 * one side's ships, then the other's, as a master goes down his sheet. FALSE, the selection
 * kept, when no ship has. */
static gboolean
select_next_firer (AdmiraltyOrdersPanel *self,
                   gboolean              from_selected)
{
  AdmBattle *battle = get_battle (self);
  guint n;
  int selected;

  if (battle == NULL || get_table (self) == NULL || read_only (self) ||
      adm_battle_get_phase (battle) > ADM_PHASE_FIRE)
    return FALSE;
  n = adm_battle_get_n_ships (battle);
  selected = admiralty_table_widget_get_selected_ship (get_table (self));
  for (guint step = from_selected || selected < 0 ? 0 : 1; step < n; step++)
    {
      guint index = ((guint) MAX (selected, 0) + step) % n;

      if (has_fire_to_declare (self, index))
        {
          admiralty_table_widget_set_selected_ship (get_table (self), (int) index);
          return TRUE;
        }
    }
  return FALSE;
}

/* Tab on the table, or Next Firer: the next ship with fire to declare. */
static gboolean
next_firer_cb (AdmiraltyOrdersPanel *self)
{
  return select_next_firer (self, FALSE);
}

static void
next_firer_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyOrdersPanel *self = ADMIRALTY_ORDERS_PANEL (widget);

  if (!select_next_firer (self, FALSE))
    set_message (self, _("No other ship has guns to fire that reach an enemy."));
}

/* Return on the table, a shooter and a target chosen: the fire declared, as the button does,
 * and the next ship with fire to declare selected — the same one while it has guns left that
 * reach another enemy. The master's turn of fire is then a click on a ringed enemy and Return,
 * ship after ship. */
static void
declare_cb (AdmiraltyOrdersPanel *self)
{
  if (admiralty_orders_fire_declare (self->fire))
    select_next_firer (self, TRUE);
}

/* The battle page's Add Leg (battle.add-leg) activates the move section's, with the turn and
 * distance typed there. */
static void
add_leg_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyOrdersPanel *self = ADMIRALTY_ORDERS_PANEL (widget);

  gtk_widget_activate_action (GTK_WIDGET (self->move), "orders-move.add-leg", NULL);
}

/* GObject */

static void
admiralty_orders_panel_dispose (GObject *object)
{
  AdmiraltyOrdersPanel *self = ADMIRALTY_ORDERS_PANEL (object);
  GtkWidget *child;

  g_clear_object (&self->battle_signals);
  g_clear_object (&self->table_signals);
  g_clear_handle_id (&self->note_source, g_source_remove);
  if (self->context != NULL && get_table (self) != NULL)
    admiralty_table_widget_set_overlays (get_table (self), NULL, -1, NULL, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_PANEL);
  /* The scrolled window at the template's root is not bound to a field. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->context);

  G_OBJECT_CLASS (admiralty_orders_panel_parent_class)->dispose (object);
}

static void
admiralty_orders_panel_finalize (GObject *object)
{
  AdmiraltyOrdersPanel *self = ADMIRALTY_ORDERS_PANEL (object);

  g_clear_pointer (&self->previews, g_ptr_array_unref);
  g_clear_pointer (&self->standing, g_ptr_array_unref);
  g_clear_pointer (&self->live, admiralty_orders_move_decl_free);
  g_clear_pointer (&self->set_aside, adm_turn_orders_free);
  forget_refused_course (self);
  g_free (self->read_only_heading);
  g_free (self->read_only_hint);
  g_free (self->note);
  G_OBJECT_CLASS (admiralty_orders_panel_parent_class)->finalize (object);
}

static void
admiralty_orders_panel_class_init (AdmiraltyOrdersPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_panel_dispose;
  object_class->finalize = admiralty_orders_panel_finalize;

  /* The declarations changed (entered, removed, or a new turn's). */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "orders.add-leg", NULL, add_leg_action);
  gtk_widget_class_install_action (widget_class, "orders.next-firer", NULL, next_firer_action);

  g_type_ensure (ADMIRALTY_TYPE_ORDERS_LIST);
  g_type_ensure (ADMIRALTY_TYPE_ORDERS_MOVE);
  g_type_ensure (ADMIRALTY_TYPE_ORDERS_FIRE);
  g_type_ensure (ADMIRALTY_TYPE_ORDERS_OTHER);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "orderspanel");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, content_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, turn_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, ship_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, heading_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, hint_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, batteries_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, ship_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, move);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, fire);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, other);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, message_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, message_label);
}

static void
admiralty_orders_panel_init (AdmiraltyOrdersPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->previews = g_ptr_array_new_with_free_func (preview_free);
  self->standing = g_ptr_array_new_with_free_func (preview_free);
  self->editing_index = -1;
  self->context = admiralty_orders_context_new ();
  g_signal_connect_object (self->context, "changed", G_CALLBACK (context_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->context, "refresh", G_CALLBACK (admiralty_orders_panel_refresh),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->context, "message", G_CALLBACK (set_message), self,
                           G_CONNECT_SWAPPED);
  admiralty_orders_list_set_context (self->list, self->context);
  admiralty_orders_move_set_context (self->move, self->context);
  admiralty_orders_fire_set_context (self->fire, self->context);
  admiralty_orders_other_set_context (self->other, self->context);
}

/* Public */

void
admiralty_orders_panel_attach (AdmiraltyOrdersPanel  *self,
                               AdmBattle             *battle,
                               AdmiraltyTableWidget  *table,
                               const AdmBattleOrders *file_orders)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));
  g_return_if_fail (ADM_IS_BATTLE (battle));
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (table));
  g_return_if_fail (get_battle (self) == NULL);

  self->file_orders = file_orders;
  self->battle_signals = g_signal_group_new (ADM_TYPE_BATTLE);
  g_signal_group_connect_object (self->battle_signals, "changed", G_CALLBACK (battle_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_set_target (self->battle_signals, battle);
  self->table_signals = g_signal_group_new (ADMIRALTY_TYPE_TABLE_WIDGET);
  g_signal_group_connect_object (self->table_signals, "notify::selected-ship",
                                 G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "notify::target-ship",
                                 G_CALLBACK (target_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "plot", G_CALLBACK (plot_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "declare", G_CALLBACK (declare_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "next-firer", G_CALLBACK (next_firer_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "notify::view-side",
                                 G_CALLBACK (view_side_changed_cb), self, G_CONNECT_SWAPPED);
  /* The fire section's aim at a point (F-TORP-3) follows the table from here. */
  admiralty_orders_context_attach (self->context, battle, table);
  g_signal_group_set_target (self->table_signals, table);
  g_object_set (table, "plotting", TRUE, NULL);

  reset_draft (self);
  admiralty_orders_context_set_ship (self->context,
                                     admiralty_table_widget_get_selected_ship (table));
  admiralty_orders_fire_rebuild_weapons (self->fire);
  /* The kinds of order of the phase the battle stands at: a battle opened in its end phase
   * (a restored session) offers no launch (F-WPN-10), only what still takes effect. */
  admiralty_orders_other_refresh_kinds (self->other);
  admiralty_orders_other_rebuild_form (self->other);
  admiralty_orders_panel_refresh (self);
}

void
admiralty_orders_panel_set_file_orders (AdmiraltyOrdersPanel  *self,
                                        const AdmBattleOrders *file_orders)
{
  const AdmTurnOrders *turn;
  AdmTurnOrders *orders;

  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  self->file_orders = file_orders;
  if (get_battle (self) == NULL)
    return;
  turn = file_orders != NULL
    ? adm_battle_orders_get_turn (file_orders, adm_battle_get_turn (get_battle (self))) : NULL;
  /* Orders read from a file read back; should they not, the turn starts empty. */
  orders = turn != NULL ? adm_turn_orders_copy (turn, NULL) : NULL;
  if (orders == NULL)
    orders = adm_turn_orders_new (adm_battle_get_turn (get_battle (self)));
  admiralty_orders_context_commit (self->context, orders);
}

void
admiralty_orders_panel_set_inches (AdmiraltyOrdersPanel *self,
                                   gboolean              inches)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  if (admiralty_orders_context_get_inches (self->context) == !!inches)
    return;
  admiralty_orders_context_set_inches (self->context, inches);
  admiralty_orders_fire_rebuild_weapons (self->fire);
  admiralty_orders_other_rebuild_form (self->other);
  admiralty_orders_panel_refresh (self);
}

void
admiralty_orders_panel_set_read_only (AdmiraltyOrdersPanel *self,
                                      gboolean              read_only)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  read_only = !!read_only;
  /* The sections' actions follow the context's "read-only"; the panel's own here. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders.add-leg", !read_only);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders.next-firer", !read_only);
  if (admiralty_orders_context_get_read_only (self->context) == read_only)
    return;
  admiralty_orders_context_set_read_only (self->context, read_only);
  admiralty_orders_panel_refresh (self);
}

void
admiralty_orders_panel_set_read_only_text (AdmiraltyOrdersPanel *self,
                                           const char           *heading,
                                           const char           *hint)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  if (g_strcmp0 (self->read_only_heading, heading) == 0 &&
      g_strcmp0 (self->read_only_hint, hint) == 0)
    return;
  g_free (self->read_only_heading);
  g_free (self->read_only_hint);
  self->read_only_heading = g_strdup (heading);
  self->read_only_hint = g_strdup (hint);
  if (read_only (self))
    admiralty_orders_panel_refresh (self);
}

const char *
admiralty_orders_panel_get_refused_course (AdmiraltyOrdersPanel *self,
                                           const char          **reason)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), NULL);

  if (self->refused_course == NULL || get_battle (self) == NULL)
    return NULL;
  if (reason != NULL)
    *reason = self->refused_reason;
  return admiralty_orders_context_formation_name (self->context, self->refused_course);
}

void
admiralty_orders_panel_forget_refused_course (AdmiraltyOrdersPanel *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  forget_refused_course (self);
}

const AdmTurnOrders *
admiralty_orders_panel_get_orders (AdmiraltyOrdersPanel *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), NULL);

  return draft (self);
}

void
admiralty_orders_panel_set_orders (AdmiraltyOrdersPanel *self,
                                   const AdmTurnOrders  *orders)
{
  g_autoptr(GError) error = NULL;
  AdmTurnOrders *copy;

  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));
  g_return_if_fail (orders != NULL);

  copy = adm_turn_orders_copy (orders, &error);
  if (copy == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The orders typed in do not read back: %s"),
                                                  error->message);

      admiralty_orders_context_replace (self->context, NULL);
      set_message (self, message);
      copy = adm_turn_orders_new (orders->turn);
    }
  admiralty_orders_context_commit (self->context, copy);
}

char *
admiralty_orders_panel_explain_error (AdmiraltyOrdersPanel *self,
                                      const GError         *error)
{
  const char *reason;
  guint line;
  g_autofree char *what = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), NULL);
  g_return_val_if_fail (error != NULL, NULL);

  line = admiralty_orders_split_error (error->message, &reason);
  if (line == 0 || draft (self) == NULL ||
      (what = admiralty_orders_list_describe_line (self->list, line)) == NULL)
    return g_strdup (error->message);
  /* Translators: a refused order and the reason, "Vorberg's Main battery → Triumph: …" */
  return g_strdup_printf (_("%s: %s"), what, reason);
}

/* Orders for the selected ship: the move and fire sections' */

void
admiralty_orders_panel_set_move_order (AdmiraltyOrdersPanel *self,
                                       AdmMoveOrder          order)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  admiralty_orders_move_set_order (self->move, order);
}

void
admiralty_orders_panel_clear_move (AdmiraltyOrdersPanel *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  admiralty_orders_move_clear (self->move);
}

gboolean
admiralty_orders_panel_add_leg (AdmiraltyOrdersPanel *self,
                                double                degrees,
                                double                cm)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), FALSE);

  return admiralty_orders_move_add_leg (self->move, degrees, cm);
}

gboolean
admiralty_orders_panel_declare_fire (AdmiraltyOrdersPanel *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), FALSE);

  return admiralty_orders_fire_declare (self->fire);
}

void
admiralty_orders_panel_set_target_lock (AdmiraltyOrdersPanel *self,
                                        gboolean              on)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  admiralty_orders_fire_set_target_lock (self->fire, on);
}

void
admiralty_orders_panel_set_reinforce (AdmiraltyOrdersPanel *self,
                                      gboolean              on,
                                      gboolean              extended)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  admiralty_orders_fire_set_reinforce (self->fire, on, extended);
}

/* Test hooks */

GStrv
_admiralty_orders_panel_get_rows (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_list_get_rows (self->list);
}

const char *
_admiralty_orders_panel_get_message (AdmiraltyOrdersPanel *self)
{
  return message_text (self);
}

const char *
_admiralty_orders_panel_get_odds_text (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_fire_get_odds_text (self->fire);
}

gboolean
_admiralty_orders_panel_set_other (AdmiraltyOrdersPanel *self,
                                   const char           *element,
                                   const char * const   *keys,
                                   const char * const   *values)
{
  return admiralty_orders_other_set_order (self->other, element, keys, values);
}

gboolean
_admiralty_orders_panel_offers (AdmiraltyOrdersPanel *self,
                                const char           *element)
{
  return admiralty_orders_other_offers (self->other, element);
}

const char *
_admiralty_orders_panel_get_batteries_text (AdmiraltyOrdersPanel *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->batteries_label))
           ? gtk_label_get_label (self->batteries_label) : NULL;
}

const char *
_admiralty_orders_panel_get_torpedo_text (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_other_get_threats_text (self->other);
}

GtkWidget *
_admiralty_orders_panel_get_weapon_check (AdmiraltyOrdersPanel *self,
                                          const char           *name)
{
  return admiralty_orders_fire_get_weapon_check (self->fire, name);
}

GtkWidget *
_admiralty_orders_panel_get_cover_box (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_other_get_cover_box (self->other);
}

GtkWidget *
_admiralty_orders_panel_get_declare_button (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_fire_get_declare_button (self->fire);
}

GtkWidget *
_admiralty_orders_panel_get_clear_button (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_move_get_clear_button (self->move);
}

GtkDropDown *
_admiralty_orders_panel_get_ram_dropdown (AdmiraltyOrdersPanel *self)
{
  return admiralty_orders_move_get_ram_dropdown (self->move);
}
