/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-odds.c: the exact outcome distribution of a Twilight Imperium 4 combat. The chain's
 * states are the two fleets (and, while a retreat is still to be announced, the round); the
 * probability mass flows forward from the first state, round by round, until every path has
 * ended (LRR 39.9, 48.4). Each round's hits are exact binomial convolutions; the round in
 * which neither side hits leaves the state as it was, and that self-loop is summed as a
 * geometric series instead of being iterated. Every other round takes at least one hit off
 * one side's hit capacity, and a hit always takes exactly one off it, so each side's fleets
 * are found once, level by level of hit capacity, highest first, and walking the joint
 * states in that order visits each one after everything that flows into it. The joint
 * distribution is a flat array indexed by the two sides' numbers: a transition is one
 * addition, with no lookup. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-ti4-odds.h"

/* "Retreat after N rounds" beyond this is refused: the chain keeps one probability per round
 * until the retreat, and a combat of 100 rounds is not a thing players meet. */
#define MAX_RETREAT_AFTER 100

void
adm_ti4_odds_options_init (AdmTi4OddsOptions *options)
{
  g_return_if_fail (options != NULL);

  options->arena = ADM_TI4_SPACE;
  options->attacker_policy = ADM_TI4_POLICY_SUSTAIN_FIRST;
  options->defender_policy = ADM_TI4_POLICY_SUSTAIN_FIRST;
  options->attacker_retreat_after = -1;
  options->defender_retreat_after = -1;
}

static const char * const outcome_ids[ADM_TI4_N_OUTCOMES] = {
  "attacker-wins",
  "defender-wins",
  "draw",
  "attacker-retreated",
  "defender-retreated",
};

const char *
adm_ti4_outcome_to_string (AdmTi4Outcome outcome)
{
  g_return_val_if_fail (outcome < ADM_TI4_N_OUTCOMES, NULL);
  return outcome_ids[outcome];
}

void
adm_ti4_hits_distribution (const AdmTi4Dice *dice,
                           double           *out)
{
  /* LRR 39.5: a d10 ("0" = 10) hits on its combat value or more: (11 - v) / 10. */
  static const double hit_on[11] = { 1.0, 1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1 };
  guint n = 0;

  g_return_if_fail (dice != NULL && out != NULL);

  out[0] = 1.0;
  for (guint v = 1; v <= 10; v++)
    {
      double p = hit_on[v];

      for (guint d = 0; d < dice->dice[v]; d++)
        {
          /* One more die: out'[k] = out[k] (1 - p) + out[k - 1] p. */
          out[n + 1] = out[n] * p;
          for (guint k = n; k > 0; k--)
            out[k] = out[k] * (1.0 - p) + out[k - 1] * p;
          out[0] *= 1.0 - p;
          n++;
        }
    }
}

/* ---- each side's fleets ---- */

/* The forms a side's fleet takes in an end besides its own. */
typedef enum {
  END_CHECKED,    /* after the capacity check (LRR 39.10.a) */
  END_RETREATED,  /* after a retreat (LRR 39.7.b) */
  N_END_FORMS,
} EndForm;

/* What the rounds ask of one fleet a side can come to (the fleet itself is kept apart: the
 * rounds read these, and only these, in their loops). */
typedef struct {
  guint       capacity;          /* the hits it can still take */
  guint       n_dice;            /* of its combat roll */
  gboolean    alive;             /* has units that fight in this arena */
  guint       dist;              /* its roll's hit distribution, 0..n_dice: in the dists */
  guint       hit;               /* the state one more hit leads to; itself when none */
  guint       after;             /* the states after 0, 1, … hits, as many as it can take
                                  * of the other side's roll: in the side's afters */
  int         end[N_END_FORMS];  /* its fleet in each form, as an end fleet; -1: not yet */
} State;

typedef struct {
  const AdmTi4Cards *cards;       /* the cards the side starts with (adm-ti4-fleet.h) */
  AdmTi4Policy       policy;
  gboolean           transports;  /* has units that need transport (end forms can differ) */
  State             *states;      /* by hit capacity, highest first */
  AdmTi4Fleet       *fleets;      /* their fleets */
  guint              n_states;
  gsize              room;        /* most_states () */
  /* The fleets of ends that are no state's (end fleet n_states + i), at most one for each
   * state and end form. */
  AdmTi4Fleet       *others;
  guint              n_others;
  gboolean           reshaped;    /* an end form changed one of its fleets */
  guint              max_hits;    /* the most hits the other side's roll can ever score */
  double            *p;           /* one round's outcomes for this side, max_hits + 1 */
  guint             *afters;      /* the states' states after 0, 1, … hits, one after another */
} Side;

/* One end met by the chain: (outcome, the attacker's end fleet, the defender's) packed into
 * its key, and the probability that reached it there. */
typedef struct {
  guint64 key;
  double  probability;
} EndRecord;

