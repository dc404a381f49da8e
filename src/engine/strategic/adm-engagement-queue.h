/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-engagement-queue.h: the engagements of a campaign as the master fights them — each
 * engagement of a resolved cycle, in time order, with its minute, place, formations and
 * status (F-STRAT-4).
 *
 * A strategic engagement (adm_strategy_get_engagements ()) records the minute each formation
 * first met an enemy at that place. Under the ruling "late-arrivals" (F-STRAT-4 is silent on
 * it) a formation arriving later does not appear on a table already laid out: the
 * engagement is fought in waves, one per minute at which formations arrive, each wave with
 * what the earlier waves left there. Every wave of a cycle is one entry of the queue, ordered
 * by minute; its id is "cN-K", the K-th of cycle N in that order. A formation in several
 * engagements of one cycle fights them in that order: a later one waits until the earlier
 * ones are ended, and opens only with what they left (ships destroyed, left as wrecks or
 * captured are gone from their formations, adm-battle-result.h). An engagement in which
 * fewer than two sides have anything left is dropped, with the reason. */
#pragma once

#include <glib.h>

#include "adm-state.h"
#include "adm-strategy.h"

G_BEGIN_DECLS

#include "adm-campaign.h"

typedef enum {
  ADM_ENGAGEMENT_NOT_FOUGHT,   /* may be opened */
  ADM_ENGAGEMENT_WAITING,      /* an earlier engagement of one of its formations is not ended */
  ADM_ENGAGEMENT_IN_PROGRESS,  /* its battle is saved in the campaign, not ended */
  ADM_ENGAGEMENT_FINISHED,     /* ended, its results applied to the campaign */
  ADM_ENGAGEMENT_DROPPED,      /* fewer than two sides have anything left to fight with, or
                                * the master dropped it unfought, with his reason */
} AdmEngagementStatus;

typedef struct {
  char                  *id;          /* "c2-1" */
  guint                  number;      /* K: its place in the cycle's time order, from 1 */
  /* cycle, minute, sector or link, joined minutes (borrowed from the strategic engagement);
   * formations: those of the wave still in being with ships, now (borrowed) */
  AdmEngagement          engagement;
  GPtrArray             *formation_ids; /* char* (borrowed): every formation of the wave */
  GPtrArray             *arriving;    /* char* (borrowed): the formations that arrive at this
                                       * minute; the others fought an earlier wave there */
  AdmEngagementStatus    status;
  char                  *waiting_for; /* WAITING: the id of the earlier engagement */
  char                  *dropped;     /* DROPPED: why, translated; or the master's reason */
  gboolean               by_master;   /* DROPPED by the master, unfought ("drop-engagement") */
  GPtrArray             *gone;        /* char* (owned): names of the formations with nothing
                                       * left, translated lines */
  const AdmBattleEnding *ending;      /* FINISHED: how (borrowed from the state) */
  int                    turn;        /* IN_PROGRESS: the battle's turn */
  char                  *phase;       /* IN_PROGRESS: the phase's display name */
  char                  *table;       /* NOT_FOUGHT, IN_PROGRESS: the table it is at, or NULL */
} AdmQueuedEngagement;

void                 adm_queued_engagement_free   (AdmQueuedEngagement *engagement);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmQueuedEngagement, adm_queued_engagement_free)

/* The queue of @cycle (0: every resolved cycle), in time order (AdmQueuedEngagement*, owned),
 * with the statuses the state alone knows: not fought, waiting, finished, dropped. */
GPtrArray           *adm_engagement_queue_new     (AdmState    *state,
                                                   guint        cycle) G_GNUC_WARN_UNUSED_RESULT;
/* One engagement by id, or NULL with @error naming the engagements there are. */
AdmQueuedEngagement *adm_engagement_queue_find    (AdmState    *state,
                                                   const char  *id,
                                                   GError     **error) G_GNUC_WARN_UNUSED_RESULT;
