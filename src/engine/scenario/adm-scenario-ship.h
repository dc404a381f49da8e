/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-ship.h: a ship of a formation or a pool being prepared (an item of
 * adm_scenario_fleet_get_ships ()): its id and name (adm-scenario-item.h), class and readiness
 * (F-RDY), what an earlier war left of it — hull points lost (F-CRIT-5) and unrepaired
 * critical results (F-CRIT-8, F-CRIT-20) — and in a formation whether it is the flagship
 * (F-FORM-4) and its place in the succession (F-FORM-5).
 *
 * Properties (read-only): "class" (an id), "readiness" (int, 0 when not given), "damage"
 * (int, 0 when not given), "criticals" (the results as written, "5 7 7", or NULL for none),
 * "flagship" (boolean), "succession" (uint, from 1; 0 when not in it). */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_SHIP (adm_scenario_ship_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioShip, adm_scenario_ship, ADM, SCENARIO_SHIP, AdmScenarioItem)

const char *adm_scenario_ship_get_class      (AdmScenarioShip  *self);
int         adm_scenario_ship_get_readiness  (AdmScenarioShip  *self);
gboolean    adm_scenario_ship_get_flagship   (AdmScenarioShip  *self);
guint       adm_scenario_ship_get_succession (AdmScenarioShip  *self);
int         adm_scenario_ship_get_damage     (AdmScenarioShip  *self);
const char *adm_scenario_ship_get_criticals  (AdmScenarioShip  *self);

/* Each one step of undo; refused, nothing changed, for a detached ship. A class the season
 * lacks is written, a problem the Problems page tells. */
gboolean    adm_scenario_ship_set_class      (AdmScenarioShip  *self,
                                              const char       *klass,
                                              GError          **error);
gboolean    adm_scenario_ship_set_readiness  (AdmScenarioShip  *self,
                                              int               readiness,
                                              GError          **error);
/* F-CRIT-5, F-CRIT-8, F-CRIT-20: what an earlier war left of the ship, both as a master typed
 * them — @damage the hull points it has lost, empty or a whole number fewer than its class's
 * hull; @criticals its unrepaired critical results, empty or results of the season's ship
 * critical table separated by spaces, at most ADM_SHIP_CRITICALS_MAX ("7 7": a result taken
 * twice) — checked against the season the scenario plays, and written together as one step
 * of undo, the results in order ("5 7 7"), none leaving no attribute. Refused, nothing
 * changed, with ADM_SCENARIO_ITEM_ERROR_INVALID and a message naming the ship and the problem:
 * a damage that is no whole number or leaves no hull, a result the table lacks, too many
 * results, wear given to a ship whose class the season lacks; or for a detached ship. */
gboolean    adm_scenario_ship_set_wear       (AdmScenarioShip  *self,
                                              const char       *damage,
                                              const char       *criticals,
                                              GError          **error);
/* F-FORM-4: the ship becomes its formation's flagship (adm_scenario_edit_set_flagship ()). */
gboolean    adm_scenario_ship_make_flagship  (AdmScenarioShip  *self,
                                              GError          **error);
/* F-FORM-5: its place in the succession, from 1; 0 takes it out
 * (adm_scenario_edit_set_succession ()). */
gboolean    adm_scenario_ship_set_succession (AdmScenarioShip  *self,
                                              guint             place,
                                              GError          **error);

G_END_DECLS
