/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-layout.c: where the sector map's formations are — which an audience is
 * shown, on which card and on which of its lines, or how far along the link they are
 * crossing — and which marker is under a pixel, at any zoom. */

#include "config.h"

#include <math.h>

#include "admiralty-sector-renderer-private.h"

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

/* How many markers @sector's card has in its row: the formations shown, then the marks of
 * those last seen there. */
static guint
row_count (AdmScenario                  *scenario,
           const AdmiraltySectorOptions *options,
           const AdmSector              *sector,
           guint                         shown)
{
  g_autoptr(GPtrArray) ghosts = admiralty_sector_last_seen_in (scenario, options, sector);

  return shown + ghosts->len;
}

/* Gives each of the formations a card draws (@here, then the marks of @ghosts, as many as
 * markers_shown () allows) its first line in @rows, and @rows[shown] the line after the
 * last, where a "+N" badge goes. A name too long for its line gets a second one while the
 * card has lines to spare, first come first served; the rest are cut with "…". Measured
 * in the label's font on a scratch surface, so that the drawing, the hit tests and the
 * markers' positions agree. */
void
_admiralty_sector_card_rows (AdmScenario                  *scenario,
                             const AdmiraltySectorOptions *options,
                             GPtrArray                    *here,
                             GPtrArray                    *ghosts,
                             guint                         rows[FORMATION_LINES + 1])
{
  guint count = here->len + ghosts->len;
  guint shown = markers_shown (count);
  guint spare = FORMATION_LINES - shown - (shown < count ? 1 : 0);
  cairo_surface_t *surface = NULL;
  cairo_t *cr = NULL;
  guint row = 0;

  for (guint i = 0; i < shown; i++)
    {
      gboolean ghost = i >= here->len;
      const AdmFormation *formation =
        ghost ? ((AdmSighting *) g_ptr_array_index (ghosts, i - here->len))->formation
              : g_ptr_array_index (here, i);

      rows[i] = row++;
      if (spare == 0)
        continue;
      if (cr == NULL)
        {
          surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
          cr = cairo_create (surface);
          cairo_set_font_size (cr, LABEL_FONT_SIZE);
        }
      cairo_select_font_face (cr, "Sans", ghost ? CAIRO_FONT_SLANT_ITALIC
                                                : CAIRO_FONT_SLANT_NORMAL,
                              CAIRO_FONT_WEIGHT_NORMAL);
      {
        g_autofree char *ships =
          ghost ? NULL : _admiralty_sector_ship_count_text (scenario, options, formation);
        double width = NODE_W - 2 * NODE_INSET - MARKER_SIZE - LABEL_GAP;

        if (ships != NULL)
          width -= _admiralty_sector_text_width (cr, ships) + LABEL_GAP;
        if (_admiralty_sector_text_width (cr, formation->name) > width)
          {
            row++;
            spare--;
          }
      }
    }
  rows[shown] = row;
  g_clear_pointer (&cr, cairo_destroy);
  g_clear_pointer (&surface, cairo_surface_destroy);
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

/* The share of the line between two cards' centres that lies inside a card, from either end. */
static double
card_share (double dx,
            double dy)
{
  double share = G_MAXDOUBLE;

  if (fabs (dx) > 1e-9)
    share = MIN (share, NODE_W / 2 / fabs (dx));
  /* The card reaches further down than up: its mean half-height will do. */
  if (fabs (dy) > 1e-9)
    share = MIN (share, NODE_H / 2 / fabs (dy));
  return share;
}

/* The centre of a formation's marker on the link @from → @towards, @progress along the part of
 * the link between the two cards; @index of @count formations on that link, side by side
 * across it. */
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
  double ax, ay, bx, by, dx, dy, length, share, t, offset;

  admiralty_sector_view_to_pixels (view, from->x, from->y, &ax, &ay);
  admiralty_sector_view_to_pixels (view, towards->x, towards->y, &bx, &by);
  dx = bx - ax;
  dy = by - ay;
  length = hypot (dx, dy);
  share = card_share (dx, dy) + (MARKER_SIZE / 2.0 + 4) / MAX (length, 1.0);
  t = share < 0.5 ? share + (1 - 2 * share) * progress : 0.5;
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

gboolean
admiralty_sector_formation_position (const AdmiraltySectorView    *view,
                                     AdmScenario                  *scenario,
                                     const AdmiraltySectorOptions *options,
                                     const AdmFormation           *formation,
                                     double                       *x,
                                     double                       *y)
{
  AdmiraltySectorOptions defaults;
  g_autoptr(GPtrArray) here = NULL;
  const AdmSector *sector, *towards;
  cairo_rectangle_t rect;
  double progress, angle, zoom;
  guint index = 0;

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
  sector = _admiralty_sector_formation_place (scenario, options, formation, &towards, &progress);
  if (towards != NULL)
    return _admiralty_sector_transit_position (view, scenario, options, formation, x, y, &angle);
  if (sector == NULL)
    return FALSE;
  here = admiralty_sector_formations_in (scenario, options, sector);
  if (!g_ptr_array_find (here, formation, &index) || index >= markers_shown (here->len))
    return FALSE;
  if (index >= markers_shown (row_count (scenario, options, sector, here->len)))
    return FALSE;
  {
    g_autoptr(GPtrArray) ghosts = admiralty_sector_last_seen_in (scenario, options, sector);
    guint rows[FORMATION_LINES + 1];

    _admiralty_sector_card_rows (scenario, options, here, ghosts, rows);
    admiralty_sector_node_rect (view, sector, &rect);
    marker_origin (&rect, rows[index], here->len + ghosts->len, x, y);
  }
  *x += MARKER_SIZE / 2.0;
  *y += MARKER_SIZE / 2.0;
  return TRUE;
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
  g_autoptr(GPtrArray) all = NULL;
  g_autoptr(GPtrArray) here = NULL;
  g_autoptr(GPtrArray) ghosts = NULL;
  const AdmSighting *sighting = NULL;
  cairo_rectangle_t rect;
  double angle, zoom;
  guint count, index;

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
  if (sighting->towards != NULL)
    {
      _admiralty_sector_transit_point (view, sighting->sector, sighting->towards,
                                       sighting->progress, 0, 1, x, y, &angle);
      return TRUE;
    }
  here = admiralty_sector_formations_in (scenario, options, sighting->sector);
  ghosts = admiralty_sector_last_seen_in (scenario, options, sighting->sector);
  count = here->len + ghosts->len;
  for (index = 0; index < ghosts->len; index++)
    if (((AdmSighting *) g_ptr_array_index (ghosts, index))->formation == formation)
      break;
  index += here->len;
  if (index >= markers_shown (count))
    return FALSE;
  {
    guint rows[FORMATION_LINES + 1];

    _admiralty_sector_card_rows (scenario, options, here, ghosts, rows);
    admiralty_sector_node_rect (view, sighting->sector, &rect);
    marker_origin (&rect, rows[index], count, x, y);
  }
  *x += MARKER_SIZE / 2.0;
  *y += MARKER_SIZE / 2.0;
  return TRUE;
}

AdmFormation *
admiralty_sector_formation_at (const AdmiraltySectorView    *view,
                               AdmScenario                  *scenario,
                               const AdmiraltySectorOptions *options,
                               double                        x,
                               double                        y)
{
  AdmiraltySectorOptions defaults;
  GPtrArray *formations;
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
  formations = _admiralty_sector_formations_in_being (scenario, options);
  for (guint i = formations->len; i-- > 0;)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmSector *towards;
      double mx, my, progress, right;

      if (!admiralty_sector_formation_position (view, scenario, options, formation, &mx, &my))
        continue;
      /* On a card, the whole line with its name; on a link, the marker. */
      _admiralty_sector_formation_place (scenario, options, formation, &towards, &progress);
      right = mx + MARKER_SIZE / 2.0 + 1;
      if (towards == NULL)
        right = mx - MARKER_SIZE / 2.0 + NODE_W - 2 * NODE_INSET;
      if (x >= mx - MARKER_SIZE / 2.0 - 1 && x <= right &&
          fabs (y - my) <= MIN (MARKER_SIZE / 2.0 + 1, LINE_STRIDE / 2))
        return formation;
    }
  return NULL;
}
