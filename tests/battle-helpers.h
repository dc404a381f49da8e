/* SPDX-License-Identifier: GPL-3.0-or-later */
/* battle-helpers.h: what the battle tests share — loading fixtures and scripting dice — and
 * the luck ledger's (adm-luck.h). */
#pragma once

#include <glib.h>

#include "admiralty-engine.h"

/* Loads tests/data/battles/@name. */
AdmBattle *
battle_helper_load (const char *name);

/* Parses one turn of orders from text ("<move …/>…" inside <turn n="N">). */
AdmTurnOrders *
battle_helper_orders (int         turn,
                      const char *body);

/* A queue holding @dice ("4 6 1"). */
AdmDiceQueue *
battle_helper_dice (const char *dice);

/* Resolves phases until @phase is next, with no orders and no dice needed. */
void
battle_helper_skip_to (AdmBattle *battle,
                       AdmPhase   phase);

/* Whether any report line contains @text. */
gboolean
battle_helper_reported (AdmBattle  *battle,
                        const char *text);

void
battle_helper_print_report (AdmBattle *battle);

/* The judged rolls @audience is shown of @battle about a side it sees — those its luck ledger
 * may count (adm_luck_ledger_new ()) — worked out from the one audience filter: a roll's side
 * is that of the first ship, formation or side it is about. */
guint
battle_helper_judged_seen (AdmBattle   *battle,
                           AdmAudience  audience);

/* The rows of a luck ledger's list (AdmLuckRow, adm-luck-model.h), drawn or not, as
 * "title | summary" lines. */
char *
battle_helper_luck_rows_text (GListModel *model);
