/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cli-scenario.c: `admiralty-cli scenario new|import-oob|export-oob|season` — a scenario
 * started from nothing, and its order of battle kept in a spreadsheet: written out as CSV and
 * read back in (adm-oob.h). A refused CSV changes nothing and names each problem's line.
 * `scenario from-campaign` is cli-next-night.c's. */

#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "adm-file.h"
#include "cli-private.h"
#include "adm-id.h"
#include "adm-oob.h"
#include "adm-scenario-check.h"
#include "adm-scenario-edit.h"

/* ---- scenario new ---- */

/* The first class of @category in @ruleset, or NULL. */
static const AdmShipClass *
first_class (AdmRuleset  *ruleset,
             AdmCategory  category)
{
  GPtrArray *classes = adm_ruleset_get_classes (ruleset);

  for (guint i = 0; i < classes->len; i++)
    {
      const AdmShipClass *klass = g_ptr_array_index (classes, i);

      if (klass->category == category)
        return klass;
    }
  return NULL;
}

/* A starter scenario: the title, an empty description, one admiral, a map of one sector and
 * a formation of one ship — the least a scenario holds (scenario.rng: a sector, a formation),
 * each named so that a master sees what to replace. */
static char *
starter_scenario (const char *title,
                  AdmRuleset *ruleset)
{
  const AdmFaction *faction = g_ptr_array_index (adm_ruleset_get_factions (ruleset), 0);
  const AdmShipClass *klass = first_class (ruleset, ADM_CATEGORY_CAPITAL) != NULL
                              ? first_class (ruleset, ADM_CATEGORY_CAPITAL)
                              : g_ptr_array_index (adm_ruleset_get_classes (ruleset), 0);
  g_autofree char *id = adm_id_from_name (title);
  const char *admiral = _("First Admiral");
  const char *sector = _("First Sector");
  const char *formation = _("First Squadron");
  const char *ship = _("First Ship");
  g_autofree char *admiral_id = adm_id_from_name (admiral);
  g_autofree char *sector_id = adm_id_from_name (sector);
  g_autofree char *formation_id = adm_id_from_name (formation);
  g_autofree char *ship_id = adm_id_from_name (ship);

  if (id[0] == '\0')
    {
      g_free (id);
      id = g_strdup ("scenario");
    }
  return g_markup_printf_escaped (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario id=\"%s\" name=\"%s\" ruleset=\"%s\">\n"
    "  <description></description>\n"
    "  <admiral id=\"%s\" name=\"%s\" faction=\"%s\"/>\n"
    "  <map>\n"
    "    <sector id=\"%s\" name=\"%s\" x=\"0\" y=\"0\"/>\n"
    "  </map>\n"
    "  <formation id=\"%s\" name=\"%s\" faction=\"%s\" sector=\"%s\"\n"
    "             flagship=\"%s\" admiral=\"%s\">\n"
    "    <ship id=\"%s\" name=\"%s\" class=\"%s\" readiness=\"6\"/>\n"
    "  </formation>\n"
    "</scenario>\n",
    id, title, adm_ruleset_get_id (ruleset), admiral_id, admiral, faction->id, sector_id,
    sector, formation_id, formation, faction->id, sector_id, ship_id, admiral_id, ship_id, ship,
    klass->id);
}

/* A season file (root <season>, as "scenario season --export" writes it), read with the
 * refusals of every file (size, encoding, DOCTYPE) and its parts checked. */
static xmlDoc *
read_season (const char  *path,
             GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(xmlDoc) doc = adm_xml_parse_file (path, error);
  g_autoptr(AdmRuleset) ruleset = NULL;
  xmlNode *root;

  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  if (root == NULL || !adm_xml_is (root, "season"))
    {
      adm_xml_set_error_at (error, display, root != NULL ? xmlGetLineNo (root) : 0,
                            _("this is not a season: a season file holds <season> with a "
                              "<ruleset> and its <classes>, as “admiralty-cli scenario season "
                              "--export” writes it"));
      return NULL;
    }
  /* Its parts checked now, so that a problem is named by this file's lines. */
  ruleset = adm_ruleset_new_from_season (root, display, error);
  if (ruleset == NULL)
    return NULL;
  return g_steal_pointer (&doc);
}

