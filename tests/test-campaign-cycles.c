/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-cycles.c: the bundled Komarr campaign played headless for six strategic
 * cycles (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5) from the order sheets
 * scenarios/komarr-campaign.sheets/ — several admirals, moves, attacks, patrols, a correction, late
 * sheets, admirals who send no sheet and keep their standing orders — saved after every cycle as
 * the CLI does. Checks the positions and engagements of each cycle, that the saved journal replays
 * to the same state, that the master's readiness checks for absent admirals are rolled and
 * journaled with the cycle (F-STRAT-5), and that every engagement, in a sector or on a link, sets
 * up a battle placed by the formations' orders (F-STRAT-15) that loads and resolves a turn
 * (F-TAC-1). */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-file.h"
#include "komarr-helpers.h"
#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define N_CYCLES 6

typedef struct {
  const char *formation;
  const char *sector;
} Where;

typedef struct {
  const char *place;        /* a sector id, or "FROM TO" for a link */
  const char *formations;   /* ids, space-separated, scenario order */
} Met;

/* Where the sheets put the formations that move; the others stay where the scenario has them. */
static const Where positions[N_CYCLES][6] = {
  { { "first-squadron-home-fleet", "pol-jump-point" }, { "jade-squadron", "pol-orbit" },
    { "first-destroyer-flotilla", "pol-jump-point" }, { "pol-cruiser-squadron", "pol-jump-point" },
    { "dendarii-strike-group", "aslund-station" }, { NULL, } },
  /* Vorkosigan sends no sheet: the squadron goes on along its route (F-STRAT-5). */
  { { "first-squadron-home-fleet", "pol-orbit" }, { "pol-cruiser-squadron", "pol-orbit" },
    { "dendarii-strike-group", "hegen-hub" }, { "first-destroyer-flotilla", "pol-jump-point" },
    { NULL, } },
  { { "first-destroyer-flotilla", "pol-orbit" }, { "second-squadron-home-fleet", "komarr-terminus" },
    { "first-squadron-home-fleet", "pol-orbit" }, { NULL, } },
  { { "second-squadron-home-fleet", "pol-jump-point" },
    { "komarran-cruiser-division", "komarr-orbit" }, { NULL, } },
  { { "vervani-destroyer-flotilla", "pol-jump-point" },
    { "second-squadron-home-fleet", "pol-jump-point" }, { NULL, } },
  { { "first-squadron-home-fleet", "pol-jump-point" }, { "first-destroyer-flotilla", "hegen-hub" },
    { "first-celestial-squadron", "hegen-hub" }, { "jade-squadron", "pol-orbit" }, { NULL, } },
};

static const Met engagements[N_CYCLES][4] = {
  { { "pol-jump-point", "first-squadron-home-fleet first-destroyer-flotilla pol-cruiser-squadron" },
    { "pol-orbit", "jade-squadron pol-escort-group pol-minesweeping-division" },
    /* Cetaganda and Vervain are allies (scenario alliance): the Vervani destroyers, at rest,
     * meet only the Aslund minelayer, which is also at rest, and are not in it. */
    { "hegen-hub", "autumn-screen aslund-minelayer" }, { NULL, } },
  { { "pol-orbit", "first-squadron-home-fleet jade-squadron pol-escort-group "
                   "pol-cruiser-squadron pol-minesweeping-division" },
    { "pol-jump-point", "first-destroyer-flotilla pol-cruiser-squadron" },
    { "hegen-hub", "autumn-screen vervani-destroyer-flotilla aslund-minelayer "
                   "dendarii-strike-group" }, { NULL, } },
  { { "pol-orbit", "first-squadron-home-fleet first-destroyer-flotilla jade-squadron "
                   "pol-escort-group pol-cruiser-squadron pol-minesweeping-division" },
    { "hegen-hub", "autumn-screen aslund-minelayer dendarii-strike-group" }, { NULL, } },
  { { "pol-orbit", "first-squadron-home-fleet first-destroyer-flotilla jade-squadron "
                   "pol-escort-group pol-cruiser-squadron pol-minesweeping-division" },
    { "komarr-orbit", "komarr-fleet-train komarran-cruiser-division" },
    { "hegen-hub", "autumn-screen vervani-destroyer-flotilla aslund-minelayer "
                   "dendarii-strike-group" }, { NULL, } },
  { { "pol-orbit", "first-squadron-home-fleet first-destroyer-flotilla jade-squadron "
                   "vervani-destroyer-flotilla pol-escort-group pol-cruiser-squadron "
                   "pol-minesweeping-division" },
    /* The Vervani destroyers reach the Barrayaran patrol at the cycle's last minute. */
    { "pol-jump-point", "second-squadron-home-fleet vervani-destroyer-flotilla" },
    { "hegen-hub", "autumn-screen vervani-destroyer-flotilla aslund-minelayer "
                   "dendarii-strike-group" }, { NULL, } },
  /* The Pol escorts' patrol finds the Barrayarans leaving and the Cetagandans; the other
   * Polian formations, at rest and not searching, are not in it. */
  { { "pol-orbit", "first-squadron-home-fleet first-destroyer-flotilla jade-squadron "
                   "pol-escort-group" },
    { "pol-jump-point", "first-squadron-home-fleet second-squadron-home-fleet "
                        "vervani-destroyer-flotilla" },
    { "hegen-hub", "first-destroyer-flotilla first-celestial-squadron autumn-screen "
                   "aslund-minelayer dendarii-strike-group" }, { NULL, } },
};

