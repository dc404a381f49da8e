/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-loop.c: the campaign loop closed (F-STRAT-4): the engagement queue of the
 * Komarr campaign in time order with its statuses (ruling "late-arrivals"), a battle fought
 * inside the campaign file from tests/data/campaign-battles/komarr-c1-3.orders.xml and ended,
 * its results carried into the fleets, the cards and the next battle (F-CAT-11 wrecks,
 * F-CRIT-20 criticals, F-BOARD-15 captures), undone and redone exactly (state dump), a hidden
 * formation set up undetected (F-ECM-2), and repairs between battles (ruling
 * "strategic-repair"). */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"
#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static void
play_cycle (AdmCampaign *campaign,
            guint        cycle)
{
  komarr_play_cycle (campaign, cycle, T0);
}

/* A new campaign from the bundled scenario, saved in a temporary folder. */
static AdmCampaign *
new_campaign (char **folder_out)
{
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  char *folder = g_dir_make_tmp ("admiralty-loop-XXXXXX", &error);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  *folder_out = folder;
  return g_steal_pointer (&campaign);
}

static gboolean
has_formation (const AdmQueuedEngagement *engagement,
               const char                *id)
{
  return g_ptr_array_find_with_equal_func (engagement->formation_ids, id, g_str_equal, NULL);
}

/* F-STRAT-4, ruling "late-arrivals": time order, and a formation arriving at minute 40 is not
 * in the minute-0 battle at the same place, which it waits for. */
static void
test_queue_order (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(GPtrArray) queue = NULL;
  double last = 0;

  play_cycle (campaign, 1);
  queue = adm_campaign_get_engagements (campaign, 1);
  g_assert_cmpuint (queue->len, ==, 4);
  for (guint i = 0; i < queue->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      g_autofree char *id = g_strdup_printf ("c1-%u", i + 1);

      g_assert_cmpstr (engagement->id, ==, id);
      g_assert_cmpfloat (engagement->engagement.minute, >=, last);
      last = engagement->engagement.minute;
    }
  {
    AdmQueuedEngagement *first = g_ptr_array_index (queue, 0);
    AdmQueuedEngagement *later = g_ptr_array_index (queue, 3);

    g_assert_cmpstr (first->engagement.sector->id, ==, "pol-jump-point");
    g_assert_cmpfloat (first->engagement.minute, ==, 0);
    g_assert_false (has_formation (first, "first-squadron-home-fleet"));
    g_assert_cmpint (first->status, ==, ADM_ENGAGEMENT_NOT_FOUGHT);
    g_assert_cmpstr (later->engagement.sector->id, ==, "pol-jump-point");
    g_assert_cmpfloat (later->engagement.minute, ==, 40);
    g_assert_true (has_formation (later, "first-squadron-home-fleet"));
    g_assert_true (has_formation (later, "pol-cruiser-squadron"));
    g_assert_cmpint (later->status, ==, ADM_ENGAGEMENT_WAITING);
    g_assert_cmpstr (later->waiting_for, ==, "c1-1");
  }
  remove_folder (folder);
}

/* The results of a battle as the master would record them by hand: @fates "ship=fate …". */
static gboolean
end_by_hand (AdmCampaign  *campaign,
             const char   *engagement,
             const char   *fates,
             GError      **error)
{
  g_autoptr(AdmJournalAction) action = adm_journal_action_new ("battle-end", T0 + 9000);
  g_auto(GStrv) words = g_strsplit (fates, " ", -1);
  AdmEvent *end;

  adm_event_set (adm_journal_action_get_head (action), "engagement", engagement);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (words[i], "=", 2);
      AdmEvent *event = adm_event_new ("ship-after-battle", T0 + 9000);
      AdmShipState *ship = adm_state_get_ship (adm_campaign_get_state (campaign), parts[0]);

      adm_event_set (event, "ship", parts[0]);
      adm_event_set (event, "engagement", engagement);
      adm_event_set (event, "fate", parts[1]);
      adm_event_set_int (event, "damage", g_str_equal (parts[1], "afloat") ? 0
                                          : ship->ship->klass->hull);
      adm_event_set_int (event, "readiness", ship->readiness);
      adm_journal_action_add_event (action, event);
      adm_event_unref (event);
    }
  end = adm_event_new ("battle-end", T0 + 9000);
  adm_event_set (end, "engagement", engagement);
  adm_event_set_int (end, "turn", 2);
  adm_journal_action_add_event (action, end);
  adm_event_unref (end);
  return adm_campaign_record (campaign, action, error);
}

/* A formation destroyed at minute 0 is not in the minute-40 battle: the engagement is dropped
 * with its reason, and its ships are on no fleet card after. */
