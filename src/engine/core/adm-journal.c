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

#include "adm-file.h"
#include "adm-journal.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-journal-error-quark, adm_journal_error)

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
  GPtrArray              *before;    /* the owner's snapshots before each of @done, or empty */
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
  /* Said when the file read had its end cut (adm_journal_repair_cut ()), or NULL. */
  char                   *recovery_note;
};

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

static void
saved_file_free (gpointer data)
{
  SavedFile *saved = data;

  g_free (saved->path);
  g_free (saved->head);
  g_free (saved->tail);
  g_free (saved);
}

G_DEFINE_FINAL_TYPE (AdmJournal, adm_journal, G_TYPE_OBJECT)

/* Actions */

AdmJournalAction *
adm_journal_action_new (const char *what,
                        gint64      time)
{
  AdmJournalAction *self;

  g_return_val_if_fail (what != NULL && *what != '\0', NULL);

  self = g_new0 (AdmJournalAction, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->head = adm_event_new (what, time);
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  return self;
}

AdmJournalAction *
adm_journal_action_ref (AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
adm_journal_action_unref (AdmJournalAction *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  adm_event_unref (self->head);
  g_ptr_array_unref (self->events);
  g_free (self);
}

AdmEvent *
adm_journal_action_get_head (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->head;
}

const char *
adm_journal_action_get_what (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return adm_event_get_kind (self->head);
}

gint64
adm_journal_action_get_time (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return adm_event_get_time (self->head);
}

guint
adm_journal_action_get_id (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->id;
}

gboolean
adm_journal_action_is_done (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->done;
}

GPtrArray *
adm_journal_action_get_events (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->events;
}

void
adm_journal_action_add_event (AdmJournalAction *self,
                              AdmEvent         *event)
{
  g_return_if_fail (self != NULL && event != NULL);
  g_return_if_fail (self->id == 0);
  g_ptr_array_add (self->events, adm_event_ref (event));
}

void
adm_journal_action_take_event (AdmJournalAction *self,
                               AdmEvent         *event)
{
  g_return_if_fail (self != NULL && event != NULL);
  g_return_if_fail (self->id == 0);
  g_ptr_array_add (self->events, event);
}

void
adm_journal_action_take_events (AdmJournalAction *self,
                                AdmEvent *const  *events,
                                guint             n_events)
{
  guint len;

  g_return_if_fail (self != NULL && (events != NULL || n_events == 0));
  g_return_if_fail (self->id == 0);
  for (guint i = 0; i < n_events; i++)
    g_return_if_fail (events[i] != NULL);
  len = self->events->len;
  g_ptr_array_set_size (self->events, len + n_events);
  if (n_events > 0)
    memcpy (self->events->pdata + len, events, n_events * sizeof (AdmEvent *));
}

int
adm_journal_action_get_line (const AdmJournalAction *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->line;
}

/* The journal */

static void
entry_clear (gpointer data)
{
  Entry *entry = data;

  g_clear_pointer (&entry->action, adm_journal_action_unref);
  g_clear_pointer (&entry->xml, g_free);
  g_clear_pointer (&entry->engagement, g_free);
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
  self->saved = g_ptr_array_new_with_free_func (saved_file_free);
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

/* Applies @action, first keeping a snapshot of the owner when it offers them. */
static gboolean
apply_keeping (AdmJournal       *self,
               AdmJournalAction *action,
               GError          **error)
{
  gpointer snapshot = self->snapshot != NULL ? self->snapshot (self->owner) : NULL;
  if (!self->apply (self->owner, action, error))
    {
      if (snapshot != NULL)
        self->free_snapshot (snapshot);
      return FALSE;
    }
  if (snapshot != NULL)
    g_ptr_array_add (self->before, snapshot);
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

/* The entry's XML, indented to sit inside <journal>, in *@length bytes, as libxml2's
 * xmlNodeDump () (…, level 2, formatted) writes the entry's nodes. An event of the entry's time
 * does not say it again: the action says it once. */
static char *
serialize_entry (AdmJournalEntryKind  kind,
                 AdmJournalAction    *action,
                 gint64               time,
                 gsize               *length)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *node = xmlNewNode (NULL, (const xmlChar *) adm_journal_entry_kind_to_string (kind));
  g_autofree char *time_text = adm_journal_format_time (time);
  xmlBuffer *buffer;
  char number[24];
  char *text;

  xmlDocSetRootElement (doc, node);
  g_snprintf (number, sizeof number, "%u", action->id);
  if (kind == ADM_JOURNAL_ENTRY_ACTION)
    {
      xmlNewProp (node, (const xmlChar *) "id", (const xmlChar *) number);
      xmlNewProp (node, (const xmlChar *) "what",
                  (const xmlChar *) adm_event_get_kind (action->head));
      xmlNewProp (node, (const xmlChar *) "time", (const xmlChar *) time_text);
      for (guint i = 0; i < adm_event_get_n_attributes (action->head); i++)
        xmlNewProp (node, (const xmlChar *) adm_event_get_key_nth (action->head, i),
                    (const xmlChar *) adm_event_get_value_nth (action->head, i));
      for (guint i = 0; i < action->events->len; i++)
        {
          AdmEvent *event = g_ptr_array_index (action->events, i);

          adm_event_to_xml (event, node, adm_event_get_time (event) != time);
        }
    }
  else
    {
      xmlNewProp (node, (const xmlChar *) "action", (const xmlChar *) number);
      xmlNewProp (node, (const xmlChar *) "time", (const xmlChar *) time_text);
    }
  buffer = xmlBufferCreate ();
  if (buffer == NULL || xmlNodeDump (buffer, doc, node, 2, 1) < 0)
    g_error ("Out of memory writing a journal entry");
  text = g_strdup_printf ("    %s\n", (const char *) xmlBufferContent (buffer));
  *length = strlen (text);
  xmlBufferFree (buffer);
  return text;
}

/* A battle entry: the battle's entry @inner (as serialize_entry () writes it) inside
 * <battle engagement="…">, on the same line, so that the battle's own text is kept whole. */
static char *
serialize_battle_entry (const char *engagement,
                        const char *inner,
                        gsize       length)
{
  g_autofree char *id = g_markup_escape_text (engagement, -1);

  while (length > 0 && (*inner == ' ' || *inner == '\n'))
    inner++, length--;
  while (length > 0 && inner[length - 1] == '\n')
    length--;
  return g_strdup_printf ("    <battle engagement=\"%s\">%.*s</battle>\n", id, (int) length,
                          inner);
}

static void
entry_serialize (Entry *entry)
{
  if (entry->kind == ADM_JOURNAL_ENTRY_BATTLE)
    {
      gsize length;
      g_autofree char *inner = serialize_entry (entry->battle_kind, entry->action, entry->time,
                                                &length);

      entry->xml = serialize_battle_entry (entry->engagement, inner, length);
      entry->length = strlen (entry->xml);
    }
  else
    entry->xml = serialize_entry (entry->kind, entry->action, entry->time, &entry->length);
}

/* A recorded entry is serialised at once; a loaded one when the journal is first written
 * (adm_journal_write ()), so that opening a long journal parses it once and no more. */
static void
push_entry (AdmJournal          *self,
            AdmJournalEntryKind  kind,
            AdmJournalAction    *action,
            gint64               time,
            gboolean             serialize)
{
  Entry entry = { kind, adm_journal_action_ref (action), time, NULL, 0, NULL, 0 };

  if (serialize)
    {
      entry.xml = serialize_entry (kind, action, time, &entry.length);
    }
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
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (action != NULL && action->id == 0, FALSE);

  if (!check_room (self, error))
    return FALSE;
  if (!apply_keeping (self, action, error))
    return FALSE;

  action->id = self->actions->len + 1;
  action->done = TRUE;
  g_ptr_array_add (self->actions, adm_journal_action_ref (action));
  g_ptr_array_add (self->done, action);
  /* What was undone stays in the journal, undone for good. */
  g_ptr_array_set_size (self->undone, 0);
  push_entry (self, ADM_JOURNAL_ENTRY_ACTION, action, adm_event_get_time (action->head), TRUE);
  return TRUE;
}

void
adm_journal_forget_last (AdmJournal *self)
{
  Entry *last;

  g_return_if_fail (ADM_IS_JOURNAL (self));
  g_return_if_fail (self->entries->len > 0);

  last = &g_array_index (self->entries, Entry, self->entries->len - 1);
  switch (last->kind)
    {
    case ADM_JOURNAL_ENTRY_ACTION:
      g_assert (self->done->len > 0 && g_ptr_array_index (self->done, self->done->len - 1) ==
                last->action);
      g_ptr_array_set_size (self->done, self->done->len - 1);
      last->action->done = FALSE;
      last->action->id = 0;
      g_ptr_array_set_size (self->actions, self->actions->len - 1);
      break;
    case ADM_JOURNAL_ENTRY_UNDO:
      g_ptr_array_set_size (self->undone, self->undone->len - 1);
      g_ptr_array_add (self->done, last->action);
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
  /* The caller replays (adm_journal_replay ()), which takes the snapshots anew. */
  g_ptr_array_set_size (self->before, 0);
}

gboolean
adm_journal_can_undo (AdmJournal *self)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  return self->done->len > 0;
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
  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);
  return self->done->len > 0 ? g_ptr_array_index (self->done, self->done->len - 1) : NULL;
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

      if (!apply_keeping (self, action, &local_error))
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

static gboolean
move_and_replay (AdmJournal          *self,
                 AdmJournalEntryKind  kind,
                 gint64               time,
                 GError             **error)
{
  GPtrArray *from = kind == ADM_JOURNAL_ENTRY_UNDO ? self->done : self->undone;
  GPtrArray *to = kind == ADM_JOURNAL_ENTRY_UNDO ? self->undone : self->done;
  AdmJournalAction *action = g_ptr_array_index (from, from->len - 1);

  /* With snapshots: an undo puts back the state from before the action, a redo applies it
   * again; without, the actions in effect replay from the start. */
  if (self->snapshot != NULL && self->before->len == self->done->len)
    {
      if (kind == ADM_JOURNAL_ENTRY_UNDO)
        {
          self->restore (self->owner, g_ptr_array_steal_index (self->before,
                                                               self->before->len - 1));
          g_ptr_array_set_size (from, from->len - 1);
          g_ptr_array_add (to, action);
          action->done = FALSE;
          push_entry (self, kind, action, time, TRUE);
          return TRUE;
        }
      if (apply_keeping (self, action, NULL))
        {
          g_ptr_array_set_size (from, from->len - 1);
          g_ptr_array_add (to, action);
          action->done = TRUE;
          push_entry (self, kind, action, time, TRUE);
          return TRUE;
        }
    }
  g_ptr_array_set_size (from, from->len - 1);
  g_ptr_array_add (to, action);
  action->done = kind == ADM_JOURNAL_ENTRY_REDO;
  push_entry (self, kind, action, time, TRUE);
  if (!adm_journal_replay (self, NULL, error))
    {
      /* Every action in effect applied once already; if one no longer does, the journal
       * is left as it was. */
      adm_journal_forget_last (self);
      if (!adm_journal_replay (self, NULL, NULL))
        g_critical ("A journal that replayed before no longer replays");
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

  if (self->done->len == 0)
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
    entry_serialize (entry);
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
  guint n;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (ADM_IS_JOURNAL (from), FALSE);

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
  for (guint i = n; i < from->entries->len; i++)
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
          if (!apply_keeping (self, copy, error))
            return FALSE;
          copy->id = self->actions->len + 1;
          copy->done = TRUE;
          g_ptr_array_add (self->actions, adm_journal_action_ref (copy));
          g_ptr_array_add (self->done, copy);
          g_ptr_array_set_size (self->undone, 0);
          push_entry (self, ADM_JOURNAL_ENTRY_ACTION, copy, theirs->time, FALSE);
        }
      else if (theirs->kind == ADM_JOURNAL_ENTRY_UNDO || theirs->kind == ADM_JOURNAL_ENTRY_REDO)
        {
          GPtrArray *stack = theirs->kind == ADM_JOURNAL_ENTRY_UNDO ? self->done : self->undone;
          AdmJournalAction *expected = stack->len > 0 ? g_ptr_array_index (stack, stack->len - 1)
                                                      : NULL;

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
  Entry entry = { ADM_JOURNAL_ENTRY_BATTLE, NULL, 0, NULL, 0, NULL, 0 };

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
  entry.xml = serialize_battle_entry (engagement, theirs->xml, theirs->length);
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

/* Loading
 *
 * Entries are read one by one as the file is parsed (adm_xml_read_memory_streamed ()), or from
 * a tree (adm_xml_foreach_child ()): the same checks either way, and the same as the schemas'
 * for a journal, since a streamed journal is not validated by one. */

static gboolean
parse_time (const char *text,
            gint64     *out)
{
  g_autoptr(GTimeZone) utc = NULL;
  g_autoptr(GDateTime) time = NULL;

  if (text == NULL)
    return FALSE;
  utc = g_time_zone_new_utc ();
  time = g_date_time_new_from_iso8601 (text, utc);
  if (time == NULL)
    return FALSE;
  *out = g_date_time_to_unix (time);
  return TRUE;
}

static gboolean
read_time (const AdmXmlElement  *element,
           const char           *display_name,
           gint64               *out,
           GError              **error)
{
  const char *text = adm_xml_element_get (element, "time");

  if (!parse_time (text, out))
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("the time “%s” is not a date and time like 2026-11-22T18:00:00Z"),
                            text != NULL ? text : "");
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_action_id (const AdmXmlElement  *element,
                const char           *attribute,
                const char           *display_name,
                guint                 limit,
                guint                *out,
                GError              **error)
{
  const char *text = adm_xml_element_get (element, attribute);
  guint64 value = 0;
  guint digits = 0;

  /* Up to nine digits, as written, read at once; anything else as g_ascii_string_to_unsigned ()
   * decides. */
  while (text != NULL && digits < 10 && g_ascii_isdigit (text[digits]))
    value = value * 10 + (guint64) (text[digits++] - '0');
  if (text == NULL || digits == 0 || digits > 9 || text[digits] != '\0')
    value = 0;
  if (text == NULL ||
      (value == 0 && !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT, &value, NULL)) ||
      value > limit)
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("<%s> attribute “%s” is “%s”; it must be the number of an action "
                              "before it, 1–%u"),
                            element->name, attribute, text != NULL ? text : "", limit);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

/* What the schemas said of every element of a journal: none is in an XML namespace. */
static gboolean
check_not_foreign (const AdmXmlElement  *element,
                   const char           *display_name,
                   GError              **error)
{
  if (element->foreign == NULL)
    return TRUE;
  adm_xml_set_error_at (error, display_name, element->line,
                        _("“%s” is in an XML namespace, which no Admiralty journal uses"),
                        element->foreign);
  return FALSE;
}

/* The event of kind @kind that @element is: its attributes but "time", "kind", @named (the
 * attribute that gave the kind) and @also (or NULL), and its text when @with_text. */
static AdmEvent *
event_read (const char          *kind,
            const AdmXmlElement *element,
            const char          *named,
            const char          *also,
            gboolean             with_text,
            int                  line,
            gint64               time)
{
  AdmEvent *event = adm_event_new (kind, time);

  adm_event_set_line (event, line);
  for (guint i = 0; i < element->n_attributes; i++)
    {
      const char *name = element->attributes[2 * i];

      /* An event's own, which adm_event_set () refuses as parameters. */
      if (g_str_equal (name, "kind") || g_str_equal (name, "time") || g_str_equal (name, named) ||
          (also != NULL && g_str_equal (name, also)))
        continue;
      adm_event_set (event, name, element->attributes[2 * i + 1]);
    }
  if (with_text && element->text_length > 0)
    adm_event_set_text (event, element->text);
  return event;
}

/* An <event>: its kind, its time, its parameters and its text (adm_event_from_xml () for
 * elements read without a tree). An event of an action takes the time read for the action
 * (@action_time_text, @action_time; NULL when none) when it has none of its own or the same. */
static AdmEvent *
event_from_element (const AdmXmlElement  *element,
                    const char           *display_name,
                    const char           *action_time_text,
                    gint64                action_time,
                    GError              **error)
{
  const char *kind = adm_xml_element_get (element, "kind");
  const char *time_text = adm_xml_element_get (element, "time");
  gint64 time;

  if (!check_not_foreign (element, display_name, error))
    return NULL;
  if (element->n_children > 0)
    {
      adm_xml_set_error_at (error, display_name, element->children[0]->line,
                            _("an event holds text only, not <%s>"),
                            element->children[0]->name);
      return NULL;
    }
  if (kind == NULL || *kind == '\0')
    {
      adm_xml_set_error_at (error, display_name, element->line, _("the event has no kind"));
      return NULL;
    }
  /* An event of an action has the action's time: written since, it does not say it again;
   * written before, it said it too, mostly the same. */
  if (action_time_text != NULL && (time_text == NULL || strcmp (time_text, action_time_text) == 0))
    time = action_time;
  else if (!parse_time (time_text, &time))
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("the event’s time “%s” is not a date and time like "
                              "2026-11-22T18:00:00Z"), time_text != NULL ? time_text : "");
      return NULL;
    }

  return event_read (kind, element, "kind", NULL, TRUE, element->line, time);
}

/* Appends a loaded action as recording would, without applying it (the replay does). */
static void
push_loaded_action (AdmJournal       *self,
                    AdmJournalAction *action)
{
  action->id = self->actions->len + 1;
  action->done = TRUE;
  g_ptr_array_add (self->actions, adm_journal_action_ref (action));
  g_ptr_array_add (self->done, action);
  g_ptr_array_set_size (self->undone, 0);
  push_entry (self, ADM_JOURNAL_ENTRY_ACTION, action, adm_event_get_time (action->head), FALSE);
}

/* The numbers an action's head names it by — a battle's turn, a campaign's cycle, a TI4
 * combat's round — are whole numbers from 1 (F-SEQ-1, F-STRAT-1, LRR 39): anything else is
 * junk that would be shown as it is ("Order sheets of cycle NaN"). */
static gboolean
check_head_numbers (const AdmXmlElement  *element,
                    const char           *display_name,
                    GError              **error)
{
  static const char * const numbers[] = { "turn", "cycle", "round" };

  for (guint k = 0; k < G_N_ELEMENTS (numbers); k++)
    {
      const char *text = adm_xml_element_get (element, numbers[k]);

      if (text != NULL && !g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT, NULL, NULL))
        {
          adm_xml_set_error_at (error, display_name, element->line,
                                _("<%s> %s is “%s”; it must be a whole number 1–%d"),
                                element->name, numbers[k], text, G_MAXINT);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
check_no_text (const AdmXmlElement  *element,
               const char           *display_name,
               GError              **error)
{
  const char *p = element->text;
  g_autofree char *text = NULL;

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '\0')
    return TRUE;
  text = g_strstrip (g_strdup (element->text));
  adm_xml_set_error_at (error, display_name, element->line,
                        _("<%s> holds elements only, not text such as “%s”"), element->name,
                        text);
  return FALSE;
}

static gboolean
load_action (AdmJournal           *self,
             const AdmXmlElement  *element,
             const char           *display_name,
             GError              **error)
{
  const char *what = adm_xml_element_get (element, "what");
  g_autoptr(AdmJournalAction) action = NULL;
  guint id;
  gint64 time;

  if (!read_action_id (element, "id", display_name, self->actions->len + 1, &id, error) ||
      !read_time (element, display_name, &time, error))
    return FALSE;
  if (id != self->actions->len + 1)
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("the actions are numbered in order: this one should be %u, not %u"),
                            self->actions->len + 1, id);
      return FALSE;
    }
  if (what == NULL || *what == '\0')
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("the action does not say what it is"));
      return FALSE;
    }
  if (!check_no_text (element, display_name, error) ||
      !check_head_numbers (element, display_name, error))
    return FALSE;
  /* As adm_journal_action_new () makes it, the events' array the size it will be. */
  action = g_new0 (AdmJournalAction, 1);
  g_atomic_ref_count_init (&action->ref_count);
  action->events = g_ptr_array_new_full (element->n_children, (GDestroyNotify) adm_event_unref);
  action->line = element->line;
  /* The head's line is 0, as a recorded action's; it has no text (the action holds none). */
  action->head = event_read (what, element, "what", "id", FALSE, 0, time);
  for (guint i = 0; i < element->n_children; i++)
    {
      const AdmXmlElement *child = element->children[i];
      AdmEvent *event;

      if (!g_str_equal (child->name, "event"))
        {
          adm_xml_set_error_at (error, display_name, child->line,
                                _("an action holds events only, not <%s>"), child->name);
          return FALSE;
        }
      event = event_from_element (child, display_name, adm_xml_element_get (element, "time"),
                                  time, error);
      if (event == NULL)
        return FALSE;
      g_ptr_array_add (action->events, event);
    }
  push_loaded_action (self, action);
  return TRUE;
}

