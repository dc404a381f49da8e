/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-helpers.c: see ui-helpers.h. */
#include "config.h"

#include "ui-helpers.h"

#include "komarr-helpers.h"

#include "admiralty-battle-page-private.h"
#include "admiralty-dice-contribution-dialog.h"
#include "pointer-helpers.h"
#include "admiralty-share-dialog.h"
#include "admiralty-window-private.h"
#include "adm-campaign-file.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <glib-unix.h>

AdmiraltyApplication *app;
char *data_home;
GTestDBus *ui_test_bus;

/* How often iterate_until () asks its condition when nothing else happens. */
#define ITERATE_TICK_MS 5

static gboolean
tick (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

void
iterate_until_at (gboolean   (*done) (gpointer data),
                  gpointer     data,
                  guint        timeout_ms,
                  const char  *done_name,
                  const char  *file,
                  int          line)
{
  gint64 patience = done != NULL ? UI_TEST_PATIENCE : 1;
  gint64 end = g_get_monotonic_time () + patience * timeout_ms * 1000;
  g_autoptr(GSource) ticks = g_timeout_source_new (ITERATE_TICK_MS);

  /* The context sleeps between events instead of spinning (a test beside it on the other
   * core keeps the processor), and wakes every tick to ask @done again, for what changes
   * outside the main context: a child process, a file. */
  g_source_set_callback (ticks, tick, NULL, NULL);
  g_source_attach (ticks, NULL);
  while ((done == NULL || !done (data)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_source_destroy (ticks);
  if (done != NULL && !done (data))
    g_test_message ("%s:%d: gave up waiting for %s after %" G_GINT64_FORMAT " ms", file, line,
                    done_name, patience * timeout_ms);
}

static gboolean
count_tick (GtkWidget     *widget,
            GdkFrameClock *clock,
            gpointer       data)
{
  guint *ticks = data;

  return ++*ticks < 2 ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

static gboolean
ticked_twice (gpointer data)
{
  return *(guint *) data >= 2;
}

void
wait_frame (GtkWidget *widget)
{
  guint ticks = 0;

  /* The second tick comes after a whole frame (layout and paint) since the call. */
  gtk_widget_add_tick_callback (widget, count_tick, &ticks, NULL);
  iterate_until (ticked_twice, &ticks, 5000);
  g_assert_cmpuint (ticks, >=, 2);
}

void
iterate (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

gboolean
widget_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

gboolean
is_popover (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_POPOVER (widget) && gtk_widget_get_mapped (widget);
}

gboolean
is_label_text (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

/* The one walk of find_widget () and find_widgets (): @widget and the widgets under it, depth
 * first, each that @match says is one added to @found, until @found holds @most. */
static void
find_all (GtkWidget     *widget,
          gboolean     (*match) (GtkWidget *widget, gconstpointer data),
          gconstpointer  data,
          guint          most,
          GPtrArray     *found)
{
  if (match (widget, data))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL && found->len < most; child = gtk_widget_get_next_sibling (child))
    find_all (child, match, data, most, found);
}

GtkWidget *
find_widget (GtkWidget     *widget,
             gboolean     (*match) (GtkWidget *widget, gconstpointer data),
             gconstpointer  data)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  find_all (widget, match, data, 1, found);
  return found->len > 0 ? g_ptr_array_index (found, 0) : NULL;
}

gboolean
is_combo_row_titled (GtkWidget     *widget,
                     gconstpointer  data)
{
  return ADW_IS_COMBO_ROW (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

GPtrArray *
find_widgets (GtkWidget     *widget,
              gboolean     (*match) (GtkWidget *widget, gconstpointer data),
              gconstpointer  data)
{
  GPtrArray *found = g_ptr_array_new ();

  find_all (widget, match, data, G_MAXUINT, found);
  return found;
}

gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

gboolean
is_button_tooltip (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

gboolean
is_button_icon (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), data) == 0;
}

GtkWidget *
button (GtkWidget  *under,
        const char *label)
{
  GtkWidget *found = find_widget (under, is_button_labelled, label);

  g_assert_nonnull (found);
  return found;
}

gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_PREFERENCES_ROW (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

gboolean
is_entry_row_text (GtkWidget     *widget,
                   gconstpointer  data)
{
  return ADW_IS_ENTRY_ROW (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (widget)), data) == 0;
}

gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data)) &&
         gtk_widget_is_drawable (widget);
}

gboolean
is_styled (GtkWidget     *widget,
           gconstpointer  data)
{
  return gtk_widget_has_css_class (widget, data) && gtk_widget_is_drawable (widget);
}

gboolean
is_drawn_label_text (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

gboolean
is_row_beginning (GtkWidget     *widget,
                  gconstpointer  data)
{
  return ADW_IS_PREFERENCES_ROW (widget) &&
         g_str_has_prefix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data);
}

gboolean
is_group_titled (GtkWidget     *widget,
                 gconstpointer  data)
{
  return ADW_IS_PREFERENCES_GROUP (widget) &&
         g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), data) == 0;
}

