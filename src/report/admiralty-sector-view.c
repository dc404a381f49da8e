/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-view.c: map units to pixels and back, fits, zooms and pans of a view onto
 * the sector map, where each sector's card lies and which card is under a pixel. The plane's
 * own maths — a centre and a scale — is the tactical table's (admiralty-table-view.c). */

#include "config.h"

#include <math.h>

#include "admiralty-sector-view.h"
#include "admiralty-key-step.h"
#include "admiralty-table-view.h"

#define NODE_W           ((double) ADMIRALTY_SECTOR_NODE_WIDTH)
#define NODE_H           ((double) ADMIRALTY_SECTOR_NODE_HEIGHT)
#define NODE_ABOVE       ((double) ADMIRALTY_SECTOR_NODE_ABOVE)
#define NODE_RADIUS      ADMIRALTY_SECTOR_NODE_RADIUS
#define FIT_PADDING      16.0  /* px between a fitted view's edge and the outermost cards */
#define FIT_TIGHT_PADDING 6.0  /* px, the same where the cards would overlap */

/* @view's centre, scale and size as a view onto a plane: the table's, in map units for cm. */
static AdmiraltyTableView
as_plane (const AdmiraltySectorView *view)
{
  return (AdmiraltyTableView) { view->centre_x, view->centre_y, view->scale, view->width,
                                view->height };
}

void
admiralty_sector_view_init (AdmiraltySectorView *view,
                            int                  width,
                            int                  height)
{
  g_return_if_fail (view != NULL);

  view->centre_x = 0.0;
  view->centre_y = 0.0;
  view->scale = 1.0;
  view->width = width;
  view->height = height;
  view->zoom = 1.0;
  view->cards = NULL;
}

/* @sector's card at zoom 1: its measured size when @view has one, else the default. */
static AdmiraltySectorCardSize
card_size (const AdmiraltySectorView *view,
           const AdmSector           *sector)
{
  const AdmiraltySectorCardSize *size =
    view->cards != NULL ? g_hash_table_lookup (view->cards, sector) : NULL;

  return size != NULL ? *size : (AdmiraltySectorCardSize) { NODE_W, NODE_ABOVE, NODE_H };
}

static double
view_zoom (const AdmiraltySectorView *view)
{
  return view->zoom > 0 ? view->zoom : 1.0;
}

double
admiralty_sector_view_get_zoom (const AdmiraltySectorView *view)
{
  g_return_val_if_fail (view != NULL, 1.0);

  return view_zoom (view);
}

void
admiralty_sector_view_unzoomed (const AdmiraltySectorView *view,
                                AdmiraltySectorView       *inner)
{
  double zoom;

  g_return_if_fail (view != NULL && inner != NULL);

  zoom = view_zoom (view);
  inner->cards = view->cards;
  inner->zoom = 1.0;
  inner->scale = view->scale / zoom;
  inner->width = (int) ceil (view->width / zoom);
  inner->height = (int) ceil (view->height / zoom);
  inner->centre_x = view->centre_x + (inner->width / 2.0 - view->width / (2.0 * zoom)) /
                    inner->scale;
  inner->centre_y = view->centre_y + (inner->height / 2.0 - view->height / (2.0 * zoom)) /
                    inner->scale;
}

void
admiralty_sector_view_to_pixels (const AdmiraltySectorView *view,
                                 double                     map_x,
                                 double                     map_y,
                                 double                    *x,
                                 double                    *y)
{
  AdmiraltyTableView plane;

  g_return_if_fail (view != NULL && x != NULL && y != NULL);

  plane = as_plane (view);
  admiralty_table_view_to_pixels (&plane, (AdmPoint) { map_x, map_y }, x, y);
}

void
admiralty_sector_view_to_map (const AdmiraltySectorView *view,
                              double                     x,
                              double                     y,
                              double                    *map_x,
                              double                    *map_y)
{
  AdmiraltyTableView plane;
  AdmPoint point;

  g_return_if_fail (view != NULL && view->scale > 0);
  g_return_if_fail (map_x != NULL && map_y != NULL);

  plane = as_plane (view);
  point = admiralty_table_view_to_table (&plane, x, y);
  *map_x = point.x;
  *map_y = point.y;
}

