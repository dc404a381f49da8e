/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle.c: the battle model — the object, the state and its copies, its accessors and
 * the ship facts the rules ask. Loading a set-up lives in adm-battle-load.c, rolls and report
 * lines in adm-battle-log.c, the phase driver, the journal and undo in adm-battle-record.c,
 * saved battles in adm-battle-save.c, the phases in adm-battle-detection.c, -movement.c, -fire.c,
 * -end.c and damage in adm-battle-damage.c.
 *
 * F-TAC-1: the master lays out the tactical map; a battle file is that layout.
 * F-TAC-2: these are Gustav's tactical rules with the Forcon 2010 changes (return fire,
 * electronic warfare), as the clauses cited throughout these files give them. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"

G_DEFINE_QUARK (adm-battle-error-quark, adm_battle_error)

G_DEFINE_FINAL_TYPE (AdmBattle, adm_battle, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  SIGNAL_AUTOSAVE_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* State */

AdmBattleState *
_adm_battle_state_new (void)
{
  AdmBattleState *state = g_new0 (AdmBattleState, 1);

  state->ships = g_array_new (FALSE, TRUE, sizeof (AdmBattleShip));
  state->formations = g_array_new (FALSE, TRUE, sizeof (AdmBattleFormation));
  state->markers = g_array_new (FALSE, TRUE, sizeof (AdmBattleMarker));
  state->detection = g_array_new (FALSE, TRUE, sizeof (guint8));
  state->attacks = g_array_new (FALSE, TRUE, sizeof (AdmAttack));
  state->salvos = g_array_new (FALSE, TRUE, sizeof (AdmTorpedoSalvo));
  state->mines = g_array_new (FALSE, TRUE, sizeof (AdmMine));
  state->boardings = g_array_new (FALSE, TRUE, sizeof (AdmBoarding));
  state->next_salvo = 1;
  state->turn = 1;
  state->phase = ADM_PHASE_DETECTION;
  return state;
}

void
_adm_battle_state_free (AdmBattleState *state)
{
  if (state == NULL)
    return;
  g_array_unref (state->ships);
  g_array_unref (state->formations);
  g_array_unref (state->markers);
  g_array_unref (state->detection);
  g_array_unref (state->attacks);
  g_array_unref (state->salvos);
  g_array_unref (state->mines);
  g_array_unref (state->boardings);
  g_free (state);
}

/* @to made a copy of @from, in the room it has. */
static void
array_copy_into (GArray       *to,
                 const GArray *from)
{
  g_array_set_size (to, 0);
  g_array_append_vals (to, from->data, from->len);
}

/* A copy of @state: in the arrays of the state the battle last put aside
 * (_adm_battle_state_put_aside ()) when it has one, else new. */
AdmBattleState *
_adm_battle_state_copy (AdmBattle            *self,
                        const AdmBattleState *state)
{
  AdmBattleState *copy = g_steal_pointer (&self->spare_state);

  if (copy == NULL)
    {
      copy = g_new0 (AdmBattleState, 1);
      copy->ships = g_array_copy (state->ships);
      copy->formations = g_array_copy (state->formations);
      copy->markers = g_array_copy (state->markers);
      copy->detection = g_array_copy (state->detection);
      copy->attacks = g_array_copy (state->attacks);
      copy->salvos = g_array_copy (state->salvos);
      copy->mines = g_array_copy (state->mines);
      copy->boardings = g_array_copy (state->boardings);
    }
  else
    {
      array_copy_into (copy->ships, state->ships);
      array_copy_into (copy->formations, state->formations);
      array_copy_into (copy->markers, state->markers);
      array_copy_into (copy->detection, state->detection);
      array_copy_into (copy->attacks, state->attacks);
      array_copy_into (copy->salvos, state->salvos);
      array_copy_into (copy->mines, state->mines);
      array_copy_into (copy->boardings, state->boardings);
    }
  copy->next_salvo = state->next_salvo;
  copy->turn = state->turn;
  copy->phase = state->phase;
  return copy;
}

/* Frees a state the battle no longer needs, or keeps it as its spare, for the next copy
 * (_adm_battle_state_copy ()) to fill: a dry run's copy, a phase undone (at 300 ships a side
 * a copy is a quarter of a megabyte, whose allocation makes malloc sort its free lists first,
 * some 3 % of a fire phase; the spare's memory is written already). */
void
_adm_battle_state_put_aside (AdmBattle      *self,
                             AdmBattleState *state)
{
  if (state == NULL)
    return;
  if (self->spare_state == NULL)
    self->spare_state = state;
  else
    _adm_battle_state_free (state);
}

/* GObject */

static void
adm_battle_finalize (GObject *object)
{
  AdmBattle *self = ADM_BATTLE (object);

  g_clear_object (&self->ruleset);
  g_free (self->name);
  g_free (self->file);
  g_string_chunk_free (self->strings);
  g_ptr_array_unref (self->sides);
  g_ptr_array_unref (self->formation_lists);
  g_clear_pointer (&self->ship_ids, g_hash_table_unref);
  g_clear_pointer (&self->low_orbit.orbits, g_array_unref);
  g_clear_pointer (&self->wormhole_exits, g_array_unref);
  _adm_battle_state_free (self->initial);
  _adm_battle_state_free (self->state);
  _adm_battle_state_free (self->spare_state);
  g_ptr_array_unref (self->report);
  g_string_free (self->scratch, TRUE);
  g_ptr_array_unref (self->rolls);
  g_ptr_array_unref (self->journal);
  g_clear_object (&self->log);
  g_clear_pointer (&self->setup, xmlFreeDoc);
  _adm_battle_wait_flushed (self);
  g_free (self->path);
  g_free (self->autosave_path);
  g_clear_error (&self->autosave_error);
  _adm_battle_cache_end (self);

  G_OBJECT_CLASS (adm_battle_parent_class)->finalize (object);
}

static void
adm_battle_class_init (AdmBattleClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_battle_finalize;

  /* Emitted after a phase resolves, is undone or is redone. */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 0);
  /* Emitted when an autosave fails, with its GError; the battle goes on (see
   * adm_battle_set_autosave_path ()). */
  signals[SIGNAL_AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
adm_battle_init (AdmBattle *self)
{
  self->strings = g_string_chunk_new (1024);
  self->sides = g_ptr_array_new_with_free_func (g_free);
  self->formation_lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  self->report = g_ptr_array_new_with_free_func (_adm_battle_report_line_free);
  self->scratch = g_string_sized_new (256);
  self->rolls = g_ptr_array_new_with_free_func (_adm_battle_roll_free);
  self->last_roll = G_MAXUINT;
  self->journal = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  self->log = _adm_battle_journal_new (self);
  self->wormhole_exits = g_array_new (FALSE, FALSE, sizeof (AdmWormholeExit));
}

void
_adm_battle_emit_changed (AdmBattle *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
_adm_battle_emit_autosave_failed (AdmBattle    *self,
                                  const GError *error)
{
  g_signal_emit (self, signals[SIGNAL_AUTOSAVE_FAILED], 0, error);
}

/* Public accessors */

guint
adm_battle_get_n_wormhole_exits (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);

  return self->wormhole_exits->len;
}

const AdmWormholeExit *
adm_battle_get_wormhole_exit (AdmBattle *self,
                              guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->wormhole_exits->len, NULL);

  return &g_array_index (self->wormhole_exits, AdmWormholeExit, index);
}

gboolean
adm_battle_ship_in_wormhole_exit (AdmBattle *self,
                                  guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);

  g_return_val_if_fail (s != NULL, FALSE);
  /* The ship's centre is where distances are measured from (F-FIRE-13). */
  for (guint i = 0; i < self->wormhole_exits->len; i++)
    {
      const AdmWormholeExit *zone = &g_array_index (self->wormhole_exits, AdmWormholeExit, i);

      if (adm_distance (s->position, zone->position) <= zone->diameter / 2 + 1e-9)
        return TRUE;
    }
  return FALSE;
}

