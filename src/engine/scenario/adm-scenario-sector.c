/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-sector.c: a sector of a scenario's map (see the header). */

#include "config.h"

#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-scenario-sector.h"

struct _AdmScenarioSector
{
  AdmScenarioItem  parent_instance;

  GListModel      *objects;     /* AdmScenarioObject, made when first asked for */
  GListModel      *minefields;  /* AdmScenarioMinefield, likewise */
};

G_DEFINE_FINAL_TYPE (AdmScenarioSector, adm_scenario_sector, ADM_TYPE_SCENARIO_ITEM)

static void
sync_lists (AdmScenarioItem *item,
            xmlNode         *node,
            xmlNode         *changed,
            gboolean         reload)
{
  AdmScenarioSector *self = ADM_SCENARIO_SECTOR (item);

  if (self->objects != NULL)
    _adm_scenario_item_list_sync (self->objects, node, changed, reload);
  if (self->minefields != NULL)
    _adm_scenario_item_list_sync (self->minefields, node, changed, reload);
}

static void
adm_scenario_sector_dispose (GObject *object)
{
  AdmScenarioSector *self = ADM_SCENARIO_SECTOR (object);

  g_clear_object (&self->objects);
  g_clear_object (&self->minefields);

  G_OBJECT_CLASS (adm_scenario_sector_parent_class)->dispose (object);
}

static void
adm_scenario_sector_class_init (AdmScenarioSectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = adm_scenario_sector_dispose;
  object_class->get_property = _adm_scenario_item_get_value_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "sector";
  ADM_SCENARIO_ITEM_CLASS (klass)->sync = sync_lists;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_double ("x", NULL, NULL, -G_MAXDOUBLE,
                                                        G_MAXDOUBLE, 0, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_double ("y", NULL, NULL, -G_MAXDOUBLE,
                                                        G_MAXDOUBLE, 0, flags));
}

static void
adm_scenario_sector_init (AdmScenarioSector *self)
{
}

GListModel *
adm_scenario_sector_get_objects (AdmScenarioSector *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SECTOR (self), NULL);
  return _adm_scenario_item_list_of (ADM_SCENARIO_ITEM (self), &self->objects,
                                     ADM_TYPE_SCENARIO_OBJECT);
}

GListModel *
adm_scenario_sector_get_minefields (AdmScenarioSector *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SECTOR (self), NULL);
  return _adm_scenario_item_list_of (ADM_SCENARIO_ITEM (self), &self->minefields,
                                     ADM_TYPE_SCENARIO_MINEFIELD);
}

gboolean
adm_scenario_sector_move (AdmScenarioSector  *self,
                          double              x,
                          double              y,
                          GError            **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_SECTOR (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  adm_scenario_edit_move_sector (_adm_scenario_item_get_edit (item),
                                 _adm_scenario_item_get_node (item), x, y);
  return TRUE;
}

AdmScenarioObject *
adm_scenario_sector_add_object (AdmScenarioSector *self,
                                const char        *kind,
                                const char        *name)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  GListModel *objects;

  g_return_val_if_fail (ADM_IS_SCENARIO_SECTOR (self), NULL);

  if (!adm_scenario_item_get_attached (item))
    return NULL;
  objects = adm_scenario_sector_get_objects (self);
  return (AdmScenarioObject *)
    _adm_scenario_item_list_find (objects,
                                  adm_scenario_edit_add_object (_adm_scenario_item_get_edit (item),
                                                                _adm_scenario_item_get_node (item),
                                                                kind, name));
}

AdmScenarioMinefield *
adm_scenario_sector_find_minefield (AdmScenarioSector *self,
                                    const char        *faction)
{
  GListModel *minefields;

  g_return_val_if_fail (ADM_IS_SCENARIO_SECTOR (self), NULL);

  minefields = adm_scenario_sector_get_minefields (self);
  for (guint i = 0; faction != NULL && i < g_list_model_get_n_items (minefields); i++)
    {
      g_autoptr(AdmScenarioMinefield) minefield = g_list_model_get_item (minefields, i);

      if (g_strcmp0 (adm_scenario_minefield_get_faction (minefield), faction) == 0)
        return minefield;
    }
  return NULL;
}

gboolean
adm_scenario_sector_set_minefield (AdmScenarioSector  *self,
                                   const char         *faction,
                                   int                 mines,
                                   GError            **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_SECTOR (self), FALSE);
  g_return_val_if_fail (faction != NULL, FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  adm_scenario_edit_set_minefield (_adm_scenario_item_get_edit (item),
                                   _adm_scenario_item_get_node (item), faction, mines);
  return TRUE;
}
