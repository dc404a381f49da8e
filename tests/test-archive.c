/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-archive.c: a campaign's archive (adm-archive.h, `admiralty-cli archive`). Refused with
 * what to do, writing nothing: a side the campaign does not have, a battle not ended
 * (F-STRAT-4), the campaign itself as the file, a file that cannot be written; a write that
 * fails or is cancelled leaves the old file as it was. A side's frames are the table as the
 * audience filter shows that side (F-ECM-2, F-ECM-4, F-ECM-6) and its text the lines it reads,
 * no engagement named by its id (F-STRAT-3); once the master publishes, every side's archive
 * is the master's (F-STRAT-3, the revelation), and undone, the side's again. The page needs
 * nothing from outside it. A 25,000-entry campaign's archive is written in bounded time. A
 * battle's WebM video, decoded back, is its PNG frames one after the other; refused with what
 * to do, writing nothing, for a battle the archive does not hold, and with the package to
 * install when GStreamer's VP8 encoder is missing. */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <gst/gst.h>
#include <gst/app/gstappsink.h>
#include <gst/pbutils/pbutils.h>
#include <gst/video/video.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "adm-archive.h"
#include "admiralty-sector-renderer.h"
#include "admiralty-table-renderer.h"
#include "battle-helpers.h"
#include "browser-helpers.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "text-helpers.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

typedef struct {
  char        *folder;
  char        *path;      /* the campaign's file */
  AdmCampaign *campaign;  /* Komarr after cycle 1, c1-1's battle kept, not ended */
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;

  fixture->folder = g_dir_make_tmp ("admiralty-archive-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->folder, "komarr.admiralty", NULL);
  fixture->campaign = komarr_saved_and_played (fixture->path, 1, T0);
  battle = komarr_capture_pol_defiant (fixture->campaign);
  g_assert_true (adm_campaign_keep_battle (fixture->campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->campaign);
  remove_folder (fixture->folder);
  g_free (fixture->folder);
  g_free (fixture->path);
}

/* The archive of @campaign for @as as the HTML text. */
static char *
archive_html (AdmCampaign *campaign,
              const char  *as)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = adm_archive_new (campaign, as, &error);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  g_assert_no_error (error);
  g_assert_true (adm_archive_write_html (archive, out, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

/* Every "<figure …>…</figure>" of @html, in order. */
static GPtrArray *
frames_of (const char *html)
{
  GPtrArray *frames = g_ptr_array_new_with_free_func (g_free);
  const char *at = html;

  while ((at = strstr (at, "<figure class=\"frame\"")) != NULL)
    {
      const char *end = strstr (at, "</figure>");

      g_assert_nonnull (end);
      g_ptr_array_add (frames, g_strndup (at, end - at));
      at = end;
    }
  return frames;
}

/* @a and @b the same, else the first place they differ said. */
static void
assert_same (const char *a,
             const char *b,
             const char *what)
{
  gsize i = 0;

  while (a[i] != '\0' && a[i] == b[i])
    i++;
  if (a[i] == b[i])
    return;
  {
    gsize from = i > 200 ? i - 200 : 0;
    g_autofree char *one = g_strndup (a + from, 400), *two = g_strndup (b + from, 400);

    g_error ("%s differ at byte %" G_GSIZE_FORMAT ":\n%s\n-----\n%s", what, i, one, two);
  }
}

/* F-STRAT-4: an archive is refused while a battle is not ended, naming it and what to do;
 * a side the campaign does not have is refused naming those it has; the campaign itself, a
 * folder that does not exist and a read-only file are never written; nothing is written by a
 * refusal, and the campaign's file is as it was. */
static void
test_bad_input (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autofree char *html = g_build_filename (fixture->folder, "war.html", NULL);
  g_autofree char *nowhere = g_build_filename (fixture->folder, "no-such-folder", "war.html",
                                               NULL);
  g_autofree char *before = file_contents (fixture->path);
  g_autoptr(CliResult) unended = NULL, unknown = NULL, itself = NULL, missing = NULL;
  g_autoptr(CliResult) unwritable = NULL, format = NULL;

  archive = adm_archive_new (fixture->campaign, NULL, &error);
  g_assert_null (archive);
  g_assert_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_UNENDED);
  g_assert_nonnull (strstr (error->message, "the battle of engagement c1-1 at Pol jump point "
                                            "is not ended; fight it to its end"));
  g_clear_error (&error);
  unended = run_cli ("archive", fixture->path, "-o", html, NULL);
  assert_failure (unended, 1, "komarr.admiralty: the battle of engagement c1-1 at ");
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  g_clear_pointer (&before, g_free);
  before = file_contents (fixture->path);

  archive = adm_archive_new (fixture->campaign, "Tau Ceti", &error);
  g_assert_null (archive);
  g_assert_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_AUDIENCE);
  g_clear_error (&error);
  unknown = run_cli ("archive", fixture->path, "--as", "Tau Ceti", "-o", html, NULL);
  assert_failure (unknown, 1, "no side “Tau Ceti” in this campaign; give one of "
                              "barrayar");
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));

  itself = run_cli ("archive", fixture->path, "-o", fixture->path, NULL);
  assert_failure (itself, 1, "is a campaign, which is kept as it is; give the archive another "
                             "name");
  missing = run_cli ("archive", fixture->path, "-o", nowhere, NULL);
  assert_failure (missing, 1, "Cannot write ");
  g_assert_nonnull (strstr (missing->err, "nothing was written"));
  g_assert_true (g_file_set_contents (html, "old", -1, NULL));
  g_assert_cmpint (g_chmod (html, 0444), ==, 0);
  unwritable = run_cli ("archive", fixture->path, "-o", html, NULL);
  assert_failure (unwritable, 1, "Cannot write ");
  {
    g_autofree char *kept = file_contents (html);

    g_assert_cmpstr (kept, ==, "old");
  }
  g_assert_cmpint (g_chmod (html, 0644), ==, 0);
  format = run_cli ("archive", fixture->path, "--frames", fixture->folder, "--format", "gif",
                    NULL);
  g_assert_cmpint (format->status, ==, 2);
  g_assert_nonnull (strstr (format->err, "unknown --format “gif”; give svg or png"));

  {
    g_autofree char *after = file_contents (fixture->path);

    g_assert_cmpstr (after, ==, before);
  }
}

static void
cancel_after_two (guint    done,
                  guint    total,
                  gpointer data)
{
  if (done == 2)
    g_cancellable_cancel (data);
}

/* A write cancelled half way (or failing) leaves the file that was there as it was, and no
 * other file beside it. */
static void
test_cancelled (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *html = g_build_filename (fixture->folder, "war.html", NULL);
  g_autofree char *fresh = g_build_filename (fixture->folder, "new.html", NULL);
  g_autoptr(GDir) dir = NULL;
  guint files = 0;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  archive = adm_archive_new (fixture->campaign, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_archive_get_n_frames (archive), >, 2);
  g_assert_true (g_file_set_contents (html, "the old archive", -1, NULL));
  g_assert_false (adm_archive_save_html (archive, html, cancel_after_two, cancellable,
                                         cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  {
    g_autofree char *kept = file_contents (html);

    g_assert_cmpstr (kept, ==, "the old archive");
  }
  /* A file that was not there is not there after. */
  g_cancellable_reset (cancellable);
  g_clear_error (&error);
  g_assert_false (adm_archive_save_html (archive, fresh, cancel_after_two, cancellable,
                                         cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));
  dir = g_dir_open (fixture->folder, 0, NULL);
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (!g_str_has_prefix (name, "komarr") && !g_str_has_prefix (name, ".komarr"))
      {
        g_test_message ("in the folder: %s", name);
        files++;
      }
  g_assert_cmpuint (files, ==, 1);
}

/* The colours of @surface's pixels (its unused byte left out), as a digest. */
static char *
pixels_digest (cairo_surface_t *surface)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guchar *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + 4 * x) & 0xffffff;

        g_checksum_update (checksum, (const guchar *) &pixel, sizeof pixel);
      }
  return g_strdup (g_checksum_get_string (checksum));
}

/* The table as @view_side sees the battle of @engagement after the journal's first @entries
 * entries — or with @public, as the public of the battle saw it then: drawn for
 * adm_audience_public_of_campaign () of the campaign then, as the replay's table and projector
 * draw it (F-STRAT-3) — drawn anew by its renderer at the archive's size: its pixels' digest;
 * drawn into the PDF file @pdf too when it is given, for its words. */
