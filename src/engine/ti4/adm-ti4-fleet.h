/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-ti4-fleet.h: one side's units in a Twilight Imperium 4 combat — how many of each unit
 * card, intact or damaged — and the rules that act on them as a whole: dice to roll, hits
 * assigned by a policy or by the player's choice, retreat and the capacity check. A fleet is
 * a plain value (copy it with =), indexed like its AdmTi4Catalog. */
#pragma once

#include "adm-ti4-catalog.h"

G_BEGIN_DECLS

#define ADM_TI4_ERROR (adm_ti4_error_quark ())

typedef enum {
  ADM_TI4_ERROR_PARSE,    /* a unit list that is not "unit=count,…" */
  ADM_TI4_ERROR_UNKNOWN,  /* a unit id the catalogue does not have */
  ADM_TI4_ERROR_INVALID,  /* a count, unit or choice the rules do not allow */
  ADM_TI4_ERROR_STATE,    /* an action the combat does not expect now */
} AdmTi4Error;

GQuark adm_ti4_error_quark (void);

/* Most units of one card, and in all, on one side: keeps the exact odds finite. */
#define ADM_TI4_MAX_COUNT 100
#define ADM_TI4_MAX_TOTAL 200

typedef enum {
  ADM_TI4_SPACE,   /* space combat, LRR 39 */
  ADM_TI4_GROUND,  /* ground combat, LRR 48 */
} AdmTi4Arena;

typedef enum {
  ADM_TI4_ATTACKER,
  ADM_TI4_DEFENDER,
} AdmTi4Side;

/* How hits are assigned when nobody chooses (the CLI, the odds) — LRR 39.6, 48.2. */
typedef enum {
  /* Sustain damage on every undamaged unit that has it, then destroy the cheapest unit. */
  ADM_TI4_POLICY_SUSTAIN_FIRST,
  /* Each hit goes to the cheapest unit left; it sustains it if it can, else it is destroyed. */
  ADM_TI4_POLICY_CHEAPEST_FIRST,
} AdmTi4Policy;

#define ADM_TI4_N_POLICIES (ADM_TI4_POLICY_CHEAPEST_FIRST + 1)

typedef struct {
  guint16 intact[ADM_TI4_MAX_UNITS];
  guint16 damaged[ADM_TI4_MAX_UNITS];  /* sustained damage this combat (LRR 39.6.a) */
} AdmTi4Fleet;

/* A player's own assignment of hits: per unit card, how many sustain damage and how many are
 * destroyed (intact or already damaged). */
typedef struct {
  guint16 sustain[ADM_TI4_MAX_UNITS];
  guint16 destroy_intact[ADM_TI4_MAX_UNITS];
  guint16 destroy_damaged[ADM_TI4_MAX_UNITS];
} AdmTi4Assignment;

/* Dice to roll, grouped by the value they hit on (LRR 39.5.b-c): dice[v] for v = 1..10. */
typedef struct {
  guint dice[11];
} AdmTi4Dice;

const char  *adm_ti4_side_to_string     (AdmTi4Side side);          /* "attacker" */
const char  *adm_ti4_side_name          (AdmTi4Side side);          /* "Attacker", translated */
const char  *adm_ti4_arena_to_string    (AdmTi4Arena arena);        /* "space", "ground" */
const char  *adm_ti4_policy_to_string   (AdmTi4Policy policy);      /* "sustain-first" */
gboolean     adm_ti4_policy_from_string (const char   *text,
                                         AdmTi4Policy *out);
const char  *adm_ti4_policy_describe    (AdmTi4Policy policy);      /* a sentence, translated */

void         adm_ti4_fleet_clear        (AdmTi4Fleet *fleet);
/* "dreadnought=2, fighter=3" (spaces allowed, a unit at most once; "" is an empty fleet).
 * Errors name the bad item: unknown unit (listing the known ones), a count that is not a
 * whole number 0..ADM_TI4_MAX_COUNT, a malformed item, too many units in all. */
