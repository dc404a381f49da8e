/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-orders.c: the "order" events of the strategic phase — one order to one formation
 * for the current cycle (F-FORM-6, F-STRAT-16, F-STRAT-17), read and checked against the
 * formations in being, applied (administrative orders at once, timed ones for the cycle) and
 * superseded by corrections (F-STRAT-7). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy-private.h"

static const char * const order_names[] = {
  "move", "attack", "defend", "patrol", "lay-mines", "sweep-mines", "flagship", "instructions",
  "form", "detach", "join", "disband",
};

const char *
adm_strat_order_kind_to_string (AdmStratOrderKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (order_names), NULL);
  return order_names[kind];
}

const char *
adm_strat_order_kind_describe (AdmStratOrderKind kind)
{
  /* The order as a report names it, in the reader's language: "patrol: in Pol orbit …". */
  static const char * const labels[] = {
    N_("move"), N_("attack"), N_("defence"), N_("patrol"), N_("minelaying"), N_("minesweeping"),
    N_("flagship"), N_("instructions"), N_("forming"), N_("detaching"), N_("joining"),
    N_("disbanding"),
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (labels) == G_N_ELEMENTS (order_names));
  g_return_val_if_fail (kind < G_N_ELEMENTS (labels), NULL);
  return _(labels[kind]);
}

static gboolean
adjacent (const AdmSector *a,
          const AdmSector *b)
{
  for (guint i = 0; i < a->adjacent->len; i++)
    if (g_ptr_array_index (a->adjacent, i) == b)
      return TRUE;
  return FALSE;
}

/* Where the formation's next move starts: the sector it is in, or the one it is heading for. */
static const AdmSector *
start_sector (const Tracker *tracker)
{
  return tracker->pos.towards != NULL ? tracker->pos.towards : tracker->pos.sector;
}

/* F-STN-5: a station never leaves its orbit, so a formation holding one cannot move. */
static gboolean
check_can_move (const AdmFormation  *formation,
                GError             **error)
{
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (ship->klass->speed == 0)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                       _("“%s” cannot leave its sector: “%s” is a station fixed in its orbit "
                         "(F-STN-5)"), formation->name, ship->name);
          return FALSE;
        }
    }
  return TRUE;
}

/* F-STRAT-8: a route runs sector by sector, each adjacent to the one before. */
static gboolean
read_route (AdmStrategy    *self,
            Tracker        *tracker,
            AdmStratOrder  *order,
            const char     *route,
            GError        **error)
{
  g_auto(GStrv) words = g_strsplit (route != NULL ? route : "", " ", -1);
  const AdmSector *previous = start_sector (tracker);

  order->route = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    {
      AdmSector *sector;

      if (words[i][0] == '\0')
        continue;
      sector = adm_scenario_lookup_sector (self->scenario, words[i]);
      if (sector == NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the route names unknown sector “%s”"), words[i]);
          return FALSE;
        }
      /* A route written from where the formation already is ("from Hegen Hub to …") starts
       * there: that sector is no move. */
      if (order->route->len == 0 && sector == previous)
        continue;
      if (!adjacent (previous, sector))
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                       _("the route goes from “%s” to “%s”, which are not adjacent (F-STRAT-8)"),
                       previous->name, sector->name);
          return FALSE;
        }
      g_ptr_array_add (order->route, sector);
      previous = sector;
    }
  if (order->route->len == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the move order for “%s” has no route"), tracker->pos.formation->name);
      return FALSE;
    }
  return check_can_move (tracker->pos.formation, error);
}

/* Attack, defend, patrol and mine orders act in the formation's sector or, after one move, in
 * an adjacent one. */
