/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-kinds.c: the kinds of "other" order, their fields and when they are
 * offered (data/schema/orders.rng). The engine checks the orders given; this only says what
 * the form asks for. */

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "admiralty-orders-kinds.h"

static const AdmiraltyOrdersKind other_kinds[] = {
  { "launch", N_("Launch torpedoes (F-WPN-10)"),
    { { "weapons", N_("Tubes"), ORDERS_FIELD_TORPEDOES, NULL },
      { "target", N_("At ship"), ORDERS_FIELD_TARGET, NULL } } },
  { "prepare-to-launch", N_("Prepare to launch (F-TORP-2)"),
    { { "ship", N_("Ship"), ORDERS_FIELD_SHIP, NULL } } },
  { "steer", N_("Steer a salvo (F-TORP-5)"),
    { { "salvo", N_("Salvo"), ORDERS_FIELD_SALVO, NULL },
      { "degrees", N_("Degrees"), ORDERS_FIELD_NUMBER, NULL },
      { "after", N_("After (distance)"), ORDERS_FIELD_OPTIONAL_LENGTH, NULL } } },
  { "cover", N_("Cover against torpedoes (F-TORP-14)"),
    { { "weapons", N_("Guns"), ORDERS_FIELD_GUNS, NULL },
      { "ship", N_("Ship covered"), ORDERS_FIELD_TARGET, NULL } } },
  { "fire-at-salvo", N_("Fire at a salvo (F-TORP-18)"),
    { { "weapons", N_("Guns"), ORDERS_FIELD_GUNS, NULL },
      { "salvo", N_("Salvo"), ORDERS_FIELD_SALVO, NULL } } },
  { "board", N_("Board (F-BOARD-1)"),
    { { "ship", N_("Ship"), ORDERS_FIELD_SHIP, NULL },
      { "target", N_("Target"), ORDERS_FIELD_TARGET, NULL } } },
  { "captured", N_("Fate of a captured ship (F-BOARD-16)"),
    { { "ship", N_("Ship"), ORDERS_FIELD_SHIP, NULL },
      { "fate", N_("Fate"), ORDERS_FIELD_CHOICE, "abandon|scuttle|assimilate" } } },
  { "damage-control", N_("Damage control (F-DC)"),
    { { "ship", N_("Ship"), ORDERS_FIELD_SHIP, NULL },
      { "repair", N_("Repair"), ORDERS_FIELD_CHOICE, "fire|critical|hull" },
      { "critical", N_("Critical"), ORDERS_FIELD_CRITICAL, NULL } } },
  { "lay-mine", N_("Lay a mine (F-MINE-10)"),
    { { "ship", N_("Ship"), ORDERS_FIELD_SHIP, NULL },
      { "id", N_("Mine id"), ORDERS_FIELD_TEXT, NULL },
      { "charge", N_("Charge"), ORDERS_FIELD_CHOICE, "plasma|torpedo" },
      { "range", N_("Range cm"), ORDERS_FIELD_NUMBER, NULL },
      { "strength", N_("Strength"), ORDERS_FIELD_NUMBER, NULL } } },
  { "sweep", N_("Sweep for mines (F-SWEEP-1)"),
    { { "ship", N_("Ship"), ORDERS_FIELD_SHIP, NULL } } },
  { "transfer-flagship", N_("Transfer the flag (F-FORM-17)"),
    { { "formation", N_("Formation"), ORDERS_FIELD_FORMATION, NULL },
      { "to", N_("New flagship"), ORDERS_FIELD_SHIP, NULL } } },
};

const AdmiraltyOrdersKind *
admiralty_orders_kinds (guint *n_kinds)
{
  *n_kinds = G_N_ELEMENTS (other_kinds);
  return other_kinds;
}

const AdmiraltyOrdersKind *
admiralty_orders_kind_lookup (const char *element)
{
  for (guint i = 0; i < G_N_ELEMENTS (other_kinds); i++)
    if (g_strcmp0 (other_kinds[i].element, element) == 0)
      return &other_kinds[i];
  return NULL;
}

/* The phase in which an order of @element takes effect (data/schema/orders.rng; the engine's
 * phases read them there): it is offered in that phase only, when the master is at that step
 * of the turn, not in the phases before it. */
AdmPhase
admiralty_orders_kind_phase (const char *element)
{
  static const char * const fire[] = { "launch", "prepare-to-launch", "fire-at-salvo",
                                       "lay-mine", "sweep", NULL };
  static const char * const torpedo[] = { "steer", "cover", "board", NULL };

  if (g_strv_contains (fire, element))
    return ADM_PHASE_FIRE;      /* F-WPN-10, F-TORP-2, F-WPN-14, F-MINE-10, F-SWEEP-1 */
  if (g_strv_contains (torpedo, element))
    return ADM_PHASE_TORPEDO;   /* F-TORP-5, F-TORP-14, F-BOARD-1 */
  return ADM_PHASE_END;         /* F-BOARD-16, F-DC, F-FORM-17 */
}

/* Whether a ship of the battle is held by a captor (F-BOARD-15): the fate of a captured ship
 * is decided only then (F-BOARD-16). */
