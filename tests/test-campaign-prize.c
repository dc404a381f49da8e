/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-prize.c: a ship captured in a campaign battle (F-BOARD-15, F-BOARD-17) forms a
 * prize formation under the admiral of the captor's formation (ruling "prize-admiral"); only
 * that admiral's report lists it as his; the master gives it to another admiral ("assign"),
 * undone and replayed exactly; an assignment to an admiral of another side is refused. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"
#include "battle-scripting.h"
#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* The Komarr campaign after cycle 1, saved in a temporary folder. */
static AdmCampaign *
new_campaign (char **folder_out)
{
  g_autoptr(GError) error = NULL;
  char *folder = g_dir_make_tmp ("admiralty-prize-XXXXXX", &error);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  path = g_build_filename (folder, "komarr.admiralty", NULL);
  *folder_out = folder;
  return komarr_saved_and_played (path, 1, T0);
}

static gboolean
lists_as_his (AdmCampaign *campaign,
              const char  *admiral,
              const char  *formation_name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_ADMIRAL, admiral, 1, NULL,
                                            &error);
  g_autofree char *text = NULL;
  const char *mine, *next;

  g_assert_no_error (error);
  text = adm_doc_to_text (doc);
  mine = strstr (text, "Your formations");
  g_assert_nonnull (mine);
  /* Up to the next section of the report. */
  next = strstr (mine, "\nMovements and contacts\n");
  return g_strstr_len (mine, next != NULL ? next - mine : -1, formation_name) != NULL;
}

/* Named by the engagement's cycle, place and minute, not by its id "c1-1" (F-STRAT-3): a side
 * that sees the formation learns nothing of the engagements before it. */
#define PRIZE_ID "prizes-cycle-1-pol-jump-point-minute-0-barrayar"
#define PRIZE_NAME "Prizes taken at Pol jump point"

/* F-BOARD-17, ruling "prize-admiral": the prize goes to the captor's admiral, and shows as his
 * only; the master gives it to another admiral of the side; undo and replay are exact. */
static void
test_prize_admiral (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmBattle) battle = komarr_capture_pol_defiant (campaign);
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(AdmEvent) assign = NULL;
  g_autoptr(AdmEvent) foreign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *ended = NULL, *assigned = NULL;
  const AdmFormation *prize;
  const AdmAdmiral *scenario_admiral;

  g_assert_true (adm_campaign_end_battle (campaign, "c1-1", battle, "Pol withdrew", T0 + 3000,
                                          &error));
  g_assert_no_error (error);
  prize = adm_strategy_lookup_formation (
    adm_state_get_strategy (adm_campaign_get_state (campaign)), PRIZE_ID);
  g_assert_nonnull (prize);
  g_assert_cmpstr (prize->faction->id, ==, "barrayar");
  g_assert_nonnull (prize->admiral);
  g_assert_cmpstr (prize->admiral->id, ==, "vorkosigan");
  g_assert_true (lists_as_his (campaign, "vorkosigan", PRIZE_NAME));
  g_assert_false (lists_as_his (campaign, "vorlakial", PRIZE_NAME));
  ended = adm_state_dump (adm_campaign_get_state (campaign));

  /* Refused: an admiral of another side, an unknown formation, an unknown admiral. */
  foreign = adm_event_new ("assign", T0 + 3100);
  adm_event_set (foreign, "formation", PRIZE_ID);
  adm_event_set (foreign, "admiral", "radovan");
  g_assert_false (adm_campaign_append (campaign, foreign, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "its own side"));
  g_clear_error (&error);
  adm_event_set (foreign, "formation", "no-such-formation");
  adm_event_set (foreign, "admiral", "vorlakial");
  g_assert_false (adm_campaign_append (campaign, foreign, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  adm_event_set (foreign, "formation", PRIZE_ID);
  adm_event_set (foreign, "admiral", "nobody");
  g_assert_false (adm_campaign_append (campaign, foreign, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  {
    g_autofree char *unchanged = adm_state_dump (adm_campaign_get_state (campaign));

    g_assert_cmpstr (unchanged, ==, ended);
  }

  /* The master gives the prize to Admiral Vorlakial. */
  assign = adm_event_new ("assign", T0 + 3200);
  adm_event_set (assign, "formation", PRIZE_ID);
  adm_event_set (assign, "admiral", "vorlakial");
  g_assert_true (adm_campaign_append (campaign, assign, &error));
  g_assert_no_error (error);
  g_assert_false (lists_as_his (campaign, "vorkosigan", PRIZE_NAME));
  g_assert_true (lists_as_his (campaign, "vorlakial", PRIZE_NAME));
  assigned = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (assigned, !=, ended);
  /* The scenario's formations are not changed: First Destroyer Flotilla stays Vorkosigan's. */
  scenario_admiral = adm_scenario_lookup_formation (adm_campaign_get_scenario (campaign),
                                                    "first-destroyer-flotilla")->admiral;
  g_assert_cmpstr (scenario_admiral->id, ==, "vorkosigan");

  /* Undo gives it back to Vorkosigan; redo to Vorlakial again. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  {
    g_autofree char *undone = adm_state_dump (adm_campaign_get_state (campaign));

    g_assert_cmpstr (undone, ==, ended);
  }
  g_assert_true (lists_as_his (campaign, "vorkosigan", PRIZE_NAME));
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);

  /* The file replays to the same state. */
  reopened = adm_campaign_open (adm_campaign_get_path (campaign), &error);
  g_assert_no_error (error);
  {
    g_autofree char *replayed = adm_state_dump (adm_campaign_get_state (reopened));

    g_assert_cmpstr (replayed, ==, assigned);
  }
  g_assert_true (lists_as_his (reopened, "vorlakial", PRIZE_NAME));
  remove_folder (folder);
}

/* Ruling "prize-admiral" = "none": the prize has no admiral, as before the ruling. */
static void
test_prize_no_admiral (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmBattle) battle = komarr_capture_pol_defiant (campaign);
  g_autoptr(GError) error = NULL;
  const AdmFormation *prize;

  g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (
                                           adm_campaign_get_scenario (campaign)),
                                         "prize-admiral", "none", &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_end_battle (campaign, "c1-1", battle, "Pol withdrew", T0 + 3000,
                                          &error));
  g_assert_no_error (error);
  prize = adm_strategy_lookup_formation (
    adm_state_get_strategy (adm_campaign_get_state (campaign)), PRIZE_ID);
  g_assert_nonnull (prize);
  g_assert_null (prize->admiral);
  remove_folder (folder);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/campaign-prize/captor-admiral", test_prize_admiral);
  g_test_add_func ("/engine/campaign-prize/no-admiral", test_prize_no_admiral);
  return g_test_run ();
}
