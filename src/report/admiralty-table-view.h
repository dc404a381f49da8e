/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-view.h: the window a tactical table is seen through — which cm point sits
 * in the middle, at how many pixels per cm — and its maths: cm to pixels and back, a zoom
 * about a point, a pan. The table's renderer draws through it; the table widget changes it
 * as the zoom-and-pan helper says (admiralty-zoom-pan.h). Plain numbers: no display. */
#pragma once

#include "adm-geometry.h"

G_BEGIN_DECLS

/* A window onto the table. The table is in cm, x right and y down (adm-geometry.h); the view
 * maps the cm point (centre_x, centre_y) to the middle of a width × height pixel area, at
 * scale pixels per cm. */
typedef struct {
  double centre_x;  /* cm at the view's centre */
  double centre_y;
  double scale;     /* pixels per cm */
  int    width;     /* pixels */
  int    height;
} AdmiraltyTableView;

/* The scales a view keeps to, pixels per cm: a 4 m table on a small window at one end, a
 * single base filling the screen at the other. */
#define ADMIRALTY_TABLE_MIN_SCALE 0.25
#define ADMIRALTY_TABLE_MAX_SCALE 400.0
/* The scale of a fresh view, and of a fit with nothing to frame. */
#define ADMIRALTY_TABLE_DEFAULT_SCALE 10.0

/* A @width × @height view centred on (0, 0) at 10 pixels per cm. */
void                admiralty_table_view_init       (AdmiraltyTableView       *view,
                                                     int                       width,
                                                     int                       height);
/* Table cm to view pixels and back; the two are exact inverses. */
void                admiralty_table_view_to_pixels  (const AdmiraltyTableView *view,
                                                     AdmPoint                  point,
                                                     double                   *x,
                                                     double                   *y);
AdmPoint            admiralty_table_view_to_table   (const AdmiraltyTableView *view,
                                                     double                    x,
                                                     double                    y);
/* Multiplies the scale by @factor (clamped to the scale limits) keeping the table point
 * under pixel (@x, @y) where it is, as a scroll-wheel zoom does. */
void                admiralty_table_view_zoom       (AdmiraltyTableView       *view,
                                                     double                    factor,
                                                     double                    x,
                                                     double                    y);
/* Moves the table by (@dx, @dy) pixels on screen, as a drag does. */
void                admiralty_table_view_pan        (AdmiraltyTableView       *view,
                                                     double                    dx,
                                                     double                    dy);

G_END_DECLS
