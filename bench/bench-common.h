/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-common.h: what several benchmarks share — the verdict printed beside each target,
 * the process's CPU time and the median of runs, the firing arc a ship's arc sector stands
 * for, the removal of a benchmark's own temporary folder, and for the benchmarks of a window
 * (those that include GTK first) the wait for its painted frame. */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "admiralty-engine.h"

/* "met" or "NOT met": @figure against its @target (the same unit; less is better). */
static inline const char *
bench_verdict (double figure,
               double target)
{
  return figure <= target ? "met" : "NOT met";
}

/* Removes @dir, a temporary folder the benchmark made, with everything written into it —
 * files, backups, checkpoint folders (`rm -rf`: GLib removes only empty folders). */
static inline void
bench_remove_tree (const char *dir)
{
  const char *argv[] = { "rm", "-rf", "--", dir, NULL };
  g_autoptr(GError) error = NULL;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                     NULL, &error))
    g_printerr ("could not remove %s: %s\n", dir, error->message);
}

/* The firing arc (AdmArcs) a ship's arc sector stands for (F-FIRE-7), for the benchmarks that
 * declare fire as a master would: only the guns that bear. */
static inline AdmArcs
bench_arc_of (AdmArcSector sector)
{
  switch (sector)
    {
    case ADM_SECTOR_BOW: return ADM_ARC_BOW;
    case ADM_SECTOR_STERN: return ADM_ARC_STERN;
    case ADM_SECTOR_PORT: return ADM_ARC_PORT;
    case ADM_SECTOR_STARBOARD:
    default:
      return ADM_ARC_STARBOARD;
    }
}

