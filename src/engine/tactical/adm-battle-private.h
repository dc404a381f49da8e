/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-private.h: what the files of AdmBattle share — the model (adm-battle.c), its
 * loading (adm-battle-load.c), rolls and report lines (adm-battle-log.c), the phases'
 * recording (adm-battle-record.c), saving (adm-battle-save.c), the phases
 * (adm-battle-detection.c, -movement.c, -fire.c, -end.c) and damage (adm-battle-damage.c).
 * For src/engine/tactical/adm-battle*.c only. */
#pragma once

#include <libxml/tree.h>

#include "adm-audience.h"
#include "adm-battle.h"
#include "adm-battle-preview.h"
#include "adm-journal.h"

G_BEGIN_DECLS

/* F-FIRE-11: one attack of this fire phase, for return fire. */
typedef struct {
  guint attacker;  /* formation index */
  guint target;    /* formation index */
} AdmAttack;

/* Everything that changes during a battle; copied before a phase so that a failure restores
 * it whole. The formations' ship lists are shared between copies: they never change. */
typedef struct {
  GArray  *ships;       /* AdmBattleShip */
  GArray  *formations;  /* AdmBattleFormation */
  GArray  *markers;     /* AdmBattleMarker */
  GArray  *detection;   /* guint8 AdmDetection, [side * n_formations + formation] */
  GArray  *attacks;     /* AdmAttack, this fire phase */
  GArray  *salvos;      /* AdmTorpedoSalvo */
  GArray  *mines;       /* AdmMine */
  GArray  *boardings;   /* AdmBoarding */
  int      next_salvo;  /* the next salvo's id */
  int      turn;
  AdmPhase phase;
} AdmBattleState;

typedef struct _AdmBattleCache AdmBattleCache;

struct _AdmBattle
{
  GObject              parent_instance;

  AdmRuleset          *ruleset;
  char                *name;
  char                *file;
  guint64              seed;
  GStringChunk        *strings;      /* ids, names, and what the rolls were judged against,
                                      * once each */
  GPtrArray           *sides;        /* AdmBattleSide* */
  GPtrArray           *formation_lists; /* GArray* kept alive for the formations */
  GHashTable          *ship_ids;     /* id → index (adm_battle_ship_index ()) */
  AdmLowOrbit          low_orbit;    /* F-ORB: set up once, never changes */
  GArray              *wormhole_exits; /* AdmWormholeExit, F-MOVE-5: set up once */

  AdmBattleState      *initial;
  AdmBattleState      *state;
  AdmBattleState      *spare_state;  /* one put aside, for the next copy
                                      * (_adm_battle_state_copy ()) */
  GPtrArray           *report;       /* AdmReportLine* */
  GString             *scratch;      /* the line or roll purpose being written */
  GPtrArray           *rolls;        /* AdmBattleRoll* */
  GPtrArray           *journal;      /* AdmEvent*: the events of the phases in effect */
  AdmJournal          *log;          /* every phase resolved, undone and redone (adm-journal.h):
                                      * one action per phase, its "phase" event and its
                                      * "roll" events */

  /* While a phase resolves. */
  AdmDiceSource       *dice;
  guint                last_roll;    /* index in rolls of the roll just made, G_MAXUINT after
                                      * a roll of no dice (_adm_battle_judge_roll ()) */
  const char          *dice_note;    /* the next roll's AdmDiceRequest note, or NULL */
  const AdmTurnOrders *orders;

  /* Saved battles (adm_battle_save ()). */
  xmlDoc              *setup;        /* a copy of the <battle> element as loaded, verbatim */
  char                *path;         /* the saved battle last written or opened, or NULL */
  gboolean             saved;        /* @path holds the battle as it stands */
  char                *autosave_path;
  GError              *autosave_error; /* the last autosave's failure */
  gboolean             flush_later;    /* adm_battle_set_flush_later () */
  guint64              flush_wanted;   /* the flusher's ticket of the last flush left to it */
  guint64              flushed;        /* the last of those it has done */
  guint64              superseded;     /* flushes of the file written whole since: their
                                        * failures no longer count */

  /* While a fire phase resolves (adm-battle-cache.c); NULL otherwise. */
  AdmBattleCache      *cache;
};

/* The state (adm-battle.c): a new one, as a set-up begins; a copy (in the spare's arrays
 * when there is one); one no longer needed freed or kept as the spare; one freed. */
AdmBattleState      *_adm_battle_state_new    (void);
AdmBattleState      *_adm_battle_state_copy   (AdmBattle   *self,
                                               const AdmBattleState *state);
void                 _adm_battle_state_put_aside (AdmBattle *self,
                                               AdmBattleState *state);
