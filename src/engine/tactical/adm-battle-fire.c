/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-fire.c: the fire phase (F-FIRE) — direct fire by gravi-destructors (F-DES) and
 * artillery (F-ART), shields (F-SHLD), return fire, and the fire-phase combat orders
 * (F-FORD). Torpedo attacks are declared here but belong to the torpedo phase (F-FIRE-3). */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-odds.h"

#define EPSILON 1e-6

/* What becomes of a battery declared to fire (check_battery ()). */
typedef enum {
  BATTERY_FIRES,
  BATTERY_OUT_OF_ACTION,  /* F-CAT-1: its ship is a wreck, or was lost earlier in the phase */
  /* F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12, F-STN-8: critical damage keeps it silent */
  BATTERY_KNOCKED_OUT,
} BatteryStatus;

typedef struct {
  guint          ship;
  guint          weapon;
  double         distance;
  AdmArcSector   sector;   /* where the target lies from the ship (F-FIRE-7) */
  BatteryStatus  status;
  int            blocked;  /* F-CAT-4: the hulk in its line of fire, -1 none */
} Battery;

/* Batteries in order, as a fire phase gathers them: kept the phase long, emptied for each
 * declaration and pushed onto in place (g_array_append_val () and
 * g_array_set_size () are calls out of line, tens of thousands a phase). */
typedef struct {
  Battery *at;
  guint    len;
  guint    size;
} Batteries;

static inline void
batteries_push (Batteries     *list,
                const Battery *battery)
{
  if (G_UNLIKELY (list->len == list->size))
    {
      list->size = MAX (8, 2 * list->size);
      list->at = g_renew (Battery, list->at, list->size);
    }
  list->at[list->len++] = *battery;
}

static void
batteries_clear (Batteries *list)
{
  g_clear_pointer (&list->at, g_free);
  list->len = list->size = 0;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Batteries, batteries_clear)

static const AdmWeapon *
battery_weapon (AdmBattle     *self,
                const Battery *battery)
{
  return g_ptr_array_index (_adm_battle_ship (self, battery->ship)->klass->weapons,
                            battery->weapon);
}

/* Fire-phase combat orders */

static gboolean
fire_orders (AdmBattle  *self,
             GError    **error)
{
  int turn = adm_battle_get_turn (self);

  if (self->orders == NULL)
    return TRUE;
  /* F-FORD-1: target lock and reinforce shields are the fire-phase combat orders.
   * F-FORD-11: the orders take effect once declared, before the enemy fires: all of them
   * before any shot of the phase. */
  for (guint i = 0; i < self->orders->target_locks->len + self->orders->reinforce->len; i++)
    {
      gboolean lock = i < self->orders->target_locks->len;
      AdmShipOrderDecl *decl = lock ? g_ptr_array_index (self->orders->target_locks, i)
                                    : g_ptr_array_index (self->orders->reinforce,
                                                         i - self->orders->target_locks->len);
      int ship = adm_battle_ship_index (self, decl->ship);
      AdmBattleShip *s;

      if (ship < 0 || !_adm_battle_ship_active (self, ship))
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("“%s” is not a ship in action in this battle"), decl->ship);
          return FALSE;
        }
      s = _adm_battle_ship (self, ship);
      if (s->no_orders_turn == turn)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s reinforced its shields last turn and may not take another "
                                 "combat order this turn (F-FORD-9)"), s->name);
          return FALSE;
        }
      if (lock)
        {
          /* F-FORD-2: re-roll in this fire phase; F-FORD-3, F-FORD-4: having turned in this
           * turn's movement, the ship may not turn next turn (adm-battle-end.c). */
          s->target_lock = TRUE;
          _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                              _("%s locks on its target (F-FORD-2)."), s->name);
          continue;
        }
      /* F-FORD-5, F-FORD-6, F-FORD-7, F-FORD-8, F-FORD-9, F-FORD-10 ("reinforce-shields"). */
      s->reinforced_until = MAX (s->reinforced_until, turn);
      if (decl->extended)
        {
          int dice = adm_ruleset_get_dice (self->ruleset, ADM_DICE_READINESS);
          gboolean passed;

          /* F-FORD-6: with a passed readiness check it lasts through the next turn. */
          if (!_adm_battle_readiness_check (self, ship, dice,
                                            adm_battle_ship_readiness (self, ship),
                                            "F-FORD-6", _("reinforcing shields through the "
                                                          "next turn"), &passed, error))
            return FALSE;
          s = _adm_battle_ship (self, ship);
          if (passed)
            s->reinforced_until = turn + 1;
          else
            s->failed_order_turn = turn;  /* F-BOARD-6 */
        }
      /* F-FORD-9: no other combat orders next turn; F-FORD-10: firepower halved. */
      s->no_orders_turn = s->reinforced_until + 1;
      s->halved_until = MAX (s->halved_until, s->reinforced_until);
      if (s->klass->special_shield)
        _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                            _("%s reinforces its special force shield: each damage is saved "
                              "on %d+ (F-FORD-8)."), s->name,
                            adm_ruleset_get_shield_save_on (self->ruleset));
      else
        _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                            _("%s reinforces its shields: they are doubled (F-FORD-7)."),
                            s->name);
    }
  return TRUE;
}

/* Targets */

/* Whether @other is an enemy of @s in action that @s's side has detected (F-FIRE-9). Hulks
 * are wrecks, not the nearest enemy a damaged crew must engage. */
static inline gboolean
engages (AdmBattle           *self,
         const AdmBattleShip *s,
         guint                other)
{
  const AdmBattleShip *o = _adm_battle_ship (self, other);

  return o->side != s->side && _adm_battle_ship_active (self, other) &&
         _adm_battle_detection (self, s->side, o->formation) != ADM_DETECTION_NONE;
}

/* The walk of nearest_enemy () over every ship: the first of the nearest, a later one only
 * when nearer by more than EPSILON. */
static int
nearest_of (AdmBattle *self,
            guint      ship)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  double best_distance = G_MAXDOUBLE;
  int best = -1;

  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      double d;

      if (!engages (self, s, i))
        continue;
      d = adm_distance (s->position, _adm_battle_ship (self, i)->position);
      if (d < best_distance - EPSILON)
        {
          best_distance = d;
          best = i;
        }
    }
  return best;
}

/* nearest_of () walked over only the ships close enough to be the one it picks, found in the
 * cache's grid in squares growing around @ship: those within NEAR_BAND of the nearest
 * distance. A ship farther than that never holds the walk's best when one of these comes
 * (each is nearer by more than EPSILON), so the walk over these alone, in increasing order,
 * gives the same ship, @best, however large the square that holds them all. FALSE when there
 * is no cache, or a ship lies so close to the band's edge that it might count (then the caller
 * walks them all). @hint, an enemy @ship may engage (or -1), is no farther than the nearest:
 * the first square reaches it, and then holds the band (one look in the grid, not
 * a square too small and then a larger one). */
#define NEAR_BAND 1e-3

static gboolean
nearest_in_grid (AdmBattle *self,
                 guint      ship,
                 int        hint,
                 int       *best)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  double reach = 8.0;

  if (hint >= 0 && engages (self, s, hint))
    reach = MAX (reach, adm_distance (s->position, _adm_battle_ship (self, hint)->position) +
                          NEAR_BAND + 4 * EPSILON);

  for (;;)
    {
      gboolean every_ship;
      guint n_near, n = 0;
      const guint *near = _adm_battle_cache_ships_in_box (self, s->position.x - reach,
                                                          s->position.y - reach,
                                                          s->position.x + reach,
                                                          s->position.y + reach, &every_ship,
                                                          &n_near);
      double nearest = G_MAXDOUBLE, best_distance = G_MAXDOUBLE;
      /* Each ship's distance, or -1 when it is not engaged: worked out once for both walks
       * below, and then the candidates' in front, by index, with their ships (no
       * array to push them onto). */
      double stack[64];
      guint stack_ships[64];
      g_autofree double *heap = NULL;
      g_autofree guint *heap_ships = NULL;
      double *distance;
      guint *ships;

      if (near == NULL)
        return FALSE;
      distance = n_near <= G_N_ELEMENTS (stack) ? stack : (heap = g_new (double, n_near));
      ships = n_near <= G_N_ELEMENTS (stack) ? stack_ships
                                             : (heap_ships = g_new (guint, n_near));
      for (guint k = 0; k < n_near; k++)
        {
          distance[k] = engages (self, s, near[k])
                          ? adm_distance (s->position, _adm_battle_ship (self, near[k])->position)
                          : -1.0;
          if (!(distance[k] < 0.0))
            nearest = MIN (nearest, distance[k]);
        }
      /* Unless every ship within the band lies inside the square, a larger one. */
      if (!every_ship && nearest + NEAR_BAND + 4 * EPSILON > reach)
        {
          reach *= 2;
          continue;
        }
      /* The candidates in the walk's order: by index (the grid lists them cell by cell).
       * Each goes at n at most, behind the k read: the distances are packed in place. */
      for (guint k = 0; k < n_near; k++)
        {
          double d = distance[k];
          guint j;

          if (d < 0.0)
            continue;
          if (fabs (d - (nearest + NEAR_BAND)) <= 4 * EPSILON)
            return FALSE;
          if (!(d <= nearest + NEAR_BAND))
            continue;
          for (j = n++; j > 0 && ships[j - 1] > near[k]; j--)
            {
              ships[j] = ships[j - 1];
              distance[j] = distance[j - 1];
            }
          ships[j] = near[k];
          distance[j] = d;
        }
      *best = -1;
      for (guint j = 0; j < n; j++)
        if (distance[j] < best_distance - EPSILON)
          {
            best_distance = distance[j];
            *best = ships[j];
          }
      return TRUE;
    }
}

