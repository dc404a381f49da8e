/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-session.c: the session — what the window has open, kept in GSettings on
 * every change so that a crash or `kill -9` loses nothing, and reopened at the next start. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <glib/gi18n.h>

#include "admiralty-plain-text.h"
#include "admiralty-share-dialog.h"
#include "admiralty-toast.h"
#include "admiralty-window-private.h"
#include "adm-table-client.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "admiralty-tooltip.h"

/* The key naming the tab in session-selected: the fixed tabs by name, the others by file. */
static const char *
tab_key (AdmiraltyWindow *self,
         AdwTabPage      *tab)
{
  GtkWidget *child;

  if (tab == NULL)
    return "";
  if (tab == self->campaign_tab)
    return "campaign";
  if (tab == self->map_tab)
    return "map";
  if (tab == self->orders_tab)
    return "orders";
  child = adw_tab_page_get_child (tab);
  if (ADMIRALTY_IS_BATTLE_PAGE (child))
    return admiralty_battle_page_get_source_path (ADMIRALTY_BATTLE_PAGE (child));
  if (ADMIRALTY_IS_TI4_PAGE (child))
    {
      const char *path = admiralty_ti4_page_get_session_path (ADMIRALTY_TI4_PAGE (child));

      return path != NULL ? path : "";
    }
  return "";
}

/* The campaign's own file once it has one (saved or autosaved), else the scenario it was
 * opened from. */
static const char *
campaign_key (AdmiraltyWindow *self)
{
  const char *path;

  if (self->campaign == NULL)
    return "";
  path = adm_campaign_get_path (self->campaign);
  if (path != NULL)
    return path;
  return self->campaign_source != NULL ? self->campaign_source : "";
}

void
_admiralty_window_save_session (AdmiraltyWindow *self)
{
  g_autoptr(GStrvBuilder) battles = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) ti4 = g_strv_builder_new ();
  g_auto(GStrv) battle_paths = NULL;
  g_auto(GStrv) ti4_paths = NULL;
  g_autoptr(GSettings) settings = NULL;
  guint n;

  if (self->session_frozen || self->settings == NULL || self->tab_view == NULL)
    return;

  n = adw_tab_view_get_n_pages (self->tab_view);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (self->tab_view, i));

      if (ADMIRALTY_IS_BATTLE_PAGE (child))
        g_strv_builder_add (battles,
                            admiralty_battle_page_get_source_path (ADMIRALTY_BATTLE_PAGE (child)));
      else if (ADMIRALTY_IS_TI4_PAGE (child)
               && admiralty_ti4_page_get_session_path (ADMIRALTY_TI4_PAGE (child)) != NULL)
        g_strv_builder_add (ti4,
                            admiralty_ti4_page_get_session_path (ADMIRALTY_TI4_PAGE (child)));
    }
  battle_paths = g_strv_builder_end (battles);
  ti4_paths = g_strv_builder_end (ti4);

  /* One change for all the keys: a crash between two of them cannot mix two sessions. A
   * GSettings of its own, as delay-apply mode is for good. */
  settings = g_settings_new (APP_ID);
  g_settings_delay (settings);
  g_settings_set_string (settings, "session-campaign", campaign_key (self));
  g_settings_set_strv (settings, "session-battles", (const char * const *) battle_paths);
  g_settings_set_strv (settings, "session-ti4", (const char * const *) ti4_paths);
  g_settings_set_string (settings, "session-selected",
                         tab_key (self, adw_tab_view_get_selected_page (self->tab_view)));
  g_settings_set_int64 (settings, "session-time", g_get_real_time () / G_USEC_PER_SEC);
  g_settings_apply (settings);
}

static void
session_changed_cb (AdmiraltyWindow *self)
{
  _admiralty_window_save_session (self);
}

