/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-tables.c: several masters, one campaign — `admiralty-cli table-assign CAMPAIGN
 * ENGAGEMENT TABLE` hands an engagement to a table master to fight, `table-take-back CAMPAIGN
 * ENGAGEMENT --reason TEXT` takes it back. Each is one journaled, undoable action of the
 * campaign (docs/formats.md, "Engagements at other tables"); while an engagement is at a
 * table, the campaign keeps none of the chief master's own entries of its battle. A refusal
 * changes no file. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-clock.h"
#include "adm-table-battle.h"

static CliExit
open_campaign (const char   *path,
               gboolean      json,
               AdmCampaign **campaign)
{
  g_autofree char *display = g_filename_display_name (path);

  return _cli_open_saved_campaign (path, json, CLI_BACKUP_IF_DAMAGED, campaign,
                                   _("%s is a scenario, not a campaign: resolve a cycle first "
                                     "(admiralty-cli cycle)"), display);
}

static void
print_json (const char *engagement_id,
            const char *table,
            const char *assignment,
            const char *reason)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_string (builder, "engagement", engagement_id);
  _cli_add_string_or_null (builder, "table", table);
  _cli_add_string_or_null (builder, "assignment", assignment);
  if (reason != NULL)
    _cli_add_string (builder, "taken-back", reason);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

CliExit
_cli_table_assign_run (int    argc,
                       char **argv)
{
  const char *command = "table-assign";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *assignment = NULL;
  gboolean json = FALSE, typed_dice = FALSE;
  CliExit status;
  const GOptionEntry entries[] = {
    { "typed-dice", 0, 0, G_OPTION_ARG_NONE, &typed_dice,
      N_("Let the table type real dice in, each shown as typed at that table; without it the "
         "table rolls only the program's dice, which you commit to"), NULL },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"engagement\", \"table\", \"assignment\"} as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty ENGAGEMENT TABLE"),
                              _("Hand an engagement of the campaign (an id of “admiralty-cli "
                                "engagements”) to the table named TABLE, whose master fights "
                                "it; journaled, undone with “admiralty-cli undo”. While it is "
                                "there, the campaign keeps none of your own entries of that "
                                "battle."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file, one engagement "
                               "and one table"),
                             _("no campaign file given"),
                             _("no engagement given; name it by its id"),
                             _("no table given; name the table (“Table 2”)"), NULL))
    return CLI_EXIT_USAGE;
  status = open_campaign (args[0], json, &campaign);
  if (status != CLI_EXIT_OK)
    return status;
  if (!adm_campaign_assign_table_full (campaign, args[1], args[2], typed_dice, adm_clock_now (),
                                       &assignment, &error))
    return _cli_invalid (json, _("Nothing was handed to a table: %s"), error->message);
  if (json)
    print_json (args[1], args[2], assignment, NULL);
  else
    /* Translators: "Engagement c1-2 is at the table “Table 2” now (assignment …)" */
    g_print (_("Engagement %s is at the table “%s” now (assignment %s)\n"), args[1], args[2],
             assignment);
  return CLI_EXIT_OK;
}

CliExit
_cli_table_take_back_run (int    argc,
                          char **argv)
{
  const char *command = "table-take-back";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *reason = NULL, *table = NULL, *assignment = NULL;
  const AdmTableAssignment *at;
  gboolean json = FALSE;
  CliExit status;
  const GOptionEntry entries[] = {
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason,
      N_("Why the engagement is taken back (“Table 2 went home”); required"), N_("TEXT") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"engagement\", \"table\", \"assignment\", \"taken-back\"} as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty ENGAGEMENT --reason TEXT"),
                              _("Take an engagement back from its table, with your reason: "
                                "its battle is yours to fight again, and what that table sends "
                                "later is refused. Journaled, undone with “admiralty-cli "
                                "undo”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--reason", reason, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file and one "
                               "engagement"),
                             _("no campaign file given"),
                             _("no engagement given; name it by its id"), NULL))
    return CLI_EXIT_USAGE;
  if (reason == NULL)
    return _cli_usage_error (command, _("say why the engagement is taken back: --reason TEXT"));
  status = open_campaign (args[0], json, &campaign);
  if (status != CLI_EXIT_OK)
    return status;
  at = adm_state_get_table (adm_campaign_get_state (campaign), args[1]);
  if (at != NULL)
    {
      table = g_strdup (at->table);
      assignment = g_strdup (at->id);
    }
  if (!adm_campaign_take_back_table (campaign, args[1], reason, adm_clock_now (), &error))
    return _cli_invalid (json, _("Nothing was taken back: %s"), error->message);
  if (json)
    print_json (args[1], table, assignment, reason);
  else
    /* Translators: "Engagement c1-2 is taken back from the table “Table 2”" */
    g_print (_("Engagement %s is taken back from the table “%s”\n"), args[1], table);
  return CLI_EXIT_OK;
}
