/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-server.c: the portal's server thread (adm-portal.c): its own GMainContext, the
 * listening socket and the connections it accepts, handed to libsoup one by one, each bounded
 * in time and in the length of its body before it is read; the thread's start and stop; the
 * rate limit, the headers of every answer and the one 404; the one handler that parses every
 * path strictly and routes it — answered from what the main thread published, handed to it
 * as a Job, or to another part's route (the tables'). */

#include "config.h"

#include <errno.h>
#include <string.h>
#if HAVE_MALLOC_TRIM
#include <malloc.h>
#endif
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <libsoup/soup.h>

#include "adm-portal-private.h"
#include "adm-portal-route.h"

/* The most client addresses whose rate is tracked before the table is started afresh. */
#define MAX_CLIENTS 1024
/* The most connections open at once, a room of phones and tablets with a page, a poll and a
 * PDF each; no more than a quarter of the process's open-file limit, so that the campaign's
 * saves always find a descriptor (the rest wait in the listening socket's backlog). */
#define MAX_CONNECTIONS 128
/* The most connections open at once from one address: a phone or a table has a few at a
 * time, and one device that opens more (a flood) leaves the other slots to the room. */
#define MAX_PER_ADDRESS 8
/* Seconds a connection has to send its request's head, from its opening: a phone that opens
 * one and says nothing, or stops halfway, does not keep it. */
#define HEAD_TIMEOUT 10
/* Seconds in which a phone or a table sends its request's head (a TLS handshake and a few
 * hundred bytes, on the room's Wi-Fi): a connection still without one after that is slow.
 * Connections without their heads may fill all the slots but a quarter, kept for the
 * requests of the admirals' and tables' keys; once they do, a slow one is closed for each
 * connection that waits, and one that waits is taken only if it has sent its whole head
 * (or TLS handshake record) already — one that has sent part of it is closed at once, one
 * that has sent nothing yet is slow after PROBATION_MS. So many devices, each within
 * MAX_PER_ADDRESS, that trickle their heads do not hold the room's phones and tables out
 * for HEAD_TIMEOUT. */
#define HEAD_GRACE 3
#define PROBATION_MS 1000
/* The most of a waiting connection's first bytes looked at for its whole head: a TLS
 * record's header and the most it may carry. */
#define HEAD_PEEK (5 + 16384)
/* Milliseconds between two looks at a TLS handshake whose first record is not whole yet. */
#define SNIFF_AGAIN_MS 100
/* Seconds it then has to send the body, and one more for each BODY_RATE bytes of it. */
#define BODY_TIMEOUT 15
#define BODY_RATE (256 * 1024)
/* A body of more than LARGE_BODY bytes (a table's long battle) is a large one; no more than
 * MAX_LARGE_BODIES of them are read and handled at once, the next told to come back in
 * RETRY_AFTER seconds (503): each takes a few times its length in memory while it is read,
 * parsed and played. */
#define LARGE_BODY (1024 * 1024)
#define MAX_LARGE_BODIES 3
#define RETRY_AFTER 5
/* One address whose requests are refused or dropped unanswered (a wrong key with a body, a
 * body too long or none said, a head or body not sent in time, the rate limit, a connection
 * more than it may have) FLOOD_STRIKES times within FLOOD_WINDOW seconds floods the portal,
 * though it never holds more than its share of the slots at once: a phone or a table that
 * lost its link, retrying every few seconds, stays well below. */
#define FLOOD_STRIKES 32
#define FLOOD_WINDOW 60
/* Seconds before accepting is tried again after the system refused a connection for a
 * reason of its own (not for want of descriptors). */
#define ACCEPT_RETRY 1
/* Seconds a connection kept open after its answer (adm_portal_keep_connection ()) waits for
 * its next request before the portal closes it: longer than a table's client keeps one idle
 * (its "idle-timeout", 10 s), so that the client, not the portal, closes it between two
 * messages and never sends a message on a connection the portal is closing. For the tests
 * only, ADMIRALTY_TEST_KEEP_IDLE_MS in the environment sets it in milliseconds. */
#define KEEP_IDLE 15

typedef struct {
  double tokens;
  gint64 last;   /* monotonic µs */
} Bucket;

/* What one address had refused or dropped since @since. */
typedef struct {
  guint  n;
  gint64 since;  /* monotonic µs */
} Strikes;

static void flooding (Server     *server,
                      const char *address);

/* Server thread: one more request from @address refused or dropped unanswered; the master is
 * told (once) when it makes FLOOD_STRIKES within FLOOD_WINDOW. */
static void
strike (Server     *server,
        const char *address)
{
  gint64 now = g_get_monotonic_time ();
  Strikes *strikes;

  if (address == NULL || server->strikes == NULL)
    return;
  strikes = g_hash_table_lookup (server->strikes, address);
  if (strikes == NULL)
    {
      if (g_hash_table_size (server->strikes) >= MAX_CLIENTS)
        g_hash_table_remove_all (server->strikes);
      strikes = g_new0 (Strikes, 1);
      strikes->since = now;
      g_hash_table_insert (server->strikes, g_strdup (address), strikes);
    }
  if (now - strikes->since > FLOOD_WINDOW * G_USEC_PER_SEC)
    {
      strikes->n = 0;
      strikes->since = now;
    }
  if (++strikes->n >= FLOOD_STRIKES)
    flooding (server, address);
}

static gboolean request_timeout_cb (gpointer data);

/* Server thread: @connection's request is dropped unless read within @seconds from now. */
static void
connection_deadline (Connection *connection,
                     guint       seconds)
{
  if (connection->timeout != NULL)
    {
      g_source_destroy (connection->timeout);
      g_source_unref (connection->timeout);
    }
  connection->timeout = g_timeout_source_new_seconds (seconds);
  g_source_set_callback (connection->timeout, request_timeout_cb, connection, NULL);
  g_source_attach (connection->timeout, connection->server->context);
}

/* Server thread: @connection's request's head is in, or the connection is going: it is no
 * longer one of those that wait for theirs. */
static void
heard (Connection *connection)
{
  if (connection->unheard.data == NULL)
    return;
  g_queue_unlink (&connection->server->unheard, &connection->unheard);
  connection->unheard.data = NULL;
}

static void
add_common_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (headers, "Cache-Control", "no-store");
  soup_message_headers_replace (headers, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (headers, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (headers, "X-Frame-Options", "DENY");
}

void
_adm_portal_respond_text (SoupServerMessage *msg,
                          guint              status,
                          const char        *text)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (msg);

  add_common_headers (msg);
  soup_message_headers_replace (headers, "Content-Security-Policy", "default-src 'none'");
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, "text/plain; charset=utf-8", SOUP_MEMORY_COPY,
                                    text, strlen (text));
}

/* POST/Redirect/GET: a sheet handed in is answered with "see his page", which the browser
 * then loads with a GET — a reload of it sends nothing again. The target is relative to the
 * sheet's own URL ("/a/TOKEN/sheet" → "/a/TOKEN/"), so it says nothing the request did not. */
void
_adm_portal_respond_redirect (SoupServerMessage *msg)
{
  add_common_headers (msg);
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Location",
                                "./");
  _adm_portal_respond_text (msg, SOUP_STATUS_SEE_OTHER, "See ./\n");
}

/* The one answer to every wrong token, wrong path and wrong method: nothing in it says which
 * it was. */
static void
not_found (SoupServerMessage *msg)
{
  /* Its connection closed, even where a route kept it: the one 404 says nothing of the key. */
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection",
                                "close");
  _adm_portal_respond_text (msg, SOUP_STATUS_NOT_FOUND, "Not found\n");
}

