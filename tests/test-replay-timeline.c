/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-replay-timeline.c: the war replayed (adm-replay-timeline.h). Komarr is played as a
 * master plays it — cycle 1 undone and redone, a correction, the battle of c1-3 at Pol orbit
 * with a phase undone and redone and a correction between its phases, a correction undone,
 * cycle 2 — and the master's timeline has a step for every entry, in order, each labelled
 * with its cycle and what it was, each battle entry with the battle's place, turn and phase;
 * every step can be shown (the campaign and the battle at its moment) and showing them all
 * changes nothing and journals nothing. A side's and the public's timeline are what the one
 * audience filter tells them (F-STRAT-3): the cycles and the battles they are told of, no
 * label naming a formation they have not met. The bad inputs: an audience the campaign does
 * not have, a battle still at another table, a campaign written by an older version, one of
 * 25,000 entries, entries recorded while the timeline is open. Stepping through three battles
 * with Page Down and Page Up as the window does, the battles nearest each step made ready
 * after it, every step into a battle, the oldest included, is served from a battle kept. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "adm-campaign-private.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "text-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400)

static guint
n_entries (AdmCampaign *campaign)
{
  return adm_journal_get_n_entries (adm_campaign_get_journal (campaign));
}

static void
correct_readiness (AdmCampaign *campaign,
                   gint64       time,
                   const char  *delta)
{
  const AdmShip *ship = g_ptr_array_index (adm_scenario_get_ships (adm_campaign_get_scenario (
                                             campaign)), 0);
  g_autoptr(AdmEvent) event = adm_event_new ("readiness", time);
  g_autoptr(GError) error = NULL;

  adm_event_set (event, "ship", ship->id);
  adm_event_set (event, "delta", delta);
  g_assert_true (adm_campaign_append (campaign, event, &error));
  g_assert_no_error (error);
}

static void
keep (AdmCampaign *campaign,
      AdmBattle   *battle)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
}

static AdmCampaign *
play (void)
{
  AdmCampaign *campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  correct_readiness (campaign, T0 + 2500, "-1");
  battle = engagement_battle (campaign, "c1-3");
  keep (campaign, battle);
  for (guint p = 0; p < 5; p++)
    {
      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
      keep (campaign, battle);
      if (p == 2)
        {
          correct_readiness (campaign, T0 + 2600, "1");
          g_assert_true (adm_battle_undo (battle, &error));
          keep (campaign, battle);
          g_assert_true (adm_battle_redo (battle, &error));
          keep (campaign, battle);
        }
    }
  correct_readiness (campaign, T0 + 2700, "-1");
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  komarr_play_cycle (campaign, 2, T0);
  return campaign;
}

static AdmReplayTimeline *
timeline_of (AdmCampaign *campaign,
             const char  *audience)
{
  g_autoptr(GError) error = NULL;
  AdmReplayTimeline *timeline = adm_replay_timeline_new (campaign, audience, &error);

  g_assert_no_error (error);
  g_assert_nonnull (timeline);
  return timeline;
}

static AdmReplayStep *
step_at (AdmReplayTimeline *timeline,
         guint              i)
{
  AdmReplayStep *step = g_list_model_get_item (G_LIST_MODEL (timeline), i);

  g_assert_nonnull (step);
  return step;
}

/* Each step of @timeline shown as the replay shows it: the campaign at its moment, and the
 * battle there for a battle's step. */
static void
show_every_step (AdmCampaign       *campaign,
                 AdmReplayTimeline *timeline)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (timeline)); i++)
    {
      g_autoptr(AdmReplayStep) step = step_at (timeline, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmState) state = adm_campaign_state_at (campaign,
                                                         adm_replay_step_get_moment (step),
                                                         &error);

      g_assert_no_error (error);
      g_assert_nonnull (state);
      if (adm_replay_step_get_engagement (step) != NULL)
        {
          g_autoptr(AdmBattle) battle = adm_campaign_battle_at_entry (
            campaign, adm_replay_step_get_engagement (step), adm_replay_step_get_moment (step),
            &error);

          g_assert_no_error (error);
          g_assert_nonnull (battle);
        }
      g_assert_cmpuint (adm_replay_timeline_find (timeline, adm_replay_step_get_moment (step)),
                        ==, i);
    }
}

static void
count_changed (guint *count)
{
  (*count)++;
}

/* F-STRAT-4, F-SEQ-1: the master's timeline: every entry a step, in order, labelled; every
 * step shown; nothing changed. */
