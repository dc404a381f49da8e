/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-engagements.c: `admiralty-cli engagements CAMPAIGN [--cycle N] [--json]` — the
 * campaign's engagement queue (adm-engagement-queue.h): each engagement of the resolved
 * cycles in time order, with its id, minute, place, formations and status. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-engagement.h"

/* Through the --as filter: the formations the viewer knows of, in the engagement's order. */
static gboolean
shown (AdmStrategy     *strategy,
       const CliViewer *viewer,
       const char      *formation_id)
{
  const AdmFormation *formation = adm_strategy_lookup_formation (strategy, formation_id);

  if (viewer->master)
    return TRUE;
  return formation != NULL && _cli_viewer_sees (strategy, viewer, formation);
}

/* The status as the viewer may know it (adm_audience_engagement_status ()); @told is the
 * viewer's queue. */
static AdmEngagementStatus
status_of (const AdmQueuedEngagement *engagement,
           const CliViewer           *viewer,
           GPtrArray                 *told)
{
  return viewer->master ? engagement->status : adm_audience_engagement_status (engagement, told);
}

/* The same in words (adm_audience_describe_engagement_status ()). */
static char *
status_for (const AdmQueuedEngagement *engagement,
            const CliViewer           *viewer,
            GPtrArray                 *told)
{
  return viewer->master ? adm_queued_engagement_describe_status (engagement)
                        : adm_audience_describe_engagement_status (engagement, told);
}

static void
add_formations_json (JsonBuilder               *builder,
                     AdmCampaign               *campaign,
                     AdmStrategy               *strategy,
                     const AdmQueuedEngagement *engagement,
                     const CliViewer           *viewer)
{
  json_builder_set_member_name (builder, "formations");
  json_builder_begin_array (builder);
  for (guint i = 0; i < engagement->formation_ids->len; i++)
    {
      const char *id = g_ptr_array_index (engagement->formation_ids, i);
      const AdmFormation *formation = adm_strategy_lookup_formation (strategy, id);

      if (!shown (strategy, viewer, id))
        continue;
      json_builder_begin_object (builder);
      _cli_add_string (builder, "id", id);
      _cli_add_string (builder, "name", adm_strategy_formation_name (strategy, id));
      _cli_add_string (builder, "faction", formation != NULL ? formation->faction->id : "");
      /* F-STRAT-3: ship counts of the viewer's own side only; and whether it arrives or is
       * there from an earlier fight, which for another side's formation would tell of a
       * fight the viewer may not know, as the text's "there from an earlier fight" does not. */
      if (viewer->master ||
          (formation != NULL &&
           _cli_viewer_owns (adm_state_get_scenario (adm_campaign_get_state (campaign)), viewer,
                             formation)))
        {
          _cli_add_int (builder, "ships", formation != NULL ? formation->ships->len : 0);
          json_builder_set_member_name (builder, "arrives");
          json_builder_add_boolean_value (builder,
                                          g_ptr_array_find_with_equal_func (engagement->arriving,
                                                                            id, g_str_equal,
                                                                            NULL));
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
print_json (AdmCampaign     *campaign,
            GPtrArray       *queue,
            const CliViewer *viewer)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "engagements");
  json_builder_begin_array (builder);
  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      g_autofree char *place = adm_engagement_place_name (&engagement->engagement);
      g_autofree char *status = status_for (engagement, viewer, queue);

      json_builder_begin_object (builder);
      /* F-STRAT-3: the id's number counts the engagements a side is not told of too
       * (adm_audience_engagement_name ()); a side knows an engagement by cycle, minute and
       * place. */
      if (viewer->master)
        _cli_add_string (builder, "id", engagement->id);
      _cli_add_int (builder, "cycle", engagement->engagement.cycle);
      _cli_add_double (builder, "minute", engagement->engagement.minute);
      _cli_add_string (builder, "place", place);
      _cli_add_string_or_null (builder, "sector", engagement->engagement.sector != NULL
                                                  ? engagement->engagement.sector->id : NULL);
      _cli_add_string (builder, "status",
                       adm_engagement_status_to_string (status_of (engagement, viewer, queue)));
      _cli_add_string (builder, "status_text", status);
      if (engagement->table != NULL)
        _cli_add_string (builder, "table", engagement->table);
      if (engagement->status == ADM_ENGAGEMENT_IN_PROGRESS)
        _cli_add_int (builder, "turn", engagement->turn);
      if (engagement->ending != NULL)
        {
          _cli_add_int (builder, "ended_turn", engagement->ending->turn);
          _cli_add_string (builder, "reason",
                           engagement->ending->reason != NULL ? engagement->ending->reason : "");
        }
      add_formations_json (builder, campaign, strategy, engagement, viewer);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

static void
print_text (AdmCampaign     *campaign,
            GPtrArray       *queue,
            const CliViewer *viewer)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));

  if (queue->len == 0)
    {
      g_print (_("No engagements: no resolved cycle has brought enemies together.\n"));
      return;
    }
  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      g_autofree char *place = adm_engagement_place_name (&engagement->engagement);
      g_autofree char *status = status_for (engagement, viewer, queue);

      if (viewer->master)
        /* Translators: "c1-2  cycle 1, minute 20, Pol orbit — Not fought" */
        g_print (_("%s  cycle %u, minute %.0f, %s — %s\n"), engagement->id,
                 engagement->engagement.cycle, engagement->engagement.minute, place, status);
      else
        /* F-STRAT-3: without the id (adm_audience_engagement_name ()); Translators: "cycle
         * 1, minute 20, Pol orbit — Not fought" */
        g_print (_("cycle %u, minute %.0f, %s — %s\n"), engagement->engagement.cycle,
                 engagement->engagement.minute, place, status);
      for (guint f = 0; f < engagement->formation_ids->len; f++)
        {
          const char *id = g_ptr_array_index (engagement->formation_ids, f);
          const AdmFormation *formation = adm_strategy_lookup_formation (strategy, id);
          gboolean arrives = g_ptr_array_find_with_equal_func (engagement->arriving, id,
                                                               g_str_equal, NULL);

          if (!viewer->master && (formation == NULL || !shown (strategy, viewer, id)))
            continue;
          if (formation == NULL || formation->ships->len == 0)
            /* Translators: a formation of an engagement with nothing left: "    Pol Escort
             * Group: nothing left" */
            g_print (_("    %s: nothing left\n"), adm_strategy_formation_name (strategy, id));
          else if (viewer->master ||
                   _cli_viewer_owns (adm_campaign_get_scenario (campaign), viewer, formation))
            /* Translators: "    Jade Squadron (Cetagandan Empire), 4 ships, arrives" */
            g_print (_("    %s (%s), %u ship(s)%s\n"), formation->name, formation->faction->name,
                     formation->ships->len,
                     arrives || engagement->number == 0 ? "" : _(", there from an earlier fight"));
          else
            /* F-STRAT-3: an enemy's strength is not told to a side that has not observed it;
             * Translators: "    Jade Squadron (Cetagandan Empire)" */
            g_print (_("    %s (%s)\n"), formation->name, formation->faction->name);
        }
      if (engagement->ending != NULL && engagement->ending->reason != NULL)
        g_print (_("    Ended: %s\n"), engagement->ending->reason);
    }
}

