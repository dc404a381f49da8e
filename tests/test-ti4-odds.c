/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ti4-odds.c: the exact odds of a Twilight Imperium 4 combat (adm-ti4-odds.h) against
 * closed forms derived by hand (one unit against one, space and ground, sustain damage, the
 * first round's barrage, retreats, the capacity check) and against small battles solved here
 * by brute force, enumerating every die of every round. Every result's probabilities must sum
 * to 1 within 1e-9. The solver with dense state numbering must give what the solver before it
 * gave (ti4-odds-reference.h) to 1e-12, on a spread of battles. */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "adm-ti4-odds.h"
#include "ti4-helpers.h"
#include "ti4-odds-reference.h"

#define EPSILON 1e-9

/* Whatever the battle: the ends, the outcomes and who holds the system each sum to 1, and the
 * expected survivors are the ends' averages. */
static void
check_sums (const AdmTi4Odds *odds)
{
  double ends = 0.0, outcomes = 0.0;
  double attacker[ADM_TI4_MAX_UNITS] = { 0 }, defender[ADM_TI4_MAX_UNITS] = { 0 };

  g_assert_nonnull (odds);
  g_assert_cmpuint (odds->ends->len, >, 0);
  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      g_assert_cmpfloat (end->probability, >, 0.0);
      /* most likely first */
      if (e > 0)
        g_assert_cmpfloat (end->probability, <=,
                           g_array_index (odds->ends, AdmTi4OddsEnd, e - 1).probability);
      ends += end->probability;
      for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
        {
          attacker[i] += end->probability * adm_ti4_fleet_count (&end->attacker, i);
          defender[i] += end->probability * adm_ti4_fleet_count (&end->defender, i);
        }
    }
  for (guint o = 0; o < ADM_TI4_N_OUTCOMES; o++)
    outcomes += odds->outcome[o];
  g_assert_cmpfloat_with_epsilon (ends, 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (outcomes, 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->attacker + odds->draw + odds->defender, 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->attacker,
                                  odds->outcome[ADM_TI4_OUTCOME_ATTACKER_WINS] +
                                  odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED], EPSILON);
  for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
    {
      g_assert_cmpfloat_with_epsilon (odds->attacker_expected[i], attacker[i], EPSILON);
      g_assert_cmpfloat_with_epsilon (odds->defender_expected[i], defender[i], EPSILON);
    }
  g_assert_cmpfloat (odds->expected_rounds, >=, 1.0 - EPSILON);
}

static AdmTi4Odds *
compute (const char              *attacker,
         const char              *defender,
         const AdmTi4OddsOptions *options)
{
  g_autoptr(GError) error = NULL;
  AdmTi4Fleet a = fleet (attacker), d = fleet (defender);
  AdmTi4Odds *odds = adm_ti4_odds_compute (catalog (), &a, &d, options, &error);

  g_assert_no_error (error);
  check_sums (odds);
  return odds;
}

/* The probability of the end (@outcome, @attacker, @defender), 0 when it is not listed. */
static double
end_probability (const AdmTi4Odds *odds,
                 AdmTi4Outcome     outcome,
                 const char       *attacker,
                 const char       *defender)
{
  AdmTi4Fleet a = fleet (attacker), d = fleet (defender);

  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      if (end->outcome == outcome)
        {
          gboolean same = TRUE;

          /* damaged or not, counts per card */
          for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
            same = same && adm_ti4_fleet_count (&end->attacker, i) == a.intact[i] &&
                   adm_ti4_fleet_count (&end->defender, i) == d.intact[i];
          if (same)
            return end->probability;
        }
    }
  return 0.0;
}

/* LRR 39.5: hits on a d10 at value v or more, p = (11 - v) / 10; groups of dice add up as a
 * convolution of binomials. */
static double
binomial (guint  n,
          guint  k,
          double p)
{
  double c = 1.0;

  if (k > n)
    return 0.0;
  for (guint i = 0; i < k; i++)
    c = c * (n - i) / (i + 1);
  return c * pow (p, k) * pow (1.0 - p, n - k);
}

