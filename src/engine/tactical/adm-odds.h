/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-odds.h: the exact odds of a declared fire (beyond the rulebook): the distribution of
 * damage points and the chance of at least one critical check succeeding, computed from
 * binomials and convolutions, never sampled. */
#pragma once

#include <glib.h>

#include "adm-battle.h"
#include "adm-roll-check.h"
#include "adm-ruleset.h"

G_BEGIN_DECLS

#define ADM_ODDS_ERROR (adm_odds_error_quark ())

typedef enum {
  ADM_ODDS_ERROR_INVALID,      /* a negative value, too many dice, a missing target */
  ADM_ODDS_ERROR_WEAPON,       /* torpedoes and mines are not resolved by a fire roll */
} AdmOddsError;

GQuark adm_odds_error_quark (void);

/* P(one d6 ≥ @target): a 1 or less always succeeds, a 7 or more never does. */
double       adm_odds_d6_at_least  (int               target);
/* The distribution of the total of @count dice of @sides sides into @sums, slots
 * 0..@count × @sides: the one-die distribution convolved @count times. */
void         adm_odds_dice_sums    (int               count,
                                    int               sides,
                                    double           *sums);

/* The odds of a judged roll before its dice (adm-roll-check.h): the distribution of the dice
 * (pairs, for a sum one) that pass when @n_values dice of @sides sides are judged by @check
 * against @target, into @passes, slots 0..adm_odds_roll_max_passes (); each die is fair.
 * FALSE, @passes untouched, for ADM_ROLL_CHECK_NONE (nothing is judged), more than
 * ADM_DICE_MAX_COUNT dice or fewer than 2 sides. */
guint        adm_odds_roll_max_passes (AdmRollCheck   check,
                                       guint          n_values);
gboolean     adm_odds_roll_passes  (AdmRollCheck      check,
                                    int               target,
                                    guint             n_values,
                                    guint             sides,
                                    double           *passes);

/* Ruling "shields-against-artillery" (F-WPN-7 ambiguity). */
typedef enum {
  ADM_SHIELDS_AFTER_ARMOUR,  /* shields block damage points after the armour roll */
  ADM_SHIELDS_BEFORE_ARMOUR, /* shields cancel table dice before the armour roll (the
                              * ruleset's default) */
} AdmShieldsOrder;

typedef struct {
  int             dice;        /* d6 rolled: table dice (artillery) or firepower (destructors) */
  int             hit_on;      /* a die ≥ this scores: the armour (F-ART-12) or the ruleset's
                                * <gravi-destructor hit-on> (F-DES-2);
                                * 1 always scores, 7 or more never does */
  int             shields;     /* shield blocks still available to the target (F-SHLD-1) */
  AdmShieldsOrder order;       /* where shields act */
  gboolean        reroll;      /* F-FORD-2 target lock: every missed die is rolled once more */
  int             save_on;     /* F-FORD-8 special-shield save: each damage point after shields
                                * is ignored on a d6 ≥ save_on; 0 = no save */
  int             critical_on; /* each damage point is checked: d6 ≥ this is a critical
                                * (the ruleset's <gravi-destructor critical-on> for
                                * destructors F-DES-3, 6 artillery F-ART-13) */
} AdmFireOddsInput;

/* The odds of the damage a ship takes, from gunfire or from a torpedo salvo: one type for
 * both, read the same way. */
typedef struct {
  int     max_damage;          /* highest damage count with a non-zero probability slot */
  double *damage;              /* damage[k], k = 0..max_damage: P(exactly k damage points) */
  double  expected_damage;
  double  p_critical;          /* P(at least one critical check succeeds; at 6+ for each
                                * torpedo's damage point, F-WPN-16) */
  double  expected_destroyed;  /* torpedoes the turrets shoot down, on average; 0 for
                                * gunfire */
} AdmFireOdds;

