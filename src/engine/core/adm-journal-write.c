/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal-write.c: the journal written: each entry serialised once, when it is recorded;
 * the file saved whole, or only the entries recorded since added at its end (adm-journal.h). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-file.h"
#include "adm-journal-private.h"

void
_adm_journal_saved_file_free (gpointer data)
{
  SavedFile *saved = data;

  g_free (saved->path);
  g_free (saved->head);
  g_free (saved->tail);
  g_free (saved);
}

/* The entry's XML, indented to sit inside <journal>, in *@length bytes, as libxml2's
 * xmlNodeDump () (…, level 2, formatted) writes the entry's nodes. An event of the entry's time
 * does not say it again: the action says it once. */
char *
_adm_journal_serialize_entry (AdmJournalEntryKind  kind,
                              AdmJournalAction    *action,
                              gint64               time,
                              const char          *origin,
                              const char          *digest,
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
  if (origin != NULL)
    xmlNewProp (node, (const xmlChar *) "origin", (const xmlChar *) origin);
  if (digest != NULL)
    xmlNewProp (node, (const xmlChar *) "digest", (const xmlChar *) digest);
  buffer = xmlBufferCreate ();
  if (buffer == NULL || xmlNodeDump (buffer, doc, node, 2, 1) < 0)
    g_error ("Out of memory writing a journal entry");
  text = g_strdup_printf ("    %s\n", (const char *) xmlBufferContent (buffer));
  *length = strlen (text);
  xmlBufferFree (buffer);
  return text;
}

/* A battle entry: the battle's entry @inner (as _adm_journal_serialize_entry () writes it) inside
 * <battle engagement="…">, on the same line, so that the battle's own text is kept whole; the
 * seal, which is the campaign's, on the <battle>. */
char *
_adm_journal_serialize_battle_entry (const char *engagement,
                                     const char *inner,
                                     gsize       length,
                                     const char *origin,
                                     const char *digest)
{
  g_autofree char *id = g_markup_escape_text (engagement, -1);
  GString *out = g_string_sized_new (length + 200);

  while (length > 0 && (*inner == ' ' || *inner == '\n'))
    inner++, length--;
  while (length > 0 && inner[length - 1] == '\n')
    length--;
  g_string_append_printf (out, "    <battle engagement=\"%s\"", id);
  /* Hexadecimal digits: nothing to escape. */
  if (origin != NULL)
    g_string_append_printf (out, " origin=\"%s\"", origin);
  if (digest != NULL)
    g_string_append_printf (out, " digest=\"%s\"", digest);
  g_string_append_c (out, '>');
  g_string_append_len (out, inner, (gssize) length);
  g_string_append (out, "</battle>\n");
  return g_string_free (out, FALSE);
}

void
_adm_journal_entry_serialize (Entry *entry)
{
  if (entry->kind == ADM_JOURNAL_ENTRY_BATTLE)
    {
      gsize length;
      g_autofree char *inner = _adm_journal_serialize_entry (entry->battle_kind, entry->action,
                                                             entry->time, NULL, NULL, &length);

      entry->xml = _adm_journal_serialize_battle_entry (entry->engagement, inner, length,
                                                        entry->origin,
                                                        entry->sealed ? entry->chain : NULL);
      entry->length = strlen (entry->xml);
    }
  else
    entry->xml = _adm_journal_serialize_entry (entry->kind, entry->action, entry->time,
                                               entry->origin, entry->sealed ? entry->chain : NULL,
                                               &entry->length);
}

/* The bytes write_journal () appends, at most: every entry serialised first. */
static gsize
journal_length (AdmJournal *self)
{
  gsize needed = (self->loaded != NULL ? g_bytes_get_size (self->loaded) : 0) + 64;

  for (guint e = self->n_loaded; e < self->entries->len; e++)
    {
      Entry *entry = &g_array_index (self->entries, Entry, e);

      if (entry->xml == NULL)
        _adm_journal_entry_serialize (entry);
      needed += entry->length;
    }
  return needed;
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
  /* One allocation for a journal of megabytes, not one for each doubling. */
  needed = out->len + journal_length (self);
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
  guint64 ticket = 0;
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
                                   (flags & ADM_JOURNAL_SAVE_FLUSH_LATER) ? &ticket : NULL,
                                   NULL))
        {
          self->last_flush = ticket;
          self->last_whole = FALSE;
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
  /* The file in one allocation: a large block's reallocation copies it and has the allocator
   * gather its free blocks again, which costs a frame for a file of megabytes. */
  out = g_string_sized_new (head_length + journal_length (self) + tail_length);
  g_string_append_len (out, head, (gssize) head_length);
  write_journal (self, out, &journal_end);
  g_string_append_len (out, tail, (gssize) tail_length);
  /* With backups, the flush may be left to the flusher: backup 1 is the file before. */
  if (flags & ADM_JOURNAL_SAVE_BACKUPS)
    ok = adm_file_write_atomically_full (path, extension, out->str, out->len,
                                         (flags & ADM_JOURNAL_SAVE_FLUSH_LATER) ? &ticket : NULL,
                                         error);
  else
    ok = adm_file_write_replacing (path, out->str, out->len, error);
  if (!ok)
    return FALSE;
  self->last_flush = ticket;
  self->last_whole = TRUE;

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

guint64
adm_journal_get_last_flush (AdmJournal *self,
                            gboolean   *whole)
{
  g_return_val_if_fail (ADM_IS_JOURNAL (self), 0);

  if (whole != NULL)
    *whole = self->last_whole;
  return self->last_flush;
}

void
adm_journal_forget_file (AdmJournal *self,
                         const char *path)
{
  SavedFile *saved;

  g_return_if_fail (ADM_IS_JOURNAL (self));
  g_return_if_fail (path != NULL);

  saved = find_saved (self, path);
  if (saved != NULL)
    g_ptr_array_remove (self->saved, saved);
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

