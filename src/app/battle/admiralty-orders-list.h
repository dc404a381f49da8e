/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-list.h: the orders panel's list of the turn's declarations, each in words
 * ("Red Squadron: 10 cm, 45° to starboard") with a button to remove it, the one the engine
 * refuses marked. In a side's view it lists that side's orders only. */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-orders-context.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ORDERS_LIST (admiralty_orders_list_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersList, admiralty_orders_list, ADMIRALTY, ORDERS_LIST,
                      GtkWidget)

void  admiralty_orders_list_set_context  (AdmiraltyOrdersList    *self,
                                          AdmiraltyOrdersContext *context);
/* Lists the draft again, declaration @failed (0: none) marked as refused. */
void  admiralty_orders_list_update       (AdmiraltyOrdersList    *self,
                                          guint                   failed);
/* Declaration @line (as adm_turn_orders_number_lines () numbers them) in words, or NULL. */
char *admiralty_orders_list_describe_line (AdmiraltyOrdersList   *self,
                                           guint                  line)
    G_GNUC_WARN_UNUSED_RESULT;
/* The text of every row, as the list shows them in the table's view. */
GStrv admiralty_orders_list_get_rows     (AdmiraltyOrdersList    *self)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
