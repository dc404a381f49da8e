/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-share-dialog.c: "Share with Admirals…" under Xvfb. The dialog lists every
 * admiral of the Komarr campaign; nothing listens until the switch is turned on; then each
 * row shows the admiral's own link (and its QR code); "Revoke Link" gives him a new one and
 * kills the old; the accept switch is the portal's "accept-on-arrival"; closing the campaign
 * stops the portal. The portal and the tables' server are the campaign's, kept by the
 * application for every window of it. A screenshot of the dialog is saved in the build's
 * tests folder. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-campaign-orders.h"
#include "admiralty-share-dialog.h"
#include "admiralty-window-private.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"

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

/* One raw HTTP/1.1 exchange with the portal on 127.0.0.1, in a thread while this one serves. */
typedef struct {
  guint16  port;
  char    *request;
  char    *reply;
  gint     done;
} Exchange;

static gpointer
exchange_thread (gpointer data)
{
  Exchange *exchange = data;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  GString *reply = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  connection = g_socket_client_connect_to_host (client, "127.0.0.1", exchange->port, NULL,
                                                &error);
  g_assert_no_error (error);
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                             exchange->request, strlen (exchange->request), NULL, NULL, &error);
  g_assert_no_error (error);
  while ((n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                   buffer, sizeof buffer, NULL, &error)) > 0)
    g_string_append_len (reply, buffer, n);
  exchange->reply = g_string_free (reply, FALSE);
  g_atomic_int_set (&exchange->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static char *
exchange (guint       port,
          const char *request)
{
  Exchange data = { .port = (guint16) port, .request = (char *) request };
  GThread *thread = g_thread_new ("client", exchange_thread, &data);

  while (!g_atomic_int_get (&data.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  return data.reply;
}

/* The subtitle of @admiral_id's row on the board. */
static const char *
row_subtitle (GtkWidget  *widget,
              const char *admiral_id)
{
  GVariant *target = ADW_IS_ACTION_ROW (widget)
                       ? gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget)) : NULL;

  /* An admiral's row opens his sheet: board.open-sheet with his id. */
  if (target != NULL && g_variant_is_of_type (target, G_VARIANT_TYPE_STRING) &&
      g_strcmp0 (g_variant_get_string (target, NULL), admiral_id) == 0)
    return adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *found = row_subtitle (child, admiral_id);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A sheet handed in on @admiral_id's page: it waits on the Orders board, "Received by
 * portal", until the master accepts it. */
static void
post_and_accept (AdmPortal   *portal,
                 AdmCampaign *campaign,
                 const char  *admiral_id,
                 const char  *formation_id)
{
  AdmiraltyCampaignOrders *board =
    g_object_ref_sink (g_object_new (ADMIRALTY_TYPE_CAMPAIGN_ORDERS, NULL));
  g_autofree char *link = adm_portal_get_link (portal, admiral_id);
  const char *path = strstr (link + strlen ("http://"), "/");
  g_autofree char *get = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                                          path);
  g_autofree char *page = exchange (adm_portal_get_port (portal), get);
  const char *csrf = strstr (page, "name=\"csrf\" value=\"");
  g_autofree char *body = NULL, *post = NULL, *reply = NULL;
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  guint cycle = adm_strategy_get_cycle (strategy);

  admiralty_campaign_orders_set_campaign (board, campaign);
  admiralty_campaign_orders_set_portal (board, portal);
  g_assert_nonnull (csrf);
  body = g_strdup_printf ("csrf=%.32s&f0=%s&o0=defend", csrf + strlen ("name=\"csrf\" value=\""),
                          formation_id);
  post = g_strdup_printf ("POST %ssheet HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                          "Content-Type: application/x-www-form-urlencoded\r\n"
                          "Content-Length: %zu\r\n\r\n%s", path, strlen (body), body);
  reply = exchange (adm_portal_get_port (portal), post);
  /* POST/Redirect/GET: the phone is sent back to his page. */
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 303"));
  g_assert_nonnull (strstr (row_subtitle (GTK_WIDGET (board), admiral_id),
                            "Received by portal at"));
  g_assert_nonnull (find_button (GTK_WIDGET (board), "_Accept"));
  g_assert_null (adm_strategy_get_sheet (strategy, cycle, admiral_id));
  g_assert_true (adm_portal_accept (portal, admiral_id, NULL));
  g_assert_nonnull (adm_strategy_get_sheet (strategy, cycle, admiral_id));
  g_assert_null (strstr (row_subtitle (GTK_WIDGET (board), admiral_id),
                         "Received by portal at"));
  g_assert_null (find_button (GTK_WIDGET (board), "_Accept"));
  admiralty_campaign_orders_set_portal (board, NULL);
  g_object_unref (board);
}

static void
test_share (void)
{
  g_autofree char *scenario_path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *dir = g_build_filename (data_home, "share", NULL);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (scenario_path, &error);
  AdmCampaign *campaign;
  GtkWidget *parent = gtk_window_new ();
  AdmiraltyRoom *room = admiralty_room_new (GTK_WINDOW (parent));
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
  portal = admiralty_share_dialog_portal_for (room, campaign, &error);
  g_assert_no_error (error);
  g_assert_true (admiralty_share_dialog_portal_for (room, campaign, NULL)
                 == portal);
  dialog = admiralty_share_dialog_new (room);
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

  post_and_accept (portal, campaign, "vorkosigan", "first-squadron-home-fleet");

  /* The accept switch is the portal's. */
  {
    g_autoptr(GPtrArray) switches = find_widgets (GTK_WIDGET (dialog), is_of_type,
                                                  GSIZE_TO_POINTER (GTK_TYPE_SWITCH));

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
  g_assert_finalize_object (room);
  iterate ();
  g_assert_finalize_object (portal);
}

static gboolean
portal_toast_shown (gpointer overlay)
{
  return shows_label (overlay, "The admirals’ portal needs your attention");
}

/* A sheet handed in on a phone while the campaign cannot be saved (its file made read-only),
 * taken on arrival: not kept, and the master's window says so in a toast over whatever he is
 * doing, its Why? the portal's words — the admiral and why the save failed. */
static void
test_not_saved_toast (void)
{
  CampaignFixture fixture;
  AdmiraltyTablesDialog *tables;
  AdmPortal *portal = NULL;
  g_autofree char *link = NULL, *get = NULL, *page = NULL, *body = NULL, *post = NULL;
  g_autofree char *reply = NULL;
  const char *path, *csrf;
  GtkWidget *overlay;

  komarr_fixture_set_up (&fixture, "share-not-saved", 0, 1795370400, 0, 0);
  tables = campaign_fixture_tables (&fixture, TRUE, 0, &portal);
  gtk_window_destroy (GTK_WINDOW (tables));
  adm_portal_set_accept_on_arrival (portal, TRUE);
  g_assert_cmpint (g_chmod (fixture.campaign_path, 0444), ==, 0);

  link = adm_portal_get_link (portal, "vorkosigan");
  path = strstr (link + strlen ("http://"), "/");
  get = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", path);
  page = exchange (adm_portal_get_port (portal), get);
  csrf = strstr (page, "name=\"csrf\" value=\"");
  g_assert_nonnull (csrf);
  body = g_strdup_printf ("csrf=%.32s&f0=first-squadron-home-fleet&o0=defend",
                          csrf + strlen ("name=\"csrf\" value=\""));
  post = g_strdup_printf ("POST %ssheet HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                          "Content-Type: application/x-www-form-urlencoded\r\n"
                          "Content-Length: %zu\r\n\r\n%s", path, strlen (body), body);
  reply = exchange (adm_portal_get_port (portal), post);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 303"));
  g_assert_null (adm_portal_get_sheet (portal, "vorkosigan"));

  overlay = GTK_WIDGET (fixture.window->toast_overlay);
  iterate_until (portal_toast_shown, overlay, 5000);
  g_assert_true (portal_toast_shown (overlay));
  /* The toast in sight, slid in, for the picture. */
  iterate_until (NULL, NULL, 500);
  save_screenshot (GTK_WIDGET (fixture.window), "share-not-saved-toast.png");
  g_assert_cmpint (g_chmod (fixture.campaign_path, 0644), ==, 0);
  campaign_fixture_tear_down (&fixture);
}

/* Whether a phone gets @portal's page for @admiral_id. */
static gboolean
serves_page (AdmPortal  *portal,
             const char *admiral_id)
{
  g_autofree char *link = adm_portal_get_link (portal, admiral_id);
  const char *path = strstr (link + strlen ("http://"), "/");
  g_autofree char *get = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: x\r\n"
                                          "Connection: close\r\n\r\n", path);
  g_autofree char *page = exchange (adm_portal_get_port (portal), get);

  return g_str_has_prefix (page, "HTTP/1.1 200");
}

static gboolean
both_gone (gpointer data)
{
  gpointer *pointers = data;

  return pointers[0] == NULL && pointers[1] == NULL;
}

/* The portal and the tables' server belong to the campaign's room, which the application
 * keeps: a second window of the campaign serves through them rather than starting its own,
 * closing it leaves them serving for the first window, and the last window's going stops
 * them. */
static void
test_second_window (void)
{
  CampaignFixture fixture;
  AdmiraltyTablesDialog *tables;
  AdmiraltyWindow *second;
  AdmiraltyRoom *room;
  AdmPortal *portal = NULL;
  gpointer served[2];
  g_autoptr(GError) error = NULL;

  komarr_fixture_set_up (&fixture, "share-second-window", 0, 1795370400, 0, 0);
  tables = campaign_fixture_tables (&fixture, TRUE, 1, &portal);
  gtk_window_destroy (GTK_WINDOW (tables));
  room = admiralty_window_get_room (fixture.window);
  served[0] = portal;
  served[1] = admiralty_room_get_table_server (room);
  g_assert_nonnull (served[1]);
  g_object_add_weak_pointer (served[0], &served[0]);
  g_object_add_weak_pointer (served[1], &served[1]);

  second = shown_window_new (0, 0);
  admiralty_window_set_campaign (second, fixture.window->campaign);
  iterate ();
  g_assert_true (admiralty_window_get_room (second) == room);
  g_assert_true (admiralty_share_dialog_portal_for (room, fixture.window->campaign,
                                                    &error) == portal);
  g_assert_no_error (error);
  g_assert_true (admiralty_tables_dialog_get_server (room) == served[1]);
  g_assert_cmpuint (adm_table_server_get_n_tables (served[1]), ==, 1);

  close_window (second);
  g_assert_true (served[0] == portal && served[1] != NULL);
  g_assert_true (adm_portal_get_running (portal));
  g_assert_true (serves_page (portal, "vorkosigan"));
  g_assert_true (admiralty_room_get_table_server (room) == served[1]);
  g_assert_true (admiralty_room_get_window (room) == GTK_WINDOW (fixture.window));

  campaign_fixture_tear_down (&fixture);
  iterate_until (both_gone, served, 5000);
  g_assert_null (served[0]);
  g_assert_null (served[1]);
}

/* @portal's page for @admiral_id, whole. */
static char *
page_of (AdmPortal  *portal,
         const char *admiral_id)
{
  g_autofree char *link = adm_portal_get_link (portal, admiral_id);
  const char *path = strstr (link + strlen ("http://"), "/");
  g_autofree char *get = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: x\r\n"
                                          "Connection: close\r\n\r\n", path);

  return exchange (adm_portal_get_port (portal), get);
}

