/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-screenshots-list.c: every picture of the app the docs show is retaken by a test.
 * docs/screenshots/pictures.list names, for each picture, the test that takes it (and
 * docs/screenshots/make.sh runs them); a picture that README.md, the docs/ folder's .md files or the metainfo
 * shows and the list does not name would go stale unseen. Each line of the list names a
 * picture kept in the repository and a test tests/meson.build registers. */
#include "config.h"

#include <string.h>
#include <glib.h>

#include "file-helpers.h"

/* The pictures of pictures.list, each mapped to its line's test. */
static GHashTable *
listed_pictures (void)
{
  g_autofree char *path = source_path ("docs", "screenshots", "pictures.list", NULL);
  g_autofree char *text = file_contents (path);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GRegex) part = g_regex_new ("^[0-9]+x[0-9]+\\+[0-9]+\\+[0-9]+$", 0, 0, NULL);
  GHashTable *listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_autoptr(GPtrArray) words = g_ptr_array_new ();

      if (lines[i][0] == '#' || g_strstrip (lines[i])[0] == '\0')
        continue;
      fields = g_strsplit_set (lines[i], " \t", -1);
      for (guint j = 0; fields[j] != NULL; j++)
        if (fields[j][0] != '\0')
          g_ptr_array_add (words, fields[j]);
      if (words->len != 3 && words->len != 4)
        g_error ("%s:%u: \"%s\" is not PICTURE TEST TAKEN [WxH+X+Y]", path, i + 1, lines[i]);
      if (!g_str_has_suffix (words->pdata[2], ".png"))
        g_error ("%s:%u: the picture taken, %s, is not a PNG", path, i + 1,
                 (char *) words->pdata[2]);
      if (words->len == 4 && !g_regex_match (part, words->pdata[3], 0, NULL))
        g_error ("%s:%u: %s is not a part of a picture, WIDTHxHEIGHT+X+Y", path, i + 1,
                 (char *) words->pdata[3]);
      if (!g_hash_table_insert (listed, g_strdup (words->pdata[0]), g_strdup (words->pdata[1])))
        g_error ("%s:%u: %s is listed twice", path, i + 1, (char *) words->pdata[0]);
    }
  return listed;
}

/* Adds to @shown each picture @text names by @pattern (its first group a name of
 * @folder), as a path in the source tree. */
static void
add_named (GHashTable *shown,
           const char *text,
           const char *pattern,
           const char *folder)
{
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  g_assert_nonnull (regex);
  for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      g_autofree char *name = g_match_info_fetch (match, 1);

      g_hash_table_add (shown, g_strconcat (folder, "/", name, NULL));
    }
}

/* The pictures README.md, the docs/ folder's .md files and the metainfo show, as paths in the source tree. */
static GHashTable *
shown_pictures (void)
{
  GHashTable *shown = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *docs = source_path ("docs", NULL);
  g_autofree char *readme = source_path ("README.md", NULL);
  g_autofree char *readme_text = file_contents (readme);
  g_autofree char *metainfo = source_path ("data", "io.github.admiralty.Admiralty.metainfo.xml.in",
                                           NULL);
  g_autofree char *metainfo_text = file_contents (metainfo);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (docs, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".md"))
      {
        g_autofree char *path = g_build_filename (docs, name, NULL);
        g_autofree char *text = file_contents (path);

        add_named (shown, text, "\\]\\(screenshots/([A-Za-z0-9._-]+\\.png)\\)",
                   "docs/screenshots");
      }
  add_named (shown, readme_text, "\\]\\(docs/screenshots/([A-Za-z0-9._-]+\\.png)\\)",
             "docs/screenshots");
  add_named (shown, metainfo_text, "/data/screenshots/([A-Za-z0-9._-]+\\.png)<",
             "data/screenshots");
  return shown;
}

/* Each picture the docs show has a line in the list. */
static void
test_every_picture_taken (void)
{
  g_autoptr(GHashTable) listed = listed_pictures ();
  g_autoptr(GHashTable) shown = shown_pictures ();
  g_autoptr(GString) untaken = g_string_new (NULL);
  GHashTableIter iter;
  gpointer picture;

  /* The manual's first picture, the metainfo's and the README's are found. */
  g_assert_true (g_hash_table_contains (shown, "docs/screenshots/main-window.png"));
  g_assert_true (g_hash_table_contains (shown, "docs/screenshots/battle.png"));
  g_assert_true (g_hash_table_contains (shown, "data/screenshots/orders.png"));
  g_hash_table_iter_init (&iter, shown);
  while (g_hash_table_iter_next (&iter, &picture, NULL))
    if (!g_hash_table_contains (listed, picture))
      g_string_append_printf (untaken, " %s", (char *) picture);
  if (untaken->len > 0)
    g_error ("shown in the docs, but no test in docs/screenshots/pictures.list takes them:%s",
             untaken->str);
}

/* Each line of the list names a picture in the repository and a test tests/meson.build
 * registers. */
static void
test_lines_known (void)
{
  g_autoptr(GHashTable) listed = listed_pictures ();
  g_autofree char *meson = source_path ("tests", "meson.build", NULL);
  g_autofree char *meson_text = file_contents (meson);
  GHashTableIter iter;
  gpointer picture, test;

  g_assert_cmpuint (g_hash_table_size (listed), >, 0);
  g_hash_table_iter_init (&iter, listed);
  while (g_hash_table_iter_next (&iter, &picture, &test))
    {
      g_autofree char *path = source_path (picture, NULL);
      g_autofree char *entry = g_strdup_printf ("{'name': '%s',", (char *) test);

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_error ("docs/screenshots/pictures.list: %s is not in the repository",
                 (char *) picture);
      if (strstr (meson_text, entry) == NULL)
        g_error ("docs/screenshots/pictures.list: %s's test %s is not in tests/meson.build",
                 (char *) picture, (char *) test);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/data/screenshots-list/every-picture-taken", test_every_picture_taken);
  g_test_add_func ("/data/screenshots-list/lines-known", test_lines_known);
  return g_test_run ();
}
