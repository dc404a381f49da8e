/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-cache.c: what a fire phase asks again and again of a table that does not move
 * while it resolves. Nothing moves in the fire phase (F-SEQ-2) and no ship changes formation,
 * so which bases touch (F-FORM-1, F-SHLD-5), who is in which formation and which ships lie
 * near a line of fire (F-ART-10, F-CAT-4) are worked out once, when the phase begins. What
 * does change within it — shields used, damage, hulks, a formation's command — is still read
 * from the ships each time: the cache only narrows down which ships to read, so every answer
 * is the one of the plain loop over every ship (the one outside a fire phase). */

#include "config.h"

#include <math.h>
#include <string.h>

#include "adm-battle-private.h"

struct _AdmBattleCache {
  guint          n_ships;
  AdmPointGrid  *grid;          /* every ship's centre */
  double         max_radius;    /* the largest base's radius */
  guint         *touch_start;   /* per ship: its first entry in @touch, G_MAXUINT until first
                                 * asked (touching ())) */
  guint         *touch_count;   /* per ship: its entries in @touch */
  GArray        *touch;         /* guint: per ship asked, the others whose bases touch its own */
  GArray        *near;          /* guint: touching ()'s candidates */
  guint         *member_start;  /* per formation: its first entry in @members */
  guint         *members;       /* per formation, its ships */
  guint         *stamp;         /* per ship: the query that last listed it */
  guint          query;
  GArray        *found;         /* guint: the last answer about ships near a place */
  guint         *pool;          /* a shield pool being listed, at the end of @pools */
  guint          n_pool;
  guint         *pool_start;    /* per ship: its shield pool's first entry in @pools,
                                 * G_MAXUINT until first asked */
  guint         *pool_count;    /* per ship: its pool's entries in @pools */
  guint8        *pool_command;  /* per ship: its formation's command when its pool was listed */
  guint         *pools;         /* per ship asked, its shield pool */
  guint          n_pools;       /* the entries in @pools */
  guint          pools_size;    /* the room in @pools */
  double         x0, y0, x1, y1; /* the box around every ship's centre */
  guint8        *splits;        /* per ship, F-FIRE-9: it fires at several targets; NULL
                                 * until first asked */
  guint         *fire_start;    /* per fire declaration of the orders: its first entry in
                                 * @fire_ships; NULL until first asked */
  int           *fire_ships;    /* per declaration, its target's index, then its ships' (-1:
                                 * no ship has that id) */
  AdmPointGrid  *marker_grid;   /* the markers there were when the phase began */
  guint          n_markers;     /* how many */
  double         marker_radius; /* the largest of their radii */
  GArray        *markers_found; /* guint: the last answer about markers */
  /* F-ART-10, F-CAT-4: of the ships, only hulks block or shift a line of fire: those there
   * were when their grid was made, by their place in it (@hulks), and those wrecked since
   * (@new_hulks), as the markers are kept. */
  AdmPointGrid  *hulk_grid;
  guint         *hulks;         /* the grid's ships */
  guint          n_hulks;       /* how many */
  GArray        *new_hulks;     /* guint: ships wrecked since the grid was made */
  guint8        *known_hulk;    /* per ship: in @hulks or @new_hulks */
  GArray        *hulks_found;   /* guint: the last answer about hulks */
};

/* F-FORM-1, F-SHLD-5: the others whose bases touch @ship's, tested as
 * adm_battle_ship_shield_pool () tests them (the other's base first); worked out when first
 * asked, as most ships of a big battle are never a target. */
