/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-strategy.c: the strategic phase clause by clause (F-STRAT, F-FORM-6, F-FORM-10) — the
 * timing rules on plain numbers, orders refused with their reason, moves, transit carried over,
 * standing orders, corrections, engagements and the admirals' summaries, on the bundled
 * Komarr campaign. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"
#include "shipped-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

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
  return campaign_order (campaign, T0 + cycle * 2400, cycle, admiral, formation, kind, key,
                         value, error);
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
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-campaign.admiralty");
  g_autoptr(GError) error = NULL;

  g_assert_cmpfloat (adm_strat_6_phase_minutes (FALSE, 40, 60), ==, 40.0);
  g_assert_cmpfloat (adm_strat_6_phase_minutes (TRUE, 40, 60), ==, 60.0);
  g_assert_cmpfloat (adm_strat_6_phase_minutes (TRUE, 30, 90), ==, 90.0);
  /* The shipped numbers: 40 minutes a cycle, an hour's 60. */
  g_assert_cmpfloat (adm_strategy_cycle_minutes (scenario), ==, 40.0);
  g_assert_cmpfloat (adm_strategy_phase_minutes (scenario), ==, 40.0);
  g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (scenario), "strategic-phase",
                                         "hour", &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (adm_strategy_phase_minutes (scenario), ==, 60.0);
}

static void
test_fast_pure (void)
{
  g_assert_false (adm_strat_10_is_fast (25, 25));
  g_assert_true (adm_strat_10_is_fast (26, 25));
  g_assert_false (adm_strat_10_is_fast (28, 28));
  g_assert_cmpfloat (adm_strat_10_move_phases (FALSE, 1, 0.5), ==, 1.0);
  g_assert_cmpfloat (adm_strat_10_move_phases (TRUE, 1, 0.5), ==, 0.5);
  g_assert_cmpfloat (adm_strat_10_move_phases (TRUE, 1.5, 0.25), ==, 0.25);
}

static void
test_fast_formations (void)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-campaign.admiralty");
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
  g_assert_cmpfloat (adm_strat_11_order_phases (ADM_STRAT_ORDER_PATROL, 0.5), ==, 0.5);
  g_assert_cmpfloat (adm_strat_11_order_phases (ADM_STRAT_ORDER_LAY_MINES, 0.75), ==, 0.75);
  g_assert_cmpfloat (adm_strat_11_order_phases (ADM_STRAT_ORDER_FLAGSHIP, 0.5), ==, 0.0);
}

static void
test_route_not_adjacent (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route", "hegen-hub",
           "not adjacent (F-STRAT-8)");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route",
           "pol-jump-point hegen-hub", "not adjacent (F-STRAT-8)");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route", "nowhere",
           "unknown sector");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", NULL, NULL, "no route");
  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "pol-jump-point pol-orbit");
  /* A route written from where it is starts there; naming only that sector is no move. */
  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "komarr-terminus pol-jump-point");
  refused (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route",
           "komarr-terminus", "no route");
}

static void
test_not_his_formation (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

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

/* Orders the Home Fleet's first squadron to the next sector @to, resolves the cycle and checks
 * it is on the link, @spent of its @leg minutes crossed. */
static void
squadron_in_transit (AdmCampaign *campaign,
                     const char  *to,
                     double       spent,
                     double       leg)
{
  const AdmFormationPosition *pos;

  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route", to);
  resolve (campaign);
  pos = adm_strategy_get_position (strategy_of (campaign), "first-squadron-home-fleet");
  g_assert_nonnull (pos->towards);
  g_assert_cmpstr (pos->sector->id, ==, "komarr-terminus");
  g_assert_cmpstr (pos->towards->id, ==, to);
  g_assert_cmpfloat (pos->spent, ==, spent);
  g_assert_cmpfloat (pos->leg, ==, leg);
}

static void
test_hour_transit (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new ("strategic-phase", "hour");

  squadron_in_transit (campaign, "pol-jump-point", 40.0, 60.0);
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "first-squadron-home-fleet"), ==, "pol-jump-point");
}

static void
test_one_per_phase (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new ("half-phase-actions", "one-per-phase");

  order_ok (campaign, 1, "naismith", "dendarii-strike-group", "move", "route",
            "hegen-hub jacksons-whole-jump");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "dendarii-strike-group"), ==, "hegen-hub");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "dendarii-strike-group"), ==, "jacksons-whole-jump");
}

/* adm_strategy_forecast_order () of an order checked on a scratch copy of @campaign. */
static void
forecast (AdmCampaign *campaign,
          const char  *admiral,
          const char  *formation,
          const char  *kind,
          const char  *key,
          const char  *value,
          double      *arrival,
          double      *start)
{
  g_autoptr(AdmEvent) event = adm_event_new ("order", T0 + 2400);
  g_autoptr(GError) error = NULL;
  AdmStrategy *trial = adm_strategy_new_trial (strategy_of (campaign));
  AdmStratOrder *checked;

  adm_event_set_int (event, "cycle", adm_strategy_get_cycle (strategy_of (campaign)));
  adm_event_set (event, "admiral", admiral);
  adm_event_set (event, "formation", formation);
  adm_event_set (event, "order", kind);
  if (key != NULL)
    adm_event_set (event, key, value);
  checked = adm_strategy_check_order (trial, event, &error);
  g_assert_no_error (error);
  adm_strategy_forecast_order (trial, checked, arrival, start);
  adm_strat_order_free (checked);
  adm_strategy_free (trial);
}

/* F-STRAT-10, F-STRAT-11: the timing an order is read back with is the one the cycle gives it:
 * the minute its route ends (or none, still on the way at the session) and the minute its
 * action starts, under each ruling. */
static void
test_forecast (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) one = komarr_new ("half-phase-actions", "one-per-phase");
  g_autoptr(AdmCampaign) hour = komarr_new ("strategic-phase", "hour");
  double arrival, start;

  /* Main ships: a link a phase; the second link is not crossed by the session. */
  forecast (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "komarr-orbit", &arrival, &start);
  g_assert_cmpfloat (arrival, ==, 40.0);
  g_assert_cmpfloat (start, ==, -1.0);
  forecast (campaign, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "komarr-orbit solar-mirror", &arrival, &start);
  g_assert_cmpfloat (arrival, ==, -1.0);
  /* Fast ships: two links in a phase; one per phase under "one-per-phase". */
  forecast (campaign, "naismith", "dendarii-strike-group", "move", "route",
            "hegen-hub jacksons-whole-jump", &arrival, &start);
  g_assert_cmpfloat (arrival, ==, 40.0);
  forecast (one, "naismith", "dendarii-strike-group", "move", "route",
            "hegen-hub jacksons-whole-jump", &arrival, &start);
  g_assert_cmpfloat (arrival, ==, -1.0);
  /* A patrol in the next sector starts as the fast group arrives; at home, at once. */
  forecast (campaign, "naismith", "dendarii-strike-group", "patrol", "target", "hegen-hub",
            &arrival, &start);
  g_assert_cmpfloat (arrival, ==, 20.0);
  g_assert_cmpfloat (start, ==, 20.0);
  forecast (campaign, "vorkosigan", "first-squadron-home-fleet", "defend", NULL, NULL,
            &arrival, &start);
  g_assert_cmpfloat (arrival, ==, 0.0);
  g_assert_cmpfloat (start, ==, 0.0);
  /* An hour's phase: the link is still being crossed at the session. */
  forecast (hour, "vorkosigan", "first-squadron-home-fleet", "move", "route", "pol-jump-point",
            &arrival, &start);
  g_assert_cmpfloat (arrival, ==, -1.0);
  /* And what the cycle does agrees. */
  order_ok (campaign, 1, "naismith", "dendarii-strike-group", "move", "route",
            "hegen-hub jacksons-whole-jump");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "dendarii-strike-group"), ==, "jacksons-whole-jump");
}

