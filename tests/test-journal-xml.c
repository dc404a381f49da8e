/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-journal-xml.c: the journal's entries are written straight into a string (issue 20) —
 * the same bytes, hostile texts included, as libxml2's nodes dumped by xmlNodeDump () wrote
 * them before, and the same values when libxml2 reads them back. The libxml2 writer is kept
 * here alone, as the reference. */

#include "config.h"

#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "admiralty-engine.h"
#include "battle-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* ---- The reference: the journal's writer as it was, on libxml2's nodes ---- */

static char *
reference_time (gint64 time)
{
  g_autoptr(GDateTime) dt = g_date_time_new_from_unix_utc (time);

  if (dt == NULL)
    return g_strdup ("1970-01-01T00:00:00Z");
  /* The year with four digits, as xsd:dateTime requires ("0217"; GDateTime's %Y writes
   * "217"). */
  return g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ", g_date_time_get_year (dt),
                          g_date_time_get_month (dt), g_date_time_get_day_of_month (dt),
                          g_date_time_get_hour (dt), g_date_time_get_minute (dt),
                          g_date_time_get_second (dt));
}

static void
reference_event (const AdmEvent *event,
                 xmlNode        *parent)
{
  g_autofree char *time = reference_time (adm_event_get_time (event));
  xmlNode *node = xmlNewChild (parent, NULL, (const xmlChar *) "event", NULL);

  xmlNewProp (node, (const xmlChar *) "kind", (const xmlChar *) adm_event_get_kind (event));
  xmlNewProp (node, (const xmlChar *) "time", (const xmlChar *) time);
  for (guint i = 0; i < adm_event_get_n_attributes (event); i++)
    xmlNewProp (node, (const xmlChar *) adm_event_get_key_nth (event, i),
                (const xmlChar *) adm_event_get_value_nth (event, i));
  if (adm_event_get_text (event) != NULL)
    xmlAddChild (node, xmlNewText ((const xmlChar *) adm_event_get_text (event)));
}

static void
reference_entry (GString             *out,
                 AdmJournalEntryKind  kind,
                 AdmJournalAction    *action,
                 gint64               time)
{
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlNode *node = xmlNewNode (NULL, (const xmlChar *) adm_journal_entry_kind_to_string (kind));
  g_autofree char *time_text = adm_journal_format_time (time);
  AdmEvent *head = adm_journal_action_get_head (action);
  GPtrArray *events = adm_journal_action_get_events (action);
  char number[24];
  xmlBuffer *buffer;

  xmlDocSetRootElement (doc, node);
  g_snprintf (number, sizeof number, "%u", adm_journal_action_get_id (action));
  if (kind == ADM_JOURNAL_ENTRY_ACTION)
    {
      xmlNewProp (node, (const xmlChar *) "id", (const xmlChar *) number);
      xmlNewProp (node, (const xmlChar *) "what", (const xmlChar *) adm_event_get_kind (head));
      xmlNewProp (node, (const xmlChar *) "time", (const xmlChar *) time_text);
      for (guint i = 0; i < adm_event_get_n_attributes (head); i++)
        xmlNewProp (node, (const xmlChar *) adm_event_get_key_nth (head, i),
                    (const xmlChar *) adm_event_get_value_nth (head, i));
      for (guint i = 0; i < events->len; i++)
        reference_event (g_ptr_array_index (events, i), node);
    }
  else
    {
      xmlNewProp (node, (const xmlChar *) "action", (const xmlChar *) number);
      xmlNewProp (node, (const xmlChar *) "time", (const xmlChar *) time_text);
    }
  buffer = xmlBufferCreate ();
  g_assert_nonnull (buffer);
  g_assert_cmpint (xmlNodeDump (buffer, doc, node, 2, 1), >=, 0);
  g_string_append_printf (out, "    %s\n", (const char *) xmlBufferContent (buffer));
  xmlBufferFree (buffer);
}

/* What adm_journal_write () wrote for a journal recorded (not loaded). */
static char *
reference_journal (AdmJournal *journal)
{
  GString *out = g_string_new (NULL);
  guint n = adm_journal_get_n_entries (journal);

  if (n == 0)
    {
      g_string_append (out, "  <journal/>\n");
      return g_string_free (out, FALSE);
    }
  g_string_append (out, "  <journal>\n");
  for (guint i = 0; i < n; i++)
    {
      AdmJournalEntryKind kind = adm_journal_get_entry_kind (journal, i);
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      gint64 time = adm_journal_get_entry_time (journal, i);

      if (kind == ADM_JOURNAL_ENTRY_BATTLE)
        {
          g_autoptr(GString) inner = g_string_new (NULL);
          g_autofree char *id = g_markup_escape_text (adm_journal_get_entry_engagement (journal,
                                                                                        i), -1);

          reference_entry (inner, adm_journal_get_entry_battle_kind (journal, i), action, time);
          g_strstrip (inner->str);
          g_string_append_printf (out, "    <battle engagement=\"%s\">%s</battle>\n", id,
                                  inner->str);
        }
      else
        reference_entry (out, kind, action, time);
    }
  g_string_append (out, "  </journal>\n");
  return g_string_free (out, FALSE);
}

