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

/* Every command, once: the dispatch, the --help list and the list a mistyped command is
 * answered with all come from here, so none of them can leave a command out. */
typedef struct
{
  const char *name;
  const char *synopsis;  /* what follows the name in --help */
  const char *summary;
  CliExit   (*run) (int argc, char **argv);
} CliCommand;

static const CliCommand commands[] = {
  { "validate", N_("FILE…"),
    N_("Check scenario, campaign, ruleset, classes, battle and orders files"),
    _cli_validate_run },
  { "scenario", N_("new|import-oob|export-oob …"),
    N_("Start a scenario; read or write its order of battle as CSV"), _cli_scenario_run },
  { "table", N_("TABLE …"),
    N_("Look up a table: artillery, critical, catastrophic, readiness"), _cli_table_run },
  { "odds", N_("fire|torpedo|boarding …"),
    N_("Exact odds of a declared fire, torpedo salvo or boarding"), _cli_odds_run },
  { "battle", N_("FILE …"),
    N_("Play a battle file's turns with its orders: report, ships, dice"), _cli_battle_run },
  { "cycle", N_("FILE …"), N_("Resolve a strategic cycle of a campaign from order sheets"),
    _cli_cycle_run },
  { "engagements", N_("FILE"),
    N_("List a campaign's engagements in time order, with their status"),
    _cli_engagements_run },
  { "report", N_("FILE …"),
    N_("Print a campaign's reports, fleet cards or order sheets as a PDF"), _cli_report_run },
  { "luck", N_("FILE"),
    N_("The luck ledger: every roll's odds beside what came, per battle and side"),
    _cli_luck_run },
  { "archive", N_("FILE -o FILE.html"),
    N_("A campaign's battles phase by phase, as the master or a side saw them, in one "
       "offline HTML file"), _cli_archive_run },
  { "assign", N_("FILE ID ADMIRAL"),
    N_("Give a formation of a campaign to another admiral of its side"), _cli_assign_run },
  { "reveal", N_("FILE ID"), N_("Reveal a hidden formation of a campaign to everyone"),
    _cli_reveal_run },
  { "end-campaign", N_("FILE --reason TEXT | --publish"),
    N_("End a campaign; then publish its whole truth to every side"), _cli_end_campaign_run },
  { "correct", N_("FILE KIND … --reason TEXT"),
    N_("Record a master’s correction: add-ship, add-formation, add-admiral, repair, damage, "
       "readiness, move, remove-ship, hand-over, retire-admiral, station, minefield"),
    _cli_correct_run },
  { "muster", N_("FILE ACTION …"),
    N_("The muster before cycle 1: status, sheet, submit, accept, return, position, start"),
    _cli_muster_run },
  { "serve", N_("FILE"),
    N_("Serve each admiral his own page of the campaign on the local network, and the "
       "tables"), _cli_serve_run },
  { "table-assign", N_("FILE ID TABLE"), N_("Hand an engagement to another table to fight"),
    _cli_table_assign_run },
  { "table-take-back", N_("FILE ID --reason TEXT"),
    N_("Take an engagement back from its table"), _cli_table_take_back_run },
  { "import", N_("FILE BATTLE"), N_("Apply a battle a table exported to the campaign"),
    _cli_import_run },
  { "join", N_("LINK …"),
    N_("A table master: fight an engagement the chief assigned, sending it back"),
    _cli_join_run },
  { "dice-give", N_("FILE ENGAGEMENT SIDE DICE"),
    N_("Mix a side's 2d6 into the program dice of a battle's next phase"), _cli_dice_give_run },
  { "verify-dice", N_("FILE ENGAGEMENT"),
    N_("Check a campaign battle's program dice against their commitment; ENGAGEMENT is its id "
       "or the commitment's first 16 digits"), _cli_verify_dice_run },
  { "ti4", N_("odds|battle …"),
    N_("Twilight Imperium 4 combat: exact odds, or a combat played with its journal"),
    _cli_ti4_run },
  { "journal", N_("FILE"),
    N_("List a campaign's, battle's or TI4 combat's actions, undone ones included"),
    _cli_journal_run },
  { "undo", N_("FILE"), N_("Take back the last action and save"), _cli_journal_run },
  { "redo", N_("FILE"), N_("Bring back the action last undone and save"), _cli_journal_run },
};

/* The --help list: each command with its synopsis and summary. */
static char *
commands_help (void)
{
  GString *text = g_string_new (_("The Forcon rules engine of Admiralty, without the window."));

  g_string_append (text, "\n\n");
  g_string_append (text, _("Commands:"));
  g_string_append_c (text, '\n');
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (text, "  %s %s\n      %s\n", commands[i].name,
                            _(commands[i].synopsis), _(commands[i].summary));
  g_string_append_c (text, '\n');
  g_string_append (text, _("“admiralty-cli COMMAND --help” shows a command's options."));
  return g_string_free (text, FALSE);
}

/* The commands' names, for a message that lists them: "validate, scenario, … and redo". */
static char *
commands_list (void)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      if (i > 0)
        g_string_append (text, i + 1 == G_N_ELEMENTS (commands) ? _(" and ") : ", ");
      g_string_append (text, commands[i].name);
    }
  return g_string_free (text, FALSE);
}

static CliExit
run (int    argc,
     char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *help = commands_help ();
  g_autofree char *names = commands_list ();
  gboolean version = FALSE;
  const char *command;
  const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, &version, N_("Show the program's version"), NULL },
    { NULL }
  };

  context = _cli_context_new (NULL, _("COMMAND [ARGUMENTS…]"), help);
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
    return _cli_usage_error (NULL, _("no command given; the commands are %s"), names);

  command = argv[1];
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (command, commands[i].name))
      return commands[i].run (argc - 1, argv + 1);
  return _cli_usage_error (NULL, _("unknown command “%s”; the commands are %s"), command,
                           names);
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
