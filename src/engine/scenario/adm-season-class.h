/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-season-class.h: a ship class of the season a scenario is played by (an item of
 * adm_scenario_season_get_classes ()): its id and name (adm-scenario-item.h), ship type and
 * category, figures and weapons (each an item of its own, adm-season-weapon.h). Each change is
 * one step of undo through the scenario (adm_scenario_edit_set_class ()), which makes the
 * season the scenario's own first when it is the installed one; a new name moves an id made
 * from the old one, unless play has begun, and the ships and stations of the class follow.
 *
 * Properties (read-only): "type" (a ship type's id), "category" ("capital", "escort",
 * "auxiliary" or "station"), and the figures as ints (0 when not given): "hull", "speed",
 * "turn", "armour", "shields", "turrets", "ecm-attack", "ecm-defence". */
#pragma once

#include <gio/gio.h>

#include "adm-scenario-item.h"
#include "adm-season-weapon.h"

G_BEGIN_DECLS

/* The largest figure the editor writes into a season (a hull, a range in cm…). */
#define ADM_SEASON_FIGURE_MAX 999

#define ADM_TYPE_SEASON_CLASS (adm_season_class_get_type ())
G_DECLARE_FINAL_TYPE (AdmSeasonClass, adm_season_class, ADM, SEASON_CLASS, AdmScenarioItem)

const char     *adm_season_class_get_ship_type (AdmSeasonClass  *self);
const char     *adm_season_class_get_category  (AdmSeasonClass  *self);
/* Figure @figure, one of the int properties above. */
int             adm_season_class_get_figure    (AdmSeasonClass  *self,
                                                const char      *figure);
/* AdmSeasonWeapon, in the class's order (borrowed). */
GListModel     *adm_season_class_get_weapons   (AdmSeasonClass  *self);
AdmSeasonWeapon *adm_season_class_find_weapon  (AdmSeasonClass  *self,
                                                const char      *id);

/* Refused, nothing changed, with ADM_SCENARIO_ITEM_ERROR_INVALID and a message naming the
 * class and the problem: a figure below 0 or above ADM_SEASON_FIGURE_MAX (one the rules
 * cannot take, a hull of 0, is written: the Problems page tells it), an empty type or
 * category; or for a detached class. A new name (adm_scenario_item_set_name ()) is refused
 * when empty or another class's. */
gboolean        adm_season_class_set_figure    (AdmSeasonClass  *self,
                                                const char      *figure,
                                                int              value,
                                                GError         **error);
gboolean        adm_season_class_set_ship_type (AdmSeasonClass  *self,
                                                const char      *type,
                                                GError         **error);
gboolean        adm_season_class_set_category  (AdmSeasonClass  *self,
                                                const char      *category,
                                                GError         **error);
/* A class named @name copied from this one (its figures and weapons), after it
 * (adm_scenario_edit_add_class ()): its item, or NULL with @error — refused for an empty name,
 * one another class has, or a detached class. */
AdmSeasonClass *adm_season_class_copy          (AdmSeasonClass  *self,
                                                const char      *name,
                                                GError         **error);
/* A weapon named @name, last of the class (adm_scenario_edit_add_weapon ()): its item, or
 * NULL with @error for an empty name or a detached class. */
AdmSeasonWeapon *adm_season_class_add_weapon   (AdmSeasonClass  *self,
                                                const char      *name,
                                                GError         **error);

G_END_DECLS
