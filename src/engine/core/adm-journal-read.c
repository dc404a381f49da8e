/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal-read.c: a journal loaded from what an AdmJournalReader read, or from a tree, and
 * a file whose end was cut opened at its last complete entry (adm-journal.h). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-journal-private.h"
#include "adm-xml.h"

static void
clear (AdmJournal *self)
{
  _adm_journal_entries_dropped (self);
  self->undone_stale = FALSE;
  g_array_set_size (self->entries, 0);
  g_ptr_array_set_size (self->before, 0);
  g_ptr_array_set_size (self->done, 0);
  g_ptr_array_set_size (self->undone, 0);
  g_ptr_array_set_size (self->actions, 0);
  g_clear_pointer (&self->loaded, g_bytes_unref);
  self->n_loaded = 0;
  g_ptr_array_set_size (self->saved, 0);
  g_clear_pointer (&self->recovery_note, g_free);
  self->origin_entry = 0;
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
      _adm_journal_push_loaded_action (read, reader->open);
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
    _adm_journal_entries_dropped (self);
  }
  self->origin_entry = read->origin_entry;
  self->origin_line = read->origin_line;
  read->origin_entry = 0;
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
      /* A campaign's seal of its end (<sealed …/>, adm-campaign.c) is written with the closing:
       * the repaired file goes without it, ending at the last complete entry. */
      if (left > 0 && strncmp (p, "<sealed", MIN (left, strlen ("<sealed"))) == 0)
        {
          const char *end = memchr (p, '>', left);

          left = end != NULL ? left - (gsize) (end + 1 - p) : 0;
          p = end != NULL ? end + 1 : p + left;
          while (left > 0 && g_ascii_isspace (*p))
            p++, left--;
        }
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

