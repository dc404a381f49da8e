/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-torpedo.c: torpedoes (F-TORP, F-WPN-10..17). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

gboolean
_adm_battle_torpedo_fire_orders (AdmBattle  *self,
                                 GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}

gboolean
_adm_battle_torpedoes_run (AdmBattle  *self,
                           GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}