gboolean     adm_ti4_fleet_parse        (AdmTi4Catalog *catalog,
                                         const char    *text,
                                         AdmTi4Fleet   *fleet,
                                         GError       **error);
/* The machine form parse reads: "dreadnought=2,fighter=3"; damaged units are counted with
 * the intact ones. */
char        *adm_ti4_fleet_to_string    (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet) G_GNUC_WARN_UNUSED_RESULT;
/* For people: "2 Dreadnought (1 damaged), 3 Fighter", or "no units". */
char        *adm_ti4_fleet_describe     (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet) G_GNUC_WARN_UNUSED_RESULT;
/* Checks that @fleet may fight in @arena for @side: ground combat takes only ground forces;
 * space combat takes ships, and ground forces only as cargo. A side needs at least one unit
 * that fights. */
gboolean     adm_ti4_fleet_check_arena  (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Arena    arena,
                                         AdmTi4Side     side,
                                         GError       **error);

gboolean     adm_ti4_fleet_equal        (const AdmTi4Fleet *a,
                                         const AdmTi4Fleet *b);
guint        adm_ti4_fleet_hash         (const AdmTi4Fleet *fleet);
guint        adm_ti4_fleet_count        (const AdmTi4Fleet *fleet,
                                         guint              unit);  /* intact + damaged */
/* Units that fight in @arena: ships in space (LRR 39.9), ground forces on a planet (48.4). */
guint        adm_ti4_fleet_fighting     (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Arena    arena);
/* The most hits the fighting units can still take: one per unit, one more per undamaged
 * unit with Sustain Damage. */
guint        adm_ti4_fleet_hit_capacity (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Arena    arena);

/* LRR 39.5, 48.1: one die per fighting unit, one per burst icon, grouped by combat value. */
void         adm_ti4_fleet_combat_dice  (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Arena    arena,
                                         AdmTi4Dice    *dice);
/* The three figures above in one pass over the catalogue (the odds' solver wants them for
 * every fleet it meets). */
typedef struct {
  guint      fighting;   /* adm_ti4_fleet_fighting () */
  guint      capacity;   /* adm_ti4_fleet_hit_capacity () */
  AdmTi4Dice dice;       /* adm_ti4_fleet_combat_dice () */
  guint      n_dice;     /* adm_ti4_dice_total () of dice */
} AdmTi4Tally;

void         adm_ti4_fleet_tally        (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Arena    arena,
                                         AdmTi4Tally   *tally);
/* LRR 39.3: the Anti-Fighter Barrage dice of the units that have it. */
void         adm_ti4_fleet_afb_dice     (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Dice    *dice);
guint        adm_ti4_dice_total         (const AdmTi4Dice *dice);

/* LRR 39.6, 48.2 by @policy: applies @hits to the fighting units; returns the hits left over
 * when every fighting unit is gone. */
guint        adm_ti4_fleet_assign_hits  (AdmTi4Catalog *catalog,
                                         AdmTi4Fleet   *fleet,
                                         AdmTi4Arena    arena,
                                         guint          hits,
                                         AdmTi4Policy   policy);
/* LRR 39.3: barrage hits destroy fighters only (fighters have no Sustain Damage), the
 * cheapest and weakest first; returns the hits left over. */
guint        adm_ti4_fleet_assign_afb_hits (AdmTi4Catalog *catalog,
                                         AdmTi4Fleet   *fleet,
                                         guint          hits);
/* The policy's assignment of @hits as an AdmTi4Assignment, to offer as a player's default. */
void         adm_ti4_fleet_suggest      (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Arena    arena,
                                         guint          hits,
                                         AdmTi4Policy   policy,
                                         AdmTi4Assignment *assignment);
