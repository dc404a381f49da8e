/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-ti4.c: `admiralty-cli ti4 …` — Twilight Imperium 4 combat (LRR 39 space combat, LRR 48
 * ground combat): dispatches to the subcommands. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"

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