static void
test_destroyed_not_in_later (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmQueuedEngagement) later = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) cards = NULL;
  g_autofree char *text = NULL;
  AdmStrategy *strategy;

  play_cycle (campaign, 1);
  /* Not before the earlier one is ended. */
  g_assert_false (end_by_hand (campaign, "c1-4", "", &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);

  g_assert_true (end_by_hand (campaign, "c1-1", "pol-constant=destroyed pol-defiant=wreck",
                              &error));
  g_assert_no_error (error);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  g_assert_null (adm_strategy_lookup_formation (strategy, "pol-cruiser-squadron"));
  later = queued_engagement (campaign, "c1-4");
  g_assert_cmpint (later->status, ==, ADM_ENGAGEMENT_DROPPED);
  g_assert_nonnull (strstr (later->dropped, "Pol Cruiser Squadron"));
  g_assert_cmpuint (later->engagement.formations->len, ==, 2);
  g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (campaign), "pol-defiant")->fate, ==,
                   ADM_SHIP_FATE_WRECK);
  g_assert_null (adm_campaign_engagement_setup (campaign, later, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  /* F-STRAT-3: Pol Six, with nothing left of its formation, is told of the fight it lost and of
   * the engagement dropped for it — a side is told of its own engagements whatever they left
   * of it — in the words a side reads; Cetaganda, which fought in neither, of neither. */
  {
    AdmScenario *scenario = adm_campaign_get_scenario (campaign);
    const AdmFaction *pol = adm_strategy_formation_faction (strategy, "pol-cruiser-squadron");
    const AdmFaction *cetaganda = adm_strategy_formation_faction (strategy, "jade-squadron");
    g_autoptr(AdmQueuedEngagement) lost = queued_engagement (campaign, "c1-1");
    g_autoptr(GPtrArray) told = adm_campaign_get_engagements (campaign, 1);
    g_autofree char *status = NULL;

    g_assert_nonnull (pol);
    g_assert_nonnull (cetaganda);
    g_assert_true (pol != cetaganda);
    g_assert_null (adm_strategy_formation_faction (strategy, "no-such-formation"));
    g_assert_true (adm_audience_told_of_engagement (strategy, scenario, pol, lost));
    g_assert_true (adm_audience_told_of_engagement (strategy, scenario, pol, later));
    g_assert_false (adm_audience_told_of_engagement (strategy, scenario, cetaganda, lost));
    g_assert_false (adm_audience_told_of_engagement (strategy, scenario, cetaganda, later));
    adm_audience_filter_engagements (strategy, scenario, pol, told);
    /* c1-3 at Pol orbit too; not c1-2 at the Hegen Hub. */
    g_assert_cmpuint (told->len, ==, 3);
    g_assert_cmpstr (((AdmQueuedEngagement *) g_ptr_array_index (told, 0))->id, ==, "c1-1");
    g_assert_cmpstr (((AdmQueuedEngagement *) g_ptr_array_index (told, 1))->id, ==, "c1-3");
    g_assert_cmpstr (((AdmQueuedEngagement *) g_ptr_array_index (told, 2))->id, ==, "c1-4");
    status = adm_audience_describe_engagement_status (later, told);
    g_assert_cmpstr (status, ==, "Dropped: fewer than two sides have anything left");
  }
  /* Ended twice: refused. */
  g_assert_false (end_by_hand (campaign, "c1-1", "", &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);

  cards = adm_report_build (campaign, ADM_REPORT_CARDS, "radovan", 0, NULL, &error);
  g_assert_no_error (error);
  text = adm_doc_to_text (cards);
  g_assert_null (strstr (text, "Pol Constant"));
  g_assert_null (strstr (text, "Pol Defiant"));
  g_assert_nonnull (strstr (text, "Pol Sentinel"));
  remove_folder (folder);
}

/* The battle of @engagement (c1-3, Pol orbit) set up from the campaign and played for three
 * turns from tests/data/campaign-battles/komarr-c1-3.orders.xml with seeded dice (5). */
static AdmBattle *
fight_pol_orbit (AdmCampaign               *campaign,
                 const AdmQueuedEngagement *engagement)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *orders_path = source_path ("tests/data/campaign-battles",
                                              "komarr-c1-3.orders.xml", NULL);
  g_autofree char *setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  AdmBattle *battle;

  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), engagement->id, &error);
  g_assert_no_error (error);
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  for (int turn = 1; turn <= 3; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, turn),
                                              ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  return battle;
}

/* F-STRAT-4: a battle fought inside the campaign file, ended, carried into the campaign; the
 * ending undone and redone exactly; the file holds the battle and replays. */
