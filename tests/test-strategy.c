/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-strategy.c: the strategic phase clause by clause (F-STRAT, F-FORM-6, F-FORM-10) — the
 * timing rules on plain numbers, orders refused with their reason, moves, transit carried over,
 * standing orders, corrections, engagements and the admirals' summaries, on the bundled
 * Komarr campaign. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static AdmScenario *
load_komarr (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario = adm_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static AdmCampaign *
new_komarr (const char *ruling,
            const char *value)
{
  g_autoptr(AdmScenario) scenario = load_komarr ();
  g_autoptr(GError) error = NULL;

  if (ruling != NULL)
    {
      adm_ruleset_set_ruling (adm_scenario_get_ruleset (scenario), ruling, value, &error);
      g_assert_no_error (error);
    }
  return adm_campaign_new (scenario, 1);
}

static AdmStrategy *
strategy_of (AdmCampaign *campaign)
{
  return adm_state_get_strategy (adm_campaign_get_state (campaign));
}

/* Appends an order; @key/@value is its one detail (route, target, flagship) or NULL. */
static gboolean
order (AdmCampaign  *campaign,
       guint         cycle,
       const char   *admiral,
       const char   *formation,
       const char   *kind,
       const char   *key,
       const char   *value,
       GError      **error)
{
  g_autoptr(AdmEvent) event = adm_event_new ("order", T0 + cycle * 2400);

  adm_event_set_int (event, "cycle", cycle);
  adm_event_set (event, "admiral", admiral);
  adm_event_set (event, "formation", formation);
  adm_event_set (event, "order", kind);
  if (key != NULL)
    adm_event_set (event, key, value);
  return adm_campaign_append (campaign, event, error);
}

static void
order_ok (AdmCampaign *campaign,
          guint        cycle,
          const char  *admiral,
          const char  *formation,
          const char  *kind,
          const char  *key,
          const char  *value)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (order (campaign, cycle, admiral, formation, kind, key, value, &error));
  g_assert_no_error (error);
}

static void
resolve (AdmCampaign *campaign)
{
  guint cycle = adm_strategy_get_cycle (strategy_of (campaign));
  g_autoptr(AdmEvent) event = adm_event_new ("cycle", T0 + cycle * 2400 + 2399);
  g_autoptr(GError) error = NULL;

  adm_event_set_int (event, "cycle", cycle);
  g_assert_true (adm_campaign_append (campaign, event, &error));
  g_assert_no_error (error);
}

static const char *
where (AdmCampaign *campaign,
       const char  *formation)
{
  const AdmFormationPosition *pos = adm_strategy_get_position (strategy_of (campaign), formation);

  g_assert_nonnull (pos);
  return pos->towards != NULL ? "in-transit" : pos->sector->id;
}

/* Refuses an order and checks that nothing changed. */
static void
refused (AdmCampaign *campaign,
         const char  *admiral,
         const char  *formation,
         const char  *kind,
         const char  *key,
         const char  *value,
         const char  *expected)
{
  g_autofree char *before = adm_state_dump (adm_campaign_get_state (campaign));
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  guint cycle = adm_strategy_get_cycle (strategy_of (campaign));

  g_assert_false (order (campaign, cycle, admiral, formation, kind, key, value, &error));
  g_assert_error (error, ADM_STATE_ERROR, error->code);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, expected));
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, ==, after);
}

static void
test_phase_minutes (void)
{
  g_assert_cmpfloat (adm_strategy_phase_minutes (FALSE), ==, 40.0);
  g_assert_cmpfloat (adm_strategy_phase_minutes (TRUE), ==, 60.0);
}

static void
test_fast_pure (void)
{
  g_assert_false (adm_strategy_speed_is_fast (25));
  g_assert_true (adm_strategy_speed_is_fast (26));
  g_assert_cmpfloat (adm_strategy_move_phases (FALSE), ==, 1.0);
  g_assert_cmpfloat (adm_strategy_move_phases (TRUE), ==, 0.5);
}

