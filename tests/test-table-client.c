/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-client.c: the table master's client (adm-table-client.h) against a small chief
 * on 127.0.0.1 run in this process on a thread of its own, speaking the tables' protocol over
 * TLS (docs/cli.md, "A table master"): a join link is checked, one of an older Admiralty
 * refused with the word to copy it again; a link with another certificate's fingerprint is
 * refused before anything is sent; a man in the middle showing his own certificate gets
 * nothing, the entries waiting until the chief is back; the listing and the battle are
 * fetched; each entry is sent as it is recorded and acknowledged; with the chief down the
 * entries wait and flow in order when he is back; a client started again (as after kill -9)
 * goes on from the battle kept in $XDG_DATA_HOME/admiralty/tables; an out-of-step answer
 * sends again from where the chief stands; an empty answer is retried, the table master told
 * that the chief answered oddly; a taken-back answer stops the sending for good and keeps the
 * battle; a hostile listing is refused. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "admiralty-engine.h"
#include "adm-table-battle.h"
#include "adm-table-certificate.h"
#include "adm-table-client.h"
#include "file-helpers.h"

#define TOKEN      "0123456789abcdef0123456789abcdef"
#define ASSIGNMENT "5b1e0c4a-8f0e-4b8e-9a53-3f1c2d7e9a10"
#define FLUSH_MS   5000

/* The chief, as far as a table sees him. Its state outlives its server, stopped and started
 * again on the same port. */
typedef struct {
  GMutex        lock;
  GCond         cond;
  GThread      *thread;
  GMainContext *context;
  GMainLoop    *loop;
  guint         port;
  gboolean      ready;

  char         *battle;       /* the battle handed out: the set-up, then what was received */
  guint         kept;
  gboolean      ended;
  char         *end_reason;
  guint         battle_gets;
  guint         posts;
  GArray       *froms;        /* the `from` of every message received */
  const char   *refuse_code;  /* every POST refused with it when set */
  gboolean      hostile;      /* the listing names an assignment that is a path */
  guint         empty;        /* the next POSTs answered with an empty 200, as a chief killed
                               * while answering does */
  guint         odd_status;   /* every POST answered with it and a line of text when set */
  gboolean      odd_listing;  /* the listing answered with an empty 200 when set */
  GTlsCertificate *certificate; /* what the server answering shows: the chief's, or a man in
                                 * the middle's */
  guint         requests;     /* the requests the server answering read */
  char         *from;         /* the address the last request came from */
} Chief;

/* The chief's certificate, and another one, the same for the whole run. */
static GTlsCertificate *chief_certificate;
static GTlsCertificate *other_certificate;

static GTlsCertificate *
new_certificate (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pem = adm_table_certificate_make_pem (&error);
  GTlsCertificate *certificate;

  g_assert_no_error (error);
  certificate = g_tls_certificate_new_from_pem (pem, -1, &error);
  g_assert_no_error (error);
  return certificate;
}

static void
hash_of (const char *battle_xml,
         guint       n,
         char        out[65])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_game_memory (battle_xml, strlen (battle_xml),
                                                             "chief", &error);

  g_assert_no_error (error);
  adm_table_battle_entry_hash (battle, n, out);
}

static char *
receipt (Chief      *chief,
         const char *error,
         const char *code)
{
  char last[65];
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  hash_of (chief->battle, chief->kept, last);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "kept");
  json_builder_add_int_value (builder, chief->kept);
  json_builder_set_member_name (builder, "last");
  json_builder_add_string_value (builder, last);
  json_builder_set_member_name (builder, "ended");
  json_builder_add_boolean_value (builder, chief->ended);
  if (error != NULL)
    {
      json_builder_set_member_name (builder, "error");
      json_builder_add_string_value (builder, error);
      json_builder_set_member_name (builder, "code");
      json_builder_add_string_value (builder, code);
    }
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static void
answer (SoupServerMessage *msg,
        guint              status,
        const char        *type,
        char              *body)
{
  soup_server_message_set_status (msg, status, NULL);
  /* Every answer closes its connection, as the portal's do. */
  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Connection",
                                "close");
  if (body != NULL)
    soup_server_message_set_response (msg, type, SOUP_MEMORY_TAKE, body, strlen (body));
}

static void
listing (Chief             *chief,
         SoupServerMessage *msg)
{
  char last[65];

  hash_of (chief->battle, chief->kept, last);
  answer (msg, SOUP_STATUS_OK, "application/json",
          g_strdup_printf ("{\"table\":\"Table 1\",\"campaign\":\"Komarr\",\"engagements\":"
                           "[{\"id\":\"c1-3\",\"place\":\"Pol orbit\",\"assignment\":\"%s\","
                           "\"status\":\"in-progress\",\"turn\":1,\"phase\":\"fire\","
                           "\"kept\":%u,\"last\":\"%s\",\"ended\":false}]}",
                           chief->hostile ? "../../etc" : ASSIGNMENT, chief->kept, last));
}

/* What the chief's one check does with a message, as far as the table can tell: a gap is
 * out of step; what it holds already is not applied again; the rest is kept. */
