/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-cache.c: what the tactical table keeps between frames — the layers
 * under the overlays, the table under the ships, the selection's arcs and the token images —
 * and the drawing through them (admiralty_table_render_cached ()). */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-table-cache.h"
#include "admiralty-table-renderer-private.h"
#include "adm-battle-layout.h"

/* An image of @width × @height view pixels, @device_scale image pixels to each. */
static cairo_surface_t *
image_new (cairo_format_t format,
           int            width,
           int            height,
           int            device_scale)
{
  cairo_surface_t *image = cairo_image_surface_create (format, width * device_scale,
                                                       height * device_scale);

  cairo_surface_set_device_scale (image, device_scale, device_scale);
  return image;
}

/* Whether @image is of @format and @width × @height view pixels at @device_scale. */
static gboolean
image_fits (cairo_surface_t *image,
            cairo_format_t   format,
            int              width,
            int              height,
            int              device_scale)
{
  return image != NULL && cairo_image_surface_get_format (image) == format &&
         cairo_image_surface_get_width (image) == width * device_scale &&
         cairo_image_surface_get_height (image) == height * device_scale;
}

/* The selection as an image: what _admiralty_table_draw_selection () draws from. */
typedef struct {
  /* Zeroed whole before it is filled in: it is compared as bytes. */
  int                 ship;
  const AdmShipClass *klass;
  double              heading;
  double              scale;
  int                 phase_x;
  int                 phase_y;
  int                 half;
  int                 device_scale;
} SelectionKey;

#define SPRITE_PHASES 8     /* images per image pixel of position, each way (selection,
                             * tokens) */
#define MAX_SELECTION_HALF 1024  /* px: a range circle bigger than this is drawn as such */

/* The cached table */

struct _AdmiraltyTableCache {
  int                 device_scale; /* image pixels per view pixel (the display's scale) */
  cairo_surface_t    *surface;     /* NULL: nothing kept */
  gboolean            valid;       /* FALSE: @surface is only memory to draw in again (a new
                                    * surface's first drawing costs its pages) */
  Stage               last;        /* the last stage drawn in @surface */
  Occupancy           occupancy;   /* the names' bitmap after @last */
  AdmiraltyTableView  view;        /* the layer's: the window's, or around it after a pan */
  AdmBattle          *battle;      /* compared, not referenced */
  AdmAudience         audience;    /* whose view: the audience filter decides what it shows */
  int                 selected_ship;
  int                 target_ship;
  guint64             highlights;  /* highlights_hash () of the highlighted ships */
  gboolean            show_grid;
  gboolean            show_labels;
  gboolean            inches;
  GHashTable         *sprites;      /* SpriteKey → cairo_surface_t, token images */
  double              sprite_scale; /* the scale they were drawn for */

  /* The selected ship's arcs and ranges, as an image (a third of a redraw). */
  cairo_surface_t    *selection;
  SelectionKey        selection_key;

  /* The table under the ships (STAGE_TABLE) on its own, for the layer's view: kept across
   * invalidations while what it shows — markers, mines, the low-orbit map, the exits, the
   * grid — hashes the same, as when a phase moved only ships. */
  cairo_surface_t    *table;
  guint64             table_hash;   /* 0: nothing kept */
};

/* Draws the selection from the image kept in the cache, made anew when the selected ship,
 * its heading, its place within a pixel or the scale changed; FALSE when it is not drawn
 * that way (no cache, or circles too big for an image). */