void
adm_portal_not_found (SoupServerMessage *msg)
{
  not_found (msg);
}

void
adm_portal_add_common_headers (SoupServerMessage *msg)
{
  add_common_headers (msg);
}


/* Rate limit: a token bucket per client address. Server thread, under the lock. */
static gboolean
rate_allows (Shared            *shared,
             SoupServerMessage *msg)
{
  const char *host = soup_server_message_get_remote_host (msg);
  gint64 now = g_get_monotonic_time ();
  Bucket *bucket;

  if (host == NULL)
    host = "";
  bucket = g_hash_table_lookup (shared->buckets, host);
  if (bucket == NULL)
    {
      if (g_hash_table_size (shared->buckets) >= MAX_CLIENTS)
        g_hash_table_remove_all (shared->buckets);
      bucket = g_new (Bucket, 1);
      bucket->tokens = shared->burst;
      bucket->last = now;
      g_hash_table_insert (shared->buckets, g_strdup (host), bucket);
    }
  bucket->tokens = MIN ((double) shared->burst,
                        bucket->tokens + (now - bucket->last) * shared->rate / G_USEC_PER_SEC);
  bucket->last = now;
  if (bucket->tokens < 1.0)
    return FALSE;
  bucket->tokens -= 1.0;
  return TRUE;
}

/* Dispatch: the server thread */

/* His page (or, @status, status.json with his page's version): at once when it is made, else
 * when the main thread has made it. */
static void
serve_page (Server            *server,
            SoupServerMessage *msg,
            const char        *admiral_id,
            gboolean           status)
{
  Shared *shared = server->shared;
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *lang = adm_portal_page_language (soup_message_headers_get_one (request,
                                                                             "Accept-Language"));
  g_autofree char *key = g_strdup_printf ("%s\n%s", admiral_id, lang);
  GPtrArray *waiting;
  Page *page = NULL;
  gpointer version = NULL;
  gboolean made;

  g_mutex_lock (&shared->lock);
  if (status)
    made = g_hash_table_lookup_extended (shared->versions, key, NULL, &version);
  else if ((made = (page = g_hash_table_lookup (shared->pages, key)) != NULL))
    g_atomic_rc_box_acquire (page);
  g_mutex_unlock (&shared->lock);
  if (status && made)
    {
      _adm_portal_respond_status (shared, msg, admiral_id, GPOINTER_TO_UINT (version));
      return;
    }
  if (page != NULL)
    {
      _adm_portal_respond_page (shared, msg, SOUP_STATUS_OK, admiral_id, page);
      _adm_portal_page_unref (page);
      return;
    }
  soup_server_message_pause (msg);
  /* Per-request state lives on libsoup's message, which has no field of ours. */
  if (status)
    g_object_set_data (G_OBJECT (msg), "adm-portal-status", GINT_TO_POINTER (TRUE));
  waiting = g_hash_table_lookup (server->waiting, key);
  if (waiting == NULL)
    {
      waiting = g_ptr_array_new_with_free_func (g_object_unref);
      g_hash_table_insert (server->waiting, g_strdup (key), waiting);
      _adm_portal_job_send (_adm_portal_job_new (server, JOB_PAGE, admiral_id, lang));
    }
  g_ptr_array_add (waiting, g_object_ref (msg));
}

static void
serve_pdf (Server            *server,
           SoupServerMessage *msg,
           const char        *admiral_id,
           guint              cycle)
{
  Shared *shared = server->shared;
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  const char *lang = adm_portal_page_language (soup_message_headers_get_one (request,
                                                                             "Accept-Language"));
  g_autofree char *key = g_strdup_printf ("%s\n%s\n%u", admiral_id, lang, cycle);
  Job *job = _adm_portal_job_new (server, JOB_PDF, admiral_id, lang);

  job->cycle = cycle;
  job->msg = g_object_ref (msg);
  g_mutex_lock (&shared->lock);
  job->pdf = g_hash_table_lookup (shared->pdfs, key);
  if (job->pdf != NULL)
    g_bytes_ref (job->pdf);
  g_mutex_unlock (&shared->lock);
  soup_server_message_pause (msg);
  if (job->pdf != NULL)
    {
      _adm_portal_job_answer_cb (job);
      _adm_portal_job_free (job);
    }
  else
    _adm_portal_job_send (job);
}

/* Whether @msg came over TLS. */
static gboolean
over_tls (SoupServerMessage *msg)
{
  return g_strcmp0 (g_uri_get_scheme (soup_server_message_get_uri (msg)), "https") == 0;
}

/* Server thread: @msg handed to the route whose prefix its @path begins with, if any, which
 * answers it — or, with @body, reads its body (FALSE when that route reads none itself);
 * FALSE when no route has it (nor one that takes TLS alone, for a request that did not come
 * over TLS). The route's data is referenced while it serves: the route itself may be removed
 * meanwhile. */
static gboolean
route_serves (Shared            *shared,
              SoupServerMessage *msg,
              const char        *path,
              gboolean           body)
{
  AdmPortalRouteFunc func = NULL;
  AdmPortalRouteBodyFunc reads = NULL;
  GDestroyNotify unref = NULL;
  gpointer data = NULL;
  gboolean tls = over_tls (msg), served = TRUE;

  g_mutex_lock (&shared->lock);
  for (guint i = 0; path != NULL && i < shared->routes->len; i++)
    {
      Route *route = g_ptr_array_index (shared->routes, i);

      if (g_str_has_prefix (path, route->prefix) && (tls || !route->tls_only))
        {
          func = body ? NULL : route->func;
          reads = body ? route->body : NULL;
          unref = route->unref;
          data = func != NULL || reads != NULL ? route->ref (route->data) : NULL;
          break;
        }
    }
  g_mutex_unlock (&shared->lock);
  if (func == NULL && reads == NULL)
    return FALSE;
  if (func != NULL)
    func (msg, path, data);
  else
    served = reads (msg, path, data);
  unref (data);
  return served;
}

/* Server thread: the largest body a request for @path may have; in @known, whether the key
 * its path begins with is one the portal (an admiral's) or its route knows (never a route's
 * that takes TLS alone, unless @tls). */
static gsize
max_body_of (Shared     *shared,
             const char *path,
             gboolean    tls,
             gboolean   *known)
{
  AdmPortalRouteKnowsFunc knows = NULL;
  GDestroyNotify unref = NULL;
  gpointer data = NULL;
  gsize max = ADM_PORTAL_MAX_BODY;

  g_mutex_lock (&shared->lock);
  for (guint i = 0; path != NULL && i < shared->routes->len; i++)
    {
      Route *route = g_ptr_array_index (shared->routes, i);

      if (g_str_has_prefix (path, route->prefix))
        {
          if (route->tls_only && !tls)
            {
              g_mutex_unlock (&shared->lock);
              *known = FALSE;
              return max;
            }
          max = route->max_body;
          knows = route->knows;
          unref = route->unref;
          data = route->ref (route->data);
          break;
        }
    }
  g_mutex_unlock (&shared->lock);
  if (knows != NULL)
    {
      *known = knows (path, data);
      unref (data);
    }
  else
    *known = path != NULL && g_str_has_prefix (path, "/a/") &&
             strlen (path) >= 3 + ADM_PORTAL_TOKEN_CHARS &&
             adm_portal_tokens_lookup (shared->tokens, path + 3,
                                       ADM_PORTAL_TOKEN_CHARS) != NULL;
  return max;
}

