/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-muster.c: `admiralty-cli muster CAMPAIGN ACTION …` — the muster before cycle 1
 * (adm-muster.h, F-GEN-5, F-GEN-6, F-GEN-7): an admiral's muster sheet handed in, the master's
 * accept or return with his reason, the starting positions and the start of cycle 1, each one
 * action journaled in the saved campaign, written once, atomically, with its backups rotated
 * (`admiralty-cli undo` takes it back); `status` says who has mustered, as the master or, with
 * --as, as one admiral sees it (his own muster only); `sheet` prints an admiral's muster sheet
 * filled with the default formations, to edit or print. A scenario whose fleets are pools
 * starts a new campaign, written to --save FILE. A refusal names the problem and changes no
 * file. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"

static const char *const actions[] = {
  "status", "sheet", "submit", "accept", "return", "position", "start", NULL
};

typedef struct {
  const char *action;
  char      **args;      /* after the action */
  char       *reason;
  char       *save;
  char       *as;
  gboolean    json;
} Typed;

/* The campaign @path names, to write to: a saved campaign, locked; or a scenario, started as a
 * new campaign saved to @save. */
static CliExit
open_for_writing (const char   *path,
                  const Typed  *typed,
                  AdmCampaign **campaign)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) opened = NULL;

  if (typed->save == NULL)
    return _cli_open_saved_campaign (path, typed->json, CLI_BACKUP_IF_DAMAGED, campaign,
                                     _("%s is a scenario: it starts a new campaign; give "
                                       "--save FILE for it"), display);
  opened = _cli_open_campaign (path, &error);
  if (opened == NULL)
    return _cli_campaign_refused (path, typed->json, CLI_BACKUP_IF_DAMAGED, error);
  if (adm_campaign_get_path (opened) != NULL)
    return _cli_usage_error ("muster", _("%s is a saved campaign: --save starts a new one from "
                                         "a scenario"), display);
  if (!adm_campaign_save (opened, typed->save, &error))
    return _cli_invalid (typed->json, "%s", error->message);
  g_clear_object (&opened);
  return _cli_open_saved_campaign (typed->save, typed->json, CLI_BACKUP_NONE, campaign,
                                   _("%s is a scenario"), display);
}

/* The entry of @admiral_id, refused by the same words for no admiral and one without a pool. */
static const AdmMusterEntry *
need_entry (AdmCampaign  *campaign,
            const char   *admiral_id,
            gboolean      json,
            CliExit      *status)
{
  AdmMuster *muster = adm_state_get_muster (adm_campaign_get_state (campaign));
  const AdmMusterEntry *entry = adm_muster_get_entry (muster, admiral_id);

  if (entry == NULL)
    *status = _cli_invalid (json, _("“%s” is no admiral with a pool of ships to muster "
                                    "(F-GEN-5)"), admiral_id);
  return entry;
}

/* @entry's formations he would start with now, each with its number and the id it is made
 * with (F-GEN-7: a position names either). */
static void
add_formations_json (JsonBuilder          *builder,
                     const AdmMusterEntry *entry)
{
  GPtrArray *formations = adm_muster_entry_planned (entry);
  g_autoptr(GPtrArray) id_list = g_ptr_array_new_with_free_func (g_free);
  char **ids;

  for (guint i = 0; i < formations->len; i++)
    g_ptr_array_add (id_list, adm_muster_formation_id (entry, i + 1));
  ids = (char **) id_list->pdata;
  json_builder_set_member_name (builder, "formations");
  json_builder_begin_array (builder);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmMusterFormation *formation = g_ptr_array_index (formations, i);

      json_builder_begin_object (builder);
      _cli_add_int (builder, "number", i + 1);
      _cli_add_string (builder, "id", ids[i]);
      _cli_add_string (builder, "name", formation->name);
      _cli_add_string (builder, "flagship", formation->flagship->id);
      json_builder_set_member_name (builder, "ships");
      json_builder_begin_array (builder);
      for (guint s = 0; s < formation->ships->len; s++)
        json_builder_add_string_value (builder,
                                       ((const AdmShip *) g_ptr_array_index (formation->ships,
                                                                             s))->id);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "succession");
      json_builder_begin_array (builder);
      for (guint s = 0; s < formation->succession->len; s++)
        json_builder_add_string_value (builder,
                                       ((const AdmShip *) g_ptr_array_index (formation->succession,
                                                                             s))->id);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "hidden");
      json_builder_add_boolean_value (builder, formation->hidden);
      _cli_add_string_or_null (builder, "sector",
                               formation->sector != NULL ? formation->sector->id : NULL);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* status: every admiral's muster for the master; an admiral's own only with --as (the muster's
 * filter, adm_muster_admiral_sees ()): no count, no name of another. */