static void
receive (Chief             *chief,
         SoupServerMessage *msg)
{
  g_autoptr(GBytes) body = soup_message_body_flatten (soup_server_message_get_request_body (msg));
  g_autoptr(GError) error = NULL;
  g_autofree char *engagement = NULL, *assignment = NULL, *reason = NULL, *data = NULL;
  gsize length = 0;
  const char *text = g_bytes_get_data (body, &length);
  const char *start, *end;
  g_autoptr(AdmBattle) battle = NULL;
  guint from = 0;

  chief->posts++;
  g_assert_true (adm_table_battle_peek (text, length, "message", &engagement, &assignment,
                                        &from, &reason, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (engagement, ==, "c1-3");
  g_assert_cmpstr (assignment, ==, ASSIGNMENT);
  g_array_append_val (chief->froms, from);
  if (chief->empty > 0)
    {
      chief->empty--;
      answer (msg, SOUP_STATUS_OK, "application/json", g_strdup (""));
      return;
    }
  if (chief->odd_status != 0)
    {
      answer (msg, chief->odd_status, "text/plain", g_strdup ("Ask the bar\n"));
      return;
    }
  if (chief->refuse_code != NULL)
    {
      answer (msg, SOUP_STATUS_CONFLICT, "application/json",
              receipt (chief, "Table 1 went home", chief->refuse_code));
      return;
    }
  if (from > chief->kept + 1)
    {
      answer (msg, SOUP_STATUS_CONFLICT, "application/json",
              receipt (chief, "a gap", "out-of-step"));
      return;
    }
  data = g_strndup (text, length);
  start = strstr (data, "<battle-game");
  end = g_strrstr (data, "</battle-game>");
  g_assert_nonnull (start);
  g_assert_nonnull (end);
  g_free (chief->battle);
  chief->battle = g_strndup (start, (gsize) (end - start) + strlen ("</battle-game>"));
  battle = adm_battle_load_game_memory (chief->battle, strlen (chief->battle), "chief", &error);
  g_assert_no_error (error);
  chief->kept = adm_journal_get_n_entries (adm_battle_get_log (battle));
  if (reason != NULL)
    {
      chief->ended = TRUE;
      g_free (chief->end_reason);
      chief->end_reason = g_steal_pointer (&reason);
    }
  answer (msg, SOUP_STATUS_OK, "application/json", receipt (chief, NULL, NULL));
}

static void
handler_cb (SoupServer        *server,
            SoupServerMessage *msg,
            const char        *path,
            GHashTable        *query,
            gpointer           data)
{
  Chief *chief = data;
  const char *method = soup_server_message_get_method (msg);

  g_mutex_lock (&chief->lock);
  chief->requests++;
  g_free (chief->from);
  chief->from = g_strdup (soup_server_message_get_remote_host (msg));
  /* The tables speak TLS alone. */
  g_assert_cmpstr (g_uri_get_scheme (soup_server_message_get_uri (msg)), ==, "https");
  if (g_str_equal (method, "GET") && g_str_equal (path, "/table/" TOKEN "/") &&
      chief->odd_listing)
    answer (msg, SOUP_STATUS_OK, "application/json", g_strdup (""));
  else if (g_str_equal (method, "GET") && g_str_equal (path, "/table/" TOKEN "/"))
    listing (chief, msg);
  else if (g_str_equal (method, "GET") &&
           g_str_equal (path, "/table/" TOKEN "/engagements/c1-3/battle"))
    {
      chief->battle_gets++;
      answer (msg, SOUP_STATUS_OK, "application/xml", g_strdup (chief->battle));
    }
  else if (g_str_equal (method, "POST") &&
           g_str_equal (path, "/table/" TOKEN "/engagements/c1-3/entries"))
    receive (chief, msg);
  else
    answer (msg, SOUP_STATUS_NOT_FOUND, "text/plain", g_strdup ("Not found"));
  g_mutex_unlock (&chief->lock);
}

/* A connection waiting on the listening socket: accepted here and handed to libsoup, as the
 * portal does (adm-portal-server.c). libsoup 3.2's own listener never frees the GSocket of a
 * connection it accepted, a leak the sanitizer run could only tell from ours with full stacks
 * on every allocation, which made each battle loaded here take seconds. */
typedef struct {
  Chief      *chief;
  SoupServer *server;
} Serving;

static gboolean
accept_cb (GSocket      *listening,
           GIOCondition  condition,
           gpointer      data)
{
  Serving *serving = data;
  g_autoptr(GSocket) socket = g_socket_accept (listening, NULL, NULL);
  g_autoptr(GSocketConnection) base = NULL;
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GSocketAddress) local = NULL, remote = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;

  if (socket == NULL)
    return G_SOURCE_CONTINUE;
  g_mutex_lock (&serving->chief->lock);
  certificate = g_object_ref (serving->chief->certificate);
  g_mutex_unlock (&serving->chief->lock);
  base = g_socket_connection_factory_create_connection (socket);
  stream = G_IO_STREAM (g_tls_server_connection_new (G_IO_STREAM (base), certificate, NULL));
  g_assert_nonnull (stream);
  g_object_set (stream, "require-close-notify", FALSE, NULL);
  local = g_socket_get_local_address (socket, NULL);
  remote = g_socket_get_remote_address (socket, NULL);
  if (local != NULL && remote != NULL)
    soup_server_accept_iostream (serving->server, stream, local, remote, NULL);
  return G_SOURCE_CONTINUE;
}

static gpointer
chief_thread (gpointer data)
{
  Chief *chief = data;
  g_autoptr(SoupServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketAddress) local = NULL;
  g_autoptr(GSource) accepting = NULL;
  Serving serving = { .chief = chief };

  g_autoptr(GSocketAddress) address = g_inet_socket_address_new_from_string ("127.0.0.1",
                                                                            chief->port);
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, &error);

  g_main_context_push_thread_default (chief->context);
  server = soup_server_new (NULL, NULL);
  serving.server = server;
  soup_server_add_handler (server, "/", handler_cb, chief, NULL);
  /* A socket of its own, as the portal listens, and its port read from it
   * (soup_server_listen_local () and soup_server_get_uris () of libsoup 3.2 keep a local
   * address they never free). */
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (socket, address, TRUE, &error));
  g_assert_true (g_socket_listen (socket, &error));
  g_assert_no_error (error);
  g_socket_set_blocking (socket, FALSE);
  accepting = g_socket_create_source (socket, G_IO_IN, NULL);
  g_source_set_callback (accepting, G_SOURCE_FUNC (accept_cb), &serving, NULL);
  g_source_attach (accepting, chief->context);
  local = g_socket_get_local_address (socket, &error);
  g_assert_no_error (error);
  g_mutex_lock (&chief->lock);
  chief->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local));
  chief->ready = TRUE;
  g_cond_signal (&chief->cond);
  g_mutex_unlock (&chief->lock);
  g_main_loop_run (chief->loop);
  g_source_destroy (accepting);
  g_socket_close (socket, NULL);
  soup_server_disconnect (server);
  while (g_main_context_iteration (chief->context, FALSE))
    ;
  g_main_context_pop_thread_default (chief->context);
  return NULL;
}

