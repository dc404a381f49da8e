/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal.h: the admirals' portal — a small HTTP server (libsoup 3) on the game's local
 * network that shows each admiral, on his phone, his own picture of the campaign: his fleet
 * cards, his reports of past cycles (HTML and PDF), the countdown to the next communication
 * session, the status of his sheet, and what his side knows of other formations — every word
 * through the same filters as the paper reports (adm-report.h, adm-audience.h) — and takes
 * his order sheet, checked by the engine (adm_order_sheet_check ()) and kept pending for the
 * master. A sheet handed in is answered with a redirect to his page (POST/Redirect/GET), which
 * says it was received, or brings his form back filled in with the engine's reasons; the form
 * can read his orders back first. The page keeps itself up to date in place (status.json).
 *
 * Security: each admiral's link carries his 128-bit token (adm-portal-tokens.h);
 * any other path, a wrong, missing or revoked token, or another admiral's resource gets one
 * and the same 404. POSTs carry a per-page CSRF token; bodies are bounded; each client is
 * rate-limited; every name is escaped; no part of a URL reaches the file system. The tables
 * of several masters are served on the same server, under "/table/" (adm-table-server.h). Nothing
 * listens before adm_portal_start (); the server stops with the object. Plain HTTP: anyone on
 * the room's network can read the traffic.
 *
 * Threads: the server (its connections, the rate limit, the CSRF tokens) runs on a thread of
 * its own and answers from pages the portal publishes, so that the UI never waits for it and
 * it never waits for the UI's loop except for a page not made yet, a PDF or a posted sheet.
 * Everything else — these functions, the signals, the making of the pages through the
 * engine's filters, the checking of sheets — is on the thread-default main context of the
 * caller of adm_portal_new (), the one that owns the campaign, which must run it. */
#pragma once

#include <glib-object.h>

#include "adm-campaign.h"
#include "adm-portal-tokens.h"

G_BEGIN_DECLS

#define ADM_PORTAL_ERROR (adm_portal_error_quark ())

typedef enum {
  ADM_PORTAL_ERROR_ADDRESS,    /* the address given is no IP address */
  ADM_PORTAL_ERROR_LISTEN,     /* the server could not listen there */
  ADM_PORTAL_ERROR_NO_SHEET,   /* no sheet of that admiral is waiting */
  ADM_PORTAL_ERROR_NO_REASON,  /* a refusal without a reason */
} AdmPortalError;

GQuark adm_portal_error_quark (void);

/* The largest request body taken (an order sheet is a few hundred bytes). */
#define ADM_PORTAL_MAX_BODY 16384

typedef enum {
  ADM_PORTAL_SHEET_PENDING,    /* received, waiting for the master */
  ADM_PORTAL_SHEET_ACCEPTED,   /* journaled as his sheet */
  ADM_PORTAL_SHEET_REFUSED,    /* the master's reason in ->reason */
} AdmPortalSheetStatus;

/* The last sheet an admiral sent through the portal. */
typedef struct {
  char                 *admiral_id;
  guint                 cycle;
  gint64                received;  /* unix seconds */
  gboolean              late;      /* after the deadline (adm_portal_set_deadline ()) */
  GPtrArray            *events;    /* AdmEvent*: "sheet", then its "order"s */
  AdmPortalSheetStatus  status;
  char                 *reason;    /* REFUSED: why */
  gboolean              journaled; /* REFUSED by the master: his refusal is in the journal */
  gboolean              final;     /* he marked it final (adm_portal_get_final () says whether
                                    * the mark stands) */
} AdmPortalSheet;

/* Signals:
 *   "sheet-received" (const char *admiral_id): a sheet passed the engine's checks and waits
 *     (or, with "accept-on-arrival", was accepted: see its status);
 *   "sheet-changed" (const char *admiral_id): accepted or refused by the master;
 *   "final-changed" (const char *admiral_id): he marked his sheet final on his page, or took
 *     the mark back, or handed in a new sheet, which takes it away;
 *   "present-changed" (const char *admiral_id): his page was first opened with his link, or
 *     his link was reissued (adm_portal_get_present ());
 *   "failed" (const char *message): the portal stopped by itself — the process had no file
 *     descriptor left for another connection, and the campaign's saves come first — and
 *     @message (adm_portal_get_failure ()) tells the master so;
 *   "warning" (const char *message): something the master should know while the portal goes
 *     on serving — one device flooding it with connections, told once a device while it
 *     listens.
 * Properties: "running" (gboolean, read-only), "accept-on-arrival" (gboolean). */
