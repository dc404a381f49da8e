/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit.h: a scenario being prepared — its <scenario> document as read, and the
 * edits a master makes to it (sides, map, fleets), each undoable. The document is the file:
 * edits change its elements in place, new elements take the indentation of their
 * neighbours, and it is written back with its layout as read (adm-xml-layout.h), so a file
 * opened and saved unchanged is the same bytes, and a ship added then removed leaves it so.
 * The document may have problems (a draft): it is read without the schema, and the problems
 * are the checker's to tell. No GTK: the app's editor and the command line share it.
 *
 * Undo keeps the document's text before each edit (a few tens of kilobytes for 200 ships),
 * at most ADM_SCENARIO_EDIT_UNDO_LIMIT of them and ADM_SCENARIO_EDIT_UNDO_BYTES in all, the
 * oldest dropped first; an undo or redo reads the document again from its text, so every
 * element is new after it (ADM_SCENARIO_EDIT_CHANGE_RELOAD).
 *
 * Signals:
 *   "changed" (AdmScenarioEditChange change, gpointer node): after every edit, undo and redo.
 *     @node is the element whose attributes changed (VALUE), the parent whose children changed
 *     (STRUCTURE), or NULL (RELOAD: the whole document is new).
 * Properties: "can-undo", "can-redo", "modified" (read-only booleans, notified on change). */
#pragma once

#include <gio/gio.h>
#include <libxml/tree.h>

#include "adm-oob.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"
#include "adm-scenario-admiral.h"
#include "adm-scenario-alliance.h"
#include "adm-scenario-item.h"
#include "adm-scenario-formation.h"
#include "adm-scenario-link.h"
#include "adm-scenario-map.h"
#include "adm-scenario-pool.h"
#include "adm-scenario-season.h"
#include "adm-scenario-sector.h"

G_BEGIN_DECLS

#define ADM_SCENARIO_EDIT_UNDO_LIMIT 1000
#define ADM_SCENARIO_EDIT_UNDO_BYTES (64 * 1024 * 1024)

typedef enum {
  ADM_SCENARIO_EDIT_CHANGE_VALUE,
  ADM_SCENARIO_EDIT_CHANGE_STRUCTURE,
  ADM_SCENARIO_EDIT_CHANGE_RELOAD,
} AdmScenarioEditChange;

#define ADM_TYPE_SCENARIO_EDIT (adm_scenario_edit_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioEdit, adm_scenario_edit, ADM, SCENARIO_EDIT, GObject)

/* A new scenario of ruleset @ruleset_id: a name (its id made from it), one sector, no
 * formation yet (a draft). Untouched it is not modified (nothing of the master's to lose),
 * though no file holds it yet. */
AdmScenarioEdit *adm_scenario_edit_new            (const char       *ruleset_id,
                                                   const char       *name) G_GNUC_WARN_UNUSED_RESULT;
/* A scenario read from @data; @display_name names it in errors. Refuses what the XML reader
 * refuses and a root other than <scenario>; problems of the scenario itself are kept. */
AdmScenarioEdit *adm_scenario_edit_new_from_data  (const char       *data,
                                                   gsize             length,
                                                   const char       *display_name,
                                                   GError          **error) G_GNUC_WARN_UNUSED_RESULT;
AdmScenarioEdit *adm_scenario_edit_open           (const char       *path,
                                                   GError          **error) G_GNUC_WARN_UNUSED_RESULT;

/* The ruleset the scenario names, or NULL when it names none that loads. */
AdmRuleset      *adm_scenario_edit_get_ruleset    (AdmScenarioEdit  *self);

/* The file's text as it would be saved now (the same bytes until the next change). */
GBytes          *adm_scenario_edit_get_bytes      (AdmScenarioEdit  *self);
/* Writes the file to @path as a whole (the old file or the new one, never half of either);
 * the document is then not modified. */
gboolean         adm_scenario_edit_save           (AdmScenarioEdit  *self,
                                                   const char       *path,
                                                   GError          **error);
/* Whether the text differs from the one last saved or read. */
gboolean         adm_scenario_edit_get_modified   (AdmScenarioEdit  *self);
/* Takes the text last read or saved as @bytes, a file's on disk (a draft offered back is
 * modified); NULL: none, the document modified. */