static CliExit
new_run (int    argc,
         char **argv)
{
  const char *command = "scenario new";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmScenarioEdit) edit = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL, *output = NULL, *data = NULL, *display = NULL;
  g_autofree char *season_path = NULL;
  g_autoptr(xmlDoc) season = NULL;
  const char *made;
  gsize length = 0;
  const GOptionEntry entries[] = {
    { "title", 0, 0, G_OPTION_ARG_STRING, &title, N_("The scenario's name"), N_("TITLE") },
    { "season", 0, 0, G_OPTION_ARG_FILENAME, &season_path,
      N_("Carry this season (a file of “scenario season --export”) as the scenario's own rules"),
      N_("FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The file to write"),
      N_("SCENARIO") },
    { NULL }
  };

  context = _cli_context_new (command, NULL,
                              _("Write a new scenario of the ruleset forcon-2010 (or of the "
                                "season given): the title, an "
                                "empty description, one admiral, a map of one sector and one "
                                "formation of one ship — the least a scenario holds. Add "
                                "sectors and links to its map, then read the fleets in with "
                                "“admiralty-cli scenario import-oob”; “scenario export-oob” "
                                "of the new file gives a spreadsheet to start from."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv) ||
      !_cli_check_value (command, "--title", title, TRUE) ||
      !_cli_check_value (command, "-o", output, TRUE) ||
      !_cli_check_no_arguments (command, argc, argv))
    return CLI_EXIT_USAGE;

  display = g_filename_display_name (output);
  if (g_file_test (output, G_FILE_TEST_EXISTS))
    return _cli_invalid (FALSE, _("%s already exists; give the new scenario another name"),
                         display);
  if (season_path != NULL)
    {
      g_autofree char *season_display = g_filename_display_name (season_path);

      if ((season = read_season (season_path, &error)) == NULL ||
          (ruleset = adm_ruleset_new_from_season (xmlDocGetRootElement (season),
                                                  season_display, &error)) == NULL)
        return _cli_invalid (FALSE, "%s", error->message);
    }
  else if ((ruleset = _cli_load_ruleset (NULL, FALSE)) == NULL)
    return CLI_EXIT_INVALID;
  data = starter_scenario (title, ruleset);
  /* The season carried by the one edit the scenario editor makes too. */
  if ((edit = adm_scenario_edit_new_from_data (data, strlen (data), display, &error)) == NULL ||
      (season != NULL &&
       !adm_scenario_edit_set_season (edit, xmlDocGetRootElement (season), &error)))
    return _cli_invalid (FALSE, "%s", error->message);
  made = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &length);
  /* The file is loaded as it will be opened before it is written: a title that is not a
   * name (blank, several lines) is refused as the loader words it. */
  scenario = adm_scenario_load_data (made, length, display, &error);
  if (scenario == NULL)
    return _cli_invalid (FALSE, "%s", error->message);
  if (!adm_file_write_replacing (output, made, length, &error))
    return _cli_invalid (FALSE, _("Cannot write %s: %s"), display, error->message);
  g_print (_("Wrote %s: one sector, one formation of one ship. Add the map's sectors, then "
             "read the order of battle with “admiralty-cli scenario import-oob %s FILE.csv”.\n"),
           display, display);
  return CLI_EXIT_OK;
}

/* ---- scenario import-oob ---- */

static void
print_problems_json (const GError *error,
                     GPtrArray    *problems)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  _cli_add_string (builder, "error", error->message);
  json_builder_set_member_name (builder, "problems");
  json_builder_begin_array (builder);
  for (guint i = 0; problems != NULL && i < problems->len; i++)
    {
      const AdmOobProblem *problem = g_ptr_array_index (problems, i);

      json_builder_begin_object (builder);
      _cli_add_int (builder, "line", problem->line);
      _cli_add_string_or_null (builder, "column", problem->column);
      _cli_add_string (builder, "message", problem->message);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  _cli_print_json (builder);
}

