/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-cycle.c: `admiralty-cli cycle` run as a master's script would run it — a scenario
 * started as a campaign with --save, a saved campaign resolved in place, the summary and
 * --json, a refused sheet that names its file and line and leaves the campaign byte for byte,
 * and bad usage. CLI_PATH comes from meson; ADMIRALTY_SOURCE_DIR from the test environment. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "admiralty-engine.h"
#include "adm-file.h"
#include "cli-helpers.h"
#include "file-helpers.h"

static char *
sheet (const char *name)
{
  return source_path ("tests/data/order-sheets", name, NULL);
}

/* One of the sample sheets shipped with the Komarr campaign. */
static char *
sample_sheet (const char *name)
{
  return source_path ("scenarios/komarr-campaign.sheets", name, NULL);
}

typedef struct {
  char *dir;
  char *campaign;   /* dir/komarr.admiralty, written by the first cycle */
  char *scenario;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("admiralty-cli-cycle-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->campaign = g_build_filename (fixture->dir, "komarr.admiralty", NULL);
  fixture->scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GPtrArray) checkpoints = adm_file_list_checkpoints (fixture->campaign);
  g_autofree char *first = adm_file_checkpoint_path (fixture->campaign, "cycle-1");
  g_autofree char *folder = g_path_get_dirname (first);

  for (guint n = 0; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *path = n == 0 ? g_strdup (fixture->campaign)
                                     : adm_campaign_backup_path (fixture->campaign, n);
      g_remove (path);
    }
  for (guint i = 0; i < checkpoints->len; i++)
    g_remove (g_ptr_array_index (checkpoints, i));
  /* The checkpoints' folder, or the file a test put in its place. */
  g_remove (folder);
  g_assert_cmpint (g_rmdir (fixture->dir), ==, 0);
  g_free (fixture->dir);
  g_free (fixture->campaign);
  g_free (fixture->scenario);
}

/* Cycle 1 of the Komarr campaign from its three sheets, into fixture->campaign. */
static void
start_campaign (Fixture *fixture)
{
  g_autofree char *a = sample_sheet ("komarr-cycle-1-ghem-sarlat.xml");
  g_autofree char *b = sample_sheet ("komarr-cycle-1-radovan.xml");
  g_autofree char *c = sample_sheet ("komarr-cycle-1-vorkosigan.xml");
  g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", a, b, c,
                                         "--save", fixture->campaign, NULL);

  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_nonnull (strstr (result->out, "Cycle 1 — master’s summary"));
  g_assert_nonnull (strstr (result->out, "moved from Komarr wormhole terminus to Pol jump point"));
  g_assert_nonnull (strstr (result->out, "\nEngagements\n"));
  g_assert_nonnull (strstr (result->out, "  Pol orbit at minute 20: Jade Squadron"));
  g_assert_nonnull (strstr (result->out, "  First Squadron, Home Fleet: Pol jump point\n"));
  g_assert_true (g_file_test (fixture->campaign, G_FILE_TEST_EXISTS));
}

/* cycle --json --as: an admiral's, a faction's and the public's picture name no
 * formation that side does not know of — the hidden Autumn Screen and Komarran Cruiser
 * Division — and give no placement or check of another side's; the Cetagandans know their
 * own Autumn Screen. A viewer that is no one is refused before the campaign changes. */
