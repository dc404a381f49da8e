/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-odds.c: the exact outcome distribution of a Twilight Imperium 4 combat. The chain's
 * states are the two fleets (and, while a retreat is still to be announced, the round); the
 * probability mass flows forward from the first state, round by round, until every path has
 * ended (LRR 39.9, 48.4). Each round's hits are exact binomial convolutions; the round in
 * which neither side hits leaves the state as it was, and that self-loop is summed as a
 * geometric series instead of being iterated. Every other round takes at least one hit off
 * one side's hit capacity, so numbering each side's fleets by capacity, highest first, and
 * walking the joint states in that order visits each one after everything that flows into
 * it. Each side's reachable fleets are found and numbered once; the joint distribution is a
 * flat array indexed by the two numbers, so a transition is one addition, with no lookup. */

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

/* ---- the chain ---- */

/* Every fleet met is interned once, with what the chain keeps asking about it: whether it
 * still fights, its hit capacity, its combat roll's hit distribution, and the fleets it
 * becomes after the capacity check and after a retreat. */
typedef struct {
  AdmTi4Fleet fleet;
  gboolean    alive;        /* has units that fight in this arena */
  AdmTi4Tally tally;        /* its units that fight, hit capacity and combat roll */
  double     *dist;         /* hits of its combat roll, 0..n_dice; NULL until asked */
  int         checked;      /* fleet after the capacity check (LRR 39.10.a); -1: not yet */
  int         retreated;    /* fleet after a retreat (LRR 39.7.b); -1: not yet */
  int         hit[ADM_TI4_N_POLICIES];  /* fleet after one hit by each policy; -1: not yet */
} FleetInfo;

/* One side's state, numbered densely: each side's reachable fleets are found once, before
 * any probability moves, and sorted by hit capacity, highest first, so that every hit leads
 * to a higher number. The joint state of the chain is then a cell of a flat array. */
typedef struct {
  guint         fleet;     /* FleetInfo id */
  gboolean      alive;
  guint         capacity;
  guint         n_dice;
  const double *dist;      /* its roll's hits (the FleetInfo's), NULL unless alive */
  guint         hit;       /* the state after one hit (itself when none is taken) */
  guint        *after;     /* the state after k hits, k = 0..n_after - 1 */
  guint         n_after;
} SideState;

typedef struct {
  SideState    *states;    /* SideState by dense number, in the solver's blocks */
  guint         n_states;
  guint         room;      /* states allocated */
  guint        *dense;     /* per FleetInfo id: dense number + 1, 0 when not this side's */
  guint         n_dense;
  AdmTi4Policy  policy;
  guint         max_hits;  /* the most hits the other side's roll can ever score */
  double       *p;         /* one round's outcomes for this side, max_hits + 1 */
} Side;

typedef struct {
  AdmTi4Outcome outcome;
  guint         attacker;
  guint         defender;
  double        probability;
} EndRecord;

typedef struct {
  guint hash;
  guint id;   /* FleetInfo id + 1; 0: empty */
} FleetSlot;

typedef struct {
  gsize key;
  guint index;  /* EndRecord index + 1; 0: empty */
} EndSlot;

typedef struct {
  AdmTi4Catalog           *catalog;
  const AdmTi4OddsOptions *options;
  AdmTi4Arena              arena;
  /* The cards each side's fleet starts with, and the two together: a fleet only loses units,
   * so the rules' loops and the fleets' hash look at these only (adm-ti4-fleet.h). */
  const AdmTi4Cards       *cards;       /* [2], on the caller's stack */
  const AdmTi4Cards       *both;
  guint                    n_rounds;
  FleetInfo              **fleets;      /* FleetInfo by id, in the blocks */
  guint                    n_fleets;
  guint                    room_fleets;
  /* AdmTi4Fleet → id: open addressing, the fleet's hash beside its id so that most probes
   * compare no fleet; a power of 2 of slots, at most half full. */
  FleetSlot               *fleet_slots;
  guint                    n_fleet_slots;
  Side                     sides[2];    /* ADM_TI4_ATTACKER, ADM_TI4_DEFENDER */
  /* Packed (outcome, attacker, defender) → index in @ends + 1: open addressing as for the
   * fleets, a power of 2 of slots, at most half full. */
  EndSlot                 *end_slots;
  guint                    n_end_slots;
  EndRecord               *ends;        /* in the blocks */
  guint                    n_ends;
  guint                    room_ends;
  double                   rounds;      /* expected rounds so far */
  guint                    n_states;
  /* The fleets' and states' small blocks, carved from a few large ones and freed together:
   * a small battle meets a few dozen fleets, and allocating each would be much of its time. */
  GPtrArray               *blocks;
  char                    *block_free;
  gsize                    block_left;
} Solver;

