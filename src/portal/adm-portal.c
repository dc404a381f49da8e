/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal.c: the admirals' portal (adm-portal.h). One catch-all handler parses every path
 * strictly — "/a/" TOKEN "/" then "", "status.json", "sheet" or "report-N.pdf" — so anything
 * else, encoded or dotted, is the one 404.
 *
 * Two threads ("the UI never waits for the portal"). The server — libsoup, every
 * connection, the rate limit, the CSRF tokens — runs on a thread of its own with its own
 * GMainContext, and answers a GET from what the main thread has published (Shared, under its
 * mutex): each admiral's page, made once per campaign version, language, deadline and sheet
 * status as immutable pieces (GBytes) with marks where a request's nonce, CSRF token and time
 * go, his reports' PDFs, and what status.json says. The main thread — the one that made the
 * portal, which owns the campaign — makes those pages (a fragment per turn of its loop, so
 * that no turn holds it for long) and swaps them in when the campaign changes; it never waits
 * for the server. What the server cannot answer alone — a page not made yet, a PDF, a sheet to
 * check — it hands to the main context as a Job (adm_handover_send ()), the request paused
 * until the Job comes back with the answer. The engine, the campaign, gettext's language and
 * the portal's signals are the main thread's alone.
 *
 * Its parts: the server thread, its connections, its rate limit and the one handler that
 * parses and routes every path are adm-portal-server.c's; a posted sheet — its CSRF token,
 * its reading into the engine's events, its read-back, its acceptance or refusal, its final
 * mark — adm-portal-intake.c's; the pages made of their fragments in steps, status.json and
 * the reports' PDFs, adm-portal-publish.c's; what the portal's files share,
 * adm-portal-private.h. */

#include "config.h"

#include <ifaddrs.h>
#include <locale.h>
#include <net/if.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "adm-audience.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-order-sheet.h"
#include "adm-portal.h"
#include "adm-portal-private.h"
#include "adm-portal-page.h"
#include "adm-portal-route.h"
#include "adm-portal-tokens.h"
#include "adm-report.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-portal-error-quark, adm_portal_error)

static void
route_free (gpointer data)
{
  Route *route = data;

  g_free (route->prefix);
  route->unref (route->data);
  g_free (route);
}

G_DEFINE_FINAL_TYPE (AdmPortal, adm_portal, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_ACCEPT_ON_ARRIVAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

guint _adm_portal_signals[N_SIGNALS];

static void
posted_free (gpointer data)
{
  Posted *posted = data;

  g_hash_table_unref (posted->fields);
  g_free (posted->reason);
  g_free (posted);
}

static void
page_clear (gpointer data)
{
  Page *page = data;

  g_ptr_array_unref (page->pieces);
  g_string_free (page->marks, TRUE);
}

void
_adm_portal_page_unref (gpointer data)
{
  g_atomic_rc_box_release_full (data, page_clear);
}

void
_adm_portal_parts_free (gpointer data)
{
  Parts *parts = data;

  g_free (parts->cards);
  g_free (parts->reports);
  g_free (parts->known);
  g_free (parts);
}

void
_adm_portal_build_free (Build *build)
{
  g_free (build->admiral_id);
  g_free (build->lang);
  g_free (build->key);
  if (build->parts != NULL)
    _adm_portal_parts_free (build->parts);
  if (build->reports != NULL)
    g_string_free (build->reports, TRUE);
  g_ptr_array_unref (build->waiting);
  g_free (build);
}

static void
sheet_free (gpointer data)
{
  AdmPortalSheet *sheet = data;

  g_free (sheet->admiral_id);
  g_ptr_array_unref (sheet->events);
  g_free (sheet->reason);
  g_free (sheet);
}

static Shared *
shared_new (AdmPortal *portal)
{
  Shared *shared = g_new0 (Shared, 1);

  g_atomic_ref_count_init (&shared->ref);
  g_mutex_init (&shared->lock);
  g_weak_ref_init (&shared->portal, portal);
  shared->owner = g_main_context_ref_thread_default ();
  shared->rate = 20.0;
  shared->burst = 200;
  shared->paused = -1;
  shared->statuses = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  shared->finals = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  shared->buckets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  shared->pages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, _adm_portal_page_unref);
  shared->versions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  shared->pdfs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) g_bytes_unref);
  shared->csrf = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) g_ptr_array_unref);
  shared->routes = g_ptr_array_new_with_free_func (route_free);
  return shared;
}

Shared *
_adm_portal_shared_ref (Shared *shared)
{
  g_atomic_ref_count_inc (&shared->ref);
  return shared;
}

void
_adm_portal_shared_unref (Shared *shared)
{
  if (!g_atomic_ref_count_dec (&shared->ref))
    return;
  g_weak_ref_clear (&shared->portal);
  g_main_context_unref (shared->owner);
  g_clear_object (&shared->tokens);
  g_hash_table_unref (shared->statuses);
  g_hash_table_unref (shared->finals);
  g_hash_table_unref (shared->buckets);
  g_hash_table_unref (shared->pages);
  g_hash_table_unref (shared->versions);
  g_hash_table_unref (shared->pdfs);
  g_ptr_array_unref (shared->routes);
  g_clear_object (&shared->certificate);
  g_hash_table_unref (shared->csrf);
  g_mutex_clear (&shared->lock);
  g_free (shared);
}