/* The Komarr campaign on a copy of the shipped rules whose ruleset has @from replaced by @to,
 * with the ruling @ruling set to @value when not NULL. */
static AdmCampaign *
komarr_changed (const char *from,
                const char *to,
                const char *ruling,
                const char *value)
{
  char *dir = changed_rules_new (NULL, "ruleset", NULL, from, to);
  g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  AdmCampaign *campaign;

  g_setenv ("ADMIRALTY_RULES_PATH", dir, TRUE);
  campaign = komarr_new (ruling, value);
  g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
  changed_rules_remove (dir);
  return campaign;
}

/* F-STRAT-1, F-STRAT-6: the cycle's 40 minutes and the hour's 60 are the ruleset's
 * (<strategic-time>). With a copy of 30 minutes a cycle and 90 an hour, a main squadron's link
 * takes a 30-minute phase, and under "hour" 90 minutes, three cycles, carried over in transit. */
static void
test_strategic_time_from_ruleset (void)
{
  const char *shipped = "clause=\"F-STRAT-1\" cycle-minutes=\"40\" hour-minutes=\"60\"";
  const char *changed = "clause=\"F-STRAT-1\" cycle-minutes=\"30\" hour-minutes=\"90\"";
  g_autoptr(AdmCampaign) cycle = komarr_changed (shipped, changed, NULL, NULL);
  g_autoptr(AdmCampaign) hour = komarr_changed (shipped, changed, "strategic-phase", "hour");
  double arrival, start;

  forecast (cycle, "vorkosigan", "first-squadron-home-fleet", "move", "route", "komarr-orbit",
            &arrival, &start);
  g_assert_cmpfloat (arrival, ==, 30.0);
  forecast (cycle, "naismith", "dendarii-strike-group", "patrol", "target", "hegen-hub",
            &arrival, &start);
  g_assert_cmpfloat (arrival, ==, 15.0);
  g_assert_cmpfloat (start, ==, 15.0);

  squadron_in_transit (hour, "pol-jump-point", 30.0, 90.0);
  resolve (hour);
  g_assert_cmpstr (where (hour, "first-squadron-home-fleet"), ==, "in-transit");
  resolve (hour);
  g_assert_cmpstr (where (hour, "first-squadron-home-fleet"), ==, "pol-jump-point");
}

/* F-STRAT-10: the speed over 25 and the phases a link takes are the ruleset's (<sector-move>).
 * With a copy making fast only ships over 27, a main ship's link 1.5 phases and a fast one's
 * 0.25, the Pol cruisers (27 and 28) are no longer fast, the Home Fleet's squadron crosses a
 * link in 60 minutes, carried over in transit, and the destroyers in 10. */
static void
test_sector_move_from_ruleset (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_changed (
    "clause=\"F-STRAT-10\" fast-speed-over=\"25\" main-phases=\"1\" fast-phases=\"0.5\"",
    "clause=\"F-STRAT-10\" fast-speed-over=\"27\" main-phases=\"1.5\" fast-phases=\"0.25\"",
    NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmFormation *flotilla = adm_scenario_lookup_formation (scenario, "first-destroyer-flotilla");
  AdmFormation *pol = adm_scenario_lookup_formation (scenario, "pol-cruiser-squadron");
  double arrival, start;

  g_assert_false (adm_strategy_formation_is_fast (scenario, pol));
  g_assert_true (adm_strategy_formation_is_fast (scenario, flotilla));
  g_assert_cmpfloat (adm_strategy_leg_minutes (scenario, flotilla), ==, 10.0);
  forecast (campaign, "naismith", "dendarii-strike-group", "patrol", "target", "hegen-hub",
            &arrival, &start);
  g_assert_cmpfloat (arrival, ==, 10.0);
  squadron_in_transit (campaign, "komarr-orbit", 40.0, 60.0);
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "first-squadron-home-fleet"), ==, "komarr-orbit");
}

/* F-STRAT-11: an order's half phase is the ruleset's (<order-time>). With a copy of a quarter
 * phase, the fleet train's mines are laid by minute 10, not 20; with one of one and a half
 * phases, they are not laid by the session at all. */
static void
test_order_time_from_ruleset (void)
{
  const char *shipped = "clause=\"F-STRAT-11\" phases=\"0.5\"";
  g_autoptr(AdmCampaign) quarter = komarr_changed (shipped,
                                                   "clause=\"F-STRAT-11\" phases=\"0.25\"",
                                                   NULL, NULL);
  g_autoptr(AdmCampaign) slow = komarr_changed (shipped,
                                                "clause=\"F-STRAT-11\" phases=\"1.5\"",
                                                NULL, NULL);
  const AdmFormationPosition *pos;
  double end = -1;

  order_ok (quarter, 1, "vorlakial", "komarr-fleet-train", "lay-mines", NULL, NULL);
  resolve (quarter);
  pos = adm_strategy_get_position (strategy_of (quarter), "komarr-fleet-train");
  g_assert_true (adm_strategy_mines_laid (strategy_of (quarter), 1, "komarr-fleet-train",
                                          pos->sector, &end));
  g_assert_cmpfloat (end, ==, 10.0);
  order_ok (slow, 1, "vorlakial", "komarr-fleet-train", "lay-mines", NULL, NULL);
  resolve (slow);
  pos = adm_strategy_get_position (strategy_of (slow), "komarr-fleet-train");
  g_assert_false (adm_strategy_mines_laid (strategy_of (slow), 1, "komarr-fleet-train",
                                           pos->sector, &end));
}

static void
test_standing_and_correction (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
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

/* F-STRAT-4: a formation arriving later joins the fight at its own minute — the destroyers
 * patrolling the Pol jump point meet the Pol cruisers at once, the First Squadron only when it
 * arrives at minute 40 — and a formation with nothing to report is said to have stayed. */
static void
test_engagement_joined (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GPtrArray) engagements = NULL;
  g_autofree char *summary = NULL;
  AdmScenario *scenario;
  AdmEngagement *engagement;

  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "pol-jump-point");
  order_ok (campaign, 1, "vorkosigan", "first-destroyer-flotilla", "patrol", NULL, NULL);
  resolve (campaign);
  scenario = adm_campaign_get_scenario (campaign);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  g_assert_cmpuint (engagements->len, ==, 1);
  engagement = g_ptr_array_index (engagements, 0);
  g_assert_cmpfloat (engagement->minute, ==, 0.0);
  g_assert_cmpfloat (adm_engagement_joined_minute (engagement, adm_scenario_lookup_formation (
                       scenario, "first-destroyer-flotilla")), ==, 0.0);
  g_assert_cmpfloat (adm_engagement_joined_minute (engagement, adm_scenario_lookup_formation (
                       scenario, "first-squadron-home-fleet")), ==, 40.0);
  summary = adm_strategy_summary (strategy_of (campaign), 1, "vorkosigan");
  g_assert_nonnull (strstr (summary, "First Squadron, Home Fleet:\n"
                                     "  moved from Komarr wormhole terminus to Pol jump point, "
                                     "arriving at minute 40\n"
                                     "  met Pol Cruiser Squadron (Pol Six) in Pol jump point at "
                                     "minute 40\n"));
  g_assert_nonnull (strstr (summary, "  met Pol Cruiser Squadron (Pol Six) in Pol jump point at "
                                     "minute 0\n"));
  g_free (summary);
  summary = adm_strategy_summary (strategy_of (campaign), 1, "vorlakial");
  g_assert_nonnull (strstr (summary, "Second Squadron, Home Fleet:\n  stayed in Komarr orbit\n"));
}

