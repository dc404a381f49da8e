/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-features.c: the features of a battle's table as its set-up gives them (F-TAC-1):
 * the planet and its low orbits (F-ORB), the stations of the sector (F-STN) and the exit
 * zones of wormholes (F-MOVE-5), each with its name when the set-up was generated from a
 * sector (adm-battle-layout.c), and on such a table the stations that are units, with their
 * owners. Read from the set-up the battle keeps, which never changes. */

#include "config.h"

#include "adm-battle-layout.h"
#include "adm-battle-private.h"
#include "adm-xml.h"

static void
add_feature (GPtrArray  *features,
             const char *kind,
             char       *name,
             double      x,
             double      y,
             double      diameter)
{
  AdmTableFeature *feature = g_new0 (AdmTableFeature, 1);

  feature->kind = kind;
  feature->name = name != NULL ? name : g_strdup ("");
  feature->x = x;
  feature->y = y;
  feature->diameter = diameter;
  g_ptr_array_add (features, feature);
}

/* The set-up was valid when loaded (battle.rng), so every attribute read here is there. */
static double
length_of (xmlNode    *node,
           const char *name)
{
  double value = 0;

  adm_xml_get_double (node, name, FALSE, 0, &value, NULL, NULL);
  return value;
}

GPtrArray *
adm_battle_list_features (AdmBattle *self)
{
  GPtrArray *features = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_feature_free);
  const AdmLowOrbit *orbit;
  xmlNode *root;

  g_return_val_if_fail (ADM_IS_BATTLE (self), features);

  orbit = &self->low_orbit;
  root = xmlDocGetRootElement (self->setup);
  if (orbit->present)
    {
      xmlNode *node = adm_xml_first_element (root, "low-orbit");
      double outer = g_array_index (orbit->orbits, double, orbit->orbits->len - 1);

      add_feature (features, "planet", adm_xml_get_string (node, "name"), orbit->planet.x,
                   orbit->planet.y, orbit->planet_diameter);
      add_feature (features, "low-orbit", adm_xml_get_string (node, "name"), orbit->planet.x,
                   orbit->planet.y, 2 * outer);
    }
  for (xmlNode *node = adm_xml_first_element (root, "feature"); node != NULL;
       node = adm_xml_next_element (node, "feature"))
    add_feature (features, "station", adm_xml_get_string (node, "name"), length_of (node, "x"),
                 length_of (node, "y"), length_of (node, "diameter"));
  for (xmlNode *node = adm_xml_first_element (root, "wormhole-exit"); node != NULL;
       node = adm_xml_next_element (node, "wormhole-exit"))
    add_feature (features, "wormhole-exit", adm_xml_get_string (node, "name"),
                 length_of (node, "x"), length_of (node, "y"), length_of (node, "diameter"));
  /* Ruling "station-unit": on a generated table, the sector's stations that are units of
   * their owners' sides, where they stand now (F-STN-13 may move one), with their owner. */
  if (xmlHasProp (root, BAD_CAST "layout-seed"))
    for (guint i = 0; i < adm_battle_get_n_ships (self); i++)
      {
        const AdmBattleShip *ship = adm_battle_get_ship (self, i);

        if (ship->klass->category != ADM_CATEGORY_STATION || ship->faction == NULL)
          continue;
        add_feature (features, "station", g_strdup (ship->name), ship->position.x,
                     ship->position.y, ship->klass->type->base_size);
        ((AdmTableFeature *) g_ptr_array_index (features, features->len - 1))->owner =
          g_strdup (ship->faction->id);
      }
  return features;
}

gboolean
adm_battle_get_layout_seed (AdmBattle *self,
                            guint32   *seed)
{
  g_autofree char *text = NULL;
  guint64 value = 0;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (seed != NULL, FALSE);

  text = adm_xml_get_string (xmlDocGetRootElement (self->setup), "layout-seed");
  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &value, NULL))
    return FALSE;
  *seed = (guint32) value;
  return TRUE;
}
