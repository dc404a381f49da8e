/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario-check.c: every problem of a scenario in one call (adm_scenario_check_all ()):
 * the schema's and the loader's, each at its line and element, with its clause. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "file-helpers.h"
#include "shipped-helpers.h"

/* tests/data/scenario-check/five-mistakes.admiralty: a master's first hand-written scenario,
 * with five mistakes: a link to a sector that is not on the map (line 9), a flagship that is
 * not a ship of its formation (line 11), a seventh capital ship (line 18), and a ship of an
 * unknown class with a readiness of 15 (line 21). */
static char *
five_mistakes (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "scenario-check",
                                                 "five-mistakes.admiralty", NULL);

  return file_contents (path);
}

static xmlDoc *
parse (const char *text)
{
  xmlDoc *doc = xmlReadMemory (text, (int) strlen (text), "mine.admiralty", NULL,
                               XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);

  g_assert_nonnull (doc);
  return doc;
}

static AdmProblem *
problem_at (GPtrArray *problems,
            guint      i)
{
  g_assert_cmpuint (i, <, problems->len);
  return g_ptr_array_index (problems, i);
}

static void
assert_problem (GPtrArray  *problems,
                guint       i,
                int         line,
                const char *clause,
                const char *element,
                const char *message_part)
{
  AdmProblem *problem = problem_at (problems, i);

  g_assert_cmpint (problem->line, ==, line);
  g_assert_cmpstr (problem->clause, ==, clause);
  g_assert_nonnull (problem->node);
  g_assert_cmpstr ((const char *) problem->node->name, ==, element);
  g_assert_cmpint ((int) xmlGetLineNo (problem->node), ==, line);
  if (strstr (problem->message, message_part) == NULL)
    g_error ("problem %u, “%s”, does not say “%s”", i, problem->message, message_part);
}

/* F-FORM-4, F-FORM-8, F-STRAT-8, F-RDY-1: the five mistakes in one call, in document order;
 * the ship of an unknown class is skipped without a second problem for the flagship that
 * names it. */
static void
test_hand_written (void)
{
  g_autofree char *hand_written = five_mistakes ();
  g_autoptr(xmlDoc) doc = parse (hand_written);
  g_autoptr(GPtrArray) problems = adm_scenario_check_all (xmlDocGetRootElement (doc),
                                                          "mine.admiralty", NULL);

  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%d %s: %s", problem_at (problems, i)->line,
                    problem_at (problems, i)->clause, problem_at (problems, i)->message);
  g_assert_cmpuint (problems->len, ==, 5);
  assert_problem (problems, 0, 9, "F-STRAT-8", "link", "unknown sector “c”");
  assert_problem (problems, 1, 11, "F-FORM-4", "formation",
                  "formation “First” names flagship “s9”, which is not one of its ships");
  assert_problem (problems, 2, 18, "F-FORM-8", "ship",
                  "“Seven” is ship 7 of formation “First”");
  assert_problem (problems, 3, 21, "F-RDY-1", "ship",
                  "<ship> readiness is 15; it must be a whole number 0–12");
  assert_problem (problems, 4, 21, NULL, "ship",
                  "ship “Jade One” names unknown class “no-such-class”");
}

/* One mechanism: a load stops at one of the problems the check lists, with its message. */
static void
test_load_stops_at_one (void)
{
  g_autofree char *hand_written = five_mistakes ();
  g_autoptr(xmlDoc) doc = parse (hand_written);
  xmlNode *root = xmlDocGetRootElement (doc);
  g_autoptr(GPtrArray) problems = adm_scenario_check_all (root, "mine.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_new_from_node (root, "mine.admiralty",
                                                                shipped_ruleset (), &error);
  gboolean found = FALSE;

  g_assert_null (scenario);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = adm_problem_to_string (problem_at (problems, i), "mine.admiralty");

      found = found || g_str_equal (line, error->message);
    }
  g_assert_true (found);
}