static void
chief_start (Chief *chief)
{
  chief->context = g_main_context_new ();
  chief->loop = g_main_loop_new (chief->context, FALSE);
  chief->ready = FALSE;
  chief->thread = g_thread_new ("chief", chief_thread, chief);
  g_mutex_lock (&chief->lock);
  while (!chief->ready)
    g_cond_wait (&chief->cond, &chief->lock);
  g_mutex_unlock (&chief->lock);
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

/* The chief's computer goes away: nothing listens on its port. */
static void
chief_stop (Chief *chief)
{
  g_main_context_invoke (chief->context, quit_cb, chief->loop);
  g_thread_join (chief->thread);
  g_clear_pointer (&chief->loop, g_main_loop_unref);
  g_clear_pointer (&chief->context, g_main_context_unref);
}

typedef struct {
  Chief  chief;
  char  *link;
} Fixture;

/* The join link of the chief on @port whose certificate is @certificate. */
static char *
link_of (guint            port,
         GTlsCertificate *certificate)
{
  g_autofree char *fingerprint = adm_table_certificate_fingerprint (certificate);

  return g_strdup_printf ("https://127.0.0.1:%u/table/" TOKEN "/#sha256=%s", port, fingerprint);
}

/* The table's own computer: a data folder of its own for the whole run (GLib reads
 * XDG_DATA_HOME once); each test empties its tables' folder. */
static char *data_home;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = g_test_build_filename (G_TEST_DIST, "data", "battles", "duel.xml",
                                                  NULL);

  g_mutex_init (&fixture->chief.lock);
  g_cond_init (&fixture->chief.cond);
  fixture->chief.froms = g_array_new (FALSE, FALSE, sizeof (guint));
  g_assert_true (g_file_get_contents (setup, &fixture->chief.battle, NULL, &error));
  fixture->chief.certificate = g_object_ref (chief_certificate);
  chief_start (&fixture->chief);
  fixture->link = link_of (fixture->chief.port, chief_certificate);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *tables = adm_table_client_folder ();

  if (fixture->chief.loop != NULL)
    chief_stop (&fixture->chief);
  remove_tree (tables);
  g_free (fixture->link);
  g_free (fixture->chief.battle);
  g_free (fixture->chief.end_reason);
  g_free (fixture->chief.from);
  g_array_unref (fixture->chief.froms);
  g_clear_object (&fixture->chief.certificate);
  g_mutex_clear (&fixture->chief.lock);
  g_cond_clear (&fixture->chief.cond);
}

static guint
entries_of (AdmBattle *battle)
{
  return adm_journal_get_n_entries (adm_battle_get_log (battle));
}

static void
resolve (AdmBattle     *battle,
         AdmDiceSource *dice)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_battle_resolve_phase (battle, NULL, dice, &error));
  g_assert_no_error (error);
}

static guint
chief_kept (Chief *chief)
{
  guint kept;

  g_mutex_lock (&chief->lock);
  kept = chief->kept;
  g_mutex_unlock (&chief->lock);
  return kept;
}

