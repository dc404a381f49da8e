/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-layout.c: where the sector map's formations are — which an audience is
 * shown, on which card and on which of its lines, or how far along the link they are
 * crossing — and which marker is under a pixel, at any zoom. */

#include "config.h"

#include <math.h>

#include "admiralty-sector-renderer-private.h"
#include "adm-audience.h"

#define MARKER_STRIDE    15    /* px between formations side by side on a link */

/* Formations: which are drawn and where */

const AdmiraltySectorOptions *
_admiralty_sector_options_or_defaults (const AdmiraltySectorOptions *options,
                                       AdmiraltySectorOptions       *defaults)
{
  if (options != NULL)
    return options;
  admiralty_sector_options_init (defaults);
  return defaults;
}

GPtrArray *
_admiralty_sector_formations_in_being (AdmScenario                  *scenario,
                                       const AdmiraltySectorOptions *options)
{
  return options->strategy != NULL ? adm_strategy_get_formations (options->strategy)
                                   : adm_scenario_get_formations (scenario);
}

gboolean
admiralty_sector_formation_shown (AdmScenario                  *scenario,
                                  const AdmiraltySectorOptions *options,
                                  const AdmFormation           *formation)
{
  AdmiraltySectorOptions defaults;
  const AdmFaction *viewer;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);

  options = _admiralty_sector_options_or_defaults (options, &defaults);
  if (options->audience == ADMIRALTY_SECTOR_AUDIENCE_MASTER)
    return TRUE;
  viewer = options->audience == ADMIRALTY_SECTOR_AUDIENCE_SIDE ? options->viewer : NULL;
  if (options->strategy != NULL)
    return adm_strategy_formation_visible (options->strategy, formation, viewer);
  /* Start positions: nothing has been revealed yet. */
  return !formation->hidden ||
         (viewer != NULL && adm_scenario_factions_allied (scenario, viewer, formation->faction));
}

GPtrArray *
_admiralty_sector_last_seen (const AdmiraltySectorOptions *options)
{
  return adm_audience_last_seen (options->strategy,
                                 options->audience == ADMIRALTY_SECTOR_AUDIENCE_SIDE
                                   ? ADM_AUDIENCE_SIDE : ADM_AUDIENCE_MASTER,
                                 options->viewer);
}

GPtrArray *
admiralty_sector_last_seen_in (AdmScenario                  *scenario,
                               const AdmiraltySectorOptions *options,
                               const AdmSector              *sector)
{
  AdmiraltySectorOptions defaults;
  g_autoptr(GPtrArray) all = NULL;
  GPtrArray *result = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), result);

  options = _admiralty_sector_options_or_defaults (options, &defaults);
  all = _admiralty_sector_last_seen (options);
  for (guint i = 0; i < all->len; i++)
    {
      AdmSighting *sighting = g_ptr_array_index (all, i);

      if (sighting->sector == sector && sighting->towards == NULL)
        g_ptr_array_add (result, g_memdup2 (sighting, sizeof *sighting));
    }
  return result;
}

/* Where @formation is: its sector, and when it is crossing a link the sector it goes to and
 * the share of the link behind it. */
const AdmSector *
_admiralty_sector_formation_place (AdmScenario                  *scenario,
                                   const AdmiraltySectorOptions *options,
                                   const AdmFormation           *formation,
                                   const AdmSector             **towards,
                                   double                       *progress)
{
  const AdmFormationPosition *position = NULL;

  *towards = NULL;
  *progress = 0.0;
  if (options->strategy != NULL)
    position = adm_strategy_get_position (options->strategy, formation->id);
  if (position == NULL)
    return formation->sector;
  if (position->towards != NULL)
    {
      *towards = position->towards;
      *progress = position->leg > 0 ? CLAMP (position->spent / position->leg, 0.0, 1.0) : 0.0;
    }
  return position->sector;
}

GPtrArray *
admiralty_sector_formations_in (AdmScenario                  *scenario,
                                const AdmiraltySectorOptions *options,
                                const AdmSector              *sector)
{
  AdmiraltySectorOptions defaults;
  GPtrArray *formations, *result = g_ptr_array_new ();

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), result);

  options = _admiralty_sector_options_or_defaults (options, &defaults);
  formations = _admiralty_sector_formations_in_being (scenario, options);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmSector *towards;
      double progress;

      if (_admiralty_sector_formation_place (scenario, options, formation, &towards,
                                             &progress) == sector &&
          towards == NULL && admiralty_sector_formation_shown (scenario, options, formation))
        g_ptr_array_add (result, (gpointer) formation);
    }
  return result;
}

/* The share of the line from (@x, @y) by (@dx, @dy) that lies inside @card, from (@x, @y),
 * which is inside it. */
