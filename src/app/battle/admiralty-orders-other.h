/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-other.h: the orders panel's "other orders" section: the enemy salvoes'
 * odds against the selected ship, a boarding's first round and the covers its escorts can
 * give (F-TORP-7, F-BOARD, F-TORP-14), then a form for the kinds of order the battle's phase
 * takes — launches, steering, covers, boarding, a captured ship's fate, damage control,
 * mines, sweeps, the flag's transfer. */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-orders-context.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ORDERS_OTHER (admiralty_orders_other_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersOther, admiralty_orders_other, ADMIRALTY, ORDERS_OTHER,
                      GtkWidget)

void        admiralty_orders_other_set_context    (AdmiraltyOrdersOther   *self,
                                                   AdmiraltyOrdersContext *context);
/* The kinds offered in the battle's phase for the selected ship; the section is hidden when
 * there are none. The master's choice stays while they are the same. The form is not made
 * again: admiralty_orders_other_rebuild_form () after this. */
void        admiralty_orders_other_refresh_kinds  (AdmiraltyOrdersOther   *self);
void        admiralty_orders_other_update_visible (AdmiraltyOrdersOther   *self);
/* The form's fields again (another kind, ship, target, unit, or what the side knows). */
void        admiralty_orders_other_rebuild_form   (AdmiraltyOrdersOther   *self);
/* The salvoes', boarding's and covers' lines for the selected ship. */
void        admiralty_orders_other_update_threats (AdmiraltyOrdersOther   *self);
/* Shows the form for @element if it is offered now. */
gboolean    admiralty_orders_other_select_kind    (AdmiraltyOrdersOther   *self,
                                                   const char             *element);
gboolean    admiralty_orders_other_offers         (AdmiraltyOrdersOther   *self,
                                                   const char             *element);
/* Fills the form for @element as the master would (@keys and @values by field) and adds the
 * order; FALSE, with the reason shown, when it is refused. */
gboolean    admiralty_orders_other_set_order      (AdmiraltyOrdersOther   *self,
                                                   const char             *element,
                                                   const char * const     *keys,
                                                   const char * const     *values);
const char *admiralty_orders_other_get_threats_text (AdmiraltyOrdersOther *self);
GtkWidget  *admiralty_orders_other_get_cover_box  (AdmiraltyOrdersOther   *self);

G_END_DECLS
