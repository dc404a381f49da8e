/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-edit-elements.c: the document's elements: white space kept, ids made and renamed
 * with what names them, an attribute set, an element removed with what refers to it (adm-scenario-
 * edit.h). */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "adm-id.h"
#include "adm-scenario-edit-private.h"
#include "adm-xml.h"

/* Elements and white space. */

GPtrArray *
adm_scenario_edit_children (xmlNode    *parent,
                            const char *name)
{
  GPtrArray *children = g_ptr_array_new ();

  if (parent == NULL)
    return children;
  for (xmlNode *child = adm_xml_first_element (parent, name); child != NULL;
       child = adm_xml_next_element (child, name))
    g_ptr_array_add (children, child);
  return children;
}

gboolean
_adm_edit_is_blank (xmlNode *node)
{
  return node != NULL && node->type == XML_TEXT_NODE && xmlIsBlankNode (node);
}

/* The white space before @node's line: what follows the last newline of the blank text
 * before it ("" for the root). */
static char *
indent_of (xmlNode *node)
{
  const char *text, *newline;

  if (!_adm_edit_is_blank (node->prev))
    return g_strdup ("");
  text = (const char *) node->prev->content;
  newline = strrchr (text, '\n');
  return g_strdup (newline != NULL ? newline + 1 : text);
}

gboolean
_adm_edit_name_in (xmlNode            *node,
                   const char *const  *names)
{
  return node->type == XML_ELEMENT_NODE &&
         g_strv_contains (names, (const char *) node->name);
}

/* Puts @child into @parent after @after (one of its children), or, for NULL, after the last
 * child element of a kind that comes no later than @child's in @order, each on a line of its
 * own indented as its siblings are. */
void
_adm_edit_insert_child (xmlNode           *parent,
                        xmlNode           *child,
                        xmlNode           *after,
                        const char *const *order)
{
  g_autofree char *parent_indent = indent_of (parent);
  g_autofree char *line = NULL;
  xmlNode *first = adm_xml_first_element (parent, NULL);

  if (after == NULL && order != NULL)
    {
      guint rank = 0;

      while (order[rank] != NULL && !g_str_equal (order[rank], (const char *) child->name))
        rank++;
      for (xmlNode *node = parent->children; node != NULL; node = node->next)
        for (guint i = 0; i <= rank && order[i] != NULL; i++)
          if (node->type == XML_ELEMENT_NODE && g_str_equal (node->name, order[i]))
            after = node;
    }
  if (first != NULL)
    {
      g_autofree char *indent = indent_of (first);

      line = g_strconcat ("\n", indent, NULL);
    }
  else
    line = g_strconcat ("\n", parent_indent, "  ", NULL);

  if (after != NULL)
    {
      xmlAddNextSibling (after, child);
      xmlAddPrevSibling (child, xmlNewDocText (parent->doc, (const xmlChar *) line));
    }
  else if (first != NULL)
    {
      xmlAddPrevSibling (first, child);
      xmlAddNextSibling (child, xmlNewDocText (parent->doc, (const xmlChar *) line));
    }
  else
    {
      g_autofree char *close = g_strconcat ("\n", parent_indent, NULL);

      /* No element yet: only blanks, replaced by the child's line and the closing one. */
      while (parent->children != NULL)
        {
          xmlNode *blank = parent->children;

          xmlUnlinkNode (blank);
          xmlFreeNode (blank);
        }
      xmlAddChild (parent, xmlNewDocText (parent->doc, (const xmlChar *) line));
      xmlAddChild (parent, child);
      xmlAddChild (parent, xmlNewDocText (parent->doc, (const xmlChar *) close));
    }
}

