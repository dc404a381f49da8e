/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-cycle.c: `admiralty-cli cycle …` — one strategic cycle resolved headless (F-STRAT-1,
 * F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5): the admirals' order sheets read all or nothing,
 * their events and one "cycle" event appended to the campaign's journal, the campaign saved once,
 * atomically, and the master's summary and the engagements opened (F-STRAT-4) printed with each
 * formation's placement (F-STRAT-15). The master's readiness checks for absent admirals' formations
 * (F-STRAT-5) are rolled from --seed N, or the campaign's own generator, and journaled with the
 * cycle. A refused sheet or cycle changes no file. */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"
#include "adm-engagement.h"
#include "adm-order-sheet.h"

/* Engagement minutes are fractions of a link (13⅓); three decimals keep the JSON tidy. */
static double
tidy (double value)
{
  return round (value * 1000.0) / 1000.0;
}

/* Opens @path, a saved campaign or a scenario; a damaged campaign names its newest good
 * backup. The working copy has no file, so that the appends below do not autosave one by one:
 * the campaign is written once, whole, when the cycle is resolved. */
static CliExit
open_campaign (const char   *path,
               const char   *seed_text,
               guint64       seed,
               gboolean      json,
               AdmCampaign **campaign,
               gboolean     *is_campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) opened = _cli_open_campaign (path, &error);
  g_autofree char *data = NULL;
  gsize length;

  if (opened == NULL)
    return _cli_campaign_refused (path, json, CLI_BACKUP_IF_DAMAGED_OR_GONE, error);
  /* adm_campaign_open () gives a scenario no file: it only starts a campaign. */
  *is_campaign = adm_campaign_get_path (opened) != NULL;
  /* A new campaign started with --seed takes it for its own generator too, so that a script
   * gives the same campaign file every time (with SOURCE_DATE_EPOCH for the times). */
  if (!*is_campaign && seed_text != NULL)
    {
      AdmCampaign *seeded = adm_campaign_new (adm_campaign_get_scenario (opened), seed);

      g_object_unref (opened);
      opened = seeded;
    }
  data = adm_campaign_serialize (opened, &length);
  *campaign = adm_campaign_load_memory (data, length, path, &error);
  if (*campaign == NULL)
    return _cli_invalid (json, "%s", error->message);
  /* Its one save keeps the cycle's checkpoint, as the app's autosave does. */
  _cli_watch_checkpoints (*campaign);
  return CLI_EXIT_OK;
}

/* Reads every sheet against the state before any is appended (all or nothing): a refused
 * sheet reads "FILE:LINE: problem". */
static CliExit
load_sheets (AdmCampaign  *campaign,
             char        **sheet_paths,
             gint64        now,
             gboolean      json,
             GPtrArray    *events)
{
  AdmState *state = adm_campaign_get_state (campaign);

  for (guint i = 0; sheet_paths[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) sheet = adm_order_sheet_load_file (sheet_paths[i], state, now, &error);

      if (sheet == NULL)
        return _cli_invalid (json, "%s", error->message);
      for (guint e = 0; e < sheet->len; e++)
        g_ptr_array_add (events, adm_event_ref (g_ptr_array_index (sheet, e)));
    }
  return CLI_EXIT_OK;
}

/* Appends the sheets' events to the working copy, resolves the cycle with its F-STRAT-5 checks
 * (adm_campaign_resolve_cycle_dropping ()), then saves it. The engagements not fought yet are
 * refused by name unless --drop-unfought gives the reason to drop each of them. */