gboolean
_admiralty_table_cache_draw_selection (Frame *frame)
{
  const AdmBattleShip *ship = _admiralty_table_selected_ship (frame);
  AdmiraltyTableCache *cache = frame->cache;
  SelectionKey key;
  double cx, cy, ix, iy, reach = 0.0;
  int phases = SPRITE_PHASES * frame->device_scale;
  cairo_surface_t **image;
  SelectionKey *kept;

  if (cache == NULL || ship == NULL)
    return ship == NULL;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      reach = MAX (reach, weapon->range);
    }
  reach = MAX (reach, 3 * ship->klass->type->base_size) * frame->view->scale;
  if (reach > MAX_SELECTION_HALF)
    return FALSE;
  admiralty_table_view_to_pixels (frame->view, ship->position, &cx, &cy);
  if (!frame_sees (frame, cx, cy, reach + 4))
    return TRUE;
  ix = floor (cx);
  iy = floor (cy);
  memset (&key, 0, sizeof key);
  key.ship = frame->options->selected_ship;
  key.klass = ship->klass;
  key.heading = ship->heading;
  key.scale = frame->view->scale;
  key.phase_x = (int) floor ((cx - ix) * phases + 0.5);
  key.phase_y = (int) floor ((cy - iy) * phases + 0.5);
  key.half = (int) ceil (reach) + 4;
  if (key.phase_x == phases)
    {
      key.phase_x = 0;
      ix += 1;
    }
  if (key.phase_y == phases)
    {
      key.phase_y = 0;
      iy += 1;
    }
  image = &cache->selection;
  kept = &cache->selection_key;
  key.device_scale = frame->device_scale;
  if (*image == NULL || memcmp (kept, &key, sizeof key) != 0)
    {
      Frame sub = *frame;
      AdmiraltyTableView view = *frame->view;
      int size = 2 * key.half + 2;
      cairo_t *cr;

      g_clear_pointer (image, cairo_surface_destroy);
      *image = image_new (CAIRO_FORMAT_ARGB32, size, size, frame->device_scale);
      cr = cairo_create (*image);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_tolerance (cr, 0.25);
      /* A view of the image's size that puts the ship where the image's centre is. */
      view.width = view.height = size;
      view.centre_x = ship->position.x -
                      (key.half + (double) key.phase_x / phases - size / 2.0) / view.scale;
      view.centre_y = ship->position.y -
                      (key.half + (double) key.phase_y / phases - size / 2.0) / view.scale;
      sub.cr = cr;
      sub.view = &view;
      _admiralty_table_draw_selection (&sub);
      cairo_destroy (cr);
      *kept = key;
    }
  cairo_set_source_surface (frame->cr, *image, ix - key.half, iy - key.half);
  cairo_rectangle (frame->cr, ix - key.half, iy - key.half, 2 * key.half + 2,
                   2 * key.half + 2);
  cairo_fill (frame->cr);
  return TRUE;
}

/* Token images: a token is drawn once into a small image per look, radius and
 * eighth of a pixel of its centre's position, then copied wherever a token looks the same
 * — three fills and a ring become one copy. Kept by the table's cache, for one scale. */

#define MAX_SPRITES   4096  /* more and they are all dropped: ships strewn at random */

typedef struct {
  /* Zeroed whole before it is filled in: it is hashed and compared as bytes. */
  TokenLook look;
  int       face;
  int       overlapping;
  double    r;
  int       phase_x;
  int       phase_y;
  int       device_scale;
} SpriteKey;

static guint
sprite_key_hash (gconstpointer key)
{
  const guchar *p = key;
  guint32 h = 2166136261u;

  for (gsize i = 0; i < sizeof (SpriteKey); i++)
    h = (h ^ p[i]) * 16777619u;
  return h;
}

static gboolean
sprite_key_equal (gconstpointer a,
                  gconstpointer b)
{
  return memcmp (a, b, sizeof (SpriteKey)) == 0;
}

/* The half side of a token's image, px: the base and what reaches past its rim (heading
 * arrow, rings, flames, the overlap badge; draw_ships () culls by the same reach). */
static int
sprite_half (double r)
{
  return (int) ceil (r + MAX (16.0, 0.8 * r)) + 2;
}

static cairo_surface_t *
sprite_new (const SpriteKey *key)
{
  int half = sprite_half (key->r);
  cairo_surface_t *sprite = image_new (CAIRO_FORMAT_ARGB32, 2 * half + 2, 2 * half + 2,
                                       key->device_scale);
  cairo_t *cr = cairo_create (sprite);
  double cx = half + (double) key->phase_x / (SPRITE_PHASES * key->device_scale);
  double cy = half + (double) key->phase_y / (SPRITE_PHASES * key->device_scale);

  /* As _admiralty_table_frame_begin () sets the table's drawing. */
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_tolerance (cr, 0.25);
  if (key->face == ADMIRALTY_TOKEN_FACE_DOWN)
    _admiralty_table_draw_face_down (cr, cx, cy, key->r);
  else
    _admiralty_table_face_up_symbol (cr, &key->look, cx, cy, key->r, NULL);
  if (key->overlapping)
    _admiralty_table_overlap_symbol (cr, cx, cy, key->r);
  cairo_destroy (cr);
  return sprite;
}

