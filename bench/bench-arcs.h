/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-arcs.h: the firing arc (AdmArcs) a ship's arc sector stands for (F-FIRE-7), for the
 * benchmarks that declare fire as a master would: only the guns that bear. */
#pragma once

#include "admiralty-engine.h"

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
