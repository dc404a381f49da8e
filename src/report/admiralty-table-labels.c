/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-labels.c: the names on the tactical table — ships' names, the selected
 * ship's weapons and the overlays' figures — each placed where it covers neither a token nor
 * another name, as far as a coarse bitmap of what is taken can tell. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-table-renderer-private.h"
#include "admiralty-units.h"

/* The cells of the occupancy bitmap are 3 px squares fixed to the table at its scale, not to
 * the window, so that a pan moves every name with its ship (the kept layer is then copied
 * shifted). Every box is rounded out to whole cells: cells as large as a small token's
 * rim would keep a name from the place beside its own token. */
#define OCCUPANCY_CELL 3.0
#define LABEL_PAD      3.0  /* px around an overlay label's text */
/* A name's box is tested and marked this far inside its edges: the font's ascent, descent
 * and side bearings leave that much empty, and the grid rounds every box out to whole cells,
 * so that without it two names one above the other beside a column of tokens (4.5 cm apart,
 * 18 px on a small view) would never both fit. */
#define NAME_INSET     2.5
/* A name's box is marked this far past its plate on either side, so that two names on one
 * line keep a space between them and read as two ("Guardian Clearway", not one plate over
 * the other's last letter), however the test's inset above lets the next one come. */
#define NAME_SPACE     2.0

/* Label occupancy */

void
_admiralty_table_occupancy_init (Occupancy                *occupancy,
                                 const AdmiraltyTableView *view)
{
  occupancy->origin_x = view->centre_x * view->scale - view->width / 2.0;
  occupancy->origin_y = view->centre_y * view->scale - view->height / 2.0;
  occupancy->base_col = floor ((occupancy->origin_x - LABEL_REACH) / OCCUPANCY_CELL);
  occupancy->base_row = floor ((occupancy->origin_y - LABEL_REACH) / OCCUPANCY_CELL);
  occupancy->cols = (int) ceil ((view->width + 2 * LABEL_REACH) / OCCUPANCY_CELL) + 2;
  occupancy->rows = (int) ceil ((view->height + 2 * LABEL_REACH) / OCCUPANCY_CELL) + 2;
  occupancy->words = (occupancy->cols + 31) / 32;
  occupancy->bits = g_new0 (guint32, (gsize) occupancy->rows * occupancy->words);
}

/* @from's cells for a drawing of @view, which lies within the one @from was made for. */
void
_admiralty_table_occupancy_copy (Occupancy                *occupancy,
                                 const Occupancy          *from,
                                 const AdmiraltyTableView *view)
{
  *occupancy = *from;
  occupancy->bits = g_memdup2 (from->bits, sizeof (guint32) * from->rows * from->words);
  occupancy->origin_x = view->centre_x * view->scale - view->width / 2.0;
  occupancy->origin_y = view->centre_y * view->scale - view->height / 2.0;
}

void
_admiralty_table_occupancy_clear (Occupancy *occupancy)
{
  g_clear_pointer (&occupancy->bits, g_free);
}

/* The cells (@c0..@c1, @r0..@r1) a pixel rectangle touches, clamped to the grid; FALSE when
 * it lies wholly outside. */
static gboolean
occupancy_cells (const Occupancy *occupancy,
                 double x, double y, double w, double h,
                 int *c0, int *c1, int *r0, int *r1)
{
  double left = floor ((x + occupancy->origin_x) / OCCUPANCY_CELL) - occupancy->base_col;
  double right = floor ((x + w + occupancy->origin_x) / OCCUPANCY_CELL) - occupancy->base_col;
  double top = floor ((y + occupancy->origin_y) / OCCUPANCY_CELL) - occupancy->base_row;
  double bottom = floor ((y + h + occupancy->origin_y) / OCCUPANCY_CELL) - occupancy->base_row;

  if (right < 0 || bottom < 0 || left >= occupancy->cols || top >= occupancy->rows)
    return FALSE;
  *c0 = (int) MAX (0, left);
  *c1 = (int) MIN (occupancy->cols - 1, right);
  *r0 = (int) MAX (0, top);
  *r1 = (int) MIN (occupancy->rows - 1, bottom);
  return *c0 <= *c1 && *r0 <= *r1;
}

