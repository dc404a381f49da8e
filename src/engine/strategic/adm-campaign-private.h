/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-private.h: what the campaign's own modules share of it — the object's fields,
 * which its parts (adm-campaign.c, adm-campaign-file.c, adm-campaign-journal.c,
 * adm-campaign-battles.c, adm-campaign-past.c) each read and write, and the calls one part
 * makes of another; the table hand-back (adm-table-battle.c) keeps a table's battle through
 * the campaign's one check. */
#pragma once

#include "adm-campaign.h"
#include "adm-campaign-file.h"
#include "adm-engagement.h"
#include "adm-engagement-queue.h"
#include "adm-file.h"
#include "adm-replays.h"

G_BEGIN_DECLS

struct _AdmCampaign
{
  GObject      parent_instance;

  AdmScenario *scenario;
  gboolean     took_installed_rules;  /* its scenario carried no season when it was read */
  char        *origin;   /* the SHA-256 of its scenario, season included (adm-digest.h) */
  gboolean     unsealed; /* its file was written before campaigns sealed their history */
  AdmState    *state;
  AdmDicePrng *prng;
  AdmJournal  *journal;
  GPtrArray   *events;   /* AdmEvent*, of the actions in effect, in order */
  char        *header;   /* the file up to <dice>, serialised once */
  char        *path;
  char        *mirror;   /* the folder of the second copy, or NULL */
  AdmFileLock *lock;     /* of @path, while the campaign may write it (adm_file_lock ()) */
  GHashTable  *battles;  /* engagement id → StoredBattle*: battles fought inside it */
  GPtrArray   *battle_ids; /* char* (the keys), in the order first stored */
  char        *battles_text; /* <battles> as the file has it, or NULL until written */
  guint64      played_reads; /* battles played asked for (adm-campaign-battles.c) */
  GPtrArray   *pending;  /* PendingCheckpoint*: the milestones the next save keeps */
  const char  *changed_battle; /* what the last "changed" was about: the entries of this
                                * engagement's battle alone (a key of @battles), or NULL */
  AdmReplays  *replays;  /* states of the journal's past, made when first asked for */
  GPtrArray   *past_battles; /* AdmPastBattle*: battles of the past (adm-campaign-past.c) */
  GHashTable  *battle_rulesets; /* the rules its battles are read with, played or of the
                                * past: each season with its rulings parsed once
                                * (_adm_battle_from_node_sharing ()) */
  /* Saves whose last flush went to the flusher (adm_file_when_flushed ()): */
  guint64      flush_wanted;  /* the ticket of the last one */
  guint64      flushed;       /* the last ticket flushed */
  GError      *flush_error;   /* a flush failed and no save wrote the file whole since */
  GQueue       saved_waiters; /* SavedWaiter*, by ticket: adm_campaign_when_saved () */
  gboolean     flush_later;   /* every save so: adm_campaign_set_flush_later () */
  guint64      forget_wanted; /* the flusher's last removal of a revealed dice secret
                               * (adm_dice_forget_revealed ()), waited for at the end */
  AdmJournalAction *redoing;  /* the action a redo brings back, while it does (undo_or_redo ()) */
  GHashTable  *dice_asked;    /* engagement id → "FROM:TURN:PHASE=DECLARATIONS" of the last
                               * "dice-ask" journaled (adm_campaign_ask_dice ()), read from the
                               * journal when first needed; NULL until then */
};

/* The object (adm-campaign.c): "changed" after an action recorded, undone or redone, with
 * "can-undo" and "can-redo" notified when they changed from @could_undo and @could_redo. */
void        _adm_campaign_changed        (AdmCampaign          *self,
                                          gboolean              could_undo,
                                          gboolean              could_redo);

/* The file (adm-campaign-file.c). Saved to its own file, if it has one; with
 * ADM_JOURNAL_SAVE_FLUSH_LATER in @flags, the last flush left to the flusher
 * (adm_campaign_when_saved ()); _adm_campaign_autosave () with the campaign's own flags
 * (adm_campaign_set_flush_later ()). */
gboolean    _adm_campaign_autosave_full  (AdmCampaign          *self,
                                          AdmJournalSaveFlags   flags,
                                          GError              **error);
gboolean    _adm_campaign_autosave       (AdmCampaign          *self,
                                          GError              **error);
/* A milestone for the next save to keep as the checkpoint @label: the file as it stands now;
 * and one not saved yet taken back with what reached it. */
void        _adm_campaign_add_milestone  (AdmCampaign          *self,
                                          const char           *label);
