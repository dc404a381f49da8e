/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-faction-symbol.c: the factions' symbols by name (see the header). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-faction-symbol.h"

/* NULL-terminated for g_strjoinv (). */
static const char * const names[ADM_N_FACTION_SYMBOLS + 1] = {
  [ADM_FACTION_SYMBOL_CIRCLE] = "circle",
  [ADM_FACTION_SYMBOL_TRIANGLE] = "triangle",
  [ADM_FACTION_SYMBOL_SQUARE] = "square",
  [ADM_FACTION_SYMBOL_DIAMOND] = "diamond",
  [ADM_FACTION_SYMBOL_STAR] = "star",
  [ADM_FACTION_SYMBOL_CROSS] = "cross",
  [ADM_FACTION_SYMBOL_HEXAGON] = "hexagon",
  [ADM_FACTION_SYMBOL_BAR] = "bar",
};

static const char * const titles[ADM_N_FACTION_SYMBOLS] = {
  /* Translators: the shapes a faction may be drawn with beside its colour */
  [ADM_FACTION_SYMBOL_CIRCLE] = N_("Circle"),
  [ADM_FACTION_SYMBOL_TRIANGLE] = N_("Triangle"),
  [ADM_FACTION_SYMBOL_SQUARE] = N_("Square"),
  [ADM_FACTION_SYMBOL_DIAMOND] = N_("Diamond"),
  [ADM_FACTION_SYMBOL_STAR] = N_("Star"),
  [ADM_FACTION_SYMBOL_CROSS] = N_("Cross"),
  [ADM_FACTION_SYMBOL_HEXAGON] = N_("Hexagon"),
  [ADM_FACTION_SYMBOL_BAR] = N_("Bar"),
};

const char *
adm_faction_symbol_get_title (AdmFactionSymbol symbol)
{
  g_return_val_if_fail (symbol < ADM_N_FACTION_SYMBOLS, NULL);

  return _(titles[symbol]);
}

gboolean
adm_faction_symbol_from_name (const char       *name,
                              AdmFactionSymbol *symbol)
{
  g_return_val_if_fail (symbol != NULL, FALSE);

  for (guint i = 0; name != NULL && i < ADM_N_FACTION_SYMBOLS; i++)
    if (g_str_equal (name, names[i]))
      {
        *symbol = i;
        return TRUE;
      }
  return FALSE;
}

const char *
adm_faction_symbol_get_name (AdmFactionSymbol symbol)
{
  g_return_val_if_fail (symbol < ADM_N_FACTION_SYMBOLS, NULL);
  return names[symbol];
}

char *
adm_faction_symbol_list_names (void)
{
  return g_strjoinv (", ", (char **) names);
}

AdmFactionSymbol
adm_faction_symbol_default (gboolean taken[ADM_N_FACTION_SYMBOLS],
                            guint    index)
{
  for (guint i = 0; i < ADM_N_FACTION_SYMBOLS; i++)
    if (!taken[i])
      {
        taken[i] = TRUE;
        return i;
      }
  return index % ADM_N_FACTION_SYMBOLS;
}