static void
test_hits_distribution (void)
{
  AdmTi4Dice dice = { { 0 } };
  double out[8];

  /* 3 dice at 7 (p = 0.4) and 2 at 5 (p = 0.6): P(k) = sum_i B(3, i, 0.4) B(2, k - i, 0.6) */
  dice.dice[7] = 3;
  dice.dice[5] = 2;
  adm_ti4_hits_distribution (&dice, out);
  for (guint k = 0; k <= 5; k++)
    {
      double expected = 0.0;

      for (guint i = 0; i <= MIN (k, 3u); i++)
        expected += binomial (3, i, 0.4) * binomial (2, k - i, 0.6);
      g_assert_cmpfloat_with_epsilon (out[k], expected, 1e-15);
    }

  /* "0" = 10: a die at 10 hits one time in ten; a die at 1 always. */
  memset (&dice, 0, sizeof dice);
  dice.dice[10] = 4;
  adm_ti4_hits_distribution (&dice, out);
  for (guint k = 0; k <= 4; k++)
    g_assert_cmpfloat_with_epsilon (out[k], binomial (4, k, 0.1), 1e-15);
  memset (&dice, 0, sizeof dice);
  dice.dice[1] = 2;
  adm_ti4_hits_distribution (&dice, out);
  g_assert_cmpfloat_with_epsilon (out[2], 1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (out[0] + out[1], 0.0, 1e-15);

  /* no dice: no hits */
  memset (&dice, 0, sizeof dice);
  adm_ti4_hits_distribution (&dice, out);
  g_assert_cmpfloat (out[0], ==, 1.0);
}

/* One cruiser (7: a = 0.4) against one destroyer (9: b = 0.2); no fighters, so no barrage.
 * Each round: both hit (ab) → draw, only the cruiser (a(1-b)) → attacker wins, only the
 * destroyer ((1-a)b) → defender wins, neither → the same again. Summing the repeats:
 * P(attacker) = a(1-b) / (a + b - ab), P(draw) = ab / (a + b - ab); rounds 1 / (a + b - ab). */
static void
test_space_duel (void)
{
  g_autoptr(AdmTi4Odds) odds = compute ("cruiser=1", "destroyer=1", NULL);
  double a = 0.4, b = 0.2, s = a + b - a * b;

  g_assert_cmpfloat_with_epsilon (odds->attacker, a * (1 - b) / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->draw, a * b / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->defender, (1 - a) * b / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->expected_rounds, 1.0 / s, EPSILON);
  g_assert_cmpuint (odds->ends->len, ==, 3);
  g_assert_cmpfloat_with_epsilon (odds->attacker_expected[unit ("cruiser")], a * (1 - b) / s,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (end_probability (odds, ADM_TI4_OUTCOME_ATTACKER_WINS,
                                                   "cruiser=1", ""), a * (1 - b) / s, EPSILON);
  g_assert_cmpuint (odds->n_states, ==, 1);
}

/* LRR 48: infantry (8: p = 0.3) against infantry — the same formula, on a planet. */
static void
test_ground_duel (void)
{
  AdmTi4OddsOptions options;
  g_autoptr(AdmTi4Odds) odds = NULL;
  double p = 0.3, s = 2 * p - p * p;

  adm_ti4_odds_options_init (&options);
  options.arena = ADM_TI4_GROUND;
  odds = compute ("infantry=1", "infantry=1", &options);
  g_assert_cmpfloat_with_epsilon (odds->attacker, p * (1 - p) / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->defender, p * (1 - p) / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->draw, p * p / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->expected_rounds, 1.0 / s, EPSILON);
}

/* LRR 48.2, 39.6.a: a mech (6: p = 0.5, Sustain Damage) against infantry (8: q = 0.3). From
 * the damaged mech (one unit each): x = p(1-q)/s, y = pq/s (draw), z = (1-p)q/s with
 * s = p + q - pq. From the intact mech, each round: the mech hits (p) → attacker wins, with
 * the mech damaged if the infantry hit too (q); only the infantry hits ((1-p)q) → the damaged
 * state; neither → again. So P(attacker) = (p + (1-p)q x) / s, P(draw) = (1-p)q y / s, and
 * the mech ends intact with p(1-q)/s, damaged with (pq + (1-p)q x)/s. */
static void
test_ground_sustain (void)
{
  AdmTi4OddsOptions options;
  g_autoptr(AdmTi4Odds) odds = NULL;
  double p = 0.5, q = 0.3, s = p + q - p * q;
  double x = p * (1 - q) / s, y = p * q / s, z = (1 - p) * q / s;
  AdmTi4Fleet intact = fleet ("mech=1"), damaged = intact;
  gboolean seen_intact = FALSE, seen_damaged = FALSE;

  damaged.intact[unit ("mech")] = 0;
  damaged.damaged[unit ("mech")] = 1;
  adm_ti4_odds_options_init (&options);
  options.arena = ADM_TI4_GROUND;
  odds = compute ("mech=1", "infantry=1", &options);
  g_assert_cmpfloat_with_epsilon (odds->attacker, (p + (1 - p) * q * x) / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->draw, (1 - p) * q * y / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->defender, (1 - p) * q * z / s, EPSILON);
  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      if (end->outcome != ADM_TI4_OUTCOME_ATTACKER_WINS)
        continue;
      if (adm_ti4_fleet_equal (&end->attacker, &intact))
        {
          g_assert_cmpfloat_with_epsilon (end->probability, p * (1 - q) / s, EPSILON);
          seen_intact = TRUE;
        }
      else
        {
          g_assert_true (adm_ti4_fleet_equal (&end->attacker, &damaged));
          g_assert_cmpfloat_with_epsilon (end->probability, (p * q + (1 - p) * q * x) / s,
                                          EPSILON);
          seen_damaged = TRUE;
        }
    }
  g_assert_true (seen_intact && seen_damaged);
}

/* LRR 39.6.a, 39.10.a: a dreadnought (5: p = 0.6, Sustain Damage) against a fighter (9:
 * q = 0.2), the same chain as the mech's. When the fighter wins it has no carrier: the
 * capacity check removes it, so the defender "wins" with nothing left. */
static void
test_sustain_against_fighter (void)
{
  g_autoptr(AdmTi4Odds) odds = compute ("dreadnought=1", "fighter=1", NULL);
  double p = 0.6, q = 0.2, s = p + q - p * q;
  double x = p * (1 - q) / s, y = p * q / s, z = (1 - p) * q / s;
  AdmTi4Fleet nothing;

  adm_ti4_fleet_clear (&nothing);
  g_assert_cmpfloat_with_epsilon (odds->attacker, (p + (1 - p) * q * x) / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->draw, (1 - p) * q * y / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->defender, (1 - p) * q * z / s, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->defender_expected[unit ("fighter")], 0.0, EPSILON);
  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      g_assert_true (adm_ti4_fleet_equal (&end->defender, &nothing));
    }
}

