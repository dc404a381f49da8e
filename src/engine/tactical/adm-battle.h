/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle.h: a tactical battle (F-TAC) — ships on the table, formations, markers and what
 * each side has detected — and the turn as a state machine (F-SEQ-1): detection, movement,
 * fire, end phase. Each phase takes both sides' declarations (AdmBattleOrders), asks the dice
 * source for exactly the dice the rules call for, and either applies whole or changes
 * nothing. The battle is a pure function of its set-up and its journal: every resolved phase
 * is journalled with its declarations and the dice it used, and undo replays the journal. */
#pragma once

#include <glib-object.h>
#include <libxml/tree.h>

#include "adm-battle-orders.h"
#include "adm-dice-source.h"
#include "adm-journal.h"
#include "adm-event.h"
#include "adm-geometry.h"
#include "adm-roll-check.h"
#include "adm-ruleset.h"

G_BEGIN_DECLS

#define ADM_BATTLE_ERROR (adm_battle_error_quark ())

typedef enum {
  ADM_BATTLE_ERROR_INVALID,  /* a set-up or orders file names unknown things */
  ADM_BATTLE_ERROR_ILLEGAL,  /* an order the rules forbid: nothing was applied */
  ADM_BATTLE_ERROR_REPLAY,   /* a journal does not replay */
  ADM_BATTLE_ERROR_CORRUPT,  /* a saved battle is damaged; a backup may be offered */
  ADM_BATTLE_ERROR_SAVE,     /* a saved battle could not be written */
} AdmBattleError;

GQuark adm_battle_error_quark (void);

/* F-SEQ-1. */
typedef enum {
  ADM_PHASE_DETECTION,
  ADM_PHASE_MOVEMENT,
  ADM_PHASE_FIRE,
  ADM_PHASE_TORPEDO,       /* torpedo attack and boarding (F-TORP, F-BOARD, F-MINE-15) */
  ADM_PHASE_END,
} AdmPhase;

typedef enum {
  ADM_SHIP_ACTIVE,
  ADM_SHIP_DRIFTING_HULK,  /* F-CAT-10 */
  ADM_SHIP_BURNING_HULK,   /* F-CAT-11 */
  ADM_SHIP_DESTROYED,      /* removed from the table: exploded (F-CAT-12, F-CAT-13, F-CAT-2) */
} AdmShipStatus;

/* F-ECM-2, F-ECM-4, F-ECM-6 */
typedef enum {
  ADM_DETECTION_NONE,      /* not on this side's table */
  ADM_DETECTION_PRESENCE,  /* a face-down token */
  ADM_DETECTION_FULL,      /* face up, ship card out */
} AdmDetection;

#define ADM_CRITICAL_RESULTS 13  /* indexed by AdmTableRow.result, 2..12 */

/* The rows of the ship critical damage table (F-CRIT-8) by their result, their first roll in
 * the rulebook's 2d6 table (AdmTableRow.result, whatever rolls a season gives them), the index
 * of a ship's criticals[]. */
typedef enum {
  ADM_CRIT_MAIN_GUNS      = 2,   /* F-CRIT-9 */
  ADM_CRIT_STARBOARD      = 3,   /* F-CRIT-10 */
  ADM_CRIT_PORT           = 4,   /* F-CRIT-11 */
  ADM_CRIT_BOW            = 5,   /* F-CRIT-12 */
  ADM_CRIT_ENGINES        = 6,   /* F-CRIT-13 */
  ADM_CRIT_FIRE           = 7,   /* F-CRIT-14 */
  ADM_CRIT_CENTRAL_DECK   = 8,   /* F-CRIT-15 */
  ADM_CRIT_BRIDGE         = 9,   /* F-CRIT-16 */
  ADM_CRIT_SHIELDS        = 10,  /* F-CRIT-17 */
  ADM_CRIT_HULL           = 11,  /* F-CRIT-18 */
  ADM_CRIT_SUPERSTRUCTURE = 12,  /* F-CRIT-19 */
} AdmCritical;

/* The rows of the station critical damage table (F-STN-7) by the 2d6 result that begins
 * them, the index of a station's criticals[] (a row of two results counts under its first). */
typedef enum {
  ADM_STN_CRIT_DESTRUCTORS   = 2,   /* F-STN-8: 2 and 3 */
  ADM_STN_CRIT_MAIN_ARMAMENT = 4,   /* F-STN-9 */
  ADM_STN_CRIT_TORPEDOES     = 5,   /* F-STN-10 */
  ADM_STN_CRIT_REACTOR       = 6,   /* F-STN-11 */
  ADM_STN_CRIT_FIRE          = 7,   /* F-STN-12: 7 and 8 */
  ADM_STN_CRIT_OUT_OF_ORBIT  = 9,   /* F-STN-13 */
  ADM_STN_CRIT_SHIELDS       = 10,  /* F-STN-14 */
  ADM_STN_CRIT_HULL          = 11,  /* F-STN-15 */
  ADM_STN_CRIT_CENTRAL_POST  = 12,  /* F-STN-16 */
} AdmStationCritical;