static CliExit
status (AdmCampaign *campaign,
        const Typed *typed)
{
  AdmMuster *muster = adm_state_get_muster (adm_campaign_get_state (campaign));
  GPtrArray *entries = adm_muster_get_entries (muster);
  const char *viewer = typed->as != NULL && !g_str_equal (typed->as, "master") ? typed->as
                                                                               : NULL;
  CliExit exit_status = CLI_EXIT_OK;

  if (viewer != NULL && need_entry (campaign, viewer, typed->json, &exit_status) == NULL)
    return exit_status;
  if (typed->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "in_progress");
      json_builder_add_boolean_value (builder, adm_muster_in_progress (muster));
      json_builder_set_member_name (builder, "admirals");
      json_builder_begin_array (builder);
      for (guint i = 0; i < entries->len; i++)
        {
          const AdmMusterEntry *entry = g_ptr_array_index (entries, i);

          if (!adm_muster_admiral_sees (muster, viewer, entry->pool->admiral->id))
            continue;
          json_builder_begin_object (builder);
          _cli_add_string (builder, "admiral", entry->pool->admiral->id);
          _cli_add_string (builder, "status", adm_muster_status_to_string (entry->status));
          _cli_add_string_or_null (builder, "reason", entry->reason);
          _cli_add_int (builder, "handed_in", entry->count);
          _cli_add_string (builder, "sector", entry->pool->sector->id);
          json_builder_set_member_name (builder, "defaulted");
          json_builder_add_boolean_value (builder, entry->defaulted);
          add_formations_json (builder, entry);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      _cli_print_json (builder);
      return CLI_EXIT_OK;
    }
  if (!adm_muster_has_pools (muster))
    g_print ("%s\n", _("This campaign has no muster: its scenario gives no admiral a pool of "
                       "ships."));
  else if (!adm_muster_in_progress (muster))
    g_print ("%s\n", _("The muster is over: cycle 1 has started."));
  for (guint i = 0; i < entries->len; i++)
    {
      const AdmMusterEntry *entry = g_ptr_array_index (entries, i);
      GPtrArray *planned = adm_muster_entry_planned (entry);

      if (!adm_muster_admiral_sees (muster, viewer, entry->pool->admiral->id))
        continue;
      /* Translators: "Adm. Aral Vorkosigan: accepted, 3 formations of 10 ships" */
      g_print (_("%s: %s, %u formations of %u ships\n"), entry->pool->admiral->name,
               adm_muster_status_describe (entry->status), planned->len,
               entry->pool->ships->len);
      if (entry->reason != NULL)
        /* Translators: the master's reason for returning a muster */
        g_print (_("  returned: %s\n"), entry->reason);
      for (guint f = 0; f < planned->len; f++)
        {
          const AdmMusterFormation *formation = g_ptr_array_index (planned, f);

          /* Translators: "  2. Heavy Division, 1 ships, flagship Kyril Island, in Komarr
           * orbit" */
          g_print (_("  %u. %s, %u ships, flagship %s, in %s%s\n"), f + 1, formation->name,
                   formation->ships->len, formation->flagship->name,
                   (formation->sector != NULL ? formation->sector : entry->pool->sector)->name,
                   formation->hidden ? _(" (hidden)") : "");
        }
    }
  return CLI_EXIT_OK;
}

