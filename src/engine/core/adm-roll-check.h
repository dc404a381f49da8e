/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-roll-check.h: how a rule judges a roll's dice (passed, failed) and how the dice logs say
 * it — one judgement for the battle's rolls and the campaign's, so that both logs read the
 * same ("sum ≤ 7 (readiness): failed ✗"). Pure functions on plain numbers. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How the rule that made a roll judged its dice: set where the rule resolves it,
 * by the same code on a replay, so never read from a file. */
typedef enum {
  ADM_ROLL_CHECK_NONE,          /* a number used as rolled (a distance, a radius), or a
                                 * table's roll: see result */
  ADM_ROLL_CHECK_EACH_AT_LEAST, /* each die passes at target or more ("4+ destroys a torpedo") */
  ADM_ROLL_CHECK_SUM_AT_LEAST,  /* the sum passes at target or more */
  ADM_ROLL_CHECK_SUM_AT_MOST,   /* the sum passes at target or less (a readiness check) */
  ADM_ROLL_CHECK_SUM_BELOW,     /* the sum passes below target (damage control, F-DC-2) */
  ADM_ROLL_CHECK_DOUBLES,       /* each pair of dice passes when both show the same */
} AdmRollCheck;

/* The check's name for files and --json: "each-at-least", "sum-at-most", …; NULL for none. */
const char *adm_roll_check_to_string (AdmRollCheck  check);

/* Judges @n_values dice @values by @check against @target: the dice (pairs) that passed and
 * failed; for a sum, one of the two is 1. Both 0 for ADM_ROLL_CHECK_NONE. */
void        adm_roll_check_judge     (AdmRollCheck  check,
                                      int           target,
                                      const guint  *values,
                                      guint         n_values,
                                      guint        *passed,
                                      guint        *failed);

/* A judged roll's outcome in a master's words: "≥ 4 per die: 3 passed ✓, 2 failed ✗", "sum ≤
 * 7 (readiness): failed ✗", "→ Fire!" (a table's @result); NULL when nothing was judged.
 * @against says what @target is ("readiness"), or NULL. */
char       *adm_roll_check_describe  (AdmRollCheck  check,
                                      int           target,
                                      const char   *against,
                                      guint         n_values,
                                      guint         passed,
                                      guint         failed,
                                      const char   *result) G_GNUC_WARN_UNUSED_RESULT;

/* The dice of @values at or above @at_least ("4+ destroys a torpedo"); with @shown not NULL,
 * the values are appended to it as the reports show dice: "4 6 1". */
guint       adm_roll_check_count_at_least (const guint *values,
                                           guint        n_values,
                                           guint        at_least,
                                           GString     *shown);
/* Appends @n_values dice @values to @text, @separator between them: "4 6 1" with " ". */
void        adm_roll_check_append_values  (GString     *text,
                                           const guint *values,
                                           guint        n_values,
                                           const char  *separator);
/* The same as a new string: "4 + 6 + 1" with " + ". */
char       *adm_roll_check_values_text    (const guint *values,
                                           guint        n_values,
                                           const char  *separator) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
