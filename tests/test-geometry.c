/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-geometry.c: the tactical table's geometry — headings, bearings, the firing arcs
 * (F-FIRE-7), ranges (F-FIRE-13), target aspect (F-ART-6), lines of fire past markers
 * (F-ART-10), touching bases (F-SHLD-5) and where a ram makes contact (F-RAM-2). The table's
 * y axis grows downwards; heading 0 is up the table, 90 is to the right. */

#include "config.h"

#include <math.h>

#include "adm-geometry.h"

#define EPS 1e-9

static AdmPoint
pt (double x,
    double y)
{
  AdmPoint p = { x, y };

  return p;
}

static void
test_heading_normalise (void)
{
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (0.0), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (359.5), 359.5, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (360.0), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (720.0), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (450.0), 90.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (3600.25), 0.25, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (-90.0), 270.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (-360.0), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (-0.5), 359.5, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_normalise (-810.0), 270.0, EPS);
}

/* A heading a hair below zero must not come back as 360, which is outside [0, 360). */
static void
test_heading_normalise_edges (void)
{
  double h = adm_heading_normalise (-1e-20);

  g_assert_cmpfloat (h, >=, 0.0);
  g_assert_cmpfloat (h, <, 360.0);
  g_assert_cmpfloat_with_epsilon (h, 0.0, EPS);

  h = adm_heading_normalise (-0.0);
  g_assert_cmpfloat (h, ==, 0.0);
  g_assert_false (signbit (h));
}

static void
test_heading_difference (void)
{
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (350.0, 10.0), 20.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (10.0, 350.0), -20.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (45.0, 44.0), -1.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (0.0, 181.0), -179.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (0.0, 179.0), 179.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (90.0, 90.0), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (-10.0, 370.0), 20.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (720.0, -90.0), -90.0, EPS);
}

/* Half a turn either way is +180, never -180: the range is (-180, 180]. */
static void
test_heading_difference_half_turn (void)
{
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (0.0, 180.0), 180.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (180.0, 0.0), 180.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (90.0, 270.0), 180.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (270.0, 90.0), 180.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_heading_difference (315.0, 135.0), 180.0, EPS);
}

static void
test_bearing (void)
{
  AdmPoint o = pt (0.0, 0.0);

  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (0.0, -5.0)), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (5.0, 0.0)), 90.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (0.0, 5.0)), 180.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (-5.0, 0.0)), 270.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (3.0, -3.0)), 45.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (3.0, 3.0)), 135.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (-3.0, 3.0)), 225.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (o, pt (-3.0, -3.0)), 315.0, EPS);
  /* Not at the origin, and the reverse bearing is half a turn away. */
  g_assert_cmpfloat_with_epsilon (adm_bearing (pt (10.0, 20.0), pt (13.0, 24.0)),
                                  180.0 - atan2 (3.0, 4.0) * 180.0 / G_PI, EPS);
  g_assert_cmpfloat_with_epsilon (adm_bearing (pt (13.0, 24.0), pt (10.0, 20.0)),
                                  360.0 - atan2 (3.0, 4.0) * 180.0 / G_PI, EPS);
  /* Coincident points have no bearing; the header says 0. */
  g_assert_cmpfloat_with_epsilon (adm_bearing (pt (7.0, -2.0), pt (7.0, -2.0)), 0.0, EPS);
}