static void
test_as_viewer (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *a = sample_sheet ("komarr-cycle-1-ghem-sarlat.xml");
  g_autofree char *b = sample_sheet ("komarr-cycle-1-radovan.xml");
  g_autofree char *c = sample_sheet ("komarr-cycle-1-vorkosigan.xml");
  static const char *const hidden[] = { "autumn-screen", "Autumn Screen",
                                        "komarran-cruiser-division",
                                        "Komarran Cruiser Division" };
  static const char *const viewers[] = { "vorkosigan", "barrayar", "public" };

  for (guint v = 0; v < G_N_ELEMENTS (viewers); v++)
    {
      g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", a, b, c,
                                             "--save", fixture->campaign, "--seed", "7",
                                             "--json", "--as", viewers[v], NULL);

      g_test_message ("%s: %s%s", viewers[v], result->out, result->err);
      g_assert_cmpint (result->status, ==, 0);
      for (guint h = 0; h < G_N_ELEMENTS (hidden); h++)
        g_assert_null (strstr (result->out, hidden[h]));
      g_assert_nonnull (strstr (result->out, "\"positions\":[{"));
      if (g_str_equal (viewers[v], "public"))
        g_assert_nonnull (strstr (result->out, "\"summary\":[]"));
      g_assert_cmpint (g_remove (fixture->campaign), ==, 0);
    }
  {
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", a, b, c,
                                           "--save", fixture->campaign, "--json", "--as",
                                           "cetaganda", NULL);

    g_assert_cmpint (result->status, ==, 0);
    g_assert_nonnull (strstr (result->out, "\"formation\":\"autumn-screen\""));
    g_assert_null (strstr (result->out, "komarran-cruiser-division"));
    g_assert_cmpint (g_remove (fixture->campaign), ==, 0);
  }
  {
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", a, b, c,
                                           "--save", fixture->campaign, "--json", "--as",
                                           "nobody", NULL);

    assert_failure (result, 2, "--as “nobody” is not master, public, an admiral or a faction "
                               "of this campaign");
    g_assert_false (g_file_test (fixture->campaign, G_FILE_TEST_EXISTS));
  }
}

static void
test_good_run (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *sheet_2 = sample_sheet ("komarr-cycle-2-radovan.xml");
  g_autoptr(CliResult) result = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *backup = NULL;

  g_autofree char *before = NULL, *after = NULL;

  start_campaign (fixture);
  /* F-STRAT-4: the engagements of cycle 1 are not fought: the cycle is refused, naming them,
   * and the file is left as it was. */
  g_assert_true (g_file_get_contents (fixture->campaign, &before, NULL, NULL));
  result = run_cli ("cycle", fixture->campaign, "--orders", sheet_2, NULL);
  assert_failure (result, 1, "Cycle 2 was refused, nothing of it saved: the engagements c1-1 "
                             "(Not fought), c1-2 (Not fought), c1-3 (Not fought), c1-4 (Waiting "
                             "for c1-1) are not fought; fight them (battle --engagement ID) or "
                             "drop them with --drop-unfought REASON");
  g_assert_true (g_file_get_contents (fixture->campaign, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  g_clear_pointer (&result, cli_result_free);
  /* A saved campaign is written back to its own file, the previous one kept as a backup; the
   * engagements left are dropped with the master's reason. */
  result = run_cli ("cycle", fixture->campaign, "--orders", sheet_2, "--drop-unfought",
                    "the fleets disengaged", NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, "Cycle 2 — master’s summary"));
  backup = adm_campaign_backup_path (fixture->campaign, 1);
  g_assert_true (g_file_test (backup, G_FILE_TEST_EXISTS));
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 3);
  /* 3 + 3 + 3 events of cycle 1's sheets, one cycle, 2 of cycle 2's sheet, four drops, one
   * cycle. */
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 17);
  {
    g_autoptr(AdmQueuedEngagement) dropped = adm_campaign_find_engagement (campaign, "c1-3",
                                                                           &error);
    g_autofree char *status = NULL;

    g_assert_no_error (error);
    status = adm_queued_engagement_describe_status (dropped);
    g_assert_cmpstr (status, ==, "Dropped: the fleets disengaged");
  }
  /* A side reads the master's reason too, as its admirals' reports give it. */
  {
    g_autoptr(CliResult) queue = run_cli ("engagements", fixture->campaign, "--as", "radovan",
                                          NULL);

    g_test_message ("%s%s", queue->out, queue->err);
    g_assert_cmpint (queue->status, ==, 0);
    g_assert_nonnull (strstr (queue->out, "Dropped: the fleets disengaged"));
    g_assert_null (strstr (queue->out, "fewer than two sides"));
  }
}

/* The cycle's checkpoint is kept by the command line's one save as by the app's autosave:
 * "cycle-N", the campaign as that cycle left it. A checkpoint that cannot be written (here a
 * file where its folder goes) leaves the campaign saved and is said in a sentence on stderr,
 * naming the checkpoint and the folder, with no GLib warning. */
