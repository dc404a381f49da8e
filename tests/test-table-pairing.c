/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-pairing.c: a table let in without a link (adm-table-pairing.h). The Komarr
 * campaign after cycle 1 serves two tables on 127.0.0.1 (a free port), one engagement handed
 * to each; a table master asks to join:
 *  - in a second process, `admiralty-cli join --ask 127.0.0.1:PORT --name …`: the request shows
 *    on the chief's list with the same words the table prints; accepted as "Table 1", the
 *    table gets that table's link over TLS and lists Table 1's engagement, not Table 2's;
 *    refused, it says so and fails;
 *  - in this process (AdmTableAsking): cancelled, the chief's list lets it go; an answer to a
 *    request no longer waiting is an error naming it; through someone in between (a TLS
 *    proxy on 127.0.0.1 with a certificate of its own), let in by a chief who did not compare
 *    the words, the table refuses the link, which names the chief's certificate, not the one
 *    it was shown, and takes nothing;
 *  - bad requests: over plain HTTP, the portal's one 404; not JSON, a name too long or of
 *    control characters, a commitment not hex: 400, nothing listed; a nonce not the one
 *    committed to: 409 and the request is void; an unknown key: the one 404; the ninth
 *    request at once: 429;
 *  - the words: the same from the same fingerprint and nonces, others from another
 *    fingerprint (someone in between shows his own certificate);
 *  - advertised: where an Avahi daemon answers (.ci/run starts one), the chief's tables are
 *    found by AdmTableFinder under the campaign's name with the portal's port, and leave the
 *    list when the tables stop being served. Without a daemon the case is skipped, saying so. */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "admiralty-engine.h"
#include "adm-dice-commit.h"
#include "adm-portal.h"
#include "adm-table-advert.h"
#include "adm-table-asking.h"
#include "adm-table-certificate.h"
#include "adm-table-finder.h"
#include "adm-table-check.h"
#include "adm-table-pairing.h"
#include "adm-table-server.h"
#include "cli-helpers.h"
#include "komarr-helpers.h"
#include "portal-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define NAME "Laptop of Table Two"

typedef struct {
  char           *dir;
  AdmCampaign    *campaign;
  AdmPortal      *portal;
  AdmTableServer *tables;
  char           *ids[2];      /* the engagement at "Table 1", at "Table 2" */
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(GError) error = NULL;
  guint found = 0;

  fixture->dir = g_dir_make_tmp ("admiralty-table-pairing-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->dir, "komarr.admiralty", NULL);
  fixture->campaign = komarr_play_saved (NULL, 1, T0, path);
  queue = adm_campaign_get_engagements (fixture->campaign, 1);
  for (guint i = 0; i < queue->len && found < 2; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      g_autofree char *table = adm_table_server_table_name (found + 1);

      if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
        continue;
      g_assert_true (adm_campaign_assign_table (fixture->campaign, engagement->id, table,
                                                T0 + 3000, NULL, &error));
      g_assert_no_error (error);
      fixture->ids[found++] = g_strdup (engagement->id);
    }
  g_assert_cmpuint (found, ==, 2);
  fixture->portal = adm_portal_new (fixture->campaign, &error);
  g_assert_no_error (error);
  fixture->tables = adm_table_server_new (fixture->portal, 2, &error);
  g_assert_no_error (error);
  portal_start_loopback (fixture->portal);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->tables);
  adm_portal_stop (fixture->portal);
  g_assert_finalize_object (fixture->portal);
  g_assert_finalize_object (fixture->campaign);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  cli_remove_folder (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->ids[0]);
  g_free (fixture->ids[1]);
}

static char *
where_of (Fixture *fixture)
{
  return g_strdup_printf ("127.0.0.1:%u", adm_portal_get_port (fixture->portal));
}

/* @method on /pair/@tail over TLS (or plain HTTP) with @body: the answer, its status in
 * @status. */
