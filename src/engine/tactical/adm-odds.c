/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-odds.c: the exact odds of a declared fire, before it is rolled.
 *
 * Every distribution here is built by convolution, one die (or one damage point) at a time:
 * each step mixes two neighbouring slots with weights that add up to 1, so no factorial,
 * power or logarithm is ever taken. Nothing can overflow, a slot too unlikely for a double
 * becomes 0 rather than NaN, and the work is quadratic in the dice, which is instant for the
 * ADM_DICE_MAX_COUNT dice a fire may roll. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-dice-source.h"
#include "adm-odds.h"

/* Far above any fleet's total; it keeps the F-ART-11 split of the table well clear of
 * integer overflow whatever the table's cells. */
#define MAX_FIREPOWER (ADM_DICE_MAX_COUNT * ADM_ARTILLERY_MAX_ROWS)

G_DEFINE_QUARK (adm-odds-error-quark, adm_odds_error)

double
adm_odds_d6_at_least (int target)
{
  if (target <= 1)
    return 1.0;
  if (target >= 7)
    return 0.0;
  return (7 - target) / 6.0;
}

/* Adds one Bernoulli(@p) trial to @dist, which holds the distribution of @trials trials in
 * slots 0..@trials and has room for one more slot. */
static void
add_trial (double *dist,
           int     trials,
           double  p)
{
  dist[trials + 1] = dist[trials] * p;
  for (int k = trials; k >= 1; k--)
    dist[k] = dist[k] * (1.0 - p) + dist[k - 1] * p;
  dist[0] *= 1.0 - p;
}

void
adm_odds_dice_sums (int     count,
                    int     sides,
                    double *sums)
{
  memset (sums, 0, (sides * count + 1) * sizeof *sums);
  sums[0] = 1.0;
  for (int n = 0; n < count; n++)
    for (int total = sides * (n + 1); total >= 0; total--)
      {
        double p = 0.0;

        for (int face = 1; face <= sides && face <= total; face++)
          p += sums[total - face] / sides;
        sums[total] = p;
      }
}

/* Binomial(@n, @p) as @n + 1 slots. */
static double *
binomial (int    n,
          double p)
{
  double *dist = g_new0 (double, n + 1);

  dist[0] = 1.0;
  for (int i = 0; i < n; i++)
    add_trial (dist, i, p);
  return dist;
}

guint
adm_odds_roll_max_passes (AdmRollCheck check,
                          guint        n_values)
{
  switch (check)
    {
    case ADM_ROLL_CHECK_EACH_AT_LEAST:
      return n_values;
    case ADM_ROLL_CHECK_DOUBLES:
      return n_values / 2;
    case ADM_ROLL_CHECK_SUM_AT_LEAST:
    case ADM_ROLL_CHECK_SUM_AT_MOST:
    case ADM_ROLL_CHECK_SUM_BELOW:
      return 1;
    case ADM_ROLL_CHECK_NONE:
    default:
      return 0;
    }
}

gboolean
adm_odds_roll_passes (AdmRollCheck  check,
                      int           target,
                      guint         n_values,
                      guint         sides,
                      double       *passes)
{
  g_autofree double *dist = NULL;
  g_autofree double *sums = NULL;
  double p = 0.0;
  guint max_passes = adm_odds_roll_max_passes (check, n_values);

  g_return_val_if_fail (passes != NULL, FALSE);

  if (check == ADM_ROLL_CHECK_NONE || n_values > ADM_DICE_MAX_COUNT || sides < 2 ||
      sides > ADM_DICE_MAX_SIDES)
    return FALSE;
  switch (check)
    {
    case ADM_ROLL_CHECK_EACH_AT_LEAST:
      /* Each die passes on @target or more of its @sides faces: 1 or less always. */
      p = target <= 1 ? 1.0 : target > (int) sides ? 0.0
                                                   : (double) (sides - (guint) target + 1) / sides;
      break;
    case ADM_ROLL_CHECK_DOUBLES:
      /* The second die of a pair shows the first's face. */
      p = 1.0 / sides;
      break;
    case ADM_ROLL_CHECK_SUM_AT_LEAST:
    case ADM_ROLL_CHECK_SUM_AT_MOST:
    case ADM_ROLL_CHECK_SUM_BELOW:
      sums = g_new (double, (gsize) n_values * sides + 1);
      adm_odds_dice_sums ((int) n_values, (int) sides, sums);
      for (guint total = 0; total <= n_values * sides; total++)
        if ((check == ADM_ROLL_CHECK_SUM_AT_LEAST && (int) total >= target) ||
            (check == ADM_ROLL_CHECK_SUM_AT_MOST && (int) total <= target) ||
            (check == ADM_ROLL_CHECK_SUM_BELOW && (int) total < target))
          p += sums[total];
      break;
    case ADM_ROLL_CHECK_NONE:
    default:
      g_assert_not_reached ();
    }
  dist = binomial ((int) max_passes, p);
  memcpy (passes, dist, (max_passes + 1) * sizeof *passes);
  return TRUE;
}

