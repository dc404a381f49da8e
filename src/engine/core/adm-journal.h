/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal.h: the one journal of Admiralty, shared by campaigns (adm-campaign.c), battles
 * (adm-battle.c) and Twilight Imperium combats (adm-ti4-combat.c).
 *
 * The journal is append-only. It holds three kinds of entry:
 *
 *   action  what the master did, as one group: "Resolve Fire, Turn 3", "Vorkosigan's sheet,
 *           cycle 2". An action is a head (its kind, "what", and the parameters that name it)
 *           and the events it journaled (orders, dice, decisions);
 *   undo    takes back the last action in effect that is the master's;
 *   redo    brings back the action last taken back, while no new action of the master's came
 *           after it.
 *
 * An action a phone's post journaled (by="phone", adm_journal_action_is_aside ()) is no
 * action of the master's: his undo and redo pass it by, and it stays in effect where it came
 * — the master's action taken back from before it, the state is the replay of the rest.
 *
 * Nothing is ever removed: the file is the complete record, undone actions included, and the
 * state is the replay of the actions in effect. One function of the owner — its "apply" —
 * decides both what may enter the journal (adm_journal_record ()) and what replays
 * (adm_journal_replay ()), so that nothing is journaled that would not replay.
 *
 * Each entry is serialised once, when it is recorded, and the text is kept; entries read from
 * a file as it was parsed (AdmJournalReader) keep the file's own bytes: saving a journal of
 * 10,000 events copies bytes and serialises nothing again. */
#pragma once

#include <glib-object.h>
#include <libxml/tree.h>

#include "adm-event.h"
#include "adm-file.h"
#include "adm-journal-action.h"
#include "adm-journal-reader.h"
#include "adm-xml.h"

G_BEGIN_DECLS

#define ADM_JOURNAL_ERROR (adm_journal_error_quark ())

/* The most entries a journal holds: a five-night weekend of Forcon makes about 7,000 (a cycle
 * is tens of actions, a battle turn five), so this is more than ten such weekends in one
 * file, while a journal this long still opens in about a second and its file stays well
 * under ADM_XML_MAX_SIZE. A campaign stops beginning new cycles before it (see
 * ADM_CAMPAIGN_BATTLE_ROOM), so the battles under way can always be fought to their end. */
#define ADM_JOURNAL_MAX_ENTRIES 80000

typedef enum {
  ADM_JOURNAL_ERROR_NOTHING_TO_UNDO,
  ADM_JOURNAL_ERROR_NOTHING_TO_REDO,
  ADM_JOURNAL_ERROR_INVALID,   /* a journal read from a file that is not one */
  ADM_JOURNAL_ERROR_REPLAY,    /* an action the owner refuses */
  ADM_JOURNAL_ERROR_FULL,      /* ADM_JOURNAL_MAX_ENTRIES reached */
} AdmJournalError;

GQuark adm_journal_error_quark (void);

typedef enum {
  ADM_JOURNAL_ENTRY_ACTION,
  ADM_JOURNAL_ENTRY_UNDO,
  ADM_JOURNAL_ENTRY_REDO,
  /* An entry of a battle's own journal kept in a campaign's (adm_journal_add_battle_entry ()):
   * no action of this journal, which its undo and redo pass by. */
  ADM_JOURNAL_ENTRY_BATTLE,
} AdmJournalEntryKind;

/* "action", "undo", "redo", "battle": the element each kind of entry is in the file. */
const char *adm_journal_entry_kind_to_string (AdmJournalEntryKind kind);

/* The owner: @reset puts its state back to the start (before any action); @apply applies one
 * action to its state, all or nothing, or says why it cannot. The same @apply serves recording
 * and replaying. @recording is what adm_journal_record_full () was given — the inputs of an
 * action being recorded that its events do not hold yet, such as a battle phase's declarations
 * and dice source — and NULL while replaying (and for adm_journal_record ()). @snapshot is the
 * owner's snapshot just taken before this action (adm_journal_set_snapshots ()), which @apply
 * may complete, or NULL. */
