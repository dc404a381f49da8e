/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-state.c: the game state, rebuilt by applying journal events in order.
 *
 * Each kind of event has a handler in two halves: check() reads the event and the state and
 * refuses what cannot apply, apply() changes the state and cannot fail. So an event either
 * applies whole or leaves the state exactly as it was. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-dice-commit.h"
#include "adm-dice-contribution.h"
#include "adm-dice-source.h"
#include "adm-engagement.h"
#include "adm-engagement-queue.h"
#include "adm-muster.h"
#include "adm-sector-battle.h"
#include "adm-state.h"
#include "adm-xml.h"
#include "adm-strategy.h"

G_DEFINE_QUARK (adm-state-error-quark, adm_state_error)

struct _AdmState
{
  GObject      parent_instance;

  AdmScenario *scenario;
  GHashTable  *ships;        /* ship id → AdmShipState* */
  GHashTable  *formations;   /* formation id → AdmFormationState* */
  GPtrArray   *rolls;        /* AdmRollRecord* */
  AdmStrategy *strategy;     /* the strategic map (F-STRAT) */
  AdmMuster   *muster;       /* the muster before cycle 1 (F-GEN-5, F-GEN-6, F-GEN-7) */
  GHashTable  *given;        /* formation id → timed AdmStratOrderKind + 1, this cycle */
  GHashTable  *cycle_orders; /* "CYCLE FORMATION" → order name (static), resolved cycles */
  GHashTable  *checks;       /* "CYCLE FORMATION" → AdmCycleCheck* (F-STRAT-5) */
  GPtrArray   *endings;      /* AdmBattleEnding*, in the order ended */
  GPtrArray   *repairs;      /* AdmRepairRecord* */
  GHashTable  *chosen;       /* "CYCLE MINUTE FORMATION" → placement id (the ruleset's) */
  GHashTable  *layouts;      /* adm_engagement_layout_key () → the layout seed, guint32* */
  GHashTable  *mine_salts;   /* cycle → its "mine-salt", hex (owned) */
  GHashTable  *drops;        /* engagement id → the master's reason for not fighting it */
  GHashTable  *tables;       /* engagement id → AdmTableAssignment*, while at a table */
  GHashTable  *taken_back;   /* assignment id → the chief master's reason for taking it back */
  GHashTable  *stations;     /* "SECTOR\nNAME" → AdmStationState*, as corrected */
  GHashTable  *cleared;      /* sector id → the cycle its mines were cleared in (guint) */
  GPtrArray   *places;       /* AdmPlaceRecord*: the stations and minefields corrected */
  guint        n_events;
  AdmStateBattleFunc battle_func; /* the battles under way, as the journal's holder knows them */
  gpointer     battle_data;
  AdmStatePhaseFunc phase_func;   /* where they stand, as the journal's holder knows it */
  gpointer     phase_data;
  GHashTable  *contributed;  /* "ENGAGEMENT\nFROM\nSIDE" → a side's dice contribution: "dice",
                              * "master" (thrown by the master), or a phone's commitment */
  GHashTable  *shown;        /* "ENGAGEMENT\nFROM": a contribution of that phase is shown */
  GHashTable  *last_from;    /* engagement id → the first roll of its last phase contributed
                              * to (guint) */
  GHashTable  *declared;     /* "ENGAGEMENT\nFROM\nTURN\nPHASE" → the digest of the
                              * declarations its contributions were given for */
  GHashTable  *table_asked;  /* "ENGAGEMENT\nFROM\nTURN\nPHASE" → the hand-off whose table
                              * asked that phase's dice ("dice-ask" with an `assignment`) */
  gboolean     replaying;     /* a journal replaying, not a new entry (adm_state_set_replaying ()) */
};

G_DEFINE_FINAL_TYPE (AdmState, adm_state, G_TYPE_OBJECT)

/* What a checked event will do: filled by check(), used by apply(). */
typedef struct {
  AdmShipState      *ship;
  AdmFormationState *formation;
  gint64             amount;
  GArray            *values;
  AdmStratOrder     *order;    /* a strategic order, checked */
  GPtrArray         *checks;   /* AdmCycleCheck*, a cycle's F-STRAT-5 checks */
  AdmQueuedEngagement *engagement; /* battle results: the engagement they end */
  const AdmFaction  *faction;  /* a captor */
  const AdmSector   *sector;   /* where a prize formation is */
  const AdmAdmiral  *admiral;  /* a prize formation's ("prize-admiral"), or NULL */
  GPtrArray         *ships;    /* const AdmShip*: a prize formation's */
  int                criticals[ADM_STATE_CRITICAL_RESULTS];
  gint64             damage;
  gint64             readiness;
  AdmShipFate        fate;
} Plan;

typedef gboolean (*CheckFunc) (AdmState *self, const AdmEvent *event, Plan *plan, GError **error);
typedef void     (*ApplyFunc) (AdmState *self, const AdmEvent *event, Plan *plan);

static void
roll_record_free (gpointer data)
{
  AdmRollRecord *record = data;

  g_free (record->purpose);
  g_free (record->clause);
  g_free (record->against);
  g_array_unref (record->values);
  g_free (record);
}

char *
adm_roll_record_describe_outcome (const AdmRollRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);

  return adm_roll_check_describe (record->check, record->target, record->against,
                                  record->values->len, record->passed, record->failed, NULL);
}

static void
cycle_check_free (gpointer data)
{
  AdmCycleCheck *check = data;

  g_free (check->formation_id);
  g_free (check->formation_name);
  g_free (check);
}

static void
ship_state_free (gpointer data)
{
  AdmShipState *state = data;

  g_free (state->lost_in);
  g_free (state);
}

static void
battle_ending_free (gpointer data)
{
  AdmBattleEnding *ending = data;

  g_free (ending->engagement);
  g_free (ending->reason);
  g_free (ending);
}

static void
table_assignment_free (gpointer data)
{
  AdmTableAssignment *assignment = data;

  g_free (assignment->engagement);
  g_free (assignment->table);
  g_free (assignment->id);
  g_free (assignment->setup);
  g_free (assignment);
}

static void
repair_record_free (gpointer data)
{
  AdmRepairRecord *repair = data;

  g_free (repair->ship_id);
  g_array_unref (repair->criticals);
  g_free (repair->reason);
  g_free (repair);
}

static void
formation_state_free (gpointer data)
{
  AdmFormationState *state = data;

  g_ptr_array_unref (state->orders);
  g_free (state);
}

static void
adm_state_finalize (GObject *object)
{
  AdmState *self = ADM_STATE (object);

  g_clear_pointer (&self->ships, g_hash_table_unref);
  g_clear_pointer (&self->formations, g_hash_table_unref);
  g_clear_pointer (&self->rolls, g_ptr_array_unref);
  g_clear_pointer (&self->muster, adm_muster_free);
  g_clear_pointer (&self->strategy, adm_strategy_free);
  g_clear_pointer (&self->given, g_hash_table_unref);
  g_clear_pointer (&self->cycle_orders, g_hash_table_unref);
  g_clear_pointer (&self->checks, g_hash_table_unref);
  g_clear_pointer (&self->endings, g_ptr_array_unref);
  g_clear_pointer (&self->repairs, g_ptr_array_unref);
  g_clear_pointer (&self->chosen, g_hash_table_unref);
  g_clear_pointer (&self->layouts, g_hash_table_unref);
  g_clear_pointer (&self->mine_salts, g_hash_table_unref);
  g_clear_pointer (&self->drops, g_hash_table_unref);
  g_clear_pointer (&self->tables, g_hash_table_unref);
  g_clear_pointer (&self->taken_back, g_hash_table_unref);
  g_clear_pointer (&self->stations, g_hash_table_unref);
  g_clear_pointer (&self->cleared, g_hash_table_unref);
  g_clear_pointer (&self->places, g_ptr_array_unref);
  g_clear_pointer (&self->contributed, g_hash_table_unref);
  g_clear_pointer (&self->shown, g_hash_table_unref);
  g_clear_pointer (&self->declared, g_hash_table_unref);
  g_clear_pointer (&self->table_asked, g_hash_table_unref);
  g_clear_pointer (&self->last_from, g_hash_table_unref);
  g_clear_object (&self->scenario);

  G_OBJECT_CLASS (adm_state_parent_class)->finalize (object);
}

static void
adm_state_class_init (AdmStateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = adm_state_finalize;
}

static void
adm_state_init (AdmState *self)
{
  self->ships = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, ship_state_free);
  self->endings = g_ptr_array_new_with_free_func (battle_ending_free);
  self->repairs = g_ptr_array_new_with_free_func (repair_record_free);
  self->chosen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->mine_salts = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->drops = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->tables = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, table_assignment_free);
  self->taken_back = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->stations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->cleared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->places = g_ptr_array_new_with_free_func (g_free);
  self->contributed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->last_from = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->declared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->table_asked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->formations = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, formation_state_free);
  self->rolls = g_ptr_array_new_with_free_func (roll_record_free);
  self->given = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->cycle_orders = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->checks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, cycle_check_free);
}

AdmState *
adm_state_new (AdmScenario *scenario)
{
  AdmState *self;
  GPtrArray *ships, *formations;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  self = g_object_new (ADM_TYPE_STATE, NULL);
  self->scenario = g_object_ref (scenario);
  self->strategy = adm_strategy_new (scenario);
  self->muster = adm_muster_new (scenario);

  ships = adm_scenario_get_ships (scenario);
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, i);
      AdmShipState *state = g_new0 (AdmShipState, 1);

      state->ship = ship;
      state->readiness = ship->readiness;
      state->damage = ship->damage;
      memcpy (state->criticals, ship->criticals, sizeof state->criticals);
      state->faction = ship->faction;
      g_hash_table_insert (self->ships, ship->id, state);
    }

  formations = adm_scenario_get_formations (scenario);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      AdmFormationState *state = g_new0 (AdmFormationState, 1);

      state->formation = formation;
      state->orders = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (self->formations, formation->id, state);
    }

  return self;
}

/* Helpers shared by the handlers. */

static gboolean
need_ship (AdmState        *self,
           const AdmEvent  *event,
           Plan            *plan,
           GError         **error)
{
  const char *id = adm_event_get (event, "ship");

  if (id == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “%s” event does not name a ship"), adm_event_get_kind (event));
      return FALSE;
    }
  plan->ship = g_hash_table_lookup (self->ships, id);
  if (plan->ship == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “%s” event names unknown ship “%s”"), adm_event_get_kind (event), id);
      return FALSE;
    }
  return TRUE;
}

/* @min and @max are small (they fit an int): they appear in the message. */
static gboolean
need_int (const AdmEvent  *event,
          const char      *key,
          gint64           min,
          gint64           max,
          gint64          *out,
          GError         **error)
{
  const char *text = adm_event_get (event, key);

  if (text == NULL ||
      !g_ascii_string_to_signed (text, 10, min, max, out, NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “%s” event needs “%s” to be a whole number from %d to %d, not “%s”"),
                   adm_event_get_kind (event), key, (int) min, (int) max,
                   text != NULL ? text : "");
      return FALSE;
    }
  return TRUE;
}

static gboolean
need_text (const AdmEvent  *event,
           GError         **error)
{
  const char *text = adm_event_get_text (event);

  if (text == NULL || *text == '\0')
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “%s” event has no text"), adm_event_get_kind (event));
      return FALSE;
    }
  return TRUE;
}

/* The master's reason a correction carries in @key ("reason", or the text for NULL): at most
 * ADM_STATE_REASON_MAX characters, and more than white space — required when @required, else
 * checked when given. */
static gboolean
need_reason (const AdmEvent  *event,
             const char      *key,
             gboolean         required,
             GError         **error)
{
  const char *reason = key != NULL ? adm_event_get (event, key) : adm_event_get_text (event);
  const char *end = reason;
  gboolean ending = g_strcmp0 (adm_event_get_kind (event), "end-campaign") == 0;
  glong length = 0;
  gboolean words = FALSE;

  if (reason == NULL && !required)
    return TRUE;
  /* Counted no further than the bound: a pasted book is refused as fast as a line. */
  while (end != NULL && *end != '\0' && length <= ADM_STATE_REASON_MAX)
    {
      words = words || !g_unichar_isspace (g_utf8_get_char (end));
      end = g_utf8_next_char (end);
      length++;
    }
  /* The end of the campaign is no correction: its refusals say what the master chose. */
  if (length > ADM_STATE_REASON_MAX && ending)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the reason given for the end of the campaign is longer than %d characters; "
                   "say it in fewer"), ADM_STATE_REASON_MAX);
  else if (length > ADM_STATE_REASON_MAX)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the reason given for the “%s” correction is longer than %d characters; "
                   "say it in fewer"), adm_event_get_kind (event), ADM_STATE_REASON_MAX);
  else if (!words && ending)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the end of the campaign gives no reason; say why the war ends"));
  else if (!words)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the “%s” correction gives no reason; say why it is made"),
                 adm_event_get_kind (event));
  if (length > ADM_STATE_REASON_MAX || !words)
    return FALSE;
  return TRUE;
}

/* A ship still in the campaign: not lost in battle, nor removed by the master. */
static gboolean
need_afloat (const AdmEvent  *event,
             Plan            *plan,
             GError         **error)
{
  if (plan->ship->fate == ADM_SHIP_FATE_AFLOAT)
    return TRUE;
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
               _("“%s” is no longer in the campaign (%s)"), plan->ship->ship->name,
               plan->ship->fate == ADM_SHIP_FATE_REMOVED ? _("removed by the master")
               : plan->ship->lost_in == NULL ? _("destroyed, its hull points all lost")
                                             : _("lost in battle"));
  return FALSE;
}

/* F-STRAT-4: a battle's end writes what the battle left of each ship that fought it
 * ("ship-after-battle"), from the set-up the battle began with, and accounts for the ships of
 * its formations only. So a correction of a ship or formation fighting a battle under way —
 * begun in the campaign, or handed to a table — would be lost when the battle ends, or leave a
 * battle that cannot end: the one check refuses it when it is made, naming the engagement and
 * what to do instead. @formation is the formation touched (the ship's, or the one a ship
 * joins), @name what the refusal names (the ship, or the formation). A journal replaying
 * replays as it was recorded. */