/* Each of the k points of @dist (slots 0..@n) survives on its own with probability @keep:
 * the result is Σ_k P(k) · Binomial(k, keep), the row Binomial(k, keep) grown one point at a
 * time alongside k. */
static double *
thin (const double *dist,
      int           n,
      double        keep)
{
  g_autofree double *row = g_new0 (double, n + 1);
  double *thinned = g_new0 (double, n + 1);

  row[0] = 1.0;
  for (int k = 0; k <= n; k++)
    {
      if (k > 0)
        add_trial (row, k - 1, keep);
      for (int j = 0; j <= k; j++)
        thinned[j] += dist[k] * row[j];
    }
  return thinned;
}

/* F-FORD-8: @damage (slots 0..@n, taken) after a special force shield's save of each point on
 * a d6 ≥ @save_on (0: no save); *@keep gets a point's chance to stay. */
static double *
special_shield_saves (double *damage,
                      int     n,
                      int     save_on,
                      double *keep)
{
  double *saved;

  *keep = save_on > 0 ? 1.0 - adm_odds_d6_at_least (save_on) : 1.0;
  if (save_on <= 0)
    return damage;
  saved = thin (damage, n, *keep);
  g_free (damage);
  return saved;
}

/* The damage points that get through the shields, before any save (F-SHLD-1, F-WPN-7):
 * @n_out gets the highest count. */
static double *
damage_through_shields (const AdmFireOddsInput *input,
                        double                  p_hit,
                        int                    *n_out)
{
  int n = MAX (0, input->dice - input->shields);
  g_autofree double *hits = NULL;
  double *damage;

  *n_out = n;
  /* Shields cancel table dice before the armour roll: fewer dice, every hit is damage. */
  if (input->order == ADM_SHIELDS_BEFORE_ARMOUR)
    return binomial (n, p_hit);

  /* Shields block the first hits (F-SHLD-1, F-DES-2): up to @shields hits do no damage. */
  hits = binomial (input->dice, p_hit);
  damage = g_new0 (double, n + 1);
  for (int h = 0; h <= input->dice; h++)
    damage[MAX (0, h - input->shields)] += hits[h];
  return damage;
}

AdmFireOdds *
adm_fire_odds_compute (const AdmFireOddsInput *input)
{
  g_autofree double *damage = NULL;
  AdmFireOdds *odds;
  double p_hit, keep, q, sum = 0.0;
  int n;

  g_return_val_if_fail (input != NULL, NULL);
  g_return_val_if_fail (input->dice >= 0 && input->dice <= ADM_DICE_MAX_COUNT, NULL);
  g_return_val_if_fail (input->shields >= 0, NULL);
  g_return_val_if_fail (input->order == ADM_SHIELDS_AFTER_ARMOUR
                        || input->order == ADM_SHIELDS_BEFORE_ARMOUR, NULL);
  g_return_val_if_fail (input->save_on >= 0, NULL);

  /* F-ART-12, F-DES-2; F-FORD-2: a missed die rolled once more hits with p again. */
  p_hit = adm_odds_d6_at_least (input->hit_on);
  if (input->reroll)
    p_hit = 1.0 - (1.0 - p_hit) * (1.0 - p_hit);

  damage = damage_through_shields (input, p_hit, &n);

  /* F-FORD-8: each damage point that got past the shields is ignored on a d6 ≥ save_on. */
  damage = special_shield_saves (damage, n, input->save_on, &keep);

  odds = g_new0 (AdmFireOdds, 1);
  /* The slots above 0 are exact zeros when nothing can hit or every point is saved. */
  odds->max_damage = (p_hit > 0.0 && keep > 0.0) ? n : 0;
  odds->damage = g_new (double, odds->max_damage + 1);
  for (int k = 0; k <= odds->max_damage; k++)
    sum += damage[k];
  g_assert (sum > 0.5);

  /* F-ART-13, F-DES-3: every damage point gets its own critical check. */
  q = adm_odds_d6_at_least (input->critical_on);
  for (int k = 0; k <= odds->max_damage; k++)
    {
      /* Rounding over a thousand steps may leave the total a few ulps off 1. */
      odds->damage[k] = damage[k] / sum;
      odds->expected_damage += k * odds->damage[k];
      odds->p_critical += odds->damage[k] * (1.0 - pow (1.0 - q, k));
    }
  return odds;
}

