/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-load.c: what opening a campaign or a scenario refuses now that ids, names and
 * readiness are checked by the loader (adm-scenario.c) rather than by pattern facets of
 * scenario.rng and campaign.rng: a bad id, a blank name and an out-of-range readiness are
 * each refused with FILE:LINE and what the value must be (F-RDY-1 for readiness), in a
 * scenario and in a campaign alike, and the refused file is left as it was. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <sys/stat.h>

#include "admiralty-engine.h"

/* What the campaign of test_state_hash () hashed to before opening was made faster. */
#define STATE_HASH "43e31d711b09c02f2c2b44082d2b279fa547732487dc88dbd76309f862f9190d"

/* A scenario with one formation of two ships: the first sector's name is on line 3, the
 * formation's id on line 7, the second ship's readiness on line 9. */
static char *
scenario_text (const char *formation_id,
               const char *sector_name,
               const char *ship_readiness)
{
  return g_strdup_printf ("<scenario id=\"test\" name=\"Test\" ruleset=\"forcon-2010\">\n"
                          "  <map>\n"
                          "    <sector id=\"pol\" name=\"%s\" x=\"0\" y=\"0\"/>\n"
                          "    <sector id=\"komarr\" name=\"Komarr\" x=\"1\" y=\"0\"/>\n"
                          "    <link from=\"pol\" to=\"komarr\"/>\n"
                          "  </map>\n"
                          "  <formation id=\"%s\" name=\"First\" faction=\"barrayar\" "
                          "sector=\"pol\" flagship=\"a\">\n"
                          "    <ship id=\"a\" name=\"Alpha\" class=\"vorberg\" readiness=\"9\"/>\n"
                          "    <ship id=\"b\" name=\"Beta\" class=\"vorberg\" readiness=\"%s\"/>\n"
                          "  </formation>\n"
                          "</scenario>\n", sector_name, formation_id, ship_readiness);
}

/* The same scenario inside a campaign of format 2 with an empty journal: the scenario's
 * lines move down by one. */
static char *
campaign_text (const char *scenario)
{
  return g_strdup_printf ("<campaign format=\"2\">\n%s"
                          "  <dice seed=\"1\" draws=\"0\"/>\n"
                          "  <journal/>\n"
                          "</campaign>\n", scenario);
}

static void
assert_refused (const char *text,
                const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_load_memory (text, strlen (text), "test.admiralty",
                                                              &error);

  g_assert_null (campaign);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, ==, expected);
}

/* Both forms, the campaign's message a line further down. */
static void
assert_both_refused (const char *formation_id,
                     const char *sector_name,
                     const char *readiness,
                     int         line,
                     const char *message)
{
  g_autofree char *scenario = scenario_text (formation_id, sector_name, readiness);
  g_autofree char *campaign = campaign_text (scenario);
  g_autofree char *in_scenario = g_strdup_printf ("test.admiralty:%d: %s", line, message);
  g_autofree char *in_campaign = g_strdup_printf ("test.admiralty:%d: %s", line + 1, message);

  assert_refused (scenario, in_scenario);
  assert_refused (campaign, in_campaign);
}

static void
test_good (void)
{
  g_autofree char *scenario = scenario_text ("first-fleet", "Pol Station", "12");
  g_autofree char *campaign = campaign_text (scenario);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) from_scenario = NULL, from_campaign = NULL;

  from_scenario = adm_campaign_load_memory (scenario, strlen (scenario), "test.admiralty",
                                            &error);
  g_assert_no_error (error);
  from_campaign = adm_campaign_load_memory (campaign, strlen (campaign), "test.admiralty",
                                            &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_scenario_lookup_ship (adm_campaign_get_scenario (from_campaign),
                                             "b")->readiness, ==, 12);
  /* White space around a readiness is collapsed, as the schema's integer type did. */
  {
    g_autofree char *spaced = scenario_text ("first-fleet", "  Pol Station", " 0 ");
    g_autoptr(AdmCampaign) loaded = adm_campaign_load_memory (spaced, strlen (spaced),
                                                              "test.admiralty", &error);

    g_assert_no_error (error);
    g_assert_cmpint (adm_scenario_lookup_ship (adm_campaign_get_scenario (loaded),
                                               "b")->readiness, ==, 0);
  }
}

