/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-campaign.c: opening a campaign after a whole night's play — a generated campaign of
 * 20 admirals played through 6 cycles, every admiral handing in an order sheet each cycle,
 * with 15 battles fought in it and ended, saved and opened in a newly started process,
 * against the target of a whole night opening within 100 ms —; load and replay of a
 * generated 1,000-ship campaign with 10,000 events in a newly started process, its peak
 * memory, and the time of recording one action at 1,000 and 10,000 events; and the night's
 * archives (adm-archive.h), the master's and each admiral's, written in a newly started
 * process, against 10 s, with the memory writing them took beyond the campaign's. Prints
 * figures with their targets; asserts nothing. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <time.h>

#include <sys/resource.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-archive.h"
#include "bench-common.h"

#define N_SHIPS 1000
#define N_EVENTS 10000
#define SHIPS_PER_FORMATION 5
#define N_SECTORS 20
/* A night of play: 6 cycles of 40 minutes from 18:00 (F-STRAT-1). */
#define N_NIGHT_CYCLES 6
#define NIGHT_T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define TARGET_NIGHT_MS 100.0
#define TARGET_ARCHIVES_S 10.0
#define N_NIGHT_ADMIRALS 20
#define N_NIGHT_PAIRS (N_NIGHT_ADMIRALS / 2)
#define NIGHT_FORMATIONS_EACH 2   /* formations an admiral commands */
#define NIGHT_SHIPS_EACH 5        /* ships a formation */
#define N_NIGHT_BATTLES 15
#define NIGHT_BATTLE_TURNS 10

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

/* Recording one action in a campaign of @n events — apply it, then save: the
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
  g_print ("record one action at %5u events: %6.2f ms CPU, %6.2f ms with the fdatasync "
           "(mean of %d; added in place)   target ≤ 2 ms, flat: %s\n", n, cpu / runs,
           wall / runs, runs, bench_verdict (cpu / runs, 2));
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
/* The process's peak resident memory so far (VmHWM), KiB. */
static long
peak_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmHWM:")) == NULL)
    return 0;
  return strtol (line + 6, NULL, 10);
}

/* The night at @path opened, then its archives written into its folder as the master hands
 * them out — his own, the public's (each battle the public was told of, drawn for the public
 * of the campaign at each phase) and one for each side (allied factions fight as one side and
 * see the same, so one of them stands for its alliance; each of its admirals gets that file)
 * — as HTML files: the time, the frames, the bytes, and how far the peak memory rose beyond
 * the campaign opened; the public's on its own too. */