static gboolean
need_not_in_battle (AdmState            *self,
                    const AdmEvent      *event,
                    const AdmFormation  *formation,
                    const char          *name,
                    GError             **error)
{
  g_autofree char *engagement = NULL;
  g_autofree char *table = NULL;

  if (self->replaying || self->battle_func == NULL || formation == NULL ||
      !self->battle_func (self, formation->id, &engagement, &table, self->battle_data))
    return TRUE;
  if (table != NULL)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                 /* Translators: "“H2” fights in engagement c1-1, at the table “Table 2”: no
                  * damage correction while it is fought, as its results write what the battle
                  * left of its ships. Make it once they are in (F-STRAT-4)" */
                 _("“%s” fights in engagement %s, at the table “%s”: no %s correction while it "
                   "is fought, as its results write what the battle left of its ships. Make it "
                   "once they are in (F-STRAT-4)"),
                 name, engagement, table, adm_event_get_kind (event));
  else
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                 /* Translators: "“H2” fights in engagement c1-1, whose battle is under way:
                  * no damage correction while it is fought, as its end writes what the battle
                  * left of its ships. End that battle first, then make the correction
                  * (F-STRAT-4)" */
                 _("“%s” fights in engagement %s, whose battle is under way: no %s correction "
                   "while it is fought, as its end writes what the battle left of its ships. "
                   "End that battle first, then make the correction (F-STRAT-4)"),
                 name, engagement, adm_event_get_kind (event));
  return FALSE;
}

/* need_not_in_battle () for the ship @plan holds, in the formation it is in now. */
static gboolean
need_ship_not_in_battle (AdmState        *self,
                         const AdmEvent  *event,
                         Plan            *plan,
                         GError         **error)
{
  return need_not_in_battle (self, event,
                             adm_strategy_formation_of_ship (self->strategy, plan->ship->ship),
                             plan->ship->ship->name, error);
}

/* A correction to @ship told in its formation's log (adm_strategy_log_formation ()): to the
 * admiral commanding it and the master only, the master as @text, the admiral as @told (the
 * story's words). */
static void
log_ship (AdmState      *self,
          AdmShipState  *ship,
          const char    *text,
          const char    *told)
{
  const AdmFormation *formation = adm_strategy_formation_of_ship (self->strategy, ship->ship);

  if (formation != NULL)
    adm_strategy_log_formation (self->strategy, formation, text, told);
}

/* "roll": a dice result with its purpose and clause (every roll is logged). */

static gboolean
check_roll (AdmState        *self,
            const AdmEvent  *event,
            Plan            *plan,
            GError         **error)
{
  const char *values = adm_event_get (event, "values");
  const char *purpose = adm_event_get (event, "purpose");
  g_auto(GStrv) words = NULL;
  gint64 sides;

  if (purpose == NULL || *purpose == '\0')
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the roll does not say what it was for"));
      return FALSE;
    }
  if (!need_int (event, "sides", 2, ADM_DICE_MAX_SIDES, &sides, error))
    return FALSE;

  plan->amount = sides;
  plan->values = g_array_new (FALSE, FALSE, sizeof (guint));
  words = g_strsplit (values != NULL ? values : "", " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      guint64 value;

      if (words[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_unsigned (words[i], 10, 1, (guint64) sides, &value, NULL))
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the roll for “%s” holds “%s”, which is not on a d%d"),
                       purpose, words[i], (int) sides);
          return FALSE;
        }
      g_array_append_val (plan->values, *(guint[]) { (guint) value });
    }
  if (plan->values->len == 0 || plan->values->len > ADM_DICE_MAX_COUNT)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the roll for “%s” has no dice values"), purpose);
      return FALSE;
    }
  return TRUE;
}

static void
apply_roll (AdmState       *self,
            const AdmEvent *event,
            Plan           *plan)
{
  AdmRollRecord *record = g_new0 (AdmRollRecord, 1);

  record->time = adm_event_get_time (event);
  record->cycle = adm_strategy_get_cycle (self->strategy);
  record->purpose = g_strdup (adm_event_get (event, "purpose"));
  record->clause = g_strdup (adm_event_get (event, "clause"));
  record->sides = (guint) plan->amount;
  record->values = g_steal_pointer (&plan->values);
  g_ptr_array_add (self->rolls, record);
}

/* "order": an order given to a formation (F-FORM-6: orders are given to formations). With an
 * "order" attribute it is a strategic order for the current cycle (F-STRAT-16, F-STRAT-17,
 * F-STRAT-18, see adm-strategy.c); without, a free-text order kept with the formation. */

static gboolean
check_order (AdmState        *self,
             const AdmEvent  *event,
             Plan            *plan,
             GError         **error)
{
  const char *id = adm_event_get (event, "formation");

  if (adm_event_get (event, "order") != NULL)
    {
      plan->order = adm_strategy_check_order (self->strategy, event, error);
      return plan->order != NULL;
    }

  plan->formation = id != NULL ? g_hash_table_lookup (self->formations, id) : NULL;
  if (plan->formation == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the order names unknown formation “%s”"), id != NULL ? id : "");
      return FALSE;
    }
  return need_text (event, error);
}

static void
apply_order (AdmState       *self,
             const AdmEvent *event,
             Plan           *plan)
{
  if (plan->order != NULL)
    {
      /* F-STRAT-15: remember the timed order each formation carries out this cycle. */
      if (plan->order->kind <= ADM_STRAT_ORDER_SWEEP_MINES && plan->order->formation != NULL)
        g_hash_table_insert (self->given, g_strdup (plan->order->formation->id),
                             GINT_TO_POINTER (plan->order->kind + 1));
      adm_strategy_apply_order (self->strategy, g_steal_pointer (&plan->order));
    }
  else
    g_ptr_array_add (plan->formation->orders, g_strdup (adm_event_get_text (event)));
}

/* "sheet": an admiral's order sheet for the current cycle, received at its time (F-GEN-3). */

static gboolean
check_sheet (AdmState        *self,
             const AdmEvent  *event,
             Plan            *plan,
             GError         **error)
{
  return adm_strategy_check_sheet (self->strategy, event, error);
}

static void
apply_sheet (AdmState       *self,
             const AdmEvent *event,
             Plan           *plan)
{
  adm_strategy_apply_sheet (self->strategy, event);
}

/* "cycle": the comms session resolves the current cycle (F-STRAT-1, F-STRAT-2, F-STRAT-3,
 * F-STRAT-4). */

/* F-STRAT-5: "checks" lists the readiness checks the master rolled for formations of absent
 * admirals, "FORMATION=D1+D2" separated by spaces; each is compared with the flagship's
 * readiness now (F-RDY-2). */
static gboolean
read_checks (AdmState        *self,
             const AdmEvent  *event,
             Plan            *plan,
             GError         **error)
{
  g_auto(GStrv) words = g_strsplit (adm_event_get (event, "checks"), " ", -1);
  guint cycle = adm_strategy_get_cycle (self->strategy);

  plan->checks = g_ptr_array_new_with_free_func (cycle_check_free);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_auto(GStrv) parts = NULL;
      g_auto(GStrv) dice = NULL;
      const AdmFormation *formation;
      AdmCycleCheck *check;
      AdmShipState *flagship;
      guint64 d[2];

      if (words[i][0] == '\0')
        continue;
      parts = g_strsplit (words[i], "=", 2);
      dice = parts[1] != NULL ? g_strsplit (parts[1], "+", -1) : NULL;
      formation = adm_strategy_lookup_formation (self->strategy, parts[0]);
      if (formation == NULL || formation->ships->len == 0 || dice == NULL ||
          g_strv_length (dice) != 2 ||
          !g_ascii_string_to_unsigned (dice[0], 10, 1, 6, &d[0], NULL) ||
          !g_ascii_string_to_unsigned (dice[1], 10, 1, 6, &d[1], NULL))
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the cycle's readiness check “%s” should read FORMATION=D6+D6 and "
                         "name a formation in being"), words[i]);
          return FALSE;
        }
      for (guint c = 0; c < plan->checks->len; c++)
        if (g_str_equal (((AdmCycleCheck *) g_ptr_array_index (plan->checks, c))->formation_id,
                         formation->id))
          {
            g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                         _("the cycle rolls the readiness check of “%s” twice"), formation->id);
            return FALSE;
          }
      flagship = g_hash_table_lookup (self->ships, formation->flagship != NULL
                                      ? formation->flagship->id
                                      : ((AdmShip *) g_ptr_array_index (formation->ships, 0))->id);
      check = g_new0 (AdmCycleCheck, 1);
      check->cycle = cycle;
      check->formation_id = g_strdup (formation->id);
      check->formation_name = g_strdup (formation->name);
      check->dice[0] = (guint) d[0];
      check->dice[1] = (guint) d[1];
      check->readiness = flagship->readiness;
      /* F-RDY-2: passed when the roll is at most the readiness. */
      check->passed = (int) (check->dice[0] + check->dice[1]) <= check->readiness;
      g_ptr_array_add (plan->checks, check);
    }
  return TRUE;
}

static gboolean
check_cycle (AdmState        *self,
             const AdmEvent  *event,
             Plan            *plan,
             GError         **error)
{
  const char *salt = adm_event_get (event, "mine-salt");

  if (!adm_strategy_check_cycle (self->strategy, event, error))
    return FALSE;
  if (salt != NULL && !adm_dice_hex_is_valid (salt))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a cycle's mine salt is 64 lowercase hexadecimal digits, not “%s”"),
                   salt);
      return FALSE;
    }
  return adm_event_get (event, "checks") == NULL || read_checks (self, event, plan, error);
}

/* F-STRAT-15: the timed order each formation in being carries out in the cycle being
 * resolved: the one given for it, else the standing one (F-STRAT-5). */
static void
remember_cycle_orders (AdmState *self,
                       guint     cycle)
{
  GPtrArray *formations = adm_strategy_get_formations (self->strategy);

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      gpointer given = g_hash_table_lookup (self->given, formation->id);
      const AdmStratOrder *standing = adm_strategy_get_standing (self->strategy, formation->id);
      const char *name = NULL;

      if (given != NULL)
        name = adm_strat_order_kind_to_string (GPOINTER_TO_INT (given) - 1);
      else if (standing != NULL && standing->kind <= ADM_STRAT_ORDER_SWEEP_MINES)
        name = adm_strat_order_kind_to_string (standing->kind);
      if (name != NULL)
        g_hash_table_insert (self->cycle_orders,
                             g_strdup_printf ("%u %s", cycle, formation->id), (gpointer) name);
    }
  g_hash_table_remove_all (self->given);
}

static void
apply_cycle (AdmState       *self,
             const AdmEvent *event,
             Plan           *plan)
{
  guint cycle = adm_strategy_get_cycle (self->strategy);
  const char *salt = adm_event_get (event, "mine-salt");

  remember_cycle_orders (self, cycle);
  if (salt != NULL)
    g_hash_table_insert (self->mine_salts, GUINT_TO_POINTER (cycle), g_strdup (salt));
  while (plan->checks != NULL && plan->checks->len > 0)
    {
      AdmCycleCheck *check = g_ptr_array_steal_index (plan->checks, 0);
      AdmRollRecord *record = g_new0 (AdmRollRecord, 1);

      /* Every roll goes into the dice log with its purpose and clause. */
      record->time = adm_event_get_time (event);
      record->cycle = cycle;
      /* Translators: a dice log entry, "readiness check of Jade Squadron, admiral absent" */
      record->purpose = g_strdup_printf (_("readiness check of %s, admiral absent"),
                                         check->formation_name);
      record->clause = g_strdup ("F-STRAT-5");
      record->sides = 6;
      record->values = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_vals (record->values, check->dice, 2);
      /* F-RDY-2: judged as the battle judges a readiness check, at most the readiness. */
      record->check = ADM_ROLL_CHECK_SUM_AT_MOST;
      record->target = check->readiness;
      record->against = g_strdup (_("readiness"));
      adm_roll_check_judge (record->check, record->target, check->dice, 2, &record->passed,
                            &record->failed);
      g_assert (record->passed == (guint) check->passed);
      g_ptr_array_add (self->rolls, record);
      g_hash_table_insert (self->checks,
                           g_strdup_printf ("%u %s", cycle, check->formation_id), check);
    }
  {
    /* Ruling "station-engagement": the stations as the corrections so far left them. */
    g_autoptr(GPtrArray) held = adm_sector_held_stations (self->scenario, self, NULL);

    adm_strategy_apply_cycle (self->strategy, event, held);
  }
}

/* "reveal": the master shows a hidden formation to the public (F-STRAT-3, see adm-strategy.c). */

static gboolean
check_reveal (AdmState        *self,
              const AdmEvent  *event,
              Plan            *plan,
              GError         **error)
{
  return adm_strategy_check_reveal (self->strategy, event, error);
}

static void
apply_reveal (AdmState       *self,
              const AdmEvent *event,
              Plan           *plan)
{
  adm_strategy_apply_reveal (self->strategy, event);
}

/* "assign": the master gives a formation to another admiral of its side (see adm-strategy.c). */

static gboolean
check_assign (AdmState        *self,
              const AdmEvent  *event,
              Plan            *plan,
              GError         **error)
{
  if (!adm_strategy_check_assign (self->strategy, event, error))
    return FALSE;
  if (adm_strategy_admiral_retired (self->strategy, adm_event_get (event, "admiral")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("%s has left the game (the master retired him)"),
                   adm_strategy_lookup_admiral (self->strategy,
                                                adm_event_get (event, "admiral"))->name);
      return FALSE;
    }
  return need_reason (event, "reason", FALSE, error);
}

static void
apply_assign (AdmState       *self,
              const AdmEvent *event,
              Plan           *plan)
{
  adm_strategy_apply_assign (self->strategy, event);
}

/* "damage": hull points lost, as the master or a resolved rule decided (F-CRIT-5). */

