/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-width-first-layout.h: a layout manager for a bin (AdwBin) around wrapping text,
 * height-for-width only: asked for its width for a given height, it gives its child's width for
 * no height. GTK 4.8's GtkStack asks its visible child for that on every allocation, and a
 * wrapping GtkLabel answers by laying its text out a dozen times over, searching for the
 * narrowest width that fits the height. Heights for a width, the minimum and natural
 * widths and the allocation are the child's own, as a GtkBinLayout gives them. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_WIDTH_FIRST_LAYOUT (admiralty_width_first_layout_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyWidthFirstLayout, admiralty_width_first_layout,
                      ADMIRALTY, WIDTH_FIRST_LAYOUT, GtkLayoutManager)


G_END_DECLS
