/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-torpedoes.c: what threatens the selected ship before the torpedo phase and
 * in it, as the engine works it out (adm_battle_torpedo_odds (), adm_battle_preview_boarding
 * ()), and the covers its escorts can give, each a cover order entered as any other. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-orders-torpedoes.h"

struct _AdmiraltyOrdersTorpedoes
{
  GtkWidget               parent_instance;

  AdmiraltyOrdersContext *context;

  /* Template children */
  GtkLabel               *torpedo_label;
  GtkBox                 *cover_box;
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersTorpedoes, admiralty_orders_torpedoes, GTK_TYPE_WIDGET)

static AdmBattle *
get_battle (AdmiraltyOrdersTorpedoes *self)
{
  return admiralty_orders_context_get_battle (self->context);
}

static const AdmBattleShip *
selected_ship (AdmiraltyOrdersTorpedoes *self)
{
  return admiralty_orders_context_selected_ship (self->context);
}

static AdmiraltyTableWidget *
get_table (AdmiraltyOrdersTorpedoes *self)
{
  return admiralty_orders_context_get_table (self->context);
}

static const AdmTurnOrders *
draft (AdmiraltyOrdersTorpedoes *self)
{
  return admiralty_orders_context_get_orders (self->context);
}

static int
ship_index (AdmiraltyOrdersTorpedoes *self)
{
  return admiralty_orders_context_get_ship (self->context);
}

static void
set_message (AdmiraltyOrdersTorpedoes *self,
             const char               *message)
{
  admiralty_orders_context_show_message (self->context, message);
}