/* End fleets fit in 29 bits of a key; a combat whose sides could come to more states than a
 * third of that (each state has at most two other end forms) is refused. */
#define ID_BITS 29
#define MAX_STATES ((1u << ID_BITS) / 3)

typedef struct {
  const AdmTi4OddsOptions *options;
  AdmTi4Arena              arena;
  guint                    n_rounds;
  Side                     sides[2];  /* ADM_TI4_ATTACKER, ADM_TI4_DEFENDER */
  double                  *dists;     /* the hit distributions, one after another */
  gsize                    n_dists;
  gsize                    room_dists;
  GArray                  *ends;      /* EndRecord, as the chain meets them */
  double                   rounds;    /* expected rounds so far */
  guint                    n_states;
} Solver;

/* LRR 39.5, 48.1: the hit distribution of @dice, added to the dists; where it starts. */
static guint
add_dist (Solver           *solver,
          const AdmTi4Dice *dice,
          guint             n_dice)
{
  guint at = solver->n_dists;

  g_assert (at + n_dice + 1 <= solver->room_dists);
  adm_ti4_hits_distribution (dice, solver->dists + at);
  solver->n_dists += n_dice + 1;
  return at;
}

/* The most states a side whose first fleet can take @capacity hits can come to, with
 * @n_starts barrage starts: one per start on each level below it (side_explore ()). */
static gsize
most_states (guint capacity,
             guint n_starts)
{
  return (gsize) n_starts * (capacity + 1) - (gsize) n_starts * (n_starts - 1) / 2;
}

/* A new state of @side for @fleet, which one hit turned state @parent into (-1: none). */
static guint
side_append (Solver            *solver,
             Side              *side,
             const AdmTi4Fleet *fleet,
             int                parent)
{
  State *state = &side->states[side->n_states];
  AdmTi4Tally tally;

  g_assert (side->n_states < side->room);
  adm_ti4_fleet_tally_in (side->cards, fleet, solver->arena, &tally);
  side->fleets[side->n_states] = *fleet;
  state->capacity = tally.capacity;
  state->n_dice = tally.n_dice;
  state->alive = tally.fighting > 0;
  state->hit = side->n_states;
  state->end[END_CHECKED] = state->end[END_RETREATED] = -1;
  /* A hit takes dice away only with the unit that rolls them: a state that rolls as many
   * dice as the one it came from rolls the same ones. */
  if (parent >= 0 && side->states[parent].n_dice == tally.n_dice)
    state->dist = side->states[parent].dist;
  else
    state->dist = add_dist (solver, &tally.dice, tally.n_dice);
  return side->n_states++;
}

/* LRR 39.6, 48.2: every fleet @side can come to from its first @n_starts states (its fleet
 * after 0, 1, … barrage hits; state 0 already made), numbered level by level of hit
 * capacity, highest first. A hit by either policy lets a unit sustain damage, which it then
 * cannot do again, or destroys one, so it takes exactly one off the capacity; and so does
 * each barrage hit, which destroys a fighter (LRR 39.3). The level below one is thus the
 * next barrage start, first, then the fleets its states come to by one hit, each once: the
 * successors of a state all come after it. @first[k] gets barrage start k's number. */
static void
side_explore (Solver *solver,
              Side   *side,
              guint   n_starts,
              guint  *first)
{
  guint begin = 0, end = 1;  /* the level above: states begin..end - 1 */

  first[0] = 0;
  for (guint k = 1; begin < end; k++)
    {
      guint below = end;

      if (k < n_starts)
        {
          AdmTi4Fleet fleet = side->fleets[first[k - 1]];

          adm_ti4_fleet_assign_afb_hits_in (side->cards, &fleet, 1);
          first[k] = side_append (solver, side, &fleet, -1);
          g_assert (side->states[first[k]].capacity + 1 == side->states[first[k - 1]].capacity);
        }
      for (guint s = begin; s < end && side->max_hits > 0; s++)
        {
          AdmTi4Fleet fleet;
          guint found;

          if (!side->states[s].alive)
            continue;
          fleet = side->fleets[s];
          adm_ti4_fleet_assign_hits_in (side->cards, &fleet, solver->arena, 1, side->policy);
          for (found = below; found < side->n_states; found++)
            if (adm_ti4_fleet_equal (&side->fleets[found], &fleet))
              break;
          if (found == side->n_states)
            side_append (solver, side, &fleet, s);
          g_assert (side->states[found].capacity + 1 == side->states[s].capacity);
          side->states[s].hit = found;
        }
      begin = below;
      end = side->n_states;
    }

  /* A state's state after i hits is its i-th successor by one hit; the rounds ask for up to
   * as many hits as it can take of the other side's largest roll. */
  for (guint s = 0, at = 0; s < side->n_states; s++)
    {
      State *state = &side->states[s];
      guint n = state->alive ? MIN (state->capacity, side->max_hits) : 0;

      state->after = at;
      side->afters[at] = s;
      for (guint k = 1; k <= n; k++)
        side->afters[at + k] = side->states[side->afters[at + k - 1]].hit;
      at += n + 1;
    }
}