#define BLOCK_SIZE 8192
/* The first slots of the solver's two tables, and its first block, are on the stack: a
 * small battle allocates next to nothing (a battle of a few ships and fighters, with its
 * barrage, needs a little more than 8 KiB). */
#define FIRST_SLOTS 32
#define FIRST_BLOCK_SIZE 16384

/* @memory, g_malloc'ed, freed with @solver's blocks. */
static void
solver_keep (Solver   *solver,
             gpointer  memory)
{
  if (solver->blocks == NULL)
    solver->blocks = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (solver->blocks, memory);
}

/* @size bytes, aligned for a double, alive as long as @solver; not zeroed (most are written
 * whole at once). */
static gpointer
solver_alloc (Solver *solver,
              gsize   size)
{
  gpointer memory;

  size = (size + 15) & ~(gsize) 15;
  if (size > solver->block_left)
    {
      gsize block = MAX (BLOCK_SIZE, size);

      solver->block_free = g_malloc (block);
      solver->block_left = block;
      solver_keep (solver, solver->block_free);
    }
  memory = solver->block_free;
  solver->block_free += size;
  solver->block_left -= size;
  return memory;
}

/* The same, zeroed. */
static gpointer
solver_alloc0 (Solver *solver,
               gsize   size)
{
  return memset (solver_alloc (solver, size), 0, size);
}

/* @memory (@n items of @size) in a new piece of the solver's blocks of @room items, the new
 * ones not zeroed; the old piece is left to the blocks, freed with them. */
static gpointer
solver_grow (Solver        *solver,
             gconstpointer  memory,
             gsize          n,
             gsize          room,
             gsize          size)
{
  gpointer grown = solver_alloc (solver, room * size);

  if (n > 0)
    memcpy (grown, memory, n * size);
  return grown;
}

/* @n probabilities, zeroed, alive as long as @solver: in its blocks when they are few (a
 * small battle's are), else allocated apart; NULL when there are too many to allocate. */
static double *
solver_cells (Solver *solver,
              gsize   n)
{
  double *cells;

  if (n <= BLOCK_SIZE / sizeof (double) / 4)
    return solver_alloc0 (solver, MAX (n, 1) * sizeof (double));
  cells = n <= G_MAXSIZE / sizeof (double) / 4 ? g_try_new0 (double, n) : NULL;
  if (cells != NULL)
    solver_keep (solver, cells);
  return cells;
}

/* Two ids (and an outcome) packed in a pointer-sized key; a 64-bit mix spreads them. */
static guint
packed_hash (gconstpointer key)
{
  guint64 x = GPOINTER_TO_SIZE (key);

  x ^= x >> 29;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 32;
  return (guint) x;
}

/* Ids fit in 28 bits of a 64-bit key (14 on 32-bit builds); a battle that needs more
 * fleets than that is refused rather than merged wrongly. */
#define ID_BITS (GLIB_SIZEOF_VOID_P >= 8 ? 28 : 14)
#define MAX_IDS (1u << ID_BITS)

static gpointer
pack (guint outcome,
      guint attacker,
      guint defender)
{
  return GSIZE_TO_POINTER (((gsize) outcome << (2 * ID_BITS)) |
                           ((gsize) attacker << ID_BITS) | (gsize) defender);
}

static inline FleetInfo *
info_of (Solver *solver,
         guint   id);

/* The slot of @fleet (hashed @hash) in the table, or the empty one where it would go. */
static FleetSlot *
find_fleet (Solver            *solver,
            const AdmTi4Fleet *fleet,
            guint              hash)
{
  guint mask = solver->n_fleet_slots - 1;

  for (guint i = hash & mask;; i = (i + 1) & mask)
    {
      FleetSlot *slot = &solver->fleet_slots[i];

      if (slot->id == 0 ||
          (slot->hash == hash && adm_ti4_fleet_equal (&info_of (solver, slot->id - 1)->fleet,
                                                      fleet)))
        return slot;
    }
}