/* Whether the draft already lends the guns @guns ("ship:weapon") to cover a ship. */
static gboolean
draft_covers_with (AdmiraltyOrdersTorpedoes *self,
                   const char               *guns)
{
  for (guint i = 0; i < draft (self)->other->len; i++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (draft (self)->other, i);

      if (g_strcmp0 (decl->element, "cover") == 0 &&
          g_strcmp0 (adm_order_decl_get (decl, "weapons"), guns) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A cover offered (F-TORP-14) taken, orders-torpedoes.cover ("ship:weapon" guns, the ship
 * covered): the order goes into the draft as any other, checked by the engine's dry run and
 * journaled with the turn's orders. */
static void
cover_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  AdmiraltyOrdersTorpedoes *self = ADMIRALTY_ORDERS_TORPEDOES (widget);
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  const char *guns, *ship;
  AdmOrderDecl *decl;

  if (admiralty_orders_context_get_read_only (self->context))
    return;

  candidate = admiralty_orders_context_copy_orders (self->context);
  if (candidate == NULL)
    return;
  g_variant_get (parameter, "(&s&s)", &guns, &ship);
  decl = adm_order_decl_new ("cover");
  adm_order_decl_set (decl, "weapons", guns);
  adm_order_decl_set (decl, "ship", ship);
  g_ptr_array_add (candidate->other, decl);
  adm_turn_orders_number_lines (candidate);
  if (!admiralty_orders_reads_back (candidate, &reason) ||
      !admiralty_orders_context_dry_run (self->context, candidate, decl->line, &reason))
    {
      set_message (self, reason);
      return;
    }
  set_message (self, NULL);
  admiralty_orders_context_commit (self->context, g_steal_pointer (&candidate));
}

/* When an enemy salvo is on the table in the torpedo phase, the defences of the selected ship:
 * the turrets that meet it without an order (F-TORP-13, F-FORM-19, F-TORP-17, once a phase
 * F-TORP-16), said in @text, and the guns of friendly escorts within their range of it that
 * did not fire this turn, offered as cover orders (F-TORP-14) with the odds they make. */
static void
offer_covers (AdmiraltyOrdersTorpedoes *self,
              GString                  *text)
{
  const AdmBattleShip *ship = selected_ship (self);
  const AdmTorpedoSalvo *threat = NULL;
  GtkWidget *child;
  guint offered = 0;
  int hit;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->cover_box))) != NULL)
    gtk_box_remove (self->cover_box, child);
  if (ship != NULL && ship->status == ADM_SHIP_ACTIVE &&
      adm_battle_get_phase (get_battle (self)) == ADM_PHASE_TORPEDO &&
      admiralty_table_widget_get_view_side (get_table (self)) < 0)
    for (guint i = 0; i < adm_battle_get_n_salvos (get_battle (self)) && threat == NULL; i++)
      {
        const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (get_battle (self), i);

        if (!salvo->spent && salvo->side != ship->side && salvo->torpedoes > 0)
          threat = salvo;
      }
  if (threat == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->cover_box), FALSE);
      return;
    }
  /* F-TORP-13: the turret number is the ruleset's. */
  hit = adm_ruleset_get_turret_hit (adm_battle_get_ruleset (get_battle (self)));
  /* Translators: the anti-torpedo turrets that meet a salvo without an order */
  g_string_append_printf (text, _("%s%s's turrets: %d dice at %d+ meet a salvo (F-TORP-13; the "
                                  "formation's and touching ships' pooled, F-FORM-19, F-TORP-17; "
                                  "one wave a phase, F-TORP-16)."),
                          text->len > 0 ? "\n" : "", ship->name,
                          adm_battle_ship_turret_pool (get_battle (self), ship_index (self)), hit);
  for (guint e = 0; e < adm_battle_get_n_ships (get_battle (self)); e++)
    {
      const AdmBattleShip *escort = adm_battle_get_ship (get_battle (self), e);

      if (escort->side != ship->side || escort->status != ADM_SHIP_ACTIVE ||
          escort->klass->category != ADM_CATEGORY_ESCORT || (int) e == ship_index (self))
        continue;
      for (guint w = 0; w < escort->klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (escort->klass->weapons, w);
          g_autofree char *guns = g_strdup_printf ("%s:%s", escort->id, weapon->id);
          g_autofree char *label = NULL;
          g_autoptr(AdmFireOdds) bare = NULL;
          g_autoptr(AdmFireOdds) covered = NULL;
          GtkWidget *button;

          if ((weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR) ||
              (escort->fired & (1u << w)) ||
              adm_distance (escort->position, ship->position) > weapon->range ||
              draft_covers_with (self, guns))
            continue;
          bare = adm_battle_torpedo_odds (get_battle (self), threat->id, ship_index (self), 0,
                                          NULL, NULL);
          covered = adm_battle_torpedo_odds (get_battle (self), threat->id, ship_index (self),
                                             weapon->firepower, NULL, NULL);
          if (bare != NULL && covered != NULL)
            /* Translators: an escort's guns offered to cover a ship against torpedoes */
            label = g_strdup_printf (_("Cover %s with %s's %s: %d more dice at %d+ "
                                       "(F-TORP-14); salvo %d damages it %.0f%% → %.0f%%"),
                                     ship->name, escort->name, weapon->name, weapon->firepower,
                                     hit, threat->id,
                                     100 * adm_fire_odds_at_least (bare, 1),
                                     100 * adm_fire_odds_at_least (covered, 1));
          else
            label = g_strdup_printf (_("Cover %s with %s's %s: %d more dice at %d+ (F-TORP-14)"),
                                     ship->name, escort->name, weapon->name, weapon->firepower,
                                     hit);
          button = gtk_button_new_with_label (label);
          gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
          gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "orders-torpedoes.cover");
          gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "(ss)", guns, ship->id);
          gtk_box_append (self->cover_box, button);
          offered++;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->cover_box), offered > 0);
}

/* Torpedoes: the odds of every enemy salvo on the table reaching the selected ship, with the
 * turrets that would meet it (F-TORP-7, F-TORP-13, F-TORP-17), before the torpedo phase. */
