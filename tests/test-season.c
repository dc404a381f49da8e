/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-season.c: a campaign carries its season — the ruleset, classes and factions it was
 * started with — inside its file (adm_scenario_carry_season ()): it opens with the same figures
 * wherever the rules folder differs, a battle handed to a table carries them to the table
 * (adm_campaign_table_setup ()), a campaign written before seasons keeps opening with the
 * installed rules and takes them in on its next save with nothing else changed, and a season
 * that is not right is refused with its file and line. */

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
  char *rules;      /* a copy of data/rules with a Vorpatril destroyer of hull 15 */
  char *shipped;    /* data/rules as the build reads it */
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *rules = NULL;

  fixture->folder = g_dir_make_tmp ("admiralty-season-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->shipped = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  g_assert_nonnull (fixture->shipped);
  rules = g_build_filename (fixture->folder, "chief-rules", NULL);
  /* The Vorpatril's hull: 5 in the shipped classes, 15 in the chief's. */
  fixture->rules = changed_rules_new (rules, "classes", "<class id=\"vorpatril\"", "hull=\"5\"",
                                      "hull=\"15\"");
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_setenv ("ADMIRALTY_RULES_PATH", fixture->shipped, TRUE);
  remove_tree (fixture->folder);
  g_free (fixture->folder);
  g_free (fixture->rules);
  g_free (fixture->shipped);
}

static int
hull_of (AdmRuleset *ruleset,
         const char *klass)
{
  const AdmShipClass *found = adm_ruleset_lookup_class (ruleset, klass);

  g_assert_nonnull (found);
  return found->hull;
}

/* The Komarr scenario started as a campaign under the rules folder @rules, saved at @path. */
static AdmCampaign *
komarr_under (const char *rules,
              const char *path)
{
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  g_setenv ("ADMIRALTY_RULES_PATH", rules, TRUE);
  campaign = adm_campaign_open (scenario, &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&campaign);
}

/* A campaign started under the chief's rules opens under the shipped ones with the chief's
 * figures: its file carries its season, and nothing says otherwise. */
static void
test_campaign_carries_season (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->folder, "chief.admiralty", NULL);
  g_autoptr(AdmCampaign) chief = komarr_under (fixture->rules, path);
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = file_contents (path);

  g_assert_cmpint (hull_of (adm_campaign_get_ruleset (chief), "vorpatril"), ==, 15);
  g_assert_nonnull (strstr (text, "<season>"));
  g_assert_false (adm_campaign_took_installed_rules (chief));

  g_setenv ("ADMIRALTY_RULES_PATH", fixture->shipped, TRUE);
  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (adm_campaign_took_installed_rules (reopened));
  g_assert_cmpint (hull_of (adm_campaign_get_ruleset (reopened), "vorpatril"), ==, 15);
  g_assert_cmpstr (adm_ruleset_get_season_digest (adm_campaign_get_ruleset (reopened)), ==,
                   adm_ruleset_get_season_digest (adm_campaign_get_ruleset (chief)));

  /* With no rules folder at all, too. */
  g_setenv ("ADMIRALTY_RULES_PATH", fixture->folder, TRUE);
  g_clear_object (&reopened);
  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (hull_of (adm_campaign_get_ruleset (reopened), "vorpatril"), ==, 15);
}

/* The battle of an engagement handed to a table carries the campaign's season inside its
 * set-up: the table, whose own rules folder has the stock figures, fights the chief's ships
 * with the chief's figures (F-STRAT-15: the battle goes on from the campaign's state). */
