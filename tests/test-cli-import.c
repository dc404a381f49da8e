/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-import.c: several masters, one campaign, on the command line — the chief's side.
 * The Komarr campaign after cycle 1 (its sheets, seed 7) hands c1-3 to "Table 1"
 * (`table-assign`); the table master's battle of it, played with scripted dice from the
 * battle the chief hands out (adm_campaign_table_battle ()), is exported as a <table-battle>
 * file, and:
 *  - `import` keeps its entries and says which; imported again it changes no byte of the
 *    campaign; with --json it says what the chief holds; an export with the ending applies it;
 *  - a malformed file, or a battle taken back (`table-take-back --reason`), is refused with
 *    exit 1, the file named (FILE:LINE) or the chief's reason said, and changes nothing;
 *  - `serve --tables N --assign ENGAGEMENT=TABLE` refuses a wrong assignment before serving,
 *    and otherwise journals it and prints a join link per table; a table's messages POSTed
 *    to its link are answered 200 and said: the entries kept, then the battle ended.
 * CLI_PATH comes from meson. */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

#define ENGAGEMENT "c1-3"

typedef struct {
  char *dir;
  char *campaign;
  char *assignment;
} Fixture;

/* Cycle 1 of Komarr from its sheets (engagements c1-1 … c1-4), c1-3 at "Table 1". */
static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *sheets = source_path ("scenarios", "komarr-campaign.sheets", NULL);
  g_autofree char *s1 = g_build_filename (sheets, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = g_build_filename (sheets, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = g_build_filename (sheets, "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autoptr(CliResult) cycle = NULL, assign = NULL;
  g_autoptr(JsonObject) root = NULL;

  fixture->dir = g_dir_make_tmp ("admiralty-cli-import-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->campaign = g_build_filename (fixture->dir, "komarr.admiralty", NULL);
  cycle = run_cli ("cycle", scenario, "--orders", s1, s2, s3, "--save", fixture->campaign,
                   "--seed", "7", NULL);
  g_assert_cmpint (cycle->status, ==, 0);
  if (data != NULL)
    return;
  assign = run_cli ("table-assign", fixture->campaign, ENGAGEMENT, "Table 1", "--json", NULL);
  g_assert_cmpint (assign->status, ==, 0);
  root = parse_json (assign->out);
  fixture->assignment = g_strdup (json_object_get_string_member (root, "assignment"));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  cli_remove_folder (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->campaign);
  g_free (fixture->assignment);
}

/* The table master's message: the battle @table gets from the chief's campaign, played on for
 * @turns turns with dice from a generator seeded with 11, from entry @from (with @end_reason,
 * ended). */
static char *
table_message (Fixture    *fixture,
               const char *table,
               int         turns,
               guint       from,
               const char *end_reason,
               gsize      *length,
               guint      *n_entries)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->campaign, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (11);
  g_autoptr(AdmBattle) battle = NULL;
  g_autofree char *xml = NULL;
  const AdmTableAssignment *at;

  g_assert_no_error (error);
  at = adm_state_get_table (adm_campaign_get_state (campaign), ENGAGEMENT);
  g_assert_nonnull (at);
  xml = adm_campaign_table_battle (campaign, table, ENGAGEMENT, &error);
  g_assert_no_error (error);
  battle = adm_battle_load_game_memory (xml, strlen (xml), "table battle", &error);
  g_assert_no_error (error);
  for (int i = 0; i < turns; i++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  if (n_entries != NULL)
    *n_entries = adm_journal_get_n_entries (adm_battle_get_log (battle));
  return adm_table_battle_message (battle, ENGAGEMENT, at->id, from, end_reason, length);
}

/* The same exported to a file in the fixture's folder named @name; its path. */
static char *
export_battle (Fixture    *fixture,
               int         turns,
               guint       from,
               const char *end_reason,
               const char *name,
               guint      *n_entries)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *message = table_message (fixture, "Table 1", turns, from, end_reason,
                                            &length, n_entries);
  char *path = g_build_filename (fixture->dir, name, NULL);

  g_assert_true (g_file_set_contents (path, message, (gssize) length, &error));
  g_assert_no_error (error);
  return path;
}

static gboolean
accept_pinned_cb (GTlsConnection       *connection,
                  GTlsCertificate      *certificate,
                  GTlsCertificateFlags  errors,
                  const char           *fingerprint)
{
  g_autoptr(GByteArray) der = NULL;
  g_autofree char *seen = NULL;

  g_object_get (certificate, "certificate", &der, NULL);
  seen = g_compute_checksum_for_data (G_CHECKSUM_SHA256, der->data, der->len);
  return g_str_equal (seen, fingerprint);
}

/* POSTs @message to @url ("https://127.0.0.1:PORT/table/TOKEN/#sha256=FINGERPRINT") for
 * ENGAGEMENT, as a table would, over TLS on a socket of its own, the certificate checked
 * against the link's; the answer's status line. */
static char *
post_entries (const char *url,
              const char *message,
              gsize       length)
{
  g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_NONE, NULL);
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) base = NULL;
  g_autoptr(GIOStream) connection = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *head = NULL;

  g_assert_nonnull (uri);
  g_assert_true (g_str_has_prefix (g_uri_get_fragment (uri), "sha256="));
  base = g_socket_client_connect_to_host (client, g_uri_get_host (uri),
                                          (guint16) g_uri_get_port (uri), NULL, &error);
  g_assert_no_error (error);
  connection = G_IO_STREAM (g_tls_client_connection_new (G_IO_STREAM (base), NULL, &error));
  g_assert_no_error (error);
  g_signal_connect (connection, "accept-certificate", G_CALLBACK (accept_pinned_cb),
                    (gpointer) (g_uri_get_fragment (uri) + strlen ("sha256=")));
  head = g_strdup_printf ("POST %sengagements/" ENGAGEMENT "/entries HTTP/1.1\r\n"
                          "Host: 127.0.0.1\r\nContent-Type: application/xml\r\n"
                          "Content-Length: %" G_GSIZE_FORMAT "\r\nConnection: close\r\n\r\n",
                          g_uri_get_path (uri), length);
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                            head, strlen (head), NULL, NULL, &error));
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                                            message, length, NULL, NULL, &error));
  g_assert_no_error (error);
  in = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (connection)));
  return g_strchomp (g_data_input_stream_read_line_utf8 (in, NULL, NULL, &error));
}

