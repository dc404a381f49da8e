/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cycle-dice.c: the strategic cycle resolved in the real window with real dice
 * (dice-mode "physical"): the readiness checks of absent admirals' engaged formations
 * (F-STRAT-5, F-RDY-2) are asked for in one prompt of the shared dice dialog, a line a
 * formation, typed in one go as a volley is; a roll off the die is not accepted, nothing is
 * journaled until every roll is in, the cycle then goes
 * into the journal with exactly the values typed, and cancelling journals nothing. The Komarr
 * campaign at cycle 2 with Vorkosigan and Vesnaer absent, as in test-sector-battle. Runs
 * under Xvfb. */

#include "config.h"

#include <string.h>

#include "admiralty-application.h"
#include "admiralty-dice-prompt.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-window-private.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-order-sheet.h"

#define T0 1795000000  /* journal times, seconds */

static void
add_sheets (AdmCampaign        *campaign,
            const char * const *sheets)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  g_autoptr(GError) error = NULL;

  for (guint i = 0; sheets[i] != NULL; i++)
    {
      g_autofree char *sheet = source_path ("scenarios", "komarr-campaign.sheets", sheets[i], NULL);
      g_autoptr(GPtrArray) events =
        adm_order_sheet_load_file (sheet, adm_campaign_get_state (campaign),
                                   T0 + 2400 * adm_strategy_get_cycle (strategy) - 60, &error);

      g_assert_no_error (error);
      for (guint e = 0; e < events->len; e++)
        {
          g_assert_true (adm_campaign_append (campaign, g_ptr_array_index (events, e), &error));
          g_assert_no_error (error);
        }
    }
}

/* The campaign at cycle 2, saved in a new temporary folder: every admiral's sheet of cycle 1
 * resolved, and cycle 2's sheets in without Vorkosigan's and Vesnaer's. */
static char *
save_campaign_at_cycle_2 (char **dir)
{
  static const char * const cycle_1[] = {
    "komarr-cycle-1-ghem-sarlat.xml", "komarr-cycle-1-radovan.xml",
    "komarr-cycle-1-vorkosigan.xml", NULL
  };
  static const char * const cycle_2[] = {
    "komarr-cycle-2-ghem-sarlat-1.xml", "komarr-cycle-2-ghem-sarlat-2.xml",
    "komarr-cycle-2-naismith.xml", "komarr-cycle-2-radovan.xml", NULL
  };
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  char *path;

  g_assert_no_error (error);
  add_sheets (campaign, cycle_1);
  g_assert_true (adm_campaign_resolve_cycle (campaign, NULL, T0 + 2400, &error));
  g_assert_no_error (error);
  add_sheets (campaign, cycle_2);

  *dir = g_dir_make_tmp ("admiralty-cycle-dice-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*dir, "komarr.admiralty", NULL);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  return path;
}

/* Resolve Cycle as the master answers it with real dice: cycle 1's engagements, not fought
 * here, dropped with a reason (F-STRAT-4), then the rolls asked for. */
static void
resolve_physical (AdmiraltyCampaignOrders *board)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  GtkWidget *dialog;

  g_settings_set_string (settings, "dice-mode", "physical");
  admiralty_campaign_orders_confirm_resolve (board);
  iterate ();
  dialog = admiralty_campaign_orders_get_resolve_dialog (board);
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (
                                         ADW_MESSAGE_DIALOG (dialog))), "fought at the club");
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "drop");
}

/* The text of every label under @widget, a line each. */
static void
labels_text (GtkWidget *widget,
             GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    labels_text (child, text);
}

static void
test_physical_checks (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = save_campaign_at_cycle_2 (&dir);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyCampaignOrders *board;
  AdmCampaign *campaign;
  AdmEvent *last;
  GtkWidget *prompt;
  const char *typed[] = { "6 6", "1 1", "2 2" };
  g_autoptr(GString) all = g_string_new (NULL);
  guint n_events, n_dropped;

  g_assert_true (admiralty_window_open (window, path));
  iterate ();
  campaign = window->campaign;
  board = _admiralty_window_get_campaign_orders (window);
  n_events = adm_campaign_get_events (campaign)->len;
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 2);
  {
    g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);

    n_dropped = unfought->len;
  }

  /* Cancelled at the first roll: nothing is journaled. */
  resolve_physical (board);
  iterate ();
  prompt = admiralty_campaign_orders_get_dice_prompt (board);
  g_assert_nonnull (prompt);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (prompt), "cancel");
  gtk_window_close (GTK_WINDOW (prompt));
  iterate ();
  g_assert_null (admiralty_campaign_orders_get_dice_prompt (board));
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, n_events);

  /* F-STRAT-5: all the checks in one prompt, a line a formation naming it and the clause,
   * typed in one go; 7 is not on a d6. */
  resolve_physical (board);
  iterate ();
  prompt = admiralty_campaign_orders_get_dice_prompt (board);
  g_assert_nonnull (prompt);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (prompt)), ==,
                   "Roll 6d6");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (prompt)),
                            "3 rolls"));
  {
    g_autoptr(GString) lines = g_string_new (NULL);
    g_autoptr(GPtrArray) checks = adm_campaign_cycle_checks (campaign, T0, NULL);

    labels_text (adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (prompt)), lines);
    g_assert_nonnull (checks);
    g_assert_cmpuint (checks->len, ==, G_N_ELEMENTS (typed));
    for (guint i = 0; i < checks->len; i++)
      {
        const AdmDiceRequest *check = g_ptr_array_index (checks, i);

        g_assert_nonnull (strstr (check->purpose, "readiness check of "));
        g_assert_nonnull (strstr (lines->str, check->purpose));
      }
    g_assert_cmpstr (((const AdmDiceRequest *) g_ptr_array_index (checks, 0))->purpose, !=,
                     ((const AdmDiceRequest *) g_ptr_array_index (checks, 1))->purpose);
    g_assert_nonnull (strstr (lines->str, "F-STRAT-5"));
  }
  admiralty_dice_prompt_set_text (prompt, "7 1 1 1 2 2");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (prompt),
                                                           "enter"));
  admiralty_dice_prompt_set_text (prompt, "6 6 1 1 2");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (prompt),
                                                           "enter"));
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    g_string_append_printf (all, "%s%s", i > 0 ? " " : "", typed[i]);
  admiralty_dice_prompt_set_text (prompt, all->str);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (prompt),
                                                          "enter"));
  /* Nothing journaled while rolls are missing. */
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, n_events);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (prompt), "enter");
  gtk_window_close (GTK_WINDOW (prompt));
  iterate ();
  /* No other prompt follows. */
  g_assert_null (admiralty_campaign_orders_get_dice_prompt (board));
  g_assert_null (_admiralty_window_get_error_dialog (window));

  /* The drops and the cycle, with the values as typed. */
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, n_events + n_dropped + 1);
  last = g_ptr_array_index (adm_campaign_get_events (campaign), n_events + n_dropped);
  g_assert_cmpstr (adm_event_get_kind (last), ==, "cycle");
  g_assert_nonnull (strstr (adm_event_get (last, "checks"), "=6+6"));
  g_assert_nonnull (strstr (adm_event_get (last, "checks"), "=1+1"));
  g_assert_nonnull (strstr (adm_event_get (last, "checks"), "=2+2"));
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 3);

  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "cycle-dice");

  g_test_add_func ("/ui/cycle-dice/F-STRAT-5/physical", test_physical_checks);

  return ui_test_finish (g_test_run ());
}
