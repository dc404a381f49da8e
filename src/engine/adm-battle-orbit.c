/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-orbit.c: low orbits (F-ORB) and orbital stations (F-STN). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

gboolean
_adm_battle_load_low_orbit (AdmBattle  *self,
                            xmlNode    *root,
                            GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}

gboolean
_adm_battle_orbit_end (AdmBattle  *self,
                       GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}