/* Checks a player's @assignment of @hits (LRR 39.6, 48.2: exactly one unit per hit, all of
 * them if there are more hits than units can take; Sustain Damage only on undamaged units
 * that have it — such a unit may then be destroyed by another hit, counted in
 * destroy_damaged; only fighting units; barrage hits only on fighters) and applies it. On error
 * @fleet is unchanged. */
gboolean     adm_ti4_fleet_apply        (AdmTi4Catalog *catalog,
                                         AdmTi4Fleet   *fleet,
                                         AdmTi4Arena    arena,
                                         guint          hits,
                                         gboolean       barrage,
                                         const AdmTi4Assignment *assignment,
                                         GError       **error);
/* LRR 39.7.b: a retreat takes every ship with a move value; fighters and ground forces that
 * cannot move are carried up to the retreating ships' capacity, the rest are removed (into
 * @removed when not NULL). */
void         adm_ti4_fleet_retreat      (AdmTi4Catalog *catalog,
                                         AdmTi4Fleet   *fleet,
                                         AdmTi4Fleet   *removed);
/* LRR 39.10.a: after a space combat, fighters and ground forces in excess of the ships'
 * capacity are removed, the cheapest first (into @removed when not NULL). Returns how many. */
guint        adm_ti4_fleet_capacity_check (AdmTi4Catalog *catalog,
                                         AdmTi4Fleet   *fleet,
                                         AdmTi4Fleet   *removed);

/* Some of a catalogue's cards, in its order. A fleet only ever loses units in a combat, so
 * the odds' solver (adm-ti4-odds.c) gives the rules below the cards its fleets started with
 * and their loops skip the catalogue's others: the same results, as a card a
 * fleet has none of changes nothing in any of them. */
typedef struct {
  guint             n;
  guint8            index[ADM_TI4_MAX_UNITS];
  const AdmTi4Unit *unit[ADM_TI4_MAX_UNITS];
} AdmTi4Cards;

/* Every card of @catalog. */
void         adm_ti4_cards_all          (AdmTi4Catalog *catalog,
                                         AdmTi4Cards   *cards);
/* The cards of @catalog that @fleet or @other (may be NULL) has any of. */
void         adm_ti4_cards_of           (AdmTi4Catalog *catalog,
                                         const AdmTi4Fleet *fleet,
                                         const AdmTi4Fleet *other,
                                         AdmTi4Cards   *cards);
/* Whether any of @cards needs a place in a ship (fighters and ground forces without a move
 * value): only then can the capacity check or a retreat remove units (LRR 39.10.a, 39.7.b). */
gboolean     adm_ti4_cards_need_transport (const AdmTi4Cards *cards);
/* The functions of the same name without "_in", on the fleet's cards in @cards (which must
 * hold every card the fleet has any of). */
guint        adm_ti4_fleet_hash_in      (const AdmTi4Cards *cards,
                                         const AdmTi4Fleet *fleet);
void         adm_ti4_fleet_tally_in     (const AdmTi4Cards *cards,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Arena    arena,
                                         AdmTi4Tally   *tally);
void         adm_ti4_fleet_afb_dice_in  (const AdmTi4Cards *cards,
                                         const AdmTi4Fleet *fleet,
                                         AdmTi4Dice    *dice);
guint        adm_ti4_fleet_assign_hits_in (const AdmTi4Cards *cards,
                                         AdmTi4Fleet   *fleet,
                                         AdmTi4Arena    arena,
                                         guint          hits,
                                         AdmTi4Policy   policy);
guint        adm_ti4_fleet_assign_afb_hits_in (const AdmTi4Cards *cards,
                                         AdmTi4Fleet   *fleet,
                                         guint          hits);
void         adm_ti4_fleet_retreat_in   (const AdmTi4Cards *cards,
                                         AdmTi4Fleet   *fleet,
                                         AdmTi4Fleet   *removed);
guint        adm_ti4_fleet_capacity_check_in (const AdmTi4Cards *cards,
                                         AdmTi4Fleet   *fleet,
                                         AdmTi4Fleet   *removed);

G_END_DECLS