/* LRR 39.10.a: the capacity check on a winner: two fighters with one carrier keep their
 * places; fighters without one are removed at the end, not during the combat (notes). */
static void
test_capacity_check (void)
{
  g_autoptr(AdmTi4Odds) odds = compute ("fighter=2", "destroyer=1", NULL);

  /* The fighters win often, yet none is ever left. */
  g_assert_cmpfloat (odds->attacker, >, 0.2);
  g_assert_cmpfloat_with_epsilon (odds->attacker_expected[unit ("fighter")], 0.0, EPSILON);
}

/* LRR 39.3: a destroyer II's barrage (3 dice at 6: 1/2 each) at one fighter kills it with
 * 1 - 1/8 = 7/8 and the combat ends at once (39.3.a), in its first round. Otherwise the
 * destroyer (8: a = 0.3) fights the fighter (9: b = 0.2) as in the duel; a fighter that wins
 * is removed for want of capacity (39.10.a). */
static void
test_barrage (void)
{
  g_autoptr(AdmTi4Odds) odds = compute ("destroyer-ii=1", "fighter=1", NULL);
  g_autoptr(AdmTi4Odds) three = NULL;
  double a = 0.3, b = 0.2, s = a + b - a * b;

  g_assert_cmpfloat_with_epsilon (odds->attacker, 7.0 / 8 + a * (1 - b) / s / 8, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->draw, a * b / s / 8, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->expected_rounds, 7.0 / 8 + 1.0 / s / 8, EPSILON);

  /* Three fighters: all three fall to the barrage with (1/2)^3; the destroyer then wins
   * untouched in round 1. Other paths end with the destroyer intact too, so that end is at
   * least 1/8, and the barrage's kills show in the defender's survivors. */
  three = compute ("destroyer-ii=1", "fighter=3", NULL);
  g_assert_cmpfloat (end_probability (three, ADM_TI4_OUTCOME_ATTACKER_WINS,
                                      "destroyer-ii=1", ""), >=, 1.0 / 8 - EPSILON);
  g_assert_cmpfloat_with_epsilon (three->defender_expected[unit ("fighter")], 0.0, EPSILON);
}

/* LRR 39.4, 39.7: retreat after 0 rounds = announced in round 1; the retreating side still
 * takes that round's fire, and retreats only if both sides still have ships (39.7.a). Cruiser
 * (a = 0.4) against destroyer (b = 0.2): retreat (1-a)(1-b), attacker wins a(1-b), defender
 * (1-a)b, draw ab; one round. */
static void
test_retreat_after_zero (void)
{
  AdmTi4OddsOptions options;
  double a = 0.4, b = 0.2;

  for (guint side = 0; side < 3; side++)
    {
      g_autoptr(AdmTi4Odds) odds = NULL;

      adm_ti4_odds_options_init (&options);
      if (side != 1)
        options.attacker_retreat_after = 0;
      if (side != 0)
        options.defender_retreat_after = 0;
      odds = compute ("cruiser=1", "destroyer=1", &options);
      g_assert_cmpfloat_with_epsilon (odds->expected_rounds, 1.0, EPSILON);
      g_assert_cmpfloat_with_epsilon (odds->draw, a * b, EPSILON);
      g_assert_cmpfloat_with_epsilon (odds->outcome[ADM_TI4_OUTCOME_ATTACKER_WINS],
                                      a * (1 - b), EPSILON);
      g_assert_cmpfloat_with_epsilon (odds->outcome[ADM_TI4_OUTCOME_DEFENDER_WINS],
                                      (1 - a) * b, EPSILON);
      if (side == 0)
        {
          g_assert_cmpfloat_with_epsilon (odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED],
                                          (1 - a) * (1 - b), EPSILON);
          g_assert_cmpfloat_with_epsilon (odds->defender, (1 - a) * b + (1 - a) * (1 - b),
                                          EPSILON);
        }
      else
        {
          /* 39.4.b: the defender announced first; the attacker may not. */
          g_assert_cmpfloat_with_epsilon (odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED],
                                          (1 - a) * (1 - b), EPSILON);
          g_assert_cmpfloat_with_epsilon (odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED],
                                          0.0, EPSILON);
          g_assert_cmpfloat_with_epsilon (odds->attacker, a * (1 - b) + (1 - a) * (1 - b),
                                          EPSILON);
        }
    }
}

/* Retreat after 2 rounds: the attacker retreats only if rounds 1 and 2 have no hits at all
 * and round 3 leaves both sides ships: ((1-a)(1-b))^3; rounds 1 + r + r², r = (1-a)(1-b). */
static void
test_retreat_after_two (void)
{
  AdmTi4OddsOptions options;
  g_autoptr(AdmTi4Odds) odds = NULL;
  double a = 0.4, b = 0.2, r = (1 - a) * (1 - b);

  adm_ti4_odds_options_init (&options);
  options.attacker_retreat_after = 2;
  odds = compute ("cruiser=1", "destroyer=1", &options);
  g_assert_cmpfloat_with_epsilon (odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED], r * r * r,
                                  EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->expected_rounds, 1 + r + r * r, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->draw, a * b * (1 + r + r * r), EPSILON);
}

