/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-catalog.c: loads the Twilight Imperium 4 unit cards. The file is validated against
 * ti4-units.rng by adm_xml_read_file (); this file checks what a schema cannot (unique ids,
 * a barrage value with its dice, the number of units) and reports "FILE:LINE: problem". */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-ruleset.h"
#include "adm-ti4-catalog.h"
#include "adm-xml.h"

struct _AdmTi4Catalog
{
  GObject    parent_instance;

  char      *path;
  GPtrArray *units;  /* AdmTi4Unit* */
};

G_DEFINE_FINAL_TYPE (AdmTi4Catalog, adm_ti4_catalog, G_TYPE_OBJECT)

static void
unit_free (gpointer data)
{
  AdmTi4Unit *unit = data;

  g_free (unit->id);
  g_free (unit->name);
  g_free (unit);
}

static void
adm_ti4_catalog_finalize (GObject *object)
{
  AdmTi4Catalog *self = ADM_TI4_CATALOG (object);

  g_free (self->path);
  g_ptr_array_unref (self->units);
  G_OBJECT_CLASS (adm_ti4_catalog_parent_class)->finalize (object);
}

static void
adm_ti4_catalog_class_init (AdmTi4CatalogClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_ti4_catalog_finalize;
}

static void
adm_ti4_catalog_init (AdmTi4Catalog *self)
{
  self->units = g_ptr_array_new_with_free_func (unit_free);
}

static gboolean
read_uint (xmlNode    *node,
           const char *name,
           gboolean    required,
           guint      *out,
           const char *path,
           GError    **error)
{
  int value;

  if (!adm_xml_get_int (node, name, required, 0, &value, path, error))
    return FALSE;
  *out = (guint) MAX (value, 0);
  return TRUE;
}

static AdmTi4Unit *
read_unit (xmlNode    *node,
           const char *path,
           GError    **error)
{
  g_autoptr(GPtrArray) owner = g_ptr_array_new_with_free_func (unit_free);
  AdmTi4Unit *unit = g_new0 (AdmTi4Unit, 1);
  g_autofree char *kind = adm_xml_get_string (node, "kind");
  g_autofree char *name = adm_xml_get_string (node, "name");

  g_ptr_array_add (owner, unit);
  unit->line = xmlGetLineNo (node);
  unit->id = adm_xml_get_string (node, "id");
  /* Display names are English in the file; a translation catalogue may carry them. */
  unit->name = g_strdup (g_dgettext (GETTEXT_PACKAGE, name));
  unit->kind = g_strcmp0 (kind, "ground") == 0 ? ADM_TI4_KIND_GROUND : ADM_TI4_KIND_SHIP;
  unit->sustain = adm_xml_get_boolean (node, "sustain", FALSE);
  unit->fighter = adm_xml_get_boolean (node, "fighter", FALSE);
  if (!read_uint (node, "combat", TRUE, &unit->combat, path, error) ||
      !read_uint (node, "dice", TRUE, &unit->dice, path, error) ||
      !read_uint (node, "move", TRUE, &unit->move, path, error) ||
      !read_uint (node, "capacity", TRUE, &unit->capacity, path, error) ||
      !read_uint (node, "cost", TRUE, &unit->cost, path, error) ||
      !read_uint (node, "per", TRUE, &unit->per, path, error) ||
      !read_uint (node, "afb", FALSE, &unit->afb, path, error) ||
      !read_uint (node, "afb-dice", FALSE, &unit->afb_dice, path, error))
    return NULL;

  /* LRR 39.3: a barrage is a value and a number of dice; one without the other is a typo. */
  if ((unit->afb == 0) != (unit->afb_dice == 0))
    {
      adm_xml_set_error (error, path, node,
                         _("unit “%s” needs both “afb” and “afb-dice” for its Anti-Fighter "
                           "Barrage, or neither"), unit->id);
      return NULL;
    }
  if (unit->kind == ADM_TI4_KIND_GROUND && (unit->fighter || unit->afb != 0))
    {
      adm_xml_set_error (error, path, node,
                         _("unit “%s” is a ground force: it cannot be a fighter or have an "
                           "Anti-Fighter Barrage"), unit->id);
      return NULL;
    }
  g_ptr_array_steal_index (owner, 0);
  return unit;
}

