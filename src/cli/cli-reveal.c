/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-reveal.c: `admiralty-cli reveal CAMPAIGN FORMATION` — the master reveals a hidden
 * formation to everyone (F-STRAT-3): the public map and the projector show it, every side
 * knows of it. A "reveal" event is journalled in the saved campaign (docs/formats.md), which
 * is written once, atomically, with its backups rotated; undo in the app takes it back. A
 * refused reveal changes no file. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"

static CliExit
reveal (const char *path,
        const char *formation_id,
        gboolean    json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmEvent) event = NULL;
  g_autofree char *display = g_filename_display_name (path);
  const AdmFormation *formation;
  CliExit status;

  status = _cli_open_saved_campaign (path, json, CLI_BACKUP_IF_DAMAGED, &campaign,
                                     _("%s is a scenario, not a saved campaign: there is no "
                                       "journal to reveal a formation in"), display);
  if (status != CLI_EXIT_OK)
    return status;

  /* adm_clock_now (): SOURCE_DATE_EPOCH, when set, makes the file reproducible. */
  event = adm_event_new ("reveal", adm_clock_now ());
  adm_event_set (event, "formation", formation_id);
  /* The campaign has its file: the append saves it, or changes nothing. */
  if (!adm_campaign_append (campaign, event, &error))
    return _cli_invalid (json, _("Nothing was revealed: %s"), error->message);

  formation = adm_strategy_lookup_formation (
    adm_state_get_strategy (adm_campaign_get_state (campaign)), formation_id);
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      _cli_add_string (builder, "revealed", formation_id);
      _cli_add_string (builder, "name", formation != NULL ? formation->name : formation_id);
      _cli_add_string (builder, "campaign", display);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else
    /* Translators: "Autumn Screen is known to everyone now; journalled in komarr.admiralty" */
    g_print (_("%s is known to everyone now; journalled in %s\n"),
             formation != NULL ? formation->name : formation_id, display);
  return CLI_EXIT_OK;
}

CliExit
_cli_reveal_run (int    argc,
                 char **argv)
{
  const char *command = "reveal";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty FORMATION"),
                              _("Reveal a hidden formation to everyone (F-STRAT-3): the public "
                                "map, the projector and every side know of it from now on. The "
                                "reveal is journalled in the campaign."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file and one "
                               "formation"),
                             _("no campaign file given"),
                             _("no formation given; name it by its id"), NULL))
    return CLI_EXIT_USAGE;
  return reveal (args[0], args[1], json);
}
