/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-fire.c: fire declared from the selected ship's checked weapons at a target
 * ringed on the table, with the engine's exact odds before the dice
 * (adm_battle_preview_fire ()), torpedo tubes launched with it (F-WPN-10) or at a point of
 * the table (F-TORP-3), and the ship's target lock and reinforced shields (F-FORD-2,
 * F-FORD-5), each offered only when the engine's dry run accepts it. */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "admiralty-orders-fire.h"
#include "admiralty-orders-odds.h"
#include "admiralty-plain-text.h"
#include "admiralty-units.h"
#include "admiralty-tooltip.h"

struct _AdmiraltyOrdersFire
{
  GtkWidget               parent_instance;

  AdmiraltyOrdersContext *context;
  GArray                 *targets;       /* guint: ringed on the table */
  GPtrArray              *weapon_checks; /* GtkCheckButton* */
  GArray                 *check_weapons; /* guint: each check's weapon, an index into the
                                          * selected ship's class's weapons */
  GArray                 *target_ids;    /* guint: target dropdown entries after the first */
  gboolean                syncing;       /* widgets being set from the state: no feedback */
  /* F-TORP-3: a launch at a point of the table, on the heading from the ship to it. */
  gboolean                have_aim;
  AdmPoint                aim;
  double                  aim_press_x, aim_press_y;

  /* Template children */
  GtkBox                 *weapon_box;
  GtkDropDown            *target_dropdown;
  GtkWidget              *declare_fire_button;
  GtkCheckButton         *return_check;
  AdmiraltyOrdersOdds    *odds;
  GtkCheckButton         *lock_check;
  GtkCheckButton         *reinforce_check;
  GtkCheckButton         *extended_check;
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersFire, admiralty_orders_fire, GTK_TYPE_WIDGET)

static AdmBattle *
get_battle (AdmiraltyOrdersFire *self)
{
  return admiralty_orders_context_get_battle (self->context);
}

static void
set_message (AdmiraltyOrdersFire *self,
             const char          *message)
{
  admiralty_orders_context_show_message (self->context, message);
}

static gboolean
dry_run (AdmiraltyOrdersFire *self,
         AdmTurnOrders       *candidate,
         guint                line,
         char               **reason)
{
  return admiralty_orders_context_dry_run (self->context, candidate, line, reason);
}

static const AdmBattleShip *
selected_ship (AdmiraltyOrdersFire *self)
{
  return admiralty_orders_context_selected_ship (self->context);
}

static AdmiraltyTableWidget *
get_table (AdmiraltyOrdersFire *self)
{
  return admiralty_orders_context_get_table (self->context);
}

static gboolean
inches (AdmiraltyOrdersFire *self)
{
  return admiralty_orders_context_get_inches (self->context);
}

static const AdmTurnOrders *
draft (AdmiraltyOrdersFire *self)
{
  return admiralty_orders_context_get_orders (self->context);
}

static int
ship_index (AdmiraltyOrdersFire *self)
{
  return admiralty_orders_context_get_ship (self->context);
}

static gboolean
weapon_checked (AdmiraltyOrdersFire *self,
                guint                weapon)
{
  for (guint i = 0; i < self->weapon_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);

      if (g_array_index (self->check_weapons, guint, i) == weapon)
        return gtk_check_button_get_active (check);
    }
  return FALSE;
}

static gboolean
array_has (GArray *array,
           guint   value)
{
  for (guint i = 0; i < array->len; i++)
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  return FALSE;
}

static gboolean
is_tube (const AdmBattleShip *ship,
         guint                weapon)
{
  return ((const AdmWeapon *) g_ptr_array_index (ship->klass->weapons, weapon))->type ==
         ADM_WEAPON_TORPEDO;
}

/* The ships at least one checked weapon can reach (any weapon when none is checked): the
 * declaration then fires the checked weapons that reach the chosen one. */
void
admiralty_orders_fire_update_targets (AdmiraltyOrdersFire *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  gboolean any_checked = FALSE;

  g_array_set_size (self->targets, 0);
  if (ship == NULL)
    return;
  /* F-BOARD-1: boarding is declared in the torpedo and boarding phase; the enemies it could
   * board are ringed then. */
  if (adm_battle_get_phase (get_battle (self)) == ADM_PHASE_TORPEDO)
    {
      g_autoptr(GArray) board = adm_battle_boarding_targets (get_battle (self), ship_index (self));

      g_array_append_vals (self->targets, board->data, board->len);
      return;
    }
  if (adm_battle_get_phase (get_battle (self)) > ADM_PHASE_FIRE)
    return;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    any_checked |= weapon_checked (self, w);
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      g_autoptr(GArray) reach = NULL;

      if (any_checked && !weapon_checked (self, w))
        continue;
      reach = is_tube (ship, w)
                ? adm_battle_launch_targets (get_battle (self), ship_index (self), w)
                : adm_battle_fire_targets (get_battle (self), ship_index (self), w);
      for (guint i = 0; i < reach->len; i++)
        if (!array_has (self->targets, g_array_index (reach, guint, i)))
          g_array_append_val (self->targets, g_array_index (reach, guint, i));
    }
}

