/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-clock.c: the wall clock, or SOURCE_DATE_EPOCH when a script fixes it. */
#include "config.h"

#include "adm-clock.h"

gboolean
adm_clock_parse_epoch (const char *text,
                       gint64     *seconds)
{
  guint64 value = 0;

  if (text == NULL || *text == '\0')
    return FALSE;
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p < '0' || *p > '9')
        return FALSE;
      if (value > ((guint64) G_MAXINT64 - (guint64) (*p - '0')) / 10)
        return FALSE;
      value = value * 10 + (guint64) (*p - '0');
    }
  if (seconds != NULL)
    *seconds = (gint64) value;
  return TRUE;
}

gint64
adm_clock_now (void)
{
  gint64 fixed;

  if (adm_clock_parse_epoch (g_getenv ("SOURCE_DATE_EPOCH"), &fixed))
    return fixed;
  return g_get_real_time () / G_USEC_PER_SEC;
}
