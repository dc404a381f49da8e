/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-start.c: start to first frame. The CPU time, user and system, that a new
 * process of the app spends until its window has painted its first frame on the Komarr
 * campaign, against the same for an empty libadwaita window: the difference is Admiralty's
 * own. Target: 150 ms of its own. Needs a display (run it under `xvfb-run -a`); draws with
 * GTK's Cairo renderer unless GSK_RENDERER says otherwise; prints figures, asserts nothing.
 *
 *   bench-start           both, alternately, N_RUNS times each; medians
 *   bench-start --empty   one empty window (what the first mode starts)
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "admiralty-application.h"
#include "bench-common.h"

#define N_RUNS      7
#define TARGET_OWN 150.0  /* ms of Admiralty's own CPU over an empty libadwaita window */

static void
empty_activate (GApplication *application)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (application));

  /* The app's window's size (src/app/shell/admiralty-window.ui). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
}

static int
run_empty (char *argv[])
{
  g_autoptr(AdwApplication) app = adw_application_new ("io.github.admiralty.BenchEmpty",
                                                       G_APPLICATION_DEFAULT_FLAGS);

  g_signal_connect (app, "activate", G_CALLBACK (empty_activate), NULL);
  admiralty_application_report_first_frame (GTK_APPLICATION (app));
  return g_application_run (G_APPLICATION (app), 1, argv);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The "first frame: X ms CPU" that @argv prints, in ms; a failure stops the benchmark. */
static double
first_frame_ms (char       **argv,
                char       **envp)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *line;
  int status = 0;

  if (!g_spawn_sync (NULL, argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
                     &error))
    g_error ("%s: %s", argv[0], error->message);
  line = out != NULL ? strstr (out, "first frame: ") : NULL;
  if (line == NULL)
    g_error ("%s printed no first frame (exit status %d):\n%s%s", argv[0], status,
             out != NULL ? out : "", err != NULL ? err : "");
  return g_ascii_strtod (line + strlen ("first frame: "), NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *self = NULL;
  g_autofree char *app = NULL;
  g_autofree char *campaign = NULL;
  g_autofree char *home = NULL;
  g_autofree char *schemas = NULL;
  g_auto(GStrv) envp = NULL;
  double empty[N_RUNS], full[N_RUNS];
  const char *build = g_getenv ("ADMIRALTY_BUILD_DIR");
  const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");

  if (argc > 1 && g_str_equal (argv[1], "--empty"))
    return run_empty (argv);
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("bench-start needs a display: run it under “xvfb-run -a”\n");
      return 77;
    }
  if (build == NULL || source == NULL)
    {
      g_printerr ("bench-start needs ADMIRALTY_BUILD_DIR and ADMIRALTY_SOURCE_DIR "
                  "(meson test -C build --benchmark sets them)\n");
      return 2;
    }

  self = g_file_read_link ("/proc/self/exe", NULL);
  app = g_build_filename (build, "src", "app", "admiralty", NULL);
  campaign = g_build_filename (source, "scenarios", "komarr-campaign.admiralty", NULL);
  schemas = g_build_filename (build, "data", NULL);
  /* Private settings and folders: no session to restore, no recent files. */
  home = g_dir_make_tmp ("admiralty-bench-start-XXXXXX", NULL);
  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "ADMIRALTY_REPORT_FIRST_FRAME", "1", TRUE);
  envp = g_environ_setenv (envp, "GSETTINGS_BACKEND", "memory", TRUE);
  /* Under Xvfb GTK's GL renderer is Mesa's software one, whose shader compiling would be
   * most of both figures: Cairo, unless the caller chose a renderer. */
  envp = g_environ_setenv (envp, "GSK_RENDERER", "cairo", FALSE);
  envp = g_environ_setenv (envp, "GSETTINGS_SCHEMA_DIR", schemas, TRUE);
  envp = g_environ_setenv (envp, "XDG_CONFIG_HOME", home, TRUE);
  envp = g_environ_setenv (envp, "XDG_DATA_HOME", home, TRUE);
  envp = g_environ_setenv (envp, "XDG_STATE_HOME", home, TRUE);
  envp = g_environ_setenv (envp, "XDG_CACHE_HOME", home, TRUE);

  for (int r = 0; r < N_RUNS; r++)
    {
      char *empty_argv[] = { self, (char *) "--empty", NULL };
      char *app_argv[] = { app, campaign, NULL };

      /* Alternately, so that a change in the machine's load falls on both. */
      empty[r] = first_frame_ms (empty_argv, envp);
      full[r] = first_frame_ms (app_argv, envp);
    }
  qsort (empty, N_RUNS, sizeof empty[0], compare_doubles);
  qsort (full, N_RUNS, sizeof full[0], compare_doubles);
  g_print ("start to first frame, CPU since the process started, median of %d:\n", N_RUNS);
  g_print ("  an empty libadwaita window:          %6.1f ms (min %.1f)\n", empty[N_RUNS / 2],
           empty[0]);
  g_print ("  Admiralty on the Komarr campaign:    %6.1f ms (min %.1f)\n", full[N_RUNS / 2],
           full[0]);
  g_print ("  Admiralty's own:                     %6.1f ms (target <= %.0f ms: %s)\n",
           full[N_RUNS / 2] - empty[N_RUNS / 2], TARGET_OWN,
           bench_verdict (full[N_RUNS / 2] - empty[N_RUNS / 2], TARGET_OWN));
  /* Only the benchmark's own temporary folder, with what the app wrote into it. */
  bench_remove_tree (home);
  return 0;
}