/* The next line serve prints that begins with "HH:MM:SS " (its reports), without the time. */
static char *
next_report (GDataInputStream *out)
{
  char *line;

  while ((line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, NULL)) != NULL)
    {
      g_test_message ("%s", line);
      if (strlen (line) > 9 && line[2] == ':' && line[5] == ':' && line[8] == ' ')
        {
          char *report = g_strdup (line + 9);

          g_free (line);
          return report;
        }
      g_free (line);
    }
  return NULL;
}

/* Kept once: the entries said; imported again, not one byte of the campaign changes. */
static void
test_import (Fixture       *fixture,
             gconstpointer  data)
{
  guint n = 0;
  g_autofree char *file = export_battle (fixture, 2, 1, NULL, "c1-3.table-battle", &n);
  g_autoptr(CliResult) first = run_cli ("import", fixture->campaign, file, NULL);
  g_autoptr(CliResult) again = NULL, json = NULL;
  g_autoptr(JsonObject) root = NULL;
  g_autofree char *expected = g_strdup_printf ("entries %u to %u", 1, n);
  g_autofree char *before = NULL, *after = NULL;

  g_test_message ("%s%s", first->out, first->err);
  g_assert_cmpint (first->status, ==, 0);
  g_assert_cmpuint (n, >, 1);
  g_assert_nonnull (strstr (first->out, expected));

  before = file_contents (fixture->campaign);
  again = run_cli ("import", fixture->campaign, file, NULL);
  g_assert_cmpint (again->status, ==, 0);
  g_assert_nonnull (strstr (again->out, "nothing new"));
  json = run_cli ("import", fixture->campaign, file, "--json", NULL);
  g_assert_cmpint (json->status, ==, 0);
  root = parse_json (json->out);
  g_assert_cmpstr (json_object_get_string_member (root, "engagement"), ==, ENGAGEMENT);
  g_assert_cmpint (json_object_get_int_member (root, "added"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (root, "kept"), ==, n);
  g_assert_cmpuint (strlen (json_object_get_string_member (root, "last")), ==, 64);
  g_assert_false (json_object_get_boolean_member (root, "ended"));
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
}

/* An export of the battle ended at the table brings its ending. */
static void
test_import_ending (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *file = export_battle (fixture, 1, 1, "Pol Six withdrew", "ended.xml", NULL);
  g_autoptr(CliResult) result = run_cli ("import", fixture->campaign, file, NULL);
  g_autoptr(CliResult) engagements = NULL;

  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, "is ended; its results are in the campaign"));
  engagements = run_cli ("engagements", fixture->campaign, "--json", NULL);
  g_assert_cmpint (engagements->status, ==, 0);
  g_assert_nonnull (strstr (engagements->out, "\"finished\""));
}