CliExit
_cli_engagements_run (int    argc,
                      char **argv)
{
  const char *command = "engagements";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  g_autofree char *cycle_text = NULL, *as_text = NULL, *message = NULL;
  CliViewer viewer;
  gboolean json = FALSE;
  guint cycle = 0;
  const GOptionEntry entries[] = {
    { "cycle", 0, 0, G_OPTION_ARG_STRING, &cycle_text,
      N_("Only the engagements of this cycle (default: every resolved cycle)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"engagements\": [{\"id\", \"cycle\", \"minute\", \"place\", \"sector\", "
         "\"status\", \"status_text\", \"formations\"}]} as JSON (\"id\" in the master's "
         "view only)"), NULL },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as_text,
      N_("The queue as an admiral, a faction or the public may see it: only the engagements "
         "its formations fought in (the public: those of formations it knows of), and in each "
         "only the formations it knows of (F-STRAT-3), without ids; default the master's"),
      N_("WHO") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty"),
                              _("Lists the engagements of a campaign's resolved cycles in time "
                                "order (F-STRAT-4): id, minute, place, formations and status — "
                                "not fought, waiting for an earlier engagement of one of its "
                                "formations, in progress (turn and phase), finished with its "
                                "results applied, or dropped when fewer than two sides have "
                                "anything left. Fight one with “admiralty-cli battle CAMPAIGN "
                                "--engagement ID”."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_value (command, "--cycle", cycle_text, FALSE) ||
      !_cli_check_value (command, "--as", as_text, FALSE))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, files, _("unexpected argument “%s”; give one campaign file"),
                             _("no campaign file given"), NULL))
    return CLI_EXIT_USAGE;
  if (!_cli_parse_cycle (cycle_text, &cycle))
    return _cli_invalid (json, _("--cycle “%s” is not a cycle; give a whole number from 1"),
                         cycle_text);

  campaign = _cli_open_campaign (files[0], &error);
  if (campaign == NULL)
    return _cli_invalid (json, "%s", error->message);
  if (cycle > 0 &&
      cycle >= adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (campaign))))
    return _cli_invalid (json, _("cycle %s is not resolved yet"), cycle_text);
  if (!_cli_parse_viewer (adm_campaign_get_scenario (campaign), as_text, &viewer, &message))
    return _cli_usage_error (command, "%s", message);
  queue = adm_campaign_get_engagements (campaign, cycle);
  /* F-STRAT-3: a side hears of the engagements its own formations fought in. */
  if (!viewer.master)
    adm_audience_filter_engagements (adm_state_get_strategy (adm_campaign_get_state (campaign)),
                                     adm_campaign_get_scenario (campaign), viewer.faction, queue);
  if (json)
    print_json (campaign, queue, &viewer);
  else
    print_text (campaign, queue, &viewer);
  return CLI_EXIT_OK;
}