/* Each problem's node is its element, in the document checked: a click goes there. */
static void
test_problem_node (void)
{
  g_autofree char *hand_written = five_mistakes ();
  g_autoptr(xmlDoc) doc = parse (hand_written);
  g_autoptr(GPtrArray) problems = adm_scenario_check_all (xmlDocGetRootElement (doc),
                                                          "mine.admiralty", shipped_ruleset ());
  g_autofree char *flagship = NULL, *ship = NULL;

  g_assert_cmpuint (problems->len, ==, 5);
  for (guint i = 0; i < problems->len; i++)
    g_assert_true (problem_at (problems, i)->node->doc == doc);
  flagship = adm_xml_get_string (problem_at (problems, 1)->node, "id");
  g_assert_cmpstr (flagship, ==, "f1");
  ship = adm_xml_get_string (problem_at (problems, 4)->node, "id");
  g_assert_cmpstr (ship, ==, "j1");
}

/* The shipped scenarios have no problem. */
static void
test_shipped (void)
{
  g_autofree char *dir = source_path ("scenarios", NULL);
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  g_assert_nonnull (folder);
  while ((name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(xmlDoc) doc = NULL;
      g_autoptr(GPtrArray) problems = NULL;

      if (!g_str_has_suffix (name, ".admiralty"))
        continue;
      doc = adm_xml_parse_file (path, &error);
      g_assert_no_error (error);
      problems = adm_scenario_check_all (xmlDocGetRootElement (doc), name, NULL);
      for (guint i = 0; i < problems->len; i++)
        g_test_message ("%s:%d: %s", name, problem_at (problems, i)->line,
                        problem_at (problems, i)->message);
      g_assert_cmpuint (problems->len, ==, 0);
      n++;
    }
  g_assert_cmpuint (n, >=, 2);
}

/* Several schema problems at once, each at its line, and the loader's after them. */
static void
test_schema_several (void)
{
  static const char text[] =
    "<scenario id=\"s\" name=\"S\" ruleset=\"forcon-2010\">\n"                        /* 1 */
    "  <admiral id=\"vorkosigan\" name=\"Aral\" faction=\"barrayar\" rank=\"high\"/>\n" /* 2 */
    "  <map>\n"                                                                       /* 3 */
    "    <sector id=\"a\" name=\"Alpha\" x=\"0\" y=\"north\"/>\n"                     /* 4 */
    "    <sector id=\"b\" name=\"Beta\" x=\"10\" y=\"0\"/>\n"                         /* 5 */
    "    <link from=\"a\" to=\"b\"/>\n"                                               /* 6 */
    "  </map>\n"                                                                      /* 7 */
    "  <formation id=\"f\" name=\"F\" faction=\"barrayar\" sector=\"a\" flagship=\"s1\">\n" /* 8 */
    "    <ship id=\"s1\" name=\"One\" class=\"general-vorkraft\" readiness=\"5\"/>\n" /* 9 */
    "    <ship id=\"s2\" name=\"Two\" readiness=\"5\"/>\n"                            /* 10 */
    "    Stray words\n"                                                               /* 11 */
    "  </formation>\n"                                                                /* 12 */
    "  <formation id=\"g\" name=\"G\" faction=\"nowhere\" sector=\"b\" flagship=\"t1\">\n" /* 13 */
    "    <ship id=\"t1\" name=\"Tee\" class=\"general-vorkraft\" readiness=\"x5\"/>\n" /* 14 */
    "  </formation>\n"                                                                /* 15 */
    "</scenario>\n";
  g_autoptr(xmlDoc) doc = parse (text);
  g_autoptr(GPtrArray) problems = adm_scenario_check_all (xmlDocGetRootElement (doc), "s.admiralty",
                                                          shipped_ruleset ());
  static const struct {
    int         line;
    const char *element;
    const char *says;
  } expected[] = {
    { 2, "admiral", "rank" },
    { 4, "sector", "<sector> y is “north”; it must be a number" },
    { 10, "ship", "<ship> needs the attribute “class”" },
    { 11, "formation", "<formation> holds elements only, not text such as “Stray words”" },
    { 13, "formation", "unknown faction “nowhere”" },
    { 14, "ship", "<ship> readiness is “x5”" },
  };

  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%d: %s", problem_at (problems, i)->line, problem_at (problems, i)->message);
  g_assert_cmpuint (problems->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      AdmProblem *problem = problem_at (problems, i);

      g_assert_cmpint (problem->line, ==, expected[i].line);
      g_assert_cmpstr ((const char *) problem->node->name, ==, expected[i].element);
      if (strstr (problem->message, expected[i].says) == NULL)
        g_error ("problem %u, “%s”, does not say “%s”", i, problem->message, expected[i].says);
    }
}

/* F-STN-1: a station's owner, class and readiness each checked, the three problems of two
 * objects of one sector on their lines. */
static void
test_stations (void)
{
  static const char text[] =
    "<scenario id=\"s\" name=\"S\" ruleset=\"forcon-2010\">\n"
    "  <map>\n"
    "    <sector id=\"a\" name=\"Alpha\" x=\"0\" y=\"0\">\n"
    "      <object kind=\"planet\" name=\"Alpha I\" faction=\"barrayar\" "
    "class=\"orbital-fortress\" readiness=\"8\"/>\n"
    "      <object kind=\"station\" name=\"Alpha Dock\" faction=\"barrayar\" "
    "class=\"vorberg\" readiness=\"20\"/>\n"
    "    </sector>\n"
    "  </map>\n"
    "  <formation id=\"f\" name=\"F\" faction=\"barrayar\" sector=\"a\" flagship=\"s1\">\n"
    "    <ship id=\"s1\" name=\"One\" class=\"general-vorkraft\" readiness=\"5\"/>\n"
    "  </formation>\n"
    "</scenario>\n";
  g_autoptr(xmlDoc) doc = parse (text);
  g_autoptr(GPtrArray) problems = adm_scenario_check_all (xmlDocGetRootElement (doc), "s.admiralty",
                                                          shipped_ruleset ());

  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%d: %s", problem_at (problems, i)->line, problem_at (problems, i)->message);
  g_assert_cmpuint (problems->len, ==, 3);
  assert_problem (problems, 0, 4, "F-STN-1", "object",
                  "only a station has an owner, a class and a readiness; “Alpha I” is a planet");
  assert_problem (problems, 1, 5, "F-STN-1", "object",
                  "station “Alpha Dock” names class “vorberg”, which is not a station class");
  assert_problem (problems, 2, 5, "F-RDY-1", "object",
                  "station “Alpha Dock” has readiness 20; it must be a whole number 0–12");
}

/* A campaign's scenario is not its document's root: the schema checks a copy, and the
 * problems are at the campaign's own elements and lines. */
static void
test_embedded (void)
{
  g_autofree char *hand_written = five_mistakes ();
  g_autofree char *text = g_strconcat ("<campaign>\n", strchr (hand_written, '\n') + 1,
                                       "</campaign>\n", NULL);
  g_autofree char *broken = NULL;
  g_autoptr(GString) with_error = g_string_new (text);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  xmlNode *scenario;

  /* A sector without a name, at line 8: <campaign> takes the XML declaration's line. */
  g_string_replace (with_error, "<sector id=\"b\" name=\"Beta\"", "<sector id=\"b\"", 1);
  doc = parse (with_error->str);
  scenario = adm_xml_first_element (xmlDocGetRootElement (doc), "scenario");
  problems = adm_scenario_check_all (scenario, "camp.admiralty", shipped_ruleset ());
  g_assert_cmpuint (problems->len, ==, 6);
  assert_problem (problems, 0, 8, NULL, "sector", "<sector> needs the attribute “name”");
  g_assert_true (problem_at (problems, 0)->node->doc == doc);
  assert_problem (problems, 1, 9, "F-STRAT-8", "link", "unknown sector “c”");
}

/* F-FORM-8 as the scenario rules it, and the caller's ruleset left with its own rulings. */
static void
test_scenario_ruling (void)
{
  g_autofree char *hand_written = five_mistakes ();
  g_autoptr(GString) text = g_string_new (hand_written);
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  guint form_8 = 0;

  g_string_replace (text, "<admiral id=\"vorkosigan\"",
                    "<rulings><ruling id=\"formation-composition\" value=\"six-per-category\"/>"
                    "</rulings>\n  <admiral id=\"vorkosigan\"", 1);
  doc = parse (text->str);
  problems = adm_scenario_check_all (xmlDocGetRootElement (doc), "mine.admiralty", ruleset);
  for (guint i = 0; i < problems->len; i++)
    if (g_strcmp0 (problem_at (problems, i)->clause, "F-FORM-8") == 0)
      {
        g_assert_nonnull (strstr (problem_at (problems, i)->message,
                                  "formation “First” has more than 6 capital ships"));
        form_8++;
      }
  g_assert_cmpuint (form_8, ==, 1);
  g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, "formation-composition"), ==,
                   "six-of-one-category");
}

