/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-serve.c: `admiralty-cli serve CAMPAIGN [--address A] [--port P] [--accept] [--tables N
 * [--assign ENGAGEMENT=TABLE …]]` — the admirals' portal (src/portal/adm-portal.h) run
 * headless, for a master who keeps the laptop closed: it prints each admiral's link (and,
 * with --qr, its QR code), serves until SIGINT or SIGTERM, and reports each sheet that
 * arrives. With --accept a sheet is journalled as it arrives (the engine checks it again
 * first) and the campaign saved; without, it waits, and the master types "accept ID" or
 * "refuse ID REASON" on the standard input ("list" shows what waits). With --tables it serves
 * the tables of several masters too (adm-table-server.h): a join link per table, each
 * --assign journaled first (a refusal ends the command before anything is served), and a
 * line for every message a table sends: entries kept, the battle ended, or the refusal.
 * Plain HTTP: anyone on the network can read the traffic. */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <gio/gunixinputstream.h>

#include "adm-portal.h"
#include "adm-portal-qr.h"
#include "adm-table-pairing.h"
#include "adm-table-server.h"
#include "cli-private.h"
#include "adm-clock.h"

#define DEFAULT_PORT 8040

typedef struct {
  GMainLoop        *loop;
  AdmPortal        *portal;
  AdmTableServer   *tables;    /* --tables, else NULL */
  GDataInputStream *input;
  GCancellable     *cancellable;
  gboolean          reading;
} Serve;

static gboolean
quit_cb (gpointer data)
{
  Serve *serve = data;

  g_main_loop_quit (serve->loop);
  return G_SOURCE_CONTINUE;
}

static const char *
admiral_name (AdmPortal  *portal,
              const char *admiral_id)
{
  AdmScenario *scenario = adm_campaign_get_scenario (adm_portal_get_campaign (portal));
  const AdmAdmiral *admiral = adm_scenario_lookup_admiral (scenario, admiral_id);

  return admiral != NULL ? admiral->name : admiral_id;
}

static char *
now_text (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%H:%M:%S");
}

static void
sheet_received_cb (AdmPortal  *portal,
                   const char *admiral_id,
                   gpointer    data)
{
  const AdmPortalSheet *sheet = adm_portal_get_sheet (portal, admiral_id);
  g_autofree char *now = now_text ();

  /* With --accept the sheet is accepted right after this signal: "sheet-changed" says so. */
  if (!adm_portal_get_accept_on_arrival (portal))
    /* Translators: "18:38:02 Adm. Aral Vorkosigan's sheet for cycle 3 received (late): type
     * …" */
    g_print (_("%s %s’s sheet for cycle %u received%s: type “accept %s” or “refuse %s "
               "REASON”\n"), now, admiral_name (portal, admiral_id), sheet->cycle,
             sheet->late ? _(" (late)") : "", admiral_id, admiral_id);
}

static void
sheet_changed_cb (AdmPortal  *portal,
                  const char *admiral_id,
                  gpointer    data)
{
  const AdmPortalSheet *sheet = adm_portal_get_sheet (portal, admiral_id);
  g_autofree char *now = now_text ();

  if (sheet->status == ADM_PORTAL_SHEET_ACCEPTED)
    g_print (_("%s %s’s sheet for cycle %u journalled\n"), now,
             admiral_name (portal, admiral_id), sheet->cycle);
  else if (sheet->status == ADM_PORTAL_SHEET_REFUSED)
    g_print (_("%s %s’s sheet for cycle %u refused: %s\n"), now,
             admiral_name (portal, admiral_id), sheet->cycle, sheet->reason);
}

/* An admiral marked his sheet final on his page (or took the mark back, or a new sheet took it
 * away): said, with how many of the sheets handed in on phones are final, and when the cycle
 * may be resolved early (adm_portal_count_finals ()), that too. */