static char *
table_digest_as (AdmCampaign *campaign,
                 const char  *engagement,
                 guint        entries,
                 int          view_side,
                 gboolean     public,
                 const char  *pdf)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmState) then = adm_campaign_state_at (campaign, entries, &error);
  g_autoptr(AdmBattle) battle = NULL;
  AdmAudience audience;
  AdmiraltyTableView view;
  AdmiraltyTableOptions options;
  cairo_surface_t *surface;
  cairo_t *cr;
  char *digest;

  g_assert_no_error (error);
  battle = adm_campaign_battle_at_entry (campaign, engagement, entries, &error);
  g_assert_no_error (error);
  admiralty_table_options_init (&options);
  options.view_side = view_side;
  options.still = TRUE;
  if (public)
    {
      g_autoptr(AdmQueuedEngagement) queued = queued_engagement (campaign, engagement);

      audience = adm_audience_public_of_campaign (adm_state_get_strategy (then),
                                                  adm_campaign_get_scenario (campaign),
                                                  &queued->engagement);
      g_assert_false (audience.untold);
      options.audience = &audience;
    }
  admiralty_table_view_init (&view, ADM_ARCHIVE_FRAME_WIDTH, ADM_ARCHIVE_FRAME_HEIGHT);
  admiralty_table_view_fit (&view, battle, &options);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, ADM_ARCHIVE_FRAME_WIDTH,
                                        ADM_ARCHIVE_FRAME_HEIGHT);
  cr = cairo_create (surface);
  admiralty_table_render (cr, &view, battle, &options);
  cairo_destroy (cr);
  digest = pixels_digest (surface);
  cairo_surface_destroy (surface);
  if (pdf != NULL)
    {
      surface = cairo_pdf_surface_create (pdf, ADM_ARCHIVE_FRAME_WIDTH, ADM_ARCHIVE_FRAME_HEIGHT);
      cr = cairo_create (surface);
      admiralty_table_render (cr, &view, battle, &options);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      cairo_surface_destroy (surface);
    }
  return digest;
}

/* The table as @view_side sees the battle of c1-1 after the journal's first @entries entries
 * (table_digest_as ()). */
static char *
table_digest (AdmCampaign *campaign,
              guint        entries,
              int          view_side)
{
  return table_digest_as (campaign, "c1-1", entries, view_side, FALSE, NULL);
}

/* The pixels' digest of the PNG file at @path. */
static char *
png_digest (const char *path)
{
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);
  char *digest;

  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  digest = pixels_digest (png);
  cairo_surface_destroy (png);
  return digest;
}

/* The sector map as @faction's side (NULL: the master, or with @public the public) sees the
 * campaign after the journal's first @entries entries, drawn anew by its renderer at the
 * archive's size: its pixels' digest. */
static char *
sector_digest_for (AdmCampaign      *campaign,
                   guint             entries,
                   const AdmFaction *faction,
                   gboolean          public)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmState) state = adm_campaign_state_at (campaign, entries, &error);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(GPtrArray) engagements = NULL;
  AdmiraltySectorOptions options;
  AdmiraltySectorView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  char *digest;

  g_assert_no_error (error);
  admiralty_sector_options_init (&options);
  options.state = state;
  options.strategy = adm_state_get_strategy (state);
  if (faction != NULL)
    {
      options.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
      options.viewer = faction;
    }
  else if (public)
    options.audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  else
    engagements = options.engagements =
      adm_campaign_get_engagements (campaign, adm_strategy_get_cycle (options.strategy) - 1);
  cards = admiralty_sector_cards_measure (scenario, &options);
  admiralty_sector_view_init (&view, ADM_ARCHIVE_FRAME_WIDTH, ADM_ARCHIVE_FRAME_HEIGHT);
  view.cards = cards;
  admiralty_sector_view_fit_apart (&view, scenario);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, ADM_ARCHIVE_FRAME_WIDTH,
                                        ADM_ARCHIVE_FRAME_HEIGHT);
  cr = cairo_create (surface);
  admiralty_sector_render (cr, &view, scenario, &options);
  cairo_destroy (cr);
  digest = pixels_digest (surface);
  cairo_surface_destroy (surface);
  return digest;
}

static char *
sector_digest (AdmCampaign      *campaign,
               guint             entries,
               const AdmFaction *faction)
{
  return sector_digest_for (campaign, entries, faction, FALSE);
}

/* The journal's entries up to and with each entry of the battle of @engagement, in order. */
static GArray *
battle_entries (AdmCampaign *campaign,
                const char  *engagement)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    if (g_strcmp0 (adm_journal_get_entry_engagement (journal, i), engagement) == 0)
      {
        guint n = i + 1;

        g_array_append_val (entries, n);
      }
  return entries;
}

/* The journal's entries up to and with the first cycle resolved. */
static guint
first_resolution (AdmCampaign *campaign)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);

  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    {
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      GPtrArray *events = action != NULL ? adm_journal_action_get_events (action) : NULL;

      for (guint e = 0; events != NULL && e < events->len; e++)
        if (g_str_equal (adm_event_get_kind (g_ptr_array_index (events, e)), "cycle"))
          return i + 1;
    }
  g_assert_not_reached ();
}

/* F-STRAT-3: the public's archive (`--as public`) holds what every side was told: the sector
 * map after each cycle as the public map shows it, pixel for pixel (not the master's, which
 * shows Komarr's Autumn Screen); the battle of c1-1, which the public is told of (two factions
 * it knows of fought there), entry by entry, each the table drawn for the public of the battle
 * then, pixel for pixel, and named by place and time; in its text nothing the leak oracle
 * finds — no formation hidden from the public, no engagement id. Published, it is the
 * master's; the publication undone, the public's again. */