/* Language: the page's words follow the browser, the master's own screens do not change.
 *
 * gettext reads LANGUAGE, which the scope sets, but ignores it in the "C" locale; C.UTF-8 is
 * C for everything else. With GNU gettext's counter of catalogue changes (_nl_msg_cat_cntr),
 * C.UTF-8's messages are made the main thread's own (uselocale ()) and the change of LANGUAGE
 * is made known by bumping the counter, as gettext's manual says: gettext keeps each
 * translation found under the locale's name, not LANGUAGE's, until the counter moves.
 * setlocale (), which also moves it, waits for every other thread's gettext () to finish
 * (it takes the process's locale lock for writing), and a page is made between two frames of
 * the master's screen. Without the counter, setlocale () it is. */

#if HAVE_NL_MSG_CAT_CNTR
extern int _nl_msg_cat_cntr;

/* The process's locale with C.UTF-8's messages, made once: the main thread's while a scope
 * is open and the process's messages are C's. */
static locale_t
messages_locale (void)
{
  static locale_t made = (locale_t) 0;

  if (made == (locale_t) 0)
    {
      locale_t base = duplocale (LC_GLOBAL_LOCALE);

      if (base != (locale_t) 0)
        {
          made = newlocale (LC_MESSAGES_MASK, "C.UTF-8", base);
          if (made == (locale_t) 0)
            freelocale (base);
        }
    }
  return made;
}
#endif

static gboolean
messages_are_c (void)
{
  const char *current = setlocale (LC_MESSAGES, NULL);

  return current != NULL && (g_str_equal (current, "C") || g_str_equal (current, "POSIX"));
}

void
_adm_portal_lang_push (LangScope  *scope,
                       const char *lang)
{
  scope->language = g_strdup (g_getenv ("LANGUAGE"));
  scope->messages = NULL;
  scope->previous = (locale_t) 0;
  g_setenv ("LANGUAGE", lang, TRUE);
#if HAVE_NL_MSG_CAT_CNTR
  if (messages_are_c () && messages_locale () != (locale_t) 0)
    scope->previous = uselocale (messages_locale ());
  _nl_msg_cat_cntr++;
#else
  if (messages_are_c ())
    {
      scope->messages = g_strdup (setlocale (LC_MESSAGES, NULL));
      if (setlocale (LC_MESSAGES, "C.UTF-8") == NULL)
        g_clear_pointer (&scope->messages, g_free);
    }
#endif
}

void
_adm_portal_lang_pop (LangScope *scope)
{
  /* An empty LANGUAGE is none to gettext; set rather than unset, the variable is replaced in
   * place, never moving the environment under the server thread's getenv (). */
  g_setenv ("LANGUAGE", scope->language != NULL ? scope->language : "", TRUE);
#if HAVE_NL_MSG_CAT_CNTR
  if (scope->previous != (locale_t) 0)
    uselocale (scope->previous);
  _nl_msg_cat_cntr++;
#else
  if (scope->messages != NULL)
    setlocale (LC_MESSAGES, scope->messages);
#endif
  g_free (scope->language);
  g_free (scope->messages);
}

/* Object */


/* Publishes what status.json says and drops the pages made before (and, when the campaign
 * itself changed, checks its PDFs again: _adm_portal_pdfs_changed ()); the pages served since
 * the start are made again at once, a fragment per turn of the loop, so that the phones
 * polling for the change find them made. */
void
_adm_portal_pages_changed (AdmPortal *self,
                           gboolean   campaign)
{
  static const char * const names[] = { "pending", "accepted", "refused" };
  Shared *shared = self->shared;
  guint cycle = self->campaign != NULL ? _adm_portal_current_cycle (self) : 0;
  GHashTableIter iter;
  AdmPortalSheet *sheet;
  const char *key;

  g_mutex_lock (&shared->lock);
  shared->open = self->campaign != NULL;
  shared->cycle = cycle;
  shared->deadline = self->deadline;
  shared->paused = self->paused;
  shared->extended = self->extended;
  g_hash_table_remove_all (shared->statuses);
  g_hash_table_remove_all (shared->finals);
  g_hash_table_iter_init (&iter, self->sheets);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &sheet))
    if (sheet->cycle == cycle)
      {
        g_hash_table_insert (shared->statuses, g_strdup (sheet->admiral_id),
                             (gpointer) names[sheet->status]);
        if (_adm_portal_sheet_is_final (self, sheet))
          g_hash_table_add (shared->finals, g_strdup (sheet->admiral_id));
      }
  g_hash_table_remove_all (shared->pages);
  g_mutex_unlock (&shared->lock);
  if (campaign)
    _adm_portal_pdfs_changed (self);

  if (self->server == NULL || self->campaign == NULL)
    return;
  g_hash_table_iter_init (&iter, self->warm);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    {
      g_auto(GStrv) parts = g_strsplit (key, "\n", 2);

      _adm_portal_build_queue (self, parts[0], parts[1], key, NULL);
    }
}

