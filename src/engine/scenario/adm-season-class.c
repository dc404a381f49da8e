/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-season-class.c: a ship class of the season (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-scenario-season.h"
#include "adm-season-class.h"
#include "adm-xml.h"

struct _AdmSeasonClass
{
  AdmScenarioItem  parent_instance;

  GListModel      *weapons;  /* AdmSeasonWeapon, made when first asked for */
};

G_DEFINE_FINAL_TYPE (AdmSeasonClass, adm_season_class, ADM_TYPE_SCENARIO_ITEM)

static const char *const figures[] = {
  "hull", "speed", "turn", "armour", "shields", "turrets", "ecm-attack", "ecm-defence", NULL
};

/* "ship class “Frigate”", for messages. */
static char *
thing_of (AdmSeasonClass *self)
{
  const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (self));

  /* Translators: a ship class named in a message, %s its name */
  return g_strdup_printf (_("ship class “%s”"),
                          name != NULL ? name : adm_scenario_item_get_id (ADM_SCENARIO_ITEM (self)));
}

/* Whether another class of the season is named @name (letter case aside). */
static gboolean
name_taken (AdmSeasonClass *self,
            const char     *name)
{
  AdmScenarioEdit *edit = _adm_scenario_item_get_edit (ADM_SCENARIO_ITEM (self));
  GListModel *classes =
    adm_scenario_season_get_classes (adm_scenario_edit_get_season_item (edit));
  g_autofree char *stripped = g_strstrip (g_strdup (name));
  g_autofree char *wanted = g_utf8_casefold (stripped, -1);

  for (guint i = 0; i < g_list_model_get_n_items (classes); i++)
    {
      g_autoptr(AdmScenarioItem) other = g_list_model_get_item (classes, i);
      const char *other_name = adm_scenario_item_get_name (other);
      g_autofree char *folded = other_name != NULL ? g_utf8_casefold (other_name, -1) : NULL;

      if (other != ADM_SCENARIO_ITEM (self) && g_strcmp0 (folded, wanted) == 0)
        return TRUE;
    }
  return FALSE;
}

static gboolean
check_new_name (AdmSeasonClass  *self,
                const char      *name,
                GError         **error)
{
  if (!name_taken (self, name))
    return TRUE;
  g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
               /* Translators: a ship class's name that another class has, %s the name */
               _("Another ship class is named “%s” already; nothing was changed"), name);
  return FALSE;
}

/* Every change goes through the scenario by the class's id: its element may be the installed
 * season's, which the change makes the scenario's own first. */
static gboolean
set_value (AdmScenarioItem  *item,
           const char       *attribute,
           const char       *value,
           GError          **error)
{
  AdmSeasonClass *self = ADM_SEASON_CLASS (item);

  if (g_str_equal (attribute, "id"))
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   _("A ship class's id follows its name; nothing was changed"));
      return FALSE;
    }
  if (g_str_equal (attribute, "name") && value != NULL && !check_new_name (self, value, error))
    return FALSE;
  return adm_scenario_edit_set_class (_adm_scenario_item_get_edit (item),
                                      adm_scenario_item_get_id (item), attribute, value, error);
}

static gboolean
remove_class (AdmScenarioItem  *item,
              GError          **error)
{
  return adm_scenario_edit_remove_class (_adm_scenario_item_get_edit (item),
                                         adm_scenario_item_get_id (item), error);
}

/* Its weapons, found again by id alone, as the season's classes are. */
static void
sync_weapons (AdmScenarioItem *item,
              xmlNode         *node,
              xmlNode         *changed,
              gboolean         reload)
{
  AdmSeasonClass *self = ADM_SEASON_CLASS (item);

  if (self->weapons != NULL)
    _adm_scenario_item_list_sync (self->weapons, node, changed, TRUE);
}

static void
adm_season_class_dispose (GObject *object)
{
  AdmSeasonClass *self = ADM_SEASON_CLASS (object);

  g_clear_object (&self->weapons);

  G_OBJECT_CLASS (adm_season_class_parent_class)->dispose (object);
}

static void
adm_season_class_class_init (AdmSeasonClassClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdmScenarioItemClass *item_class = ADM_SCENARIO_ITEM_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  guint id = 1;

  object_class->dispose = adm_season_class_dispose;
  object_class->get_property = _adm_scenario_item_get_value_property;
  item_class->element = "class";
  item_class->sync = sync_weapons;
  item_class->set_value = set_value;
  item_class->remove = remove_class;
  g_object_class_install_property (object_class, id++,
                                   g_param_spec_string ("type", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, id++,
                                   g_param_spec_string ("category", NULL, NULL, NULL, flags));
  for (guint i = 0; figures[i] != NULL; i++)
    g_object_class_install_property (object_class, id++,
                                     g_param_spec_int (figures[i], NULL, NULL, G_MININT,
                                                       G_MAXINT, 0, flags));
}

static void
adm_season_class_init (AdmSeasonClass *self)
{
}

const char *
adm_season_class_get_ship_type (AdmSeasonClass *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "type");
}

