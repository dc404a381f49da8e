/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-private.h: what the campaign's own modules share of it — the table hand-back
 * (adm-table-battle.c) keeps a table's battle through the campaign's one check. */
#pragma once

#include "adm-campaign.h"
#include "adm-engagement.h"
#include "adm-engagement-queue.h"

G_BEGIN_DECLS

/* adm_campaign_keep_battle () for the battle of @engagement_id as a table sends it back:
 * @assignment (or NULL for the chief's own hand) is the table's hand-off, and stands in for
 * the chief's hand while the engagement is at that table under it. @head, when not NULL, is
 * @battle's set-up without its season (adm_battle_serialize_head (), then
 * adm_battle_text_without_season ()), made beforehand off the campaign's thread. */
gboolean _adm_campaign_keep_battle (AdmCampaign  *self,
                                    const char   *engagement_id,
                                    AdmBattle    *battle,
                                    const char   *assignment,
                                    const char   *head,
                                    GError      **error);

/* The set-up (adm_battle_serialize_head ()) and the journal the campaign keeps of the battle
 * of @engagement_id; FALSE when it keeps none. Both borrowed. */
gboolean _adm_campaign_get_kept    (AdmCampaign  *self,
                                    const char   *engagement_id,
                                    const char  **head,
                                    AdmJournal  **journal);

/* The battles of the campaign's past handed out by adm_campaign_battle_at_entry (), kept to be
 * carried on (adm-campaign-past.c): AdmPastBattle*, the one asked for least recently first,
 * owned by the campaign. */
typedef struct _AdmPastBattle AdmPastBattle;
void       _adm_past_battle_free          (gpointer     data);
GPtrArray *_adm_campaign_get_past_battles (AdmCampaign *self);

/* The SHA-256 of the head of the battle @campaign sets up now for @engagement, as a table is
 * handed it (adm_campaign_table_battle ()), in @out; FALSE when it cannot be set up. */
gboolean _adm_campaign_setup_hash  (AdmCampaign  *self,
                                    const char   *engagement_id,
                                    char          out[65],
                                    GError      **error);

/* adm_engagement_battle_setup () with the table laid out from @layout_seed, whatever seed the
 * state holds: the set-up a re-roll would give, before it is journaled. */
char    *_adm_engagement_battle_setup_seeded (AdmState            *state,
                                              const AdmEngagement *engagement,
                                              GHashTable          *overrides,
                                              guint32              layout_seed,
                                              GError             **error)
                                             G_GNUC_WARN_UNUSED_RESULT;
/* adm_campaign_engagement_setup () the same way: @layout_seed NULL for the state's. */
char    *_adm_campaign_engagement_setup_seeded (AdmCampaign               *self,
                                                const AdmQueuedEngagement *engagement,
                                                GHashTable                *overrides,
                                                const guint32             *layout_seed,
                                                GError                   **error)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* _adm_campaign_setup_hash () of the set-up with @overrides (or NULL) and @layout_seed (or
 * NULL): the hash a table is handed anew after it chose its placements. */
gboolean _adm_campaign_setup_hash_full (AdmCampaign  *self,
                                        const char   *engagement_id,
                                        GHashTable   *overrides,
                                        const guint32 *layout_seed,
                                        char          out[65],
                                        GError      **error);

G_END_DECLS
