/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-server.c: several masters, one campaign — the chief's side. The Komarr campaign
 * after cycle 1 (its sheets), saved in a new folder, serves two tables on the admirals' portal
 * on 127.0.0.1 (a free port), one engagement handed to each, over TLS; a libsoup client in a
 * thread of its own plays the table master, a raw socket the stranger:
 *  - the certificate is made once and kept beside the campaign (0600), the same after a
 *    restart; the server shows the one whose fingerprint the links carry; a table's path in
 *    plain HTTP is the one 404, while the admirals' phones are served in plain HTTP;
 *  - a table's list shows its own engagement and not the other's; its battle is served, the
 *    other table's is the wrong path;
 *  - a wrong token, a revoked one, an admiral's token under /table/, a table's under /a/, a
 *    path not listed: the portal's one 404, byte for byte (the Date aside);
 *  - a message of a battle played at the table with scripted dice is kept (200), sent again
 *    it changes nothing (not one journal entry more), and "battle-changed" says so on the
 *    main thread with the time it arrived;
 *  - taken back by the chief, the next message is refused (409 taken-back, his reason);
 *  - a body too large is refused before it is read (413); malformed XML is refused (409
 *    malformed) and changes nothing;
 *  - both tables playing at once, each on a thread of its own with the table's client and the
 *    program dice the chief committed to: every entry kept once, none refused. */

#include "config.h"

#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "admiralty-engine.h"
#include "adm-portal.h"
#include "adm-portal-tokens.h"
#include "adm-table-client.h"
#include "adm-table-server.h"
#include "cli-helpers.h"
#include "komarr-helpers.h"
#include "portal-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
/* The seed of the secret a test's program dice are drawn from (table_dice_fixed ()). */
#define PROGRAM_SEED 5

typedef struct {
  char           *dir;
  AdmCampaign    *campaign;
  AdmPortal      *portal;
  AdmTableServer *tables;
  char           *ids[2];      /* the engagement at "Table 1", at "Table 2" */
  guint           changed;     /* "battle-changed" emitted */
  char           *changed_id;
} Fixture;

/* The client (portal-helpers.h): @method on @url (with @body, POST): the status, and the
 * answer as text. */
static char *
fetch (const char *method,
       const char *url,
       GBytes     *body,
       guint      *status)
{
  PortalRequest request = { .method = method, .url = url, .body = body,
                            .content_type = "application/xml" };

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

/* The stranger: @head sent as it is on a new connection, nothing normalised by a client
 * library; the reply's status line, headers but Date, and body as one text
 * (portal_raw_request ()). */
static char *
raw_request (Fixture    *fixture,
             const char *head)
{
  return portal_raw_request_tls (fixture->portal, head);
}

static char *
raw_get (Fixture    *fixture,
         const char *path)
{
  return portal_raw_get_tls (fixture->portal, path);
}

/* The fixture */

static void
battle_changed_cb (AdmTableServer *tables,
                   const char     *engagement_id,
                   const char     *table,
                   Fixture        *fixture)
{
  fixture->changed++;
  g_free (fixture->changed_id);
  fixture->changed_id = g_strdup (engagement_id);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(GError) error = NULL;
  guint found = 0;

  fixture->dir = g_dir_make_tmp ("admiralty-table-server-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->dir, "komarr.admiralty", NULL);
  fixture->campaign = komarr_play_saved (NULL, 1, T0, path);

  /* The first two engagements that may be handed out, one to each table. */
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
  g_signal_connect (fixture->tables, "battle-changed", G_CALLBACK (battle_changed_cb), fixture);
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
  g_free (fixture->changed_id);
}

/* @table's link without its fragment, which names the certificate: what requests go to. */
static char *
link_of (Fixture    *fixture,
         const char *table)
{
  g_autofree char *link = portal_loopback_link (adm_table_server_get_link (fixture->tables,
                                                                           table));
  g_autofree char *fragment = g_strconcat ("#sha256=",
                                           adm_table_server_get_fingerprint (fixture->tables),
                                           NULL);

  g_assert_true (g_str_has_prefix (link, "https://127.0.0.1:"));
  g_assert_true (g_str_has_suffix (link, fragment));
  return g_strndup (link, strlen (link) - strlen (fragment));
}

/* "/table/TOKEN/" of @table's link. */
static char *
path_of (Fixture    *fixture,
         const char *table)
{
  g_autofree char *link = link_of (fixture, table);

  return g_strdup (strstr (link, "/table/"));
}

static guint
n_entries (Fixture *fixture)
{
  return adm_journal_get_n_entries (adm_campaign_get_journal (fixture->campaign));
}

/* The set-up of @engagement_id as the table downloads it: the saved battle, and the secret of
 * its program dice into @secret (docs/dice.md). */
static char *
table_setup (Fixture    *fixture,
             const char *table,
             const char *engagement_id,
             guint8     *secret)
{
  g_autofree char *link = link_of (fixture, table);
  g_autofree char *url = g_strdup_printf ("%sengagements/%s/battle", link, engagement_id);
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  gboolean has_secret = FALSE;
  char *battle;
  guint status;

  xml = fetch ("GET", url, NULL, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  battle = adm_table_setup_read (xml, strlen (xml), "table battle", secret, &has_secret,
                                 NULL, &error);
  g_assert_no_error (error);
  g_assert_true (has_secret);
  return battle;
}

/* The battle of @engagement_id as the table gets it, played on for @turns turns with the
 * program dice of the secret its set-up carries, as a table draws them — or, with a @seed,
 * from a generator of the table's own, which are not the dice the chief committed to. */
static AdmBattle *
table_battle_with (Fixture         *fixture,
                   const char      *table,
                   const char      *engagement_id,
                   AdmBattleOrders *orders,
                   int              turns,
                   guint32          seed)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  g_autofree char *xml = table_setup (fixture, table, engagement_id, secret);
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GError) error = NULL;
  AdmBattle *battle;

  battle = adm_battle_load_game_memory (xml, strlen (xml), "table battle", &error);
  g_assert_no_error (error);
  dice = seed != 0 ? ADM_DICE_SOURCE (adm_dice_prng_new (seed))
                   : ADM_DICE_SOURCE (adm_dice_commit_new (secret, engagement_id, 1));
  for (int i = 0; i < turns; i++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, orders != NULL
                                                        ? adm_battle_orders_get_turn (orders,
                                                                                      i + 1)
                                                        : NULL, dice, &error));
      g_assert_no_error (error);
    }
  return battle;
}

static AdmBattle *
table_battle (Fixture    *fixture,
              const char *table,
              const char *engagement_id,
              int         turns,
              guint32     seed)
{
  return table_battle_with (fixture, table, engagement_id, NULL, turns, seed);
}

static char *
post_message (Fixture    *fixture,
              const char *table,
              const char *engagement_id,
              GBytes     *message,
              guint      *status)
{
  g_autofree char *link = link_of (fixture, table);
  g_autofree char *url = g_strdup_printf ("%sengagements/%s/entries", link, engagement_id);

  return fetch ("POST", url, message, status);
}

static GBytes *
message_of (Fixture    *fixture,
            AdmBattle  *battle,
            const char *engagement_id,
            guint       from)
{
  const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (fixture->campaign),
                                                      engagement_id);
  gsize length = 0;
  char *message;

  g_assert_nonnull (at);
  message = adm_table_battle_message (battle, engagement_id, at->id, from, NULL, &length);
  g_assert_nonnull (message);
  return g_bytes_new_take (message, length);
}

/* Tests */

static void
test_list (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *link = link_of (fixture, "Table 1");
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) list = NULL;
  JsonArray *engagements;
  JsonObject *first;
  guint status;

  text = fetch ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  list = json_of (text);
  g_assert_cmpstr (json_object_get_string_member (list, "table"), ==, "Table 1");
  g_assert_cmpstr (json_object_get_string_member (list, "campaign"), ==,
                   adm_scenario_get_name (adm_campaign_get_scenario (fixture->campaign)));
  engagements = json_object_get_array_member (list, "engagements");
  g_assert_cmpuint (json_array_get_length (engagements), ==, 1);
  first = json_array_get_object_element (engagements, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "id"), ==, fixture->ids[0]);
  g_assert_cmpstr (json_object_get_string_member (first, "assignment"), ==,
                   adm_state_get_table (adm_campaign_get_state (fixture->campaign),
                                        fixture->ids[0])->id);
  g_assert_cmpstr (json_object_get_string_member (first, "status"), ==, "not-fought");
  /* Nothing kept yet: no entry, no hash. */
  g_assert_cmpint (json_object_get_int_member (first, "kept"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "last"), ==, "");
  g_assert_false (json_object_get_boolean_member (first, "ended"));
  g_assert_null (strstr (text, fixture->ids[1]));
}

/* F-STRAT-15: a battle not begun is listed with its placements step, as the chief's own
 * dialog shows it (a table master is a master); once the chief keeps a phase, without. */
static void
test_list_placements (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *link = link_of (fixture, "Table 1");
  g_autofree char *text = NULL, *after = NULL, *posted = NULL;
  g_autoptr(JsonObject) list = NULL, later = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = adm_campaign_find_engagement (fixture->campaign,
                                                                            fixture->ids[0],
                                                                            NULL);
  g_autoptr(AdmPlacementStep) step = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GBytes) message = NULL;
  JsonObject *first, *placements;
  JsonArray *offered, *formations;
  guint status;

  g_assert_nonnull (engagement);
  step = adm_placement_step_of (adm_campaign_get_state (fixture->campaign),
                                &engagement->engagement, adm_audience_master ());
  g_assert_nonnull (step);
  g_assert_null (adm_placement_step_of (adm_campaign_get_state (fixture->campaign),
                                        &engagement->engagement, adm_audience_side (0)));
  text = fetch ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  list = json_of (text);
  first = json_array_get_object_element (json_object_get_array_member (list, "engagements"), 0);
  placements = json_object_get_object_member (first, "placements");
  g_assert_nonnull (placements);
  g_assert_cmpint (json_object_get_int_member (placements, "cycle"), ==,
                   engagement->engagement.cycle);
  offered = json_object_get_array_member (placements, "offered");
  g_assert_cmpuint (json_array_get_length (offered), ==, step->offered->len);
  g_assert_cmpuint (json_array_get_length (offered), >, 1);
  formations = json_object_get_array_member (placements, "formations");
  g_assert_cmpuint (json_array_get_length (formations), ==, step->choices->len);
  g_assert_cmpuint (json_array_get_length (formations), >, 1);
  for (guint i = 0; i < step->choices->len; i++)
    {
      const AdmPlacementChoice *choice = g_ptr_array_index (step->choices, i);
      JsonObject *listed = json_array_get_object_element (formations, i);

      g_assert_cmpstr (json_object_get_string_member (listed, "id"), ==, choice->formation);
      g_assert_cmpstr (json_object_get_string_member (listed, "placement"), ==,
                       choice->placement);
      g_assert_cmpstr (json_object_get_string_member (listed, "reason"), ==, choice->reason);
      g_assert_cmpstr (json_object_get_string_member (listed, "side"), ==, choice->side);
    }
  g_assert_nonnull (json_object_get_array_member (placements, "words"));

  /* A phase kept: the placements stay, and no step is listed. */
  battle = table_battle (fixture, "Table 1", fixture->ids[0], 1, 0);
  message = message_of (fixture, battle, fixture->ids[0], 1);
  posted = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  after = fetch ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  later = json_of (after);
  first = json_array_get_object_element (json_object_get_array_member (later, "engagements"), 0);
  g_assert_cmpint (json_object_get_int_member (first, "kept"), >, 0);
  g_assert_false (json_object_has_member (first, "placements"));
}