/* The nearest enemy ship in action that @ship's side has detected (F-FIRE-9); @hint, when not
 * -1, a ship that may be one (its target), to look no farther than. */
static int
nearest_enemy (AdmBattle *self,
               guint      ship,
               int        hint)
{
  int best;

  /* In a fire phase the cache's grid finds the few that can be nearest. */
  if (nearest_in_grid (self, ship, hint, &best))
    return best;
  return nearest_of (self, ship);
}

/* F-FIRE-9: whether @ship splits its fire this phase among several targets. */
static gboolean
splits_fire (AdmBattle *self,
             guint      ship)
{
  const char *first = NULL;
  gboolean splits;

  if (self->orders == NULL)
    return FALSE;
  /* In a fire phase the cache has read the declarations once (adm-battle-cache.c). */
  if (_adm_battle_cache_splits_fire (self, ship, &splits))
    return splits;
  for (guint i = 0; i < self->orders->fires->len; i++)
    {
      AdmFireDecl *decl = g_ptr_array_index (self->orders->fires, i);

      for (guint w = 0; w < decl->ships->len; w++)
        if (g_strcmp0 (g_ptr_array_index (decl->ships, w), _adm_battle_ship (self, ship)->id) == 0)
          {
            if (first == NULL)
              first = decl->target;
            else if (g_strcmp0 (first, decl->target) != 0)
              return TRUE;
          }
    }
  return FALSE;
}

/* adm_distance (@from, @to) <= @radius. hypot () is never below either difference of the
 * coordinates, so a point farther than @radius along either axis is out without it: most
 * markers near a line of fire are nowhere near its ends. */
static inline gboolean
within (AdmPoint from,
        AdmPoint to,
        double   radius)
{
  if (fabs (to.x - from.x) > radius || fabs (to.y - from.y) > radius)
    return FALSE;
  return adm_distance (from, to) <= radius;
}

/* Line of fire (F-ART-10, F-CAT-4): @blocked gets a hulk in the way ("explosions-and-hulks"),
 * @behind whether the line crosses an explosion marker. */
static void
line_of_fire (AdmBattle *self,
              guint      firer,
              guint      target,
              int       *blocked,
              gboolean  *behind)
{
  AdmPoint a = _adm_battle_ship (self, firer)->position;
  AdmPoint b = _adm_battle_ship (self, target)->position;
  /* "explosions-and-hulks", asked when a hulk is in the way (-1: not yet). */
  int hulks_block = -1;
  const guint *near;
  guint n_near, first_new = 0, n_markers;
  /* The box around the line, and what adm_segment_meets_circle () allows for rounding past a
   * marker's radius (its slack, 1e-9 of the squares, and the rounding of the point of the line
   * nearest the marker) with room to spare: a marker farther out from the box along either
   * axis is clear of the line. Most markers the cache names near a line are. */
  double left = MIN (a.x, b.x), right = MAX (a.x, b.x), bottom = MIN (a.y, b.y),
         top = MAX (a.y, b.y);
  double slack = 1e-6 * (1.0 + fabs (a.x) + fabs (a.y) + fabs (b.x) + fabs (b.y));

  *blocked = -1;
  /* In a fire phase the cache names the markers near the line, and those placed since it
   * began (adm-battle-cache.c); any one the line passes behind shifts the column. The
   * markers are read in place: none is placed while a line is looked along. */
  near = _adm_battle_cache_markers_near (self, a, b, &n_near, &first_new);
  n_markers = self->state->markers->len;
  for (guint k = 0; k < (near != NULL ? n_near + n_markers - first_new : n_markers) && !*behind;
       k++)
    {
      guint i = near == NULL ? k : k < n_near ? near[k] : first_new + (k - n_near);
      const AdmBattleMarker *marker = &g_array_index (self->state->markers, AdmBattleMarker, i);
      double reach = marker->diameter / 2 * (1.0 + 1e-6) + slack;

      if (marker->position.x < left - reach || marker->position.x > right + reach ||
          marker->position.y < bottom - reach || marker->position.y > top + reach)
        continue;
      /* A marker under the firer or the target (its own wreck's, say) is not one the shot
       * passes behind. */
      if (within (marker->position, a, marker->diameter / 2) ||
          within (marker->position, b, marker->diameter / 2))
        continue;
      if (adm_segment_meets_circle (a, b, marker->position, marker->diameter / 2))
        *behind = TRUE;
    }
  /* In a fire phase the cache names the hulks near the line (adm-battle-cache.c); the
   * last hulk in the ships' order is the one that blocks, as in the walk over all. */
  near = _adm_battle_cache_hulks_near (self, a, b, &n_near);
  for (guint k = 0; k < (near != NULL ? n_near : _adm_battle_n_ships (self)); k++)
    {
      guint i = near != NULL ? near[k] : k;
      const AdmBattleShip *s = _adm_battle_ship (self, i);

      if (i == firer || i == target ||
          (s->status != ADM_SHIP_DRIFTING_HULK && s->status != ADM_SHIP_BURNING_HULK) ||
          !adm_segment_meets_circle (a, b, s->position, _adm_battle_base_size (self, i) / 2))
        continue;
      if (hulks_block < 0)
        hulks_block = _adm_battle_ruling_is (self, "explosions-and-hulks",
                                             "markers-shift-hulks-block");
      if (hulks_block)
        *blocked = MAX (*blocked, (int) i);
      else
        *behind = TRUE;
    }
}

/* The rulings every attack asks about, read once for the phase or the preview rather
 * than by each attack: they do not change within a phase. */
typedef struct {
  const AdmRangeBands *range_bands; /* the ruleset's (F-ART-8, F-ART-9) */
  gboolean  less_than_half;    /* "half-range-boundary" less-than-half (F-ART-8) */
  gboolean  aspect_only;       /* "formation-target" aspect-only (F-FORM-18) */
  gboolean  reveals_presence;  /* "fire-reveals" presence (F-ECM-3) */
  gboolean  shields_first;     /* "shields-against-artillery" before-armour (F-WPN-7) */
  gboolean  station_orbital;   /* "station-target" orbital (F-ART-16) */
  gboolean  failed_hold;       /* "damaged-fire-check" hold (F-FIRE-9) */
} FireRulings;

static void
fire_rulings_read (AdmBattle   *self,
                   FireRulings *rulings)
{
  rulings->range_bands = adm_ruleset_get_range_bands (self->ruleset);
  rulings->less_than_half = _adm_battle_ruling_is (self, "half-range-boundary",
                                                   "less-than-half");
  rulings->aspect_only = _adm_battle_ruling_is (self, "formation-target", "aspect-only");
  rulings->reveals_presence = _adm_battle_ruling_is (self, "fire-reveals", "presence");
  rulings->shields_first = _adm_battle_ruling_is (self, "shields-against-artillery",
                                                  "before-armour");
  rulings->station_orbital = _adm_battle_ruling_is (self, "station-target", "orbital");
  rulings->failed_hold = _adm_battle_ruling_is (self, "damaged-fire-check", "hold");
}

/* The artillery table's target ids (F-ART-15): an aspect (AdmAspect) and "capital" or
 * "escort", known in advance rather than put together for each attack. */
static const char *const target_types[3][2] = {
  [ADM_ASPECT_APPROACHING] = { "approaching-capital", "approaching-escort" },
  [ADM_ASPECT_RECEDING] = { "receding-capital", "receding-escort" },
  [ADM_ASPECT_CROSSING] = { "crossing-capital", "crossing-escort" },
};

/* The artillery table's target id for @target seen from @firer (F-ART-2, F-ART-6, F-ART-15,
 * F-FORM-18), and when @description is given, the report's words for it ("approaching
 * capital ship"): put together once a phase for each aspect and category in @descriptions. */
