/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-ship.c: a ship of a formation or a pool (see the header). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-scenario-edit.h"
#include "adm-scenario-private.h"
#include "adm-scenario-ship.h"
#include "adm-xml.h"

struct _AdmScenarioShip
{
  AdmScenarioItem parent_instance;
};

G_DEFINE_FINAL_TYPE (AdmScenarioShip, adm_scenario_ship, ADM_TYPE_SCENARIO_ITEM)

static void
adm_scenario_ship_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  AdmScenarioShip *self = ADM_SCENARIO_SHIP (object);

  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    g_value_set_boolean (value, adm_scenario_ship_get_flagship (self));
  else if (G_IS_PARAM_SPEC_UINT (pspec))
    g_value_set_uint (value, adm_scenario_ship_get_succession (self));
  else
    _adm_scenario_item_get_value_property (object, prop_id, value, pspec);
}

/* Whether it is its formation's flagship, and its place in the succession, as values
 * "flagship" ("true" or absent) and "succession" (absent when 0). */
static void
read_place (AdmScenarioItem *self,
            xmlNode         *node,
            GHashTable      *values)
{
  g_autofree char *flagship = adm_xml_get_string (node->parent, "flagship");
  const char *id = g_hash_table_lookup (values, "id");
  guint place = adm_scenario_edit_get_succession (_adm_scenario_item_get_edit (self), node);

  if (id != NULL && g_strcmp0 (flagship, id) == 0)
    g_hash_table_insert (values, g_strdup ("flagship"), g_strdup ("true"));
  if (place > 0)
    g_hash_table_insert (values, g_strdup ("succession"), g_strdup_printf ("%u", place));
}

static void
adm_scenario_ship_class_init (AdmScenarioShipClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;

  object_class->get_property = adm_scenario_ship_get_property;
  ADM_SCENARIO_ITEM_CLASS (klass)->element = "ship";
  ADM_SCENARIO_ITEM_CLASS (klass)->read = read_place;
  g_object_class_install_property (object_class, 1,
                                   g_param_spec_string ("class", NULL, NULL, NULL, flags));
  g_object_class_install_property (object_class, 2,
                                   g_param_spec_int ("readiness", NULL, NULL, G_MININT, G_MAXINT,
                                                     0, flags));
  g_object_class_install_property (object_class, 3,
                                   g_param_spec_boolean ("flagship", NULL, NULL, FALSE, flags));
  g_object_class_install_property (object_class, 4,
                                   g_param_spec_uint ("succession", NULL, NULL, 0, G_MAXUINT, 0,
                                                      flags));
  g_object_class_install_property (object_class, 5,
                                   g_param_spec_int ("damage", NULL, NULL, G_MININT, G_MAXINT,
                                                     0, flags));
  g_object_class_install_property (object_class, 6,
                                   g_param_spec_string ("criticals", NULL, NULL, NULL, flags));
}

static void
adm_scenario_ship_init (AdmScenarioShip *self)
{
}

const char *
adm_scenario_ship_get_class (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "class");
}

int
adm_scenario_ship_get_readiness (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "readiness", 0);
}

gboolean
adm_scenario_ship_get_flagship (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "flagship") != NULL;
}

guint
adm_scenario_ship_get_succession (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), 0);
  return (guint) MAX (0, _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "succession", 0));
}

int
adm_scenario_ship_get_damage (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), 0);
  return _adm_scenario_item_get_int (ADM_SCENARIO_ITEM (self), "damage", 0);
}

const char *
adm_scenario_ship_get_criticals (AdmScenarioShip *self)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), NULL);
  return _adm_scenario_item_get_value (ADM_SCENARIO_ITEM (self), "criticals");
}

gboolean
adm_scenario_ship_set_class (AdmScenarioShip  *self,
                             const char       *klass,
                             GError          **error)
{
  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);
  g_return_val_if_fail (klass != NULL, FALSE);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "class", klass, error);
}

gboolean
adm_scenario_ship_set_readiness (AdmScenarioShip  *self,
                                 int               readiness,
                                 GError          **error)
{
  g_autofree char *value = g_strdup_printf ("%d", readiness);

  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);
  return _adm_scenario_item_set_value (ADM_SCENARIO_ITEM (self), "readiness", value, error);
}

gboolean
adm_scenario_ship_make_flagship (AdmScenarioShip  *self,
                                 GError          **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  adm_scenario_edit_set_flagship (_adm_scenario_item_get_edit (item),
                                  _adm_scenario_item_get_node (item));
  return TRUE;
}

gboolean
adm_scenario_ship_set_succession (AdmScenarioShip  *self,
                                  guint             place,
                                  GError          **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);

  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  adm_scenario_edit_set_succession (_adm_scenario_item_get_edit (item),
                                    _adm_scenario_item_get_node (item), place);
  return TRUE;
}

/* @text as a master typed it, cut short for a message: a number of a thousand digits is said
 * by its first ones. */
static char *
as_typed (const char *text)
{
  g_autofree char *start = NULL;

  if (g_utf8_strlen (text, -1) <= 16)
    return g_strdup (text);
  start = g_utf8_substring (text, 0, 16);
  return g_strconcat (start, "…", NULL);
}

static int
compare_results (gconstpointer a,
                 gconstpointer b)
{
  return *(const int *) a - *(const int *) b;
}

/* F-CRIT-8: the results of the season's ship critical table for a message, runs of them
 * as ranges: "2–12", "2–7, 9–12". */
