/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ruleset.h: a ruleset (tables, ship types, rulings) and its ship classes and factions,
 * loaded from data/rules/<id>.xml and <id>-classes.xml. */
#pragma once

#include <glib-object.h>
#include <libxml/tree.h>

#include "adm-faction-symbol.h"
#include "adm-tables.h"

G_BEGIN_DECLS

typedef enum {
  ADM_CATEGORY_CAPITAL,
  ADM_CATEGORY_ESCORT,
  ADM_CATEGORY_AUXILIARY,
  ADM_CATEGORY_STATION,    /* F-STN: orbital stations and platforms, fixed in orbit */
} AdmCategory;

typedef enum {
  ADM_WEAPON_DESTRUCTOR,
  ADM_WEAPON_ARTILLERY,
  ADM_WEAPON_TORPEDO,
  ADM_WEAPON_MINE,
} AdmWeaponType;

typedef enum {
  ADM_ARC_BOW       = 1 << 0,
  ADM_ARC_STERN     = 1 << 1,
  ADM_ARC_PORT      = 1 << 2,
  ADM_ARC_STARBOARD = 1 << 3,
} AdmArcs;

typedef struct {
  char   *id;
  char   *name;
  double  base_size;   /* cm, F-SHIP-1, F-SHIP-2, F-SHIP-3 */
  char   *clause;
  /* F-MOVE-8, F-MOVE-9, F-MOVE-10, F-MOVE-11, F-MOVE-12, F-MOVE-13: share of the declared
   * move before a turn, 0..1 */
  double  turn_after;
  char   *turn_clause; /* the clause that sets turn_after */
  gboolean turn_after_speed; /* F-MOVE-12: turn_after is a share of the current game speed */
} AdmShipType;

typedef struct {
  char          *id;
  char          *name;
  AdmWeaponType  type;
  int            firepower;
  int            range;          /* cm */
  AdmArcs        arcs;
  int            torpedo_speed;  /* cm per turn, torpedoes only */
  int            torpedo_turns;
} AdmWeapon;

typedef struct {
  char              *id;
  char              *name;
  const AdmShipType *type;
  AdmCategory        category;
  int                speed;         /* cm */
  int                turn;          /* 45 or 90 degrees */
  int                hull;          /* hit points (живучесть) */
  int                armour;
  int                shields;
  int                turrets;       /* anti-torpedo */
  int                ecm_attack;
  int                ecm_defence;
  gboolean           turn_anywhere; /* F-MOVE-11 exceptions such as the Ariel */
  gboolean           special_shield; /* F-FORD-8 special force shield */
  int                sweep_devices; /* F-SWEEP-3: anti-mine devices; 0: not a minesweeper */
  GPtrArray         *weapons;       /* AdmWeapon* */
} AdmShipClass;

typedef struct {
  char *id;
  char *name;
  char *colour;          /* "#rrggbb" */
  int   boarding_bonus;
  AdmFactionSymbol symbol; /* its own, or "symbols in order" (adm-faction-symbol.h) */
} AdmFaction;

typedef struct {
  char      *id;
  char      *name;
  char      *clause;
  char      *description;
  char      *default_value;
  char      *value;        /* current value: the default unless overridden */
  GPtrArray *options;      /* char* values */
  GPtrArray *option_names; /* char* display names, parallel to options */
} AdmRuling;

/* F-STRAT-15, F-TAC-1: how a formation is laid out in its side's deployment zone when a battle
 * opens from an engagement (data: <placements> of the ruleset). */
typedef enum {
  ADM_ARRANGEMENT_LINE_ABREAST, /* side by side along the side's front line */
  ADM_ARRANGEMENT_COLUMN,       /* line ahead, one behind the other along the front line */
  ADM_ARRANGEMENT_BLOCK,        /* ranks of @files ships abreast, one rank behind the other */
} AdmArrangement;

typedef struct {
  char           *id;
  char           *name;            /* display name, translated */
  char           *description;     /* translated */
  AdmArrangement  arrangement;
  gboolean        along_line;      /* heading along the side's line, not at the enemy */
  double          spacing;         /* cm clear between neighbouring bases */
  double          formation_gap;   /* cm clear between neighbouring formations of a side */
  double          setback;         /* cm behind the side's front line */
  int             files;           /* block: ships abreast in a rank (1 otherwise) */
} AdmPlacement;

