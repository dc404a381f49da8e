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
    _cli_print_json_error (message);
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
  if (!_cli_parse_int (text, 0, MAX_RETREAT_AFTER, out))
    {
      *message = g_strdup_printf (_("%s “%s” is not a whole number of rounds from 0 to %d"),
                                  option, text, MAX_RETREAT_AFTER);
      return FALSE;
    }
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

/* {"dreadnought": 2, …}: all units, or the damaged ones only */
static void
add_fleet (JsonBuilder       *builder,
           AdmTi4Catalog     *catalog,
           const char        *name,
           const AdmTi4Fleet *fleet,
           gboolean           damaged)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog); i++)
    {
      guint count = damaged ? fleet->damaged[i] : adm_ti4_fleet_count (fleet, i);

      if (count == 0)
        continue;
      _cli_add_int (builder, adm_ti4_catalog_get_unit (catalog, i)->id, count);
    }
  json_builder_end_object (builder);
}

void
_cli_ti4_add_fleets_json (JsonBuilder       *builder,
                          AdmTi4Catalog     *catalog,
                          const AdmTi4Fleet *attacker,
                          const AdmTi4Fleet *defender)
{
  add_fleet (builder, catalog, "attacker", attacker, FALSE);
  add_fleet (builder, catalog, "attacker_damaged", attacker, TRUE);
  add_fleet (builder, catalog, "defender", defender, FALSE);
  add_fleet (builder, catalog, "defender_damaged", defender, TRUE);
}

void
_cli_ti4_add_roll_members (JsonBuilder      *builder,
                           const AdmTi4Roll *roll)
{
  _cli_add_int (builder, "round", roll->round);
  _cli_add_string (builder, "side", adm_ti4_side_to_string (roll->side));
  json_builder_set_member_name (builder, "barrage");
  json_builder_add_boolean_value (builder, roll->barrage);
  _cli_add_int (builder, "hit_on", roll->hit_on);
  json_builder_set_member_name (builder, "values");
  json_builder_begin_array (builder);
  for (guint k = 0; k < roll->values->len; k++)
    json_builder_add_int_value (builder, g_array_index (roll->values, guint, k));
  json_builder_end_array (builder);
  _cli_add_int (builder, "hits", roll->hits);
  _cli_add_string (builder, "purpose", roll->purpose);
  _cli_add_string (builder, "clause", roll->clause);
}

void
_cli_ti4_args_clear (CliTi4Args *args)
{
  g_clear_pointer (&args->attacker, g_free);
  g_clear_pointer (&args->defender, g_free);
  g_clear_pointer (&args->retreat_after, g_free);
  g_clear_pointer (&args->defender_retreat_after, g_free);
  g_clear_pointer (&args->policy, g_free);
  g_clear_pointer (&args->defender_policy, g_free);
}

void
_cli_ti4_add_entries (GOptionContext *context,
                      CliTi4Args     *args)
{
  const GOptionEntry entries[] = {
    { "attacker", 0, 0, G_OPTION_ARG_STRING, &args->attacker,
      N_("The attacker's units, such as \"dreadnought=2,fighter=3\""), N_("UNITS") },
    { "defender", 0, 0, G_OPTION_ARG_STRING, &args->defender,
      N_("The defender's units, such as \"destroyer-ii=2,cruiser=1\""), N_("UNITS") },
    { "ground", 0, 0, G_OPTION_ARG_NONE, &args->ground,
      N_("A ground combat on a planet (LRR 48) instead of a space combat (LRR 39)"), NULL },
    { "retreat-after", 0, 0, G_OPTION_ARG_STRING, &args->retreat_after,
      N_("The attacker announces a retreat after N rounds (LRR 39.4, 39.7), to an eligible "
         "system; default never"), N_("N") },
    { "defender-retreat-after", 0, 0, G_OPTION_ARG_STRING, &args->defender_retreat_after,
      N_("The defender announces a retreat after N rounds; it announces first and bars the "
         "attacker's retreat that round (LRR 39.4.b); default never"), N_("N") },
    { "policy", 0, 0, G_OPTION_ARG_STRING, &args->policy,
      N_("How the attacker assigns hits (LRR 39.6): sustain-first (default) or "
         "cheapest-first"), N_("POLICY") },
    { "defender-policy", 0, 0, G_OPTION_ARG_STRING, &args->defender_policy,
      N_("How the defender assigns hits: sustain-first (default) or cheapest-first"),
      N_("POLICY") },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

gboolean
_cli_ti4_check_values (const char *command,
                       CliTi4Args *args)
{
  return _cli_check_value (command, "--attacker", args->attacker, TRUE)
         && _cli_check_value (command, "--defender", args->defender, TRUE)
         && _cli_check_value (command, "--retreat-after", args->retreat_after, FALSE)
         && _cli_check_value (command, "--defender-retreat-after",
                              args->defender_retreat_after, FALSE)
         && _cli_check_value (command, "--policy", args->policy, FALSE)
         && _cli_check_value (command, "--defender-policy", args->defender_policy, FALSE);
}

gboolean
_cli_ti4_read_setup (CliTi4Args        *args,
                     AdmTi4Catalog     *catalog,
                     AdmTi4Fleet       *attacker,
                     AdmTi4Fleet       *defender,
                     AdmTi4OddsOptions *options,
                     char             **message)
{
  adm_ti4_odds_options_init (options);
  options->arena = args->ground ? ADM_TI4_GROUND : ADM_TI4_SPACE;
  if (!_cli_ti4_parse_fleet (catalog, "--attacker", args->attacker, attacker, message) ||
      !_cli_ti4_parse_fleet (catalog, "--defender", args->defender, defender, message) ||
      !_cli_ti4_parse_retreat ("--retreat-after", args->retreat_after,
                               &options->attacker_retreat_after, message) ||
      !_cli_ti4_parse_retreat ("--defender-retreat-after", args->defender_retreat_after,
                               &options->defender_retreat_after, message) ||
      !_cli_ti4_parse_policy ("--policy", args->policy, &options->attacker_policy, message) ||
      !_cli_ti4_parse_policy ("--defender-policy", args->defender_policy,
                              &options->defender_policy, message))
    return FALSE;
  /* LRR 48, comment 6: no retreat from a ground combat. */
  if (args->ground && (args->retreat_after != NULL || args->defender_retreat_after != NULL))
    {
      *message = g_strdup (_("a ground combat has no retreats (LRR 48): leave out "
                             "--retreat-after and --defender-retreat-after with --ground"));
      return FALSE;
    }
  return TRUE;
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