static void
test_master_steps (void)
{
  g_autoptr(AdmCampaign) campaign = play ();
  g_autoptr(AdmReplayTimeline) timeline = timeline_of (campaign, "master");
  g_autofree char *before = NULL, *after = NULL;
  guint total = n_entries (campaign), battle_steps = 0, undo_steps = 0, changed = 0;
  gboolean cycle_2 = FALSE;
  gsize length;

  before = adm_campaign_serialize (campaign, &length);
  g_signal_connect_swapped (campaign, "changed", G_CALLBACK (count_changed), &changed);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (timeline)), ==, total + 1);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (timeline)) == ADM_TYPE_REPLAY_STEP);
  for (guint i = 0; i <= total; i++)
    {
      g_autoptr(AdmReplayStep) step = step_at (timeline, i);
      const char *label = adm_replay_step_get_label (step);

      g_assert_cmpuint (adm_replay_step_get_moment (step), ==, i);
      if (i == 0)
        {
          g_assert_cmpstr (label, ==, "The campaign’s start");
          continue;
        }
      if (adm_replay_step_get_engagement (step) != NULL)
        {
          g_assert_cmpstr (adm_replay_step_get_engagement (step), ==, "c1-3");
          assert_contains (label, "Cycle 2 · Battle at Pol orbit · turn ", "battle step");
          battle_steps++;
        }
      if (strstr (label, "taken back") != NULL || strstr (label, "Undo “") != NULL)
        undo_steps++;
      if (g_str_has_prefix (label, "Cycle 2 · "))
        cycle_2 = TRUE;
      /* The cycle only moves forward here but where cycle 1 was undone. */
      g_assert_true (g_str_has_prefix (label, "Cycle ") || g_str_has_prefix (label, "Muster"));
    }
  /* Five phases, an undo and a redo; cycle 1 undone, a phase, a correction. */
  g_assert_cmpuint (battle_steps, ==, 7);
  g_assert_cmpuint (undo_steps, ==, 3);
  g_assert_true (cycle_2);
  g_assert_cmpuint (adm_replay_timeline_find (timeline, total + 5), ==, total);

  show_every_step (campaign, timeline);
  after = adm_campaign_serialize (campaign, &length);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (n_entries (campaign), ==, total);
  g_assert_cmpuint (changed, ==, 0);
}

/* F-STRAT-3: a side's and the public's timeline hold the cycles and the battles they are told
 * of; no label names a formation hidden from them. */
static void
test_side_steps (void)
{
  g_autoptr(AdmCampaign) campaign = play ();
  g_autoptr(AdmReplayTimeline) master = timeline_of (campaign, "master");
  GPtrArray *factions = adm_scenario_get_factions (adm_campaign_get_scenario (campaign));
  AdmStrategy *strategy = strategy_of (campaign);
  static const char *hidden_ids[] = { "autumn-screen", "komarran-cruiser-division" };
  guint checked = 0;

  for (guint f = 0; f <= factions->len; f++)
    {
      const AdmFaction *viewer = f < factions->len ? g_ptr_array_index (factions, f) : NULL;
      g_autoptr(AdmReplayTimeline) timeline = timeline_of (campaign, viewer != NULL ? viewer->id
                                                                                    : "public");
      guint n = g_list_model_get_n_items (G_LIST_MODEL (timeline)), cycles = 0;
      g_autoptr(AdmQueuedEngagement) c13 = adm_campaign_find_engagement (campaign, "c1-3", NULL);
      gboolean told = adm_audience_told_of_engagement (strategy,
                                                       adm_campaign_get_scenario (campaign),
                                                       viewer, c13);

      g_assert_true (adm_replay_timeline_get_viewer (timeline) == viewer);
      g_assert_cmpuint (n, <, g_list_model_get_n_items (G_LIST_MODEL (master)));
      for (guint i = 1; i < n; i++)
        {
          g_autoptr(AdmReplayStep) step = step_at (timeline, i);
          const char *label = adm_replay_step_get_label (step);

          if (adm_replay_step_get_engagement (step) != NULL)
            g_assert_true (told);
          else
            {
              assert_contains (label, "cycle", "a side's campaign step");
              cycles++;
            }
          for (guint h = 0; h < G_N_ELEMENTS (hidden_ids); h++)
            {
              const AdmFormation *formation = adm_strategy_lookup_formation (strategy,
                                                                             hidden_ids[h]);

              if (adm_strategy_formation_visible (strategy, formation, viewer) ||
                  (viewer != NULL &&
                   adm_strategy_last_sighting (strategy, formation, viewer, NULL)))
                continue;
              assert_lacks (label, formation->name, "a side's step label");
              assert_lacks (label, formation->id, "a side's step label");
              checked++;
            }
        }
      /* Cycle 1 resolved, undone, redone; cycle 2 resolved. */
      g_assert_cmpuint (cycles, ==, 4);
      show_every_step (campaign, timeline);
    }
  g_assert_cmpuint (checked, >, 0);
}

