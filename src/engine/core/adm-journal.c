/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal.c: the append-only journal of actions, undo and redo entries (adm-journal.h).
 *
 * Linear undo over an append-only list: the actions in effect form a stack (in file order,
 * since only the last action in effect can be undone and only the last undone one redone), and
 * so do the actions undone that can still be redone. A new action empties the second stack:
 * those actions stay in the journal, undone for good. Loading reads the entries and rebuilds
 * both stacks the same way, refusing an undo or redo that names the wrong action. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-digest.h"
#include "adm-file.h"
#include "adm-journal-private.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-journal-error-quark, adm_journal_error)

G_DEFINE_FINAL_TYPE (AdmJournal, adm_journal, G_TYPE_OBJECT)

/* The journal */

static void
entry_clear (gpointer data)
{
  Entry *entry = data;

  g_clear_pointer (&entry->action, adm_journal_action_unref);
  g_clear_pointer (&entry->xml, g_free);
  g_clear_pointer (&entry->engagement, g_free);
  g_clear_pointer (&entry->origin, g_free);
}

static void
adm_journal_finalize (GObject *object)
{
  AdmJournal *self = ADM_JOURNAL (object);

  g_clear_pointer (&self->entries, g_array_unref);
  g_clear_pointer (&self->actions, g_ptr_array_unref);
  g_clear_pointer (&self->done, g_ptr_array_unref);
  g_clear_pointer (&self->before, g_ptr_array_unref);
  g_clear_pointer (&self->undone, g_ptr_array_unref);
  g_clear_pointer (&self->loaded, g_bytes_unref);
  g_clear_pointer (&self->saved, g_ptr_array_unref);
  g_clear_pointer (&self->recovery_note, g_free);
  g_clear_pointer (&self->origin, g_free);
  g_clear_pointer (&self->indexes, g_hash_table_unref);
  g_mutex_clear (&self->index_lock);

  G_OBJECT_CLASS (adm_journal_parent_class)->finalize (object);
}

static void
adm_journal_class_init (AdmJournalClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_journal_finalize;
}

static void
adm_journal_init (AdmJournal *self)
{
  self->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  g_array_set_clear_func (self->entries, entry_clear);
  self->actions = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_journal_action_unref);
  self->done = g_ptr_array_new ();
  self->before = g_ptr_array_new ();
  self->undone = g_ptr_array_new ();
  self->saved = g_ptr_array_new_with_free_func (_adm_journal_saved_file_free);
  g_mutex_init (&self->index_lock);
}

AdmJournal *
adm_journal_new (gpointer               owner,
                 AdmJournalResetFunc    reset,
                 AdmJournalApplyFunc    apply,
                 AdmJournalDescribeFunc describe)
{
  AdmJournal *self;

  g_return_val_if_fail (reset != NULL && apply != NULL, NULL);

  self = g_object_new (ADM_TYPE_JOURNAL, NULL);
  self->owner = owner;
  self->reset = reset;
  self->apply = apply;
  self->describe = describe;
  return self;
}

void
adm_journal_set_snapshots (AdmJournal            *self,
                           AdmJournalSnapshotFunc snapshot,
                           AdmJournalRestoreFunc  restore,
                           GDestroyNotify         free_snapshot)
{
  g_return_if_fail (ADM_IS_JOURNAL (self));
  g_return_if_fail (self->done->len == 0);

  self->snapshot = snapshot;
  self->restore = restore;
  self->free_snapshot = free_snapshot;
  g_ptr_array_set_free_func (self->before, free_snapshot);
}

void
adm_journal_set_snapshot_every (AdmJournal *self,
                                guint       every)
{
  g_return_if_fail (ADM_IS_JOURNAL (self));
  g_return_if_fail (every > 0);

  self->snapshot_every = every;
}

/* Applies @action (recorded with @recording, or NULL when replayed), first keeping a snapshot
 * of the owner when it offers them. */
static gboolean
apply_keeping (AdmJournal       *self,
               AdmJournalAction *action,
               gpointer          recording,
               GError          **error)
{
  /* @before has one place for each action in effect: this one's is the next. */
  gboolean keep = self->snapshot != NULL &&
                  (self->snapshot_every <= 1 || self->before->len % self->snapshot_every == 0);
  gpointer snapshot = keep ? self->snapshot (self->owner) : NULL;

  if (!self->apply (self->owner, action, recording, snapshot, error))
    {
      if (snapshot != NULL)
        self->free_snapshot (snapshot);
      return FALSE;
    }
  if (self->snapshot != NULL)
    g_ptr_array_add (self->before, snapshot);
  return TRUE;
}

/* Makes the owner's state the one after the actions in effect from the snapshots, of which
 * the first @valid were taken before the same actions as now: the latest of those kept is put
 * back and the actions after it are applied again; with none kept, every action in effect
 * replays from the start. */
