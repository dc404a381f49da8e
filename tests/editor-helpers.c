/* SPDX-License-Identifier: GPL-3.0-or-later */
/* editor-helpers.c: the scenario editor in the UI tests (see the header). */

#include "config.h"

#include "editor-helpers.h"

#include "admiralty-editor-fleets.h"
#include "adm-scenario-edit-elements.h"
#include "adm-xml.h"

AdmiraltyScenarioEditor *
editor_shown (AdmiraltyScenarioEditor *editor)
{
  gtk_window_set_default_size (GTK_WINDOW (editor), 1280, 800);
  gtk_window_present (GTK_WINDOW (editor));
  iterate_until (widget_mapped, editor, 5000);
  wait_frame (GTK_WIDGET (editor));
  return editor;
}

AdmiraltyScenarioEditor *
editor_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  AdmiraltyScenarioEditor *editor =
    admiralty_scenario_editor_open (GTK_APPLICATION (app), path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (editor);
  return editor_shown (editor);
}

char *
scenario_copy (const char  *name,
               char       **folder)
{
  g_autofree char *source = source_path ("scenarios", name, NULL);
  char *path;

  *folder = g_dir_make_tmp ("admiralty-editor-XXXXXX", NULL);
  path = g_build_filename (*folder, name, NULL);
  copy_file (source, path);
  return path;
}

void
close_editor (AdmiraltyScenarioEditor *editor)
{
  GWeakRef ref;

  g_weak_ref_init (&ref, editor);
  gtk_window_destroy (GTK_WINDOW (editor));
  iterate ();
  g_assert_null (g_weak_ref_get (&ref));
  g_weak_ref_clear (&ref);
}

void
assert_same_file (const char *a,
                  const char *b)
{
  g_autofree char *da = NULL, *db = NULL;
  gsize la = 0, lb = 0;

  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  g_assert_cmpstr (da, ==, db);
  g_assert_cmpmem (da, la, db, lb);
}

GBytes *
bytes_now (AdmiraltyScenarioEditor *editor)
{
  return g_bytes_ref (adm_scenario_edit_get_bytes (admiralty_scenario_editor_get_edit (editor)));
}

/* Ctrl+Z takes the editor back to the text before the edit, Shift+Ctrl+Z to the text after. */
void
assert_undo_redo (AdmiraltyScenarioEditor *editor,
                  GBytes                  *before)
{
  g_autoptr(GBytes) after = bytes_now (editor);
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);

  g_assert_false (g_bytes_equal (before, after));
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  g_assert_true (g_bytes_equal (before, adm_scenario_edit_get_bytes (edit)));
  keys_to (GTK_WIDGET (editor), "shift+ctrl+z");
  g_assert_true (g_bytes_equal (after, adm_scenario_edit_get_bytes (edit)));
}

gboolean
is_sidebar (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_LIST_BOX (widget) && gtk_widget_has_css_class (widget, "navigation-sidebar");
}

/* @text typed into @field as a person does: a click in it, its text selected, the new text
 * and Enter. */
void
type_into (AdmiraltyScenarioEditor *editor,
           GtkWidget               *field,
           const char              *text)
{
  g_assert_nonnull (field);
  scroll_into_view (field);
  wait_frame (GTK_WIDGET (editor));
  pointer_click (field, 12, gtk_widget_get_height (field) / 2.0);
  type_between_keys (GTK_WIDGET (editor), "ctrl+a", text, "Return");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (field)), ==, text);
}

/* The row labelled @name of the list in the popover @button opens, picked with a click on
 * @button and the keys from the row selected when it opens. */
static void
choose_in_popover (AdmiraltyScenarioEditor *editor,
                   GtkWidget               *button,
                   const char              *name)
{
  GtkWidget *popover, *list;
  GtkListBoxRow *selected;
  int from, to = -1;

  scroll_into_view (button);
  wait_frame (GTK_WIDGET (editor));
  pointer_click_widget (button);
  iterate_until (popover_open, editor, 5000);
  popover = find_widget (GTK_WIDGET (editor), is_popover, NULL);
  g_assert_nonnull (popover);
  list = find_widget (popover, is_of_type, GSIZE_TO_POINTER (GTK_TYPE_LIST_BOX));
  g_assert_nonnull (list);
  selected = gtk_list_box_get_selected_row (GTK_LIST_BOX (list));
  from = selected != NULL ? gtk_list_box_row_get_index (selected) : 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) &&
        g_strcmp0 (gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (
                     GTK_LIST_BOX_ROW (row)))), name) == 0)
      to = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
  g_assert_cmpint (to, >=, 0);
  keys_repeated_to (GTK_WIDGET (editor), to > from ? "Down" : "Up", ABS (to - from), "Return");
  iterate_until (popover_closed, editor, 5000);
  g_assert_false (popover_open (editor));
}

/* The item named @name of a drop-down, a combo row or a button that opens a list in a
 * popover, picked with a click and the keys. */
void
choose_named (AdmiraltyScenarioEditor *editor,
              GtkWidget               *control,
              const char              *name)
{
  GListModel *model;
  guint position = GTK_INVALID_LIST_POSITION;

  g_assert_nonnull (control);
  if (GTK_IS_BUTTON (control))
    {
      choose_in_popover (editor, control, name);
      return;
    }
  model = GTK_IS_DROP_DOWN (control) ? gtk_drop_down_get_model (GTK_DROP_DOWN (control))
                                     : adw_combo_row_get_model (ADW_COMBO_ROW (control));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), name) == 0)
        position = i;
    }
  g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
  choose_with_keys (GTK_WIDGET (editor), control, position);
}

/* The formation @id, shown by a click on it in the Fleets page's list. */
xmlNode *
click_formation (AdmiraltyScenarioEditor *editor,
                 const char              *id)
{
  AdmiraltyEditorFleets *fleets =
    ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);
  xmlNode *formation = adm_scenario_edit_find (edit, "formation", id);
  GtkWidget *list = find_widget (GTK_WIDGET (fleets), is_sidebar, NULL);
  guint index = 0;

  g_assert_nonnull (formation);
  g_assert_nonnull (list);
  for (xmlNode *node = adm_xml_first_element (adm_scenario_edit_get_root (edit), "formation");
       node != formation; node = adm_xml_next_element (node, "formation"))
    index++;
  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  wait_frame (GTK_WIDGET (editor));
  pointer_click_widget (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list),
                                                                    index)));
  g_assert_true (formation_shown (fleets) == formation);
  return formation;
}

xmlNode *
formation_shown (AdmiraltyEditorFleets *fleets)
{
  AdmScenarioFleet *shown = admiralty_editor_fleets_get_formation (fleets);

  return shown != NULL ? adm_scenario_item_get_element (ADM_SCENARIO_ITEM (shown)) : NULL;
}
