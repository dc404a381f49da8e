/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-private.h: the scenario loader as its checker (adm-scenario-check.c) and the
 * editor's map (adm-scenario-edit.c) run it, for those files only. */
#pragma once

#include "adm-scenario.h"

G_BEGIN_DECLS

/* One problem the loader finds: the element it is at, the attribute at fault when it is one
 * attribute's, the rules clause when one is broken, the message without "FILE:LINE: ". */
typedef void (*AdmScenarioProblemFunc) (xmlNode    *element,
                                        const char *attribute,
                                        const char *clause,
                                        const char *message,
                                        gpointer    user_data);

/* The ruleset the scenario @scenario of @display_name is played with (its own season, or the
 * installed ruleset it names), loaded as adm_scenario_load_file () loads it; NULL with
 * *@problem set (the message, without "FILE:LINE: ") and *@line (0 when none) when it cannot
 * be. */
AdmRuleset *_adm_scenario_load_ruleset (xmlNode     *scenario,
                                        const char  *display_name,
                                        int         *line,
                                        char       **problem) G_GNUC_WARN_UNUSED_RESULT;

/* Loads @scenario as adm_scenario_new_from_node () does, with the same checks, but hands
 * each problem to @func and goes on past it where it safely can (skipping the element at
 * fault, and saying nothing of references to an element skipped). Without @ruleset only the
 * ids, names and readiness are checked. The rulings of @scenario are set on @ruleset, as
 * loading sets them. @loaded, unless NULL: the scenario when the loader found no problem, as
 * adm_scenario_new_from_node () gives it, else NULL. */
void        _adm_scenario_check        (xmlNode                 *scenario,
                                        const char              *display_name,
                                        AdmRuleset              *ruleset,
                                        AdmScenarioProblemFunc   func,
                                        gpointer                 user_data,
                                        AdmScenario            **loaded);

/* The map of a scenario the editor cannot load whole, as adm_scenario_new_from_doc () loads
 * it but for the one check that a scenario gives some admiral a ship (F-GEN-5): @node holds
 * the map alone. */
AdmScenario *_adm_scenario_new_sketch  (xmlDoc                  *doc,
                                        xmlNode                 *node,
                                        const char              *display_name,
                                        AdmRuleset              *ruleset,
                                        GError                 **error) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