static double
card_share (const cairo_rectangle_t *card,
            double                   x,
            double                   y,
            double                   dx,
            double                   dy)
{
  double share = G_MAXDOUBLE;

  if (fabs (dx) > 1e-9)
    share = MIN (share, ((dx > 0 ? card->x + card->width : card->x) - x) / dx);
  if (fabs (dy) > 1e-9)
    share = MIN (share, ((dy > 0 ? card->y + card->height : card->y) - y) / dy);
  return MAX (share, 0.0);
}

/* The centre of a formation's marker on the link @from → @towards, @progress along the part of
 * the link between the two cards, each of its own size in @view; @index of @count formations
 * on that link, side by side across it. */
void
_admiralty_sector_transit_point (const AdmiraltySectorView *view,
                                 const AdmSector           *from,
                                 const AdmSector           *towards,
                                 double                     progress,
                                 guint                      index,
                                 guint                      count,
                                 double                    *x,
                                 double                    *y,
                                 double                    *angle)
{
  cairo_rectangle_t from_card, towards_card;
  double ax, ay, bx, by, dx, dy, length, margin, start, end, t, offset;

  admiralty_sector_view_to_pixels (view, from->x, from->y, &ax, &ay);
  admiralty_sector_view_to_pixels (view, towards->x, towards->y, &bx, &by);
  admiralty_sector_node_rect (view, from, &from_card);
  admiralty_sector_node_rect (view, towards, &towards_card);
  dx = bx - ax;
  dy = by - ay;
  length = hypot (dx, dy);
  margin = (MARKER_SIZE / 2.0 + 4) / MAX (length, 1.0);
  start = card_share (&from_card, ax, ay, dx, dy) + margin;
  end = 1 - card_share (&towards_card, bx, by, -dx, -dy) - margin;
  t = start < end ? start + (end - start) * progress : 0.5;
  offset = (index - (count - 1) / 2.0) * MARKER_STRIDE;
  *angle = atan2 (dy, dx);
  *x = ax + dx * t - sin (*angle) * offset;
  *y = ay + dy * t + cos (*angle) * offset;
}

/* Where @formation's marker is on its link: the formations crossing the same link, either
 * way, stand side by side in order. */
gboolean
_admiralty_sector_transit_position (const AdmiraltySectorView    *view,
                                    AdmScenario                  *scenario,
                                    const AdmiraltySectorOptions *options,
                                    const AdmFormation           *formation,
                                    double                       *x,
                                    double                       *y,
                                    double                       *angle)
{
  GPtrArray *formations = _admiralty_sector_formations_in_being (scenario, options);
  const AdmSector *from, *towards = NULL;
  double progress = 0;
  guint index = 0, count = 0;

  from = _admiralty_sector_formation_place (scenario, options, formation, &towards, &progress);
  if (towards == NULL)
    return FALSE;
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *other = g_ptr_array_index (formations, i);
      const AdmSector *other_from, *other_towards;
      double other_progress;

      other_from = _admiralty_sector_formation_place (scenario, options, other, &other_towards,
                                                      &other_progress);
      if (other_towards == NULL || !admiralty_sector_formation_shown (scenario, options, other))
        continue;
      if (!((other_from == from && other_towards == towards) ||
            (other_from == towards && other_towards == from)))
        continue;
      if (other == formation)
        index = count;
      count++;
    }
  _admiralty_sector_transit_point (view, from, towards, progress, index, MAX (count, 1), x, y,
                                   angle);
  return TRUE;
}

/* The centre of the marker of the row of @card (at @rect) that is @formation's, a last-seen
 * mark's (@ghost) or its own; FALSE when the card has no row for it. */