/* ---- brute force: every die of every round, enumerated ---- */

typedef struct {
  const AdmTi4OddsOptions *options;
  GArray                  *ends;    /* AdmTi4OddsEnd */
  double                   rounds;
} Brute;

static void
brute_add (Brute             *brute,
           AdmTi4Outcome      outcome,
           const AdmTi4Fleet *attacker,
           const AdmTi4Fleet *defender,
           double             p)
{
  AdmTi4OddsEnd end = { outcome, *attacker, *defender, p };

  for (guint e = 0; e < brute->ends->len; e++)
    {
      AdmTi4OddsEnd *have = &g_array_index (brute->ends, AdmTi4OddsEnd, e);

      if (have->outcome == outcome && adm_ti4_fleet_equal (&have->attacker, attacker) &&
          adm_ti4_fleet_equal (&have->defender, defender))
        {
          have->probability += p;
          return;
        }
    }
  g_array_append_val (brute->ends, end);
}

static gboolean
alive (const AdmTi4Fleet *fleet,
       AdmTi4Arena        arena)
{
  return adm_ti4_fleet_fighting (catalog (), fleet, arena) > 0;
}

/* LRR 39.10, 39.10.a */
static void
brute_end (Brute       *brute,
           AdmTi4Fleet  attacker,
           AdmTi4Fleet  defender,
           double       p)
{
  AdmTi4Arena arena = brute->options->arena;

  if (alive (&attacker, arena))
    {
      if (arena == ADM_TI4_SPACE)
        adm_ti4_fleet_capacity_check (catalog (), &attacker, NULL);
      brute_add (brute, ADM_TI4_OUTCOME_ATTACKER_WINS, &attacker, &defender, p);
    }
  else if (alive (&defender, arena))
    {
      if (arena == ADM_TI4_SPACE)
        adm_ti4_fleet_capacity_check (catalog (), &defender, NULL);
      brute_add (brute, ADM_TI4_OUTCOME_DEFENDER_WINS, &attacker, &defender, p);
    }
  else
    brute_add (brute, ADM_TI4_OUTCOME_DRAW, &attacker, &defender, p);
}

/* The per-die hit chances of a fleet's combat roll (one die per unit and burst icon). */
static guint
brute_dice (const AdmTi4Fleet *fleet,
            AdmTi4Arena        arena,
            gboolean           barrage,
            double            *p)
{
  guint n = 0;

  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog ()); i++)
    {
      const AdmTi4Unit *u = adm_ti4_catalog_get_unit (catalog (), i);
      guint value = barrage ? u->afb : u->combat;
      guint per = barrage ? u->afb_dice : u->dice;
      gboolean fights = arena == ADM_TI4_GROUND ? u->kind == ADM_TI4_KIND_GROUND
                                                : u->kind == ADM_TI4_KIND_SHIP;

      if (value == 0 || (!barrage && !fights))
        continue;
      for (guint k = 0; k < adm_ti4_fleet_count (fleet, i) * per; k++)
        p[n++] = (11.0 - value) / 10.0;
    }
  g_assert_cmpuint (n, <=, 12);
  return n;
}

/* Every outcome of @n dice: calls back with the number of hits and its probability. */
static void
brute_rolls (const double *p,
             guint         n,
             double       *out)
{
  memset (out, 0, (n + 1) * sizeof *out);
  for (guint mask = 0; mask < (1u << n); mask++)
    {
      double q = 1.0;
      guint hits = 0;

      for (guint d = 0; d < n; d++)
        if (mask & (1u << d))
          {
            q *= p[d];
            hits++;
          }
        else
          q *= 1.0 - p[d];
      out[hits] += q;
    }
}

static void
brute_round (Brute       *brute,
             AdmTi4Fleet  attacker,
             AdmTi4Fleet  defender,
             guint        round,
             double       p);

static gboolean
has_fighter (const AdmTi4Fleet *fleet)
{
  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog ()); i++)
    if (adm_ti4_catalog_get_unit (catalog (), i)->fighter && adm_ti4_fleet_count (fleet, i))
      return TRUE;
  return FALSE;
}

/* LRR 39.3: the barrage, die by die, then round 1. */
static void
brute_start (Brute       *brute,
             AdmTi4Fleet  attacker,
             AdmTi4Fleet  defender)
{
  double pa[13], pd[13], ha[13], hd[13];
  guint na = 0, nd = 0;

  if (brute->options->arena == ADM_TI4_GROUND)
    {
      brute_round (brute, attacker, defender, 1, 1.0);
      return;
    }
  if (has_fighter (&defender))
    na = brute_dice (&attacker, ADM_TI4_SPACE, TRUE, pa);
  if (has_fighter (&attacker))
    nd = brute_dice (&defender, ADM_TI4_SPACE, TRUE, pd);
  brute_rolls (pa, na, ha);
  brute_rolls (pd, nd, hd);
  for (guint i = 0; i <= na; i++)
    for (guint j = 0; j <= nd; j++)
      {
        AdmTi4Fleet a = attacker, d = defender;

        adm_ti4_fleet_assign_afb_hits (catalog (), &a, j);
        adm_ti4_fleet_assign_afb_hits (catalog (), &d, i);
        if (!alive (&a, ADM_TI4_SPACE) || !alive (&d, ADM_TI4_SPACE))
          {
            /* LRR 39.3.a */
            brute->rounds += ha[i] * hd[j];
            brute_end (brute, a, d, ha[i] * hd[j]);
          }
        else
          brute_round (brute, a, d, 1, ha[i] * hd[j]);
      }
}