double
adm_fire_odds_at_least (const AdmFireOdds *odds,
                        int                k)
{
  double total = 0.0;

  g_return_val_if_fail (odds != NULL, 0.0);

  if (k <= 0)
    return 1.0;
  /* Summed from the unlikely end so that small tails keep their digits. */
  for (int i = odds->max_damage; i >= k; i--)
    total += odds->damage[i];
  return MIN (total, 1.0);
}

void
adm_fire_odds_free (AdmFireOdds *odds)
{
  if (odds == NULL)
    return;
  g_free (odds->damage);
  g_free (odds);
}

static gboolean
check_values (AdmWeaponType   weapon,
              int             firepower,
              int             armour,
              int             shields,
              GError        **error)
{
  if (weapon == ADM_WEAPON_TORPEDO)
    {
      g_set_error_literal (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_WEAPON,
                           _("odds are for artillery and gravi-destructor fire; torpedoes are "
                             "resolved in the torpedo phase (their odds: odds torpedo)"));
      return FALSE;
    }
  if (weapon != ADM_WEAPON_ARTILLERY && weapon != ADM_WEAPON_DESTRUCTOR)
    {
      g_set_error_literal (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_WEAPON,
                           _("odds are for artillery and gravi-destructor fire; mines are "
                             "resolved when they detonate in the torpedo phase (F-MINE-15)"));
      return FALSE;
    }
  if (firepower < 0)
    g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                 _("firepower %d is negative; give 0 or more"), firepower);
  else if (firepower > MAX_FIREPOWER)
    g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                 _("firepower %d is more than one fire can roll; give at most %d"),
                 firepower, MAX_FIREPOWER);
  else if (armour < 0)
    g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                 _("armour %d is negative; give 0 or more"), armour);
  else if (shields < 0)
    g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                 _("shields %d is negative; give 0 or more"), shields);
  else
    return TRUE;
  return FALSE;
}

/* F-ART-11, F-ART-12, F-ART-13 under the ruleset's rulings. */
static gboolean
artillery_input (AdmRuleset        *ruleset,
                 int                firepower,
                 const char        *target,
                 int                shift,
                 int                armour,
                 AdmFireOddsInput  *input,
                 int               *column,
                 GError           **error)
{
  const char *order;

  if (target == NULL)
    {
      g_set_error_literal (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                           _("artillery fire needs a target and aspect, such as "
                             "approaching-capital (F-ART-15)"));
      return FALSE;
    }
  /* F-ART-10: any shift of five columns or more goes past the edge from every column, so a
   * bigger one reads the same under either edge ruling. */
  shift = CLAMP (shift, -ADM_ARTILLERY_COLUMNS, ADM_ARTILLERY_COLUMNS);
  if (!adm_ruleset_artillery_dice (ruleset, firepower, target, shift, &input->dice, column,
                                   error))
    return FALSE;

  input->hit_on = armour;      /* F-ART-12 */
  input->critical_on = adm_ruleset_get_critical_on (ruleset,               /* F-ART-13 */
                                                    ADM_CRITICAL_SOURCE_ARTILLERY);
  /* F-WPN-7 (ruling "shields-against-artillery"). */
  order = adm_ruleset_get_ruling_value (ruleset, "shields-against-artillery");
  input->order = g_strcmp0 (order, "before-armour") == 0
                 ? ADM_SHIELDS_BEFORE_ARMOUR : ADM_SHIELDS_AFTER_ARMOUR;
  return TRUE;
}

