/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-panel.h: a battle turn's declarations as the master enters them — courses
 * plotted by dragging a ship on the table or typed leg by leg, movement combat orders, fire
 * with its targets ringed on the table and its odds shown before the dice, target lock,
 * reinforced shields, and torpedoes, boarding, mines, damage control and the rest. Every
 * order is checked by the engine (adm-battle-preview.h) as it is entered: a refused one says
 * why and is not added. The panel draws its previews on the table widget it is given.
 * It is a container of sections sharing one AdmiraltyOrdersContext: the declarations list,
 * movement, fire, and the other orders with the torpedo threats (admiralty-orders-*.h). */
#pragma once

#include <gtk/gtk.h>

#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "admiralty-table-widget.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ORDERS_PANEL (admiralty_orders_panel_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersPanel, admiralty_orders_panel, ADMIRALTY, ORDERS_PANEL,
                      GtkWidget)

/* Follows @battle and the selection and target of @table. A new turn's declarations start
 * from the ones already journalled for that turn (after an undo), else from @file_orders
 * (the battle's orders file; may be NULL, kept by the caller), else empty. */
void                 admiralty_orders_panel_attach         (AdmiraltyOrdersPanel  *self,
                                                            AdmBattle             *battle,
                                                            AdmiraltyTableWidget  *table,
                                                            const AdmBattleOrders *file_orders);
/* Another orders file: its declarations for the current turn replace the ones entered. */
void                 admiralty_orders_panel_set_file_orders (AdmiraltyOrdersPanel *self,
                                                            const AdmBattleOrders *file_orders);
/* Lengths shown and typed in inches rather than cm (the "units" preference). */
void                 admiralty_orders_panel_set_inches     (AdmiraltyOrdersPanel  *self,
                                                            gboolean               inches);
/* An ended battle (adm-battle-result.h): the panel says so and offers no order control —
 * no declaration to enter or remove, on the panel, the table or by its actions. */
/* Why it is read-only when not for its ending in the campaign (NULL, NULL: that ending):
 * a battle fought at another table, or ended at this one. */
void                 admiralty_orders_panel_set_read_only_text (AdmiraltyOrdersPanel *self,
                                                                const char           *heading,
                                                                const char           *hint);
void                 admiralty_orders_panel_set_read_only  (AdmiraltyOrdersPanel  *self,
                                                            gboolean               read_only);
/* The declarations of the current turn, to resolve its phases with. */
/* The name of the formation whose last course drag was refused in this movement phase, and
 * why in @reason (the panel's); NULL when none was, or a later drag of it was taken. */
const char          *admiralty_orders_panel_get_refused_course (AdmiraltyOrdersPanel *self,
                                                            const char          **reason);
void                 admiralty_orders_panel_forget_refused_course (AdmiraltyOrdersPanel *self);
const AdmTurnOrders *admiralty_orders_panel_get_orders     (AdmiraltyOrdersPanel  *self);
/* Replaces the current turn's declarations (a saved draft, for instance). */
void                 admiralty_orders_panel_set_orders     (AdmiraltyOrdersPanel  *self,
                                                            const AdmTurnOrders   *orders);
/* The engine's refusal of these declarations ("orders:3: reason") in words: the order it is
 * about, then the reason. */
char                *admiralty_orders_panel_explain_error  (AdmiraltyOrdersPanel  *self,
                                                            const GError          *error)
    G_GNUC_WARN_UNUSED_RESULT;

/* Orders for the selected ship's formation (the ship menu, keyboard). */
void                 admiralty_orders_panel_set_move_order (AdmiraltyOrdersPanel  *self,
                                                            AdmMoveOrder           order);
void                 admiralty_orders_panel_clear_move     (AdmiraltyOrdersPanel  *self);
/* Adds a leg to the selected ship's course: a turn of @degrees (positive to starboard)
 * then @cm straight on. FALSE, with the reason in the panel, when the engine refuses the
 * course it makes. */
gboolean             admiralty_orders_panel_add_leg        (AdmiraltyOrdersPanel  *self,
                                                            double                 degrees,
                                                            double                 cm);
/* Declares fire from the selected ship's checked weapons at the table's target. */
gboolean             admiralty_orders_panel_declare_fire   (AdmiraltyOrdersPanel  *self);
/* The selected ship's target lock or reinforced shields this turn, on or off. */
void                 admiralty_orders_panel_set_target_lock (AdmiraltyOrdersPanel *self,
                                                            gboolean               on);
void                 admiralty_orders_panel_set_reinforce  (AdmiraltyOrdersPanel  *self,
                                                            gboolean               on,
                                                            gboolean               extended);

/* For tests: the text of every declaration row, the last refusal shown ("" none), the odds
 * text, and the kind of "other" order the form is set to by its element name. */
GStrv                _admiralty_orders_panel_get_rows      (AdmiraltyOrdersPanel  *self)
    G_GNUC_WARN_UNUSED_RESULT;
const char          *_admiralty_orders_panel_get_message   (AdmiraltyOrdersPanel  *self);
const char          *_admiralty_orders_panel_get_odds_text (AdmiraltyOrdersPanel  *self);
/* The odds of the enemy salvoes against the selected ship, one line each. */
const char          *_admiralty_orders_panel_get_batteries_text (AdmiraltyOrdersPanel *self);
const char          *_admiralty_orders_panel_get_torpedo_text (AdmiraltyOrdersPanel *self);
gboolean             _admiralty_orders_panel_set_other     (AdmiraltyOrdersPanel  *self,
                                                            const char            *element,
                                                            const char * const    *keys,
                                                            const char * const    *values);
/* The fire section's check of the selected ship's weapon named @name, and its Declare Fire
 * button, to be clicked with the pointer. */
/* Whether the "other orders" form offers the kind of order of @element in the battle's phase. */
gboolean             _admiralty_orders_panel_offers        (AdmiraltyOrdersPanel  *self,
                                                            const char            *element);
GtkWidget           *_admiralty_orders_panel_get_weapon_check (AdmiraltyOrdersPanel *self,
                                                               const char           *name);
GtkWidget           *_admiralty_orders_panel_get_declare_button (AdmiraltyOrdersPanel *self);
GtkWidget           *_admiralty_orders_panel_get_cover_box      (AdmiraltyOrdersPanel *self);
GtkWidget           *_admiralty_orders_panel_get_clear_button (AdmiraltyOrdersPanel *self);
GtkDropDown         *_admiralty_orders_panel_get_ram_dropdown (AdmiraltyOrdersPanel *self);

G_END_DECLS