/* The largest scale, px per map unit, at which cards ending @before[i] px before and @after[i]
 * px after the coordinates @at[i] all lie within @room px: for each pair of cards, the one
 * further on ends before @room less the other's start. G_MAXDOUBLE when no pair limits it. */
static double
span_scale (const double *at,
            const double *before,
            const double *after,
            guint         n,
            double        room)
{
  double scale = G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      if (at[i] > at[j])
        scale = MIN (scale, MAX (room - after[i] - before[j], 1.0) / (at[i] - at[j]));
  return scale;
}

/* The middle, in map units, of what the cards ending @before[i] px before and @after[i] px
 * after @at[i] take at @scale. */
static double
span_middle (const double *at,
             const double *before,
             const double *after,
             guint         n,
             double        scale)
{
  double first = G_MAXDOUBLE, last = -G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    {
      first = MIN (first, at[i] * scale - before[i]);
      last = MAX (last, at[i] * scale + after[i]);
    }
  return (first + last) / 2 / scale;
}

/* Centres and scales @view so that every sector's whole card, at its own size drawn @zoom times
 * larger, fits @padding px from its edges. */
static void
fit_at_zoom (AdmiraltySectorView *view,
             AdmScenario         *scenario,
             double               zoom,
             double               padding)
{
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  guint n = sectors->len;
  g_autofree double *x = g_new (double, n), *left = g_new (double, n), *right = g_new (double, n);
  g_autofree double *y = g_new (double, n), *up = g_new (double, n), *down = g_new (double, n);
  double scale;

  view->centre_x = view->centre_y = 0.0;
  view->scale = 1.0;
  view->zoom = 1.0;
  if (n == 0)
    return;
  for (guint i = 0; i < n; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      AdmiraltySectorCardSize size = card_size (view, sector);

      x[i] = sector->x;
      y[i] = sector->y;
      left[i] = right[i] = zoom * size.width / 2;
      up[i] = zoom * size.above;
      down[i] = zoom * (size.height - size.above);
    }
  /* The outermost cards touch the padding. */
  scale = MIN (span_scale (x, left, right, n, view->width - 2 * padding),
               span_scale (y, up, down, n, view->height - 2 * padding));
  if (scale == G_MAXDOUBLE)
    scale = 1.0;  /* a single sector, or all in one place */
  view->scale = CLAMP (scale, ADMIRALTY_SECTOR_MIN_SCALE, ADMIRALTY_SECTOR_MAX_SCALE);
  view->zoom = zoom;
  /* What is drawn in the middle: the cards reach further below their sectors than above. */
  view->centre_x = span_middle (x, left, right, n, view->scale);
  view->centre_y = span_middle (y, up, down, n, view->scale);
}

void
admiralty_sector_view_fit (AdmiraltySectorView *view,
                           AdmScenario         *scenario)
{
  g_return_if_fail (view != NULL);
  g_return_if_fail (ADM_IS_SCENARIO (scenario));

  fit_at_zoom (view, scenario, 1.0, FIT_PADDING);
}

void
admiralty_sector_view_fit_apart (AdmiraltySectorView *view,
                                 AdmScenario         *scenario)
{
  g_return_if_fail (view != NULL);
  g_return_if_fail (ADM_IS_SCENARIO (scenario));

  fit_at_zoom (view, scenario, 1.0, FIT_PADDING);
  if (!admiralty_sector_view_cards_overlap (view, scenario))
    return;
  /* Crowded cards come nearer the edges first, then shrink. */
  for (double zoom = 1.0; zoom > ADMIRALTY_SECTOR_FIT_MIN_ZOOM; zoom -= 1.0 / 32)
    {
      fit_at_zoom (view, scenario, zoom, FIT_TIGHT_PADDING);
      if (!admiralty_sector_view_cards_overlap (view, scenario))
        return;
    }
  fit_at_zoom (view, scenario, ADMIRALTY_SECTOR_FIT_MIN_ZOOM, FIT_TIGHT_PADDING);
}