static void
assert_written_as_reference (AdmJournal *journal)
{
  g_autofree char *want = reference_journal (journal);
  g_autoptr(GString) got = g_string_new (NULL);

  adm_journal_write (journal, got);
  /* Line by line first, so that a difference names its line. */
  {
    g_auto(GStrv) want_lines = g_strsplit (want, "\n", -1);
    g_auto(GStrv) got_lines = g_strsplit (got->str, "\n", -1);

    for (guint i = 0; want_lines[i] != NULL && got_lines[i] != NULL; i++)
      g_assert_cmpstr (got_lines[i], ==, want_lines[i]);
  }
  g_assert_cmpstr (got->str, ==, want);
}

/* ---- A journal whose actions are all accepted ---- */

static void
accept_reset (gpointer owner)
{
}

static gboolean
accept_apply (gpointer                owner,
              const AdmJournalAction *action,
              GError                **error)
{
  return TRUE;
}

/* Every character the journal allows (adm_xml_first_bad_char ()): tab, newline and carriage
 * return of the controls, all of printable ASCII, and characters past it of two, three and
 * four bytes, next to one another and next to the ones written as entities. */
static const char *const hostile[] = {
  "\t\n\r",
  "a\tb\nc\rd",
  "\r\n\r\n",
  "\"quoted\" and 'single'",
  "&amp; & &#10; &lt;",
  "<event kind=\"x\"/>",
  "]]> ]]&gt; <![CDATA[x]]>",
  "Барраяр — «Комарр»",
  "é日\xf0\x9f\x98\x80\xef\xbf\xbd\xee\x80\x80\xf4\x8f\xbf\xbd",
  "\xc2\x80\xc2\xa0\xe2\x80\xa8\xed\x9f\xbf",
  "  leading and trailing  ",
  "",
  " ",
  "-->",
  "a\"<&>'\t\n\r\xc3\xa9z",
};

/* The printable ASCII characters, the three controls the journal allows and a few
 * characters past ASCII, in a string of @length characters drawn by @rand. */
static char *
random_text (GRand *rand,
             guint  length)
{
  static const char *const pieces[] = { "\t", "\n", "\r", "\xc3\xa9", "\xd0\xaf", "\xe6\x97\xa5",
                                        "\xe2\x80\x94", "\xf0\x9f\x98\x80", "&", "<", ">",
                                        "\"", "'", "]]>" };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < length; i++)
    {
      if (g_rand_int_range (rand, 0, 3) == 0)
        g_string_append (out, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      else
        g_string_append_c (out, (char) g_rand_int_range (rand, 0x20, 0x7f));
    }
  return g_string_free (out, FALSE);
}

