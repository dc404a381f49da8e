/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-muster.c: the formations of the muster (adm-muster.h) come into being on the
 * strategic map when the master starts cycle 1 (F-GEN-6, F-GEN-7). Until then no formation
 * of a pool is in being, so the strategic map, its filter and everything built on it know
 * nothing of a muster. */

#include "config.h"

#include "adm-strategy-private.h"

void
adm_strategy_add_mustered (AdmStrategy      *self,
                           const char       *id,
                           const char       *name,
                           const AdmAdmiral *admiral,
                           const AdmSector  *sector,
                           GPtrArray        *ships,
                           const AdmShip    *flagship,
                           GPtrArray        *succession,
                           gboolean          hidden,
                           const char       *log)
{
  AdmFormation *formation;
  Tracker *tracker;

  g_return_if_fail (self != NULL && id != NULL && name != NULL && admiral != NULL);
  g_return_if_fail (sector != NULL && ships != NULL && ships->len > 0 && flagship != NULL);
  g_return_if_fail (!adm_strategy_formation_id_used (self, id));

  formation = g_new0 (AdmFormation, 1);
  formation->id = g_strdup (id);
  formation->name = g_strdup (name);
  formation->admiral = (AdmAdmiral *) admiral;
  formation->faction = admiral->faction;
  formation->sector = (AdmSector *) sector;
  formation->flagship = (AdmShip *) flagship;
  formation->ships = g_ptr_array_copy (ships, NULL, NULL);
  formation->succession = succession != NULL ? g_ptr_array_copy (succession, NULL, NULL)
                                             : g_ptr_array_new ();
  formation->hidden = hidden;
  g_ptr_array_add (self->owned, formation);
  tracker = _adm_strategy_add_tracker (self, formation, sector);
  if (log != NULL)
    _adm_strategy_log (tracker, self->cycle, "%s", log);
}
