/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-item-list.c: the items of one kind under one element, as a GListModel kept in
 * step with the document (adm-scenario-private.h). */

#include "config.h"

#include <gio/gio.h>

#include "adm-scenario-private.h"
#include "adm-xml.h"

#define ADM_TYPE_SCENARIO_ITEM_LIST (adm_scenario_item_list_get_type ())
G_DECLARE_FINAL_TYPE (AdmScenarioItemList, adm_scenario_item_list, ADM, SCENARIO_ITEM_LIST,
                      GObject)

struct _AdmScenarioItemList
{
  GObject          parent_instance;

  AdmScenarioEdit *edit;       /* unowned: the edit owns its lists */
  GType            item_type;
  const char      *element;
  GPtrArray       *items;      /* AdmScenarioItem*, in document order */
  GPtrArray       *keys;       /* char*, each item's key */
};

static void adm_scenario_item_list_model_init (GListModelInterface *iface);

G_DEFINE_TYPE_WITH_CODE (AdmScenarioItemList, adm_scenario_item_list, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                adm_scenario_item_list_model_init))

static GType
get_item_type (GListModel *model)
{
  return ADM_SCENARIO_ITEM_LIST (model)->item_type;
}

static guint
get_n_items (GListModel *model)
{
  return ADM_SCENARIO_ITEM_LIST (model)->items->len;
}

static gpointer
get_item (GListModel *model,
          guint       position)
{
  AdmScenarioItemList *self = ADM_SCENARIO_ITEM_LIST (model);

  return position < self->items->len ? g_object_ref (self->items->pdata[position]) : NULL;
}

static void
adm_scenario_item_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = get_item_type;
  iface->get_n_items = get_n_items;
  iface->get_item = get_item;
}

static void
detach (gpointer item)
{
  _adm_scenario_item_bind (item, NULL, NULL);
  g_object_unref (item);
}

static void
adm_scenario_item_list_finalize (GObject *object)
{
  AdmScenarioItemList *self = ADM_SCENARIO_ITEM_LIST (object);

  g_ptr_array_unref (self->items);
  g_ptr_array_unref (self->keys);

  G_OBJECT_CLASS (adm_scenario_item_list_parent_class)->finalize (object);
}

static void
adm_scenario_item_list_class_init (AdmScenarioItemListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_scenario_item_list_finalize;
}

static void
adm_scenario_item_list_init (AdmScenarioItemList *self)
{
  self->items = g_ptr_array_new_with_free_func (detach);
  self->keys = g_ptr_array_new_with_free_func (g_free);
}

GListModel *
_adm_scenario_item_list_new (AdmScenarioEdit *edit,
                             GType            item_type)
{
  AdmScenarioItemList *self = g_object_new (ADM_TYPE_SCENARIO_ITEM_LIST, NULL);
  g_autoptr(GTypeClass) klass = g_type_class_ref (item_type);

  self->edit = edit;
  self->item_type = item_type;
  self->element = ((AdmScenarioItemClass *) klass)->element;
  return G_LIST_MODEL (self);
}

/* What keeps an item across a reading of the document: its element's keys (its id, a link's
 * two sectors, a minefield's faction), and how many before it had the same, for a draft may
 * repeat one. */
static char *
key_of (AdmScenarioItemList *self,
        xmlNode             *node,
        GHashTable          *seen)
{
  static const char *const by_id[] = { "id", NULL };
  g_autoptr(GTypeClass) klass = g_type_class_ref (self->item_type);
  const char *const *keys = ((AdmScenarioItemClass *) klass)->keys;
  g_autoptr(GString) base = g_string_new (NULL);
  guint n;

  for (const char *const *key = keys != NULL ? keys : by_id; *key != NULL; key++)
    {
      g_autofree char *value = adm_xml_get_string (node, *key);

      g_string_append_printf (base, "%s\n", value != NULL ? value : "");
    }
  n = GPOINTER_TO_UINT (g_hash_table_lookup (seen, base->str));
  g_hash_table_insert (seen, g_strdup (base->str), GUINT_TO_POINTER (n + 1));
  return g_strdup_printf ("%s#%u", base->str, n);
}

/* Whether the item of old child @i is that of new child @j: after an edit, the element it
 * was bound to with the same key, or the element the edit changed (a new name may move its
 * id); after the document was read anew, the same key. */
static gboolean
same (AdmScenarioItemList *self,
      guint                i,
      xmlNode             *node,
      const char          *key,
      xmlNode             *changed,
      gboolean             reload)
{
  if (!g_str_equal (self->keys->pdata[i], key) &&
      (reload || node != changed || node == NULL))
    return FALSE;
  return reload || _adm_scenario_item_get_node (self->items->pdata[i]) == node;
}