static void
test_checkpoint (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *sheet_2 = sample_sheet ("komarr-cycle-2-radovan.xml");
  g_autofree char *first = adm_file_checkpoint_path (fixture->campaign, "cycle-1");
  g_autofree char *second = adm_file_checkpoint_path (fixture->campaign, "cycle-2");
  g_autofree char *folder = g_path_get_dirname (second);
  g_autofree char *saved = NULL, *kept = NULL;
  g_autoptr(CliResult) result = NULL;
  g_autoptr(CliResult) third = NULL;
  g_autoptr(GError) error = NULL;

  start_campaign (fixture);
  result = run_cli ("cycle", fixture->campaign, "--orders", sheet_2, "--drop-unfought",
                    "played at the club", NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_true (g_file_test (first, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_get_contents (fixture->campaign, &saved, NULL, NULL));
  g_assert_true (g_file_get_contents (second, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, saved);

  /* A checkpoint that cannot be written. */
  g_assert_cmpint (g_remove (first), ==, 0);
  g_assert_cmpint (g_remove (second), ==, 0);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_true (g_file_set_contents (folder, "not a folder", -1, &error));
  g_assert_no_error (error);
  third = run_cli ("cycle", fixture->campaign, "--drop-unfought", "played at the club", NULL);
  g_test_message ("%s%s", third->out, third->err);
  g_assert_cmpint (third->status, ==, 0);
  g_assert_nonnull (strstr (third->out, "Cycle 3 — master’s summary"));
  g_assert_nonnull (strstr (third->err, "admiralty-cli: The campaign is saved, but its "
                                        "checkpoint “cycle-3” could not be kept in "));
  g_assert_nonnull (strstr (third->err, ".komarr.admiralty.checkpoints: "));
  g_assert_null (strstr (third->err, "WARNING"));
  g_assert_null (strstr (third->err, "GLib"));
  {
    g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->campaign, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                        adm_campaign_get_state (campaign))), ==, 4);
  }
}

static JsonObject *
find_position (JsonArray  *positions,
               const char *formation)
{
  for (guint i = 0; i < json_array_get_length (positions); i++)
    {
      JsonObject *pos = json_array_get_object_element (positions, i);

      if (g_str_equal (json_object_get_string_member (pos, "formation"), formation))
        return pos;
    }
  g_assert_not_reached ();
}

static void
test_json (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *vorkosigan = sheet ("vorkosigan-1.xml");
  g_autofree char *radovan = sheet ("radovan-1.xml");
  g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--json", "--save",
                                         fixture->campaign, "--orders", vorkosigan,
                                         "--orders", radovan, NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonArray *engagements, *formations, *summary, *positions;
  JsonObject *first, *pos;

  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  g_assert_cmpint (json_object_get_int_member (root, "cycle"), ==, 1);
  engagements = json_object_get_array_member (root, "engagements");
  g_assert_cmpuint (json_array_get_length (engagements), ==, 3);
  /* On the Komarr–Pol link, where the squadron and the Pol cruisers pass each other. */
  first = json_array_get_object_element (engagements, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "place"), ==,
                   "komarr-terminus pol-jump-point");
  g_assert_cmpfloat (json_object_get_double_member (first, "minute"), ==, 13.333);
  formations = json_object_get_array_member (first, "formations");
  g_assert_cmpuint (json_array_get_length (formations), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (formations, 0), ==, "first-squadron-home-fleet");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (engagements, 1),
                                                  "place"), ==, "pol-orbit");
  /* Ruling "station-engagement" (F-STRAT-16): the Pol cruisers, through the link, reach the
   * Komarr wormhole terminus and its Barrayaran Jump Station, which meets them. */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (engagements, 2),
                                                  "place"), ==, "komarr-terminus");
  summary = json_object_get_array_member (root, "summary");
  g_assert_cmpstr (json_array_get_string_element (summary, 0), ==, "Cycle 1 — master’s summary");
  positions = json_object_get_array_member (root, "positions");
  g_assert_cmpuint (json_array_get_length (positions), ==, 24);
  pos = find_position (positions, "first-squadron-home-fleet");
  g_assert_cmpstr (json_object_get_string_member (pos, "sector"), ==, "pol-jump-point");
  g_assert_false (json_object_has_member (pos, "from"));
}