/* The steps of @timeline as "moment label" lines. */
static char *
steps_text (AdmReplayTimeline *timeline)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (timeline)); i++)
    {
      g_autoptr(AdmReplayStep) step = step_at (timeline, i);

      g_string_append_printf (text, "%u %s\n", adm_replay_step_get_moment (step),
                              adm_replay_step_get_label (step));
    }
  return g_string_free (text, FALSE);
}

/* F-STRAT-3, the revelation: ending the war adds its step to every timeline and changes no
 * side's other steps; once the master publishes the whole truth, an open side's and the
 * public's timelines are the master's, step for step and label for label; taking the
 * publication back gives them their own again. */
static void
test_revelation (void)
{
  g_autoptr(AdmCampaign) campaign = play ();
  g_autoptr(AdmReplayTimeline) master = timeline_of (campaign, "master");
  g_autoptr(AdmReplayTimeline) side = timeline_of (campaign, "cetaganda");
  g_autoptr(AdmReplayTimeline) public = timeline_of (campaign, "public");
  g_autoptr(GError) error = NULL;
  g_autofree char *own = NULL, *own_public = NULL, *ended = NULL, *undone = NULL;
  const char *first[] = { "c1-1", "c1-2" };
  guint changed = 0;

  for (guint i = 0; i < G_N_ELEMENTS (first); i++)
    {
      g_autoptr(AdmBattle) battle = engagement_battle (campaign, first[i]);

      g_assert_true (adm_campaign_end_battle (campaign, first[i], battle, "Broke off",
                                              T0 + 5000 + i, &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_end_battle (campaign, "c1-3",
                                          adm_campaign_get_battle_played (campaign, "c1-3",
                                                                          NULL),
                                          "Both withdrew", T0 + 5010, &error));
  g_assert_no_error (error);
  own = steps_text (side);
  own_public = steps_text (public);
  g_assert_true (adm_campaign_end (campaign, "Peace", T0 + 5020, &error));
  g_assert_no_error (error);
  ended = steps_text (side);
  g_assert_true (g_str_has_prefix (ended, own));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (side)), <,
                    g_list_model_get_n_items (G_LIST_MODEL (master)));

  g_signal_connect_swapped (side, "items-changed", G_CALLBACK (count_changed), &changed);
  g_assert_true (adm_campaign_publish (campaign, T0 + 5030, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, >, 0);
  {
    g_autofree char *all = steps_text (master);
    g_autofree char *told = steps_text (side);
    g_autofree char *told_public = steps_text (public);

    g_assert_cmpstr (told, ==, all);
    g_assert_cmpstr (told_public, ==, all);
  }
  show_every_step (campaign, side);

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  /* The side's own steps again, the publication and its undo among them as a side's steps
   * of the war: as a timeline made now gives them. */
  undone = steps_text (side);
  g_assert_true (g_str_has_prefix (undone, ended));
  {
    g_autoptr(AdmReplayTimeline) fresh = timeline_of (campaign, "cetaganda");
    g_autoptr(AdmReplayTimeline) fresh_public = timeline_of (campaign, "public");
    g_autofree char *anew = steps_text (fresh);
    g_autofree char *again = steps_text (public);
    g_autofree char *public_anew = steps_text (fresh_public);

    g_assert_cmpstr (undone, ==, anew);
    g_assert_cmpstr (again, ==, public_anew);
    g_assert_true (g_str_has_prefix (again, own_public));
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (side)), <,
                      g_list_model_get_n_items (G_LIST_MODEL (master)));
  }
}

/* The moments of the steps of @timeline that are phases of the battle of @engagement. */
static GArray *
battle_moments (AdmReplayTimeline *timeline,
                const char        *engagement)
{
  GArray *moments = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (timeline)); i++)
    {
      g_autoptr(AdmReplayStep) step = step_at (timeline, i);
      guint moment = adm_replay_step_get_moment (step);

      if (g_strcmp0 (adm_replay_step_get_engagement (step), engagement) == 0)
        g_array_append_val (moments, moment);
    }
  return moments;
}

