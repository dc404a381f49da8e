/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-luck-window.h: the luck ledger of the campaign's battles (adm-luck-model.h) in a
 * window of its own — per battle, side and admiral the dice expected against those that came,
 * and the luckiest and unluckiest rolls; or every roll, from the luckiest to the unluckiest
 * ("Every Roll", luck.rows) — as the master, the public or one side may read it.
 * It follows the campaign: a phase resolved, an undo or a correction in the main window shows
 * here at once. It only reads the campaign. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "adm-luck-model.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_LUCK_WINDOW (admiralty_luck_window_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyLuckWindow, admiralty_luck_window, ADMIRALTY, LUCK_WINDOW,
                      AdwWindow)

/* The master's ledger of @campaign. */
AdmiraltyLuckWindow *admiralty_luck_window_new          (GtkApplication      *application,
                                                         AdmCampaign         *campaign)
                                                         G_GNUC_WARN_UNUSED_RESULT;
/* The rows shown, for the audience chosen. */
AdmLuckModel        *admiralty_luck_window_get_model    (AdmiraltyLuckWindow *self);
/* "master", "public" or a faction's id, as the audience drop-down offers them; FALSE for one
 * it does not offer, nothing changed. */
gboolean             admiralty_luck_window_set_audience (AdmiraltyLuckWindow *self,
                                                         const char          *audience);
/* Every roll (TRUE) or the totals: as luck.rows "every-roll" or "totals". */
void                 admiralty_luck_window_set_every_roll (AdmiraltyLuckWindow *self,
                                                           gboolean             every_roll);

G_END_DECLS