static const char *
target_type (AdmBattle          *self,
             const FireRulings  *rulings,
             guint               firer,
             guint               target,
             char               *descriptions[][2],
             const char        **description)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  const AdmBattleFormation *formation = _adm_battle_formation (self, t->formation);
  guint reference = target;
  const AdmBattleShip *ref;
  AdmAspect aspect;
  AdmCategory category;

  /* F-FORM-18 ("formation-target"): the formation is one target type, set by its flagship;
   * a hulk is fired on as itself. */
  if (t->status == ADM_SHIP_ACTIVE && formation->flagship >= 0 &&
      _adm_battle_ship_active (self, formation->flagship))
    reference = formation->flagship;
  ref = _adm_battle_ship (self, reference);
  /* F-ART-5, F-ART-6 as ruled: the target's own arcs give the aspect. F-ART-16: satellites
   * and torpedoes have no orientation; they are fired on with the F-STN and F-TORP rules. */
  aspect = adm_aspect_of_sector (
    adm_sector_of (ref->position, ref->heading, _adm_battle_ship (self, firer)->position));
  category = rulings->aspect_only ? t->klass->category : ref->klass->category;
  /* F-ART-16 ("station-target"): a station or platform has no orientation: the "Orbital"
   * column; or, as ruled otherwise, a capital ship's column by aspect (F-STN-2). */
  if (category == ADM_CATEGORY_STATION)
    {
      if (rulings->station_orbital)
        {
          if (description != NULL)
            *description = _("orbital target");
          return "orbital";
        }
      category = ADM_CATEGORY_CAPITAL;
    }
  /* F-ART-15: capital ships, and escorts; auxiliaries on the escorts' small base are fired on
   * as escorts ("auxiliary-target"). */
  g_assert ((guint) aspect < G_N_ELEMENTS (target_types));
  if (description != NULL)
    {
      char **known = &descriptions[aspect][category == ADM_CATEGORY_CAPITAL ? 0 : 1];

      if (*known == NULL)
        *known = _adm_battle_target_words (aspect, category == ADM_CATEGORY_CAPITAL);
      *description = *known;
    }
  return target_types[aspect][category == ADM_CATEGORY_CAPITAL ? 0 : 1];
}

/* Shields */

/* The shield blocks @ship has left for @t: none unless it is on @t's side and in action, and
 * none from a captured ship (F-BOARD-15 as ruled: it lends its old side none, and the pool
 * does not count it, _adm_battle_ship_shield_pool ()). Its capacity does not change as its
 * blocks are used. */
static int
shields_left (AdmBattle           *self,
              const AdmBattleShip *t,
              guint                ship)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  int capacity;

  if (s->side != t->side || s->status != ADM_SHIP_ACTIVE || (s != t && s->captured_by >= 0))
    return 0;
  capacity = _adm_battle_ship_shields (self, ship);
  if (s->reinforced_until >= self->state->turn && !s->klass->special_shield)
    capacity *= 2;
  return MAX (0, capacity - s->shields_used);
}

/* Whether @ship, on @target's side and in action, has a shield block left for it. */
static gboolean
lends_shield (AdmBattle *self,
              guint      target,
              guint      ship)
{
  return shields_left (self, _adm_battle_ship (self, target), ship) > 0;
}

/* use_shields () with the pool's ships as the cache lists them, in the walk's order. Each block
 * goes to the first ship in that order with a block left, and using a block changes no other
 * ship's shields: so the ships give what they can each in turn — the same blocks from the
 * same ships as a walk for each block. */
static int
use_pool_shields (AdmBattle   *self,
                  guint        target,
                  const guint *order,
                  guint        n_members,
                  int          blocks)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  int used = 0;

  for (guint k = 0; k < n_members && blocks > 0; k++)
    {
      int given = MIN (blocks, shields_left (self, t, order[k]));

      if (given <= 0)
        continue;
      _adm_battle_ship (self, order[k])->shields_used += given;
      blocks -= given;
      used += given;
    }
  return used;
}

/* Uses up @blocks of @target's pool, from the ships the pool counts (shields_left ());
 * returns how many it found. */
static int
use_shields (AdmBattle *self,
             guint      target,
             int        blocks)
{
  AdmBattleShip *t = _adm_battle_ship (self, target);
  const guint *members = NULL;
  guint n_members = 0;
  int used = 0;

  /* F-SHLD-4: only direct fire uses shields up; torpedo and boarding attacks never come
   * here. F-SHLD-5 ("shield-pool") and F-FORD-12 (a reinforced ship covering a touching
   * one): the target's own shields first, then the others' of its pool;
   * the pool's sum is what adm_battle_ship_shield_pool counts. In a fire phase the cache
   * lists the pool's ships (adm-battle-cache.c). Using shields up changes no formation's
   * command and moves nothing, so the list holds for every block. */
  if (blocks > 0)
    members = _adm_battle_cache_pool_ships (self, target, &n_members);
  if (members != NULL)
    return use_pool_shields (self, target, members, n_members, blocks);
  while (blocks > 0)
    {
      int best = -1;

      for (guint i = 0; i < _adm_battle_n_ships (self) && best < 0; i++)
        {
          guint ship = i == 0 ? target : (i == target ? 0 : i);
          AdmBattleShip *s = _adm_battle_ship (self, ship);

          if (!lends_shield (self, target, ship))
            continue;
          if (ship != target &&
              !(s->formation == t->formation &&
                _adm_battle_formation (self, t->formation)->command) &&
              !adm_bases_touch (s->position, _adm_battle_base_size (self, ship), t->position,
                                _adm_battle_base_size (self, target)))
            continue;
          best = ship;
        }
      if (best < 0)
        return used;
      _adm_battle_ship (self, best)->shields_used++;
      blocks--;
      used++;
    }
  return used;
}

void
_adm_battle_use_shields (AdmBattle *self,
                         guint      target,
                         int        blocks)
{
  use_shields (self, target, blocks);
}

/* Rolls @dice d6 hitting on @hit_on, re-rolling the misses once under target lock (F-FORD-2,
 * "target-lock"); @shown gets the dice as rolled. The purposes name the attack by its line so
 * far, @what, @about its ships. */
static gboolean
roll_hits (AdmBattle    *self,
           int           dice,
           int           hit_on,
           gboolean      lock,
           const char   *clause,
           GString      *what,
           AdmAbout      about,
           int          *hits,
           GString      *shown,
           GError      **error)
{
  guint buffer[64];
  g_autofree guint *allocated = NULL;
  guint *values = buffer;
  int first, misses;

  *hits = 0;
  if (dice <= 0)
    return TRUE;
  /* No allocation for an attack's dice but the largest. */
  if ((gsize) dice > G_N_ELEMENTS (buffer))
    values = allocated = g_new0 (guint, dice);
  if (!_adm_battle_roll (self, about, dice, 6, clause, values, error, _("%s, %d+ to hit"),
                         what->str, hit_on))
    return FALSE;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, hit_on, NULL);
  _adm_battle_roll_kind (self, ADM_ROLL_KIND_HIT);
  first = (int) adm_roll_check_count_at_least (values, dice, MAX (hit_on, 0), shown);
  *hits = first;
  misses = dice - first;
  if (lock && misses > 0)
    {
      if (!_adm_battle_roll (self, about, misses, 6, "F-FORD-2", values, error,
                             _("%s, target lock re-roll of %d misses"),
                             what->str, misses))
        return FALSE;
      _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, hit_on, NULL);
      _adm_battle_roll_kind (self, ADM_ROLL_KIND_HIT);
      g_string_append (shown, _("; re-rolled"));
      g_string_append_c (shown, ' ');
      *hits += (int) adm_roll_check_count_at_least (values, misses, MAX (hit_on, 0), shown);
    }
  return TRUE;
}

int
adm_battle_ship_shield_save_on (AdmBattle *self,
                                guint      ship)
{
  const AdmBattleShip *t;

  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  g_return_val_if_fail (ship < self->state->ships->len, 0);
  t = _adm_battle_ship (self, ship);
  return adm_special_shield_save_on (t->klass->special_shield, t->status == ADM_SHIP_ACTIVE,
                                     t->reinforced_until, self->state->turn,
                                     adm_ruleset_get_shield_save_on (self->ruleset));
}

/* The shield blocks that meet direct fire at @target (F-SHLD-1). F-CAT-7: a hulk has no
 * shields, and its formation's or neighbours' shields do not cover it either: the pool a
 * hulk would be counted into belongs to ships in action. */
static int
target_shields (AdmBattle *self,
                guint      target)
{
  return _adm_battle_ship_active (self, target) ? _adm_battle_ship_shield_pool (self, target)
                                                : 0;
}

/* F-FORD-8: a reinforced special force shield saves each damage point on the ruleset's
 * number and above, torpedo hits included. */
gboolean
_adm_battle_special_save (AdmBattle  *self,
                          guint       ship,
                          int        *damage,
                          GString    *line,
                          GError    **error)
{
  const AdmBattleShip *t = _adm_battle_ship (self, ship);
  int save_on = adm_battle_ship_shield_save_on (self, ship);
  g_autofree guint *values = NULL;
  int saved = 0;

  if (*damage <= 0 || save_on == 0)
    return TRUE;
  values = g_new0 (guint, *damage);
  if (!_adm_battle_roll (self, ADM_ABOUT_SHIP (ship), *damage, 6, "F-FORD-8", values, error,
                         _("special force shield of %s, %d+ saves"), t->name, save_on))
    return FALSE;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_EACH_AT_LEAST, save_on, NULL);
  saved = (int) adm_roll_check_count_at_least (values, *damage, save_on, NULL);
  *damage -= saved;
  g_string_append_printf (line, _(", %d saved by the special force shield"), saved);
  return TRUE;
}