static void
test_point_advance (void)
{
  AdmPoint p;

  /* Up the table is negative y; quarter turns stay exactly on their row or column. */
  p = adm_point_advance (pt (10.0, 10.0), 0.0, 4.0);
  g_assert_cmpfloat (p.x, ==, 10.0);
  g_assert_cmpfloat (p.y, ==, 6.0);
  p = adm_point_advance (pt (10.0, 10.0), 90.0, 4.0);
  g_assert_cmpfloat (p.x, ==, 14.0);
  g_assert_cmpfloat (p.y, ==, 10.0);
  p = adm_point_advance (pt (10.0, 10.0), 180.0, 4.0);
  g_assert_cmpfloat (p.x, ==, 10.0);
  g_assert_cmpfloat (p.y, ==, 14.0);
  p = adm_point_advance (pt (10.0, 10.0), 270.0, 4.0);
  g_assert_cmpfloat (p.x, ==, 6.0);
  g_assert_cmpfloat (p.y, ==, 10.0);
  p = adm_point_advance (pt (10.0, 10.0), -90.0, 4.0);
  g_assert_cmpfloat (p.x, ==, 6.0);
  g_assert_cmpfloat (p.y, ==, 10.0);

  /* A 3-4-5 triangle: heading atan2 (3, 4) moves 3 right and 4 up for every 5 cm. */
  p = adm_point_advance (pt (0.0, 0.0), atan2 (3.0, 4.0) * 180.0 / G_PI, 10.0);
  g_assert_cmpfloat_with_epsilon (p.x, 6.0, EPS);
  g_assert_cmpfloat_with_epsilon (p.y, -8.0, EPS);
  p = adm_point_advance (pt (1.0, 1.0), 225.0, sqrt (2.0));
  g_assert_cmpfloat_with_epsilon (p.x, 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (p.y, 2.0, EPS);

  /* Advancing then measuring gives back the heading and the distance. */
  for (double h = 0.0; h < 360.0; h += 7.5)
    {
      AdmPoint from = pt (-3.0, 5.0);
      AdmPoint to = adm_point_advance (from, h, 12.5);

      g_assert_cmpfloat_with_epsilon (adm_distance (from, to), 12.5, EPS);
      g_assert_cmpfloat_with_epsilon (adm_bearing (from, to), h, EPS);
    }
}

static void
test_distance (void)
{
  g_assert_cmpfloat_with_epsilon (adm_distance (pt (0.0, 0.0), pt (3.0, 4.0)), 5.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_distance (pt (1.0, 1.0), pt (4.0, -3.0)), 5.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_distance (pt (4.0, -3.0), pt (1.0, 1.0)), 5.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_distance (pt (-6.0, 2.5), pt (-6.0, 2.5)), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_distance (pt (-5.0, 0.0), pt (7.0, 5.0)), 13.0, EPS);
}

/* F-FIRE-7: the four arcs for a ship heading up the table and one heading to the right. */
static void
test_arcs (void)
{
  AdmPoint s = pt (20.0, 20.0);

  g_assert_cmpint (adm_sector_of (s, 0.0, pt (20.0, 10.0)), ==, ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (s, 0.0, pt (30.0, 20.0)), ==, ADM_SECTOR_STARBOARD);
  g_assert_cmpint (adm_sector_of (s, 0.0, pt (20.0, 30.0)), ==, ADM_SECTOR_STERN);
  g_assert_cmpint (adm_sector_of (s, 0.0, pt (10.0, 20.0)), ==, ADM_SECTOR_PORT);

  g_assert_cmpint (adm_sector_of (s, 90.0, pt (30.0, 20.0)), ==, ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (s, 90.0, pt (20.0, 30.0)), ==, ADM_SECTOR_STARBOARD);
  g_assert_cmpint (adm_sector_of (s, 90.0, pt (10.0, 20.0)), ==, ADM_SECTOR_STERN);
  g_assert_cmpint (adm_sector_of (s, 90.0, pt (20.0, 10.0)), ==, ADM_SECTOR_PORT);

  /* Headings outside [0, 360) mean the same as their normalised value. */
  g_assert_cmpint (adm_sector_of (s, 450.0, pt (30.0, 20.0)), ==, ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (s, -270.0, pt (20.0, 10.0)), ==, ADM_SECTOR_PORT);

  /* Just inside each side of the bow arc for a ship heading 350: bearings 30 and 310. */
  g_assert_cmpint (adm_sector_of (s, 350.0, adm_point_advance (s, 34.0, 10.0)), ==,
                   ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (s, 350.0, adm_point_advance (s, 36.0, 10.0)), ==,
                   ADM_SECTOR_STARBOARD);
  g_assert_cmpint (adm_sector_of (s, 350.0, adm_point_advance (s, 306.0, 10.0)), ==,
                   ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (s, 350.0, adm_point_advance (s, 304.0, 10.0)), ==,
                   ADM_SECTOR_PORT);
}

/* F-FIRE-7: a point exactly on an edge between arcs is in the bow or stern arc. */
static void
test_arcs_boundaries (void)
{
  AdmPoint s = pt (0.0, 0.0);

  g_assert_cmpint (adm_sector_of (s, 0.0, pt (5.0, -5.0)), ==, ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (s, 0.0, pt (-5.0, -5.0)), ==, ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (s, 0.0, pt (5.0, 5.0)), ==, ADM_SECTOR_STERN);
  g_assert_cmpint (adm_sector_of (s, 0.0, pt (-5.0, 5.0)), ==, ADM_SECTOR_STERN);

  /* The same edges for an oblique heading, where sin () and cos () round. */
  for (double h = 0.0; h < 360.0; h += 15.0)
    {
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h + 45.0, 8.0)), ==,
                       ADM_SECTOR_BOW);
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h - 45.0, 8.0)), ==,
                       ADM_SECTOR_BOW);
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h + 135.0, 8.0)), ==,
                       ADM_SECTOR_STERN);
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h - 135.0, 8.0)), ==,
                       ADM_SECTOR_STERN);
      /* A hundredth of a degree past the edge is in the broadside arc. */
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h + 45.01, 8.0)), ==,
                       ADM_SECTOR_STARBOARD);
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h + 134.99, 8.0)), ==,
                       ADM_SECTOR_STARBOARD);
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h - 45.01, 8.0)), ==,
                       ADM_SECTOR_PORT);
      g_assert_cmpint (adm_sector_of (s, h, adm_point_advance (s, h - 134.99, 8.0)), ==,
                       ADM_SECTOR_PORT);
    }

  /* A point on the ship's own centre is in the bow arc, whatever the heading. */
  g_assert_cmpint (adm_sector_of (pt (3.0, 4.0), 0.0, pt (3.0, 4.0)), ==, ADM_SECTOR_BOW);
  g_assert_cmpint (adm_sector_of (pt (3.0, 4.0), 180.0, pt (3.0, 4.0)), ==, ADM_SECTOR_BOW);
}