/* Draws ship @index's token from its image, as draw_face_up () or
 * _admiralty_table_draw_face_down () and _admiralty_table_overlap_symbol () would draw it;
 * FALSE when it has no image (the number of fires beside the flames is text, drawn as such). */
gboolean
_admiralty_table_cache_draw_token (Frame               *frame,
                                   guint                index,
                                   const AdmBattleShip *ship,
                                   AdmiraltyTokenFace   face,
                                   double               cx,
                                   double               cy,
                                   double               r)
{
  GHashTable *sprites = frame->sprites;
  SpriteKey key;
  cairo_surface_t *sprite;
  double ix = floor (cx), iy = floor (cy);
  int half = sprite_half (r);
  int phases = SPRITE_PHASES * frame->device_scale;

  memset (&key, 0, sizeof key);
  key.face = face;
  if (face == ADMIRALTY_TOKEN_FACE_UP)
    {
      TokenLook look = _admiralty_table_ship_look (frame, index, ship);

      if (look.on_fire > 1 && look.count_fires)
        return FALSE;
      /* Field by field: a whole struct's copy may carry whatever its padding held. */
      key.look.colour = look.colour;
      key.look.symbol = look.symbol;
      key.look.status = look.status;
      key.look.heading = look.heading;
      key.look.damaged = look.damaged;
      key.look.on_fire = look.on_fire;
      key.look.captured = look.captured;
      key.look.captor_colour = look.captor_colour;
      key.look.selected = look.selected;
      key.look.count_fires = look.count_fires;
    }
  key.overlapping = frame->overlapping != NULL && frame->overlapping[index];
  key.device_scale = frame->device_scale;
  key.r = r;
  key.phase_x = (int) floor ((cx - ix) * phases + 0.5);
  key.phase_y = (int) floor ((cy - iy) * phases + 0.5);
  if (key.phase_x == phases)
    {
      key.phase_x = 0;
      ix += 1;
    }
  if (key.phase_y == phases)
    {
      key.phase_y = 0;
      iy += 1;
    }
  sprite = g_hash_table_lookup (sprites, &key);
  if (sprite == NULL)
    {
      if (g_hash_table_size (sprites) >= MAX_SPRITES)
        g_hash_table_remove_all (sprites);
      sprite = sprite_new (&key);
      g_hash_table_insert (sprites, g_memdup2 (&key, sizeof key), sprite);
    }
  cairo_set_source_surface (frame->cr, sprite, ix - half, iy - half);
  cairo_rectangle (frame->cr, ix - half, iy - half, 2 * half + 2, 2 * half + 2);
  cairo_fill (frame->cr);
  if (face == ADMIRALTY_TOKEN_FACE_UP && ship->status == ADM_SHIP_ACTIVE)
    _admiralty_table_mark_heading (&frame->occupancy, ship->heading, cx, cy, r);
  return TRUE;
}

static void
hash_bytes (guint64       *hash,
            gconstpointer  data,
            gsize          size)
{
  const guchar *p = data;

  for (gsize i = 0; i < size; i++)
    *hash = (*hash ^ p[i]) * 1099511628211u;
}

#define HASH_VALUE(hash, value) \
  G_STMT_START { __typeof__ (value) v_ = (value); hash_bytes (hash, &v_, sizeof v_); } G_STMT_END

/* Everything _admiralty_table_draw_stage (STAGE_TABLE) draws from, for @view and @frame's
 * viewer: never 0. */