/* The CPU time the process has used, in milliseconds. */
static inline double
bench_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* How long the calling thread has waited for a CPU while it could run, in milliseconds
 * (/proc/thread-self/schedstat's second figure; 0 where the kernel does not keep it). A wall
 * time less this is what the thread would have taken with a CPU free: on a machine shared
 * with other builds the wall clock is mostly that wait. */
static inline double
bench_cpu_wait_ms (void)
{
  unsigned long long run = 0, wait = 0;
  FILE *file = fopen ("/proc/thread-self/schedstat", "r");

  if (file == NULL)
    return 0;
  if (fscanf (file, "%llu %llu", &run, &wait) != 2)
    wait = 0;
  fclose (file);
  return wait / 1e6;
}

/* A qsort () comparison of doubles, smallest first. */
static inline int
bench_compare_doubles (const void *a,
                       const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The median of @n figures; @values is left sorted, its last the slowest. */
static inline double
bench_median (double *values,
              guint   n)
{
  qsort (values, n, sizeof (double), bench_compare_doubles);
  return values[n / 2];
}

/* A campaign's scenario: 20 sectors in a line; in the first, formations of 5 Barrayaran
 * cruisers and as many of 5 Komarran ones, @n_per_side ships a side, not allied and so
 * hostile (adm-strategy.c): bench_two_fleets_meet () gives the engagement "c1-1" of
 * @n_per_side ships a side. */
static inline char *
bench_two_fleets_scenario (int n_per_side)
{
  GString *xml = g_string_new ("<scenario id=\"bench\" name=\"Benchmark\" "
                               "ruleset=\"forcon-2010\">\n");
  const struct { const char *faction, *klass, *admiral; } sides[] = {
    { "barrayar", "vorberg", "vorkosigan" },
    { "komarr", "komarran-cruiser", "arozzi" },
  };

  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    g_string_append_printf (xml, "  <admiral id=\"%s\" name=\"Adm. %s\" faction=\"%s\"/>\n",
                            sides[s].admiral, sides[s].admiral, sides[s].faction);
  g_string_append (xml, "  <map>\n");
  for (int s = 0; s < 20; s++)
    g_string_append_printf (xml, "    <sector id=\"s%d\" name=\"Sector %d\" x=\"%d\" y=\"0\"/>\n",
                            s, s, s);
  for (int s = 1; s < 20; s++)
    g_string_append_printf (xml, "    <link from=\"s%d\" to=\"s%d\"/>\n", s - 1, s);
  g_string_append (xml, "  </map>\n");
  for (int f = 0; f < 2 * n_per_side / 5; f++)
    {
      int first = f * 5;

      g_string_append_printf (xml, "  <formation id=\"f%d\" name=\"Formation %d\" "
                                   "faction=\"%s\" sector=\"s0\" flagship=\"ship%d\" "
                                   "admiral=\"%s\">\n",
                              f, f, sides[f % 2].faction, first, sides[f % 2].admiral);
      for (int n = first; n < first + 5; n++)
        g_string_append_printf (xml, "    <ship id=\"ship%d\" name=\"Ship %d\" class=\"%s\" "
                                     "readiness=\"%d\"/>\n", n, n, sides[f % 2].klass,
                                5 + n % 5);
      g_string_append (xml, "  </formation>\n");
    }
  g_string_append (xml, "</scenario>\n");
  return g_string_free (xml, FALSE);
}

/* Cycle 1 of a campaign of bench_two_fleets_scenario (@n_per_side) resolved at @time, every
 * Barrayaran formation ordered to patrol s0 (one action, as a sheet is handed in): a
 * searching order stirs the sector, and the two fleets there meet in "c1-1" (F-STRAT-4,
 * F-STRAT-16). */
static inline void
bench_two_fleets_meet (AdmCampaign *campaign,
                       int          n_per_side,
                       gint64       time)
{
  g_autoptr(GPtrArray) orders = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GError) error = NULL;

  for (int f = 0; f < 2 * n_per_side / 5; f += 2)
    {
      AdmEvent *order = adm_event_new ("order", time);
      g_autofree char *id = g_strdup_printf ("f%d", f);

      adm_event_set (order, "cycle", "1");
      adm_event_set (order, "admiral", "vorkosigan");
      adm_event_set (order, "formation", id);
      adm_event_set (order, "order", "patrol");
      g_ptr_array_add (orders, order);
    }
  if (!adm_campaign_append_all (campaign, orders, &error) ||
      !adm_campaign_resolve_cycle (campaign, NULL, time, &error))
    g_error ("%s", error->message);
}

#ifdef GTK_MAJOR_VERSION

static inline void
bench_after_paint_cb (GdkFrameClock *clock,
                      gpointer       data)
{
  *(gboolean *) data = TRUE;
}

/* Runs the main loop until @window, mapped first if it is not yet, has painted its next
 * frame: the one that shows what was just changed, and only that drawn again. */
static inline void
bench_next_paint (GtkWidget *window)
{
  gboolean painted = FALSE;
  GdkFrameClock *clock;
  gulong handler;

  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  clock = gtk_widget_get_frame_clock (window);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (bench_after_paint_cb),
                              &painted);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
}

static inline void
bench_xdotool_exited_cb (GPid     pid,
                         int      status,
                         gpointer data)
{
  g_spawn_close_pid (pid);
}

/* Runs `xdotool @command` without waiting for it, as a master's keyboard or pointer acts: the
 * window hears it through its event loop. The child is spawned without a copy of the
 * benchmark's memory (GLib's posix_spawn path: its descriptors left open, the child reaped by
 * a watch, not by an intermediate fork): after a fork every page the benchmark writes takes a
 * copy-on-write fault, a cost inside the frames measured that no keyboard puts on the app. */
static inline void
bench_xdotool (const char *command)
{
  g_autofree char *line = g_strconcat ("xdotool ", command, NULL);
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  GPid pid;

  if (!g_shell_parse_argv (line, NULL, &argv, &error) ||
      !g_spawn_async (NULL, argv, NULL,
                      G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL |
                        G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_LEAVE_DESCRIPTORS_OPEN,
                      NULL, NULL, &pid, &error))
    g_error ("%s", error->message);
  g_child_watch_add (pid, bench_xdotool_exited_cb, NULL);
}

/* A frame of @window painted with all of it drawn again. */
static inline void
bench_wait_paint (GtkWidget *window)
{
  while (!gtk_widget_get_mapped (window))
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_queue_draw (window);
  bench_next_paint (window);
}

#endif
