/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-faction-dot.h: a faction shown small beside its name — in the order of battle, on
 * the map page's key and in the Orders tab — as a disc of its colour with its symbol
 * (admiralty-faction-symbol.h), so that it is told by shape where its colour is not. The
 * window's style sheet gives `.faction-dot.faction-<id>` the faction's colour as background
 * and the symbol's ink as `color` (admiralty_faction_dot_css ()). */
#pragma once

#include <gtk/gtk.h>

#include "adm-ruleset.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_FACTION_DOT (admiralty_faction_dot_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyFactionDot, admiralty_faction_dot, ADMIRALTY, FACTION_DOT,
                      GtkWidget)

/* The dot of @faction, or a plain one for NULL. */
GtkWidget        *admiralty_faction_dot_new        (const AdmFaction    *faction);
/* Shows the faction @faction_id (NULL: none, a plain dot) with its @symbol (an
 * AdmFactionSymbol, or -1 for none): its style class and its symbol. */
void              admiralty_faction_dot_set         (AdmiraltyFactionDot *self,
                                                     const char          *faction_id,
                                                     int                  symbol);
/* The symbol drawn, or -1 for none. */
int               admiralty_faction_dot_get_symbol  (AdmiraltyFactionDot *self);
/* The style rule that colours @faction's dots under the style class @scope: its colour, and
 * its symbol in the ink admiralty_faction_symbol_draw () gives it; NULL for a faction
 * without a colour. */
char             *admiralty_faction_dot_css         (const char          *scope,
                                                     const AdmFaction    *faction)
                                                     G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
