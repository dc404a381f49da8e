/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-tiles.c: the table widget's frame as tiles, each a render node kept while
 * its pixels stay the same. */

#include "config.h"

#include <string.h>

#include "admiralty-table-tiles.h"

struct _AdmiraltyTableTiles {
  int               width;         /* view pixels */
  int               height;
  int               device_scale;  /* image pixels per view pixel */
  cairo_surface_t  *frame;         /* the frame being drawn, then the last one drawn: drawn
                                    * over each frame, every pixel anew */
  int               columns;
  int               rows;
  GskRenderNode   **nodes;         /* columns × rows, row by row; NULL: none yet */
  cairo_surface_t **copies;        /* the pixels each node shows, kept as long as it (a cairo
                                    * node copies an image destroyed before it), and what the
                                    * next frame's tile is compared with */
  GPtrArray        *retired;       /* nodes and their copies replaced a frame ago, pair by
                                    * pair: GTK holds a frame's nodes until it has rendered
                                    * the next */
};

/* Frees the nodes and copies replaced before this frame, each node before its copy. */
static void
free_retired (AdmiraltyTableTiles *tiles)
{
  for (guint i = 0; i + 1 < tiles->retired->len; i += 2)
    {
      gsk_render_node_unref (g_ptr_array_index (tiles->retired, i));
      cairo_surface_destroy (g_ptr_array_index (tiles->retired, i + 1));
    }
  g_ptr_array_set_size (tiles->retired, 0);
}

AdmiraltyTableTiles *
admiralty_table_tiles_new (void)
{
  AdmiraltyTableTiles *tiles = g_new0 (AdmiraltyTableTiles, 1);

  tiles->retired = g_ptr_array_new ();
  return tiles;
}

void
admiralty_table_tiles_clear (AdmiraltyTableTiles *tiles)
{
  g_return_if_fail (tiles != NULL);

  free_retired (tiles);
  for (int i = 0; tiles->nodes != NULL && i < tiles->columns * tiles->rows; i++)
    {
      g_clear_pointer (&tiles->nodes[i], gsk_render_node_unref);
      g_clear_pointer (&tiles->copies[i], cairo_surface_destroy);
    }
  g_clear_pointer (&tiles->nodes, g_free);
  g_clear_pointer (&tiles->copies, g_free);
  g_clear_pointer (&tiles->frame, cairo_surface_destroy);
  tiles->width = tiles->height = tiles->columns = tiles->rows = 0;
  tiles->device_scale = 0;
}

void
admiralty_table_tiles_free (AdmiraltyTableTiles *tiles)
{
  if (tiles == NULL)
    return;
  admiralty_table_tiles_clear (tiles);
  g_ptr_array_unref (tiles->retired);
  g_free (tiles);
}

cairo_t *
admiralty_table_tiles_begin (AdmiraltyTableTiles *tiles,
                             int                  width,
                             int                  height,
                             int                  device_scale)
{
  g_return_val_if_fail (tiles != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0 && device_scale >= 1, NULL);

  if (tiles->width != width || tiles->height != height || tiles->device_scale != device_scale)
    {
      admiralty_table_tiles_clear (tiles);
      tiles->width = width;
      tiles->height = height;
      tiles->device_scale = device_scale;
      tiles->columns = (width + ADMIRALTY_TABLE_TILE_SIZE - 1) / ADMIRALTY_TABLE_TILE_SIZE;
      tiles->rows = (height + ADMIRALTY_TABLE_TILE_SIZE - 1) / ADMIRALTY_TABLE_TILE_SIZE;
      tiles->nodes = g_new0 (GskRenderNode *, tiles->columns * tiles->rows);
      tiles->copies = g_new0 (cairo_surface_t *, tiles->columns * tiles->rows);
    }
  /* One image, drawn over at every frame: the kept nodes hold copies of their tiles, which
   * the new frame's tiles are compared with, not this image. */
  if (tiles->frame == NULL)
    {
      tiles->frame = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width * device_scale,
                                                 height * device_scale);
      cairo_surface_set_device_scale (tiles->frame, device_scale, device_scale);
    }
  return cairo_create (tiles->frame);
}

/* Whether the frame's tile of image pixels (@x, @y, @width × @height) is the same as @copy,
 * the pixels its node shows. */
