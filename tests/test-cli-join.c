/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-join.c: several masters, one campaign, in two processes on 127.0.0.1 — the chief
 * master's `admiralty-cli serve CAMPAIGN --tables 1` and a table master's `admiralty-cli
 * join LINK --engagement c1-3`, fighting Komarr's engagement c1-3 turn by turn with scripted
 * dice. The link is cut in the middle (the chief killed, a turn played while he is away, the
 * chief started again and the waiting entries sent), the table killed with SIGKILL once with
 * entries recorded and not acknowledged, then the battle ended at the table. Afterwards the
 * chief's campaign — its file (journal, battle entries, state), `engagements --json` and its
 * reports — equals the campaign of the same battle fought on one machine with `battle
 * CAMPAIGN --engagement c1-3` and the same dice, but for the times and the hand-off to the
 * table. The USB path (`join --export`, `import`) gives the same campaign too. The table's
 * placements step (`join --place`, `--roll-again`) before the first phase is the chief's. */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "portal-helpers.h"
#include "shipped-helpers.h"
#include "text-helpers.h"

#define ENGAGEMENT "c1-3"
#define TURNS 3
#define REASON "Pol Six withdrew"

typedef struct {
  char *dir;
  char *orders;
  char *dice[TURNS + 1];   /* the die values of each turn, as --dice takes them */
} Fixture;

/* Cycle 1 of the Komarr campaign from its sheets, saved as @name in the fixture's folder. */
static char *
cycle_one (Fixture    *fixture,
           const char *name)
{
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *sheets = source_path ("scenarios", "komarr-campaign.sheets", NULL);
  g_autofree char *s1 = g_build_filename (sheets, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = g_build_filename (sheets, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = g_build_filename (sheets, "komarr-cycle-1-vorkosigan.xml", NULL);
  char *path = g_build_filename (fixture->dir, name, NULL);
  g_autoptr(CliResult) result = run_cli ("cycle", scenario, "--orders", s1, s2, s3, "--save",
                                         path, "--seed", "7", NULL);

  g_assert_cmpint (result->status, ==, 0);
  return path;
}

/* The dice of c1-3's first turns as seed 6 rolls them, turn by turn: what the masters type. */
static void
script_dice (Fixture *fixture)
{
  g_autofree char *scratch = cycle_one (fixture, "scratch.admiralty");
  g_autofree char *turns = g_strdup_printf ("%d", TURNS);
  g_autoptr(CliResult) fight = run_cli ("battle", scratch, "--engagement", ENGAGEMENT,
                                        "--orders", fixture->orders, "--turns", turns, "--seed",
                                        "6", "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  GString *dice[TURNS + 1] = { NULL, };
  JsonArray *rolls;

  g_assert_cmpint (fight->status, ==, 0);
  root = parse_json (fight->out);
  rolls = json_object_get_array_member (root, "rolls");
  for (int t = 1; t <= TURNS; t++)
    dice[t] = g_string_new (NULL);
  for (guint i = 0; i < json_array_get_length (rolls); i++)
    {
      JsonObject *roll = json_array_get_object_element (rolls, i);
      JsonArray *values = json_object_get_array_member (roll, "values");
      int turn = (int) json_object_get_int_member (roll, "turn");

      g_assert_cmpint (turn, >=, 1);
      g_assert_cmpint (turn, <=, TURNS);
      for (guint v = 0; v < json_array_get_length (values); v++)
        g_string_append_printf (dice[turn], "%s%" G_GINT64_FORMAT, dice[turn]->len > 0 ? " " : "",
                                json_array_get_int_element (values, v));
    }
  /* Dice are rolled in the turns after the first: the test is about something. */
  g_assert_cmpuint (json_array_get_length (rolls), >, 0);
  /* A turn without a roll gets a die it does not need: --dice takes no empty list. */
  for (int t = 1; t <= TURNS; t++)
    {
      if (dice[t]->len == 0)
        g_string_append (dice[t], "1");
      fixture->dice[t] = g_string_free (dice[t], FALSE);
    }
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  fixture->dir = g_dir_make_tmp ("admiralty-cli-join-XXXXXX", &error);
  g_assert_no_error (error);
  /* The table's battles go to this test's own data folder. */
  g_setenv ("XDG_DATA_HOME", fixture->dir, TRUE);
  fixture->orders = source_path ("tests/data/campaign-battles", "komarr-c1-3.orders.xml", NULL);
  script_dice (fixture);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->orders);
  for (int t = 0; t <= TURNS; t++)
    g_free (fixture->dice[t]);
}

/* The chief's server */

typedef struct {
  GSubprocess      *process;
  GDataInputStream *out;
  char             *link;
  GPtrArray        *admirals;  /* each admiral's page, as `serve` prints them */
} Chief;

/* A chief left behind by a failed test dies with it. */
static void
die_with_test (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* `serve CAMPAIGN --tables 1` on @port, until it prints the join link of "Table 1". */
static void
chief_start (Chief      *chief,
             const char *campaign,
             guint       port)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (
    G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDIN_PIPE);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) regex = g_regex_new ("https://[^ \t]+/table/[0-9a-f]{32}/#sha256=[0-9a-f]{64}",
                                          0, 0, NULL);
  g_autoptr(GRegex) page = g_regex_new ("http://[^ \t]+/a/[^ \t]+", 0, 0, NULL);
  g_autofree char *port_text = g_strdup_printf ("%u", port);
  char *line;

  g_clear_pointer (&chief->admirals, g_ptr_array_unref);
  chief->admirals = g_ptr_array_new_with_free_func (g_free);

  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_test, NULL, NULL);
  chief->process = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "serve", campaign,
                                                "--tables", "1", "--address", "127.0.0.1",
                                                "--port", port_text, NULL);
  g_assert_no_error (error);
  chief->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (chief->process));
  while ((line = g_data_input_stream_read_line_utf8 (chief->out, NULL, NULL, &error)) != NULL)
    {
      g_autoptr(GMatchInfo) match = NULL;

      g_test_message ("chief: %s", line);
      if (g_regex_match (page, line, 0, &match))
        g_ptr_array_add (chief->admirals, g_match_info_fetch (match, 0));
      g_clear_pointer (&match, g_match_info_free);
      if (g_regex_match (regex, line, 0, &match))
        {
          g_autofree char *link = g_match_info_fetch (match, 0);

          /* Started again, the chief keeps the table's key: the same link. */
          if (chief->link != NULL)
            g_assert_cmpstr (chief->link, ==, link);
          g_free (chief->link);
          chief->link = g_steal_pointer (&link);
          g_free (line);
          break;
        }
      g_free (line);
    }
  g_assert_no_error (error);
  g_assert_nonnull (chief->link);
}

/* The chief goes: killed (the room's laptop dies) or asked to stop. */
static void
chief_stop (Chief *chief,
            int    sig)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_send_signal (chief->process, sig);
  g_subprocess_wait (chief->process, NULL, &error);
  g_assert_no_error (error);
  if (sig == SIGTERM)
    g_assert_true (g_subprocess_get_successful (chief->process));
  g_clear_object (&chief->out);
  g_clear_object (&chief->process);
}

/* The table */

static CliResult *
join_turn (Fixture    *fixture,
           const char *link,
           int         turn)
{
  return run_cli ("join", link, "--engagement", ENGAGEMENT, "--orders", fixture->orders,
                  "--turns", "1", "--dice", fixture->dice[turn], "--json", NULL);
}

/* A turn played with the chief away, waiting for no receipt (--wait 0): the entries wait on
 * this computer as they do after the default's five seconds. */
static CliResult *
join_turn_away (Fixture    *fixture,
                const char *link,
                int         turn)
{
  return run_cli ("join", link, "--engagement", ENGAGEMENT, "--orders", fixture->orders,
                  "--turns", "1", "--dice", fixture->dice[turn], "--wait", "0", "--json", NULL);
}

