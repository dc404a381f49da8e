/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-scenario-editor.h: the scenario editor, a window of its own — a master prepares a
 * game without writing XML. Its pages (Sides, Map, Fleets, Season, Problems) edit one scenario
 * document (AdmScenarioEdit); every edit is undoable, checked at once and kept as a draft
 * under the user's data folder, offered back if the editor closed without saving. Save writes
 * the file even with problems (a draft of work in progress) and says how many there are;
 * Start Campaign, once there are none, opens the saved scenario as a new campaign, exactly as
 * opening a bundled scenario does.
 *
 * Actions: win.save (Ctrl+S), win.save-as (Shift+Ctrl+S), win.undo (Ctrl+Z), win.redo
 * (Shift+Ctrl+Z), win.start-campaign, win.duplicate (Ctrl+D: the ship or formation
 * selected on the Fleets page). */
#pragma once

#include <adwaita.h>

#include "admiralty-engine.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_SCENARIO_EDITOR (admiralty_scenario_editor_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyScenarioEditor, admiralty_scenario_editor, ADMIRALTY,
                      SCENARIO_EDITOR, AdwApplicationWindow)

/* An editor of @edit, whose file is @path (NULL: not saved yet, or a bundled scenario, which
 * is edited as a copy saved elsewhere). */
AdmiraltyScenarioEditor *admiralty_scenario_editor_new      (GtkApplication  *application,
                                                             AdmScenarioEdit *edit,
                                                             const char      *path)
    G_GNUC_WARN_UNUSED_RESULT;
/* An editor of a new scenario of the shipped ruleset. */
AdmiraltyScenarioEditor *admiralty_scenario_editor_new_scenario (GtkApplication *application)
    G_GNUC_WARN_UNUSED_RESULT;
/* An editor of the scenario file @path; NULL and @error when it is no scenario. */
AdmiraltyScenarioEditor *admiralty_scenario_editor_open     (GtkApplication  *application,
                                                             const char      *path,
                                                             GError         **error)
    G_GNUC_WARN_UNUSED_RESULT;

AdmScenarioEdit         *admiralty_scenario_editor_get_edit (AdmiraltyScenarioEditor *self);
/* The file saved to, or NULL. */
const char              *admiralty_scenario_editor_get_path (AdmiraltyScenarioEditor *self);
/* The page named @name ("sides", "map", "fleets", "season", "problems"), which page is shown, and the
 * Problems page's badge: the number of problems. */
GtkWidget               *admiralty_scenario_editor_get_page (AdmiraltyScenarioEditor *self,
                                                             const char              *name);
void                     admiralty_scenario_editor_set_visible_page (AdmiraltyScenarioEditor *self,
                                                                     const char              *name);
const char              *admiralty_scenario_editor_get_visible_page (AdmiraltyScenarioEditor *self);
guint                    admiralty_scenario_editor_get_badge (AdmiraltyScenarioEditor *self);
/* Saves to @path, as Save As does once a file is chosen (a dialog says why it could not). */
gboolean                 admiralty_scenario_editor_save_as  (AdmiraltyScenarioEditor *self,
                                                             const char              *path);
/* The problems found in the document now (AdmProblem*, borrowed). */
GPtrArray               *admiralty_scenario_editor_get_problems (AdmiraltyScenarioEditor *self);
/* The draft kept of the document under the user's data folder. */
const char              *admiralty_scenario_editor_get_draft_path (AdmiraltyScenarioEditor *self);
/* Shows the page of @node (Fleets for a formation or ship, Map for a sector, its objects and
 * links, Season for the season and the rulings, Sides for the rest) with @node selected on
 * it, as a click on a problem does. */
void                     admiralty_scenario_editor_show     (AdmiraltyScenarioEditor *self,
                                                             xmlNode                 *node);
/* When a draft newer than the file is kept, asks whether to restore it. */
void                     admiralty_scenario_editor_offer_draft (AdmiraltyScenarioEditor *self);

G_END_DECLS
