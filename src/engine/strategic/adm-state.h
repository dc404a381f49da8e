/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-state.h: the game state — a pure function of (scenario, events). Events are applied one
 * at a time; an event that does not apply leaves the state untouched and says why. */
#pragma once

#include <glib-object.h>

#include "adm-event.h"
#include "adm-muster.h"
#include "adm-roll-check.h"
#include "adm-scenario.h"
#include "adm-strategy.h"

G_BEGIN_DECLS

/* What became of a ship in the campaign's battles. */
typedef enum {
  ADM_SHIP_FATE_AFLOAT,        /* in a formation (its own side's, or its captor's) */
  ADM_SHIP_FATE_DESTROYED,     /* blown apart (F-CAT-12, F-CAT-13) */
  ADM_SHIP_FATE_WRECK,         /* a hulk left in the sector (F-CAT-10, F-CAT-11) */
  ADM_SHIP_FATE_REMOVED,       /* taken out by the master: sold, scuttled, lost to the story */
} AdmShipFate;

/* The longest reason a master's correction keeps, in characters. */
#define ADM_STATE_REASON_MAX 2000

/* Critical results indexed by the 2d6 result, 2..12 (F-CRIT-20), as AdmBattleShip keeps them. */
#define ADM_STATE_CRITICAL_RESULTS ADM_SHIP_CRITICAL_RESULTS

typedef struct {
  const AdmShip    *ship;
  int               damage;       /* hull points lost */
  int               readiness;    /* current readiness */
  AdmShipFate       fate;
  const AdmFaction *faction;      /* the faction it serves now: its own, or its captor's */
  const AdmSector  *wreck_place;  /* a wreck: the sector it was left in */
  char             *lost_in;      /* destroyed or a wreck in battle: the engagement id; NULL
                                   * afloat, removed, or destroyed by a damage correction */
  int               criticals[ADM_STATE_CRITICAL_RESULTS]; /* outstanding, unrepaired */
} AdmShipState;

/* A battle of the campaign ended ("battle-end", adm-battle-result.h). */
typedef struct {
  char  *engagement;           /* its id in the engagement queue, "c2-1" */
  guint  cycle;                /* the cycle the battle belongs to */
  int    turn;                 /* the turn it ended in; 0 when not fought */
  char  *reason;               /* the master's words, or NULL */
  gint64 time;
} AdmBattleEnding;

/* A master's repair or refit between battles ("repair", ruling "strategic-repair"). */
typedef struct {
  guint  cycle;
  char  *ship_id;
  int    hull;                 /* hull points restored */
  GArray *criticals;           /* int results repaired */
  int    readiness;            /* the readiness set, or -1 when unchanged */
  char  *reason;
} AdmRepairRecord;

typedef struct {
  const AdmFormation *formation;
  GPtrArray          *orders;  /* char*, in order given */
} AdmFormationState;

/* One roll as the dice log shows it. */
typedef struct {
  gint64  time;
  guint   cycle;               /* the strategic cycle in play when it was journaled: rolls
                                * belong to cycles by journal order, never by the clock */
  char   *purpose;
  char   *clause;
  guint   sides;
  GArray *values;              /* guint */
  /* How its rule judged it, as a battle's rolls are (adm-roll-check.h): set by the same code
   * on every replay, never read from a file. */
  AdmRollCheck check;
  int     target;
  char   *against;             /* what the target is ("readiness"), or NULL */
  guint   passed, failed;
} AdmRollRecord;

/* @record's outcome as the battle's dice log says a roll's: "sum ≤ 7 (readiness): failed ✗";
 * NULL when its rule judged nothing. */
char               *adm_roll_record_describe_outcome (const AdmRollRecord *record)
                                                      G_GNUC_WARN_UNUSED_RESULT;

/* F-STRAT-5: a readiness check (F-RDY-2) the master rolled, when a cycle was resolved, for an
 * engaged formation whose admiral handed in no sheet ("cycle" event, "checks" attribute). */
typedef struct {
  guint     cycle;
  char     *formation_id;
  char     *formation_name;
  guint     dice[2];
  int       readiness;   /* the flagship's, when rolled */
  gboolean  passed;      /* dice[0] + dice[1] <= readiness */
} AdmCycleCheck;

#define ADM_STATE_ERROR (adm_state_error_quark ())

typedef enum {
  ADM_STATE_ERROR_UNKNOWN_KIND,
  ADM_STATE_ERROR_BAD_EVENT,   /* missing or malformed attribute, unknown ship, … */
  ADM_STATE_ERROR_ILLEGAL,     /* well-formed but the rules forbid it now */
} AdmStateError;

