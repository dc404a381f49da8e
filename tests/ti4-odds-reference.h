/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ti4-odds-reference.h: the TI4 odds solver as it was before dense state indexing,
 * kept verbatim — fleets interned in a hash table, the chain's states in an open-addressed
 * table of separately allocated nodes, processed by total hit capacity — so that
 * test-ti4-odds.c can check the fast solver against it to 1e-12 on a spread of battles.
 * Included by that test only. */
#pragma once

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-ti4-odds.h"

#define ref_MAX_RETREAT_AFTER 100

/* ---- the chain ---- */

/* Every fleet met is interned once, with what the chain keeps asking about it: whether it
 * still fights, its hit capacity, its combat roll's hit distribution, and the fleets it
 * becomes after k hits, after the capacity check and after a retreat. */
typedef struct {
  AdmTi4Fleet fleet;
  gboolean    alive;        /* has units that fight in this arena */
  guint       capacity;     /* adm_ti4_fleet_hit_capacity */
  guint       n_dice;       /* its combat roll */
  double     *dist;         /* hits of its combat roll, 0..n_dice; NULL until asked */
  guint      *after[ADM_TI4_N_POLICIES];  /* fleet after k hits, k = 0..capacity */
  int         checked;      /* fleet after the capacity check (LRR 39.10.a); -1: not yet */
  int         retreated;    /* fleet after a retreat (LRR 39.7.b); -1: not yet */
} ref_FleetInfo;

typedef struct {
  guint  attacker;  /* ref_FleetInfo ids */
  guint  defender;
  double mass[];    /* per round 1..n_rounds; the last one stands for "that or later" */
} ref_Node;

/* The chain's states are looked up once per transition: a flat table with the key beside
 * the node keeps that to one cache miss. */
typedef struct {
  gsize  key;
  ref_Node  *node;  /* NULL: empty */
} ref_NodeSlot;

typedef struct {
  AdmTi4Outcome outcome;
  guint         attacker;
  guint         defender;
  double        probability;
} ref_EndRecord;

typedef struct {
  AdmTi4Catalog           *catalog;
  const AdmTi4OddsOptions *options;
  AdmTi4Arena              arena;
  guint                    n_rounds;
  GPtrArray               *fleets;      /* ref_FleetInfo by id */
  GHashTable              *fleet_ids;   /* AdmTi4Fleet → id + 1 */
  ref_NodeSlot                *slots;       /* open addressing: packed (attacker, defender) → ref_Node */
  gsize                    n_slots;     /* a power of 2 */
  gsize                    n_nodes;
  GPtrArray               *buckets;     /* per total hit capacity: GPtrArray of ref_Node */
  GHashTable              *end_ids;     /* packed (outcome, attacker, defender) → index + 1 */
  GArray                  *ends;        /* ref_EndRecord */
  double                   rounds;      /* expected rounds so far */
  guint                    n_states;
} ref_Solver;

static guint
ref_fleet_key_hash (gconstpointer key)
{
  return adm_ti4_fleet_hash (key);
}

static gboolean
ref_fleet_key_equal (gconstpointer a,
                 gconstpointer b)
{
  return adm_ti4_fleet_equal (a, b);
}

/* Two ids (and an outcome) packed in a pointer-sized key; a 64-bit mix spreads them. */
static guint
ref_packed_hash (gconstpointer key)
{
  guint64 x = GPOINTER_TO_SIZE (key);

  x ^= x >> 29;
  x *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x ^= x >> 32;
  return (guint) x;
}

/* Ids fit in 28 bits of a 64-bit key (14 on 32-bit builds); a battle that needs more
 * fleets than that is refused rather than merged wrongly. */
#define ref_ID_BITS (GLIB_SIZEOF_VOID_P >= 8 ? 28 : 14)
#define ref_MAX_IDS (1u << ref_ID_BITS)

static gpointer
ref_pack (guint outcome,
      guint attacker,
      guint defender)
{
  return GSIZE_TO_POINTER (((gsize) outcome << (2 * ref_ID_BITS)) |
                           ((gsize) attacker << ref_ID_BITS) | (gsize) defender);
}

static void
ref_fleet_info_free (gpointer data)
{
  ref_FleetInfo *info = data;

  g_free (info->dist);
  for (guint p = 0; p < ADM_TI4_N_POLICIES; p++)
    g_free (info->after[p]);
  g_free (info);
}

