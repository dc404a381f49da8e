/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-seal.c: no history rewritten. A campaign's first entry records the SHA-256 of
 * the scenario it began with, and every entry the SHA-256 of itself and the entries before it
 * (adm_journal_seal ()): a scenario, a season or an entry changed by hand, or an entry added
 * by hand, and the last entries taken out by hand (the file's end records the journal's),
 * are refused when the campaign is opened, naming the file and the line, and the file
 * is left as it was; a file indented anew still opens; a campaign written before campaigns
 * were sealed opens, says so, and is sealed by the next entry it records. */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "shipped-helpers.h"

#define T0 G_GINT64_CONSTANT (1795000000)

typedef struct {
  char *folder;
  char *path;     /* Komarr after its cycle 1, saved */
  char *text;     /* that file's text */
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = NULL;

  fixture->folder = g_dir_make_tmp ("admiralty-seal-XXXXXX", NULL);
  fixture->path = g_build_filename (fixture->folder, "komarr.admiralty", NULL);
  campaign = komarr_play_saved (NULL, 1, T0, fixture->path);
  fixture->text = file_contents (fixture->path);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  remove_tree (fixture->folder);
  g_free (fixture->folder);
  g_free (fixture->path);
  g_free (fixture->text);
}

/* The master's note at @time, recorded in @campaign as an action of its own. */
static void
record_note (AdmCampaign *campaign,
             gint64       time)
{
  g_autoptr(AdmEvent) note = adm_event_new ("note", time);
  g_autoptr(GError) error = NULL;

  adm_event_set_text (note, "The convoy is late");
  g_assert_true (adm_campaign_append (campaign, note, &error));
  g_assert_no_error (error);
}

/* The line of @text that @at is on. */
static int
line_of (const char *text,
         const char *at)
{
  int line = 1;

  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

/* @text with the first @from replaced by @to. */
static char *
edited (const char *text,
        const char *from,
        const char *to)
{
  g_autoptr(GString) out = g_string_new (text);

  g_assert_cmpuint (g_string_replace (out, from, to, 1), ==, 1);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* @text written as @fixture's file and opened: refused, "FILE:@line: …" with @says, and the
 * file left as it was. */
static void
assert_refused (Fixture    *fixture,
                const char *text,
                int         line,
                const char *says)
{
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *where = g_strdup_printf ("%s:%d: ", fixture->path, line);
  g_autofree char *after = NULL;

  g_assert_true (g_file_set_contents (fixture->path, text, -1, NULL));
  campaign = adm_campaign_open_for_writing (fixture->path, &error);
  g_assert_null (campaign);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, where));
  g_assert_nonnull (strstr (error->message, says));
  g_assert_nonnull (strstr (error->message, "record a correction instead"));
  after = file_contents (fixture->path);
  g_assert_cmpstr (after, ==, text);
}

/* The hand edit of shared/repro/hand-edit-corrections.sh: a formation added to the scenario
 * the campaign carries, 75 ships where it began with 74. */
static void
test_scenario_edited (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *text = edited (fixture->text, "  <season>",
                                  "  <formation id=\"relief-squadron\" name=\"Relief Squadron\" "
                                  "faction=\"barrayar\" sector=\"komarr-orbit\" "
                                  "flagship=\"relief-one\" admiral=\"vorkosigan\">\n"
                                  "    <ship id=\"relief-one\" name=\"Relief One\" "
                                  "class=\"general-vorkraft\" readiness=\"6\"/>\n"
                                  "  </formation>\n  <season>");

  assert_refused (fixture, text, line_of (text, strstr (text, "<scenario ")),
                  "the scenario was changed after the campaign began");
}

/* The season is part of the scenario sealed: a class changed in it, still a valid one. */
static void
test_season_edited (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *text = rules_text_changed (fixture->text, "<class id=\"vorpatril\"",
                                              "hull=\"5\"", "hull=\"6\"");

  assert_refused (fixture, text, line_of (text, strstr (text, "<scenario ")),
                  "the scenario was changed after the campaign began");
}

/* An event of an entry already kept, changed: refused at that entry's line. */
static void
test_event_edited (Fixture       *fixture,
                   gconstpointer  data)
{
  const char *order = strstr (fixture->text, "order=\"patrol\"");
  const char *action;
  g_autofree char *text = NULL;

  g_assert_nonnull (order);
  for (action = order; strncmp (action, "<action ", strlen ("<action ")) != 0; action--)
    ;
  text = edited (fixture->text, "order=\"patrol\"", "order=\"defend\"");
  assert_refused (fixture, text, line_of (fixture->text, action),
                  "was changed after the campaign began");
}

