/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-fire.h: the orders panel's fire section, for the selected ship: its
 * weapons to check, the targets they reach (ringed on the table), the target, the exact odds
 * and the damage distribution before the dice, return fire (F-FIRE-11), torpedo tubes
 * launched at a ship or a point (F-WPN-10, F-TORP-3), target lock (F-FORD-2) and reinforced
 * shields (F-FORD-5, F-FORD-6). */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-orders-context.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ORDERS_FIRE (admiralty_orders_fire_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersFire, admiralty_orders_fire, ADMIRALTY, ORDERS_FIRE,
                      GtkWidget)

void          admiralty_orders_fire_set_context    (AdmiraltyOrdersFire    *self,
                                                    AdmiraltyOrdersContext *context);
/* The selected ship's weapon checks again (another ship, unit or view). */
void          admiralty_orders_fire_rebuild_weapons (AdmiraltyOrdersFire   *self);
/* The targets the checked weapons reach, then the form. */
void          admiralty_orders_fire_update         (AdmiraltyOrdersFire    *self);
void          admiralty_orders_fire_update_targets (AdmiraltyOrdersFire    *self);
/* The form for the table's target: the target list, the ship orders offered, the odds. */
void          admiralty_orders_fire_update_form    (AdmiraltyOrdersFire    *self);
/* The ships to ring on the table (guint indexes). */
GArray       *admiralty_orders_fire_get_targets    (AdmiraltyOrdersFire    *self);
/* The point the tubes are aimed at, drawn on the table while it holds (F-TORP-3). */
void          admiralty_orders_fire_update_aim     (AdmiraltyOrdersFire    *self);
void          admiralty_orders_fire_drop_aim       (AdmiraltyOrdersFire    *self);
/* An ended battle: nothing ringed or aimed, the section hidden. */
void          admiralty_orders_fire_clear          (AdmiraltyOrdersFire    *self);

/* Declares fire from the checked weapons at the table's target, tubes with it. */
gboolean      admiralty_orders_fire_declare        (AdmiraltyOrdersFire    *self);
void          admiralty_orders_fire_set_target_lock (AdmiraltyOrdersFire   *self,
                                                     gboolean               on);
void          admiralty_orders_fire_set_reinforce  (AdmiraltyOrdersFire    *self,
                                                    gboolean                on,
                                                    gboolean                extended);

const char   *admiralty_orders_fire_get_odds_text  (AdmiraltyOrdersFire    *self);
GtkWidget    *admiralty_orders_fire_get_weapon_check (AdmiraltyOrdersFire  *self,
                                                      const char           *name);
GtkWidget    *admiralty_orders_fire_get_declare_button (AdmiraltyOrdersFire *self);

G_END_DECLS
