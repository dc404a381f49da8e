/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-mines.c: mines and minesweeping (F-MINE, F-SWEEP). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

gboolean
_adm_battle_load_mines (AdmBattle  *self,
                        xmlNode    *root,
                        GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}

gboolean
_adm_battle_mines_fire_orders (AdmBattle  *self,
                               GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}

gboolean
_adm_battle_mines_movement (AdmBattle       *self,
                            const AdmPoint  *start,
                            GError         **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}

gboolean
_adm_battle_mines_detonate (AdmBattle  *self,
                            GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}