gboolean
has_type (GtkWidget     *widget,
          gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data));
}

gboolean
popover_open (gpointer data)
{
  return find_widget (data, is_popover, NULL) != NULL;
}

gboolean
popover_closed (gpointer data)
{
  return !popover_open (data);
}

GtkWidget *
shown_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* borrowed */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_mapped (GTK_WIDGET (window)))
        return GTK_WIDGET (window);
    }
  return NULL;
}

gboolean
toplevel_shown (gpointer data)
{
  return shown_toplevel ((GType) GPOINTER_TO_SIZE (data)) != NULL;
}

gboolean
toplevel_gone (gpointer data)
{
  return !toplevel_shown (data);
}

AdmiraltyCorrectionDialog *
correction_dialog (void)
{
  GtkWidget *dialog = shown_toplevel (ADMIRALTY_TYPE_CORRECTION_DIALOG);

  return dialog != NULL ? ADMIRALTY_CORRECTION_DIALOG (dialog) : NULL;
}

gboolean
correction_problem_shown (gpointer data)
{
  return correction_dialog () != NULL &&
         admiralty_correction_dialog_get_problem (correction_dialog ()) != NULL;
}

GtkWidget *
wait_correction_dialog (void)
{
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_nonnull (correction_dialog ());
  wait_frame (GTK_WIDGET (correction_dialog ()));
  return GTK_WIDGET (correction_dialog ());
}

AdwMessageDialog *
message_dialog (void)
{
  GtkWidget *dialog = shown_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  return dialog != NULL ? ADW_MESSAGE_DIALOG (dialog) : NULL;
}

gboolean
message_dialog_shown (gpointer data)
{
  return message_dialog () != NULL;
}

gboolean
message_dialog_gone (gpointer data)
{
  return message_dialog () == NULL;
}

AdmiraltyProjectorWindow *
find_projector (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();  /* borrowed */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADMIRALTY_IS_PROJECTOR_WINDOW (window))
        return ADMIRALTY_PROJECTOR_WINDOW (window);
    }
  return NULL;
}

gboolean
projector_mapped (gpointer data)
{
  AdmiraltyProjectorWindow *projector = find_projector ();

  return projector != NULL &&
         gtk_widget_get_mapped (GTK_WIDGET (admiralty_projector_window_get_map (projector))) &&
         gtk_widget_get_width (GTK_WIDGET (admiralty_projector_window_get_map (projector))) > 0;
}

void
close_window (AdmiraltyWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (window);
}

AdmiraltyWindow *
shown_window_new (int width,
                  int height)
{
  AdmiraltyWindow *window = admiralty_window_new (app);

  window->clock_notifies = FALSE;
  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  iterate_until (widget_mapped, window, 5000);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  return window;
}

AdmiraltyWindow *
campaign_window_new (AdmCampaign *campaign,
                     const char  *path,
                     int          width,
                     int          height)
{
  g_autoptr(GError) error = NULL;
  AdmiraltyWindow *window;

  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  window = shown_window_new (width, height);
  g_assert_true (admiralty_window_open (window, path));
  iterate ();
  return window;
}

/* A new temporary folder for @fixture ("admiralty-@name-XXXXXX"), and its campaign's path
 * @file_name in it. */
static void
campaign_fixture_folder (CampaignFixture *fixture,
                         const char      *name,
                         const char      *file_name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *template = g_strdup_printf ("admiralty-%s-XXXXXX", name);

  fixture->dir = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  fixture->campaign_path = g_build_filename (fixture->dir, file_name, NULL);
}

void
campaign_fixture_set_up (CampaignFixture *fixture,
                         AdmCampaign     *campaign,
                         const char      *name,
                         const char      *file_name,
                         int              width,
                         int              height)
{
  campaign_fixture_folder (fixture, name, file_name);
  fixture->window = campaign_window_new (campaign, fixture->campaign_path, width, height);
}

