/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: runs the Admiralty application. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-application.h"
#include "adm-file.h"
#include "adm-portal.h"

/* Installed under a prefix the desktop does not search (--prefix=/opt/admiralty, ~/.local):
 * its settings schema, icons and MIME data are found there all the same, instead of the
 * program stopping at "Settings schema … is not installed". Run from the build tree
 * (GSETTINGS_SCHEMA_DIR, meson devenv) nothing changes. */
static void
find_own_data (void)
{
  /* The environment itself, not g_get_system_data_dirs (), which would keep what it read
   * before the change. */
  const char *current = g_getenv ("XDG_DATA_DIRS");
  g_auto(GStrv) dirs = g_strsplit (current != NULL && current[0] != '\0'
                                   ? current : "/usr/local/share/:/usr/share/",
                                   G_SEARCHPATH_SEPARATOR_S, -1);
  g_autofree char *schemas = g_build_filename (DATADIR, "glib-2.0", "schemas",
                                               "gschemas.compiled", NULL);
  g_autofree char *joined = NULL;
  g_autofree char *value = NULL;

  if (g_getenv ("GSETTINGS_SCHEMA_DIR") != NULL || !g_file_test (schemas, G_FILE_TEST_EXISTS))
    return;
  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *dir = g_canonicalize_filename (dirs[i], "/");

      if (g_str_equal (dir, DATADIR))
        return;
    }
  joined = g_strjoinv (G_SEARCHPATH_SEPARATOR_S, dirs);
  value = g_strconcat (DATADIR, G_SEARCHPATH_SEPARATOR_S, joined, NULL);
  g_setenv ("XDG_DATA_DIRS", value, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdmiraltyApplication) app = NULL;

  find_own_data ();
  adm_portal_raise_file_limit ();

  /* The build tree's catalogues when run uninstalled (adm_file_locale_dir ()). */
  bindtextdomain (GETTEXT_PACKAGE, adm_file_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The name a refusal gives another program that would write a campaign open here
   * (adm_file_lock ()). */
  g_set_application_name ("Admiralty");
  app = admiralty_application_new (APP_ID, G_APPLICATION_HANDLES_OPEN);
  /* bench/bench-start.c: start to first frame. */
  if (g_getenv ("ADMIRALTY_REPORT_FIRST_FRAME") != NULL)
    admiralty_application_report_first_frame (GTK_APPLICATION (app));

  return g_application_run (G_APPLICATION (app), argc, argv);
}
