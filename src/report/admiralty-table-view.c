/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-view.c: cm to pixels and back, zooms and pans of a view onto the table. */

#include "config.h"

#include "admiralty-table-view.h"

void
admiralty_table_view_init (AdmiraltyTableView *view,
                           int                 width,
                           int                 height)
{
  g_return_if_fail (view != NULL);

  view->centre_x = 0.0;
  view->centre_y = 0.0;
  view->scale = ADMIRALTY_TABLE_DEFAULT_SCALE;
  view->width = width;
  view->height = height;
}

void
admiralty_table_view_to_pixels (const AdmiraltyTableView *view,
                                AdmPoint                  point,
                                double                   *x,
                                double                   *y)
{
  *x = view->width / 2.0 + (point.x - view->centre_x) * view->scale;
  *y = view->height / 2.0 + (point.y - view->centre_y) * view->scale;
}

AdmPoint
admiralty_table_view_to_table (const AdmiraltyTableView *view,
                               double                    x,
                               double                    y)
{
  return (AdmPoint) { view->centre_x + (x - view->width / 2.0) / view->scale,
                      view->centre_y + (y - view->height / 2.0) / view->scale };
}

void
admiralty_table_view_zoom (AdmiraltyTableView *view,
                           double              factor,
                           double              x,
                           double              y)
{
  AdmPoint anchor;

  g_return_if_fail (view != NULL);
  g_return_if_fail (factor > 0);

  anchor = admiralty_table_view_to_table (view, x, y);
  view->scale = CLAMP (view->scale * factor, ADMIRALTY_TABLE_MIN_SCALE,
                       ADMIRALTY_TABLE_MAX_SCALE);
  /* Put the anchor back under (x, y) at the new scale. */
  view->centre_x = anchor.x - (x - view->width / 2.0) / view->scale;
  view->centre_y = anchor.y - (y - view->height / 2.0) / view->scale;
}

void
admiralty_table_view_pan (AdmiraltyTableView *view,
                          double              dx,
                          double              dy)
{
  g_return_if_fail (view != NULL);

  view->centre_x -= dx / view->scale;
  view->centre_y -= dy / view->scale;
}
