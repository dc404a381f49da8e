/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-wall.h: the projector's layout of the sector map (F-STRAT-8), read from
 * across a room — no cards: each sector a point with its name above it in large type and
 * the formations its audience is shown in a list beside it — drawn with Cairo into any
 * cairo_t. The sector map widget draws it when its "wall" property is set; the tests on image
 * surfaces. */
#pragma once

#include <cairo.h>

#include "admiralty-sector-renderer.h"

G_BEGIN_DECLS

/* The projector's wall layout. The type sizes for a @width × @height window: 32 px
 * sector names and 26 px formation labels at 1920 × 1080, in proportion to the smaller of the
 * two ratios elsewhere. */
void          admiralty_sector_wall_type      (int                        width,
                                               int                        height,
                                               double                    *name_size,
                                               double                    *label_size);
/* Draws the map for a wall into (0, 0)–(@width, @height): the sectors spread over the
 * area, their names in @name_size px bold above their points, the formations @options'
 * audience is shown in @label_size px with their faction's colour in a list on the side of
 * each point where it has room (below, beside or above it, or set further out with a leader
 * line from the point), every name whole in lines broken between words, "+N more" only past a
 * card's eight; those crossing links by their arrowheads with where they go. When the lists do
 * not fit, the map is drawn smaller, then the type, down to 20/26 of @label_size. No text over
 * another; no cards, objects or legend. Every text drawn is appended to @labels
 * (AdmiraltySectorLabel) when it is not NULL. */
void          admiralty_sector_render_wall    (cairo_t                      *cr,
                                               int                           width,
                                               int                           height,
                                               double                        name_size,
                                               double                        label_size,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               GArray                       *labels);

/* The projector's wall layout kept from one frame to the next, for a map drawn again at every
 * change (the projector's window): a frame that shows what the last one showed — the same
 * size, type, sectors with their names, places and links, list texts, and formations crossing
 * links — is drawn in the layout found then, without its search; any change of those lays the
 * map out again. What only colours the drawing is taken from each frame. The drawing is the
 * same as admiralty_sector_render_wall ()'s, pixel for pixel. */
typedef struct _AdmiraltySectorWall AdmiraltySectorWall;

AdmiraltySectorWall *admiralty_sector_wall_new    (void);
void          admiralty_sector_wall_free      (AdmiraltySectorWall          *self);
/* admiralty_sector_render_wall (), in the layout @self keeps where the frame shows what it
 * was found for, else laid out again and kept. */
void          admiralty_sector_wall_render    (AdmiraltySectorWall          *self,
                                               cairo_t                      *cr,
                                               int                           width,
                                               int                           height,
                                               double                        name_size,
                                               double                        label_size,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               GArray                       *labels);
/* Told on the thread that drew the frame, from its thread-default main context, when a
 * layout admiralty_sector_wall_render_background () started is found and kept: the next frame
 * is drawn in it. */
typedef void (*AdmiraltySectorWallReadyFunc) (gpointer user_data);

/* admiralty_sector_wall_render () for a window's frame, which never waits for the layout
 * search: a frame that shows what the kept layout was found for is drawn in it; any other
 * starts that layout's search on a worker thread (unless one is finding it already), from a
 * copy of what it is made from, and is drawn in the last layout found, as it was drawn then,
 * or, before the first, as the map without lists (each sector's point, its name and the
 * links). A newer frame's layout supersedes one still being found, whose result is dropped,
 * never drawn; so does a frame drawn in the kept one. When the layout is found, @ready is
 * called with @user_data (never after admiralty_sector_wall_free ()). TRUE when the frame was
 * drawn in its own layout. The texts are measured on a surface like @cr's target, with @cr's
 * transformation and font options, so the layout is the one admiralty_sector_wall_render ()
 * finds, pixel for pixel. */
gboolean      admiralty_sector_wall_render_background (AdmiraltySectorWall          *self,
                                               cairo_t                      *cr,
                                               int                           width,
                                               int                           height,
                                               double                        name_size,
                                               double                        label_size,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               AdmiraltySectorWallReadyFunc  ready,
                                               gpointer                      user_data);
/* How many times @self has laid the map out: once for the first frame, then once for each
 * frame that showed something else (a layout found on a worker counted when it is kept). */
guint         admiralty_sector_wall_get_layouts (AdmiraltySectorWall        *self);
/* Of them, how many were found on the drawing thread (admiralty_sector_wall_render ()). */
guint         admiralty_sector_wall_get_foreground_layouts (AdmiraltySectorWall *self);
/* Whether a worker is finding a layout @self waits for. */
gboolean      admiralty_sector_wall_get_pending (AdmiraltySectorWall        *self);

/* For the tests: workers started while @hold is TRUE wait before their search until it is
 * FALSE again; how many layouts started on workers have not yet been handed back to the
 * thread that started them (those dropped included). */
void          admiralty_sector_wall_hold_workers (gboolean                  hold);
guint         admiralty_sector_wall_get_working (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmiraltySectorWall, admiralty_sector_wall_free)

G_END_DECLS