const char *
adm_battle_get_name (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->name;
}

AdmRuleset *
adm_battle_get_ruleset (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return self->ruleset;
}

int
adm_battle_get_turn (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->state->turn;
}

AdmPhase
adm_battle_get_phase (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), ADM_PHASE_DETECTION);
  return self->state->phase;
}

guint64
adm_battle_get_seed (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->seed;
}

guint
adm_battle_get_n_ships (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->state->ships->len;
}

const AdmBattleShip *
adm_battle_get_ship (AdmBattle *self,
                     guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->state->ships->len, NULL);
  return &g_array_index (self->state->ships, AdmBattleShip, index);
}

int
adm_battle_ship_index (AdmBattle  *self,
                       const char *id)
{
  gpointer index;

  g_return_val_if_fail (ADM_IS_BATTLE (self), -1);
  if (id == NULL || self->ship_ids == NULL ||
      !g_hash_table_lookup_extended (self->ship_ids, id, NULL, &index))
    return -1;
  return GPOINTER_TO_INT (index);
}

const AdmBattleShip *
adm_battle_lookup_ship (AdmBattle  *self,
                        const char *id)
{
  int index = adm_battle_ship_index (self, id);

  return index >= 0 ? adm_battle_get_ship (self, index) : NULL;
}

guint
adm_battle_get_n_formations (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->state->formations->len;
}

