/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-tables.c: pure look-ups on the Forcon tables (F-ART-14, F-CRIT-8, F-STN-7, F-CAT-9,
 * F-RDY-5). Nothing here reads files or rolls dice; the ruleset feeds these functions. */

#include "config.h"

#include <string.h>

#include "adm-tables.h"

int
adm_artillery_target_column (const AdmArtilleryTable *table,
                             const char              *target)
{
  g_return_val_if_fail (table != NULL, 0);

  if (target == NULL)
    return 0;

  /* F-ART-15: each target type and aspect reads one column. */
  for (int i = 0; i < table->n_targets && i < ADM_ARTILLERY_MAX_TARGETS; i++)
    if (strcmp (table->target_ids[i], target) == 0)
      return table->target_columns[i];
  return 0;
}

int
adm_artillery_shift (int           column,
                     int           shift,
                     AdmEdgeRuling edge)
{
  int shifted;

  g_return_val_if_fail (column >= 1 && column <= ADM_ARTILLERY_COLUMNS, 0);
  /* A shift is a handful of modifiers (F-ART-8, F-ART-9, F-ART-10); anything larger is a caller's
   * bug and could overflow the addition below. */
  g_return_val_if_fail (shift > -1000 && shift < 1000, 0);

  shifted = column + shift;
  if (shifted >= 1 && shifted <= ADM_ARTILLERY_COLUMNS)
    return shifted;

  /* F-ART-10 (ruling "artillery-shift-past-edge"): past either edge the shot either stays
   * on the edge column or is lost altogether. */
  if (edge == ADM_EDGE_NO_SHOT)
    return 0;
  return shifted < 1 ? 1 : ADM_ARTILLERY_COLUMNS;
}

/* Lengths a millionth of a cm apart are the same length. */
#define EPSILON 1e-6

int
adm_art_8_range_shift (double               distance,
                       int                  range,
                       const AdmRangeBands *bands,
                       gboolean             less_than_half,
                       gboolean             behind,
                       gboolean            *half_out,
                       gboolean            *long_out)
{
  double near = (double) range * bands->near_within / bands->near_of;
  double far = (double) range * bands->far_beyond / bands->far_of;
  gboolean half = less_than_half ? distance < near - EPSILON : distance <= near + EPSILON;
  gboolean long_range = distance > far + EPSILON;
  int shift = 0;

  if (half)
    shift--;
  if (long_range)
    shift++;
  if (behind)
    shift++;
  if (half_out != NULL)
    *half_out = half;
  if (long_out != NULL)
    *long_out = long_range;
  return shift;
}

int
adm_artillery_dice (const AdmArtilleryTable *table,
                    int                      firepower,
                    int                      column,
                    AdmAboveRuling           above)
{
  int last;
  int whole;
  int rest;
  int dice;

  g_return_val_if_fail (table != NULL, 0);
  g_return_val_if_fail (table->n_rows >= 1 && table->n_rows <= ADM_ARTILLERY_MAX_ROWS, 0);
  g_return_val_if_fail (column >= 0 && column <= ADM_ARTILLERY_COLUMNS, 0);

  /* Column 0 is the "no shot" of adm_artillery_shift() under ADM_EDGE_NO_SHOT. F-ART-11:
   * the table starts at firepower 1, so no firepower means no dice. */
  if (column == 0 || firepower <= 0)
    return 0;

  last = table->n_rows;
  if (firepower <= last)
    return table->dice[firepower - 1][column - 1];

  /* F-ART-11 (ruling "firepower-above-table"): the table stops at its last row. */
  if (above == ADM_ABOVE_CAP)
    return table->dice[last - 1][column - 1];

  /* Split: as many whole last rows as fit, plus the remainder's row, dice added. */
  whole = firepower / last;
  rest = firepower % last;
  dice = whole * table->dice[last - 1][column - 1];
  if (rest > 0)
    dice += table->dice[rest - 1][column - 1];
  return dice;
}

int
adm_halve_firepower (int firepower)
{
  /* F-ART-11 (ruling "halved-firepower"): halve before the look-up, rounding down, so that
   * firepower 1 halved is 0 and rolls nothing. */
  return adm_halve_firepower_as (firepower, ADM_HALVE_FLOOR);
}

int
adm_halve_firepower_as (int            firepower,
                        AdmHalveRuling rounding)
{
  if (firepower <= 0)
    return 0;
  return rounding == ADM_HALVE_CEIL ? firepower - firepower / 2 : firepower / 2;
}

int
adm_special_shield_save_on (gboolean special_shield,
                            gboolean in_action,
                            int      reinforced_until,
                            int      turn,
                            int      save_on)
{
  return special_shield && in_action && reinforced_until >= turn ? save_on : 0;
}

const AdmTableRow *
adm_table_row_for_roll (GPtrArray *rows,
                        int        roll)
{
  g_return_val_if_fail (rows != NULL, NULL);

  for (guint i = 0; i < rows->len; i++)
    {
      const AdmTableRow *row = g_ptr_array_index (rows, i);

      if (roll >= row->from && roll <= row->to)
        return row;
    }
  return NULL;
}

const AdmReadinessGrade *
adm_readiness_grade_for (GPtrArray *grades,
                         int        readiness)
{
  g_return_val_if_fail (grades != NULL, NULL);

  /* F-RDY-5 (ruling "readiness-bands"): the table's "<" limits overlap, so the first grade
   * whose limit is above the readiness wins: <4, 4–6, 7–8, 9+. */
  for (guint i = 0; i < grades->len; i++)
    {
      const AdmReadinessGrade *grade = g_ptr_array_index (grades, i);

      if (readiness < grade->below)
        return grade;
    }
  return NULL;
}

void
adm_table_row_free (AdmTableRow *row)
{
  if (row == NULL)
    return;

  g_free (row->clause);
  g_free (row->effect);
  g_free (row->name);
  g_free (row->description);
  g_free (row->extra_damage);
  g_free (row->explosion_markers);
  g_free (row->readiness_loss);
  g_free (row->ecm_attack_loss);
  g_free (row);
}

void
adm_readiness_grade_free (AdmReadinessGrade *grade)
{
  if (grade == NULL)
    return;

  g_free (grade->id);
  g_free (grade->name);
  g_free (grade);
}
