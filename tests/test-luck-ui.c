/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-luck-ui.c: the luck ledger in the app (admiralty-luck-window.h), driven with the X
 * server's keyboard and pointer under Xvfb on the Komarr campaign after cycle 1. Ctrl+Shift+L
 * opens it; with no battle fought it says why. Keeping c1-1's battle (Pol Defiant boarded in
 * turn 1) in the main window shows at once: the engagement's heading, each side's expected →
 * actual — the boarding round's odds before either die (F-BOARD-13), counted here. The audience drop-down, chosen with the keys,
 * shows a side's ledger — the engine's model for that side row for row, never the
 * engagement's id (F-STRAT-3). Alt+E (Every Roll, luck.rows) lists every roll that side saw
 * from the luckiest to the unluckiest — the engine's every-roll rows for it, row for row —
 * and Alt+T (Totals) goes back; Escape closes the window. A picture of each is saved. */

#include "config.h"

#include <string.h>

#include "admiralty-window-private.h"
#include "battle-helpers.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "text-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-battles.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */


/* A label drawn with no words: a blank line in the list. */
static gboolean
blank_label (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         gtk_label_get_label (GTK_LABEL (widget))[0] == '\0';
}


typedef struct {
  AdmiraltyLuckWindow *window;
  gboolean             every_roll;
} Rows;

static gboolean
rows_are (gpointer data)
{
  Rows *rows = data;

  return adm_luck_model_get_every_roll (admiralty_luck_window_get_model (rows->window)) ==
         rows->every_roll;
}

/* F-BOARD-13: in how many of the 36 pairs of d6 a side with @modifier rolls a higher total
 * than one with @other: it wins the round. */
static int
wins_in_36 (int modifier,
            int other)
{
  int wins = 0;

  for (int own = 1; own <= 6; own++)
    for (int theirs = 1; theirs <= 6; theirs++)
      wins += own + modifier > theirs + other;
  return wins;
}

