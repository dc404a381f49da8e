/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-common.h: what several benchmarks share — the verdict printed beside each target,
 * the firing arc a ship's arc sector stands for, and the removal of a benchmark's own
 * temporary folder. */
#pragma once

#include "admiralty-engine.h"

/* "met" or "NOT met": @figure against its @target (the same unit; less is better). */
static inline const char *
bench_verdict (double figure,
               double target)
{
  return figure <= target ? "met" : "NOT met";
}

/* Removes @dir, a temporary folder the benchmark made, with everything written into it —
 * files, backups, checkpoint folders (`rm -rf`: GLib removes only empty folders). */
static inline void
bench_remove_tree (const char *dir)
{
  const char *argv[] = { "rm", "-rf", "--", dir, NULL };
  g_autoptr(GError) error = NULL;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                     NULL, &error))
    g_printerr ("could not remove %s: %s\n", dir, error->message);
}

/* The firing arc (AdmArcs) a ship's arc sector stands for (F-FIRE-7), for the benchmarks that
 * declare fire as a master would: only the guns that bear. */
static inline AdmArcs
bench_arc_of (AdmArcSector sector)
{
  switch (sector)
    {
    case ADM_SECTOR_BOW: return ADM_ARC_BOW;
    case ADM_SECTOR_STERN: return ADM_ARC_STERN;
    case ADM_SECTOR_PORT: return ADM_ARC_PORT;
    case ADM_SECTOR_STARBOARD:
    default:
      return ADM_ARC_STARBOARD;
    }
}