static JsonObject *
table_of (CliResult *result)
{
  g_autoptr(JsonObject) root = NULL;

  g_test_message ("table: %s", result->err);
  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  return json_object_ref (json_object_get_object_member (root, "table"));
}

static gint64
waiting (CliResult *result)
{
  g_autoptr(JsonObject) table = table_of (result);

  return json_object_get_int_member (table, "waiting");
}

/* The same battle on one machine */

static char *
alone (Fixture *fixture)
{
  char *campaign = cycle_one (fixture, "alone.admiralty");

  for (int t = 1; t <= TURNS; t++)
    {
      g_autoptr(CliResult) fight = run_cli ("battle", campaign, "--engagement", ENGAGEMENT,
                                            "--orders", fixture->orders, "--turns", "1",
                                            "--dice", fixture->dice[t], NULL);

      g_assert_cmpint (fight->status, ==, 0);
    }
  {
    g_autoptr(CliResult) end = run_cli ("battle", campaign, "--engagement", ENGAGEMENT, "--end",
                                        "--reason", REASON, NULL);

    g_assert_cmpint (end->status, ==, 0);
  }
  return campaign;
}

/* Comparing campaigns */

/* A campaign file without what may differ: the times and the digests that seal them, the
 * hand-off to the table with the commitment to the dice its set-up carried and that secret
 * revealed by the ending (and the numbers of the actions after it, one more for each). */
static char *
normal_file (const char *path)
{
  g_autofree char *text = NULL;
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  g_autoptr(GRegex) hand_off = g_regex_new ("[ \t]*<action [^>]*what=\"(table-[a-z-]+|"
                                            "dice-commit)\".*?</action>\n", G_REGEX_DOTALL,
                                            0, NULL);
  g_autoptr(GRegex) reveal = g_regex_new ("[ \t]*<event kind=\"dice-reveal\"[^>]*/>\n", 0, 0,
                                          NULL);
  /* The digests seal the times and numbers too (adm_journal_seal ()); the file's end counts
   * the entries, the hand-offs taken out above among them. */
  g_autoptr(GRegex) times = g_regex_new (" (time|digest|entries)=\"[^\"]*\"", 0, 0, NULL);
  g_autoptr(GRegex) ids = g_regex_new ("<action id=\"[0-9]+\"", 0, 0, NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  a = g_regex_replace_literal (hand_off, text, -1, 0, "", 0, NULL);
  b = g_regex_replace_literal (reveal, a, -1, 0, "", 0, NULL);
  c = g_regex_replace_literal (times, b, -1, 0, "", 0, NULL);
  return g_regex_replace_literal (ids, c, -1, 0, "<action", 0, NULL);
}

/* `engagements --json` without the table the engagement was at. */
static char *
normal_engagements (const char *campaign)
{
  g_autoptr(CliResult) list = run_cli ("engagements", campaign, "--json", NULL);
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(JsonNode) node = NULL;
  JsonArray *engagements;

  g_assert_cmpint (list->status, ==, 0);
  root = parse_json (list->out);
  engagements = json_object_get_array_member (root, "engagements");
  for (guint i = 0; i < json_array_get_length (engagements); i++)
    {
      JsonObject *entry = json_array_get_object_element (engagements, i);

      json_object_remove_member (entry, "table");
      json_object_remove_member (entry, "assignment");
    }
  node = json_node_init_object (json_node_alloc (), root);
  return json_to_string (node, TRUE);
}

/* @campaign's report as text, without the time its heading gives (when the cycle was
 * resolved: the campaign played at the tables and the one played alone resolved it a moment
 * apart, which may fall in two minutes on a slow machine). */
static char *
report (const char *campaign,
        const char *kind,
        const char *admiral)
{
  g_autoptr(CliResult) result = admiral != NULL
    ? run_cli ("report", campaign, "--kind", kind, "--admiral", admiral, "--text", NULL)
    : run_cli ("report", campaign, "--kind", kind, "--text", NULL);
  g_autoptr(GRegex) heading = g_regex_new ("^(Cycle [0-9]+) · .*$", G_REGEX_MULTILINE, 0, NULL);

  g_assert_cmpint (result->status, ==, 0);
  return g_regex_replace (heading, result->out, -1, 0, "\\1", 0, NULL);
}

static void
assert_same_campaign (const char *chief,
                      const char *alone_path)
{
  const char *admirals[] = { "radovan", "vorkosigan", "ghem-sarlat" };
  g_autofree char *chief_file = normal_file (chief);
  g_autofree char *alone_file = normal_file (alone_path);
  g_autofree char *chief_list = normal_engagements (chief);
  g_autofree char *alone_list = normal_engagements (alone_path);

  /* The battle is in both, played and ended. */
  g_assert_nonnull (strstr (chief_file, "what=\"resolve-phase\" turn=\"3\""));
  g_assert_nonnull (strstr (chief_file, "what=\"battle-end\""));
  g_assert_cmpstr (chief_file, ==, alone_file);
  g_assert_cmpstr (chief_list, ==, alone_list);
  {
    g_autofree char *a = report (chief, "master", NULL);
    g_autofree char *b = report (alone_path, "master", NULL);
    g_autofree char *c = report (chief, "public", NULL);
    g_autofree char *d = report (alone_path, "public", NULL);
    g_autoptr(GString) unlabelled = g_string_new (a);

    /* The master's report says which table fought the battle and where the dice were typed
     * in: the only differences. */
    g_assert_cmpuint (g_string_replace (unlabelled, " (typed in at the table “Table 1”)", "", 0),
                      >, 0);
    g_assert_cmpuint (g_string_replace (unlabelled, "Fought at the table “Table 1”.\n\n", "", 0),
                      ==, 1);
    g_assert_cmpstr (unlabelled->str, ==, b);
    g_assert_cmpstr (c, ==, d);
  }
  for (guint i = 0; i < G_N_ELEMENTS (admirals); i++)
    {
      g_autofree char *a = report (chief, "admiral", admirals[i]);
      g_autofree char *b = report (alone_path, "admiral", admirals[i]);
      g_autofree char *c = report (chief, "cards", admirals[i]);
      g_autofree char *d = report (alone_path, "cards", admirals[i]);

      g_assert_cmpstr (a, ==, b);
      g_assert_cmpstr (c, ==, d);
    }
}

static void
assign (const char *campaign)
{
  g_autoptr(CliResult) assigned = run_cli ("table-assign", campaign, ENGAGEMENT, "Table 1",
                                           "--typed-dice", NULL);

  g_assert_cmpint (assigned->status, ==, 0);
}

/* The number of entries the table's key file says its battle holds. */
static guint64
entries_kept (const char *dir)
{
  g_autofree char *folder = g_build_filename (dir, "admiralty", "tables", NULL);
  g_autoptr(GDir) listing = g_dir_open (folder, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".table"))
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_autoptr(GKeyFile) keys = g_key_file_new ();

        if (g_key_file_load_from_file (keys, path, G_KEY_FILE_NONE, NULL))
          return g_key_file_get_uint64 (keys, "table", "entries", NULL);
      }
  return 0;
}

/* The table killed with entries recorded and not acknowledged: the chief is stopped
 * (SIGSTOP: his socket takes the message, he does not answer), the table plays turn @turn,
 * and is killed once its key file holds the turn's @phases entries, while it waits for the
 * chief's receipt. */
static void
kill_table_mid_turn (Fixture    *fixture,
                     Chief      *chief,
                     int         turn,
                     guint64     phases)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (
    G_SUBPROCESS_FLAGS_STDOUT_SILENCE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GSubprocess) table = NULL;
  g_autoptr(GError) error = NULL;
  guint64 before = entries_kept (fixture->dir);
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  g_subprocess_send_signal (chief->process, SIGSTOP);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_test, NULL, NULL);
  table = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "join", chief->link,
                                       "--engagement", ENGAGEMENT, "--orders", fixture->orders,
                                       "--turns", "1", "--dice", fixture->dice[turn], NULL);
  g_assert_no_error (error);
  while (entries_kept (fixture->dir) < before + phases && g_get_monotonic_time () < deadline)
    g_usleep (20000);
  g_assert_cmpuint (entries_kept (fixture->dir), ==, before + phases);
  g_subprocess_force_exit (table);
  g_subprocess_wait (table, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_subprocess_get_if_exited (table));
  g_subprocess_send_signal (chief->process, SIGCONT);
}