static int
archive_night (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  AdmScenario *scenario;
  GPtrArray *admirals;
  gint64 start;
  long peak_before;
  guint64 bytes = 0, frames = 0;
  double seconds, cpu, public_cpu = 0;
  guint public_frames = 0;

  if (campaign == NULL)
    g_error ("%s", error->message);
  scenario = adm_campaign_get_scenario (campaign);
  admirals = adm_scenario_get_admirals (scenario);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmFaction *faction = ((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction;
      gboolean seen = FALSE;

      for (guint s = 0; s < sides->len && !seen; s++)
        seen = g_ptr_array_index (sides, s) == faction ||
               adm_scenario_factions_allied (scenario, g_ptr_array_index (sides, s), faction);
      if (!seen)
        g_ptr_array_add (sides, (gpointer) faction);
    }
  /* Each battle once played, as opening the campaign in the app leaves it. */
  for (guint i = 0; i < adm_campaign_list_battles (campaign)->len; i++)
    if (adm_campaign_get_battle_played (campaign,
                                        g_ptr_array_index (adm_campaign_list_battles (campaign),
                                                           i), &error) == NULL)
      g_error ("%s", error->message);
  peak_before = peak_kib ();
  start = g_get_monotonic_time ();
  cpu = cpu_ms ();
  for (guint s = 0; s <= sides->len + 1; s++)
    {
      const char *as = s == 0 ? "master" : s == 1 ? "public"
                     : ((AdmFaction *) g_ptr_array_index (sides, s - 2))->id;
      g_autofree char *name = g_strdup_printf ("archive-%s.html", as);
      g_autofree char *html = g_build_filename (dir, name, NULL);
      double before = cpu_ms ();
      g_autoptr(AdmArchive) archive = adm_archive_new (campaign, as, &error);
      GStatBuf st;

      if (archive == NULL || !adm_archive_save_html (archive, html, NULL, NULL, NULL, &error))
        g_error ("%s", error->message);
      frames += adm_archive_get_n_frames (archive);
      if (s == 1)
        {
          public_cpu = (cpu_ms () - before) / 1000;
          public_frames = adm_archive_get_n_frames (archive);
        }
      if (g_stat (html, &st) == 0)
        bytes += st.st_size;
    }
  cpu = (cpu_ms () - cpu) / 1000;
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_print ("the night's archives, the master's, the public's and each of its %u sides' (its "
           "%u admirals in them): %" G_GUINT64_FORMAT " frames, %.1f MiB of HTML, written in %.2f s CPU "
           "(%.2f ms a frame; %.2f s of wall time)   target ≤ %.0f s: %s\n", sides->len,
           admirals->len, frames, bytes / 1048576.0, cpu, 1000 * cpu / MAX (frames, 1), seconds,
           TARGET_ARCHIVES_S, bench_verdict (cpu, TARGET_ARCHIVES_S));
  g_print ("  of them the public's: %u frames in %.2f s CPU (%.2f ms a frame)\n", public_frames,
           public_cpu, 1000 * public_cpu / MAX (public_frames, 1));
  g_print ("  peak memory rose by %ld KiB writing them, beyond the campaign opened (%ld KiB)\n",
           peak_kib () - peak_before, peak_before);
  return 0;
}

/* The peak memory (VmHWM, KiB) after a video's first frames, and after its last. */
typedef struct {
  long warm;
  long last;
} VideoPeaks;

/* How many frames warm GStreamer and its encoder up: the pipeline made, its queue and the
 * threads' allocator arenas full (traced with BENCH_VIDEO_TRACE set: the peak is flat from
 * about the twelfth frame). */
#define VIDEO_WARM_FRAMES 15

static void
video_progress_cb (guint    done,
                   guint    total,
                   gpointer data)
{
  VideoPeaks *peaks = data;

  if (done == VIDEO_WARM_FRAMES)
    peaks->warm = peak_kib ();
  if (g_getenv ("BENCH_VIDEO_TRACE") != NULL)
    g_printerr ("frame %u: %ld KiB\n", done, peak_kib ());
  if (done == total)
    peaks->last = peak_kib ();
}

/* The night at @path opened, its battles played, then the master's video (adm-archive.h) of
 * its battle with the most steps written: the time, and how far the peak memory rose from its
 * fifteenth frame (GStreamer, the encoder, its queue and its threads' arenas in place) to its
 * last — what a battle's length costs, which is to stay within two frames (each 960 × 600 RGB
 * is 2.2 MiB; the encoder is handed at most two at a time). */
static int
video_night (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autoptr(AdmArchive) archive = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *video = g_build_filename (dir, "battle.webm", NULL);
  const char *longest = NULL;
  guint most = 0;
  long frame_kib = ADM_ARCHIVE_FRAME_WIDTH * ADM_ARCHIVE_FRAME_HEIGHT * 4 / 1024;
  VideoPeaks peaks = { 0, 0 };
  gint64 start;
  long before, rise;
  double seconds, cpu;
  GStatBuf st;

  if (campaign == NULL)
    g_error ("%s", error->message);
  for (guint i = 0; i < adm_campaign_list_battles (campaign)->len; i++)
    if (adm_campaign_get_battle_played (campaign,
                                        g_ptr_array_index (adm_campaign_list_battles (campaign),
                                                           i), &error) == NULL)
      g_error ("%s", error->message);
  if ((archive = adm_archive_new (campaign, "master", &error)) == NULL)
    g_error ("%s", error->message);
  for (guint b = 0; b < adm_archive_get_n_battles (archive); b++)
    {
      const char *id = adm_archive_get_battle_id (archive, b);

      if (adm_archive_get_battle_n_frames (archive, id) > most)
        {
          most = adm_archive_get_battle_n_frames (archive, id);
          longest = id;
        }
    }
  if (longest == NULL || most <= VIDEO_WARM_FRAMES)
    g_error ("the night has no battle of more than %d steps", VIDEO_WARM_FRAMES);
  before = peak_kib ();
  start = g_get_monotonic_time ();
  cpu = cpu_ms ();
  if (!adm_archive_save_video (archive, longest, video, video_progress_cb, &peaks, NULL,
                               &error))
    {
      g_print ("the night's longest battle as a video: not written: %s\n", error->message);
      return 0;
    }
  cpu = (cpu_ms () - cpu) / 1000;
  seconds = (g_get_monotonic_time () - start) / 1e6;
  rise = peaks.last - peaks.warm;
  g_print ("the night's longest battle (%s) as the master's WebM video: %u steps, %.1f MiB, "
           "written in %.2f s CPU (%.2f s of wall time)\n", longest, most,
           g_stat (video, &st) == 0 ? st.st_size / 1048576.0 : 0.0, cpu, seconds);
  g_print ("  peak memory %ld KiB before it, %ld KiB after its %d first frames, %ld KiB after "
           "its last: rose by %ld KiB over %u frames; a frame is %ld KiB   target ≤ 2 frames: "
           "%s\n", before, peaks.warm, VIDEO_WARM_FRAMES, peaks.last, rise,
           most - VIDEO_WARM_FRAMES, frame_kib, rise <= 2 * frame_kib ? "met" : "NOT met");
  return 0;
}

static int
load_only (const char *path,
           gboolean    night)
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
  if (night)
    {
      guint engagements = 0, battles = 0;
      GStatBuf st;

      for (guint c = 1; c <= N_NIGHT_CYCLES; c++)
        {
          g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (loaded, c);

          engagements += queue->len;
          for (guint i = 0; i < queue->len; i++)
            battles += ((AdmQueuedEngagement *) g_ptr_array_index (queue, i))->status ==
                       ADM_ENGAGEMENT_FINISHED;
        }
      g_stat (path, &st);
      g_print ("the night's campaign: %u admirals, %u engagements over %d cycles, %u battles "
               "fought in it and ended (%d turns each), %u battles kept, %u events, file "
               "%.0f KiB\n", adm_scenario_get_admirals (adm_campaign_get_scenario (loaded))->len,
               engagements, N_NIGHT_CYCLES, battles, NIGHT_BATTLE_TURNS,
               adm_campaign_list_battles (loaded)->len, adm_campaign_get_events (loaded)->len,
               st.st_size / 1024.0);
      g_print ("opened in a new process: %.1f ms (%.1f ms CPU, %.1f ms CPU since the process "
               "started)   target ≤ %.0f ms for a whole night: %s\n", ms_since (start), cpu,
               cpu_ms (), TARGET_NIGHT_MS, bench_verdict (cpu_ms (), TARGET_NIGHT_MS));
      return 0;
    }
  g_print ("open + replay in a new process: %8.1f ms (%.1f ms CPU, %.1f ms CPU since the "
           "process started; %u events)   target ≤ 50 ms at 10,000: %s\n", ms_since (start),
           cpu, cpu_ms (), adm_campaign_get_events (loaded)->len,
           bench_verdict (cpu_ms (), 50));
  g_print ("peak RSS of that process: %8.1f MiB; page faults while opening: %ld (%.1f MiB "
           "touched)\n", peak_rss_kib () / 1024.0, faults, faults * 4 / 1024.0);
  return 0;
}