static char *
pair_fetch (Fixture    *fixture,
            gboolean    tls,
            const char *method,
            const char *tail,
            const char *body,
            guint      *status)
{
  g_autofree char *url = g_strdup_printf ("%s://127.0.0.1:%u/pair/%s", tls ? "https" : "http",
                                          adm_portal_get_port (fixture->portal), tail);
  g_autoptr(GBytes) bytes = body != NULL ? g_bytes_new (body, strlen (body)) : NULL;
  PortalRequest request = { .method = method, .url = url, .body = bytes,
                            .content_type = "application/json" };

  return portal_request_fetch (&request, status);
}

static JsonObject *
json_of (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static guint
n_waiting (Fixture *fixture)
{
  return g_list_model_get_n_items (adm_table_server_get_requests (fixture->tables));
}

/* Runs the main context until @done says so, or fails after 20 s. */
static void
run_until (gboolean (*done) (gpointer), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, TRUE);
    }
}

static gboolean
one_waits (gpointer data)
{
  return n_waiting (data) == 1;
}

static gboolean
none_waits (gpointer data)
{
  return n_waiting (data) == 0;
}

/* The words */

static void
test_words (void)
{
  guint8 table[ADM_DICE_SECRET_LENGTH], chief[ADM_DICE_SECRET_LENGTH];
  const char *fingerprint = "3f1c9a0b77de0a1b5c3e3f1c9a0b77de0a1b5c3e3f1c9a0b77de0a1b5c3e0000";
  const char *other = "3f1c9a0b77de0a1b5c3e3f1c9a0b77de0a1b5c3e3f1c9a0b77de0a1b5c3e0001";
  g_autofree char *words = NULL, *again = NULL, *theirs = NULL, *swapped = NULL;
  g_auto(GStrv) parts = NULL;

  memset (table, 0x11, sizeof table);
  memset (chief, 0x22, sizeof chief);
  words = adm_table_check_words (fingerprint, table, chief);
  again = adm_table_check_words (fingerprint, table, chief);
  theirs = adm_table_check_words (other, table, chief);
  swapped = adm_table_check_words (fingerprint, chief, table);
  g_assert_cmpstr (words, ==, again);
  /* Someone in between shows his own certificate: with these nonces, other words. */
  g_assert_cmpstr (words, !=, theirs);
  /* The table's nonce and the chief's are not interchangeable. */
  g_assert_cmpstr (words, !=, swapped);
  parts = g_strsplit (words, " ", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpuint (strlen (parts[i]), >, 1);
      for (const char *c = parts[i]; *c != '\0'; c++)
        g_assert_true (g_ascii_islower (*c));
    }
}

/* Bad requests */

static char *
ask_body (const char *name,
          const char *commit)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, name);
  json_builder_set_member_name (builder, "commit");
  json_builder_add_string_value (builder, commit);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}