/* Takes @node out with the blank before it, which held its line. */
void
_adm_edit_remove_node (xmlNode *node)
{
  xmlNode *parent = node->parent;

  if (_adm_edit_is_blank (node->prev))
    {
      xmlNode *blank = node->prev;

      xmlUnlinkNode (blank);
      xmlFreeNode (blank);
    }
  xmlUnlinkNode (node);
  xmlFreeNode (node);
  /* An element left with no child element closes on its own line no more. */
  if (parent != NULL && adm_xml_first_element (parent, NULL) == NULL)
    while (parent->children != NULL && _adm_edit_is_blank (parent->children))
      {
        xmlNode *blank = parent->children;

        xmlUnlinkNode (blank);
        xmlFreeNode (blank);
      }
}

xmlNode *
_adm_edit_new_element (AdmScenarioEdit *self,
                       const char      *name)
{
  return xmlNewDocNode (self->doc, NULL, (const xmlChar *) name, NULL);
}

void
_adm_edit_set_prop (xmlNode    *node,
                    const char *name,
                    const char *value)
{
  if (value != NULL)
    xmlSetProp (node, (const xmlChar *) name, (const xmlChar *) value);
  else
    xmlUnsetProp (node, (const xmlChar *) name);
}

gboolean
_adm_edit_prop_is (xmlNode    *node,
                   const char *name,
                   const char *value)
{
  g_autofree char *actual = adm_xml_get_string (node, name);

  return g_strcmp0 (actual, value) == 0;
}

/* Every element named @name in the document, in order. */
static void
collect (xmlNode    *node,
         const char *name,
         GPtrArray  *into)
{
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      {
        if (g_str_equal (child->name, name))
          g_ptr_array_add (into, child);
        collect (child, name, into);
      }
}

GPtrArray *
_adm_edit_all_of (AdmScenarioEdit *self,
                  const char      *name)
{
  GPtrArray *found = g_ptr_array_new ();

  collect (xmlDocGetRootElement (self->doc), name, found);
  return found;
}

/* The formations, then the pools (F-GEN-5): what names admirals, sectors and ships. */
static GPtrArray *
fleets_of (AdmScenarioEdit *self)
{
  GPtrArray *found = _adm_edit_all_of (self, "formation");

  collect (xmlDocGetRootElement (self->doc), "pool", found);
  return found;
}

xmlNode *
adm_scenario_edit_find (AdmScenarioEdit *self,
                        const char      *element,
                        const char      *id)
{
  g_autoptr(GPtrArray) found = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (element != NULL, NULL);

  if (id == NULL)
    return NULL;
  found = _adm_edit_all_of (self, element);
  for (guint i = 0; i < found->len; i++)
    if (_adm_edit_prop_is (found->pdata[i], "id", id))
      return found->pdata[i];
  return NULL;
}

/* The id made from @name before it is made unique (adm_id_from_name ()), or @fallback for a
 * name that gives none. */
char *
_adm_edit_id_base (const char *name,
                   const char *fallback)
{
  g_autofree char *id = adm_id_from_name (name != NULL ? name : "");

  return g_strdup (id[0] != '\0' ? id : fallback);
}

static char *
unique_id (AdmScenarioEdit *self,
           const char      *element,
           const char      *base,
           xmlNode         *except)
{
  g_autoptr(GPtrArray) found = _adm_edit_all_of (self, element);
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < found->len; i++)
    if (found->pdata[i] != except)
      {
        char *id = adm_xml_get_string (found->pdata[i], "id");

        if (id != NULL)
          g_hash_table_add (taken, id);
      }
  if (!g_hash_table_contains (taken, base))
    return g_strdup (base);
  for (guint n = 2;; n++)
    {
      g_autofree char *id = g_strdup_printf ("%s-%u", base, n);

      if (!g_hash_table_contains (taken, id))
        return g_steal_pointer (&id);
    }
}

char *
adm_scenario_edit_make_id (AdmScenarioEdit *self,
                           const char      *element,
                           const char      *name)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), NULL);
  g_return_val_if_fail (element != NULL, NULL);

  base = _adm_edit_id_base (name, element);
  return unique_id (self, element, base, NULL);
}

