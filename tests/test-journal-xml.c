/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-journal-xml.c: a journal's entries as libxml2 writes them — hostile texts read back to
 * the values recorded, an event of its action's time written without it and read back at it. */

#include "config.h"

#include <string.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "admiralty-engine.h"
#include "battle-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* ---- A journal whose actions are all accepted ---- */

static void
accept_reset (gpointer owner)
{
}

static gboolean
accept_apply (gpointer                owner,
              const AdmJournalAction *action,
              gpointer                recording,
              gpointer                snapshot,
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
                  "values recorded");
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
test_battle_written (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", "fire-melee.xml", NULL);
  g_autofree char *xml = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (20);
  g_autoptr(GError) error = NULL;
  gsize length;

  g_test_summary ("A battle's journal after its phases, fire included, undone and redone, is "
                  "written with its events' times said once, by their actions, and the battle "
                  "saved so opens to the same journal");
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
    /* Every event of the battle has its action's time: none says it. */
    for (const char *p = written->str; (p = strstr (p, "<event ")) != NULL; p++)
      {
        const char *end = strchr (p, '>');

        g_assert_nonnull (end);
        g_assert_null (g_strstr_len (p, end - p, " time="));
      }
  }
  {
    g_autofree char *saved = NULL;
    g_autoptr(AdmBattle) reopened = NULL;
    AdmJournal *log = adm_battle_get_log (battle), *again;
    gsize saved_length;

    saved = adm_battle_serialize (battle, &saved_length);
    reopened = adm_battle_load_game_memory (saved, saved_length, "fire-melee.game.xml",
                                             &error);
    g_assert_no_error (error);
    again = adm_battle_get_log (reopened);
    g_assert_cmpuint (adm_journal_get_n_entries (again), ==, adm_journal_get_n_entries (log));
    for (guint i = 0; i < adm_journal_get_n_entries (log); i++)
      {
        GPtrArray *events = adm_journal_action_get_events (adm_journal_get_entry_action (log, i));
        GPtrArray *read = adm_journal_action_get_events (adm_journal_get_entry_action (again, i));

        g_assert_cmpint (adm_journal_get_entry_time (again, i), ==,
                         adm_journal_get_entry_time (log, i));
        g_assert_cmpuint (read->len, ==, events->len);
        for (guint e = 0; e < events->len; e++)
          g_assert_cmpint (adm_event_get_time (g_ptr_array_index (read, e)), ==,
                           adm_event_get_time (g_ptr_array_index (events, e)));
      }
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/journal-xml/hostile-read-back", test_hostile_read_back);
  g_test_add_func ("/engine/journal-xml/battle-written", test_battle_written);
  return g_test_run ();
}