/* Pure function: the odds of @input. @input->dice is 0..ADM_DICE_MAX_COUNT. */
AdmFireOdds *adm_fire_odds_compute (const AdmFireOddsInput *input) G_GNUC_WARN_UNUSED_RESULT;
/* P(at least @k damage points). */
double       adm_fire_odds_at_least (const AdmFireOdds *odds,
                                     int                k);
void         adm_fire_odds_free    (AdmFireOdds *odds);

/* Wrapper with a ruleset's table and rulings: artillery (@weapon ADM_WEAPON_ARTILLERY) looks
 * @firepower up against @target after @shift (F-ART-8, F-ART-9, F-ART-10, clamped per ruling) and
 * hits on @armour; destructors (ADM_WEAPON_DESTRUCTOR) roll @firepower dice hitting on the
 * ruleset's <gravi-destructor hit-on> whatever the armour (F-DES-1, F-DES-2, F-WPN-3).
 * @halved applies the movement/fire-order halving (F-MOVE-15, F-MOVE-16, F-MOVE-17,
 * F-FORD-10) under the "halved-firepower" ruling. Shields act per
 * the "shields-against-artillery" ruling for artillery and after the hit for destructors.
 * A bad target or weapon type sets @error. */
AdmFireOdds *adm_ruleset_fire_odds (AdmRuleset    *ruleset,
                                    AdmWeaponType  weapon,
                                    int            firepower,
                                    const char    *target,
                                    int            shift,
                                    int            armour,
                                    int            shields,
                                    gboolean       halved,
                                    gboolean       target_lock,
                                    gboolean       special_shield_save,
                                    GError       **error) G_GNUC_WARN_UNUSED_RESULT;

/* The input adm_ruleset_fire_odds() computes, for showing what was looked up: @input gets
 * the dice, hit number, shields, order, re-roll, save and critical number of the fire, and
 * @column_out (may be NULL) the artillery column used (0: no shot after the shift, F-ART-10;
 * also 0 for destructors). Same arguments and errors as adm_ruleset_fire_odds(). */
gboolean     adm_ruleset_fire_odds_input (AdmRuleset       *ruleset,
                                          AdmWeaponType     weapon,
                                          int               firepower,
                                          const char       *target,
                                          int               shift,
                                          int               armour,
                                          int               shields,
                                          gboolean          halved,
                                          gboolean          target_lock,
                                          gboolean          special_shield_save,
                                          AdmFireOddsInput *input,
                                          int              *column_out,
                                          GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmFireOdds, adm_fire_odds_free)

/* Torpedoes (F-TORP-7, F-TORP-13, F-TORP-14, F-WPN-16): a salvo reaching a ship. */

typedef struct {
  int torpedoes;   /* torpedoes in the salvo (F-TORP-7, ruling "torpedo-units") */
  int turrets;     /* anti-torpedo dice: the turret pool and covering guns; each at or above
                    * turret_hit destroys one torpedo (F-TORP-13, F-TORP-14) */
  int armour;      /* each torpedo left damages on d6 ≥ armour (F-TORP-7): 1 always, 7 never */
  int save_on;     /* F-FORD-8 special-shield save of each damage point on d6 ≥ save_on; 0 none */
  int turret_hit;  /* F-TORP-13: the ruleset's number for a turret die (adm_ruleset_get_turret_hit
                    * ()), 1..6 */
  int critical_on; /* F-WPN-16: the ruleset's number for a critical check of a torpedo's damage
                    * (adm_ruleset_get_critical_on ()), 1..6 */
} AdmTorpedoOddsInput;

/* Pure function: the exact odds of a salvo of @input->torpedoes against @input->turrets turret
 * dice and the armour, by convolution. Values below 0, or above ADM_DICE_MAX_COUNT torpedoes
 * or turret dice, set @error (ADM_ODDS_ERROR_INVALID). Shields play no part (F-TORP-9). */
AdmFireOdds    *adm_torpedo_odds_compute  (const AdmTorpedoOddsInput *input,
                                           GError                   **error) G_GNUC_WARN_UNUSED_RESULT;