static void
test_engagement_on_link (void)
{
  /* The link alone: the Pol cruisers reaching Barrayar's Jump Station at the Komarr terminus
   * after it would meet it too ("station-engagement", tested in test-sector-battle.c). */
  g_autoptr(AdmCampaign) campaign = komarr_new ("station-engagement", "never");
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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
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
  /* The Komarr campaign's samples ship with it; the others are the tests' own. */
  if (g_str_has_prefix (name, "komarr-cycle-"))
    return g_test_build_filename (G_TEST_DIST, "..", "scenarios", "komarr-campaign.sheets",
                                  name, NULL);
  return g_test_build_filename (G_TEST_DIST, "data", "order-sheets", name, NULL);
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
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GPtrArray) sheets = NULL;
  g_autoptr(GPtrArray) engagements = NULL;

  append_sheet (campaign, "vorkosigan-1.xml");
  append_sheet (campaign, "radovan-1.xml");
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 6);
  sheets = adm_strategy_get_sheets (strategy_of (campaign), 1);
  g_assert_cmpuint (sheets->len, ==, 2);
  resolve (campaign);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  /* On the Komarr–Pol link, the flotilla's attack in Pol orbit, and the Pol cruisers at the
   * Komarr terminus, met by Barrayar's Jump Station (ruling "station-engagement"). */
  g_assert_cmpuint (engagements->len, ==, 3);
}

static void
test_sheet_refused (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
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


/* Administrative orders, alliances and visibility (F-STRAT-3, F-STRAT-12, F-STRAT-17,
 * F-FORM-3, F-FORM-4, F-FORM-5, F-FORM-6, F-FORM-7, F-FORM-8). */

/* Appends an order with any number of KEY, VALUE details (NULL-terminated); @formation may be
 * NULL (a form order). */
static gboolean
order_with (AdmCampaign  *campaign,
            const char   *admiral,
            const char   *formation,
            const char   *kind,
            GError      **error,
            ...)
{
  guint cycle = adm_strategy_get_cycle (strategy_of (campaign));
  g_autoptr(AdmEvent) event = adm_event_new ("order", T0 + cycle * 2400);
  va_list args;

  adm_event_set_int (event, "cycle", cycle);
  adm_event_set (event, "admiral", admiral);
  if (formation != NULL)
    adm_event_set (event, "formation", formation);
  adm_event_set (event, "order", kind);
  va_start (args, error);
  for (const char *key = va_arg (args, const char *); key != NULL;
       key = va_arg (args, const char *))
    adm_event_set (event, key, va_arg (args, const char *));
  va_end (args);
  return adm_campaign_append (campaign, event, error);
}

#define ADMIN_OK(campaign, admiral, formation, kind, ...) \
  G_STMT_START { \
    g_autoptr(GError) admin_error = NULL; \
    g_assert_true (order_with (campaign, admiral, formation, kind, &admin_error, __VA_ARGS__)); \
    g_assert_no_error (admin_error); \
  } G_STMT_END

/* Refused with @expected in the message, and the state unchanged. */
#define ADMIN_REFUSED(campaign, expected, admiral, formation, kind, ...) \
  G_STMT_START { \
    g_autofree char *admin_before = adm_state_dump (adm_campaign_get_state (campaign)); \
    g_autofree char *admin_after = NULL; \
    g_autoptr(GError) admin_error = NULL; \
    g_assert_false (order_with (campaign, admiral, formation, kind, &admin_error, __VA_ARGS__)); \
    g_assert_nonnull (admin_error); \
    g_test_message ("%s", admin_error->message); \
    g_assert_nonnull (strstr (admin_error->message, expected)); \
    admin_after = adm_state_dump (adm_campaign_get_state (campaign)); \
    g_assert_cmpstr (admin_before, ==, admin_after); \
  } G_STMT_END

static const char *
ships_of (AdmCampaign *campaign,
          const char  *formation_id,
          GString     *out)
{
  AdmFormation *formation = adm_strategy_lookup_formation (strategy_of (campaign), formation_id);

  g_assert_nonnull (formation);
  g_string_truncate (out, 0);
  for (guint i = 0; i < formation->ships->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? " " : "",
                            ((AdmShip *) g_ptr_array_index (formation->ships, i))->id);
  return out->str;
}

static gboolean
in_being (AdmCampaign *campaign,
          const char  *formation_id)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (campaign));

  for (guint i = 0; i < formations->len; i++)
    if (g_str_equal (((AdmFormation *) g_ptr_array_index (formations, i))->id, formation_id))
      return TRUE;
  return FALSE;
}

/* F-STRAT-17, F-FORM-4, F-FORM-5: detach makes a new formation of the listed ships; the
 * flagship follows the succession when it leaves; the new one takes orders at once and moves
 * at its own speed. */
static void
test_admin_detach (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmStrategy *strategy = strategy_of (campaign);
  g_autoptr(GString) ships = g_string_new (NULL);
  AdmFormation *squadron, *division;
  g_autofree char *summary = NULL;

  g_assert_cmpuint (adm_strategy_get_formations (strategy)->len, ==, 24);
  /* The scenario's formations until an administrative order changes one. */
  g_assert_true (adm_strategy_lookup_formation (strategy, "first-squadron-home-fleet") ==
                 adm_scenario_lookup_formation (adm_campaign_get_scenario (campaign),
                                                "first-squadron-home-fleet"));
  ADMIN_OK (campaign, "vorkosigan", "first-squadron-home-fleet", "detach",
            "ships", "prince-serg emperor-dorca", "new-formation", "serg-division",
            "name", "Serg Division", "flagship", "emperor-dorca", NULL);
  g_assert_cmpuint (adm_strategy_get_formations (strategy)->len, ==, 25);
  g_assert_true (in_being (campaign, "serg-division"));
  g_assert_cmpstr (ships_of (campaign, "serg-division", ships), ==, "prince-serg emperor-dorca");
  g_assert_cmpstr (ships_of (campaign, "first-squadron-home-fleet", ships), ==,
                   "prince-xav count-vorhalas kyril-island");
  division = adm_strategy_lookup_formation (strategy, "serg-division");
  squadron = adm_strategy_lookup_formation (strategy, "first-squadron-home-fleet");
  g_assert_cmpstr (division->name, ==, "Serg Division");
  g_assert_cmpstr (division->flagship->id, ==, "emperor-dorca");
  g_assert_cmpstr (division->admiral->id, ==, "vorkosigan");
  g_assert_true (division->faction == squadron->faction);
  /* F-FORM-5: Prince Serg left; Prince Xav, first in the succession, took over. */
  g_assert_cmpstr (squadron->flagship->id, ==, "prince-xav");
  g_assert_cmpstr (adm_strategy_get_position (strategy, "first-squadron-home-fleet")->flagship->id,
                   ==, "prince-xav");
  g_assert_cmpstr (where (campaign, "serg-division"), ==, "komarr-terminus");
  /* The scenario itself is untouched. */
  g_assert_cmpuint (adm_scenario_lookup_formation (adm_campaign_get_scenario (campaign),
                                                   "first-squadron-home-fleet")->ships->len, ==, 5);

  /* Orders of the same cycle go to the new formation. */
  order_ok (campaign, 1, "vorkosigan", "serg-division", "move", "route", "pol-jump-point");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "serg-division"), ==, "pol-jump-point");
  g_assert_cmpstr (where (campaign, "first-squadron-home-fleet"), ==, "komarr-terminus");
  summary = adm_strategy_summary (strategy, 1, "vorkosigan");
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, "Serg Division:"));
  g_assert_nonnull (strstr (summary, "detached of Prince Serg, Emperor Dorca"));
  g_assert_nonnull (strstr (summary, "Prince Xav became the flagship (F-FORM-5)"));
}

