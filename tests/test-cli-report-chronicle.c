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
 *    cycle's report to its admirals, each thing once, word for word; after it, the master's;
 *  - each cycle's map marks the engagements its audience was told of (F-STRAT-4);
 *  - a faction fighting on a side named after its ally has its battles' luck weighed.
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

/* How many times @needle is in @text. */
static guint
count_of (const char *text,
          const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (text, needle); at != NULL; at = strstr (at + 1, needle))
    n++;
  return n;
}

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
  {
    g_autoptr(GPtrArray) ours = g_ptr_array_new ();
    g_autoptr(AdmDoc) report = NULL;
    g_autofree char *text = NULL;
    GPtrArray *formations = adm_strategy_get_formations (strategy_of (campaign));
    guint positions = 0;

    for (guint i = 0; i < admirals->len; i++)
      if (((const AdmAdmiral *) g_ptr_array_index (admirals, i))->faction == komarr)
        g_ptr_array_add (ours, g_ptr_array_index (admirals, i));
    g_assert_cmpuint (ours->len, >, 1);
    report = adm_report_build_admirals (campaign, ours, 1, NULL, &error);
    g_assert_no_error (error);
    text = adm_doc_to_text (report);
    /* Its admirals' report as one, each thing told once: its blocks, after its title and two
     * header lines. */
    assert_contains (side, after_lines (text, 3), komarr->id);
    g_assert_cmpuint (count_of (side, "Movements and contacts"), ==, 1);
    g_assert_cmpuint (count_of (side, "Your formations after cycle 1"), ==, 1);
    for (guint i = 0; i < formations->len; i++)
      if (((const AdmFormation *) g_ptr_array_index (formations, i))->faction == komarr)
        told++;
    for (const char *at = strstr (side, "\nPosition: "); at != NULL;
         at = strstr (at + 1, "\nPosition: "))
      positions++;
    g_assert_cmpuint (told, >, 1);
    g_assert_cmpuint (positions, ==, told);
  }

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

/* The engagements marked on @doc's sector maps (AdmQueuedEngagement*, borrowed; the map's
 * block says): those of the one map of a one-cycle chronicle. */
static GPtrArray *
map_marks (AdmDoc *doc)
{
  GPtrArray *blocks = adm_doc_get_blocks (doc);
  GPtrArray *marks = NULL;

  for (guint i = 0; i < blocks->len; i++)
    {
      const AdmDocBlock *block = g_ptr_array_index (blocks, i);

      if (block->kind != ADM_DOC_SECTOR_MAP)
        continue;
      g_assert_null (marks);
      g_assert_nonnull (block->marks);
      marks = block->marks;
    }
  g_assert_nonnull (marks);
  return marks;
}

/* F-STRAT-4, F-STRAT-3: the master's map of cycle 1 marks every engagement of the cycle, with
 * the status the campaign holds (c1-1 fought a turn: in progress); a side's only those the
 * one filter says it was told of, each as it may know its status; the public's those it
 * knows of. */
static void
test_map_marks (CliCampaign   *fixture,
                gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", "c1-1",
                                        "--turns", "1", "--seed", "3", NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(AdmDoc) master = NULL;
  GPtrArray *marks, *factions;
  AdmScenario *scenario;
  const char *audiences[16] = { "public" };
  guint n_audiences = 1;

  g_assert_cmpint (fight->status, ==, 0);
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  scenario = adm_campaign_get_scenario (campaign);
  queue = adm_campaign_get_engagements (campaign, 1);
  g_assert_cmpuint (queue->len, >, 1);
  master = adm_chronicle_build (campaign, NULL, NULL, &error);
  g_assert_no_error (error);
  marks = map_marks (master);
  g_assert_cmpuint (marks->len, ==, queue->len);
  for (guint i = 0; i < marks->len; i++)
    {
      const AdmQueuedEngagement *mark = g_ptr_array_index (marks, i);
      const AdmQueuedEngagement *queued = g_ptr_array_index (queue, i);

      g_assert_cmpstr (mark->id, ==, queued->id);
      g_assert_cmpint (mark->status, ==, queued->status);
      if (g_str_equal (mark->id, "c1-1"))
        g_assert_cmpint (mark->status, ==, ADM_ENGAGEMENT_IN_PROGRESS);
    }

  factions = adm_scenario_get_factions (scenario);
  for (guint f = 0; f < factions->len && n_audiences < G_N_ELEMENTS (audiences); f++)
    audiences[n_audiences++] = ((const AdmFaction *) g_ptr_array_index (factions, f))->id;
  for (guint a = 0; a < n_audiences; a++)
    {
      const AdmFaction *viewer = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario),
                                                             audiences[a]);
      g_autoptr(AdmDoc) doc = adm_chronicle_build (campaign, audiences[a], NULL, &error);
      g_autoptr(GPtrArray) told = adm_campaign_get_engagements (campaign, 1);
      guint m = 0;

      if (doc == NULL)
        {
          /* A faction with no admiral was told nothing. */
          g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL);
          g_clear_error (&error);
          continue;
        }
      adm_audience_filter_engagements (strategy_of (campaign), scenario, viewer, told);
      marks = map_marks (doc);
      g_test_message ("%s: %u of %u engagements marked", audiences[a], marks->len, queue->len);
      g_assert_cmpuint (marks->len, ==, told->len);
      for (guint i = 0; i < queue->len; i++)
        {
          const AdmQueuedEngagement *queued = g_ptr_array_index (queue, i);
          const AdmQueuedEngagement *mark;

          if (!adm_audience_told_of_engagement (strategy_of (campaign), scenario, viewer,
                                                queued))
            continue;
          g_assert_cmpuint (m, <, marks->len);
          mark = g_ptr_array_index (marks, m++);
          g_assert_cmpstr (mark->id, ==, queued->id);
          g_assert_cmpint (mark->status, ==, adm_audience_engagement_status (queued, told));
        }
      g_assert_cmpuint (m, ==, marks->len);
    }
}