/* Each problem as "FILE.csv:LINE: problem" on stderr, or the error's message alone. */
static CliExit
refused (const char   *csv_display,
         const GError *error,
         GPtrArray    *problems,
         gboolean      json)
{
  if (problems == NULL || problems->len == 0)
    return _cli_invalid (json, "%s", error->message);
  for (guint i = 0; i < problems->len; i++)
    {
      const AdmOobProblem *problem = g_ptr_array_index (problems, i);

      if (problem->line > 0)
        g_printerr ("%s:%u: %s\n", csv_display, problem->line, problem->message);
      else
        g_printerr ("%s: %s\n", csv_display, problem->message);
    }
  if (json)
    print_problems_json (error, problems);
  return CLI_EXIT_INVALID;
}

/* What the imported scenario still lacks before it can start a campaign (a draft's problems,
 * which the CSV did not make): each as validate prints it, on stderr. */
static void
print_problems_left (AdmScenarioEdit *edit,
                     const char      *display)
{
  g_autoptr(GPtrArray) left = adm_scenario_edit_check (edit);

  if (left->len == 0)
    return;
  /* Translators: after an order of battle read into a draft, "game.admiralty still has 2
   * problems before it can start a campaign:", then each problem on a line */
  g_printerr (g_dngettext (GETTEXT_PACKAGE,
                           "%s still has %u problem before it can start a campaign:\n",
                           "%s still has %u problems before it can start a campaign:\n",
                           left->len), display, left->len);
  for (guint i = 0; i < left->len; i++)
    {
      g_autofree char *text = adm_problem_to_string (left->pdata[i], display);

      g_printerr ("%s\n", text);
    }
}

/* The CSV made the scenario's order of battle by the one edit the scenario editor makes
 * (adm_scenario_edit_import_oob ()), the file written once, whole, when it is taken. A draft
 * the editor saved — with no formation yet, as New Campaign… makes it — takes it too. */
static CliExit
import (const char *path,
        const char *csv_path,
        gboolean    json)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *csv_display = g_filename_display_name (csv_path);
  g_autofree char *root = NULL;
  g_autoptr(AdmFileLock) lock = NULL;
  g_autoptr(AdmScenarioEdit) edit = NULL;
  AdmOobSummary summary;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = NULL;
  gsize csv_length = 0, length = 0;
  const char *data;

  /* One writer at a time: the app with the file open, another command. */
  if ((lock = adm_file_lock (path, &error)) == NULL)
    return _cli_invalid (json, _("Cannot write %s: %s"), display, error->message);
  if (!adm_file_check_writable (path, &error))
    return _cli_invalid (json, _("Cannot write %s: %s"), display, error->message);
  root = adm_xml_peek_root (path);
  if (g_strcmp0 (root, "campaign") == 0)
    return _cli_invalid (json, _("%s is a campaign: a campaign under way keeps its order of "
                                 "battle; read the CSV into its scenario before the campaign "
                                 "starts"), display);
  if ((edit = adm_scenario_edit_open (path, &error)) == NULL ||
      (csv = adm_oob_read_csv (csv_path, &csv_length, &error)) == NULL)
    return _cli_invalid (json, "%s", error->message);
  adm_scenario_edit_set_display_name (edit, display);
  if (!adm_scenario_edit_import_oob (edit, csv, csv_length, csv_display, &summary, &problems,
                                     &error))
    return refused (csv_display, error, problems, json);
  data = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &length);
  if (!adm_file_write_atomically (path, NULL, data, length, &error))
    return _cli_invalid (json, _("Cannot write %s: %s"), display, error->message);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(GPtrArray) left = adm_scenario_edit_check (edit);

      json_builder_begin_object (builder);
      _cli_add_string (builder, "scenario", display);
      _cli_add_int (builder, "formations", summary.formations);
      _cli_add_int (builder, "ships", summary.ships);
      _cli_add_int (builder, "admirals_added", summary.admirals_added);
      _cli_add_int (builder, "problems_left", left->len);
      json_builder_end_object (builder);
      _cli_print_json (builder);
    }
  else
    {
      /* Translators: the first half of "Read 80 ships in 40 formations from fleet.csv into
       * game.admiralty; 20 admirals added" */
      g_autofree char *ships = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                             "Read %u ship in %u formations",
                                                             "Read %u ships in %u formations",
                                                             summary.ships),
                                                summary.ships,
                                                summary.formations);

      /* Translators: "READ from fleet.csv into game.admiralty; 20 admirals added", READ
       * being "Read 80 ships in 40 formations" */
      g_print (g_dngettext (GETTEXT_PACKAGE, "%s from %s into %s; %u admiral added\n",
                            "%s from %s into %s; %u admirals added\n", summary.admirals_added),
               ships, csv_display, display, summary.admirals_added);
      print_problems_left (edit, display);
    }
  return CLI_EXIT_OK;
}

