/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-replays.c: states of a campaign's past replayed once and carried on (adm-replays.h)
 * are the states a replay from the scenario gives, through cycles, battle endings, undo and
 * redo; the reports made from them are those a campaign opened afresh makes. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400)

/* @events applied to @scenario's state from the start, in order, each through the one check. */
static char *
full_replay_dump (AdmScenario *scenario,
                  GPtrArray   *events)
{
  g_autoptr(AdmState) state = adm_state_new (scenario);

  for (guint i = 0; i < events->len; i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (adm_state_apply (state, g_ptr_array_index (events, i), &error));
      g_assert_no_error (error);
    }
  return adm_state_dump (state);
}

/* The master's report of every resolved cycle of @campaign, one after another. */
static char *
reports_text (AdmCampaign *campaign)
{
  guint current = adm_strategy_get_cycle (strategy_of (campaign));
  GString *text = g_string_new (NULL);

  for (guint cycle = 1; cycle < current; cycle++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_MASTER, NULL, cycle, NULL,
                                                &error);
      g_autofree char *part = NULL;

      g_assert_no_error (error);
      part = adm_doc_to_text (doc);
      g_string_append (text, part);
    }
  return g_string_free (text, FALSE);
}

typedef struct {
  AdmCampaign *campaign;
  AdmReplays  *replays;  /* the test's own, carried on from step to step */
  guint        steps;
} Walk;

/* One step of the walk: the journal as it stands, carried on from the replays kept, is the
 * journal replayed from the scenario; and every report of an earlier cycle, made from the
 * campaign's own kept replays, is the report of the campaign opened afresh from its file. */
static void
check_step (Walk       *walk,
            const char *what)
{
  GPtrArray *events = adm_campaign_get_events (walk->campaign);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmState) carried = adm_replays_get (walk->replays, events, events->len, &error);
  g_autofree char *carried_dump = NULL, *full_dump = NULL, *file = NULL;
  g_autofree char *kept_reports = NULL, *fresh_reports = NULL;
  g_autoptr(AdmCampaign) fresh = NULL;
  gsize length;

  g_test_message ("%s: %u events", what, events->len);
  g_assert_no_error (error);
  carried_dump = adm_state_dump (carried);
  full_dump = full_replay_dump (adm_campaign_get_scenario (walk->campaign), events);
  g_assert_cmpstr (carried_dump, ==, full_dump);

  kept_reports = reports_text (walk->campaign);
  file = adm_campaign_serialize (walk->campaign, &length);
  fresh = adm_campaign_load_memory (file, length, "fresh.admiralty", &error);
  g_assert_no_error (error);
  fresh_reports = reports_text (fresh);
  g_assert_cmpstr (kept_reports, ==, fresh_reports);
  walk->steps++;
}

static void
undo_redo (Walk       *walk,
           const char *what)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_undo (walk->campaign, &error));
  g_assert_no_error (error);
  check_step (walk, what);
  g_assert_true (adm_campaign_redo (walk->campaign, &error));
  g_assert_no_error (error);
  check_step (walk, what);
}

/* Each engagement of @cycle ended unfought, in time order. */
static void
end_engagements (Walk  *walk,
                 guint  cycle)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (walk->campaign, cycle);
  guint n = queue->len;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *id = g_strdup_printf ("c%u-%u", cycle, i + 1);
      g_autoptr(AdmQueuedEngagement) engagement = queued_engagement (walk->campaign, id);
      g_autoptr(GError) error = NULL;

      if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
        continue;
      g_assert_true (adm_campaign_end_battle (walk->campaign, id, NULL,
                                              "Not fought: both withdrew",
                                              T0 + cycle * 2400 + 600 + i, &error));
      g_assert_no_error (error);
      check_step (walk, id);
      /* The ending taken back and given again: the kept replays of the cycle's report
       * follow the journal back and forth. */
      if (i == 0)
        undo_redo (walk, "an ending undone and redone");
    }
}

/* F-STRAT-3, F-STRAT-4: four cycles of Komarr, each engagement ended after its cycle, an
 * ending and a cycle undone and redone: at every step the replays carried on equal the replay
 * from the scenario, and the reports of the earlier cycles equal a fresh campaign's. */
static void
test_carried_equals_full (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmReplays) replays = adm_replays_new (adm_campaign_get_scenario (campaign), 2);
  Walk walk = { campaign, replays, 0 };

  check_step (&walk, "new");
  for (guint cycle = 1; cycle <= 4; cycle++)
    {
      komarr_play_cycle (campaign, cycle, T0);
      check_step (&walk, "cycle resolved");
      if (cycle == 2)
        undo_redo (&walk, "a cycle undone and redone");
      end_engagements (&walk, cycle);
    }
  g_assert_cmpuint (walk.steps, >, 20);
}

/* A replay carried on applies only the events after those it kept; one that a longer list
 * does not begin with is made anew. */
static void
test_only_new_events (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmReplays) replays = adm_replays_new (adm_campaign_get_scenario (campaign), 4);
  g_autoptr(GPtrArray) shorter = g_ptr_array_new ();
  g_autoptr(AdmState) first = NULL, second = NULL, third = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *events = adm_campaign_get_events (campaign);
  guint before;

  komarr_play_cycle (campaign, 1, T0);
  first = adm_replays_get (replays, events, events->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_replays_get_n_applied (replays), ==, events->len);
  g_clear_object (&first);

  before = events->len;
  komarr_play_cycle (campaign, 2, T0);
  g_assert_cmpuint (events->len, >, before);
  second = adm_replays_get (replays, events, events->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_replays_get_n_applied (replays), ==, events->len);

  /* The same list again: nothing applied. */
  third = adm_replays_get (replays, events, events->len, &error);
  g_assert_no_error (error);
  g_assert_true (third == second);
  g_assert_cmpuint (adm_replays_get_n_applied (replays), ==, events->len);

  /* A list the kept one does not begin: replayed from the scenario. */
  for (guint i = 0; i + 1 < before; i++)
    g_ptr_array_add (shorter, g_ptr_array_index (events, i));
  g_clear_object (&third);
  third = adm_replays_get (replays, shorter, shorter->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_replays_get_n_applied (replays), ==, events->len + shorter->len);
}

/* Events after the first @n_strict are passed by where they do not apply; a later list that
 * needs one of them to apply is not served by that replay, and says which did not. */
static void
test_passed_by (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmReplays) replays = adm_replays_new (adm_campaign_get_scenario (campaign), 4);
  g_autoptr(GPtrArray) events = g_ptr_array_new ();
  g_autoptr(AdmEvent) bad = adm_event_new ("repair", T0);
  g_autoptr(AdmState) lenient = NULL, strict = NULL;
  g_autofree char *lenient_dump = NULL, *campaign_dump = NULL;
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  for (guint i = 0; i < adm_campaign_get_events (campaign)->len; i++)
    g_ptr_array_add (events, g_ptr_array_index (adm_campaign_get_events (campaign), i));
  g_ptr_array_add (events, bad);
  lenient = adm_replays_get (replays, events, events->len - 1, &error);
  g_assert_no_error (error);
  lenient_dump = adm_state_dump (lenient);
  campaign_dump = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (lenient_dump, ==, campaign_dump);

  strict = adm_replays_get (replays, events, events->len, &error);
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_assert_null (strict);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/replays/F-STRAT-3/carried-equals-full", test_carried_equals_full);
  g_test_add_func ("/engine/replays/only-new-events", test_only_new_events);
  g_test_add_func ("/engine/replays/passed-by", test_passed_by);
  return g_test_run ();
}