/* The cycle of engagement @engagement_id ("c3-2": F-STRAT-4, the K-th of cycle 3), or 0. */
static guint
cycle_of_engagement (const char *engagement_id)
{
  guint64 cycle = 0;
  const char *dash = engagement_id != NULL && engagement_id[0] == 'c'
                     ? strchr (engagement_id, '-') : NULL;
  g_autofree char *digits = dash != NULL ? g_strndup (engagement_id + 1,
                                                      dash - engagement_id - 1) : NULL;

  if (digits == NULL || !g_ascii_string_to_unsigned (digits, 10, 1, G_MAXUINT, &cycle, NULL))
    return 0;
  return (guint) cycle;
}

/* Drops the fragments a change made stale: a battle's new entries change only what the
 * reports of its cycle (and, as the campaign stands when they are read, of the cycles after
 * it) show — its phases as each side may see them, where it stands; no event of the campaign,
 * so neither the cards nor what a side knows. Anything else may change any of them but the
 * reports of the cycles still resolved that were made to be kept (with their ReportInputs):
 * each is made again when next asked for only if what it is made of has changed (fragment (),
 * adm-portal-publish.c). */
static void
fragments_changed (AdmPortal   *self,
                   AdmCampaign *campaign)
{
  guint cycle = cycle_of_engagement (adm_campaign_get_changed_battle (campaign));
  guint current = _adm_portal_current_cycle (self);
  GHashTableIter iter;
  const char *key;

  g_hash_table_remove_all (self->cycle_inputs);
  g_hash_table_iter_init (&iter, self->fragments);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    {
      const char *part = strrchr (key, '\n') + 1;
      guint64 number;
      gboolean report = g_ascii_string_to_unsigned (part, 10, 1, G_MAXUINT, &number, NULL);

      if (cycle == 0 ? !report || number >= current ||
                       !g_hash_table_contains (self->report_inputs, key)
                     : report && number >= cycle)
        {
          g_hash_table_remove (self->report_inputs, key);
          g_hash_table_iter_remove (&iter);
        }
    }
}

static void
campaign_changed_cb (AdmPortal   *self,
                     AdmCampaign *campaign)
{
  self->version++;
  g_hash_table_remove_all (self->parts);
  fragments_changed (self, campaign);
  _adm_portal_sync_refusals (self);
  _adm_portal_pages_changed (self, TRUE);
}

/* The campaign is closed: nothing more is served. */
static void
campaign_gone_cb (gpointer  data,
                  GObject  *where_the_campaign_was)
{
  AdmPortal *self = data;

  self->campaign = NULL;
  self->changed_id = 0;
  adm_portal_stop (self);
  _adm_portal_pages_changed (self, TRUE);
}

static void
adm_portal_dispose (GObject *object)
{
  AdmPortal *self = ADM_PORTAL (object);

  adm_portal_stop (self);
  if (self->campaign != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->campaign);
      g_object_weak_unref (G_OBJECT (self->campaign), campaign_gone_cb, self);
      self->campaign = NULL;
    }
  g_clear_object (&self->tokens);
  G_OBJECT_CLASS (adm_portal_parent_class)->dispose (object);
}

static void
adm_portal_finalize (GObject *object)
{
  AdmPortal *self = ADM_PORTAL (object);

  g_free (self->battles_dir);
  g_free (self->address);
  g_free (self->failure);
  g_clear_pointer (&self->archive, g_bytes_unref);
  g_free (self->archive_lang);
  g_hash_table_unref (self->parts);
  g_hash_table_unref (self->fragments);
  g_hash_table_unref (self->report_inputs);
  g_hash_table_unref (self->cycle_inputs);
  g_hash_table_unref (self->warm);
  g_hash_table_unref (self->pdf_sources);
  g_hash_table_unref (self->sheets);
  g_hash_table_unref (self->posted);
  g_clear_pointer (&self->clients, g_hash_table_unref);
  _adm_portal_shared_unref (self->shared);
  G_OBJECT_CLASS (adm_portal_parent_class)->finalize (object);
}

static void
adm_portal_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  AdmPortal *self = ADM_PORTAL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, adm_portal_get_running (self));
      break;
    case PROP_ACCEPT_ON_ARRIVAL:
      g_value_set_boolean (value, self->accept_on_arrival);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_portal_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  AdmPortal *self = ADM_PORTAL (object);

  switch (prop_id)
    {
    case PROP_ACCEPT_ON_ARRIVAL:
      adm_portal_set_accept_on_arrival (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_portal_class_init (AdmPortalClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_portal_dispose;
  object_class->finalize = adm_portal_finalize;
  object_class->get_property = adm_portal_get_property;
  object_class->set_property = adm_portal_set_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_ACCEPT_ON_ARRIVAL] =
    g_param_spec_boolean ("accept-on-arrival", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  _adm_portal_signals[SHEET_RECEIVED] = g_signal_new ("sheet-received", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                          G_TYPE_NONE, 1, G_TYPE_STRING);
  _adm_portal_signals[SHEET_CHANGED] = g_signal_new ("sheet-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_STRING);
  _adm_portal_signals[FINAL_CHANGED] = g_signal_new ("final-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_STRING);
  _adm_portal_signals[PRESENT_CHANGED] = g_signal_new ("present-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_STRING);
  _adm_portal_signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass),
                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                  G_TYPE_NONE, 1, G_TYPE_STRING);
  _adm_portal_signals[WARNING] = g_signal_new ("warning", G_TYPE_FROM_CLASS (klass),
                                   G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                   G_TYPE_NONE, 1, G_TYPE_STRING);
}


static void
adm_portal_init (AdmPortal *self)
{
  self->shared = shared_new (self);
  self->parts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, _adm_portal_parts_free);
  self->fragments = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->report_inputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               _adm_portal_report_inputs_free);
  self->cycle_inputs = g_hash_table_new_full (NULL, NULL, NULL, _adm_portal_cycle_inputs_free);
  self->warm = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_queue_init (&self->builds);
  g_queue_init (&self->pdf_jobs);
  self->pdf_sources = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_queue_init (&self->pdf_checks);
  self->sheets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, sheet_free);
  self->posted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, posted_free);
  self->paused = -1;
}

