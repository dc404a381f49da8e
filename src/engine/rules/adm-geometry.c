/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-geometry.c: the tactical table's geometry (F-FIRE-7, F-FIRE-13, F-ART-6, F-ART-10,
 * F-CAT-4, F-FORM-1, F-SHLD-5, F-RAM-2) as pure functions on plain numbers. x grows to the
 * right and y downwards, in cm; a heading is a compass bearing, clockwise, 0 = up the table. */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-geometry.h"

/* Bases within this distance of touching count as touching: a tape measure on a real table
 * is no more precise than half a millimetre (F-FORM-1, F-SHLD-5, F-RAM-2). */
#define BASE_TOLERANCE_CM 0.05

/* Pure floating-point noise, far below anything a master can measure. It only keeps the
 * boundaries the rules name (an arc's edge, a tangent line of fire) on the side the rules
 * put them despite rounding in sin (), cos () and atan2 (). */
#define ROUNDING_SLACK 1e-9

static double
degrees_to_radians (double degrees)
{
  return degrees * G_PI / 180.0;
}

static double
radians_to_degrees (double radians)
{
  return radians * 180.0 / G_PI;
}

/* The sine and cosine of a heading. Quarter turns are given exactly, so that a ship moving
 * straight along or across the table never drifts off its row or column by rounding. */
void
adm_heading_sin_cos (double  heading,
                 double *sine,
                 double *cosine)
{
  double h = adm_heading_normalise (heading);

  if (h == 0.0)
    {
      *sine = 0.0;
      *cosine = 1.0;
    }
  else if (h == 90.0)
    {
      *sine = 1.0;
      *cosine = 0.0;
    }
  else if (h == 180.0)
    {
      *sine = 0.0;
      *cosine = -1.0;
    }
  else if (h == 270.0)
    {
      *sine = -1.0;
      *cosine = 0.0;
    }
  else
    {
      *sine = sin (degrees_to_radians (h));
      *cosine = cos (degrees_to_radians (h));
    }
}

double
adm_heading_normalise (double heading)
{
  double h;

  g_return_val_if_fail (isfinite (heading), 0.0);

  h = fmod (heading, 360.0);
  if (h < 0.0)
    h += 360.0;
  /* A tiny negative heading plus 360 rounds to 360 itself, which is outside [0, 360). */
  if (h >= 360.0)
    h -= 360.0;
  /* Adding zero turns -0.0 into 0.0, so that no caller ever prints "-0". */
  return h + 0.0;
}

double
adm_heading_difference (double from,
                        double to)
{
  double d = adm_heading_normalise (to - from);

  /* Half a turn either way is reported as +180 (clockwise), so the range is (-180, 180]. */
  if (d > 180.0)
    d -= 360.0;
  return d;
}

/* Where only a comparison of a distance is asked: whether hypot (@dx, @dy) is below @limit
 * (-1), above it (1), or too near it for the squares to tell (0), when hypot () must answer.
 * The squares' sum is within a few units in the last place of the exact square, hypot ()
 * within one of the exact distance: a margin of a billionth cannot be crossed, so the answer
 * is the one hypot () gives (some hundred thousand such questions a fire phase).
 * Outside [1e-100, 1e100] cm, and for NaN, the squares say nothing. */
static inline int
compare_distance (double dx,
                  double dy,
                  double limit)
{
  double squares = dx * dx + dy * dy, limit_squared;

  if (!(limit >= 1e-100 && limit <= 1e100))
    return 0;
  limit_squared = limit * limit;
  if (squares < limit_squared * (1.0 - 1e-9))
    return -1;
  if (squares > limit_squared * (1.0 + 1e-9))
    return 1;
  return 0;
}

double
adm_distance (AdmPoint a,
              AdmPoint b)
{
  /* F-FIRE-13: ranges are measured centre to centre, whatever the bases' sizes. */
  return hypot (b.x - a.x, b.y - a.y);
}

