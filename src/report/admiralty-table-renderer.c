/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-renderer.c: the tactical table drawn with Cairo. Everything is drawn in
 * pixels — positions converted one by one rather than through a Cairo transformation — so
 * that lines, text and the smallest tokens keep their on-screen size at every zoom. */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "admiralty-faction-symbol.h"
#include "admiralty-table-renderer-private.h"
#include "admiralty-units.h"
#include "adm-source-text.h"
#include "adm-battle-layout.h"

#define MIN_TOKEN_RADIUS   4.0  /* px: a base never shrinks below a visible dot */
#define MIN_MARKER_RADIUS  3.0  /* px */
#define GRID_FONT_SIZE    10.0  /* px */
#define FIT_PADDING       28.0  /* px around what a fitted view shows: room for names */
#define FIT_MARGIN         1.0  /* cm around what a fitted view shows: room for headings */
#define FIT_MAX_SCALE     25.0  /* px per cm: a fitted lone ship does not fill the screen */
#define ARTILLERY_RGB      0xffca28  /* range circles and weapon names */
#define DESTRUCTOR_RGB     0x4dd0e1
#define TORPEDO_RGB        0xff8a65  /* torpedo tubes' arcs and declared launches */

const guint32 _admiralty_table_side_palette[MAX_SIDE_COLOURS] = {
  0xc62828, 0x1e88e5, 0x43a047, 0xfb8c00, 0x8e24aa, 0x00acc1, 0x6d4c41, 0xd81b60,
};

const double _admiralty_table_dash_orbit[2] = { 6.0, 4.0 };
static const double dash_reach[] = { 3.0, 3.0 };
static const double dash_three_quarters[] = { 8.0, 4.0 };
static const double dash_half[] = { 2.0, 4.0 };
static const double dash_tubes[] = { 12.0, 5.0 };

/* Colours */

/* "#rrggbb", or @fallback when @text is not one. */
static Rgb
rgb_from_hex (const char *text,
              Rgb         fallback)
{
  guint32 value = 0;

  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return fallback;
  for (int i = 1; i < 7; i++)
    {
      int digit = g_ascii_xdigit_value (text[i]);

      if (digit < 0)
        return fallback;
      value = value << 4 | (guint32) digit;
    }
  return rgb_from_int (value);
}

/* Views */

void
admiralty_table_options_init (AdmiraltyTableOptions *options)
{
  g_return_if_fail (options != NULL);

  options->view_side = -1;
  options->audience = NULL;
  options->selected_ship = -1;
  options->show_grid = TRUE;
  options->show_labels = TRUE;
  options->move_previews = NULL;
  options->editing_move = -1;
  options->ghost_move = FALSE;
  options->highlight_ships = NULL;
  options->target_ship = -1;
  options->orders = NULL;
  options->aiming = FALSE;
  options->aim = (AdmPoint) { 0, 0 };
  options->ruler = FALSE;
  options->ruler_from = (AdmPoint) { 0, 0 };
  options->ruler_to = (AdmPoint) { 0, 0 };
  options->inches = FALSE;
  options->still = FALSE;
  options->covered = (cairo_rectangle_t) { 0, 0, 0, 0 };
}

/* Ships */

AdmiraltyTokenFace
admiralty_table_ship_face_to (AdmBattle   *battle,
                              guint        ship,
                              AdmAudience  audience)
{
  const AdmBattleShip *s;

  g_return_val_if_fail (ADM_IS_BATTLE (battle), ADMIRALTY_TOKEN_HIDDEN);
  g_return_val_if_fail (ship < adm_battle_get_n_ships (battle), ADMIRALTY_TOKEN_HIDDEN);

  /* F-ECM-2, F-ECM-4, F-ECM-6: the engine's audience filter decides. */
  switch (adm_audience_ship_view (audience, battle, ship))
    {
    case ADM_SHIP_VIEW_HIDDEN:
      return ADMIRALTY_TOKEN_HIDDEN;
    case ADM_SHIP_VIEW_BASE:
      return ADMIRALTY_TOKEN_FACE_DOWN;
    case ADM_SHIP_VIEW_IDENTIFIED:
    case ADM_SHIP_VIEW_FULL:
    default:
      /* The master sees an exploded ship no more than anyone: it has left the table. */
      s = adm_battle_get_ship (battle, ship);
      return s->status == ADM_SHIP_DESTROYED ? ADMIRALTY_TOKEN_HIDDEN : ADMIRALTY_TOKEN_FACE_UP;
    }
}

AdmiraltyTokenFace
admiralty_table_ship_face (AdmBattle *battle,
                           guint      ship,
                           int        view_side)
{
  return admiralty_table_ship_face_to (battle, ship, adm_audience_for_view_side (view_side));
}

static double
token_size (const AdmBattleShip *ship,
            AdmiraltyTokenFace   face)
{
  return face == ADMIRALTY_TOKEN_FACE_UP ? ship->klass->type->base_size
                                         : ADMIRALTY_TABLE_FACE_DOWN_SIZE;
}

double
_admiralty_table_token_radius (const AdmiraltyTableView *view,
                               double                    size)
{
  return MAX (size / 2.0 * view->scale, MIN_TOKEN_RADIUS);
}

AdmAudience
admiralty_table_options_audience (AdmBattle                   *battle,
                                  const AdmiraltyTableOptions *options)
{
  if (options == NULL)
    return adm_audience_master ();
  if (options->audience != NULL)
    return *options->audience;
  if (options->view_side < 0)
    return adm_audience_master ();
  /* A side that does not exist sees nothing of the enemy, rather than everything. */
  g_return_val_if_fail (options->view_side < (int) adm_battle_get_n_sides (battle),
                        adm_audience_side ((guint) options->view_side));
  return adm_audience_side ((guint) options->view_side);
}

int
admiralty_table_ship_at (const AdmiraltyTableView    *view,
                         AdmBattle                   *battle,
                         const AdmiraltyTableOptions *options,
                         double                       x,
                         double                       y)
{
  AdmAudience audience;

  g_return_val_if_fail (view != NULL, -1);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), -1);

  audience = admiralty_table_options_audience (battle, options);
  /* Later ships are drawn on top: look at them first. */
  for (guint i = adm_battle_get_n_ships (battle); i-- > 0;)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);
      AdmiraltyTokenFace face = admiralty_table_ship_face_to (battle, i, audience);
      double cx, cy;

      if (face == ADMIRALTY_TOKEN_HIDDEN)
        continue;
      admiralty_table_view_to_pixels (view, s->position, &cx, &cy);
      if (hypot (x - cx, y - cy) <= _admiralty_table_token_radius (view, token_size (s, face)))
        return (int) i;
    }
  return -1;
}

gboolean
_admiralty_table_mine_visible (const AdmMine *mine,
                               AdmAudience    audience)
{
  /* F-MINE-2, F-SWEEP-3: hidden from the other sides until revealed; F-MINE-1: single use. */
  return adm_audience_sees_mine (audience, mine);
}

/* Fitting */

typedef struct {
  double   x0, y0, x1, y1;
  gboolean empty;
} Bounds;

static void
bounds_add (Bounds   *bounds,
            AdmPoint  point,
            double    radius)
{
  if (bounds->empty)
    {
      bounds->x0 = bounds->x1 = point.x;
      bounds->y0 = bounds->y1 = point.y;
      bounds->empty = FALSE;
    }
  bounds->x0 = MIN (bounds->x0, point.x - radius);
  bounds->x1 = MAX (bounds->x1, point.x + radius);
  bounds->y0 = MIN (bounds->y0, point.y - radius);
  bounds->y1 = MAX (bounds->y1, point.y + radius);
}

static void
bounds_add_battle (Bounds      *bounds,
                   AdmBattle   *battle,
                   AdmAudience  audience)
{
  const AdmLowOrbit *orbit = adm_battle_get_low_orbit (battle);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);
      AdmiraltyTokenFace face = admiralty_table_ship_face_to (battle, i, audience);

      if (face != ADMIRALTY_TOKEN_HIDDEN)
        bounds_add (bounds, s->position, token_size (s, face) / 2.0);
    }
  for (guint i = 0; i < adm_battle_get_n_markers (battle); i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (battle, i);

      bounds_add (bounds, marker->position, marker->diameter / 2.0);
    }
  for (guint i = 0; i < adm_battle_get_n_salvos (battle); i++)
    {
      const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (battle, i);

      if (salvo->spent)
        continue;
      bounds_add (bounds, salvo->position, ADM_SALVO_DIAMETER / 2.0);
      if (salvo->turns_left > 0)
        bounds_add (bounds, adm_point_advance (salvo->position, salvo->heading, salvo->speed),
                    0.0);
    }
  for (guint i = 0; i < adm_battle_get_n_mines (battle); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);

      if (_admiralty_table_mine_visible (mine, audience))
        bounds_add (bounds, mine->position, 0.5);
    }
  if (orbit->present)
    {
      double radius = orbit->planet_diameter / 2.0;

      for (guint i = 0; i < orbit->orbits->len; i++)
        radius = MAX (radius, g_array_index (orbit->orbits, double, i));
      bounds_add (bounds, orbit->planet, radius);
    }
  /* The features of the table (F-TAC-1): every side knows the sector's stations and exits. */
  {
    g_autoptr(GPtrArray) features = adm_battle_list_features (battle);

    for (guint i = 0; i < features->len; i++)
      {
        const AdmTableFeature *feature = g_ptr_array_index (features, i);

        bounds_add (bounds, (AdmPoint) { feature->x, feature->y }, feature->diameter / 2.0);
      }
  }
}

gboolean
admiralty_table_extent (AdmBattle                   *battle,
                        const AdmiraltyTableOptions *options,
                        double                      *x0,
                        double                      *y0,
                        double                      *x1,
                        double                      *y1)
{
  Bounds bounds = { 0, 0, 0, 0, TRUE };

  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);

  bounds_add_battle (&bounds, battle, admiralty_table_options_audience (battle, options));
  if (bounds.empty)
    return FALSE;
  *x0 = bounds.x0 - FIT_MARGIN;
  *y0 = bounds.y0 - FIT_MARGIN;
  *x1 = bounds.x1 + FIT_MARGIN;
  *y1 = bounds.y1 + FIT_MARGIN;
  return TRUE;
}

void
admiralty_table_view_fit (AdmiraltyTableView          *view,
                          AdmBattle                   *battle,
                          const AdmiraltyTableOptions *options)
{
  double x0, y0, x1, y1;

  g_return_if_fail (view != NULL);
  g_return_if_fail (ADM_IS_BATTLE (battle));

  if (!admiralty_table_extent (battle, options, &x0, &y0, &x1, &y1))
    {
      view->centre_x = view->centre_y = 0.0;
      view->scale = ADMIRALTY_TABLE_DEFAULT_SCALE;
      return;
    }
  view->centre_x = (x0 + x1) / 2.0;
  view->centre_y = (y0 + y1) / 2.0;
  view->scale = MIN (MAX (view->width - 2 * FIT_PADDING, 1.0) / (x1 - x0),
                     MAX (view->height - 2 * FIT_PADDING, 1.0) / (y1 - y0));
  view->scale = CLAMP (view->scale, ADMIRALTY_TABLE_MIN_SCALE, FIT_MAX_SCALE);
}

