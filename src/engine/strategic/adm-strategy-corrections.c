/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-corrections.c: the master's corrections on the strategic map — a formation
 * moved to another sector by fiat ("relocate"), a ship handed to another formation
 * ("hand-over"), and the line a correction leaves in a formation's log. The log is what the
 * summary of the admiral commanding the formation tells (adm_strategy_summary ()), so a
 * correction is told to its own side only, as far as the summary's filter allows. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy-private.h"

/* The formation in being @id, named by a correction of @kind, or NULL with @error set. */
static Tracker *
need_formation_id (AdmStrategy  *self,
                   const char   *kind,
                   const char   *id,
                   GError      **error)
{
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;

  if (tracker == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “%s” correction names unknown formation “%s”"), kind,
                   id != NULL ? id : "");
      return NULL;
    }
  if (tracker->gone)
    {
      _adm_strategy_refuse (error, _("“%s” no longer exists (F-STRAT-17)"),
                            tracker->pos.formation->name);
      return NULL;
    }
  return tracker;
}

/* The formation in being @event names under @key, or NULL with @error set. */
static Tracker *
need_formation (AdmStrategy     *self,
                const AdmEvent  *event,
                const char      *key,
                GError         **error)
{
  return need_formation_id (self, adm_event_get_kind (event), adm_event_get (event, key), error);
}

/* "relocate": the master puts a formation in another sector (the story moved it). It arrives
 * there at once, off any link it was crossing; the orders it was carrying out lapse, so that
 * no route runs on from a sector it is no longer in (F-STRAT-5: it keeps no standing order). */

gboolean
adm_strategy_check_relocate (AdmStrategy     *self,
                             const AdmEvent  *event,
                             GError         **error)
{
  const char *sector_id = adm_event_get (event, "sector");
  const AdmSector *sector = sector_id != NULL ? adm_scenario_lookup_sector (self->scenario,
                                                                            sector_id) : NULL;
  Tracker *tracker;

  g_return_val_if_fail (self != NULL, FALSE);

  tracker = need_formation (self, event, "formation", error);
  if (tracker == NULL)
    return FALSE;
  if (sector == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no sector “%s” on this campaign's map"),
                   sector_id != NULL ? sector_id : "");
      return FALSE;
    }
  if (tracker->pos.towards == NULL && tracker->pos.sector == sector)
    return _adm_strategy_refuse (error, _("“%s” is in %s already"), tracker->pos.formation->name,
                                 sector->name);
  return TRUE;
}

void
adm_strategy_apply_relocate (AdmStrategy    *self,
                             const AdmEvent *event)
{
  Tracker *tracker = g_hash_table_lookup (self->trackers, adm_event_get (event, "formation"));
  const AdmSector *sector = adm_scenario_lookup_sector (self->scenario,
                                                       adm_event_get (event, "sector"));
  gboolean had_orders = tracker->standing != NULL || tracker->pending[0] != NULL;

  tracker->pos.sector = sector;
  tracker->pos.towards = NULL;
  tracker->pos.spent = tracker->pos.leg = 0;
  g_clear_pointer (&tracker->standing, adm_strat_order_free);
  tracker->pending[0] = NULL;
  {
    /* Translators: a formation's log: "moved to Pol orbit by the master; its orders lapse" */
    g_autofree char *text = had_orders ? g_strdup_printf (_("moved to %s by the master; its "
                                                            "orders lapse"), sector->name)
    /* Translators: a formation's log: "moved to Pol orbit by the master" */
                                       : g_strdup_printf (_("moved to %s by the master"),
                                                          sector->name);
    /* Translators: a formation's log as its admiral's papers tell it: "redeployed to Pol
     * orbit; its orders lapse" */
    g_autofree char *told = had_orders ? g_strdup_printf (_("redeployed to %s; its orders "
                                                            "lapse"), sector->name)
    /* Translators: a formation's log as its admiral's papers tell it: "redeployed to Pol
     * orbit" */
                                       : g_strdup_printf (_("redeployed to %s"), sector->name);

    _adm_strategy_log_told (tracker, self->cycle, text, told);
  }
}

