/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-odds.h: the exact outcome distribution of a Twilight Imperium 4 combat — a Markov
 * chain over both fleets' states, solved exactly (not sampled) — for space combat (LRR 39,
 * with the first round's Anti-Fighter Barrage, retreats and the capacity check) and ground
 * combat (LRR 48). */
#pragma once

#include <gio/gio.h>

#include "adm-ti4-fleet.h"

G_BEGIN_DECLS

typedef struct {
  AdmTi4Arena  arena;
  AdmTi4Policy attacker_policy;          /* hit assignment of each side (LRR 39.6) */
  AdmTi4Policy defender_policy;
  /* Announce a retreat (LRR 39.4) at the start of round N + 1, i.e. after N full rounds;
   * -1: never. Space combat only; the defender announces first and bars the attacker
   * (39.4.b). An eligible system is assumed (39.4.c). */
  int          attacker_retreat_after;
  int          defender_retreat_after;
} AdmTi4OddsOptions;

/* Space combat, both sides "sustain-first", no retreats. */
void adm_ti4_odds_options_init (AdmTi4OddsOptions *options);

typedef enum {
  ADM_TI4_OUTCOME_ATTACKER_WINS,       /* only the attacker has units left (39.10) */
  ADM_TI4_OUTCOME_DEFENDER_WINS,
  ADM_TI4_OUTCOME_DRAW,                /* neither has (39.10) */
  ADM_TI4_OUTCOME_ATTACKER_RETREATED,  /* the defender stays and wins (39.7) */
  ADM_TI4_OUTCOME_DEFENDER_RETREATED,
} AdmTi4Outcome;

#define ADM_TI4_N_OUTCOMES (ADM_TI4_OUTCOME_DEFENDER_RETREATED + 1)

const char *adm_ti4_outcome_to_string (AdmTi4Outcome outcome);  /* "attacker-wins" */

/* One end of the combat: what is left of each side (after the capacity check of 39.10.a and
 * the removals of a retreat, 39.7.b), and its probability. */
typedef struct {
  AdmTi4Outcome outcome;
  AdmTi4Fleet   attacker;
  AdmTi4Fleet   defender;
  double        probability;
} AdmTi4OddsEnd;

typedef struct {
  /* Who holds the system or planet at the end (LRR 39.10): attacker + draw + defender = 1
   * within 1e-9. A side that retreated lost; the retreats are also counted apart. */
  double  attacker;
  double  draw;
  double  defender;
  double  outcome[ADM_TI4_N_OUTCOMES];
  double  expected_rounds;
  /* AdmTi4OddsEnd, most likely first; probabilities sum to 1 within 1e-9. */
  GArray *ends;
  /* Per catalogue unit: the probability that at least k units of it are left on each side
   * is derivable from @ends; these are the expected numbers left. */
  double  attacker_expected[ADM_TI4_MAX_UNITS];
  double  defender_expected[ADM_TI4_MAX_UNITS];
  guint   n_states;  /* states of the chain visited, for bench/ */
} AdmTi4Odds;

/* Checks both fleets for the arena (adm_ti4_fleet_check_arena) and solves the chain. */
AdmTi4Odds *adm_ti4_odds_compute (AdmTi4Catalog           *catalog,
                                  const AdmTi4Fleet       *attacker,
                                  const AdmTi4Fleet       *defender,
                                  const AdmTi4OddsOptions *options,
                                  GError                 **error) G_GNUC_WARN_UNUSED_RESULT;
/* The same, giving up with G_IO_ERROR_CANCELLED once @cancellable is cancelled (a large
 * combat takes seconds: the app computes in a thread and drops outdated set-ups). */
AdmTi4Odds *adm_ti4_odds_compute_cancellable (AdmTi4Catalog           *catalog,
                                              const AdmTi4Fleet       *attacker,
                                              const AdmTi4Fleet       *defender,
                                              const AdmTi4OddsOptions *options,
                                              GCancellable            *cancellable,
                                              GError                 **error) G_GNUC_WARN_UNUSED_RESULT;
void        adm_ti4_odds_free    (AdmTi4Odds *odds);

/* Pure helper: the distribution of hits from @dice (each die hits on its value or more on a
 * d10, "0" = 10): out[k] for k = 0..adm_ti4_dice_total (dice); @out has that many + 1. */
void        adm_ti4_hits_distribution (const AdmTi4Dice *dice,
                                       double           *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmTi4Odds, adm_ti4_odds_free)

G_END_DECLS
