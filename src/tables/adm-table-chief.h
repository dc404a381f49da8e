/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-chief.h: a chief master's Admiralty found on the room's network
 * (adm-table-finder.h): the name it advertises and where to ask it (adm-table-asking.h). */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADM_TYPE_TABLE_CHIEF (adm_table_chief_get_type ())
G_DECLARE_FINAL_TYPE (AdmTableChief, adm_table_chief, ADM, TABLE_CHIEF, GObject)

/* Properties (read-only): "name", "host" (an IP address), "port" (guint). */
AdmTableChief *adm_table_chief_new      (const char    *name,
                                         const char    *host,
                                         guint          port) G_GNUC_WARN_UNUSED_RESULT;
const char    *adm_table_chief_get_name (AdmTableChief *self);
const char    *adm_table_chief_get_host (AdmTableChief *self);
guint          adm_table_chief_get_port (AdmTableChief *self);
/* "HOST:PORT" ("[HOST]:PORT" for IPv6), as adm_table_asking_new () takes it. */
char          *adm_table_chief_get_where (AdmTableChief *self) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
