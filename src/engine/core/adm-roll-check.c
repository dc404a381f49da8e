/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-roll-check.c: judging a roll's dice and saying the verdict, for every dice log. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-roll-check.h"

void
adm_roll_check_append_values (GString     *text,
                              const guint *values,
                              guint        n_values,
                              const char  *separator)
{
  g_return_if_fail (text != NULL && separator != NULL);
  g_return_if_fail (values != NULL || n_values == 0);

  for (guint i = 0; i < n_values; i++)
    {
      if (i > 0)
        g_string_append (text, separator);
      /* Most dice are d6: a face of one digit is a character, no format. */
      if (values[i] < 10)
        g_string_append_c (text, (char) ('0' + values[i]));
      else
        g_string_append_printf (text, "%u", values[i]);
    }
}

char *
adm_roll_check_values_text (const guint *values,
                            guint        n_values,
                            const char  *separator)
{
  GString *out;

  g_return_val_if_fail (separator != NULL, NULL);
  g_return_val_if_fail (values != NULL || n_values == 0, NULL);

  out = g_string_new (NULL);
  adm_roll_check_append_values (out, values, n_values, separator);
  return g_string_free (out, FALSE);
}

guint
adm_roll_check_count_at_least (const guint *values,
                               guint        n_values,
                               guint        at_least,
                               GString     *shown)
{
  guint n = 0;

  g_return_val_if_fail (values != NULL || n_values == 0, 0);

  for (guint i = 0; i < n_values; i++)
    n += values[i] >= at_least;
  if (shown != NULL)
    adm_roll_check_append_values (shown, values, n_values, " ");
  return n;
}

const char *
adm_roll_check_to_string (AdmRollCheck check)
{
  switch (check)
    {
    case ADM_ROLL_CHECK_EACH_AT_LEAST: return "each-at-least";
    case ADM_ROLL_CHECK_SUM_AT_LEAST:  return "sum-at-least";
    case ADM_ROLL_CHECK_SUM_AT_MOST:   return "sum-at-most";
    case ADM_ROLL_CHECK_SUM_BELOW:     return "sum-below";
    case ADM_ROLL_CHECK_DOUBLES:       return "doubles";
    case ADM_ROLL_CHECK_NONE:
    default:                           return NULL;
    }
}

void
adm_roll_check_judge (AdmRollCheck  check,
                      int           target,
                      const guint  *values,
                      guint         n_values,
                      guint        *passed,
                      guint        *failed)
{
  guint sum = 0;
  gboolean pass;

  g_return_if_fail (values != NULL || n_values == 0);
  g_return_if_fail (passed != NULL && failed != NULL);

  *passed = *failed = 0;
  for (guint i = 0; i < n_values; i++)
    sum += values[i];
  switch (check)
    {
    case ADM_ROLL_CHECK_EACH_AT_LEAST:
      for (guint i = 0; i < n_values; i++)
        *passed += (int) values[i] >= target;
      *failed = n_values - *passed;
      return;

    case ADM_ROLL_CHECK_DOUBLES:
      for (guint i = 0; i + 1 < n_values; i += 2)
        {
          pass = values[i] == values[i + 1];
          *passed += pass;
          *failed += !pass;
        }
      return;

    case ADM_ROLL_CHECK_SUM_AT_LEAST:
    case ADM_ROLL_CHECK_SUM_AT_MOST:
    case ADM_ROLL_CHECK_SUM_BELOW:
      pass = check == ADM_ROLL_CHECK_SUM_AT_LEAST ? (int) sum >= target
             : check == ADM_ROLL_CHECK_SUM_AT_MOST ? (int) sum <= target
                                                   : (int) sum < target;
      *passed = pass;
      *failed = !pass;
      return;

    case ADM_ROLL_CHECK_NONE:
    default:
      return;
    }
}

/* "≥ 4", "sum ≤ 7 (readiness)": the check's comparison, with what the target is. */
static char *
describe_check (AdmRollCheck  check,
                int           target,
                const char   *against,
                guint         n_values)
{
  gboolean one = n_values == 1;
  g_autofree char *with = against != NULL ? g_strdup_printf (" (%s)", against) : g_strdup ("");

  switch (check)
    {
    case ADM_ROLL_CHECK_EACH_AT_LEAST:
      /* Translators: a check in the dice log, each die against its target: "≥ 4 per die" */
      return one ? g_strdup_printf (_("≥ %d%s"), target, with)
                 : g_strdup_printf (_("≥ %d per die%s"), target, with);
    case ADM_ROLL_CHECK_SUM_AT_LEAST:
      return one ? g_strdup_printf (_("≥ %d%s"), target, with)
                 : g_strdup_printf (_("sum ≥ %d%s"), target, with);
    case ADM_ROLL_CHECK_SUM_AT_MOST:
      return one ? g_strdup_printf (_("≤ %d%s"), target, with)
                 : g_strdup_printf (_("sum ≤ %d%s"), target, with);
    case ADM_ROLL_CHECK_SUM_BELOW:
      return one ? g_strdup_printf (_("< %d%s"), target, with)
                 : g_strdup_printf (_("sum < %d%s"), target, with);
    case ADM_ROLL_CHECK_DOUBLES:
      /* Translators: a check in the dice log: each pair of dice passes on a double */
      return g_strdup_printf (_("a double per pair%s"), with);
    case ADM_ROLL_CHECK_NONE:
    default:
      return NULL;
    }
}

char *
adm_roll_check_describe (AdmRollCheck  check,
                         int           target,
                         const char   *against,
                         guint         n_values,
                         guint         passed,
                         guint         failed,
                         const char   *result)
{
  g_autofree char *comparison = describe_check (check, target, against, n_values);
  g_autofree char *verdict = NULL;

  if (comparison != NULL)
    {
      if (passed + failed == 1)
        verdict = g_strdup (passed > 0 ? _("passed ✓") : _("failed ✗"));
      else
        /* Translators: the dice of a check in the dice log: how many passed, how many failed */
        verdict = g_strdup_printf (_("%u passed ✓, %u failed ✗"), passed, failed);
    }
  if (comparison != NULL && result != NULL)
    /* Translators: a check's comparison, its verdict and what came of it */
    return g_strdup_printf (_("%s: %s → %s"), comparison, verdict, result);
  if (comparison != NULL)
    /* Translators: a check's comparison and its verdict: "≥ 4 per die: 3 passed ✓, 2 failed ✗" */
    return g_strdup_printf (_("%s: %s"), comparison, verdict);
  if (result != NULL)
    /* Translators: the result a table gave for a roll, in the dice log: "→ Fire!" */
    return g_strdup_printf (_("→ %s"), result);
  return NULL;
}
