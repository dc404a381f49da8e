/* SPDX-License-Identifier: GPL-3.0-or-later */
/* portal-helpers.c: see portal-helpers.h. */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "portal-helpers.h"
#include "adm-campaign.h"

void
portal_start_loopback (AdmPortal *portal)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_portal_get_running (portal));
  g_assert_true (adm_portal_start (portal, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_true (adm_portal_get_running (portal));
  g_assert_cmpuint (adm_portal_get_port (portal), >, 0);
}

AdmPortal *
portal_serve_loopback (AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  AdmPortal *portal = adm_portal_new (campaign, &error);

  g_assert_no_error (error);
  portal_start_loopback (portal);
  return portal;
}

char *
portal_loopback_link (char *link)
{
  g_assert_nonnull (link);
  g_assert_true (g_str_has_prefix (link, "http://127.0.0.1:") ||
                 g_str_has_prefix (link, "https://127.0.0.1:"));
  return link;
}

static gboolean
accept_any_cb (SoupMessage          *msg,
               GTlsCertificate      *certificate,
               GTlsCertificateFlags  errors,
               gpointer              data)
{
  return TRUE;
}

static char *
fingerprint_of (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;

  g_object_get (certificate, "certificate", &der, NULL);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
}

gpointer
portal_request_thread (gpointer data)
{
  PortalRequest *request = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(SoupSession) session = NULL;
  g_autoptr(SoupMessage) msg = NULL;
  g_autoptr(GError) error = NULL;

  g_main_context_push_thread_default (context);
  session = soup_session_new ();
  soup_session_set_proxy_resolver (session, NULL);
  msg = soup_message_new (request->method, request->url);
  g_assert_nonnull (msg);
  g_signal_connect (msg, "accept-certificate", G_CALLBACK (accept_any_cb), NULL);
  if (request->no_redirect)
    soup_message_add_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  if (request->language != NULL)
    soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept-Language",
                                  request->language);
  if (request->body != NULL)
    soup_message_set_request_body_from_bytes (msg, request->content_type, request->body);
  request->response = soup_session_send_and_read (session, msg, NULL, &error);
  g_assert_no_error (error);
  request->status = soup_message_get_status (msg);
  if (soup_message_get_tls_peer_certificate (msg) != NULL)
    request->peer = fingerprint_of (soup_message_get_tls_peer_certificate (msg));
  request->headers = soup_message_headers_ref (soup_message_get_response_headers (msg));
  g_clear_object (&msg);
  g_clear_object (&session);
  g_main_context_pop_thread_default (context);
  g_atomic_int_set (&request->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

void
portal_request_run (PortalRequest *request)
{
  GThread *thread = g_thread_new ("client", portal_request_thread, request);

  while (!g_atomic_int_get (&request->done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
}

char *
portal_request_text (PortalRequest *request)
{
  gsize size;
  const char *data = g_bytes_get_data (request->response, &size);

  return g_strndup (data, size);
}

void
portal_request_clear (PortalRequest *request)
{
  g_clear_pointer (&request->response, g_bytes_unref);
  g_clear_pointer (&request->headers, soup_message_headers_unref);
  g_clear_pointer (&request->peer, g_free);
}

char *
portal_request_fetch (PortalRequest *request,
                      guint         *status)
{
  char *text;

  portal_request_run (request);
  *status = request->status;
  text = portal_request_text (request);
  portal_request_clear (request);
  return text;
}

/* The phones */

static char *
phone_ask (const char *method,
           const char *url,
           const char *type,
           const char *body,
           guint      *status)
{
  g_autoptr(GBytes) bytes = body != NULL ? g_bytes_new (body, strlen (body)) : NULL;
  PortalRequest request = { .method = method, .url = url, .content_type = type,
                            .body = bytes };

  return portal_request_fetch (&request, status);
}

JsonObject *
portal_tap_phase (const char  *page,
                  char       **text)
{
  g_autofree char *url = g_strconcat (page, "dice.json", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonArray *phases;
  guint status;

  g_autoptr(JsonParser) parser = json_parser_new ();

  *text = phone_ask ("GET", url, NULL, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_true (json_parser_load_from_data (parser, *text, -1, NULL));
  root = json_object_ref (json_node_get_object (json_parser_get_root (parser)));
  phases = json_object_get_array_member (root, "phases");
  g_assert_cmpuint (json_array_get_length (phases), <=, 1);
  return json_array_get_length (phases) == 0
         ? NULL : json_object_ref (json_array_get_object_element (phases, 0));
}

char *
portal_tap_post (const char *page,
                 JsonObject *phase,
                 const char *field,
                 const char *value,
                 guint      *status)
{
  g_autofree char *url = g_strconcat (page, "dice", NULL);
  g_autofree char *body = g_strdup_printf ("battle=%s&from=%" G_GINT64_FORMAT "&turn=%"
                                           G_GINT64_FORMAT "&phase=%s&%s=%s",
                                           json_object_get_string_member (phase, "battle"),
                                           json_object_get_int_member (phase, "from"),
                                           json_object_get_int_member (phase, "turn"),
                                           json_object_get_string_member (phase, "phase"),
                                           field, value);

  return phone_ask ("POST", url, "application/x-www-form-urlencoded", body, status);
}

char *
portal_tap_commit (const char *nonce)
{
  guint8 bytes[32];

  for (guint i = 0; i < 32; i++)
    bytes[i] = (guint8) g_ascii_strtoull ((char[]) { nonce[2 * i], nonce[2 * i + 1], '\0' },
                                          NULL, 16);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, bytes, sizeof bytes);
}

/* The stranger */

typedef struct {
  guint16  port;
  gboolean tls;
  char    *head;
  GString *reply;
  gint     done;
} Raw;

static gboolean
accept_any_tls_cb (GTlsConnection       *connection,
                   GTlsCertificate      *certificate,
                   GTlsCertificateFlags  errors,
                   gpointer              data)
{
  return TRUE;
}

static gpointer
raw_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = g_socket_client_connect_to_host (client, "127.0.0.1",
                                                                           raw->port, NULL,
                                                                           &error);
  g_autoptr(GIOStream) stream = NULL;
  char buffer[4096];
  gssize n;

  g_assert_no_error (error);
  if (raw->tls)
    {
      stream = G_IO_STREAM (g_tls_client_connection_new (G_IO_STREAM (connection), NULL,
                                                         &error));
      g_assert_no_error (error);
      g_signal_connect (stream, "accept-certificate", G_CALLBACK (accept_any_tls_cb), NULL);
    }
  else
    stream = G_IO_STREAM (g_object_ref (connection));
  /* A server that refuses a request before reading all of it may close the connection while
   * it is still being written, or reset it once answered: what it answered is what counts. */
  g_output_stream_write_all (g_io_stream_get_output_stream (stream),
                             raw->head, strlen (raw->head), NULL, NULL, NULL);
  while ((n = g_input_stream_read (g_io_stream_get_input_stream (stream),
                                   buffer, sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (raw->reply, buffer, n);
  g_atomic_int_set (&raw->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static GBytes *
raw_bytes (AdmPortal  *portal,
           const char *head,
           gboolean    tls)
{
  Raw raw = { .port = (guint16) adm_portal_get_port (portal), .tls = tls,
              .head = (char *) head, .reply = g_string_new (NULL) };
  GThread *thread = g_thread_new ("raw", raw_thread, &raw);

  while (!g_atomic_int_get (&raw.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  return g_string_free_to_bytes (raw.reply);
}

static char *
reply_text (GBytes *reply)
{
  g_autofree char *text = g_strndup (g_bytes_get_data (reply, NULL), g_bytes_get_size (reply));
  g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);
  GString *kept = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "Date:"))
      g_string_append_printf (kept, "%s\n", lines[i]);
  return g_string_free (kept, FALSE);
}

static char *
get_head (const char *path)
{
  return g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                          path);
}

GBytes *
portal_raw_bytes (AdmPortal  *portal,
                  const char *head)
{
  return raw_bytes (portal, head, FALSE);
}

char *
portal_raw_request (AdmPortal  *portal,
                    const char *head)
{
  g_autoptr(GBytes) reply = raw_bytes (portal, head, FALSE);

  return reply_text (reply);
}

char *
portal_raw_get (AdmPortal  *portal,
                const char *path)
{
  g_autofree char *head = get_head (path);

  return portal_raw_request (portal, head);
}

GBytes *
portal_raw_bytes_tls (AdmPortal  *portal,
                      const char *head)
{
  return raw_bytes (portal, head, TRUE);
}

char *
portal_raw_request_tls (AdmPortal  *portal,
                        const char *head)
{
  g_autoptr(GBytes) reply = raw_bytes (portal, head, TRUE);

  return reply_text (reply);
}

char *
portal_raw_get_tls (AdmPortal  *portal,
                    const char *path)
{
  g_autofree char *head = get_head (path);

  return portal_raw_request_tls (portal, head);
}
