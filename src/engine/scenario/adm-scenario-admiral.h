/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-admiral.h: an admiral of a scenario being prepared (an item of
 * adm_scenario_edit_get_admirals ()): his id and name (adm-scenario-item.h) and his faction.
 *
 * Properties: "faction" (string, the faction's id; writable, one step of undo). */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_ADMIRAL (adm_scenario_admiral_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioAdmiral, adm_scenario_admiral, ADM, SCENARIO_ADMIRAL,
                      AdmScenarioItem)

const char *adm_scenario_admiral_get_faction (AdmScenarioAdmiral  *self);
/* The admiral serves faction @faction (an id of the season's factions); refused, nothing
 * changed, for a faction the scenario's rules do not have or a detached admiral. */
gboolean    adm_scenario_admiral_set_faction (AdmScenarioAdmiral  *self,
                                              const char          *faction,
                                              GError             **error);

/* How many formations of the scenario he commands (none, for a detached admiral). */
guint       adm_scenario_admiral_get_n_formations (AdmScenarioAdmiral *self);

G_END_DECLS
