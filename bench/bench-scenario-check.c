/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-scenario-check.c: every problem of a scenario listed (adm_scenario_check_all ()) as a
 * scenario editor lists them after each edit — a generated scenario of 200 ships in 40
 * formations on 40 sectors, the ruleset given as the editor keeps it: valid, then with a
 * mistake in every fifth formation. Then 10,000 problems, for the growth. Prints figures with
 * their targets; asserts nothing. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <time.h>

#include "admiralty-engine.h"
#include "bench-common.h"

#define N_SECTORS 40
#define N_FORMATIONS 40
#define SHIPS_PER_FORMATION 5
#define RUNS 50
#define TARGET_MS 16.0

static const char * const factions[] = { "barrayar", "cetaganda", "komarr", "vervain", "pol",
                                         "aslund", "dendarii", "jacksons-whole" };
/* Escorts and capital ships, kept apart by formation (F-FORM-8). */
static const char * const classes[] = { "vorpatril", "frigate", "vorberg", "vorkalloner" };

/* The scenario: 20 admirals, 40 sectors in a grid of 8 by 5 with their links, 40 formations
 * of 5 ships each with a succession. With @mistakes, every fifth formation has one — a
 * flagship not among its ships, a ship of an unknown class or a readiness of 13, in turn —
 * and two links lead to a sector not on the map. */
static char *
generate_scenario (gboolean mistakes)
{
  GString *xml = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<scenario id=\"bench\" name=\"Benchmark\" ruleset=\"forcon-2010\">\n"
                               "  <description>200 ships, 40 sectors.</description>\n");
  guint ship = 0;

  for (guint a = 0; a < 20; a++)
    g_string_append_printf (xml, "  <admiral id=\"adm%u\" name=\"Adm. Number %u\" "
                                 "faction=\"%s\"/>\n", a, a, factions[a % G_N_ELEMENTS (factions)]);
  g_string_append (xml, "  <map>\n");
  for (guint s = 0; s < N_SECTORS; s++)
    g_string_append_printf (xml, "    <sector id=\"s%u\" name=\"Sector %u\" x=\"%u\" y=\"%u\">"
                                 "<object kind=\"planet\" name=\"Planet %u\"/></sector>\n",
                            s, s, (s % 8) * 100, (s / 8) * 100, s);
  for (guint s = 0; s < N_SECTORS; s++)
    {
      if (s % 8 != 7)
        g_string_append_printf (xml, "    <link from=\"s%u\" to=\"s%u\"/>\n", s, s + 1);
      if (s + 8 < N_SECTORS)
        g_string_append_printf (xml, "    <link from=\"s%u\" to=\"%s%u\"/>\n", s,
                                mistakes && s % 20 == 3 ? "nowhere-" : "s", s + 8);
    }
  g_string_append (xml, "  </map>\n");
  for (guint f = 0; f < N_FORMATIONS; f++)
    {
      guint admiral = f / 2;
      gboolean wrong = mistakes && f % 5 == 0;
      guint first = ship;

      g_string_append_printf (xml, "  <formation id=\"f%u\" name=\"Formation %u\" faction=\"%s\" "
                                   "sector=\"s%u\" flagship=\"ship%u\" admiral=\"adm%u\">\n",
                              f, f, factions[admiral % G_N_ELEMENTS (factions)], (f * 7) % N_SECTORS,
                              wrong && f % 15 == 0 ? first + 100000 : first, admiral);
      for (guint i = 0; i < SHIPS_PER_FORMATION; i++, ship++)
        g_string_append_printf (xml, "    <ship id=\"ship%u\" name=\"Ship %u\" class=\"%s\" "
                                     "readiness=\"%u\"/>\n", ship, ship,
                                wrong && f % 15 == 5 && i == 2 ? "no-such-class"
                                                               : classes[f % G_N_ELEMENTS (classes)],
                                wrong && f % 15 == 10 && i == 3 ? 13 : 4 + ship % 8);
      g_string_append_printf (xml, "    <succession ships=\"ship%u ship%u\"/>\n", first + 1,
                              first + 2);
      g_string_append (xml, "  </formation>\n");
    }
  g_string_append (xml, "</scenario>\n");
  return g_string_free (xml, FALSE);
}

/* 10,000 ships of classes the ruleset does not have, in one formation: 10,000 problems of the
 * loader's; with @schema, 10,000 ships without a class, the schema's. */