void                 _adm_battle_state_free   (AdmBattleState *state);

/* adm-battle-cache.c: the table's geometry as one fire phase sees it, worked out when the
 * phase begins (nothing moves within it) and dropped when it ends. Without it (any other
 * phase, the preview) callers walk every ship. */
void                 _adm_battle_cache_begin  (AdmBattle   *self);
void                 _adm_battle_cache_end    (AdmBattle   *self);
/* The ships that may share @ship's shields: itself, its formation's if the formation is in
 * command now (F-FORM-19, F-FORM-15) and those whose bases touch its own (F-SHLD-5), each
 * once, in the order use_shields () takes their blocks: @ship, then the rest by index, ship 0
 * taking @ship's place; NULL without a cache. Valid until the next question about a pool (the
 * other questions leave it). */
const guint         *_adm_battle_cache_pool_ships (AdmBattle *self,
                                               guint        ship,
                                               guint       *n_ships);
/* The ships that are or were hulks in this phase whose bases may meet the segment @a–@b, and
 * some others near it (F-ART-10, F-CAT-4): of the ships, only hulks stand in a line of fire.
 * NULL without a cache. Valid until the next question. */
const guint         *_adm_battle_cache_hulks_near (AdmBattle *self,
                                               AdmPoint     a,
                                               AdmPoint     b,
                                               guint       *n_ships);
/* Tells the cache that @ship became a hulk (_adm_battle_make_hulk ()). */
void                 _adm_battle_cache_hulk_made (AdmBattle *self,
                                              guint      ship);

/* The ships whose centres lie in the box @x0,@y0–@x1,@y1, and some others near it; @every_ship
 * tells whether the box holds every ship's centre. NULL without a cache. Valid until the next
 * question. */
const guint         *_adm_battle_cache_ships_in_box (AdmBattle *self,
                                               double       x0,
                                               double       y0,
                                               double       x1,
                                               double       y1,
                                               gboolean    *every_ship,
                                               guint       *n_ships);
/* An aspect in the reports' words, translated: "approaching", "receding", "crossing"
 * (F-ART-6); adm_aspect_to_string () gives the tables' ids. */
const char          *_adm_battle_aspect_word  (AdmAspect    aspect);
/* The artillery table's target in the reports' words, translated: "crossing capital ship",
 * "approaching escort" (F-ART-15): for the fire phase's lines and their preview alike. */
char                *_adm_battle_target_words (AdmAspect    aspect,
                                               gboolean     capital) G_GNUC_WARN_UNUSED_RESULT;
/* The ships the @nth fire declaration of the phase's orders names, looked up once a phase: its
 * target's index, then each of its ships' in order (-1: no ship has that id). NULL without a
 * cache or orders. */
const int           *_adm_battle_cache_fire_ships (AdmBattle *self,
                                                   guint      nth);
/* F-FIRE-9: whether @ship's declarations in this phase name more than one target (@splits);
 * FALSE without a cache or orders. */
gboolean             _adm_battle_cache_splits_fire (AdmBattle *self,
                                               guint        ship,
                                               gboolean    *splits);
/* The markers (indices) that the segment @a–@b may meet among those the cache holds (on the
 * table when the phase began, or placed since and taken in), and some others near it; those
 * from @first_new on were placed since and are not listed (F-ART-10): never more than a few.
 * NULL without a cache. Valid until the next question. */
const guint         *_adm_battle_cache_markers_near (AdmBattle *self,
                                               AdmPoint     a,
                                               AdmPoint     b,
                                               guint       *n_markers,
                                               guint       *first_new);

/* Accessors for the state being changed: inline, as the rules ask millions of times a fire
 * phase. */
static inline AdmBattleShip *
_adm_battle_ship (AdmBattle *self,
                  guint      index)
{
  g_assert (index < self->state->ships->len);
  return &g_array_index (self->state->ships, AdmBattleShip, index);
}

static inline AdmBattleFormation *
_adm_battle_formation (AdmBattle *self,
                       guint      index)
{
  g_assert (index < self->state->formations->len);
  return &g_array_index (self->state->formations, AdmBattleFormation, index);
}

static inline guint
_adm_battle_n_ships (AdmBattle *self)
{
  return self->state->ships->len;
}

static inline guint
_adm_battle_n_formations (AdmBattle *self)
{
  return self->state->formations->len;
}

/* adm_battle_get_detection () for the rules, which pass a valid side and formation. */
static inline AdmDetection
_adm_battle_detection (AdmBattle *self,
                       guint      side,
                       guint      formation)
{
  guint n_formations = self->state->formations->len;

  g_assert (side < self->sides->len && formation < n_formations);
  if (g_array_index (self->state->formations, AdmBattleFormation, formation).side == side)
    return ADM_DETECTION_FULL;
  return g_array_index (self->state->detection, guint8, side * n_formations + formation);
}