/* Every way in that is not a table's own: the one 404 of the portal, byte for byte. */
static void
test_not_found (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *wrong = raw_get (fixture, "/no/such/path");
  g_autofree char *path1 = path_of (fixture, "Table 1");
  g_autofree char *path2 = path_of (fixture, "Table 2");
  const char *admiral = adm_portal_tokens_get (adm_portal_get_tokens (fixture->portal),
                                               "vorkosigan");
  g_autofree char *table_token = g_strndup (path1 + strlen ("/table/"), ADM_PORTAL_TOKEN_CHARS);
  g_autofree char *other_battle = g_strdup_printf ("%sengagements/%s/battle", path1,
                                                   fixture->ids[1]);
  g_autofree char *no_battle = g_strdup_printf ("%sengagements/c99-1/battle", path1);
  g_autofree char *dotted = g_strdup_printf ("%sengagements/../battle", path1);
  g_autofree char *as_admiral = g_strdup_printf ("/a/%s/", table_token);
  g_autofree char *as_table = g_strdup_printf ("/table/%s/", admiral);
  g_autofree char *old_path2 = g_strdup (path2);
  g_autofree char *new_path2 = NULL;
  g_autofree char *answer = NULL;
  g_autoptr(GError) error = NULL;
  char bad[] = "/table/00000000000000000000000000000000/";
  const char *paths[] = { bad, "/table/", "/table/short/", other_battle, no_battle, dotted,
                          as_admiral, as_table, NULL };

  g_assert_nonnull (admiral);
  g_assert_true (g_str_has_prefix (wrong, "HTTP/1.1 404"));
  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *reply = raw_get (fixture, paths[i]);

      g_test_message ("%s", paths[i]);
      g_assert_cmpstr (reply, ==, wrong);
    }
  /* A table's token with one digit changed. */
  bad[7] = path1[7] == 'a' ? 'b' : 'a';
  memcpy (bad + 8, path1 + 8, ADM_PORTAL_TOKEN_CHARS - 1);
  answer = raw_get (fixture, bad);
  g_assert_cmpstr (answer, ==, wrong);
  g_clear_pointer (&answer, g_free);

  /* Revoked: the old link is dead, the new one lives, and the side file keeps it. */
  answer = raw_get (fixture, old_path2);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 200"));
  g_clear_pointer (&answer, g_free);
  g_assert_true (adm_table_server_reissue (fixture->tables, "Table 2", &error));
  g_assert_no_error (error);
  new_path2 = path_of (fixture, "Table 2");
  g_assert_cmpstr (new_path2, !=, old_path2);
  answer = raw_get (fixture, old_path2);
  g_assert_cmpstr (answer, ==, wrong);
  g_clear_pointer (&answer, g_free);
  answer = raw_get (fixture, new_path2);
  g_assert_true (g_str_has_prefix (answer, "HTTP/1.1 200"));
}

/* TLS: the certificate is kept beside the campaign, readable by the master alone, and made
 * once: a server made again shows the same one, the one its links name. A table's way in is
 * TLS alone: in plain HTTP it is the one 404, while the phones are served in plain HTTP. */
static void
test_tls (Fixture       *fixture,
          gconstpointer  data)
{
  g_autofree char *dir = g_path_get_dirname (adm_campaign_get_path (fixture->campaign));
  g_autofree char *file = g_build_filename (dir, ".komarr.table-certificate", NULL);
  g_autofree char *link = link_of (fixture, "Table 1");
  g_autofree char *path = path_of (fixture, "Table 1");
  g_autofree char *plain_wrong = portal_raw_get (fixture->portal, "/no/such/path");
  g_autofree char *plain = portal_raw_get (fixture->portal, path);
  g_autofree char *over_tls = raw_get (fixture, path);
  g_autofree char *fingerprint = g_strdup (adm_table_server_get_fingerprint (fixture->tables));
  g_autofree char *phone = portal_loopback_link (adm_portal_get_link (fixture->portal,
                                                                      "vorkosigan"));
  g_autofree char *page = NULL, *listing = NULL;
  PortalRequest request = { .method = "GET", .url = link };
  g_autoptr(GError) error = NULL;
  GStatBuf buf;
  guint status;

  g_assert_cmpint (g_stat (file, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);
  g_assert_cmpuint (strlen (fingerprint), ==, 64);

  portal_request_run (&request);
  g_assert_cmpuint (request.status, ==, SOUP_STATUS_OK);
  g_assert_cmpstr (request.peer, ==, fingerprint);
  portal_request_clear (&request);

  g_assert_cmpstr (plain, ==, plain_wrong);
  g_assert_true (g_str_has_prefix (over_tls, "HTTP/1.1 200"));
  g_assert_true (g_str_has_prefix (phone, "http://"));
  page = fetch ("GET", phone, NULL, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);

  /* The tables no longer served, no TLS is spoken at all; the chief's Admiralty started
   * again: the same certificate, the same links. */
  g_clear_object (&fixture->tables);
  g_free (over_tls);
  over_tls = raw_get (fixture, path);
  g_assert_cmpstr (over_tls, ==, "");
  fixture->tables = adm_table_server_new (fixture->portal, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adm_table_server_get_fingerprint (fixture->tables), ==, fingerprint);
  listing = fetch ("GET", link, NULL, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);

  /* A key file readable by others is made the master's alone when it is read. */
  g_clear_object (&fixture->tables);
  g_assert_cmpint (g_chmod (file, 0644), ==, 0);
  fixture->tables = adm_table_server_new (fixture->portal, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (file, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);
  g_assert_cmpstr (adm_table_server_get_fingerprint (fixture->tables), ==, fingerprint);
}

/* The tables' keys sit in the portal's side file, [tables], 0600; fewer tables, their links
 * dead. */
static void
test_keys (Fixture       *fixture,
           gconstpointer  data)
{
  const char *file = adm_portal_tokens_get_path (adm_portal_get_tokens (fixture->portal));
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path2 = path_of (fixture, "Table 2");
  g_autofree char *wrong = raw_get (fixture, "/no/such/path");
  g_autofree char *answer = NULL;
  g_autofree char *token = NULL;
  GStatBuf buf;

  g_assert_true (g_key_file_load_from_file (keys, file, G_KEY_FILE_NONE, &error));
  g_assert_no_error (error);
  token = g_key_file_get_string (keys, ADM_PORTAL_TOKENS_TABLES, "Table 2", &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (path2 + strlen ("/table/"), token));
  g_assert_true (g_key_file_has_key (keys, ADM_PORTAL_TOKENS_ADMIRALS, "vorkosigan", NULL));
  g_assert_cmpint (g_stat (file, &buf), ==, 0);
  g_assert_cmpint (buf.st_mode & 0777, ==, 0600);

  g_assert_true (adm_table_server_set_n_tables (fixture->tables, 1, &error));
  g_assert_no_error (error);
  g_assert_null (adm_table_server_get_link (fixture->tables, "Table 2"));
  answer = raw_get (fixture, path2);
  g_assert_cmpstr (answer, ==, wrong);
}

/* A battle played at the table comes back: kept once, whatever is sent again. */
static void
test_entries (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = table_battle (fixture, "Table 1", fixture->ids[0], 1, 0);
  g_autoptr(GBytes) message = message_of (fixture, battle, fixture->ids[0], 1);
  g_autoptr(JsonObject) receipt = NULL;
  g_autoptr(JsonObject) again = NULL;
  g_autofree char *text = NULL, *text_again = NULL, *other = NULL;
  const AdmTableArrival *arrival;
  gint64 before = g_get_real_time ();
  guint status, entries;
  char hash[65];

  text = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  receipt = json_of (text);
  g_assert_cmpint (json_object_get_int_member (receipt, "kept"), ==,
                   adm_journal_get_n_entries (adm_battle_get_log (battle)));
  adm_table_battle_entry_hash (battle, (guint) json_object_get_int_member (receipt, "kept"),
                               hash);
  g_assert_cmpstr (json_object_get_string_member (receipt, "last"), ==, hash);
  g_assert_false (json_object_get_boolean_member (receipt, "ended"));
  g_assert_cmpuint (fixture->changed, ==, 1);
  g_assert_cmpstr (fixture->changed_id, ==, fixture->ids[0]);
  arrival = adm_table_server_get_arrival (fixture->tables, fixture->ids[0]);
  g_assert_nonnull (arrival);
  g_assert_cmpstr (arrival->table, ==, "Table 1");
  g_assert_cmpuint (arrival->first, ==, 1);
  g_assert_cmpint (arrival->arrived, >=, before);
  g_assert_cmpint (arrival->arrived, <=, g_get_real_time ());
  g_assert_null (arrival->refusal);

  /* The same again: nothing applied twice. */
  entries = n_entries (fixture);
  text_again = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  again = json_of (text_again);
  g_assert_cmpint (json_object_get_int_member (again, "kept"), ==,
                   json_object_get_int_member (receipt, "kept"));
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_cmpuint (fixture->changed, ==, 1);

  /* Sent with the other table's link: the wrong path, nothing kept. */
  other = post_message (fixture, "Table 2", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_NOT_FOUND);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
}

/* The entries of @engagement_id the campaign's file holds, the file read again as a master
 * opens it after the chief's laptop went down. */
static guint
entries_on_disk (Fixture    *fixture,
                 const char *engagement_id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) read = adm_campaign_open (adm_campaign_get_path (fixture->campaign),
                                                   &error);
  AdmJournal *journal;
  guint n = 0;

  g_assert_no_error (error);
  journal = adm_campaign_get_journal (read);
  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    n += g_strcmp0 (adm_journal_get_entry_engagement (journal, i), engagement_id) == 0;
  return n;
}

/* @message posted by "Table 1" for the first engagement: refused while the campaign's file is
 * read-only, with why, the file as it was; the table sends it again once the file can be
 * written, and only then is told the entries are kept — all of them on the disk, once. */
static void
refused_until_saved (Fixture    *fixture,
                     AdmBattle  *battle,
                     GBytes     *message)
{
  g_autofree char *path = g_build_filename (fixture->dir, "komarr.admiralty", NULL);
  g_autoptr(JsonObject) refusal = NULL, receipt = NULL, again = NULL;
  g_autofree char *text = NULL, *text_again = NULL, *text_kept = NULL;
  g_autofree char *before = NULL, *after = NULL;
  guint status;

  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  text = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  refusal = json_of (text);
  g_assert_cmpstr (json_object_get_string_member (refusal, "code"), ==, "refused");
  g_assert_nonnull (strstr (json_object_get_string_member (refusal, "error"),
                            "Cannot save the campaign"));
  g_assert_nonnull (strstr (json_object_get_string_member (refusal, "error"), "read-only"));
  /* Sent again while the file is still read-only: still refused, never told kept. */
  text_again = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  again = json_of (text_again);
  g_assert_cmpstr (json_object_get_string_member (again, "code"), ==, "refused");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);

  g_assert_cmpint (g_chmod (path, 0644), ==, 0);
  text_kept = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  receipt = json_of (text_kept);
  g_assert_cmpint (json_object_get_int_member (receipt, "kept"), ==,
                   adm_journal_get_n_entries (adm_battle_get_log (battle)));
  g_assert_cmpuint (entries_on_disk (fixture, fixture->ids[0]), ==,
                    adm_journal_get_n_entries (adm_battle_get_log (battle)));
}