static gboolean
check_damage (AdmState        *self,
              const AdmEvent  *event,
              Plan            *plan,
              GError         **error)
{
  int hull;

  if (!need_ship (self, event, plan, error) || !need_afloat (event, plan, error) ||
      !need_int (event, "points", 1, 1000, &plan->amount, error) ||
      !need_reason (event, "reason", FALSE, error))
    return FALSE;

  hull = plan->ship->ship->klass->hull;
  /* F-CRIT-7: a ship with no hull points left is inactive; further hits on the hulk are a
   * catastrophic-damage matter (F-CAT-6), not more hull damage. */
  if (plan->ship->damage >= hull)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("“%s” has no hull points left to lose"), plan->ship->ship->name);
      return FALSE;
    }
  /* The master's correction (it carries his reason) takes no more than the ship has left: all
   * of them leave it destroyed (apply_damage ()). A rule's damage beyond them is cut to what
   * was left, as hits on a ship are; so is a correction in a file journaled before this was
   * checked, which replays as it did. */
  if (!self->replaying && adm_event_get (event, "reason") != NULL &&
      plan->amount > hull - plan->ship->damage)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   /* Translators: "“H1” has 20 of its 20 hull points left: it can lose at most
                    * 20, not 21 (losing all of them destroys it, F-CRIT-7)" */
                   _("“%s” has %d of its %d hull points left: it can lose at most %d, not %d "
                     "(losing all of them destroys it, F-CRIT-7)"),
                   plan->ship->ship->name, hull - plan->ship->damage, hull,
                   hull - plan->ship->damage, (int) plan->amount);
      return FALSE;
    }
  return need_ship_not_in_battle (self, event, plan, error);
}

static void
apply_damage (AdmState       *self,
              const AdmEvent *event,
              Plan           *plan)
{
  int hull = plan->ship->ship->klass->hull;
  int before = plan->ship->damage;

  plan->ship->damage = (int) MIN ((gint64) hull, plan->ship->damage + plan->amount);
  /* The master's damage by fiat is told in the formation's log. */
  if (adm_event_get (event, "reason") != NULL)
    {
      /* Translators: a formation's log: "Prince Serg lost 3 hull points by the master's
       * correction (8 of 12 left)" */
      g_autofree char *text = g_strdup_printf (_("%s lost %d hull points by the master’s "
                                                 "correction (%d of %d left)"),
                                               plan->ship->ship->name,
                                               plan->ship->damage - before,
                                               hull - plan->ship->damage, hull);
      /* Translators: a formation's log as its admiral's papers tell it: "Prince Serg lost 3
       * hull points (8 of 12 left)" */
      g_autofree char *told = g_strdup_printf (_("%s lost %d hull points (%d of %d left)"),
                                               plan->ship->ship->name,
                                               plan->ship->damage - before,
                                               hull - plan->ship->damage, hull);

      log_ship (self, plan->ship, text, told);
    }
  /* F-CRIT-7: with no hull points left the ship is inactive; off the table there is no hulk
   * to drift or explode (F-CAT-10, F-CAT-11, F-CAT-12 and F-CAT-13 act on the table), so it
   * is lost as destroyed and leaves its formation as a ship destroyed in battle does
   * (F-FORM-5; docs/rulings.md, "F-CRIT-7, Decided"). */
  if (plan->ship->damage >= hull && plan->ship->fate == ADM_SHIP_FATE_AFLOAT)
    {
      /* Translators: a formation's log: "Prince Serg was destroyed by the master's correction
       * (F-CRIT-7)" */
      g_autofree char *why = adm_event_get (event, "reason") != NULL
                             ? g_strdup_printf (_("%s was destroyed by the master’s correction "
                                                  "(F-CRIT-7)"), plan->ship->ship->name)
      /* Translators: a formation's log: "Prince Serg was destroyed (F-CRIT-7)" */
                             : g_strdup_printf (_("%s was destroyed (F-CRIT-7)"),
                                                plan->ship->ship->name);
      /* Translators: a formation's log as its admiral's papers tell it: "Prince Serg was
       * destroyed" */
      g_autofree char *told = g_strdup_printf (_("%s was destroyed"), plan->ship->ship->name);

      plan->ship->fate = ADM_SHIP_FATE_DESTROYED;
      adm_strategy_remove_ship (self->strategy, plan->ship->ship, why, told);
    }
}

/* "readiness": a change of a ship's readiness (F-RDY-3 penalties; F-CRIT-16, F-CRIT-18 and
 * F-CRIT-19 losses). */

static gboolean
check_readiness (AdmState        *self,
                 const AdmEvent  *event,
                 Plan            *plan,
                 GError         **error)
{
  if (!need_ship (self, event, plan, error) ||
      !need_int (event, "delta", -100, 100, &plan->amount, error) ||
      !need_reason (event, "reason", FALSE, error))
    return FALSE;
  if (plan->amount == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a readiness change of 0 changes nothing"));
      return FALSE;
    }
  if (!need_ship_not_in_battle (self, event, plan, error))
    return FALSE;
  /* F-RDY-1: a readiness rating, 0 to 12 as the scenario's ships have it. */
  if (plan->ship->readiness + plan->amount < 0 || plan->ship->readiness + plan->amount > 12)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the readiness of “%s” would be %d; a readiness runs from 0 to 12 "
                     "(F-RDY-1)"), plan->ship->ship->name,
                   (int) (plan->ship->readiness + plan->amount));
      return FALSE;
    }
  return TRUE;
}

static void
apply_readiness (AdmState       *self,
                 const AdmEvent *event,
                 Plan           *plan)
{
  plan->ship->readiness += (int) plan->amount;
  if (adm_event_get (event, "reason") != NULL)
    {
      /* Translators: a formation's log: "the readiness of Prince Serg set to 7 by the
       * master" */
      g_autofree char *text = g_strdup_printf (_("the readiness of %s set to %d by the master"),
                                               plan->ship->ship->name, plan->ship->readiness);
      /* Translators: a formation's log as its admiral's papers tell it: "the readiness of
       * Prince Serg is now 7" */
      g_autofree char *told = g_strdup_printf (_("the readiness of %s is now %d"),
                                               plan->ship->ship->name, plan->ship->readiness);

      log_ship (self, plan->ship, text, told);
    }
}

/* "note": the master's free text, kept in the journal; one the portal journals for a phone's
 * post (a sheet handed in to wait for the master, a final mark) may carry the post's client
 * id, the phone's kind of id or none. */

static gboolean
check_note (AdmState        *self,
            const AdmEvent  *event,
            Plan            *plan,
            GError         **error)
{
  const char *client = adm_event_get (event, "client");

  if (client != NULL && !adm_strategy_client_is_valid (client))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the note’s client id is not %d to %d letters, digits, “-” or “_”"),
                   ADM_STRATEGY_CLIENT_MIN, ADM_STRATEGY_CLIENT_MAX);
      return FALSE;
    }
  return need_text (event, error);
}

static void
apply_note (AdmState       *self,
            const AdmEvent *event,
            Plan           *plan)
{
}

/* Battle results (adm-battle-result.h): what a battle of the campaign left of each ship, the
 * prize formations of captured ships, and the battle's end. They are journaled together as
 * one action when the master ends the battle: ships lost first, then the survivors (with the
 * flagships the battle left, F-FORM-5), the prizes, and last "battle-end". */

/* One writer per journal: the engagement @plan holds is not at another table ("table-assign"),
 * whose master alone fights its battle — nor handed to a second one. */
static gboolean
need_at_hand (AdmState        *self,
              const AdmEvent  *event,
              Plan            *plan,
              GError         **error)
{
  const AdmTableAssignment *at = adm_state_get_table (self, plan->engagement->id);

  if (at == NULL)
    return TRUE;
  /* F-STRAT-15, F-TAC-1: the table the engagement is at chooses its placements and re-rolls
   * its table before the first phase (adm_campaign_table_place ()): its "layout" and the
   * hand-off renewed with the set-up it is handed anew name that very hand-off. */
  if (g_strcmp0 (adm_event_get (event, "assignment"), at->id) == 0 &&
      (g_str_equal (adm_event_get_kind (event), "layout") ||
       (g_str_equal (adm_event_get_kind (event), "table-assign") &&
        g_strcmp0 (adm_event_get (event, "table"), at->table) == 0)))
    return TRUE;
  if (g_str_equal (adm_event_get_kind (event), "table-assign"))
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                 /* Translators: "engagement c1-2 is already at the table “Table 2”; take it
                  * back first" */
                 _("engagement %s is already at the table “%s”; take it back first"),
                 plan->engagement->id, at->table);
  else
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                 /* Translators: "engagement c1-2 is being fought at the table “Table 2”; take it
                  * back first" */
                 _("engagement %s is being fought at the table “%s”; take it back first"),
                 plan->engagement->id, at->table);
  return FALSE;
}

/* Whether @event's @key has more than white space, in at most @max characters (-1: any): a
 * reason the master gives, the name of a table. */
static gboolean
has_words (const AdmEvent *event,
           const char     *key,
           glong           max)
{
  const char *text = adm_event_get (event, key);
  g_autofree char *trimmed = text != NULL ? g_strstrip (g_strdup (text)) : NULL;

  return trimmed != NULL && *trimmed != '\0' && (max < 0 || g_utf8_strlen (trimmed, -1) <= max);
}

/* The engagement @event names, which must not be ended, nor wait for an earlier one. */
static gboolean
need_open_engagement (AdmState        *self,
                      const AdmEvent  *event,
                      Plan            *plan,
                      GError         **error)
{
  const char *id = adm_event_get (event, "engagement");

  plan->engagement = adm_engagement_queue_find (self, id, error);
  if (plan->engagement == NULL)
    return FALSE;
  if (plan->engagement->status == ADM_ENGAGEMENT_FINISHED)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the battle of engagement %s has already ended"), id);
      return FALSE;
    }
  if (plan->engagement->status == ADM_ENGAGEMENT_WAITING)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("engagement %s cannot end before %s, which one of its formations fights "
                     "earlier (F-STRAT-4)"), id, plan->engagement->waiting_for);
      return FALSE;
    }
  if (plan->engagement->by_master)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   /* Translators: "engagement c1-2 was dropped unfought: played at the club" */
                   _("engagement %s was dropped unfought: %s"), id, plan->engagement->dropped);
      return FALSE;
    }
  return TRUE;
}

static const AdmFaction *
lookup_faction (AdmState   *self,
                const char *id)
{
  GPtrArray *factions = adm_scenario_get_factions (self->scenario);

  for (guint i = 0; id != NULL && i < factions->len; i++)
    if (g_str_equal (((const AdmFaction *) g_ptr_array_index (factions, i))->id, id))
      return g_ptr_array_index (factions, i);
  return NULL;
}

/* "5 7 7": critical results (F-CRIT-20), 2..12, counted into @counts. */
static gboolean
read_criticals (const AdmEvent  *event,
                int             *counts,
                GError         **error)
{
  const char *text = adm_event_get (event, "criticals");
  g_autofree char *bad = NULL;

  if (text == NULL || adm_criticals_parse (text, counts, &bad))
    return TRUE;
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
               _("the “%s” event lists critical result “%s”; results are 2 to 12 "
                 "(F-CRIT-20), at most 100 of them"), adm_event_get_kind (event), bad);
  return FALSE;
}

static gboolean
check_ship_after_battle (AdmState        *self,
                         const AdmEvent  *event,
                         Plan            *plan,
                         GError         **error)
{
  const char *fate = adm_event_get (event, "fate");
  const AdmFormation *formation;
  int hull;

  if (!need_ship (self, event, plan, error) ||
      !need_open_engagement (self, event, plan, error))
    return FALSE;
  formation = adm_strategy_formation_of_ship (self->strategy, plan->ship->ship);
  if (plan->ship->fate != ADM_SHIP_FATE_AFLOAT || formation == NULL ||
      !g_ptr_array_find_with_equal_func (plan->engagement->formation_ids, formation->id,
                                         g_str_equal, NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("“%s” did not fight in engagement %s"), plan->ship->ship->name,
                   plan->engagement->id);
      return FALSE;
    }
  hull = plan->ship->ship->klass->hull;
  if (!need_int (event, "damage", 0, hull, &plan->damage, error) ||
      !need_int (event, "readiness", 0, 12, &plan->readiness, error) ||
      !read_criticals (event, plan->criticals, error))
    return FALSE;
  if (g_strcmp0 (fate, "afloat") == 0)
    plan->fate = ADM_SHIP_FATE_AFLOAT;
  else if (g_strcmp0 (fate, "destroyed") == 0)
    plan->fate = ADM_SHIP_FATE_DESTROYED;
  else if (g_strcmp0 (fate, "wreck") == 0)
    plan->fate = ADM_SHIP_FATE_WRECK;
  else if (g_strcmp0 (fate, "captured") == 0)
    {
      plan->fate = ADM_SHIP_FATE_AFLOAT;
      plan->faction = lookup_faction (self, adm_event_get (event, "captor"));
      if (plan->faction == NULL ||
          adm_scenario_factions_allied (self->scenario, plan->faction, plan->ship->faction))
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("“%s” is captured by “%s”, which is not an enemy faction of the "
                         "campaign"), plan->ship->ship->name,
                       adm_event_get (event, "captor") != NULL ? adm_event_get (event, "captor")
                                                               : "");
          return FALSE;
        }
    }
  else
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the fate of “%s” is “%s”; it must be afloat, destroyed, wreck or "
                     "captured"), plan->ship->ship->name, fate != NULL ? fate : "");
      return FALSE;
    }
  return TRUE;
}

