/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-oob.c: an order of battle (adm-oob.h) taken as one edit
 * (adm-scenario-edit.h). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-edit-private.h"
#include "adm-xml.h"

/* Order of battle. */

static const char *const before_fleets[] = {
  "description", "rulings", "admiral", "alliance", "map", NULL
};
static const char *const fleet_names[] = { "formation", "pool", NULL };

/* What finds a formation again: its id; a pool's, its admiral's. */
static char *
fleet_key (gboolean    pool,
           const char *id)
{
  return g_strconcat (pool ? "pool " : "formation ", id != NULL ? id : "", NULL);
}

static char *
fleet_key_of (xmlNode *node)
{
  gboolean pool = adm_xml_is (node, "pool");
  g_autofree char *id = adm_xml_get_string (node, pool ? "admiral" : "id");

  return fleet_key (pool, id);
}

static void
set_if_other (xmlNode    *node,
              const char *name,
              const char *value)
{
  if (!_adm_edit_prop_is (node, name, value))
    _adm_edit_set_prop (node, name, value);
}

/* @node's attributes made @formation's; one that says so already is left as written. */
static void
set_fleet_attributes (xmlNode               *node,
                      const AdmOobFormation *formation)
{
  if (formation->pool)
    {
      set_if_other (node, "admiral", formation->admiral);
      set_if_other (node, "sector", formation->sector);
      return;
    }
  set_if_other (node, "id", formation->id);
  set_if_other (node, "name", formation->name);
  set_if_other (node, "faction", formation->faction);
  set_if_other (node, "sector", formation->sector);
  set_if_other (node, "flagship", formation->flagship);
  set_if_other (node, "admiral", formation->admiral);
  if (adm_xml_get_boolean (node, "hidden", FALSE) != formation->hidden)
    _adm_edit_set_prop (node, "hidden", formation->hidden ? "true" : NULL);
}

/* Whether @node's ships and succession are @formation's already. */
static gboolean
fleet_ships_are (xmlNode               *node,
                 const AdmOobFormation *formation)
{
  g_auto(GStrv) succession = _adm_edit_succession_of (node);
  guint i = 0, n = 0;

  for (xmlNode *child = adm_xml_first_element (node, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL), i++)
    {
      const AdmOobShip *ship = i < formation->ships->len ? formation->ships->pdata[i] : NULL;
      int readiness = -1, damage = -1;

      if (adm_xml_is (child, "succession") && i == formation->ships->len)
        continue;
      if (ship == NULL || !adm_xml_is (child, "ship") ||
          !_adm_edit_prop_is (child, "id", ship->id) ||
          !_adm_edit_prop_is (child, "name", ship->name) ||
          !_adm_edit_prop_is (child, "class", ship->klass) ||
          !adm_xml_get_int (child, "readiness", TRUE, 0, &readiness, "", NULL) ||
          readiness != ship->readiness ||
          !adm_xml_get_int (child, "damage", FALSE, 0, &damage, "", NULL) ||
          damage != ship->damage ||
          !_adm_edit_prop_is (child, "criticals", ship->criticals))
        return FALSE;
    }
  if (i < formation->ships->len)
    return FALSE;
  for (; succession[n] != NULL; n++)
    if (n >= formation->succession->len ||
        g_strcmp0 (succession[n], formation->succession->pdata[n]) != 0)
      return FALSE;
  return n == formation->succession->len;
}

/* @node's ships and succession made @formation's, unless they are already. */
static void
set_fleet_ships (xmlNode               *node,
                 const AdmOobFormation *formation)
{
  xmlNode *child, *after = NULL;

  if (fleet_ships_are (node, formation))
    return;
  while ((child = adm_xml_first_element (node, NULL)) != NULL)
    _adm_edit_remove_node (child);
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmOobShip *ship = formation->ships->pdata[i];
      xmlNode *element = xmlNewDocNode (node->doc, NULL, (const xmlChar *) "ship", NULL);
      g_autofree char *readiness = g_strdup_printf ("%d", ship->readiness);

      _adm_edit_set_prop (element, "id", ship->id);
      _adm_edit_set_prop (element, "name", ship->name);
      _adm_edit_set_prop (element, "class", ship->klass);
      _adm_edit_set_prop (element, "readiness", readiness);
      /* F-CRIT-5, F-CRIT-20: what an earlier war left of it. */
      if (ship->damage > 0)
        {
          g_autofree char *damage = g_strdup_printf ("%d", ship->damage);

          _adm_edit_set_prop (element, "damage", damage);
        }
      if (ship->criticals != NULL)
        _adm_edit_set_prop (element, "criticals", ship->criticals);
      _adm_edit_insert_child (node, element, after, _adm_edit_formation_order);
      after = element;
    }
  if (formation->succession->len > 0)
    {
      xmlNode *element = xmlNewDocNode (node->doc, NULL, (const xmlChar *) "succession", NULL);
      g_autofree char *ships = NULL;

      g_ptr_array_add (formation->succession, NULL);
      ships = g_strjoinv (" ", (char **) formation->succession->pdata);
      g_ptr_array_set_size (formation->succession, formation->succession->len - 1);
      _adm_edit_set_prop (element, "ships", ships);
      _adm_edit_insert_child (node, element, after, NULL);
    }
}

/* Whether @node comes right after @previous among the root's elements (after what comes before
 * the formations, for NULL). */
