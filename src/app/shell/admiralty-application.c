/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-application.c: startup, the app.* actions, files from the command line, and the
 * rooms of the campaigns its windows show (the portals and the tables' servers). */

#include "config.h"

#include <glib/gi18n.h>
#include <sys/resource.h>

#include "admiralty-accessible.h"
#include "admiralty-application.h"
#include "admiralty-battle-page.h"
#include "admiralty-preferences-window.h"
#include "admiralty-window.h"
#include "admiralty-window-private.h"

struct _AdmiraltyApplication
{
  AdwApplication parent_instance;

  /* AdmCampaign* (a reference) → AdmiraltyRoom* (weak: the windows of the campaign hold it),
   * the room of each campaign a window shows. */
  GHashTable    *rooms;
};

G_DEFINE_FINAL_TYPE (AdmiraltyApplication, admiralty_application, ADW_TYPE_APPLICATION)

/* The last window of a campaign let its room go: the room forgets it. */
static void
room_gone_cb (gpointer  data,
              GObject  *room)
{
  AdmiraltyApplication *self = data;
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (value == (gpointer) room)
      {
        g_hash_table_iter_remove (&iter);
        return;
      }
}

AdmiraltyRoom *
admiralty_application_get_room (AdmiraltyApplication *self,
                                AdmCampaign          *campaign,
                                GtkWindow            *window)
{
  AdmiraltyRoom *room;

  g_return_val_if_fail (ADMIRALTY_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);

  room = g_hash_table_lookup (self->rooms, campaign);
  if (room != NULL)
    return g_object_ref (room);
  room = admiralty_room_new (window);
  g_hash_table_insert (self->rooms, g_object_ref (campaign), room);
  g_object_weak_ref (G_OBJECT (room), room_gone_cb, self);
  return room;
}

char *
admiralty_application_find_scenarios_dir (void)
{
  const char *source_dir = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autofree char *path = NULL;

  if (source_dir != NULL && source_dir[0] != '\0')
    {
      path = g_build_filename (source_dir, "scenarios", NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        return g_steal_pointer (&path);
      g_clear_pointer (&path, g_free);
    }

  path = g_build_filename (PKGDATADIR, "scenarios", NULL);
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&path);

  return NULL;
}

static void
first_frame_painted (GdkFrameClock  *clock,
                     GtkApplication *application)
{
  struct rusage usage;

  g_signal_handlers_disconnect_by_func (clock, first_frame_painted, application);
  if (getrusage (RUSAGE_SELF, &usage) == 0)
    g_print ("first frame: %.1f ms CPU\n",
             (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
             (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3);
  g_application_quit (G_APPLICATION (application));
}

static void
first_window_realized (GtkWidget      *window,
                       GtkApplication *application)
{
  g_signal_handlers_disconnect_by_func (window, first_window_realized, application);
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (first_frame_painted), application);
}

static void
first_window_added (GtkApplication *application,
                    GtkWindow      *window)
{
  g_signal_handlers_disconnect_by_func (application, first_window_added, NULL);
  g_signal_connect (window, "realize", G_CALLBACK (first_window_realized), application);
}

void
admiralty_application_report_first_frame (GtkApplication *application)
{
  g_return_if_fail (GTK_IS_APPLICATION (application));

  g_signal_connect (application, "window-added", G_CALLBACK (first_window_added), NULL);
}

static AdmiraltyWindow *
admiralty_application_get_window (AdmiraltyApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (ADMIRALTY_IS_WINDOW (window))
    return ADMIRALTY_WINDOW (window);

  return NULL;
}

static void
admiralty_application_activate (GApplication *application)
{
  AdmiraltyApplication *self = ADMIRALTY_APPLICATION (application);
  AdmiraltyWindow *window = admiralty_application_get_window (self);
  g_autofree char *path = NULL;

  /* Started without files: what was open last time, else the welcome page. */
  if (window == NULL)
    {
      window = admiralty_window_new (self);
      gtk_window_present (GTK_WINDOW (window));
      admiralty_window_restore_session (window);
    }

  gtk_window_present (GTK_WINDOW (window));
}

/* Each scenario or campaign gets a window of its own, except that a window still showing
 * nothing is used for the first; battles open in tabs of the active window. */
static void
admiralty_application_open (GApplication  *application,
                            GFile        **files,
                            int            n_files,
                            const char    *hint)
{
  AdmiraltyApplication *self = ADMIRALTY_APPLICATION (application);
  AdmiraltyWindow *active = admiralty_application_get_window (self);
  AdmiraltyWindow *window = active;

  if (window != NULL && admiralty_window_get_campaign (window) != NULL)
    window = NULL;

  for (int i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);
      gboolean battle = path != NULL && admiralty_battle_page_is_battle_file (path);

      if (battle && active != NULL)
        {
          gtk_window_present (GTK_WINDOW (active));
          admiralty_window_open_file (active, files[i]);
          continue;
        }

      if (window == NULL)
        {
          GtkWidget *error_dialog;

          /* A new window shows the file from its first frame: opened before it is
           * presented, the welcome page is never laid out. An error's dialog,
           * presented first, is brought back above its window. */
          window = admiralty_window_new (self);
          admiralty_window_open_file (window, files[i]);
          gtk_window_present (GTK_WINDOW (window));
          error_dialog = _admiralty_window_get_error_dialog (window);
          if (error_dialog != NULL)
            gtk_window_present (GTK_WINDOW (error_dialog));
        }
      else
        {
          gtk_window_present (GTK_WINDOW (window));
          admiralty_window_open_file (window, files[i]);
        }

      /* Later battles join this window; a campaign keeps it to itself. */
      active = window;
      window = NULL;
    }
}

static void
open_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  AdmiraltyApplication *self = user_data;
  AdmiraltyWindow *window = admiralty_application_get_window (self);

  if (window == NULL)
    {
      window = admiralty_window_new (self);
      gtk_window_present (GTK_WINDOW (window));
    }

  admiralty_window_show_open_dialog (window);
}

