/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-repair.c: damage control (F-DC) and the end stage's clearing (F-END). */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

gboolean
_adm_battle_clear_markers (AdmBattle  *self,
                           GError    **error)
{
  /* Work in progress: nothing declared for this rule is accepted yet. */
  if (self->orders == NULL)
    return TRUE;
  return TRUE;
}

gboolean
_adm_battle_damage_control (AdmBattle  *self,
                            GError    **error)
{
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);

      if (!_adm_battle_ship_active (self, i) || s->on_fire == 0)
        continue;
      /* F-CRIT-14: a fire not put out does one damage and keeps burning; F-CRIT-1 as ruled:
       * its damage checks for criticals on 6+. */
      _adm_battle_report (self, _("Fire aboard %s is still burning."), s->name);
      if (!_adm_battle_inflict (self, i, s->on_fire, 6, "F-CRIT-14", error))
        return FALSE;
    }
  return TRUE;
}
