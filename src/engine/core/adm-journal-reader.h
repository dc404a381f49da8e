/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal-reader.h: a journal being read while its file is parsed (adm-journal.h). */
#pragma once

#include <glib.h>

#include "adm-xml.h"

G_BEGIN_DECLS

/* A journal being read while its file is parsed (adm_xml_read_memory_streamed ()), so that
 * a long one is never a document tree: adm_journal_reader_add () checks each entry as it
 * comes, as adm_journal_load () does, and adm_journal_load_reader () then takes the entries
 * and replays them. Errors are those of adm_journal_load (), with their lines. */
typedef struct _AdmJournalReader AdmJournalReader;
AdmJournalReader *adm_journal_reader_new        (const char       *display_name,
                                                 const char       *legacy_group_kind) G_GNUC_WARN_UNUSED_RESULT;
void              adm_journal_reader_free       (AdmJournalReader *reader);
/* The data being parsed: the entries read from it are kept as they are there and written back
 * so when nothing else is (a reference to @bytes, no copy). */
void              adm_journal_reader_set_bytes  (AdmJournalReader *reader,
                                                 GBytes           *bytes);
/* The journal read is a sealed one (adm_journal_seal ()): each entry's chain is worked out as
 * it is read, an entry whose "digest" is not its chain is refused (it was changed after it
 * was recorded), and so is one without a digest after one with (it was added by hand); an
 * "origin" is taken from the first entry that holds one. Entries of a file written before
 * journals were sealed carry neither, and are read as they are. */
void              adm_journal_reader_set_sealed (AdmJournalReader *reader);
/* The origin the entries read so far record, and in *@line its entry's line; NULL when none
 * does. */
const char       *adm_journal_reader_get_origin (AdmJournalReader *reader,
                                                 int              *line);
/* The entries read so far. */
guint             adm_journal_reader_get_n_entries (AdmJournalReader *reader);
/* An AdmXmlElementFunc: @user_data is the reader. */
gboolean          adm_journal_reader_add        (const AdmXmlElement *element,
                                                 gpointer          user_data,
                                                 GError          **error);
/* The engagements of the <battle> entries read (char*, borrowed), in the order first met: a
 * reader hands each one's entries to a reader of that engagement's own, with the same checks
 * and lines (adm_journal_load_battle ()). */
GPtrArray        *adm_journal_reader_get_battles (AdmJournalReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmJournalReader, adm_journal_reader_free)

G_END_DECLS