static gboolean
row_marker (const Card              *card,
            const cairo_rectangle_t *rect,
            const AdmFormation      *formation,
            gboolean                 ghost,
            double                  *x,
            double                  *y)
{
  for (guint i = 0; i < card->rows->len; i++)
    {
      const CardRow *row = &g_array_index (card->rows, CardRow, i);

      if (row->formation == formation && row->ghost == ghost)
        {
          marker_origin (rect, row, x, y);
          *x += MARKER_SIZE / 2.0;
          *y += MARKER_SIZE / 2.0;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
admiralty_sector_formation_position (const AdmiraltySectorView    *view,
                                     AdmScenario                  *scenario,
                                     const AdmiraltySectorOptions *options,
                                     const AdmFormation           *formation,
                                     double                       *x,
                                     double                       *y)
{
  AdmiraltySectorOptions defaults;
  AdmiraltySectorView sized;
  g_autoptr(GHashTable) cards = NULL;
  const AdmSector *sector, *towards;
  cairo_rectangle_t rect;
  double progress, angle, zoom;

  g_return_val_if_fail (view != NULL && x != NULL && y != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);

  zoom = admiralty_sector_view_get_zoom (view);
  if (zoom != 1.0)
    {
      AdmiraltySectorView inner;

      admiralty_sector_view_unzoomed (view, &inner);
      if (!admiralty_sector_formation_position (&inner, scenario, options, formation, x, y))
        return FALSE;
      *x *= zoom;
      *y *= zoom;
      return TRUE;
    }
  options = _admiralty_sector_options_or_defaults (options, &defaults);
  if (!admiralty_sector_formation_shown (scenario, options, formation))
    return FALSE;
  view = _admiralty_sector_sized_view (view, scenario, options, &sized, &cards);
  sector = _admiralty_sector_formation_place (scenario, options, formation, &towards, &progress);
  if (towards != NULL)
    return _admiralty_sector_transit_position (view, scenario, options, formation, x, y, &angle);
  if (sector == NULL)
    return FALSE;
  admiralty_sector_node_rect (view, sector, &rect);
  return row_marker (_admiralty_sector_card (view, sector), &rect, formation, FALSE, x, y);
}

gboolean
admiralty_sector_last_seen_position (const AdmiraltySectorView    *view,
                                     AdmScenario                  *scenario,
                                     const AdmiraltySectorOptions *options,
                                     const AdmFormation           *formation,
                                     double                       *x,
                                     double                       *y)
{
  AdmiraltySectorOptions defaults;
  AdmiraltySectorView sized;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(GPtrArray) all = NULL;
  const AdmSighting *sighting = NULL;
  cairo_rectangle_t rect;
  double angle, zoom;

  g_return_val_if_fail (view != NULL && x != NULL && y != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);

  zoom = admiralty_sector_view_get_zoom (view);
  if (zoom != 1.0)
    {
      AdmiraltySectorView inner;

      admiralty_sector_view_unzoomed (view, &inner);
      if (!admiralty_sector_last_seen_position (&inner, scenario, options, formation, x, y))
        return FALSE;
      *x *= zoom;
      *y *= zoom;
      return TRUE;
    }
  options = _admiralty_sector_options_or_defaults (options, &defaults);
  all = _admiralty_sector_last_seen (options);
  for (guint i = 0; i < all->len && sighting == NULL; i++)
    if (((AdmSighting *) g_ptr_array_index (all, i))->formation == formation)
      sighting = g_ptr_array_index (all, i);
  if (sighting == NULL)
    return FALSE;
  view = _admiralty_sector_sized_view (view, scenario, options, &sized, &cards);
  if (sighting->towards != NULL)
    {
      _admiralty_sector_transit_point (view, sighting->sector, sighting->towards,
                                       sighting->progress, 0, 1, x, y, &angle);
      return TRUE;
    }
  admiralty_sector_node_rect (view, sighting->sector, &rect);
  return row_marker (_admiralty_sector_card (view, sighting->sector), &rect, formation, TRUE,
                     x, y);
}

AdmFormation *
admiralty_sector_formation_at (const AdmiraltySectorView    *view,
                               AdmScenario                  *scenario,
                               const AdmiraltySectorOptions *options,
                               double                        x,
                               double                        y)
{
  AdmiraltySectorOptions defaults;
  AdmiraltySectorView sized;
  g_autoptr(GHashTable) cards = NULL;
  GPtrArray *formations;
  AdmSector *sector;
  double zoom;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  zoom = admiralty_sector_view_get_zoom (view);
  if (zoom != 1.0)
    {
      AdmiraltySectorView inner;

      admiralty_sector_view_unzoomed (view, &inner);
      return admiralty_sector_formation_at (&inner, scenario, options, x / zoom, y / zoom);
    }
  options = _admiralty_sector_options_or_defaults (options, &defaults);
  view = _admiralty_sector_sized_view (view, scenario, options, &sized, &cards);
  /* On a link, the marker, drawn over the cards… */
  formations = _admiralty_sector_formations_in_being (scenario, options);
  for (guint i = formations->len; i-- > 0;)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      double mx, my, angle;

      if (admiralty_sector_formation_shown (scenario, options, formation) &&
          _admiralty_sector_transit_position (view, scenario, options, formation, &mx, &my,
                                              &angle) &&
          fabs (x - mx) <= MARKER_SIZE / 2.0 + 1 && fabs (y - my) <= MARKER_SIZE / 2.0 + 1)
        return formation;
    }
  /* …on a card, the whole row: its marker and every line of its name. */
  sector = admiralty_sector_at (view, scenario, x, y);
  if (sector != NULL)
    {
      const Card *card = _admiralty_sector_card (view, sector);
      cairo_rectangle_t rect;

      admiralty_sector_node_rect (view, sector, &rect);
      for (guint i = 0; i < card->rows->len; i++)
        {
          const CardRow *row = &g_array_index (card->rows, CardRow, i);
          double mx, my;

          marker_origin (&rect, row, &mx, &my);
          if (!row->ghost && x >= mx - 1 && x <= rect.x + rect.width - NODE_INSET &&
              y >= rect.y + row->top && y < rect.y + row->top + row->height)
            return (AdmFormation *) row->formation;
        }
    }
  return NULL;
}
