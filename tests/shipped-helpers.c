/* SPDX-License-Identifier: GPL-3.0-or-later */
/* shipped-helpers.c: see ruleset-helpers.h. */
#include "config.h"

#include "file-helpers.h"
#include "shipped-helpers.h"

AdmRuleset *
shipped_ruleset (void)
{
  static AdmRuleset *shipped;

  if (shipped == NULL)
    shipped = fresh_ruleset ();
  return shipped;
}

AdmRuleset *
fresh_ruleset (void)
{
  g_autoptr(GError) error = NULL;
  AdmRuleset *ruleset = adm_ruleset_load ("forcon-2010", &error);

  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  return ruleset;
}

AdmScenario *
shipped_scenario (const char *name)
{
  g_autofree char *path = source_path ("scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario = adm_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}