/* The chief's campaign cannot be saved (its file made read-only): a table's entries are
 * refused with why — the refusal path reads nothing of a state the failed save replaced —
 * and the server goes on; sent again once the file can be written, they are kept, none twice
 * (what the campaign held in memory is written by the save that succeeds), and the table is
 * told so only once they are on the disk. Saved at once (as the command line saves), and with
 * the flushes off the main loop (as the app saves); the battle's first entries (its set-up
 * added to the file) and later ones (added at the file's end). */
static void
test_entries_not_saved (Fixture       *fixture,
                        gconstpointer  data)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  g_autofree char *xml = table_setup (fixture, "Table 1", fixture->ids[0], secret);
  g_autoptr(AdmDiceSource) dice = ADM_DICE_SOURCE (adm_dice_commit_new (secret, fixture->ids[0],
                                                                        1));
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GBytes) first = NULL, later = NULL;
  g_autoptr(GError) error = NULL;
  guint before;

  battle = adm_battle_load_game_memory (xml, strlen (xml), "table battle", &error);
  g_assert_no_error (error);
  g_assert_true (adm_battle_resolve_turn (battle, NULL, dice, &error));
  g_assert_no_error (error);
  first = message_of (fixture, battle, fixture->ids[0], 1);
  adm_campaign_set_flush_later (fixture->campaign, GPOINTER_TO_INT (data));
  refused_until_saved (fixture, battle, first);

  /* A second turn played at the table: its entries go at the file's end. */
  before = adm_journal_get_n_entries (adm_battle_get_log (battle));
  g_assert_true (adm_battle_resolve_turn (battle, NULL, dice, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_battle_get_log (battle)), >, before);
  later = message_of (fixture, battle, fixture->ids[0], before + 1);
  refused_until_saved (fixture, battle, later);
}

/* Taken back by the chief: what the table sends later is refused with his reason. */
static void
test_taken_back (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = table_battle (fixture, "Table 1", fixture->ids[0], 1, 0);
  g_autoptr(GBytes) message = NULL;
  g_autoptr(JsonObject) refusal = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  guint status, entries;

  message = message_of (fixture, battle, fixture->ids[0], 1);
  g_assert_true (adm_campaign_take_back_table (fixture->campaign, fixture->ids[0],
                                               "Table 1 went home", T0 + 3600, &error));
  g_assert_no_error (error);
  entries = n_entries (fixture);
  text = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  refusal = json_of (text);
  g_assert_cmpstr (json_object_get_string_member (refusal, "code"), ==, "taken-back");
  g_assert_nonnull (strstr (json_object_get_string_member (refusal, "error"),
                            "Table 1 went home"));
  g_assert_true (json_object_has_member (refusal, "kept"));
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_cmpuint (fixture->changed, ==, 0);
}

/* The program dice of a battle at a table are committed to when its set-up is handed out:
 * each table gets the secret of its own engagement, the same each time it asks; the commitment
 * is journaled naming the hand-off; a table drawing dice of its own is refused (409, nothing
 * kept), one drawing the dice committed to is kept. */
