/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-placements.h: the placements step (adm-placement-step.h) on the table's link, the
 * "placements" member of an engagement in the table's listing (docs/formats.md, "Battles fought
 * at other tables"): written by the chief's server (adm-table-server.c), read by the table's
 * client (adm-table-client.c), both through one description of each kind of record. */
#pragma once

#include <json-glib/json-glib.h>

#include "adm-placement-step.h"

G_BEGIN_DECLS

/* @step as the object {"cycle", "minute", "offered": [{"id", "name"}, …], "formations":
 * [{"id", "name", "side", "placement", "reason"}, …], "words": [{"formation", "admiral",
 * "text"}, …]}, added to the object @builder is building as its member "placements". */
void              adm_table_placements_write (JsonBuilder            *builder,
                                              const AdmPlacementStep *step);

/* The placements step of @node (such an object), at @place; NULL when it does not read: a
 * member missing or not of its type, or a formation placed in a placement not offered. */
AdmPlacementStep *adm_table_placements_read  (JsonNode               *node,
                                              const char             *place) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