/* The end fleet of @side that is @fleet: the number of the state that holds it, or else
 * n_states + its place among the others. */
static guint
side_end_id (Solver            *solver,
             Side              *side,
             const AdmTi4Fleet *fleet)
{
  guint lo = 0, hi = side->n_states;
  AdmTi4Tally tally;

  /* The states of its capacity, found by halves (they are sorted by it, highest first). */
  adm_ti4_fleet_tally_in (side->cards, fleet, solver->arena, &tally);
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (side->states[mid].capacity > tally.capacity)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (; lo < side->n_states && side->states[lo].capacity == tally.capacity; lo++)
    if (adm_ti4_fleet_equal (&side->fleets[lo], fleet))
      return lo;
  for (guint i = 0; i < side->n_others; i++)
    if (adm_ti4_fleet_equal (&side->others[i], fleet))
      return side->n_states + i;
  if (side->others == NULL)
    side->others = g_new (AdmTi4Fleet, (gsize) N_END_FORMS * side->n_states);
  side->others[side->n_others] = *fleet;
  return side->n_states + side->n_others++;
}

/* State @s of @side in @form, as an end fleet. */
static guint
side_end (Solver  *solver,
          Side    *side,
          guint    s,
          EndForm  form)
{
  State *state = &side->states[s];

  /* A side without units that need transport loses none to either form. */
  if (!side->transports)
    return s;
  if (state->end[form] < 0)
    {
      AdmTi4Fleet fleet = side->fleets[s];

      if (form == END_CHECKED)
        adm_ti4_fleet_capacity_check_in (side->cards, &fleet, NULL);
      else
        adm_ti4_fleet_retreat_in (side->cards, &fleet, NULL);
      if (adm_ti4_fleet_equal (&fleet, &side->fleets[s]))
        state->end[form] = s;
      else
        {
          side->reshaped = TRUE;
          state->end[form] = side_end_id (solver, side, &fleet);
        }
    }
  return state->end[form];
}

/* The fleet of end fleet @id of @side. */
static const AdmTi4Fleet *
side_end_fleet (const Side *side,
                guint       id)
{
  return id < side->n_states ? &side->fleets[id] : &side->others[id - side->n_states];
}

/* ---- the ends ---- */

static void
add_end (Solver        *solver,
         AdmTi4Outcome  outcome,
         guint          attacker,
         guint          defender,
         double         p)
{
  EndRecord record;

  record.key = (guint64) outcome << (2 * ID_BITS) | (guint64) attacker << ID_BITS | defender;
  record.probability = p;
  g_array_append_val (solver->ends, record);
}

/* LRR 39.9, 48.4: the combat is over; 39.10: the side with units left wins, or neither. */
static void
end_combat (Solver *solver,
            guint   attacker,
            guint   defender,
            double  p)
{
  Side *side_a = &solver->sides[ADM_TI4_ATTACKER], *side_d = &solver->sides[ADM_TI4_DEFENDER];
  gboolean space = solver->arena == ADM_TI4_SPACE;

  /* LRR 39.10.a: the winner's fighters and ground forces beyond its ships' capacity go. */
  if (side_a->states[attacker].alive)
    add_end (solver, ADM_TI4_OUTCOME_ATTACKER_WINS,
             space ? side_end (solver, side_a, attacker, END_CHECKED) : attacker, defender, p);
  else if (side_d->states[defender].alive)
    add_end (solver, ADM_TI4_OUTCOME_DEFENDER_WINS, attacker,
             space ? side_end (solver, side_d, defender, END_CHECKED) : defender, p);
  else
    add_end (solver, ADM_TI4_OUTCOME_DRAW, attacker, defender, p);
}

/* LRR 39.7: @side retreats (both sides still have ships, 39.7.a); the other side stays and
 * wins (39.10), and its capacity is checked (39.10.a). */
static void
end_retreat (Solver     *solver,
             AdmTi4Side  side,
             guint       attacker,
             guint       defender,
             double      p)
{
  Side *side_a = &solver->sides[ADM_TI4_ATTACKER], *side_d = &solver->sides[ADM_TI4_DEFENDER];

  if (side == ADM_TI4_ATTACKER)
    add_end (solver, ADM_TI4_OUTCOME_ATTACKER_RETREATED,
             side_end (solver, side_a, attacker, END_RETREATED),
             side_end (solver, side_d, defender, END_CHECKED), p);
  else
    add_end (solver, ADM_TI4_OUTCOME_DEFENDER_RETREATED,
             side_end (solver, side_a, attacker, END_CHECKED),
             side_end (solver, side_d, defender, END_RETREATED), p);
}