static AdmJournal *
hostile_journal (void)
{
  AdmJournal *journal = adm_journal_new (NULL, accept_reset, accept_apply, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  g_autoptr(GError) error = NULL;

  for (guint a = 0; a < G_N_ELEMENTS (hostile); a++)
    {
      AdmJournalAction *action = adm_journal_action_new (a % 2 == 0 ? "resolve-phase" : "edit",
                                                         T0 + a);
      AdmEvent *head = adm_journal_action_get_head (action);

      adm_event_set (head, "note", hostile[a]);
      adm_event_set (head, "plain", "x");
      /* An action with no events is written <action …/>. */
      for (guint e = 0; a > 0 && e < G_N_ELEMENTS (hostile); e++)
        {
          g_autoptr(AdmEvent) event = adm_event_new (a == 1 ? "kind & <kind>" : "roll",
                                                     T0 + 60 * (gint64) e);
          g_autofree char *random = random_text (rand, 1 + g_rand_int_range (rand, 0, 40));
          g_autofree char *long_value = random_text (rand, 5000);

          adm_event_set (event, "value", hostile[e]);
          adm_event_set (event, "other", hostile[(a + e) % G_N_ELEMENTS (hostile)]);
          adm_event_set (event, "random", random);
          if (e % 3 == 0)
            adm_event_set (event, "long", long_value);
          /* Text set is stripped; empty text is none (<event …/>). */
          if (e % 2 == 0)
            adm_event_set_text (event, hostile[(a * 7 + e) % G_N_ELEMENTS (hostile)]);
          else if (e % 5 == 1)
            adm_event_set_text (event, random);
          adm_journal_action_add_event (action, event);
        }
      g_assert_true (adm_journal_record (journal, action, &error));
      g_assert_no_error (error);
      adm_journal_action_unref (action);
    }
  /* Undo and redo entries: <undo action="N" time="…"/>. */
  g_assert_true (adm_journal_undo (journal, T0 + 1000, &error));
  g_assert_no_error (error);
  g_assert_true (adm_journal_undo (journal, T0 + 1001, &error));
  g_assert_no_error (error);
  g_assert_true (adm_journal_redo (journal, T0 + 1002, &error));
  g_assert_no_error (error);
  return journal;
}

static void
test_hostile_as_libxml2 (void)
{
  g_autoptr(AdmJournal) journal = NULL;

  g_test_summary ("A journal's entries holding every control the journal allows, quotes, "
                  "ampersands, ]]>, characters past ASCII and long values are written the "
                  "same bytes as libxml2's xmlNodeDump () wrote them (issue 20)");
  journal = hostile_journal ();
  g_assert_cmpuint (adm_journal_get_n_entries (journal), ==, G_N_ELEMENTS (hostile) + 3);
  assert_written_as_reference (journal);
}

/* Each event alone, at no indentation, as libxml2 dumps its node. */
static void
test_event_as_libxml2 (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2020);
  g_autoptr(AdmEventBatch) batch = adm_event_batch_new ();
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GPtrArray) kept_xml = g_ptr_array_new_with_free_func (g_free);

  g_test_summary ("An event alone is written as libxml2 dumps its node, for hostile and "
                  "random values and texts, made alone or in a batch (issue 20)");
  for (guint i = 0; i < 2000; i++)
    {
      g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
      xmlNode *root = xmlNewNode (NULL, (const xmlChar *) "root");
      g_autoptr(AdmEvent) event = NULL;
      /* A kind and a value with nothing to escape, as a roll's, for one event in four. */
      g_autofree char *kind = i % 4 == 3 ? g_strdup ("roll")
                                         : random_text (rand, 1 + g_rand_int_range (rand, 0, 10));
      g_autofree char *value = i % 4 == 3 ? g_strdup_printf ("%u %u", i, 7 * i)
                                          : random_text (rand, g_rand_int_range (rand, 0, 300));
      g_autofree char *text = random_text (rand, g_rand_int_range (rand, 0, 300));
      g_autoptr(GString) got = g_string_new (NULL);
      xmlBuffer *buffer = xmlBufferCreate ();
      /* Times of years before 1000 too, written with four digits all the same. */
      gint64 time = i % 50 == 0 ? G_GINT64_CONSTANT (-40000000000) + (gint64) i * 86401
                                : T0 + (gint64) g_rand_int (rand) * 37 - G_GINT64_CONSTANT (90000000000);

      xmlDocSetRootElement (doc, root);
      event = adm_event_new (kind, time);
      adm_event_set (event, "value", value);
      adm_event_set (event, "hostile", hostile[i % G_N_ELEMENTS (hostile)]);
      if (i % 3 != 0)
        adm_event_set_text (event, i % 2 == 0 ? text : hostile[i % G_N_ELEMENTS (hostile)]);
      reference_event (event, root);
      g_assert_cmpint (xmlNodeDump (buffer, doc, root->children, 0, 1), >=, 0);
      adm_event_append_xml (event, got);
      g_assert_cmpstr (got->str, ==, (const char *) xmlBufferContent (buffer));
      /* The same event as a file gives it, in one block (adm_event_new_read ()), whose keys'
       * lengths are read from where their values start. */
      {
        const char *hostile_value = hostile[i % G_N_ELEMENTS (hostile)];
        const char *event_text = adm_event_get_text (event);
        AdmEventPair pairs[] = {
          { "value", strlen ("value"), value, strlen (value) },
          { "hostile", strlen ("hostile"), hostile_value, strlen (hostile_value) },
        };
        g_autoptr(AdmEvent) read = adm_event_new_read (kind, strlen (kind), time, 0, pairs,
                                                       G_N_ELEMENTS (pairs), event_text,
                                                       event_text != NULL ? strlen (event_text) : 0);
        g_autoptr(GString) read_got = g_string_new (NULL);
        g_autoptr(GString) time_attribute = g_string_new (NULL);
        g_autofree char *time_text = adm_journal_format_time (time);

        adm_event_append_xml (read, read_got);
        g_assert_cmpstr (read_got->str, ==, (const char *) xmlBufferContent (buffer));
        /* And as an entry of its time writes it, the time written once for its events: for
         * one whose kind and values have nothing to escape, copied from its block. */
        adm_event_append_attribute (time_attribute, "time", time_text);
        g_string_truncate (read_got, 0);
        adm_event_append_xml_at (read, read_got, time, time_attribute->str);
        g_assert_cmpstr (read_got->str, ==, (const char *) xmlBufferContent (buffer));
        /* And made in a batch, in blocks shared with the events before and after it: one in
         * seven kept past the batch's end and its block's other events, and of those every
         * other one changed, its strings its own then. */
        {
          g_autoptr(AdmEvent) batched = adm_event_batch_new_read (batch, kind, strlen (kind), time,
                                                                  0, pairs, G_N_ELEMENTS (pairs),
                                                                  event_text,
                                                                  event_text != NULL
                                                                  ? strlen (event_text) : 0);

          g_string_truncate (read_got, 0);
          adm_event_append_xml_at (batched, read_got, time, time_attribute->str);
          g_assert_cmpstr (read_got->str, ==, (const char *) xmlBufferContent (buffer));
          if (i % 7 == 0)
            {
              if (i % 14 == 0)
                adm_event_set (batched, "hostile", hostile_value);
              g_ptr_array_add (kept, g_steal_pointer (&batched));
              g_ptr_array_add (kept_xml, g_strdup ((const char *) xmlBufferContent (buffer)));
            }
        }
      }
      xmlBufferFree (buffer);
    }
  /* An event larger than a block has one of its own. */
  {
    g_autofree char *long_text = g_strnfill (3 * 4096, 'x');
    AdmEventPair pair = { "by", 2, "me", 2 };
    AdmEvent *large = adm_event_batch_new_read (batch, "note", 4, T0, 0, &pair, 1, long_text,
                                                strlen (long_text));

    g_assert_cmpstr (adm_event_get_text (large), ==, long_text);
    g_assert_cmpstr (adm_event_get (large, "by"), ==, "me");
    g_ptr_array_add (kept, large);
    g_ptr_array_add (kept_xml, g_strdup_printf ("<event kind=\"note\" time=\"2026-11-22T18:00:00Z\""
                                                " by=\"me\">%s</event>", long_text));
  }
  /* An event of more attributes than it keeps packed, read alone and in the batch: the same
   * attributes, in order, and the same bytes as the event made by adm_event_set (). */
  {
    g_autoptr(AdmEvent) set = adm_event_new ("many", T0);
    g_autoptr(GString) reference = g_string_new (NULL);
    g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
    AdmEventPair pairs[40];

    for (guint a = 0; a < G_N_ELEMENTS (pairs); a++)
      {
        char *name = g_strdup_printf ("a%u", a);

        g_ptr_array_add (names, name);
        pairs[a] = (AdmEventPair) { name, strlen (name), name + 1, strlen (name + 1) };
        adm_event_set (set, name, name + 1);
      }
    adm_event_append_xml (set, reference);
    for (guint made = 0; made < 2; made++)
      {
        AdmEvent *many = made == 0 ? adm_event_new_read ("many", 4, T0, 0, pairs,
                                                         G_N_ELEMENTS (pairs), NULL, 0)
                                   : adm_event_batch_new_read (batch, "many", 4, T0, 0, pairs,
                                                               G_N_ELEMENTS (pairs), NULL, 0);
        g_autoptr(GString) got = g_string_new (NULL);

        g_assert_cmpuint (adm_event_get_n_attributes (many), ==, G_N_ELEMENTS (pairs));
        for (guint a = 0; a < G_N_ELEMENTS (pairs); a++)
          {
            g_assert_cmpstr (adm_event_get_key_nth (many, a), ==, g_ptr_array_index (names, a));
            g_assert_cmpstr (adm_event_get_value_nth (many, a), ==, pairs[a].value);
          }
        g_assert_cmpstr (adm_event_get (many, "a39"), ==, "39");
        adm_event_append_xml (many, got);
        g_assert_cmpstr (got->str, ==, reference->str);
        g_ptr_array_add (kept, many);
        g_ptr_array_add (kept_xml, g_strdup (reference->str));
      }
  }
  g_clear_pointer (&batch, adm_event_batch_free);
  for (guint i = 0; i < kept->len; i++)
    {
      g_autoptr(GString) again = g_string_new (NULL);

      adm_event_append_xml (g_ptr_array_index (kept, i), again);
      g_assert_cmpstr (again->str, ==, g_ptr_array_index (kept_xml, i));
    }
}