/* The first hand edit of the repro: an action appended by hand. */
static void
test_entry_added (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->path, NULL);
  g_autofree char *entry = g_strdup_printf ("    <action id=\"%u\" what=\"repair\" "
                                            "time=\"2026-11-25T17:00:00Z\">\n"
                                            "      <event kind=\"readiness\" "
                                            "ship=\"prince-serg\" delta=\"1\"/>\n"
                                            "    </action>\n  </journal>",
                                            adm_journal_get_n_actions (
                                                     adm_campaign_get_journal (campaign)) + 1);
  g_autofree char *text = edited (fixture->text, "  </journal>", entry);

  assert_refused (fixture, text, line_of (text, strstr (text, "what=\"repair\"")),
                  "was added by hand after the campaign began");
}

/* An entry taken out: those after it no longer match. */
static void
test_entry_removed (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->path, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const char *start, *end;
  g_autoptr(GString) cut = NULL;

  /* A note, then its undo: taking out the undo leaves a journal that replays. */
  record_note (campaign, T0 + 9000);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  record_note (campaign, T0 + 9100);
  g_clear_object (&campaign);
  text = file_contents (fixture->path);
  start = strstr (text, "    <undo ");
  g_assert_nonnull (start);
  end = strchr (start, '\n') + 1;
  cut = g_string_new_len (text, start - text);
  g_string_append (cut, end);
  g_free (fixture->text);
  fixture->text = g_strdup (cut->str);
  assert_refused (fixture, cut->str, line_of (text, start),
                  "was changed after the campaign began");
}

/* The last entries taken out by hand: the chain of the entries left still holds, but the
 * file's end records how many entries the journal held and the digest its last one showed
 * (<sealed …/>): refused at that line, the file as it was. A note recorded, then its action
 * cut from the file in a text editor. */
static void
test_last_entry_removed (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->path, NULL);
  g_autofree char *text = NULL;
  const char *start, *end, *sealed;
  g_autoptr(GString) cut = NULL;

  record_note (campaign, T0 + 9000);
  g_clear_object (&campaign);
  text = file_contents (fixture->path);
  sealed = strstr (text, "  <sealed entries=\"");
  g_assert_nonnull (sealed);
  /* The last action, from its line to the journal's closing. */
  end = strstr (text, "  </journal>");
  g_assert_nonnull (end);
  start = g_strrstr_len (text, end - text, "    <action ");
  g_assert_nonnull (start);
  cut = g_string_new_len (text, start - text);
  g_string_append (cut, end);
  assert_refused (fixture, cut->str, line_of (cut->str, strstr (cut->str, "  <sealed ")),
                  "its last entries were taken out by hand after the campaign began");
}

/* The same file indented otherwise, and with a comment, opens: the seal is of what the file
 * holds, not of its bytes. */
static void
test_indented_anew (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GRegex) indent = g_regex_new ("^  ", G_REGEX_MULTILINE, 0, NULL);
  g_autofree char *deeper = g_regex_replace_literal (indent, fixture->text, -1, 0, "      ",
                                                     0, NULL);
  g_autofree char *text = edited (deeper, "<journal>", "<journal><!-- read aloud -->");
  g_autoptr(AdmCampaign) original = adm_campaign_open (fixture->path, NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *state = NULL, *reopened_state = NULL;

  g_assert_true (g_file_set_contents (fixture->path, text, -1, NULL));
  campaign = adm_campaign_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_false (adm_campaign_was_unsealed (campaign));
  state = adm_state_dump (adm_campaign_get_state (original));
  reopened_state = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (reopened_state, ==, state);
}

/* Undo and redo are entries sealed like any: the file after them opens, and saved again is the
 * same bytes. */
static void
test_undo_redo_sealed (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = adm_campaign_open_for_writing (fixture->path, NULL);
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL, *text = NULL, *again = NULL;

  before = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (after, ==, before);
  text = file_contents (fixture->path);
  g_clear_object (&campaign);

  reopened = adm_campaign_open (fixture->path, &error);
  g_assert_no_error (error);
  again = adm_campaign_serialize (reopened, NULL);
  g_assert_cmpstr (again, ==, text);
}