void
_adm_scenario_item_list_sync (GListModel *list,
                              xmlNode    *parent,
                              xmlNode    *changed,
                              gboolean    reload)
{
  AdmScenarioItemList *self = ADM_SCENARIO_ITEM_LIST (list);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) gone = g_ptr_array_new_with_free_func (g_object_unref);
  guint old_n = self->items->len, new_n, prefix = 0, suffix = 0, removed, added;
  gboolean moved = FALSE;

  for (xmlNode *child = parent != NULL ? adm_xml_first_element (parent, self->element) : NULL;
       child != NULL; child = adm_xml_next_element (child, self->element))
    {
      g_ptr_array_add (nodes, child);
      g_ptr_array_add (keys, key_of (self, child, seen));
    }
  new_n = nodes->len;

  /* The part that changed: what lies between the items kept at the start and at the end. */
  while (prefix < old_n && prefix < new_n &&
         same (self, prefix, nodes->pdata[prefix], keys->pdata[prefix], changed, reload))
    prefix++;
  while (suffix < old_n - prefix && suffix < new_n - prefix &&
         same (self, old_n - 1 - suffix, nodes->pdata[new_n - 1 - suffix],
               keys->pdata[new_n - 1 - suffix], changed, reload))
    suffix++;
  removed = old_n - prefix - suffix;
  added = new_n - prefix - suffix;

  if (removed > 0 || added > 0)
    {
      g_autoptr(GPtrArray) middle = g_ptr_array_new_with_free_func (g_object_unref);
      g_autofree gboolean *taken = g_new0 (gboolean, removed + 1);

      /* An item of the part that is the same as a new child's is kept (a thing moved). */
      for (guint j = prefix; j < prefix + added; j++)
        {
          gpointer item = NULL;

          for (guint i = prefix; item == NULL && i < prefix + removed; i++)
            if (!taken[i - prefix] && same (self, i, nodes->pdata[j], keys->pdata[j], changed,
                                            reload))
              {
                taken[i - prefix] = TRUE;
                item = g_object_ref (self->items->pdata[i]);
              }
          g_ptr_array_add (middle, item);
        }
      /* After a reload, an item whose key alone changed (an undone new name) is the one at
       * its place, when the part holds as many things as before. */
      for (guint k = 0; k < added; k++)
        {
          if (middle->pdata[k] != NULL)
            continue;
          if (reload && removed == added && !taken[k])
            {
              taken[k] = TRUE;
              middle->pdata[k] = g_object_ref (self->items->pdata[prefix + k]);
            }
          else
            middle->pdata[k] = g_object_new (self->item_type, NULL);
        }
      moved = removed != added;
      for (guint k = 0; !moved && k < added; k++)
        moved = middle->pdata[k] != self->items->pdata[prefix + k];
      for (guint i = prefix; i < prefix + removed; i++)
        if (!taken[i - prefix])
          g_ptr_array_add (gone, g_object_ref (self->items->pdata[i]));
      g_ptr_array_set_free_func (self->items, g_object_unref);
      g_ptr_array_remove_range (self->items, prefix, removed);
      g_ptr_array_set_free_func (self->items, detach);
      for (guint i = 0; i < middle->len; i++)
        g_ptr_array_insert (self->items, (int) (prefix + i), g_object_ref (middle->pdata[i]));
    }
  g_ptr_array_unref (self->keys);
  self->keys = g_steal_pointer (&keys);

  for (guint i = 0; i < new_n; i++)
    _adm_scenario_item_bind (self->items->pdata[i], self->edit, nodes->pdata[i]);
  if (moved)
    g_list_model_items_changed (list, prefix, removed, added);
  for (guint i = 0; i < new_n; i++)
    _adm_scenario_item_sync (self->items->pdata[i], nodes->pdata[i], changed, reload);
  /* What no child kept is detached, after the model said it is gone. */
  for (guint i = 0; i < gone->len; i++)
    _adm_scenario_item_bind (gone->pdata[i], NULL, NULL);
}

GListModel *
_adm_scenario_item_list_of (AdmScenarioItem  *item,
                            GListModel      **list,
                            GType             type)
{
  if (*list == NULL)
    {
      *list = _adm_scenario_item_list_new (_adm_scenario_item_get_edit (item), type);
      _adm_scenario_item_list_sync (*list, _adm_scenario_item_get_node (item), NULL, TRUE);
    }
  return *list;
}

AdmScenarioItem *
_adm_scenario_item_list_find (GListModel *list,
                              xmlNode    *node)
{
  AdmScenarioItemList *self = ADM_SCENARIO_ITEM_LIST (list);

  for (guint i = 0; node != NULL && i < self->items->len; i++)
    if (_adm_scenario_item_get_node (self->items->pdata[i]) == node)
      return self->items->pdata[i];
  return NULL;
}
