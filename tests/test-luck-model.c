/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-luck-model.c: the luck ledger as a list model (adm-luck-model.h) on the Komarr campaign
 * after cycle 1, saved: with no battle it is empty and says why; keeping c1-1's battle (Pol
 * Defiant boarded in turn 1) is said by "items-changed", and a copy kept by what it says holds
 * what a model read anew holds, for the master, each side and the public alike. The master's
 * rows name the engagement and count every judged roll; a side's count exactly the judged
 * rolls the one audience filter shows it about a side it sees (F-ECM-2), never the
 * engagement's id (F-STRAT-3), and name no ship it is not shown. With "every-roll", every
 * roll of c1-2's battle and c1-1's from the luckiest to the unluckiest, through the same
 * filter; none with no roll judged yet; and a TI4 combat's every roll in that order, each
 * row's words worked out by hand (LRR 39.5). */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "battle-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "text-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

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

/* @mirror holds what a model of @campaign for @as read anew holds. */
static void
assert_mirrors (GPtrArray   *mirror,
                AdmCampaign *campaign,
                const char  *as)
{
  g_autoptr(AdmLuckModel) fresh = adm_luck_model_new (campaign, as);

  g_assert_cmpuint (mirror->len, ==, g_list_model_get_n_items (G_LIST_MODEL (fresh)));
  for (guint i = 0; i < mirror->len; i++)
    {
      g_autoptr(AdmLuckRow) row = g_list_model_get_item (G_LIST_MODEL (fresh), i);

      g_assert_true (adm_luck_row_equal (g_ptr_array_index (mirror, i), row));
    }
}

/* The rolls the side rows under the first heading of @model count, and all its text. */
static guint
first_battle_rolls (GListModel *model,
                    GString    *text)
{
  guint rolls = 0, headings = 0;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s\n%s\n", adm_luck_row_get_title (row),
                              adm_luck_row_get_summary (row));
      if (adm_luck_row_get_kind (row) == ADM_LUCK_ROW_HEADING)
        headings++;
      else if (headings == 1 && adm_luck_row_get_kind (row) == ADM_LUCK_ROW_SIDE)
        rolls += adm_luck_row_get_rolls (row);
    }
  return rolls;
}

static void
test_follows_the_journal (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-luck-model-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmLuckModel) model = NULL;
  g_autoptr(GPtrArray) mirror = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GString) text = g_string_new (NULL);
  AdmBattle *kept;

  g_assert_no_error (error);
  campaign = komarr_saved_and_played (path, 1, T0);
  model = adm_luck_model_new (campaign, NULL);
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_cb), mirror);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_cmpuint (g_list_model_get_item_type (G_LIST_MODEL (model)), ==, ADM_TYPE_LUCK_ROW);
  assert_contains (adm_luck_model_get_empty_reason (model), "No battle has been fought",
                   "the empty ledger");
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), 0));

  /* The journal changes: a battle kept. */
  battle = komarr_capture_pol_defiant (campaign);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (mirror->len, >, 0);
  g_assert_null (adm_luck_model_get_empty_reason (model));
  assert_mirrors (mirror, campaign, NULL);
  kept = adm_campaign_get_battle_played (campaign, "c1-1", &error);
  g_assert_no_error (error);
  {
    g_autoptr(AdmLuckLedger) ledger = adm_luck_ledger_new (kept, adm_audience_master (), NULL);

    g_assert_cmpuint (first_battle_rolls (G_LIST_MODEL (model), text), ==,
                      adm_luck_ledger_get_rolls (ledger)->len);
    g_assert_cmpuint (adm_luck_ledger_get_rolls (ledger)->len, >, 0);
    assert_contains (text->str, "Engagement c1-1", "the master's ledger");
  }

  /* Each side through the one audience filter, said by "items-changed". */
  for (guint side = 0; side < adm_battle_get_n_sides (kept); side++)
    {
      const char *id = adm_battle_get_side (kept, side)->id;
      AdmAudience audience = adm_audience_side (side);
      guint judged = battle_helper_judged_seen (kept, audience);

      adm_luck_model_set_audience (model, id);
      g_assert_cmpstr (adm_luck_model_get_audience (model), ==, id);
      assert_mirrors (mirror, campaign, id);
      g_string_truncate (text, 0);
      g_test_message ("%s: %u judged rolls seen", id, judged);
      g_assert_cmpuint (first_battle_rolls (G_LIST_MODEL (model), text), ==, judged);
      assert_lacks (text->str, "c1-1", id);
      for (guint i = 0; i < adm_battle_get_n_ships (kept); i++)
        if (!adm_audience_ship_shows (audience, kept, i, ADM_SHIP_FACT_NAME))
          assert_lacks (text->str, adm_battle_get_ship (kept, i)->name, id);
    }
  adm_luck_model_set_audience (model, "public");
  assert_mirrors (mirror, campaign, "public");
  adm_luck_model_set_audience (model, NULL);
  g_assert_cmpstr (adm_luck_model_get_audience (model), ==, "master");
  assert_mirrors (mirror, campaign, NULL);

  g_clear_object (&model);
  g_clear_object (&campaign);
  remove_folder (folder);
}