static void
test_battle_in_campaign (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) cards = NULL;
  g_autofree char *saved = NULL, *before = NULL, *after = NULL, *text = NULL;
  AdmState *state;
  const char *kept;

  play_cycle (campaign, 1);
  engagement = queued_engagement (campaign, "c1-3");
  g_assert_cmpstr (engagement->engagement.sector->id, ==, "pol-orbit");
  battle = fight_pol_orbit (campaign, engagement);
  /* F-CAT-11: Vigilant a blazing hulk; Guardian one hull point down (seed 5). */
  g_assert_cmpint (adm_battle_lookup_ship (battle, "vigilant")->status, ==,
                   ADM_SHIP_BURNING_HULK);
  g_assert_cmpint (adm_battle_lookup_ship (battle, "guardian")->damage, ==, 1);

  saved = adm_battle_serialize (battle, NULL);
  g_assert_true (adm_campaign_store_battle (campaign, "c1-3", saved, adm_battle_get_turn (battle),
                                            "detection", &error));
  g_assert_no_error (error);
  g_clear_pointer (&engagement, adm_queued_engagement_free);
  engagement = queued_engagement (campaign, "c1-3");
  g_assert_cmpint (engagement->status, ==, ADM_ENGAGEMENT_IN_PROGRESS);
  g_assert_cmpint (engagement->turn, ==, 4);

  /* The campaign file holds the battle: it reopens with it, and the battle plays on. */
  reopened = adm_campaign_open (adm_campaign_get_path (campaign), &error);
  g_assert_no_error (error);
  kept = adm_campaign_get_battle (reopened, "c1-3", NULL, NULL);
  g_assert_cmpstr (kept, ==, saved);
  {
    g_autoptr(AdmBattle) again = adm_battle_load_game_memory (kept, strlen (kept), "c1-3", &error);

    g_assert_no_error (error);
    g_assert_cmpint (adm_battle_get_turn (again), ==, 4);
  }
  g_clear_object (&reopened);

  state = adm_campaign_get_state (campaign);
  before = adm_state_dump (state);
  g_assert_true (adm_campaign_end_battle (campaign, "c1-3", battle, "Pol Six withdrew",
                                          T0 + 3000, &error));
  g_assert_no_error (error);
  after = adm_state_dump (state);
  g_assert_cmpint (adm_state_get_ship (state, "vigilant")->fate, ==, ADM_SHIP_FATE_WRECK);
  g_assert_cmpint (adm_state_get_ship (state, "guardian")->damage, ==, 1);
  g_assert_cmpuint (adm_strategy_lookup_formation (adm_state_get_strategy (state),
                                                   "pol-escort-group")->ships->len, ==, 3);
  g_assert_cmpstr (adm_state_get_battle_ending (state, "c1-3")->reason, ==, "Pol Six withdrew");
  g_assert_cmpint (adm_state_get_battle_ending (state, "c1-3")->turn, ==, 3);
  g_clear_pointer (&engagement, adm_queued_engagement_free);
  engagement = queued_engagement (campaign, "c1-3");
  g_assert_cmpint (engagement->status, ==, ADM_ENGAGEMENT_FINISHED);
  /* Read-only once ended. */
  g_assert_null (adm_campaign_engagement_setup (campaign, engagement, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  /* The battle played on after its ending takes no orders into the campaign, by any path:
   * the campaign and its file stay as they were. */
  {
    g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
    g_autofree char *file_before = NULL, *file_after = NULL, *played = NULL;
    g_autofree char *state_before = adm_state_dump (state);
    g_autofree char *state_after = NULL;
    guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

    g_assert_true (g_file_get_contents (adm_campaign_get_path (campaign), &file_before, NULL,
                                        &error));
    g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
    g_assert_no_error (error);
    g_assert_false (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
    g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_BATTLE_ENDED);
    g_assert_nonnull (strstr (error->message, "has ended"));
    g_clear_error (&error);
    played = adm_battle_serialize (battle, NULL);
    g_assert_false (adm_campaign_store_battle (campaign, "c1-3", played,
                                               adm_battle_get_turn (battle), "movement", &error));
    g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_BATTLE_ENDED);
    g_clear_error (&error);
    g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==,
                      entries);
    g_assert_true (g_file_get_contents (adm_campaign_get_path (campaign), &file_after, NULL,
                                        &error));
    g_assert_cmpstr (file_after, ==, file_before);
    state_after = adm_state_dump (adm_campaign_get_state (campaign));
    g_assert_cmpstr (state_after, ==, state_before);
  }

  /* Fleet cards show the fleets as the battle left them. */
  cards = adm_report_build (campaign, ADM_REPORT_CARDS, "radovan", 0, NULL, &error);
  g_assert_no_error (error);
  text = adm_doc_to_text (cards);
  g_assert_null (strstr (text, "Vigilant"));
  g_assert_nonnull (strstr (text, "Hull: 2/3 (1 lost)"));

  /* One undo takes the ending back exactly; redo brings it back. */
  {
    g_autofree char *undo = adm_campaign_describe_undo (campaign);
    g_autofree char *undone = NULL, *redone = NULL;

    g_assert_nonnull (strstr (undo, "c1-3"));
    g_assert_true (adm_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    undone = adm_state_dump (state = adm_campaign_get_state (campaign));
    g_assert_cmpstr (undone, ==, before);
    g_assert_true (adm_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    redone = adm_state_dump (adm_campaign_get_state (campaign));
    g_assert_cmpstr (redone, ==, after);
  }
  /* The saved file replays to the same state. */
  reopened = adm_campaign_open (adm_campaign_get_path (campaign), &error);
  g_assert_no_error (error);
  {
    g_autofree char *replayed = adm_state_dump (adm_campaign_get_state (reopened));

    g_assert_cmpstr (replayed, ==, after);
  }
  remove_folder (folder);
}

/* What the welcome page lists of a file, read without opening it: a scenario is a new game
 * at cycle 1; a campaign its scenario's name and the cycle its state stands at, an undone
 * cycle not counted, as the replayed state says. */
static void
assert_peeked (const char *path,
               gboolean    campaign,
               guint       cycle)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  gboolean is_campaign = !campaign;
  guint peeked = 0;

  g_assert_true (adm_campaign_peek_file (path, &is_campaign, &name, &peeked, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (name, ==, "The Komarr Campaign");
  g_assert_true (is_campaign == campaign);
  g_assert_cmpuint (peeked, ==, cycle);
}

static void
test_peek_file (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *battle = source_path ("scenarios/battles", "torpedo-duel.xml", NULL);
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  gboolean is_campaign;
  guint cycle;

  assert_peeked (scenario, FALSE, 1);
  assert_peeked (adm_campaign_get_path (campaign), TRUE, 1);
  play_cycle (campaign, 1);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 2);
  assert_peeked (adm_campaign_get_path (campaign), TRUE, 2);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  assert_peeked (adm_campaign_get_path (campaign), TRUE,
                 adm_strategy_get_cycle (adm_state_get_strategy (
                   adm_campaign_get_state (campaign))));
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  assert_peeked (adm_campaign_get_path (campaign), TRUE, 2);
  /* Neither a scenario nor a campaign: refused, with the file's name. */
  g_assert_false (adm_campaign_peek_file (battle, &is_campaign, &name, &cycle, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, "torpedo-duel.xml"));
  g_assert_null (name);
  remove_folder (folder);
}

/* F-STRAT-3: a battle's end tells its outcome to the sides at its table, no other. Pol Escort
 * Group loses Vigilant at Pol orbit (c1-3): a side at that table (or its ally) is told 3 ships,
 * as of the cycle of the battle; a side in contact with the group but not there would keep the
 * count it saw as the session closed (test-strategy.c, "battle-elsewhere"), and a side that
 * never saw it is told no number. */
static void
test_battle_end_told_at_table (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  AdmStrategy *strategy;
  const AdmFormation *escort;
  g_autofree guint *before = g_new0 (guint, factions->len);
  g_autofree gboolean *seen = g_new0 (gboolean, factions->len);
  guint at_table = 0, elsewhere = 0, never = 0;

  play_cycle (campaign, 1);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  escort = adm_strategy_lookup_formation (strategy, "pol-escort-group");
  g_assert_cmpuint (escort->ships->len, ==, 4);
  engagement = queued_engagement (campaign, "c1-3");
  for (guint f = 0; f < factions->len; f++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, f);

      if (!adm_scenario_factions_allied (scenario, faction, escort->faction))
        seen[f] = adm_audience_side_strength (strategy, faction, escort, &before[f], NULL);
    }
  battle = fight_pol_orbit (campaign, engagement);
  g_assert_true (adm_campaign_end_battle (campaign, "c1-3", battle, "Pol Six withdrew",
                                          T0 + 3000, &error));
  g_assert_no_error (error);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  escort = adm_strategy_lookup_formation (strategy, "pol-escort-group");
  g_assert_cmpuint (escort->ships->len, ==, 3);
  for (guint f = 0; f < factions->len; f++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, f);
      gboolean there = FALSE;
      guint ships = 0, cycle = 0;

      if (adm_scenario_factions_allied (scenario, faction, escort->faction))
        continue;
      /* At the table, or allied to a side there (allies share what they see). */
      for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
        for (guint g = 0; g < factions->len; g++)
          {
            const AdmFaction *side = g_ptr_array_index (factions, g);

            there = there ||
                    (g_str_equal (adm_battle_get_side (battle, s)->id, side->id) &&
                     adm_scenario_factions_allied (scenario, side, faction));
          }
      if (!seen[f])
        {
          g_assert_false (adm_audience_side_strength (strategy, faction, escort, NULL, NULL));
          never++;
          continue;
        }
      g_assert_true (adm_audience_side_strength (strategy, faction, escort, &ships, &cycle));
      g_assert_cmpuint (cycle, ==, 1);
      if (there)
        {
          g_assert_cmpuint (ships, ==, 3);
          at_table++;
        }
      else
        {
          g_assert_cmpuint (ships, ==, before[f]);
          g_assert_cmpuint (ships, ==, 4);
          elsewhere++;
        }
    }
  g_test_message ("sides at the table %u, in contact elsewhere %u, never saw it %u", at_table,
                  elsewhere, never);
  g_assert_cmpuint (at_table, >=, 1);
  g_assert_cmpuint (elsewhere + never, >=, 1);
  remove_folder (folder);
}

