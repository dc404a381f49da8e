/* SPDX-License-Identifier: GPL-3.0-or-later */
/* battle-helpers.h: what the battle tests share — loading fixtures and scripting dice. */
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
