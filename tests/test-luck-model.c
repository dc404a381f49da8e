/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-luck-model.c: the luck ledger as a list model (adm-luck-model.h) on the Komarr campaign
 * after cycle 1, saved: with no battle it is empty and says why; keeping c1-1's battle (Pol
 * Defiant boarded in turn 1) is said by "items-changed", and a copy kept by what it says holds
 * what a model read anew holds, for the master, each side and the public alike. The master's
 * rows name the engagement and count every judged roll; a side's count exactly the judged
 * rolls the one audience filter shows it about a side it sees (F-ECM-2), never the
 * engagement's id (F-STRAT-3), and name no ship it is not shown. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
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
      g_autoptr(GPtrArray) seen = adm_audience_filter_rolls (audience, kept);
      guint judged = 0;
      guint side_of;

      adm_luck_model_set_audience (model, id);
      g_assert_cmpstr (adm_luck_model_get_audience (model), ==, id);
      assert_mirrors (mirror, campaign, id);
      for (guint i = 0; i < seen->len; i++)
        {
          const AdmBattleRoll *roll = g_ptr_array_index (seen, i);

          /* Counted: judged, about a side this side sees (adm_luck_ledger_new ()). */
          if (roll->check == ADM_ROLL_CHECK_NONE || roll->n_subjects == 0)
            continue;
          switch (ADM_SUBJECT_KIND (roll->subjects[0]))
            {
            case ADM_SUBJECT_SHIP:
            case ADM_SUBJECT_CLASS:
              side_of = adm_battle_get_ship (kept, ADM_SUBJECT_INDEX (roll->subjects[0]))->side;
              break;
            case ADM_SUBJECT_FORMATION:
              side_of = adm_battle_get_formation (kept,
                                                  ADM_SUBJECT_INDEX (roll->subjects[0]))->side;
              break;
            case ADM_SUBJECT_SIDE:
              side_of = ADM_SUBJECT_INDEX (roll->subjects[0]);
              break;
            default:
              continue;
            }
          judged += adm_audience_sees_side (audience, kept, side_of);
        }
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

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/luck-model/F-ECM-2/follows-the-journal", test_follows_the_journal);

  return g_test_run ();
}
