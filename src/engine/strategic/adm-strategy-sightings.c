/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-sightings.c: what each side knows of the formations (F-STRAT-3, F-STRAT-9).
 *
 * Knowledge ages: as each session closes its cycle, every faction in contact with an enemy
 * formation — it met it in the cycle, or knowing of it shares its sector — records where it is
 * and how many ships it has. A side sees a hidden enemy live only while in contact; otherwise it
 * knows it by that sighting, "last seen at PLACE, cycle N (k ships)". Battles and the master's
 * "reveal" add to what the sides know. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy-private.h"

/* Knowledge that ages (F-STRAT-3, F-STRAT-9) */

/* Whether @viewer's side knows of @tracker's formation at all: not hidden, revealed to
 * everyone, its own side's, or met once by the side (F-STRAT-3). */
static gboolean
side_knows (AdmStrategy      *self,
            Tracker          *tracker,
            const AdmFaction *viewer)
{
  const AdmFormation *formation = tracker->pos.formation;

  if (!formation->hidden || tracker->revealed ||
      adm_scenario_factions_allied (self->scenario, viewer, formation->faction))
    return TRUE;
  for (guint i = 0; i < tracker->known_to->len; i++)
    if (adm_scenario_factions_allied (self->scenario, viewer,
                                      g_ptr_array_index (tracker->known_to, i)))
      return TRUE;
  return FALSE;
}

/* Whether a formation in being of @viewer's side (its faction or, with @allies, an ally) is in
 * the sector where @tracker's formation is, neither of them on a link. */
static gboolean
shares_sector (AdmStrategy      *self,
               Tracker          *tracker,
               const AdmFaction *viewer,
               gboolean          allies)
{
  if (tracker->gone || tracker->pos.towards != NULL)
    return FALSE;
  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *other = g_ptr_array_index (self->all, i);

      if (!other->gone && other->pos.towards == NULL && other->pos.sector == tracker->pos.sector &&
          (other->pos.formation->faction == viewer ||
           (allies && adm_scenario_factions_allied (self->scenario, viewer,
                                                    other->pos.formation->faction))))
        return TRUE;
    }
  return FALSE;
}

/* Whether a formation of @faction is in an engagement of @cycle with @tracker's formation. */
static gboolean
met_in (AdmStrategy      *self,
        Tracker          *tracker,
        const AdmFaction *faction,
        guint             cycle)
{
  /* Engagements are recorded cycle by cycle: the latest first, so that a long campaign does
   * not walk its whole history for every formation at every session. */
  for (guint i = self->engagements->len; i-- > 0;)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);

      if (engagement->cycle < cycle)
        break;
      if (engagement->cycle != cycle ||
          !g_ptr_array_find (engagement->formations, tracker->pos.formation, NULL))
        continue;
      for (guint f = 0; f < engagement->formations->len; f++)
        if (((const AdmFormation *) g_ptr_array_index (engagement->formations, f))->faction ==
            faction)
          return TRUE;
    }
  return FALSE;
}

/* The sighting of @tracker's formation by @viewer's side latest in time, or NULL. */
static const Seen *
latest_seen (AdmStrategy      *self,
             Tracker          *tracker,
             const AdmFaction *viewer)
{
  const Seen *latest = NULL;

  for (guint i = 0; i < tracker->sightings->len; i++)
    {
      const Seen *seen = &g_array_index (tracker->sightings, Seen, i);

      if (adm_scenario_factions_allied (self->scenario, viewer, seen->faction) &&
          (latest == NULL || seen->cycle > latest->cycle))
        latest = seen;
    }
  return latest;
}

void
adm_strategy_battle_sighting (AdmStrategy        *self,
                              const AdmFormation *formation,
                              const AdmFaction   *viewer,
                              gboolean            detected,
                              guint               ships)
{
  Tracker *tracker;
  guint cycle;

  g_return_if_fail (self != NULL && formation != NULL && viewer != NULL);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL || self->cycle < 2)
    return;
  cycle = self->cycle - 1;
  if (!detected)
    {
      /* F-ECM-2: never found on the table, it was never seen: the meeting of the cycle taught
       * the side nothing of it (a formation it knew before was on its table from the start). */
      for (guint k = tracker->sightings->len; k > 0; k--)
        {
          const Seen *seen = &g_array_index (tracker->sightings, Seen, k - 1);

          if (seen->faction == viewer && seen->cycle == cycle)
            g_array_remove_index (tracker->sightings, k - 1);
        }
      g_ptr_array_remove (tracker->known_to, (gpointer) viewer);
      return;
    }
  if (!g_ptr_array_find (tracker->known_to, viewer, NULL))
    g_ptr_array_add (tracker->known_to, (gpointer) viewer);
  for (guint k = 0; k < tracker->sightings->len; k++)
    {
      Seen *seen = &g_array_index (tracker->sightings, Seen, k);

      if (seen->faction == viewer)
        {
          seen->cycle = cycle;
          seen->ships = ships;
          return;
        }
    }
  {
    Seen seen = { viewer, cycle, tracker->pos.sector, tracker->pos.towards,
                  tracker->pos.leg > 0 ? tracker->pos.spent / tracker->pos.leg : 0, ships };

    g_array_append_val (tracker->sightings, seen);
  }
}