static gboolean
catch_up (AdmJournal  *self,
          guint        valid,
          GError     **error)
{
  guint j = MIN (valid, self->before->len);

  while (j > 0 && g_ptr_array_index (self->before, j - 1) == NULL)
    j--;
  if (j == 0)
    return adm_journal_replay (self, NULL, error);
  j--;
  g_assert (j <= self->done->len);
  /* Those after it are of actions no longer in effect, or none was kept. */
  g_ptr_array_set_size (self->before, j + 1);
  self->restore (self->owner, g_ptr_array_steal_index (self->before, j));
  for (guint i = j; i < self->done->len; i++)
    if (!apply_keeping (self, g_ptr_array_index (self->done, i), NULL, error))
      return FALSE;
  return TRUE;
}

char *
adm_journal_format_time (gint64 time)
{
  return adm_event_format_time (time);
}

const char *
adm_journal_entry_kind_to_string (AdmJournalEntryKind kind)
{
  switch (kind)
    {
    case ADM_JOURNAL_ENTRY_UNDO:
      return "undo";
    case ADM_JOURNAL_ENTRY_REDO:
      return "redo";
    case ADM_JOURNAL_ENTRY_BATTLE:
      return "battle";
    case ADM_JOURNAL_ENTRY_ACTION:
    default:
      return "action";
    }
}

/* The seal */

/* What an entry holds, in the canonical form of adm-digest.h: an undo or a redo, or an action
 * with its head and its events, with their times as numbers of seconds; for a battle entry,
 * its engagement and the battle's entry. Indentation and escapes are not part of it, so an
 * entry read and written again has the same. */
static void
digest_inner (GChecksum           *checksum,
              AdmJournalEntryKind  kind,
              AdmJournalAction    *action,
              gint64               time)
{
  char number[24];

  adm_digest_open (checksum, adm_journal_entry_kind_to_string (kind));
  g_snprintf (number, sizeof number, "%u", action->id);
  adm_digest_attribute (checksum, kind == ADM_JOURNAL_ENTRY_ACTION ? "id" : "action", number);
  g_snprintf (number, sizeof number, "%" G_GINT64_FORMAT, time);
  adm_digest_attribute (checksum, "time", number);
  if (kind != ADM_JOURNAL_ENTRY_ACTION)
    {
      adm_digest_end_attributes (checksum);
      adm_digest_close (checksum);
      return;
    }
  adm_digest_attribute (checksum, "what", adm_event_get_kind (action->head));
  for (guint i = 0; i < adm_event_get_n_attributes (action->head); i++)
    adm_digest_attribute (checksum, adm_event_get_key_nth (action->head, i),
                          adm_event_get_value_nth (action->head, i));
  adm_digest_end_attributes (checksum);
  for (guint e = 0; e < action->events->len; e++)
    {
      AdmEvent *event = g_ptr_array_index (action->events, e);
      const char *text = adm_event_get_text (event);

      adm_digest_open (checksum, "event");
      adm_digest_attribute (checksum, "kind", adm_event_get_kind (event));
      g_snprintf (number, sizeof number, "%" G_GINT64_FORMAT, adm_event_get_time (event));
      adm_digest_attribute (checksum, "time", number);
      for (guint i = 0; i < adm_event_get_n_attributes (event); i++)
        adm_digest_attribute (checksum, adm_event_get_key_nth (event, i),
                              adm_event_get_value_nth (event, i));
      adm_digest_end_attributes (checksum);
      if (text != NULL && *text != '\0')
        adm_digest_text (checksum, text);
      adm_digest_close (checksum);
    }
  adm_digest_close (checksum);
}

/* An entry's chain is the SHA-256 of the chain before it (none for the first) and of what the
 * entry holds, its origin included: an entry changed, removed, moved or slipped in among the
 * others no longer matches the digest of the first entry sealed from it on. */
void
_adm_journal_chain (AdmJournal *self,
                    guint       before,
                    Entry      *entry)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  g_assert (before <= self->entries->len);
  if (before > 0)
    g_checksum_update (checksum, (const guchar *)
                       g_array_index (self->entries, Entry, before - 1).chain, -1);
  if (entry->kind == ADM_JOURNAL_ENTRY_BATTLE)
    {
      adm_digest_open (checksum, "battle");
      adm_digest_attribute (checksum, "engagement", entry->engagement);
    }
  if (entry->origin != NULL)
    adm_digest_attribute (checksum, "origin", entry->origin);
  if (entry->kind == ADM_JOURNAL_ENTRY_BATTLE)
    {
      adm_digest_end_attributes (checksum);
      digest_inner (checksum, entry->battle_kind, entry->action, entry->time);
      adm_digest_close (checksum);
    }
  else
    digest_inner (checksum, entry->kind, entry->action, entry->time);
  g_strlcpy (entry->chain, g_checksum_get_string (checksum), sizeof entry->chain);
}

/* An entry recorded now in a sealed journal: it shows its chain, and the first one while no
 * entry holds the origin records it. */