/* F-SEQ-1: the battle fought at the table, turn by turn, through a cut link, a table killed
 * and a chief killed, is the battle fought on one machine. */
static void
test_loopback (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *campaign = cycle_one (fixture, "chief.admiralty");
  g_autofree char *reference = alone (fixture);
  Chief chief = { NULL, };
  guint port = free_port ();
  guint64 phases;

  assign (campaign);
  chief_start (&chief, campaign, port);
  {
    g_autoptr(CliResult) list = run_cli ("join", chief.link, NULL);
    g_autoptr(CliResult) first = join_turn (fixture, chief.link, 1);
    g_autoptr(JsonObject) table = table_of (first);

    g_assert_cmpint (list->status, ==, 0);
    g_assert_nonnull (strstr (list->out, ENGAGEMENT));
    g_assert_nonnull (strstr (list->out, "Table 1"));
    g_assert_cmpint (json_object_get_int_member (table, "waiting"), ==, 0);
    /* A turn is one entry a phase. */
    phases = (guint64) json_object_get_int_member (table, "entries");
    g_assert_cmpuint (phases, >, 1);
  }

  /* The chief's laptop dies: the table plays on, its entries wait. */
  chief_stop (&chief, SIGKILL);
  {
    g_autoptr(CliResult) second = join_turn (fixture, chief.link, 2);

    g_assert_cmpint (waiting (second), >, 0);
    g_assert_nonnull (strstr (second->err, "wait"));
  }
  chief_start (&chief, campaign, port);
  {
    g_autoptr(CliResult) resend = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--turns", "0", "--json", NULL);

    g_assert_cmpint (waiting (resend), ==, 0);
  }

  /* The table dies with entries not acknowledged; started again, it sends them. */
  kill_table_mid_turn (fixture, &chief, 3, phases);
  {
    g_autoptr(CliResult) resend = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--turns", "0", "--json", NULL);
    g_autoptr(CliResult) end = run_cli ("join", chief.link, "--engagement", ENGAGEMENT, "--end",
                                        "--reason", REASON, "--json", NULL);
    g_autoptr(CliResult) again = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--turns", "1", "--dice", fixture->dice[3], NULL);

    g_assert_cmpint (waiting (resend), ==, 0);
    g_assert_cmpint (waiting (end), ==, 0);
    assert_failure (again, 1, "was ended at this table");
  }
  chief_stop (&chief, SIGTERM);
  g_free (chief.link);
  g_clear_pointer (&chief.admirals, g_ptr_array_unref);
  assert_same_campaign (campaign, reference);
}

/* The USB path: the table fights on with the chief away and exports the battle; the chief
 * imports the file, with the same checks, into the same campaign. */
static void
test_export_import (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *campaign = cycle_one (fixture, "usb.admiralty");
  g_autofree char *reference = alone (fixture);
  g_autofree char *file = g_build_filename (fixture->dir, "c1-3.table-battle", NULL);
  Chief chief = { NULL, };

  assign (campaign);
  chief_start (&chief, campaign, free_port ());
  {
    g_autoptr(CliResult) first = join_turn (fixture, chief.link, 1);

    g_assert_cmpint (waiting (first), ==, 0);
  }
  chief_stop (&chief, SIGTERM);
  for (int t = 2; t <= TURNS; t++)
    {
      g_autoptr(CliResult) fight = join_turn_away (fixture, chief.link, t);

      g_assert_cmpint (waiting (fight), >, 0);
    }
  {
    g_autoptr(CliResult) end = run_cli ("join", chief.link, "--engagement", ENGAGEMENT, "--end",
                                        "--reason", REASON, "--wait", "0", NULL);
    g_autoptr(CliResult) export = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--export", file, NULL);
    g_autoptr(CliResult) import = NULL;

    g_assert_cmpint (end->status, ==, 0);
    g_assert_cmpint (export->status, ==, 0);
    g_assert_true (g_file_test (file, G_FILE_TEST_EXISTS));
    import = run_cli ("import", campaign, file, NULL);
    g_test_message ("%s", import->err);
    g_assert_cmpint (import->status, ==, 0);
  }
  g_free (chief.link);
  g_clear_pointer (&chief.admirals, g_ptr_array_unref);
  assert_same_campaign (campaign, reference);
}

/* The value of @name in the first <event kind="@kind" …> of @text that has it. */
static char *
event_value (const char *text,
             const char *kind,
             const char *name)
{
  g_autofree char *head = g_strdup_printf ("<event kind=\"%s\"", kind);
  g_autofree char *key = g_strdup_printf (" %s=\"", name);

  for (const char *at = strstr (text, head); at != NULL; at = strstr (at + 1, head))
    {
      g_autofree char *event = g_strndup (at, strcspn (at, ">"));
      const char *value = strstr (event, key);

      if (value != NULL)
        {
          value += strlen (key);
          return g_strndup (value, strcspn (value, "\""));
        }
    }
  return NULL;
}

/* What a command printed (@result, taken) does not tell @secret. */
static void
assert_untold (const char *secret,
               CliResult  *result)
{
  g_autoptr(CliResult) taken = result;

  g_assert_cmpint (taken->status, ==, 0);
  g_assert_null (strstr (taken->out, secret));
  g_assert_null (strstr (taken->err, secret));
}

/* F-SEQ-1: program dice at a table. The set-up the table downloads carries the secret the chief
 * committed to when he handed it out; the table draws its program dice from it, the chief
 * checks each roll that comes back, and once the battle ends `verify-dice` on the chief's
 * campaign checks every roll as it does his own battles' (docs/dice.md). Before the end the
 * secret is in no file an admiral reads and in no view of a side or the public; a table
 * cannot draw from a seed instead; a roll changed in the file is caught. */