/* One ship as it stands. Strings and the class belong to the battle. */
typedef struct {
  const char         *id;
  const char         *name;
  const AdmShipClass *klass;
  guint               formation;       /* index into the formations */
  guint               side;            /* index into the sides */
  AdmPoint            position;        /* cm */
  double              heading;         /* degrees */
  AdmShipStatus       status;
  int                 damage;          /* hull points lost, never above the class's hull */
  int                 shields_used;    /* shield blocks used this turn (F-SHLD-1, F-SHLD-2) */
  int                 criticals[ADM_CRITICAL_RESULTS]; /* outstanding results (F-CRIT-20) */
  int                 base_readiness;
  int                 readiness_loss;  /* F-CRIT-16, F-CRIT-18, F-CRIT-19 */
  int                 ecm_attack_loss; /* F-CRIT-16, F-CRIT-19 */
  int                 damage_turn;     /* F-RDY-3: the last turn it took damage (0: none) */
  double              last_move;       /* cm moved in the last movement phase */
  gboolean            moved_last_turn; /* F-MOVE-5 */
  gboolean            turned;          /* turned in this turn's movement phase */
  gboolean            no_turn_next;    /* F-FORD-4: may not turn next turn */
  int                 no_turn_turn;    /* the turn in which no_turn_next applies */
  AdmMoveOrder        move_order;      /* this turn's movement combat order */
  /* F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10: fire halved through this turn */
  int                 halved_until;
  gboolean            target_lock;     /* F-FORD-2, this turn */
  /* F-FORD-5, F-FORD-6, F-FORD-7, F-FORD-8: shields reinforced through this turn */
  int                 reinforced_until;
  int                 no_orders_turn;  /* F-FORD-9: no combat orders in this turn */
  guint32             fired;           /* weapons (bit per class weapon) fired this phase */
  int                 on_fire;         /* F-CRIT-14 fires burning */
  /* Damage control (F-DC): what each outstanding critical result cost, by 2d6 result, summed
   * over stacked results, to be given back when they are repaired. */
  int                 critical_extra[ADM_CRITICAL_RESULTS];     /* F-DC-4: extra hull points */
  int                 critical_readiness[ADM_CRITICAL_RESULTS]; /* F-CRIT-18, F-CRIT-19 */
  int                 critical_ecm[ADM_CRITICAL_RESULTS];       /* F-CRIT-18, F-CRIT-19 */
  /* Torpedoes (F-TORP) */
  int                 tubes_ready;     /* F-TORP-1: first turn the tubes may launch again */
  int                 covering_turn;   /* F-TORP-15: guns lent to cover; no artillery then */
  guint32             covering_weapons; /* F-TORP-15: the weapons (bit per class weapon) lent */
  gboolean            turrets_used;    /* F-TORP-16: one wave per torpedo phase */
  /* Boarding (F-BOARD) */
  int                 fire_damage;     /* F-BOARD-3: hull points lost in this fire phase */
  int                 failed_order_turn; /* F-BOARD-6: the turn an order failed */
  int                 captured_by;     /* F-BOARD-15: ship index, -1 when free */
  int                 capture_turn;    /* the turn it was captured */
  guint               original_side;   /* F-BOARD-17: the side it began with */
  const AdmFaction   *faction;         /* F-BOARD-7, F-BOARD-8: the crew's faction, or NULL */
  /* Mines (F-MINE, F-SWEEP) */
  gboolean            laying_mines;    /* F-MINE-13: this turn, shields down */
  gboolean            sweeping;        /* F-SWEEP-1: declared for this turn */
  /* Low orbits and stations (F-ORB, F-STN) */
  int                 orbit;           /* F-ORB-1: orbit index from 1; -1 not in low orbit;
                                        * 0 a station sinking out of its orbit (F-STN-13) */
  int                 orbit_halved;    /* F-ORB-2: 1 firepower, 2 shields, in this turn */
  int                 falling_since;   /* F-ORB-3, F-STN-13: turn the fall began, 0 none */
} AdmBattleShip;

typedef struct {
  const char *id;
  const char *name;
  guint       side;
  GArray     *ships;          /* guint ship indices, owned by the battle */
  GArray     *succession;     /* guint ship indices, F-FORM-5 */
  int         flagship;       /* ship index, -1 when lost and not yet replaced */
  gboolean    command;        /* F-FORM-15: FALSE after a failed takeover */
  gboolean    returned_fire;  /* F-FIRE-12, this fire phase */
} AdmBattleFormation;

typedef struct {
  const char *id;
  const char *name;
  const char *admiral;
} AdmBattleSide;

typedef enum {
  ADM_MARKER_EXPLOSION,       /* F-CAT-9, F-ART-10 */
} AdmMarkerKind;

typedef struct {
  AdmMarkerKind kind;
  AdmPoint      position;
  double        diameter;
  int           turn;         /* placed in this turn; 0 when set up */
} AdmBattleMarker;

/* F-MOVE-5: the exit zone of a wormhole (зона выхода из ПВ-тоннеля), a circle on the table
 * set up with the battle; ships in it must move. */
typedef struct {
  AdmPoint  position;         /* its centre, cm */
  double    diameter;         /* cm */
} AdmWormholeExit;