static char *
table_results (AdmRuleset *ruleset)
{
  GPtrArray *rows = adm_ruleset_get_critical_table (ruleset, "ship");
  g_autoptr(GArray) results = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; rows != NULL && i < rows->len; i++)
    g_array_append_val (results, ((const AdmTableRow *) rows->pdata[i])->result);
  g_array_sort (results, compare_results);
  for (guint i = 0; i < results->len;)
    {
      int first = g_array_index (results, int, i);
      guint k = i;

      while (k + 1 < results->len &&
             g_array_index (results, int, k + 1) == g_array_index (results, int, k) + 1)
        k++;
      g_string_append_printf (out, "%s%d", out->len > 0 ? ", " : "", first);
      if (k > i)
        g_string_append_printf (out, "–%d", g_array_index (results, int, k));
      i = k + 1;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* F-CRIT-5: @text (stripped) as the hull points a ship of @klass has lost: empty for none, or
 * a whole number fewer than its hull; FALSE with @error naming @name otherwise. */
static gboolean
parse_damage (const char          *text,
              const char          *name,
              const AdmShipClass  *klass,
              int                 *damage,
              GError             **error)
{
  guint64 value = 0;
  g_autofree char *shown = NULL;

  *damage = 0;
  if (text[0] == '\0')
    return TRUE;
  if (text[strspn (text, "0123456789")] == '\0' &&
      g_ascii_string_to_unsigned (text, 10, 0, (guint64) MAX (klass->hull - 1, 0), &value,
                                  NULL))
    {
      *damage = (int) value;
      return TRUE;
    }
  shown = as_typed (text);
  if (text[strspn (text, "0123456789")] != '\0')
    g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                 /* Translators: a ship's damage typed in the scenario editor */
                 _("Ship “%s”: damage “%s” is not a number of hull points (F-CRIT-5)."),
                 name, shown);
  else
    g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                 /* Translators: a ship's damage typed in the scenario editor, the hull points
                  * it may have lost, and its class's */
                 _("Ship “%s”: damage %s leaves no hull; it may be 0–%d of %d (F-CRIT-5)."),
                 name, shown, MAX (klass->hull - 1, 0), klass->hull);
  return FALSE;
}

/* F-CRIT-8, F-CRIT-20: @text as a ship's unrepaired critical results, each a result of the
 * season's ship critical table, at most ADM_SHIP_CRITICALS_MAX; written in order into
 * *@criticals ("5 7 7"; NULL for none), or FALSE with @error naming @name. */
static gboolean
parse_criticals (const char  *text,
                 const char  *name,
                 AdmRuleset  *ruleset,
                 char       **criticals,
                 GError     **error)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t,", -1);
  g_autoptr(GArray) results = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr(GString) joined = g_string_new (NULL);

  *criticals = NULL;
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 value = 0;
      int result;

      if (words[i][0] == '\0')
        continue;
      if (words[i][strspn (words[i], "0123456789")] != '\0' ||
          !g_ascii_string_to_unsigned (words[i], 10, 0, G_MAXINT, &value, NULL) ||
          adm_ruleset_critical (ruleset, "ship", (int) value) == NULL)
        {
          g_autofree char *shown = as_typed (words[i]);
          g_autofree char *known = table_results (ruleset);

          g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                       /* Translators: a ship's critical typed in the scenario editor; the last
                        * %s lists the results of the season's table ("2–12") */
                       _("Ship “%s”: “%s” is no result of the season’s critical table, %s "
                         "(F-CRIT-8)."), name, shown, known);
          return FALSE;
        }
      result = (int) value;
      g_array_append_val (results, result);
    }
  if (results->len > ADM_SHIP_CRITICALS_MAX)
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   _("Ship “%s”: %u criticals; a ship keeps at most %d (F-CRIT-20)."), name,
                   results->len, ADM_SHIP_CRITICALS_MAX);
      return FALSE;
    }
  g_array_sort (results, compare_results);
  for (guint i = 0; i < results->len; i++)
    g_string_append_printf (joined, "%s%d", i > 0 ? " " : "", g_array_index (results, int, i));
  if (joined->len > 0)
    *criticals = g_string_free (g_steal_pointer (&joined), FALSE);
  return TRUE;
}

gboolean
adm_scenario_ship_set_wear (AdmScenarioShip  *self,
                            const char       *damage,
                            const char       *criticals,
                            GError          **error)
{
  AdmScenarioItem *item = ADM_SCENARIO_ITEM (self);
  g_autofree char *damage_text = g_strstrip (g_strdup (damage != NULL ? damage : ""));
  g_autofree char *criticals_text = g_strstrip (g_strdup (criticals != NULL ? criticals : ""));
  g_autofree char *results = NULL;
  const char *name = adm_scenario_item_get_name (item);
  const char *class_id = adm_scenario_ship_get_class (self);
  AdmRuleset *ruleset;
  const AdmShipClass *klass;
  int points = 0;

  g_return_val_if_fail (ADM_IS_SCENARIO_SHIP (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!_adm_scenario_item_check (item, error))
    return FALSE;
  ruleset = adm_scenario_edit_get_ruleset (_adm_scenario_item_get_edit (item));
  klass = ruleset != NULL && class_id != NULL ? adm_ruleset_lookup_class (ruleset, class_id)
                                              : NULL;
  if (klass == NULL && (damage_text[0] != '\0' || criticals_text[0] != '\0'))
    {
      g_set_error (error, ADM_SCENARIO_ITEM_ERROR, ADM_SCENARIO_ITEM_ERROR_INVALID,
                   _("Ship “%s”: class “%s” is not the season’s; choose its class first."),
                   name != NULL ? name : "", class_id != NULL ? class_id : "");
      return FALSE;
    }
  if (klass != NULL &&
      (!parse_damage (damage_text, name, klass, &points, error) ||
       !parse_criticals (criticals_text, name, ruleset, &results, error)))
    return FALSE;
  adm_scenario_edit_set_wear (_adm_scenario_item_get_edit (item),
                              _adm_scenario_item_get_node (item), points, results);
  return TRUE;
}