static void
test_program_dice (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *campaign = cycle_one (fixture, "dice.admiralty");
  g_autofree char *tampered = g_build_filename (fixture->dir, "tampered.admiralty", NULL);
  g_autofree char *during = NULL, *after = NULL, *commitment = NULL, *assignment = NULL;
  g_autofree char *secret_path = NULL, *secret = NULL, *expected = NULL;
  Chief chief = { NULL, };
  guint port = free_port ();
  guint n = 0, n_named = 0, sides = 1;

  assign (campaign);
  chief_start (&chief, campaign, port);
  {
    g_autoptr(CliResult) fight = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--orders", fixture->orders, "--turns", "3",
                                          "--secret-alone", "--json", NULL);

    g_assert_cmpint (waiting (fight), ==, 0);
    g_assert_nonnull (strstr (fight->out, "\"program\""));
  }
  chief_stop (&chief, SIGTERM);

  /* Committed to when handed out, naming the hand-off; the secret in the private folder. */
  during = file_contents (campaign);
  commitment = event_value (during, "dice-commit", "commitment");
  assignment = event_value (during, "table-assign", "assignment");
  g_assert_true (adm_dice_hex_is_valid (commitment));
  {
    g_autofree char *named = event_value (during, "dice-commit", "assignment");

    g_assert_cmpstr (named, ==, assignment);
  }
  secret_path = adm_dice_secret_path (commitment);
  secret = file_contents (secret_path);
  g_strstrip (secret);
  g_assert_true (adm_dice_hex_is_valid (secret));
  g_assert_null (strstr (during, secret));
  /* At the table: the secret in its master's private folder (here the same), named by the
   * key file, never in the battle it sends back. */
  {
    g_autofree char *folder = g_build_filename (fixture->dir, "admiralty", "tables", NULL);
    g_autoptr(GDir) listing = g_dir_open (folder, 0, NULL);
    const char *name;
    guint seen = 0;

    while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_autofree char *text = NULL;

        if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
          continue;
        text = file_contents (path);
        g_assert_null (strstr (text, secret));
        if (g_str_has_suffix (name, ".table"))
          {
            g_autoptr(GKeyFile) keys = g_key_file_new ();
            g_autofree char *named = NULL;

            g_assert_true (g_key_file_load_from_data (keys, text, -1, G_KEY_FILE_NONE, NULL));
            named = g_key_file_get_string (keys, "table", "dice-commitment", NULL);
            g_assert_cmpstr (named, ==, commitment);
            g_assert_true (g_key_file_get_boolean (keys, "table", "dice-from-chief", NULL));
            seen++;
          }
      }
    g_assert_cmpuint (seen, ==, 1);
  }
  assert_untold (secret, run_cli ("battle", campaign, "--engagement", ENGAGEMENT, "--as", "pol",
                                  NULL));
  assert_untold (secret, run_cli ("battle", campaign, "--engagement", ENGAGEMENT, "--as",
                                  "cetaganda", "--json", NULL));
  assert_untold (secret, run_cli ("verify-dice", campaign, ENGAGEMENT, NULL));
  assert_untold (secret, run_cli ("verify-dice", campaign, ENGAGEMENT, "--as", "public",
                                  "--json", NULL));
  assert_untold (secret, run_cli ("report", campaign, "--kind", "admiral", "--admiral",
                                  "radovan", "--text", NULL));
  assert_untold (secret, run_cli ("report", campaign, "--kind", "public", "--text", NULL));
  {
    /* The chief's dice, not a seed's. */
    g_autoptr(CliResult) seeded = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--orders", fixture->orders, "--turns", "1",
                                           "--seed", "5", NULL);

    assert_failure (seeded, 1, "committed to the program dice of engagement c1-3");
  }

  chief_start (&chief, campaign, port);
  {
    g_autoptr(CliResult) end = run_cli ("join", chief.link, "--engagement", ENGAGEMENT, "--end",
                                        "--reason", REASON, "--json", NULL);

    g_assert_cmpint (waiting (end), ==, 0);
  }
  chief_stop (&chief, SIGTERM);
  g_free (chief.link);
  g_clear_pointer (&chief.admirals, g_ptr_array_unref);

  /* Ended: the secret revealed, every program roll checks. */
  after = file_contents (campaign);
  g_assert_nonnull (strstr (after, secret));
  g_assert_false (g_file_test (secret_path, G_FILE_TEST_EXISTS));
  {
    g_autoptr(CliResult) check = run_cli ("verify-dice", campaign, ENGAGEMENT, NULL);
    g_autoptr(CliResult) json = run_cli ("verify-dice", campaign, ENGAGEMENT, "--json", NULL);
    g_autoptr(JsonObject) root = NULL;
    JsonArray *rolls;

    g_test_message ("%s%s", check->out, check->err);
    g_assert_cmpint (check->status, ==, 0);
    g_assert_nonnull (strstr (check->out, "program rolls match their commitment"));
    g_assert_null (strstr (check->out, "DOES NOT MATCH"));
    g_assert_cmpint (json->status, ==, 0);
    root = parse_json (json->out);
    rolls = json_object_get_array_member (root, "rolls");
    g_assert_cmpuint (json_array_get_length (rolls), >, 0);
    g_assert_cmpint (json_object_get_int_member (root, "matched"), ==,
                     json_array_get_length (rolls));
  }

  /* The last die of the last program roll turned to each other face: each caught. A face that
   * changes what the roll decided can leave the battle wanting dice the journal does not hold
   * (a critical check now passed, with no roll on the critical table after it): such a battle
   * no longer replays, and `verify-dice` refuses it naming the line; any other is replayed and
   * the roll named. The table's dice come from the chief's random secret, so which face does
   * which differs from run to run; the seeded battle of test-cli-verify-dice names the roll
   * on every run. The first call reads the dice's number of faces into sides. */
  for (guint face = 1; face <= sides; face++)
    {
      g_autoptr(CliResult) check = NULL;

      n = cli_tamper_last_program_roll (after, tampered, face, &sides);
      if (n == 0)
        continue;
      check = run_cli ("verify-dice", tampered, ENGAGEMENT, NULL);
      g_test_message ("%s%s", check->out, check->err);
      g_assert_cmpint (check->status, ==, 1);
      g_clear_pointer (&expected, g_free);
      expected = g_strdup_printf ("Roll %u does not match its commitment", n);
      if (strstr (check->out, expected) == NULL)
        g_assert_nonnull (strstr (check->err, "the journal does not replay"));
      else
        n_named++;
    }
  g_test_message ("%u of %u faces replayed and were named", n_named, sides - 1);
}

/* The sides' dice this table keeps beside its battle (the key file's `dice-given`), or NULL. */
static char *
dice_given (Fixture *fixture)
{
  g_autofree char *folder = g_build_filename (fixture->dir, "admiralty", "tables", NULL);
  g_autoptr(GDir) listing = g_dir_open (folder, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".table"))
      {
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_autoptr(GKeyFile) keys = g_key_file_new ();

        g_assert_true (g_key_file_load_from_file (keys, path, G_KEY_FILE_NONE, NULL));
        return g_key_file_get_string (keys, "table", "dice-given", NULL);
      }
  return NULL;
}

static gint64
entries_of (CliResult *result)
{
  g_autoptr(JsonObject) table = table_of (result);

  return json_object_get_int_member (table, "entries");
}

/* F-STRAT-4: a table master on a terminal is asked each side's 2d6 before each phase that
 * rolls dice, as the app's table asks them (docs/dice.md, "What the sides add"): typed on
 * standard input, or given with --give-dice, through the table's one check. Bad input first —
 * dice out of range, a side that is none of the battle's, a second contribution of one side,
 * a battle ended at this table, nothing typed — each refused naming why, the phase not rolled
 * and nothing kept of the refused dice; then the dice typed are kept beside the battle, sent
 * to the chief, journaled there and mixed into the phase's rolls, which verify-dice checks. */
