/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-share-dialog.c: "Share with Admirals…" (issue 22) under Xvfb. The dialog lists every
 * admiral of the Komarr campaign; nothing listens until the switch is turned on; then each
 * row shows the admiral's own link (and its QR code); "Revoke Link" gives him a new one and
 * kills the old; the accept switch is the portal's "accept-on-arrival"; closing the campaign
 * stops the portal. A screenshot of the dialog is saved in the build's tests folder. */

#include "config.h"

#include <string.h>

#include "admiralty-share-dialog.h"
#include "ui-helpers.h"

static char *
source_path (const char *folder,
             const char *name)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), folder, name, NULL);
}

/* Every label's text under @widget, one per line. */
static void
collect_text (GtkWidget *widget,
              GString   *out)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, out);
}

static char *
dialog_text (GtkWidget *dialog)
{
  GString *out = g_string_new (NULL);

  collect_text (dialog, out);
  return g_string_free (out, FALSE);
}

/* The first button under @widget whose label is @label. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The switches under @widget, in order: "Share", then "Accept Sheets on Arrival". */
static void
collect_switches (GtkWidget *widget,
                  GPtrArray *out)
{
  if (GTK_IS_SWITCH (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_switches (child, out);
}

static void
test_share (void)
{
  g_autofree char *scenario_path = source_path ("scenarios", "komarr-campaign.admiralty");
  g_autofree char *dir = g_build_filename (data_home, "share", NULL);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (scenario_path, &error);
  AdmCampaign *campaign;
  GtkWidget *parent = gtk_window_new ();
  AdmPortal *portal;
  AdmiraltyShareDialog *dialog;
  GPtrArray *admirals;
  g_autofree char *text = NULL, *old_link = NULL, *new_link = NULL;
  GtkWidget *revoke;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  campaign = adm_campaign_new (scenario, 1);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  portal = admiralty_share_dialog_portal_for (GTK_WINDOW (parent), campaign, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (admiralty_share_dialog_portal_for (GTK_WINDOW (parent), campaign, NULL, NULL)
                 == portal);
  dialog = admiralty_share_dialog_new (GTK_WINDOW (parent), portal);
  gtk_window_present (GTK_WINDOW (dialog));
  iterate_until (widget_mapped, dialog, 5000);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (dialog)));

  /* Off until the master turns it on. */
  g_assert_false (adm_portal_get_running (portal));
  text = dialog_text (GTK_WIDGET (dialog));
  g_assert_null (strstr (text, "http://"));
  g_assert_nonnull (strstr (text, "Not shared"));
  g_free (text);

  g_assert_true (admiralty_share_dialog_set_running (dialog, "127.0.0.1", 0, TRUE));
  g_assert_true (adm_portal_get_running (portal));
  iterate ();
  text = dialog_text (GTK_WIDGET (dialog));
  admirals = adm_scenario_get_admirals (scenario);
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *link = adm_portal_get_link (portal, admiral->id);

      g_assert_nonnull (strstr (text, admiral->name));
      g_assert_nonnull (strstr (text, link));
    }
  save_screenshot (GTK_WIDGET (dialog), "share-dialog.png");

  /* The first row's Revoke: a new link for the first admiral, the old one gone. */
  old_link = adm_portal_get_link (portal, ((AdmAdmiral *) g_ptr_array_index (admirals, 0))->id);
  revoke = find_button (GTK_WIDGET (dialog), "_Revoke Link");
  g_assert_nonnull (revoke);
  g_signal_emit_by_name (revoke, "clicked");
  new_link = adm_portal_get_link (portal, ((AdmAdmiral *) g_ptr_array_index (admirals, 0))->id);
  g_assert_cmpstr (old_link, !=, new_link);
  g_free (text);
  text = dialog_text (GTK_WIDGET (dialog));
  g_assert_null (strstr (text, old_link));
  g_assert_nonnull (strstr (text, new_link));

  /* The accept switch is the portal's. */
  {
    g_autoptr(GPtrArray) switches = g_ptr_array_new ();

    collect_switches (GTK_WIDGET (dialog), switches);
    g_assert_cmpuint (switches->len, ==, 2);
    g_assert_true (gtk_switch_get_active (g_ptr_array_index (switches, 0)));
    g_assert_false (gtk_switch_get_active (g_ptr_array_index (switches, 1)));
    gtk_switch_set_active (g_ptr_array_index (switches, 1), TRUE);
    g_assert_true (adm_portal_get_accept_on_arrival (portal));
  }

  /* The campaign closed: nothing is served. */
  g_object_ref (portal);
  g_object_unref (campaign);
  g_assert_false (adm_portal_get_running (portal));
  g_free (text);
  text = dialog_text (GTK_WIDGET (dialog));
  g_assert_null (strstr (text, new_link));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (parent));
  iterate ();
  g_assert_finalize_object (portal);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "share-dialog");
  g_test_add_func ("/ui/share-dialog/share-revoke-stop", test_share);
  return ui_test_finish (g_test_run ());
}
