/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-map.c: the map: sectors, links, objects, stations, wormhole exits and
 * minefields (adm-scenario-edit.h). */

#include "config.h"

#include "adm-scenario-edit-private.h"
#include "adm-xml.h"

xmlNode *
adm_scenario_edit_get_map (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return adm_xml_first_element (xmlDocGetRootElement (self->doc), "map");
}

static xmlNode *
ensure_map (AdmScenarioEdit *self)
{
  xmlNode *map = adm_scenario_edit_get_map (self);

  if (map == NULL)
    {
      map = _adm_edit_new_element (self, "map");
      _adm_edit_insert_child (xmlDocGetRootElement (self->doc), map, NULL,
                              _adm_edit_scenario_order);
    }
  return map;
}

/* A coordinate as a file holds it: a whole number when it is one. */
static char *
coordinate (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  value = CLAMP (value, -100000.0, 100000.0);
  if (value == (double) (gint64) value)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) value);
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.1f", value));
}

xmlNode *
adm_scenario_edit_add_sector (AdmScenarioEdit *self,
                              const char      *name,
                              double           x,
                              double           y)
{
  xmlNode *map, *sector;
  g_autofree char *xs = coordinate (x), *ys = coordinate (y);

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  map = ensure_map (self);
  sector = _adm_edit_new_named (self, "sector", name);
  _adm_edit_set_prop (sector, "x", xs);
  _adm_edit_set_prop (sector, "y", ys);
  _adm_edit_insert_child (map, sector, NULL, _adm_edit_map_order);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, map);
  return sector;
}

void
adm_scenario_edit_move_sector (AdmScenarioEdit *self,
                               xmlNode         *sector,
                               double           x,
                               double           y)
{
  g_autofree char *xs = coordinate (x), *ys = coordinate (y);

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (sector != NULL && sector->doc == self->doc);

  _adm_edit_set_prop (sector, "x", xs);
  _adm_edit_set_prop (sector, "y", ys);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, sector);
}

xmlNode *
adm_scenario_edit_find_link (AdmScenarioEdit *self,
                             const char      *from,
                             const char      *to)
{
  g_autoptr(GPtrArray) links = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);

  links = adm_scenario_edit_children (adm_scenario_edit_get_map (self), "link");
  for (guint i = 0; i < links->len; i++)
    if ((_adm_edit_prop_is (links->pdata[i], "from", from) &&
         _adm_edit_prop_is (links->pdata[i], "to", to)) ||
        (_adm_edit_prop_is (links->pdata[i], "from", to) &&
         _adm_edit_prop_is (links->pdata[i], "to", from)))
      return links->pdata[i];
  return NULL;
}

xmlNode *
adm_scenario_edit_add_link (AdmScenarioEdit *self,
                            const char      *from,
                            const char      *to)
{
  xmlNode *map, *link;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (from != NULL && to != NULL, NULL);

  if (g_str_equal (from, to) || adm_scenario_edit_find_link (self, from, to) != NULL)
    return NULL;
  map = ensure_map (self);
  link = _adm_edit_new_element (self, "link");
  _adm_edit_set_prop (link, "from", from);
  _adm_edit_set_prop (link, "to", to);
  _adm_edit_insert_child (map, link, NULL, _adm_edit_map_order);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, map);
  return link;
}

xmlNode *
adm_scenario_edit_add_object (AdmScenarioEdit *self,
                              xmlNode         *sector,
                              const char      *kind,
                              const char      *name)
{
  xmlNode *object;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (sector != NULL && sector->doc == self->doc, NULL);
  g_return_val_if_fail (kind != NULL && name != NULL, NULL);

  object = _adm_edit_new_element (self, "object");
  _adm_edit_set_prop (object, "kind", kind);
  _adm_edit_set_prop (object, "name", name);
  _adm_edit_insert_child (sector, object, NULL, _adm_edit_sector_order);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, sector);
  return object;
}

void
adm_scenario_edit_set_leads_to (AdmScenarioEdit *self,
                                xmlNode         *object,
                                const char      *sector)
{
  g_autofree char *from = NULL;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (object != NULL && object->doc == self->doc && adm_xml_is (object, "object"));
  g_return_if_fail (object->parent != NULL && adm_xml_is (object->parent, "sector"));

  from = adm_xml_get_string (object->parent, "id");
  _adm_edit_set_prop (object, "leads-to", sector);
  /* F-STRAT-8: the jump is crossed as the link between the two sectors. */
  if (sector != NULL && from != NULL && !g_str_equal (from, sector) &&
      adm_scenario_edit_find_link (self, from, sector) == NULL)
    {
      xmlNode *link = _adm_edit_new_element (self, "link");

      _adm_edit_set_prop (link, "from", from);
      _adm_edit_set_prop (link, "to", sector);
      _adm_edit_insert_child (ensure_map (self), link, NULL, _adm_edit_map_order);
      _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, adm_scenario_edit_get_map (self));
      return;
    }
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, object);
}

xmlNode *
adm_scenario_edit_find_minefield (AdmScenarioEdit *self,
                                  xmlNode         *sector,
                                  const char      *faction)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (sector != NULL, NULL);

  for (xmlNode *node = adm_xml_first_element (sector, "minefield"); node != NULL;
       node = adm_xml_next_element (node, "minefield"))
    if (_adm_edit_prop_is (node, "faction", faction))
      return node;
  return NULL;
}

xmlNode *
adm_scenario_edit_set_minefield (AdmScenarioEdit *self,
                                 xmlNode         *sector,
                                 const char      *faction,
                                 int              mines)
{
  xmlNode *minefield;
  g_autofree char *count = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (sector != NULL && sector->doc == self->doc &&
                        adm_xml_is (sector, "sector"), NULL);
  g_return_val_if_fail (faction != NULL, NULL);

  minefield = adm_scenario_edit_find_minefield (self, sector, faction);
  if (mines <= 0)
    {
      if (minefield != NULL)
        {
          _adm_edit_remove_node (minefield);
          _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, sector);
        }
      return NULL;
    }
  count = g_strdup_printf ("%d", MIN (mines, ADM_MINEFIELD_MAX_MINES));
  if (minefield != NULL)
    {
      _adm_edit_set_prop (minefield, "mines", count);
      _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, minefield);
      return minefield;
    }
  minefield = _adm_edit_new_element (self, "minefield");
  _adm_edit_set_prop (minefield, "faction", faction);
  _adm_edit_set_prop (minefield, "mines", count);
  _adm_edit_insert_child (sector, minefield, NULL, _adm_edit_sector_order);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, sector);
  return minefield;
}

void
adm_scenario_edit_set_station (AdmScenarioEdit *self,
                               xmlNode         *object,
                               const char      *faction,
                               const char      *klass,
                               int              readiness)
{
  g_autofree char *level = g_strdup_printf ("%d", CLAMP (readiness, 0, 12));

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (object != NULL && adm_xml_is (object, "object"));

  _adm_edit_set_prop (object, "faction", faction);
  _adm_edit_set_prop (object, "class", faction != NULL ? klass : NULL);
  _adm_edit_set_prop (object, "readiness", faction != NULL ? level : NULL);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, object);
}
