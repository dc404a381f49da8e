/* SPDX-License-Identifier: GPL-3.0-or-later */
/* komarr-helpers.c: see komarr-helpers.h. */
#include "config.h"

#include "komarr-helpers.h"
#include "battle-helpers.h"
#include "battle-scripting.h"
#include "file-helpers.h"
#include "shipped-helpers.h"
#include "adm-audience.h"
#include "adm-battle-orders.h"
#include "adm-battle-result.h"
#include "adm-battle.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-campaign.h"
#include "adm-dice-commit.h"
#include "adm-dice-contribution.h"
#include "adm-dice-prng.h"
#include "adm-dice-queue.h"
#include "adm-engagement-queue.h"
#include "adm-engagement.h"
#include "adm-event.h"
#include "adm-journal.h"
#include "adm-order-sheet.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"
#include "adm-state.h"
#include "adm-strategy.h"
#include "adm-table-battle.h"

AdmCampaign *
komarr_new (const char *ruling,
            const char *value)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-campaign.admiralty");
  g_autoptr(GError) error = NULL;

  if (ruling != NULL)
    {
      g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (scenario), ruling, value,
                                             &error));
      g_assert_no_error (error);
    }
  return adm_campaign_new (scenario, 1);
}

AdmStrategy *
strategy_of (AdmCampaign *campaign)
{
  return adm_state_get_strategy (adm_campaign_get_state (campaign));
}

int
komarr_compare_names (gconstpointer a,
                      gconstpointer b)
{
  return strcmp (*(const char **) a, *(const char **) b);
}

void
komarr_play_cycle (AdmCampaign *campaign,
                   guint        cycle,
                   gint64       t0)
{
  sample_play_cycle (campaign, "komarr", cycle, t0);
}

void
sample_play_cycle (AdmCampaign *campaign,
                   const char  *scenario,
                   guint        cycle,
                   gint64       t0)
{
  /* Komarr's sheets are those of its campaign scenario. */
  g_autofree char *sheets = g_strdup_printf ("%s.sheets", g_str_equal (scenario, "komarr")
                                                          ? "komarr-campaign" : scenario);
  /* A test finds its fixtures through GTest; bench-campaign, which plays the same cycles
   * outside GTest, through the source tree it is given. */
  g_autofree char *folder = g_test_initialized ()
    ? g_test_build_filename (G_TEST_DIST, "..", "scenarios", sheets, NULL)
    : g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios", sheets, NULL);
  g_autofree char *prefix = g_strdup_printf ("%s-cycle-%u-", scenario, cycle);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (cycle);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (folder, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (paths, g_build_filename (folder, name, NULL));
  g_ptr_array_sort (paths, komarr_compare_names);
  g_assert_cmpuint (paths->len, >, 0);
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr(GPtrArray) sheet = adm_order_sheet_load_file (g_ptr_array_index (paths, i),
                                                              adm_campaign_get_state (campaign),
                                                              t0 + cycle * 2400 - 60, &error);

      g_assert_no_error (error);
      g_assert_true (adm_campaign_append_all (campaign, sheet, &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_resolve_cycle (campaign, ADM_DICE_SOURCE (dice),
                                             t0 + cycle * 2400, &error));
  g_assert_no_error (error);
}

gboolean
campaign_order (AdmCampaign  *campaign,
                gint64        time,
                guint         cycle,
                const char   *admiral,
                const char   *formation,
                const char   *kind,
                const char   *key,
                const char   *value,
                GError      **error)
{
  g_autoptr(AdmEvent) event = adm_event_new ("order", time);

  adm_event_set_int (event, "cycle", cycle);
  adm_event_set (event, "admiral", admiral);
  adm_event_set (event, "formation", formation);
  adm_event_set (event, "order", kind);
  if (key != NULL)
    adm_event_set (event, key, value);
  return adm_campaign_append (campaign, event, error);
}

void
komarr_order (AdmCampaign *campaign,
              gint64       t0,
              guint        cycle,
              const char  *admiral,
              const char  *formation,
              const char  *kind,
              const char  *key,
              const char  *value)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (campaign_order (campaign, t0 + cycle * 2400 - 60, cycle, admiral, formation,
                                 kind, key, value, &error));
  g_assert_no_error (error);
}

void
komarr_end_cycle (AdmCampaign *campaign,
                  gint64       t0)
{
  guint cycle = adm_strategy_get_cycle (strategy_of (campaign));
  g_autoptr(AdmEvent) event = adm_event_new ("cycle", t0 + cycle * 2400);
  g_autoptr(GError) error = NULL;

  adm_event_set_int (event, "cycle", cycle);
  g_assert_true (adm_campaign_append (campaign, event, &error));
  g_assert_no_error (error);
}

AdmQueuedEngagement *
queued_engagement (AdmCampaign *campaign,
                   const char  *id)
{
  g_autoptr(GError) error = NULL;
  AdmQueuedEngagement *engagement = adm_campaign_find_engagement (campaign, id, &error);

  g_assert_no_error (error);
  g_assert_nonnull (engagement);
  return engagement;
}

AdmBattle *
engagement_battle (AdmCampaign *campaign,
                   const char  *id)
{
  g_autoptr(AdmQueuedEngagement) engagement = queued_engagement (campaign, id);
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  AdmBattle *battle;

  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

AdmCampaign *
komarr_play_saved (const char *scenario_path,
                   guint       cycles,
                   gint64      t0,
                   const char *save_path)
{
  g_autofree char *komarr = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                   "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (scenario_path != NULL
                                                            ? scenario_path : komarr, &error);
  AdmCampaign *campaign;

  g_assert_no_error (error);
  campaign = adm_campaign_new (scenario, 1);
  for (guint cycle = 1; cycle <= cycles; cycle++)
    {
      komarr_play_cycle (campaign, cycle, t0);
      g_assert_true (adm_campaign_save (campaign, save_path, &error));
      g_assert_no_error (error);
    }
  return campaign;
}

AdmCampaign *
komarr_saved_and_played (const char *path,
                         guint       cycles,
                         gint64      t0)
{
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);

  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  for (guint cycle = 1; cycle <= cycles; cycle++)
    komarr_play_cycle (campaign, cycle, t0);
  return g_steal_pointer (&campaign);
}