static void
test_fast_formations (void)
{
  g_autoptr(AdmScenario) scenario = load_komarr ();
  g_autoptr(GError) error = NULL;
  AdmFormation *flotilla = adm_scenario_lookup_formation (scenario, "first-destroyer-flotilla");
  AdmFormation *home = adm_scenario_lookup_formation (scenario, "first-squadron-home-fleet");
  AdmFormation *pol = adm_scenario_lookup_formation (scenario, "pol-cruiser-squadron");

  g_assert_true (adm_strategy_formation_is_fast (scenario, flotilla));
  /* F-FORM-10: the Vorhartung (18) holds the whole squadron back. */
  g_assert_false (adm_strategy_formation_is_fast (scenario, home));
  g_assert_cmpfloat (adm_strategy_leg_minutes (scenario, home), ==, 40.0);
  g_assert_cmpfloat (adm_strategy_leg_minutes (scenario, flotilla), ==, 20.0);
  /* Capital ships over 25 are fast by speed, not by type. */
  g_assert_true (adm_strategy_formation_is_fast (scenario, pol));

  adm_ruleset_set_ruling (adm_scenario_get_ruleset (scenario), "fast-ships",
                          "escorts-and-cruisers", &error);
  g_assert_no_error (error);
  g_assert_true (adm_strategy_formation_is_fast (scenario, flotilla));
  g_assert_false (adm_strategy_formation_is_fast (scenario, home));
}

static void
test_half_phase_pure (void)
{
  g_assert_cmpfloat (adm_strategy_next_start (20, 40, TRUE), ==, 20);
  g_assert_cmpfloat (adm_strategy_next_start (20, 40, FALSE), ==, 40);
  g_assert_cmpfloat (adm_strategy_next_start (40, 40, FALSE), ==, 40);
  g_assert_cmpfloat (adm_strategy_next_start (30, 60, FALSE), ==, 60);
}

static void
test_order_phases (void)
{
  g_assert_cmpfloat (adm_strategy_order_phases (ADM_STRAT_ORDER_PATROL), ==, 0.5);
  g_assert_cmpfloat (adm_strategy_order_phases (ADM_STRAT_ORDER_LAY_MINES), ==, 0.5);
  g_assert_cmpfloat (adm_strategy_order_phases (ADM_STRAT_ORDER_FLAGSHIP), ==, 0.0);
}

static void
test_route_not_adjacent (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);

  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route", "hegen-hub",
           "not adjacent (F-STRAT-8)");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route",
           "pol-jump-point hegen-hub", "not adjacent (F-STRAT-8)");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route", "nowhere",
           "unknown sector");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", NULL, NULL, "no route");
  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "pol-jump-point pol-orbit");
}

static void
test_not_his_formation (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);

  refused (campaign, "vorlakial", "first-squadron-home-fleet", "patrol", NULL, NULL,
           "does not command");
  refused (campaign, "naismith", "celestial-train", "patrol", NULL, NULL, "does not command");
  /* A formation with no admiral takes orders from its faction's admirals. */
  order_ok (campaign, 1, "ghem-sarlat", "celestial-train", "patrol", NULL, NULL);
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "retreat", NULL, NULL,
           "unknown order");
  refused (campaign, "nobody", "first-squadron-home-fleet", "patrol", NULL, NULL,
           "unknown admiral");
}

static void
test_mines_fitted (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);

  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "lay-mines", NULL, NULL,
           "can lay mines");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "sweep-mines", NULL, NULL,
           "minesweeper");
  order_ok (campaign, 1, "vorlakial", "komarr-fleet-train", "lay-mines", NULL, NULL);
  order_ok (campaign, 1, "radovan", "pol-minesweeping-division", "sweep-mines", NULL, NULL);
}

static void
test_attack_targets (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);

  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "attack", NULL, NULL,
           "no target");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "attack", "target",
           "second-squadron-home-fleet", "its own side");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "attack", "target",
           "jade-squadron", "not adjacent");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "flagship", "flagship",
           "emperor-ezar", "is not a ship of");
  order_ok (campaign, 1, "vorkosigan", "first-destroyer-flotilla", "attack", "target",
            "pol-escort-group");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "first-destroyer-flotilla"), ==, "pol-orbit");
}