static void
test_dice (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  guint8 first[ADM_DICE_SECRET_LENGTH], again[ADM_DICE_SECRET_LENGTH];
  guint8 other[ADM_DICE_SECRET_LENGTH];
  g_autofree char *setup = NULL, *setup_again = NULL, *other_setup = NULL;
  g_autofree char *commitment = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(GError) error = NULL;
  const AdmTableAssignment *at;
  const AdmDiceCommitment *committed;
  g_autoptr(AdmBattle) cheat = NULL;
  g_autoptr(AdmBattle) honest = NULL;
  g_autoptr(GBytes) message = NULL;
  g_autoptr(JsonObject) refusal = NULL;
  g_autofree char *text = NULL, *saved = NULL, *saved_after = NULL;
  guint status, entries;

  /* Pol orbit (c1-3), whose orders fire from turn 2, at Table 1 too. */
  g_assert_true (adm_campaign_assign_table (fixture->campaign, "c1-3", "Table 1", T0 + 3100,
                                            NULL, &error));
  g_assert_no_error (error);
  if (GPOINTER_TO_INT (data))
    {
      adm_campaign_set_flush_later (fixture->campaign, TRUE);
      g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "300", TRUE);
    }
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  /* The secret fixed, as the chief would commit to a new one with the first set-up: the
   * orders hold under its dice. */
  table_dice_fixed (fixture->campaign, "Table 1", "c1-3", T0 + 3110, PROGRAM_SEED, NULL);
  setup = table_setup (fixture, "Table 1", "c1-3", first);
  setup_again = table_setup (fixture, "Table 1", "c1-3", again);
  other_setup = table_setup (fixture, "Table 2", fixture->ids[1], other);
  commitment = adm_dice_commitment_of (first);
  commitments = adm_campaign_get_dice_commitments (fixture->campaign, "c1-3");
  at = adm_state_get_table (adm_campaign_get_state (fixture->campaign), "c1-3");

  g_assert_cmpmem (first, sizeof first, again, sizeof again);
  g_assert_true (memcmp (first, other, sizeof first) != 0);
  g_assert_cmpuint (commitments->len, ==, 1);
  committed = g_ptr_array_index (commitments, 0);
  g_assert_cmpstr (committed->commitment, ==, commitment);
  g_assert_cmpstr (committed->assignment, ==, at->id);
  g_assert_cmpuint (committed->from_roll, ==, 1);
  g_assert_null (committed->secret);

  /* Dice of the table's own: refused, and nothing changes. */
  cheat = table_battle_with (fixture, "Table 1", "c1-3", orders, 3, 7);
  g_assert_cmpuint (adm_battle_get_rolls (cheat)->len, >, 0);
  message = message_of (fixture, cheat, "c1-3", 1);
  g_assert_true (g_file_get_contents (adm_campaign_get_path (fixture->campaign), &saved, NULL,
                                      NULL));
  entries = n_entries (fixture);
  text = post_message (fixture, "Table 1", "c1-3", message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  refusal = json_of (text);
  g_assert_cmpstr (json_object_get_string_member (refusal, "code"), ==, "refused");
  g_assert_nonnull (strstr (json_object_get_string_member (refusal, "error"),
                            "is not the program dice the chief master committed to"));
  g_assert_cmpint (json_object_get_int_member (refusal, "kept"), ==, 0);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_true (g_file_get_contents (adm_campaign_get_path (fixture->campaign), &saved_after,
                                      NULL, NULL));
  g_assert_cmpstr (saved_after, ==, saved);
  g_assert_cmpuint (fixture->changed, ==, 0);

  /* The dice committed to: kept. */
  honest = table_battle_with (fixture, "Table 1", "c1-3", orders, 3, 0);
  g_assert_cmpuint (adm_battle_get_rolls (honest)->len, >, 0);
  g_clear_pointer (&message, g_bytes_unref);
  g_clear_pointer (&text, g_free);
  message = message_of (fixture, honest, "c1-3", 1);
  text = post_message (fixture, "Table 1", "c1-3", message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  g_assert_cmpuint (fixture->changed, ==, 1);

  /* Before the end the secret is on no admiral's page, in no table's listing, in no other
   * table's set-up, and not in the campaign file: only in the set-up of its own table. */
  {
    g_autofree char *hex = adm_dice_secret_to_hex (first);
    g_autofree char *file = NULL;
    g_autofree char *listing = NULL, *other_listing = NULL, *link = link_of (fixture, "Table 1");
    g_autofree char *other_link = link_of (fixture, "Table 2");
    GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (fixture->campaign));

    g_assert_true (g_file_get_contents (adm_campaign_get_path (fixture->campaign), &file, NULL,
                                        NULL));
    g_assert_nonnull (strstr (file, commitment));
    g_assert_null (strstr (file, hex));
    listing = fetch ("GET", link, NULL, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
    g_assert_null (strstr (listing, hex));
    other_listing = fetch ("GET", other_link, NULL, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
    g_assert_null (strstr (other_listing, hex));
    g_assert_null (strstr (other_setup, hex));
    g_assert_null (strstr (setup, hex));
    for (guint i = 0; i < admirals->len; i++)
      {
        const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
        g_autofree char *admiral_link = portal_loopback_link (
          adm_portal_get_link (fixture->portal, admiral->id));
        g_autofree char *page = fetch ("GET", admiral_link, NULL, &status);

        g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
        g_assert_null (strstr (page, hex));
        /* Pol Six fights at Pol orbit: its admiral is shown the commitment. */
        if (g_str_equal (admiral->id, "radovan"))
          g_assert_nonnull (strstr (page, commitment));
      }
  }
}

/* @battle saved, one of its program rolls (values="…" dice="program") given other values —
 * each die turned to the next face — and, with @typed, marked typed in; the battle the text
 * then opens as, its journal replayed with those dice (a table master editing his saved
 * battle by hand, as tables-forge2 did). The last such roll whose change still replays (other
 * values may call for other rolls after it). */
static AdmBattle *
forged (AdmBattle *battle,
        gboolean   typed)
{
  static const char mark[] = "\" dice=\"program\"";
  g_autofree char *text = adm_battle_serialize (battle, NULL);
  g_autoptr(GPtrArray) rolls = g_ptr_array_new ();

  for (const char *roll = strstr (text, mark); roll != NULL; roll = strstr (roll + 1, mark))
    g_ptr_array_add (rolls, (gpointer) roll);
  for (guint i = rolls->len; i > 0; i--)
    {
      const char *roll = g_ptr_array_index (rolls, i - 1);
      const char *values = g_strrstr_len (text, roll - text, "values=\"");
      g_autoptr(GString) forgery = g_string_new (NULL);
      AdmBattle *loaded;

      g_assert_nonnull (values);
      values += strlen ("values=\"");
      g_string_append_len (forgery, text, values - text);
      for (const char *c = values; c < roll; c++)
        g_string_append_c (forgery, g_ascii_isdigit (*c) ? '1' + (*c - '0') % 6 : *c);
      g_string_append (forgery, typed ? "\" dice=\"typed\"" : mark);
      g_string_append (forgery, roll + strlen (mark));
      loaded = adm_battle_load_game_memory (forgery->str, forgery->len, "forged battle", NULL);
      if (loaded != NULL)
        return loaded;
    }
  g_assert_not_reached ();
}

/* A table's message forged from the battle it played with the dice the chief committed to:
 * a program roll given other values, still marked program, then marked typed in at a hand-off
 * that allows the program's dice only. Each is refused, the campaign's file and journal
 * unchanged; the honest message is kept after them. */
static void
test_forged (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(AdmBattle) honest = NULL;
  g_autoptr(GBytes) message = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL, *text = NULL;
  const char *expected[] = { "is not the program dice the chief master committed to",
                             "was typed in at the table" };
  guint status, entries;

  g_assert_true (adm_campaign_assign_table (fixture->campaign, "c1-3", "Table 1", T0 + 3100,
                                            NULL, &error));
  g_assert_no_error (error);
  if (GPOINTER_TO_INT (data))
    {
      adm_campaign_set_flush_later (fixture->campaign, TRUE);
      g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "300", TRUE);
    }
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  /* The secret fixed, so the rolls are the same on every run: with a fresh one, now and then
   * no program roll could be changed and the journal still replay. */
  table_dice_fixed (fixture->campaign, "Table 1", "c1-3", T0 + 3110, PROGRAM_SEED, NULL);
  honest = table_battle_with (fixture, "Table 1", "c1-3", orders, 3, 0);
  g_assert_cmpuint (adm_battle_get_rolls (honest)->len, >, 0);
  g_assert_true (g_file_get_contents (adm_campaign_get_path (fixture->campaign), &saved, NULL,
                                      NULL));
  entries = n_entries (fixture);

  for (guint typed = 0; typed <= 1; typed++)
    {
      g_autoptr(AdmBattle) forgery = forged (honest, typed);
      g_autoptr(GBytes) forged_message = message_of (fixture, forgery, "c1-3", 1);
      g_autoptr(JsonObject) refusal = NULL;
      g_autofree char *answer = post_message (fixture, "Table 1", "c1-3", forged_message,
                                              &status);
      g_autofree char *saved_after = NULL;

      g_test_message ("forged (%s): %s", typed ? "typed" : "program", answer);
      g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
      refusal = json_of (answer);
      g_assert_cmpstr (json_object_get_string_member (refusal, "code"), ==, "refused");
      g_assert_nonnull (strstr (json_object_get_string_member (refusal, "error"),
                                expected[typed]));
      g_assert_cmpint (json_object_get_int_member (refusal, "kept"), ==, 0);
      g_assert_cmpuint (n_entries (fixture), ==, entries);
      g_assert_true (g_file_get_contents (adm_campaign_get_path (fixture->campaign),
                                          &saved_after, NULL, NULL));
      g_assert_cmpstr (saved_after, ==, saved);
      g_assert_cmpuint (fixture->changed, ==, 0);
    }

  message = message_of (fixture, honest, "c1-3", 1);
  text = post_message (fixture, "Table 1", "c1-3", message, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  g_assert_cmpuint (n_entries (fixture), >, entries);
  g_assert_cmpuint (fixture->changed, ==, 1);
}

static gboolean
tick_cb (gpointer data)
{
  gint64 *ticks = data;
  gint64 now = g_get_monotonic_time ();

  ticks[1] = MAX (ticks[1], now - ticks[0]);
  ticks[0] = now;
  return G_SOURCE_CONTINUE;
}

/* The secret of a table's program dice is kept in the private folder and flushed to the disk
 * before its commitment is journaled, and the chief's main loop does not wait for the disk
 * meanwhile: with each flush 1.5 s slower (ADMIRALTY_TEST_FLUSH_DELAY_MS) and the campaign
 * saved as the app saves it, the set-up comes after the flush and the loop turns all along. */
static void
test_dice_secret_off_the_loop (Fixture       *fixture,
                               gconstpointer  data)
{
  const gint64 delay = 1500 * 1000;
  guint8 secret[ADM_DICE_SECRET_LENGTH], looked_up[ADM_DICE_SECRET_LENGTH];
  g_autoptr(GPtrArray) commitments = NULL;
  g_autofree char *setup = NULL, *commitment = NULL;
  gint64 ticks[2] = { g_get_monotonic_time (), 0 };
  gint64 start;
  guint tick;

  /* The campaign's own saves flushed off the loop, as the app saves it. */
  adm_campaign_set_flush_later (fixture->campaign, TRUE);
  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "1500", TRUE);
  tick = g_timeout_add (20, tick_cb, ticks);
  start = g_get_monotonic_time ();
  setup = table_setup (fixture, "Table 1", fixture->ids[0], secret);
  g_source_remove (tick);
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  g_test_message ("set-up in %.0f ms, the main loop's longest turn %.0f ms",
                  (g_get_monotonic_time () - start) / 1000.0, ticks[1] / 1000.0);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, delay);
  g_assert_cmpint (ticks[1], <, delay / 2);

  commitment = adm_dice_commitment_of (secret);
  commitments = adm_campaign_get_dice_commitments (fixture->campaign, fixture->ids[0]);
  g_assert_cmpuint (commitments->len, ==, 1);
  g_assert_cmpstr (((AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->commitment, ==,
                   commitment);
  g_assert_true (adm_dice_secret_lookup (commitment, looked_up));
  g_assert_cmpmem (secret, sizeof secret, looked_up, sizeof looked_up);
}

/* A body beyond the bound is refused on its headers, before it is sent. */
static void
test_too_large (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *path = path_of (fixture, "Table 1");
  g_autofree char *head = g_strdup_printf ("POST %sengagements/%s/entries HTTP/1.1\r\n"
                                           "Host: 127.0.0.1\r\n"
                                           "Content-Type: application/xml\r\n"
                                           "Content-Length: %d\r\nConnection: close\r\n"
                                           "\r\n<table-battle", path, fixture->ids[0],
                                           ADM_TABLE_SERVER_MAX_BODY + 1);
  g_autofree char *reply = NULL;
  guint entries = n_entries (fixture);

  reply = raw_request (fixture, head);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 413"));
  g_assert_cmpuint (n_entries (fixture), ==, entries);
}

/* Not a message: refused, nothing changed. */
static void
test_malformed (Fixture       *fixture,
                gconstpointer  data)
{
  const char *broken = "<table-battle version=\"1\" engagement=\"";
  g_autoptr(GBytes) body = g_bytes_new_static (broken, strlen (broken));
  g_autoptr(JsonObject) refusal = NULL;
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL, *saved_after = NULL;
  guint status, entries = n_entries (fixture);

  g_assert_true (g_file_get_contents (adm_campaign_get_path (fixture->campaign), &saved, NULL,
                                      NULL));
  text = post_message (fixture, "Table 2", fixture->ids[1], body, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  refusal = json_of (text);
  g_assert_cmpstr (json_object_get_string_member (refusal, "code"), ==, "malformed");
  g_assert_cmpint (json_object_get_int_member (refusal, "kept"), ==, 0);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_true (g_file_get_contents (adm_campaign_get_path (fixture->campaign), &saved_after,
                                      NULL, NULL));
  g_assert_cmpstr (saved_after, ==, saved);
  g_assert_cmpuint (fixture->changed, ==, 0);
}


/* A raw connection to the portal from @source (an address of 127.0.0.0/8), @head (unless
 * NULL) sent. */
static GSocket *
connect_from (Fixture    *fixture,
              const char *source,
              const char *head)
{
  g_autoptr(GInetAddress) from = g_inet_address_new_from_string (source);
  g_autoptr(GSocketAddress) local = g_inet_socket_address_new (from, 0);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) remote = g_inet_socket_address_new (
    loopback, adm_portal_get_port (fixture->portal));
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, NULL);

  g_assert_nonnull (socket);
  g_socket_set_timeout (socket, 3);
  if (!g_socket_bind (socket, local, FALSE, NULL) ||
      !g_socket_connect (socket, remote, NULL, NULL) ||
      (head != NULL && g_socket_send (socket, head, strlen (head), NULL, NULL) < 0))
    return NULL;
  return g_steal_pointer (&socket);
}

typedef struct {
  Fixture *fixture;
  gint     stop;     /* atomic */
  gint     opened;   /* atomic */
} Flood;

/* One device: 160 connections from 127.20.0.3, more than the portal's slots, half with a
 * wrong token and a body that never comes, half with a head that never ends, held open for
 * as long as the test asks. */
static gpointer
flood_thread (gpointer data)
{
  Flood *flood = data;
  g_autofree char *wrong = g_strdup_printf ("POST /table/%s/engagements/%s/entries HTTP/1.1\r\n"
                                            "Host: x\r\nContent-Length: 16000000\r\n\r\n<",
                                            "00000000000000000000000000000000",
                                            flood->fixture->ids[0]);
  const char *endless = "GET /a/x/ HTTP/1.1\r\nHost: x\r\nX-a: ";
  g_autoptr(GPtrArray) open = g_ptr_array_new_with_free_func (g_object_unref);

  while (!g_atomic_int_get (&flood->stop) && flood->opened < 160)
    {
      GSocket *socket = connect_from (flood->fixture, "127.20.0.3",
                                      flood->opened % 2 ? wrong : endless);

      if (socket != NULL)
        g_ptr_array_add (open, socket);
      g_atomic_int_inc (&flood->opened);
    }
  /* Held open until the test is done (a few seconds). */
  while (!g_atomic_int_get (&flood->stop))
    g_usleep (10000);
  return NULL;
}

static void
warning_cb (AdmPortal  *portal,
            const char *message,
            GPtrArray  *warnings)
{
  g_ptr_array_add (warnings, g_strdup (message));
}

/* One device floods the portal from 127.20.0.3 with wrong tokens and slow bodies and heads:
 * a phone's poll and a table's entry from 127.0.0.1 are answered at once all the same, and
 * the master is told once, naming the device. */
static void
test_flood (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *phone = portal_loopback_link (adm_portal_get_link (fixture->portal,
                                                                      "vorkosigan"));
  g_autofree char *status_url = g_strconcat (phone, "status.json", NULL);
  g_autoptr(AdmBattle) battle = table_battle (fixture, "Table 1", fixture->ids[0], 1, 0);
  g_autoptr(GBytes) message = message_of (fixture, battle, fixture->ids[0], 1);
  Flood flood = { fixture, 0, 0 };
  GThread *thread;
  gint64 start, deadline;

  g_signal_connect (fixture->portal, "warning", G_CALLBACK (warning_cb), warnings);
  thread = g_thread_new ("flood", flood_thread, &flood);
  while (g_atomic_int_get (&flood.opened) < 160)
    g_usleep (10000);
  for (guint round = 0; round < 3; round++)
    {
      g_autofree char *text = NULL;
      guint status;

      start = g_get_monotonic_time ();
      g_free (fetch ("GET", status_url, NULL, &status));
      g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
      text = post_message (fixture, "Table 1", fixture->ids[0], message, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
      g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
    }
  deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  while (warnings->len == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_atomic_int_set (&flood.stop, 1);
  g_thread_join (thread);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "flooding the portal: 127.20.0.3"));
}

/* One device from 127.20.0.4 sends request after request with a wrong key and a body, never
 * more than one connection at a time, each refused at once: the master is told once, naming
 * it, and a phone's poll is answered all the same. */
static void
test_flood_refused (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *phone = portal_loopback_link (adm_portal_get_link (fixture->portal,
                                                                      "vorkosigan"));
  g_autofree char *status_url = g_strconcat (phone, "status.json", NULL);
  g_autofree char *wrong = g_strdup_printf ("POST /table/%s/engagements/%s/entries HTTP/1.1\r\n"
                                            "Host: x\r\nContent-Length: 100\r\n\r\n",
                                            "00000000000000000000000000000000",
                                            fixture->ids[0]);
  guint status;

  g_signal_connect (fixture->portal, "warning", G_CALLBACK (warning_cb), warnings);
  for (guint i = 0; i < 80; i++)
    {
      g_autoptr(GSocket) socket = connect_from (fixture, "127.20.0.4", wrong);
      char reply[256];
      gssize n;

      g_assert_nonnull (socket);
      n = g_socket_receive (socket, reply, sizeof reply - 1, NULL, NULL);
      g_assert_cmpint (n, >, 0);
      reply[n] = '\0';
      g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 404"));
      g_socket_close (socket, NULL);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  g_free (fetch ("GET", status_url, NULL, &status));
  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "flooding the portal: 127.20.0.4"));
}

