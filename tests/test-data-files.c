/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-data-files.c: every file Admiralty ships loads and validates — rulesets under
 * data/rules/, scenarios under scenarios/ — the two schemas that share the scenario grammar
 * share it to the letter, and every clause of the tactical rules is cited in the engine and
 * in the tests. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

static GPtrArray *
list_files (const char *folder,
            const char *suffix)
{
  g_autofree char *dir = source_path (folder, NULL, NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (files, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  return files;
}

static void
test_scenarios_load (void)
{
  g_autoptr(GPtrArray) files = list_files ("scenarios", ".admiralty");

  g_assert_cmpuint (files->len, >=, 2);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);

      g_test_message ("%s", path);
      g_assert_no_error (error);
      g_assert_nonnull (campaign);
    }
}

static void
test_rulesets_load (void)
{
  g_autoptr(GPtrArray) files = list_files ("data/rules", ".xml");
  guint rulesets = 0;

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmRuleset) ruleset = NULL;

      /* A classes file is loaded through the ruleset that names it. */
      if (g_str_has_suffix (path, "-classes.xml"))
        continue;
      ruleset = adm_ruleset_load_file (path, &error);
      g_test_message ("%s", path);
      g_assert_no_error (error);
      g_assert_cmpuint (adm_ruleset_get_classes (ruleset)->len, >, 0);
      rulesets++;
    }
  g_assert_cmpuint (rulesets, >=, 1);
}

static char *
marked_block (const char *file)
{
  g_autofree char *path = source_path ("data/schema", file, NULL);
  g_autofree char *text = NULL;
  const char *begin, *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  begin = strstr (text, "<!-- BEGIN scenario grammar -->");
  end = strstr (text, "<!-- END scenario grammar -->");
  g_assert_nonnull (begin);
  g_assert_nonnull (end);
  g_assert_true (begin < end);
  return g_strndup (begin, end - begin);
}

/* The campaign schema embeds the scenario grammar (schemas are loaded from memory, where an
 * include cannot be resolved), so the copy must never drift from the original. */
static void
test_schema_copies_match (void)
{
  g_autofree char *scenario = marked_block ("scenario.rng");
  g_autofree char *campaign = marked_block ("campaign.rng");

  g_assert_cmpstr (scenario, ==, campaign);
}

/* README.md's test command is what CI runs: the two must never drift apart. Its run command
 * installs only what building and running the app needs (.ci/packages-app) and builds no test
 * (-Dtests=false); the test command installs the tests' tools too and builds them. */
static void
test_readme_command_is_ci (void)
{
  g_autofree char *readme_path = source_path ("README.md", NULL, NULL);
  g_autofree char *ci_path = source_path (".ci", "run", NULL);
  g_autofree char *readme = NULL;
  g_autofree char *ci = NULL;
  g_auto(GStrv) lines = NULL;
  guint commands = 0;
  const char *test_command = NULL;
  const char *run_command = NULL;

  g_assert_true (g_file_get_contents (readme_path, &readme, NULL, NULL));
  g_assert_true (g_file_get_contents (ci_path, &ci, NULL, NULL));
  lines = g_strsplit (readme, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "$(command -v sudo) apt-get"))
      {
        commands++;
        if (strstr (lines[i], "meson test") != NULL)
          test_command = lines[i];
        else
          run_command = lines[i];
      }

  /* Exactly two set-up commands: one starts the app, one runs the tests. */
  g_assert_cmpuint (commands, ==, 2);
  g_assert_nonnull (test_command);
  g_assert_nonnull (strstr (test_command, "xvfb-run"));
  g_assert_nonnull (strstr (ci, test_command));
  g_assert_nonnull (strstr (test_command, "$(cat .ci/packages-app .ci/packages)"));
  g_assert_nonnull (strstr (test_command, "-Dtests=true"));
  g_assert_nonnull (run_command);
  g_assert_nonnull (strstr (run_command, "$(cat .ci/packages-app)"));
  g_assert_null (strstr (run_command, ".ci/packages)"));
  g_assert_null (strstr (run_command, ".ci/packages "));
  g_assert_nonnull (strstr (run_command, "-Dtests=false"));
  g_assert_null (strstr (run_command, "-Dtests=true"));
  g_assert_nonnull (strstr (run_command, "meson devenv -C build admiralty"));
}

