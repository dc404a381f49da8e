/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-move.c: the selected formation's course, as the engine previews it
 * (adm_battle_preview_move ()): an illegal one says why and is not entered. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-inscription.h"
#include "admiralty-orders-move.h"
#include "admiralty-plain-text.h"
#include "admiralty-units.h"

struct _AdmiraltyOrdersMove
{
  GtkWidget               parent_instance;

  AdmiraltyOrdersContext *context;
  GArray                 *ram_ids;  /* guint: ram dropdown entries after the first */
  gboolean                syncing;  /* widgets being set from the state: no feedback */

  /* Template children */
  GtkLabel               *move_summary_label;
  GtkInscription         *move_plotted_label;
  GtkDropDown            *move_order_dropdown;
  GtkSpinButton          *leg_turn_spin;
  GtkSpinButton          *leg_distance_spin;
  GtkLabel               *leg_unit_label;
  GtkDropDown            *ram_dropdown;
  GtkWidget              *clear_course_button;
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersMove, admiralty_orders_move, GTK_TYPE_WIDGET)

static AdmBattle *
get_battle (AdmiraltyOrdersMove *self)
{
  return admiralty_orders_context_get_battle (self->context);
}

static void
set_message (AdmiraltyOrdersMove *self,
             const char          *message)
{
  admiralty_orders_context_show_message (self->context, message);
}

static const AdmBattleShip *
selected_ship (AdmiraltyOrdersMove *self)
{
  return admiralty_orders_context_selected_ship (self->context);
}

static gboolean
inches (AdmiraltyOrdersMove *self)
{
  return admiralty_orders_context_get_inches (self->context);
}

static const AdmTurnOrders *
draft (AdmiraltyOrdersMove *self)
{
  return admiralty_orders_context_get_orders (self->context);
}

static const char *
selected_formation_id (AdmiraltyOrdersMove *self)
{
  return admiralty_orders_context_selected_formation (self->context);
}

/* A length for adm_move_preview_turn_after_words (), in the master's unit. */
static char *
format_length_cb (double   cm,
                  gpointer data)
{
  return admiralty_format_length (cm, GPOINTER_TO_INT (data));
}

/* Whether the ram drop-down already offers the enemies @ids under @labels. */
static gboolean
same_rams (AdmiraltyOrdersMove *self,
           GArray              *ids,
           GPtrArray           *labels)
{
  GListModel *model = gtk_drop_down_get_model (self->ram_dropdown);

  if (!GTK_IS_STRING_LIST (model) || g_list_model_get_n_items (model) != labels->len + 1 ||
      self->ram_ids->len != ids->len ||
      memcmp (self->ram_ids->data, ids->data, ids->len * sizeof (guint)) != 0)
    return FALSE;
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i + 1),
                   g_ptr_array_index (labels, i)) != 0)
      return FALSE;
  return TRUE;
}