/* Wrapper on a battle: the odds of salvo number @salvo_id reaching ship @ship now, with the
 * turrets that would meet it (adm_battle_ship_turret_pool: formation, touching ships, less
 * turrets used this phase; none for a wreck, F-CAT-7) plus @cover_dice of covering escort
 * guns (F-TORP-14), the ship's armour and its reinforced special force shield (F-FORD-8).
 * An unknown or spent salvo, or an unknown ship, sets @error; @input (may be NULL) gets the
 * numbers used. */
AdmFireOdds    *adm_battle_torpedo_odds   (AdmBattle                 *battle,
                                           int                        salvo_id,
                                           guint                      ship,
                                           int                        cover_dice,
                                           AdmTorpedoOddsInput       *input,
                                           GError                   **error) G_GNUC_WARN_UNUSED_RESULT;

/* Boarding (F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12, F-BOARD-13, F-BOARD-14): one round, each
 * side's dice plus its modifiers. */

/* No modifier of the rules comes near this; it bounds the loss distribution. */
#define ADM_BOARDING_MAX_MODIFIER 100
/* The most dice a side rolls, as ruleset.rng allows <dice-counts>. */
#define ADM_BOARDING_MAX_DICE 12

/* Pure function, F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12 as ruled ("boarding-ratio"): which
 * of the @n ratio bonuses the attacker takes, the index of the highest @bonus among those it
 * earns, or -1 for none. An attacker earns ratio i when its boarding potential is above 0,
 * higher than the defender's and at least @times[i] times as high: so a defender at 0 or
 * less gives every one. The products are taken in 64 bits so no potential overflows them. */
int               adm_board_12_ratio        (int        attacker_bp,
                                             int        defender_bp,
                                             const int *times,
                                             const int *bonus,
                                             guint      n);
/* Wrapper on adm_board_12_ratio () with @ruleset's <boarding-ratios>: the attacker's bonus, 0
 * for none; @clause (may be NULL) gets the clause of the bonus, or NULL for none. */
int               adm_ruleset_boarding_ratio_bonus (AdmRuleset  *ruleset,
                                                    int          attacker_bp,
                                                    int          defender_bp,
                                                    const char **clause);

typedef struct {
  double  p_attacker_wins;     /* the attacker's total is higher (F-BOARD-13) */
  double  p_tie;               /* equal totals; 0 when ties are rolled again */
  double  p_defender_wins;
  int     max_loss;            /* highest loss with a non-zero probability slot */
  double *attacker_loss;       /* [k], k = 0..max_loss: P(the attacker loses exactly k BP) */
  double *defender_loss;       /* the same for the defender (F-BOARD-14) */
  double  expected_attacker_loss;
  double  expected_defender_loss;
  double  p_attacker_captured; /* P(the attacker's BP reaches 0 in this round, F-BOARD-15) */
  double  p_defender_captured;
} AdmBoardingOdds;

/* Pure function: the exact odds of one boarding round between boarding potentials
 * @attacker_bp and @defender_bp (1 or more) with total roll modifiers @attacker_modifier and
 * @defender_modifier (boarding modifiers, ratio bonus and readiness modifiers, each within
 * ±ADM_BOARDING_MAX_MODIFIER): each side rolls @dice d6 (F-BOARD-13, the ruleset's
 * <dice-counts>; 1 to ADM_BOARDING_MAX_DICE) plus its modifier, the loser loses the
 * difference. With @reroll_ties a tie is rolled again (ruling "boarding-roll"), else it has
 * no effect. Bad values set @error (ADM_ODDS_ERROR_INVALID). */
AdmBoardingOdds  *adm_boarding_odds_compute (int       attacker_bp,
                                             int       defender_bp,
                                             int       attacker_modifier,
                                             int       defender_modifier,
                                             int       dice,
                                             gboolean  reroll_ties,
                                             GError  **error) G_GNUC_WARN_UNUSED_RESULT;
void              adm_boarding_odds_free    (AdmBoardingOdds *odds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmBoardingOdds, adm_boarding_odds_free)

G_END_DECLS