static gboolean
read_place (AdmStrategy    *self,
            Tracker        *tracker,
            AdmStratOrder  *order,
            const char     *target,
            GError        **error)
{
  const AdmSector *here = start_sector (tracker);
  const AdmSector *sector = here;
  const AdmSector *last_seen = NULL;

  order->route = g_ptr_array_new ();
  if (target != NULL && order->kind == ADM_STRAT_ORDER_ATTACK)
    {
      Tracker *enemy = g_hash_table_lookup (self->trackers, target);
      AdmSighting sighting;

      order->target_formation = enemy != NULL && !enemy->gone ? enemy->pos.formation : NULL;
      /* F-STRAT-3: a hidden formation his side has not found is no target he can name; it is
       * refused exactly as a name that is neither a sector nor a formation, so that the
       * refusal does not tell him it exists. F-STRAT-16 under ruling "last-seen-target": one
       * his side knows only by its last sighting, in being or not, is attacked where it was
       * last seen — the refusal or the order never tells him where it is now, or that it is
       * gone. */
      if (enemy != NULL &&
          (enemy->gone ||
           !adm_strategy_formation_visible (self, enemy->pos.formation,
                                            order->admiral->faction)))
        {
          order->target_formation = NULL;
          if (g_str_equal (_adm_strategy_ruling (self->scenario, "last-seen-target"),
                           "last-seen-place") &&
              adm_strategy_last_sighting (self, enemy->pos.formation, order->admiral->faction,
                                          &sighting))
            {
              order->target_formation = enemy->pos.formation;
              last_seen = sighting.towards != NULL ? sighting.towards : sighting.sector;
            }
        }
    }
  if (order->target_formation != NULL)
    {
      Tracker *enemy = g_hash_table_lookup (self->trackers, order->target_formation->id);

      if (order->target_formation->faction == tracker->pos.formation->faction)
        return _adm_strategy_refuse (error,
                                     _("“%s” cannot attack “%s”, a formation of its own side"),
                                     tracker->pos.formation->name, order->target_formation->name);
      /* Allies never fight each other (scenario alliances). */
      if (adm_scenario_factions_allied (self->scenario, order->target_formation->faction,
                                        tracker->pos.formation->faction))
        return _adm_strategy_refuse (error, _("“%s” cannot attack “%s”: %s and %s are allies"),
                                     tracker->pos.formation->name, order->target_formation->name,
                                     tracker->pos.formation->faction->name,
                                     order->target_formation->faction->name);
      sector = last_seen != NULL ? last_seen : enemy->pos.sector;
    }
  else if (target != NULL)
    {
      sector = adm_scenario_lookup_sector (self->scenario, target);
      if (sector == NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the order’s target “%s” is neither a sector nor a formation"), target);
          return FALSE;
        }
    }
  if (sector != here)
    {
      if (!adjacent (here, sector))
        return _adm_strategy_refuse (error,
                                     _("“%s” is not adjacent to “%s”, where “%s” is (F-STRAT-8)"),
                                     sector->name, here->name, tracker->pos.formation->name);
      if (!check_can_move (tracker->pos.formation, error))
        return FALSE;
      g_ptr_array_add (order->route, (gpointer) sector);
    }
  order->target_sector = sector;
  return TRUE;
}

/* F-STRAT-16 with F-MINE-10, F-MINE-11, F-MINE-12 and F-SWEEP-3: only ships fitted for it lay or
 * sweep mines. */
static gboolean
check_fitted (const AdmFormation  *formation,
              AdmStratOrderKind    kind,
              GError             **error)
{
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (kind == ADM_STRAT_ORDER_SWEEP_MINES && ship->klass->sweep_devices > 0)
        return TRUE;
      for (guint w = 0; kind == ADM_STRAT_ORDER_LAY_MINES && w < ship->klass->weapons->len; w++)
        if (((AdmWeapon *) g_ptr_array_index (ship->klass->weapons, w))->type == ADM_WEAPON_MINE)
          return TRUE;
    }
  if (kind == ADM_STRAT_ORDER_LAY_MINES)
    return _adm_strategy_refuse (error, _("no ship of “%s” can lay mines (F-MINE-10)"),
                                 formation->name);
  return _adm_strategy_refuse (error, _("no ship of “%s” is a minesweeper (F-SWEEP-3)"),
                               formation->name);
}

static gboolean
read_kind (const AdmEvent     *event,
           AdmStratOrderKind  *out,
           GError            **error)
{
  const char *name = adm_event_get (event, "order");

  for (guint i = 0; i < G_N_ELEMENTS (order_names); i++)
    if (name != NULL && g_str_equal (name, order_names[i]))
      {
        *out = i;
        return TRUE;
      }
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
               _("unknown order “%s” (known: move, attack, defend, patrol, lay-mines, "
                 "sweep-mines, flagship, instructions, form, detach, join, disband)"),
               name != NULL ? name : "");
  return FALSE;
}

gboolean
_adm_strategy_commands (const AdmAdmiral   *admiral,
                        const AdmFormation *formation)
{
  return formation->admiral != NULL ? formation->admiral == admiral
                                    : formation->faction == admiral->faction;
}

/* F-FORM-6: orders go to a formation, from the admiral who commands it; a formation with no
 * admiral named takes orders from any admiral of its faction. F-STRAT-17: a formation that was
 * disbanded or merged away, even earlier this cycle, takes no more orders. */