void                 _adm_battle_set_detection (AdmBattle  *self,
                                               guint        side,
                                               guint        formation,
                                               AdmDetection level);

/* Whether ruling @id has the value @value in this battle's ruleset. */
gboolean             _adm_battle_ruling_is    (AdmBattle   *self,
                                               const char  *id,
                                               const char  *value);

/* What a report line or a roll is about: the ships, formations and sides its text names
 * (ADM_SUBJECT_*_OF ()), which decide who may read it (adm_audience_subjects_seen_by ()). */
typedef struct {
  const guint32 *subjects;
  guint          n_subjects;
} AdmAbout;

/* A line about the subjects listed: ADM_ABOUT (ADM_SUBJECT_SHIP_OF (ship),
 * ADM_SUBJECT_FORMATION_OF (f)). */
#define ADM_ABOUT(...) \
  ((AdmAbout) { (const guint32[]) { __VA_ARGS__ }, \
                sizeof ((const guint32[]) { __VA_ARGS__ }) / sizeof (guint32) })
/* Lines about one or two ships, the commonest. */
#define ADM_ABOUT_SHIP(ship) ADM_ABOUT (ADM_SUBJECT_SHIP_OF (ship))
#define ADM_ABOUT_SHIPS(a, b) ADM_ABOUT (ADM_SUBJECT_SHIP_OF (a), ADM_SUBJECT_SHIP_OF (b))
/* A line about nothing on the table ("Turn 3."): everyone reads it. */
#define ADM_ABOUT_NOTHING ((AdmAbout) { NULL, 0 })
/* The subjects gathered in a GArray of guint32. */
#define ADM_ABOUT_ARRAY(array) \
  ((AdmAbout) { (const guint32 *) (const void *) (array)->data, (array)->len })

/* Asks the dice source for @count d@sides, logs the roll, @about what the purpose names, and
 * fills @values. @clause is the rule's clause ID, a string literal or the battle's ruleset's,
 * kept by its address. The purpose is a printf format, written now. */
gboolean             _adm_battle_roll         (AdmBattle   *self,
                                               AdmAbout     about,
                                               guint        count,
                                               guint        sides,
                                               const char  *clause,
                                               guint       *values,
                                               GError     **error,
                                               const char  *purpose_format,
                                               ...) G_GNUC_PRINTF (8, 9);
/* The same, summed into @sum. */
gboolean             _adm_battle_roll_sum     (AdmBattle   *self,
                                               AdmAbout     about,
                                               guint        count,
                                               guint        sides,
                                               const char  *clause,
                                               int         *sum,
                                               GError     **error,
                                               const char  *purpose_format,
                                               ...) G_GNUC_PRINTF (8, 9);
/* Rolls a dice expression of the tables: "0", "1", "d3", "d6" (F-CRIT-8). */
gboolean             _adm_battle_roll_expression (AdmBattle  *self,
                                               AdmAbout     about,
                                               const char  *expression,
                                               const char  *clause,
                                               const char  *purpose,
                                               int         *result,
                                               GError     **error);
/* Records how the rule judged a roll it just made, for the dice log — one line
 * at the roll site, run again on a replay. @back 0 is the last roll made, 1 the one before
 * (an opposed roll judged once both are known); nothing when that roll had no dice. The
 * dice that passed are counted here from the roll's values. @against names the target
 * ("readiness"), or NULL. */
void                 _adm_battle_judge_roll   (AdmBattle   *self,
                                               guint        back,
                                               AdmRollCheck check,
                                               int          target,
                                               const char  *against);
/* Records on the roll @back rolls before the last that it was opposed (F-BOARD-13): its own
 * total @modifier and the other side's @opposing_modifier (AdmBattleRoll's "opposed");
 * nothing when that roll had no dice. */
void                 _adm_battle_roll_opposed (AdmBattle   *self,
                                               guint        back,
                                               int          modifier,
                                               int          opposing_modifier);
/* What the last roll was in an attack (AdmRollKind, the luck ledger's); nothing when it had
 * no dice. */
void                 _adm_battle_roll_kind    (AdmBattle   *self,
                                               AdmRollKind  kind);
/* Sets the damage an attack's dice did, @damage points to ship @target against the
 * @expected_damage the fire odds gave it, on roll number @index of the dice log (the attack's
 * first roll to hit); nothing when there is no such roll. */
void                 _adm_battle_roll_damage  (AdmBattle   *self,
                                               guint        index,
                                               guint        target,
                                               int          damage,
                                               double       expected_damage);