/* The battles/ folder beside the campaign file, as admiralty-cli report reads it. */
static char *
battles_dir_of (AdmCampaign *campaign)
{
  const char *path = adm_campaign_get_path (campaign);
  g_autofree char *dir = NULL, *battles = NULL;

  if (path == NULL)
    return NULL;
  dir = g_path_get_dirname (path);
  battles = g_build_filename (dir, "battles", NULL);
  return g_file_test (battles, G_FILE_TEST_IS_DIR) ? g_steal_pointer (&battles) : NULL;
}

AdmPortal *
adm_portal_new (AdmCampaign  *campaign,
                GError      **error)
{
  g_autoptr(AdmPortal) self = NULL;
  GPtrArray *admirals;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();
  g_autofree char *tokens_path = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  self = g_object_new (ADM_TYPE_PORTAL, NULL);
  self->campaign = campaign;
  g_object_weak_ref (G_OBJECT (campaign), campaign_gone_cb, self);
  self->changed_id = g_signal_connect_swapped (campaign, "changed",
                                               G_CALLBACK (campaign_changed_cb), self);
  self->battles_dir = battles_dir_of (campaign);
  admirals = adm_campaign_get_admirals (campaign);
  for (guint i = 0; i < admirals->len; i++)
    g_ptr_array_add (ids, ((AdmAdmiral *) g_ptr_array_index (admirals, i))->id);
  g_ptr_array_add (ids, NULL);
  if (adm_campaign_get_path (campaign) != NULL)
    tokens_path = adm_portal_tokens_path_for (adm_campaign_get_path (campaign));
  self->tokens = adm_portal_tokens_new (tokens_path, (const char * const *) ids->pdata, error);
  if (self->tokens == NULL)
    return NULL;
  self->shared->tokens = g_object_ref (self->tokens);
  _adm_portal_sheets_from_journal (self);
  _adm_portal_pages_changed (self, TRUE);
  return g_steal_pointer (&self);
}

AdmCampaign *
adm_portal_get_campaign (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);
  return self->campaign;
}

AdmPortalTokens *
adm_portal_get_tokens (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);
  return self->tokens;
}

/* Jobs: from the server thread to the main thread and back */

void
_adm_portal_job_free (gpointer data)
{
  Job *job = data;

  _adm_portal_shared_unref (job->shared);
  g_main_context_unref (job->reply_to);
  g_free (job->admiral_id);
  g_free (job->lang);
  g_free (job->key);
  g_clear_object (&job->msg);
  g_clear_pointer (&job->fields, g_hash_table_unref);
  g_free (job->client);
  g_clear_pointer (&job->page, _adm_portal_page_unref);
  g_clear_pointer (&job->pdf, g_bytes_unref);
  g_clear_pointer (&job->archive, g_bytes_unref);
  g_free (job->filename);
  g_free (job->text);
  g_free (job);
}

/* Server thread: a Job come back answers its request, or (JOB_PAGE) every request waiting for
 * that page. */