/* Round @round from (@attacker, @defender), reached with probability @p. Once no retreat can
 * come any more, the rounds without a hit are summed as p (1 + p00 + p00² + …). */
static void
brute_round (Brute       *brute,
             AdmTi4Fleet  attacker,
             AdmTi4Fleet  defender,
             guint        round,
             double       p)
{
  const AdmTi4OddsOptions *options = brute->options;
  AdmTi4Arena arena = options->arena;
  double pa[13], pd[13], ha[13], hd[13], p00, weight;
  guint na, nd;
  int announced = -1;
  gboolean pending;

  if (arena == ADM_TI4_SPACE)
    {
      if (options->defender_retreat_after >= 0 &&
          (int) round == options->defender_retreat_after + 1)
        announced = ADM_TI4_DEFENDER;
      else if (options->attacker_retreat_after >= 0 &&
               (int) round == options->attacker_retreat_after + 1)
        announced = ADM_TI4_ATTACKER;
    }
  pending = arena == ADM_TI4_SPACE &&
            ((int) round <= options->defender_retreat_after ||
             (int) round <= options->attacker_retreat_after);

  na = brute_dice (&attacker, arena, FALSE, pa);
  nd = brute_dice (&defender, arena, FALSE, pd);
  brute_rolls (pa, na, ha);
  brute_rolls (pd, nd, hd);
  p00 = ha[0] * hd[0];
  weight = announced >= 0 || pending ? p : p / (1.0 - p00);
  brute->rounds += weight;

  for (guint i = 0; i <= na; i++)
    for (guint j = 0; j <= nd; j++)
      {
        AdmTi4Fleet a = attacker, d = defender;
        double q = weight * ha[i] * hd[j];

        adm_ti4_fleet_assign_hits (catalog (), &a, arena, j, options->attacker_policy);
        adm_ti4_fleet_assign_hits (catalog (), &d, arena, i, options->defender_policy);
        if (!alive (&a, arena) || !alive (&d, arena))
          brute_end (brute, a, d, q);
        else if (announced == ADM_TI4_ATTACKER)
          {
            /* LRR 39.7 */
            adm_ti4_fleet_retreat (catalog (), &a, NULL);
            adm_ti4_fleet_capacity_check (catalog (), &d, NULL);
            brute_add (brute, ADM_TI4_OUTCOME_ATTACKER_RETREATED, &a, &d, q);
          }
        else if (announced == ADM_TI4_DEFENDER)
          {
            adm_ti4_fleet_retreat (catalog (), &d, NULL);
            adm_ti4_fleet_capacity_check (catalog (), &a, NULL);
            brute_add (brute, ADM_TI4_OUTCOME_DEFENDER_RETREATED, &a, &d, q);
          }
        else if (i > 0 || j > 0 || pending)
          brute_round (brute, a, d, round + 1, q);
      }
}

static void
check_brute (const char              *attacker,
             const char              *defender,
             const AdmTi4OddsOptions *options)
{
  g_autoptr(AdmTi4Odds) odds = compute (attacker, defender, options);
  g_autoptr(GArray) ends = g_array_new (FALSE, FALSE, sizeof (AdmTi4OddsEnd));
  Brute brute = { options, ends, 0.0 };
  double total = 0.0;

  g_test_message ("%s against %s: %u ends, %u states", attacker, defender, odds->ends->len,
                  odds->n_states);
  brute_start (&brute, fleet (attacker), fleet (defender));
  g_assert_cmpuint (ends->len, ==, odds->ends->len);
  for (guint e = 0; e < ends->len; e++)
    {
      const AdmTi4OddsEnd *want = &g_array_index (ends, AdmTi4OddsEnd, e);
      gboolean found = FALSE;

      total += want->probability;
      for (guint k = 0; k < odds->ends->len && !found; k++)
        {
          const AdmTi4OddsEnd *got = &g_array_index (odds->ends, AdmTi4OddsEnd, k);

          if (got->outcome == want->outcome &&
              adm_ti4_fleet_equal (&got->attacker, &want->attacker) &&
              adm_ti4_fleet_equal (&got->defender, &want->defender))
            {
              g_assert_cmpfloat_with_epsilon (got->probability, want->probability, EPSILON);
              found = TRUE;
            }
        }
      g_assert_true (found);
    }
  g_assert_cmpfloat_with_epsilon (total, 1.0, EPSILON);
  g_assert_cmpfloat_with_epsilon (odds->expected_rounds, brute.rounds, EPSILON);
}