void
table_dice_fixed (AdmCampaign *campaign,
                  const char  *table,
                  const char  *engagement_id,
                  gint64       time,
                  guint64      seed,
                  guint8      *secret)
{
  guint8 fixed[ADM_DICE_SECRET_LENGTH], committed[ADM_DICE_SECRET_LENGTH];
  g_autoptr(GError) error = NULL;

  adm_dice_secret_from_seed (seed, fixed);
  g_assert_true (adm_dice_secret_store (fixed, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_table_dice_stored (campaign, table, engagement_id, time, fixed,
                                                 committed, &error));
  g_assert_no_error (error);
  g_assert_cmpmem (committed, sizeof committed, fixed, sizeof fixed);
  if (secret != NULL)
    memcpy (secret, committed, sizeof committed);
}

/* The battle of c1-1 (Pol jump point) as the campaign sets it up, with Pol Defiant moved into
 * base contact with Kestrel (F-BOARD-1); Kestrel (First Destroyer Flotilla, Admiral
 * Vorkosigan's) boards it in turn 1 and captures it in the end stage (F-BOARD-15). */
AdmBattle *
komarr_capture_pol_defiant (AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = adm_campaign_find_engagement (campaign, "c1-1",
                                                                            &error);
  g_autofree char *setup = NULL;
  g_autoptr(GString) variant = NULL;
  AdmBattle *battle;

  g_assert_no_error (error);
  setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  variant = g_string_new (setup);
  /* Where the generated table (F-TAC-1) put them: Pol Defiant goes to Kestrel's east side,
   * bases touching (1.5 cm base each). */
  {
    g_autoptr(AdmBattle) as_set_up = adm_battle_load_memory (setup, strlen (setup), "c1-1",
                                                             &error);
    const AdmBattleShip *kestrel, *defiant;
    g_autofree char *from = NULL, *to = NULL;
    char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];

    g_assert_no_error (error);
    kestrel = ship (as_set_up, "kestrel");
    defiant = ship (as_set_up, "pol-defiant");
    from = g_strdup_printf ("x=\"%s\" y=\"%s\"",
                            g_ascii_formatd (x, sizeof x, "%g", defiant->position.x),
                            g_ascii_formatd (y, sizeof y, "%g", defiant->position.y));
    to = g_strdup_printf ("x=\"%s\" y=\"%s\"",
                          g_ascii_formatd (x, sizeof x, "%g", kestrel->position.x + 1.5),
                          g_ascii_formatd (y, sizeof y, "%g", kestrel->position.y));
    g_assert_cmpuint (g_string_replace (variant, from, to, 1), ==, 1);
  }
  battle = adm_battle_load_memory (variant->str, variant->len, "c1-1", &error);
  g_assert_no_error (error);
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
  resolve (battle, "<board ship=\"kestrel\" target=\"pol-defiant\"/>", "");
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, NULL, "6 1");
  g_assert_cmpint (ship (battle, "pol-defiant")->captured_by, ==, ship_index (battle, "kestrel"));
  return battle;
}