/* F-STRAT-12: form gathers ships of several of the admiral's formations in one sector; a
 * formation all of whose ships leave is no more. */
static void
test_admin_form (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmStrategy *strategy = strategy_of (campaign);
  g_autoptr(GString) ships = g_string_new (NULL);

  ADMIN_OK (campaign, "vorkosigan", "first-squadron-home-fleet", "detach",
            "ships", "kyril-island", "new-formation", "picket", "name", "Picket", NULL);
  /* No formation attribute: the ships say where they come from. */
  ADMIN_OK (campaign, "vorkosigan", NULL, "form", "ships", "kyril-island count-vorhalas",
            "new-formation", "vanguard", "name", "Vanguard", NULL);
  g_assert_cmpstr (ships_of (campaign, "vanguard", ships), ==, "kyril-island count-vorhalas");
  g_assert_cmpstr (adm_strategy_lookup_formation (strategy, "vanguard")->flagship->id, ==,
                   "kyril-island");
  /* The picket gave its only ship: it is no more, and takes no more orders. */
  g_assert_false (in_being (campaign, "picket"));
  g_assert_null (adm_strategy_lookup_formation (strategy, "picket"));
  ADMIN_REFUSED (campaign, "no longer exists", "vorkosigan", "picket", "patrol", NULL);
  g_assert_cmpstr (ships_of (campaign, "first-squadron-home-fleet", ships), ==,
                   "prince-serg prince-xav emperor-dorca");
}

/* F-STRAT-17: join merges a formation into another of its faction in its sector; the joined
 * one keeps its id, the joiner ceases and later orders to it are refused. */
static void
test_admin_join (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmStrategy *strategy = strategy_of (campaign);
  g_autoptr(GString) ships = g_string_new (NULL);
  g_autoptr(GPtrArray) orders = NULL;

  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "patrol", NULL, NULL);
  ADMIN_OK (campaign, "vorkosigan", "first-squadron-home-fleet", "detach",
            "ships", "kyril-island count-vorhalas", "new-formation", "vanguard",
            "name", "Vanguard", NULL);
  order_ok (campaign, 1, "vorkosigan", "vanguard", "patrol", NULL, NULL);
  ADMIN_OK (campaign, "vorkosigan", "vanguard", "join", "target", "first-squadron-home-fleet",
            NULL);
  g_assert_false (in_being (campaign, "vanguard"));
  g_assert_cmpstr (ships_of (campaign, "first-squadron-home-fleet", ships), ==,
                   "prince-serg prince-xav emperor-dorca kyril-island count-vorhalas");
  ADMIN_REFUSED (campaign, "no longer exists", "vorkosigan", "vanguard", "move",
                 "route", "pol-jump-point", NULL);
  ADMIN_REFUSED (campaign, "no longer exists", "vorkosigan", "first-squadron-home-fleet",
                 "join", "target", "vanguard", NULL);

  /* The orders he gave, in journal order; the vanguard's patrol died with it. */
  orders = adm_strategy_get_orders (strategy, 1, "vorkosigan");
  g_assert_cmpuint (orders->len, ==, 4);
  g_assert_cmpint (((AdmStratOrder *) g_ptr_array_index (orders, 1))->kind, ==,
                   ADM_STRAT_ORDER_DETACH);
  g_assert_true (adm_strategy_order_in_force (strategy, g_ptr_array_index (orders, 0)));
  g_assert_false (adm_strategy_order_in_force (strategy, g_ptr_array_index (orders, 2)));
  g_assert_true (adm_strategy_order_in_force (strategy, g_ptr_array_index (orders, 3)));

  resolve (campaign);
  g_assert_cmpstr (adm_strategy_get_standing (strategy, "first-squadron-home-fleet") != NULL
                   ? adm_strat_order_kind_to_string (adm_strategy_get_standing (
                       strategy, "first-squadron-home-fleet")->kind) : "-", ==, "patrol");
}

/* F-STRAT-12: disband makes each ship a formation of its own, under the ship's id. */
static void
test_admin_disband (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmStrategy *strategy = strategy_of (campaign);
  g_autoptr(GString) ships = g_string_new (NULL);
  AdmFormation *ezar;

  ADMIN_OK (campaign, "vorlakial", "second-squadron-home-fleet", "disband", NULL);
  g_assert_false (in_being (campaign, "second-squadron-home-fleet"));
  g_assert_cmpuint (adm_strategy_get_formations (strategy)->len, ==, 26);
  ezar = adm_strategy_lookup_formation (strategy, "emperor-ezar");
  g_assert_nonnull (ezar);
  g_assert_cmpstr (ezar->name, ==, "Emperor Ezar");
  g_assert_cmpstr (ezar->flagship->id, ==, "emperor-ezar");
  g_assert_cmpstr (ezar->admiral->id, ==, "vorlakial");
  g_assert_cmpstr (ships_of (campaign, "hassadar", ships), ==, "hassadar");
  g_assert_cmpstr (where (campaign, "vorbarra-sultana"), ==, "komarr-orbit");
  /* The new formations take orders as any other. */
  order_ok (campaign, 1, "vorlakial", "hassadar", "move", "route", "komarr-terminus");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "hassadar"), ==, "komarr-terminus");
  g_assert_cmpstr (where (campaign, "emperor-ezar"), ==, "komarr-orbit");
}

