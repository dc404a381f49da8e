/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-correct.c: `admiralty-cli correct CAMPAIGN KIND [options] --reason R` — the master's
 * corrections (adm-correction.h): what the story changes outside the rules, each one action
 * journaled in the saved campaign with his reason (docs/formats.md), written once,
 * atomically, with its backups rotated; `admiralty-cli undo` takes it back and `redo` brings
 * it again. A refused correction names the problem and changes no file. */

#include "config.h"

#include <glib/gi18n.h>

#include "cli-private.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"
#include "adm-correction.h"

/* What was typed after the kind. */
typedef struct {
  char **ships;
  char  *name;
  char  *faction;
  char  *formation_name;
  gboolean hidden;
  gboolean revealed;
  char  *cycle;
  char  *minute;
  char  *formation;
  char  *admiral;
  char  *successor;
  char  *station;
  char  *owner;
  char  *damage;
  gboolean destroyed;
  char  *sector;
  char  *hull;
  char  *criticals;
  char  *readiness;
  char  *points;
  char  *reason;
} Typed;

static void
typed_clear (Typed *typed)
{
  g_strfreev (typed->ships);
  g_free (typed->name);
  g_free (typed->faction);
  g_free (typed->formation_name);
  g_free (typed->cycle);
  g_free (typed->minute);
  g_free (typed->formation);
  g_free (typed->admiral);
  g_free (typed->successor);
  g_free (typed->station);
  g_free (typed->owner);
  g_free (typed->damage);
  g_free (typed->sector);
  g_free (typed->hull);
  g_free (typed->criticals);
  g_free (typed->readiness);
  g_free (typed->points);
  g_free (typed->reason);
}

#define KIND(k) (1u << (k))

/* The options each kind takes, beside --reason and --json: any other is refused by name, so
 * that a correction never silently ignores what the master typed. */