static void
seal_recorded (AdmJournal *self,
               Entry      *entry)
{
  if (!self->sealing)
    return;
  if (self->origin != NULL && self->origin_entry == 0)
    {
      entry->origin = g_strdup (self->origin);
      self->origin_entry = self->entries->len + 1;
      self->origin_line = 0;
    }
  entry->sealed = TRUE;
  _adm_journal_chain (self, self->entries->len, entry);
}

void
adm_journal_seal (AdmJournal *self,
                  const char *origin)
{
  g_return_if_fail (ADM_IS_JOURNAL (self));

  self->sealing = TRUE;
  g_free (self->origin);
  self->origin = g_strdup (origin);
}

const char *
adm_journal_get_origin (AdmJournal *self,
                        int        *line)
{
  const Entry *entry;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);

  if (self->origin_entry == 0)
    return NULL;
  entry = &g_array_index (self->entries, Entry, self->origin_entry - 1);
  if (line != NULL)
    *line = self->origin_line;
  return entry->origin;
}

const char *
adm_journal_get_last_digest (AdmJournal *self)
{
  const Entry *entry;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);

  if (self->entries->len == 0)
    return NULL;
  entry = &g_array_index (self->entries, Entry, self->entries->len - 1);
  return entry->sealed ? entry->chain : NULL;
}

/* A recorded entry is serialised at once; a loaded one when the journal is first written
 * (adm_journal_write ()), so that opening a long journal parses it once and no more. */
void
_adm_journal_push_entry (AdmJournal          *self,
                         AdmJournalEntryKind  kind,
                         AdmJournalAction    *action,
                         gint64               time,
                         gboolean             serialize)
{
  Entry entry = { kind, adm_journal_action_ref (action), time, NULL, 0, NULL, 0, "", FALSE,
                  NULL, 0 };

  if (serialize)
    {
      seal_recorded (self, &entry);
      entry.xml = _adm_journal_serialize_entry (kind, action, time, entry.origin,
                                                entry.sealed ? entry.chain : NULL,
                                                &entry.length);
    }
  else if (self->sealing)
    _adm_journal_chain (self, self->entries->len, &entry);
  g_array_append_val (self->entries, entry);
}

static gboolean
check_room (AdmJournal  *self,
            GError     **error)
{
  if (self->entries->len < ADM_JOURNAL_MAX_ENTRIES)
    return TRUE;
  g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_FULL,
               _("The journal holds %u entries, the most one can: nothing more can be recorded "
                 "in this file"), ADM_JOURNAL_MAX_ENTRIES);
  return FALSE;
}

gboolean
adm_journal_record (AdmJournal       *self,
                    AdmJournalAction *action,
                    GError          **error)
{
  return adm_journal_record_full (self, action, NULL, error);
}

gboolean
adm_journal_record_full (AdmJournal       *self,
                         AdmJournalAction *action,
                         gpointer          recording,
                         GError          **error)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (action != NULL && action->id == 0, FALSE);

  if (!check_room (self, error))
    return FALSE;
  if (!apply_keeping (self, action, recording, error))
    return FALSE;

  action->id = self->actions->len + 1;
  action->done = TRUE;
  g_ptr_array_add (self->actions, adm_journal_action_ref (action));
  g_ptr_array_add (self->done, action);
  /* What was undone stays in the journal, undone for good — but a phone's post is none of
   * the master's actions: what he undid he may still redo. */
  if (!adm_journal_action_is_aside (action))
    g_ptr_array_set_size (self->undone, 0);
  _adm_journal_push_entry (self, ADM_JOURNAL_ENTRY_ACTION, action,
                           adm_event_get_time (action->head), TRUE);
  return TRUE;
}

int
_adm_journal_undo_index (GPtrArray *done)
{
  for (guint i = done->len; i > 0; i--)
    if (!adm_journal_action_is_aside (g_ptr_array_index (done, i - 1)))
      return (int) i - 1;
  return -1;
}

void
_adm_journal_move (AdmJournal          *self,
                   AdmJournalEntryKind  kind,
                   AdmJournalAction    *action,
                   gint64               time,
                   gboolean             serialize)
{
  guint from = 0;

  if (kind == ADM_JOURNAL_ENTRY_UNDO)
    {
      g_assert (g_ptr_array_find (self->done, action, &from));
      g_ptr_array_remove_index (self->done, from);
      g_ptr_array_add (self->undone, action);
      action->done = FALSE;
    }
  else
    {
      g_assert (self->undone->len > 0 &&
                g_ptr_array_index (self->undone, self->undone->len - 1) == action);
      g_ptr_array_set_size (self->undone, self->undone->len - 1);
      g_ptr_array_add (self->done, action);
      action->done = TRUE;
    }
  _adm_journal_push_entry (self, kind, action, time, serialize);
  g_array_index (self->entries, Entry, self->entries->len - 1).from = from;
}

static void stacks_at (AdmJournal *self,
                       guint       n,
                       GPtrArray  *done,
                       GPtrArray  *undone);

/* The actions undone that can be redone, as they stood after the entries there are: made
 * again from the entries when an action that had emptied them was taken back. */
