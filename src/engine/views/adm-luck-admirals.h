/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-luck-admirals.h: the luck ledger (adm-luck.h) by admiral — a campaign's battles weighed
 * for each admiral whose formations fought in them, across the sides (a side of an alliance
 * is several factions' admirals). A roll is an admiral's when the first ship or formation it
 * is about is of a formation he commands in the campaign (its admiral, F-GEN-5); a station
 * unit, a prize taken in the battle and a roll about a whole side are no admiral's. The master
 * is shown every admiral; a side its own admirals only, of the rolls it saw; the public none
 * (F-STRAT-3: which admiral commands a formation is the master's and its side's to know). */
#pragma once

#include <glib.h>

#include "adm-luck.h"

G_BEGIN_DECLS

/* @ledger's tallies by admiral (AdmLuckSide*: the side's name and the admiral's; borrowed),
 * in the order first met; empty for a ledger not made by adm_luck_ledgers_of_campaign (). */
GPtrArray *adm_luck_ledger_get_admirals    (AdmLuckLedger *ledger);
/* The admirals of @ledgers summed by side name and admiral, in the order first met
 * (AdmLuckSide*, owned: free with g_ptr_array_unref). */
GPtrArray *adm_luck_ledgers_admiral_totals (GPtrArray     *ledgers) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