void
komarr_fixture_set_up (CampaignFixture *fixture,
                       const char      *name,
                       guint            cycles,
                       gint64           t0,
                       int              width,
                       int              height)
{
  g_autoptr(AdmCampaign) campaign = NULL;

  campaign_fixture_folder (fixture, name, "komarr.admiralty");
  campaign = komarr_saved_and_played (fixture->campaign_path, cycles, t0);
  fixture->window = shown_window_new (width, height);
  g_assert_true (admiralty_window_open (fixture->window, fixture->campaign_path));
  iterate ();
}

AdmiraltyTablesDialog *
campaign_fixture_tables (CampaignFixture  *fixture,
                         gboolean          start,
                         guint             n_tables,
                         AdmPortal       **portal)
{
  g_autoptr(GError) error = NULL;
  AdmiraltyRoom *room = admiralty_window_get_room (fixture->window);
  AdmiraltyTablesDialog *tables;
  AdmPortal *made = admiralty_share_dialog_portal_for (room, fixture->window->campaign,
                                                       &error);

  g_assert_no_error (error);
  if (start)
    {
      g_assert_true (adm_portal_start (made, "127.0.0.1", 0, &error));
      g_assert_no_error (error);
    }
  tables = admiralty_tables_dialog_new (room);
  g_assert_true (admiralty_tables_dialog_set_n_tables (tables, n_tables, &error));
  g_assert_no_error (error);
  if (portal != NULL)
    *portal = made;
  return tables;
}

void
campaign_fixture_tear_down (CampaignFixture *fixture)
{
  close_window (fixture->window);
  remove_tree (fixture->dir);
  g_clear_pointer (&fixture->campaign_path, g_free);
  g_clear_pointer (&fixture->dir, g_free);
}

char *
copy_battle (const char *folder,
             const char *name,
             gboolean    with_orders)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-battle-XXXXXX", &error);
  g_autofree char *file_name = g_strdup_printf ("%s.xml", name);
  g_autofree char *orders_name = g_strdup_printf ("%s.orders.xml", name);
  g_autofree char *from = source_path (folder, file_name, NULL);
  g_autofree char *orders_from = source_path (folder, orders_name, NULL);
  char *to;

  g_assert_no_error (error);
  to = g_build_filename (dir, file_name, NULL);
  copy_file (from, to);
  if (with_orders && g_file_test (orders_from, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *orders_to = g_build_filename (dir, orders_name, NULL);

      copy_file (orders_from, orders_to);
    }
  return to;
}

void
remove_battle_copy (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  remove_tree (dir);
}

typedef struct
{
  GtkWidget     *widget;
  GskRenderNode *node;
} Screenshot;

static void
screenshot_after_paint (GdkFrameClock *clock,
                        gpointer       data)
{
  Screenshot *shot = data;
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  int width = gtk_widget_get_width (shot->widget);
  int height = gtk_widget_get_height (shot->widget);

  if (shot->node != NULL || width <= 0 || height <= 0)
    return;
  /* Right after the paint the widget holds what it has just drawn; any later main-context
   * event (a socket, a timer) may queue a redraw, which drops it. */
  paintable = gtk_widget_paintable_new (shot->widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  shot->node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (shot->node == NULL)
    gtk_widget_queue_draw (shot->widget);
}

static gboolean
screenshot_taken (gpointer data)
{
  return ((Screenshot *) data)->node != NULL;
}

GskRenderNode *
widget_drawn_node (GtkWidget *widget)
{
  Screenshot shot = { widget, NULL };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gulong handler;

  g_assert_nonnull (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (screenshot_after_paint), &shot);
  gtk_widget_queue_draw (widget);
  iterate_until (screenshot_taken, &shot, 5000);
  g_signal_handler_disconnect (clock, handler);
  g_assert_nonnull (shot.node);
  return shot.node;
}

void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  g_autoptr(GskRenderNode) node = widget_drawn_node (widget);
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));

  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0,
                                                              gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));
  path = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "tests", name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
}

void
copy_file (const char *from,
           const char *to)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (from, &contents, &length, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (to, contents, length, &error));
  g_assert_no_error (error);
}

static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

static void
reap (GPid     pid,
      int      status,
      gpointer data)
{
  g_spawn_close_pid (pid);
}