/* A device with a connection it keeps: @n_heads requests (each its GBytes, head and body)
 * sent one after another over one TLS connection from @source, each answer read whole by its
 * Content-Length before the next is sent; then, with @wait_close, how long the portal took
 * to close it. */
typedef struct {
  Fixture    *fixture;
  const char *source;
  GBytes    **heads;
  guint       n_heads;
  gboolean    wait_close;
  guint       statuses[8];
  gboolean    said_close[8];  /* the answer said "Connection: close" */
  guint       answered;
  gboolean    closed;         /* the portal closed it (not a read timed out) */
  gint64      closed_after;   /* µs from the last request's sending */
  gint        done;           /* atomic */
  gint        hold;           /* atomic: the connection held open, done, until cleared */
} Kept;

static gboolean
accept_any_cb (GTlsConnection       *connection,
               GTlsCertificate      *certificate,
               GTlsCertificateFlags  errors,
               gpointer              data)
{
  return TRUE;
}

/* One answer read whole from @input into @in (what was read beyond it left there): its
 * status, or 0 when the connection ended first. */
static guint
kept_read_answer (GInputStream *input,
                  GString      *in,
                  gboolean     *said_close)
{
  const char *end;
  gsize head, length = 0;
  char buffer[16384];
  gssize n;
  guint status = 0;

  while ((end = g_strstr_len (in->str, in->len, "\r\n\r\n")) == NULL)
    {
      if ((n = g_input_stream_read (input, buffer, sizeof buffer, NULL, NULL)) <= 0)
        return 0;
      g_string_append_len (in, buffer, n);
    }
  head = end + 4 - in->str;
  {
    g_autofree char *text = g_ascii_strdown (in->str, head);
    const char *cl = strstr (text, "\r\ncontent-length:");

    if (cl != NULL)
      length = g_ascii_strtoull (cl + strlen ("\r\ncontent-length:"), NULL, 10);
    *said_close = strstr (text, "\r\nconnection: close") != NULL;
    sscanf (text, "http/1.1 %u", &status);
  }
  while (in->len < head + length)
    {
      if ((n = g_input_stream_read (input, buffer, sizeof buffer, NULL, NULL)) <= 0)
        return 0;
      g_string_append_len (in, buffer, n);
    }
  g_string_erase (in, 0, head + length);
  return status;
}

static gpointer
kept_thread (gpointer data)
{
  Kept *kept = data;
  g_autoptr(GSocket) socket = connect_from (kept->fixture, kept->source, NULL);
  g_autoptr(GSocketConnection) base = NULL;
  g_autoptr(GIOStream) tls = NULL;
  g_autoptr(GString) in = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  /* Taken before the last request goes out: the portal's idle deadline starts once its answer
   * is written, later than this and earlier than the answer is read here. */
  gint64 sent = 0;

  g_assert_nonnull (socket);
  g_socket_set_timeout (socket, 10);
  base = g_socket_connection_factory_create_connection (socket);
  tls = G_IO_STREAM (g_tls_client_connection_new (G_IO_STREAM (base), NULL, &error));
  g_assert_no_error (error);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_any_cb), NULL);
  for (guint i = 0; i < kept->n_heads; i++)
    {
      gsize length;
      const char *bytes = g_bytes_get_data (kept->heads[i], &length);

      sent = g_get_monotonic_time ();
      if (!g_output_stream_write_all (g_io_stream_get_output_stream (tls), bytes, length, NULL,
                                      NULL, NULL))
        break;
      kept->statuses[i] = kept_read_answer (g_io_stream_get_input_stream (tls), in,
                                            &kept->said_close[i]);
      if (kept->statuses[i] == 0)
        break;
      kept->answered++;
    }
  if (kept->wait_close)
    {
      char byte;
      gssize n = g_input_stream_read (g_io_stream_get_input_stream (tls), &byte, 1, NULL,
                                      &error);

      /* The end of the stream, or the connection reset under it: not a read timed out. */
      kept->closed = n == 0 || (n < 0 && !g_error_matches (error, G_IO_ERROR,
                                                           G_IO_ERROR_TIMED_OUT));
      kept->closed_after = g_get_monotonic_time () - sent;
    }
  g_atomic_int_set (&kept->done, 1);
  g_main_context_wakeup (NULL);
  while (g_atomic_int_get (&kept->hold))
    g_usleep (10000);
  return NULL;
}