static void
test_slow_and_fast_moves (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);

  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "komarr-orbit solar-mirror");
  /* F-STRAT-10: fast ships cross two links in one phase of 40 minutes. */
  order_ok (campaign, 1, "vorlakial", "second-squadron-home-fleet", "move", "route",
            "komarr-terminus");
  order_ok (campaign, 1, "naismith", "dendarii-strike-group", "move", "route",
            "hegen-hub jacksons-whole-jump");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "first-squadron-home-fleet"), ==, "komarr-orbit");
  g_assert_cmpstr (where (campaign, "second-squadron-home-fleet"), ==, "komarr-terminus");
  g_assert_cmpstr (where (campaign, "dendarii-strike-group"), ==, "jacksons-whole-jump");
  /* F-STRAT-5: the rest of the route is carried out next cycle without a new order. */
  g_assert_nonnull (adm_strategy_get_standing (strategy_of (campaign), "first-squadron-home-fleet"));
  g_assert_null (adm_strategy_get_standing (strategy_of (campaign), "dendarii-strike-group"));
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "first-squadron-home-fleet"), ==, "solar-mirror");
  g_assert_null (adm_strategy_get_standing (strategy_of (campaign), "first-squadron-home-fleet"));
}

static void
test_hour_transit (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr ("strategic-phase", "hour");
  const AdmFormationPosition *pos;

  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "pol-jump-point");
  resolve (campaign);
  pos = adm_strategy_get_position (strategy_of (campaign), "first-squadron-home-fleet");
  g_assert_nonnull (pos->towards);
  g_assert_cmpstr (pos->sector->id, ==, "komarr-terminus");
  g_assert_cmpstr (pos->towards->id, ==, "pol-jump-point");
  g_assert_cmpfloat (pos->spent, ==, 40.0);
  g_assert_cmpfloat (pos->leg, ==, 60.0);
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "first-squadron-home-fleet"), ==, "pol-jump-point");
}

static void
test_one_per_phase (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr ("half-phase-actions", "one-per-phase");

  order_ok (campaign, 1, "naismith", "dendarii-strike-group", "move", "route",
            "hegen-hub jacksons-whole-jump");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "dendarii-strike-group"), ==, "hegen-hub");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "dendarii-strike-group"), ==, "jacksons-whole-jump");
}

static void
test_standing_and_correction (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autofree char *summary = NULL;
  const AdmStratOrder *standing;

  order_ok (campaign, 1, "radovan", "pol-escort-group", "move", "route", "hegen-hub");
  /* A correction for the same formation and cycle supersedes the first; both are journalled. */
  order_ok (campaign, 1, "radovan", "pol-escort-group", "patrol", NULL, NULL);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 2);
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "pol-escort-group"), ==, "pol-orbit");
  /* F-STRAT-5: no sheet for cycle 2, the patrol goes on. */
  resolve (campaign);
  standing = adm_strategy_get_standing (strategy_of (campaign), "pol-escort-group");
  g_assert_nonnull (standing);
  g_assert_cmpint (standing->kind, ==, ADM_STRAT_ORDER_PATROL);
  summary = adm_strategy_summary (strategy_of (campaign), 2, "radovan");
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "No sheet"));
  g_assert_nonnull (strstr (summary, "patrol in Pol orbit"));
}

