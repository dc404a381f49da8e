/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-validate.c: `admiralty-cli validate --all`, every problem of a scenario, or of a
 * campaign's scenario, printed at once as FILE:LINE: problem, and listed by --json. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

static char *
five_mistakes (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "scenario-check", "five-mistakes.admiralty",
                                NULL);
}

/* F-STRAT-8, F-FORM-4, F-FORM-8, F-RDY-1: the five mistakes of a hand-written scenario in
 * one run, each on its line, in the file's order. */
static void
test_all (void)
{
  g_autofree char *path = five_mistakes ();
  g_autoptr(CliResult) result = run_cli ("validate", "--all", path, NULL);
  g_auto(GStrv) lines = g_strsplit (result->err, "\n", -1);
  static const char * const expected[] = {
    "9: unknown sector “c”: no <sector> of the map has this id",
    "11: formation “First” names flagship “s9”, which is not one of its ships (F-FORM-4)",
    "18: “Seven” is ship 7 of formation “First”; a formation may hold at most 6 ships "
    "(F-FORM-8)",
    "21: <ship> readiness is 15; it must be a whole number 0–12",
    "21: ship “Jade One” names unknown class “no-such-class” (not in the ruleset’s classes)",
  };

  g_assert_cmpint (result->status, ==, 1);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_cmpuint (g_strv_length (lines), ==, G_N_ELEMENTS (expected) + 1);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *line = g_strdup_printf ("%s:%s", path, expected[i]);

      g_assert_cmpstr (lines[i], ==, line);
    }
  g_assert_cmpstr (lines[G_N_ELEMENTS (expected)], ==, "");
}

/* Without --all, validate stops at the first problem, as it always has. */
static void
test_first_only (void)
{
  g_autofree char *path = five_mistakes ();
  g_autoptr(CliResult) result = run_cli ("validate", path, NULL);
  g_autofree char *prefix = g_strdup_printf ("%s:", path);

  g_assert_cmpint (result->status, ==, 1);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_true (g_str_has_prefix (result->err, prefix));
  g_assert_cmpstr (strchr (result->err, '\n'), ==, "\n");
}

/* --json: "problems" lists them all, {line, clause, message}; "error" is the first. */
static void
test_all_json (void)
{
  g_autofree char *path = five_mistakes ();
  g_autofree char *good = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autoptr(CliResult) result = run_cli ("validate", "--all", "--json", path, good, NULL);
  g_autoptr(JsonObject) object = parse_json (result->out);
  JsonArray *files = json_object_get_array_member (object, "files");
  JsonObject *bad_file = json_array_get_object_element (files, 0);
  JsonObject *good_file = json_array_get_object_element (files, 1);
  JsonArray *problems = json_object_get_array_member (bad_file, "problems");
  static const struct {
    gint64      line;
    const char *clause;
    const char *starts;
  } expected[] = {
    { 9, "F-STRAT-8", "unknown sector “c”" },
    { 11, "F-FORM-4", "formation “First” names flagship “s9”" },
    { 18, "F-FORM-8", "“Seven” is ship 7" },
    { 21, "F-RDY-1", "<ship> readiness is 15" },
    { 21, NULL, "ship “Jade One” names unknown class" },
  };
  g_autofree char *first = NULL;

  g_assert_cmpint (result->status, ==, 1);
  g_assert_false (json_object_get_boolean_member (bad_file, "valid"));
  g_assert_cmpuint (json_array_get_length (problems), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      JsonObject *problem = json_array_get_object_element (problems, i);

      g_assert_cmpint (json_object_get_int_member (problem, "line"), ==, expected[i].line);
      if (expected[i].clause != NULL)
        g_assert_cmpstr (json_object_get_string_member (problem, "clause"), ==,
                         expected[i].clause);
      else
        g_assert_true (json_object_get_null_member (problem, "clause"));
      g_assert_true (g_str_has_prefix (json_object_get_string_member (problem, "message"),
                                       expected[i].starts));
    }
  first = g_strdup_printf ("%s:9: %s", path, json_object_get_string_member (
                             json_array_get_object_element (problems, 0), "message"));
  g_assert_cmpstr (json_object_get_string_member (bad_file, "error"), ==, first);

  /* A scenario with none: valid, and an empty list. */
  g_assert_true (json_object_get_boolean_member (good_file, "valid"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (good_file, "problems")),
                    ==, 0);
}