/* Whether @id is the id made from @name, or that id made unique ("kestrel-2"). */
gboolean
_adm_edit_id_made_from (const char *id,
                        const char *name,
                        const char *element)
{
  g_autofree char *base = _adm_edit_id_base (name, element);
  gsize n = strlen (base);

  if (id == NULL || strncmp (id, base, n) != 0)
    return FALSE;
  if (id[n] == '\0')
    return TRUE;
  if (id[n] != '-' || id[n + 1] == '\0')
    return FALSE;
  for (const char *c = id + n + 1; *c != '\0'; c++)
    if (!g_ascii_isdigit (*c))
      return FALSE;
  return TRUE;
}

/* The wormhole exits of the map that lead to sector @id (<object leads-to>), and, with
 * @in set, only those in sector @in. */
static GPtrArray *
exits_to (AdmScenarioEdit *self,
          const char      *id,
          const char      *in)
{
  GPtrArray *exits = g_ptr_array_new ();
  xmlNode *map = adm_scenario_edit_get_map (self);

  for (xmlNode *sector = adm_xml_first_element (map, "sector"); sector != NULL;
       sector = adm_xml_next_element (sector, "sector"))
    {
      if (in != NULL && !_adm_edit_prop_is (sector, "id", in))
        continue;
      for (xmlNode *object = adm_xml_first_element (sector, "object"); object != NULL;
           object = adm_xml_next_element (object, "object"))
        if (_adm_edit_prop_is (object, "leads-to", id))
          g_ptr_array_add (exits, object);
    }
  return exits;
}

/* Every reference to the @element of id @old now names @new. */
static void
rename_references (AdmScenarioEdit *self,
                   const char      *element,
                   const char      *old,
                   const char      *new)
{
  g_autoptr(GPtrArray) formations = fleets_of (self);

  if (g_str_equal (element, "sector"))
    {
      g_autoptr(GPtrArray) links = _adm_edit_all_of (self, "link");
      g_autoptr(GPtrArray) exits = exits_to (self, old, NULL);

      for (guint i = 0; i < links->len; i++)
        for (guint end = 0; end < 2; end++)
          if (_adm_edit_prop_is (links->pdata[i], end == 0 ? "from" : "to", old))
            _adm_edit_set_prop (links->pdata[i], end == 0 ? "from" : "to", new);
      for (guint i = 0; i < exits->len; i++)
        _adm_edit_set_prop (exits->pdata[i], "leads-to", new);
    }
  for (guint i = 0; i < formations->len; i++)
    {
      xmlNode *formation = formations->pdata[i];

      if (g_str_equal (element, "admiral") && _adm_edit_prop_is (formation, "admiral", old))
        _adm_edit_set_prop (formation, "admiral", new);
      else if (g_str_equal (element, "sector") && _adm_edit_prop_is (formation, "sector", old))
        _adm_edit_set_prop (formation, "sector", new);
      else if (g_str_equal (element, "ship"))
        {
          xmlNode *succession = adm_xml_first_element (formation, "succession");

          if (_adm_edit_prop_is (formation, "flagship", old))
            _adm_edit_set_prop (formation, "flagship", new);
          if (succession != NULL)
            {
              g_autofree char *ships = adm_xml_get_string (succession, "ships");
              g_auto(GStrv) ids = g_strsplit (ships != NULL ? ships : "", " ", -1);
              gboolean renamed = FALSE;

              for (guint k = 0; ids[k] != NULL; k++)
                if (g_str_equal (ids[k], old))
                  {
                    g_free (ids[k]);
                    ids[k] = g_strdup (new);
                    renamed = TRUE;
                  }
              if (renamed)
                {
                  g_autofree char *joined = g_strjoinv (" ", ids);

                  _adm_edit_set_prop (succession, "ships", joined);
                }
            }
        }
    }
}

static gboolean
has_own_id (xmlNode *node)
{
  static const char *const kinds[] = {
    "admiral", "alliance", "sector", "formation", "ship", NULL
  };

  return _adm_edit_name_in (node, kinds);
}