double
adm_bearing (AdmPoint from,
             AdmPoint to)
{
  double dx = to.x - from.x;
  double dy = to.y - from.y;

  if (dx == 0.0 && dy == 0.0)
    return 0.0;
  /* y grows downwards, so "up the table" (heading 0) is -dy. */
  return adm_heading_normalise (radians_to_degrees (atan2 (dx, -dy)));
}

AdmPoint
adm_point_advance (AdmPoint from,
                   double   heading,
                   double   distance)
{
  AdmPoint to;
  double sine;
  double cosine;

  adm_heading_sin_cos (heading, &sine, &cosine);
  to.x = from.x + distance * sine;
  to.y = from.y - distance * cosine;
  return to;
}

AdmArcSector
adm_sector_of (AdmPoint ship,
               double   heading,
               AdmPoint point)
{
  double relative;
  double magnitude;

  /* A point on the ship's own centre has no bearing; the header rules it into the bow arc. */
  if (point.x == ship.x && point.y == ship.y)
    return ADM_SECTOR_BOW;

  relative = adm_heading_difference (heading, adm_bearing (ship, point));
  magnitude = fabs (relative);

  /* F-FIRE-7: four arcs of 90° each. A point exactly on an edge between arcs belongs to the
   * bow arc (±45°) or the stern arc (±135°), never to a broadside arc. */
  if (magnitude <= 45.0 + ROUNDING_SLACK)
    return ADM_SECTOR_BOW;
  if (magnitude >= 135.0 - ROUNDING_SLACK)
    return ADM_SECTOR_STERN;
  return relative > 0.0 ? ADM_SECTOR_STARBOARD : ADM_SECTOR_PORT;
}

AdmAspect
adm_aspect_of_sector (AdmArcSector sector)
{
  switch (sector)
    {
    case ADM_SECTOR_BOW:
      return ADM_ASPECT_APPROACHING;
    case ADM_SECTOR_STERN:
      return ADM_ASPECT_RECEDING;
    case ADM_SECTOR_STARBOARD:
    case ADM_SECTOR_PORT:
    default:
      return ADM_ASPECT_CROSSING;
    }
}

AdmAspect
adm_aspect_of (AdmPoint target,
               double   target_heading,
               AdmPoint firer)
{
  /* F-ART-6 as ruled: the aspect comes from the target's arcs (F-FIRE-7), not the firer's;
   * the firer's own heading plays no part. */
  return adm_aspect_of_sector (adm_sector_of (target, target_heading, firer));
}

gboolean
adm_segment_meets_circle (AdmPoint a,
                          AdmPoint b,
                          AdmPoint centre,
                          double   radius)
{
  double abx = b.x - a.x;
  double aby = b.y - a.y;
  double length_squared = abx * abx + aby * aby;
  AdmPoint closest = a;
  int order;

  g_return_val_if_fail (radius >= 0.0, FALSE);

  /* The closest point of the segment to the centre: the foot of the perpendicular, clamped
   * to the segment's ends, so that a marker beyond either end of a line of fire (F-ART-10,
   * F-CAT-4) is not in the way. A segment of zero length is its single point. */
  if (length_squared > 0.0)
    {
      double t = ((centre.x - a.x) * abx + (centre.y - a.y) * aby) / length_squared;

      t = CLAMP (t, 0.0, 1.0);
      closest.x = a.x + t * abx;
      closest.y = a.y + t * aby;
    }

  /* A line of fire grazing the marker's edge meets it. */
  order = compare_distance (centre.x - closest.x, centre.y - closest.y, radius + ROUNDING_SLACK);
  if (order != 0)
    return order < 0;
  return adm_distance (closest, centre) <= radius + ROUNDING_SLACK;
}