void
admiralty_orders_move_update (AdmiraltyOrdersMove  *self,
                              const AdmMovePreview *preview)
{
  const AdmBattleShip *ship = selected_ship (self);
  const AdmMoveDecl *decl;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) plotted = g_string_new (NULL);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *speed = NULL;
  g_autofree char *turn_after = NULL;
  g_autofree char *last_move = NULL;
  g_autofree char *total = NULL;
  guint ram_selected = 0;

  gtk_widget_set_visible (GTK_WIDGET (self), preview != NULL);
  if (preview == NULL || ship == NULL)
    return;

  decl = admiralty_orders_find_move (draft (self), selected_formation_id (self), NULL);
  speed = admiralty_format_length (preview->speed, inches (self));
  /* The engine's own words, as its refusal of a turn made too soon says them. */
  turn_after = adm_move_preview_turn_after_words (preview, format_length_cb,
                                                  GINT_TO_POINTER (inches (self)));
  last_move = admiralty_format_length (preview->last_move, inches (self));
  total = admiralty_format_length (preview->total, inches (self));
  /* Translators: the formation's movement limits this turn (F-MOVE-3, F-MOVE-7, F-MOVE-17);
   * %s is a length, "18 cm", %d the d6 "All ahead full" adds, "Moves up to 18 cm + 2d6" */
  if (preview->extra_dice > 0)
    g_string_append_printf (text, _("Moves up to %s + %dd6"), speed, preview->extra_dice);
  else
    g_string_append_printf (text, _("Moves up to %s"), speed);
  if (preview->turn_limit > 0)
    g_string_append_printf (text, _(" · turns up to %.0f° in all"), preview->turn_limit);
  else
    g_string_append (text, _(" · may not turn"));
  if (turn_after != NULL)
    /* Translators: %s is "1/2 of the move (5 cm of 10 cm)" or "its full speed (10 cm)" */
    g_string_append_printf (text, _(" · first turn after %s"), turn_after);
  if (preview->must_move)
    g_string_append_printf (text, _("\nMoved %s last turn: must keep moving (F-MOVE-5)"),
                            last_move);
  gtk_label_set_label (self->move_summary_label, text->str);
  /* The course plotted, under the limits: the only part a drag changes. */
  g_string_append_printf (plotted, _("\nPlotted: %s, turning %g°"), total, preview->turned);
  if (decl == NULL && preview->must_move && preview->total > 0)
    g_string_append (plotted, _(" — by default, straight on as last turn (F-MOVE-5): drag from "
                                "the ship for another course, or clear it"));
  if (!preview->legal && preview->reason != NULL)
    g_string_append_printf (plotted, "\n⚠ %s", preview->reason);
  admiralty_inscription_set_text (self->move_plotted_label,
                                  plotted->str + strspn (plotted->str, "\n"));

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->move_order_dropdown, decl != NULL ? (guint) decl->order : 0);
  for (guint i = 0; i < adm_battle_get_n_ships (get_battle (self)); i++)
    {
      const AdmBattleShip *other = adm_battle_get_ship (get_battle (self), i);

      if (other->side == ship->side || other->status == ADM_SHIP_DESTROYED ||
          adm_battle_get_detection (get_battle (self), ship->side, other->formation) ==
            ADM_DETECTION_NONE)
        continue;
      /* F-ECM-4: a face-down token is rammed without a name. */
      g_ptr_array_add (labels,
                       adm_audience_ship_shows (adm_audience_side (ship->side),
                                                get_battle (self), i, ADM_SHIP_FACT_NAME)
                         ? g_strdup_printf (_("Ram %s"), other->name)
                         : g_strdup_printf (_("Ram unidentified ship %u"), ids->len + 1));
      g_array_append_val (ids, i);
      if (decl != NULL && g_strcmp0 (decl->ram, other->id) == 0)
        ram_selected = ids->len;
    }
  /* The drop-down's list is made again only when the ships it offers change: a course
   * dragged updates this at every motion of the pointer, and a list of every enemy made
   * anew each time costs a large battle its frame rate. */
  if (!same_rams (self, ids, labels))
    {
      g_autoptr(GtkStringList) rams = gtk_string_list_new (NULL);

      gtk_string_list_append (rams, _("No ram"));
      for (guint i = 0; i < labels->len; i++)
        gtk_string_list_append (rams, g_ptr_array_index (labels, i));
      g_array_set_size (self->ram_ids, 0);
      g_array_append_vals (self->ram_ids, ids->data, ids->len);
      gtk_drop_down_set_model (self->ram_dropdown, G_LIST_MODEL (rams));
    }
  if (gtk_drop_down_get_selected (self->ram_dropdown) != ram_selected)
    gtk_drop_down_set_selected (self->ram_dropdown, ram_selected);
  self->syncing = FALSE;
}

/* Replaces the selected formation's course with @decl (owned), or removes it (NULL), if the
 * engine accepts the result; else says why and changes nothing. */
