/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-layout.c: the features of a generated tactical map (F-TAC-1).
 *
 * The rules leave the map to the master: «генерируется случайным образом мастером, но при
 * этом принимаются во внимание особенности сектора». Which features a sector brings is the
 * scenario's (F-STRAT-9: planet, station, wormhole exit); their sizes and distances are the
 * ruleset's <table-layout> (ruling "table-layout", docs/rulings.md); where they fall is the
 * seed's. The seed drives GLib's GRand (Mersenne Twister), whose seeded sequence GLib keeps
 * the same from release to release, so a journaled seed gives the same table on replay. */

#include "config.h"

#include <math.h>

#include "adm-battle-layout.h"
#include "adm-scenario.h"

void
adm_table_feature_free (AdmTableFeature *feature)
{
  if (feature == NULL)
    return;
  g_free (feature->name);
  g_free (feature->owner);
  g_free (feature);
}

static AdmTableFeature *
feature_new (const char *kind,
             const char *name,
             double      diameter)
{
  AdmTableFeature *feature = g_new0 (AdmTableFeature, 1);

  feature->kind = kind;
  feature->name = g_strdup (name);
  feature->diameter = diameter;
  return feature;
}

/* One item on the middle line: a planet with its orbits and stations, an exit zone or a
 * station standing alone; @radius is the room it takes along the line. */
typedef struct {
  GPtrArray *features;   /* AdmTableFeature* (borrowed): its centre and what goes round it */
  double     radius;
} Item;

static const AdmSectorObject *
first_of (GPtrArray  *objects,
          const char *kind)
{
  for (guint i = 0; objects != NULL && i < objects->len; i++)
    {
      const AdmSectorObject *object = g_ptr_array_index (objects, i);

      if (g_strcmp0 (object->kind, kind) == 0)
        return object;
    }
  return NULL;
}

/* F-STN-5: the stations keep their orbit, evenly spaced round it from @bearing (degrees,
 * clockwise from up the table). Offsets from the planet's centre. */
static void
put_on_orbit (GPtrArray *stations,
              double     radius,
              double     bearing)
{
  for (guint i = 0; i < stations->len; i++)
    {
      AdmTableFeature *station = g_ptr_array_index (stations, i);
      double angle = (bearing + 360.0 * i / stations->len) * G_PI / 180;

      station->x = radius * sin (angle);
      station->y = -radius * cos (angle);
    }
}

