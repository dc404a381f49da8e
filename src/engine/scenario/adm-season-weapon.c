/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-season-weapon.c: a weapon of a ship class of the season (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-season-class.h"
#include "adm-season-weapon.h"
#include "adm-xml.h"

struct _AdmSeasonWeapon
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmSeasonWeapon, adm_season_weapon, ADM_TYPE_SCENARIO_ITEM)

static const char *const figures[] = {
  "firepower", "range", "torpedo-speed", "torpedo-turns", NULL
};

/* Its class's id, as the class it is in has it now. */
static char *
class_id (AdmScenarioItem *item)
{
  return adm_xml_get_string (_adm_scenario_item_get_node (item)->parent, "id");
}

/* "weapon “Main battery” of ship class “Vorhartung”", for messages. */
static char *
thing_of (AdmSeasonWeapon *self)
{
  xmlNode *node = _adm_scenario_item_get_node (ADM_SCENARIO_ITEM (self));
  g_autofree char *klass = node != NULL ? adm_xml_get_string (node->parent, "name") : NULL;
  const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (self));

  /* Translators: a weapon named in a message, "weapon “Main battery” of ship class
   * “Vorhartung”" */
  return g_strdup_printf (_("weapon “%s” of ship class “%s”"), name != NULL ? name : "",
                          klass != NULL ? klass : "");
}

static gboolean
set_value (AdmScenarioItem  *item,
           const char       *attribute,
           const char       *value,
           GError          **error)
{
  g_autofree char *klass = NULL;

  if (g_str_equal (attribute, "id"))
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   _("A weapon's id is made from its first name; nothing was changed"));
      return FALSE;
    }
  klass = class_id (item);
  return adm_scenario_edit_set_weapon (_adm_scenario_item_get_edit (item), klass,
                                       adm_scenario_item_get_id (item), attribute, value, error);
}

static gboolean
remove_weapon (AdmScenarioItem  *item,
               GError          **error)
{
  g_autofree char *klass = class_id (item);

  return adm_scenario_edit_remove_weapon (_adm_scenario_item_get_edit (item), klass,
                                          adm_scenario_item_get_id (item), error);
}

static void
adm_season_weapon_class_init (AdmSeasonWeaponClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdmScenarioItemClass *item_class = ADM_SCENARIO_ITEM_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  guint id = 1;

  object_class->get_property = _adm_scenario_item_get_value_property;
  item_class->element = "weapon";
  item_class->set_value = set_value;
  item_class->remove = remove_weapon;
  g_object_class_install_property (object_class, id++,
                                   g_param_spec_string ("type", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, id++,
                                   g_param_spec_string ("arcs", NULL, NULL, NULL, flags));
  for (guint i = 0; figures[i] != NULL; i++)
    g_object_class_install_property (object_class, id++,
                                     g_param_spec_int (figures[i], NULL, NULL, G_MININT,
                                                       G_MAXINT, 0, flags));
}

static void
adm_season_weapon_init (AdmSeasonWeapon *self)
{
}

const char *
adm_season_weapon_get_weapon_type (AdmSeasonWeapon *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_WEAPON (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "type");
}

const char *
adm_season_weapon_get_arcs (AdmSeasonWeapon *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_WEAPON (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "arcs");
}

int
adm_season_weapon_get_figure (AdmSeasonWeapon *self,
                              const char      *figure)
{
  g_return_val_if_fail (ADM_IS_SEASON_WEAPON (self), 0);
  g_return_val_if_fail (figure != NULL && g_strv_contains (figures, figure), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), figure, 0);
}

gboolean
adm_season_weapon_set_figure (AdmSeasonWeapon  *self,
                              const char       *figure,
                              int               value,
                              GError          **error)
{
  g_autofree char *thing = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (ADM_IS_SEASON_WEAPON (self), FALSE);
  g_return_val_if_fail (figure != NULL && g_strv_contains (figures, figure), FALSE);

  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error))
    return FALSE;
  thing = thing_of (self);
  if (!_adm_scenario_item_check_figure (thing, figure, value, 0, ADM_SEASON_FIGURE_MAX, error))
    return FALSE;
  text = g_strdup_printf ("%d", value);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), figure, text, error);
}

static gboolean
set_text (AdmSeasonWeapon  *self,
          const char       *attribute,
          const char       *what,
          const char       *value,
          GError          **error)
{
  g_autofree char *thing = NULL;

  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error))
    return FALSE;
  thing = thing_of (self);
  if (!_adm_scenario_item_check_text (thing, what, value, error))
    return FALSE;
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), attribute, value, error);
}

gboolean
adm_season_weapon_set_weapon_type (AdmSeasonWeapon  *self,
                                   const char       *type,
                                   GError          **error)
{
  g_return_val_if_fail (ADM_IS_SEASON_WEAPON (self), FALSE);
  /* Translators: what of a weapon is refused, "The type of weapon “Main battery”…" */
  return set_text (self, "type", _("type"), type, error);
}

gboolean
adm_season_weapon_set_arcs (AdmSeasonWeapon  *self,
                            const char       *arcs,
                            GError          **error)
{
  g_return_val_if_fail (ADM_IS_SEASON_WEAPON (self), FALSE);
  /* Translators: what of a weapon is refused, "The arcs of weapon “Main battery”…" */
  return set_text (self, "arcs", _("arcs"), arcs, error);
}
