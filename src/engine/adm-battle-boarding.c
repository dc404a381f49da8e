/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-boarding.c: boarding (F-BOARD). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

gboolean
_adm_battle_boarding_declare (AdmBattle  *self,
                              GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}

gboolean
_adm_battle_boarding_resolve (AdmBattle  *self,
                              GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}