/* Resolves one weapon kind's share of an attack: @dice d6 at @target, reported as the rest of
 * @line, which is @about the firing ships and the target. */
static gboolean
resolve_hits (AdmBattle     *self,
              guint          target,
              int            dice,
              int            hit_on,
              gboolean       shields_first,
              gboolean       lock,
              int            critical_on,
              const char    *clause,
              const char    *critical_clause,
              const char    *fewer,
              GString       *line,
              AdmAbout       about,
              GString       *shown,
              GError       **error)
{
  int hits = 0, blocked = 0, damage, pool = 0, used;
  g_autoptr(GString) note = NULL;
  g_autoptr(AdmFireOdds) odds = NULL;
  guint first_roll = self->rolls->len;
  gboolean ok;

  g_string_truncate (shown, 0);
  /* F-WPN-7 ("shields-against-artillery" before-armour): shields cancel table dice. */
  if (shields_first)
    {
      pool = target_shields (self, target);
      blocked = MIN (pool, dice);
      dice -= blocked;
    }
  /* The master's prompt says why fewer dice are asked than the table would give: @fewer
   * (halving, column shifts) and F-WPN-7's cancelled dice, each with its clause. */
  if ((blocked > 0 || fewer != NULL) && dice > 0)
    {
      note = g_string_new (fewer);
      if (blocked > 0 && fewer != NULL)
        /* Translators: after the reasons, the dice left, then those the shields cancel */
        g_string_append_printf (note, _(": %d; %d cancelled by shields (F-WPN-7)"),
                                dice + blocked, blocked);
      else if (blocked > 0)
        g_string_append_printf (note, ngettext ("%d die, %d cancelled by shields (F-WPN-7)",
                                                "%d dice, %d cancelled by shields (F-WPN-7)",
                                                dice + blocked), dice + blocked, blocked);
      /* Translators: the reasons for fewer dice, then the dice to roll */
      g_string_append_printf (note, _(": roll %d"), dice);
    }
  self->dice_note = note != NULL ? note->str : NULL;
  /* The luck ledger's expected damage: the engine's odds of these dice against the shields
   * and the save as they stand before the roll (the dice the shields cancel already gone). */
  if (dice > 0 && dice <= ADM_DICE_MAX_COUNT)
    odds = adm_fire_odds_compute (&(AdmFireOddsInput) {
                                    .dice = dice,
                                    .hit_on = hit_on,
                                    .shields = shields_first ? 0 : target_shields (self, target),
                                    .order = ADM_SHIELDS_AFTER_ARMOUR,
                                    .reroll = lock,
                                    .save_on = adm_battle_ship_shield_save_on (self, target),
                                    .critical_on = critical_on });
  ok = roll_hits (self, dice, hit_on, lock, clause, line, about, &hits, shown, error);
  self->dice_note = NULL;
  if (!ok)
    return FALSE;
  g_string_append_printf (line, ngettext (": %d die (%s) at %d+", ": %d dice (%s) at %d+",
                                          dice + blocked),
                          dice + blocked, shown->len > 0 ? shown->str : "-", hit_on);
  g_string_append_printf (line, ngettext (" — %d hit", " — %d hits", hits), hits);
  /* F-SHLD-1, F-DES-2: each shield blocks one damage in this fire phase; the pool, which
   * rolling leaves as it was, is counted only when something hits. */
  if (!shields_first && hits > 0)
    {
      pool = target_shields (self, target);
      blocked = MIN (pool, hits);
    }
  damage = shields_first ? hits : hits - blocked;
  if (blocked > 0)
    g_string_append_printf (line, shields_first ? _(", %d dice cancelled by shields")
                                                : _(", %d absorbed by shields"), blocked);
  used = use_shields (self, target, blocked);
  /* F-SHLD-2: once the pool is used up the generators shut down until next turn. The pool
   * is what its ships have left, and nothing but the blocks just used changed since it was
   * counted, each taken from a ship it counts. So it is empty now exactly when all of it was
   * used (not counted again). */
  if (blocked > 0 && blocked == pool && used == blocked)
    g_string_append (line, _(", shields down"));
  if (!_adm_battle_special_save (self, target, &damage, line, error))
    return FALSE;
  g_string_append_printf (line, _(", %d damage."), damage);
  if (odds != NULL)
    _adm_battle_roll_damage (self, first_roll, target, damage, odds->expected_damage);
  _adm_battle_report (self, about, "%s", line->str);
  return _adm_battle_inflict (self, target, damage, critical_on, critical_clause, error);
}

/* What batteries firing together at one target add up to, before the dice (F-ART-3):
 * worked out alike for the phase and for the preview. */
typedef struct {
  int       firer;          /* the first battery's ship that fires; -1: every line is blocked */
  int       artillery;      /* firepower, each battery's halved as the orders say */
  int       destructors;
  int       artillery_full; /* the same before halving */
  int       destructors_full;
  gboolean  any_artillery;
  gboolean  any_destructor;
  int       shortest;       /* the shortest range of the artillery batteries */
  double    farthest;       /* the farthest artillery battery from the target */
  gboolean  behind;         /* F-ART-10: a line passes behind a marker or a hulk */
  gboolean  lock;           /* F-FORD-2: the firing ship has target lock */
} Volley;

/* Adds up @batteries at @target, setting each one's @blocked (F-CAT-4). */
static void
volley_sum (AdmBattle *self,
            Batteries *batteries,
            guint      target,
            Volley    *v)
{
  /* The line of fire of the last ship looked along: its batteries fire together (F-ART-3),
   * and nothing on the table changes while they are added up, so one look serves them all. */
  int line_ship = -1, line_blocked = -1;
  gboolean line_behind = FALSE;

  *v = (Volley) { .firer = -1, .shortest = G_MAXINT, .lock = TRUE };
  for (guint i = 0; i < batteries->len; i++)
    {
      Battery *b = &batteries->at[i];
      const AdmWeapon *weapon = battery_weapon (self, b);
      /* F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10, F-ORB-2 (a change of orbit): halved, then
       * rounded per "halved-firepower". */
      int firepower = _adm_battle_fire_halved (self, b->ship)
                        ? adm_ruleset_halve_firepower (self->ruleset, weapon->firepower)
                        : weapon->firepower;
      gboolean battery_behind;

      if ((int) b->ship != line_ship)
        {
          line_ship = b->ship;
          line_behind = FALSE;
          line_of_fire (self, b->ship, target, &line_blocked, &line_behind);
        }
      b->blocked = line_blocked;
      battery_behind = line_behind;
      if (b->blocked >= 0)
        continue;
      v->behind |= battery_behind;
      if (v->firer < 0)
        v->firer = b->ship;
      v->lock &= _adm_battle_ship (self, b->ship)->target_lock;
      if (weapon->type == ADM_WEAPON_DESTRUCTOR)
        {
          v->any_destructor = TRUE;
          v->destructors += firepower;
          v->destructors_full += weapon->firepower;
        }
      else
        {
          /* F-ART-3: batteries at one target add their firepower; as ruled, the combined
           * batteries use the shortest range among them. */
          v->any_artillery = TRUE;
          v->artillery += firepower;
          v->artillery_full += weapon->firepower;
          v->shortest = MIN (v->shortest, weapon->range);
          v->farthest = MAX (v->farthest, b->distance);
        }
    }
}

/* F-ART-3, F-FIRE-5: combined artillery batteries fire at the shortest range among them. */
static gboolean
volley_check_range (AdmBattle     *self,
                    const Volley  *v,
                    guint          target,
                    int            line_no,
                    GError       **error)
{
  if (v->any_artillery && v->farthest > v->shortest + EPSILON)
    {
      _adm_battle_illegal (self, error, line_no,
                           _("batteries firing together use their shortest range, %d cm, and "
                             "%s is %.1f cm away (F-ART-3, F-FIRE-5)"), v->shortest,
                           _adm_battle_ship (self, target)->name, v->farthest);
      return FALSE;
    }
  return TRUE;
}

/* F-ART-1: within range and arcs, checked per battery; F-ART-7: modifiers are column shifts,
 * F-ART-8 ("half-range-boundary"), F-ART-9, F-ART-10 (adm_art_8_range_shift ()). */
static int
volley_shift (const FireRulings *rulings,
              const Volley      *v,
              gboolean          *half,
              gboolean          *long_range)
{
  return adm_art_8_range_shift (v->farthest, v->shortest, rulings->range_bands,
                                rulings->less_than_half, v->behind, half, long_range);
}

/* What a fire phase's declarations and attacks gather and write into, kept the phase long
 * and emptied for each one rather than allocated again for each. An attack's lines,
 * its artillery's and its destructors', are built in parts, from the names of the batteries. */
typedef struct {
  guint     ship;
  gboolean  passed;
} ShipCheck;

typedef struct {
  Batteries     declared, batteries, failed, own, one;
  ShipCheck    *checked;         /* F-FIRE-9: the ships of a declaration checked, and how */
  guint         n_checked, checked_size;
  GString      *shown;
  GString      *artillery, *destructors;
  char         *descriptions[G_N_ELEMENTS (target_types)][2];  /* target_type () */
  FireRulings   rulings;
} FireBuffers;

