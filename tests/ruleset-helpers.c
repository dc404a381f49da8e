/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ruleset-helpers.c: see ruleset-helpers.h. */
#include "config.h"

#include "ruleset-helpers.h"

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