static guint
ref_intern (ref_Solver            *solver,
        const AdmTi4Fleet *fleet)
{
  gpointer value = g_hash_table_lookup (solver->fleet_ids, fleet);
  ref_FleetInfo *info;
  AdmTi4Dice dice;

  if (value != NULL)
    return GPOINTER_TO_UINT (value) - 1;

  info = g_new0 (ref_FleetInfo, 1);
  info->fleet = *fleet;
  info->alive = adm_ti4_fleet_fighting (solver->catalog, fleet, solver->arena) > 0;
  info->capacity = adm_ti4_fleet_hit_capacity (solver->catalog, fleet, solver->arena);
  adm_ti4_fleet_combat_dice (solver->catalog, fleet, solver->arena, &dice);
  info->n_dice = adm_ti4_dice_total (&dice);
  info->checked = -1;
  info->retreated = -1;
  g_ptr_array_add (solver->fleets, info);
  g_hash_table_insert (solver->fleet_ids, &info->fleet,
                       GUINT_TO_POINTER (solver->fleets->len));
  return solver->fleets->len - 1;
}

static inline ref_FleetInfo *
ref_info_of (ref_Solver *solver,
         guint   id)
{
  return g_ptr_array_index (solver->fleets, id);
}

/* LRR 39.5, 48.1: the hit distribution of the fleet's combat roll. */
static const double *
ref_info_dist (ref_Solver *solver,
           guint   id)
{
  ref_FleetInfo *info = ref_info_of (solver, id);

  if (info->dist == NULL)
    {
      AdmTi4Dice dice;

      adm_ti4_fleet_combat_dice (solver->catalog, &info->fleet, solver->arena, &dice);
      info->dist = g_new (double, info->n_dice + 1);
      adm_ti4_hits_distribution (&dice, info->dist);
    }
  return info->dist;
}

/* LRR 39.6, 48.2: the fleets after 0..capacity hits assigned by @policy. */
static const guint *
ref_info_after (ref_Solver       *solver,
            guint         id,
            AdmTi4Policy  policy)
{
  ref_FleetInfo *info = ref_info_of (solver, id);

  if (info->after[policy] == NULL)
    {
      guint capacity = info->capacity;
      guint *after = g_new (guint, capacity + 1);
      AdmTi4Fleet ref_start = info->fleet;

      for (guint k = 0; k <= capacity; k++)
        {
          AdmTi4Fleet fleet = ref_start;

          adm_ti4_fleet_assign_hits (solver->catalog, &fleet, solver->arena, k, policy);
          after[k] = ref_intern (solver, &fleet);
        }
      info->after[policy] = after;
    }
  return info->after[policy];
}

static guint
ref_info_checked (ref_Solver *solver,
              guint   id)
{
  ref_FleetInfo *info = ref_info_of (solver, id);

  if (info->checked < 0)
    {
      AdmTi4Fleet fleet = info->fleet;

      adm_ti4_fleet_capacity_check (solver->catalog, &fleet, NULL);
      info->checked = ref_intern (solver, &fleet);
    }
  return info->checked;
}

static guint
ref_info_retreated (ref_Solver *solver,
                guint   id)
{
  ref_FleetInfo *info = ref_info_of (solver, id);

  if (info->retreated < 0)
    {
      AdmTi4Fleet fleet = info->fleet;

      adm_ti4_fleet_retreat (solver->catalog, &fleet, NULL);
      info->retreated = ref_intern (solver, &fleet);
    }
  return info->retreated;
}

static void
ref_add_end (ref_Solver        *solver,
         AdmTi4Outcome  outcome,
         guint          attacker,
         guint          defender,
         double         p)
{
  gpointer key = ref_pack (outcome, attacker, defender);
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (solver->end_ids, key));

  if (index == 0)
    {
      ref_EndRecord record = { outcome, attacker, defender, 0.0 };

      g_array_append_val (solver->ends, record);
      index = solver->ends->len;
      g_hash_table_insert (solver->end_ids, key, GUINT_TO_POINTER (index));
    }
  g_array_index (solver->ends, ref_EndRecord, index - 1).probability += p;
}

