/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-cache.h: what the tactical table keeps between frames to draw it again
 * quickly (the table widget's way), and its drawing through them. */
#pragma once

#include "admiralty-table-renderer.h"

G_BEGIN_DECLS

/* The table's layers kept between frames: a view that is drawn again unchanged — a pointer
 * moving over it, the ruler, a course plotted, a target picked — copies the layers under
 * the overlays (or, with no overlays, everything but the ruler) instead of drawing them. A
 * pan copies them shifted: after the first pan they are drawn a quarter of the window wider
 * on every side, and drawn again when the view leaves them. Tokens and the selection's arcs
 * come from images kept per look, scale and eighth of a pixel, and the table under the
 * ships (grid, markers, mines, the low-orbit map) is kept while what it shows is the same,
 * even across an invalidation. The pixels are admiralty_table_render ()'s but for
 * antialiasing. It is kept for one battle and set of options (viewer, selection, grid,
 * names, units); its owner calls admiralty_table_cache_invalidate () whenever the battle
 * changes ("changed"). Pixels only: a PDF takes admiralty_table_render (). */
typedef struct _AdmiraltyTableCache AdmiraltyTableCache;

AdmiraltyTableCache *admiralty_table_cache_new      (void) G_GNUC_WARN_UNUSED_RESULT;
void                admiralty_table_cache_free      (AdmiraltyTableCache      *cache);
void                admiralty_table_cache_invalidate (AdmiraltyTableCache     *cache);
/* The kept images' pixels per view pixel: the display's scale factor (1 by default), so that
 * they are as sharp as the plain drawing there. */
void                admiralty_table_cache_set_device_scale (AdmiraltyTableCache *cache,
                                                     int                       device_scale);
/* admiralty_table_render () through @cache. */
void                admiralty_table_render_cached   (cairo_t                  *cr,
                                                     const AdmiraltyTableView *view,
                                                     AdmBattle                *battle,
                                                     const AdmiraltyTableOptions *options,
                                                     AdmiraltyTableCache      *cache);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmiraltyTableCache, admiralty_table_cache_free)

G_END_DECLS