/* libxml2 reads the written journal back to the values that were recorded. */
static void
test_hostile_read_back (void)
{
  g_autoptr(AdmJournal) journal = NULL;
  g_autoptr(GString) written = g_string_new (NULL);
  g_autoptr(xmlDoc) doc = NULL;
  xmlNode *entry;
  guint n = 0;

  g_test_summary ("libxml2 reads the journal written straight into a string back to the "
                  "values recorded (issue 20)");
  journal = hostile_journal ();
  adm_journal_write (journal, written);
  doc = xmlReadMemory (written->str, (int) written->len, "journal.xml", NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  for (entry = xmlDocGetRootElement (doc)->children; entry != NULL; entry = entry->next)
    {
      AdmJournalAction *action;
      GPtrArray *events;
      xmlNode *node;
      guint e = 0;

      if (entry->type != XML_ELEMENT_NODE)
        continue;
      g_assert_cmpuint (n, <, adm_journal_get_n_entries (journal));
      action = adm_journal_get_entry_action (journal, n);
      if (adm_journal_get_entry_kind (journal, n++) != ADM_JOURNAL_ENTRY_ACTION)
        continue;
      {
        AdmEvent *head = adm_journal_action_get_head (action);

        for (guint a = 0; a < adm_event_get_n_attributes (head); a++)
          {
            g_autofree xmlChar *value = xmlGetProp (entry,
                                                    (const xmlChar *) adm_event_get_key_nth (head,
                                                                                             a));

            g_assert_cmpstr ((const char *) value, ==, adm_event_get_value_nth (head, a));
          }
      }
      events = adm_journal_action_get_events (action);
      for (node = entry->children; node != NULL; node = node->next)
        {
          AdmEvent *event;
          g_autofree xmlChar *kind = NULL;
          g_autofree xmlChar *text = NULL;

          if (node->type != XML_ELEMENT_NODE)
            continue;
          g_assert_cmpuint (e, <, events->len);
          event = g_ptr_array_index (events, e++);
          kind = xmlGetProp (node, (const xmlChar *) "kind");
          g_assert_cmpstr ((const char *) kind, ==, adm_event_get_kind (event));
          for (guint a = 0; a < adm_event_get_n_attributes (event); a++)
            {
              g_autofree xmlChar *value = xmlGetProp (node,
                                                      (const xmlChar *) adm_event_get_key_nth (event,
                                                                                               a));

              g_assert_cmpstr ((const char *) value, ==, adm_event_get_value_nth (event, a));
            }
          text = xmlNodeGetContent (node);
          g_assert_cmpstr ((const char *) text, ==,
                           adm_event_get_text (event) != NULL ? adm_event_get_text (event) : "");
        }
      g_assert_cmpuint (e, ==, events->len);
    }
  g_assert_cmpuint (n, ==, adm_journal_get_n_entries (journal));
}

/* A battle's own journal after phases of fire, undone and redone. */
static void
test_battle_as_libxml2 (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", "fire-melee.xml", NULL);
  g_autofree char *xml = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (20);
  g_autoptr(GError) error = NULL;
  gsize length;

  g_test_summary ("A battle's journal after its phases, fire included, undone and redone, is "
                  "written the same bytes as libxml2 wrote it (issue 20)");
  g_assert_true (g_file_get_contents (path, &xml, &length, &error));
  g_assert_no_error (error);
  battle = adm_battle_load_memory (xml, length, "fire-melee.xml", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < 14; i++)
    {
      g_autoptr(AdmTurnOrders) orders = NULL;

      /* Both sides' main batteries at one another, ranges 22 to 23 cm, in their bows. */
      if (adm_battle_get_phase (battle) == ADM_PHASE_FIRE)
        orders = battle_helper_orders (adm_battle_get_turn (battle),
                                       "<fire weapons=\"hartung:main\" target=\"lord\"/>"
                                       "<fire weapons=\"lord:main\" target=\"hartung\"/>"
                                       "<fire weapons=\"vorberg:main\" target=\"lanna\"/>"
                                       "<fire weapons=\"lanna:main\" target=\"vorberg\"/>");
      g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_battle_get_log (battle)), >=, 16);
  assert_written_as_reference (adm_battle_get_log (battle));
  {
    g_autoptr(GString) written = g_string_new (NULL);
    guint n_events = 0, n_fire = 0;

    adm_journal_write (adm_battle_get_log (battle), written);
    for (const char *p = written->str; (p = strstr (p, "<event ")) != NULL; p++)
      n_events++;
    for (const char *p = written->str; (p = strstr (p, "phase=\"fire\"")) != NULL; p++)
      n_fire++;
    g_test_message ("%u events, %u fire phases, %zu bytes", n_events, n_fire, written->len);
    g_assert_cmpuint (n_events, >=, 25);
    g_assert_cmpuint (n_fire, >=, 1);
  }
}

