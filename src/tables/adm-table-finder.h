/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-finder.h: the chief masters' Admiralties advertising tables on the room's network
 * (adm-table-advert.h), found through Avahi for a table master's Join a Table: a list of
 * AdmTableChief, in the order found, an item leaving when its chief stops advertising. Where
 * Avahi does not run, the list stays empty and "message" says so (the join link still works).
 * Nothing here uses GTK. */
#pragma once

#include <gio/gio.h>

#include "adm-table-chief.h"

G_BEGIN_DECLS

#define ADM_TYPE_TABLE_FINDER (adm_table_finder_get_type ())
G_DECLARE_FINAL_TYPE (AdmTableFinder, adm_table_finder, ADM, TABLE_FINDER, GObject)

/* Looks from now on, on the caller's thread-default main context.
 * Property (read-only, notified): "message" (why none can be found, or NULL). */
AdmTableFinder *adm_table_finder_new         (void) G_GNUC_WARN_UNUSED_RESULT;
const char     *adm_table_finder_get_message (AdmTableFinder *self);
/* The chiefs found, a GListModel of AdmTableChief (borrowed: as long as the finder lives). */
GListModel     *adm_table_finder_get_chiefs  (AdmTableFinder *self);

G_END_DECLS