static void
final_changed_cb (AdmPortal  *portal,
                  const char *admiral_id,
                  gpointer    data)
{
  const AdmPortalSheet *sheet = adm_portal_get_sheet (portal, admiral_id);
  g_autofree char *now = now_text ();
  AdmPortalFinals finals;

  if (!adm_portal_get_final (portal, admiral_id))
    {
      /* Translators: "18:40:02 Adm. Aral Vorkosigan's sheet is no longer final" */
      g_print (_("%s %s’s sheet is no longer final\n"), now, admiral_name (portal, admiral_id));
      return;
    }
  adm_portal_count_finals (portal, NULL, &finals);
  /* Translators: "18:40:02 Adm. Aral Vorkosigan marked his sheet for cycle 3 final (2 of 5
   * sheets handed in on phones are final)" */
  g_print (_("%s %s marked his sheet for cycle %u final (%u of %u sheets handed in on phones "
             "are final)\n"),
           now, admiral_name (portal, admiral_id), sheet->cycle, finals.final, finals.sheets);
  if (finals.early)
    g_print (_("%s Every sheet handed in on a phone is final: the cycle may be resolved "
               "early\n"), now);
}

/* A table's message added entries to a battle the campaign keeps, or ended it. */
static void
battle_changed_cb (AdmTableServer *tables,
                   const char     *engagement_id,
                   const char     *table,
                   gpointer        data)
{
  const AdmTableArrival *arrival = adm_table_server_get_arrival (tables, engagement_id);
  g_autofree char *now = now_text ();

  if (arrival->first > 0 && arrival->first < arrival->receipt.kept)
    /* Translators: "18:38:02 Table 2, engagement c1-3: entries 4 to 6 kept" */
    g_print (_("%s %s, engagement %s: entries %u to %u kept\n"), now, table, engagement_id,
             arrival->first, arrival->receipt.kept);
  else if (arrival->first > 0)
    /* Translators: "18:38:02 Table 2, engagement c1-3: entry 4 kept" */
    g_print (_("%s %s, engagement %s: entry %u kept\n"), now, table, engagement_id,
             arrival->first);
  if (arrival->receipt.ended)
    /* Translators: "18:52:10 Table 2, engagement c1-3: the battle is ended; its results are in
     * the campaign" */
    g_print (_("%s %s, engagement %s: the battle is ended; its results are in the campaign\n"),
             now, table, engagement_id);
}

/* A table's message was refused: the engine's words (the table is told them too). */
static void
table_refused_cb (AdmTableServer *tables,
                  const char     *engagement_id,
                  const char     *table,
                  const char     *message,
                  gpointer        data)
{
  g_autofree char *now = now_text ();

  /* Translators: "18:40:00 Table 2, engagement c1-3: refused: …" */
  g_print (_("%s %s, engagement %s: refused: %s\n"), now, table,
           engagement_id != NULL ? engagement_id : "?", message);
}

/* The portal stopped by itself, out of descriptors: said, and the command ends. */
static void
failed_cb (AdmPortal  *portal,
           const char *message,
           gpointer    data)
{
  Serve *serve = data;

  g_printerr ("admiralty-cli: %s\n", message);
  g_main_loop_quit (serve->loop);
}

/* The portal goes on serving; the master reads why he should look (once a device). */
static void
warning_cb (AdmPortal  *portal,
            const char *message,
            gpointer    data)
{
  g_printerr ("admiralty-cli: %s\n", message);
}

static void read_next (Serve *serve);


/* A table master asks to join without a link: who, the words, and what to type. */
static void
requests_changed_cb (GListModel *requests,
                     guint       position,
                     guint       removed,
                     guint       added,
                     gpointer    data)
{
  g_autofree char *now = now_text ();

  for (guint i = position; i < position + added; i++)
    {
      g_autoptr(AdmTableRequest) request = g_list_model_get_item (requests, i);
      g_autofree char *key = g_strndup (adm_table_request_get_id (request),
                                        ADM_TABLE_PAIRING_MIN_KEY);

      /* Translators: "18:32 “Laptop of Table Two” (from 192.168.1.23) asks to join: his
       * screen must show “sunset saddle”; type “let-in 3fa2c1 N” to let him in as Table N, or
       * “refuse-table 3fa2c1”" */
      g_print (_("%s “%s” (from %s) asks to join: his screen must show “%s”; type “let-in %s "
                 "N” to let him in as Table N, or “refuse-table %s”\n"), now,
               adm_table_request_get_name (request), adm_table_request_get_address (request),
               adm_table_request_get_words (request), key, key);
    }
}

