/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-formation.h: a formation of a scenario being prepared (F-FORM; an item of
 * adm_scenario_edit_get_formations ()): its id and name (adm-scenario-item.h), admiral, sector
 * and ships (adm-scenario-fleet.h), its faction and whether it starts hidden (F-STRAT-3).
 *
 * Properties (read-only): "faction" (an id), "hidden" (boolean), "flagship" (a ship's id, or
 * NULL; F-FORM-4). */
#pragma once

#include "adm-scenario-fleet.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_FORMATION (adm_scenario_formation_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioFormation, adm_scenario_formation, ADM, SCENARIO_FORMATION,
                      AdmScenarioFleet)

const char *adm_scenario_formation_get_faction (AdmScenarioFormation  *self);
gboolean    adm_scenario_formation_get_hidden  (AdmScenarioFormation  *self);
const char *adm_scenario_formation_get_flagship (AdmScenarioFormation *self);

/* Each one step of undo; refused, nothing changed, for a faction the rules lack or a
 * detached formation. */
gboolean    adm_scenario_formation_set_faction (AdmScenarioFormation  *self,
                                                const char            *faction,
                                                GError               **error);
/* F-STRAT-3: it starts hidden. */
gboolean    adm_scenario_formation_set_hidden  (AdmScenarioFormation  *self,
                                                gboolean               hidden,
                                                GError               **error);

G_END_DECLS
