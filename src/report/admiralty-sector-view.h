/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-view.h: the window the strategic sector map is seen through — which map
 * point sits in the middle, at how many pixels per map unit, and how many times their size
 * cards and type are drawn — and its maths: map units to pixels and back, a fit of every
 * card, a zoom about a point, a pan, where each sector's card lies and which card is under a
 * pixel. The sector renderer draws through it; the sector map widget changes it as the
 * zoom-and-pan helper says (admiralty-zoom-pan.h). Plain numbers: no display. */
#pragma once

#include <cairo.h>

#include "adm-scenario.h"

G_BEGIN_DECLS

/* A card's size at zoom 1, in px, as its text needs it: its width, how far it reaches above its
 * sector's position (its name) and its whole height (the objects and formations below the
 * position). admiralty_sector_cards_measure () (admiralty-sector-renderer.h) measures them. */
typedef struct {
  double width;
  double above;
  double height;
} AdmiraltySectorCardSize;

/* A window onto the map. Map units are those of the sectors' x and y in the scenario file,
 * x right and y down; the view maps the map point (centre_x, centre_y) to the middle of a
 * width × height pixel area, at scale pixels per map unit. Cards, type, markers and lines are
 * drawn zoom times their size: zooming in (admiralty_sector_view_zoom ()) multiplies scale and
 * zoom alike, so that the whole drawing grows, text with it; a fit sets zoom back to 1, or a
 * little under it where the cards would otherwise overlap (admiralty_sector_view_fit_apart ()).
 * Each card is as large as its text needs when the view has the cards' sizes (cards), else
 * ADMIRALTY_SECTOR_NODE_WIDTH × ADMIRALTY_SECTOR_NODE_HEIGHT. */
typedef struct {
  double      centre_x;  /* map units at the view's centre */
  double      centre_y;
  double      scale;     /* pixels per map unit */
  int         width;     /* pixels */
  int         height;
  double      zoom;      /* cards, type and markers this many times their size */
  GHashTable *cards;     /* AdmSector* → AdmiraltySectorCardSize* at zoom 1 (borrowed), or
                          * NULL */
} AdmiraltySectorView;

/* The scales a view keeps to, pixels per map unit, and its zooms. */
#define ADMIRALTY_SECTOR_MIN_SCALE 0.05
#define ADMIRALTY_SECTOR_MAX_SCALE 20.0
#define ADMIRALTY_SECTOR_MIN_ZOOM  0.25
#define ADMIRALTY_SECTOR_MAX_ZOOM  6.0
/* The smallest a fit draws cards and type to keep them apart: formations' names at 8 px. */
#define ADMIRALTY_SECTOR_FIT_MIN_ZOOM 0.8

/* A sector's card at zoom 1, in pixels, when the view has no measured sizes; the smallest width
 * and part above the position a measured card has. Its name sits above the sector's position,
 * its objects and one line per formation ("■ name") below, so the card reaches further down
 * than up: ADMIRALTY_SECTOR_NODE_ABOVE of its height lies above the position. */
#define ADMIRALTY_SECTOR_NODE_WIDTH  124
#define ADMIRALTY_SECTOR_NODE_HEIGHT 122
#define ADMIRALTY_SECTOR_NODE_ABOVE   36
/* The radius of a card's corners, px at zoom 1: a click there misses the card. */
#define ADMIRALTY_SECTOR_NODE_RADIUS  10.0
/* The least room between two cards, px at zoom 1, for a fit to count them apart. */
#define ADMIRALTY_SECTOR_CARD_GAP      1.0

/* A @width × @height view centred on (0, 0) at one pixel per map unit, zoom 1, no cards'
 * sizes. */
void          admiralty_sector_view_init      (AdmiraltySectorView       *view,
                                               int                        width,
                                               int                        height);
/* The zoom @view draws cards and type at: its zoom, or 1 when it has none. */
double        admiralty_sector_view_get_zoom  (const AdmiraltySectorView *view);
/* The view at zoom 1 that cards and type are laid out in: its pixels are @view's divided by
 * its zoom. Its width and height are whole pixels, so its centre moves by what rounding them
 * took. */
void          admiralty_sector_view_unzoomed  (const AdmiraltySectorView *view,
                                               AdmiraltySectorView       *inner);