static void
test_sides_dice (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *campaign = cycle_one (fixture, "sides.admiralty");
  g_autofree char *text = NULL, *held = NULL;
  Chief chief = { NULL, };
  guint port = free_port ();
  gint64 entries;

  assign (campaign);
  chief_start (&chief, campaign, port);
  {
    /* Turn 1 rolls nothing with these declarations: nothing is asked. */
    g_autoptr(CliResult) first = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--orders", fixture->orders, "--json", NULL);

    entries = entries_of (first);
    g_assert_null (strstr (first->err, "2d6"));
    g_assert_null (dice_given (fixture));
  }
  {
    /* Turn 2's fire rolls: nothing typed, it is not rolled; the phases before it stand. */
    g_autoptr(CliResult) none = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                         "--orders", fixture->orders, NULL);
    g_autoptr(CliResult) kept = NULL;

    assert_failure (none, 1, "No dice were given for");
    g_assert_nonnull (strstr (none->err, "before turn 2, phase “Fire” of engagement c1-3"));
    g_assert_null (dice_given (fixture));
    kept = run_cli ("join", chief.link, "--engagement", ENGAGEMENT, "--turns", "0", "--json",
                    NULL);
    g_assert_cmpint (entries_of (kept), >, entries);
    entries = entries_of (kept);
  }
  {
    /* Out of range, then nothing more: refused and asked again, nothing kept. */
    g_autoptr(CliResult) range = run_cli_input ("7 1\n0 3\n", "join", chief.link,
                                                "--engagement", ENGAGEMENT, "--orders",
                                                fixture->orders, NULL);
    g_autoptr(CliResult) nobody = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--orders", fixture->orders, "--give-dice",
                                           "jacksons-whole=3 5", NULL);
    g_autoptr(CliResult) twice = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--orders", fixture->orders, "--give-dice",
                                          "pol=3 5", "--give-dice", "pol=4 4", NULL);
    g_autoptr(CliResult) usage = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--turns", "0", "--give-dice", "pol=3 5", NULL);
    g_autoptr(CliResult) form = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                         "--give-dice", "pol", NULL);
    g_autoptr(CliResult) typed = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--dice", "3", "--give-dice", "pol=3 5", NULL);

    assert_failure (range, 1, "dice “7 1” refused");
    g_assert_nonnull (strstr (range->err, "dice “0 3” refused"));
    g_assert_nonnull (strstr (range->err, "No dice were given for"));
    assert_failure (nobody, 1, "--give-dice “jacksons-whole=3 5”: no dice were given before "
                               "turn 2, phase “Fire”, so it is not rolled");
    g_assert_nonnull (strstr (nobody->err, "is no side of the battle"));
    assert_failure (twice, 1, "--give-dice “pol=4 4”: no dice were given");
    g_assert_nonnull (strstr (twice->err, "has given its dice contribution for this phase "
                                          "already"));
    assert_failure (usage, 2, "--give-dice is for the first phase played that rolls dice");
    assert_failure (form, 2, "--give-dice takes SIDE=DICE");
    assert_failure (typed, 2, "drop --dice and --secret-alone");
    g_assert_null (dice_given (fixture));
  }
  {
    /* Pol gives, Cetaganda's dice are not typed: Pol's are kept, the phase waits. */
    g_autoptr(CliResult) half = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                         "--orders", fixture->orders, "--give-dice", "pol=3 5",
                                         NULL);
    g_autoptr(CliResult) again = NULL;

    assert_failure (half, 1, "No dice were given for");
    held = dice_given (fixture);
    g_assert_nonnull (held);
    g_assert_nonnull (strstr (held, ":pol:side:35"));
    g_assert_null (strstr (held, "cetaganda"));
    /* A second from Pol: refused by the table's one check, what is kept unchanged. */
    again = run_cli ("join", chief.link, "--engagement", ENGAGEMENT, "--orders",
                     fixture->orders, "--give-dice", "pol=4 4", NULL);
    assert_failure (again, 1, "has given its dice contribution for this phase already");
    {
      g_autofree char *after = dice_given (fixture);

      g_assert_cmpstr (after, ==, held);
    }
  }
  {
    /* Cetaganda's typed, thrown by the master: the only one asked; then turn 3's phases. */
    g_autoptr(CliResult) fire = run_cli_input ("master 6 2\n4 4\n1 6\n2 2\n5 5\n3 3\n6 6\n", "join", chief.link,
                                               "--engagement", ENGAGEMENT, "--orders",
                                               fixture->orders, "--turns", "2", "--json",
                                               NULL);
    g_autofree char *after = NULL;

    g_assert_cmpint (waiting (fire), ==, 0);
    g_assert_cmpint (entries_of (fire), >, entries);
    after = dice_given (fixture);
    g_assert_nonnull (strstr (after, ":cetaganda:master:62"));
  }
  {
    g_autoptr(CliResult) end = run_cli ("join", chief.link, "--engagement", ENGAGEMENT, "--end",
                                        "--reason", REASON, "--json", NULL);
    g_autoptr(CliResult) ended = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--orders", fixture->orders, "--give-dice",
                                          "pol=3 5", NULL);

    g_assert_cmpint (waiting (end), ==, 0);
    assert_failure (ended, 1, "was ended at this table");
  }
  chief_stop (&chief, SIGTERM);
  g_free (chief.link);
  g_clear_pointer (&chief.admirals, g_ptr_array_unref);

  /* The chief journaled each side's dice naming the hand-off, and every program roll of the
   * phases given to mixes them. */
  text = file_contents (campaign);
  g_assert_nonnull (strstr (text, "dice-contribution"));
  {
    g_autoptr(CliResult) check = run_cli ("verify-dice", campaign, ENGAGEMENT, NULL);

    g_test_message ("%s%s", check->out, check->err);
    g_assert_cmpint (check->status, ==, 0);
    g_assert_nonnull (strstr (check->out, "mixed with its phase's contributions"));
    g_assert_nonnull (strstr (check->out, "cetaganda 6 2 (thrown by the master)"));
    g_assert_nonnull (strstr (check->out, "pol 3 5"));
    g_assert_null (strstr (check->out, "DOES NOT MATCH"));
  }
}

/* The phones: an admiral's page on the chief's portal, in plain HTTP as a phone asks it. */

/* @method @url with @body (of @type): the answer's body, its status in @status. */
static char *
ask_chief (const char *method,
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

/* The table's own link, without the fragment naming the certificate, + @rest. */
static char *
table_url (Chief      *chief,
           const char *rest)
{
  g_autofree char *bare = g_strndup (chief->link, strstr (chief->link, "#") - chief->link);

  return g_strconcat (bare, rest, NULL);
}

/* The table's ask of @phase's dice, posted as it is (the table's client aside). */
static char *
table_ask (Chief      *chief,
           const char *assignment,
           JsonObject *phase,
           gint64      turn,
           const char *dice,
           guint      *status)
{
  g_autofree char *url = table_url (chief, "engagements/" ENGAGEMENT "/dice");
  g_autofree char *body = NULL;

  body = g_strdup_printf ("{\"assignment\": \"%s\", \"from\": %" G_GINT64_FORMAT ", \"turn\": %"
                          G_GINT64_FORMAT ", \"phase\": \"%s\", \"declarations\": \"%064d\"%s%s%s}",
                          assignment,
                          json_object_get_int_member (phase, "from"), turn,
                          json_object_get_string_member (phase, "phase"), 0,
                          dice != NULL ? ", \"dice\": \"" : "", dice != NULL ? dice : "",
                          dice != NULL ? "\"" : "");
  return ask_chief ("POST", url, "application/json", body, status);
}

/* The value of the first @name="…" in @text, or NULL. */
static char *
attribute_in (const char *text,
              const char *name)
{
  g_autofree char *key = g_strdup_printf (" %s=\"", name);
  const char *at = strstr (text, key);

  return at == NULL ? NULL : g_strndup (at + strlen (key), strcspn (at + strlen (key), "\""));
}

static guint
count_of (const char *text,
          const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (text, needle); at != NULL; at = strstr (at + 1, needle))
    n++;
  return n;
}

/* F-STRAT-4: a battle fought at another table takes each side's dice by a tap on its
 * admirals' phones, as the chief's own battles do (docs/dice.md, "What the sides add"): the
 * table (`join --taps`) asks through the chief for each phase that rolls; the chief journals
 * the ask (`dice-ask` naming the hand-off) and his portal offers the tap to each side's
 * admirals; the table takes the taps shown and the phase rolls with them; `verify-dice`
 * recomputes. Bad inputs first — a forged side, an ask for another phase, a malformed ask, a
 * phone of a side not in the battle, a tap for a phase already rolled — each refused in its own
 * words, nothing journaled. The chief is killed between the phones' commits and their taps,
 * the table gone between its ask and the taps: nothing is lost, nothing taken twice, and no
 * phone is told anything of the other side. */