static void
handle_cb (SoupServer        *soup,
                       SoupServerMessage *msg,
                       const char        *unused_path,
                       GHashTable        *query,
                       gpointer           user_data)
{
  Server *server = user_data;
  Shared *shared = server->shared;
  const char *method = soup_server_message_get_method (msg);
  const char *path = g_uri_get_path (soup_server_message_get_uri (msg));
  gboolean get = g_str_equal (method, "GET") || g_str_equal (method, "HEAD");
  const char *admiral_id;
  const char *rest;
  gboolean open, allowed;
  guint cycle, current;

  g_mutex_lock (&shared->lock);
  open = shared->open;
  allowed = open && rate_allows (shared, msg);
  current = shared->cycle;
  g_mutex_unlock (&shared->lock);
  if (!open)
    {
      not_found (msg);
      return;
    }
  if (!allowed)
    {
      strike (server, soup_server_message_get_remote_host (msg));
      /* 429 Too Many Requests (RFC 6585), which libsoup 3.2 has no name for. */
      _adm_portal_respond_text (msg, 429, "Too many requests\n");
      return;
    }
  if (route_serves (shared, msg, path, FALSE))
    return;
  /* "/a/" TOKEN "/" REST exactly. libsoup has already decoded the path's %XX and resolved its
   * dot segments (RFC 3986), so an encoded or dotted path is read as what it stands for: it
   * reaches a page only by naming that page's own token. */
  if (path == NULL || !g_str_has_prefix (path, "/a/") ||
      strlen (path) < 3 + ADM_PORTAL_TOKEN_CHARS + 1 || path[3 + ADM_PORTAL_TOKEN_CHARS] != '/')
    {
      not_found (msg);
      return;
    }
  admiral_id = adm_portal_tokens_lookup (shared->tokens, path + 3, ADM_PORTAL_TOKEN_CHARS);
  rest = path + 3 + ADM_PORTAL_TOKEN_CHARS + 1;
  if (admiral_id == NULL)
    not_found (msg);
  else if (get && *rest == '\0')
    serve_page (server, msg, admiral_id, FALSE);
  else if (get && g_str_equal (rest, "status.json"))
    serve_page (server, msg, admiral_id, TRUE);
  else if (g_str_equal (method, "POST") && g_str_equal (rest, "sheet"))
    _adm_portal_receive_sheet (server, msg, admiral_id, JOB_SHEET);
  else if (g_str_equal (method, "POST") && g_str_equal (rest, "final"))
    _adm_portal_receive_sheet (server, msg, admiral_id, JOB_FINAL);
  else if (g_str_equal (method, "POST") && g_str_equal (rest, "muster"))
    _adm_portal_receive_sheet (server, msg, admiral_id, JOB_MUSTER);
  else if (_adm_portal_dice_serves (server, msg, admiral_id, rest))
    ;
  else if (get && g_str_equal (rest, "archive.html"))
    {
      Job *job = _adm_portal_job_new (server, JOB_ARCHIVE, admiral_id,
                                      adm_portal_page_language (soup_message_headers_get_one (
                                        soup_server_message_get_request_headers (msg),
                                        "Accept-Language")));

      job->msg = g_object_ref (msg);
      soup_server_message_pause (msg);
      _adm_portal_job_send (job);
    }
  else if (get && (cycle = _adm_portal_parse_report (current, rest)) > 0)
    serve_pdf (server, msg, admiral_id, cycle);
  else
    not_found (msg);
}

/* Refuses @msg with @status and closes its connection at once, without reading its body:
 * libsoup would otherwise read a body of any length before answering. */
static void
refuse_unread (SoupServerMessage *msg,
               const char        *status_line)
{
  g_autoptr(GIOStream) stream = soup_server_message_steal_connection (msg);
  g_autofree char *reply = NULL;

  if (g_str_has_prefix (status_line, "404"))
    /* The one 404's headers and words (not_found ()). */
    reply = g_strdup_printf ("HTTP/1.1 %s\r\nServer: Admiralty\r\nCache-Control: no-store\r\n"
                             "Referrer-Policy: no-referrer\r\n"
                             "X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n"
                             "Content-Security-Policy: default-src 'none'\r\n"
                             "Content-Type: text/plain; charset=utf-8\r\n"
                             "Content-Length: 10\r\nConnection: close\r\n\r\nNot found\n",
                             status_line);
  else if (g_str_has_prefix (status_line, "503"))
    reply = g_strdup_printf ("HTTP/1.1 %s\r\nRetry-After: %d\r\nContent-Length: 0\r\n"
                             "Connection: close\r\n\r\n", status_line, RETRY_AFTER);
  else
    reply = g_strdup_printf ("HTTP/1.1 %s\r\nContent-Length: 0\r\n"
                             "Connection: close\r\n\r\n", status_line);

  if (stream == NULL)
    return;
  g_output_stream_write_all (g_io_stream_get_output_stream (stream), reply, strlen (reply),
                             NULL, NULL, NULL);
  g_io_stream_close (stream, NULL, NULL);
}

/* A body read as it arrives, on libsoup's message: per-request state with no field of ours. */
#define BODY_KEY "adm-portal-body"

typedef struct {
  AdmPortalChunkFunc feed;
  gpointer           sink;
  GDestroyNotify     free_sink;
} BodySink;

static void
body_sink_free (gpointer data)
{
  BodySink *body = data;

  if (body->free_sink != NULL)
    body->free_sink (body->sink);
  g_free (body);
}

/* Server thread: a chunk of @msg's body, handed to its sink and not kept. */
static void
got_chunk_cb (SoupServerMessage *msg,
              GBytes            *chunk,
              gpointer           data)
{
  BodySink *body = g_object_get_data (G_OBJECT (msg), BODY_KEY);
  gsize length;
  const char *bytes = g_bytes_get_data (chunk, &length);

  if (body != NULL)
    body->feed (body->sink, bytes, length);
}

void
adm_portal_read_body (SoupServerMessage  *msg,
                      AdmPortalChunkFunc  feed,
                      gpointer            sink,
                      GDestroyNotify      free_sink)
{
  BodySink *body = g_new (BodySink, 1);

  g_return_if_fail (SOUP_IS_SERVER_MESSAGE (msg) && feed != NULL);

  body->feed = feed;
  body->sink = sink;
  body->free_sink = free_sink;
  soup_message_body_set_accumulate (soup_server_message_get_request_body (msg), FALSE);
  g_object_set_data_full (G_OBJECT (msg), BODY_KEY, body, body_sink_free);
  g_signal_connect (msg, "got-chunk", G_CALLBACK (got_chunk_cb), NULL);
}

gpointer
adm_portal_take_body_sink (SoupServerMessage  *msg,
                           AdmPortalChunkFunc  feed)
{
  BodySink *body;
  gpointer sink;

  g_return_val_if_fail (SOUP_IS_SERVER_MESSAGE (msg), NULL);

  body = g_object_get_data (G_OBJECT (msg), BODY_KEY);
  if (body == NULL || body->feed != feed)
    return NULL;
  body = g_object_steal_data (G_OBJECT (msg), BODY_KEY);
  sink = body->sink;
  g_free (body);
  return sink;
}

static void
append_chunk (gpointer    sink,
              const char *bytes,
              gsize       length)
{
  g_byte_array_append (sink, (const guint8 *) bytes, (guint) length);
}

/* Server thread: @msg's body, of @length bytes, is read chunk by chunk into one buffer of
 * that length, which the handler takes whole (adm_portal_take_body ()): libsoup would
 * otherwise keep every chunk read and copy them into one more buffer of the same length. */
static void
read_into_one_buffer (SoupServerMessage *msg,
                      gsize              length)
{
  adm_portal_read_body (msg, append_chunk, g_byte_array_sized_new ((guint) length),
                        (GDestroyNotify) g_byte_array_unref);
}