static CliExit
resolve_and_save (AdmCampaign   *campaign,
                  GPtrArray     *events,
                  AdmDiceSource *dice,
                  guint          cycle,
                  gint64         now,
                  const char    *drop_reason,
                  const char    *save_path,
                  gboolean       json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);
  g_autoptr(GHashTable) drops = g_hash_table_new (g_str_hash, g_str_equal);

  if (unfought->len > 0 && drop_reason == NULL)
    {
      g_autoptr(GString) named = g_string_new (NULL);

      for (guint i = 0; i < unfought->len; i++)
        {
          AdmQueuedEngagement *engagement = g_ptr_array_index (unfought, i);
          g_autofree char *status = adm_queued_engagement_describe_status (engagement);

          g_string_append_printf (named, "%s%s (%s)", i > 0 ? ", " : "", engagement->id, status);
        }
      return _cli_invalid (json, ngettext ("Cycle %u was refused, nothing of it saved: the "
                                           "engagement %s is not fought; fight it (battle "
                                           "--engagement ID) or drop it with --drop-unfought "
                                           "REASON",
                                           "Cycle %u was refused, nothing of it saved: the "
                                           "engagements %s are not fought; fight them (battle "
                                           "--engagement ID) or drop them with --drop-unfought "
                                           "REASON", unfought->len), cycle, named->str);
    }
  for (guint i = 0; i < unfought->len; i++)
    g_hash_table_insert (drops, ((AdmQueuedEngagement *) g_ptr_array_index (unfought, i))->id,
                         (gpointer) drop_reason);
  if (!adm_campaign_append_all (campaign, events, &error))
    return _cli_invalid (json, _("Cycle %u was refused, nothing of it saved: %s"), cycle,
                         error->message);
  if (!adm_campaign_resolve_cycle_dropping (campaign, dice, now, drops, &error))
    return _cli_invalid (json, _("Cycle %u was refused, nothing of it saved: %s"), cycle,
                         error->message);
  if (!adm_campaign_save (campaign, save_path, &error))
    return _cli_invalid (json, "%s", error->message);
  return CLI_EXIT_OK;
}

static char *
engagement_place (const AdmEngagement *engagement)
{
  if (engagement->sector != NULL)
    return g_strdup (engagement->sector->name);
  return g_strdup_printf ("%s – %s", engagement->from->name, engagement->to->name);
}

static char *
formation_names (const AdmEngagement *engagement)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);

      g_string_append_printf (names, "%s%s (%s)", f > 0 ? ", " : "", formation->name,
                              formation->faction->name);
    }
  return g_strdup (names->str);
}

/* The engaged formations with an F-STRAT-5 check, each once, in the order of the engagements
 * (const AdmFormation*, borrowed). */
static GPtrArray *
checked_formations (AdmState  *state,
                    GPtrArray *engagements)
{
  GPtrArray *formations = g_ptr_array_new ();

  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (engagements, i);

      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);

          if (adm_state_get_cycle_check (state, engagement->cycle, formation->id) != NULL &&
              !g_ptr_array_find (formations, formation, NULL))
            g_ptr_array_add (formations, (gpointer) formation);
        }
    }
  return formations;
}

/* F-STRAT-5: the master's readiness checks for the absent admirals' formations. */
static void
print_checks (AdmState  *state,
              guint      cycle,
              GPtrArray *engagements)
{
  g_autoptr(GPtrArray) formations = checked_formations (state, engagements);

  g_print (_("\nReadiness checks for absent admirals (F-STRAT-5)\n"));
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmCycleCheck *check = adm_state_get_cycle_check (state, cycle, formation->id);

      /* Translators: "  Jade Squadron: 3 + 4 = 7 against readiness 7, passed" */
      g_print (_("  %s: %u + %u = %u against readiness %d, %s\n"), formation->name,
               check->dice[0], check->dice[1], check->dice[0] + check->dice[1],
               check->readiness, check->passed ? _("passed") : _("failed"));
    }
  if (formations->len == 0)
    g_print (_("  none\n"));
}

/* F-STRAT-15: each engaged formation's placement and why. */
static void
print_placements (AdmState            *state,
                  const AdmEngagement *engagement)
{
  g_autoptr(GPtrArray) placements = adm_engagement_placements (state, engagement);

  for (guint i = 0; i < placements->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, i);

      /* Translators: "    Jade Squadron: Attack formation (ordered to attack)" */
      g_print (_("    %s: %s (%s)\n"), entry->formation->name, entry->placement->name,
               entry->reason);
    }
}