/* A campaign written before campaigns were sealed (no origin, no digest) opens, says so, and
 * the next entry it records seals it whole, the entries before included. */
static void
test_old_campaign_sealed (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GRegex) seal = g_regex_new (" (origin|digest)=\"[0-9a-f]{64}\"|  <sealed [^>]*>\n",
                                        0, 0, NULL);
  g_autofree char *old = g_regex_replace_literal (seal, fixture->text, -1, 0, "", 0, NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sealed = NULL, *text = NULL;
  gsize journal_end = strlen (old) - strlen ("  </journal>\n</campaign>\n");

  g_assert_null (strstr (old, "digest="));
  g_assert_true (g_file_set_contents (fixture->path, old, -1, NULL));
  campaign = adm_campaign_open_for_writing (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_was_unsealed (campaign));
  record_note (campaign, T0 + 9000);
  g_clear_object (&campaign);

  sealed = file_contents (fixture->path);
  /* Nothing of before is written again: the new entry comes after, sealing it. */
  g_assert_cmpint (strncmp (sealed, old, journal_end), ==, 0);
  g_assert_nonnull (strstr (sealed + journal_end, " origin=\""));
  reopened = adm_campaign_open (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_false (adm_campaign_was_unsealed (reopened));

  /* An entry of before the seal, changed now, no longer matches the first entry sealed. */
  g_free (fixture->text);
  fixture->text = g_strdup (sealed);
  text = edited (sealed, "order=\"patrol\"", "order=\"defend\"");
  assert_refused (fixture, text, line_of (sealed, strstr (sealed, " origin=\"")),
                  "was changed after the campaign began");
}

/* Every bundled scenario's campaign is sealed from its first entry and opens again as saved. */
static void
test_bundled_scenarios (void)
{
  g_autofree char *folder = source_path ("scenarios", NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-seal-XXXXXX", NULL);
  g_autoptr(GDir) scenarios = g_dir_open (folder, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (scenarios);
  while ((name = g_dir_read_name (scenarios)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *saved = g_build_filename (dir, name, NULL);
      g_autoptr(AdmCampaign) campaign = NULL;
      g_autoptr(AdmCampaign) reopened = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL, *again = NULL;

      if (!g_str_has_suffix (name, ".admiralty"))
        continue;
      campaign = adm_campaign_open (path, &error);
      g_assert_no_error (error);
      g_assert_true (adm_campaign_save (campaign, saved, &error));
      g_assert_no_error (error);
      record_note (campaign, T0);
      text = file_contents (saved);
      g_assert_nonnull (strstr (text, " origin=\""));
      reopened = adm_campaign_open (saved, &error);
      g_assert_no_error (error);
      g_assert_false (adm_campaign_was_unsealed (reopened));
      again = adm_campaign_serialize (reopened, NULL);
      g_assert_cmpstr (again, ==, text);
      n++;
    }
  g_assert_cmpuint (n, >=, 2);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/engine/campaign-seal/scenario-edited", Fixture, NULL, fixture_setup,
              test_scenario_edited, fixture_teardown);
  g_test_add ("/engine/campaign-seal/season-edited", Fixture, NULL, fixture_setup,
              test_season_edited, fixture_teardown);
  g_test_add ("/engine/campaign-seal/event-edited", Fixture, NULL, fixture_setup,
              test_event_edited, fixture_teardown);
  g_test_add ("/engine/campaign-seal/entry-added", Fixture, NULL, fixture_setup,
              test_entry_added, fixture_teardown);
  g_test_add ("/engine/campaign-seal/entry-removed", Fixture, NULL, fixture_setup,
              test_entry_removed, fixture_teardown);
  g_test_add ("/engine/campaign-seal/last-entry-removed", Fixture, NULL, fixture_setup,
              test_last_entry_removed, fixture_teardown);
  g_test_add ("/engine/campaign-seal/indented-anew", Fixture, NULL, fixture_setup,
              test_indented_anew, fixture_teardown);
  g_test_add ("/engine/campaign-seal/undo-redo-sealed", Fixture, NULL, fixture_setup,
              test_undo_redo_sealed, fixture_teardown);
  g_test_add ("/engine/campaign-seal/old-campaign-sealed", Fixture, NULL, fixture_setup,
              test_old_campaign_sealed, fixture_teardown);
  g_test_add_func ("/engine/campaign-seal/bundled-scenarios", test_bundled_scenarios);

  return g_test_run ();
}