static void
test_keys (void)
{
  CampaignFixture fixture;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyLuckWindow *luck;
  GListModel *model;
  GtkWidget *audiences;
  ShownLabel shown;
  guint side_position = 0;
  const char *side_id = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  komarr_fixture_set_up (&fixture, "luck-ui", 1, T0, 1280, 800);
  focus_window (GTK_WIDGET (fixture.window));
  keys_to (GTK_WIDGET (fixture.window), "ctrl+shift+l");
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_LUCK_WINDOW), 5000);
  luck = ADMIRALTY_LUCK_WINDOW (shown_toplevel (ADMIRALTY_TYPE_LUCK_WINDOW));
  g_assert_nonnull (luck);
  model = G_LIST_MODEL (admiralty_luck_window_get_model (luck));
  shown = (ShownLabel) { GTK_WIDGET (luck), "No Rolls to Weigh" };
  iterate_until (label_is_shown, &shown, 5000);
  g_assert_true (label_is_shown (&shown));
  shown.text = "No battle has been fought in this campaign yet: there are no rolls to weigh";
  g_assert_true (label_is_shown (&shown));
  save_screenshot (GTK_WIDGET (luck), "luck-window-empty.png");

  /* The night goes on in the main window: the ledger follows. */
  battle = komarr_capture_pol_defiant (fixture.window->campaign);
  g_assert_true (adm_campaign_keep_battle (fixture.window->campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (g_list_model_get_n_items (model), >, 0);
  {
    g_autoptr(AdmLuckRow) first = g_list_model_get_item (model, 0);

    g_assert_cmpint (adm_luck_row_get_kind (first), ==, ADM_LUCK_ROW_HEADING);
    assert_contains (adm_luck_row_get_title (first), "Engagement c1-1", "the first row");
    shown.text = adm_luck_row_get_title (first);
    iterate_until (label_is_shown, &shown, 5000);
    g_assert_true (label_is_shown (&shown));
  }
  /* F-BOARD-13: the round's odds before either die, as the master reads them. Kestrel's 6
   * and Pol Defiant's 1 with their modifiers, from the round's report line. */
  g_assert_true (battle_helper_reported (battle, "Kestrel 6 +3 = 9 (Barrayaran Imperium crew "
                                                 "(F-BOARD-7, F-BOARD-8) +2, readiness (F-RDY-5) "
                                                 "+1) against Pol Defiant 1 = 1"));
  {
    g_autofree char *kestrel = g_strdup_printf ("Other checks passed %.2f → 1",
                                                wins_in_36 (3, 0) / 36.0);
    g_autofree char *defiant = g_strdup_printf ("Other checks passed %.2f → 0",
                                                wins_in_36 (0, 3) / 36.0);

    /* 30 and 3 in 36: "0.83 → 1" and "0.08 → 0". */
    g_assert_cmpint (wins_in_36 (3, 0), ==, 30);
    g_assert_cmpint (wins_in_36 (0, 3), ==, 3);
    shown.text = kestrel;
    iterate_until (label_is_shown, &shown, 5000);
    g_assert_true (label_is_shown (&shown));
    shown.text = defiant;
    g_assert_true (label_is_shown (&shown));
  }
  wait_frames ();
  /* A heading has no summary, and no blank line under it. */
  g_assert_null (find_widget (GTK_WIDGET (luck), blank_label, NULL));
  save_screenshot (GTK_WIDGET (luck), "luck-window-master.png");

  /* A side's ledger, chosen with the keys. */
  audiences = find_widget (GTK_WIDGET (luck), has_type, GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (audiences);
  {
    GListModel *names = gtk_drop_down_get_model (GTK_DROP_DOWN (audiences));
    GPtrArray *factions = adm_ruleset_get_factions (adm_scenario_get_ruleset (
                            adm_campaign_get_scenario (fixture.window->campaign)));

    for (guint i = 2; i < g_list_model_get_n_items (names) && side_id == NULL; i++)
      {
        const AdmFaction *faction = g_ptr_array_index (factions, i - 2);
        g_autoptr(AdmLuckModel) probe = adm_luck_model_new (fixture.window->campaign,
                                                            faction->id);

        /* The first faction that fought there. */
        if (g_list_model_get_n_items (G_LIST_MODEL (probe)) > 0)
          side_position = i, side_id = faction->id;
      }
  }
  g_assert_nonnull (side_id);
  focus_window (GTK_WIDGET (luck));
  choose_with_keys (GTK_WIDGET (luck), audiences, side_position);
  wait_frames ();
  g_assert_cmpstr (adm_luck_model_get_audience (admiralty_luck_window_get_model (luck)), ==,
                   side_id);
  {
    g_autoptr(AdmLuckModel) fresh = adm_luck_model_new (fixture.window->campaign, side_id);
    g_autofree char *shown_rows = battle_helper_luck_rows_text (model);
    g_autofree char *side_rows = battle_helper_luck_rows_text (G_LIST_MODEL (fresh));
    g_autoptr(AdmLuckRow) first = g_list_model_get_item (model, 0);

    g_assert_cmpstr (shown_rows, ==, side_rows);
    assert_lacks (shown_rows, "c1-1", side_id);
    shown.text = adm_luck_row_get_title (first);
    iterate_until (label_is_shown, &shown, 5000);
    g_assert_true (label_is_shown (&shown));
    g_assert_false (shows_label (GTK_WIDGET (luck), "Engagement c1-1 — Pol jump point, cycle 1, "
                                                    "minute 40"));
  }
  save_screenshot (GTK_WIDGET (luck), "luck-window-side.png");

  /* Every roll the side saw, with the keys, and back to the totals. */
  {
    g_autoptr(AdmLuckModel) fresh = adm_luck_model_new (fixture.window->campaign, side_id);
    g_autoptr(AdmLuckModel) totals = adm_luck_model_new (fixture.window->campaign, side_id);
    g_autofree char *side_rows = NULL, *shown_rows = NULL, *totals_rows = NULL;
    Rows rows = { luck, TRUE };
    guint listed = 0;

    g_assert_nonnull (find_widget (GTK_WIDGET (luck), toggle_is_active, "_Totals"));
    keys_to (GTK_WIDGET (luck), "alt+e");
    iterate_until (rows_are, &rows, 5000);
    wait_frames ();
    g_assert_nonnull (find_widget (GTK_WIDGET (luck), toggle_is_active, "_Every Roll"));
    g_assert_null (find_widget (GTK_WIDGET (luck), toggle_is_active, "_Totals"));
    adm_luck_model_set_every_roll (fresh, TRUE);
    side_rows = battle_helper_luck_rows_text (G_LIST_MODEL (fresh));
    shown_rows = battle_helper_luck_rows_text (model);
    g_assert_cmpstr (shown_rows, ==, side_rows);
    assert_lacks (shown_rows, "c1-1", side_id);
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);

        if (i == 0)
          g_assert_cmpint (adm_luck_row_get_kind (row), ==, ADM_LUCK_ROW_HEADING);
        if (adm_luck_row_get_kind (row) == ADM_LUCK_ROW_ROLL && listed++ == 0)
          {
            /* The first roll is drawn, its title and its odds. */
            shown.text = adm_luck_row_get_title (row);
            iterate_until (label_is_shown, &shown, 5000);
            g_assert_true (label_is_shown (&shown));
            shown.text = adm_luck_row_get_summary (row);
            g_assert_true (label_is_shown (&shown));
            assert_contains (shown.text, "as good or better", "a roll's row");
          }
      }
    g_assert_cmpuint (listed, >, 0);
    g_assert_null (find_widget (GTK_WIDGET (luck), blank_label, NULL));
    save_screenshot (GTK_WIDGET (luck), "luck-window-every-roll.png");

    keys_to (GTK_WIDGET (luck), "alt+t");
    rows.every_roll = FALSE;
    iterate_until (rows_are, &rows, 5000);
    g_assert_nonnull (find_widget (GTK_WIDGET (luck), toggle_is_active, "_Totals"));
    totals_rows = battle_helper_luck_rows_text (G_LIST_MODEL (totals));
    g_free (shown_rows);
    shown_rows = battle_helper_luck_rows_text (model);
    g_assert_cmpstr (shown_rows, ==, totals_rows);
  }

  focus_window (GTK_WIDGET (luck));
  keys_to (GTK_WIDGET (luck), "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_LUCK_WINDOW), 5000);
  g_assert_null (shown_toplevel (ADMIRALTY_TYPE_LUCK_WINDOW));
  campaign_fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "luck-ui");

  g_test_add_func ("/ui/luck-ui/F-ECM-2/keys", test_keys);

  return ui_test_finish (g_test_run ());
}