gboolean
_admiralty_table_fitted_area (Frame             *frame,
                              cairo_rectangle_t *area)
{
  Bounds bounds = { 0, 0, 0, 0, TRUE };
  double x0, y0, x1, y1, room;

  bounds_add_battle (&bounds, frame->battle,
                     admiralty_table_options_audience (frame->battle, frame->options));
  if (bounds.empty)
    return FALSE;
  admiralty_table_view_to_pixels (frame->view, (AdmPoint) { bounds.x0, bounds.y0 }, &x0, &y0);
  admiralty_table_view_to_pixels (frame->view, (AdmPoint) { bounds.x1, bounds.y1 }, &x1, &y1);
  /* Less 2 px, so that a name's antialiased edge keeps off the window's. */
  room = FIT_MARGIN * frame->view->scale + FIT_PADDING - 2;
  *area = (cairo_rectangle_t) { x0 - room, y0 - room, x1 - x0 + 2 * room, y1 - y0 + 2 * room };
  return TRUE;
}

/* Drawing helpers */

/* Whether a circle's line (not its disc) crosses the view: a range circle far bigger than
 * the view, or one wholly off it, is not worth stroking. */
static gboolean
frame_sees_circle (const Frame *frame,
                   double       cx,
                   double       cy,
                   double       radius)
{
  double w = frame->view->width, h = frame->view->height;
  double nx = CLAMP (cx, 0, w) - cx, ny = CLAMP (cy, 0, h) - cy;
  double fx = MAX (fabs (cx), fabs (cx - w)), fy = MAX (fabs (cy), fabs (cy - h));

  return hypot (nx, ny) <= radius + 2 && hypot (fx, fy) >= radius - 2;
}

static Rgb
side_colour (const Frame *frame,
             guint        side)
{
  return side < MAX_SIDE_COLOURS
           ? frame->side_colours[side]
           : rgb_from_int (_admiralty_table_side_palette[side % MAX_SIDE_COLOURS]);
}

