/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-report-kit.c: `admiralty-cli report --kind kit`, the table kit on paper, for the
 * Komarr campaign's battle at Pol orbit (c1-3) after cycle 1 played from its sheets: bad
 * input refused and named (an unknown engagement, one not in the campaign yet, an unknown
 * side, an odd paper, exit 1 or 2, nothing written); every ship of the engagement has a
 * token; each side's kit names none of the ships its views do not show it (F-ECM-2, F-ECM-4);
 * and, measured on the page drawn at 254 dpi (100 pixels a centimetre): the check ruler is
 * 10 cm and its centimetre ticks 1 cm apart, and every face-down back is the diameter of a
 * base of the ruleset (F-SHIP-1, F-SHIP-2, F-SHIP-3). CLI_PATH comes from meson. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "text-helpers.h"

#define ENGAGEMENT "c1-3"
#define DPI 254.0            /* 100 pixels a centimetre */
#define PX_PER_MM (DPI / 25.4)

/* The campaign's battle of c1-3 as the kit sees it, set up as the campaign stands. */
static AdmBattle *
engagement_battle_of (const char   *path,
                      AdmCampaign **campaign_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autofree char *setup = NULL;
  AdmBattle *battle;

  g_assert_no_error (error);
  engagement = adm_campaign_find_engagement (campaign, ENGAGEMENT, &error);
  g_assert_no_error (error);
  setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), ENGAGEMENT, &error);
  g_assert_no_error (error);
  *campaign_out = g_steal_pointer (&campaign);
  return battle;
}

/* Bad input: exit 2 for usage, 1 for a campaign that has no such thing or a file that is no
 * campaign (a TI4 combat's); the message names it; no file is written. */
static void
test_bad_input (CliCampaign   *fixture,
                gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (fixture->dir, "kit.pdf", NULL);
  g_autofree char *huge = g_strnfill (5000, 'x');
  struct {
    const char *args[12];
    int         status;
    const char *message;
  } cases[] = {
    { { "--kind", "kit", "-o", pdf, NULL }, 2, "--engagement" },
    { { "--kind", "kit", "--engagement", "zz-9", "-o", pdf, NULL }, 1, "zz-9" },
    /* After cycle 1, cycle 4's engagements are not in the campaign yet. */
    { { "--kind", "kit", "--engagement", "c4-1", "-o", pdf, NULL }, 1, "c4-1" },
    { { "--kind", "kit", "--engagement", ENGAGEMENT, "--as", "nobody", "-o", pdf, NULL }, 1,
      "“nobody” is not an audience of this battle" },
    { { "--kind", "kit", "--engagement", ENGAGEMENT, "--paper", "a0", "-o", pdf, NULL }, 2,
      "unknown --paper" },
    { { "--kind", "kit", "--engagement", ENGAGEMENT, "--paper", huge, "-o", pdf, NULL }, 2,
      "unknown --paper" },
    { { "--kind", "kit", "--engagement", ENGAGEMENT, "--cycle", "1", "-o", pdf, NULL }, 2,
      "--kind kit" },
    { { "--kind", "master", "--engagement", ENGAGEMENT, "-o", pdf, NULL }, 2,
      "--engagement is for --kind kit" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CliResult) result = NULL;
      const char **a = cases[i].args;

      result = run_cli ("report", fixture->campaign, a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                        a[7], a[8], NULL);
      g_test_message ("case %u: %s", i, result->err);
      assert_failure (result, cases[i].status, cases[i].message);
      g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
    }
  /* A TI4 combat has no engagements and no table: its file is named and refused. */
  {
    g_autofree char *ti4 = g_test_build_filename (G_TEST_DIST, "data", "round-trip",
                                                  "ti4-space.xml", NULL);
    g_autoptr(CliResult) result = run_cli ("report", ti4, "--kind", "kit", "--engagement",
                                           ENGAGEMENT, "-o", pdf, NULL);

    assert_failure (result, 1, "ti4-space.xml:2: this is not an Admiralty file");
    assert_contains (result->err, "<ti4-combat>", "the refusal");
    g_assert_false (g_file_test (pdf, G_FILE_TEST_EXISTS));
  }
}