static guint64
table_hash (const Frame *frame)
{
  AdmBattle *battle = frame->battle;
  const AdmLowOrbit *orbit = adm_battle_get_low_orbit (battle);
  AdmAudience audience = admiralty_table_options_audience (battle, frame->options);
  guint64 hash = 14695981039346656037u;

  HASH_VALUE (&hash, frame->view->centre_x);
  HASH_VALUE (&hash, frame->view->centre_y);
  HASH_VALUE (&hash, frame->view->scale);
  HASH_VALUE (&hash, frame->view->width);
  HASH_VALUE (&hash, frame->view->height);
  HASH_VALUE (&hash, audience.kind);
  HASH_VALUE (&hash, audience.side);
  HASH_VALUE (&hash, audience.campaign);
  HASH_VALUE (&hash, audience.untold);
  HASH_VALUE (&hash, frame->options->show_grid);
  HASH_VALUE (&hash, frame->options->show_labels);
  HASH_VALUE (&hash, frame->options->inches);
  hash_bytes (&hash, frame->side_colours, sizeof frame->side_colours);
  HASH_VALUE (&hash, orbit->present);
  if (orbit->present)
    {
      HASH_VALUE (&hash, orbit->planet.x);
      HASH_VALUE (&hash, orbit->planet.y);
      HASH_VALUE (&hash, orbit->planet_diameter);
      HASH_VALUE (&hash, orbit->width);
      HASH_VALUE (&hash, orbit->height);
      hash_bytes (&hash, orbit->orbits->data, orbit->orbits->len * sizeof (double));
    }
  for (guint i = 0; i < adm_battle_get_n_wormhole_exits (battle); i++)
    {
      const AdmWormholeExit *zone = adm_battle_get_wormhole_exit (battle, i);

      HASH_VALUE (&hash, zone->position.x);
      HASH_VALUE (&hash, zone->position.y);
      HASH_VALUE (&hash, zone->diameter);
    }
  {
    g_autoptr(GPtrArray) features = adm_battle_list_features (battle);

    for (guint i = 0; i < features->len; i++)
      {
        const AdmTableFeature *feature = g_ptr_array_index (features, i);

        HASH_VALUE (&hash, feature->x);
        HASH_VALUE (&hash, feature->y);
        HASH_VALUE (&hash, feature->diameter);
        hash_bytes (&hash, feature->name, strlen (feature->name));
      }
  }
  HASH_VALUE (&hash, adm_battle_get_n_markers (battle));
  for (guint i = 0; i < adm_battle_get_n_markers (battle); i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (battle, i);

      HASH_VALUE (&hash, marker->position.x);
      HASH_VALUE (&hash, marker->position.y);
      HASH_VALUE (&hash, marker->diameter);
    }
  for (guint i = 0; i < adm_battle_get_n_mines (battle); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);

      if (!_admiralty_table_mine_visible (mine, audience))
        continue;
      HASH_VALUE (&hash, i);
      HASH_VALUE (&hash, mine->side);
      HASH_VALUE (&hash, (int) mine->charge);
      HASH_VALUE (&hash, mine->position.x);
      HASH_VALUE (&hash, mine->position.y);
      HASH_VALUE (&hash, mine->range);
      HASH_VALUE (&hash, mine->revealed);
    }
  return hash != 0 ? hash : 1;
}

/* A copy of @from into @to, both the same size. */
static void
copy_surface (cairo_surface_t *to,
              cairo_surface_t *from)
{
  cairo_t *cr = cairo_create (to);

  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, from, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
}

AdmiraltyTableCache *
admiralty_table_cache_new (void)
{
  AdmiraltyTableCache *cache = g_new0 (AdmiraltyTableCache, 1);

  cache->device_scale = 1;

  cache->sprites = g_hash_table_new_full (sprite_key_hash, sprite_key_equal, g_free,
                                          (GDestroyNotify) cairo_surface_destroy);
  return cache;
}

/* The token images for @view: a zoom drops them (their radius changes, and the old ones
 * would only take memory). Drawing through the cache is drawing pixels anyway (the widget's
 * recording of them included); a PDF takes the plain drawing, all vectors. */
static GHashTable *
cache_sprites (AdmiraltyTableCache      *cache,
               const AdmiraltyTableView *view)
{
  if (cache->sprite_scale != view->scale)
    {
      g_hash_table_remove_all (cache->sprites);
      cache->sprite_scale = view->scale;
    }
  return cache->sprites;
}

void
admiralty_table_cache_invalidate (AdmiraltyTableCache *cache)
{
  if (cache == NULL)
    return;
  cache->valid = FALSE;
  _admiralty_table_occupancy_clear (&cache->occupancy);
}

void
admiralty_table_cache_set_device_scale (AdmiraltyTableCache *cache,
                                        int                  device_scale)
{
  g_return_if_fail (cache != NULL);
  g_return_if_fail (device_scale >= 1);

  if (cache->device_scale == device_scale)
    return;
  /* Everything kept is pixels at the old scale. */
  admiralty_table_cache_invalidate (cache);
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  g_clear_pointer (&cache->table, cairo_surface_destroy);
  g_clear_pointer (&cache->selection, cairo_surface_destroy);
  g_hash_table_remove_all (cache->sprites);
  cache->device_scale = device_scale;
}