gboolean
adm_bases_touch (AdmPoint a,
                 double   da,
                 AdmPoint b,
                 double   db)
{
  int order;

  g_return_val_if_fail (da >= 0.0 && db >= 0.0, FALSE);

  /* F-FORM-1, F-SHLD-5, F-RAM-2: round bases touch when their centres are no further apart
   * than the sum of their radii, give or take what a tape measure can tell. */
  order = compare_distance (b.x - a.x, b.y - a.y, (da + db) / 2.0 + BASE_TOLERANCE_CM);
  if (order != 0)
    return order < 0;
  return adm_distance (a, b) <= (da + db) / 2.0 + BASE_TOLERANCE_CM;
}

gboolean
adm_bases_overlap (AdmPoint a,
                   double   da,
                   AdmPoint b,
                   double   db)
{
  int order;

  g_return_val_if_fail (da >= 0.0 && db >= 0.0, FALSE);

  /* Closer than touching by more than a tape measure can tell (F-RAM-2, F-BOARD-1). */
  order = compare_distance (b.x - a.x, b.y - a.y, (da + db) / 2.0 - BASE_TOLERANCE_CM);
  if (order != 0)
    return order < 0;
  return adm_distance (a, b) < (da + db) / 2.0 - BASE_TOLERANCE_CM;
}

double
adm_contact_distance (AdmPoint a,
                      AdmPoint b,
                      double   d,
                      AdmPoint t,
                      double   dt)
{
  double reach;
  double length;
  double ux;
  double uy;
  double wx;
  double wy;
  double along;
  double across;
  double half_chord;
  double s;

  g_return_val_if_fail (d >= 0.0 && dt >= 0.0, -1.0);

  /* F-RAM-2: the rammer stops where its base first touches the target's, with the same
   * tolerance as adm_bases_touch (). */
  reach = (d + dt) / 2.0 + BASE_TOLERANCE_CM;
  if (adm_distance (a, t) <= reach)
    return 0.0;

  length = adm_distance (a, b);
  if (length == 0.0)
    return -1.0;

  /* With u the unit vector from a to b and w = t - a, the rammer's centre a + s·u is within
   * reach of t when s² - 2s(w·u) + |w|² - reach² <= 0. Written with the distance along the
   * path to the closest approach (w·u) and the distance across it (|w × u|), the first root
   * is along - sqrt (reach² - across²), which keeps a tangent path exact. */
  ux = (b.x - a.x) / length;
  uy = (b.y - a.y) / length;
  wx = t.x - a.x;
  wy = t.y - a.y;
  along = wx * ux + wy * uy;
  across = fabs (wx * uy - wy * ux);

  /* Moving away from or square past the target, or passing wide of it: no contact. Not
   * touching at the start means the first root, if any, lies ahead only when along > 0. */
  if (along <= 0.0 || across > reach + ROUNDING_SLACK)
    return -1.0;

  half_chord = sqrt (MAX (0.0, (reach - across) * (reach + across)));
  s = along - half_chord;
  if (s > length + ROUNDING_SLACK)
    return -1.0;
  return CLAMP (s, 0.0, length);
}

/* In the reader's language: it names a ship's arc in fire messages. */
const char *
adm_sector_to_string (AdmArcSector sector)
{
  switch (sector)
    {
    case ADM_SECTOR_BOW:
      return C_("arc", "bow");
    case ADM_SECTOR_STARBOARD:
      return C_("arc", "starboard");
    case ADM_SECTOR_STERN:
      return C_("arc", "stern");
    case ADM_SECTOR_PORT:
      return C_("arc", "port");
    default:
      g_return_val_if_reached (NULL);
    }
}

const char *
adm_aspect_to_string (AdmAspect aspect)
{
  switch (aspect)
    {
    case ADM_ASPECT_APPROACHING:
      return "approaching";
    case ADM_ASPECT_RECEDING:
      return "receding";
    case ADM_ASPECT_CROSSING:
      return "crossing";
    default:
      g_return_val_if_reached (NULL);
    }
}

/* ---- a grid of points ---- */

