/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-campaign.c: load and replay of a generated 1,000-ship campaign with 10,000 events in a
 * newly started process, its peak memory, and the time of recording one action at 1,000 and
 * 10,000 events. Prints figures with their targets; asserts nothing. */

#include "config.h"

#include <locale.h>

#include <time.h>

#include <sys/resource.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"

#define N_SHIPS 1000
#define N_EVENTS 10000
#define SHIPS_PER_FORMATION 5
#define N_SECTORS 20

/* Classes of one category from the ruleset, to fill formations legally (F-FORM-8). */
static GPtrArray *
classes_of (AdmRuleset  *ruleset,
            AdmCategory  category)
{
  GPtrArray *classes = adm_ruleset_get_classes (ruleset);
  GPtrArray *result = g_ptr_array_new ();

  for (guint i = 0; i < classes->len; i++)
    {
      AdmShipClass *klass = g_ptr_array_index (classes, i);

      if (klass->category == category)
        g_ptr_array_add (result, klass);
    }
  g_assert (result->len > 0);
  return result;
}

static char *
generate_scenario (AdmRuleset *ruleset)
{
  GString *xml = g_string_new (NULL);
  GPtrArray *factions = adm_ruleset_get_factions (ruleset);
  g_autoptr(GPtrArray) capital = classes_of (ruleset, ADM_CATEGORY_CAPITAL);
  g_autoptr(GPtrArray) escort = classes_of (ruleset, ADM_CATEGORY_ESCORT);

  g_string_append (xml, "<scenario id=\"bench\" name=\"Benchmark\" ruleset=\"forcon-2010\">\n"
                        "  <map>\n");
  for (int s = 0; s < N_SECTORS; s++)
    g_string_append_printf (xml, "    <sector id=\"s%d\" name=\"Sector %d\" x=\"%d\" y=\"0\"/>\n",
                            s, s, s);
  for (int s = 1; s < N_SECTORS; s++)
    g_string_append_printf (xml, "    <link from=\"s%d\" to=\"s%d\"/>\n", s - 1, s);
  g_string_append (xml, "  </map>\n");

  for (int f = 0; f < N_SHIPS / SHIPS_PER_FORMATION; f++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, f % factions->len);
      GPtrArray *pool = f % 2 == 0 ? capital : escort;

      g_string_append_printf (xml, "  <formation id=\"f%d\" name=\"Formation %d\" faction=\"%s\" "
                                   "sector=\"s%d\" flagship=\"ship%d\">\n",
                              f, f, faction->id, f % N_SECTORS, f * SHIPS_PER_FORMATION);
      for (int k = 0; k < SHIPS_PER_FORMATION; k++)
        {
          int n = f * SHIPS_PER_FORMATION + k;
          AdmShipClass *klass = g_ptr_array_index (pool, n % pool->len);

          g_string_append_printf (xml, "    <ship id=\"ship%d\" name=\"Ship %d\" class=\"%s\" "
                                       "readiness=\"%d\"/>\n", n, n, klass->id, 2 + n % 10);
        }
      g_string_append (xml, "  </formation>\n");
    }
  g_string_append (xml, "</scenario>\n");
  return g_string_free (xml, FALSE);
}

/* CPU time of this process, user and system, in ms. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

/* Issue 15: recording one action in a campaign of @n events — apply it, then save: the
 * first save after opening writes the file whole (atomic write, fsync, backup), every later
 * one adds the action to the file in place (adm_journal_save (): pwrite + fdatasync). CPU time
 * and wall time, which adds the fsync. */
static void
measure_recording (const char *path,
                   guint       n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  double cpu = 0, wall = 0, first_cpu = 0, first_wall = 0;
  const int runs = 20;

  if (campaign == NULL)
    g_error ("%s", error->message);
  for (int i = 0; i <= runs; i++)
    {
      g_autoptr(AdmEvent) note = adm_event_new ("note", 1795380400 + i);
      gint64 start = g_get_monotonic_time ();
      double cpu_start = cpu_ms ();

      adm_event_set_text (note, "Autosave benchmark");
      if (!adm_campaign_append (campaign, note, &error))
        g_error ("%s", error->message);
      if (i == 0)
        {
          first_cpu = cpu_ms () - cpu_start;
          first_wall = (g_get_monotonic_time () - start) / 1000.0;
          continue;
        }
      cpu += cpu_ms () - cpu_start;
      wall += (g_get_monotonic_time () - start) / 1000.0;
    }
  g_print ("record one action at %5u events: %6.2f ms CPU (target ≤ 2 ms, flat), "
           "%6.2f ms with the fdatasync (mean of %d; added in place)\n", n, cpu / runs,
           wall / runs, runs);
  g_print ("  the first save after opening, written whole: %6.2f ms CPU, %6.2f ms with the "
           "fsync\n", first_cpu, first_wall);
}

static double
ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