static void
fire_buffers_init (AdmBattle   *self,
                   FireBuffers *buffers)
{
  *buffers = (FireBuffers) { .checked = NULL };
  fire_rulings_read (self, &buffers->rulings);
  buffers->shown = g_string_sized_new (128);
  buffers->artillery = g_string_sized_new (256);
  buffers->destructors = g_string_sized_new (256);
}

static void
fire_buffers_clear (FireBuffers *buffers)
{
  batteries_clear (&buffers->declared);
  batteries_clear (&buffers->batteries);
  batteries_clear (&buffers->failed);
  batteries_clear (&buffers->own);
  batteries_clear (&buffers->one);
  g_free (buffers->checked);
  g_string_free (buffers->shown, TRUE);
  g_string_free (buffers->artillery, TRUE);
  g_string_free (buffers->destructors, TRUE);
  for (guint a = 0; a < G_N_ELEMENTS (buffers->descriptions); a++)
    for (guint c = 0; c < 2; c++)
      g_free (buffers->descriptions[a][c]);
}

/* Why the artillery table gives @dice rather than what the batteries' whole firepower would
 * give without the columns shifted right: halving (F-FORD-10) and F-ART-9, F-ART-10; NULL
 * when it gives no fewer. */
static char *
artillery_fewer (AdmBattle    *self,
                 const Volley *v,
                 const char   *type,
                 gboolean      half,
                 gboolean      long_range,
                 int           dice)
{
  g_autoptr(GString) text = NULL;
  int base = 0, column = 0;

  if (!adm_ruleset_artillery_dice (self->ruleset, v->artillery_full, type, half ? -1 : 0,
                                   &base, &column, NULL) || dice >= base)
    return NULL;
  /* "6 dice; firepower 6 halved to 3 (…), long range, one column right (F-ART-9)" */
  text = g_string_new (NULL);
  g_string_append_printf (text, ngettext ("%d die;", "%d dice;", base), base);
  if (v->artillery < v->artillery_full)
    g_string_append_printf (text, _(" firepower %d halved to %d (F-MOVE-15, F-MOVE-16, "
                                    "F-MOVE-17, F-FORD-10, F-ORB-2),"), v->artillery_full, v->artillery);
  if (long_range)
    g_string_append (text, _(" long range, one column right (F-ART-9),"));
  if (v->behind)
    g_string_append (text, _(" behind an explosion marker, one column right (F-ART-10),"));
  g_string_truncate (text, text->len - 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
attack (AdmBattle   *self,
        Batteries   *batteries,
        guint        target,
        int          line_no,
        FireBuffers *buffers,
        GError     **error)
{
  const Battery *first = &batteries->at[0];
  AdmBattleShip *t = _adm_battle_ship (self, target);
  guint attacker = _adm_battle_ship (self, first->ship)->formation;
  Volley v;
  GString *names = buffers->artillery;
  GString *destructor_names = buffers->destructors;
  /* The ships each kind's line names, and its target. */
  g_autoptr(GArray) artillery_about = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) destructor_about = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 target_subject = ADM_SUBJECT_SHIP_OF (target);
  guint n_names = 0, n_destructor_names = 0, report_from, rolls_from;
  const char *type, *aspect;
  AdmDetection level;

  g_string_truncate (names, 0);
  g_string_truncate (destructor_names, 0);
  volley_sum (self, batteries, target, &v);
  for (guint i = 0; i < batteries->len; i++)
    {
      const Battery *b = &batteries->at[i];
      const AdmWeapon *weapon = battery_weapon (self, b);

      if (b->blocked >= 0)
        {
          /* F-CAT-4: a drifting or burning hulk blocks the line of fire. Like a battery
           * knocked out (F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12), the battery holds its fire
           * rather than voiding the phase: the hulk may have been wrecked earlier in this phase
           * (F-SEQ-2) or have drifted into the line in this turn's movement (F-CAT-10), after the
           * orders were written, and the dice already rolled in this phase stand. */
          _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SHIP_OF (b->blocked),
                                               ADM_SUBJECT_SHIP_OF (b->ship),
                                               ADM_SUBJECT_SHIP_OF (target)),
                              _("The hulk of %s blocks the line of fire from %s to %s "
                                "(F-CAT-4): %s's %s holds its fire."),
                              _adm_battle_ship_name (self, b->blocked),
                              _adm_battle_ship_name (self, b->ship), t->name,
                              _adm_battle_ship_name (self, b->ship), weapon->name);
          continue;
        }
      _adm_battle_ship (self, b->ship)->fired |= 1u << b->weapon;
      if (weapon->type == ADM_WEAPON_DESTRUCTOR)
        {
          if (n_destructor_names++ > 0)
            g_string_append (destructor_names, ", ");
          /* Translators: a ship's weapon, "Vorberg's Main battery" */
          g_string_append_printf (destructor_names, _("%s's %s"),
                                  _adm_battle_ship_name (self, b->ship), weapon->name);
          g_array_append_val (destructor_about, (guint32) { ADM_SUBJECT_SHIP_OF (b->ship) });
        }
      else
        {
          if (n_names++ > 0)
            g_string_append (names, ", ");
          /* Translators: a ship's weapon, "Vorberg's Main battery" */
          g_string_append_printf (names, _("%s's %s"), _adm_battle_ship_name (self, b->ship),
                                  weapon->name);
          g_array_append_val (artillery_about, (guint32) { ADM_SUBJECT_SHIP_OF (b->ship) });
        }
    }
  g_array_append_val (artillery_about, target_subject);
  g_array_append_val (destructor_about, target_subject);
  /* Every battery held its fire (F-CAT-4): no attack. */
  if (v.firer < 0)
    return TRUE;
  report_from = self->report->len;
  rolls_from = self->rolls->len;
  if (!volley_check_range (self, &v, target, line_no, error))
    return FALSE;

  /* F-ECM-3 ("fire-reveals"): opening fire detects the firing formation. */
  level = buffers->rulings.reveals_presence
            ? ADM_DETECTION_PRESENCE : ADM_DETECTION_FULL;
  for (guint side = 0; side < self->sides->len; side++)
    if (side != _adm_battle_formation (self, attacker)->side &&
        _adm_battle_detection (self, side, attacker) < level)
      _adm_battle_set_detection (self, side, attacker, level);
  /* F-FIRE-11: remember the attack for return fire. */
  {
    AdmAttack record = { attacker, t->formation };
    g_array_append_val (self->state->attacks, record);
  }

  type = target_type (self, &buffers->rulings, v.firer, target, buffers->descriptions, &aspect);
  /* F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10: halving may leave nothing to fire; say so. */
  if ((v.any_artillery && v.artillery == 0) || (v.any_destructor && v.destructors == 0))
    _adm_battle_report (self, ADM_ABOUT_ARRAY (v.artillery == 0 && v.any_artillery
                                               ? artillery_about : destructor_about),
                        _("%s: firepower halved to nothing, no dice at %s."),
                        (v.artillery == 0 && v.any_artillery ? names : destructor_names)->str,
                        t->name);
  if (v.any_artillery && v.artillery > 0)
    {
      GString *line = names;
      g_autofree char *batteries_named = NULL;
      g_autoptr(GError) table_error = NULL;
      g_autofree char *fewer = NULL;
      int dice = 0, column = 0, shift;
      gboolean shields_first, half, long_range;

      shift = volley_shift (&buffers->rulings, &v, &half, &long_range);
      /* F-ART-2, F-ART-4, F-ART-11: the artillery table. */
      if (!adm_ruleset_artillery_dice (self->ruleset, v.artillery, type, shift, &dice, &column,
                                       &table_error))
        {
          _adm_battle_illegal (self, error, line_no, "%s", table_error->message);
          return FALSE;
        }
      /* The batteries' names go where the translation puts them. */
      batteries_named = g_strdup (names->str);
      g_string_printf (line, _("%s, firepower %d at %s %s, %.1f cm"), batteries_named,
                       v.artillery, aspect, t->name, v.farthest);
      /* The report says "half range" only when the shift was made ("half-range-boundary"
       * less-than-half: not at exactly half). */
      if (half)
        g_string_append (line, _(", half range"));
      if (long_range)
        g_string_append (line, _(", long range"));
      if (v.behind)
        g_string_append (line, _(", behind an explosion marker"));
      g_string_append_printf (line, _(", column %d"), column);
      shields_first = buffers->rulings.shields_first;
      fewer = artillery_fewer (self, &v, type, half, long_range, dice);
      /* F-ART-12: each die at or above the armour is a hit (F-CAT-8: a hulk keeps its
       * armour); F-ART-13: criticals on the ruleset's number. */
      if (!resolve_hits (self, target, dice, t->klass->armour, shields_first, v.lock,
                         adm_ruleset_get_critical_on (self->ruleset,
                                                      ADM_CRITICAL_SOURCE_ARTILLERY),
                         "F-ART-11",
                         adm_ruleset_get_critical_clause (self->ruleset,
                                                          ADM_CRITICAL_SOURCE_ARTILLERY),
                         fewer, line, ADM_ABOUT_ARRAY (artillery_about),
                         buffers->shown, error))
        return FALSE;
    }
  t = _adm_battle_ship (self, target);
  if (v.destructors > 0 && t->status != ADM_SHIP_DESTROYED)
    {
      GString *line = destructor_names;
      g_autofree char *batteries_named = g_strdup (destructor_names->str);
      g_autofree char *fewer = v.destructors < v.destructors_full
                                 ? _adm_battle_halved_reason (v.destructors_full,
                                                              v.destructors)
                                 : NULL;

      g_string_printf (line, _("%s, firepower %d at %s"), batteries_named, v.destructors,
                       t->name);
      /* F-DES-1, F-DES-2, F-WPN-2, F-WPN-3: one d6 per firepower point, the ruleset's number
       * hits whatever the armour, shields still block; F-DES-3, F-WPN-4: criticals on the
       * ruleset's number. */
      if (!resolve_hits (self, target, v.destructors,
                         adm_ruleset_get_destructor_hit_on (self->ruleset), FALSE, v.lock,
                         adm_ruleset_get_destructor_critical_on (self->ruleset), "F-DES-1",
                         "F-DES-3", fewer, line, ADM_ABOUT_ARRAY (destructor_about),
                         buffers->shown, error))
        return FALSE;
    }
  /* F-ECM-4, F-STRAT-4: the firing side sees its own fire and dice, naming the target as far
   * as it knows it, even at a face-down token. */
  _adm_battle_fog_own_fire (self, report_from, rolls_from,
                            _adm_battle_formation (self, attacker)->side, target);
  return TRUE;
}

