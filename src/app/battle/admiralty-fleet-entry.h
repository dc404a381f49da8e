/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-fleet-entry.h: one row of a battle page's Ships list — a side, a formation or a
 * ship, in the words the viewing side may read (F-ECM) — as an object for the list's model,
 * whose words (property "text") and whether it may be selected (property "selectable") may
 * change. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  ADMIRALTY_FLEET_ENTRY_SIDE,
  ADMIRALTY_FLEET_ENTRY_FORMATION,
  ADMIRALTY_FLEET_ENTRY_SHIP,
} AdmiraltyFleetEntryLevel;

#define ADMIRALTY_TYPE_FLEET_ENTRY (admiralty_fleet_entry_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyFleetEntry, admiralty_fleet_entry, ADMIRALTY, FLEET_ENTRY, GObject)

/* A side's or a formation's heading. */
AdmiraltyFleetEntry      *admiralty_fleet_entry_new_heading   (AdmiraltyFleetEntryLevel  level,
                                                               const char               *text)
    G_GNUC_WARN_UNUSED_RESULT;
/* Ship @ship of the battle; @selectable when the viewer may select it on the table. */
AdmiraltyFleetEntry      *admiralty_fleet_entry_new_ship      (guint                     ship,
                                                               const char               *text,
                                                               gboolean                  selectable)
    G_GNUC_WARN_UNUSED_RESULT;
AdmiraltyFleetEntryLevel  admiralty_fleet_entry_get_level     (AdmiraltyFleetEntry      *self);
const char               *admiralty_fleet_entry_get_text      (AdmiraltyFleetEntry      *self);
/* The same row in other words (a ship's hull or state): its row shows them in place. */
void                      admiralty_fleet_entry_set_text      (AdmiraltyFleetEntry      *self,
                                                               const char               *text);
/* The ship's index in the battle, or -1 for a heading. */
int                       admiralty_fleet_entry_get_ship      (AdmiraltyFleetEntry      *self);
gboolean                  admiralty_fleet_entry_get_selectable (AdmiraltyFleetEntry     *self);
/* The same ship's row, no longer to be selected (a ship destroyed): its row changes in place. */
void                      admiralty_fleet_entry_set_selectable (AdmiraltyFleetEntry     *self,
                                                                gboolean                 selectable);

G_END_DECLS