/* sheet ADMIRAL: his muster sheet, filled with what he would start with now. */
static CliExit
sheet (AdmCampaign *campaign,
       const Typed *typed)
{
  CliExit exit_status = CLI_EXIT_OK;
  const AdmMusterEntry *entry = need_entry (campaign, typed->args[0], typed->json, &exit_status);
  g_autoptr(AdmMusterDraft) draft = NULL;
  g_autofree char *xml = NULL;
  GPtrArray *planned;

  if (entry == NULL)
    return exit_status;
  planned = entry->formations->len > 0 ? entry->formations : entry->defaults;
  draft = adm_muster_draft_new (entry->pool->admiral->id);
  for (guint i = 0; i < planned->len; i++)
    {
      const AdmMusterFormation *formation = g_ptr_array_index (planned, i);
      AdmMusterDraftFormation *out = adm_muster_draft_add (draft, formation->name,
                                                           formation->flagship->id,
                                                           formation->hidden);

      for (guint s = 0; s < formation->ships->len; s++)
        g_ptr_array_add (out->ships,
                         g_strdup (((const AdmShip *) g_ptr_array_index (formation->ships,
                                                                         s))->id));
      for (guint s = 0; s < formation->succession->len; s++)
        g_ptr_array_add (out->succession,
                         g_strdup (((const AdmShip *) g_ptr_array_index (formation->succession,
                                                                         s))->id));
    }
  xml = adm_muster_draft_to_xml (draft);
  g_print ("%s", xml);
  return CLI_EXIT_OK;
}

/* The events of a writing action, or NULL with the refusal in *@exit_status. */
static GPtrArray *
action_events (AdmCampaign *campaign,
               const Typed *typed,
               CliExit     *exit_status)
{
  GPtrArray *events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  gint64 now = adm_clock_now ();
  AdmEvent *event;

  if (g_str_equal (typed->action, "submit"))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *data = NULL;
      g_autofree char *display = g_filename_display_name (typed->args[0]);
      g_autoptr(AdmMusterDraft) draft = NULL;
      gsize length;

      data = adm_xml_read_bytes (typed->args[0], &length, &error);
      if (data != NULL)
        draft = adm_muster_draft_load (data, length, display, &error);
      /* Read back first, so that a refusal names the sheet's line (the journal's own check
       * follows, as for every action). */
      if (draft != NULL &&
          !adm_muster_check_draft (adm_state_get_muster (adm_campaign_get_state (campaign)),
                                   draft, &error))
        g_clear_pointer (&draft, adm_muster_draft_free);
      if (draft == NULL)
        {
          *exit_status = _cli_invalid (typed->json, "%s", error->message);
          g_ptr_array_unref (events);
          return NULL;
        }
      g_ptr_array_extend_and_steal (events, adm_muster_draft_events (draft, now));
      return events;
    }
  event = adm_event_new (g_str_equal (typed->action, "accept") ? "muster-accept"
                         : g_str_equal (typed->action, "return") ? "muster-return"
                         : g_str_equal (typed->action, "position") ? "muster-position"
                         : "muster-start", now);
  g_ptr_array_add (events, event);
  if (!g_str_equal (typed->action, "start"))
    adm_event_set (event, "admiral", typed->args[0]);
  if (g_str_equal (typed->action, "return"))
    adm_event_set (event, "reason", typed->reason);
  if (g_str_equal (typed->action, "position"))
    {
      adm_event_set (event, "formation", typed->args[1]);
      adm_event_set (event, "sector", typed->args[2]);
    }
  return events;
}