/* F-TAC-1: how the sector's features go on a generated table (data: <table-layout>);
 * lengths in cm. */
typedef struct {
  double  planet_diameter;   /* F-ORB-4: the planet's mark */
  GArray *orbits;            /* double: F-ORB-1, radii from the planet's centre, innermost first */
  guint   station_orbit;     /* F-STN-5: the orbit (from 1) stations keep */
  double  station_diameter;  /* F-STN-1: a station's mark */
  double  wormhole_exit;     /* F-MOVE-5: across, a wormhole's exit zone */
  /* F-MINE-5, F-MINE-6, F-MINE-7, F-MINE-8: the card of a mine laid on the strategic map: */
  gboolean mine_torpedo;     /* torpedo or plasma charge, */
  int     mine_reach;        /* reach (range/speed) cm, */
  int     mine_strength;     /* firepower or strength */
  double  clearance;         /* between features, and between a feature and a front line */
  double  scatter;           /* the most the seed moves the features along the lines */
  char   *description;       /* translated */
} AdmTableLayout;

#define ADM_TYPE_RULESET (adm_ruleset_get_type ())
G_DECLARE_FINAL_TYPE (AdmRuleset, adm_ruleset, ADM, RULESET, GObject)

/* The directories searched for rules, first first: $ADMIRALTY_RULES_PATH (colon-separated),
 * $XDG_DATA_HOME/admiralty/rules, PKGDATADIR/rules. Free with g_ptr_array_unref (). */
GPtrArray               *adm_rules_search_path        (void) G_GNUC_WARN_UNUSED_RESULT;

/* Loads ruleset @id from the first directory of the rules search path that has <id>.xml:
 * $ADMIRALTY_RULES_PATH (colon-separated), $XDG_DATA_HOME/admiralty/rules, PKGDATADIR/rules. */