/* @text names nothing of Autumn Screen: its name, its ships'. */
static void
assert_screen_unnamed (AdmBattle  *battle,
                       guint       screen,
                       const char *text)
{
  const AdmBattleFormation *formation = adm_battle_get_formation (battle, screen);

  g_assert_null (strstr (text, formation->name));
  for (guint s = 0; s < formation->ships->len; s++)
    g_assert_null (strstr (text, adm_battle_get_ship (battle, g_array_index (formation->ships,
                                                                           guint, s))->name));
}

/* F-STRAT-3, F-ECM-2: the public view of a campaign's battle follows the public map. At Hegen
 * Hub (c1-2) Aslund has found Autumn Screen on the table: the table's own common knowledge
 * names it, but the campaign's public map hides it, and the public is not told of a fight in
 * which it knows one formation only; so the campaign's public sees nothing of the battle, and,
 * were it told of it, still nothing of Autumn Screen. */
static void
test_public_battle_view (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = NULL, rolls = NULL;
  g_autofree char *setup = NULL, *found = NULL;
  AdmAudience table = adm_audience_public (), campaign_public, told;
  AdmStrategy *strategy;
  const AdmBattleFormation *formation;
  guint screen = G_MAXUINT, cetaganda = G_MAXUINT;
  g_auto(GStrv) parts = NULL;

  play_cycle (campaign, 1);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  engagement = queued_engagement (campaign, "c1-2");
  setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  parts = g_strsplit (setup, "formation=\"autumn-screen\" level=\"none\"", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  found = g_strjoinv ("formation=\"autumn-screen\" level=\"full\"", parts);
  battle = adm_battle_load_memory (found, strlen (found), "c1-2", &error);
  g_assert_no_error (error);
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    if (g_str_equal (adm_battle_get_formation (battle, f)->id, "autumn-screen"))
      screen = f;
  g_assert_cmpuint (screen, !=, G_MAXUINT);
  formation = adm_battle_get_formation (battle, screen);
  cetaganda = formation->side;
  g_assert_false (adm_strategy_formation_visible (
    strategy, adm_strategy_lookup_formation (strategy, "autumn-screen"), NULL));

  campaign_public = adm_audience_public_of_campaign (strategy, adm_campaign_get_scenario (campaign),
                                                     &engagement->engagement);
  g_assert_true (campaign_public.untold);
  told = campaign_public;
  told.untold = FALSE;
  /* The table's public: every side there has identified Autumn Screen. */
  g_assert_cmpint (adm_audience_detection (table, battle, screen), ==, ADM_DETECTION_FULL);
  for (guint i = 0; i < 2; i++)
    {
      AdmAudience audience = i == 0 ? campaign_public : told;

      g_assert_cmpint (adm_audience_detection (audience, battle, screen), ==,
                       ADM_DETECTION_NONE);
      for (guint s = 0; s < formation->ships->len; s++)
        g_assert_cmpint (adm_audience_ship_view (audience, battle,
                                                 g_array_index (formation->ships, guint, s)),
                         ==, ADM_SHIP_VIEW_HIDDEN);
      g_assert_false (adm_audience_sees_side (audience, battle, cetaganda));
    }

  /* A turn played: the table's public reads its report; the campaign's public no line or roll
   * at all, and, told of the battle, none naming Autumn Screen. */
  g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  lines = adm_audience_filter_report (campaign_public, battle);
  rolls = adm_audience_filter_rolls (campaign_public, battle);
  g_assert_cmpuint (lines->len, ==, 0);
  g_assert_cmpuint (rolls->len, ==, 0);
  g_clear_pointer (&lines, g_ptr_array_unref);
  lines = adm_audience_filter_report (told, battle);
  for (guint i = 0; i < lines->len; i++)
    assert_screen_unnamed (battle, screen,
                           adm_report_line_get_text (g_ptr_array_index (lines, i)));
  g_clear_pointer (&lines, g_ptr_array_unref);
  lines = adm_audience_filter_report (table, battle);
  g_assert_cmpuint (lines->len, >, 0);
  remove_folder (folder);
}

/* F-STRAT-4: a battle is kept only for an engagement the campaign has. Its cycle undone while
 * the battle is open, a phase of it is refused, with the engagement named, and nothing enters
 * the journal: the file is as it was, Redo of the cycle is still offered, and the file opens.
 * Redone, the battle goes on from where it stood. */
static void
test_battle_after_cycle_undone (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(GError) error = NULL;
  g_autofree char *file_before = NULL, *file_after = NULL;
  guint entries;

  play_cycle (campaign, 1);
  battle = engagement_battle (campaign, "c1-3");
  g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);

  /* The battle's entries are passed by: the undo takes the cycle back. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 1);
  g_assert_true (g_file_get_contents (adm_campaign_get_path (campaign), &file_before, NULL,
                                      NULL));
  entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

  g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_false (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "engagement c1-3"));
  g_assert_nonnull (strstr (error->message, "There is no engagement “c1-3”"));
  g_clear_error (&error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==, entries);
  g_assert_true (g_file_get_contents (adm_campaign_get_path (campaign), &file_after, NULL,
                                      NULL));
  g_assert_cmpstr (file_after, ==, file_before);
  g_assert_true (adm_campaign_can_redo (campaign));
  reopened = adm_campaign_open (adm_campaign_get_path (campaign), &error);
  g_assert_no_error (error);
  g_assert_nonnull (reopened);

  /* Redone, the engagement is back and the phase played meanwhile is kept. */
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  g_clear_pointer (&engagement, adm_queued_engagement_free);
  engagement = queued_engagement (campaign, "c1-3");
  g_assert_cmpint (engagement->status, ==, ADM_ENGAGEMENT_IN_PROGRESS);
  remove_folder (folder);
}

