/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-map.c: the map as one item (see the header). */

#include "config.h"

#include "adm-scenario-map.h"
#include "adm-scenario-private.h"

struct _AdmScenarioMap
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioMap, adm_scenario_map, ADM_TYPE_SCENARIO_ITEM)

static void
adm_scenario_map_class_init (AdmScenarioMapClass *klass)
{
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "map";
}

static void
adm_scenario_map_init (AdmScenarioMap *self)
{
}