/* An event like @event but made by adm_event_new () and adm_event_set (): its strings its own,
 * written the slow way, attribute by attribute, never from a packed run. */
static AdmEvent *
changed_copy (const AdmEvent *event)
{
  AdmEvent *copy = adm_event_new (adm_event_get_kind (event), adm_event_get_time (event));

  for (guint i = 0; i < adm_event_get_n_attributes (event); i++)
    adm_event_set (copy, adm_event_get_key_nth (event, i), adm_event_get_value_nth (event, i));
  adm_event_set_text (copy, adm_event_get_text (event));
  return copy;
}

/* A value of @length bytes: digits and spaces as a roll's, and at one place in three one byte
 * that is not written as itself (or a character past ASCII, or a control byte the journal
 * refuses but the writer must still write as before when @any_byte). */
static char *
value_with_specials (GRand    *rand,
                     guint     length,
                     gboolean  any_byte)
{
  static const char *const specials[] = { "&", "<", ">", "\"", "\t", "\n", "\r", "\xc3\xa9",
                                          "\xe6\x97\xa5", "'", "=" };
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < length; i++)
    {
      guint roll = (guint) g_rand_int_range (rand, 0, 30);

      if (roll == 0)
        g_string_append (out, specials[g_rand_int_range (rand, 0, G_N_ELEMENTS (specials))]);
      else if (roll == 1 && any_byte)
        g_string_append_c (out, (char) g_rand_int_range (rand, 1, 256));
      else if (roll < 6)
        g_string_append_c (out, ' ');
      else
        g_string_append_c (out, (char) ('0' + roll % 10));
    }
  return g_string_free (out, FALSE);
}

