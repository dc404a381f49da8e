/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-journal-reader.c: a journal's entries read and checked one by one, as its file is parsed
 * or from a tree (adm-journal-reader.h). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-journal-private.h"
#include "adm-xml.h"

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

/* The attributes of an action that are not its head's parameters: its number, and the seal
 * (adm_journal_seal ()). */
static const char * const action_own[] = { "id", "origin", "digest", NULL };

/* The event of kind @kind that @element is: its attributes but "time", "kind", @named (the
 * attribute that gave the kind) and those of @also (NULL-terminated, or NULL), and its text
 * when @with_text. */
static AdmEvent *
event_read (const char          *kind,
            const AdmXmlElement *element,
            const char          *named,
            const char * const  *also,
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
          (also != NULL && g_strv_contains (also, name)))
        continue;
      adm_event_set (event, name, element->attributes[2 * i + 1]);
    }
  if (with_text && element->text_length > 0)
    adm_event_set_text (event, element->text);
  return event;
}

/* An <event>: its kind, its time, its parameters and its text. An event of an action takes
 * the time read for the action (@action_time_text, @action_time; NULL when none) when it has
 * none of its own or the same. */
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
  action->head = event_read (what, element, "what", action_own, FALSE, 0, time);
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
  _adm_journal_push_loaded_action (self, action);
  return TRUE;
}

static gboolean
load_undo_redo (AdmJournal           *self,
                const AdmXmlElement  *element,
                AdmJournalEntryKind   kind,
                const char           *display_name,
                GError              **error)
{
  AdmJournalAction *expected = kind == ADM_JOURNAL_ENTRY_UNDO
                                 ? adm_journal_get_undo_action (self)
                                 : adm_journal_get_redo_action (self);
  guint id;
  gint64 time;

  if (!read_action_id (element, "action", display_name, MAX (self->actions->len, 1), &id,
                       error) ||
      !read_time (element, display_name, &time, error))
    return FALSE;
  for (guint i = 0; i < element->n_attributes; i++)
    {
      const char *name = element->attributes[2 * i];

      if (!g_str_equal (name, "action") && !g_str_equal (name, "time") &&
          !g_str_equal (name, "origin") && !g_str_equal (name, "digest"))
        {
          adm_xml_set_error_at (error, display_name, element->line,
                                _("<%s> has the attributes “action”, “time”, “origin” and "
                                  "“digest” only, not “%s”"),
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
  _adm_journal_move (self, kind, expected, time, FALSE);
  return TRUE;
}


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
      _adm_journal_push_loaded_action (reader->journal, reader->open);
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
  Entry entry = { ADM_JOURNAL_ENTRY_BATTLE, NULL, 0, NULL, 0, NULL, 0, "", FALSE, NULL };
  Entry *read;
  guint sealing = (adm_xml_element_get (element, "origin") != NULL) +
                  (adm_xml_element_get (element, "digest") != NULL);

  if (engagement == NULL || *engagement == '\0' || element->n_attributes != 1 + sealing)
    {
      adm_xml_set_error_at (error, reader->display_name, element->line,
                            _("<battle> has the attribute “engagement”, the id of the "
                              "engagement whose battle the entry is of, and no others but "
                              "“origin” and “digest”"));
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
  if (reader->sealed)
    _adm_journal_chain (reader->journal, reader->journal->entries->len, &entry);
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

void
adm_journal_reader_set_sealed (AdmJournalReader *reader)
{
  g_return_if_fail (reader != NULL);

  reader->sealed = TRUE;
  /* Each entry's chain is worked out as it is pushed (_adm_journal_push_entry ()). */
  reader->journal->sealing = TRUE;
}

const char *
adm_journal_reader_get_origin (AdmJournalReader *reader,
                               int              *line)
{
  g_return_val_if_fail (reader != NULL, NULL);
  return adm_journal_get_origin (reader->journal, line);
}

guint
adm_journal_reader_get_n_entries (AdmJournalReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->journal->entries->len + (reader->open != NULL);
}

static gboolean
is_sha256 (const char *text)
{
  guint n = 0;

  while (g_ascii_isxdigit (text[n]) && !g_ascii_isupper (text[n]))
    n++;
  return n == 64 && text[n] == '\0';
}

/* The seal of the entry just read from @element (adm_journal_reader_set_sealed ()). */
static gboolean
check_seal (AdmJournalReader     *reader,
            const AdmXmlElement  *element,
            GError              **error)
{
  AdmJournal *journal = reader->journal;
  Entry *entry = &g_array_index (journal->entries, Entry, journal->entries->len - 1);
  const char *origin = adm_xml_element_get (element, "origin");
  const char *digest = adm_xml_element_get (element, "digest");

  if ((origin != NULL && !is_sha256 (origin)) || (digest != NULL && !is_sha256 (digest)))
    {
      adm_xml_set_error_at (error, reader->display_name, element->line,
                            _("<%s> “%s” must be a SHA-256, 64 hexadecimal digits in lower "
                              "case"), element->name, origin != NULL && !is_sha256 (origin)
                                                        ? "origin" : "digest");
      return FALSE;
    }
  if (origin != NULL && journal->origin_entry != 0)
    {
      adm_xml_set_error_at (error, reader->display_name, element->line,
                            _("only one entry of a journal records its origin; the entry at "
                              "line %d already does"), journal->origin_line);
      return FALSE;
    }
  if (origin != NULL)
    {
      /* The origin is part of what the entry holds: its chain is worked out again. */
      entry->origin = g_strdup (origin);
      journal->origin_entry = journal->entries->len;
      journal->origin_line = element->line;
      _adm_journal_chain (journal, journal->entries->len - 1, entry);
    }
  if (digest == NULL && (reader->first_sealed_line != 0 || origin != NULL))
    {
      adm_xml_set_error_at (error, reader->display_name, element->line,
                            _("this journal entry was added by hand after the campaign began "
                              "(it has no digest, as every entry does from line %d on): record "
                              "a correction instead"),
                            reader->first_sealed_line != 0 ? reader->first_sealed_line
                                                           : element->line);
      return FALSE;
    }
  if (digest == NULL)
    return TRUE;
  if (strcmp (digest, entry->chain) != 0)
    {
      adm_xml_set_error_at (error, reader->display_name, element->line,
                            _("this journal entry, or one before it, was changed after the "
                              "campaign began (it no longer matches its digest): record a "
                              "correction instead"));
      return FALSE;
    }
  if (reader->first_sealed_line == 0)
    reader->first_sealed_line = element->line;
  entry->sealed = TRUE;
  return TRUE;
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
  if (ok && reader->sealed && !g_str_equal (element->name, "event"))
    ok = check_seal (reader, element, error);
  if (ok)
    keep_source (reader, element);
  return ok;
}