static void
undone_made_again (AdmJournal *self)
{
  g_autoptr(GPtrArray) done = NULL;

  if (!self->undone_stale)
    return;
  done = g_ptr_array_new ();
  g_ptr_array_set_size (self->undone, 0);
  stacks_at (self, self->entries->len, done, self->undone);
  self->undone_stale = FALSE;
}

/* Drops the last entry and what it did to the actions in effect, leaving the owner's state
 * and the snapshots to the caller. */
static void
drop_last (AdmJournal *self)
{
  Entry *last = &g_array_index (self->entries, Entry, self->entries->len - 1);

  _adm_journal_entries_dropped (self);
  /* An undo or redo taken back moves its action between the stacks as they were. */
  if (last->kind == ADM_JOURNAL_ENTRY_UNDO || last->kind == ADM_JOURNAL_ENTRY_REDO)
    undone_made_again (self);
  switch (last->kind)
    {
    case ADM_JOURNAL_ENTRY_ACTION:
      g_assert (self->done->len > 0 && g_ptr_array_index (self->done, self->done->len - 1) ==
                last->action);
      g_ptr_array_set_size (self->done, self->done->len - 1);
      last->action->done = FALSE;
      last->action->id = 0;
      g_ptr_array_set_size (self->actions, self->actions->len - 1);
      /* It had emptied the redo stack (adm_journal_record ()): what was there before it is
       * found from the entries, once needed. */
      if (!adm_journal_action_is_aside (last->action))
        self->undone_stale = TRUE;
      break;
    case ADM_JOURNAL_ENTRY_UNDO:
      /* Back where it stood, before the phones' posts that came after it. */
      g_ptr_array_set_size (self->undone, self->undone->len - 1);
      g_ptr_array_insert (self->done, (int) last->from, last->action);
      last->action->done = TRUE;
      break;
    case ADM_JOURNAL_ENTRY_BATTLE:
      /* No action of this journal: nothing to take back but the entry. */
      break;
    case ADM_JOURNAL_ENTRY_REDO:
    default:
      g_ptr_array_set_size (self->done, self->done->len - 1);
      g_ptr_array_add (self->undone, last->action);
      last->action->done = FALSE;
      break;
    }
  g_array_set_size (self->entries, self->entries->len - 1);
  if (self->origin_entry > self->entries->len)
    self->origin_entry = 0;
  /* A file that holds the entry forgotten is written whole next time. */
  for (guint i = self->saved->len; i > 0; i--)
    if (((SavedFile *) g_ptr_array_index (self->saved, i - 1))->n_entries > self->entries->len)
      g_ptr_array_remove_index_fast (self->saved, i - 1);
  if (self->n_loaded > self->entries->len)
    {
      /* Only a journal just loaded can lose one of the entries read: the rest are
       * serialised when next written. */
      g_clear_pointer (&self->loaded, g_bytes_unref);
      self->n_loaded = 0;
    }
}

void
adm_journal_forget_last (AdmJournal *self)
{
  g_return_if_fail (ADM_IS_JOURNAL (self));
  g_return_if_fail (self->entries->len > 0);

  drop_last (self);
  undone_made_again (self);
  /* The caller replays (adm_journal_replay ()), which takes the snapshots anew. */
  g_ptr_array_set_size (self->before, 0);
}

gboolean
adm_journal_take_back_to (AdmJournal  *self,
                          guint        n,
                          GError     **error)
{
  gboolean snapshots;
  guint valid, n_done;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (n <= self->entries->len, FALSE);

  snapshots = self->snapshot != NULL && self->before->len == self->done->len;
  /* How many of the first actions in effect stay in effect, the same, in the same places:
   * the snapshots before each of them and before the one after still stand. */
  valid = n_done = self->done->len;
  while (self->entries->len > n)
    {
      const Entry *last = &g_array_index (self->entries, Entry, self->entries->len - 1);
      AdmJournalEntryKind kind = last->kind;

      /* An undo taken back puts its action back where it stood (before a phone's posts that
       * followed it, perhaps); an action or a redo, taken back, leaves the actions in effect
       * one fewer. */
      if (kind == ADM_JOURNAL_ENTRY_UNDO)
        valid = MIN (valid, last->from);
      drop_last (self);
      if (kind == ADM_JOURNAL_ENTRY_ACTION || kind == ADM_JOURNAL_ENTRY_REDO)
        valid = MIN (valid, self->done->len);
    }
  undone_made_again (self);
  /* None of the actions the state holds was taken back (only undos, whose actions are in
   * effect again, and others' entries): the state stands, and those actions apply on it. */
  if (snapshots && valid == n_done)
    {
      gboolean applied = TRUE;

      for (guint i = valid; applied && i < self->done->len; i++)
        applied = apply_keeping (self, g_ptr_array_index (self->done, i), NULL, NULL);
      if (applied)
        return TRUE;
    }
  /* Else the state kept nearest before the first action that changed, and the actions in
   * effect after it applied again. */
  else if (snapshots && catch_up (self, valid + 1, NULL))
    return TRUE;
  /* Without snapshots, the actions then in effect replay from the start. */
  g_ptr_array_set_size (self->before, 0);
  return adm_journal_replay (self, NULL, error);
}