void
adm_strategy_battle_ended (AdmStrategy         *self,
                           const AdmEngagement *engagement)
{
  g_return_if_fail (self != NULL && engagement != NULL);

  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);
      Tracker *tracker = g_hash_table_lookup (self->trackers, formation->id);

      /* A hidden formation is seen as the "sighting" events of the battle's end say. */
      if (tracker == NULL || tracker->pos.formation->hidden)
        continue;
      for (guint k = 0; k < tracker->sightings->len; k++)
        {
          Seen *seen = &g_array_index (tracker->sightings, Seen, k);
          gboolean at_table = FALSE;

          for (guint g = 0; g < engagement->formations->len && !at_table; g++)
            at_table = ((const AdmFormation *) g_ptr_array_index (engagement->formations,
                                                                  g))->faction == seen->faction;
          if (at_table && seen->cycle == engagement->cycle)
            seen->ships = tracker->pos.formation->ships->len;
        }
    }
}

/* As the session closes the cycle, every faction in contact with an enemy formation — it met
 * it in the cycle, or knowing of it shares its sector — sees where it is and how many ships it
 * has; the next cycles remember that sighting. */
void
_adm_strategy_record_sightings (AdmStrategy *self)
{
  GPtrArray *factions = adm_scenario_get_factions (self->scenario);

  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      const AdmFormation *formation = tracker->pos.formation;

      if (tracker->gone)
        continue;
      for (guint v = 0; v < factions->len; v++)
        {
          const AdmFaction *viewer = g_ptr_array_index (factions, v);
          Seen seen = { viewer, self->cycle, tracker->pos.sector, tracker->pos.towards,
                        tracker->pos.leg > 0 ? tracker->pos.spent / tracker->pos.leg : 0,
                        formation->ships->len };
          guint k;

          if (adm_scenario_factions_allied (self->scenario, viewer, formation->faction) ||
              (!met_in (self, tracker, viewer, self->cycle) &&
               !(side_knows (self, tracker, viewer) &&
                 shares_sector (self, tracker, viewer, FALSE))))
            continue;
          for (k = 0; k < tracker->sightings->len; k++)
            if (g_array_index (tracker->sightings, Seen, k).faction == viewer)
              break;
          if (k < tracker->sightings->len)
            g_array_index (tracker->sightings, Seen, k) = seen;
          else
            g_array_append_val (tracker->sightings, seen);
        }
    }
}

/* F-STRAT-3: each side knows its own and its allies' formations and every formation not
 * hidden or revealed by the master to everyone; a hidden enemy only while in contact with it
 * (adm_strategy_in_contact ()), and otherwise by its last sighting. */
gboolean
adm_strategy_formation_visible (AdmStrategy        *self,
                                const AdmFormation *formation,
                                const AdmFaction   *viewer)
{
  Tracker *tracker;

  g_return_val_if_fail (formation != NULL, FALSE);

  if (!formation->hidden)
    return TRUE;
  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL || tracker->revealed)
    return tracker != NULL;
  if (viewer == NULL)
    return FALSE;
  if (adm_scenario_factions_allied (self->scenario, viewer, formation->faction))
    return TRUE;
  return adm_strategy_in_contact (self, formation, viewer);
}

gboolean
adm_strategy_in_contact (AdmStrategy        *self,
                         const AdmFormation *formation,
                         const AdmFaction   *viewer)
{
  Tracker *tracker;
  const Seen *seen;

  g_return_val_if_fail (self != NULL && formation != NULL && viewer != NULL, FALSE);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL || tracker->gone)
    return FALSE;
  /* Seen as the last session closed its cycle: met there, or side by side in a sector. */
  seen = latest_seen (self, tracker, viewer);
  if (seen != NULL && seen->cycle + 1 == self->cycle)
    return TRUE;
  /* Since then, a formation of the side may have been formed beside it (F-STRAT-12). */
  return side_knows (self, tracker, viewer) && shares_sector (self, tracker, viewer, TRUE);
}

