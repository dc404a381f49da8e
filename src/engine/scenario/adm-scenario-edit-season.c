/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-season.c: the season: made the scenario's own, its classes, weapons and
 * factions, and the scenario's rulings (adm-scenario-edit.h). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-edit-private.h"
#include "adm-xml.h"

/* The season. */

xmlNode *
adm_scenario_edit_get_season (AdmScenarioEdit *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return adm_xml_first_element (xmlDocGetRootElement (self->doc), "season");
}

/* A copy of @season made the document's own, in place of the one it carried or after its
 * formations and pools, the root's "ruleset" naming @ruleset_id: without a step of undo. */
static void
put_season (AdmScenarioEdit *self,
            xmlNode         *season,
            const char      *ruleset_id)
{
  xmlNode *root = xmlDocGetRootElement (self->doc);
  xmlNode *old = adm_xml_first_element (root, "season");
  xmlNode *copy = xmlDocCopyNode (season, self->doc, 1);

  if (old != NULL)
    {
      xmlReplaceNode (old, copy);
      xmlFreeNode (old);
    }
  else
    _adm_edit_insert_child (root, copy, NULL, _adm_edit_scenario_order);
  _adm_edit_set_prop (root, "ruleset", ruleset_id);
}

/* Makes the installed ruleset's season the scenario's own, without a step of undo: the edit
 * that needs it commits both. *@made tells whether it had to. */
static gboolean
own_season (AdmScenarioEdit  *self,
            gboolean         *made,
            GError          **error)
{
  xmlNode *root = xmlDocGetRootElement (self->doc);

  *made = FALSE;
  if (adm_xml_first_element (root, "season") != NULL)
    return TRUE;
  if (self->ruleset == NULL)
    {
      adm_xml_set_error (error, self->display_name, root,
                         _("the scenario names no ruleset that loads, so it has no rules to "
                           "make its own"));
      return FALSE;
    }
  put_season (self, adm_ruleset_get_season (self->ruleset), adm_ruleset_get_id (self->ruleset));
  *made = TRUE;
  return TRUE;
}

/* A season edit that found nothing to do after making the season its own: the document goes
 * back to its text, as it was before. */
static void
forget_season (AdmScenarioEdit *self,
               gboolean         made)
{
  gsize length;
  const char *data;

  if (!made)
    return;
  data = g_bytes_get_data (self->bytes, &length);
  if (!_adm_edit_set_document (self, data, length, NULL))
    g_assert_not_reached ();
  _adm_edit_emit_changed (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
}

gboolean
adm_scenario_edit_make_season_own (AdmScenarioEdit  *self,
                                   GError          **error)
{
  gboolean made;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);

  if (!own_season (self, &made, error))
    return FALSE;
  if (made)
    _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  return TRUE;
}

gboolean
adm_scenario_edit_set_season (AdmScenarioEdit  *self,
                              xmlNode          *season,
                              GError          **error)
{
  g_autoptr(AdmRuleset) ruleset = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (season != NULL && adm_xml_is (season, "season"), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Read as the rules it is before the document is touched: a season that is not right
   * changes nothing. */
  ruleset = adm_ruleset_new_from_season (season, self->display_name, error);
  if (ruleset == NULL)
    return FALSE;
  put_season (self, season, adm_ruleset_get_id (ruleset));
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  return TRUE;
}

static xmlNode *
child_with_id (xmlNode    *parent,
               const char *element,
               const char *id)
{
  if (id == NULL || parent == NULL)
    return NULL;
  for (xmlNode *child = adm_xml_first_element (parent, element); child != NULL;
       child = adm_xml_next_element (child, element))
    if (_adm_edit_prop_is (child, "id", id))
      return child;
  return NULL;
}

static xmlNode *
season_classes (AdmScenarioEdit *self)
{
  xmlNode *season = adm_scenario_edit_get_season (self);

  return season != NULL ? adm_xml_first_element (season, "classes") : NULL;
}

xmlNode *
adm_scenario_edit_find_class (AdmScenarioEdit *self,
                              const char      *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return child_with_id (season_classes (self), "class", id);
}

xmlNode *
adm_scenario_edit_find_faction (AdmScenarioEdit *self,
                                const char      *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return child_with_id (season_classes (self), "faction", id);
}

xmlNode *
adm_scenario_edit_find_weapon (AdmScenarioEdit *self,
                               const char      *klass,
                               const char      *weapon)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  return child_with_id (adm_scenario_edit_find_class (self, klass), "weapon", weapon);
}

/* The season's element @element of id @id (a weapon: of class @klass), the season made the
 * scenario's own first; NULL with @error, and the document as it was, when there is none. */