/* The engagements the sector map after cycle @cycle marks in @doc (the cycle's map is the
 * @cycle-th). */
static GPtrArray *
cycle_map_marks (AdmDoc *doc,
                 guint   cycle)
{
  GPtrArray *blocks = adm_doc_get_blocks (doc);
  guint n = 0;

  for (guint i = 0; i < blocks->len; i++)
    {
      const AdmDocBlock *block = g_ptr_array_index (blocks, i);

      if (block->kind == ADM_DOC_SECTOR_MAP && ++n == cycle)
        {
          g_assert_nonnull (block->marks);
          return block->marks;
        }
    }
  g_assert_not_reached ();
  return NULL;
}

/* Engagement @id among @marks, or NULL. */
static const AdmQueuedEngagement *
find_mark (GPtrArray  *marks,
           const char *id)
{
  for (guint i = 0; i < marks->len; i++)
    {
      const AdmQueuedEngagement *mark = g_ptr_array_index (marks, i);

      if (g_str_equal (mark->id, id))
        return mark;
    }
  return NULL;
}

/* F-STRAT-4: a cycle's map marks each engagement with its status as it stood at that cycle's
 * end, not as the campaign holds it now. c1-1 is fought a turn in cycle 1 and dropped when
 * cycle 2 is resolved: the map of cycle 1 marks it in progress, every audience told of it
 * alike, though the campaign now holds it dropped. */
static void
test_map_status_then (CliCampaign   *fixture,
                      gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", "c1-1",
                                        "--turns", "1", "--seed", "3", NULL);
  g_autoptr(CliResult) cycle = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmQueuedEngagement) now = NULL;
  g_autoptr(GError) error = NULL;
  const char *audiences[] = { NULL, "public", "aslund", "barrayar", "cetaganda", "dendarii",
                              "jacksons-whole", "komarr", "pol", "vervain" };
  guint told = 0;

  g_assert_cmpint (fight->status, ==, 0);
  cycle = run_cli ("cycle", fixture->campaign, "--drop-unfought", "fought at the club", NULL);
  g_test_message ("%s", cycle->err);
  g_assert_cmpint (cycle->status, ==, 0);
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  now = adm_campaign_find_engagement (campaign, "c1-1", &error);
  g_assert_no_error (error);
  g_assert_cmpint (now->status, ==, ADM_ENGAGEMENT_DROPPED);
  for (guint a = 0; a < G_N_ELEMENTS (audiences); a++)
    {
      g_autoptr(AdmDoc) doc = adm_chronicle_build (campaign, audiences[a], NULL, &error);
      const AdmQueuedEngagement *mark;

      if (doc == NULL)
        {
          /* A faction with no admiral was told nothing. */
          g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL);
          g_clear_error (&error);
          continue;
        }
      mark = find_mark (cycle_map_marks (doc, 1), "c1-1");
      g_test_message ("%s: c1-1 %s on cycle 1's map", audiences[a] != NULL ? audiences[a]
                                                                            : "master",
                      mark != NULL ? "marked" : "not marked");
      /* The master is told of every engagement; the others as the filter says. */
      if (audiences[a] == NULL)
        g_assert_nonnull (mark);
      if (mark != NULL)
        {
          told++;
          g_assert_cmpint (mark->status, ==, ADM_ENGAGEMENT_IN_PROGRESS);
        }
    }
  /* A side fighting it was told of it. */
  g_assert_cmpuint (told, >=, 2);
}

