/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dice-contribution-ui.c: the dialog that asks each side's 2d6 before a campaign battle's
 * phase is rolled with the program's dice (admiralty-dice-contribution-dialog.h, docs/dice.md,
 * F-STRAT-4): a row a side still to give; "Mix In and Roll" refused while a row holds dice not
 * on a d6, which it marks; given, each side's dice are journaled and the phase asks no more. */

#include "config.h"

#include <string.h>

#include "admiralty-dice-contribution-dialog.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "ui-helpers.h"

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

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "dice-contribution-ui");

  g_test_add_func ("/ui/dice-contribution/F-STRAT-4/typed-and-given", test_typed_and_given);

  return ui_test_finish (g_test_run ());
}