/* F-STRAT-1: the admirals' countdown is the room's, not the window's that started the portal:
 * with that window closed, the time the master adds on the campaign's other window reaches
 * the phones. */
static void
test_countdown_follows_room (void)
{
  CampaignFixture fixture;
  AdmiraltyTablesDialog *tables;
  AdmiraltyWindow *second;
  AdmiraltyRoom *room;
  AdmPortal *portal = NULL;
  g_autofree char *before = NULL, *after = NULL;

  komarr_fixture_set_up (&fixture, "share-countdown-room", 0, 1795370400, 0, 0);
  tables = campaign_fixture_tables (&fixture, TRUE, 1, &portal);
  gtk_window_destroy (GTK_WINDOW (tables));
  room = admiralty_window_get_room (fixture.window);
  g_object_ref (portal);

  /* Not started, the clock holds a whole cycle, standing still. */
  before = page_of (portal, "vorkosigan");
  g_assert_nonnull (strstr (before, "data-paused=\"2400\""));

  second = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (second, fixture.campaign_path));
  iterate ();
  g_assert_true (admiralty_window_get_room (second) == room);

  /* The window that started the portal goes; the room and its portal stay with the other. */
  close_window (fixture.window);
  fixture.window = NULL;
  g_assert_true (admiralty_room_get_window (room) == GTK_WINDOW (second));
  g_assert_true (admiralty_room_get_clock (room) == _admiralty_window_get_clock (second));
  g_assert_true (adm_portal_get_running (portal));

  gtk_widget_activate_action (GTK_WIDGET (second), "win.clock-adjust", "i", 5);
  after = page_of (portal, "vorkosigan");
  g_assert_nonnull (strstr (after, "data-paused=\"2700\""));

  fixture.window = second;
  g_object_unref (portal);
  campaign_fixture_tear_down (&fixture);
}