/* The bits of columns @c0..@c1 that fall in the bitmap row's word @word. */
static inline guint32
span_mask (int word,
           int c0,
           int c1)
{
  int first = MAX (c0 - 32 * word, 0), last = MIN (c1 - 32 * word, 31);

  return (G_MAXUINT32 >> (31 - last)) & (G_MAXUINT32 << first);
}

static gboolean
occupancy_free (const Occupancy *occupancy,
                double x, double y, double w, double h)
{
  int c0, c1, r0, r1;

  if (!occupancy_cells (occupancy, x, y, w, h, &c0, &c1, &r0, &r1))
    return TRUE;
  for (int r = r0; r <= r1; r++)
    for (int word = c0 / 32; word <= c1 / 32; word++)
      if (occupancy->bits[r * occupancy->words + word] & span_mask (word, c0, c1))
        return FALSE;
  return TRUE;
}

void
_admiralty_table_occupancy_mark (Occupancy *occupancy,
                                 double x, double y, double w, double h)
{
  int c0, c1, r0, r1;

  if (!occupancy_cells (occupancy, x, y, w, h, &c0, &c1, &r0, &r1))
    return;
  for (int r = r0; r <= r1; r++)
    for (int word = c0 / 32; word <= c1 / 32; word++)
      occupancy->bits[r * occupancy->words + word] |= span_mask (word, c0, c1);
}

/* @text in a box beside the line through (@x, @y) whose unit normal is (@nx, @ny), clear
 * of it, in the overlay's @colour on an almost opaque dark plate. */
void
_admiralty_table_overlay_label (Frame      *frame,
                                const char *text,
                                double      x,
                                double      y,
                                double      nx,
                                double      ny,
                                Rgb         colour)
{
  cairo_t *cr = frame->cr;
  cairo_text_extents_t extents;
  double w, h, offset, left, top;

  cairo_text_extents (cr, text, &extents);
  w = extents.x_advance + 2 * LABEL_PAD;
  h = frame->ascent + frame->descent + 2 * LABEL_PAD;
  /* Half the box's extent along the normal, and a gap. */
  offset = (fabs (nx) * w + fabs (ny) * h) / 2 + 4;
  /* Above or left of the line rather than below or right, as a hand would write it. */
  if (ny > 0 || (ny == 0 && nx > 0))
    offset = -offset;
  left = CLAMP (x + offset * nx - w / 2, 0, MAX (0, frame->view->width - w));
  top = CLAMP (y + offset * ny - h / 2, 0, MAX (0, frame->view->height - h));
  cairo_rectangle (cr, left + 0.5, top + 0.5, w - 1, h - 1);
  set_rgba (cr, rgb_from_int (ADMIRALTY_TABLE_BACKGROUND_RGB), 0.9);
  cairo_fill_preserve (cr);
  set_rgba (cr, colour, 0.7);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  show_text (cr, text, left + LABEL_PAD, top + LABEL_PAD + frame->ascent, colour);
  _admiralty_table_occupancy_mark (&frame->occupancy, left, top, w, h);
}


/* Labels */

/* Draws @text in the first free place of @n candidate top-left corners, on a dark plate so
 * that it reads over grid and ranges; with @force, in the first place when none is free.
 * Returns whether it was drawn. */
static gboolean
place_label (Frame        *frame,
             const char   *text,
             const double  (*candidates)[2],
             guint         n,
             double        width,
             gboolean      force,
             Rgb           colour)
{
  cairo_t *cr = frame->cr;
  double height = frame->ascent + frame->descent;

  for (guint i = 0; i < n || (force && i == n); i++)
    {
      double x = candidates[i < n ? i : 0][0], y = candidates[i < n ? i : 0][1];

      /* Placed as if the table went on past the window's edges, so that a pan carries each
       * name with its ship instead of making it jump. */
      if (i < n && !occupancy_free (&frame->occupancy, x + NAME_INSET, y + NAME_INSET,
                                    width - 2 * NAME_INSET, height - 2 * NAME_INSET))
        continue;
      _admiralty_table_occupancy_mark (&frame->occupancy, x - 2 - NAME_SPACE, y + NAME_INSET,
                                       width + 4 + 2 * NAME_SPACE, height - 2 * NAME_INSET);
      /* Past the window's edges a name only takes its room. */
      if (x + width + 2 < 0 || x - 2 > frame->view->width || y + height < 0 ||
          y > frame->view->height)
        return TRUE;
      cairo_rectangle (cr, x - 2, y, width + 4, height);
      set_rgba (cr, rgb_from_int (ADMIRALTY_TABLE_BACKGROUND_RGB), 0.6);
      cairo_fill (cr);
      text_at (frame, text, x, y + frame->ascent, colour);
      return TRUE;
    }
  return FALSE;
}