/* The master's kit: a token for every ship of the engagement, face up and named, each with
 * its back; explosion markers. */
static void
test_every_ship (CliCampaign   *fixture,
                 gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = engagement_battle_of (fixture->campaign, &campaign);
  g_autoptr(CliResult) text = run_cli ("report", fixture->campaign, "--kind", "kit",
                                       "--engagement", ENGAGEMENT, "--text", NULL);
  g_auto(GStrv) lines = NULL;
  guint backs = 0;

  g_assert_cmpint (text->status, ==, 0);
  assert_contains (text->out, "Table kit — engagement c1-3", "the master's kit");
  assert_contains (text->out, "Explosion markers", "the master's kit");
  g_assert_cmpuint (adm_battle_get_n_ships (battle), >, 0);
  lines = g_strsplit (text->out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    backs += g_str_equal (lines[i], "?");
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      g_autofree char *caption = g_strdup_printf ("%s, %g cm", ship->klass->name,
                                                  ship->klass->type->base_size);
      gboolean found = FALSE;

      for (guint l = 0; lines[l] != NULL && !found; l++)
        found = g_str_equal (lines[l], ship->name);
      if (!found)
        g_error ("no token names %s:\n%s", ship->name, text->out);
      assert_contains (text->out, caption, "the master's kit");
    }
  /* Every ship has its back. */
  g_assert_cmpuint (backs, ==, adm_battle_get_n_ships (battle));
}

/* F-ECM-2, F-ECM-4: each side's kit, as PDF text, names no ship the side's views do not show
 * it face up — not its name, id or class — and leaves out those it does not see at all;
 * a ship shown as a base only is a back with nothing on it. */
static void
test_sides_leak_nothing (CliCampaign   *fixture,
                         gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = engagement_battle_of (fixture->campaign, &campaign);
  guint hidden_somewhere = 0;

  g_assert_cmpuint (adm_battle_get_n_sides (battle), >=, 2);
  for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
    {
      const AdmBattleSide *s = adm_battle_get_side (battle, side);
      g_autofree char *pdf = g_strdup_printf ("%s%ckit-%s.pdf", fixture->dir, G_DIR_SEPARATOR,
                                              s->id);
      g_autoptr(CliResult) written = run_cli ("report", fixture->campaign, "--kind", "kit",
                                              "--engagement", ENGAGEMENT, "--as", s->id,
                                              "-o", pdf, NULL);
      g_autofree char *words = NULL;
      AdmAudience audience = adm_audience_side (side);
      guint face_up = 0, face_down = 0;

      g_test_message ("%s", written->err);
      g_assert_cmpint (written->status, ==, 0);
      words = pdf_text (pdf);
      /* Only the master's paper names an engagement by its id (F-STRAT-3). */
      g_assert_null (strstr (words, ENGAGEMENT));
      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        {
          const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
          AdmShipView view = adm_audience_ship_view (audience, battle, i);

          if (view == ADM_SHIP_VIEW_FULL || view == ADM_SHIP_VIEW_IDENTIFIED)
            {
              assert_contains (words, ship->name, s->id);
              face_up++;
              continue;
            }
          hidden_somewhere++;
          face_down += view == ADM_SHIP_VIEW_BASE;
          assert_lacks (words, ship->name, s->id);
          assert_lacks (words, ship->id, s->id);
        }
      g_test_message ("%s: %u face up, %u face down", s->id, face_up, face_down);
      g_assert_cmpuint (face_up, >, 0);
    }
  g_test_message ("ships some side does not see face up: %u", hidden_somewhere);
}

/* A PGM (P5, 8 bits) or a PPM (P6) read whole. */
typedef struct {
  int     width, height;
  int     channels;  /* 1 grey, 3 red, green and blue */
  guchar *pixels;
} Gray;