/* A join link and nothing else; the reason is said. */
static void
test_link (void)
{
#define FP "#sha256=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
  const char *bad[] = {
    "https://10.0.0.2:8080/table/" TOKEN "/",
    "https://10.0.0.2:8080/table/" TOKEN "/#sha256=0011",
    "https://10.0.0.2:8080/table/" TOKEN "/#md5=00112233445566778899aabbccddeeff",
    "https://10.0.0.2:8080/admiral/" TOKEN "/" FP,
    "https://10.0.0.2:8080/table/0123/" FP,
    "https://10.0.0.2:8080/table/" TOKEN FP,
    "https://10.0.0.2:8080/table/0123456789ABCDEF0123456789ABCDEF/" FP,
    "https://10.0.0.2:8080/table/" TOKEN "/?x=1" FP,
    "https://user@10.0.0.2:8080/table/" TOKEN "/" FP,
    "ftp://10.0.0.2:8080/table/" TOKEN "/" FP,
    "not a link",
  };
  g_autofree char *normal = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) old = NULL;

  g_assert_true (adm_table_link_parse ("https://10.0.0.2:8080/table/" TOKEN "/" FP, &normal,
                                       &error));
  g_assert_no_error (error);
  g_assert_cmpstr (normal, ==, "https://10.0.0.2:8080/table/" TOKEN "/" FP);
  /* The link of an older Admiralty, plain HTTP: to be copied again. */
  old = adm_table_client_new ("http://10.0.0.2:8080/table/" TOKEN "/", &error);
  g_assert_null (old);
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_LINK);
  g_assert_nonnull (strstr (error->message, "copy the table's link again"));
  g_clear_error (&error);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(AdmTableClient) client = adm_table_client_new (bad[i], &error);

      g_assert_null (client);
      g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_LINK);
      g_assert_nonnull (strstr (error->message, "is not a join link"));
      g_clear_error (&error);
    }
}

/* Listed, fetched once, kept; every entry acknowledged as it is recorded; the chief down, the
 * entries wait; started again (a table killed) from the folder, without fetching, the
 * waiting entries flow in order; the ending follows. */
static void
test_send_and_resume (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (3));
  g_autoptr(GPtrArray) kept = NULL;
  AdmBattle *battle;
  gboolean reachable = FALSE;
  guint played;

  g_assert_no_error (error);
  battle = adm_table_client_open_battle_sync (client, "c1-3", &reachable, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (reachable);
  g_assert_cmpstr (adm_table_client_get_table_name (client), ==, "Table 1");
  g_assert_cmpstr (adm_table_client_get_assignment (client), ==, ASSIGNMENT);
  g_assert_cmpuint (fixture->chief.battle_gets, ==, 1);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_ALL_SENT);

  for (guint i = 0; i < 3; i++)
    {
      resolve (battle, dice);
      g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (chief_kept (&fixture->chief), ==, entries_of (battle));
    }
  g_assert_cmpuint (adm_table_client_get_kept (client), ==, 3);

  /* The chief goes away: two entries wait, retried. */
  chief_stop (&fixture->chief);
  resolve (battle, dice);
  resolve (battle, dice);
  g_assert_false (adm_table_client_flush (client, 600, &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE);
  g_assert_nonnull (strstr (error->message, "2 entries wait"));
  g_clear_error (&error);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_WAITING);
  g_assert_cmpuint (adm_table_client_get_waiting (client), ==, 2);
  played = entries_of (battle);
  g_object_unref (battle);

  /* Killed: what is on disk is all there is. */
  g_clear_object (&client);
  kept = adm_table_client_list_kept (fixture->link);
  g_assert_cmpuint (kept->len, ==, 1);
  g_assert_cmpuint (((AdmTableKept *) kept->pdata[0])->kept, ==, 3);

  chief_start (&fixture->chief);
  client = adm_table_client_new (fixture->link, &error);
  battle = adm_table_client_open_battle_sync (client, "c1-3", &reachable, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fixture->chief.battle_gets, ==, 1);
  g_assert_cmpuint (entries_of (battle), ==, played);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (chief_kept (&fixture->chief), ==, played);
  /* In order: the messages went from 1, 2 and 3, then (the chief back) from 4. */
  g_assert_cmpuint (g_array_index (fixture->chief.froms, guint, fixture->chief.froms->len - 1),
                    ==, 4);

  /* A reason the chief would refuse is refused here, and the battle goes on. */
  {
    g_autofree char *long_reason = g_strnfill (ADM_TABLE_BATTLE_MAX_REASON + 1, 'x');

    g_assert_false (adm_table_client_end_battle (client, long_reason, &error));
    g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED);
    g_assert_nonnull (strstr (error->message, "at most 500"));
    g_clear_error (&error);
    g_assert_false (adm_table_client_end_battle (client, "Pol Six\x01withdrew", &error));
    g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REFUSED);
    g_clear_error (&error);
    g_assert_null (adm_table_client_get_end_reason (client));
  }
  g_assert_true (adm_table_client_end_battle (client, "Pol Six withdrew", &error));
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_true (fixture->chief.ended);
  g_assert_cmpstr (fixture->chief.end_reason, ==, "Pol Six withdrew");
  g_assert_false (adm_table_client_end_battle (client, "again", &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_ENDED);
  g_object_unref (battle);
}

