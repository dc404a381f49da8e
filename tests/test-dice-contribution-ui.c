/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dice-contribution-ui.c: the dialog that asks each side's 2d6 before a campaign battle's
 * phase is rolled with the program's dice (admiralty-dice-contribution-dialog.h, docs/dice.md,
 * F-STRAT-4): a row a side still to give; "Mix In and Roll" refused while a row holds dice not
 * on a d6, which it marks; given, each side's dice are journaled and the phase asks no more. */

#include "config.h"

#include <string.h>

#include "admiralty-battle-page-private.h"
#include "admiralty-dice-contribution-dialog.h"
#include "admiralty-window-private.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"

#define T0 G_GINT64_CONSTANT (1795000000)

static void
test_typed_and_given (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-contribution-ui-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = komarr_saved_and_played (path, 1, T0);
  g_autoptr(AdmBattle) battle = engagement_battle (campaign, "c1-3");
  g_autoptr(GPtrArray) sides = NULL;
  g_autoptr(GPtrArray) left = NULL;
  AdmiraltyDiceContributionDialog *dialog;
  AdwMessageDialog *message;

  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  sides = adm_campaign_dice_sides_to_give (campaign, "c1-3", battle);
  g_assert_cmpuint (sides->len, ==, 2);
  dialog = ADMIRALTY_DICE_CONTRIBUTION_DIALOG (admiralty_dice_contribution_dialog_new (
    NULL, campaign, "c1-3", sides, NULL));
  message = ADW_MESSAGE_DIALOG (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_false (adw_message_dialog_get_response_enabled (message, "give"));

  /* A 7 is on no d6: refused, and the row says so. */
  gtk_editable_set_text (admiralty_dice_contribution_dialog_get_entry (dialog, 0), "7 2");
  gtk_editable_set_text (admiralty_dice_contribution_dialog_get_entry (dialog, 1), "6 2");
  g_assert_false (adw_message_dialog_get_response_enabled (message, "give"));
  g_assert_true (gtk_widget_has_css_class (
    GTK_WIDGET (admiralty_dice_contribution_dialog_get_entry (dialog, 0)), "error"));
  save_screenshot (GTK_WIDGET (dialog), "dice-contribution-dialog.png");

  gtk_editable_set_text (admiralty_dice_contribution_dialog_get_entry (dialog, 0), "3 5");
  g_assert_true (adw_message_dialog_get_response_enabled (message, "give"));
  g_assert_false (gtk_widget_has_css_class (
    GTK_WIDGET (admiralty_dice_contribution_dialog_get_entry (dialog, 0)), "error"));
  g_assert_true (admiralty_dice_contribution_dialog_give (dialog, &error));
  g_assert_no_error (error);
  left = adm_campaign_dice_sides_to_give (campaign, "c1-3", battle);
  g_assert_cmpuint (left->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
  remove_folder (folder);
}

static gboolean
battle_page_shown (gpointer data)
{
  return _admiralty_window_get_battle_page (data) != NULL;
}

static guint
n_dialogs (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      n += ADMIRALTY_IS_DICE_CONTRIBUTION_DIALOG (window) &&
           gtk_widget_get_mapped (GTK_WIDGET (window));
    }
  return n;
}

/* The battle of c1-3 resolved as a tired master does it, with the default settings and its
 * orders: Ctrl+Return on a phase that rolls no dice asks nothing; on the first that rolls, it
 * asks each side's dice; Escape half-way through leaves the phase unrolled and nothing given;
 * Ctrl+Return pressed twice shows one dialog; the dice typed and Return roll the phase, bound
 * to its declarations. Ctrl+Z takes the phase back, and Ctrl+Return resolves it again without
 * asking: the dice given still count, and they are the rolling phase's alone. */
static void
test_tired_master (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-contribution-ui-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  const AdmDicePhaseMix *mix;
  AdmPhase rolling;
  guint skipped = 0, from;
  gpointer type = GSIZE_TO_POINTER (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG);
  const char *const thrown[] = { "2 6", "4 4", NULL };
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmBattle *battle;
  GtkWidget *dialog;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  g_assert_no_error (error);
  komarr_play_cycle (campaign, 1, G_GINT64_CONSTANT (1795370400));
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  window = shown_window_new (1280, 800);
  g_assert_true (admiralty_window_open (window, path));
  wait_frames ();
  g_assert_true (_admiralty_window_open_engagement_battle (window, "c1-3", NULL));
  iterate_until (battle_page_shown, window, 5000);
  wait_frames ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_true (admiralty_battle_page_load_orders (page, orders_path, &error));
  g_assert_no_error (error);
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  battle = admiralty_battle_page_get_battle (page);

  /* The phases before the first that rolls dice with these declarations ask nothing: no
   * dialog, no phone offered a tap, no throw to carry into the phase that rolls. */
  while (!adm_dice_phase_rolls (battle, adm_battle_orders_get_turn (
                                          orders, adm_battle_get_turn (battle))))
    {
      guint before = adm_battle_get_turn (battle) * 10 + adm_battle_get_phase (battle);

      g_assert_cmpuint (skipped, <, 15);
      keys_to (GTK_WIDGET (window), "ctrl+Return");
      iterate ();
      g_assert_cmpuint (n_dialogs (), ==, 0);
      g_assert_null (adm_campaign_get_dice_asked (admiralty_window_get_campaign (window),
                                                  "c1-3"));
      battle = admiralty_battle_page_get_battle (page);
      g_assert_cmpuint (adm_battle_get_turn (battle) * 10 + adm_battle_get_phase (battle), >,
                        before);
      skipped++;
    }
  g_assert_cmpuint (skipped, >, 0);
  rolling = adm_battle_get_phase (battle);
  from = adm_battle_get_rolls (battle)->len + 1;

  /* Escape half-way through: nothing given, the phase not rolled. */
  keys_to (GTK_WIDGET (window), "ctrl+Return");
  iterate_until (toplevel_shown, type, 5000);
  dialog = shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG);
  g_assert_nonnull (dialog);
  type_to (dialog, "3 5");
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, type, 5000);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, rolling);
  mixes = adm_campaign_get_dice_mixes (admiralty_window_get_campaign (window), "c1-3");
  g_assert_cmpuint (mixes->len, ==, 0);
  g_clear_pointer (&mixes, g_ptr_array_unref);

  /* Pressed twice: one dialog. */
  keys_to (GTK_WIDGET (window), "ctrl+Return");
  iterate_until (toplevel_shown, type, 5000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_cmpuint (n_dialogs (), ==, 1);
  root_screenshot ("dice-contribution-asked.png", 1280, 800);
  /* While asked, the phones are offered their tap, bound to the same declarations. */
  g_assert_nonnull (adm_campaign_get_dice_asked (admiralty_window_get_campaign (window),
                                                 "c1-3"));
  dice_contributions_give (thrown);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), !=, rolling);
  mixes = adm_campaign_get_dice_mixes (admiralty_window_get_campaign (window), "c1-3");
  /* The phase that rolls mixes its own throws, and only those. */
  g_assert_cmpuint (mixes->len, ==, 1);
  mix = g_ptr_array_index (mixes, 0);
  g_assert_nonnull (mix->declarations);
  g_assert_cmpuint (mix->from, ==, from);
  g_assert_cmpstr (mix->phase, ==, adm_phase_to_string (rolling));
  g_assert_true (adm_dice_mix_of_roll (mixes, from) == mix);
  /* Typed "2 6", Tab, "4 4": each side's throw its own, neither ticked as the master's by the
   * space of the throw after the Tab. */
  g_assert_cmpuint (mix->given->len, ==, 2);
  for (guint i = 0; i < mix->given->len; i++)
    {
      const AdmDiceContribution *given = g_ptr_array_index (mix->given, i);

      g_assert_cmpstr (given->by, ==, "side");
      g_assert_true (g_strv_contains (thrown, given->dice));
    }
  g_assert_cmpstr (((AdmDiceContribution *) g_ptr_array_index (mix->given, 0))->dice, !=,
                   ((AdmDiceContribution *) g_ptr_array_index (mix->given, 1))->dice);

  /* Ctrl+Z, then Ctrl+Return: resolved again without asking, with the dice given (the same
   * contributions, docs/dice.md). */
  keys_to (GTK_WIDGET (window), "ctrl+z");
  iterate ();
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, rolling);
  keys_to (GTK_WIDGET (window), "ctrl+Return");
  iterate ();
  g_assert_cmpuint (n_dialogs (), ==, 0);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), !=, rolling);
  g_clear_pointer (&mixes, g_ptr_array_unref);
  mixes = adm_campaign_get_dice_mixes (admiralty_window_get_campaign (window), "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);

  close_window (window);
  remove_folder (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "dice-contribution-ui");

  g_test_add_func ("/ui/dice-contribution/F-STRAT-4/typed-and-given", test_typed_and_given);
  g_test_add_func ("/ui/dice-contribution/F-STRAT-4/tired-master", test_tired_master);

  return ui_test_finish (g_test_run ());
}
