/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-tables-dialog.h: "Tables…" — several masters, one campaign (docs/manual.md,
 * "Running a night with several masters"). Beside "Share with Admirals…": the chief master
 * turns on how many tables other masters fight engagements at (0: off), served on the
 * admirals' portal's server (src/tables/adm-table-server.h); each table has its join link with
 * its QR code, a button to copy it and one to revoke it (a new link), and lists the
 * engagements at it with where each stands, live. Table masters on the network asking to join
 * without a link (adm-table-pairing.h) are listed with the two words their screens show, to be
 * let in as a table or refused. Its commands are the actions "tables.set-count" (u),
 * "tables.copy" (s: the table), "tables.revoke" (s), "tables.let-in" ((ss): the request's id,
 * the table) and "tables.refuse" (s: the request's id). */
#pragma once

#include <adwaita.h>

#include "adm-portal.h"
#include "adm-table-server.h"
#include "admiralty-room.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_TABLES_DIALOG (admiralty_tables_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyTablesDialog, admiralty_tables_dialog, ADMIRALTY, TABLES_DIALOG,
                      AdwWindow)

/* Property "n-tables" (guint, notified): the tables turned on. The dialog for the portal
 * @room keeps, over @room's window. */
AdmiraltyTablesDialog *admiralty_tables_dialog_new      (AdmiraltyRoom         *room);
/* The tables' server @room keeps for its portal, or NULL while tables were never turned on
 * for it (borrowed). */
AdmTableServer        *admiralty_tables_dialog_get_server (AdmiraltyRoom       *room);
/* Serves again, in @room, the tables whose keys its portal's side file keeps ("Table 1" …
 * "Table N"), once the portal runs: a chief's Admiralty started again after a crash takes its
 * tables back with the same links, and what they kept meanwhile flows in. Nothing when the
 * room serves tables for its portal already or none were kept; the number served. */
guint                  admiralty_tables_dialog_resume   (AdmiraltyRoom         *room);
guint                  admiralty_tables_dialog_get_n_tables (AdmiraltyTablesDialog *self);
/* What "tables.set-count" does: serves @n_tables tables (0: none); FALSE with the reason when
 * their keys cannot be saved. */
gboolean               admiralty_tables_dialog_set_n_tables (AdmiraltyTablesDialog *self,
                                                         guint                  n_tables,
                                                         GError               **error);
/* What "tables.let-in" does: lets the table master of request @request_id in as @table (a new
 * table is turned on first); FALSE with the reason. */
gboolean               admiralty_tables_dialog_let_in (AdmiraltyTablesDialog *self,
                                                         const char            *request_id,
                                                         const char            *table,
                                                         GError               **error);
/* For tests: what @table's row shows — its link line and its engagements, a line each. */
char                  *admiralty_tables_dialog_get_table_text (AdmiraltyTablesDialog *self,
                                                         const char            *table)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