static void
gray_free (Gray *gray)
{
  g_free (gray->pixels);
  g_free (gray);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Gray, gray_free)

/* Page @page (from 1) of @pdf drawn at DPI, in grey (pdftoppm -gray) or in colour. */
static Gray *
page_image (const char *pdf,
            const char *dir,
            guint       page,
            gboolean    colour)
{
  g_autofree char *prefix = g_build_filename (dir, "measure", NULL);
  g_autofree char *file = g_strdup_printf ("%s.%s", prefix, colour ? "ppm" : "pgm");
  g_autofree char *dpi = g_strdup_printf ("%d", (int) DPI);
  g_autofree char *number = g_strdup_printf ("%u", page);
  const char *grey[] = { "pdftoppm", "-gray", "-r", dpi, "-f", number, "-l", number,
                         "-singlefile", pdf, prefix, NULL };
  const char *rgb[] = { "pdftoppm", "-r", dpi, "-f", number, "-l", number, "-singlefile", pdf,
                        prefix, NULL };
  g_autofree char *out = tool_output (colour ? rgb : grey);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  Gray *gray = g_new0 (Gray, 1);
  int max = 0, n = 0;

  g_file_get_contents (file, &data, &length, &error);
  g_assert_no_error (error);
  gray->channels = colour ? 3 : 1;
  g_assert_cmpint (sscanf (data, colour ? "P6 %d %d %d%n" : "P5 %d %d %d%n", &gray->width,
                           &gray->height, &max, &n), ==, 3);
  g_assert_cmpint (max, ==, 255);
  n++;  /* the one white-space byte after the header */
  g_assert_cmpuint (length, >=,
                    (gsize) n + (gsize) gray->width * gray->height * gray->channels);
  gray->pixels = g_memdup2 (data + n, (gsize) gray->width * gray->height * gray->channels);
  g_unlink (file);
  return gray;
}

static Gray *
page_gray (const char *pdf,
           const char *dir)
{
  return page_image (pdf, dir, 1, FALSE);
}

static gboolean
dark (const Gray *gray,
      int         x,
      int         y)
{
  return x >= 0 && y >= 0 && x < gray->width && y < gray->height &&
         gray->pixels[y * gray->width + x] < 128;
}

static gboolean
white (const Gray *gray,
       int         x,
       int         y)
{
  return gray->pixels[y * gray->width + x] > 240;
}

/* Measured: the check ruler is 10 cm long (one dark row run of 1000 ± 4 pixels), and its
 * eleven centimetre ticks, alone 3.2 mm below it, are 100 ± 2 pixels apart. */
static void
check_ruler (const Gray *gray,
             int         from_y)
{
  int ruler_y = -1, ruler_x = -1, ruler_length = 0;

  /* The ruler's line: the one run of dark pixels about 10 cm long below @from_y (the header's
   * and footer's rules run the whole body, wider). */
  for (int y = from_y; y < gray->height && ruler_y < 0; y++)
    for (int x = 0; x < gray->width; x++)
      {
        int run = 0;

        while (dark (gray, x + run, y))
          run++;
        if (run > 900 && run < 1100)
          {
            ruler_y = y;
            ruler_x = x;
            ruler_length = run;
            break;
          }
        x += run;
      }
  g_assert_cmpint (ruler_y, >=, 0);
  g_test_message ("ruler: %d px long at (%d, %d)", ruler_length, ruler_x, ruler_y);
  /* 100 mm, the line's width 0.2 mm of ticks at either end included. */
  g_assert_cmpint (abs (ruler_length - 1000), <=, 4);
  {
    /* 3.2 mm below the line only the centimetre ticks (4 mm) reach. */
    int y = ruler_y + (int) (3.2 * PX_PER_MM);
    double ticks[16];
    guint n = 0;

    for (int x = ruler_x - 10; x < ruler_x + ruler_length + 10; x++)
      if (dark (gray, x, y))
        {
          int start = x;

          while (dark (gray, x, y))
            x++;
          g_assert_cmpuint (n, <, G_N_ELEMENTS (ticks));
          ticks[n++] = (start + x - 1) / 2.0;
        }
    g_assert_cmpuint (n, ==, 11);
    for (guint i = 1; i < n; i++)
      g_assert_cmpfloat (fabs (ticks[i] - ticks[i - 1] - 100), <=, 2);
    g_assert_cmpfloat (fabs (ticks[10] - ticks[0] - 1000), <=, 3);
  }
}