/* @kept run to its end, the main loop (which answers the tables' requests) turning. */
static void
kept_run (Kept *kept)
{
  GThread *thread = g_thread_new ("kept", kept_thread, kept);

  while (!g_atomic_int_get (&kept->done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
}

static GBytes *
get_request (const char *path)
{
  g_autofree char *head = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", path);

  return g_bytes_new (head, strlen (head));
}

static GBytes *
post_request (const char *path,
              GBytes     *body)
{
  g_autoptr(GByteArray) request = g_byte_array_new ();
  g_autofree char *head = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                           "Content-Type: application/xml\r\n"
                                           "Content-Length: %zu\r\n\r\n", path,
                                           g_bytes_get_size (body));

  g_byte_array_append (request, (const guint8 *) head, strlen (head));
  g_byte_array_append (request, g_bytes_get_data (body, NULL), g_bytes_get_size (body));
  return g_byte_array_free_to_bytes (g_steal_pointer (&request));
}

/* The portal started again, its connections kept idle for @ms. */
static void
restart_keeping_for (Fixture    *fixture,
                     const char *ms)
{
  adm_portal_stop (fixture->portal);
  g_setenv ("ADMIRALTY_TEST_KEEP_IDLE_MS", ms, TRUE);
  portal_start_loopback (fixture->portal);
  g_unsetenv ("ADMIRALTY_TEST_KEEP_IDLE_MS");
}

/* A table's list, its message and its list again go over one connection the portal accepted
 * once, each answered without "Connection: close"; the message is kept. */
static void
test_keep_one_connection (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *path = path_of (fixture, "Table 1");
  g_autofree char *entries = g_strdup_printf ("%sengagements/%s/entries", path,
                                              fixture->ids[0]);
  g_autoptr(AdmBattle) battle = table_battle (fixture, "Table 1", fixture->ids[0], 1, 0);
  g_autoptr(GBytes) message = message_of (fixture, battle, fixture->ids[0], 1);
  GBytes *heads[] = { get_request (path), post_request (entries, message), get_request (path) };
  Kept kept = { fixture, "127.20.0.5", heads, G_N_ELEMENTS (heads), FALSE };
  guint accepted = adm_portal_get_n_accepted (fixture->portal);
  guint before = n_entries (fixture);

  kept_run (&kept);
  g_assert_cmpuint (kept.answered, ==, G_N_ELEMENTS (heads));
  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    {
      g_assert_cmpuint (kept.statuses[i], ==, SOUP_STATUS_OK);
      g_assert_false (kept.said_close[i]);
      g_bytes_unref (heads[i]);
    }
  g_assert_cmpuint (adm_portal_get_n_accepted (fixture->portal), ==, accepted + 1);
  g_assert_cmpuint (n_entries (fixture), >, before);
}

/* A table's connection kept idle is closed by the portal once its deadline passes, and not
 * before; kept connections closed so are no strikes: a table that keeps 8 at a time, five
 * times over (40 closed idle, more than the strikes that flood), is not said to flood. */
static void
test_keep_idle_closed (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = NULL;
  g_autoptr(GBytes) head = NULL;

  restart_keeping_for (fixture, "400");
  path = path_of (fixture, "Table 1");
  head = get_request (path);
  g_signal_connect (fixture->portal, "warning", G_CALLBACK (warning_cb), warnings);
  for (guint round = 0; round < 5; round++)
    {
      Kept kept[8];
      GThread *threads[8];

      for (guint i = 0; i < 8; i++)
        {
          kept[i] = (Kept) { fixture, "127.20.0.6", &head, 1, TRUE };
          threads[i] = g_thread_new ("kept", kept_thread, &kept[i]);
        }
      for (guint i = 0; i < 8; i++)
        {
          while (!g_atomic_int_get (&kept[i].done))
            g_main_context_iteration (NULL, TRUE);
          g_thread_join (threads[i]);
          g_assert_cmpuint (kept[i].answered, ==, 1);
          g_assert_cmpuint (kept[i].statuses[0], ==, SOUP_STATUS_OK);
          g_assert_false (kept[i].said_close[0]);
          g_assert_true (kept[i].closed);
          g_assert_cmpint (kept[i].closed_after, >=, 400 * 1000);
        }
    }
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (warnings->len, ==, 0);
}

/* Connections kept idle count in their device's share: with 8 open from 127.20.0.7, a ninth
 * is closed at once, unanswered, and the master told that the device floods the portal. */
static void
test_keep_share (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = path_of (fixture, "Table 1");
  g_autoptr(GBytes) head = get_request (path);
  g_autoptr(GSocket) ninth = NULL;
  Kept kept[8];
  GThread *threads[8];
  char byte;

  g_signal_connect (fixture->portal, "warning", G_CALLBACK (warning_cb), warnings);
  for (guint i = 0; i < 8; i++)
    {
      kept[i] = (Kept) { fixture, "127.20.0.7", &head, 1, FALSE };
      kept[i].hold = 1;
      threads[i] = g_thread_new ("kept", kept_thread, &kept[i]);
    }
  /* Each thread holds its connection open, its answer read, until let go after the ninth. */
  for (guint i = 0; i < 8; i++)
    while (!g_atomic_int_get (&kept[i].done))
      g_main_context_iteration (NULL, TRUE);
  ninth = connect_from (fixture, "127.20.0.7", "\x16\x03\x01");
  g_assert_nonnull (ninth);
  g_assert_cmpint (g_socket_receive (ninth, &byte, 1, NULL, NULL), <=, 0);
  for (guint i = 0; i < 8; i++)
    {
      g_atomic_int_set (&kept[i].hold, 0);
      g_thread_join (threads[i]);
      g_assert_cmpuint (kept[i].statuses[0], ==, SOUP_STATUS_OK);
    }
  while (warnings->len == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "flooding the portal: 127.20.0.7"));
}

/* A request the tables' route did not authenticate — a wrong key, an admiral's page over
 * TLS — is answered with "Connection: close" and its connection closed. */
static void
test_keep_not_strangers (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autofree char *phone = portal_loopback_link (adm_portal_get_link (fixture->portal,
                                                                      "vorkosigan"));
  const char *wrong = "/table/00000000000000000000000000000000/";
  GBytes *heads[] = { get_request (wrong), get_request (strstr (phone + 8, "/a/")) };

  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    {
      Kept kept = { fixture, "127.20.0.8", &heads[i], 1, TRUE };

      kept_run (&kept);
      g_assert_cmpuint (kept.answered, ==, 1);
      g_assert_cmpuint (kept.statuses[0], ==, i == 0 ? SOUP_STATUS_NOT_FOUND : SOUP_STATUS_OK);
      g_assert_true (kept.said_close[0]);
      g_assert_true (kept.closed);
      g_bytes_unref (heads[i]);
    }
}

/* Twenty devices, 127.0.0.2 to 127.0.0.21, CROWD_PER each (within each one's share), more
 * than the portal's slots in all. */
#define CROWD_DEVICES 20
#define CROWD_PER 8
#define CROWD (CROWD_DEVICES * CROWD_PER)

typedef struct {
  Fixture *fixture;
  gint     stop;      /* atomic */
  gint     opened;    /* atomic: the first CROWD connections are open */
  gint     reopened;  /* atomic */
} Crowd;

/* The @j-th of the crowd's connections, opened: a head that never ends, a TLS handshake's
 * first bytes and no more, or nothing at all. */
static GSocket *
crowd_open (Crowd *crowd,
            guint  j)
{
  static const char * const sends[] = { "GET /a/x/ HTTP/1.1\r\nHost: x\r\nX-a: ",
                                        "\x16\x03\x01", NULL };
  g_autofree char *source = g_strdup_printf ("127.0.0.%u", 2 + j % CROWD_DEVICES);

  return connect_from (crowd->fixture, source, sends[j % G_N_ELEMENTS (sends)]);
}

/* The crowd: every connection the portal closes is opened again at once, and each of the
 * endless heads gets one more byte every half second — as long as the test asks. */
static gpointer
crowd_thread (gpointer data)
{
  Crowd *crowd = data;
  GSocket *sockets[CROWD] = { NULL, };

  for (guint j = 0; j < CROWD; j++)
    sockets[j] = crowd_open (crowd, j);
  g_atomic_int_set (&crowd->opened, 1);
  for (guint pass = 0; !g_atomic_int_get (&crowd->stop); pass++)
    {
      for (guint j = 0; j < CROWD; j++)
        {
          /* The portal never answers these: readable means closed. */
          if (sockets[j] == NULL ||
              g_socket_condition_check (sockets[j], G_IO_IN | G_IO_HUP | G_IO_ERR) != 0)
            {
              g_clear_object (&sockets[j]);
              sockets[j] = crowd_open (crowd, j);
              g_atomic_int_inc (&crowd->reopened);
            }
          else if (j % 3 == 0 && pass % 5 == 0)
            g_socket_send (sockets[j], "a", 1, NULL, NULL);
        }
      g_usleep (100000);
    }
  for (guint j = 0; j < CROWD; j++)
    g_clear_object (&sockets[j]);
  return NULL;
}

/* Many devices, each within its share of connections, hold the portal's slots with heads
 * they never finish, TLS handshakes they never end, or nothing, and open again at once each
 * that the portal closes: all along, an admiral's phone's poll and a table's list are
 * answered within 3 s, and the master is told once that slow connections crowd the portal,
 * with no device named as flooding it. */
static void
test_crowd (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *phone = portal_loopback_link (adm_portal_get_link (fixture->portal,
                                                                      "vorkosigan"));
  g_autofree char *status_url = g_strconcat (phone, "status.json", NULL);
  g_autofree char *table = link_of (fixture, "Table 1");
  Crowd crowd = { fixture, 0, 0, 0 };
  GThread *thread;
  gint64 end, slowest = 0;

  g_signal_connect (fixture->portal, "warning", G_CALLBACK (warning_cb), warnings);
  /* The admiral's page made first, as the phone in the room has it: what is timed below is
   * the portal's room for the poll, not the making of his page. */
  {
    g_autofree char *text = NULL;
    guint status;

    text = fetch ("GET", status_url, NULL, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  }
  thread = g_thread_new ("crowd", crowd_thread, &crowd);
  while (!g_atomic_int_get (&crowd.opened))
    g_usleep (10000);
  /* Three times the time a connection has to send its head: the crowd's connections are
   * closed and opened again all along. */
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    {
      const char *urls[] = { status_url, table };

      for (guint u = 0; u < G_N_ELEMENTS (urls); u++)
        {
          gint64 start = g_get_monotonic_time ();
          g_autofree char *text = NULL;
          guint status;

          text = fetch ("GET", urls[u], NULL, &status);
          g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
          slowest = MAX (slowest, g_get_monotonic_time () - start);
          if (g_get_monotonic_time () - start >= 3 * G_USEC_PER_SEC)
            g_error ("%s answered after %.1f s", u == 0 ? "the phone's poll" : "the table's list",
                     (g_get_monotonic_time () - start) / 1e6);
        }
      g_usleep (250000);
    }
  g_atomic_int_set (&crowd.stop, 1);
  g_thread_join (thread);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_test_message ("slowest answer %.0f ms; the crowd opened %d connections again",
                  slowest / 1000.0, g_atomic_int_get (&crowd.reopened));
  g_assert_cmpint (g_atomic_int_get (&crowd.reopened), >, 0);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0),
                            "Slow connections are crowding the portal (from 20 devices, "
                            "such as 127.0.0."));
}

/* The resident memory of this process, where the portal serves, in bytes. */
static gsize
resident (void)
{
  g_autofree char *statm = NULL;
  unsigned long size = 0, pages = 0;

  g_assert_true (g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL));
  g_assert_cmpint (sscanf (statm, "%lu %lu", &size, &pages), ==, 2);
  return (gsize) pages * (gsize) sysconf (_SC_PAGESIZE);
}

/* The peak resident memory of this process since the last reset_peak (), in bytes (not read
 * under AddressSanitizer, whose quarantine keeps freed memory). */
G_GNUC_UNUSED static gsize
peak (void)
{
  g_autofree char *status = NULL;
  const char *line;
  unsigned long kb = 0;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmHWM:");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "VmHWM: %lu", &kb), ==, 1);
  return (gsize) kb * 1024;
}

/* The peak resident memory starts again from the resident memory now. */
static void
reset_peak (void)
{
  FILE *clear = fopen ("/proc/self/clear_refs", "w");

  g_assert_nonnull (clear);
  g_assert_cmpint (fputs ("5", clear), >=, 0);
  g_assert_cmpint (fclose (clear), ==, 0);
}

#define BIG (15 * 1024 * 1024)
#define AT_ONCE 20

typedef struct {
  GSocket    *socket;
  GIOStream  *stream;   /* TLS over @socket, the head sent */
  const char *body;
  char        reply[64];
  gint        done;     /* atomic: @reply is read */
} Big;