static gboolean
load_undo_redo (AdmJournal           *self,
                const AdmXmlElement  *element,
                AdmJournalEntryKind   kind,
                const char           *display_name,
                GError              **error)
{
  GPtrArray *from = kind == ADM_JOURNAL_ENTRY_UNDO ? self->done : self->undone;
  GPtrArray *to = kind == ADM_JOURNAL_ENTRY_UNDO ? self->undone : self->done;
  AdmJournalAction *expected = from->len > 0 ? g_ptr_array_index (from, from->len - 1) : NULL;
  guint id;
  gint64 time;

  if (!read_action_id (element, "action", display_name, MAX (self->actions->len, 1), &id,
                       error) ||
      !read_time (element, display_name, &time, error))
    return FALSE;
  for (guint i = 0; i < element->n_attributes; i++)
    {
      const char *name = element->attributes[2 * i];

      if (!g_str_equal (name, "action") && !g_str_equal (name, "time"))
        {
          adm_xml_set_error_at (error, display_name, element->line,
                                _("<%s> has the attributes “action” and “time” only, not “%s”"),
                                element->name, name);
          return FALSE;
        }
    }
  if (element->n_children > 0 || !check_no_text (element, display_name, error))
    {
      if (element->n_children > 0)
        adm_xml_set_error_at (error, display_name, element->children[0]->line,
                              _("<%s> holds nothing, not <%s>"), element->name,
                              element->children[0]->name);
      return FALSE;
    }
  if (expected == NULL || expected->id != id)
    {
      if (expected == NULL)
        adm_xml_set_error_at (error, display_name, element->line,
                              kind == ADM_JOURNAL_ENTRY_UNDO
                                ? _("action %u cannot be undone here: no action is in effect")
                                : _("action %u cannot be redone here: nothing undone can be "
                                    "redone"), id);
      else
        adm_xml_set_error_at (error, display_name, element->line,
                              kind == ADM_JOURNAL_ENTRY_UNDO
                                ? _("action %u cannot be undone here: the last action in "
                                    "effect is %u")
                                : _("action %u cannot be redone here: the action to redo is %u"),
                              id, expected->id);
      return FALSE;
    }
  g_ptr_array_set_size (from, from->len - 1);
  g_ptr_array_add (to, expected);
  expected->done = kind == ADM_JOURNAL_ENTRY_REDO;
  push_entry (self, kind, expected, time, FALSE);
  return TRUE;
}

