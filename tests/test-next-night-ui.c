/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-next-night-ui.c: "New Campaign from This One…" (win.next-night) in the master's window
 * under Xvfb. On the Komarr campaign after cycle 1, its engagements not fought, the action
 * says which engagement and what to do, and asks for no file (F-STRAT-4), or with the
 * master's reason ends them where they stand and asks for the file; on a campaign with
 * none, the next night's scenario is written where the master chose and opened in the
 * scenario editor with no problem, the campaign's file unchanged; its own file is refused.
 * The file chooser itself is GTK's. */

#include "config.h"

#include <string.h>

#include "admiralty-scenario-editor.h"
#include "admiralty-window-private.h"
#include "editor-helpers.h"
#include "file-helpers.h"
#include "ui-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static guint
unfought_count (AdmCampaign *campaign)
{
  g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);

  return unfought->len;
}

/* F-STRAT-4: c1-1 is not fought; the master is told so, and no chooser is opened. */
static void
test_refused (void)
{
  CampaignFixture fixture;
  AdwMessageDialog *dialog;

  komarr_fixture_set_up (&fixture, "next-night-refused", 1, T0, 0, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture.window), "win.next-night",
                                             NULL));
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The War Is Not at Rest");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Engagement c1-1 at Pol jump point is not fought to its "
                                   "end (Not fought), nor are c1-2, c1-3, c1-4; "));
  g_assert_null (fixture.window->chooser);
  /* The offer to end them waits for a reason: none, or spaces, leave it off. */
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "end"));
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)), "   ");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "end"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (unfought_count (fixture.window->campaign), ==, 4);
  campaign_fixture_tear_down (&fixture);
}

/* F-STRAT-4: End Them Where They Stand with a reason ends c1-1 to c1-4 in queue order, each
 * one action, and goes on to ask for the file; one Undo brings the last back. */
static void
test_end_where_they_stand (void)
{
  CampaignFixture fixture;
  AdwMessageDialog *dialog;
  g_autoptr(GError) error = NULL;
  guint events;

  komarr_fixture_set_up (&fixture, "next-night-end", 1, T0, 0, 0);
  events = adm_campaign_get_events (fixture.window->campaign)->len;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture.window), "win.next-night",
                                             NULL));
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  gtk_editable_set_text (GTK_EDITABLE (adw_message_dialog_get_extra_child (dialog)),
                         "Dawn came");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "end"));
  save_screenshot (GTK_WIDGET (dialog), "next-night-end-offer.png");
  adw_message_dialog_response (dialog, "end");
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (unfought_count (fixture.window->campaign), ==, 0);
  g_assert_cmpuint (adm_campaign_get_events (fixture.window->campaign)->len, >, events);
  /* At rest: the file is asked for. */
  g_assert_nonnull (fixture.window->chooser);
  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (fixture.window->chooser));
  g_clear_object (&fixture.window->chooser);
  g_assert_true (adm_next_night_check (fixture.window->campaign, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_undo (fixture.window->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (unfought_count (fixture.window->campaign), ==, 1);
  campaign_fixture_tear_down (&fixture);
}

/* A campaign at rest: the next night in the editor, the campaign's file as it was. */
static void
test_opened_in_editor (void)
{
  CampaignFixture fixture;
  g_autoptr(GError) error = NULL;
  g_autofree char *next = NULL, *before = NULL, *after = NULL;
  AdmiraltyScenarioEditor *editor;

  komarr_fixture_set_up (&fixture, "next-night-editor", 0, T0, 0, 0);
  next = g_build_filename (fixture.dir, "komarr-next.admiralty", NULL);
  before = file_contents (fixture.campaign_path);

  /* The campaign's own file is refused, nothing written. */
  g_assert_null (_admiralty_window_make_next_night (fixture.window, fixture.campaign_path,
                                                    &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "is the campaign itself"));
  g_clear_error (&error);

  editor = _admiralty_window_make_next_night (fixture.window, next, &error);
  g_assert_no_error (error);
  g_assert_nonnull (editor);
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_SCENARIO_EDITOR), 5000);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (editor)));
  /* Opened as saved: nothing of the master's to lose yet. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (editor)), ==,
                   "The Komarr Campaign, again — Scenario Editor");
  save_screenshot (GTK_WIDGET (editor), "next-night-editor.png");
  after = file_contents (fixture.campaign_path);
  g_assert_cmpstr (after, ==, before);
  close_editor (editor);
  campaign_fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "next-night-ui");
  g_test_add_func ("/ui/next-night-ui/F-STRAT-4/refused", test_refused);
  g_test_add_func ("/ui/next-night-ui/F-STRAT-4/end-where-they-stand", test_end_where_they_stand);
  g_test_add_func ("/ui/next-night-ui/F-STRAT-3/opened-in-editor", test_opened_in_editor);
  return g_test_run ();
}