static void
reveal (AdmCampaign *campaign,
        const char  *formation,
        gint64       time)
{
  g_autoptr(AdmEvent) event = adm_event_new ("reveal", time);
  g_autoptr(GError) error = NULL;

  adm_event_set (event, "formation", formation);
  g_assert_true (adm_campaign_append (campaign, event, &error));
  g_assert_no_error (error);
}

/* F-STRAT-3: whether the public is told of a battle is judged as the war stood at each of its
 * phases, not as it stands now. Of cycle 1's engagements, one the public is not told of for
 * a hidden formation in it: a phase fought, the formation revealed (the public is told of the
 * fight from then), two phases, the reveal undone (it is not told any more), a phase. The
 * public's timeline holds the two phases fought while it was told, and no other — neither the
 * one before it learnt of the battle nor the one after it was taken back — whether read as
 * the entries come or anew afterwards. */
static void
test_told_then (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmReplayTimeline) open = NULL;
  g_autoptr(GPtrArray) engagements = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (9);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GArray) told = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario;
  const AdmQueuedEngagement *found = NULL;
  const char *hidden = NULL;

  komarr_play_cycle (campaign, 1, T0);
  scenario = adm_campaign_get_scenario (campaign);
  engagements = adm_campaign_get_engagements (campaign, 1);
  for (guint e = 0; e < engagements->len && found == NULL; e++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, e);

      if (adm_audience_told_of_engagement (strategy_of (campaign), scenario, NULL, engagement))
        continue;
      for (guint f = 0; f < engagement->formation_ids->len && found == NULL; f++)
        {
          const AdmFormation *formation = adm_strategy_lookup_formation (
            strategy_of (campaign), g_ptr_array_index (engagement->formation_ids, f));

          if (formation != NULL && formation->hidden)
            {
              found = engagement;
              hidden = formation->id;
            }
        }
    }
  g_assert_nonnull (found);
  open = timeline_of (campaign, "public");
  battle = engagement_battle (campaign, found->id);
  for (guint p = 0; p < 4; p++)
    {
      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
      g_assert_true (adm_campaign_keep_battle (campaign, found->id, battle, &error));
      g_assert_no_error (error);
      if (p == 1 || p == 2)
        {
          guint moment = n_entries (campaign);

          g_array_append_val (told, moment);
        }
      if (p == 0)
        {
          reveal (campaign, hidden, T0 + 3000);
          /* The reveal is what tells the public of the fight. */
          g_assert_true (adm_audience_told_of_engagement (strategy_of (campaign), scenario, NULL,
                                                          found));
        }
      if (p == 2)
        {
          g_assert_true (adm_campaign_undo (campaign, &error));
          g_assert_no_error (error);
          g_assert_false (adm_audience_told_of_engagement (strategy_of (campaign), scenario,
                                                           NULL, found));
        }
    }
  {
    g_autoptr(AdmReplayTimeline) anew = timeline_of (campaign, "public");
    AdmReplayTimeline *timelines[] = { open, anew };

    for (guint t = 0; t < G_N_ELEMENTS (timelines); t++)
      {
        g_autoptr(GArray) shown = battle_moments (timelines[t], found->id);

        g_assert_cmpuint (shown->len, ==, told->len);
        for (guint i = 0; i < told->len; i++)
          g_assert_cmpuint (g_array_index (shown, guint, i), ==, g_array_index (told, guint, i));
        show_every_step (campaign, timelines[t]);
      }
  }
}

/* An audience the campaign does not have is refused, naming those it has. */
/* Cycle 1 and the battles of c1-1 to c1-3, one after the other, @n_phases phases each, kept. */
static AdmCampaign *
play_three_battles (guint n_phases)
{
  AdmCampaign *campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  const char *ids[] = { "c1-1", "c1-2", "c1-3" };
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  for (guint e = 0; e < G_N_ELEMENTS (ids); e++)
    {
      g_autoptr(AdmBattle) battle = engagement_battle (campaign, ids[e]);

      for (guint p = 0; p < n_phases; p++)
        {
          g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice),
                                                   &error));
          g_assert_no_error (error);
          g_assert_true (adm_campaign_keep_battle (campaign, ids[e], battle, &error));
          g_assert_no_error (error);
        }
    }
  return campaign;
}