static void
clear (AdmJournal *self)
{
  g_array_set_size (self->entries, 0);
  g_ptr_array_set_size (self->before, 0);
  g_ptr_array_set_size (self->done, 0);
  g_ptr_array_set_size (self->undone, 0);
  g_ptr_array_set_size (self->actions, 0);
  g_clear_pointer (&self->loaded, g_bytes_unref);
  self->n_loaded = 0;
  g_ptr_array_set_size (self->saved, 0);
  g_clear_pointer (&self->recovery_note, g_free);
}

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
};

AdmJournalReader *
adm_journal_reader_new (const char *display_name,
                        const char *legacy_group_kind)
{
  AdmJournalReader *reader;

  g_return_val_if_fail (display_name != NULL, NULL);

  reader = g_new0 (AdmJournalReader, 1);
  reader->journal = g_object_new (ADM_TYPE_JOURNAL, NULL);
  reader->display_name = g_strdup (display_name);
  reader->legacy_group_kind = g_strdup (legacy_group_kind);
  return reader;
}

void
adm_journal_reader_free (AdmJournalReader *reader)
{
  if (reader == NULL)
    return;
  g_object_unref (reader->journal);
  g_free (reader->display_name);
  g_free (reader->legacy_group_kind);
  g_clear_pointer (&reader->open, adm_journal_action_unref);
  g_clear_pointer (&reader->bytes, g_bytes_unref);
  g_clear_pointer (&reader->battles, g_hash_table_unref);
  g_clear_pointer (&reader->battle_ids, g_ptr_array_unref);
  g_free (reader);
}