/* Every administrative order refused with its reason, and nothing changed. */
static void
test_admin_refused (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new ("strategic-phase", "hour");

  /* F-FORM-8: one category (capital ships and auxiliaries do not mix). */
  ADMIN_REFUSED (campaign, "(F-FORM-8)", "vorlakial", "komarr-fleet-train", "join",
                 "target", "second-squadron-home-fleet", NULL);
  ADMIN_REFUSED (campaign, "(F-FORM-8)", "vorlakial", NULL, "form",
                 "ships", "emperor-ezar vashnoi", "new-formation", "mixed", "name", "Mixed", NULL);
  /* F-FORM-8 as the pure rule the loader and the orders share: at most 6 ships. */
  {
    AdmScenario *scenario = adm_campaign_get_scenario (campaign);
    g_autoptr(GPtrArray) eight = g_ptr_array_copy (
      adm_scenario_lookup_formation (scenario, "first-squadron-home-fleet")->ships, NULL, NULL);
    g_autofree char *seven = NULL;
    g_autofree char *six = NULL;

    g_ptr_array_extend (eight, adm_scenario_lookup_formation (
                          scenario, "second-squadron-home-fleet")->ships, NULL, NULL);
    g_ptr_array_set_size (eight, 6);
    six = adm_formation_composition_problem ("six-of-one-category", 6, "Big", eight);
    g_assert_null (six);
    g_ptr_array_add (eight, adm_scenario_lookup_ship (scenario, "hassadar"));
    seven = adm_formation_composition_problem ("six-of-one-category", 6, "Big", eight);
    g_assert_nonnull (seven);
    g_assert_nonnull (strstr (seven, "is ship 7 of"));
    g_clear_pointer (&seven, g_free);
    /* The 6 is the ruleset's number, passed in: with 7 the seventh ship joins. */
    g_assert_cmpint (adm_ruleset_get_formation_ships (adm_scenario_get_ruleset (scenario)), ==, 6);
    seven = adm_formation_composition_problem ("six-of-one-category", 7, "Big", eight);
    g_assert_null (seven);
  }
  /* F-STRAT-12: in one sector. */
  ADMIN_REFUSED (campaign, "formations join in one sector", "vorkosigan",
                 "first-destroyer-flotilla", "join", "target", "first-squadron-home-fleet", NULL);
  ADMIN_REFUSED (campaign, "formed in one sector", "vorkosigan", NULL, "form",
                 "ships", "prince-serg kestrel", "new-formation", "x", "name", "X", NULL);
  /* F-FORM-6: the admiral commands every ship; F-STRAT-3: one he does not command is refused
   * in the words of one that does not exist. */
  ADMIN_REFUSED (campaign, "names “emperor-ezar”, not a ship Adm. Aral Vorkosigan commands",
                 "vorkosigan", NULL, "form",
                 "ships", "prince-serg emperor-ezar", "new-formation", "x", "name", "X", NULL);
  ADMIN_REFUSED (campaign, "does not command", "vorkosigan", "second-squadron-home-fleet",
                 "disband", NULL);
  /* Detach: ships of that formation, not all of them (F-FORM-3). */
  ADMIN_REFUSED (campaign, "is not a ship of", "vorkosigan", "first-squadron-home-fleet",
                 "detach", "ships", "kestrel", "new-formation", "x", "name", "X", NULL);
  ADMIN_REFUSED (campaign, "(F-FORM-3)", "vorkosigan", "first-destroyer-flotilla", "detach",
                 "ships", "kestrel lord-vorbohn vorinnis vorgarin gull", "new-formation", "x",
                 "name", "X", NULL);
  /* F-FORM-4: the flagship is one of its ships. */
  ADMIN_REFUSED (campaign, "(F-FORM-4)", "vorkosigan", "first-squadron-home-fleet", "detach",
                 "ships", "prince-xav", "new-formation", "x", "name", "X", "flagship",
                 "prince-serg", NULL);
  /* A ship once; a known ship; an id of its own; a name. */
  ADMIN_REFUSED (campaign, "twice", "vorkosigan", "first-squadron-home-fleet", "detach",
                 "ships", "prince-xav prince-xav", "new-formation", "x", "name", "X", NULL);
  ADMIN_REFUSED (campaign, "names “nautilus”, not a ship Adm. Aral Vorkosigan commands",
                 "vorkosigan",
                 "first-squadron-home-fleet", "detach", "ships", "nautilus",
                 "new-formation", "x", "name", "X", NULL);
  ADMIN_REFUSED (campaign, "already a formation with the id “jade-squadron”", "vorkosigan",
                 "first-squadron-home-fleet", "detach", "ships", "prince-xav",
                 "new-formation", "jade-squadron", "name", "X", NULL);
  ADMIN_REFUSED (campaign, "needs “name”", "vorkosigan", "first-squadron-home-fleet", "detach",
                 "ships", "prince-xav", "new-formation", "x", NULL);
  /* A name is a label: at most 80 characters. */
  {
    g_autofree char *long_name = g_strnfill (15000, 'X');
    g_autofree char *one_over = g_strnfill (81, 'X');

    ADMIN_REFUSED (campaign, "in 15000 characters; a formation's name has at most 80",
                   "vorkosigan", "first-squadron-home-fleet", "detach", "ships", "prince-xav",
                   "new-formation", "x", "name", long_name, NULL);
    ADMIN_REFUSED (campaign, "in 81 characters", "vorkosigan", "first-squadron-home-fleet",
                   "detach", "ships", "prince-xav", "new-formation", "x", "name", one_over,
                   NULL);
  }
  /* Join: a formation of its own faction, not itself, that exists. */
  ADMIN_REFUSED (campaign, "can only join a formation of", "ghem-sarlat", "jade-squadron",
                 "join", "target", "aslund-minelayer", NULL);
  ADMIN_REFUSED (campaign, "cannot join itself", "ghem-sarlat", "jade-squadron", "join",
                 "target", "jade-squadron", NULL);
  /* F-STRAT-12: not while in transit (an hour's phase: the link takes the whole cycle). */
  order_ok (campaign, 1, "vorkosigan", "first-squadron-home-fleet", "move", "route",
            "pol-jump-point");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "first-squadron-home-fleet"), ==, "in-transit");
  ADMIN_REFUSED (campaign, "in transit", "vorkosigan", "first-squadron-home-fleet", "disband",
                 NULL);
}

/* Alliances: allies never engage, and an ally is no target. */
static void
test_alliances_never_engage (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  g_autoptr(GPtrArray) engagements = NULL;
  g_autoptr(GPtrArray) allies = NULL;
  const AdmFaction *cetaganda = adm_scenario_lookup_admiral (scenario, "ghem-estif")->faction;
  const AdmFaction *vervain = adm_scenario_lookup_admiral (scenario, "vesnaer")->faction;
  const AdmFaction *barrayar = adm_scenario_lookup_admiral (scenario, "vorkosigan")->faction;
  const AdmFaction *komarr = adm_scenario_lookup_admiral (scenario, "arozzi")->faction;

  g_assert_true (adm_scenario_factions_allied (scenario, cetaganda, vervain));
  g_assert_false (adm_scenario_factions_allied (scenario, barrayar, komarr));
  allies = adm_scenario_allies_of (scenario, cetaganda);
  g_assert_cmpuint (allies->len, ==, 2);

  refused (campaign, "ghem-estif", "first-celestial-squadron", "attack", "target",
           "vervani-home-squadron", "are allies");
  /* Searching the jump point they share with the Vervani: no engagement. */
  order_ok (campaign, 1, "ghem-estif", "first-celestial-squadron", "patrol", NULL, NULL);
  order_ok (campaign, 1, "vesnaer", "vervani-home-squadron", "patrol", NULL, NULL);
  resolve (campaign);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  for (guint i = 0; i < engagements->len; i++)
    g_assert_false (((AdmEngagement *) g_ptr_array_index (engagements, i))->sector ==
                    adm_scenario_lookup_sector (scenario, "vervain-jump-point"));
}

/* The refusal of an order naming @value, with @value written "ID": the same for every name
 * the engine treats alike. */
static char *
refusal_text (AdmCampaign *campaign,
              const char  *admiral,
              const char  *formation,
              const char  *kind,
              const char  *key,
              const char  *value,
              GQuark      *domain,
              int         *code)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) parts = NULL;

  g_assert_false (order (campaign, adm_strategy_get_cycle (strategy_of (campaign)), admiral,
                         formation, kind, key, value, &error));
  g_assert_nonnull (error);
  *domain = error->domain;
  *code = error->code;
  parts = g_strsplit (error->message, key != NULL ? value : formation, -1);
  return g_strjoinv ("ID", parts);
}