static void
test_bad_requests (Fixture       *fixture,
                   gconstpointer  data)
{
  guint8 nonce[ADM_DICE_SECRET_LENGTH], other[ADM_DICE_SECRET_LENGTH];
  g_autofree char *commit = NULL, *other_hex = NULL, *good = NULL, *answer = NULL;
  g_autofree char *long_name = g_strnfill (ADM_TABLE_PAIRING_MAX_NAME + 1, 'x');
  g_autofree char *wrong = portal_raw_get (fixture->portal, "/no/such/path");
  g_autofree char *plain = NULL;
  g_autoptr(JsonObject) object = NULL;
  g_autofree char *id = NULL, *reveal = NULL, *wrong_reveal = NULL;
  guint status;
  struct { const char *body; } bad[] = {
    { "not json" }, { "[1, 2]" }, { "{\"name\": 7, \"commit\": \"00\"}" },
    { "{\"name\": \"x\"}" },
  };

  g_assert_true (adm_dice_secret_new_random (nonce, NULL));
  g_assert_true (adm_dice_secret_new_random (other, NULL));
  commit = adm_dice_commitment_of (nonce);
  other_hex = adm_dice_secret_to_hex (other);
  good = ask_body (NAME, commit);

  /* Plain HTTP: the portal's one 404, the body unread. */
  plain = portal_raw_request (fixture->portal, "GET /pair/ HTTP/1.1\r\nHost: x\r\n\r\n");
  g_assert_cmpstr (plain, ==, wrong);
  g_free (pair_fetch (fixture, FALSE, "POST", "", good, &status));
  g_assert_cmpuint (status, ==, 404);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_free (pair_fetch (fixture, TRUE, "POST", "", bad[i].body, &status));
      g_assert_cmpuint (status, ==, 400);
    }
  {
    g_autofree char *too_long = ask_body (long_name, commit);
    g_autofree char *control = ask_body ("Table\x01Two", commit);
    g_autofree char *blank = ask_body ("   ", commit);
    g_autofree char *upper = g_ascii_strup (commit, -1);
    g_autofree char *not_hex = ask_body (NAME, upper);
    const char *bodies[] = { too_long, control, blank, not_hex };

    for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
      {
        g_autofree char *refusal = pair_fetch (fixture, TRUE, "POST", "", bodies[i], &status);
        g_autoptr(JsonObject) said = json_of (refusal);

        g_assert_cmpuint (status, ==, 400);
        g_assert_nonnull (json_object_get_string_member (said, "error"));
        g_assert_cmpstr (json_object_get_string_member (said, "code"), ==,
                         i < 3 ? ADM_TABLE_PAIRING_REFUSED_NAME
                               : ADM_TABLE_PAIRING_REFUSED_COMMIT);
      }
  }
  g_assert_cmpuint (n_waiting (fixture), ==, 0);

  /* A nonce not the one committed to: 409, and the request is void. */
  answer = pair_fetch (fixture, TRUE, "POST", "", good, &status);
  g_assert_cmpuint (status, ==, 200);
  object = json_of (answer);
  id = g_strdup (json_object_get_string_member (object, "id"));
  g_assert_cmpuint (strlen (id), ==, 32);
  g_assert_true (adm_dice_hex_is_valid (json_object_get_string_member (object, "nonce")));
  wrong_reveal = g_strdup_printf ("{\"nonce\": \"%s\"}", other_hex);
  reveal = g_strconcat (id, "/reveal", NULL);
  g_free (pair_fetch (fixture, TRUE, "POST", reveal, wrong_reveal, &status));
  g_assert_cmpuint (status, ==, 409);
  g_free (pair_fetch (fixture, TRUE, "GET", id, NULL, &status));
  g_assert_cmpuint (status, ==, 404);
  /* Not listed: the chief never saw it. */
  g_assert_cmpuint (n_waiting (fixture), ==, 0);

  /* An unknown key, a key of another length, a path not listed: the one 404. */
  {
    g_autofree char *unknown = portal_raw_get_tls (fixture->portal,
                                                   "/pair/0123456789abcdef0123456789abcdef");
    g_autofree char *short_key = portal_raw_get_tls (fixture->portal, "/pair/0123");
    g_autofree char *deeper = portal_raw_get_tls (fixture->portal,
                                                  "/pair/0123456789abcdef0123456789abcdef/x");

    g_assert_cmpstr (unknown, ==, wrong);
    g_assert_cmpstr (short_key, ==, wrong);
    g_assert_cmpstr (deeper, ==, wrong);
  }

  /* Eight wait at once; the ninth is told to ask again later. */
  for (guint i = 0; i < ADM_TABLE_PAIRING_MAX_WAITING; i++)
    {
      g_free (pair_fetch (fixture, TRUE, "POST", "", good, &status));
      g_assert_cmpuint (status, ==, 200);
    }
  {
    g_autofree char *busy = pair_fetch (fixture, TRUE, "POST", "", good, &status);
    g_autoptr(JsonObject) said = json_of (busy);

    g_assert_cmpuint (status, ==, 429);
    g_assert_cmpstr (json_object_get_string_member (said, "code"), ==,
                     ADM_TABLE_PAIRING_REFUSED_BUSY);
  }
}

static gboolean
asking_told (gpointer data)
{
  return adm_table_asking_get_message (data) != NULL;
}

/* A refusal is told in the table master's language: his Admiralty's own sentence for the
 * chief's code, not the chief's English; and a busy chief is asked again. */