/* Finds the ship and weapon of battery @index of @decl; @ships, when not NULL, the indices of
 * its ships (_adm_battle_cache_fire_ships ()). */
static gboolean
find_battery (AdmBattle          *self,
              const AdmFireDecl  *decl,
              const int          *ships,
              guint               index,
              Battery            *battery,
              GError            **error)
{
  const char *ship_id = g_ptr_array_index (decl->ships, index);
  const char *weapon_id = g_ptr_array_index (decl->weapons, index);
  int ship = ships != NULL ? ships[1 + index] : adm_battle_ship_index (self, ship_id);
  const AdmBattleShip *s;

  *battery = (Battery) { .blocked = -1 };
  if (ship < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("there is no ship “%s” in this battle"),
                           ship_id);
      return FALSE;
    }
  s = _adm_battle_ship (self, ship);
  battery->ship = ship;
  for (guint w = 0; w < s->klass->weapons->len; w++)
    if (g_strcmp0 (((AdmWeapon *) g_ptr_array_index (s->klass->weapons, w))->id, weapon_id) == 0)
      return battery->weapon = w, TRUE;
  _adm_battle_illegal (self, error, decl->line, _("%s (%s) has no weapon “%s”"), s->name,
                       s->klass->name, weapon_id);
  return FALSE;
}

/* Checks that @battery may fire at @target now, and sets its distance, sector and status:
 * the phase, the preview and the list of targets all ask here. */
static gboolean
check_battery (AdmBattle  *self,
               int         line,
               Battery    *battery,
               guint       target,
               GError    **error)
{
  const AdmBattleShip *s = _adm_battle_ship (self, battery->ship);
  const AdmBattleShip *t = _adm_battle_ship (self, target);
  const AdmWeapon *weapon = battery_weapon (self, battery);

  battery->status = BATTERY_FIRES;
  /* F-ECM-2: an undetected formation is not on this side's table. */
  if (s->side != t->side &&
      _adm_battle_detection (self, s->side, t->formation) == ADM_DETECTION_NONE)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s has not detected %s and cannot fire at it (F-ECM-2)"),
                           adm_battle_get_side (self, s->side)->name,
                           _adm_battle_ship_name (self, target));
      return FALSE;
    }
  /* F-CAT-1: a wreck no longer fights; a ship lost earlier in this phase fires no more. */
  if (!_adm_battle_ship_active (self, battery->ship))
    {
      battery->status = BATTERY_OUT_OF_ACTION;
      return TRUE;
    }
  if (weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR)
    {
      /* F-FIRE-1, F-FIRE-2, F-FIRE-3: direct fire is artillery and destructors; torpedoes, singly
       * or as a formation's salvo (F-FORM-12, F-FORM-13), belong to the torpedo phase. */
      _adm_battle_illegal (self, error, line,
                           _("%s's %s is not a direct-fire weapon: torpedo attacks are declared "
                             "for the torpedo phase and mines detonate there (F-FIRE-3)"),
                           s->name, weapon->name);
      return FALSE;
    }
  if (s->fired & (1u << battery->weapon))
    {
      /* F-FIRE-12 ("return-fire"): a battery fires once per fire phase. */
      _adm_battle_illegal (self, error, line,
                           _("%s's %s has already fired in this fire phase (F-FIRE-12)"), s->name,
                           weapon->name);
      return FALSE;
    }
  /* F-TORP-15: guns that covered a ship against torpedoes last turn cannot fire this turn. */
  if (s->covering_turn == self->state->turn &&
      (s->covering_weapons & (1u << battery->weapon)))
    {
      _adm_battle_illegal (self, error, line,
                           _("%s's %s covered a ship against torpedoes last turn and cannot "
                             "fire in this turn's fire phase (F-TORP-15)"), s->name,
                           weapon->name);
      return FALSE;
    }
  /* F-FIRE-13 as ruled: centre to centre; F-FIRE-5: within the guns' range. */
  battery->distance = adm_distance (s->position, t->position);
  if (battery->distance > weapon->range + EPSILON)
    {
      _adm_battle_illegal (self, error, line,
                           _("%s is %.1f cm from %s, beyond the %d cm range of its %s "
                             "(F-FIRE-5)"), _adm_battle_ship_name (self, target),
                           battery->distance, s->name, weapon->range, weapon->name);
      return FALSE;
    }
  /* F-FIRE-6, F-FIRE-7: the target must be in one of the weapon's arcs. */
  battery->sector = adm_sector_of (s->position, s->heading, t->position);
  if (!(weapon->arcs & (1 << (battery->sector == ADM_SECTOR_BOW ? 0 :
                              battery->sector == ADM_SECTOR_STERN ? 1 :
                              battery->sector == ADM_SECTOR_PORT ? 2 : 3))))
    {
      g_autofree char *arcs = adm_arcs_to_string (weapon->arcs);

      _adm_battle_illegal (self, error, line,
                           _("%s is in the %s arc of %s, and its %s can fire only %s (F-FIRE-6)"),
                           _adm_battle_ship_name (self, target),
                           adm_sector_to_string (battery->sector), s->name, weapon->name, arcs);
      return FALSE;
    }
  /* F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12: a battery knocked out — perhaps earlier in this very
   * phase, after the orders were written — does not fire; the rest of the fire goes ahead. */
  if (!_adm_battle_weapon_works (self, battery->ship, battery->weapon, battery->sector))
    battery->status = BATTERY_KNOCKED_OUT;
  return TRUE;
}

static void
report_knocked_out (AdmBattle     *self,
                    const Battery *battery)
{
  const AdmBattleShip *s = _adm_battle_ship (self, battery->ship);
  const AdmWeapon *weapon = battery_weapon (self, battery);

  /* F-STN-8, F-STN-9: a station's knocked-out weapon fires nowhere until repaired. */
  if (_adm_battle_is_station (self, battery->ship))
    _adm_battle_report (self, ADM_ABOUT_SHIP (battery->ship),
                        _("%s's %s is knocked out: its critical damage is not "
                          "repaired (F-STN-8, F-STN-9)."), s->name, weapon->name);
  else
    _adm_battle_report (self, ADM_ABOUT_SHIP (battery->ship),
                        _("%s's %s cannot fire into its %s arc: critical damage "
                          "there is not repaired (F-CRIT-9, F-CRIT-10, F-CRIT-11, "
                          "F-CRIT-12)."), s->name, weapon->name, adm_sector_to_string (battery->sector));
}

/* Whether @battery can fire at @target now, its line of fire clear of hulks (F-CAT-4): for a
 * battery turned on the nearest enemy (F-FIRE-9) and for the list of targets. */
static gboolean
can_fire_at (AdmBattle *self,
             Battery   *battery,
             guint      target)
{
  gboolean behind = FALSE;

  if (!check_battery (self, 0, battery, target, NULL) || battery->status != BATTERY_FIRES)
    return FALSE;
  line_of_fire (self, battery->ship, target, &battery->blocked, &behind);
  return battery->blocked < 0;
}

/* F-FIRE-9, F-FIRE-10: whether @ship must pass a readiness check before firing at @target:
 * it has critical damage or more than half its hull lost («повреждения превышающие половину
 * очков живучести»: strictly more, unlike the "lost half" of F-CRIT-6 and F-BOARD-4), and
 * @target is not the nearest enemy or it splits its fire. */