/* The chief holds fewer entries than the table thinks (his file restored): the table sends
 * again from where he stands. */
static void
test_out_of_step (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (5));
  g_autoptr(AdmBattle) battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL,
                                                                   &error);

  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_mutex_lock (&fixture->chief.lock);
  fixture->chief.kept = 2;
  g_mutex_unlock (&fixture->chief.lock);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (chief_kept (&fixture->chief), ==, 5);
  g_assert_cmpuint (g_array_index (fixture->chief.froms, guint, fixture->chief.froms->len - 1),
                    ==, 3);
}

/* Taken back: refused with the chief's reason, nothing more sent — also after a restart —
 * and the battle kept on this computer. */
static void
test_taken_back (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (5));
  g_autoptr(AdmBattle) battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL,
                                                                   &error);
  g_autoptr(AdmBattle) again = NULL;
  guint posts;

  g_assert_no_error (error);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  fixture->chief.refuse_code = "taken-back";
  resolve (battle, dice);
  g_assert_false (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_TAKEN_BACK);
  g_assert_cmpstr (error->message, ==, "Table 1 went home");
  g_clear_error (&error);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_REFUSED);
  g_assert_cmpstr (adm_table_client_get_message (client), ==, "Table 1 went home");
  posts = fixture->chief.posts;
  resolve (battle, dice);
  g_assert_false (adm_table_client_flush (client, 200, NULL));
  g_assert_cmpuint (fixture->chief.posts, ==, posts);
  g_assert_true (g_file_test (adm_battle_get_path (battle), G_FILE_TEST_EXISTS));

  g_clear_object (&client);
  client = adm_table_client_new (fixture->link, &error);
  again = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_REFUSED);
  g_assert_cmpuint (fixture->chief.posts, ==, posts);
  g_assert_cmpuint (entries_of (again), ==, 3);
}

/* A client made on a thread's own context, as a table's worker or the rehearsal's tables
 * make theirs: its retry's wait is on that context, and a flush that sends at once gives the
 * wait up there, never in the default context (where G_DEBUG=fatal-warnings would fail on a
 * source not found, or another source of the same number be removed). */
static void
test_own_context (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (3));
  g_autoptr(AdmBattle) battle = NULL;
  guint posts;

  g_main_context_push_thread_default (context);
  client = adm_table_client_new (fixture->link, &error);
  g_assert_no_error (error);
  battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL, &error);
  g_assert_no_error (error);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  posts = fixture->chief.posts;

  /* The chief gone: the entry waits for the next try. */
  chief_stop (&fixture->chief);
  resolve (battle, dice);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_false (adm_table_client_flush (client, 300, &error));
      g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE);
      g_clear_error (&error);
      g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_WAITING);
      g_assert_cmpuint (adm_table_client_get_waiting (client), ==, 1);
    }
  g_assert_cmpuint (fixture->chief.posts, ==, posts);
  g_clear_object (&client);
  g_main_context_pop_thread_default (context);
}

/* A client sending from the address it is given, as each table of a rehearsal on one computer
 * does from a loopback address of its own: the chief sees its requests come from there. */
static void
test_local_address (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string ("127.0.0.23");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (3));
  g_autoptr(AdmBattle) battle = NULL;

  g_assert_no_error (error);
  adm_table_client_set_local_address (client, address);
  battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL, &error);
  g_assert_no_error (error);
  g_mutex_lock (&fixture->chief.lock);
  g_assert_cmpstr (fixture->chief.from, ==, "127.0.0.23");
  g_mutex_unlock (&fixture->chief.lock);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_mutex_lock (&fixture->chief.lock);
  g_assert_cmpstr (fixture->chief.from, ==, "127.0.0.23");
  g_assert_cmpuint (fixture->chief.posts, >=, 1);
  g_mutex_unlock (&fixture->chief.lock);
}

static void
message_cb (AdmTableClient *client,
            GParamSpec     *pspec,
            guint          *oddly)
{
  if (adm_table_client_get_answered_oddly (client))
    {
      g_assert_nonnull (strstr (adm_table_client_get_message (client), "answered oddly"));
      (*oddly)++;
    }
}

/* An empty answer is not the chief taking the battle back: the table master reads that the
 * chief answered oddly, the entries are sent again after a while and the chief holds them
 * all; a taken-back refusal still stops the sending. */