static void
test_brute_space (void)
{
  AdmTi4OddsOptions options;

  adm_ti4_odds_options_init (&options);
  /* LRR 39.3 barrage at three fighters; the attacker's fighter needs a carrier (39.10.a) */
  check_brute ("destroyer-ii=1,fighter=1", "fighter=3", &options);
  /* barrage on both sides, sustain damage, burst icons (a war sun's 3 dice) */
  check_brute ("dreadnought=1,fighter=2", "destroyer=2,carrier=1,fighter=1", &options);
  check_brute ("war-sun=1", "destroyer-ii=1,cruiser-ii=1,fighter-ii=2", &options);
  /* the other policy on each side (LRR 39.6) */
  options.attacker_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  check_brute ("dreadnought=2,fighter=1", "carrier=1,fighter=3,cruiser=1", &options);
  options.attacker_policy = ADM_TI4_POLICY_SUSTAIN_FIRST;
  options.defender_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  check_brute ("cruiser=2,destroyer=1", "dreadnought=2", &options);
}

static void
test_brute_retreat (void)
{
  AdmTi4OddsOptions options;

  /* LRR 39.7.b: the attacker's fighters and infantry ride in its carrier, up to 4 */
  adm_ti4_odds_options_init (&options);
  options.attacker_retreat_after = 1;
  check_brute ("carrier=1,fighter=3,infantry=2,cruiser=1", "dreadnought=1,destroyer=1",
               &options);
  /* both announce later; the defender's comes first */
  options.defender_retreat_after = 2;
  options.attacker_retreat_after = 3;
  check_brute ("dreadnought=1,cruiser=1", "cruiser=1,destroyer=1,fighter=1", &options);
  /* 39.4.b: the same round, the defender's bars the attacker's */
  options.defender_retreat_after = 1;
  options.attacker_retreat_after = 1;
  check_brute ("dreadnought=1,cruiser=1", "cruiser=1,carrier=1,fighter=2", &options);
}

static void
test_brute_ground (void)
{
  AdmTi4OddsOptions options;

  adm_ti4_odds_options_init (&options);
  options.arena = ADM_TI4_GROUND;
  /* LRR 48: no barrage, no retreat (the options are ignored on a planet) */
  options.attacker_retreat_after = 0;
  check_brute ("mech=1,infantry=2", "infantry-ii=2", &options);
  options.defender_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  check_brute ("infantry=3", "mech=2,infantry=1", &options);
}

static void
expect_error (const char              *attacker,
              const char              *defender,
              const AdmTi4OddsOptions *options,
              const char              *message)
{
  g_autoptr(GError) error = NULL;
  AdmTi4Fleet a = fleet (attacker), d = fleet (defender);
  g_autoptr(AdmTi4Odds) odds = adm_ti4_odds_compute (catalog (), &a, &d, options, &error);

  g_assert_null (odds);
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, message));
}

static void
test_bad_input (void)
{
  AdmTi4OddsOptions options;

  adm_ti4_odds_options_init (&options);
  expect_error ("", "cruiser=1", &options, "The attacker has no ships");
  expect_error ("cruiser=1", "infantry=3", &options, "The defender has no ships");
  options.arena = ADM_TI4_GROUND;
  /* LRR 48.1: ships do not fight on a planet */
  expect_error ("infantry=2,dreadnought=1", "infantry=1", &options, "only ground forces");
  expect_error ("infantry=2", "", &options, "The defender has no ground forces");
  options.arena = ADM_TI4_SPACE;
  options.attacker_retreat_after = -2;
  expect_error ("cruiser=1", "cruiser=1", &options, "retreat");
  options.attacker_retreat_after = -1;
  options.defender_retreat_after = 1000;
  expect_error ("cruiser=1", "cruiser=1", &options, "retreat");
}

/* A fleet built in memory (not parsed) with more units than a side may have is refused
 * before any state is explored, whatever its counts: a parsed one never has them. */
static void
test_too_many_units (void)
{
  AdmTi4Fleet a = fleet ("carrier=1"), d = fleet ("destroyer=2");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Odds) odds = NULL;

  a.intact[unit ("fighter")] = G_MAXUINT16;
  a.damaged[unit ("carrier")] = G_MAXUINT16;
  odds = adm_ti4_odds_compute (catalog (), &a, &d, NULL, &error);
  g_assert_null (odds);
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "The attacker has 131071 units: a side may have at "
                                       "most 200");
  g_clear_error (&error);

  /* 200 a side is allowed. */
  a = fleet ("carrier=1,fighter=99");
  a.intact[unit ("fighter")] = 199;
  d = fleet ("dreadnought=100,destroyer=100");
  g_assert_true (adm_ti4_fleet_check_arena (catalog (), &a, ADM_TI4_SPACE, ADM_TI4_ATTACKER,
                                            &error));
  g_assert_true (adm_ti4_fleet_check_arena (catalog (), &d, ADM_TI4_SPACE, ADM_TI4_DEFENDER,
                                            &error));
  g_assert_no_error (error);
  d.intact[unit ("destroyer")]++;
  g_assert_false (adm_ti4_fleet_check_arena (catalog (), &d, ADM_TI4_SPACE, ADM_TI4_DEFENDER,
                                             &error));
  g_assert_cmpstr (error->message, ==, "The defender has 201 units: a side may have at most "
                                       "200");
}

