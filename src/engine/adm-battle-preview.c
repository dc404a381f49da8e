/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-preview.c: previews of the declarations of a turn (adm-battle-preview.h). The
 * rules stay in the phases: the movement preview asks the movement phase's own checks
 * (adm-battle-movement.c), the fire preview and the list of targets the fire phase's
 * (adm-battle-fire.c), the boarding preview and its targets the boarding declaration's check
 * and the end stage's potentials and modifiers (adm-battle-boarding.c), and the dry run
 * resolves the phases themselves. Each works on a
 * snapshot of the battle and gives it back exactly as it was. Only the odds are worked out
 * here, from the numbers the fire phase would look up (adm-odds.h). */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-dice-prng.h"

/* The dice of the fire-phase combat orders in a preview (a F-FORD-6 check), which decide
 * nothing the preview shows: any fixed seed does. */
#define PREVIEW_SEED 0x50726576696577

void
adm_move_preview_clear (AdmMovePreview *preview)
{
  g_return_if_fail (preview != NULL);

  g_free (preview->reason);
  g_clear_pointer (&preview->path, g_array_unref);
  g_clear_pointer (&preview->ships, g_array_unref);
  g_clear_pointer (&preview->ends, g_array_unref);
  memset (preview, 0, sizeof *preview);
}

void
adm_fire_preview_clear (AdmFirePreview *preview)
{
  g_return_if_fail (preview != NULL);

  g_free (preview->reason);
  g_clear_pointer (&preview->artillery, adm_fire_odds_free);
  g_clear_pointer (&preview->destructors, adm_fire_odds_free);
  memset (preview, 0, sizeof *preview);
}

/* Movement */

gboolean
adm_battle_preview_move (AdmBattle            *self,
                         const AdmTurnOrders  *orders,
                         const char           *formation,
                         AdmMovePreview       *preview,
                         GError              **error)
{
  AdmBattleSnapshot snapshot;
  int index;
  gboolean ok;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (formation != NULL, FALSE);
  g_return_val_if_fail (preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (preview, 0, sizeof *preview);
  index = adm_battle_formation_index (self, formation);
  if (index < 0)
    {
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_INVALID,
                   _("there is no formation “%s” in this battle"), formation);
      return FALSE;
    }
  /* The movement code reads the declarations from
   * self->orders; on a low-orbit map the preview carries the move out on the snapshot. */
  _adm_battle_snapshot_take (self, &snapshot);
  self->orders = orders;
  self->dice = NULL;
  ok = _adm_battle_preview_move (self, index, preview, error);
  _adm_battle_snapshot_restore (self, &snapshot);
  if (!ok)
    adm_move_preview_clear (preview);
  return ok;
}

/* Fire */

/* The shield blocks an artillery attack of @input uses up on average: every hit up to the
 * pool after the armour roll, or every die up to it before (F-WPN-7, F-SHLD-1). */
static double
expected_absorbed (const AdmFireOddsInput *input)
{
  AdmFireOddsInput raw = *input;
  g_autoptr(AdmFireOdds) hits = NULL;
  double absorbed = 0;

  if (input->order == ADM_SHIELDS_BEFORE_ARMOUR)
    return MIN (input->shields, input->dice);
  /* With no shields and no save, the damage points are the hits. */
  raw.shields = 0;
  raw.save_on = 0;
  hits = adm_fire_odds_compute (&raw);
  for (int k = 0; k <= hits->max_damage; k++)
    absorbed += hits->damage[k] * MIN (k, input->shields);
  return absorbed;
}

/* The odds of the fire the phase would look up with @numbers. The destructors come second in
 * the phase and meet the shields the artillery left: here the pool less the blocks the
 * artillery uses up on average, rounded. */