/* ---- the rounds ---- */

/* LRR 39.4: the side that announces a retreat at the start of @round, or -1. Retreats are
 * announced at the start of a round, the defender first; a defender's announcement bars the
 * attacker's (39.4.b). */
static int
announced_at (Solver *solver,
              guint   round)
{
  const AdmTi4OddsOptions *options = solver->options;

  if (solver->arena != ADM_TI4_SPACE || round >= solver->n_rounds)
    return -1;
  if (options->defender_retreat_after >= 0 &&
      round == (guint) options->defender_retreat_after + 1)
    return ADM_TI4_DEFENDER;
  if (options->attacker_retreat_after >= 0 &&
      round == (guint) options->attacker_retreat_after + 1)
    return ADM_TI4_ATTACKER;
  return -1;
}

/* The outcomes of the roll of @opponent (holding @dist) on @state: its states after 0..k
 * hits with probabilities @p[k] for k = 0..return value (the last one takes every larger
 * number of hits). */
static guint
hit_outcomes (const State  *state,
              const State  *opponent,
              const double *dist,
              double       *p)
{
  guint n = MIN (state->capacity, opponent->n_dice);

  for (guint k = 0; k <= n; k++)
    p[k] = dist[k];
  for (guint k = n + 1; k <= opponent->n_dice; k++)
    p[n] += dist[k];
  return n;
}

typedef struct {
  double *mass;     /* the joint states at the start of this round, attacker-major */
  double *next;     /* those of the next round; NULL in the last (and self-looping) one */
  double *retreat;  /* the retreats announced this round, by the fleets before removal */
  int     announced;
} Layer;

/* One combat round from the joint state (@a, @d) holding @mass, both sides still fighting. */
static gboolean
step (Solver      *solver,
      const Layer *layer,
      guint        a,
      guint        d,
      double       mass,
      GError     **error)
{
  const State *states_a = solver->sides[ADM_TI4_ATTACKER].states;
  const State *states_d = solver->sides[ADM_TI4_DEFENDER].states;
  const State *sa = &states_a[a], *sd = &states_d[d];
  gsize width = solver->sides[ADM_TI4_DEFENDER].n_states;
  double *pa = solver->sides[ADM_TI4_ATTACKER].p, *pd = solver->sides[ADM_TI4_DEFENDER].p;
  const guint *after_a = solver->sides[ADM_TI4_ATTACKER].afters + sa->after;
  const guint *after_d = solver->sides[ADM_TI4_DEFENDER].afters + sd->after;
  double *out, p00, scale;
  guint na, nd;

  solver->n_states++;

  /* LRR 39.5, 48.1: both sides roll; 39.6, 48.2: each assigns the other's hits. */
  na = hit_outcomes (sa, sd, solver->dists + sd->dist, pa);
  nd = hit_outcomes (sd, sa, solver->dists + sa->dist, pd);
  p00 = pa[0] * pd[0];

  if (layer->announced >= 0)
    {
      /* LRR 39.7: the announced retreat happens after this round's fire, unless the other
       * side has no ships left (39.7.a) or the retreating side has none (39.9): those ends
       * are swept from the next round's states. */
      solver->rounds += mass;
      for (guint i = 0; i <= na; i++)
        {
          gboolean alive_a = states_a[after_a[i]].alive;

          for (guint j = 0; j <= nd; j++)
            {
              double p = mass * pa[i] * pd[j];

              if (alive_a && states_d[after_d[j]].alive)
                layer->retreat[after_a[i] * width + after_d[j]] += p;
              else
                layer->next[after_a[i] * width + after_d[j]] += p;
            }
        }
      return TRUE;
    }

  if (layer->next != NULL)
    {
      /* A round without hits leads to the same fleets in the next round. */
      scale = mass;
      out = layer->next;
      out[a * width + d] += mass * p00;
    }
  else if (p00 < 1.0)
    {
      /* LRR 39.8: rounds without hits repeat until one hits: the geometric series
       * mass (1 + p00 + p00² + …) = mass / (1 - p00) of rounds played here. */
      scale = mass / (1.0 - p00);
      out = layer->mass;
    }
  else
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("Neither side rolls any dice: the combat would never end"));
      return FALSE;
    }
  solver->rounds += scale;
  for (guint i = 0; i <= na; i++)
    {
      double qa = scale * pa[i];
      double *row = out + after_a[i] * width;

      for (guint j = (i == 0 ? 1 : 0); j <= nd; j++)
        row[after_d[j]] += qa * pd[j];
    }
  return TRUE;
}

/* Plays one round from every joint state of @layer; a state in which a side has no units
 * left that fight is an end (LRR 39.9, 48.4). In the last layer the states are walked in
 * their order, which visits each after everything that flows into it. */