/* A ruleset that cannot be loaded is a problem; the ids and ranges are still checked. */
static void
test_unknown_ruleset (void)
{
  g_autofree char *hand_written = five_mistakes ();
  g_autoptr(GString) text = g_string_new (hand_written);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) problems = NULL;

  g_string_replace (text, "ruleset=\"forcon-2010\"", "ruleset=\"no-such-rules\"", 1);
  doc = parse (text->str);
  problems = adm_scenario_check_all (xmlDocGetRootElement (doc), "mine.admiralty", NULL);
  g_assert_cmpuint (problems->len, ==, 2);
  assert_problem (problems, 0, 2, NULL, "scenario",
                  "cannot load the scenario’s ruleset “no-such-rules”");
  assert_problem (problems, 1, 21, "F-RDY-1", "ship", "<ship> readiness is 15");

  /* None named: the schema says so, once. */
  g_clear_pointer (&problems, g_ptr_array_unref);
  g_clear_pointer (&doc, xmlFreeDoc);
  g_string_replace (text, "ruleset=\"no-such-rules\"", "", 1);
  doc = parse (text->str);
  problems = adm_scenario_check_all (xmlDocGetRootElement (doc), "mine.admiralty", NULL);
  g_assert_cmpuint (problems->len, ==, 2);
  assert_problem (problems, 0, 2, NULL, "scenario", "<scenario> needs the attribute “ruleset”");
}