static void
touching (AdmBattle      *self,
          AdmBattleCache *cache,
          guint           ship)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);
  double size = _adm_battle_base_size (self, ship);
  /* Beyond the tolerance of adm_bases_touch (0.05 cm) with room to spare. */
  double reach = size / 2 + cache->max_radius + 0.1;

  cache->touch_start[ship] = cache->touch->len;
  adm_point_grid_query (cache->grid, s->position.x - reach, s->position.y - reach,
                        s->position.x + reach, s->position.y + reach, cache->near);
  for (guint k = 0; k < cache->near->len; k++)
    {
      guint j = g_array_index (cache->near, guint, k);

      if (j != ship && adm_bases_touch (_adm_battle_ship (self, j)->position,
                                        _adm_battle_base_size (self, j), s->position, size))
        g_array_append_val (cache->touch, j);
    }
  cache->touch_count[ship] = cache->touch->len - cache->touch_start[ship];
}

static void
find_touching (AdmBattleCache *cache)
{
  cache->touch_start = g_new (guint, MAX (cache->n_ships, 1));
  memset (cache->touch_start, 0xff, MAX (cache->n_ships, 1) * sizeof (guint));
  cache->touch_count = g_new0 (guint, MAX (cache->n_ships, 1));
  cache->touch = g_array_new (FALSE, FALSE, sizeof (guint));
  cache->near = g_array_new (FALSE, FALSE, sizeof (guint));
}

static void
find_members (AdmBattle      *self,
              AdmBattleCache *cache)
{
  guint n_formations = _adm_battle_n_formations (self);
  g_autofree guint *fill = g_new0 (guint, n_formations + 1);

  cache->member_start = g_new0 (guint, n_formations + 1);
  cache->members = g_new (guint, MAX (cache->n_ships, 1));
  for (guint i = 0; i < cache->n_ships; i++)
    cache->member_start[_adm_battle_ship (self, i)->formation + 1]++;
  for (guint f = 0; f < n_formations; f++)
    {
      cache->member_start[f + 1] += cache->member_start[f];
      fill[f] = cache->member_start[f];
    }
  for (guint i = 0; i < cache->n_ships; i++)
    cache->members[fill[_adm_battle_ship (self, i)->formation]++] = i;
  /* Room in @pools for every ship's formation and as many ships again, the most a phase
   * lists where few bases touch, so that they seldom grow (list_pool ()). */
  cache->pools_size = cache->n_ships;
  for (guint f = 0; f < n_formations; f++)
    {
      guint size = cache->member_start[f + 1] - cache->member_start[f];

      cache->pools_size += size * size;
    }
  cache->pools = g_new (guint, MAX (cache->pools_size, 1));
}

/* F-ART-10: the markers on the table as the phase begins; those placed during it (an
 * explosion's, F-CAT-12) are looked at one by one, until there are NEW_MARKERS_AT_MOST of
 * them: then the grid is made again with them in (grid_markers ()), so that a shot never
 * looks at more than that many one by one however many ships blow up in a big battle. A grid
 * made again costs about as much as a few hundred markers looked at: six rather than sixteen
 * makes the lines of fire of 300 a side a third cheaper. */
#define NEW_MARKERS_AT_MOST 6

static void
grid_markers (AdmBattle      *self,
              AdmBattleCache *cache)
{
  guint n = adm_battle_get_n_markers (self);
  g_autofree AdmPoint *points = g_new (AdmPoint, MAX (n, 1));
  double max_diameter = 0.0;

  for (guint i = 0; i < n; i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (self, i);

      points[i] = marker->position;
      max_diameter = MAX (max_diameter, marker->diameter);
    }
  cache->n_markers = n;
  cache->marker_radius = max_diameter / 2;
  g_clear_pointer (&cache->marker_grid, adm_point_grid_free);
  cache->marker_grid = adm_point_grid_new (points, n, MAX (max_diameter, 1.0));
}

static void
find_markers (AdmBattle      *self,
              AdmBattleCache *cache)
{
  grid_markers (self, cache);
  cache->markers_found = g_array_new (FALSE, FALSE, sizeof (guint));
}

static gboolean
is_hulk (const AdmBattleShip *s)
{
  return s->status == ADM_SHIP_DRIFTING_HULK || s->status == ADM_SHIP_BURNING_HULK;
}

