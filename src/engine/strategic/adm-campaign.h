/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign.h: a campaign is its scenario plus its journal (adm-journal.h): actions, each
 * one or more events, and undo and redo entries; nothing is ever removed. The state is the
 * replay of the actions in effect; every change is saved atomically when the campaign has a
 * file, keeping three rotating backups. */
#pragma once

#include <glib-object.h>

#include "adm-battle.h"
#include "adm-dice-prng.h"
#include "adm-event.h"
#include "adm-journal.h"
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

#define ADM_CAMPAIGN_BACKUPS 3

/* The journal entries kept free for the battles under way: a new cycle is not begun once the
 * journal holds more than ADM_JOURNAL_MAX_ENTRIES less these, so no battle ever stops for want
 * of room (a cycle's battles take hundreds of entries: ten engagements of twelve turns). */
#define ADM_CAMPAIGN_BATTLE_ROOM 5000

GQuark adm_campaign_error_quark (void);

/* Signals and properties for the UI:
 *   "changed" (no arguments): emitted after every append, undo and redo, once the state has
 *     been replayed;
 *   "can-undo", "can-redo" (gboolean, read-only, notified when they change);
 *   "path" (string, read-only, notified when the campaign gets its file). */
#define ADM_TYPE_CAMPAIGN (adm_campaign_get_type ())
G_DECLARE_FINAL_TYPE (AdmCampaign, adm_campaign, ADM, CAMPAIGN, GObject)

/* A new campaign with an empty journal; the program's dice are seeded with @seed. */
AdmCampaign   *adm_campaign_new           (AdmScenario  *scenario,
                                           guint64       seed) G_GNUC_WARN_UNUSED_RESULT;
/* Opens a scenario (a new campaign, no file yet) or a campaign file (format 2, or format 1 —
 * bare events, each opened as an action of its own and saved as format 2). A damaged campaign
 * file gives ADM_CAMPAIGN_ERROR_CORRUPT; adm_campaign_find_backup() then names the newest
 * backup that loads. */