static gboolean
play_layer (Solver        *solver,
            const Layer   *layer,
            GCancellable  *cancellable,
            GError       **error)
{
  const Side *side_a = &solver->sides[ADM_TI4_ATTACKER];
  const Side *side_d = &solver->sides[ADM_TI4_DEFENDER];
  guint n_a = side_a->n_states, n_d = side_d->n_states;

  for (guint a = 0; a < n_a; a++)
    {
      gboolean alive_a = side_a->states[a].alive;
      const double *row = layer->mass + (gsize) a * n_d;

      /* A large combat takes seconds: the app drops a computation the master has already
       * changed the set-up of. */
      if ((a & 15) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      for (guint d = 0; d < n_d; d++)
        {
          double mass = row[d];

          if (mass == 0.0)
            continue;
          if (!alive_a || !side_d->states[d].alive)
            end_combat (solver, a, d, mass);
          else if (!step (solver, layer, a, d, mass, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* LRR 39.3: the first round's Anti-Fighter Barrage on @side's fighters in @fleet, rolled
 * with @dice: its probabilities of 0, 1, … n hits in @p (n + 1 of them, the last with every
 * larger number), where n, returned, is the most that can count. */
static guint
barrage (Solver            *solver,
         const Side        *side,
         const AdmTi4Fleet *fleet,
         const AdmTi4Dice  *dice,
         double            *p)
{
  const AdmTi4Cards *cards = side->cards;
  const double *dist;
  guint n_dice = adm_ti4_dice_total (dice), fighters = 0, n;

  for (guint c = 0; c < cards->n; c++)
    if (cards->unit[c]->fighter)
      fighters += adm_ti4_fleet_count (fleet, cards->index[c]);
  n = MIN (fighters, n_dice);
  /* Nothing to roll at, or nothing to roll: the fleet as it is (most battles). */
  p[0] = 1.0;
  if (n == 0)
    return 0;
  dist = solver->dists + add_dist (solver, dice, n_dice);
  for (guint k = 0; k <= n; k++)
    p[k] = dist[k];
  for (guint k = n + 1; k <= n_dice; k++)
    p[n] += dist[k];
  return n;
}

/* LRR 39.3: the first round's Anti-Fighter Barrage, then every state each side can come to,
 * and the first states of the chain in @mass (allocated here). */
static gboolean
start (Solver            *solver,
       const AdmTi4Fleet *attacker,
       const AdmTi4Fleet *defender,
       double           **mass_out,
       GError           **error)
{
  Side *side_a = &solver->sides[ADM_TI4_ATTACKER], *side_d = &solver->sides[ADM_TI4_DEFENDER];
  AdmTi4Tally tally_a, tally_d;
  AdmTi4Dice afb_a, afb_d;
  /* At most one barrage start per fighter more, and no more fighters than units. */
  guint first_a[ADM_TI4_MAX_TOTAL + 1], first_d[ADM_TI4_MAX_TOTAL + 1];
  double pa[ADM_TI4_MAX_TOTAL + 1], pd[ADM_TI4_MAX_TOTAL + 1];
  guint n_afb_a, n_afb_d, na, nd, n_a, n_d;
  gsize most_a, most_d, n_dists, n_dists_d, n_afters_a, n_afters_d;
  double *mass;

  adm_ti4_fleet_tally_in (side_a->cards, attacker, solver->arena, &tally_a);
  adm_ti4_fleet_tally_in (side_d->cards, defender, solver->arena, &tally_d);
  /* LRR 39.3: the barrage in space, none on a planet (LRR 48); each of its hits takes a
   * fighter, so each side has at most one start per fighter more. Ruling: the barrage is
   * rolled only at fighters (it could hit nothing else). */
  memset (&afb_a, 0, sizeof afb_a);
  memset (&afb_d, 0, sizeof afb_d);
  if (solver->arena == ADM_TI4_SPACE)
    {
      adm_ti4_fleet_afb_dice_in (side_a->cards, attacker, &afb_a);
      adm_ti4_fleet_afb_dice_in (side_d->cards, defender, &afb_d);
    }
  n_afb_a = adm_ti4_dice_total (&afb_a);
  n_afb_d = adm_ti4_dice_total (&afb_d);
  most_a = most_states (tally_a.capacity, MIN (n_afb_d, tally_a.capacity) + 1);
  most_d = most_states (tally_d.capacity, MIN (n_afb_a, tally_d.capacity) + 1);
  if (most_a >= MAX_STATES || most_d >= MAX_STATES)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("This combat has too many possible states to compute exactly"));
      return FALSE;
    }
  /* Each state's roll and each barrage's; each state's states after 0, 1, … hits. */
  if (!g_size_checked_mul (&n_dists, most_a, tally_a.n_dice + 1) ||
      !g_size_checked_mul (&n_dists_d, most_d, tally_d.n_dice + 1) ||
      !g_size_checked_add (&n_dists, n_dists, n_dists_d) ||
      !g_size_checked_add (&n_dists, n_dists, (gsize) n_afb_a + n_afb_d + 2) ||
      n_dists > G_MAXUINT ||
      !g_size_checked_mul (&n_afters_a, most_a, tally_d.n_dice + 1) ||
      !g_size_checked_mul (&n_afters_d, most_d, tally_a.n_dice + 1) ||
      (solver->dists = g_try_new (double, n_dists)) == NULL ||
      (side_a->states = g_try_new (State, most_a)) == NULL ||
      (side_d->states = g_try_new (State, most_d)) == NULL ||
      (side_a->fleets = g_try_new (AdmTi4Fleet, most_a)) == NULL ||
      (side_d->fleets = g_try_new (AdmTi4Fleet, most_d)) == NULL ||
      (side_a->afters = g_try_new (guint, n_afters_a)) == NULL ||
      (side_d->afters = g_try_new (guint, n_afters_d)) == NULL)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("This combat has too many possible states to compute exactly"));
      return FALSE;
    }
  solver->room_dists = n_dists;
  side_a->room = most_a;
  side_d->room = most_d;
  /* This round's outcomes for each side: the hits a side takes come from the other's roll. */
  side_a->p = g_new (double, tally_d.n_dice + 1);
  side_d->p = g_new (double, tally_a.n_dice + 1);

  na = barrage (solver, side_a, attacker, &afb_d, pa);
  nd = barrage (solver, side_d, defender, &afb_a, pd);
  /* Dice are only lost with units: each side's first roll, that of its fleet before any
   * barrage hit, is its largest. */
  side_a->max_hits = tally_d.n_dice;
  side_d->max_hits = tally_a.n_dice;
  side_append (solver, side_a, attacker, -1);
  side_append (solver, side_d, defender, -1);
  side_explore (solver, side_a, na + 1, first_a);
  side_explore (solver, side_d, nd + 1, first_d);
  n_a = side_a->n_states;
  n_d = side_d->n_states;
  mass = (gsize) n_a * n_d <= G_MAXSIZE / 4 / sizeof (double)
           ? g_try_new0 (double, (gsize) n_a * n_d) : NULL;
  if (mass == NULL)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("This combat has too many possible states to compute exactly"));
      return FALSE;
    }
  /* Without a retreat, each joint state in which a side has no units left is an end, and
   * only one state of a side has none (hits take only units that fight). */
  solver->ends = g_array_sized_new (FALSE, FALSE, sizeof (EndRecord), n_a + n_d);
  for (guint i = 0; i <= na; i++)
    for (guint j = 0; j <= nd; j++)
      {
        guint a = first_a[i], d = first_d[j];
        double p = pa[i] * pd[j];

        /* LRR 39.3.a: a side left without ships ends the combat at once — in round 1. */
        if (!side_a->states[a].alive || !side_d->states[d].alive)
          solver->rounds += p;
        mass[(gsize) a * n_d + d] += p;
      }
  *mass_out = mass;
  return TRUE;
}

