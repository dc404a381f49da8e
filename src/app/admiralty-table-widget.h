/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-widget.h: the tactical table on screen — the Cairo renderer in a widget that
 * zooms (wheel, pinch, keys), pans (dragging the empty table, arrow keys) and selects a ship
 * with a click. Its actions: table.zoom-in, table.zoom-out, table.fit and table.pan "(dd)". */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-engine.h"
#include "admiralty-table-renderer.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_TABLE_WIDGET (admiralty_table_widget_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyTableWidget, admiralty_table_widget, ADMIRALTY, TABLE_WIDGET,
                      GtkWidget)

GtkWidget                   *admiralty_table_widget_new               (void)
    G_GNUC_WARN_UNUSED_RESULT;
AdmBattle                   *admiralty_table_widget_get_battle        (AdmiraltyTableWidget *self);
/* Shows @battle (or nothing), fitted to the widget at its next allocation. */
void                         admiralty_table_widget_set_battle        (AdmiraltyTableWidget *self,
                                                                       AdmBattle            *battle);
/* -1: the master's view; else the side whose knowledge filters the table (F-ECM). */
int                          admiralty_table_widget_get_view_side     (AdmiraltyTableWidget *self);
void                         admiralty_table_widget_set_view_side     (AdmiraltyTableWidget *self,
                                                                       int                   side);
/* The selected ship's index, or -1. */
int                          admiralty_table_widget_get_selected_ship (AdmiraltyTableWidget *self);
void                         admiralty_table_widget_set_selected_ship (AdmiraltyTableWidget *self,
                                                                       int                   ship);
/* The window onto the table as last drawn: widget pixels to table cm. */
const AdmiraltyTableView    *admiralty_table_widget_get_view          (AdmiraltyTableWidget *self);
const AdmiraltyTableOptions *admiralty_table_widget_get_options       (AdmiraltyTableWidget *self);
/* Frames what the viewing side sees. */
void                         admiralty_table_widget_fit               (AdmiraltyTableWidget *self);

G_END_DECLS
