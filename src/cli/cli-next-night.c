/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-next-night.c: `admiralty-cli scenario from-campaign CAMPAIGN -o NEXT.admiralty` — the
 * next night's scenario, the war as the campaign left it (adm-next-night.h), for the scenario
 * editor. The campaign is only read; a refusal writes nothing. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-next-night.h"

CliExit
_cli_scenario_from_campaign_run (int    argc,
                                 char **argv)
{
  const char *command = "scenario from-campaign";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmScenario) made = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *output = NULL, *root = NULL, *display = NULL, *output_display = NULL;
  GPtrArray *formations;
  guint ships = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The new scenario's file (not one that exists)"), N_("NEXT.admiralty") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty"),
                              _("Write a new scenario holding the campaign's war as it now "
                                "stands, for the next night: the map, the sides, the season "
                                "and every formation in being where it is, its ships' damage, "
                                "readiness and criticals, the ships lost gone, the ships "
                                "captured with their captors, hidden formations still hidden. "
                                "Open it in the scenario editor to change what you like, then "
                                "start the new campaign from it. The campaign is kept as it "
                                "is. Refused while a battle of a resolved cycle is not ended "
                                "(at this table or another) or the muster is not over."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv) ||
      !_cli_check_value (command, "-o", output, TRUE) ||
      !_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file"),
                             _("no campaign file given"), NULL))
    return CLI_EXIT_USAGE;

  display = g_filename_display_name (args[0]);
  output_display = g_filename_display_name (output);
  root = adm_xml_peek_root (args[0]);
  if (g_strcmp0 (root, "scenario") == 0)
    return _cli_invalid (FALSE, _("%s is a scenario, not a campaign: it is its own next "
                                  "night; open it in the scenario editor"), display);
  if ((campaign = _cli_open_campaign (args[0], &error)) == NULL)
    return _cli_campaign_refused (args[0], FALSE, CLI_BACKUP_IF_DAMAGED, error);
  if (!adm_next_night_save (campaign, output, FALSE, &error))
    {
      /* The refusals of the war itself are the campaign's; those of the file, the file's. */
      if (error->domain == ADM_NEXT_NIGHT_ERROR &&
          (error->code == ADM_NEXT_NIGHT_ERROR_MUSTER ||
           error->code == ADM_NEXT_NIGHT_ERROR_UNFOUGHT))
        return _cli_invalid (FALSE, "%s: %s", display, error->message);
      return _cli_invalid (FALSE, "%s", error->message);
    }

  made = adm_scenario_load_file (output, &error);
  if (made == NULL)
    return _cli_invalid (FALSE, "%s", error->message);
  formations = adm_scenario_get_formations (made);
  for (guint i = 0; i < formations->len; i++)
    ships += ((const AdmFormation *) g_ptr_array_index (formations, i))->ships->len;
  /* Translators: "Wrote next.admiralty from komarr.admiralty: 12 formations, 40 ships. Open
   * it in the scenario editor …" */
  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "Wrote %s from %s: %u formation, %u ships. Open it in the scenario "
                        "editor to change what you like, then start a campaign from it.\n",
                        "Wrote %s from %s: %u formations, %u ships. Open it in the scenario "
                        "editor to change what you like, then start a campaign from it.\n",
                        formations->len),
           output_display, display, formations->len, ships);
  return CLI_EXIT_OK;
}