/* The same for @torpedoes torpedoes against ship @target's armour after its turrets, a
 * special-shield save on @save_on (0 none), that did @damage points: the expectation is the
 * rules' own torpedo odds (adm_torpedo_odds_compute (), F-TORP-7, F-WPN-16, F-FORD-8). */
void                 _adm_battle_roll_torpedo_damage (AdmBattle *self,
                                                      guint      index,
                                                      guint      target,
                                                      int        torpedoes,
                                                      int        save_on,
                                                      int        damage);
/* The result a table gave for the last roll ("Fire!"), for the dice log: the name of a row of
 * the battle's ruleset, or its translation, which live as long as the battle's rolls and are
 * kept by their address. */
void                 _adm_battle_roll_result  (AdmBattle   *self,
                                               const char  *result);
/* A line of the report about @about, written now (g_string_append_vprintf ()). */
void                 _adm_battle_report       (AdmBattle   *self,
                                               AdmAbout     about,
                                               const char  *format,
                                               ...) G_GNUC_PRINTF (3, 4);
/* Who may read the report lines from @report_from and see the rolls from @rolls_from on: the
 * sides they were given when produced (adm_audience_subjects_seen_by ()) within @keep, and the
 * sides in @add (bit per side index). (0, 0) leaves them to the master alone. */
void                 _adm_battle_audience_since (AdmBattle *self,
                                               guint        report_from,
                                               guint        rolls_from,
                                               guint32      keep,
                                               guint32      add);
/* The report line just written tells @fact of @ship (its exact hull, its criticals, its
 * readiness): only the sides that may be told it read it ("enemy-ship-card"). */
void                 _adm_battle_report_fact  (AdmBattle   *self,
                                               guint        ship,
                                               AdmShipFact  fact);
/* The roll just made tells @fact of @ship (the result of its critical, the readiness it
 * lost): only the sides that may be told it see it, as they read the report line of the same
 * fact (_adm_battle_report_fact ()). */
void                 _adm_battle_roll_fact    (AdmBattle   *self,
                                               guint        ship,
                                               AdmShipFact  fact);
/* F-ECM-4, F-STRAT-4: side @side fired at @target without having identified it: the report
 * lines and rolls since @report_from and @rolls_from about its own ships and @target, or about
 * @target alone (what that fire caused), which it may not read, get a copy for it alone,
 * @target named as a face-down token. A line or roll withheld by a fact of the ship or a rule
 * (the hull points left, a critical's result, F-ECM-6 "enemy-ship-card") gets none: the side
 * is told of its fire what it would be told of it at an identified ship, and no more. */
void                 _adm_battle_fog_own_fire (AdmBattle   *self,
                                               guint        report_from,
                                               guint        rolls_from,
                                               guint        side,
                                               guint        target);
/* The report's and the dice log's free functions: a line or roll and its fogged copy. */
void                 _adm_battle_report_line_free (gpointer data);
void                 _adm_battle_roll_free        (gpointer data);
/* Sets @error to ADM_BATTLE_ERROR_ILLEGAL, naming the orders file and line when known. */
void                 _adm_battle_illegal      (AdmBattle   *self,
                                               GError     **error,
                                               int          line,
                                               const char  *format,
                                               ...) G_GNUC_PRINTF (4, 5);

/* Ship facts. */
gboolean             _adm_battle_ship_on_table (AdmBattle  *self,
                                               guint        ship);  /* not destroyed */
/* Can act: not a hulk. F-CAT-1 as ruled ("wreck-inactive"): a ship at 0 hull points no
 * longer acts. F-BOARD-15: nor does a captured ship until it is taken over (F-BOARD-17). */
static inline gboolean
_adm_battle_ship_active (AdmBattle *self,
                         guint      ship)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  return s->status == ADM_SHIP_ACTIVE && s->captured_by < 0;
}

/* F-SHIP-1, F-SHIP-2, F-SHIP-3: the base diameter comes with the ship type. */
static inline double
_adm_battle_base_size (AdmBattle *self,
                       guint      ship)
{
  return _adm_battle_ship (self, ship)->klass->type->base_size;
}

/* adm_battle_ship_shields () and adm_battle_ship_shield_pool () for the rules, which pass a
 * valid ship (no type check: a fire phase asks tens of thousands of times). */
int                  _adm_battle_ship_shields (AdmBattle   *self,
                                               guint        ship);
int                  _adm_battle_ship_shield_pool (AdmBattle *self,
                                                   guint      ship);
/* F-RDY-5 modifier under "readiness-modifier-base". */
int                  _adm_battle_readiness_modifier (AdmBattle *self,
                                               guint        ship);