const AdmBattleFormation *
adm_battle_get_formation (AdmBattle *self,
                          guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->state->formations->len, NULL);
  return &g_array_index (self->state->formations, AdmBattleFormation, index);
}

int
adm_battle_formation_index (AdmBattle  *self,
                            const char *id)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), -1);
  for (guint i = 0; i < self->state->formations->len; i++)
    if (g_strcmp0 (g_array_index (self->state->formations, AdmBattleFormation, i).id, id) == 0)
      return i;
  return -1;
}

guint
adm_battle_get_n_sides (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->sides->len;
}

const AdmBattleSide *
adm_battle_get_side (AdmBattle *self,
                     guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->sides->len, NULL);
  return g_ptr_array_index (self->sides, index);
}

guint
adm_battle_get_n_markers (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->state->markers->len;
}

const AdmBattleMarker *
adm_battle_get_marker (AdmBattle *self,
                       guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->state->markers->len, NULL);
  return &g_array_index (self->state->markers, AdmBattleMarker, index);
}

guint
adm_battle_get_n_salvos (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->state->salvos->len;
}

const AdmTorpedoSalvo *
adm_battle_get_salvo (AdmBattle *self,
                      guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->state->salvos->len, NULL);
  return &g_array_index (self->state->salvos, AdmTorpedoSalvo, index);
}

guint
adm_battle_get_n_mines (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->state->mines->len;
}

const AdmMine *
adm_battle_get_mine (AdmBattle *self,
                     guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->state->mines->len, NULL);
  return &g_array_index (self->state->mines, AdmMine, index);
}

guint
adm_battle_get_n_boardings (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  return self->state->boardings->len;
}

const AdmBoarding *
adm_battle_get_boarding (AdmBattle *self,
                         guint      index)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  g_return_val_if_fail (index < self->state->boardings->len, NULL);
  return &g_array_index (self->state->boardings, AdmBoarding, index);
}

const AdmLowOrbit *
adm_battle_get_low_orbit (AdmBattle *self)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);
  return &self->low_orbit;
}

AdmDetection
adm_battle_get_detection (AdmBattle *self,
                          guint      side,
                          guint      formation)
{
  guint n_formations;

  g_return_val_if_fail (ADM_IS_BATTLE (self), ADM_DETECTION_NONE);
  n_formations = self->state->formations->len;
  g_return_val_if_fail (side < self->sides->len && formation < n_formations,
                        ADM_DETECTION_NONE);
  if (g_array_index (self->state->formations, AdmBattleFormation, formation).side == side)
    return ADM_DETECTION_FULL;
  return g_array_index (self->state->detection, guint8, side * n_formations + formation);
}

/* Private accessors */

void
_adm_battle_set_detection (AdmBattle    *self,
                           guint         side,
                           guint         formation,
                           AdmDetection  level)
{
  guint n_formations = self->state->formations->len;

  g_array_index (self->state->detection, guint8, side * n_formations + formation) = level;
}

