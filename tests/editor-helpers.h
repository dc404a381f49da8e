/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-helpers.h: the scenario editor in the UI tests — a window shown at 1280×800 and
 * closed, its document compared and its edits undone and redone with the keys, its list of
 * formations found, text typed into a field and an item picked from a list, all by the X
 * server's pointer and keyboard. */

#pragma once

#include "admiralty-editor-fleets.h"
#include "admiralty-scenario-editor.h"
#include "adm-scenario-edit-elements.h"
#include "pointer-helpers.h"

G_BEGIN_DECLS

/* @editor presented at 1280×800 and painted once. */
AdmiraltyScenarioEditor *editor_shown     (AdmiraltyScenarioEditor *editor);
/* The scenario @path in an editor, shown. */
AdmiraltyScenarioEditor *editor_of        (const char              *path);
/* A copy of the shipped scenario @name (scenarios/@name) in a new temporary @folder, for
 * the editor to save to: the copy's path. */
char                    *scenario_copy    (const char              *name,
                                           char                   **folder);
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

/* A match for find_widget (): the Fleets page's list of formations. The matches by label,
 * title, tooltip, icon, text, type and style class are ui-helpers'. */
gboolean                 is_sidebar         (GtkWidget *widget, gconstpointer data);

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

/* The element of the formation or pool @fleets shows, or NULL. */
xmlNode                 *formation_shown  (AdmiraltyEditorFleets   *fleets);
/* The formation @id, shown by a click on it in the Fleets page's list. */
xmlNode                 *click_formation  (AdmiraltyScenarioEditor *editor,
                                           const char              *id);

G_END_DECLS
