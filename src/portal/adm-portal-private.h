/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-private.h: what the portal's own files (adm-portal.c, adm-portal-intake.c,
 * adm-portal-muster.c, adm-portal-publish.c, adm-portal-server.c) share: what both threads
 * share (Shared), the server thread (Server), the portal object, a page, a Job, a sheet as
 * posted, a language in effect, and the functions each lends the others. For src/portal/
 * only: the servers sharing the portal's SoupServer use adm-portal-route.h. */
#pragma once

#include <locale.h>
#include <libsoup/soup.h>

#include "adm-campaign.h"
#include "adm-handover.h"
#include "adm-muster.h"
#include "adm-portal.h"
#include "adm-portal-page.h"
#include "adm-portal-route.h"
#include "adm-portal-tokens.h"

G_BEGIN_DECLS

typedef struct {
  char *cards;
  char *reports;
  char *known;
} Parts;

/* What a kept report of a resolved cycle was made of (adm-portal-publish.c): the campaign's
 * events it is made from (adm_report_cycle_events (), referenced), and what the campaign as
 * it stands adds to them for that admiral — the cycle under way, its engagements' progress and
 * dice, which of them the audience filter tells his side of. @version is the portal's when
 * they were last found the same. */
typedef struct {
  GPtrArray *events;
  char      *state;
  guint      version;
} ReportInputs;

/* What ReportInputs shares between the admirals, for one cycle of the portal's @version. */
typedef struct {
  guint      version;
  GPtrArray *events;
  char      *state;
  GPtrArray *engagements;  /* AdmQueuedEngagement*: the cycle's, as the campaign stands */
} CycleInputs;

/* What both threads share: written by the main thread, read by the server's, under @lock. */
typedef struct {
  gatomicrefcount  ref;
  GMutex           lock;
  GWeakRef         portal;    /* for the Jobs landing on the main context */
  GMainContext    *owner;     /* the main context: the portal's thread-default at its making */
  AdmPortalTokens *tokens;    /* locks itself */
  /* Under @lock: */
  gboolean         open;      /* the campaign is still there */
  guint            cycle;     /* the cycle orders are given for */
  gint64           deadline;
  gint64           paused;    /* seconds left while paused, else -1 */
  gint64           extended;  /* seconds added to this cycle's clock */
  GHashTable      *statuses;  /* admiral id → "pending" | "accepted" | "refused" (static) */
  GHashTable      *finals;    /* admiral ids whose sheet of this cycle is marked final */
  double           rate;
  guint            burst;
  GHashTable      *buckets;   /* client address → Bucket* */
  GHashTable      *pages;     /* "ADMIRAL\nLANG" → Page*: of this version, deadline, sheets */
  GHashTable      *versions;  /* "ADMIRAL\nLANG" → the version of his page as last made (a
                               * digest of what it shows him), what status.json says */
  GHashTable      *pdfs;      /* "ADMIRAL\nLANG\nCYCLE" → GBytes*: served until a check
                               * after a change of the campaign finds its report changed */
  GHashTable      *csrf;      /* admiral id → GPtrArray of char* */
  GPtrArray       *routes;    /* Route*: paths another part of the portal serves */
  GTlsCertificate *certificate; /* TLS is spoken with it, or NULL (adm_portal_set_certificate ()) */
  gint             n_accepted; /* atomic: the connections accepted since the portal was made */
} Shared;

/* Paths beginning with @prefix, served by @func on the server thread (the tables'). */
typedef struct {
  char               *prefix;
  gboolean            tls_only;
  gsize               max_body;
  AdmPortalRouteKnowsFunc knows;
  AdmPortalRouteFunc  func;
  AdmPortalRouteBodyFunc body;  /* or NULL */
  gpointer            data;
  GBoxedCopyFunc      ref;
  GDestroyNotify      unref;
} Route;

/* The server thread, while the portal listens. */
typedef struct _Server Server;

