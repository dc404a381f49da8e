/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-helpers.c: see text-helpers.h. */
#include "config.h"

#include <string.h>

#include "text-helpers.h"

char *
squeeze (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n\f\r", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_string_append_printf (out, out->len > 0 ? " %s" : "%s", words[i]);
  return g_string_free (out, FALSE);
}

char *
tool_output (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  /* Descriptors left open lets GLib start the tool with posix_spawn () rather than fork (),
   * whose copy of a large test program (a window, its pictures) costs more than the tool's
   * run; GLib opens its own descriptors close-on-exec, and the tool only reads a file. */
  g_spawn_sync (NULL, (char **) argv, NULL,
                G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_LEAVE_DESCRIPTORS_OPEN,
                NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  return out;
}

char *
pdf_text (const char *path)
{
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", path, "-", NULL };
  g_autofree char *out = tool_output (argv);

  return squeeze (out);
}

guint
pdf_page_with (const char *path,
               const char *words)
{
  const char *info_argv[] = { "pdfinfo", path, NULL };
  g_autofree char *info = tool_output (info_argv);
  const char *pages = strstr (info, "Pages:");
  guint n;

  g_assert_nonnull (pages);
  n = (guint) g_ascii_strtoull (pages + strlen ("Pages:"), NULL, 10);
  for (guint page = 1; page <= n; page++)
    {
      g_autofree char *number = g_strdup_printf ("%u", page);
      const char *argv[] = { "pdftotext", "-enc", "UTF-8", "-f", number, "-l", number, path,
                             "-", NULL };
      g_autofree char *raw = tool_output (argv);
      g_autofree char *text = squeeze (raw);

      if (strstr (text, words) != NULL)
        return page;
    }
  g_error ("%s: no page of %u holds “%s”", path, n, words);
}

void
pdf_page_picture (const char *path,
                  guint       page,
                  guint       dpi,
                  const char *name)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  g_autofree char *resolution = g_strdup_printf ("%u", dpi);
  g_autofree char *stem = NULL, *out = NULL, *said = NULL;

  g_assert_true (g_str_has_suffix (name, ".png"));
  stem = g_strndup (name, strlen (name) - strlen (".png"));
  out = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "tests", stem, NULL);
  {
    /* -singlefile: OUT.png, not OUT-PAGE.png. */
    const char *argv[] = { "pdftoppm", "-png", "-r", resolution, "-f", number, "-l", number,
                           "-singlefile", path, out, NULL };

    said = tool_output (argv);
  }
  g_test_message ("picture: %s.png", out);
}

void
assert_contains (const char *text,
                 const char *needle,
                 const char *where)
{
  if (strstr (text, needle) == NULL)
    g_error ("%s: “%s” is not in:\n%s", where, needle, text);
}

void
assert_lacks (const char *text,
              const char *needle,
              const char *where)
{
  if (strstr (text, needle) != NULL)
    g_error ("%s: “%s” leaked into:\n%s", where, needle, text);
}
