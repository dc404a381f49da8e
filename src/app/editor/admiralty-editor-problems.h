/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-problems.h: the scenario editor's Problems page — every problem of the
 * scenario at once (adm_scenario_check_all (), the checks of `admiralty-cli validate`), each
 * with its place, line and clause; activating one emits "problem-activated" (gpointer
 * xmlNode*, the element it is at) so that the editor shows it on its page. */
#pragma once

#include <adwaita.h>

#include "admiralty-engine.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_EDITOR_PROBLEMS (admiralty_editor_problems_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyEditorProblems, admiralty_editor_problems, ADMIRALTY,
                      EDITOR_PROBLEMS, AdwBin)

/* Shows @problems (AdmProblem*, borrowed until the next call). */
void       admiralty_editor_problems_set_problems (AdmiraltyEditorProblems *self,
                                                   GPtrArray               *problems);
/* The row of problem @index, or NULL: for tests. */
GtkWidget *admiralty_editor_problems_get_row      (AdmiraltyEditorProblems *self,
                                                   guint                    index);

G_END_DECLS
