/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ruleset-helpers.h: the shipped ruleset (forcon-2010 on ADMIRALTY_RULES_PATH) for the tests
 * that read its tables and rulings. */
#pragma once

#include "admiralty-engine.h"

/* The shipped ruleset, loaded on the first call and kept for the test's run: not to be
 * changed. */
AdmRuleset *
shipped_ruleset (void);

/* A new copy of the shipped ruleset, for a test that changes its rulings. */
AdmRuleset *
fresh_ruleset (void);
