/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-preferences-window.h: who rolls the dice, and the units of the table. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_PREFERENCES_WINDOW (admiralty_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyPreferencesWindow, admiralty_preferences_window, ADMIRALTY,
                      PREFERENCES_WINDOW, AdwPreferencesWindow)

AdmiraltyPreferencesWindow *admiralty_preferences_window_new (GtkWindow *parent)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
