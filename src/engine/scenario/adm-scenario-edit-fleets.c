/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-fleets.c: the fleets: formations, pools, ships, flagships and successions
 * (adm-scenario-edit.h). */

#include "config.h"

#include <string.h>

#include "adm-scenario-edit-private.h"
#include "adm-xml.h"

xmlNode *
adm_scenario_edit_add_formation (AdmScenarioEdit *self,
                                 const char      *name,
                                 const char      *faction,
                                 const char      *sector)
{
  xmlNode *root, *formation;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL && faction != NULL && sector != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  formation = _adm_edit_new_named (self, "formation", name);
  _adm_edit_set_prop (formation, "faction", faction);
  _adm_edit_set_prop (formation, "sector", sector);
  _adm_edit_set_prop (formation, "flagship", "");
  _adm_edit_insert_child (root, formation, NULL, _adm_edit_scenario_order);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return formation;
}

xmlNode *
adm_scenario_edit_add_pool (AdmScenarioEdit *self,
                            const char      *admiral,
                            const char      *sector)
{
  xmlNode *root, *pool;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (admiral != NULL && sector != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  pool = _adm_edit_new_element (self, "pool");
  _adm_edit_set_prop (pool, "admiral", admiral);
  _adm_edit_set_prop (pool, "sector", sector);
  _adm_edit_insert_child (root, pool, NULL, _adm_edit_scenario_order);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return pool;
}

xmlNode *
adm_scenario_edit_add_ship (AdmScenarioEdit *self,
                            xmlNode         *formation,
                            xmlNode         *after,
                            const char      *name,
                            const char      *klass,
                            int              readiness)
{
  xmlNode *ship;
  g_autofree char *level = g_strdup_printf ("%d", CLAMP (readiness, 0, 12));

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (formation != NULL && formation->doc == self->doc, NULL);
  g_return_val_if_fail (after == NULL || after->parent == formation, NULL);
  g_return_val_if_fail (name != NULL && klass != NULL, NULL);

  ship = _adm_edit_new_named (self, "ship", name);
  _adm_edit_set_prop (ship, "class", klass);
  _adm_edit_set_prop (ship, "readiness", level);
  _adm_edit_insert_child (formation, ship, after, _adm_edit_formation_order);
  /* A pool has no flagship until its admiral forms it into formations (F-GEN-6). */
  if (adm_xml_is (formation, "formation") &&
      (_adm_edit_prop_is (formation, "flagship", "") ||
       _adm_edit_prop_is (formation, "flagship", NULL)))
    {
      g_autofree char *id = adm_xml_get_string (ship, "id");

      _adm_edit_set_prop (formation, "flagship", id);
    }
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, formation);
  return ship;
}

/* "Name 2", "Name 3", …: the first not yet a name of @element's kind. */
static char *
copy_name (AdmScenarioEdit *self,
           const char      *element,
           const char      *name)
{
  g_autoptr(GPtrArray) found = _adm_edit_all_of (self, element);
  g_autofree char *stem = g_strdup (name != NULL ? name : "");
  const char *space = strrchr (stem, ' ');

  /* "Kestrel 2" copied is "Kestrel 3", not "Kestrel 2 2". */
  if (space != NULL && space[1] != '\0' && strspn (space + 1, "0123456789") == strlen (space + 1))
    stem[space - stem] = '\0';
  for (guint n = 2;; n++)
    {
      g_autofree char *candidate = g_strdup_printf ("%s %u", stem, n);
      gboolean taken = FALSE;

      for (guint i = 0; i < found->len && !taken; i++)
        taken = _adm_edit_prop_is (found->pdata[i], "name", candidate);
      if (!taken)
        return g_steal_pointer (&candidate);
    }
}

/* Gives @ship (a copy, not yet in the document) a name and id of its own. */
static void
rename_copy (AdmScenarioEdit *self,
             xmlNode         *copy,
             const char      *element)
{
  g_autofree char *name = adm_xml_get_string (copy, "name");
  g_autofree char *new_name = copy_name (self, element, name);
  g_autofree char *id = adm_scenario_edit_make_id (self, element, new_name);

  _adm_edit_set_prop (copy, "name", new_name);
  _adm_edit_set_prop (copy, "id", id);
}

xmlNode *
adm_scenario_edit_duplicate (AdmScenarioEdit *self,
                             xmlNode         *node)
{
  xmlNode *copy;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (node != NULL && node->doc == self->doc, NULL);
  g_return_val_if_fail (adm_xml_is (node, "ship") || adm_xml_is (node, "formation"), NULL);

  copy = xmlDocCopyNode (node, self->doc, 1);
  rename_copy (self, copy, (const char *) node->name);
  if (adm_xml_is (node, "formation"))
    {
      g_autoptr(GPtrArray) ships = adm_scenario_edit_children (copy, "ship");
      xmlNode *succession = adm_xml_first_element (copy, "succession");

      /* The copy goes in first, so that its ships' new ids are unique among the others. */
      _adm_edit_insert_child (node->parent, copy, node, NULL);
      for (guint i = 0; i < ships->len; i++)
        {
          g_autofree char *old = adm_xml_get_string (ships->pdata[i], "id");
          g_autofree char *id = NULL;

          rename_copy (self, ships->pdata[i], "ship");
          id = adm_xml_get_string (ships->pdata[i], "id");
          if (_adm_edit_prop_is (copy, "flagship", old))
            _adm_edit_set_prop (copy, "flagship", id);
          if (succession != NULL)
            {
              g_autofree char *list = adm_xml_get_string (succession, "ships");
              g_auto(GStrv) ids = g_strsplit (list != NULL ? list : "", " ", -1);
              g_autofree char *joined = NULL;

              for (guint k = 0; ids[k] != NULL; k++)
                if (g_str_equal (ids[k], old))
                  g_free (ids[k]), ids[k] = g_strdup (id);
              joined = g_strjoinv (" ", ids);
              _adm_edit_set_prop (succession, "ships", joined);
            }
        }
    }
  else
    _adm_edit_insert_child (node->parent, copy, node, NULL);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, node->parent);
  return copy;
}