/* The fire declaration the section describes: the checked weapons that reach the target. */
static AdmFireDecl *
fire_decl_from_form (AdmiraltyOrdersFire *self,
                     int                  target)
{
  const AdmBattleShip *ship = selected_ship (self);
  AdmFireDecl *decl;

  if (ship == NULL || target < 0)
    return NULL;
  decl = adm_fire_decl_new (adm_battle_get_ship (get_battle (self), target)->id);
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autoptr(GArray) reach = NULL;

      if (!weapon_checked (self, w) || is_tube (ship, w))
        continue;
      reach = adm_battle_fire_targets (get_battle (self), ship_index (self), w);
      if (array_has (reach, target))
        adm_fire_decl_add_battery (decl, ship->id, weapon->id);
    }
  decl->is_return = gtk_check_button_get_active (self->return_check);
  return decl;
}

/* F-TORP-3: the checked tubes launched at the point clicked on the table: on the heading
 * from the ship to it, the salvo running along that line. The launch phase checks the arcs
 * (F-FIRE-6) and the tubes as for a ship target. */
static AdmOrderDecl *
launch_at_point (AdmiraltyOrdersFire *self,
                 const AdmBattleShip *ship,
                 int                 *torpedoes_out)
{
  g_autoptr(GString) tubes = g_string_new (NULL);
  char heading[G_ASCII_DTOSTR_BUF_SIZE];
  AdmOrderDecl *decl;
  int torpedoes = 0;

  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      if (!is_tube (ship, w) || !weapon_checked (self, w))
        continue;
      g_string_append_printf (tubes, "%s%s:%s", tubes->len > 0 ? " " : "", ship->id,
                              weapon->id);
      torpedoes += weapon->firepower;
    }
  if (tubes->len == 0)
    return NULL;
  decl = adm_order_decl_new ("launch");
  adm_order_decl_set (decl, "weapons", tubes->str);
  g_ascii_formatd (heading, sizeof heading, "%.1f",
                   adm_heading_normalise (adm_bearing (ship->position, self->aim)));
  adm_order_decl_set (decl, "heading", heading);
  if (torpedoes_out != NULL)
    *torpedoes_out = torpedoes;
  return decl;
}

/* The launch (F-WPN-10) the section describes: the checked tubes that can launch at the
 * target, or NULL; @torpedoes_out gets the torpedoes they hold. */
static AdmOrderDecl *
launch_decl_from_form (AdmiraltyOrdersFire *self,
                       int                  target,
                       int                 *torpedoes_out)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(GString) tubes = g_string_new (NULL);
  AdmOrderDecl *decl;
  int torpedoes = 0;

  if (ship == NULL || (target < 0 && !self->have_aim))
    return NULL;
  if (target < 0)
    return launch_at_point (self, ship, torpedoes_out);
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autoptr(GArray) reach = NULL;

      if (!is_tube (ship, w) || !weapon_checked (self, w))
        continue;
      reach = adm_battle_launch_targets (get_battle (self), ship_index (self), w);
      if (!array_has (reach, target))
        continue;
      g_string_append_printf (tubes, "%s%s:%s", tubes->len > 0 ? " " : "", ship->id,
                              weapon->id);
      torpedoes += weapon->firepower;
    }
  if (tubes->len == 0)
    return NULL;
  decl = adm_order_decl_new ("launch");
  adm_order_decl_set (decl, "weapons", tubes->str);
  adm_order_decl_set (decl, "target", adm_battle_get_ship (get_battle (self), target)->id);
  if (torpedoes_out != NULL)
    *torpedoes_out = torpedoes;
  return decl;
}

