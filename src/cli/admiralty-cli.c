/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-cli.c: headless access to the rules engine — command dispatch and what the
 * commands share (option parsing, error reporting, JSON output, ruleset loading). */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "adm-file.h"
#include "adm-portal.h"
#include "cli-private.h"

#define DEFAULT_RULESET "forcon-2010"

GOptionContext *
_cli_context_new (const char *command,
                  const char *parameter_string,
                  const char *summary)
{
  GOptionContext *context = g_option_context_new (parameter_string);
  g_autofree char *prgname = g_strconcat ("admiralty-cli ", command, NULL);

  /* GOption's --help prints "Usage: PRGNAME [OPTION…] PARAMETERS"; naming the command
   * there tells the master which --help they are reading. */
  g_set_prgname (command != NULL ? prgname : "admiralty-cli");
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, summary);
  g_option_context_set_description (context,
                                    _("Exit status: 0 on success, 1 when a file or a value is "
                                      "invalid, 2 on bad usage (unknown command or option, "
                                      "missing option or value)."));
  return context;
}

gboolean
_cli_parse (GOptionContext   *context,
            const char       *command,
            int              *argc,
            char           ***argv)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      _cli_usage_error (command, "%s", error->message);
      return FALSE;
    }
  return TRUE;
}

CliExit
_cli_usage_error (const char *command,
                  const char *format,
                  ...)
{
  g_autofree char *message = NULL;
  g_autofree char *help = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (command != NULL)
    help = g_strdup_printf ("admiralty-cli %s --help", command);
  else
    help = g_strdup ("admiralty-cli --help");

  /* Translators: the first %s is a command such as "table critical", the third a command
   * line such as "admiralty-cli table critical --help". */
  g_printerr (_("admiralty-cli%s%s: %s\nTry “%s”.\n"),
              command != NULL ? " " : "", command != NULL ? command : "", message, help);
  return CLI_EXIT_USAGE;
}

CliExit
_cli_invalid (gboolean    json,
              const char *format,
              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("admiralty-cli: %s\n", message);
  if (json)
    _cli_print_json_error (message);
  return CLI_EXIT_INVALID;
}

gboolean
_cli_check_value (const char *command,
                  const char *option,
                  const char *value,
                  gboolean    required)
{
  if (value == NULL && !required)
    return TRUE;
  if (value == NULL)
    {
      _cli_usage_error (command, _("missing %s"), option);
      return FALSE;
    }
  if (*value == '\0' || g_str_has_prefix (value, "--"))
    {
      _cli_usage_error (command, _("missing value for %s"), option);
      return FALSE;
    }
  return TRUE;
}

gboolean
_cli_check_no_arguments (const char  *command,
                         int          argc,
                         char       **argv)
{
  if (argc > 1)
    {
      _cli_usage_error (command, _("unexpected argument “%s”"), argv[1]);
      return FALSE;
    }
  return TRUE;
}

gboolean
_cli_check_arguments (const char  *command,
                      char       **args,
                      const char  *too_many,
                      ...)
{
  const char *missing;
  va_list sentences;
  guint n = 0;

  va_start (sentences, too_many);
  while ((missing = va_arg (sentences, const char *)) != NULL &&
         args != NULL && args[n] != NULL)
    n++;
  va_end (sentences);
  if (missing != NULL)
    {
      _cli_usage_error (command, "%s", missing);
      return FALSE;
    }
  if (args == NULL || args[n] == NULL)
    return TRUE;
  /* @too_many is checked as a format where it is written (G_GNUC_PRINTF on the declaration):
   * one %s, the argument. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  _cli_usage_error (command, too_many, args[n]);
#pragma GCC diagnostic pop
  return FALSE;
}

void
_cli_print_json (JsonBuilder *builder)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  /* JSON is UTF-8 whatever the locale, so it bypasses g_print's charset conversion. */
  fputs (text, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
}

void
_cli_add_string (JsonBuilder *builder,
                 const char  *name,
                 const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

void
_cli_add_string_or_null (JsonBuilder *builder,
                         const char  *name,
                         const char  *value)
{
  json_builder_set_member_name (builder, name);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

void
_cli_add_int (JsonBuilder *builder,
              const char  *name,
              gint64       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, value);
}

void
_cli_add_double (JsonBuilder *builder,
                 const char  *name,
                 double       value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_double_value (builder, value);
}

void
_cli_print_json_error (const char *message)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "error");
  json_builder_add_string_value (builder, message);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

gboolean
_cli_parse_int (const char *text,
                gint64      min,
                gint64      max,
                int        *out)
{
  gint64 value;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, MAX (min, G_MININT), MIN (max, G_MAXINT), &value,
                                 NULL))
    return FALSE;
  *out = (int) value;
  return TRUE;
}

