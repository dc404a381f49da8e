/* SPDX-License-Identifier: GPL-3.0-or-later */
/* shipped-helpers.h: what Admiralty ships, loaded for the tests that read it — the ruleset
 * (forcon-2010 on ADMIRALTY_RULES_PATH) and the scenarios of scenarios/ — and the shipped
 * rules with one number changed, for the tests that check a rule takes its number from the
 * ruleset or the season (the "numbers-from-ruleset" cases). */
#pragma once

#include "admiralty-engine.h"

/* The shipped ruleset, loaded on the first call and kept for the test's run: not to be
 * changed. */
AdmRuleset *
shipped_ruleset (void);

/* A new copy of the shipped ruleset, for a test that changes its rulings. */
AdmRuleset *
fresh_ruleset (void);

/* The scenario scenarios/@name of the source tree ("komarr-campaign.admiralty"). */
AdmScenario *
shipped_scenario (const char *name);

/* @text (a ruleset, a classes file or a season) with a number changed: the first @from after
 * @after replaced by @to, or every @from when @after is NULL. There must be one. */
char *
rules_text_changed (const char *text,
                    const char *after,
                    const char *from,
                    const char *to);

/* A copy of the shipped rules (forcon-2010.xml and forcon-2010-classes.xml of the source
 * tree) in the folder @dir, made if absent, or in a new temporary folder when @dir is NULL;
 * in the copy @file ("ruleset" or "classes") is changed as rules_text_changed () says.
 * Returns the folder, to name in ADMIRALTY_RULES_PATH and hand to changed_rules_remove (). */
char *
changed_rules_new (const char *dir,
                   const char *file,
                   const char *after,
                   const char *from,
                   const char *to);

/* Changes the copy changed_rules_new () wrote in @dir once more: its @file ("ruleset" or
 * "classes") as rules_text_changed () says, for a test that changes more than one place. */
void
changed_rules_change (const char *dir,
                      const char *file,
                      const char *after,
                      const char *from,
                      const char *to);

/* Removes the copy changed_rules_new () wrote in @dir, and the folder, and frees @dir. */
void
changed_rules_remove (char *dir);

/* @text (the shipped ruleset) with its critical tables' rows for 3d6 (F-CRIT-2): each row of
 * both tables one roll higher (3..13) and the last reaching 18. The <dice-counts> roll is the
 * caller's to change (changed_rules_new ()). */
char *
rules_text_critical_3d6 (const char *text);

/* Rewrites the ruleset of the copy in @dir (changed_rules_new ()) as
 * rules_text_critical_3d6 () says. */
void
changed_rules_critical_3d6 (const char *dir);