/* @refs (adm_luck_ledgers_by_luck ()) lean as their odds say, the lucky first from the
 * luckiest, the unlucky last down to the unluckiest, each roll once; the first and the last
 * are the luckiest and unluckiest of the paper (adm_luck_ledgers_extreme ()) when those lean
 * that way. */
static void
assert_by_luck (GArray    *refs,
                GPtrArray *ledgers)
{
  const AdmLuckRoll *lucky = adm_luck_ledgers_extreme (ledgers, TRUE, NULL);
  const AdmLuckRoll *unlucky = adm_luck_ledgers_extreme (ledgers, FALSE, NULL);
  guint total = 0;

  for (guint l = 0; l < ledgers->len; l++)
    total += adm_luck_ledger_get_rolls (g_ptr_array_index (ledgers, l))->len;
  g_assert_cmpuint (refs->len, ==, total);
  for (guint i = 0; i < refs->len; i++)
    {
      const AdmLuckRollRef *ref = &g_array_index (refs, AdmLuckRollRef, i);
      const AdmLuckRoll *entry = ref->entry;
      int leaning = entry->p_as_good < entry->p_as_bad - 1e-9 ? 1
                    : entry->p_as_bad < entry->p_as_good - 1e-9 ? -1 : 0;

      g_assert_cmpint (ref->leaning, ==, leaning);
      for (guint k = 0; k < i; k++)
        g_assert_true (g_array_index (refs, AdmLuckRollRef, k).entry != entry);
      if (i == 0)
        continue;
      {
        const AdmLuckRollRef *before = &g_array_index (refs, AdmLuckRollRef, i - 1);

        g_assert_cmpint (before->leaning, >=, ref->leaning);
        if (before->leaning == 1 && ref->leaning == 1)
          g_assert_cmpfloat (before->entry->p_as_good, <=, entry->p_as_good);
        if (before->leaning == -1 && ref->leaning == -1)
          g_assert_cmpfloat (before->entry->p_as_bad, >=, entry->p_as_bad);
        if (before->leaning == 0 && ref->leaning == 0)
          g_assert_cmpuint (before->order, <, ref->order);
      }
    }
  if (lucky != NULL && adm_luck_roll_leaning (lucky) == 1)
    g_assert_true (g_array_index (refs, AdmLuckRollRef, 0).entry == lucky);
  if (unlucky != NULL && adm_luck_roll_leaning (unlucky) == -1)
    g_assert_true (g_array_index (refs, AdmLuckRollRef, refs->len - 1).entry == unlucky);
}

/* @model's rows, every roll of @ledgers: the rows of adm_luck_ledgers_by_luck () in its order
 * under a heading of each leaning that says how many follow; each names its battle when
 * there are several. All the rows' words into @text. */