static Tracker *
need_command_of (AdmStrategy       *self,
                 const char        *id,
                 const AdmAdmiral  *admiral,
                 GError           **error)
{
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;
  const AdmFormation *formation;

  /* F-STRAT-3: a hidden formation his side does not know of is refused as an unknown one. */
  if (tracker == NULL ||
      (!_adm_strategy_commands (admiral, tracker->pos.formation) &&
       !adm_strategy_formation_visible (self, tracker->pos.formation, admiral->faction)))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the order names unknown formation “%s”"), id != NULL ? id : "");
      return NULL;
    }
  formation = tracker->pos.formation;
  if (tracker->gone)
    {
      _adm_strategy_refuse (error, _("“%s” no longer exists: it was disbanded, joined another "
                                     "formation (F-STRAT-17) or lost all its ships in battle"),
                            formation->name);
      return NULL;
    }
  if (!_adm_strategy_commands (admiral, formation))
    {
      _adm_strategy_refuse (error, _("%s does not command “%s”"), admiral->name,
                            formation->name);
      return NULL;
    }
  return tracker;
}

/* F-STRAT-12: formations are reformed in a sector, not on the way between two. */
static gboolean
check_in_sector (Tracker  *tracker,
                 GError  **error)
{
  if (tracker->pos.towards != NULL)
    return _adm_strategy_refuse (error, _("“%s” is in transit from %s to %s and cannot be "
                                          "reformed before it arrives (F-STRAT-12)"),
                                 tracker->pos.formation->name,
                                 tracker->pos.sector->name, tracker->pos.towards->name);
  return TRUE;
}

/* The longest name of a formation an order creates, in characters. */
#define NEW_FORMATION_NAME_MAX 80

/* The id and name of a formation an order creates: an id no formation has had. */
static gboolean
read_new_formation (AdmStrategy     *self,
                    AdmStratOrder   *order,
                    const AdmEvent  *event,
                    GError         **error)
{
  const char *id = adm_event_get (event, "new-formation");
  const char *name = adm_event_get (event, "name");

  if (id == NULL || *id == '\0')
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the %s order needs “new-formation”, the id of the formation it makes"),
                   adm_strat_order_kind_to_string (order->kind));
      return FALSE;
    }
  if (g_hash_table_contains (self->trackers, id))
    return _adm_strategy_refuse (error, _("there is already a formation with the id “%s”; the "
                                          "new formation needs an id of its own"), id);
  order->new_name = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (*order->new_name == '\0')
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the %s order needs “name”, the name of the new formation “%s”"),
                   adm_strat_order_kind_to_string (order->kind), id);
      return FALSE;
    }
  /* A name is a label on the map, a card and a report line, not a text. */
  if (g_utf8_strlen (order->new_name, -1) > NEW_FORMATION_NAME_MAX)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   /* Translators: "the detach order names the new formation “serg-division”
                    * in 15000 characters; a formation's name has at most 80" */
                   _("the %s order names the new formation “%s” in %ld characters; a "
                     "formation's name has at most %d"),
                   adm_strat_order_kind_to_string (order->kind), id,
                   g_utf8_strlen (order->new_name, -1), NEW_FORMATION_NAME_MAX);
      return FALSE;
    }
  order->new_formation = g_strdup (id);
  return TRUE;
}

/* The ships listed in "ships" for form and detach: known, each once, each in a formation the
 * admiral commands (F-FORM-6), in a sector and all in the same one (F-STRAT-12), and — for
 * detach — all of @source. */