static gboolean
fire_odds (AdmBattle             *self,
           AdmFirePreview        *preview,
           const AdmFireNumbers  *numbers,
           double                *absorbed,
           GError               **error)
{
  double no_damage = 1, no_critical = 1;

  /* @absorbed: the blocks earlier attacks of the declaration use up on average (F-ART-3). */
  if (preview->artillery_firepower > 0)
    {
      if (!adm_ruleset_fire_odds_input (self->ruleset, ADM_WEAPON_ARTILLERY,
                                        preview->artillery_firepower, numbers->target_type,
                                        numbers->shift, numbers->armour,
                                        MAX (0, numbers->shields - (int) round (*absorbed)),
                                        FALSE, numbers->lock, numbers->special_save,
                                        &preview->artillery_input, &preview->column, error))
        return FALSE;
      preview->artillery = adm_fire_odds_compute (&preview->artillery_input);
      *absorbed += expected_absorbed (&preview->artillery_input);
    }
  if (preview->destructor_firepower > 0)
    {
      int shields = MAX (0, numbers->shields - (int) round (*absorbed));

      if (!adm_ruleset_fire_odds_input (self->ruleset, ADM_WEAPON_DESTRUCTOR,
                                        preview->destructor_firepower, NULL, 0,
                                        numbers->armour, shields, FALSE, numbers->lock,
                                        numbers->special_save, &preview->destructor_input,
                                        NULL, error))
        return FALSE;
      preview->destructors = adm_fire_odds_compute (&preview->destructor_input);
      *absorbed += expected_absorbed (&preview->destructor_input);
    }
  for (guint i = 0; i < 2; i++)
    {
      const AdmFireOdds *odds = i == 0 ? preview->artillery : preview->destructors;

      if (odds == NULL)
        continue;
      preview->expected_damage += odds->expected_damage;
      no_damage *= odds->damage[0];
      no_critical *= 1 - odds->p_critical;
    }
  preview->p_damage = 1 - no_damage;
  preview->p_critical = 1 - no_critical;
  return TRUE;
}

/* The @nth attack of @decl on a snapshot, with @orders in force (_adm_battle_fire_preview ()). */
static gboolean
preview_attack (AdmBattle            *self,
                const AdmTurnOrders  *orders,
                const AdmFireDecl    *decl,
                guint                 nth,
                AdmFirePreview       *preview,
                AdmFireNumbers       *numbers,
                GError              **error)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (PREVIEW_SEED);
  AdmBattleSnapshot snapshot;
  gboolean ok;

  _adm_battle_snapshot_take (self, &snapshot);
  self->orders = orders;
  self->dice = ADM_DICE_SOURCE (dice);
  ok = _adm_battle_fire_preview (self, decl, nth, preview, numbers, error);
  _adm_battle_snapshot_restore (self, &snapshot);
  return ok;
}

/* A fire the table cannot look up is one the phase refuses as well. */
static void
refuse_odds (AdmFirePreview *preview,
             GError         *odds_error)
{
  g_clear_pointer (&preview->artillery, adm_fire_odds_free);
  g_clear_pointer (&preview->destructors, adm_fire_odds_free);
  preview->legal = FALSE;
  preview->reason = g_strdup (odds_error->message);
}

gboolean
adm_battle_preview_fire (AdmBattle            *self,
                         const AdmTurnOrders  *orders,
                         const AdmFireDecl    *decl,
                         AdmFirePreview       *preview,
                         GError              **error)
{
  g_autoptr(AdmTurnOrders) none = NULL;
  g_autoptr(GPtrArray) fires = g_ptr_array_new ();
  g_autoptr(GError) odds_error = NULL;
  AdmFireNumbers numbers = { 0 };
  AdmTurnOrders in_force;
  double absorbed = 0;
  gboolean ok;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (decl != NULL, FALSE);
  g_return_val_if_fail (preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (preview, 0, sizeof *preview);
  /* @orders with @decl among its fires (last, when it is not there yet), for the F-FIRE-9
   * split-fire test and the attacks return fire answers; the declarations stay @orders'. */
  if (orders == NULL)
    orders = none = adm_turn_orders_new (adm_battle_get_turn (self));
  in_force = *orders;
  for (guint i = 0; i < orders->fires->len; i++)
    g_ptr_array_add (fires, g_ptr_array_index (orders->fires, i));
  if (!g_ptr_array_find (fires, decl, NULL))
    g_ptr_array_add (fires, (gpointer) decl);
  in_force.fires = fires;

  ok = preview_attack (self, &in_force, decl, 0, preview, &numbers, error);
  if (ok && preview->legal && !fire_odds (self, preview, &numbers, &absorbed, &odds_error))
    refuse_odds (preview, odds_error);
  g_free (numbers.target_type);
  /* F-ART-3: each further ship's batteries are an attack of their own, at the shields the
   * earlier attacks leave on average. */
  for (guint nth = 1; ok && preview->legal && nth < preview->attacks; nth++)
    {
      AdmFirePreview next = { 0 };
      AdmFireNumbers more = { 0 };

      ok = preview_attack (self, &in_force, decl, nth, &next, &more, error);
      if (ok && next.legal && !fire_odds (self, &next, &more, &absorbed, &odds_error))
        refuse_odds (preview, odds_error);
      else if (ok && next.legal)
        {
          preview->expected_damage += next.expected_damage;
          preview->p_damage = 1 - (1 - preview->p_damage) * (1 - next.p_damage);
          preview->p_critical = 1 - (1 - preview->p_critical) * (1 - next.p_critical);
        }
      g_free (more.target_type);
      adm_fire_preview_clear (&next);
    }
  if (!ok)
    adm_fire_preview_clear (preview);
  return ok;
}

GArray *
adm_battle_fire_targets (AdmBattle *self,
                         guint      ship,
                         guint      weapon)
{
  AdmBattleSnapshot snapshot;
  GArray *targets;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), NULL);
  g_return_val_if_fail (weapon < adm_battle_get_ship (self, ship)->klass->weapons->len, NULL);

  _adm_battle_snapshot_take (self, &snapshot);
  self->orders = NULL;
  self->dice = NULL;
  targets = _adm_battle_fire_targets (self, ship, weapon);
  _adm_battle_snapshot_restore (self, &snapshot);
  return targets;
}