static void
test_bad_id (void)
{
  assert_both_refused ("First Fleet", "Pol", "9", 7,
                       "<formation> id is “First Fleet”; it must be an id: lower-case letters, "
                       "digits and hyphens, not starting with a hyphen");
  assert_both_refused ("-first", "Pol", "9", 7,
                       "<formation> id is “-first”; it must be an id: lower-case letters, "
                       "digits and hyphens, not starting with a hyphen");
  assert_both_refused ("", "Pol", "9", 7,
                       "<formation> id is “”; it must be an id: lower-case letters, "
                       "digits and hyphens, not starting with a hyphen");
}

static void
test_blank_name (void)
{
  assert_both_refused ("first", "", "9", 3,
                       "<sector> name is “”; it must be text that is not blank");
  assert_both_refused ("first", "   ", "9", 3,
                       "<sector> name is “   ”; it must be text that is not blank");
}

/* F-RDY-1: readiness is 0..12, written in digits. */
static void
test_readiness_out_of_range (void)
{
  assert_both_refused ("first", "Pol", "13", 9,
                       "<ship> readiness is 13; it must be a whole number 0–12");
  assert_both_refused ("first", "Pol", "99999999999999999999", 9,
                       "<ship> readiness is 99999999999999999999; it must be a whole number "
                       "0–12");
  assert_both_refused ("first", "Pol", "+5", 9,
                       "<ship> readiness is “+5”; it must be a whole number 0–12");
}

/* A reference is an id too: a ruleset id could otherwise name a path. */
static void
test_ruleset_not_an_id (void)
{
  const char *text = "<scenario id=\"test\" name=\"Test\" ruleset=\"../../etc/x\">\n"
                     "  <map><sector id=\"a\" name=\"A\" x=\"0\" y=\"0\"/></map>\n"
                     "  <formation id=\"f\" name=\"F\" faction=\"barrayar\" sector=\"a\" "
                     "flagship=\"s\">\n"
                     "    <ship id=\"s\" name=\"S\" class=\"vorberg\" readiness=\"5\"/>\n"
                     "  </formation>\n"
                     "</scenario>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_load_memory (text, strlen (text),
                                                              "test.admiralty", &error);

  g_assert_null (campaign);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "test.admiralty:1: "));
  g_assert_nonnull (strstr (error->message, "is not a ruleset id"));
}

/* A campaign file refused on opening is left untouched. */
static void
test_refused_file_untouched (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-load-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.admiralty", NULL);
  g_autofree char *scenario = scenario_text ("first", "Pol", "13");
  g_autofree char *campaign = campaign_text (scenario);
  g_autofree char *expected = g_strdup_printf ("%s:10: <ship> readiness is 13; it must be a "
                                               "whole number 0–12", path);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) opened = NULL;

  g_assert_true (g_file_set_contents (path, campaign, -1, NULL));
  opened = adm_campaign_open (path, &error);
  g_assert_null (opened);
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT);
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, campaign);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A byte that is not UTF-8 is named with its line wherever it is — in the scenario, in a
 * journal entry read as the file is parsed, in a comment — though libxml2 is now what finds
 * that the file is not UTF-8 (adm-xml.c checks the bytes only once a parse failed). */