/* A campaign's scenario: its problems at the campaign file's lines. */
static void
test_all_campaign (void)
{
  g_autofree char *source = source_path ("tests/data/campaigns", "small.admiralty", NULL);
  g_autofree char *text = file_contents (source);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cli-validate-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "small.admiralty", NULL);
  g_autoptr(GString) broken = g_string_new (text);
  g_autoptr(CliResult) result = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) file_lines = NULL;
  guint n = 0;

  /* Two links to sectors not on the map. */
  g_assert_cmpuint (g_string_replace (broken, "<link from=\"", "<link from=\"nowhere-", 0), >=, 2);
  g_assert_true (g_file_set_contents (path, broken->str, -1, NULL));
  file_lines = g_strsplit (broken->str, "\n", -1);
  result = run_cli ("validate", "--all", path, NULL);
  g_assert_cmpint (result->status, ==, 1);
  lines = g_strsplit (result->err, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (strstr (lines[i], ": unknown sector “nowhere-") != NULL)
      {
        g_autofree char *prefix = g_strdup_printf ("%s:", path);
        const char *at = lines[i] + strlen (prefix);
        gint64 line = g_ascii_strtoll (at, NULL, 10);

        g_assert_true (g_str_has_prefix (lines[i], prefix));
        g_assert_cmpint (line, >, 2);
        g_assert_cmpint (line, <=, g_strv_length (file_lines));
        /* The line the link is on in the campaign file. */
        g_assert_nonnull (strstr (file_lines[line - 1], "<link from=\"nowhere-"));
        n++;
      }
  g_assert_cmpuint (n, >=, 2);
  remove_folder (dir);
}

/* Two opposing factions in colours alike to a deuteranope: the file is still valid and the exit
 * status 0, and the editor's advice is printed after the "valid" line as a warning at the
 * faction's line, and listed by --json; the bundled colours draw none. */
static void
test_contrast_warning (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-validate-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "alike.admiralty", NULL);
  g_autofree char *good = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *prefix = g_strdup_printf ("%s:", path);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_open (good, &error);
  g_autoptr(CliResult) result = NULL;
  g_autoptr(CliResult) json = NULL;
  g_autoptr(CliResult) bundled = NULL;
  g_autoptr(JsonObject) object = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) file_lines = NULL;
  JsonObject *file;
  JsonArray *warnings;
  const char *at;
  gint64 line;

  g_assert_no_error (error);
  g_assert_true (adm_scenario_edit_set_faction (edit, "barrayar", "colour", "#8b1e1e", NULL));
  g_assert_true (adm_scenario_edit_set_faction (edit, "cetaganda", "colour", "#2e7d32", NULL));
  g_assert_true (adm_scenario_edit_save (edit, path, &error));
  g_assert_no_error (error);

  result = run_cli ("validate", path, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_true (g_str_has_prefix (result->out, prefix));
  g_assert_nonnull (strstr (result->out, ": valid (scenario"));
  lines = g_strsplit (result->err, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_cmpstr (lines[1], ==, "");
  g_assert_true (g_str_has_prefix (lines[0], prefix));
  at = lines[0] + strlen (prefix);
  line = g_ascii_strtoll (at, NULL, 10);
  g_assert_nonnull (strstr (at, ": warning: “Barrayaran Imperium” and “Cetagandan Empire” are "
                                "on opposing sides, but with deuteranopia their colours differ "
                                "by only ΔE 11 "));
  /* A line of the faction's element in the season the file carries (libxml2 numbers an
   * element by the line its start tag ends on): where its colour is. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  file_lines = g_strsplit (text, "\n", -1);
  g_assert_cmpint (line, >, 1);
  g_assert_cmpint (line, <=, g_strv_length (file_lines));
  g_assert_true (strstr (file_lines[line - 1], "<faction id=\"cetaganda\"") != NULL ||
                 (strstr (file_lines[line - 2], "<faction id=\"cetaganda\"") != NULL &&
                  strstr (file_lines[line - 1], "/>") != NULL));

  json = run_cli ("validate", "--json", path, NULL);
  g_assert_cmpint (json->status, ==, 0);
  object = parse_json (json->out);
  file = json_array_get_object_element (json_object_get_array_member (object, "files"), 0);
  g_assert_true (json_object_get_boolean_member (file, "valid"));
  warnings = json_object_get_array_member (file, "warnings");
  g_assert_cmpuint (json_array_get_length (warnings), ==, 1);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (warnings, 0),
                                               "line"), ==, line);

  bundled = run_cli ("validate", good, NULL);
  g_assert_cmpint (bundled->status, ==, 0);
  g_assert_cmpstr (bundled->err, ==, "");
  remove_folder (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/validate/F-FORM-8/all", test_all);
  g_test_add_func ("/cli/validate/F-FORM-8/first-only", test_first_only);
  g_test_add_func ("/cli/validate/F-FORM-4/all-json", test_all_json);
  g_test_add_func ("/cli/validate/F-STRAT-8/all-campaign", test_all_campaign);
  g_test_add_func ("/cli/validate/contrast/warning", test_contrast_warning);

  return g_test_run ();
}
