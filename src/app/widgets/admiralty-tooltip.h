/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-tooltip.h: a widget's tooltip set only when it says something new. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Sets @widget's tooltip to @text (NULL for none) unless it says that already. GTK 4.8 asks
 * the display where the pointer is whenever a shown widget's tooltip is set — a round trip
 * to the X server — so a form brought up to date at every motion of a drag or every Resolve
 * sets its tooltips through this. */
void admiralty_tooltip_set (GtkWidget  *widget,
                            const char *text);

G_END_DECLS
