/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-end-campaign.c: `admiralty-cli end-campaign CAMPAIGN --reason TEXT` and `--publish`
 * on the Komarr campaign after its first cycle (F-STRAT-3: each side is told only what its formations
 * saw, until the master publishes the whole truth):
 *  - bad input first: no reason, an empty or blank one, one longer than the state keeps,
 *    publishing before the end, ending twice, publishing twice, ending while a battle is under
 *    way (refused naming its engagement) — each refused (exit 1, or 2 for bad usage), named,
 *    and no byte of the file changed;
 *  - once ended, no cycle, order or battle entry is taken, with a clear message; undo is;
 *  - before the publication an admiral's report is byte for byte what it was before the end
 *    (the hidden Autumn Screen not named to Komarr); after it, it is the master's, naming it;
 *    `undo` hides it again;
 *  - so are an admiral's fleet cards and order sheets (after the publication, every admiral's,
 *    as the master prints them) and the public bulletin (after it, the master's report under
 *    the bulletin's title).
 * CLI_PATH comes from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* Vorkosigan's (Komarr's side) report of cycle 1 as `admiralty-cli report --text` gives
 * it: the side's archive. */
static char *
komarr_report (const char *campaign)
{
  g_autoptr(CliResult) result = run_cli ("report", campaign, "--kind", "admiral", "--admiral",
                                         "vorkosigan", "--cycle", "1", "--text",
                                         NULL);

  g_assert_cmpint (result->status, ==, 0);
  return g_strdup (result->out);
}

/* `admiralty-cli report --kind KIND [--admiral ADMIRAL] --text` of cycle 1 (order sheets: of
 * the current cycle). */
static char *
report_of (const char *campaign,
           const char *kind,
           const char *admiral)
{
  const char *args[] = { "report", campaign, "--kind", kind, "--text",
                         g_str_equal (kind, "sheets") ? NULL : "--cycle", "1",
                         NULL, NULL, NULL };
  g_autoptr(CliResult) result = NULL;

  if (admiral != NULL)
    {
      guint n = g_str_equal (kind, "sheets") ? 5 : 7;

      args[n] = "--admiral";
      args[n + 1] = admiral;
      args[n + 2] = NULL;
    }
  result = run_cli_strv (args);
  g_assert_cmpint (result->status, ==, 0);
  return g_strdup (result->out);
}

/* @text after its title and opening paragraph: what a document tells, whoever it is for. */
static const char *
body_of (const char *text)
{
  const char *title_end = strchr (text, '\n');
  const char *intro = title_end != NULL ? strstr (title_end, "Campaign: ") : NULL;
  const char *end = intro != NULL ? strchr (intro, '\n') : NULL;

  g_assert_nonnull (end);
  return end;
}

/* What one side (Komarr's Vorkosigan) and the public read of the campaign, kind by kind. */
typedef struct {
  char *report, *cards, *sheets, *bulletin;
} Archive;

static void
archive_read (Archive    *archive,
              const char *campaign)
{
  archive->report = komarr_report (campaign);
  archive->cards = report_of (campaign, "cards", "vorkosigan");
  archive->sheets = report_of (campaign, "sheets", "vorkosigan");
  archive->bulletin = report_of (campaign, "public", NULL);
}

static void
archive_clear (Archive *archive)
{
  g_free (archive->report);
  g_free (archive->cards);
  g_free (archive->sheets);
  g_free (archive->bulletin);
}

static void
assert_archive_equal (const Archive *a,
                      const Archive *b)
{
  g_assert_cmpstr (a->report, ==, b->report);
  g_assert_cmpstr (a->cards, ==, b->cards);
  g_assert_cmpstr (a->sheets, ==, b->sheets);
  g_assert_cmpstr (a->bulletin, ==, b->bulletin);
}