const char *
adm_season_class_get_category (AdmSeasonClass *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "category");
}

int
adm_season_class_get_figure (AdmSeasonClass *self,
                             const char     *figure)
{
  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), 0);
  g_return_val_if_fail (figure != NULL && g_strv_contains (figures, figure), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), figure, 0);
}

GListModel *
adm_season_class_get_weapons (AdmSeasonClass *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), NULL);
  return _adm_scenario_item_list_of (ADM_SCENARIO_ITEM (self), &self->weapons,
                                     ADM_TYPE_SEASON_WEAPON);
}

AdmSeasonWeapon *
adm_season_class_find_weapon (AdmSeasonClass *self,
                              const char     *id)
{
  GListModel *weapons;

  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), NULL);

  weapons = adm_season_class_get_weapons (self);
  for (guint i = 0; id != NULL && i < g_list_model_get_n_items (weapons); i++)
    {
      g_autoptr(AdmScenarioItem) weapon = g_list_model_get_item (weapons, i);

      if (g_strcmp0 (adm_scenario_item_get_id (weapon), id) == 0)
        return ADM_SEASON_WEAPON (weapon);  /* borrowed: the list holds it */
    }
  return NULL;
}

gboolean
adm_season_class_set_figure (AdmSeasonClass  *self,
                             const char      *figure,
                             int              value,
                             GError         **error)
{
  g_autofree char *thing = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), FALSE);
  g_return_val_if_fail (figure != NULL && g_strv_contains (figures, figure), FALSE);

  thing = thing_of (self);
  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error) ||
      !_adm_scenario_item_check_figure (thing, figure, value, 0, ADM_SEASON_FIGURE_MAX, error))
    return FALSE;
  text = g_strdup_printf ("%d", value);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), figure, text, error);
}

/* A text attribute, refused when empty. */
static gboolean
set_text (AdmSeasonClass  *self,
          const char      *attribute,
          const char      *what,
          const char      *value,
          GError         **error)
{
  g_autofree char *thing = thing_of (self);

  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error) ||
      !_adm_scenario_item_check_text (thing, what, value, error))
    return FALSE;
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), attribute, value, error);
}

gboolean
adm_season_class_set_ship_type (AdmSeasonClass  *self,
                                const char      *type,
                                GError         **error)
{
  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), FALSE);
  /* Translators: what of a ship class is refused, "The ship type of ship class “Frigate”…" */
  return set_text (self, "type", _("ship type"), type, error);
}

gboolean
adm_season_class_set_category (AdmSeasonClass  *self,
                               const char      *category,
                               GError         **error)
{
  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), FALSE);
  /* Translators: what of a ship class is refused, "The category of ship class “Frigate”…" */
  return set_text (self, "category", _("category"), category, error);
}

AdmSeasonClass *
adm_season_class_copy (AdmSeasonClass  *self,
                       const char      *name,
                       GError         **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  AdmScenarioEdit *edit;
  g_autofree char *id = NULL;

  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!_adm_scenario_item_check (item, error))
    return NULL;
  if (!_adm_scenario_item_check_text (_("the copy of a ship class"), _("name"), name, error) ||
      !check_new_name (self, name, error))
    return NULL;
  edit = _adm_scenario_item_get_edit (item);
  id = adm_scenario_edit_add_class (edit, adm_scenario_item_get_id (item), name, error);
  if (id == NULL)
    return NULL;
  return adm_scenario_season_find_class (adm_scenario_edit_get_season_item (edit), id);
}

AdmSeasonWeapon *
adm_season_class_add_weapon (AdmSeasonClass  *self,
                             const char      *name,
                             GError         **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  AdmScenarioEdit *edit;
  AdmSeasonClass *now;
  g_autofree char *thing = NULL;
  g_autofree char *klass = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (ADM_IS_SEASON_CLASS (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  thing = thing_of (self);
  if (!_adm_scenario_item_check (item, error) ||
      /* Translators: what of a ship class is refused, "The weapon's name of ship class…" */
      !_adm_scenario_item_check_text (thing, _("new weapon's name"), name, error))
    return NULL;
  edit = _adm_scenario_item_get_edit (item);
  klass = g_strdup (adm_scenario_item_get_id (item));
  id = adm_scenario_edit_add_weapon (edit, klass, name, error);
  if (id == NULL)
    return NULL;
  now = adm_scenario_season_find_class (adm_scenario_edit_get_season_item (edit), klass);
  return now != NULL ? adm_season_class_find_weapon (now, id) : NULL;
}
