/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-layout.h: the tactical map generated from a sector (F-TAC-1): «Тактическая карта
 * генерируется случайным образом мастером, но при этом принимаются во внимание особенности
 * сектора». The sector's planet with its low orbits (F-ORB), its stations (F-STN) and its
 * wormhole's exit zone (F-MOVE-5) go between the sides' front lines, placed by a seed the
 * master may re-roll before the first turn, sized by the ruleset's <table-layout>. */
#pragma once

#include <glib.h>

#include "adm-battle.h"
#include "adm-ruleset.h"

G_BEGIN_DECLS

/* A feature of the table: what it is, its name, its centre and its size across (cm). */
typedef struct {
  const char *kind;      /* static: "planet", "low-orbit", "station", "wormhole-exit",
                          * "minefield" */
  char       *name;      /* as the sector names it (English, the file's), or the mine's id */
  double      x, y;
  double      diameter;
  /* A station that is a unit (ruling "station-unit"): its owner's faction id, else NULL;
   * as generated, its class, its crew's readiness and the hull points an earlier war left
   * it without (F-CRIT-5) too (NULL, 0 and 0 when listed). */
  char               *owner;
  const AdmShipClass *klass;
  int                 readiness;
  int                 damage;
} AdmTableFeature;

void adm_table_feature_free (AdmTableFeature *feature);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTableFeature, adm_table_feature_free)

/* The features of a sector with @objects (AdmSectorObject*, or NULL for a link), generated
 * by @layout from @seed: a pure function, the same table for the same arguments.
 *
 * Positions are in the frame of the field between two facing front lines: x across it,
 * 0 on the middle line, y along it, 0 at the field's centre. The first planet gets a
 * "planet" mark of layout->planet_diameter and a "low-orbit" ring as wide as its outermost
 * orbit (the others are left off: a table has one low-orbit map, battle.rng); every station
 * keeps orbit layout->station_orbit, the stations evenly spaced round it from a bearing the
 * seed picks (F-STN-5), or, with no planet, stands on the middle line; the first wormhole
 * exit gets one "wormhole-exit" zone layout->wormhole_exit across. The planet (with its
 * orbits), the exit zone and the stations standing alone follow each other along the middle
 * line, layout->clearance apart, in an order the seed picks, moved together along it by up
 * to layout->scatter either way. *@half_span gets how far from the centre, either way along
 * the line, the table must reach to hold them with layout->clearance to spare (0 when there
 * are none). A station with an owner keeps its owner, class and readiness. AdmTableFeature*,
 * owned, in the order planet, low-orbit, stations, exit. */
GPtrArray *adm_battle_layout_generate (const AdmTableLayout *layout,
                                       GPtrArray            *objects,
                                       guint32               seed,
                                       double               *half_span)
  G_GNUC_WARN_UNUSED_RESULT;

/* F-MINE-1, F-MINE-13: where @n mines laid on the strategic map stand, in the field's frame
 * as adm_battle_layout_generate () gives it: with a planet among @features, on its outermost
 * orbit, evenly spaced from a bearing the seed picks (mines circle planets on ballistic
 * orbits); else scattered between the fronts, no nearer to either than their reach and
 * layout->clearance (@half_width is half the gap between the fronts), up to @half_length
 * along them. A pure function of its arguments; @x and @y get @n values each. */
void       adm_battle_layout_place_mines (const AdmTableLayout *layout,
                                          GPtrArray            *features,
                                          guint                 n,
                                          guint32               seed,
                                          double                half_width,
                                          double                half_length,
                                          double               *x,
                                          double               *y);

/* The seed a table is generated from until the master re-rolls it: a hash of @key (an
 * engagement's or a sector's own words), the same on every machine. */
guint32    adm_battle_layout_default_seed (const char *key);

/* The features of @battle's table as its set-up gives them (adm-battle-features.c), in table
 * cm: "planet" and "low-orbit" (its outermost orbit across) from the <low-orbit> map, each
 * "station" mark, each "wormhole-exit" zone; names as the set-up writes them, "" for a
 * feature written without one. Mines are not among them: what a side may see of them is the
 * audience's to say. AdmTableFeature*, owned. */
GPtrArray *adm_battle_list_features   (AdmBattle  *self) G_GNUC_WARN_UNUSED_RESULT;
/* The seed @battle's features were generated from (its set-up's layout-seed), or FALSE for
 * a table drawn by hand. */
gboolean   adm_battle_get_layout_seed (AdmBattle  *self,
                                       guint32    *seed);

G_END_DECLS