/* F-ECM-2, F-ECM-5: Autumn Screen is hidden and Aslund did not know of it before the cycle:
 * the battle sets it up undetected by Aslund's side, off that side's table. */
static void
test_hidden_undetected (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  guint aslund = G_MAXUINT, screen = G_MAXUINT;

  play_cycle (campaign, 1);
  engagement = queued_engagement (campaign, "c1-2");
  g_assert_true (has_formation (engagement, "autumn-screen"));
  setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (setup, "formation=\"autumn-screen\" level=\"none\""));
  g_assert_null (strstr (setup, "formation=\"aslund-minelayer\" level=\"none\""));
  battle = adm_battle_load_memory (setup, strlen (setup), "c1-2", &error);
  g_assert_no_error (error);
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    if (g_str_equal (adm_battle_get_side (battle, s)->id, "aslund"))
      aslund = s;
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    if (g_str_equal (adm_battle_get_formation (battle, f)->id, "autumn-screen"))
      screen = f;
  g_assert_cmpuint (aslund, !=, G_MAXUINT);
  g_assert_cmpuint (screen, !=, G_MAXUINT);
  g_assert_cmpint (adm_battle_get_detection (battle, aslund, screen), ==, ADM_DETECTION_NONE);

  /* Ended before Aslund ever detected it: the meeting taught Aslund nothing of Autumn Screen
   * (it drops from Aslund's knowledge); undone, Aslund knows of it again. */
  {
    AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
    const AdmFormation *hidden = adm_strategy_lookup_formation (strategy, "autumn-screen");
    const AdmFaction *viewer = adm_strategy_lookup_formation (strategy,
                                                              "aslund-minelayer")->faction;

    g_assert_true (adm_strategy_formation_visible (strategy, hidden, viewer));
    g_assert_true (adm_campaign_end_battle (campaign, "c1-2", battle, "Autumn Screen slipped away",
                                            T0 + 3000, &error));
    g_assert_no_error (error);
    strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
    hidden = adm_strategy_lookup_formation (strategy, "autumn-screen");
    g_assert_false (adm_strategy_formation_visible (strategy, hidden, viewer));
    g_assert_true (adm_campaign_undo (campaign, &error));
    strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
    hidden = adm_strategy_lookup_formation (strategy, "autumn-screen");
    g_assert_true (adm_strategy_formation_visible (strategy, hidden, viewer));
  }
  remove_folder (folder);
}

