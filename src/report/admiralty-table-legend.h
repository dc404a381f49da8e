/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-legend.h: the legend of the tactical table's symbols: a sample of each,
 * drawn with the code that draws it on the table, and what it means. */
#pragma once

#include <cairo.h>

#include <glib.h>

G_BEGIN_DECLS

/* The samples of a legend of the table's symbols. */
typedef enum {
  ADMIRALTY_LEGEND_FACE_UP,
  ADMIRALTY_LEGEND_DAMAGED,
  ADMIRALTY_LEGEND_ON_FIRE,
  ADMIRALTY_LEGEND_DRIFTING_HULK,
  ADMIRALTY_LEGEND_BURNING_HULK,
  ADMIRALTY_LEGEND_FACE_DOWN,
  ADMIRALTY_LEGEND_EXPLOSION,
  ADMIRALTY_LEGEND_TORPEDO_SALVO,
  ADMIRALTY_LEGEND_MINE,
  ADMIRALTY_LEGEND_ARCS,
  ADMIRALTY_LEGEND_LEGAL_MOVE,
  ADMIRALTY_LEGEND_REFUSED_MOVE,
  ADMIRALTY_LEGEND_POSSIBLE_TARGET,
  ADMIRALTY_LEGEND_RULER,
  ADMIRALTY_LEGEND_OVERLAP,
  ADMIRALTY_LEGEND_PLANET,
  ADMIRALTY_LEGEND_WORMHOLE_EXIT,
  ADMIRALTY_LEGEND_STATION,
} AdmiraltyLegendItem;

#define ADMIRALTY_LEGEND_N_ITEMS (ADMIRALTY_LEGEND_STATION + 1)

/* Draws a sample of @item into the (0, 0)–(@size, @size) square of @cr's user space, clipped
 * to it, with the code that draws it on the table, over whatever is there (the legend puts
 * it on ADMIRALTY_TABLE_BACKGROUND_RGB). @cr's state is restored on return. */
void        admiralty_table_render_legend_sample (cairo_t             *cr,
                                                  AdmiraltyLegendItem  item,
                                                  double               size);
/* What @item means, translated: "Damaged (half hull lost)". */
const char *admiralty_legend_item_label          (AdmiraltyLegendItem  item);

G_END_DECLS