gboolean
_adm_portal_job_answer_cb (gpointer data)
{
  Job *job = data;
  GPtrArray *waiting = NULL;
  g_autofree char *key = NULL;

  if (job->kind == JOB_PAGE)
    g_hash_table_steal_extended (job->server->waiting, job->key, (gpointer *) &key,
                                 (gpointer *) &waiting);
  else
    {
      waiting = g_ptr_array_new ();
      g_ptr_array_add (waiting, job->msg);
    }
  for (guint i = 0; waiting != NULL && i < waiting->len; i++)
    {
      SoupServerMessage *msg = g_ptr_array_index (waiting, i);

      if (job->status == SOUP_STATUS_SEE_OTHER)
        _adm_portal_respond_redirect (msg);
      /* Whether the request asked for the status alone, kept on libsoup's message. */
      else if (job->page != NULL &&
               g_object_get_data (G_OBJECT (msg), "adm-portal-status") != NULL)
        _adm_portal_respond_status (job->shared, msg, job->admiral_id, job->page->version);
      else if (job->page != NULL)
        _adm_portal_respond_page (job->shared, msg, job->status, job->admiral_id, job->page);
      else if (job->pdf != NULL)
        {
          g_autofree char *disposition = g_strdup_printf ("inline; filename=\"report-%u.pdf\"",
                                                          job->cycle);

          SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
          SoupMessageBody *body = soup_server_message_get_response_body (msg);

          adm_portal_add_common_headers (msg);
          soup_message_headers_replace (headers, "Content-Disposition", disposition);
          soup_message_headers_set_content_type (headers, "application/pdf", NULL);
          soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
          /* The PDF kept for every request, shared, not copied into each answer. */
          soup_message_body_truncate (body);
          soup_message_body_append_bytes (body, job->pdf);
        }
      else if (job->archive != NULL)
        {
          SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);
          SoupMessageBody *body = soup_server_message_get_response_body (msg);
          g_autofree char *disposition =
            g_strdup_printf ("inline; filename=\"%s\"",
                             job->filename != NULL ? job->filename : "archive.html");

          adm_portal_add_common_headers (msg);
          /* The archive (adm-archive.html) and the dice verifier (adm-dice-page.html) ask
           * for nothing beyond themselves: their own style and script, and no address. */
          soup_message_headers_replace (headers, "Content-Security-Policy",
                                        "default-src 'none'; style-src 'unsafe-inline'; "
                                        "script-src 'unsafe-inline'; img-src data:");
          soup_message_headers_replace (headers, "Content-Disposition", disposition);
          soup_message_headers_set_content_type (headers, "text/html; charset=utf-8", NULL);
          soup_server_message_set_status (msg, SOUP_STATUS_OK, NULL);
          soup_message_body_truncate (body);
          soup_message_body_append_bytes (body, job->archive);
        }
      else if (job->text != NULL)
        _adm_portal_respond_text (msg, job->status, job->text);
      else
        adm_portal_not_found (msg);
      soup_server_message_unpause (msg);
    }
  g_clear_pointer (&waiting, g_ptr_array_unref);
  return G_SOURCE_REMOVE;
}

/* Main thread: sends @job back to the server, answered. */
void
_adm_portal_job_reply (Job *job)
{
  g_main_context_invoke_full (job->reply_to, G_PRIORITY_DEFAULT, _adm_portal_job_answer_cb, job,
                              _adm_portal_job_free);
}

static void job_run (AdmPortal *self,
                     Job       *job);

static gboolean
job_run_cb (gpointer data)
{
  Job *job = data;
  g_autoptr(AdmPortal) self = g_weak_ref_get (&job->shared->portal);

  /* Its server stopped meanwhile (the portal stopped, gone, or its campaign closed): nothing
   * would read an answer. */
  if (self == NULL || self->server == NULL || self->server->context != job->reply_to ||
      self->campaign == NULL)
    _adm_portal_job_free (job);
  else
    job_run (self, job);
  return G_SOURCE_REMOVE;
}

/* Server thread: hands @job to the main context; the request it answers stays paused. The
 * main thread owns it from then on, and sends it back (_adm_portal_job_reply ()): no destroy
 * notify here, which would run after job_run_cb () and race with the server freeing the Job
 * it got back. */
void
_adm_portal_job_send (Job *job)
{
  adm_handover_send (job->shared->owner, job_run_cb, job, NULL);
}

Job *
_adm_portal_job_new (Server     *server,
                     JobKind     kind,
                     const char *admiral_id,
                     const char *lang)
{
  Job *job = g_new0 (Job, 1);

  job->kind = kind;
  job->shared = _adm_portal_shared_ref (server->shared);
  job->reply_to = g_main_context_ref (server->context);
  job->server = server;
  job->admiral_id = g_strdup (admiral_id);
  job->lang = g_strdup (lang);
  job->key = g_strdup_printf ("%s\n%s", admiral_id, lang);
  job->status = SOUP_STATUS_NOT_FOUND;
  return job;
}

/* Main thread: what the server asked. */

static void
job_run (AdmPortal *self,
         Job       *job)
{
  const AdmAdmiral *admiral = _adm_portal_admiral_of (self, job->admiral_id);

  if (admiral == NULL)
    _adm_portal_job_reply (job);
  else if (job->kind == JOB_PAGE)
    _adm_portal_job_serve_page (self, job, admiral);
  else if (job->kind == JOB_SHEET)
    _adm_portal_job_sheet (self, job, admiral);
  else if (job->kind == JOB_FINAL)
    _adm_portal_job_final (self, job, admiral);
  else if (job->kind == JOB_MUSTER)
    _adm_portal_job_muster (self, job, admiral);
  else if (job->kind == JOB_ARCHIVE)
    _adm_portal_archive_queue (self, job);
  else if (job->kind == JOB_DICE || job->kind == JOB_DICE_PAGE)
    _adm_portal_job_dice (self, job, admiral);
  else
    _adm_portal_pdf_queue (self, job);
}

/* Public API */

static char *link_base (AdmPortal *self);