static xmlNode *
season_element (AdmScenarioEdit  *self,
                const char       *element,
                const char       *klass,
                const char       *id,
                gboolean         *made,
                GError          **error)
{
  xmlNode *node;

  if (!own_season (self, made, error))
    return NULL;
  if (g_str_equal (element, "weapon"))
    node = adm_scenario_edit_find_weapon (self, klass, id);
  else
    node = child_with_id (season_classes (self), element, id);
  if (node == NULL)
    {
      forget_season (self, *made);
      if (g_str_equal (element, "weapon"))
        adm_xml_set_error (error, self->display_name, xmlDocGetRootElement (self->doc),
                           _("ship class “%s” of the scenario's rules has no weapon “%s”"),
                           klass, id);
      else if (g_str_equal (element, "class"))
        adm_xml_set_error (error, self->display_name, xmlDocGetRootElement (self->doc),
                           _("the scenario's rules have no ship class “%s”"), id);
      else
        adm_xml_set_error (error, self->display_name, xmlDocGetRootElement (self->doc),
                           _("the scenario's rules have no faction “%s”"), id);
    }
  return node;
}

/* Commits a change of @node's attributes, the season made the scenario's own with it when
 * @made (then the root's children changed too). */
static void
commit_season (AdmScenarioEdit *self,
               gboolean         made,
               xmlNode         *node)
{
  if (made)
    _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  else
    _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, node);
}

/* F-WPN-11, F-WPN-12: a torpedo's marker has a speed and moves some turns; a weapon made
 * another type has neither. */
static void
weapon_type_set (xmlNode    *weapon,
                 const char *type)
{
  if (g_strcmp0 (type, "torpedo") == 0)
    {
      if (!xmlHasProp (weapon, (const xmlChar *) "torpedo-speed"))
        _adm_edit_set_prop (weapon, "torpedo-speed", "20");
      if (!xmlHasProp (weapon, (const xmlChar *) "torpedo-turns"))
        _adm_edit_set_prop (weapon, "torpedo-turns", "2");
    }
  else
    {
      _adm_edit_set_prop (weapon, "torpedo-speed", NULL);
      _adm_edit_set_prop (weapon, "torpedo-turns", NULL);
    }
}

/* The season's edits of one element's attribute, each the same shape: the season's
 * @element of id @id (@klass's, for a weapon) found, made the scenario's own if it was not,
 * its @attribute set to @value (NULL removes it), committed. FALSE with @error when there is
 * no such element. */
static gboolean
set_season_attribute (AdmScenarioEdit  *self,
                      const char       *element,
                      const char       *klass,
                      const char       *id,
                      const char       *attribute,
                      const char       *value,
                      GError          **error)
{
  gboolean made;
  xmlNode *node = season_element (self, element, klass, id, &made, error);

  if (node == NULL)
    return FALSE;
  _adm_edit_set_prop (node, attribute, value);
  if (g_str_equal (element, "weapon") && g_str_equal (attribute, "type"))
    weapon_type_set (node, value);
  commit_season (self, made, node);
  return TRUE;
}

/* The season's removals, each the same shape once what still names the element is checked:
 * the element found as set_season_attribute () finds it, taken out, committed. */
static gboolean
remove_season_element (AdmScenarioEdit  *self,
                       const char       *element,
                       const char       *klass,
                       const char       *id,
                       GError          **error)
{
  gboolean made;
  xmlNode *node = season_element (self, element, klass, id, &made, error);
  xmlNode *parent;

  if (node == NULL)
    return FALSE;
  parent = node->parent;
  _adm_edit_remove_node (node);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE,
                    made ? xmlDocGetRootElement (self->doc) : parent);
  return TRUE;
}

/* The id class @node (whose id is @old_id, made from @old_name) takes from its new name
 * @name: the same when it is made from that name too, else one no other class has. */
static char *
class_id_from (xmlNode    *node,
               const char *old_id,
               const char *name)
{
  g_autofree char *base = NULL;

  if (_adm_edit_id_made_from (old_id, name, "class"))
    return g_strdup (old_id);
  base = _adm_edit_id_base (name, "class");
  for (guint n = 1;; n++)
    {
      g_autofree char *id = n == 1 ? g_strdup (base) : g_strdup_printf ("%s-%u", base, n);
      xmlNode *holder = child_with_id (node->parent, "class", id);

      if (holder == NULL || holder == node)
        return g_steal_pointer (&id);
    }
}