void
adm_scenario_edit_set (AdmScenarioEdit *self,
                       xmlNode         *node,
                       const char      *attribute,
                       const char      *value)
{
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (node != NULL && node->doc == self->doc);
  g_return_if_fail (attribute != NULL);

  if (_adm_edit_prop_is (node, attribute, value))
    return;
  if (g_str_equal (attribute, "name") && value != NULL && !self->ids_fixed &&
      node == xmlDocGetRootElement (self->doc))
    {
      /* The scenario's own id: one of its kind, named by nothing inside it. */
      g_autofree char *old_name = adm_xml_get_string (node, "name");
      g_autofree char *old_id = adm_xml_get_string (node, "id");

      if (old_name != NULL && _adm_edit_id_made_from (old_id, old_name, "scenario") &&
          !_adm_edit_id_made_from (old_id, value, "scenario"))
        {
          g_autofree char *id = _adm_edit_id_base (value, "scenario");

          _adm_edit_set_prop (node, "id", id);
        }
    }
  else if (g_str_equal (attribute, "name") && value != NULL && !self->ids_fixed &&
           has_own_id (node))
    {
      g_autofree char *old_name = adm_xml_get_string (node, "name");
      g_autofree char *old_id = adm_xml_get_string (node, "id");
      const char *element = (const char *) node->name;

      if (old_name != NULL && _adm_edit_id_made_from (old_id, old_name, element))
        {
          g_autofree char *base = _adm_edit_id_base (value, element);
          g_autofree char *id = unique_id (self, element, base, node);

          _adm_edit_set_prop (node, "id", id);
          rename_references (self, element, old_id, id);
        }
    }
  else if (g_str_equal (attribute, "id") && value != NULL && has_own_id (node))
    {
      g_autofree char *old_id = adm_xml_get_string (node, "id");

      if (old_id != NULL)
        rename_references (self, (const char *) node->name, old_id, value);
    }
  _adm_edit_set_prop (node, attribute, value);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, node);
}

/* An id as the schema has it: lowercase words joined by "-" ([a-z0-9][a-z0-9-]*). */
gboolean
_adm_edit_is_id (const char *text)
{
  if (text == NULL || !(g_ascii_islower (text[0]) || g_ascii_isdigit (text[0])))
    return FALSE;
  for (const char *c = text; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-')
      return FALSE;
  return TRUE;
}

gboolean
adm_scenario_edit_set_id (AdmScenarioEdit  *self,
                          xmlNode          *node,
                          const char       *id,
                          GError          **error)
{
  const char *element;
  xmlNode *holder;

  g_return_val_if_fail (ADM_IS_SCENARIO_EDIT (self), FALSE);
  g_return_val_if_fail (node != NULL && node->doc == self->doc, FALSE);
  g_return_val_if_fail (id != NULL, FALSE);

  if (!_adm_edit_is_id (id))
    {
      adm_xml_set_error (error, self->display_name, node,
                         _("“%s” is not an id: an id is lowercase letters, digits and “-”, "
                           "and starts with a letter or a digit"), id);
      return FALSE;
    }
  element = (const char *) node->name;
  holder = has_own_id (node) ? adm_scenario_edit_find (self, element, id) : NULL;
  if (holder != NULL && holder != node)
    {
      g_autofree char *taken = NULL;

      /* Translators: an id typed in the scenario editor that another element has */
      if (g_str_equal (element, "admiral"))
        taken = g_strdup_printf (_("another admiral has the id “%s”"), id);
      else if (g_str_equal (element, "alliance"))
        taken = g_strdup_printf (_("another alliance has the id “%s”"), id);
      else if (g_str_equal (element, "sector"))
        taken = g_strdup_printf (_("another sector has the id “%s”"), id);
      else if (g_str_equal (element, "formation"))
        taken = g_strdup_printf (_("another formation has the id “%s”"), id);
      else
        taken = g_strdup_printf (_("another ship has the id “%s”"), id);
      adm_xml_set_error (error, self->display_name, node, "%s", taken);
      return FALSE;
    }
  adm_scenario_edit_set (self, node, "id", id);
  return TRUE;
}

void
adm_scenario_edit_set_description (AdmScenarioEdit *self,
                                   const char      *text)
{
  xmlNode *root, *description;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));

  root = xmlDocGetRootElement (self->doc);
  description = adm_xml_first_element (root, "description");
  if (text == NULL || text[0] == '\0')
    {
      if (description == NULL)
        return;
      _adm_edit_remove_node (description);
      _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, root);
      return;
    }
  if (description == NULL)
    {
      description = _adm_edit_new_element (self, "description");
      _adm_edit_insert_child (root, description, NULL, _adm_edit_scenario_order);
    }
  xmlNodeSetContent (description, NULL);
  xmlNodeAddContent (description, (const xmlChar *) text);
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_VALUE, description);
}

