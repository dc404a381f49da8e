/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-join-dialog.h: "Join a Table…" — a table master's side of several masters, one
 * campaign (adm-table-client.h). He pastes the join link the chief master gave him; the
 * dialog lists the engagements at his table, with where each stands, and opens the one he
 * picks: the battle kept on this computer if any, else the chief's, fetched; one not begun yet
 * goes through the placements step first (admiralty-engagement-dialog.h). Without a link, it
 * lists the chief masters' Admiralties advertising tables on the network (adm-table-finder.h):
 * he asks one to let his table in (adm-table-asking.h), compares the two words his screen
 * shows with the chief master's, and once let in goes on as with a pasted link. Its commands
 * are the actions "join.connect", "join.open" (s: the engagement), "join.ask" (s: HOST:PORT)
 * and "join.stop-asking". The link the chief last
 * answered is kept (GSettings table-link) and the dialog opens with it. */
#pragma once

#include <adwaita.h>

#include "adm-table-client.h"

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_JOIN_DIALOG (admiralty_join_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyJoinDialog, admiralty_join_dialog, ADMIRALTY, JOIN_DIALOG,
                      AdwWindow)

/* Signal "open-battle" (AdmTableClient *client): @client has opened the battle the master
 * picked (adm_table_client_get_battle ()); the dialog closes.
 * Signal "set-up-anew" (const char *engagement_id, const char *assignment): the chief took a
 * placement or Roll Again of the placements step: the battle of @assignment kept here, not
 * begun, is let go (adm_table_client_place_async ()), and a tab showing it shows a set-up the
 * chief no longer hands out. */
AdmiraltyJoinDialog *admiralty_join_dialog_new      (GtkWindow           *parent);
/* What "join.connect" does with @link (the entry's text when NULL). */
void                 admiralty_join_dialog_connect  (AdmiraltyJoinDialog *self,
                                                     const char          *link);
/* What "join.ask" does: asks the chief at @where ("HOST:PORT") to let this table in. */
void                 admiralty_join_dialog_ask      (AdmiraltyJoinDialog *self,
                                                     const char          *where);
/* The two words to compare while asking, or NULL. */
const char          *admiralty_join_dialog_get_words (AdmiraltyJoinDialog *self);
/* The link in the entry. */
const char          *admiralty_join_dialog_get_link (AdmiraltyJoinDialog *self);
/* The placements step of the engagement being opened (an AdmiraltyEngagementDialog at this
 * table), while it shows, or NULL. */
GtkWidget           *admiralty_join_dialog_get_placements (AdmiraltyJoinDialog *self);
/* For tests: the status line, and the engagements listed, a line each, "c1-3 · Pol orbit —
 * not fought". */
const char          *admiralty_join_dialog_get_status (AdmiraltyJoinDialog *self);
char                *admiralty_join_dialog_get_listing (AdmiraltyJoinDialog *self)
    G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
