/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-pairing.h: a table let in without a link — the chief's side. While the tables are
 * served (adm-table-server.h), a table master on the room's network may ask to join instead of
 * pasting a join link: his Admiralty finds the chief's (adm-table-advert.h), speaks TLS to it
 * and asks under "/pair/", over TLS only:
 *
 *   POST /pair/            {"name", "commit"}: who asks, and SHA-256 of his nonce (hex);
 *                          200 {"id", "nonce"}: the request's key and the chief's nonce
 *   POST /pair/ID/reveal   {"nonce"}: his nonce, which must match his commitment; 200
 *                          {"state": "waiting"}: the request shows on the chief's screen with
 *                          the check (adm-table-check.h)
 *   GET  /pair/ID          200 {"state": "waiting"}, {"state": "refused"}, or {"state":
 *                          "accepted", "table", "link"}: the table's join link, told once
 *   POST /pair/ID/cancel   200 {"state": "cancelled"}: he gave up
 *
 * A request unanswered for ten minutes is forgotten; at most eight wait at once (429 beyond).
 * The chief master compares the words his screen shows with the table master's and accepts
 * it as one of his tables, or refuses. The link travels only inside the TLS the table already
 * checked by those words; no key, token or secret is in the advertisement or in the clear.
 * A wrong key, path or method is the portal's one 404. Any other refusal is {"error", "code"}:
 * an English sentence for a person reading the exchange, and one of the codes below, which
 * the asking table turns into a sentence in its master's language (adm-table-asking.c).
 *
 * The requests waiting on the chief's answer are a list of AdmTableRequest, oldest first
 * (adm_table_pairing_get_requests ()), on the main context of the caller of adm_table_pairing_new (). Nothing here uses
 * GTK. */
#pragma once

#include <gio/gio.h>

#include "adm-table-request.h"

G_BEGIN_DECLS

/* How long a request waits for the chief's answer, and how many wait at once. */
#define ADM_TABLE_PAIRING_WAIT_S 600
#define ADM_TABLE_PAIRING_MAX_WAITING 8
/* The fewest digits of a request's id a master types to name it ("let-in 3fa2c1 2"). */
#define ADM_TABLE_PAIRING_MIN_KEY 6
/* The longest name a table master gives, in characters. */
#define ADM_TABLE_PAIRING_MAX_NAME 64

/* The codes of the chief's refusals (the "code" member of a refusal). */
#define ADM_TABLE_PAIRING_REFUSED_NOT_JSON   "not-json"
#define ADM_TABLE_PAIRING_REFUSED_NAME       "bad-name"
#define ADM_TABLE_PAIRING_REFUSED_COMMIT     "bad-commit"
#define ADM_TABLE_PAIRING_REFUSED_NO_RANDOM  "no-random"
#define ADM_TABLE_PAIRING_REFUSED_BUSY       "busy"
#define ADM_TABLE_PAIRING_REFUSED_NONCE      "bad-nonce"
#define ADM_TABLE_PAIRING_REFUSED_MISMATCH   "nonce-mismatch"

typedef struct _AdmTableServer AdmTableServer;

#define ADM_TYPE_TABLE_PAIRING (adm_table_pairing_get_type ())
G_DECLARE_FINAL_TYPE (AdmTablePairing, adm_table_pairing, ADM, TABLE_PAIRING, GObject)

/* Takes requests on @server's portal from now on, for @server's tables (held weakly: the
 * server keeps its pairing). */
AdmTablePairing *adm_table_pairing_new    (AdmTableServer   *server,
                                           const char       *fingerprint) G_GNUC_WARN_UNUSED_RESULT;
/* The requests waiting, a GListModel of AdmTableRequest, oldest first (borrowed). */
GListModel      *adm_table_pairing_get_requests (AdmTablePairing *self);
/* Lets @request's table in as @table ("Table 2", one the server serves): its next poll gets
 * the table's join link. FALSE with G_IO_ERROR_NOT_FOUND when the request is no longer waiting
 * (given up, or too old), or G_IO_ERROR_INVALID_ARGUMENT when @table is not served. */
gboolean         adm_table_pairing_accept (AdmTablePairing  *self,
                                           AdmTableRequest  *request,
                                           const char       *table,
                                           GError          **error);
/* The request waiting whose id is @key or begins with it (at least ADM_TABLE_PAIRING_MIN_KEY
 * digits), or NULL. */
AdmTableRequest *adm_table_pairing_lookup (AdmTablePairing  *self,
                                           const char       *key) G_GNUC_WARN_UNUSED_RESULT;
/* Refuses @request: its next poll says so. */
void             adm_table_pairing_refuse (AdmTablePairing  *self,
                                           AdmTableRequest  *request);

G_END_DECLS
