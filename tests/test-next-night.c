/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-next-night.c: the next night's scenario made from a campaign (adm-next-night.h) and
 * `admiralty-cli scenario from-campaign`: it validates against scenario.rng, a new campaign of
 * it prints every admiral's fleet cards as the old campaign's last ones (F-CRIT-5, F-CRIT-20,
 * F-RDY, F-BOARD-17), a hidden formation stays hidden from the other sides (F-STRAT-3), and
 * what may not give one — a battle not ended (F-STRAT-4), at this table or another, the
 * campaign's own file, a file that exists — is refused, naming what to do, with nothing
 * written; undone entries are not carried, and a campaign of an older version gives one. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* @admiral_id's fleet cards of @campaign as text, from his heading on: the page's title names
 * the scenario and the cycle, which the next night does not share. */
static char *
cards_text (AdmCampaign *campaign,
            const char  *admiral_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_CARDS, admiral_id, 0, NULL,
                                            &error);
  g_autofree char *text = NULL;
  const char *first;

  g_assert_no_error (error);
  text = adm_doc_to_text (doc);
  first = strstr (text, "Fleet cards — ");
  g_assert_nonnull (first);
  return g_strdup (first);
}

/* Every admiral's cards of @night are his cards of @campaign, and they have the same
 * admirals. */
static void
assert_same_cards (AdmCampaign *campaign,
                   AdmCampaign *night)
{
  GPtrArray *admirals = adm_campaign_get_admirals (campaign);
  GPtrArray *night_admirals = adm_campaign_get_admirals (night);

  g_assert_cmpuint (night_admirals->len, ==, admirals->len);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *old_cards = cards_text (campaign, admiral->id);
      g_autofree char *new_cards = cards_text (night, admiral->id);

      g_assert_cmpstr (((const AdmAdmiral *) g_ptr_array_index (night_admirals, i))->id, ==,
                       admiral->id);
      g_assert_cmpstr (new_cards, ==, old_cards);
    }
}

/* A new campaign of the scenario file @path, read as a master would open it. */
static AdmCampaign *
campaign_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) valid = adm_xml_read_file (path, "scenario", &error);
  g_autoptr(AdmScenario) scenario = NULL;

  /* scenario.rng */
  g_assert_no_error (error);
  g_assert_nonnull (valid);
  scenario = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  return adm_campaign_new (scenario, 1);
}

static void
correct (AdmCampaign         *campaign,
         const AdmCorrection *correction,
         gint64               time)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_correction_record (campaign, correction, time, &error));
  g_assert_no_error (error);
}

/* Every engagement of the resolved cycles ended as set up, unfought, in queue order. */
static void
end_the_rest (AdmCampaign *campaign,
              gint64       time)
{
  for (;;)
    {
      g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);
      g_autoptr(AdmBattle) battle = NULL;
      g_autoptr(GError) error = NULL;
      const AdmQueuedEngagement *first;

      if (unfought->len == 0)
        return;
      first = g_ptr_array_index (unfought, 0);
      battle = engagement_battle (campaign, first->id);
      g_assert_true (adm_campaign_end_battle (campaign, first->id, battle, "Broke off",
                                              time++, &error));
      g_assert_no_error (error);
    }
}

/* The Komarr campaign after cycle 1: refused while c1-1 is not ended; then Pol Defiant
 * captured in c1-1 (F-BOARD-15, F-BOARD-17), Kestrel's hull and readiness corrected, a ship
 * sold and that sale undone, the rest of the cycle's engagements ended. The next night's
 * scenario validates, its cards are the campaign's last cards, and the campaign's file is as
 * it was. */
