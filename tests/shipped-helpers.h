/* SPDX-License-Identifier: GPL-3.0-or-later */
/* shipped-helpers.h: what Admiralty ships, loaded for the tests that read it — the ruleset
 * (forcon-2010 on ADMIRALTY_RULES_PATH) and the scenarios of scenarios/. */
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
