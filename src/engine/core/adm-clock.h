/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-clock.h: the one clock the engine, the CLI and the reports read.  Every time stored in a
 * file (an event's time, a sheet's reception) comes from here, so a scripted run with
 * SOURCE_DATE_EPOCH set gives the same bytes however fast it runs (reproducible-builds.org). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Seconds since the epoch, UTC.  When the environment variable SOURCE_DATE_EPOCH holds a
 * non-negative decimal integer (nothing else, at most 2^63 - 1), that number is returned
 * instead of the wall clock; any other value is ignored. */
gint64 adm_clock_now (void);

/* The SOURCE_DATE_EPOCH rule on its own: TRUE and *seconds set when TEXT is a valid value. */
gboolean adm_clock_parse_epoch (const char *text,
                                gint64     *seconds);

G_END_DECLS
