/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-end.c: the end stage of the turn (F-SEQ-1): fires burn (F-CRIT-14), flagships
 * change hands (F-FORM-14, F-FORM-15, F-FORM-16, F-FORM-17), shields come back (F-SHLD-3). Damage
 * control and the removal of markers come with the F-DC and F-END rules. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

static gboolean
transfers (AdmBattle  *self,
           GError    **error)
{
  if (self->orders == NULL)
    return TRUE;
  for (guint i = 0; i < self->orders->transfers->len; i++)
    {
      AdmShipOrderDecl *decl = g_ptr_array_index (self->orders->transfers, i);
      int f = adm_battle_formation_index (self, decl->formation);
      int ship = adm_battle_ship_index (self, decl->ship);
      AdmBattleFormation *formation;

      if (f < 0 || ship < 0 || _adm_battle_ship (self, ship)->formation != (guint) f)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("“%s” is not a ship of formation “%s”"), decl->ship,
                               decl->formation);
          return FALSE;
        }
      if (!_adm_battle_ship_active (self, ship))
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s is out of action and cannot take command"),
                               _adm_battle_ship_name (self, ship));
          return FALSE;
        }
      formation = _adm_battle_formation (self, f);
      /* F-FORM-17 ("flagship-transfer"): at the player's wish, at the end of the turn, with
       * no roll while the old flagship commands. */
      formation->flagship = ship;
      formation->command = TRUE;
      _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SHIP_OF (ship),
                                           ADM_SUBJECT_FORMATION_OF (f)),
                          _("%s takes over as flagship of %s."),
                          _adm_battle_ship_name (self, ship), formation->name);
    }
  return TRUE;
}

/* F-BOARD-17: a ship taken over has left its formation for a prize formation of its own. */
static gboolean
still_member (AdmBattle                *self,
              guint                     ship,
              const AdmBattleFormation *formation)
{
  return _adm_battle_formation (self, _adm_battle_ship (self, ship)->formation) == formation;
}

static int
next_in_succession (AdmBattle                *self,
                    const AdmBattleFormation *formation)
{
  /* F-FORM-5: the declared order first, then the formation's other ships in their order. */
  for (guint i = 0; i < formation->succession->len; i++)
    {
      guint ship = g_array_index (formation->succession, guint, i);

      if (_adm_battle_ship_active (self, ship) && still_member (self, ship, formation))
        return ship;
    }
  for (guint i = 0; i < formation->ships->len; i++)
    {
      guint ship = g_array_index (formation->ships, guint, i);

      if (_adm_battle_ship_active (self, ship) && still_member (self, ship, formation))
        return ship;
    }
  return -1;
}

static gboolean
succession (AdmBattle  *self,
            GError    **error)
{
  for (guint f = 0; f < _adm_battle_n_formations (self); f++)
    {
      AdmBattleFormation *formation = _adm_battle_formation (self, f);
      int candidate;
      gboolean passed;

      if (formation->flagship >= 0)
        continue;
      candidate = next_in_succession (self, formation);
      if (candidate < 0)
        continue;
      /* F-FORM-14: 2d6 ≤ readiness + the ruleset's bonus (3) takes over command
       * ("succession-roll": one attempt per turn, in the end phase, with the F-RDY-3
       * penalty). */
      if (!_adm_battle_readiness_check (self, candidate,
                                        adm_ruleset_get_dice (self->ruleset, ADM_DICE_READINESS),
                                        adm_battle_ship_readiness (self, candidate) +
                                          adm_ruleset_get_succession_bonus (self->ruleset),
                                        "F-FORM-14", _("taking command"), &passed, error))
        return FALSE;
      formation = _adm_battle_formation (self, f);
      if (passed)
        {
          formation->flagship = candidate;
          formation->command = TRUE;
          _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SHIP_OF (candidate),
                                               ADM_SUBJECT_FORMATION_OF (f)),
                              _("%s takes command of %s."),
                              _adm_battle_ship_name (self, candidate), formation->name);
        }
      else
        {
          /* F-FORM-15: no pooled shields, turrets or salvoes, but it still moves together;
           * F-FORM-16: another attempt next turn. */
          formation->command = FALSE;
          _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_SHIP_OF (candidate),
                                               ADM_SUBJECT_FORMATION_OF (f)),
                              _("%s fails to take command: %s cannot combine shields, "
                                "turrets or torpedo salvoes until it does."),
                              _adm_battle_ship_name (self, candidate), formation->name);
        }
    }
  return TRUE;
}

gboolean
_adm_battle_end_phase (AdmBattle  *self,
                       GError    **error)
{
  int turn = adm_battle_get_turn (self);

  /* F-END-1, F-END-2: (1) boarding, (2) damage control and repairs, (3) markers and spent
   * torpedoes removed; then the flagships change hands. */
  if (!_adm_battle_boarding_resolve (self, error) ||
      !_adm_battle_damage_control (self, error) ||
      !_adm_battle_orbit_end (self, error) ||
      !_adm_battle_clear_markers (self, error) ||
      !transfers (self, error) || !succession (self, error))
    return FALSE;

  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);

      /* F-SHLD-3 ("shield-restore"): exhausted shields are back for the next turn unless the
       * generators were destroyed (F-CRIT-17). */
      s->shields_used = 0;
      /* F-FORD-4 (reading a): a ship that turned this turn and took target lock may not turn
       * next turn. */
      if (s->target_lock && s->turned)
        s->no_turn_turn = turn + 1;
    }
  _adm_battle_report (self, ADM_ABOUT_NOTHING, _("End of turn %d."), turn);
  return TRUE;
}