gboolean
adm_scenario_edit_set_class (AdmScenarioEdit  *self,
                             const char       *klass,
                             const char       *attribute,
                             const char       *value,
                             GError          **error)
{
  g_autofree char *old_name = NULL;
  g_autofree char *id = NULL;
  g_autoptr(GPtrArray) ships = NULL;
  g_autoptr(GPtrArray) objects = NULL;
  gboolean made;
  xmlNode *node;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL && attribute != NULL, FALSE);
  g_return_val_if_fail (!g_str_equal (attribute, "id"), FALSE);

  if (!g_str_equal (attribute, "name") || value == NULL || self->ids_fixed)
    return set_season_attribute (self, "class", NULL, klass, attribute, value, error);

  /* A new name: an id made from the old one follows it, and the ships and stations of the
   * class with it, in the one step. */
  node = season_element (self, "class", NULL, klass, &made, error);
  if (node == NULL)
    return FALSE;
  old_name = adm_xml_get_string (node, "name");
  if (old_name != NULL && _adm_edit_id_made_from (klass, old_name, "class"))
    id = class_id_from (node, klass, value);
  _adm_edit_set_prop (node, "name", value);
  if (id == NULL || g_str_equal (id, klass))
    {
      commit_season (self, made, node);
      return TRUE;
    }
  _adm_edit_set_prop (node, "id", id);
  ships = _adm_edit_all_of (self, "ship");
  for (guint i = 0; i < ships->len; i++)
    if (_adm_edit_prop_is (ships->pdata[i], "class", klass))
      _adm_edit_set_prop (ships->pdata[i], "class", id);
  objects = _adm_edit_all_of (self, "object");
  for (guint i = 0; i < objects->len; i++)
    if (_adm_edit_prop_is (objects->pdata[i], "class", klass))
      _adm_edit_set_prop (objects->pdata[i], "class", id);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, xmlDocGetRootElement (self->doc));
  return TRUE;
}

/* An id among @parent's children named @element made from @name. */
static char *
child_id (xmlNode    *parent,
          const char *element,
          const char *name)
{
  g_autofree char *base = _adm_edit_id_base (name, element);

  if (child_with_id (parent, element, base) == NULL)
    return g_steal_pointer (&base);
  for (guint n = 2;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%u", base, n);

      if (child_with_id (parent, element, id) == NULL)
        return g_steal_pointer (&id);
    }
}

char *
adm_scenario_edit_add_class (AdmScenarioEdit  *self,
                             const char       *copy_of,
                             const char       *name,
                             GError          **error)
{
  gboolean made;
  xmlNode *source, *copy;
  char *id;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (copy_of != NULL && name != NULL, NULL);

  source = season_element (self, "class", NULL, copy_of, &made, error);
  if (source == NULL)
    return NULL;
  copy = xmlDocCopyNode (source, self->doc, 1);
  id = child_id (source->parent, "class", name);
  _adm_edit_set_prop (copy, "id", id);
  _adm_edit_set_prop (copy, "name", name);
  _adm_edit_insert_child (source->parent, copy, source, NULL);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE,
                    made ? xmlDocGetRootElement (self->doc) : source->parent);
  return id;
}

gboolean
adm_scenario_edit_remove_class (AdmScenarioEdit  *self,
                                const char       *klass,
                                GError          **error)
{
  static const char *const users[] = { "ship", "object", NULL };

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);

  /* A ship or a station of the class would name a class that is no more. */
  for (guint k = 0; users[k] != NULL; k++)
    {
      g_autoptr(GPtrArray) found = _adm_edit_all_of (self, users[k]);

      for (guint i = 0; i < found->len; i++)
        if (_adm_edit_prop_is (found->pdata[i], "class", klass))
          {
            g_autofree char *user = adm_xml_get_string (found->pdata[i], "name");

            adm_xml_set_error (error, self->display_name, found->pdata[i],
                               k == 0 ? _("ship class “%s” cannot be removed: ship “%s” is "
                                          "of that class")
                                      : _("ship class “%s” cannot be removed: station “%s” "
                                          "is of that class"),
                               klass, user != NULL ? user : "");
            return FALSE;
          }
    }
  return remove_season_element (self, "class", NULL, klass, error);
}

gboolean
adm_scenario_edit_remove_faction (AdmScenarioEdit  *self,
                                  const char       *faction,
                                  GError          **error)
{
  static const char *const users[] = { "admiral", "formation", "object", "member", "minefield",
                                        NULL };

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (faction != NULL, FALSE);

  /* An admiral, a formation, a station, an alliance or a minefield of the faction would name
   * one that is no more. */
  for (guint k = 0; users[k] != NULL; k++)
    {
      g_autoptr(GPtrArray) found = _adm_edit_all_of (self, users[k]);

      for (guint i = 0; i < found->len; i++)
        if (_adm_edit_prop_is (found->pdata[i], "faction", faction))
          {
            xmlNode *user = found->pdata[i];
            g_autofree char *name = adm_xml_get_string (k >= 3 ? user->parent : user, "name");
            const char *shown = name != NULL ? name : "";

            if (k == 0)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: admiral “%s” belongs to "
                                   "it"), faction, shown);
            else if (k == 1)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: formation “%s” belongs "
                                   "to it"), faction, shown);
            else if (k == 2)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: station “%s” belongs to "
                                   "it"), faction, shown);
            else if (k == 3)
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: it is a member of "
                                   "alliance “%s”"), faction, shown);
            else
              adm_xml_set_error (error, self->display_name, user,
                                 _("faction “%s” cannot be removed: it has a minefield in "
                                   "sector “%s”"), faction, shown);
            return FALSE;
          }
    }
  return remove_season_element (self, "faction", NULL, faction, error);
}