static long
peak_rss_kib (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/* Pages this process has touched for the first time so far: each is a page fault, system
 * time that the CPU figure includes. */
static long
page_faults (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_minflt + usage.ru_majflt;
}

/* Run as "bench-campaign --load FILE": load in a fresh process, so that peak memory is the
 * load's own and not the generator's. */
static int
load_only (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) loaded = NULL;
  gint64 start = g_get_monotonic_time ();
  long faults = page_faults ();
  double cpu_start = cpu_ms (), cpu;

  loaded = adm_campaign_open (path, &error);
  cpu = cpu_ms () - cpu_start;
  faults = page_faults () - faults;
  if (loaded == NULL)
    g_error ("%s", error->message);
  /* CPU time beside the wall time: on a shared machine the second waits for the others. The
   * process did nothing before (no ruleset, no schema): this is a cold open, ruleset and
   * schemas included; the process's CPU time since it started adds loading the program. */
  g_print ("open + replay in a new process: %8.1f ms (%.1f ms CPU, %.1f ms CPU since the "
           "process started; %u events)   target ≤ 50 ms at 10,000\n", ms_since (start), cpu,
           cpu_ms (), adm_campaign_get_events (loaded)->len);
  g_print ("peak RSS of that process: %8.1f MiB; page faults while opening: %ld (%.1f MiB "
           "touched)\n", peak_rss_kib () / 1024.0, faults, faults * 4 / 1024.0);
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *scenario_path = NULL;
  g_autofree char *campaign_path = NULL;
  g_autofree char *small_path = NULL;
  g_autofree char *scenario_xml = NULL;
  g_autoptr(AdmCampaign) built = NULL;
  GStatBuf st;

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  if (argc == 3 && g_str_equal (argv[1], "--load"))
    return load_only (argv[2]);
  /* Only here: a process run with --load makes nothing. */
  dir = g_dir_make_tmp ("admiralty-bench-XXXXXX", NULL);
  scenario_path = g_build_filename (dir, "bench-scenario.admiralty", NULL);
  campaign_path = g_build_filename (dir, "bench.admiralty", NULL);
  small_path = g_build_filename (dir, "bench-1000.admiralty", NULL);
  ruleset = adm_ruleset_load ("forcon-2010", &error);
  if (ruleset == NULL)
    g_error ("%s", error->message);

  scenario_xml = generate_scenario (ruleset);
  g_assert (g_file_set_contents (scenario_path, scenario_xml, -1, NULL));
  built = adm_campaign_open (scenario_path, &error);
  if (built == NULL)
    g_error ("%s", error->message);

  /* 10,000 events: rolls, damage, readiness changes and orders, as a long game would have. */
  for (int i = 0; i < N_EVENTS; i++)
    {
      g_autofree char *ship = g_strdup_printf ("ship%d", (i * 7) % N_SHIPS);
      g_autofree char *formation = g_strdup_printf ("f%d", i % (N_SHIPS / SHIPS_PER_FORMATION));
      g_autoptr(AdmEvent) event = NULL;
      gint64 time = 1795370400 + i;

      switch (i % 4)
        {
        case 0:
          {
            AdmDiceRequest request = { 2, 6, "Readiness check", "F-RDY-2" };
            guint values[2];

            if (!adm_campaign_roll (built, NULL, &request, time, values, &error))
              g_error ("%s", error->message);
          }
          continue;
        case 1:
          {
            AdmShipState *state = adm_state_get_ship (adm_campaign_get_state (built), ship);

            /* F-CRIT-7: a ship with no hull left takes no more damage; log a note instead. */
            if (state->damage < state->ship->klass->hull)
              {
                event = adm_event_new ("damage", time);
                adm_event_set (event, "ship", ship);
                adm_event_set (event, "points", "1");
              }
            else
              {
                event = adm_event_new ("note", time);
                adm_event_set_text (event, "The hulk drifts.");
              }
          }
          break;
        case 2:
          event = adm_event_new ("readiness", time);
          adm_event_set (event, "ship", ship);
          adm_event_set (event, "delta", i % 8 == 2 ? "-1" : "1");
          break;
        default:
          event = adm_event_new ("order", time);
          adm_event_set (event, "formation", formation);
          adm_event_set_text (event, "Patrol the sector and report contacts.");
          break;
        }
      if (!adm_campaign_append (built, event, &error))
        g_error ("%s", error->message);
      /* The 1,000-event copy is written beside, not saved as: a save would make it the file
       * the next 9,000 events autosave into, and both figures would measure 10,000 events. */
      if (i + 1 == 1000)
        {
          gsize length;
          g_autofree char *data = adm_campaign_serialize (built, &length);

          if (!g_file_set_contents (small_path, data, (gssize) length, &error))
            g_error ("%s", error->message);
        }
    }
  if (!adm_campaign_save (built, campaign_path, &error))
    g_error ("%s", error->message);
  g_stat (campaign_path, &st);

  g_print ("campaign: %d ships, %d events, file %.1f MiB\n", N_SHIPS, N_EVENTS,
           st.st_size / 1048576.0);
  {
    const char *child[] = { argv[0], "--load", campaign_path, NULL };
    g_autofree char *out = NULL;
    int status;

    if (!g_spawn_sync (NULL, (char **) child, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL,
                       &status, &error))
      g_error ("%s", error->message);
    g_print ("%s", out);
  }

  measure_recording (small_path, 1000);
  measure_recording (campaign_path, N_EVENTS);

  if (g_getenv ("ADMIRALTY_BENCH_KEEP") != NULL)
    {
      g_print ("kept: %s\n", campaign_path);
      return 0;
    }
  {
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (listing)) != NULL)
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);

        g_remove (file);
      }
    /* Building the 10,000 events saved nothing else: no checkpoint folder to remove. */
    g_rmdir (dir);
  }
  return 0;
}