static void
test_odd_answer (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (7));
  g_autoptr(AdmBattle) battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL,
                                                                   &error);
  guint oddly = 0, posts;

  g_assert_no_error (error);
  g_signal_connect (client, "notify::message", G_CALLBACK (message_cb), &oddly);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);

  g_mutex_lock (&fixture->chief.lock);
  fixture->chief.empty = 2;
  posts = fixture->chief.posts;
  g_mutex_unlock (&fixture->chief.lock);
  resolve (battle, dice);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (oddly, >=, 1);
  g_assert_cmpuint (fixture->chief.posts, >=, posts + 3);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_ALL_SENT);
  g_assert_false (adm_table_client_get_answered_oddly (client));
  g_assert_cmpuint (chief_kept (&fixture->chief), ==, entries_of (battle));

  fixture->chief.refuse_code = "taken-back";
  resolve (battle, dice);
  g_assert_false (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_TAKEN_BACK);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_REFUSED);
}

/* The chief answers @code, or @status, for a while: the table is not stopped, the table
 * master reads the chief's refusal, or that the chief answered oddly (with the chief's words),
 * and once the chief answers again he holds every entry. */
static void
assert_retried (Fixture        *fixture,
                AdmTableClient *client,
                AdmBattle      *battle,
                AdmDiceSource  *dice,
                const char     *code,
                guint           status)
{
  g_autoptr(GError) error = NULL;
  guint posts;

  g_mutex_lock (&fixture->chief.lock);
  fixture->chief.refuse_code = code;
  fixture->chief.odd_status = status;
  posts = fixture->chief.posts;
  g_mutex_unlock (&fixture->chief.lock);
  resolve (battle, dice);
  g_assert_false (adm_table_client_flush (client, 1800, &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE);
  g_test_message ("%s %u: %s", code != NULL ? code : "HTTP", status, error->message);
  g_clear_error (&error);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_WAITING);
  g_assert_true (adm_table_client_get_answered_oddly (client));
  /* The chief's own refusal reads as his, not as an odd answer. */
  if (g_strcmp0 (code, "refused") == 0 || g_strcmp0 (code, "malformed") == 0)
    g_assert_true (g_str_has_prefix (adm_table_client_get_message (client),
                                     "The chief master refused the entries "));
  else
    g_assert_true (g_str_has_prefix (adm_table_client_get_message (client),
                                     "The chief answered oddly, retrying: "));
  if (code != NULL)
    g_assert_nonnull (strstr (adm_table_client_get_message (client), "Table 1 went home"));
  /* Sent again with backoff, not once and never again, nor without a pause. */
  g_assert_cmpuint (fixture->chief.posts, >=, posts + 2);
  g_assert_cmpuint (fixture->chief.posts, <=, posts + 4);

  g_mutex_lock (&fixture->chief.lock);
  fixture->chief.refuse_code = NULL;
  fixture->chief.odd_status = 0;
  g_mutex_unlock (&fixture->chief.lock);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_ALL_SENT);
  g_assert_false (adm_table_client_get_answered_oddly (client));
  g_assert_cmpuint (chief_kept (&fixture->chief), ==, entries_of (battle));
}

/* A refusal that is not the chief taking the battle back — a 409 with another code, one the
 * protocol has not, a status it does not use — does not stop the table: it is retried with
 * backoff, the table master reading that the chief answered oddly. */
static void
test_odd_refusals (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (9));
  g_autoptr(AdmBattle) battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL,
                                                                   &error);

  g_assert_no_error (error);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  assert_retried (fixture, client, battle, dice, "refused", 0);
  assert_retried (fixture, client, battle, dice, "malformed", 0);
  assert_retried (fixture, client, battle, dice, "no-such-code", 0);
  assert_retried (fixture, client, battle, dice, NULL, SOUP_STATUS_BAD_REQUEST);
  assert_retried (fixture, client, battle, dice, NULL, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  g_autoptr(GError) error = NULL;
  AdmBattle **battle = data;

  *battle = adm_table_client_open_battle_finish (ADM_TABLE_CLIENT (source), result, &error);
  g_assert_no_error (error);
}

static AdmBattle *
open_async (AdmTableClient *client)
{
  AdmBattle *battle = NULL;

  adm_table_client_open_battle_async (client, "c1-3", NULL, opened_cb, &battle);
  while (battle == NULL)
    g_main_context_iteration (NULL, TRUE);
  return battle;
}

/* The app's open, on its main context: fetched the first time, the kept battle after. */
static void
test_open_async (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (7));
  g_autoptr(AdmBattle) battle = open_async (client);
  g_autoptr(AdmBattle) again = NULL;

  resolve (battle, dice);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (chief_kept (&fixture->chief), ==, 2);
  g_clear_object (&client);
  client = adm_table_client_new (fixture->link, &error);
  again = open_async (client);
  g_assert_cmpuint (entries_of (again), ==, 2);
  g_assert_cmpuint (fixture->chief.battle_gets, ==, 1);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_ALL_SENT);
}

static guint
chief_requests (Chief *chief)
{
  guint requests;

  g_mutex_lock (&chief->lock);
  requests = chief->requests;
  g_mutex_unlock (&chief->lock);
  return requests;
}

/* A link naming another certificate than the one the server shows: refused at the
 * handshake, the key in the path never sent; said so, and nothing kept. */