/* More cells than this along one axis and the grid's cells grow instead: a few ships far
 * apart must not make a huge, empty grid. */
#define GRID_MAX_CELLS 512

struct _AdmPointGrid {
  double  x0, y0;     /* the corner of cell (0, 0) */
  double  cell;       /* the side of a cell in cm */
  guint   nx, ny;
  double  left, right, top, bottom; /* beyond these a box holds no point (a cell's margin) */
  guint  *start;      /* per cell: its first entry in @index; nx·ny + 1 of them */
  guint  *index;      /* the points' indices, cell by cell */
};

static guint
grid_column (const AdmPointGrid *grid,
             double              x,
             guint               n,
             double              origin)
{
  double c = (x - origin) / grid->cell;

  /* NaN and points off the grid clamp to its edge cells. Within it the cell is floor (c),
   * which the conversion gives for c ≥ 1 without a call (four for each of some
   * fifty thousand questions a fire phase). */
  if (!(c >= 1.0))
    return 0;
  return c >= n ? n - 1 : (guint) c;
}

AdmPointGrid *
adm_point_grid_new (const AdmPoint *points,
                    guint           n_points,
                    double          cell)
{
  AdmPointGrid *grid = g_new0 (AdmPointGrid, 1);
  double x1, y1;
  g_autofree guint *fill = NULL;
  g_autofree guint *cells = NULL;
  guint n_cells;

  g_return_val_if_fail (n_points == 0 || points != NULL, grid);

  grid->x0 = grid->y0 = 0.0;
  x1 = y1 = 0.0;
  for (guint i = 0; i < n_points; i++)
    {
      if (i == 0 || points[i].x < grid->x0)
        grid->x0 = points[i].x;
      if (i == 0 || points[i].y < grid->y0)
        grid->y0 = points[i].y;
      if (i == 0 || points[i].x > x1)
        x1 = points[i].x;
      if (i == 0 || points[i].y > y1)
        y1 = points[i].y;
    }
  grid->cell = MAX (cell, 1e-3);
  grid->cell = MAX (grid->cell, MAX (x1 - grid->x0, y1 - grid->y0) / GRID_MAX_CELLS);
  grid->nx = (guint) floor ((x1 - grid->x0) / grid->cell) + 1;
  grid->ny = (guint) floor ((y1 - grid->y0) / grid->cell) + 1;
  grid->left = grid->x0 - grid->cell;
  grid->right = grid->x0 + (grid->nx + 1) * grid->cell;
  grid->top = grid->y0 - grid->cell;
  grid->bottom = grid->y0 + (grid->ny + 1) * grid->cell;
  n_cells = grid->nx * grid->ny;
  grid->start = g_new0 (guint, n_cells + 1);
  grid->index = g_new (guint, MAX (n_points, 1));
  fill = g_new (guint, n_cells);
  /* Each point's cell, worked out once for both walks below. */
  cells = g_new (guint, MAX (n_points, 1));
  for (guint i = 0; i < n_points; i++)
    {
      cells[i] = grid_column (grid, points[i].y, grid->ny, grid->y0) * grid->nx +
                 grid_column (grid, points[i].x, grid->nx, grid->x0);
      grid->start[cells[i] + 1]++;
    }
  for (guint c = 0; c < n_cells; c++)
    {
      grid->start[c + 1] += grid->start[c];
      fill[c] = grid->start[c];
    }
  for (guint i = 0; i < n_points; i++)
    grid->index[fill[cells[i]]++] = i;
  return grid;
}

void
adm_point_grid_free (AdmPointGrid *grid)
{
  if (grid == NULL)
    return;
  g_free (grid->start);
  g_free (grid->index);
  g_free (grid);
}