/* The formations in being (F-STRAT-17): those formed by orders too, and none disbanded or
 * merged away. */
static void
print_positions (AdmStrategy *strategy)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy);

  g_print (_("\nPositions\n"));
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (strategy, formation->id);

      if (pos->towards == NULL)
        g_print (_("  %s: %s\n"), formation->name, pos->sector->name);
      else
        g_print (_("  %s: from %s to %s, %.0f of %.0f minutes done\n"), formation->name,
                 pos->sector->name, pos->towards->name, pos->spent, pos->leg);
    }
}

static void
print_text (AdmCampaign *campaign,
            guint        cycle,
            const char  *saved)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (strategy, cycle);
  g_autofree char *summary = adm_strategy_summary (strategy, cycle, NULL);
  g_autofree char *display = g_filename_display_name (saved);

  g_print ("%s", summary);
  g_print (_("\nEngagements\n"));
  if (engagements->len == 0)
    g_print (_("  none\n"));
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (engagements, i);
      g_autofree char *place = engagement_place (engagement);
      g_autofree char *names = formation_names (engagement);

      /* Translators: "Pol orbit at minute 20: First Destroyer Flotilla (Barrayar), …" */
      g_print (_("  %s at minute %.0f: %s\n"), place, engagement->minute, names);
      print_placements (adm_campaign_get_state (campaign), engagement);
    }
  print_checks (adm_campaign_get_state (campaign), cycle, engagements);
  print_positions (strategy);
  g_print (_("\nSaved to %s\n"), display);
}

/* [{"formation", "placement", "reason_id", "reason"}]: "reason_id" for scripts, "reason" the
 * English text (--json runs untranslated, admiralty-cli.c). */

static void
add_placements_json (JsonBuilder         *builder,
                     AdmState            *state,
                     const AdmEngagement *engagement,
                     const CliViewer        *viewer)
{
  g_autoptr(GPtrArray) placements = adm_engagement_placements (state, engagement);

  json_builder_set_member_name (builder, "placements");
  json_builder_begin_array (builder);
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, i);

      /* A placement follows from the formation's orders: its own side's to know. */
      if (!_cli_viewer_owns (adm_state_get_scenario (state), viewer, entry->formation))
        continue;

      json_builder_begin_object (builder);
      _cli_add_string (builder, "formation", entry->formation->id);
      _cli_add_string (builder, "placement", entry->placement->id);
      _cli_add_string (builder, "reason_id", entry->reason_id);
      _cli_add_string (builder, "reason", entry->reason);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* [{"formation", "dice": [d, d], "readiness", "passed"}] for the cycle's F-STRAT-5 checks. */
static void
add_checks_json (JsonBuilder  *builder,
                 AdmState     *state,
                 guint         cycle,
                 GPtrArray    *engagements,
                 const CliViewer *viewer)
{
  g_autoptr(GPtrArray) formations = checked_formations (state, engagements);

  json_builder_set_member_name (builder, "checks");
  json_builder_begin_array (builder);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmCycleCheck *check = adm_state_get_cycle_check (state, cycle, formation->id);

      if (!_cli_viewer_owns (adm_state_get_scenario (state), viewer, formation))
        continue;

      json_builder_begin_object (builder);
      _cli_add_string (builder, "formation", formation->id);
      json_builder_set_member_name (builder, "dice");
      json_builder_begin_array (builder);
      json_builder_add_int_value (builder, check->dice[0]);
      json_builder_add_int_value (builder, check->dice[1]);
      json_builder_end_array (builder);
      _cli_add_int (builder, "readiness", check->readiness);
      json_builder_set_member_name (builder, "passed");
      json_builder_add_boolean_value (builder, check->passed);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}


