/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal-private.h: what the journal's files (adm-journal.c, its model; adm-journal-action.c;
 * adm-journal-reader.c and adm-journal-read.c, reading; adm-journal-write.c, writing and saving)
 * share, for those files only. */
#pragma once

#include "adm-journal.h"

G_BEGIN_DECLS

struct _AdmJournalAction
{
  gatomicrefcount  ref_count;
  AdmEvent        *head;
  GPtrArray       *events;   /* AdmEvent* */
  guint            id;
  gboolean         done;
  int              line;
};

typedef struct {
  AdmJournalEntryKind  kind;
  AdmJournalAction    *action;   /* the action, or the one undone or redone */
  gint64               time;
  char                *xml;      /* the entry as written to the file */
  gsize                length;   /* of @xml */
  /* A battle entry's engagement and the kind of the battle's entry it holds (@action and
   * @time are that entry's). */
  char                *engagement;
  AdmJournalEntryKind  battle_kind;
  /* The seal (adm_journal_seal ()): the SHA-256 of the entries up to this one, and whether
   * the file shows it ("digest"); the origin the entry records ("origin"), or NULL. */
  char                 chain[65];
  gboolean             sealed;
  char                *origin;
  /* An undo: where its action stood among the actions in effect (a phone's may follow it). */
  guint                from;
} Entry;

struct _AdmJournal
{
  GObject                 parent_instance;

  gpointer                owner;
  AdmJournalResetFunc     reset;
  AdmJournalApplyFunc     apply;
  AdmJournalDescribeFunc  describe;

  GArray                 *entries;   /* Entry */
  GPtrArray              *actions;   /* AdmJournalAction*, by id - 1 */
  GPtrArray              *done;      /* AdmJournalAction*, in effect, in order */
  /* The owner's snapshots before each of @done, NULL for one not kept
   * (adm_journal_set_snapshot_every ()), or empty. */
  GPtrArray              *before;
  guint                   snapshot_every;
  AdmJournalSnapshotFunc  snapshot;
  AdmJournalRestoreFunc   restore;
  GDestroyNotify          free_snapshot;
  GPtrArray              *undone;    /* AdmJournalAction*, redoable, last undone last */
  /* The first @n_loaded entries as the file had them, when it was streamed (see
   * AdmJournalReader), or NULL. */
  GBytes                 *loaded;
  guint                   n_loaded;
  /* The files this journal was last saved to (SavedFile*), by adm_journal_save (). */
  GPtrArray              *saved;
  /* The last save that succeeded: the ticket of the flush it left to the flusher, or 0; and
   * whether it wrote its file whole. */
  guint64                 last_flush;
  gboolean                last_whole;
  /* Said when the file read had its end cut (adm_journal_repair_cut ()), or NULL. */
  char                   *recovery_note;
  /* Sealed (adm_journal_seal ()): each entry's chain is worked out as it comes, each entry
   * recorded shows it, and the first recorded while no entry holds an origin records
   * @origin. @origin_entry is 1 + the index of the entry that holds one, or 0. */
  gboolean                sealing;
  char                   *origin;
  guint                   origin_entry;
  int                     origin_line;
  /* adm_journal_find_entries ()'s indexes: attribute → EntryIndex, under @index_lock; and the
   * count of entries ever taken back (_adm_journal_entries_dropped ()), which outdates them. */
  GMutex                  index_lock;
  GHashTable             *indexes;
  guint                   drops;
  /* An action that emptied @undone was taken back: @undone is made again from the entries
   * before it is next used (drop_last (), adm_journal_take_back_to ()). */
  gboolean                undone_stale;
};

/* Entries were taken back (or all replaced by a load): the indexes are made anew. */
static inline void
_adm_journal_entries_dropped (AdmJournal *self)
{
  self->drops++;
}

/* A file as adm_journal_save () left it: its head (everything before the journal's entries),
 * the entries it holds, where "  </journal>" begins and the stamp of the file then. */
typedef struct {
  char         *path;
  AdmFileStamp  stamp;
  char         *head;
  gsize         head_length;
  char         *tail;
  gsize         tail_length;
  gsize         journal_end;
  guint         n_entries;
} SavedFile;

struct _AdmJournalReader
{
  AdmJournal       *journal;        /* the entries read so far, in a journal of no owner */
  char             *display_name;
  char             *legacy_group_kind;
  AdmJournalAction *open;           /* a legacy action still taking events */
  /* The data parsed, when known: while every entry read is in it and none is legacy, the
   * entries are kept as the file has them — from the first one's "<" to the last one's end
   * — and written back so (adm_journal_write ()): opening a long journal serialises nothing
   * again, and copies nothing either. */
  GBytes           *bytes;
  gsize             kept_start, kept_end;
  guint             n_kept;
  gboolean          not_kept;       /* an entry came without its bytes, or was legacy */
  /* The entries of <battle>s: engagement id → AdmJournalReader*, and the ids in the order
   * first met; NULL until one is read. */
  GHashTable       *battles;
  GPtrArray        *battle_ids;
  /* Sealed (adm_journal_reader_set_sealed ()): the line of the first entry read with a
   * digest, or 0 while none was. */
  gboolean          sealed;
  int               first_sealed_line;
};

void  _adm_journal_saved_file_free        (gpointer             data);
/* The entry's XML as written inside <journal>, in *@length bytes. */
/* @origin and @digest, when not NULL, are written as the attributes "origin" and "digest". */
char *_adm_journal_serialize_entry        (AdmJournalEntryKind  kind,
                                           AdmJournalAction    *action,
                                           gint64               time,
                                           const char          *origin,
                                           const char          *digest,
                                           gsize               *length) G_GNUC_WARN_UNUSED_RESULT;
char *_adm_journal_serialize_battle_entry (const char          *engagement,
                                           const char          *inner,
                                           gsize                length,
                                           const char          *origin,
                                           const char          *digest) G_GNUC_WARN_UNUSED_RESULT;
void  _adm_journal_entry_serialize        (Entry               *entry);
void  _adm_journal_push_entry             (AdmJournal          *self,
                                           AdmJournalEntryKind  kind,
                                           AdmJournalAction    *action,
                                           gint64               time,
                                           gboolean             serialize);
void  _adm_journal_push_loaded_action     (AdmJournal          *self,
                                           AdmJournalAction    *action);
/* Where in @done the action an undo takes back stands: the last that is not a phone's
 * (adm_journal_action_is_aside ()), or -1. */
int   _adm_journal_undo_index             (GPtrArray           *done);
/* Moves @action from @from to @to (an undo or a redo, @kind) and pushes its entry. */
void  _adm_journal_move                   (AdmJournal          *self,
                                           AdmJournalEntryKind  kind,
                                           AdmJournalAction    *action,
                                           gint64               time,
                                           gboolean             serialize);
/* Works out @entry's chain over that of entry @before - 1 of @self (none when @before is 0),
 * which it follows. */
void  _adm_journal_chain                  (AdmJournal          *self,
                                           guint                before,
                                           Entry               *entry);

G_END_DECLS