/* The night's battles: battle n (0 … N_NIGHT_BATTLES − 1) is fought in cycle
 * night_cycle (n) — three in each of the first three cycles, two in each of the last three —
 * by pair n % N_NIGHT_PAIRS, with its formation n / N_NIGHT_PAIRS. */
static guint
night_cycle (guint n)
{
  return n < 9 ? 1 + n / 3 : 4 + (n - 9) / 2;
}

/* The cycle in which formation @j of pair @pair fights, or 0. */
static guint
night_battle_cycle (guint pair,
                    guint j)
{
  guint n = j * N_NIGHT_PAIRS + pair;

  return n < N_NIGHT_BATTLES ? night_cycle (n) : 0;
}

/* The night's scenario: N_NIGHT_ADMIRALS admirals in pairs, the first of each pair in one
 * alliance and the second in the other (factions of the ruleset taken in turn); each admiral
 * commands NIGHT_FORMATIONS_EACH formations of NIGHT_SHIPS_EACH ships, each in a sector of
 * its own on a ladder of sectors: the first alliance's light formations ("aP-J", escorts, in
 * "saP-J") face the second's capital ones ("bP-J", in "sbP-J") across one link. */
static char *
generate_night_scenario (AdmRuleset *ruleset)
{
  GString *xml = g_string_new ("<scenario id=\"night\" name=\"A night of Forcon\" "
                               "ruleset=\"forcon-2010\">\n");
  g_autoptr(GPtrArray) capital = classes_of (ruleset, ADM_CATEGORY_CAPITAL);
  g_autoptr(GPtrArray) escort = classes_of (ruleset, ADM_CATEGORY_ESCORT);
  guint n_sectors = N_NIGHT_PAIRS * NIGHT_FORMATIONS_EACH;

  bench_pair_sides (xml, ruleset, N_NIGHT_ADMIRALS);
  g_string_append (xml, "  <map>\n");
  for (guint side = 0; side < 2; side++)
    for (guint i = 0; i < n_sectors; i++)
      g_string_append_printf (xml, "    <sector id=\"s%c%u-%u\" name=\"Sector %c%u\" x=\"%u\" "
                                   "y=\"%u\"/>\n", 'a' + side, i / NIGHT_FORMATIONS_EACH,
                              i % NIGHT_FORMATIONS_EACH, 'A' + side, i + 1, i * 100,
                              side * 150);
  for (guint i = 0; i < n_sectors; i++)
    {
      guint p = i / NIGHT_FORMATIONS_EACH, j = i % NIGHT_FORMATIONS_EACH;

      g_string_append_printf (xml, "    <link from=\"sa%u-%u\" to=\"sb%u-%u\"/>\n", p, j, p, j);
      for (guint side = 0; side < 2 && i + 1 < n_sectors; side++)
        g_string_append_printf (xml, "    <link from=\"s%c%u-%u\" to=\"s%c%u-%u\"/>\n",
                                'a' + side, p, j, 'a' + side, (i + 1) / NIGHT_FORMATIONS_EACH,
                                (i + 1) % NIGHT_FORMATIONS_EACH);
    }
  g_string_append (xml, "  </map>\n");
  for (guint k = 0; k < N_NIGHT_ADMIRALS; k++)
    {
      const AdmFaction *faction = bench_pair_faction (ruleset, k);
      GPtrArray *pool = k % 2 == 0 ? escort : capital;
      char side = 'a' + k % 2;

      for (guint j = 0; j < NIGHT_FORMATIONS_EACH; j++)
        {
          g_string_append_printf (xml, "  <formation id=\"%c%u-%u\" name=\"Formation %c%u-%u\" "
                                       "faction=\"%s\" sector=\"s%c%u-%u\" "
                                       "flagship=\"%c%u-%u-0\" admiral=\"adm-%02u\">\n",
                                  side, k / 2, j, side - 32, k / 2, j, faction->id, side, k / 2,
                                  j, side, k / 2, j, k);
          for (guint n = 0; n < NIGHT_SHIPS_EACH; n++)
            {
              AdmShipClass *klass = g_ptr_array_index (pool, (k + j + n) % pool->len);

              g_string_append_printf (xml, "    <ship id=\"%c%u-%u-%u\" name=\"Ship %c%u-%u-%u\" "
                                           "class=\"%s\" readiness=\"%u\"/>\n", side, k / 2, j,
                                      n, side - 32, k / 2, j, n, klass->id, 4 + (k + n) % 6);
            }
          g_string_append (xml, "  </formation>\n");
        }
    }
  g_string_append (xml, "</scenario>\n");
  return g_string_free (xml, FALSE);
}

