/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-units.c: centimetres or inches on the table. */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "admiralty-units.h"

double
admiralty_length_from_cm (double   cm,
                          gboolean inches)
{
  return inches ? cm / ADMIRALTY_CM_PER_INCH : cm;
}

double
admiralty_length_to_cm (double   value,
                        gboolean inches)
{
  return inches ? value * ADMIRALTY_CM_PER_INCH : value;
}

const char *
admiralty_length_unit (gboolean inches)
{
  /* Translators: the units of length on the table */
  return inches ? _("in") : _("cm");
}

char *
admiralty_format_number (double   cm,
                         gboolean inches)
{
  double value = round (admiralty_length_from_cm (cm, inches) * 10) / 10;

  if (fabs (value - round (value)) < 1e-9)
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.1f", value);
}

char *
admiralty_format_length (double   cm,
                         gboolean inches)
{
  g_autofree char *number = admiralty_format_number (cm, inches);

  /* Translators: a length and its unit, "12.5 cm" */
  return g_strdup_printf (_("%s %s"), number, admiralty_length_unit (inches));
}

gboolean
admiralty_units_are_inches (const char *units)
{
  return g_strcmp0 (units, "in") == 0;
}
