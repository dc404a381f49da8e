/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-fleets.h: the scenario editor's Fleets page — the formations (F-FORM) and
 * the admirals' pools of ships (F-GEN-5) in a list, and the one selected: a formation's name,
 * faction, admiral, starting sector and whether it starts hidden (F-STRAT-3), a pool's
 * admiral and sector; and its ships, one row each — name, class, readiness (F-RDY, 0–12), and
 * in a formation flagship (F-FORM-4) and place in the succession (F-FORM-5). Keyboard first: Enter
 * in the last ship's name adds a ship of the same class and readiness and goes to its name,
 * Ctrl+D duplicates the ship or the formation. */
#pragma once

#include <adwaita.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_EDITOR_FLEETS (admiralty_editor_fleets_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyEditorFleets, admiralty_editor_fleets, ADMIRALTY,
                      EDITOR_FLEETS, AdwBin)

void      admiralty_editor_fleets_set_edit  (AdmiraltyEditorFleets *self,
                                             AdmScenarioEdit       *edit);
/* Shows @item's formation or pool (@item one, or a ship of one), and focuses the ship's row. */
void      admiralty_editor_fleets_select    (AdmiraltyEditorFleets *self,
                                             AdmScenarioItem       *item);
/* The formation or pool shown, or NULL (borrowed). */
AdmScenarioFleet *admiralty_editor_fleets_get_formation (AdmiraltyEditorFleets *self);
/* What Delete removes with the focus on @widget: the ship of the row holding it, else the
 * formation or pool shown, or NULL. */
AdmScenarioItem *admiralty_editor_fleets_get_item_at (AdmiraltyEditorFleets *self,
                                                      GtkWidget             *widget);
/* Duplicates the ship whose row has the focus, else the formation shown (Ctrl+D). */
void      admiralty_editor_fleets_duplicate (AdmiraltyEditorFleets *self);
/* Adds a formation and shows it, as "Add Formation" does. */
void      admiralty_editor_fleets_add_formation (AdmiraltyEditorFleets *self);
/* Adds a pool (F-GEN-5) for the first admiral without one, where the formation or pool shown
 * starts, and shows it, as "Add Pool" does. */
void      admiralty_editor_fleets_add_pool  (AdmiraltyEditorFleets *self);
/* Adds a ship after the last of the formation shown and focuses its name, as "Add Ship"
 * and Enter in the last ship's name do. */
void      admiralty_editor_fleets_add_ship  (AdmiraltyEditorFleets *self);
/* The name entry of the formation's ship @index (from 0), or NULL: for tests. */
GtkWidget *admiralty_editor_fleets_get_ship_entry (AdmiraltyEditorFleets *self,
                                                   guint                  index);

G_END_DECLS