/* One connection accepted, server thread only: from its acceptance to its closing. */
typedef struct {
  Server            *server;
  SoupServerMessage *msg;      /* its request under way, NULL while it is kept idle */
  GSource           *timeout;  /* its head's deadline, then its body's, until it is read */
  char              *address;  /* the client's address, counted in Server.per_address */
  gboolean           large;    /* its body is a large one, counted in Server.n_large */
  GSocket           *socket;   /* while its first byte is awaited (a TLS handshake or not), and
                                * after, when it speaks TLS: shut down at its deadline */
  GSource           *sniff;    /* its first byte awaited */
  GCancellable      *handshake; /* its TLS handshake under way, before libsoup has it */
  gboolean           tls;
  gint64             slow_at;  /* monotonic µs from which, its head not in, it is slow */
  GList              unheard;  /* its link in Server.unheard (data: itself) until its request's
                                * head is in */
  GIOStream         *stream;   /* its TLS connection, handed to libsoup for each request */
  gboolean           keep;     /* the answer to its request leaves it open for the next */
  GSource           *idle;     /* kept open: its next request awaited (with @timeout) */
  GList              kept;     /* its link in Server.kept (data: itself) while kept idle */
} Connection;

struct _Server {
  Shared       *shared;
  GMainContext *context;
  GMainLoop    *loop;
  GThread      *thread;
  GSocket      *socket;
  GSource      *accepting;  /* the listening socket's watch; NULL while paused */
  GSource      *retry;      /* ACCEPT_RETRY after the system refused an accept */
  GHashTable   *connections;  /* Connection* (owned) of the connections open */
  Connection   *accepted;   /* the one soup_server_accept_iostream () takes */
  guint         max_connections;
  GQueue        unheard;    /* Connection* whose request's head is not in yet, oldest first */
  GQueue        kept;       /* Connection* kept open idle after an answer, oldest first */
  guint         keep_idle_ms; /* how long one is kept idle before it is closed */
  guint         max_unheard; /* the most of them: the rest of the slots are for heads read */
  GSource      *room;       /* the first of them turns slow: room for one waiting */
  gboolean      crowded;    /* the master was told that slow connections crowd the portal */
  GHashTable   *per_address; /* client address → the number of its connections open */
  GHashTable   *flooding;   /* the addresses the master was told of, once each */
  GHashTable   *strikes;    /* client address → its Strikes (adm-portal-server.c) */
  guint         n_large;    /* the large bodies being read or handled */
  GSource      *trim;       /* the memory of the large bodies given back, once idle */
  gboolean      failed;     /* out of descriptors: accepts no more */
  SoupServer   *soup;      /* made, used and dropped on the server thread */
  GHashTable   *waiting;   /* server thread only: "ADMIRAL\nLANG" → GPtrArray of paused
                            * SoupServerMessage* waiting for that page */
  GMutex        ready_lock;
  GCond         ready_cond;
  gboolean      ready;
};

struct _AdmPortal
{
  GObject          parent_instance;

  AdmCampaign     *campaign;  /* weak: the portal stops with the campaign */
  gulong           changed_id;
  AdmPortalTokens *tokens;
  char            *battles_dir;
  Shared          *shared;
  Server          *server;    /* NULL: stopped */
  char            *address;
  guint            port;

