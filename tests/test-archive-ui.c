/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-archive-ui.c: "Write the Archives…" (win.archive) in the master's window under Xvfb.
 * A battle begun and not ended is said before a folder is asked for (F-STRAT-4); on a
 * campaign at rest the master's archive and each faction's are written into the folder off
 * the main thread, the progress dialog gone and a toast saying so when they are, the
 * campaign's file unchanged. The folder chooser itself is GTK's. */

#include "config.h"

#include <string.h>

#include "adm-archive.h"
#include "admiralty-window-private.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "ui-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* F-STRAT-4: c1-1's battle kept and not ended; the master is told which, and no chooser
 * opens. */
static void
test_refused (void)
{
  CampaignFixture fixture;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  AdwMessageDialog *dialog;

  komarr_fixture_set_up (&fixture, "archive-refused", 1, T0, 0, 0);
  battle = komarr_capture_pol_defiant (fixture.window->campaign);
  g_assert_true (adm_campaign_keep_battle (fixture.window->campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture.window), "win.archive",
                                             NULL));
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The War Is Not at Rest");
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "The battle of engagement c1-1 at Pol jump point is not "
                                   "ended; "));
  g_assert_null (fixture.window->chooser);
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  campaign_fixture_tear_down (&fixture);
}

typedef struct {
  CampaignFixture *fixture;
  const char      *text;
} Toast;

static gboolean
toast_shown (gpointer data)
{
  Toast *toast = data;

  return shows_label (GTK_WIDGET (toast->fixture->window), toast->text);
}

/* The archives written into a new folder: the master's and each faction's of its admirals,
 * each a whole page; the campaign's file as it was. */
static void
test_written (void)
{
  CampaignFixture fixture;
  g_autofree char *folder = NULL, *before = NULL, *after = NULL, *toast_text = NULL;
  GPtrArray *admirals;
  g_autoptr(GPtrArray) factions = g_ptr_array_new ();
  Toast toast = { &fixture, NULL };

  komarr_fixture_set_up (&fixture, "archive-written", 1, T0, 0, 0);
  folder = g_build_filename (fixture.dir, "usb", NULL);
  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  before = file_contents (fixture.campaign_path);
  _admiralty_window_write_archives (fixture.window, folder);
  iterate_until (message_dialog_shown, NULL, 5000);
  g_assert_cmpstr (adw_message_dialog_get_heading (message_dialog ()), ==,
                   "Writing the Archives");
  admirals = adm_campaign_get_admirals (fixture.window->campaign);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmFaction *faction = ((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction;

      if (!g_ptr_array_find (factions, faction, NULL))
        g_ptr_array_add (factions, (gpointer) faction);
    }
  toast_text = g_strdup_printf ("Wrote %u archives into %s", factions->len + 1, folder);
  toast.text = toast_text;
  iterate_until (toast_shown, &toast, 20000);
  g_assert_true (toast_shown (&toast));
  g_assert_null (message_dialog ());
  for (guint f = 0; f <= factions->len; f++)
    {
      const char *as = f == 0 ? "master" : ((const AdmFaction *) g_ptr_array_index (factions,
                                                                                    f - 1))->id;
      g_autofree char *name = g_strdup_printf ("komarr-%s.html", as);
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *page = file_contents (path);

      g_assert_true (g_str_has_prefix (page, "<!DOCTYPE html>"));
      g_assert_true (g_str_has_suffix (page, "</html>\n"));
    }
  after = file_contents (fixture.campaign_path);
  g_assert_cmpstr (after, ==, before);
  campaign_fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "archive-ui");
  g_test_add_func ("/ui/archive-ui/F-STRAT-4/refused", test_refused);
  g_test_add_func ("/ui/archive-ui/written", test_written);
  return g_test_run ();
}