/* The centres (points) of the words "?" on page 1 of @pdf: the backs' question marks
 * (pdftotext -bbox). */
static GArray *
back_centres (const char *pdf)
{
  const char *argv[] = { "pdftotext", "-bbox", "-f", "1", "-l", "1", pdf, "-", NULL };
  g_autofree char *html = tool_output (argv);
  GArray *centres = g_array_new (FALSE, FALSE, sizeof (double) * 2);
  const char *at = html;

  while ((at = strstr (at, "<word ")) != NULL)
    {
      double x1, y1, x2, y2, c[2];
      const char *end = strchr (at, '>');

      if (sscanf (at, "<word xMin=\"%lf\" yMin=\"%lf\" xMax=\"%lf\" yMax=\"%lf\"", &x1, &y1,
                  &x2, &y2) == 4 && end != NULL && g_str_has_prefix (end, ">?</word>"))
        {
          c[0] = (x1 + x2) / 2;
          c[1] = (y1 + y2) / 2;
          g_array_append_vals (centres, c, 1);
        }
      at++;
    }
  return centres;
}

/* Measured: on page 1, the check ruler prints 10 cm, and each back (a grey disc with a "?")
 * is as tall, rim to rim through its middle, as a base of the ships it stands for: 1.5, 2, 2.5 or
 * 3 cm (F-SHIP-1, F-SHIP-2, F-SHIP-3, the stations'), its 0.4 mm rim included. */
static void
test_measured (CliCampaign   *fixture,
               gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (fixture->dir, "kit.pdf", NULL);
  g_autoptr(CliResult) written = run_cli ("report", fixture->campaign, "--kind", "kit",
                                          "--engagement", ENGAGEMENT, "--paper", "letter",
                                          "-o", pdf, NULL);
  g_autoptr(Gray) gray = NULL;
  g_autoptr(GArray) centres = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = engagement_battle_of (fixture->campaign, &campaign);
  guint measured = 0;

  g_assert_cmpint (written->status, ==, 0);
  gray = page_gray (pdf, fixture->dir);
  check_ruler (gray, 0);
  centres = back_centres (pdf);
  g_assert_cmpuint (centres->len, >, 0);
  for (guint i = 0; i < centres->len; i++)
    {
      const double *c = &g_array_index (centres, double, 2 * i);
      int x = (int) round (c[0] / 72.0 * DPI), y = (int) round (c[1] / 72.0 * DPI);
      int top = y, bottom = y;
      double diameter, best = G_MAXDOUBLE;

      /* From the middle out to the white paper: the grey face and the "?" are inside, the
       * rim's outer edge the last pixel not white. */
      while (top > 0 && !white (gray, x, top - 1))
        top--;
      while (bottom + 1 < gray->height && !white (gray, x, bottom + 1))
        bottom++;
      diameter = (bottom - top + 1) / PX_PER_MM - 0.4;
      for (guint s = 0; s < adm_battle_get_n_ships (battle); s++)
        {
          double base = adm_battle_get_ship (battle, s)->klass->type->base_size * 10;

          best = MIN (best, fabs (diameter - base));
        }
      g_test_message ("back %u: %.2f mm", i, diameter);
      g_assert_cmpfloat (best, <=, 0.3);
      measured++;
    }
  g_assert_cmpuint (measured, >, 0);
  pdf_page_picture (pdf, 1, 70, "report-kit.png");
}

