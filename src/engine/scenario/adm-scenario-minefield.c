/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-minefield.c: a minefield laid before the scenario starts (see the header). */

#include "config.h"

#include "adm-scenario-minefield.h"
#include "adm-scenario-private.h"

struct _AdmScenarioMinefield
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioMinefield, adm_scenario_minefield, ADM_TYPE_SCENARIO_ITEM)

static void
adm_scenario_minefield_class_init (AdmScenarioMinefieldClass *klass)
{
  static const char *const keys[] = { "faction", NULL };
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = _adm_scenario_item_get_value_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "minefield";
  ADM_SCENARIO_ITEM_CLASS (klass)->keys = keys;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("faction", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_int ("mines", NULL, NULL, 0, G_MAXINT, 1, flags));
}

static void
adm_scenario_minefield_init (AdmScenarioMinefield *self)
{
}

const char *
adm_scenario_minefield_get_faction (AdmScenarioMinefield *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_MINEFIELD (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "faction");
}

int
adm_scenario_minefield_get_mines (AdmScenarioMinefield *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_MINEFIELD (self), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "mines", 1);
}