GArray *
adm_battle_launch_targets (AdmBattle *self,
                           guint      ship,
                           guint      weapon)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), NULL);
  g_return_val_if_fail (weapon < adm_battle_get_ship (self, ship)->klass->weapons->len, NULL);

  /* Reads the battle only: no snapshot is needed. */
  return _adm_battle_launch_targets (self, ship, weapon);
}

/* Boarding */

void
adm_boarding_preview_clear (AdmBoardingPreview *preview)
{
  g_return_if_fail (preview != NULL);

  g_free (preview->reason);
  g_clear_pointer (&preview->odds, adm_boarding_odds_free);
  memset (preview, 0, sizeof *preview);
}

/* The boarding checks and numbers only read the battle: no snapshot is needed. The check is
 * asked with no orders line, so that its refusal has no "FILE:LINE: " before it. */

GArray *
adm_battle_boarding_targets (AdmBattle *self,
                             guint      ship)
{
  GArray *targets;

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), NULL);

  targets = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < adm_battle_get_n_ships (self); i++)
    if (_adm_battle_boarding_check (self, 0, ship, i, NULL))
      g_array_append_val (targets, i);
  return targets;
}

gboolean
adm_battle_preview_boarding (AdmBattle           *self,
                             guint                ship,
                             guint                target,
                             AdmBoardingPreview  *preview,
                             GError             **error)
{
  g_autoptr(GString) attacker_why = g_string_new (NULL);
  g_autoptr(GString) defender_why = g_string_new (NULL);
  g_autoptr(GError) refusal = NULL;

  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (self), FALSE);
  g_return_val_if_fail (target < adm_battle_get_n_ships (self), FALSE);
  g_return_val_if_fail (preview != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (preview, 0, sizeof *preview);
  if (!_adm_battle_boarding_check (self, 0, ship, target, &refusal))
    {
      preview->reason = g_strdup (refusal->message);
      return TRUE;
    }
  /* F-BOARD-2 as the declaration takes them; the round's modifiers as the end stage adds
   * them to the rolls. */
  preview->attacker_bp = _adm_battle_boarding_potential (self, ship);
  preview->defender_bp = _adm_battle_boarding_potential (self, target);
  _adm_battle_boarding_modifiers (self, ship, target, preview->attacker_bp,
                                  preview->defender_bp, &preview->attacker_modifier,
                                  &preview->defender_modifier, attacker_why, defender_why);
  preview->odds = adm_boarding_odds_compute (preview->attacker_bp, preview->defender_bp,
                                             preview->attacker_modifier,
                                             preview->defender_modifier,
                                             _adm_battle_boarding_reroll_ties (self), error);
  if (preview->odds == NULL)
    {
      adm_boarding_preview_clear (preview);
      return FALSE;
    }
  preview->legal = TRUE;
  return TRUE;
}

/* The dry run */

gboolean
adm_battle_check_orders (AdmBattle            *self,
                         const AdmTurnOrders  *orders,
                         AdmPhase              through,
                         GError              **error)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return _adm_battle_dry_run (self, orders, through, error);
}