static void
check_positions (AdmCampaign *campaign,
                 guint        cycle)
{
  for (const Where *w = positions[cycle - 1]; w->formation != NULL; w++)
    {
      const AdmFormationPosition *pos = adm_strategy_get_position (strategy_of (campaign),
                                                                   w->formation);

      g_test_message ("cycle %u: %s in %s", cycle, w->formation, pos->sector->id);
      g_assert_null (pos->towards);
      g_assert_cmpstr (pos->sector->id, ==, w->sector);
    }
}

static char *
engagement_place (const AdmEngagement *engagement)
{
  if (engagement->sector != NULL)
    return g_strdup (engagement->sector->id);
  return g_strdup_printf ("%s %s", engagement->from->id, engagement->to->id);
}

static void
check_engagements (AdmCampaign *campaign,
                   guint        cycle)
{
  g_autoptr(GPtrArray) found = adm_strategy_get_engagements (strategy_of (campaign), cycle);
  guint n = 0;

  for (const Met *m = engagements[cycle - 1]; m->place != NULL; m++, n++)
    {
      const AdmEngagement *engagement;
      g_autofree char *place = NULL;
      g_autoptr(GString) ids = g_string_new (NULL);

      g_assert_cmpuint (n, <, found->len);
      engagement = g_ptr_array_index (found, n);
      place = engagement_place (engagement);
      for (guint f = 0; f < engagement->formations->len; f++)
        g_string_append_printf (ids, "%s%s", f > 0 ? " " : "",
                                ((AdmFormation *) g_ptr_array_index (engagement->formations, f))->id);
      g_assert_cmpuint (engagement->cycle, ==, cycle);
      g_assert_cmpstr (place, ==, m->place);
      g_assert_cmpstr (ids->str, ==, m->formations);
    }
  g_assert_cmpuint (found->len, ==, n);
}

/* The battle for an engagement, in a sector or on a link: the engaged formations in being,
 * each placed by its orders (F-STRAT-15) or, for an absent admiral's formation whose check
 * failed, in marching order (F-STRAT-5); it loads and resolves a turn (F-TAC-1). */
/* The battle's ships that are a sector's stations, no ships of the campaign. */
static guint
station_units (AdmState  *state,
               AdmBattle *battle)
{
  guint n = 0;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (adm_state_get_ship (state, adm_battle_get_ship (battle, i)->id) == NULL)
      {
        g_assert_cmpint (adm_battle_get_ship (battle, i)->klass->category, ==,
                         ADM_CATEGORY_STATION);
        n++;
      }
  return n;
}

static void
check_battle (AdmCampaign         *campaign,
              const AdmEngagement *engagement,
              guint                seed)
{
  AdmState *state = adm_campaign_get_state (campaign);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = NULL;
  g_autoptr(GPtrArray) placements = adm_engagement_placements (state, engagement);
  g_autofree char *setup = adm_engagement_battle_setup (state, engagement, NULL, &error);
  g_autofree char *stem = adm_engagement_file_stem (engagement);

  g_assert_no_error (error);
  g_test_message ("%s", stem);
  battle = adm_battle_load_memory (setup, strlen (setup), stem, &error);
  g_assert_no_error (error);
  /* Ruling "station-unit": and a formation for each station of the sector on a side. */
  g_assert_cmpuint (adm_battle_get_n_formations (battle), ==,
                    engagement->formations->len + station_units (state, battle));
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, i);

      g_test_message ("  %s: %s (%s)", entry->formation->id, entry->placement->id,
                      entry->reason);
      g_assert_cmpint (adm_battle_formation_index (battle, entry->formation->id), >=, 0);
      if (entry->check != NULL && !entry->check->passed)
        g_assert_cmpstr (entry->placement->id, ==, "marching-order");
    }
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  dice = adm_dice_prng_new (seed);
  g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
}