static void
test_not_utf8 (void)
{
  static const struct {
    const char *bytes;
    const char *message;
  } cases[] = {
    { "\xe9", "the file is not UTF-8 (byte E9 is not part of a character); save it as UTF-8" },
    { "\xc0\xaf", "the file is not UTF-8 (byte C0 is not part of a character); save it as UTF-8" },
    { "\xff", "the file is not UTF-8 (byte FF is not part of a character); save it as UTF-8" },
    { "\xed\xa0\x80", "the file contains a UTF-16 surrogate (bytes ED A0 80), which is not a "
                       "character; the file is damaged" },
  };
  g_autofree char *scenario = scenario_text ("first", "Pol", "9");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *in_name = scenario_text ("first", cases[i].bytes, "9");
      g_autofree char *in_name_campaign = campaign_text (in_name);
      g_autofree char *in_event = g_strdup_printf (
        "<campaign format=\"2\">\n%s"
        "  <dice seed=\"1\" draws=\"0\"/>\n"
        "  <journal>\n"
        "    <action id=\"1\" what=\"note\" time=\"2026-11-22T18:00:00Z\">\n"
        "      <event kind=\"note\" time=\"2026-11-22T18:00:00Z\">Caf%s</event>\n"
        "    </action>\n"
        "  </journal>\n"
        "</campaign>\n", scenario, cases[i].bytes);
      g_autofree char *in_attribute = g_strdup_printf (
        "<campaign format=\"2\">\n%s"
        "  <dice seed=\"1\" draws=\"0\"/>\n"
        "  <journal>\n"
        "    <action id=\"1\" what=\"note\" time=\"2026-11-22T18:00:00Z\">\n"
        "      <event kind=\"note\" time=\"2026-11-22T18:00:00Z\" by=\"%s\"/>\n"
        "    </action>\n"
        "  </journal>\n"
        "</campaign>\n", scenario, cases[i].bytes);
      g_autofree char *in_comment = g_strdup_printf ("<!-- %s -->\n%s", cases[i].bytes, scenario);
      g_autofree char *at3 = g_strdup_printf ("test.admiralty:3: %s", cases[i].message);
      g_autofree char *at4 = g_strdup_printf ("test.admiralty:4: %s", cases[i].message);
      g_autofree char *at1 = g_strdup_printf ("test.admiralty:1: %s", cases[i].message);
      g_autofree char *at16 = g_strdup_printf ("test.admiralty:16: %s", cases[i].message);

      assert_refused (in_name, at3);
      assert_refused (in_name_campaign, at4);
      assert_refused (in_event, at16);
      assert_refused (in_attribute, at16);
      assert_refused (in_comment, at1);
    }
}