void
admiralty_table_cache_free (AdmiraltyTableCache *cache)
{
  if (cache == NULL)
    return;
  admiralty_table_cache_invalidate (cache);
  g_clear_pointer (&cache->surface, cairo_surface_destroy);
  g_clear_pointer (&cache->table, cairo_surface_destroy);
  g_clear_pointer (&cache->selection, cairo_surface_destroy);
  g_clear_pointer (&cache->sprites, g_hash_table_unref);
  g_free (cache);
}

/* The highlighted ships (STAGE_MIDDLE rings them, and their names keep clear), as a key. */
static guint64
highlights_hash (const AdmiraltyTableOptions *options)
{
  GArray *ships = options->highlight_ships;
  guint64 hash = 1469598103934665603ull;

  for (guint i = 0; ships != NULL && i < ships->len; i++)
    hash = (hash ^ (g_array_index (ships, guint, i) + 1)) * 1099511628211ull;
  return hash;
}

static gboolean
same_audience (AdmAudience a,
               AdmAudience b)
{
  return a.kind == b.kind && a.side == b.side && a.campaign == b.campaign &&
         a.untold == b.untold;
}

/* Whether the kept layers are of this battle, viewer (the audience filter decides what
 * they show) and options. */
static gboolean
cache_keys_match (const AdmiraltyTableCache   *cache,
                  AdmBattle                   *battle,
                  const AdmiraltyTableOptions *options,
                  Stage                        last)
{
  return cache->valid && cache->last == last && cache->battle == battle &&
         same_audience (cache->audience, admiralty_table_options_audience (battle, options)) &&
         (last == STAGE_TABLE || (cache->selected_ship == options->selected_ship &&
                                  cache->target_ship == options->target_ship &&
                                  cache->highlights == highlights_hash (options))) &&
         cache->show_grid == options->show_grid &&
         cache->show_labels == options->show_labels && cache->inches == options->inches;
}

/* Where @view's pixel (0, 0) lies in the kept layer, in whole pixels: FALSE when the scale
 * differs, when @view is not wholly inside the layer or lies at a fraction of a pixel. */
static gboolean
cache_offset (const AdmiraltyTableCache *cache,
              const AdmiraltyTableView  *view,
              double                    *dx,
              double                    *dy)
{
  const AdmiraltyTableView *layer = &cache->view;
  double ox, oy;

  if (layer->scale != view->scale)
    return FALSE;
  ox = (view->centre_x - layer->centre_x) * view->scale + (layer->width - view->width) / 2.0;
  oy = (view->centre_y - layer->centre_y) * view->scale + (layer->height - view->height) / 2.0;
  /* Whole view pixels, whatever the display's scale: the grid's lines are set on them. A
   * thousandth of a pixel is rounding in the centre's cm, not a pan. */
  if (fabs (ox - round (ox)) > 1e-3 || fabs (oy - round (oy)) > 1e-3)
    return FALSE;
  *dx = round (ox);
  *dy = round (oy);
  return *dx >= 0 && *dy >= 0 && *dx + view->width <= layer->width &&
         *dy + view->height <= layer->height;
}

/* Draws the kept layers for @view, with @margin pixels of the table around it on every
 * side: after a pan, the layer is drawn wider once and then copied shifted. */