/* Whether formation @id is in being with ships left: a battle may have taken them all. */
static gboolean
night_formation_in_being (AdmState   *state,
                          const char *id)
{
  GPtrArray *formations = adm_strategy_get_formations (adm_state_get_strategy (state));

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (g_str_equal (formation->id, id))
        return formation->ships->len > 0;
    }
  return FALSE;
}

/* Admiral @k's order sheet for @cycle, as the portal or a typed sheet gives it
 * (order-sheet.rng), in @dir: a formation of the first alliance whose battle is this cycle
 * moves across to its enemy's sector, one that fought last cycle goes home, the others
 * patrol; the second alliance's formations defend (F-STRAT-16). A formation a battle took
 * whole gets no order. */
static char *
write_night_sheet (const char *dir,
                   AdmState   *state,
                   guint       k,
                   guint       cycle,
                   gint64      received)
{
  g_autoptr(GDateTime) when = g_date_time_new_from_unix_utc (received);
  g_autofree char *stamp = g_date_time_format (when, "%Y-%m-%dT%H:%M:%SZ");
  g_autofree char *name = g_strdup_printf ("sheet-%u-adm-%02u.xml", cycle, k);
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  GString *xml = g_string_new (NULL);
  guint pair = k / 2;

  g_string_append_printf (xml, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                               "<order-sheet admiral=\"adm-%02u\" cycle=\"%u\" "
                               "received=\"%s\">\n", k, cycle, stamp);
  for (guint j = 0; j < NIGHT_FORMATIONS_EACH; j++)
    {
      guint fights = night_battle_cycle (pair, j);
      g_autofree char *id = g_strdup_printf ("%c%u-%u", 'a' + k % 2, pair, j);

      if (!night_formation_in_being (state, id))
        continue;
      if (k % 2 == 1)
        g_string_append_printf (xml, "  <order formation=\"b%u-%u\" order=\"defend\">Hold the "
                                     "sector; engage whatever comes in.</order>\n", pair, j);
      else if (fights == cycle)
        g_string_append_printf (xml, "  <order formation=\"a%u-%u\" order=\"move\" "
                                     "route=\"sb%u-%u\">Cross over in attack formation and "
                                     "engage.</order>\n", pair, j, pair, j);
      else if (fights != 0 && fights + 1 == cycle)
        g_string_append_printf (xml, "  <order formation=\"a%u-%u\" order=\"move\" "
                                     "route=\"sa%u-%u\">Fall back and repair.</order>\n",
                                pair, j, pair, j);
      else
        g_string_append_printf (xml, "  <order formation=\"a%u-%u\" order=\"patrol\"/>\n",
                                pair, j);
    }
  g_string_append (xml, "</order-sheet>\n");
  if (!g_file_set_contents (path, xml->str, (gssize) xml->len, &error))
    g_error ("%s", error->message);
  g_string_free (xml, TRUE);
  return path;
}

