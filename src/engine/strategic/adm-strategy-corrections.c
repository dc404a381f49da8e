/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-corrections.c: the master's corrections on the strategic map — a formation
 * moved to another sector by fiat ("relocate"), a ship handed to another formation
 * ("hand-over"), and the line a correction leaves in a formation's log. The log is what the
 * summary of the admiral commanding the formation tells (adm_strategy_summary ()), so a
 * correction is told to its own side only, as far as the summary's filter allows. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy-private.h"

/* The formation in being @event names under @key, or NULL with @error set. */
static Tracker *
need_formation (AdmStrategy     *self,
                const AdmEvent  *event,
                const char      *key,
                GError         **error)
{
  const char *id = adm_event_get (event, key);
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;

  if (tracker == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “%s” correction names unknown formation “%s”"),
                   adm_event_get_kind (event), id != NULL ? id : "");
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
  if (had_orders)
    /* Translators: a formation's log: "moved to Pol orbit by the master; its orders lapse" */
    _adm_strategy_log (tracker, self->cycle, _("moved to %s by the master; its orders lapse"),
                       sector->name);
  else
    /* Translators: a formation's log: "moved to Pol orbit by the master" */
    _adm_strategy_log (tracker, self->cycle, _("moved to %s by the master"), sector->name);
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
  problem = adm_formation_composition_problem (_adm_strategy_ruling (self->scenario,
                                                                     "formation-composition"),
                                               to->pos.formation->name, ships);
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
  _adm_strategy_log (from, self->cycle, _("%s was handed to “%s” by the master"), ship->name,
                     joined->name);
  g_ptr_array_add (leaving, (gpointer) ship);
  _adm_strategy_remove_ships (self, from, leaving);
  g_ptr_array_add (joined->ships, (gpointer) ship);
  g_hash_table_insert (self->ship_formation, (gpointer) ship, to);
  /* Translators: a formation's log: "Prince Serg joined it, handed over by the master" */
  _adm_strategy_log (to, self->cycle, _("%s joined it, handed over by the master"), ship->name);
}

void
adm_strategy_log_formation (AdmStrategy        *self,
                            const AdmFormation *formation,
                            const char         *text)
{
  Tracker *tracker;

  g_return_if_fail (self != NULL && formation != NULL && text != NULL);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker != NULL)
    _adm_strategy_log (tracker, self->cycle, "%s", text);
}
