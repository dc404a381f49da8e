/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-preferences-window.c: the settings, bound to GSettings. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-preferences-window.h"

struct _AdmiraltyPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;

  GtkCheckButton       *program_check;
  GtkSwitch            *contributions_switch;
  GtkCheckButton       *physical_check;
  AdwComboRow          *units_row;
  AdwComboRow          *paper_row;
  GtkAdjustment        *cycle_adjustment;
  GtkSwitch            *season_switch;
  AdwActionRow         *cycle_row;
  AdwActionRow         *mirror_row;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (AdmiraltyPreferencesWindow, admiralty_preferences_window,
                     ADW_TYPE_PREFERENCES_WINDOW)

/* The units and paper rows list their keys' choices in these orders. */
static const char * const units[] = { "cm", "in", NULL };
static const char * const papers[] = { "a4", "a5", "letter", "legal", NULL };

/* A radio button is active when the key holds its choice; activating it writes the choice,
 * and deactivating it writes nothing (the other button does). */
static gboolean
choice_get_mapping (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  g_value_set_boolean (value, g_strcmp0 (g_variant_get_string (variant, NULL), user_data) == 0);

  return TRUE;
}

static GVariant *
choice_set_mapping (const GValue       *value,
                    const GVariantType *expected_type,
                    gpointer            user_data)
{
  if (!g_value_get_boolean (value))
    return NULL;

  return g_variant_new_string (user_data);
}

/* A combo row selects the position of the key's choice in the NULL-terminated @user_data. */
static gboolean
list_get_mapping (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  const char * const *choices = user_data;
  const char *choice = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i] != NULL; i++)
    if (g_strcmp0 (choice, choices[i]) == 0)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
list_set_mapping (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  const char * const *choices = user_data;
  guint i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **)choices))
    return NULL;

  return g_variant_new_string (choices[i]);
}

/* The second copy: where it goes, or that none is kept. */
static void
update_mirror_row (AdmiraltyPreferencesWindow *self)
{
  g_autofree char *folder = g_settings_get_string (self->settings, "mirror-folder");

  if (folder[0] == '\0')
    adw_action_row_set_subtitle (self->mirror_row,
                                 _("After every save, also write the campaign to another folder "
                                   "— a USB stick, say. None is kept now."));
  else
    {
      g_autofree char *display = g_filename_display_name (folder);
      /* Translators: %s is a folder */
      g_autofree char *subtitle = g_strdup_printf (_("After every save the campaign is also "
                                                     "written to %s"), display);

      adw_action_row_set_subtitle (self->mirror_row, subtitle);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "prefs.clear-mirror", folder[0] != '\0');
}

static void
mirror_chosen_cb (AdmiraltyPreferencesWindow *self,
                  int                         response,
                  GtkFileChooserNative       *chooser)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (folder != NULL && (path = g_file_get_path (folder)) != NULL)
    g_settings_set_string (self->settings, "mirror-folder", path);
  g_clear_object (&self->chooser);
}

static void
choose_mirror_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyPreferencesWindow *self = ADMIRALTY_PREFERENCES_WINDOW (widget);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Folder of the Second Copy"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                               _("_Choose"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (mirror_chosen_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
clear_mirror_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  AdmiraltyPreferencesWindow *self = ADMIRALTY_PREFERENCES_WINDOW (widget);

  g_settings_set_string (self->settings, "mirror-folder", "");
}

static void
admiralty_preferences_window_dispose (GObject *object)
{
  AdmiraltyPreferencesWindow *self = (AdmiraltyPreferencesWindow *)object;

  g_clear_object (&self->settings);
  g_clear_object (&self->chooser);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (admiralty_preferences_window_parent_class)->dispose (object);
}

static void
admiralty_preferences_window_class_init (AdmiraltyPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow, program_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow, physical_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow, units_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow, paper_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow,
                                        cycle_adjustment);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow, season_switch);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow, cycle_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow, mirror_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyPreferencesWindow,
                                        contributions_switch);
  gtk_widget_class_install_action (widget_class, "prefs.choose-mirror", NULL,
                                   choose_mirror_action);
  gtk_widget_class_install_action (widget_class, "prefs.clear-mirror", NULL,
                                   clear_mirror_action);
}

static void
admiralty_preferences_window_init (AdmiraltyPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new (APP_ID);

  g_settings_bind_with_mapping (self->settings, "dice-mode", self->program_check, "active",
                                G_SETTINGS_BIND_DEFAULT, choice_get_mapping, choice_set_mapping,
                                (gpointer)"program", NULL);
  g_settings_bind_with_mapping (self->settings, "dice-mode", self->physical_check, "active",
                                G_SETTINGS_BIND_DEFAULT, choice_get_mapping, choice_set_mapping,
                                (gpointer)"physical", NULL);
  g_settings_bind (self->settings, "ask-dice-contributions", self->contributions_switch,
                   "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "units", self->units_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, list_get_mapping, list_set_mapping,
                                (gpointer)units, NULL);
  /* The page size of printed and exported reports. */
  g_settings_bind_with_mapping (self->settings, "paper", self->paper_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, list_get_mapping, list_set_mapping,
                                (gpointer)papers, NULL);
  /* F-STRAT-1: the season's minutes, or the master's own; the running cycle keeps its
   * deadline. */
  g_settings_bind (self->settings, "cycle-minutes-from-season", self->season_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "cycle-minutes-from-season", self->cycle_row, "sensitive",
                   G_SETTINGS_BIND_GET | G_SETTINGS_BIND_INVERT_BOOLEAN);
  g_settings_bind (self->settings, "cycle-minutes", self->cycle_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed::mirror-folder",
                           G_CALLBACK (update_mirror_row), self, G_CONNECT_SWAPPED);
  update_mirror_row (self);
}

AdmiraltyPreferencesWindow *
admiralty_preferences_window_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (ADMIRALTY_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       NULL);
}