/* The hulks' grid made of every ship that is a hulk now; none listed as new. */
static void
grid_hulks (AdmBattle      *self,
            AdmBattleCache *cache)
{
  g_autofree AdmPoint *points = g_new (AdmPoint, MAX (cache->n_ships, 1));
  guint n = 0;

  g_free (cache->hulks);
  cache->hulks = g_new (guint, MAX (cache->n_ships, 1));
  memset (cache->known_hulk, 0, cache->n_ships);
  for (guint i = 0; i < cache->n_ships; i++)
    if (is_hulk (_adm_battle_ship (self, i)))
      {
        points[n] = _adm_battle_ship (self, i)->position;
        cache->hulks[n++] = i;
        cache->known_hulk[i] = TRUE;
      }
  cache->n_hulks = n;
  g_array_set_size (cache->new_hulks, 0);
  g_clear_pointer (&cache->hulk_grid, adm_point_grid_free);
  cache->hulk_grid = adm_point_grid_new (points, n, MAX (2 * cache->max_radius, 1.0));
}

static void
find_hulks (AdmBattle      *self,
            AdmBattleCache *cache)
{
  cache->known_hulk = g_new0 (guint8, MAX (cache->n_ships, 1));
  cache->new_hulks = g_array_new (FALSE, FALSE, sizeof (guint));
  cache->hulks_found = g_array_new (FALSE, FALSE, sizeof (guint));
  grid_hulks (self, cache);
}

void
_adm_battle_cache_begin (AdmBattle *self)
{
  AdmBattleCache *cache;
  g_autofree AdmPoint *points = NULL;
  double max_size = 0.0;

  _adm_battle_cache_end (self);
  cache = g_new0 (AdmBattleCache, 1);
  cache->n_ships = _adm_battle_n_ships (self);
  points = g_new (AdmPoint, MAX (cache->n_ships, 1));
  for (guint i = 0; i < cache->n_ships; i++)
    {
      points[i] = _adm_battle_ship (self, i)->position;
      max_size = MAX (max_size, _adm_battle_base_size (self, i));
    }
  cache->max_radius = max_size / 2;
  cache->grid = adm_point_grid_new (points, cache->n_ships, MAX (max_size, 1.0));
  cache->x0 = cache->y0 = G_MAXDOUBLE;
  cache->x1 = cache->y1 = -G_MAXDOUBLE;
  for (guint i = 0; i < cache->n_ships; i++)
    {
      cache->x0 = MIN (cache->x0, points[i].x);
      cache->y0 = MIN (cache->y0, points[i].y);
      cache->x1 = MAX (cache->x1, points[i].x);
      cache->y1 = MAX (cache->y1, points[i].y);
    }
  find_touching (cache);
  find_members (self, cache);
  cache->stamp = g_new0 (guint, MAX (cache->n_ships, 1));
  cache->found = g_array_new (FALSE, FALSE, sizeof (guint));
  cache->pool_start = g_new (guint, MAX (cache->n_ships, 1));
  memset (cache->pool_start, 0xff, MAX (cache->n_ships, 1) * sizeof (guint));
  cache->pool_count = g_new0 (guint, MAX (cache->n_ships, 1));
  cache->pool_command = g_new0 (guint8, MAX (cache->n_ships, 1));
  find_markers (self, cache);
  find_hulks (self, cache);
  self->cache = cache;
}