AdmCampaign   *adm_campaign_open          (const char   *path,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* adm_campaign_open () of a campaign this program means to write: its file locked first
 * (adm_file_lock ()) and held for as long as the campaign lives, so that no other program
 * writes it meanwhile. A file another program writes gives ADM_FILE_ERROR_LOCKED naming it; a
 * lock that cannot be taken for another reason does not stop the opening (the first save
 * tries again, and says why). A scenario opens with no file, as by adm_campaign_open (). */
AdmCampaign   *adm_campaign_open_for_writing (const char *path,
                                              GError    **error) G_GNUC_WARN_UNUSED_RESULT;
AdmCampaign   *adm_campaign_load_memory   (const char   *data,
                                           gsize         length,
                                           const char   *display_name,
                                           GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The newest of PATH.1 … PATH.3 that loads, or NULL. */
char          *adm_campaign_find_backup   (const char   *path) G_GNUC_WARN_UNUSED_RESULT;
/* PATH.N, the name of backup @n (1 = newest). */
char          *adm_campaign_backup_path   (const char   *path,
                                           guint         n) G_GNUC_WARN_UNUSED_RESULT;

AdmScenario   *adm_campaign_get_scenario  (AdmCampaign  *self);
AdmRuleset    *adm_campaign_get_ruleset   (AdmCampaign  *self);
/* Every admiral of the campaign as it stands (AdmAdmiral*, borrowed until the next change):
 * the scenario's, then those the master's corrections brought into the game
 * (adm_strategy_get_admirals ()). */
GPtrArray     *adm_campaign_get_admirals  (AdmCampaign  *self);
/* The admiral @id among them, NULL for none. */
AdmAdmiral    *adm_campaign_lookup_admiral (AdmCampaign *self,
                                            const char  *id);
/* TRUE when the campaign file read carried no rules of its own (written before campaigns did):
 * it plays with the installed ruleset its scenario names, and carries that from its next save
 * (adm_scenario_carry_season ()). Said once to the master when it is opened. */
gboolean       adm_campaign_took_installed_rules (AdmCampaign *self);
/* TRUE when the campaign file read has entries and none records the SHA-256 of its scenario
 * (written before campaigns sealed their history, docs/formats.md "The seal"): the next
 * entry it records seals its scenario and journal as they are then. Said once to the master
 * when it is opened. A sealed campaign whose scenario or journal was changed after it was
 * recorded is refused by adm_campaign_open (), naming the file and the line. */
gboolean       adm_campaign_was_unsealed  (AdmCampaign  *self);
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
 * last ADM_CAMPAIGN_PAST_BATTLES handed out are kept and one no one reads any more is
 * carried on to a later moment, so a step forward plays one phase. Shared: read it, play
 * nothing on it. NULL with ADM_CAMPAIGN_ERROR_NO_ENTRY for a number out of the journal (as
 * adm_campaign_state_at ()), ADM_CAMPAIGN_ERROR_NO_BATTLE for an engagement the campaign keeps
 * no battle of, or one whose first phase was kept after those entries. */
#define ADM_CAMPAIGN_PAST_BATTLES 2
AdmBattle     *adm_campaign_battle_at_entry (AdmCampaign *self,
                                             const char  *engagement_id,
                                             gint64       n_entries,
                                             GError     **error) G_GNUC_WARN_UNUSED_RESULT;

/* A second copy kept after every save in @folder (a USB stick; NULL or "" for none), written
 * at once when set. A copy that cannot be written does not undo anything: the campaign's own
 * file is saved; the signal "mirror-failed" (void handler (AdmCampaign *, const GError *,
 * gpointer)) says why. */
void           adm_campaign_set_mirror_folder (AdmCampaign *self,
                                               const char  *folder);

/* Milestones — a cycle resolved, a battle's turn played through — are kept as checkpoints
 * ("cycle-N", "battle-ENGAGEMENT-turn-N", adm_file_write_checkpoint ()) by the save that
 * writes them, whoever saves: an autosave, or adm_campaign_save () after work on a campaign
 * with no file (admiralty-cli cycle). A checkpoint that cannot be written does not undo
 * anything: the campaign is saved; the signal "checkpoint-failed" (void handler (AdmCampaign *,
 * const GError *, gpointer)) says why, naming the checkpoint and its folder. */

/* The file autosaves go to; NULL until the campaign is saved somewhere. */
const char    *adm_campaign_get_path      (AdmCampaign  *self);
/* Whether the campaign's file is as the campaign last read or saved it; FALSE with
 * ADM_FILE_ERROR_CHANGED when another program changed, replaced or removed it since — then
 * no save writes over it: the master reopens it, or saves the campaign under another name. */
gboolean       adm_campaign_check_file    (AdmCampaign  *self,
                                           GError      **error);

/* Records @event as an action of its own (adm_campaign_append_all ()). */
gboolean       adm_campaign_append        (AdmCampaign  *self,
                                           AdmEvent     *event,
                                           GError      **error);
/* Appends @events (AdmEvent*) as one action: all apply and are saved, with one "changed", or
 * none is kept — an order sheet is handed in whole or not at all, and one Undo takes it back
 * whole. The action is named by what it holds: a "sheet" event makes it that admiral's sheet
 * for that cycle. */
gboolean       adm_campaign_append_all    (AdmCampaign  *self,
                                           GPtrArray    *events,
                                           GError      **error);
/* The revelation (adm_strategy_get_ending ()): adm_campaign_end () journals "end-campaign"
 * with the master's @reason — refused without one, with one longer than
 * ADM_STATE_REASON_MAX, while a battle is under way (naming its engagement), or when ended
 * already; after it the one check takes no other entry. adm_campaign_publish () journals
 * "publish", refused before the end or once published: from then on every side is shown what
 * the master is (adm-audience.h). Each is one action, taken back by adm_campaign_undo (). */
gboolean       adm_campaign_end           (AdmCampaign  *self,
                                           const char   *reason,
                                           gint64        time,
                                           GError      **error);
gboolean       adm_campaign_publish       (AdmCampaign  *self,
                                           gint64        time,
                                           GError      **error);
/* Whether the campaign is ended, and whether its whole truth is published. */
gboolean       adm_campaign_is_ended      (AdmCampaign  *self);
gboolean       adm_campaign_is_published  (AdmCampaign  *self);

/* Asks @source (the campaign's own generator when NULL) for the dice of @request and
 * journals the result as a "roll" event at @time; @values_out gets request->count values. */
gboolean       adm_campaign_roll          (AdmCampaign          *self,
                                           AdmDiceSource        *source,
                                           const AdmDiceRequest *request,
                                           gint64                time,
                                           guint                *values_out,
                                           GError              **error);

/* Records @action (its events applied in order, all or nothing) and saves when there is a
 * file. If it does not apply, or the save fails, nothing changes. */
gboolean       adm_campaign_record        (AdmCampaign       *self,
                                           AdmJournalAction  *action,
                                           GError           **error);
/* The journal: every action, undo and redo ever recorded (adm-journal.h). */
AdmJournal    *adm_campaign_get_journal   (AdmCampaign  *self);
/* What Undo would take back and Redo bring back, as the master reads it ("Adm. Aral
 * Vorkosigan's order sheet, cycle 2"), or NULL when there is none. */
char          *adm_campaign_describe_undo (AdmCampaign  *self) G_GNUC_WARN_UNUSED_RESULT;
char          *adm_campaign_describe_redo (AdmCampaign  *self) G_GNUC_WARN_UNUSED_RESULT;

gboolean       adm_campaign_can_undo      (AdmCampaign  *self);
gboolean       adm_campaign_can_redo      (AdmCampaign  *self);
gboolean       adm_campaign_undo          (AdmCampaign  *self,
                                           GError      **error);
gboolean       adm_campaign_redo          (AdmCampaign  *self,
                                           GError      **error);

/* Writes the campaign to @path atomically (a crash leaves the previous file whole), rotating
 * the previous file into PATH.1 … PATH.3; later appends autosave there. Refused
 * (ADM_CAMPAIGN_ERROR_SAVE) while another program writes @path (its lock, adm_file_lock (),
 * which the campaign then holds), when another program changed the file since the campaign
 * read or saved it, and for a read-only or installed file (adm_file_check_writable ()); a
 * save to the campaign's own file (an autosave) that fails also emits "save-failed" (void
 * handler (AdmCampaign *, const GError *, gpointer))
 * with the file layer's error (ADM_FILE_ERROR_LOCKED, _CHANGED, _READ_ONLY, _INSTALLED, or a
 * G_FILE_ERROR), for a window to offer Reopen or Save As. */
gboolean       adm_campaign_save          (AdmCampaign  *self,
                                           const char   *path,
                                           GError      **error);

/* Called once what a campaign had saved when asked (adm_campaign_when_saved ()) is on the
 * disk, a power cut survived: @error NULL, or why it may not be — a flush that failed, said
 * by "save-failed" too; the next save then writes the file whole. */
typedef void (*AdmCampaignSaved) (gpointer      data,
                                  const GError *error);

/* A battle's entries kept from a table (adm_campaign_receive_table_message ()) are added to
 * the campaign's file at once, and flushed to the disk on a thread of their own while the
 * main loop goes on, the checkpoints of the turns they end too (and every save so with
 * adm_campaign_set_flush_later ()): @done (@data, …) runs on the thread-default main
 * context once every save so far is on the disk with its checkpoints — at once, in this call,
 * when it is already. A table is told its entries are kept only then (adm-table-server.c). A
 * campaign freed first waits for the flusher and calls @done with what it came to. */
void           adm_campaign_when_saved    (AdmCampaign      *self,
                                           AdmCampaignSaved  done,
                                           gpointer          data);

/* With @flush_later, every save of the campaign (adm_campaign_save () and the save after each
 * change) goes on as a table's entries do: what it adds is written into the file at once, and
 * its last flush and the checkpoints of the milestones it keeps are left to the flusher, a
 * thread of its own, in order, while the caller's main loop goes on. adm_campaign_when_saved ()
 * says when they are on the disk; a flush that fails is said by "save-failed", a checkpoint
 * that cannot be written by "checkpoint-failed", on the main loop. A file written whole (the
 * first save to a path) is on the disk when adm_campaign_save () returns, as without. The
 * campaign freed waits for the flusher. For the app; the command line saves and ends. */
void           adm_campaign_set_flush_later (AdmCampaign   *self,
                                             gboolean       flush_later);
/* The file's bytes. */
char          *adm_campaign_serialize     (AdmCampaign  *self,
                                           gsize        *length) G_GNUC_WARN_UNUSED_RESULT;

/* Battles fought inside the campaign (docs/formats.md, "Battles of a campaign"): one saved
 * battle (adm_battle_serialize ()) per engagement id of the queue (adm-engagement-queue.h),
 * kept in the campaign's own file so that one file holds the whole campaign.
 *
 * The saved battle of @engagement_id (as adm_battle_serialize () would write it), or NULL,
 * valid until the battle is kept again; @turn and @phase (its phase id, "movement") say where
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
/* That battle played (adm_battle_load_game_memory () of adm_campaign_get_battle ()), made once
 * and shared by every reader until the battle is kept again: to read (the reports of every
 * admiral read the same battle), never to play on. NULL when the campaign keeps none, or with
 * @error when it does not play. */
AdmBattle     *adm_campaign_get_battle_played (AdmCampaign  *self,
                                               const char   *engagement_id,
                                               GError      **error);
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

/* What a list of files shows of @path without opening it (no journal replayed, nothing
 * locked, one streamed pass): *@is_campaign whether it is a campaign (else a scenario, a new
 * game), *@name its scenario's name as the app shows it (translated as the data's names
 * are), *@cycle the cycle its orders are given for (1 for a scenario: the undone cycles not
 * counted). FALSE with @error when it is neither or cannot be read. */
gboolean       adm_campaign_peek_file     (const char   *path,
                                           gboolean     *is_campaign,
                                           char        **name,
                                           guint        *cycle,
                                           GError      **error);

G_END_DECLS