/* "Torpedo tubes: 4 torpedoes at Pale Jade, 30 cm away" and their run (F-TORP-3, F-TORP-4). */
static char *
describe_launch (AdmiraltyOrdersFire *self,
                 int                  target,
                 int                  torpedoes)
{
  const AdmBattleShip *ship = selected_ship (self);
  const AdmBattleShip *t = adm_battle_get_ship (get_battle (self), target);
  g_autofree char *distance = admiralty_format_length (adm_distance (ship->position,
                                                                     t->position),
                                                       inches (self));
  int speed = G_MAXINT, turns = G_MAXINT;

  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      if (is_tube (ship, w) && weapon_checked (self, w))
        {
          speed = MIN (speed, weapon->torpedo_speed);
          turns = MIN (turns, weapon->torpedo_turns);
        }
    }
  if (speed > 0 && speed < G_MAXINT && turns < G_MAXINT)
    {
      g_autofree char *run = admiralty_format_length (speed, inches (self));

      /* Translators: a launch before it is declared: torpedoes, target, distance, the
       * salvo's run a turn and its turns (F-WPN-10, F-TORP-3, F-TORP-4) */
      return g_strdup_printf (_("Launch %d torpedoes at %s, %s away: the salvo runs %s a "
                                "turn for %d turns (F-WPN-10, F-TORP-3)"),
                              torpedoes, t->name, distance, run, turns);
    }
  /* Translators: a launch before it is declared: torpedoes, target, distance */
  return g_strdup_printf (_("Launch %d torpedoes at %s, %s away (F-WPN-10)"), torpedoes,
                          t->name, distance);
}

static void
update_odds (AdmiraltyOrdersFire *self)
{
  int target = admiralty_table_widget_get_target_ship (get_table (self));
  AdmFireDecl *decl;
  AdmOrderDecl *launch;
  int torpedoes = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);
  AdmFirePreview preview = { 0 };
  gboolean have_preview = FALSE;

  decl = fire_decl_from_form (self, target);
  launch = launch_decl_from_form (self, target, &torpedoes);
  if (decl == NULL && launch != NULL)
    {
      const AdmBattleShip *ship = selected_ship (self);
      g_autofree char *run = admiralty_format_length (adm_distance (ship->position, self->aim),
                                                      inches (self));

      /* Translators: a launch at a point of the table (F-TORP-3): torpedoes, heading,
       * distance to the point */
      g_string_append_printf (text, _("Launch %d torpedoes on heading %.0f° toward the point "
                                      "clicked, %s away: the salvo runs along that line "
                                      "(F-WPN-10, F-TORP-3)"), torpedoes,
                              adm_heading_normalise (adm_bearing (ship->position, self->aim)),
                              run);
    }
  else if (decl == NULL)
    g_string_append (text, _("Check weapons, then click a ringed ship or choose a target."));
  else if (decl->ships->len == 0 && launch != NULL)
    {
      g_autofree char *what = describe_launch (self, target, torpedoes);

      g_string_append (text, what);
    }
  else if (decl->ships->len == 0)
    g_string_append (text, _("None of the checked weapons reaches that target."));
  else if (!adm_battle_preview_fire (get_battle (self), draft (self), decl, &preview, &error))
    g_string_append (text, error->message);
  else
    {
      have_preview = TRUE;
      /* F-SEQ-1: fire declared before the movement is judged where the ships stand now; the
       * fire phase measures again where the movement leaves them. */
      if (adm_battle_get_phase (get_battle (self)) < ADM_PHASE_FIRE)
        g_string_append (text, _("Judged at the positions before this turn’s movement; the "
                                 "fire phase measures again after it (F-SEQ-1).\n"));
      admiralty_orders_odds_describe (text, &preview, inches (self));
    }
  if (launch != NULL && decl != NULL && decl->ships->len > 0)
    {
      g_autofree char *what = describe_launch (self, target, torpedoes);

      g_string_append_printf (text, "\n%s", what);
    }
  if (decl != NULL)
    admiralty_orders_fire_decl_free (decl);
  if (launch != NULL)
    admiralty_orders_order_decl_free (launch);
  admiralty_orders_odds_show (self->odds, text->str, have_preview ? &preview : NULL);
  adm_fire_preview_clear (&preview);
}

/* The checks as the context tells the other sections (the guns a cover or a fire at a salvo
 * takes by default). */
static void
share_checks (AdmiraltyOrdersFire *self)
{
  admiralty_orders_context_clear_weapons (self->context);
  for (guint i = 0; i < self->weapon_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);

      admiralty_orders_context_set_weapon_checked (
          self->context, g_array_index (self->check_weapons, guint, i),
          gtk_check_button_get_active (check));
    }
}

/* A weapon checked or unchecked: the targets it reaches are ringed again, and the odds. A
 * refusal of the fire declared before is about other guns: it goes, and with it the popover
 * that covers Declare Fire. */
static void
weapon_toggled_cb (AdmiraltyOrdersFire *self)
{
  if (self->syncing)
    return;
  set_message (self, NULL);
  share_checks (self);
  admiralty_orders_context_refresh (self->context);
}

