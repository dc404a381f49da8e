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
 *    was.
 * Screenshots land in the build's tests folder (war-end-*.png). Runs under Xvfb. */

#include "config.h"

#include <string.h>

#include "admiralty-window-private.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"

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
  iterate_until (message_dialog_gone, NULL, 5000);
  iterate_until (message_dialog_shown, NULL, 5000);
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

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv, "war-end-ui");

  g_test_add ("/ui/war-end/F-STRAT-3/end-and-publish", Fixture, NULL, fixture_set_up,
              test_end_and_publish, fixture_tear_down);

  return ui_test_finish (g_test_run ());
}