#define ADM_TYPE_PORTAL (adm_portal_get_type ())
G_DECLARE_FINAL_TYPE (AdmPortal, adm_portal, ADM, PORTAL, GObject)

/* A portal for @campaign, which it does not keep alive: when the campaign is finalized (closed)
 * the portal stops and serves nothing more. Its tokens are read from (or made and saved in) the side file of
 * the campaign's file (adm_portal_tokens_path_for ()), or kept in memory for a campaign with
 * no file yet. Nothing listens yet. */
AdmPortal      *adm_portal_new               (AdmCampaign  *campaign,
                                              GError      **error) G_GNUC_WARN_UNUSED_RESULT;
/* The campaign, or NULL once it is closed. */
AdmCampaign    *adm_portal_get_campaign      (AdmPortal    *self);
AdmPortalTokens *adm_portal_get_tokens       (AdmPortal    *self);

/* Listens on @address (an IPv4 or IPv6 address; "0.0.0.0" for every interface) and @port
 * (0: any free port). */
gboolean        adm_portal_start             (AdmPortal    *self,
                                              const char   *address,
                                              guint         port,
                                              GError      **error);
/* Why the portal stopped by itself ("failed"), until it is started again; else NULL. */
const char     *adm_portal_get_failure       (AdmPortal    *self);
/* Raises the process's soft limit on open files to its hard limit (the usual 1,024 is a few
 * hundred phones' polls away from a campaign that cannot be saved): the app and admiralty-cli
 * call it as they start. */
void            adm_portal_raise_file_limit  (void);
void            adm_portal_stop              (AdmPortal    *self);
gboolean        adm_portal_get_running       (AdmPortal    *self);
/* The port listened on, 0 when stopped. */
guint           adm_portal_get_port          (AdmPortal    *self);
/* The connections the portal has accepted since it was made (a phone's or a table's request
 * each, but for a table's connection kept for its next messages). */
guint           adm_portal_get_n_accepted    (AdmPortal    *self);
/* The address listened on, as adm_portal_start () was given it; NULL when stopped. */
const char     *adm_portal_get_address       (AdmPortal    *self);

/* @admiral_id's link, "http://HOST:PORT/a/TOKEN/" (HOST: the address listened on, or when it
 * is every interface, the first LAN address), or NULL when stopped or unknown. */
char           *adm_portal_get_link          (AdmPortal    *self,
                                              const char   *admiral_id) G_GNUC_WARN_UNUSED_RESULT;
/* Revokes @admiral_id's token and issues a new one (saved at once): the old link gives 404. */
gboolean        adm_portal_reissue           (AdmPortal    *self,
                                              const char   *admiral_id,
                                              GError      **error);

/* The next communication session (unix seconds; 0: unknown), for the countdown and to mark a
 * sheet received after it late (F-STRAT-7). */
void            adm_portal_set_deadline      (AdmPortal    *self,
                                              gint64        deadline);
/* The master's cycle clock as the admirals' countdown shows it: running towards @deadline
 * (unix seconds), or, @deadline 0, paused with @paused seconds left (-1: not running at all).
 * Time added to it within a cycle is shown as such on the phones. */
void            adm_portal_set_clock         (AdmPortal    *self,
                                              gint64        deadline,
                                              gint64        paused);
void            adm_portal_set_accept_on_arrival (AdmPortal *self,
                                              gboolean      accept);
gboolean        adm_portal_get_accept_on_arrival (AdmPortal *self);
/* Requests per second each client address may make on average, and the burst it may make at
 * once (defaults: 20 and 200); beyond, 429. */
void            adm_portal_set_rate_limit    (AdmPortal    *self,
                                              double        per_second,
                                              guint         burst);

