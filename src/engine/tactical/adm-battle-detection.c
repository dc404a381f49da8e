/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-detection.c: the ECM detection phase (F-ECM), the first phase of a turn
 * (F-SEQ-1), with the new turn's bookkeeping. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

/* The ship of @side (or of @formation when >= 0) with the best @rating + readiness modifier;
 * -1 when none can act. */
static int
best_ship (AdmBattle *self,
           guint      side,
           int        formation,
           gboolean   attack,
           int       *total)
{
  int best = -1;

  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      const AdmBattleShip *s = _adm_battle_ship (self, i);
      int value;

      if (!_adm_battle_ship_active (self, i) || s->side != side ||
          (formation >= 0 && s->formation != (guint) formation))
        continue;
      value = (attack ? adm_battle_ship_ecm_attack (self, i) : s->klass->ecm_defence) +
              _adm_battle_readiness_modifier (self, i);
      if (best < 0 || value > *total)
        {
          best = i;
          *total = value;
        }
    }
  return best;
}

static void
new_turn (AdmBattle *self)
{
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);

      s->turned = FALSE;
      s->target_lock = FALSE;
      s->move_order = ADM_MOVE_ORDER_NONE;
      s->fired = 0;
    }
}

gboolean
_adm_battle_detection_phase (AdmBattle  *self,
                             GError    **error)
{
  new_turn (self);
  _adm_battle_report (self, ADM_ABOUT_NOTHING, _("Turn %d."), adm_battle_get_turn (self));

  /* F-ECM-1, F-ECM-2: formations a side has not fully detected are rolled for at the start
   * of the turn (F-ECM-5), under the "ecm-detection" ruling. */
  for (guint f = 0; f < _adm_battle_n_formations (self); f++)
    {
      const AdmBattleFormation *formation = _adm_battle_formation (self, f);

      for (guint side = 0; side < adm_battle_get_n_sides (self); side++)
        {
          int attack = 0, defence = 0, attack_roll, defence_roll, detector, hider;
          guint report_from, rolls_from;
          gboolean detected;

          if (side == formation->side ||
              adm_battle_get_detection (self, side, f) == ADM_DETECTION_FULL)
            continue;
          detector = best_ship (self, side, -1, TRUE, &attack);
          hider = best_ship (self, formation->side, f, FALSE, &defence);
          if (detector < 0 || hider < 0)
            continue;
          report_from = self->report->len;
          rolls_from = self->rolls->len;
          if (!_adm_battle_roll_sum (self, ADM_ABOUT (ADM_SUBJECT_SIDE_OF (side),
                                                      ADM_SUBJECT_FORMATION_OF (f)),
                                     adm_ruleset_get_dice (self->ruleset, ADM_DICE_DETECTION), 6,
                                     "F-ECM-5", &attack_roll, error,
                                     _("ECM attack of %s against %s"),
                                     adm_battle_get_side (self, side)->name, formation->name) ||
              !_adm_battle_roll_sum (self, ADM_ABOUT (ADM_SUBJECT_FORMATION_OF (f)),
                                     adm_ruleset_get_dice (self->ruleset, ADM_DICE_DETECTION), 6,
                                     "F-ECM-5", &defence_roll, error,
                                     _("ECM defence of %s"), formation->name))
            return FALSE;
          attack += attack_roll;
          defence += defence_roll;
          detected = attack > defence ||
                     (attack == defence &&
                      _adm_battle_ruling_is (self, "ecm-detection", "attack-beats-defence"));
          {
            /* The attack die passes when it detects, the defence die when it
             * hides; on a tie the ruling says which. */
            int tie_detects = _adm_battle_ruling_is (self, "ecm-detection",
                                                     "attack-beats-defence");
            g_autofree char *against_defence = g_strdup_printf (_("ECM defence %d"), defence);
            g_autofree char *against_attack = g_strdup_printf (_("ECM attack %d"), attack);

            _adm_battle_judge_roll (self, 1, ADM_ROLL_CHECK_SUM_AT_LEAST,
                                    defence - (attack - attack_roll) + !tie_detects,
                                    against_defence);
            _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_SUM_AT_LEAST,
                                    attack - (defence - defence_roll) + tie_detects,
                                    against_attack);
          }
          _adm_battle_report (self, ADM_ABOUT (ADM_SUBJECT_FORMATION_OF (f),
                                               ADM_SUBJECT_SIDE_OF (side),
                                               ADM_SUBJECT_SHIP_OF (detector),
                                               ADM_SUBJECT_SHIP_OF (hider)),
                              _("Detection of %s by %s: ECM attack %d (%s) against ECM "
                                "defence %d (%s): %s."),
                              formation->name, adm_battle_get_side (self, side)->name,
                              attack, _adm_battle_ship_name (self, detector), defence,
                              _adm_battle_ship_name (self, hider),
                              detected ? _("fully detected") : _("not detected"));
          /* F-ECM-6: after full detection the token is turned face up. A roll that fails
           * is the master's alone: the detecting side learns nothing, and the hidden
           * formation's side is not told it was looked for. One that succeeds is the
           * detecting side's too, and the other sides' as far as it names what they know. */
          if (detected)
            _adm_battle_set_detection (self, side, f, ADM_DETECTION_FULL);
          _adm_battle_audience_since (self, report_from, rolls_from,
                                      detected ? G_MAXUINT32 : 0,
                                      detected && side < 32 ? 1u << side : 0);
        }
    }
  return TRUE;
}