/* LRR 39.9, 48.4: the combat is over; 39.10: the side with units left wins, or neither. */
static void
ref_end_combat (ref_Solver *solver,
            guint   attacker,
            guint   defender,
            double  p)
{
  gboolean a = ref_info_of (solver, attacker)->alive;
  gboolean d = ref_info_of (solver, defender)->alive;
  gboolean space = solver->arena == ADM_TI4_SPACE;

  /* LRR 39.10.a: the winner's fighters and ground forces beyond its ships' capacity go. */
  if (a)
    ref_add_end (solver, ADM_TI4_OUTCOME_ATTACKER_WINS,
             space ? ref_info_checked (solver, attacker) : attacker, defender, p);
  else if (d)
    ref_add_end (solver, ADM_TI4_OUTCOME_DEFENDER_WINS, attacker,
             space ? ref_info_checked (solver, defender) : defender, p);
  else
    ref_add_end (solver, ADM_TI4_OUTCOME_DRAW, attacker, defender, p);
}

/* LRR 39.7: @side retreats (both sides still have ships, 39.7.a); the other side stays and
 * wins (39.10), and its capacity is checked (39.10.a). */
static void
ref_end_retreat (ref_Solver     *solver,
             AdmTi4Side  side,
             guint       attacker,
             guint       defender,
             double      p)
{
  if (side == ADM_TI4_ATTACKER)
    ref_add_end (solver, ADM_TI4_OUTCOME_ATTACKER_RETREATED, ref_info_retreated (solver, attacker),
             ref_info_checked (solver, defender), p);
  else
    ref_add_end (solver, ADM_TI4_OUTCOME_DEFENDER_RETREATED, ref_info_checked (solver, attacker),
             ref_info_retreated (solver, defender), p);
}

static inline ref_NodeSlot *
ref_find_slot (ref_NodeSlot *slots,
           gsize     n_slots,
           gsize     key)
{
  gsize i = ref_packed_hash (GSIZE_TO_POINTER (key)) & (n_slots - 1);

  while (slots[i].node != NULL && slots[i].key != key)
    i = (i + 1) & (n_slots - 1);
  return &slots[i];
}

static void
ref_grow_slots (ref_Solver *solver)
{
  gsize n_slots = solver->n_slots * 2;
  ref_NodeSlot *slots = g_new0 (ref_NodeSlot, n_slots);

  for (gsize i = 0; i < solver->n_slots; i++)
    if (solver->slots[i].node != NULL)
      *ref_find_slot (slots, n_slots, solver->slots[i].key) = solver->slots[i];
  g_free (solver->slots);
  solver->slots = slots;
  solver->n_slots = n_slots;
}

/* Adds @p to the state (@attacker, @defender) at the ref_start of @round, or ends the combat when
 * a side has no units left that fight. */
static void
ref_deliver (ref_Solver *solver,
         guint   attacker,
         guint   defender,
         guint   round,
         double  p)
{
  ref_NodeSlot *slot;
  gsize key;
  ref_Node *node;

  if (p == 0.0)
    return;
  if (!ref_info_of (solver, attacker)->alive || !ref_info_of (solver, defender)->alive)
    {
      ref_end_combat (solver, attacker, defender, p);
      return;
    }

  key = GPOINTER_TO_SIZE (ref_pack (0, attacker, defender));
  slot = ref_find_slot (solver->slots, solver->n_slots, key);
  if (slot->node == NULL)
    {
      guint capacity = ref_info_of (solver, attacker)->capacity +
                       ref_info_of (solver, defender)->capacity;

      node = g_malloc0 (sizeof (ref_Node) + solver->n_rounds * sizeof (double));
      node->attacker = attacker;
      node->defender = defender;
      slot->key = key;
      slot->node = node;
      while (solver->buckets->len <= capacity)
        g_ptr_array_add (solver->buckets, g_ptr_array_new_with_free_func (g_free));
      g_ptr_array_add (g_ptr_array_index (solver->buckets, capacity), node);
      if (++solver->n_nodes * 2 > solver->n_slots)
        ref_grow_slots (solver);
    }
  else
    node = slot->node;
  node->mass[MIN (round, solver->n_rounds) - 1] += p;
}

static gboolean
ref_has_fighters (AdmTi4Catalog     *catalog,
              const AdmTi4Fleet *fleet)
{
  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog); i++)
    if (adm_ti4_catalog_get_unit (catalog, i)->fighter && adm_ti4_fleet_count (fleet, i) > 0)
      return TRUE;
  return FALSE;
}

/* LRR 39.3: the fleets after 0, 1, … barrage hits on @fleet's fighters: @ids[k] and the
 * probability @p[k] for k = 0..return value, the last one with every larger number (both
 * arrays newly allocated). */
