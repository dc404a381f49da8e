/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-items.c: the document model's items and their lists (adm-scenario-edit.h). */

#include "config.h"

#include "adm-scenario-formation.h"
#include "adm-scenario-link.h"
#include "adm-scenario-pool.h"
#include "adm-scenario-sector.h"
#include "adm-scenario-edit-private.h"
#include "adm-scenario-private.h"
#include "adm-xml.h"

/* The document model's items. */

AdmScenarioItem *
adm_scenario_edit_get_item (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  if (self->item == NULL)
    {
      self->item = g_object_new (ADM_TYPE_SCENARIO_ITEM, NULL);
      _adm_scenario_item_bind (self->item, self, xmlDocGetRootElement (self->doc));
    }
  return self->item;
}

AdmScenarioMap *
adm_scenario_edit_get_map_item (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  if (self->map == NULL)
    {
      self->map = g_object_new (ADM_TYPE_SCENARIO_MAP, NULL);
      _adm_scenario_item_bind (ADM_SCENARIO_ITEM (self->map), self,
                               adm_xml_first_element (xmlDocGetRootElement (self->doc), "map"));
    }
  return self->map;
}

void
_adm_edit_bind_season (AdmScenarioEdit *self)
{
  xmlNode *season = adm_scenario_edit_get_season (self);
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self->season);

  if (season == NULL && self->ruleset != NULL)
    season = adm_ruleset_get_season (self->ruleset);
  _adm_scenario_item_bind (item, self, season);
  if (season != NULL)
    _adm_scenario_item_sync (item, season, NULL, TRUE);
}

AdmScenarioSeason *
adm_scenario_edit_get_season_item (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  if (self->season == NULL)
    {
      self->season = _adm_scenario_season_new (self);
      _adm_edit_bind_season (self);
    }
  return self->season;
}

/* @list, made and read for the first time when NULL. */
static GListModel *
items_of (AdmScenarioEdit  *self,
          GListModel      **list,
          GType             type,
          xmlNode          *parent)
{
  if (*list == NULL)
    {
      *list = _adm_scenario_item_list_new (self, type);
      _adm_scenario_item_list_sync (*list, parent, NULL, TRUE);
    }
  return *list;
}

GListModel *
adm_scenario_edit_get_admirals (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->admirals, ADM_TYPE_SCENARIO_ADMIRAL,
                   xmlDocGetRootElement (self->doc));
}

GListModel *
adm_scenario_edit_get_alliances (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->alliances, ADM_TYPE_SCENARIO_ALLIANCE,
                   xmlDocGetRootElement (self->doc));
}

GListModel *
adm_scenario_edit_get_sectors (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->sectors, ADM_TYPE_SCENARIO_SECTOR,
                   adm_scenario_edit_get_map (self));
}

GListModel *
adm_scenario_edit_get_links (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->links, ADM_TYPE_SCENARIO_LINK, adm_scenario_edit_get_map (self));
}

GListModel *
adm_scenario_edit_get_formations (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->formations, ADM_TYPE_SCENARIO_FORMATION,
                   xmlDocGetRootElement (self->doc));
}

GListModel *
adm_scenario_edit_get_pools (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return items_of (self, &self->pools, ADM_TYPE_SCENARIO_POOL, xmlDocGetRootElement (self->doc));
}

AdmScenarioSector *
adm_scenario_edit_find_sector (AdmScenarioEdit *self,
                               const char      *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  return (AdmScenarioSector *)
    _adm_scenario_item_list_find (adm_scenario_edit_get_sectors (self),
                                  id != NULL ? adm_scenario_edit_find (self, "sector", id) : NULL);
}

