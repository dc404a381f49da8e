/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-ti4.c: `admiralty-cli ti4 …` — Twilight Imperium 4 combat (LRR 39 space combat, LRR 48
 * ground combat): dispatches to the subcommands, and parses the options they share. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"

#define MAX_RETREAT_AFTER 100

/* Bad input: the message on stderr (and as {"error": …} with --json); exit 2. */
CliExit
_cli_ti4_bad_input (const char *command,
                    gboolean    json,
                    const char *message)
{
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "error");
      json_builder_add_string_value (builder, message);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  return _cli_usage_error (command, "%s", message);
}

gboolean
_cli_ti4_parse_fleet (AdmTi4Catalog *catalog,
                      const char    *option,
                      const char    *text,
                      AdmTi4Fleet   *fleet,
                      char         **message)
{
  g_autoptr(GError) error = NULL;

  if (adm_ti4_fleet_parse (catalog, text, fleet, &error))
    return TRUE;
  /* Translators: "--attacker: Unknown unit “dreadnaught”; the units are …" */
  *message = g_strdup_printf (_("%s: %s"), option, error->message);
  return FALSE;
}

gboolean
_cli_ti4_parse_retreat (const char *option,
                        const char *text,
                        int        *out,
                        char      **message)
{
  gint64 value;

  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_signed (text, 10, 0, MAX_RETREAT_AFTER, &value, NULL))
    {
      *message = g_strdup_printf (_("%s “%s” is not a whole number of rounds from 0 to %d"),
                                  option, text, MAX_RETREAT_AFTER);
      return FALSE;
    }
  *out = (int) value;
  return TRUE;
}

gboolean
_cli_ti4_parse_policy (const char   *option,
                       const char   *text,
                       AdmTi4Policy *out,
                       char        **message)
{
  if (text == NULL || adm_ti4_policy_from_string (text, out))
    return TRUE;
  *message = g_strdup_printf (_("%s: unknown policy “%s”; the policies are %s, %s"), option,
                              text, adm_ti4_policy_to_string (ADM_TI4_POLICY_SUSTAIN_FIRST),
                              adm_ti4_policy_to_string (ADM_TI4_POLICY_CHEAPEST_FIRST));
  return FALSE;
}

typedef CliExit (*Ti4Func) (int    argc,
                            char **argv);

CliExit
_cli_ti4_run (int    argc,
              char **argv)
{
  static const struct {
    const char *name;
    Ti4Func     func;
  } commands[] = {
    { "battle", _cli_ti4_battle_run },
    { "odds", _cli_ti4_odds_run },
  };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  context = _cli_context_new ("ti4", _("COMMAND …"),
                              _("Twilight Imperium 4 space combat (LRR 39) and ground combat "
                                "(LRR 48) with the generic unit cards.\n"
                                "\n"
                                "Commands:\n"
                                "  battle  resolve one combat round by round, every "
                                "step and roll\n"
                                "  odds    exact odds of a combat: who wins, retreats, "
                                "expected survivors\n"
                                "\n"
                                "“admiralty-cli ti4 COMMAND --help” shows a command's "
                                "options."));
  /* Options after the subcommand belong to it. */
  g_option_context_set_strict_posix (context, TRUE);
  if (!_cli_parse (context, "ti4", &argc, &argv))
    return CLI_EXIT_USAGE;
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", commands[i].name);
  if (argc < 2)
    return _cli_usage_error ("ti4", _("no command given; the commands are %s"), names->str);

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (argv[1], commands[i].name) == 0)
      return commands[i].func (argc - 1, argv + 1);

  return _cli_usage_error ("ti4", _("unknown command “%s”; the commands are %s"), argv[1],
                           names->str);
}
