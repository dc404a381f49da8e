/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c: runs the Admiralty application. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-application.h"
#include "adm-file.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdmiraltyApplication) app = NULL;

  /* The build tree's catalogues when run uninstalled (adm_file_locale_dir ()). */
  bindtextdomain (GETTEXT_PACKAGE, adm_file_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = admiralty_application_new (APP_ID, G_APPLICATION_HANDLES_OPEN);

  return g_application_run (G_APPLICATION (app), argc, argv);
}