static void
grow_fleet_slots (Solver *solver)
{
  FleetSlot *old = solver->fleet_slots;
  guint n_old = solver->n_fleet_slots;

  solver->n_fleet_slots *= 2;
  solver->fleet_slots = solver_alloc0 (solver, solver->n_fleet_slots * sizeof (FleetSlot));
  for (guint i = 0; i < n_old; i++)
    if (old[i].id != 0)
      {
        guint mask = solver->n_fleet_slots - 1, j = old[i].hash & mask;

        while (solver->fleet_slots[j].id != 0)
          j = (j + 1) & mask;
        solver->fleet_slots[j] = old[i];
      }
}

/* The id of @fleet, a fleet of @side. */
static guint
intern (Solver            *solver,
        AdmTi4Side         side,
        const AdmTi4Fleet *fleet)
{
  guint hash = adm_ti4_fleet_hash_in (solver->both, fleet);
  FleetSlot *slot = find_fleet (solver, fleet, hash);
  FleetInfo *info;

  if (slot->id != 0)
    return slot->id - 1;

  info = solver_alloc (solver, sizeof (FleetInfo));
  info->fleet = *fleet;
  adm_ti4_fleet_tally_in (&solver->cards[side], fleet, solver->arena, &info->tally);
  info->alive = info->tally.fighting > 0;
  info->dist = NULL;
  info->checked = -1;
  info->retreated = -1;
  for (guint p = 0; p < ADM_TI4_N_POLICIES; p++)
    info->hit[p] = -1;
  if (solver->n_fleets == solver->room_fleets)
    {
      solver->room_fleets = MAX (2 * solver->room_fleets, 64);
      solver->fleets = solver_grow (solver, solver->fleets, solver->n_fleets,
                                    solver->room_fleets, sizeof (FleetInfo *));
    }
  solver->fleets[solver->n_fleets++] = info;
  slot->hash = hash;
  slot->id = solver->n_fleets;
  if (solver->n_fleets * 2 > solver->n_fleet_slots)
    grow_fleet_slots (solver);
  return solver->n_fleets - 1;
}

static inline FleetInfo *
info_of (Solver *solver,
         guint   id)
{
  return solver->fleets[id];
}

/* LRR 39.5, 48.1: the hit distribution of the fleet's combat roll. */
static const double *
info_dist (Solver *solver,
           guint   id)
{
  FleetInfo *info = info_of (solver, id);

  if (info->dist == NULL)
    {
      info->dist = solver_alloc (solver, (info->tally.n_dice + 1) * sizeof (double));
      adm_ti4_hits_distribution (&info->tally.dice, info->dist);
    }
  return info->dist;
}

/* Fleet @id of @side after the capacity check. */
static guint
info_checked (Solver     *solver,
              AdmTi4Side  side,
              guint       id)
{
  FleetInfo *info = info_of (solver, id);

  if (info->checked < 0)
    {
      AdmTi4Fleet fleet = info->fleet;

      /* Most fleets lose nothing to it: they are their own. */
      if (adm_ti4_fleet_capacity_check_in (&solver->cards[side], &fleet, NULL) == 0)
        info->checked = id;
      else
        info->checked = intern (solver, side, &fleet);
    }
  return info->checked;
}

/* Fleet @id of @side after a retreat. */
static guint
info_retreated (Solver     *solver,
                AdmTi4Side  side,
                guint       id)
{
  FleetInfo *info = info_of (solver, id);

  if (info->retreated < 0)
    {
      AdmTi4Fleet fleet = info->fleet;

      adm_ti4_fleet_retreat_in (&solver->cards[side], &fleet, NULL);
      info->retreated = intern (solver, side, &fleet);
    }
  return info->retreated;
}

/* Fleet @id of @side after one hit assigned by @policy (LRR 39.6, 48.2). Both sides of a
 * mirror battle meet the same fleets: each fleet's hit is worked out once. */
static guint
info_hit (Solver       *solver,
          AdmTi4Side    side,
          AdmTi4Policy  policy,
          guint         id)
{
  FleetInfo *info = info_of (solver, id);

  if (info->hit[policy] < 0)
    {
      AdmTi4Fleet fleet = info->fleet;

      adm_ti4_fleet_assign_hits_in (&solver->cards[side], &fleet, solver->arena, 1, policy);
      info->hit[policy] = intern (solver, side, &fleet);
    }
  return info->hit[policy];
}

