/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-sides.c: the scenario's admirals and alliances (adm-scenario-edit.h). */

#include "config.h"

#include "adm-scenario-edit-private.h"
#include "adm-xml.h"

xmlNode *
adm_scenario_edit_add_admiral (AdmScenarioEdit *self,
                               const char      *name,
                               const char      *faction)
{
  xmlNode *root, *admiral;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL && faction != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  admiral = _adm_edit_new_named (self, "admiral", name);
  _adm_edit_set_prop (admiral, "faction", faction);
  _adm_edit_insert_child (root, admiral, NULL, _adm_edit_scenario_order);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return admiral;
}

static void join_alliance (AdmScenarioEdit *self, const char *faction, xmlNode *alliance);

xmlNode *
adm_scenario_edit_add_alliance (AdmScenarioEdit *self,
                                const char      *name,
                                const char      *faction)
{
  xmlNode *root, *alliance;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  root = xmlDocGetRootElement (self->doc);
  alliance = _adm_edit_new_named (self, "alliance", name);
  _adm_edit_insert_child (root, alliance, NULL, _adm_edit_scenario_order);
  if (faction != NULL)
    join_alliance (self, faction, alliance);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  return alliance;
}

void
adm_scenario_edit_set_alliance_of (AdmScenarioEdit *self,
                                   const char      *faction,
                                   xmlNode         *alliance)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (faction != NULL);

  join_alliance (self, faction, alliance);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
}

static void
join_alliance (AdmScenarioEdit *self,
               const char      *faction,
               xmlNode         *alliance)
{
  g_autoptr(GPtrArray) alliances = NULL;
  xmlNode *root = xmlDocGetRootElement (self->doc);

  alliances = adm_scenario_edit_children (root, "alliance");
  for (guint i = 0; i < alliances->len; i++)
    {
      xmlNode *other = alliances->pdata[i];
      g_autoptr(GPtrArray) members = adm_scenario_edit_children (other, "member");

      if (other == alliance)
        continue;
      for (guint k = 0; k < members->len; k++)
        if (_adm_edit_prop_is (members->pdata[k], "faction", faction))
          _adm_edit_remove_node (members->pdata[k]);
      /* An alliance whose members all left is no alliance. */
      if (members->len > 0 && adm_xml_first_element (other, "member") == NULL)
        _adm_edit_remove_node (other);
    }
  if (alliance != NULL)
    {
      g_autoptr(GPtrArray) members = adm_scenario_edit_children (alliance, "member");
      gboolean present = FALSE;

      for (guint k = 0; k < members->len; k++)
        present |= _adm_edit_prop_is (members->pdata[k], "faction", faction);
      if (!present)
        {
          xmlNode *member = _adm_edit_new_element (self, "member");

          _adm_edit_set_prop (member, "faction", faction);
          _adm_edit_insert_child (alliance, member, NULL, _adm_edit_alliance_order);
        }
    }
}