/* Runs cycle 2 of the campaign copied from fixture->campaign into @name, with only Radovan's
 * sheet: Vorkosigan is absent, so the master rolls for his engaged formations (F-STRAT-5). */
static JsonObject *
run_cycle_2 (Fixture    *fixture,
             const char *name,
             const char *seed)
{
  g_autofree char *radovan = sample_sheet ("komarr-cycle-2-radovan.xml");
  g_autofree char *copy = g_build_filename (fixture->dir, name, NULL);
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CliResult) result = NULL;
  JsonObject *root;
  gsize length;

  g_file_get_contents (fixture->campaign, &data, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (copy, data, length, &error);
  g_assert_no_error (error);
  result = run_cli ("cycle", copy, "--orders", radovan, "--seed", seed, "--drop-unfought",
                    "not fought", "--json", NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  for (guint n = 0; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *path = n == 0 ? g_strdup (copy) : adm_campaign_backup_path (copy, n);
      g_remove (path);
    }
  {
    g_autoptr(GPtrArray) checkpoints = adm_file_list_checkpoints (copy);
    g_autofree char *kept = adm_file_checkpoint_path (copy, "cycle-2");
    g_autofree char *folder = g_path_get_dirname (kept);

    for (guint i = 0; i < checkpoints->len; i++)
      g_remove (g_ptr_array_index (checkpoints, i));
    g_rmdir (folder);
  }
  return root;
}

/* F-STRAT-5: --seed makes the master's readiness checks reproducible; the JSON gives them with
 * each engagement's placements (F-STRAT-15). */
static void
test_seed (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(JsonObject) a = NULL, b = NULL;
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) node_a = json_node_new (JSON_NODE_ARRAY);
  g_autoptr(JsonNode) node_b = json_node_new (JSON_NODE_ARRAY);
  g_autofree char *text_a = NULL, *text_b = NULL;
  JsonArray *checks, *engagements;
  JsonObject *check;
  guint n_placements = 0;

  start_campaign (fixture);
  a = run_cycle_2 (fixture, "a.admiralty", "7");
  b = run_cycle_2 (fixture, "b.admiralty", "7");
  checks = json_object_get_array_member (a, "checks");
  g_assert_cmpuint (json_array_get_length (checks), >, 0);
  check = json_array_get_object_element (checks, 0);
  g_assert_true (json_object_has_member (check, "formation"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (check, "dice")), ==, 2);
  g_assert_cmpint (json_object_get_int_member (check, "readiness"), >, 0);
  g_assert_true (json_object_has_member (check, "passed"));

  /* The same seed, the same rolls. */
  json_node_set_array (node_a, checks);
  json_node_set_array (node_b, json_object_get_array_member (b, "checks"));
  json_generator_set_root (generator, node_a);
  text_a = json_generator_to_data (generator, NULL);
  json_generator_set_root (generator, node_b);
  text_b = json_generator_to_data (generator, NULL);
  g_assert_cmpstr (text_a, ==, text_b);

  engagements = json_object_get_array_member (a, "engagements");
  for (guint i = 0; i < json_array_get_length (engagements); i++)
    {
      JsonObject *engagement = json_array_get_object_element (engagements, i);
      JsonArray *placements = json_object_get_array_member (engagement, "placements");

      g_assert_cmpuint (json_array_get_length (placements), ==,
                        json_array_get_length (json_object_get_array_member (engagement,
                                                                             "formations")));
      for (guint p = 0; p < json_array_get_length (placements); p++)
        {
          JsonObject *placement = json_array_get_object_element (placements, p);

          g_assert_true (json_object_has_member (placement, "formation"));
          g_assert_true (json_object_has_member (placement, "placement"));
          const char *reason = json_object_get_string_member (placement, "reason");
          const char *reason_id = json_object_get_string_member (placement, "reason_id");
          g_autofree char *words = NULL;

          g_assert_cmpstr (reason, !=, "");
          /* The id says what the English text says: "ordered-to-move" … "ordered to move",
           * "readiness-check-failed" … "admiral absent, readiness check failed (9 > 7)". */
          g_assert_true (g_regex_match_simple ("^(ordered-to-(move|attack|defend|patrol|"
                                               "lay-mines|sweep-mines)|no-timed-order|"
                                               "readiness-check-failed|chosen-by-master)$",
                                               reason_id, 0, 0));
          words = g_strdelimit (g_strdup (reason_id), "-", ' ');
          if (g_str_equal (reason_id, "readiness-check-failed"))
            g_assert_true (g_str_has_prefix (reason, "admiral absent, readiness check failed"));
          else if (g_str_equal (reason_id, "chosen-by-master"))
            g_assert_cmpstr (reason, ==, "chosen by the master");
          else
            g_assert_true (g_str_has_prefix (reason, words));
          n_placements++;
        }
    }
  g_assert_cmpuint (n_placements, >, 0);

  /* The text output lists the checks and each formation's placement. */
  {
    g_autofree char *radovan = sample_sheet ("komarr-cycle-2-radovan.xml");
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->campaign, "--orders", radovan,
                                           "--seed", "7", "--drop-unfought", "not fought",
                                           NULL);

    g_assert_cmpint (result->status, ==, 0);
    g_assert_nonnull (strstr (result->out, "Readiness checks for absent admirals (F-STRAT-5)"));
    g_assert_nonnull (strstr (result->out, "admiral absent, readiness check"));
  }
}

