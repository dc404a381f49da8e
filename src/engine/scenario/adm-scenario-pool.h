/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-pool.h: F-GEN-5: an admiral's pool of ships, formed in play (an item of
 * adm_scenario_edit_get_pools ()): his id, the sector the ships start in and the ships
 * (adm-scenario-fleet.h). It has no id or name of its own: its admiral finds it. */
#pragma once

#include "adm-scenario-fleet.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_POOL (adm_scenario_pool_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioPool, adm_scenario_pool, ADM, SCENARIO_POOL, AdmScenarioFleet)

G_END_DECLS