static void
test_phone_taps (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *campaign = cycle_one (fixture, "taps.admiralty");
  g_autofree char *text = NULL, *held = NULL, *assignment = NULL;
  g_autoptr(GPtrArray) rolled = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GPtrArray) taps = g_ptr_array_new_with_free_func (g_free);
  Chief chief = { NULL, };
  guint port = free_port ();
  guint n_phases = 0, round;
  int turns_done = 0;
  gboolean killed = FALSE, refused_checked = FALSE;

  assign (campaign);
  text = file_contents (campaign);
  assignment = attribute_in (strstr (text, "what=\"table-assign\""), "assignment");
  g_assert_nonnull (assignment);
  g_clear_pointer (&text, g_free);
  chief_start (&chief, campaign, port);
  g_assert_cmpuint (chief.admirals->len, >, 2);
  {
    g_autoptr(CliResult) usage = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--taps", "soon", NULL);
    g_autoptr(CliResult) typed = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                          "--taps", "0", "--dice", "3", NULL);

    assert_failure (usage, 2, "--taps takes how many seconds");
    assert_failure (typed, 2, "drop --dice and --secret-alone");
  }
  /* Phase after phase: the table asks and goes (the table master closes the laptop), the
   * phones tap, the table comes back and rolls, until the scripted turns are played: turn 2's
   * fire phase rolls whatever the dice, so at least one phase is asked. */
  for (round = 0; round < 32 && turns_done < TURNS; round++)
    {
      g_autoptr(CliResult) table = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                            "--orders", fixture->orders, "--taps", "0",
                                            "--turns", "1", NULL);
      guint asked = 0;

      g_test_message ("table: %s%s", table->out, table->err);
      /* A turn played to its end; which of its phases roll depends on the dice drawn. */
      if (table->status == 0)
        {
          turns_done++;
          continue;
        }
      assert_failure (table, 1, "have not tapped for turn");
      for (guint a = 0; a < chief.admirals->len; a++)
        {
          const char *page = g_ptr_array_index (chief.admirals, a);
          g_autofree char *told = NULL, *nonce = NULL, *commit = NULL, *answer = NULL;
          g_autoptr(JsonObject) phase = portal_tap_phase (page, &told);
          guint status;

          /* The phone is told of its own side's tap alone: not the engagement's id, not the
           * other side's dice. */
          g_assert_null (strstr (told, ENGAGEMENT));
          if (phase == NULL || !g_str_equal (json_object_get_string_member (phase, "state"),
                                             "open"))
            continue;
          asked++;
          if (!refused_checked)
            {
              g_autofree char *forged = g_strdup_printf ("%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT
                                                         ":%s:dendarii:side:35",
                                                         json_object_get_int_member (phase, "from"),
                                                         json_object_get_int_member (phase, "turn"),
                                                         json_object_get_string_member (phase, "phase"));
              g_autofree char *a1 = table_ask (&chief, assignment, phase,
                                               json_object_get_int_member (phase, "turn"),
                                               forged, &status);
              g_autofree char *a2 = NULL, *a3 = NULL, *a4 = NULL;
              g_autofree char *url = table_url (&chief, "engagements/" ENGAGEMENT "/dice");

              g_test_message ("forged side: %s", a1);
              g_assert_cmpuint (status, ==, 409);
              g_assert_nonnull (strstr (a1, "The dice of “dendarii” were not taken: it is no "
                                            "side of the battle of engagement c1-3"));
              a2 = table_ask (&chief, assignment, phase, json_object_get_int_member (phase, "turn") + 1,
                              NULL, &status);
              g_test_message ("another phase: %s", a2);
              g_assert_cmpuint (status, ==, 409);
              g_assert_nonnull (strstr (a2, "its dice are asked for that phase, not for turn"));
              /* Its own words, not a contribution's. */
              g_assert_null (strstr (a2, "contribution"));
              a3 = ask_chief ("POST", url, "application/json", "{\"from\": \"x\"}", &status);
              g_assert_cmpuint (status, ==, 409);
              g_assert_nonnull (strstr (a3, "the dice asked are not an assignment"));
              /* A phone of a side not in the battle: told nothing of it. */
              for (guint o = 0; o < chief.admirals->len; o++)
                {
                  g_autofree char *other = NULL;
                  g_autoptr(JsonObject) none = portal_tap_phase (
                    g_ptr_array_index (chief.admirals, o), &other);

                  if (none == NULL)
                    {
                      a4 = portal_tap_post (g_ptr_array_index (chief.admirals, o), phase,
                                            "commit",
                                            "0000000000000000000000000000000000000000000000"
                                            "000000000000000000", &status);
                      g_assert_cmpuint (status, ==, 409);
                      g_assert_null (strstr (a4, ENGAGEMENT));
                      break;
                    }
                }
              g_assert_nonnull (a4);
              refused_checked = TRUE;
            }
          /* A tap of its own for each phone, its commit first. */
          {
            g_autofree char *seed = g_strconcat (page, told, NULL);

            nonce = g_compute_checksum_for_string (G_CHECKSUM_SHA256, seed, -1);
          }
          commit = portal_tap_commit (nonce);
          answer = portal_tap_post (page, phase, "commit", commit, &status);
          g_assert_cmpuint (status, ==, 200);
          g_ptr_array_add (taps, g_strdup (nonce));
          g_ptr_array_add (rolled, json_object_ref (phase));
          json_object_set_string_member (phase, "nonce", nonce);
        }
      /* Each side of the battle was offered its tap: two sides. */
      g_assert_cmpuint (asked, ==, 2);
      n_phases++;
      /* The chief dies between the commits and the taps; started again, nothing is lost. */
      if (!killed)
        {
          chief_stop (&chief, SIGKILL);
          chief_start (&chief, campaign, port);
          killed = TRUE;
        }
      for (guint r = rolled->len - 2; r < rolled->len; r++)
        {
          JsonObject *phase = g_ptr_array_index (rolled, r);

          for (guint a = 0; a < chief.admirals->len; a++)
            {
              const char *page = g_ptr_array_index (chief.admirals, a);
              g_autofree char *told = NULL, *answer = NULL;
              g_autofree char *commit = portal_tap_commit (
                json_object_get_string_member (phase, "nonce"));
              g_autoptr(JsonObject) now = portal_tap_phase (page, &told);
              guint status;

              if (now == NULL || !g_str_equal (json_object_get_string_member (now, "state"),
                                               "committed") ||
                  g_strcmp0 (json_object_get_string_member (now, "commit"), commit) != 0)
                continue;
              g_assert_true (json_object_get_boolean_member (now, "ready"));
              /* The portal started again names the battle by a new handle: the page's. */
              answer = portal_tap_post (page, now, "tap",
                                        json_object_get_string_member (phase, "nonce"),
                                        &status);
              g_test_message ("tap: %s", answer);
              g_assert_cmpuint (status, ==, 200);
              break;
            }
        }
    }
  g_assert_cmpint (turns_done, ==, TURNS);
  g_assert_cmpuint (n_phases, >, 0);
  /* A tap for a phase already rolled: refused, in words that name no engagement. */
  {
    JsonObject *phase = g_ptr_array_index (rolled, 0);
    guint status;
    g_autofree char *late = NULL, *again = NULL;

    for (guint a = 0; a < chief.admirals->len && late == NULL; a++)
      {
        late = portal_tap_post (g_ptr_array_index (chief.admirals, a), phase, "commit",
                                "1111111111111111111111111111111111111111111111111111111111111111",
                                &status);
        g_assert_cmpuint (status, ==, 409);
        g_assert_null (strstr (late, ENGAGEMENT));
      }
    again = table_ask (&chief, assignment, phase, json_object_get_int_member (phase, "turn"), NULL, &status);
    g_test_message ("rolled: %s", again);
    g_assert_cmpuint (status, ==, 409);
    /* A later phase was contributed to since. */
    g_assert_nonnull (strstr (again, "are asked for the phase from roll 1 too late: a later "
                                     "phase has been contributed to"));
  }
  {
    /* Ended, the secret is revealed: every roll can be derived again. */
    g_autoptr(CliResult) end = run_cli ("join", chief.link, "--engagement", ENGAGEMENT, "--end",
                                        "--reason", REASON, "--json", NULL);

    g_assert_cmpint (waiting (end), ==, 0);
  }
  chief_stop (&chief, SIGTERM);
  g_free (chief.link);
  g_clear_pointer (&chief.admirals, g_ptr_array_unref);

  /* Each phase asked once, each tap journaled once and kept once at the table. */
  text = file_contents (campaign);
  g_assert_cmpuint (count_of (text, "what=\"dice-ask\""), ==, n_phases);
  held = dice_given (fixture);
  g_assert_nonnull (held);
  for (guint t = 0; t < taps->len; t++)
    {
      g_assert_cmpuint (count_of (held, g_ptr_array_index (taps, t)), ==, 1);
      g_assert_cmpuint (count_of (text, g_ptr_array_index (taps, t)), ==, 1);
    }
  {
    g_autoptr(CliResult) check = run_cli ("verify-dice", campaign, ENGAGEMENT, NULL);

    g_test_message ("%s%s", check->out, check->err);
    g_assert_cmpint (check->status, ==, 0);
    g_assert_nonnull (strstr (check->out, "mixed with its phase's contributions"));
    g_assert_nonnull (strstr (check->out, (const char *) g_ptr_array_index (taps, 0)));
    g_assert_null (strstr (check->out, "DOES NOT MATCH"));
  }
}