/* "hand-over": the master hands a ship to another formation of the same side. The formation
 * it joins must still hold it under F-FORM-8 with the season's ruling "formation-composition";
 * the one it leaves goes on under F-FORM-5 (or is no more, left without ships, F-FORM-3). */

gboolean
adm_strategy_check_hand_over (AdmStrategy     *self,
                              const AdmShip   *ship,
                              const AdmEvent  *event,
                              GError         **error)
{
  Tracker *from, *to;
  g_autoptr(GPtrArray) ships = NULL;
  g_autofree char *problem = NULL;

  g_return_val_if_fail (self != NULL && ship != NULL, FALSE);

  from = g_hash_table_lookup (self->ship_formation, ship);
  if (from == NULL || from->gone)
    return _adm_strategy_refuse (error, _("“%s” is in no formation to hand over from"),
                                 ship->name);
  to = need_formation (self, event, "formation", error);
  if (to == NULL)
    return FALSE;
  if (to == from)
    return _adm_strategy_refuse (error, _("“%s” is a ship of “%s” already"), ship->name,
                                 to->pos.formation->name);
  if (to->pos.formation->faction != from->pos.formation->faction)
    return _adm_strategy_refuse (error, _("“%s” serves %s and “%s” is a formation of %s: a ship "
                                          "can only be handed to a formation of its own side"),
                                 ship->name, from->pos.formation->faction->name,
                                 to->pos.formation->name, to->pos.formation->faction->name);
  ships = g_ptr_array_copy (to->pos.formation->ships, NULL, NULL);
  g_ptr_array_add (ships, (gpointer) ship);
  problem = _adm_strategy_composition_problem (self->scenario, to->pos.formation->name, ships);
  if (problem != NULL)
    return _adm_strategy_refuse (error, "%s", problem);
  return TRUE;
}

void
adm_strategy_apply_hand_over (AdmStrategy    *self,
                              const AdmShip  *ship,
                              const AdmEvent *event)
{
  Tracker *from = g_hash_table_lookup (self->ship_formation, ship);
  Tracker *to = g_hash_table_lookup (self->trackers, adm_event_get (event, "formation"));
  g_autoptr(GPtrArray) leaving = g_ptr_array_new ();
  AdmFormation *joined = _adm_strategy_writable (self, to);

  /* Translators: a formation's log: "Prince Serg was handed to “Jade Squadron” by the
   * master" */
  g_autofree char *left = g_strdup_printf (_("%s was handed to “%s” by the master"), ship->name,
                                           joined->name);
  /* Translators: a formation's log as its admiral's papers tell it: "Prince Serg was
   * transferred to “Jade Squadron”" */
  g_autofree char *left_told = g_strdup_printf (_("%s was transferred to “%s”"), ship->name,
                                                joined->name);
  /* Translators: a formation's log: "Prince Serg joined it, handed over by the master" */
  g_autofree char *came = g_strdup_printf (_("%s joined it, handed over by the master"),
                                           ship->name);
  /* Translators: a formation's log as its admiral's papers tell it: "Prince Serg joined it,
   * transferred from another formation" */
  g_autofree char *came_told = g_strdup_printf (_("%s joined it, transferred from another "
                                                  "formation"), ship->name);

  _adm_strategy_log_told (from, self->cycle, left, left_told);
  g_ptr_array_add (leaving, (gpointer) ship);
  _adm_strategy_remove_ships (self, from, leaving);
  g_ptr_array_add (joined->ships, (gpointer) ship);
  g_hash_table_insert (self->ship_formation, (gpointer) ship, to);
  _adm_strategy_log_told (to, self->cycle, came, came_told);
}