/* Plays the chain from its first states: rounds 1..n_rounds - 1 one layer each, from one
 * array of joint states into the next, then the last, self-looping round in place. */
static gboolean
solve (Solver             *solver,
       const AdmTi4Fleet  *attacker,
       const AdmTi4Fleet  *defender,
       GCancellable       *cancellable,
       GError            **error)
{
  g_autofree double *mass = NULL;
  g_autofree double *next = NULL;
  g_autofree double *retreat = NULL;
  guint n_d;
  gsize n_cells;
  int retreating = -1;
  Layer layer;

  if (!start (solver, attacker, defender, &mass, error))
    return FALSE;
  n_d = solver->sides[ADM_TI4_DEFENDER].n_states;
  n_cells = (gsize) solver->sides[ADM_TI4_ATTACKER].n_states * n_d;

  for (guint round = 1; round < solver->n_rounds; round++)
    {
      if (next == NULL)
        next = g_try_new0 (double, n_cells);
      else
        memset (next, 0, n_cells * sizeof *next);
      layer.announced = announced_at (solver, round);
      /* Every state still fighting ends in the round a retreat is announced: a later
       * announcement (the other side's) finds none. */
      if (retreating >= 0)
        layer.announced = -1;
      if (layer.announced >= 0)
        {
          retreat = g_try_new0 (double, n_cells);
          retreating = layer.announced;
        }
      if (next == NULL || (layer.announced >= 0 && retreat == NULL))
        {
          g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                       _("This combat has too many possible states to compute exactly"));
          return FALSE;
        }
      layer.mass = mass;
      layer.next = next;
      layer.retreat = retreat;
      if (!play_layer (solver, &layer, cancellable, error))
        return FALSE;
      layer.mass = next;
      next = mass;
      mass = layer.mass;
    }

  layer.mass = mass;
  layer.next = NULL;
  layer.retreat = NULL;
  layer.announced = -1;
  if (!play_layer (solver, &layer, cancellable, error))
    return FALSE;

  if (retreat != NULL)
    for (gsize cell = 0; cell < n_cells; cell++)
      if (retreat[cell] != 0.0)
        end_retreat (solver, (AdmTi4Side) retreating, cell / n_d, cell % n_d, retreat[cell]);
  return TRUE;
}