static void
assert_every_roll_rows (GListModel *model,
                        GPtrArray  *ledgers,
                        GString    *text)
{
  g_autoptr(GArray) refs = adm_luck_ledgers_by_luck (ledgers);
  guint next = 0, under = 0, said = 0;

  assert_by_luck (refs, ledgers);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);
      const AdmLuckRollRef *ref;
      g_autofree char *title = NULL, *summary = NULL;

      g_string_append_printf (text, "%s\n%s\n", adm_luck_row_get_title (row),
                              adm_luck_row_get_summary (row));
      if (adm_luck_row_get_kind (row) == ADM_LUCK_ROW_HEADING)
        {
          const char *words = adm_luck_row_get_title (row);

          g_assert_cmpuint (under, ==, said);
          g_assert_cmpuint (next, <, refs->len);
          ref = &g_array_index (refs, AdmLuckRollRef, next);
          /* "Lucky: 3 rolls, the luckiest first" */
          assert_contains (words, ref->leaning > 0 ? "Lucky: " : ref->leaning < 0
                                  ? "Unlucky: " : "Neither lucky nor unlucky: ", "a heading");
          said = (guint) g_ascii_strtoull (strchr (words, ':') + 2, NULL, 10);
          under = 0;
          continue;
        }
      g_assert_cmpint (adm_luck_row_get_kind (row), ==, ADM_LUCK_ROW_ROLL);
      g_assert_cmpuint (adm_luck_row_get_rolls (row), ==, 1);
      g_assert_cmpuint (next, <, refs->len);
      ref = &g_array_index (refs, AdmLuckRollRef, next++);
      under++;
      title = adm_luck_roll_title (ref->ledger, ref->entry);
      summary = adm_luck_roll_summary (ref->ledger, ref->entry);
      g_assert_cmpstr (adm_luck_row_get_title (row), ==, title);
      g_assert_true (g_str_has_suffix (adm_luck_row_get_summary (row), summary));
      if (ledgers->len > 1)
        g_assert_true (g_str_has_prefix (adm_luck_row_get_summary (row),
                                         adm_luck_ledger_get_title (ref->ledger)));
      else
        g_assert_cmpstr (adm_luck_row_get_summary (row), ==, summary);
    }
  g_assert_cmpuint (under, ==, said);
  g_assert_cmpuint (next, ==, refs->len);
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* c1-2's battle (Autumn Screen, hidden, against the Aslund Minelayer) fought two turns with
 * seed 3, and c1-1's (Pol Defiant boarded), kept. */
