/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-faction-symbol.h: the shape each faction flies beside its colour, so that sides are told
 * apart by those who cannot tell the colours apart (classes.rng's symbol="…"). The shapes are
 * drawn, never a font's glyph (src/report/admiralty-faction-symbol.c). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* In the order a season without symbols hands them out (adm_faction_symbol_default ()). */
typedef enum {
  ADM_FACTION_SYMBOL_CIRCLE,
  ADM_FACTION_SYMBOL_TRIANGLE,
  ADM_FACTION_SYMBOL_SQUARE,
  ADM_FACTION_SYMBOL_DIAMOND,
  ADM_FACTION_SYMBOL_STAR,
  ADM_FACTION_SYMBOL_CROSS,
  ADM_FACTION_SYMBOL_HEXAGON,
  ADM_FACTION_SYMBOL_BAR,
  ADM_N_FACTION_SYMBOLS
} AdmFactionSymbol;

/* The symbol named @name in the data ("star"); FALSE for no symbol's name. */
gboolean    adm_faction_symbol_from_name (const char       *name,
                                          AdmFactionSymbol *symbol);
/* The data's name of @symbol ("star"). */
const char *adm_faction_symbol_get_name  (AdmFactionSymbol  symbol);
/* @symbol as a master reads it, translated ("Star"): the scenario editor's choice. */
const char *adm_faction_symbol_get_title (AdmFactionSymbol  symbol);
/* Every name, "circle, triangle, …", for a message naming what may be written. */
char       *adm_faction_symbol_list_names (void) G_GNUC_WARN_UNUSED_RESULT;
/* "symbols in order": the symbol of a faction whose season names none (a season written
 * before factions had symbols) — the first in the enum's order that no faction of the season
 * has taken, by naming it or by an earlier default (@taken, indexed by symbol, updated);
 * when all are taken, the @index-th (the faction's place in the season) counting round. */
AdmFactionSymbol adm_faction_symbol_default (gboolean taken[ADM_N_FACTION_SYMBOLS],
                                             guint    index);

G_END_DECLS