static void
apply_ship_after_battle (AdmState       *self,
                         const AdmEvent *event,
                         Plan           *plan)
{
  AdmShipState *ship = plan->ship;

  ship->damage = (int) plan->damage;
  ship->readiness = (int) plan->readiness;
  memcpy (ship->criticals, plan->criticals, sizeof ship->criticals);
  ship->fate = plan->fate;
  if (plan->faction != NULL)
    ship->faction = plan->faction;
  if (plan->fate != ADM_SHIP_FATE_AFLOAT)
    {
      g_autofree char *place = adm_engagement_place_name (&plan->engagement->engagement);
      g_autofree char *why = plan->fate == ADM_SHIP_FATE_WRECK
                             /* Translators: a formation's log: "Prince Serg was left a wreck
                              * in the battle at Pol orbit" */
                             ? g_strdup_printf (_("%s was left a wreck in the battle at %s"),
                                                ship->ship->name, place)
                             : g_strdup_printf (_("%s was destroyed in the battle at %s"),
                                                ship->ship->name, place);

      ship->lost_in = g_strdup (plan->engagement->id);
      ship->wreck_place = plan->fate == ADM_SHIP_FATE_WRECK ? plan->engagement->engagement.sector
                                                            : NULL;
      adm_strategy_remove_ship (self->strategy, ship->ship, why, NULL);
    }
  else if (g_strcmp0 (adm_event_get (event, "flagship"), "true") == 0)
    adm_strategy_set_formation_flagship (self->strategy, ship->ship);
}

static gboolean
check_prize (AdmState        *self,
             const AdmEvent  *event,
             Plan            *plan,
             GError         **error)
{
  const char *id = adm_event_get (event, "formation");
  const char *name = adm_event_get (event, "name");
  g_auto(GStrv) words = NULL;

  if (!need_open_engagement (self, event, plan, error))
    return FALSE;
  plan->faction = lookup_faction (self, adm_event_get (event, "faction"));
  plan->sector = adm_scenario_lookup_sector (self->scenario, adm_event_get (event, "place"));
  if (id == NULL || name == NULL || *name == '\0' || plan->faction == NULL ||
      plan->sector == NULL || adm_strategy_formation_id_used (self->strategy, id))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a prize formation needs a new formation id, a name, the captor's faction "
                     "and a sector (“%s”)"), id != NULL ? id : "");
      return FALSE;
    }
  /* Ruling "prize-admiral": the admiral the battle's end named, of the captor's faction. */
  if (adm_event_get (event, "admiral") != NULL)
    {
      plan->admiral = adm_strategy_lookup_admiral (self->strategy,
                                                   adm_event_get (event, "admiral"));
      if (plan->admiral == NULL || plan->admiral->faction != plan->faction)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the prize formation “%s” names “%s”, who is no admiral of %s"), id,
                       adm_event_get (event, "admiral"), plan->faction->name);
          return FALSE;
        }
    }
  plan->ships = g_ptr_array_new ();
  words = g_strsplit (adm_event_get (event, "ships") != NULL ? adm_event_get (event, "ships") : "",
                      " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      AdmShipState *ship;

      if (words[i][0] == '\0')
        continue;
      ship = g_hash_table_lookup (self->ships, words[i]);
      if (ship == NULL || ship->fate != ADM_SHIP_FATE_AFLOAT || ship->faction != plan->faction ||
          adm_strategy_formation_of_ship (self->strategy, ship->ship) == NULL ||
          g_ptr_array_find (plan->ships, ship->ship, NULL) || plan->ships->len >= 100)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("“%s” is no ship captured by “%s”"), words[i], plan->faction->name);
          return FALSE;
        }
      g_ptr_array_add (plan->ships, (gpointer) ship->ship);
    }
  if (plan->ships->len == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the prize formation “%s” has no ships"), id);
      return FALSE;
    }
  return TRUE;
}

static void
apply_prize (AdmState       *self,
             const AdmEvent *event,
             Plan           *plan)
{
  adm_strategy_form_prize (self->strategy, adm_event_get (event, "formation"),
                           adm_event_get (event, "name"), plan->faction, plan->sector,
                           plan->admiral, plan->ships);
}

static gboolean
check_battle_end (AdmState        *self,
                  const AdmEvent  *event,
                  Plan            *plan,
                  GError         **error)
{
  if (!need_open_engagement (self, event, plan, error))
    return FALSE;
  return need_int (event, "turn", 0, 100000, &plan->damage, error);
}

static void
apply_battle_end (AdmState       *self,
                  const AdmEvent *event,
                  Plan           *plan)
{
  AdmBattleEnding *ending = g_new0 (AdmBattleEnding, 1);

  ending->engagement = g_strdup (plan->engagement->id);
  ending->cycle = plan->engagement->engagement.cycle;
  ending->turn = (int) plan->damage;
  ending->reason = g_strdup (adm_event_get (event, "reason"));
  ending->time = adm_event_get_time (event);
  g_ptr_array_add (self->endings, ending);
  adm_strategy_battle_ended (self->strategy, &plan->engagement->engagement);
}

/* "drop-engagement": the master drops an engagement not fought (F-STRAT-4 does not say that
 * every engagement is fought; the campaign moves on without it), with his reason: not fought
 * yet, or waiting for an earlier one; its battle, if one was begun, is not fought on. */
static gboolean
check_drop_engagement (AdmState        *self,
                       const AdmEvent  *event,
                       Plan            *plan,
                       GError         **error)
{
  const char *id = adm_event_get (event, "engagement");

  if (!has_words (event, "reason", -1))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("engagement %s is dropped without a reason; say why it is not fought"),
                   id != NULL ? id : "");
      return FALSE;
    }
  plan->engagement = adm_engagement_queue_find (self, id, error);
  if (plan->engagement == NULL)
    return FALSE;
  if (plan->engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT &&
      plan->engagement->status != ADM_ENGAGEMENT_WAITING)
    {
      g_autofree char *status = adm_queued_engagement_describe_status (plan->engagement);

      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   /* Translators: "engagement c1-2 cannot be dropped: Finished in turn 3,
                    * results applied" */
                   _("engagement %s cannot be dropped: %s"), id, status);
      return FALSE;
    }
  return TRUE;
}

static void
apply_drop_engagement (AdmState       *self,
                       const AdmEvent *event,
                       Plan           *plan)
{
  g_hash_table_insert (self->drops, g_strdup (plan->engagement->id),
                       g_strdup (adm_event_get (event, "reason")));
}

/* "repair": the master's repairs and refits between battles (ruling "strategic-repair": the
 * rules say nothing of repair on the strategic map, so there is only what the master
 * records, with his reason). */
static gboolean
check_repair (AdmState        *self,
              const AdmEvent  *event,
              Plan            *plan,
              GError         **error)
{
  const AdmRuling *ruling = adm_ruleset_lookup_ruling (adm_scenario_get_ruleset (self->scenario),
                                                       "strategic-repair");

  if (ruling != NULL && g_strcmp0 (ruling->value, "none") == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("this campaign's rulings allow no repairs between battles "
                     "(ruling “strategic-repair”)"));
      return FALSE;
    }
  if (!need_ship (self, event, plan, error) || !need_text (event, error) ||
      !need_reason (event, NULL, TRUE, error))
    return FALSE;
  if (plan->ship->fate == ADM_SHIP_FATE_REMOVED ||
      (plan->ship->fate != ADM_SHIP_FATE_AFLOAT && plan->ship->lost_in == NULL))
    return need_afloat (event, plan, error);
  if (plan->ship->fate != ADM_SHIP_FATE_AFLOAT)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("“%s” was lost in battle and cannot be repaired"), plan->ship->ship->name);
      return FALSE;
    }
  if (!need_ship_not_in_battle (self, event, plan, error))
    return FALSE;
  plan->damage = 0;
  plan->readiness = -1;
  if ((adm_event_get (event, "hull") != NULL &&
       !need_int (event, "hull", 0, plan->ship->damage, &plan->damage, error)) ||
      (adm_event_get (event, "readiness") != NULL &&
       !need_int (event, "readiness", 0, 12, &plan->readiness, error)) ||
      !read_criticals (event, plan->criticals, error))
    return FALSE;
  for (guint r = 0; r < ADM_STATE_CRITICAL_RESULTS; r++)
    if (plan->criticals[r] > plan->ship->criticals[r])
      {
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("“%s” has no critical result %u to repair"), plan->ship->ship->name, r);
        return FALSE;
      }
  if (plan->damage == 0 && plan->readiness < 0 && adm_event_get (event, "criticals") == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a repair of “%s” must restore hull points, repair criticals or set "
                     "readiness"), plan->ship->ship->name);
      return FALSE;
    }
  return TRUE;
}

static void
apply_repair (AdmState       *self,
              const AdmEvent *event,
              Plan           *plan)
{
  AdmRepairRecord *record = g_new0 (AdmRepairRecord, 1);

  plan->ship->damage -= (int) plan->damage;
  if (plan->readiness >= 0)
    plan->ship->readiness = (int) plan->readiness;
  record->criticals = g_array_new (FALSE, FALSE, sizeof (int));
  for (int r = 0; r < ADM_STATE_CRITICAL_RESULTS; r++)
    for (int n = 0; n < plan->criticals[r]; n++)
      {
        plan->ship->criticals[r]--;
        g_array_append_val (record->criticals, r);
      }
  record->cycle = adm_strategy_get_cycle (self->strategy);
  record->ship_id = g_strdup (plan->ship->ship->id);
  record->hull = (int) plan->damage;
  record->readiness = (int) plan->readiness;
  record->reason = g_strdup (adm_event_get_text (event));
  g_ptr_array_add (self->repairs, record);
  {
    int hull = plan->ship->ship->klass->hull;
    /* Translators: a formation's log: "Prince Serg repaired by the master: 2 hull points, 1
     * critical result(s), readiness 7 (12 of 12 hull points)"; the readiness part is "" when
     * it is unchanged */
    g_autofree char *set = record->readiness >= 0
                           ? g_strdup_printf (_(", readiness %d"), record->readiness)
                           : g_strdup ("");
    g_autofree char *text = g_strdup_printf (_("%s repaired by the master: %d hull points, %u "
                                               "critical result(s)%s (%d of %d hull points)"),
                                             plan->ship->ship->name, record->hull,
                                             record->criticals->len, set,
                                             hull - plan->ship->damage, hull);
    /* Translators: a formation's log as its admiral's papers tell it: "Prince Serg repaired:
     * 2 hull points, 1 critical result(s), readiness 7 (12 of 12 hull points)" */
    g_autofree char *told = g_strdup_printf (_("%s repaired: %d hull points, %u critical "
                                               "result(s)%s (%d of %d hull points)"),
                                             plan->ship->ship->name, record->hull,
                                             record->criticals->len, set,
                                             hull - plan->ship->damage, hull);

    log_ship (self, plan->ship, text, told);
  }
}

/* "placement": the master places a formation of an engagement otherwise than its orders
 * would (F-STRAT-15), before the battle is set up; reports say so. */
static gboolean
check_placement (AdmState        *self,
                 const AdmEvent  *event,
                 Plan            *plan,
                 GError         **error)
{
  const char *formation = adm_event_get (event, "formation");
  const char *placement = adm_event_get (event, "placement");

  if (!need_open_engagement (self, event, plan, error))
    return FALSE;
  if (formation == NULL ||
      !g_ptr_array_find_with_equal_func (plan->engagement->formation_ids, formation,
                                         g_str_equal, NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the formation “%s” is not in engagement %s"),
                   formation != NULL ? formation : "", plan->engagement->id);
      return FALSE;
    }
  if (placement == NULL ||
      adm_ruleset_lookup_placement (adm_scenario_get_ruleset (self->scenario), placement) == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no placement “%s” in the ruleset"),
                   placement != NULL ? placement : "");
      return FALSE;
    }
  return TRUE;
}

/* The key of the placement chosen for @formation_id in the engagement of @cycle at @minute:
 * the same text in every locale ("1 20.0 jade-squadron"). */
static char *
placement_key (guint       cycle,
               double      minute,
               const char *formation_id)
{
  char at[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (at, sizeof at, "%.1f", minute);
  return g_strdup_printf ("%u %s %s", cycle, at, formation_id);
}

static void
apply_placement (AdmState       *self,
                 const AdmEvent *event,
                 Plan           *plan)
{
  const AdmPlacement *placement = adm_ruleset_lookup_placement (
    adm_scenario_get_ruleset (self->scenario), adm_event_get (event, "placement"));

  g_hash_table_insert (self->chosen,
                       placement_key (plan->engagement->engagement.cycle,
                                      plan->engagement->engagement.minute,
                                      adm_event_get (event, "formation")),
                       (gpointer) placement->id);
}

/* "layout": the master re-rolls the table of an engagement (F-TAC-1) before its battle
 * begins, with the seed the event carries; the set-up follows the last one. Whether the
 * battle has begun is the campaign's to say (adm_campaign_reroll_layout ()): the journal
 * keeps what the master did before it. */
static gboolean
check_layout (AdmState        *self,
              const AdmEvent  *event,
              Plan            *plan,
              GError         **error)
{
  const char *seed = adm_event_get (event, "seed");
  guint64 value = 0;

  if (!need_open_engagement (self, event, plan, error) ||
      !need_at_hand (self, event, plan, error))
    return FALSE;
  if (seed == NULL || !g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT32, &value, NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a table's layout seed is a whole number from 0 to %u, not “%s”"),
                   G_MAXUINT32, seed != NULL ? seed : "");
      return FALSE;
    }
  plan->amount = (gint64) value;
  return TRUE;
}

static void
apply_layout (AdmState       *self,
              const AdmEvent *event,
              Plan           *plan)
{
  guint32 *seed = g_new (guint32, 1);

  *seed = (guint32) plan->amount;
  g_hash_table_insert (self->layouts,
                       adm_engagement_layout_key (&plan->engagement->engagement), seed);
}

/* The longest name of a table ("Table 2", "Miles's kitchen"); a name is a label, not a text. */
#define TABLE_NAME_MAX 80

/* Whether @text is a SHA-256 as GLib writes it: 64 lower-case hex digits. */
static gboolean
is_sha256 (const char *text)
{
  gsize n = 0;

  while (g_ascii_isxdigit (text[n]) && !g_ascii_isupper (text[n]))
    n++;
  return n == 64 && text[n] == '\0';
}