typedef void     (*AdmJournalResetFunc) (gpointer                owner);
typedef gboolean (*AdmJournalApplyFunc) (gpointer                owner,
                                         const AdmJournalAction *action,
                                         gpointer                recording,
                                         gpointer                snapshot,
                                         GError                **error);
/* A sentence naming the action for the master ("Resolve Fire, Turn 3"); NULL for the
 * journal's own wording. */
typedef char    *(*AdmJournalDescribeFunc) (gpointer                owner,
                                            const AdmJournalAction *action);

/* Optional: an owner whose replay is costly (a battle) can hand the journal a copy of its
 * state before each action, so that undo puts that copy back instead of replaying from the
 * start. @restore takes ownership of the snapshot; @free drops one not restored, and is
 * given NULL for an action the journal kept none before (adm_journal_set_snapshot_every ()). */
typedef gpointer (*AdmJournalSnapshotFunc) (gpointer owner);
typedef void     (*AdmJournalRestoreFunc)  (gpointer owner,
                                            gpointer snapshot);

#define ADM_TYPE_JOURNAL (adm_journal_get_type ())
G_DECLARE_FINAL_TYPE (AdmJournal, adm_journal, ADM, JOURNAL, GObject)

/* @owner is not referenced: the owner holds the journal. */
AdmJournal       *adm_journal_new               (gpointer               owner,
                                                 AdmJournalResetFunc    reset,
                                                 AdmJournalApplyFunc    apply,
                                                 AdmJournalDescribeFunc describe) G_GNUC_WARN_UNUSED_RESULT;

void              adm_journal_set_snapshots     (AdmJournal            *self,
                                                 AdmJournalSnapshotFunc snapshot,
                                                 AdmJournalRestoreFunc  restore,
                                                 GDestroyNotify         free_snapshot);
/* Keeps the owner's snapshot before one action in @every only (the 1st, the (@every + 1)-th,
 * ... of those in effect; 1, the default: before each). A step back then puts back the
 * nearest kept before it and applies the actions after that again, at most @every - 1: for a
 * journal that reads a battle's past (adm_campaign_battle_at_entry ()), whose replay to a
 * moment far in would otherwise spend most of its time copying states that are rarely put
 * back, and whose memory they would fill. */
void              adm_journal_set_snapshot_every (AdmJournal           *self,
                                                  guint                 every);

/* Seals the journal, as a campaign's is (docs/formats.md, "The seal"): from now on each entry
 * recorded shows, as its "digest", the SHA-256 of itself and of the entries before it (the
 * chain), and the first entry recorded while none holds an origin records @origin (a
 * SHA-256 of what the journal's actions apply to, or NULL) as its "origin". A journal read
 * with adm_journal_reader_set_sealed () checks both as it reads (adm-journal-reader.h). */
void              adm_journal_seal              (AdmJournal            *self,
                                                 const char            *origin);
/* The origin an entry of the journal holds, and in *@line the line it was read at (0 when it
 * was recorded since); NULL when none does. */
const char       *adm_journal_get_origin        (AdmJournal            *self,
                                                 int                   *line);
/* The digest the journal's last entry shows — the SHA-256 of it and of every entry before it —
 * or NULL when the journal is empty or its last entry shows none (written before campaigns
 * were sealed). A campaign's file records it after its journal, so that its last entries
 * cannot be taken out unseen (docs/formats.md, "The seal"). */
const char       *adm_journal_get_last_digest   (AdmJournal            *self);

/* Applies @action through the owner's apply function and, if it applies, appends it; what was
 * undone can then no longer be redone. If it does not apply nothing changes. */
gboolean          adm_journal_record            (AdmJournal       *self,
                                                 AdmJournalAction *action,
                                                 GError          **error);
