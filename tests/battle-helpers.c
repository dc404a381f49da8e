/* SPDX-License-Identifier: GPL-3.0-or-later */
/* battle-helpers.c: see battle-helpers.h. */
#include "config.h"

#include "battle-helpers.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-dice-queue.h"

AdmBattle *
battle_helper_load (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                            "battles", name, NULL);
  AdmBattle *battle = adm_battle_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

AdmTurnOrders *
battle_helper_orders (int         turn,
                      const char *body)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = g_strdup_printf ("<orders><turn n=\"%d\">%s</turn></orders>", turn,
                                           body);
  AdmTurnOrders *orders = adm_turn_orders_parse (text, "orders.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (orders);
  return orders;
}

AdmDiceQueue *
battle_helper_dice (const char *dice)
{
  g_autoptr(GError) error = NULL;
  AdmDiceQueue *queue = adm_dice_queue_new ();
  g_autofree char *stripped = g_strstrip (g_strdup (dice));

  if (stripped[0] == '\0')
    return queue;
  g_assert_true (adm_dice_queue_push_text (queue, dice, &error));
  g_assert_no_error (error);
  return queue;
}

void
battle_helper_skip_to (AdmBattle *battle,
                       AdmPhase   phase)
{
  g_autoptr(AdmDiceQueue) empty = adm_dice_queue_new ();

  while (adm_battle_get_phase (battle) != phase)
    {
      g_autoptr(GError) error = NULL;

      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (empty), &error));
      g_assert_no_error (error);
    }
}

gboolean
battle_helper_reported (AdmBattle  *battle,
                        const char *text)
{
  GPtrArray *report = adm_battle_get_report (battle);

  for (guint i = 0; i < report->len; i++)
    if (strstr (adm_report_line_get_text (g_ptr_array_index (report, i)), text) != NULL)
      return TRUE;
  return FALSE;
}

void
battle_helper_print_report (AdmBattle *battle)
{
  GPtrArray *report = adm_battle_get_report (battle);

  for (guint i = 0; i < report->len; i++)
    g_test_message ("%s", adm_report_line_get_text (g_ptr_array_index (report, i)));
}

guint
battle_helper_judged_seen (AdmBattle   *battle,
                           AdmAudience  audience)
{
  g_autoptr(GPtrArray) seen = adm_audience_filter_rolls (audience, battle);
  guint judged = 0;

  for (guint i = 0; i < seen->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (seen, i);
      int side = -1;

      if (roll->check == ADM_ROLL_CHECK_NONE)
        continue;
      for (guint k = 0; k < roll->n_subjects && side < 0; k++)
        {
          guint index = ADM_SUBJECT_INDEX (roll->subjects[k]);

          switch (ADM_SUBJECT_KIND (roll->subjects[k]))
            {
            case ADM_SUBJECT_SHIP:
            case ADM_SUBJECT_CLASS:
              side = (int) adm_battle_get_ship (battle, index)->side;
              break;
            case ADM_SUBJECT_FORMATION:
              side = (int) adm_battle_get_formation (battle, index)->side;
              break;
            case ADM_SUBJECT_SIDE:
              side = (int) index;
              break;
            default:
              break;
            }
        }
      judged += side >= 0 && adm_audience_sees_side (audience, battle, (guint) side);
    }
  return judged;
}

char *
battle_helper_luck_rows_text (GListModel *model)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s | %s\n", adm_luck_row_get_title (row),
                              adm_luck_row_get_summary (row));
    }
  return g_string_free (text, FALSE);
}