gboolean
adm_portal_start (AdmPortal   *self,
                  const char  *address,
                  guint        port,
                  GError     **error)
{
  g_autoptr(GInetAddress) inet = NULL;
  g_autoptr(GSocketAddress) socket_address = NULL;
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GError) local_error = NULL;
  Server *server = NULL;

  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);
  g_return_val_if_fail (address != NULL, FALSE);
  g_return_val_if_fail (port <= 65535, FALSE);

  g_return_val_if_fail (self->campaign != NULL, FALSE);

  adm_portal_stop (self);
  inet = g_inet_address_new_from_string (address);
  if (inet == NULL)
    {
      g_set_error (error, ADM_PORTAL_ERROR, ADM_PORTAL_ERROR_ADDRESS,
                   _("“%s” is not an IP address (such as 192.168.1.20)"), address);
      return FALSE;
    }
  socket_address = g_inet_socket_address_new (inet, (guint16) port);
  socket = _adm_portal_listen_on (socket_address, &local_error);
  if (socket != NULL)
    server = _adm_portal_server_start (self->shared, socket);
  if (server == NULL)
    {
      g_prefix_error (&local_error, _("The admirals’ portal could not listen on %s, port %u: "),
                      address, port);
      local_error->domain = ADM_PORTAL_ERROR;
      local_error->code = ADM_PORTAL_ERROR_LISTEN;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  self->port = _adm_portal_bound_port (socket, port);
  self->server = server;
  g_clear_pointer (&self->failure, g_free);
  g_free (self->address);
  self->address = g_strdup (address);
  g_hash_table_remove_all (self->warm);
  _adm_portal_pages_changed (self, FALSE);
  /* For the printed sheets' links; one that cannot be written leaves the portal serving. */
  {
    g_autofree char *base = link_base (self);

    if (!adm_portal_tokens_set_address (self->tokens, base, &local_error))
      g_warning ("%s", local_error->message);
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  return TRUE;
}

/* The portal stops by itself: the process has no descriptor left for it (@reason), and the
 * campaign's saves come first. */
void
_adm_portal_fail (AdmPortal  *self,
                  const char *reason)
{
  g_free (self->failure);
  self->failure = g_strdup_printf (_("The admirals’ portal stopped: the computer has no more "
                                     "open files to give it (%s). The campaign is saved as "
                                     "before; start the portal again when the phones have "
                                     "closed their pages."), reason);
  g_warning ("%s", self->failure);
  adm_portal_stop (self);
  g_signal_emit (self, _adm_portal_signals[FAILED], 0, self->failure);
}

/* One device (@address) floods the portal with connections or refused requests: the master
 * is told, once. */
void
_adm_portal_warn_flooding (AdmPortal  *self,
                           const char *address)
{
  /* Translators: the address of a phone or laptop on the room's network */
  g_autofree char *message = g_strdup_printf (_("One device is flooding the portal: %s. The "
                                                "phones and tables are still served; that "
                                                "device gets no more than a few connections."),
                                              address);

  g_signal_emit (self, _adm_portal_signals[WARNING], 0, message);
}

/* Many connections, from @n_addresses devices (@address one of them), each within its own
 * share, held the portal's slots without sending their requests: the slow ones are closed
 * first from now on, and the master is told, once. */
void
_adm_portal_warn_crowded (AdmPortal  *self,
                          guint       n_addresses,
                          const char *address)
{
  /* Translators: "from 20 devices, such as 192.168.1.23"; the address is a phone's or a
   * laptop's on the room's network */
  g_autofree char *message = g_strdup_printf (
    g_dngettext (GETTEXT_PACKAGE,
                 "Slow connections are crowding the portal (from %u device, such as %s): they "
                 "do not finish their requests. The phones and tables are still served; a "
                 "connection that has not sent its request within a few seconds is closed "
                 "first.",
                 "Slow connections are crowding the portal (from %u devices, such as %s): they "
                 "do not finish their requests. The phones and tables are still served; a "
                 "connection that has not sent its request within a few seconds is closed "
                 "first.",
                 n_addresses),
    n_addresses, address);

  g_signal_emit (self, _adm_portal_signals[WARNING], 0, message);
}

gboolean
_adm_portal_save_error (const GError *error)
{
  /* Else the rules' refusals: the state's one check, an order sheet's check. */
  return error->domain != ADM_STATE_ERROR && error->domain != ADM_XML_ERROR;
}

gboolean
_adm_portal_not_saved (AdmPortal        *self,
                       const AdmAdmiral *admiral,
                       const GError     *error)
{
  g_autofree char *message = NULL;

  if (!_adm_portal_save_error (error))
    return FALSE;
  /* Translators: said to the master when a phone's muster or sheet could not be kept; the
   * second %s is why ("Cannot save the campaign to …: The file is read-only") */
  message = g_strdup_printf (_("What %s handed in on his phone was not received: %s. His phone "
                               "says so. Make the campaign savable — its file writable, or the "
                               "campaign saved under another name — then ask him to hand it in "
                               "again."),
                             admiral->name, error->message);
  g_signal_emit (self, _adm_portal_signals[WARNING], 0, message);
  return TRUE;
}

const char *
_adm_portal_not_saved_words (void)
{
  return _("Not received — the master’s computer cannot save. Nothing of it is kept: tell the "
           "master, and hand it in again when he says.");
}

const char *
adm_portal_get_failure (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);
  return self->failure;
}