/* Events of a journal entry, as adm_event_append_xml_lines () writes them. */
static void
test_lines_as_libxml2 (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);
  g_autoptr(AdmEventBatch) batch = adm_event_batch_new ();
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GString) got = g_string_new (NULL);
  g_autoptr(GString) want = g_string_new (NULL);
  g_autoptr(GString) slow = g_string_new (NULL);
  g_autoptr(GString) time_attribute = g_string_new (NULL);
  g_autofree char *time_text = adm_journal_format_time (T0);
  static const char *const keys[] = { "clause", "sides", "values", "dice", "a", "long-key-name" };

  g_test_summary ("A journal entry's events, written as lines at once from their packed runs "
                  "or the slow way, are the bytes libxml2 writes for them, whatever their values "
                  "hold and wherever it falls in the run (issue 20)");
  adm_event_append_attribute (time_attribute, "time", time_text);
  for (guint i = 0; i < 3000; i++)
    {
      /* Freed at the end of the turn (g_autofree would free the first alone). */
      char *values[5] = { NULL };
      AdmEventPair pairs[5];
      guint n = (guint) g_rand_int_range (rand, 0, 6);
      gboolean plain = i % 3 == 0;
      /* One event in ten of another time than the entry's. */
      gint64 time = i % 10 == 9 ? T0 + 1 : T0;
      g_autofree char *text = i % 7 == 6 ? value_with_specials (rand, 40, FALSE) : NULL;
      AdmEvent *event;

      for (guint a = 0; a < n; a++)
        {
          values[a] = plain ? g_strdup_printf ("%u %u", i, a)
                            : value_with_specials (rand, (guint) g_rand_int_range (rand, 0, 40),
                                                   FALSE);
          pairs[a] = (AdmEventPair) { keys[a], strlen (keys[a]), values[a], strlen (values[a]) };
        }
      event = i % 5 == 4 ? adm_event_new_read ("roll", 4, time, 0, pairs, n, text,
                                                text != NULL ? strlen (text) : 0)
                         : adm_event_batch_new_read (batch, "roll", 4, time, 0, pairs, n, text,
                                                     text != NULL ? strlen (text) : 0);
      g_ptr_array_add (events, event);
      /* The reference: libxml2's node, dumped at the entry's indentation. */
      {
        g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
        xmlNode *root = xmlNewNode (NULL, (const xmlChar *) "root");
        xmlBuffer *buffer = xmlBufferCreate ();

        xmlDocSetRootElement (doc, root);
        reference_event (event, root);
        g_assert_cmpint (xmlNodeDump (buffer, doc, root->children, 0, 1), >=, 0);
        g_string_append_printf (want, "      %s\n", (const char *) xmlBufferContent (buffer));
        xmlBufferFree (buffer);
      }
      /* The slow way, the same bytes. */
      {
        g_autoptr(AdmEvent) copy = changed_copy (event);

        g_string_append (slow, "      ");
        adm_event_append_xml_at (copy, slow, T0, time_attribute->str);
        g_string_append_c (slow, '\n');
      }
      for (guint a = 0; a < n; a++)
        g_free (values[a]);
    }
  adm_event_append_xml_lines (got, (AdmEvent *const *) events->pdata, events->len, "      ", T0,
                              time_attribute->str);
  {
    g_auto(GStrv) want_lines = g_strsplit (want->str, "\n", -1);
    g_auto(GStrv) got_lines = g_strsplit (got->str, "\n", -1);

    for (guint i = 0; want_lines[i] != NULL && got_lines[i] != NULL; i++)
      g_assert_cmpstr (got_lines[i], ==, want_lines[i]);
  }
  g_assert_cmpstr (got->str, ==, want->str);
  g_assert_cmpstr (slow->str, ==, want->str);
  /* Without a time attribute each event writes its own time. */
  g_string_truncate (got, 0);
  adm_event_append_xml_lines (got, (AdmEvent *const *) events->pdata, events->len, "      ", T0,
                              NULL);
  g_assert_cmpstr (got->str, ==, want->str);
  g_string_truncate (got, 0);
  adm_event_append_xml_lines (got, NULL, 0, "", T0, NULL);
  g_assert_cmpstr (got->str, ==, "");
}

