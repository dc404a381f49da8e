/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-ti4-odds.c: `admiralty-cli ti4 odds …` — the exact odds of a Twilight Imperium 4
 * combat (adm-ti4-odds.h): who holds the system or planet (LRR 39.10), retreats (39.7),
 * expected rounds and survivors, and the most likely ends. Bad unit lists and options are
 * bad usage: exit 2, with a clear message on stderr. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"

#define COMMAND "ti4 odds"
#define N_TEXT_ENDS 10

/* "1.52 Dreadnought, 0.40 Fighter" over the units @start had. */
static char *
describe_expected (AdmTi4Catalog     *catalog,
                   const AdmTi4Fleet *start,
                   const double      *expected)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog); i++)
    {
      if (adm_ti4_fleet_count (start, i) == 0)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: expected units of one kind left: "1.52 Dreadnought" */
      g_string_append_printf (text, _("%.2f %s"), expected[i],
                              adm_ti4_catalog_get_unit (catalog, i)->name);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
outcome_name (AdmTi4Outcome outcome)
{
  switch (outcome)
    {
    case ADM_TI4_OUTCOME_ATTACKER_WINS:
      return _("attacker wins");
    case ADM_TI4_OUTCOME_DEFENDER_WINS:
      return _("defender wins");
    case ADM_TI4_OUTCOME_DRAW:
      return _("draw");
    case ADM_TI4_OUTCOME_ATTACKER_RETREATED:
      return _("attacker retreated");
    case ADM_TI4_OUTCOME_DEFENDER_RETREATED:
      return _("defender retreated");
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
print_text (AdmTi4Catalog           *catalog,
            const AdmTi4Fleet       *attacker,
            const AdmTi4Fleet       *defender,
            const AdmTi4OddsOptions *options,
            const AdmTi4Odds        *odds)
{
  g_autofree char *attacker_text = adm_ti4_fleet_describe (catalog, attacker);
  g_autofree char *defender_text = adm_ti4_fleet_describe (catalog, defender);
  g_autofree char *attacker_left = describe_expected (catalog, attacker,
                                                      odds->attacker_expected);
  g_autofree char *defender_left = describe_expected (catalog, defender,
                                                      odds->defender_expected);

  if (options->arena == ADM_TI4_GROUND)
    g_print (_("Ground combat (LRR 48): attacker %s against defender %s\n"), attacker_text,
             defender_text);
  else
    g_print (_("Space combat (LRR 39): attacker %s against defender %s\n"), attacker_text,
             defender_text);
  g_print (_("Hits assigned (LRR 39.6): attacker %s, defender %s\n"),
           adm_ti4_policy_to_string (options->attacker_policy),
           adm_ti4_policy_to_string (options->defender_policy));
  if (options->attacker_retreat_after >= 0)
    g_print (ngettext ("The attacker retreats after %d round (LRR 39.4, 39.7)\n",
                       "The attacker retreats after %d rounds (LRR 39.4, 39.7)\n",
                       options->attacker_retreat_after), options->attacker_retreat_after);
  if (options->defender_retreat_after >= 0)
    g_print (ngettext ("The defender retreats after %d round (LRR 39.4, 39.7)\n",
                       "The defender retreats after %d rounds (LRR 39.4, 39.7)\n",
                       options->defender_retreat_after), options->defender_retreat_after);
  g_print (_("Attacker wins: %.2f %%\n"), 100.0 * odds->attacker);
  g_print (_("Draw: %.2f %%\n"), 100.0 * odds->draw);
  g_print (_("Defender wins: %.2f %%\n"), 100.0 * odds->defender);
  if (options->arena == ADM_TI4_SPACE)
    {
      g_print (_("Attacker retreated (counted as a defender win): %.2f %%\n"),
               100.0 * odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED]);
      g_print (_("Defender retreated (counted as an attacker win): %.2f %%\n"),
               100.0 * odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED]);
    }
  g_print (_("Expected rounds: %.2f\n"), odds->expected_rounds);
  g_print (_("Expected survivors: attacker %s\n"), attacker_left);
  g_print (_("Expected survivors: defender %s\n"), defender_left);
  g_print (_("Most likely ends:\n"));
  for (guint e = 0; e < MIN (odds->ends->len, N_TEXT_ENDS); e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);
      g_autofree char *a = adm_ti4_fleet_describe (catalog, &end->attacker);
      g_autofree char *d = adm_ti4_fleet_describe (catalog, &end->defender);

      /* Translators: "  23.10 %  attacker wins; attacker 2 Dreadnought, defender no units" */
      g_print (_("  %.2f %%  %s; attacker %s, defender %s\n"), 100.0 * end->probability,
               outcome_name (end->outcome), a, d);
    }
  if (odds->ends->len > N_TEXT_ENDS)
    g_print (ngettext ("  … and %u more end\n", "  … and %u more ends\n",
                       odds->ends->len - N_TEXT_ENDS), odds->ends->len - N_TEXT_ENDS);
}