/* "table-assign": the chief master hands engagement @engagement to the table @table to fight
 * (several masters, one campaign); @assignment names the hand-off, which every entry coming
 * back from that table carries, and @setup, when given, is the SHA-256 of the battle handed
 * out, which the table's first entries are checked against; @dice is the hand-off's dice
 * policy: "program" (the program's dice only, which the chief commits to) or "typed" (real
 * dice may be typed in, each shown as typed at that table). While it is there, its battle has one writer, the table: the
 * campaign keeps none of the chief's own entries for it (adm_campaign_keep_battle ()). */
static gboolean
check_table_assign (AdmState        *self,
                    const AdmEvent  *event,
                    Plan            *plan,
                    GError         **error)
{
  const char *assignment = adm_event_get (event, "assignment");
  const char *setup = adm_event_get (event, "setup");
  const char *dice = adm_event_get (event, "dice");

  if (!need_open_engagement (self, event, plan, error))
    return FALSE;
  if (!has_words (event, "table", TABLE_NAME_MAX))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("engagement %s is handed to a table without a name; name the table in "
                     "at most %d characters"), plan->engagement->id, TABLE_NAME_MAX);
      return FALSE;
    }
  if (assignment == NULL || *assignment == '\0' ||
      g_hash_table_contains (self->taken_back, assignment))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("engagement %s is handed to a table without a new assignment id"),
                   plan->engagement->id);
      return FALSE;
    }
  if (dice != NULL && !g_str_equal (dice, "program") && !g_str_equal (dice, "typed"))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the dice of engagement %s handed to a table are “program” or “typed”, "
                     "not “%s”"), plan->engagement->id, dice);
      return FALSE;
    }
  if (setup != NULL && !is_sha256 (setup))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the set-up of engagement %s handed to a table is kept as 64 lower-case "
                     "hex digits, not “%s”"), plan->engagement->id, setup);
      return FALSE;
    }
  return need_at_hand (self, event, plan, error);
}

static void
apply_table_assign (AdmState       *self,
                    const AdmEvent *event,
                    Plan           *plan)
{
  AdmTableAssignment *assignment = g_new0 (AdmTableAssignment, 1);

  assignment->engagement = g_strdup (plan->engagement->id);
  assignment->table = g_strstrip (g_strdup (adm_event_get (event, "table")));
  assignment->id = g_strdup (adm_event_get (event, "assignment"));
  assignment->setup = g_strdup (adm_event_get (event, "setup"));
  /* A hand-off journaled before the dice policy let the table type real dice in. */
  assignment->typed_dice = g_strcmp0 (adm_event_get (event, "dice"), "program") != 0;
  g_hash_table_replace (self->tables, assignment->engagement, assignment);
}

/* "table-take-back": the chief master takes back an engagement from its table, with his
 * reason; the table's later entries are refused, naming it. */
static gboolean
check_table_take_back (AdmState        *self,
                       const AdmEvent  *event,
                       Plan            *plan,
                       GError         **error)
{
  const char *id = adm_event_get (event, "engagement");
  const AdmTableAssignment *current = adm_state_get_table (self, id);

  if (current == NULL ||
      g_strcmp0 (adm_event_get (event, "assignment"), current->id) != 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("engagement %s is not at a table: there is nothing to take back"),
                   id != NULL ? id : "");
      return FALSE;
    }
  if (!has_words (event, "reason", -1))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("engagement %s is taken back from the table “%s” without a reason; say "
                     "why"), id, current->table);
      return FALSE;
    }
  return TRUE;
}

static void
apply_table_take_back (AdmState       *self,
                       const AdmEvent *event,
                       Plan           *plan)
{
  const char *id = adm_event_get (event, "engagement");
  const AdmTableAssignment *current = adm_state_get_table (self, id);

  g_hash_table_replace (self->taken_back, g_strdup (current->id),
                        g_strdup (adm_event_get (event, "reason")));
  g_hash_table_remove (self->tables, current->engagement);
}

/* "sighting": what a side detected in a battle becomes what it knows (F-ECM-2): one per side
 * and hidden enemy formation on the table, journaled with the battle's end. */
static gboolean
check_sighting (AdmState        *self,
                const AdmEvent  *event,
                Plan            *plan,
                GError         **error)
{
  const AdmFormation *formation;
  const char *detected = adm_event_get (event, "detected");

  if (!need_open_engagement (self, event, plan, error))
    return FALSE;
  formation = adm_strategy_lookup_formation (self->strategy, adm_event_get (event, "formation"));
  plan->faction = lookup_faction (self, adm_event_get (event, "faction"));
  if (formation == NULL || plan->faction == NULL ||
      adm_scenario_factions_allied (self->scenario, plan->faction, formation->faction) ||
      (g_strcmp0 (detected, "true") != 0 && g_strcmp0 (detected, "false") != 0) ||
      !g_ptr_array_find_with_equal_func (plan->engagement->formation_ids, formation->id,
                                         g_str_equal, NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a sighting names an enemy formation of engagement %s, the faction that "
                     "looked for it and whether it was detected (“%s”)"),
                   plan->engagement->id,
                   adm_event_get (event, "formation") != NULL ? adm_event_get (event, "formation")
                                                              : "");
      return FALSE;
    }
  return need_int (event, "ships", 0, 100, &plan->damage, error);
}

static void
apply_sighting (AdmState       *self,
                const AdmEvent *event,
                Plan           *plan)
{
  adm_strategy_battle_sighting (self->strategy,
                                adm_strategy_lookup_formation (self->strategy,
                                                               adm_event_get (event, "formation")),
                                plan->faction,
                                g_str_equal (adm_event_get (event, "detected"), "true"),
                                (guint) plan->damage);
}

/* "dice-commit": the commitment to a battle's program dice, journaled before its first program
 * roll from it (adm-dice-ledger.h): `engagement`, `commitment` (SHA-256 of the secret, hex)
 * and `from`, the first roll it covers; `assignment` when the set-up handed to a table carries
 * the secret (the hand-off the engagement is at). "dice-reveal": the secret, when the battle
 * ends; refused unless it is the commitment's. Neither changes the state: they are read from
 * the journal by whoever checks the dice. */

static gboolean
need_dice_hex (const AdmEvent  *event,
               const char      *key,
               GError         **error)
{
  if (adm_dice_hex_is_valid (adm_event_get (event, key)))
    return TRUE;
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
               _("the “%s” event needs “%s” to be %d lowercase hexadecimal digits"),
               adm_event_get_kind (event), key, ADM_DICE_HEX_LENGTH);
  return FALSE;
}

static gboolean
check_dice_commit (AdmState        *self,
                   const AdmEvent  *event,
                   Plan            *plan,
                   GError         **error)
{
  gint64 from;
  const AdmTableAssignment *at;

  if (!need_open_engagement (self, event, plan, error))
    return FALSE;
  /* At a table, the dice its set-up carries are committed to by the chief, naming the
   * hand-off (adm_campaign_table_dice_commit ()); his own are refused there. */
  at = adm_state_get_table (self, plan->engagement->id);
  if ((at == NULL || g_strcmp0 (adm_event_get (event, "assignment"), at->id) != 0) &&
      !need_at_hand (self, event, plan, error))
    return FALSE;
  if (at == NULL && adm_event_get (event, "assignment") != NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the dice of engagement %s are committed to for a table it is not at"),
                   plan->engagement->id);
      return FALSE;
    }
  return need_dice_hex (event, "commitment", error) &&
         need_int (event, "from", 1, G_MAXINT, &from, error);
}

static gboolean
check_dice_reveal (AdmState        *self,
                   const AdmEvent  *event,
                   Plan            *plan,
                   GError         **error)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  g_autofree char *commitment = NULL;

  if (!need_open_engagement (self, event, plan, error) ||
      !need_dice_hex (event, "commitment", error) || !need_dice_hex (event, "secret", error))
    return FALSE;
  adm_dice_secret_from_hex (adm_event_get (event, "secret"), secret);
  commitment = adm_dice_commitment_of (secret);
  if (g_str_equal (commitment, adm_event_get (event, "commitment")))
    return TRUE;
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
               _("the dice secret revealed for engagement %s is not the one committed to"),
               adm_event_get (event, "engagement"));
  return FALSE;
}

static void
apply_dice_event (AdmState       *self,
                  const AdmEvent *event,
                  Plan           *plan)
{
}

/* "dice-contribution": a side's contribution to the program dice of a phase, given once its
 * declarations are locked and before its first roll (adm-dice-contribution.h, F-STRAT-4):
 * `engagement`, `from` (the phase's first roll), `turn`, `phase` (its id), `side` (a faction
 * id), `by` ("side", or "master" when the master threw for an absent side, ruling
 * "dice-contribution-missing"), and either `dice`, the 2d6 thrown in front of every side and
 * typed ("3 5"), or `commit`, the SHA-256 of a phone's tap, shown later by
 * "dice-contribution-reveal" (`engagement`, `from`, `side`, `nonce`). A phone commits before
 * any contribution of its phase is shown, so that the last to give cannot choose by the
 * others'; each side gives once a phase. An optional `declarations`, the digest of the phase's
 * locked declarations (adm_declarations_digest ()), binds them: every side's contribution to
 * the phase names the same, and the phase is kept only with those declarations
 * (adm_campaign_check_declarations ()), so that they cannot be reordered to suit the dice. */

static char *
contribution_key (const AdmEvent *event,
                  gboolean        with_side)
{
  /* A phase that rolls no dice leaves the next one the same first roll: a phase is told by
   * its turn and id too. */
  return g_strdup_printf ("%s\n%s\n%s\n%s%s%s", adm_event_get (event, "engagement"),
                          adm_event_get (event, "from"), adm_event_get (event, "turn"),
                          adm_event_get (event, "phase"), with_side ? "\n" : "",
                          with_side ? adm_event_get (event, "side") : "");
}

/* A contribution only to the phase about to be rolled: not to one whose dice are rolled (or
 * whose battle is over, or at another table), nor to one before a phase contributed to. So is
 * an ask of a phase's dice ("dice-ask"), said in words of its own. A battle at another table
 * takes the sides' dice typed there with its entries, naming the hand-off; what the chief
 * keeps of it lags the table, so their phase is not checked here (the rolls, checked against
 * the commitment with them mixed in, tell whether they were given in time). That table's ask,
 * and the phones' taps for the phase it asked, are checked against the battle the chief
 * keeps: the table asks once the chief holds every entry before the phase. */