/* Everything a loaded journal holds, entry by entry, with lines. */
static char *
dump_journal (AdmCampaign *campaign)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    {
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      GPtrArray *events = adm_journal_action_get_events (action);
      AdmEvent *head = adm_journal_action_get_head (action);

      g_string_append_printf (out, "%s %u %" G_GINT64_FORMAT " %s line %d done %d:",
                              adm_journal_entry_kind_to_string (adm_journal_get_entry_kind (journal, i)),
                              adm_journal_action_get_id (action),
                              adm_journal_get_entry_time (journal, i),
                              adm_journal_action_get_what (action),
                              adm_journal_action_get_line (action),
                              adm_journal_action_is_done (action));
      for (guint a = 0; a < adm_event_get_n_attributes (head); a++)
        g_string_append_printf (out, " %s=[%s]", adm_event_get_key_nth (head, a),
                                adm_event_get_value_nth (head, a));
      for (guint e = 0; e < events->len; e++)
        {
          AdmEvent *event = g_ptr_array_index (events, e);

          g_string_append_printf (out, "\n  %s %" G_GINT64_FORMAT " line %d text [%s]",
                                  adm_event_get_kind (event), adm_event_get_time (event),
                                  adm_event_get_line (event),
                                  adm_event_get_text (event) != NULL ? adm_event_get_text (event)
                                                                     : "(none)");
          for (guint a = 0; a < adm_event_get_n_attributes (event); a++)
            g_string_append_printf (out, " %s=[%s]", adm_event_get_key_nth (event, a),
                                    adm_event_get_value_nth (event, a));
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static AdmCampaign *
load_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign = adm_campaign_load_memory (text, strlen (text), "test.admiralty",
                                                    &error);

  g_assert_no_error (error);
  return campaign;
}

/* A comment between two entries of a journal (near the start, in the middle and before the
 * end) changes nothing of what it loads to, none read twice; entities, character references,
 * quotes and Cyrillic come back as they were written. */
static void
test_journal_comments (void)
{
  g_autofree char *scenario = scenario_text ("first", "Pol", "9");
  g_autoptr(AdmCampaign) built = load_text (scenario);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *expected = NULL;
  gsize length;

  for (int i = 0; i < 12; i++)
    {
      g_autoptr(AdmEvent) event = adm_event_new (i % 3 == 0 ? "note" : "order",
                                                 1795370400 + i);

      if (i % 3 == 0)
        adm_event_set_text (event, "Fire & <smoke> at “Pol” — «Пожар» 'now'\n  second line");
      else
        {
          adm_event_set (event, "formation", "first");
          adm_event_set (event, "by", "Admiral \"Tung\" & <staff>");
          adm_event_set_text (event, i % 2 == 0 ? "  Hold\n  fast  " : "Hold &#38; wait");
        }
      g_assert_true (adm_campaign_append (built, event, &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_undo (built, &error));
  g_assert_no_error (error);
  text = adm_campaign_serialize (built, &length);
  g_assert_nonnull (strstr (text, "&amp;"));
  g_assert_nonnull (strstr (text, "Пожар"));
  {
    g_autoptr(AdmCampaign) scanned = load_text (text);

    expected = dump_journal (scanned);
    g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (scanned)), ==, 13);
  }
  for (guint at = 1; at <= 12; at += 5)
    {
      /* "<!-- -->" before action @at, on its own line's start: lines stay as they were. */
      g_autofree char *needle = g_strdup_printf ("<action id=\"%u\"", at);
      const char *where = strstr (text, needle);
      g_autoptr(GString) variant = g_string_new (NULL);
      g_autoptr(AdmCampaign) loaded = NULL;
      g_autofree char *dump = NULL;

      g_assert_nonnull (where);
      g_string_append_len (variant, text, where - text);
      g_string_append (variant, "<!-- between entries -->");
      g_string_append (variant, where);
      loaded = load_text (variant->str);
      dump = dump_journal (loaded);
      g_assert_cmpstr (dump, ==, expected);
    }
}

/* A campaign written out by hand, the same every time: 8 formations of 3 ships, and a journal
 * of every kind of entry — rolls, damage, readiness, orders whose text has
 * entities, character references, Cyrillic and white space around it, notes, an action of
 * two events one of which has a time of its own (written the usual way and not), an action
 * with a parameter of its head, undo and redo entries. */
static char *
hashed_campaign_text (void)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<campaign format=\"2\">\n"
                               "  <scenario id=\"hash\" name=\"Hash\" ruleset=\"forcon-2010\">\n"
                               "    <map>\n"
                               "      <sector id=\"pol\" name=\"Pol\" x=\"0\" y=\"0\"/>\n"
                               "      <sector id=\"komarr\" name=\"Komarr\" x=\"1\" y=\"0\"/>\n"
                               "      <link from=\"pol\" to=\"komarr\"/>\n"
                               "    </map>\n");

  for (int f = 0; f < 8; f++)
    {
      g_string_append_printf (out, "    <formation id=\"f%d\" name=\"Formation %d\" "
                                   "faction=\"barrayar\" sector=\"%s\" flagship=\"s%d\">\n",
                              f, f, f % 2 == 0 ? "pol" : "komarr", 3 * f);
      for (int k = 0; k < 3; k++)
        g_string_append_printf (out, "      <ship id=\"s%d\" name=\"Ship %d\" class=\"vorberg\" "
                                     "readiness=\"%d\"/>\n", 3 * f + k, 3 * f + k, 4 + k);
      g_string_append (out, "    </formation>\n");
    }
  g_string_append (out, "  </scenario>\n"
                        "  <dice seed=\"2010\" draws=\"12\"/>\n"
                        "  <journal>\n");
  for (int i = 1; i <= 120; i++)
    {
      g_autofree char *time = g_strdup_printf ("2026-11-22T18:%02d:%02dZ", i / 60, i % 60);
      int ship = (i * 7) % 24;

      switch (i % 5)
        {
        case 0:
          g_string_append_printf (out, "    <action id=\"%d\" what=\"roll\" time=\"%s\">\n"
                                       "      <event kind=\"roll\" time=\"%s\" purpose=\"Readiness "
                                       "check\" clause=\"F-RDY-2\" sides=\"6\" values=\"%d %d\"/>\n"
                                       "    </action>\n", i, time, time, 1 + i % 6, 1 + (i / 6) % 6);
          break;
        case 1:
          g_string_append_printf (out, "    <action id=\"%d\" what=\"damage\" time=\"%s\">\n"
                                       "      <event kind=\"damage\" time=\"%s\" ship=\"s%d\" "
                                       "points=\"1\"/>\n"
                                       "    </action>\n", i, time, time, ship);
          break;
        case 2:
          g_string_append_printf (out, "    <action id=\"%d\" what=\"readiness\" time=\"%s\">\n"
                                       "      <event kind=\"readiness\" time=\"%s\" ship=\"s%d\" "
                                       "delta=\"%s\"/>\n"
                                       "    </action>\n", i, time, time, ship,
                                  i % 4 == 2 ? "-1" : "1");
          break;
        case 3:
          g_string_append_printf (out, "    <action id=\"%d\" what=\"order\" time=\"%s\" "
                                       "formation=\"f%d\">\n"
                                       "      <event kind=\"order\" time=\"%s\" formation=\"f%d\" "
                                       "by=\"Tung &amp; &lt;staff&gt; &#x416;\">\n"
                                       "        Hold &amp; «ждать» &#65;&#x42; 'now' \"here\" %d\n"
                                       "      </event>\n"
                                       "    </action>\n", i, time, i % 8, time, i % 8, i);
          break;
        default:
          g_string_append_printf (out, "    <action id=\"%d\" what=\"note\" time=\"%s\">\n"
                                       "      <event kind=\"note\" time=\"%s\">The hulk drifts "
                                       "%d.</event>\n"
                                       "      <event kind=\"note\" time=\"%s\">  Second  </event>\n"
                                       "    </action>\n", i, time, time, i,
                                  i % 10 == 4 ? "2026-11-23T00:00:00+00:00"
                                              : "2026-11-23T01:02:03Z");
          break;
        }
      if (i % 17 == 0)
        g_string_append_printf (out, "    <undo action=\"%d\" time=\"%s\"/>\n", i, time);
      if (i % 34 == 0)
        g_string_append_printf (out, "    <redo action=\"%d\" time=\"%s\"/>\n", i, time);
    }
  g_string_append (out, "  </journal>\n"
                        "</campaign>\n");
  return g_string_free (out, FALSE);
}

