/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-ti4-odds-bar.h: the chances of a Twilight Imperium 4 combat as one bar in three
 * parts — attacker holds, draw, defender holds (LRR 39.10) — told apart by pattern as well as
 * by colour, so that it reads in black and white too. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_TI4_ODDS_BAR (admiralty_ti4_odds_bar_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyTi4OddsBar, admiralty_ti4_odds_bar, ADMIRALTY, TI4_ODDS_BAR,
                      GtkWidget)

/* The three probabilities; they are drawn in proportion to their sum. */
void       admiralty_ti4_odds_bar_set_values (AdmiraltyTi4OddsBar *self,
                                              double               attacker,
                                              double               draw,
                                              double               defender);
double     admiralty_ti4_odds_bar_get_value  (AdmiraltyTi4OddsBar *self,
                                              guint                part);

G_END_DECLS
