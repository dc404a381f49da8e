/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-welcome-page.h: what a window with no campaign shows — the way to open a file, the
 * recent files and the bundled scenarios and battles, their lists filled by the window. Made
 * when the window first shows it, not for a window that opens a campaign. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_WELCOME_PAGE (admiralty_welcome_page_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyWelcomePage, admiralty_welcome_page, ADMIRALTY, WELCOME_PAGE,
                      AdwBin)

AdmiraltyWelcomePage *admiralty_welcome_page_new                 (void);
/* The "Recent" group (hidden while empty) and its list. */
GtkWidget            *admiralty_welcome_page_get_recent_group    (AdmiraltyWelcomePage *self);
GtkListBox           *admiralty_welcome_page_get_recent_list     (AdmiraltyWelcomePage *self);
/* The bundled scenarios' and battles' group (hidden while empty) and its list. */
GtkWidget            *admiralty_welcome_page_get_scenarios_group (AdmiraltyWelcomePage *self);
GtkListBox           *admiralty_welcome_page_get_scenarios_list  (AdmiraltyWelcomePage *self);

G_END_DECLS