void             adm_scenario_edit_set_saved      (AdmScenarioEdit  *self,
                                                   GBytes           *bytes);

/* Replaces the document with @text (a draft offered back), as one step of undo. */
gboolean         adm_scenario_edit_restore        (AdmScenarioEdit  *self,
                                                   GBytes           *text,
                                                   GError          **error);
/* The name problems are told with: the file's path, or a name for one not saved yet. */
const char      *adm_scenario_edit_get_display_name (AdmScenarioEdit *self);
void             adm_scenario_edit_set_display_name (AdmScenarioEdit *self,
                                                     const char      *display_name);

gboolean         adm_scenario_edit_can_undo       (AdmScenarioEdit  *self);
gboolean         adm_scenario_edit_can_redo       (AdmScenarioEdit  *self);
gboolean         adm_scenario_edit_undo           (AdmScenarioEdit  *self);
gboolean         adm_scenario_edit_redo           (AdmScenarioEdit  *self);

/* Whether play has begun from the scenario: a campaign of it has recorded its first entry,
 * and its file, its drafts and the papers and portal of its players name the scenario and
 * what is in it by id. Then a new name moves no id (adm_scenario_edit_set (),
 * adm_scenario_edit_set_class ()); before, an id made from a name follows it. FALSE until
 * set: the app sets it when it opens the scenario (admiralty_campaigns_begun_from ()). */
void             adm_scenario_edit_set_ids_fixed  (AdmScenarioEdit  *self,
                                                   gboolean          fixed);
gboolean         adm_scenario_edit_get_ids_fixed  (AdmScenarioEdit  *self);

/* Edits: each is one step of undo and emits "changed". The scenario's things are edited
 * through their items (adm-scenario-item.h). */
void             adm_scenario_edit_set_description (AdmScenarioEdit *self,
                                                   const char       *text);
/* The CSV @csv (@csv_name in messages) made the scenario's whole order of battle, as one step
 * of undo: every formation and pool replaced by those of the CSV, the admirals it names that
 * the scenario lacks added, the rest of the document as it was (a formation the CSV leaves as
 * it was keeps its text). The scenario may be a draft — with no formation yet, as a new one
 * is — for the CSV is read against its ruleset, map and admirals (adm_oob_read ()), and the
 * rulings it plays. All or nothing: refused, nothing changes, FALSE with @error —
 * ADM_OOB_ERROR_REFUSED with every problem of the CSV in @problems (AdmOobProblem*, when not
 * NULL); ADM_OOB_ERROR_SCENARIO when the scenario names no ruleset that loads. The CSV's
 * checks are the scenario loader's for what it names (adm_oob_read ()): an order of battle
 * taken gives the scenario no problem of its own. @summary (when not NULL) says what was
 * read. */
gboolean         adm_scenario_edit_import_oob     (AdmScenarioEdit  *self,
                                                   const char       *csv,
                                                   gsize             csv_length,
                                                   const char       *csv_name,
                                                   AdmOobSummary    *summary,
                                                   GPtrArray       **problems,
                                                   GError          **error);

/* The season: the game's own rules, carried as the scenario's last child (<season>, docs/
 * formats.md). Every season edit below makes the installed ruleset's season the scenario's own
 * first when it carries none, in the same step of undo. Classes, weapons and factions are
 * named by id, which no edit here changes but a class's new name (see
 * adm_scenario_edit_set_class ()). */

/* Copies the installed ruleset's season into the document as its last child, the root's
 * "ruleset" naming it: one step of undo. FALSE with @error when there is no ruleset to copy;
 * TRUE, and nothing done, when the scenario carries a season already. */
gboolean         adm_scenario_edit_make_season_own (AdmScenarioEdit *self,
                                                   GError          **error);
/* @season (a <season> element of any document) made the scenario's own, in place of the one
 * it carried, its root's "ruleset" naming the season's: one step of undo, the rest of the text
 * byte for byte. FALSE with @error ("DISPLAY_NAME:LINE: problem"), and nothing changed, when
 * it does not read as the rules of a game. */
gboolean         adm_scenario_edit_set_season     (AdmScenarioEdit  *self,
                                                   xmlNode          *season,
                                                   GError          **error);
