/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-accessible.h: what a screen reader hears of the app's buttons, set right once for
 * every window. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* From now on, every button and check button with a mnemonic ("_Open") that is shown is read
 * by its words alone ("Open"). GTK 4.8 gives such a button two names, its label as written,
 * underscore and all, and then the words of the label it is labelled by: a screen reader says
 * "_Open Open"; a check button it names by the label as written, and a menu button with words
 * ("Legend") by its class. The button keeps the label's words (an accessible label of its own
 * is dropped); the check button and the menu button get them as their label.
 * The button inside a drop-down or a colour button, which takes the focus, is labelled by the
 * control (GTK 4.8 names it by its class), so that an accessible label of the control names
 * it, or by the drop-down's mnemonic label ("View _as"). A tab's close button, an icon
 * libadwaita 1.2 names by nothing, is named by its tooltip ("Close Tab"). Called once, at
 * startup. */
void admiralty_accessible_install (void);

G_END_DECLS