void
admiralty_orders_fire_rebuild_weapons (AdmiraltyOrdersFire *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->weapon_box))) != NULL)
    gtk_box_remove (self->weapon_box, child);
  g_ptr_array_set_size (self->weapon_checks, 0);
  g_array_set_size (self->check_weapons, 0);
  admiralty_orders_context_clear_weapons (self->context);
  if (ship == NULL)
    return;

  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autofree char *arcs = NULL;
      g_autofree char *range = NULL;
      g_autofree char *label = NULL;
      GtkWidget *check;

      if (weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR &&
          weapon->type != ADM_WEAPON_TORPEDO)
        continue;
      arcs = adm_arcs_to_string (weapon->arcs);
      range = admiralty_format_length (weapon->range, inches (self));
      if (weapon->type == ADM_WEAPON_TORPEDO)
        /* Translators: torpedo tubes to launch (F-WPN-10): name, torpedoes, range, arcs */
        label = g_strdup_printf (g_dngettext (NULL, "%s · %d torpedo · %s · %s",
                                              "%s · %d torpedoes · %s · %s",
                                              weapon->firepower),
                                 weapon->name, weapon->firepower, range, arcs);
      else
        /* Translators: a weapon to fire: name, firepower, range and arcs */
        label = g_strdup_printf (_("%s · firepower %d · %s · %s"), weapon->name,
                                 weapon->firepower, range, arcs);
      check = gtk_check_button_new ();
      {
        /* A long weapon line wraps rather than widen the pane. */
        GtkWidget *text = gtk_label_new (label);

        gtk_label_set_wrap (GTK_LABEL (text), TRUE);
        gtk_label_set_xalign (GTK_LABEL (text), 0);
        gtk_label_set_max_width_chars (GTK_LABEL (text), 34);
        gtk_check_button_set_child (GTK_CHECK_BUTTON (check), text);
        /* GTK 4.8 names a check button with a child of its own by its class. */
        gtk_accessible_update_relation (GTK_ACCESSIBLE (check),
                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY, text, NULL, -1);
      }
      /* Every gun is ready to fire until the master unchecks it, but for one whose fire is
       * declared already (F-FIRE-12: a battery fires once a phase); tubes are launched only
       * when checked, as a salvo is a decision of its own (F-TORP-1: they reload a turn). */
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   weapon->type != ADM_WEAPON_TORPEDO &&
                                   !admiralty_orders_weapon_declared (draft (self), ship->id,
                                                                      weapon->id));
      /* F-TORP-1: tubes reloading after a launch are not offered until they may launch. */
      if (weapon->type == ADM_WEAPON_TORPEDO &&
          ship->tubes_ready > adm_battle_get_turn (get_battle (self)))
        {
          g_autofree char *why = g_strdup_printf (_("Reloading: the tubes launch again in "
                                                    "turn %d (F-TORP-1)"), ship->tubes_ready);

          gtk_widget_set_sensitive (check, FALSE);
          admiralty_tooltip_set (check, why);
        }
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (weapon_toggled_cb), self);
      gtk_box_append (self->weapon_box, check);
      g_ptr_array_add (self->weapon_checks, check);
      g_array_append_val (self->check_weapons, w);
    }
  share_checks (self);
}

/* @check offers a target lock or reinforced shields (@reinforce) for the selected ship:
 * sensitive when the order is in or the engine would accept it, with the reason when not. */
static void
offer_ship_order (AdmiraltyOrdersFire *self,
                  GtkWidget           *check,
                  GPtrArray           *list,
                  gboolean             reinforce)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  AdmShipOrderDecl *decl;

  if (admiralty_orders_find_ship_order (list, ship->id) >= 0)
    {
      gtk_widget_set_sensitive (check, TRUE);
      admiralty_tooltip_set (check, NULL);
      return;
    }
  candidate = admiralty_orders_context_copy_orders (self->context);
  if (candidate == NULL)
    return;
  decl = adm_ship_order_decl_new (ship->id);
  g_ptr_array_add (reinforce ? candidate->reinforce : candidate->target_locks, decl);
  adm_turn_orders_number_lines (candidate);
  if (dry_run (self, candidate, decl->line, &reason))
    {
      gtk_widget_set_sensitive (check, TRUE);
      admiralty_tooltip_set (check, NULL);
    }
  else
    {
      const char *text;

      admiralty_orders_split_error (reason, &text);
      gtk_widget_set_sensitive (check, FALSE);
      admiralty_tooltip_set (check, text);
    }
}

/* Return fire (F-FIRE-11) is offered when the target's formation has fired on the shooter's
 * earlier in this phase's declarations: the engine's fire preview with it says so. */
