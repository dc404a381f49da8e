/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-table-server.h: several masters, one campaign — the chief master's side. The tables
 * ("Table 1" … "Table N") are served on the admirals' portal's server (adm-portal.h), over
 * TLS on the portal's own port (the admirals' phones stay on plain HTTP there), each behind a
 * join link "https://HOST:PORT/table/TOKEN/#sha256=FINGERPRINT" whose 128-bit token is kept
 * with the admirals' ([tables] in the portal's side file, adm-portal-tokens.h) and revoked
 * the same way, and whose fingerprint names the certificate the chief made once and keeps
 * beside the campaign (adm-table-certificate.h): the table checks it, so no one else on the
 * network reads or changes what a table and the chief say. A request for /table/ that did
 * not come over TLS is the portal's one 404. A table master's Admiralty (adm-table-client.c) reads there the engagements handed to
 * his table (adm_campaign_assign_table ()) and their battles, and sends back each entry of a
 * battle's journal as it is recorded, as a <table-battle> message (adm-table-battle.h):
 *
 *   GET  /table/TOKEN/                          200 application/json: the table, the campaign,
 *                                               its engagements (id, place, assignment, status,
 *                                               turn, phase, kept, last, ended)
 *   GET  /table/TOKEN/engagements/ID/battle     200 application/xml: the saved battle
 *                                               (adm_campaign_table_battle ())
 *   POST /table/TOKEN/engagements/ID/entries    a message (at most ADM_TABLE_SERVER_MAX_BODY,
 *                                               else 413), applied with
 *                                               adm_campaign_receive_from_table ():
 *                                               200 {"kept","last","ended"}; refused, 409 with
 *                                               "error" (the engine's words) and "code"
 *                                               ("taken-back", "out-of-step", "refused",
 *                                               "malformed")
 *   POST /table/TOKEN/engagements/ID/placements the placements step before the first phase
 *                                               (F-STRAT-15, F-TAC-1), a JSON body
 *                                               {"assignment", "placements": {FORMATION:
 *                                               PLACEMENT}, "roll-again"}, applied with
 *                                               adm_campaign_table_place () and a seed the
 *                                               chief draws: 200 {"kept","last","ended"};
 *                                               refused, 409 as above
 *   POST /table/TOKEN/engagements/ID/dice       F-STRAT-4: the ask of the sides' dice for the
 *                                               phase the table's battle is about to roll, a
 *                                               JSON body {"assignment", "from", "turn",
 *                                               "phase", "declarations", "dice"} (the 2d6
 *                                               typed there), applied with
 *                                               adm_campaign_table_ask_dice (): the admirals'
 *                                               phones offer their tap for it; 200
 *                                               {"kept","last","ended","given"} ("given":
 *                                               the dice typed and the taps shown, as a
 *                                               message's `dice` attribute, or null);
 *                                               refused, 409 as above
 *
 * A wrong or revoked token, another table's engagement, a path or method not listed: the
 * portal's one 404, byte for byte. Requests are rate-limited as the admirals' are.
 *
 * A table master may also ask to join without a link, his Admiralty finding the chief's on the
 * network (adm-table-advert.h) and both masters comparing a word pair: adm-table-pairing.h.
 *
 * Threads: as the portal's. The server thread reads the request and checks its token; the
 * rest — the campaign, the engine's checks, the signals — happens on the main context of the
 * caller of adm_table_server_new (), the one that owns the campaign, the request paused until
 * the main thread has answered it. */
#pragma once

#include <gio/gio.h>

#include "adm-portal.h"
#include "adm-table-advert.h"
#include "adm-table-battle.h"
#include "adm-table-request.h"

G_BEGIN_DECLS

/* The largest message taken: a whole saved battle of an evening with its journal. */
#define ADM_TABLE_SERVER_MAX_BODY (16 * 1024 * 1024)
/* The most tables served at once. */
#define ADM_TABLE_SERVER_MAX_TABLES 32

/* The last message about one engagement, as the chief received it. */
typedef struct {
  char            *engagement_id;
  char            *table;      /* the table whose link sent it */
  gint64           arrived;    /* g_get_real_time () when its request was read whole */
  guint            first;      /* the first entry it added to the campaign; 0: none */
  AdmTableReceipt  receipt;    /* what the chief holds of the battle after it */
  char            *refusal;    /* refused: the engine's message; else NULL */
  const char      *code;       /* refused: "taken-back", "out-of-step", "refused",
                                * "malformed"; else NULL */
} AdmTableArrival;

/* Signals (main thread):
 *   "battle-changed" (const char *engagement_id, const char *table): a message added entries
 *     to the battle the campaign keeps of @engagement_id, or its ending
 *     (adm_table_server_get_arrival () says which, and when it came);
 *   "refused" (const char *engagement_id, const char *table, const char *message): a message
 *     or the placements of that table were refused (its engagement may be NULL: a message
 *     that is no message). */
#define ADM_TYPE_TABLE_SERVER (adm_table_server_get_type ())
G_DECLARE_FINAL_TYPE (AdmTableServer, adm_table_server, ADM, TABLE_SERVER, GObject)

/* Serves @n_tables tables (1 … ADM_TABLE_SERVER_MAX_TABLES) on @portal (kept alive) from now
 * on, while it listens: each table's key is read from the portal's side file or made there;
 * the certificate is read from beside the campaign or made there (in memory for a campaign
 * with no file). Errors: the side file or the certificate could not be read or written. */
AdmTableServer *adm_table_server_new          (AdmPortal       *portal,
                                               guint            n_tables,
                                               GError         **error) G_GNUC_WARN_UNUSED_RESULT;
AdmPortal      *adm_table_server_get_portal   (AdmTableServer  *self);
/* The tables served become "Table 1" … "Table @n_tables" (0 … ADM_TABLE_SERVER_MAX_TABLES):
 * a new one gets a new key; the links of the tables beyond are dead for good. */
gboolean        adm_table_server_set_n_tables (AdmTableServer  *self,
                                               guint            n_tables,
                                               GError         **error);
guint           adm_table_server_get_n_tables (AdmTableServer  *self);
/* "Table @number" (from 1): the name a table goes by in the campaign's journal, not
 * translated. */
char           *adm_table_server_table_name   (guint            number) G_GNUC_WARN_UNUSED_RESULT;
/* @table's join link, "https://HOST:PORT/table/TOKEN/#sha256=FINGERPRINT", or NULL when the
 * portal is stopped or @table is not served. */
char           *adm_table_server_get_link     (AdmTableServer  *self,
                                               const char      *table) G_GNUC_WARN_UNUSED_RESULT;
/* The SHA-256 fingerprint of the certificate the tables are served with (64 hex digits). */
const char     *adm_table_server_get_fingerprint (AdmTableServer *self);
/* Revokes @table's key and issues a new one (saved at once): its old link gives the 404. */
gboolean        adm_table_server_reissue      (AdmTableServer  *self,
                                               const char      *table,
                                               GError         **error);
/* The last message received about @engagement_id since the server was made, or NULL. */
const AdmTableArrival *adm_table_server_get_arrival (AdmTableServer *self,
                                                     const char     *engagement_id);

/* The table masters asking to join without a link and waiting for the chief master's answer
 * (adm-table-pairing.h): a GListModel of AdmTableRequest, oldest first. */
GListModel     *adm_table_server_get_requests   (AdmTableServer  *self);
/* Lets @request's table in as @table, one of the tables served: its Admiralty gets the table's
 * join link over the TLS its master checked by the words. Errors: the request no longer
 * waits, or @table is not served. */
gboolean        adm_table_server_accept_request (AdmTableServer  *self,
                                                 AdmTableRequest *request,
                                                 const char      *table,
                                                 GError         **error);
/* The request waiting whose id is @key or begins with it (six digits or more), or NULL. */
AdmTableRequest *adm_table_server_lookup_request (AdmTableServer *self,
                                                  const char     *key) G_GNUC_WARN_UNUSED_RESULT;
void            adm_table_server_refuse_request (AdmTableServer  *self,
                                                 AdmTableRequest *request);
/* How the tables are told to the network (adm-table-advert.h): named after the campaign. */
AdmTableAdvert *adm_table_server_get_advert     (AdmTableServer  *self);

G_END_DECLS