/* The queue with the battles the campaign holds: an engagement whose battle is saved there and
 * not ended is in progress, with the battle's turn and phase. */
GPtrArray           *adm_campaign_get_engagements (AdmCampaign *campaign,
                                                   guint        cycle) G_GNUC_WARN_UNUSED_RESULT;
AdmQueuedEngagement *adm_campaign_find_engagement (AdmCampaign *campaign,
                                                   const char  *id,
                                                   GError     **error) G_GNUC_WARN_UNUSED_RESULT;

/* The engagements of every resolved cycle not fought to their end (AdmQueuedEngagement*,
 * owned), in queue order: not fought, waiting for an earlier one, or in progress — a battle
 * begun, in this campaign or at another table. Resolving the next cycle leaves them behind,
 * so the master is asked about them first (adm_campaign_resolve_cycle_dropping ()). */
GPtrArray           *adm_campaign_get_unfought    (AdmCampaign *campaign) G_GNUC_WARN_UNUSED_RESULT;
/* "c1-1, c1-3": their ids, for messages. */
char                *adm_engagements_list_ids     (GPtrArray   *engagements) G_GNUC_WARN_UNUSED_RESULT;

/* @engagement in progress when @campaign keeps a battle for it that has not ended: its turn
 * and phase, as adm_campaign_get_engagements () gives them. */
void                 adm_queued_engagement_add_progress (AdmCampaign         *campaign,
                                                         AdmQueuedEngagement *engagement);
/* "Not fought", "Turn 2 · Movement", "Finished", "Waiting for c1-1", "Dropped: …". */
char                *adm_queued_engagement_describe_status (const AdmQueuedEngagement *engagement)
                                                   G_GNUC_WARN_UNUSED_RESULT;
/* "not-fought", "waiting", "in-progress", "finished", "dropped". */
const char          *adm_engagement_status_to_string (AdmEngagementStatus status);

/* The battle set-up (battle.rng) of @engagement as the campaign stands: the formations still
 * in being with what is left of them (hull, readiness, criticals), placed by their orders or
 * by the master's @overrides (formation id → placement id, or NULL). F-ECM-2, F-ECM-5: a
 * hidden formation a side did not know of on the strategic map before the cycle is set up
 * undetected by that side (<detection level="none">): off its table until detected, or until
 * it opens fire (F-ECM-3). Errors: the engagement may not be opened (waiting, dropped,
 * finished), or adm_engagement_battle_setup ()'s. */
char                *adm_campaign_engagement_setup (AdmCampaign               *campaign,
                                                    const AdmQueuedEngagement *engagement,
                                                    GHashTable                *overrides,
                                                    GError                   **error)
                                                   G_GNUC_WARN_UNUSED_RESULT;

/* F-STRAT-15: the master places formations of @engagement_id otherwise than their orders
 * would, before its battle is set up: one action ("Placements for engagement c1-3") of
 * "placement" events, which the placements, the set-up and the reports then follow. Nothing
 * is journaled for an empty @overrides (formation id → placement id). */
gboolean             adm_campaign_choose_placements (AdmCampaign *campaign,
                                                     const char  *engagement_id,
                                                     GHashTable  *overrides,
                                                     gint64       time,
                                                     GError     **error);

/* F-TAC-1: the master re-rolls the table of @engagement_id with @seed before its battle
 * begins: one undoable action ("New table for engagement c1-3") of a "layout" event, which
 * the set-up then follows (adm_engagement_layout_seed ()). Refused once the campaign keeps
 * a battle for it (ADM_SECTOR_BATTLE_ERROR_BATTLE_BEGUN): its first turn is played. */
gboolean             adm_campaign_reroll_layout     (AdmCampaign *campaign,
                                                     const char  *engagement_id,
                                                     guint32      seed,
                                                     gint64       time,
                                                     GError     **error);

G_END_DECLS
