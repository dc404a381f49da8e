/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-elements.h: the scenario document (adm-scenario-edit.h) at the level of
 * its file's elements — found, added, set and removed as <admiral>, <sector>, <ship>… The
 * items (adm-scenario-item.h and its kinds) are made of these edits, and the tests that pin a
 * file's bytes use them; the app, the command line and everything else outside the engine
 * edit through the items and never include this header (the layers test checks it).
 *
 * Each edit is one step of undo and emits "changed", as the items' own. */
#pragma once

#include <libxml/tree.h>

#include "adm-scenario-edit.h"

G_BEGIN_DECLS

xmlNode         *adm_scenario_edit_get_root       (AdmScenarioEdit  *self);
/* The element @element ("admiral", "sector", "formation", "ship", "alliance") with id @id. */
xmlNode         *adm_scenario_edit_find           (AdmScenarioEdit  *self,
                                                   const char       *element,
                                                   const char       *id);
/* An id made from @name (adm_id_from_name ()), unique among the ids of @element's kind:
 * "Adm. Aral Vorkosigan" → "adm-aral-vorkosigan", "kestrel-2". */
char            *adm_scenario_edit_make_id        (AdmScenarioEdit  *self,
                                                   const char       *element,
                                                   const char       *name) G_GNUC_WARN_UNUSED_RESULT;

/* Sets @attribute of @node to @value, or removes it for NULL. A new "name" of the scenario
 * or of an element whose id was made from its name gives it the id made from the new one
 * (unless ids are fixed), and every reference to the old id follows (a formation's admiral
 * and sector, links, flagship, succession). */
void             adm_scenario_edit_set            (AdmScenarioEdit  *self,
                                                   xmlNode          *node,
                                                   const char       *attribute,
                                                   const char       *value);
/* Sets @node's id to @id, every reference to its old one following (adm_scenario_edit_set ());
 * refused, nothing changed, when @id is not an id ([a-z0-9][a-z0-9-]*) or another element of
 * @node's kind has it: FALSE, with @error "FILE:LINE: problem" at @node. */
gboolean         adm_scenario_edit_set_id         (AdmScenarioEdit  *self,
                                                   xmlNode          *node,
                                                   const char       *id,
                                                   GError          **error);
xmlNode         *adm_scenario_edit_add_admiral    (AdmScenarioEdit  *self,
                                                   const char       *name,
                                                   const char       *faction);
/* An alliance named @name, with @faction (or NULL) its first member, out of any other. */
xmlNode         *adm_scenario_edit_add_alliance   (AdmScenarioEdit  *self,
                                                   const char       *name,
                                                   const char       *faction);
/* Puts @faction in @alliance (taking it out of any other), or in none for NULL. An alliance
 * left without members is removed. */
void             adm_scenario_edit_set_alliance_of (AdmScenarioEdit *self,
                                                   const char       *faction,
                                                   xmlNode          *alliance);
xmlNode         *adm_scenario_edit_add_sector     (AdmScenarioEdit  *self,
                                                   const char       *name,
                                                   double            x,
                                                   double            y);
void             adm_scenario_edit_move_sector    (AdmScenarioEdit  *self,
                                                   xmlNode          *sector,
                                                   double            x,
                                                   double            y);
/* A link between sectors @from and @to (ids); NULL when they are one or already linked. */
xmlNode         *adm_scenario_edit_add_link       (AdmScenarioEdit  *self,
                                                   const char       *from,
                                                   const char       *to);
xmlNode         *adm_scenario_edit_find_link      (AdmScenarioEdit  *self,
                                                   const char       *from,
                                                   const char       *to);
/* @kind: "planet", "station" or "wormhole-exit". */
xmlNode         *adm_scenario_edit_add_object     (AdmScenarioEdit  *self,
                                                   xmlNode          *sector,
                                                   const char       *kind,
                                                   const char       *name);
/* F-STN-1: a station's owner @faction, its @klass (of category station) and its crew's
 * @readiness, all three as one edit; a NULL @faction makes it a named mark only. */
void             adm_scenario_edit_set_station    (AdmScenarioEdit  *self,
                                                   xmlNode          *object,
                                                   const char       *faction,
                                                   const char       *klass,
                                                   int               readiness);
/* F-STRAT-8: wormhole exit @object leads to sector @sector (an id), or, for NULL, off the
 * map. The jump is the link between the exit's sector and @sector: it is added when missing,
 * in the same step of undo. Removing that link, or @sector, makes the exit lead off the map. */