/* F-FIRE-13: ranges are centre to centre; the arcs do not change them. */
static void
test_centre_to_centre (void)
{
  AdmPoint firer = pt (12.0, 30.0);
  AdmPoint target = pt (36.0, 23.0);

  g_assert_cmpfloat_with_epsilon (adm_distance (firer, target), 25.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_distance (target, firer), 25.0, EPS);
  /* A target 25 cm dead ahead or dead astern is at the same range. */
  g_assert_cmpfloat_with_epsilon (adm_distance (firer, adm_point_advance (firer, 0.0, 25.0)),
                                  25.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_distance (firer, adm_point_advance (firer, 180.0, 25.0)),
                                  25.0, EPS);
}

/* F-ART-6 as ruled: the aspect is read from the target's arcs, not the firer's. */
static void
test_aspect_from_target_arcs (void)
{
  AdmPoint target = pt (0.0, 0.0);

  /* The target steams to the right (heading 90). */
  g_assert_cmpint (adm_aspect_of (target, 90.0, pt (10.0, 0.0)), ==, ADM_ASPECT_APPROACHING);
  g_assert_cmpint (adm_aspect_of (target, 90.0, pt (-10.0, 0.0)), ==, ADM_ASPECT_RECEDING);
  g_assert_cmpint (adm_aspect_of (target, 90.0, pt (0.0, 10.0)), ==, ADM_ASPECT_CROSSING);
  g_assert_cmpint (adm_aspect_of (target, 90.0, pt (0.0, -10.0)), ==, ADM_ASPECT_CROSSING);

  /* The same firer, ahead of the target's position; only the target's heading decides. */
  g_assert_cmpint (adm_aspect_of (target, 0.0, pt (0.0, -10.0)), ==, ADM_ASPECT_APPROACHING);
  g_assert_cmpint (adm_aspect_of (target, 180.0, pt (0.0, -10.0)), ==, ADM_ASPECT_RECEDING);
  g_assert_cmpint (adm_aspect_of (target, 270.0, pt (0.0, -10.0)), ==, ADM_ASPECT_CROSSING);

  /* On the edges of the target's arcs: 45° off its bow is approaching, 135° receding. */
  g_assert_cmpint (adm_aspect_of (target, 0.0, pt (6.0, -6.0)), ==, ADM_ASPECT_APPROACHING);
  g_assert_cmpint (adm_aspect_of (target, 0.0, pt (-6.0, 6.0)), ==, ADM_ASPECT_RECEDING);
  g_assert_cmpint (adm_aspect_of (target, 30.0, adm_point_advance (target, 75.0, 9.0)), ==,
                   ADM_ASPECT_APPROACHING);
  g_assert_cmpint (adm_aspect_of (target, 30.0, adm_point_advance (target, 165.0, 9.0)), ==,
                   ADM_ASPECT_RECEDING);
  g_assert_cmpint (adm_aspect_of (target, 30.0, adm_point_advance (target, 120.0, 9.0)), ==,
                   ADM_ASPECT_CROSSING);
}

