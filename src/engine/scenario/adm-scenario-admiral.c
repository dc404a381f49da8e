/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-admiral.c: an admiral of a scenario being prepared (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-admiral.h"
#include "adm-scenario-private.h"
#include "adm-xml.h"

struct _AdmScenarioAdmiral
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioAdmiral, adm_scenario_admiral, ADM_TYPE_SCENARIO_ITEM)

enum {
  PROP_0,
  PROP_FACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
adm_scenario_admiral_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  AdmScenarioAdmiral *self = ADM_SCENARIO_ADMIRAL (object);

  switch (prop_id)
    {
    case PROP_FACTION:
      g_value_set_string (value, adm_scenario_admiral_get_faction (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_scenario_admiral_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  AdmScenarioAdmiral *self = ADM_SCENARIO_ADMIRAL (object);
  g_autoptr(GError) error = NULL;

  switch (prop_id)
    {
    case PROP_FACTION:
      if (!adm_scenario_admiral_set_faction (self, g_value_get_string (value), &error))
        g_warning ("%s", error->message);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_scenario_admiral_class_init (AdmScenarioAdmiralClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = adm_scenario_admiral_get_property;
  object_class->set_property = adm_scenario_admiral_set_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "admiral";

  properties[PROP_FACTION] =
    g_param_spec_string ("faction", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_scenario_admiral_init (AdmScenarioAdmiral *self)
{
}

const char *
adm_scenario_admiral_get_faction (AdmScenarioAdmiral *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_ADMIRAL (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "faction");
}

gboolean
adm_scenario_admiral_set_faction (AdmScenarioAdmiral  *self,
                                  const char          *faction,
                                  GError             **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  AdmRuleset *ruleset;

  g_return_val_if_fail (ADM_IS_SCENARIO_ADMIRAL (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  ruleset = adm_scenario_edit_get_ruleset (_adm_scenario_item_get_edit (item));
  if (faction == NULL || ruleset == NULL || adm_ruleset_lookup_faction (ruleset, faction) == NULL)
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   /* Translators: a faction chosen for an admiral that the season lacks */
                   _("The scenario’s rules have no faction “%s”; the admiral’s faction is "
                     "kept"), faction != NULL ? faction : "");
      return FALSE;
    }
  adm_scenario_edit_set (_adm_scenario_item_get_edit (item), _adm_scenario_item_get_node (item),
                         "faction", faction);
  return TRUE;
}

guint
adm_scenario_admiral_get_n_formations (AdmScenarioAdmiral *self)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  const char *id;
  xmlNode *node;
  guint n = 0;

  g_return_val_if_fail (ADM_IS_SCENARIO_ADMIRAL (self), 0);

  node = _adm_scenario_item_get_node (item);
  id = adm_scenario_item_get_id (item);
  if (node == NULL || id == NULL)
    return 0;
  for (xmlNode *formation = adm_xml_first_element (node->parent, "formation");
       formation != NULL; formation = adm_xml_next_element (formation, "formation"))
    {
      g_autofree char *of = adm_xml_get_string (formation, "admiral");

      n += g_strcmp0 (of, id) == 0;
    }
  return n;
}