gboolean
adm_journal_can_undo (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  return _adm_journal_undo_index (self->done) >= 0;
}

gboolean
adm_journal_can_redo (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  return self->undone->len > 0;
}

AdmJournalAction *
adm_journal_get_undo_action (AdmJournal *self)
{
  int i;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  i = _adm_journal_undo_index (self->done);
  return i >= 0 ? g_ptr_array_index (self->done, i) : NULL;
}

AdmJournalAction *
adm_journal_get_redo_action (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  return self->undone->len > 0 ? g_ptr_array_index (self->undone, self->undone->len - 1) : NULL;
}

gboolean
adm_journal_replay (AdmJournal  *self,
                    const char  *display_name,
                    GError     **error)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);

  self->reset (self->owner);
  g_ptr_array_set_size (self->before, 0);
  for (guint i = 0; i < self->done->len; i++)
    {
      AdmJournalAction *action = g_ptr_array_index (self->done, i);
      g_autoptr(GError) local_error = NULL;

      if (!apply_keeping (self, action, NULL, &local_error))
        {
          if (action->line > 0 && display_name != NULL)
            g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_REPLAY, "%s:%d: %s",
                         display_name, action->line, local_error->message);
          else
            g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean replay_after_move (AdmJournal        *self,
                                   gboolean           undo,
                                   int                at,
                                   AdmJournalAction  *action,
                                   GError           **error);

static gboolean
move_and_replay (AdmJournal          *self,
                 AdmJournalEntryKind  kind,
                 gint64               time,
                 GError             **error)
{
  gboolean undo = kind == ADM_JOURNAL_ENTRY_UNDO;
  int at = undo ? _adm_journal_undo_index (self->done) : (int) self->undone->len - 1;
  AdmJournalAction *action = g_ptr_array_index (undo ? self->done : self->undone, at);

  /* With snapshots: an undo of the last action puts back the state from before it, a redo
   * applies it again; without, or past a phone's posts, the actions in effect replay from the
   * start. */
  if (self->snapshot != NULL && self->before->len == self->done->len &&
      (!undo || (guint) at == self->done->len - 1))
    {
      if (undo && g_ptr_array_index (self->before, at) != NULL)
        {
          self->restore (self->owner, g_ptr_array_steal_index (self->before,
                                                               self->before->len - 1));
          _adm_journal_move (self, kind, action, time, TRUE);
          return TRUE;
        }
      /* None kept before it: the nearest kept before that, and the actions between. */
      if (undo)
        {
          _adm_journal_move (self, kind, action, time, TRUE);
          if (catch_up (self, (guint) at + 1, NULL))
            return TRUE;
          g_ptr_array_set_size (self->before, 0);
          return replay_after_move (self, undo, at, action, error);
        }
      if (apply_keeping (self, action, NULL, NULL))
        {
          _adm_journal_move (self, kind, action, time, TRUE);
          return TRUE;
        }
    }
  _adm_journal_move (self, kind, action, time, TRUE);
  return replay_after_move (self, undo, at, action, error);
}

/* After an undo or redo of @action (at @at) entered the journal: the actions in effect
 * replayed from the start; if one no longer applies, the entry is taken back. */
static gboolean
replay_after_move (AdmJournal        *self,
                   gboolean           undo,
                   int                at,
                   AdmJournalAction  *action,
                   GError           **error)
{
  g_autoptr(GError) local_error = NULL;

  if (!adm_journal_replay (self, NULL, &local_error))
    {
      g_autofree char *what = adm_journal_describe (self, action);

      /* Every action in effect applied once already; if one no longer does, the journal
       * is left as it was. A phone's post that rests on the action taken back keeps it. */
      adm_journal_forget_last (self);
      if (!adm_journal_replay (self, NULL, NULL))
        g_critical ("A journal that replayed before no longer replays");
      if (undo && (guint) at < self->done->len - 1)
        g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_REPLAY,
                     _("“%s” cannot be undone: what a phone handed in after it rests on it "
                       "(%s)"), what, local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_journal_undo (AdmJournal  *self,
                  gint64       time,
                  GError     **error)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);

  if (!adm_journal_can_undo (self))
    {
      g_set_error_literal (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_NOTHING_TO_UNDO,
                           _("There is nothing to undo"));
      return FALSE;
    }
  if (!check_room (self, error))
    return FALSE;
  return move_and_replay (self, ADM_JOURNAL_ENTRY_UNDO, time, error);
}

gboolean
adm_journal_redo (AdmJournal  *self,
                  gint64       time,
                  GError     **error)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);

  if (self->undone->len == 0)
    {
      g_set_error_literal (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_NOTHING_TO_REDO,
                           _("There is nothing to redo"));
      return FALSE;
    }
  if (!check_room (self, error))
    return FALSE;
  return move_and_replay (self, ADM_JOURNAL_ENTRY_REDO, time, error);
}