typedef gboolean (*NameFilter) (const char *name);

static gboolean
is_engine_source (const char *name)
{
  return g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h");
}

static gboolean
is_test_source (const char *name)
{
  return g_str_has_prefix (name, "test-") && g_str_has_suffix (name, ".c");
}

/* Reads every file under @dir (and its subfolders) whose name @wanted accepts into @texts. */
static void
read_sources (const char *dir,
              NameFilter  wanted,
              GPtrArray  *texts)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      char *text = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        read_sources (path, wanted, texts);
      else if (wanted (name))
        {
          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
          g_ptr_array_add (texts, text);
        }
    }
}

/* Whether @id occurs in one of @texts as a whole clause id: the clause "1" of an area is not
 * cited by its clause "10", so the character after a match must not be a digit. */
static gboolean
cited (GPtrArray  *texts,
       const char *id)
{
  gsize length = strlen (id);

  for (guint i = 0; i < texts->len; i++)
    {
      const char *at = g_ptr_array_index (texts, i);

      while ((at = strstr (at, id)) != NULL)
        {
          if (!g_ascii_isdigit (at[length]))
            return TRUE;
          at += length;
        }
    }
  return FALSE;
}

/* Every clause of the tactical areas (tests/data/tactical-clauses.txt, made from the digest,
 * which lives outside the repository) is cited where it is implemented, in src/engine, and
 * where it is tested, in a tests/test-*.c file. All gaps are listed before the test fails. */
static void
test_clauses_cited (void)
{
  g_autofree char *list_path = source_path ("tests/data", "tactical-clauses.txt", NULL);
  g_autofree char *engine_dir = source_path ("src", "engine", NULL);
  g_autofree char *tests_dir = source_path ("tests", NULL, NULL);
  g_autofree char *list = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) engine = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) tests = g_ptr_array_new_with_free_func (g_free);
  guint clauses = 0, not_in_engine = 0, not_in_tests = 0;

  g_assert_true (g_file_get_contents (list_path, &list, NULL, NULL));
  read_sources (engine_dir, is_engine_source, engine);
  read_sources (tests_dir, is_test_source, tests);
  g_assert_cmpuint (engine->len, >, 0);
  g_assert_cmpuint (tests->len, >, 0);

  lines = g_strsplit (list, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *id = g_strstrip (lines[i]);
      gboolean in_engine, in_tests;

      if (id[0] == '\0' || id[0] == '#')
        continue;
      clauses++;
      in_engine = cited (engine, id);
      in_tests = cited (tests, id);
      if (!in_engine)
        not_in_engine++;
      if (!in_tests)
        not_in_tests++;
      if (!in_engine && !in_tests)
        g_test_message ("%s: missing from src/engine and from tests", id);
      else if (!in_engine)
        g_test_message ("%s: missing from src/engine", id);
      else if (!in_tests)
        g_test_message ("%s: missing from tests", id);
    }

  g_assert_cmpuint (clauses, >, 0);
  if (not_in_engine > 0 || not_in_tests > 0)
    {
      g_test_message ("%u clauses listed: %u not cited in src/engine (*.c, *.h), %u not cited "
                      "in tests (test-*.c)", clauses, not_in_engine, not_in_tests);
      g_test_fail ();
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/files/scenarios-load", test_scenarios_load);
  g_test_add_func ("/data/files/rulesets-load", test_rulesets_load);
  g_test_add_func ("/data/files/schema-copies-match", test_schema_copies_match);
  g_test_add_func ("/data/files/readme-command-is-ci", test_readme_command_is_ci);
  g_test_add_func ("/data/clauses/cited-in-code-and-tests", test_clauses_cited);

  return g_test_run ();
}
