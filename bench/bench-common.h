/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-common.h: what several benchmarks share — the verdict printed beside each target,
 * the process's CPU time and the median of runs, the firing arc a ship's arc sector stands
 * for, the removal of a benchmark's own temporary folder, and for the benchmarks of a window
 * (those that include GTK first) the wait for its painted frame. */
#pragma once

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