/* Any byte in a value, through the packed run and the slow way. */
static void
test_packed_as_slow (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1711);
  g_autoptr(AdmEventBatch) batch = adm_event_batch_new ();
  g_autoptr(GString) time_attribute = g_string_new (NULL);
  g_autofree char *time_text = adm_journal_format_time (T0);

  /* Keys of 255 bytes and more, past what a packed key's length byte says. */
  g_autofree char *key_255 = g_strnfill (255, 'k');
  g_autofree char *key_256 = g_strnfill (256, 'l');
  g_autofree char *key_300 = g_strnfill (300, 'm');

  g_test_summary ("An event packed in a batch is written the same bytes as the same event "
                  "written the slow way, for values holding any byte, at any place, and keys "
                  "holding the bytes values escape or longer than a byte measures (issue 20)");
  adm_event_append_attribute (time_attribute, "time", time_text);
  for (guint i = 0; i < 5000; i++)
    {
      g_autofree char *value = value_with_specials (rand, (guint) g_rand_int_range (rand, 0, 50),
                                                    TRUE);
      /* A key as events have, one with a byte a value would escape, or a long one. */
      const char *key = i % 11 == 0 ? "k<&\"" : i % 13 == 0 ? "k\xc3\xa9" :
                        i % 17 == 0 ? key_255 : i % 19 == 0 ? key_256 : i % 23 == 0 ? key_300 :
                        "values";
      AdmEventPair pairs[] = {
        { "sides", 5, "6", 1 },
        { key, strlen (key), value, strlen (value) },
        { "dice", 4, "program", 7 },
      };
      g_autoptr(AdmEvent) packed = adm_event_batch_new_read (batch, "roll", 4, T0, 0, pairs,
                                                             G_N_ELEMENTS (pairs), NULL, 0);
      g_autoptr(AdmEvent) copy = changed_copy (packed);
      g_autoptr(GString) fast = g_string_new (NULL);
      g_autoptr(GString) slow = g_string_new (NULL);
      AdmEvent *one[] = { packed };

      adm_event_append_xml_lines (fast, one, 1, "  ", T0, time_attribute->str);
      g_string_append (slow, "  ");
      adm_event_append_xml_at (copy, slow, T0, time_attribute->str);
      g_string_append_c (slow, '\n');
      g_assert_cmpstr (fast->str, ==, slow->str);
      /* The packed run is left as it was, however far the fast way got. */
      g_assert_cmpstr (adm_event_get (packed, key), ==, value);
      g_assert_cmpstr (adm_event_get (packed, "dice"), ==, "program");
    }
}

/* An event that keeps the text it is given, against one that copies it. */
static void
test_take_text (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2022);
  g_autoptr(GString) time_attribute = g_string_new (NULL);
  g_autofree char *time_text = adm_journal_format_time (T0);
  const char *const texts[] = { "plain", " \n\t<fire weapons=\"b000:main\"/> & more\r\n ", "",
                                "  \n ", "\xc3\xa9t\xc3\xa9" };

  g_test_summary ("An event made keeping its text is the event made copying it: its attributes, "
                  "its text stripped or none, and its bytes in a journal (issue 20)");
  adm_event_append_attribute (time_attribute, "time", time_text);
  for (guint i = 0; i < G_N_ELEMENTS (texts) + 50; i++)
    {
      g_autofree char *random = i >= G_N_ELEMENTS (texts)
        ? value_with_specials (rand, (guint) g_rand_int_range (rand, 0, 200), TRUE) : NULL;
      const char *text = random != NULL ? random : texts[i];
      AdmEventPair pairs[] = { { "turn", 4, "3", 1 }, { "phase", 5, "fire", 4 } };
      g_autoptr(AdmEvent) copied = adm_event_new_read ("phase", 5, T0, 0, pairs,
                                                       G_N_ELEMENTS (pairs), text, strlen (text));
      g_autoptr(AdmEvent) kept = adm_event_new_read_take_text ("phase", 5, T0, pairs,
                                                               G_N_ELEMENTS (pairs),
                                                               g_strdup (text), strlen (text));
      g_autoptr(GString) want = g_string_new (NULL);
      g_autoptr(GString) got = g_string_new (NULL);
      AdmEvent *one[] = { copied }, *other[] = { kept };

      g_assert_cmpstr (adm_event_get_kind (kept), ==, "phase");
      g_assert_cmpint (adm_event_get_time (kept), ==, T0);
      g_assert_cmpuint (adm_event_get_n_attributes (kept), ==, 2);
      g_assert_cmpstr (adm_event_get (kept, "turn"), ==, "3");
      g_assert_cmpstr (adm_event_get (kept, "phase"), ==, "fire");
      g_assert_cmpstr (adm_event_get_text (kept), ==, adm_event_get_text (copied));
      adm_event_append_xml_lines (want, one, 1, "      ", T0, time_attribute->str);
      adm_event_append_xml_lines (got, other, 1, "      ", T0, time_attribute->str);
      adm_event_append_xml (copied, want);
      adm_event_append_xml (kept, got);
      g_assert_cmpstr (got->str, ==, want->str);
    }
}