void
_adm_battle_cache_end (AdmBattle *self)
{
  AdmBattleCache *cache = g_steal_pointer (&self->cache);

  if (cache == NULL)
    return;
  adm_point_grid_free (cache->grid);
  g_free (cache->touch_start);
  g_free (cache->touch_count);
  g_array_unref (cache->touch);
  g_array_unref (cache->near);
  g_free (cache->member_start);
  g_free (cache->members);
  g_free (cache->stamp);
  g_array_unref (cache->found);
  g_free (cache->pool_start);
  g_free (cache->pool_count);
  g_free (cache->pool_command);
  g_free (cache->pools);
  g_free (cache->splits);
  g_free (cache->fire_start);
  g_free (cache->fire_ships);
  adm_point_grid_free (cache->marker_grid);
  g_array_unref (cache->markers_found);
  /* Every hulk was made through _adm_battle_make_hulk (), which told the cache: else a line
   * of fire would have passed through a hulk the cache did not name. */
  for (guint i = 0; i < cache->n_ships; i++)
    if (is_hulk (_adm_battle_ship (self, i)) && !cache->known_hulk[i])
      g_critical ("%s became a hulk in a fire phase without _adm_battle_make_hulk ()",
                  _adm_battle_ship (self, i)->id);
  adm_point_grid_free (cache->hulk_grid);
  g_free (cache->hulks);
  g_array_unref (cache->new_hulks);
  g_free (cache->known_hulk);
  g_array_unref (cache->hulks_found);
  g_free (cache);
}

/* Starts a new answer about a pool: every ship unlisted. */
static void
new_query (AdmBattleCache *cache)
{
  cache->n_pool = 0;
  if (++cache->query == 0)
    {
      /* After 2³² questions in one phase: start the stamps again. */
      memset (cache->stamp, 0, cache->n_ships * sizeof *cache->stamp);
      cache->query = 1;
    }
}

/* Each ship is listed once (its stamp), so @pool never holds more than every ship: written
 * in place (a phase asks about pools some twenty thousand times). */
static inline void
list (AdmBattleCache *cache,
      guint           ship)
{
  if (cache->stamp[ship] == cache->query)
    return;
  cache->stamp[ship] = cache->query;
  cache->pool[cache->n_pool++] = ship;
}

/* The order in which use_shields () takes the pool's blocks (adm-battle-fire.c): @ship, then
 * the rest by index, ship 0 taking @ship's place. */
static inline guint
shield_turn (guint ship,
             guint other)
{
  return other == ship ? 0 : (other == 0 ? ship : other);
}

/* Lists @ship's pool as its formation's @command has it, in the order of shield_turn (). */
static void
list_pool (AdmBattle      *self,
           AdmBattleCache *cache,
           guint           ship,
           gboolean        command)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  /* Listed in place at the end of @pools, with room for every ship (not copied
   * there). */
  if (cache->pools_size - cache->n_pools < cache->n_ships)
    {
      cache->pools_size = MAX (2 * cache->pools_size, cache->n_pools + cache->n_ships);
      cache->pools = g_renew (guint, cache->pools, cache->pools_size);
    }
  cache->pool = cache->pools + cache->n_pools;
  new_query (cache);
  list (cache, ship);
  /* F-FORM-19: a formation in command. */
  if (command)
    for (guint k = cache->member_start[s->formation]; k < cache->member_start[s->formation + 1];
         k++)
      list (cache, cache->members[k]);
  /* F-SHLD-5, F-FORD-12: bases that touch. */
  if (cache->touch_start[ship] == G_MAXUINT)
    touching (self, cache, ship);
  for (guint k = 0; k < cache->touch_count[ship]; k++)
    list (cache, g_array_index (cache->touch, guint, cache->touch_start[ship] + k));
  for (guint k = 1; k < cache->n_pool; k++)
    {
      guint other = cache->pool[k], j = k;

      for (; j > 0 && shield_turn (ship, cache->pool[j - 1]) > shield_turn (ship, other); j--)
        cache->pool[j] = cache->pool[j - 1];
      cache->pool[j] = other;
    }
  cache->pool_start[ship] = cache->n_pools;
  cache->pool_count[ship] = cache->n_pool;
  cache->pool_command[ship] = command;
  cache->n_pools += cache->n_pool;
}

