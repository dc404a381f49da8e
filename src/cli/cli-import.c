/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-import.c: several masters, one campaign — `admiralty-cli import CAMPAIGN FILE [--json]`,
 * the USB path: a battle a table master exported (`admiralty-cli join LINK --engagement ID
 * --export FILE`, a <table-battle> message, adm-table-battle.h) is applied to the campaign
 * with the same check as one sent over the network (adm_campaign_receive_from_table ()): the
 * entries the campaign does not hold yet are kept, none twice, and the ending applied when
 * the table ended the battle. A refusal ("FILE:LINE: problem", an engagement taken back, a
 * history that went another way) changes nothing and exits 1. */

#include "config.h"

#include <glib/gi18n.h>

#include "adm-table-server.h"
#include "cli-private.h"
#include "adm-campaign-file.h"

static void
print_json (const char            *engagement_id,
            guint                  added,
            const AdmTableReceipt *receipt)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_string (builder, "engagement", engagement_id);
  _cli_add_int (builder, "added", added);
  _cli_add_int (builder, "kept", receipt->kept);
  _cli_add_string (builder, "last", receipt->last);
  json_builder_set_member_name (builder, "ended");
  json_builder_add_boolean_value (builder, receipt->ended);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

static void
print_text (const char            *engagement_id,
            const AdmTableReceipt *before,
            const AdmTableReceipt *receipt)
{
  if (receipt->kept > before->kept)
    /* Translators: "Engagement c1-3: 6 entries kept (entries 4 to 9); the campaign holds 9" */
    g_print (g_dngettext (GETTEXT_PACKAGE,
                          "Engagement %s: %u entry kept (entries %u to %u); the campaign "
                          "holds %u\n",
                          "Engagement %s: %u entries kept (entries %u to %u); the campaign "
                          "holds %u\n", receipt->kept - before->kept),
             engagement_id, receipt->kept - before->kept, before->kept + 1, receipt->kept,
             receipt->kept);
  else
    /* Translators: "Engagement c1-3: nothing new; the campaign holds all 9 entries" */
    g_print (_("Engagement %s: nothing new; the campaign holds all %u entries\n"), engagement_id,
             receipt->kept);
  if (receipt->ended && !before->ended)
    g_print (_("The battle of engagement %s is ended; its results are in the campaign.\n"),
             engagement_id);
}

typedef struct {
  gboolean  done;
  GError   *error;
} Saved;

static void
saved_cb (gpointer      data,
          const GError *error)
{
  Saved *saved = data;

  saved->done = TRUE;
  saved->error = error != NULL ? g_error_copy (error) : NULL;
}

/* Waits until what @campaign saved is on the disk (adm_campaign_when_saved ()). */
static gboolean
saved (AdmCampaign  *campaign,
       GError      **error)
{
  Saved state = { FALSE, NULL };

  adm_campaign_when_saved (campaign, saved_cb, &state);
  while (!state.done)
    g_main_context_iteration (NULL, TRUE);
  if (state.error != NULL)
    {
      g_propagate_error (error, state.error);
      return FALSE;
    }
  return TRUE;
}

static CliExit
import (const char *campaign_path,
        const char *path,
        gboolean    json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *campaign_display = g_filename_display_name (campaign_path);
  g_autofree char *data = NULL, *engagement_id = NULL;
  g_autofree char *assignment = NULL, *end_reason = NULL;
  AdmTableReceipt before, receipt;
  gsize length = 0;
  guint from = 0;
  CliExit status;

  status = _cli_open_saved_campaign (campaign_path, json, CLI_BACKUP_IF_DAMAGED, &campaign,
                                     _("%s is a scenario, not a campaign: resolve a cycle "
                                       "first (admiralty-cli cycle)"), campaign_display);
  if (status != CLI_EXIT_OK)
    return status;
  /* No more than a table may send over the network. */
  data = adm_table_battle_read_file (path, ADM_TABLE_SERVER_MAX_BODY, &length, &error);
  if (data == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (!adm_table_battle_peek (data, length, display, &engagement_id, &assignment, &from,
                             &end_reason, &error))
    return _cli_invalid (json, "%s", error->message);
  adm_campaign_get_table_receipt (campaign, engagement_id, &before);
  receipt = before;
  if (!adm_campaign_receive_from_table (campaign, NULL, data, length, display, &receipt, &error))
    return _cli_invalid (json, "%s", error->message);
  /* Said kept once on the disk: their flush runs on a thread of its own. */
  if (!saved (campaign, &error))
    return _cli_invalid (json, "%s", error->message);
  if (json)
    print_json (engagement_id, receipt.kept > before.kept ? receipt.kept - before.kept : 0,
                &receipt);
  else
    print_text (engagement_id, &before, &receipt);
  return CLI_EXIT_OK;
}

CliExit
_cli_import_run (int    argc,
                 char **argv)
{
  const char *command = "import";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"engagement\", \"added\", \"kept\", \"last\", \"ended\"} as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty FILE"),
                              _("Apply a battle a table master exported to FILE (“admiralty-cli "
                                "join … --export FILE”) to the campaign, with the same checks "
                                "as over the network: the entries the campaign does not hold "
                                "yet are kept, none twice, and its ending applied when the "
                                "table ended it. A refusal changes nothing."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file and one "
                               "exported battle"),
                             _("no campaign file given"),
                             _("no file given; name the battle the table exported"), NULL))
    return CLI_EXIT_USAGE;
  return import (args[0], args[1], json);
}