/* Ruling "strategic-repair": only what the master records, with his reason. */
static void
test_repair (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmEvent) repair = NULL;
  g_autoptr(AdmEvent) lost = NULL;
  g_autoptr(AdmEvent) bare = NULL;
  g_autoptr(GError) error = NULL;
  AdmShipState *ship;

  play_cycle (campaign, 1);
  g_assert_true (end_by_hand (campaign, "c1-1", "pol-constant=destroyed", &error));
  g_assert_no_error (error);
  ship = adm_state_get_ship (adm_campaign_get_state (campaign), "pol-defiant");
  g_assert_cmpint (ship->damage, ==, 0);

  lost = adm_event_new ("repair", T0 + 9100);
  adm_event_set (lost, "ship", "pol-constant");
  adm_event_set_int (lost, "hull", 1);
  adm_event_set_text (lost, "Dockyard at Pol Station");
  g_assert_false (adm_campaign_append (campaign, lost, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);

  bare = adm_event_new ("repair", T0 + 9100);
  adm_event_set (bare, "ship", "pol-defiant");
  adm_event_set_int (bare, "readiness", 7);
  g_assert_false (adm_campaign_append (campaign, bare, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_clear_error (&error);

  repair = adm_event_new ("repair", T0 + 9100);
  adm_event_set (repair, "ship", "pol-defiant");
  adm_event_set_int (repair, "readiness", 7);
  adm_event_set_text (repair, "New crew from Pol Station");
  g_assert_true (adm_campaign_append (campaign, repair, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (campaign), "pol-defiant")->readiness,
                   ==, 7);
  g_assert_cmpuint (adm_state_get_repairs (adm_campaign_get_state (campaign))->len, ==, 1);
  remove_folder (folder);
}

/* F-STRAT-15: the master's placement, journaled, is what the set-up and the reports say. */
static void
test_placements_as_chosen (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) placements = NULL;
  g_autoptr(AdmDoc) master = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  gboolean seen = FALSE;

  play_cycle (campaign, 1);
  g_hash_table_insert (overrides, "jade-squadron", "attack-formation");
  g_assert_true (adm_campaign_choose_placements (campaign, "c1-3", overrides, T0 + 2500, &error));
  g_assert_no_error (error);
  engagement = queued_engagement (campaign, "c1-3");
  placements = adm_engagement_placements (adm_campaign_get_state (campaign),
                                          &engagement->engagement);
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, i);

      if (g_str_equal (entry->formation->id, "jade-squadron"))
        {
          g_assert_cmpstr (entry->placement->id, ==, "attack-formation");
          g_assert_cmpstr (entry->reason, ==, "chosen by the master");
          seen = TRUE;
        }
    }
  g_assert_true (seen);
  master = adm_report_build (campaign, ADM_REPORT_MASTER, NULL, 1, NULL, &error);
  g_assert_no_error (error);
  text = adm_doc_to_text (master);
  g_assert_nonnull (strstr (text, "chosen by the master"));
  /* A formation not in the engagement: refused, nothing journaled. */
  g_hash_table_insert (overrides, "autumn-screen", "attack-formation");
  g_assert_false (adm_campaign_choose_placements (campaign, "c1-3", overrides, T0 + 2600,
                                                  &error));
  g_assert_nonnull (error);
  remove_folder (folder);
}

/* F-STRAT-4: the next cycle leaves no engagement behind unsaid. Those not fought — not fought,
 * waiting, or in progress (a battle begun) — are refused by name until each is dropped with
 * the master's reason; the drops are journaled with the cycle, one Undo taking back both,
 * and the queue and the reports say "Dropped: REASON". A dropped battle is not ended. */
static void
test_drop_unfought (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(GPtrArray) unfought = NULL;
  g_autoptr(GHashTable) drops = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(AdmDoc) master = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *ids = NULL, *text = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  gboolean told = FALSE;
  guint events;

  play_cycle (campaign, 1);
  /* c1-3's battle begun (at this table or another): in progress, still unfought. */
  {
    battle = engagement_battle (campaign, "c1-3");
    g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
    g_assert_no_error (error);
  }
  unfought = adm_campaign_get_unfought (campaign);
  ids = adm_engagements_list_ids (unfought);
  g_assert_cmpstr (ids, ==, "c1-1, c1-2, c1-3, c1-4");
  g_assert_cmpint (((AdmQueuedEngagement *) g_ptr_array_index (unfought, 2))->status, ==,
                   ADM_ENGAGEMENT_IN_PROGRESS);
  g_assert_cmpint (((AdmQueuedEngagement *) g_ptr_array_index (unfought, 3))->status, ==,
                   ADM_ENGAGEMENT_WAITING);

  /* Not asked, or one left out: refused, naming those left, nothing journaled. */
  events = adm_campaign_get_events (campaign)->len;
  g_assert_false (adm_campaign_resolve_cycle_dropping (campaign, NULL, T0 + 4800, NULL, &error));
  g_assert_nonnull (strstr (error->message, "the engagements c1-1, c1-2, c1-3, c1-4 are not "
                                            "fought"));
  g_clear_error (&error);
  for (guint i = 0; i < unfought->len - 1; i++)
    g_hash_table_insert (drops, ((AdmQueuedEngagement *) g_ptr_array_index (unfought, i))->id,
                         "played at the club");
  g_assert_false (adm_campaign_resolve_cycle_dropping (campaign, NULL, T0 + 4800, drops,
                                                       &error));
  g_assert_nonnull (strstr (error->message, "the engagement c1-4 is not fought"));
  g_clear_error (&error);
  /* A reason of blanks is no reason. */
  g_hash_table_insert (drops, "c1-4", "  ");
  g_assert_false (adm_campaign_resolve_cycle_dropping (campaign, NULL, T0 + 4800, drops,
                                                       &error));
  g_assert_nonnull (strstr (error->message, "without a reason"));
  g_clear_error (&error);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, events);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 2);

  g_hash_table_insert (drops, "c1-4", "played at the club");
  g_assert_true (adm_campaign_resolve_cycle_dropping (campaign, NULL, T0 + 4800, drops, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, events + 5);
  for (guint i = 0; i < unfought->len; i++)
    {
      g_autoptr(AdmQueuedEngagement) now = queued_engagement (campaign, ((AdmQueuedEngagement *)
                                                              g_ptr_array_index (unfought, i))->id);
      g_autofree char *status = adm_queued_engagement_describe_status (now);

      g_assert_cmpint (now->status, ==, ADM_ENGAGEMENT_DROPPED);
      g_assert_cmpstr (status, ==, "Dropped: played at the club");
    }
  g_clear_pointer (&unfought, g_ptr_array_unref);
  unfought = adm_campaign_get_unfought (campaign);
  for (guint i = 0; i < unfought->len; i++)
    g_assert_false (g_str_has_prefix (((AdmQueuedEngagement *)
                                       g_ptr_array_index (unfought, i))->id, "c1-"));
  /* The dropped battle is not ended. */
  g_assert_false (adm_campaign_end_battle (campaign, "c1-3", battle, "won", T0 + 4900, &error));
  g_assert_nonnull (strstr (error->message, "dropped unfought: played at the club"));
  g_clear_error (&error);

  /* The reports say so: the master's queue, and the admirals whose formations were there. */
  master = adm_report_build (campaign, ADM_REPORT_MASTER, NULL, 1, NULL, &error);
  g_assert_no_error (error);
  text = adm_doc_to_text (master);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "c1-1 · Pol jump point, minute 0 — Dropped: played at the "
                                  "club"));
  {
    GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));

    for (guint i = 0; i < admirals->len; i++)
      {
        const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
        g_autoptr(AdmDoc) report = adm_report_build (campaign, ADM_REPORT_ADMIRAL, admiral->id,
                                                     1, NULL, &error);
        g_autofree char *said = NULL;

        g_assert_no_error (error);
        said = adm_doc_to_text (report);
        told |= strstr (said, "The engagement at Pol orbit, minute 20, was not fought: played "
                              "at the club.") != NULL;
      }
  }
  g_assert_true (told);

  /* One Undo takes back the cycle and its drops: c1-3 is in progress again. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  {
    g_autoptr(AdmQueuedEngagement) c13 = queued_engagement (campaign, "c1-3");

    g_assert_cmpint (c13->status, ==, ADM_ENGAGEMENT_IN_PROGRESS);
  }
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 2);
  remove_folder (folder);
}

/* The loop over six cycles: every engagement of each cycle fought or ended in time order —
 * c1-3 played from its orders file — and after each cycle the fleet cards show the fleets as
 * the battles left them: the wreck on no card, the damaged ship with its hull. */