static gboolean
need_phase_open (AdmState        *self,
                 const AdmEvent  *event,
                 Plan            *plan,
                 gint64          *from,
                 GError         **error)
{
  const char *engagement = adm_event_get (event, "engagement");
  const char *kind = adm_event_get_kind (event);
  gboolean asks = g_str_equal (kind, "dice-ask");
  /* A phone's commit or tap, or the ask itself: not typed dice. */
  gboolean tapped = asks || g_str_equal (kind, "dice-contribution-reveal") ||
                    (g_str_equal (kind, "dice-contribution") && adm_event_get (event, "dice") == NULL);
  const AdmTableAssignment *at = NULL;
  gboolean at_table;
  guint next_roll = 1;
  int turn = 1;
  g_autofree char *phase = NULL;
  g_auto(GStrv) sides = NULL;

  if (!need_open_engagement (self, event, plan, error))
    return FALSE;
  at = adm_state_get_table (self, plan->engagement->id);
  at_table = at != NULL && g_strcmp0 (adm_event_get (event, "assignment"), at->id) == 0;
  if (at != NULL && !at_table && adm_event_get (event, "assignment") != NULL)
    {
      if (asks)
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     /* Translators: "the dice of engagement c1-3 are asked by the table it is
                      * at now, “Table 2”: this ask names another hand-off" */
                     _("the dice of engagement %s are asked by the table it is at now, “%s”: "
                       "this ask names another hand-off"), plan->engagement->id, at->table);
      else
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("engagement %s is being fought at the table “%s”; take it back first"),
                     plan->engagement->id, at->table);
      return FALSE;
    }
  if (at == NULL && adm_event_get (event, "assignment") != NULL && asks)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the dice of engagement %s are asked by a table it is not at: it is "
                     "fought at the chief’s own table"), plan->engagement->id);
      return FALSE;
    }
  if ((!at_table && !need_at_hand (self, event, plan, error)) ||
      !need_int (event, "from", 1, G_MAXINT, from, error))
    return FALSE;
  if (*from < GPOINTER_TO_UINT (g_hash_table_lookup (self->last_from, engagement)))
    {
      if (asks)
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("the dice of engagement %s are asked for the phase from roll %d too "
                       "late: a later phase has been contributed to"), engagement, (int) *from);
      else
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("the dice contributions for engagement %s from roll %d come too late: a "
                       "later phase has been contributed to"), engagement, (int) *from);
      return FALSE;
    }
  /* A phone's tap for a battle at another table: only for the phase that table asked. */
  if (at_table && tapped && !asks)
    {
      g_autofree char *phase_key = contribution_key (event, FALSE);

      if (g_strcmp0 (g_hash_table_lookup (self->table_asked, phase_key), at->id) != 0)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                       _("the table “%s” has not asked the dice of this phase of engagement "
                         "%s: a phone taps for a phase its table asked"), at->table,
                       engagement);
          return FALSE;
        }
    }
  if ((at_table && !tapped) || self->replaying || self->phase_func == NULL ||
      !self->phase_func (self, engagement, &next_roll, &turn, &phase, &sides, self->phase_data))
    return TRUE;
  if ((guint) *from != next_roll)
    {
      if ((guint) *from < next_roll && asks)
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("the phase of engagement %s whose dice begin at roll %d is rolled "
                       "already: dice are asked for the phase about to be rolled (its first "
                       "roll is %u)"), engagement, (int) *from, next_roll);
      else if (asks)
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("no phase of engagement %s about to be rolled begins at roll %d: dice "
                       "are asked for the phase about to be rolled (its first roll is %u)"),
                     engagement, (int) *from, next_roll);
      else if ((guint) *from < next_roll)
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("the phase of engagement %s whose dice begin at roll %d is rolled "
                       "already: a contribution is given to the phase about to be rolled (its "
                       "first roll is %u)"), engagement, (int) *from, next_roll);
      else
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("no phase of engagement %s about to be rolled begins at roll %d: a "
                       "contribution is given to the phase about to be rolled (its first roll "
                       "is %u)"), engagement, (int) *from, next_roll);
      return FALSE;
    }
  if (adm_event_get (event, "side") != NULL && sides != NULL &&
      !g_strv_contains ((const char * const *) sides, adm_event_get (event, "side")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("“%s” is no side of the battle of engagement %s"),
                   adm_event_get (event, "side"), engagement);
      return FALSE;
    }
  if ((g_strcmp0 (adm_event_get (event, "phase"), phase) != 0 ||
       g_strcmp0 (adm_event_get (event, "turn"), NULL) == 0 ||
       g_ascii_strtoll (adm_event_get (event, "turn"), NULL, 10) != (gint64) turn))
    {
      if (asks)
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     /* Translators: "the battle of engagement c1-3 is at turn 2, phase “fire”:
                      * its dice are asked for that phase, not for turn 3, phase “movement”" */
                     _("the battle of engagement %s is at turn %d, phase “%s”: its dice are "
                       "asked for that phase, not for turn %s, phase “%s”"), engagement, turn,
                     phase, adm_event_get (event, "turn"), adm_event_get (event, "phase"));
      else
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("the battle of engagement %s is at turn %d, phase “%s”: a contribution "
                       "for turn %s, phase “%s” is not for the phase about to be rolled"),
                     engagement, turn, phase, adm_event_get (event, "turn"),
                     adm_event_get (event, "phase"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_dice_contribution (AdmState        *self,
                         const AdmEvent  *event,
                         Plan            *plan,
                         GError         **error)
{
  const char *side = adm_event_get (event, "side");
  const char *by = adm_event_get (event, "by");
  const char *dice = adm_event_get (event, "dice");
  g_autofree char *key = NULL, *phase_key = NULL;
  const char *before, *declared;
  gint64 from, turn;

  if (!need_phase_open (self, event, plan, &from, error) ||
      !need_int (event, "turn", 1, 100000, &turn, error))
    return FALSE;
  if (adm_event_get (event, "phase") == NULL ||
      !adm_dice_phase_id_is_valid (adm_event_get (event, "phase")) ||
      lookup_faction (self, side) == NULL ||
      (by != NULL && !g_str_equal (by, "side") && !g_str_equal (by, "master")) ||
      (dice == NULL) == (adm_event_get (event, "commit") == NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “dice-contribution” event needs a phase, a side of the scenario, "
                     "“by” the side or the master, and either the dice typed or a phone’s "
                     "commitment"));
      return FALSE;
    }
  if (dice != NULL && !adm_dice_contribution_parse (dice, NULL, error))
    return FALSE;
  if (dice == NULL && !need_dice_hex (event, "commit", error))
    return FALSE;
  if (adm_event_get (event, "declarations") != NULL &&
      !adm_dice_hex_is_valid (adm_event_get (event, "declarations")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “declarations” of a “dice-contribution” event are not the 64 "
                     "lowercase hexadecimal digits of a SHA-256 digest"));
      return FALSE;
    }
  key = contribution_key (event, TRUE);
  phase_key = contribution_key (event, FALSE);
  declared = g_hash_table_lookup (self->declared, phase_key);
  if (declared != NULL && adm_event_get (event, "declarations") != NULL &&
      !g_str_equal (declared, adm_event_get (event, "declarations")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the dice contribution of %s names other declarations than those locked "
                     "for this phase of engagement %s when the first side gave its dice"),
                   lookup_faction (self, side)->name, adm_event_get (event, "engagement"));
      return FALSE;
    }
  before = g_hash_table_lookup (self->contributed, key);
  /* A side whose phone committed but never showed its tap may have the master throw for it;
   * any other second contribution is refused. */
  if (before != NULL && !(adm_dice_hex_is_valid (before) && dice != NULL &&
                          g_strcmp0 (by, "master") == 0))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("%s has given its dice contribution for this phase of engagement %s "
                     "already: each side gives one a phase"), lookup_faction (self, side)->name,
                   adm_event_get (event, "engagement"));
      return FALSE;
    }
  if (dice == NULL && g_hash_table_contains (self->shown, phase_key))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("a phone’s dice contribution commits before any contribution of its "
                     "phase is shown; this phase of engagement %s has one shown already: "
                     "throw 2d6 instead"), adm_event_get (event, "engagement"));
      return FALSE;
    }
  return TRUE;
}

/* "dice-ask": the master's app asked the sides' dice for the phase about to be rolled, its
 * declarations locked (adm_campaign_ask_dice (), F-STRAT-4): `engagement`, `from`, `turn`,
 * `phase` as a contribution names its phase, and `declarations`, their digest. The phones
 * offer their tap for that phase, bound to them. Refused for a phase not about to be rolled
 * (as a contribution), and with other declarations than those the phase's dice were given for.
 * It changes no state. */
static gboolean
check_dice_ask (AdmState        *self,
                const AdmEvent  *event,
                Plan            *plan,
                GError         **error)
{
  g_autofree char *phase_key = NULL;
  const char *declared;
  gint64 from, turn;

  if (!need_phase_open (self, event, plan, &from, error) ||
      !need_int (event, "turn", 1, 100000, &turn, error) ||
      !need_dice_hex (event, "declarations", error))
    return FALSE;
  if (!adm_dice_phase_id_is_valid (adm_event_get (event, "phase")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “dice-ask” event needs the id of a phase"));
      return FALSE;
    }
  phase_key = contribution_key (event, FALSE);
  declared = g_hash_table_lookup (self->declared, phase_key);
  if (declared != NULL && !g_str_equal (declared, adm_event_get (event, "declarations")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the dice of this phase of engagement %s were given for other "
                     "declarations: its sides' dice are asked with those they were given "
                     "for"), adm_event_get (event, "engagement"));
      return FALSE;
    }
  return TRUE;
}

static void
apply_dice_ask (AdmState       *self,
                const AdmEvent *event,
                Plan           *plan)
{
  if (adm_event_get (event, "assignment") != NULL)
    g_hash_table_replace (self->table_asked, contribution_key (event, FALSE),
                          g_strdup (adm_event_get (event, "assignment")));
}

static void
apply_dice_contribution (AdmState       *self,
                         const AdmEvent *event,
                         Plan           *plan)
{
  const char *dice = adm_event_get (event, "dice");
  gint64 from = g_ascii_strtoll (adm_event_get (event, "from"), NULL, 10);

  g_hash_table_replace (self->contributed, contribution_key (event, TRUE),
                        g_strdup (dice == NULL ? adm_event_get (event, "commit")
                                  : g_strcmp0 (adm_event_get (event, "by"), "master") == 0
                                  ? "master" : "dice"));
  if (dice != NULL)
    g_hash_table_add (self->shown, contribution_key (event, FALSE));
  if (adm_event_get (event, "declarations") != NULL)
    {
      char *phase_key = contribution_key (event, FALSE);

      if (g_hash_table_contains (self->declared, phase_key))
        g_free (phase_key);
      else
        g_hash_table_insert (self->declared, phase_key,
                             g_strdup (adm_event_get (event, "declarations")));
    }
  g_hash_table_replace (self->last_from, g_strdup (adm_event_get (event, "engagement")),
                        GUINT_TO_POINTER ((guint) from));
}

static gboolean
check_dice_contribution_reveal (AdmState        *self,
                                const AdmEvent  *event,
                                Plan            *plan,
                                GError         **error)
{
  g_autofree char *key = NULL;
  g_autofree char *hash = NULL;
  guint8 nonce[ADM_DICE_SECRET_LENGTH];
  const char *commit;
  gint64 from;

  if (!need_phase_open (self, event, plan, &from, error) || !need_dice_hex (event, "nonce", error))
    return FALSE;
  if (!adm_dice_phase_id_is_valid (adm_event_get (event, "phase")))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “dice-contribution-reveal” event needs the turn and phase it shows a "
                     "tap for"));
      return FALSE;
    }
  key = contribution_key (event, TRUE);
  commit = g_hash_table_lookup (self->contributed, key);
  if (commit == NULL || !adm_dice_hex_is_valid (commit))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("no phone of “%s” committed to a dice contribution for this phase of "
                     "engagement %s that is still to be shown"),
                   adm_event_get (event, "side"), adm_event_get (event, "engagement"));
      return FALSE;
    }
  adm_dice_secret_from_hex (adm_event_get (event, "nonce"), nonce);
  hash = adm_dice_commitment_of (nonce);
  if (!g_str_equal (hash, commit))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the tap a phone of “%s” shows for engagement %s is not the one it "
                     "committed to"), adm_event_get (event, "side"),
                   adm_event_get (event, "engagement"));
      return FALSE;
    }
  return TRUE;
}

static void
apply_dice_contribution_reveal (AdmState       *self,
                                const AdmEvent *event,
                                Plan           *plan)
{
  g_hash_table_replace (self->contributed, contribution_key (event, TRUE), g_strdup ("shown"));
  g_hash_table_add (self->shown, contribution_key (event, FALSE));
}

/* The master's corrections: what the story changes outside the rules, each with his reason
 * ("reason"). "damage", "readiness", "repair", "assign" and "reveal" serve them too. */

/* "remove-ship": a ship leaves the campaign — sold, scuttled, lost to the story. It leaves its
 * formation as a ship lost in battle does (F-FORM-5 succession; a formation left with none is
 * no more, F-FORM-3). */
static gboolean
check_remove_ship (AdmState        *self,
                   const AdmEvent  *event,
                   Plan            *plan,
                   GError         **error)
{
  return need_ship (self, event, plan, error) && need_afloat (event, plan, error) &&
         need_reason (event, "reason", TRUE, error) &&
         need_ship_not_in_battle (self, event, plan, error);
}

static void
apply_remove_ship (AdmState       *self,
                   const AdmEvent *event,
                   Plan           *plan)
{
  /* Translators: a formation's log: "Prince Serg was taken out of the campaign by the
   * master" */
  g_autofree char *why = g_strdup_printf (_("%s was taken out of the campaign by the master"),
                                          plan->ship->ship->name);
  /* Translators: a formation's log as its admiral's papers tell it: "Prince Serg was
   * detached from the fleet" */
  g_autofree char *told = g_strdup_printf (_("%s was detached from the fleet"),
                                           plan->ship->ship->name);

  plan->ship->fate = ADM_SHIP_FATE_REMOVED;
  adm_strategy_remove_ship (self->strategy, plan->ship->ship, why, told);
}

/* "hand-over": a ship handed to another formation of its side (adm-strategy-corrections.c). */
static gboolean
check_hand_over (AdmState        *self,
                 const AdmEvent  *event,
                 Plan            *plan,
                 GError         **error)
{
  const AdmFormation *joins;

  if (!need_ship (self, event, plan, error) || !need_afloat (event, plan, error) ||
      !need_reason (event, "reason", TRUE, error) ||
      !adm_strategy_check_hand_over (self->strategy, plan->ship->ship, event, error))
    return FALSE;
  /* Neither the formation it leaves nor the one it joins may be fighting (F-STRAT-4). */
  joins = adm_strategy_lookup_formation (self->strategy, adm_event_get (event, "formation"));
  return need_ship_not_in_battle (self, event, plan, error) &&
         need_not_in_battle (self, event, joins, joins != NULL ? joins->name : "", error);
}

static void
apply_hand_over (AdmState       *self,
                 const AdmEvent *event,
                 Plan           *plan)
{
  adm_strategy_apply_hand_over (self->strategy, plan->ship->ship, event);
}

/* "relocate": a formation put in another sector by fiat (adm-strategy-corrections.c). */
static gboolean
check_relocate (AdmState        *self,
                const AdmEvent  *event,
                Plan            *plan,
                GError         **error)
{
  const AdmFormation *formation;

  if (!adm_strategy_check_relocate (self->strategy, event, error) ||
      !need_reason (event, "reason", TRUE, error))
    return FALSE;
  formation = adm_strategy_lookup_formation (self->strategy, adm_event_get (event, "formation"));
  return need_not_in_battle (self, event, formation,
                             formation != NULL ? formation->name : "", error);
}

static void
apply_relocate (AdmState       *self,
                const AdmEvent *event,
                Plan           *plan)
{
  adm_strategy_apply_relocate (self->strategy, event);
}

/* Whether @text is an id as the files have them: [a-z0-9-], at most 80 characters. */
static gboolean
is_id (const char *text)
{
  gsize n = 0;

  if (text == NULL)
    return FALSE;
  for (; text[n] != '\0'; n++)
    if (!g_ascii_islower (text[n]) && !g_ascii_isdigit (text[n]) && text[n] != '-')
      return FALSE;
  return n > 0 && n <= 80;
}

/* "new-ship": a ship the master adds — a reinforcement, of the season's classes — to a
 * formation in being ("formation"), or waiting for the "new-formation" of its action, of
 * "faction" (adm_strategy_check_new_ship ()). */
static gboolean
check_new_ship (AdmState        *self,
                const AdmEvent  *event,
                Plan            *plan,
                GError         **error)
{
  const char *id = adm_event_get (event, "ship");
  const char *name = adm_event_get (event, "name");
  const char *class_id = adm_event_get (event, "class");
  const char *formation_id = adm_event_get (event, "formation");
  const AdmFormation *formation = NULL;
  AdmShip ship = { 0, };

  if (!is_id (id))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a new ship needs an id of lower-case letters, digits and dashes, not "
                     "“%s”"), id != NULL ? id : "");
      return FALSE;
    }
  if (name == NULL || !has_words (event, "name", 80))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the new ship “%s” needs a name of at most 80 characters"), id);
      return FALSE;
    }
  ship.id = (char *) id;
  ship.name = (char *) name;
  ship.klass = class_id != NULL ? adm_ruleset_lookup_class (adm_scenario_get_ruleset (self->scenario),
                                                            class_id) : NULL;
  if (ship.klass == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the new ship “%s” names unknown class “%s” (not in the season’s classes)"),
                   name, class_id != NULL ? class_id : "");
      return FALSE;
    }
  if (!need_int (event, "readiness", 0, 12, &plan->readiness, error) ||
      !need_reason (event, "reason", TRUE, error))
    return FALSE;
  if (formation_id != NULL)
    {
      formation = adm_strategy_lookup_formation (self->strategy, formation_id);
      if (formation == NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the “%s” correction names unknown formation “%s”"), "new-ship",
                       formation_id);
          return FALSE;
        }
      ship.faction = formation->faction;
    }
  else
    {
      ship.faction = lookup_faction (self, adm_event_get (event, "faction"));
      if (ship.faction == NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the new ship “%s” names no formation and no faction of the campaign"),
                       name);
          return FALSE;
        }
    }
  plan->faction = ship.faction;
  return adm_strategy_check_new_ship (self->strategy, &ship, formation_id, error) &&
         need_not_in_battle (self, event, formation, formation != NULL ? formation->name : "",
                             error);
}

