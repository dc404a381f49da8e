/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-report-chronicle.c: `admiralty-cli report --kind chronicle`, the war chronicle, for
 * the Komarr campaign after cycle 1 played from its sheets:
 *  - bad input first: an unknown side, --cycle or --admiral with it (exit 1 or 2, the problem
 *    named, nothing written); a campaign with no cycle resolved; a battle not ended (told as
 *    it stands, in progress); a campaign of 25,000 journal entries (told in bounded time);
 *  - each side's chronicle, as PDF text (the sector maps' names included), names no formation
 *    the side never saw on its map (F-STRAT-3) and no ship of the battle fought that its
 *    views do not show it by name (F-ECM-2, F-ECM-4);
 *  - before the master publishes the whole truth a side's chronicle is what it was told: each
 *    cycle's report of each of its admirals, word for word; after it, the master's.
 * CLI_PATH comes from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "komarr-helpers.h"
#include "text-helpers.h"

#define ENGAGEMENT "c1-2"
#define T0 G_GINT64_CONSTANT (1795370400)

/* @text without its first @n lines: a document's text without its title and headers. */
static const char *
after_lines (const char *text,
             guint       n)
{
  for (guint i = 0; i < n && text != NULL; i++)
    {
      text = strchr (text, '\n');
      if (text != NULL)
        text++;
    }
  g_assert_nonnull (text);
  return text;
}

static char *
chronicle_text (const char *campaign,
                const char *as)
{
  g_autoptr(CliResult) result = as != NULL
    ? run_cli ("report", campaign, "--kind", "chronicle", "--as", as, "--text", NULL)
    : run_cli ("report", campaign, "--kind", "chronicle", "--text", NULL);

  g_test_message ("%s", result->err);
  g_assert_cmpint (result->status, ==, 0);
  return g_strdup (result->out);
}

static void
test_bad_input (CliCampaign   *fixture,
                gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (fixture->dir, "chronicle.pdf", NULL);
  struct {
    const char *args[4];
    int         status;
    const char *message;
  } cases[] = {
    { { "--as", "nobody", NULL }, 1,
      "The campaign has no side or admiral “nobody”; a chronicle is for one of: master, public" },
    { { "--cycle", "1", NULL }, 2, "--kind chronicle tells the whole campaign" },
    { { "--admiral", "vorkosigan", NULL }, 2, "--kind chronicle tells the whole campaign" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char **a = cases[i].args;
      g_autoptr(CliResult) result = run_cli ("report", fixture->campaign, "--kind", "chronicle",
                                             a[0], a[1], "-o", pdf, NULL);

      g_test_message ("case %u: %s", i, result->err);
      assert_failure (result, cases[i].status, cases[i].message);
      g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
    }
}

/* A campaign with no cycle resolved has nothing to tell: refused, saying so. */
static void
test_empty (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_chronicle_build (campaign, NULL, NULL, &error);

  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE);
  g_assert_nonnull (strstr (error->message, "the chronicle has nothing to tell"));
}

/* F-STRAT-4: a battle not ended is told as it stands, in progress, in the master's chronicle
 * and the sides'. */
static void
test_battle_not_ended (CliCampaign   *fixture,
                       gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", ENGAGEMENT,
                                        "--turns", "1", "--seed", "3", NULL);
  g_autofree char *master = NULL;

  g_assert_cmpint (fight->status, ==, 0);
  master = chronicle_text (fixture->campaign, NULL);
  assert_contains (master, "In progress: turn", "the master's chronicle");
  assert_contains (master, "Luck ledger", "the master's chronicle");
}

/* A campaign of 25,000 entries (the master's notes between the cycles, as a long night
 * leaves them) is told in bounded time: well under the 10 s an archive of 20 admirals may
 * take. */
static void
test_long_campaign (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *text = NULL;
  gint64 start;
  double seconds;

  komarr_play_cycle (campaign, 1, T0);
  while (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)) < 25000)
    {
      g_autoptr(AdmEvent) note = adm_event_new ("note", T0 + 3600);

      adm_event_set_text (note, "Patrol the sector and report contacts.");
      g_assert_true (adm_campaign_append (campaign, note, &error));
      g_assert_no_error (error);
    }
  komarr_play_cycle (campaign, 2, T0);
  start = g_get_monotonic_time ();
  doc = adm_chronicle_build (campaign, "barrayar", NULL, &error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_assert_no_error (error);
  text = adm_doc_to_text (doc);
  g_test_message ("25,000 entries, 2 cycles: told in %.2f s", seconds);
  assert_contains (text, "cycle 2", "the long campaign's chronicle");
  g_assert_cmpfloat (seconds, <, 10.0);
}

/* F-STRAT-3: the formations @faction saw on its map at some moment of @campaign's journal. */
static GHashTable *
formations_ever_seen (AdmCampaign      *campaign,
                      const AdmFaction *faction)
{
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

  for (guint m = 0; m <= n; m++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmState) state = adm_campaign_state_at (campaign, m, &error);
      g_autoptr(GPtrArray) known = NULL;

      g_assert_no_error (error);
      known = adm_audience_known_formations (adm_state_get_strategy (state), faction);
      for (guint i = 0; i < known->len; i++)
        g_hash_table_add (seen, g_strdup (((AdmFormation *) g_ptr_array_index (known, i))->id));
    }
  return seen;
}

/* Each side's chronicle, as the PDF's text, names no formation it never saw (nor a ship of
 * one), and no ship of the battle fought whose name its views do not show it. */