static gboolean
needs_readiness_check (AdmBattle *self,
                       guint      ship,
                       guint      target)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  gboolean damaged = s->damage * 2 > s->klass->hull;

  /* The hull first, then the criticals until one is found (asked for every ship
   * that fires, most of them sound). */
  for (int c = 2; c < ADM_CRITICAL_RESULTS && !damaged; c++)
    damaged = s->criticals[c] > 0;
  if (!damaged)
    return FALSE;
  return nearest_enemy (self, ship, target) != (int) target || splits_fire (self, ship);
}

/* F-FIRE-9, F-FIRE-10: the readiness check of needs_readiness_check (). @ok is FALSE when it
 * fails. */
static gboolean
damaged_check (AdmBattle  *self,
               guint       ship,
               guint       target,
               gboolean   *ok,
               GError    **error)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmReadinessGrade *grade;
  int modifier;

  *ok = TRUE;
  if (!needs_readiness_check (self, ship, target))
    return TRUE;
  /* "fire-distribution-modifier": the F-FIRE-10 modifier replaces F-RDY-5's. */
  grade = adm_ruleset_readiness_grade (self->ruleset,
                                       MAX (0, s->base_readiness - s->readiness_loss));
  modifier = grade != NULL ? grade->fire_distribution_modifier : 0;
  return _adm_battle_readiness_check (self, ship,
                                      adm_ruleset_get_dice (self->ruleset, ADM_DICE_READINESS),
                                      adm_battle_ship_readiness (self, ship) + modifier,
                                      "F-FIRE-9", _("choosing its target while damaged"), ok,
                                      error);
}

/* The checks of @decl at @target that need no die, for the phase and the preview alike:
 * every battery (check_battery ()), all of one formation, at an enemy its side has
 * detected. @batteries gets them all in order, with their status; @attacker the firing
 * formation (-1: none). @ships as find_battery () reads it. */
static gboolean
check_decl (AdmBattle          *self,
            const AdmFireDecl  *decl,
            const int          *ships,
            guint               target,
            Batteries          *batteries,
            int                *attacker,
            GError            **error)
{
  const AdmBattleShip *t = _adm_battle_ship (self, target);

  *attacker = -1;
  for (guint i = 0; i < decl->ships->len; i++)
    {
      Battery battery;
      const AdmBattleShip *s;

      if (!find_battery (self, decl, ships, i, &battery, error) ||
          !check_battery (self, decl->line, &battery, target, error))
        return FALSE;
      s = _adm_battle_ship (self, battery.ship);
      if (*attacker < 0)
        *attacker = s->formation;
      if (s->formation != (guint) *attacker)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("only ships of one formation fire together; %s is not in %s"),
                               s->name, _adm_battle_formation (self, *attacker)->name);
          return FALSE;
        }
      if (s->side == t->side)
        {
          _adm_battle_illegal (self, error, decl->line, _("%s and %s are on the same side"),
                               s->name, t->name);
          return FALSE;
        }
      /* F-ECM-2: an undetected formation is not on this side's table: check_battery ()
       * refused it already. */
      batteries_push (batteries, &battery);
    }
  return TRUE;
}

static gboolean
check_return_fire (AdmBattle          *self,
                   const AdmFireDecl  *decl,
                   guint               attacker,
                   guint               target_formation,
                   GError            **error)
{
  AdmBattleFormation *formation = _adm_battle_formation (self, attacker);
  gboolean attacked = FALSE;

  if (!decl->is_return)
    return TRUE;
  /* F-FIRE-11: only at the formation that attacked it; F-FIRE-12: once per phase. */
  for (guint i = 0; i < self->state->attacks->len; i++)
    {
      const AdmAttack *a = &g_array_index (self->state->attacks, AdmAttack, i);

      attacked |= a->attacker == target_formation && a->target == attacker;
    }
  if (!attacked)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s may return fire only at a formation that fired on it in this "
                             "phase (F-FIRE-11)"), formation->name);
      return FALSE;
    }
  if (formation->returned_fire)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s has already returned fire in this phase (F-FIRE-12)"),
                           formation->name);
      return FALSE;
    }
  formation->returned_fire = TRUE;
  return TRUE;
}

/* The batteries of @batteries that belong to the ship of batteries[@first], in order, in
 * @own (emptied first). */
static void
ship_batteries_into (const Batteries *batteries,
                     guint            first,
                     Batteries       *own)
{
  guint ship = batteries->at[first].ship;

  own->len = 0;
  for (guint i = first; i < batteries->len; i++)
    if (batteries->at[i].ship == ship)
      batteries_push (own, &batteries->at[i]);
}

/* F-ART-3: «Если корабль обстреливает несколькими батареями одну и ту же цель, складывается
 * общая сумма огневой мощи» — the batteries of one ship add up; F-FIRE-4 «Выбрать корабль…
 * Выбрать следующую арт. систему данного корабля или следующий корабль»: the fire goes ship
 * by ship. A formation pools shields, turrets (F-FORM-19) and torpedo salvoes (F-FORM-12),
 * never artillery: a declaration naming several ships is one attack per ship, in the order
 * of their first battery, each with its own range, shifts and target lock. */
static gboolean
attack_each_ship (AdmBattle   *self,
                  Batteries   *batteries,
                  guint        target,
                  int          line_no,
                  FireBuffers *buffers,
                  GError     **error)
{
  for (guint i = 0; i < batteries->len; i++)
    {
      const Battery *b = &batteries->at[i];
      gboolean seen = FALSE;

      for (guint j = 0; j < i; j++)
        seen |= batteries->at[j].ship == b->ship;
      if (seen)
        continue;
      if (_adm_battle_ship (self, target)->status == ADM_SHIP_DESTROYED)
        {
          _adm_battle_report (self, ADM_ABOUT_SHIPS (target, b->ship),
                              _("%s is already destroyed; %s holds its fire."),
                              _adm_battle_ship_name (self, target),
                              _adm_battle_ship_name (self, b->ship));
          continue;
        }
      ship_batteries_into (batteries, i, &buffers->own);
      if (!attack (self, &buffers->own, target, line_no, buffers, error))
        return FALSE;
    }
  return TRUE;
}

/* F-FIRE-9: whether @ship passed its check of this declaration; FALSE when it has none yet. */
static gboolean
checked_before (const FireBuffers *buffers,
                guint              ship,
                gboolean          *passed)
{
  for (guint c = 0; c < buffers->n_checked; c++)
    if (buffers->checked[c].ship == ship)
      {
        *passed = buffers->checked[c].passed;
        return TRUE;
      }
  return FALSE;
}

static void
checked_push (FireBuffers *buffers,
              guint        ship,
              gboolean     passed)
{
  if (buffers->n_checked == buffers->checked_size)
    {
      buffers->checked_size = MAX (8, 2 * buffers->checked_size);
      buffers->checked = g_renew (ShipCheck, buffers->checked, buffers->checked_size);
    }
  buffers->checked[buffers->n_checked++] = (ShipCheck) { ship, passed };
}

/* Resolves the @nth declaration of the phase's orders. */
static gboolean
resolve_decl (AdmBattle    *self,
              guint         nth,
              FireBuffers  *buffers,
              GError      **error)
{
  AdmFireDecl *decl = g_ptr_array_index (self->orders->fires, nth);
  const int *ships = _adm_battle_cache_fire_ships (self, nth);
  int target = ships != NULL ? ships[0] : adm_battle_ship_index (self, decl->target);
  Batteries *declared = &buffers->declared;
  Batteries *batteries = &buffers->batteries;
  Batteries *failed = &buffers->failed;
  int attacker = -1;
  const AdmBattleShip *t;

  declared->len = batteries->len = failed->len = 0;
  /* The ships checked (F-FIRE-9) and whether they passed: a declaration names a few. */
  buffers->n_checked = 0;
  if (target < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("there is no ship “%s” in this battle"),
                           decl->target);
      return FALSE;
    }
  if (!check_decl (self, decl, ships, target, declared, &attacker, error))
    return FALSE;
  t = _adm_battle_ship (self, target);

  for (guint i = 0; i < declared->len; i++)
    {
      const Battery *battery = &declared->at[i];
      gboolean ok = TRUE;
      const AdmBattleShip *s = _adm_battle_ship (self, battery->ship);

      if (battery->status == BATTERY_KNOCKED_OUT)
        {
          report_knocked_out (self, battery);
          continue;
        }
      if (battery->status == BATTERY_OUT_OF_ACTION)
        {
          _adm_battle_report (self, ADM_ABOUT_SHIP (battery->ship),
                              _("%s is out of action and does not fire."), s->name);
          continue;
        }
      if (t->status == ADM_SHIP_DESTROYED)
        {
          _adm_battle_report (self, ADM_ABOUT_SHIPS (target, battery->ship),
                              _("%s is already destroyed; %s holds its fire."), t->name,
                              s->name);
          continue;
        }
      /* One check per ship and target choice, however many of its batteries fire. */
      if (!checked_before (buffers, battery->ship, &ok))
        {
          if (!damaged_check (self, battery->ship, target, &ok, error))
            return FALSE;
          checked_push (buffers, battery->ship, ok);
        }
      t = _adm_battle_ship (self, target);
      batteries_push (ok ? batteries : failed, battery);
    }
  if (attacker >= 0 && !check_return_fire (self, decl, attacker, t->formation, error))
    return FALSE;
  if (!attack_each_ship (self, batteries, target, decl->line, buffers, error))
    return FALSE;

  /* F-FIRE-9 ("damaged-fire-check"): after a failed check the batteries fire at the nearest
   * enemy if they can reach it, or hold their fire. */
  for (guint i = 0; i < failed->len; i++)
    {
      Battery *b = &failed->at[i];
      int nearest = nearest_enemy (self, b->ship, target);
      const AdmWeapon *weapon = battery_weapon (self, b);
      Batteries *one = &buffers->one;

      if (nearest < 0 || buffers->rulings.failed_hold ||
          !_adm_battle_ship_active (self, b->ship))
        {
          _adm_battle_report (self, ADM_ABOUT_SHIP (b->ship), _("%s's %s holds its fire."),
                              _adm_battle_ship_name (self, b->ship), weapon->name);
          continue;
        }
      if (!can_fire_at (self, b, nearest))
        {
          _adm_battle_report (self, ADM_ABOUT_SHIPS (b->ship, nearest),
                              _("%s's %s cannot reach the nearest enemy, %s, and holds "
                                "its fire."), _adm_battle_ship_name (self, b->ship),
                              weapon->name, _adm_battle_ship_name (self, nearest));
          continue;
        }
      _adm_battle_report (self, ADM_ABOUT_SHIPS (b->ship, nearest),
                          _("%s's %s fires at the nearest enemy, %s, instead."),
                          _adm_battle_ship_name (self, b->ship), weapon->name,
                          _adm_battle_ship_name (self, nearest));
      one->len = 0;
      batteries_push (one, b);
      if (!attack (self, one, nearest, decl->line, buffers, error))
        return FALSE;
    }
  return TRUE;
}

