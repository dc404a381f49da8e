/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-luck-window.h: the luck ledger of the campaign's battles, or of one TI4 combat
 * (adm-luck-model.h), in a window of its own — per battle, side and admiral the dice expected
 * against those that came, and the luckiest and unluckiest rolls; or every roll, from the
 * luckiest to the unluckiest ("Every Roll", luck.rows) — as the master, the public or one
 * side may read it. It follows the campaign or the combat: a step resolved, an undo or a
 * correction in the main window shows here at once. It only reads them. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "adm-luck-model.h"
#include "adm-ti4-combat.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_LUCK_WINDOW (admiralty_luck_window_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyLuckWindow, admiralty_luck_window, ADMIRALTY, LUCK_WINDOW,
                      AdwWindow)

/* The master's ledger of @campaign. */
AdmiraltyLuckWindow *admiralty_luck_window_new          (GtkApplication      *application,
                                                         AdmCampaign         *campaign)
                                                         G_GNUC_WARN_UNUSED_RESULT;
/* The ledger of the TI4 combat @combat, opened at Every Roll. Every roll of a TI4 combat is
 * open to both players (LRR 39.5), so the one audience filter shows every audience the
 * master's rows: there is no audience to choose. */
AdmiraltyLuckWindow *admiralty_luck_window_new_ti4      (GtkApplication      *application,
                                                         AdmTi4Combat        *combat)
                                                         G_GNUC_WARN_UNUSED_RESULT;
/* The TI4 combat whose ledger this is, or NULL for a campaign's. */
AdmTi4Combat        *admiralty_luck_window_get_ti4_combat (AdmiraltyLuckWindow *self);
/* The rows shown, for the audience chosen. */
AdmLuckModel        *admiralty_luck_window_get_model    (AdmiraltyLuckWindow *self);
/* "master", "public" or a faction's id, as the audience drop-down offers them; FALSE for one
 * it does not offer (any, for a TI4 combat's), nothing changed. */
gboolean             admiralty_luck_window_set_audience (AdmiraltyLuckWindow *self,
                                                         const char          *audience);
/* Every roll (TRUE) or the totals: as luck.rows "every-roll" or "totals". */
void                 admiralty_luck_window_set_every_roll (AdmiraltyLuckWindow *self,
                                                           gboolean             every_roll);

G_END_DECLS