/* Fights every engagement of @cycle that may be opened as the master does: set up from the
 * campaign, NIGHT_BATTLE_TURNS turns played phase by phase with seeded dice — no movement
 * orders, fire at the nearest enemy in reach (a declaration the one check refuses, say at a
 * ship not detected, is dropped and the phase played without it) —, each phase kept in the
 * campaign file (F-STRAT-4), then the battle ended and its results carried into the
 * campaign. Adds the battles, rolls and phases to the counts. */
static void
fight_night_cycle (AdmCampaign *campaign,
                   guint        cycle,
                   gint64       time,
                   guint       *battles,
                   guint       *rolls,
                   guint       *phases)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (campaign, cycle);

  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (cycle * 100 + i);
      g_autoptr(AdmBattle) battle = NULL;
      g_autofree char *setup = NULL;

      if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
        continue;
      setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
      if (setup == NULL)
        g_error ("%s", error->message);
      battle = adm_battle_load_memory (setup, strlen (setup), engagement->id, &error);
      if (battle == NULL)
        g_error ("%s", error->message);
      while (adm_battle_get_turn (battle) <= NIGHT_BATTLE_TURNS)
        {
          if (!bench_play_phase (battle, ADM_DICE_SOURCE (dice), &error))
            g_error ("%s", error->message);
          if (!adm_campaign_keep_battle (campaign, engagement->id, battle, &error))
            g_error ("%s", error->message);
          (*phases)++;
        }
      *rolls += adm_battle_get_rolls (battle)->len;
      if (!adm_campaign_end_battle (campaign, engagement->id, battle, NULL, time, &error))
        g_error ("%s", error->message);
      (*battles)++;
    }
}

/* The night: N_NIGHT_CYCLES cycles, each with every admiral's sheet handed in a minute before
 * the session and the cycle resolved (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5),
 * then its battles fought; saved as @path. The sheets are written in @dir. */
