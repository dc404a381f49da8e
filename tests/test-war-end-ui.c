/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-war-end-ui.c: the end of the war and the revelation (F-STRAT-3) driven as the master
 * does, with the X server's pointer and keyboard, on the Komarr campaign after its first cycle
 * saved in a temporary folder:
 *  - bad input first: End the Campaign… with a reason of spaces is refused with the engine's
 *    message, and nothing is journaled; Escape leaves the dialog with nothing journaled;
 *  - War's End ▸ End the Campaign… with a reason typed and Return ends it: Komarr's report is
 *    byte for byte what it was (the hidden Autumn Screen not named to him);
 *  - War's End ▸ Publish the Whole Truth… and a click on Publish: his report is the master's
 *    and names it; Ctrl+Z in the window takes the publication back, and his report is as it
 *    was;
 *  - the battle tab's View as a side shows the side's view until the truth is published, the
 *    master's after, and the side's again once that is undone.
 * Screenshots land in the build's tests folder (war-end-*.png). Runs under Xvfb. */

#include "config.h"

#include <string.h>

#include "admiralty-battle-page-private.h"
#include "admiralty-window-private.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-battle-result.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-journal.h"
#include "adm-log-entry.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

typedef CampaignFixture Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  komarr_fixture_set_up (fixture, "war-end", 1, T0, 1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (fixture);
}

/* Vorkosigan's (Komarr's) report of cycle 1 as the campaign now gives it, as text. */
static char *
komarr_report (AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_ADMIRAL, "vorkosigan", 1,
                                            NULL, &error);

  g_assert_no_error (error);
  return adm_doc_to_text (doc);
}

static guint
n_events (Fixture *fixture)
{
  return adm_campaign_get_events (fixture->window->campaign)->len;
}

/* War's End ▸ @item from the main menu, clicked; the dialog it opens, once drawn. */
static AdwMessageDialog *
war_end_item (Fixture    *fixture,
              const char *item,
              const char *screenshot)
{
  AdwMessageDialog *dialog;

  click_menu_button_submenu_item (GTK_WIDGET (fixture->window->primary_menu_button),
                                  "War’s End", item, screenshot);
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  wait_frame (GTK_WIDGET (dialog));
  focus_window (GTK_WIDGET (dialog));
  return dialog;
}

/* Whether a message dialog other than @data is shown: the refusal that follows a dialog. */
static gboolean
other_dialog_shown (gpointer data)
{
  AdwMessageDialog *shown = message_dialog ();

  return shown != NULL && (gpointer) shown != data;
}

static void
test_end_and_publish (Fixture       *fixture,
                      gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autofree char *hidden = NULL, *ended = NULL, *published = NULL, *undone = NULL;
  AdwMessageDialog *dialog;
  guint before;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  hidden = komarr_report (campaign);
  g_assert_null (strstr (hidden, "Autumn Screen"));
  before = n_events (fixture);

  /* A reason of spaces: the engine's refusal, shown; nothing journaled. */
  dialog = war_end_item (fixture, "End the Campaign…", "war-end-menu.png");
  type_to (GTK_WIDGET (dialog), "   ");
  keys_to (GTK_WIDGET (dialog), "Return");
  iterate_until (other_dialog_shown, dialog, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not End the Campaign");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "gives no reason"));
  wait_frame (GTK_WIDGET (dialog));
  save_screenshot (GTK_WIDGET (dialog), "war-end-refused.png");
  focus_window (GTK_WIDGET (dialog));
  keys_to (GTK_WIDGET (dialog), "Escape");
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (n_events (fixture), ==, before);
  g_assert_false (adm_campaign_is_ended (campaign));

  /* Escape mid-entry: nothing. */
  dialog = war_end_item (fixture, "End the Campaign…", NULL);
  type_to (GTK_WIDGET (dialog), "half a reason");
  keys_to (GTK_WIDGET (dialog), "Escape");
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (n_events (fixture), ==, before);
  g_assert_false (adm_campaign_is_ended (campaign));

  /* The reason typed, Return: ended, and Komarr is told nothing more. */
  dialog = war_end_item (fixture, "End the Campaign…", NULL);
  type_to (GTK_WIDGET (dialog), "The Cetagandans sued for peace");
  wait_frame (GTK_WIDGET (dialog));
  save_screenshot (GTK_WIDGET (dialog), "war-end-dialog.png");
  keys_to (GTK_WIDGET (dialog), "Return");
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_true (adm_campaign_is_ended (campaign));
  g_assert_cmpuint (n_events (fixture), ==, before + 1);
  ended = komarr_report (campaign);
  g_assert_cmpstr (ended, ==, hidden);

  /* Publish the Whole Truth…, a click on Publish: his report is the master's. */
  dialog = war_end_item (fixture, "Publish the Whole Truth…", "war-end-menu-ended.png");
  save_screenshot (GTK_WIDGET (dialog), "war-end-publish.png");
  pointer_click_widget (button (GTK_WIDGET (dialog), "_Publish"));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_true (adm_campaign_is_published (campaign));
  published = komarr_report (campaign);
  g_assert_nonnull (strstr (published, "published the whole truth"));
  g_assert_nonnull (strstr (published, "Autumn Screen"));
  wait_frames ();
  save_screenshot (GTK_WIDGET (fixture->window), "war-end-published.png");

  /* Ctrl+Z in the window: hidden again. */
  focus_window (GTK_WIDGET (fixture->window));
  keys_to (GTK_WIDGET (fixture->window), "ctrl+z");
  iterate ();
  g_assert_false (adm_campaign_is_published (campaign));
  g_assert_true (adm_campaign_is_ended (campaign));
  undone = komarr_report (campaign);
  g_assert_cmpstr (undone, ==, hidden);
}

/* The text of @page's report as it shows it. */
static char *
page_report (AdmiraltyBattlePage *page)
{
  GListModel *model = _admiralty_battle_page_get_report_model (page);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLogEntry) entry = g_list_model_get_item (model, i);

      g_string_append_printf (text, "%s\n", adm_log_entry_get_text (entry));
    }
  return g_string_free (text, FALSE);
}

