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

/* Bad input: exit 2 for usage, 1 for a campaign that has no such thing; the message names
 * it; no file is written. */
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

/* A PGM (P5, 8 bits) read whole. */
typedef struct {
  int     width, height;
  guchar *pixels;
} Gray;

static void
gray_free (Gray *gray)
{
  g_free (gray->pixels);
  g_free (gray);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Gray, gray_free)

/* Page 1 of @pdf drawn at DPI in grey (pdftoppm -gray). */
static Gray *
page_gray (const char *pdf,
           const char *dir)
{
  g_autofree char *prefix = g_build_filename (dir, "measure", NULL);
  g_autofree char *file = g_strdup_printf ("%s.pgm", prefix);
  g_autofree char *dpi = g_strdup_printf ("%d", (int) DPI);
  const char *argv[] = { "pdftoppm", "-gray", "-r", dpi, "-f", "1", "-l", "1",
                         "-singlefile", pdf, prefix, NULL };
  g_autofree char *out = tool_output (argv);
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  Gray *gray = g_new0 (Gray, 1);
  int max = 0, n = 0;

  g_file_get_contents (file, &data, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sscanf (data, "P5 %d %d %d%n", &gray->width, &gray->height, &max, &n), ==, 3);
  g_assert_cmpint (max, ==, 255);
  n++;  /* the one white-space byte after the header */
  g_assert_cmpuint (length, >=, (gsize) n + (gsize) gray->width * gray->height);
  gray->pixels = g_memdup2 (data + n, (gsize) gray->width * gray->height);
  g_unlink (file);
  return gray;
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
check_ruler (const Gray *gray)
{
  int ruler_y = -1, ruler_x = -1, ruler_length = 0;

  /* The ruler's line: the one run of dark pixels about 10 cm long (the header's and footer's
   * rules run the whole body, wider). */
  for (int y = 0; y < gray->height && ruler_y < 0; y++)
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
  check_ruler (gray);
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
#undef ADD

  return g_test_run ();
}