/* SHA-256 of everything opening @text gives: the state (adm_state_dump ()), the journal entry
 * by entry, the file as it would be saved. */
static char *
state_hash (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_load_memory (text, strlen (text),
                                                              "test.admiralty", &error);
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *state = NULL, *journal = NULL, *saved = NULL;
  g_autoptr(GString) without = NULL;
  const char *start, *end;
  gsize length;

  g_assert_no_error (error);
  state = adm_state_dump (adm_campaign_get_state (campaign));
  journal = dump_journal (campaign);
  saved = adm_campaign_serialize (campaign, &length);
  /* A campaign of before seasons takes in the installed one when it is saved (test-season):
   * the rest is what is hashed. */
  start = strstr (saved, "\n  <season>");
  end = start != NULL ? strstr (start, "</season>") : NULL;
  g_assert_nonnull (end);
  end += strlen ("</season>");
  without = g_string_new_len (saved, start - saved);
  g_string_append_len (without, end, (gssize) (length - (gsize) (end - saved)));
  g_assert_nonnull (strstr (state, "roll "));
  g_assert_nonnull (strstr (state, "order Hold & «ждать» AB 'now' \"here\""));
  g_checksum_update (checksum, (const guchar *) state, -1);
  g_checksum_update (checksum, (const guchar *) journal, -1);
  g_checksum_update (checksum, (const guchar *) without->str, (gssize) without->len);
  return g_strdup (g_checksum_get_string (checksum));
}

/* Opening gives the same state however the reader is built. The campaign above hashes
 * to what it did when the journal's events were made attribute by attribute (before events
 * were read in one allocation, the scenario's tree kept rather than copied), with or without
 * a comment at the start of its journal. */