  gint64           deadline;
  gint64           paused;    /* seconds left while the master has paused the clock, else -1 */
  gint64           extended;  /* seconds he has added to the clock in cycle @clock_cycle */
  guint            clock_cycle;
  gboolean         accept_on_arrival;
  guint            version;   /* bumped by every change of the campaign: which fragments and
                               * PDFs are stale (never shown: a page's version is its digest) */
  GHashTable      *parts;     /* "ADMIRAL\nLANG" → Parts*, of this version */
  GHashTable      *fragments; /* "ADMIRAL\nLANG\nPART" → char*, the fragments made of this
                               * campaign ("cards", "known", or a cycle's report "3"): a
                               * change drops them all, a battle's new entries only its cycle's
                               * reports (fragments_changed ()); a report is kept across
                               * other changes while what it is made of is the same
                               * (@report_inputs) */
  GHashTable      *report_inputs; /* the keys of @fragments' reports → ReportInputs* */
  GHashTable      *cycle_inputs;  /* a cycle (GUINT_TO_POINTER) → CycleInputs* */
  GHashTable      *warm;      /* "ADMIRAL\nLANG" of the pages served since the start: made
                               * again, ahead of the next request, when they change */
  GQueue           builds;    /* Build*: pages being made, one step at a time */
  GQueue           pdf_jobs;  /* Job*: reports' PDFs to make, in two steps (pdf_step ()) */
  char            *pdf_digest; /* the digest of the report of the head of @pdf_jobs, made in
                                * its first step */
  GHashTable      *pdf_sources; /* the keys of Shared's pdfs → the digest of the report
                                 * fragment each was drawn with */
  GQueue           pdf_checks;  /* char*: the keys of the PDFs to check, one a step, after a
                                 * change of the campaign (pdf_check_step ()) */
  guint            step_source; /* the one source of all those steps (step_cb ()) */
  guint            next_step;   /* which of them goes next */
  GHashTable      *sheets;    /* admiral id → AdmPortalSheet* */
  GHashTable      *posted;    /* admiral id → Posted*: his last sheet as the form gave it */
  GHashTable      *clients;   /* "KIND\nADMIRAL\nCLIENT" → the cycle (as a pointer) in which
                               * the sheet, muster or final mark of that client id was kept;
                               * read from the journal when first needed
                               * (_adm_portal_job_repeated ()), or NULL */
  guint8           dice_key[32]; /* names his side's battles to a phone (adm-portal-dice.c) */
  gboolean         dice_keyed;
  GBytes          *archive;   /* the campaign's archive once its truth is published (every
                               * side's is the master's), made for @archive_version in
                               * @archive_lang, mapped from its file (unlinked: the page
                               * cache's, not the heap's); or NULL */
  guint            archive_version;
  char            *archive_lang;
  struct _ArchiveMaking *archive_making; /* the archive being written, a frame a step, and
                                          * the Jobs waiting for it; or NULL */
  char            *failure;   /* why the portal stopped by itself, or NULL */
};

/* The most formations one posted sheet may name: a bound on the work a request makes. */
#define MAX_FORMATIONS 32

/* A page as it is kept: its text cut at the marks where each request's own values go, the
 * pieces shared (not copied) by every answer made from it, on either thread (an atomic
 * reference-counted box, immutable once made). */
typedef struct {
  GPtrArray *pieces;   /* GBytes* */
  GString   *marks;    /* the mark after each piece but the last: 'N', 'C', 'T', 'K' or 'V' */
  guint      version;  /* what 'V' stands for: page_version () */
} Page;

typedef enum {
  JOB_PAGE,    /* his page: answers every request waiting for it (Server.waiting) */
  JOB_SHEET,   /* a posted sheet to check and keep */
  JOB_PDF,     /* a report's PDF */
  JOB_FINAL,   /* his sheet marked final, or not */
  JOB_MUSTER,  /* a posted muster to read back or hand in (adm-portal-muster.c) */
  JOB_ARCHIVE, /* the campaign's archive (adm-archive.h), once its whole truth is published */
  JOB_DICE,    /* his side's dice for a phase: what waits (dice.json), or a phone's tap
                * (adm-portal-dice.c) */
  JOB_DICE_PAGE, /* the offline dice verifier of a battle of his side, once it has ended */
} JobKind;

