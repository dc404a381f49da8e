/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-odds.h: in the fire section, the odds of the fire described before the
 * dice — the dice, the number to hit and why, the shields and hull in play, the fire counted
 * before it (F-FIRE-4, F-SHLD-2) and the exact outcome — and the damage distribution drawn as
 * bars, artillery and destructors convolved. */
#pragma once

#include <gtk/gtk.h>

#include "adm-battle-preview.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ORDERS_ODDS (admiralty_orders_odds_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyOrdersOdds, admiralty_orders_odds, ADMIRALTY, ORDERS_ODDS,
                      GtkWidget)

/* Appends @preview in words: the reason it is refused, or the distance, the column and what
 * shifts it, then the details above; lengths in inches when @inches. */
void        admiralty_orders_odds_describe (GString              *text,
                                            const AdmFirePreview *preview,
                                            gboolean              inches);
/* Shows @text, and the damage distribution of @preview when it is legal. @preview (may be
 * NULL) is taken whole and left empty. */
void        admiralty_orders_odds_show     (AdmiraltyOrdersOdds  *self,
                                            const char           *text,
                                            AdmFirePreview       *preview);
const char *admiralty_orders_odds_get_text (AdmiraltyOrdersOdds  *self);

G_END_DECLS