/* The window at @position, come to it going @forward: the step's battle asked for (the
 * battle before let go first) and held while shown, then the battle nearest it made ready
 * in the idle after. Every battle step is served from a battle kept, not opened from its
 * set-up. */
static void
step_to (AdmCampaign       *campaign,
         AdmReplayTimeline *timeline,
         guint              position,
         gboolean           forward,
         AdmBattle        **shown)
{
  g_autoptr(AdmReplayStep) step = step_at (timeline, position);
  const char *engagement = adm_replay_step_get_engagement (step);
  g_autoptr(GError) error = NULL;

  g_clear_object (shown);
  if (engagement != NULL)
    {
      g_assert_true (_adm_campaign_past_battle_ready (campaign, engagement,
                                                      adm_replay_step_get_moment (step)));
      *shown = adm_campaign_battle_at_entry (campaign, engagement,
                                             adm_replay_step_get_moment (step), &error);
      g_assert_no_error (error);
      g_assert_nonnull (*shown);
    }
  while (adm_replay_timeline_prepare_near (timeline, position, forward))
    ;
}

/* F-STRAT-4: the replay steps through every battle kept, the older ones too: a Page Down or
 * Page Up into any battle takes a battle kept back or plays one phase on it, within one
 * frame, and no more than the ADM_CAMPAIGN_PAST_KEPT the campaign keeps are kept for it. */
static void
test_steps_into_older (void)
{
  g_autoptr(AdmCampaign) campaign = play_three_battles (3);
  g_autoptr(AdmReplayTimeline) timeline = timeline_of (campaign, "master");
  g_autoptr(AdmBattle) shown = NULL;
  guint n = g_list_model_get_n_items (G_LIST_MODEL (timeline)), first = G_MAXUINT;

  for (guint i = 0; i < n && first == G_MAXUINT; i++)
    {
      g_autoptr(AdmReplayStep) step = step_at (timeline, i);

      if (g_strcmp0 (adm_replay_step_get_engagement (step), "c1-1") == 0)
        first = i;
    }
  g_assert_cmpuint (first, >, 0);
  g_assert_cmpuint (first, <, n);
  /* The latest two battles made ready, as the window does when it opens: the oldest is not. */
  while (adm_replay_timeline_prepare (timeline))
    ;
  {
    g_autoptr(AdmReplayStep) step = step_at (timeline, first);

    g_assert_false (_adm_campaign_past_battle_ready (campaign, "c1-1",
                                                     adm_replay_step_get_moment (step)));
  }
  /* The slider to the step before the oldest battle, then Page Down to the last step. */
  step_to (campaign, timeline, first - 1, TRUE, &shown);
  for (guint i = first; i < n; i++)
    step_to (campaign, timeline, i, TRUE, &shown);
  /* And Page Up back to the first. */
  for (guint i = n - 1; i-- > 0;)
    step_to (campaign, timeline, i, FALSE, &shown);
  g_assert_cmpuint (_adm_campaign_get_past_battles (campaign)->len, <=,
                    ADM_CAMPAIGN_PAST_KEPT);
}

/* How many entries of @engagement's battle the campaign's first @moment entries hold. */
static guint
battle_entries (AdmCampaign *campaign,
                const char  *engagement,
                guint        moment)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  guint n = 0;

  for (guint i = 0; i < moment; i++)
    n += g_strcmp0 (adm_journal_get_entry_engagement (journal, i), engagement) == 0;
  return n;
}

/* The first step of @engagement's battle in @timeline, and in *@last its last. */
static guint
battle_steps (AdmReplayTimeline *timeline,
              const char        *engagement,
              guint             *last)
{
  guint first = G_MAXUINT;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (timeline)); i++)
    {
      g_autoptr(AdmReplayStep) step = step_at (timeline, i);

      if (g_strcmp0 (adm_replay_step_get_engagement (step), engagement) == 0)
        {
          first = MIN (first, i);
          *last = i;
        }
    }
  g_assert_cmpuint (first, !=, G_MAXUINT);
  return first;
}

/* F-STRAT-4: Page Down into a battle's first phase, then Page Up back out of it into the
 * battle before: that older battle is served from one kept, not opened from its set-up. */
