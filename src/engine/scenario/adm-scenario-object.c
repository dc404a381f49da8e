/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-object.c: a planet, a station or a wormhole exit in a sector (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-object.h"
#include "adm-scenario-private.h"

struct _AdmScenarioObject
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioObject, adm_scenario_object, ADM_TYPE_SCENARIO_ITEM)

static void
adm_scenario_object_class_init (AdmScenarioObjectClass *klass)
{
  static const char *const strings[] = { "kind", "faction", "class", "leads-to" };
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = _adm_scenario_item_get_value_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "object";
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    g_object_class_install_property (object_class, i + 1,
                                     g_param_spec_string (strings[i], NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, G_N_ELEMENTS (strings) + 1,
                                   g_param_spec_int ("readiness", NULL, NULL, G_MININT, G_MAXINT,
                                                     6, flags));
}

static void
adm_scenario_object_init (AdmScenarioObject *self)
{
}

const char *
adm_scenario_object_get_kind (AdmScenarioObject *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_OBJECT (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "kind");
}

const char *
adm_scenario_object_get_faction (AdmScenarioObject *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_OBJECT (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "faction");
}

const char *
adm_scenario_object_get_class (AdmScenarioObject *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_OBJECT (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "class");
}

int
adm_scenario_object_get_readiness (AdmScenarioObject *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_OBJECT (self), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "readiness", 6);
}

const char *
adm_scenario_object_get_leads_to (AdmScenarioObject *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_OBJECT (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "leads-to");
}

/* TRUE when @self is attached and of @kind; else FALSE with an error. */
static gboolean
check_kind (AdmScenarioObject  *self,
            const char         *kind,
            GError            **error)
{
  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error))
    return FALSE;
  if (g_strcmp0 (adm_scenario_object_get_kind (self), kind) == 0)
    return TRUE;
  g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
               /* Translators: %s an object's name; a station's owner or a wormhole exit's
                * target given to an object of another kind */
               _("“%s” is not an object of that kind; nothing was changed"),
               adm_scenario_item_get_name (ADM_SCENARIO_ITEM (self)) != NULL
               ? adm_scenario_item_get_name (ADM_SCENARIO_ITEM (self)) : "");
  return FALSE;
}

gboolean
adm_scenario_object_set_station (AdmScenarioObject  *self,
                                 const char         *faction,
                                 const char         *klass,
                                 int                 readiness,
                                 GError            **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_OBJECT (self), FALSE);

  if (!check_kind (self, "station", error))
    return FALSE;
  adm_scenario_edit_set_station (_adm_scenario_item_get_edit (item),
                                 _adm_scenario_item_get_node (item), faction, klass, readiness);
  return TRUE;
}

gboolean
adm_scenario_object_set_leads_to (AdmScenarioObject  *self,
                                  const char         *sector,
                                  GError            **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_OBJECT (self), FALSE);

  if (!check_kind (self, "wormhole-exit", error))
    return FALSE;
  adm_scenario_edit_set_leads_to (_adm_scenario_item_get_edit (item),
                                  _adm_scenario_item_get_node (item), sector);
  return TRUE;
}
