/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-sides.h: the scenario editor's Sides page — the scenario's name and
 * description, the ruleset's factions each in an alliance or none (allies never engage each
 * other, F-STRAT-4), and the admirals with their factions. Ids are made from names. */
#pragma once

#include <adwaita.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-item.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_EDITOR_SIDES (admiralty_editor_sides_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyEditorSides, admiralty_editor_sides, ADMIRALTY, EDITOR_SIDES,
                      AdwBin)

void admiralty_editor_sides_set_edit (AdmiraltyEditorSides *self,
                                      AdmScenarioEdit      *edit);
/* Focuses the row of @node: an admiral, an alliance or its member, else the name. */
void admiralty_editor_sides_select   (AdmiraltyEditorSides *self,
                                      AdmScenarioItem      *item);
/* Adds an admiral of the first faction and focuses his name, as "Add Admiral" does. */
void admiralty_editor_sides_add_admiral (AdmiraltyEditorSides *self);

/* What Delete removes with the focus on @widget: the admiral of the row holding it, or the
 * faction's id of the row holding it; NULL when the row is of another kind, or none. */
AdmScenarioItem *admiralty_editor_sides_get_admiral_at (AdmiraltyEditorSides *self,
                                                   GtkWidget            *widget);
const char *admiralty_editor_sides_get_faction_at (AdmiraltyEditorSides *self,
                                                   GtkWidget            *widget);

G_END_DECLS