/* F-TORP: a torpedo salvo on the table (F-WPN-10). */
typedef struct {
  int       id;            /* 1, 2, …: orders name salvoes by number */
  guint     side;
  int       ship;          /* the launching ship, -1 for a mine's (F-MINE-9) */
  AdmPoint  position;
  double    heading;
  int       speed;         /* cm per turn (F-TORP-3) */
  int       torpedoes;     /* units left in the salvo (F-TORP-7) */
  int       turns_left;    /* F-TORP-4, F-WPN-12 */
  int       launched;      /* turn of launch */
  gboolean  steered;       /* F-TORP-5: its one turn taken */
  gboolean  spent;         /* detonated or emptied; removed in the end phase (F-END-2) */
  int       struck;        /* F-TORP-8: the ship it struck last and still touches, index + 1;
                            * 0 none. Its misses fly on past that ship. */
} AdmTorpedoSalvo;

/* A torpedo salvo marker's diameter, cm: what touches a ship's base (F-WPN-13) or an oncoming
 * salvo (F-TORP-12). */
#define ADM_SALVO_DIAMETER 2.0

/* F-MINE-5, F-MINE-6, F-MINE-7, F-MINE-8: a mine card. */
typedef enum {
  ADM_MINE_PLASMA,
  ADM_MINE_TORPEDO,
} AdmMineCharge;

typedef struct {
  const char    *id;
  guint          side;
  AdmMineCharge  charge;
  AdmPoint       position;
  int            range;     /* cm: reach (plasma) or torpedo speed (F-MINE-6, F-MINE-8) */
  int            strength;  /* firepower (plasma) or torpedoes (F-MINE-6, F-MINE-8) */
  gboolean       revealed;  /* F-MINE-2, F-SWEEP-3: shown to the other side */
  gboolean       spent;     /* detonated or swept (F-MINE-1: single use) */
  int            triggered; /* F-MINE-14: the ship that entered its reach, -1 */
} AdmMine;

/* F-BOARD: a boarding action between two ships in base contact. */
typedef struct {
  guint     attacker;
  guint     defender;
  int       attacker_bp;   /* F-BOARD-2 */
  int       defender_bp;
  int       declared;      /* turn */
  gboolean  over;
} AdmBoarding;

/* F-ORB: a low-orbit map: a planet and its orbits, circles around it. */
typedef struct {
  gboolean  present;
  AdmPoint  planet;
  double    planet_diameter;
  GArray   *orbits;        /* double radii, cm, innermost first */
  double    width;         /* F-ORB-5: the map's edges from (0, 0), cm; 0 when unbounded */
  double    height;
} AdmLowOrbit;

/* What a report line or a roll is about, one guint32 each: a ship, a formation or a side of
 * the battle, by index, tagged with its kind. The audience filter decides from them who may
 * read it (adm-audience.h). */
typedef enum {
  ADM_SUBJECT_SHIP,
  ADM_SUBJECT_FORMATION,
  ADM_SUBJECT_SIDE,
  ADM_SUBJECT_CLASS,   /* the class of the ship of that index */
} AdmSubjectKind;

#define ADM_SUBJECT_OF(kind, index)     ((guint32) (index) | ((guint32) (kind) << 30))
#define ADM_SUBJECT_SHIP_OF(index)      ADM_SUBJECT_OF (ADM_SUBJECT_SHIP, index)
#define ADM_SUBJECT_FORMATION_OF(index) ADM_SUBJECT_OF (ADM_SUBJECT_FORMATION, index)
#define ADM_SUBJECT_SIDE_OF(index)      ADM_SUBJECT_OF (ADM_SUBJECT_SIDE, index)
#define ADM_SUBJECT_CLASS_OF(ship)      ADM_SUBJECT_OF (ADM_SUBJECT_CLASS, ship)
#define ADM_SUBJECT_KIND(subject)       ((AdmSubjectKind) ((subject) >> 30))
#define ADM_SUBJECT_INDEX(subject)      ((guint) ((subject) & 0x3fffffffu))

/* One line of the turn report, with its text and subjects in the same block. */
typedef struct _AdmReportLine {
  int             turn;
  AdmPhase        phase;
  guint32         seen_by;    /* the sides (bit per index) that may read it (adm-audience.h) */
  const char     *text;       /* in the language of the phase that wrote it */
  const guint32  *subjects;   /* what it is about (ADM_SUBJECT_*_OF ()), @n_subjects of them */
  guint           n_subjects;
  /* A fact of a ship (adm_audience_ship_shows ()) or a rule took sides from @seen_by that its
   * subjects would give it: no side is told more of it through its copy below. */
  gboolean        withheld;
  /* The line as the side that fired sees it when it does not know its target (F-ECM-4): the
   * target named as a face-down token, for that side alone (adm_audience_filter_report ()),
   * or NULL. Owned by the line. */
  const struct _AdmReportLine *fogged;
} AdmReportLine;

/* The line's text. */
const char           *adm_report_line_get_text (const AdmReportLine *line);

/* Where a roll's values came from: typed in from the master's real dice, or drawn
 * by the program's generator; unknown for a roll of a file written before it was kept. */
typedef enum {
  ADM_ROLL_ORIGIN_UNKNOWN,
  ADM_ROLL_ORIGIN_PROGRAM,
  ADM_ROLL_ORIGIN_TYPED,
} AdmRollOrigin;

