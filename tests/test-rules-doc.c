/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-doc.c: docs/rules.md lists every clause of the rules the code and the tests cite,
 * so that a clause found in a comment or a test path can be read in the repository; each
 * place it names in the code is a file of src/; and no clause hides in a range of them. */
#include "config.h"

#include <string.h>
#include <glib.h>

static char *
source_path (const char *first,
             ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;
  const char *part;

  g_ptr_array_add (parts, (gpointer) g_getenv ("ADMIRALTY_SOURCE_DIR"));
  va_start (args, first);
  for (part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

/* The clause IDs docs/rules.md lists, each as "- **F-ART-9** …" at a line's start. */
static GHashTable *
listed_clauses (char **text_out)
{
  g_autofree char *path = source_path ("docs", "rules.md", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) item = g_regex_new ("^- \\*\\*(F-[A-Z]+-[0-9]+)\\*\\* ", G_REGEX_MULTILINE,
                                        0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GHashTable *listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_true (g_file_get_contents (path, text_out, NULL, &error));
  g_assert_no_error (error);
  g_regex_match (item, *text_out, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    g_hash_table_add (listed, g_match_info_fetch (match, 1));
  return listed;
}

/* Adds "CLAUSE\tFILE" to @missing for each clause cited in the .c and .h files under @dir
 * (@relative from the source root) that @listed lacks. */
static void
check_folder (const char *dir,
              const char *relative,
              GHashTable *listed,
              GRegex     *clause,
              GPtrArray  *missing)
{
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (folder);
  while ((name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *shown = g_build_filename (relative, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GMatchInfo) match = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          check_folder (path, shown, listed, clause, missing);
          continue;
        }
      if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h"))
        continue;
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_regex_match (clause, text, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *id = g_match_info_fetch (match, 0);

          if (!g_hash_table_contains (listed, id))
            g_ptr_array_add (missing, g_strdup_printf ("%s\t%s", id, shown));
        }
    }
}

/* Every clause cited in src/ and tests/ is listed. */
static void
test_cited_listed (void)
{
  g_autofree char *text = NULL;
  g_autoptr(GHashTable) listed = listed_clauses (&text);
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRegex) clause = g_regex_new ("\\bF-[A-Z]+-[0-9]+\\b", 0, 0, NULL);
  const char *folders[] = { "src", "tests" };

  /* The digest of the 2010 rules has 287 clauses. */
  g_assert_cmpuint (g_hash_table_size (listed), ==, 287);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *dir = source_path (folders[i], NULL);

      check_folder (dir, folders[i], listed, clause, missing);
    }
  for (guint i = 0; i < missing->len; i++)
    g_test_message ("not in docs/rules.md: %s", (char *) g_ptr_array_index (missing, i));
  g_assert_cmpuint (missing->len, ==, 0);
}

/* Adds "FILE:LINE: TEXT" to @found for each clause range @range matches in the text files
 * under @dir (@relative from the source root). */
static void
find_ranges (const char *dir,
             const char *relative,
             GRegex     *range,
             GPtrArray  *found)
{
  const char *kinds[] = { ".c", ".h", ".xml", ".rng", ".md", ".po", ".txt", ".ui", ".in", ".js",
                          ".css" };
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (folder);
  while ((name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *shown = g_build_filename (relative, name, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GMatchInfo) match = NULL;
      gboolean wanted = FALSE;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          find_ranges (path, shown, range, found);
          continue;
        }
      for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
        wanted |= g_str_has_suffix (name, kinds[i]);
      if (!wanted)
        continue;
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      /* A translation's message runs on over quoted lines: read it whole. */
      if (g_str_has_suffix (name, ".po"))
        {
          g_autoptr(GString) joined = g_string_new (text);

          g_string_replace (joined, "\"\n\"", "", 0);
          g_free (text);
          text = g_string_free (g_steal_pointer (&joined), FALSE);
        }
      g_regex_match (range, text, 0, &match);
      for (; g_match_info_matches (match); g_match_info_next (match, NULL))
        {
          g_autofree char *words = g_match_info_fetch (match, 0);
          int start, line = 1;

          g_match_info_fetch_pos (match, 0, &start, NULL);
          for (int i = 0; i < start; i++)
            line += text[i] == '\n';
          g_ptr_array_add (found, g_strdup_printf ("%s:%d: %s", shown, line, words));
        }
    }
}

/* A clause is named whole wherever it is cited, so that a search for it finds every place:
 * never within a range — two numbers joined by two dots, a dash or slashes, or two clause IDs
 * joined by "to" or a dash — in the code, the tests, the data, the translation or the
 * documents. */
static void
test_no_ranges (void)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRegex) range =
    g_regex_new ("\\bF-([A-Z]+)-[0-9]+(?:\\.\\.[0-9]+|\\s*[–—-]\\s*(?:F-\\1-)?[0-9]+|(?:/[0-9]+)+"
                 "|\\s+to\\s+F-\\1-[0-9]+)\\b", 0, 0, NULL);
  const char *folders[] = { "src", "tests", "data", "scenarios", "docs", "po", "bench" };
  const char *files[] = { "README.md", "CONTRIBUTING.md" };

  g_assert_nonnull (range);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *dir = source_path (folders[i], NULL);

      find_ranges (dir, folders[i], range, found);
    }
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = source_path (files[i], NULL);
      g_autofree char *text = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_assert_false (g_regex_match (range, text, 0, NULL));
    }
  for (guint i = 0; i < found->len; i++)
    g_test_message ("a clause range: %s", (char *) g_ptr_array_index (found, i));
  g_assert_cmpuint (found->len, ==, 0);
}

/* Each place a clause names in the code ("Code: `engine/…/adm-battle-fire.c` …") is a file. */
static void
test_places_exist (void)
{
  g_autofree char *text = NULL;
  g_autoptr(GHashTable) listed = listed_clauses (&text);
  g_autoptr(GRegex) place = g_regex_new ("`((?:engine|app|cli|portal|report)/[a-z0-9/_.-]+\\.[ch])`",
                                         0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint places = 0;

  g_regex_match (place, text, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *file = g_match_info_fetch (match, 1);
      g_autofree char *path = source_path ("src", file, NULL);

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_test_message ("docs/rules.md names src/%s, which is not there", file);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      places++;
    }
  g_assert_cmpuint (places, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/data/rules-doc/cited-clauses-listed", test_cited_listed);
  g_test_add_func ("/data/rules-doc/places-exist", test_places_exist);
  g_test_add_func ("/data/rules-doc/no-clause-ranges", test_no_ranges);
  return g_test_run ();
}
