/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-legend.h: the sector map's legend, which admiralty_sector_render () draws
 * in the bottom-left corner when AdmiraltySectorOptions.legend is set: what it says and the
 * room it takes. */
#pragma once

#include <cairo.h>

#include "admiralty-sector-renderer.h"

G_BEGIN_DECLS

/* The legend's entries as drawn, one string a line ("Barrayar", "Not fought yet", …): the
 * factions whose formations the map shows, the objects, and the marks this audience's map
 * can carry — engagements by status on the master's map, last-seen marks on a side's. */
GStrv         admiralty_sector_legend_entries (AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* The pixel rectangle the legend takes in @view (bottom left), whether or not it is drawn. */
void          admiralty_sector_legend_rect    (const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               cairo_rectangle_t            *rect);

G_END_DECLS