GBytes *
adm_portal_take_body (SoupServerMessage *msg)
{
  GByteArray *body = adm_portal_take_body_sink (msg, append_chunk);

  if (body != NULL)
    return g_byte_array_free_to_bytes (body);
  return soup_message_body_flatten (soup_server_message_get_request_body (msg));
}

/* Bodies are bounded before they are read: a POST says its length, and no more than
 * ADM_PORTAL_MAX_BODY (or its route's bound, adm_portal_add_route ()); no chunked bodies. An answer is bounded too: libsoup answers a Range
 * of many parts with a multipart body built in memory, a copy of the whole for each part (a
 * few KB of overlapping "0-" ranges ask for hundreds of MB), so a request for more than one
 * range gets the whole body instead, as RFC 9110 (14.2) lets a server do; one range is
 * answered, no larger than the body. */
static void
got_headers_cb (SoupServerMessage *msg,
                gpointer           user_data)
{
  Server *server = user_data;
  /* Set on libsoup's message by request_started_cb (): per-request state. */
  Connection *connection = g_object_get_data (G_OBJECT (msg), "adm-portal-connection");
  const char *path = g_uri_get_path (soup_server_message_get_uri (msg));
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (msg);
  goffset length = soup_message_headers_get_content_length (headers);
  SoupEncoding encoding = soup_message_headers_get_encoding (headers);
  const char *range = soup_message_headers_get_one (headers, "Range");
  gboolean body = encoding != SOUP_ENCODING_NONE && length > 0;
  gboolean known = FALSE;
  gsize max = max_body_of (server->shared, path, over_tls (msg), &known);

  if (range != NULL && strchr (range, ',') != NULL)
    soup_message_headers_remove (headers, "Range");

  /* The head is in: the body has a deadline of its own, by its length. */
  if (connection != NULL)
    heard (connection);
  if (connection != NULL && connection->timeout != NULL)
    connection_deadline (connection, BODY_TIMEOUT + (body ? (guint) (length / BODY_RATE) : 0));

  if (connection != NULL &&
      ((encoding != SOUP_ENCODING_NONE && encoding != SOUP_ENCODING_CONTENT_LENGTH) ||
       (body && ((guint64) length > max || !known))))
    strike (server, connection->address);
  if (encoding != SOUP_ENCODING_NONE && encoding != SOUP_ENCODING_CONTENT_LENGTH)
    refuse_unread (msg, "411 Length Required");
  else if (body && (guint64) length > max)
    refuse_unread (msg, "413 Payload Too Large");
  /* A wrong key is the one 404 before its body is read: a stranger's body takes no time and
   * no memory. */
  else if (body && !known)
    refuse_unread (msg, "404 Not Found");
  else if (body && length > LARGE_BODY && server->n_large >= MAX_LARGE_BODIES)
    refuse_unread (msg, "503 Service Unavailable");
  else if (body && length > LARGE_BODY && connection != NULL)
    {
      connection->large = TRUE;
      server->n_large++;
      if (!route_serves (server->shared, msg, path, TRUE))
        read_into_one_buffer (msg, (gsize) length);
    }
  /* libsoup's own "got-headers" handler, which runs before this one, answers 400 to a path
   * whose %XX decoding makes a new ".." segment or a NUL ("%2e%2e%2f", "%00"): such a path
   * is a wrong one like any other and gets the one 404. */
  else if (soup_server_message_get_status (msg) == SOUP_STATUS_BAD_REQUEST)
    not_found (msg);
  else if (body && !route_serves (server->shared, msg, path, TRUE))
    read_into_one_buffer (msg, (gsize) length);
}

/* The connections: accepted here, not by libsoup's listener, which stops accepting for good
 * at the first failed accept (a client gone before it, the process out of descriptors), and
 * handed to libsoup one by one. An answer closes its connection ("Connection: close") unless
 * its route keeps it (adm_portal_keep_connection (): a table's authenticated requests over
 * TLS): libsoup 3.2 keeps no connection open without a listener of its own, and never reads
 * the end of a kept-alive connection its client closed, which would then stay open for ever.
 * So a kept connection is taken back from libsoup once its answer is written, waits for its
 * next request here, at most KEEP_IDLE seconds (not a strike: a table between two messages),
 * and is handed to libsoup again, as a new one, when it comes; it stays one of its address's
 * connections all along, and is the first closed when a connection waits for a slot. At most
 * max_connections are open, MAX_PER_ADDRESS of them from one
 * address (one more from it is closed at once, and the master told once that it floods the
 * portal); a request whose head is not read within HEAD_TIMEOUT, or its body within its own
 * deadline, is dropped with its connection — and sooner, when connections without their heads
 * crowd the slots, if it is slow (HEAD_GRACE). */

static void accept_resume (Server *server);

/* Server thread: what the large bodies read took is given back to the system once none is
 * left (glibc keeps freed memory for later otherwise, and a few of them leave hundreds of
 * MB). */
static gboolean
trim_cb (gpointer data)
{
  Server *server = data;

  g_clear_pointer (&server->trim, g_source_unref);
  if (server->n_large == 0)
    {
#if HAVE_MALLOC_TRIM
      malloc_trim (0);
#endif
    }
  return G_SOURCE_REMOVE;
}

/* Server thread: @connection is no longer kept idle: its next request came, or it is
 * closing. */
static void
unkept (Connection *connection)
{
  if (connection->kept.data == NULL)
    return;
  g_queue_unlink (&connection->server->kept, &connection->kept);
  connection->kept.data = NULL;
  g_source_destroy (connection->idle);
  g_clear_pointer (&connection->idle, g_source_unref);
}

static void
connection_free (gpointer data)
{
  Connection *connection = data;
  Server *server = connection->server;
  gboolean kept = connection->kept.data != NULL;

  heard (connection);
  unkept (connection);
  if (connection->timeout != NULL)
    {
      g_source_destroy (connection->timeout);
      g_source_unref (connection->timeout);
    }
  if (connection->address != NULL)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (server->per_address,
                                                       connection->address));

      if (n <= 1)
        g_hash_table_remove (server->per_address, connection->address);
      else
        g_hash_table_insert (server->per_address, g_strdup (connection->address),
                             GUINT_TO_POINTER (n - 1));
    }
  if (connection->large)
    server->n_large--;
  if (connection->sniff != NULL)
    {
      g_source_destroy (connection->sniff);
      g_source_unref (connection->sniff);
    }
  if (connection->handshake != NULL)
    {
      g_socket_shutdown (connection->socket, TRUE, TRUE, NULL);
      g_cancellable_cancel (connection->handshake);
      g_object_unref (connection->handshake);
    }
  /* Closed here only while its first byte was awaited, or while it is kept idle: libsoup has
   * it otherwise. */
  if (connection->socket != NULL && !connection->tls)
    g_socket_close (connection->socket, NULL);
  if (kept)
    {
      g_socket_shutdown (connection->socket, TRUE, TRUE, NULL);
      g_io_stream_close (connection->stream, NULL, NULL);
    }
  g_clear_object (&connection->stream);
  g_clear_object (&connection->socket);
  g_free (connection->address);
  g_free (connection);
}

/* Server thread: its request is read — handled from now on, and answered. */
static void
got_body_cb (SoupServerMessage *msg,
             gpointer           data)
{
  Connection *connection = data;

  if (connection->timeout != NULL)
    {
      g_source_destroy (connection->timeout);
      g_clear_pointer (&connection->timeout, g_source_unref);
    }
}

/* Server thread: @msg, @connection's request, is no longer followed: its body, if it was a
 * large one, is freed with it, after this, and its memory given back when idle. */