gboolean
adm_ruleset_fire_odds_input (AdmRuleset        *ruleset,
                             AdmWeaponType      weapon,
                             int                firepower,
                             const char        *target,
                             int                shift,
                             int                armour,
                             int                shields,
                             gboolean           halved,
                             gboolean           target_lock,
                             gboolean           special_shield_save,
                             AdmFireOddsInput  *input,
                             int               *column_out,
                             GError           **error)
{
  AdmFireOddsInput fire = { 0, };
  int column = 0;

  g_return_val_if_fail (ADM_IS_RULESET (ruleset), FALSE);
  g_return_val_if_fail (input != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_values (weapon, firepower, armour, shields, error))
    return FALSE;

  /* F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10 (ruling "halved-firepower"): halved before the
   * look-up. */
  if (halved)
    firepower = adm_ruleset_halve_firepower (ruleset, firepower);

  if (weapon == ADM_WEAPON_ARTILLERY)
    {
      if (!artillery_input (ruleset, firepower, target, shift, armour, &fire, &column, error))
        return FALSE;
    }
  else
    {
      /* F-DES-1: one d6 per firepower point; F-DES-2, F-WPN-3: the ruleset's number hits
       * whatever the armour, and shields block the hits; F-DES-3: criticals on the
       * ruleset's number. */
      fire.dice = firepower;
      fire.hit_on = adm_ruleset_get_destructor_hit_on (ruleset);
      fire.order = ADM_SHIELDS_AFTER_ARMOUR;
      fire.critical_on = adm_ruleset_get_destructor_critical_on (ruleset);
    }

  if (fire.dice > ADM_DICE_MAX_COUNT)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("firepower %d rolls %d dice, more than the %d dice one fire may roll"),
                   firepower, fire.dice, ADM_DICE_MAX_COUNT);
      return FALSE;
    }

  fire.shields = shields;                       /* F-SHLD-1 */
  fire.reroll = target_lock;                    /* F-FORD-2 */
  fire.save_on = special_shield_save                           /* F-FORD-8 */
                  ? adm_ruleset_get_shield_save_on (ruleset) : 0;

  *input = fire;
  if (column_out != NULL)
    *column_out = column;
  return TRUE;
}

AdmFireOdds *
adm_ruleset_fire_odds (AdmRuleset     *ruleset,
                       AdmWeaponType   weapon,
                       int             firepower,
                       const char     *target,
                       int             shift,
                       int             armour,
                       int             shields,
                       gboolean        halved,
                       gboolean        target_lock,
                       gboolean        special_shield_save,
                       GError        **error)
{
  AdmFireOddsInput input;

  g_return_val_if_fail (ADM_IS_RULESET (ruleset), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!adm_ruleset_fire_odds_input (ruleset, weapon, firepower, target, shift, armour, shields,
                                    halved, target_lock, special_shield_save, &input, NULL,
                                    error))
    return NULL;
  return adm_fire_odds_compute (&input);
}

/* Boarding: one round (F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12, F-BOARD-13, F-BOARD-14,
 * F-BOARD-15) */

int
adm_board_12_ratio (int        attacker_bp,
                    int        defender_bp,
                    const int *times,
                    const int *bonus,
                    guint      n)
{
  /* F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12 ("boarding-ratio"): "higher", "twice", "three
   * times" and "four or more times" as high read as higher and at least that many times. */
  int best = -1;

  if (attacker_bp <= 0 || attacker_bp <= defender_bp)
    return -1;
  for (guint i = 0; i < n; i++)
    if ((gint64) attacker_bp >= (gint64) times[i] * defender_bp &&
        (best < 0 || bonus[i] > bonus[best]))
      best = i;
  return best;
}

int
adm_ruleset_boarding_ratio_bonus (AdmRuleset  *ruleset,
                                  int          attacker_bp,
                                  int          defender_bp,
                                  const char **clause)
{
  const int *times, *bonus;
  int ratio;

  g_return_val_if_fail (ADM_IS_RULESET (ruleset), 0);

  adm_ruleset_get_boarding_ratios (ruleset, &times, &bonus);
  ratio = adm_board_12_ratio (attacker_bp, defender_bp, times, bonus, ADM_N_BOARDING_RATIOS);
  if (clause != NULL)
    *clause = ratio >= 0 ? adm_boarding_ratio_clause (ratio) : NULL;
  return ratio >= 0 ? bonus[ratio] : 0;
}

