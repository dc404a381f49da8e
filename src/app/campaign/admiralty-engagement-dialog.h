/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-engagement-dialog.h: before an engagement's battle is set up (F-STRAT-4), each
 * engaged formation's placement on the table as its orders give it, with the reason
 * (F-STRAT-15, F-STRAT-5), and a drop-down of the ruleset's placements to change it before the
 * first turn. "Open Battle" hands the master's choices back in the "open" signal. Built from
 * the placements step (adm-placement-step.h): the chief's from his campaign, a table master's
 * from his table's listing; at a table each change and Roll Again are the chief's to journal,
 * asked over the network as they are made (admiralty_engagement_dialog_set_table ()). */
#pragma once

#include <adwaita.h>

#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-placement-step.h"
#include "adm-state.h"
#include "adm-strategy.h"
#include "adm-table-client.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_ENGAGEMENT_DIALOG (admiralty_engagement_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyEngagementDialog, admiralty_engagement_dialog, ADMIRALTY,
                      ENGAGEMENT_DIALOG, AdwWindow)

/* Signal "open" (GHashTable *overrides: formation id → placement id, only the changed ones).
 * Signal "placed": at a table, the chief journaled a placement or Roll Again sent to him: the
 * battle he hands out is set up anew. */

AdmiraltyEngagementDialog *admiralty_engagement_dialog_new (AdmState            *state,
                                                            const AdmEngagement *engagement);
/* The dialog of @step (copied). */
AdmiraltyEngagementDialog *admiralty_engagement_dialog_new_for_step (const AdmPlacementStep *step);
/* The placement id chosen for @formation_id, and its reason line. */
const char *admiralty_engagement_dialog_get_placement (AdmiraltyEngagementDialog *self,
                                                       const char                *formation_id);
gboolean    admiralty_engagement_dialog_set_placement (AdmiraltyEngagementDialog *self,
                                                       const char                *formation_id,
                                                       const char                *placement_id);
/* Emits "open" with the choices, as the "Open Battle" button does. */
void        admiralty_engagement_dialog_open          (AdmiraltyEngagementDialog *self);
/* F-TAC-1: the campaign the engagement @engagement_id is of: the dialog then previews the
 * table its set-up generates and offers Roll Again (engagement.reroll), which journals a new
 * seed at once (adm_campaign_reroll_layout ()), undoable like any entry. */
void        admiralty_engagement_dialog_set_campaign  (AdmiraltyEngagementDialog *self,
                                                       AdmCampaign               *campaign,
                                                       const char                *engagement_id);
/* The engagement given with the campaign or the table, or NULL. */
const char *admiralty_engagement_dialog_get_engagement_id (AdmiraltyEngagementDialog *self);
/* F-STRAT-15, F-TAC-1: at the table of @client, for the engagement @listed (its listing): the
 * preview is the set-up the chief hands out now (adm_table_client_preview_async ()); a
 * placement picked, and Roll Again (whose seed the chief draws), are sent to him at once
 * (adm_table_client_place_async ()), the choices waiting meanwhile; a refusal is shown in his
 * words and the choice put back. "open" then carries no override: the chief has them all. */
void        admiralty_engagement_dialog_set_table     (AdmiraltyEngagementDialog *self,
                                                       AdmTableClient            *client,
                                                       const AdmTableEngagement  *listed);
/* F-STRAT-15, F-STRAT-4: with the campaign given (admiralty_engagement_dialog_set_campaign ()),
 * the placements and the table shown as the campaign holds them, followed as it changes, and
 * nothing changed here: the choices, Roll Again and Open Battle are gone, @why in their place
 * (the engagement is another master's, at his table, the battle's one writer). */
void        admiralty_engagement_dialog_set_read_only (AdmiraltyEngagementDialog *self,
                                                       const char                *why);
gboolean    admiralty_engagement_dialog_get_read_only (AdmiraltyEngagementDialog *self);
/* The chief's last refusal as shown, or NULL; whether the chief is being asked. */
const char *admiralty_engagement_dialog_get_refusal   (AdmiraltyEngagementDialog *self);
gboolean    admiralty_engagement_dialog_get_asking    (AdmiraltyEngagementDialog *self);
/* Roll Again with @seed; FALSE with @error when the campaign refuses it. */
gboolean    admiralty_engagement_dialog_reroll        (AdmiraltyEngagementDialog  *self,
                                                       guint32                     seed,
                                                       GError                    **error);
/* The battle as the preview shows it (borrowed), or NULL. */
AdmBattle  *admiralty_engagement_dialog_get_preview   (AdmiraltyEngagementDialog *self);

G_END_DECLS