/* The request waiting whose id begins with @key, or NULL, said so. */
static AdmTableRequest *
request_of (Serve      *serve,
            const char *key)
{
  AdmTableRequest *request = adm_table_server_lookup_request (serve->tables, key);

  if (request == NULL)
    g_printerr (_("admiralty-cli: no table master asking to join goes by “%s”\n"), key);
  return request;
}

/* "let-in KEY N": the request let in as Table N (a table beyond those served is turned on). */
static void
let_in (Serve      *serve,
        const char *key,
        const char *number_text)
{
  g_autoptr(AdmTableRequest) request = request_of (serve, key);
  g_autoptr(GError) error = NULL;
  g_autofree char *table = NULL;
  int number;

  if (request == NULL)
    return;
  if (!_cli_parse_int (number_text, 1, ADM_TABLE_SERVER_MAX_TABLES, &number))
    {
      g_printerr (_("admiralty-cli: let-in takes a table number from 1 to %d, not “%s”\n"),
                  ADM_TABLE_SERVER_MAX_TABLES, number_text);
      return;
    }
  if ((guint) number > adm_table_server_get_n_tables (serve->tables) &&
      !adm_table_server_set_n_tables (serve->tables, (guint) number, &error))
    {
      g_printerr ("admiralty-cli: %s\n", error->message);
      return;
    }
  table = adm_table_server_table_name ((guint) number);
  if (!adm_table_server_accept_request (serve->tables, request, table, &error))
    g_printerr ("admiralty-cli: %s\n", error->message);
  else
    /* Translators: "“Laptop of Table Two” is let in as Table 2." */
    g_print (_("“%s” is let in as %s.\n"), adm_table_request_get_name (request), table);
}

static void
run_command (Serve      *serve,
             const char *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", 3);
  g_autoptr(GError) error = NULL;

  if (words[0] == NULL || *words[0] == '\0')
    return;
  if (g_str_equal (words[0], "list"))
    {
      g_autoptr(GPtrArray) sheets = adm_portal_get_sheets (serve->portal);
      guint waiting = 0;

      for (guint i = 0; i < sheets->len; i++)
        {
          const AdmPortalSheet *sheet = g_ptr_array_index (sheets, i);

          if (sheet->status != ADM_PORTAL_SHEET_PENDING)
            continue;
          g_print ("%s\t%s\n", sheet->admiral_id, admiral_name (serve->portal, sheet->admiral_id));
          waiting++;
        }
      if (waiting == 0)
        g_print (_("No sheet is waiting.\n"));
    }
  else if (g_str_equal (words[0], "accept") && words[1] != NULL)
    {
      if (!adm_portal_accept (serve->portal, words[1], &error) &&
          g_error_matches (error, ADM_PORTAL_ERROR, ADM_PORTAL_ERROR_NO_SHEET))
        g_printerr ("admiralty-cli: %s\n", error->message);
    }
  else if (g_str_equal (words[0], "refuse") && words[1] != NULL && words[2] != NULL)
    {
      if (!adm_portal_refuse (serve->portal, words[1], g_strstrip (words[2]), &error))
        g_printerr ("admiralty-cli: %s\n", error->message);
    }
  else if (g_str_equal (words[0], "let-in") && serve->tables != NULL && words[1] != NULL &&
           words[2] != NULL)
    let_in (serve, words[1], g_strstrip (words[2]));
  else if (g_str_equal (words[0], "refuse-table") && serve->tables != NULL && words[1] != NULL)
    {
      g_autoptr(AdmTableRequest) request = request_of (serve, g_strstrip (words[1]));

      if (request != NULL)
        adm_table_server_refuse_request (serve->tables, request);
    }
  else if (serve->tables != NULL)
    g_printerr (_("admiralty-cli: type “accept ID”, “refuse ID REASON”, “list”, “let-in KEY N” "
                  "or “refuse-table KEY”\n"));
  else
    g_printerr (_("admiralty-cli: type “accept ID”, “refuse ID REASON” or “list”\n"));
}