static CliExit
import_run (int    argc,
            char **argv)
{
  const char *command = "scenario import-oob";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print {\"scenario\", \"formations\", \"ships\", \"admirals_added\", "
         "\"problems_left\"} as JSON, or {\"error\", \"problems\": [{\"line\", \"column\", "
         "\"message\"}]}"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("SCENARIO.admiralty FILE.csv"),
                              _("Make the CSV the scenario's whole order of battle: its "
                                "formations replace the scenario's, the admirals it names that "
                                "the scenario lacks are added, the rest of the file stays as it "
                                "was. Columns: admiral, faction, formation, ship, class, "
                                "readiness, command, sector, hidden. A refused file changes "
                                "nothing; each problem is named by its line. A scenario with no "
                                "formation yet, as the scenario editor's New Campaign… saves "
                                "it, takes one too; what it still lacks is listed after."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv))
    return CLI_EXIT_USAGE;
  if (!_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one scenario and one CSV file"),
                             _("no scenario file given"),
                             _("no CSV file given; name the order of battle to read"), NULL))
    return CLI_EXIT_USAGE;
  return import (args[0], args[1], json);
}

/* ---- scenario export-oob ---- */

static CliExit
export_run (int    argc,
            char **argv)
{
  const char *command = "scenario export-oob";
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *output = NULL, *data = NULL, *root = NULL;
  gsize length = 0;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the CSV to FILE.csv instead of the standard output"), N_("FILE.csv") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("SCENARIO.admiralty"),
                              _("Write the scenario's order of battle as CSV for a spreadsheet: "
                                "one row a ship, with its admiral, faction, formation, class, "
                                "readiness, command (1 the flagship, 2, 3 … the succession), "
                                "sector and whether the formation is hidden. "
                                "“admiralty-cli scenario import-oob” reads it back."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv) ||
      !_cli_check_value (command, "-o", output, FALSE) ||
      !_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one scenario file"),
                             _("no scenario file given"), NULL))
    return CLI_EXIT_USAGE;

  root = adm_xml_peek_root (args[0]);
  if (g_strcmp0 (root, "campaign") == 0)
    {
      g_autofree char *display = g_filename_display_name (args[0]);

      return _cli_invalid (FALSE, _("%s is a campaign; export the order of battle of its "
                                    "scenario file"), display);
    }
  scenario = adm_scenario_load_file (args[0], &error);
  if (scenario == NULL)
    return _cli_invalid (FALSE, "%s", error->message);
  data = adm_oob_export (scenario, &length);
  if (output == NULL)
    {
      /* The CSV is UTF-8 whatever the locale: written as bytes, past g_print's conversion. */
      fwrite (data, 1, length, stdout);
      fflush (stdout);
      return CLI_EXIT_OK;
    }
  if (!adm_file_write_replacing (output, data, length, &error))
    {
      g_autofree char *display = g_filename_display_name (output);

      return _cli_invalid (FALSE, _("Cannot write %s: %s"), display, error->message);
    }
  return CLI_EXIT_OK;
}