/* The bench's battle, and ships riding: ground forces in space are cargo and never fight. */
static void
test_large (void)
{
  g_autoptr(AdmTi4Odds) odds = compute ("war-sun=1,dreadnought-ii=3,carrier-ii=2,cruiser-ii=4,"
                                        "destroyer-ii=2,fighter-ii=8,infantry=4",
                                        "dreadnought=4,carrier=2,cruiser=3,destroyer-ii=3,"
                                        "fighter=8", NULL);

  g_assert_cmpfloat (odds->attacker, >, odds->defender);
  g_assert_cmpfloat (odds->attacker_expected[unit ("infantry")], <=, 4.0 + EPSILON);
  g_assert_cmpuint (odds->n_states, >, 100);
}

/* A cancelled computation gives up with G_IO_ERROR_CANCELLED (the app's thread). */
static void
test_cancelled (void)
{
  AdmTi4Fleet a = fleet ("dreadnought=6,fighter=10,carrier=3");
  AdmTi4Fleet d = fleet ("dreadnought=6,fighter=10,carrier=3");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Odds) odds = NULL;
  g_autoptr(AdmTi4Odds) whole = NULL;

  g_cancellable_cancel (cancellable);
  odds = adm_ti4_odds_compute_cancellable (catalog (), &a, &d, NULL, cancellable, &error);
  g_assert_null (odds);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  whole = adm_ti4_odds_compute_cancellable (catalog (), &a, &d, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (whole->attacker + whole->draw + whole->defender, 1.0, 1e-9);
}

/* ---- the dense solver against the one before it ---- */

#define SAME 1e-12

static const AdmTi4OddsEnd *
find_end (const AdmTi4Odds    *odds,
          const AdmTi4OddsEnd *like)
{
  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      if (end->outcome == like->outcome && adm_ti4_fleet_equal (&end->attacker, &like->attacker) &&
          adm_ti4_fleet_equal (&end->defender, &like->defender))
        return end;
    }
  return NULL;
}

/* Every end, outcome, expected number of rounds and survivors to 1e-12, and the same number
 * of states played. */
static void
check_reference_fleets (const AdmTi4Fleet       *a,
                        const AdmTi4Fleet       *d,
                        const AdmTi4OddsOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Odds) fast = adm_ti4_odds_compute (catalog (), a, d, options, &error);
  g_autoptr(AdmTi4Odds) slow = NULL;

  g_assert_no_error (error);
  slow = reference_ti4_odds_compute (catalog (), a, d, options, NULL, &error);
  g_assert_no_error (error);
  check_sums (fast);
  g_assert_cmpuint (fast->ends->len, ==, slow->ends->len);
  g_assert_cmpuint (fast->n_states, ==, slow->n_states);
  for (guint e = 0; e < slow->ends->len; e++)
    {
      const AdmTi4OddsEnd *want = &g_array_index (slow->ends, AdmTi4OddsEnd, e);
      const AdmTi4OddsEnd *got = find_end (fast, want);

      g_assert_nonnull (got);
      g_assert_cmpfloat_with_epsilon (got->probability, want->probability, SAME);
    }
  for (guint o = 0; o < ADM_TI4_N_OUTCOMES; o++)
    g_assert_cmpfloat_with_epsilon (fast->outcome[o], slow->outcome[o], SAME);
  g_assert_cmpfloat_with_epsilon (fast->attacker, slow->attacker, SAME);
  g_assert_cmpfloat_with_epsilon (fast->draw, slow->draw, SAME);
  g_assert_cmpfloat_with_epsilon (fast->defender, slow->defender, SAME);
  g_assert_cmpfloat_with_epsilon (fast->expected_rounds, slow->expected_rounds, SAME);
  for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
    {
      g_assert_cmpfloat_with_epsilon (fast->attacker_expected[i], slow->attacker_expected[i],
                                      SAME);
      g_assert_cmpfloat_with_epsilon (fast->defender_expected[i], slow->defender_expected[i],
                                      SAME);
    }
}

static void
check_reference (const char              *attacker,
                 const char              *defender,
                 const AdmTi4OddsOptions *options)
{
  AdmTi4Fleet a = fleet (attacker), d = fleet (defender);

  g_test_message ("%s against %s", attacker, defender);
  check_reference_fleets (&a, &d, options);
}

#define MIRROR "fighter=10,carrier=4,dreadnought=4,war-sun=2,destroyer=4,cruiser=4"

static void
test_reference_space (void)
{
  AdmTi4OddsOptions options;

  adm_ti4_odds_options_init (&options);
  check_reference ("dreadnought=2", "dreadnought=2", &options);
  check_reference ("war-sun=1", "dreadnought=3", &options);
  check_reference ("carrier=1,fighter=3,dreadnought=1", "destroyer=2,cruiser=1", &options);
  check_reference (MIRROR, MIRROR, &options);
  /* the bench's battle, with cargo that never fights and fighters beyond capacity */
  check_reference ("war-sun=1,dreadnought-ii=3,carrier-ii=2,cruiser-ii=4,destroyer-ii=2,"
                   "fighter-ii=8,infantry=4",
                   "dreadnought=4,carrier=2,cruiser=3,destroyer-ii=3,fighter=8", &options);
  check_reference ("fighter=6,carrier=1", "destroyer-ii=3,fighter=2", &options);
  options.attacker_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  options.defender_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  check_reference (MIRROR, "dreadnought-ii=5,carrier-ii=3,fighter-ii=9,cruiser-ii=3", &options);
  options.defender_policy = ADM_TI4_POLICY_SUSTAIN_FIRST;
  check_reference ("war-sun-ii=1,dreadnought=2,fighter=4,carrier=1", "dreadnought=3,destroyer=3",
                   &options);
}