static void
test_refused (CliCampaign   *fixture,
              gconstpointer  data)
{
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *huge = g_strnfill (ADM_STATE_REASON_MAX + 1, 'x');
  const struct {
    const char *args[4];
    int         status;
    const char *message;
  } refusals[] = {
    { { NULL }, 2, "say why the campaign ends" },
    { { "--reason", "", NULL }, 2, "missing value for --reason" },
    /* Ending the campaign is not called a correction. */
    { { "--reason", "   ", NULL }, 1,
      "the end of the campaign gives no reason; say why the war ends" },
    { { "--reason", huge, NULL }, 1,
      "the reason given for the end of the campaign is longer than 2000 characters" },
    { { "--publish", NULL }, 1, "the campaign is not ended" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autoptr(CliResult) result =
        run_cli ("end-campaign", fixture->campaign, refusals[i].args[0], refusals[i].args[1],
                 NULL);
      g_autofree char *after = NULL;

      g_test_message ("refusal %u", i);
      assert_failure (result, refusals[i].status, refusals[i].message);
      after = file_contents (fixture->campaign);
      g_assert_cmpstr (before, ==, after);
    }
  {
    g_autoptr(CliResult) result = run_cli ("end-campaign", NULL);

    assert_failure (result, 2, "no campaign file given");
  }
  {
    g_autoptr(CliResult) result = run_cli ("end-campaign", fixture->campaign, "more",
                                           "--reason", "peace", NULL);

    assert_failure (result, 2, "unexpected argument “more”");
  }
}

/* F-STRAT-4: a battle under way is ended or dropped before the campaign: its results would
 * never come in. The refusal names the engagement. */
static void
test_battle_under_way (CliCampaign   *fixture,
                       gconstpointer  data)
{
  g_autoptr(CliResult) battle = run_cli ("battle", fixture->campaign, "--engagement", "c1-1",
                                         "--turns", "1", NULL);
  g_autoptr(CliResult) refused = NULL;
  g_autoptr(CliResult) ended = NULL;
  g_autoptr(CliResult) end = NULL;
  g_autofree char *before = NULL, *after = NULL;

  g_assert_cmpint (battle->status, ==, 0);
  before = file_contents (fixture->campaign);
  refused = run_cli ("end-campaign", fixture->campaign, "--reason", "peace", NULL);
  assert_failure (refused, 1, "the battle of engagement c1-1 is not ended");
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  ended = run_cli ("battle", fixture->campaign, "--engagement", "c1-1", "--end", "--reason",
                   "both sides withdrew", NULL);
  g_assert_cmpint (ended->status, ==, 0);
  end = run_cli ("end-campaign", fixture->campaign, "--reason", "peace", NULL);
  g_assert_cmpint (end->status, ==, 0);
}

static void
test_ended (CliCampaign   *fixture,
            gconstpointer  data)
{
  g_autofree char *hidden = komarr_report (fixture->campaign);
  g_autofree char *ended_report = NULL, *published = NULL, *undone = NULL;
  g_autofree char *master = NULL, *every_card = NULL, *every_sheet = NULL;
  Archive side = { 0 }, ended_side = { 0 }, published_side = { 0 }, undone_side = { 0 };
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(CliResult) end = NULL, twice = NULL, cycle = NULL, battle = NULL;
  g_autoptr(CliResult) publish = NULL, again = NULL, undo = NULL, json = NULL;
  g_autoptr(JsonObject) object = NULL;

  g_assert_null (strstr (hidden, "Autumn Screen"));
  archive_read (&side, fixture->campaign);
  master = report_of (fixture->campaign, "master", NULL);
  every_card = report_of (fixture->campaign, "cards", NULL);
  every_sheet = report_of (fixture->campaign, "sheets", NULL);
  g_assert_cmpstr (side.cards, !=, every_card);
  g_assert_cmpstr (side.sheets, !=, every_sheet);
  g_assert_null (strstr (side.bulletin, "Autumn Screen"));
  end = run_cli ("end-campaign", fixture->campaign, "--reason",
                 "The Cetagandans sued for peace", NULL);
  g_assert_cmpint (end->status, ==, 0);
  g_assert_nonnull (strstr (end->out, "The campaign is ended"));

  /* Nothing else enters, each refusal named, the file untouched. */
  before = file_contents (fixture->campaign);
  twice = run_cli ("end-campaign", fixture->campaign, "--reason", "again", NULL);
  assert_failure (twice, 1, "the campaign is ended already");
  cycle = run_cli ("cycle", fixture->campaign, "--drop-unfought", "peace", NULL);
  assert_failure (cycle, 1, "the campaign is ended (“The Cetagandans sued for peace”)");
  battle = run_cli ("battle", fixture->campaign, "--engagement", "c1-2", "--turns", "1", NULL);
  assert_failure (battle, 1, "the campaign is ended (“The Cetagandans sued for peace”)");
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  /* Before the publication every side's archive is as it was. */
  ended_report = komarr_report (fixture->campaign);
  g_assert_cmpstr (ended_report, ==, hidden);
  archive_read (&ended_side, fixture->campaign);
  assert_archive_equal (&ended_side, &side);

  publish = run_cli ("end-campaign", fixture->campaign, "--publish", NULL);
  g_assert_cmpint (publish->status, ==, 0);
  g_assert_nonnull (strstr (publish->out, "The whole truth is published"));
  again = run_cli ("end-campaign", fixture->campaign, "--publish", NULL);
  assert_failure (again, 1, "the whole truth is published already");
  published = komarr_report (fixture->campaign);
  g_assert_nonnull (strstr (published, "published the whole truth"));
  g_assert_nonnull (strstr (published, "Autumn Screen"));
  /* Every side's and the public's paper is the master's. */
  archive_read (&published_side, fixture->campaign);
  g_assert_cmpstr (body_of (published_side.report), ==, body_of (master));
  g_assert_cmpstr (published_side.cards, ==, every_card);
  g_assert_cmpstr (published_side.sheets, ==, every_sheet);
  g_assert_true (g_str_has_prefix (published_side.bulletin, "Public bulletin — cycle 1"));
  g_assert_cmpstr (body_of (published_side.bulletin), ==, body_of (master));

  /* Undo takes the publication back: hidden again. */
  undo = run_cli ("undo", fixture->campaign, NULL);
  g_assert_cmpint (undo->status, ==, 0);
  undone = komarr_report (fixture->campaign);
  g_assert_cmpstr (undone, ==, hidden);
  archive_read (&undone_side, fixture->campaign);
  assert_archive_equal (&undone_side, &side);
  archive_clear (&side);
  archive_clear (&ended_side);
  archive_clear (&published_side);
  archive_clear (&undone_side);

  json = run_cli ("end-campaign", "--json", fixture->campaign, "--publish", NULL);
  g_assert_cmpint (json->status, ==, 0);
  object = parse_json (json->out);
  g_assert_cmpstr (json_object_get_string_member (object, "reason"), ==,
                   "The Cetagandans sued for peace");
  g_assert_true (json_object_get_boolean_member (object, "published"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/end-campaign/F-STRAT-3/refused", CliCampaign, NULL,
              cli_campaign_after_cycle, test_refused, cli_campaign_teardown);
  g_test_add ("/cli/end-campaign/F-STRAT-4/battle-under-way", CliCampaign, NULL,
              cli_campaign_after_sheets, test_battle_under_way, cli_campaign_teardown);
  g_test_add ("/cli/end-campaign/F-STRAT-3/ended", CliCampaign, NULL,
              cli_campaign_after_sheets, test_ended, cli_campaign_teardown);
  return g_test_run ();
}
