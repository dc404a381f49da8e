/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-pool.c: an admiral's pool of ships (see the header). */

#include "config.h"

#include "adm-scenario-pool.h"

struct _AdmScenarioPool
{
  AdmScenarioFleet parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioPool, adm_scenario_pool, ADM_TYPE_SCENARIO_FLEET)

static void
adm_scenario_pool_class_init (AdmScenarioPoolClass *klass)
{
  static const char *const keys[] = { "admiral", NULL };

  ADM_SCENARIO_ITEM_CLASS (klass)->element = "pool";
  ADM_SCENARIO_ITEM_CLASS (klass)->keys = keys;
}

static void
adm_scenario_pool_init (AdmScenarioPool *self)
{
}