static void
test_public (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *html = g_build_filename (fixture->folder, "public.html", NULL);
  g_autofree char *folder = g_build_filename (fixture->folder, "public", NULL);
  g_autofree char *first = g_build_filename (folder, "frame-0001.png", NULL);
  g_autofree char *page = NULL, *master = NULL, *expected = NULL, *got = NULL;
  g_autofree char *published = NULL, *undone = NULL;
  g_autoptr(CliResult) written = NULL, frames = NULL;
  g_autoptr(GPtrArray) hidden = NULL, figures = NULL;
  g_autoptr(GArray) entries = NULL;
  g_autoptr(AdmQueuedEngagement) pol = NULL;
  g_autofree char *told = NULL, *heading = NULL;
  AdmStrategy *strategy;
  cairo_surface_t *png;
  guint resolved, n_hidden = 0, n_battle = 0;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  resolved = first_resolution (fixture->campaign);
  entries = battle_entries (fixture->campaign, "c1-1");
  g_assert_cmpuint (entries->len, >, 1);
  pol = queued_engagement (fixture->campaign, "c1-1");
  told = adm_audience_engagement_name (pol);
  heading = g_markup_printf_escaped ("<h2>%s</h2>", told);
  written = run_cli ("archive", fixture->path, "--as", "public", "-o", html, NULL);
  g_assert_cmpint (written->status, ==, 0);
  g_assert_nonnull (strstr (written->out, "the public's archive"));
  page = file_contents (html);
  master = archive_html (fixture->campaign, "master");
  g_assert_cmpstr (page, !=, master);
  {
    g_autofree char *direct = archive_html (fixture->campaign, "public");

    assert_same (page, direct, "the public's archive from the CLI and from the library");
  }

  /* Its frames are the public map's, one a cycle resolved, and the battle's, one an entry. */
  figures = frames_of (page);
  g_assert_cmpuint (figures->len, >, 0);
  for (guint f = 0; f < figures->len; f++)
    if (strstr (g_ptr_array_index (figures, f), heading) != NULL)
      n_battle++;
    else
      g_assert_nonnull (strstr (g_ptr_array_index (figures, f), "<h2>The sector map</h2>"));
  g_assert_cmpuint (n_battle, ==, entries->len);
  frames = run_cli ("archive", fixture->path, "--as", "public", "--frames", folder, "--format",
                    "png", NULL);
  g_assert_cmpint (frames->status, ==, 0);
  png = cairo_image_surface_create_from_png (first);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  got = pixels_digest (png);
  cairo_surface_destroy (png);
  expected = sector_digest_for (fixture->campaign, resolved, NULL, TRUE);
  g_assert_cmpstr (got, ==, expected);
  {
    g_autofree char *masters = sector_digest (fixture->campaign, resolved, NULL);

    g_assert_cmpstr (got, !=, masters);
  }
  for (guint f = 0, b = 0; f < figures->len; f++)
    if (strstr (g_ptr_array_index (figures, f), heading) != NULL)
      {
        g_autofree char *name = g_strdup_printf ("frame-%04u.png", f + 1);
        g_autofree char *path = g_build_filename (folder, name, NULL);
        g_autofree char *drawn = png_digest (path);
        g_autofree char *public = table_digest_as (fixture->campaign, "c1-1",
                                                   g_array_index (entries, guint, b++), -1,
                                                   TRUE, NULL);

        g_assert_cmpstr (drawn, ==, public);
      }

  /* The leak oracle: nothing of a formation the public does not see, nor of the battle. */
  strategy = adm_state_get_strategy (adm_campaign_get_state (fixture->campaign));
  hidden = adm_audience_hidden_from_public (strategy, NULL);
  for (guint h = 0; h < hidden->len; h++)
    {
      const AdmFormation *formation = g_ptr_array_index (hidden, h);

      if (g_str_equal (formation->id, "autumn-screen"))
        n_hidden++;
      assert_lacks (page, formation->name, "the public's archive");
      assert_lacks (page, formation->id, "the public's archive");
    }
  g_assert_cmpuint (n_hidden, ==, 1);
  assert_lacks (page, "c1-1", "the public's archive");

  /* The revelation. */
  g_assert_true (adm_campaign_end (fixture->campaign, "The Cetagandans sued for peace",
                                   T0 + 5000, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_publish (fixture->campaign, T0 + 5100, &error));
  g_assert_no_error (error);
  published = archive_html (fixture->campaign, "public");
  {
    g_autoptr(GPtrArray) ours = frames_of (published);
    g_autofree char *now = archive_html (fixture->campaign, "master");
    g_autoptr(GPtrArray) masters = frames_of (now);

    g_assert_cmpuint (ours->len, ==, masters->len);
    for (guint f = 0; f < ours->len; f++)
      assert_same (g_ptr_array_index (ours, f), g_ptr_array_index (masters, f),
                   "a frame of the published public archive and the master's");
  }
  g_assert_true (adm_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  undone = archive_html (fixture->campaign, "public");
  assert_same (undone, page, "the public's archive before and after the publication undone");
}

/* Fails if @text tells anything of @formation: its name, its id, a ship's name. */
static void
assert_formation_untold (const char         *text,
                         const AdmFormation *formation,
                         const char         *where)
{
  assert_lacks (text, formation->name, where);
  assert_lacks (text, formation->id, where);
  for (guint s = 0; s < formation->ships->len; s++)
    assert_lacks (text, ((const AdmShip *) g_ptr_array_index (formation->ships, s))->name,
                  where);
}

/* F-STRAT-3, F-ECM-2: the public's archive holds the battles the public was told of, phase by
 * phase, at the steps the replay shows them to the public (adm-replay-timeline.h), "told of"
 * judged at each (komarr_public_battles ()): of c1-2 only the two phases between Autumn
 * Screen's reveal and the reveal's undo, of c2-5 every phase. Each battle frame is the table
 * drawn for the public of the battle as the campaign stood then, pixel for pixel, and the leak
 * oracle finds nothing of Autumn Screen — hidden from the public in c2-5 — in the words of
 * those pictures (drawn into PDF), in the frames' text or anywhere in the page outside c1-2's
 * frames after its reveal; no engagement is named by its id. Ended, the archive is as it was;
 * published, every frame is the master's; the publication undone, the public's again. */
static void
test_public_battles (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GArray) told = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autoptr(AdmQueuedEngagement) hegen = NULL;
  g_autofree char *folder = g_build_filename (fixture->folder, "public-battles", NULL);
  g_autofree char *list = g_build_filename (folder, "frames.txt", NULL);
  g_autofree char *text = NULL, *page = NULL, *hegen_name = NULL, *hegen_heading = NULL;
  g_autofree char *ended = NULL, *published = NULL, *undone = NULL;
  g_auto(GStrv) rows = NULL;
  g_autoptr(GPtrArray) figures = NULL;
  const AdmFormation *screen = adm_scenario_lookup_formation (
    adm_campaign_get_scenario (campaign), "autumn-screen");
  AdmJournal *journal;
  guint battle_frames = 0, hegen_frames = 0, screen_drawn = 0;

  komarr_public_battles (campaign, T0, told);
  journal = adm_campaign_get_journal (campaign);
  /* Two phases of c1-2, between the reveal and its undo, and four of c2-5. */
  g_assert_cmpuint (told->len, ==, 6);
  hegen = queued_engagement (campaign, "c1-2");
  hegen_name = adm_audience_engagement_name (hegen);
  hegen_heading = g_markup_printf_escaped ("<h2>%s</h2>", hegen_name);

  archive = adm_archive_new (campaign, "public", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_archive_get_n_battles (archive), ==, 2);
  g_assert_cmpuint (adm_archive_get_battle_n_frames (archive, "c1-2"), ==, 2);
  g_assert_cmpuint (adm_archive_get_battle_n_frames (archive, "c2-5"), ==, 4);
  g_assert_true (adm_archive_save_frames (archive, folder, ADM_ARCHIVE_FORMAT_PNG, NULL, NULL,
                                          NULL, &error));
  g_assert_no_error (error);
  text = file_contents (list);
  rows = g_strsplit (text, "\n", -1);
  for (guint r = 0; rows[r] != NULL && rows[r][0] != '\0'; r++)
    {
      g_auto(GStrv) fields = g_strsplit (rows[r], "\t", -1);
      g_autofree char *path = NULL, *pdf = NULL, *got = NULL, *expected = NULL, *words = NULL;
      g_autofree char *where = NULL;
      const char *engagement;
      guint moment;

      if (g_str_equal (fields[1], "The sector map"))
        continue;
      g_assert_cmpuint (battle_frames, <, told->len);
      moment = g_array_index (told, guint, battle_frames);
      engagement = adm_journal_get_entry_engagement (journal, moment - 1);
      where = g_strdup_printf ("the public's %s, entry %u", fields[0], moment);
      g_test_message ("%s: %s, %s", where, engagement, fields[2]);
      path = g_build_filename (folder, fields[0], NULL);
      pdf = g_strdup_printf ("%s.pdf", path);
      got = png_digest (path);
      expected = table_digest_as (campaign, engagement, moment, -1, TRUE, pdf);
      g_assert_cmpstr (got, ==, expected);
      words = pdf_text (pdf);
      if (g_str_equal (engagement, "c1-2"))
        {
          g_assert_cmpstr (fields[1], ==, hegen_name);
          hegen_frames++;
        }
      else
        {
          g_autofree char *master_pdf = g_strdup_printf ("%s-master.pdf", path);
          g_autofree char *master = table_digest_as (campaign, engagement, moment, -1, FALSE,
                                                     master_pdf);
          g_autofree char *master_words = pdf_text (master_pdf);

          assert_formation_untold (words, screen, where);
          assert_formation_untold (rows[r], screen, where);
          /* The oracle finds the screen where it is drawn: the master's table holds it. */
          for (guint i = 0; i < screen->ships->len; i++)
            if (strstr (master_words, ((const AdmShip *) g_ptr_array_index (screen->ships,
                                                                            i))->name) != NULL)
              {
                screen_drawn++;
                break;
              }
        }
      battle_frames++;
    }
  g_assert_cmpuint (battle_frames, ==, told->len);
  g_assert_cmpuint (hegen_frames, ==, 2);
  g_assert_cmpuint (screen_drawn, >, 0);

  /* The page: nothing of Autumn Screen outside c1-2's frames, no engagement's id. */
  page = archive_html (campaign, "public");
  figures = frames_of (page);
  for (guint f = 0; f < figures->len; f++)
    if (strstr (g_ptr_array_index (figures, f), hegen_heading) == NULL)
      assert_formation_untold (g_ptr_array_index (figures, f), screen, "the public's page");
  assert_lacks (page, "c1-2", "the public's page");
  assert_lacks (page, "c2-5", "the public's page");

  /* The revelation. */
  g_assert_true (adm_campaign_end (campaign, "The Cetagandans sued for peace", T0 + 9000,
                                   &error));
  g_assert_no_error (error);
  ended = archive_html (campaign, "public");
  assert_same (ended, page, "the public's archive before and after the end");
  g_assert_true (adm_campaign_publish (campaign, T0 + 9100, &error));
  g_assert_no_error (error);
  published = archive_html (campaign, "public");
  {
    g_autoptr(GPtrArray) ours = frames_of (published);
    g_autofree char *now = archive_html (campaign, "master");
    g_autoptr(GPtrArray) masters = frames_of (now);

    g_assert_cmpuint (ours->len, ==, masters->len);
    g_assert_cmpuint (ours->len, >, figures->len);
    for (guint f = 0; f < ours->len; f++)
      assert_same (g_ptr_array_index (ours, f), g_ptr_array_index (masters, f),
                   "a frame of the published public archive and the master's");
  }
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  undone = archive_html (campaign, "public");
  assert_same (undone, page, "the public's archive before and after the publication undone");
}

/* F-STRAT-2, F-STRAT-3, F-ECM-2: the sector map of cycle 1's resolution in each faction's
 * archive is the map as the renderer draws it for that side, pixel for pixel — and where the
 * master's map shows a hidden formation that side is not shown (Komarr's Autumn Screen), it
 * differs from the master's. The master's is his own. */
static void
test_sector_views (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdmJournal *journal;
  AdmScenario *scenario = adm_campaign_get_scenario (fixture->campaign);
  GPtrArray *admirals = adm_campaign_get_admirals (fixture->campaign);
  const AdmFormation *hidden = adm_scenario_lookup_formation (scenario, "autumn-screen");
  g_autoptr(GPtrArray) factions = g_ptr_array_new ();
  g_autofree char *master = NULL;
  guint resolved = 0, blind = 0;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  g_assert_nonnull (hidden);
  journal = adm_campaign_get_journal (fixture->campaign);
  for (guint i = 0; i < adm_journal_get_n_entries (journal) && resolved == 0; i++)
    {
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      GPtrArray *events = action != NULL ? adm_journal_action_get_events (action) : NULL;

      for (guint e = 0; events != NULL && e < events->len; e++)
        if (g_str_equal (adm_event_get_kind (g_ptr_array_index (events, e)), "cycle"))
          resolved = i + 1;
    }
  g_assert_cmpuint (resolved, >, 0);
  master = sector_digest (fixture->campaign, resolved, NULL);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmFaction *faction = ((AdmAdmiral *) g_ptr_array_index (admirals, a))->faction;

      if (!g_ptr_array_find (factions, faction, NULL))
        g_ptr_array_add (factions, (gpointer) faction);
    }
  for (guint f = 0; f <= factions->len; f++)
    {
      const AdmFaction *faction = f == 0 ? NULL : g_ptr_array_index (factions, f - 1);
      g_autoptr(AdmArchive) archive = adm_archive_new (fixture->campaign,
                                                       faction != NULL ? faction->id : NULL,
                                                       &error);
      g_autofree char *folder = g_build_filename (fixture->folder,
                                                  faction != NULL ? faction->id : "master",
                                                  NULL);
      g_autofree char *path = g_build_filename (folder, "frame-0001.png", NULL);
      g_autofree char *expected = sector_digest (fixture->campaign, resolved, faction);
      g_autofree char *got = NULL;
      cairo_surface_t *png;

      g_assert_no_error (error);
      g_assert_true (adm_archive_save_frames (archive, folder, ADM_ARCHIVE_FORMAT_PNG, NULL,
                                              NULL, NULL, &error));
      g_assert_no_error (error);
      png = cairo_image_surface_create_from_png (path);
      g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
      got = pixels_digest (png);
      cairo_surface_destroy (png);
      g_assert_cmpstr (got, ==, expected);
      if (faction != NULL)
        {
          AdmiraltySectorOptions side;
          g_autoptr(AdmState) state = adm_campaign_state_at (fixture->campaign, resolved,
                                                             &error);

          admiralty_sector_options_init (&side);
          side.state = state;
          side.strategy = adm_state_get_strategy (state);
          side.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
          side.viewer = faction;
          if (!admiralty_sector_formation_shown (scenario, &side, hidden))
            {
              g_test_message ("%s is not shown %s", faction->id, hidden->id);
              g_assert_cmpstr (got, !=, master);
              blind++;
            }
        }
    }
  g_assert_cmpuint (blind, >, 0);
}

