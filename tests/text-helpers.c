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

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
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