void
adm_strategy_log_formation (AdmStrategy        *self,
                            const AdmFormation *formation,
                            const char         *text,
                            const char         *told)
{
  Tracker *tracker;

  g_return_if_fail (self != NULL && formation != NULL && text != NULL);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker != NULL)
    _adm_strategy_log_told (tracker, self->cycle, text, told);
}

/* Reinforcements: ships and formations the master adds ("new-ship", "new-formation"). */

void
_adm_strategy_added_ship_free (gpointer data)
{
  AdmShip *ship = data;

  g_free (ship->id);
  g_free (ship->name);
  g_free (ship);
}

AdmShip *
adm_strategy_lookup_ship (AdmStrategy *self,
                          const char  *id)
{
  AdmShip *ship;

  g_return_val_if_fail (self != NULL, NULL);

  if (id == NULL)
    return NULL;
  ship = adm_scenario_lookup_ship (self->scenario, id);
  return ship != NULL ? ship : g_hash_table_lookup (self->added_by_id, id);
}

GPtrArray *
adm_strategy_get_added_ships (AdmStrategy *self)
{
  g_return_val_if_fail (self != NULL && self->added_ships != NULL, NULL);
  return self->added_ships;
}

gboolean
adm_strategy_check_new_ship (AdmStrategy    *self,
                             const AdmShip  *ship,
                             const char     *formation_id,
                             GError        **error)
{
  Tracker *to;
  g_autoptr(GPtrArray) ships = NULL;

  g_return_val_if_fail (self != NULL && ship != NULL, FALSE);

  if (adm_strategy_lookup_ship (self, ship->id) != NULL)
    return _adm_strategy_refuse (error, _("the campaign has a ship “%s” already; a new ship "
                                          "needs an id of its own"), ship->id);
  if (formation_id == NULL)
    return TRUE;
  to = need_formation_id (self, "new-ship", formation_id, error);
  if (to == NULL)
    return FALSE;
  if (to->pos.formation->faction != ship->faction)
    return _adm_strategy_refuse (error, _("“%s” serves %s and “%s” is a formation of %s: a ship "
                                          "can only be handed to a formation of its own side"),
                                 ship->name, ship->faction->name, to->pos.formation->name,
                                 to->pos.formation->faction->name);
  ships = g_ptr_array_copy (to->pos.formation->ships, NULL, NULL);
  g_ptr_array_add (ships, (gpointer) ship);
  return _adm_strategy_check_composition (self, to->pos.formation->name, ships, error);
}

const AdmShip *
adm_strategy_add_ship (AdmStrategy        *self,
                       const char         *id,
                       const char         *name,
                       const AdmShipClass *klass,
                       const AdmFaction   *faction,
                       int                 readiness,
                       const char         *formation_id)
{
  AdmShip *ship = g_new0 (AdmShip, 1);

  g_return_val_if_fail (self != NULL && self->added_ships != NULL, NULL);

  ship->id = g_strdup (id);
  ship->name = g_strdup (name);
  ship->klass = klass;
  ship->faction = faction;
  ship->readiness = readiness;
  g_ptr_array_add (self->added_ships, ship);
  g_hash_table_insert (self->added_by_id, ship->id, ship);
  if (formation_id != NULL)
    {
      Tracker *to = g_hash_table_lookup (self->trackers, formation_id);
      AdmFormation *joined = _adm_strategy_writable (self, to);

      g_ptr_array_add (joined->ships, ship);
      ship->formation = joined;
      g_hash_table_insert (self->ship_formation, ship, to);
      /* Translators: a formation's log: "Kestrel II (Vorpatril) joined it, reinforcements
       * from the master" */
      g_autofree char *text = g_strdup_printf (_("%s (%s) joined it, reinforcements from the "
                                                 "master"), ship->name, klass->name);
      /* Translators: a formation's log as its admiral's papers tell it: "Kestrel II
       * (Vorpatril) joined it as reinforcements" */
      g_autofree char *told = g_strdup_printf (_("%s (%s) joined it as reinforcements"),
                                               ship->name, klass->name);

      _adm_strategy_log_told (to, self->cycle, text, told);
    }
  return ship;
}