/* A side takes the colour of the faction of its first ship that has one. */
static void
frame_init_side_colours (Frame *frame)
{
  gboolean found[MAX_SIDE_COLOURS] = { FALSE };

  for (guint s = 0; s < MAX_SIDE_COLOURS; s++)
    frame->side_colours[s] = rgb_from_int (_admiralty_table_side_palette[s]);
  for (guint i = 0; i < adm_battle_get_n_ships (frame->battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (frame->battle, i);

      if (s->faction == NULL || s->original_side >= MAX_SIDE_COLOURS || found[s->original_side])
        continue;
      frame->side_colours[s->original_side] =
        rgb_from_hex (s->faction->colour, frame->side_colours[s->original_side]);
      found[s->original_side] = TRUE;
    }
}

/* A prize taken over (F-BOARD-17) flies its new side's colours. */
static Rgb
ship_colour (const Frame         *frame,
             const AdmBattleShip *ship)
{
  if (ship->faction != NULL && ship->side == ship->original_side)
    return rgb_from_hex (ship->faction->colour, side_colour (frame, ship->side));
  return side_colour (frame, ship->side);
}

/* The symbol a ship flies: its faction's; a prize taken over (F-BOARD-17), that of the
 * faction of its new side's first ship that has one; -1 for none. */
static int
ship_symbol (const Frame         *frame,
             const AdmBattleShip *ship)
{
  if (ship->faction != NULL && ship->side == ship->original_side)
    return ship->faction->symbol;
  for (guint i = 0; i < adm_battle_get_n_ships (frame->battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (frame->battle, i);

      if (s->faction != NULL && s->original_side == ship->side)
        return s->faction->symbol;
    }
  return -1;
}

/* A filled arrowhead with its point at (@x, @y), pointing along Cairo angle @angle. */
static void
arrowhead_path (cairo_t *cr,
                double   x,
                double   y,
                double   angle,
                double   size)
{
  double ux = cos (angle), uy = sin (angle);

  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - size * ux - 0.55 * size * uy, y - size * uy + 0.55 * size * ux);
  cairo_line_to (cr, x - size * ux + 0.55 * size * uy, y - size * uy - 0.55 * size * ux);
  cairo_close_path (cr);
}

/* Grid */

static void
stroke_grid_lines (Frame  *frame,
                   double  step,
                   long    skip_every,
                   Rgb     colour)
{
  cairo_t *cr = frame->cr;
  const AdmiraltyTableView *view = frame->view;
  AdmPoint top_left = admiralty_table_view_to_table (view, 0, 0);
  AdmPoint bottom_right = admiralty_table_view_to_table (view, view->width, view->height);

  /* Half-pixel positions keep one-pixel lines crisp. */
  for (long k = (long) ceil (top_left.x / step); k <= (long) floor (bottom_right.x / step); k++)
    if (skip_every == 0 || k % skip_every != 0)
      {
        double x = floor (view->width / 2.0 + (k * step - view->centre_x) * view->scale) + 0.5;

        cairo_move_to (cr, x, 0);
        cairo_line_to (cr, x, view->height);
      }
  for (long k = (long) ceil (top_left.y / step); k <= (long) floor (bottom_right.y / step); k++)
    if (skip_every == 0 || k % skip_every != 0)
      {
        double y = floor (view->height / 2.0 + (k * step - view->centre_y) * view->scale) + 0.5;

        cairo_move_to (cr, 0, y);
        cairo_line_to (cr, view->width, y);
      }
  set_rgb (cr, colour);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

/* The figures of the lines every @step cm, in the shown unit. A few dozen short strings a
 * frame, however many objects the table holds. */
static void
label_grid (Frame  *frame,
            double  step)
{
  const AdmiraltyTableView *view = frame->view;
  AdmPoint top_left = admiralty_table_view_to_table (view, 0, 0);
  AdmPoint bottom_right = admiralty_table_view_to_table (view, view->width, view->height);
  Rgb colour = rgb_from_int (0x74859a);
  gboolean inches = frame->options->inches;

  cairo_set_font_size (frame->cr, GRID_FONT_SIZE);
  for (long k = (long) ceil (top_left.x / step); k <= (long) floor (bottom_right.x / step); k++)
    {
      double x = floor (view->width / 2.0 + (k * step - view->centre_x) * view->scale) + 0.5;
      g_autofree char *text = admiralty_format_number (k * step, inches);

      text_at (frame, text, x + 3, GRID_FONT_SIZE + 2, colour);
    }
  for (long k = (long) ceil (top_left.y / step); k <= (long) floor (bottom_right.y / step); k++)
    {
      double y = floor (view->height / 2.0 + (k * step - view->centre_y) * view->scale) + 0.5;
      g_autofree char *text = NULL;

      /* The corner already has the column's figure. */
      if (y < 2 * GRID_FONT_SIZE + 4)
        continue;
      text = admiralty_format_number (k * step, inches);
      text_at (frame, text, 3, y - 3, colour);
    }
  cairo_set_font_size (frame->cr, LABEL_FONT_SIZE);
}

/* In cm: lines every 1, 5 or 10 cm (or coarser when zoomed far out), at least 12 px apart;
 * stronger lines with figures every 10 cm, or every 50, 100… when 10 cm is under 36 px.
 * In inches: lines every 1, 6 or 12 in (then 2, 10, 20… ft), stronger lines with figures
 * every 6 in or coarser. Each step divides the next, so that a stronger line always falls
 * on a weaker one's place. Figures count from 0 at the table's origin. */
static void
grid_steps (Frame  *frame,
            double *minor_out,
            double *major_out)
{
  static const double cm_steps[] = { 1, 5, 10, 50, 100, 500, 1000, 5000 };
  static const double inch_steps[] = { 1, 6, 12, 24, 120, 240, 1200, 2400 };
  gboolean inches = frame->options->inches;
  const double *steps = inches ? inch_steps : cm_steps;
  guint n_steps = inches ? G_N_ELEMENTS (inch_steps) : G_N_ELEMENTS (cm_steps);
  double first_major = inches ? 6.0 : 10.0;
  /* Pixels per shown unit. */
  double scale = frame->view->scale * admiralty_length_to_cm (1.0, inches);
  double minor = steps[n_steps - 1], major = minor;

  for (guint i = 0; i < n_steps; i++)
    if (steps[i] * scale >= 12.0)
      {
        minor = steps[i];
        break;
      }
  for (guint i = 0; i < n_steps; i++)
    if (steps[i] >= first_major && steps[i] * scale >= 36.0)
      {
        major = steps[i];
        break;
      }
  *minor_out = minor;
  *major_out = MAX (major, minor);
}

static void
draw_grid (Frame *frame)
{
  gboolean inches = frame->options->inches;
  double minor, major;

  grid_steps (frame, &minor, &major);
  if (minor < major)
    stroke_grid_lines (frame, admiralty_length_to_cm (minor, inches), lround (major / minor),
                       rgb_from_int (0x262e38));
  stroke_grid_lines (frame, admiralty_length_to_cm (major, inches), 0,
                     rgb_from_int (0x35404d));
}

/* The grid's figures along the top and left edges of the window: drawn over the table with
 * the ruler, as they stay at the edges when the table pans under them. */
static void
draw_grid_figures (Frame *frame)
{
  double minor, major;

  if (!frame->options->show_grid || !frame->options->show_labels)
    return;
  grid_steps (frame, &minor, &major);
  label_grid (frame, admiralty_length_to_cm (major, frame->options->inches));
}

/* The planet's mark (F-ORB-4): a disc with a light rim. */
void
_admiralty_table_planet_symbol (cairo_t *cr,
                                double   cx,
                                double   cy,
                                double   radius)
{
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  set_rgb (cr, rgb_from_int (0x2f4d6b));
  cairo_fill_preserve (cr);
  set_rgb (cr, rgb_from_int (0x7fa6cc));
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

/* Low orbit (F-ORB) */

static void
draw_low_orbit (Frame *frame)
{
  cairo_t *cr = frame->cr;
  const AdmLowOrbit *orbit = adm_battle_get_low_orbit (frame->battle);
  double cx, cy, radius;
  Rgb orbit_colour = rgb_from_int (0x5b7896);

  if (!orbit->present)
    return;
  admiralty_table_view_to_pixels (frame->view, orbit->planet, &cx, &cy);
  if (orbit->width > 0 && orbit->height > 0)
    {
      /* F-ORB-5: the map's edges. */
      double x0, y0, x1, y1;

      admiralty_table_view_to_pixels (frame->view, (AdmPoint) { 0, 0 }, &x0, &y0);
      admiralty_table_view_to_pixels (frame->view, (AdmPoint) { orbit->width, orbit->height },
                                      &x1, &y1);
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      set_rgb (cr, rgb_from_int (0x56677a));
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
    }
  cairo_set_line_width (cr, 1.25);
  cairo_set_dash (cr, _admiralty_table_dash_orbit, G_N_ELEMENTS (_admiralty_table_dash_orbit),
                  0);
  for (guint i = 0; i < orbit->orbits->len; i++)
    {
      radius = g_array_index (orbit->orbits, double, i) * frame->view->scale;
      if (!frame_sees_circle (frame, cx, cy, radius))
        continue;
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
    }
  set_rgba (cr, orbit_colour, 0.8);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  radius = MAX (orbit->planet_diameter / 2.0 * frame->view->scale, MIN_MARKER_RADIUS);
  if (frame_sees (frame, cx, cy, radius))
    _admiralty_table_planet_symbol (cr, cx, cy, radius);
  if (frame->options->show_labels)
    for (guint i = 0; i < orbit->orbits->len; i++)
      {
        char text[16];

        /* North-east of the planet, where a ship heading round the orbit is least likely
         * to stand on every number at once. */
        radius = g_array_index (orbit->orbits, double, i) * frame->view->scale;
        g_snprintf (text, sizeof text, "%u", i + 1);
        if (frame_sees (frame, cx + 0.7 * radius, cy - 0.7 * radius, 10))
          text_at (frame, text, cx + 0.7071 * radius + 3, cy - 0.7071 * radius - 3,
                   orbit_colour);
      }
}

/* F-MOVE-5: the exit zone of a wormhole (зона выхода из ПВ-тоннеля), where ships must keep
 * moving: a violet disc, faintly filled and ringed with a dashed edge. */
void
_admiralty_table_wormhole_exit_symbol (cairo_t *cr,
                                       double   cx,
                                       double   cy,
                                       double   radius)
{
  static const double dash[] = { 7.0, 3.0 };
  Rgb colour = rgb_from_int (0x9b6fd4);

  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  set_rgba (cr, colour, 0.18);
  cairo_fill_preserve (cr);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_set_line_width (cr, 2.0);
  set_rgba (cr, colour, 0.9);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* F-STN: a station of the sector: a hexagon in steel and brass, a hub at its centre. */
void
_admiralty_table_station_symbol (cairo_t *cr,
                                 double   cx,
                                 double   cy,
                                 double   radius)
{
  cairo_new_path (cr);
  for (int i = 0; i < 6; i++)
    {
      double angle = G_PI / 6 + i * G_PI / 3;

      cairo_line_to (cr, cx + radius * cos (angle), cy + radius * sin (angle));
    }
  cairo_close_path (cr);
  set_rgb (cr, rgb_from_int (0x4a4f57));
  cairo_fill_preserve (cr);
  set_rgb (cr, rgb_from_int (0xd9b55a));
  cairo_set_line_width (cr, 1.75);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, radius * 0.3, 0, 2 * G_PI);
  set_rgb (cr, rgb_from_int (0xd9b55a));
  cairo_fill (cr);
}


static void
draw_wormhole_exits (Frame *frame)
{
  for (guint i = 0; i < adm_battle_get_n_wormhole_exits (frame->battle); i++)
    {
      const AdmWormholeExit *zone = adm_battle_get_wormhole_exit (frame->battle, i);
      double cx, cy, radius = MAX (zone->diameter / 2.0 * frame->view->scale,
                                   MIN_MARKER_RADIUS);

      admiralty_table_view_to_pixels (frame->view, zone->position, &cx, &cy);
      /* A disc, not a ring: drawn when any of it is in the view. */
      if (hypot (CLAMP (cx, 0, frame->view->width) - cx,
                 CLAMP (cy, 0, frame->view->height) - cy) > radius + 2)
        continue;
      _admiralty_table_wormhole_exit_symbol (frame->cr, cx, cy, radius);
    }
}

/* F-TAC-1: the sector's stations that are marks (F-STN-5, on their orbit) and the names of
 * the features the set-up was generated with: the planet's under its mark, an exit's over its zone, a
 * station's beside it. */
static void
draw_features (Frame *frame)
{
  g_autoptr(GPtrArray) features = adm_battle_list_features (frame->battle);
  cairo_t *cr = frame->cr;

  for (guint i = 0; i < features->len; i++)
    {
      const AdmTableFeature *feature = g_ptr_array_index (features, i);
      double cx, cy, radius = MAX (feature->diameter / 2.0 * frame->view->scale,
                                   MIN_MARKER_RADIUS);
      cairo_text_extents_t extents;
      const char *name;
      Rgb colour;

      /* Ruling "station-unit": a station with an owner is drawn as its side's unit. */
      if (feature->owner != NULL)
        continue;
      admiralty_table_view_to_pixels (frame->view, (AdmPoint) { feature->x, feature->y },
                                      &cx, &cy);
      if (g_str_equal (feature->kind, "station") && frame_sees (frame, cx, cy, radius))
        _admiralty_table_station_symbol (cr, cx, cy, radius);
      if (!frame->options->show_labels || feature->name[0] == '\0' ||
          g_str_equal (feature->kind, "low-orbit"))
        continue;
      name = adm_source_text_translate (feature->name);
      cairo_text_extents (cr, name, &extents);
      if (g_str_equal (feature->kind, "planet"))
        {
          colour = rgb_from_int (0x7fa6cc);
          cy += radius + 4 + extents.height;
          cx -= extents.width / 2;
        }
      else if (g_str_equal (feature->kind, "wormhole-exit"))
        {
          colour = rgb_from_int (0xb99be6);
          cy -= radius + 4;
          cx -= extents.width / 2;
        }
      else
        {
          colour = rgb_from_int (0xd9b55a);
          cx += radius + 3;
          cy += extents.height / 2;
        }
      if (frame_sees (frame, cx + extents.width / 2, cy, extents.width / 2 + 4))
        text_at (frame, name, cx, cy, colour);
    }
}

/* Explosion markers (F-CAT-9, F-ART-10): a burst the size of the marker. */
void
_admiralty_table_burst_path (cairo_t *cr,
                             double   cx,
                             double   cy,
                             double   radius)
{
  for (int p = 0; p < 16; p++)
    {
      double angle = p * G_PI / 8, r = p % 2 == 0 ? radius : 0.62 * radius;

      if (p == 0)
        cairo_move_to (cr, cx + r * cos (angle), cy + r * sin (angle));
      else
        cairo_line_to (cr, cx + r * cos (angle), cy + r * sin (angle));
    }
  cairo_close_path (cr);
}

/* One fill and no outline for all the bursts in the path: a hundred outlined bursts would
 * cost more than the ships. */
void
_admiralty_table_fill_bursts (cairo_t *cr)
{
  set_rgba (cr, rgb_from_int (0xff8a3d), 0.7);
  cairo_fill (cr);
}

static void
draw_markers (Frame *frame)
{
  guint drawn = 0;

  for (guint i = 0; i < adm_battle_get_n_markers (frame->battle); i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (frame->battle, i);
      double cx, cy, radius = MAX (marker->diameter / 2.0 * frame->view->scale,
                                   MIN_MARKER_RADIUS);

      admiralty_table_view_to_pixels (frame->view, marker->position, &cx, &cy);
      if (!frame_sees (frame, cx, cy, radius))
        continue;
      _admiralty_table_burst_path (frame->cr, cx, cy, radius);
      drawn++;
    }
  if (drawn > 0)
    _admiralty_table_fill_bursts (frame->cr);
}

/* Mines (F-MINE): a spiked ball of radius @r, filled for plasma charges and hollow for
 * torpedoes, with its @reach dashed (none when 0); mines the enemy has not found are drawn
 * faint (@alpha). */
void
_admiralty_table_mine_symbol (cairo_t  *cr,
                              double    cx,
                              double    cy,
                              double    r,
                              double    reach,
                              Rgb       colour,
                              double    alpha,
                              gboolean  plasma)
{
  if (reach > 0)
    {
      cairo_arc (cr, cx, cy, reach, 0, 2 * G_PI);
      cairo_set_dash (cr, dash_reach, G_N_ELEMENTS (dash_reach), 0);
      set_rgba (cr, colour, 0.45 * alpha);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  for (int p = 0; p < 8; p++)
    {
      double angle = p * G_PI / 4;

      cairo_move_to (cr, cx + 0.6 * r * cos (angle), cy + 0.6 * r * sin (angle));
      cairo_line_to (cr, cx + 1.45 * r * cos (angle), cy + 1.45 * r * sin (angle));
    }
  set_rgba (cr, colour, alpha);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  if (plasma)
    cairo_fill (cr);
  else
    {
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
    }
}

static void
draw_mine (Frame         *frame,
           const AdmMine *mine)
{
  Rgb colour = rgb_mix (side_colour (frame, mine->side), white, 0.25);
  double cx, cy, reach = mine->range * frame->view->scale;
  double r = MAX (0.45 * frame->view->scale, MIN_MARKER_RADIUS);

  admiralty_table_view_to_pixels (frame->view, mine->position, &cx, &cy);
  if (!frame_sees (frame, cx, cy, MAX (reach, 2 * r)))
    return;
  _admiralty_table_mine_symbol (frame->cr, cx, cy, r,
                                frame_sees_circle (frame, cx, cy, reach) ? reach : 0, colour,
                                mine->revealed ? 1.0 : 0.6, mine->charge == ADM_MINE_PLASMA);
}

static void
draw_mines (Frame *frame)
{
  AdmAudience audience = admiralty_table_options_audience (frame->battle, frame->options);

  for (guint i = 0; i < adm_battle_get_n_mines (frame->battle); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (frame->battle, i);

      if (_admiralty_table_mine_visible (mine, audience))
        draw_mine (frame, mine);
    }
}

/* Torpedo salvoes (F-TORP): a see-through marker of radius @r, unlike a ship's solid base,
 * and a dashed line for this turn's run to (@ex, @ey) when it reaches past the marker. */
void
_admiralty_table_salvo_symbol (cairo_t *cr,
                               double   cx,
                               double   cy,
                               double   r,
                               double   ex,
                               double   ey,
                               Rgb      colour)
{
  double angle = atan2 (ey - cy, ex - cx);

  if (hypot (ex - cx, ey - cy) > r)
    {
      cairo_move_to (cr, cx + r * cos (angle), cy + r * sin (angle));
      cairo_line_to (cr, ex, ey);
      cairo_set_dash (cr, dash_three_quarters, G_N_ELEMENTS (dash_three_quarters), 0);
      set_rgba (cr, colour, 0.8);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      arrowhead_path (cr, ex, ey, angle, 7.0);
      cairo_fill (cr);
    }
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_rgba (cr, colour, 0.3);
  cairo_fill_preserve (cr);
  set_rgb (cr, colour);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

/* A salvo with the torpedoes left. */
static void
draw_salvo (Frame                 *frame,
            const AdmTorpedoSalvo *salvo)
{
  cairo_t *cr = frame->cr;
  Rgb colour = rgb_mix (side_colour (frame, salvo->side), white, 0.35);
  double cx, cy, ex, ey, r = MAX (ADM_SALVO_DIAMETER / 2.0 * frame->view->scale,
                                  MIN_MARKER_RADIUS);
  double run = salvo->turns_left > 0 ? salvo->speed * frame->view->scale : 0.0;

  admiralty_table_view_to_pixels (frame->view, salvo->position, &cx, &cy);
  admiralty_table_view_to_pixels (frame->view,
                                  adm_point_advance (salvo->position, salvo->heading,
                                                     salvo->turns_left > 0 ? salvo->speed : 0),
                                  &ex, &ey);
  if (!frame_sees (frame, (cx + ex) / 2, (cy + ey) / 2, r + run / 2))
    return;
  /* The run left after this turn's (F-TORP-3, F-TORP-4), dotted on to where the torpedoes
   * detonate if they meet nothing. */
  if (salvo->turns_left > 1 && salvo->turns_left < G_MAXINT / 2)
    {
      double fx, fy;

      admiralty_table_view_to_pixels (frame->view,
                                      adm_point_advance (salvo->position, salvo->heading,
                                                         (double) salvo->speed *
                                                         salvo->turns_left),
                                      &fx, &fy);
      cairo_move_to (cr, ex, ey);
      cairo_line_to (cr, fx, fy);
      cairo_set_dash (cr, dash_half, G_N_ELEMENTS (dash_half), 0);
      set_rgba (cr, colour, 0.6);
      cairo_set_line_width (cr, 1.25);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }
  _admiralty_table_salvo_symbol (cr, cx, cy, r, ex, ey, colour);
  if (frame->options->show_labels)
    {
      cairo_text_extents_t extents;
      char text[64];

      /* Translators: a salvo's label on the table: its number (as orders and the report
       * name it), torpedoes and turns of run left, "#1 ×4 · 2" */
      if (salvo->turns_left > 0 && salvo->turns_left < G_MAXINT / 2)
        g_snprintf (text, sizeof text, C_("salvo", "#%d ×%d · %d"), salvo->id,
                    salvo->torpedoes, salvo->turns_left);
      else
        g_snprintf (text, sizeof text, C_("salvo", "#%d ×%d"), salvo->id, salvo->torpedoes);
      cairo_text_extents (cr, text, &extents);
      if (extents.x_advance + 4 < 2 * r)
        text_at (frame, text, cx - extents.x_advance / 2, cy + frame->ascent / 2 - 1, white);
      else
        text_at (frame, text, cx + r + 3, cy - r, colour);
    }
}

static void
draw_salvos (Frame *frame)
{
  for (guint i = 0; i < adm_battle_get_n_salvos (frame->battle); i++)
    {
      const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (frame->battle, i);

      if (!salvo->spent)
        draw_salvo (frame, salvo);
    }
}

/* The selected ship's arcs and ranges (F-FIRE-6, F-FIRE-7, F-ART-8, F-ART-9) */

gboolean
_admiralty_table_weapon_fires_direct (const AdmWeapon *weapon)
{
  return (weapon->type == ADM_WEAPON_ARTILLERY || weapon->type == ADM_WEAPON_DESTRUCTOR) &&
         weapon->range > 0;
}

/* The arc bits in adm_sector_of's order: bow, starboard, stern, port. */
const AdmArcs _admiralty_table_sector_arcs[4] = {
  ADM_ARC_BOW, ADM_ARC_STARBOARD, ADM_ARC_STERN, ADM_ARC_PORT,
};

/* The selected ship, when this view shows it face up. */
const AdmBattleShip *
_admiralty_table_selected_ship (Frame *frame)
{
  int index = frame->options->selected_ship;

  if (index < 0 || (guint) index >= adm_battle_get_n_ships (frame->battle) ||
      admiralty_table_ship_face_to (frame->battle, index,
                                    admiralty_table_options_audience (frame->battle,
                                                                      frame->options))
      != ADMIRALTY_TOKEN_FACE_UP)
    return NULL;
  return adm_battle_get_ship (frame->battle, index);
}

/* One weapon's range circle as arcs over the sectors it covers, at @fraction of its range. */
static void
weapon_range_path (Frame               *frame,
                   const AdmBattleShip *ship,
                   const AdmWeapon     *weapon,
                   double               cx,
                   double               cy,
                   double               fraction)
{
  double radius = weapon->range * fraction * frame->view->scale;

  if (!frame_sees_circle (frame, cx, cy, radius))
    return;
  for (int k = 0; k < 4; k++)
    if (weapon->arcs & _admiralty_table_sector_arcs[k])
      {
        double centre = ship->heading + 90.0 * k;

        cairo_new_sub_path (frame->cr);
        cairo_arc (frame->cr, cx, cy, radius, cairo_angle (centre - 45.0),
                   cairo_angle (centre + 45.0));
      }
}

/* The four arcs (F-FIRE-7) of a ship heading @heading, out to @reach px. */
void
_admiralty_table_arcs_symbol (cairo_t *cr,
                              double   heading,
                              double   cx,
                              double   cy,
                              double   reach)
{

  /* Bow and stern tinted more than the broadsides, so that the four read apart; each pair
   * in one fill. */
  for (int pair = 0; pair < 2; pair++)
    {
      for (int k = pair; k < 4; k += 2)
        {
          double centre = heading + 90.0 * k;

          cairo_move_to (cr, cx, cy);
          cairo_arc (cr, cx, cy, reach, cairo_angle (centre - 45.0),
                     cairo_angle (centre + 45.0));
          cairo_close_path (cr);
        }
      set_rgba (cr, white, pair == 0 ? 0.09 : 0.045);
      cairo_fill (cr);
    }
  for (int k = 0; k < 4; k++)
    {
      double angle = cairo_angle (heading + 45.0 + 90.0 * k);

      cairo_move_to (cr, cx, cy);
      cairo_line_to (cr, cx + reach * cos (angle), cy + reach * sin (angle));
    }
  set_rgba (cr, white, 0.3);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
}

Rgb
_admiralty_table_weapon_colour (const AdmWeapon *weapon)
{
  return rgb_from_int (weapon->type == ADM_WEAPON_DESTRUCTOR ? DESTRUCTOR_RGB : ARTILLERY_RGB);
}

void
_admiralty_table_draw_selection (Frame *frame)
{
  cairo_t *cr = frame->cr;
  const AdmBattleShip *ship = _admiralty_table_selected_ship (frame);
  const AdmRangeBands *bands;
  double cx, cy, reach = 0.0;
  double fractions[] = { 1.0, 0.0, 0.0 };

  if (ship == NULL)
    return;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      if (_admiralty_table_weapon_fires_direct (weapon))
        reach = MAX (reach, weapon->range);
    }
  /* A ship without guns still shows its arcs, a few bases out. */
  if (reach <= 0)
    reach = 3 * ship->klass->type->base_size;
  reach *= frame->view->scale;
  admiralty_table_view_to_pixels (frame->view, ship->position, &cx, &cy);
  if (!frame_sees (frame, cx, cy, reach))
    return;
  _admiralty_table_arcs_symbol (cr, ship->heading, cx, cy, reach);

  /* F-ART-8, F-ART-9: the ruleset's range bands (half and three quarters) change the column.
   * One stroke for all the weapons of a type at each fraction of their range: big circles
   * cost Cairo by the stroke. */
  bands = adm_ruleset_get_range_bands (adm_battle_get_ruleset (frame->battle));
  fractions[1] = (double) bands->far_beyond / bands->far_of;
  fractions[2] = (double) bands->near_within / bands->near_of;
  for (int type = 0; type < 2; type++)
    for (int f = 0; f < 3; f++)
      {
        AdmWeaponType weapon_type = type == 0 ? ADM_WEAPON_ARTILLERY : ADM_WEAPON_DESTRUCTOR;
        gboolean any = FALSE;

        for (guint w = 0; w < ship->klass->weapons->len; w++)
          {
            const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

            if (!_admiralty_table_weapon_fires_direct (weapon) || weapon->type != weapon_type)
              continue;
            weapon_range_path (frame, ship, weapon, cx, cy, fractions[f]);
            any = TRUE;
          }
        if (!any)
          break;
        if (f == 1)
          cairo_set_dash (cr, dash_three_quarters, G_N_ELEMENTS (dash_three_quarters), 0);
        else if (f == 2)
          cairo_set_dash (cr, dash_half, G_N_ELEMENTS (dash_half), 0);
        set_rgba (cr, rgb_from_int (type == 0 ? ARTILLERY_RGB : DESTRUCTOR_RGB),
                  f == 0 ? 0.9 : 0.6);
        cairo_set_line_width (cr, f == 0 ? 1.75 : 1.0);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }

  /* F-WPN-10, F-FIRE-6: the torpedo tubes' arcs out to their launch range, long dashes. */
  {
    gboolean any = FALSE;

    for (guint w = 0; w < ship->klass->weapons->len; w++)
      {
        const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

        if (weapon->type != ADM_WEAPON_TORPEDO || weapon->range <= 0)
          continue;
        weapon_range_path (frame, ship, weapon, cx, cy, 1.0);
        /* The sides of the arcs, so that "bow only" is seen before a launch is declared. */
        for (int k = 0; k < 4; k++)
          if (weapon->arcs & _admiralty_table_sector_arcs[k])
            for (int e = -1; e <= 1; e += 2)
              {
                double angle = cairo_angle (ship->heading + 90.0 * k + 45.0 * e);
                double radius = weapon->range * frame->view->scale;

                cairo_move_to (cr, cx, cy);
                cairo_line_to (cr, cx + radius * cos (angle), cy + radius * sin (angle));
              }
        any = TRUE;
      }
    if (any)
      {
        cairo_set_dash (cr, dash_tubes, G_N_ELEMENTS (dash_tubes), 0);
        set_rgba (cr, rgb_from_int (TORPEDO_RGB), 0.85);
        cairo_set_line_width (cr, 1.5);
        cairo_stroke (cr);
        cairo_set_dash (cr, NULL, 0, 0);
      }
  }
}


/* Tokens */

/* Diagonal hatching across the token, in lines that miss its centre. */
static void
hatch_token (cairo_t *cr,
             double   cx,
             double   cy,
             double   r,
             Rgb      colour)
{
  double gap = MAX (5.0, r / 2.5);

  cairo_save (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  cairo_clip (cr);
  for (double d = gap / 2; d < r; d += gap)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        /* The line x + y = c + d√2 (in pixels), i.e. offset d along (1, 1)/√2. */
        double ox = cx + sign * d / G_SQRT2, oy = cy + sign * d / G_SQRT2;

        cairo_move_to (cr, ox - r, oy + r);
        cairo_line_to (cr, ox + r, oy - r);
      }
  set_rgb (cr, colour);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* F-CRIT-14: a flame on the token's shoulder, with the number of fires when more than one
 * and @count_fires. */
static void
fire_symbol (cairo_t  *cr,
             double    cx,
             double    cy,
             double    r,
             int       fires,
             gboolean  count_fires)
{
  double f = MAX (5.0, 0.45 * r);
  /* Out on the shoulder, clear of the centre even on the smallest token. */
  double x = cx + 0.7 * r + 0.45 * f, y = cy - 0.7 * r - 0.45 * f;

  for (int layer = 0; layer < 2; layer++)
    {
      double s = layer == 0 ? f : 0.5 * f, ly = layer == 0 ? y : y + 0.3 * f;

      cairo_move_to (cr, x, ly - s);
      cairo_curve_to (cr, x + 0.95 * s, ly - 0.15 * s, x + 0.75 * s, ly + 0.8 * s,
                      x, ly + 0.8 * s);
      cairo_curve_to (cr, x - 0.75 * s, ly + 0.8 * s, x - 0.95 * s, ly - 0.15 * s,
                      x, ly - s);
      cairo_close_path (cr);
      set_rgb (cr, rgb_from_int (layer == 0 ? 0xff6d00 : 0xffd54f));
      if (layer == 0)
        {
          cairo_fill_preserve (cr);
          set_rgb (cr, rgb_from_int (0x3e1600));
          cairo_set_line_width (cr, 1.0);
          cairo_stroke (cr);
        }
      else
        cairo_fill (cr);
    }
  if (fires > 1 && count_fires)
    {
      char text[16];

      g_snprintf (text, sizeof text, "%d", fires);
      show_text (cr, text, x + f, y, rgb_from_int (0xffab40));
    }
}

/* The heading (F-MOVE): a shaft from near the centre out past the rim to an arrowhead, as
 * one polygon: a fill costs Cairo a fraction of a stroke. Returns the arrowhead's tip. */
static void
heading_path (cairo_t *cr,
              double   heading,
              double   cx,
              double   cy,
              double   r,
              double  *tip_x,
              double  *tip_y)
{
  double angle = cairo_angle (heading), ux = cos (angle), uy = sin (angle);
  double tip = r + MAX (7.0, 0.6 * r), head = MAX (5.0, 0.3 * r);
  double shaft = MAX (0.75, 0.06 * r), base = tip - head, start = 0.5 * r;
  /* Along the heading and across it, from the centre. */
  const double outline[][2] = {
    { tip, 0 }, { base, 0.55 * head }, { base, shaft }, { start, shaft },
    { start, -shaft }, { base, -shaft }, { base, -0.55 * head },
  };

  for (guint i = 0; i < G_N_ELEMENTS (outline); i++)
    {
      double x = cx + outline[i][0] * ux - outline[i][1] * uy;
      double y = cy + outline[i][0] * uy + outline[i][1] * ux;

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
  *tip_x = cx + tip * ux;
  *tip_y = cy + tip * uy;
}

static void
ring (cairo_t *cr,
      double   cx,
      double   cy,
      double   radius,
      double   width,
      Rgb      colour,
      gboolean dashed)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  if (dashed)
    cairo_set_dash (cr, dash_reach, G_N_ELEMENTS (dash_reach), 0);
  set_rgb (cr, colour);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  if (dashed)
    cairo_set_dash (cr, NULL, 0, 0);
}

#define OUTLINE_WIDTH 1.25  /* px */
#define SYMBOL_MIN_RADIUS 7.0  /* px: a base smaller is its symbol's silhouette instead */

/* A base of radius @r in @fill with an @outline rim: two fills, cheaper than a fill and a
 * stroke. */
static void
base (cairo_t *cr,
      double   cx,
      double   cy,
      double   r,
      Rgb      fill,
      Rgb      outline)
{
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_rgb (cr, outline);
  cairo_fill (cr);
  cairo_arc (cr, cx, cy, r - OUTLINE_WIDTH, 0, 2 * G_PI);
  set_rgb (cr, fill);
  cairo_fill (cr);
}

/* A token too small to hold its faction's symbol (zoomed far out): its base drawn as the
 * symbol's silhouette in @fill with an @outline rim, so that sides whose colours look alike
 * are still told apart by shape down to the smallest token. */
static void
silhouette (cairo_t          *cr,
            AdmFactionSymbol  symbol,
            double            cx,
            double            cy,
            double            r,
            Rgb               fill,
            Rgb               outline)
{
  /* The symbol's outline fits 0.8 r to r of its circle: a little larger, for the area of a
   * base. */
  double size = 1.15 * r;

  admiralty_faction_symbol_path (cr, symbol, cx, cy, size);
  set_rgb (cr, outline);
  cairo_fill (cr);
  admiralty_faction_symbol_path (cr, symbol, cx, cy, MAX (size - 1.6 * OUTLINE_WIDTH, 1.0));
  set_rgb (cr, fill);
  cairo_fill (cr);
}

void
_admiralty_table_draw_face_down (cairo_t *cr,
                                 double   cx,
                                 double   cy,
                                 double   r)
{
  Rgb colour = rgb_from_int (ADMIRALTY_TABLE_FACE_DOWN_RGB);

  base (cr, cx, cy, r, colour, rgb_mix (colour, black, 0.45));
}

/* A possible target (F-FIRE-5): a bright dashed ring of @radius, well clear of the base (on
 * the table HIGHLIGHT_GAP out from its rim). */
void
_admiralty_table_highlight_ring (cairo_t *cr,
                                 double   cx,
                                 double   cy,
                                 double   radius)
{
  static const double dash[] = { 5.0, 3.0 };

  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  set_rgb (cr, rgb_from_int (ADMIRALTY_TABLE_HIGHLIGHT_RGB));
  cairo_set_line_width (cr, 2.25);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* Marks the arrowhead of heading_path () in @occupancy. */
void
_admiralty_table_mark_heading (Occupancy *occupancy,
                               double     heading,
                               double     cx,
                               double     cy,
                               double     r)
{
  double angle = cairo_angle (heading), head = MAX (5.0, 0.3 * r);
  double tip = r + MAX (7.0, 0.6 * r);
  double tip_x = cx + tip * cos (angle), tip_y = cy + tip * sin (angle);

  _admiralty_table_occupancy_mark (occupancy, tip_x - head, tip_y - head, 2 * head, 2 * head);
}


/* A face-up token: the base in its colours, grey and hatched as a drifting hulk
 * (F-CAT-10), charred and hatched with flames as a burning one (F-CAT-11); its heading; an
 * amber ring when damaged (F-CRIT-6); flames when on fire (F-CRIT-14); a dashed ring in the
 * captors' colour when captured (F-BOARD-15); a white ring when selected. The heading's
 * arrowhead is marked in @occupancy when there is one. */
void
_admiralty_table_face_up_symbol (cairo_t         *cr,
                                 const TokenLook *look,
                                 double           cx,
                                 double           cy,
                                 double           r,
                                 Occupancy       *occupancy)
{
  Rgb fill = look->colour;
  gboolean tiny = look->symbol >= 0 && r < SYMBOL_MIN_RADIUS;

  if (look->status == ADM_SHIP_DRIFTING_HULK)
    fill = rgb_from_int (ADMIRALTY_TABLE_HULK_RGB);
  else if (look->status == ADM_SHIP_BURNING_HULK)
    fill = rgb_from_int (ADMIRALTY_TABLE_BURNING_HULK_RGB);
  if (tiny)
    silhouette (cr, look->symbol, cx, cy, r, fill, rgb_mix (look->colour, white, 0.55));
  else
    base (cr, cx, cy, r, fill, rgb_mix (look->colour, white, 0.55));
  /* A hulk's hatching is across a round base; a silhouette's shape and grey say it alone. */
  if (!tiny && look->status == ADM_SHIP_DRIFTING_HULK)
    hatch_token (cr, cx, cy, r - OUTLINE_WIDTH, rgb_mix (look->colour, white, 0.2));
  else if (!tiny && look->status == ADM_SHIP_BURNING_HULK)
    hatch_token (cr, cx, cy, r - OUTLINE_WIDTH, rgb_from_int (0xff7a1a));
  /* The faction's symbol in the middle, inside the heading's shaft, which starts at r / 2;
   * a token too small for that is the symbol's silhouette (silhouette ()). */
  if (look->symbol >= 0 && !tiny)
    admiralty_faction_symbol_draw (cr, look->symbol, cx, cy, 0.42 * r, rgb_to_int (fill));

  if (look->status == ADM_SHIP_ACTIVE)
    {
      double tip_x, tip_y;

      heading_path (cr, look->heading, cx, cy, r, &tip_x, &tip_y);
      set_rgb (cr, rgb_from_int (0xf4f6f8));
      cairo_fill (cr);
      if (occupancy != NULL)
        _admiralty_table_mark_heading (occupancy, look->heading, cx, cy, r);
      if (look->damaged)
        ring (cr, cx, cy, r + 2.5, 2.0, rgb_from_int (0xffb300), FALSE);
    }
  if (look->captured)
    ring (cr, cx, cy, r + 5.5, 2.0, look->captor_colour, TRUE);
  if (look->on_fire > 0 || look->status == ADM_SHIP_BURNING_HULK)
    fire_symbol (cr, cx, cy, r, look->on_fire, look->count_fires);
  if (look->selected)
    ring (cr, cx, cy, r + 8.5, 1.5, white, FALSE);
}

TokenLook
_admiralty_table_ship_look (Frame               *frame,
                            guint                index,
                            const AdmBattleShip *ship)
{
  TokenLook look = {
    .colour = ship_colour (frame, ship),
    .symbol = ship_symbol (frame, ship),
    .status = ship->status,
    .heading = ship->heading,
    .damaged = ship->status == ADM_SHIP_ACTIVE &&
               adm_battle_ship_is_damaged (frame->battle, index),
    .on_fire = ship->on_fire,
    .captured = ship->captured_by >= 0,
    .selected = (int) index == frame->options->selected_ship,
    .count_fires = frame->options->show_labels,
  };

  if (look.captured)
    {
      const AdmBattleShip *captor = adm_battle_get_ship (frame->battle, ship->captured_by);

      look.captor_colour = rgb_mix (side_colour (frame, captor->side), white, 0.3);
    }
  return look;
}

static void
draw_face_up (Frame               *frame,
              guint                index,
              const AdmBattleShip *ship,
              double               cx,
              double               cy,
              double               r)
{
  TokenLook look = _admiralty_table_ship_look (frame, index, ship);

  _admiralty_table_face_up_symbol (frame->cr, &look, cx, cy, r, &frame->occupancy);
}


/* Where a ship not hidden from the view is drawn and its base's radius, px. */
static AdmiraltyTokenFace
ship_token (Frame  *frame,
            guint   index,
            double *cx,
            double *cy,
            double *r)
{
  const AdmBattleShip *s = adm_battle_get_ship (frame->battle, index);
  AdmiraltyTokenFace face =
    admiralty_table_ship_face_to (frame->battle, index,
                                  admiralty_table_options_audience (frame->battle,
                                                                    frame->options));

  if (face == ADMIRALTY_TOKEN_HIDDEN)
    return face;
  *r = _admiralty_table_token_radius (frame->view, token_size (s, face));
  admiralty_table_view_to_pixels (frame->view, s->position, cx, cy);
  return face;
}

/* F-RAM-2, F-BOARD-1: tokens may touch, not overlap. Which tokens this view
 * shows lie on another it shows, by the ships' true bases as the engine measures them: a
 * side is told of an overlap only between tokens it sees, so the badge gives no hidden ship
 * away. Sets frame->overlapping, or leaves it NULL when there is none. */
static void
find_overlaps (Frame *frame)
{
  guint n = adm_battle_get_n_ships (frame->battle);
  AdmAudience audience = admiralty_table_options_audience (frame->battle, frame->options);
  g_autofree AdmPoint *centres = g_new (AdmPoint, MAX (n, 1));
  g_autofree double *diameters = g_new (double, MAX (n, 1));
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint));

  g_clear_pointer (&frame->overlapping, g_free);
  for (guint i = 0; i < n; i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (frame->battle, i);

      centres[i] = s->position;
      diameters[i] = admiralty_table_ship_face_to (frame->battle, i, audience) ==
                     ADMIRALTY_TOKEN_HIDDEN ? 0.0 : s->klass->type->base_size;
    }
  adm_bases_overlapping (centres, diameters, n, pairs);
  if (pairs->len == 0)
    return;
  frame->overlapping = g_new0 (guint8, n);
  for (guint p = 0; p < pairs->len; p++)
    frame->overlapping[g_array_index (pairs, guint, p)] = TRUE;
}

/* The overlap badge: a red disc with a white exclamation mark on the token's lower left
 * shoulder (the flames take the upper right), ringed in the same red. */
void
_admiralty_table_overlap_symbol (cairo_t *cr,
                                 double   cx,
                                 double   cy,
                                 double   r)
{
  double b = MAX (5.5, 0.4 * r);
  double x = cx - 0.7 * r - 0.35 * b, y = cy + 0.7 * r + 0.35 * b;

  ring (cr, cx, cy, r + 1.5, 2.0, rgb_from_int (ADMIRALTY_TABLE_OVERLAP_RGB), FALSE);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, b, 0, 2 * G_PI);
  set_rgb (cr, rgb_from_int (ADMIRALTY_TABLE_OVERLAP_RGB));
  cairo_fill (cr);
  cairo_rectangle (cr, x - 0.14 * b, y - 0.62 * b, 0.28 * b, 0.78 * b);
  cairo_rectangle (cr, x - 0.14 * b, y + 0.32 * b, 0.28 * b, 0.28 * b);
  set_rgb (cr, white);
  cairo_fill (cr);
}

static void
draw_ships (Frame *frame)
{
  find_overlaps (frame);
  for (guint i = 0; i < adm_battle_get_n_ships (frame->battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (frame->battle, i);
      double cx, cy, r;
      AdmiraltyTokenFace face = ship_token (frame, i, &cx, &cy, &r);

      if (face == ADMIRALTY_TOKEN_HIDDEN || !frame_sees (frame, cx, cy, r + LABEL_REACH))
        continue;
      /* Heading arrows, rings, flames and badges reach a little beyond the base. */
      if (!frame_sees (frame, cx, cy, r + MAX (16.0, 0.8 * r)))
        {
          /* Not drawn, but names near the edge keep clear of it as if it were. */
          if (face == ADMIRALTY_TOKEN_FACE_UP && s->status == ADM_SHIP_ACTIVE)
            _admiralty_table_mark_heading (&frame->occupancy, s->heading, cx, cy, r);
        }
      else if (frame->sprites == NULL ||
               !_admiralty_table_cache_draw_token (frame, i, s, face, cx, cy, r))
        {
          if (face == ADMIRALTY_TOKEN_FACE_DOWN)
            _admiralty_table_draw_face_down (frame->cr, cx, cy, r);
          else
            draw_face_up (frame, i, s, cx, cy, r);
          if (frame->overlapping != NULL && frame->overlapping[i])
            _admiralty_table_overlap_symbol (frame->cr, cx, cy, r);
        }
      /* The square inside the base: a name may sit close under the rim. */
      _admiralty_table_occupancy_mark (&frame->occupancy, cx - 0.8 * r, cy - 0.8 * r, 1.6 * r,
                                       1.6 * r);
    }
}

/* Declaration overlays */

#define MOVE_TICK        7.0  /* px either side of a move's path */

Rgb
_admiralty_table_move_colour (gboolean legal)
{
  return rgb_from_int (legal ? ADMIRALTY_TABLE_LEGAL_MOVE_RGB : ADMIRALTY_TABLE_REFUSED_MOVE_RGB);
}

/* A leader's path (F-MOVE): a solid line through @points with a dot at every turn point. */
void
_admiralty_table_move_path_symbol (cairo_t                  *cr,
                                   const AdmiraltyTableView *view,
                                   const AdmPoint           *points,
                                   guint                     n,
                                   Rgb                       colour,
                                   gboolean                  bold)
{
  double x, y;

  if (n < 2)
    return;
  for (guint i = 0; i < n; i++)
    {
      admiralty_table_view_to_pixels (view, points[i], &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  set_rgba (cr, colour, bold ? 1.0 : 0.8);
  cairo_set_line_width (cr, bold ? 3.0 : 2.0);
  cairo_stroke (cr);
  /* The ends have the token and its ghost. */
  for (guint i = 1; i + 1 < n; i++)
    {
      admiralty_table_view_to_pixels (view, points[i], &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, bold ? 3.5 : 2.5, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

/* Where a ship would end: the outline of its base of radius @r and of its heading arrow. */
void
_admiralty_table_ghost_symbol (cairo_t *cr,
                               double   cx,
                               double   cy,
                               double   r,
                               double   heading,
                               Rgb      colour,
                               gboolean bold)
{
  double tip_x, tip_y;

  cairo_new_sub_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  heading_path (cr, heading, cx, cy, r, &tip_x, &tip_y);
  set_rgba (cr, colour, bold ? 1.0 : 0.8);
  cairo_set_line_width (cr, bold ? 2.0 : 1.5);
  cairo_stroke (cr);
}

/* F-MOVE-8, F-MOVE-7: a tick across the path where the first turn may come (with @tick),
 * and faint rays @ray px long at ±@limit degrees from @heading (none when @limit is 0). */
static void
turn_symbol (cairo_t  *cr,
             double    x,
             double    y,
             double    heading,
             double    limit,
             double    ray,
             gboolean  tick,
             Rgb       colour)
{
  static const double dash[] = { 4.0, 3.0 };
  double angle = cairo_angle (heading);

  if (tick)
    {
      cairo_move_to (cr, x - MOVE_TICK * sin (angle), y + MOVE_TICK * cos (angle));
      cairo_line_to (cr, x + MOVE_TICK * sin (angle), y - MOVE_TICK * cos (angle));
      set_rgb (cr, colour);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
    }
  if (limit <= 0)
    return;
  limit = MIN (limit, 180.0);
  for (int sign = -1; sign <= 1; sign += 2)
    {
      double a = cairo_angle (heading + sign * limit);

      cairo_move_to (cr, x, y);
      cairo_line_to (cr, x + ray * cos (a), y + ray * sin (a));
    }
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  set_rgba (cr, colour, 0.45);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* A line with a filled arrowhead from (@x0, @y0) to (@x1, @y1). */
static void
arrow_symbol (cairo_t *cr,
              double   x0,
              double   y0,
              double   x1,
              double   y1,
              double   width,
              Rgb      colour,
              double   alpha)
{
  double angle = atan2 (y1 - y0, x1 - x0), head = 4.0 + 2.0 * width;

  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1 - 0.8 * head * cos (angle), y1 - 0.8 * head * sin (angle));
  set_rgba (cr, colour, alpha);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
  arrowhead_path (cr, x1, y1, angle, head);
  cairo_fill (cr);
}

/* A measuring line with a tick across each end. */
void
_admiralty_table_ruler_symbol (cairo_t *cr,
                               double   x0,
                               double   y0,
                               double   x1,
                               double   y1)
{
  double length = hypot (x1 - x0, y1 - y0);
  double nx = length > 0 ? -(y1 - y0) / length : 0, ny = length > 0 ? (x1 - x0) / length : 1;

  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1, y1);
  cairo_move_to (cr, x0 - MOVE_TICK * nx, y0 - MOVE_TICK * ny);
  cairo_line_to (cr, x0 + MOVE_TICK * nx, y0 + MOVE_TICK * ny);
  cairo_move_to (cr, x1 - MOVE_TICK * nx, y1 - MOVE_TICK * ny);
  cairo_line_to (cr, x1 + MOVE_TICK * nx, y1 + MOVE_TICK * ny);
  /* A dark casing under the line keeps it readable over tokens and ranges. */
  set_rgba (cr, black, 0.6);
  cairo_set_line_width (cr, 4.0);
  cairo_stroke_preserve (cr);
  set_rgb (cr, rgb_from_int (ADMIRALTY_TABLE_RULER_RGB));
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

/* The point @distance cm along @preview's path, and the heading there: of the leg it lies
 * on, or straight on from the end; at the start, the leader's own heading. */
static AdmPoint
path_point_at (Frame                *frame,
               const AdmMovePreview *preview,
               double                distance,
               double               *heading)
{
  const AdmPoint *points = (const AdmPoint *) (gpointer) preview->path->data;
  guint n = preview->path->len;

  *heading = adm_battle_get_ship (frame->battle, preview->leader)->heading;
  if (n == 0 || distance <= 0)
    return n > 0 ? points[0] : adm_battle_get_ship (frame->battle, preview->leader)->position;
  for (guint i = 0; i + 1 < n; i++)
    {
      double leg = adm_distance (points[i], points[i + 1]);

      if (leg <= 0)
        continue;
      *heading = adm_bearing (points[i], points[i + 1]);
      if (distance <= leg)
        return adm_point_advance (points[i], *heading, distance);
      distance -= leg;
    }
  *heading = preview->end_heading;
  return adm_point_advance (points[n - 1], preview->end_heading, distance);
}

/* Whether @preview is drawn in this view: a plotted course is its own side's (and the
 * master's), as the audience filter says; the enemy learns it when it is carried out. */
static gboolean
preview_shown (Frame                *frame,
               const AdmMovePreview *preview)
{
  return preview != NULL && preview->path != NULL &&
         preview->leader < adm_battle_get_n_ships (frame->battle) &&
         adm_audience_sees_orders (
           admiralty_table_options_audience (frame->battle, frame->options),
           frame->battle, adm_battle_get_ship (frame->battle, preview->leader)->formation);
}

/* Clips @frame's drawing to outside the base of ship @ship (when the view shows it): an
 * overlay line from a token's centre is drawn over the kept ships (STAGE_OVERLAY) and must
 * not cross the token it starts from. Undone by cairo_restore (). */
static void
clip_out_token (Frame *frame,
                int    ship)
{
  double cx, cy, r;

  cairo_save (frame->cr);
  if (ship < 0 || (guint) ship >= adm_battle_get_n_ships (frame->battle) ||
      ship_token (frame, ship, &cx, &cy, &r) == ADMIRALTY_TOKEN_HIDDEN)
    return;
  cairo_rectangle (frame->cr, 0, 0, frame->view->width, frame->view->height);
  cairo_new_sub_path (frame->cr);
  cairo_arc (frame->cr, cx, cy, r, 0, 2 * G_PI);
  cairo_set_fill_rule (frame->cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_clip (frame->cr);
  cairo_set_fill_rule (frame->cr, CAIRO_FILL_RULE_WINDING);
}

/* @ghost: the course is the nearest the rules allow to the one dragged, drawn dashed and
 * faint, a suggestion rather than a course plotted. */
static void
draw_move_preview (Frame                *frame,
                   const AdmMovePreview *preview,
                   gboolean              bold,
                   gboolean              ghost)
{
  static const double dash[] = { 6.0, 4.0 };
  cairo_t *cr = frame->cr;
  Rgb colour = _admiralty_table_move_colour (preview->legal);
  AdmAudience audience = admiralty_table_options_audience (frame->battle, frame->options);

  if (ghost)
    cairo_push_group (cr);
  /* From the leader's rim: its token lies under the course. */
  clip_out_token (frame, (int) preview->leader);
  if (ghost)
    cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  _admiralty_table_move_path_symbol (cr, frame->view,
                                     (const AdmPoint *) (gpointer) preview->path->data,
                                     preview->path->len, colour, bold);
  cairo_restore (cr);
  if (preview->ships != NULL && preview->ends != NULL)
    for (guint i = 0; i < MIN (preview->ships->len, preview->ends->len); i++)
      {
        guint ship = g_array_index (preview->ships, guint, i);
        double cx, cy;

        if (ship >= adm_battle_get_n_ships (frame->battle) ||
            admiralty_table_ship_face_to (frame->battle, ship, audience) != ADMIRALTY_TOKEN_FACE_UP)
          continue;
        admiralty_table_view_to_pixels (frame->view, g_array_index (preview->ends, AdmPoint, i),
                                        &cx, &cy);
        _admiralty_table_ghost_symbol (
          cr, cx, cy,
          _admiralty_table_token_radius (
            frame->view, adm_battle_get_ship (frame->battle, ship)->klass->type->base_size),
          preview->end_heading, colour, bold);
      }
  {
    double heading, x, y;
    double left = MAX (MAX (preview->total, preview->speed) - preview->turn_after, 3.0);
    AdmPoint point = path_point_at (frame, preview, preview->turn_after, &heading);

    admiralty_table_view_to_pixels (frame->view, point, &x, &y);
    turn_symbol (cr, x, y, heading, preview->turn_limit,
                 CLAMP (left * frame->view->scale, 40.0, 200.0), preview->turn_after > 0,
                 colour);
  }
  if (ghost)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.55);
    }
}

static void
draw_move_previews (Frame *frame)
{
  GPtrArray *previews = frame->options->move_previews;

  if (previews == NULL)
    return;
  for (guint i = 0; i < previews->len; i++)
    {
      const AdmMovePreview *preview = g_ptr_array_index (previews, i);

      if ((int) i != frame->options->editing_move && preview_shown (frame, preview))
        draw_move_preview (frame, preview, FALSE, FALSE);
    }
  /* The one being edited on top. */
  if (frame->options->editing_move >= 0 && (guint) frame->options->editing_move < previews->len)
    {
      const AdmMovePreview *preview = g_ptr_array_index (previews, frame->options->editing_move);

      if (preview_shown (frame, preview))
        draw_move_preview (frame, preview, TRUE, frame->options->ghost_move);
    }
}

/* "turn" beside each tick of draw_move_preview. */
static void
label_move_previews (Frame *frame)
{
  GPtrArray *previews = frame->options->move_previews;

  if (previews == NULL)
    return;
  for (guint i = 0; i < previews->len; i++)
    {
      const AdmMovePreview *preview = g_ptr_array_index (previews, i);
      double heading, x, y, angle;
      AdmPoint point;

      if (!preview_shown (frame, preview) || preview->turn_after <= 0)
        continue;
      point = path_point_at (frame, preview, preview->turn_after, &heading);
      admiralty_table_view_to_pixels (frame->view, point, &x, &y);
      angle = cairo_angle (heading);
      /* Translators: marks the point of a ship's path where it may first turn. */
      _admiralty_table_overlay_label (frame, _("turn"), x, y, -sin (angle), cos (angle),
                                      _admiralty_table_move_colour (preview->legal));
    }
}

/* The declared fires (F-FIRE-4): an arrow from each firing ship to its target, when the
 * view shows both. */
static void
draw_declared_fires (Frame *frame)
{
  const AdmTurnOrders *orders = frame->options->orders;

  if (orders == NULL || orders->fires == NULL)
    return;
  for (guint f = 0; f < orders->fires->len; f++)
    {
      const AdmFireDecl *decl = g_ptr_array_index (orders->fires, f);
      int target = decl->target != NULL ? adm_battle_ship_index (frame->battle, decl->target) : -1;
      double tx, ty, tr;

      if (target < 0 || ship_token (frame, target, &tx, &ty, &tr) == ADMIRALTY_TOKEN_HIDDEN)
        continue;
      for (guint s = 0; decl->ships != NULL && s < decl->ships->len; s++)
        {
          int firer = adm_battle_ship_index (frame->battle, g_ptr_array_index (decl->ships, s));
          double fx, fy, fr, d;

          /* One arrow for a ship's several batteries. */
          if (firer < 0 || firer == target ||
              (s > 0 && g_strcmp0 (g_ptr_array_index (decl->ships, s - 1),
                                   g_ptr_array_index (decl->ships, s)) == 0) ||
              ship_token (frame, firer, &fx, &fy, &fr) == ADMIRALTY_TOKEN_HIDDEN ||
              !adm_audience_sees_orders (
                admiralty_table_options_audience (frame->battle, frame->options),
                frame->battle, adm_battle_get_ship (frame->battle, firer)->formation))
            continue;
          d = hypot (tx - fx, ty - fy);
          if (d <= fr + tr)
            continue;
          arrow_symbol (frame->cr, fx + (tx - fx) * fr / d, fy + (ty - fy) * fr / d,
                        tx - (tx - fx) * tr / d, ty - (ty - fy) * tr / d, 1.25,
                        rgb_mix (side_colour (frame,
                                              adm_battle_get_ship (frame->battle, firer)->side),
                                 white, 0.4),
                        0.85);
        }
    }
}

/* A launching tube's weapon, from its "ship-id:weapon-id" (as orders name it); NULL when the
 * order names no such tube. */
static const AdmWeapon *
launch_tube (AdmBattle  *battle,
             const char *tube,
             int        *ship)
{
  const char *colon = strchr (tube, ':');
  g_autofree char *ship_id = NULL;
  const AdmBattleShip *s;

  if (colon == NULL)
    return NULL;
  ship_id = g_strndup (tube, colon - tube);
  *ship = adm_battle_ship_index (battle, ship_id);
  if (*ship < 0)
    return NULL;
  s = adm_battle_get_ship (battle, *ship);
  for (guint w = 0; w < s->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);

      if (g_strcmp0 (weapon->id, colon + 1) == 0)
        return weapon;
    }
  return NULL;
}

/* The declared launches (F-WPN-10): a dashed arrow from each launching ship to the ship its
 * torpedoes are sent at, when the view shows both; a launch on a heading (at a point of the
 * table, F-TORP-3) is drawn as its run from the ship: the first turn's run dashed to an
 * arrowhead, the turns after it dotted on to where the torpedoes stop (F-WPN-11, F-WPN-12). */
static void
draw_declared_launches (Frame *frame)
{
  const AdmTurnOrders *orders = frame->options->orders;

  if (orders == NULL || orders->other == NULL)
    return;
  for (guint o = 0; o < orders->other->len; o++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (orders->other, o);
      const char *target_id = adm_order_decl_get (decl, "target");
      const char *heading_text = adm_order_decl_get (decl, "heading");
      const char *weapons = adm_order_decl_get (decl, "weapons");
      int target = target_id != NULL ? adm_battle_ship_index (frame->battle, target_id) : -1;
      double heading = heading_text != NULL ? g_ascii_strtod (heading_text, NULL) : 0.0;
      g_auto(GStrv) tubes = NULL;
      double tx = 0, ty = 0, tr = 0;

      if (g_strcmp0 (decl->element, "launch") != 0 || weapons == NULL)
        continue;
      if (target_id != NULL &&
          (target < 0 || ship_token (frame, target, &tx, &ty, &tr) == ADMIRALTY_TOKEN_HIDDEN))
        continue;
      if (target_id == NULL && (heading_text == NULL || !isfinite (heading)))
        continue;
      tubes = g_strsplit_set (weapons, " \t\n", -1);
      for (guint i = 0; tubes[i] != NULL; i++)
        {
          int firer = -1;
          const AdmWeapon *weapon = launch_tube (frame->battle, tubes[i], &firer);
          const AdmBattleShip *ship;
          double fx, fy, fr, d;

          gboolean drawn = FALSE;

          /* A ship's second tube in the same launch runs the same line. */
          for (guint j = 0; j < i && !drawn; j++)
            {
              int earlier = -1;

              drawn = launch_tube (frame->battle, tubes[j], &earlier) != NULL &&
                      earlier == firer;
            }
          if (weapon == NULL || drawn || firer == target ||
              ship_token (frame, firer, &fx, &fy, &fr) == ADMIRALTY_TOKEN_HIDDEN)
            continue;
          ship = adm_battle_get_ship (frame->battle, firer);
          if (!adm_audience_sees_orders (
                admiralty_table_options_audience (frame->battle, frame->options),
                frame->battle, ship->formation))
            continue;
          cairo_set_dash (frame->cr, dash_tubes, G_N_ELEMENTS (dash_tubes), 0);
          if (target_id != NULL)
            {
              d = hypot (tx - fx, ty - fy);
              if (d > fr + tr)
                arrow_symbol (frame->cr, fx + (tx - fx) * fr / d, fy + (ty - fy) * fr / d,
                              tx - (tx - fx) * tr / d, ty - (ty - fy) * tr / d, 1.5,
                              rgb_from_int (TORPEDO_RGB), 0.9);
            }
          else if (weapon->type == ADM_WEAPON_TORPEDO && weapon->torpedo_speed > 0)
            {
              double ex, ey, lx, ly;

              admiralty_table_view_to_pixels (
                frame->view, adm_point_advance (ship->position, heading, weapon->torpedo_speed),
                &ex, &ey);
              d = hypot (ex - fx, ey - fy);
              if (d > fr)
                arrow_symbol (frame->cr, fx + (ex - fx) * fr / d, fy + (ey - fy) * fr / d,
                              ex, ey, 1.5, rgb_from_int (TORPEDO_RGB), 0.9);
              if (weapon->torpedo_turns > 1)
                {
                  admiralty_table_view_to_pixels (
                    frame->view,
                    adm_point_advance (ship->position, heading,
                                       (double) weapon->torpedo_speed * weapon->torpedo_turns),
                    &lx, &ly);
                  cairo_set_dash (frame->cr, dash_half, G_N_ELEMENTS (dash_half), 0);
                  cairo_move_to (frame->cr, ex, ey);
                  cairo_line_to (frame->cr, lx, ly);
                  set_rgba (frame->cr, rgb_from_int (TORPEDO_RGB), 0.7);
                  cairo_set_line_width (frame->cr, 1.5);
                  cairo_stroke (frame->cr);
                }
            }
          cairo_set_dash (frame->cr, NULL, 0, 0);
        }
    }
}

/* The point the master clicked to launch the selected ship's torpedoes at (F-TORP-3), before
 * the launch is declared: a dashed line from the ship's rim to a cross at the point, in the
 * tubes' colour; the declared launch is then drawn as its run (draw_declared_launches ()). */
static void
draw_aim (Frame *frame)
{
  const AdmBattleShip *ship = _admiralty_table_selected_ship (frame);
  double fx, fy, fr, ax, ay, d, arm = 6.0;

  if (!frame->options->aiming || ship == NULL ||
      ship_token (frame, frame->options->selected_ship, &fx, &fy, &fr) ==
        ADMIRALTY_TOKEN_HIDDEN ||
      !adm_audience_sees_orders (
        admiralty_table_options_audience (frame->battle, frame->options),
        frame->battle, ship->formation))
    return;
  admiralty_table_view_to_pixels (frame->view, frame->options->aim, &ax, &ay);
  d = hypot (ax - fx, ay - fy);
  set_rgba (frame->cr, rgb_from_int (TORPEDO_RGB), 0.95);
  cairo_set_line_width (frame->cr, 1.5);
  if (d > fr + arm)
    {
      cairo_move_to (frame->cr, fx + (ax - fx) * fr / d, fy + (ay - fy) * fr / d);
      cairo_line_to (frame->cr, ax - (ax - fx) * arm / d, ay - (ay - fy) * arm / d);
      cairo_set_dash (frame->cr, dash_tubes, G_N_ELEMENTS (dash_tubes), 0);
      cairo_stroke (frame->cr);
      cairo_set_dash (frame->cr, NULL, 0, 0);
    }
  cairo_set_line_width (frame->cr, 2.0);
  cairo_move_to (frame->cr, ax - arm, ay - arm);
  cairo_line_to (frame->cr, ax + arm, ay + arm);
  cairo_move_to (frame->cr, ax - arm, ay + arm);
  cairo_line_to (frame->cr, ax + arm, ay - arm);
  cairo_stroke (frame->cr);
}

/* The selected ship's target, when the view shows both. */
static gboolean
target_of (Frame  *frame,
           double *x0,
           double *y0,
           double *x1,
           double *y1)
{
  int target = frame->options->target_ship;
  double r;

  return _admiralty_table_selected_ship (frame) != NULL && target >= 0 &&
         (guint) target < adm_battle_get_n_ships (frame->battle) &&
         target != frame->options->selected_ship &&
         ship_token (frame, frame->options->selected_ship, x0, y0, &r) != ADMIRALTY_TOKEN_HIDDEN &&
         ship_token (frame, target, x1, y1, &r) != ADMIRALTY_TOKEN_HIDDEN;
}

static void
draw_target_line (Frame *frame)
{
  double x0, y0, x1, y1;

  if (!target_of (frame, &x0, &y0, &x1, &y1))
    return;
  /* Centre to centre (F-FIRE-13), seen between the two tokens it joins. */
  clip_out_token (frame, frame->options->selected_ship);
  clip_out_token (frame, frame->options->target_ship);
  cairo_move_to (frame->cr, x0, y0);
  cairo_line_to (frame->cr, x1, y1);
  set_rgb (frame->cr, rgb_from_int (ADMIRALTY_TABLE_FIRE_LINE_RGB));
  cairo_set_line_width (frame->cr, 2.0);
  cairo_stroke (frame->cr);
  cairo_restore (frame->cr);
  cairo_restore (frame->cr);
}

/* The line of fire's length, centre to centre (F-FIRE-13). */
static void
label_target_line (Frame *frame)
{
  double x0, y0, x1, y1, length;
  g_autofree char *text = NULL;

  if (!target_of (frame, &x0, &y0, &x1, &y1))
    return;
  text = admiralty_format_length (
    adm_distance (adm_battle_get_ship (frame->battle, frame->options->selected_ship)->position,
                  adm_battle_get_ship (frame->battle, frame->options->target_ship)->position),
    frame->options->inches);
  length = MAX (hypot (x1 - x0, y1 - y0), 1e-9);
  _admiralty_table_overlay_label (frame, text, (x0 + x1) / 2, (y0 + y1) / 2, -(y1 - y0) / length,
                                  (x1 - x0) / length, rgb_from_int (ADMIRALTY_TABLE_FIRE_LINE_RGB));
}

gboolean
_admiralty_table_is_highlighted (Frame *frame,
                                 guint  index)
{
  GArray *ships = frame->options->highlight_ships;

  for (guint i = 0; ships != NULL && i < ships->len; i++)
    if (g_array_index (ships, guint, i) == index)
      return TRUE;
  return FALSE;
}

static void
draw_highlights (Frame *frame)
{
  GArray *ships = frame->options->highlight_ships;

  for (guint i = 0; ships != NULL && i < ships->len; i++)
    {
      guint index = g_array_index (ships, guint, i);
      double cx, cy, r;

      if (index < adm_battle_get_n_ships (frame->battle) &&
          ship_token (frame, index, &cx, &cy, &r) != ADMIRALTY_TOKEN_HIDDEN &&
          frame_sees (frame, cx, cy, r + HIGHLIGHT_GAP + 2))
        _admiralty_table_highlight_ring (frame->cr, cx, cy, r + HIGHLIGHT_GAP);
    }
}

static void
draw_ruler (Frame *frame)
{
  double x0, y0, x1, y1, length;
  g_autofree char *text = NULL;

  if (!frame->options->ruler)
    return;
  admiralty_table_view_to_pixels (frame->view, frame->options->ruler_from, &x0, &y0);
  admiralty_table_view_to_pixels (frame->view, frame->options->ruler_to, &x1, &y1);
  _admiralty_table_ruler_symbol (frame->cr, x0, y0, x1, y1);
  text = admiralty_format_length (adm_distance (frame->options->ruler_from,
                                                frame->options->ruler_to),
                                  frame->options->inches);
  length = hypot (x1 - x0, y1 - y0);
  if (length > 0)
    _admiralty_table_overlay_label (frame, text, (x0 + x1) / 2, (y0 + y1) / 2, -(y1 - y0) / length,
                                    (x1 - x0) / length, rgb_from_int (ADMIRALTY_TABLE_RULER_RGB));
  else
    _admiralty_table_overlay_label (frame, text, x0, y0, 0, -1,
                                    rgb_from_int (ADMIRALTY_TABLE_RULER_RGB));
}

/* The whole table */

/* Sets up @frame and @cr for drawing the view: clipped to it, the table's line join,
 * tolerance and label font. Undone by cairo_restore (). */
void
_admiralty_table_frame_begin (Frame                       *frame,
                              cairo_t                     *cr,
                              const AdmiraltyTableView    *view,
                              AdmBattle                   *battle,
                              const AdmiraltyTableOptions *options)
{
  cairo_font_extents_t font;

  frame->cr = cr;
  frame->view = view;
  frame->battle = battle;
  frame->options = options;
  frame_init_side_colours (frame);
  _admiralty_table_occupancy_init (&frame->occupancy, view);
  frame->overlapping = NULL;
  frame->sprites = NULL;
  frame->cache = NULL;
  frame->device_scale = 1;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);
  cairo_new_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  /* Curves flattened to within a quarter pixel rather than a tenth: no visible facets, and
   * every token, ring and range circle is cheaper. */
  cairo_set_tolerance (cr, 0.25);
  /* The toy text API: one font for the whole table, no layout objects per label. */
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, LABEL_FONT_SIZE);
  cairo_font_extents (cr, &font);
  frame->ascent = font.ascent;
  frame->descent = font.descent;
}

/* Undoes _admiralty_table_frame_begin (). */
void
_admiralty_table_frame_end (Frame *frame)
{
  _admiralty_table_occupancy_clear (&frame->occupancy);
  g_clear_pointer (&frame->overlapping, g_free);
  cairo_restore (frame->cr);
}


void
_admiralty_table_draw_stage (Frame *frame,
                             Stage  stage)
{
  switch (stage)
    {
    case STAGE_TABLE:
      set_rgb (frame->cr, rgb_from_int (ADMIRALTY_TABLE_BACKGROUND_RGB));
      cairo_paint (frame->cr);
      if (frame->options->show_grid)
        draw_grid (frame);
      draw_low_orbit (frame);
      draw_wormhole_exits (frame);
      draw_features (frame);
      draw_markers (frame);
      draw_mines (frame);
      break;
    case STAGE_MIDDLE:
      if (!_admiralty_table_cache_draw_selection (frame))
        _admiralty_table_draw_selection (frame);
      draw_salvos (frame);
      draw_ships (frame);
      /* Names keep clear of the highlight rings (ring_extent ()). */
      draw_highlights (frame);
      if (frame->options->show_labels)
        _admiralty_table_draw_labels (frame);
      break;
    case STAGE_OVERLAY:
      /* The selected ship's weapons keep clear of the names and of the controls floating
       * over the table, in the window as it is. The overlay stage is never kept, so the
       * controls' place, fixed to the window, marks this frame's bitmap only. */
      if (frame->options->covered.width > 0 && frame->options->covered.height > 0)
        _admiralty_table_occupancy_mark (&frame->occupancy, frame->options->covered.x,
                                         frame->options->covered.y,
                                         frame->options->covered.width,
                                         frame->options->covered.height);
      if (frame->options->show_labels)
        _admiralty_table_label_weapons (frame);
      draw_move_previews (frame);
      draw_declared_fires (frame);
      draw_declared_launches (frame);
      draw_aim (frame);
      draw_target_line (frame);
      /* The overlays' figures keep clear of the names. */
      label_move_previews (frame);
      label_target_line (frame);
      break;
    case STAGE_RULER:
    default:
      draw_grid_figures (frame);
      draw_ruler (frame);
      break;
    }
}

void
admiralty_table_render (cairo_t                     *cr,
                        const AdmiraltyTableView    *view,
                        AdmBattle                   *battle,
                        const AdmiraltyTableOptions *options)
{
  Frame frame;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);
  g_return_if_fail (ADM_IS_BATTLE (battle));
  g_return_if_fail (options != NULL);

  if (view->width <= 0 || view->height <= 0)
    return;
  _admiralty_table_frame_begin (&frame, cr, view, battle, options);
  _admiralty_table_draw_stage (&frame, STAGE_TABLE);
  _admiralty_table_draw_stage (&frame, STAGE_MIDDLE);
  _admiralty_table_draw_stage (&frame, STAGE_OVERLAY);
  _admiralty_table_draw_stage (&frame, STAGE_RULER);
  _admiralty_table_frame_end (&frame);
}
