/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-helpers.h: the scenario editor in the UI tests — a window shown at 1280×800 and
 * closed, its document compared and its edits undone and redone with the keys, its widgets
 * found by label, title or type, text typed into a field and an item picked from a list, all
 * by the X server's pointer and keyboard. */

#pragma once

#include "admiralty-scenario-editor.h"
#include "pointer-helpers.h"

G_BEGIN_DECLS

/* @editor presented at 1280×800 and painted once. */
AdmiraltyScenarioEditor *editor_shown     (AdmiraltyScenarioEditor *editor);
/* The scenario @path in an editor, shown. */
AdmiraltyScenarioEditor *editor_of        (const char              *path);
/* @editor closed, and gone. */
void                     close_editor     (AdmiraltyScenarioEditor *editor);
/* Files @a and @b are the same bytes. */
void                     assert_same_file (const char              *a,
                                           const char              *b);
/* The editor's document as it would be saved now. */
GBytes                  *bytes_now        (AdmiraltyScenarioEditor *editor);
/* The last edit changed the document from @before; Ctrl+Z brings @before back and
 * Shift+Ctrl+Z the edit again. */
void                     assert_undo_redo (AdmiraltyScenarioEditor *editor,
                                           GBytes                  *before);

/* Matches for find_widget (), each among the widgets drawn: a button by its label, tooltip or
 * icon, a preferences row by its title, an entry row by its text, a widget by its GType (data:
 * GSIZE_TO_POINTER (type)) or by a style class of its own ("faction-picker"), the Fleets page's
 * list of formations. */
gboolean                 is_button_labelled (GtkWidget *widget, gconstpointer data);
gboolean                 is_button_tooltip  (GtkWidget *widget, gconstpointer data);
gboolean                 is_button_icon     (GtkWidget *widget, gconstpointer data);
gboolean                 is_row_titled      (GtkWidget *widget, gconstpointer data);
gboolean                 is_entry_row_text  (GtkWidget *widget, gconstpointer data);
gboolean                 is_of_type         (GtkWidget *widget, gconstpointer data);
gboolean                 is_styled          (GtkWidget *widget, gconstpointer data);
gboolean                 is_sidebar         (GtkWidget *widget, gconstpointer data);
/* The button labelled @label under @under, which must be there. */
GtkWidget               *button             (GtkWidget               *under,
                                             const char              *label);

/* @text typed into @field as a person does: a click in it, its text selected, the new text
 * and Enter. */
void                     type_into        (AdmiraltyScenarioEditor *editor,
                                           GtkWidget               *field,
                                           const char              *text);
/* The item named @name of a drop-down, a combo row or a button that opens a list in a
 * popover, picked with a click and the keys. */
void                     choose_named     (AdmiraltyScenarioEditor *editor,
                                           GtkWidget               *control,
                                           const char              *name);

G_END_DECLS