void
adm_point_grid_query (const AdmPointGrid *grid,
                      double              x0,
                      double              y0,
                      double              x1,
                      double              y1,
                      GArray             *out)
{
  guint cx0, cx1, cy0, cy1, total, at;

  g_return_if_fail (grid != NULL && out != NULL);

  /* A box wholly off the grid (by more than a cell, for rounding) holds none of its points;
   * its edge cells would be named otherwise. NaN goes on to the edge cells as before. */
  if ((x0 < grid->left && x1 < grid->left) || (x0 > grid->right && x1 > grid->right) ||
      (y0 < grid->top && y1 < grid->top) || (y0 > grid->bottom && y1 > grid->bottom))
    {
      if (out->len > 0)
        g_array_set_size (out, 0);
      return;
    }
  cx0 = grid_column (grid, MIN (x0, x1), grid->nx, grid->x0);
  cx1 = grid_column (grid, MAX (x0, x1), grid->nx, grid->x0);
  cy0 = grid_column (grid, MIN (y0, y1), grid->ny, grid->y0);
  cy1 = grid_column (grid, MAX (y0, y1), grid->ny, grid->y0);
  /* The cells of one row are consecutive in @index: the rows' runs counted, @out sized once
   * (one call, not one to empty it and one to grow it), and each run copied in (some
   * fifty thousand queries a fire phase, each of a few rows). */
  total = 0;
  for (guint cy = cy0; cy <= cy1; cy++)
    total += grid->start[cy * grid->nx + cx1 + 1] - grid->start[cy * grid->nx + cx0];
  if (out->len != total)
    g_array_set_size (out, total);
  at = 0;
  for (guint cy = cy0; cy <= cy1; cy++)
    {
      guint first = grid->start[cy * grid->nx + cx0];
      guint last = grid->start[cy * grid->nx + cx1 + 1];
      guint *to = &g_array_index (out, guint, at);

      /* A row's run is a few points: copied in place of a call to memcpy () each. */
      if (last - first <= 4)
        for (guint k = first; k < last; k++)
          *to++ = grid->index[k];
      else
        memcpy (to, grid->index + first, (last - first) * sizeof (guint));
      at += last - first;
    }
}

static int
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const guint *p = a, *q = b;

  if (p[0] != q[0])
    return p[0] < q[0] ? -1 : 1;
  return (p[1] > q[1]) - (p[1] < q[1]);
}

void
adm_bases_overlapping (const AdmPoint *centres,
                       const double   *diameters,
                       guint           n,
                       GArray         *pairs)
{
  g_autoptr(AdmPointGrid) grid = NULL;
  g_autoptr(GArray) near = NULL;
  double widest = 0.0;
  guint first = pairs != NULL ? pairs->len / 2 : 0;

  g_return_if_fail (pairs != NULL && g_array_get_element_size (pairs) == sizeof (guint));
  g_return_if_fail (n == 0 || (centres != NULL && diameters != NULL));

  for (guint i = 0; i < n; i++)
    widest = MAX (widest, diameters[i]);
  if (n < 2 || widest <= 0.0)
    return;
  /* Cells a base wide: a base only reaches the bases whose centres lie within the widest
   * diameter of its own. */
  grid = adm_point_grid_new (centres, n, widest);
  near = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < n; i++)
    {
      double reach = (diameters[i] + widest) / 2.0;

      if (diameters[i] <= 0.0)
        continue;
      adm_point_grid_query (grid, centres[i].x - reach, centres[i].y - reach,
                            centres[i].x + reach, centres[i].y + reach, near);
      for (guint k = 0; k < near->len; k++)
        {
          guint j = g_array_index (near, guint, k);

          if (j > i && diameters[j] > 0.0 &&
              adm_bases_overlap (centres[i], diameters[i], centres[j], diameters[j]))
            {
              g_array_append_val (pairs, i);
              g_array_append_val (pairs, j);
            }
        }
    }
  /* Cell by cell the candidates come in no particular order: the pairs in index order. */
  if (pairs->len / 2 > first + 1)
    qsort (&g_array_index (pairs, guint, 2 * first), pairs->len / 2 - first,
           2 * sizeof (guint), compare_pairs);
}