static void
request_done (Connection        *connection,
              SoupServerMessage *msg)
{
  Server *server = connection->server;

  g_signal_handlers_disconnect_by_data (msg, connection);
  /* Per-request state on libsoup's message, which has no field of ours. */
  g_object_set_data (G_OBJECT (msg), "adm-portal-connection", NULL);
  connection->msg = NULL;
  if (connection->large && server->trim == NULL && server->context != NULL)
    {
      server->trim = g_timeout_source_new (100);
      g_source_set_callback (server->trim, trim_cb, server, NULL);
      g_source_attach (server->trim, server->context);
    }
}

/* Server thread: libsoup closed it (answered, or the client went), or it was taken away. */
static void
disconnected_cb (SoupServerMessage *msg,
                 gpointer           data)
{
  Connection *connection = data;
  Server *server = connection->server;

  request_done (connection, msg);
  g_hash_table_remove (server->connections, connection);
  accept_resume (server);
}

static void hand_to_soup (Server     *server,
                          Connection *connection,
                          GIOStream  *stream);

/* Server thread: the next request of a connection kept idle has come (or the client closed
 * it, which libsoup then reads): handed to libsoup again, as a new connection. */
static gboolean
kept_ready_cb (GObject  *stream,
               gpointer  data)
{
  Connection *connection = data;
  Server *server = connection->server;

  /* The portal stopping: libsoup is gone, and the connection closes with the others. */
  if (server->soup == NULL)
    {
      g_hash_table_remove (server->connections, connection);
      return G_SOURCE_REMOVE;
    }
  unkept (connection);
  if (connection->timeout != NULL)
    {
      g_source_destroy (connection->timeout);
      g_clear_pointer (&connection->timeout, g_source_unref);
    }
  /* libsoup may read the end of it at once, @connection then freed. */
  hand_to_soup (server, connection, connection->stream);
  accept_resume (server);
  return G_SOURCE_REMOVE;
}

/* Server thread: a connection kept idle for its deadline is closed: not a strike, a table
 * that has nothing more to send. */
static gboolean
kept_timeout_cb (gpointer data)
{
  Connection *connection = data;
  Server *server = connection->server;

  g_clear_pointer (&connection->timeout, g_source_unref);
  g_hash_table_remove (server->connections, connection);
  accept_resume (server);
  return G_SOURCE_REMOVE;
}

/* Server thread: the answer to @msg is written whole; a connection its route keeps is taken
 * back from libsoup (which would close it) and waits here for its next request. */
static void
wrote_body_cb (SoupServerMessage *msg,
               gpointer           data)
{
  Connection *connection = data;
  Server *server = connection->server;
  SoupMessageHeaders *request = soup_server_message_get_request_headers (msg);
  SoupMessageHeaders *response = soup_server_message_get_response_headers (msg);
  g_autoptr(GIOStream) soup_stream = NULL;
  GInputStream *input;

  /* libsoup says "Connection: close" itself when it answered before reading the body. */
  if (!connection->keep || connection->stream == NULL ||
      soup_server_message_get_http_version (msg) != SOUP_HTTP_1_1 ||
      soup_message_headers_header_contains (request, "Connection", "close") ||
      soup_message_headers_header_contains (response, "Connection", "close"))
    return;
  connection->keep = FALSE;
  request_done (connection, msg);
  if (connection->large)
    {
      connection->large = FALSE;
      server->n_large--;
    }
  /* libsoup's own stream around the TLS connection, which closing it leaves open. */
  soup_stream = soup_server_message_steal_connection (msg);
  input = g_io_stream_get_input_stream (connection->stream);
  connection->kept.data = connection;
  g_queue_push_tail_link (&server->kept, &connection->kept);
  connection->idle = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (input),
                                                            NULL);
  g_source_set_callback (connection->idle, G_SOURCE_FUNC (kept_ready_cb), connection, NULL);
  g_source_attach (connection->idle, server->context);
  if (connection->timeout != NULL)
    {
      g_source_destroy (connection->timeout);
      g_source_unref (connection->timeout);
    }
  connection->timeout = g_timeout_source_new (server->keep_idle_ms);
  g_source_set_callback (connection->timeout, kept_timeout_cb, connection, NULL);
  g_source_attach (connection->timeout, server->context);
}

void
adm_portal_keep_connection (SoupServerMessage *msg)
{
  Connection *connection;

  g_return_if_fail (SOUP_IS_SERVER_MESSAGE (msg));

  connection = g_object_get_data (G_OBJECT (msg), "adm-portal-connection");
  if (connection == NULL || !connection->tls || connection->stream == NULL)
    return;
  connection->keep = TRUE;
  soup_message_headers_remove (soup_server_message_get_response_headers (msg), "Connection");
}

/* Server thread: @connection closed unanswered, its request unread, whatever it was doing:
 * awaiting its first byte, in its TLS handshake, or in libsoup's hands. */
static void
close_unread (Connection *connection)
{
  g_autoptr(SoupServerMessage) msg = NULL;
  g_autoptr(GIOStream) stream = NULL;

  heard (connection);
  if (connection->msg == NULL)
    {
      /* Its socket closed, its handshake cancelled (connection_free ()). */
      g_hash_table_remove (connection->server->connections, connection);
      return;
    }
  msg = g_object_ref (connection->msg);
  /* A TLS connection's socket is shut down first: a handshake under way (on a thread of
   * glib-networking's) ends at once, and the closing below does not wait for it. */
  if (connection->tls && connection->socket != NULL)
    g_socket_shutdown (connection->socket, TRUE, TRUE, NULL);
  /* Taking the connection from libsoup emits "disconnected": @connection is freed. */
  stream = soup_server_message_steal_connection (msg);
  if (stream != NULL)
    g_io_stream_close (stream, NULL, NULL);
}

/* Server thread: the request was not read in time; its connection is closed unanswered. */
static gboolean
request_timeout_cb (gpointer data)
{
  Connection *connection = data;

  g_clear_pointer (&connection->timeout, g_source_unref);
  strike (connection->server, connection->address);
  close_unread (connection);
  return G_SOURCE_REMOVE;
}

static void
request_started_cb (SoupServer        *soup,
                    SoupServerMessage *msg,
                    gpointer           user_data)
{
  Server *server = user_data;
  Connection *connection = g_steal_pointer (&server->accepted);

  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection",
                                "close");
  g_signal_connect (msg, "got-headers", G_CALLBACK (got_headers_cb), server);
  if (connection == NULL)
    return;
  connection->msg = msg;
  /* Per-request state on libsoup's message, which has no field of ours. */
  g_object_set_data (G_OBJECT (msg), "adm-portal-connection", connection);
  connection_deadline (connection, HEAD_TIMEOUT);
  g_signal_connect (msg, "got-body", G_CALLBACK (got_body_cb), connection);
  g_signal_connect (msg, "wrote-body", G_CALLBACK (wrote_body_cb), connection);
  g_signal_connect (msg, "disconnected", G_CALLBACK (disconnected_cb), connection);
}

static void server_failed (Server     *server,
                           const char *message);

typedef struct {
  Shared *shared;
  Server *server;   /* compared, never followed */
  char   *address;
  guint   n_addresses;  /* 0: @address floods; else slow connections from so many crowd */
} Flood;

/* Main thread: the master told that @address floods the portal, or that slow connections
 * from many devices crowd it. */
static gboolean
flooding_cb (gpointer data)
{
  Flood *flood = data;
  g_autoptr(AdmPortal) portal = g_weak_ref_get (&flood->shared->portal);

  if (portal != NULL && portal->server == flood->server && flood->n_addresses > 0)
    _adm_portal_warn_crowded (portal, flood->n_addresses, flood->address);
  else if (portal != NULL && portal->server == flood->server)
    _adm_portal_warn_flooding (portal, flood->address);
  _adm_portal_shared_unref (flood->shared);
  g_free (flood->address);
  g_free (flood);
  return G_SOURCE_REMOVE;
}

