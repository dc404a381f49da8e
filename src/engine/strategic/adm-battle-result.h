/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-result.h: a battle of the campaign ended, and its results carried back into the
 * campaign (F-STRAT-4: the fleets go on as the battle left them).
 *
 * Ending is one named action of the campaign's journal ("End of the battle of engagement
 * c1-2 (Pol orbit)"), undone and redone like any other:
 *   - "ship-after-battle" for every ship on the table: its hull damage, readiness (the crew
 *     losses of criticals included, F-CRIT-16, F-CRIT-18, F-CRIT-19) and unrepaired critical
 *     results (F-CRIT-20); destroyed ships (F-CAT-12, F-CAT-13) leave their formations; hulks
 *     (F-CAT-10, F-CAT-11) leave them too, as wrecks in the sector; a captured ship (F-BOARD-15,
 *     F-BOARD-17) serves its captor; the flagship a succession left (F-FORM-5) stays flagship;
 *   - "prize": the ships each faction captured form a formation of their own;
 *   - "battle-end": the engagement is over, at which turn, and why (one side withdrew, …).
 * Each event is checked by the state (adm-state.c) as it is applied: the one check. */
#pragma once

#include <glib.h>

#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-engagement-queue.h"

G_BEGIN_DECLS

/* The action that ends @engagement with what @battle left (NULL: ended without a battle —
 * nothing changes but the engagement's status), @reason the master's words (or NULL), at
 * @time. Errors: the battle is not this engagement's (a ship of it is not in the campaign). */
AdmJournalAction *adm_battle_result_action (AdmCampaign               *campaign,
                                            const AdmQueuedEngagement *engagement,
                                            AdmBattle                 *battle,
                                            const char                *reason,
                                            gint64                     time,
                                            GError                   **error) G_GNUC_WARN_UNUSED_RESULT;

/* Ends engagement @engagement_id: records adm_battle_result_action () in the campaign and
 * saves it, or changes nothing and says why (the engagement is ended already, waits for an
 * earlier one, or the results do not apply). */
gboolean          adm_campaign_end_battle  (AdmCampaign               *campaign,
                                            const char                *engagement_id,
                                            AdmBattle                 *battle,
                                            const char                *reason,
                                            gint64                     time,
                                            GError                   **error);

G_END_DECLS