/* F-ECM-2, F-ECM-6, F-STRAT-3: each side's archive of c1-1 is what it was shown. Its PNG
 * frames are the table as the renderer draws it for that side at each entry of the battle,
 * pixel for pixel; its text holds each report line once, only the lines it reads, and never
 * the engagement's id. The master's names it. */
static void
test_side_views (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  AdmBattle *battle;
  g_autoptr(GArray) entries = NULL;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  entries = battle_entries (fixture->campaign, "c1-1");
  g_assert_cmpuint (entries->len, >, 2);
  battle = adm_campaign_get_battle_played (fixture->campaign, "c1-1", &error);
  g_assert_no_error (error);

  for (int side = -1; side < (int) adm_battle_get_n_sides (battle); side++)
    {
      const char *as = side < 0 ? NULL : adm_battle_get_side (battle, side)->id;
      g_autofree char *html = archive_html (fixture->campaign, as);
      g_autoptr(GPtrArray) frames = frames_of (html);
      g_autoptr(AdmArchive) archive = adm_archive_new (fixture->campaign, as, &error);
      g_autofree char *folder = g_build_filename (fixture->folder, as != NULL ? as : "master",
                                                  NULL);
      AdmAudience audience = side < 0 ? adm_audience_master () : adm_audience_side (side);
      g_autoptr(GPtrArray) read = adm_audience_filter_report (audience, battle);
      g_autoptr(GString) captions = g_string_new (NULL);

      g_test_message ("the archive of %s: %u frames", as != NULL ? as : "the master",
                      frames->len);
      g_autoptr(GArray) battle_frames = g_array_new (FALSE, FALSE, sizeof (guint));

      g_assert_no_error (error);
      /* The battle's frames, the sector map's of the cycle before them. */
      for (guint f = 0; f < frames->len; f++)
        if (strstr (g_ptr_array_index (frames, f), "<h2>The sector map</h2>") == NULL)
          g_array_append_val (battle_frames, f);
        else
          g_assert_cmpuint (battle_frames->len, ==, 0);
      g_assert_cmpuint (battle_frames->len, ==, entries->len);
      g_assert_true (adm_archive_save_frames (archive, folder, ADM_ARCHIVE_FORMAT_PNG, NULL,
                                              NULL, NULL, &error));
      g_assert_no_error (error);
      for (guint b = 0; b < entries->len; b++)
        {
          guint f = g_array_index (battle_frames, guint, b);
          g_autofree char *name = g_strdup_printf ("frame-%04u.png", f + 1);
          g_autofree char *path = g_build_filename (folder, name, NULL);
          cairo_surface_t *png = cairo_image_surface_create_from_png (path);
          g_autofree char *expected = table_digest (fixture->campaign,
                                                    g_array_index (entries, guint, b), side);
          g_autofree char *got = NULL;

          g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
          got = pixels_digest (png);
          cairo_surface_destroy (png);
          g_assert_cmpstr (got, ==, expected);
          g_string_append (captions, g_ptr_array_index (frames, f));
        }
      /* Every line it reads, in order, and no other. */
      {
        const char *at = captions->str;
        guint n_lines = 0;

        for (guint l = 0; l < read->len; l++)
          {
            g_autofree char *escaped = g_markup_escape_text (
              adm_report_line_get_text (g_ptr_array_index (read, l)), -1);
            g_autofree char *item = g_strdup_printf ("<li>%s</li>", escaped);
            const char *found = strstr (at, item);

            g_assert_nonnull (found);
            at = found + strlen (item);
          }
        for (at = captions->str; (at = strstr (at, "<li>")) != NULL; at++)
          n_lines++;
        g_assert_cmpuint (n_lines, ==, read->len);
      }
      if (side >= 0)
        assert_lacks (html, "c1-1", as);
      else
        g_assert_nonnull (strstr (html, "Engagement c1-1 — Pol jump point"));
    }
}

/* The revelation (F-STRAT-3): ended, every side's archive is as before; published, it is the
 * master's byte for byte; the publication undone, the side's own again. */
