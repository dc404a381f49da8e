/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-link.c: a link between two sectors (see the header). */

#include "config.h"

#include "adm-scenario-link.h"
#include "adm-scenario-private.h"

struct _AdmScenarioLink
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioLink, adm_scenario_link, ADM_TYPE_SCENARIO_ITEM)

static void
adm_scenario_link_class_init (AdmScenarioLinkClass *klass)
{
  static const char *const keys[] = { "from", "to", NULL };
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = _adm_scenario_item_get_value_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "link";
  ADM_SCENARIO_ITEM_CLASS (klass)->keys = keys;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("from", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_string ("to", NULL, NULL, NULL, flags));
}

static void
adm_scenario_link_init (AdmScenarioLink *self)
{
}

const char *
adm_scenario_link_get_from (AdmScenarioLink *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_LINK (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "from");
}

const char *
adm_scenario_link_get_to (AdmScenarioLink *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_LINK (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "to");
}

const char *
adm_scenario_link_get_other (AdmScenarioLink *self,
                             const char      *sector)
{
  const char *from = adm_scenario_link_get_from (self);
  const char *to = adm_scenario_link_get_to (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_LINK (self), NULL);

  if (sector == NULL)
    return NULL;
  return g_strcmp0 (from, sector) == 0 ? to : g_strcmp0 (to, sector) == 0 ? from : NULL;
}
