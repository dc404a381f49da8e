/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-end-campaign.c: `admiralty-cli end-campaign CAMPAIGN --reason TEXT` — the master
 * declares the game over — and `--publish`, the revelation: every side's archive becomes the
 * master's (adm-audience.h). Each is journaled in the saved campaign (docs/formats.md), which
 * is written once, atomically, with its backups rotated; `admiralty-cli undo` takes it back.
 * A refused step changes no file. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"

static CliExit
end_campaign (const char *path,
              const char *reason,
              gboolean    publish,
              gboolean    json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *display = g_filename_display_name (path);
  CliExit status;

  status = _cli_open_saved_campaign (path, json, CLI_BACKUP_IF_DAMAGED, &campaign,
                                     _("%s is a scenario, not a saved campaign: there is no "
                                       "campaign to end"), display);
  if (status != CLI_EXIT_OK)
    return status;

  /* adm_clock_now (): SOURCE_DATE_EPOCH, when set, makes the file reproducible. */
  if (reason != NULL && !adm_campaign_end (campaign, reason, adm_clock_now (), &error))
    return _cli_invalid (json, _("The campaign was not ended: %s"), error->message);
  /* Ended and published in one go are two actions: the first undo hides the truth again. */
  if (publish && !adm_campaign_publish (campaign, adm_clock_now (), &error))
    {
      if (reason != NULL)
        return _cli_invalid (json, _("The campaign is ended, but the whole truth was not "
                                     "published: %s"), error->message);
      return _cli_invalid (json, _("Nothing was published: %s"), error->message);
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      const AdmCampaignEnding *ending =
        adm_strategy_get_ending (adm_state_get_strategy (adm_campaign_get_state (campaign)));

      json_builder_begin_object (builder);
      _cli_add_string (builder, "campaign", display);
      _cli_add_string (builder, "reason", ending->reason);
      json_builder_set_member_name (builder, "published");
      json_builder_add_boolean_value (builder, ending->published);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else if (publish)
    /* Translators: "The whole truth is published: every side sees what the master sees;
     * journalled in komarr.admiralty" */
    g_print (_("The whole truth is published: every side sees what the master sees; "
               "journalled in %s\n"), display);
  else
    /* Translators: "The campaign is ended; journalled in komarr.admiralty" */
    g_print (_("The campaign is ended; journalled in %s\n"), display);
  return CLI_EXIT_OK;
}

CliExit
_cli_end_campaign_run (int    argc,
                       char **argv)
{
  const char *command = "end-campaign";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *reason = NULL;
  gboolean publish = FALSE;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason,
      N_("Why the campaign ends (“The Cetagandans sued for peace”)"), N_("TEXT") },
    { "publish", 0, 0, G_OPTION_ARG_NONE, &publish,
      N_("Publish the whole truth of an ended campaign: every side sees what the master "
         "sees"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"campaign\", \"reason\", \"published\"} as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty --reason TEXT | --publish"),
                              _("End the campaign, with your reason: it takes no more cycles, "
                                "orders or battles. Then, with --publish, reveal the whole "
                                "truth: every side's reports, views and portal pages show what "
                                "the master's do. Each is journaled, undone with "
                                "“admiralty-cli undo”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--reason", reason, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file"),
                             _("no campaign file given"), NULL))
    return CLI_EXIT_USAGE;
  if (reason == NULL && !publish)
    return _cli_usage_error (command, _("say why the campaign ends: --reason TEXT (or "
                                        "--publish to reveal the truth of one ended)"));
  return end_campaign (args[0], reason, publish, json);
}