static void
sighting_from (const Seen   *seen,
               Tracker      *tracker,
               AdmSighting  *sighting)
{
  sighting->formation = tracker->pos.formation;
  sighting->cycle = seen->cycle;
  sighting->sector = seen->sector;
  sighting->towards = seen->towards;
  sighting->progress = seen->progress;
  sighting->ships = seen->ships;
}

gboolean
adm_strategy_last_sighting (AdmStrategy        *self,
                            const AdmFormation *formation,
                            const AdmFaction   *viewer,
                            AdmSighting        *sighting)
{
  Tracker *tracker;
  const Seen *seen;

  g_return_val_if_fail (self != NULL && formation != NULL && viewer != NULL, FALSE);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  seen = tracker != NULL ? latest_seen (self, tracker, viewer) : NULL;
  if (seen == NULL)
    return FALSE;
  if (sighting != NULL)
    sighting_from (seen, tracker, sighting);
  return TRUE;
}

GPtrArray *
adm_strategy_last_seen (AdmStrategy      *self,
                        const AdmFaction *viewer)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (self != NULL, out);

  for (guint i = 0; viewer != NULL && i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      const AdmFormation *formation = tracker->pos.formation;
      const Seen *seen;
      AdmSighting *sighting;

      /* Formations not hidden, or revealed to everyone, are on everyone's map where they are
       * (F-STRAT-2, F-STRAT-9); a side's own and its allies' it always knows. */
      if (!formation->hidden || tracker->revealed ||
          adm_scenario_factions_allied (self->scenario, viewer, formation->faction) ||
          adm_strategy_in_contact (self, formation, viewer))
        continue;
      seen = latest_seen (self, tracker, viewer);
      if (seen == NULL)
        continue;
      sighting = g_new0 (AdmSighting, 1);
      sighting_from (seen, tracker, sighting);
      g_ptr_array_add (out, sighting);
    }
  return out;
}

gboolean
adm_strategy_observed_ships (AdmStrategy        *self,
                             const AdmFormation *formation,
                             const AdmFaction   *viewer,
                             guint              *ships,
                             guint              *cycle)
{
  AdmSighting sighting;
  gboolean found;

  g_return_val_if_fail (self != NULL && formation != NULL, FALSE);

  if (cycle != NULL)
    *cycle = 0;
  if (viewer == NULL ||
      adm_scenario_factions_allied (self->scenario, viewer, formation->faction))
    {
      if (ships != NULL)
        *ships = formation->ships->len;
      return TRUE;
    }
  found = adm_strategy_last_sighting (self, formation, viewer, &sighting);
  if (adm_strategy_in_contact (self, formation, viewer))
    {
      /* In contact, the side knows the enemy as the last session (or a battle it fought since)
       * showed it: a battle elsewhere, which it does not know of, changes nothing it is told.
       * Met beside it since that session (F-STRAT-12), it sees it as it is. */
      if (!found || sighting.cycle + 1 != self->cycle)
        sighting.ships = formation->ships->len;
      sighting.cycle = 0;
    }
  else if (!found)
    return FALSE;
  if (ships != NULL)
    *ships = sighting.ships;
  if (cycle != NULL)
    *cycle = sighting.cycle;
  return TRUE;
}

/* "reveal": the master shows a hidden formation to the public, e.g. once it is in the news. */

gboolean
adm_strategy_check_reveal (AdmStrategy     *self,
                           const AdmEvent  *event,
                           GError         **error)
{
  const char *id = adm_event_get (event, "formation");
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;

  if (tracker == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the reveal event names unknown formation “%s”"), id != NULL ? id : "");
      return FALSE;
    }
  if (tracker->gone)
    return _adm_strategy_refuse (error, _("“%s” no longer exists and cannot be revealed "
                                          "(F-STRAT-17)"),
                                 tracker->pos.formation->name);
  if (!tracker->pos.formation->hidden)
    return _adm_strategy_refuse (error, _("“%s” is not hidden: everyone knows of it already"),
                                 tracker->pos.formation->name);
  if (tracker->revealed)
    return _adm_strategy_refuse (error, _("“%s” has been revealed to everyone already"),
                                 tracker->pos.formation->name);
  return TRUE;
}

void
adm_strategy_apply_reveal (AdmStrategy    *self,
                           const AdmEvent *event)
{
  Tracker *tracker = g_hash_table_lookup (self->trackers, adm_event_get (event, "formation"));

  tracker->revealed = TRUE;
  /* Translators: a formation's log as its admiral's papers tell it (the master's: "revealed
   * to everyone by the master") */
  _adm_strategy_log_told (tracker, self->cycle, _("revealed to everyone by the master"),
                          _("its presence became known to everyone"));
}