/* What a roll was in an attack, for the luck ledger (adm-luck.h). */
typedef enum {
  ADM_ROLL_KIND_OTHER,     /* anything else: readiness, detection, tables, distances */
  ADM_ROLL_KIND_HIT,       /* an attack's dice to hit (F-ART-11, F-DES-1), a target lock's
                            * re-roll of the misses (F-FORD-2) */
  ADM_ROLL_KIND_CRITICAL,  /* the critical checks of a ship's damage points (F-CRIT-1) */
  ADM_ROLL_KIND_STRUCK,    /* dice against the armour of the ship the roll is about, each
                            * at or above it a damage: a torpedo's (F-TORP-7), a plasma
                            * mine's (F-MINE-7) */
  ADM_ROLL_KIND_EXPLOSION, /* an exploding ship's strike at a vessel near it (F-CAT-12,
                            * F-CAT-13): the exploding ship named first, the struck second;
                            * whose luck it is, the ruling "explosion-luck" says */
} AdmRollKind;

/* One roll, as the dice log shows it: one block with its values, subjects and purpose, which
 * last as long as it does. */
typedef struct _AdmBattleRoll {
  int            turn;
  AdmPhase       phase;
  const char    *purpose;     /* what it was for, in the language of the phase that rolled it */
  const char    *clause;      /* the rule's clause ID ("F-ART-11"), a string literal of the
                               * rule or its ruleset's: kept by its address */
  guint          sides;
  guint          n_values;    /* the dice rolled: at least one */
  const guint   *values;      /* what each die showed, @n_values of them, 1..@sides */
  guint32        seen_by;     /* the sides (bit per index) that may see it (adm-audience.h) */
  const guint32 *subjects;    /* what its purpose names (ADM_SUBJECT_*_OF ()), @n_subjects */
  guint          n_subjects;
  gboolean       withheld;    /* as a report line's: sides taken from @seen_by by a fact or a
                               * rule, whom its copy tells nothing more */
  AdmRollOrigin  origin;      /* kept in the journal's roll event as dice="typed|program" */
  /* Its outcome, as the rule judged it. */
  AdmRollCheck   check;
  int            target;      /* the number the check compares with */
  const char    *against;     /* what that number is ("readiness", "ECM defence 7"), or NULL;
                               * kept once for the battle, not copied for each roll */
  guint          passed;      /* dice (pairs) that passed; for a sum, 1 when it passed */
  guint          failed;      /* dice (pairs) that failed; for a sum, 1 when it failed */
  const char    *result;      /* a table's result ("Fire!"), or NULL: a row's name, the
                               * ruleset's or its translation */
  AdmRollKind    kind;
  /* On an attack's first roll to hit: the damage points its dice did to ship @damage_target
   * (after shields and saves, F-SHLD-1, F-WPN-7, F-FORD-8) and the damage the engine's fire
   * odds (adm_fire_odds_compute ()) gave it before the dice, with the target's shields and
   * saves as they stood then. @has_damage FALSE on every other roll. */
  gboolean       has_damage;
  guint          damage_target;
  int            damage;
  double         expected_damage;
  /* An opposed roll (F-BOARD-13's boarding round: each side rolls as many dice, adds its
   * modifiers, the higher total wins): its own total modifier and the other side's, kept
   * from the round as it was rolled (_adm_battle_boarding_modifiers ()), so that its odds can
   * be read before either side's dice; @target is then what it needed against the other
   * side's dice as they fell. Not in the file: a replay rolls the round again and keeps them
   * anew. @opposed FALSE on every other roll. */
  gboolean       opposed;
  int            modifier;
  int            opposing_modifier;
  /* The roll as the side that rolled it sees it when it does not know its target (F-ECM-4,
   * F-STRAT-4: a player rolls his own fire's dice), for that side alone
   * (adm_audience_filter_rolls ()), or NULL. Owned by the roll. */
  const struct _AdmBattleRoll *fogged;
} AdmBattleRoll;

/* What the roll was for: "Vorberg's bow battery at Triumph, 4+ to hit". */
const char           *adm_battle_roll_get_purpose (const AdmBattleRoll *roll);
/* @roll's outcome in a master's words: "≥ 4 per die: 3 passed ✓, 2 failed ✗", "sum ≤ 7
 * (readiness): failed ✗", "→ Fire!", an opposed roll's "3 +4 = 7 against 5: won ✓"; NULL
 * when its rule judged nothing. */
char                 *adm_battle_roll_describe_outcome (const AdmBattleRoll *roll)
                                                        G_GNUC_WARN_UNUSED_RESULT;

#define ADM_TYPE_BATTLE (adm_battle_get_type ())
G_DECLARE_FINAL_TYPE (AdmBattle, adm_battle, ADM, BATTLE, GObject)

/* Loads a battle set-up (battle.rng); its ruleset is loaded by id, with the battle's rulings
 * applied. Errors read "FILE:LINE: problem". */