static void
cache_fill (AdmiraltyTableCache         *cache,
            cairo_t                     *target,
            const AdmiraltyTableView    *view,
            AdmBattle                   *battle,
            const AdmiraltyTableOptions *options,
            Stage                        last,
            int                          margin_x,
            int                          margin_y)
{
  cairo_surface_t *surface = cairo_get_target (target);
  cairo_format_t format = CAIRO_FORMAT_ARGB32;
  AdmiraltyTableView layer = *view;
  cairo_t *cr;
  Frame frame;
  guint64 hash;

  /* The target's own format, so that the kept pixels are the ones drawn there. */
  if (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE)
    format = cairo_image_surface_get_format (surface);
  admiralty_table_cache_invalidate (cache);
  layer.width += 2 * margin_x;
  layer.height += 2 * margin_y;
  /* The layer is drawn again in the image it was kept in: it is only copied into the frames
   * drawn (the table widget's go out as copies of their tiles, admiralty-table-tiles.c), so
   * no node holds it, and a new image would cost its pages again at the first drawing. */
  if (!image_fits (cache->surface, format, layer.width, layer.height, cache->device_scale))
    {
      g_clear_pointer (&cache->surface, cairo_surface_destroy);
      cache->surface = image_new (format, layer.width, layer.height, cache->device_scale);
    }
  cr = cairo_create (cache->surface);
  _admiralty_table_frame_begin (&frame, cr, &layer, battle, options);
  frame.sprites = cache_sprites (cache, view);
  frame.cache = cache;
  frame.device_scale = cache->device_scale;
  frame.device_scale = cache->device_scale;
  hash = table_hash (&frame);
  if (cache->table_hash == hash &&
      image_fits (cache->table, format, layer.width, layer.height, cache->device_scale))
    copy_surface (cache->surface, cache->table);
  else
    {
      _admiralty_table_draw_stage (&frame, STAGE_TABLE);
      cairo_surface_flush (cache->surface);
      if (!image_fits (cache->table, format, layer.width, layer.height, cache->device_scale))
        {
          g_clear_pointer (&cache->table, cairo_surface_destroy);
          cache->table = image_new (format, layer.width, layer.height, cache->device_scale);
        }
      copy_surface (cache->table, cache->surface);
      cache->table_hash = hash;
    }
  for (Stage stage = STAGE_TABLE + 1; stage <= last; stage++)
    _admiralty_table_draw_stage (&frame, stage);
  cache->occupancy = frame.occupancy;
  frame.occupancy.bits = NULL;
  _admiralty_table_frame_end (&frame);
  cairo_destroy (cr);
  cache->valid = TRUE;
  cache->last = last;
  cache->view = layer;
  cache->battle = battle;
  cache->audience = admiralty_table_options_audience (battle, options);
  cache->selected_ship = options->selected_ship;
  cache->target_ship = options->target_ship;
  cache->highlights = highlights_hash (options);
  cache->show_grid = options->show_grid;
  cache->show_labels = options->show_labels;
  cache->inches = options->inches;
}

void
admiralty_table_render_cached (cairo_t                     *cr,
                               const AdmiraltyTableView    *view,
                               AdmBattle                   *battle,
                               const AdmiraltyTableOptions *options,
                               AdmiraltyTableCache         *cache)
{
  Stage last;
  Frame frame;
  double dx = 0, dy = 0;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);
  g_return_if_fail (ADM_IS_BATTLE (battle));
  g_return_if_fail (options != NULL);
  g_return_if_fail (cache != NULL);

  if (view->width <= 0 || view->height <= 0)
    return;
  /* Everything up to the names is kept; the overlays and the ruler are drawn anew. */
  last = STAGE_MIDDLE;
  if (!cache_keys_match (cache, battle, options, last))
    cache_fill (cache, cr, view, battle, options, last, 0, 0);
  else if (!cache_offset (cache, view, &dx, &dy))
    {
      /* Panned off the kept layer, or zoomed: a pan (same scale) is likely to go on, so the
       * layer is drawn with a quarter of the window more on every side, to be copied
       * shifted while the drag stays within it. */
      gboolean panned = cache->view.scale == view->scale;

      cache_fill (cache, cr, view, battle, options, last,
                  panned ? MAX (64, view->width / 4) : 0,
                  panned ? MAX (64, view->height / 4) : 0);
      {
        gboolean inside = cache_offset (cache, view, &dx, &dy);

        g_assert (inside);
      }
    }

  _admiralty_table_frame_begin (&frame, cr, view, battle, options);
  /* The kept layers copied as they are (they are opaque), then the rest drawn on them. */
  cairo_save (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, cache->surface, -dx, -dy);
  cairo_paint (cr);
  cairo_restore (cr);
  _admiralty_table_occupancy_clear (&frame.occupancy);
  _admiralty_table_occupancy_copy (&frame.occupancy, &cache->occupancy, view);
  frame.sprites = cache_sprites (cache, view);
  frame.cache = cache;
  for (Stage stage = last + 1; stage <= STAGE_RULER; stage++)
    _admiralty_table_draw_stage (&frame, stage);
  _admiralty_table_frame_end (&frame);
}