static void
test_reference_retreat (void)
{
  AdmTi4OddsOptions options;
  const int after[][2] = { { 0, -1 }, { 1, -1 }, { 2, -1 }, { -1, 0 }, { -1, 3 }, { 5, 3 },
                           { 2, 2 }, { 1, 4 }, { 12, -1 } };

  for (guint i = 0; i < G_N_ELEMENTS (after); i++)
    {
      adm_ti4_odds_options_init (&options);
      options.attacker_retreat_after = after[i][0];
      options.defender_retreat_after = after[i][1];
      g_test_message ("retreats after %d and %d rounds", after[i][0], after[i][1]);
      check_reference ("carrier=2,fighter=6,infantry=3,dreadnought=2,cruiser=2",
                       "dreadnought=2,destroyer-ii=2,carrier=1,fighter=3,mech=1", &options);
      options.attacker_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
      check_reference ("war-sun=1,dreadnought-ii=3,carrier-ii=2,cruiser-ii=4,destroyer-ii=2,"
                       "fighter-ii=8",
                       "dreadnought=4,carrier=2,cruiser=3,destroyer-ii=3,fighter=8", &options);
    }
}

static void
test_reference_ground (void)
{
  AdmTi4OddsOptions options;

  adm_ti4_odds_options_init (&options);
  options.arena = ADM_TI4_GROUND;
  check_reference ("mech=3,infantry=6", "infantry-ii=8,mech=1", &options);
  options.defender_policy = ADM_TI4_POLICY_CHEAPEST_FIRST;
  check_reference ("infantry=10", "mech=4,infantry-ii=3", &options);
}

/* Random fleets of every ship card (fixed seed): space, either policy, sometimes retreats. */
static void
test_reference_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  const char * const ships[] = { "war-sun", "dreadnought", "dreadnought-ii", "carrier",
                                 "carrier-ii", "cruiser", "cruiser-ii", "destroyer",
                                 "destroyer-ii", "fighter", "fighter-ii", "infantry", "mech" };

  for (guint battle = 0; battle < 24; battle++)
    {
      AdmTi4Fleet sides[2];
      AdmTi4OddsOptions options;

      for (guint s = 0; s < 2; s++)
        {
          adm_ti4_fleet_clear (&sides[s]);
          /* at least one ship, a few cards of 1-4 units */
          sides[s].intact[unit ("destroyer")] = 1;
          for (guint c = 0; c < 4; c++)
            sides[s].intact[unit (ships[g_rand_int_range (rand, 0, G_N_ELEMENTS (ships))])] +=
              g_rand_int_range (rand, 1, 5);
        }
      adm_ti4_odds_options_init (&options);
      options.attacker_policy = g_rand_int_range (rand, 0, ADM_TI4_N_POLICIES);
      options.defender_policy = g_rand_int_range (rand, 0, ADM_TI4_N_POLICIES);
      options.attacker_retreat_after = g_rand_int_range (rand, -1, 4);
      options.defender_retreat_after = g_rand_int_range (rand, -3, 4);
      if (options.defender_retreat_after < -1)
        options.defender_retreat_after = -1;
      check_reference_fleets (&sides[0], &sides[1], &options);
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/ti4/odds/LRR-39.5/hits-distribution", test_hits_distribution);
  g_test_add_func ("/engine/ti4/odds/LRR-39.10/space-duel", test_space_duel);
  g_test_add_func ("/engine/ti4/odds/LRR-48.4/ground-duel", test_ground_duel);
  g_test_add_func ("/engine/ti4/odds/LRR-48.2/mech-sustain", test_ground_sustain);
  g_test_add_func ("/engine/ti4/odds/LRR-39.6.a/dreadnought-fighter",
                   test_sustain_against_fighter);
  g_test_add_func ("/engine/ti4/odds/LRR-39.10.a/capacity-check", test_capacity_check);
  g_test_add_func ("/engine/ti4/odds/LRR-39.3/barrage", test_barrage);
  g_test_add_func ("/engine/ti4/odds/LRR-39.4/retreat-after-0", test_retreat_after_zero);
  g_test_add_func ("/engine/ti4/odds/LRR-39.7/retreat-after-2", test_retreat_after_two);
  g_test_add_func ("/engine/ti4/odds/brute-force/space", test_brute_space);
  g_test_add_func ("/engine/ti4/odds/brute-force/retreat", test_brute_retreat);
  g_test_add_func ("/engine/ti4/odds/brute-force/ground", test_brute_ground);
  g_test_add_func ("/engine/ti4/odds/dense/space", test_reference_space);
  g_test_add_func ("/engine/ti4/odds/dense/retreat", test_reference_retreat);
  g_test_add_func ("/engine/ti4/odds/dense/ground", test_reference_ground);
  g_test_add_func ("/engine/ti4/odds/dense/random", test_reference_random);
  g_test_add_func ("/engine/ti4/odds/bad-input", test_bad_input);
  g_test_add_func ("/engine/ti4/odds/too-many-units", test_too_many_units);
  g_test_add_func ("/engine/ti4/odds/large", test_large);
  g_test_add_func ("/engine/ti4/odds/cancelled", test_cancelled);

  return g_test_run ();
}