/* F-ART-10 (and F-CAT-4): a line of fire is blocked by a marker it passes within reach of. */
static void
test_line_of_fire_through_marker (void)
{
  AdmPoint firer = pt (0.0, 0.0);
  AdmPoint target = pt (10.0, 0.0);

  /* Straight through, grazing the edge (touching counts), and clear by half a centimetre. */
  g_assert_true (adm_segment_meets_circle (firer, target, pt (5.0, 0.0), 1.0));
  g_assert_true (adm_segment_meets_circle (firer, target, pt (5.0, 1.0), 1.0));
  g_assert_true (adm_segment_meets_circle (firer, target, pt (5.0, -1.0), 1.0));
  g_assert_false (adm_segment_meets_circle (firer, target, pt (5.0, 1.5), 1.0));

  /* A marker behind the target or behind the firer is not in the way, even on the line. */
  g_assert_false (adm_segment_meets_circle (firer, target, pt (12.0, 0.0), 1.0));
  g_assert_false (adm_segment_meets_circle (firer, target, pt (15.0, 0.5), 1.0));
  g_assert_false (adm_segment_meets_circle (firer, target, pt (-1.5, 0.0), 1.0));
  /* ... unless it reaches back over the end of the line. */
  g_assert_true (adm_segment_meets_circle (firer, target, pt (11.0, 0.0), 1.0));
  g_assert_true (adm_segment_meets_circle (firer, target, pt (10.6, 0.8), 1.0));
  g_assert_false (adm_segment_meets_circle (firer, target, pt (10.6, 0.9), 1.0));

  /* An oblique line: 3 cm off its middle, perpendicular to a 3-4-5 line of 50 cm. */
  g_assert_true (adm_segment_meets_circle (firer, pt (30.0, 40.0), pt (17.4, 18.2), 3.0));
  g_assert_false (adm_segment_meets_circle (firer, pt (30.0, 40.0), pt (17.4, 18.2), 2.99));
  /* The direction of the line does not matter. */
  g_assert_true (adm_segment_meets_circle (pt (30.0, 40.0), firer, pt (17.4, 18.2), 3.0));

  /* A line of zero length is its single point. */
  g_assert_true (adm_segment_meets_circle (pt (2.0, 2.0), pt (2.0, 2.0), pt (2.0, 3.0), 1.0));
  g_assert_false (adm_segment_meets_circle (pt (2.0, 2.0), pt (2.0, 2.0), pt (2.0, 3.5), 1.0));
}