static void
test_revelation (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *master = NULL, *side = NULL, *ended = NULL, *published = NULL;
  g_autofree char *undone = NULL;
  const char *pol;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  pol = adm_battle_get_side (adm_campaign_get_battle_played (fixture->campaign, "c1-1", NULL),
                             1)->id;
  g_test_message ("the side: %s", pol);
  master = archive_html (fixture->campaign, "master");
  side = archive_html (fixture->campaign, pol);
  g_assert_cmpstr (side, !=, master);
  g_assert_true (adm_campaign_end (fixture->campaign, "The Cetagandans sued for peace",
                                   T0 + 5000, &error));
  g_assert_no_error (error);
  ended = archive_html (fixture->campaign, pol);
  assert_same (ended, side, "the side's archive before and after the end");
  g_assert_true (adm_campaign_publish (fixture->campaign, T0 + 5100, &error));
  g_assert_no_error (error);
  published = archive_html (fixture->campaign, pol);
  {
    g_autoptr(GPtrArray) ours = frames_of (published);
    g_autoptr(GPtrArray) masters = frames_of (master);

    g_assert_cmpuint (ours->len, ==, masters->len);
    for (guint f = 0; f < ours->len; f++)
      assert_same (g_ptr_array_index (ours, f), g_ptr_array_index (masters, f),
                   "a frame of the published side's archive and the master's");
  }
  g_assert_nonnull (strstr (published, "the whole truth, as the master published it"));
  g_assert_true (adm_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  undone = archive_html (fixture->campaign, pol);
  assert_same (undone, side, "the side's archive before and after the publication undone");
}

/* The page opens from a USB stick with no network: no address of any kind, no file beside
 * it — no src, no link, no @import, no url() but a frame's own ids — and its script inline. */
static void
test_self_contained (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *html = NULL;
  g_autoptr(GRegex) outside = g_regex_new ("https?:|ftp:|file:|//[a-z]|\\bsrc\\s*=|<link|"
                                           "@import|url\\((?!#)|<iframe|<object|<embed",
                                           G_REGEX_CASELESS, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  html = archive_html (fixture->campaign, "barrayar");
  if (g_regex_match (outside, html, 0, &match))
    {
      g_autofree char *what = g_match_info_fetch (match, 0);

      g_error ("the archive reaches outside itself: “%s”", what);
    }
  g_assert_nonnull (strstr (html, "<svg"));
  g_assert_nonnull (strstr (html, "<script>"));
  /* Each frame's ids are its own: the glyphs of one never draw another's. */
  g_assert_null (strstr (html, "id=\"glyph"));
  g_assert_nonnull (strstr (html, "id=\"f2-glyph"));
}

/* A campaign of 25,000 entries (the master's notes after the battle): its archive is listed
 * and written in bounded time, its frames those of the battle alone. */
static void
test_long_campaign (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autofree char *html = g_build_filename (fixture->folder, "war.html", NULL);
  AdmJournal *journal = adm_campaign_get_journal (fixture->campaign);
  g_autoptr(AdmCampaign) copy = NULL;
  g_autofree char *text = NULL;
  gsize length;
  gint64 start;
  double seconds;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  text = adm_campaign_serialize (fixture->campaign, &length);
  copy = adm_campaign_load_memory (text, length, "komarr.admiralty", &error);
  g_assert_no_error (error);
  journal = adm_campaign_get_journal (copy);
  while (adm_journal_get_n_entries (journal) < 25000)
    {
      g_autoptr(AdmEvent) note = adm_event_new ("note", T0 + 10000 +
                                                adm_journal_get_n_entries (journal));

      adm_event_set_text (note, "Tea is served");
      adm_campaign_append (copy, note, &error);
      g_assert_no_error (error);
    }
  start = g_get_monotonic_time ();
  archive = adm_archive_new (copy, "barrayar", &error);
  g_assert_no_error (error);
  g_assert_true (adm_archive_save_html (archive, html, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_test_message ("25,000 entries, %u frames: %.2f s", adm_archive_get_n_frames (archive),
                  seconds);
  g_assert_cmpfloat (seconds, <, 30);
}

/* admiralty-cli archive: the HTML file and the frames as SVG files, with their text. */
static void
test_cli (Fixture       *fixture,
          gconstpointer  data)
{
  g_autofree char *html = g_build_filename (fixture->folder, "war.html", NULL);
  g_autofree char *folder = g_build_filename (fixture->folder, "frames", NULL);
  g_autofree char *first = g_build_filename (folder, "frame-0001.svg", NULL);
  g_autofree char *list = g_build_filename (folder, "frames.txt", NULL);
  g_autoptr(CliResult) written = NULL, frames = NULL;
  g_autofree char *svg = NULL, *text = NULL, *page = NULL;
  g_autoptr(GError) error = NULL;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  g_clear_object (&fixture->campaign);
  written = run_cli ("archive", fixture->path, "--as", "barrayar", "-o", html, NULL);
  g_assert_cmpint (written->status, ==, 0);
  g_assert_nonnull (strstr (written->out, "Wrote "));
  g_assert_nonnull (strstr (written->out, "Barrayaran Imperium's archive"));
  page = file_contents (html);
  g_assert_true (g_str_has_prefix (page, "<!DOCTYPE html>"));
  frames = run_cli ("archive", fixture->path, "--as", "barrayar", "--frames", folder, NULL);
  g_assert_cmpint (frames->status, ==, 0);
  svg = file_contents (first);
  g_assert_nonnull (strstr (svg, "<svg"));
  text = file_contents (list);
  g_assert_true (g_str_has_prefix (text, "frame-0001.svg\tThe sector map\tCycle 1 resolved: "
                                         "orders for cycle 2\n"
                                         "frame-0002.svg\tPol jump point"));
  g_assert_no_error (error);
}

/* What the child wrote to the terminal @fd until it closed its side. */
static char *
terminal_read (int fd)
{
  GString *text = g_string_new (NULL);
  char buffer[4096];
  ssize_t n;

  /* Once the child is gone, its side closed, a read gives what is left, then EIO. */
  while ((n = read (fd, buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, n);
  return g_string_free (text, FALSE);
}

/* `archive --video` on a terminal counts the frames written on stderr, one line rewritten in
 * place ("\rFrames written: 1 of N" … "N of N\n"), then says what it wrote; to a pipe (a
 * script, a log) it writes no such line. */
static void
test_video_progress (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(CliResult) piped = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autofree char *video = g_build_filename (fixture->folder, "pol.webm", NULL);
  g_autofree char *said = NULL, *last = NULL, *first = NULL, *out = NULL;
  int terminal, side;
  guint n;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  archive = adm_archive_new (fixture->campaign, "master", &error);
  g_assert_no_error (error);
  n = adm_archive_get_battle_n_frames (archive, "c1-1");
  g_assert_cmpuint (n, >, 2);

  terminal = posix_openpt (O_RDWR | O_NOCTTY);
  g_assert_cmpint (terminal, >=, 0);
  g_assert_cmpint (grantpt (terminal), ==, 0);
  g_assert_cmpint (unlockpt (terminal), ==, 0);
  side = open (ptsname (terminal), O_RDWR | O_NOCTTY);
  g_assert_cmpint (side, >=, 0);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_take_stderr_fd (launcher, side);
  child = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "archive", fixture->path,
                                       "--video", "c1-1", "-o", video, NULL);
  g_assert_no_error (error);
  /* The launcher's copy of the terminal's side closed: the child's is the last. */
  g_clear_object (&launcher);
  g_assert_true (g_subprocess_communicate_utf8 (child, NULL, NULL, &out, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (child));
  g_assert_cmpint (g_subprocess_get_exit_status (child), ==, 0);
  said = terminal_read (terminal);
  close (terminal);
  g_test_message ("on the terminal: %s", said);
  first = g_strdup_printf ("\rFrames written: 1 of %u", n);
  last = g_strdup_printf ("\rFrames written: %u of %u\r\n", n, n);
  g_assert_true (g_str_has_prefix (said, first));
  /* The terminal turns the line's end into \r\n. */
  g_assert_true (g_str_has_suffix (said, last));
  g_assert_nonnull (strstr (out, "Wrote "));

  piped = run_cli ("archive", fixture->path, "--video", "c1-1", "-o", video, NULL);
  g_assert_cmpint (piped->status, ==, 0);
  g_assert_cmpstr (piped->err, ==, "");
}

/* @chromium's page is @url, with the network off before it loads: nothing may come from
 * outside the file (the USB stick has nothing beside it, the projector's laptop no network). */
static void
open_offline (Chromium   *chromium,
              const char *url)
{
  g_autofree char *navigate = g_strdup_printf ("{\"url\":\"%s\"}", url);
  g_autoptr(JsonNode) enabled = NULL, offline = NULL, navigated = NULL;

  g_assert_null (chromium_open (chromium, "about:blank"));
  enabled = chromium_call (chromium, "Network.enable", "{}");
  g_assert_nonnull (enabled);
  offline = chromium_call (chromium, "Network.emulateNetworkConditions",
                           "{\"offline\":true,\"latency\":0,\"downloadThroughput\":-1,"
                           "\"uploadThroughput\":-1}");
  g_assert_nonnull (offline);
  navigated = chromium_call (chromium, "Page.navigate", navigate);
  g_assert_nonnull (navigated);
  g_assert_true (chromium_wait_for (chromium, "document.readyState === 'complete' && "
                                              "document.getElementById('counter') && "
                                              "document.getElementById('counter').textContent "
                                              "? 'yes' : 'no'"));
}

static void
press (Chromium   *chromium,
       const char *key,
       guint       code)
{
  const char *types[] = { "rawKeyDown", "keyUp" };

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      g_autofree char *params = g_strdup_printf ("{\"type\":\"%s\",\"key\":\"%s\","
                                                 "\"code\":\"%s\",\"windowsVirtualKeyCode\":%u}",
                                                 types[t], key, key, code);
      g_autoptr(JsonNode) sent = chromium_call (chromium, "Input.dispatchKeyEvent", params);

      g_assert_nonnull (sent);
    }
}

/* The archive opened in headless Chromium from its file with the network off, at a laptop's
 * 1280×800 and a phone's 390×844: it asks for nothing (no resource entry), the first step
 * shows, → and Page Down step on, ← back, End goes to the last; screenshots of each size in
 * the build's tests folder (archive-1280-map.png and archive-390-map.png of the first step, the
 * sector map; archive-1280.png and archive-390.png of the second). */
static void
test_browser (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autofree char *html = g_build_filename (fixture->folder, "war.html", NULL);
  g_autofree char *url = NULL, *profile = NULL, *last = NULL;
  const guint sizes[][2] = { { 1280, 800 }, { 390, 844 } };
  /* One frame laid out on the page, whatever the page's width. */
  const char *shown_alone = "Array.prototype.filter.call (document.querySelectorAll "
                            "('.frame'), function (f) { return getComputedStyle (f).display "
                            "!== 'none'; }).length === 1 ? 'yes' : 'no'";
  guint n;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  archive = adm_archive_new (fixture->campaign, "barrayar", &error);
  g_assert_no_error (error);
  g_assert_true (adm_archive_save_html (archive, html, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  n = adm_archive_get_n_frames (archive);
  g_assert_cmpuint (n, >, 2);
  url = g_filename_to_uri (html, NULL, &error);
  g_assert_no_error (error);
  last = g_strdup_printf ("%u / %u", n, n);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      Chromium chromium;
      g_autofree char *name = g_strdup_printf ("archive-%u.png", sizes[s][0]);
      g_autofree char *second = NULL;

      profile = g_build_filename (fixture->folder, name, NULL);
      if (!chromium_start (&chromium, profile, sizes[s][0], sizes[s][1]))
        return;
      g_clear_pointer (&profile, g_free);
      open_offline (&chromium, url);
      g_assert_true (chromium_wait_for (&chromium, "performance.getEntriesByType('resource')"
                                                   ".length === 0 ? 'yes' : 'no'"));
      g_assert_true (chromium_wait_for (&chromium, shown_alone));
      g_assert_true (chromium_wait_for (&chromium, "!document.getElementById('step-1').hidden "
                                                   "? 'yes' : 'no'"));
      {
        g_autofree char *map = g_strdup_printf ("archive-%u-map.png", sizes[s][0]);

        g_assert_true (chromium_screenshot (&chromium, map, sizes[s][0], sizes[s][1], "h1"));
      }
      press (&chromium, "ArrowRight", 39);
      g_assert_true (chromium_wait_for (&chromium, "!document.getElementById('step-2').hidden"
                                                   " && document.getElementById('step-1')."
                                                   "hidden ? 'yes' : 'no'"));
      g_assert_true (chromium_wait_for (&chromium, shown_alone));
      second = g_strdup_printf ("document.getElementById('counter').textContent === '2 / %u' "
                                "? 'yes' : 'no'", n);
      g_assert_true (chromium_wait_for (&chromium, second));
      press (&chromium, "PageDown", 34);
      g_assert_true (chromium_wait_for (&chromium, "!document.getElementById('step-3').hidden"
                                                   " ? 'yes' : 'no'"));
      press (&chromium, "ArrowLeft", 37);
      g_assert_true (chromium_wait_for (&chromium, "!document.getElementById('step-2').hidden"
                                                   " ? 'yes' : 'no'"));
      g_assert_true (chromium_screenshot (&chromium, name, sizes[s][0], sizes[s][1], "h1"));
      press (&chromium, "End", 35);
      {
        g_autofree char *at_end = g_strdup_printf ("document.getElementById('counter')."
                                                   "textContent === '%s' && document."
                                                   "getElementById('step').value === '%u' "
                                                   "? 'yes' : 'no'", last, n - 1);

        g_assert_true (chromium_wait_for (&chromium, at_end));
      }
      g_assert_true (chromium_wait_for (&chromium, "performance.getEntriesByType('resource')"
                                                   ".length === 0 ? 'yes' : 'no'"));
      chromium_stop (&chromium);
    }
}


static void
count_progress (guint    done,
                guint    total,
                gpointer data)
{
  guint *last = data;

  g_assert_cmpuint (done, ==, *last + 1);
  g_assert_cmpuint (done, <=, total);
  *last = done;
}

/* The frames of the WebM video @path decoded back by GStreamer (demuxer, VP8 decoder), each
 * as an RGB24 image surface, in order. */
static GPtrArray *
video_frames (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GstElement) pipeline = NULL;
  g_autoptr(GstElement) file = NULL, sink = NULL;
  GPtrArray *frames = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  GstSample *sample;

  pipeline = gst_parse_launch (G_BYTE_ORDER == G_LITTLE_ENDIAN
                               ? "filesrc name=file ! matroskademux ! vp8dec ! videoconvert ! "
                                 "video/x-raw,format=BGRx ! appsink name=sink sync=false"
                               : "filesrc name=file ! matroskademux ! vp8dec ! videoconvert ! "
                                 "video/x-raw,format=xRGB ! appsink name=sink sync=false",
                               &error);
  g_assert_no_error (error);
  file = gst_bin_get_by_name (GST_BIN (pipeline), "file");
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_object_set (file, "location", path, NULL);
  g_assert_cmpint (gst_element_set_state (pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
  while ((sample = gst_app_sink_pull_sample (GST_APP_SINK (sink))) != NULL)
    {
      GstVideoInfo info;
      GstMapInfo map;
      cairo_surface_t *surface;
      guchar *pixels;

      g_assert_true (gst_video_info_from_caps (&info, gst_sample_get_caps (sample)));
      g_assert_cmpint (GST_VIDEO_INFO_WIDTH (&info), ==, ADM_ARCHIVE_FRAME_WIDTH);
      g_assert_cmpint (GST_VIDEO_INFO_HEIGHT (&info), ==, ADM_ARCHIVE_FRAME_HEIGHT);
      surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, ADM_ARCHIVE_FRAME_WIDTH,
                                            ADM_ARCHIVE_FRAME_HEIGHT);
      pixels = cairo_image_surface_get_data (surface);
      g_assert_true (gst_buffer_map (gst_sample_get_buffer (sample), &map, GST_MAP_READ));
      for (int y = 0; y < ADM_ARCHIVE_FRAME_HEIGHT; y++)
        memcpy (pixels + y * cairo_image_surface_get_stride (surface),
                map.data + y * GST_VIDEO_INFO_PLANE_STRIDE (&info, 0),
                ADM_ARCHIVE_FRAME_WIDTH * 4);
      gst_buffer_unmap (gst_sample_get_buffer (sample), &map);
      cairo_surface_mark_dirty (surface);
      g_ptr_array_add (frames, surface);
      gst_sample_unref (sample);
    }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  return frames;
}

/* How far apart @a's and @b's colours are: the mean of their channels' absolute differences,
 * 0 to 255. */
static double
difference (cairo_surface_t *a,
            cairo_surface_t *b)
{
  const guchar *one, *two;
  int stride_a = cairo_image_surface_get_stride (a);
  int stride_b = cairo_image_surface_get_stride (b);
  guint64 sum = 0;

  cairo_surface_flush (a);
  cairo_surface_flush (b);
  one = cairo_image_surface_get_data (a);
  two = cairo_image_surface_get_data (b);
  for (int y = 0; y < ADM_ARCHIVE_FRAME_HEIGHT; y++)
    for (int x = 0; x < ADM_ARCHIVE_FRAME_WIDTH; x++)
      for (int c = 0; c < 4; c++)
        {
          guint32 pa = *(const guint32 *) (one + y * stride_a + 4 * x);
          guint32 pb = *(const guint32 *) (two + y * stride_b + 4 * x);

          if (c < 3)
            sum += ABS ((int) ((pa >> (8 * c)) & 0xff) - (int) ((pb >> (8 * c)) & 0xff));
        }
  return (double) sum / (3.0 * ADM_ARCHIVE_FRAME_WIDTH * ADM_ARCHIVE_FRAME_HEIGHT);
}

/* F-ECM-2, F-ECM-4, F-STRAT-3: the battle of c1-1 as a video for the master and for each side
 * that fought it. GStreamer's discoverer reads a WebM of one VP8 stream at the frames' size,
 * two seconds a step; decoded back, its frames are the archive's PNG frames of that battle for
 * that audience (which side-views checks are the audience filter's table), each nearer its own
 * than the step before it wherever the two differ; the progress counts every frame. */
static void
test_video (Fixture       *fixture,
            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GstDiscoverer) discoverer = NULL;
  AdmBattle *battle;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  battle = adm_campaign_get_battle_played (fixture->campaign, "c1-1", &error);
  g_assert_no_error (error);
  gst_init (NULL, NULL);
  discoverer = gst_discoverer_new (30 * GST_SECOND, &error);
  g_assert_no_error (error);
  for (int side = -1; side < (int) adm_battle_get_n_sides (battle); side++)
    {
      const char *as = side < 0 ? "master" : adm_battle_get_side (battle, side)->id;
      g_autoptr(AdmArchive) archive = adm_archive_new (fixture->campaign, as, &error);
      g_autofree char *folder = g_build_filename (fixture->folder, as, NULL);
      g_autofree char *list = g_build_filename (folder, "frames.txt", NULL);
      g_autofree char *webm = g_strdup_printf ("%s.webm", folder);
      g_autofree char *uri = g_filename_to_uri (webm, NULL, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GPtrArray) decoded = NULL;
      g_autoptr(GPtrArray) pngs = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                  cairo_surface_destroy);
      g_autoptr(GstDiscovererInfo) info = NULL;
      g_auto(GStrv) lines = NULL;
      const char *title = NULL;
      GstDiscovererStreamInfo *container;
      GList *videos;
      guint n, progressed = 0, changes = 0;

      g_assert_no_error (error);
      for (guint b = 0; b < adm_archive_get_n_battles (archive); b++)
        if (g_str_equal (adm_archive_get_battle_id (archive, b), "c1-1"))
          title = adm_archive_get_battle_title (archive, b);
      g_assert_nonnull (title);
      n = adm_archive_get_battle_n_frames (archive, "c1-1");
      g_assert_cmpuint (n, >, 2);
      g_assert_true (adm_archive_save_frames (archive, folder, ADM_ARCHIVE_FORMAT_PNG, NULL,
                                              NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (adm_archive_save_video (archive, "c1-1", webm, count_progress,
                                             &progressed, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (progressed, ==, n);

      /* The battle's PNG frames, by their titles in frames.txt. */
      text = file_contents (list);
      lines = g_strsplit (text, "\n", -1);
      for (guint l = 0; lines[l] != NULL && lines[l][0] != '\0'; l++)
        {
          g_auto(GStrv) fields = g_strsplit (lines[l], "\t", 3);
          g_autofree char *png = NULL;

          if (!g_str_equal (fields[1], title))
            continue;
          png = g_build_filename (folder, fields[0], NULL);
          g_ptr_array_add (pngs, cairo_image_surface_create_from_png (png));
        }
      g_assert_cmpuint (pngs->len, ==, n);

      info = gst_discoverer_discover_uri (discoverer, uri, &error);
      g_assert_no_error (error);
      g_assert_cmpint (gst_discoverer_info_get_result (info), ==, GST_DISCOVERER_OK);
      g_assert_cmpuint (gst_discoverer_info_get_duration (info), ==,
                        n * ADM_ARCHIVE_VIDEO_STEP_MS * GST_MSECOND);
      container = gst_discoverer_info_get_stream_info (info);
      g_assert_true (GST_IS_DISCOVERER_CONTAINER_INFO (container));
      {
        g_autoptr(GstCaps) caps = gst_discoverer_stream_info_get_caps (container);

        g_assert_cmpstr (gst_structure_get_name (gst_caps_get_structure (caps, 0)), ==,
                         "video/webm");
      }
      gst_discoverer_stream_info_unref (container);
      videos = gst_discoverer_info_get_video_streams (info);
      g_assert_cmpuint (g_list_length (videos), ==, 1);
      g_assert_cmpuint (g_list_length (gst_discoverer_info_get_audio_streams (info)), ==, 0);
      {
        GstDiscovererVideoInfo *video = videos->data;
        g_autoptr(GstCaps) caps = gst_discoverer_stream_info_get_caps (videos->data);

        g_assert_cmpstr (gst_structure_get_name (gst_caps_get_structure (caps, 0)), ==,
                         "video/x-vp8");
        g_assert_cmpuint (gst_discoverer_video_info_get_width (video), ==,
                          ADM_ARCHIVE_FRAME_WIDTH);
        g_assert_cmpuint (gst_discoverer_video_info_get_height (video), ==,
                          ADM_ARCHIVE_FRAME_HEIGHT);
      }
      gst_discoverer_stream_info_list_free (videos);

      decoded = video_frames (webm);
      g_assert_cmpuint (decoded->len, ==, n);
      for (guint f = 0; f < n; f++)
        {
          double own = difference (g_ptr_array_index (decoded, f), g_ptr_array_index (pngs, f));

          g_test_message ("%s, step %u: %.2f from its PNG", as, f + 1, own);
          /* VP8's colour subsampling and rounding, nothing a master sees. */
          g_assert_cmpfloat (own, <, 5.0);
          if (f > 0 && difference (g_ptr_array_index (pngs, f),
                                   g_ptr_array_index (pngs, f - 1)) > 0.0)
            {
              double before = difference (g_ptr_array_index (decoded, f),
                                          g_ptr_array_index (pngs, f - 1));

              g_test_message ("%s, step %u: %.3f from the step before's PNG", as, f + 1, before);
              g_assert_cmpfloat (own, <, before);
              changes++;
            }
        }
      /* The battle moves on the screen: its steps are not all one picture. */
      g_assert_cmpuint (changes, >, 0);
    }
}

/* The plugins folder GStreamer finds @element in. */
static char *
plugin_file (const char *element)
{
  g_autoptr(GstElementFactory) factory = gst_element_factory_find (element);
  g_autoptr(GstPlugin) plugin = NULL;

  g_assert_nonnull (factory);
  plugin = gst_registry_find_plugin (gst_registry_get (),
                                     gst_plugin_feature_get_plugin_name (
                                       GST_PLUGIN_FEATURE (factory)));
  g_assert_nonnull (plugin);
  return g_strdup (gst_plugin_get_filename (plugin));
}

/* Nothing but the files of @folder whose names start "komarr" or ".komarr" and @kept. */
static void
assert_only (const char *folder,
             const char *kept)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);

  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (!g_str_has_prefix (name, "komarr") && !g_str_has_prefix (name, ".komarr") &&
        g_strcmp0 (name, kept) != 0)
      g_error ("%s is left in the folder", name);
}

static void
cancel_video (guint    done,
              guint    total,
              gpointer data)
{
  if (done == 2)
    g_cancellable_cancel (data);
}

/* A battle's video refused with what to do, nothing written: a battle not ended (F-STRAT-4),
 * an engagement the archive does not hold (named with those it holds), -o missing, the
 * campaign itself, a folder that does not exist, a read-only file (kept as it was); cancelled
 * half way, the old file is as it was and nothing is beside it; and with GStreamer's VP8
 * encoder missing, refused naming the package to install. */
static void
test_video_bad_input (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmArchive) archive = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *webm = g_build_filename (fixture->folder, "pol.webm", NULL);
  g_autofree char *nowhere = g_build_filename (fixture->folder, "no-such-folder", "pol.webm",
                                               NULL);
  g_autofree char *plugins = g_build_filename (fixture->folder, "plugins", NULL);
  g_autofree char *registry = g_build_filename (fixture->folder, "registry.bin", NULL);
  g_autoptr(CliResult) unended = NULL, unknown = NULL, no_output = NULL, itself = NULL;
  g_autoptr(CliResult) missing = NULL, unwritable = NULL, no_encoder = NULL;
  const char *needed[] = { "appsrc", "videoconvert", "webmmux", "fdsink" };

  unended = run_cli ("archive", fixture->path, "--video", "c1-1", "-o", webm, NULL);
  assert_failure (unended, 1, "komarr.admiralty: the battle of engagement c1-1 at ");
  g_assert_false (g_file_test (webm, G_FILE_TEST_EXISTS));

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  archive = adm_archive_new (fixture->campaign, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (adm_archive_save_video (archive, "c9-9", webm, NULL, NULL, NULL, &error));
  g_assert_error (error, ADM_ARCHIVE_ERROR, ADM_ARCHIVE_ERROR_BATTLE);
  g_assert_nonnull (strstr (error->message, "holds no battle of engagement “c9-9”; it holds "
                                            "c1-1"));
  g_clear_error (&error);
  unknown = run_cli ("archive", fixture->path, "--video", "c9-9", "-o", webm, NULL);
  assert_failure (unknown, 1, "holds no battle of engagement “c9-9”; it holds c1-1");
  no_output = run_cli ("archive", fixture->path, "--video", "c1-1", NULL);
  g_assert_cmpint (no_output->status, ==, 2);
  g_assert_nonnull (strstr (no_output->err, "--video goes with -o FILE.webm"));
  itself = run_cli ("archive", fixture->path, "--video", "c1-1", "-o", fixture->path, NULL);
  assert_failure (itself, 1, "is a campaign, which is kept as it is");
  missing = run_cli ("archive", fixture->path, "--video", "c1-1", "-o", nowhere, NULL);
  assert_failure (missing, 1, "Cannot write ");
  g_assert_true (g_file_set_contents (webm, "old", -1, NULL));
  g_assert_cmpint (g_chmod (webm, 0444), ==, 0);
  unwritable = run_cli ("archive", fixture->path, "--video", "c1-1", "-o", webm, NULL);
  assert_failure (unwritable, 1, "Cannot write ");
  g_assert_cmpint (g_chmod (webm, 0644), ==, 0);

  g_assert_false (adm_archive_save_video (archive, "c1-1", webm, cancel_video, cancellable,
                                          cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  {
    g_autofree char *kept = file_contents (webm);

    g_assert_cmpstr (kept, ==, "old");
  }
  assert_only (fixture->folder, "pol.webm");
  g_assert_cmpint (g_unlink (webm), ==, 0);

  /* GStreamer with every plugin the video needs but the VP8 encoder's. */
  gst_init (NULL, NULL);
  g_assert_cmpint (g_mkdir (plugins, 0755), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (needed); i++)
    {
      g_autofree char *file = plugin_file (needed[i]);
      g_autofree char *base = g_path_get_basename (file);
      g_autofree char *link = g_build_filename (plugins, base, NULL);

      if (!g_file_test (link, G_FILE_TEST_EXISTS))
        g_assert_cmpint (symlink (file, link), ==, 0);
    }
  g_setenv ("GST_PLUGIN_SYSTEM_PATH_1_0", plugins, TRUE);
  g_setenv ("GST_PLUGIN_PATH_1_0", plugins, TRUE);
  g_setenv ("GST_REGISTRY_1_0", registry, TRUE);
  no_encoder = run_cli ("archive", fixture->path, "--video", "c1-1", "-o", webm, NULL);
  g_unsetenv ("GST_PLUGIN_SYSTEM_PATH_1_0");
  g_unsetenv ("GST_PLUGIN_PATH_1_0");
  g_unsetenv ("GST_REGISTRY_1_0");
  assert_failure (no_encoder, 1, "GStreamer's VP8 video encoder (vp8enc) is not installed: "
                                 "install the package gstreamer1.0-plugins-good, then write "
                                 "the video again");
  g_assert_false (g_file_test (webm, G_FILE_TEST_EXISTS));
  remove_folder (plugins);
  g_unlink (registry);
  assert_only (fixture->folder, NULL);
}

/* The temporary file beside @folder's @name, or NULL. */
static char *
temporary_of (const char *folder,
              const char *name)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autofree char *prefix = g_strdup_printf (".%s.", name);

  for (const char *entry; (entry = g_dir_read_name (dir)) != NULL;)
    if (g_str_has_prefix (entry, prefix))
      return g_build_filename (folder, entry, NULL);
  return NULL;
}

/* admiralty-cli archive killed with SIGKILL while its file is under way (its flush made slow):
 * the temporary file it leaves beside the target is removed by the next write of that file once
 * it is more than a minute old, and that write is whole. */
static void
test_killed (Fixture       *fixture,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) child = NULL;
  g_autofree char *html = g_build_filename (fixture->folder, "war.html", NULL);
  g_autofree char *left = NULL, *page = NULL;
  g_autoptr(CliResult) again = NULL;
  struct timespec old[2];
  gint64 until;

  komarr_end_battles (fixture->campaign, "c1-1", T0 + 3000);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                                        G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_setenv (launcher, "ADMIRALTY_TEST_FLUSH_DELAY_MS", "60000", TRUE);
  child = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "archive", fixture->path,
                                       "-o", html, NULL);
  g_assert_no_error (error);
  until = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while ((left = temporary_of (fixture->folder, "war.html")) == NULL &&
         g_get_monotonic_time () < until)
    g_usleep (20000);
  g_assert_nonnull (left);
  g_subprocess_force_exit (child);
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_signaled (child));
  g_assert_cmpint (g_subprocess_get_term_sig (child), ==, SIGKILL);
  g_assert_true (g_file_test (left, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (html, G_FILE_TEST_EXISTS));

  /* Killed two minutes ago. */
  clock_gettime (CLOCK_REALTIME, &old[0]);
  old[0].tv_sec -= 120;
  old[1] = old[0];
  g_assert_cmpint (utimensat (AT_FDCWD, left, old, 0), ==, 0);
  again = run_cli ("archive", fixture->path, "-o", html, NULL);
  g_assert_cmpint (again->status, ==, 0);
  g_assert_false (g_file_test (left, G_FILE_TEST_EXISTS));
  g_clear_pointer (&left, g_free);
  left = temporary_of (fixture->folder, "war.html");
  g_assert_null (left);
  page = file_contents (html);
  g_assert_true (g_str_has_suffix (page, "</html>\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/report/archive/F-STRAT-4/bad-input", Fixture, NULL, fixture_setup,
              test_bad_input, fixture_teardown);
  g_test_add ("/report/archive/F-STRAT-4/video-bad-input", Fixture, NULL, fixture_setup,
              test_video_bad_input, fixture_teardown);
  g_test_add ("/report/archive/F-ECM-2/F-STRAT-3/video", Fixture, NULL, fixture_setup,
              test_video, fixture_teardown);
  g_test_add ("/report/archive/atomic/cancelled", Fixture, NULL, fixture_setup,
              test_cancelled, fixture_teardown);
  g_test_add ("/report/archive/atomic/killed", Fixture, NULL, fixture_setup, test_killed,
              fixture_teardown);
  g_test_add ("/report/archive/F-ECM-2/F-STRAT-3/side-views", Fixture, NULL, fixture_setup,
              test_side_views, fixture_teardown);
  g_test_add ("/report/archive/F-STRAT-2/F-STRAT-3/sector-views", Fixture, NULL, fixture_setup,
              test_sector_views, fixture_teardown);
  g_test_add ("/report/archive/F-STRAT-3/F-ECM-2/public-battles", Fixture, NULL, fixture_setup,
              test_public_battles, fixture_teardown);
  g_test_add ("/report/archive/F-STRAT-3/public", Fixture, NULL, fixture_setup, test_public,
              fixture_teardown);
  g_test_add ("/report/archive/cli/video-progress", Fixture, NULL, fixture_setup,
              test_video_progress, fixture_teardown);
  g_test_add ("/report/archive/F-STRAT-3/revelation", Fixture, NULL, fixture_setup,
              test_revelation, fixture_teardown);
  g_test_add ("/report/archive/offline/self-contained", Fixture, NULL, fixture_setup,
              test_self_contained, fixture_teardown);
  g_test_add ("/report/archive/journal/25000-entries", Fixture, NULL, fixture_setup,
              test_long_campaign, fixture_teardown);
  g_test_add ("/report/archive/cli/html-and-frames", Fixture, NULL, fixture_setup, test_cli,
              fixture_teardown);
  /* In the browser suite (tests/meson.build). */
  g_test_add ("/browser/archive/offline/keys", Fixture, NULL, fixture_setup, test_browser,
              fixture_teardown);
  return g_test_run ();
}