static void
test_cards_as_left (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-next-night-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autofree char *next = g_build_filename (folder, "next.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = komarr_saved_and_played (path, 1, T0);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmCampaign) night = NULL;
  g_autofree char *before = NULL, *after = NULL;
  g_autofree char *data = NULL;
  const AdmShipState *kestrel;
  const AdmFormation *prize;
  AdmCorrection damage = { .kind = ADM_CORRECTION_DAMAGE, .ship = "kestrel", .points = "1",
                           .reason = "Collision" };
  AdmCorrection readiness = { .kind = ADM_CORRECTION_READINESS, .ship = "kestrel",
                              .readiness = "3", .reason = "Shore leave cut short" };
  AdmCorrection sold = { .kind = ADM_CORRECTION_REMOVE_SHIP, .ship = "equinox",
                         .reason = "Sold" };

  g_assert_no_error (error);
  /* F-STRAT-4: c1-1 is not fought yet; nothing is written. */
  g_assert_false (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_UNFOUGHT);
  g_assert_nonnull (strstr (error->message, "engagement c1-1 at "));
  g_assert_nonnull (strstr (error->message, "fight each battle or end it where it stands"));
  g_assert_false (g_file_test (next, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  battle = komarr_capture_pol_defiant (campaign);
  g_assert_true (adm_campaign_end_battle (campaign, "c1-1", battle, "Pol withdrew", T0 + 3000,
                                          &error));
  g_assert_no_error (error);
  end_the_rest (campaign, T0 + 3100);
  correct (campaign, &damage, T0 + 3200);
  correct (campaign, &readiness, T0 + 3300);
  /* An entry undone is not the war. */
  correct (campaign, &sold, T0 + 3400);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  kestrel = adm_state_get_ship (adm_campaign_get_state (campaign), "kestrel");
  g_assert_cmpint (kestrel->damage, >, 0);
  g_assert_cmpint (kestrel->readiness, ==, 3);

  before = file_contents (path);
  g_assert_true (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_no_error (error);
  after = file_contents (path);
  g_assert_cmpstr (after, ==, before);

  data = file_contents (next);
  g_assert_nonnull (strstr (data, "name=\"The Komarr Campaign, after cycle 1\""));
  g_assert_nonnull (strstr (data, "<ship id=\"equinox\""));
  night = campaign_of (next);
  /* F-BOARD-17: the prize is its captor's, Pol Defiant in it. */
  prize = adm_scenario_lookup_formation (adm_campaign_get_scenario (night),
                                         "prizes-cycle-1-pol-jump-point-minute-0-barrayar");
  g_assert_nonnull (prize);
  g_assert_cmpstr (prize->faction->id, ==, "barrayar");
  g_assert_cmpstr (((const AdmShip *) g_ptr_array_index (prize->ships, 0))->id, ==,
                   "pol-defiant");
  g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (night), "kestrel")->damage, ==,
                   kestrel->damage);

  assert_same_cards (campaign, night);

  /* The campaign's own file, and one that exists, are refused; neither changes. */
  g_assert_false (adm_next_night_save (campaign, path, TRUE, &error));
  g_assert_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_CAMPAIGN);
  g_assert_nonnull (strstr (error->message, "is the campaign itself"));
  g_clear_error (&error);
  g_assert_false (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_EXISTS);
  g_clear_error (&error);
  {
    g_autofree char *unchanged = file_contents (path);
    g_autofree char *kept = file_contents (next);

    g_assert_cmpstr (unchanged, ==, before);
    g_assert_cmpstr (kept, ==, data);
  }
  remove_folder (folder);
}

/* F-CRIT-5, F-CRIT-20: the next night's order of battle through a spreadsheet keeps what the
 * war left. `scenario export-oob` writes each ship's damage and criticals (Kestrel's hull
 * corrected, and a critical result written into the next night's file for it); read back by
 * `scenario import-oob` into that scenario with every ship's wear taken off, it gives the same
 * fleets, whose cards are the next night's. Bad cells first: a damage that leaves no hull, one not a number, a result
 * that is none are refused, naming line and column, and the scenario is left as it was. An
 * order of battle of an earlier version, without the two columns, still reads. */
static void
test_oob_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-next-night-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autofree char *next = g_build_filename (folder, "next.admiralty", NULL);
  g_autofree char *worn_off = g_build_filename (folder, "worn-off.admiralty", NULL);
  g_autofree char *csv = g_build_filename (folder, "next.csv", NULL);
  g_autofree char *bad = g_build_filename (folder, "bad.csv", NULL);
  g_autofree char *old = g_build_filename (folder, "old.csv", NULL);
  g_autoptr(AdmCampaign) campaign = komarr_saved_and_played (path, 1, T0);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmCampaign) night = NULL;
  g_autoptr(GRegex) wear = g_regex_new (" (damage|criticals)=\"[^\"]*\"", 0, 0, NULL);
  g_autoptr(CliResult) exported = NULL, imported = NULL, refused = NULL, older = NULL;
  g_autofree char *data = NULL, *stripped = NULL, *rows = NULL, *unchanged = NULL;
  g_autofree char *kestrel_row = NULL, *old_rows = NULL;
  g_auto(GStrv) lines = NULL;
  const AdmShipState *kestrel;
  AdmCorrection damage = { .kind = ADM_CORRECTION_DAMAGE, .ship = "kestrel", .points = "1",
                           .reason = "Collision" };

  g_assert_no_error (error);
  battle = komarr_capture_pol_defiant (campaign);
  g_assert_true (adm_campaign_end_battle (campaign, "c1-1", battle, "Pol withdrew", T0 + 3000,
                                          &error));
  g_assert_no_error (error);
  end_the_rest (campaign, T0 + 3100);
  correct (campaign, &damage, T0 + 3200);
  kestrel = adm_state_get_ship (adm_campaign_get_state (campaign), "kestrel");
  g_assert_cmpint (kestrel->damage, >, 0);
  g_assert_true (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_no_error (error);
  {
    g_autofree char *written = file_contents (next);
    g_autoptr(GString) worn = g_string_new (written);

    g_assert_cmpuint (g_string_replace (worn, "<ship id=\"kestrel\"",
                                        "<ship id=\"kestrel\" criticals=\"7\"", 1), ==, 1);
    g_assert_true (g_file_set_contents (next, worn->str, -1, NULL));
    data = g_string_free (g_steal_pointer (&worn), FALSE);
  }

  exported = run_cli ("scenario", "export-oob", next, "-o", csv, NULL);
  g_assert_cmpint (exported->status, ==, 0);
  rows = file_contents (csv);
  lines = g_strsplit (rows, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "admiral,faction,formation,ship,class,readiness,command,"
                                 "sector,hidden,damage,criticals");
  for (guint i = 1; lines[i] != NULL; i++)
    if (strstr (lines[i], ",Kestrel,") != NULL)
      kestrel_row = g_strdup (lines[i]);
  g_assert_nonnull (kestrel_row);
  {
    g_autofree char *ends = g_strdup_printf (",%d,7", kestrel->damage);

    g_assert_true (g_str_has_suffix (kestrel_row, ends));
  }

  /* The same scenario with every ship as new, then the CSV read into it. */
  stripped = g_regex_replace_literal (wear, data, -1, 0, "", 0, NULL);
  g_assert_cmpstr (stripped, !=, data);
  g_assert_true (g_file_set_contents (worn_off, stripped, -1, NULL));

  /* Bad cells first: nothing of them is taken. */
  {
    g_autofree char *cut = g_strndup (kestrel_row, strrchr (kestrel_row, ',') - kestrel_row);
    g_autofree char *prefix = g_strndup (cut, strrchr (cut, ',') - cut);
    g_autofree char *too_much = g_strdup_printf ("%s,99,", prefix);
    g_autofree char *not_number = g_strdup_printf ("%s,two,", prefix);
    g_autofree char *no_result = g_strdup_printf ("%s,,13", prefix);
    g_autoptr(GString) body = g_string_new (rows);

    g_string_append_printf (body, "%s\n%s\n", too_much, not_number);
    g_string_replace (body, kestrel_row, no_result, 1);
    g_assert_true (g_file_set_contents (bad, body->str, -1, NULL));
  }
  refused = run_cli ("scenario", "import-oob", worn_off, bad, NULL);
  g_assert_cmpint (refused->status, ==, 1);
  g_test_message ("%s", refused->err);
  g_assert_nonnull (strstr (refused->err, "criticals “13”: they are the ship’s unrepaired "
                                          "critical results"));
  g_assert_nonnull (strstr (refused->err, "damage “99”: it is the hull points the ship has "
                                          "lost, empty or a whole number 0–"));
  g_assert_nonnull (strstr (refused->err, "damage “two”"));
  g_assert_nonnull (strstr (refused->err, "(F-CRIT-5)"));
  unchanged = file_contents (worn_off);
  g_assert_cmpstr (unchanged, ==, stripped);

  imported = run_cli ("scenario", "import-oob", worn_off, csv, NULL);
  g_test_message ("%s%s", imported->out, imported->err);
  g_assert_cmpint (imported->status, ==, 0);
  night = campaign_of (worn_off);
  g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (night), "kestrel")->damage, ==,
                   kestrel->damage);
  {
    g_autoptr(AdmCampaign) as_left = campaign_of (next);

    assert_same_cards (as_left, night);
  }

  /* An order of battle without the two columns reads as before: every ship as new. */
  {
    g_autoptr(GRegex) last_two = g_regex_new (",[^,\n]*,[^,\n]*$", G_REGEX_MULTILINE, 0,
                                              NULL);

    old_rows = g_regex_replace_literal (last_two, rows, -1, 0, "", 0, NULL);
  }
  g_assert_true (g_str_has_prefix (old_rows, "admiral,faction,formation,ship,class,readiness,"
                                             "command,sector,hidden\n"));
  g_assert_true (g_file_set_contents (old, old_rows, -1, NULL));
  older = run_cli ("scenario", "import-oob", worn_off, old, NULL);
  g_test_message ("%s%s", older->out, older->err);
  g_assert_cmpint (older->status, ==, 0);
  {
    g_autoptr(AdmCampaign) as_new = campaign_of (worn_off);

    g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (as_new), "kestrel")->damage,
                     ==, 0);
  }
  remove_folder (folder);
}