/* 10,000 problems: the first ADM_SCENARIO_CHECK_MAX_PROBLEMS, in order, and how many more;
 * with @data, the schema's (ships without a class), else the loader's (unknown classes). */
static void
test_many (gconstpointer data)
{
  gboolean schema = GPOINTER_TO_INT (data);
  g_autoptr(GString) text = g_string_new ("<scenario id=\"many\" name=\"Many\" ruleset=\"forcon-2010\">\n"
                                          "<map><sector id=\"a\" name=\"A\" x=\"0\" y=\"0\"/></map>\n"
                                          "<formation id=\"f\" name=\"F\" faction=\"barrayar\" "
                                          "sector=\"a\" flagship=\"s0\">\n");
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  AdmProblem *last;

  for (guint i = 0; i < 10000; i++)
    g_string_append_printf (text, "<ship id=\"s%u\" name=\"S%u\"%s readiness=\"3\"/>\n", i, i,
                            schema ? "" : " class=\"nothing\"");
  g_string_append (text, "</formation>\n</scenario>\n");
  doc = parse (text->str);
  problems = adm_scenario_check_all (xmlDocGetRootElement (doc), "many.admiralty",
                                     shipped_ruleset ());
  g_assert_cmpuint (problems->len, ==, ADM_SCENARIO_CHECK_MAX_PROBLEMS + 1);
  for (guint i = 0; i < ADM_SCENARIO_CHECK_MAX_PROBLEMS; i++)
    g_assert_cmpint (problem_at (problems, i)->line, ==, (int) i + 4);
  last = problem_at (problems, ADM_SCENARIO_CHECK_MAX_PROBLEMS);
  g_assert_cmpint (last->line, ==, 0);
  g_assert_null (last->node);
  g_assert_cmpstr (last->message, ==, "and 9000 more problems");
  if (schema)
    g_assert_cmpstr (problem_at (problems, 0)->message, ==, "<ship> needs the attribute “class”");
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/scenario-check/F-FORM-4/F-FORM-8/hand-written", test_hand_written);
  g_test_add_func ("/engine/scenario-check/load-stops-at-one", test_load_stops_at_one);
  g_test_add_func ("/engine/scenario-check/F-FORM-4/problem-node", test_problem_node);
  g_test_add_func ("/engine/scenario-check/shipped", test_shipped);
  g_test_add_func ("/engine/scenario-check/schema-several", test_schema_several);
  g_test_add_func ("/engine/scenario-check/F-STRAT-8/embedded", test_embedded);
  g_test_add_func ("/engine/scenario-check/F-STN-1/stations", test_stations);
  g_test_add_func ("/engine/scenario-check/F-FORM-8/scenario-ruling", test_scenario_ruling);
  g_test_add_func ("/engine/scenario-check/F-RDY-1/unknown-ruleset", test_unknown_ruleset);
  g_test_add_data_func ("/engine/scenario-check/many", GINT_TO_POINTER (FALSE), test_many);
  g_test_add_data_func ("/engine/scenario-check/many-schema", GINT_TO_POINTER (TRUE), test_many);

  return g_test_run ();
}