/* As adm_journal_record (), handing @recording to the owner's apply function. */
gboolean          adm_journal_record_full       (AdmJournal       *self,
                                                 AdmJournalAction *action,
                                                 gpointer          recording,
                                                 GError          **error);
/* Takes back the last recorded one of the actions just recorded (while nothing was saved in
 * between): for an owner whose save failed. It leaves no trace, as if never recorded; the
 * owner replays. */
void              adm_journal_forget_last       (AdmJournal       *self);

/* Takes back every entry after the first @n (at most adm_journal_get_n_entries ()), as if they
 * had never been recorded: the owner's state is the one it had then. With snapshots
 * (adm_journal_set_snapshots ()) each action taken back puts back the state from before it
 * and each undo applies its action again, so a step back costs no replay from the start;
 * without, the actions then in effect replay. For a copy of a journal that reads its past
 * (adm_campaign_battle_at_entry ()): nothing is written, and a file saved before is written
 * whole next time. */
gboolean          adm_journal_take_back_to      (AdmJournal       *self,
                                                 guint             n,
                                                 GError          **error);

gboolean          adm_journal_can_undo          (AdmJournal       *self);
gboolean          adm_journal_can_redo          (AdmJournal       *self);
/* The action Undo would take back and Redo would bring back, or NULL. */
AdmJournalAction *adm_journal_get_undo_action   (AdmJournal       *self);
AdmJournalAction *adm_journal_get_redo_action   (AdmJournal       *self);
/* Appends an undo (redo) entry at @time and replays the actions in effect. */
gboolean          adm_journal_undo              (AdmJournal       *self,
                                                 gint64            time,
                                                 GError          **error);
gboolean          adm_journal_redo              (AdmJournal       *self,
                                                 gint64            time,
                                                 GError          **error);

/* Resets the owner and applies the actions in effect, in order. An action that does not apply
 * gives "DISPLAY_NAME:LINE: problem" (ADM_JOURNAL_ERROR_REPLAY). */
gboolean          adm_journal_replay            (AdmJournal       *self,
                                                 const char       *display_name,
                                                 GError          **error);

/* Reads the entries of <journal> @node: <action>, <undo> and <redo> elements (docs/formats.md),
 * or the bare <event>s of files written before actions existed. Of those, each event becomes
 * an action of its own, except that with @legacy_group_kind (e.g. "phase") an event of that
 * kind opens an action that takes the events after it. Then replays (adm_journal_replay ()).
 * On error the journal is empty again. */
gboolean          adm_journal_load              (AdmJournal       *self,
                                                 xmlNode          *node,
                                                 const char       *display_name,
                                                 const char       *legacy_group_kind,
                                                 GError          **error);

/* Empties @self, takes the entries of @reader (adm-journal-reader.h) and replays
 * (adm_journal_replay ()); on error the journal is empty again. */
gboolean          adm_journal_load_reader       (AdmJournal       *self,
                                                 AdmJournalReader *reader,
                                                 GError          **error);

/* The battles a campaign keeps in its one journal (docs/formats.md, "Battles of a campaign"):
 * each entry of a battle's own journal goes into the campaign's as
 * <battle engagement="ID">ENTRY</battle>, ENTRY as the battle's journal wrote it. The
 * campaign keeps a journal of its own per battle (with an owner that follows where the battle
 * stands) that follows the battle's:
 *
 * adm_journal_follow () appends to @self the entries of @from that @self does not hold yet,
 * as they are in @from (the same numbers, times and text), each action through @self's apply
 * and each undo and redo as adm_journal_undo () and adm_journal_redo () take them. @self must
 * hold the first entries of @from (the same kinds, actions and times), else nothing is
 * appended. On an error, the entries appended before it stay. */
gboolean          adm_journal_follow            (AdmJournal       *self,
                                                 AdmJournal       *from,
                                                 GError          **error);
/* adm_journal_follow () as far as the first @to entries of @from (at most all of them). */
gboolean          adm_journal_follow_to         (AdmJournal       *self,
                                                 AdmJournal       *from,
                                                 guint             to,
                                                 GError          **error);