/* Server thread: one more connection from @address than it may have, or too many of its
 * requests refused (strike ()); the master is told, the first time while the portal
 * listens. */
static void
flooding (Server     *server,
          const char *address)
{
  Flood *flood;

  if (g_hash_table_contains (server->flooding, address))
    return;
  g_hash_table_add (server->flooding, g_strdup (address));
  flood = g_new0 (Flood, 1);
  flood->shared = _adm_portal_shared_ref (server->shared);
  flood->server = server;
  flood->address = g_strdup (address);
  adm_handover_send (server->shared->owner, flooding_cb, flood, NULL);
}

/* Server thread: the connections without their heads fill their share, and one more waits
 * (from @address): the master is told, the first time while the portal listens, from how
 * many devices they came. */
static void
crowded (Server     *server,
         const char *address)
{
  g_autoptr(GHashTable) addresses = NULL;
  Connection *oldest = g_queue_peek_head (&server->unheard);
  Flood *flood;

  if (server->crowded || oldest == NULL)
    return;
  server->crowded = TRUE;
  addresses = g_hash_table_new (g_str_hash, g_str_equal);
  for (GList *l = server->unheard.head; l != NULL; l = l->next)
    g_hash_table_add (addresses, ((Connection *) l->data)->address);
  g_hash_table_add (addresses, (gpointer) address);
  flood = g_new0 (Flood, 1);
  flood->shared = _adm_portal_shared_ref (server->shared);
  flood->server = server;
  flood->address = g_strdup (oldest->address);
  flood->n_addresses = g_hash_table_size (addresses);
  adm_handover_send (server->shared->owner, flooding_cb, flood, NULL);
}

/* Server thread: hands @stream, @connection's, to libsoup. */
static void
hand_to_soup (Server     *server,
              Connection *connection,
              GIOStream  *stream)
{
  g_autoptr(GSocketAddress) local = g_socket_get_local_address (connection->socket, NULL);
  g_autoptr(GSocketAddress) remote = g_socket_get_remote_address (connection->socket, NULL);

  if (local == NULL || remote == NULL)
    {
      g_hash_table_remove (server->connections, connection);
      return;
    }
  if (!connection->tls)
    g_clear_object (&connection->socket);
  server->accepted = connection;
  soup_server_accept_iostream (server->soup, stream, local, remote, NULL);
  /* libsoup 3.2 starts the connection's first request at once ("request-started"). */
  if (server->accepted != NULL)
    {
      server->accepted = NULL;
      g_hash_table_remove (server->connections, connection);
      g_io_stream_close (stream, NULL, NULL);
    }
}

/* Server thread: the TLS handshake of a connection is done, or failed, or was cancelled with
 * its connection (then gone: nothing of it is read). */
static void
handshake_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Connection *connection = data;
  g_autoptr(GError) error = NULL;
  Server *server;

  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  server = connection->server;
  g_clear_object (&connection->handshake);
  if (error != NULL)
    {
      g_socket_close (connection->socket, NULL);
      g_hash_table_remove (server->connections, connection);
    }
  else
    {
      if (connection->timeout != NULL)
        {
          g_source_destroy (connection->timeout);
          g_clear_pointer (&connection->timeout, g_source_unref);
        }
      hand_to_soup (server, connection, G_IO_STREAM (source));
    }
  accept_resume (server);
}

/* Server thread: a connection whose handshake did not end before its deadline: its socket
 * shut down, which ends the handshake (handshake_cb () then drops the connection). */
static gboolean
handshake_timeout_cb (gpointer data)
{
  Connection *connection = data;

  g_clear_pointer (&connection->timeout, g_source_unref);
  g_socket_shutdown (connection->socket, TRUE, TRUE, NULL);
  return G_SOURCE_REMOVE;
}

/* Server thread: hands @connection's socket to libsoup — in plain HTTP at once, over TLS once
 * its handshake is made (within the deadline of a request's head). */
static void
hand_over (Server     *server,
           Connection *connection,
           gboolean    tls)
{
  g_autoptr(GSocketConnection) base =
    g_socket_connection_factory_create_connection (connection->socket);
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GIOStream) stream = NULL;

  if (connection->timeout != NULL)
    {
      g_source_destroy (connection->timeout);
      g_clear_pointer (&connection->timeout, g_source_unref);
    }
  if (!tls)
    {
      hand_to_soup (server, connection, G_IO_STREAM (base));
      return;
    }
  g_mutex_lock (&server->shared->lock);
  g_set_object (&certificate, server->shared->certificate);
  g_mutex_unlock (&server->shared->lock);
  if (certificate != NULL)
    stream = G_IO_STREAM (g_tls_server_connection_new (G_IO_STREAM (base), certificate, NULL));
  if (stream == NULL)
    {
      g_hash_table_remove (server->connections, connection);
      return;
    }
  g_object_set (stream, "require-close-notify", FALSE, NULL);
  connection->tls = TRUE;
  connection->stream = g_object_ref (stream);
  connection->handshake = g_cancellable_new ();
  connection->timeout = g_timeout_source_new_seconds (HEAD_TIMEOUT);
  g_source_set_callback (connection->timeout, handshake_timeout_cb, connection, NULL);
  g_source_attach (connection->timeout, server->context);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (stream), G_PRIORITY_DEFAULT,
                                    connection->handshake, handshake_cb, connection);
}

typedef enum {
  SENT_NOTHING,
  SENT_PART,
  SENT_HEAD,   /* a whole head, or a whole TLS record (a handshake's first) */
} Sent;

/* Server thread: what @socket, just accepted, has sent already, unread. */
static Sent
sent_already (GSocket *socket)
{
  g_autofree char *bytes = g_malloc (HEAD_PEEK);
  gssize n = recv (g_socket_get_fd (socket), bytes, HEAD_PEEK, MSG_PEEK | MSG_DONTWAIT);

  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
    return SENT_NOTHING;
  if (n <= 0)
    return SENT_PART;
  /* 22: a TLS handshake record, of its 5 bytes' header and the length they say. */
  if (bytes[0] == 22)
    return n >= 5 && n >= 5 + (((guint8) bytes[3] << 8) | (guint8) bytes[4]) ? SENT_HEAD
                                                                            : SENT_PART;
  return memmem (bytes, (gsize) n, "\r\n\r\n", 4) != NULL ? SENT_HEAD : SENT_PART;
}

static gboolean sniff_cb (GSocket      *socket,
                          GIOCondition  condition,
                          gpointer      data);

/* Server thread: @connection's first bytes awaited. */
static void
sniff_watch (Connection *connection)
{
  connection->sniff = g_socket_create_source (connection->socket, G_IO_IN | G_IO_HUP | G_IO_ERR,
                                              NULL);
  g_source_set_callback (connection->sniff, G_SOURCE_FUNC (sniff_cb), connection, NULL);
  g_source_attach (connection->sniff, connection->server->context);
}

static gboolean
sniff_again_cb (gpointer data)
{
  Connection *connection = data;

  g_clear_pointer (&connection->sniff, g_source_unref);
  sniff_watch (connection);
  return G_SOURCE_REMOVE;
}

/* Server thread: @connection's first byte is in (or it closed): a TLS handshake's record
 * (22) is served over TLS, anything else in plain HTTP. */