/* What every fire phase starts from: no battery fired, no attack made. */
static void
fire_phase_begin (AdmBattle *self)
{
  g_array_set_size (self->state->attacks, 0);
  for (guint f = 0; f < _adm_battle_n_formations (self); f++)
    _adm_battle_formation (self, f)->returned_fire = FALSE;
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      _adm_battle_ship (self, i)->fired = 0;
      _adm_battle_ship (self, i)->fire_damage = 0;
    }
}

static gboolean
fire_phase (AdmBattle   *self,
            FireBuffers *buffers,
            GError     **error)
{
  fire_phase_begin (self);
  if (!fire_orders (self, error))
    return FALSE;
  if (self->orders == NULL)
    return _adm_battle_torpedo_fire_orders (self, error) &&
           _adm_battle_mines_fire_orders (self, error);
  /* F-FIRE-2: direct fire happens in this phase. F-FIRE-4, F-SEQ-2 ("turn-sequence"): the
   * fire is resolved in the order declared, both
   * sides together; F-FIRE-8: different systems of a ship may fire at different targets. */
  for (guint i = 0; i < self->orders->fires->len; i++)
    if (!resolve_decl (self, i, buffers, error))
      return FALSE;
  /* F-FIRE-3, F-WPN-10: torpedo launches are declared in the fire phase; mines are laid
   * the same way (F-MINE-13). */
  return _adm_battle_torpedo_fire_orders (self, error) &&
         _adm_battle_mines_fire_orders (self, error);
}

gboolean
_adm_battle_fire_phase (AdmBattle  *self,
                        GError    **error)
{
  FireBuffers buffers;
  gboolean ok;

  /* Nothing moves in the fire phase: its geometry is worked out once (adm-battle-cache.c). */
  _adm_battle_cache_begin (self);
  fire_buffers_init (self, &buffers);
  ok = fire_phase (self, &buffers, error);
  fire_buffers_clear (&buffers);
  _adm_battle_cache_end (self);
  return ok;
}

/* The preview (adm-battle-preview.c) */

/* F-FIRE-11: for the preview, the attacks that return fire in @decl may answer are those of
 * the declarations before it in self->orders, each recorded as attack () records it: from
 * the formation of its first ship at its target's formation. */
static void
record_earlier_attacks (AdmBattle         *self,
                        const AdmFireDecl *decl)
{
  for (guint i = 0; i < self->orders->fires->len; i++)
    {
      const AdmFireDecl *other = g_ptr_array_index (self->orders->fires, i);
      int firer, target;
      AdmAttack record;

      if (other == decl)
        break;
      firer = other->ships->len > 0
                ? adm_battle_ship_index (self, g_ptr_array_index (other->ships, 0)) : -1;
      target = adm_battle_ship_index (self, other->target);
      if (firer < 0 || target < 0)
        continue;
      record = (AdmAttack) { _adm_battle_ship (self, firer)->formation,
                             _adm_battle_ship (self, target)->formation };
      g_array_append_val (self->state->attacks, record);
    }
}

gboolean
_adm_battle_fire_preview (AdmBattle          *self,
                          const AdmFireDecl  *decl,
                          guint               nth,
                          AdmFirePreview     *preview,
                          AdmFireNumbers     *numbers,
                          GError            **error)
{
  int target = adm_battle_ship_index (self, decl->target);
  g_auto(Batteries) declared = { NULL };
  g_auto(Batteries) firing = { NULL };
  g_auto(Batteries) own = { NULL };
  g_autoptr(GError) refusal = NULL;
  const AdmBattleShip *t;
  int attacker;
  Volley v = { .firer = -1 };
  FireRulings rulings;

  if (target < 0)
    {
      _adm_battle_illegal (self, error, decl->line, _("there is no ship “%s” in this battle"),
                           decl->target);
      return FALSE;
    }
  for (guint i = 0; i < decl->ships->len; i++)
    {
      Battery battery;

      if (!find_battery (self, decl, NULL, i, &battery, error))
        return FALSE;
      preview->distance = MAX (preview->distance,
                               adm_distance (_adm_battle_ship (self, battery.ship)->position,
                                             _adm_battle_ship (self, target)->position));
    }

  /* As the fire phase begins: the combat orders take effect before any shot (F-FORD-11). */
  fire_phase_begin (self);
  if (!fire_orders (self, &refusal))
    goto refused;
  record_earlier_attacks (self, decl);
  if (!check_decl (self, decl, NULL, target, &declared, &attacker, &refusal))
    goto refused;
  t = _adm_battle_ship (self, target);
  if (attacker >= 0 && !check_return_fire (self, decl, attacker, t->formation,
                                           &refusal))
    goto refused;
  preview->legal = TRUE;
  for (guint i = 0; i < declared.len; i++)
    {
      const Battery *b = &declared.at[i];

      if (b->status != BATTERY_FIRES || t->status == ADM_SHIP_DESTROYED)
        continue;
      /* F-FIRE-9: the odds assume the check passes. */
      preview->readiness_check |= needs_readiness_check (self, b->ship, target);
      batteries_push (&firing, b);
    }
  /* F-ART-3: one attack per ship (attack_each_ship ()); each is checked, the @nth is
   * previewed. */
  preview->attacks = 0;
  for (guint i = 0; i < firing.len; i++)
    {
      gboolean seen = FALSE;
      Volley one;

      for (guint j = 0; j < i; j++)
        seen |= firing.at[j].ship == firing.at[i].ship;
      if (seen)
        continue;
      ship_batteries_into (&firing, i, &own);
      volley_sum (self, &own, target, &one);
      /* F-CAT-4: every line of fire blocked: nothing fires. */
      if (one.firer >= 0 && !volley_check_range (self, &one, target, decl->line, &refusal))
        goto refused;
      if (preview->attacks++ == nth)
        v = one;
    }
  if (nth >= preview->attacks || v.firer < 0)
    return TRUE;

  preview->artillery_firepower = v.artillery;
  preview->destructor_firepower = v.destructors;
  preview->behind_marker = v.behind;
  fire_rulings_read (self, &rulings);
  if (v.any_artillery)
    numbers->shift = volley_shift (&rulings, &v, &preview->half_range, &preview->long_range);
  numbers->target_type = g_strdup (target_type (self, &rulings, v.firer, target, NULL, NULL));
  numbers->armour = t->klass->armour;
  numbers->shields = target_shields (self, target);
  numbers->lock = v.lock;
  numbers->save_on = adm_battle_ship_shield_save_on (self, target);
  return TRUE;

refused:
  preview->legal = FALSE;
  preview->reason = g_strdup (refusal->message);
  return TRUE;
}

GArray *
_adm_battle_fire_targets (AdmBattle *self,
                          guint      ship,
                          guint      weapon)
{
  GArray *targets = g_array_new (FALSE, FALSE, sizeof (guint));
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  /* Nothing has fired yet in the coming fire phase (F-FIRE-12). */
  fire_phase_begin (self);
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      Battery battery = { .ship = ship, .weapon = weapon, .blocked = -1 };

      if (_adm_battle_ship (self, i)->side != s->side && _adm_battle_ship_on_table (self, i) &&
          can_fire_at (self, &battery, i))
        g_array_append_val (targets, i);
    }
  return targets;
}
