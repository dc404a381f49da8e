/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-session.c: the session — what the window has open, kept in GSettings on
 * every change so that a crash or `kill -9` loses nothing, and reopened at the next start
 * (issue 15). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-window-private.h"

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
      const char *path = admiralty_ti4_page_get_path (ADMIRALTY_TI4_PAGE (child));

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
               && admiralty_ti4_page_get_path (ADMIRALTY_TI4_PAGE (child)) != NULL)
        g_strv_builder_add (ti4, admiralty_ti4_page_get_path (ADMIRALTY_TI4_PAGE (child)));
    }
  battle_paths = g_strv_builder_end (battles);
  ti4_paths = g_strv_builder_end (ti4);

  /* One change for all the keys: a crash between two of them cannot mix two sessions. */
  g_settings_delay (self->settings);
  g_settings_set_string (self->settings, "session-campaign", campaign_key (self));
  g_settings_set_strv (self->settings, "session-battles", (const char * const *) battle_paths);
  g_settings_set_strv (self->settings, "session-ti4", (const char * const *) ti4_paths);
  g_settings_set_string (self->settings, "session-selected",
                         tab_key (self, adw_tab_view_get_selected_page (self->tab_view)));
  g_settings_set_int64 (self->settings, "session-time", g_get_real_time () / G_USEC_PER_SEC);
  g_settings_apply (self->settings);
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

/* Opens @path if it is still there; else adds its name to @missing. */
static gboolean
restore_file (AdmiraltyWindow *self,
              const char      *path,
              GString         *missing)
{
  if (path == NULL || path[0] == '\0')
    return FALSE;
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
  AdwToast *toast;

  if (subtitle != NULL && subtitle[0] != '\0')
    /* Translators: what the restored session shows, "Battle at Pol jump point, Turn 2 · Fire" */
    what = g_strdup_printf (_("%s, %s"), title, subtitle);
  else
    what = g_strdup (title);
  /* Translators: a toast; %s is the time of day, then what is shown */
  message = g_strdup_printf (_("Restored the session of %s: %s"), clock, what);
  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 8);
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
    }
  _admiralty_window_save_session (self);
  return restored;
}