static void
grow_end_slots (Solver *solver)
{
  EndSlot *old = solver->end_slots;
  guint n_old = solver->n_end_slots;

  solver->n_end_slots *= 2;
  solver->end_slots = solver_alloc0 (solver, solver->n_end_slots * sizeof (EndSlot));
  for (guint i = 0; i < n_old; i++)
    if (old[i].index != 0)
      {
        guint mask = solver->n_end_slots - 1;
        guint j = packed_hash (GSIZE_TO_POINTER (old[i].key)) & mask;

        while (solver->end_slots[j].index != 0)
          j = (j + 1) & mask;
        solver->end_slots[j] = old[i];
      }
}

static void
add_end (Solver        *solver,
         AdmTi4Outcome  outcome,
         guint          attacker,
         guint          defender,
         double         p)
{
  gsize key = GPOINTER_TO_SIZE (pack (outcome, attacker, defender));
  guint mask = solver->n_end_slots - 1, index;
  EndSlot *slot;

  for (guint i = packed_hash (GSIZE_TO_POINTER (key)) & mask;; i = (i + 1) & mask)
    {
      slot = &solver->end_slots[i];
      if (slot->index == 0 || slot->key == key)
        break;
    }
  index = slot->index;
  if (index == 0)
    {
      EndRecord record = { outcome, attacker, defender, 0.0 };

      if (solver->n_ends == solver->room_ends)
        {
          solver->room_ends = MAX (2 * solver->room_ends, 32);
          solver->ends = solver_grow (solver, solver->ends, solver->n_ends, solver->room_ends,
                                      sizeof (EndRecord));
        }
      solver->ends[solver->n_ends++] = record;
      index = solver->n_ends;
      slot->key = key;
      slot->index = index;
      if (solver->n_ends * 2 > solver->n_end_slots)
        grow_end_slots (solver);
    }
  solver->ends[index - 1].probability += p;
}

/* LRR 39.9, 48.4: the combat is over; 39.10: the side with units left wins, or neither. */
static void
end_combat (Solver *solver,
            guint   attacker,
            guint   defender,
            double  p)
{
  gboolean a = info_of (solver, attacker)->alive;
  gboolean d = info_of (solver, defender)->alive;
  gboolean space = solver->arena == ADM_TI4_SPACE;

  /* LRR 39.10.a: the winner's fighters and ground forces beyond its ships' capacity go. */
  if (a)
    add_end (solver, ADM_TI4_OUTCOME_ATTACKER_WINS,
             space ? info_checked (solver, ADM_TI4_ATTACKER, attacker) : attacker, defender, p);
  else if (d)
    add_end (solver, ADM_TI4_OUTCOME_DEFENDER_WINS, attacker,
             space ? info_checked (solver, ADM_TI4_DEFENDER, defender) : defender, p);
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
  if (side == ADM_TI4_ATTACKER)
    add_end (solver, ADM_TI4_OUTCOME_ATTACKER_RETREATED,
             info_retreated (solver, ADM_TI4_ATTACKER, attacker),
             info_checked (solver, ADM_TI4_DEFENDER, defender), p);
  else
    add_end (solver, ADM_TI4_OUTCOME_DEFENDER_RETREATED,
             info_checked (solver, ADM_TI4_ATTACKER, attacker),
             info_retreated (solver, ADM_TI4_DEFENDER, defender), p);
}

/* LRR 39.3: the fleets after 0, 1, … barrage hits on @fleet's fighters (@side's): @ids[k]
 * and the probability @p[k] for k = 0..return value, the last one with every larger number
 * (both arrays in the solver's blocks). */
static guint
barrage_outcomes (Solver            *solver,
                  AdmTi4Side         side,
                  const AdmTi4Fleet *fleet,
                  const AdmTi4Fleet *opponent,
                  guint            **ids_out,
                  double           **p_out)
{
  const AdmTi4Cards *cards = &solver->cards[side];
  AdmTi4Dice dice;
  guint n_dice, fighters = 0, n;
  guint *ids;
  double *dist, *p;

  for (guint c = 0; c < cards->n; c++)
    if (cards->unit[c]->fighter)
      fighters += adm_ti4_fleet_count (fleet, cards->index[c]);
  /* Ruling: the barrage is rolled only at fighters (it could hit nothing else). */
  memset (&dice, 0, sizeof dice);
  if (fighters > 0)
    adm_ti4_fleet_afb_dice_in (&solver->cards[!side], opponent, &dice);
  n_dice = adm_ti4_dice_total (&dice);
  n = MIN (fighters, n_dice);
  ids = *ids_out = solver_alloc (solver, (n + 1) * sizeof (guint));
  p = *p_out = solver_alloc (solver, (n + 1) * sizeof (double));
  if (n == 0)
    {
      /* Nothing to roll at, or nothing to roll: the fleet as it is (most battles). */
      ids[0] = intern (solver, side, fleet);
      p[0] = 1.0;
      return 0;
    }
  dist = solver_alloc (solver, (n_dice + 1) * sizeof (double));
  adm_ti4_hits_distribution (&dice, dist);
  for (guint k = 0; k <= n; k++)
    {
      AdmTi4Fleet after = *fleet;

      adm_ti4_fleet_assign_afb_hits_in (cards, &after, k);
      ids[k] = intern (solver, side, &after);
      p[k] = dist[k];
    }
  for (guint k = n + 1; k <= n_dice; k++)
    p[n] += dist[k];
  return n;
}