static gboolean
commit_move (AdmiraltyOrdersMove *self,
             AdmMoveDecl         *decl)
{
  g_autoptr(AdmTurnOrders) candidate = admiralty_orders_context_copy_orders (self->context);
  g_autoptr(GError) error = NULL;
  AdmMovePreview preview = { 0 };
  const char *formation = selected_formation_id (self);
  guint index;

  if (admiralty_orders_context_get_read_only (self->context))
    return FALSE;

  if (candidate == NULL)
    {
      /* @decl is ours: freed with the orders it would have joined. */
      g_autoptr(AdmTurnOrders) unused = adm_turn_orders_new (0);

      if (decl != NULL)
        g_ptr_array_add (unused->moves, decl);
      return FALSE;
    }
  if (admiralty_orders_find_move (candidate, formation, &index) != NULL)
    g_ptr_array_remove_index (candidate->moves, index);
  if (decl != NULL)
    g_ptr_array_add (candidate->moves, decl);
  adm_turn_orders_number_lines (candidate);

  if (decl != NULL)
    {
      if (!adm_battle_preview_move (get_battle (self), candidate, formation, &preview, &error))
        {
          set_message (self, error->message);
          admiralty_orders_context_refresh (self->context);
          return FALSE;
        }
      if (!preview.legal)
        {
          /* An illegal move says why and does nothing. */
          set_message (self, preview.reason);
          adm_move_preview_clear (&preview);
          admiralty_orders_context_refresh (self->context);
          return FALSE;
        }
      adm_move_preview_clear (&preview);
    }

  set_message (self, NULL);
  admiralty_orders_context_commit (self->context, g_steal_pointer (&candidate));
  return TRUE;
}

/* The selected formation's course with a leg added: a turn of @degrees and @cm on. */
AdmMoveDecl *
admiralty_orders_move_course_with_leg (AdmiraltyOrdersMove *self,
                                       double               degrees,
                                       double               cm)
{
  const char *formation = selected_formation_id (self);
  AdmMoveDecl *decl = admiralty_orders_move_decl_copy (
      admiralty_orders_find_move (draft (self), formation, NULL), formation);

  if (fabs (degrees) >= 0.5)
    {
      AdmMoveStep step = { TRUE, round (degrees), 0, 0 };

      g_array_append_val (decl->steps, step);
    }
  if (cm > 0)
    {
      AdmMoveStep step = { FALSE, cm, 0, 0 };

      g_array_append_val (decl->steps, step);
    }
  return decl;
}

/* Whether the engine allows the selected formation's course with a turn of @degrees and @cm
 * on added (adm_battle_preview_move (), the movement phase's own checks); @reason, when not
 * NULL, gets its refusal. */
static gboolean
leg_allowed (AdmiraltyOrdersMove  *self,
             double                degrees,
             double                cm,
             char                **reason)
{
  g_autoptr(AdmTurnOrders) candidate = admiralty_orders_context_copy_orders (self->context);
  const char *formation = selected_formation_id (self);
  AdmMovePreview preview = { 0 };
  gboolean legal;
  guint index;

  if (candidate == NULL || formation == NULL)
    return FALSE;
  if (admiralty_orders_find_move (candidate, formation, &index) != NULL)
    g_ptr_array_remove_index (candidate->moves, index);
  g_ptr_array_add (candidate->moves, admiralty_orders_move_course_with_leg (self, degrees, cm));
  adm_turn_orders_number_lines (candidate);
  if (!adm_battle_preview_move (get_battle (self), candidate, formation, &preview, NULL))
    return FALSE;
  legal = preview.legal;
  if (!legal && reason != NULL)
    *reason = g_strdup (preview.reason);
  adm_move_preview_clear (&preview);
  return legal;
}

/* The degrees the selected formation may still turn after the course declared so far
 * (F-MOVE-7, F-MOVE-15), as the engine previews it. */
static double
turn_left (AdmiraltyOrdersMove *self)
{
  AdmMovePreview preview = { 0 };
  double left = 0;

  if (adm_battle_preview_move (get_battle (self), draft (self), selected_formation_id (self),
                               &preview, NULL))
    left = preview.turn_limit - preview.turned;
  adm_move_preview_clear (&preview);
  return MAX (floor (left), 0);
}