/* The last sheet each admiral sent through the portal (AdmPortalSheet*, borrowed), scenario
 * order; the pending ones are what the master's Orders board shows. */
GPtrArray      *adm_portal_get_sheets        (AdmPortal    *self) G_GNUC_WARN_UNUSED_RESULT;
const AdmPortalSheet *adm_portal_get_sheet   (AdmPortal    *self,
                                              const char   *admiral_id);
/* Journals @admiral_id's pending sheet as his sheet (adm_campaign_append_all (), checked
 * again against the campaign as it is now); FALSE with the engine's reason, the sheet then
 * refused with it. */
gboolean        adm_portal_accept            (AdmPortal    *self,
                                              const char   *admiral_id,
                                              GError      **error);
/* Refuses @admiral_id's pending sheet with @reason, which his page shows. The refusal is
 * journaled as a "note" event (portal="refused", admiral, cycle, sheet-received, the reason as
 * its text), an action of its own: undone, the sheet waits again; redone, it is refused again.
 * FALSE when no sheet of his waits, @reason is empty, or the journal refuses the note. */
gboolean        adm_portal_refuse            (AdmPortal    *self,
                                              const char   *admiral_id,
                                              const char   *reason,
                                              GError      **error);

/* Final marks (as "ready" in webDiplomacy or diplicity): the admiral says on his page (a POST
 * to "final" with his page's CSRF token, field final=yes or final=no) that his sheet of this
 * cycle is all he will send. Only a sheet of this cycle sent through the portal and not
 * refused can be marked; a new sheet from him takes the mark away. status.json says
 * "final":true|false. */
gboolean        adm_portal_get_final         (AdmPortal    *self,
                                              const char   *admiral_id);
/* Sets or takes back @admiral_id's mark, as his page does; FALSE (ADM_PORTAL_ERROR_NO_SHEET)
 * when he has no such sheet. */
gboolean        adm_portal_set_final         (AdmPortal    *self,
                                              const char   *admiral_id,
                                              gboolean      final,
                                              GError      **error);
/* Whether @admiral_id's page has been opened with his current link since the portal was made
 * (a reissued link makes him absent until the new one is opened). */
gboolean        adm_portal_get_present       (AdmPortal    *self,
                                              const char   *admiral_id);

/* Where an admiral stands in the final marks of this cycle, which tell the master when he may
 * resolve the cycle early. Only a sheet handed in on his phone counts: opening his page counts
 * for nothing until he hands one in. */
typedef enum {
  ADM_PORTAL_FINAL_NONE,      /* not counted: no sheet from his phone this cycle, and either
                               * his page is not open or his sheet is in by another way (typed
                               * in by the master from paper) */
  ADM_PORTAL_FINAL_NO_SHEET,  /* his page is open and no sheet of his is in this cycle: the
                               * master waits for one before resolving early */
  ADM_PORTAL_FINAL_WAITING,   /* a sheet from his phone, not marked final */
  ADM_PORTAL_FINAL_MARKED,    /* a sheet from his phone, marked final (adm_portal_get_final ()) */
} AdmPortalFinalState;

AdmPortalFinalState adm_portal_get_final_state (AdmPortal  *self,
                                                const char *admiral_id);

/* The final marks of this cycle over @admirals (AdmAdmiral*, NULL for every admiral of the
 * campaign): how many sheets from phones there are and how many are final; the cycle may be
 * resolved early when there is at least one, every one is final and no admiral with his page
 * open is still without a sheet. */
typedef struct {
  guint    sheets;    /* ADM_PORTAL_FINAL_WAITING or ADM_PORTAL_FINAL_MARKED */
  guint    final;     /* ADM_PORTAL_FINAL_MARKED */
  guint    no_sheet;  /* ADM_PORTAL_FINAL_NO_SHEET */
  gboolean early;     /* sheets > 0, final == sheets and no_sheet == 0 */
} AdmPortalFinals;

void            adm_portal_count_finals      (AdmPortal       *self,
                                              GPtrArray       *admirals,
                                              AdmPortalFinals *finals);

/* This machine's IPv4 addresses other than the loopback, for the master to pick (NULL-
 * terminated, may be empty). */
char          **adm_portal_lan_addresses     (void) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