static gboolean
read_ships (AdmStrategy     *self,
            AdmStratOrder   *order,
            const AdmEvent  *event,
            Tracker         *source,
            GError         **error)
{
  g_auto(GStrv) words = g_strsplit_set (adm_event_get (event, "ships") != NULL
                                        ? adm_event_get (event, "ships") : "", " \t\n", -1);
  const AdmSector *place = NULL;

  order->ships = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    {
      const AdmShip *ship;
      Tracker *from;

      if (words[i][0] == '\0')
        continue;
      ship = adm_strategy_lookup_ship (self, words[i]);
      from = ship != NULL ? g_hash_table_lookup (self->ship_formation, ship) : NULL;
      /* F-STRAT-3, F-FORM-6: a ship he does not command — another side's, hidden or not, or
       * one sunk — is refused in the words of one that does not exist, naming the id as
       * given: a refusal tells neither that it exists nor its name. */
      if (from == NULL || !_adm_strategy_commands (order->admiral, from->pos.formation))
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the %s order names “%s”, not a ship %s commands"),
                       adm_strat_order_kind_to_string (order->kind), words[i],
                       order->admiral->name);
          return FALSE;
        }
      if (g_ptr_array_find (order->ships, ship, NULL))
        return _adm_strategy_refuse (error, _("the %s order names “%s” twice; a ship is in one "
                                              "formation only (F-FORM-1)"),
                                     adm_strat_order_kind_to_string (order->kind), ship->name);
      if (source != NULL && from != source)
        return _adm_strategy_refuse (error, _("“%s” is not a ship of “%s”"), ship->name,
                                     source->pos.formation->name);
      if (!check_in_sector (from, error))
        return FALSE;
      if (place != NULL && from->pos.sector != place)
        return _adm_strategy_refuse (error, _("“%s” is in %s, not in %s with the other ships; a "
                                              "formation is formed in one sector (F-STRAT-12)"),
                                     ship->name,
                                     from->pos.sector->name, place->name);
      place = from->pos.sector;
      g_ptr_array_add (order->ships, (gpointer) ship);
    }
  if (order->ships->len == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the %s order lists no ships in “ships”"),
                   adm_strat_order_kind_to_string (order->kind));
      return FALSE;
    }
  return TRUE;
}

/* The flagship named in "flagship", or the first ship listed (F-FORM-4: one of its ships). */
static gboolean
read_new_flagship (AdmStrategy     *self,
                   AdmStratOrder   *order,
                   const AdmEvent  *event,
                   GError         **error)
{
  const char *id = adm_event_get (event, "flagship");
  const AdmShip *ship = id != NULL ? adm_strategy_lookup_ship (self, id) : NULL;

  if (id == NULL)
    {
      order->new_flagship = g_ptr_array_index (order->ships, 0);
      return TRUE;
    }
  if (ship == NULL || !g_ptr_array_find (order->ships, ship, NULL))
    return _adm_strategy_refuse (error, _("the flagship “%s” is not one of the ships of the new "
                                          "formation “%s” (F-FORM-4)"), id, order->new_name);
  order->new_flagship = ship;
  return TRUE;
}

/* form: ships of one or more of the admiral's formations in one sector become a new one. */
static gboolean
read_form (AdmStrategy     *self,
           AdmStratOrder   *order,
           const AdmEvent  *event,
           GError         **error)
{
  return read_new_formation (self, order, event, error) &&
         read_ships (self, order, event, NULL, error) &&
         _adm_strategy_check_composition (self, order->new_name, order->ships, error) &&
         read_new_flagship (self, order, event, error);
}

/* detach: the listed ships leave @tracker's formation as a new formation. */
static gboolean
read_detach (AdmStrategy     *self,
             Tracker         *tracker,
             AdmStratOrder   *order,
             const AdmEvent  *event,
             GError         **error)
{
  if (!check_in_sector (tracker, error) ||
      !read_new_formation (self, order, event, error) ||
      !read_ships (self, order, event, tracker, error))
    return FALSE;
  /* F-FORM-3: the formation left behind keeps at least one ship. */
  if (order->ships->len >= tracker->pos.formation->ships->len)
    return _adm_strategy_refuse (error, _("detaching every ship would leave “%s” without ships "
                                          "(F-FORM-3); give the ships a new formation with "
                                          "“form”, or keep one"),
                                 tracker->pos.formation->name);
  return _adm_strategy_check_composition (self, order->new_name, order->ships, error) &&
         read_new_flagship (self, order, event, error);
}