/* Appends entry @i of @battle_journal to @self as a battle entry of @engagement. */
gboolean          adm_journal_add_battle_entry  (AdmJournal       *self,
                                                 const char       *engagement,
                                                 AdmJournal       *battle_journal,
                                                 guint             i,
                                                 GError          **error);
/* For a battle entry: its engagement, and the kind of the battle's entry it holds
 * (adm_journal_get_entry_action () gives that entry's action, _time () its time); NULL and
 * ADM_JOURNAL_ENTRY_ACTION for any other entry. */
const char       *adm_journal_get_entry_engagement (AdmJournal    *self,
                                                    guint          i);
AdmJournalEntryKind adm_journal_get_entry_battle_kind (AdmJournal  *self,
                                                       guint        i);
/* Loads into @self the entries of the <battle>s of @engagement that @reader read
 * (adm_journal_reader_get_battles ()), replayed through @self's apply; nothing for an
 * engagement the journal has no entry of. */
gboolean          adm_journal_load_battle       (AdmJournal       *self,
                                                 AdmJournalReader *reader,
                                                 const char       *engagement,
                                                 GError          **error);

/* Appends "<journal>…</journal>" to @out, each entry as it was serialised when recorded. */
void              adm_journal_write             (AdmJournal       *self,
                                                 GString          *out);

/* Saving. A file of a journal is a head (everything before "<journal>"), the journal, and a
 * tail (what closes the file after "</journal>"). The first save of a file writes it whole,
 * atomically (adm_file_write_atomically (), with its backups when @flags has
 * ADM_JOURNAL_SAVE_BACKUPS, else adm_file_write_replacing ()); after that, while the file is
 * as that save left it and the head is the same but for bytes changed in place (a counter
 * written at a fixed width), a save writes only the entries recorded since, the journal's
 * closing and the tail, over the old closing, then fdatasync: its cost is that of the new
 * entries, not of the journal. Anything else — a head of another length, entries forgotten,
 * a file changed by something else or linked elsewhere, an append that fails — writes the
 * file whole again.
 *
 * With ADM_JOURNAL_SAVE_GUARD a file this journal was read from (adm_journal_note_file ()) or
 * saved to is never written over a change it has not read: when another program changed,
 * replaced or removed it since, nothing is written and the save fails with
 * ADM_FILE_ERROR_CHANGED (adm_file_check_stamp ()). */
typedef enum {
  ADM_JOURNAL_SAVE_BACKUPS     = 1 << 0,
  ADM_JOURNAL_SAVE_GUARD       = 1 << 1,
  ADM_JOURNAL_SAVE_FLUSH_LATER = 1 << 2,
} AdmJournalSaveFlags;

gboolean          adm_journal_save              (AdmJournal       *self,
                                                 const char       *path,
                                                 const char       *extension,
                                                 AdmJournalSaveFlags flags,
                                                 const char       *head,
                                                 gsize             head_length,
                                                 const char       *tail,
                                                 gsize             tail_length,
                                                 GError          **error);

/* What the last save that succeeded did: 0 when its data was on the disk before it returned
 * (*@whole: whether it wrote the file whole), else the ticket of the flush it left to the
 * flusher (adm_file_when_flushed ()), as an append may with ADM_JOURNAL_SAVE_FLUSH_LATER. */
guint64           adm_journal_get_last_flush    (AdmJournal         *self,
                                                 gboolean           *whole);

/* The next save to @path writes it whole, as a first save: what was added to it in place may
 * not have reached the disk (a flush that failed). */
void              adm_journal_forget_file       (AdmJournal         *self,
                                                 const char         *path);

/* The journal was read from @path, which was as @stamp says before it was read: a guarded
 * save there (ADM_JOURNAL_SAVE_GUARD) refuses to write over any change since. */
void              adm_journal_note_file         (AdmJournal         *self,
                                                 const char         *path,
                                                 const AdmFileStamp *stamp);