static gboolean
sniff_cb (GSocket      *socket,
          GIOCondition  condition,
          gpointer      data)
{
  Connection *connection = data;
  Server *server = connection->server;
  guint8 first = 0;
  gssize n = recv (g_socket_get_fd (socket), &first, 1, MSG_PEEK | MSG_DONTWAIT);

  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&connection->sniff, g_source_unref);
  /* A TLS handshake is taken up only once its first record is whole: making a TLS connection
   * costs the server's thread tens of ms, which a device that sends a few bytes and stops
   * does not get. Looked at again in a while, not at every byte. */
  if (n > 0 && first == 22 && sent_already (socket) != SENT_HEAD)
    {
      connection->sniff = g_timeout_source_new (SNIFF_AGAIN_MS);
      g_source_set_callback (connection->sniff, sniff_again_cb, connection, NULL);
      g_source_attach (connection->sniff, server->context);
      return G_SOURCE_REMOVE;
    }
  if (n <= 0)
    g_hash_table_remove (server->connections, connection);
  else
    hand_over (server, connection, first == 22);
  accept_resume (server);
  return G_SOURCE_REMOVE;
}

/* Server thread: nothing came on @connection before its deadline: closed unread. */
static gboolean
sniff_timeout_cb (gpointer data)
{
  Connection *connection = data;
  Server *server = connection->server;

  g_clear_pointer (&connection->timeout, g_source_unref);
  strike (server, connection->address);
  g_hash_table_remove (server->connections, connection);
  accept_resume (server);
  return G_SOURCE_REMOVE;
}

/* Server thread: hands @socket, just accepted, to libsoup — at once while the portal speaks
 * plain HTTP alone, else once its first byte says whether it opens with a TLS handshake.
 * With @crowded (the connections without their heads have their share of the slots), it is
 * kept only if it sent its whole head already, or nothing yet (then slow soon). */
static void
accept_one (Server   *server,
            GSocket  *socket,
            gboolean  crowded_now)
{
  g_autoptr(GSocketAddress) remote = g_socket_get_remote_address (socket, NULL);
  g_autofree char *address = NULL;
  Connection *connection;
  gint64 now = g_get_monotonic_time ();
  gint64 grace = HEAD_GRACE * G_USEC_PER_SEC;
  gboolean tls;
  guint n;

  if (remote != NULL && G_IS_INET_SOCKET_ADDRESS (remote))
    address = g_inet_address_to_string (
      g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
  else
    address = g_strdup ("");
  n = GPOINTER_TO_UINT (g_hash_table_lookup (server->per_address, address));
  if (n >= MAX_PER_ADDRESS)
    {
      g_socket_close (socket, NULL);
      flooding (server, address);
      return;
    }
  if (crowded_now)
    {
      Sent sent = sent_already (socket);

      crowded (server, address);
      if (sent == SENT_PART)
        {
          g_socket_close (socket, NULL);
          return;
        }
      if (sent == SENT_NOTHING)
        grace = PROBATION_MS * 1000;
    }
  g_hash_table_insert (server->per_address, g_strdup (address), GUINT_TO_POINTER (n + 1));
  g_atomic_int_inc (&server->shared->n_accepted);
  connection = g_new0 (Connection, 1);
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, TRUE, NULL);
  connection->server = server;
  connection->address = g_steal_pointer (&address);
  connection->socket = g_object_ref (socket);
  connection->slow_at = now + grace;
  connection->unheard.data = connection;
  g_queue_push_tail_link (&server->unheard, &connection->unheard);
  g_hash_table_add (server->connections, connection);
  g_mutex_lock (&server->shared->lock);
  tls = server->shared->certificate != NULL;
  g_mutex_unlock (&server->shared->lock);
  if (!tls)
    {
      hand_over (server, connection, FALSE);
      return;
    }
  sniff_watch (connection);
  connection->timeout = g_timeout_source_new_seconds (HEAD_TIMEOUT);
  g_source_set_callback (connection->timeout, sniff_timeout_cb, connection, NULL);
  g_source_attach (connection->timeout, server->context);
}

static gboolean
accept_retry_cb (gpointer data)
{
  Server *server = data;

  g_clear_pointer (&server->retry, g_source_unref);
  accept_resume (server);
  return G_SOURCE_REMOVE;
}

/* Server thread: the connections without their heads have their share of the slots. */
static gboolean
crowded_with_unheard (Server *server)
{
  return server->unheard.length >= server->max_unheard;
}

static gboolean
room_cb (gpointer data)
{
  Server *server = data;

  g_clear_pointer (&server->room, g_source_unref);
  accept_resume (server);
  return G_SOURCE_REMOVE;
}

/* Server thread: the connection without its head that turned slow first, if one has; else
 * NULL, and, while some wait for their heads, accepting is tried again when the first of
 * them turns slow. */
static Connection *
slowest (Server *server)
{
  gint64 now = g_get_monotonic_time ();
  Connection *first = NULL;

  for (GList *l = server->unheard.head; l != NULL; l = l->next)
    {
      Connection *connection = l->data;

      if (first == NULL || connection->slow_at < first->slow_at)
        first = connection;
    }
  if (first == NULL || first->slow_at <= now)
    return first;
  if (server->room == NULL && server->context != NULL)
    {
      server->room = g_timeout_source_new ((guint) ((first->slow_at - now) / 1000) + 1);
      g_source_set_callback (server->room, room_cb, server, NULL);
      g_source_attach (server->room, server->context);
    }
  return NULL;
}

/* Server thread: whether a connection that waits may be taken now: a slot is free, or a
 * slow connection without its head is closed for it. */
static gboolean
may_accept (Server *server)
{
  return g_hash_table_size (server->connections) < server->max_connections ||
         server->kept.length > 0 || slowest (server) != NULL;
}

static void
accept_pause (Server *server)
{
  if (server->accepting == NULL)
    return;
  g_source_destroy (server->accepting);
  g_clear_pointer (&server->accepting, g_source_unref);
}

/* Server thread: the connections waiting, as many as may be open. */
static gboolean
accept_cb (GSocket      *listening,
           GIOCondition  condition,
           gpointer      data)
{
  Server *server = data;

  while (may_accept (server))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSocket) socket = NULL;
      Connection *slow = NULL;

      if (crowded_with_unheard (server) ||
          g_hash_table_size (server->connections) >= server->max_connections)
        {
          /* Room is made only for a connection that waits. */
          if (!(g_socket_condition_check (listening, G_IO_IN) & G_IO_IN))
            return G_SOURCE_CONTINUE;
          /* The slow one closed for it unanswered: not a strike of its address, as each
           * device had no more than its share. */
          if ((slow = slowest (server)) != NULL)
            {
              crowded (server, slow->address);
              close_unread (slow);
              continue;
            }
          /* Else the connection kept idle longest, which its client opens again if it needs
           * one. */
          if (server->kept.length > 0 &&
              g_hash_table_size (server->connections) >= server->max_connections)
            {
              g_hash_table_remove (server->connections, g_queue_peek_head (&server->kept));
              continue;
            }
        }
      socket = g_socket_accept (listening, NULL, &error);

      if (socket != NULL)
        {
          accept_one (server, socket, crowded_with_unheard (server));
          continue;
        }
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return G_SOURCE_CONTINUE;
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_OPEN_FILES))
        {
          /* The process is out of descriptors: the portal gives way before the campaign's
           * saves do. */
          server_failed (server, error->message);
          return G_SOURCE_CONTINUE;
        }
      /* A client gone before it was accepted, or the like: tried again in a while. */
      accept_pause (server);
      if (server->retry == NULL)
        {
          server->retry = g_timeout_source_new_seconds (ACCEPT_RETRY);
          g_source_set_callback (server->retry, accept_retry_cb, server, NULL);
          g_source_attach (server->retry, server->context);
        }
      return G_SOURCE_CONTINUE;
    }
  /* As many open as may be: the rest wait in the backlog until one closes, or a slow one is
   * closed for them. */
  accept_pause (server);
  return G_SOURCE_CONTINUE;
}