static guint
ref_barrage_outcomes (ref_Solver            *solver,
                  const AdmTi4Fleet *fleet,
                  const AdmTi4Fleet *opponent,
                  guint            **ids_out,
                  double           **p_out)
{
  AdmTi4Dice dice;
  guint n_dice, fighters = 0, n;
  guint *ids;
  double *dist, *p;

  /* Ruling: the barrage is rolled only at fighters (it could hit nothing else). */
  memset (&dice, 0, sizeof dice);
  if (ref_has_fighters (solver->catalog, fleet))
    adm_ti4_fleet_afb_dice (solver->catalog, opponent, &dice);
  n_dice = adm_ti4_dice_total (&dice);
  for (guint i = 0; i < adm_ti4_catalog_get_n_units (solver->catalog); i++)
    if (adm_ti4_catalog_get_unit (solver->catalog, i)->fighter)
      fighters += adm_ti4_fleet_count (fleet, i);
  n = MIN (fighters, n_dice);
  ids = *ids_out = g_new (guint, n + 1);
  p = *p_out = g_new (double, n + 1);
  dist = g_new (double, n_dice + 1);
  adm_ti4_hits_distribution (&dice, dist);
  for (guint k = 0; k <= n; k++)
    {
      AdmTi4Fleet after = *fleet;

      adm_ti4_fleet_assign_afb_hits (solver->catalog, &after, k);
      ids[k] = ref_intern (solver, &after);
      p[k] = dist[k];
    }
  for (guint k = n + 1; k <= n_dice; k++)
    p[n] += dist[k];
  g_free (dist);
  return n;
}

/* LRR 39.3: the first round's Anti-Fighter Barrage, then the first state of the chain. */
static void
ref_start (ref_Solver            *solver,
       const AdmTi4Fleet *attacker,
       const AdmTi4Fleet *defender)
{
  g_autofree guint *ids_a = NULL, *ids_d = NULL;
  g_autofree double *pa = NULL, *pd = NULL;
  guint na, nd;

  if (solver->arena == ADM_TI4_GROUND)
    {
      /* LRR 48: no barrage on a planet. */
      ref_deliver (solver, ref_intern (solver, attacker), ref_intern (solver, defender), 1, 1.0);
      return;
    }

  na = ref_barrage_outcomes (solver, attacker, defender, &ids_a, &pa);
  nd = ref_barrage_outcomes (solver, defender, attacker, &ids_d, &pd);
  for (guint i = 0; i <= na; i++)
    for (guint j = 0; j <= nd; j++)
      {
        double p = pa[i] * pd[j];

        /* LRR 39.3.a: a side left without ships ends the combat at once — in round 1. */
        if (!ref_info_of (solver, ids_a[i])->alive || !ref_info_of (solver, ids_d[j])->alive)
          solver->rounds += p;
        ref_deliver (solver, ids_a[i], ids_d[j], 1, p);
      }
}

/* The outcomes of the opponent's roll on @id: fleets @ids[k] with probabilities @p[k] for
 * k = 0..return value (the last one takes every larger number of hits). */
static guint
ref_hit_outcomes (ref_Solver       *solver,
              guint         id,
              guint         opponent,
              AdmTi4Policy  policy,
              guint        *ids,
              double       *p)
{
  const double *dist = ref_info_dist (solver, opponent);
  guint n_dice = ref_info_of (solver, opponent)->n_dice;
  guint n = MIN (ref_info_of (solver, id)->capacity, n_dice);
  const guint *after = ref_info_after (solver, id, policy);

  for (guint k = 0; k <= n; k++)
    {
      ids[k] = after[k];
      p[k] = dist[k];
    }
  for (guint k = n + 1; k <= n_dice; k++)
    p[n] += dist[k];
  return n;
}

