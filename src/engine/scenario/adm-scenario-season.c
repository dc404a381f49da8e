/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-season.c: the rules a scenario is played by, as an item (see the header). */

#include "config.h"

#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-scenario-season.h"
#include "adm-xml.h"

struct _AdmScenarioSeason
{
  AdmScenarioItem  parent_instance;

  AdmScenarioEdit *edit;      /* unowned: the edit owns the season's item */
  xmlNode         *classes;   /* the season's <classes>, or NULL */
  GListModel      *classes_list;   /* AdmSeasonClass, made when first asked for */
  GListModel      *factions_list;  /* AdmSeasonFaction, likewise */
};

G_DEFINE_FINAL_TYPE (AdmScenarioSeason, adm_scenario_season, ADM_TYPE_SCENARIO_ITEM)

static void
adm_scenario_season_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  g_value_set_boolean (value, adm_scenario_season_get_own (ADM_SCENARIO_SEASON (object)));
}

/* Its name, the rules' (<ruleset name>), and whether the scenario carries it ("own"). */
static void
read_season (AdmScenarioItem *item,
             xmlNode         *node,
             GHashTable      *values)
{
  AdmScenarioSeason *self = ADM_SCENARIO_SEASON (item);
  xmlNode *ruleset = adm_xml_first_element (node, "ruleset");
  char *name = ruleset != NULL ? adm_xml_get_string (ruleset, "name") : NULL;

  if (name != NULL)
    g_hash_table_insert (values, g_strdup ("name"), name);
  if (self->edit != NULL && node->doc == adm_scenario_edit_get_root (self->edit)->doc)
    g_hash_table_insert (values, g_strdup ("own"), g_strdup ("true"));
}

/* The classes and factions are found again by id alone (a reload's matching): their elements
 * are another document's until the season is made the scenario's own, and a class's id may
 * follow its new name. */
static void
sync_lists (AdmScenarioItem *item,
            xmlNode         *node,
            xmlNode         *changed,
            gboolean         reload)
{
  AdmScenarioSeason *self = ADM_SCENARIO_SEASON (item);

  self->classes = node != NULL ? adm_xml_first_element (node, "classes") : NULL;
  if (self->classes_list != NULL)
    _adm_scenario_item_list_sync (self->classes_list, self->classes, changed, TRUE);
  if (self->factions_list != NULL)
    _adm_scenario_item_list_sync (self->factions_list, self->classes, changed, TRUE);
}

static void
adm_scenario_season_dispose (GObject *object)
{
  AdmScenarioSeason *self = ADM_SCENARIO_SEASON (object);

  g_clear_object (&self->classes_list);
  g_clear_object (&self->factions_list);

  G_OBJECT_CLASS (adm_scenario_season_parent_class)->dispose (object);
}

static void
adm_scenario_season_class_init (AdmScenarioSeasonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_scenario_season_dispose;
  object_class->get_property = adm_scenario_season_get_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "season";
  ADM_SCENARIO_ITEM_CLASS (klass)->read = read_season;
  ADM_SCENARIO_ITEM_CLASS (klass)->sync = sync_lists;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_boolean ("own", NULL, NULL, FALSE,
                                                         G_PARAM_READABLE |
                                                         G_PARAM_STATIC_STRINGS |
                                                         G_PARAM_EXPLICIT_NOTIFY));
}

static void
adm_scenario_season_init (AdmScenarioSeason *self)
{
}

/* The edit's season item, of @edit (for adm-scenario-edit-items.c). */
AdmScenarioSeason *
_adm_scenario_season_new (AdmScenarioEdit *edit)
{
  AdmScenarioSeason *self = g_object_new (ADM_TYPE_SCENARIO_SEASON, NULL);

  self->edit = edit;
  return self;
}

gboolean
adm_scenario_season_get_own (AdmScenarioSeason *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SEASON (self), FALSE);
  return adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (self)) &&
         _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "own") != NULL;
}

static GListModel *
list_of (AdmScenarioSeason  *self,
         GListModel        **list,
         GType               type)
{
  if (*list == NULL)
    {
      *list = _adm_scenario_item_list_new (self->edit, type);
      _adm_scenario_item_list_sync (*list, self->classes, NULL, TRUE);
    }
  return *list;
}

GListModel *
adm_scenario_season_get_classes (AdmScenarioSeason *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SEASON (self), NULL);
  return list_of (self, &self->classes_list, ADM_TYPE_SEASON_CLASS);
}

GListModel *
adm_scenario_season_get_factions (AdmScenarioSeason *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SEASON (self), NULL);
  return list_of (self, &self->factions_list, ADM_TYPE_SEASON_FACTION);
}

static gpointer
find_in (GListModel *list,
         const char *id)
{
  for (guint i = 0; id != NULL && i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr(AdmScenarioItem) item = g_list_model_get_item (list, i);

      if (g_strcmp0 (adm_scenario_item_get_id (item), id) == 0)
        return item;  /* borrowed: the list holds it */
    }
  return NULL;
}

AdmSeasonClass *
adm_scenario_season_find_class (AdmScenarioSeason *self,
                                const char        *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SEASON (self), NULL);
  return find_in (adm_scenario_season_get_classes (self), id);
}

AdmSeasonFaction *
adm_scenario_season_find_faction (AdmScenarioSeason *self,
                                  const char        *id)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SEASON (self), NULL);
  return find_in (adm_scenario_season_get_factions (self), id);
}

gboolean
adm_scenario_season_make_own (AdmScenarioSeason  *self,
                              GError            **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SEASON (self), FALSE);
  return adm_scenario_edit_make_season_own (self->edit, error);
}
