/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-log-model.c: a battle's report and dice log as an audience reads them (adm-log-model.h)
 * on the battle of tests/data/reports/cycle-2-pol-orbit.xml, played with seed 7: after every
 * phase, undo and redo, the model said by its "items-changed" holds what a model read anew
 * holds — the audience filter's lines and rolls (F-ECM-2, F-ECM-4, F-ECM-5), a heading before
 * each turn's phase (F-SEQ-1) — and an empty battle, no battle and positions past the end give
 * nothing. The campaign's dice log (adm_log_model_new_for_campaign ()) on the skirmish
 * scenario: each roll added at the end, an undo taking it back, a redo giving it again, the
 * master's rolls in the journal's order with their parts. */

#include "config.h"

#include "admiralty-engine.h"

#define SEED 7

static AdmBattle *
load_battle (const char *folder,
             const char *file)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", folder, file, NULL);
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

static AdmBattle *
load_fixture (void)
{
  return load_battle ("reports", "cycle-2-pol-orbit.xml");
}

/* A copy of a model kept only by what its "items-changed" says. */
static void
mirror_cb (GListModel *model,
           guint       position,
           guint       removed,
           guint       added,
           GPtrArray  *mirror)
{
  g_assert_cmpuint (position + removed, <=, mirror->len);
  g_ptr_array_remove_range (mirror, position, removed);
  for (guint i = 0; i < added; i++)
    g_ptr_array_insert (mirror, position + i, g_list_model_get_item (model, position + i));
  g_assert_cmpuint (mirror->len, ==, g_list_model_get_n_items (model));
}

/* An entry as text: "# heading", or "line | detail". */
static char *
entry_text (AdmLogEntry *entry)
{
  return g_strdup_printf ("%s%s%s%s", adm_log_entry_get_heading (entry) ? "# " : "",
                          adm_log_entry_get_text (entry),
                          adm_log_entry_get_detail (entry) != NULL ? " | " : "",
                          adm_log_entry_get_detail (entry) != NULL
                            ? adm_log_entry_get_detail (entry) : "");
}

/* The mirror holds what a model of @battle read anew for @audience holds, and the entries
 * that are not headings are the audience filter's, in its order. */
static void
assert_in_step (GPtrArray   *mirror,
                AdmBattle   *battle,
                AdmLogKind   kind,
                AdmAudience  audience)
{
  g_autoptr(AdmLogModel) fresh = adm_log_model_new (battle, kind, audience);
  g_autoptr(GPtrArray) filtered = kind == ADM_LOG_REPORT
                                    ? adm_audience_filter_report (audience, battle)
                                    : adm_audience_filter_rolls (audience, battle);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  guint read = 0;
  int turn = 0;
  AdmPhase phase = ADM_PHASE_DETECTION;

  g_assert_cmpuint (mirror->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(AdmLogEntry) entry = g_list_model_get_item (G_LIST_MODEL (fresh), i);
      g_autofree char *kept = entry_text (g_ptr_array_index (mirror, i));
      g_autofree char *anew = entry_text (entry);

      g_assert_cmpstr (kept, ==, anew);
      if (adm_log_entry_get_heading (entry))
        {
          /* F-SEQ-1: a heading opens each turn's phase, once. */
          g_assert_true (i == 0 || adm_log_entry_get_turn (entry) != turn ||
                         adm_log_entry_get_phase (entry) != phase);
          turn = adm_log_entry_get_turn (entry);
          phase = adm_log_entry_get_phase (entry);
          continue;
        }
      g_assert_cmpuint (read, <, filtered->len);
      g_assert_cmpint (adm_log_entry_get_turn (entry), ==, turn);
      g_assert_cmpint (adm_log_entry_get_phase (entry), ==, phase);
      if (kind == ADM_LOG_REPORT)
        g_assert_cmpstr (adm_log_entry_get_text (entry), ==,
                         adm_report_line_get_text (g_ptr_array_index (filtered, read)));
      else
        {
          g_assert_cmpstr (adm_log_entry_get_text (entry), ==,
                           adm_battle_roll_get_purpose (g_ptr_array_index (filtered, read)));
          g_assert_nonnull (adm_log_entry_get_detail (entry));
        }
      read++;
    }
  g_assert_cmpuint (read, ==, filtered->len);
}