gboolean
adm_scenario_edit_set_weapon (AdmScenarioEdit  *self,
                              const char       *klass,
                              const char       *weapon,
                              const char       *attribute,
                              const char       *value,
                              GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL && weapon != NULL && attribute != NULL, FALSE);
  g_return_val_if_fail (!g_str_equal (attribute, "id"), FALSE);

  return set_season_attribute (self, "weapon", klass, weapon, attribute, value, error);
}

char *
adm_scenario_edit_add_weapon (AdmScenarioEdit  *self,
                              const char       *klass,
                              const char       *name,
                              GError          **error)
{
  gboolean made;
  xmlNode *node, *weapon, *last = NULL;
  char *id;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (klass != NULL && name != NULL, NULL);

  node = season_element (self, "class", NULL, klass, &made, error);
  if (node == NULL)
    return NULL;
  id = child_id (node, "weapon", name);
  weapon = _adm_edit_new_element (self, "weapon");
  _adm_edit_set_prop (weapon, "id", id);
  _adm_edit_set_prop (weapon, "name", name);
  _adm_edit_set_prop (weapon, "type", "artillery");
  _adm_edit_set_prop (weapon, "firepower", "1");
  _adm_edit_set_prop (weapon, "range", "10");
  _adm_edit_set_prop (weapon, "arcs", "bow");
  for (xmlNode *other = adm_xml_first_element (node, "weapon"); other != NULL;
       other = adm_xml_next_element (other, "weapon"))
    last = other;
  _adm_edit_insert_child (node, weapon, last, NULL);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE,
                    made ? xmlDocGetRootElement (self->doc) : node);
  return id;
}

gboolean
adm_scenario_edit_remove_weapon (AdmScenarioEdit  *self,
                                 const char       *klass,
                                 const char       *weapon,
                                 GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (klass != NULL && weapon != NULL, FALSE);

  return remove_season_element (self, "weapon", klass, weapon, error);
}

gboolean
adm_scenario_edit_set_faction (AdmScenarioEdit  *self,
                               const char       *faction,
                               const char       *attribute,
                               const char       *value,
                               GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (faction != NULL && attribute != NULL, FALSE);
  g_return_val_if_fail (!g_str_equal (attribute, "id"), FALSE);

  return set_season_attribute (self, "faction", NULL, faction, attribute, value, error);
}

char *
adm_scenario_edit_get_ruling (AdmScenarioEdit *self,
                              const char      *id)
{
  xmlNode *rulings, *ruling;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);

  rulings = adm_xml_first_element (xmlDocGetRootElement (self->doc), "rulings");
  ruling = child_with_id (rulings, "ruling", id);
  return ruling != NULL ? adm_xml_get_string (ruling, "value") : NULL;
}

void
adm_scenario_edit_set_ruling (AdmScenarioEdit *self,
                              const char      *id,
                              const char      *value)
{
  xmlNode *root, *rulings, *ruling;
  const AdmRuling *known;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (id != NULL);

  root = xmlDocGetRootElement (self->doc);
  rulings = adm_xml_first_element (root, "rulings");
  ruling = child_with_id (rulings, "ruling", id);
  known = self->ruleset != NULL ? adm_ruleset_lookup_ruling (self->ruleset, id) : NULL;
  if (value == NULL || (known != NULL && g_strcmp0 (value, known->default_value) == 0))
    {
      if (ruling == NULL)
        return;
      _adm_edit_remove_node (ruling);
      if (adm_xml_first_element (rulings, NULL) == NULL)
        _adm_edit_remove_node (rulings);
      _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
      return;
    }
  if (rulings == NULL)
    {
      rulings = _adm_edit_new_element (self, "rulings");
      _adm_edit_insert_child (root, rulings, NULL, _adm_edit_scenario_order);
    }
  if (ruling == NULL)
    {
      xmlNode *last = NULL;

      for (xmlNode *other = adm_xml_first_element (rulings, "ruling"); other != NULL;
           other = adm_xml_next_element (other, "ruling"))
        last = other;
      ruling = _adm_edit_new_element (self, "ruling");
      _adm_edit_set_prop (ruling, "id", id);
      _adm_edit_insert_child (rulings, ruling, last, NULL);
    }
  _adm_edit_set_prop (ruling, "value", value);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
}