static void
offer_return_fire (AdmiraltyOrdersFire *self,
                   int                  target)
{
  AdmFireDecl *decl = fire_decl_from_form (self, target);
  AdmFirePreview preview = { 0 };
  gboolean allowed = FALSE;

  if (decl != NULL && decl->ships->len > 0)
    {
      decl->is_return = TRUE;
      allowed = adm_battle_preview_fire (get_battle (self), draft (self), decl, &preview, NULL) &&
                preview.legal;
      adm_fire_preview_clear (&preview);
    }
  if (decl != NULL)
    admiralty_orders_fire_decl_free (decl);
  if (!allowed)
    gtk_check_button_set_active (self->return_check, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->return_check), allowed);
  admiralty_tooltip_set (GTK_WIDGET (self->return_check),
                         allowed ? NULL
                                 : _("Return fire only at a formation that has fired on "
                                     "this one in this phase (F-FIRE-11)"));
}

void
admiralty_orders_fire_update_form (AdmiraltyOrdersFire *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  GListModel *shown = gtk_drop_down_get_model (self->target_dropdown);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  int target = admiralty_table_widget_get_target_ship (get_table (self));
  guint selected = 0;
  gboolean same;
  gboolean visible = ship != NULL && ship->status == ADM_SHIP_ACTIVE &&
                     adm_battle_get_phase (get_battle (self)) <= ADM_PHASE_FIRE;

  gtk_widget_set_visible (GTK_WIDGET (self), visible);
  if (!visible)
    return;

  self->syncing = TRUE;
  g_array_set_size (self->target_ids, 0);
  g_ptr_array_add (names, (gpointer) (self->targets->len > 0 ? _("Choose a target")
                                                             : _("No target in arc and range")));
  for (guint i = 0; i < self->targets->len; i++)
    {
      guint t = g_array_index (self->targets, guint, i);

      g_ptr_array_add (names, (gpointer) adm_battle_get_ship (get_battle (self), t)->name);
      g_array_append_val (self->target_ids, t);
      if ((int) t == target)
        selected = i + 1;
    }
  /* The list stays while it names the same targets (a course dragged, a weapon checked): a
   * list set anew makes the drop-down's rows and measures them again. */
  same = GTK_IS_STRING_LIST (shown) && g_list_model_get_n_items (shown) == names->len;
  for (guint i = 0; same && i < names->len; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (shown), i),
                      g_ptr_array_index (names, i)) == 0;
  if (!same)
    {
      g_autoptr(GtkStringList) list = NULL;

      g_ptr_array_add (names, NULL);
      list = gtk_string_list_new ((const char * const *) names->pdata);
      gtk_drop_down_set_model (self->target_dropdown, G_LIST_MODEL (list));
    }
  if (gtk_drop_down_get_selected (self->target_dropdown) != selected)
    gtk_drop_down_set_selected (self->target_dropdown, selected);
  gtk_check_button_set_active (
      self->lock_check, admiralty_orders_find_ship_order (draft (self)->target_locks,
                                                          ship->id) >= 0);
  {
    int r = admiralty_orders_find_ship_order (draft (self)->reinforce, ship->id);

    gtk_check_button_set_active (self->reinforce_check, r >= 0);
    gtk_check_button_set_active (
        self->extended_check,
        r >= 0 && ((AdmShipOrderDecl *) g_ptr_array_index (draft (self)->reinforce, r))->extended);
    gtk_widget_set_sensitive (GTK_WIDGET (self->extended_check), r >= 0);
  }
  /* Offered only when the rules allow them now: the engine's dry run of the turn with the
   * order added says so, and why not. */
  offer_ship_order (self, GTK_WIDGET (self->lock_check), draft (self)->target_locks, FALSE);
  offer_ship_order (self, GTK_WIDGET (self->reinforce_check), draft (self)->reinforce, TRUE);
  offer_return_fire (self, target);
  self->syncing = FALSE;
  update_odds (self);
}

/* Unchecks the selected ship's weapons that @decl fires, without a refresh for each. */
static void
uncheck_declared (AdmiraltyOrdersFire *self,
                  const AdmFireDecl   *decl)
{
  const AdmBattleShip *ship = selected_ship (self);

  self->syncing = TRUE;
  for (guint i = 0; ship != NULL && i < self->weapon_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);
      guint w = g_array_index (self->check_weapons, guint, i);
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      for (guint d = 0; d < decl->weapons->len; d++)
        if (g_strcmp0 (g_ptr_array_index (decl->ships, d), ship->id) == 0 &&
            g_strcmp0 (g_ptr_array_index (decl->weapons, d), weapon->id) == 0)
          gtk_check_button_set_active (check, FALSE);
    }
  self->syncing = FALSE;
  share_checks (self);
}