AdmBoardingOdds *
adm_boarding_odds_compute (int        attacker_bp,
                           int        defender_bp,
                           int        attacker_modifier,
                           int        defender_modifier,
                           int        dice,
                           gboolean   reroll_ties,
                           GError   **error)
{
  g_autoptr(AdmBoardingOdds) odds = NULL;
  int lead = attacker_modifier - defender_modifier;
  /* sums[s]: P(dice d6 total s), s = dice..6 * dice */
  double sums[6 * ADM_BOARDING_MAX_DICE + 1];
  double scale;

  /* ruleset.rng allows <dice-counts> no more. */
  g_return_val_if_fail (dice >= 1 && dice <= ADM_BOARDING_MAX_DICE, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (attacker_bp < 1 || defender_bp < 1)
    {
      /* F-BOARD-15: a ship at 0 is already captured. */
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("boarding potential %d: a ship boards and is boarded with 1 or more; at 0 "
                     "it is captured (F-BOARD-15)"), MIN (attacker_bp, defender_bp));
      return NULL;
    }
  if (ABS (attacker_modifier) > ADM_BOARDING_MAX_MODIFIER ||
      ABS (defender_modifier) > ADM_BOARDING_MAX_MODIFIER)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("boarding modifier %d is out of range; give one from %d to %d"),
                   ABS (attacker_modifier) > ADM_BOARDING_MAX_MODIFIER ? attacker_modifier
                                                                      : defender_modifier,
                   -ADM_BOARDING_MAX_MODIFIER, ADM_BOARDING_MAX_MODIFIER);
      return NULL;
    }

  odds = g_new0 (AdmBoardingOdds, 1);
  odds->max_loss = ABS (lead) + 5 * dice;
  odds->attacker_loss = g_new0 (double, odds->max_loss + 1);
  odds->defender_loss = g_new0 (double, odds->max_loss + 1);
  /* F-BOARD-13: each side rolls its dice with its modifiers, the higher total wins;
   * F-BOARD-14: the loser loses the difference. The sides' totals are independent. */
  adm_odds_dice_sums (dice, 6, sums);
  for (int a = dice; a <= 6 * dice; a++)
    for (int d = dice; d <= 6 * dice; d++)
      {
        int difference = a - d + lead;
        double p = sums[a] * sums[d];

        if (difference > 0)
          {
            odds->p_attacker_wins += p;
            odds->defender_loss[difference] += p;
          }
        else if (difference < 0)
          {
            odds->p_defender_wins += p;
            odds->attacker_loss[-difference] += p;
          }
        else
          odds->p_tie += p;
      }
  /* "boarding-roll": a tie rolled again leaves the odds of the rolls that decide; no modifier
   * makes every pair a tie, so the scale is finite. */
  scale = reroll_ties ? 1.0 / (1.0 - odds->p_tie) : 1.0;
  odds->p_attacker_wins *= scale;
  odds->p_defender_wins *= scale;
  for (int k = 1; k <= odds->max_loss; k++)
    {
      odds->attacker_loss[k] *= scale;
      odds->defender_loss[k] *= scale;
    }
  if (reroll_ties)
    odds->p_tie = 0.0;
  /* No loss: a tie or a won round. */
  odds->attacker_loss[0] = odds->p_tie + odds->p_attacker_wins;
  odds->defender_loss[0] = odds->p_tie + odds->p_defender_wins;
  for (int k = 1; k <= odds->max_loss; k++)
    {
      odds->expected_attacker_loss += k * odds->attacker_loss[k];
      odds->expected_defender_loss += k * odds->defender_loss[k];
      /* F-BOARD-15: captured when the loss takes the potential to 0. */
      if (k >= attacker_bp)
        odds->p_attacker_captured += odds->attacker_loss[k];
      if (k >= defender_bp)
        odds->p_defender_captured += odds->defender_loss[k];
    }
  return g_steal_pointer (&odds);
}

void
adm_boarding_odds_free (AdmBoardingOdds *odds)
{
  if (odds == NULL)
    return;
  g_free (odds->attacker_loss);
  g_free (odds->defender_loss);
  g_free (odds);
}

/* Torpedoes */

