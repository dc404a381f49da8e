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
  GtkCheckButton       *physical_check;
  AdwComboRow          *units_row;
  AdwComboRow          *paper_row;
  GtkAdjustment        *cycle_adjustment;
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

static void
admiralty_preferences_window_dispose (GObject *object)
{
  AdmiraltyPreferencesWindow *self = (AdmiraltyPreferencesWindow *)object;

  g_clear_object (&self->settings);

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
  g_settings_bind_with_mapping (self->settings, "units", self->units_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, list_get_mapping, list_set_mapping,
                                (gpointer)units, NULL);
  /* The page size of printed and exported reports. */
  g_settings_bind_with_mapping (self->settings, "paper", self->paper_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, list_get_mapping, list_set_mapping,
                                (gpointer)papers, NULL);
  /* F-STRAT-1: 40 minutes by the rules; the running cycle keeps its deadline. */
  g_settings_bind (self->settings, "cycle-minutes", self->cycle_adjustment, "value",
                   G_SETTINGS_BIND_DEFAULT);
}

AdmiraltyPreferencesWindow *
admiralty_preferences_window_new (GtkWindow *parent)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (ADMIRALTY_TYPE_PREFERENCES_WINDOW,
                       "transient-for", parent,
                       NULL);
}