void
adm_portal_raise_file_limit (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max)
    {
      limit.rlim_cur = limit.rlim_max;
      setrlimit (RLIMIT_NOFILE, &limit);
    }
}

void
adm_portal_stop (AdmPortal *self)
{
  g_return_if_fail (ADM_IS_PORTAL (self));

  _adm_portal_builds_clear (self);
  if (self->server == NULL)
    return;
  g_clear_pointer (&self->server, _adm_portal_server_stop);
  self->port = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
adm_portal_get_running (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);
  return self->server != NULL;
}

guint
adm_portal_get_port (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), 0);
  return self->port;
}

guint
adm_portal_get_n_accepted (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), 0);
  return (guint) g_atomic_int_get (&self->shared->n_accepted);
}

const char *
adm_portal_get_address (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);
  return adm_portal_get_running (self) ? self->address : NULL;
}

char **
adm_portal_lan_addresses (void)
{
  GPtrArray *found = g_ptr_array_new ();
  struct ifaddrs *list = NULL;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *i = list; i != NULL; i = i->ifa_next)
        {
          char text[INET_ADDRSTRLEN];

          if (i->ifa_addr == NULL || i->ifa_addr->sa_family != AF_INET ||
              (i->ifa_flags & IFF_LOOPBACK) || !(i->ifa_flags & IFF_UP))
            continue;
          if (inet_ntop (AF_INET, &((struct sockaddr_in *) i->ifa_addr)->sin_addr, text,
                         sizeof text) != NULL)
            g_ptr_array_add (found, g_strdup (text));
        }
      freeifaddrs (list);
    }
  g_ptr_array_add (found, NULL);
  return (char **) g_ptr_array_free (found, FALSE);
}

/* "http://HOST:PORT" of the running server (HOST: the address listened on, or when it is
 * every interface, the first LAN address). */
static char *
link_base (AdmPortal *self)
{
  g_autofree char *host = NULL;
  g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (self->address);

  if (inet != NULL && g_inet_address_get_is_any (inet))
    {
      g_auto(GStrv) lan = adm_portal_lan_addresses ();

      host = g_strdup (lan[0] != NULL ? lan[0] : "127.0.0.1");
    }
  else if (inet != NULL && g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6)
    host = g_strdup_printf ("[%s]", self->address);
  else
    host = g_strdup (self->address);
  return g_strdup_printf ("http://%s:%u", host, self->port);
}

void
adm_portal_set_certificate (AdmPortal       *self,
                            GTlsCertificate *certificate)
{
  g_return_if_fail (ADM_IS_PORTAL (self));
  g_return_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate));

  g_mutex_lock (&self->shared->lock);
  g_set_object (&self->shared->certificate, certificate);
  g_mutex_unlock (&self->shared->lock);
}

char *
adm_portal_get_base_link (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);
  return self->server != NULL ? link_base (self) : NULL;
}

GMainContext *
adm_portal_get_server_context (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);
  return self->server != NULL && self->campaign != NULL ? self->server->context : NULL;
}

void
adm_portal_add_route (AdmPortal          *self,
                      const char         *prefix,
                      gboolean            tls_only,
                      gsize               max_body,
                      AdmPortalRouteKnowsFunc knows,
                      AdmPortalRouteFunc  func,
                      AdmPortalRouteBodyFunc body,
                      gpointer            data,
                      GBoxedCopyFunc      ref,
                      GDestroyNotify      unref)
{
  Route *route;

  g_return_if_fail (ADM_IS_PORTAL (self));
  g_return_if_fail (prefix != NULL && g_str_has_prefix (prefix, "/") &&
                    !g_str_has_prefix (prefix, "/a/"));
  g_return_if_fail (knows != NULL && func != NULL && ref != NULL && unref != NULL);

  route = g_new0 (Route, 1);
  route->prefix = g_strdup (prefix);
  route->tls_only = tls_only;
  route->max_body = max_body;
  route->knows = knows;
  route->func = func;
  route->body = body;
  route->data = ref (data);
  route->ref = ref;
  route->unref = unref;
  adm_portal_remove_route (self, prefix);
  g_mutex_lock (&self->shared->lock);
  g_ptr_array_add (self->shared->routes, route);
  g_mutex_unlock (&self->shared->lock);
}

void
adm_portal_remove_route (AdmPortal  *self,
                         const char *prefix)
{
  g_autoptr(GPtrArray) removed = g_ptr_array_new_with_free_func (route_free);

  g_return_if_fail (ADM_IS_PORTAL (self));

  g_mutex_lock (&self->shared->lock);
  for (guint i = self->shared->routes->len; i > 0; i--)
    {
      Route *route = g_ptr_array_index (self->shared->routes, i - 1);

      if (g_str_equal (route->prefix, prefix))
        g_ptr_array_add (removed, g_ptr_array_steal_index (self->shared->routes, i - 1));
    }
  g_mutex_unlock (&self->shared->lock);
}

char *
adm_portal_get_link (AdmPortal  *self,
                     const char *admiral_id)
{
  const char *token;
  g_autofree char *base = NULL;

  g_return_val_if_fail (ADM_IS_PORTAL (self), NULL);

  token = adm_portal_tokens_get (self->tokens, admiral_id);
  if (self->server == NULL || token == NULL)
    return NULL;
  base = link_base (self);
  return g_strdup_printf ("%s/a/%s/", base, token);
}