void
adm_journal_reader_set_bytes (AdmJournalReader *reader,
                              GBytes           *bytes)
{
  g_return_if_fail (reader != NULL && bytes != NULL);

  g_clear_pointer (&reader->bytes, g_bytes_unref);
  reader->bytes = g_bytes_ref (bytes);
}

/* Files written before actions: bare events, each an action of its own or grouped after an
 * event of the reader's legacy group kind. The action is named after its first event's kind. */
static gboolean
load_legacy_event (AdmJournalReader     *reader,
                   const AdmXmlElement  *element,
                   GError              **error)
{
  g_autoptr(AdmEvent) event = event_from_element (element, reader->display_name, NULL, 0,
                                                  error);
  const char *kind;

  if (event == NULL)
    return FALSE;
  kind = adm_event_get_kind (event);
  if (reader->open != NULL && reader->legacy_group_kind != NULL &&
      !g_str_equal (kind, reader->legacy_group_kind))
    {
      g_ptr_array_add (reader->open->events, g_steal_pointer (&event));
      return TRUE;
    }
  if (reader->open != NULL)
    {
      push_loaded_action (reader->journal, reader->open);
      g_clear_pointer (&reader->open, adm_journal_action_unref);
    }
  reader->open = adm_journal_action_new (kind, adm_event_get_time (event));
  reader->open->line = adm_event_get_line (event);
  for (guint i = 0; i < adm_event_get_n_attributes (event); i++)
    {
      const char *key = adm_event_get_key_nth (event, i);

      /* The head names the action; the parameters that do are copied. */
      if (g_str_equal (key, "turn") || g_str_equal (key, "phase") ||
          g_str_equal (key, "cycle") || g_str_equal (key, "admiral") ||
          g_str_equal (key, "formation") || g_str_equal (key, "round") ||
          g_str_equal (key, "side"))
        adm_event_set (reader->open->head, key, adm_event_get_value_nth (event, i));
    }
  g_ptr_array_add (reader->open->events, g_steal_pointer (&event));
  return TRUE;
}