static void
test_bad_sheet (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *good = sample_sheet ("komarr-cycle-2-radovan.xml");
  g_autofree char *bad = sheet ("bad-route.xml");
  g_autofree char *schema = sheet ("bad-schema.xml");
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(GError) error = NULL;
  gsize before_length, after_length;

  start_campaign (fixture);
  g_file_get_contents (fixture->campaign, &before, &before_length, &error);
  g_assert_no_error (error);

  {
    /* A sheet for cycle 1 when the campaign is at cycle 2, after a good one: nothing applied. */
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->campaign, "--orders", good, bad,
                                           NULL);
    assert_failure (result, 1, "bad-route.xml:2: ");
  }
  {
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->campaign, "--orders", schema,
                                           "--json", NULL);
    g_autoptr(JsonObject) root = NULL;

    g_assert_cmpint (result->status, ==, 1);
    g_assert_nonnull (strstr (result->err, "bad-schema.xml:3"));
    root = parse_json (result->out);
    g_assert_true (json_object_has_member (root, "error"));
  }
  g_file_get_contents (fixture->campaign, &after, &after_length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (before_length, ==, after_length);
  g_assert_true (memcmp (before, after, before_length) == 0);
}

static void
test_bad_sheet_route (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *bad = sheet ("bad-route.xml");
  g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", bad, "--save",
                                         fixture->campaign, NULL);

  /* On a fresh campaign the route itself is refused, with its clause. */
  assert_failure (result, 1, "bad-route.xml:4: ");
  g_assert_nonnull (strstr (result->err, "(F-STRAT-8)"));
  g_assert_false (g_file_test (fixture->campaign, G_FILE_TEST_EXISTS));
}

/* Writes @xml as @name in the fixture's folder and returns its path. */
static char *
write_sheet (Fixture    *fixture,
             const char *name,
             const char *xml)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (fixture->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, xml, -1, &error));
  g_assert_no_error (error);
  return path;
}

/* F-STRAT-3: `cycle --json --as` a side lists in "last_seen" the hidden enemies it knows only
 * by its last sighting: Autumn Screen, met by the Aslund minelayer in cycle 1, unseen once the
 * minelayer has gone home in cycle 2. It is not among Aslund's positions; the master's and the
 * public's pictures have no "last_seen". */