gboolean             _adm_battle_fire_halved  (AdmBattle   *self,
                                               guint        ship);
/* Why a halved gun asks for fewer dice, for the dice prompt (AdmDiceRequest note): "6 dice;
 * firepower 6 halved to 3 (F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10, F-ORB-2)", one die a point
 * of @full. */
char                *_adm_battle_halved_reason (int        full,
                                                int        halved);
/* "The frigate Vorpatril" style label: the ship's name in the report. */
const char          *_adm_battle_ship_name    (AdmBattle   *self,
                                               guint        ship);
/* A readiness check (F-RDY-2): 2d6 (or @dice d6, F-RAM-4) ≤ @target. */
gboolean             _adm_battle_readiness_check (AdmBattle *self,
                                               guint        ship,
                                               guint        dice,
                                               int          target,
                                               const char  *clause,
                                               const char  *what,
                                               gboolean    *passed,
                                               GError     **error);

/* Damage (adm-battle-damage.c). */
/* Inflicts @points damage on @ship from @source; each point checks for a critical on
 * d6 ≥ @critical_on (0: no checks). Hulks re-roll the catastrophic table instead (F-CAT-6). */
gboolean             _adm_battle_inflict      (AdmBattle   *self,
                                               guint        ship,
                                               int          points,
                                               int          critical_on,
                                               const char  *critical_clause,
                                               GError     **error);
/* _adm_battle_inflict () with the critical checks of @source: the ruleset's number and
 * clause (<critical-checks>, F-CRIT-1). */
gboolean             _adm_battle_inflict_from (AdmBattle        *self,
                                               guint             ship,
                                               int               points,
                                               AdmCriticalSource source,
                                               GError          **error);
/* F-FORD-8: rolls @ship's reinforced special force shield's save of each of @damage points
 * (adm_battle_ship_shield_save_on ()), taking the saved ones off and reporting them as the
 * rest of @line; nothing when the ship has no such save now (adm-battle-fire.c). */
gboolean             _adm_battle_special_save (AdmBattle   *self,
                                               guint        ship,
                                               int         *damage,
                                               GString     *line,
                                               GError     **error);
/* F-CAT-6: a hulk that took hits rolls the catastrophic table again. */
gboolean             _adm_battle_hulk_hit     (AdmBattle   *self,
                                               guint        ship,
                                               GError     **error);
void                 _adm_battle_place_marker (AdmBattle   *self,
                                               AdmPoint     position,
                                               double       diameter);
/* F-CRIT-20: whether critical result @result applies to @ship. */
gboolean             _adm_battle_critical_applies (AdmBattle *self,
                                               guint        ship,
                                               int          result);
/* F-CRIT-20, F-STN-17: the row of @ship's critical table that a @roll gives it: the row of
 * the first roll from @roll on (adm_crit_20_next_roll ()) whose result applies, or NULL. */
const AdmTableRow   *_adm_battle_critical_row (AdmBattle   *self,
                                               guint        ship,
                                               int          roll);
/* F-CRIT-9 as ruled: the artillery weapon with the highest firepower, or -1. */
int                  _adm_battle_main_guns    (AdmBattle   *self,
                                               guint        ship);
/* Whether the ship can fire weapon @weapon into @sector given its criticals (F-CRIT-9, F-CRIT-10,
 * F-CRIT-11, F-CRIT-12). */
gboolean             _adm_battle_weapon_works (AdmBattle   *self,
                                               guint        ship,
                                               guint        weapon,
                                               AdmArcSector    sector);
/* F-CAT-3: rolls the catastrophic table for @ship (burning hulks, F-CAT-11). */
gboolean             _adm_battle_catastrophic (AdmBattle   *self,
                                               guint        ship,
                                               GError     **error);
/* F-FORM-14: the flagship was lost; the formation waits for a takeover in the end phase. */
/* F-CAT-10, F-CAT-11, F-BOARD-16: @ship becomes a hulk, @status (drifting or burning): the
 * one way a ship does, so that a fire phase's cache knows its hulks. */
void                 _adm_battle_make_hulk    (AdmBattle     *self,
                                               guint          ship,
                                               AdmShipStatus  status);
void                 _adm_battle_ship_lost    (AdmBattle   *self,
                                               guint        ship);

/* The phases. */
gboolean             _adm_battle_detection_phase (AdmBattle *self,
                                               GError     **error);
gboolean             _adm_battle_movement_phase (AdmBattle  *self,
                                               GError     **error);
gboolean             _adm_battle_fire_phase   (AdmBattle   *self,
                                               GError     **error);
gboolean             _adm_battle_end_phase    (AdmBattle   *self,
                                               GError     **error);
