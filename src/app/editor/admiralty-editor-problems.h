/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-problems.h: the scenario editor's Problems page — every problem of the
 * scenario at once (adm_scenario_check_all (), the checks of `admiralty-cli validate`), each
 * with its place, line and clause; activating one emits "problem-activated"
 * (AdmScenarioItem*, the item it is at or within: adm_scenario_edit_find_item ()) so that the
 * editor shows it on its page. Above them, when
 * an order of battle was refused, the problems of its CSV. */
#pragma once

#include <adwaita.h>

#include "adm-scenario-edit.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_EDITOR_PROBLEMS (admiralty_editor_problems_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyEditorProblems, admiralty_editor_problems, ADMIRALTY,
                      EDITOR_PROBLEMS, AdwBin)

/* Shows @problems (AdmProblem*) of the scenario @edit, each at the item it is at. */
void       admiralty_editor_problems_set_problems (AdmiraltyEditorProblems *self,
                                                   AdmScenarioEdit         *edit,
                                                   GPtrArray               *problems);
/* The problems of the CSV @csv_name that an import refused (AdmOobProblem*, each with its line
 * and column), listed above the scenario's own — the order of battle's problems on the same
 * page as the scenario's — until the next call; NULL or none takes them off, as its Dismiss
 * button does. Each change emits "import-changed". */
void       admiralty_editor_problems_set_import_problems (AdmiraltyEditorProblems *self,
                                                          const char              *csv_name,
                                                          GPtrArray               *problems);
/* How many of those are listed, and the row of one of them, or NULL: for tests. */
guint      admiralty_editor_problems_get_n_import_problems (AdmiraltyEditorProblems *self);
GtkWidget *admiralty_editor_problems_get_import_row (AdmiraltyEditorProblems *self,
                                                     guint                    index);
/* The row of problem @index, or NULL: for tests. */
GtkWidget *admiralty_editor_problems_get_row      (AdmiraltyEditorProblems *self,
                                                   guint                    index);

G_END_DECLS
