/* SPDX-License-Identifier: GPL-3.0-or-later */
/* picture-helpers.h: what the tests that look at pictures share — a widget drawn by its
 * window's renderer into an image surface, pixels read from image surfaces, and pictures
 * saved to the build directory, as a failing pixel check does before it fails. */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-sector-renderer.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

/* Names the pictures saved from now on @prefix-NAME.png (NULL: NAME.png); before the tests,
 * so that each test program's pictures are told apart. */
void
picture_set_prefix (const char *prefix);

/* Saves @surface as a PNG named after @name (picture_set_prefix ()) in the build directory
 * (ADMIRALTY_BUILD_DIR), and says where. */
void
save_png (cairo_surface_t *surface,
          const char      *name);

/* The 0xRRGGBB of the pixel that holds pixel position (@x, @y), inside the ARGB32 or RGB24
 * @surface. */
guint32
pixel_at (cairo_surface_t *surface,
          double           x,
          double           y);

/* Whether the image surfaces @a and @b, of one size and format, hold the same bytes. */
gboolean
surfaces_equal (cairo_surface_t *a,
                cairo_surface_t *b);

/* Checks the pixel at (@x, @y) is (@equal) or is not @colour; on failure saves the picture
 * as @name (save_png ()) before failing. */
void
check_pixel (cairo_surface_t *surface,
             const char      *name,
             double           x,
             double           y,
             guint32          colour,
             gboolean         equal);

/* @widget's own snapshot, rendered by its window's renderer into a new ARGB32 surface of the
 * widget's size. @widget is mapped. */
cairo_surface_t *
render_widget (GtkWidget *widget);

/* The lines of @labels (AdmiraltySectorLabel, as admiralty_sector_render_labels () keeps them)
 * that are @sector's name (@formation NULL) or @formation's on @sector's card, joined as they
 * read: a space between two lines, none after a line ending in a hyphen. A name broken inside
 * a word, or cut, does not read back as itself. *@lines, if not NULL, is how many. */
char *
sector_name_lines (GArray             *labels,
                   const AdmSector    *sector,
                   const AdmFormation *formation,
                   guint              *lines);