/* ---- the odds ---- */

static gint
compare_keys (gconstpointer a,
              gconstpointer b)
{
  const EndRecord *x = a, *y = b;

  return x->key < y->key ? -1 : x->key > y->key;
}

/* Most likely first, then by outcome and by the fleets' bytes: a total order, so the ends
 * come out the same whatever order the chain met them in. */
static gint
compare_ends (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const EndRecord *x = a, *y = b;
  const Solver *solver = data;
  const Side *side_a = &solver->sides[ADM_TI4_ATTACKER];
  const Side *side_d = &solver->sides[ADM_TI4_DEFENDER];
  guint64 mask = ((guint64) 1 << ID_BITS) - 1;
  int order;

  if (x->probability != y->probability)
    return x->probability > y->probability ? -1 : 1;
  if (x->key >> (2 * ID_BITS) != y->key >> (2 * ID_BITS))
    return x->key >> (2 * ID_BITS) < y->key >> (2 * ID_BITS) ? -1 : 1;
  order = memcmp (side_end_fleet (side_a, x->key >> ID_BITS & mask),
                  side_end_fleet (side_a, y->key >> ID_BITS & mask), sizeof (AdmTi4Fleet));
  if (order != 0)
    return order;
  return memcmp (side_end_fleet (side_d, x->key & mask),
                 side_end_fleet (side_d, y->key & mask), sizeof (AdmTi4Fleet));
}

/* The odds from the solved chain: its ends, most likely first, and what they add up to. */
static AdmTi4Odds *
collect (Solver            *solver,
         const AdmTi4Cards *both)
{
  AdmTi4Odds *odds = g_new0 (AdmTi4Odds, 1);
  GArray *records = solver->ends;
  guint64 mask = ((guint64) 1 << ID_BITS) - 1;

  /* The same end met more than once — in several rounds before a retreat, or from fleets an
   * end form makes alike — is one end: its probabilities are summed in the order the chain
   * met them (the sort is stable). */
  if (solver->n_rounds > 1 || solver->sides[ADM_TI4_ATTACKER].reshaped ||
      solver->sides[ADM_TI4_DEFENDER].reshaped)
    {
      guint kept = 0;

      g_array_sort (records, compare_keys);
      for (guint r = 0; r < records->len; r++)
        {
          const EndRecord *record = &g_array_index (records, EndRecord, r);
          EndRecord *last = kept > 0 ? &g_array_index (records, EndRecord, kept - 1) : NULL;

          if (last != NULL && last->key == record->key)
            last->probability += record->probability;
          else
            g_array_index (records, EndRecord, kept++) = *record;
        }
      g_array_set_size (records, kept);
    }
  g_array_sort_with_data (records, compare_ends, solver);

  odds->ends = g_array_sized_new (FALSE, FALSE, sizeof (AdmTi4OddsEnd), records->len);
  g_array_set_size (odds->ends, records->len);
  for (guint e = 0; e < records->len; e++)
    {
      const EndRecord *record = &g_array_index (records, EndRecord, e);
      AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      end->outcome = record->key >> (2 * ID_BITS);
      end->attacker = *side_end_fleet (&solver->sides[ADM_TI4_ATTACKER],
                                       record->key >> ID_BITS & mask);
      end->defender = *side_end_fleet (&solver->sides[ADM_TI4_DEFENDER], record->key & mask);
      end->probability = record->probability;
      odds->outcome[end->outcome] += end->probability;
      /* adm_ti4_fleet_count () read in place: intact and damaged; the cards neither side
       * started with stay at nought. */
      for (guint c = 0; c < both->n; c++)
        {
          guint i = both->index[c];

          odds->attacker_expected[i] += end->probability *
                                        (guint) (end->attacker.intact[i] + end->attacker.damaged[i]);
          odds->defender_expected[i] += end->probability *
                                        (guint) (end->defender.intact[i] + end->defender.damaged[i]);
        }
    }
  /* LRR 39.10: a side that retreated lost; the other holds the system. */
  odds->attacker = odds->outcome[ADM_TI4_OUTCOME_ATTACKER_WINS] +
                   odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED];
  odds->defender = odds->outcome[ADM_TI4_OUTCOME_DEFENDER_WINS] +
                   odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED];
  odds->draw = odds->outcome[ADM_TI4_OUTCOME_DRAW];
  odds->expected_rounds = solver->rounds;
  odds->n_states = solver->n_states;
  return odds;
}