static CliExit
write_action (const char  *path,
              const Typed *typed)
{
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *action = NULL;
  CliExit exit_status;

  exit_status = open_for_writing (path, typed, &campaign);
  if (exit_status != CLI_EXIT_OK)
    return exit_status;
  display = g_filename_display_name (adm_campaign_get_path (campaign));
  events = action_events (campaign, typed, &exit_status);
  if (events == NULL)
    return exit_status;
  /* The campaign has its file: the action is saved, or nothing changes. */
  if (!adm_campaign_append_all (campaign, events, &error))
    return _cli_invalid (typed->json, _("Nothing was journaled: %s"), error->message);
  action = adm_campaign_describe_undo (campaign);
  if (typed->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      const char *admiral = adm_event_get (g_ptr_array_index (events, 0), "admiral");

      json_builder_begin_object (builder);
      _cli_add_string (builder, "muster", typed->action);
      _cli_add_string_or_null (builder, "admiral", admiral);
      _cli_add_string_or_null (builder, "action", action);
      _cli_add_string (builder, "campaign", display);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else
    /* Translators: "Adm. Aral Vorkosigan’s muster accepted: journaled in komarr.admiralty" */
    g_print (_("%s: journaled in %s\n"), action != NULL ? action : typed->action, display);
  return CLI_EXIT_OK;
}

/* How many arguments each action takes after it. */
static guint
n_arguments (const char *action)
{
  if (g_str_equal (action, "status") || g_str_equal (action, "start"))
    return 0;
  if (g_str_equal (action, "position"))
    return 3;
  return 1;
}

CliExit
_cli_muster_run (int    argc,
                 char **argv)
{
  const char *command = "muster";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *reason = NULL, *save = NULL, *as = NULL;
  gboolean json = FALSE;
  Typed typed = { NULL, };
  const GOptionEntry entries[] = {
    { "reason", 0, 0, G_OPTION_ARG_STRING, &reason,
      N_("Why the muster is returned: what the admiral is to change (return)"), N_("TEXT") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save,
      N_("CAMPAIGN is a scenario whose fleets are pools: start a new campaign, written here"),
      N_("FILE") },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as,
      N_("The muster as this admiral sees it: his own only (status); default the master's"),
      N_("ADMIRAL") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };
  guint given;

  context = _cli_context_new (command, _("CAMPAIGN.admiralty ACTION [ARGUMENTS…]"),
                              _("The muster before cycle 1 (F-GEN-5, F-GEN-6, F-GEN-7). Actions:\n"
                                "  status                    Who has mustered (--as ADMIRAL: "
                                "his own muster only)\n"
                                "  sheet ADMIRAL             Print his muster sheet, filled "
                                "with the formations he would start with\n"
                                "  submit SHEET.xml          Hand in an admiral’s muster "
                                "sheet\n"
                                "  accept ADMIRAL            Accept his muster\n"
                                "  return ADMIRAL --reason R Return it to be done again\n"
                                "  position ADMIRAL N SECTOR Set where his formation N "
                                "(its number, or the id it is made with) starts "
                                "(F-GEN-7)\n"
                                "  start                     End the muster and start cycle 1; "
                                "an admiral with no accepted muster gets the default "
                                "formations (ruling “muster-default”)\n"
                                "Each action but status and sheet is journaled in the "
                                "campaign and taken back by “admiralty-cli undo”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--reason", reason, FALSE) ||
      !_cli_check_value (command, "--as", as, FALSE) ||
      !_cli_check_value (command, "--save", save, FALSE))
    return CLI_EXIT_USAGE;
  if (args == NULL || args[0] == NULL)
    return _cli_usage_error (command, _("no campaign file given"));
  if (args[1] == NULL)
    return _cli_usage_error (command, _("no action given; the actions are status, sheet, "
                                        "submit, accept, return, position and start"));
  if (!g_strv_contains (actions, args[1]))
    return _cli_usage_error (command, _("unknown action “%s”; the actions are status, sheet, "
                                        "submit, accept, return, position and start"), args[1]);
  given = g_strv_length (args) - 2;
  if (given != n_arguments (args[1]))
    return _cli_usage_error (command, _("“%s” takes %u arguments after it, not %u"), args[1],
                             n_arguments (args[1]), given);
  if ((reason != NULL) != g_str_equal (args[1], "return"))
    return _cli_usage_error (command, reason != NULL
                                      ? _("--reason goes with return only")
                                      : _("no reason given; a muster is returned with "
                                          "--reason"));
  if (as != NULL && !g_str_equal (args[1], "status"))
    return _cli_usage_error (command, _("--as goes with status only"));
  if (save != NULL && (g_str_equal (args[1], "status") || g_str_equal (args[1], "sheet")))
    return _cli_usage_error (command, _("--save goes with an action that is journaled"));

  typed.action = args[1];
  typed.args = args + 2;
  typed.reason = reason;
  typed.save = save;
  typed.as = as;
  typed.json = json;
  if (g_str_equal (typed.action, "status") || g_str_equal (typed.action, "sheet"))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmCampaign) campaign = _cli_open_campaign (args[0], &error);

      if (campaign == NULL)
        return _cli_campaign_refused (args[0], json, CLI_BACKUP_IF_DAMAGED, error);
      return g_str_equal (typed.action, "status") ? status (campaign, &typed)
                                                  : sheet (campaign, &typed);
    }
  return write_action (args[0], &typed);
}