typedef struct
{
  AdmLogModel *model;
  GPtrArray   *mirror;
  AdmLogKind   kind;
  AdmAudience  audience;
} Follower;

static void
assert_all_in_step (AdmBattle *battle,
                    GArray    *followers)
{
  for (guint f = 0; f < followers->len; f++)
    {
      Follower *follower = &g_array_index (followers, Follower, f);

      assert_in_step (follower->mirror, battle, follower->kind, follower->audience);
    }
}

/* A model of the report and one of the dice for the master, the public and each side of
 * @battle, followed through three turns phase by phase (with @orders, if any), two phases
 * undone and one redone, stay in step with the battle. */
static void
follow (AdmBattle       *battle,
        AdmBattleOrders *orders)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) followers = g_array_new (FALSE, TRUE, sizeof (Follower));
  guint phases = 0;

  for (guint a = 0; a < 2 + adm_battle_get_n_sides (battle); a++)
    for (AdmLogKind kind = ADM_LOG_REPORT; kind <= ADM_LOG_ROLLS; kind++)
      {
        Follower follower;

        follower.kind = kind;
        follower.audience = a == 0 ? adm_audience_master ()
                            : a == 1 ? adm_audience_public () : adm_audience_side (a - 2);
        follower.model = adm_log_model_new (battle, kind, follower.audience);
        follower.mirror = g_ptr_array_new_with_free_func (g_object_unref);
        /* The fixture's battle has not begun: nothing to read. */
        g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (follower.model)), ==, 0);
        g_signal_connect (follower.model, "items-changed", G_CALLBACK (mirror_cb),
                          follower.mirror);
        g_array_append_val (followers, follower);
      }

  while (adm_battle_get_turn (battle) <= 3)
    {
      const AdmTurnOrders *these = NULL;

      for (guint i = 0; orders != NULL && i < orders->turns->len; i++)
        if (((const AdmTurnOrders *) g_ptr_array_index (orders->turns, i))->turn ==
            adm_battle_get_turn (battle))
          these = g_ptr_array_index (orders->turns, i);
      g_assert_true (adm_battle_resolve_phase (battle, these, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
      assert_all_in_step (battle, followers);
      phases++;
    }
  g_assert_cmpuint (phases, >=, 10);
  /* The master reads every line and roll. */
  g_assert_cmpuint (g_array_index (followers, Follower, 0).mirror->len, >,
                    adm_battle_get_report (battle)->len);

  for (guint u = 0; u < 2; u++)
    {
      g_assert_true (adm_battle_undo (battle, &error));
      g_assert_no_error (error);
      assert_all_in_step (battle, followers);
    }
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  assert_all_in_step (battle, followers);

  for (guint f = 0; f < followers->len; f++)
    {
      Follower *follower = &g_array_index (followers, Follower, f);

      g_object_unref (follower->model);
      g_ptr_array_unref (follower->mirror);
    }
}

/* F-ECM-2, F-ECM-5: the Cetagandans fail to detect Polian formations, and read nothing of
 * them. */
static void
test_follows_the_battle (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();

  follow (battle, NULL);
}

/* F-ECM-4: a side's fire at a token it sees face down, its target named "a face-down token"
 * in its report and dice until it identifies the token; then read again by its name. */
static void
test_face_down_fire (void)
{
  g_autoptr(AdmBattle) battle = load_battle ("battles", "fire-face-down.xml");
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "battles",
                                                 "fire-face-down.orders.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (path, &error);

  g_assert_no_error (error);
  follow (battle, orders);
}

static void
count_cb (guint *changes)
{
  (*changes)++;
}

/* Another audience or battle reads the log anew: the public's model given the master's
 * audience holds the master's log; given no battle, nothing. */
static void
test_audience_and_battle (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmLogModel) model = NULL;
  g_autoptr(GPtrArray) mirror = g_ptr_array_new_with_free_func (g_object_unref);

  g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  model = adm_log_model_new (battle, ADM_LOG_REPORT, adm_audience_public ());
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    g_ptr_array_add (mirror, g_list_model_get_item (G_LIST_MODEL (model), i));
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_cb), mirror);
  assert_in_step (mirror, battle, ADM_LOG_REPORT, adm_audience_public ());

  adm_log_model_set_audience (model, adm_audience_master ());
  assert_in_step (mirror, battle, ADM_LOG_REPORT, adm_audience_master ());
  g_assert_cmpuint (mirror->len, ==,
                    g_list_model_get_n_items (G_LIST_MODEL (model)));

  /* The same audience again, or the same battle: nothing read again, nothing said. */
  {
    guint changes = 0;
    gulong counting = g_signal_connect_swapped (model, "items-changed",
                                                G_CALLBACK (count_cb), &changes);

    adm_log_model_set_audience (model, adm_audience_master ());
    adm_log_model_set_battle (model, battle);
    g_assert_cmpuint (changes, ==, 0);
    g_signal_handler_disconnect (model, counting);
  }

  adm_log_model_set_battle (model, NULL);
  g_assert_null (adm_log_model_get_battle (model));
  g_assert_cmpuint (mirror->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
}