static void
line_read_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Serve *serve = data;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (serve->input, result, NULL,
                                                                     NULL);

  serve->reading = FALSE;
  /* End of input (no terminal, as under a service manager), or stopping: the portal keeps
   * serving until the signal. */
  if (line == NULL || g_cancellable_is_cancelled (serve->cancellable))
    return;
  run_command (serve, g_strstrip (line));
  read_next (serve);
}

static void
read_next (Serve *serve)
{
  serve->reading = TRUE;
  g_data_input_stream_read_line_async (serve->input, G_PRIORITY_DEFAULT, serve->cancellable,
                                       line_read_cb, serve);
}

/* The next communication session, as far as the campaign tells: a cycle's minutes (F-STRAT-1,
 * the ruleset's) after the last cycle was resolved, when that is still to come; else unknown. */
static gint64
next_session (AdmCampaign *campaign)
{
  GPtrArray *events = adm_campaign_get_events (campaign);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  for (guint i = events->len; i > 0; i--)
    {
      const AdmEvent *event = g_ptr_array_index (events, i - 1);
      gint64 next = adm_event_get_time (event) +
                    (gint64) (adm_strategy_cycle_minutes (adm_campaign_get_scenario (campaign)) *
                              60);

      if (g_str_equal (adm_event_get_kind (event), "cycle"))
        return next > now ? next : 0;
    }
  return 0;
}

static void
print_links (AdmPortal *portal,
             gboolean   qr)
{
  GPtrArray *admirals = adm_campaign_get_admirals (adm_portal_get_campaign (portal));

  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
      g_autofree char *link = adm_portal_get_link (portal, admiral->id);

      g_print ("%s (%s): %s\n", admiral->name, admiral->faction->name, link);
      if (qr)
        {
          g_autofree char *code = adm_portal_qr_text (link);

          g_print ("%s\n", code != NULL ? code : "");
        }
    }
}

static void
print_table_links (AdmTableServer *tables,
                   gboolean        qr)
{
  guint n = adm_table_server_get_n_tables (tables);

  g_print (_("\nThe tables (each link is one table master’s key; hand it to him alone):\n"));
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *table = adm_table_server_table_name (i);
      g_autofree char *link = adm_table_server_get_link (tables, table);

      g_print ("%s: %s\n", table, link);
      if (qr)
        {
          g_autofree char *code = adm_portal_qr_text (link);

          g_print ("%s\n", code != NULL ? code : "");
        }
    }
}

/* "Table 2" for "2" or "Table 2"; NULL (with @message) for anything else, or a table beyond
 * @n_tables. */
static char *
parse_table (const char  *text,
             guint        n_tables,
             char       **message)
{
  const char *number = g_str_has_prefix (text, "Table ") ? text + strlen ("Table ") : text;
  int n = 0;

  if (!_cli_parse_int (number, 1, ADM_TABLE_SERVER_MAX_TABLES, &n) || (guint) n > n_tables)
    {
      /* Translators: "--assign c1-3=Table 5: name one of the tables served, “Table 1” to
       * “Table 3” (or 1 to 3)" */
      *message = g_strdup_printf (_("name one of the tables served, “Table 1” to “Table %u” "
                                    "(or 1 to %u)"), n_tables, n_tables);
      return NULL;
    }
  return adm_table_server_table_name ((guint) n);
}

/* Each --assign ENGAGEMENT=TABLE journaled (table-assign), before anything is served; one
 * already at that table (the chief's serve started again) is said and left as it is. FALSE
 * at the first refusal, said with the engine's words. */
