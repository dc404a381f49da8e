/* SPDX-License-Identifier: GPL-3.0-or-later */
/* komarr-helpers.h: the bundled Komarr campaign played headless from its order sheets, for the
 * engine tests that need it after some cycles (test-report.c, test-campaign-loop.c). */
#pragma once

#include <string.h>
#include <glib.h>

#include "admiralty-engine.h"

int
komarr_compare_names (gconstpointer a,
                      gconstpointer b);

/* Cycle @cycle (F-STRAT-1..5): the sheets tests/data/order-sheets/komarr-cycle-N-*.xml in name
 * order (a correction is named after the sheet it corrects), each handed in whole a minute
 * before the session at @t0 + N × 40 min, then the cycle resolved with its F-STRAT-5 checks
 * rolled from a generator seeded with N. */
void
komarr_play_cycle (AdmCampaign *campaign,
                   guint        cycle,
                   gint64       t0);