GQuark adm_state_error_quark (void);

#define ADM_TYPE_STATE (adm_state_get_type ())
G_DECLARE_FINAL_TYPE (AdmState, adm_state, ADM, STATE, GObject)

AdmState           *adm_state_new              (AdmScenario *scenario) G_GNUC_WARN_UNUSED_RESULT;
AdmScenario        *adm_state_get_scenario     (AdmState    *self);

/* Applies @event, or sets @error (naming the event's line when it has one) and changes
 * nothing. */
gboolean            adm_state_apply            (AdmState       *self,
                                                const AdmEvent *event,
                                                GError        **error);
/* The same check, nothing applied: whether adm_state_apply () would take @event now, or
 * @error with the reason it would give — for a form that checks as the master types. */
gboolean            adm_state_check            (AdmState       *self,
                                                const AdmEvent *event,
                                                GError        **error);
/* F-STRAT-4: the battles under way are kept by whoever holds the journal (a campaign keeps
 * its battles' entries, adm-campaign.h), not by the state. @func says whether the formation
 * @formation_id (NULL: any formation, as "end-campaign" asks) fights one: TRUE with the engagement's id in *@engagement_id and, when it is
 * at another table, that table's name in *@table (else NULL), both owned by the caller. The
 * one check refuses a correction of a ship or formation fighting a battle under way (see
 * adm-correction.h); without a function, none is. */
typedef gboolean  (*AdmStateBattleFunc)        (AdmState    *state,
                                                const char  *formation_id,
                                                char       **engagement_id,
                                                char       **table,
                                                gpointer     user_data);
void                adm_state_set_battle_func  (AdmState           *self,
                                                AdmStateBattleFunc  func,
                                                gpointer            user_data);
/* Where the battle of @engagement_id under way stands, as whoever holds the journal knows it:
 * TRUE with the number its next roll gets (from 1), its turn, its phase's id ("fire") and its
 * sides' ids (both owned by the caller); FALSE when no battle of it is kept. The one check
 * takes a side's dice contribution (adm-dice-contribution.h) only for the phase about to be
 * rolled; without a function, or replaying, it does not ask. */
typedef gboolean  (*AdmStatePhaseFunc)         (AdmState    *state,
                                                const char  *engagement_id,
                                                guint       *next_roll,
                                                int         *turn,
                                                char       **phase,
                                                GStrv       *sides,
                                                gpointer     user_data);
void                adm_state_set_phase_func   (AdmState          *self,
                                                AdmStatePhaseFunc  func,
                                                gpointer           user_data);
/* Whether the events applied now are a journal replaying (TRUE) or new ones being recorded
 * or checked (FALSE, the default): what a file journaled before replays as it did, while a
 * new entry is held to the checks that came since — a correction of a ship in a battle under
 * way (F-STRAT-4), damage beyond the hull points a ship has left (F-CRIT-7). */
void                adm_state_set_replaying    (AdmState    *self,
                                                gboolean     replaying);

/* Every kind of event adm_state_apply () understands, the muster's included: a
 * NULL-terminated list in a fixed order, owned by the engine. */
const char * const *adm_state_get_event_kinds  (void);

AdmShipState       *adm_state_get_ship         (AdmState    *self,
                                                const char  *ship_id);
/* The muster before cycle 1 (F-GEN-5, F-GEN-6, F-GEN-7, adm-muster.h). */
AdmMuster          *adm_state_get_muster       (AdmState    *self);
/* The strategic map: positions, orders, sheets, cycles and engagements (F-STRAT). */
AdmStrategy        *adm_state_get_strategy     (AdmState    *self);
/* The check rolled for @formation_id in resolved @cycle, or NULL (F-STRAT-5). */
const AdmCycleCheck *adm_state_get_cycle_check (AdmState   *self,
                                                guint       cycle,
                                                const char *formation_id);
/* The timed order ("move", "attack", … as adm_strat_order_kind_to_string () names it) that
 * @formation_id was carrying out in resolved @cycle: the one given for the cycle, else its
 * standing order (F-STRAT-5); NULL when it had none (F-STRAT-15 placements go by it). */
const char         *adm_state_get_cycle_order  (AdmState   *self,
                                                guint       cycle,
                                                const char *formation_id);
/* The ending of a campaign battle, by engagement id, or NULL while it is not ended. */
const AdmBattleEnding *adm_state_get_battle_ending (AdmState   *self,
                                                   const char *engagement_id);