static void
test_wrong_fingerprint (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *link = link_of (fixture->chief.port, other_certificate);
  g_autoptr(AdmTableClient) client = adm_table_client_new (link, &error);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) kept = NULL;
  g_autoptr(GPtrArray) list = NULL;

  g_assert_no_error (error);
  list = adm_table_client_list_sync (client, NULL, &error);
  g_assert_null (list);
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_CERTIFICATE);
  g_assert_nonnull (strstr (error->message, "is not the chief master's Admiralty of this link"));
  g_assert_nonnull (strstr (error->message, "copy the table's link again"));
  g_clear_error (&error);
  battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL, &error);
  g_assert_null (battle);
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_CERTIFICATE);
  g_assert_cmpuint (chief_requests (&fixture->chief), ==, 0);
  kept = adm_table_client_list_kept (NULL);
  g_assert_cmpuint (kept->len, ==, 0);
}

/* A man in the middle at the chief's address, with a certificate of his own: the entries are
 * not sent to him, they wait, the table master told why; the chief back, they flow. */
static void
test_man_in_the_middle (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (11));
  g_autoptr(AdmBattle) battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL,
                                                                   &error);
  guint requests;

  g_assert_no_error (error);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);

  g_mutex_lock (&fixture->chief.lock);
  g_set_object (&fixture->chief.certificate, other_certificate);
  requests = fixture->chief.requests;
  g_mutex_unlock (&fixture->chief.lock);
  resolve (battle, dice);
  g_assert_false (adm_table_client_flush (client, 1500, &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE);
  g_assert_nonnull (strstr (error->message, "pretending to be the chief"));
  g_clear_error (&error);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_WAITING);
  g_assert_nonnull (strstr (adm_table_client_get_message (client),
                            "is not the chief master's Admiralty"));
  g_assert_cmpuint (chief_requests (&fixture->chief), ==, requests);
  g_assert_cmpuint (chief_kept (&fixture->chief), <, entries_of (battle));

  g_mutex_lock (&fixture->chief.lock);
  g_set_object (&fixture->chief.certificate, chief_certificate);
  g_mutex_unlock (&fixture->chief.lock);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (chief_kept (&fixture->chief), ==, entries_of (battle));
}

/* A link whose fingerprint differs from the certificate the server shows only in its last
 * digit: the message shows both as far as where they differ, in groups of four, so that they
 * visibly differ. */
static void
test_fingerprint_shown (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *seen = adm_table_certificate_fingerprint (chief_certificate);
  g_autofree char *forged = g_strdup (seen);
  g_autofree char *link = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autoptr(GString) seen_grouped = g_string_new (NULL);
  g_autoptr(GString) forged_grouped = g_string_new (NULL);
  gsize last = strlen (forged) - 1;

  forged[last] = forged[last] == '0' ? '1' : '0';
  link = g_strdup_printf ("https://127.0.0.1:%u/table/" TOKEN "/#sha256=%s",
                          fixture->chief.port, forged);
  client = adm_table_client_new (link, &error);
  g_assert_no_error (error);
  g_assert_null (adm_table_client_list_sync (client, NULL, &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_CERTIFICATE);
  g_test_message ("%s", error->message);
  for (gsize i = 0; seen[i] != '\0'; i++)
    {
      if (i > 0 && i % 4 == 0)
        {
          g_string_append_c (seen_grouped, ' ');
          g_string_append_c (forged_grouped, ' ');
        }
      g_string_append_c (seen_grouped, seen[i]);
      g_string_append_c (forged_grouped, forged[i]);
    }
  g_assert_nonnull (strstr (error->message, seen_grouped->str));
  g_assert_nonnull (strstr (error->message, forged_grouped->str));
  g_assert_cmpuint (chief_requests (&fixture->chief), ==, 0);
}

/* The chief answers the listing with something the protocol has not (an empty 200): the
 * battle kept here opens all the same and its entries wait, the table master reading that the
 * chief answered oddly and that it is retried; the chief answering again, they are sent. */
static void
test_odd_listing (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_prng_new (7));
  g_autoptr(AdmBattle) battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL,
                                                                   &error);
  g_autoptr(AdmBattle) again = NULL;
  gboolean reachable = TRUE;

  g_assert_no_error (error);
  resolve (battle, dice);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_clear_object (&client);
  g_clear_object (&battle);

  g_mutex_lock (&fixture->chief.lock);
  fixture->chief.odd_listing = TRUE;
  g_mutex_unlock (&fixture->chief.lock);
  client = adm_table_client_new (fixture->link, &error);
  again = adm_table_client_open_battle_sync (client, "c1-3", &reachable, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  g_assert_false (reachable);
  g_assert_true (adm_table_client_get_answered_oddly (client));
  g_assert_true (g_str_has_prefix (adm_table_client_get_message (client),
                                   "The chief answered oddly, retrying: "));
  resolve (again, dice);

  g_mutex_lock (&fixture->chief.lock);
  fixture->chief.odd_listing = FALSE;
  g_mutex_unlock (&fixture->chief.lock);
  g_assert_true (adm_table_client_flush (client, FLUSH_MS, &error));
  g_assert_no_error (error);
  g_assert_false (adm_table_client_get_answered_oddly (client));
  g_assert_cmpuint (chief_kept (&fixture->chief), ==, entries_of (again));
}