static void
test_state_hash (void)
{
  g_autofree char *text = hashed_campaign_text ();
  g_autoptr(GString) forced = g_string_new (text);
  g_autofree char *plain = NULL, *commented = NULL;

  g_string_replace (forced, "<journal>\n", "<journal><!-- a comment -->\n", 1);
  plain = state_hash (text);
  commented = state_hash (forced->str);
  g_test_message ("state hash %s", plain);
  g_assert_cmpstr (plain, ==, commented);
  g_assert_cmpstr (plain, ==, STATE_HASH);
}

/* An event read from a file, changed afterwards, keeps the rest as read. */
static void
test_read_event_changed (void)
{
  g_autofree char *text = hashed_campaign_text ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_load_memory (text, strlen (text),
                                                              "test.admiralty", &error);
  AdmJournal *journal;
  AdmEvent *event, *head;

  g_assert_no_error (error);
  journal = adm_campaign_get_journal (campaign);
  /* Action 3: an order whose head names its formation. */
  head = adm_journal_action_get_head (adm_journal_get_entry_action (journal, 2));
  event = g_ptr_array_index (adm_journal_action_get_events (adm_journal_get_entry_action (journal,
                                                                                          2)), 0);
  g_assert_cmpstr (adm_journal_action_get_what (adm_journal_get_entry_action (journal, 2)), ==,
                   "order");
  g_assert_cmpuint (adm_event_get_n_attributes (head), ==, 1);
  g_assert_cmpstr (adm_event_get (head, "formation"), ==, "f3");
  g_assert_cmpint (adm_event_get_line (head), ==, 0);
  g_assert_cmpstr (adm_event_get_kind (event), ==, "order");
  g_assert_cmpstr (adm_event_get (event, "by"), ==, "Tung & <staff> Ж");
  g_assert_cmpstr (adm_event_get_text (event), ==, "Hold & «ждать» AB 'now' \"here\" 3");

  adm_event_set (event, "by", "Vorkosigan");
  adm_event_set (event, "extra", "1");
  g_assert_cmpstr (adm_event_get (event, "by"), ==, "Vorkosigan");
  g_assert_cmpstr (adm_event_get (event, "formation"), ==, "f3");
  g_assert_cmpstr (adm_event_get (event, "extra"), ==, "1");
  g_assert_cmpstr (adm_event_get_kind (event), ==, "order");
  g_assert_cmpstr (adm_event_get_text (event), ==, "Hold & «ждать» AB 'now' \"here\" 3");
  adm_event_set_text (event, "  Withdraw  ");
  g_assert_cmpstr (adm_event_get_text (event), ==, "Withdraw");
  adm_event_set_text (event, NULL);
  g_assert_null (adm_event_get_text (event));
  g_assert_cmpuint (adm_event_get_n_attributes (event), ==, 3);

  /* Text of white space only is none. */
  adm_event_set_text (event, " \n\t ");
  g_assert_null (adm_event_get_text (event));
}

/* Opening reads the file into memory made at once (adm_xml_read_file_bytes ()), with the
 * refusals of before: a missing file, a folder, a pipe (without waiting for a writer), an
 * empty file; and a campaign read so opens. */