static void
test_turn_back (void)
{
  g_autoptr(AdmCampaign) campaign = play_three_battles (3);
  g_autoptr(AdmReplayTimeline) timeline = timeline_of (campaign, "master");
  g_autoptr(AdmBattle) shown = NULL;
  g_autoptr(AdmReplayStep) step = NULL;
  g_autoptr(GError) error = NULL;
  guint last1, last2, first2 = battle_steps (timeline, "c1-2", &last2);

  battle_steps (timeline, "c1-1", &last1);
  g_assert_cmpuint (last1 + 1, ==, first2);
  /* The slider to the last phase of c1-1, the oldest, opened from its set-up. */
  step = step_at (timeline, last1);
  shown = adm_campaign_battle_at_entry (campaign, "c1-1", adm_replay_step_get_moment (step),
                                        &error);
  g_assert_no_error (error);
  while (adm_replay_timeline_prepare_near (timeline, last1, TRUE))
    ;
  /* Page Down into c1-2's first phase, and Page Up back into c1-1's last. */
  step_to (campaign, timeline, first2, TRUE, &shown);
  step_to (campaign, timeline, last1, FALSE, &shown);
  /* And the same into c1-3 and back, after some phases of c1-2 forward and back. */
  step_to (campaign, timeline, first2, TRUE, &shown);
  for (guint i = first2 + 1; i <= last2 + 1; i++)
    step_to (campaign, timeline, i, TRUE, &shown);
  step_to (campaign, timeline, last2, FALSE, &shown);
  step_to (campaign, timeline, last2 + 1, TRUE, &shown);
}

/* The moment of the step at @position. */
static guint
moment_at (AdmReplayTimeline *timeline,
           guint              position)
{
  g_autoptr(AdmReplayStep) step = step_at (timeline, position);

  return adm_replay_step_get_moment (step);
}

/* Makes ready with adm_replay_timeline_prepare () (@position G_MAXUINT) or
 * adm_replay_timeline_prepare_near () until it is done, checking that no call plays more
 * than ADM_REPLAY_PREPARE_PHASES phases of @engagement's battle — none takes longer than a
 * frame — and that it takes more than one; then that the battle is ready at @moment. */
static void
assert_ready_in_parts (AdmCampaign       *campaign,
                       AdmReplayTimeline *timeline,
                       const char        *engagement,
                       guint              moment,
                       guint              position,
                       gboolean           forward)
{
  guint calls = 0, held = _adm_campaign_past_battle_held (campaign, engagement);
  gboolean more;

  do
    {
      guint now;

      more = position == G_MAXUINT
               ? adm_replay_timeline_prepare (timeline)
               : adm_replay_timeline_prepare_near (timeline, position, forward);
      now = _adm_campaign_past_battle_held (campaign, engagement);
      /* Opened anew or carried on by at most that many phases, or taken back. */
      if (now > held)
        g_assert_cmpuint (now - held, <=, ADM_REPLAY_PREPARE_PHASES);
      held = now;
      g_assert_cmpuint (++calls, <, 100);
    }
  while (more);
  g_assert_cmpuint (calls, >, 1);
  g_assert_true (_adm_campaign_past_battle_ready (campaign, engagement, moment));
  g_assert_cmpuint (held, ==, battle_entries (campaign, engagement, moment));
}

/* F-STRAT-4: a battle of more phases than a frame's worth is made ready a part at a time, as
 * the window does in its idle: the latest battles when it opens, and the battle next to the
 * step shown. */
static void
test_ready_in_parts (void)
{
  g_autoptr(AdmCampaign) campaign = play_three_battles (2 * ADM_REPLAY_PREPARE_PHASES + 3);
  g_autoptr(AdmReplayTimeline) timeline = timeline_of (campaign, "master");
  g_autoptr(AdmBattle) shown = NULL;
  g_autoptr(GError) error = NULL;
  guint last1, last2, last3, first3 = battle_steps (timeline, "c1-3", &last3);

  battle_steps (timeline, "c1-1", &last1);
  battle_steps (timeline, "c1-2", &last2);
  g_assert_cmpuint (last2 + 1, ==, first3);
  assert_ready_in_parts (campaign, timeline, "c1-3", moment_at (timeline, last3), G_MAXUINT,
                         TRUE);
  g_assert_true (_adm_campaign_past_battle_ready (campaign, "c1-2", moment_at (timeline, last2)));
  /* The slider to the oldest battle's last phase: the latest battles made ready are kept
   * apart from the steps shown, and stay ready. */
  shown = adm_campaign_battle_at_entry (campaign, "c1-1", moment_at (timeline, last1), &error);
  g_assert_no_error (error);
  g_assert_true (_adm_campaign_past_battle_ready (campaign, "c1-2", moment_at (timeline, last2)));
  g_assert_true (_adm_campaign_past_battle_ready (campaign, "c1-3", moment_at (timeline, last3)));
  g_clear_object (&shown);
  /* The campaign keeping none of them (as when they are far older), the slider to c1-3's
   * first phase: Page Up from there goes into c1-2's last phase, made ready in parts. */
  g_ptr_array_set_size (_adm_campaign_get_past_battles (campaign), 0);
  shown = adm_campaign_battle_at_entry (campaign, "c1-3", moment_at (timeline, first3), &error);
  g_assert_no_error (error);
  assert_ready_in_parts (campaign, timeline, "c1-2", moment_at (timeline, last2), first3,
                         FALSE);
  step_to (campaign, timeline, last2, FALSE, &shown);
}

