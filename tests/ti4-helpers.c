/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ti4-helpers.c: see ti4-helpers.h. */
#include "config.h"

#include "ti4-helpers.h"
#include "adm-ti4-catalog.h"
#include "adm-ti4-fleet.h"

AdmTi4Catalog *
catalog (void)
{
  static AdmTi4Catalog *shared;

  if (shared == NULL)
    {
      g_autoptr(GError) error = NULL;

      shared = adm_ti4_catalog_load (&error);
      g_assert_no_error (error);
      g_assert_nonnull (shared);
    }
  return shared;
}

guint
unit (const char *id)
{
  int index = adm_ti4_catalog_find (catalog (), id);

  g_assert_cmpint (index, >=, 0);
  return (guint) index;
}

AdmTi4Fleet
fleet (const char *text)
{
  g_autoptr(GError) error = NULL;
  AdmTi4Fleet result;

  g_assert_true (adm_ti4_fleet_parse (catalog (), text, &result, &error));
  g_assert_no_error (error);
  return result;
}
