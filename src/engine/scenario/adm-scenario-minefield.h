/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-minefield.h: F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: a minefield laid in a
 * sector before the scenario starts (an item of adm_scenario_sector_get_minefields ()), one a
 * faction. It has no id or name of its own: its faction finds it.
 *
 * Properties (read-only): "faction" (its id), "mines" (int). */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_MINEFIELD (adm_scenario_minefield_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioMinefield, adm_scenario_minefield, ADM, SCENARIO_MINEFIELD,
                      AdmScenarioItem)

const char *adm_scenario_minefield_get_faction (AdmScenarioMinefield  *self);
int         adm_scenario_minefield_get_mines   (AdmScenarioMinefield  *self);

G_END_DECLS
