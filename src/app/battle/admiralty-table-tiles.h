/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-tiles.h: the table widget's frame as tiles, each a render node of its own
 * kept while its pixels stay the same. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The table's frame cut into square tiles, each shown by a render node kept from frame to
 * frame while the tile's pixels are the same. GTK repaints what differs between two frames'
 * nodes: a Resolve that changed a few ships, a course dragged or a ruler moved repaints the
 * tiles they touch instead of the whole table. The frame is drawn whole into an image, the
 * same from frame to frame (admiralty_table_tiles_begin ()), each tile compared with the
 * pixels its kept node shows, and the tiles that differ get new nodes
 * (admiralty_table_tiles_end ()). */
typedef struct _AdmiraltyTableTiles AdmiraltyTableTiles;

#define ADMIRALTY_TABLE_TILE_SIZE 128  /* view pixels a side */

AdmiraltyTableTiles *admiralty_table_tiles_new    (void) G_GNUC_WARN_UNUSED_RESULT;
void                 admiralty_table_tiles_free   (AdmiraltyTableTiles *tiles);
/* Drops the images and the nodes: the next frame makes every tile anew. */
void                 admiralty_table_tiles_clear  (AdmiraltyTableTiles *tiles);
/* Begins a frame of @width × @height view pixels, @device_scale image pixels to each: a
 * context on an opaque image (no alpha) in which the whole frame is to be drawn, every pixel
 * of it. Transfer full: admiralty_table_tiles_end () takes it back. */
cairo_t             *admiralty_table_tiles_begin  (AdmiraltyTableTiles *tiles,
                                                   int                  width,
                                                   int                  height,
                                                   int                  device_scale)
                                                   G_GNUC_WARN_UNUSED_RESULT;
/* Ends the frame drawn in @cr: each tile whose pixels differ from the last frame's gets a new
 * node, the others keep theirs; returns how many got new ones. */
guint                admiralty_table_tiles_end    (AdmiraltyTableTiles *tiles,
                                                   cairo_t             *cr);
/* Appends the frame's tiles, in view pixels from (0, 0), to @snapshot. */
void                 admiralty_table_tiles_append (AdmiraltyTableTiles *tiles,
                                                   GtkSnapshot         *snapshot);
/* The node showing the tile at view pixel (@x, @y), or NULL outside the frame. */
GskRenderNode       *admiralty_table_tiles_get_node (AdmiraltyTableTiles *tiles,
                                                     int                  x,
                                                     int                  y);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmiraltyTableTiles, admiralty_table_tiles_free)

G_END_DECLS