/* Refusals: exit 1, said, nothing changed. */
static void
test_refusals (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *file = export_battle (fixture, 1, 1, NULL, "c1-3.xml", NULL);
  g_autofree char *broken = g_build_filename (fixture->dir, "broken.xml", NULL);
  g_autofree char *text = file_contents (file);
  g_autofree char *before = NULL, *after = NULL;
  g_autoptr(CliResult) malformed = NULL, taken = NULL, back = NULL, missing = NULL;
  g_autoptr(GError) error = NULL;

  /* Cut short in the middle of the battle. */
  g_assert_true (g_file_set_contents (broken, text, (gssize) strlen (text) / 2, &error));
  g_assert_no_error (error);
  before = file_contents (fixture->campaign);
  malformed = run_cli ("import", fixture->campaign, broken, NULL);
  assert_failure (malformed, 1, "broken.xml:");
  missing = run_cli ("import", fixture->campaign, "no-such-file.xml", NULL);
  g_assert_cmpint (missing->status, ==, 1);
  g_assert_nonnull (strstr (missing->err, "no-such-file.xml"));
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  back = run_cli ("table-take-back", fixture->campaign, ENGAGEMENT, "--reason",
                  "Table 1 went home", NULL);
  g_assert_cmpint (back->status, ==, 0);
  g_clear_pointer (&before, g_free);
  before = file_contents (fixture->campaign);
  taken = run_cli ("import", fixture->campaign, file, NULL);
  assert_failure (taken, 1, "Table 1 went home");
  g_clear_pointer (&after, g_free);
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);
}

/* serve --tables: a refused --assign ends it before anything is served, changing nothing;
 * otherwise the hand-off is journaled and each table's join link printed. */
