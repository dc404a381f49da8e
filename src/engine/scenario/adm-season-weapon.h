/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-season-weapon.h: a weapon of a ship class of the season (an item of
 * adm_season_class_get_weapons ()): its id and name (adm-scenario-item.h), type, arcs and
 * figures. Each change is one step of undo through the scenario
 * (adm_scenario_edit_set_weapon ()), the season made its own first when it is the installed one.
 *
 * Properties (read-only): "type" ("artillery", "destructor", "torpedo" or "mine"), "arcs"
 * (as the file writes them, "bow port"), and ints (0 when not given): "firepower", "range",
 * "torpedo-speed", "torpedo-turns". */
#pragma once

#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADM_TYPE_SEASON_WEAPON (adm_season_weapon_get_type ())
G_DECLARE_FINAL_TYPE (AdmSeasonWeapon, adm_season_weapon, ADM, SEASON_WEAPON, AdmScenarioItem)

const char *adm_season_weapon_get_weapon_type (AdmSeasonWeapon  *self);
const char *adm_season_weapon_get_arcs        (AdmSeasonWeapon  *self);
/* Figure @figure, one of the int properties above. */
int         adm_season_weapon_get_figure      (AdmSeasonWeapon  *self,
                                               const char       *figure);

/* Refused, nothing changed, as adm_season_class_set_figure () refuses (a figure below 0 or
 * above ADM_SEASON_FIGURE_MAX), for an empty type or arcs, or a detached weapon. A torpedo gets
 * the torpedo figures it needs, another type loses them (adm_scenario_edit_set_weapon ()). */
gboolean    adm_season_weapon_set_figure      (AdmSeasonWeapon  *self,
                                               const char       *figure,
                                               int               value,
                                               GError          **error);
gboolean    adm_season_weapon_set_weapon_type (AdmSeasonWeapon  *self,
                                               const char       *type,
                                               GError          **error);
gboolean    adm_season_weapon_set_arcs        (AdmSeasonWeapon  *self,
                                               const char       *arcs,
                                               GError          **error);

G_END_DECLS