/* <battle engagement="ID">ENTRY</battle>: ENTRY goes to the reader of that engagement, which
 * checks it as the battle's own journal would; this journal keeps a battle entry naming it. */
static gboolean
load_battle_entry (AdmJournalReader     *reader,
                   const AdmXmlElement  *element,
                   GError              **error)
{
  const char *engagement = adm_xml_element_get (element, "engagement");
  const AdmXmlElement *inner = element->n_children == 1 ? element->children[0] : NULL;
  AdmJournalReader *battle;
  Entry entry = { ADM_JOURNAL_ENTRY_BATTLE, NULL, 0, NULL, 0, NULL, 0 };
  Entry *read;

  if (engagement == NULL || *engagement == '\0' || element->n_attributes != 1)
    {
      adm_xml_set_error_at (error, reader->display_name, element->line,
                            _("<battle> has one attribute, “engagement”, the id of the "
                              "engagement whose battle the entry is of"));
      return FALSE;
    }
  if (!check_no_text (element, reader->display_name, error))
    return FALSE;
  if (inner == NULL || !(g_str_equal (inner->name, "action") || g_str_equal (inner->name, "undo") ||
                         g_str_equal (inner->name, "redo")))
    {
      adm_xml_set_error_at (error, reader->display_name,
                            inner != NULL ? inner->line : element->line,
                            _("<battle> holds one entry of the battle’s journal (action, undo, "
                              "redo)"));
      return FALSE;
    }
  if (reader->battles == NULL)
    {
      reader->battles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify) adm_journal_reader_free);
      reader->battle_ids = g_ptr_array_new ();
    }
  battle = g_hash_table_lookup (reader->battles, engagement);
  if (battle == NULL)
    {
      char *key = g_strdup (engagement);

      battle = adm_journal_reader_new (reader->display_name, NULL);
      g_hash_table_insert (reader->battles, key, battle);
      g_ptr_array_add (reader->battle_ids, key);
    }
  if (!adm_journal_reader_add (inner, battle, error))
    return FALSE;
  read = &g_array_index (battle->journal->entries, Entry, battle->journal->entries->len - 1);
  entry.action = adm_journal_action_ref (read->action);
  entry.time = read->time;
  entry.battle_kind = read->kind;
  entry.engagement = g_strdup (engagement);
  g_array_append_val (reader->journal->entries, entry);
  return TRUE;
}