gboolean
_cli_parse_cycle (const char *text,
                  guint      *out)
{
  guint64 value;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT, &value, NULL))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

char *
_cli_parse_seed (const char *option,
                 const char *text,
                 guint64    *seed)
{
  g_autofree char *max = g_strdup_printf ("%" G_GUINT64_FORMAT, G_MAXUINT64);

  if (g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, seed, NULL))
    return NULL;
  return g_strdup_printf (_("%s “%s” is not a seed; give a whole number 0–%s"), option, text,
                          max);
}

void
_cli_add_seed_json (JsonBuilder *builder,
                    guint64      seed)
{
  g_autofree char *text = NULL;

  if (seed < CLI_JSON_MAX_EXACT_INT)
    {
      json_builder_add_int_value (builder, (gint64) seed);
      return;
    }
  text = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);
  json_builder_add_string_value (builder, text);
}

AdmRuleset *
_cli_load_ruleset (const char *id,
                   gboolean    json)
{
  g_autoptr(GError) error = NULL;
  AdmRuleset *ruleset = adm_ruleset_load (id != NULL ? id : DEFAULT_RULESET, &error);

  /* The engine's message names the ruleset and where it was looked for. */
  if (ruleset == NULL)
    _cli_invalid (json, "%s", error->message);
  return ruleset;
}