/* The minutes of a cycle a formation may arrive at: from 0 to the last before the next session
 * (F-STRAT-1, the ruleset's minutes of a cycle). */
static gboolean
read_arrival (AdmStrategy     *self,
              const AdmEvent  *event,
              guint           *cycle,
              double          *minute,
              GError         **error)
{
  const char *cycle_text = adm_event_get (event, "cycle");
  const char *minute_text = adm_event_get (event, "minute");
  guint64 last = (guint64) adm_strategy_cycle_minutes (self->scenario) - 1;
  guint64 value;

  *cycle = 0;
  *minute = 0;
  if (cycle_text == NULL && minute_text == NULL)
    return TRUE;
  if (cycle_text == NULL || minute_text == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("reinforcements arrive at a minute of a cycle: give both the cycle and "
                     "the minute, or neither"));
      return FALSE;
    }
  if (!g_ascii_string_to_unsigned (cycle_text, 10, 1, G_MAXUINT, &value, NULL) ||
      value != self->cycle)
    return _adm_strategy_refuse (error, _("reinforcements arrive in the cycle being ordered, "
                                          "%u, not in cycle “%s”: record them while its orders "
                                          "are given"), self->cycle, cycle_text);
  *cycle = (guint) value;
  if (!g_ascii_string_to_unsigned (minute_text, 10, 0, last, &value, NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("reinforcements arrive at a minute from 0 to %d of the cycle (F-STRAT-1), "
                     "not “%s”"), (int) last, minute_text);
      return FALSE;
    }
  *minute = (double) value;
  return TRUE;
}

/* The waiting ships "ships" names, in order, into @ships; FALSE with @error. */
static gboolean
read_waiting_ships (AdmStrategy     *self,
                    const AdmEvent  *event,
                    GPtrArray       *ships,
                    GError         **error)
{
  g_auto(GStrv) words = g_strsplit (adm_event_get (event, "ships") != NULL
                                    ? adm_event_get (event, "ships") : "", " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      AdmShip *ship;

      if (words[i][0] == '\0')
        continue;
      ship = g_hash_table_lookup (self->added_by_id, words[i]);
      if (ship == NULL || g_hash_table_contains (self->ship_formation, ship) ||
          g_ptr_array_find (ships, ship, NULL) || ships->len >= 100)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("“%s” is no new ship waiting for a formation"), words[i]);
          return FALSE;
        }
      g_ptr_array_add (ships, ship);
    }
  if (ships->len == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a new formation needs at least one ship (F-FORM-3)"));
      return FALSE;
    }
  return TRUE;
}

/* The longest name of a formation the master adds, in characters, as an order's. */
#define NEW_NAME_MAX 80