GStrv
_adm_edit_succession_of (xmlNode *formation)
{
  xmlNode *succession = adm_xml_first_element (formation, "succession");
  g_autofree char *list = succession != NULL ? adm_xml_get_string (succession, "ships") : NULL;

  if (list == NULL || g_strstrip (list)[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit_set (list, " \t\n", -1);
}

/* Writes @ids as @formation's succession, or removes it when empty. */
static void
set_succession_list (AdmScenarioEdit *self,
                     xmlNode         *formation,
                     GPtrArray       *ids)
{
  xmlNode *succession = adm_xml_first_element (formation, "succession");
  g_autoptr(GString) joined = g_string_new (NULL);

  for (guint i = 0; i < ids->len; i++)
    if (((const char *) ids->pdata[i])[0] != '\0')
      g_string_append_printf (joined, "%s%s", joined->len > 0 ? " " : "",
                              (const char *) ids->pdata[i]);
  if (joined->len == 0)
    {
      if (succession != NULL)
        _adm_edit_remove_node (succession);
      return;
    }
  if (succession == NULL)
    {
      succession = _adm_edit_new_element (self, "succession");
      _adm_edit_insert_child (formation, succession, NULL, _adm_edit_formation_order);
    }
  _adm_edit_set_prop (succession, "ships", joined->str);
}

static GPtrArray *
succession_without (xmlNode    *formation,
                    const char *id)
{
  g_auto(GStrv) ids = _adm_edit_succession_of (formation);
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; ids[k] != NULL; k++)
    if (ids[k][0] != '\0' && g_strcmp0 (ids[k], id) != 0)
      g_ptr_array_add (kept, g_strdup (ids[k]));
  return kept;
}

void
_adm_edit_remove_ship (AdmScenarioEdit *self,
                       xmlNode         *ship)
{
  xmlNode *formation = ship->parent;
  g_autofree char *id = adm_xml_get_string (ship, "id");
  g_autoptr(GPtrArray) kept = succession_without (formation, id);

  if (_adm_edit_prop_is (formation, "flagship", id))
    {
      g_autofree char *next = NULL;

      /* F-FORM-5: the next in succession takes over; without one, the first ship left. */
      if (kept->len > 0)
        {
          next = g_strdup (kept->pdata[0]);
          g_ptr_array_remove_index (kept, 0);
        }
      else
        for (xmlNode *other = adm_xml_first_element (formation, "ship"); other != NULL;
             other = adm_xml_next_element (other, "ship"))
          if (other != ship)
            {
              next = adm_xml_get_string (other, "id");
              break;
            }
      _adm_edit_set_prop (formation, "flagship", next != NULL ? next : "");
    }
  set_succession_list (self, formation, kept);
  _adm_edit_remove_node (ship);
}

void
adm_scenario_edit_set_flagship (AdmScenarioEdit *self,
                                xmlNode         *ship)
{
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  xmlNode *formation;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (ship != NULL && adm_xml_is (ship, "ship"));

  formation = ship->parent;
  id = adm_xml_get_string (ship, "id");
  if (_adm_edit_prop_is (formation, "flagship", id))
    return;
  kept = succession_without (formation, id);
  _adm_edit_set_prop (formation, "flagship", id);
  set_succession_list (self, formation, kept);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, formation);
}

guint
adm_scenario_edit_get_succession (AdmScenarioEdit *self,
                                  xmlNode         *ship)
{
  g_auto(GStrv) ids = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), 0);
  g_return_val_if_fail (ship != NULL, 0);

  ids = _adm_edit_succession_of (ship->parent);
  id = adm_xml_get_string (ship, "id");
  for (guint k = 0, place = 0; ids[k] != NULL; k++)
    if (ids[k][0] != '\0')
      {
        place++;
        if (g_strcmp0 (ids[k], id) == 0)
          return place;
      }
  return 0;
}

void
adm_scenario_edit_set_succession (AdmScenarioEdit *self,
                                  xmlNode         *ship,
                                  guint            place)
{
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  xmlNode *formation;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (ship != NULL && adm_xml_is (ship, "ship"));

  formation = ship->parent;
  id = adm_xml_get_string (ship, "id");
  kept = succession_without (formation, id);
  if (place > 0 && !_adm_edit_prop_is (formation, "flagship", id))
    g_ptr_array_insert (kept, MIN (place - 1, kept->len), g_strdup (id));
  set_succession_list (self, formation, kept);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, formation);
}

void
adm_scenario_edit_set_wear (AdmScenarioEdit *self,
                            xmlNode         *ship,
                            int              damage,
                            const char      *criticals)
{
  g_autofree char *points = damage > 0 ? g_strdup_printf ("%d", damage) : NULL;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (ship != NULL && adm_xml_is (ship, "ship"));

  _adm_edit_set_prop (ship, "damage", points);
  _adm_edit_set_prop (ship, "criticals", criticals != NULL && criticals[0] != '\0'
                                         ? criticals : NULL);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, ship);
}