AdmRuleset              *adm_ruleset_load             (const char   *id,
                                                       GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* Loads a ruleset file; its classes file is found beside it. */
AdmRuleset              *adm_ruleset_load_file        (const char   *path,
                                                       GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* A season is a ruleset with its classes and factions carried inside a file — a scenario, a
 * campaign or a battle — as <season><ruleset …>…</ruleset><classes …>…</classes></season>,
 * each element as its file in the rules folder has it (the ruleset's "classes" attribute is
 * not used there). Each part is checked against its schema and by the loader; errors name
 * @display_name and the season's lines. */
AdmRuleset              *adm_ruleset_new_from_season  (xmlNode      *season,
                                                       const char   *display_name,
                                                       GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* The ruleset an element of a file names (a <scenario>, a <battle>): the <season> it carries;
 * else, for a battle set up in a campaign, the season of that campaign, named by its SHA-256
 * in the attribute "season" and known once the campaign was read in this process; else the
 * installed ruleset its attribute "ruleset" names. */
AdmRuleset              *adm_ruleset_load_carried     (xmlNode      *element,
                                                       const char   *display_name,
                                                       GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* The season this ruleset was read from, as a <season> element (owned by the ruleset): the
 * rules folder's two files, or the season a file carried. Copy it to carry it elsewhere. */
xmlNode                 *adm_ruleset_get_season       (AdmRuleset   *self);
/* The season's SHA-256, in lowercase hexadecimal. */
const char              *adm_ruleset_get_season_digest (AdmRuleset  *self);

const char              *adm_ruleset_get_id           (AdmRuleset   *self);
const char              *adm_ruleset_get_name         (AdmRuleset   *self);

GPtrArray               *adm_ruleset_get_ship_types   (AdmRuleset   *self); /* AdmShipType* */
GPtrArray               *adm_ruleset_get_classes      (AdmRuleset   *self); /* AdmShipClass* */
GPtrArray               *adm_ruleset_get_factions     (AdmRuleset   *self); /* AdmFaction* */
const AdmShipClass      *adm_ruleset_lookup_class     (AdmRuleset   *self,
                                                       const char   *id);
const AdmFaction        *adm_ruleset_lookup_faction   (AdmRuleset   *self,
                                                       const char   *id);

const AdmArtilleryTable *adm_ruleset_get_artillery    (AdmRuleset   *self);
GPtrArray               *adm_ruleset_get_critical_table (AdmRuleset *self,
                                                       const char   *kind); /* "ship" | "station" */
GPtrArray               *adm_ruleset_get_catastrophic_table (AdmRuleset *self);
GPtrArray               *adm_ruleset_get_readiness_grades (AdmRuleset *self);
/* F-TORP-13: the d6 result at or above which a defensive turret's die destroys a torpedo; the
 * same for every die rolled as a turret (F-TORP-14, F-TORP-19, F-MINE-9). */
int                      adm_ruleset_get_turret_hit   (AdmRuleset   *self);
/* F-FORD-8: the d6 result at or above which a reinforced special force shield ignores a
 * damage point. */
int                      adm_ruleset_get_shield_save_on (AdmRuleset *self);
/* F-DES-2: the d6 result at or above which a gravi-destructor's die hits, whatever the
 * armour. */
int                      adm_ruleset_get_destructor_hit_on (AdmRuleset *self);
/* F-DES-3: the d6 result at or above which a damage point done by gravi-destructors brings a
 * critical. */
int                      adm_ruleset_get_destructor_critical_on (AdmRuleset *self);

/* F-CRIT-1: the sources of damage whose critical checks pass on a d6 number of the ruleset's
 * <critical-checks> (the gravi-destructor's is adm_ruleset_get_destructor_critical_on ()). */
typedef enum
{
  ADM_CRITICAL_SOURCE_ARTILLERY,    /* F-ART-13 */
  ADM_CRITICAL_SOURCE_TORPEDO,      /* F-WPN-16: torpedoes, a torpedo mine's too */
  ADM_CRITICAL_SOURCE_PLASMA_MINE,  /* F-CRIT-1, ruling "critical-threshold-other" */
  ADM_CRITICAL_SOURCE_RAMMING,      /* F-CRIT-1, ruling "critical-threshold-other" */
  ADM_CRITICAL_SOURCE_EXPLOSION,    /* F-CRIT-1, ruling "critical-threshold-other" */
  ADM_CRITICAL_SOURCE_FIRE,         /* F-CRIT-14: a fire not put out */
  ADM_N_CRITICAL_SOURCES
} AdmCriticalSource;

/* F-CRIT-1: the d6 result at or above which a damage point from @source brings a critical,
 * and the clause its checks are rolled under. */
int                      adm_ruleset_get_critical_on (AdmRuleset        *self,
                                                      AdmCriticalSource  source);
const char              *adm_ruleset_get_critical_clause (AdmRuleset        *self,
                                                          AdmCriticalSource  source);
/* F-CAT-12, F-CAT-13: the d6 result at or above which a die of an explosion's strike is a
 * damage. */
int                      adm_ruleset_get_explosion_damage_on (AdmRuleset *self);
/* F-STN-8, F-STN-9, F-STN-11: the d6 result at or above which a station's critical calls the
 * catastrophic damage table. */
int                      adm_ruleset_get_station_catastrophic_on (AdmRuleset *self);
/* F-FORM-14: what the next ship of a formation's succession adds to its readiness for its
 * 2d6 roll to take command. */
int                      adm_ruleset_get_succession_bonus (AdmRuleset *self);
/* F-FORM-8: the most ships a formation holds (of one category, or of each, as ruled by
 * "formation-composition"). */
int                      adm_ruleset_get_formation_ships (AdmRuleset *self);
/* F-CRIT-6: a ship is damaged once it has lost @lost of every @of of its hull points (1 of 2,
 * half), rounded up (adm_crit_6_damaged_at ()). */
void                     adm_ruleset_get_damaged_share (AdmRuleset *self,
                                                        int        *lost,
                                                        int        *of);
/* F-ART-8, F-ART-9: the range bands that shift the artillery column (adm_art_8_range_shift
 * ()). */
const AdmRangeBands     *adm_ruleset_get_range_bands (AdmRuleset *self);

/* The explosions of the catastrophic damage table, each keyed in the ruleset's
 * <explosion-strength> by its clause. */
typedef enum
{
  ADM_EXPLOSION_PLASMA_OVERLOAD,  /* F-CAT-12: the plasma drives overloaded */
  ADM_EXPLOSION_NECKLIN_RIFT,     /* F-CAT-13: the Necklin drive's rift */
  ADM_N_EXPLOSIONS
} AdmExplosion;

/* F-CAT-12, F-CAT-13: the strength of @explosion's strike, in % of the exploding ship's
 * starting hull points. */
int                      adm_ruleset_get_explosion_percent (AdmRuleset   *self,
                                                            AdmExplosion  explosion);

/* The boarding modifiers of a ship's own state, each keyed in the ruleset's <boarding-modifiers>
 * by its clause. */
typedef enum
{
  ADM_BOARDING_MODIFIER_HIT,           /* F-BOARD-3: hit in this turn's fire phase */
  ADM_BOARDING_MODIFIER_DAMAGED,       /* F-BOARD-4 */
  ADM_BOARDING_MODIFIER_COMBAT_ORDER,  /* F-BOARD-5: executing a combat order */
  ADM_BOARDING_MODIFIER_FAILED_ORDER,  /* F-BOARD-6: failed an order this turn */
  ADM_N_BOARDING_MODIFIERS
} AdmBoardingModifier;

/* F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6: for each AdmBoardingModifier, what it takes from
 * the ship's boarding roll; ADM_N_BOARDING_MODIFIERS of them, owned by the ruleset. */
const int               *adm_ruleset_get_boarding_penalties (AdmRuleset *self);
/* F-BOARD-3: the hull points a ship must lose in this turn's fire phase for its penalty. */
int                      adm_ruleset_get_boarding_hit_hull (AdmRuleset *self);

/* The boarding ratio bonuses, each keyed in the ruleset's <boarding-ratios> by its clause. */
typedef enum
{
  ADM_BOARDING_RATIO_HIGHER,       /* F-BOARD-9 */
  ADM_BOARDING_RATIO_TWICE,        /* F-BOARD-10 */
  ADM_BOARDING_RATIO_THREE_TIMES,  /* F-BOARD-11 */
  ADM_BOARDING_RATIO_FOUR_TIMES,   /* F-BOARD-12 */
  ADM_N_BOARDING_RATIOS
} AdmBoardingRatio;

/* F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12: for each AdmBoardingRatio, how many times the
 * defender's boarding potential the attacker's must be at least (@times) and the bonus it
 * earns (@bonus); ADM_N_BOARDING_RATIOS of each, owned by the ruleset. */
void                     adm_ruleset_get_boarding_ratios (AdmRuleset  *self,
                                                          const int  **times,
                                                          const int  **bonus);
/* The clause of @ratio ("F-BOARD-9" …). */
const char              *adm_boarding_ratio_clause (AdmBoardingRatio ratio);

/* The shares of the capturing ship's crew readiness on a take-over, each keyed in the ruleset's
 * <takeover-readiness> by its clause. */
typedef enum
{
  ADM_TAKEOVER_PRIZE,   /* F-BOARD-17: the prize's readiness */
  ADM_TAKEOVER_CAPTOR,  /* F-BOARD-18: what the capturing ship loses */
  ADM_N_TAKEOVER_SHARES
} AdmTakeoverShare;

/* F-BOARD-17, F-BOARD-18: what the capturing ship's crew readiness is divided by, rounded
 * down, for @share. */
int                      adm_ruleset_get_takeover_divisor (AdmRuleset       *self,
                                                           AdmTakeoverShare  share);

/* F-RDY-3: the readiness a ship loses when it takes damage, and for how many turns, the turn
 * of the damage the first. */
int                      adm_ruleset_get_damage_readiness_penalty (AdmRuleset *self);
int                      adm_ruleset_get_damage_readiness_turns (AdmRuleset *self);

/* F-RAM-4: the d6 of a ram's readiness test against a target smaller than the rammer, and
 * against a larger one (against one of its size, F-RDY-2's <dice-counts>). */
int                      adm_ruleset_get_ram_smaller_target_dice (AdmRuleset *self);
int                      adm_ruleset_get_ram_larger_target_dice (AdmRuleset *self);

/* F-RAM-13: what the ship with the stronger shields adds to each of its ramming damage dice. */
int                      adm_ruleset_get_ram_shield_bonus (AdmRuleset *self);

/* A minesweeper's numbers, the ruleset's <minesweeping>. */
typedef struct {
  int cm_per_device;   /* F-SWEEP-3: what each anti-mine device searches, cm */
  int still_cm;        /* F-SWEEP-4: the most a sweeper moves and destroys what it found */
  int blunder_dice;    /* F-SWEEP-5: the d6 an undeclared sweeper rolls to spot a mine */
} AdmMinesweeping;

const AdmMinesweeping   *adm_ruleset_get_minesweeping (AdmRuleset *self);

/* F-RAM-8, F-RAM-12: what the rammer's starting hull points are divided by, rounded down, for
 * the rammed ship's damage dice against it away from head-on. */
int                      adm_ruleset_get_ram_hull_divisor (AdmRuleset *self);

/* F-ORB-2: what a ship's shields are divided by, rounded as ruled, when it halves them to change
 * orbit. */
int                      adm_ruleset_get_orbit_shield_divisor (AdmRuleset *self);

/* F-DC-1: the damage-control attempts a ship makes a turn; the extra attempts of a crew whose
 * readiness grade (F-RDY-5) is one of adm_ruleset_get_damage_control_extra_grades () (ids,
 * NULL-terminated; some may be grades the season has not, when they are the defaults'). */
int                      adm_ruleset_get_damage_control_attempts (AdmRuleset *self);
int                      adm_ruleset_get_damage_control_extra_attempts (AdmRuleset *self);
const char * const      *adm_ruleset_get_damage_control_extra_grades (AdmRuleset *self);

/* The options of the ruling "orbit-fall-results" (F-ORB-3), each keyed in the ruleset's
 * <orbit-fall> by its value. */
typedef enum
{
  ADM_ORBIT_FALL_CRIT_21,       /* "crit-21-results": the results F-CRIT-21 names */
  ADM_ORBIT_FALL_ENGINES_ONLY,  /* "engines-only": the engines alone */
  ADM_N_ORBIT_FALL_OPTIONS
} AdmOrbitFallOption;

/* F-ORB-3: the effects of the ship critical table's rows ("engines") that make a ship in low
 * orbit begin to fall under @option (NULL-terminated). */
const char * const      *adm_ruleset_get_orbit_fall_effects (AdmRuleset        *self,
                                                             AdmOrbitFallOption option);

/* F-STRAT-1: the minutes of real time of a communication cycle. */
int                      adm_ruleset_get_cycle_minutes (AdmRuleset *self);

/* F-STRAT-6: the minutes of the strategic phase of "about an hour", when the ruling
 * "strategic-phase" is "hour". */
int                      adm_ruleset_get_hour_minutes (AdmRuleset *self);

/* F-STRAT-10: the maximum speed a formation's slowest ship must be over for it to be fast, under
 * the ruling "fast-ships" "speed-over-25". */
int                      adm_ruleset_get_fast_speed_over (AdmRuleset *self);

/* F-STRAT-10: the strategic phases moving from sector to sector takes a fast formation (@fast)
 * or any other. */
double                   adm_ruleset_get_sector_phases (AdmRuleset *self,
                                                        gboolean    fast);

/* F-STRAT-11: the strategic phases an order's own action takes. */
double                   adm_ruleset_get_order_phases (AdmRuleset *self);

/* The rolls whose number of d6 is the ruleset's <dice-counts>, each keyed there by its
 * clause. */
typedef enum
{
  ADM_DICE_CRITICAL_TABLE,      /* F-CRIT-2: the critical damage table */
  ADM_DICE_CATASTROPHIC_TABLE,  /* F-CAT-3: the catastrophic damage table */
  ADM_DICE_DAMAGE_CONTROL,      /* F-DC-2: a damage control roll */
  ADM_DICE_READINESS,           /* F-RDY-2: a readiness check no other rule counts */
  ADM_DICE_EXPLOSION_RADIUS,    /* F-CAT-12: an explosion's radius in cm */
  ADM_DICE_HULK_DRIFT,          /* F-CAT-10: a hulk's drift in cm */
  ADM_DICE_BURNING_HULK_DRIFT,  /* F-CAT-11: a burning hulk's drift in cm */
  ADM_DICE_ALL_AHEAD_FULL,      /* F-MOVE-17: the cm "All ahead full" adds */
  ADM_DICE_DETECTION,           /* F-ECM-5: each side's detection roll */
  ADM_DICE_BOARDING,            /* F-BOARD-13: each side's boarding roll */
  ADM_DICE_ORBIT_DECAY,         /* F-STN-13: the cm a station sinks out of orbit */
  ADM_N_DICE_ROLLS
} AdmDiceRoll;

/* The number of d6 the roll @roll takes. */
int                      adm_ruleset_get_dice (AdmRuleset  *self,
                                               AdmDiceRoll  roll);

/* Wrapper on the pure functions with this ruleset's table and rulings: the number of d6 for
 * @firepower against @target after @shift; @column_out gets the column used (0: no shot).
 * An unknown target sets @error listing the known ones. */
gboolean                 adm_ruleset_artillery_dice   (AdmRuleset   *self,
                                                       int           firepower,
                                                       const char   *target,
                                                       int           shift,
                                                       int          *dice_out,
                                                       int          *column_out,
                                                       GError      **error);
/* Firepower halved by an order (F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10) under the
 * "halved-firepower" ruling: halved before the look-up, rounded down by default. */
int                      adm_ruleset_halve_firepower  (AdmRuleset   *self,
                                                       int           firepower);
/* F-CRIT-8 / F-STN-7 / F-CAT-9 rows for a roll; a roll that is no sum of the table's dice
 * (F-CRIT-2, F-CAT-3) sets @error. */
const AdmTableRow       *adm_ruleset_critical_roll    (AdmRuleset   *self,
                                                       const char   *kind,
                                                       int           roll,
                                                       GError      **error);
/* The F-CRIT-8 / F-STN-7 row of the effect kept under @result (AdmTableRow.result), or NULL
 * when the table has none. */
const AdmTableRow       *adm_ruleset_critical         (AdmRuleset   *self,
                                                       const char   *kind,
                                                       int           result);
const AdmTableRow       *adm_ruleset_catastrophic     (AdmRuleset   *self,
                                                       int           roll,
                                                       GError      **error);
/* F-RDY-1: a readiness rating is rolled against with 2d6, so 0..12 covers every meaningful
 * value. One range for files (the schemas say the same), options and the app. */
#define ADM_READINESS_MIN 0
#define ADM_READINESS_MAX 12

const AdmReadinessGrade *adm_ruleset_readiness_grade  (AdmRuleset   *self,
                                                       int           readiness);

GPtrArray               *adm_ruleset_get_rulings      (AdmRuleset   *self); /* AdmRuling* */
/* Clause ids in the rules' own order, for sorting: their parts between "-" compared a part
 * at a time, the numbers by their value and the rest by its letters — "F-FORM-8" before
 * "F-FORM-10" before "F-GEN-6". A qsort-style result: negative, 0 or positive. */
int                      adm_clause_compare           (const char   *a,
                                                       const char   *b);
const AdmRuling         *adm_ruleset_lookup_ruling    (AdmRuleset   *self,
                                                       const char   *id);
/* The current value of ruling @id; the ruling must exist (programmer error otherwise). */
const char              *adm_ruleset_get_ruling_value (AdmRuleset   *self,
                                                       const char   *id);
/* Overrides a ruling for this ruleset instance (a scenario's or master's choice); refuses
 * unknown rulings and values not among its options. */
gboolean                 adm_ruleset_set_ruling       (AdmRuleset   *self,
                                                       const char   *id,
                                                       const char   *value,
                                                       GError      **error);

/* F-STRAT-15: the placements of the ruleset (AdmPlacement*, file order). A ruleset without a
 * <placements> section has one built-in placement, "attack-formation": line abreast at the
 * front, bases 3 cm and formations 8 cm apart, heading at the enemy. */
GPtrArray               *adm_ruleset_get_placements   (AdmRuleset   *self);
const AdmPlacement      *adm_ruleset_lookup_placement (AdmRuleset   *self,
                                                       const char   *id);
/* The placement for a formation carrying out an order of kind @order ("move", "attack", …, as
 * adm_strat_order_kind_to_string () names them), or for NULL (no timed order, instructions
 * only): the ruleset's <order> entry, else its default placement. Never NULL. */
const AdmPlacement      *adm_ruleset_placement_for_order (AdmRuleset *self,
                                                          const char *order);
/* F-STRAT-5: the placement of a formation whose absent admiral's readiness check failed. */
const AdmPlacement      *adm_ruleset_get_check_failed_placement (AdmRuleset *self);
/* F-TAC-1: the ruleset's <table-layout>, or NULL when it has none (a battle set up from a
 * sector then gets only its wormhole's exit zone, midway between the fronts). */
const AdmTableLayout    *adm_ruleset_get_table_layout (AdmRuleset *self);

const char              *adm_category_to_string       (AdmCategory   category);
const char              *adm_weapon_type_to_string    (AdmWeaponType type);
/* The arcs in the order bow stern port starboard, in the reader's language ("bow port
 * starboard"). For people, not for files. Free with g_free. */
char                    *adm_arcs_to_string           (AdmArcs       arcs);

G_END_DECLS