/* F-STRAT-4: the window's two idles — the latest battles made ready as it opens, and the
 * battle next to the step shown made ready after each step — run by turns, a part each, while
 * a step of the oldest battle is shown: neither lets go of, or takes back, a battle the other
 * made ready, so that each carries its battles on and never begins one again; once both are
 * done, every battle either made ready is kept, and Page Down into the next battle takes the
 * battle made ready for it, leaving the latest ones as they were. */
static void
test_idles_apart (void)
{
  g_autoptr(AdmCampaign) campaign = play_three_battles (2 * ADM_REPLAY_PREPARE_PHASES + 3);
  g_autoptr(AdmReplayTimeline) timeline = timeline_of (campaign, "master");
  g_autoptr(AdmBattle) shown = NULL;
  g_autoptr(GError) error = NULL;
  const char *ids[] = { "c1-2", "c1-3" };
  guint last1, last2, last3, held[G_N_ELEMENTS (ids)] = { 0 }, calls = 0;
  guint first2 = battle_steps (timeline, "c1-2", &last2);
  gboolean latest = TRUE, near = TRUE;

  battle_steps (timeline, "c1-1", &last1);
  battle_steps (timeline, "c1-3", &last3);
  g_assert_cmpuint (last1 + 1, ==, first2);
  /* The slider to the oldest battle's last phase, as the window opens. */
  shown = adm_campaign_battle_at_entry (campaign, "c1-1", moment_at (timeline, last1), &error);
  g_assert_no_error (error);
  while (latest || near)
    {
      /* A part of one idle, then of the other: after each, the latest battles made ready
       * have only grown. */
      if (calls % 2 == 0 ? !latest : !near)
        {
          calls++;
          continue;
        }
      if (calls % 2 == 0)
        latest = adm_replay_timeline_prepare (timeline);
      else
        near = adm_replay_timeline_prepare_near (timeline, last1, TRUE);
      for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
        {
          guint now = _adm_campaign_past_battle_held (campaign, ids[i]);

          g_assert_cmpuint (now, >=, held[i]);
          held[i] = now;
        }
      g_assert_cmpuint (++calls, <, 40);
    }
  g_assert_cmpuint (held[0], ==, battle_entries (campaign, "c1-2", moment_at (timeline, last2)));
  g_assert_cmpuint (held[1], ==, battle_entries (campaign, "c1-3", moment_at (timeline, last3)));
  g_assert_cmpuint (_adm_campaign_get_past_battles (campaign)->len, <=, ADM_CAMPAIGN_PAST_KEPT);
  /* Page Down into c1-2's first phase: the battle made ready for it, not the latest one taken
   * back. */
  step_to (campaign, timeline, first2, TRUE, &shown);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_battle_get_log (shown)), ==, 1);
  g_assert_cmpuint (_adm_campaign_past_battle_held (campaign, "c1-2"), ==, held[0]);
  g_assert_true (_adm_campaign_past_battle_ready (campaign, "c1-3", moment_at (timeline, last3)));
}

static void
test_bad_audience (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmReplayTimeline) timeline = adm_replay_timeline_new (campaign, "klingon", &error);

  g_assert_null (timeline);
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  assert_contains (error->message, "klingon", "refusal");
  assert_contains (error->message, "master, public, ", "refusal");
  assert_contains (error->message, "cetaganda", "refusal");
}

static void
count_items_changed (GListModel *model,
                     guint       position,
                     guint       removed,
                     guint       added,
                     guint      *count)
{
  g_assert_cmpuint (position, ==, g_list_model_get_n_items (model) - added);
  g_assert_cmpuint (removed, ==, 0);
  *count += added;
}