/* The torpedo and boarding phase (adm-battle-torpedo.c): mines announced (F-MINE-15),
 * salvoes moved and struck (F-TORP), boarding declared (F-BOARD-1). */
gboolean             _adm_battle_torpedo_phase (AdmBattle  *self,
                                               GError     **error);

/* Torpedoes (adm-battle-torpedo.c). */
/* The turrets that would meet a wave against @ship now (adm-battle.c): its own, its
 * formation's while it has command (F-FORM-19, F-FORM-15), and those of friendly ships whose
 * bases touch it (F-TORP-17), leaving out turrets that met a wave in this phase (F-TORP-16).
 * @ships (may be NULL) gets the guint indices of the ships they belong to. */
int                  _adm_battle_turret_pool_ships (AdmBattle *self,
                                               guint        ship,
                                               GArray      *ships);
/* F-TORP-13: the ruleset's number a turret die must reach to destroy a torpedo. */
int                  _adm_battle_turret_hit   (AdmBattle   *self);
/* F-TORP-13: @n dice rolled as turrets (F-TORP-14, F-TORP-19, F-MINE-9 roll the same way)
 * for @clause, with @purpose for the dice log; each at or above _adm_battle_turret_hit ()
 * destroys a torpedo. @shown gets the dice as "4 6 1". Returns the hits, or -1 with @error
 * set. */
int                  _adm_battle_turret_dice  (AdmBattle   *self,
                                               AdmAbout     about,
                                               int          n,
                                               const char  *clause,
                                               const char  *purpose,
                                               GString     *shown,
                                               GError     **error);
/* Fire phase: launches (F-WPN-10), "prepare to launch" (F-TORP-2), fire at salvoes
 * (F-WPN-14, F-TORP-18, F-TORP-19). */
gboolean             _adm_battle_torpedo_fire_orders (AdmBattle *self,
                                               GError     **error);
/* Torpedo phase: salvoes run, strike, detonate (F-TORP-3, F-TORP-4, F-TORP-5, F-TORP-6, F-TORP-7,
 * F-TORP-8, F-TORP-9, F-TORP-10, F-TORP-11, F-TORP-12, F-TORP-13, F-TORP-14, F-TORP-15, F-TORP-16,
 * F-TORP-17). */
gboolean             _adm_battle_torpedoes_run (AdmBattle  *self,
                                               GError     **error);
/* Boarding (adm-battle-boarding.c). */
gboolean             _adm_battle_boarding_declare (AdmBattle *self,
                                               GError     **error);
/* Whether @attacker may declare a boarding of @defender now (F-BOARD-1, "boarding-contact",
 * F-ECM-2): the declaration's check and adm_battle_boarding_targets ()'s; the refusal, naming
 * orders line @line when above 0, in @error. */
gboolean             _adm_battle_boarding_check (AdmBattle *self,
                                               int          line,
                                               guint        attacker,
                                               guint        defender,
                                               GError     **error);
/* F-BOARD-2: @ship's boarding potential if a boarding were declared now. */
int                  _adm_battle_boarding_potential (AdmBattle *self,
                                               guint        ship);
/* The total roll modifiers of a round between @attacker and @defender with boarding
 * potentials @attacker_bp and @defender_bp as the end stage adds them (F-BOARD-3, F-BOARD-4,
 * F-BOARD-5, F-BOARD-6, F-BOARD-7, F-BOARD-8, F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12,
 * F-RDY-5 under "boarding-ratio" and "boarding-roll"), each explained for the report into its
 * GString. */
void                 _adm_battle_boarding_modifiers (AdmBattle *self,
                                               guint        attacker,
                                               guint        defender,
                                               int          attacker_bp,
                                               int          defender_bp,
                                               int         *attacker_mod,
                                               int         *defender_mod,
                                               GString     *attacker_why,
                                               GString     *defender_why);
/* F-BOARD-13 ("boarding-roll"): whether a tied round is rolled again. */
gboolean             _adm_battle_boarding_reroll_ties (AdmBattle *self);
/* End stage (1): boarding rounds, captures and take-overs (F-BOARD-13, F-BOARD-14, F-BOARD-15,
 * F-BOARD-16, F-BOARD-17, F-BOARD-18). */
gboolean             _adm_battle_boarding_resolve (AdmBattle *self,
                                               GError     **error);
/* Mines and sweeping (adm-battle-mines.c). */
gboolean             _adm_battle_load_mines   (AdmBattle   *self,
                                               xmlNode     *root,
                                               GError     **error);
/* Fire phase: minelaying (F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13). */
gboolean             _adm_battle_mines_fire_orders (AdmBattle *self,
                                               GError     **error);