/* What the server thread asks of the main thread, and (the same Job sent back) its answer. */
typedef struct {
  JobKind            kind;
  Shared            *shared;
  GMainContext      *reply_to;  /* the server's context */
  Server            *server;    /* read only on its own thread, where it is alive */
  char              *admiral_id;
  char              *lang;
  char              *key;
  SoupServerMessage *msg;       /* SHEET, PDF: paused; touched only on the server thread */
  GHashTable        *fields;    /* SHEET: the form */
  guint              cycle;     /* PDF */
  gboolean           preview;   /* SHEET: read back, not handed in */
  gboolean           stale;     /* SHEET, MUSTER, FINAL: from a page whose CSRF token is no
                                 * longer valid */
  char              *client;    /* SHEET, MUSTER, FINAL: the id the page's script gave the
                                 * post, the same on every try
                                 * (adm_strategy_client_is_valid ()), or NULL */
  guint              for_cycle; /* SHEET, MUSTER, FINAL: the cycle the phone sent it for, or 0:
                                 * unsaid */
  /* The answer: */
  guint              status;
  Page              *page;
  GBytes            *pdf;
  GBytes            *archive;   /* ARCHIVE, DICE_PAGE: the HTML page */
  char              *filename;  /* DICE_PAGE: its name to keep it under, else "archive.html" */
  char              *text;      /* plain text, with @status */
} Job;

/* The last sheet an admiral handed in, as his form's fields, for his form to come back filled
 * in with: refused by the engine as it came (@reason), or kept (his AdmPortalSheet). */
typedef struct {
  guint       cycle;
  GHashTable *fields;
  char       *reason;   /* the engine's refusal on arrival, or NULL */
  gboolean    unsaved;  /* not received: the campaign could not be saved as it came */
} Posted;

/* An admiral's page being made on the main loop in steps of one fragment each, so that no
 * step holds the loop for long; the Jobs waiting for it are answered when it is made. */
typedef struct {
  char      *admiral_id;
  char      *lang;
  char      *key;
  guint      version;
  guint      step;     /* 0: cards, 1: what his side knows, 2…: the reports, newest first */
  guint      played;   /* battles played for the report of this step (play_a_battle ()) */
  Parts     *parts;
  GString   *reports;
  GPtrArray *waiting;  /* Job* */
} Build;

/* The portal's signals (adm-portal.h), emitted by adm-portal.c and adm-portal-intake.c. */
enum {
  SHEET_RECEIVED,
  SHEET_CHANGED,
  FINAL_CHANGED,
  PRESENT_CHANGED,
  FAILED,
  WARNING,
  N_SIGNALS
};

extern guint _adm_portal_signals[N_SIGNALS];

/* The language of a page's words, in effect on the main thread from a push to its pop. */
typedef struct {
  char    *language;
  char    *messages;  /* LC_MESSAGES to restore, or NULL (without _nl_msg_cat_cntr) */
  locale_t previous;  /* the thread's locale to restore, or NULL */
} LangScope;

/* adm-portal.c. Either thread: a Shared referenced, released. */
Shared   *_adm_portal_shared_ref     (Shared            *shared);
void      _adm_portal_shared_unref   (Shared            *shared);

/* Main thread: a Page, Parts and Build released; gettext's language @lang until the pop;
 * what status.json says published and the pages made before dropped; @job sent back to the
 * server, answered; @job freed; the portal stopped by itself, out of descriptors
 * (@reason); the master told once that the device at @address floods it. */
void      _adm_portal_page_unref     (gpointer           data);
void      _adm_portal_parts_free     (gpointer           data);
void      _adm_portal_report_inputs_free (gpointer       data);
void      _adm_portal_cycle_inputs_free  (gpointer       data);
void      _adm_portal_build_free     (Build             *build);
void      _adm_portal_lang_push      (LangScope         *scope,
                                      const char        *lang);
void      _adm_portal_lang_pop       (LangScope         *scope);
void      _adm_portal_pages_changed  (AdmPortal         *self,
                                      gboolean           campaign);
void      _adm_portal_job_reply      (Job               *job);
void      _adm_portal_job_free       (gpointer           data);
void      _adm_portal_fail           (AdmPortal         *self,
                                      const char        *reason);
void      _adm_portal_warn_flooding  (AdmPortal         *self,
                                      const char        *address);