/* One combat round from @node at @round (1-based; n_rounds means that round or later). */
static gboolean
ref_step (ref_Solver  *solver,
      ref_Node    *node,
      guint    round,
      GError **error)
{
  const AdmTi4OddsOptions *options = solver->options;
  double mass = node->mass[round - 1];
  guint *ids_a, *ids_d, na, nd;
  double *pa, *pd, p00, scale;
  int announced = -1;  /* the side that announced a retreat, or -1 */

  solver->n_states++;

  /* LRR 39.4: retreats are announced at the ref_start of a round, the defender first; a
   * defender's announcement bars the attacker's (39.4.b). */
  if (solver->arena == ADM_TI4_SPACE && round < solver->n_rounds)
    {
      if (options->defender_retreat_after >= 0 &&
          round == (guint) options->defender_retreat_after + 1)
        announced = ADM_TI4_DEFENDER;
      else if (options->attacker_retreat_after >= 0 &&
               round == (guint) options->attacker_retreat_after + 1)
        announced = ADM_TI4_ATTACKER;
    }

  /* LRR 39.5, 48.1: both sides roll; 39.6, 48.2: each assigns the other's hits. */
  ids_a = g_newa (guint, ref_info_of (solver, node->defender)->n_dice + 1);
  pa = g_newa (double, ref_info_of (solver, node->defender)->n_dice + 1);
  ids_d = g_newa (guint, ref_info_of (solver, node->attacker)->n_dice + 1);
  pd = g_newa (double, ref_info_of (solver, node->attacker)->n_dice + 1);
  na = ref_hit_outcomes (solver, node->attacker, node->defender, options->attacker_policy,
                     ids_a, pa);
  nd = ref_hit_outcomes (solver, node->defender, node->attacker, options->defender_policy,
                     ids_d, pd);
  p00 = pa[0] * pd[0];

  if (announced >= 0)
    {
      /* LRR 39.7: the announced retreat happens after this round's fire, unless the other
       * side has no ships left (39.7.a) or the retreating side has none (39.9). */
      solver->rounds += mass;
      for (guint i = 0; i <= na; i++)
        for (guint j = 0; j <= nd; j++)
          {
            double p = mass * pa[i] * pd[j];

            if (p == 0.0)
              continue;
            if (ref_info_of (solver, ids_a[i])->alive && ref_info_of (solver, ids_d[j])->alive)
              ref_end_retreat (solver, (AdmTi4Side) announced, ids_a[i], ids_d[j], p);
            else
              ref_end_combat (solver, ids_a[i], ids_d[j], p);
          }
      return TRUE;
    }

  if (round < solver->n_rounds)
    {
      /* A round without hits leads to the same fleets in the next round. */
      scale = mass;
      node->mass[round] += mass * p00;
    }
  else if (p00 < 1.0)
    /* LRR 39.8: rounds without hits repeat until one hits: the geometric series
     * mass (1 + p00 + p00² + …) = mass / (1 - p00) of rounds played here. */
    scale = mass / (1.0 - p00);
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

      for (guint j = (i == 0 ? 1 : 0); j <= nd; j++)
        ref_deliver (solver, ids_a[i], ids_d[j], round + 1, qa * pd[j]);
    }
  return TRUE;
}

static int
ref_compare_ends (gconstpointer a,
              gconstpointer b)
{
  const AdmTi4OddsEnd *x = a, *y = b;

  if (x->probability != y->probability)
    return x->probability > y->probability ? -1 : 1;
  if (x->outcome != y->outcome)
    return x->outcome < y->outcome ? -1 : 1;
  if (memcmp (&x->attacker, &y->attacker, sizeof x->attacker) != 0)
    return memcmp (&x->attacker, &y->attacker, sizeof x->attacker);
  return memcmp (&x->defender, &y->defender, sizeof x->defender);
}

static gboolean
ref_check_options (const AdmTi4OddsOptions *options,
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
    if (after[s] < -1 || after[s] > ref_MAX_RETREAT_AFTER)
      {
        g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                     s == 0 ? _("The attacker's retreat must come after 0 to %d rounds, "
                                "or never")
                            : _("The defender's retreat must come after 0 to %d rounds, "
                                "or never"), ref_MAX_RETREAT_AFTER);
        return FALSE;
      }
  return TRUE;
}

static void
ref_free_bucket (gpointer data)
{
  g_ptr_array_free (data, TRUE);
}