static void
test_file_refusals (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-load-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.admiralty", NULL);
  g_autofree char *pipe = g_build_filename (dir, "pipe.admiralty", NULL);
  g_autofree char *empty = g_build_filename (dir, "empty.admiralty", NULL);
  g_autofree char *good = g_build_filename (dir, "good.admiralty", NULL);
  g_autofree char *scenario = scenario_text ("first", "Pol", "9");
  g_autofree char *campaign = campaign_text (scenario);
  const struct { const char *path; const char *says; } refused[] = {
    { missing, ": cannot open the file: " },
    { dir, ": this is not a regular file" },
    { pipe, ": this is not a regular file" },
    { empty, ": the file is empty" },
  };

  g_assert_cmpint (mkfifo (pipe, 0600), ==, 0);
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_true (g_file_set_contents (good, campaign, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmCampaign) opened = adm_campaign_open (refused[i].path, &error);
      g_autofree char *expected = g_strconcat (refused[i].path, refused[i].says, NULL);

      g_assert_null (opened);
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, expected));
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdmCampaign) opened = adm_campaign_open (good, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (adm_campaign_get_path (opened), ==, good);
  }
  g_assert_cmpint (g_remove (pipe), ==, 0);
  g_assert_cmpint (g_remove (empty), ==, 0);
  g_assert_cmpint (g_remove (good), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* An action named by a cycle that is not a number (F-STRAT-1: cycles are counted from 1) is
 * refused with the campaign's line and the range, not listed as "Order sheets of cycle
 * NaN". */
static void
test_junk_cycle (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "round-trip", "komarr-kept-battle.admiralty", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GString) text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  text = g_string_new (data);
  g_assert_cmpuint (g_string_replace (text, "what=\"sheets\" time=\"2026-11-24T06:07:35Z\" "
                                      "cycle=\"1\"", "what=\"sheets\" "
                                      "time=\"2026-11-24T06:07:35Z\" cycle=\"NaN\"", 1), ==, 1);
  campaign = adm_campaign_load_memory (text->str, text->len, "k.admiralty", &error);
  g_assert_null (campaign);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, "k.admiralty:258: <action> cycle is “NaN”; it must be a "
                                       "whole number 1–2147483647");
}

/* A campaign saved by a newer Admiralty says so, and what to do; a format below the first is
 * a value out of range, as any other. */
static void
test_newer_format (void)
{
  g_autofree char *scenario = scenario_text ("first", "Pol", "9");
  g_autofree char *text = campaign_text (scenario);
  g_autoptr(GString) newer = g_string_new (text);
  g_autoptr(GString) huge = g_string_new (text);
  g_autoptr(GString) zero = g_string_new (text);
  g_autofree char *expected = g_strdup_printf ("test.admiralty:1: this <campaign> file was written "
                                               "by a newer version of Admiralty (file format 3; "
                                               "Admiralty %s reads formats up to 2): open it "
                                               "with the Admiralty that saved it, or a later one",
                                               PACKAGE_VERSION);
  g_autofree char *expected_huge = g_strdup_printf ("test.admiralty:1: this <campaign> file was "
                                                    "written by a newer version of Admiralty "
                                                    "(file format 18446744073709551615; "
                                                    "Admiralty %s reads formats up to 2): open it "
                                                    "with the Admiralty that saved it, or a later "
                                                    "one", PACKAGE_VERSION);

  g_string_replace (newer, "format=\"2\"", "format=\"3\"", 1);
  g_string_replace (huge, "format=\"2\"", "format=\"18446744073709551615\"", 1);
  g_string_replace (zero, "format=\"2\"", "format=\"0\"", 1);
  assert_refused (newer->str, expected);
  assert_refused (huge->str, expected_huge);
  assert_refused (zero->str, "test.admiralty:1: <campaign> format is 0; it must be one of “1”, “2”");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/campaign-load/good", test_good);
  g_test_add_func ("/engine/campaign-load/bad-id", test_bad_id);
  g_test_add_func ("/engine/campaign-load/blank-name", test_blank_name);
  g_test_add_func ("/engine/campaign-load/F-RDY-1/readiness-out-of-range",
                   test_readiness_out_of_range);
  g_test_add_func ("/engine/campaign-load/ruleset-not-an-id", test_ruleset_not_an_id);
  g_test_add_func ("/engine/campaign-load/refused-file-untouched", test_refused_file_untouched);
  g_test_add_func ("/engine/campaign-load/not-utf8", test_not_utf8);
  g_test_add_func ("/engine/campaign-load/journal-comments", test_journal_comments);
  g_test_add_func ("/engine/campaign-load/file-refusals", test_file_refusals);
  g_test_add_func ("/engine/campaign-load/state-hash", test_state_hash);
  g_test_add_func ("/engine/campaign-load/newer-format", test_newer_format);
  g_test_add_func ("/engine/campaign-load/read-event-changed", test_read_event_changed);
  g_test_add_func ("/engine/campaign-load/junk-cycle", test_junk_cycle);
  return g_test_run ();
}