/* F-SHLD-5 (and F-FORM-1): bases touch within half a millimetre. */
static void
test_bases_touch (void)
{
  AdmPoint a = pt (0.0, 0.0);

  /* Radii 1 and 2: exactly touching, overlapping, within tolerance, and just apart. */
  g_assert_true (adm_bases_touch (a, 2.0, pt (3.0, 0.0), 4.0));
  g_assert_true (adm_bases_touch (a, 2.0, pt (2.0, 0.0), 4.0));
  g_assert_true (adm_bases_touch (a, 2.0, pt (3.04, 0.0), 4.0));
  g_assert_true (adm_bases_touch (a, 2.0, pt (3.05, 0.0), 4.0));
  g_assert_false (adm_bases_touch (a, 2.0, pt (3.06, 0.0), 4.0));
  g_assert_false (adm_bases_touch (a, 2.0, pt (10.0, 0.0), 4.0));

  /* Oblique, and symmetric in its arguments: radii 2 and 3 at 5 cm. */
  g_assert_true (adm_bases_touch (a, 4.0, pt (3.0, 4.0), 6.0));
  g_assert_true (adm_bases_touch (pt (3.0, 4.0), 6.0, a, 4.0));
  g_assert_false (adm_bases_touch (a, 4.0, pt (3.0, 4.1), 6.0));
  g_assert_false (adm_bases_touch (pt (3.0, 4.1), 6.0, a, 4.0));

  /* Stacked on one another. */
  g_assert_true (adm_bases_touch (a, 2.0, a, 2.0));
}

/* F-RAM-2, F-BOARD-1: bases overlap when closer than touching by more than the
 * tolerance; the grid finds every overlapping pair the plain loop finds, in order. */
static void
test_bases_overlap (void)
{
  AdmPoint a = pt (0.0, 0.0);
  AdmPoint centres[200];
  double diameters[200];
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) expected = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GRand) rand = g_rand_new_with_seed (19);

  /* Radii 1 and 2: in contact, within the tolerance, and lying on each other. */
  g_assert_false (adm_bases_overlap (a, 2.0, pt (3.0, 0.0), 4.0));
  g_assert_false (adm_bases_overlap (a, 2.0, pt (2.96, 0.0), 4.0));
  g_assert_false (adm_bases_overlap (a, 2.0, pt (3.5, 0.0), 4.0));
  g_assert_true (adm_bases_overlap (a, 2.0, pt (2.9, 0.0), 4.0));
  g_assert_true (adm_bases_overlap (pt (2.9, 0.0), 4.0, a, 2.0));
  g_assert_true (adm_bases_overlap (a, 2.0, a, 2.0));

  for (guint i = 0; i < G_N_ELEMENTS (centres); i++)
    {
      centres[i] = pt (g_rand_double_range (rand, 0, 60), g_rand_double_range (rand, 0, 40));
      /* Every tenth base is off the table (an exploded ship). */
      diameters[i] = i % 10 == 9 ? 0.0 : g_rand_double_range (rand, 1.5, 3.0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (centres); i++)
    for (guint j = i + 1; j < G_N_ELEMENTS (centres); j++)
      if (diameters[i] > 0 && diameters[j] > 0 &&
          adm_bases_overlap (centres[i], diameters[i], centres[j], diameters[j]))
        {
          g_array_append_val (expected, i);
          g_array_append_val (expected, j);
        }
  adm_bases_overlapping (centres, diameters, G_N_ELEMENTS (centres), pairs);
  g_assert_cmpuint (expected->len, >, 20);
  g_assert_cmpmem (pairs->data, pairs->len * sizeof (guint),
                   expected->data, expected->len * sizeof (guint));

  /* Fewer than two bases: nothing. */
  g_array_set_size (pairs, 0);
  adm_bases_overlapping (centres, diameters, 1, pairs);
  g_assert_cmpuint (pairs->len, ==, 0);
}

/* The grid answers a box with every point in it (and maybe some near it), and a box
 * wholly off the grid with none: not its edge cells, which a line of fire far from a few
 * hulks would otherwise look at one by one. */