/* End of the movement phase: sweeping (F-SWEEP) and ships entering a mine's reach
 * (F-MINE-14); @start holds every ship's position before the phase. */
gboolean             _adm_battle_mines_movement (AdmBattle *self,
                                               const AdmPoint *start,
                                               GError     **error);
/* Torpedo phase: detonations announced and resolved (F-MINE-15). */
gboolean             _adm_battle_mines_detonate (AdmBattle *self,
                                               GError     **error);
/* Damage control and the end stage (adm-battle-repair.c). */
/* End stage (2): damage control, fires (F-DC, F-CRIT-14). */
gboolean             _adm_battle_damage_control (AdmBattle *self,
                                               GError     **error);
/* End stage (3): explosion markers and spent torpedoes removed (F-END-2). */
gboolean             _adm_battle_clear_markers (AdmBattle  *self,
                                               GError     **error);
/* Low orbits and stations (adm-battle-orbit.c). */
gboolean             _adm_battle_load_low_orbit (AdmBattle *self,
                                               xmlNode     *root,
                                               GError     **error);
/* End stage: falling ships and stations crash unless repaired (F-ORB-3, F-STN-13). */
gboolean             _adm_battle_orbit_end    (AdmBattle   *self,
                                               GError     **error);
/* Whether @ship is an orbital station (F-STN), and so which critical table it uses:
 * "station" (F-STN-7) or "ship" (F-CRIT-8). */
gboolean             _adm_battle_is_station   (AdmBattle   *self,
                                               guint        ship);
const char          *_adm_battle_critical_kind (AdmBattle  *self,
                                               guint        ship);
/* F-STN-5 ("station-orbit"): a planetary defence object, which never leaves its orbit. */
gboolean             _adm_battle_station_stays_in_orbit (AdmBattle *self,
                                               guint        ship);
/* Movement phase: checks @decl for the formation's active @ships — stations take no
 * movement orders (F-STN-5), ships on an orbit follow it (F-ORB-1) — and sets @radial to
 * the cm its changes of orbit cover, which count against the move. */
gboolean             _adm_battle_orbit_check_move (AdmBattle *self,
                                               const AdmMoveDecl *decl,
                                               GArray      *ships,
                                               const char  *name,
                                               double      *radial,
                                               GError     **error);
/* Movement phase on a low-orbit map: carries out @decl for @ships, @total cm in all
 * (F-ORB-1, F-ORB-2, F-ORB-4, F-ORB-5); @moved gets the cm the formation really covered,
 * less when a ship's move ended at the planet or the map's edge. */
gboolean             _adm_battle_orbit_move   (AdmBattle   *self,
                                               const AdmMoveDecl *decl,
                                               GArray      *ships,
                                               double       total,
                                               double      *moved,
                                               GError     **error);
/* Movement phase: stations out of their orbit sink towards the planet (F-STN-13). */
gboolean             _adm_battle_orbit_decay  (AdmBattle   *self,
                                               GError     **error);
/* After critical result @result on @ship: the fall in low orbit (F-ORB-3, F-CRIT-21) or a
 * station leaving its orbit (F-STN-13). */
gboolean             _adm_battle_orbit_critical (AdmBattle *self,
                                               guint        ship,
                                               int          result,
                                               GError     **error);

/* The object's signals (adm-battle.c), for the files that change the battle: "changed" after
 * every change, "autosave-failed" with the failure. */
void                 _adm_battle_emit_changed (AdmBattle   *self);
void                 _adm_battle_emit_autosave_failed (AdmBattle *self,
                                               const GError *error);
/* A battle from its set-up, the <battle> element @root of file @display_name
 * (adm-battle-load.c): nothing played yet. */
AdmBattle           *_adm_battle_from_node    (xmlNode     *root,
                                               const char  *display_name,
                                               GError     **error);
/* The same, its rules taken from @rulesets (owned by the caller: a key naming a season by its
 * digest and the rulings set → AdmRuleset*) when a set-up read before with it named the same,
 * else read and kept there: a campaign's battles of the past parse their season once. */
AdmBattle           *_adm_battle_from_node_sharing (xmlNode    *root,
                                               const char  *display_name,
                                               GHashTable  *rulesets,
                                               GError     **error);
/* adm_battle_load_game_doc (), its rules shared through @rulesets as above. */
AdmBattle           *_adm_battle_load_game_doc_sharing (xmlDoc  *doc,
                                               const char  *display_name,
                                               GHashTable  *rulesets,
                                               GError     **error);
/* Saved battles (adm-battle-save.c): after every change, marks the battle unsaved and saves
 * it to its autosave path if it has one; a failure is kept and signalled, not returned. */
