/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-widget.h: the tactical table on screen — the Cairo renderer in a widget that
 * zooms (wheel, pinch, keys), pans (dragging the empty table, Ctrl and the arrow keys) and
 * selects a ship with a click or the arrow keys (admiralty-table-keys.h); dragging the selected ship plots its course ("plot") when plotting is on; a
 * secondary click asks for a ship's menu ("ship-menu"); the ruler measures. Its actions:
 * table.zoom-in, table.zoom-out, table.fit, table.pan "(dd)", table.ruler (R) and
 * table.clear (Escape). */
#pragma once

#include <gtk/gtk.h>

#include "adm-audience.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-geometry.h"
#include "admiralty-table-renderer.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_TABLE_WIDGET (admiralty_table_widget_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyTableWidget, admiralty_table_widget, ADMIRALTY, TABLE_WIDGET,
                      GtkWidget)

GtkWidget                   *admiralty_table_widget_new               (void)
    G_GNUC_WARN_UNUSED_RESULT;
AdmBattle                   *admiralty_table_widget_get_battle        (AdmiraltyTableWidget *self);
/* Shows @battle (or nothing), fitted to the widget at its next allocation, as the master sees
 * it (the view side -1, no audience). */
void                         admiralty_table_widget_set_battle        (AdmiraltyTableWidget *self,
                                                                       AdmBattle            *battle);
/* While the table is hidden (not mapped): draws the frame it would show at @width × @height
 * into the layers and tiles it keeps, as its allocation at that size and its snapshot would,
 * so that the frame that then shows it there paints from pixels already made and copies only
 * the tiles that differ. For an idle ahead of the step that shows the table; nothing when
 * it is shown, has no battle or draws uncached. */
void                         admiralty_table_widget_prepare           (AdmiraltyTableWidget *self,
                                                                       int                   width,
                                                                       int                   height);
/* -1: the master's view; else the side whose knowledge filters the table (F-ECM). */
int                          admiralty_table_widget_get_view_side     (AdmiraltyTableWidget *self);
/* Whether the layers under the overlays are kept as pixels between frames (the default). A
 * drawing taken for its text (a PDF of what a side is shown) wants every layer as vectors. */
void                         admiralty_table_widget_set_cached        (AdmiraltyTableWidget *self,
                                                                       gboolean              cached);
void                         admiralty_table_widget_set_view_side     (AdmiraltyTableWidget *self,
                                                                       int                   side);
/* The public of a campaign's battle (adm_audience_public_of_campaign ()) in place of the view
 * side, its strategy kept alive by the caller while it is set: what the room is shown
 * (F-STRAT-3); NULL: the view side's again. The table is fitted anew to what it sees. */
void                         admiralty_table_widget_set_audience      (AdmiraltyTableWidget *self,
                                                                       const AdmAudience    *audience);
/* The selected ship's index, or -1. */
int                          admiralty_table_widget_get_selected_ship (AdmiraltyTableWidget *self);
void                         admiralty_table_widget_set_selected_ship (AdmiraltyTableWidget *self,
                                                                       int                   ship);
/* The ship the selected one aims at (a click on a highlighted ship sets it), or -1. */
int                          admiralty_table_widget_get_target_ship   (AdmiraltyTableWidget *self);
void                         admiralty_table_widget_set_target_ship   (AdmiraltyTableWidget *self,
                                                                       int                   ship);
/* The ruler tool (table.ruler, R): dragging measures centre to centre. */
void                         admiralty_table_widget_set_ruler         (AdmiraltyTableWidget *self,
                                                                       gboolean              ruler);
/* Lengths written on the table (ruler, ranges, grid) in inches rather than cm. */
void                         admiralty_table_widget_set_inches        (AdmiraltyTableWidget *self,
                                                                       gboolean              inches);
/* Shows the ruler between two table points, as a drag would. */
void                         admiralty_table_widget_measure_between   (AdmiraltyTableWidget *self,
                                                                       AdmPoint              from,
                                                                       AdmPoint              to);
/* What the turn being entered draws over the table: movement previews (AdmMovePreview*,
 * @editing_move the one being plotted, -1 none), possible targets (guint ship indices) and
 * the declared fire. The caller keeps them alive until they are replaced. */
void                         admiralty_table_widget_set_overlays      (AdmiraltyTableWidget *self,
                                                                       GPtrArray            *move_previews,
                                                                       int                   editing_move,
                                                                       GArray               *highlight_ships,
                                                                       const AdmTurnOrders  *orders);
/* Draws the editing move of the overlays ghosted (TRUE) or plainly. */
void                         admiralty_table_widget_set_ghost_move    (AdmiraltyTableWidget *self,
                                                                       gboolean              ghost);
/* The point torpedoes are about to be launched at from the selected ship (F-TORP-3), drawn
 * until the launch is declared; NULL: none. */
void                         admiralty_table_widget_set_aim           (AdmiraltyTableWidget *self,
                                                                       const AdmPoint       *aim);
/* The window onto the table as last drawn: widget pixels to table cm. */
const AdmiraltyTableView    *admiralty_table_widget_get_view          (AdmiraltyTableWidget *self);
const AdmiraltyTableOptions *admiralty_table_widget_get_options       (AdmiraltyTableWidget *self);
/* Frames what the viewing side sees. */
void                         admiralty_table_widget_fit               (AdmiraltyTableWidget *self);
/* @controls float over the table (a GtkOverlay's child, kept weakly; NULL: none): the
 * selected ship's weapon figures are placed clear of them. */
void                         admiralty_table_widget_set_floating      (AdmiraltyTableWidget *self,
                                                                       GtkWidget            *controls);

G_END_DECLS
