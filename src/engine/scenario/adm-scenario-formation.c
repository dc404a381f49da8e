/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-formation.c: a formation (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-formation.h"
#include "adm-scenario-private.h"

struct _AdmScenarioFormation
{
  AdmScenarioFleet parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioFormation, adm_scenario_formation, ADM_TYPE_SCENARIO_FLEET)

static void
adm_scenario_formation_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    g_value_set_boolean (value, adm_scenario_formation_get_hidden (ADM_SCENARIO_FORMATION (object)));
  else
    _adm_scenario_item_get_value_property (object, prop_id, value, pspec);
}

static void
adm_scenario_formation_class_init (AdmScenarioFormationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = adm_scenario_formation_get_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "formation";
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("faction", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_boolean ("hidden", NULL, NULL, FALSE, flags));
  g_object_class_install_property (object_class, 3,
                                   g_param_spec_string ("flagship", NULL, NULL, NULL, flags));
}

static void
adm_scenario_formation_init (AdmScenarioFormation *self)
{
}

const char *
adm_scenario_formation_get_faction (AdmScenarioFormation *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FORMATION (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "faction");
}

gboolean
adm_scenario_formation_get_hidden (AdmScenarioFormation *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FORMATION (self), FALSE);
  return g_strcmp0 (_adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "hidden"),
                    "true") == 0;
}

const char *
adm_scenario_formation_get_flagship (AdmScenarioFormation *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FORMATION (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "flagship");
}

gboolean
adm_scenario_formation_set_faction (AdmScenarioFormation  *self,
                                    const char            *faction,
                                    GError               **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  AdmRuleset *ruleset;

  g_return_val_if_fail (ADM_IS_SCENARIO_FORMATION (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  ruleset = adm_scenario_edit_get_ruleset (_adm_scenario_item_get_edit (item));
  if (faction == NULL || ruleset == NULL || adm_ruleset_lookup_faction (ruleset, faction) == NULL)
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   /* Translators: a faction chosen for a formation that the season lacks */
                   _("The scenario’s rules have no faction “%s”; the formation’s faction is "
                     "kept"), faction != NULL ? faction : "");
      return FALSE;
    }
  return _adm_scenario_item_set_value (item, "faction", faction, error);
}

gboolean
adm_scenario_formation_set_hidden (AdmScenarioFormation  *self,
                                   gboolean               hidden,
                                   GError               **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_FORMATION (self), FALSE);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "hidden",
                                       hidden ? "true" : NULL, error);
}
