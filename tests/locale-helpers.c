/* SPDX-License-Identifier: GPL-3.0-or-later */
/* locale-helpers.c: the comma locales for the CLI runs of the tests (locale-helpers.h). */

#include "config.h"

#include <string.h>
#include <glib.h>

#include "file-helpers.h"
#include "locale-helpers.h"

const char * const comma_locale_names[] = { "de_DE.UTF-8", "ru_RU.UTF-8", NULL };

gboolean
comma_locale_usable (const char *name,
                     const char *dir)
{
  const char *argv[] = { "locale", "decimal_point", NULL };
  char **envp = g_get_environ ();
  g_autofree char *out = NULL;
  int status = 0;
  gboolean ok;

  envp = g_environ_setenv (envp, "LC_ALL", name, TRUE);
  envp = dir != NULL ? g_environ_setenv (envp, "LOCPATH", dir, TRUE)
                     : g_environ_unsetenv (envp, "LOCPATH");
  ok = g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_SEARCH_PATH |
                     G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL) &&
       g_spawn_check_wait_status (status, NULL);
  g_strfreev (envp);
  if (!ok)
    return FALSE;
  g_strchomp (out);
  return g_str_equal (out, g_str_has_prefix (name, "C") ? "." : ",");
}

void
comma_locales_ensure (CommaLocales *self)
{
  g_autoptr(GError) error = NULL;

  memset (self, 0, sizeof *self);
  if (!comma_locale_usable ("C", NULL))
    {
      self->problem = g_strdup ("locale(1) does not answer “locale decimal_point” with “.” "
                                "in the C locale: the locales cannot be checked");
      return;
    }
  self->c_utf8 = comma_locale_usable ("C.UTF-8", NULL);
  if (!self->c_utf8)
    {
      self->problem = g_strdup ("the locale C.UTF-8 is not installed");
      return;
    }
  if (comma_locale_usable ("de_DE.UTF-8", NULL) && comma_locale_usable ("ru_RU.UTF-8", NULL))
    return;
  self->dir = g_dir_make_tmp ("admiralty-locales-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint i = 0; comma_locale_names[i] != NULL && self->problem == NULL; i++)
    {
      const char *name = comma_locale_names[i];
      g_autofree char *input = g_strndup (name, strcspn (name, "."));
      g_autofree char *output = g_build_filename (self->dir, name, NULL);
      const char *argv[] = { "localedef", "-i", input, "-f", "UTF-8", output, NULL };
      g_autofree char *err = NULL;
      int status = 0;

      if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH |
                         G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status, NULL) ||
          !g_spawn_check_wait_status (status, NULL))
        self->problem = g_strdup_printf ("the locale %s is not installed and localedef could "
                                         "not make it (install the package “locales”): %s",
                                         name, err != NULL ? err : "");
    }
  for (guint i = 0; comma_locale_names[i] != NULL && self->problem == NULL; i++)
    if (!comma_locale_usable (comma_locale_names[i], self->dir))
      self->problem = g_strdup_printf ("the locale %s made by localedef does not load",
                                       comma_locale_names[i]);
}

void
comma_locales_clear (CommaLocales *self)
{
  if (self->dir != NULL)
    remove_tree (self->dir);
  g_clear_pointer (&self->dir, g_free);
  g_clear_pointer (&self->problem, g_free);
}