AdmScenarioItem *
adm_scenario_edit_find_item (AdmScenarioEdit *self,
                             xmlNode         *node)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  for (xmlNode *up = node; up != NULL && up->type == XML_ELEMENT_NODE; up = up->parent)
    {
      AdmScenarioItem *item = NULL;
      AdmScenarioItem *parent = NULL;

      if (adm_xml_is (up, "admiral"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_admirals (self), up);
      else if (adm_xml_is (up, "alliance"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_alliances (self), up);
      else if (adm_xml_is (up, "link"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_links (self), up);
      else if (adm_xml_is (up, "sector"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_sectors (self), up);
      else if (adm_xml_is (up, "formation"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_formations (self), up);
      else if (adm_xml_is (up, "pool"))
        item = _adm_scenario_item_list_find (adm_scenario_edit_get_pools (self), up);
      else if ((adm_xml_is (up, "object") || adm_xml_is (up, "minefield")) &&
               ADM_IS_SCENARIO_SECTOR (parent = adm_scenario_edit_find_item (self, up->parent)))
        item = _adm_scenario_item_list_find (adm_xml_is (up, "object")
                                             ? adm_scenario_sector_get_objects (
                                                 ADM_SCENARIO_SECTOR (parent))
                                             : adm_scenario_sector_get_minefields (
                                                 ADM_SCENARIO_SECTOR (parent)), up);
      else if (adm_xml_is (up, "ship") &&
               ADM_IS_SCENARIO_FLEET (parent = adm_scenario_edit_find_item (self, up->parent)))
        item = _adm_scenario_item_list_find (
                 adm_scenario_fleet_get_ships (ADM_SCENARIO_FLEET (parent)), up);
      else if ((adm_xml_is (up, "class") || adm_xml_is (up, "faction")) &&
               ADM_IS_SCENARIO_SEASON (parent = adm_scenario_edit_find_item (self, up->parent)))
        item = _adm_scenario_item_list_find (adm_xml_is (up, "class")
                                             ? adm_scenario_season_get_classes (
                                                 ADM_SCENARIO_SEASON (parent))
                                             : adm_scenario_season_get_factions (
                                                 ADM_SCENARIO_SEASON (parent)), up);
      else if (adm_xml_is (up, "weapon") &&
               ADM_IS_SEASON_CLASS (parent = adm_scenario_edit_find_item (self, up->parent)))
        item = _adm_scenario_item_list_find (
                 adm_season_class_get_weapons (ADM_SEASON_CLASS (parent)), up);
      else if (adm_xml_is (up, "map") && up->parent == xmlDocGetRootElement (self->doc))
        item = ADM_SCENARIO_ITEM (adm_scenario_edit_get_map_item (self));
      else if (adm_xml_is (up, "season") || adm_xml_is (up, "rulings"))
        item = ADM_SCENARIO_ITEM (adm_scenario_edit_get_season_item (self));
      else if (up == xmlDocGetRootElement (self->doc))
        item = adm_scenario_edit_get_item (self);
      if (item != NULL)
        return item;
    }
  return NULL;
}

/* The item of @node in @list, which an edit has just added. */
static gpointer
item_added (GListModel *list,
            xmlNode    *node)
{
  return node != NULL ? _adm_scenario_item_list_find (list, node) : NULL;
}

AdmScenarioAdmiral *
adm_scenario_edit_append_admiral (AdmScenarioEdit *self,
                                  const char      *name,
                                  const char      *faction)
{
  GListModel *admirals;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  admirals = adm_scenario_edit_get_admirals (self);
  return item_added (admirals, adm_scenario_edit_add_admiral (self, name, faction));
}

AdmScenarioSector *
adm_scenario_edit_append_sector (AdmScenarioEdit *self,
                                 const char      *name,
                                 double           x,
                                 double           y)
{
  xmlNode *sector;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  sector = adm_scenario_edit_add_sector (self, name, x, y);
  return item_added (adm_scenario_edit_get_sectors (self), sector);
}

void
adm_scenario_edit_leave_alliances (AdmScenarioEdit *self,
                                   const char      *faction)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (faction != NULL);

  adm_scenario_edit_set_alliance_of (self, faction, NULL);
}

AdmScenarioLink *
adm_scenario_edit_append_link (AdmScenarioEdit *self,
                               const char      *from,
                               const char      *to)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  return item_added (adm_scenario_edit_get_links (self),
                     adm_scenario_edit_add_link (self, from, to));
}

AdmScenarioFormation *
adm_scenario_edit_append_formation (AdmScenarioEdit *self,
                                    const char      *name,
                                    const char      *faction,
                                    const char      *sector)
{
  xmlNode *formation;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  formation = adm_scenario_edit_add_formation (self, name, faction, sector);
  return item_added (adm_scenario_edit_get_formations (self), formation);
}

AdmScenarioPool *
adm_scenario_edit_append_pool (AdmScenarioEdit *self,
                               const char      *admiral,
                               const char      *sector)
{
  xmlNode *pool;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  pool = adm_scenario_edit_add_pool (self, admiral, sector);
  return item_added (adm_scenario_edit_get_pools (self), pool);
}

AdmScenarioAlliance *
adm_scenario_edit_append_alliance (AdmScenarioEdit *self,
                                   const char      *name,
                                   const char      *faction)
{
  GListModel *alliances;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  alliances = adm_scenario_edit_get_alliances (self);
  return item_added (alliances, adm_scenario_edit_add_alliance (self, name, faction));
}

char *
adm_scenario_edit_dup_description (AdmScenarioEdit *self)
{
  xmlNode *description;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  description = adm_xml_first_element (xmlDocGetRootElement (self->doc), "description");
  return description != NULL ? adm_xml_get_text (description) : NULL;
}