/* The longest leg of a turn of @degrees, in half centimetres up to @cm, that the engine
 * allows; 0 when none. A shorter leg is refused by no rule a longer one passes (the speed,
 * F-MOVE-3, and where the first turn may come, F-MOVE-8, F-MOVE-9, F-MOVE-10, F-MOVE-11,
 * F-MOVE-12, F-MOVE-13, both grow with the move), so the halves are searched by bisection. */
static double
longest_allowed (AdmiraltyOrdersMove *self,
                 double               degrees,
                 double               cm)
{
  guint allowed = 0, refused = (guint) round (cm * 2);

  if (refused == 0)
    return 0;
  if (leg_allowed (self, degrees, refused / 2.0, NULL))
    return refused / 2.0;
  while (refused - allowed > 1)
    {
      guint middle = (allowed + refused) / 2;

      if (leg_allowed (self, degrees, middle / 2.0, NULL))
        allowed = middle;
      else
        refused = middle;
    }
  return allowed / 2.0;
}

gboolean
admiralty_orders_move_nearest_leg (AdmiraltyOrdersMove  *self,
                                   double                degrees,
                                   double                cm,
                                   double               *nearest_degrees,
                                   double               *nearest_cm,
                                   char                **reason)
{
  double turns[2], best = G_MAXDOUBLE;
  gboolean found = FALSE;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_MOVE (self), FALSE);
  g_return_val_if_fail (reason != NULL && *reason == NULL, FALSE);

  *nearest_degrees = degrees;
  *nearest_cm = cm;
  if (selected_formation_id (self) == NULL)
    return FALSE;
  if (leg_allowed (self, degrees, cm, reason))
    return TRUE;
  /* Straight on as far as the point of the heading nearest the one asked for: a turn made
   * too soon (F-MOVE-8, F-MOVE-9, F-MOVE-10, F-MOVE-11, F-MOVE-12, F-MOVE-13) or where none
   * is allowed at all (F-MOVE-17, F-ORB-1). */
  {
    double along = round (cm * cos (degrees * G_PI / 180) * 2) / 2;

    if (along >= 0.5 && leg_allowed (self, 0, along, NULL))
      {
        *nearest_degrees = 0;
        *nearest_cm = along;
        return TRUE;
      }
  }
  /* Else the turn cut to what is left of the turning limit, or none, each as long as the
   * rules allow. */
  turns[0] = copysign (MIN (fabs (degrees), turn_left (self)), degrees);
  turns[1] = 0;
  for (guint i = 0; i < G_N_ELEMENTS (turns); i++)
    {
      double off = (degrees - turns[i]) * G_PI / 180;
      /* Along a leg of that turn, the point nearest the one dragged to. */
      double along = round (cm * cos (off) * 2) / 2, length, miss;

      if ((i > 0 && turns[i] == turns[0]) || along < 0.5)
        continue;
      length = longest_allowed (self, turns[i], along);
      if (length < 0.5)
        continue;
      miss = sqrt (cm * cm + length * length - 2 * cm * length * cos (off));
      if (miss < best)
        {
          best = miss;
          found = TRUE;
          *nearest_degrees = turns[i];
          *nearest_cm = length;
        }
    }
  return found;
}

gboolean
admiralty_orders_move_add_leg (AdmiraltyOrdersMove *self,
                               double               degrees,
                               double               cm)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_MOVE (self), FALSE);

  if (selected_formation_id (self) == NULL)
    return FALSE;
  return commit_move (self, admiralty_orders_move_course_with_leg (self, degrees, cm));
}

/* Whether the selected formation, with no course declared, would move straight on by
 * default because it must keep moving (F-MOVE-5). */
static gboolean
has_default_course (AdmiraltyOrdersMove *self)
{
  const char *formation = selected_formation_id (self);
  AdmMovePreview preview = { 0 };
  gboolean moves;

  if (formation == NULL || admiralty_orders_find_move (draft (self), formation, NULL) != NULL ||
      !adm_battle_preview_move (get_battle (self), draft (self), formation, &preview, NULL))
    return FALSE;
  moves = preview.must_move && preview.total > 0;
  adm_move_preview_clear (&preview);
  return moves;
}