static void
test_busy_own_words (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *where = where_of (fixture);
  g_autofree char *good = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableAsking) asking = NULL;
  guint8 nonce[ADM_DICE_SECRET_LENGTH];
  g_autofree char *commit = NULL;
  guint status;

  g_assert_true (adm_dice_secret_new_random (nonce, NULL));
  commit = adm_dice_commitment_of (nonce);
  good = ask_body (NAME, commit);
  for (guint i = 0; i < ADM_TABLE_PAIRING_MAX_WAITING; i++)
    {
      g_free (pair_fetch (fixture, TRUE, "POST", "", good, &status));
      g_assert_cmpuint (status, ==, 200);
    }
  asking = adm_table_asking_new (where, NAME, &error);
  g_assert_no_error (error);
  run_until (asking_told, asking);
  g_assert_cmpstr (adm_table_asking_get_message (asking), ==,
                   "Too many tables are asking the chief master at once; asking again");
  g_assert_cmpint (adm_table_asking_get_state (asking), ==, ADM_TABLE_ASKING_CONNECTING);
  adm_table_asking_cancel (asking);
}

/* Two processes */

typedef struct {
  GSubprocess      *process;
  GDataInputStream *out;
  GString          *printed;
  char             *words;   /* the words the table printed, once it did */
  gboolean          ended;
} Table;

/* A table left behind by a failed test dies with it. */
static void
die_with_test (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void read_line (Table *table);

static void
line_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Table *table = data;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (table->out, result, NULL,
                                                                     NULL);
  const char *open, *close;

  if (line == NULL)
    {
      table->ended = TRUE;
      return;
    }
  g_string_append_printf (table->printed, "%s\n", line);
  /* "… must show the words “amber falcon”. …" */
  if (table->words == NULL && (open = strstr (line, "“")) != NULL &&
      (close = strstr (open, "”")) != NULL)
    table->words = g_strndup (open + strlen ("“"), close - open - strlen ("“"));
  read_line (table);
}

static void
read_line (Table *table)
{
  g_data_input_stream_read_line_async (table->out, G_PRIORITY_DEFAULT, NULL, line_cb, table);
}

static void
table_start (Table   *table,
             Fixture *fixture)
{
  g_autoptr(GSubprocessLauncher) launcher =
      g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_autofree char *where = where_of (fixture);
  g_autoptr(GError) error = NULL;

  g_subprocess_launcher_setenv (launcher, "LANGUAGE", "en", TRUE);
  /* The table's battles go to this test's own data folder. */
  g_subprocess_launcher_setenv (launcher, "XDG_DATA_HOME", fixture->dir, TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_test, NULL, NULL);
  table->process = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "join", "--ask",
                                                where, "--name", NAME, NULL);
  g_assert_no_error (error);
  table->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (table->process));
  table->printed = g_string_new (NULL);
  read_line (table);
}

static gboolean
table_ended (gpointer data)
{
  return ((Table *) data)->ended;
}

static void
table_clear (Table *table)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_wait (table->process, NULL, &error);
  g_assert_no_error (error);
  g_clear_object (&table->out);
  g_clear_object (&table->process);
  g_string_free (table->printed, TRUE);
  g_free (table->words);
}

static AdmTableRequest *
the_request (Fixture *fixture)
{
  run_until (one_waits, fixture);
  return g_list_model_get_item (adm_table_server_get_requests (fixture->tables), 0);
}