static void
apply_new_ship (AdmState       *self,
                const AdmEvent *event,
                Plan           *plan)
{
  const AdmShipClass *klass = adm_ruleset_lookup_class (adm_scenario_get_ruleset (self->scenario),
                                                        adm_event_get (event, "class"));
  const AdmShip *ship = adm_strategy_add_ship (self->strategy, adm_event_get (event, "ship"),
                                               adm_event_get (event, "name"), klass,
                                               plan->faction, (int) plan->readiness,
                                               adm_event_get (event, "formation"));
  AdmShipState *state = g_new0 (AdmShipState, 1);

  state->ship = ship;
  state->readiness = ship->readiness;
  state->faction = ship->faction;
  g_hash_table_insert (self->ships, ship->id, state);
}

/* "new-formation": the new ships of its action form a formation (adm-strategy-corrections.c). */
static gboolean
check_new_formation (AdmState        *self,
                     const AdmEvent  *event,
                     Plan            *plan,
                     GError         **error)
{
  return adm_strategy_check_new_formation (self->strategy, event, error) &&
         need_reason (event, "reason", TRUE, error);
}

static void
apply_new_formation (AdmState       *self,
                     const AdmEvent *event,
                     Plan           *plan)
{
  adm_strategy_apply_new_formation (self->strategy, event);
}

/* "retire-admiral": an admiral leaves the game (adm-strategy-corrections.c). */
static gboolean
check_retire_admiral (AdmState        *self,
                      const AdmEvent  *event,
                      Plan            *plan,
                      GError         **error)
{
  return adm_strategy_check_retire_admiral (self->strategy, event, error) &&
         need_reason (event, "reason", TRUE, error);
}

static void
apply_retire_admiral (AdmState       *self,
                      const AdmEvent *event,
                      Plan           *plan)
{
  adm_strategy_apply_retire_admiral (self->strategy, event);
}

/* "station": the master records what the story made of a sector's station — its owner after
 * a capture ("owner", a faction of the campaign), the hull points it has lost ("damage", 0 to
 * its class's hull), or its destruction ("destroyed"); a station that is a named mark only
 * (no class) can only be destroyed. Later battles in the sector set it up so. */
static const AdmSectorObject *
station_object (AdmState   *self,
                const char *sector_id,
                const char *name)
{
  const AdmSector *sector = adm_scenario_lookup_sector (self->scenario, sector_id);

  for (guint i = 0; sector != NULL && name != NULL && i < sector->objects->len; i++)
    {
      const AdmSectorObject *object = g_ptr_array_index (sector->objects, i);

      if (g_str_equal (object->kind, "station") && g_str_equal (object->name, name))
        return object;
    }
  return NULL;
}

static gboolean
check_station (AdmState        *self,
               const AdmEvent  *event,
               Plan            *plan,
               GError         **error)
{
  const char *sector = adm_event_get (event, "sector");
  const char *name = adm_event_get (event, "station");
  const char *destroyed = adm_event_get (event, "destroyed");
  const AdmSectorObject *object = station_object (self, sector, name);

  if (object == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("sector “%s” has no station “%s”"), sector != NULL ? sector : "",
                   name != NULL ? name : "");
      return FALSE;
    }
  if (!need_reason (event, "reason", TRUE, error))
    return FALSE;
  if (destroyed != NULL && !g_str_equal (destroyed, "true") && !g_str_equal (destroyed, "false"))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a station is destroyed or not by “true” or “false”"));
      return FALSE;
    }
  if ((adm_event_get (event, "owner") != NULL || adm_event_get (event, "damage") != NULL) &&
      object->klass == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("“%s” is a named mark on the table, no unit: it has no owner or hull "
                     "points to change (F-STN-1)"), name);
      return FALSE;
    }
  plan->faction = NULL;
  if (adm_event_get (event, "owner") != NULL)
    {
      plan->faction = lookup_faction (self, adm_event_get (event, "owner"));
      if (plan->faction == NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("“%s” is no faction of the campaign"), adm_event_get (event, "owner"));
          return FALSE;
        }
    }
  plan->damage = -1;
  if (adm_event_get (event, "damage") != NULL &&
      !need_int (event, "damage", 0, object->klass->hull, &plan->damage, error))
    return FALSE;
  if (plan->faction == NULL && plan->damage < 0 && destroyed == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a correction of the station “%s” must give its owner, its damage or "
                     "whether it is destroyed"), name);
      return FALSE;
    }
  return TRUE;
}

static void
apply_station (AdmState       *self,
               const AdmEvent *event,
               Plan           *plan)
{
  const AdmSectorObject *object = station_object (self, adm_event_get (event, "sector"),
                                                  adm_event_get (event, "station"));
  g_autofree char *key = g_strdup_printf ("%s\n%s", adm_event_get (event, "sector"),
                                          object->name);
  AdmStationState *station = g_hash_table_lookup (self->stations, key);
  AdmPlaceRecord *record = g_new0 (AdmPlaceRecord, 1);

  if (station == NULL)
    {
      station = g_new0 (AdmStationState, 1);
      station->owner = object->owner;
      station->damage = object->damage;
      g_hash_table_insert (self->stations, g_steal_pointer (&key), station);
    }
  record->cycle = adm_strategy_get_cycle (self->strategy);
  record->sector = adm_scenario_lookup_sector (self->scenario, adm_event_get (event, "sector"));
  record->station = object->name;
  record->owner_before = station->owner;
  record->owner = plan->faction;
  record->damage = plan->damage >= 0 ? (int) plan->damage : -1;
  record->destroyed = adm_event_get (event, "destroyed") == NULL ? -1
                      : g_str_equal (adm_event_get (event, "destroyed"), "true");
  g_ptr_array_add (self->places, record);
  if (plan->faction != NULL)
    station->owner = plan->faction;
  if (plan->damage >= 0)
    station->damage = (int) plan->damage;
  if (adm_event_get (event, "destroyed") != NULL)
    station->destroyed = g_str_equal (adm_event_get (event, "destroyed"), "true");
}

const AdmStationState *
adm_state_get_station (AdmState   *self,
                       const char *sector_id,
                       const char *name)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  if (sector_id == NULL || name == NULL)
    return NULL;
  key = g_strdup_printf ("%s\n%s", sector_id, name);
  return g_hash_table_lookup (self->stations, key);
}

/* "minefield": the master clears the mines of a sector (the story swept them): those laid
 * there before the cycle being ordered, the scenario's own included, are gone for the
 * engagements of this cycle and every later one (adm-engagement.c). */
static gboolean
check_minefield (AdmState        *self,
                 const AdmEvent  *event,
                 Plan            *plan,
                 GError         **error)
{
  const char *sector = adm_event_get (event, "sector");

  if (adm_scenario_lookup_sector (self->scenario, sector) == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no sector “%s” on this campaign's map"),
                   sector != NULL ? sector : "");
      return FALSE;
    }
  if (g_strcmp0 (adm_event_get (event, "cleared"), "true") != 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("a minefield correction clears the mines of a sector (cleared=\"true\")"));
      return FALSE;
    }
  if (adm_state_get_mines_cleared (self, sector) == adm_strategy_get_cycle (self->strategy))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the mines of %s are cleared already this cycle"),
                   adm_scenario_lookup_sector (self->scenario, sector)->name);
      return FALSE;
    }
  return need_reason (event, "reason", TRUE, error);
}

static void
apply_minefield (AdmState       *self,
                 const AdmEvent *event,
                 Plan           *plan)
{
  AdmPlaceRecord *record = g_new0 (AdmPlaceRecord, 1);

  g_hash_table_replace (self->cleared, g_strdup (adm_event_get (event, "sector")),
                        GUINT_TO_POINTER (adm_strategy_get_cycle (self->strategy)));
  record->cycle = adm_strategy_get_cycle (self->strategy);
  record->sector = adm_scenario_lookup_sector (self->scenario, adm_event_get (event, "sector"));
  record->damage = -1;
  record->destroyed = -1;
  g_ptr_array_add (self->places, record);
}

GPtrArray *
adm_state_get_places (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return self->places;
}

guint
adm_state_get_mines_cleared (AdmState   *self,
                             const char *sector_id)
{
  g_return_val_if_fail (ADM_IS_STATE (self), 0);
  return sector_id != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (self->cleared, sector_id))
                           : 0;
}

/* "new-admiral": an admiral joins the game (adm-strategy-corrections.c). */
static gboolean
check_new_admiral (AdmState        *self,
                   const AdmEvent  *event,
                   Plan            *plan,
                   GError         **error)
{
  return adm_strategy_check_new_admiral (self->strategy, event, error) &&
         need_reason (event, "reason", TRUE, error);
}

static void
apply_new_admiral (AdmState       *self,
                   const AdmEvent *event,
                   Plan           *plan)
{
  adm_strategy_apply_new_admiral (self->strategy, event);
}

/* "end-campaign": the master declares the game over, with his reason. Not while a battle is
 * under way (F-STRAT-4): its results would never come in, so the engagement is named for the
 * master to end it, or drop it, first. */
static gboolean
check_end_campaign (AdmState        *self,
                    const AdmEvent  *event,
                    Plan            *plan,
                    GError         **error)
{
  g_autofree char *engagement = NULL, *table = NULL;

  if (!need_reason (event, "reason", TRUE, error))
    return FALSE;
  if (!self->replaying && self->battle_func != NULL &&
      self->battle_func (self, NULL, &engagement, &table, self->battle_data))
    {
      if (table != NULL)
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("the battle of engagement %s is being fought at the table “%s”: take "
                       "it back or let it end before the campaign is ended"),
                     engagement, table);
      else
        g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                     _("the battle of engagement %s is not ended: end it before the campaign "
                       "is ended"), engagement);
      return FALSE;
    }
  return TRUE;
}

static void
apply_end_campaign (AdmState       *self,
                    const AdmEvent *event,
                    Plan           *plan)
{
  adm_strategy_apply_end_campaign (self->strategy, event);
}

/* "publish": the whole truth, after the end: every side is shown what the master is
 * (adm-audience.h). */
static gboolean
check_publish (AdmState        *self,
               const AdmEvent  *event,
               Plan            *plan,
               GError         **error)
{
  if (adm_strategy_get_ending (self->strategy) == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the campaign is not ended: the whole truth is published only once the "
                     "master has ended it"));
      return FALSE;
    }
  return TRUE;
}

static void
apply_publish (AdmState       *self,
               const AdmEvent *event,
               Plan           *plan)
{
  adm_strategy_apply_publish (self->strategy);
}

/* Once the campaign is ended, nothing enters its journal but the publication of the truth, and
 * that once; undo (a journal entry of its own) takes either back. */
static gboolean
allowed_after_end (AdmState     *self,
                   const char   *kind,
                   GError      **error)
{
  const AdmCampaignEnding *ending = adm_strategy_get_ending (self->strategy);

  if (ending == NULL || (g_str_equal (kind, "publish") && !ending->published))
    return TRUE;
  if (g_str_equal (kind, "end-campaign"))
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                 _("the campaign is ended already"));
  else if (g_str_equal (kind, "publish"))
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                 _("the whole truth is published already"));
  else
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                 _("the campaign is ended (“%s”): it takes no more entries; undo its ending "
                   "to play on"), ending->reason);
  return FALSE;
}

static const struct {
  const char *kind;
  CheckFunc   check;
  ApplyFunc   apply;
} handlers[] = {
  { "roll", check_roll, apply_roll },
  { "order", check_order, apply_order },
  { "damage", check_damage, apply_damage },
  { "readiness", check_readiness, apply_readiness },
  { "note", check_note, apply_note },
  { "sheet", check_sheet, apply_sheet },
  { "cycle", check_cycle, apply_cycle },
  { "reveal", check_reveal, apply_reveal },
  { "assign", check_assign, apply_assign },
  { "ship-after-battle", check_ship_after_battle, apply_ship_after_battle },
  { "prize", check_prize, apply_prize },
  { "battle-end", check_battle_end, apply_battle_end },
  { "drop-engagement", check_drop_engagement, apply_drop_engagement },
  { "repair", check_repair, apply_repair },
  { "placement", check_placement, apply_placement },
  { "sighting", check_sighting, apply_sighting },
  { "dice-commit", check_dice_commit, apply_dice_event },
  { "dice-reveal", check_dice_reveal, apply_dice_event },
  { "dice-ask", check_dice_ask, apply_dice_ask },
  { "dice-contribution", check_dice_contribution, apply_dice_contribution },
  { "dice-contribution-reveal", check_dice_contribution_reveal, apply_dice_contribution_reveal },
  { "layout", check_layout, apply_layout },
  { "table-assign", check_table_assign, apply_table_assign },
  { "table-take-back", check_table_take_back, apply_table_take_back },
  { "remove-ship", check_remove_ship, apply_remove_ship },
  { "hand-over", check_hand_over, apply_hand_over },
  { "relocate", check_relocate, apply_relocate },
  { "new-ship", check_new_ship, apply_new_ship },
  { "new-formation", check_new_formation, apply_new_formation },
  { "retire-admiral", check_retire_admiral, apply_retire_admiral },
  { "new-admiral", check_new_admiral, apply_new_admiral },
  { "station", check_station, apply_station },
  { "minefield", check_minefield, apply_minefield },
  { "end-campaign", check_end_campaign, apply_end_campaign },
  { "publish", check_publish, apply_publish },
};