/* A window of its own for another campaign, a battle or the scenario editor, beside the ones
 * open: the welcome page, not the last session (that is the first window's). */
static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  AdmiraltyApplication *self = user_data;

  gtk_window_present (GTK_WINDOW (admiralty_window_new (self)));
}

/* Closing each window lets it remember its size; the application ends with the last one. */
static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  AdmiraltyApplication *self = user_data;
  g_autoptr(GList) windows = NULL;

  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  AdmiraltyApplication *self = user_data;
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "application-name", _("Admiralty"),
                        "application-icon", APP_ID,
                        "developer-name", _("The Admiralty developers"),
                        "version", PACKAGE_VERSION,
                        "comments", _("The game master’s tool for Forcon, the space-fleet battle "
                                      "game set in the Vorkosigan universe: order of battle, "
                                      "dice and the campaign journal."),
                        /* Translators: your names, one per line */
                        "translator-credits", _("translator-credits"),
                        "license-type", GTK_LICENSE_GPL_3_0,
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  AdmiraltyApplication *self = user_data;
  AdmiraltyPreferencesWindow *preferences;

  preferences = admiralty_preferences_window_new (
      gtk_application_get_active_window (GTK_APPLICATION (self)));
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  AdmiraltyApplication *self = user_data;
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));
  GtkShortcutsWindow *overlay = NULL;

  if (!GTK_IS_APPLICATION_WINDOW (window))
    return;
  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  /* Built the first time it is asked for, not with every window (a window
   * shows its first frame sooner); the window keeps it from then on. */
  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (
        "/io/github/admiralty/Admiralty/help-overlay.ui");

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (window), overlay);
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static const GActionEntry app_actions[] = {
  { .name = "new-window", .activate = new_window_action },
  { .name = "open", .activate = open_action },
  { .name = "quit", .activate = quit_action },
  { .name = "about", .activate = about_action },
  { .name = "preferences", .activate = preferences_action },
  { .name = "shortcuts", .activate = shortcuts_action },
};

