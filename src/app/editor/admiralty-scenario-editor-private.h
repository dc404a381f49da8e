/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-scenario-editor-private.h: what the scenario editor's files share — the window's
 * fields, and the _admiralty_scenario_editor_* functions, for its own files only. */
#pragma once

#include "admiralty-editor-fleets.h"
#include "admiralty-editor-map.h"
#include "admiralty-editor-problems.h"
#include "admiralty-editor-season.h"
#include "admiralty-editor-sides.h"
#include "admiralty-scenario-editor.h"

G_BEGIN_DECLS

struct _AdmiraltyScenarioEditor
{
  AdwApplicationWindow     parent_instance;

  AdwToastOverlay         *toast_overlay;
  AdwViewStack            *stack;
  AdwViewSwitcherTitle    *switcher_title;
  AdwViewSwitcherBar      *switcher_bar;
  AdwViewStackPage        *problems_stack_page;
  GtkWidget               *start_button;
  AdmiraltyEditorSides    *sides;
  AdmiraltyEditorSeason   *season;
  AdmiraltyEditorMap      *map;
  AdmiraltyEditorFleets   *fleets;
  AdmiraltyEditorProblems *problems;

  AdmScenarioEdit         *edit;
  char                    *path;        /* the file, or NULL */
  char                    *draft_path;
  GPtrArray               *problem_list; /* AdmProblem* */
  GtkFileChooserNative    *chooser;
  gboolean                 start_after_save;
  gboolean                 close_after_save;
  gboolean                 closing;      /* the master said close: no question asked again */
  GtkWidget               *last_focus;   /* weak: the last widget of a page with the focus */
  GtkWidget               *dialog;       /* weak: the last dialog the actions showed */
};

/* A toast of @title, six seconds long (the overlay's). */
AdwToast  *_admiralty_scenario_editor_toast         (AdmiraltyScenarioEditor *self,
                                                     const char              *title);
/* A message dialog with a Close button, shown. */
GtkWidget *_admiralty_scenario_editor_present_error (AdmiraltyScenarioEditor *self,
                                                     const char              *heading,
                                                     const char              *body);
/* Installs the actions of admiralty-scenario-editor-actions.c and their keys. */
void       _admiralty_scenario_editor_class_init_actions (GtkWidgetClass *widget_class);
/* Follows the focus, so that Delete knows what is selected. */
void       _admiralty_scenario_editor_init_actions  (AdmiraltyScenarioEditor *self);

G_END_DECLS
