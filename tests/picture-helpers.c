/* SPDX-License-Identifier: GPL-3.0-or-later */
/* picture-helpers.c: see picture-helpers.h. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "picture-helpers.h"
#include "adm-scenario.h"

static char *picture_prefix;

void
picture_set_prefix (const char *prefix)
{
  g_free (picture_prefix);
  picture_prefix = g_strdup (prefix);
}

void
save_png (cairo_surface_t *surface,
          const char      *name)
{
  const char *dir = g_getenv ("ADMIRALTY_BUILD_DIR");
  g_autofree char *file = picture_prefix != NULL
    ? g_strdup_printf ("%s-%s.png", picture_prefix, name)
    : g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (dir != NULL ? dir : g_test_get_dir (G_TEST_BUILT),
                                            file, NULL);

  g_assert_cmpint (cairo_surface_write_to_png (surface, path), ==, CAIRO_STATUS_SUCCESS);
  g_test_message ("picture saved to %s", path);
}

guint32
pixel_at (cairo_surface_t *surface,
          double           x,
          double           y)
{
  int ix = (int) floor (x), iy = (int) floor (y);
  const guchar *data = cairo_image_surface_get_data (surface);

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  /* Both formats are native-endian 32-bit words; the top byte is alpha or unused. */
  return *(const guint32 *) (data + iy * cairo_image_surface_get_stride (surface) + ix * 4) &
         0xffffff;
}

gboolean
surfaces_equal (cairo_surface_t *a,
                cairo_surface_t *b)
{
  int height = cairo_image_surface_get_height (a), stride = cairo_image_surface_get_stride (a);

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  g_assert_cmpint (cairo_image_surface_get_width (a), ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));
  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  return memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                 (gsize) height * stride) == 0;
}

void
check_pixel (cairo_surface_t *surface,
             const char      *name,
             double           x,
             double           y,
             guint32          colour,
             gboolean         equal)
{
  guint32 got = pixel_at (surface, x, y);

  if ((got == colour) == equal)
    return;
  save_png (surface, name);
  g_test_message ("%s: pixel (%.1f, %.1f) is %06x", name, x, y, got);
  if (equal)
    g_assert_cmphex (got, ==, colour);
  else
    g_assert_cmphex (got, !=, colour);
}

cairo_surface_t *
render_widget (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  cairo_surface_t *surface;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (gdk_texture_get_width (texture), ==, width);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  /* gdk_texture_download writes cairo's ARGB32 layout. */
  gdk_texture_download (texture, cairo_image_surface_get_data (surface),
                        cairo_image_surface_get_stride (surface));
  cairo_surface_mark_dirty (surface);
  return surface;
}

char *
sector_name_lines (GArray             *labels,
                   const AdmSector    *sector,
                   const AdmFormation *formation,
                   guint              *lines)
{
  GString *text = g_string_new (NULL);
  guint n = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (labels, AdmiraltySectorLabel, i);

      if (label->kind != ADMIRALTY_SECTOR_LABEL_NAME || label->sector != sector ||
          label->formation != formation)
        continue;
      if (text->len > 0 && text->str[text->len - 1] != '-')
        g_string_append_c (text, ' ');
      g_string_append (text, label->text);
      n++;
    }
  if (lines != NULL)
    *lines = n;
  return g_string_free (text, FALSE);
}