GPtrArray *
adm_journal_reader_get_battles (AdmJournalReader *reader)
{
  g_return_val_if_fail (reader != NULL, NULL);

  if (reader->battle_ids == NULL)
    reader->battle_ids = g_ptr_array_new ();
  return reader->battle_ids;
}

gboolean
adm_journal_load_battle (AdmJournal        *self,
                         AdmJournalReader  *reader,
                         const char        *engagement,
                         GError           **error)
{
  AdmJournalReader *battle;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (reader != NULL && engagement != NULL, FALSE);

  battle = reader->battles != NULL ? g_hash_table_lookup (reader->battles, engagement) : NULL;
  if (battle == NULL)
    return TRUE;
  return adm_journal_load_reader (self, battle, error);
}

/* Keeps the entry's bytes while every entry came with its own (see AdmJournalReader). */
static void
keep_source (AdmJournalReader    *reader,
             const AdmXmlElement *element)
{
  gsize size = 0, name_length = strlen (element->name);
  const char *data = reader->bytes != NULL ? g_bytes_get_data (reader->bytes, &size) : NULL;

  if (reader->not_kept)
    return;
  /* From "<name" to ">", within the data: anything else is not kept, to be safe. */
  if (data == NULL || element->source == NULL || g_str_equal (element->name, "event") ||
      element->source < data || element->source_length < name_length + 2 ||
      element->source_length > size - (gsize) (element->source - data) ||
      element->source[0] != '<' || strncmp (element->source + 1, element->name, name_length) != 0 ||
      element->source[element->source_length - 1] != '>')
    {
      reader->not_kept = TRUE;
      return;
    }
  if (reader->n_kept == 0)
    reader->kept_start = (gsize) (element->source - data);
  reader->kept_end = (gsize) (element->source - data) + element->source_length;
  reader->n_kept++;
}

gboolean
adm_journal_reader_add (const AdmXmlElement  *element,
                        gpointer              user_data,
                        GError              **error)
{
  AdmJournalReader *reader = user_data;
  AdmJournal *self;
  const char *display_name;
  gboolean ok;

  g_return_val_if_fail (reader != NULL, FALSE);

  self = reader->journal;
  display_name = reader->display_name;

  if (self->entries->len >= ADM_JOURNAL_MAX_ENTRIES)
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("the journal has more than %u entries, the most one can hold"),
                            ADM_JOURNAL_MAX_ENTRIES);
      return FALSE;
    }
  if (!check_not_foreign (element, display_name, error))
    return FALSE;
  if (g_str_equal (element->name, "event"))
    ok = load_legacy_event (reader, element, error);
  else if (reader->open != NULL)
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("a journal has either bare events or actions, not both"));
      return FALSE;
    }
  else if (g_str_equal (element->name, "action"))
    ok = load_action (self, element, display_name, error);
  else if (g_str_equal (element->name, "undo"))
    ok = load_undo_redo (self, element, ADM_JOURNAL_ENTRY_UNDO, display_name, error);
  else if (g_str_equal (element->name, "redo"))
    ok = load_undo_redo (self, element, ADM_JOURNAL_ENTRY_REDO, display_name, error);
  else if (g_str_equal (element->name, "battle"))
    ok = load_battle_entry (reader, element, error);
  else
    {
      adm_xml_set_error_at (error, display_name, element->line,
                            _("<%s> is not an entry of a journal (action, undo, redo, battle)"),
                            element->name);
      return FALSE;
    }
  if (ok)
    keep_source (reader, element);
  return ok;
}