void      _adm_portal_warn_crowded   (AdmPortal         *self,
                                      guint              n_addresses,
                                      const char        *address);
/* Whether @error, the campaign's refusal of what @admiral handed in on his phone, is that it
 * cannot be kept — the campaign's file cannot be saved — rather than the rules' (the state's
 * one check, ADM_STATE_ERROR, an order sheet's check, ADM_XML_ERROR): then the master is told
 * why ("warning"), and the phone is to say only _adm_portal_not_saved_words (), in its
 * language, so that no path of the master's file reaches it. */
gboolean  _adm_portal_save_error     (const GError      *error);
gboolean  _adm_portal_not_saved      (AdmPortal         *self,
                                      const AdmAdmiral  *admiral,
                                      const GError      *error);
const char *_adm_portal_not_saved_words (void);

/* Server thread: @job handed to the main context, its request paused; a new Job; a Job come
 * back answers its request(s); his first page served with his link makes him present. */
void      _adm_portal_job_send       (Job               *job);
Job      *_adm_portal_job_new        (Server            *server,
                                      JobKind            kind,
                                      const char        *admiral_id,
                                      const char        *lang);
gboolean  _adm_portal_job_answer_cb  (gpointer           data);
void      _adm_portal_note_presence  (Shared            *shared,
                                      const char        *admiral_id);

/* adm-portal-server.c. Server thread: a plain-text answer with @status; "see his page". */
void      _adm_portal_respond_text     (SoupServerMessage *msg,
                                        guint              status,
                                        const char        *text);
void      _adm_portal_respond_redirect (SoupServerMessage *msg);

/* Main thread: the server thread serving what @socket, listening, accepts; its stop; a
 * socket listening on @address; the port it listens on. */
Server   *_adm_portal_server_start   (Shared            *shared,
                                      GSocket           *socket);
void      _adm_portal_server_stop    (Server            *server);
GSocket  *_adm_portal_listen_on      (GSocketAddress    *address,
                                      GError           **error);
guint     _adm_portal_bound_port     (GSocket           *socket,
                                      guint              asked);

/* adm-portal-publish.c. Main thread: the admiral @admiral_id of the campaign, or NULL; the
 * cycle orders are given for; his page with its marks; a Page made of it; the page of @key
 * made in steps (@job, when not NULL, answered with it); the builds dropped; @job answered
 * with the page at once when it is made, else when its build is done; @job's report PDF
 * queued, made a step at a time. */
const AdmAdmiral *_adm_portal_admiral_of     (AdmPortal               *self,
                                              const char              *admiral_id);
guint             _adm_portal_current_cycle  (AdmPortal               *self);
char             *_adm_portal_marked_page    (AdmPortal               *self,
                                              const AdmAdmiral        *admiral,
                                              const char              *lang,
                                              const char              *message,
                                              gboolean                 message_is_error,
                                              const AdmPortalFormFill *fill);
Page             *_adm_portal_page_new       (const char              *html);
void              _adm_portal_build_queue    (AdmPortal               *self,
                                              const char              *admiral_id,
                                              const char              *lang,
                                              const char              *key,
                                              Job                     *job);
void              _adm_portal_builds_clear   (AdmPortal               *self);
void              _adm_portal_job_serve_page (AdmPortal               *self,
                                              Job                     *job,
                                              const AdmAdmiral        *admiral);
void              _adm_portal_pdf_queue      (AdmPortal               *self,
                                              Job                     *job);
void              _adm_portal_pdfs_changed   (AdmPortal               *self);
void              _adm_portal_archive_queue  (AdmPortal               *self,
                                              Job                     *job);

/* Server thread: answers with @page, its marks filled in for this request; status.json;
 * "report-N.pdf" with N a resolved cycle (before @current), or 0. */
void      _adm_portal_respond_page   (Shared            *shared,
                                      SoupServerMessage *msg,
                                      guint              status,
                                      const char        *admiral_id,
                                      Page              *page);