gboolean
_adm_battle_ruling_is (AdmBattle  *self,
                       const char *id,
                       const char *value)
{
  return g_strcmp0 (adm_ruleset_get_ruling_value (self->ruleset, id), value) == 0;
}

GPtrArray *
_adm_battle_decls (AdmBattle  *self,
                   const char *element)
{
  GPtrArray *decls = g_ptr_array_new ();

  if (self->orders == NULL)
    return decls;
  for (guint i = 0; i < self->orders->other->len; i++)
    {
      AdmOrderDecl *decl = g_ptr_array_index (self->orders->other, i);

      if (g_strcmp0 (decl->element, element) == 0)
        g_ptr_array_add (decls, decl);
    }
  return decls;
}

/* Ship facts */

gboolean
_adm_battle_ship_on_table (AdmBattle *self,
                           guint      ship)
{
  return _adm_battle_ship (self, ship)->status != ADM_SHIP_DESTROYED;
}

const char *
_adm_battle_ship_name (AdmBattle *self,
                       guint      ship)
{
  return _adm_battle_ship (self, ship)->name;
}

int
adm_battle_ship_hull_left (AdmBattle *self,
                           guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);

  g_return_val_if_fail (s != NULL, 0);
  return MAX (0, s->klass->hull - s->damage);
}

int
adm_crit_6_damaged_at (int hull,
                       int lost,
                       int of)
{
  /* F-CRIT-6 under "damaged-threshold": as soon as lost/of of the hull points are lost, the
   * share rounded up, so that half of 7 is 4. */
  return (hull * lost + of - 1) / of;
}

int
adm_battle_ship_damaged_at (AdmBattle *self,
                            guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);
  int lost, of;

  g_return_val_if_fail (s != NULL, 0);
  adm_ruleset_get_damaged_share (self->ruleset, &lost, &of);
  return adm_crit_6_damaged_at (s->klass->hull, lost, of);
}

gboolean
adm_battle_ship_is_damaged (AdmBattle *self,
                            guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);

  g_return_val_if_fail (s != NULL, FALSE);
  return s->damage >= adm_battle_ship_damaged_at (self, ship);
}

static int
crew_readiness (const AdmBattleShip *ship)
{
  return MAX (0, ship->base_readiness - ship->readiness_loss);
}

int
adm_battle_ship_readiness (AdmBattle *self,
                           guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);

  g_return_val_if_fail (s != NULL, 0);
  return adm_rdy_3_readiness (crew_readiness (s), self->state->turn, s->damage_turn,
                              adm_ruleset_get_damage_readiness_penalty (self->ruleset),
                              adm_ruleset_get_damage_readiness_turns (self->ruleset));
}

int
adm_rdy_3_readiness (int readiness,
                     int turn,
                     int damage_turn,
                     int penalty,
                     int turns)
{
  if (damage_turn > 0 && turn >= damage_turn && turn - damage_turn < turns)
    return readiness - penalty;
  return readiness;
}

int
_adm_battle_readiness_modifier (AdmBattle *self,
                                guint      ship)
{
  /* F-RDY-4: some rolls take the readiness modifier (detection, F-ECM-5). */
  /* F-RDY-5 with "readiness-modifier-base": the band of the current crew readiness. */
  const AdmReadinessGrade *grade =
    adm_ruleset_readiness_grade (self->ruleset, crew_readiness (_adm_battle_ship (self, ship)));

  return grade != NULL ? grade->modifier : 0;
}

/* F-STN-11 ("station-reactor"): a station's damaged reactor leaves its anti-torpedo turrets
 * and shields at 50 % until repaired, however many reactor hits it took. */
static int
reactor_half (AdmBattle           *self,
              const AdmBattleShip *s,
              int                  value)
{
  if (s->klass->category != ADM_CATEGORY_STATION || s->criticals[ADM_STN_CRIT_REACTOR] == 0)
    return value;
  return _adm_battle_ruling_is (self, "station-reactor", "round-up") ? (value + 1) / 2
                                                                     : value / 2;
}