/* ---- each side's states, numbered ---- */

static void
side_init (Side         *side,
           AdmTi4Policy  policy)
{
  /* The states and numbers live in the solver's blocks (allocating each would be much of
   * a small battle's time). */
  memset (side, 0, sizeof *side);
  side->policy = policy;
}

/* The dense number of fleet @id on @side, numbering it if it is new. */
static guint
side_add (Solver *solver,
          Side   *side,
          guint   id)
{
  guint *number;

  if (side->n_dense <= id)
    {
      guint room = MAX (MAX (2 * side->n_dense, solver->n_fleets), 64);

      side->dense = solver_grow (solver, side->dense, side->n_dense, room, sizeof (guint));
      memset (side->dense + side->n_dense, 0, (room - side->n_dense) * sizeof (guint));
      side->n_dense = room;
    }
  number = &side->dense[id];
  if (*number == 0)
    {
      FleetInfo *info = info_of (solver, id);
      SideState state = { 0 };

      state.fleet = id;
      state.alive = info->alive;
      state.capacity = info->tally.capacity;
      state.n_dice = info->tally.n_dice;
      if (side->n_states == side->room)
        {
          side->room = MAX (2 * side->room, 32);
          side->states = solver_grow (solver, side->states, side->n_states, side->room,
                                      sizeof (SideState));
        }
      side->states[side->n_states++] = state;
      *number = side->n_states;
    }
  return *number - 1;
}

/* LRR 39.6, 48.2: every fleet the side can come to from its first states, each with the
 * fleets it becomes after 0..k hits assigned by its policy (k up to its capacity and the
 * other side's largest roll). */
static void
side_explore (Solver     *solver,
              AdmTi4Side  which)
{
  Side *side = &solver->sides[which];

  /* Both policies assign hits one at a time, each to the unit the policy picks in what is
   * left (adm_ti4_fleet_suggest), so k hits are one hit and k - 1 more: each state is given
   * the state one hit leads to, and its states after 0..k hits follow that chain. */
  for (guint s = 0; s < side->n_states; s++)
    {
      guint hit = s;

      if (side->states[s].alive && side->max_hits > 0)
        hit = side_add (solver, side,
                        info_hit (solver, which, side->policy, side->states[s].fleet));
      side->states[s].hit = hit;
    }
  for (guint s = 0; s < side->n_states; s++)
    {
      SideState *state = &side->states[s];
      guint n = state->alive ? MIN (state->capacity, side->max_hits) : 0;
      guint *after = solver_alloc (solver, (n + 1) * sizeof (guint));

      after[0] = s;
      for (guint k = 1; k <= n; k++)
        after[k] = side->states[after[k - 1]].hit;
      state->after = after;
      state->n_after = n + 1;
      if (state->alive)
        state->dist = info_dist (solver, state->fleet);
    }
}

/* Renumbers the side's states by hit capacity, highest first. Every hit takes at least one
 * off the capacity, so a state's successors all come after it: walking the states in order
 * visits each one after everything that flows into it. Returns the old → new numbers, in the
 * solver's blocks. */