/* Bad input: positions past the end, an empty battle, no battle. GListModel gives NULL past
 * the end; the model's type is its entries'. */
static void
test_out_of_range (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();
  g_autoptr(AdmLogModel) none = adm_log_model_new (NULL, ADM_LOG_ROLLS, adm_audience_master ());
  g_autoptr(AdmLogModel) empty = adm_log_model_new (battle, ADM_LOG_REPORT,
                                                    adm_audience_side (0));
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED);
  g_autoptr(GError) error = NULL;
  guint n;

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (none)) == ADM_TYPE_LOG_ENTRY);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (none)), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (none), 0));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (empty)), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (empty), 0));
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (empty), G_MAXUINT));

  g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  n = g_list_model_get_n_items (G_LIST_MODEL (empty));
  g_assert_cmpuint (n, >, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (empty), n));
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (empty), G_MAXUINT));
  {
    g_autoptr(AdmLogEntry) first = g_list_model_get_item (G_LIST_MODEL (empty), 0);
    g_autoptr(AdmLogEntry) last = g_list_model_get_item (G_LIST_MODEL (empty), n - 1);

    g_assert_true (adm_log_entry_get_heading (first));
    g_assert_cmpint (adm_log_entry_get_turn (first), ==, 1);
    g_assert_false (adm_log_entry_get_heading (last));
  }

  /* A side the battle does not have reads nothing of it, as the audience filter says. */
  {
    g_autoptr(AdmLogModel) stranger = adm_log_model_new (battle, ADM_LOG_REPORT,
                                                         adm_audience_side (7));
    g_autoptr(GPtrArray) filtered = adm_audience_filter_report (adm_audience_side (7), battle);

    g_assert_cmpuint (filtered->len, ==, 0);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (stranger)), ==, 0);
  }

  /* Not a log's kind, or not a battle: a programmer's error, refused with no model. */
  if (g_test_undefined ())
    {
      g_test_expect_message ("Admiralty-Engine", G_LOG_LEVEL_CRITICAL, "*kind*");
      g_assert_null (adm_log_model_new (battle, (AdmLogKind) 7, adm_audience_master ()));
      g_test_assert_expected_messages ();
      g_test_expect_message ("Admiralty-Engine", G_LOG_LEVEL_CRITICAL, "*ADM_IS_BATTLE*");
      g_assert_null (adm_log_model_new ((AdmBattle *) none, ADM_LOG_REPORT,
                                        adm_audience_master ()));
      g_test_assert_expected_messages ();
    }
}