static gboolean
follows (xmlNode *node,
         xmlNode *previous)
{
  xmlNode *before = node->prev;

  while (before != NULL && before->type != XML_ELEMENT_NODE)
    before = before->prev;
  if (previous != NULL)
    return before == previous;
  return before == NULL || !_adm_edit_name_in (before, fleet_names);
}

/* @node put into @root after @previous, or, for NULL, where the formations start. */
static void
place_fleet (xmlNode *root,
             xmlNode *node,
             xmlNode *previous)
{
  if (previous == NULL)
    for (xmlNode *child = adm_xml_first_element (root, NULL); child != NULL;
         child = adm_xml_next_element (child, NULL))
      if (_adm_edit_name_in (child, before_fleets))
        previous = child;
  _adm_edit_insert_child (root, node, previous, NULL);
}

/* @oob made the order of battle of the document @root is in: its admirals added after the
 * last admiral, its formations and pools in place of the document's, in its order. A
 * formation or pool the document has (by id, a pool by its admiral) is changed where it
 * stands, keeping what it says already as it is written; the others are removed. */
static void
apply_oob (xmlNode      *root,
           const AdmOob *oob)
{
  g_autoptr(GHashTable) old = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) kept = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  xmlNode *after = NULL, *previous = NULL;

  for (xmlNode *node = adm_xml_first_element (root, "admiral"); node != NULL;
       node = adm_xml_next_element (node, "admiral"))
    after = node;
  for (guint i = 0; i < oob->admirals->len; i++)
    {
      const AdmOobAdmiral *admiral = oob->admirals->pdata[i];
      xmlNode *node = xmlNewDocNode (root->doc, NULL, (const xmlChar *) "admiral", NULL);

      _adm_edit_set_prop (node, "id", admiral->id);
      _adm_edit_set_prop (node, "name", admiral->name);
      _adm_edit_set_prop (node, "faction", admiral->faction);
      _adm_edit_insert_child (root, node, after, _adm_edit_scenario_order);
      after = node;
    }

  for (xmlNode *node = adm_xml_first_element (root, NULL); node != NULL;
       node = adm_xml_next_element (node, NULL))
    if (_adm_edit_name_in (node, fleet_names))
      {
        char *key = fleet_key_of (node);

        if (!g_hash_table_contains (old, key))
          g_hash_table_insert (old, key, node);
        else
          g_free (key);
      }
  for (guint i = 0; i < oob->formations->len; i++)
    {
      const AdmOobFormation *formation = oob->formations->pdata[i];
      g_autofree char *key = fleet_key (formation->pool, formation->pool ? formation->admiral
                                                                         : formation->id);
      xmlNode *node = g_hash_table_lookup (old, key);

      g_hash_table_remove (old, key);
      if (node != NULL)
        g_hash_table_add (kept, node);
      g_ptr_array_add (nodes, node);
    }
  for (xmlNode *node = adm_xml_first_element (root, NULL), *next; node != NULL; node = next)
    {
      next = adm_xml_next_element (node, NULL);
      if (_adm_edit_name_in (node, fleet_names) && !g_hash_table_contains (kept, node))
        _adm_edit_remove_node (node);
    }

  for (guint i = 0; i < oob->formations->len; i++)
    {
      const AdmOobFormation *formation = oob->formations->pdata[i];
      xmlNode *node = nodes->pdata[i];

      if (node == NULL)
        {
          node = xmlNewDocNode (root->doc, NULL,
                                (const xmlChar *) (formation->pool ? "pool" : "formation"), NULL);
          set_fleet_attributes (node, formation);
          place_fleet (root, node, previous);
        }
      else
        {
          set_fleet_attributes (node, formation);
          if (!follows (node, previous))
            {
              /* Moved, with the line it was on. */
              if (_adm_edit_is_blank (node->prev))
                {
                  xmlNode *blank = node->prev;

                  xmlUnlinkNode (blank);
                  xmlFreeNode (blank);
                }
              xmlUnlinkNode (node);
              place_fleet (root, node, previous);
            }
        }
      set_fleet_ships (node, formation);
      previous = node;
    }
}

gboolean
adm_scenario_edit_import_oob (AdmScenarioEdit  *self,
                              const char       *csv,
                              gsize             csv_length,
                              const char       *csv_name,
                              AdmOobSummary    *summary,
                              GPtrArray       **problems,
                              GError          **error)
{
  g_autofree char *composition = NULL;
  g_autoptr(AdmOob) oob = NULL;
  xmlNode *root;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (csv != NULL && csv_name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (problems != NULL)
    *problems = NULL;
  root = xmlDocGetRootElement (self->doc);
  if (self->ruleset == NULL)
    {
      g_set_error (error, ADM_OOB_ERROR, ADM_OOB_ERROR_SCENARIO,
                   _("%s names no ruleset that can be read (“%s”): the classes and factions "
                     "an order of battle names are unknown until it does"),
                   self->display_name, self->ruleset_id != NULL ? self->ruleset_id : "");
      return FALSE;
    }
  /* F-FORM-8 as the scenario plays it: its own ruling, else its ruleset's. */
  composition = adm_scenario_edit_get_ruling (self, "formation-composition");
  if (composition == NULL)
    composition = g_strdup (adm_ruleset_get_ruling_value (self->ruleset,
                                                          "formation-composition"));
  oob = adm_oob_read (root, self->ruleset, composition, csv, csv_length, csv_name, problems,
                      error);
  if (oob == NULL)
    return FALSE;
  apply_oob (root, oob);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
  if (summary != NULL)
    *summary = oob->summary;
  return TRUE;
}