/* The live night goes on while the replay is open: each entry recorded is a step at the
 * timeline's end; a side's gets only what it is told of. */
static void
test_follows_live (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmReplayTimeline) master = timeline_of (campaign, "master");
  g_autoptr(AdmReplayTimeline) side = timeline_of (campaign, "cetaganda");
  guint added = 0, side_added = 0;

  g_signal_connect (master, "items-changed", G_CALLBACK (count_items_changed), &added);
  g_signal_connect (side, "items-changed", G_CALLBACK (count_items_changed), &side_added);
  correct_readiness (campaign, T0 + 10, "-1");
  g_assert_cmpuint (added, ==, 1);
  g_assert_cmpuint (side_added, ==, 0);
  komarr_play_cycle (campaign, 1, T0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (master)), ==,
                    n_entries (campaign) + 1);
  g_assert_cmpuint (added, ==, n_entries (campaign));
  /* The side is told of the cycle's resolution. */
  g_assert_cmpuint (side_added, ==, 1);
}

/* A battle fought at another table and not brought back: the replay says which, and what to
 * do, and replays the rest. */
static void
test_battle_at_table (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmReplayTimeline) timeline = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *assignment = NULL, *out = NULL, *none = NULL;

  komarr_play_cycle (campaign, 1, T0);
  timeline = timeline_of (campaign, "master");
  none = adm_replay_timeline_describe_out (timeline);
  g_assert_null (none);
  g_assert_true (adm_campaign_assign_table (campaign, "c1-3", "Table 2", T0 + 3000, &assignment,
                                            &error));
  g_assert_no_error (error);
  out = adm_replay_timeline_describe_out (timeline);
  g_assert_nonnull (out);
  assert_contains (out, "c1-3 (Pol orbit) “Table 2”", "out");
  assert_contains (out, "Import Table Battle", "out");
  show_every_step (campaign, timeline);
}

/* Campaigns written by older versions — format 1's bare events, a season from before
 * critical checks — replay. */
static void
test_older_version (void)
{
  static const char *files[] = { "small.admiralty", "season-before-critical-checks.admiralty" };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = source_path ("tests", "data", "campaigns", files[f], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
      g_autoptr(AdmReplayTimeline) timeline = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (campaign);
      timeline = timeline_of (campaign, "master");
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (timeline)), ==,
                        n_entries (campaign) + 1);
      g_assert_cmpuint (n_entries (campaign), >, 0);
      show_every_step (campaign, timeline);
    }
}

/* A campaign of 25,000 entries: every one a step, labelled when asked for; its moments show. */
static void
test_huge (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmReplayTimeline) timeline = NULL;
  g_autoptr(GError) error = NULL;
  const guint n = 25000;

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdmEvent) event = adm_event_new ("note", T0 + i);

      adm_event_set_text (event, "Patrol the sector and report contacts.");
      g_assert_true (adm_campaign_append (campaign, event, &error));
      g_assert_no_error (error);
    }
  timeline = timeline_of (campaign, "master");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (timeline)), ==, n + 1);
  for (guint i = 0; i <= n; i += n / 5)
    {
      g_autoptr(AdmReplayStep) step = step_at (timeline, i);
      g_autoptr(AdmState) state = adm_campaign_state_at (campaign,
                                                         adm_replay_step_get_moment (step),
                                                         &error);

      g_assert_no_error (error);
      g_assert_nonnull (state);
      if (i > 0)
        g_assert_cmpstr (adm_replay_step_get_label (step), ==, "Cycle 1 · Note");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/replay-timeline/F-STRAT-4/master-steps", test_master_steps);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-3/side-steps", test_side_steps);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-3/revelation", test_revelation);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-3/told-then", test_told_then);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-4/steps-into-older",
                   test_steps_into_older);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-4/turn-back", test_turn_back);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-4/ready-in-parts", test_ready_in_parts);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-4/idles-apart", test_idles_apart);
  g_test_add_func ("/engine/replay-timeline/bad-audience", test_bad_audience);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-4/follows-live", test_follows_live);
  g_test_add_func ("/engine/replay-timeline/F-STRAT-4/battle-at-table", test_battle_at_table);
  g_test_add_func ("/engine/replay-timeline/older-version", test_older_version);
  g_test_add_func ("/engine/replay-timeline/huge", test_huge);
  return g_test_run ();
}
