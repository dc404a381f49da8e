/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-odds-boarding.c: `admiralty-cli odds boarding …` — the exact odds of one boarding round
 * (F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12, F-BOARD-13, F-BOARD-14, F-BOARD-15) before it is
 * rolled: who wins, how much boarding potential the loser loses, and the chance that a ship is
 * captured in this round. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"

/* Far above any hull; boarding potential starts as hull points (F-BOARD-2). */
#define MAX_BP 999

typedef struct {
  int      attacker_bp;
  int      defender_bp;
  int      attacker_modifier;  /* as given, before the ratio bonus */
  int      defender_modifier;
  int      ratio;              /* F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12 */
  int      dice;               /* F-BOARD-13: each side's */
  gboolean reroll_ties;        /* ruling boarding-roll */
} BoardingRound;

static CliExit
parse_value (gboolean    json,
             const char *option,
             const char *text,
             int         min,
             int         max,
             int        *out)
{
  if (!_cli_parse_int (text, min, max, out))
    return _cli_invalid (json, _("%s “%s” is not a whole number from %d to %d"), option, text,
                         min, max);
  return CLI_EXIT_OK;
}

static CliExit
parse_round (gboolean       json,
             const char    *attacker_bp,
             const char    *defender_bp,
             const char    *attacker_modifier,
             const char    *defender_modifier,
             BoardingRound *round)
{
  CliExit status;

  /* F-BOARD-15: a ship at 0 is captured, so a potential is 1 or more. */
  status = parse_value (json, "--attacker-bp", attacker_bp, 1, MAX_BP, &round->attacker_bp);
  if (status == CLI_EXIT_OK)
    status = parse_value (json, "--defender-bp", defender_bp, 1, MAX_BP, &round->defender_bp);
  if (status == CLI_EXIT_OK)
    status = parse_value (json, "--attacker-modifier", attacker_modifier,
                          -ADM_BOARDING_MAX_MODIFIER, ADM_BOARDING_MAX_MODIFIER,
                          &round->attacker_modifier);
  if (status == CLI_EXIT_OK)
    status = parse_value (json, "--defender-modifier", defender_modifier,
                          -ADM_BOARDING_MAX_MODIFIER, ADM_BOARDING_MAX_MODIFIER,
                          &round->defender_modifier);
  return status;
}

static void
print_losses (const char    *who,
              const double  *loss,
              int            max_loss,
              int            bp)
{
  g_print ("%s\n", who);
  for (int k = 1; k <= max_loss; k++)
    if (loss[k] > 0.0)
      {
        /* Translators: "  3 BP: 8.33 %, 2 left" or "…, captured". */
        if (k >= bp)
          g_print (_("  %d BP: %.2f %%, captured\n"), k, 100.0 * loss[k]);
        else
          g_print (_("  %d BP: %.2f %%, %d left\n"), k, 100.0 * loss[k], bp - k);
      }
}

static void
print_text (const BoardingRound   *round,
            const AdmBoardingOdds *odds)
{
  int attacker_total = round->attacker_modifier + round->ratio;

  /* Translators: the ruling's id is data, keep it as it is. */
  g_print (_("Boarding round: attacker BP %d rolls %dd6 %+d (modifier %+d, ratio bonus %+d, "
             "F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12); defender BP %d rolls %dd6 %+d\n"),
           round->attacker_bp, round->dice, attacker_total, round->attacker_modifier, round->ratio,
           round->defender_bp, round->dice, round->defender_modifier);
  g_print (_("Attacker wins: %.2f %%\n"), 100.0 * odds->p_attacker_wins);
  if (round->reroll_ties)
    g_print (_("Tie: rolled again (ruling boarding-roll)\n"));
  else
    g_print (_("Tie, no effect (ruling boarding-roll): %.2f %%\n"), 100.0 * odds->p_tie);
  g_print (_("Defender wins: %.2f %%\n"), 100.0 * odds->p_defender_wins);
  print_losses (_("Defender loses (F-BOARD-14):"), odds->defender_loss, odds->max_loss,
                round->defender_bp);
  print_losses (_("Attacker loses (F-BOARD-14):"), odds->attacker_loss, odds->max_loss,
                round->attacker_bp);
  g_print (_("Expected loss: attacker %.2f BP, defender %.2f BP\n"),
           odds->expected_attacker_loss, odds->expected_defender_loss);
  g_print (_("Defender captured this round (F-BOARD-15): %.2f %%\n"),
           100.0 * odds->p_defender_captured);
  g_print (_("Attacker captured this round (F-BOARD-15): %.2f %%\n"),
           100.0 * odds->p_attacker_captured);
}

static void
add_array (JsonBuilder  *builder,
           const char   *name,
           const double *values,
           int           n)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (int k = 0; k < n; k++)
    json_builder_add_double_value (builder, values[k]);
  json_builder_end_array (builder);
}