/* A table's way in from @source: TLS on a connection of its own, @head sent. */
static GIOStream *
connect_tls_from (Fixture     *fixture,
                  const char  *source,
                  const char  *head,
                  GSocket    **socket)
{
  g_autoptr(GSocketConnection) base = NULL;
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GError) error = NULL;

  *socket = connect_from (fixture, source, NULL);
  g_assert_nonnull (*socket);
  base = g_socket_connection_factory_create_connection (*socket);
  stream = G_IO_STREAM (g_tls_client_connection_new (G_IO_STREAM (base), NULL, &error));
  g_assert_no_error (error);
  g_signal_connect (stream, "accept-certificate", G_CALLBACK (accept_any_cb), NULL);
  /* No certificate authorities, as a table has none: each connection would otherwise load the
   * system's into this process, whose memory the server's is measured in. */
  g_tls_connection_set_database (G_TLS_CONNECTION (stream), NULL);
  g_assert_true (g_tls_connection_handshake (G_TLS_CONNECTION (stream), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (stream), head,
                                            strlen (head), NULL, NULL, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&stream);
}

/* Sends the body unless the portal answered the head already, then reads the status line. */
static gpointer
big_thread (gpointer data)
{
  Big *big = data;
  gssize n;

  if (!g_socket_condition_timed_wait (big->socket, G_IO_IN, 0, NULL, NULL))
    g_output_stream_write_all (g_io_stream_get_output_stream (big->stream), big->body, BIG,
                               NULL, NULL, NULL);
  g_socket_set_timeout (big->socket, 60);
  n = g_input_stream_read (g_io_stream_get_input_stream (big->stream), big->reply,
                           sizeof big->reply - 1, NULL, NULL);
  big->reply[MAX (n, 0)] = '\0';
  g_atomic_int_set (&big->done, 1);
  return NULL;
}

/* Tables' messages of 15 MiB over TLS, twenty at once, round after round: no more than a few
 * are read at once, the others told to come back (503 with Retry-After) before their body is
 * sent; each is parsed as it arrives and none is kept whole — these, junk after their start
 * tag, are refused within their first 64 KiB and the rest read without being held — and the
 * memory of the process is back within 64 MiB of where it started after every round. */
static void
test_big_bodies (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = path_of (fixture, "Table 1");
  g_autofree char *head = g_strdup_printf ("POST %sengagements/%s/entries HTTP/1.1\r\n"
                                           "Host: x\r\nContent-Type: application/xml\r\n"
                                           "Content-Length: %d\r\n\r\n", path,
                                           fixture->ids[0], BIG);
  g_autofree char *body = g_malloc (BIG);
  gsize start;

  memset (body, 'x', BIG);
  memcpy (body, "<table-battle", strlen ("<table-battle"));
  start = resident ();
  for (guint round = 0; round < 3; round++)
    {
      Big bigs[AT_ONCE] = { { NULL, NULL, NULL, "", 0 } };
      GThread *threads[AT_ONCE];
      guint refused = 0, read = 0;
      gsize before = resident ();

      reset_peak ();
      for (guint i = 0; i < AT_ONCE; i++)
        {
          g_autofree char *source = g_strdup_printf ("127.30.1.%u", i + 2);

          bigs[i].stream = connect_tls_from (fixture, source, head, &bigs[i].socket);
          bigs[i].body = body;
        }
      g_usleep (300000);
      for (guint i = 0; i < AT_ONCE; i++)
        threads[i] = g_thread_new ("big", big_thread, &bigs[i]);
      /* The portal hands each message to this thread's main context: run it meanwhile. */
      for (guint done = 0; done < AT_ONCE;)
        {
          done = 0;
          for (guint i = 0; i < AT_ONCE; i++)
            done += (guint) g_atomic_int_get (&bigs[i].done);
          if (!g_main_context_iteration (NULL, FALSE))
            g_usleep (2000);
        }
      for (guint i = 0; i < AT_ONCE; i++)
        {
          g_thread_join (threads[i]);
          if (g_str_has_prefix (bigs[i].reply, "HTTP/1.1 503"))
            refused++;
          else
            read++;
          g_object_unref (bigs[i].stream);
          g_object_unref (bigs[i].socket);
        }
      while (g_main_context_iteration (NULL, FALSE))
        ;
      g_assert_cmpuint (read, <=, 3);
      g_assert_cmpuint (refused, >=, AT_ONCE - 3);
      g_usleep (500000);
      while (g_main_context_iteration (NULL, FALSE))
        ;
#ifndef __SANITIZE_ADDRESS__
      /* AddressSanitizer keeps freed memory in quarantine by design: the bound holds for the
       * system's allocator, which the server hands the bodies' memory back to. */
      g_assert_cmpuint (resident (), <, start + 64 * 1024 * 1024);
      g_test_message ("round %u: peak %" G_GSIZE_FORMAT " MiB over the %" G_GSIZE_FORMAT
                      " MiB before it", round, (peak () - before) / (1024 * 1024),
                      before / (1024 * 1024));
      /* At its peak: what TLS and this test's own clients hold, not the bodies (read whole,
       * three of them took 86 MiB over it). */
      g_assert_cmpuint (peak () - before, <, 2 * BIG);
#else
      (void) start;
      (void) before;
#endif
    }
}

/* Several masters at once, as on a night and in bench-portal: each table a thread of its own
 * with its own main context, its client opening its battle from the chief, rolling the program
 * dice the chief committed to and handed out, sending each entry as it is recorded, and, its
 * battle played, taking its last phase back and playing it again. */
typedef struct {
  char            *link;
  char            *engagement;
  AdmBattleOrders *orders;     /* what its admirals declare, or NULL */
  guint     n_entries;
  guint     n_rolls;
  char      last[65];
  char     *failure;
  gint      over;
} Playing;

#define PLAYED_TURNS 3

static gboolean
table_step_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Lets the table's client send and read the chief's answers for a moment, as a table master
 * takes his time between two phases. */
static void
table_pause (GMainContext *context)
{
  gboolean woken = FALSE;
  GSource *source = g_timeout_source_new (20);

  g_source_set_callback (source, table_step_cb, &woken, NULL);
  g_source_attach (source, context);
  while (!woken)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (source);
  g_source_unref (source);
}

static gpointer
playing_thread (gpointer data)
{
  Playing *playing = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(AdmTableClient) client = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GError) error = NULL;
  gboolean reachable = FALSE;

  g_main_context_push_thread_default (context);
  client = adm_table_client_new (playing->link, &error);
  if (client != NULL)
    battle = adm_table_client_open_battle_sync (client, playing->engagement, &reachable, NULL,
                                                &error);
  if (battle != NULL)
    dice = adm_table_client_dice_source (client, NULL, NULL, &error);
  /* Its dice decide the battle, which may end before its last turn: a phase refused ends the
   * playing, as it ends the bench's. */
  while (dice != NULL && adm_battle_get_turn (battle) <= PLAYED_TURNS &&
         adm_battle_resolve_phase (battle, playing->orders != NULL
                                             ? adm_battle_orders_get_turn (playing->orders,
                                                                           adm_battle_get_turn (battle))
                                             : NULL, dice, NULL))
    table_pause (context);
  /* Its last phase taken back and played again: both are entries the chief keeps. */
  if (dice != NULL && adm_battle_undo (battle, &error))
    {
      table_pause (context);
      adm_battle_redo (battle, &error);
    }
  if (dice != NULL && error == NULL)
    adm_table_client_flush (client, 60000, &error);
  if (error != NULL)
    playing->failure = g_strdup (error->message);
  if (battle != NULL)
    {
      playing->n_entries = adm_journal_get_n_entries (adm_battle_get_log (battle));
      playing->n_rolls = adm_battle_get_rolls (battle)->len;
      adm_table_battle_entry_hash (battle, playing->n_entries, playing->last);
    }
  g_clear_object (&battle);
  g_clear_object (&client);
  g_main_context_pop_thread_default (context);
  g_atomic_int_set (&playing->over, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* Both tables play at once with the program dice the chief committed to, Table 1 Pol orbit
 * (c1-3), whose orders fire from turn 2: every entry each records is kept by the chief once,
 * in order, none refused, and the chief's campaign holds each table's battle as the table
 * does, its file too; each table talks over one connection. With @data, saved as the app saves (the flushes off the main loop) on a
 * busy disk (each flush 300 ms slower): entries arrive while others are being flushed, and
 * still each is kept once, in order, and told kept only once it is on the disk. */
static void
test_tables_at_once (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(GError) error = NULL;
  Playing playing[2] = { { NULL, } };
  GThread *threads[2];
  guint accepted = adm_portal_get_n_accepted (fixture->portal);

  g_assert_true (adm_campaign_assign_table (fixture->campaign, "c1-3", "Table 1", T0 + 3100,
                                            NULL, &error));
  g_assert_no_error (error);
  if (GPOINTER_TO_INT (data))
    {
      adm_campaign_set_flush_later (fixture->campaign, TRUE);
      g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "300", TRUE);
    }
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  /* The secrets fixed, as the chief would commit to new ones with the tables' set-ups: the
   * battles' course does not depend on chance. */
  table_dice_fixed (fixture->campaign, "Table 1", "c1-3", T0 + 3110, PROGRAM_SEED, NULL);
  table_dice_fixed (fixture->campaign, "Table 2", fixture->ids[1], T0 + 3110, PROGRAM_SEED + 1,
                    NULL);
  for (guint t = 0; t < 2; t++)
    {
      g_autofree char *table = adm_table_server_table_name (t + 1);

      playing[t].link = portal_loopback_link (adm_table_server_get_link (fixture->tables,
                                                                         table));
      playing[t].engagement = g_strdup (t == 0 ? "c1-3" : fixture->ids[1]);
      playing[t].orders = t == 0 ? orders : NULL;
      threads[t] = g_thread_new ("table", playing_thread, &playing[t]);
    }
  while (!g_atomic_int_get (&playing[0].over) || !g_atomic_int_get (&playing[1].over))
    g_main_context_iteration (NULL, TRUE);
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  for (guint t = 0; t < 2; t++)
    {
      AdmJournal *journal = adm_campaign_get_journal (fixture->campaign);
      const AdmTableArrival *arrival = adm_table_server_get_arrival (fixture->tables,
                                                                     playing[t].engagement);
      AdmTableReceipt receipt;
      guint in_journal = 0;

      g_thread_join (threads[t]);
      g_assert_null (playing[t].failure);
      /* Pol orbit's fire rolled dice: the program's, drawn from the chief's commitment. */
      if (t == 0)
        g_assert_cmpuint (playing[t].n_rolls, >, 0);
      g_assert_cmpuint (playing[t].n_entries, >, 2);
      adm_campaign_get_table_receipt (fixture->campaign, playing[t].engagement, &receipt);
      g_assert_cmpuint (receipt.kept, ==, playing[t].n_entries);
      g_assert_cmpstr (receipt.last, ==, playing[t].last);
      for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
        in_journal += g_strcmp0 (adm_journal_get_entry_engagement (journal, i),
                                 playing[t].engagement) == 0;
      g_assert_cmpuint (in_journal, ==, receipt.kept);
      g_assert_cmpuint (entries_on_disk (fixture, playing[t].engagement), ==, receipt.kept);
      g_assert_nonnull (arrival);
      g_assert_null (arrival->refusal);
      g_free (playing[t].link);
      g_free (playing[t].engagement);
    }
  g_assert_cmpuint (fixture->changed, >=, 2);
  /* Each table's set-up, dice and every message went over the one connection it opened: a
   * message is sent again safely (its from and prev), so it goes on the kept connection
   * rather than a new one and its TLS handshake each time. */
  g_assert_cmpuint (adm_portal_get_n_accepted (fixture->portal) - accepted, ==, 2);
}