static char *
generate_many_problems (gboolean schema)
{
  GString *xml = g_string_new ("<scenario id=\"many\" name=\"Many\" ruleset=\"forcon-2010\">\n"
                               "  <map><sector id=\"a\" name=\"A\" x=\"0\" y=\"0\"/></map>\n"
                               "  <formation id=\"f\" name=\"F\" faction=\"barrayar\" sector=\"a\" "
                               "flagship=\"s0\">\n");

  for (guint i = 0; i < 10000; i++)
    if (schema)
      g_string_append_printf (xml, "    <ship id=\"s%u\" name=\"S %u\" readiness=\"3\"/>\n", i, i);
    else
      g_string_append_printf (xml, "    <ship id=\"s%u\" name=\"S %u\" class=\"nothing-%u\" "
                                   "readiness=\"3\"/>\n", i, i, i);
  g_string_append (xml, "  </formation>\n</scenario>\n");
  return g_string_free (xml, FALSE);
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

/* The median and the slowest of @runs checks of @xml, the number of problems in *@n. */
static void
time_checks (const char *xml,
             AdmRuleset *ruleset,
             guint       runs,
             double     *median,
             double     *slowest,
             guint      *n)
{
  g_autoptr(xmlDoc) doc = xmlReadMemory (xml, (int) strlen (xml), "bench.admiralty", NULL,
                                         XML_PARSE_NONET | XML_PARSE_NOERROR |
                                         XML_PARSE_NOWARNING);
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));

  g_assert (doc != NULL);
  for (guint run = 0; run < runs; run++)
    {
      double start = cpu_ms (), took;
      g_autoptr(GPtrArray) problems = adm_scenario_check_all (xmlDocGetRootElement (doc),
                                                              "bench.admiralty", ruleset);

      took = cpu_ms () - start;
      g_array_append_val (times, took);
      *n = problems->len;
    }
  g_array_sort (times, compare_double);
  *median = g_array_index (times, double, times->len / 2);
  *slowest = g_array_index (times, double, times->len - 1);
}

int
main (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autofree char *valid = generate_scenario (FALSE);
  g_autofree char *wrong = generate_scenario (TRUE);
  g_autofree char *many = generate_many_problems (FALSE);
  g_autofree char *many_schema = generate_many_problems (TRUE);
  double median, slowest, start;
  guint n = 0;

  setlocale (LC_ALL, "");
  ruleset = adm_ruleset_load ("forcon-2010", &error);
  if (ruleset == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  /* The schema compiled and the catalogue read once, as in an editor that has checked
   * before. */
  time_checks (valid, ruleset, 1, &median, &slowest, &n);

  time_checks (valid, ruleset, RUNS, &median, &slowest, &n);
  g_print ("check a 200-ship, 40-sector scenario, valid (%u problems): median %.2f ms, "
           "slowest of %d %.2f ms CPU; target %.0f ms (one frame): %s\n",
           n, median, RUNS, slowest, TARGET_MS, bench_verdict (slowest, TARGET_MS));
  time_checks (wrong, ruleset, RUNS, &median, &slowest, &n);
  g_print ("check a 200-ship, 40-sector scenario, a mistake in every fifth formation (%u "
           "problems): median %.2f ms, slowest of %d %.2f ms CPU; target %.0f ms (one frame): "
           "%s\n", n, median, RUNS, slowest, TARGET_MS, bench_verdict (slowest, TARGET_MS));

  /* The ruleset loaded by the check itself, as admiralty-cli validate --all does. */
  time_checks (valid, NULL, 10, &median, &slowest, &n);
  g_print ("the same valid scenario, its ruleset loaded by the check: median %.2f ms, slowest "
           "of 10 %.2f ms CPU (no target)\n", median, slowest);

  start = cpu_ms ();
  time_checks (many, ruleset, 3, &median, &slowest, &n);
  g_print ("check 10,000 ships of unknown classes (%u problems listed, the last saying how "
           "many more): median %.1f ms CPU, %.1f µs a problem (no target; %.0f ms for the "
           "three runs)\n", n, median, median * 1000.0 / 10000, cpu_ms () - start);
  time_checks (many_schema, ruleset, 3, &median, &slowest, &n);
  g_print ("check 10,000 ships without a class, the schema's problems (%u listed): median "
           "%.1f ms CPU, %.1f µs a problem (no target)\n", n, median, median * 1000.0 / 10000);
  return 0;
}