/* Battles kept in a campaign's journal */

/* Entry @i's text, serialised now if it was loaded without. */
static const Entry *
entry_with_text (AdmJournal *self,
                 guint       i)
{
  Entry *entry = &g_array_index (self->entries, Entry, i);

  if (entry->xml == NULL)
    _adm_journal_entry_serialize (entry);
  return entry;
}

const char *
adm_journal_get_entry_text (AdmJournal *self,
                            guint       i,
                            gsize      *length)
{
  const Entry *entry;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);

  entry = entry_with_text (self, i);
  if (length != NULL)
    *length = entry->length;
  return entry->xml;
}

gboolean
adm_journal_follow (AdmJournal  *self,
                    AdmJournal  *from,
                    GError     **error)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (from), FALSE);
  return adm_journal_follow_to (self, from, from->entries->len, error);
}

gboolean
adm_journal_follow_to (AdmJournal  *self,
                       AdmJournal  *from,
                       guint        to,
                       GError     **error)
{
  guint n;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (ADM_IS_JOURNAL (from), FALSE);
  g_return_val_if_fail (to <= from->entries->len, FALSE);

  n = self->entries->len;
  for (guint i = 0; i < n; i++)
    {
      const Entry *mine = &g_array_index (self->entries, Entry, i);
      const Entry *theirs = i < from->entries->len ? &g_array_index (from->entries, Entry, i)
                                                   : NULL;

      if (theirs == NULL || theirs->kind != mine->kind || theirs->time != mine->time ||
          theirs->action->id != mine->action->id)
        {
          g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_REPLAY,
                       _("its journal is not the one kept: entry %u differs"), i + 1);
          return FALSE;
        }
    }
  for (guint i = n; i < to; i++)
    {
      const Entry *theirs = entry_with_text (from, i);
      Entry *mine;

      if (!check_room (self, error))
        return FALSE;
      if (theirs->kind == ADM_JOURNAL_ENTRY_ACTION)
        {
          g_autoptr(AdmJournalAction) copy = adm_journal_action_new (
            adm_event_get_kind (theirs->action->head), adm_event_get_time (theirs->action->head));

          for (guint a = 0; a < adm_event_get_n_attributes (theirs->action->head); a++)
            adm_event_set (copy->head, adm_event_get_key_nth (theirs->action->head, a),
                           adm_event_get_value_nth (theirs->action->head, a));
          for (guint e = 0; e < theirs->action->events->len; e++)
            adm_journal_action_add_event (copy, g_ptr_array_index (theirs->action->events, e));
          if (theirs->action->id != self->actions->len + 1)
            {
              g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_REPLAY,
                           _("its journal is not the one kept: entry %u differs"), i + 1);
              return FALSE;
            }
          if (!apply_keeping (self, copy, NULL, error))
            return FALSE;
          copy->id = self->actions->len + 1;
          copy->done = TRUE;
          g_ptr_array_add (self->actions, adm_journal_action_ref (copy));
          g_ptr_array_add (self->done, copy);
          if (!adm_journal_action_is_aside (copy))
            g_ptr_array_set_size (self->undone, 0);
          _adm_journal_push_entry (self, ADM_JOURNAL_ENTRY_ACTION, copy, theirs->time, FALSE);
        }
      else if (theirs->kind == ADM_JOURNAL_ENTRY_UNDO || theirs->kind == ADM_JOURNAL_ENTRY_REDO)
        {
          AdmJournalAction *expected = theirs->kind == ADM_JOURNAL_ENTRY_UNDO
                                         ? adm_journal_get_undo_action (self)
                                         : adm_journal_get_redo_action (self);

          if (expected == NULL || expected->id != theirs->action->id)
            {
              g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_REPLAY,
                           _("its journal is not the one kept: entry %u differs"), i + 1);
              return FALSE;
            }
          if (!move_and_replay (self, theirs->kind, theirs->time, error))
            return FALSE;
          /* The text as the battle wrote it, not written again. */
          mine = &g_array_index (self->entries, Entry, self->entries->len - 1);
          g_free (mine->xml);
          mine->xml = NULL;
        }
      else
        {
          g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_REPLAY,
                       _("its journal is not the one kept: entry %u differs"), i + 1);
          return FALSE;
        }
      mine = &g_array_index (self->entries, Entry, self->entries->len - 1);
      mine->xml = g_memdup2 (theirs->xml, theirs->length);
      mine->length = theirs->length;
    }
  return TRUE;
}

