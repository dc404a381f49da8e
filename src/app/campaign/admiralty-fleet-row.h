/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-fleet-row.h: the sidebar's view of one faction, formation or ship. */
#pragma once

#include <gtk/gtk.h>

#include "admiralty-fleet-node.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_FLEET_ROW (admiralty_fleet_row_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyFleetRow, admiralty_fleet_row, ADMIRALTY, FLEET_ROW, GtkWidget)

AdmiraltyFleetNode *admiralty_fleet_row_get_node (AdmiraltyFleetRow  *self);
void                admiralty_fleet_row_set_node (AdmiraltyFleetRow  *self,
                                                  AdmiraltyFleetNode *node);

G_END_DECLS