static guint *
side_sort (Solver *solver,
           Side   *side)
{
  guint n = side->n_states, most = 0, s;
  SideState *states = side->states, *sorted;
  guint *rank = solver_alloc (solver, MAX (n, 1) * sizeof (guint));
  guint *next;

  /* Often they are in that order already: a side that loses nothing to the barrage has one
   * first state, and a hit leads to one state, so its states are one chain, met in order. */
  for (s = 1; s < n && states[s].capacity <= states[s - 1].capacity; s++)
    ;
  if (s >= n)
    {
      for (s = 0; s < n; s++)
        rank[s] = s;
      return rank;
    }
  sorted = solver_alloc (solver, n * sizeof (SideState));
  /* A counting sort, stable: by capacity, highest first, then by the old number. */
  for (s = 0; s < n; s++)
    most = MAX (most, states[s].capacity);
  next = solver_alloc0 (solver, ((gsize) most + 1) * sizeof (guint));
  for (s = 0; s < n; s++)
    next[most - states[s].capacity]++;
  for (guint b = 0, at = 0; b <= most; b++)
    {
      guint here = next[b];

      next[b] = at;
      at += here;
    }
  for (s = 0; s < n; s++)
    {
      guint r = next[most - states[s].capacity]++;

      rank[s] = r;
      sorted[r] = states[s];
    }
  memcpy (states, sorted, n * sizeof (SideState));
  for (guint r = 0; r < n; r++)
    {
      SideState *state = &states[r];

      for (guint k = 0; k < state->n_after; k++)
        {
          state->after[k] = rank[state->after[k]];
          g_assert (k == 0 || state->after[k] > r);
        }
    }
  return rank;
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

/* The outcomes of @opponent's roll on @state: its states after[k] with probabilities @p[k]
 * for k = 0..return value (the last one takes every larger number of hits). */
static guint
hit_outcomes (const SideState *state,
              const SideState *opponent,
              double          *p)
{
  guint n = MIN (state->capacity, opponent->n_dice);

  for (guint k = 0; k <= n; k++)
    p[k] = opponent->dist[k];
  for (guint k = n + 1; k <= opponent->n_dice; k++)
    p[n] += opponent->dist[k];
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
  Side *attacker = &solver->sides[ADM_TI4_ATTACKER], *defender = &solver->sides[ADM_TI4_DEFENDER];
  const SideState *sa = &attacker->states[a];
  const SideState *sd = &defender->states[d];
  gsize width = defender->n_states;
  double *pa = attacker->p, *pd = defender->p, *out, p00, scale;
  guint na, nd;

  solver->n_states++;

  /* LRR 39.5, 48.1: both sides roll; 39.6, 48.2: each assigns the other's hits. */
  na = hit_outcomes (sa, sd, pa);
  nd = hit_outcomes (sd, sa, pd);
  p00 = pa[0] * pd[0];

  if (layer->announced >= 0)
    {
      /* LRR 39.7: the announced retreat happens after this round's fire, unless the other
       * side has no ships left (39.7.a) or the retreating side has none (39.9): those ends
       * are swept from the next round's states. */
      solver->rounds += mass;
      for (guint i = 0; i <= na; i++)
        {
          guint to_a = sa->after[i];
          gboolean alive_a = attacker->states[to_a].alive;

          for (guint j = 0; j <= nd; j++)
            {
              guint to_d = sd->after[j];
              double p = mass * pa[i] * pd[j];

              if (alive_a && defender->states[to_d].alive)
                layer->retreat[to_a * width + to_d] += p;
              else
                layer->next[to_a * width + to_d] += p;
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
      double *row = out + sa->after[i] * width;

      for (guint j = (i == 0 ? 1 : 0); j <= nd; j++)
        row[sd->after[j]] += qa * pd[j];
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
  const Side *attacker = &solver->sides[ADM_TI4_ATTACKER];
  const Side *defender = &solver->sides[ADM_TI4_DEFENDER];
  guint n_a = attacker->n_states, n_d = defender->n_states;

  for (guint a = 0; a < n_a; a++)
    {
      const SideState *sa = &attacker->states[a];
      double *row = layer->mass + (gsize) a * n_d;

      /* A large combat takes seconds: the app drops a computation the master has already
       * changed the set-up of. */
      if ((a & 15) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      for (guint d = 0; d < n_d; d++)
        {
          double mass = row[d];

          if (mass == 0.0)
            continue;
          if (!sa->alive || !defender->states[d].alive)
            end_combat (solver, sa->fleet, defender->states[d].fleet,
                        mass);
          else if (!step (solver, layer, a, d, mass, error))
            return FALSE;
        }
    }
  return TRUE;
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
  /* These belong to the solver's blocks. */
  guint *ids_a = NULL, *ids_d = NULL, *rank_a = NULL, *rank_d = NULL;
  double *pa = NULL, *pd = NULL;
  Side *side_a = &solver->sides[ADM_TI4_ATTACKER], *side_d = &solver->sides[ADM_TI4_DEFENDER];
  guint na, nd, n_a, n_d;
  double *mass;

  if (solver->arena == ADM_TI4_GROUND)
    {
      /* LRR 48: no barrage on a planet. */
      na = nd = 0;
      ids_a = solver_alloc (solver, sizeof (guint));
      ids_d = solver_alloc (solver, sizeof (guint));
      pa = solver_alloc (solver, sizeof (double));
      pd = solver_alloc (solver, sizeof (double));
      ids_a[0] = intern (solver, ADM_TI4_ATTACKER, attacker);
      ids_d[0] = intern (solver, ADM_TI4_DEFENDER, defender);
      pa[0] = pd[0] = 1.0;
    }
  else
    {
      na = barrage_outcomes (solver, ADM_TI4_ATTACKER, attacker, defender, &ids_a, &pa);
      nd = barrage_outcomes (solver, ADM_TI4_DEFENDER, defender, attacker, &ids_d, &pd);
    }

  /* Dice are only lost with units: each side's first roll, that of its fleet before any
   * barrage hit (ids[0]), is its largest. */
  side_d->max_hits = info_of (solver, ids_a[0])->tally.n_dice;
  side_a->max_hits = info_of (solver, ids_d[0])->tally.n_dice;
  for (guint i = 0; i <= na; i++)
    side_add (solver, side_a, ids_a[i]);
  for (guint j = 0; j <= nd; j++)
    side_add (solver, side_d, ids_d[j]);
  side_explore (solver, ADM_TI4_ATTACKER);
  side_explore (solver, ADM_TI4_DEFENDER);
  if (solver->n_fleets >= MAX_IDS / 2)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("This combat has too many possible states to compute exactly"));
      return FALSE;
    }
  rank_a = side_sort (solver, side_a);
  rank_d = side_sort (solver, side_d);
  side_a->p = solver_alloc (solver, (side_a->max_hits + 1) * sizeof (double));
  side_d->p = solver_alloc (solver, (side_d->max_hits + 1) * sizeof (double));

  n_a = side_a->n_states;
  n_d = side_d->n_states;
  mass = solver_cells (solver, (gsize) n_a * n_d);
  if (mass == NULL)
    {
      g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                   _("This combat has too many possible states to compute exactly"));
      return FALSE;
    }
  for (guint i = 0; i <= na; i++)
    for (guint j = 0; j <= nd; j++)
      {
        guint a = rank_a[side_a->dense[ids_a[i]] - 1];
        guint d = rank_d[side_d->dense[ids_d[j]] - 1];
        double p = pa[i] * pd[j];

        /* LRR 39.3.a: a side left without ships ends the combat at once — in round 1. */
        if (!side_a->states[a].alive ||
            !side_d->states[d].alive)
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
  /* In the solver's blocks. */
  double *mass = NULL, *next = NULL, *retreat = NULL;
  const Side *side_d = &solver->sides[ADM_TI4_DEFENDER];
  gsize n_cells;
  int retreating = -1;
  Layer layer;

  if (!start (solver, attacker, defender, &mass, error))
    return FALSE;
  n_cells = (gsize) solver->sides[ADM_TI4_ATTACKER].n_states * side_d->n_states;

  for (guint round = 1; round < solver->n_rounds; round++)
    {
      if (next == NULL)
        next = solver_cells (solver, n_cells);
      else
        memset (next, 0, n_cells * sizeof *next);
      layer.announced = announced_at (solver, round);
      /* Every state still fighting ends in the round a retreat is announced: a later
       * announcement (the other side's) finds none. */
      if (retreating >= 0)
        layer.announced = -1;
      if (layer.announced >= 0)
        {
          retreat = solver_cells (solver, n_cells);
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
        {
          guint a = cell / side_d->n_states, d = cell % side_d->n_states;

          end_retreat (solver, (AdmTi4Side) retreating,
                       solver->sides[ADM_TI4_ATTACKER].states[a].fleet,
                       side_d->states[d].fleet, retreat[cell]);
        }
  return TRUE;
}

#define FEW_ENDS 32

/* Most likely first, then by outcome and by the fleets' bytes: a total order, so the ends
 * come out the same whatever order the chain met them in. */
static int
compare_ends (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const EndRecord *x = a, *y = b;
  Solver *solver = data;
  int order;

  if (x->probability != y->probability)
    return x->probability > y->probability ? -1 : 1;
  if (x->outcome != y->outcome)
    return x->outcome < y->outcome ? -1 : 1;
  order = memcmp (&info_of (solver, x->attacker)->fleet, &info_of (solver, y->attacker)->fleet,
                  sizeof (AdmTi4Fleet));
  if (order != 0)
    return order;
  return memcmp (&info_of (solver, x->defender)->fleet, &info_of (solver, y->defender)->fleet,
                 sizeof (AdmTi4Fleet));
}

/* The odds from the solved chain: its ends, most likely first, and what they add up to. */
static AdmTi4Odds *
collect (Solver *solver)
{
  /* Allocated, then zeroed: calloc () skips the allocator's fast path for small blocks. */
  AdmTi4Odds *odds = memset (g_new (AdmTi4Odds, 1), 0, sizeof (AdmTi4Odds));

  /* The ends are sorted as records, a few bytes each, then written out once. A small
   * battle's dozen are sorted in place: a library sort's set-up would cost more. */
  if (solver->n_ends > FEW_ENDS)
    g_qsort_with_data (solver->ends, solver->n_ends, sizeof (EndRecord), compare_ends, solver);
  else
    for (guint e = 1; e < solver->n_ends; e++)
      {
        EndRecord record = solver->ends[e];
        guint at = e;

        for (; at > 0 && compare_ends (&solver->ends[at - 1], &record, solver) > 0; at--)
          solver->ends[at] = solver->ends[at - 1];
        solver->ends[at] = record;
      }
  odds->ends = g_array_sized_new (FALSE, FALSE, sizeof (AdmTi4OddsEnd), solver->n_ends);
  g_array_set_size (odds->ends, solver->n_ends);
  for (guint e = 0; e < solver->n_ends; e++)
    {
      const EndRecord *record = &solver->ends[e];
      AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      end->outcome = record->outcome;
      end->attacker = info_of (solver, record->attacker)->fleet;
      end->defender = info_of (solver, record->defender)->fleet;
      end->probability = record->probability;
      odds->outcome[end->outcome] += end->probability;
      /* adm_ti4_fleet_count () read in place: intact and damaged; the cards neither side
       * started with stay at nought. */
      for (guint c = 0; c < solver->both->n; c++)
        {
          guint i = solver->both->index[c];

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
  FleetSlot first_fleet_slots[FIRST_SLOTS] = { { 0 } };
  EndSlot first_end_slots[FIRST_SLOTS] = { { 0 } };
  guint64 first_block[FIRST_BLOCK_SIZE / sizeof (guint64)];
  AdmTi4OddsOptions defaults;
  AdmTi4Odds *odds;
  AdmTi4Cards cards[2], both;
  Solver solver = { 0 };
  gboolean ok;

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

  solver.catalog = catalog;
  solver.options = options;
  solver.arena = options->arena;
  /* Not zeroed: only their first cards are read. */
  adm_ti4_cards_of (catalog, attacker, defender, &both);
  cards_of_side (&both, attacker, &cards[ADM_TI4_ATTACKER]);
  cards_of_side (&both, defender, &cards[ADM_TI4_DEFENDER]);
  solver.both = &both;
  solver.cards = cards;
  solver.block_free = (char *) first_block;
  solver.block_left = sizeof first_block;
  solver.n_fleet_slots = FIRST_SLOTS;
  solver.fleet_slots = first_fleet_slots;
  solver.n_end_slots = FIRST_SLOTS;
  solver.end_slots = first_end_slots;
  side_init (&solver.sides[ADM_TI4_ATTACKER], options->attacker_policy);
  side_init (&solver.sides[ADM_TI4_DEFENDER], options->defender_policy);
  /* Rounds 1..K where K is the last round a retreat is announced in, then "K + 1 or later",
   * where every round is alike. Retreats are for space combat only (LRR 48 has none). */
  solver.n_rounds = 1;
  if (solver.arena == ADM_TI4_SPACE &&
      (options->attacker_retreat_after >= 0 || options->defender_retreat_after >= 0))
    solver.n_rounds = MAX (options->attacker_retreat_after,
                           options->defender_retreat_after) + 2;

  ok = solve (&solver, attacker, defender, cancellable, error);
  odds = ok ? collect (&solver) : NULL;
  if (solver.blocks != NULL)
    g_ptr_array_unref (solver.blocks);
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
