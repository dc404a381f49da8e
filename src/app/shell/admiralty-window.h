/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window.h: the main window — order of battle, dice log and campaign summary. */
#pragma once

#include <adwaita.h>

#include "admiralty-application.h"
#include "adm-campaign.h"
#include "admiralty-room.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_WINDOW (admiralty_window_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyWindow, admiralty_window, ADMIRALTY, WINDOW, AdwApplicationWindow)

AdmiraltyWindow *admiralty_window_new              (AdmiraltyApplication *application)
    G_GNUC_WARN_UNUSED_RESULT;
/* Opens a scenario (a new, unsaved campaign) or a campaign file in the campaign tab, or a
 * battle set-up or saved battle in a tab of its own (by the file's root element). On error
 * the window keeps what it showed and presents a dialog naming the problem; returns FALSE
 * then. */
gboolean         admiralty_window_open             (AdmiraltyWindow      *self,
                                                    const char           *path);
/* The same for a GFile, which must be local. */
gboolean         admiralty_window_open_file        (AdmiraltyWindow      *self,
                                                    GFile                *file);
/* Shows a file chooser and opens the chosen file. */
void             admiralty_window_show_open_dialog (AdmiraltyWindow      *self);
AdmCampaign     *admiralty_window_get_campaign     (AdmiraltyWindow      *self);
/* The window's room: the admirals' portal of its campaign and the tables' server on it
 * (admiralty-room.h), shared and served by the Share and Tables dialogs. */
AdmiraltyRoom   *admiralty_window_get_room         (AdmiraltyWindow      *self);
/* Shows @campaign (NULL: none) as opening its file does — the same campaign in a second
 * window, sharing its room. */
void             admiralty_window_set_campaign     (AdmiraltyWindow      *self,
                                                    AdmCampaign          *campaign);
/* Reopens what the last session had open (GSettings session-*): the campaign, battle and
 * TI4 tabs and the selected tab, with a toast that says so; a file that no longer opens is
 * skipped and named in a message. Returns whether anything was reopened. */
gboolean         admiralty_window_restore_session  (AdmiraltyWindow      *self);

G_END_DECLS