gboolean
adm_journal_load_reader (AdmJournal        *self,
                         AdmJournalReader  *reader,
                         GError           **error)
{
  AdmJournal *read;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (reader != NULL, FALSE);

  clear (self);
  read = reader->journal;
  if (reader->open != NULL)
    {
      push_loaded_action (read, reader->open);
      g_clear_pointer (&reader->open, adm_journal_action_unref);
    }
  /* The entries change journals: the arrays are swapped, the emptied ones for the filled. */
  {
    GArray *entries = self->entries;
    GPtrArray *actions = self->actions, *done = self->done, *undone = self->undone;

    self->entries = read->entries;
    self->actions = read->actions;
    self->done = read->done;
    self->undone = read->undone;
    read->entries = entries;
    read->actions = actions;
    read->done = done;
    read->undone = undone;
  }
  if (!reader->not_kept && reader->n_kept > 0 && reader->n_kept == self->entries->len)
    {
      self->loaded = g_bytes_new_from_bytes (reader->bytes, reader->kept_start,
                                             reader->kept_end - reader->kept_start);
      self->n_loaded = reader->n_kept;
    }
  if (!adm_journal_replay (self, reader->display_name, error))
    {
      clear (self);
      self->reset (self->owner);
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_journal_load (AdmJournal  *self,
                  xmlNode     *node,
                  const char  *display_name,
                  const char  *legacy_group_kind,
                  GError     **error)
{
  g_autoptr(AdmJournalReader) reader = NULL;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (node != NULL && display_name != NULL, FALSE);

  reader = adm_journal_reader_new (display_name, legacy_group_kind);
  if (!adm_xml_foreach_child (node, display_name, adm_journal_reader_add, reader, error))
    {
      clear (self);
      self->reset (self->owner);
      return FALSE;
    }
  return adm_journal_load_reader (self, reader, error);
}

/* Appends "<journal>…</journal>" to @out; *@journal_end is where "  </journal>" begins in
 * @out, or 0 for an empty journal ("<journal/>", which nothing is appended to). */
static void
write_journal (AdmJournal *self,
               GString    *out,
               gsize      *journal_end)
{
  gsize needed;
  guint i = 0;

  *journal_end = 0;
  if (self->entries->len == 0)
    {
      g_string_append (out, "  <journal/>\n");
      return;
    }
  for (guint e = self->n_loaded; e < self->entries->len; e++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, e);

      if (entry->xml == NULL)
        entry_serialize (entry);
    }
  /* One allocation for a journal of megabytes, not one for each doubling. */
  needed = out->len + (self->loaded != NULL ? g_bytes_get_size (self->loaded) : 0) + 64;
  for (guint e = self->n_loaded; e < self->entries->len; e++)
    needed += g_array_index (self->entries, Entry, e).length;
  if (needed >= out->allocated_len)
    {
      gsize len = out->len;

      g_string_set_size (out, needed);
      g_string_truncate (out, len);
    }

  g_string_append (out, "  <journal>\n");
  if (self->loaded != NULL)
    {
      gsize size;
      const char *loaded = g_bytes_get_data (self->loaded, &size);

      g_string_append (out, "    ");
      g_string_append_len (out, loaded, (gssize) size);
      g_string_append_c (out, '\n');
      i = self->n_loaded;
    }
  for (; i < self->entries->len; i++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, i);

      g_string_append_len (out, entry->xml, (gssize) entry->length);
    }
  *journal_end = out->len;
  g_string_append (out, "  </journal>\n");
}

void
adm_journal_write (AdmJournal *self,
                   GString    *out)
{
  gsize journal_end;

  g_return_if_fail (ADM_IS_JOURNAL (self));
  write_journal (self, out, &journal_end);
}

static SavedFile *
find_saved (AdmJournal *self,
            const char *path)
{
  for (guint i = 0; i < self->saved->len; i++)
    {
      SavedFile *saved = g_ptr_array_index (self->saved, i);

      if (g_str_equal (saved->path, path))
        return saved;
    }
  return NULL;
}

/* The entries recorded since @saved, the closing of the journal and the tail: what goes at
 * saved->journal_end. NULL when the file cannot simply be added to. */
static GString *
appended_part (AdmJournal *self,
               SavedFile  *saved,
               const char *tail,
               gsize       tail_length)
{
  GString *out;
  gsize needed = tail_length + 16;

  if (saved->journal_end == 0 || saved->n_entries > self->entries->len ||
      saved->n_entries < self->n_loaded)
    return NULL;
  for (guint e = saved->n_entries; e < self->entries->len; e++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, e);

      if (entry->xml == NULL)
        return NULL;
      needed += entry->length;
    }
  out = g_string_sized_new (needed);
  for (guint e = saved->n_entries; e < self->entries->len; e++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, e);

      g_string_append_len (out, entry->xml, (gssize) entry->length);
    }
  g_string_append (out, "  </journal>\n");
  g_string_append_len (out, tail, (gssize) tail_length);
  return out;
}

gboolean
adm_journal_save (AdmJournal           *self,
                  const char           *path,
                  const char           *extension,
                  AdmJournalSaveFlags   flags,
                  const char           *head,
                  gsize                 head_length,
                  const char           *tail,
                  gsize                 tail_length,
                  GError              **error)
{
  SavedFile *saved;
  g_autoptr(GString) out = NULL;
  gsize journal_end;
  gboolean ok;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (path != NULL && head != NULL && tail != NULL, FALSE);

  saved = find_saved (self, path);
  if ((flags & ADM_JOURNAL_SAVE_GUARD) && saved != NULL &&
      !adm_file_check_stamp (path, &saved->stamp, error))
    return FALSE;
  /* Only what was recorded since goes to the file: the entries after the last one it holds,
   * then the journal's closing and the tail, written over the old closing. The head must be
   * as it was, but for bytes changed in place (a counter kept at a fixed width). */
  if (saved != NULL && saved->head_length == head_length)
    {
      g_autoptr(GString) added = appended_part (self, saved, tail, tail_length);
      gsize first = 0, last = head_length;

      if (memcmp (head, saved->head, head_length) == 0)
        first = last = head_length;
      while (first < head_length && head[first] == saved->head[first])
        first++;
      while (last > first && head[last - 1] == saved->head[last - 1])
        last--;
      if (added != NULL &&
          adm_file_write_in_place (path, &saved->stamp, first, first < last ? head + first : NULL,
                                   last - first, saved->journal_end, added->str, added->len,
                                   NULL))
        {
          memcpy (saved->head + first, head + first, last - first);
          saved->journal_end += added->len - tail_length - strlen ("  </journal>\n");
          saved->n_entries = self->entries->len;
          g_free (saved->tail);
          saved->tail = g_memdup2 (tail, tail_length);
          saved->tail_length = tail_length;
          return TRUE;
        }
    }

  /* Otherwise the whole file, atomically: the first save, a head that changed, a file changed
   * by something else, one an append could not be written into. */
  if (saved != NULL)
    g_ptr_array_remove_fast (self->saved, saved);
  out = g_string_sized_new (head_length + tail_length + 64);
  g_string_append_len (out, head, (gssize) head_length);
  write_journal (self, out, &journal_end);
  g_string_append_len (out, tail, (gssize) tail_length);
  if (flags & ADM_JOURNAL_SAVE_BACKUPS)
    ok = adm_file_write_atomically (path, extension, out->str, out->len, error);
  else
    ok = adm_file_write_replacing (path, out->str, out->len, error);
  if (!ok)
    return FALSE;

  saved = g_new0 (SavedFile, 1);
  if (!adm_file_get_stamp (path, &saved->stamp))
    {
      /* Written, but not to be added to: the next save writes it whole. */
      g_free (saved);
      return TRUE;
    }
  saved->path = g_strdup (path);
  saved->head = g_memdup2 (head, head_length);
  saved->head_length = head_length;
  saved->tail = g_memdup2 (tail, tail_length);
  saved->tail_length = tail_length;
  saved->journal_end = journal_end;
  saved->n_entries = self->entries->len;
  /* A few files at most: the file itself and its second copy. */
  if (self->saved->len >= 4)
    g_ptr_array_remove_index (self->saved, 0);
  g_ptr_array_add (self->saved, saved);
  return TRUE;
}