/* {"dreadnought": 1.52, …} over the units @start had. */
static void
add_expected (JsonBuilder       *builder,
              AdmTi4Catalog     *catalog,
              const char        *name,
              const AdmTi4Fleet *start,
              const double      *expected)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  for (guint i = 0; i < adm_ti4_catalog_get_n_units (catalog); i++)
    if (adm_ti4_fleet_count (start, i) > 0)
      _cli_add_double (builder, adm_ti4_catalog_get_unit (catalog, i)->id, expected[i]);
  json_builder_end_object (builder);
}

static void
print_json (AdmTi4Catalog     *catalog,
            const AdmTi4Fleet *attacker,
            const AdmTi4Fleet *defender,
            const AdmTi4Odds  *odds)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_double (builder, "attacker", odds->attacker);
  _cli_add_double (builder, "draw", odds->draw);
  _cli_add_double (builder, "defender", odds->defender);
  _cli_add_double (builder, "attacker_retreated",
              odds->outcome[ADM_TI4_OUTCOME_ATTACKER_RETREATED]);
  _cli_add_double (builder, "defender_retreated",
              odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED]);
  _cli_add_double (builder, "expected_rounds", odds->expected_rounds);
  json_builder_set_member_name (builder, "survivors");
  json_builder_begin_object (builder);
  add_expected (builder, catalog, "attacker", attacker, odds->attacker_expected);
  add_expected (builder, catalog, "defender", defender, odds->defender_expected);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "ends");
  json_builder_begin_array (builder);
  for (guint e = 0; e < odds->ends->len; e++)
    {
      const AdmTi4OddsEnd *end = &g_array_index (odds->ends, AdmTi4OddsEnd, e);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "outcome", adm_ti4_outcome_to_string (end->outcome));
      _cli_add_double (builder, "probability", end->probability);
      _cli_ti4_add_fleets_json (builder, catalog, &end->attacker, &end->defender);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  _cli_add_int (builder, "states", odds->n_states);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

CliExit
_cli_ti4_odds_run (int    argc,
                   char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmTi4Catalog) catalog = NULL;
  g_autoptr(AdmTi4Odds) odds = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_auto(CliTi4Args) args = { 0 };
  gboolean json = FALSE;
  AdmTi4Fleet attacker, defender;
  AdmTi4OddsOptions options;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"attacker\", \"draw\", \"defender\", \"attacker_retreated\", "
         "\"defender_retreated\", \"expected_rounds\", \"survivors\", \"ends\"} as JSON"),
      NULL },
    { NULL }
  };

  context = _cli_context_new (COMMAND, NULL,
                              _("Prints the exact odds of a Twilight Imperium 4 combat, "
                                "computed over every state of both fleets, not sampled: who "
                                "wins (LRR 39.10), the chance of a draw and of each retreat, "
                                "the expected rounds and survivors, and the most likely ends. "
                                "A space combat starts with the Anti-Fighter Barrage (LRR "
                                "39.3) and ends with the capacity check (LRR 39.10.a)."));
  _cli_ti4_add_entries (context, &args);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, COMMAND, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_ti4_check_values (COMMAND, &args))
    return CLI_EXIT_USAGE;
  if (!_cli_check_no_arguments (COMMAND, argc, argv))
    return CLI_EXIT_USAGE;

  catalog = adm_ti4_catalog_load (&error);
  if (catalog == NULL)
    return _cli_invalid (json, "%s", error->message);

  if (!_cli_ti4_read_setup (&args, catalog, &attacker, &defender, &options, &message))
    return _cli_ti4_bad_input (COMMAND, json, message);

  odds = adm_ti4_odds_compute (catalog, &attacker, &defender, &options, &error);
  if (odds == NULL)
    return _cli_ti4_bad_input (COMMAND, json, error->message);

  if (json)
    print_json (catalog, &attacker, &defender, odds);
  else
    print_text (catalog, &attacker, &defender, &options, odds);
  return CLI_EXIT_OK;
}