static void
test_serve_tables (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *before = file_contents (fixture->campaign);
  g_autofree char *after = NULL;
  g_autoptr(CliResult) beyond = run_cli ("serve", fixture->campaign, "--tables", "2", "--assign",
                                         ENGAGEMENT "=3", "--address", "127.0.0.1", "--port", "0",
                                         NULL);
  g_autoptr(CliResult) unknown = run_cli ("serve", fixture->campaign, "--tables", "2",
                                          "--assign", "c9-9=2", "--address", "127.0.0.1",
                                          "--port", "0", NULL);
  g_autoptr(CliResult) alone = run_cli ("serve", fixture->campaign, "--assign", "c1-3=2", NULL);
  g_autoptr(GSubprocess) serve = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  gboolean links[2] = { FALSE, FALSE };
  gboolean assigned = FALSE;
  g_autofree char *link2 = NULL, *message = NULL, *ended = NULL;
  g_autofree char *status = NULL, *status_ended = NULL, *report = NULL, *report_ended = NULL;
  g_autofree char *expected = NULL;
  gsize length = 0, length_ended = 0;
  guint n = 0;
  char *line;

  assert_failure (beyond, 1, "“Table 1” to “Table 2”");
  g_assert_cmpint (unknown->status, ==, 1);
  g_assert_nonnull (strstr (unknown->err, "c9-9"));
  g_assert_cmpint (alone->status, ==, 2);
  after = file_contents (fixture->campaign);
  g_assert_cmpstr (before, ==, after);

  serve = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDIN_PIPE,
                            &error, CLI_PATH, "serve", fixture->campaign, "--tables", "2",
                            "--assign", ENGAGEMENT "=Table 2", "--address", "127.0.0.1",
                            "--port", "0", NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (serve));
  while (!(links[0] && links[1]) &&
         (line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error)) != NULL)
    {
      g_test_message ("%s", line);
      if (strstr (line, "Engagement " ENGAGEMENT " is at the table “Table 2” now") != NULL)
        assigned = TRUE;
      for (guint t = 0; t < 2; t++)
        {
          g_autofree char *prefix = g_strdup_printf ("Table %u: https://127.0.0.1:", t + 1);

          if (g_str_has_prefix (line, prefix) && strstr (line, "/table/") != NULL &&
              strstr (line, "/#sha256=") != NULL)
            links[t] = TRUE;
          if (t == 1 && links[t] && link2 == NULL)
            link2 = g_strdup (line + strlen ("Table 2: "));
        }
      g_free (line);
    }
  g_assert_no_error (error);
  g_assert_nonnull (link2);

  /* Table 2's master sends his battle, then its ending: serve says each. */
  message = table_message (fixture, "Table 2", 1, 1, NULL, &length, &n);
  status = post_entries (link2, message, length);
  g_assert_cmpstr (status, ==, "HTTP/1.1 200 OK");
  report = next_report (out);
  expected = g_strdup_printf ("Table 2, engagement " ENGAGEMENT ": entries 1 to %u kept", n);
  g_assert_cmpstr (report, ==, expected);
  ended = table_message (fixture, "Table 2", 1, n + 1, "Pol Six withdrew", &length_ended, NULL);
  status_ended = post_entries (link2, ended, length_ended);
  g_assert_cmpstr (status_ended, ==, "HTTP/1.1 200 OK");
  /* Its last turn, then its ending. */
  g_clear_pointer (&report, g_free);
  report = next_report (out);
  g_assert_true (g_str_has_prefix (report, "Table 2, engagement " ENGAGEMENT ": entries "));
  report_ended = next_report (out);
  g_assert_cmpstr (report_ended, ==, "Table 2, engagement " ENGAGEMENT ": the battle is ended; "
                   "its results are in the campaign");
  g_subprocess_send_signal (serve, SIGTERM);
  g_assert_true (g_subprocess_wait (serve, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (assigned);
  g_assert_true (links[0]);
  g_assert_true (links[1]);
  {
    g_autoptr(AdmCampaign) campaign = adm_campaign_open (fixture->campaign, &error);
    const AdmTableAssignment *at;

    g_assert_no_error (error);
    at = adm_state_get_table (adm_campaign_get_state (campaign), ENGAGEMENT);
    g_assert_nonnull (at);
    g_assert_cmpstr (at->table, ==, "Table 2");
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/import/kept-once", Fixture, NULL, fixture_setup, test_import,
              fixture_teardown);
  g_test_add ("/cli/import/ending", Fixture, NULL, fixture_setup, test_import_ending,
              fixture_teardown);
  g_test_add ("/cli/import/refusals", Fixture, NULL, fixture_setup, test_refusals,
              fixture_teardown);
  g_test_add ("/cli/import/serve-tables", Fixture, "no hand-off", fixture_setup,
              test_serve_tables, fixture_teardown);
  return g_test_run ();
}