static gboolean
any_captured (AdmBattle *battle)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (ship->captured_by >= 0 && ship->status != ADM_SHIP_DESTROYED)
        return TRUE;
    }
  return FALSE;
}

/* Whether @ship can launch torpedoes now, or make ready to (@loaded FALSE, F-TORP-2): in
 * action, with tubes (F-WPN-10), loaded when @loaded (F-TORP-1: they reload a turn after a
 * launch). No ship selected: none, as the tubes the form offers are the selected ship's
 * formation's. */
static gboolean
can_launch (AdmBattle *battle,
            int        ship,
            gboolean   loaded)
{
  const AdmBattleShip *s;

  if (ship < 0 || (guint) ship >= adm_battle_get_n_ships (battle))
    return FALSE;
  s = adm_battle_get_ship (battle, ship);
  if (s->status != ADM_SHIP_ACTIVE || (loaded && s->tubes_ready > adm_battle_get_turn (battle)))
    return FALSE;
  for (guint w = 0; w < s->klass->weapons->len; w++)
    if (((const AdmWeapon *) g_ptr_array_index (s->klass->weapons, w))->type ==
        ADM_WEAPON_TORPEDO)
      return TRUE;
  return FALSE;
}

/* Whether an order of @element has anything to act on now: a salvo to steer or shoot at
 * (F-TORP-5, F-TORP-18), a captured ship (F-BOARD-16), the selected ship's tubes to launch
 * (F-WPN-10: loaded, F-TORP-1) or make ready (F-TORP-2), its mine racks where the battle lays
 * mines (F-MINE-10, F-MINE-11, F-MINE-12, F-WPN-19), something to repair on the selected ship
 * (F-DC). */
gboolean
admiralty_orders_kind_applies (AdmBattle  *battle,
                               int         ship,
                               const char *element)
{
  if (g_strcmp0 (element, "launch") == 0)
    return can_launch (battle, ship, TRUE);
  if (g_strcmp0 (element, "prepare-to-launch") == 0)
    return can_launch (battle, ship, FALSE);
  if (g_strcmp0 (element, "lay-mine") == 0)
    return ship >= 0 && (guint) ship < adm_battle_get_n_ships (battle) &&
           adm_battle_ship_can_lay_mines (battle, ship);
  /* F-DC: damage control for a ship with a fire, a critical or lost hull points. */
  if (g_strcmp0 (element, "damage-control") == 0 && ship >= 0)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, ship);
      gboolean critical = FALSE;

      for (int result = 2; result < ADM_CRITICAL_RESULTS; result++)
        critical |= s->criticals[result] > 0;
      return s->on_fire > 0 || critical || s->damage > 0;
    }
  if (g_strcmp0 (element, "steer") == 0 || g_strcmp0 (element, "fire-at-salvo") == 0)
    return adm_battle_get_n_salvos (battle) > 0;
  if (g_strcmp0 (element, "captured") == 0)
    return any_captured (battle);
  return TRUE;
}

/* The words shown for a choice of the form; the orders keep the value. */
const char *
admiralty_orders_choice_label (const char *value)
{
  static const struct { const char *value; const char *label; } labels[] = {
    { "fire", N_("Put out a fire") },
    { "critical", N_("Repair critical damage") },
    { "hull", N_("Repair the hull") },
    { "abandon", N_("Abandon") },
    { "scuttle", N_("Scuttle") },
    { "assimilate", N_("Assimilate") },
    { "plasma", N_("Plasma charge") },
    { "torpedo", N_("Torpedo charge") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (labels[i].value, value) == 0)
      return _(labels[i].label);
  return value;
}

/* Whether damage control of @ship may choose @repair (F-DC): a fire only while one burns
 * (F-CRIT-14), a critical only while one is outstanding, the hull only when damaged. No ship
 * chosen: every choice. */
gboolean
admiralty_orders_repair_applies (const AdmBattleShip *ship,
                                 const char          *repair)
{
  if (ship == NULL)
    return TRUE;
  if (g_strcmp0 (repair, "fire") == 0)
    return ship->on_fire > 0;
  if (g_strcmp0 (repair, "critical") == 0)
    {
      for (int result = 2; result < ADM_CRITICAL_RESULTS; result++)
        if (ship->criticals[result] > 0)
          return TRUE;
      return FALSE;
    }
  if (g_strcmp0 (repair, "hull") == 0)
    return ship->damage > 0;
  return TRUE;
}

char *
admiralty_orders_critical_label (AdmBattle  *battle,
                                 const char *ship_id,
                                 const char *value)
{
  const AdmBattleShip *ship = ship_id != NULL ? adm_battle_lookup_ship (battle, ship_id) : NULL;
  const char *kind = ship != NULL && ship->klass->category == ADM_CATEGORY_STATION ? "station"
                                                                                    : "ship";
  const AdmTableRow *row = adm_ruleset_critical (adm_battle_get_ruleset (battle), kind,
                                                 atoi (value));

  return g_strdup (row != NULL && row->name != NULL ? _(row->name) : value);
}