void                 _adm_battle_autosave     (AdmBattle   *self);
/* Keeps @data (taken) as the autosave's checkpoint @label, by the flusher with
 * adm_battle_set_flush_later (); a failure is kept and signalled as an autosave's. */
void                 _adm_battle_autosave_checkpoint (AdmBattle  *self,
                                                  const char *label,
                                                  char       *data,
                                                  gsize       length);
/* Waits for the flushes the battle left to the flusher (finalize). */
void                 _adm_battle_wait_flushed (AdmBattle   *self);

/* The battle's journal (adm-battle-record.c), its check and replay set: for
 * adm_battle_init (). */
AdmJournal          *_adm_battle_journal_new  (AdmBattle   *self);

/* Snapshots (adm-battle-record.c): the state, the lengths of the report, dice log and journal, and
 * the orders and dice source in use, so that a preview or a dry run can change the battle and
 * give it back exactly as it was. */
typedef struct {
  AdmBattleState      *state;
  guint                report_len;
  guint                rolls_len;
  guint                journal_len;
  const AdmTurnOrders *orders;
  AdmDiceSource       *dice;
} AdmBattleSnapshot;

void                 _adm_battle_snapshot_take (AdmBattle *self,
                                               AdmBattleSnapshot *snapshot);
/* Puts everything back as it was when @snapshot was taken: the state in use since is freed
 * and the very state of then, never copied, is back, so pointers into it stay valid. */
void                 _adm_battle_snapshot_restore (AdmBattle *self,
                                               AdmBattleSnapshot *snapshot);
/* adm_battle_check_orders (): resolves the phases from the current one through @through in
 * this turn with @orders and dice from a fixed private generator, then restores the battle
 * whole; no autosave, no signal. */
gboolean             _adm_battle_dry_run      (AdmBattle   *self,
                                               const AdmTurnOrders *orders,
                                               AdmPhase     through,
                                               GError     **error);

/* Previews (adm-battle-preview.c): each runs on a snapshot its caller restores, with
 * self->orders set to the declarations in force. */
/* Movement (adm-battle-movement.c): fills @preview for formation @formation as the movement
 * phase would check and carry out its order; FALSE when it has no ship that can move. */
gboolean             _adm_battle_preview_move (AdmBattle   *self,
                                               guint        formation,
                                               AdmMovePreview *preview,
                                               GError     **error);
/* Uses up @blocks of the shields that cover @target: its own first, then its pool's
 * (F-SHLD-1, F-SHLD-5; adm-battle-fire.c). For a plasma mine's beam (F-MINE-7). */
void                 _adm_battle_use_shields  (AdmBattle   *self,
                                               guint        target,
                                               int          blocks);
/* What a fire declaration looks up, for its odds (adm-battle-fire.c). */
typedef struct {
  char     *target_type;   /* the artillery table's target id (F-ART-15), NULL when no fire */
  int       shift;         /* artillery column shift, F-ART-8, F-ART-9, F-ART-10 */
  int       armour;        /* F-ART-12 */
  int       shields;       /* the blocks the target's pool has now (F-SHLD-1, F-SHLD-5) */
  gboolean  lock;          /* F-FORD-2: every firing ship has target lock */
  int       save_on;       /* F-FORD-8: a reinforced special force shield saves each damage
                            * point on a d6 at or above it; 0 when it does not */
} AdmFireNumbers;
/* Fire (adm-battle-fire.c): fills @preview's legality, number of attacks, distance and
 * readiness check for @decl (one of self->orders' fires) as the first fire of the phase once
 * the fire-phase combat orders took effect, and the firepower, shifts and @numbers of its
 * @nth attack (F-ART-3: one per firing ship). FALSE when @decl names an unknown ship or
 * weapon. */
gboolean             _adm_battle_fire_preview (AdmBattle   *self,
                                               const AdmFireDecl *decl,
                                               guint        nth,
                                               AdmFirePreview *preview,
                                               AdmFireNumbers *numbers,
                                               GError     **error);
/* The enemy ships (guint) that @ship's weapon @weapon could fire at in the coming fire
 * phase. */
GArray              *_adm_battle_fire_targets (AdmBattle   *self,
                                               guint        ship,
                                               guint        weapon);

/* The enemy ships (guint) @ship's torpedo tubes @weapon could launch at now (F-WPN-10). */
GArray              *_adm_battle_launch_targets (AdmBattle *self,
                                                 guint      ship,
                                                 guint      weapon);

/* Generic declarations of this turn named @element (AdmOrderDecl*), in document order. */
GPtrArray           *_adm_battle_decls        (AdmBattle   *self,
                                               const char  *element);

G_END_DECLS
