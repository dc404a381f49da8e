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
 * selected on the Fleets page), win.import-oob, win.export-oob (the order of battle as CSV),
 * win.print-oob-sheets, win.print-fleet-cards (F-GEN-5), win.delete (Delete). */
#pragma once

#include <adwaita.h>

#include "adm-report.h"
#include "adm-scenario-edit.h"
#include "admiralty-report-dialog.h"

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
/* Shows the page of @item's kind (Fleets for a formation, pool or ship, Map for a sector, its
 * objects, minefields and links, Season for the season, its classes, weapons and factions —
 * and the rulings, whose item is the season — Sides for the rest) with @item selected on it,
 * as a click on a problem does. */
void                     admiralty_scenario_editor_show     (AdmiraltyScenarioEditor *self,
                                                             AdmScenarioItem         *item);
/* Reads the CSV @csv_path as the scenario's whole order of battle, as Import Order of Battle
 * does once a file is chosen: adm_scenario_edit_import_oob (), the edit `admiralty-cli
 * scenario import-oob` makes, all or nothing and one step of undo — into a new scenario with no
 * formation yet as well. A refused file changes nothing: the Problems page is shown with its
 * problems, each with its line and column, above the scenario's own. */
gboolean                 admiralty_scenario_editor_import_oob (AdmiraltyScenarioEditor *self,
                                                               const char              *csv_path);
/* Writes the order of battle to @csv_path as Export Order of Battle does (adm_oob_export (),
 * as `admiralty-cli scenario export-oob`); a dialog says why it could not. */
gboolean                 admiralty_scenario_editor_export_oob (AdmiraltyScenarioEditor *self,
                                                               const char              *csv_path);
/* Opens the print dialog of @kind (ADM_REPORT_CARDS or ADM_REPORT_OOB) for the scenario as it
 * is now, saved or not, as Print Fleet Cards and Print Blank Order-of-Battle Sheets do; NULL
 * and a dialog saying why when the scenario does not load. */
AdmiraltyReportDialog   *admiralty_scenario_editor_print      (AdmiraltyScenarioEditor *self,
                                                               AdmReportKind            kind);
/* Removes what is selected on the page shown (win.delete, Delete): an admiral or a faction
 * not in use (Sides), an object, minefield or link of the selected sector, else the sector
 * (Map), a ship,
 * else the formation shown (Fleets); each one step of undo. */
void                     admiralty_scenario_editor_delete     (AdmiraltyScenarioEditor *self);
/* The dialog the editor's actions showed last, while it is open: for tests. */
GtkWidget               *admiralty_scenario_editor_get_dialog (AdmiraltyScenarioEditor *self);
/* When a draft newer than the file is kept, asks whether to restore it. */
void                     admiralty_scenario_editor_offer_draft (AdmiraltyScenarioEditor *self);

G_END_DECLS