xmlNode *
_adm_edit_new_named (AdmScenarioEdit *self,
                     const char      *element,
                     const char      *name)
{
  xmlNode *node = _adm_edit_new_element (self, element);
  g_autofree char *id = adm_scenario_edit_make_id (self, element, name);

  _adm_edit_set_prop (node, "id", id);
  _adm_edit_set_prop (node, "name", name);
  return node;
}

void
adm_scenario_edit_remove (AdmScenarioEdit *self,
                          xmlNode         *node)
{
  xmlNode *parent;

  g_return_if_fail (ADM_IS_SCENARIO_EDIT (self));
  g_return_if_fail (node != NULL && node->doc == self->doc && node->parent != NULL);
  g_return_if_fail (node != xmlDocGetRootElement (self->doc));

  parent = node->parent;
  if (adm_xml_is (node, "ship"))
    _adm_edit_remove_ship (self, node);
  else
    {
      g_autofree char *id = adm_xml_get_string (node, "id");

      if (adm_xml_is (node, "sector") && id != NULL)
        {
          g_autoptr(GPtrArray) links = adm_scenario_edit_children (parent, "link");
          g_autoptr(GPtrArray) exits = exits_to (self, id, NULL);

          for (guint i = 0; i < links->len; i++)
            if (_adm_edit_prop_is (links->pdata[i], "from", id) ||
                _adm_edit_prop_is (links->pdata[i], "to", id))
              _adm_edit_remove_node (links->pdata[i]);
          /* An exit that led there leads off the map now. */
          for (guint i = 0; i < exits->len; i++)
            _adm_edit_set_prop (exits->pdata[i], "leads-to", NULL);
        }
      else if (adm_xml_is (node, "link"))
        {
          g_autofree char *from = adm_xml_get_string (node, "from");
          g_autofree char *to = adm_xml_get_string (node, "to");
          g_autoptr(GPtrArray) there = exits_to (self, to, from);
          g_autoptr(GPtrArray) back = exits_to (self, from, to);

          /* The jump was this link: its exits lead off the map now. */
          for (guint i = 0; i < there->len; i++)
            _adm_edit_set_prop (there->pdata[i], "leads-to", NULL);
          for (guint i = 0; i < back->len; i++)
            _adm_edit_set_prop (back->pdata[i], "leads-to", NULL);
        }
      else if (adm_xml_is (node, "admiral") && id != NULL)
        {
          /* A pool keeps its admiral's id: it has to have an admiral, and the Problems page
           * asks for another. */
          g_autoptr(GPtrArray) formations = _adm_edit_all_of (self, "formation");

          for (guint i = 0; i < formations->len; i++)
            if (_adm_edit_prop_is (formations->pdata[i], "admiral", id))
              _adm_edit_set_prop (formations->pdata[i], "admiral", NULL);
        }
      _adm_edit_remove_node (node);
    }
  _adm_edit_commit (self, ADM_SCENARIO_EDIT_CHANGE_STRUCTURE, parent);
}