/* Moves the top-left corners of @candidates whose @width-wide label lies wholly inside
 * @area (view px) ahead of the others, each group in its order: for a label read where it
 * is, which is neither to be cut nor left off at the window's edge. Returns how many do. */
static guint
inside_first (Frame                   *frame,
              double                 (*candidates)[2],
              guint                    n,
              double                   width,
              const cairo_rectangle_t *area)
{
  double height = frame->ascent + frame->descent;
  guint inside = 0;

  for (guint i = 0; i < n; i++)
    if (candidates[i][0] - 2 >= area->x && candidates[i][1] >= area->y &&
        candidates[i][0] + width + 2 <= area->x + area->width &&
        candidates[i][1] + height <= area->y + area->height)
      {
        double place[2] = { candidates[i][0], candidates[i][1] };

        memmove (candidates[inside + 1], candidates[inside],
                 (i - inside) * sizeof candidates[0]);
        candidates[inside][0] = place[0];
        candidates[inside][1] = place[1];
        inside++;
      }
  return inside;
}

/* The window, as an area for inside_first (). */
static cairo_rectangle_t
window_area (Frame *frame)
{
  return (cairo_rectangle_t) { 0, 0, frame->view->width, frame->view->height };
}

/* How far out from the centre a face-up token's rings reach, px. */
static double
ring_extent (Frame               *frame,
             guint                index,
             const AdmBattleShip *ship,
             double               r)
{
  if (_admiralty_table_is_highlighted (frame, index))
    return r + HIGHLIGHT_GAP + 1.5;
  if ((int) index == frame->options->selected_ship)
    return r + 10.0;
  if (ship->captured_by >= 0)
    return r + 7.5;
  if (ship->status == ADM_SHIP_ACTIVE && adm_battle_ship_is_damaged (frame->battle, index))
    return r + 4.5;
  return r + 2.0;
}

static void
label_ship (Frame               *frame,
            guint                index,
            const AdmBattleShip *ship)
{
  cairo_text_extents_t extents;
  double cx, cy, r, width, height = frame->ascent + frame->descent;
  gboolean selected = (int) index == frame->options->selected_ship;

  r = ring_extent (frame, index, ship,
                   _admiralty_table_token_radius (frame->view, ship->klass->type->base_size));
  admiralty_table_view_to_pixels (frame->view, ship->position, &cx, &cy);
  if (!frame_sees (frame, cx, cy, r + LABEL_REACH))
    return;
  cairo_text_extents (frame->cr, ship->name, &extents);
  width = extents.x_advance;
  {
    /* Clear of the rings: below, beside, above, then below or above shifted sideways (out
     * of the way of a heading arrow). Beside before above: a name between two tokens in a
     * column would read as either's. */
    double candidates[][2] = {
      { cx - width / 2, cy + r },
      { cx + r + 2, cy - height / 2 },
      { cx - r - 2 - width, cy - height / 2 },
      { cx - width / 2, cy - r - height },
      { cx - width / 6, cy + r },
      { cx - 5 * width / 6, cy + r },
      { cx - width / 6, cy - r - height },
      { cx - 5 * width / 6, cy - r - height },
    };
    cairo_rectangle_t window = window_area (frame);
    guint n = G_N_ELEMENTS (candidates), inside;

    /* A name pans with its ship; in a view that never pans it is read where it is. */
    if (frame->options->still)
      inside_first (frame, candidates, n, width, &window);
    else
      {
        /* A name that a fitted view would cut (a ship at the edge of what the table shows)
         * turns inward wherever the view is: the area follows the ships, so the name still
         * pans with its ship. When those places are taken it is left off, as a name with
         * no free place is, rather than drawn cut; the selected ship's is drawn anyway. */
        inside = inside_first (frame, candidates, n, width, &frame->names_within);
        if (inside > 0)
          n = inside;
      }
    place_label (frame, ship->name, (const double (*)[2]) candidates, n, width, selected,
                 selected ? white : rgb_from_int (0xdfe6ee));
  }
}

