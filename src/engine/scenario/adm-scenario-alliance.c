/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-alliance.c: an alliance of a scenario being prepared (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-alliance.h"
#include "adm-scenario-private.h"
#include "adm-xml.h"

struct _AdmScenarioAlliance
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioAlliance, adm_scenario_alliance, ADM_TYPE_SCENARIO_ITEM)

enum {
  PROP_0,
  PROP_MEMBERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
adm_scenario_alliance_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AdmScenarioAlliance *self = ADM_SCENARIO_ALLIANCE (object);

  switch (prop_id)
    {
    case PROP_MEMBERS:
      g_value_take_boxed (value, adm_scenario_alliance_dup_members (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The members, as one value "members": their faction ids, one a line. */
static void
read_members (AdmScenarioItem *self,
              xmlNode         *node,
              GHashTable      *values)
{
  g_autoptr(GString) members = g_string_new (NULL);

  for (xmlNode *member = adm_xml_first_element (node, "member"); member != NULL;
       member = adm_xml_next_element (member, "member"))
    {
      g_autofree char *faction = adm_xml_get_string (member, "faction");

      if (members->len > 0)
        g_string_append_c (members, '\n');
      g_string_append (members, faction != NULL ? faction : "");
    }
  g_hash_table_insert (values, g_strdup ("members"), g_string_free (g_steal_pointer (&members),
                                                                     FALSE));
}

static void
adm_scenario_alliance_class_init (AdmScenarioAllianceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = adm_scenario_alliance_get_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "alliance";
  ADM_SCENARIO_ITEM_CLASS (klass)->read = read_members;

  properties[PROP_MEMBERS] =
    g_param_spec_boxed ("members", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
adm_scenario_alliance_init (AdmScenarioAlliance *self)
{
}

GStrv
adm_scenario_alliance_dup_members (AdmScenarioAlliance *self)
{
  const char *members;

  g_return_val_if_fail (ADM_IS_SCENARIO_ALLIANCE (self), NULL);

  members = _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "members");
  if (members == NULL || members[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (members, "\n", -1);
}

gboolean
adm_scenario_alliance_has_member (AdmScenarioAlliance *self,
                                  const char          *faction)
{
  g_auto(GStrv) members = NULL;

  g_return_val_if_fail (ADM_IS_SCENARIO_ALLIANCE (self), FALSE);

  members = adm_scenario_alliance_dup_members (self);
  return faction != NULL && g_strv_contains ((const char *const *) members, faction);
}

gboolean
adm_scenario_alliance_add_member (AdmScenarioAlliance  *self,
                                  const char           *faction,
                                  GError              **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  AdmRuleset *ruleset;

  g_return_val_if_fail (ADM_IS_SCENARIO_ALLIANCE (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  ruleset = adm_scenario_edit_get_ruleset (_adm_scenario_item_get_edit (item));
  if (faction == NULL || ruleset == NULL || adm_ruleset_lookup_faction (ruleset, faction) == NULL)
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   /* Translators: a faction put in an alliance that the season lacks */
                   _("The scenario’s rules have no faction “%s”; the alliance is kept as it "
                     "was"), faction != NULL ? faction : "");
      return FALSE;
    }
  adm_scenario_edit_set_alliance_of (_adm_scenario_item_get_edit (item), faction,
                                     _adm_scenario_item_get_node (item));
  return TRUE;
}