static void
play_night (const char *dir,
            const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load ("forcon-2010", &error);
  g_autofree char *scenario_path = g_build_filename (dir, "night-scenario.admiralty", NULL);
  g_autofree char *scenario_xml = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  guint battles = 0, rolls = 0, phases = 0, sheets = 0;

  if (ruleset == NULL)
    g_error ("%s", error->message);
  scenario_xml = generate_night_scenario (ruleset);
  if (!g_file_set_contents (scenario_path, scenario_xml, -1, &error))
    g_error ("%s", error->message);
  campaign = adm_campaign_open (scenario_path, &error);
  if (campaign == NULL || !adm_campaign_save (campaign, path, &error))
    g_error ("%s", error->message);
  for (guint cycle = 1; cycle <= N_NIGHT_CYCLES; cycle++)
    {
      gint64 session = NIGHT_T0 + cycle * 2400;
      g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (cycle);

      for (guint k = 0; k < N_NIGHT_ADMIRALS; k++)
        {
          g_autofree char *sheet_path = write_night_sheet (dir, adm_campaign_get_state (campaign),
                                                           k, cycle, session - 60);
          g_autoptr(GPtrArray) sheet =
            adm_order_sheet_load_file (sheet_path, adm_campaign_get_state (campaign),
                                       session - 60, &error);

          if (sheet == NULL || !adm_campaign_append_all (campaign, sheet, &error))
            g_error ("%s", error->message);
          sheets++;
        }
      if (!adm_campaign_resolve_cycle (campaign, ADM_DICE_SOURCE (dice), session, &error))
        g_error ("%s", error->message);
      fight_night_cycle (campaign, cycle, session + 1200, &battles, &rolls, &phases);
    }
  if (!adm_campaign_save (campaign, path, &error))
    g_error ("%s", error->message);
  g_print ("the night played: %d formations of %d ships, %u order sheets, %u battles fought "
           "and ended (%u phases kept, %u rolls)\n", N_NIGHT_ADMIRALS * NIGHT_FORMATIONS_EACH,
           NIGHT_SHIPS_EACH, sheets, battles, phases, rolls);
}

static void
spawn_load (const char *self,
            const char *mode,
            const char *path)
{
  g_autoptr(GError) error = NULL;
  const char *child[] = { self, mode, path, NULL };
  g_autofree char *out = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **) child, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL,
                     &status, &error))
    g_error ("%s", error->message);
  g_print ("%s", out);
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
  g_autofree char *night_path = NULL;
  g_autofree char *scenario_xml = NULL;
  g_autoptr(AdmCampaign) built = NULL;
  GStatBuf st;

  /* The figures' "≤" in the terminal's charset. */
  setlocale (LC_ALL, "");
  if (argc == 3 && g_str_equal (argv[1], "--load"))
    return load_only (argv[2], FALSE);
  if (argc == 3 && g_str_equal (argv[1], "--open-night"))
    return load_only (argv[2], TRUE);
  if (argc == 3 && g_str_equal (argv[1], "--archive-night"))
    return archive_night (argv[2]);
  if (argc == 3 && g_str_equal (argv[1], "--video-night"))
    return video_night (argv[2]);
  /* Only here: a process run with --load makes nothing. */
  dir = g_dir_make_tmp ("admiralty-bench-XXXXXX", NULL);
  scenario_path = g_build_filename (dir, "bench-scenario.admiralty", NULL);
  campaign_path = g_build_filename (dir, "bench.admiralty", NULL);
  small_path = g_build_filename (dir, "bench-1000.admiralty", NULL);
  night_path = g_build_filename (dir, "night.admiralty", NULL);
  play_night (dir, night_path);
  spawn_load (argv[0], "--open-night", night_path);
  spawn_load (argv[0], "--archive-night", night_path);
  spawn_load (argv[0], "--video-night", night_path);
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
          {
            AdmShipState *state = adm_state_get_ship (adm_campaign_get_state (built), ship);
            /* F-RDY-1: a readiness runs from 0 to 12, so a ship at either end moves inwards. */
            gboolean down = state->readiness >= 12 || (i % 8 == 2 && state->readiness > 0);

            event = adm_event_new ("readiness", time);
            adm_event_set (event, "ship", ship);
            adm_event_set (event, "delta", down ? "-1" : "1");
          }
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
  spawn_load (argv[0], "--load", campaign_path);

  measure_recording (small_path, 1000);
  measure_recording (campaign_path, N_EVENTS);

  if (g_getenv ("ADMIRALTY_BENCH_KEEP") != NULL)
    {
      g_print ("kept: %s\n", campaign_path);
      return 0;
    }
  bench_remove_tree (dir);
  return 0;
}