void
admiralty_orders_move_clear (AdmiraltyOrdersMove *self)
{
  const AdmMoveDecl *current;
  const char *formation;

  g_return_if_fail (ADMIRALTY_IS_ORDERS_MOVE (self));

  formation = selected_formation_id (self);
  if (formation == NULL)
    return;
  current = admiralty_orders_find_move (draft (self), formation, NULL);
  if (has_default_course (self) ||
      (current != NULL && (current->order != ADM_MOVE_ORDER_NONE || current->ram != NULL)))
    {
      /* F-MOVE-5: the default course cleared leaves an empty one, to be plotted from the ship
       * (or an emergency stop given); the dry run says so until it is. Only the legs go: a
       * combat order (F-FORD) and a ram (F-RAM-1) given with them stay. */
      g_autoptr(AdmTurnOrders) candidate = admiralty_orders_context_copy_orders (self->context);
      AdmMoveDecl *empty;
      guint index;

      if (candidate == NULL)
        return;
      empty = admiralty_orders_move_decl_copy (admiralty_orders_find_move (candidate, formation,
                                                                           &index),
                                               formation);
      g_array_set_size (empty->steps, 0);
      if (admiralty_orders_find_move (candidate, formation, &index) != NULL)
        g_ptr_array_remove_index (candidate->moves, index);
      g_ptr_array_add (candidate->moves, empty);
      adm_turn_orders_number_lines (candidate);
      set_message (self, NULL);
      admiralty_orders_context_commit (self->context, g_steal_pointer (&candidate));
      return;
    }
  commit_move (self, NULL);
}

static gboolean
commit_move_order (AdmiraltyOrdersMove *self,
                   AdmMoveOrder         order)
{
  const char *formation = selected_formation_id (self);
  AdmMoveDecl *decl;

  if (formation == NULL)
    return FALSE;
  decl = admiralty_orders_move_decl_copy (admiralty_orders_find_move (draft (self), formation,
                                                                      NULL),
                                          formation);
  decl->order = order;
  if (order != ADM_MOVE_ORDER_ALL_AHEAD_FULL)
    g_clear_pointer (&decl->ram, g_free);
  return commit_move (self, decl);
}

void
admiralty_orders_move_set_order (AdmiraltyOrdersMove *self,
                                 AdmMoveOrder         order)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_MOVE (self));

  commit_move_order (self, order);
}


static gboolean
refresh_idle (gpointer data)
{
  AdmiraltyOrdersMove *self = data;

  admiralty_orders_context_refresh (self->context);
  return G_SOURCE_REMOVE;
}

static void
move_order_selected_cb (AdmiraltyOrdersMove *self)
{
  AdmMoveOrder order = (AdmMoveOrder) gtk_drop_down_get_selected (self->move_order_dropdown);
  const AdmMoveDecl *decl;

  if (self->syncing || selected_formation_id (self) == NULL)
    return;
  decl = admiralty_orders_find_move (draft (self), selected_formation_id (self), NULL);
  /* The list settling back on the order in force is no new order. */
  if (order == (decl != NULL ? decl->order : ADM_MOVE_ORDER_NONE))
    return;
  if (!commit_move_order (self, order))
    /* Refused: once the list has closed, show the order in force again. */
    g_idle_add_full (G_PRIORITY_DEFAULT, refresh_idle, g_object_ref (self), g_object_unref);
}

static void
ram_selected_cb (AdmiraltyOrdersMove *self)
{
  guint selected = gtk_drop_down_get_selected (self->ram_dropdown);
  const char *formation = selected_formation_id (self);
  AdmMoveDecl *decl;

  if (self->syncing || formation == NULL)
    return;
  decl = admiralty_orders_move_decl_copy (admiralty_orders_find_move (draft (self), formation,
                                                                      NULL),
                                          formation);
  g_clear_pointer (&decl->ram, g_free);
  if (selected > 0 && selected <= self->ram_ids->len)
    {
      /* F-RAM-1: a ram is made going all ahead full. */
      decl->ram = g_strdup (adm_battle_get_ship (get_battle (self),
                                                 g_array_index (self->ram_ids, guint,
                                                                selected - 1))->id);
      decl->order = ADM_MOVE_ORDER_ALL_AHEAD_FULL;
    }
  commit_move (self, decl);
}

