/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-map.h: the scenario editor's Map page — the strategic map (F-STRAT-8,
 * F-STRAT-9) drawn by the game's own sector map, editable: a click on empty space adds a
 * sector there, a sector dragged moves, dragged onto another links the two, Delete removes
 * the selected sector with its links. The side panel names the selected sector and edits its
 * objects — planets, stations (with an owner, class and readiness, F-STN-1) and wormhole
 * exits (with the sector they lead to, F-STRAT-8) — its minefields laid before the game
 * (F-MINE-10) and its links. */
#pragma once

#include <adwaita.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-item.h"
#include "admiralty-sector-map.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_EDITOR_MAP (admiralty_editor_map_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyEditorMap, admiralty_editor_map, ADMIRALTY, EDITOR_MAP, AdwBin)

void                admiralty_editor_map_set_edit (AdmiraltyEditorMap *self,
                                                   AdmScenarioEdit    *edit);
/* Selects @item's sector (a sector, one of its objects or minefields, or a link's first end). */
void                admiralty_editor_map_select   (AdmiraltyEditorMap *self,
                                                   AdmScenarioItem    *item);
/* What Delete removes with the focus on @widget: the object, minefield or link of the side
 * panel's row holding it, else the selected sector, or NULL. */
AdmScenarioItem    *admiralty_editor_map_get_item_at (AdmiraltyEditorMap *self,
                                                      GtkWidget          *widget);
AdmiraltySectorMap *admiralty_editor_map_get_map  (AdmiraltyEditorMap *self);

G_END_DECLS