static const struct {
  const char *option;
  guint       kinds;
} takes[] = {
  { "--ship", KIND (ADM_CORRECTION_REMOVE_SHIP) | KIND (ADM_CORRECTION_HAND_OVER) |
              KIND (ADM_CORRECTION_REPAIR) | KIND (ADM_CORRECTION_DAMAGE) |
              KIND (ADM_CORRECTION_READINESS) | KIND (ADM_CORRECTION_ADD_SHIP) |
              KIND (ADM_CORRECTION_ADD_FORMATION) | KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--formation", KIND (ADM_CORRECTION_HAND_OVER) | KIND (ADM_CORRECTION_MOVE) |
                   KIND (ADM_CORRECTION_ADD_SHIP) },
  { "--admiral", KIND (ADM_CORRECTION_HAND_OVER) | KIND (ADM_CORRECTION_ADD_FORMATION) |
                 KIND (ADM_CORRECTION_RETIRE_ADMIRAL) | KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--sector", KIND (ADM_CORRECTION_MOVE) | KIND (ADM_CORRECTION_ADD_FORMATION) |
                KIND (ADM_CORRECTION_STATION) | KIND (ADM_CORRECTION_MINEFIELD) |
                KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--hull", KIND (ADM_CORRECTION_REPAIR) },
  { "--criticals", KIND (ADM_CORRECTION_REPAIR) },
  { "--readiness", KIND (ADM_CORRECTION_REPAIR) | KIND (ADM_CORRECTION_READINESS) },
  { "--points", KIND (ADM_CORRECTION_DAMAGE) },
  { "--name", KIND (ADM_CORRECTION_ADD_FORMATION) | KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--hidden", KIND (ADM_CORRECTION_ADD_FORMATION) | KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--revealed", KIND (ADM_CORRECTION_ADD_FORMATION) | KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--cycle", KIND (ADM_CORRECTION_ADD_FORMATION) | KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--minute", KIND (ADM_CORRECTION_ADD_FORMATION) | KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--successor", KIND (ADM_CORRECTION_RETIRE_ADMIRAL) },
  { "--station", KIND (ADM_CORRECTION_STATION) },
  { "--owner", KIND (ADM_CORRECTION_STATION) },
  { "--damage", KIND (ADM_CORRECTION_STATION) },
  { "--destroyed", KIND (ADM_CORRECTION_STATION) },
  { "--faction", KIND (ADM_CORRECTION_ADD_ADMIRAL) },
  { "--formation-name", KIND (ADM_CORRECTION_ADD_ADMIRAL) },
};

static const void *
typed_value (const Typed *typed,
             const char  *option)
{
  const void *values[] = { typed->ships, typed->formation, typed->admiral, typed->sector,
                           typed->hull, typed->criticals, typed->readiness, typed->points,
                           typed->name, typed->hidden ? "" : NULL,
                           typed->revealed ? "" : NULL, typed->cycle, typed->minute,
                           typed->successor, typed->station, typed->owner, typed->damage,
                           typed->destroyed ? "" : NULL, typed->faction,
                           typed->formation_name };

  G_STATIC_ASSERT (G_N_ELEMENTS (values) == G_N_ELEMENTS (takes));

  for (guint i = 0; i < G_N_ELEMENTS (takes); i++)
    if (g_str_equal (takes[i].option, option))
      return values[i];
  g_return_val_if_reached (NULL);
}

/* Whether every option given applies to @kind, and one ship at most was named. */
static gboolean
check_options (AdmCorrectionKind  kind,
               const Typed       *typed)
{
  const char *name = adm_correction_kind_to_string (kind);

  for (guint i = 0; i < G_N_ELEMENTS (takes); i++)
    if (typed_value (typed, takes[i].option) != NULL && (takes[i].kinds & KIND (kind)) == 0)
      {
        /* Translators: "correct: --hull does not apply to a move correction" */
        _cli_usage_error ("correct", _("%s does not apply to a %s correction"), takes[i].option,
                          name);
        return FALSE;
      }
  if (typed->ships != NULL && g_strv_length (typed->ships) > 1 &&
      kind != ADM_CORRECTION_ADD_SHIP && kind != ADM_CORRECTION_ADD_FORMATION &&
      kind != ADM_CORRECTION_ADD_ADMIRAL)
    {
      _cli_usage_error ("correct", _("a %s correction names one ship; --ship was given %u "
                                     "times"), name, g_strv_length (typed->ships));
      return FALSE;
    }
  if (typed->reason == NULL)
    {
      _cli_usage_error ("correct", _("no reason given; every correction says why, with "
                                     "--reason"));
      return FALSE;
    }
  return TRUE;
}

static CliExit
correct (const char        *path,
         AdmCorrectionKind  kind,
         const Typed       *typed,
         gboolean           json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *action = NULL;
  AdmCorrection correction = {
    .kind = kind,
    .ship = typed->ships != NULL && kind != ADM_CORRECTION_ADD_SHIP &&
            kind != ADM_CORRECTION_ADD_FORMATION && kind != ADM_CORRECTION_ADD_ADMIRAL
            ? typed->ships[0] : NULL,
    .new_ships = kind == ADM_CORRECTION_ADD_SHIP || kind == ADM_CORRECTION_ADD_FORMATION ||
                 kind == ADM_CORRECTION_ADD_ADMIRAL
                 ? (const char *const *) typed->ships : NULL,
    .name = typed->name,
    .faction = typed->faction,
    .formation_name = typed->formation_name,
    .hidden = typed->hidden,
    .revealed = typed->revealed,
    .cycle = typed->cycle,
    .minute = typed->minute,
    .formation = typed->formation,
    .admiral = typed->admiral,
    .successor = typed->successor,
    .station = typed->station,
    .owner = typed->owner,
    .damage = typed->damage,
    .destroyed = typed->destroyed,
    .sector = typed->sector,
    .hull = typed->hull,
    .criticals = typed->criticals,
    .readiness = typed->readiness,
    .points = typed->points,
    .reason = typed->reason,
  };
  CliExit status;

  status = _cli_open_saved_campaign (path, json, CLI_BACKUP_IF_DAMAGED, &campaign,
                                     _("%s is a scenario, not a saved campaign: there is no "
                                       "journal to record a correction in"), display);
  if (status != CLI_EXIT_OK)
    return status;

  /* adm_clock_now (): SOURCE_DATE_EPOCH, when set, makes the file reproducible. The campaign
   * has its file: the correction is saved, or nothing changes. */
  if (!adm_correction_record (campaign, &correction, adm_clock_now (), &error))
    return _cli_invalid (json, _("Nothing was corrected: %s"), error->message);

  action = adm_campaign_describe_undo (campaign);
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      _cli_add_string (builder, "correction", adm_correction_kind_to_string (kind));
      _cli_add_string_or_null (builder, "action", action);
      _cli_add_string (builder, "reason", typed->reason);
      _cli_add_string (builder, "campaign", display);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else
    /* Translators: "Repair of Prince Serg: journaled in komarr.admiralty" */
    g_print (_("%s: journaled in %s\n"),
             action != NULL ? action : adm_correction_kind_to_string (kind), display);
  return CLI_EXIT_OK;
}

CliExit
_cli_correct_run (int    argc,
                  char **argv)
{
  const char *command = "correct";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *kinds = adm_correction_kind_names ();
  g_autofree char *summary = NULL;
  Typed typed = { NULL, };
  AdmCorrectionKind kind;
  gboolean json = FALSE;
  CliExit status;
  const GOptionEntry entries[] = {
    { "ship", 0, 0, G_OPTION_ARG_STRING_ARRAY, &typed.ships,
      N_("The ship corrected (remove-ship, hand-over, repair, damage, readiness), or a new one, "
         "NAME:CLASS:READINESS, once for each (add-ship, add-formation, add-admiral; the first "
         "the flagship)"), N_("ID|NAME:CLASS:READINESS") },
    { "formation", 0, 0, G_OPTION_ARG_STRING, &typed.formation,
      N_("The formation a ship is handed to or joins, or that is handed over or moved"), N_("ID") },
    { "admiral", 0, 0, G_OPTION_ARG_STRING, &typed.admiral,
      N_("The admiral a formation is handed to (hand-over), whose new formation it is "
         "(add-formation), who leaves the game (retire-admiral) or joins it, his new id "
         "(add-admiral)"), N_("ID") },
    { "successor", 0, 0, G_OPTION_ARG_STRING, &typed.successor,
      N_("The admiral a retiring admiral's formations go to; without it they keep their "
         "standing orders, F-STRAT-5 (retire-admiral)"), N_("ID") },
    { "sector", 0, 0, G_OPTION_ARG_STRING, &typed.sector,
      N_("The sector a formation is moved to or formed in, a station's, or the one cleared "
         "of mines (move, add-formation, add-admiral, station, minefield)"), N_("ID") },
    { "hull", 0, 0, G_OPTION_ARG_STRING, &typed.hull,
      N_("The hull points the ship has once repaired (repair)"), N_("N") },
    { "criticals", 0, 0, G_OPTION_ARG_STRING, &typed.criticals,
      N_("The critical results repaired, “none” to leave none outstanding (repair)"),
      N_("none|RESULTS") },
    { "readiness", 0, 0, G_OPTION_ARG_STRING, &typed.readiness,
      N_("The readiness the ship has from now, 0 to 12 (repair, readiness)"), N_("N") },
    { "points", 0, 0, G_OPTION_ARG_STRING, &typed.points,
      N_("The hull points the ship loses (damage)"), N_("N") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &typed.name,
      N_("The new formation's name (add-formation), or the new admiral's as his papers print "
         "it (add-admiral)"), N_("NAME") },
    { "faction", 0, 0, G_OPTION_ARG_STRING, &typed.faction,
      N_("The new admiral's faction (add-admiral)"), N_("FACTION") },
    { "formation-name", 0, 0, G_OPTION_ARG_STRING, &typed.formation_name,
      N_("The name of the formation the new admiral brings, with its --ship and --sector "
         "(add-admiral)"), N_("NAME") },
    { "hidden", 0, 0, G_OPTION_ARG_NONE, &typed.hidden,
      N_("The new formation is hidden from the other sides, F-STRAT-3 (add-formation)"), NULL },
    { "revealed", 0, 0, G_OPTION_ARG_NONE, &typed.revealed,
      N_("The new formation is known to everyone (add-formation)"), NULL },
    { "cycle", 0, 0, G_OPTION_ARG_STRING, &typed.cycle,
      N_("The cycle the new formation arrives in, the one being ordered (add-formation)"),
      N_("N") },
    { "minute", 0, 0, G_OPTION_ARG_STRING, &typed.minute,
      N_("The minute of that cycle it arrives at, 0 to 39 (add-formation)"), N_("M") },
    { "station", 0, 0, G_OPTION_ARG_STRING, &typed.station,
      N_("The station corrected, by its name in the sector (station)"), N_("NAME") },
    { "owner", 0, 0, G_OPTION_ARG_STRING, &typed.owner,
      N_("The faction that holds the station now (station)"), N_("FACTION") },
    { "damage", 0, 0, G_OPTION_ARG_STRING, &typed.damage,
      N_("The hull points the station has lost (station)"), N_("N") },
    { "destroyed", 0, 0, G_OPTION_ARG_NONE, &typed.destroyed,
      N_("The station is destroyed: no longer on the table (station)"), NULL },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &typed.reason,
      N_("Why the correction is made, journaled with it"), N_("TEXT") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  /* Translators: the last %s lists the kinds: "remove-ship hand-over repair …" */
  summary = g_strdup_printf (_("Record a master’s correction: what the story changes outside "
                               "the rules, one journaled action with its reason, taken back "
                               "by “admiralty-cli undo”. KIND is one of: %s."), kinds);
  context = _cli_context_new (command, _("CAMPAIGN.admiralty KIND"), summary);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    {
      typed_clear (&typed);
      return CLI_EXIT_USAGE;
    }
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one campaign file and one kind "
                               "of correction"),
                             _("no campaign file given"),
                             _("no kind of correction given"), NULL))
    status = CLI_EXIT_USAGE;
  else if (!adm_correction_kind_from_string (args[1], &kind))
    /* Translators: "unknown correction “fix”; the kinds are remove-ship hand-over …" */
    status = _cli_usage_error (command, _("unknown correction “%s”; the kinds are %s"), args[1],
                               kinds);
  else if (!check_options (kind, &typed))
    status = CLI_EXIT_USAGE;
  else
    status = correct (args[0], kind, &typed, json);
  typed_clear (&typed);
  return status;
}
