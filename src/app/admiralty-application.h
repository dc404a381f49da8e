/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-application.h: the application — app.* actions and opening files. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_APPLICATION (admiralty_application_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyApplication, admiralty_application, ADMIRALTY, APPLICATION,
                      AdwApplication)

AdmiraltyApplication *admiralty_application_new (const char        *application_id,
                                                 GApplicationFlags  flags)
    G_GNUC_WARN_UNUSED_RESULT;
/* The bundled default scenario: $ADMIRALTY_SOURCE_DIR/scenarios/skirmish.admiralty when that
 * variable is set, else the installed one; NULL when neither exists. */
char                 *admiralty_application_find_default_scenario (void)
    G_GNUC_WARN_UNUSED_RESULT;
/* The bundled scenarios' folder: $ADMIRALTY_SOURCE_DIR/scenarios when that variable is set
 * and the folder exists, else the installed one; NULL when neither exists. */
char                 *admiralty_application_find_scenarios_dir (void)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