gboolean
adm_strategy_check_new_formation (AdmStrategy     *self,
                                  const AdmEvent  *event,
                                  GError         **error)
{
  const char *id = adm_event_get (event, "formation");
  const char *name = adm_event_get (event, "name");
  const char *hidden = adm_event_get (event, "hidden");
  const char *revealed = adm_event_get (event, "revealed");
  const AdmAdmiral *admiral;
  const AdmSector *sector;
  g_autoptr(GPtrArray) ships = g_ptr_array_new ();
  guint cycle;
  double minute;

  g_return_val_if_fail (self != NULL, FALSE);

  if (id == NULL || *id == '\0' || adm_strategy_formation_id_used (self, id))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a new formation needs an id no formation of the campaign has had, not "
                     "“%s”"), id != NULL ? id : "");
      return FALSE;
    }
  if (name == NULL || *name == '\0' || g_utf8_strlen (name, -1) > NEW_NAME_MAX)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a new formation needs a name of at most %d characters"), NEW_NAME_MAX);
      return FALSE;
    }
  admiral = _adm_strategy_need_admiral (self, event, error);
  if (admiral == NULL)
    return FALSE;
  sector = adm_scenario_lookup_sector (self->scenario, adm_event_get (event, "sector"));
  if (sector == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no sector “%s” on this campaign's map"),
                   adm_event_get (event, "sector") != NULL ? adm_event_get (event, "sector") : "");
      return FALSE;
    }
  if ((hidden != NULL && !g_str_equal (hidden, "true") && !g_str_equal (hidden, "false")) ||
      (revealed != NULL && !g_str_equal (revealed, "true") && !g_str_equal (revealed, "false")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a new formation is hidden or revealed by “true” or “false”"));
      return FALSE;
    }
  /* F-STRAT-3: hidden, the other sides do not know of it; revealed, everyone does. */
  if (g_strcmp0 (hidden, "true") == 0 && g_strcmp0 (revealed, "true") == 0)
    return _adm_strategy_refuse (error, _("“%s” cannot be both hidden and revealed (F-STRAT-3)"),
                                 name);
  if (!read_arrival (self, event, &cycle, &minute, error) ||
      !read_waiting_ships (self, event, ships, error))
    return FALSE;
  for (guint i = 0; i < ships->len; i++)
    if (((const AdmShip *) g_ptr_array_index (ships, i))->faction != admiral->faction)
      return _adm_strategy_refuse (error, _("“%s” serves %s and %s is an admiral of %s: a new "
                                            "formation is of its admiral's side"),
                                   ((const AdmShip *) g_ptr_array_index (ships, i))->name,
                                   ((const AdmShip *) g_ptr_array_index (ships, i))->faction->name,
                                   admiral->name, admiral->faction->name);
  return _adm_strategy_check_composition (self, name, ships, error);
}

void
adm_strategy_apply_new_formation (AdmStrategy    *self,
                                  const AdmEvent *event)
{
  AdmFormation *formation = g_new0 (AdmFormation, 1);
  g_autoptr(GPtrArray) ships = g_ptr_array_new ();
  const AdmSector *sector = adm_scenario_lookup_sector (self->scenario,
                                                       adm_event_get (event, "sector"));
  Tracker *tracker;
  guint cycle;
  double minute;

  read_waiting_ships (self, event, ships, NULL);
  read_arrival (self, event, &cycle, &minute, NULL);
  formation->id = g_strdup (adm_event_get (event, "formation"));
  formation->name = g_strdup (adm_event_get (event, "name"));
  formation->admiral = adm_strategy_lookup_admiral (self,
                                                    adm_event_get (event, "admiral"));
  formation->faction = formation->admiral->faction;
  formation->sector = (AdmSector *) sector;
  /* F-FORM-4: the first ship listed is the flagship. */
  formation->flagship = g_ptr_array_index (ships, 0);
  formation->ships = g_ptr_array_copy (ships, NULL, NULL);
  formation->succession = g_ptr_array_new ();
  formation->hidden = g_strcmp0 (adm_event_get (event, "hidden"), "true") == 0;
  g_ptr_array_add (self->owned, formation);
  tracker = _adm_strategy_add_tracker (self, formation, sector);
  tracker->revealed = g_strcmp0 (adm_event_get (event, "revealed"), "true") == 0;
  for (guint i = 0; i < ships->len; i++)
    ((AdmShip *) g_ptr_array_index (ships, i))->formation = formation;
  tracker->arrival_cycle = cycle;
  tracker->arrival_minute = minute;
  if (cycle != 0)
    {
      /* Translators: a formation's log: "reinforcements from the master, arriving in Komarr
       * orbit at minute 20" */
      g_autofree char *text = g_strdup_printf (_("reinforcements from the master, arriving in "
                                                 "%s at minute %.0f"), sector->name, minute);
      /* Translators: a formation's log as its admiral's papers tell it: "reinforcements,
       * arriving in Komarr orbit at minute 20" */
      g_autofree char *told = g_strdup_printf (_("reinforcements, arriving in %s at minute "
                                                 "%.0f"), sector->name, minute);

      _adm_strategy_log_told (tracker, self->cycle, text, told);
    }
  else
    {
      /* Translators: a formation's log: "reinforcements from the master, in Komarr orbit" */
      g_autofree char *text = g_strdup_printf (_("reinforcements from the master, in %s"),
                                               sector->name);
      /* Translators: a formation's log as its admiral's papers tell it: "reinforcements, in
       * Komarr orbit" */
      g_autofree char *told = g_strdup_printf (_("reinforcements, in %s"), sector->name);

      _adm_strategy_log_told (tracker, self->cycle, text, told);
    }
}