/* ---- scenario season ---- */

/* The rules FILE is played by — a scenario's own season or the installed ruleset it names, a
 * campaign's season — written as a season file. */
static CliExit
season_export (const char *path,
               const char *output)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *root = adm_xml_peek_root (path);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlBuffer *buffer;
  GString *out;
  AdmRuleset *ruleset;

  if (g_strcmp0 (root, "campaign") == 0)
    {
      if ((campaign = _cli_open_campaign (path, &error)) == NULL)
        return _cli_invalid (FALSE, "%s", error->message);
      ruleset = adm_campaign_get_ruleset (campaign);
    }
  else
    {
      if ((scenario = adm_scenario_load_file (path, &error)) == NULL)
        return _cli_invalid (FALSE, "%s", error->message);
      ruleset = adm_scenario_get_ruleset (scenario);
    }
  xmlDocSetRootElement (doc, xmlDocCopyNode (adm_ruleset_get_season (ruleset), doc, 1));
  buffer = xmlBufferCreate ();
  if (buffer == NULL || xmlNodeDump (buffer, doc, xmlDocGetRootElement (doc), 0, 0) < 0)
    g_error ("Out of memory writing a season");
  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (out, (const char *) xmlBufferContent (buffer));
  g_string_append_c (out, '\n');
  xmlBufferFree (buffer);
  if (!adm_file_write_replacing (output, out->str, out->len, &error))
    {
      g_autofree char *output_display = g_filename_display_name (output);

      g_string_free (out, TRUE);
      return _cli_invalid (FALSE, _("Cannot write %s: %s"), output_display, error->message);
    }
  g_string_free (out, TRUE);
  /* Translators: "Wrote the rules “Forcon 2010” of komarr.admiralty to season.xml" */
  g_print (_("Wrote the rules “%s” of %s to %s\n"), adm_ruleset_get_name (ruleset), display,
           output);
  return CLI_EXIT_OK;
}

/* FILE's season made the scenario's own by the editor's edit, the rest of the file kept; a
 * campaign keeps the season it was started with. */
static CliExit
season_import (const char *path,
               const char *input)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *root = adm_xml_peek_root (path);
  g_autoptr(AdmFileLock) lock = NULL;
  g_autoptr(xmlDoc) season = NULL;
  g_autoptr(AdmScenarioEdit) edit = NULL;
  g_autoptr(AdmScenario) checked = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length = 0, made_length = 0;
  const char *made;

  if (g_strcmp0 (root, "campaign") == 0)
    return _cli_invalid (FALSE, _("%s is a campaign: it keeps the rules it was started with. "
                                  "Give the season to its scenario before the campaign "
                                  "starts"), display);
  if ((season = read_season (input, &error)) == NULL)
    return _cli_invalid (FALSE, "%s", error->message);
  /* One writer at a time: the app with the file open, another command. */
  if ((lock = adm_file_lock (path, &error)) == NULL ||
      !adm_file_check_writable (path, &error) ||
      (data = adm_xml_read_bytes (path, &length, &error)) == NULL)
    return _cli_invalid (FALSE, _("Cannot write %s: %s"), display, error->message);
  if ((edit = adm_scenario_edit_new_from_data (data, length, display, &error)) == NULL ||
      !adm_scenario_edit_set_season (edit, xmlDocGetRootElement (season), &error))
    return _cli_invalid (FALSE, "%s", error->message);
  made = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &made_length);
  /* The file as it will be opened, before anyone writes it. */
  if ((checked = adm_scenario_load_data (made, made_length, display, &error)) == NULL)
    return _cli_invalid (FALSE, "%s", error->message);
  if (!adm_file_write_atomically (path, NULL, made, made_length, &error))
    return _cli_invalid (FALSE, _("Cannot write %s: %s"), display, error->message);
  /* Translators: "komarr.admiralty now carries the season of season.xml" */
  g_print (_("%s now carries the season of %s\n"), display, input);
  return CLI_EXIT_OK;
}

