/* SPDX-License-Identifier: GPL-3.0-or-later */
/* portal-helpers.c: see portal-helpers.h. */
#include "config.h"

#include <string.h>

#include "portal-helpers.h"

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
  g_assert_true (g_str_has_prefix (link, "http://127.0.0.1:"));
  return link;
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

/* The stranger */

typedef struct {
  guint16  port;
  char    *head;
  GString *reply;
  gint     done;
} Raw;

static gpointer
raw_thread (gpointer data)
{
  Raw *raw = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) connection = g_socket_client_connect_to_host (client, "127.0.0.1",
                                                                           raw->port, NULL,
                                                                           &error);
  char buffer[4096];
  gssize n;

  g_assert_no_error (error);
  /* A server that refuses a request before reading all of it may close the connection while
   * it is still being written, or reset it once answered: what it answered is what counts. */
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                             raw->head, strlen (raw->head), NULL, NULL, NULL);
  while ((n = g_input_stream_read (g_io_stream_get_input_stream (G_IO_STREAM (connection)),
                                   buffer, sizeof buffer, NULL, NULL)) > 0)
    g_string_append_len (raw->reply, buffer, n);
  g_atomic_int_set (&raw->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

GBytes *
portal_raw_bytes (AdmPortal  *portal,
                  const char *head)
{
  Raw raw = { .port = (guint16) adm_portal_get_port (portal), .head = (char *) head,
              .reply = g_string_new (NULL) };
  GThread *thread = g_thread_new ("raw", raw_thread, &raw);

  while (!g_atomic_int_get (&raw.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  return g_string_free_to_bytes (raw.reply);
}

char *
portal_raw_request (AdmPortal  *portal,
                    const char *head)
{
  g_autoptr(GBytes) reply = portal_raw_bytes (portal, head);
  g_autofree char *text = g_strndup (g_bytes_get_data (reply, NULL), g_bytes_get_size (reply));
  g_auto(GStrv) lines = g_strsplit (text, "\r\n", -1);
  GString *kept = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (!g_str_has_prefix (lines[i], "Date:"))
      g_string_append_printf (kept, "%s\n", lines[i]);
  return g_string_free (kept, FALSE);
}

char *
portal_raw_get (AdmPortal  *portal,
                const char *path)
{
  g_autofree char *head = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                           "Connection: close\r\n\r\n", path);

  return portal_raw_request (portal, head);
}