static AdmCampaign *
two_battles (void)
{
  AdmCampaign *campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmBattle) autumn = NULL, defiant = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (3);
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  autumn = engagement_battle (campaign, "c1-2");
  for (int turn = 1; turn <= 2; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (autumn, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-2", autumn, &error));
  g_assert_no_error (error);
  defiant = komarr_capture_pol_defiant (campaign);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-1", defiant, &error));
  g_assert_no_error (error);
  return campaign;
}

/* F-ECM-2, F-STRAT-3: with "every-roll" the rows are every roll each audience's ledgers
 * count, from the luckiest to the unluckiest, beside the odds each had: the master's every
 * judged roll of both battles, each naming its battle (by id); a side's exactly the judged
 * rolls the one audience filter shows it about a side it sees — fewer than the master's
 * where it did not see some — naming no ship it is not shown and no engagement id. Turning
 * it on and off is said by "items-changed" and "notify::every-roll", and the rows are those
 * a model read anew holds. */
static void
test_every_roll (void)
{
  g_autoptr(AdmCampaign) campaign = two_battles ();
  g_autoptr(AdmLuckModel) model = adm_luck_model_new (campaign, NULL);
  g_autoptr(GPtrArray) mirror = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) master = adm_luck_ledgers_of_campaign (campaign, NULL, NULL, NULL);
  GPtrArray *factions = adm_scenario_get_factions (adm_campaign_get_scenario (campaign));
  guint notified = 0, master_rolls = 0, sides = 0, fewer = 0;

  g_assert_nonnull (master);
  g_assert_cmpuint (master->len, ==, 2);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    g_ptr_array_add (mirror, g_list_model_get_item (G_LIST_MODEL (model), i));
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_cb), mirror);
  g_signal_connect (model, "notify::every-roll", G_CALLBACK (count_notify), &notified);

  g_assert_false (adm_luck_model_get_every_roll (model));
  g_object_set (model, "every-roll", TRUE, NULL);
  g_assert_true (adm_luck_model_get_every_roll (model));
  g_assert_cmpuint (notified, ==, 1);
  adm_luck_model_set_every_roll (model, TRUE);
  g_assert_cmpuint (notified, ==, 1);
  {
    g_autoptr(GString) text = g_string_new (NULL);

    assert_every_roll_rows (G_LIST_MODEL (model), master, text);
    assert_contains (text->str, "Engagement c1-2", "the master's every roll");
    assert_contains (text->str, "Engagement c1-1", "the master's every roll");
    g_assert_null (adm_luck_model_get_empty_reason (model));
    for (guint l = 0; l < master->len; l++)
      master_rolls += adm_luck_ledger_get_rolls (g_ptr_array_index (master, l))->len;
    g_assert_cmpuint (master_rolls, >, 0);
  }

  for (guint f = 0; f < factions->len; f++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, f);
      g_autoptr(GPtrArray) ledgers = adm_luck_ledgers_of_campaign (campaign, NULL, faction->id,
                                                                   NULL);
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(AdmLuckModel) fresh = NULL;
      guint judged = 0, rolls = 0;

      adm_luck_model_set_audience (model, faction->id);
      if (ledgers == NULL)
        {
          /* A faction that fought in neither battle: refused, as its tallies are. */
          g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
          g_assert_nonnull (adm_luck_model_get_empty_reason (model));
          continue;
        }
      fresh = adm_luck_model_new (campaign, faction->id);
      adm_luck_model_set_every_roll (fresh, TRUE);
      g_assert_cmpuint (mirror->len, ==, g_list_model_get_n_items (G_LIST_MODEL (fresh)));
      for (guint i = 0; i < mirror->len; i++)
        {
          g_autoptr(AdmLuckRow) row = g_list_model_get_item (G_LIST_MODEL (fresh), i);

          g_assert_true (adm_luck_row_equal (g_ptr_array_index (mirror, i), row));
        }
      assert_every_roll_rows (G_LIST_MODEL (model), ledgers, text);
      for (guint l = 0; l < ledgers->len; l++)
        {
          AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);
          AdmBattle *battle = adm_luck_ledger_get_battle (ledger);
          AdmAudience audience = adm_luck_ledger_get_audience (ledger);

          judged += battle_helper_judged_seen (battle, audience);
          for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
            if (!adm_audience_ship_shows (audience, battle, i, ADM_SHIP_FACT_NAME))
              {
                assert_lacks (text->str, adm_battle_get_ship (battle, i)->name, faction->id);
                assert_lacks (text->str, adm_battle_get_ship (battle, i)->id, faction->id);
              }
        }
      for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
        {
          g_autoptr(AdmLuckRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);

          rolls += adm_luck_row_get_rolls (row);
        }
      g_test_message ("%s: %u rolls listed of the master's %u", faction->id, rolls,
                      master_rolls);
      g_assert_cmpuint (rolls, ==, judged);
      assert_lacks (text->str, "c1-1", faction->id);
      assert_lacks (text->str, "c1-2", faction->id);
      fewer += rolls < master_rolls;
      sides++;
    }
  /* Both battles' sides, and one that did not see every roll. */
  g_assert_cmpuint (sides, >=, 2);
  g_assert_cmpuint (fewer, >, 0);

  /* Back to the totals, said as a change. */
  adm_luck_model_set_audience (model, NULL);
  adm_luck_model_set_every_roll (model, FALSE);
  g_assert_cmpuint (notified, ==, 2);
  assert_mirrors (mirror, campaign, NULL);
}

/* Every roll of nothing: with no battle the model says why, as its totals do; with c1-2's
 * battle set up and kept before any dice, the totals have its heading but every roll has no
 * row and says there is none to list, for the master and for each side alike. After its
 * first turn (seed 3), whose only judged rolls are ECM checks about Autumn Screen, hidden
 * (F-ECM-2), the master lists them while each side, which saw none, still has no row and the
 * same words — nothing of what it did not see. */
