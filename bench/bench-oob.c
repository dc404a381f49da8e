/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-oob.c: an order of battle read from a spreadsheet's CSV as `admiralty-cli scenario
 * import-oob` reads it (adm_scenario_edit_import_oob ()): both files read, every row checked,
 * the scenario document edited, then written atomically — 500 ships in 100 formations of 20
 * admirals onto a map of 16 sectors. Then 10,000 ships for the growth, the refusal of 10,001
 * and of a 100 MB file, and the export. Prints figures with their targets; asserts nothing. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <time.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-file.h"
#include "bench-common.h"

#define RUNS 21
#define TARGET_MS 1000.0

static const char * const factions[] = { "barrayar", "cetaganda", "komarr", "vervain", "pol",
                                         "aslund", "dendarii", "jacksons-whole" };
/* Escorts and capital ships, kept apart by formation (F-FORM-8). */
static const char * const classes[] = { "vorpatril", "frigate", "vorberg", "vorkalloner" };

/* A scenario to read the CSV into: a map of 16 sectors in a grid of 4 by 4 with their links,
 * and the one formation a scenario must hold, which the CSV replaces. */
static char *
generate_scenario (void)
{
  GString *xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<scenario id=\"bench\" name=\"Benchmark\" ruleset=\"forcon-2010\">\n"
                               "  <description>A map of 16 sectors.</description>\n"
                               "  <map>\n");

  for (guint s = 0; s < 16; s++)
    g_string_append_printf (xml, "    <sector id=\"s%u\" name=\"Sector %u\" x=\"%u\" y=\"%u\"/>\n",
                            s, s, (s % 4) * 100, (s / 4) * 100);
  for (guint s = 0; s < 16; s++)
    {
      if (s % 4 != 3)
        g_string_append_printf (xml, "    <link from=\"s%u\" to=\"s%u\"/>\n", s, s + 1);
      if (s < 12)
        g_string_append_printf (xml, "    <link from=\"s%u\" to=\"s%u\"/>\n", s, s + 4);
    }
  g_string_append (xml, "  </map>\n"
                        "  <formation id=\"first\" name=\"First\" faction=\"barrayar\" sector=\"s0\"\n"
                        "             flagship=\"one\">\n"
                        "    <ship id=\"one\" name=\"One\" class=\"frigate\" readiness=\"6\"/>\n"
                        "  </formation>\n"
                        "</scenario>\n");
  return g_string_free (xml, FALSE);
}

/* @ships rows: formations of 5 ships of one class, flagship and two next in command, each
 * admiral (of 20, by name, new to the scenario) commanding several, sectors by name. */
static char *
generate_csv (guint ships)
{
  GString *csv = g_string_new ("admiral,faction,formation,ship,class,readiness,command,sector,"
                               "hidden\n");

  for (guint n = 0; n < ships; n++)
    {
      guint f = n / 5, admiral = f % 20;

      g_string_append_printf (csv, "Adm. Number %u,%s,\"Formation %u, Line\",Ship %u,%s,%u,%s,"
                                   "Sector %u,%s\n", admiral,
                              factions[admiral % G_N_ELEMENTS (factions)], f, n,
                              classes[f % G_N_ELEMENTS (classes)], 3 + n % 8,
                              n % 5 == 0 ? "1" : n % 5 == 1 ? "2" : n % 5 == 2 ? "3" : "",
                              f % 16, f % 7 == 0 ? "yes" : "");
    }
  return g_string_free (csv, FALSE);
}

static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
write_file (const char *path,
            const char *data,
            gsize       length)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, data, (gssize) length, &error))
    g_error ("%s", error->message);
}

/* The median and the slowest of @runs reads of @csv_path into a fresh copy of @scenario, each
 * written back as import-oob writes it; whether the last was accepted. */
static gboolean
time_imports (const char *dir,
              const char *scenario,
              const char *csv_path,
              guint       runs,
              double     *median,
              double     *slowest)
{
  g_autofree char *path = g_build_filename (dir, "bench.admiralty", NULL);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  gboolean accepted = FALSE;

  for (guint run = 0; run < runs; run++)
    {
      g_autoptr(GPtrArray) problems = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmScenarioEdit) edit = NULL;
      g_autofree char *csv = NULL;
      const char *data;
      gsize length = 0, csv_length = 0;
      double start, took;

      write_file (path, scenario, strlen (scenario));
      start = cpu_ms ();
      edit = adm_scenario_edit_open (path, &error);
      csv = adm_oob_read_csv (csv_path, &csv_length, &error);
      accepted = csv != NULL &&
                 adm_scenario_edit_import_oob (edit, csv, csv_length, "fleet.csv", NULL,
                                               &problems, &error);
      data = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &length);
      accepted = accepted && adm_file_write_atomically (path, NULL, data, length, NULL);
      took = cpu_ms () - start;
      g_array_append_val (times, took);
    }
  g_array_sort (times, compare_double);
  *median = g_array_index (times, double, times->len / 2);
  *slowest = g_array_index (times, double, times->len - 1);
  return accepted;
}

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *scenario = generate_scenario ();
  g_autofree char *csv_path = NULL, *huge_path = NULL, *exported = NULL;
  double median, slowest, start;
  gboolean accepted;
  FILE *huge;

  setlocale (LC_ALL, "");
  dir = g_dir_make_tmp ("bench-oob-XXXXXX", &error);
  g_assert_no_error (error);
  csv_path = g_build_filename (dir, "fleet.csv", NULL);

  {
    g_autofree char *csv = generate_csv (500);

    write_file (csv_path, csv, strlen (csv));
    accepted = time_imports (dir, scenario, csv_path, RUNS, &median, &slowest);
    g_print ("500 ships in 100 formations of 20 admirals read and written (import-oob): "
             "median %.1f ms, slowest of %d %.1f ms CPU (%s); target %.0f ms: %s\n", median,
             RUNS, slowest, accepted ? "accepted" : "REFUSED", TARGET_MS,
             bench_verdict (slowest, TARGET_MS));
  }
  {
    g_autofree char *csv = generate_csv (ADM_OOB_MAX_ROWS);
    g_autofree char *path = g_build_filename (dir, "bench.admiralty", NULL);
    g_autoptr(AdmScenario) loaded = NULL;
    gsize length = 0;

    write_file (csv_path, csv, strlen (csv));
    accepted = time_imports (dir, scenario, csv_path, 5, &median, &slowest);
    g_print ("10,000 ships in 2,000 formations (growth): median %.1f ms, slowest of 5 %.1f ms "
             "CPU (%s); %.1f µs a ship\n", median, slowest, accepted ? "accepted" : "REFUSED",
             median * 1000.0 / ADM_OOB_MAX_ROWS);

    loaded = adm_scenario_load_file (path, &error);
    g_assert_no_error (error);
    start = cpu_ms ();
    exported = adm_oob_export (loaded, &length);
    g_print ("10,000 ships exported as CSV: %.1f ms CPU, %zu bytes\n", cpu_ms () - start,
             (size_t) length);
  }
  {
    g_autofree char *csv = generate_csv (ADM_OOB_MAX_ROWS + 1);

    write_file (csv_path, csv, strlen (csv));
    accepted = time_imports (dir, scenario, csv_path, 5, &median, &slowest);
    g_print ("10,001 ships refused: median %.1f ms, slowest of 5 %.1f ms CPU (%s); target "
             "%.0f ms: %s\n", median, slowest, accepted ? "ACCEPTED" : "refused", TARGET_MS,
             bench_verdict (slowest, TARGET_MS));
  }

  /* Sparse: 100 MB that take no disk and are read no further than the bound. */
  huge_path = g_build_filename (dir, "huge.csv", NULL);
  huge = g_fopen (huge_path, "wb");
  g_assert (huge != NULL);
  fseek (huge, 100 * 1000 * 1000 - 1, SEEK_SET);
  fputc ('\n', huge);
  fclose (huge);
  accepted = time_imports (dir, scenario, huge_path, 5, &median, &slowest);
  g_print ("A 100 MB file refused: median %.1f ms, slowest of 5 %.1f ms CPU (%s); target "
           "%.0f ms: %s\n", median, slowest, accepted ? "ACCEPTED" : "refused", TARGET_MS,
           bench_verdict (slowest, TARGET_MS));

  bench_remove_tree (dir);
  return 0;
}