/* Starts an X server of the test's own, so that UI tests run side by side without one's
 * window over another's pointer or keyboard focus: Xvfb picks a free display itself
 * (-displayfd, no race with another test starting one) and ends with the test's last
 * connection (-terminate), or with the test should it die before connecting; its screen is
 * ADMIRALTY_TEST_SCREEN ("1920x1080x24") when set. Returns the display (":N"), or NULL when
 * Xvfb is not installed. */
static char *
start_xvfb (void)
{
  g_autofree char *xvfb = g_find_program_in_path ("Xvfb");
  const char *argv[] = { NULL, "-displayfd", "3", "-screen", "0", "1280x1024x24",
                         "-nolisten", "tcp", "-terminate", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) number = g_string_new (NULL);
  gint64 end = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  int pipe_fds[2], target_fd = 3;
  GPid pid;

  if (xvfb == NULL)
    return NULL;
  argv[0] = xvfb;
  if (g_getenv ("ADMIRALTY_TEST_SCREEN") != NULL)
    argv[5] = g_getenv ("ADMIRALTY_TEST_SCREEN");
  g_assert_true (g_unix_open_pipe (pipe_fds, FD_CLOEXEC, &error));
  g_assert_no_error (error);
  g_spawn_async_with_pipes_and_fds (NULL, argv, NULL,
                                    G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL |
                                    G_SPAWN_STDERR_TO_DEV_NULL,
                                    die_with_parent, NULL, -1, -1, -1, &pipe_fds[1], &target_fd,
                                    1, &pid, NULL, NULL, NULL, &error);
  close (pipe_fds[1]);
  g_assert_no_error (error);
  g_child_watch_add (pid, reap, NULL);

  /* Xvfb writes the display's number and a newline once it takes connections. */
  while (!g_str_has_suffix (number->str, "\n"))
    {
      struct pollfd poll_fd = { pipe_fds[0], POLLIN, 0 };
      gint64 left = (end - g_get_monotonic_time ()) / 1000;
      int ready = left > 0 ? poll (&poll_fd, 1, (int) left) : 0;
      char c;
      ssize_t n;

      if (ready < 0 && errno == EINTR)
        continue;
      if (ready <= 0)
        g_error ("Xvfb did not start in 30 s");
      n = read (pipe_fds[0], &c, 1);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        g_error ("Xvfb did not start: it ended before naming its display");
      g_string_append_c (number, c);
    }
  close (pipe_fds[0]);
  g_strchomp (number->str);
  return g_strdup_printf (":%s", number->str);
}