GPtrArray *
adm_battle_layout_generate (const AdmTableLayout *layout,
                            GPtrArray            *objects,
                            guint32               seed,
                            double               *half_span)
{
  g_autoptr(GRand) rand = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  g_autoptr(GPtrArray) stations = g_ptr_array_new ();
  g_autoptr(GPtrArray) planet_items = g_ptr_array_new ();
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_feature_free);
  const AdmSectorObject *planet_object = first_of (objects, "planet");
  const AdmSectorObject *exit_object = first_of (objects, "wormhole-exit");
  AdmTableFeature *planet = NULL;
  g_autofree Item *stack = NULL;
  double length = 0, cursor, shift = 0, reach = 0;
  guint n_items = 0;

  g_return_val_if_fail (layout != NULL && half_span != NULL, out);

  rand = g_rand_new_with_seed (seed);
  stack = g_new (Item, 2 + (objects != NULL ? objects->len : 0));

  if (planet_object != NULL)
    {
      double outer = g_array_index (layout->orbits, double, layout->orbits->len - 1);
      AdmTableFeature *ring = feature_new ("low-orbit", planet_object->name, 2 * outer);

      planet = feature_new ("planet", planet_object->name, layout->planet_diameter);
      g_ptr_array_add (out, planet);
      g_ptr_array_add (out, ring);
      g_ptr_array_add (planet_items, planet);
      g_ptr_array_add (planet_items, ring);
      stack[n_items++] = (Item) { planet_items, outer };
    }
  for (guint i = 0; objects != NULL && i < objects->len; i++)
    {
      const AdmSectorObject *object = g_ptr_array_index (objects, i);
      AdmTableFeature *station;

      if (g_strcmp0 (object->kind, "station") != 0)
        continue;
      station = feature_new ("station", object->name, layout->station_diameter);
      if (object->owner != NULL)
        {
          station->owner = g_strdup (object->owner->id);
          station->klass = object->klass;
          station->readiness = object->readiness;
          station->damage = object->damage;
        }
      g_ptr_array_add (out, station);
      g_ptr_array_add (stations, station);
      if (planet != NULL)
        g_ptr_array_add (planet_items, station);
      else
        {
          GPtrArray *alone = g_ptr_array_new ();

          g_ptr_array_add (alone, station);
          g_ptr_array_add (items, alone);
          stack[n_items++] = (Item) { alone, layout->station_diameter / 2 };
        }
    }
  if (exit_object != NULL)
    {
      AdmTableFeature *zone = feature_new ("wormhole-exit", exit_object->name,
                                           layout->wormhole_exit);
      GPtrArray *alone = g_ptr_array_new ();

      g_ptr_array_add (out, zone);
      g_ptr_array_add (alone, zone);
      g_ptr_array_add (items, alone);
      stack[n_items++] = (Item) { alone, layout->wormhole_exit / 2 };
    }

  /* The seed's draws, always in this order: the order along the line, the shift, the
   * stations' bearing. */
  for (guint i = n_items; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rand, 0, (gint32) i);
      Item swap = stack[i - 1];

      stack[i - 1] = stack[j];
      stack[j] = swap;
    }
  for (guint i = 0; i < n_items; i++)
    length += 2 * stack[i].radius + (i > 0 ? layout->clearance : 0);
  if (n_items > 0)
    shift = g_rand_double_range (rand, -layout->scatter, layout->scatter);
  if (planet != NULL && stations->len > 0)
    put_on_orbit (stations, g_array_index (layout->orbits, double, layout->station_orbit - 1),
                  g_rand_double_range (rand, 0, 360));

  cursor = shift - length / 2;
  for (guint i = 0; i < n_items; i++)
    {
      double centre = cursor + stack[i].radius;

      /* The item's first feature is its centre; what goes round it is offset from it. */
      for (guint f = 0; f < stack[i].features->len; f++)
        {
          AdmTableFeature *feature = g_ptr_array_index (stack[i].features, f);

          feature->y += centre;
        }
      reach = MAX (reach, fabs (centre) + stack[i].radius);
      cursor = centre + stack[i].radius + layout->clearance;
    }
  *half_span = n_items > 0 ? reach + layout->clearance : 0;
  for (guint i = 0; i < items->len; i++)
    g_ptr_array_unref (g_ptr_array_index (items, i));
  return out;
}

void
adm_battle_layout_place_mines (const AdmTableLayout *layout,
                               GPtrArray            *features,
                               guint                 n,
                               guint32               seed,
                               double                half_width,
                               double                half_length,
                               double               *x,
                               double               *y)
{
  /* A stream of its own ("mine" in ASCII), so that the features stand where they stood. */
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed ^ 0x6d696e65u);
  const AdmTableFeature *planet = NULL;

  g_return_if_fail (layout != NULL && (n == 0 || (x != NULL && y != NULL)));

  for (guint i = 0; features != NULL && i < features->len && planet == NULL; i++)
    if (g_str_equal (((AdmTableFeature *) g_ptr_array_index (features, i))->kind, "planet"))
      planet = g_ptr_array_index (features, i);
  if (planet != NULL && n > 0)
    {
      double radius = g_array_index (layout->orbits, double, layout->orbits->len - 1);
      double bearing = g_rand_double_range (rand, 0, 360);

      for (guint i = 0; i < n; i++)
        {
          double angle = (bearing + 360.0 * i / n) * G_PI / 180;

          x[i] = planet->x + radius * sin (angle);
          y[i] = planet->y - radius * cos (angle);
        }
      return;
    }
  half_width = MAX (half_width - layout->mine_reach - layout->clearance, 0);
  for (guint i = 0; i < n; i++)
    {
      x[i] = half_width > 0 ? g_rand_double_range (rand, -half_width, half_width) : 0;
      y[i] = half_length > 0 ? g_rand_double_range (rand, -half_length, half_length) : 0;
    }
}

guint32
adm_battle_layout_default_seed (const char *key)
{
  guint32 hash = 2166136261u;

  g_return_val_if_fail (key != NULL, 0);

  /* FNV-1a: a hash that is the same on every machine, unlike g_str_hash's promise. */
  for (const unsigned char *p = (const unsigned char *) key; *p != '\0'; p++)
    hash = (hash ^ *p) * 16777619u;
  return hash;
}