void
admiralty_orders_torpedoes_update (AdmiraltyOrdersTorpedoes *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(GString) text = g_string_new (NULL);

  if (ship != NULL && ship->status != ADM_SHIP_DESTROYED &&
      adm_battle_get_phase (get_battle (self)) <= ADM_PHASE_TORPEDO)
    for (guint i = 0; i < adm_battle_get_n_salvos (get_battle (self)); i++)
      {
        const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (get_battle (self), i);
        g_autoptr(AdmFireOdds) odds = NULL;

        if (salvo->spent || salvo->side == ship->side)
          continue;
        odds = adm_battle_torpedo_odds (get_battle (self), salvo->id, ship_index (self), 0,
                                        NULL, NULL);
        if (odds == NULL)
          continue;
        if (text->len > 0)
          g_string_append_c (text, '\n');
        /* Translators: the odds of a torpedo salvo against the selected ship */
        g_string_append_printf (text, _("Salvo %d (%d torpedoes) if it reaches %s: expected "
                                        "damage %.2f · at least one damage %.0f%% · "
                                        "a critical %.0f%%"),
                                salvo->id, salvo->torpedoes, ship->name,
                                odds->expected_damage,
                                100 * adm_fire_odds_at_least (odds, 1),
                                100 * odds->p_critical);
      }
  /* Boarding the target (F-BOARD): the first round's exact odds. */
  if (ship != NULL && adm_battle_get_phase (get_battle (self)) == ADM_PHASE_TORPEDO &&
      admiralty_table_widget_get_target_ship (get_table (self)) >= 0)
    {
      int target = admiralty_table_widget_get_target_ship (get_table (self));
      AdmBoardingPreview preview = { 0 };

      if (adm_battle_preview_boarding (get_battle (self), ship_index (self), target, &preview,
                                       NULL))
        {
          if (text->len > 0)
            g_string_append_c (text, '\n');
          if (!preview.legal)
            g_string_append_printf (text, "⚠ %s", preview.reason);
          else
            /* Translators: the odds of a boarding's first round, before the dice */
            g_string_append_printf (text, _("Boarding %s, first round: boarding potential %d "
                                            "against %d · wins %.0f%% · ties %.0f%% · loses "
                                            "%.0f%% · captures it %.0f%%"),
                                    adm_battle_get_ship (get_battle (self), target)->name,
                                    preview.attacker_bp, preview.defender_bp,
                                    100 * preview.odds->p_attacker_wins,
                                    100 * preview.odds->p_tie,
                                    100 * preview.odds->p_defender_wins,
                                    100 * preview.odds->p_defender_captured);
        }
      adm_boarding_preview_clear (&preview);
    }
  offer_covers (self, text);
  gtk_label_set_label (self->torpedo_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->torpedo_label), text->len > 0);
  /* Hidden with nothing to show, so that the section keeps no gap for it. */
  gtk_widget_set_visible (GTK_WIDGET (self),
                          text->len > 0 || gtk_widget_get_visible (GTK_WIDGET (self->cover_box)));
}


const char *
admiralty_orders_torpedoes_get_text (AdmiraltyOrdersTorpedoes *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_TORPEDOES (self), NULL);

  return gtk_label_get_label (self->torpedo_label);
}

GtkWidget *
admiralty_orders_torpedoes_get_cover_box (AdmiraltyOrdersTorpedoes *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_TORPEDOES (self), NULL);

  return GTK_WIDGET (self->cover_box);
}

/* An ended battle: no cover to take. */
static void
read_only_changed_cb (AdmiraltyOrdersTorpedoes *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders-torpedoes.cover",
                                 !admiralty_orders_context_get_read_only (self->context));
}

void
admiralty_orders_torpedoes_set_context (AdmiraltyOrdersTorpedoes *self,
                                        AdmiraltyOrdersContext   *context)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_TORPEDOES (self));
  g_return_if_fail (self->context == NULL);

  self->context = g_object_ref (context);
  g_signal_connect_object (context, "notify::read-only", G_CALLBACK (read_only_changed_cb),
                           self, G_CONNECT_SWAPPED);
}

/* GObject */

static void
admiralty_orders_torpedoes_dispose (GObject *object)
{
  AdmiraltyOrdersTorpedoes *self = ADMIRALTY_ORDERS_TORPEDOES (object);
  GtkWidget *child;

  g_clear_object (&self->context);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_TORPEDOES);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (admiralty_orders_torpedoes_parent_class)->dispose (object);
}

static void
admiralty_orders_torpedoes_class_init (AdmiraltyOrdersTorpedoesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_torpedoes_dispose;

  gtk_widget_class_install_action (widget_class, "orders-torpedoes.cover", "(ss)",
                                   cover_action);

  gtk_widget_class_set_css_name (widget_class, "orderstorpedoes");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-torpedoes.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersTorpedoes, torpedo_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersTorpedoes, cover_box);
}

static void
admiralty_orders_torpedoes_init (AdmiraltyOrdersTorpedoes *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