static inline int
ship_shields (AdmBattle           *self,
              const AdmBattleShip *s)
{
  int shields;

  /* F-CRIT-17: the generators are destroyed; F-CAT-7: a hulk has no shields; F-MINE-13: a
   * ship laying mines this turn cannot use its shields. */
  if (s->criticals[ADM_CRIT_SHIELDS] > 0 || s->status != ADM_SHIP_ACTIVE || s->laying_mines)
    return 0;
  /* F-STN-14: the station table's result 10 is the same index (ADM_STN_CRIT_SHIELDS). */
  shields = reactor_half (self, s, s->klass->shields);
  /* F-ORB-2 ("orbit-change-halving"): the player halved the shields to change orbit. */
  if (s->orbit_halved == 2)
    shields = adm_orb_2_shields (shields, adm_ruleset_get_orbit_shield_divisor (self->ruleset),
                                 _adm_battle_ruling_is (self, "orbit-change-halving",
                                                        "turn-round-up"));
  return shields;
}

int
adm_orb_2_shields (int      shields,
                   int      divisor,
                   gboolean round_up)
{
  divisor = MAX (divisor, 1);
  return round_up ? (shields + divisor - 1) / divisor : shields / divisor;
}

int
adm_battle_ship_shields (AdmBattle *self,
                         guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);

  g_return_val_if_fail (s != NULL, 0);
  return ship_shields (self, s);
}

int
_adm_battle_ship_shields (AdmBattle *self,
                          guint      ship)
{
  return ship_shields (self, _adm_battle_ship (self, ship));
}

static inline int
ship_shield_capacity (AdmBattle           *self,
                      const AdmBattleShip *s)
{
  int shields = ship_shields (self, s);

  /* F-FORD-7: "Reinforce shields" doubles the ship's shields until the end of the turn; a
   * ship with a special force shield saves instead (F-FORD-8). */
  if (s->reinforced_until >= self->state->turn && !s->klass->special_shield)
    shields *= 2;
  return shields;
}

void
_adm_battle_make_hulk (AdmBattle     *self,
                       guint          ship,
                       AdmShipStatus  status)
{
  g_assert (status == ADM_SHIP_DRIFTING_HULK || status == ADM_SHIP_BURNING_HULK);
  _adm_battle_ship (self, ship)->status = status;
  _adm_battle_cache_hulk_made (self, ship);
}

/* Adds ship @i's shields to @ship's pool if it lends them (F-BOARD-15: a captured ship
 * lends its old side none): in action (_adm_battle_ship_active ()), read from the ship held
 * (a fire phase counts a thousand pools of half a dozen ships). */
static inline void
pool_add (AdmBattle           *self,
          guint                ship,
          const AdmBattleShip *target,
          guint                i,
          int                 *capacity,
          int                 *used)
{
  const AdmBattleShip *other = _adm_battle_ship (self, i);
  int shields;

  if (other->status != ADM_SHIP_ACTIVE || (i != ship && other->captured_by >= 0) ||
      other->side != target->side)
    return;
  shields = ship_shield_capacity (self, other);
  if (other->shields_used == 0 && shields == 0)
    return;
  *capacity += shields;
  *used += other->shields_used;
}

int
adm_battle_ship_shield_pool (AdmBattle *self,
                             guint      ship)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  g_return_val_if_fail (ship < self->state->ships->len, 0);
  return _adm_battle_ship_shield_pool (self, ship);
}