/* F-STRAT-3: an order naming a hidden formation his side does not know of — as the target of
 * an attack, as the formation the order is for, as the formation to join — is refused byte for
 * byte as one naming a formation that does not exist, so that the refusal tells him nothing. */
static void
test_hidden_refused_as_unknown (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  const struct {
    const char *formation;
    const char *kind;
    const char *key;
  } cases[] = {
    { "pol-escort-group", "attack", "target" },
    { NULL, "patrol", NULL },
    { "pol-escort-group", "join", "target" },
  };
  const char *hidden[] = { "autumn-screen", "komarran-cruiser-division" };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint h = 0; h < G_N_ELEMENTS (hidden); h++)
      {
        GQuark hidden_domain, unknown_domain;
        int hidden_code, unknown_code;
        const char *formation = cases[c].formation != NULL ? cases[c].formation : hidden[h];
        g_autofree char *for_hidden =
          refusal_text (campaign, "radovan", formation, cases[c].kind, cases[c].key, hidden[h],
                        &hidden_domain, &hidden_code);
        g_autofree char *for_unknown =
          refusal_text (campaign, "radovan",
                        cases[c].formation != NULL ? cases[c].formation : "no-such-formation",
                        cases[c].kind, cases[c].key, "no-such-formation", &unknown_domain,
                        &unknown_code);

        g_test_message ("%s %s: %s", cases[c].kind, hidden[h], for_hidden);
        g_assert_false (adm_strategy_formation_visible (
          strategy_of (campaign), adm_strategy_lookup_formation (strategy_of (campaign), hidden[h]),
          adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign), "radovan")->faction));
        g_assert_cmpstr (for_hidden, ==, for_unknown);
        g_assert_cmpuint (hidden_domain, ==, unknown_domain);
        g_assert_cmpint (hidden_code, ==, unknown_code);
      }
}

/* F-STRAT-3: a hidden formation is known to its side and its allies only, to the factions of
 * an engagement it is in once it happened, and to all after the master's "reveal". */
static void
test_hidden_formations (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmStrategy *strategy = strategy_of (campaign);
  AdmFormation *screen = adm_strategy_lookup_formation (strategy, "autumn-screen");
  const AdmFaction *cetaganda = adm_scenario_lookup_admiral (scenario, "ghem-sarlat")->faction;
  const AdmFaction *vervain = adm_scenario_lookup_admiral (scenario, "vesnaer")->faction;
  const AdmFaction *aslund = adm_scenario_lookup_admiral (scenario, "sundquist")->faction;
  const AdmFaction *dendarii = adm_scenario_lookup_admiral (scenario, "naismith")->faction;
  const AdmFaction *pol = adm_scenario_lookup_admiral (scenario, "radovan")->faction;
  g_autoptr(AdmEvent) reveal = NULL;
  g_autoptr(AdmEvent) unknown = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *radovan = NULL, *sarlat = NULL, *master = NULL;

  g_assert_true (screen->hidden);
  g_assert_false (adm_strategy_formation_visible (strategy, screen, NULL));
  g_assert_false (adm_strategy_formation_visible (strategy, screen, pol));
  g_assert_false (adm_strategy_formation_visible (strategy, screen, aslund));
  g_assert_true (adm_strategy_formation_visible (strategy, screen, cetaganda));
  g_assert_true (adm_strategy_formation_visible (strategy, screen, vervain));
  g_assert_true (adm_strategy_formation_visible (strategy,
                   adm_strategy_lookup_formation (strategy, "jade-squadron"), NULL));
  /* Pol cannot attack what it does not know of. */
  refused (campaign, "radovan", "pol-escort-group", "attack", "target", "autumn-screen",
           "is neither a sector nor a formation");

  /* The screen searches the Hub and finds the Aslund minelayer. */
  order_ok (campaign, 1, "ghem-sarlat", "autumn-screen", "patrol", NULL, NULL);
  resolve (campaign);
  g_assert_true (adm_strategy_formation_visible (strategy, screen, aslund));
  g_assert_true (adm_strategy_formation_visible (strategy, screen, dendarii));
  g_assert_false (adm_strategy_formation_visible (strategy, screen, pol));
  g_assert_false (adm_strategy_formation_visible (strategy, screen, NULL));
  radovan = adm_strategy_summary (strategy, 1, "radovan");
  g_assert_null (strstr (radovan, "Autumn Screen"));
  sarlat = adm_strategy_summary (strategy, 1, "ghem-sarlat");
  g_assert_nonnull (strstr (sarlat, "met Aslund Minelayer"));
  master = adm_strategy_summary (strategy, 1, NULL);
  g_assert_nonnull (strstr (master, "Autumn Screen"));

  /* The master reveals it to everyone; an unknown formation is refused. */
  unknown = adm_event_new ("reveal", T0 + 2500);
  adm_event_set (unknown, "formation", "nautilus");
  g_assert_false (adm_campaign_append (campaign, unknown, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "unknown formation “nautilus”"));
  g_clear_error (&error);
  reveal = adm_event_new ("reveal", T0 + 2500);
  adm_event_set (reveal, "formation", "autumn-screen");
  g_assert_true (adm_campaign_append (campaign, reveal, &error));
  g_assert_no_error (error);
  g_assert_true (adm_strategy_formation_visible (strategy, screen, NULL));
  g_assert_true (adm_strategy_formation_visible (strategy, screen, pol));
  order_ok (campaign, 2, "radovan", "pol-escort-group", "attack", "target", "autumn-screen");
  /* Revealed once is enough. */
  g_assert_false (adm_campaign_append (campaign, reveal, &error));
  g_assert_nonnull (strstr (error->message, "already"));
}

/* F-STRAT-3, F-STRAT-9: a side sees a hidden enemy live only while in contact; afterwards it
 * knows it as "last seen at PLACE, cycle N (k ships)", however far it has gone since. The
 * screen, defending the Hub from cycle 2, meets no one; the Aslund minelayer goes home. */