/* Sets @attribute of class @klass ("hull", "speed", "turn", "armour", "shields", "turrets",
 * "ecm-attack", "ecm-defence", "category", "type", "name") to @value, NULL removing an
 * optional one. The figure is written as given: the Problems page tells one the rules cannot
 * take (a hull of 0). A new "name" of a class whose id was made from its name gives it the id
 * made from the new one, unless ids are fixed, and the ships and stations of the class follow
 * (a STRUCTURE change of the root). FALSE with @error when there is no such class. */
gboolean         adm_scenario_edit_set_class      (AdmScenarioEdit  *self,
                                                   const char       *klass,
                                                   const char       *attribute,
                                                   const char       *value,
                                                   GError          **error);
/* A class named @name copied from class @copy_of (its figures and weapons), after it, with an
 * id made from @name; its id, or NULL with @error. */
char            *adm_scenario_edit_add_class      (AdmScenarioEdit  *self,
                                                   const char       *copy_of,
                                                   const char       *name,
                                                   GError          **error) G_GNUC_WARN_UNUSED_RESULT;
/* Removes class @klass; refused with @error, nothing changed, while a ship or a station of
 * the scenario is of that class. */
gboolean         adm_scenario_edit_remove_class   (AdmScenarioEdit  *self,
                                                   const char       *klass,
                                                   GError          **error);
/* Sets @attribute of weapon @weapon of class @klass ("firepower", "range", "arcs", "type",
 * "name", "torpedo-speed", "torpedo-turns"). A weapon made a torpedo gets the torpedo
 * figures the schema needs (speed 20, 2 turns) when it has none; one made another type loses
 * them. */
gboolean         adm_scenario_edit_set_weapon     (AdmScenarioEdit  *self,
                                                   const char       *klass,
                                                   const char       *weapon,
                                                   const char       *attribute,
                                                   const char       *value,
                                                   GError          **error);
/* A weapon named @name of class @klass: artillery, firepower 1, range 10, bow arc. Its id, or
 * NULL with @error. */
char            *adm_scenario_edit_add_weapon     (AdmScenarioEdit  *self,
                                                   const char       *klass,
                                                   const char       *name,
                                                   GError          **error) G_GNUC_WARN_UNUSED_RESULT;
gboolean         adm_scenario_edit_remove_weapon  (AdmScenarioEdit  *self,
                                                   const char       *klass,
                                                   const char       *weapon,
                                                   GError          **error);
/* Sets @attribute of faction @faction ("name", "colour", "boarding-bonus"). */
gboolean         adm_scenario_edit_set_faction    (AdmScenarioEdit  *self,
                                                   const char       *faction,
                                                   const char       *attribute,
                                                   const char       *value,
                                                   GError          **error);
/* Removes faction @faction; refused with @error, nothing changed, while an admiral, a
 * formation, a station or a minefield of the scenario belongs to it, or it is in an alliance. */
gboolean         adm_scenario_edit_remove_faction (AdmScenarioEdit *self,
                                                   const char      *faction,
                                                   GError         **error);
/* The value the scenario chooses for ruling @id (its <rulings>), or NULL for the ruleset's. */
char            *adm_scenario_edit_get_ruling     (AdmScenarioEdit  *self,
                                                   const char       *id) G_GNUC_WARN_UNUSED_RESULT;
/* Chooses @value for ruling @id in the scenario's <rulings>; NULL, or the ruleset's default,
 * removes the choice (and <rulings> when it holds no other). The value is not checked here:
 * the Problems page tells one the ruleset does not offer. */
void             adm_scenario_edit_set_ruling     (AdmScenarioEdit  *self,
                                                   const char       *id,
                                                   const char       *value);


/* Every problem of the document now, as adm_scenario_check_all () lists them; the scenario
 * its one pass of the loader makes on the way, when there is none, is what
 * adm_scenario_edit_build () gives until the next edit. A problem names a line (line > 0) only
 * while the document is the text of its file on disk: a new scenario not saved yet, or one
 * modified since, has lines in no file, and its problems are told by their element (node). */
GPtrArray       *adm_scenario_edit_check          (AdmScenarioEdit  *self) G_GNUC_WARN_UNUSED_RESULT;

/* The scenario to draw: the whole document when it loads (*@whole TRUE), else its map as far
 * as it can be drawn — sectors with an id of their own, a name and a place, their objects,
 * the links between them — and no formations. NULL without a ruleset. */
