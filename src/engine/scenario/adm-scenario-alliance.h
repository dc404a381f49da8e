/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-alliance.h: an alliance of a scenario being prepared (an item of
 * adm_scenario_edit_get_alliances ()): factions that fight on one side, its id and name
 * (adm-scenario-item.h).
 *
 * Properties: "members" (GStrv of faction ids, in order; read-only). */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_ALLIANCE (adm_scenario_alliance_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioAlliance, adm_scenario_alliance, ADM, SCENARIO_ALLIANCE,
                      AdmScenarioItem)

/* The member factions' ids (a NULL-terminated array). */
GStrv    adm_scenario_alliance_dup_members (AdmScenarioAlliance  *self) G_GNUC_WARN_UNUSED_RESULT;
gboolean adm_scenario_alliance_has_member  (AdmScenarioAlliance  *self,
                                            const char           *faction);
/* Faction @faction joins the alliance, leaving any other (an alliance left without members
 * goes): one step of undo. Refused, nothing changed, for a faction the rules lack or a
 * detached alliance. */
gboolean adm_scenario_alliance_add_member  (AdmScenarioAlliance  *self,
                                            const char           *faction,
                                            GError              **error);

G_END_DECLS