int
_adm_battle_ship_shield_pool (AdmBattle *self,
                              guint      ship)
{
  const AdmBattleShip *target;
  const AdmBattleFormation *formation;
  const guint *members;
  guint n_members;
  int capacity = 0, used = 0;

  target = _adm_battle_ship (self, ship);
  /* F-CAT-7: a hulk has no shields, nor anyone else's. */
  if (target->status != ADM_SHIP_ACTIVE)
    return 0;
  /* F-FORM-19: a formation in command sums its shields; F-FORM-15: one that lost
   * command does not; F-SHLD-5: touching ships combine theirs. In a fire phase the
   * cache lists exactly those ships (adm-battle-cache.c); the sums are the same. */
  members = _adm_battle_cache_pool_ships (self, ship, &n_members);
  if (members != NULL)
    {
      for (guint k = 0; k < n_members; k++)
        pool_add (self, ship, target, members[k], &capacity, &used);
      return MAX (0, capacity - used);
    }
  formation = _adm_battle_formation (self, target->formation);
  for (guint i = 0; i < self->state->ships->len; i++)
    {
      const AdmBattleShip *other = _adm_battle_ship (self, i);

      if (i == ship || (other->formation == target->formation && formation->command) ||
          adm_bases_touch (other->position, _adm_battle_base_size (self, i),
                           target->position, _adm_battle_base_size (self, ship)))
        pool_add (self, ship, target, i, &capacity, &used);
    }
  return MAX (0, capacity - used);
}

int
_adm_battle_turret_pool_ships (AdmBattle *self,
                               guint      ship,
                               GArray    *ships)
{
  const AdmBattleShip *target = _adm_battle_ship (self, ship);
  const AdmBattleFormation *formation = _adm_battle_formation (self, target->formation);
  int turrets = 0;

  /* F-CAT-7: a hulk has no anti-torpedo defence, nor anyone else's. */
  if (!_adm_battle_ship_active (self, ship))
    return 0;
  for (guint i = 0; i < self->state->ships->len; i++)
    {
      const AdmBattleShip *other = _adm_battle_ship (self, i);
      gboolean member;

      /* F-TORP-16: turrets meet one wave per torpedo phase. */
      if (!_adm_battle_ship_active (self, i) || other->side != target->side ||
          other->turrets_used || other->klass->turrets == 0)
        continue;
      /* F-FORM-19: a formation sums its ships' turrets; F-FORM-15: not without command;
       * F-TORP-17: ships whose bases touch combine theirs. */
      member = i == ship ||
               (other->formation == target->formation && formation->command) ||
               adm_bases_touch (other->position, _adm_battle_base_size (self, i),
                                target->position, _adm_battle_base_size (self, ship));
      if (!member)
        continue;
      /* F-STN-11: a station's damaged reactor halves its turrets. */
      turrets += reactor_half (self, other, other->klass->turrets);
      if (ships != NULL)
        g_array_append_val (ships, i);
    }
  return turrets;
}

int
adm_battle_ship_turret_pool (AdmBattle *self,
                             guint      ship)
{
  g_return_val_if_fail (ADM_IS_BATTLE (self), 0);
  g_return_val_if_fail (ship < self->state->ships->len, 0);
  return _adm_battle_turret_pool_ships (self, ship, NULL);
}

int
adm_battle_ship_speed (AdmBattle *self,
                       guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);

  const AdmTableRow *row;

  g_return_val_if_fail (s != NULL, 0);
  /* F-CRIT-15: the central deck's row of the critical table says the speed lost a hit until
   * it is repaired; a station's table has no such row, so its speed-loss is 0. */
  row = adm_ruleset_critical (self->ruleset, _adm_battle_critical_kind (self, ship),
                              ADM_CRIT_CENTRAL_DECK);
  return adm_crit_15_speed (s->klass->speed, s->criticals[ADM_CRIT_CENTRAL_DECK],
                            row != NULL ? row->speed_loss : 0);
}

int
adm_crit_15_speed (int speed,
                   int hits,
                   int speed_loss)
{
  return MAX (0, speed - speed_loss * hits);
}

int
adm_battle_ship_ecm_attack (AdmBattle *self,
                            guint      ship)
{
  const AdmBattleShip *s = adm_battle_get_ship (self, ship);

  g_return_val_if_fail (s != NULL, 0);
  return MAX (0, s->klass->ecm_attack - s->ecm_attack_loss);
}

gboolean
_adm_battle_fire_halved (AdmBattle *self,
                         guint      ship)
{
  /* F-ORB-2 ("orbit-change-halving"): a change of orbit that halves firepower does so to
   * the end of the turn (orbit_halved is cleared in the end stage); halved once however
   * many reasons there are. */
  return _adm_battle_ship (self, ship)->halved_until >= self->state->turn ||
         _adm_battle_ship (self, ship)->orbit_halved == 1;
}