const char * const *
adm_state_get_event_kinds (void)
{
  static gsize kinds = 0;

  if (g_once_init_enter (&kinds))
    {
      const char * const *muster = adm_muster_get_event_kinds ();
      GPtrArray *all = g_ptr_array_new ();

      for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
        g_ptr_array_add (all, (gpointer) handlers[i].kind);
      for (guint i = 0; muster[i] != NULL; i++)
        g_ptr_array_add (all, (gpointer) muster[i]);
      g_ptr_array_add (all, NULL);
      g_once_init_leave (&kinds, (gsize) g_ptr_array_free (all, FALSE));
    }
  return (const char * const *) kinds;
}

/* Whether the file can keep @event as it is: its text and values hold nothing an XML file
 * cannot (a control character pasted into an order, bytes that are not UTF-8). Checked with
 * the rest, so that nothing enters the journal that would not be read back. */
static gboolean
representable (const AdmEvent  *event,
               GError         **error)
{
  gunichar bad = adm_event_first_bad_char (event, NULL);

  if (bad == 0)
    return TRUE;
  if (bad == (gunichar) -1)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the “%s” event holds bytes that are not text (UTF-8)"),
                 adm_event_get_kind (event));
  else
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the “%s” event holds the character U+%04X, which a file cannot keep"), adm_event_get_kind (event), bad);
  return FALSE;
}

/* The one check of @event, and when @apply, its application: adm_state_apply () and
 * adm_state_check () are this. */
static gboolean
check_and_apply (AdmState        *self,
                 const AdmEvent  *event,
                 gboolean         apply,
                 GError         **error)
{
  const char *kind;
  Plan plan = { 0, };
  gboolean ok = FALSE;

  g_return_val_if_fail (ADM_IS_STATE (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  kind = adm_event_get_kind (event);
  if (!representable (event, error) || !allowed_after_end (self, kind, error) ||
      !adm_muster_allows (self->muster, kind, error))
    return FALSE;
  /* The muster before cycle 1 (adm-muster.h). */
  if (adm_muster_is_event_kind (kind))
    {
      if (!adm_muster_check (self->muster, self->strategy, event, error))
        return FALSE;
      if (apply)
        {
          adm_muster_apply (self->muster, self->strategy, event);
          self->n_events++;
        }
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
    if (g_str_equal (handlers[i].kind, kind))
      {
        ok = handlers[i].check (self, event, &plan, error);
        if (ok && apply)
          {
            handlers[i].apply (self, event, &plan);
            self->n_events++;
          }
        g_clear_pointer (&plan.values, g_array_unref);
        g_clear_pointer (&plan.order, adm_strat_order_free);
        g_clear_pointer (&plan.checks, g_ptr_array_unref);
        g_clear_pointer (&plan.engagement, adm_queued_engagement_free);
        g_clear_pointer (&plan.ships, g_ptr_array_unref);
        return ok;
      }

  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_UNKNOWN_KIND,
               _("unknown kind of event “%s”"), kind);
  return FALSE;
}

gboolean
adm_state_apply (AdmState        *self,
                 const AdmEvent  *event,
                 GError         **error)
{
  return check_and_apply (self, event, TRUE, error);
}

gboolean
adm_state_check (AdmState        *self,
                 const AdmEvent  *event,
                 GError         **error)
{
  return check_and_apply (self, event, FALSE, error);
}

void
adm_state_set_battle_func (AdmState           *self,
                           AdmStateBattleFunc  func,
                           gpointer            user_data)
{
  g_return_if_fail (ADM_IS_STATE (self));
  self->battle_func = func;
  self->battle_data = user_data;
}

void
adm_state_set_phase_func (AdmState          *self,
                          AdmStatePhaseFunc  func,
                          gpointer           user_data)
{
  g_return_if_fail (ADM_IS_STATE (self));
  self->phase_func = func;
  self->phase_data = user_data;
}

void
adm_state_set_replaying (AdmState *self,
                         gboolean  replaying)
{
  g_return_if_fail (ADM_IS_STATE (self));
  self->replaying = replaying;
}

AdmScenario *
adm_state_get_scenario (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return self->scenario;
}

AdmShipState *
adm_state_get_ship (AdmState   *self,
                    const char *ship_id)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return ship_id != NULL ? g_hash_table_lookup (self->ships, ship_id) : NULL;
}

AdmMuster *
adm_state_get_muster (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return self->muster;
}

AdmStrategy *
adm_state_get_strategy (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return self->strategy;
}

const AdmCycleCheck *
adm_state_get_cycle_check (AdmState   *self,
                           guint       cycle,
                           const char *formation_id)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  g_return_val_if_fail (formation_id != NULL, NULL);
  key = g_strdup_printf ("%u %s", cycle, formation_id);
  return g_hash_table_lookup (self->checks, key);
}

const char *
adm_state_get_cycle_order (AdmState   *self,
                           guint       cycle,
                           const char *formation_id)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  g_return_val_if_fail (formation_id != NULL, NULL);
  key = g_strdup_printf ("%u %s", cycle, formation_id);
  return g_hash_table_lookup (self->cycle_orders, key);
}

GPtrArray *
adm_state_get_rolls (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return self->rolls;
}

guint
adm_state_get_n_events (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), 0);
  return self->n_events;
}

char *
adm_state_dump (AdmState *self)
{
  GString *out;
  GPtrArray *ships, *formations, *admirals;

  g_return_val_if_fail (ADM_IS_STATE (self), NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "scenario %s\nevents %u\n",
                          adm_scenario_get_id (self->scenario), self->n_events);

  /* Scenario order, not hash order, so that the dump is canonical. */
  ships = adm_scenario_get_ships (self->scenario);
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, i);
      AdmShipState *state = g_hash_table_lookup (self->ships, ship->id);

      g_string_append_printf (out, "ship %s hull %d/%d readiness %d", ship->id,
                              ship->klass->hull - state->damage, ship->klass->hull,
                              state->readiness);
      if (state->fate == ADM_SHIP_FATE_REMOVED)
        g_string_append (out, " removed");
      else if (state->fate != ADM_SHIP_FATE_AFLOAT && state->lost_in == NULL)
        g_string_append (out, " destroyed at 0 hull");
      else if (state->fate != ADM_SHIP_FATE_AFLOAT)
        g_string_append_printf (out, " %s in %s", state->fate == ADM_SHIP_FATE_WRECK
                                                  ? "wreck" : "destroyed", state->lost_in);
      if (state->faction != ship->faction)
        g_string_append_printf (out, " serving %s", state->faction->id);
      for (guint r = 0; r < ADM_STATE_CRITICAL_RESULTS; r++)
        for (int n = 0; n < state->criticals[r]; n++)
          g_string_append_printf (out, " critical %u", r);
      g_string_append_c (out, '\n');
    }

  ships = adm_strategy_get_added_ships (self->strategy);
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, i);
      AdmShipState *state = g_hash_table_lookup (self->ships, ship->id);

      g_string_append_printf (out, "added ship %s %s %s hull %d/%d readiness %d%s\n", ship->id,
                              ship->klass->id, ship->faction->id,
                              ship->klass->hull - state->damage, ship->klass->hull,
                              state->readiness,
                              state->fate != ADM_SHIP_FATE_AFLOAT ? " gone" : "");
    }

  admirals = adm_strategy_get_admirals (self->strategy);
  for (guint i = adm_scenario_get_admirals (self->scenario)->len; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      g_string_append_printf (out, "joined admiral %s %s%s\n", admiral->id, admiral->faction->id,
                              adm_strategy_admiral_retired (self->strategy, admiral->id)
                              ? " gone" : "");
    }

  formations = adm_scenario_get_formations (self->scenario);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      AdmFormationState *state = g_hash_table_lookup (self->formations, formation->id);

      g_string_append_printf (out, "formation %s orders %u\n", formation->id, state->orders->len);
      for (guint j = 0; j < state->orders->len; j++)
        g_string_append_printf (out, "  order %s\n", (char *) g_ptr_array_index (state->orders, j));
    }

  for (guint i = 0; i < self->rolls->len; i++)
    {
      AdmRollRecord *record = g_ptr_array_index (self->rolls, i);

      g_string_append_printf (out, "roll %" G_GINT64_FORMAT " d%u [%s] %s:", record->time,
                              record->sides, record->clause != NULL ? record->clause : "",
                              record->purpose);
      for (guint j = 0; j < record->values->len; j++)
        g_string_append_printf (out, " %u", g_array_index (record->values, guint, j));
      g_string_append_c (out, '\n');
    }

  for (guint i = 0; i < self->endings->len; i++)
    {
      AdmBattleEnding *ending = g_ptr_array_index (self->endings, i);

      g_string_append_printf (out, "battle-end %s turn %d [%s]\n", ending->engagement,
                              ending->turn, ending->reason != NULL ? ending->reason : "");
    }
  {
    g_autoptr(GList) dropped = g_list_sort (g_hash_table_get_keys (self->drops),
                                            (GCompareFunc) g_strcmp0);

    for (GList *l = dropped; l != NULL; l = l->next)
      g_string_append_printf (out, "drop-engagement %s [%s]\n", (char *) l->data,
                              (char *) g_hash_table_lookup (self->drops, l->data));
  }
  for (guint i = 0; i < self->repairs->len; i++)
    {
      AdmRepairRecord *repair = g_ptr_array_index (self->repairs, i);

      g_string_append_printf (out, "repair %s hull %d readiness %d criticals %u [%s]\n",
                              repair->ship_id, repair->hull, repair->readiness,
                              repair->criticals->len, repair->reason);
    }
  if (adm_strategy_get_ending (self->strategy) != NULL)
    {
      const AdmCampaignEnding *ending = adm_strategy_get_ending (self->strategy);

      g_string_append_printf (out, "end-campaign cycle %u%s [%s]\n", ending->cycle,
                              ending->published ? " published" : "", ending->reason);
    }
  {
    g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (self->stations),
                                         (GCompareFunc) g_strcmp0);

    for (GList *l = keys; l != NULL; l = l->next)
      {
        const AdmStationState *station = g_hash_table_lookup (self->stations, l->data);
        g_autofree char *line = g_strdelimit (g_strdup (l->data), "\n", '/');

        g_string_append_printf (out, "station %s owner %s damage %d%s\n", line,
                                station->owner != NULL ? station->owner->id : "none",
                                station->damage, station->destroyed ? " destroyed" : "");
      }
  }
  {
    g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (self->cleared),
                                         (GCompareFunc) g_strcmp0);

    for (GList *l = keys; l != NULL; l = l->next)
      g_string_append_printf (out, "mines cleared %s cycle %u\n", (char *) l->data,
                              GPOINTER_TO_UINT (g_hash_table_lookup (self->cleared, l->data)));
  }
  {
    GPtrArray *entries = adm_muster_get_entries (self->muster);

    for (guint i = 0; i < entries->len; i++)
      {
        const AdmMusterEntry *entry = g_ptr_array_index (entries, i);
        GPtrArray *planned = adm_muster_entry_planned (entry);

        g_string_append_printf (out, "muster %s %s count %u%s\n", entry->pool->admiral->id,
                                adm_muster_status_to_string (entry->status), entry->count,
                                entry->defaulted ? " defaulted" : "");
        for (guint f = 0; f < planned->len; f++)
          {
            const AdmMusterFormation *formation = g_ptr_array_index (planned, f);

            g_string_append_printf (out, "  formation %u ships %u flagship %s%s at %s\n", f + 1,
                                    formation->ships->len, formation->flagship->id,
                                    formation->hidden ? " hidden" : "",
                                    formation->sector != NULL ? formation->sector->id : "pool");
          }
      }
  }
  adm_strategy_dump (self->strategy, out);
  return g_string_free (out, FALSE);
}

const AdmBattleEnding *
adm_state_get_battle_ending (AdmState   *self,
                             const char *engagement_id)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);

  for (guint i = 0; engagement_id != NULL && i < self->endings->len; i++)
    {
      AdmBattleEnding *ending = g_ptr_array_index (self->endings, i);

      if (g_str_equal (ending->engagement, engagement_id))
        return ending;
    }
  return NULL;
}

GPtrArray *
adm_state_get_battle_endings (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return self->endings;
}

GPtrArray *
adm_state_get_repairs (AdmState *self)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return self->repairs;
}

const char *
adm_state_get_drop_reason (AdmState   *self,
                           const char *engagement_id)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return engagement_id != NULL ? g_hash_table_lookup (self->drops, engagement_id) : NULL;
}

const AdmTableAssignment *
adm_state_get_table (AdmState   *self,
                     const char *engagement_id)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return engagement_id != NULL ? g_hash_table_lookup (self->tables, engagement_id) : NULL;
}

const char *
adm_state_get_taken_back (AdmState   *self,
                          const char *assignment_id)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return assignment_id != NULL ? g_hash_table_lookup (self->taken_back, assignment_id) : NULL;
}

gboolean
adm_state_get_layout_seed (AdmState   *self,
                           const char *key,
                           guint32    *seed)
{
  const guint32 *chosen;

  g_return_val_if_fail (ADM_IS_STATE (self), FALSE);
  g_return_val_if_fail (key != NULL && seed != NULL, FALSE);
  chosen = g_hash_table_lookup (self->layouts, key);
  if (chosen != NULL)
    *seed = *chosen;
  return chosen != NULL;
}

const char *
adm_state_get_mine_salt (AdmState *self,
                           guint     cycle)
{
  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  return g_hash_table_lookup (self->mine_salts, GUINT_TO_POINTER (cycle));
}

const char *
adm_state_get_chosen_placement (AdmState   *self,
                                guint       cycle,
                                double      minute,
                                const char *formation_id)
{
  g_autofree char *key = NULL;

  g_return_val_if_fail (ADM_IS_STATE (self), NULL);
  key = placement_key (cycle, minute, formation_id);
  return g_hash_table_lookup (self->chosen, key);
}