static gboolean
check_options (const AdmTi4OddsOptions *options,
               GError                 **error)
{
  const int after[2] = { options->attacker_retreat_after, options->defender_retreat_after };

  if (options->arena != ADM_TI4_SPACE && options->arena != ADM_TI4_GROUND)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID, _("Unknown kind of combat"));
      return FALSE;
    }
  if (options->attacker_policy >= ADM_TI4_N_POLICIES ||
      options->defender_policy >= ADM_TI4_N_POLICIES)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("Unknown hit assignment policy"));
      return FALSE;
    }
  for (guint s = 0; s < 2; s++)
    if (after[s] < -1 || after[s] > MAX_RETREAT_AFTER)
      {
        g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                     s == 0 ? _("The attacker's retreat must come after 0 to %d rounds, "
                                "or never")
                            : _("The defender's retreat must come after 0 to %d rounds, "
                                "or never"), MAX_RETREAT_AFTER);
        return FALSE;
      }
  return TRUE;
}

/* The cards of @both that @fleet has any of (adm_ti4_cards_of () without another pass over
 * the catalogue). */
static void
cards_of_side (const AdmTi4Cards *both,
               const AdmTi4Fleet *fleet,
               AdmTi4Cards       *cards)
{
  cards->n = 0;
  for (guint c = 0; c < both->n; c++)
    {
      guint i = both->index[c];

      if (fleet->intact[i] + fleet->damaged[i] > 0)
        {
          cards->index[cards->n] = i;
          cards->unit[cards->n] = both->unit[c];
          cards->n++;
        }
    }
}
AdmTi4Odds *
adm_ti4_odds_compute (AdmTi4Catalog           *catalog,
                      const AdmTi4Fleet       *attacker,
                      const AdmTi4Fleet       *defender,
                      const AdmTi4OddsOptions *options,
                      GError                 **error)
{
  return adm_ti4_odds_compute_cancellable (catalog, attacker, defender, options, NULL, error);
}

AdmTi4Odds *
adm_ti4_odds_compute_cancellable (AdmTi4Catalog           *catalog,
                                  const AdmTi4Fleet       *attacker,
                                  const AdmTi4Fleet       *defender,
                                  const AdmTi4OddsOptions *options,
                                  GCancellable            *cancellable,
                                  GError                 **error)
{
  AdmTi4OddsOptions defaults;
  AdmTi4Odds *odds = NULL;
  AdmTi4Cards cards[2], both;
  Solver solver = { 0 };

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), NULL);
  g_return_val_if_fail (attacker != NULL && defender != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    {
      adm_ti4_odds_options_init (&defaults);
      options = &defaults;
    }
  if (!check_options (options, error) ||
      !adm_ti4_fleet_check_arena (catalog, attacker, options->arena, ADM_TI4_ATTACKER, error) ||
      !adm_ti4_fleet_check_arena (catalog, defender, options->arena, ADM_TI4_DEFENDER, error))
    return NULL;

  adm_ti4_cards_of (catalog, attacker, defender, &both);
  cards_of_side (&both, attacker, &cards[ADM_TI4_ATTACKER]);
  cards_of_side (&both, defender, &cards[ADM_TI4_DEFENDER]);
  solver.options = options;
  solver.arena = options->arena;
  for (guint s = 0; s < 2; s++)
    {
      solver.sides[s].cards = &cards[s];
      solver.sides[s].transports = adm_ti4_cards_need_transport (&cards[s]);
    }
  solver.sides[ADM_TI4_ATTACKER].policy = options->attacker_policy;
  solver.sides[ADM_TI4_DEFENDER].policy = options->defender_policy;
  /* Rounds 1..K where K is the last round a retreat is announced in, then "K + 1 or later",
   * where every round is alike. Retreats are for space combat only (LRR 48 has none). */
  solver.n_rounds = 1;
  if (solver.arena == ADM_TI4_SPACE &&
      (options->attacker_retreat_after >= 0 || options->defender_retreat_after >= 0))
    solver.n_rounds = MAX (options->attacker_retreat_after,
                           options->defender_retreat_after) + 2;

  if (solve (&solver, attacker, defender, cancellable, error))
    odds = collect (&solver, &both);

  for (guint s = 0; s < 2; s++)
    {
      g_free (solver.sides[s].states);
      g_free (solver.sides[s].fleets);
      g_free (solver.sides[s].afters);
      g_free (solver.sides[s].others);
      g_free (solver.sides[s].p);
    }
  g_free (solver.dists);
  g_clear_pointer (&solver.ends, g_array_unref);
  return odds;
}

void
adm_ti4_odds_free (AdmTi4Odds *odds)
{
  if (odds == NULL)
    return;
  g_array_unref (odds->ends);
  g_free (odds);
}
