/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-keys.h: the tactical table from the keyboard, and what a screen reader hears
 * of it. The arrow keys select the token nearest that way among those the view shows (the
 * firer, on a fire phase); Shift and an arrow aim the firer at the nearest of its possible
 * targets that way, T and Shift+T at the next and the previous by distance; Ctrl and an arrow
 * pan. Return declares the fire and Escape backs out, as the table widget itself binds them.
 * The widget's accessible name says which token is selected and which it aims at, as the view
 * shows them: a face-down token is not named.
 *
 * Actions: "table.select-towards" and "table.target-towards" ("(ii)", a unit step: (1, 0)
 * right, (0, -1) up), "table.next-target" ("i": 1 the next, -1 the previous). */
#pragma once

#include "admiralty-table-widget.h"

G_BEGIN_DECLS

/* From the widget's class_init: the actions and their keys. */
void admiralty_table_keys_install (GtkWidgetClass       *widget_class);
/* From the widget's init: the accessible name follows the selection and the aim. */
void admiralty_table_keys_attach  (AdmiraltyTableWidget *self);
/* The accessible name for the table as it stands ("Tactical Table: Triumph (Barrayar)
 * selected…"). */
char *admiralty_table_keys_dup_label (AdmiraltyTableWidget *self) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
