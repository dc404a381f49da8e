/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-units.h: lengths on the tactical table as the master reads them — centimetres, as
 * the rules are written, or inches (the "units" preference). The engine works in cm; only
 * what is shown and typed is converted. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ADMIRALTY_CM_PER_INCH 2.54

/* "12.5 cm" or "4.9 in": one decimal, none when it is a whole number. */
char       *admiralty_format_length  (double   cm,
                                      gboolean inches) G_GNUC_WARN_UNUSED_RESULT;
/* The number alone, as admiralty_format_length () writes it. */
char       *admiralty_format_number  (double   cm,
                                      gboolean inches) G_GNUC_WARN_UNUSED_RESULT;
/* "cm" or "in". */
const char *admiralty_length_unit    (gboolean inches);
/* A length typed in the shown unit, in cm; and cm in the shown unit. */
double      admiralty_length_to_cm   (double   value,
                                      gboolean inches);
double      admiralty_length_from_cm (double   cm,
                                      gboolean inches);
/* Whether the "units" setting asks for inches. */
gboolean    admiralty_units_are_inches (const char *units);

G_END_DECLS