static void
print_json (const BoardingRound   *round,
            const AdmBoardingOdds *odds)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_int (builder, "ratio_bonus", round->ratio);
  _cli_add_int (builder, "attacker_modifier", round->attacker_modifier + round->ratio);
  _cli_add_int (builder, "defender_modifier", round->defender_modifier);
  _cli_add_double (builder, "p_attacker_wins", odds->p_attacker_wins);
  _cli_add_double (builder, "p_tie", odds->p_tie);
  _cli_add_double (builder, "p_defender_wins", odds->p_defender_wins);
  add_array (builder, "attacker_loss", odds->attacker_loss, odds->max_loss + 1);
  add_array (builder, "defender_loss", odds->defender_loss, odds->max_loss + 1);
  _cli_add_double (builder, "expected_attacker_loss", odds->expected_attacker_loss);
  _cli_add_double (builder, "expected_defender_loss", odds->expected_defender_loss);
  _cli_add_double (builder, "p_attacker_captured", odds->p_attacker_captured);
  _cli_add_double (builder, "p_defender_captured", odds->p_defender_captured);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

CliExit
_cli_odds_boarding_run (int    argc,
                        char **argv)
{
  const char *command = "odds boarding";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(AdmBoardingOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *attacker_bp = NULL, *defender_bp = NULL, *ruleset_id = NULL;
  g_autofree char *attacker_modifier = NULL, *defender_modifier = NULL;
  BoardingRound round = { 0 };
  gboolean json = FALSE;
  CliExit status;
  const GOptionEntry entries[] = {
    { "attacker-bp", 0, 0, G_OPTION_ARG_STRING, &attacker_bp,
      N_("The attacker's boarding potential now (its hull points when boarding began, "
         "F-BOARD-2, less the rounds it lost)"), N_("N") },
    { "defender-bp", 0, 0, G_OPTION_ARG_STRING, &defender_bp,
      N_("The defender's boarding potential now"), N_("N") },
    { "attacker-modifier", 0, 0, G_OPTION_ARG_STRING, &attacker_modifier,
      N_("The attacker's boarding modifiers (F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6, "
         "F-BOARD-7, F-BOARD-8) and readiness modifier (F-RDY-5), added up; the ratio bonus "
         "(F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12) is added from the potentials; "
         "default 0"),
      N_("A") },
    { "defender-modifier", 0, 0, G_OPTION_ARG_STRING, &defender_modifier,
      N_("The defender's boarding modifiers and readiness modifier, added up; default 0"),
      N_("D") },
    { "ruleset", 0, 0, G_OPTION_ARG_STRING, &ruleset_id,
      N_("Rules to use (default forcon-2010): the ruling boarding-roll decides ties"),
      N_("ID") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"ratio_bonus\", \"attacker_modifier\", \"defender_modifier\", "
         "\"p_attacker_wins\", \"p_tie\", \"p_defender_wins\", \"attacker_loss\", "
         "\"defender_loss\", \"expected_attacker_loss\", \"expected_defender_loss\", "
         "\"p_attacker_captured\", \"p_defender_captured\"} as JSON"), NULL },
    { NULL }
  };

  context = _cli_context_new (command, NULL,
                              _("Prints the exact odds of one boarding round before it is "
                                "rolled: each side rolls the ruleset's dice with its "
                                "modifiers, the higher total wins, the loser's boarding "
                                "potential falls by the difference and a ship at 0 is captured "
                                "(F-BOARD-13, F-BOARD-14, F-BOARD-15). The attacker's ratio "
                                "bonus compares the potentials given (ruling boarding-ratio)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--attacker-bp", attacker_bp, TRUE)
      || !_cli_check_value (command, "--defender-bp", defender_bp, TRUE)
      || !_cli_check_value (command, "--attacker-modifier", attacker_modifier, FALSE)
      || !_cli_check_value (command, "--defender-modifier", defender_modifier, FALSE)
      || !_cli_check_value (command, "--ruleset", ruleset_id, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_no_arguments (command, argc, argv))
    return CLI_EXIT_USAGE;

  status = parse_round (json, attacker_bp, defender_bp, attacker_modifier, defender_modifier,
                        &round);
  if (status != CLI_EXIT_OK)
    return status;
  ruleset = _cli_load_ruleset (ruleset_id, json);
  if (ruleset == NULL)
    return CLI_EXIT_INVALID;
  round.reroll_ties = g_strcmp0 (adm_ruleset_get_ruling_value (ruleset, "boarding-roll"),
                                 "tie-reroll") == 0;
  /* F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12: the highest ratio bonus, for the attacker;
   * F-BOARD-13: the ruleset's dice a side. */
  round.ratio = adm_ruleset_boarding_ratio_bonus (ruleset, round.attacker_bp, round.defender_bp,
                                                  NULL);
  round.dice = adm_ruleset_get_dice (ruleset, ADM_DICE_BOARDING);
  odds = adm_boarding_odds_compute (round.attacker_bp, round.defender_bp,
                                    round.attacker_modifier + round.ratio,
                                    round.defender_modifier, round.dice, round.reroll_ties,
                                    &error);
  if (odds == NULL)
    return _cli_invalid (json, "%s", error->message);

  if (json)
    print_json (&round, odds);
  else
    print_text (&round, odds);
  return CLI_EXIT_OK;
}