static AdmTi4Odds *
reference_ti4_odds_compute (AdmTi4Catalog           *catalog,
                            const AdmTi4Fleet       *attacker,
                            const AdmTi4Fleet       *defender,
                            const AdmTi4OddsOptions *options,
                            GCancellable            *cancellable,
                            GError                 **error)
{
  g_autoptr(GPtrArray) fleets = NULL;
  g_autoptr(GHashTable) fleet_ids = NULL;
  g_autoptr(GHashTable) end_ids = NULL;
  g_autoptr(GArray) ends = NULL;
  g_autoptr(GPtrArray) buckets = NULL;
  AdmTi4OddsOptions defaults;
  AdmTi4Odds *odds;
  ref_Solver solver = { 0 };

  g_return_val_if_fail (ADM_IS_TI4_CATALOG (catalog), NULL);
  g_return_val_if_fail (attacker != NULL && defender != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    {
      adm_ti4_odds_options_init (&defaults);
      options = &defaults;
    }
  if (!ref_check_options (options, error) ||
      !adm_ti4_fleet_check_arena (catalog, attacker, options->arena, ADM_TI4_ATTACKER, error) ||
      !adm_ti4_fleet_check_arena (catalog, defender, options->arena, ADM_TI4_DEFENDER, error))
    return NULL;

  fleets = g_ptr_array_new_with_free_func (ref_fleet_info_free);
  fleet_ids = g_hash_table_new (ref_fleet_key_hash, ref_fleet_key_equal);
  end_ids = g_hash_table_new (ref_packed_hash, g_direct_equal);
  ends = g_array_new (FALSE, FALSE, sizeof (ref_EndRecord));
  buckets = g_ptr_array_new_with_free_func (ref_free_bucket);
  solver.catalog = catalog;
  solver.options = options;
  solver.arena = options->arena;
  solver.fleets = fleets;
  solver.fleet_ids = fleet_ids;
  solver.n_slots = 1024;
  solver.slots = g_new0 (ref_NodeSlot, solver.n_slots);
  solver.end_ids = end_ids;
  solver.ends = ends;
  solver.buckets = buckets;
  /* Rounds 1..K where K is the last round a retreat is announced in, then "K + 1 or later",
   * where every round is alike. Retreats are for space combat only (LRR 48 has none). */
  solver.n_rounds = 1;
  if (solver.arena == ADM_TI4_SPACE &&
      (options->attacker_retreat_after >= 0 || options->defender_retreat_after >= 0))
    solver.n_rounds = MAX (options->attacker_retreat_after,
                           options->defender_retreat_after) + 2;

  ref_start (&solver, attacker, defender);

  /* Every round with a hit lowers the total hit capacity: highest first is a topological
   * order; within one state, its rounds in order. */
  for (guint c = buckets->len; c-- > 0;)
    {
      GPtrArray *bucket = g_ptr_array_index (buckets, c);

      for (guint b = 0; b < bucket->len; b++)
        {
          ref_Node *node = g_ptr_array_index (bucket, b);

          for (guint r = 1; r <= solver.n_rounds; r++)
            if (node->mass[r - 1] > 0.0 && !ref_step (&solver, node, r, error))
              {
                g_free (solver.slots);
                return NULL;
              }
          /* A large combat takes seconds: the app drops a computation the master has
           * already changed the set-up of. */
          if ((b & 255) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              g_free (solver.slots);
              return NULL;
            }
          if (fleets->len >= ref_MAX_IDS / 2)
            {
              g_set_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID,
                           _("This combat has too many possible states to compute exactly"));
              g_free (solver.slots);
              return NULL;
            }
        }
    }

  g_clear_pointer (&solver.slots, g_free);

  odds = g_new0 (AdmTi4Odds, 1);
  odds->ends = g_array_sized_new (FALSE, FALSE, sizeof (AdmTi4OddsEnd), ends->len);
  for (guint e = 0; e < ends->len; e++)
    {
      const ref_EndRecord *record = &g_array_index (ends, ref_EndRecord, e);
      AdmTi4OddsEnd end;

      end.outcome = record->outcome;
      end.attacker = ref_info_of (&solver, record->attacker)->fleet;
      end.defender = ref_info_of (&solver, record->defender)->fleet;
      end.probability = record->probability;
      g_array_append_val (odds->ends, end);
    }
  g_array_sort (odds->ends, ref_compare_ends);

  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      odds->outcome[end->outcome] += end->probability;
      for (guint i = 0; i < ADM_TI4_MAX_UNITS; i++)
        {
          odds->attacker_expected[i] += end->probability * adm_ti4_fleet_count (&end->attacker,
                                                                    i);
          odds->defender_expected[i] += end->probability * adm_ti4_fleet_count (&end->defender,
                                                                    i);
        }
    }
  /* LRR 39.10: a side that retreated lost; the other holds the system. */
  odds->attacker = odds->outcome[ADM_TI4_OUTCOME_ATTACKER_WINS] +
                   odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED];
  odds->defender = odds->outcome[ADM_TI4_OUTCOME_DEFENDER_WINS] +
                   odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED];
  odds->draw = odds->outcome[ADM_TI4_OUTCOME_DRAW];
  odds->expected_rounds = solver.rounds;
  odds->n_states = solver.n_states;
  return odds;
}