/* Server thread: accepting again, unless it is already, waits a retry, or may not. */
static void
accept_resume (Server *server)
{
  if (server->accepting != NULL || server->retry != NULL || server->failed ||
      server->soup == NULL || !may_accept (server))
    return;
  server->accepting = g_socket_create_source (server->socket, G_IO_IN, NULL);
  g_source_set_callback (server->accepting, G_SOURCE_FUNC (accept_cb), server, NULL);
  g_source_attach (server->accepting, server->context);
}

typedef struct {
  Shared *shared;
  Server *server;   /* compared, never followed: the server that failed */
  char   *message;
} Failure;

/* Main thread: the portal whose server ran out of descriptors stops, and says why. */
static gboolean
failed_cb (gpointer data)
{
  Failure *failure = data;
  g_autoptr(AdmPortal) portal = g_weak_ref_get (&failure->shared->portal);

  if (portal != NULL && portal->server == failure->server)
    _adm_portal_fail (portal, failure->message);
  _adm_portal_shared_unref (failure->shared);
  g_free (failure->message);
  g_free (failure);
  return G_SOURCE_REMOVE;
}

/* Server thread: accepts no more, and asks the main thread to stop the portal. */
static void
server_failed (Server     *server,
               const char *message)
{
  Failure *failure;

  accept_pause (server);
  if (server->failed)
    return;
  server->failed = TRUE;
  failure = g_new0 (Failure, 1);
  failure->shared = _adm_portal_shared_ref (server->shared);
  failure->server = server;
  failure->message = g_strdup (message);
  adm_handover_send (server->shared->owner, failed_cb, failure, NULL);
}

/* The most connections open at once: MAX_CONNECTIONS, and no more than a quarter of the
 * process's limit on open files. */
static guint
max_connections (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      limit.rlim_cur / 4 < MAX_CONNECTIONS)
    return (guint) MAX (limit.rlim_cur / 4, 1);
  return MAX_CONNECTIONS;
}

/* The server thread */

static gboolean
server_ready_cb (gpointer data)
{
  Server *server = data;

  g_mutex_lock (&server->ready_lock);
  server->ready = TRUE;
  g_cond_signal (&server->ready_cond);
  g_mutex_unlock (&server->ready_lock);
  return G_SOURCE_REMOVE;
}

/* Serves on its own context until adm_portal_stop () quits its loop: only the sockets' own
 * readiness and the requests' deadlines wake it (no polling). */
static gpointer
server_thread (gpointer data)
{
  Server *server = data;

  g_main_context_push_thread_default (server->context);
  server->soup = soup_server_new ("server-header", "Admiralty", NULL);
  soup_server_add_handler (server->soup, NULL, handle_cb, server, NULL);
  g_signal_connect (server->soup, "request-started", G_CALLBACK (request_started_cb), server);
  g_socket_set_blocking (server->socket, FALSE);
  accept_resume (server);
  /* Ready once the loop runs: a stop from then on ends it. */
  {
    GSource *source = g_idle_source_new ();

    g_source_set_callback (source, server_ready_cb, server, NULL);
    g_source_attach (source, server->context);
    g_source_unref (source);
  }
  g_main_loop_run (server->loop);

  /* Stopping: the requests still waiting for the main thread are dropped with their
   * connections, which close before the thread ends. */
  g_hash_table_remove_all (server->waiting);
  accept_pause (server);
  if (server->retry != NULL)
    {
      g_source_destroy (server->retry);
      g_clear_pointer (&server->retry, g_source_unref);
    }
  soup_server_disconnect (server->soup);
  g_clear_object (&server->soup);
  if (server->room != NULL)
    {
      g_source_destroy (server->room);
      g_clear_pointer (&server->room, g_source_unref);
    }
  while (g_main_context_iteration (server->context, FALSE))
    ;
  if (server->trim != NULL)
    {
      g_source_destroy (server->trim);
      g_clear_pointer (&server->trim, g_source_unref);
    }
  g_socket_close (server->socket, NULL);
  g_main_context_pop_thread_default (server->context);
  return NULL;
}

static void
server_free (Server *server)
{
  g_clear_object (&server->socket);
  g_hash_table_unref (server->waiting);
  g_hash_table_unref (server->connections);
  g_hash_table_unref (server->per_address);
  g_hash_table_unref (server->flooding);
  g_hash_table_unref (server->strikes);
  g_main_loop_unref (server->loop);
  g_main_context_unref (server->context);
  g_mutex_clear (&server->ready_lock);
  g_cond_clear (&server->ready_cond);
  _adm_portal_shared_unref (server->shared);
  g_free (server);
}

/* Serves what @socket, listening, accepts, on a thread of its own. */
Server *
_adm_portal_server_start (Shared   *shared,
                          GSocket  *socket)
{
  Server *server = g_new0 (Server, 1);

  server->shared = _adm_portal_shared_ref (shared);
  server->context = g_main_context_new ();
  server->loop = g_main_loop_new (server->context, FALSE);
  server->socket = g_object_ref (socket);
  server->waiting = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify) g_ptr_array_unref);
  server->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  server->flooding = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  server->strikes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  server->connections = g_hash_table_new_full (NULL, NULL, connection_free, NULL);
  server->max_connections = max_connections ();
  /* A quarter of the slots for the heads read, the admirals' and tables' requests answered. */
  server->max_unheard = MAX (server->max_connections - server->max_connections / 4, 1);
  g_queue_init (&server->unheard);
  g_queue_init (&server->kept);
  server->keep_idle_ms = KEEP_IDLE * 1000;
  if (g_getenv ("ADMIRALTY_TEST_KEEP_IDLE_MS") != NULL)
    server->keep_idle_ms = (guint) g_ascii_strtoull (g_getenv ("ADMIRALTY_TEST_KEEP_IDLE_MS"),
                                                     NULL, 10);
  g_mutex_init (&server->ready_lock);
  g_cond_init (&server->ready_cond);
  server->thread = g_thread_new ("adm-portal", server_thread, server);
  g_mutex_lock (&server->ready_lock);
  while (!server->ready)
    g_cond_wait (&server->ready_cond, &server->ready_lock);
  g_mutex_unlock (&server->ready_lock);
  return server;
}

void
_adm_portal_server_stop (Server *server)
{
  g_main_loop_quit (server->loop);
  g_thread_join (server->thread);
  server_free (server);
}

/* Listens with a backlog for a room of phones: GSocket's default of 10 pending connections
 * makes the eleventh of a burst wait a second for its SYN to be sent again. */
#define BACKLOG 256

GSocket *
_adm_portal_listen_on (GSocketAddress  *address,
                       GError         **error)
{
  g_autoptr(GSocket) socket = g_socket_new (g_socket_address_get_family (address),
                                            G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, error);

  if (socket == NULL)
    return NULL;
  g_socket_set_listen_backlog (socket, BACKLOG);
  if (!g_socket_bind (socket, address, TRUE, error) || !g_socket_listen (socket, error))
    return NULL;
  return g_steal_pointer (&socket);
}

/* The port @socket listens on (port 0 asks the system for one). */
guint
_adm_portal_bound_port (GSocket *socket,
                        guint    asked)
{
  g_autoptr(GSocketAddress) local = g_socket_get_local_address (socket, NULL);

  if (local != NULL && G_IS_INET_SOCKET_ADDRESS (local))
    return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
  return asked;
}