/* A sheet of the map measured on its page: its edges (the last pixels not white) and the
 * centres of its alignment crosses, top left, top right, bottom left, bottom right. */
typedef struct {
  double left, right, top, bottom;
  double cx[4], cy[4];
} Sheet;

static gboolean
magenta (const Gray *rgb,
         int         x,
         int         y)
{
  const guchar *p = rgb->pixels + 3 * ((gsize) y * rgb->width + x);

  return p[0] > 200 && p[1] < 90 && p[2] > 200;
}

static gboolean
paper (const Gray *rgb,
       int         x,
       int         y)
{
  const guchar *p = rgb->pixels + 3 * ((gsize) y * rgb->width + x);

  return x < 0 || y < 0 || x >= rgb->width || y >= rgb->height ||
         (p[0] > 240 && p[1] > 240 && p[2] > 240);
}

static double
grey_at (const Gray *rgb,
         int         x,
         int         y)
{
  const guchar *p = rgb->pixels + 3 * ((gsize) y * rgb->width + x);

  return 0.3 * p[0] + 0.59 * p[1] + 0.11 * p[2];
}

static void
measure_sheet (const Gray *rgb,
               Sheet      *sheet)
{
  double sx[4] = { 0 }, sy[4] = { 0 }, n[4] = { 0 };
  int x0 = rgb->width, x1 = -1, y0 = rgb->height, y1 = -1;
  int x, y;

  for (y = 0; y < rgb->height; y++)
    for (x = 0; x < rgb->width; x++)
      if (magenta (rgb, x, y))
        {
          x0 = MIN (x0, x), x1 = MAX (x1, x), y0 = MIN (y0, y), y1 = MAX (y1, y);
        }
  g_assert_cmpint (x1, >, x0);
  for (y = y0; y <= y1; y++)
    for (x = x0; x <= x1; x++)
      if (magenta (rgb, x, y))
        {
          int q = (x > (x0 + x1) / 2) + 2 * (y > (y0 + y1) / 2);

          sx[q] += x, sy[q] += y, n[q]++;
        }
  for (int q = 0; q < 4; q++)
    {
      g_assert_cmpfloat (n[q], >, 0);
      sheet->cx[q] = sx[q] / n[q];
      sheet->cy[q] = sy[q] / n[q];
    }
  /* From the crosses out to the white paper. */
  for (x = (int) sheet->cx[0], y = (int) sheet->cy[0]; !paper (rgb, x - 1, y); x--)
    ;
  sheet->left = x;
  for (x = (int) sheet->cx[1], y = (int) sheet->cy[1]; !paper (rgb, x + 1, y); x++)
    ;
  sheet->right = x;
  for (x = (int) sheet->cx[0], y = (int) sheet->cy[0]; !paper (rgb, x, y - 1); y--)
    ;
  sheet->top = y;
  for (x = (int) sheet->cx[2], y = (int) sheet->cy[2]; !paper (rgb, x, y + 1); y++)
    ;
  sheet->bottom = y;
}

/* The page (from 1) of @pdf whose words hold @needle, or 0. */
static guint
page_with (const char *pdf,
           const char *needle)
{
  const char *argv[] = { "pdftotext", pdf, "-", NULL };
  g_autofree char *text = tool_output (argv);
  g_auto(GStrv) pages = g_strsplit (text, "\f", -1);

  for (guint i = 0; pages[i] != NULL; i++)
    {
      g_strdelimit (pages[i], "\n", ' ');
      if (strstr (pages[i], needle) != NULL)
        return i + 1;
    }
  return 0;
}

/* Measured: the map is tiled over whole sheets; on sheet A1 and its right-hand neighbour B1
 * the crosses stand 5 mm in from every edge, so that the two sheets overlap by 10 mm; within
 * the overlap the two sheets print the same table (the mean difference of their greys, grid
 * lines included, is under 3 levels of 255); and the check ruler on a map page prints
 * 10 cm. The master's map, on A4. */