/* The top-left corner for a @width × @height label just outside a circle of @radius about
 * (@cx, @cy), at Cairo angle @angle. */
static void
label_outside (double  cx,
               double  cy,
               double  radius,
               double  angle,
               double  width,
               double  height,
               double *corner)
{
  double ux = cos (angle), uy = sin (angle);

  corner[0] = cx + (radius + 4) * ux;
  corner[1] = cy + (radius + 4) * uy;
  if (ux < 0.3)
    corner[0] -= ux < -0.3 ? width : width / 2;
  if (uy < 0.3)
    corner[1] -= uy < -0.3 ? height : height / 2;
}

/* The selected ship's weapons by name and range, beside their full-range arcs: the middle
 * of the first arc they cover (bow first), else further along their arcs. Drawn over the kept
 * layers with the overlays, for the window as it is. */
void
_admiralty_table_label_weapons (Frame *frame)
{
  static const double offsets[] = { 0.0, -25.0, 25.0 };
  const AdmBattleShip *ship = _admiralty_table_selected_ship (frame);
  cairo_rectangle_t window = window_area (frame);
  double cx, cy, height = frame->ascent + frame->descent;

  if (ship == NULL)
    return;
  admiralty_table_view_to_pixels (frame->view, ship->position, &cx, &cy);
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      double candidates[4 * G_N_ELEMENTS (offsets)][2];
      cairo_text_extents_t extents;
      guint n = 0;
      g_autofree char *range = NULL;
      char text[128];

      if (!_admiralty_table_weapon_fires_direct (weapon))
        continue;
      /* The range in the shown unit, without it: "Main battery 45", "Main battery 17.7". */
      range = admiralty_format_number (weapon->range, frame->options->inches);
      g_snprintf (text, sizeof text, "%s %s", weapon->name, range);
      cairo_text_extents (frame->cr, text, &extents);
      for (guint o = 0; o < G_N_ELEMENTS (offsets); o++)
        for (int k = 0; k < 4; k++)
          if (weapon->arcs & _admiralty_table_sector_arcs[k])
            label_outside (cx, cy, weapon->range * frame->view->scale,
                           cairo_angle (ship->heading + 90.0 * k + offsets[o]),
                           extents.x_advance, height, candidates[n++]);
      /* Unlike a ship's name, which pans with its ship, a weapon's figure is read now. */
      inside_first (frame, candidates, n, extents.x_advance, &window);
      place_label (frame, text, (const double (*)[2]) candidates, n, extents.x_advance, FALSE,
                   _admiralty_table_weapon_colour (weapon));
    }
}

void
_admiralty_table_draw_labels (Frame *frame)
{
  AdmAudience audience = admiralty_table_options_audience (frame->battle, frame->options);
  int selected = frame->options->selected_ship;

  if (!_admiralty_table_fitted_area (frame, &frame->names_within))
    frame->names_within = window_area (frame);
  /* The selected ship's name first: it always gets its place. */
  if (selected >= 0 && (guint) selected < adm_battle_get_n_ships (frame->battle) &&
      admiralty_table_ship_face_to (frame->battle, selected, audience) == ADMIRALTY_TOKEN_FACE_UP)
    label_ship (frame, selected, adm_battle_get_ship (frame->battle, selected));
  for (guint i = 0; i < adm_battle_get_n_ships (frame->battle); i++)
    if ((int) i != selected &&
        admiralty_table_ship_face_to (frame->battle, i, audience) == ADMIRALTY_TOKEN_FACE_UP)
      label_ship (frame, i, adm_battle_get_ship (frame->battle, i));
}