static void
check_summaries (AdmCampaign *campaign)
{
  AdmStrategy *strategy = strategy_of (campaign);
  g_autofree char *radovan = adm_strategy_summary (strategy, 1, "radovan");
  g_autofree char *vorkosigan = adm_strategy_summary (strategy, 2, "vorkosigan");
  g_autofree char *sarlat = adm_strategy_summary (strategy, 2, "ghem-sarlat");
  g_autofree char *naismith = adm_strategy_summary (strategy, 4, "naismith");

  g_assert_nonnull (strstr (radovan, "late"));
  g_assert_nonnull (strstr (naismith, "late"));
  /* F-STRAT-5: no sheet, and the squadron still marched on to Pol orbit. */
  g_assert_nonnull (strstr (vorkosigan, "No sheet"));
  g_assert_nonnull (strstr (vorkosigan, "to Pol orbit"));
  /* The correction (defend) superseded the attack; both are in the journal. */
  g_test_message ("%s", sarlat);
  g_assert_nonnull (strstr (sarlat, "defence in Pol orbit"));
  g_assert_null (strstr (sarlat, "attack in Pol orbit"));
}

static void
test_six_cycles (void)
{
  g_autofree char *scenario_path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario_path, &error);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cycles-XXXXXX", &error);
  g_autofree char *save_path = g_build_filename (dir, "komarr.admiralty", NULL);
  guint battles = 0, links = 0, checks = 0;

  g_assert_no_error (error);
  g_assert_null (adm_campaign_get_path (campaign));
  for (guint cycle = 1; cycle <= N_CYCLES; cycle++)
    {
      g_autoptr(AdmCampaign) reloaded = NULL;
      g_autoptr(GPtrArray) found = NULL;
      g_autofree char *before = NULL, *after = NULL;

      g_assert_cmpuint (adm_strategy_get_cycle (strategy_of (campaign)), ==, cycle);
      komarr_play_cycle (campaign, cycle, T0);
      g_assert_true (adm_campaign_save (campaign, save_path, &error));
      g_assert_no_error (error);
      check_positions (campaign, cycle);
      check_engagements (campaign, cycle);

      /* The saved journal replays to the same state. */
      reloaded = adm_campaign_open (save_path, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (adm_campaign_get_path (reloaded), ==, save_path);
      before = adm_state_dump (adm_campaign_get_state (campaign));
      after = adm_state_dump (adm_campaign_get_state (reloaded));
      g_assert_cmpstr (before, ==, after);

      found = adm_strategy_get_engagements (strategy_of (campaign), cycle);
      for (guint i = 0; i < found->len; i++)
        {
          const AdmEngagement *engagement = g_ptr_array_index (found, i);

          check_battle (campaign, engagement, 100 * cycle + i);
          battles++;
          links += engagement->sector == NULL;
          for (guint f = 0; f < engagement->formations->len; f++)
            checks += adm_state_get_cycle_check (adm_campaign_get_state (campaign), cycle,
                                                 ((AdmFormation *) g_ptr_array_index (
                                                    engagement->formations, f))->id) != NULL;
        }
    }
  g_test_message ("%u battles, %u on links, %u formations checked", battles, links, checks);
  g_assert_cmpuint (battles, ==, 17);
  /* F-STRAT-5: Vorkosigan's absence in cycle 2, and others', had the master roll. */
  g_assert_cmpuint (checks, >, 0);
  check_summaries (campaign);

  for (guint n = 0; n <= ADM_CAMPAIGN_BACKUPS; n++)
    {
      g_autofree char *path = n == 0 ? g_strdup (save_path)
                                     : adm_campaign_backup_path (save_path, n);
      g_remove (path);
    }
  /* The checkpoints kept per cycle resolved, never rotated by saves, pruned to the newest
   * ADM_FILE_CHECKPOINTS_KEPT: cycles 3 to 6 of the six. */
  {
    g_autoptr(GPtrArray) checkpoints = adm_file_list_checkpoints (save_path);
    g_autofree char *folder = NULL;
    g_autofree char *newest = NULL;

    g_assert_cmpuint (checkpoints->len, ==, ADM_FILE_CHECKPOINTS_KEPT);
    newest = g_path_get_basename (g_ptr_array_index (checkpoints, 0));
    g_assert_cmpstr (newest, ==, "cycle-6.admiralty");
    folder = g_path_get_dirname (g_ptr_array_index (checkpoints, 0));
    for (guint i = 0; i < checkpoints->len; i++)
      g_assert_cmpint (g_remove (g_ptr_array_index (checkpoints, i)), ==, 0);
    g_assert_cmpint (g_rmdir (folder), ==, 0);
  }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/campaign-cycles/F-STRAT-1/six-cycles", test_six_cycles);

  return g_test_run ();
}