AdmScenario     *adm_scenario_edit_build          (AdmScenarioEdit  *self,
                                                   gboolean         *whole) G_GNUC_WARN_UNUSED_RESULT;

/* The document model: the scenario's things as items (adm-scenario-item.h) in GListModels
 * that say what each edit, undo and redo changed ("items-changed", and each item's
 * properties notified), before "changed" is emitted. The lists and items are the edit's
 * (borrowed); an item stays the same object while its thing stays (by its id). */

/* The scenario itself: its id and name. */
AdmScenarioItem *adm_scenario_edit_get_item       (AdmScenarioEdit  *self);
/* Its description, or NULL. */
char            *adm_scenario_edit_dup_description (AdmScenarioEdit *self) G_GNUC_WARN_UNUSED_RESULT;
/* AdmScenarioAdmiral, in the file's order. */
GListModel      *adm_scenario_edit_get_admirals   (AdmScenarioEdit  *self);
/* AdmScenarioAlliance, in the file's order. */
GListModel      *adm_scenario_edit_get_alliances  (AdmScenarioEdit  *self);
/* AdmScenarioSector, in the file's order. */
GListModel      *adm_scenario_edit_get_sectors    (AdmScenarioEdit  *self);
/* AdmScenarioLink, in the file's order. */
GListModel      *adm_scenario_edit_get_links      (AdmScenarioEdit  *self);
/* AdmScenarioFormation, in the file's order. */
GListModel      *adm_scenario_edit_get_formations (AdmScenarioEdit  *self);
/* AdmScenarioPool, in the file's order. */
GListModel      *adm_scenario_edit_get_pools      (AdmScenarioEdit  *self);
/* The formation or pool added (adm_scenario_edit_add_formation (), _add_pool ()), as its
 * item. */
AdmScenarioFormation *adm_scenario_edit_append_formation (AdmScenarioEdit *self,
                                                          const char      *name,
                                                          const char      *faction,
                                                          const char      *sector);
AdmScenarioPool *adm_scenario_edit_append_pool    (AdmScenarioEdit  *self,
                                                   const char       *admiral,
                                                   const char       *sector);
/* The map itself (adm-scenario-map.h): the same object throughout, detached while the
 * scenario has no <map>. */
AdmScenarioMap  *adm_scenario_edit_get_map_item   (AdmScenarioEdit  *self);
/* The sector of id @id, or NULL. */
AdmScenarioSector *adm_scenario_edit_find_sector  (AdmScenarioEdit  *self,
                                                   const char       *id);
/* The sector added (adm_scenario_edit_add_sector ()), as its item. */
AdmScenarioSector *adm_scenario_edit_append_sector (AdmScenarioEdit *self,
                                                    const char      *name,
                                                    double           x,
                                                    double           y);
/* Faction @faction (an id) out of any alliance; an alliance left without members is
 * removed. One step of undo. */
void             adm_scenario_edit_leave_alliances (AdmScenarioEdit *self,
                                                    const char      *faction);
/* A link between sectors @from and @to (ids), as its item; NULL, nothing changed, when they
 * are one sector or already linked. */
AdmScenarioLink *adm_scenario_edit_append_link    (AdmScenarioEdit  *self,
                                                   const char       *from,
                                                   const char       *to);
/* The admiral or alliance added (adm_scenario_edit_add_admiral (), _add_alliance ()), as
 * its item. */
AdmScenarioAdmiral  *adm_scenario_edit_append_admiral  (AdmScenarioEdit *self,
                                                        const char      *name,
                                                        const char      *faction);
AdmScenarioAlliance *adm_scenario_edit_append_alliance (AdmScenarioEdit *self,
                                                        const char      *name,
                                                        const char      *faction);
/* The rules the scenario is played by, as an item: its own season, else the installed one
 * (adm-scenario-season.h); the same object throughout, detached while there are none. */
AdmScenarioSeason *adm_scenario_edit_get_season_item (AdmScenarioEdit *self);
/* The item @node is, or is within (a member's alliance, a sector's object, a class's weapon;
 * the season for the rest of the season and the scenario's rulings), or NULL when no item
 * holds it. */
AdmScenarioItem *adm_scenario_edit_find_item      (AdmScenarioEdit  *self,
                                                   xmlNode          *node);

G_END_DECLS
