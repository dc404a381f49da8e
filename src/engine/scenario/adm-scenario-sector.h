/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-sector.h: a sector of a scenario's map being prepared (an item of
 * adm_scenario_edit_get_sectors ()): its id and name (adm-scenario-item.h), its place, and
 * the objects and minefields in it, each an item of its own.
 *
 * Properties: "x", "y" (doubles, its place on the map; read-only: adm_scenario_sector_move ()). */
#pragma once

#include <gio/gio.h>

#include "adm-scenario-item.h"
#include "adm-scenario-minefield.h"
#include "adm-scenario-object.h"

G_BEGIN_DECLS

#define ADM_TYPE_SCENARIO_SECTOR (adm_scenario_sector_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioSector, adm_scenario_sector, ADM, SCENARIO_SECTOR,
                      AdmScenarioItem)

/* AdmScenarioObject, in the file's order (borrowed). */
GListModel         *adm_scenario_sector_get_objects    (AdmScenarioSector  *self);
/* AdmScenarioMinefield, in the file's order (borrowed). */
GListModel         *adm_scenario_sector_get_minefields (AdmScenarioSector  *self);

/* The sector drawn at (@x, @y): one step of undo. Refused for a detached sector. */
gboolean            adm_scenario_sector_move           (AdmScenarioSector  *self,
                                                        double              x,
                                                        double              y,
                                                        GError            **error);
/* A new object of @kind ("planet", "station" or "wormhole-exit") named @name, last in the
 * sector: one step of undo. NULL for a detached sector. */
AdmScenarioObject  *adm_scenario_sector_add_object     (AdmScenarioSector  *self,
                                                        const char         *kind,
                                                        const char         *name);
/* F-MINE-10: the minefield of faction @faction here, or NULL. */
AdmScenarioMinefield *adm_scenario_sector_find_minefield (AdmScenarioSector *self,
                                                          const char        *faction);
/* F-MINE-10, F-MINE-13: gives @faction a minefield of @mines mines here (at most
 * ADM_MINEFIELD_MAX_MINES; 0 removes it), as adm_scenario_edit_set_minefield () does.
 * Refused for a detached sector. */
gboolean            adm_scenario_sector_set_minefield  (AdmScenarioSector  *self,
                                                        const char         *faction,
                                                        int                 mines,
                                                        GError            **error);

G_END_DECLS
