/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-portal-dice.c: the dice commitments on an admiral's portal page (docs/dice.md) — the
 * commitment of a battle his side fought while it is fought, its secret and every roll his side
 * may see checked once it has ended; nothing of a battle his side did not fight (F-STRAT-3). */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "admiralty-engine.h"
#include "adm-portal-page.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795000000)

static void
remove_folder (const char *folder)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", folder);

  g_assert_cmpint (system (command), ==, 0);
}

static char *
report (AdmCampaign *campaign,
        const char  *admiral_id)
{
  AdmAdmiral *admiral = adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign),
                                                     admiral_id);

  g_assert_nonnull (admiral);
  return adm_portal_page_report (campaign, admiral, NULL, 1);
}

static void
test_commitment_then_checks (void)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autofree char *folder = g_dir_make_tmp ("admiralty-portal-dice-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autofree char *during = NULL, *after = NULL, *outsider = NULL;
  g_autofree char *secret = NULL, *committed = NULL, *summary = NULL, *check = NULL;
  const guint64 program_seed = 5;

  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  komarr_play_cycle (campaign, 1, T0);
  battle = engagement_battle (campaign, "c1-3");
  /* Its secret from a fixed seed, as `battle --seed` draws it: c1-3's orders hold under its
   * dice, which chance does not pick. */
  dice = adm_campaign_dice_source (campaign, "c1-3", battle, &program_seed, T0 + 3000, &error);
  g_assert_no_error (error);
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  for (int turn = 1; turn <= 3; turn++)
    g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, turn),
                                            dice, NULL));
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, >, 0);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  /* A copy: the array and its commitments are let go when the battle ends. */
  committed = g_strdup (((AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->commitment);

  /* Pol Six fought at Pol orbit: the commitment, whole, and no secret yet. */
  during = report (campaign, "radovan");
  g_assert_nonnull (strstr (during, "Battle dice"));
  g_assert_nonnull (strstr (during, committed));
  g_assert_nonnull (strstr (during, "The secret is revealed when the battle ends."));
  g_assert_null (strstr (during, "matches"));
  /* F-STRAT-3: the battle named by place, cycle and minute, not by its id, whose number would
   * tell of the engagements before it that Pol Six is not told of. */
  summary = g_strdup_printf ("Pol orbit, cycle 1, minute 20: dice commitment %.16s…", committed);
  g_assert_nonnull (strstr (during, summary));
  g_assert_false (g_regex_match_simple ("\\bc[0-9]+-[0-9]+\\b", during, 0, 0));

  g_assert_true (adm_campaign_end_battle (campaign, "c1-3", battle, NULL, T0 + 4000, &error));
  g_assert_no_error (error);
  g_clear_pointer (&commitments, g_ptr_array_unref);
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  secret = g_strdup (((AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->secret);
  g_assert_nonnull (secret);
  after = report (campaign, "radovan");
  g_assert_nonnull (strstr (after, secret));
  g_assert_nonnull (strstr (after, "Roll 1 (turn "));
  g_assert_nonnull (strstr (after, "matches"));
  g_assert_null (strstr (after, "DOES NOT MATCH"));
  /* The check names the battle as the summary does: by its commitment's first digits. */
  check = g_strdup_printf ("admiralty-cli verify-dice CAMPAIGN %.16s<", committed);
  g_assert_nonnull (strstr (after, check));
  g_assert_false (g_regex_match_simple ("\\bc[0-9]+-[0-9]+\\b", after, 0, 0));

  /* The Dendarii fought nowhere near: nothing of it. */
  outsider = report (campaign, "naismith");
  g_assert_null (strstr (outsider, "Battle dice"));
  g_assert_null (strstr (outsider, committed));
  remove_folder (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/portal/dice/commitment-then-checks", test_commitment_then_checks);
  return g_test_run ();
}
