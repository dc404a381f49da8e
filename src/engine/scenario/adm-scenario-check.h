/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-check.h: every problem of a scenario at once — the schema's and the loader's —
 * as a scenario editor lists them and `admiralty-cli validate --all` prints them. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

#include "adm-ruleset.h"
#include "adm-scenario.h"

G_BEGIN_DECLS

/* The most problems adm_scenario_check_all () lists; past them, one last problem (line 0, no
 * clause, no node) says how many more there are. */
#define ADM_SCENARIO_CHECK_MAX_PROBLEMS 1000

typedef struct {
  int       line;     /* line in the file, 0 when unknown */
  char     *clause;   /* a rules clause such as "F-FORM-8", or NULL */
  char     *message;  /* translated, without the "FILE:LINE: " prefix, e.g. "formation “First” names
                       * flagship “s9”, which is not one of its ships (F-FORM-4)" */
  xmlNode  *node;     /* the element the problem is at (borrowed from the checked document), or NULL */
  gboolean  advice;   /* TRUE: advice that keeps nothing from loading or starting a campaign
                       * (adm-scenario-contrast.h) */
} AdmProblem;

void       adm_problem_free       (AdmProblem  *problem);
/* How many of @problems (AdmProblem*) keep the scenario from starting a campaign: those that
 * are not advice. */
guint      adm_problems_count_blocking (GPtrArray *problems);

/* Every problem of the <scenario> element @scenario (schema and loader checks alike), in
 * document order; an empty array when it loads. @ruleset: the ruleset to check against (left
 * with the rulings it had), or NULL to load it as the loader would (the one installed under
 * the scenario's "ruleset" id); a ruleset that cannot be loaded is itself a problem. The
 * loader's own checks make the list: each problem is one adm_scenario_new_from_node () could
 * stop at, with the same message. Free with g_ptr_array_unref (). */
GPtrArray *adm_scenario_check_all (xmlNode     *scenario,
                                   const char  *display_name,
                                   AdmRuleset  *ruleset) G_GNUC_WARN_UNUSED_RESULT;

/* The same, with the loader's one pass giving the scenario too: *@scenario_loaded is what
 * adm_scenario_new_from_node () gives for @scenario when there is no problem (@ruleset then
 * left with its rulings as loading leaves them), else NULL. @ruleset must not be NULL for a
 * scenario to be given. */
GPtrArray *adm_scenario_check_all_loaded (xmlNode      *scenario,
                                          const char   *display_name,
                                          AdmRuleset   *ruleset,
                                          AdmScenario **scenario_loaded) G_GNUC_WARN_UNUSED_RESULT;

/* "DISPLAY_NAME:LINE: message" as validate prints it ("DISPLAY_NAME: message" at line 0). */
char      *adm_problem_to_string  (const AdmProblem *problem,
                                   const char       *display_name) G_GNUC_WARN_UNUSED_RESULT;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmProblem, adm_problem_free)

G_END_DECLS