void             adm_scenario_edit_set_leads_to   (AdmScenarioEdit  *self,
                                                   xmlNode          *object,
                                                   const char       *sector);
/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: the minefield of @faction in @sector (laid before the
 * scenario starts), or NULL. */
xmlNode         *adm_scenario_edit_find_minefield (AdmScenarioEdit  *self,
                                                   xmlNode          *sector,
                                                   const char       *faction);
/* Gives @faction a minefield of @mines mines (at most ADM_MINEFIELD_MAX_MINES) in @sector,
 * adding it or changing the one it has; @mines 0 removes it. One step of undo; the
 * minefield, or NULL when removed. */
xmlNode         *adm_scenario_edit_set_minefield  (AdmScenarioEdit  *self,
                                                   xmlNode          *sector,
                                                   const char       *faction,
                                                   int               mines);
xmlNode         *adm_scenario_edit_add_formation  (AdmScenarioEdit  *self,
                                                   const char       *name,
                                                   const char       *faction,
                                                   const char       *sector);
/* F-GEN-5: a pool of admiral @admiral (an id) in sector @sector (an id), of no ships yet, after
 * the formations and the other pools. */
xmlNode         *adm_scenario_edit_add_pool       (AdmScenarioEdit  *self,
                                                   const char       *admiral,
                                                   const char       *sector);
/* A ship in @formation (or a pool), after @after (one of its ships) or after its last; a
 * formation's first ship becomes its flagship, a pool has none (F-GEN-6). */
xmlNode         *adm_scenario_edit_add_ship       (AdmScenarioEdit  *self,
                                                   xmlNode          *formation,
                                                   xmlNode          *after,
                                                   const char       *name,
                                                   const char       *klass,
                                                   int               readiness);
/* A copy of a ship (after it) or of a formation with its ships (after it), with new names
 * and ids. A pool is not copied: an admiral has one. */
xmlNode         *adm_scenario_edit_duplicate      (AdmScenarioEdit  *self,
                                                   xmlNode          *node);
/* Removes @node, and what refers to it: a sector's links, an admiral from his formations (his
 * pool keeps his id, a problem until another admiral is chosen), a ship from its formation's
 * succession (its flagship passes to the next in succession, or the first ship left); a pool
 * with its ships. */
void             adm_scenario_edit_remove         (AdmScenarioEdit  *self,
                                                   xmlNode          *node);
/* F-FORM-4: @ship becomes its formation's flagship, and leaves the succession. */
void             adm_scenario_edit_set_flagship   (AdmScenarioEdit  *self,
                                                   xmlNode          *ship);
/* F-FORM-5: @ship's place in its formation's succession, from 1; 0 takes it out. */
void             adm_scenario_edit_set_succession (AdmScenarioEdit  *self,
                                                   xmlNode          *ship,
                                                   guint             place);
/* F-CRIT-5, F-CRIT-20: @ship's hull points lost and unrepaired critical results ("5 7 7"),
 * written as given (the checks are the ship item's, adm_scenario_ship_set_wear ()); 0 and
 * NULL or "" remove them. */
void             adm_scenario_edit_set_wear       (AdmScenarioEdit  *self,
                                                   xmlNode          *ship,
                                                   int               damage,
                                                   const char       *criticals);
/* @ship's place in its formation's succession, from 1, or 0. */
guint            adm_scenario_edit_get_succession (AdmScenarioEdit  *self,
                                                   xmlNode          *ship);

/* The <season> the scenario carries, or NULL when it is played by the installed ruleset. */
xmlNode         *adm_scenario_edit_get_season     (AdmScenarioEdit  *self);
/* The season's <class> or <faction> of id @id, or NULL (no season, or none of that id). */
xmlNode         *adm_scenario_edit_find_class     (AdmScenarioEdit  *self,
                                                   const char       *id);
xmlNode         *adm_scenario_edit_find_faction   (AdmScenarioEdit  *self,
                                                   const char       *id);
/* The <weapon> @weapon of class @klass, or NULL. */
xmlNode         *adm_scenario_edit_find_weapon    (AdmScenarioEdit  *self,
                                                   const char       *klass,
                                                   const char       *weapon);
/* Children of @parent named @name, in order (borrowed). */
GPtrArray       *adm_scenario_edit_children       (xmlNode          *parent,
                                                   const char       *name) G_GNUC_WARN_UNUSED_RESULT;
/* The <map> element, made when missing only by an edit that needs it. */
xmlNode         *adm_scenario_edit_get_map        (AdmScenarioEdit  *self);

G_END_DECLS
