/* SPDX-License-Identifier: GPL-3.0-or-later */
/* file-helpers.c: see file-helpers.h. */
#include "config.h"

#include <stdarg.h>

#include "file-helpers.h"

void
remove_tree (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
      g_rmdir (path);
    }
  else
    g_remove (path);
}

void
remove_folder (const char *path)
{
  remove_tree (path);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
}

char *
source_path (const char *first,
             ...)
{
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_assert_nonnull (root);
  g_ptr_array_add (parts, (gpointer) root);
  g_ptr_array_add (parts, (gpointer) first);
  va_start (args, first);
  for (const char *part = va_arg (args, const char *); part != NULL;
       part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

char *
file_contents (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}
