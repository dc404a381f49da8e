/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-season-faction.c: a faction of the season (see the header). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-season-class.h"
#include "adm-season-faction.h"

struct _AdmSeasonFaction
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmSeasonFaction, adm_season_faction, ADM_TYPE_SCENARIO_ITEM)

/* "faction “Komarr”", for messages. */
static char *
thing_of (AdmSeasonFaction *self)
{
  const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (self));

  /* Translators: a faction named in a message, %s its name */
  return g_strdup_printf (_("faction “%s”"), name != NULL ? name : "");
}

static gboolean
set_value (AdmScenarioItem  *item,
           const char       *attribute,
           const char       *value,
           GError          **error)
{
  if (g_str_equal (attribute, "id"))
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   _("A faction's id cannot be changed in the scenario; nothing was changed"));
      return FALSE;
    }
  return adm_scenario_edit_set_faction (_adm_scenario_item_get_edit (item),
                                        adm_scenario_item_get_id (item), attribute, value,
                                        error);
}

static gboolean
remove_faction (AdmScenarioItem  *item,
                GError          **error)
{
  return adm_scenario_edit_remove_faction (_adm_scenario_item_get_edit (item),
                                           adm_scenario_item_get_id (item), error);
}

static void
adm_season_faction_class_init (AdmSeasonFactionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  AdmScenarioItemClass *item_class = ADM_SCENARIO_ITEM_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = _adm_scenario_item_get_value_property;
  item_class->element = "faction";
  item_class->set_value = set_value;
  item_class->remove = remove_faction;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("colour", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_string ("symbol", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 3,
                                   g_param_spec_int ("boarding-bonus", NULL, NULL, G_MININT,
                                                     G_MAXINT, 0, flags));
}

static void
adm_season_faction_init (AdmSeasonFaction *self)
{
}

const char *
adm_season_faction_get_colour (AdmSeasonFaction *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_FACTION (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "colour");
}

const char *
adm_season_faction_get_symbol (AdmSeasonFaction *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_FACTION (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "symbol");
}

int
adm_season_faction_get_boarding_bonus (AdmSeasonFaction *self)
{
  g_return_val_if_fail (ADM_IS_SEASON_FACTION (self), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "boarding-bonus", 0);
}

/* A colour as the file writes it: "#" and six hexadecimal digits. */
static gboolean
is_colour (const char *text)
{
  if (text == NULL || strlen (text) != 7 || text[0] != '#')
    return FALSE;
  for (guint i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  return TRUE;
}

gboolean
adm_season_faction_set_colour (AdmSeasonFaction  *self,
                               const char        *colour,
                               GError           **error)
{
  g_autofree char *thing = NULL;

  g_return_val_if_fail (ADM_IS_SEASON_FACTION (self), FALSE);

  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error))
    return FALSE;
  if (!is_colour (colour))
    {
      thing = thing_of (self);
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   /* Translators: a colour refused, "“red” is no colour for faction “Komarr”…" */
                   _("“%s” is no colour for %s: write it as #rrggbb; nothing was changed"),
                   colour != NULL ? colour : "", thing);
      return FALSE;
    }
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "colour", colour, error);
}

gboolean
adm_season_faction_set_symbol (AdmSeasonFaction  *self,
                               const char        *symbol,
                               GError           **error)
{
  g_autofree char *thing = NULL;

  g_return_val_if_fail (ADM_IS_SEASON_FACTION (self), FALSE);

  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error))
    return FALSE;
  thing = thing_of (self);
  /* Translators: what of a faction is refused, "The symbol of faction “Komarr”…" */
  if (!_adm_scenario_item_check_text (thing, _("symbol"), symbol, error))
    return FALSE;
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "symbol", symbol, error);
}

gboolean
adm_season_faction_set_boarding_bonus (AdmSeasonFaction  *self,
                                       int                bonus,
                                       GError           **error)
{
  g_autofree char *thing = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (ADM_IS_SEASON_FACTION (self), FALSE);

  if (!_adm_scenario_item_check (ADM_SCENARIO_ITEM (self), error))
    return FALSE;
  thing = thing_of (self);
  if (!_adm_scenario_item_check_figure (thing, "boarding-bonus", bonus, -ADM_SEASON_FIGURE_MAX,
                                        ADM_SEASON_FIGURE_MAX, error))
    return FALSE;
  text = g_strdup_printf ("%d", bonus);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "boarding-bonus", text, error);
}