static void
test_six_cycles (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(GError) error = NULL;

  for (guint cycle = 1; cycle <= 6; cycle++)
    {
      g_autoptr(GPtrArray) queue = NULL;
      g_autoptr(AdmDoc) cards = NULL;
      g_autofree char *text = NULL;
      guint n;

      play_cycle (campaign, cycle);
      queue = adm_campaign_get_engagements (campaign, cycle);
      n = queue->len;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(AdmQueuedEngagement) engagement = NULL;
          g_autofree char *id = g_strdup_printf ("c%u-%u", cycle, i + 1);
          g_autoptr(AdmBattle) battle = NULL;

          /* In time order, nothing ever waits for one still open. */
          engagement = queued_engagement (campaign, id);
          g_assert_cmpint (engagement->status, !=, ADM_ENGAGEMENT_WAITING);
          if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
            continue;
          if (g_str_equal (id, "c1-3"))
            battle = fight_pol_orbit (campaign, engagement);
          g_assert_true (adm_campaign_end_battle (campaign, id, battle,
                                                  battle != NULL ? "Pol Six withdrew"
                                                                 : "Not fought: both withdrew",
                                                  T0 + cycle * 2400 + 600 + i, &error));
          g_assert_no_error (error);
        }
      g_clear_pointer (&queue, g_ptr_array_unref);
      queue = adm_campaign_get_engagements (campaign, cycle);
      for (guint i = 0; i < queue->len; i++)
        {
          const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);

          g_assert_true (engagement->status == ADM_ENGAGEMENT_FINISHED ||
                         engagement->status == ADM_ENGAGEMENT_DROPPED);
        }
      cards = adm_report_build (campaign, ADM_REPORT_CARDS, "radovan", 0, NULL, &error);
      g_assert_no_error (error);
      text = adm_doc_to_text (cards);
      g_test_message ("cycle %u: %u engagements", cycle, queue->len);
      g_assert_null (strstr (text, "Vigilant"));
      g_assert_nonnull (strstr (text, "Guardian"));
      g_assert_nonnull (strstr (text, "Hull: 2/3 (1 lost)"));
      g_assert_cmpint (adm_state_get_ship (adm_campaign_get_state (campaign), "vigilant")->fate,
                       ==, ADM_SHIP_FATE_WRECK);
    }
  /* The whole loop replays from the file. */
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (adm_campaign_get_path (campaign), &error);
    g_autofree char *live = adm_state_dump (adm_campaign_get_state (campaign));
    g_autofree char *replayed = NULL;

    g_assert_no_error (error);
    replayed = adm_state_dump (adm_campaign_get_state (reopened));
    g_assert_cmpstr (replayed, ==, live);
  }
  remove_folder (folder);
}

/* What a battle kept in the campaign is before its release, to compare with. */
typedef struct {
  char      *id;
  AdmBattle *played;   /* the battle played as first read (held: never reused) */
  char      *text;     /* its saved text then (adm_campaign_get_battle ()) */
  char      *serialized;
} KeptBattle;

static void
kept_battle_free (gpointer data)
{
  KeptBattle *kept = data;

  g_free (kept->id);
  g_clear_object (&kept->played);
  g_free (kept->text);
  g_free (kept->serialized);
  g_free (kept);
}

/* The battle of @id set up, three phases played with program dice, kept (and, with @end,
 * ended), then read as a reader reads it: what it was then. */