AdmBattle            *adm_battle_load_file     (const char   *path,
                                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;
AdmBattle            *adm_battle_load_memory   (const char   *data,
                                                gsize         length,
                                                const char   *display_name,
                                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;

const char           *adm_battle_get_name      (AdmBattle    *self);
AdmRuleset           *adm_battle_get_ruleset   (AdmBattle    *self);
int                   adm_battle_get_turn      (AdmBattle    *self);
AdmPhase              adm_battle_get_phase     (AdmBattle    *self);
/* The set-up's seed attribute, or 0. */
guint64               adm_battle_get_seed      (AdmBattle    *self);

guint                 adm_battle_get_n_ships   (AdmBattle    *self);
const AdmBattleShip  *adm_battle_get_ship      (AdmBattle    *self,
                                                guint         index);
/* NULL when no ship has @id. */
const AdmBattleShip  *adm_battle_lookup_ship   (AdmBattle    *self,
                                                const char   *id);
int                   adm_battle_ship_index    (AdmBattle    *self,
                                                const char   *id);
guint                 adm_battle_get_n_formations (AdmBattle *self);
const AdmBattleFormation *adm_battle_get_formation (AdmBattle *self,
                                                guint         index);
int                   adm_battle_formation_index (AdmBattle  *self,
                                                const char   *id);
guint                 adm_battle_get_n_sides   (AdmBattle    *self);
const AdmBattleSide  *adm_battle_get_side      (AdmBattle    *self,
                                                guint         index);
guint                 adm_battle_get_n_wormhole_exits (AdmBattle *self);
const AdmWormholeExit *adm_battle_get_wormhole_exit (AdmBattle *self,
                                                guint         index);
/* F-MOVE-5: whether ship @ship's centre lies in a wormhole exit zone. */
gboolean              adm_battle_ship_in_wormhole_exit (AdmBattle *self,
                                                guint         ship);
guint                 adm_battle_get_n_markers (AdmBattle    *self);
const AdmBattleMarker *adm_battle_get_marker   (AdmBattle    *self,
                                                guint         index);
guint                 adm_battle_get_n_salvos  (AdmBattle    *self);
const AdmTorpedoSalvo *adm_battle_get_salvo    (AdmBattle    *self,
                                                guint         index);
guint                 adm_battle_get_n_mines   (AdmBattle    *self);
const AdmMine        *adm_battle_get_mine      (AdmBattle    *self,
                                                guint         index);
guint                 adm_battle_get_n_boardings (AdmBattle  *self);
const AdmBoarding    *adm_battle_get_boarding  (AdmBattle    *self,
                                                guint         index);
/* The low-orbit map; present is FALSE on an open-space table. */
const AdmLowOrbit    *adm_battle_get_low_orbit (AdmBattle    *self);
/* What @side knows of @formation (F-ECM). A side always knows its own formations fully. */
AdmDetection          adm_battle_get_detection (AdmBattle    *self,
                                                guint         side,
                                                guint         formation);

/* Derived values of a ship, by the rules. */
int                   adm_battle_ship_hull_left   (AdmBattle *self,
                                                   guint      ship);
/* F-CRIT-6: the hull points a ship of @hull has lost when it is damaged, the ruleset's share
 * of them (@lost of every @of, <damaged>) rounded up. */
int                   adm_crit_6_damaged_at       (int        hull,
                                                   int        lost,
                                                   int        of);
/* F-CRIT-6 under "damaged-threshold": adm_crit_6_damaged_at () for @ship's class and the
 * battle's ruleset, and whether @ship has lost that many. */
int                   adm_battle_ship_damaged_at  (AdmBattle *self,
                                                   guint      ship);
/* F-SWEEP-3: how far, in cm, a minesweeper of @devices anti-mine devices searches, each
 * searching the ruleset's @cm_per_device. */
double                adm_sweep_3_reach           (int        devices,
                                                   int        cm_per_device);
/* F-SWEEP-4: whether a sweeper that moved @moved cm destroys the mines it found: no more than
 * the ruleset's @still_cm. */
gboolean              adm_sweep_4_still           (double     moved,
                                                   int        still_cm);
/* F-SWEEP-5: the d6 an undeclared minesweeper rolls to spot a mine: the ruleset's
 * @blunder_dice, or @readiness_dice with the ruling "sweep-blunder" 2d6 (@readiness_check). */
int                   adm_sweep_5_dice            (gboolean   readiness_check,
                                                   int        blunder_dice,
                                                   int        readiness_dice);
gboolean              adm_battle_ship_is_damaged  (AdmBattle *self,
                                                   guint      ship);
/* Pure function, F-CAT-12, F-CAT-13 ("explosion-strike"): the strength of an exploding
 * ship's strike, @hull_percent of its @starting_hull points, rounded down (the ruleset's
 * <explosion-strength>: half for the plasma drives, F-CAT-12; all for the Necklin rift,
 * F-CAT-13). */
int                   adm_cat_12_strength         (int        starting_hull,
                                                   int        hull_percent);
/* Pure function, F-RAM-3, F-RAM-4 ("ram-size"): the d6 of a ram's readiness test by base
 * size: @smaller_dice when the target's @target_size is below the rammer's @rammer_size,
 * @larger_dice when above, @readiness_dice (F-RDY-2) when the same (within 10⁻⁶ cm). */
int                   adm_ram_4_dice              (double     rammer_size,
                                                   double     target_size,
                                                   int        readiness_dice,
                                                   int        smaller_dice,
                                                   int        larger_dice);
/* Pure function, F-RAM-13 ("ram-shield-modifier", its option @ruling): what a ship with
 * @own_shields working shields adds to each of its ramming damage dice against one with
 * @other_shields when its shields are the stronger, else 0: @bonus ("plus-one-stronger"), or
 * @bonus for each shield of the difference ("difference"). */
int                   adm_ram_13_modifier         (int         own_shields,
                                                   int         other_shields,
                                                   int         bonus,
                                                   const char *ruling);
/* Pure function, F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6 ("boarding-ratio"): what a ship's
 * own state takes from its boarding roll, with the ruleset's <boarding-modifiers>: @penalties
 * (ADM_N_BOARDING_MODIFIERS, by AdmBoardingModifier) for @fire_damage of @hit_hull hull points
 * or more in this turn's fire phase, for being @damaged, for a @failed_order this turn, or
 * else for a @combat_order. Fills @applied (ADM_N_BOARDING_MODIFIERS) with each modifier, 0
 * for one that does not apply, and returns their sum. */
int                   adm_board_3_modifiers       (int        fire_damage,
                                                   gboolean   damaged,
                                                   gboolean   failed_order,
                                                   gboolean   combat_order,
                                                   int        hit_hull,
                                                   const int *penalties,
                                                   int       *applied);
/* Pure function, F-BOARD-17, F-BOARD-18 ("takeover-readiness"): on a take-over, the prize's
 * readiness, the capturing ship's @crew readiness divided by @prize_divisor, and in
 * @captor_loss what the capturing ship loses, @crew divided by @captor_divisor, each rounded
 * down (the ruleset's <takeover-readiness>). */
int                   adm_board_17_readiness      (int        crew,
                                                   int        prize_divisor,
                                                   int        captor_divisor,
                                                   int       *captor_loss);
/* Pure function, F-ORB-2 ("orbit-change-halving"): the @shields of a ship that halved them to
 * change orbit, divided by @divisor (the ruleset's <orbit-change>), rounded down or, with
 * @round_up, up. */
int                   adm_orb_2_shields           (int        shields,
                                                   int        divisor,
                                                   gboolean   round_up);
/* Pure function, F-ORB-3 ("orbit-fall-results"): whether a critical result of @effect (its
 * row's effect, "engines") is damage to the engines or control systems that starts a ship's
 * fall in low orbit, @fall_effects being the ruleset's <orbit-fall> effects for the ruling's
 * option. */
gboolean              adm_orb_3_falls             (const char         *effect,
                                                   const char * const *fall_effects);
/* Pure function, F-DC-1 ("damage-control-extra-die"): the damage-control attempts a ship
 * whose crew's readiness grade is @grade (an id, NULL for none) makes a turn: @attempts (the
 * repairs a turn, each its own roll), and @extra_attempts more when @grade is one of
 * @extra_grades (the ruleset's <damage-control-attempts>). */
int                   adm_dc_1_attempts           (const char         *grade,
                                                   const char * const *extra_grades,
                                                   int                 attempts,
                                                   int                 extra_attempts);
/* Pure function, F-RAM-8, F-RAM-10, F-RAM-12 ("ram-damage"): the rammed ship's damage dice
 * against the rammer: its own @target_hull head-on, else the rammer's @rammer_hull divided by
 * @hull_divisor (the ruleset's <ram-return>), rounded down. */
int                   adm_ram_8_dice              (int        rammer_hull,
                                                   int        target_hull,
                                                   gboolean   head_on,
                                                   int        hull_divisor);
/* Readiness for checks: base, less crew losses, less the F-RDY-3 penalty in force
 * (adm_rdy_3_readiness () with the ruleset's <damage-readiness>). */
int                   adm_battle_ship_readiness   (AdmBattle *self,
                                                   guint      ship);
/* Pure function, F-RDY-3 ("readiness-penalty"): @readiness in turn @turn of a ship that last
 * took damage in turn @damage_turn (0: never), less @penalty in the @turns turns from the
 * turn of the damage on; more damage starts them again, the penalty not added twice. */
int                   adm_rdy_3_readiness         (int        readiness,
                                                   int        turn,
                                                   int        damage_turn,
                                                   int        penalty,
                                                   int        turns);
/* Shield rating now (0 after critical 10), before any reinforcement. */
int                   adm_battle_ship_shields     (AdmBattle *self,
                                                   guint      ship);
/* Shield blocks left in the pool protecting @ship (F-FORM-19, F-SHLD-5, F-FORD-7). */
int                   adm_battle_ship_shield_pool (AdmBattle *self,
                                                   guint      ship);
/* Defensive turrets protecting @ship: its formation's sum while it has command (F-FORM-19,
 * F-FORM-15) and those of friendly ships touching it (F-TORP-17), less turrets that already
 * met a wave in this torpedo phase (F-TORP-16); the torpedo phase fires them. */
int                   adm_battle_ship_turret_pool (AdmBattle *self,
                                                   guint      ship);
/* F-FORD-8: the d6 result at or above which each damage point to @ship is saved by its
 * reinforced special force shield now (the ruleset's number); 0 when nothing is saved. */
int                   adm_battle_ship_shield_save_on (AdmBattle *self,
                                                      guint      ship);
/* Speed now, less F-CRIT-15 losses, never below 0 (adm_crit_15_speed () with the critical
 * table's speed-loss). */
int                   adm_battle_ship_speed       (AdmBattle *self,
                                                   guint      ship);
/* Pure function, F-CRIT-15: a ship's @speed less @speed_loss (the central deck's row of the
 * critical table, speed-loss) for each of its @hits there not repaired, never below 0. */
int                   adm_crit_15_speed           (int        speed,
                                                   int        hits,
                                                   int        speed_loss);
/* Pure function, F-CRIT-20: the roll after @roll on a critical table rolled with @dice d6,
 * the highest sum wrapping to the lowest. */
int                   adm_crit_20_next_roll       (int        roll,
                                                   int        dice);
int                   adm_battle_ship_ecm_attack  (AdmBattle *self,
                                                   guint      ship);
/* Whether @ship may be given a lay-mine order in this battle: the ruling "minelaying" lets
 * mines be laid in the tactical phase (F-WPN-19), and the ship is in action with mine racks on
 * its card (F-MINE-10, F-MINE-11, F-MINE-12). Where it stands (F-MINE-13) is checked with the
 * order. */
gboolean              adm_battle_ship_can_lay_mines (AdmBattle *self,
                                                     guint      ship);

/* Resolves the current phase with @orders (the declarations of this turn; phases read the
 * part that concerns them; NULL is no declarations), asking @dice for every roll, and
 * advances to the next phase. On an error — an illegal order, a dice source that fails —
 * nothing changes. */
gboolean              adm_battle_resolve_phase (AdmBattle              *self,
                                                const AdmTurnOrders    *orders,
                                                AdmDiceSource          *dice,
                                                GError                **error);
/* Resolves the phases left in this turn, all or nothing. */
gboolean              adm_battle_resolve_turn  (AdmBattle              *self,
                                                const AdmTurnOrders    *orders,
                                                AdmDiceSource          *dice,
                                                GError                **error);

/* Report lines (AdmReportLine*) and rolls (AdmBattleRoll*), oldest first. */
GPtrArray            *adm_battle_get_report    (AdmBattle    *self);
GPtrArray            *adm_battle_get_rolls     (AdmBattle    *self);

/* The journal: one "phase" event per resolved phase (its declarations in the text) followed
 * by one "roll" event per roll it used. */
GPtrArray            *adm_battle_get_journal   (AdmBattle    *self);
/* The digest that binds a phase's declarations to the sides' dice contributions
 * (docs/dice.md, "What the sides add"): SHA-256, lowercase hex, of the declarations @text as
 * the phase's "phase" event journals them (its text). */
char                 *adm_declarations_digest  (const char *text) G_GNUC_WARN_UNUSED_RESULT;
/* adm_declarations_digest () of @orders (NULL: no declarations) as resolving the current phase
 * with them would journal them. */
char                 *adm_battle_declarations_digest (AdmBattle           *self,
                                                      const AdmTurnOrders *orders)
                                                      G_GNUC_WARN_UNUSED_RESULT;
/* The dice the current phase asks for with @orders, in the order the rules roll them: the
 * phase is played with @dice on the snapshot a dry run takes (adm_battle_check_orders ()), and
 * @dice — a source that notes what it is asked, and may make up the values it lacks — is
 * asked for each roll as the real resolution would ask. The battle, its report, dice log,
 * journal and autosave are untouched, and no signal is emitted. FALSE with @error where the
 * phase refuses the orders or @dice fails. */
gboolean              adm_battle_phase_requests (AdmBattle           *self,
                                                 const AdmTurnOrders *orders,
                                                 AdmDiceSource       *dice,
                                                 GError             **error);
/* Every phase resolved, undone and redone, never cut (adm-journal.h); the events above are
 * those of its actions in effect. */
AdmJournal           *adm_battle_get_log       (AdmBattle    *self);
/* What Undo would take back and Redo bring back ("Resolve Fire, Turn 3"), or NULL. */
char                 *adm_battle_describe_undo (AdmBattle    *self) G_GNUC_WARN_UNUSED_RESULT;
char                 *adm_battle_describe_redo (AdmBattle    *self) G_GNUC_WARN_UNUSED_RESULT;
gboolean              adm_battle_can_undo      (AdmBattle    *self);
/* Takes back the last resolved phase in effect: an undo entry is journaled (nothing is
 * removed) and the phases in effect replay. */
gboolean              adm_battle_undo          (AdmBattle    *self,
                                                GError      **error);
/* Whether a phase taken back by adm_battle_undo () can be brought back: not once another
 * phase was resolved since (adm_battle_resolve_phase (), adm_battle_resolve_turn ()). A
 * battle opened from its file can still redo what was undone before it was saved. */
gboolean              adm_battle_can_redo      (AdmBattle    *self);
/* Brings back the phase last undone, with the declarations and dice it was resolved with (a
 * redo entry is journaled), so that report, dice log and state are as they were before the
 * undo; several undos are redone last first. Autosaves and emits "changed" as undo does. "nothing to redo"
 * (ADM_BATTLE_ERROR_REPLAY) when the stack is empty. */
gboolean              adm_battle_redo          (AdmBattle    *self,
                                                GError      **error);
/* A canonical text dump of the whole state, for comparing states byte for byte. */
/* The battle as it stood when its log held its first @n_entries entries, the entries after
 * them taken back as if never played (adm_journal_take_back_to ()): for a battle of the past
 * that is read, never saved — nothing is journaled or autosaved. Each phase taken back puts
 * back the state kept from before it. Emits "changed". */
gboolean              adm_battle_take_back_to  (AdmBattle    *self,
                                                guint         n_entries,
                                                GError      **error);
char                 *adm_battle_dump          (AdmBattle    *self) G_GNUC_WARN_UNUSED_RESULT;

/* Saved battles (docs/formats.md, "Saved battles"): <battle-game version="1">, the set-up's
 * <battle> element verbatim and the <journal>. */
#define ADM_BATTLE_BACKUPS 3

/* Writes the battle to @path atomically (a crash leaves the previous file whole), keeping the
 * previous three versions as rotating backups (adm_battle_backup_path ()). The battle's path
 * becomes @path. Errors are ADM_BATTLE_ERROR_SAVE. */
gboolean              adm_battle_save          (AdmBattle    *self,
                                                const char   *path,
                                                GError      **error);
/* The saved battle's bytes. */
/* A battle journal action as Undo and Redo name it: "Resolve Fire, Turn 3"; NULL for an
 * action that is not a phase. The campaign names the battle entries it keeps with it. */
char                 *adm_battle_describe_action (const AdmJournalAction *action);
char                 *adm_battle_serialize     (AdmBattle    *self,
                                                gsize        *length) G_GNUC_WARN_UNUSED_RESULT;
/* Its first part, which never changes: the XML declaration, <battle-game> and the set-up,
 * up to its journal (a campaign keeps it once, and the journal's entries apart). */
char                 *adm_battle_serialize_head (AdmBattle   *self,
                                                gsize        *length) G_GNUC_WARN_UNUSED_RESULT;
/* A battle's text (a set-up or a saved battle) set up under the season of @ruleset, with a
 * copy of that season put inside its <battle>: for a battle that leaves its campaign (handed to
 * a table, exported), whose own rules are then never looked up in a rules folder. A text that
 * carries a season already, or names another, is given back as it is. */
char                 *adm_battle_text_with_season    (const char *text,
                                                      AdmRuleset *ruleset) G_GNUC_WARN_UNUSED_RESULT;
/* @text without the season its set-up carries, as its campaign keeps it. */
char                 *adm_battle_text_without_season (const char *text) G_GNUC_WARN_UNUSED_RESULT;
/* Opens a saved battle: loads its set-up, then replays its journal with the dice recorded
 * there; the battle's path is @path. A battle file (a set-up, root <battle>) opens as a new
 * battle with no path, exactly as adm_battle_load_file () opens it. Errors read
 * "FILE:LINE: problem": ADM_BATTLE_ERROR_CORRUPT when the file is damaged (truncated, not
 * well-formed, not a valid saved battle), ADM_BATTLE_ERROR_REPLAY naming the turn and phase
 * when its journal does not replay (a die changed by hand, another ruleset). In both cases
 * adm_battle_find_backup () names the newest backup that opens. */
AdmBattle            *adm_battle_load_game     (const char   *path,
                                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* A saved battle (or a set-up) from memory, as adm_battle_load_game () opens a file, with no
 * path: a battle kept inside a campaign file (adm_campaign_get_battle ()). */
AdmBattle            *adm_battle_load_game_memory (const char *data,
                                                gsize         length,
                                                const char   *display_name,
                                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* The same, from @doc as read and validated (adm_xml_read_memory (), adm_xml_push_end ()),
 * which stays the caller's. */
AdmBattle            *adm_battle_load_game_doc (xmlDoc      *doc,
                                                const char   *display_name,
                                                GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* PATH's backup @n (1 = newest): "game.xml" → "game.backup-1.xml". */
char                 *adm_battle_backup_path   (const char   *path,
                                                guint         n) G_GNUC_WARN_UNUSED_RESULT;
/* The newest of the backups of @path that opens with adm_battle_load_game (), or NULL. */
char                 *adm_battle_find_backup   (const char   *path) G_GNUC_WARN_UNUSED_RESULT;
/* The saved battle this battle was last written to or opened from; NULL for a set-up never
 * saved. */
const char           *adm_battle_get_path      (AdmBattle    *self);
/* Autosave: once @path is set, the battle is saved there (adm_battle_save ()) after every
 * phase resolved, every turn taken back whole (a refused adm_battle_resolve_turn ()) and
 * every undo and redo, before "changed" is emitted; the file is written at once unless it
 * already holds the battle as it stands. NULL turns autosave off.
 *
 * A failed autosave never takes back the phase: the battle goes on in memory, and the next
 * autosave that succeeds writes it all. The failure is reported by the signal
 * "autosave-failed" (void handler (AdmBattle *battle, const GError *error, gpointer data))
 * and kept until the next autosave succeeds, for adm_battle_get_autosave_error (). */
void                  adm_battle_set_autosave_path (AdmBattle *self,
                                                const char   *path);
const char           *adm_battle_get_autosave_path (AdmBattle *self);
/* With @flush_later, an autosave that adds to its file leaves the file's flush to the disk to
 * the flusher's thread (ADM_JOURNAL_SAVE_FLUSH_LATER), and so does the checkpoint of a turn
 * played (adm_file_write_checkpoint_later ()): the file holds the phase when the autosave
 * returns, and a crash of the program loses none of it; a power cut may until the flush is
 * done. A flush that fails is an autosave that failed ("autosave-failed"), and the next
 * autosave writes the file whole. The battle's last reference waits for the flushes still
 * with the flusher. Off by default: a program about to end saves and flushes at once. */
void                  adm_battle_set_flush_later (AdmBattle *self,
                                                gboolean      flush_later);
/* The last autosave's failure, or NULL when it succeeded (or there was none). */
const GError         *adm_battle_get_autosave_error (AdmBattle *self);

const char           *adm_phase_to_string      (AdmPhase      phase);
/* The phase named by adm_phase_to_string ()'s @id, as the master reads it ("Fire"). */
const char           *adm_phase_display_name   (const char   *id);
const char           *adm_ship_status_to_string (AdmShipStatus status);
const char           *adm_detection_to_string  (AdmDetection  detection);

G_END_DECLS