gboolean
adm_journal_add_battle_entry (AdmJournal  *self,
                              const char  *engagement,
                              AdmJournal  *battle_journal,
                              guint        i,
                              GError     **error)
{
  const Entry *theirs;
  Entry entry = { ADM_JOURNAL_ENTRY_BATTLE, NULL, 0, NULL, 0, NULL, 0, "", FALSE, NULL };

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (engagement != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_JOURNAL (battle_journal), FALSE);
  g_return_val_if_fail (i < battle_journal->entries->len, FALSE);

  if (!check_room (self, error))
    return FALSE;
  theirs = entry_with_text (battle_journal, i);
  g_return_val_if_fail (theirs->kind != ADM_JOURNAL_ENTRY_BATTLE, FALSE);
  entry.action = adm_journal_action_ref (theirs->action);
  entry.time = theirs->time;
  entry.battle_kind = theirs->kind;
  entry.engagement = g_strdup (engagement);
  seal_recorded (self, &entry);
  entry.xml = _adm_journal_serialize_battle_entry (engagement, theirs->xml, theirs->length,
                                                   entry.origin,
                                                   entry.sealed ? entry.chain : NULL);
  entry.length = strlen (entry.xml);
  g_array_append_val (self->entries, entry);
  return TRUE;
}

const char *
adm_journal_get_entry_engagement (AdmJournal *self,
                                  guint       i)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);
  return g_array_index (self->entries, Entry, i).engagement;
}

AdmJournalEntryKind
adm_journal_get_entry_battle_kind (AdmJournal *self,
                                   guint       i)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), ADM_JOURNAL_ENTRY_ACTION);
  g_return_val_if_fail (i < self->entries->len, ADM_JOURNAL_ENTRY_ACTION);
  return g_array_index (self->entries, Entry, i).battle_kind;
}

/* Appends a loaded action as recording would, without applying it (the replay does). */
void
_adm_journal_push_loaded_action (AdmJournal       *self,
                                 AdmJournalAction *action)
{
  action->id = self->actions->len + 1;
  action->done = TRUE;
  g_ptr_array_add (self->actions, adm_journal_action_ref (action));
  g_ptr_array_add (self->done, action);
  if (!adm_journal_action_is_aside (action))
    g_ptr_array_set_size (self->undone, 0);
  _adm_journal_push_entry (self, ADM_JOURNAL_ENTRY_ACTION, action,
                           adm_event_get_time (action->head), FALSE);
}

guint
adm_journal_get_n_entries (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), 0);
  return self->entries->len;
}

AdmJournalEntryKind
adm_journal_get_entry_kind (AdmJournal *self,
                            guint       i)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), ADM_JOURNAL_ENTRY_ACTION);
  g_return_val_if_fail (i < self->entries->len, ADM_JOURNAL_ENTRY_ACTION);
  return g_array_index (self->entries, Entry, i).kind;
}

AdmJournalAction *
adm_journal_get_entry_action (AdmJournal *self,
                              guint       i)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);
  return g_array_index (self->entries, Entry, i).action;
}

/* One attribute's index: value → GArray of guint, the entries read so far. */
typedef struct {
  GHashTable *by_value;
  guint       n_read;
  guint       drops;   /* AdmJournal.drops when it was made */
} EntryIndex;

static void
entry_index_free (gpointer data)
{
  EntryIndex *index = data;

  g_hash_table_unref (index->by_value);
  g_free (index);
}

GArray *
adm_journal_find_entries (AdmJournal *self,
                          const char *attribute,
                          const char *value)
{
  EntryIndex *index;
  GArray *found, *entries;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  g_return_val_if_fail (attribute != NULL, NULL);
  g_return_val_if_fail (value != NULL, NULL);

  g_mutex_lock (&self->index_lock);
  if (self->indexes == NULL)
    self->indexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_index_free);
  index = g_hash_table_lookup (self->indexes, attribute);
  if (index == NULL || index->drops != self->drops || index->n_read > self->entries->len)
    {
      index = g_new0 (EntryIndex, 1);
      index->by_value = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) g_array_unref);
      index->drops = self->drops;
      g_hash_table_replace (self->indexes, g_strdup (attribute), index);
    }
  for (; index->n_read < self->entries->len; index->n_read++)
    {
      const Entry *entry = &g_array_index (self->entries, Entry, index->n_read);
      GPtrArray *events;

      if (entry->kind != ADM_JOURNAL_ENTRY_ACTION)
        continue;
      events = entry->action->events;
      for (guint e = 0; e < events->len; e++)
        {
          const char *named = adm_event_get (g_ptr_array_index (events, e), attribute);
          GArray *at;

          if (named == NULL)
            continue;
          at = g_hash_table_lookup (index->by_value, named);
          if (at == NULL)
            {
              at = g_array_new (FALSE, FALSE, sizeof (guint));
              g_hash_table_insert (index->by_value, g_strdup (named), at);
            }
          /* Once an entry, however many of its events name the value. */
          if (at->len == 0 || g_array_index (at, guint, at->len - 1) != index->n_read)
            g_array_append_val (at, index->n_read);
        }
    }
  entries = g_hash_table_lookup (index->by_value, value);
  found = g_array_sized_new (FALSE, FALSE, sizeof (guint), entries != NULL ? entries->len : 0);
  if (entries != NULL)
    g_array_append_vals (found, entries->data, entries->len);
  g_mutex_unlock (&self->index_lock);
  return found;
}