gboolean
admiralty_orders_fire_declare (AdmiraltyOrdersFire *self)
{
  int target;
  AdmFireDecl *decl;
  AdmOrderDecl *launch;
  AdmFirePreview preview = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  guint line = 0;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self), FALSE);

  if (admiralty_orders_context_get_read_only (self->context))
    return FALSE;

  target = admiralty_table_widget_get_target_ship (get_table (self));
  decl = fire_decl_from_form (self, target);
  /* F-TORP-3: tubes launched at a point have no guns' fire with them. */
  if (decl == NULL && target < 0 && self->have_aim && selected_ship (self) != NULL)
    decl = adm_fire_decl_new ("");
  if (decl == NULL)
    {
      set_message (self, _("Choose a ship to fire and a target first."));
      return FALSE;
    }
  /* F-WPN-10: the checked torpedo tubes that can reach the target launch at it in this fire
   * phase, declared with the guns' fire. */
  launch = launch_decl_from_form (self, target, NULL);
  if (decl->ships->len == 0 && launch == NULL)
    {
      admiralty_orders_fire_decl_free (decl);
      set_message (self, _("None of the checked weapons reaches that target."));
      return FALSE;
    }
  if (decl->ships->len > 0 &&
      (!adm_battle_preview_fire (get_battle (self), draft (self), decl, &preview, &error) ||
       !preview.legal))
    {
      set_message (self, error != NULL ? error->message : preview.reason);
      adm_fire_preview_clear (&preview);
      admiralty_orders_fire_decl_free (decl);
      if (launch != NULL)
        admiralty_orders_order_decl_free (launch);
      return FALSE;
    }
  adm_fire_preview_clear (&preview);

  /* In the context of the other declarations: a battery fires once a phase (F-FIRE-12). */
  candidate = admiralty_orders_context_copy_orders (self->context);
  if (candidate == NULL)
    {
      admiralty_orders_fire_decl_free (decl);
      if (launch != NULL)
        admiralty_orders_order_decl_free (launch);
      return FALSE;
    }
  if (decl->ships->len > 0)
    g_ptr_array_add (candidate->fires, decl);
  else
    g_clear_pointer (&decl, admiralty_orders_fire_decl_free);
  if (launch != NULL)
    g_ptr_array_add (candidate->other, launch);
  adm_turn_orders_number_lines (candidate);
  if (decl != NULL)
    line = decl->line;
  if ((decl != NULL &&
       !dry_run (self, candidate, line, &reason)) ||
      (launch != NULL &&
       !dry_run (self, candidate, launch->line, &reason)))
    {
      set_message (self, reason);
      return FALSE;
    }
  set_message (self, NULL);
  /* The batteries that fired are unchecked: the ship's other guns, if any, are what is left
   * to declare (F-FIRE-12). */
  if (decl != NULL)
    uncheck_declared (self, decl);
  /* The target dropped (the table's notify) is shown with the fire declared. */
  admiralty_orders_context_replace (self->context, g_steal_pointer (&candidate));
  self->have_aim = FALSE;
  admiralty_orders_fire_update_aim (self);
  admiralty_table_widget_set_target_ship (get_table (self), -1);
  admiralty_orders_context_changed (self->context);
  return TRUE;
}

static void
set_ship_order (AdmiraltyOrdersFire *self,
                GPtrArray            *(*list) (AdmTurnOrders *),
                gboolean              on,
                gboolean              extended)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  GPtrArray *orders;
  int index;

  if (admiralty_orders_context_get_read_only (self->context))
    return;

  if (ship == NULL)
    return;
  candidate = admiralty_orders_context_copy_orders (self->context);
  if (candidate == NULL)
    return;
  orders = list (candidate);
  index = admiralty_orders_find_ship_order (orders, ship->id);
  if (index >= 0)
    g_ptr_array_remove_index (orders, index);
  if (on)
    {
      AdmShipOrderDecl *decl = adm_ship_order_decl_new (ship->id);

      decl->extended = extended;
      g_ptr_array_add (orders, decl);
      adm_turn_orders_number_lines (candidate);
      if (!dry_run (self, candidate, decl->line, &reason))
        {
          set_message (self, reason);
          admiralty_orders_context_refresh (self->context);
          return;
        }
    }
  set_message (self, NULL);
  admiralty_orders_context_commit (self->context, g_steal_pointer (&candidate));
}

static GPtrArray *
locks_of (AdmTurnOrders *orders)
{
  return orders->target_locks;
}

static GPtrArray *
reinforce_of (AdmTurnOrders *orders)
{
  return orders->reinforce;
}