static void
test_every_roll_empty (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmLuckModel) model = adm_luck_model_new (campaign, NULL);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (3);
  g_autoptr(GError) error = NULL;
  guint n_sides;

  komarr_play_cycle (campaign, 1, T0);
  adm_luck_model_set_every_roll (model, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  assert_contains (adm_luck_model_get_empty_reason (model), "No battle has been fought",
                   "every roll of no battle");

  battle = engagement_battle (campaign, "c1-2");
  n_sides = adm_battle_get_n_sides (battle);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-2", battle, &error));
  g_assert_no_error (error);
  for (guint side = 0; side <= n_sides; side++)
    {
      const char *as = side < n_sides ? adm_battle_get_side (battle, side)->id : "master";

      adm_luck_model_set_audience (model, as);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
      g_assert_cmpstr (adm_luck_model_get_empty_reason (model), ==,
                       "No judged roll is counted in this ledger yet: there is no roll to list");
      adm_luck_model_set_every_roll (model, FALSE);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), >, 0);
      g_assert_null (adm_luck_model_get_empty_reason (model));
      adm_luck_model_set_every_roll (model, TRUE);
    }

  g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-2", battle, &error));
  g_assert_no_error (error);
  adm_luck_model_set_audience (model, "master");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), >, 0);
  g_assert_null (adm_luck_model_get_empty_reason (model));
  for (guint side = 0; side < n_sides; side++)
    {
      const char *as = adm_battle_get_side (battle, side)->id;

      adm_luck_model_set_audience (model, as);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
      g_assert_cmpstr (adm_luck_model_get_empty_reason (model), ==,
                       "No judged roll is counted in this ledger yet: there is no roll to list");
    }
}

/* LRR 39.5: a TI4 combat's every roll — a Dreadnought (hits on 5+) against a Cruiser (7+),
 * the dice typed 3, 7, 5, 2: from the luckiest, the Cruiser's 7 in round 1 (1 hit on 40 %),
 * then the Dreadnought's 5 in round 2 (60 %), to the unluckiest, the Cruiser's 2 in round 2
 * (0 hits, as bad or worse 60 %), then the Dreadnought's 3 in round 1 (40 %); each row its
 * round, side and purpose, its dice, the hits expected → scored and its odds. */
static void
test_ti4_every_roll (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);
  g_autoptr(AdmTi4Combat) combat = NULL;
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GPtrArray) ledgers = NULL;
  g_autoptr(GArray) refs = NULL;
  AdmTi4Setup setup = { .arena = ADM_TI4_SPACE };
  AdmTi4OddsOptions options = { .arena = ADM_TI4_SPACE,
                                .attacker_policy = ADM_TI4_POLICY_SUSTAIN_FIRST,
                                .defender_policy = ADM_TI4_POLICY_SUSTAIN_FIRST,
                                .attacker_retreat_after = -1,
                                .defender_retreat_after = -1 };
  static const struct {
    AdmTi4Side  side;
    guint       round;
    const char *summary;
  } want[] = {
    { ADM_TI4_DEFENDER, 1, "Dice 7 · Hits 0.40 → 1 · as good or better: 40.0 %, as bad or "
                           "worse: 100.0 %" },
    { ADM_TI4_ATTACKER, 2, "Dice 5 · Hits 0.60 → 1 · as good or better: 60.0 %, as bad or "
                           "worse: 100.0 %" },
    { ADM_TI4_DEFENDER, 2, "Dice 2 · Hits 0.40 → 0 · as good or better: 100.0 %, as bad or "
                           "worse: 60.0 %" },
    { ADM_TI4_ATTACKER, 1, "Dice 3 · Hits 0.60 → 0 · as good or better: 100.0 %, as bad or "
                           "worse: 40.0 %" },
  };

  g_assert_no_error (error);
  setup.attacker.intact[adm_ti4_catalog_find (catalog, "dreadnought")] = 1;
  setup.defender.intact[adm_ti4_catalog_find (catalog, "cruiser")] = 1;
  combat = adm_ti4_combat_new (catalog, &setup, &error);
  g_assert_no_error (error);
  g_assert_true (adm_dice_queue_push_text (queue, "3 7 5 2", &error));
  g_assert_no_error (error);
  g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (queue), &options, &error));
  g_assert_no_error (error);

  ledgers = adm_luck_ledgers_of_ti4_combat (combat, NULL, NULL, &error);
  g_assert_no_error (error);
  refs = adm_luck_ledgers_by_luck (ledgers);
  assert_by_luck (refs, ledgers);
  g_assert_cmpuint (refs->len, ==, G_N_ELEMENTS (want));
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      const AdmLuckRollRef *ref = &g_array_index (refs, AdmLuckRollRef, i);
      g_autofree char *title = adm_luck_roll_title (ref->ledger, ref->entry);
      g_autofree char *summary = adm_luck_roll_summary (ref->ledger, ref->entry);
      g_autofree char *want_title = g_strdup_printf ("Round %u · %s — %s", want[i].round,
                                                     adm_ti4_combat_get_side_name (combat,
                                                                                   want[i].side),
                                                     ref->entry->ti4_roll->purpose);

      g_assert_cmpuint (ref->entry->ti4_roll->side, ==, want[i].side);
      g_assert_cmpstr (title, ==, want_title);
      assert_contains (title, want[i].side == ADM_TI4_ATTACKER ? "Dreadnought" : "Cruiser",
                       "a TI4 roll's row");
      g_assert_cmpstr (summary, ==, want[i].summary);
    }
}