static void
test_sheets (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autoptr(AdmEvent) sheet = adm_event_new ("sheet", T0 + 2000);
  g_autoptr(AdmEvent) wrong = adm_event_new ("sheet", T0 + 2000);
  g_autoptr(AdmEvent) cycle = adm_event_new ("cycle", T0 + 2400);
  g_autoptr(GPtrArray) sheets = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;

  adm_event_set (sheet, "cycle", "1");
  adm_event_set (sheet, "admiral", "vorkosigan");
  adm_event_set (sheet, "received", "2026-11-22T18:42:00Z");
  adm_event_set (sheet, "late", "true");
  g_assert_true (adm_campaign_append (campaign, sheet, &error));
  g_assert_no_error (error);

  adm_event_set (wrong, "cycle", "2");
  adm_event_set (wrong, "admiral", "vorkosigan");
  adm_event_set (wrong, "received", "2026-11-22T18:42:00Z");
  g_assert_false (adm_campaign_append (campaign, wrong, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);
  adm_event_set (wrong, "cycle", "1");
  adm_event_set (wrong, "received", "yesterday");
  g_assert_false (adm_campaign_append (campaign, wrong, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_clear_error (&error);

  adm_event_set (cycle, "cycle", "3");
  g_assert_false (adm_campaign_append (campaign, cycle, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);

  sheets = adm_strategy_get_sheets (strategy_of (campaign), 1);
  g_assert_cmpuint (sheets->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (sheets, 0), ==, "vorkosigan");
  resolve (campaign);
  summary = adm_strategy_summary (strategy_of (campaign), 1, "vorkosigan");
  g_assert_nonnull (strstr (summary, "late"));
}

static void
test_engagement_in_sector (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autoptr(GPtrArray) engagements = NULL;
  AdmEngagement *engagement;

  order_ok (campaign, 1, "vorkosigan", "first-destroyer-flotilla", "move", "route", "pol-orbit");
  resolve (campaign);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  g_assert_cmpuint (engagements->len, ==, 1);
  engagement = g_ptr_array_index (engagements, 0);
  g_assert_cmpstr (engagement->sector->id, ==, "pol-orbit");
  g_assert_cmpfloat (engagement->minute, ==, 20.0);
  /* Everyone hostile in the sector: the escorts and the minesweepers of Pol. */
  g_assert_cmpuint (engagement->formations->len, ==, 3);
  g_assert_cmpstr (((AdmFormation *) g_ptr_array_index (engagement->formations, 0))->id, ==,
                   "first-destroyer-flotilla");
}

static void
test_engagement_on_link (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autoptr(GPtrArray) engagements = NULL;
  g_autofree char *vorkosigan = NULL, *vorlakial = NULL, *master = NULL;
  AdmEngagement *engagement;

  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "pol-jump-point");
  order_ok (campaign, 1, "radovan", "pol-cruiser-squadron", "move", "route", "komarr-terminus");
  resolve (campaign);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  g_assert_cmpuint (engagements->len, ==, 1);
  engagement = g_ptr_array_index (engagements, 0);
  g_assert_null (engagement->sector);
  g_assert_cmpstr (engagement->from->id, ==, "komarr-terminus");
  g_assert_cmpstr (engagement->to->id, ==, "pol-jump-point");
  /* They close at 1/40 and 1/20 of the link a minute: they meet after 13⅓ minutes. */
  g_assert_cmpfloat_with_epsilon (engagement->minute, 40.0 / 3, 1e-9);

  /* F-STRAT-3: each admiral learns of his own formations and the enemies they met only. */
  vorkosigan = adm_strategy_summary (strategy_of (campaign), 1, "vorkosigan");
  g_test_message ("%s", vorkosigan);
  g_assert_nonnull (strstr (vorkosigan, "First Squadron, Home Fleet"));
  g_assert_nonnull (strstr (vorkosigan, "met Pol Cruiser Squadron"));
  g_assert_null (strstr (vorkosigan, "Second Squadron"));
  g_assert_null (strstr (vorkosigan, "Pol Escort Group"));
  vorlakial = adm_strategy_summary (strategy_of (campaign), 1, "vorlakial");
  g_assert_null (strstr (vorlakial, "Pol Cruiser Squadron"));
  master = adm_strategy_summary (strategy_of (campaign), 1, NULL);
  g_assert_nonnull (strstr (master, "Pol Escort Group"));
}

static void
test_no_engagement_at_rest (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autoptr(GPtrArray) engagements = NULL;

  /* Barrayar and Komarr share Komarr orbit at the start: nobody moves, nobody searches. */
  order_ok (campaign, 1, "vorlakial", "second-squadron-home-fleet", "defend", NULL, NULL);
  resolve (campaign);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  g_assert_cmpuint (engagements->len, ==, 0);
}

static void
test_replay (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autoptr(AdmCampaign) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL, *a = NULL, *b = NULL;
  gsize length;

  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "pol-jump-point pol-orbit");
  order_ok (campaign, 1, "radovan", "pol-cruiser-squadron", "move", "route", "komarr-terminus");
  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "flagship", "flagship",
            "prince-xav");
  resolve (campaign);
  resolve (campaign);
  data = adm_campaign_serialize (campaign, &length);
  reloaded = adm_campaign_load_memory (data, length, "replay.admiralty", &error);
  g_assert_no_error (error);
  a = adm_state_dump (adm_campaign_get_state (campaign));
  b = adm_state_dump (adm_campaign_get_state (reloaded));
  g_assert_cmpstr (a, ==, b);
  g_assert_nonnull (strstr (a, "flagship prince-xav"));
  g_assert_cmpstr (where (reloaded, "first-squadron-home-fleet"), ==, "pol-orbit");
}

static char *
sheet_path (const char *name)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data", "order-sheets",
                           name, NULL);
}