static void
test_sides_leak_nothing (CliCampaign   *fixture,
                         gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", ENGAGEMENT,
                                        "--turns", "2", "--seed", "3", NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  AdmBattle *battle;
  GPtrArray *factions;
  AdmStrategy *now;
  guint hidden = 0;

  g_assert_cmpint (fight->status, ==, 0);
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  battle = adm_campaign_get_battle_played (campaign, ENGAGEMENT, &error);
  g_assert_no_error (error);
  factions = adm_scenario_get_factions (adm_campaign_get_scenario (campaign));
  now = strategy_of (campaign);
  for (guint f = 0; f < factions->len; f++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, f);
      g_autofree char *pdf = g_strdup_printf ("%s%cchronicle-%s.pdf", fixture->dir,
                                              G_DIR_SEPARATOR, faction->id);
      g_autoptr(CliResult) written = run_cli ("report", fixture->campaign, "--kind",
                                              "chronicle", "--as", faction->id, "-o", pdf,
                                              NULL);
      g_autoptr(GHashTable) seen = NULL;
      g_autofree char *words = NULL;
      GPtrArray *formations = adm_strategy_get_formations (now);
      AdmAudience audience;
      g_autoptr(GError) not_a_side = NULL;

      if (written->status != 0)
        {
          /* A faction with no admiral was told nothing. */
          assert_failure (written, 1, "has no admiral");
          continue;
        }
      words = pdf_text (pdf);
      assert_contains (words, "War chronicle", faction->id);
      /* Only the master's paper names an engagement by its id (F-STRAT-3). */
      assert_lacks (words, ENGAGEMENT, faction->id);
      seen = formations_ever_seen (campaign, faction);
      for (guint i = 0; i < formations->len; i++)
        {
          const AdmFormation *formation = g_ptr_array_index (formations, i);

          if (g_hash_table_contains (seen, formation->id))
            continue;
          hidden++;
          assert_lacks (words, formation->name, faction->id);
          for (guint s = 0; s < formation->ships->len; s++)
            assert_lacks (words, ((AdmShip *) g_ptr_array_index (formation->ships, s))->name,
                          faction->id);
        }
      if (!adm_audience_parse (battle, faction->id, &audience, &not_a_side))
        continue;
      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        if (!adm_audience_ship_shows (audience, battle, i, ADM_SHIP_FACT_NAME))
          assert_lacks (words, adm_battle_get_ship (battle, i)->name, faction->id);
    }
  g_test_message ("formations some side never saw: %u", hidden);
  g_assert_cmpuint (hidden, >, 0);
}

/* Before the publication Komarr's side's chronicle holds each of its admirals' reports word
 * for word (what it was told), and not the hidden Autumn Screen; after it, it is the master's;
 * undo hides it again. */
static void
test_revelation (CliCampaign   *fixture,
                 gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *side = NULL, *master = NULL, *published = NULL, *undone = NULL;
  g_autoptr(CliResult) end = NULL, publish = NULL, undo = NULL;
  GPtrArray *admirals;
  const AdmFaction *komarr = NULL;
  guint told = 0;

  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  komarr = adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign),
                                        "vorkosigan")->faction;
  side = chronicle_text (fixture->campaign, komarr->id);
  master = chronicle_text (fixture->campaign, NULL);
  assert_lacks (side, "Autumn Screen", komarr->id);
  assert_contains (master, "Autumn Screen", "the master's chronicle");
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autoptr(CliResult) report = NULL;

      if (admiral->faction != komarr)
        continue;
      report = run_cli ("report", fixture->campaign, "--kind", "admiral", "--admiral",
                        admiral->id, "--cycle", "1", "--text", NULL);
      g_assert_cmpint (report->status, ==, 0);
      /* The report's blocks, after its title and two header lines. */
      assert_contains (side, after_lines (report->out, 3), admiral->id);
      told++;
    }
  g_assert_cmpuint (told, >, 0);

  end = run_cli ("end-campaign", fixture->campaign, "--reason", "peace", NULL);
  g_assert_cmpint (end->status, ==, 0);
  g_clear_pointer (&published, g_free);
  published = chronicle_text (fixture->campaign, komarr->id);
  /* Ended, not published: as it was. */
  g_assert_cmpstr (published, ==, side);

  publish = run_cli ("end-campaign", fixture->campaign, "--publish", NULL);
  g_assert_cmpint (publish->status, ==, 0);
  g_free (published);
  published = chronicle_text (fixture->campaign, komarr->id);
  g_free (master);
  master = chronicle_text (fixture->campaign, NULL);
  assert_contains (published, "published the whole truth", komarr->id);
  /* Past the title, the headers, the heading and whose copy it is: the master's. */
  g_assert_cmpstr (after_lines (published, 7), ==, after_lines (master, 7));

  undo = run_cli ("undo", fixture->campaign, NULL);
  g_assert_cmpint (undo->status, ==, 0);
  undone = chronicle_text (fixture->campaign, komarr->id);
  g_assert_cmpstr (undone, ==, side);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cli/report-chronicle/" path, CliCampaign, NULL, cli_campaign_after_sheets, \
              func, cli_campaign_teardown)
  ADD ("bad-input", test_bad_input);
  g_test_add_func ("/cli/report-chronicle/F-STRAT-1/empty", test_empty);
  ADD ("F-STRAT-4/battle-not-ended", test_battle_not_ended);
  g_test_add_func ("/cli/report-chronicle/F-STRAT-1/long-campaign", test_long_campaign);
  ADD ("F-STRAT-3/sides-leak-nothing", test_sides_leak_nothing);
  ADD ("F-STRAT-3/revelation", test_revelation);
#undef ADD

  return g_test_run ();
}