/* F-CRIT-5, F-CRIT-20: a ship's damage and criticals in a scenario are the state it starts
 * with and what its card prints; a damage that leaves no hull, and a result that is none, are
 * refused with the line. */
static void
test_wear_loaded (void)
{
  g_autofree char *komarr = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *text = file_contents (komarr);
  g_autoptr(GString) worn = g_string_new (text);
  g_autoptr(GString) sunk = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *cards = NULL;
  const AdmShipState *state;

  g_assert_cmpuint (g_string_replace (worn, "class=\"frigate\" readiness=\"4\"/>",
                                      "class=\"frigate\" readiness=\"4\" damage=\"2\" "
                                      "criticals=\"7 5 7\"/>", 1), ==, 1);
  scenario = adm_scenario_load_data (worn->str, worn->len, "worn.admiralty", &error);
  g_assert_no_error (error);
  campaign = adm_campaign_new (scenario, 1);
  state = adm_state_get_ship (adm_campaign_get_state (campaign), "white-lotus");
  g_assert_cmpint (state->damage, ==, 2);
  g_assert_cmpint (state->criticals[5], ==, 1);
  g_assert_cmpint (state->criticals[7], ==, 2);
  cards = cards_text (campaign, "ghem-sarlat");
  g_assert_nonnull (strstr (cards, "White Lotus\n"));
  g_assert_nonnull (strstr (cards, "Hull: 1/3 (2 lost)"));
  g_assert_nonnull (strstr (cards, "Criticals: 5 "));

  sunk = g_string_new (text);
  g_assert_cmpuint (g_string_replace (sunk, "class=\"frigate\" readiness=\"4\"/>",
                                      "class=\"frigate\" readiness=\"4\" damage=\"99\"/>", 1),
                    ==, 1);
  g_assert_null (adm_scenario_load_data (sunk->str, sunk->len, "sunk.admiralty", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "sunk.admiralty:"));
  g_assert_nonnull (strstr (error->message, "“White Lotus” has lost 99 hull points"));
  g_clear_error (&error);

  g_string_free (sunk, TRUE);
  sunk = g_string_new (text);
  g_assert_cmpuint (g_string_replace (sunk, "class=\"frigate\" readiness=\"4\"/>",
                                      "class=\"frigate\" readiness=\"4\" criticals=\"7 13\"/>",
                                      1), ==, 1);
  g_assert_null (adm_scenario_load_data (sunk->str, sunk->len, "sunk.admiralty", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "“White Lotus” lists critical result “13”"));
}