static CliExit
season_run (int    argc,
            char **argv)
{
  const char *command = "scenario season";
  g_autoptr(GOptionContext) context = NULL;
  g_auto(GStrv) args = NULL;
  g_autofree char *export_path = NULL, *import_path = NULL;
  const GOptionEntry entries[] = {
    { "export", 0, 0, G_OPTION_ARG_FILENAME, &export_path,
      N_("Write the rules the scenario or campaign is played by to FILE.xml"), N_("FILE.xml") },
    { "import", 0, 0, G_OPTION_ARG_FILENAME, &import_path,
      N_("Make the season in FILE.xml the scenario's own rules"), N_("FILE.xml") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &args, NULL, NULL },
    { NULL }
  };

  context = _cli_context_new (command, _("SCENARIO.admiralty"),
                              _("A season is the rules of one game — the ruleset, its ship "
                                "classes and factions — carried inside a scenario or a "
                                "campaign. --export writes the one a scenario or campaign is "
                                "played by, for next year's game; --import gives a scenario "
                                "a season of its own. A campaign keeps the season it was "
                                "started with."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!_cli_parse (context, command, &argc, &argv) ||
      !_cli_check_value (command, "--export", export_path, FALSE) ||
      !_cli_check_value (command, "--import", import_path, FALSE) ||
      !_cli_check_arguments (command, args,
                             _("unexpected argument “%s”; give one scenario file"),
                             _("no scenario file given"), NULL))
    return CLI_EXIT_USAGE;
  if ((export_path == NULL) == (import_path == NULL))
    return _cli_usage_error (command, _("give either --export FILE.xml or --import FILE.xml"));
  return export_path != NULL ? season_export (args[0], export_path)
                             : season_import (args[0], import_path);
}

typedef CliExit (*ScenarioFunc) (int    argc,
                                 char **argv);

CliExit
_cli_scenario_run (int    argc,
                   char **argv)
{
  static const struct {
    const char  *name;
    ScenarioFunc func;
  } commands[] = {
    { "new", new_run },
    { "import-oob", import_run },
    { "export-oob", export_run },
    { "season", season_run },
    { "from-campaign", _cli_scenario_from_campaign_run },
  };
  g_autoptr(GOptionContext) context = NULL;

  context = _cli_context_new ("scenario", _("COMMAND …"),
                              _("A scenario's making.\n"
                                "\n"
                                "Commands:\n"
                                "  new --title TITLE -o SCENARIO  write a new scenario to "
                                "start from\n"
                                "  import-oob SCENARIO FILE.csv   make the CSV its order of "
                                "battle\n"
                                "  export-oob SCENARIO [-o FILE.csv]  write its order of "
                                "battle as CSV\n"
                                "  season SCENARIO --export FILE.xml | --import FILE.xml\n"
                                "                                 its rules, to and from a "
                                "season file\n"
                                "  from-campaign CAMPAIGN -o NEXT  the war as it stands, a "
                                "new scenario\n"
                                "\n"
                                "“admiralty-cli scenario COMMAND --help” shows a command's "
                                "options."));
  g_option_context_set_strict_posix (context, TRUE);
  if (!_cli_parse (context, "scenario", &argc, &argv))
    return CLI_EXIT_USAGE;
  if (argc < 2)
    return _cli_usage_error ("scenario", _("no command given; the commands are new, "
                                           "import-oob, export-oob, season and "
                                           "from-campaign"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_strcmp0 (argv[1], commands[i].name) == 0)
      return commands[i].func (argc - 1, argv + 1);
  return _cli_usage_error ("scenario", _("unknown command “%s”; the commands are new, "
                                         "import-oob, export-oob, season and "
                                         "from-campaign"), argv[1]);
}