/* Refusals change nothing and say why: not a join link, the link of an older Admiralty
 * (plain HTTP), options that do not go together, a
 * chief unreachable with nothing of the battle kept here. */
static void
test_refusals (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-join-XXXXXX", &error);
  g_autofree char *link = NULL, *old_link = NULL;
  guint port = free_port ();

  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  link = g_strdup_printf ("https://127.0.0.1:%u/table/0123456789abcdef0123456789abcdef/"
                          "#sha256=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff",
                          port);
  old_link = g_strdup_printf ("http://127.0.0.1:%u/table/0123456789abcdef0123456789abcdef/",
                              port);
  {
    g_autoptr(CliResult) none = run_cli ("join", NULL);
    g_autoptr(CliResult) https = run_cli ("join", "https://10.0.0.2/table/x/", NULL);
    g_autoptr(CliResult) old = run_cli ("join", old_link, NULL);
    g_autoptr(CliResult) reason = run_cli ("join", link, "--engagement", ENGAGEMENT, "--reason",
                                           "x", NULL);
    g_autoptr(CliResult) bare = run_cli ("join", link, "--turns", "2", NULL);
    g_autoptr(CliResult) both = run_cli ("join", link, "--engagement", ENGAGEMENT, "--seed", "1",
                                         "--dice", "1", NULL);
    g_autoptr(CliResult) export = run_cli ("join", link, "--engagement", ENGAGEMENT, "--export",
                                           "x.table-battle", "--turns", "1", NULL);
    g_autoptr(CliResult) id = run_cli ("join", link, "--engagement", "../c1-3", NULL);
    g_autoptr(CliResult) away = run_cli ("join", link, "--engagement", ENGAGEMENT, NULL);
    g_autoptr(CliResult) list = run_cli ("join", link, "--json", NULL);
    g_autoptr(CliResult) word = run_cli ("join", link, "--engagement", ENGAGEMENT, "--wait",
                                         "five", NULL);
    g_autoptr(CliResult) negative = run_cli ("join", link, "--engagement", ENGAGEMENT, "--wait",
                                             "-1", NULL);
    g_autoptr(CliResult) hour = run_cli ("join", link, "--engagement", ENGAGEMENT, "--wait",
                                         "3601", NULL);
    g_autoptr(CliResult) huge = run_cli ("join", link, "--engagement", ENGAGEMENT, "--wait",
                                         "99999999999999999999", NULL);

    assert_failure (word, 2, "--wait takes how many seconds to wait for the chief master's "
                             "receipt, 0 to 3600, not “five”");
    assert_failure (negative, 2, "0 to 3600, not “-1”");
    assert_failure (hour, 2, "0 to 3600, not “3601”");
    assert_failure (huge, 2, "0 to 3600, not “99999999999999999999”");
    assert_failure (none, 2, "no join link given");
    assert_failure (https, 1, "is not a join link");
    assert_failure (old, 1, "copy the table's link again");
    assert_failure (reason, 2, "--reason goes with --end");
    assert_failure (bare, 2, "give --engagement ID");
    assert_failure (both, 2, "cannot be used together");
    assert_failure (export, 2, "--export writes the battle as it is kept");
    assert_failure (id, 1, "is not an engagement's id");
    assert_failure (away, 1, "no battle of engagement c1-3 is kept on this computer yet");
    g_assert_cmpint (list->status, ==, 1);
    g_assert_nonnull (strstr (list->out, "\"error\""));
  }
  remove_tree (dir);
}

/* A table master's rules folder, made in the fixture's folder, whose Vorpatril destroyer has
 * hull @hull (his own classes file; the shipped one says 5). */
static char *
table_rules (Fixture *fixture,
             int      hull)
{
  g_autofree char *rules = g_build_filename (fixture->dir, "table-rules", NULL);
  g_autofree char *figure = g_strdup_printf ("hull=\"%d\"", hull);

  return changed_rules_new (rules, "classes", "<class id=\"vorpatril\"", "hull=\"5\"", figure);
}

/* Vigilant's place on the table as `join --json` prints the battle, and the layout seed. */
static void
vigilant_at (CliResult *result,
             double    *x,
             double    *y,
             gint64    *seed)
{
  g_autoptr(JsonObject) root = NULL;
  JsonArray *ships;

  g_test_message ("table: %s", result->err);
  g_assert_cmpint (result->status, ==, 0);
  root = parse_json (result->out);
  *seed = json_object_get_int_member (root, "layout_seed");
  ships = json_object_get_array_member (root, "ships");
  for (guint i = 0; i < json_array_get_length (ships); i++)
    {
      JsonObject *ship = json_array_get_object_element (ships, i);

      if (g_str_equal (json_object_get_string_member (ship, "id"), "vigilant"))
        {
          *x = json_object_get_double_member (ship, "x");
          *y = json_object_get_double_member (ship, "y");
          return;
        }
    }
  g_assert_not_reached ();
}

/* F-STRAT-15, F-TAC-1: the placements step at a table, in two processes. The table master
 * opens c1-3, then puts Pol Escort Group in marching order and has the table rolled again
 * (`join --place --roll-again`): the chief takes both as his own placements and hands the
 * battle anew, Vigilant elsewhere on a table of another seed; the table fights a turn on it
 * with the chief's program dice, which the chief keeps. A placement the ruleset does not have
 * is refused by the chief in his words; placements after that first turn are refused; the
 * chief's report gives Pol Escort Group marching order "chosen by the master". */
static void
test_placements (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *campaign = cycle_one (fixture, "chief.admiralty");
  Chief chief = { NULL, };
  double x0, y0, x1, y1;
  gint64 seed0, seed1;
  g_autoptr(CliResult) assigned = run_cli ("table-assign", campaign, ENGAGEMENT, "Table 1",
                                           NULL);

  g_assert_cmpint (assigned->status, ==, 0);
  chief_start (&chief, campaign, free_port ());
  {
    g_autoptr(CliResult) opened = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--turns", "0", "--json", NULL);

    vigilant_at (opened, &x0, &y0, &seed0);
  }
  {
    g_autoptr(CliResult) forged = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--place", "pol-escort-group=echelon", "--turns",
                                           "0", NULL);

    g_test_message ("forged: %s", forged->err);
    assert_failure (forged, 1, "The placements of engagement c1-3 were not changed");
    g_assert_nonnull (strstr (forged->err, "echelon"));
  }
  {
    g_autoptr(CliResult) placed = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                           "--place", "pol-escort-group=marching-order",
                                           "--roll-again", "--turns", "0", "--json", NULL);

    vigilant_at (placed, &x1, &y1, &seed1);
    g_assert_cmpint (seed1, !=, seed0);
    g_assert_true (x1 != x0 || y1 != y0);
  }
  {
    g_autoptr(CliResult) turn = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                         "--orders", fixture->orders, "--turns", "1", "--json",
                                         NULL);
    g_autoptr(JsonObject) table = table_of (turn);

    g_assert_cmpint (json_object_get_int_member (table, "waiting"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (table, "kept"), >, 0);
  }
  {
    g_autoptr(CliResult) late = run_cli ("join", chief.link, "--engagement", ENGAGEMENT,
                                         "--place", "pol-escort-group=defensive", "--turns",
                                         "0", NULL);

    assert_failure (late, 1, "placements are chosen before the first phase");
  }
  chief_stop (&chief, SIGTERM);
  g_free (chief.link);
  g_clear_pointer (&chief.admirals, g_ptr_array_unref);
  {
    g_autofree char *text = report (campaign, "master", NULL);

    g_test_message ("%s", text);
    g_assert_nonnull (strstr (text, "Marching order"));
    g_assert_nonnull (strstr (text, "chosen by the master"));
  }
}