gint64
adm_journal_get_entry_time (AdmJournal *self,
                            guint       i)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), 0);
  g_return_val_if_fail (i < self->entries->len, 0);
  return g_array_index (self->entries, Entry, i).time;
}

GPtrArray *
adm_journal_get_done (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  return self->done;
}

GPtrArray *
adm_journal_get_done_at (AdmJournal *self,
                         guint       n)
{
  g_autoptr(GPtrArray) undone = g_ptr_array_new ();
  GPtrArray *done;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  g_return_val_if_fail (n <= self->entries->len, NULL);

  done = g_ptr_array_new ();
  stacks_at (self, n, done, undone);
  return done;
}

/* The two stacks, actions in effect and actions undone that can be redone, after the first
 * @n entries: appended to @done and @undone, empty. */
static void
stacks_at (AdmJournal *self,
           guint       n,
           GPtrArray  *done,
           GPtrArray  *undone)
{
  for (guint i = 0; i < n; i++)
    {
      const Entry *entry = &g_array_index (self->entries, Entry, i);

      /* The two stacks as adm_journal_record (), _undo () and _redo () kept them then. */
      switch (entry->kind)
        {
        case ADM_JOURNAL_ENTRY_ACTION:
          g_ptr_array_add (done, entry->action);
          if (!adm_journal_action_is_aside (entry->action))
            g_ptr_array_set_size (undone, 0);
          break;
        case ADM_JOURNAL_ENTRY_UNDO:
          g_assert (_adm_journal_undo_index (done) >= 0 &&
                    g_ptr_array_index (done, _adm_journal_undo_index (done)) == entry->action);
          g_ptr_array_remove_index (done, (guint) _adm_journal_undo_index (done));
          g_ptr_array_add (undone, entry->action);
          break;
        case ADM_JOURNAL_ENTRY_REDO:
          g_assert (undone->len > 0 &&
                    g_ptr_array_index (undone, undone->len - 1) == entry->action);
          g_ptr_array_set_size (undone, undone->len - 1);
          g_ptr_array_add (done, entry->action);
          break;
        case ADM_JOURNAL_ENTRY_BATTLE:
        default:
          /* A battle's own entry: no action of this journal. */
          break;
        }
    }
}

guint
adm_journal_get_n_actions (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), 0);
  return self->actions->len;
}

char *
adm_journal_describe (AdmJournal             *self,
                      const AdmJournalAction *action)
{
  g_autoptr(GString) text = NULL;
  char *owned;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  if (self->describe != NULL && (owned = self->describe (self->owner, action)) != NULL)
    return owned;
  text = g_string_new (adm_event_get_kind (action->head));
  for (guint i = 0; i < adm_event_get_n_attributes (action->head); i++)
    g_string_append_printf (text, i == 0 ? " (%s %s" : ", %s %s",
                            adm_event_get_key_nth (action->head, i),
                            adm_event_get_value_nth (action->head, i));
  if (adm_event_get_n_attributes (action->head) > 0)
    g_string_append_c (text, ')');
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
adm_journal_set_repaired (AdmJournal *self,
                          const char *display_name,
                          int         line)
{
  AdmJournalAction *last = NULL;
  g_autofree char *description = NULL;

  g_return_if_fail (ADM_IS_JOURNAL (self));
  g_return_if_fail (display_name != NULL);

  if (self->actions->len > 0)
    last = g_ptr_array_index (self->actions, self->actions->len - 1);
  g_free (self->recovery_note);
  /* The last complete entry is a battle's: named so, not the campaign action before it. */
  if (self->entries->len > 0 &&
      g_array_index (self->entries, Entry, self->entries->len - 1).kind ==
        ADM_JOURNAL_ENTRY_BATTLE)
    {
      const Entry *entry = &g_array_index (self->entries, Entry, self->entries->len - 1);

      description = adm_journal_describe (self, entry->action);
      self->recovery_note =
        g_strdup_printf (_("%s:%d: the end of the file was cut off while it was being saved "
                           "(the program or the computer stopped mid-save). It opens at the "
                           "last complete entry, of the battle of engagement %s: “%s”; what "
                           "was being saved then is lost. The cut file is kept as a backup "
                           "when this one is next saved."),
                         display_name, line, entry->engagement, description);
      return;
    }
  if (last == NULL)
    {
      self->recovery_note =
        g_strdup_printf (_("%s:%d: the end of the file was cut off while it was being saved "
                           "(the program or the computer stopped mid-save). It opens with what "
                           "was complete before the cut; the action being saved then is lost."),
                         display_name, line);
      return;
    }
  description = adm_journal_describe (self, last);
  self->recovery_note =
    g_strdup_printf (_("%s:%d: the end of the file was cut off while it was being saved (the "
                       "program or the computer stopped mid-save). It opens at the last "
                       "complete entry, action %u, “%s”; the action being saved then is "
                       "lost. The cut file is kept as a backup when this one is next saved."),
                     display_name, line, last->id, description);
}

const char *
adm_journal_get_recovery_note (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  return self->recovery_note;
}