gboolean
adm_portal_reissue (AdmPortal   *self,
                    const char  *admiral_id,
                    GError     **error)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);
  g_return_val_if_fail (adm_portal_tokens_get (self->tokens, admiral_id) != NULL, FALSE);

  if (!adm_portal_tokens_reissue (self->tokens, admiral_id, error))
    return FALSE;
  /* The pages open on his old link can no longer hand in a sheet either. */
  g_mutex_lock (&self->shared->lock);
  g_hash_table_remove (self->shared->csrf, admiral_id);
  g_mutex_unlock (&self->shared->lock);
  g_signal_emit (self, _adm_portal_signals[PRESENT_CHANGED], 0, admiral_id);
  return TRUE;
}

void
adm_portal_set_deadline (AdmPortal *self,
                         gint64     deadline)
{
  g_return_if_fail (ADM_IS_PORTAL (self));

  adm_portal_set_clock (self, deadline, -1);
}

/* The seconds the clock had left, running or paused; -1 when it was neither. */
static gint64
clock_left (gint64 deadline,
            gint64 paused,
            gint64 now)
{
  return deadline > 0 ? deadline - now : paused;
}

void
adm_portal_set_clock (AdmPortal *self,
                      gint64     deadline,
                      gint64     paused)
{
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  gint64 before, after;
  guint cycle;

  g_return_if_fail (ADM_IS_PORTAL (self));

  if (deadline > 0)
    paused = -1;
  /* The app's clock says its time left every second: a second either way is its own tick. */
  if (self->paused == paused &&
      (self->deadline == deadline ||
       (self->deadline > 0 && deadline > 0 && ABS (self->deadline - deadline) <= 2)))
    return;
  /* Time the master adds to the cycle's clock, running or paused, is an extension; a new
   * cycle's clock starts afresh. */
  cycle = self->campaign != NULL ? _adm_portal_current_cycle (self) : 0;
  before = clock_left (self->deadline, self->paused, now);
  after = clock_left (deadline, paused, now);
  if (cycle != self->clock_cycle)
    self->extended = 0, self->clock_cycle = cycle;
  else if (before > 0 && after > before + 2)
    self->extended += after - before;
  self->deadline = deadline;
  self->paused = paused;
  /* Late or not, and the countdown's start, are in the pages. */
  _adm_portal_pages_changed (self, FALSE);
}

void
adm_portal_set_accept_on_arrival (AdmPortal *self,
                                  gboolean   accept)
{
  g_return_if_fail (ADM_IS_PORTAL (self));

  accept = !!accept;
  if (self->accept_on_arrival == accept)
    return;
  self->accept_on_arrival = accept;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCEPT_ON_ARRIVAL]);
}

gboolean
adm_portal_get_accept_on_arrival (AdmPortal *self)
{
  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);
  return self->accept_on_arrival;
}

void
adm_portal_set_rate_limit (AdmPortal *self,
                           double     per_second,
                           guint      burst)
{
  g_return_if_fail (ADM_IS_PORTAL (self));
  g_return_if_fail (per_second > 0.0 && burst > 0);

  g_mutex_lock (&self->shared->lock);
  self->shared->rate = per_second;
  self->shared->burst = burst;
  g_hash_table_remove_all (self->shared->buckets);
  g_mutex_unlock (&self->shared->lock);
}

gboolean
adm_portal_get_present (AdmPortal  *self,
                        const char *admiral_id)
{
  gboolean present;

  g_return_val_if_fail (ADM_IS_PORTAL (self), FALSE);

  g_mutex_lock (&self->shared->lock);
  present = admiral_id != NULL && g_hash_table_contains (self->shared->csrf, admiral_id);
  g_mutex_unlock (&self->shared->lock);
  return present;
}

typedef struct {
  Shared *shared;
  char   *admiral_id;
} Presence;

static void
presence_free (gpointer data)
{
  Presence *presence = data;

  _adm_portal_shared_unref (presence->shared);
  g_free (presence->admiral_id);
  g_free (presence);
}

static gboolean
presence_cb (gpointer data)
{
  Presence *presence = data;
  g_autoptr(AdmPortal) self = g_weak_ref_get (&presence->shared->portal);

  if (self != NULL)
    g_signal_emit (self, _adm_portal_signals[PRESENT_CHANGED], 0, presence->admiral_id);
  return G_SOURCE_REMOVE;
}

/* Server thread: his first page served with his link (it has no CSRF token of his yet) makes
 * him present; the main thread is told. */
void
_adm_portal_note_presence (Shared     *shared,
                           const char *admiral_id)
{
  Presence *presence;
  gboolean first;

  g_mutex_lock (&shared->lock);
  first = !g_hash_table_contains (shared->csrf, admiral_id);
  g_mutex_unlock (&shared->lock);
  if (!first)
    return;
  presence = g_new0 (Presence, 1);
  presence->shared = _adm_portal_shared_ref (shared);
  presence->admiral_id = g_strdup (admiral_id);
  adm_handover_send (shared->owner, presence_cb, presence, presence_free);
}
