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
/* How many times @self has laid the map out: once for the first frame, then once for each
 * frame that showed something else. */
guint         admiralty_sector_wall_get_layouts (AdmiraltySectorWall        *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmiraltySectorWall, admiralty_sector_wall_free)

G_END_DECLS