gboolean
admiralty_sector_rects_near (const cairo_rectangle_t *a,
                             const cairo_rectangle_t *b,
                             double                   gap)
{
  return a->x < b->x + b->width + gap && b->x < a->x + a->width + gap &&
         a->y < b->y + b->height + gap && b->y < a->y + a->height + gap;
}

gboolean
admiralty_sector_view_cards_overlap (const AdmiraltySectorView *view,
                                     AdmScenario               *scenario)
{
  g_autofree cairo_rectangle_t *rects = NULL;
  guint n;
  double gap;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), FALSE);

  n = adm_scenario_get_sectors (scenario)->len;
  rects = admiralty_sector_node_rects (view, scenario);
  gap = ADMIRALTY_SECTOR_CARD_GAP * view_zoom (view);
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (admiralty_sector_rects_near (&rects[i], &rects[j], gap))
        return TRUE;
  return FALSE;
}

double
admiralty_sector_view_largest_scale (AdmScenario *scenario,
                                     GHashTable  *cards,
                                     int          width,
                                     int          height,
                                     double       max_scale)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), 1.0);

  for (double scale = max_scale; scale > 1.0; scale -= 0.125)
    {
      AdmiraltySectorView view;

      admiralty_sector_view_init (&view, (int) (width / scale), (int) (height / scale));
      view.cards = cards;
      admiralty_sector_view_fit (&view, scenario);
      if (!admiralty_sector_view_cards_overlap (&view, scenario))
        return scale;
    }
  return 1.0;
}

void
admiralty_sector_view_zoom (AdmiraltySectorView *view,
                            double               factor,
                            double               x,
                            double               y)
{
  double map_x, map_y;

  g_return_if_fail (view != NULL);
  g_return_if_fail (factor > 0);

  admiralty_sector_view_to_map (view, x, y, &map_x, &map_y);
  /* Scale and zoom move together: the factor is what keeps both within their limits. */
  factor = CLAMP (factor, ADMIRALTY_SECTOR_MIN_SCALE / view->scale,
                  ADMIRALTY_SECTOR_MAX_SCALE / view->scale);
  factor = CLAMP (factor, ADMIRALTY_SECTOR_MIN_ZOOM / view_zoom (view),
                  ADMIRALTY_SECTOR_MAX_ZOOM / view_zoom (view));
  view->scale = CLAMP (view->scale * factor, ADMIRALTY_SECTOR_MIN_SCALE,
                       ADMIRALTY_SECTOR_MAX_SCALE);
  view->zoom = CLAMP (view_zoom (view) * factor, ADMIRALTY_SECTOR_MIN_ZOOM,
                      ADMIRALTY_SECTOR_MAX_ZOOM);
  /* Put the anchor back under (x, y) at the new scale. */
  view->centre_x = map_x - (x - view->width / 2.0) / view->scale;
  view->centre_y = map_y - (y - view->height / 2.0) / view->scale;
}

void
admiralty_sector_view_pan (AdmiraltySectorView *view,
                           double               dx,
                           double               dy)
{
  AdmiraltyTableView plane;

  g_return_if_fail (view != NULL && view->scale > 0);

  plane = as_plane (view);
  admiralty_table_view_pan (&plane, dx, dy);
  view->centre_x = plane.centre_x;
  view->centre_y = plane.centre_y;
}

/* The cards */

void
admiralty_sector_node_rect (const AdmiraltySectorView *view,
                            const AdmSector           *sector,
                            cairo_rectangle_t         *rect)
{
  AdmiraltySectorCardSize size;
  double x, y;

  g_return_if_fail (view != NULL && sector != NULL && rect != NULL);

  if (view_zoom (view) != 1.0)
    {
      AdmiraltySectorView inner;
      double zoom = view_zoom (view);

      admiralty_sector_view_unzoomed (view, &inner);
      admiralty_sector_node_rect (&inner, sector, rect);
      *rect = (cairo_rectangle_t) { rect->x * zoom, rect->y * zoom, rect->width * zoom,
                                    rect->height * zoom };
      return;
    }
  admiralty_sector_view_to_pixels (view, sector->x, sector->y, &x, &y);
  size = card_size (view, sector);
  /* Whole pixels, so that the borders and the markers inside are crisp. */
  rect->x = round (x - size.width / 2);
  rect->y = round (y - size.above);
  rect->width = size.width;
  rect->height = size.height;
}

