/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-context.h: what the sections of the orders panel share — the battle and
 * table attached, the draft of the turn's declarations, the ship selected, the unit of
 * lengths, whether orders may be entered, the weapons checked for fire — and the checks they
 * all make: a copy of the draft to try an order in, the engine's dry run, the refusal shown.
 * The panel owns it and gives it to each section; a section changes the draft only through
 * it, and the panel redraws on its "changed". */
#pragma once

#include <gtk/gtk.h>

#include "adm-audience.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "admiralty-table-widget.h"

G_BEGIN_DECLS

/* The declarations' "file" in refusals: "orders:3: …". */
#define ADMIRALTY_ORDERS_FILE "orders"

#define ADMIRALTY_TYPE_ORDERS_CONTEXT (admiralty_orders_context_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersContext, admiralty_orders_context, ADMIRALTY,
                      ORDERS_CONTEXT, GObject)

AdmiraltyOrdersContext *admiralty_orders_context_new       (void) G_GNUC_WARN_UNUSED_RESULT;

/* The battle and its table, once (admiralty_orders_panel_attach ()); notifies "table". */
void                 admiralty_orders_context_attach       (AdmiraltyOrdersContext *self,
                                                            AdmBattle              *battle,
                                                            AdmiraltyTableWidget   *table);
AdmBattle           *admiralty_orders_context_get_battle   (AdmiraltyOrdersContext *self);
AdmiraltyTableWidget *admiralty_orders_context_get_table   (AdmiraltyOrdersContext *self);

/* The draft: read, replaced without a word (a new turn's), edited in place then announced
 * (admiralty_orders_context_changed ()), or replaced by a candidate the engine accepted. */
const AdmTurnOrders *admiralty_orders_context_get_orders   (AdmiraltyOrdersContext *self);
AdmTurnOrders       *admiralty_orders_context_edit_orders  (AdmiraltyOrdersContext *self);
void                 admiralty_orders_context_replace      (AdmiraltyOrdersContext *self,
                                                            AdmTurnOrders          *orders);
void                 admiralty_orders_context_commit       (AdmiraltyOrdersContext *self,
                                                            AdmTurnOrders          *orders);
/* Numbers the draft's lines and emits "changed". */
void                 admiralty_orders_context_changed      (AdmiraltyOrdersContext *self);
/* Asks the panel to show the state again, the draft unchanged (an order refused). */
void                 admiralty_orders_context_refresh      (AdmiraltyOrdersContext *self);

/* The ship the sections are for (-1 none), as the table selects it. */
int                  admiralty_orders_context_get_ship     (AdmiraltyOrdersContext *self);
void                 admiralty_orders_context_set_ship     (AdmiraltyOrdersContext *self,
                                                            int                     ship);
/* The selected ship, or NULL when none is, or when the table's view is a side that does not
 * give it orders (adm_audience_sees_orders ()). */
const AdmBattleShip *admiralty_orders_context_selected_ship (AdmiraltyOrdersContext *self);
const char          *admiralty_orders_context_selected_formation (AdmiraltyOrdersContext *self);
/* The audience of the table's view ("View as"). */
AdmAudience          admiralty_orders_context_audience     (AdmiraltyOrdersContext *self);

gboolean             admiralty_orders_context_get_inches   (AdmiraltyOrdersContext *self);
void                 admiralty_orders_context_set_inches   (AdmiraltyOrdersContext *self,
                                                            gboolean                inches);
gboolean             admiralty_orders_context_get_read_only (AdmiraltyOrdersContext *self);
void                 admiralty_orders_context_set_read_only (AdmiraltyOrdersContext *self,
                                                             gboolean                read_only);

/* The selected ship's weapons checked for fire (the fire section's), by index. */
gboolean             admiralty_orders_context_weapon_checked (AdmiraltyOrdersContext *self,
                                                              guint                   weapon);
void                 admiralty_orders_context_set_weapon_checked (AdmiraltyOrdersContext *self,
                                                                  guint                   weapon,
                                                                  gboolean                checked);
void                 admiralty_orders_context_clear_weapons (AdmiraltyOrdersContext *self);

/* A refusal (or NULL) to show where the master clicked: emits "message". */
void                 admiralty_orders_context_show_message (AdmiraltyOrdersContext *self,
                                                            const char             *message);

/* A copy of the draft to try an order in; NULL, with the reason shown, when the draft does
 * not read back. */
AdmTurnOrders       *admiralty_orders_context_copy_orders  (AdmiraltyOrdersContext *self)
    G_GNUC_WARN_UNUSED_RESULT;
/* Whether @candidate passes the engine's dry run; else the refusal of the declaration
 * numbered @line (0: any) goes to @reason. Refusals of other declarations do not count. */
gboolean             admiralty_orders_context_dry_run      (AdmiraltyOrdersContext *self,
                                                            AdmTurnOrders          *candidate,
                                                            guint                   line,
                                                            char                  **reason);

/* Names for the declarations' ids: a ship's, a formation's, a ship's weapon's. */
const char          *admiralty_orders_context_ship_name    (AdmiraltyOrdersContext *self,
                                                            const char             *id);
const char          *admiralty_orders_context_formation_name (AdmiraltyOrdersContext *self,
                                                              const char             *id);
const char          *admiralty_orders_context_weapon_name  (AdmiraltyOrdersContext *self,
                                                            const char             *ship_id,
                                                            const char             *weapon_id);

/* Helpers on declarations. */
/* "orders:3: reason" → 3 and "reason"; 0 when the message names no declaration. */
guint                admiralty_orders_split_error          (const char             *message,
                                                            const char            **reason);
/* Whether @candidate can be written and read back; else why, for the master. */
gboolean             admiralty_orders_reads_back           (const AdmTurnOrders    *candidate,
                                                            char                  **reason);
AdmMoveDecl         *admiralty_orders_find_move            (const AdmTurnOrders    *orders,
                                                            const char             *formation,
                                                            guint                  *index);
AdmMoveDecl         *admiralty_orders_move_decl_copy       (const AdmMoveDecl      *decl,
                                                            const char             *formation)
    G_GNUC_WARN_UNUSED_RESULT;
void                 admiralty_orders_move_decl_free       (AdmMoveDecl            *decl);
int                  admiralty_orders_find_ship_order      (GPtrArray              *list,
                                                            const char             *ship);
/* Whether @orders declare fire with weapon @weapon_id of ship @ship_id. */
gboolean             admiralty_orders_weapon_declared      (const AdmTurnOrders    *orders,
                                                            const char             *ship_id,
                                                            const char             *weapon_id);
void                 admiralty_orders_fire_decl_free       (AdmFireDecl            *decl);
void                 admiralty_orders_order_decl_free      (AdmOrderDecl           *decl);

G_END_DECLS