static gboolean
assign_tables (AdmCampaign        *campaign,
               const char * const *assigns,
               guint               n_tables,
               gboolean            typed_dice)
{
  for (guint i = 0; assigns != NULL && assigns[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) parts = g_strsplit (assigns[i], "=", 2);
      g_autofree char *table = NULL, *message = NULL, *assignment = NULL;
      const AdmTableAssignment *at;

      if (parts[0] == NULL || *parts[0] == '\0' || parts[1] == NULL)
        {
          g_printerr (_("admiralty-cli: --assign “%s”: give ENGAGEMENT=TABLE (“c1-3=2”)\n"),
                      assigns[i]);
          return FALSE;
        }
      table = parse_table (parts[1], n_tables, &message);
      if (table == NULL)
        {
          g_printerr ("admiralty-cli: --assign “%s”: %s\n", assigns[i], message);
          return FALSE;
        }
      at = adm_state_get_table (adm_campaign_get_state (campaign), parts[0]);
      if (at != NULL && g_str_equal (at->table, table))
        {
          g_print (_("Engagement %s is at the table “%s” already\n"), parts[0], table);
          continue;
        }
      if (!adm_campaign_assign_table_full (campaign, parts[0], table, typed_dice,
                                           adm_clock_now (), &assignment, &error))
        {
          g_printerr (_("admiralty-cli: Nothing was handed to a table: %s\n"), error->message);
          return FALSE;
        }
      g_print (_("Engagement %s is at the table “%s” now (assignment %s)\n"), parts[0], table,
               assignment);
    }
  return TRUE;
}