/* Loads a sheet and appends its events, as the CLI does. */
static void
append_sheet (AdmCampaign *campaign,
              const char  *name)
{
  g_autofree char *path = sheet_path (name);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) events = adm_order_sheet_load_file (path, adm_campaign_get_state (campaign),
                                                           T0 + 2300, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < events->len; i++)
    {
      g_assert_true (adm_campaign_append (campaign, g_ptr_array_index (events, i), &error));
      g_assert_no_error (error);
    }
}

static void
test_sheet_files (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autoptr(GPtrArray) sheets = NULL;
  g_autoptr(GPtrArray) engagements = NULL;

  append_sheet (campaign, "vorkosigan-1.xml");
  append_sheet (campaign, "radovan-1.xml");
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 6);
  sheets = adm_strategy_get_sheets (strategy_of (campaign), 1);
  g_assert_cmpuint (sheets->len, ==, 2);
  resolve (campaign);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  /* On the Komarr–Pol link, and the flotilla's attack in Pol orbit. */
  g_assert_cmpuint (engagements->len, ==, 2);
}

static void
test_sheet_refused (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL, NULL);
  g_autofree char *bad_route = sheet_path ("bad-route.xml");
  g_autofree char *bad_schema = sheet_path ("bad-schema.xml");
  g_autoptr(GError) error = NULL;
  GPtrArray *events;

  events = adm_order_sheet_load_file (bad_route, adm_campaign_get_state (campaign), T0, &error);
  g_assert_null (events);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_suffix (error->message, "(F-STRAT-8)"));
  g_assert_nonnull (strstr (error->message, "bad-route.xml:4: "));
  g_clear_error (&error);

  events = adm_order_sheet_load_file (bad_schema, adm_campaign_get_state (campaign), T0, &error);
  g_assert_null (events);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "bad-schema.xml:3"));
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/strategy/F-STRAT-6/phase-minutes", test_phase_minutes);
  g_test_add_func ("/engine/strategy/F-STRAT-10/fast-speed", test_fast_pure);
  g_test_add_func ("/engine/strategy/F-FORM-10/slowest-ship", test_fast_formations);
  g_test_add_func ("/engine/strategy/F-STRAT-10/half-phase-actions", test_half_phase_pure);
  g_test_add_func ("/engine/strategy/F-STRAT-11/order-phases", test_order_phases);
  g_test_add_func ("/engine/strategy/F-STRAT-8/route-adjacent", test_route_not_adjacent);
  g_test_add_func ("/engine/strategy/F-FORM-6/command", test_not_his_formation);
  g_test_add_func ("/engine/strategy/F-STRAT-16/mines-fitted", test_mines_fitted);
  g_test_add_func ("/engine/strategy/F-STRAT-16/attack", test_attack_targets);
  g_test_add_func ("/engine/strategy/F-STRAT-10/moves", test_slow_and_fast_moves);
  g_test_add_func ("/engine/strategy/F-STRAT-6/hour-transit", test_hour_transit);
  g_test_add_func ("/engine/strategy/F-STRAT-10/one-per-phase", test_one_per_phase);
  g_test_add_func ("/engine/strategy/F-STRAT-5/standing-orders", test_standing_and_correction);
  g_test_add_func ("/engine/strategy/F-GEN-3/sheets", test_sheets);
  g_test_add_func ("/engine/strategy/F-STRAT-4/engagement-sector", test_engagement_in_sector);
  g_test_add_func ("/engine/strategy/F-STRAT-4/engagement-link", test_engagement_on_link);
  g_test_add_func ("/engine/strategy/F-STRAT-4/at-rest", test_no_engagement_at_rest);
  g_test_add_func ("/engine/strategy/F-STRAT-1/replay", test_replay);

  g_test_add_func ("/engine/strategy/F-GEN-3/sheet-files", test_sheet_files);
  g_test_add_func ("/engine/strategy/F-STRAT-8/sheet-refused", test_sheet_refused);

  return g_test_run ();
}