/* The Komarr campaign with the Pol Minesweeping Division (no admiral, no orders) made Jackson's
 * Whole's and Jackson's Whole allied with Pol, played through cycle 1 from its sheets, and its
 * engagement c1-3 (Jade Squadron against Pol Escort Group and the division) fought a turn:
 * in that battle Jackson's Whole fights on the side named after Pol, the first faction of the
 * alliance met (adm_engagement_placements ()). Returns the folder; @campaign_out the file. */
static char *
allied_campaign (char **campaign_out)
{
  const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *scenario = g_build_filename (source, "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *folder = g_build_filename (source, "scenarios", "komarr-campaign.sheets",
                                           NULL);
  g_autofree char *s1 = g_build_filename (folder, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = g_build_filename (folder, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = g_build_filename (folder, "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autofree char *text = NULL, *edited = NULL, *copy = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CliResult) cycle = NULL, fight = NULL;
  char *dir = g_dir_make_tmp ("chronicle-allied-XXXXXX", &error);
  GString *edit;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (scenario, &text, NULL, &error));
  g_assert_no_error (error);
  edit = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edit, "<formation id=\"pol-minesweeping-division\" "
                                      "name=\"Pol Minesweeping Division\" faction=\"pol\"",
                                      "<formation id=\"pol-minesweeping-division\" "
                                      "name=\"Pol Minesweeping Division\" "
                                      "faction=\"jacksons-whole\"", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (edit, "<alliance id=\"hub-defence-contract\"",
                                      "<alliance id=\"pol-fell\" name=\"Pol–Fell Pact\">"
                                      "<member faction=\"pol\"/>"
                                      "<member faction=\"jacksons-whole\"/></alliance>\n"
                                      "  <alliance id=\"hub-defence-contract\"", 1), ==, 1);
  edited = g_string_free (edit, FALSE);
  copy = g_build_filename (dir, "allied.admiralty", NULL);
  g_assert_true (g_file_set_contents (copy, edited, -1, &error));
  g_assert_no_error (error);
  *campaign_out = g_build_filename (dir, "komarr.admiralty", NULL);
  cycle = run_cli ("cycle", copy, "--orders", s1, s2, s3, "--save", *campaign_out, "--seed",
                   "7", NULL);
  g_test_message ("%s", cycle->err);
  g_assert_cmpint (cycle->status, ==, 0);
  fight = run_cli ("battle", *campaign_out, "--engagement", "c1-3", "--turns", "1", "--seed",
                   "3", NULL);
  g_test_message ("%s", fight->err);
  g_assert_cmpint (fight->status, ==, 0);
  return dir;
}

/* F-STRAT-4: a faction whose id is not its side's in a battle (Jackson's Whole, on Pol's side)
 * has that battle's luck weighed as its side's: `luck --as` the faction gives Pol's side's
 * ledger, and its chronicle's luck ledger is that one, not "no battle fought". A faction in
 * no battle is still refused, and so is an unknown side. */
static void
test_allied_faction (void)
{
  g_autofree char *campaign = NULL;
  g_autofree char *dir = allied_campaign (&campaign);
  g_autoptr(CliResult) fell = NULL, pol = NULL, aslund = NULL, nobody = NULL;
  g_autofree char *chronicle = NULL;

  nobody = run_cli ("luck", campaign, "--as", "nobody", NULL);
  assert_failure (nobody, 1, "“nobody” is not an audience of this battle");
  aslund = run_cli ("luck", campaign, "--as", "aslund", NULL);
  assert_failure (aslund, 1, "“aslund” is not an audience of this battle");

  fell = run_cli ("luck", campaign, "--as", "jacksons-whole", "--json", NULL);
  g_test_message ("%s", fell->err);
  g_assert_cmpint (fell->status, ==, 0);
  pol = run_cli ("luck", campaign, "--as", "pol", "--json", NULL);
  g_assert_cmpint (pol->status, ==, 0);
  g_assert_cmpstr (fell->out, ==, pol->out);
  assert_contains (fell->out, "\"rolls\"", "Jackson's Whole's ledger");

  chronicle = chronicle_text (campaign, "jacksons-whole");
  assert_contains (chronicle, "Luck ledger", "Jackson's Whole's chronicle");
  assert_lacks (chronicle, "No battle of this campaign was fought by this side",
                "Jackson's Whole's chronicle");
  assert_contains (chronicle, "Pol orbit, cycle 1, minute 20", "Jackson's Whole's chronicle");
  cli_remove_folder (dir);
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
  g_test_add_func ("/cli/report-chronicle/F-STRAT-4/allied-faction", test_allied_faction);
  ADD ("F-STRAT-4/map-marks", test_map_marks);
  ADD ("F-STRAT-4/map-status-then", test_map_status_then);
#undef ADD

  return g_test_run ();
}