/* join: @tracker's formation joins "target", a formation of its faction in its sector. */
static gboolean
read_join (AdmStrategy     *self,
           Tracker         *tracker,
           AdmStratOrder   *order,
           const AdmEvent  *event,
           GError         **error)
{
  const AdmFormation *formation = tracker->pos.formation;
  const char *id = adm_event_get (event, "target");
  Tracker *target = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;
  g_autoptr(GPtrArray) ships = NULL;

  if (!check_in_sector (tracker, error))
    return FALSE;
  /* F-STRAT-3: a hidden formation its side does not know of is refused as an unknown one. */
  if (target == NULL ||
      !adm_strategy_formation_visible (self, target->pos.formation, formation->faction))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the join order for “%s” names unknown formation “%s” as its target"),
                   formation->name, id != NULL ? id : "");
      return FALSE;
    }
  if (target->gone)
    return _adm_strategy_refuse (error, _("“%s” cannot join “%s”, which no longer exists "
                                          "(F-STRAT-17)"),
                                 formation->name, target->pos.formation->name);
  if (target == tracker)
    return _adm_strategy_refuse (error, _("“%s” cannot join itself"), formation->name);
  if (target->pos.formation->faction != formation->faction)
    return _adm_strategy_refuse (error, _("“%s” can only join a formation of %s, and “%s” is of "
                                          "%s"), formation->name, formation->faction->name,
                                 target->pos.formation->name,
                                 target->pos.formation->faction->name);
  if (!check_in_sector (target, error))
    return FALSE;
  if (target->pos.sector != tracker->pos.sector)
    return _adm_strategy_refuse (error, _("“%s” is in %s and “%s” in %s; formations join in one "
                                          "sector (F-STRAT-12)"), formation->name,
                                 tracker->pos.sector->name,
                                 target->pos.formation->name, target->pos.sector->name);
  ships = g_ptr_array_copy (target->pos.formation->ships, NULL, NULL);
  g_ptr_array_extend (ships, formation->ships, NULL, NULL);
  if (!_adm_strategy_check_composition (self, target->pos.formation->name, ships, error))
    return FALSE;
  order->target_join = target->pos.formation;
  return TRUE;
}

/* disband: each ship becomes a formation of its own, under the ship's id and name. */
static gboolean
read_disband (AdmStrategy     *self,
              Tracker         *tracker,
              AdmStratOrder   *order,
              GError         **error)
{
  const AdmFormation *formation = tracker->pos.formation;

  if (!check_in_sector (tracker, error))
    return FALSE;
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (g_hash_table_contains (self->trackers, ship->id))
        return _adm_strategy_refuse (error, _("“%s” cannot be disbanded: its ship “%s” would "
                                              "become a formation with the id “%s”, which a "
                                              "formation already has"),
                                     formation->name, ship->name, ship->id);
    }
  return TRUE;
}

/* F-FORM-6: orders go to a formation, from the admiral who commands it; a formation with no
 * admiral named takes orders from any admiral of its faction. */
static Tracker *
need_command (AdmStrategy       *self,
              const AdmEvent    *event,
              const AdmAdmiral  *admiral,
              GError           **error)
{
  const char *id = adm_event_get (event, "formation");

  return need_command_of (self, id, admiral, error);
}

static gboolean
read_details (AdmStrategy     *self,
              Tracker         *tracker,
              AdmStratOrder   *order,
              const AdmEvent  *event,
              GError         **error)
{
  const AdmFormation *formation = tracker->pos.formation;
  const char *target = adm_event_get (event, "target");

  switch (order->kind)
    {
    case ADM_STRAT_ORDER_MOVE:
      return read_route (self, tracker, order, adm_event_get (event, "route"), error);
    case ADM_STRAT_ORDER_ATTACK:
      if (target == NULL)
        return _adm_strategy_refuse (error, _("the attack order for “%s” has no target"),
                                     formation->name);
      return read_place (self, tracker, order, target, error);
    case ADM_STRAT_ORDER_LAY_MINES:
    case ADM_STRAT_ORDER_SWEEP_MINES:
      if (!check_fitted (formation, order->kind, error))
        return FALSE;
      G_GNUC_FALLTHROUGH;
    case ADM_STRAT_ORDER_DEFEND:
    case ADM_STRAT_ORDER_PATROL:
      return read_place (self, tracker, order, target, error);
    case ADM_STRAT_ORDER_FLAGSHIP:
      {
        const char *id = adm_event_get (event, "flagship");
        const AdmShip *ship = id != NULL ? adm_strategy_lookup_ship (self, id) : NULL;

        /* F-FORM-4: the flagship is one of the formation's own ships. */
        if (ship == NULL || g_hash_table_lookup (self->ship_formation, ship) != tracker)
          return _adm_strategy_refuse (error, _("“%s” is not a ship of “%s”"), id != NULL ? id : "",
                                       formation->name);
        order->flagship = ship;
        return TRUE;
      }
    case ADM_STRAT_ORDER_FORM:
      if (!read_form (self, order, event, error))
        return FALSE;
      for (guint i = 0; i < order->ships->len; i++)
        if (g_hash_table_lookup (self->ship_formation, g_ptr_array_index (order->ships, i)) ==
            tracker)
          return TRUE;
      return _adm_strategy_refuse (error, _("the form order is given to “%s”, but none of its "
                                            "ships is listed"), formation->name);
    case ADM_STRAT_ORDER_DETACH:
      return read_detach (self, tracker, order, event, error);
    case ADM_STRAT_ORDER_JOIN:
      return read_join (self, tracker, order, event, error);
    case ADM_STRAT_ORDER_DISBAND:
      return read_disband (self, tracker, order, error);
    case ADM_STRAT_ORDER_INSTRUCTIONS:
    default:
      if (order->text == NULL)
        return _adm_strategy_refuse (error, _("the instructions for “%s” have no text"),
                                     formation->name);
      return TRUE;
    }
}

