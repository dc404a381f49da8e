/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-tables.h: the Forcon tables as plain data, and pure look-up functions on plain numbers.
 *
 * These functions take no model objects: odds calculations and tests call them directly, and
 * AdmRuleset wraps them with the ruleset's data and rulings. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ADM_ARTILLERY_COLUMNS 5
#define ADM_ARTILLERY_MAX_ROWS 64
#define ADM_ARTILLERY_MAX_TARGETS 16

/* F-ART-14: dice[firepower - 1][column - 1] is the number of d6 to roll. */
typedef struct {
  int  n_rows;                                   /* highest firepower in the table (20) */
  int  dice[ADM_ARTILLERY_MAX_ROWS][ADM_ARTILLERY_COLUMNS];
  int  n_targets;
  char target_ids[ADM_ARTILLERY_MAX_TARGETS][32];  /* "approaching-capital", … */
  int  target_columns[ADM_ARTILLERY_MAX_TARGETS];  /* 1-based */
} AdmArtilleryTable;

/* Ruling "artillery-shift-past-edge" (F-ART-10 ambiguity 2). */
typedef enum {
  ADM_EDGE_CLAMP,    /* a shift past either edge stays on the edge column (default) */
  ADM_EDGE_NO_SHOT,  /* a shift past either edge means no dice */
} AdmEdgeRuling;

/* Ruling "firepower-above-table" (F-ART-11 ambiguity). */
typedef enum {
  ADM_ABOVE_SPLIT,   /* looked up as whole tables' worth plus the remainder, dice added (default) */
  ADM_ABOVE_CAP,     /* capped at the last row */
} AdmAboveRuling;

/* A row of a critical-damage or catastrophic-damage table (F-CRIT-8, F-STN-7, F-CAT-9). */
typedef struct {
  int       from;               /* range of the table's roll, inclusive (F-CRIT-2, F-CAT-3) */
  int       to;
  int       result;             /* critical tables: the number its effect is kept under, its
                                 * row's first roll in the rulebook's 2d6 table */
  char     *clause;             /* "F-CRIT-13" */
  char     *effect;             /* "engines" */
  char     *name;               /* display name, English, translated with gettext */
  char     *description;
  char     *extra_damage;       /* "0" "1" "d3" "d6" (critical tables) */
  char     *explosion_markers;  /* "1" or "special" (catastrophic table) */
  char     *readiness_loss;     /* NULL, "3", "d3", "d6" */
  char     *ecm_attack_loss;    /* NULL, "d3" */
  int       speed_loss;         /* cm, 0 when none */
  gboolean  repairable;
  gboolean  catastrophic_check; /* station rows: "d6: on 6 catastrophic check" */
} AdmTableRow;

typedef struct {
  char *id;              /* "green" "experienced" "veteran" "elite" */
  char *name;
  int   below;           /* readiness strictly below this belongs here; G_MAXINT for the last */
  int   modifier;        /* F-RDY-5 */
  int   fire_distribution_modifier; /* F-FIRE-10 */
} AdmReadinessGrade;

/* F-ART-14/F-ART-15: 1-based column for a target id, or 0 when unknown. */
int  adm_artillery_target_column (const AdmArtilleryTable *table,
                                  const char              *target);

/* F-ART-8, F-ART-9, F-ART-10: applies @shift (negative = toward column 1, the easier column) to
 * @column. Returns the new 1-based column, or 0 for "no shot" under ADM_EDGE_NO_SHOT. */
int  adm_artillery_shift         (int                      column,
                                  int                      shift,
                                  AdmEdgeRuling            edge);

/* F-ART-8, F-ART-9: the range bands, each a share of the firing range (the ruleset's
 * <range-bands>: half and three quarters in Forcon 2010). */
typedef struct {
  int near_within;   /* F-ART-8: within near_within/near_of of the range, one column left */
  int near_of;
  int far_beyond;    /* F-ART-9: beyond far_beyond/far_of of it, one column right */
  int far_of;
} AdmRangeBands;

/* F-ART-7: the column shift the range and the line of fire give a shot at @distance cm from
 * batteries of @range cm (the shortest range of those firing together, F-ART-3): F-ART-8, one
 * column left within @bands' near share of the range (@less_than_half: only below it, ruling
 * "half-range-boundary"); F-ART-9, one column right beyond its far share; F-ART-10, one
 * column right when the line passes @behind an explosion marker. @half_out and @long_out (may
 * be NULL) get whether F-ART-8 and F-ART-9 apply. */
int  adm_art_8_range_shift       (double                   distance,
                                  int                      range,
                                  const AdmRangeBands     *bands,
                                  gboolean                 less_than_half,
                                  gboolean                 behind,
                                  gboolean                *half_out,
                                  gboolean                *long_out);

/* F-ART-11: number of d6 for @firepower in @column. Firepower ≤ 0 gives 0 dice. */
int  adm_artillery_dice          (const AdmArtilleryTable *table,
                                  int                      firepower,
                                  int                      column,
                                  AdmAboveRuling           above);

/* Ruling "halved-firepower" (F-ART-11 ambiguity). */
typedef enum {
  ADM_HALVE_FLOOR,   /* halved before the look-up, rounded down (default) */
  ADM_HALVE_CEIL,    /* halved before the look-up, rounded up */
} AdmHalveRuling;

/* F-MOVE-15, F-MOVE-16, F-MOVE-17, F-FORD-10: halved firepower, halved before the look-up, rounded
 * down. */
int  adm_halve_firepower         (int                      firepower);
/* The same under either reading of the ruling. Firepower ≤ 0 stays 0. */
int  adm_halve_firepower_as      (int                      firepower,
                                  AdmHalveRuling           rounding);

/* F-FORD-8: the d6 result at or above which each damage point to a ship is ignored:
 * @save_on (the ruleset's number) when the ship has a special force shield, is in action
 * and has its shields reinforced through @reinforced_until, which is @turn or later;
 * 0 when nothing is saved. */
int  adm_special_shield_save_on  (gboolean                 special_shield,
                                  gboolean                 in_action,
                                  int                      reinforced_until,
                                  int                      turn,
                                  int                      save_on);

/* The row of @rows (AdmTableRow*) whose range holds @roll, or NULL. */
const AdmTableRow *adm_table_row_for_roll (GPtrArray *rows,
                                           int        roll);

/* F-RDY-5: the grade of @readiness in @grades (AdmReadinessGrade*, ordered), or NULL. */
const AdmReadinessGrade *adm_readiness_grade_for (GPtrArray *grades,
                                                  int        readiness);

void adm_table_row_free          (AdmTableRow       *row);
void adm_readiness_grade_free    (AdmReadinessGrade *grade);

G_END_DECLS