void
ui_test_init (int        *argc,
              char     ***argv,
              const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *template = g_strdup_printf ("admiralty-test-%s-XXXXXX", name);

  /* Autosaves go under XDG_DATA_HOME: keep them out of the user's home. A child process of
   * a crash test (g_test_trap_subprocess ()) shares its parent's, named in
   * ADMIRALTY_TEST_DATA_HOME. */
  if (g_getenv ("ADMIRALTY_TEST_DATA_HOME") != NULL)
    data_home = g_strdup (g_getenv ("ADMIRALTY_TEST_DATA_HOME"));
  else
    data_home = g_dir_make_tmp (template, &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  /* The display: ADMIRALTY_TEST_DISPLAY when set (the test's own, to a child process of a
   * crash test), else an Xvfb of the test's own, else DISPLAY (xvfb-run's). */
  if (g_getenv ("ADMIRALTY_TEST_DISPLAY") != NULL)
    display = g_strdup (g_getenv ("ADMIRALTY_TEST_DISPLAY"));
  else if ((display = start_xvfb ()) != NULL)
    g_setenv ("ADMIRALTY_TEST_DISPLAY", display, TRUE);
  else
    display = g_strdup (g_getenv ("DISPLAY"));

  /* GtkApplication wants a session bus; a private one keeps the test from the user's. */
  ui_test_bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (ui_test_bus);
  /* GTestDBus unsets DISPLAY against D-Bus autolaunching; the test needs Xvfb's. */
  if (display != NULL)
    g_setenv ("DISPLAY", display, TRUE);

  /* The private bus has no accessibility bus to offer. */
  g_setenv ("GTK_A11Y", "none", TRUE);

  /* What the tests read is widgets, words, and pictures the renderers draw: the window is
   * drawn with Cairo (unless GSK_RENDERER says otherwise). Under Xvfb the GL renderer is
   * llvmpipe, which draws the whole window on the CPU at every frame and compiles its
   * shaders again for every window: most of a UI test's processor time. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);

  gtk_test_init (argc, argv, NULL);

  /* Files open through the application as main.c's does (the scenario editor's Start
   * Campaign), with no other instance asked. */
  app = admiralty_application_new (APP_ID, G_APPLICATION_NON_UNIQUE | G_APPLICATION_HANDLES_OPEN);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
}

int
ui_test_finish (int status)
{
  GDBusConnection *connection;

  /* A registered application keeps itself and the bus connection exported until
   * g_application_run() returns, which these tests never call: stop the bus without waiting
   * for the connection to go, and without exiting when it closes. The bus object is left to
   * the end of the process, as disposing it would wait as well. */
  connection = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  if (connection != NULL)
    g_dbus_connection_set_exit_on_close (connection, FALSE);
  g_clear_object (&connection);
  g_clear_object (&app);
  g_test_dbus_stop (ui_test_bus);
  if (g_getenv ("ADMIRALTY_TEST_DATA_HOME") == NULL)
    remove_tree (data_home);
  g_clear_pointer (&data_home, g_free);

  return status;
}

gboolean
rows_contain (AdmiraltyOrdersPanel *panel,
              const char           *text)
{
  g_auto(GStrv) rows = _admiralty_orders_panel_get_rows (panel);

  for (guint i = 0; rows[i] != NULL; i++)
    if (strstr (rows[i], text) != NULL)
      return TRUE;
  return FALSE;
}

gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

gboolean
label_is_shown (gpointer data)
{
  ShownLabel *shown = data;

  return shows_label (shown->window, shown->text);
}

gboolean
toggle_is_active (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_TOGGLE_BUTTON (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0 &&
         gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (widget));
}

/* A toast shows as an AdwToastWidget (libadwaita's own type) with a close button. */
static gboolean
is_toast (GtkWidget     *widget,
          gconstpointer  data)
{
  return g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget");
}

static gboolean
no_toast_shown (gpointer window)
{
  g_autoptr(GPtrArray) toasts = find_widgets (window, is_toast, NULL);

  return toasts->len == 0;
}

void
dismiss_toasts (GtkWidget *window)
{
  /* Each dismissal lets the next queued toast show: a bounded number of rounds. */
  for (guint round = 0; round < 20 && !no_toast_shown (window); round++)
    {
      g_autoptr(GPtrArray) toasts = find_widgets (window, is_toast, NULL);

      for (guint i = 0; i < toasts->len; i++)
        {
          GtkWidget *close = find_widget (g_ptr_array_index (toasts, i), is_button_icon,
                                          "window-close-symbolic");

          g_assert_nonnull (close);
          g_signal_emit_by_name (close, "clicked");
        }
      iterate_until (no_toast_shown, window, 5000);
    }
  g_assert_true (no_toast_shown (window));
  wait_frame (window);
}

gboolean
dice_prompt_shown (gpointer page)
{
  GtkWidget *dialog = _admiralty_battle_page_get_dice_dialog (page);

  return dialog != NULL && gtk_widget_get_mapped (dialog);
}

Resolving
resolving (AdmiraltyWindow     *window,
           AdmiraltyBattlePage *page)
{
  AdmBattle *battle = admiralty_battle_page_get_battle (page);

  return (Resolving) { window, page, adm_battle_get_turn (battle), adm_battle_get_phase (battle) };
}

gboolean
resolve_answered (gpointer data)
{
  const Resolving *resolve = data;
  AdmBattle *battle = admiralty_battle_page_get_battle (resolve->page);

  return dice_prompt_shown (resolve->page) ||
         shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG) != NULL ||
         _admiralty_window_get_error_dialog (resolve->window) != NULL ||
         adm_battle_get_turn (battle) != resolve->turn ||
         adm_battle_get_phase (battle) != resolve->phase;
}

void
wait_resolved (const Resolving *resolve,
               guint            timeout_ms)
{
  iterate_until (resolve_answered, (gpointer) resolve, timeout_ms);
  /* A campaign battle's program dice ask each side's 2d6 first (docs/dice.md): given as the
   * master types them, then what the phase comes to is waited for. */
  if (shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG) != NULL)
    {
      dice_contributions_give (NULL);
      iterate_until (resolve_answered, (gpointer) resolve, timeout_ms);
    }
  wait_frame (GTK_WIDGET (resolve->window));
}
