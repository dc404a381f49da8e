/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-dice-give.c: `admiralty-cli dice-give CAMPAIGN ENGAGEMENT SIDE DICE` — a side's
 * contribution to the program dice of the phase of a campaign battle about to be rolled: the
 * 2d6 it threw in front of every side once the phase's declarations were locked
 * (adm-dice-contribution.h, docs/dice.md, F-STRAT-4). --by-master: the master threw them for a
 * side that gave none (ruling "dice-contribution-missing"). --commit HASH and --show TAP give a
 * side's random tap instead, committed to first and shown once every side has given, as an
 * admiral's phone does. --orders FILE binds them to the phase's declarations in that orders
 * file (adm_battle_declarations_digest ()), as the app's dialog binds them: the phase is then
 * kept only with those, and one that rolls no dice with them is refused, as it asks none.
 * Journalled in the campaign; a refused contribution changes no file. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-battles.h"
#include "adm-clock.h"
#include "adm-dice-contribution.h"

/* --orders: the digest of the declarations of @orders_path for the phase of @engagement_id's
 * battle about to be rolled, as resolving it with them would journal them; NULL with @error
 * when the file is not an orders file, or the phase rolls no dice with them
 * (adm_dice_phase_rolls ()): such a phase asks no side's dice, as in the app. */
static char *
declarations_of (AdmCampaign  *campaign,
                 const char   *engagement_id,
                 const char   *orders_path,
                 GError      **error)
{
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (orders_path, error);
  const AdmTurnOrders *turn_orders;
  AdmBattle *battle;

  if (orders == NULL ||
      (battle = adm_campaign_get_battle_played (campaign, engagement_id, error)) == NULL)
    return NULL;
  turn_orders = adm_battle_orders_get_turn (orders, adm_battle_get_turn (battle));
  if (!adm_dice_phase_rolls (battle, turn_orders))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   /* Translators: "turn 1, phase “Detection” of engagement c1-3 rolls no dice…" */
                   _("turn %d, phase “%s” of engagement %s rolls no dice with these "
                     "declarations: it asks no side’s dice"), adm_battle_get_turn (battle),
                   adm_phase_display_name (adm_phase_to_string (adm_battle_get_phase (battle))),
                   engagement_id);
      return NULL;
    }
  return adm_battle_declarations_digest (battle, turn_orders);
}

static CliExit
give (const char *path,
      const char *engagement_id,
      const char *side,
      const char *dice,
      gboolean    by_master,
      const char *commit,
      const char *show,
      const char *orders_path,
      gboolean    json)
{
  gboolean given;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *declarations = NULL;
  CliExit status;

  status = _cli_open_saved_campaign (path, json, CLI_BACKUP_IF_DAMAGED, &campaign,
                                     _("%s is a scenario, not a saved campaign: it fights no "
                                       "battle to give dice to"), display);
  if (status != CLI_EXIT_OK)
    return status;
  if (orders_path != NULL &&
      (declarations = declarations_of (campaign, engagement_id, orders_path, &error)) == NULL)
    return _cli_invalid (json, _("%s: no dice were given: %s"), display, error->message);
  given = show != NULL
          ? adm_campaign_show_dice (campaign, engagement_id, side, show, adm_clock_now (), &error)
          : adm_campaign_give_declared_dice (campaign, engagement_id, side, dice, by_master,
                                             commit, declarations, adm_clock_now (), &error);
  if (!given)
    return _cli_invalid (json, _("%s: no dice were given: %s"), display, error->message);
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      _cli_add_string (builder, "engagement", engagement_id);
      _cli_add_string (builder, "side", side);
      _cli_add_string_or_null (builder, "dice", dice);
      _cli_add_string_or_null (builder, "commit", commit);
      _cli_add_string_or_null (builder, "tap", show);
      _cli_add_string (builder, "by", by_master ? "master" : "side");
      _cli_add_string_or_null (builder, "declarations", declarations);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else if (dice != NULL)
    /* Translators: "barrayar's dice 3 5 mixed into the next phase of engagement c1-3" */
    g_print (_("%s's dice %s mixed into the next phase of engagement %s; journalled in %s\n"),
             side, dice, engagement_id, display);
  else
    /* Translators: "barrayar's tap committed to for the next phase of engagement c1-3" */
    g_print (show != NULL ? _("%s's tap shown for the next phase of engagement %s; journalled "
                              "in %s\n")
                          : _("%s's tap committed to for the next phase of engagement %s; "
                              "journalled in %s\n"), side, engagement_id, display);
  return CLI_EXIT_OK;
}

CliExit
_cli_dice_give_run (int    argc,
                    char **argv)
{
  const char *command = "dice-give";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  gboolean json = FALSE, by_master = FALSE;
  g_autofree char *commit = NULL, *show = NULL, *orders_path = NULL;
  const GOptionEntry entries[] = {
    { "by-master", 0, 0, G_OPTION_ARG_NONE, &by_master,
      N_("The master threw them for a side that gave none"), NULL },
    { "commit", 0, 0, G_OPTION_ARG_STRING, &commit,
      N_("Instead of dice: the SHA-256 of the side's random tap, committed to first"),
      N_("HASH") },
    { "show", 0, 0, G_OPTION_ARG_STRING, &show,
      N_("Instead of dice: the tap committed to, once every side has given"), N_("TAP") },
    { "orders", 0, 0, G_OPTION_ARG_FILENAME, &orders_path,
      N_("Bind the dice to the phase's declarations in this orders file, as the battle is "
         "resolved with them (docs/dice.md)"), N_("FILE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty ENGAGEMENT SIDE DICE"),
                              _("A side's 2d6, thrown in front of every side once a phase's "
                                "declarations are locked, mixed into that phase's program dice "
                                "so that the secret's keeper cannot foresee them (docs/dice.md). "
                                "DICE is two numbers from 1 to 6, “3 5”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (commit != NULL || show != NULL)
    {
      if (!_cli_check_arguments (command, args,
                                 _("unexpected argument “%s”; with --commit or --show give a "
                                   "campaign file, an engagement and a side"),
                                 _("no campaign file given"), _("no engagement given"),
                                 _("no side given; name it by its faction id"), NULL))
        return CLI_EXIT_USAGE;
      if (commit != NULL && show != NULL)
        return _cli_usage_error (command, _("give --commit or --show, not both"));
      if (show != NULL && orders_path != NULL)
        return _cli_usage_error (command, _("--orders goes with the dice or --commit: a tap "
                                            "shown is bound by its commit"));
      return give (args[0], args[1], args[2], NULL, FALSE, commit, show, orders_path, json);
    }
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give a campaign file, an engagement, "
                               "a side and its dice"),
                             _("no campaign file given"), _("no engagement given"),
                             _("no side given; name it by its faction id"),
                             _("no dice given; give two numbers from 1 to 6, “3 5”"), NULL))
    return CLI_EXIT_USAGE;
  return give (args[0], args[1], args[2], args[3], by_master, NULL, NULL, orders_path, json);
}