static void
test_last_seen (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmStrategy *strategy = strategy_of (campaign);
  AdmFormation *screen = adm_strategy_lookup_formation (strategy, "autumn-screen");
  const AdmFaction *aslund = adm_scenario_lookup_admiral (scenario, "sundquist")->faction;
  const AdmFaction *dendarii = adm_scenario_lookup_admiral (scenario, "naismith")->faction;
  const AdmFaction *pol = adm_scenario_lookup_admiral (scenario, "radovan")->faction;
  const AdmFaction *cetaganda = adm_scenario_lookup_admiral (scenario, "ghem-sarlat")->faction;
  guint n_ships = screen->ships->len;
  g_autoptr(GPtrArray) before = adm_strategy_last_seen (strategy, aslund);
  g_autoptr(GPtrArray) seen = NULL;
  g_autoptr(GPtrArray) none = NULL;
  const AdmSighting *sighting;
  AdmSighting found;
  guint ships = 0, cycle = 0;
  const AdmStratOrder *attack;
  g_autoptr(GPtrArray) orders = NULL;

  g_assert_cmpuint (before->len, ==, 0);
  g_assert_false (adm_strategy_observed_ships (strategy, screen, aslund, &ships, &cycle));
  /* Cycle 1: the screen searches the Hub and meets the minelayer — contact. */
  order_ok (campaign, 1, "ghem-sarlat", "autumn-screen", "patrol", NULL, NULL);
  resolve (campaign);
  g_assert_true (adm_strategy_in_contact (strategy, screen, aslund));
  g_assert_true (adm_strategy_formation_visible (strategy, screen, aslund));
  g_assert_true (adm_strategy_formation_visible (strategy, screen, dendarii));
  g_assert_true (adm_strategy_observed_ships (strategy, screen, aslund, &ships, &cycle));
  g_assert_cmpuint (ships, ==, n_ships);
  g_assert_cmpuint (cycle, ==, 0);
  seen = adm_strategy_last_seen (strategy, aslund);
  g_assert_cmpuint (seen->len, ==, 0);
  g_clear_pointer (&seen, g_ptr_array_unref);

  /* Cycle 2: the screen holds the Hub without searching it; the minelayer leaves. */
  order_ok (campaign, 2, "ghem-sarlat", "autumn-screen", "defend", NULL, NULL);
  order_ok (campaign, 2, "sundquist", "aslund-minelayer", "move", "route", "aslund-station");
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "aslund-minelayer"), ==, "aslund-station");
  g_assert_cmpstr (where (campaign, "autumn-screen"), ==, "hegen-hub");
  g_assert_false (adm_strategy_in_contact (strategy, screen, aslund));
  g_assert_false (adm_strategy_formation_visible (strategy, screen, aslund));
  g_assert_false (adm_strategy_formation_visible (strategy, screen, dendarii));
  g_assert_true (adm_strategy_formation_visible (strategy, screen, cetaganda));
  /* What is left is the sighting of cycle 1, for Aslund and its ally alike. */
  seen = adm_strategy_last_seen (strategy, aslund);
  g_assert_cmpuint (seen->len, ==, 1);
  sighting = g_ptr_array_index (seen, 0);
  g_assert_true (sighting->formation == screen);
  g_assert_cmpuint (sighting->cycle, ==, 1);
  g_assert_cmpstr (sighting->sector->id, ==, "hegen-hub");
  g_assert_null (sighting->towards);
  g_assert_cmpuint (sighting->ships, ==, n_ships);
  g_assert_true (adm_strategy_last_sighting (strategy, screen, dendarii, &found));
  g_assert_cmpuint (found.cycle, ==, 1);
  g_assert_true (adm_strategy_observed_ships (strategy, screen, aslund, &ships, &cycle));
  g_assert_cmpuint (ships, ==, n_ships);
  g_assert_cmpuint (cycle, ==, 1);
  /* Pol never saw it, the public neither; its own side has no "last seen" of it. */
  g_assert_false (adm_strategy_last_sighting (strategy, screen, pol, NULL));
  none = adm_strategy_last_seen (strategy, pol);
  g_assert_false (g_ptr_array_find_with_equal_func (none, screen, NULL, NULL));
  g_clear_pointer (&none, g_ptr_array_unref);
  none = adm_strategy_last_seen (strategy, cetaganda);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_false (adm_strategy_formation_visible (strategy, screen, NULL));

  /* F-STRAT-16, ruling "last-seen-target": the frigates may attack it where it was seen. */
  order_ok (campaign, 3, "sundquist", "aslund-frigate-squadron", "attack", "target",
            "autumn-screen");
  orders = adm_strategy_get_orders (strategy, 3, "sundquist");
  g_assert_cmpuint (orders->len, ==, 1);
  attack = g_ptr_array_index (orders, 0);
  g_assert_true (attack->target_formation == screen);
  g_assert_cmpstr (attack->target_sector->id, ==, "hegen-hub");
  /* Pol, which never saw it, still cannot name it. */
  refused (campaign, "radovan", "pol-escort-group", "attack", "target", "autumn-screen",
           "is neither a sector nor a formation");

  /* The frigates find it there: contact again, and the sighting is of cycle 3. */
  resolve (campaign);
  g_assert_true (adm_strategy_formation_visible (strategy, screen, aslund));
  g_assert_true (adm_strategy_last_sighting (strategy, screen, aslund, &found));
  g_assert_cmpuint (found.cycle, ==, 3);
}

/* F-STRAT-3: while in contact a side knows an enemy as the last session showed it; a battle
 * the side was not at (here its loss applied as a battle's end applies it) tells it nothing:
 * the number stays, as of the cycle of the sighting. The master sees the loss. */
static void
test_battle_elsewhere (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmStrategy *strategy = strategy_of (campaign);
  AdmFormation *screen = adm_strategy_lookup_formation (strategy, "autumn-screen");
  const AdmFaction *aslund = adm_scenario_lookup_admiral (scenario, "sundquist")->faction;
  const AdmShip *lost = g_ptr_array_index (screen->ships, 0);
  guint n_ships = screen->ships->len;
  guint ships = 0, cycle = 0;

  order_ok (campaign, 1, "ghem-sarlat", "autumn-screen", "patrol", NULL, NULL);
  resolve (campaign);
  g_assert_true (adm_strategy_in_contact (strategy, screen, aslund));
  adm_strategy_remove_ship (strategy, lost, "lost in a battle Aslund was not at", NULL);
  screen = adm_strategy_lookup_formation (strategy, "autumn-screen");
  g_assert_cmpuint (screen->ships->len, ==, n_ships - 1);
  g_assert_true (adm_strategy_observed_ships (strategy, screen, NULL, &ships, NULL));
  g_assert_cmpuint (ships, ==, n_ships - 1);
  g_assert_true (adm_strategy_observed_ships (strategy, screen, aslund, &ships, &cycle));
  g_assert_cmpuint (ships, ==, n_ships);
  g_assert_cmpuint (cycle, ==, 0);
  g_assert_true (adm_audience_side_strength (strategy, aslund, screen, &ships, &cycle));
  g_assert_cmpuint (ships, ==, n_ships);
  g_assert_cmpuint (cycle, ==, 1);
}

/* Under "in-contact-only" a formation known only by its last sighting is no target: refused
 * exactly as a name that is neither a sector nor a formation. */
static void
test_last_seen_target_refused (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new ("last-seen-target", "in-contact-only");

  order_ok (campaign, 1, "ghem-sarlat", "autumn-screen", "patrol", NULL, NULL);
  resolve (campaign);
  order_ok (campaign, 2, "ghem-sarlat", "autumn-screen", "defend", NULL, NULL);
  order_ok (campaign, 2, "sundquist", "aslund-minelayer", "move", "route", "aslund-station");
  resolve (campaign);
  refused (campaign, "sundquist", "aslund-frigate-squadron", "attack", "target",
           "autumn-screen", "is neither a sector nor a formation");
}

/* A formation detached from a hidden one is hidden too. */
static void
test_hidden_detached (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmStrategy *strategy = strategy_of (campaign);
  const AdmFaction *barrayar =
    adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign), "vorkosigan")->faction;

  ADMIN_OK (campaign, "arozzi", "komarran-cruiser-division", "detach", "ships", "olbia",
            "new-formation", "olbia-raiders", "name", "Olbia Raiders", NULL);
  g_assert_true (adm_strategy_lookup_formation (strategy, "olbia-raiders")->hidden);
  g_assert_false (adm_strategy_formation_visible (strategy,
                    adm_strategy_lookup_formation (strategy, "olbia-raiders"), barrayar));
}

