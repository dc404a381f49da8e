/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-odds.h: the exact odds of a declared fire (beyond the rulebook): the distribution of
 * damage points and the chance of at least one critical check succeeding, computed from
 * binomials and convolutions, never sampled. */
#pragma once

#include <glib.h>

#include "adm-ruleset.h"

G_BEGIN_DECLS

#define ADM_ODDS_ERROR (adm_odds_error_quark ())

typedef enum {
  ADM_ODDS_ERROR_INVALID,      /* a negative value, too many dice, a missing target */
  ADM_ODDS_ERROR_WEAPON,       /* torpedoes and mines are not resolved by a fire roll */
} AdmOddsError;

GQuark adm_odds_error_quark (void);

/* Ruling "shields-against-artillery" (F-WPN-7 ambiguity). */
typedef enum {
  ADM_SHIELDS_AFTER_ARMOUR,  /* shields block damage points after the armour roll (default) */
  ADM_SHIELDS_BEFORE_ARMOUR, /* shields cancel table dice before the armour roll */
} AdmShieldsOrder;

typedef struct {
  int             dice;        /* d6 rolled: table dice (artillery) or firepower (destructors) */
  int             hit_on;      /* a die ≥ this scores: the armour (F-ART-12) or 5 (F-DES-2);
                                * 1 always scores, 7 or more never does */
  int             shields;     /* shield blocks still available to the target (F-SHLD-1) */
  AdmShieldsOrder order;       /* where shields act */
  gboolean        reroll;      /* F-FORD-2 target lock: every missed die is rolled once more */
  int             save_on;     /* F-FORD-8 special-shield save: each damage point after shields
                                * is ignored on a d6 ≥ save_on; 0 = no save */
  int             critical_on; /* each damage point is checked: d6 ≥ this is a critical
                                * (4 destructors F-DES-3, 6 artillery F-ART-13) */
} AdmFireOddsInput;

typedef struct {
  int     max_damage;          /* highest damage count with a non-zero probability slot */
  double *damage;              /* damage[k], k = 0..max_damage: P(exactly k damage points) */
  double  expected_damage;
  double  p_critical;          /* P(at least one critical check succeeds) */
} AdmFireOdds;

/* Pure function: the odds of @input. @input->dice is 0..ADM_DICE_MAX_COUNT. */
AdmFireOdds *adm_fire_odds_compute (const AdmFireOddsInput *input) G_GNUC_WARN_UNUSED_RESULT;
/* P(at least @k damage points). */
double       adm_fire_odds_at_least (const AdmFireOdds *odds,
                                     int                k);
void         adm_fire_odds_free    (AdmFireOdds *odds);

/* Wrapper with a ruleset's table and rulings: artillery (@weapon ADM_WEAPON_ARTILLERY) looks
 * @firepower up against @target after @shift (F-ART-8..10, clamped per ruling) and hits on
 * @armour; destructors (ADM_WEAPON_DESTRUCTOR) roll @firepower dice hitting on 5+ whatever
 * the armour (F-DES-1, F-DES-2, F-WPN-3). @halved applies the movement/fire-order halving
 * (F-MOVE-15..17, F-FORD-10) under the "halved-firepower" ruling. Shields act per the
 * "shields-against-artillery" ruling for artillery and after the hit for destructors.
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

G_END_DECLS