static void
count_changes (GListModel *model,
               guint       position,
               guint       removed,
               guint       added,
               guint      *changes)
{
  (*changes)++;
}

/* LRR 39.5: a TI4 combat's ledger as a list (adm_luck_model_new_ti4 ()). Bad audiences and
 * a combat with no roll yet give no row and say why; then the Dreadnought against the
 * Cruiser of ti4-every-roll, "3 7 5 2": every roll's rows are the engine's own, in its
 * order of luck, under their headings; the totals name both sides; an undo and a redo
 * show at once (the combat's "changed"). */
static void
test_ti4_model (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);
  g_autoptr(AdmTi4Combat) combat = NULL;
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(AdmLuckModel) model = NULL;
  AdmTi4Setup setup = { .arena = ADM_TI4_SPACE };
  AdmTi4OddsOptions options = { .arena = ADM_TI4_SPACE,
                                .attacker_policy = ADM_TI4_POLICY_SUSTAIN_FIRST,
                                .defender_policy = ADM_TI4_POLICY_SUSTAIN_FIRST,
                                .attacker_retreat_after = -1,
                                .defender_retreat_after = -1 };
  guint changes = 0, n_before_undo;

  g_assert_no_error (error);
  setup.attacker.intact[adm_ti4_catalog_find (catalog, "dreadnought")] = 1;
  setup.defender.intact[adm_ti4_catalog_find (catalog, "cruiser")] = 1;
  combat = adm_ti4_combat_new (catalog, &setup, &error);
  g_assert_no_error (error);

  /* Bad input first: no roll yet, then an audience of neither side. */
  model = adm_luck_model_new_ti4 (combat, NULL);
  g_assert_cmpstr (adm_luck_model_get_audience (model), ==, "master");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  g_assert_nonnull (adm_luck_model_get_empty_reason (model));
  {
    g_autoptr(GPtrArray) none = adm_luck_ledgers_of_ti4_combat (combat, NULL, NULL, &error);

    g_assert_null (none);
    g_assert_cmpstr (adm_luck_model_get_empty_reason (model), ==, error->message);
    g_clear_error (&error);
  }
  g_signal_connect (model, "items-changed", G_CALLBACK (count_changes), &changes);

  g_assert_true (adm_dice_queue_push_text (queue, "3 7 5 2", &error));
  g_assert_no_error (error);
  g_assert_true (adm_ti4_combat_run (combat, ADM_DICE_SOURCE (queue), &options, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changes, >, 0);
  g_assert_null (adm_luck_model_get_empty_reason (model));

  adm_luck_model_set_audience (model, "nobody");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  assert_contains (adm_luck_model_get_empty_reason (model), "nobody", "an unknown audience");

  /* The totals: the combat's heading, each side's hits expected → actual. */
  adm_luck_model_set_audience (model, "master");
  {
    g_autoptr(GPtrArray) ledgers = adm_luck_ledgers_of_ti4_combat (combat, NULL, NULL, &error);
    g_autoptr(AdmLuckRow) heading = g_list_model_get_item (G_LIST_MODEL (model), 0);
    g_autoptr(AdmLuckRow) attacker = g_list_model_get_item (G_LIST_MODEL (model), 1);

    g_assert_no_error (error);
    g_assert_cmpint (adm_luck_row_get_kind (heading), ==, ADM_LUCK_ROW_HEADING);
    g_assert_cmpstr (adm_luck_row_get_title (heading), ==,
                     adm_luck_ledger_get_title (g_ptr_array_index (ledgers, 0)));
    g_assert_cmpint (adm_luck_row_get_kind (attacker), ==, ADM_LUCK_ROW_SIDE);
    g_assert_cmpstr (adm_luck_row_get_summary (attacker), ==, "Hits 1.20 → 1");
  }

  /* Every roll: the engine's rows, under the headings of the lucky and the unlucky. */
  adm_luck_model_set_every_roll (model, TRUE);
  {
    g_autoptr(GPtrArray) ledgers = adm_luck_ledgers_of_ti4_combat (combat, NULL, NULL, &error);
    g_autoptr(GArray) refs = adm_luck_ledgers_by_luck (ledgers);
    const char *const headings[] = { "Lucky: 2 rolls, the luckiest first",
                                     "Unlucky: 2 rolls, the unluckiest last" };
    guint r = 0, h = 0;

    g_assert_no_error (error);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, refs->len + 2);
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
      {
        g_autoptr(AdmLuckRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);

        if (adm_luck_row_get_kind (row) == ADM_LUCK_ROW_HEADING)
          {
            g_assert_cmpuint (h, <, G_N_ELEMENTS (headings));
            g_assert_cmpstr (adm_luck_row_get_title (row), ==, headings[h++]);
            continue;
          }
        {
          const AdmLuckRollRef *ref = &g_array_index (refs, AdmLuckRollRef, r++);
          g_autofree char *title = adm_luck_roll_title (ref->ledger, ref->entry);
          g_autofree char *summary = adm_luck_roll_summary (ref->ledger, ref->entry);

          g_assert_cmpint (adm_luck_row_get_kind (row), ==, ADM_LUCK_ROW_ROLL);
          g_assert_cmpstr (adm_luck_row_get_title (row), ==, title);
          g_assert_cmpstr (adm_luck_row_get_summary (row), ==, summary);
        }
      }
    g_assert_cmpuint (r, ==, refs->len);
    g_assert_cmpuint (h, ==, G_N_ELEMENTS (headings));
  }

  /* An undo takes the last roll's row away at once; a redo brings it back. */
  n_before_undo = g_list_model_get_n_items (G_LIST_MODEL (model));
  changes = 0;
  while (adm_ti4_combat_get_rolls (combat)->len == 4)
    g_assert_true (adm_ti4_combat_undo (combat));
  g_assert_cmpuint (changes, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n_before_undo - 1);
  while (adm_ti4_combat_get_rolls (combat)->len < 4)
    g_assert_true (adm_ti4_combat_redo (combat));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, n_before_undo);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/luck-model/F-ECM-2/follows-the-journal", test_follows_the_journal);
  g_test_add_func ("/engine/luck-model/F-ECM-2/every-roll", test_every_roll);
  g_test_add_func ("/engine/luck-model/F-ECM-2/every-roll-empty", test_every_roll_empty);
  g_test_add_func ("/engine/luck-model/LRR-39.5/ti4-every-roll", test_ti4_every_roll);
  g_test_add_func ("/engine/luck-model/LRR-39.5/ti4-model", test_ti4_model);

  return g_test_run ();
}