AdmFireOdds *
adm_torpedo_odds_compute (const AdmTorpedoOddsInput  *input,
                          GError                    **error)
{
  g_autofree double *shot_down = NULL;
  g_autofree double *left = NULL;
  g_autofree double *damage = NULL;
  AdmFireOdds *odds;
  double p_hit, q, keep, sum = 0.0;
  int n;

  g_return_val_if_fail (input != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (input->torpedoes < 0 || input->torpedoes > ADM_DICE_MAX_COUNT)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("%d torpedoes: give 0 to %d"), input->torpedoes, ADM_DICE_MAX_COUNT);
      return NULL;
    }
  if (input->turrets < 0 || input->turrets > ADM_DICE_MAX_COUNT)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("%d turret dice: give 0 to %d"), input->turrets, ADM_DICE_MAX_COUNT);
      return NULL;
    }
  if (input->armour < 0)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("armour %d is negative; give 0 or more"), input->armour);
      return NULL;
    }
  if (input->turret_hit < 1 || input->turret_hit > 6)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("a turret die hitting on %d+ is impossible; give 1 to 6"), input->turret_hit);
      return NULL;
    }
  if (input->critical_on < 1 || input->critical_on > 6)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("a critical check passing on %d+ is impossible; give 1 to 6"),
                   input->critical_on);
      return NULL;
    }
  if (input->save_on < 0)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("a save on %d+ is negative; give 0 (no save) or more"), input->save_on);
      return NULL;
    }

  /* F-TORP-13, F-TORP-14: each turret die at or above the ruleset's number destroys one
   * torpedo, never more than there are: the torpedoes left are n − min(n, K) with
   * K ~ Binomial(turrets, P(d6 ≥ turret_hit)). */
  n = input->torpedoes;
  shot_down = binomial (input->turrets, adm_odds_d6_at_least (input->turret_hit));
  left = g_new0 (double, n + 1);
  for (int k = 0; k <= input->turrets; k++)
    left[n - MIN (n, k)] += shot_down[k];

  /* F-TORP-7, F-WPN-16: each torpedo left damages on d6 ≥ armour; F-TORP-9: no shields. */
  p_hit = adm_odds_d6_at_least (input->armour);
  damage = thin (left, n, p_hit);
  /* F-FORD-8: each damage point is saved on d6 ≥ save_on. */
  damage = special_shield_saves (damage, n, input->save_on, &keep);

  odds = g_new0 (AdmFireOdds, 1);
  odds->max_damage = 0;
  for (int k = 0; k <= n; k++)
    {
      sum += damage[k];
      if (damage[k] > 0.0)
        odds->max_damage = k;
      odds->expected_destroyed += (n - k) * left[k];
    }
  g_assert (sum > 0.5);
  odds->damage = g_new (double, odds->max_damage + 1);
  q = adm_odds_d6_at_least (input->critical_on);
  for (int k = 0; k <= odds->max_damage; k++)
    {
      odds->damage[k] = damage[k] / sum;
      odds->expected_damage += k * odds->damage[k];
      /* F-WPN-16: a critical check at the ruleset's number for every damage point. */
      odds->p_critical += odds->damage[k] * (1.0 - pow (1.0 - q, k));
    }
  return odds;
}

AdmFireOdds *
adm_battle_torpedo_odds (AdmBattle            *battle,
                         int                   salvo_id,
                         guint                 ship,
                         int                   cover_dice,
                         AdmTorpedoOddsInput  *input,
                         GError              **error)
{
  const AdmTorpedoSalvo *salvo = NULL;
  const AdmBattleShip *target;
  AdmTorpedoOddsInput numbers = { 0, };

  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (guint i = 0; i < adm_battle_get_n_salvos (battle); i++)
    {
      const AdmTorpedoSalvo *v = adm_battle_get_salvo (battle, i);

      if (v->id == salvo_id && !v->spent && v->torpedoes > 0)
        salvo = v;
    }
  if (salvo == NULL)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("there is no torpedo salvo %d on the table"), salvo_id);
      return NULL;
    }
  if (ship >= adm_battle_get_n_ships (battle) ||
      adm_battle_get_ship (battle, ship)->status == ADM_SHIP_DESTROYED)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("ship %u is not on the table"), ship);
      return NULL;
    }
  if (cover_dice < 0)
    {
      g_set_error (error, ADM_ODDS_ERROR, ADM_ODDS_ERROR_INVALID,
                   _("%d covering dice: give 0 or more"), cover_dice);
      return NULL;
    }
  target = adm_battle_get_ship (battle, ship);
  numbers.torpedoes = salvo->torpedoes;
  /* F-CAT-7: a wreck has no turrets, and nobody covers it. */
  numbers.turrets = target->status == ADM_SHIP_ACTIVE
                      ? adm_battle_ship_turret_pool (battle, ship) + cover_dice : 0;
  numbers.armour = target->klass->armour;
  numbers.turret_hit = adm_ruleset_get_turret_hit (adm_battle_get_ruleset (battle));
  numbers.critical_on = adm_ruleset_get_critical_on (adm_battle_get_ruleset (battle),
                                                     ADM_CRITICAL_SOURCE_TORPEDO);
  numbers.save_on = adm_battle_ship_shield_save_on (battle, ship);
  if (input != NULL)
    *input = numbers;
  return adm_torpedo_odds_compute (&numbers, error);
}
