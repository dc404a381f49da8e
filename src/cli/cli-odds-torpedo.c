/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-odds-torpedo.c: `admiralty-cli odds torpedo …` — the exact odds of a torpedo salvo
 * reaching a ship: the anti-torpedo dice shoot torpedoes down (F-TORP-13, F-TORP-14), each
 * torpedo left rolls against the armour (F-TORP-7) with criticals on 6+ (F-WPN-16), shields
 * play no part (F-TORP-9). Computed, never sampled. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"

static void
print_text (const AdmTorpedoOddsInput *input,
            const AdmFireOdds      *odds)
{
  g_print (g_dngettext (GETTEXT_PACKAGE, "%d torpedo", "%d torpedoes", input->torpedoes),
           input->torpedoes);
  /* Translators: F-TORP-13, each turret die of 4+ (the ruleset's number) destroys one
   * torpedo. */
  g_print (g_dngettext (GETTEXT_PACKAGE, " against %d anti-torpedo die (%d+ destroys one)",
                        " against %d anti-torpedo dice (%d+ destroys one)", input->turrets),
           input->turrets, input->turret_hit);
  if (input->armour <= 1)
    g_print (_(", every torpedo left damages"));
  else if (input->armour >= 7)
    g_print (_(", armour %d: no torpedo can damage"), input->armour);
  else
    g_print (_(", armour %d: each torpedo left damages on %d+"), input->armour, input->armour);
  if (input->save_on > 0)
    g_print (_(", special shield saves each damage on %d+ (F-FORD-8)"), input->save_on);
  g_print (_("; shields do not stop torpedoes (F-TORP-9)\n"));
  _cli_print_damage_odds (odds);
  g_print (_("Expected torpedoes shot down: %.2f\n"), odds->expected_destroyed);
  g_print (_("At least one critical: %.2f %%\n"), 100.0 * odds->p_critical);
}

static void
print_json (const AdmTorpedoOddsInput *input,
            const AdmFireOdds      *odds)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_int (builder, "torpedoes", input->torpedoes);
  _cli_add_int (builder, "turrets", input->turrets);
  _cli_add_int (builder, "armour", input->armour);
  _cli_add_damage_odds_json (builder, odds);
  _cli_add_double (builder, "expected_destroyed", odds->expected_destroyed);
  _cli_add_double (builder, "p_critical", odds->p_critical);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

CliExit
_cli_odds_torpedo_run (int    argc,
                       char **argv)
{
  const char *command = "odds torpedo";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmFireOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *torpedoes_text = NULL, *turrets_text = NULL, *armour_text = NULL;
  g_autofree char *ruleset_id = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  gboolean special_shield = FALSE, json = FALSE;
  AdmTorpedoOddsInput input = { 0, };
  const GOptionEntry entries[] = {
    { "torpedoes", 0, 0, G_OPTION_ARG_STRING, &torpedoes_text,
      N_("Torpedoes in the salvo: the firepower of its tubes (F-TORP-7)"), N_("N") },
    { "turrets", 0, 0, G_OPTION_ARG_STRING, &turrets_text,
      N_("Anti-torpedo dice meeting it: the target's turret pool and any covering escort guns "
         "(F-TORP-13, F-TORP-14, F-TORP-17); default 0"), N_("T") },
    { "armour", 0, 0, G_OPTION_ARG_STRING, &armour_text,
      N_("The target's armour rating; a torpedo damages on a d6 at or above it (F-TORP-7)"),
      N_("A") },
    { "special-shield", 0, 0, G_OPTION_ARG_NONE, &special_shield,
      N_("The target reinforces its special force shield: each damage is saved on a d6 at or "
         "above the ruleset's save number (F-FORD-8)"), NULL },
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Rules to use (default forcon-2010)"), N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"torpedoes\", \"turrets\", \"armour\", \"damage\", \"at_least\", "
         "\"expected\", \"expected_destroyed\", \"p_critical\"} as JSON"), NULL },
    { NULL }
  };

  context = _cli_context_new (command, NULL,
                              _("Prints the exact chance of each number of damage points and of "
                                "at least one critical (F-WPN-16) for a torpedo salvo reaching "
                                "a ship, after its anti-torpedo fire and armour."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--torpedoes", torpedoes_text, TRUE)
      || !_cli_check_value (command, "--turrets", turrets_text, FALSE)
      || !_cli_check_value (command, "--armour", armour_text, TRUE)
      || !_cli_check_value (command, "--ruleset", ruleset_id, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_no_arguments (command, argc, argv))
    return CLI_EXIT_USAGE;

  if (!_cli_parse_int (torpedoes_text, 0, ADM_DICE_MAX_COUNT, &input.torpedoes))
    return _cli_invalid (json, _("--torpedoes “%s” is not a number of torpedoes; give a whole "
                                 "number from 0 to %d"), torpedoes_text, ADM_DICE_MAX_COUNT);
  if (!_cli_parse_int (turrets_text, 0, ADM_DICE_MAX_COUNT, &input.turrets))
    return _cli_invalid (json, _("--turrets “%s” is not a number of dice; give a whole number "
                                 "from 0 to %d"), turrets_text, ADM_DICE_MAX_COUNT);
  if (!_cli_parse_int (armour_text, 0, G_MAXINT, &input.armour))
    return _cli_invalid (json, _("--armour “%s” is not an armour rating; give a whole number "
                                 "such as 4"), armour_text);
  /* F-TORP-13: the turret number is the ruleset's. */
  ruleset = _cli_load_ruleset (ruleset_id, json);
  if (ruleset == NULL)
    return CLI_EXIT_INVALID;
  input.turret_hit = adm_ruleset_get_turret_hit (ruleset);
  /* F-WPN-16: and so is the critical check's. */
  input.critical_on = adm_ruleset_get_critical_on (ruleset, ADM_CRITICAL_SOURCE_TORPEDO);
  /* F-FORD-8: the save number is the ruleset's too. */
  input.save_on = special_shield ? adm_ruleset_get_shield_save_on (ruleset) : 0;

  odds = adm_torpedo_odds_compute (&input, &error);
  if (odds == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (json)
    print_json (&input, odds);
  else
    print_text (&input, odds);
  return CLI_EXIT_OK;
}