/* F-STRAT-3: Autumn Screen, hidden and never met, stays hidden from the other sides and the
 * public in the next night; Komarran Cruiser Division, revealed to everyone, is not hidden. */
static void
test_hidden_stays_hidden (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-next-night-XXXXXX", &error);
  g_autofree char *next = g_build_filename (folder, "next.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) night = NULL;
  g_autoptr(AdmEvent) reveal = adm_event_new ("reveal", T0);
  AdmScenario *scenario;
  AdmStrategy *strategy;
  const AdmFormation *screen, *cruisers;

  g_assert_no_error (error);
  adm_event_set (reveal, "formation", "komarran-cruiser-division");
  g_assert_true (adm_campaign_append (campaign, reveal, &error));
  g_assert_no_error (error);
  g_assert_true (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_no_error (error);
  night = campaign_of (next);
  scenario = adm_campaign_get_scenario (night);
  g_assert_cmpstr (adm_scenario_get_name (scenario), ==, "The Komarr Campaign, again");
  strategy = adm_state_get_strategy (adm_campaign_get_state (night));
  screen = adm_strategy_lookup_formation (strategy, "autumn-screen");
  cruisers = adm_strategy_lookup_formation (strategy, "komarran-cruiser-division");
  g_assert_true (screen->hidden);
  g_assert_false (adm_strategy_formation_visible (strategy, screen, NULL));
  g_assert_false (adm_strategy_formation_visible (
                    strategy, screen, adm_ruleset_lookup_faction (
                                        adm_scenario_get_ruleset (scenario), "barrayar")));
  g_assert_true (adm_strategy_formation_visible (
                   strategy, screen, adm_ruleset_lookup_faction (
                                       adm_scenario_get_ruleset (scenario), "cetaganda")));
  g_assert_false (cruisers->hidden);
  remove_folder (folder);
}

/* F-CRIT-5, F-STN-1: a station unit's damage in a scenario is the damage it starts with, kept
 * when a correction gives it another owner; one that leaves no hull is refused with the line;
 * the next night carries the damage the master's corrections left, and a destroyed station
 * is a mark with none. */
static void
test_station_damage (void)
{
  g_autofree char *komarr = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *text = file_contents (komarr);
  const char *unit = "faction=\"komarr\"\n              class=\"defence-platform\" "
                     "readiness=\"6\"";
  g_autoptr(GString) sunk = g_string_new (text);
  g_autoptr(GString) worn = g_string_new (text);
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) campaign = NULL, night = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-next-night-XXXXXX", &error);
  g_autofree char *next = g_build_filename (folder, "next.admiralty", NULL);
  g_autofree char *data = NULL;
  AdmCorrection damaged = { .kind = ADM_CORRECTION_STATION, .sector = "komarr-orbit",
                            .station = "Komarr Orbital Transfer Station", .damage = "4",
                            .reason = "Shelled from the jump point" };
  AdmCorrection taken = { .kind = ADM_CORRECTION_STATION, .sector = "komarr-orbit",
                          .station = "Komarr Orbital Transfer Station", .owner = "barrayar",
                          .reason = "Boarded" };
  AdmCorrection blown = { .kind = ADM_CORRECTION_STATION, .sector = "pol-orbit",
                          .station = "Pol Six", .destroyed = TRUE, .reason = "Blown up" };
  const AdmSectorObject *station;

  g_assert_no_error (error);
  /* Bad input first: a damage that leaves no hull of the platform's 10. */
  g_assert_cmpuint (g_string_replace (sunk, unit, "faction=\"komarr\" "
                                      "class=\"defence-platform\" readiness=\"6\" "
                                      "damage=\"10\"", 1), ==, 1);
  g_assert_null (adm_scenario_load_data (sunk->str, sunk->len, "sunk.admiralty", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "sunk.admiralty:"));
  g_assert_nonnull (strstr (error->message, "station “Komarr Orbital Transfer Station” has lost "
                                            "10 hull points"));
  g_clear_error (&error);

  g_assert_cmpuint (g_string_replace (worn, unit, "faction=\"komarr\" "
                                      "class=\"defence-platform\" readiness=\"6\" "
                                      "damage=\"2\"", 1), ==, 1);
  scenario = adm_scenario_load_data (worn->str, worn->len, "worn.admiralty", &error);
  g_assert_no_error (error);
  campaign = adm_campaign_new (scenario, 1);
  correct (campaign, &taken, T0);
  g_assert_cmpint (adm_state_get_station (adm_campaign_get_state (campaign), "komarr-orbit",
                                          "Komarr Orbital Transfer Station")->damage, ==, 2);
  g_clear_object (&campaign);

  campaign = komarr_new (NULL, NULL);
  correct (campaign, &damaged, T0);
  correct (campaign, &blown, T0 + 60);
  g_assert_true (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_no_error (error);
  data = file_contents (next);
  g_assert_nonnull (strstr (data, "class=\"defence-platform\" readiness=\"6\" damage=\"4\""));
  g_assert_nonnull (strstr (data, "<object kind=\"station\" name=\"Pol Six\"/>"));
  night = campaign_of (next);
  station = NULL;
  {
    AdmSector *sector = adm_scenario_lookup_sector (adm_campaign_get_scenario (night),
                                                    "komarr-orbit");

    for (guint i = 0; i < sector->objects->len; i++)
      if (g_str_equal (((AdmSectorObject *) g_ptr_array_index (sector->objects, i))->kind,
                       "station"))
        station = g_ptr_array_index (sector->objects, i);
  }
  g_assert_nonnull (station);
  g_assert_cmpint (station->damage, ==, 4);
  /* A battle there sets the platform up with what the last war left of it: the Second
   * Squadron patrols Komarr orbit among the Komarrans (F-STRAT-16). */
  komarr_order (night, T0, 1, "vorlakial", "second-squadron-home-fleet", "patrol", NULL, NULL);
  komarr_end_cycle (night, T0);
  {
    g_autoptr(GPtrArray) queue = adm_engagement_queue_new (adm_campaign_get_state (night), 1);
    gboolean met = FALSE;

    for (guint i = 0; i < queue->len; i++)
      {
        const AdmQueuedEngagement *queued = g_ptr_array_index (queue, i);
        g_autoptr(AdmBattle) battle = NULL;

        if (queued->engagement.sector == NULL ||
            !g_str_equal (queued->engagement.sector->id, "komarr-orbit"))
          continue;
        battle = engagement_battle (night, queued->id);
        for (guint s = 0; s < adm_battle_get_n_ships (battle); s++)
          if (g_str_equal (adm_battle_get_ship (battle, s)->name,
                           "Komarr Orbital Transfer Station"))
            {
              g_assert_cmpint (adm_battle_get_ship (battle, s)->damage, ==, 4);
              met = TRUE;
            }
      }
    g_assert_true (met);
  }
  remove_folder (folder);
}

/* F-MINE-10, F-MINE-13: the mines a formation laid in the war lie in the next night's sector
 * as its faction's minefield; the master's clearing takes them. */
static void
test_mines_carried (void)
{
  g_autofree char *path = source_path ("tests", "data", "scenarios", "layout.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-next-night-XXXXXX", &error);
  g_autofree char *next = g_build_filename (folder, "next.admiralty", NULL);
  g_autofree char *cleared_next = g_build_filename (folder, "cleared.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autoptr(AdmCampaign) night = NULL;
  g_autoptr(AdmEvent) order = adm_event_new ("order", T0 + 2400 - 120);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (1);
  g_autofree char *data = NULL, *cleared = NULL;
  AdmCorrection clear = { .kind = ADM_CORRECTION_MINEFIELD, .sector = "sergyar-gate",
                          .reason = "The story swept them" };
  const AdmSector *gate;
  const AdmMinefield *minefield;

  g_assert_no_error (error);
  adm_event_set_int (order, "cycle", 1);
  adm_event_set (order, "admiral", "vorlakial");
  adm_event_set (order, "formation", "mining-flotilla");
  adm_event_set (order, "order", "lay-mines");
  g_assert_true (adm_campaign_append (campaign, order, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_resolve_cycle_dropping (campaign, ADM_DICE_SOURCE (dice),
                                                      T0 + 2400, NULL, &error));
  g_assert_no_error (error);

  g_assert_true (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_no_error (error);
  data = file_contents (next);
  g_assert_nonnull (strstr (data, "<minefield faction=\"barrayar\" mines=\"2\"/>"));
  night = campaign_of (next);
  gate = adm_scenario_lookup_sector (adm_campaign_get_scenario (night), "sergyar-gate");
  g_assert_cmpuint (gate->minefields->len, ==, 1);
  minefield = g_ptr_array_index (gate->minefields, 0);
  g_assert_cmpstr (minefield->faction->id, ==, "barrayar");
  g_assert_cmpint (minefield->mines, ==, 2);

  correct (campaign, &clear, T0 + 2500);
  g_assert_true (adm_next_night_save (campaign, cleared_next, FALSE, &error));
  g_assert_no_error (error);
  cleared = file_contents (cleared_next);
  g_assert_null (strstr (cleared, "<minefield"));
  remove_folder (folder);
}

/* F-STRAT-4: a battle handed to another table refuses the next night by that table's name,
 * and says to let it end there or take it back. */
static void
test_at_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-next-night-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autofree char *next = g_build_filename (folder, "next.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = komarr_saved_and_played (path, 1, T0);

  g_assert_no_error (error);
  g_assert_true (adm_campaign_assign_table (campaign, "c1-1", "Table 2", T0 + 3000, NULL,
                                            &error));
  g_assert_no_error (error);
  g_assert_false (adm_next_night_save (campaign, next, FALSE, &error));
  g_assert_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_UNFOUGHT);
  g_assert_nonnull (strstr (error->message, "engagement c1-1 at Pol jump point is at the table "
                                            "“Table 2”, not fought to its end, nor are c1-2"));
  g_assert_nonnull (strstr (error->message, "let the table end its battle, or take it back"));
  g_assert_false (g_file_test (next, G_FILE_TEST_EXISTS));
  remove_folder (folder);
}

/* admiralty-cli scenario from-campaign: a battle not ended refuses with the engagement and
 * what to do, nothing written; the campaign itself, a file that exists and a scenario are
 * refused; a campaign after a cycle on standing orders gives one that validates. */
static void
test_cli (void)
{
  g_autofree char *campaign = NULL;
  g_autofree char *dir = cli_komarr_after_sheets ("admiralty-cli-next-night", &campaign);
  g_autofree char *quiet_campaign = NULL;
  g_autofree char *quiet_dir = cli_komarr_after_cycle ("admiralty-cli-next-night-quiet",
                                                       &quiet_campaign);
  g_autofree char *next = g_build_filename (dir, "next.admiralty", NULL);
  g_autofree char *quiet_next = g_build_filename (quiet_dir, "next.admiralty", NULL);
  g_autofree char *before = file_contents (campaign);
  g_autofree char *quiet_before = file_contents (quiet_campaign);
  g_autofree char *komarr = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(CliResult) unfought = NULL, itself = NULL, made = NULL, again = NULL;
  g_autoptr(CliResult) valid = NULL, scenario = NULL, missing = NULL, old = NULL;
  g_autoptr(CliResult) old_valid = NULL;
  g_autofree char *small = source_path ("tests", "data", "campaigns", "small.admiralty", NULL);
  g_autofree char *old_campaign = g_build_filename (quiet_dir, "small.admiralty", NULL);
  g_autofree char *old_next = g_build_filename (quiet_dir, "small-next.admiralty", NULL);
  g_autofree char *small_text = file_contents (small);

  unfought = run_cli ("scenario", "from-campaign", campaign, "-o", next, NULL);
  assert_failure (unfought, 1, "komarr.admiralty: engagement c1-1 at ");
  g_assert_false (g_file_test (next, G_FILE_TEST_EXISTS));

  itself = run_cli ("scenario", "from-campaign", quiet_campaign, "-o", quiet_campaign, NULL);
  assert_failure (itself, 1, "is the campaign itself, which is kept as it is");

  made = run_cli ("scenario", "from-campaign", quiet_campaign, "-o", quiet_next, NULL);
  g_assert_cmpint (made->status, ==, 0);
  g_assert_nonnull (strstr (made->out, "Wrote "));
  g_assert_nonnull (strstr (made->out, "Open it in the scenario editor"));
  valid = run_cli ("validate", quiet_next, NULL);
  g_assert_cmpint (valid->status, ==, 0);

  again = run_cli ("scenario", "from-campaign", quiet_campaign, "-o", quiet_next, NULL);
  assert_failure (again, 1, "already exists; give the next night's scenario another name");
  /* Another campaign is never replaced, asked or not. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdmCampaign) opened = adm_campaign_open (quiet_campaign, &error);

    g_assert_no_error (error);
    g_assert_false (adm_next_night_save (opened, campaign, TRUE, &error));
    g_assert_error (error, ADM_NEXT_NIGHT_ERROR, ADM_NEXT_NIGHT_ERROR_CAMPAIGN);
    g_assert_nonnull (strstr (error->message, "is a campaign, which is kept as it is"));
  }
  /* A save cut short by a power cut leaves no half of a file. */
  {
    g_autofree char *cut = g_build_filename (quiet_dir, "cut.admiralty", NULL);
    g_autoptr(CliResult) crashed = NULL;

    g_setenv ("ADMIRALTY_TEST_CRASH_DURING_SAVE", "200", TRUE);
    crashed = run_cli ("scenario", "from-campaign", quiet_campaign, "-o", cut, NULL);
    g_unsetenv ("ADMIRALTY_TEST_CRASH_DURING_SAVE");
    g_assert_cmpint (crashed->status, !=, 0);
    g_assert_false (g_file_test (cut, G_FILE_TEST_EXISTS));
  }

  /* A campaign of an older version: no season of its own, not sealed. */
  g_assert_true (g_file_set_contents (old_campaign, small_text, -1, NULL));
  old = run_cli ("scenario", "from-campaign", old_campaign, "-o", old_next, NULL);
  g_assert_cmpint (old->status, ==, 0);
  old_valid = run_cli ("validate", old_next, NULL);
  g_assert_cmpint (old_valid->status, ==, 0);
  {
    g_autofree char *old_after = file_contents (old_campaign);

    g_assert_cmpstr (old_after, ==, small_text);
  }

  scenario = run_cli ("scenario", "from-campaign", komarr, "-o", next, NULL);
  assert_failure (scenario, 1, "is a scenario, not a campaign");
  missing = run_cli ("scenario", "from-campaign", quiet_campaign, NULL);
  g_assert_cmpint (missing->status, ==, 2);
  g_assert_false (g_file_test (next, G_FILE_TEST_EXISTS));

  {
    g_autofree char *after = file_contents (campaign);
    g_autofree char *quiet_after = file_contents (quiet_campaign);

    g_assert_cmpstr (after, ==, before);
    g_assert_cmpstr (quiet_after, ==, quiet_before);
  }
  cli_remove_folder (dir);
  cli_remove_folder (quiet_dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/next-night/F-CRIT-5/cards-as-left", test_cards_as_left);
  g_test_add_func ("/engine/next-night/F-CRIT-20/wear-loaded", test_wear_loaded);
  g_test_add_func ("/engine/next-night/F-CRIT-5/oob-round-trip", test_oob_round_trip);
  g_test_add_func ("/engine/next-night/F-STRAT-3/hidden-stays-hidden", test_hidden_stays_hidden);
  g_test_add_func ("/engine/next-night/F-STN-1/station-damage", test_station_damage);
  g_test_add_func ("/engine/next-night/F-MINE-13/mines-carried", test_mines_carried);
  g_test_add_func ("/engine/next-night/F-STRAT-4/at-table", test_at_table);
  g_test_add_func ("/engine/next-night/F-STRAT-4/cli", test_cli);
  return g_test_run ();
}
