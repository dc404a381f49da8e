/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-fleet.c: a formation or a pool of ships (see the header). */

#include "config.h"

#include "adm-scenario-edit.h"
#include "adm-scenario-fleet.h"
#include "adm-scenario-private.h"

typedef struct {
  GListModel *ships;  /* AdmScenarioShip, made when first asked for */
} AdmScenarioFleetPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (AdmScenarioFleet, adm_scenario_fleet,
                                     ADM_TYPE_SCENARIO_ITEM)

static void
sync_ships (AdmScenarioItem *item,
            xmlNode         *node,
            xmlNode         *changed,
            gboolean         reload)
{
  AdmScenarioFleetPrivate *priv =
    adm_scenario_fleet_get_instance_private (ADM_SCENARIO_FLEET (item));

  if (priv->ships != NULL)
    _adm_scenario_item_list_sync (priv->ships, node, changed, reload);
}

static void
adm_scenario_fleet_dispose (GObject *object)
{
  AdmScenarioFleetPrivate *priv =
    adm_scenario_fleet_get_instance_private (ADM_SCENARIO_FLEET (object));

  g_clear_object (&priv->ships);

  G_OBJECT_CLASS (adm_scenario_fleet_parent_class)->dispose (object);
}

static void
adm_scenario_fleet_class_init (AdmScenarioFleetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->dispose = adm_scenario_fleet_dispose;
  object_class->get_property = _adm_scenario_item_get_value_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->sync = sync_ships;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("admiral", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_string ("sector", NULL, NULL, NULL, flags));
}

static void
adm_scenario_fleet_init (AdmScenarioFleet *self)
{
}

const char *
adm_scenario_fleet_get_admiral (AdmScenarioFleet *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FLEET (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "admiral");
}

const char *
adm_scenario_fleet_get_sector (AdmScenarioFleet *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FLEET (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "sector");
}

GListModel *
adm_scenario_fleet_get_ships (AdmScenarioFleet *self)
{
  AdmScenarioFleetPrivate *priv;

  g_return_val_if_fail (ADM_IS_SCENARIO_FLEET (self), NULL);

  priv = adm_scenario_fleet_get_instance_private (self);
  return _adm_scenario_item_list_of (ADM_SCENARIO_ITEM (self), &priv->ships,
                                     ADM_TYPE_SCENARIO_SHIP);
}

gboolean
adm_scenario_fleet_set_admiral (AdmScenarioFleet  *self,
                                const char        *admiral,
                                GError           **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FLEET (self), FALSE);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "admiral", admiral, error);
}

gboolean
adm_scenario_fleet_set_sector (AdmScenarioFleet  *self,
                               const char        *sector,
                               GError           **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FLEET (self), FALSE);
  g_return_val_if_fail (sector != NULL, FALSE);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "sector", sector, error);
}

AdmScenarioShip *
adm_scenario_fleet_add_ship (AdmScenarioFleet *self,
                             AdmScenarioShip  *after,
                             const char       *name,
                             const char       *klass,
                             int               readiness)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  GListModel *ships;
  xmlNode *ship;

  g_return_val_if_fail (ADM_IS_SCENARIO_FLEET (self), NULL);
  g_return_val_if_fail (after == NULL || ADM_IS_SCENARIO_SHIP (after), NULL);

  if (!adm_scenario_item_get_attached (item))
    return NULL;
  ships = adm_scenario_fleet_get_ships (self);
  ship = adm_scenario_edit_add_ship (_adm_scenario_item_get_edit (item),
                                     _adm_scenario_item_get_node (item),
                                     after != NULL
                                     ? _adm_scenario_item_get_node (ADM_SCENARIO_ITEM (after))
                                     : NULL, name, klass, readiness);
  return (AdmScenarioShip *) _adm_scenario_item_list_find (ships, ship);
}