/* A listing naming a path for an assignment is refused, and nothing is written. */
static void
test_hostile_listing (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = adm_table_client_new (fixture->link, &error);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) kept = NULL;

  fixture->chief.hostile = TRUE;
  battle = adm_table_client_open_battle_sync (client, "c1-3", NULL, NULL, &error);
  g_assert_null (battle);
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_REPLY);
  g_clear_error (&error);
  kept = adm_table_client_list_kept (NULL);
  g_assert_cmpuint (kept->len, ==, 0);
  /* Not this table's engagement: the wrong-path answer, said as such. */
  g_assert_null (adm_table_client_fetch_battle_sync (client, "c9-9", NULL, &error));
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_NOT_FOUND);
}

/* A listening socket that closes every connection as soon as it takes it, as the portal closes
 * one more than an address's share of its connections. */
static gpointer
closing_thread (gpointer data)
{
  GSocket *listening = data;
  GSocket *accepted;

  while ((accepted = g_socket_accept (listening, NULL, NULL)) != NULL)
    {
      g_socket_close (accepted, NULL);
      g_object_unref (accepted);
    }
  return NULL;
}

/* A connection closed before its handshake, unanswered: the table says that the chief may hold
 * as many of this computer's connections as it takes, not only that it may be no Admiralty. */
static void
test_closed_before_tls (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) listening = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                               G_SOCKET_PROTOCOL_TCP, &error);
  g_autoptr(GSocketAddress) any = g_inet_socket_address_new_from_string ("127.0.0.1", 0);
  g_autoptr(GSocketAddress) local = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autoptr(GPtrArray) listed = NULL;
  g_autofree char *link = NULL;
  GThread *thread;

  g_assert_no_error (error);
  g_assert_true (g_socket_bind (listening, any, TRUE, &error));
  g_assert_true (g_socket_listen (listening, &error));
  local = g_socket_get_local_address (listening, &error);
  g_assert_no_error (error);
  link = link_of (g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (local)),
                  chief_certificate);
  thread = g_thread_new ("closing", closing_thread, listening);
  client = adm_table_client_new (link, &error);
  g_assert_no_error (error);
  listed = adm_table_client_list_sync (client, NULL, &error);
  g_assert_null (listed);
  g_assert_error (error, ADM_TABLE_CLIENT_ERROR, ADM_TABLE_CLIENT_ERROR_UNREACHABLE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "closed the connection before encryption began"));
  g_assert_nonnull (strstr (error->message, "as many connections from this computer"));
  g_socket_shutdown (listening, TRUE, TRUE, NULL);
  g_socket_close (listening, NULL);
  g_thread_join (thread);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  data_home = g_dir_make_tmp ("admiralty-table-client-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_test_add_func ("/portal/table-client/link", test_link);
  g_test_add_func ("/portal/table-client/tls/closed-before-handshake", test_closed_before_tls);
  g_test_add ("/portal/table-client/send-and-resume", Fixture, NULL, fixture_setup,
              test_send_and_resume, fixture_teardown);
  g_test_add ("/portal/table-client/out-of-step", Fixture, NULL, fixture_setup,
              test_out_of_step, fixture_teardown);
  g_test_add ("/portal/table-client/odd-answer", Fixture, NULL, fixture_setup,
              test_odd_answer, fixture_teardown);
  g_test_add ("/portal/table-client/odd-refusals", Fixture, NULL, fixture_setup,
              test_odd_refusals, fixture_teardown);
  g_test_add ("/portal/table-client/taken-back", Fixture, NULL, fixture_setup,
              test_taken_back, fixture_teardown);
  g_test_add ("/portal/table-client/own-context", Fixture, NULL, fixture_setup,
              test_own_context, fixture_teardown);
  g_test_add ("/portal/table-client/local-address", Fixture, NULL, fixture_setup,
              test_local_address, fixture_teardown);
  g_test_add ("/portal/table-client/open-async", Fixture, NULL, fixture_setup,
              test_open_async, fixture_teardown);
  g_test_add ("/portal/table-client/hostile-listing", Fixture, NULL, fixture_setup,
              test_hostile_listing, fixture_teardown);
  g_test_add ("/portal/table-client/tls/wrong-fingerprint", Fixture, NULL, fixture_setup,
              test_wrong_fingerprint, fixture_teardown);
  g_test_add ("/portal/table-client/tls/fingerprint-shown", Fixture, NULL, fixture_setup,
              test_fingerprint_shown, fixture_teardown);
  g_test_add ("/portal/table-client/odd-listing", Fixture, NULL, fixture_setup,
              test_odd_listing, fixture_teardown);
  g_test_add ("/portal/table-client/tls/man-in-the-middle", Fixture, NULL, fixture_setup,
              test_man_in_the_middle, fixture_teardown);
  chief_certificate = new_certificate ();
  other_certificate = new_certificate ();
  status = g_test_run ();
  g_clear_object (&chief_certificate);
  g_clear_object (&other_certificate);
  remove_tree (data_home);
  g_free (data_home);
  return status;
}