static void
admiralty_application_startup (GApplication *application)
{
  GtkApplication *gtk_app = GTK_APPLICATION (application);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-window", { "<Control><Shift>n", NULL } },
    { "app.open", { "<Control>o", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.shortcuts", { "<Control>question", NULL } },
    /* GTK binds the same keys to its own help-overlay action; ours replaces it. */
    { "win.show-help-overlay", { NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.roll", { "<Control>r", NULL } },
    { "win.resolve-phase", { "<Control>Return", "<Control>KP_Enter" } },
    { "win.close-tab", { "<Control>w", NULL } },
    { "win.load-orders", { "<Control><Shift>o", NULL } },
    { "win.new-campaign", { "<Control>n", NULL } },
    { "win.edit-scenario", { "<Control>e", NULL } },
    { "win.replay", { "<Control><Shift>r", NULL } },
    { "win.luck-ledger", { "<Control><Shift>l", NULL } },
  };

  G_APPLICATION_CLASS (admiralty_application_parent_class)->startup (application);
  admiralty_accessible_install ();

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions,
                                   G_N_ELEMENTS (app_actions), application);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (gtk_app, accels[i].action, accels[i].accels);
}

void
admiralty_application_leave_room (AdmiraltyApplication *self,
                                  GtkWindow            *window)
{
  AdmiraltyRoom *room;
  GtkWindow *other = NULL;

  g_return_if_fail (ADMIRALTY_IS_APPLICATION (self));
  g_return_if_fail (ADMIRALTY_IS_WINDOW (window));

  room = admiralty_window_get_room (ADMIRALTY_WINDOW (window));
  if (room == NULL || admiralty_room_get_window (room) != window)
    return;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self));
       l != NULL && other == NULL; l = l->next)
    if (l->data != (gpointer) window && ADMIRALTY_IS_WINDOW (l->data) &&
        admiralty_window_get_room (l->data) == room)
      other = l->data;
  admiralty_room_set_window (room, other);
  /* The phones' countdown follows that window's clock, which keeps the same state. */
  if (other != NULL)
    admiralty_room_set_clock (room, _admiralty_window_get_clock (ADMIRALTY_WINDOW (other)));
}

/* A window closed leaves its room before it goes (admiralty_application_leave_room ()). */
static void
admiralty_application_window_removed (GtkApplication *application,
                                      GtkWindow      *window)
{
  if (ADMIRALTY_IS_WINDOW (window))
    admiralty_application_leave_room (ADMIRALTY_APPLICATION (application), window);
  GTK_APPLICATION_CLASS (admiralty_application_parent_class)->window_removed (application,
                                                                               window);
}

static void
admiralty_application_finalize (GObject *object)
{
  AdmiraltyApplication *self = ADMIRALTY_APPLICATION (object);
  GHashTableIter iter;
  gpointer room;

  /* A room a window still holds no longer tells this application when it goes. */
  g_hash_table_iter_init (&iter, self->rooms);
  while (g_hash_table_iter_next (&iter, NULL, &room))
    g_object_weak_unref (room, room_gone_cb, self);
  g_hash_table_unref (self->rooms);

  G_OBJECT_CLASS (admiralty_application_parent_class)->finalize (object);
}

/* "admiralty --new-window" (the desktop file's action): the running Admiralty, or a new one,
 * opens a window beside the ones open, rather than bringing the last one forward. */
static int
admiralty_application_handle_local_options (GApplication *application,
                                            GVariantDict *options)
{
  g_autoptr(GError) error = NULL;

  if (!g_variant_dict_contains (options, "new-window"))
    return -1;
  if (!g_application_register (application, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_action_group_activate_action (G_ACTION_GROUP (application), "new-window", NULL);
  /* The first Admiralty goes on running, its new window the one activated. */
  return g_application_get_is_remote (application) ? 0 : -1;
}

static void
admiralty_application_class_init (AdmiraltyApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  object_class->finalize = admiralty_application_finalize;
  gtk_app_class->window_removed = admiralty_application_window_removed;

  app_class->startup = admiralty_application_startup;
  app_class->activate = admiralty_application_activate;
  app_class->open = admiralty_application_open;
  app_class->handle_local_options = admiralty_application_handle_local_options;
}

static void
admiralty_application_init (AdmiraltyApplication *self)
{
  self->rooms = g_hash_table_new_full (g_direct_hash, g_direct_equal, g_object_unref, NULL);
  g_application_add_main_option (G_APPLICATION (self), "new-window", 0, G_OPTION_FLAG_NONE,
                                 G_OPTION_ARG_NONE, _("Open a new window"), NULL);
}

AdmiraltyApplication *
admiralty_application_new (const char        *application_id,
                           GApplicationFlags  flags)
{
  g_return_val_if_fail (application_id != NULL, NULL);

  return g_object_new (ADMIRALTY_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags,
                       NULL);
}