/* F-GEN-3, F-STRAT-7: the latest sheet, how many, and every order with the one in force. */
static void
test_sheet_queries (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  AdmStrategy *strategy = strategy_of (campaign);
  const AdmStratSheet *sheet;
  g_autoptr(GPtrArray) orders = NULL;

  append_sheet (campaign, "komarr-cycle-1-ghem-sarlat.xml");
  append_sheet (campaign, "komarr-cycle-1-ghem-sarlat.xml");
  sheet = adm_strategy_get_sheet (strategy, 1, "ghem-sarlat");
  g_assert_nonnull (sheet);
  g_assert_cmpuint (sheet->count, ==, 2);
  g_assert_cmpuint (sheet->cycle, ==, 1);
  g_assert_cmpstr (sheet->admiral->id, ==, "ghem-sarlat");
  g_assert_null (adm_strategy_get_sheet (strategy, 1, "vorkosigan"));
  orders = adm_strategy_get_orders (strategy, 1, "ghem-sarlat");
  g_assert_cmpuint (orders->len % 2, ==, 0);
  g_assert_cmpuint (orders->len, >, 0);
  for (guint i = 0; i < orders->len; i++)
    g_assert_true (adm_strategy_order_in_force (strategy, g_ptr_array_index (orders, i)) ==
                   (i >= orders->len / 2));
}

/* A sheet with administrative orders: later orders go to the formations they make. */
static void
test_admin_sheet (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *bad = sheet_path ("admin-bad-join.xml");
  g_autoptr(GError) error = NULL;
  GPtrArray *events;

  append_sheet (campaign, "admin-vorkosigan-1.xml");
  g_assert_true (in_being (campaign, "serg-division"));
  g_assert_false (in_being (campaign, "first-destroyer-flotilla"));
  g_assert_true (in_being (campaign, "gull"));
  resolve (campaign);
  g_assert_cmpstr (where (campaign, "serg-division"), ==, "pol-jump-point");

  /* Refused with file:line and the reason, and nothing appended. */
  events = adm_order_sheet_load_file (bad, adm_campaign_get_state (campaign), T0, &error);
  g_assert_null (events);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "admin-bad-join.xml:5: "));
  g_assert_nonnull (strstr (error->message, "no longer exists"));
}

/* Undo and replay give the same state, byte for byte, after administrative orders, reveals and
 * cycles. */
static void
test_admin_replay (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) reloaded = NULL;
  g_autoptr(AdmEvent) reveal = adm_event_new ("reveal", T0 + 100);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL, *a = NULL, *b = NULL, *before = NULL, *after = NULL;
  gsize length;

  ADMIN_OK (campaign, "vorkosigan", "first-squadron-home-fleet", "detach",
            "ships", "prince-serg emperor-dorca", "new-formation", "serg-division",
            "name", "Serg Division", NULL);
  order_ok (campaign, 1, "vorkosigan", "serg-division", "move", "route", "pol-jump-point");
  ADMIN_OK (campaign, "vorlakial", "second-squadron-home-fleet", "disband", NULL);
  adm_event_set (reveal, "formation", "komarran-cruiser-division");
  g_assert_true (adm_campaign_append (campaign, reveal, &error));
  g_assert_no_error (error);
  resolve (campaign);
  ADMIN_OK (campaign, "vorkosigan", "serg-division", "detach", "ships", "emperor-dorca",
            "new-formation", "dorca", "name", "Dorca", NULL);
  before = adm_state_dump (adm_campaign_get_state (campaign));
  ADMIN_OK (campaign, "vorkosigan", "dorca", "join", "target", "serg-division", NULL);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, ==, after);
  resolve (campaign);

  data = adm_campaign_serialize (campaign, &length);
  reloaded = adm_campaign_load_memory (data, length, "replay.admiralty", &error);
  g_assert_no_error (error);
  a = adm_state_dump (adm_campaign_get_state (campaign));
  b = adm_state_dump (adm_campaign_get_state (reloaded));
  g_assert_cmpstr (a, ==, b);
  g_assert_nonnull (strstr (a, "gone second-squadron-home-fleet"));
  g_assert_nonnull (strstr (a, "position dorca pol-jump-point"));
  g_assert_nonnull (strstr (a, "hidden revealed"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/strategy/F-STRAT-6/phase-minutes", test_phase_minutes);
  g_test_add_func ("/engine/strategy/F-STRAT-1/F-STRAT-6/numbers-from-ruleset",
                   test_strategic_time_from_ruleset);
  g_test_add_func ("/engine/strategy/F-STRAT-10/fast-speed", test_fast_pure);
  g_test_add_func ("/engine/strategy/F-STRAT-10/numbers-from-ruleset",
                   test_sector_move_from_ruleset);
  g_test_add_func ("/engine/strategy/F-FORM-10/slowest-ship", test_fast_formations);
  g_test_add_func ("/engine/strategy/F-STRAT-10/half-phase-actions", test_half_phase_pure);
  g_test_add_func ("/engine/strategy/F-STRAT-11/order-phases", test_order_phases);
  g_test_add_func ("/engine/strategy/F-STRAT-11/numbers-from-ruleset",
                   test_order_time_from_ruleset);
  g_test_add_func ("/engine/strategy/F-STRAT-10/F-STRAT-11/forecast", test_forecast);
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
  g_test_add_func ("/engine/strategy/F-STRAT-4/joined-minute", test_engagement_joined);
  g_test_add_func ("/engine/strategy/F-STRAT-4/at-rest", test_no_engagement_at_rest);
  g_test_add_func ("/engine/strategy/F-STRAT-1/replay", test_replay);

  g_test_add_func ("/engine/strategy/F-GEN-3/sheet-files", test_sheet_files);
  g_test_add_func ("/engine/strategy/F-STRAT-8/sheet-refused", test_sheet_refused);

  g_test_add_func ("/engine/strategy/F-STRAT-17/detach", test_admin_detach);
  g_test_add_func ("/engine/strategy/F-STRAT-12/form", test_admin_form);
  g_test_add_func ("/engine/strategy/F-STRAT-17/join", test_admin_join);
  g_test_add_func ("/engine/strategy/F-STRAT-12/disband", test_admin_disband);
  g_test_add_func ("/engine/strategy/F-FORM-8/admin-refused", test_admin_refused);
  g_test_add_func ("/engine/strategy/F-STRAT-4/alliances", test_alliances_never_engage);
  g_test_add_func ("/engine/strategy/F-STRAT-3/hidden", test_hidden_formations);
  g_test_add_func ("/engine/strategy/F-STRAT-3/hidden-refused-as-unknown",
                   test_hidden_refused_as_unknown);
  g_test_add_func ("/engine/strategy/F-STRAT-3/hidden-detached", test_hidden_detached);
  g_test_add_func ("/engine/strategy/F-STRAT-3/last-seen", test_last_seen);
  g_test_add_func ("/engine/strategy/F-STRAT-3/battle-elsewhere", test_battle_elsewhere);
  g_test_add_func ("/engine/strategy/F-STRAT-16/last-seen-target-refused",
                   test_last_seen_target_refused);
  g_test_add_func ("/engine/strategy/F-STRAT-7/sheet-queries", test_sheet_queries);
  g_test_add_func ("/engine/strategy/F-STRAT-12/admin-sheet", test_admin_sheet);
  g_test_add_func ("/engine/strategy/F-STRAT-1/admin-replay", test_admin_replay);

  return g_test_run ();
}