static void
test_point_grid_query (void)
{
  AdmPoint points[100];
  g_autoptr(GArray) found = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  AdmPointGrid *grid;

  for (guint i = 0; i < G_N_ELEMENTS (points); i++)
    points[i] = pt (g_rand_double_range (rand, 10, 50), g_rand_double_range (rand, 20, 40));
  grid = adm_point_grid_new (points, G_N_ELEMENTS (points), 3.0);

  /* Random boxes, on and off the grid: each point inside is named, once. */
  for (guint q = 0; q < 500; q++)
    {
      double x0 = g_rand_double_range (rand, -20, 80), y0 = g_rand_double_range (rand, -20, 80);
      double x1 = x0 + g_rand_double_range (rand, 0, 20);
      double y1 = y0 + g_rand_double_range (rand, 0, 20);
      guint seen[G_N_ELEMENTS (points)] = { 0 };

      g_array_set_size (found, 0);
      adm_point_grid_query (grid, x0, y0, x1, y1, found);
      for (guint k = 0; k < found->len; k++)
        seen[g_array_index (found, guint, k)]++;
      for (guint i = 0; i < G_N_ELEMENTS (points); i++)
        {
          g_assert_cmpuint (seen[i], <=, 1);
          if (points[i].x >= x0 && points[i].x <= x1 && points[i].y >= y0 && points[i].y <= y1)
            g_assert_cmpuint (seen[i], ==, 1);
        }
    }

  /* Wholly off the grid, on each side, and corners: nothing. */
  {
    const double boxes[][4] = {
      { -30, 25, -10, 35 }, { 60, 25, 90, 35 }, { 20, -10, 30, 5 }, { 20, 50, 30, 70 },
      { -30, -30, -10, -10 }, { 60, 50, 90, 70 },
    };

    for (guint b = 0; b < G_N_ELEMENTS (boxes); b++)
      {
        g_array_set_size (found, 0);
        adm_point_grid_query (grid, boxes[b][0], boxes[b][1], boxes[b][2], boxes[b][3], found);
        g_assert_cmpuint (found->len, ==, 0);
        /* The corners given either way round. */
        adm_point_grid_query (grid, boxes[b][2], boxes[b][3], boxes[b][0], boxes[b][1], found);
        g_assert_cmpuint (found->len, ==, 0);
      }
  }

  /* A box over the whole grid names every point. */
  g_array_set_size (found, 0);
  adm_point_grid_query (grid, 0, 0, 100, 100, found);
  g_assert_cmpuint (found->len, ==, G_N_ELEMENTS (points));
  /* An answer replaces what the array held (the callers need not empty it): a box
   * with one point, then one off the grid. */
  adm_point_grid_query (grid, points[0].x, points[0].y, points[0].x, points[0].y, found);
  g_assert_cmpuint (found->len, >=, 1);
  g_assert_cmpuint (found->len, <, G_N_ELEMENTS (points));
  adm_point_grid_query (grid, -30, 25, -10, 35, found);
  g_assert_cmpuint (found->len, ==, 0);
  adm_point_grid_free (grid);

  /* An empty grid names nothing. */
  grid = adm_point_grid_new (NULL, 0, 3.0);
  g_array_set_size (found, 0);
  adm_point_grid_query (grid, 0, 0, 100, 100, found);
  g_assert_cmpuint (found->len, ==, 0);
  adm_point_grid_free (grid);
}

/* F-RAM-2: how far a rammer goes before its base first touches the target's. */
static void
test_contact_distance (void)
{
  AdmPoint a = pt (0.0, 0.0);
  /* Diameters 4 and 5.9 reach (4 + 5.9) / 2 + 0.05 = 5 cm, centre to centre. */
  double d = 4.0;
  double dt = 5.9;

  /* Head on, and 3 cm off the path (a 3-4-5 triangle: contact 4 cm short of abeam). */
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, pt (20.0, 0.0), d, pt (10.0, 0.0), dt),
                                  5.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, pt (20.0, 0.0), d, pt (10.0, 3.0), dt),
                                  6.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, pt (20.0, 0.0), d, pt (10.0, -3.0), dt),
                                  6.0, EPS);

  /* An oblique path of 50 cm, the target 3 cm to port of its 25 cm mark. */
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, pt (30.0, 40.0), d, pt (17.4, 18.2), dt),
                                  21.0, EPS);

  /* Contact exactly at the end of the move counts; a target beyond it is never reached. */
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, pt (15.0, 0.0), d, pt (20.0, 0.0), dt),
                                  15.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, pt (10.0, 0.0), d, pt (20.0, 0.0), dt),
                                  -1.0, EPS);
}

