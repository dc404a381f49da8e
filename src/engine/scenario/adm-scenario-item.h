/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-item.h: one thing of a scenario being prepared — the scenario itself, an
 * admiral, an alliance, a ship… — as the editor shows it and changes it, without the file's
 * elements and attributes. Each kind is a final type of its own (adm-scenario-admiral.h, …)
 * over this one, which holds what they share: the id and the name.
 *
 * An item belongs to the AdmScenarioEdit that made it and stays the same object across the
 * edits that keep its thing (by its id), undo and redo included; its properties are notified
 * when an edit, an undo or a redo changes them. An item whose thing is gone (removed, or
 * undone) is detached: it keeps the values it last had, and every change through it is
 * refused with an error.
 *
 * Properties: "id", "name" (strings; "name" writable: one step of undo, as
 * adm_scenario_item_set_name ()), "attached" (boolean, read-only). */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

struct _xmlNode;

#define ADM_TYPE_SCENARIO_ITEM (adm_scenario_item_get_type ())
G_DECLARE_DERIVABLE_TYPE (AdmScenarioItem, adm_scenario_item, ADM, SCENARIO_ITEM, GObject)

/* Each kind's class says its element and the attributes that find it again after the document
 * is read anew (@keys; NULL: its id); @read, when set, adds to @values what the item shows
 * beyond the element's attributes (an alliance's members); @sync, when set, keeps the item's
 * own lists in step with @node (NULL: detached), as its list is kept
 * (_adm_scenario_item_list_sync ()); @set_value and @remove, when set, are how a kind whose
 * element may be another document's (the installed season's) changes its thing: by its id,
 * through the edit's own operations, instead of the element's attribute set
 * (adm_scenario_edit_set ()) and the element removed (adm_scenario_edit_remove ()). For the
 * kinds' own files. */
struct _AdmScenarioItemClass
{
  GObjectClass       parent_class;

  const char        *element;
  const char *const *keys;
  void             (*read) (AdmScenarioItem *self,
                            struct _xmlNode *node,
                            GHashTable      *values);
  void             (*sync) (AdmScenarioItem *self,
                            struct _xmlNode *node,
                            struct _xmlNode *changed,
                            gboolean         reload);
  gboolean         (*set_value) (AdmScenarioItem *self,
                                 const char      *attribute,
                                 const char      *value,
                                 GError         **error);
  gboolean         (*remove) (AdmScenarioItem *self,
                              GError         **error);
};

#define ADM_SCENARIO_ITEM_ERROR (adm_scenario_item_error_quark ())
GQuark      adm_scenario_item_error_quark  (void);

typedef enum {
  ADM_SCENARIO_ITEM_ERROR_DETACHED,  /* the item's thing is no longer in the scenario */
  ADM_SCENARIO_ITEM_ERROR_INVALID,   /* a value the thing cannot take */
} AdmScenarioItemError;

const char *adm_scenario_item_get_id       (AdmScenarioItem  *self);
/* The item's element in the document, or NULL when detached: for what still speaks the file's
 * elements (the checker's problems name them). */
struct _xmlNode *adm_scenario_item_get_element (AdmScenarioItem *self);
/* The item the item's thing is in (an object's sector, an admiral's scenario), or NULL for the
 * scenario itself or a detached item (borrowed). */
AdmScenarioItem *adm_scenario_item_get_parent (AdmScenarioItem *self);
const char *adm_scenario_item_get_name     (AdmScenarioItem  *self);
gboolean    adm_scenario_item_get_attached (AdmScenarioItem  *self);

/* A new name: an id made from the old name follows it, unless play has begun
 * (adm_scenario_edit_set ()). Refused, nothing changed, for an empty name or a detached
 * item. */
gboolean    adm_scenario_item_set_name     (AdmScenarioItem  *self,
                                            const char       *name,
                                            GError          **error);
/* A new id, every reference following; refused, nothing changed, as
 * adm_scenario_edit_set_id () refuses, or for a detached item. */
gboolean    adm_scenario_item_set_id       (AdmScenarioItem  *self,
                                            const char       *id,
                                            GError          **error);
/* A copy of a ship (after it) or of a formation with its ships (after it), as
 * adm_scenario_edit_duplicate () makes it: one step of undo; the copy's item, or NULL for an
 * item of another kind or a detached one. */
AdmScenarioItem *adm_scenario_item_duplicate (AdmScenarioItem *self);
/* Removes the item's thing and what refers to it, as adm_scenario_edit_remove () does: one
 * step of undo. Refused for the scenario itself and for a detached item. */
gboolean    adm_scenario_item_remove       (AdmScenarioItem  *self,
                                            GError          **error);

G_END_DECLS