void      _adm_portal_respond_status (Shared            *shared,
                                      SoupServerMessage *msg,
                                      const char        *admiral_id,
                                      guint              version);
guint     _adm_portal_parse_report   (guint              current,
                                      const char        *rest);

/* adm-portal-intake.c. Server thread: a posted sheet or final mark handed to the main thread;
 * a new CSRF token of the admiral's, under the lock. */
void      _adm_portal_receive_sheet  (Server            *server,
                                      SoupServerMessage *msg,
                                      const char        *admiral_id,
                                      JobKind            kind);
char     *_adm_portal_new_csrf       (Shared            *shared,
                                      const char        *admiral_id);

/* Main thread: his form filled in again with the last sheet he handed in this cycle (NULL:
 * none), and what filling it took; the statuses the journal says; the posted sheet of @job
 * checked and kept, or refused; his sheet marked final, or not; whether @sheet is final. */
char     *_adm_portal_posted_fill    (AdmPortal            *self,
                                      const AdmAdmiral     *admiral,
                                      AdmPortalFormFill    *fill);
void      _adm_portal_fill_clear     (AdmPortalFormFill    *fill);
void      _adm_portal_sync_refusals  (AdmPortal            *self);
void      _adm_portal_sheets_from_journal (AdmPortal       *self);
/* Main thread: a post sent again with its client id answered as the first (TRUE); a post
 * kept, its client id remembered. adm-portal-intake.c. */
gboolean  _adm_portal_job_repeated   (AdmPortal            *self,
                                      Job                  *job,
                                      const AdmAdmiral     *admiral);
void      _adm_portal_job_remember   (AdmPortal            *self,
                                      Job                  *job,
                                      const AdmAdmiral     *admiral);
void      _adm_portal_job_sheet      (AdmPortal            *self,
                                      Job                  *job,
                                      const AdmAdmiral     *admiral);
void      _adm_portal_job_final      (AdmPortal            *self,
                                      Job                  *job,
                                      const AdmAdmiral     *admiral);
gboolean  _adm_portal_sheet_is_final (AdmPortal            *self,
                                      const AdmPortalSheet *sheet);

/* adm-portal-dice.c. Server thread: TRUE when @rest (the path after his token) is one of his
 * side's dice — "dice.json", a tap posted to "dice", a battle's verifier "dice-DIGITS.html" —
 * handed to the main thread (JOB_DICE, JOB_DICE_PAGE). Main thread: @job answered. */
gboolean  _adm_portal_dice_serves    (Server               *server,
                                      SoupServerMessage    *msg,
                                      const char           *admiral_id,
                                      const char           *rest);
void      _adm_portal_job_dice       (AdmPortal            *self,
                                      Job                  *job,
                                      const AdmAdmiral     *admiral);

/* adm-portal-muster.c. Main thread: his muster's entry while the muster is under way and he
 * has a pool, else NULL (his page is the order page); a muster's formations as the muster
 * form's fields; the muster the form's fields give, or NULL with the form's own refusal; the
 * muster form (his accepted muster, read-only, once accepted) with @csrf_mark, filled with
 * @fill or, NULL, with the muster he would start with; his muster's status in words (and
 * whether it is a refusal); a posted muster read back, or handed in. */
const AdmMusterEntry *_adm_portal_muster_entry  (AdmPortal               *self,
                                                 const AdmAdmiral        *admiral);
GHashTable       *_adm_portal_muster_fields  (GPtrArray               *formations);
/* @rule: F-FORM-8 as the season says it (adm_muster_composition_rule ()). */
char             *_adm_portal_muster_form    (const AdmMusterEntry    *entry,
                                              const char              *rule,
                                              const char              *csrf_mark,
                                              const AdmPortalFormFill *fill);
char             *_adm_portal_muster_status  (const AdmMusterEntry    *entry,
                                              gboolean                *is_error);
void              _adm_portal_job_muster     (AdmPortal               *self,
                                              Job                     *job,
                                              const AdmAdmiral        *admiral);

G_END_DECLS
