/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-inscription.h: text that changes often, shown without laying the window out
 * again. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Sets @inscription's text to @text (NULL: none), wrapped at the inscription's width. A
 * GtkLabel whose text changes asks for its size again, and in GTK 4.8 on X11 every such
 * request lays the whole window out again, with the monitor's work area fetched from the X
 * server (several round trips); a GtkInscription's size is its number of lines, so the text
 * is set alone and the lines only when the text takes another number of them at the width
 * it has (before its first allocation, at its natural width in characters). A text that
 * changes at every motion of a drag, such as a course's summary, is set through this. */
void admiralty_inscription_set_text (GtkInscription *inscription,
                                     const char     *text);

G_END_DECLS