void
komarr_end_battles (AdmCampaign *campaign,
                    const char  *engagement,
                    gint64       time)
{
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_campaign_get_battle_played (campaign, engagement, &error);
  g_autoptr(AdmBattle) copy = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  copy = g_object_ref (battle);
  g_assert_true (adm_campaign_end_battle (campaign, engagement, copy, "Pol withdrew", time++,
                                          &error));
  g_assert_no_error (error);
  for (;;)
    {
      g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);
      g_autoptr(AdmBattle) set_up = NULL;
      const AdmQueuedEngagement *first;

      if (unfought->len == 0)
        return;
      first = g_ptr_array_index (unfought, 0);
      set_up = engagement_battle (campaign, first->id);
      g_assert_true (adm_campaign_end_battle (campaign, first->id, set_up, "Broke off", time++,
                                              &error));
      g_assert_no_error (error);
    }
}

/* @n phases of @battle, the battle of @engagement, each kept; the journal's entries after
 * each into @told when the public is told of the battle then. */
static void
public_battle_phases (AdmCampaign  *campaign,
                      const char   *engagement,
                      AdmBattle    *battle,
                      AdmDicePrng  *dice,
                      guint         n,
                      GArray       *told)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmQueuedEngagement) queued = queued_engagement (campaign, engagement);

  for (guint p = 0; p < n; p++)
    {
      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
      g_assert_true (adm_campaign_keep_battle (campaign, engagement, battle, &error));
      g_assert_no_error (error);
      if (told != NULL &&
          adm_audience_told_of_engagement (strategy_of (campaign),
                                           adm_campaign_get_scenario (campaign), NULL, queued))
        {
          guint moment = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

          g_array_append_val (told, moment);
        }
    }
}

void
komarr_public_battles (AdmCampaign *campaign,
                       gint64       t0,
                       GArray      *told)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDicePrng) first = adm_dice_prng_new (9);
  g_autoptr(AdmDicePrng) second = adm_dice_prng_new (13);
  g_autoptr(AdmBattle) hegen = NULL, screened = NULL;
  g_autoptr(AdmEvent) reveal = adm_event_new ("reveal", t0 + 3000);

  komarr_play_cycle (campaign, 1, t0);
  hegen = engagement_battle (campaign, "c1-2");
  public_battle_phases (campaign, "c1-2", hegen, first, 1, told);
  adm_event_set (reveal, "formation", "autumn-screen");
  g_assert_true (adm_campaign_append (campaign, reveal, &error));
  g_assert_no_error (error);
  public_battle_phases (campaign, "c1-2", hegen, first, 2, told);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  public_battle_phases (campaign, "c1-2", hegen, first, 1, told);
  komarr_end_battles (campaign, "c1-2", t0 + 3100);

  komarr_play_cycle (campaign, 2, t0);
  /* F-STRAT-4: Autumn Screen meets the Minelayer at c2-3 before c2-5; that one broke off. */
  {
    g_autoptr(AdmBattle) broke_off = engagement_battle (campaign, "c2-3");

    g_assert_true (adm_campaign_end_battle (campaign, "c2-3", broke_off, "Broke off",
                                            t0 + 4900, &error));
    g_assert_no_error (error);
  }
  screened = engagement_battle (campaign, "c2-5");
  public_battle_phases (campaign, "c2-5", screened, second, 4, told);
  komarr_end_battles (campaign, "c2-5", t0 + 5500);
}

AdmCampaign *
komarr_c1_3_kept (const char  *folder,
                  gint64       t0,
                  AdmBattle  **battle)
{
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  AdmCampaign *campaign = komarr_saved_and_played (path, 1, t0);
  g_autoptr(GError) error = NULL;

  *battle = engagement_battle (campaign, "c1-3");
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", *battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_battle_get_n_sides (*battle), ==, 2);
  return campaign;
}

AdmBattleOrders *
komarr_c1_3_orders (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "campaign-battles",
                                                 "komarr-c1-3.orders.xml", NULL);
  g_autoptr(GError) error = NULL;
  AdmBattleOrders *orders = adm_battle_orders_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (orders);
  return orders;
}

char *
komarr_c1_3_to_rolling_phase (AdmCampaign *campaign,
                              AdmBattle   *battle)
{
  g_autoptr(AdmBattleOrders) orders = komarr_c1_3_orders ();
  /* No dice to give: a phase that asked for one would fail here. */
  g_autoptr(AdmDiceQueue) none = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;
  const AdmTurnOrders *turn_orders;

  for (guint resolved = 0;
       !adm_dice_phase_rolls (battle, (turn_orders = adm_battle_orders_get_turn (
                                         orders, adm_battle_get_turn (battle))));
       resolved++)
    {
      g_assert_cmpuint (resolved, <, 15);
      g_assert_true (adm_battle_resolve_phase (battle, turn_orders, ADM_DICE_SOURCE (none),
                                               &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, ==, 0);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  return adm_battle_declarations_digest (battle, turn_orders);
}
