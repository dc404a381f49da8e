/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-season.h: the scenario editor's Season page — the rules the game is played
 * by: whether they are the installed ones or the scenario's own season, each ship class's
 * figures and weapons, the factions, and the answer chosen to each ruling. A change to a
 * class, a weapon or a faction makes the season the scenario's own in the same step of undo
 * (AdmScenarioEdit); a ruling is chosen in the scenario's <rulings>. */
#pragma once

#include <adwaita.h>

#include "adm-scenario-edit.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_EDITOR_SEASON (admiralty_editor_season_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyEditorSeason, admiralty_editor_season, ADMIRALTY, EDITOR_SEASON,
                      AdwBin)

void       admiralty_editor_season_set_edit  (AdmiraltyEditorSeason *self,
                                              AdmScenarioEdit       *edit);
/* The banner's text: "Forcon 2010, installed" or "Forcon 2010, this game's own season". */
const char *admiralty_editor_season_get_banner (AdmiraltyEditorSeason *self);
/* The control of @attribute ("hull", "firepower", "name", "boarding-bonus", a ruling's id…)
 * of class @klass (of its weapon @weapon when not NULL), of faction @faction, or of ruling
 * @ruling: one of the three names given. The class's row is expanded to show it. NULL when
 * there is none. */
GtkWidget *admiralty_editor_season_get_control (AdmiraltyEditorSeason *self,
                                                const char            *klass,
                                                const char            *weapon,
                                                const char            *faction,
                                                const char            *ruling,
                                                const char            *attribute);
/* Shows and focuses the controls of @item, a class, weapon or faction of the season; for
 * another (the season itself), the button that makes the rules the scenario's own. */
void       admiralty_editor_season_select    (AdmiraltyEditorSeason *self,
                                              AdmScenarioItem       *item);
/* The class (and weapon, or NULL) whose control @widget is or is in, and its name: what
 * Delete removes on the Season page. FALSE when @widget belongs to none. */
gboolean   admiralty_editor_season_get_at    (AdmiraltyEditorSeason  *self,
                                              GtkWidget              *widget,
                                              char                  **klass,
                                              char                  **weapon,
                                              char                  **name);

G_END_DECLS