/* F-RAM-2: the edge cases — already touching, moving away, passing wide, tangent. */
static void
test_contact_distance_edges (void)
{
  AdmPoint a = pt (0.0, 0.0);
  AdmPoint b = pt (20.0, 0.0);
  double d = 4.0;
  double dt = 5.9;
  double reach = (d + dt) / 2.0 + 0.05;

  /* Already touching at the start, even if moving away: contact at once. */
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, b, d, pt (3.0, 0.0), dt), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, b, d, pt (-3.0, 2.0), dt), 0.0, EPS);

  /* Behind the rammer, or square abeam of its start: never reached. */
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, b, d, pt (-10.0, 0.0), dt), -1.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, b, d, pt (0.0, 8.0), dt), -1.0, EPS);

  /* Tangent: passing exactly at reach touches abeam of the target; a little wider misses. */
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, b, d, pt (10.0, reach), dt), 10.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, b, d, pt (10.0, reach + 0.01), dt),
                                  -1.0, EPS);

  /* A rammer that does not move touches only what it already touches. */
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, a, d, pt (3.0, 3.0), dt), 0.0, EPS);
  g_assert_cmpfloat_with_epsilon (adm_contact_distance (a, a, d, pt (6.0, 0.0), dt), -1.0, EPS);

  /* Stopped at the contact distance, the bases touch; a millimetre short, they do not. */
  {
    AdmPoint t = pt (14.0, -2.0);
    double s = adm_contact_distance (a, b, d, t, dt);

    g_assert_cmpfloat (s, >, 0.0);
    g_assert_cmpfloat_with_epsilon (s, 14.0 - sqrt (reach * reach - 4.0), EPS);
    g_assert_true (adm_bases_touch (adm_point_advance (a, 90.0, s + 1e-12), d, t, dt));
    g_assert_false (adm_bases_touch (adm_point_advance (a, 90.0, s - 0.1), d, t, dt));
  }
}

static void
test_to_string (void)
{
  g_assert_cmpstr (adm_sector_to_string (ADM_SECTOR_BOW), ==, "bow");
  g_assert_cmpstr (adm_sector_to_string (ADM_SECTOR_STARBOARD), ==, "starboard");
  g_assert_cmpstr (adm_sector_to_string (ADM_SECTOR_STERN), ==, "stern");
  g_assert_cmpstr (adm_sector_to_string (ADM_SECTOR_PORT), ==, "port");
  g_assert_cmpstr (adm_aspect_to_string (ADM_ASPECT_APPROACHING), ==, "approaching");
  g_assert_cmpstr (adm_aspect_to_string (ADM_ASPECT_RECEDING), ==, "receding");
  g_assert_cmpstr (adm_aspect_to_string (ADM_ASPECT_CROSSING), ==, "crossing");
}

/* Touching, overlapping and a line of fire meeting a marker compare squared distances where
 * the squares tell, and hypot () near the limit: every answer is the one hypot () gives —
 * random pairs, pairs at the limit to within a few units in the last place, and pairs about a
 * billionth of the limit either side (F-SHLD-5, F-RAM-2, F-ART-10). */