static void
test_last_seen (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *patrol = write_sheet (fixture, "sarlat-1.xml",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<order-sheet admiral=\"ghem-sarlat\" cycle=\"1\" received=\"2026-11-22T18:30:00Z\">\n"
    "  <order formation=\"autumn-screen\" order=\"patrol\"/>\n</order-sheet>\n");
  g_autofree char *defend = write_sheet (fixture, "sarlat-2.xml",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<order-sheet admiral=\"ghem-sarlat\" cycle=\"2\" received=\"2026-11-22T19:10:00Z\">\n"
    "  <order formation=\"autumn-screen\" order=\"defend\"/>\n</order-sheet>\n");
  g_autofree char *home = write_sheet (fixture, "sundquist-2.xml",
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<order-sheet admiral=\"sundquist\" cycle=\"2\" received=\"2026-11-22T19:10:00Z\">\n"
    "  <order formation=\"aslund-minelayer\" order=\"move\" route=\"aslund-station\"/>\n"
    "</order-sheet>\n");
  g_autoptr(CliResult) first = run_cli ("cycle", fixture->scenario, "--orders", patrol, "--seed",
                                        "1", "--save", fixture->campaign, NULL);
  g_autoptr(CliResult) second = NULL, third = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *seen;
  JsonArray *last_seen, *positions;

  g_test_message ("%s", first->err);
  g_assert_cmpint (first->status, ==, 0);
  second = run_cli ("cycle", fixture->campaign, "--orders", defend, home, "--seed", "2",
                    "--drop-unfought", "not fought", "--json", "--as", "sundquist", NULL);
  g_test_message ("%s", second->err);
  g_assert_cmpint (second->status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, second->out, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  last_seen = json_object_get_array_member (root, "last_seen");
  g_assert_nonnull (last_seen);
  g_assert_cmpuint (json_array_get_length (last_seen), ==, 1);
  seen = json_array_get_object_element (last_seen, 0);
  g_assert_cmpstr (json_object_get_string_member (seen, "formation"), ==, "autumn-screen");
  g_assert_cmpstr (json_object_get_string_member (seen, "sector"), ==, "hegen-hub");
  g_assert_cmpint (json_object_get_int_member (seen, "cycle"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (seen, "ships"), ==, 4);
  positions = json_object_get_array_member (root, "positions");
  for (guint i = 0; i < json_array_get_length (positions); i++)
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (positions, i),
                                                    "formation"), !=, "autumn-screen");
  /* The master's picture is live and has no "last_seen". */
  third = run_cli ("cycle", fixture->campaign, "--seed", "3", "--drop-unfought", "not fought",
                    "--json", NULL);
  g_assert_cmpint (third->status, ==, 0);
  g_assert_null (strstr (third->out, "last_seen"));
  g_assert_nonnull (strstr (third->out, "\"autumn-screen\""));
  g_remove (patrol);
  g_remove (defend);
  g_remove (home);
}

static void
test_usage (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *good = sample_sheet ("komarr-cycle-1-radovan.xml");

  {
    g_autoptr(CliResult) result = run_cli ("cycle", NULL);
    assert_failure (result, 2, "no campaign file given");
  }
  {
    /* A scenario only starts a campaign: where it goes must be said. */
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", good, NULL);
    assert_failure (result, 2, "give --save FILE");
  }
  {
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", "--json",
                                           NULL);
    assert_failure (result, 2, "missing value for --orders");
  }
  {
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, "--orders", good,
                                           "--seed", "three", "--save", fixture->campaign, NULL);
    assert_failure (result, 2, "--seed “three” is not a seed");
  }
  {
    g_autoptr(CliResult) result = run_cli ("cycle", fixture->scenario, good, NULL);
    assert_failure (result, 2, "unexpected argument");
  }
  {
    g_autoptr(CliResult) result = run_cli ("cycle", "--help", NULL);
    g_assert_cmpint (result->status, ==, 0);
    g_assert_nonnull (strstr (result->out, "--seed"));
    g_assert_nonnull (strstr (result->out, "F-STRAT-5"));
    g_assert_nonnull (strstr (result->out, "--save"));
  }
  g_assert_false (g_file_test (fixture->campaign, G_FILE_TEST_EXISTS));
}