cairo_rectangle_t *
admiralty_sector_node_rects (const AdmiraltySectorView *view,
                             AdmScenario               *scenario)
{
  GPtrArray *sectors;
  cairo_rectangle_t *rects;
  AdmiraltySectorView inner;
  double zoom;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  sectors = adm_scenario_get_sectors (scenario);
  rects = g_new (cairo_rectangle_t, MAX (sectors->len, 1));
  /* The zoomed view's rectangles are its unzoomed view's, scaled: that view made once. */
  zoom = view_zoom (view);
  admiralty_sector_view_unzoomed (view, &inner);
  for (guint i = 0; i < sectors->len; i++)
    {
      cairo_rectangle_t *rect = &rects[i];

      admiralty_sector_node_rect (&inner, g_ptr_array_index (sectors, i), rect);
      *rect = (cairo_rectangle_t) { rect->x * zoom, rect->y * zoom, rect->width * zoom,
                                    rect->height * zoom };
    }
  return rects;
}

/* Whether (@x, @y) is inside @rect with its corners rounded by NODE_RADIUS. */
static gboolean
rounded_rect_contains (const cairo_rectangle_t *rect,
                       double                   x,
                       double                   y)
{
  double dx, dy;

  if (x < rect->x || y < rect->y || x >= rect->x + rect->width || y >= rect->y + rect->height)
    return FALSE;
  /* The distance into the corner square, if (x, y) is in one. */
  dx = MAX (MAX (rect->x + NODE_RADIUS - x, x - (rect->x + rect->width - NODE_RADIUS)), 0.0);
  dy = MAX (MAX (rect->y + NODE_RADIUS - y, y - (rect->y + rect->height - NODE_RADIUS)), 0.0);
  return dx * dx + dy * dy <= NODE_RADIUS * NODE_RADIUS;
}

gboolean
admiralty_sector_view_shows_rect (const AdmiraltySectorView *view,
                                  const cairo_rectangle_t   *rect)
{
  return rect->x < view->width && rect->y < view->height &&
         rect->x + rect->width > 0 && rect->y + rect->height > 0;
}

AdmSector *
admiralty_sector_at (const AdmiraltySectorView *view,
                     AdmScenario               *scenario,
                     double                     x,
                     double                     y)
{
  GPtrArray *sectors;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  if (view_zoom (view) != 1.0)
    {
      AdmiraltySectorView inner;

      admiralty_sector_view_unzoomed (view, &inner);
      return admiralty_sector_at (&inner, scenario, x / view_zoom (view), y / view_zoom (view));
    }
  sectors = adm_scenario_get_sectors (scenario);
  /* Later cards are drawn over earlier ones. */
  for (guint i = sectors->len; i-- > 0;)
    {
      AdmSector *sector = g_ptr_array_index (sectors, i);
      cairo_rectangle_t rect;

      admiralty_sector_node_rect (view, sector, &rect);
      if (rounded_rect_contains (&rect, x, y))
        return sector;
    }
  return NULL;
}

AdmSector *
admiralty_sector_towards (AdmScenario     *scenario,
                          const AdmSector *from,
                          int              dx,
                          int              dy)
{
  GPtrArray *sectors;
  AdmSector *best = NULL;
  double best_score = INFINITY;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (from != NULL, NULL);

  sectors = adm_scenario_get_sectors (scenario);
  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *sector = g_ptr_array_index (sectors, i);
      double score = admiralty_key_step_score (from->x, from->y, sector->x, sector->y, dx, dy);

      if (sector != from && score < best_score)
        {
          best = sector;
          best_score = score;
        }
    }
  return best;
}