/* Whether @path is as this journal last read (adm_journal_note_file ()) or saved it; FALSE with
 * ADM_FILE_ERROR_CHANGED when another program changed, replaced or removed it since. A path
 * the journal knows nothing of is as it should be. */
gboolean          adm_journal_check_file        (AdmJournal         *self,
                                                 const char         *path,
                                                 GError            **error);

/* A file whose end was cut while entries were being added to it (adm_journal_save () stopped
 * by a crash or a power cut): the file up to its last complete journal entry, with the
 * journal and the root element @root closed again, and in *@line the line where the cut part
 * begins. NULL when the file is not one with only its end cut, or its journal is not one of
 * actions (a file of bare events was never added to in place): then its own error stands. The caller opens the result as it would the file, then calls
 * adm_journal_set_repaired (). */
GBytes           *adm_journal_repair_cut        (const char       *data,
                                                 gsize             length,
                                                 const char       *display_name,
                                                 const char       *root,
                                                 int              *line) G_GNUC_WARN_UNUSED_RESULT;
/* Notes that the journal was read from a file cut short: adm_journal_get_recovery_note ()
 * then says so to the master, naming the last complete action. */
void              adm_journal_set_repaired      (AdmJournal       *self,
                                                 const char       *display_name,
                                                 int               line);
/* That note ("FILE:LINE: the end of the file was cut off …"), or NULL for a file read whole. */
const char       *adm_journal_get_recovery_note (AdmJournal       *self);

/* Entries, in the order recorded. */
guint             adm_journal_get_n_entries     (AdmJournal       *self);
AdmJournalEntryKind adm_journal_get_entry_kind  (AdmJournal       *self,
                                                 guint             i);
/* For an undo or redo entry, the action it takes back or brings back. */
AdmJournalAction *adm_journal_get_entry_action  (AdmJournal       *self,
                                                 guint             i);
/* The indices of the action entries (ADM_JOURNAL_ENTRY_ACTION) one of whose events gives
 * @attribute the value @value, in the order recorded; a new array. The journal keeps an index
 * of each attribute asked about: the entries recorded since the last question are read then,
 * and after an entry is taken back (adm_journal_forget_last (), _take_back_to (), a load) the
 * index is made anew. So a question about one engagement of a long campaign reads its own
 * entries, not the whole journal. Two threads may ask at once while nothing records. */
GArray           *adm_journal_find_entries      (AdmJournal       *self,
                                                 const char       *attribute,
                                                 const char       *value) G_GNUC_WARN_UNUSED_RESULT;
/* Entry @i's text as the journal writes it (its own, for a battle entry of a campaign: the
 * <battle> wrapper included), @length its bytes; valid while the journal lives. */
const char       *adm_journal_get_entry_text    (AdmJournal       *self,
                                                 guint             i,
                                                 gsize            *length);
gint64            adm_journal_get_entry_time    (AdmJournal       *self,
                                                 guint             i);
/* The actions in effect (AdmJournalAction*), in order. */
GPtrArray        *adm_journal_get_done          (AdmJournal       *self);
/* The actions that were in effect when the journal held its first @n entries (@n at most
 * adm_journal_get_n_entries ()), in order: each undo among them took back the last in effect
 * then and each redo brought back the last taken back, so an action undone later is still in
 * effect there. A new array (AdmJournalAction*, borrowed from the journal). */
GPtrArray        *adm_journal_get_done_at       (AdmJournal       *self,
                                                 guint             n) G_GNUC_WARN_UNUSED_RESULT;
guint             adm_journal_get_n_actions     (AdmJournal       *self);

/* The owner's sentence for @action, else "what" with its parameters. */
char             *adm_journal_describe          (AdmJournal       *self,
                                                 const AdmJournalAction *action) G_GNUC_WARN_UNUSED_RESULT;

/* The time format of every journal: ISO 8601 UTC to the second. */
char             *adm_journal_format_time       (gint64            time) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