static void
add_leg_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyOrdersMove *self = ADMIRALTY_ORDERS_MOVE (widget);

  admiralty_orders_move_add_leg (self, gtk_spin_button_get_value (self->leg_turn_spin),
                                  admiralty_length_to_cm (
                                      gtk_spin_button_get_value (self->leg_distance_spin),
                                      inches (self)));
}

static void
clear_move_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  admiralty_orders_move_clear (ADMIRALTY_ORDERS_MOVE (widget));
}


GtkWidget *
admiralty_orders_move_get_clear_button (AdmiraltyOrdersMove *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_MOVE (self), NULL);

  return self->clear_course_button;
}

GtkDropDown *
admiralty_orders_move_get_ram_dropdown (AdmiraltyOrdersMove *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_MOVE (self), NULL);

  return self->ram_dropdown;
}

/* An ended battle: no course to enter, by the section or its actions. */
static void
read_only_changed_cb (AdmiraltyOrdersMove *self)
{
  gboolean enabled = !admiralty_orders_context_get_read_only (self->context);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders-move.add-leg", enabled);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders-move.clear", enabled);
}

static void
inches_changed_cb (AdmiraltyOrdersMove *self)
{
  gtk_label_set_label (self->leg_unit_label, admiralty_length_unit (inches (self)));
}

void
admiralty_orders_move_set_context (AdmiraltyOrdersMove    *self,
                                   AdmiraltyOrdersContext *context)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_MOVE (self));
  g_return_if_fail (self->context == NULL);

  self->context = g_object_ref (context);
  g_signal_connect_object (context, "notify::read-only", G_CALLBACK (read_only_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (context, "notify::inches", G_CALLBACK (inches_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

/* GObject */

static void
admiralty_orders_move_dispose (GObject *object)
{
  AdmiraltyOrdersMove *self = ADMIRALTY_ORDERS_MOVE (object);
  GtkWidget *child;

  g_clear_object (&self->context);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_MOVE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (admiralty_orders_move_parent_class)->dispose (object);
}

static void
admiralty_orders_move_finalize (GObject *object)
{
  AdmiraltyOrdersMove *self = ADMIRALTY_ORDERS_MOVE (object);

  g_clear_pointer (&self->ram_ids, g_array_unref);
  G_OBJECT_CLASS (admiralty_orders_move_parent_class)->finalize (object);
}

static void
admiralty_orders_move_class_init (AdmiraltyOrdersMoveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_move_dispose;
  object_class->finalize = admiralty_orders_move_finalize;

  gtk_widget_class_install_action (widget_class, "orders-move.add-leg", NULL, add_leg_action);
  gtk_widget_class_install_action (widget_class, "orders-move.clear", NULL, clear_move_action);

  gtk_widget_class_set_css_name (widget_class, "ordersmove");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-move.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, move_summary_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, move_plotted_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, move_order_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, leg_turn_spin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, leg_distance_spin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, leg_unit_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, ram_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersMove, clear_course_button);
}

static void
admiralty_orders_move_init (AdmiraltyOrdersMove *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Long formation, ship and order names wrap in the open lists rather than losing their
   * ends. */
  admiralty_wrapping_choices (self->move_order_dropdown);
  admiralty_wrapping_choices (self->ram_dropdown);
  self->ram_ids = g_array_new (FALSE, FALSE, sizeof (guint));
  g_signal_connect_swapped (self->move_order_dropdown, "notify::selected",
                            G_CALLBACK (move_order_selected_cb), self);
  g_signal_connect_swapped (self->ram_dropdown, "notify::selected",
                            G_CALLBACK (ram_selected_cb), self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
