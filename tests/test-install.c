/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-install.c: installed copies never leak into the build's runs.
 *
 * The build is installed into a temporary folder (`meson install --destdir`), its rules are
 * spoiled there on purpose, and that spoiled copy is put first on the default rules path
 * ($XDG_DATA_HOME/admiralty/rules). Without ADMIRALTY_RULES_PATH the CLI finds it and says
 * so (the copy is really on the path); with it, as `meson test` and `meson devenv` set it, the
 * CLI and the suite that once read an installed copy (ti4-fleet) use the source tree's rules
 * and pass. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "file-helpers.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

/* Runs @argv with the environment @envp; TRUE when it exited 0. */
static gboolean
run (char **argv,
     char **envp,
     Run   *result)
{
  g_autoptr(GError) error = NULL;

  if (!g_spawn_sync (NULL, argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &result->out,
                     &result->err, &result->status, &error))
    g_error ("%s: %s", argv[0], error->message);
  return g_spawn_check_wait_status (result->status, NULL);
}

/* Overwrites every .xml file under @path with a document no loader accepts; returns how many. */
static guint
spoil_xml (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  guint n = 0;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        n += spoil_xml (child);
      else if (g_str_has_suffix (name, ".xml"))
        {
          g_assert_true (g_file_set_contents (child, "<spoiled-installed-copy/>\n", -1, NULL));
          n++;
        }
    }
  return n;
}

static void
test_installed_copy_never_read (void)
{
  const char *build = g_getenv ("ADMIRALTY_BUILD_DIR");
  const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");
  const char *rules = g_getenv ("ADMIRALTY_RULES_PATH");
  g_autofree char *dest = g_dir_make_tmp ("admiralty-install-XXXXXX", NULL);
  g_autofree char *root = NULL;
  g_autofree char *share = NULL;
  g_autofree char *installed_rules = NULL;
  g_autofree char *cli = NULL;
  g_autofree char *campaign = NULL;
  g_autofree char *ti4_fleet = NULL;
  g_auto(GStrv) envp = NULL;
  Run result = { 0 };
  static const char * const installed[] = {
    "bin/admiralty", "bin/admiralty-cli",
    "share/admiralty/rules/forcon-2010.xml", "share/admiralty/rules/forcon-2010-classes.xml",
    "share/admiralty/rules/ti4/units.xml",
    "share/admiralty/scenarios/komarr-campaign.admiralty",
    "share/admiralty/scenarios/komarr-campaign.sheets/komarr-cycle-1-ghem-sarlat.xml",
    "share/admiralty/scenarios/skirmish.sheets/skirmish-cycle-1-vorkosigan.xml",
    "share/glib-2.0/schemas/" APP_ID ".gschema.xml",
    "share/applications/" APP_ID ".desktop",
    "share/metainfo/" APP_ID ".metainfo.xml",
    "share/mime/packages/" APP_ID ".mime.xml",
    /* The licence's text, which a packager or a master copying it to a friend's laptop needs. */
    "share/licenses/admiralty/COPYING",
  };

  g_assert_nonnull (build);
  g_assert_nonnull (source);
  g_assert_nonnull (rules);
  g_assert_nonnull (dest);

  /* Installed into the temporary folder, as `meson install` would under the prefix. */
  {
    char *argv[] = { (char *) MESON_PATH, (char *) "install", (char *) "-C", (char *) build,
                     (char *) "--no-rebuild", (char *) "--quiet", (char *) "--destdir", dest,
                     NULL };
    g_auto(GStrv) install_env = g_environ_unsetenv (g_get_environ (), "MESON_BUILD_ROOT");

    if (!run (argv, install_env, &result))
      g_error ("meson install failed (%d):\n%s%s", result.status, result.out, result.err);
    run_clear (&result);
  }
  root = g_build_filename (dest, PREFIX, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (installed); i++)
    {
      g_autofree char *path = g_build_filename (root, installed[i], NULL);

      g_test_message ("installed: %s", path);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }

  /* The licence installed is the GPL's own text, version 3, as every source file's SPDX line
   * and the metainfo say. */
  {
    g_autofree char *path = g_build_filename (root, "share", "licenses", "admiralty", "COPYING",
                                              NULL);
    g_autofree char *text = NULL;

    g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
    g_assert_nonnull (strstr (text, "GNU GENERAL PUBLIC LICENSE"));
    g_assert_nonnull (strstr (text, "Version 3, 29 June 2007"));
    g_assert_nonnull (strstr (text, "any later version"));
  }

  /* The installed rules spoiled, and first on the default path. */
  share = g_build_filename (root, "share", NULL);
  installed_rules = g_build_filename (share, "admiralty", "rules", NULL);
  g_assert_cmpuint (spoil_xml (installed_rules), ==, 3);
  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "XDG_DATA_HOME", share, TRUE);
  envp = g_environ_unsetenv (envp, "ADMIRALTY_RULES_PATH");

  cli = g_build_filename (build, "src", "cli", "admiralty-cli", NULL);
  campaign = g_build_filename (source, "scenarios", "komarr-campaign.admiralty", NULL);
  {
    char *argv[] = { cli, (char *) "validate", campaign, NULL };

    /* Nothing says otherwise: the spoiled copy is read, and named. */
    g_assert_false (run (argv, envp, &result));
    g_test_message ("%s", result.err);
    g_assert_nonnull (strstr (result.err, installed_rules));
    run_clear (&result);

    /* As meson test and meson devenv run it: the source tree's rules only. */
    envp = g_environ_setenv (envp, "ADMIRALTY_RULES_PATH", rules, TRUE);
    if (!run (argv, envp, &result))
      g_error ("validate read an installed copy:\n%s%s", result.out, result.err);
    g_assert_null (strstr (result.err, installed_rules));
    run_clear (&result);
  }

  /* The suite that failed after an install ("'none' should be NULL"), run beside it. */
  ti4_fleet = g_build_filename (build, "tests", "test-ti4-fleet", NULL);
  {
    char *argv[] = { ti4_fleet, NULL };

    if (!run (argv, envp, &result))
      g_error ("test-ti4-fleet with an installed copy beside it:\n%s%s", result.out,
               result.err);
    g_assert_nonnull (strstr (result.out, "ok "));
    g_assert_null (strstr (result.out, "not ok"));
    run_clear (&result);
  }

  remove_tree (dest);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/data/install/installed-copy-never-read",
                   test_installed_copy_never_read);
  return g_test_run ();
}