static void
test_map_tiles (CliCampaign   *fixture,
                gconstpointer  data)
{
  g_autofree char *pdf = g_build_filename (fixture->dir, "kit.pdf", NULL);
  g_autoptr(CliResult) written = run_cli ("report", fixture->campaign, "--kind", "kit",
                                          "--engagement", ENGAGEMENT, "-o", pdf, NULL);
  g_autoptr(Gray) a1 = NULL, b1 = NULL, grey = NULL;
  guint page_a1, page_b1;
  Sheet sa, sb;
  double overlap, aligned = 0;
  guint n = 0;

  g_assert_cmpint (written->status, ==, 0);
  page_a1 = page_with (pdf, "sheet A1 of");
  page_b1 = page_with (pdf, "sheet B1 of");
  g_test_message ("A1 on page %u, B1 on page %u", page_a1, page_b1);
  g_assert_cmpuint (page_a1, >, 0);
  g_assert_cmpuint (page_b1, ==, page_a1 + 1);
  pdf_page_picture (pdf, page_a1, 40, "report-kit-map-a1.png");
  pdf_page_picture (pdf, page_b1, 40, "report-kit-map-b1.png");
  a1 = page_image (pdf, fixture->dir, page_a1, TRUE);
  b1 = page_image (pdf, fixture->dir, page_b1, TRUE);
  measure_sheet (a1, &sa);
  measure_sheet (b1, &sb);
  for (int q = 0; q < 4; q++)
    {
      double inset_x = (q % 2 == 0 ? sa.cx[q] - sa.left : sa.right - sa.cx[q]) / PX_PER_MM;
      double inset_y = (q < 2 ? sa.cy[q] - sa.top : sa.bottom - sa.cy[q]) / PX_PER_MM;

      g_test_message ("A1 cross %d: %.2f mm, %.2f mm in", q, inset_x, inset_y);
      g_assert_cmpfloat (fabs (inset_x - 5), <=, 0.3);
      g_assert_cmpfloat (fabs (inset_y - 5), <=, 0.3);
    }
  overlap = (sa.right - sa.cx[1] + sb.cx[0] - sb.left) / PX_PER_MM;
  g_test_message ("A1 and B1 overlap by %.2f mm", overlap);
  g_assert_cmpfloat (fabs (overlap - 10), <=, 0.3);
  /* The overlap's band between the crosses: A1's right-hand 10 mm, B1's left-hand 10 mm. */
  for (int y = (int) (sa.cy[1] + 8 * PX_PER_MM); y < sa.cy[3] - 8 * PX_PER_MM; y++)
    for (int dx = (int) (-4 * PX_PER_MM); dx <= 4 * PX_PER_MM; dx++)
      {
        int ya = y, yb = (int) round (y - sa.cy[1] + sb.cy[0]);

        aligned += fabs (grey_at (a1, (int) round (sa.cx[1]) + dx, ya) -
                         grey_at (b1, (int) round (sb.cx[0]) + dx, yb));
        n++;
      }
  aligned /= n;
  g_test_message ("overlap band: mean grey difference %.2f", aligned);
  g_assert_cmpfloat (aligned, <, 3);
  grey = page_image (pdf, fixture->dir, page_a1, FALSE);
  check_ruler (grey, (int) sa.bottom + (int) (5 * PX_PER_MM));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cli/report-kit/" path, CliCampaign, NULL, cli_campaign_after_sheets, func, \
              cli_campaign_teardown)
  ADD ("bad-input", test_bad_input);
  ADD ("F-SHIP-1/every-ship", test_every_ship);
  ADD ("F-ECM-4/sides-leak-nothing", test_sides_leak_nothing);
  ADD ("F-SHIP-1/measured", test_measured);
  ADD ("F-TAC-1/map-tiles", test_map_tiles);
#undef ADD

  return g_test_run ();
}
