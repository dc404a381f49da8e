/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-map.h: the map of a scenario being prepared, as one item
 * (adm_scenario_edit_get_map_item ()): what a problem of the map as a whole is at — a map
 * with no sector, say — so that the editor shows it on its Map page. Its sectors and links are
 * items of their own (adm_scenario_edit_get_sectors (), _get_links ()). It has no id or name;
 * it is detached while the scenario has no map. */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_MAP (adm_scenario_map_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioMap, adm_scenario_map, ADM, SCENARIO_MAP, AdmScenarioItem)

G_END_DECLS