static CliExit
run (int    argc,
     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  gboolean version = FALSE;
  const char *command;
  const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Show the program's version"), NULL },
    { NULL }
  };

  context = _cli_context_new (NULL, _("COMMAND [ARGUMENTS…]"),
                              _("The Forcon rules engine of Admiralty, without the window.\n"
                                "\n"
                                "Commands:\n"
                                "  validate FILE…   Check scenario, campaign, ruleset, "
                                "classes, battle and orders files\n"
                                "  scenario new|import-oob|export-oob …  Start a scenario; "
                                "read or write its order of battle as CSV\n"
                                "  table TABLE …    Look up a table: artillery, critical, "
                                "catastrophic, readiness\n"
                                "  odds fire …      Exact odds of a declared fire: damage and "
                                "criticals\n"
                                "  battle FILE …    Play a battle file's turns with its orders: "
                                "report, ships, dice\n"
                                "  cycle FILE …     Resolve a strategic cycle of a campaign "
                                "from order sheets\n"
                                "  engagements FILE List a campaign's engagements in time "
                                "order, with their status\n"
                                "  report FILE …    Print a campaign's reports, fleet cards or "
                                "order sheets as a PDF\n"
                                "  assign FILE ID ADMIRAL  Give a formation of a campaign "
                                "to another admiral of its side\n"
                                "  reveal FILE ID   Reveal a hidden formation of a campaign to "
                                "everyone\n"
                                "  correct FILE KIND … --reason TEXT  Record a master’s "
                                "correction: add-ship, add-formation, add-admiral, repair, "
                                "damage, readiness, move, remove-ship, hand-over, "
                                "retire-admiral, station, minefield\n"
                                "  muster FILE ACTION …  The muster before cycle 1: "
                                "status, sheet, submit, accept, return, position, start\n"
                                "  table-assign FILE ID TABLE  Hand an engagement to "
                                "another table to fight\n"
                                "  table-take-back FILE ID --reason TEXT  Take it back\n"
                                "  import FILE BATTLE  Apply a battle a table exported to "
                                "the campaign\n"
                                "  join LINK …      A table master: fight an engagement "
                                "the chief assigned, sending it back\n"
                                "  verify-dice FILE ENGAGEMENT  Check a campaign battle's "
                                "program dice against their commitment; ENGAGEMENT is its id "
                                "or the commitment's first 16 digits\n"
                                "  ti4 odds …       Twilight Imperium 4 combat: exact odds "
                                "of a space or ground combat\n"
                                "  journal FILE     List a campaign's, battle's or TI4 "
                                "combat's actions, undone ones included\n"
                                "  undo FILE        Take back the last action and save\n"
                                "  redo FILE        Bring back the action last undone and "
                                "save\n"
                                "\n"
                                "“admiralty-cli COMMAND --help” shows a command's options."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  /* Options after the command belong to the command. */
  g_option_context_set_strict_posix (context, TRUE);
  if (!_cli_parse (context, NULL, &argc, &argv))
    return CLI_EXIT_USAGE;

  if (version)
    {
      g_print ("admiralty-cli %s\n", PACKAGE_VERSION);
      return CLI_EXIT_OK;
    }
  if (argc < 2)
    return _cli_usage_error (NULL, _("no command given; the commands are validate, table, "
                                        "odds, battle, cycle, engagements, report, "
                                        "journal, undo and redo; ti4 is Twilight Imperium 4 combat"));

  command = argv[1];
  if (g_strcmp0 (command, "validate") == 0)
    return _cli_validate_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "scenario") == 0)
    return _cli_scenario_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "table") == 0)
    return _cli_table_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "odds") == 0)
    return _cli_odds_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "battle") == 0)
    return _cli_battle_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "engagements") == 0)
    return _cli_engagements_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "cycle") == 0)
    return _cli_cycle_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "report") == 0)
    return _cli_report_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "assign") == 0)
    return _cli_assign_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "reveal") == 0)
    return _cli_reveal_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "correct") == 0)
    return _cli_correct_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "muster") == 0)
    return _cli_muster_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "table-assign") == 0)
    return _cli_table_assign_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "table-take-back") == 0)
    return _cli_table_take_back_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "import") == 0)
    return _cli_import_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "verify-dice") == 0)
    return _cli_verify_dice_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "serve") == 0)
    return _cli_serve_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "join") == 0)
    return _cli_join_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "ti4") == 0)
    return _cli_ti4_run (argc - 1, argv + 1);
  if (g_strcmp0 (command, "journal") == 0 || g_strcmp0 (command, "undo") == 0 ||
      g_strcmp0 (command, "redo") == 0)
    return _cli_journal_run (argc - 1, argv + 1);
  return _cli_usage_error (NULL, _("unknown command “%s”; the commands are validate, table, "
                                   "odds, battle, cycle, engagements, report, journal, undo and "
                                   "redo; ti4 is "
                                   "Twilight Imperium 4 combat"), command);
}

/* Whether @argv asks for JSON (before a "--" that ends the options). */
static gboolean
wants_json (int    argc,
            char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--"))
        return FALSE;
      if (g_str_equal (argv[i], "--json"))
        return TRUE;
    }
  return FALSE;
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  adm_portal_raise_file_limit ();
  /* What scripts read is the same in every language: with --json, numbers inside text members
   * ("(28.0, 20.9)", "13.0 cm") take a decimal point, and every message — reasons, summaries,
   * names from the data, refusals — is the untranslated English, beside the stable ids the
   * JSON carries. LC_MESSAGES "C" also makes gettext ignore LANGUAGE. A refusal's message goes
   * to stderr as well, in the same English: it is one message, formatted once. Without --json
   * everything stays in the reader's language. */
  if (wants_json (argc, argv))
    {
      setlocale (LC_NUMERIC, "C");
      setlocale (LC_MESSAGES, "C");
    }
  bindtextdomain (GETTEXT_PACKAGE, adm_file_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return run (argc, argv);
}