/* Map units to view pixels and back; the two are exact inverses. */
void          admiralty_sector_view_to_pixels (const AdmiraltySectorView *view,
                                               double                     map_x,
                                               double                     map_y,
                                               double                    *x,
                                               double                    *y);
void          admiralty_sector_view_to_map    (const AdmiraltySectorView *view,
                                               double                     x,
                                               double                     y,
                                               double                    *map_x,
                                               double                    *map_y);
/* Centres and scales @view (its width, height and cards kept) at zoom 1 so that every sector's
 * whole card, at its own size, fits with a margin. When the view is too small for that, the
 * cards overlap rather than leave it. */
void          admiralty_sector_view_fit       (AdmiraltySectorView       *view,
                                               AdmScenario               *scenario);
/* As admiralty_sector_view_fit (), but when the cards would overlap there, the outermost
 * nearer the edges and all at the largest zoom from 1 down to ADMIRALTY_SECTOR_FIT_MIN_ZOOM,
 * in steps of a thirty-second, at which none does (the smallest when even that overlaps): the
 * map window's fit, every card apart and its type still read at a desk. */
void          admiralty_sector_view_fit_apart (AdmiraltySectorView       *view,
                                               AdmScenario               *scenario);
/* Whether two sectors' cards, each at its own size, overlap in @view or come nearer each other
 * than ADMIRALTY_SECTOR_CARD_GAP px at zoom 1. */
gboolean      admiralty_sector_view_cards_overlap (const AdmiraltySectorView *view,
                                               AdmScenario               *scenario);
/* The largest factor from @max_scale down to 1, in steps of an eighth, by which cards (of the
 * sizes @cards, or NULL) and type can be enlarged on a @width × @height pixel area with the whole
 * map fitted and no two cards overlapping; 1 when even that overlaps. For a map read from across
 * a room. */
double        admiralty_sector_view_largest_scale (AdmScenario               *scenario,
                                               GHashTable                *cards,
                                               int                        width,
                                               int                        height,
                                               double                     max_scale);
/* Multiplies the scale and the zoom by @factor (clamped so that both stay within their
 * limits) keeping the map point under pixel (@x, @y) where it is, as a scroll-wheel zoom
 * does: the whole drawing grows or shrinks about that point. */
void          admiralty_sector_view_zoom      (AdmiraltySectorView       *view,
                                               double                     factor,
                                               double                     x,
                                               double                     y);
/* Moves the map by (@dx, @dy) pixels on screen, as a drag does. */
void          admiralty_sector_view_pan       (AdmiraltySectorView       *view,
                                               double                     dx,
                                               double                     dy);

/* The pixel rectangle of @sector's card, at its own size. */
void          admiralty_sector_node_rect      (const AdmiraltySectorView *view,
                                               const AdmSector           *sector,
                                               cairo_rectangle_t         *rect);
/* Every sector's card rectangle, as admiralty_sector_node_rect () gives it, in the order of
 * adm_scenario_get_sectors (): g_free () it. */
cairo_rectangle_t *admiralty_sector_node_rects (const AdmiraltySectorView *view,
                                               AdmScenario               *scenario)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* Whether pixel rectangles @a and @b overlap or come nearer each other than @gap px. */
gboolean      admiralty_sector_rects_near     (const cairo_rectangle_t   *a,
                                               const cairo_rectangle_t   *b,
                                               double                     gap);
/* Whether any of pixel rectangle @rect lies in @view. */
gboolean      admiralty_sector_view_shows_rect (const AdmiraltySectorView *view,
                                               const cairo_rectangle_t   *rect);
/* The sector whose card is under pixel (@x, @y), or NULL: for "click a sector for its
 * contents". Where cards overlap (a view too small for the map), the later in the file wins,
 * as it is drawn over the earlier. */
AdmSector    *admiralty_sector_at             (const AdmiraltySectorView *view,
                                               AdmScenario               *scenario,
                                               double                     x,
                                               double                     y);
/* The sector an arrow key moves the keyboard focus to from @from: of those lying towards
 * (@dx, @dy) (a unit step: (1, 0) right, (0, -1) up), the nearest by
 * admiralty_key_step_score (). NULL when none lies that way. */
AdmSector    *admiralty_sector_towards        (AdmScenario               *scenario,
                                               const AdmSector           *from,
                                               int                        dx,
                                               int                        dy);

G_END_DECLS