static gboolean
tile_same (cairo_surface_t *frame,
           cairo_surface_t *copy,
           int              x,
           int              y,
           int              width,
           int              height)
{
  const guchar *pf = cairo_image_surface_get_data (frame);
  const guchar *pc = cairo_image_surface_get_data (copy);
  int frame_stride = cairo_image_surface_get_stride (frame);
  int copy_stride = cairo_image_surface_get_stride (copy);

  for (int row = 0; row < height; row++)
    if (memcmp (pf + (gsize) (y + row) * frame_stride + (gsize) x * 4,
                pc + (gsize) row * copy_stride, (gsize) width * 4) != 0)
      return FALSE;
  return TRUE;
}

/* A node showing the frame's tile at view pixels (@x, @y, @width × @height), and in @copy
 * the copy of its pixels it shows, so that the frame's image can be drawn over while the node
 * is shown. */
static GskRenderNode *
tile_node (AdmiraltyTableTiles  *tiles,
           int                   x,
           int                   y,
           int                   width,
           int                   height,
           cairo_surface_t     **copy_out)
{
  int scale = tiles->device_scale;
  cairo_surface_t *copy = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width * scale,
                                                      height * scale);
  const guchar *from = cairo_image_surface_get_data (tiles->frame);
  guchar *to = cairo_image_surface_get_data (copy);
  int from_stride = cairo_image_surface_get_stride (tiles->frame);
  int to_stride = cairo_image_surface_get_stride (copy);
  GskRenderNode *node;
  cairo_t *cr;

  cairo_surface_flush (copy);
  for (int row = 0; row < height * scale; row++)
    memcpy (to + (gsize) row * to_stride,
            from + (gsize) (y * scale + row) * from_stride + (gsize) x * scale * 4,
            (gsize) width * scale * 4);
  cairo_surface_mark_dirty (copy);
  cairo_surface_set_device_scale (copy, scale, scale);
  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (x, y, width, height));
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (cr, copy, x, y);
  cairo_paint (cr);
  cairo_destroy (cr);
  *copy_out = copy;
  return node;
}

guint
admiralty_table_tiles_end (AdmiraltyTableTiles *tiles,
                           cairo_t             *cr)
{
  int scale;
  guint renewed = 0;

  g_return_val_if_fail (tiles != NULL && tiles->frame != NULL, 0);
  g_return_val_if_fail (cr != NULL && cairo_get_target (cr) == tiles->frame, 0);

  cairo_destroy (cr);
  cairo_surface_flush (tiles->frame);
  free_retired (tiles);
  scale = tiles->device_scale;
  for (int row = 0; row < tiles->rows; row++)
    for (int column = 0; column < tiles->columns; column++)
      {
        GskRenderNode **node = &tiles->nodes[row * tiles->columns + column];
        cairo_surface_t **copy = &tiles->copies[row * tiles->columns + column];
        int x = column * ADMIRALTY_TABLE_TILE_SIZE, y = row * ADMIRALTY_TABLE_TILE_SIZE;
        int width = MIN (ADMIRALTY_TABLE_TILE_SIZE, tiles->width - x);
        int height = MIN (ADMIRALTY_TABLE_TILE_SIZE, tiles->height - y);

        /* A kept node shows its tile as the last frame had it. */
        if (*node != NULL &&
            tile_same (tiles->frame, *copy, x * scale, y * scale, width * scale,
                       height * scale))
          continue;
        if (*node != NULL)
          {
            g_ptr_array_add (tiles->retired, g_steal_pointer (node));
            g_ptr_array_add (tiles->retired, g_steal_pointer (copy));
          }
        *node = tile_node (tiles, x, y, width, height, copy);
        renewed++;
      }
  return renewed;
}

void
admiralty_table_tiles_append (AdmiraltyTableTiles *tiles,
                              GtkSnapshot         *snapshot)
{
  g_return_if_fail (tiles != NULL);
  g_return_if_fail (GTK_IS_SNAPSHOT (snapshot));

  for (int i = 0; tiles->nodes != NULL && i < tiles->columns * tiles->rows; i++)
    if (tiles->nodes[i] != NULL)
      gtk_snapshot_append_node (snapshot, tiles->nodes[i]);
}

GskRenderNode *
admiralty_table_tiles_get_node (AdmiraltyTableTiles *tiles,
                                int                  x,
                                int                  y)
{
  g_return_val_if_fail (tiles != NULL, NULL);

  if (x < 0 || y < 0 || x >= tiles->width || y >= tiles->height || tiles->nodes == NULL)
    return NULL;
  return tiles->nodes[(y / ADMIRALTY_TABLE_TILE_SIZE) * tiles->columns +
                      x / ADMIRALTY_TABLE_TILE_SIZE];
}
