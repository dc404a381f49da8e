/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-torpedoes.h: in the "other orders" section, what threatens the selected
 * ship: the odds of each enemy salvo on the table reaching it (F-TORP-7, F-TORP-13,
 * F-TORP-17), a boarding's first round against the table's target (F-BOARD), and in the
 * torpedo phase the turrets that meet a salvo and the covers its escorts can give, offered as
 * buttons (F-TORP-14). */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-orders-context.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ORDERS_TORPEDOES (admiralty_orders_torpedoes_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersTorpedoes, admiralty_orders_torpedoes, ADMIRALTY,
                      ORDERS_TORPEDOES, GtkWidget)

void        admiralty_orders_torpedoes_set_context   (AdmiraltyOrdersTorpedoes *self,
                                                      AdmiraltyOrdersContext   *context);
/* The lines and the covers for the selected ship and the table's target, shown again; the
 * widget is hidden when there is nothing to show. */
void        admiralty_orders_torpedoes_update        (AdmiraltyOrdersTorpedoes *self);
const char *admiralty_orders_torpedoes_get_text      (AdmiraltyOrdersTorpedoes *self);
GtkWidget  *admiralty_orders_torpedoes_get_cover_box (AdmiraltyOrdersTorpedoes *self);

G_END_DECLS
