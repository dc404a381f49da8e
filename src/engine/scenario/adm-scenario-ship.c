/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-ship.c: a ship of a formation or a pool (see the header). */

#include "config.h"

#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-scenario-ship.h"
#include "adm-xml.h"

struct _AdmScenarioShip
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioShip, adm_scenario_ship, ADM_TYPE_SCENARIO_ITEM)

static void
adm_scenario_ship_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AdmScenarioShip *self = ADM_SCENARIO_SHIP (object);

  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    g_value_set_boolean (value, adm_scenario_ship_get_flagship (self));
  else if (G_IS_PARAM_SPEC_UINT (pspec))
    g_value_set_uint (value, adm_scenario_ship_get_succession (self));
  else
    _adm_scenario_item_get_value_property (object, prop_id, value, pspec);
}

/* Whether it is its formation's flagship, and its place in the succession, as values
 * "flagship" ("true" or absent) and "succession" (absent when 0). */
static void
read_place (AdmScenarioItem *self,
            xmlNode         *node,
            GHashTable      *values)
{
  g_autofree char *flagship = adm_xml_get_string (node->parent, "flagship");
  const char *id = g_hash_table_lookup (values, "id");
  guint place = adm_scenario_edit_get_succession (_adm_scenario_item_get_edit (self), node);

  if (id != NULL && g_strcmp0 (flagship, id) == 0)
    g_hash_table_insert (values, g_strdup ("flagship"), g_strdup ("true"));
  if (place > 0)
    g_hash_table_insert (values, g_strdup ("succession"), g_strdup_printf ("%u", place));
}

static void
adm_scenario_ship_class_init (AdmScenarioShipClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = adm_scenario_ship_get_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "ship";
  ADM_SCENARIO_ITEM_CLASS (klass)->read = read_place;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("class", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_int ("readiness", NULL, NULL, G_MININT, G_MAXINT,
                                                     0, flags));
  g_object_class_install_property (object_class, 3,
                                   g_param_spec_boolean ("flagship", NULL, NULL, FALSE, flags));
  g_object_class_install_property (object_class, 4,
                                   g_param_spec_uint ("succession", NULL, NULL, 0, G_MAXUINT, 0,
                                                      flags));
}

static void
adm_scenario_ship_init (AdmScenarioShip *self)
{
}

const char *
adm_scenario_ship_get_class (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "class");
}

int
adm_scenario_ship_get_readiness (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "readiness", 0);
}

gboolean
adm_scenario_ship_get_flagship (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "flagship") != NULL;
}

guint
adm_scenario_ship_get_succession (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), 0);
  return (guint) MAX (0, _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "succession", 0));
}

gboolean
adm_scenario_ship_set_class (AdmScenarioShip  *self,
                             const char       *klass,
                             GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "class", klass, error);
}

gboolean
adm_scenario_ship_set_readiness (AdmScenarioShip  *self,
                                 int               readiness,
                                 GError          **error)
{
  g_autofree char *value = g_strdup_printf ("%d", readiness);

  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "readiness", value, error);
}

gboolean
adm_scenario_ship_make_flagship (AdmScenarioShip  *self,
                                 GError          **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  adm_scenario_edit_set_flagship (_adm_scenario_item_get_edit (item),
                                  _adm_scenario_item_get_node (item));
  return TRUE;
}

gboolean
adm_scenario_ship_set_succession (AdmScenarioShip  *self,
                                  guint             place,
                                  GError          **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  adm_scenario_edit_set_succession (_adm_scenario_item_get_edit (item),
                                    _adm_scenario_item_get_node (item), place);
  return TRUE;
}