char *
_adm_battle_halved_reason (int full,
                           int halved)
{
  g_autofree char *dice = g_strdup_printf (ngettext ("%d die", "%d dice", full), full);

  /* Translators: the dice of the whole firepower, then the firepower halved */
  return g_strdup_printf (_("%s; firepower %d halved to %d (F-MOVE-15, F-MOVE-16, F-MOVE-17, "
                            "F-FORD-10, F-ORB-2)"), dice, full, halved);
}

gboolean
_adm_battle_readiness_check (AdmBattle   *self,
                             guint        ship,
                             guint        dice,
                             int          target,
                             const char  *clause,
                             const char  *what,
                             gboolean    *passed,
                             GError     **error)
{
  guint report_from = self->report->len, rolls_from = self->rolls->len;
  guint owner = _adm_battle_ship (self, ship)->side;
  int sum;

  /* F-RDY-2: roll 2d6 (other counts where a rule says so) against the readiness rating with
   * all modifiers; a roll less than or equal passes. */
  if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (ship), dice, 6, clause, &sum, error,
                             _("%s: readiness check for %s"),
                             _adm_battle_ship_name (self, ship), what))
    return FALSE;
  *passed = sum <= target;
  _adm_battle_judge_roll (self, 0, ADM_ROLL_CHECK_SUM_AT_MOST, target,
                          _("readiness"));
  {
    g_autofree char *expression = adm_dice_describe (dice, 6);

    _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                        _("%s: readiness check for %s, %s = %d against %d: %s."),
                        _adm_battle_ship_name (self, ship), what, expression, sum, target,
                        *passed ? _("passed") : _("failed"));
  }
  /* "enemy-ship-card": a ship's readiness is its own side's; the enemy sees what comes of
   * the check, not the check. */
  if (owner < 32)
    _adm_battle_audience_since (self, report_from, rolls_from, 1u << owner, 0);
  return TRUE;
}

gboolean
_adm_battle_torpedo_phase (AdmBattle  *self,
                           GError    **error)
{
  /* F-SEQ-1 (4): the torpedo attack and boarding phase. F-TORP-16: the turrets may meet one
   * wave in this phase. F-MINE-15: mine detonations are announced here; then the salvoes
   * run (F-TORP); then boarding is declared (F-BOARD-1), to be resolved in the end stage
   * (F-END-2). */
  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    _adm_battle_ship (self, i)->turrets_used = FALSE;
  return _adm_battle_mines_detonate (self, error) &&
         _adm_battle_torpedoes_run (self, error) &&
         _adm_battle_boarding_declare (self, error);
}

/* Dump */

/* " @name=@value", three decimals after a point in every locale. */
static void
dump_number (GString    *out,
             const char *name,
             double      value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (text, sizeof text, "%.3f", value);
  g_string_append_printf (out, " %s=%s", name, text);
}