static CliExit
serve_campaign (const char         *path,
                const char         *address,
                guint               port,
                gboolean            accept,
                gboolean            qr,
                guint               n_tables,
                const char * const *assigns,
                gboolean            typed_dice)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_auto(GStrv) lan = NULL;
  g_autoptr(GInputStream) stdin_stream = NULL;
  Serve serve = { NULL, };
  CliExit status;

  /* Held while it serves: the sheets it takes are journaled in the campaign. */
  status = _cli_open_saved_campaign (path, FALSE, CLI_BACKUP_NONE, &campaign,
                                     _("%s is a scenario, not a saved campaign: save the "
                                       "campaign first, so that the admirals’ sheets and keys "
                                       "are kept"), display);
  if (status != CLI_EXIT_OK)
    return status;
  if (!assign_tables (campaign, assigns, n_tables, typed_dice))
    return CLI_EXIT_INVALID;
  serve.portal = adm_portal_new (campaign, &error);
  if (serve.portal == NULL)
    return _cli_invalid (FALSE, "%s", error->message);
  if (n_tables > 0)
    {
      serve.tables = adm_table_server_new (serve.portal, n_tables, &error);
      if (serve.tables == NULL)
        {
          g_object_unref (serve.portal);
          return _cli_invalid (FALSE, "%s", error->message);
        }
      g_signal_connect (serve.tables, "battle-changed", G_CALLBACK (battle_changed_cb), NULL);
      g_signal_connect (serve.tables, "refused", G_CALLBACK (table_refused_cb), NULL);
      g_signal_connect (adm_table_server_get_requests (serve.tables), "items-changed",
                        G_CALLBACK (requests_changed_cb), NULL);
    }
  if (address == NULL)
    {
      lan = adm_portal_lan_addresses ();
      address = lan[0] != NULL ? lan[0] : "127.0.0.1";
    }
  if (!adm_portal_start (serve.portal, address, port, &error))
    {
      g_clear_object (&serve.tables);
      g_object_unref (serve.portal);
      return _cli_invalid (FALSE, "%s", error->message);
    }
  adm_portal_set_accept_on_arrival (serve.portal, accept);
  adm_portal_set_deadline (serve.portal, next_session (campaign));
  g_signal_connect (serve.portal, "sheet-received", G_CALLBACK (sheet_received_cb), NULL);
  g_signal_connect (serve.portal, "sheet-changed", G_CALLBACK (sheet_changed_cb), NULL);
  g_signal_connect (serve.portal, "final-changed", G_CALLBACK (final_changed_cb), NULL);
  g_signal_connect (serve.portal, "failed", G_CALLBACK (failed_cb), &serve);
  g_signal_connect (serve.portal, "warning", G_CALLBACK (warning_cb), &serve);

  g_print (_("The admirals’ portal of %s is open on %s, port %u — plain HTTP: anyone on this "
             "network can read what it sends. Each link is one admiral’s key; hand it to him "
             "alone. Ctrl+C stops it.\n\n"), display, address, adm_portal_get_port (serve.portal));
  print_links (serve.portal, qr);
  if (serve.tables != NULL)
    print_table_links (serve.tables, qr);

  serve.loop = g_main_loop_new (NULL, FALSE);
  g_unix_signal_add (SIGINT, quit_cb, &serve);
  g_unix_signal_add (SIGTERM, quit_cb, &serve);
  stdin_stream = g_unix_input_stream_new (0, FALSE);
  serve.input = g_data_input_stream_new (stdin_stream);
  serve.cancellable = g_cancellable_new ();
  read_next (&serve);
  g_main_loop_run (serve.loop);

  adm_portal_stop (serve.portal);
  /* The read under way ends, cancelled, before its stream goes. */
  g_cancellable_cancel (serve.cancellable);
  while (serve.reading)
    g_main_context_iteration (NULL, TRUE);
  /* The connections the server closed finish closing. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&serve.cancellable);
  g_print (_("The admirals’ portal is closed.\n"));
  g_clear_object (&serve.input);
  g_clear_object (&serve.tables);
  g_clear_object (&serve.portal);
  g_main_loop_unref (serve.loop);
  return CLI_EXIT_OK;
}

CliExit
_cli_serve_run (int    argc,
                char **argv)
{
  const char *command = "serve";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *address = NULL, *tables_text = NULL;
  g_auto(GStrv) assigns = NULL;
  int port = DEFAULT_PORT, n_tables = 0;
  gboolean accept = FALSE, qr = FALSE, typed_dice = FALSE;
  const GOptionEntry entries[] = {
    { "address", 0, 0, G_OPTION_ARG_STRING, &address,
      N_("Listen on this IP address (default: this machine’s first address on the local "
         "network; 0.0.0.0 for all)"), N_("ADDRESS") },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, N_("Listen on this port (default 8040; 0 for any "
                                                "free port)"), N_("PORT") },
    { "accept", 0, 0, G_OPTION_ARG_NONE, &accept,
      N_("Journal each sheet as it arrives, instead of waiting for “accept ID”"), NULL },
    { "qr", 0, 0, G_OPTION_ARG_NONE, &qr, N_("Print each link's QR code too"), NULL },
    { "tables", 0, 0, G_OPTION_ARG_STRING, &tables_text,
      N_("Serve N tables of several masters too (“Table 1” … “Table N”), with a join link "
         "each"), N_("N") },
    { "assign", 0, 0, G_OPTION_ARG_STRING_ARRAY, &assigns,
      N_("With --tables: hand ENGAGEMENT to TABLE (“c1-3=2”) before serving; journaled, as "
         "“admiralty-cli table-assign” does (repeatable)"), N_("ENGAGEMENT=TABLE") },
    { "typed-dice", 0, 0, G_OPTION_ARG_NONE, &typed_dice,
      N_("With --assign: let those tables type real dice in, as “table-assign --typed-dice”"),
      NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty"),
                              _("Serve each admiral his own page of the campaign on the local "
                                "network — fleet cards, reports, what his side knows (F-STRAT-3) "
                                "— and take his order sheet, until Ctrl+C."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args, _("unexpected argument “%s”; give one campaign file"),
                             _("no campaign file given"), NULL))
    return CLI_EXIT_USAGE;
  if (port < 0 || port > 65535)
    return _cli_usage_error (command, _("--port takes 0 to 65535, not %d"), port);
  if (!_cli_check_value (command, "--address", address, FALSE) ||
      !_cli_check_value (command, "--tables", tables_text, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_parse_int (tables_text, 1, ADM_TABLE_SERVER_MAX_TABLES, &n_tables))
    return _cli_usage_error (command, _("--tables takes 1 to %d, not “%s”"),
                             ADM_TABLE_SERVER_MAX_TABLES, tables_text);
  if (assigns != NULL && n_tables == 0)
    return _cli_usage_error (command, _("--assign serves tables: give --tables N too"));
  if (typed_dice && assigns == NULL)
    return _cli_usage_error (command, _("--typed-dice is for the tables of --assign: give "
                                        "--assign too"));
  return serve_campaign (args[0], address, (guint) port, accept, qr, (guint) n_tables,
                         (const char * const *) assigns, typed_dice);
}