/* F-STRAT-4: a table's sides give their 2d6 for each phase before it is rolled, at the table
 * as at the chief's own; bad ones are refused there. */
static gpointer
giving_thread (gpointer data)
{
  Playing *playing = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(AdmTableClient) client = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  gboolean reachable = FALSE, refused = TRUE;
  const char *throws[] = { "3 5", "6 2", "1 4", "2 2", "5 6", "4 1" };
  guint phase = 0;

  g_main_context_push_thread_default (context);
  client = adm_table_client_new (playing->link, &error);
  if (client != NULL)
    battle = adm_table_client_open_battle_sync (client, playing->engagement, &reachable, NULL,
                                                &error);
  /* Bad dice first: not a d6, no side of this battle, a side's second throw. */
  if (battle != NULL)
    {
      const char *side = adm_battle_get_side (battle, 0)->id;

      refused = !adm_table_client_give_dice (client, side, "7 2", FALSE, NULL) &&
                !adm_table_client_give_dice (client, "dendarii", "3 3", FALSE, NULL) &&
                adm_table_client_give_dice (client, side, "3 5", FALSE, &error) &&
                !adm_table_client_give_dice (client, side, "3 5", FALSE, NULL);
      if (!refused && error == NULL)
        playing->failure = g_strdup ("bad dice were taken at the table");
    }
  while (battle != NULL && error == NULL && playing->failure == NULL &&
         adm_battle_get_turn (battle) <= PLAYED_TURNS)
    {
      g_autoptr(AdmDiceSource) dice = NULL;

      /* Each side's throw, once the phase's declarations are locked (the first side's of the
       * first phase given above). */
      for (guint s = phase == 0 ? 1 : 0; s < adm_battle_get_n_sides (battle) && error == NULL;
           s++)
        adm_table_client_give_dice (client, adm_battle_get_side (battle, s)->id,
                                    throws[(2 * phase + s) % G_N_ELEMENTS (throws)], FALSE,
                                    &error);
      phase++;
      if (error == NULL)
        dice = adm_table_client_dice_source (client, NULL, NULL, &error);
      if (dice == NULL ||
          !adm_battle_resolve_phase (battle, adm_battle_orders_get_turn (
                                       playing->orders, adm_battle_get_turn (battle)),
                                     dice, NULL))
        break;
      table_pause (context);
    }
  if (battle != NULL && error == NULL)
    adm_table_client_flush (client, 60000, &error);
  if (error != NULL && playing->failure == NULL)
    playing->failure = g_strdup (error->message);
  if (battle != NULL)
    {
      playing->n_entries = adm_journal_get_n_entries (adm_battle_get_log (battle));
      playing->n_rolls = adm_battle_get_rolls (battle)->len;
      adm_table_battle_entry_hash (battle, playing->n_entries, playing->last);
    }
  g_clear_object (&battle);
  g_clear_object (&client);
  g_main_context_pop_thread_default (context);
  g_atomic_int_set (&playing->over, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* Pol orbit (c1-3) fought at Table 1 over the table link on 127.0.0.1, each side giving its 2d6
 * for every phase at the table: the chief journals them, naming the hand-off, checks each
 * program roll with them mixed in, and keeps every entry; the secret the chief committed to,
 * known in advance, no longer foretells the rolls. A message whose dice were changed after
 * the rolls is refused, nothing journaled. */
static void
test_sides_dice_at_table (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *forged = NULL, *text = NULL;
  const AdmTableAssignment *at;
  Playing playing = { NULL, };
  AdmTableReceipt receipt;
  AdmBattle *kept;
  GPtrArray *events;
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  guint given = 0, foreseen = 0, before, roll = 0;
  GThread *thread;
  gsize length;

  g_assert_true (adm_campaign_assign_table (fixture->campaign, "c1-3", "Table 1", T0 + 3100,
                                            NULL, &error));
  g_assert_no_error (error);
  if (GPOINTER_TO_INT (data))
    {
      adm_campaign_set_flush_later (fixture->campaign, TRUE);
      g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "300", TRUE);
    }
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  table_dice_fixed (fixture->campaign, "Table 1", "c1-3", T0 + 3110, PROGRAM_SEED, secret);
  playing.link = portal_loopback_link (adm_table_server_get_link (fixture->tables, "Table 1"));
  playing.engagement = g_strdup ("c1-3");
  playing.orders = orders;
  thread = g_thread_new ("table", giving_thread, &playing);
  while (!g_atomic_int_get (&playing.over))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  g_assert_null (playing.failure);
  g_assert_cmpuint (playing.n_rolls, >, 0);
  adm_campaign_get_table_receipt (fixture->campaign, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, playing.n_entries);

  /* Each side's throw for each phase, journaled by the chief with the hand-off's id. */
  at = adm_state_get_table (adm_campaign_get_state (fixture->campaign), "c1-3");
  g_assert_nonnull (at);
  events = adm_campaign_get_events (fixture->campaign);
  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), "dice-contribution"))
        {
          g_assert_cmpstr (adm_event_get (event, "assignment"), ==, at->id);
          given++;
        }
    }
  g_assert_cmpuint (given, >=, 4);
  g_assert_cmpuint (given % 2, ==, 0);
  /* Every program roll is the secret's with them mixed in; from the secret alone they are
   * not what was rolled. */
  kept = adm_campaign_get_battle_played (fixture->campaign, "c1-3", &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_check_table_dice (fixture->campaign, "c1-3", at->id, kept, &roll));
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  for (guint i = 0; i < adm_battle_get_rolls (kept)->len; i++)
    {
      const AdmBattleRoll *rolled = g_ptr_array_index (adm_battle_get_rolls (kept), i);
      g_autofree guint *alone = g_new (guint, rolled->n_values);

      g_assert_nonnull (adm_dice_mix_of_table_roll (mixes, 1, i + 1));
      adm_dice_derive (secret, "c1-3", i + 1, rolled->n_values, rolled->sides, alone);
      foreseen += memcmp (alone, rolled->values, rolled->n_values * sizeof (guint)) == 0;
    }
  g_assert_cmpuint (foreseen, <, adm_battle_get_rolls (kept)->len);

  /* The same battle sent again with a side's throw changed after its rolls: refused. */
  text = adm_dice_mixes_to_text (mixes);
  g_assert_nonnull (text);
  text[strcspn (text, " ") - 1] = text[strcspn (text, " ") - 1] == '1' ? '2' : '1';
  {
    g_autoptr(GPtrArray) changed = adm_dice_mixes_from_text ("c1-3", text, &error);

    g_assert_no_error (error);
    forged = adm_table_battle_message_with_dice (kept, "c1-3", at->id, 1, NULL, changed,
                                                 &length);
  }
  before = adm_journal_get_n_entries (adm_campaign_get_journal (fixture->campaign));
  g_assert_false (adm_campaign_receive_from_table (fixture->campaign, "Table 1", forged, length,
                                                   "forged", NULL, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (fixture->campaign)), ==,
                    before);
  g_clear_error (&error);
  /* Dice that are no side's throw: malformed, nothing read further. */
  g_free (forged);
  forged = g_strdup_printf ("<table-battle version=\"1\" engagement=\"c1-3\" assignment=\"%s\" "
                            "from=\"1\" prev=\"%064d\" dice=\"1:1:fire:pol:side:79\">"
                            "<battle-game/></table-battle>", at->id, 0);
  g_assert_false (adm_campaign_receive_from_table (fixture->campaign, "Table 1", forged,
                                                   strlen (forged), "forged", NULL, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (fixture->campaign)), ==,
                    before);
  g_free (playing.link);
  g_free (playing.engagement);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/portal/tables/" path, Fixture, NULL, fixture_setup, func, fixture_teardown)
  ADD ("list", test_list);
  ADD ("F-STRAT-15/list-placements", test_list_placements);
  ADD ("tls", test_tls);
  ADD ("not-found", test_not_found);
  ADD ("keys", test_keys);
  ADD ("entries", test_entries);
  g_test_add ("/portal/tables/entries-not-saved", Fixture, GINT_TO_POINTER (FALSE),
              fixture_setup, test_entries_not_saved, fixture_teardown);
  g_test_add ("/portal/tables/entries-not-saved-flushed-later", Fixture, GINT_TO_POINTER (TRUE),
              fixture_setup, test_entries_not_saved, fixture_teardown);
  ADD ("taken-back", test_taken_back);
  ADD ("dice", test_dice);
  ADD ("F-STRAT-4/forged-dice-refused", test_forged);
  ADD ("F-STRAT-4/dice-secret-off-the-loop", test_dice_secret_off_the_loop);
  ADD ("too-large", test_too_large);
  ADD ("malformed", test_malformed);
  ADD ("flood", test_flood);
  ADD ("flood-refused", test_flood_refused);
  ADD ("crowd", test_crowd);
  ADD ("keep/one-connection", test_keep_one_connection);
  ADD ("keep/idle-closed", test_keep_idle_closed);
  ADD ("keep/share-of-address", test_keep_share);
  ADD ("keep/not-strangers", test_keep_not_strangers);
  ADD ("big-bodies", test_big_bodies);
  ADD ("F-STRAT-4/tables-at-once-every-entry-kept", test_tables_at_once);
  g_test_add ("/portal/tables/F-STRAT-4/tables-at-once-flushes-in-flight", Fixture,
              GINT_TO_POINTER (TRUE), fixture_setup, test_tables_at_once, fixture_teardown);
  ADD ("F-STRAT-4/sides-dice-at-table", test_sides_dice_at_table);
#undef ADD
  return g_test_run ();
}