void        _adm_campaign_drop_milestone (AdmCampaign          *self,
                                          const char           *label);
void        _adm_pending_checkpoint_free (gpointer              data);
/* What is still with the flusher done, and its waiters told, as the campaign goes. */
void        _adm_campaign_finish_saves   (AdmCampaign          *self);

/* The journal (adm-campaign-journal.c): the campaign's journal, replayed through the one
 * check, and a state of its scenario that knows the battles under way. */
AdmJournal *_adm_campaign_journal_new    (AdmCampaign          *self);
AdmState   *_adm_campaign_new_state      (AdmCampaign          *self);

/* The battles kept (adm-campaign-battles.c): a battle of @engagement_id kept from @head
 * (adm_battle_serialize_head (), taken) on, its journal (returned) empty, in the order first
 * kept. */
AdmJournal *_adm_campaign_add_kept       (AdmCampaign          *self,
                                          const char           *engagement_id,
                                          char                 *head);
void        _adm_stored_battle_free      (gpointer              data);

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

/* Whom a battle of the campaign's past is kept for: each keeps its own
 * ADM_CAMPAIGN_PAST_BATTLES, so that making battles ready for one never lets go of another's.
 * The steps shown (adm_campaign_battle_at_entry (): a step of the replay, a frame of an
 * archive) may take any battle kept, one made ready for them most of all; the others carry
 * on only their own. */
typedef enum {
  ADM_PAST_FOR_SHOWN,   /* asked for by adm_campaign_battle_at_entry () */
  ADM_PAST_FOR_LATEST,  /* the latest battles, made ready as a replay opens */
  ADM_PAST_FOR_NEAR,    /* the battles next to the step a replay shows, made ready after it */
  ADM_PAST_FOR_N
} AdmPastFor;
/* A battle of the past keeps the state from before one phase in this many (its journal's
 * snapshots, adm_journal_set_snapshot_every ()): a step back puts back the nearest and plays
 * at most this many less one phases again (about 0.1 ms each at 100 ships a side), where a
 * snapshot before every phase would copy the whole state at each phase of every replay to a
 * moment far in (most of its time) and fill the memory of the battles kept. */
#define ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY 5
/* The most battles of the past the campaign keeps, for all of them. */
#define ADM_CAMPAIGN_PAST_KEPT (ADM_CAMPAIGN_PAST_BATTLES * ADM_PAST_FOR_N)

/* The battles of the campaign's past handed out by adm_campaign_battle_at_entry () or made
 * ready, kept to be carried on (adm-campaign-past.c): AdmPastBattle*, the one asked for least
 * recently first, owned by the campaign. */
typedef struct _AdmPastBattle AdmPastBattle;
void       _adm_past_battle_free          (gpointer     data);
GPtrArray *_adm_campaign_get_past_battles (AdmCampaign *self);
/* The rules the campaign's battles are read with, played or of the past, shared by them
 * (_adm_battle_load_game_doc_sharing ()). */
GHashTable *_adm_campaign_get_battle_rulesets (AdmCampaign *self);
/* Whether adm_campaign_battle_at_entry () would serve the battle of @engagement_id at
 * @n_entries from one of those kept (a phase played on it or taken back) rather than open it
 * from its set-up and play every phase before. */
gboolean   _adm_campaign_past_battle_ready (AdmCampaign *self,
                                            const char  *engagement_id,
                                            gint64       n_entries);
/* The most entries of its own journal a battle of @engagement_id kept (and read by no one
 * but the campaign) holds; 0 when the campaign keeps none. */
guint      _adm_campaign_past_battle_held  (AdmCampaign *self,
                                            const char  *engagement_id);
/* Carries the battle of @engagement_id the campaign keeps for @keeper towards the battle at
 * @n_entries (adm_campaign_battle_at_entry ()), playing at most @max_phases of its phases, or
 * opens it at its first @max_phases when it keeps none for @keeper: a part of making it
 * ready that takes no longer than a frame. A battle kept for @keeper that holds more than
 * those entries is taken back there at once; one kept for any other that holds exactly
 * those is ready already and left as it is. TRUE once it is there, FALSE with @error unset
 * while it is not yet, and FALSE with @error set when it cannot be opened
 * (adm_campaign_battle_at_entry ()). */
gboolean   _adm_campaign_ready_past_battle (AdmCampaign *self,
                                            const char  *engagement_id,
                                            gint64       n_entries,
                                            guint        max_phases,
                                            AdmPastFor   keeper,
                                            GError     **error);

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