void
admiralty_orders_fire_set_target_lock (AdmiraltyOrdersFire *self,
                                       gboolean             on)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self));
  set_ship_order (self, locks_of, on, FALSE);
}

void
admiralty_orders_fire_set_reinforce (AdmiraltyOrdersFire *self,
                                     gboolean             on,
                                     gboolean             extended)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self));
  set_ship_order (self, reinforce_of, on, extended);
}

/* F-TORP-3: aiming the checked tubes at a point of the table */

/* Whether the selected ship is declaring a launch now: the fire phase (F-WPN-10) and one of
 * its torpedo tubes checked. */
static gboolean
aiming_tubes (AdmiraltyOrdersFire *self)
{
  const AdmBattleShip *ship = selected_ship (self);

  if (ship == NULL || adm_battle_get_phase (get_battle (self)) != ADM_PHASE_FIRE ||
      admiralty_table_widget_get_view_side (get_table (self)) >= 0)
    return FALSE;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    if (is_tube (ship, w) && weapon_checked (self, w))
      return TRUE;
  return FALSE;
}

/* The point clicked for the checked tubes, drawn on the table until the launch is declared or
 * the aim is dropped (another ship, a ringed target, the phase over). */
void
admiralty_orders_fire_update_aim (AdmiraltyOrdersFire *self)
{
  if (get_table (self) == NULL)
    return;
  if (self->have_aim && !aiming_tubes (self))
    self->have_aim = FALSE;
  admiralty_table_widget_set_aim (get_table (self), self->have_aim ? &self->aim : NULL);
}

static void
aim_pressed_cb (AdmiraltyOrdersFire *self,
                int                  n_press,
                double               x,
                double               y,
                GtkGestureClick     *gesture)
{
  self->aim_press_x = x;
  self->aim_press_y = y;
}

static void
aim_released_cb (AdmiraltyOrdersFire *self,
                 int                  n_press,
                 double               x,
                 double               y,
                 GtkGestureClick     *gesture)
{
  const AdmiraltyTableView *view = admiralty_table_widget_get_view (get_table (self));

  if (admiralty_orders_context_get_read_only (self->context))
    return;

  /* A click, not the end of a drag, on no ship. */
  if (n_press != 1 || !aiming_tubes (self) ||
      hypot (x - self->aim_press_x, y - self->aim_press_y) > 4 ||
      admiralty_table_ship_at (view, get_battle (self),
                               admiralty_table_widget_get_options (get_table (self)), x, y) >= 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->aim = admiralty_table_view_to_table (view, x, y);
  self->have_aim = TRUE;
  admiralty_orders_fire_update_aim (self);
  admiralty_table_widget_set_target_ship (get_table (self), -1);
  set_message (self, NULL);
  update_odds (self);
}

/* Widget signals */

static void
target_selected_cb (AdmiraltyOrdersFire *self)
{
  guint selected = gtk_drop_down_get_selected (self->target_dropdown);

  if (self->syncing)
    return;
  admiralty_table_widget_set_target_ship (
      get_table (self), selected > 0 && selected <= self->target_ids->len
                     ? (int) g_array_index (self->target_ids, guint, selected - 1) : -1);
}

static void
lock_toggled_cb (AdmiraltyOrdersFire *self)
{
  if (!self->syncing)
    admiralty_orders_fire_set_target_lock (self, gtk_check_button_get_active (self->lock_check));
}

static void
reinforce_toggled_cb (AdmiraltyOrdersFire *self)
{
  if (!self->syncing)
    admiralty_orders_fire_set_reinforce (self,
                                          gtk_check_button_get_active (self->reinforce_check),
                                          gtk_check_button_get_active (self->extended_check));
}

static void
return_toggled_cb (AdmiraltyOrdersFire *self)
{
  if (!self->syncing)
    update_odds (self);
}

static void
declare_fire_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  admiralty_orders_fire_declare (ADMIRALTY_ORDERS_FIRE (widget));
}


/* Public */

void
admiralty_orders_fire_update (AdmiraltyOrdersFire *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self));

  admiralty_orders_fire_update_targets (self);
  admiralty_orders_fire_update_form (self);
}

GArray *
admiralty_orders_fire_get_targets (AdmiraltyOrdersFire *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self), NULL);

  return self->targets;
}

void
admiralty_orders_fire_drop_aim (AdmiraltyOrdersFire *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self));

  self->have_aim = FALSE;
  admiralty_orders_fire_update_aim (self);
}

void
admiralty_orders_fire_clear (AdmiraltyOrdersFire *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self));

  g_array_set_size (self->targets, 0);
  self->have_aim = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

const char *
admiralty_orders_fire_get_odds_text (AdmiraltyOrdersFire *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self), NULL);

  return admiralty_orders_odds_get_text (self->odds);
}

