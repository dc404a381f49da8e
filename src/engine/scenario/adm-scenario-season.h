/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-season.h: the rules a scenario being prepared is played by (its item,
 * adm_scenario_edit_get_season_item ()): the scenario's own season when it carries one, else
 * the installed ruleset's it names, shown as it is and changed only through the scenario —
 * the first change of a class, a weapon or a faction makes the season the scenario's own in the
 * same step of undo (adm_scenario_edit_make_season_own ()). Its name is the rules' name
 * ("Forcon 2010"); it has no id. Detached when the scenario names no ruleset that loads and
 * carries no season.
 *
 * The season's ship classes and factions are items of their own (adm-season-class.h,
 * adm-season-faction.h), found again by id alone after every edit: until the season is the
 * scenario's own their elements are the installed ruleset's.
 *
 * Properties (read-only): "own" (boolean, the scenario carries the season). */
#pragma once

#include <gio/gio.h>

#include "adm-scenario-item.h"
#include "adm-season-class.h"
#include "adm-season-faction.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_SEASON (adm_scenario_season_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioSeason, adm_scenario_season, ADM, SCENARIO_SEASON,
                      AdmScenarioItem)

gboolean         adm_scenario_season_get_own      (AdmScenarioSeason  *self);
/* AdmSeasonClass, in the season's order (borrowed). */
GListModel      *adm_scenario_season_get_classes  (AdmScenarioSeason  *self);
/* AdmSeasonFaction, in the season's order (borrowed). */
GListModel      *adm_scenario_season_get_factions (AdmScenarioSeason  *self);
/* The class or faction of id @id, or NULL (borrowed). */
AdmSeasonClass  *adm_scenario_season_find_class   (AdmScenarioSeason  *self,
                                                   const char         *id);
AdmSeasonFaction *adm_scenario_season_find_faction (AdmScenarioSeason *self,
                                                    const char        *id);
/* The installed rules made the scenario's own, one step of undo; nothing done when they are
 * already. Refused, nothing changed, when the scenario names no ruleset that loads. */
gboolean         adm_scenario_season_make_own     (AdmScenarioSeason  *self,
                                                   GError            **error);

G_END_DECLS