/* How many times @needle is in @text. */
static guint
occurrences (const char *text,
             const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (text, needle); at != NULL; at = strstr (at + 1, needle))
    n++;
  return n;
}

/* The hull of the ship @id in a `battle --json` or `join --json` printout. */
static gint64
hull_of (CliResult  *result,
         const char *id)
{
  g_autoptr(JsonObject) root = parse_json (result->out);
  JsonArray *ships = json_object_get_array_member (root, "ships");

  for (guint i = 0; i < json_array_get_length (ships); i++)
    {
      JsonObject *ship = json_array_get_object_element (ships, i);

      if (g_str_equal (json_object_get_string_member (ship, "id"), id))
        {
          g_assert_cmpint (json_object_get_int_member (ship, "hull_left"), ==,
                           json_object_get_int_member (ship, "hull"));
          return json_object_get_int_member (ship, "hull");
        }
    }
  g_assert_not_reached ();
}

/* Komarr's scenario with the Vorpatril destroyer's hull 17 in a season of its own, edited as
 * a master does: the season exported, edited, imported into his copy of the scenario. */
static char *
scenario_with_season (Fixture *fixture)
{
  g_autofree char *shipped = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *season = g_build_filename (fixture->dir, "season.xml", NULL);
  g_autofree char *text = file_contents (shipped);
  g_autofree char *exported = NULL, *edited = NULL;
  char *scenario = g_build_filename (fixture->dir, "komarr-2027.admiralty", NULL);

  g_assert_true (g_file_set_contents (scenario, text, -1, NULL));
  {
    g_autoptr(CliResult) out = run_cli ("scenario", "season", scenario, "--export", season,
                                        NULL);

    g_assert_cmpint (out->status, ==, 0);
  }
  exported = file_contents (season);
  edited = rules_text_changed (exported, "<class id=\"vorpatril\"", "hull=\"5\"",
                               "hull=\"17\"");
  g_assert_true (g_file_set_contents (season, edited, -1, NULL));
  {
    g_autoptr(CliResult) in = run_cli ("scenario", "season", scenario, "--import", season,
                                       NULL);

    g_test_message ("import: %s", in->err);
    g_assert_cmpint (in->status, ==, 0);
  }
  return scenario;
}

/* F-GEN-5, F-STRAT-15: a class's hull edited in the campaign's own season is the figure
 * everywhere the campaign goes. The master edits the Vorpatril destroyer's hull (17; the
 * installed rules, which the chief's processes read, say 5) in his scenario's season and
 * starts the campaign from it: Vorkosigan's fleet cards show 17 for each of his four
 * Vorpatrils, the chief's own battle of c1-1 fights the Kestrel with hull 17, and so does a
 * table joined on 127.0.0.1 whose own rules folder says 15 — its files are never consulted for
 * the battle. Handed over with the program's dice only (F-SEQ-1, the default), the table
 * refuses real dice typed in. */
static void
test_season_at_table (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *scenario = scenario_with_season (fixture);
  g_autofree char *rules = table_rules (fixture, 15);
  g_autofree char *sheets = source_path ("scenarios", "komarr-campaign.sheets", NULL);
  g_autofree char *s1 = g_build_filename (sheets, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = g_build_filename (sheets, "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = g_build_filename (sheets, "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autofree char *campaign = g_build_filename (fixture->dir, "chief.admiralty", NULL);
  g_autofree char *apart = g_build_filename (fixture->dir, "chief-apart.admiralty", NULL);
  g_autofree char *cards = g_build_filename (fixture->dir, "cards.pdf", NULL);
  g_autofree char *text = NULL, *words = NULL;
  g_autoptr(CliResult) made = NULL, printed = NULL, fought = NULL, assigned = NULL;
  g_autoptr(CliResult) joined = NULL;
  Chief chief = { 0 };

  made = run_cli ("cycle", scenario, "--orders", s1, s2, s3, "--save", campaign, "--seed", "7",
                  NULL);
  g_assert_cmpint (made->status, ==, 0);
  /* The fleet cards an admiral is given before play. */
  printed = run_cli ("report", campaign, "--kind", "cards", "--admiral", "vorkosigan", "-o",
                     cards, NULL);
  g_assert_cmpint (printed->status, ==, 0);
  words = pdf_text (cards);
  g_assert_cmpuint (occurrences (words, "Vorpatril · Destroyer"), ==, 4);
  g_assert_cmpuint (occurrences (words, "17/17"), ==, 4);
  /* The chief's own battle of c1-1, fought a turn on a copy of the campaign. */
  text = file_contents (campaign);
  g_assert_true (g_file_set_contents (apart, text, -1, NULL));
  fought = run_cli ("battle", apart, "--engagement", "c1-1", "--seed", "3", "--json", NULL);
  g_assert_cmpint (fought->status, ==, 0);
  g_assert_cmpint (hull_of (fought, "kestrel"), ==, 17);
  /* The table's battle: the chief hands c1-1 over on 127.0.0.1. */
  assigned = run_cli ("table-assign", campaign, "c1-1", "Table 1", NULL);
  g_assert_cmpint (assigned->status, ==, 0);
  chief_start (&chief, campaign, free_port ());
  {
    g_autoptr(CliResult) typed = run_cli_with_rules (rules, "join", chief.link, "--engagement",
                                                     "c1-1", "--turns", "0", "--dice", "3",
                                                     NULL);

    g_test_message ("typed: %s", typed->err);
    g_assert_cmpint (typed->status, ==, 1);
    g_assert_nonnull (strstr (typed->err, "handed engagement c1-1 to this table with the "
                                          "program's dice only"));
  }
  joined = run_cli_with_rules (rules, "join", chief.link, "--engagement", "c1-1", "--turns",
                               "0", "--json", NULL);
  chief_stop (&chief, SIGTERM);
  g_test_message ("table: %s", joined->err);
  g_assert_cmpint (joined->status, ==, 0);
  g_assert_cmpint (hull_of (joined, "kestrel"), ==, 17);
  g_free (chief.link);
  g_clear_pointer (&chief.admirals, g_ptr_array_unref);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/join/refusals", test_refusals);
  g_test_add ("/cli/join/F-STRAT-15/season-at-table", Fixture, NULL, fixture_setup,
              test_season_at_table, fixture_teardown);
  g_test_add ("/cli/join/F-STRAT-15/placements", Fixture, NULL, fixture_setup,
              test_placements, fixture_teardown);
  g_test_add ("/cli/join/F-SEQ-1/loopback", Fixture, NULL, fixture_setup, test_loopback,
              fixture_teardown);
  g_test_add ("/cli/join/F-SEQ-1/export-import", Fixture, NULL, fixture_setup,
              test_export_import, fixture_teardown);
  g_test_add ("/cli/join/F-SEQ-1/program-dice", Fixture, NULL, fixture_setup,
              test_program_dice, fixture_teardown);
  g_test_add ("/cli/join/F-STRAT-4/sides-dice", Fixture, NULL, fixture_setup,
              test_sides_dice, fixture_teardown);
  g_test_add ("/cli/join/F-STRAT-4/phone-taps", Fixture, NULL, fixture_setup,
              test_phone_taps, fixture_teardown);
  return g_test_run ();
}