char *
adm_battle_dump (AdmBattle *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_BATTLE (self), NULL);

  g_string_append_printf (out, "turn %d phase %s\n", self->state->turn,
                          adm_phase_to_string (self->state->phase));
  for (guint i = 0; i < self->state->ships->len; i++)
    {
      const AdmBattleShip *s = _adm_battle_ship (self, i);

      g_string_append_printf (out, "ship %s %s", s->id, adm_ship_status_to_string (s->status));
      dump_number (out, "x", s->position.x);
      dump_number (out, "y", s->position.y);
      dump_number (out, "h", s->heading);
      g_string_append_printf (out, " damage=%d shields-used=%d readiness-loss=%d ecm-loss=%d "
                              "fire=%d crits=", s->damage, s->shields_used, s->readiness_loss,
                              s->ecm_attack_loss, s->on_fire);
      for (int c = 2; c < ADM_CRITICAL_RESULTS; c++)
        g_string_append_printf (out, "%d", s->criticals[c]);
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; i < self->state->formations->len; i++)
    {
      const AdmBattleFormation *f = _adm_battle_formation (self, i);

      g_string_append_printf (out, "formation %s flagship=%s command=%d\n", f->id,
                              f->flagship >= 0 ? _adm_battle_ship (self, f->flagship)->id : "-",
                              f->command);
    }
  for (guint i = 0; i < self->state->markers->len; i++)
    {
      const AdmBattleMarker *m = &g_array_index (self->state->markers, AdmBattleMarker, i);

      g_string_append (out, "marker");
      dump_number (out, "x", m->position.x);
      dump_number (out, "y", m->position.y);
      dump_number (out, "d", m->diameter);
      g_string_append_printf (out, " turn=%d\n", m->turn);
    }
  for (guint i = 0; i < self->state->salvos->len; i++)
    {
      const AdmTorpedoSalvo *v = &g_array_index (self->state->salvos, AdmTorpedoSalvo, i);

      g_string_append_printf (out, "salvo %d side=%u", v->id, v->side);
      dump_number (out, "x", v->position.x);
      dump_number (out, "y", v->position.y);
      dump_number (out, "h", v->heading);
      g_string_append_printf (out, " torpedoes=%d turns-left=%d steered=%d spent=%d\n",
                              v->torpedoes, v->turns_left, v->steered, v->spent);
    }
  for (guint i = 0; i < self->state->mines->len; i++)
    {
      const AdmMine *m = &g_array_index (self->state->mines, AdmMine, i);

      g_string_append_printf (out, "mine %s revealed=%d spent=%d triggered=%d\n", m->id,
                              m->revealed, m->spent, m->triggered);
    }
  for (guint i = 0; i < self->state->boardings->len; i++)
    {
      const AdmBoarding *b = &g_array_index (self->state->boardings, AdmBoarding, i);

      g_string_append_printf (out, "boarding %u-%u bp=%d/%d over=%d\n", b->attacker,
                              b->defender, b->attacker_bp, b->defender_bp, b->over);
    }
  for (guint i = 0; i < self->state->ships->len; i++)
    {
      const AdmBattleShip *s = _adm_battle_ship (self, i);

      g_string_append_printf (out, "ship %s side=%u tubes=%d covering=%d captured-by=%d "
                              "orbit=%d halved=%d falling=%d\n", s->id, s->side, s->tubes_ready,
                              s->covering_turn, s->captured_by, s->orbit, s->orbit_halved,
                              s->falling_since);
    }
  for (guint i = 0; i < self->state->detection->len; i++)
    g_string_append_printf (out, "%u", g_array_index (self->state->detection, guint8, i));
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

const char *
adm_phase_to_string (AdmPhase phase)
{
  switch (phase)
    {
    case ADM_PHASE_DETECTION: return "detection";
    case ADM_PHASE_MOVEMENT: return "movement";
    case ADM_PHASE_FIRE: return "fire";
    case ADM_PHASE_TORPEDO: return "torpedo";
    case ADM_PHASE_END:
    default:
      return "end";
    }
}

const char *
adm_phase_display_name (const char *id)
{
  if (g_strcmp0 (id, "detection") == 0)
    return _("Detection");
  if (g_strcmp0 (id, "movement") == 0)
    return _("Movement");
  if (g_strcmp0 (id, "fire") == 0)
    return _("Fire");
  if (g_strcmp0 (id, "torpedo") == 0)
    return _("Torpedoes");
  return _("End Phase");
}

const char *
adm_ship_status_to_string (AdmShipStatus status)
{
  switch (status)
    {
    case ADM_SHIP_ACTIVE: return "active";
    case ADM_SHIP_DRIFTING_HULK: return "drifting-hulk";
    case ADM_SHIP_BURNING_HULK: return "burning-hulk";
    case ADM_SHIP_DESTROYED:
    default:
      return "destroyed";
    }
}

const char *
adm_detection_to_string (AdmDetection detection)
{
  switch (detection)
    {
    case ADM_DETECTION_NONE: return "none";
    case ADM_DETECTION_PRESENCE: return "presence";
    case ADM_DETECTION_FULL:
    default:
      return "full";
    }
}
