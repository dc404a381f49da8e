/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-battles.h: the battles fought inside the campaign — each one's set-up and its
 * own journal's entries kept in the campaign's file, who may write it (the chief, or the
 * table it is handed to: adm-table-battle.h), and the battle played for its readers. */
#pragma once

#include "adm-campaign.h"

G_BEGIN_DECLS

/* Battles fought inside the campaign (docs/formats.md, "Battles of a campaign"): one saved
 * battle (adm_battle_serialize ()) per engagement id of the queue (adm-engagement-queue.h),
 * kept in the campaign's own file so that one file holds the whole campaign.
 *
 * The saved battle of @engagement_id (as adm_battle_serialize () would write it), or NULL,
 * valid until a battle is kept again (adm_campaign_has_battle () says whether there is one); @turn and @phase (its phase id, "movement") say where
 * it stands: the phase after the last one in effect in its journal. */
const char    *adm_campaign_get_battle    (AdmCampaign  *self,
                                           const char   *engagement_id,
                                           int          *turn,
                                           const char  **phase);
/* During a "changed" emission: the engagement whose battle's new entries alone it is about
 * (adm_campaign_keep_battle (): no event of the campaign changed, only what is shown of that
 * battle), or NULL when it is about anything else. For a listener that keeps what it shows
 * of each cycle (the admirals' portal) to make again only what depends on that battle. */
const char    *adm_campaign_get_changed_battle (AdmCampaign *self);
/* Whether the campaign keeps a battle of @engagement_id, and where it stands (as
 * adm_campaign_get_battle () says), without the saved battle made. */
gboolean       adm_campaign_has_battle    (AdmCampaign  *self,
                                           const char   *engagement_id,
                                           int          *turn,
                                           const char  **phase);
/* That battle played (adm_battle_load_game_memory () of adm_campaign_get_battle ()), made once
 * and shared by every reader until a battle is kept again: to read (the reports of every
 * admiral read the same battle), never to play on; a reader that holds it longer takes a
 * reference. The campaign holds a few such battles, the ones last read, and plays one again
 * from its journal when asked for it after. NULL when the campaign keeps none, or with
 * @error when it does not play. */
AdmBattle     *adm_campaign_get_battle_played (AdmCampaign  *self,
                                               const char   *engagement_id,
                                               GError      **error);
/* Whether the campaign holds the battle of @engagement_id played now, so that
 * adm_campaign_get_battle_played () hands it at once rather than playing it from the journal:
 * for a reader that plays what it is about to read a battle at a time (the portal's steps). */
gboolean       adm_campaign_holds_battle_played (AdmCampaign *self,
                                                 const char  *engagement_id);
/* Engagement ids (borrowed) that have a battle, in the order first stored. */
GPtrArray     *adm_campaign_list_battles  (AdmCampaign  *self);
/* Keeps @battle as the battle of @engagement_id and saves the campaign when it has a file
 * ("changed" is emitted): the first time, its set-up goes into <battles> (the file is written
 * whole); then each entry of its journal not kept yet — a phase, an undo, a redo — goes into
 * the campaign's journal as a battle entry, added at the file's end: the save costs that
 * entry, not the campaign. Campaign undo and redo pass battle entries by; the campaign's
 * journal gets the battle's results when it is ended (adm-battle-result.h). A turn played
 * through keeps the campaign as the checkpoint "battle-ENGAGEMENT-turn-N". @battle must be the
 * battle kept, played on (the same set-up, its journal beginning with the entries kept), else
 * nothing is kept and @error says why (ADM_CAMPAIGN_ERROR_SAVE). An ended battle is
 * read-only until its ending is undone (adm-battle-result.h): no entry of it is kept, and a
 * battle played on after its ending is refused (ADM_CAMPAIGN_ERROR_BATTLE_ENDED), whatever
 * played it. When the save fails the
 * entries are kept in memory, written by the next save that succeeds, and @error says why. */
gboolean       adm_campaign_keep_battle   (AdmCampaign  *self,
                                           const char   *engagement_id,
                                           AdmBattle    *battle,
                                           GError      **error);
/* Whether the chief master may write the battle of @engagement_id: FALSE with
 * ADM_CAMPAIGN_ERROR_AT_TABLE, naming the table, while it is at another table
 * (adm_state_get_table ()). adm_campaign_keep_battle () refuses by it; a window or a command
 * asks it before opening that battle to play. */
gboolean       adm_campaign_check_at_hand (AdmCampaign  *self,
                                           const char   *engagement_id,
                                           GError      **error);
/* adm_campaign_keep_battle () with the saved battle @saved_battle (adm_battle_serialize ()),
 * first opened and played whole; @turn and @phase are not read (where a battle stands comes
 * from its journal). */
gboolean       adm_campaign_store_battle  (AdmCampaign  *self,
                                           const char   *engagement_id,
                                           const char   *saved_battle,
                                           int           turn,
                                           const char   *phase,
                                           GError      **error);

G_END_DECLS