/* The formation ids of "positions" in @json. */
static char *
position_ids (const char *json)
{
  g_autoptr(JsonObject) root = parse_json (json);
  JsonArray *positions = json_object_get_array_member (root, "positions");
  g_autoptr(GString) ids = g_string_new (" ");

  for (guint i = 0; i < json_array_get_length (positions); i++)
    g_string_append_printf (ids, "%s ", json_object_get_string_member (
                              json_array_get_object_element (positions, i), "formation"));
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

/* F-STRAT-17: the positions are the campaign's formations in being, in text, --json and
 * --as, in the cycle of the orders and later: after Vorkosigan's detach, disband and form
 * (tests/data/order-sheets/admin-vorkosigan-1.xml), the Serg Division and the Kestrel Pair
 * are listed and the disbanded First Destroyer Flotilla is not. */
static void
test_positions_in_being (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *admin = sheet ("admin-vorkosigan-1.xml");
  g_autofree char *radovan = sample_sheet ("komarr-cycle-2-radovan.xml");
  g_autoptr(CliResult) first = run_cli ("cycle", fixture->scenario, "--orders", admin,
                                        "--save", fixture->campaign, NULL);
  g_autoptr(CliResult) second = NULL, as = NULL;
  g_autofree char *ids = NULL, *as_ids = NULL;
  const char *positions;

  g_test_message ("%s%s", first->out, first->err);
  g_assert_cmpint (first->status, ==, 0);
  positions = strstr (first->out, "\nPositions\n");
  g_assert_nonnull (positions);
  g_assert_nonnull (strstr (positions, "\n  Serg Division: "));
  g_assert_nonnull (strstr (positions, "\n  Kestrel Pair: "));
  g_assert_nonnull (strstr (positions, "\n  First Squadron, Home Fleet: "));
  g_assert_null (strstr (positions, "\n  First Destroyer Flotilla: "));

  second = run_cli ("cycle", fixture->campaign, "--orders", radovan, "--drop-unfought",
                    "not fought", "--json", NULL);
  g_assert_cmpint (second->status, ==, 0);
  ids = position_ids (second->out);
  g_test_message ("positions in cycle 2:%s", ids);
  g_assert_nonnull (strstr (ids, " serg-division "));
  g_assert_nonnull (strstr (ids, " kestrel-pair "));
  g_assert_null (strstr (ids, " first-destroyer-flotilla "));

  as = run_cli ("cycle", fixture->campaign, "--drop-unfought", "not fought", "--json", "--as",
                "vorkosigan", NULL);
  g_assert_cmpint (as->status, ==, 0);
  as_ids = position_ids (as->out);
  g_test_message ("positions in cycle 3 as Vorkosigan:%s", as_ids);
  g_assert_nonnull (strstr (as_ids, " serg-division "));
  g_assert_nonnull (strstr (as_ids, " kestrel-pair "));
  g_assert_null (strstr (as_ids, " first-destroyer-flotilla "));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/engine/cli/cycle/checkpoint", Fixture, NULL, fixture_setup, test_checkpoint,
              fixture_teardown);
  g_test_add ("/engine/cli/cycle/good-run", Fixture, NULL, fixture_setup, test_good_run,
              fixture_teardown);
  g_test_add ("/engine/cli/cycle/F-STRAT-3/last-seen", Fixture, NULL, fixture_setup,
              test_last_seen, fixture_teardown);
  g_test_add ("/engine/cli/cycle/F-STRAT-3/as-viewer", Fixture, NULL, fixture_setup,
              test_as_viewer, fixture_teardown);
  g_test_add ("/engine/cli/cycle/F-STRAT-17/positions-in-being", Fixture, NULL, fixture_setup,
              test_positions_in_being, fixture_teardown);
  g_test_add ("/engine/cli/cycle/json", Fixture, NULL, fixture_setup, test_json,
              fixture_teardown);
  g_test_add ("/engine/cli/cycle/F-STRAT-5/seed", Fixture, NULL, fixture_setup, test_seed,
              fixture_teardown);
  g_test_add ("/engine/cli/cycle/bad-sheet", Fixture, NULL, fixture_setup, test_bad_sheet,
              fixture_teardown);
  g_test_add ("/engine/cli/cycle/F-STRAT-8/bad-route", Fixture, NULL, fixture_setup,
              test_bad_sheet_route, fixture_teardown);
  g_test_add ("/engine/cli/cycle/usage", Fixture, NULL, fixture_setup, test_usage,
              fixture_teardown);

  return g_test_run ();
}
