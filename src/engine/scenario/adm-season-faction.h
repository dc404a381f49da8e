/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-season-faction.h: a faction of the season (an item of
 * adm_scenario_season_get_factions ()): its id and name (adm-scenario-item.h), colour, symbol
 * and boarding bonus. Each change is one step of undo through the scenario
 * (adm_scenario_edit_set_faction ()), the season made its own first when it is the installed
 * one; removing it is refused while anything of the scenario belongs to it.
 *
 * Properties (read-only): "colour" ("#rrggbb"), "symbol" (a symbol's name, or NULL: the
 * season's order gives it one), "boarding-bonus" (int, 0 when not given). */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SEASON_FACTION (adm_season_faction_get_type ())
G_DECLARE_FINAL_TYPE (AdmSeasonFaction, adm_season_faction, ADM, SEASON_FACTION,
                      AdmScenarioItem)

const char *adm_season_faction_get_colour         (AdmSeasonFaction  *self);
const char *adm_season_faction_get_symbol         (AdmSeasonFaction  *self);
int         adm_season_faction_get_boarding_bonus (AdmSeasonFaction  *self);

/* Refused, nothing changed, with ADM_SCENARIO_ITEM_ERROR_INVALID and a message naming the
 * faction and the problem: a colour not "#rrggbb", an empty symbol, a bonus beyond
 * ±ADM_SEASON_FIGURE_MAX; or for a detached faction. */
gboolean    adm_season_faction_set_colour         (AdmSeasonFaction  *self,
                                                   const char        *colour,
                                                   GError           **error);
gboolean    adm_season_faction_set_symbol         (AdmSeasonFaction  *self,
                                                   const char        *symbol,
                                                   GError           **error);
gboolean    adm_season_faction_set_boarding_bonus (AdmSeasonFaction  *self,
                                                   int                bonus,
                                                   GError           **error);

G_END_DECLS
