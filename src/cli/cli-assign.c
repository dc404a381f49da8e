/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-assign.c: `admiralty-cli assign CAMPAIGN FORMATION ADMIRAL` — the master gives a
 * formation to another admiral of its side (F-FORM-6; prize formations, ruling
 * "prize-admiral", F-BOARD-17): from now on that admiral commands it and his report lists it
 * as his. An "assign" event is journalled in the saved campaign (docs/formats.md), written
 * once, atomically, with its backups rotated; undo in the app takes it back. A refused
 * assignment changes no file. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"

static CliExit
assign (const char *path,
        const char *formation_id,
        const char *admiral_id,
        gboolean    json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmEvent) event = NULL;
  g_autofree char *display = g_filename_display_name (path);
  const AdmFormation *formation;
  const AdmAdmiral *admiral;
  CliExit status;

  status = _cli_open_saved_campaign (path, json, CLI_BACKUP_IF_DAMAGED, &campaign,
                                     _("%s is a scenario, not a saved campaign: there is no "
                                       "journal to give a formation to an admiral in"), display);
  if (status != CLI_EXIT_OK)
    return status;

  /* adm_clock_now (): SOURCE_DATE_EPOCH, when set, makes the file reproducible. */
  event = adm_event_new ("assign", adm_clock_now ());
  adm_event_set (event, "formation", formation_id);
  adm_event_set (event, "admiral", admiral_id);
  /* The campaign has its file: the append saves it, or changes nothing. */
  if (!adm_campaign_append (campaign, event, &error))
    return _cli_invalid (json, _("Nothing was assigned: %s"), error->message);

  formation = adm_strategy_lookup_formation (
    adm_state_get_strategy (adm_campaign_get_state (campaign)), formation_id);
  admiral = adm_campaign_lookup_admiral (campaign, admiral_id);
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      _cli_add_string (builder, "formation", formation_id);
      _cli_add_string (builder, "name", formation != NULL ? formation->name : formation_id);
      _cli_add_string (builder, "admiral", admiral_id);
      _cli_add_string (builder, "campaign", display);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else
    /* Translators: "Prizes taken at Pol orbit is commanded by Adm. Lord Vorlakial now;
     * journalled in komarr.admiralty" */
    g_print (_("%s is commanded by %s now; journalled in %s\n"),
             formation != NULL ? formation->name : formation_id,
             admiral != NULL ? admiral->name : admiral_id, display);
  return CLI_EXIT_OK;
}

CliExit
_cli_assign_run (int    argc,
                 char **argv)
{
  const char *command = "assign";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty FORMATION ADMIRAL"),
                              _("Give a formation to another admiral of its side (F-FORM-6): "
                                "from now on he commands it and his report lists it. The "
                                "assignment is journalled in the campaign."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file, one formation "
                               "and one admiral"),
                             _("no campaign file given"),
                             _("no formation given; name it by its id"),
                             _("no admiral given; name him by his id"), NULL))
    return CLI_EXIT_USAGE;
  return assign (args[0], args[1], args[2], json);
}