/* Admirals leaving the game ("retire-admiral"). */

gboolean
adm_strategy_admiral_retired (AdmStrategy *self,
                              const char  *admiral_id)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return admiral_id != NULL && g_hash_table_contains (self->retired, admiral_id);
}

gboolean
adm_strategy_check_retire_admiral (AdmStrategy     *self,
                                   const AdmEvent  *event,
                                   GError         **error)
{
  const char *successor_id = adm_event_get (event, "successor");
  const AdmAdmiral *admiral, *successor = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  admiral = _adm_strategy_need_admiral (self, event, error);
  if (admiral == NULL)
    return FALSE;
  if (successor_id == NULL)
    return TRUE;
  successor = adm_strategy_lookup_admiral (self, successor_id);
  if (successor == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no admiral “%s” in this campaign"), successor_id);
      return FALSE;
    }
  if (successor == admiral)
    return _adm_strategy_refuse (error, _("%s cannot hand his formations to himself"),
                                 admiral->name);
  if (successor->faction != admiral->faction)
    return _adm_strategy_refuse (error, _("%s is an admiral of %s, and %s of %s: formations go "
                                          "to an admiral of their own side (F-FORM-6)"),
                                 successor->name, successor->faction->name, admiral->name,
                                 admiral->faction->name);
  if (g_hash_table_contains (self->retired, successor->id))
    return _adm_strategy_refuse (error, _("%s has left the game (the master retired him)"),
                                 successor->name);
  return TRUE;
}

void
adm_strategy_apply_retire_admiral (AdmStrategy    *self,
                                   const AdmEvent *event)
{
  const AdmAdmiral *admiral = adm_strategy_lookup_admiral (self,
                                                           adm_event_get (event, "admiral"));
  const char *successor_id = adm_event_get (event, "successor");
  const AdmAdmiral *successor = successor_id != NULL
                                ? adm_strategy_lookup_admiral (self, successor_id)
                                : NULL;
  g_autoptr(GPtrArray) formations = g_ptr_array_copy (self->formations, NULL, NULL);

  g_hash_table_add (self->retired, admiral->id);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      Tracker *tracker = g_hash_table_lookup (self->trackers, formation->id);

      if (formation->admiral != admiral)
        continue;
      if (successor != NULL)
        {
          _adm_strategy_writable (self, tracker)->admiral = (AdmAdmiral *) successor;
          /* Translators: a formation's log: "given to Adm. Aral Vorkosigan: Adm. Lord
           * Vorlakial left the game" */
          _adm_strategy_log (tracker, self->cycle, _("given to %s: %s left the game"),
                             successor->name, admiral->name);
        }
      else
        /* Translators: a formation's log: "Adm. Lord Vorlakial left the game; it carries out
         * its standing orders (F-STRAT-5)" */
        _adm_strategy_log (tracker, self->cycle, _("%s left the game; it carries out its "
                                                   "standing orders (F-STRAT-5)"),
                           admiral->name);
    }
}

/* Admirals joining the game ("new-admiral"). */