static void
add_engagements_json (JsonBuilder  *builder,
                      AdmState     *state,
                      GPtrArray    *engagements,
                      const CliViewer *viewer)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);

  json_builder_set_member_name (builder, "engagements");
  json_builder_begin_array (builder);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (engagements, i);
      g_autofree char *link = NULL;

      if (!_cli_viewer_knows_engagement (state, viewer, engagement))
        continue;
      json_builder_begin_object (builder);
      /* A sector's id, or a link as its two sector ids, space-separated like a route. */
      if (engagement->sector == NULL)
        link = g_strdup_printf ("%s %s", engagement->from->id, engagement->to->id);
      _cli_add_string (builder, "place", link != NULL ? link : engagement->sector->id);
      _cli_add_double (builder, "minute", tidy (engagement->minute));
      json_builder_set_member_name (builder, "formations");
      json_builder_begin_array (builder);
      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);

          /* A hidden formation the viewer does not know of is not named. */
          if (_cli_viewer_sees (strategy, viewer, formation))
            json_builder_add_string_value (builder, formation->id);
        }
      json_builder_end_array (builder);
      add_placements_json (builder, state, engagement, viewer);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* [{"formation", "sector" | "from", "to", "minutes", "leg"}] of the formations in being
 * (F-STRAT-17) that @viewer knows of. */