/* An action takes a batch's events at once, and a battle's list refers to them too. */
static void
test_take_and_ref_many (void)
{
  g_autoptr(AdmEventBatch) batch = adm_event_batch_new ();
  g_autoptr(AdmJournalAction) action = adm_journal_action_new ("resolve-phase", T0);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autofree char *long_text = g_strnfill (5000, 'x');
  AdmEvent *made[700];
  GPtrArray *events;

  g_test_summary ("adm_journal_action_take_events () takes events after those added, in order; "
                  "adm_event_ref_many () takes a reference to each, of events made in many "
                  "blocks of a batch, alone, and larger than a block (issue 20)");
  adm_journal_action_take_event (action, adm_event_new ("phase", T0));
  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    {
      g_autofree char *value = g_strdup_printf ("%u", i);
      AdmEventPair pair = { "n", 1, value, strlen (value) };

      made[i] = i % 50 == 7 ? adm_event_new_read ("roll", 4, T0, 0, &pair, 1, NULL, 0)
                : i % 100 == 13 ? adm_event_batch_new_read (batch, "roll", 4, T0, 0, &pair, 1,
                                                            long_text, strlen (long_text))
                                : adm_event_batch_new_read (batch, "roll", 4, T0, 0, &pair, 1,
                                                            NULL, 0);
    }
  adm_journal_action_take_events (action, made, G_N_ELEMENTS (made));
  adm_journal_action_take_events (action, NULL, 0);
  events = adm_journal_action_get_events (action);
  g_assert_cmpuint (events->len, ==, 1 + G_N_ELEMENTS (made));
  g_assert_cmpstr (adm_event_get_kind (g_ptr_array_index (events, 0)), ==, "phase");
  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    g_assert_true (g_ptr_array_index (events, 1 + i) == made[i]);
  /* The battle's list: the same events, a reference each of its own. */
  adm_event_ref_many ((AdmEvent *const *) events->pdata, events->len);
  g_ptr_array_extend (kept, events, NULL, NULL);
  adm_event_ref_many (NULL, 0);
  /* The batch and the action gone, the list's references hold every event. */
  g_clear_pointer (&batch, adm_event_batch_free);
  g_clear_pointer (&action, adm_journal_action_unref);
  for (guint i = 0; i < G_N_ELEMENTS (made); i++)
    {
      g_autofree char *value = g_strdup_printf ("%u", i);

      g_assert_cmpstr (adm_event_get (g_ptr_array_index (kept, 1 + i), "n"), ==, value);
      g_assert_cmpstr (adm_event_get_text (g_ptr_array_index (kept, 1 + i)), ==,
                       i % 100 == 13 && i % 50 != 7 ? long_text : NULL);
    }
  /* Dropped in another order than made: every other one first. */
  for (guint i = kept->len; i > 0; i -= MIN (i, 2))
    g_ptr_array_remove_index_fast (kept, i - 1);
  g_assert_cmpuint (kept->len, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/journal-xml/hostile-as-libxml2", test_hostile_as_libxml2);
  g_test_add_func ("/engine/journal-xml/event-as-libxml2", test_event_as_libxml2);
  g_test_add_func ("/engine/journal-xml/hostile-read-back", test_hostile_read_back);
  g_test_add_func ("/engine/journal-xml/battle-as-libxml2", test_battle_as_libxml2);
  g_test_add_func ("/engine/journal-xml/lines-as-libxml2", test_lines_as_libxml2);
  g_test_add_func ("/engine/journal-xml/packed-as-slow", test_packed_as_slow);
  g_test_add_func ("/engine/journal-xml/take-and-ref-many", test_take_and_ref_many);
  g_test_add_func ("/engine/journal-xml/take-text", test_take_text);
  return g_test_run ();
}