const guint *
_adm_battle_cache_pool_ships (AdmBattle *self,
                              guint      ship,
                              guint     *n_ships)
{
  AdmBattleCache *cache = self->cache;
  gboolean command;

  if (cache == NULL)
    return NULL;
  g_assert (ship < cache->n_ships);
  /* F-FORM-15: the formation's command is read as it is now; the rest of the pool stays as
   * listed when first asked (a phase asks some two thousand times). */
  command = _adm_battle_formation (self, _adm_battle_ship (self, ship)->formation)->command;
  if (cache->pool_start[ship] == G_MAXUINT || cache->pool_command[ship] != command)
    list_pool (self, cache, ship, command);
  *n_ships = cache->pool_count[ship];
  return cache->pools + cache->pool_start[ship];
}

/* The indices in @found, never NULL (which means no cache), though an array that never held
 * any has no data: else the caller would walk every ship or marker. */
static inline const guint *
answer (GArray *found)
{
  static const guint none[1];

  return found->data != NULL ? (const guint *) (void *) found->data : none;
}

void
_adm_battle_cache_hulk_made (AdmBattle *self,
                             guint      ship)
{
  AdmBattleCache *cache = self->cache;

  if (cache == NULL)
    return;
  g_assert (ship < cache->n_ships);
  if (cache->known_hulk[ship])
    return;
  cache->known_hulk[ship] = TRUE;
  g_array_append_val (cache->new_hulks, ship);
  /* Never more than a few looked at one by one, as with the markers. */
  if (cache->new_hulks->len > NEW_MARKERS_AT_MOST)
    grid_hulks (self, cache);
}

const guint *
_adm_battle_cache_hulks_near (AdmBattle *self,
                              AdmPoint   a,
                              AdmPoint   b,
                              guint     *n_ships)
{
  AdmBattleCache *cache = self->cache;
  double reach, x0, y0, x1, y1;
  guint n;

  if (cache == NULL)
    return NULL;
  /* Every base the segment can meet has its centre within the largest radius of the
   * segment's box (with room for rounding). */
  reach = cache->max_radius + 0.1;
  x0 = MIN (a.x, b.x) - reach;
  y0 = MIN (a.y, b.y) - reach;
  x1 = MAX (a.x, b.x) + reach;
  y1 = MAX (a.y, b.y) + reach;
  /* Most lines of fire are looked along before any ship is wrecked. */
  if (cache->n_hulks == 0 && cache->new_hulks->len == 0)
    {
      *n_ships = 0;
      return answer (cache->hulks_found);
    }
  adm_point_grid_query (cache->hulk_grid, x0, y0, x1, y1, cache->hulks_found);
  n = cache->hulks_found->len;
  for (guint k = 0; k < n; k++)
    g_array_index (cache->hulks_found, guint, k) =
      cache->hulks[g_array_index (cache->hulks_found, guint, k)];
  /* Those wrecked since, when their centres lie in the box. */
  for (guint k = 0; k < cache->new_hulks->len; k++)
    {
      guint ship = g_array_index (cache->new_hulks, guint, k);
      AdmPoint p = _adm_battle_ship (self, ship)->position;

      if (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1)
        g_array_append_val (cache->hulks_found, ship);
    }
  *n_ships = cache->hulks_found->len;
  return answer (cache->hulks_found);
}

const guint *
_adm_battle_cache_ships_in_box (AdmBattle *self,
                                double     x0,
                                double     y0,
                                double     x1,
                                double     y1,
                                gboolean  *every_ship,
                                guint     *n_ships)
{
  AdmBattleCache *cache = self->cache;

  if (cache == NULL)
    return NULL;
  adm_point_grid_query (cache->grid, x0, y0, x1, y1, cache->found);
  *every_ship = x0 <= cache->x0 && y0 <= cache->y0 && x1 >= cache->x1 && y1 >= cache->y1;
  *n_ships = cache->found->len;
  return answer (cache->found);
}

