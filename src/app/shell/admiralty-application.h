/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-application.h: the application — app.* actions and opening files. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "admiralty-room.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_APPLICATION (admiralty_application_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyApplication, admiralty_application, ADMIRALTY, APPLICATION,
                      AdwApplication)

AdmiraltyApplication *admiralty_application_new (const char        *application_id,
                                                 GApplicationFlags  flags)
    G_GNUC_WARN_UNUSED_RESULT;
/* The bundled scenarios' folder: $ADMIRALTY_SOURCE_DIR/scenarios when that variable is set
 * and the folder exists, else the installed one; NULL when neither exists. */
char                 *admiralty_application_find_scenarios_dir (void)
    G_GNUC_WARN_UNUSED_RESULT;

/* The room of @campaign (admiralty-room.h): its admirals' portal and tables' server, one for
 * every window that shows it — a second window of the campaign serves no second portal —
 * and kept while one does: a window closed or showing another campaign leaves the room to the
 * others, the last one's going stops what it serves. A new reference, for the window
 * @window, which the room's dialogs stand over when it is made. */
AdmiraltyRoom        *admiralty_application_get_room (AdmiraltyApplication *self,
                                                      AdmCampaign          *campaign,
                                                      GtkWindow            *window)
    G_GNUC_WARN_UNUSED_RESULT;
/* @window leaves its room (it goes, or shows another campaign): the room's dialogs and alerts
 * stand over another window of its campaign from then on, or over none. */
void                  admiralty_application_leave_room (AdmiraltyApplication *self,
                                                        GtkWindow            *window);

/* For bench/bench-start.c (start to first frame): once the first window of
 * @application has painted its first frame, prints "first frame: CPU_MS ms CPU" — the
 * process's user and system time since it started — on standard output and quits. The
 * app does this when ADMIRALTY_REPORT_FIRST_FRAME is set; the benchmark's empty libadwaita
 * window through the same function, so both are measured alike. */
void                  admiralty_application_report_first_frame (GtkApplication *application);

G_END_DECLS
