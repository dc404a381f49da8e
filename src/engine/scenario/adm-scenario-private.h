/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-private.h: the scenario loader as its checker (adm-scenario-check.c) and the
 * editor's map (adm-scenario-edit.c) run it, and the document model's items and their lists
 * as the document (adm-scenario-edit.c) keeps them: for the files of this folder only. */
#pragma once

#include "adm-scenario.h"
#include "adm-scenario-edit-elements.h"
#include "adm-scenario-item.h"

G_BEGIN_DECLS

/* One problem the loader finds: the element it is at, the attribute at fault when it is one
 * attribute's, the rules clause when one is broken, the message without "FILE:LINE: ". */
typedef void (*AdmScenarioProblemFunc) (xmlNode    *element,
                                        const char *attribute,
                                        const char *clause,
                                        const char *message,
                                        gpointer    user_data);

/* The ruleset the scenario @scenario of @display_name is played with (its own season, or the
 * installed ruleset it names), loaded as adm_scenario_load_file () loads it; NULL with
 * *@problem set (the message, without "FILE:LINE: ") and *@line (0 when none) when it cannot
 * be. */
AdmRuleset *_adm_scenario_load_ruleset (xmlNode     *scenario,
                                        const char  *display_name,
                                        int         *line,
                                        char       **problem) G_GNUC_WARN_UNUSED_RESULT;

/* Loads @scenario as adm_scenario_new_from_node () does, with the same checks, but hands
 * each problem to @func and goes on past it where it safely can (skipping the element at
 * fault, and saying nothing of references to an element skipped). Without @ruleset only the
 * ids, names and readiness are checked. The rulings of @scenario are set on @ruleset, as
 * loading sets them. @loaded, unless NULL: the scenario when the loader found no problem, as
 * adm_scenario_new_from_node () gives it, else NULL. */
void        _adm_scenario_check        (xmlNode                 *scenario,
                                        const char              *display_name,
                                        AdmRuleset              *ruleset,
                                        AdmScenarioProblemFunc   func,
                                        gpointer                 user_data,
                                        AdmScenario            **loaded);

/* The map of a scenario the editor cannot load whole, as adm_scenario_new_from_doc () loads
 * it but for the one check that a scenario gives some admiral a ship (F-GEN-5): @node holds
 * the map alone. */
AdmScenario *_adm_scenario_new_sketch  (xmlDoc                  *doc,
                                        xmlNode                 *node,
                                        const char              *display_name,
                                        AdmRuleset              *ruleset,
                                        GError                 **error) G_GNUC_WARN_UNUSED_RESULT;

/* @self made the item of @node in @edit (or detached, for a NULL @node): its values are read
 * again, and each property whose value changed is notified. */
void             _adm_scenario_item_bind       (AdmScenarioItem *self,
                                                AdmScenarioEdit *edit,
                                                xmlNode         *node);
/* The item's own lists kept in step with @node (its class's sync), or detached for NULL. */
void             _adm_scenario_item_sync       (AdmScenarioItem *self,
                                                xmlNode         *node,
                                                xmlNode         *changed,
                                                gboolean         reload);
/* A kind's get_property for properties that are its values as read: a string, an integer or
 * a number of the same name (its default when absent). */
void             _adm_scenario_item_get_value_property (GObject    *object,
                                                        guint       prop_id,
                                                        GValue     *value,
                                                        GParamSpec *pspec);
xmlNode         *_adm_scenario_item_get_node   (AdmScenarioItem *self);
AdmScenarioEdit *_adm_scenario_item_get_edit   (AdmScenarioItem *self);
/* The value @name (an attribute, or one @read adds) as last read, or NULL. */
const char      *_adm_scenario_item_get_value  (AdmScenarioItem *self,
                                                const char      *name);
/* TRUE when @self is attached; else FALSE with ADM_SCENARIO_ITEM_ERROR_DETACHED. */
gboolean         _adm_scenario_item_check      (AdmScenarioItem *self,
                                                GError         **error);
/* Sets @attribute to @value (NULL removes it): one step of undo, as adm_scenario_edit_set ();
 * refused, nothing changed, for a detached item. */
gboolean         _adm_scenario_item_set_value  (AdmScenarioItem *self,
                                                const char      *attribute,
                                                const char      *value,
                                                GError         **error);
/* An integer value, or @fallback when absent or not a number. */
int              _adm_scenario_item_get_int    (AdmScenarioItem *self,
                                                const char      *name,
                                                int              fallback);

/* The season's changes checked before they are made (adm-season-class.h, …): @value of
 * @thing's @figure ("hull" of "ship class “Frigate”") from @lowest to @highest, and a @text
 * that is not empty; else FALSE with ADM_SCENARIO_ITEM_ERROR_INVALID naming both. */
gboolean         _adm_scenario_item_check_figure (const char  *thing,
                                                  const char  *figure,
                                                  int          value,
                                                  int          lowest,
                                                  int          highest,
                                                  GError     **error);
gboolean         _adm_scenario_item_check_text   (const char  *thing,
                                                  const char  *what,
                                                  const char  *text,
                                                  GError     **error);

/* The item of the rules @edit is played by (adm_scenario_edit_get_season_item ()), not bound
 * yet. */
AdmScenarioSeason *_adm_scenario_season_new    (AdmScenarioEdit *edit) G_GNUC_WARN_UNUSED_RESULT;

/* The items of one kind under one parent element, as a GListModel (adm-scenario-item-list.c).
 * A sync reads the parent's children again: an item is kept for the element it was bound to
 * with the same key (its id; a link's two sectors), or for @changed (the element an edit
 * changed: a new name may move its id); after a reload (@reload: every element is new), for
 * the same key. The others are made or detached, and "items-changed" says the part that
 * changed. */
GListModel      *_adm_scenario_item_list_new   (AdmScenarioEdit *edit,
                                                GType            item_type) G_GNUC_WARN_UNUSED_RESULT;
void             _adm_scenario_item_list_sync  (GListModel      *list,
                                                xmlNode         *parent,
                                                xmlNode         *changed,
                                                gboolean         reload);
/* *@list, the items of @type under @item's element, made and read for the first time when
 * NULL (an item's own lists: a sector's objects, a fleet's ships). */
GListModel      *_adm_scenario_item_list_of    (AdmScenarioItem *item,
                                                GListModel     **list,
                                                GType            type);
/* The item of @node, or NULL. */
AdmScenarioItem *_adm_scenario_item_list_find  (GListModel      *list,
                                                xmlNode         *node);

G_END_DECLS