static void
test_accepted (Fixture       *fixture,
               gconstpointer  data)
{
  Table table = { NULL, };
  g_autoptr(AdmTableRequest) request = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL;

  table_start (&table, fixture);
  request = the_request (fixture);
  g_assert_cmpstr (adm_table_request_get_name (request), ==, NAME);
  g_assert_cmpstr (adm_table_request_get_address (request), ==, "127.0.0.1");
  /* Both screens show the same words (the table's line may follow the listing by a poll). */
  while (table.words == NULL && !table.ended)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (table.words, ==, adm_table_request_get_words (request));

  /* A table not served is no answer: the request still waits. */
  g_assert_false (adm_table_server_accept_request (fixture->tables, request, "Table 9", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_cmpuint (n_waiting (fixture), ==, 1);

  g_assert_true (adm_table_server_accept_request (fixture->tables, request, "Table 1", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_waiting (fixture), ==, 0);
  run_until (table_ended, &table);
  g_test_message ("%s", table.printed->str);
  g_assert_true (g_subprocess_wait_check (table.process, NULL, &error));
  g_assert_no_error (error);
  /* Let in as Table 1, with its link, and its engagement listed, not Table 2's. */
  g_assert_nonnull (strstr (table.printed->str, "Let in as Table 1."));
  link = portal_loopback_link (adm_table_server_get_link (fixture->tables, "Table 1"));
  g_assert_nonnull (strstr (table.printed->str, link));
  g_assert_nonnull (strstr (table.printed->str, fixture->ids[0]));
  g_assert_null (strstr (table.printed->str, fixture->ids[1]));

  /* Answered once: a second answer is an error naming him. */
  g_assert_false (adm_table_server_accept_request (fixture->tables, request, "Table 2", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, NAME));
  table_clear (&table);
}

static void
test_refused (Fixture       *fixture,
              gconstpointer  data)
{
  Table table = { NULL, };
  g_autoptr(AdmTableRequest) request = NULL;

  table_start (&table, fixture);
  request = the_request (fixture);
  adm_table_server_refuse_request (fixture->tables, request);
  g_assert_cmpuint (n_waiting (fixture), ==, 0);
  run_until (table_ended, &table);
  g_test_message ("%s", table.printed->str);
  g_assert_nonnull (strstr (table.printed->str, "The chief master refused this table"));
  g_assert_null (strstr (table.printed->str, "https://"));
  g_assert_true (g_subprocess_wait (table.process, NULL, NULL));
  g_assert_cmpint (g_subprocess_get_exit_status (table.process), !=, 0);
  table_clear (&table);
}

/* In this process */

static gboolean
asking_waits (gpointer data)
{
  return adm_table_asking_get_state (data) == ADM_TABLE_ASKING_WAITING;
}

static void
test_cancelled (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *where = where_of (fixture);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableAsking) asking = adm_table_asking_new (where, NAME, &error);
  g_autoptr(AdmTableRequest) request = NULL;

  g_assert_no_error (error);
  run_until (asking_waits, asking);
  request = the_request (fixture);
  g_assert_cmpstr (adm_table_asking_get_words (asking), ==,
                   adm_table_request_get_words (request));
  adm_table_asking_cancel (asking);
  g_assert_cmpint (adm_table_asking_get_state (asking), ==, ADM_TABLE_ASKING_CANCELLED);
  run_until (none_waits, fixture);
  g_assert_false (adm_table_server_accept_request (fixture->tables, request, "Table 1", &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* Someone in between: a TLS proxy with a certificate of its own, passing everything on to the
 * chief over TLS (accepting his certificate, whatever it is). */

typedef struct {
  GSocketService  *service;
  GTlsCertificate *certificate;
  guint            port;
  guint            chief_port;
} Proxy;

static gboolean
accept_any_cb (GTlsConnection       *connection,
               GTlsCertificate      *certificate,
               GTlsCertificateFlags  errors,
               gpointer              data)
{
  return TRUE;
}

static void
spliced_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_io_stream_splice_finish (result, NULL);
}

static gboolean
proxy_incoming_cb (GSocketService    *service,
                   GSocketConnection *connection,
                   GObject           *source,
                   gpointer           data)
{
  Proxy *proxy = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GIOStream) table_side = NULL;
  g_autoptr(GSocketConnection) upstream = NULL;
  g_autoptr(GIOStream) chief_side = NULL;
  g_autoptr(GSocketConnectable) chief = g_network_address_new ("127.0.0.1", proxy->chief_port);

  table_side = g_tls_server_connection_new (G_IO_STREAM (connection), proxy->certificate, &error);
  g_assert_no_error (error);
  upstream = g_socket_client_connect (client, chief, NULL, &error);
  g_assert_no_error (error);
  chief_side = g_tls_client_connection_new (G_IO_STREAM (upstream), chief, &error);
  g_assert_no_error (error);
  g_signal_connect (chief_side, "accept-certificate", G_CALLBACK (accept_any_cb), NULL);
  /* The handshakes happen as the first bytes pass. */
  g_io_stream_splice_async (table_side, chief_side, G_IO_STREAM_SPLICE_NONE, G_PRIORITY_DEFAULT,
                            NULL, spliced_cb, NULL);
  return TRUE;
}

static void
proxy_start (Proxy   *proxy,
             Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pem = adm_table_certificate_make_pem (&error);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;

  g_assert_no_error (error);
  proxy->certificate = g_tls_certificate_new_from_pem (pem, -1, &error);
  g_assert_no_error (error);
  proxy->chief_port = adm_portal_get_port (fixture->portal);
  proxy->service = g_socket_service_new ();
  g_socket_listener_add_address (G_SOCKET_LISTENER (proxy->service), address,
                                 G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL, &bound,
                                 &error);
  g_assert_no_error (error);
  proxy->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  g_signal_connect (proxy->service, "incoming", G_CALLBACK (proxy_incoming_cb), proxy);
  g_socket_service_start (proxy->service);
}

static gboolean
asking_over (gpointer data)
{
  return adm_table_asking_get_state (data) >= ADM_TABLE_ASKING_ACCEPTED;
}

static void
test_in_between (Fixture       *fixture,
                 gconstpointer  data)
{
  Proxy proxy = { NULL, };
  g_autofree char *where = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableAsking) asking = NULL;
  g_autoptr(AdmTableRequest) request = NULL;

  proxy_start (&proxy, fixture);
  where = g_strdup_printf ("127.0.0.1:%u", proxy.port);
  asking = adm_table_asking_new (where, NAME, &error);
  g_assert_no_error (error);
  run_until (asking_waits, asking);
  request = the_request (fixture);
  /* The two screens' words come from two certificates: they match one time in 65,536 only,
   * which is what comparing them catches; here the chief lets him in without comparing. */
  g_test_message ("table: %s; chief: %s", adm_table_asking_get_words (asking),
                  adm_table_request_get_words (request));
  g_assert_true (adm_table_server_accept_request (fixture->tables, request, "Table 1", &error));
  g_assert_no_error (error);
  run_until (asking_over, asking);
  g_assert_cmpint (adm_table_asking_get_state (asking), ==, ADM_TABLE_ASKING_FAILED);
  g_assert_nonnull (strstr (adm_table_asking_get_message (asking),
                            "does not name the certificate the check was drawn from"));
  g_assert_null (adm_table_asking_get_link (asking));
  g_socket_service_stop (proxy.service);
  g_socket_listener_close (G_SOCKET_LISTENER (proxy.service));
  g_clear_object (&proxy.service);
  g_clear_object (&proxy.certificate);
}

static void
test_bad_where (void)
{
  const char *bad[] = { "", "localhost", "127.0.0.1", "127.0.0.1:0", "a@127.0.0.1:8040",
                        "127.0.0.1:8040/x", "127.0.0.1:8040?x", "127.0.0.1:99999" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmTableAsking) asking = adm_table_asking_new (bad[i], NAME, &error);

      g_test_message ("%s", bad[i]);
      g_assert_null (asking);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }
}

/* Advertised */

typedef struct {
  AdmTableFinder *finder;
  const char     *name;
  guint           port;
} Looking;

static gboolean
found (gpointer data)
{
  Looking *looking = data;
  GListModel *chiefs = adm_table_finder_get_chiefs (looking->finder);

  for (guint i = 0; i < g_list_model_get_n_items (chiefs); i++)
    {
      g_autoptr(AdmTableChief) chief = g_list_model_get_item (chiefs, i);

      if (g_str_equal (adm_table_chief_get_name (chief), looking->name) &&
          adm_table_chief_get_port (chief) == looking->port)
        return TRUE;
    }
  return FALSE;
}

static gboolean
gone (gpointer data)
{
  return !found (data);
}

static gboolean
advert_settled (gpointer data)
{
  AdmTableAdvert *advert = data;

  return adm_table_advert_get_published (advert) || adm_table_advert_get_message (advert) != NULL;
}

static void
test_advertised (Fixture       *fixture,
                 gconstpointer  data)
{
  AdmTableAdvert *advert = adm_table_server_get_advert (fixture->tables);
  g_autoptr(AdmTableFinder) finder = NULL;
  g_autofree char *name = NULL;
  Looking looking = { NULL, };

  run_until (advert_settled, advert);
  if (!adm_table_advert_get_published (advert))
    {
      /* No daemon on this computer: nothing to find, the links serve (docs/manual.md). */
      g_test_skip (adm_table_advert_get_message (advert));
      return;
    }
  name = g_strdup (adm_table_advert_get_name (advert));
  g_assert_true (g_str_has_prefix (name, "The Komarr Campaign"));
  finder = adm_table_finder_new ();
  looking.finder = finder;
  looking.name = name;
  looking.port = adm_portal_get_port (fixture->portal);
  run_until (found, &looking);
  g_assert_null (adm_table_finder_get_message (finder));
  /* The tables no longer served: withdrawn, and the finder lets the chief go. */
  g_clear_object (&fixture->tables);
  run_until (gone, &looking);
}

/* No system bus to reach Avahi through: the chief's advert and the table's finder each say
 * that Avahi is not running on this computer, the words a master can act on, never Avahi's own
 * "Operation failed" or "Daemon not running". Two such buses: a socket that is not there, and
 * an address that is no socket at all. Each in a process of its own, as D-Bus keeps the
 * system bus's address once read. */
static void
test_no_system_bus (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *addresses[] = { "unix:path=/nonexistent/admiralty-no-system-bus",
                              "unix:path=/dev/null/no-system-bus" };

  if (g_test_subprocess ())
    {
      AdmTableAdvert *advert = adm_table_server_get_advert (fixture->tables);
      g_autoptr(AdmTableFinder) finder = adm_table_finder_new ();
      const char *advert_message, *finder_message;

      run_until (advert_settled, advert);
      g_assert_false (adm_table_advert_get_published (advert));
      advert_message = adm_table_advert_get_message (advert);
      finder_message = adm_table_finder_get_message (finder);
      g_test_message ("advert: %s; finder: %s", advert_message, finder_message);
      g_assert_cmpstr (advert_message, ==, "Tables are not advertised on this network: Avahi is "
                                           "not running on this computer; tables join by their "
                                           "links");
      g_assert_cmpstr (finder_message, ==, "Chief masters on this network cannot be looked for: "
                                           "Avahi is not running on this computer; paste the "
                                           "table’s link instead");
      g_assert_cmpuint (g_list_model_get_n_items (adm_table_finder_get_chiefs (finder)), ==, 0);
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (addresses); i++)
    {
      g_autofree char *before = g_strdup (g_getenv ("DBUS_SYSTEM_BUS_ADDRESS"));

      g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", addresses[i], TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      if (before != NULL)
        g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", before, TRUE);
      else
        g_unsetenv ("DBUS_SYSTEM_BUS_ADDRESS");
      g_test_trap_assert_passed ();
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/table-pairing/words", test_words);
  g_test_add_func ("/engine/table-pairing/bad-where", test_bad_where);
  g_test_add ("/engine/table-pairing/bad-requests", Fixture, NULL, fixture_setup,
              test_bad_requests, fixture_teardown);
  g_test_add ("/engine/table-pairing/accepted", Fixture, NULL, fixture_setup, test_accepted,
              fixture_teardown);
  g_test_add ("/engine/table-pairing/refused", Fixture, NULL, fixture_setup, test_refused,
              fixture_teardown);
  g_test_add ("/engine/table-pairing/busy-own-words", Fixture, NULL, fixture_setup,
              test_busy_own_words, fixture_teardown);
  g_test_add ("/engine/table-pairing/cancelled", Fixture, NULL, fixture_setup, test_cancelled,
              fixture_teardown);
  g_test_add ("/engine/table-pairing/in-between", Fixture, NULL, fixture_setup, test_in_between,
              fixture_teardown);
  g_test_add ("/engine/table-pairing/advertised", Fixture, NULL, fixture_setup, test_advertised,
              fixture_teardown);
  g_test_add ("/engine/table-pairing/no-system-bus", Fixture, NULL, fixture_setup,
              test_no_system_bus, fixture_teardown);
  return g_test_run ();
}