AdmStratOrder *
adm_strategy_check_order (AdmStrategy     *self,
                          const AdmEvent  *event,
                          GError         **error)
{
  AdmStratOrder *order = g_new0 (AdmStratOrder, 1);
  const char *text = adm_event_get_text (event);
  Tracker *tracker;

  order->line = adm_event_get_line (event);
  order->text = text != NULL && *text != '\0' ? g_strdup (text) : NULL;
  /* A form order needs no formation: its ships say where they come from. */
  if (g_strcmp0 (adm_event_get (event, "order"), "form") == 0 &&
      adm_event_get (event, "formation") == NULL)
    {
      order->kind = ADM_STRAT_ORDER_FORM;
      if (!_adm_strategy_need_cycle (self, event, &order->cycle, error) ||
          (order->admiral = _adm_strategy_need_admiral (self, event, error)) == NULL ||
          !read_form (self, order, event, error))
        {
          adm_strat_order_free (order);
          return NULL;
        }
      tracker = g_hash_table_lookup (self->ship_formation, g_ptr_array_index (order->ships, 0));
      order->formation = tracker->pos.formation;
      return order;
    }
  if (!_adm_strategy_need_cycle (self, event, &order->cycle, error) ||
      (order->admiral = _adm_strategy_need_admiral (self, event, error)) == NULL ||
      (tracker = need_command (self, event, order->admiral, error)) == NULL ||
      !read_kind (event, &order->kind, error) ||
      !read_details (self, tracker, order, event, error))
    {
      adm_strat_order_free (order);
      return NULL;
    }
  order->formation = tracker->pos.formation;
  return order;
}

static gboolean
is_admin (AdmStratOrderKind kind)
{
  return kind == ADM_STRAT_ORDER_FORM || kind == ADM_STRAT_ORDER_DETACH ||
         kind == ADM_STRAT_ORDER_JOIN || kind == ADM_STRAT_ORDER_DISBAND;
}

static guint
slot_of (AdmStratOrderKind kind)
{
  if (kind == ADM_STRAT_ORDER_FLAGSHIP)
    return 1;
  if (kind == ADM_STRAT_ORDER_INSTRUCTIONS)
    return 2;
  return 0;
}

/* A later order of one slot for one formation and cycle supersedes the earlier one; the
 * journal keeps both (a correction, F-STRAT-7). */
void
adm_strategy_apply_order (AdmStrategy   *self,
                          AdmStratOrder *order)
{
  Tracker *tracker = g_hash_table_lookup (self->trackers, order->formation->id);
  guint slot = slot_of (order->kind);

  g_ptr_array_add (self->orders, order);
  if (is_admin (order->kind))
    _adm_strategy_apply_admin_order (self, tracker, order);
  else
    tracker->pending[slot] = order;
}

/* F-STRAT-7: a later order of one slot for one formation and cycle supersedes the earlier one.
 * An order to a formation that ceased before its cycle was resolved is not carried out. */
gboolean
adm_strategy_order_in_force (AdmStrategy         *self,
                             const AdmStratOrder *order)
{
  gboolean after = FALSE;
  Tracker *tracker;

  if (order == NULL || !g_ptr_array_find (self->orders, order, NULL))
    return FALSE;
  if (is_admin (order->kind))
    return TRUE;
  for (guint i = 0; i < self->orders->len; i++)
    {
      AdmStratOrder *other = g_ptr_array_index (self->orders, i);

      if (other == order)
        after = TRUE;
      else if (after && other->cycle == order->cycle && !is_admin (other->kind) &&
               slot_of (other->kind) == slot_of (order->kind) &&
               g_str_equal (other->formation->id, order->formation->id))
        return FALSE;
    }
  tracker = g_hash_table_lookup (self->trackers, order->formation->id);
  return !tracker->gone || tracker->gone_cycle > order->cycle;
}