AdmAdmiral *
adm_strategy_lookup_admiral (AdmStrategy *self,
                             const char  *id)
{
  AdmAdmiral *admiral;

  g_return_val_if_fail (self != NULL, NULL);

  if (id == NULL)
    return NULL;
  admiral = adm_scenario_lookup_admiral (self->scenario, id);
  return admiral != NULL ? admiral : g_hash_table_lookup (self->joined_by_id, id);
}

GPtrArray *
adm_strategy_get_admirals (AdmStrategy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->admirals;
}

/* The longest name of an admiral who joins, in characters, as a new formation's. */
#define ADMIRAL_NAME_MAX 80

/* The faction of the campaign @id names, NULL for none. */
static const AdmFaction *
campaign_faction (AdmStrategy *self,
                  const char  *id)
{
  GPtrArray *factions = adm_scenario_get_factions (self->scenario);

  for (guint i = 0; id != NULL && i < factions->len; i++)
    if (g_str_equal (((const AdmFaction *) g_ptr_array_index (factions, i))->id, id))
      return g_ptr_array_index (factions, i);
  return NULL;
}

gboolean
adm_strategy_check_new_admiral (AdmStrategy     *self,
                                const AdmEvent  *event,
                                GError         **error)
{
  const char *id = adm_event_get (event, "admiral");
  const char *name = adm_event_get (event, "name");
  const char *faction = adm_event_get (event, "faction");
  g_autofree char *stripped = name != NULL ? g_strstrip (g_strdup (name)) : NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  if (id == NULL || *id == '\0' || strlen (id) > 64 || strchr (id, ' ') != NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a new admiral needs an id of at most 64 characters without spaces, not "
                     "“%s”"), id != NULL ? id : "");
      return FALSE;
    }
  if (stripped == NULL || *stripped == '\0' || g_utf8_strlen (stripped, -1) > ADMIRAL_NAME_MAX)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a new admiral needs a name of at most %d characters"), ADMIRAL_NAME_MAX);
      return FALSE;
    }
  if (adm_strategy_lookup_admiral (self, id) != NULL)
    return _adm_strategy_refuse (error, _("the campaign has an admiral “%s” already (%s); a new "
                                          "admiral needs an id of his own"),
                                 id, adm_strategy_lookup_admiral (self, id)->name);
  folded = g_utf8_casefold (stripped, -1);
  for (guint i = 0; i < self->admirals->len; i++)
    {
      const AdmAdmiral *other = g_ptr_array_index (self->admirals, i);
      g_autofree char *other_folded = g_utf8_casefold (other->name, -1);

      /* Papers and the command line find an admiral by his name too. */
      if (g_str_equal (folded, other_folded))
        return _adm_strategy_refuse (error, _("the campaign has an admiral named “%s” already; "
                                              "a new admiral needs a name of his own"),
                                     other->name);
    }
  if (campaign_faction (self, faction) == NULL)
    {
      g_autoptr(GString) names = g_string_new (NULL);
      GPtrArray *factions = adm_scenario_get_factions (self->scenario);

      for (guint i = 0; i < factions->len; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "",
                                ((const AdmFaction *) g_ptr_array_index (factions, i))->id);
      /* Translators: "there is no faction “cetaganda” in this campaign (its factions:
       * barrayar, komarr)" */
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no faction “%s” in this campaign (its factions: %s)"),
                   faction != NULL ? faction : "", names->str);
      return FALSE;
    }
  return TRUE;
}

void
adm_strategy_apply_new_admiral (AdmStrategy    *self,
                                const AdmEvent *event)
{
  g_autofree char *name = g_strstrip (g_strdup (adm_event_get (event, "name")));
  AdmAdmiral *admiral;

  g_return_if_fail (self != NULL);

  admiral = adm_scenario_intern_admiral (self->scenario, adm_event_get (event, "admiral"), name,
                                         campaign_faction (self, adm_event_get (event, "faction")));
  g_ptr_array_add (self->admirals, admiral);
  g_hash_table_insert (self->joined_by_id, admiral->id, admiral);
}
