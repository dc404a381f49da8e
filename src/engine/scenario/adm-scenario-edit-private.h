/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-private.h: the scenario document (adm-scenario-edit.h) as its own files
 * share it — the object, and what each part's edits are made of: the white space kept, a new
 * element, the commit that makes an edit one step of undo. For adm-scenario-edit*.c only. */
#pragma once

#include "adm-scenario-edit-elements.h"
#include "adm-xml-layout.h"

G_BEGIN_DECLS

struct _AdmScenarioEdit {
  GObject       parent_instance;

  xmlDoc       *doc;
  AdmXmlLayout *layout;
  char         *display_name;
  AdmRuleset   *ruleset;
  char         *ruleset_id;  /* the one @ruleset was loaded for */
  char         *season_text; /* the text of the <season> @ruleset was read from, or NULL */

  GBytes       *bytes;       /* the document's text now */
  GBytes       *saved;       /* the text last read or saved, or a new scenario's first */
  gboolean      in_file;     /* @saved is a file's text on disk (not a new scenario's) */
  GQueue        undo;        /* GBytes*, newest first */
  GQueue        redo;
  gsize         undo_bytes;
  gboolean      can_undo, can_redo, modified;
  AdmScenario  *loaded;      /* the document as last checked, when it loaded; or NULL */
  gboolean      ids_fixed;   /* play has begun from it: a new name moves no id */

  /* The document model's items, each made when first asked for and kept in step with the
   * document after every edit, undo and redo (_adm_edit_emit_changed ()). */
  AdmScenarioItem *item;     /* the scenario itself */
  AdmScenarioMap *map;       /* its map as a whole */
  GListModel   *admirals;    /* AdmScenarioAdmiral */
  GListModel   *alliances;   /* AdmScenarioAlliance */
  GListModel   *sectors;     /* AdmScenarioSector */
  GListModel   *links;       /* AdmScenarioLink */
  GListModel   *formations;  /* AdmScenarioFormation */
  GListModel   *pools;       /* AdmScenarioPool */
  AdmScenarioSeason *season; /* the rules played by, with their classes and factions */
};

gboolean _adm_edit_set_document (AdmScenarioEdit  *self,
                                 const char       *data,
                                 gsize             length,
                                 GError          **error);

/* The items made so far read the document again, then "changed" is emitted: a page bound to
 * the items sees them as they are now, one following the signal sees them too. */
/* The season's item bound to the rules shown: the scenario's own season, else the installed
 * ruleset's. */
void _adm_edit_bind_season (AdmScenarioEdit *self);

void _adm_edit_emit_changed (AdmScenarioEdit       *self,
                             AdmScenarioEditChange  change,
                             xmlNode               *node);

/* After an edit: the text before it goes on the undo stack, the redo stack is forgotten.
 * Each element is given the line it has in the text now, so that the problems found after an
 * edit name the lines of the file as it would be saved (an element copied from the rules
 * folder has the lines of its file until then). */
void _adm_edit_commit (AdmScenarioEdit       *self,
                       AdmScenarioEditChange  change,
                       xmlNode               *node);

extern const char *const _adm_edit_scenario_order[];

extern const char *const _adm_edit_map_order[];

extern const char *const _adm_edit_formation_order[];

extern const char *const _adm_edit_sector_order[];

extern const char *const _adm_edit_alliance_order[];

gboolean _adm_edit_is_blank (xmlNode *node);

gboolean _adm_edit_name_in (xmlNode            *node,
                            const char *const  *names);

/* Puts @child into @parent after @after (one of its children), or, for NULL, after the last
 * child element of a kind that comes no later than @child's in @order, each on a line of its
 * own indented as its siblings are. */
void _adm_edit_insert_child (xmlNode           *parent,
                             xmlNode           *child,
                             xmlNode           *after,
                             const char *const *order);

/* Takes @node out with the blank before it, which held its line. */
void _adm_edit_remove_node (xmlNode *node);

xmlNode *_adm_edit_new_element (AdmScenarioEdit *self,
                                const char      *name);

void _adm_edit_set_prop (xmlNode    *node,
                         const char *name,
                         const char *value);

gboolean _adm_edit_prop_is (xmlNode    *node,
                            const char *name,
                            const char *value);

GPtrArray *_adm_edit_all_of (AdmScenarioEdit *self,
                             const char      *name);

/* The id made from @name before it is made unique (adm_id_from_name ()), or @fallback for a
 * name that gives none. */
char *_adm_edit_id_base (const char *name,
                         const char *fallback);

/* Whether @id is the id made from @name, or that id made unique ("kestrel-2"). */
gboolean _adm_edit_id_made_from (const char *id,
                                 const char *name,
                                 const char *element);

/* An id as the schema has it: lowercase words joined by "-" ([a-z0-9][a-z0-9-]*). */
gboolean _adm_edit_is_id (const char *text);

xmlNode *_adm_edit_new_named (AdmScenarioEdit *self,
                              const char      *element,
                              const char      *name);

GStrv _adm_edit_succession_of (xmlNode *formation);

void _adm_edit_remove_ship (AdmScenarioEdit *self,
                            xmlNode         *ship);

G_END_DECLS