const int *
_adm_battle_cache_fire_ships (AdmBattle *self,
                              guint      nth)
{
  AdmBattleCache *cache = self->cache;
  GPtrArray *fires;

  if (cache == NULL || self->orders == NULL || nth >= self->orders->fires->len)
    return NULL;
  fires = self->orders->fires;
  if (cache->fire_start == NULL)
    {
      /* Each id looked up once a phase, not for each check of the declarations: a lookup in
       * the ships' table by name is a cache miss or two. */
      guint at = 0;

      cache->fire_start = g_new (guint, fires->len + 1);
      for (guint i = 0; i < fires->len; i++)
        {
          cache->fire_start[i] = at;
          at += 1 + ((AdmFireDecl *) g_ptr_array_index (fires, i))->ships->len;
        }
      cache->fire_start[fires->len] = at;
      const char *last_id = NULL;
      int last = -1;

      cache->fire_ships = g_new (int, MAX (at, 1));
      for (guint i = 0; i < fires->len; i++)
        {
          AdmFireDecl *decl = g_ptr_array_index (fires, i);
          int *ships = &cache->fire_ships[cache->fire_start[i]];

          ships[0] = adm_battle_ship_index (self, decl->target);
          /* A ship is named once for each of its batteries, one after the other: looked up
           * once for them all. */
          for (guint w = 0; w < decl->ships->len; w++)
            {
              const char *id = g_ptr_array_index (decl->ships, w);

              if (last_id == NULL || id == NULL || strcmp (id, last_id) != 0)
                {
                  last = adm_battle_ship_index (self, id);
                  last_id = id;
                }
              ships[1 + w] = last;
            }
        }
    }
  return &cache->fire_ships[cache->fire_start[nth]];
}

gboolean
_adm_battle_cache_splits_fire (AdmBattle *self,
                               guint      ship,
                               gboolean  *splits)
{
  AdmBattleCache *cache = self->cache;

  if (cache == NULL || self->orders == NULL)
    return FALSE;
  if (cache->splits == NULL)
    {
      /* F-FIRE-9: the phase's declarations, read once: a ship's first target, then whether
       * another declaration of it names a different one (the test splits_fire () makes). */
      g_autofree const char **first = g_new0 (const char *, MAX (cache->n_ships, 1));

      cache->splits = g_new0 (guint8, MAX (cache->n_ships, 1));
      /* The declarations' ships, looked up once (read in place below). */
      _adm_battle_cache_fire_ships (self, 0);
      for (guint i = 0; i < self->orders->fires->len; i++)
        {
          AdmFireDecl *decl = g_ptr_array_index (self->orders->fires, i);
          const int *ships = &cache->fire_ships[cache->fire_start[i]];

          for (guint w = 0; w < decl->ships->len; w++)
            {
              int s = ships[1 + w];

              if (s < 0)
                continue;
              if (first[s] == NULL)
                first[s] = decl->target;
              else if (g_strcmp0 (first[s], decl->target) != 0)
                cache->splits[s] = TRUE;
            }
        }
    }
  *splits = cache->splits[ship];
  return TRUE;
}

const guint *
_adm_battle_cache_markers_near (AdmBattle *self,
                                AdmPoint   a,
                                AdmPoint   b,
                                guint     *n_markers,
                                guint     *first_new)
{
  AdmBattleCache *cache = self->cache;
  guint n = self->state->markers->len;
  double reach;

  if (cache == NULL || n < cache->n_markers)
    return NULL;
  if (n - cache->n_markers > NEW_MARKERS_AT_MOST)
    grid_markers (self, cache);
  /* Every marker the segment can meet has its centre within the largest radius of the
   * segment's box (with room for rounding). */
  reach = cache->marker_radius + 0.1;
  *first_new = cache->n_markers;
  if (cache->n_markers == 0)
    {
      *n_markers = 0;
      return answer (cache->markers_found);
    }
  adm_point_grid_query (cache->marker_grid, MIN (a.x, b.x) - reach, MIN (a.y, b.y) - reach,
                        MAX (a.x, b.x) + reach, MAX (a.y, b.y) + reach, cache->markers_found);
  *n_markers = cache->markers_found->len;
  return answer (cache->markers_found);
}