static KeptBattle *
keep_played (AdmCampaign *campaign,
             const char  *id,
             gboolean     end,
             gint64       time)
{
  g_autoptr(AdmBattle) battle = engagement_battle (campaign, id);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  g_autoptr(GError) error = NULL;
  KeptBattle *kept = g_new0 (KeptBattle, 1);

  for (guint p = 0; p < 3; p++)
    {
      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_keep_battle (campaign, id, battle, &error));
  g_assert_no_error (error);
  if (end)
    g_assert_true (adm_campaign_end_battle (campaign, id, battle, "Broke off", time, &error));
  g_assert_no_error (error);
  kept->id = g_strdup (id);
  kept->played = adm_campaign_get_battle_played (campaign, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (kept->played);
  g_object_ref (kept->played);
  kept->text = g_strdup (adm_campaign_get_battle (campaign, id, NULL, NULL));
  kept->serialized = adm_battle_serialize (kept->played, NULL);
  return kept;
}

/* The campaign holds at most six battles played for their readers and lets the others go,
 * playing one again from its journal when it is asked for: twelve battles kept over three
 * cycles (cycles 1 and 2's ended, cycle 3's open), read in turn, then the ended ones read again
 * and a phase of the last kept — the oldest read, c3-1, is let go, and the campaign says it no
 * longer holds it played. Read again, it is what it was, its saved text and the battle replayed
 * alike; a phase of it taken back and played again afterwards is
 * kept, and the file, opened again, holds the battle as the campaign does. */
static void
test_released_battle_read_again (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmCampaign) campaign = new_campaign (&folder);
  g_autoptr(GPtrArray) kept = g_ptr_array_new_with_free_func (kept_battle_free);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (11);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) last = NULL;
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autofree char *serialized = NULL, *undone = NULL;
  KeptBattle *first_open = NULL;
  AdmRuleset *shared_rules = NULL;
  AdmBattle *again;

  for (guint cycle = 1; cycle <= 3; cycle++)
    {
      play_cycle (campaign, cycle);
      for (guint i = 1; ; i++)
        {
          g_autofree char *id = g_strdup_printf ("c%u-%u", cycle, i);
          g_autoptr(AdmQueuedEngagement) engagement = adm_campaign_find_engagement (campaign,
                                                                                     id, NULL);

          if (engagement == NULL)
            break;
          if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
            continue;
          /* Every battle of cycles 1 and 2 ended, in time order; cycle 3's left open. */
          g_ptr_array_add (kept, keep_played (campaign, id, cycle < 3,
                                              T0 + cycle * 2400 + 600 + i));
          if (cycle == 3 && first_open == NULL)
            first_open = g_ptr_array_index (kept, kept->len - 1);
        }
    }
  g_test_message ("%u battles kept", kept->len);
  g_assert_cmpuint (kept->len, >, 6 + 1);
  g_assert_nonnull (first_open);

  /* The ended battles read again, and a phase of the last battle kept: the oldest read go.
   * Each is played again from the journal with the rules the campaign's battles share: their
   * season is parsed once, not once a battle. */
  for (guint i = 0; i < kept->len; i++)
    {
      KeptBattle *battle = g_ptr_array_index (kept, i);
      AdmBattle *played;

      if (g_str_has_prefix (battle->id, "c3-"))
        continue;
      played = adm_campaign_get_battle_played (campaign, battle->id, &error);
      g_assert_no_error (error);
      g_assert_nonnull (played);
      if (shared_rules == NULL)
        shared_rules = adm_battle_get_ruleset (played);
      g_assert_true (adm_battle_get_ruleset (played) == shared_rules);
    }
  g_assert_nonnull (shared_rules);
  g_assert_true (adm_campaign_holds_battle_played (campaign, first_open->id));
  {
    KeptBattle *newest = g_ptr_array_index (kept, kept->len - 1);

    last = adm_battle_load_game_memory (newest->text, strlen (newest->text), newest->id,
                                        &error);
    g_assert_no_error (error);
    g_assert_true (adm_battle_resolve_phase (last, NULL, ADM_DICE_SOURCE (dice), &error));
    g_assert_no_error (error);
    g_assert_true (adm_campaign_keep_battle (campaign, newest->id, last, &error));
    g_assert_no_error (error);
  }

  /* c3-1, let go, read again: played again from the journal, what it was. */
  g_assert_false (adm_campaign_holds_battle_played (campaign, first_open->id));
  g_assert_false (adm_campaign_holds_battle_played (campaign, "c9-9"));
  again = adm_campaign_get_battle_played (campaign, first_open->id, &error);
  g_assert_true (adm_campaign_holds_battle_played (campaign, first_open->id));
  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_true (again != first_open->played);
  serialized = adm_battle_serialize (again, NULL);
  g_assert_cmpstr (serialized, ==, first_open->serialized);
  g_assert_cmpstr (adm_campaign_get_battle (campaign, first_open->id, NULL, NULL), ==,
                   first_open->text);

  /* A correction afterwards: its last phase taken back, then played again. */
  g_object_ref (again);
  g_assert_true (adm_battle_undo (again, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, first_open->id, again, &error));
  g_assert_no_error (error);
  undone = g_strdup (adm_campaign_get_battle (campaign, first_open->id, NULL, NULL));
  g_assert_cmpstr (undone, !=, first_open->text);
  g_assert_true (adm_battle_redo (again, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, first_open->id, again, &error));
  g_assert_no_error (error);
  g_object_unref (again);
  reopened = adm_campaign_open (adm_campaign_get_path (campaign), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adm_campaign_get_battle (reopened, first_open->id, NULL, NULL), ==,
                   adm_campaign_get_battle (campaign, first_open->id, NULL, NULL));
  remove_folder (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/campaign-loop/peek-file", test_peek_file);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-4/queue-in-time-order", test_queue_order);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-4/destroyed-not-in-later",
                   test_destroyed_not_in_later);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-4/battle-in-campaign", test_battle_in_campaign);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-4/battle-after-cycle-undone",
                   test_battle_after_cycle_undone);
  g_test_add_func ("/engine/campaign-loop/F-ECM-2/hidden-undetected", test_hidden_undetected);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-3/battle-end-told-at-table",
                   test_battle_end_told_at_table);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-3/public-battle-view", test_public_battle_view);
  g_test_add_func ("/engine/campaign-loop/strategic-repair", test_repair);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-4/six-cycles", test_six_cycles);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-4/released-battle-read-again",
                   test_released_battle_read_again);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-4/drop-unfought", test_drop_unfought);
  g_test_add_func ("/engine/campaign-loop/F-STRAT-15/placements-as-chosen",
                   test_placements_as_chosen);
  return g_test_run ();
}
