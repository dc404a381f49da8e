/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-fleet-node.h: one row of the order-of-battle sidebar — a faction, a formation or a
 * ship — as an object the list widgets can bind to. */
#pragma once

#include <gio/gio.h>

#include "adm-campaign.h"

G_BEGIN_DECLS

typedef enum {
  ADMIRALTY_FLEET_NODE_FACTION,
  ADMIRALTY_FLEET_NODE_FORMATION,
  ADMIRALTY_FLEET_NODE_SHIP,
} AdmiraltyFleetNodeKind;

#define ADMIRALTY_TYPE_FLEET_NODE_KIND (admiralty_fleet_node_kind_get_type ())
GType admiralty_fleet_node_kind_get_type (void) G_GNUC_CONST;

#define ADMIRALTY_TYPE_FLEET_NODE (admiralty_fleet_node_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyFleetNode, admiralty_fleet_node, ADMIRALTY, FLEET_NODE, GObject)

/* The faction nodes of @campaign's scenario, each holding its formations, each holding its
 * ships, with the ships' current state. */
GListModel             *admiralty_fleet_model_new            (AdmCampaign *campaign)
    G_GNUC_WARN_UNUSED_RESULT;
/* Updates every ship node under @roots from @campaign's current state. */
void                    admiralty_fleet_model_refresh        (GListModel  *roots,
                                                              AdmCampaign *campaign);

AdmiraltyFleetNodeKind  admiralty_fleet_node_get_kind        (AdmiraltyFleetNode *self);
const char             *admiralty_fleet_node_get_id          (AdmiraltyFleetNode *self);
const char             *admiralty_fleet_node_get_title       (AdmiraltyFleetNode *self);
const char             *admiralty_fleet_node_get_subtitle    (AdmiraltyFleetNode *self);
const char             *admiralty_fleet_node_get_faction_id  (AdmiraltyFleetNode *self);
/* A faction node's symbol (AdmFactionSymbol), drawn on its dot; -1 for the others. */
int                     admiralty_fleet_node_get_symbol      (AdmiraltyFleetNode *self);
gboolean                admiralty_fleet_node_get_flagship    (AdmiraltyFleetNode *self);
int                     admiralty_fleet_node_get_hull        (AdmiraltyFleetNode *self);
int                     admiralty_fleet_node_get_hull_total  (AdmiraltyFleetNode *self);
int                     admiralty_fleet_node_get_readiness   (AdmiraltyFleetNode *self);
const char             *admiralty_fleet_node_get_grade       (AdmiraltyFleetNode *self);
/* The formations of a faction or the ships of a formation; NULL for a ship. */
GListModel             *admiralty_fleet_node_get_children    (AdmiraltyFleetNode *self);

G_END_DECLS