void
_admiralty_window_session_init (AdmiraltyWindow *self)
{
  g_signal_connect_object (self->tab_view, "notify::selected-page",
                           G_CALLBACK (session_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "page-attached", G_CALLBACK (session_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "page-detached", G_CALLBACK (session_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self, "notify::campaign", G_CALLBACK (session_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

static AdwTabPage *
find_tab (AdmiraltyWindow *self,
          const char      *key)
{
  guint n = adw_tab_view_get_n_pages (self->tab_view);

  for (guint i = 0; i < n; i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);

      if (g_strcmp0 (tab_key (self, tab), key) == 0)
        return tab;
    }
  return NULL;
}

/* Several masters, one campaign: a battle fought at this table, kept in the tables folder
 * (adm-table-client.h), is opened again with its client, which resumes sending to the chief
 * what he has not acknowledged (his server reachable or not). FALSE when @path is none. */
static gboolean
restore_table_battle (AdmiraltyWindow *self,
                      const char      *path,
                      gboolean        *opened)
{
  g_autofree char *folder = adm_table_client_folder ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GPtrArray) kept = NULL;

  if (!g_str_equal (folder, dir))
    return FALSE;
  *opened = FALSE;
  kept = adm_table_client_list_kept (NULL);
  for (guint i = 0; i < kept->len; i++)
    {
      const AdmTableKept *battle = g_ptr_array_index (kept, i);
      g_autoptr(AdmTableClient) client = NULL;
      g_autoptr(AdmBattle) opened_battle = NULL;
      g_autoptr(GError) error = NULL;

      if (g_strcmp0 (battle->battle_path, path) != 0)
        continue;
      client = adm_table_client_new (battle->link, &error);
      if (client != NULL)
        opened_battle = adm_table_client_open_battle (client, battle->engagement, NULL, NULL,
                                                      &error);
      if (opened_battle == NULL)
        {
          _admiralty_window_present_error (self, _("Could Not Open the Battle"),
                                           error->message, NULL);
          return TRUE;
        }
      *opened = _admiralty_window_open_table_battle (self, client);
      return TRUE;
    }
  return TRUE;
}

/* Opens @path if it is still there; else adds its name to @missing. */
static gboolean
restore_file (AdmiraltyWindow *self,
              const char      *path,
              GString         *missing)
{
  const char *hash;
  gboolean opened;

  if (path == NULL || path[0] == '\0')
    return FALSE;
  /* A battle of the campaign, "CAMPAIGN#ENGAGEMENT": reopened from the campaign restored
   * first, when it is that campaign. */
  hash = strrchr (path, '#');
  if (hash != NULL && !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *campaign_path = g_strndup (path, hash - path);
      const char *open = self->campaign != NULL ? adm_campaign_get_path (self->campaign) : NULL;
      g_autofree char *canonical = open != NULL ? g_canonicalize_filename (open, NULL) : NULL;

      if (canonical != NULL && g_str_equal (canonical, campaign_path) &&
          adm_campaign_get_battle (self->campaign, hash + 1, NULL, NULL) != NULL)
        return _admiralty_window_open_engagement_battle (self, hash + 1, NULL);
    }
  if (restore_table_battle (self, path, &opened))
    {
      if (!opened)
        {
          if (missing->len > 0)
            g_string_append_c (missing, '\n');
          g_string_append (missing, path);
        }
      return opened;
    }
  /* A Twilight Imperium set-up being typed when the last session ended. */
  if (admiralty_ti4_page_is_draft (path) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return _admiralty_window_open_ti4_draft (self, path);
  if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return admiralty_window_open (self, path);

  if (missing->len > 0)
    g_string_append_c (missing, '\n');
  g_string_append (missing, path);
  return FALSE;
}

/* "Restored the session of 01:42: Battle at Pol jump point, Turn 2 · Movement". */
static void
announce_restore (AdmiraltyWindow *self,
                  gint64           time)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_local (time > 0 ? time : 0);
  g_autofree char *clock = when != NULL ? g_date_time_format (when, "%H:%M") : g_strdup ("");
  const char *title = adw_window_title_get_title (self->window_title);
  const char *subtitle = adw_window_title_get_subtitle (self->window_title);
  g_autofree char *what = NULL;
  g_autofree char *message = NULL;

  if (subtitle != NULL && subtitle[0] != '\0')
    /* Translators: what the restored session shows, "Battle at Pol jump point, Turn 2 · Fire" */
    what = g_strdup_printf (_("%s, %s"), title, subtitle);
  else
    what = g_strdup (title);
  /* Translators: a toast; %s is the time of day, then what is shown */
  message = g_strdup_printf (_("Restored the session of %s: %s"), clock, what);
  adw_toast_overlay_add_toast (self->toast_overlay, admiralty_toast_new (message, 8));
}

/* Sharing resumed as the master left it: the admirals' phones and the tables served again
 * with the same links; said, with the way to choose again, when it cannot be. */
static void
resume_sharing (AdmiraltyWindow *self)
{
  g_autoptr(GError) error = NULL;
  AdmPortal *portal = NULL;
  AdwToast *toast;

  if (self->campaign == NULL)
    return;
  if (admiralty_share_dialog_resume (self->room, self->campaign, &portal,
                                     &error))
    {
      if (portal != NULL)
        {
          admiralty_campaign_orders_set_portal (_admiralty_window_get_campaign_orders (self),
                                                portal);
          if (self->projector != NULL)
            admiralty_projector_window_set_portal (ADMIRALTY_PROJECTOR_WINDOW (self->projector),
                                                   portal);
        }
      return;
    }
  /* Stays until the master answers it: no phone is served meanwhile. */
  toast = admiralty_toast_new (error->message, 0);
  adw_toast_set_button_label (toast, _("_Share…"));
  adw_toast_set_action_name (toast, "win.share-admirals");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

gboolean
admiralty_window_restore_session (AdmiraltyWindow *self)
{
  g_autofree char *campaign = NULL;
  g_autofree char *selected = NULL;
  g_auto(GStrv) battles = NULL;
  g_auto(GStrv) ti4 = NULL;
  g_autoptr(GString) missing = g_string_new (NULL);
  gboolean restored = FALSE;
  gint64 time;
  AdwTabPage *tab;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), FALSE);

  campaign = g_settings_get_string (self->settings, "session-campaign");
  battles = g_settings_get_strv (self->settings, "session-battles");
  ti4 = g_settings_get_strv (self->settings, "session-ti4");
  selected = g_settings_get_string (self->settings, "session-selected");
  time = g_settings_get_int64 (self->settings, "session-time");

  /* The files are reopened as they were opened, without each saying so or saving a
   * session of its own halfway. */
  self->session_frozen = TRUE;
  restored |= restore_file (self, campaign, missing);
  for (guint i = 0; battles[i] != NULL; i++)
    restored |= restore_file (self, battles[i], missing);
  for (guint i = 0; ti4[i] != NULL; i++)
    restored |= restore_file (self, ti4[i], missing);
  tab = find_tab (self, selected);
  if (tab != NULL)
    adw_tab_view_set_selected_page (self->tab_view, tab);
  self->session_frozen = FALSE;

  if (missing->len > 0)
    {
      /* Translators: %s is a list of files, one a line */
      g_autofree char *body = g_strdup_printf (_("These files of the last session are no longer there and were skipped:\n%s"),
                                               missing->str);

      _admiralty_window_present_error (self, _("Some Files Were Not Reopened"), body, NULL);
    }
  if (restored)
    {
      _admiralty_window_update_header (self);
      announce_restore (self, time);
      resume_sharing (self);
    }
  _admiralty_window_save_session (self);
  return restored;
}

/* The welcome page */

#define WELCOME_RECENT 8
#define RECENT_APP_NAME "Admiralty"

void
_admiralty_window_add_recent (const char *path)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autofree char *exec = g_strdup_printf ("%s %%f", g_get_prgname () != NULL
                                           ? g_get_prgname () : "admiralty");
  GtkRecentData data = {
    .display_name = NULL,
    .description = NULL,
    .mime_type = (char *) (g_str_has_suffix (path, ".admiralty")
                           ? "application/x-admiralty" : "application/xml"),
    .app_name = (char *) RECENT_APP_NAME,
    .app_exec = exec,
    .groups = NULL,
    .is_private = FALSE,
  };

  if (uri != NULL)
    gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

/* The display name of a scenario or battle file: its root's "name", translated as the
 * engine translates the data's names; NULL when the file is not one. */
static char *
file_display_name (const char *path)
{
  g_autoptr(GError) error = NULL;
  xmlDoc *doc = adm_xml_read_file (path, NULL, &error);
  g_autofree char *name = NULL;
  char *result = NULL;

  if (doc == NULL)
    return NULL;
  name = adm_xml_get_string (xmlDocGetRootElement (doc), "name");
  if (name != NULL && name[0] != '\0')
    result = g_strdup (g_dgettext (GETTEXT_PACKAGE, name));
  xmlFreeDoc (doc);
  return result;
}

/* The folder as a master reads it, the home folder shortened to "~". */
static char *
display_folder (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  const char *home = g_get_home_dir ();
  gsize home_len = strlen (home);

  if (home_len > 1 && g_str_has_prefix (folder, home)
      && (folder[home_len] == G_DIR_SEPARATOR || folder[home_len] == '\0'))
    return g_strconcat ("~", folder + home_len, NULL);
  return g_filename_display_name (folder);
}

static GtkWidget *
welcome_row (const char *title,
             const char *subtitle,
             const char *path)
{
  GtkWidget *row = admiralty_plain_row (adw_action_row_new ());

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-path");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", path);
  admiralty_tooltip_set (row, path);
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static gint
recent_newest_first (gconstpointer a,
                     gconstpointer b)
{
  GDateTime *ta = gtk_recent_info_get_modified (*(GtkRecentInfo **) a);
  GDateTime *tb = gtk_recent_info_get_modified (*(GtkRecentInfo **) b);

  return g_date_time_compare (tb, ta);
}

/* When the file was last written, as a master reads it: "14:05" today, else with the date. */
static char *
written_at (const char *path)
{
  GStatBuf info;
  g_autoptr(GDateTime) when = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  if (g_stat (path, &info) != 0)
    return NULL;
  when = g_date_time_new_from_unix_local (info.st_mtime);
  if (when == NULL)
    return NULL;
  if (g_date_time_get_year (when) == g_date_time_get_year (now) &&
      g_date_time_get_day_of_year (when) == g_date_time_get_day_of_year (now))
    return g_date_time_format (when, "%H:%M");
  return g_date_time_format (when, "%Y-%m-%d %H:%M");
}

/* A scenario or campaign file's row title, its subtitle in *@subtitle: a campaign (saved or
 * autosaved as it is played) by its name and cycle and when it was saved, so that it is never
 * mistaken for the scenario beside it, which starts a new game. NULL for other files. */
static char *
recent_title (const char  *path,
              char       **subtitle)
{
  g_autofree char *name = NULL;
  g_autofree char *when = NULL;
  gboolean campaign;
  guint cycle;
  char *line;

  if (!g_str_has_suffix (path, ".admiralty") ||
      !adm_campaign_peek_file (path, &campaign, &name, &cycle, NULL))
    return NULL;
  if (!campaign)
    /* Translators: a recent scenario: its name, "Skirmish at the Hegen Hub — new game" */
    return g_strdup_printf (_("%s — new game"), name);
  when = written_at (path);
  /* Translators: a recent campaign's subtitle: when it was last saved, then its file:
   * "Autosave of 14:05 · komarr-20261124.admiralty in ~/…/campaigns" */
  line = g_strdup_printf (_("Autosave of %s · %s"), when != NULL ? when : "?", *subtitle);
  g_free (*subtitle);
  *subtitle = line;
  /* Translators: a recent campaign: its name and the cycle it stands at */
  return g_strdup_printf (_("%s — cycle %u"), name, cycle);
}

/* The files Admiralty opened last, newest first, those still there and of a kind it opens. */
static void
fill_recent (AdmiraltyWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  g_autoptr(GPtrArray) ours = g_ptr_array_new ();
  guint shown = 0;

  clear_list (self->recent_list);
  for (GList *l = items; l != NULL; l = l->next)
    if (gtk_recent_info_has_application (l->data, RECENT_APP_NAME) && gtk_recent_info_is_local (l->data))
      g_ptr_array_add (ours, l->data);
  g_ptr_array_sort (ours, recent_newest_first);

  for (guint i = 0; i < ours->len && shown < WELCOME_RECENT; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_uri (gtk_recent_info_get_uri (ours->pdata[i]));
      g_autofree char *path = g_file_get_path (file);
      g_autofree char *name = NULL;
      g_autofree char *folder = NULL;
      g_autofree char *basename = NULL;

      /* Only what opens here: a file another program's chooser put in the list under
       * Admiralty's name (GTK's file chooser adds the CSV an import read, as Admiralty) would
       * be refused with an error when clicked. */
      if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_REGULAR) ||
          !_admiralty_window_can_open (path))
        continue;
      basename = g_path_get_basename (path);
      folder = display_folder (path);
      {
        /* Translators: a recent file's subtitle, "komarr.admiralty in ~/Games" */
        g_autofree char *subtitle = g_strdup_printf (_("%s in %s"), basename, folder);
        g_autofree char *title = recent_title (path, &subtitle);

        if (title == NULL)
          {
            name = file_display_name (path);
            title = g_strdup (name != NULL ? name : basename);
          }
        gtk_list_box_append (self->recent_list, welcome_row (title, subtitle, path));
      }
      shown++;
    }
  gtk_widget_set_visible (self->recent_group, shown > 0);
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

static gboolean
is_bundled_file (const char *name)
{
  if (g_str_has_suffix (name, ".admiralty"))
    return TRUE;
  /* Battle set-ups only: not their orders, nor games, drafts or backups an older version
   * left beside them. */
  return g_str_has_suffix (name, ".xml") && strchr (name, '.') == strrchr (name, '.');
}

static gint
sort_names (gconstpointer a,
            gconstpointer b)
{
  return g_strcmp0 (*(const char **) a, *(const char **) b);
}

static void
add_bundled (AdmiraltyWindow *self,
             const char      *folder,
             guint           *shown)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (is_bundled_file (name))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, sort_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (folder, g_ptr_array_index (names, i), NULL);
      g_autofree char *title = file_display_name (path);
      g_autofree char *root = adm_xml_peek_root (path);
      const char *kind;

      if (title == NULL)
        continue;
      kind = g_strcmp0 (root, "battle") == 0 ? _("Battle") : _("Scenario: a new campaign");
      gtk_list_box_append (self->scenarios_list, welcome_row (title, kind, path));
      (*shown)++;
    }
}

void
_admiralty_window_fill_welcome (AdmiraltyWindow *self)
{
  g_autofree char *scenarios = admiralty_application_find_scenarios_dir ();
  guint shown = 0;

  fill_recent (self);
  clear_list (self->scenarios_list);
  if (scenarios != NULL)
    {
      g_autofree char *battles = g_build_filename (scenarios, "battles", NULL);

      add_bundled (self, scenarios, &shown);
      add_bundled (self, battles, &shown);
    }
  gtk_widget_set_visible (self->scenarios_group, shown > 0);
}
