/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-fleet.h: what a formation (adm-scenario-formation.h) and an admiral's pool of
 * ships (adm-scenario-pool.h, F-GEN-5) of a scenario being prepared share: the admiral, the
 * sector the ships start in, and the ships, each an item (adm-scenario-ship.h).
 *
 * Properties (read-only): "admiral" (an admiral's id, or NULL), "sector" (a sector's id). */
#pragma once

#include <gio/gio.h>

#include "adm-scenario-item.h"
#include "adm-scenario-ship.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_FLEET (adm_scenario_fleet_get_type ())
G_DECLARE_DERIVABLE_TYPE (AdmScenarioFleet, adm_scenario_fleet, ADM, SCENARIO_FLEET,
                          AdmScenarioItem)

struct _AdmScenarioFleetClass
{
  AdmScenarioItemClass parent_class;
};

const char      *adm_scenario_fleet_get_admiral (AdmScenarioFleet  *self);
const char      *adm_scenario_fleet_get_sector  (AdmScenarioFleet  *self);
/* AdmScenarioShip, in the file's order (borrowed). */
GListModel      *adm_scenario_fleet_get_ships   (AdmScenarioFleet  *self);

/* Admiral @admiral (an id; NULL: none) commands it: one step of undo. Refused for a detached
 * fleet. An admiral the scenario lacks is written, a problem the Problems page tells. */
gboolean         adm_scenario_fleet_set_admiral (AdmScenarioFleet  *self,
                                                 const char        *admiral,
                                                 GError           **error);
/* Its ships start in sector @sector (an id): one step of undo. Refused as set_admiral (). */
gboolean         adm_scenario_fleet_set_sector  (AdmScenarioFleet  *self,
                                                 const char        *sector,
                                                 GError           **error);
/* A ship added after @after (one of its ships) or after the last, as
 * adm_scenario_edit_add_ship () adds it; NULL for a detached fleet. */
AdmScenarioShip *adm_scenario_fleet_add_ship    (AdmScenarioFleet  *self,
                                                 AdmScenarioShip   *after,
                                                 const char        *name,
                                                 const char        *klass,
                                                 int                readiness);

G_END_DECLS
