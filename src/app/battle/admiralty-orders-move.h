/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-move.h: the orders panel's movement section, for the selected ship's
 * formation: its limits and the course plotted (F-MOVE-3, F-MOVE-5, F-MOVE-7), a leg typed as
 * a turn and a distance, the movement combat order (F-FORD), a ram (F-RAM-1), and Clear
 * Course. Every course is checked by the engine's preview before it enters the draft. */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-orders-context.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ORDERS_MOVE (admiralty_orders_move_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersMove, admiralty_orders_move, ADMIRALTY, ORDERS_MOVE,
                      GtkWidget)

void         admiralty_orders_move_set_context (AdmiraltyOrdersMove    *self,
                                                AdmiraltyOrdersContext *context);
/* Shows the section for the selected formation's course previewed in @editing, or hides it
 * (NULL: no active ship selected, or past the movement phase). */
void         admiralty_orders_move_update      (AdmiraltyOrdersMove    *self,
                                                const AdmMovePreview   *editing);
/* The selected formation's course with a leg added: a turn of @degrees and @cm on. */
AdmMoveDecl *admiralty_orders_move_course_with_leg (AdmiraltyOrdersMove *self,
                                                    double               degrees,
                                                    double               cm)
    G_GNUC_WARN_UNUSED_RESULT;
/* The leg the engine allows nearest to a turn of @degrees and @cm on after the selected
 * formation's course: that leg itself when allowed (TRUE, @reason left NULL). Else, with
 * @reason its refusal: straight on to the point of the heading nearest the one asked for,
 * when allowed; else the leg ending nearest the point asked for among the turn cut to the
 * turning limit and none at all, each as long as the rules allow up to the point along it
 * nearest the one asked for (TRUE); or FALSE when the engine allows none of them. */
gboolean     admiralty_orders_move_nearest_leg (AdmiraltyOrdersMove    *self,
                                                double                  degrees,
                                                double                  cm,
                                                double                 *nearest_degrees,
                                                double                 *nearest_cm,
                                                char                  **reason);
/* Adds that leg to the draft; FALSE, with the reason shown, when the engine refuses it. */
gboolean     admiralty_orders_move_add_leg     (AdmiraltyOrdersMove    *self,
                                                double                  degrees,
                                                double                  cm);
void         admiralty_orders_move_clear       (AdmiraltyOrdersMove    *self);
void         admiralty_orders_move_set_order   (AdmiraltyOrdersMove    *self,
                                                AdmMoveOrder            order);
GtkWidget   *admiralty_orders_move_get_clear_button (AdmiraltyOrdersMove *self);
/* The ram drop-down: "No ram", then the enemies the formation may ram (F-RAM-1). */
GtkDropDown *admiralty_orders_move_get_ram_dropdown (AdmiraltyOrdersMove *self);

G_END_DECLS
