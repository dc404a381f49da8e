/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign.h: a campaign is its scenario plus its journal (adm-journal.h): actions, each
 * one or more events, and undo and redo entries; nothing is ever removed. The state is the
 * replay of the actions in effect.
 *
 * This header owns the object itself and the state's questions: what the campaign is now
 * (its scenario, state, admirals, whether it is ended) and at any moment of its past. The
 * other parts of the same object each have a header of their own:
 *   adm-campaign-file.h     the file: opening, saving, the lock, backups and checkpoints;
 *   adm-campaign-journal.h  the journal: recording, undo and redo;
 *   adm-campaign-battles.h  the battles kept inside the campaign;
 *   adm-table-battle.h      the tables' hand-offs and their messages;
 *   adm-dice-ledger.h       the commitments of its battles' program dice. */
#pragma once

#include <glib-object.h>

#include "adm-battle.h"
#include "adm-dice-prng.h"
#include "adm-event.h"
#include "adm-scenario.h"
#include "adm-state.h"

G_BEGIN_DECLS

#define ADM_CAMPAIGN_ERROR (adm_campaign_error_quark ())

typedef enum {
  ADM_CAMPAIGN_ERROR_NOTHING_TO_UNDO,
  ADM_CAMPAIGN_ERROR_NOTHING_TO_REDO,
  ADM_CAMPAIGN_ERROR_SAVE,
  ADM_CAMPAIGN_ERROR_CORRUPT,      /* the file is damaged; a backup may be offered */
  ADM_CAMPAIGN_ERROR_BATTLE_ENDED, /* the battle is ended: read-only until that is undone */
  ADM_CAMPAIGN_ERROR_AT_TABLE,     /* the battle is fought at another table (table-assign) */
  ADM_CAMPAIGN_ERROR_NO_ENTRY,     /* the journal never held that many entries */
  ADM_CAMPAIGN_ERROR_NO_BATTLE,    /* no such battle, or not begun by then */
  ADM_CAMPAIGN_ERROR_ENDED,        /* the campaign is ended ("end-campaign"): no battle is fought
                                    * on until that is undone */
} AdmCampaignError;

GQuark adm_campaign_error_quark (void);

/* Signals and properties for the UI:
 *   "changed" (no arguments): emitted after every append, undo and redo, once the state has
 *     been replayed;
 *   "can-undo", "can-redo" (gboolean, read-only, notified when they change);
 *   "path" (string, read-only, notified when the campaign gets its file).
 * The file's own signals ("save-failed", "mirror-failed", "checkpoint-failed") are said in
 * adm-campaign-file.h. */
#define ADM_TYPE_CAMPAIGN (adm_campaign_get_type ())
G_DECLARE_FINAL_TYPE (AdmCampaign, adm_campaign, ADM, CAMPAIGN, GObject)

/* A new campaign with an empty journal; the program's dice are seeded with @seed. */
AdmCampaign   *adm_campaign_new           (AdmScenario  *scenario,
                                           guint64       seed) G_GNUC_WARN_UNUSED_RESULT;

AdmScenario   *adm_campaign_get_scenario  (AdmCampaign  *self);
AdmRuleset    *adm_campaign_get_ruleset   (AdmCampaign  *self);
/* Every admiral of the campaign as it stands (AdmAdmiral*, borrowed until the next change):
 * the scenario's, then those the master's corrections brought into the game
 * (adm_strategy_get_admirals ()). */
GPtrArray     *adm_campaign_get_admirals  (AdmCampaign  *self);
/* The admiral @id among them, NULL for none. */
AdmAdmiral    *adm_campaign_lookup_admiral (AdmCampaign *self,
                                            const char  *id);
AdmState      *adm_campaign_get_state     (AdmCampaign  *self);
AdmDicePrng   *adm_campaign_get_prng      (AdmCampaign  *self);
GPtrArray     *adm_campaign_get_events    (AdmCampaign  *self); /* AdmEvent* */
/* A state of the campaign's past: @events (AdmEvent* of its journal, in order) applied to its
 * scenario's state, the first @n_strict each through the one check, else NULL with @error,
 * the rest where they apply (adm_replays_get ()). The last ADM_CAMPAIGN_REPLAYS asked for are
 * kept and carried on as the journal grows, so that the reports of earlier cycles, made again
 * after every entry, apply only the new events. Shared: read it, apply nothing to it. */
#define ADM_CAMPAIGN_REPLAYS 8
AdmState      *adm_campaign_replay        (AdmCampaign  *self,
                                           GPtrArray    *events,
                                           guint         n_strict,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The war at a moment of its past, for a replay or a scrubber that steps through it: read
 * only — asking changes nothing of the campaign and journals nothing.
 *
 * The campaign's state as it stood when its journal held its first @n_entries entries (0: the
 * scenario's start; adm_journal_get_n_entries (): now): the actions in effect then
 * (adm_journal_get_done_at (), so an action undone later is still in effect before its undo)
 * replayed through the one check — the state a campaign opened from its file with the
 * journal cut after entry @n_entries has. Made by adm_campaign_replay (): a state kept for a
 * moment before is carried on, so a step forward applies only the events after it; the kept
 * states are bounded (ADM_CAMPAIGN_REPLAYS). Shared: read it, apply nothing to it. NULL with
 * ADM_CAMPAIGN_ERROR_NO_ENTRY for a number below 0 or beyond the journal's end. */
AdmState      *adm_campaign_state_at      (AdmCampaign  *self,
                                           gint64        n_entries,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* The battle of @engagement_id as it stood when the campaign's journal held its first
 * @n_entries entries: its set-up with the entries of its own journal kept among them (its
 * undos and redos as they were), played — the battle the master had on the table then. The
 * last ADM_CAMPAIGN_PAST_BATTLES handed out are kept (and as many more made ready by a
 * replay, apart) and one no one reads any more is carried on to a later moment, so a step
 * forward plays one phase. Shared: read it, play
 * nothing on it. NULL with ADM_CAMPAIGN_ERROR_NO_ENTRY for a number out of the journal (as
 * adm_campaign_state_at ()), ADM_CAMPAIGN_ERROR_NO_BATTLE for an engagement the campaign keeps
 * no battle of, or one whose first phase was kept after those entries. */
#define ADM_CAMPAIGN_PAST_BATTLES 2
AdmBattle     *adm_campaign_battle_at_entry (AdmCampaign *self,
                                             const char  *engagement_id,
                                             gint64       n_entries,
                                             GError     **error) G_GNUC_WARN_UNUSED_RESULT;

/* Whether the campaign is ended, and whether its whole truth is published. */
gboolean       adm_campaign_is_ended      (AdmCampaign  *self);
gboolean       adm_campaign_is_published  (AdmCampaign  *self);

G_END_DECLS