GtkWidget *
admiralty_orders_fire_get_weapon_check (AdmiraltyOrdersFire *self,
                                        const char          *name)
{
  const AdmBattleShip *ship;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self), NULL);

  ship = selected_ship (self);
  for (guint i = 0; ship != NULL && i < self->weapon_checks->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->weapon_checks, i);
      guint w = g_array_index (self->check_weapons, guint, i);

      if (g_strcmp0 (((const AdmWeapon *) g_ptr_array_index (ship->klass->weapons, w))->name,
                     name) == 0)
        return check;
    }
  return NULL;
}

GtkWidget *
admiralty_orders_fire_get_declare_button (AdmiraltyOrdersFire *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self), NULL);

  return self->declare_fire_button;
}

/* An ended battle: no fire to declare, by the section or its action. */
static void
read_only_changed_cb (AdmiraltyOrdersFire *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders-fire.declare",
                                 !admiralty_orders_context_get_read_only (self->context));
}

/* F-TORP-3: in the fire phase, with tubes checked, a click on the empty table aims them at
 * that point rather than clearing the selection (caught before the table's own click). */
static void
table_attached_cb (AdmiraltyOrdersFire *self)
{
  GtkGesture *aim = gtk_gesture_click_new ();

  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (aim), GTK_PHASE_CAPTURE);
  g_signal_connect_object (aim, "pressed", G_CALLBACK (aim_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (aim, "released", G_CALLBACK (aim_released_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (get_table (self)), GTK_EVENT_CONTROLLER (aim));
}

void
admiralty_orders_fire_set_context (AdmiraltyOrdersFire    *self,
                                   AdmiraltyOrdersContext *context)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_FIRE (self));
  g_return_if_fail (self->context == NULL);

  self->context = g_object_ref (context);
  g_signal_connect_object (context, "notify::read-only", G_CALLBACK (read_only_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (context, "notify::table", G_CALLBACK (table_attached_cb), self,
                           G_CONNECT_SWAPPED);
}

/* GObject */

static void
admiralty_orders_fire_dispose (GObject *object)
{
  AdmiraltyOrdersFire *self = ADMIRALTY_ORDERS_FIRE (object);
  GtkWidget *child;

  g_clear_object (&self->context);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_FIRE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (admiralty_orders_fire_parent_class)->dispose (object);
}

static void
admiralty_orders_fire_finalize (GObject *object)
{
  AdmiraltyOrdersFire *self = ADMIRALTY_ORDERS_FIRE (object);

  g_clear_pointer (&self->targets, g_array_unref);
  g_clear_pointer (&self->target_ids, g_array_unref);
  g_clear_pointer (&self->weapon_checks, g_ptr_array_unref);
  g_clear_pointer (&self->check_weapons, g_array_unref);
  G_OBJECT_CLASS (admiralty_orders_fire_parent_class)->finalize (object);
}

static void
admiralty_orders_fire_class_init (AdmiraltyOrdersFireClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_fire_dispose;
  object_class->finalize = admiralty_orders_fire_finalize;

  gtk_widget_class_install_action (widget_class, "orders-fire.declare", NULL,
                                   declare_fire_action);

  g_type_ensure (ADMIRALTY_TYPE_ORDERS_ODDS);
  gtk_widget_class_set_css_name (widget_class, "ordersfire");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-fire.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, weapon_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, target_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, declare_fire_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, return_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, odds);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, lock_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, reinforce_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersFire, extended_check);
}

static void
admiralty_orders_fire_init (AdmiraltyOrdersFire *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Long ship names wrap in the open list rather than losing their ends. */
  admiralty_wrapping_choices (self->target_dropdown);

  self->targets = g_array_new (FALSE, FALSE, sizeof (guint));
  self->target_ids = g_array_new (FALSE, FALSE, sizeof (guint));
  self->weapon_checks = g_ptr_array_new ();
  self->check_weapons = g_array_new (FALSE, FALSE, sizeof (guint));

  g_signal_connect_swapped (self->target_dropdown, "notify::selected",
                            G_CALLBACK (target_selected_cb), self);
  g_signal_connect_swapped (self->lock_check, "toggled", G_CALLBACK (lock_toggled_cb), self);
  g_signal_connect_swapped (self->reinforce_check, "toggled",
                            G_CALLBACK (reinforce_toggled_cb), self);
  g_signal_connect_swapped (self->extended_check, "toggled",
                            G_CALLBACK (reinforce_toggled_cb), self);
  g_signal_connect_swapped (self->return_check, "toggled", G_CALLBACK (return_toggled_cb),
                            self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