/* A roll of @count d6 in @campaign at @time, the program's dice from a fixed seed. */
static void
roll (AdmCampaign *campaign,
      guint        count,
      const char  *purpose,
      gint64       time)
{
  AdmDiceRequest request = { count, 6, purpose, "F-RDY-2", NULL };
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED + time);
  guint values[8];
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_roll (campaign, ADM_DICE_SOURCE (dice), &request, time, values,
                                    &error));
  g_assert_no_error (error);
}

/* The mirror holds what the campaign's rolls are, in order, with their parts. */
static void
assert_rolls (GPtrArray   *mirror,
              AdmCampaign *campaign)
{
  GPtrArray *rolls = adm_state_get_rolls (adm_campaign_get_state (campaign));

  g_assert_cmpuint (mirror->len, ==, rolls->len);
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmRollRecord *record = g_ptr_array_index (rolls, i);
      AdmLogEntry *entry = g_ptr_array_index (mirror, i);
      g_autofree char *dice = adm_dice_describe (record->values->len, record->sides);
      guint total = 0;

      for (guint v = 0; v < record->values->len; v++)
        total += g_array_index (record->values, guint, v);
      g_assert_false (adm_log_entry_get_heading (entry));
      g_assert_cmpstr (adm_log_entry_get_text (entry), ==, record->purpose);
      g_assert_cmpstr (adm_log_entry_get_clause (entry), ==, record->clause);
      g_assert_cmpstr (adm_log_entry_get_dice (entry), ==, dice);
      g_assert_cmpuint (adm_log_entry_get_total (entry), ==, total);
    }
}

/* The campaign's dice log follows its journal: a roll added, taken back by undo, given again
 * by redo, each said by one "items-changed"; another model read anew holds the same. */
static void
test_campaign_rolls (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                 "skirmish.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autoptr(AdmLogModel) model = NULL;
  g_autoptr(GPtrArray) mirror = g_ptr_array_new_with_free_func (g_object_unref);
  guint changes = 0;

  g_assert_no_error (error);
  model = adm_log_model_new_for_campaign (campaign);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == ADM_TYPE_LOG_ENTRY);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), 0));
  g_assert_null (adm_log_model_get_battle (model));
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_cb), mirror);
  g_signal_connect_swapped (model, "items-changed", G_CALLBACK (count_cb), &changes);

  roll (campaign, 2, "Readiness check, Prince Serg", 1000);
  g_assert_cmpuint (changes, ==, 1);
  roll (campaign, 3, "Initiative", 1001);
  g_assert_cmpuint (changes, ==, 2);
  assert_rolls (mirror, campaign);
  g_assert_cmpuint (mirror->len, ==, 2);

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  assert_rolls (mirror, campaign);
  g_assert_cmpuint (mirror->len, ==, 1);
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  assert_rolls (mirror, campaign);
  g_assert_cmpuint (mirror->len, ==, 2);
  {
    g_autoptr(AdmLogModel) fresh = adm_log_model_new_for_campaign (campaign);

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (fresh)), ==, 2);
  }

  /* A campaign's log has no battle or audience of its own to be given: refused, unchanged. */
  if (g_test_undefined ())
    {
      g_test_expect_message ("Admiralty-Engine", G_LOG_LEVEL_CRITICAL, "*campaign == NULL*");
      adm_log_model_set_audience (model, adm_audience_public ());
      g_test_assert_expected_messages ();
      g_test_expect_message ("Admiralty-Engine", G_LOG_LEVEL_CRITICAL, "*ADM_IS_CAMPAIGN*");
      g_assert_null (adm_log_model_new_for_campaign (NULL));
      g_test_assert_expected_messages ();
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/log-model/F-ECM-2/follows-the-battle", test_follows_the_battle);
  g_test_add_func ("/engine/log-model/F-ECM-4/face-down-fire", test_face_down_fire);
  g_test_add_func ("/engine/log-model/F-ECM-5/audience-and-battle", test_audience_and_battle);
  g_test_add_func ("/engine/log-model/out-of-range", test_out_of_range);
  g_test_add_func ("/engine/log-model/F-RDY-2/campaign-rolls", test_campaign_rolls);

  return g_test_run ();
}