void
adm_journal_note_file (AdmJournal         *self,
                       const char         *path,
                       const AdmFileStamp *stamp)
{
  SavedFile *saved;

  g_return_if_fail (ADM_IS_JOURNAL (self));
  g_return_if_fail (path != NULL && stamp != NULL);

  saved = find_saved (self, path);
  if (saved != NULL)
    g_ptr_array_remove_fast (self->saved, saved);
  /* Known, but not to be added to: its head is not known, so its first save writes it whole. */
  saved = g_new0 (SavedFile, 1);
  saved->path = g_strdup (path);
  saved->stamp = *stamp;
  if (self->saved->len >= 4)
    g_ptr_array_remove_index (self->saved, 0);
  g_ptr_array_add (self->saved, saved);
}

gboolean
adm_journal_check_file (AdmJournal  *self,
                        const char  *path,
                        GError     **error)
{
  SavedFile *saved;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  saved = find_saved (self, path);
  return saved == NULL || adm_file_check_stamp (path, &saved->stamp, error);
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
adm_journal_dup_events (AdmJournal *self)
{
  GPtrArray *events;

  g_return_val_if_fail (ADM_IS_JOURNAL (self), NULL);

  events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  for (guint i = 0; i < self->done->len; i++)
    {
      AdmJournalAction *action = g_ptr_array_index (self->done, i);

      for (guint e = 0; e < action->events->len; e++)
        g_ptr_array_add (events, adm_event_ref (g_ptr_array_index (action->events, e)));
    }
  return events;
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

/* Files whose end was cut */

typedef struct {
  const char *data;
  gsize       end;        /* just after the last complete entry, or 0 */
  guint       n;
  gboolean    legacy;     /* a bare <event>: a file of before actions, never added to */
} CutScan;

static gboolean
cut_scan_add (const AdmXmlElement  *element,
              gpointer              user_data,
              GError              **error)
{
  CutScan *scan = user_data;

  if (!g_str_equal (element->name, "action") && !g_str_equal (element->name, "undo") &&
      !g_str_equal (element->name, "redo") && !g_str_equal (element->name, "battle"))
    scan->legacy = TRUE;
  if (element->source == NULL || element->source < scan->data)
    return TRUE;
  scan->end = (gsize) (element->source - scan->data) + element->source_length;
  scan->n++;
  return TRUE;
}

GBytes *
adm_journal_repair_cut (const char  *data,
                        gsize        length,
                        const char  *display_name,
                        const char  *root,
                        int         *line)
{
  g_autofree char *closing = NULL;
  g_autoptr(GError) stream_error = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  CutScan scan = { data, 0, 0, FALSE };
  const char *rest, *journal_closing;
  gsize scan_length = length, rest_length, closing_length;
  GString *repaired;

  g_return_val_if_fail (data != NULL && display_name != NULL && root != NULL, NULL);

  closing = g_strdup_printf ("</%s>", root);
  closing_length = strlen (closing);
  /* Up to the last ">" before any NUL (a file extended by a save that never reached the disk
   * reads as zeros): a cut in the middle of a character is no reason to read nothing. */
  for (gsize i = 0; i < scan_length; i++)
    if (data[i] == '\0')
      scan_length = i;
  while (scan_length > 0 && data[scan_length - 1] != '>')
    scan_length--;
  if (scan_length == 0)
    return NULL;
  doc = adm_xml_read_memory_streamed (data, scan_length, display_name, NULL, "journal",
                                      cut_scan_add, &scan, &stream_error, &error);
  /* Only a journal of actions was ever added to in place: an older file cut short is not
   * one whose last save was interrupted. */
  if (doc != NULL || scan.n == 0 || scan.legacy)
    return NULL;

  /* What follows the last complete entry must be the part of an entry being added, or of the
   * journal's closing and the file's: never a closed journal followed by anything else (a file
   * damaged elsewhere, or something after its journal that would be lost). */
  rest = data + scan.end;
  rest_length = length - scan.end;
  while (rest_length > 0 && rest[rest_length - 1] == '\0')
    rest_length--;
  if (g_strstr_len (rest, (gssize) rest_length, closing) != NULL)
    return NULL;
  journal_closing = g_strstr_len (rest, (gssize) rest_length, "</journal>");
  if (journal_closing != NULL)
    {
      const char *p = journal_closing + strlen ("</journal>");
      gsize left = rest_length - (gsize) (p - rest);

      while (left > 0 && g_ascii_isspace (*p))
        p++, left--;
      if (left >= closing_length || strncmp (p, closing, left) != 0)
        return NULL;
    }

  repaired = g_string_sized_new (scan.end + 64);
  g_string_append_len (repaired, data, (gssize) scan.end);
  g_string_append_printf (repaired, "\n  </journal>\n%s\n", closing);
  if (line != NULL)
    {
      *line = 1;
      for (gsize i = 0; i < scan.end; i++)
        *line += data[i] == '\n';
    }
  return g_string_free_to_bytes (repaired);
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