static void
add_positions_json (JsonBuilder  *builder,
                    AdmStrategy  *strategy,
                    const CliViewer *viewer)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy);

  json_builder_set_member_name (builder, "positions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (strategy, formation->id);

      if (pos == NULL || !_cli_viewer_sees (strategy, viewer, formation))
        continue;

      json_builder_begin_object (builder);
      _cli_add_string (builder, "formation", formation->id);
      if (pos->towards == NULL)
        _cli_add_string (builder, "sector", pos->sector->id);
      else
        {
          _cli_add_string (builder, "from", pos->sector->id);
          _cli_add_string (builder, "to", pos->towards->id);
          _cli_add_double (builder, "minutes", tidy (pos->spent));
          _cli_add_double (builder, "leg", tidy (pos->leg));
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* [{"formation", "sector" | "from" and "to", "cycle", "ships"}]: the hidden enemies a side
 * knows only as last seen (F-STRAT-3), where and when it saw them; only for a side. */
static void
add_last_seen_json (JsonBuilder  *builder,
                    AdmStrategy  *strategy,
                    const CliViewer *viewer)
{
  g_autoptr(GPtrArray) seen = NULL;

  if (viewer->master || viewer->faction == NULL)
    return;
  seen = adm_audience_last_seen (strategy, ADM_AUDIENCE_SIDE, viewer->faction);
  json_builder_set_member_name (builder, "last_seen");
  json_builder_begin_array (builder);
  for (guint i = 0; i < seen->len; i++)
    {
      const AdmSighting *sighting = g_ptr_array_index (seen, i);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "formation", sighting->formation->id);
      if (sighting->towards == NULL)
        _cli_add_string (builder, "sector", sighting->sector->id);
      else
        {
          _cli_add_string (builder, "from", sighting->sector->id);
          _cli_add_string (builder, "to", sighting->towards->id);
        }
      _cli_add_int (builder, "cycle", sighting->cycle);
      _cli_add_int (builder, "ships", sighting->ships);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

/* The cycle's summary as the viewer may read it: the master's, an admiral's own, each admiral
 * of a faction's one after the other; none for the public. */
static char *
viewer_summary (AdmCampaign  *campaign,
                AdmStrategy  *strategy,
                guint         cycle,
                const CliViewer *viewer)
{
  GPtrArray *admirals = adm_campaign_get_admirals (campaign);
  GString *text = g_string_new (NULL);

  if (viewer->master || viewer->admiral != NULL)
    {
      g_autofree char *summary = adm_strategy_summary (strategy, cycle, viewer->admiral);

      g_string_append (text, summary);
    }
  else if (viewer->faction != NULL)
    for (guint i = 0; i < admirals->len; i++)
      {
        const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);
        g_autofree char *summary = NULL;

        if (admiral->faction != viewer->faction)
          continue;
        summary = adm_strategy_summary (strategy, cycle, admiral->id);
        g_string_append (text, summary);
      }
  return g_string_free (text, FALSE);
}

static void
print_json (AdmCampaign  *campaign,
            guint         cycle,
            const char   *saved,
            const char   *as_text,
            const CliViewer *viewer)
{
  AdmState *state = adm_campaign_get_state (campaign);
  AdmStrategy *strategy = adm_state_get_strategy (state);
  g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (strategy, cycle);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *summary = viewer_summary (campaign, strategy, cycle, viewer);
  g_auto(GStrv) lines = g_strsplit (g_strchomp (summary), "\n", -1);
  g_autofree char *display = g_filename_display_name (saved);

  json_builder_begin_object (builder);
  _cli_add_int (builder, "cycle", cycle);
  _cli_add_string (builder, "saved", display);
  /* --as: who this picture is for. */
  if (as_text != NULL)
    _cli_add_string (builder, "as", as_text);
  add_engagements_json (builder, state, engagements, viewer);
  add_checks_json (builder, state, cycle, engagements, viewer);
  json_builder_set_member_name (builder, "summary");
  json_builder_begin_array (builder);
  for (guint i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      json_builder_add_string_value (builder, lines[i]);
  json_builder_end_array (builder);
  add_positions_json (builder, strategy, viewer);
  add_last_seen_json (builder, strategy, viewer);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

/* Checks the arguments; the campaign is the one file, the sheets come with --orders. */
static gboolean
check_usage (const char  *command,
             char       **files,
             char       **sheets,
             const char  *save_path)
{
  if (!_cli_check_value (command, "--save", save_path, FALSE))
    return FALSE;
  if (!_cli_check_arguments (command, files,
                             _("unexpected argument “%s”; give one campaign file and each order "
                               "sheet after --orders"),
                             _("no campaign file given"), NULL))
    return FALSE;
  for (guint i = 0; sheets != NULL && sheets[i] != NULL; i++)
    if (!_cli_check_value (command, "--orders", sheets[i], TRUE))
      return FALSE;
  return TRUE;
}

/* GOption takes one value per --orders; "--orders A.xml B.xml" puts B.xml among the remaining
 * arguments. Every argument after the first that is not an option is taken as a sheet. */
static void
split_remaining (char      ***files,
                 GPtrArray   *sheets)
{
  if (*files == NULL || (*files)[0] == NULL || (*files)[1] == NULL || sheets->len == 0)
    return;
  /* The sheets move over to @sheets; the campaign stays alone in @files. */
  for (guint i = 1; (*files)[i] != NULL; i++)
    {
      g_ptr_array_add (sheets, (*files)[i]);
      (*files)[i] = NULL;
    }
}

CliExit
_cli_cycle_run (int    argc,
                char **argv)
{
  const char *command = "cycle";
  g_autoptr(AdmFileLock) lock = NULL;
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GPtrArray) sheets = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) files = NULL, sheet_args = NULL;
  g_autofree char *save_path = NULL, *seed_text = NULL, *as_text = NULL, *drop_reason = NULL;
  g_autoptr(AdmDicePrng) seeded = NULL;
  CliViewer viewer;
  gboolean json = FALSE, is_campaign = FALSE;
  guint64 seed = 0;
  gint64 now = adm_clock_now ();
  const char *target;
  CliExit status;
  guint cycle;
  const GOptionEntry entries[] = {
    { "orders", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &sheet_args,
      N_("Order sheets for this cycle (order-sheet.rng), one or more after it; may be "
         "repeated. An admiral with no sheet keeps his standing orders"), N_("SHEET.xml…") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save_path,
      N_("Write the campaign here: required when CAMPAIGN is a scenario; default for a saved "
         "campaign, its own file"), N_("FILE") },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed the master's readiness checks for absent admirals (F-STRAT-5); default, the "
         "campaign's own generator"), N_("N") },
    { "drop-unfought", 0, 0, G_OPTION_ARG_STRING, &drop_reason,
      N_("Drop every engagement not fought yet (not fought, waiting, or in progress here or at "
         "another table) with this reason, journaled with the cycle; without it the cycle is "
         "refused while any is left"), N_("REASON") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"cycle\", \"saved\", \"engagements\" (with \"placements\"), \"checks\", "
         "\"summary\", \"positions\"} as JSON"),
      NULL },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as_text,
      N_("With --json: the picture as an admiral, a faction or the public may see it — "
         "engagements, placements, checks, summary and positions of only what that side knows "
         "(F-STRAT-3), and for a side \"last_seen\": the hidden enemies it knows only as last "
         "seen; default the master's"), N_("WHO") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("CAMPAIGN.admiralty --orders SHEET.xml… [--seed N]"),
                              _("Resolves one strategic cycle (F-STRAT-1, F-STRAT-2, "
                                "F-STRAT-3, F-STRAT-4, F-STRAT-5): reads the admirals' order "
                                "sheets, all or nothing (a refused sheet is "
                                "printed as FILE:LINE: problem and changes no file), moves the "
                                "formations, opens engagements where enemies meet (F-STRAT-4), "
                                "rolls the master's readiness checks for engaged formations of "
                                "admirals who sent no sheet (F-STRAT-5; --seed N makes them "
                                "reproducible), prints each engaged formation's placement "
                                "(F-STRAT-15), appends the sheets and the cycle with its checks "
                                "to the campaign's journal and saves it atomically, keeping "
                                "backups. A saved campaign is written back to its own file; a "
                                "scenario starts a new campaign, written to --save FILE."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  for (guint i = 0; sheet_args != NULL && sheet_args[i] != NULL; i++)
    g_ptr_array_add (sheets, g_strdup (sheet_args[i]));
  split_remaining (&files, sheets);
  g_ptr_array_add (sheets, NULL);
  if (!check_usage (command, files, (char **) sheets->pdata, save_path))
    return CLI_EXIT_USAGE;
  if (seed_text != NULL)
    {
      g_autofree char *message = _cli_parse_seed ("--seed", seed_text, &seed);

      if (message != NULL)
        return _cli_usage_error (command, "%s", message);
      seeded = adm_dice_prng_new (seed);
    }

  if (!_cli_check_value (command, "--as", as_text, FALSE) ||
      !_cli_check_value (command, "--drop-unfought", drop_reason, FALSE))
    return CLI_EXIT_USAGE;
  if (as_text != NULL && !json)
    return _cli_usage_error (command, _("--as goes with --json"));

  /* One writer at a time: the file written is locked before anything is read
   * (adm_file_lock ()). */
  {
    g_autoptr(GError) error = NULL;

    lock = adm_file_lock (save_path != NULL ? save_path : files[0], &error);
    if (lock == NULL)
      {
        g_autofree char *display = g_filename_display_name (save_path != NULL ? save_path
                                                                              : files[0]);

        return _cli_invalid (json, _("Cannot write %s: %s"), display, error->message);
      }
  }
  status = open_campaign (files[0], seed_text, seed, json, &campaign, &is_campaign);
  if (status != CLI_EXIT_OK)
    return status;
  {
    g_autofree char *message = NULL;

    if (!_cli_parse_viewer (adm_campaign_get_scenario (campaign), as_text, &viewer, &message))
      return _cli_usage_error (command, "%s", message);
  }
  if (!is_campaign && save_path == NULL)
    return _cli_usage_error (command, _("%s is a scenario: it starts a new campaign; give "
                                        "--save FILE for it"), files[0]);
  target = save_path != NULL ? save_path : files[0];
  cycle = adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (campaign)));
  status = load_sheets (campaign, (char **) sheets->pdata, now, json, events);
  if (status == CLI_EXIT_OK)
    status = resolve_and_save (campaign, events,
                               seeded != NULL ? ADM_DICE_SOURCE (seeded) : NULL, cycle, now,
                               drop_reason, target, json);
  if (status != CLI_EXIT_OK)
    return status;

  if (json)
    print_json (campaign, cycle, target, as_text, &viewer);
  else
    print_text (campaign, cycle, target);
  return CLI_EXIT_OK;
}