static void
test_distance_comparisons_as_hypot (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  static const double margins[] = { 0.0, 2e-10, 4e-10, 5e-10, 6e-10, 1e-9, 2e-9, 1e-6 };

  for (guint i = 0; i < 200000; i++)
    {
      AdmPoint a = pt (g_rand_double_range (rand, -100, 100), g_rand_double_range (rand, -100, 100));
      double da = g_rand_double_range (rand, 0.0, 6.0), db = g_rand_double_range (rand, 0.0, 6.0);
      double touch = (da + db) / 2.0 + 0.05, overlap = (da + db) / 2.0 - 0.05;
      double angle = g_rand_double_range (rand, 0, 2 * G_PI), limit, distance;
      AdmPoint b, s0, s1, closest;
      double abx, aby, length_squared, t;
      gboolean meets;

      /* One pair in four anywhere near; the others at one of the limits, give or take. */
      switch (i % 4)
        {
        case 0:
          distance = g_rand_double_range (rand, 0.0, 12.0);
          break;
        case 1:
        case 2:
          limit = i % 4 == 1 ? touch : overlap;
          distance = limit * (1.0 + (g_rand_boolean (rand) ? 1 : -1) *
                                    margins[g_rand_int_range (rand, 0, G_N_ELEMENTS (margins))]);
          break;
        default:
          distance = touch;
          break;
        }
      b = pt (a.x + distance * cos (angle), a.y + distance * sin (angle));
      if (i % 4 == 3)
        for (int k = g_rand_int_range (rand, -3, 4); k != 0; k += k > 0 ? -1 : 1)
          b.x = nextafter (b.x, k > 0 ? INFINITY : -INFINITY);
      g_assert_cmpint (adm_bases_touch (a, da, b, db), ==, hypot (b.x - a.x, b.y - a.y) <= touch);
      g_assert_cmpint (adm_bases_overlap (a, da, b, db), ==,
                       hypot (b.x - a.x, b.y - a.y) < overlap);

      /* A line of fire from s0 to s1 past a marker of radius da/2 at b, the closest point of
       * the segment found as adm_segment_meets_circle () finds it. */
      s0 = pt (a.x - 10.0 * sin (angle), a.y + 10.0 * cos (angle));
      s1 = pt (a.x + g_rand_double_range (rand, 0.0, 10.0) * sin (angle),
               a.y - g_rand_double_range (rand, 0.0, 10.0) * cos (angle));
      abx = s1.x - s0.x;
      aby = s1.y - s0.y;
      length_squared = abx * abx + aby * aby;
      closest = s0;
      if (length_squared > 0.0)
        {
          t = ((b.x - s0.x) * abx + (b.y - s0.y) * aby) / length_squared;
          t = CLAMP (t, 0.0, 1.0);
          closest.x = s0.x + t * abx;
          closest.y = s0.y + t * aby;
        }
      meets = hypot (b.x - closest.x, b.y - closest.y) <= fabs (distance) + 1e-9;
      g_assert_cmpint (adm_segment_meets_circle (s0, s1, b, fabs (distance)), ==, meets);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/geometry/heading/normalise", test_heading_normalise);
  g_test_add_func ("/engine/geometry/heading/normalise-edges", test_heading_normalise_edges);
  g_test_add_func ("/engine/geometry/heading/difference", test_heading_difference);
  g_test_add_func ("/engine/geometry/heading/difference-half-turn",
                   test_heading_difference_half_turn);
  g_test_add_func ("/engine/geometry/bearing", test_bearing);
  g_test_add_func ("/engine/geometry/advance", test_point_advance);
  g_test_add_func ("/engine/geometry/distance", test_distance);

  g_test_add_func ("/engine/geometry/F-FIRE-7/arcs", test_arcs);
  g_test_add_func ("/engine/geometry/F-FIRE-7/arc-boundaries", test_arcs_boundaries);
  g_test_add_func ("/engine/geometry/F-FIRE-13/centre-to-centre", test_centre_to_centre);
  g_test_add_func ("/engine/geometry/F-ART-6/aspect-from-target-arcs",
                   test_aspect_from_target_arcs);
  g_test_add_func ("/engine/geometry/F-ART-10/line-of-fire-through-marker",
                   test_line_of_fire_through_marker);
  g_test_add_func ("/engine/geometry/F-SHLD-5/bases-touch", test_bases_touch);
  g_test_add_func ("/engine/geometry/F-RAM-2/bases-overlap", test_bases_overlap);
  g_test_add_func ("/engine/geometry/point-grid-query", test_point_grid_query);
  g_test_add_func ("/engine/geometry/F-SHLD-5/distance-comparisons-as-hypot",
                   test_distance_comparisons_as_hypot);
  g_test_add_func ("/engine/geometry/F-RAM-2/contact-distance", test_contact_distance);
  g_test_add_func ("/engine/geometry/F-RAM-2/contact-distance-edges",
                   test_contact_distance_edges);
  g_test_add_func ("/engine/geometry/to-string", test_to_string);

  return g_test_run ();
}
