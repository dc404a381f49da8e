/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-focus-scroll.h: a preferences page that scrolls to the widget the keyboard focuses,
 * as GTK's viewport does, but not to a choice in a combo row's open list. GTK 4.8's viewport
 * scrolls to any focused widget inside it, and a combo row's list is a popover inside the row:
 * picking a choice with the pointer scrolled the page under it, and the click that followed
 * landed on the row below. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Makes @page scroll to its focused widget unless that widget is in a popover. */
void admiralty_focus_scroll_outside_popovers (AdwPreferencesPage *page);

G_END_DECLS