AdmTi4Catalog *
adm_ti4_catalog_load_file (const char  *path,
                           GError     **error)
{
  g_autoptr(AdmTi4Catalog) self = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GHashTable) seen = NULL;
  xmlNode *root;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  doc = adm_xml_read_file (path, "ti4-units", error);
  if (doc == NULL)
    return NULL;

  self = g_object_new (ADM_TYPE_TI4_CATALOG, NULL);
  self->path = g_strdup (path);
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  root = xmlDocGetRootElement (doc);
  for (xmlNode *node = adm_xml_first_element (root, "unit"); node != NULL;
       node = adm_xml_next_element (node, "unit"))
    {
      AdmTi4Unit *unit = read_unit (node, path, error);
      AdmTi4Unit *earlier;

      if (unit == NULL)
        return NULL;
      g_ptr_array_add (self->units, unit);
      earlier = g_hash_table_lookup (seen, unit->id);
      if (earlier != NULL)
        {
          adm_xml_set_error (error, path, node,
                             _("there are two units with the id “%s” (the other is on line "
                               "%d)"), unit->id, earlier->line);
          return NULL;
        }
      g_hash_table_insert (seen, unit->id, unit);
      if (self->units->len > ADM_TI4_MAX_UNITS)
        {
          adm_xml_set_error (error, path, node,
                             _("too many units: a units file holds at most %d"),
                             ADM_TI4_MAX_UNITS);
          return NULL;
        }
    }
  return g_steal_pointer (&self);
}

AdmTi4Catalog *
adm_ti4_catalog_load (GError **error)
{
  g_autoptr(GPtrArray) dirs = adm_rules_search_path ();
  g_autoptr(GString) looked = g_string_new (NULL);

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint i = 0; i < dirs->len; i++)
    {
      g_autofree char *path = g_build_filename (g_ptr_array_index (dirs, i), "ti4", "units.xml",
                                                NULL);

      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return adm_ti4_catalog_load_file (path, error);
      if (looked->len > 0)
        g_string_append (looked, ", ");
      g_string_append (looked, g_ptr_array_index (dirs, i));
    }
  g_set_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO,
               _("There are no Twilight Imperium unit cards: no file ti4/units.xml in %s"),
               looked->str);
  return NULL;
}

guint
adm_ti4_catalog_get_n_units (AdmTi4Catalog *self)
{
  /* The odds ask this of every fleet they meet: a NULL check, not a type check. */
  g_return_val_if_fail (self != NULL, 0);
  return self->units->len;
}

const AdmTi4Unit * const *
adm_ti4_catalog_get_units (AdmTi4Catalog *self,
                           guint         *n_units)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_units != NULL, NULL);
  *n_units = self->units->len;
  return (const AdmTi4Unit * const *) self->units->pdata;
}

const AdmTi4Unit *
adm_ti4_catalog_get_unit (AdmTi4Catalog *self,
                          guint          index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->units->len, NULL);
  return g_ptr_array_index (self->units, index);
}

int
adm_ti4_catalog_find (AdmTi4Catalog *self,
                      const char    *id)
{
  g_return_val_if_fail (ADM_IS_TI4_CATALOG (self), -1);

  for (guint i = 0; id != NULL && i < self->units->len; i++)
    if (g_str_equal (((AdmTi4Unit *) g_ptr_array_index (self->units, i))->id, id))
      return (int) i;
  return -1;
}

char *
adm_ti4_catalog_list_ids (AdmTi4Catalog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (self), NULL);

  for (guint i = 0; i < self->units->len; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      g_string_append (text, ((AdmTi4Unit *) g_ptr_array_index (self->units, i))->id);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

double
adm_ti4_unit_cost (const AdmTi4Unit *unit)
{
  g_return_val_if_fail (unit != NULL && unit->per > 0, 0);
  return (double) unit->cost / unit->per;
}