/* Ships of the battle @page shows that are face up on its table: the table's own answer. */
static guint
face_up_ships (AdmiraltyBattlePage *page)
{
  AdmiraltyTableWidget *table = _admiralty_battle_page_get_table (page);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  guint n = 0;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    n += admiralty_table_ship_face (battle, i, admiralty_table_widget_get_view_side (table)) ==
         ADMIRALTY_TOKEN_FACE_UP;
  return n;
}

/* F-STRAT-3, F-ECM-2: the battle tab's View as a side, through the one audience filter: the
 * side's view while the campaign goes on and after it ends; the master's once the whole truth
 * is published, the picker still naming the side; the side's again once that is undone. */
static void
test_battle_view_as (Fixture       *fixture,
                     gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (11);
  g_autoptr(AdmBattle) fought = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *master_report = NULL, *own_report = NULL;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  GtkDropDown *dropdown;
  AdmBattle *battle;
  guint master_up, own_up, side = 0, fewest = G_MAXUINT;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  /* c1-1 ended as set up; c1-2 at Hegen Hub fought two phases, in which Aslund identifies one
   * Cetagandan ship of five (F-ECM-2, F-ECM-6), and ended. */
  {
    g_autoptr(AdmBattle) first = engagement_battle (campaign, "c1-1");

    g_assert_true (adm_campaign_end_battle (campaign, "c1-1", first, "Broke off", T0 + 2900,
                                            &error));
    g_assert_no_error (error);
  }
  fought = engagement_battle (campaign, "c1-2");
  for (guint p = 0; p < 2; p++)
    {
      g_assert_true (adm_battle_resolve_phase (fought, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-2", fought, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_end_battle (campaign, "c1-2", fought, "Both sides withdrew",
                                          T0 + 3000, &error));
  g_assert_no_error (error);

  g_assert_true (_admiralty_window_open_engagement_battle (fixture->window, "c1-2", NULL));
  iterate ();
  page = _admiralty_window_get_battle_page (fixture->window);
  g_assert_nonnull (page);
  table = _admiralty_battle_page_get_table (page);
  dropdown = _admiralty_battle_page_get_view_dropdown (page);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, -1);
  master_report = page_report (page);
  master_up = face_up_ships (page);

  /* The side that sees least of the battle. */
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    {
      guint up;

      gtk_drop_down_set_selected (dropdown, s + 1);
      iterate ();
      g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, (int) s);
      up = face_up_ships (page);
      if (up < fewest)
        fewest = up, side = s;
    }
  gtk_drop_down_set_selected (dropdown, side + 1);
  iterate ();
  own_report = page_report (page);
  own_up = face_up_ships (page);
  g_test_message ("%s sees %u ships face up of %u the master sees",
                  adm_battle_get_side (battle, side)->name, own_up, master_up);
  g_assert_cmpuint (own_up, <, master_up);
  g_assert_cmpstr (own_report, !=, master_report);

  /* Ended: nothing more is shown. */
  g_assert_true (adm_campaign_end (campaign, "The Cetagandans sued for peace", T0 + 3100,
                                   &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, (int) side);
  g_assert_cmpuint (face_up_ships (page), ==, own_up);
  {
    g_autofree char *report = page_report (page);

    g_assert_cmpstr (report, ==, own_report);
  }
  wait_frames ();
  save_screenshot (GTK_WIDGET (fixture->window), "war-end-view-as-ended.png");

  /* Published: the side is shown what the master is; the picker still names the side. */
  g_assert_true (adm_campaign_publish (campaign, T0 + 3200, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, side + 1);
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, -1);
  g_assert_cmpuint (face_up_ships (page), ==, master_up);
  {
    g_autofree char *report = page_report (page);

    g_assert_cmpstr (report, ==, master_report);
  }
  wait_frames ();
  save_screenshot (GTK_WIDGET (fixture->window), "war-end-view-as-published.png");
  /* Picked again after the revelation: still the master's. */
  gtk_drop_down_set_selected (dropdown, 0);
  iterate ();
  gtk_drop_down_set_selected (dropdown, side + 1);
  iterate ();
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, -1);

  /* The publication undone in the campaign: the side's own view again. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_false (adm_campaign_is_published (campaign));
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, side + 1);
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, (int) side);
  g_assert_cmpuint (face_up_ships (page), ==, own_up);
  {
    g_autofree char *report = page_report (page);

    g_assert_cmpstr (report, ==, own_report);
  }
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv, "war-end-ui");

  g_test_add ("/ui/war-end/F-STRAT-3/end-and-publish", Fixture, NULL, fixture_set_up,
              test_end_and_publish, fixture_tear_down);
  g_test_add ("/ui/war-end/F-STRAT-3/battle-view-as", Fixture, NULL, fixture_set_up,
              test_battle_view_as, fixture_tear_down);

  return ui_test_finish (g_test_run ());
}