static void
test_table_gets_season (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->folder, "chief.admiralty", NULL);
  g_autoptr(AdmCampaign) chief = komarr_under (fixture->rules, path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autofree char *assignment = NULL;
  g_autofree char *setup = NULL;
  g_autofree char *stripped = NULL;
  const char *digest = adm_ruleset_get_season_digest (adm_campaign_get_ruleset (chief));
  char *season;

  komarr_play_cycle (chief, 1, T0);
  g_assert_true (adm_campaign_assign_table (chief, "c1-1", "Table 1", T0 + 600, &assignment,
                                            &error));
  g_assert_no_error (error);
  setup = adm_campaign_table_battle (chief, "Table 1", "c1-1", &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (setup, digest));
  g_assert_nonnull (strstr (setup, "<season>"));

  /* The table's process: its rules folder is the shipped one. */
  g_setenv ("ADMIRALTY_RULES_PATH", fixture->shipped, TRUE);
  battle = adm_battle_load_game_memory (setup, strlen (setup), "c1-1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (hull_of (adm_battle_get_ruleset (battle), "vorpatril"), ==, 15);

  /* A battle that names a season this process never read, and carries none, is refused
   * with what to do, not played by other rules. */
  season = strstr (setup, "<season>");
  stripped = g_strndup (setup, season - setup);
  {
    char *at = strstr (stripped, digest);
    g_autoptr(GString) text = g_string_new (stripped);
    const char *end = strstr (season, "</season>") + strlen ("</season>");

    g_assert_nonnull (at);
    /* Another digest: one no season read here has. */
    text->str[at - stripped] = at[0] == '0' ? '1' : '0';
    g_string_append (text, end);
    g_clear_object (&battle);
    battle = adm_battle_load_game_memory (text->str, text->len, "c1-1", &error);
    g_assert_null (battle);
    g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "open it from its campaign"));
  }
}

/* The text of @text without its season. */
static char *
without_season (const char *text)
{
  const char *start = strstr (text, "\n  <season>");
  const char *end = start != NULL ? strstr (start, "</season>") : NULL;
  GString *out;

  g_assert_nonnull (end);
  out = g_string_new_len (text, start - text);
  g_string_append (out, end + strlen ("</season>"));
  return g_string_free (out, FALSE);
}

/* A campaign file written before campaigns carried their seasons (this one with a cycle played)
 * opens with the installed rules, says so once, and on its next save takes them in with
 * nothing else of the file changed. */
static void
test_old_campaign_takes_season (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->folder, "old.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = komarr_under (fixture->shipped, path);
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *carried = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  komarr_play_cycle (campaign, 1, T0);
  g_clear_object (&campaign);
  carried = file_contents (path);
  before = without_season (carried);
  g_assert_true (g_file_set_contents (path, before, -1, NULL));

  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_took_installed_rules (campaign));
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  after = file_contents (path);
  g_assert_cmpstr (after, ==, carried);

  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (adm_campaign_took_installed_rules (reopened));
}

/* A scenario whose season is not right is refused with the file, the line and the problem:
 * a class with hull 0 (classes.rng), a ruleset other than the one the scenario names. */
static void
test_bad_season (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->folder, "chief.admiralty", NULL);
  g_autoptr(AdmCampaign) chief = komarr_under (fixture->rules, path);
  g_autofree char *text = file_contents (path);
  struct {
    const char *from, *to, *says;
  } cases[] = {
    { "hull=\"15\"", "hull=\"0\"", "hull" },
    { "<classes ruleset=\"forcon-2010\"", "<classes ruleset=\"other\"", "other" },
  };

  g_setenv ("ADMIRALTY_RULES_PATH", fixture->shipped, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      char *at = strstr (text, cases[i].from);
      g_autoptr(GString) bad = g_string_new (NULL);
      g_autoptr(AdmCampaign) campaign = NULL;
      g_autoptr(GError) error = NULL;
      int line = 1, said = 0;

      g_assert_nonnull (at);
      for (const char *p = text; p < at; p++)
        line += *p == '\n';
      g_string_append_len (bad, text, at - text);
      g_string_append (bad, cases[i].to);
      g_string_append (bad, at + strlen (cases[i].from));
      campaign = adm_campaign_load_memory (bad->str, bad->len, "bad.admiralty", &error);
      g_assert_null (campaign);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      /* The line of the element: its start tag runs over a few lines. */
      g_assert_cmpint (sscanf (error->message, "bad.admiralty:%d:", &said), ==, 1);
      g_assert_cmpint (said, >=, line - 3);
      g_assert_cmpint (said, <=, line + 3);
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/engine/season/campaign-carries-season", Fixture, NULL, fixture_setup,
              test_campaign_carries_season, fixture_teardown);
  g_test_add ("/engine/season/F-STRAT-15/table-gets-season", Fixture, NULL, fixture_setup,
              test_table_gets_season, fixture_teardown);
  g_test_add ("/engine/season/old-campaign-takes-season", Fixture, NULL, fixture_setup,
              test_old_campaign_takes_season, fixture_teardown);
  g_test_add ("/engine/season/bad-season", Fixture, NULL, fixture_setup,
              test_bad_season, fixture_teardown);

  return g_test_run ();
}