/* Whether @data (an AdmiraltyWindow) is no longer the application's only active window: the
 * new one has come. */
static gboolean
other_window_active (gpointer data)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (data));

  return gtk_application_get_active_window (application) != GTK_WINDOW (data);
}

/* Shift+Ctrl+N opens a window of its own on the welcome page; opening the campaign another
 * window shows makes it a second window of that campaign — the same journal and room — not a
 * refusal of the lock its twin holds. */
static void
test_new_window (void)
{
  CampaignFixture fixture;
  GtkApplication *application;
  AdmiraltyWindow *second = NULL;
  guint before;

  if (!pointer_available ())
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  komarr_fixture_set_up (&fixture, "share-new-window", 0, 1795370400, 0, 0);
  application = gtk_window_get_application (GTK_WINDOW (fixture.window));
  before = g_list_length (gtk_application_get_windows (application));

  keys_to (GTK_WIDGET (fixture.window), "ctrl+shift+n");
  iterate_until (other_window_active, fixture.window, 5000);
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (application)), ==, before + 1);
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (l->data != (gpointer) fixture.window && ADMIRALTY_IS_WINDOW (l->data))
      second = l->data;
  g_assert_nonnull (second);
  second->clock_notifies = FALSE;
  iterate_until (widget_mapped, second, 5000);
  g_assert_null (second->campaign);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (second->main_stack), ==, "empty");

  g_assert_true (admiralty_window_open (second, fixture.campaign_path));
  g_assert_null (_admiralty_window_get_error_dialog (second));
  g_assert_true (second->campaign == fixture.window->campaign);
  g_assert_true (admiralty_window_get_room (second) == admiralty_window_get_room (fixture.window));

  close_window (second);
  g_assert_nonnull (fixture.window->campaign);
  campaign_fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "share-dialog");
  g_test_add_func ("/ui/share-dialog/share-revoke-stop", test_share);
  g_test_add_func ("/ui/share-dialog/not-saved-toast", test_not_saved_toast);
  g_test_add_func ("/ui/share-dialog/second-window", test_second_window);
  g_test_add_func ("/ui/share-dialog/new-window", test_new_window);
  g_test_add_func ("/ui/share-dialog/F-STRAT-1/countdown-follows-room",
                   test_countdown_follows_room);
  return ui_test_finish (g_test_run ());
}
