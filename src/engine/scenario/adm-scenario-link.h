/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-link.h: a link between two sectors of a scenario's map being prepared (an item
 * of adm_scenario_edit_get_links ()). It has no id or name of its own: its two sectors find it.
 *
 * Properties (read-only): "from", "to" (the sectors' ids). */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_LINK (adm_scenario_link_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioLink, adm_scenario_link, ADM, SCENARIO_LINK, AdmScenarioItem)

const char *adm_scenario_link_get_from  (AdmScenarioLink  *self);
const char *adm_scenario_link_get_to    (AdmScenarioLink  *self);
/* The sector at the other end from sector @sector, or NULL when @sector is at neither. */
const char *adm_scenario_link_get_other (AdmScenarioLink  *self,
                                         const char       *sector);

G_END_DECLS