/* The master's reason for dropping the engagement @engagement_id unfought ("drop-engagement"
 * events), or NULL. */
const char         *adm_state_get_drop_reason  (AdmState   *self,
                                                const char *engagement_id);
/* An engagement handed by the chief master to a table to fight ("table-assign" events):
 * several masters, one campaign. */
typedef struct {
  char *engagement; /* "c1-2" */
  char *table;      /* the table's name, "Table 2" */
  char *id;         /* the assignment: every entry coming back from the table names it */
  char *setup;      /* the SHA-256 of the head of the battle handed out, 64 lower-case hex
                     * digits, or NULL when the hand-off did not journal it */
  gboolean typed_dice; /* real dice may be typed in at the table ("dice" typed, or a hand-off
                        * journaled before the policy); FALSE: program dice only */
} AdmTableAssignment;

/* The table @engagement_id is at, or NULL while the chief master has it. */
const AdmTableAssignment *adm_state_get_table (AdmState   *self,
                                               const char *engagement_id);
/* The chief master's reason for taking back the assignment @assignment_id
 * ("table-take-back"), or NULL when it was not taken back. */
const char         *adm_state_get_taken_back   (AdmState   *self,
                                                const char *assignment_id);
/* AdmBattleEnding*, in the order ended. */
GPtrArray          *adm_state_get_battle_endings (AdmState    *self);
/* The placement (id) the master chose for @formation_id in the engagement of @cycle at
 * @minute ("placement" events), or NULL when its orders place it. */
const char         *adm_state_get_chosen_placement (AdmState   *self,
                                                   guint       cycle,
                                                   double      minute,
                                                   const char *formation_id);
/* F-TAC-1: the layout seed the master last rolled ("layout" events) for the table of the
 * engagement whose adm_engagement_layout_key () is @key, in *@seed; FALSE when he rolled
 * none. */
gboolean            adm_state_get_layout_seed  (AdmState   *self,
                                                const char *key,
                                                guint32    *seed);
/* F-MINE-2: the secret the hidden mines on the tables of @cycle are placed with (its "cycle"
 * event's "mine-salt", 64 hex digits), or NULL for a cycle resolved without one (older
 * files: their mines go where the layout seed alone puts them). */
const char         *adm_state_get_mine_salt    (AdmState   *self,
                                                guint       cycle);
/* A station of a sector as the master's corrections left it ("station" events): its owner
 * after a capture, the hull points it has lost, or destroyed. Every later battle in its
 * sector sets it up so (adm-sector-battle.c). */
typedef struct {
  const AdmFaction *owner;     /* the owner now */
  int               damage;    /* hull points lost */
  gboolean          destroyed; /* no longer on the table */
} AdmStationState;

/* One correction of a place by the master, as the reports tell it: a station's owner, damage
 * or destruction ("station"), or a sector's mines cleared ("minefield"). */
typedef struct {
  guint             cycle;         /* the cycle being ordered when he made it */
  const AdmSector  *sector;
  const char       *station;       /* the station's name; NULL: the mines cleared */
  const AdmFaction *owner_before;  /* station: its owner before the correction, or NULL */
  const AdmFaction *owner;         /* station: its new owner, or NULL when unchanged */
  int               damage;        /* station: the hull points it has lost, or -1 unchanged */
  int               destroyed;     /* station: 1 destroyed, 0 standing again, -1 unchanged */
} AdmPlaceRecord;

/* AdmPlaceRecord*, in the order journaled. */
GPtrArray          *adm_state_get_places       (AdmState    *self);

/* The station named @name (as the scenario's sector names it) of sector @sector_id as the
 * corrections left it, or NULL when none changed it. */
const AdmStationState *adm_state_get_station   (AdmState   *self,
                                                const char *sector_id,
                                                const char *name);
/* F-MINE: the cycle being ordered when the master last cleared the minefields of sector
 * @sector_id ("minefield" events): the mines laid there before that cycle, the scenario's
 * included, are gone for its engagements and every later one's; 0 when he never did. */
guint               adm_state_get_mines_cleared (AdmState   *self,
                                                 const char *sector_id);
/* AdmRepairRecord*, in the order journaled. */
GPtrArray          *adm_state_get_repairs      (AdmState    *self);
/* AdmRollRecord*, oldest first. */
GPtrArray          *adm_state_get_rolls        (AdmState    *self);
guint               adm_state_get_n_events     (AdmState    *self);

/* A canonical text dump of the whole state, for comparing states byte for byte. */
char               *adm_state_dump             (AdmState    *self) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
