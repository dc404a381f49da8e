/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-renderer.c: the strategic sector map drawn with Cairo: its drawing passes —
 * links, cards with their objects and formations, formations in transit, engagements — and
 * the symbols they draw. Positions are converted to pixels one by one; cards, glyphs and text
 * are laid out at zoom 1 and the whole drawing scaled by the view's zoom, so that zooming in
 * makes everything larger, text with it. The map is a diagram of adjacency (F-STRAT-8), not a
 * chart to scale. Where formations are is admiralty-sector-layout.c, the text
 * admiralty-sector-labels.c and the legend admiralty-sector-legend.c; the projector's wall
 * layout (admiralty-sector-wall.c) shares their helpers
 * (admiralty-sector-renderer-private.h). */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-faction-symbol.h"
#include "admiralty-sector-renderer.h"
#include "admiralty-sector-renderer-private.h"

#define BADGE_FONT_SIZE  10.0  /* px */
#define OBJECT_ROW_Y     11.0  /* px below the sector's position: the objects' row */

#define GLYPH_SIZE       12.0  /* px, of an object's glyph */
#define GLYPH_STRIDE     17.0

#define BADGE_RGB        0x46576a
#define PLANET_RGB       0x6fa8dc
#define STATION_RGB      0xcfd8dc
#define WORMHOLE_RGB     0xb39ddb
#define FALLBACK_RGB     0x9e9e9e

/* Colours */

static Rgb
rgb_from_int (guint32 value)
{
  return (Rgb) { ((value >> 16) & 0xff) / 255.0, ((value >> 8) & 0xff) / 255.0,
                 (value & 0xff) / 255.0 };
}

/* "#rrggbb", or a neutral grey when @text is not one. */
Rgb
_admiralty_sector_rgb_from_hex (const char *text)
{
  guint32 value = 0;

  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return rgb_from_int (FALLBACK_RGB);
  for (int i = 1; i < 7; i++)
    {
      int digit = g_ascii_xdigit_value (text[i]);

      if (digit < 0)
        return rgb_from_int (FALLBACK_RGB);
      value = value << 4 | (guint32) digit;
    }
  return rgb_from_int (value);
}

/* The paper scheme (AdmiraltySectorOptions.paper): while admiralty_sector_render_labels ()
 * draws a map for paper, its cairo_t carries this key, and the screen's dark colours of the
 * map's ground, cards, links and text are drawn as their light counterparts below. The
 * factions' colours and the engagements' statuses stay as they are. */
static const cairo_user_data_key_t paper_key;

static guint32
paper_rgb (guint32 value)
{
  static const guint32 scheme[][2] = {
    { ADMIRALTY_SECTOR_BACKGROUND_RGB,    ADMIRALTY_SECTOR_PAPER_BACKGROUND_RGB },
    { ADMIRALTY_SECTOR_LINK_RGB,          ADMIRALTY_SECTOR_PAPER_LINK_RGB },
    { ADMIRALTY_SECTOR_NODE_RGB,          ADMIRALTY_SECTOR_PAPER_NODE_RGB },
    { ADMIRALTY_SECTOR_NODE_SELECTED_RGB, ADMIRALTY_SECTOR_PAPER_NODE_SELECTED_RGB },
    { ADMIRALTY_SECTOR_JUMP_RGB,          0x6a55a8 },
    { TEXT_RGB,                           0x1a2029 },
    { BADGE_RGB,                          0xd3dae2 },
    { PLANET_RGB,                         0x3d85c6 },
    { STATION_RGB,                        0x5f7480 },
    { WORMHOLE_RGB,                       0x7e57c2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (scheme); i++)
    if (scheme[i][0] == value)
      return scheme[i][1];
  return value;
}

void
_admiralty_sector_set_rgb (cairo_t *cr,
                           guint32  value)
{
  Rgb c = rgb_from_int (cairo_get_user_data (cr, &paper_key) != NULL ? paper_rgb (value)
                                                                      : value);

  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

/* Options */

void
admiralty_sector_options_init (AdmiraltySectorOptions *options)
{
  g_return_if_fail (options != NULL);

  options->selected_sector = NULL;
  options->hovered_sector = NULL;
  options->strategy = NULL;
  options->state = NULL;
  options->audience = ADMIRALTY_SECTOR_AUDIENCE_MASTER;
  options->viewer = NULL;
  options->engagements = NULL;
  options->legend = FALSE;
  options->faction_colours = NULL;
  options->paper = FALSE;
}

/* The left edge of the first of @n items @stride apart, @size wide, centred on the card. */
static double
row_start (const cairo_rectangle_t *rect,
           guint                    n,
           double                   stride,
           double                   size)
{
  return rect->x + rect->width / 2 - (n * stride - (stride - size)) / 2;
}

/* Links */

static void
draw_link (Frame           *frame,
           const AdmSector *a,
           const AdmSector *b)
{
  const AdmiraltySectorView *view = frame->view;
  double ax, ay, bx, by;

  admiralty_sector_view_to_pixels (view, a->x, a->y, &ax, &ay);
  admiralty_sector_view_to_pixels (view, b->x, b->y, &bx, &by);
  if (MAX (ax, bx) < 0 || MAX (ay, by) < 0 || MIN (ax, bx) > view->width ||
      MIN (ay, by) > view->height)
    return;
  cairo_move_to (frame->cr, ax, ay);
  cairo_line_to (frame->cr, bx, by);
  cairo_stroke (frame->cr);
}

/* Whether a wormhole exit of @a leads to @b: the link between them is the jump. */
static gboolean
exit_leads (const AdmSector *a,
            const AdmSector *b)
{
  for (guint i = 0; i < a->objects->len; i++)
    if (((const AdmSectorObject *) g_ptr_array_index (a->objects, i))->leads_to == b)
      return TRUE;
  return FALSE;
}

gboolean
admiralty_sector_link_is_jump (const AdmSector *a,
                               const AdmSector *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  return exit_leads (a, b) || exit_leads (b, a);
}

/* F-STRAT-8: a link that is a wormhole's jump is drawn in the exit's colour, dashed. */
static void
draw_any_link (Frame           *frame,
               const AdmSector *a,
               const AdmSector *b,
               guint32          rgb)
{
  static const double dash[] = { 7.0, 5.0 };
  gboolean jump = admiralty_sector_link_is_jump (a, b);

  _admiralty_sector_set_rgb (frame->cr, jump && rgb == ADMIRALTY_SECTOR_LINK_RGB
                                        ? ADMIRALTY_SECTOR_JUMP_RGB : rgb);
  if (jump)
    cairo_set_dash (frame->cr, dash, G_N_ELEMENTS (dash), 0);
  draw_link (frame, a, b);
  cairo_set_dash (frame->cr, NULL, 0, 0);
}

/* Every link once, from the earlier sector in the file; then the selected sector's links over
 * them, so that where it can move to stands out. */
static void
draw_links (Frame *frame)
{
  GPtrArray *sectors = adm_scenario_get_sectors (frame->scenario);

  cairo_set_line_width (frame->cr, LINK_WIDTH);
  cairo_set_line_cap (frame->cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);

      for (guint j = 0; j < sector->adjacent->len; j++)
        {
          const AdmSector *other = g_ptr_array_index (sector->adjacent, j);
          guint other_index;

          if (g_ptr_array_find (sectors, other, &other_index) && other_index > i &&
              sector != frame->selected && other != frame->selected)
            draw_any_link (frame, sector, other, ADMIRALTY_SECTOR_LINK_RGB);
        }
    }
  if (frame->selected == NULL)
    return;
  for (guint j = 0; j < frame->selected->adjacent->len; j++)
    draw_any_link (frame, frame->selected, g_ptr_array_index (frame->selected->adjacent, j),
                   ADMIRALTY_SECTOR_SELECTION_RGB);
}

/* A "+@count" pill with its left edge at @x and its middle at @y: @sector's formations or
 * objects that have no room on its card. */
static void
draw_badge (Frame           *frame,
            const AdmSector *sector,
            guint            count,
            double           x,
            double           y)
{
  cairo_t *cr = frame->cr;
  char text[16];
  cairo_text_extents_t extents;
  cairo_font_extents_t font;
  cairo_rectangle_t box;
  double height = 12.0, width;

  g_snprintf (text, sizeof text, "+%u", count);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, BADGE_FONT_SIZE);
  cairo_text_extents (cr, text, &extents);
  cairo_font_extents (cr, &font);
  width = MAX (extents.x_advance + 6, height);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + height / 2, y, height / 2, G_PI / 2, 3 * G_PI / 2);
  cairo_arc (cr, x + width - height / 2, y, height / 2, -G_PI / 2, G_PI / 2);
  cairo_close_path (cr);
  _admiralty_sector_set_rgb (cr, BADGE_RGB);
  cairo_fill (cr);
  _admiralty_sector_set_rgb (cr, TEXT_RGB);
  box = (cairo_rectangle_t) { round (x + (width - extents.x_advance) / 2), 0,
                              extents.x_advance, font.ascent + font.descent };
  box.y = round (y - extents.y_bearing - extents.height / 2) - font.ascent;
  cairo_move_to (cr, box.x, box.y + font.ascent);
  cairo_show_text (cr, text);
  _admiralty_sector_record (frame, sector, NULL, ADMIRALTY_SECTOR_LABEL_MORE, text,
                            BADGE_FONT_SIZE, &box);
}

/* Objects (F-STRAT-9) */

/* A planet is a disc, a station a square, a wormhole exit a ring. */
void
_admiralty_sector_draw_object (cairo_t               *cr,
                               const AdmSectorObject *object,
                               double                 x,
                               double                 y)
{
  double r = GLYPH_SIZE / 2;

  /* No line from where the last text ended. */
  cairo_new_path (cr);
  if (g_strcmp0 (object->kind, "planet") == 0)
    {
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      _admiralty_sector_set_rgb (cr, PLANET_RGB);
      cairo_fill (cr);
    }
  else if (g_strcmp0 (object->kind, "station") == 0)
    {
      cairo_rectangle (cr, round (x - r + 1), round (y - r + 1), GLYPH_SIZE - 2, GLYPH_SIZE - 2);
      _admiralty_sector_set_rgb (cr, STATION_RGB);
      cairo_fill (cr);
    }
  else
    {
      cairo_arc (cr, x, y, r - 1, 0, 2 * G_PI);
      cairo_set_line_width (cr, 2.0);
      _admiralty_sector_set_rgb (cr, WORMHOLE_RGB);
      cairo_stroke (cr);
      cairo_arc (cr, x, y, 1.5, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: a minefield laid before the scenario starts, drawn
 * with the table's mine glyph (admiralty-table-renderer.c) at card size — a spiked ball in its
 * faction's colour, filled for the ruleset's plasma card, hollow for a torpedo one. */
void
_admiralty_sector_draw_minefield (cairo_t            *cr,
                                  const AdmMinefield *minefield,
                                  gboolean            plasma,
                                  double              x,
                                  double              y)
{
  Rgb colour = _admiralty_sector_rgb_from_hex (
    minefield->faction->colour);
  double r = GLYPH_SIZE / 4;

  cairo_new_path (cr);
  for (int p = 0; p < 8; p++)
    {
      double angle = p * G_PI / 4;

      cairo_move_to (cr, x + 0.6 * r * cos (angle), y + 0.6 * r * sin (angle));
      cairo_line_to (cr, x + 1.9 * r * cos (angle), y + 1.9 * r * sin (angle));
    }
  cairo_set_source_rgb (cr, colour.r, colour.g, colour.b);
  cairo_set_line_width (cr, 1.5);
  cairo_stroke (cr);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  if (plasma)
    cairo_fill (cr);
  else
    {
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
}

guint
admiralty_sector_minefields_shown (const AdmiraltySectorOptions *options,
                                   const AdmSector              *sector)
{
  g_return_val_if_fail (sector != NULL, 0);

  /* F-MINE-2: hidden mines are their layer's secret, so only the master's map shows them;
   * and only the scenario's start, as the editor draws it: a campaign's map shows where the
   * formations are now, and which mines are left there is its battles' to tell. */
  if (options != NULL &&
      (options->audience != ADMIRALTY_SECTOR_AUDIENCE_MASTER || options->strategy != NULL))
    return 0;
  return sector->minefields->len;
}

/* F-STN-1: on the master's map, a station the master's corrections changed is ringed in its
 * owner's colour now, and struck through when destroyed; the other audiences' maps show the
 * station as the scenario has it. */
static void
draw_station_correction (Frame                 *frame,
                         const AdmSector       *sector,
                         const AdmSectorObject *object,
                         double                 x,
                         double                 y)
{
  const AdmStationState *station;
  double r = GLYPH_SIZE / 2;

  if (frame->options->state == NULL ||
      frame->options->audience != ADMIRALTY_SECTOR_AUDIENCE_MASTER ||
      g_strcmp0 (object->kind, "station") != 0)
    return;
  station = adm_state_get_station (frame->options->state, sector->id, object->name);
  if (station == NULL)
    return;
  cairo_new_path (frame->cr);
  if (station->owner != NULL)
    {
      Rgb colour = _admiralty_sector_rgb_from_hex (
        _admiralty_sector_faction_colour (frame->options, station->owner));

      cairo_rectangle (frame->cr, round (x - r) - 0.5, round (y - r) - 0.5, GLYPH_SIZE + 1,
                       GLYPH_SIZE + 1);
      cairo_set_source_rgb (frame->cr, colour.r, colour.g, colour.b);
      cairo_set_line_width (frame->cr, 2.0);
      cairo_stroke (frame->cr);
    }
  if (station->destroyed)
    {
      cairo_move_to (frame->cr, x - r, y - r);
      cairo_line_to (frame->cr, x + r, y + r);
      cairo_move_to (frame->cr, x + r, y - r);
      cairo_line_to (frame->cr, x - r, y + r);
      _admiralty_sector_set_rgb (frame->cr, TEXT_RGB);
      cairo_set_line_width (frame->cr, 2.0);
      cairo_stroke (frame->cr);
    }
}

static void
draw_objects (Frame                   *frame,
              const AdmSector         *sector,
              const Card              *card,
              const cairo_rectangle_t *rect)
{
  guint n_objects = sector->objects->len;
  guint count = n_objects + admiralty_sector_minefields_shown (frame->options, sector);
  const AdmTableLayout *layout =
    adm_ruleset_get_table_layout (adm_scenario_get_ruleset (frame->scenario));
  guint fit = (guint) ((rect->width - 2 * NODE_INSET + GLYPH_STRIDE - GLYPH_SIZE) /
                       GLYPH_STRIDE);
  guint shown = count <= fit ? count : fit - 2;
  guint places = shown < count ? shown + 2 : shown;
  double x = row_start (rect, places, GLYPH_STRIDE, GLYPH_SIZE) + GLYPH_SIZE / 2;
  double y = rect->y + card->size.above + OBJECT_ROW_Y;

  for (guint i = 0; i < shown; i++)
    if (i < n_objects)
      {
        const AdmSectorObject *object = g_ptr_array_index (sector->objects, i);

        _admiralty_sector_draw_object (frame->cr, object, x + i * GLYPH_STRIDE, y);
        draw_station_correction (frame, sector, object, x + i * GLYPH_STRIDE, y);
      }
    else
      _admiralty_sector_draw_minefield (frame->cr,
                                        g_ptr_array_index (sector->minefields, i - n_objects),
                                        layout == NULL || !layout->mine_torpedo,
                                        x + i * GLYPH_STRIDE, y);
  if (shown < count)
    draw_badge (frame, sector, count - shown, x + shown * GLYPH_STRIDE - GLYPH_SIZE / 2, y);
}

/* Formations */

const char *
_admiralty_sector_faction_colour (const AdmiraltySectorOptions *options,
                                  const AdmFaction             *faction)
{
  const char *colour;

  if (faction == NULL)
    return NULL;
  if (options != NULL && options->faction_colours != NULL &&
      (colour = g_hash_table_lookup (options->faction_colours, faction)) != NULL)
    return colour;
  return faction->colour;
}

void
_admiralty_sector_draw_faction_symbol (cairo_t                      *cr,
                                       const AdmiraltySectorOptions *options,
                                       const AdmFaction             *faction,
                                       double                        cx,
                                       double                        cy,
                                       double                        r)
{
  Rgb colour;

  if (faction == NULL || faction->colour == NULL)
    return;
  colour = _admiralty_sector_rgb_from_hex (_admiralty_sector_faction_colour (options, faction));
  admiralty_faction_symbol_draw (cr, faction->symbol, cx, cy, r,
                                 (guint32) lround (colour.r * 255) << 16 |
                                 (guint32) lround (colour.g * 255) << 8 |
                                 (guint32) lround (colour.b * 255));
}

void
_admiralty_sector_draw_marker (cairo_t            *cr,
                               const AdmiraltySectorOptions *options,
                               const AdmFormation *formation,
                               double              x,
                               double              y)
{
  Rgb colour = _admiralty_sector_rgb_from_hex (
    _admiralty_sector_faction_colour (options, formation->faction));

  /* An edge of the colour paled, so that dark faction colours stand out on the card and
   * still read as filled chips. */
  cairo_rectangle (cr, x - 1, y - 1, MARKER_SIZE + 2, MARKER_SIZE + 2);
  cairo_set_source_rgb (cr, colour.r + (1 - colour.r) * MARKER_EDGE_PALING,
                        colour.g + (1 - colour.g) * MARKER_EDGE_PALING,
                        colour.b + (1 - colour.b) * MARKER_EDGE_PALING);
  cairo_fill (cr);
  cairo_rectangle (cr, x, y, MARKER_SIZE, MARKER_SIZE);
  cairo_set_source_rgb (cr, colour.r, colour.g, colour.b);
  cairo_fill (cr);
  _admiralty_sector_draw_faction_symbol (cr, options, formation->faction, x + MARKER_SIZE / 2.0,
                                         y + MARKER_SIZE / 2.0, 0.4 * MARKER_SIZE);
}

/* Where a side last saw a hidden enemy it no longer sees (F-STRAT-3): a dashed outline in
 * the faction's colour, paled, with nothing inside — a memory, not a track. */
void
_admiralty_sector_draw_ghost_marker (cairo_t            *cr,
                                     const AdmiraltySectorOptions *options,
                                     const AdmFormation *formation,
                                     double              x,
                                     double              y)
{
  static const double dash[] = { 3.0, 2.0 };
  Rgb colour = _admiralty_sector_rgb_from_hex (
    _admiralty_sector_faction_colour (options, formation->faction));

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, x + 0.75, y + 0.75, MARKER_SIZE - 1.5, MARKER_SIZE - 1.5);
  cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_set_line_width (cr, 1.5);
  cairo_set_source_rgb (cr, colour.r + (1 - colour.r) * MARKER_EDGE_PALING,
                        colour.g + (1 - colour.g) * MARKER_EDGE_PALING,
                        colour.b + (1 - colour.b) * MARKER_EDGE_PALING);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Each formation's row: its marker and, after it, its name and ships; a last-seen mark's
 * dashed. The formations with no row are counted in a "+N" under the last. */
static void
draw_formations (Frame                   *frame,
                 const AdmSector         *sector,
                 const Card              *card,
                 const cairo_rectangle_t *rect)
{
  double x, y;

  for (guint i = 0; i < card->rows->len; i++)
    {
      const CardRow *row = &g_array_index (card->rows, CardRow, i);

      marker_origin (rect, row, &x, &y);
      cairo_new_path (frame->cr);
      if (row->ghost)
        _admiralty_sector_draw_ghost_marker (frame->cr, frame->options, row->formation, x, y);
      else
        _admiralty_sector_draw_marker (frame->cr, frame->options, row->formation, x, y);
    }
  if (card->more > 0)
    draw_badge (frame, sector, card->more, floor (rect->x + NODE_INSET),
                floor (rect->y + card->more_top + LINE_STRIDE / 2 - MARKER_SIZE / 2.0) +
                MARKER_SIZE / 2.0);
}

/* A formation crossing a link: an arrowhead in its faction's colour, edged like the markers,
 * pointing where it goes. */
void
_admiralty_sector_draw_transit_marker (cairo_t            *cr,
                                       const AdmiraltySectorOptions *options,
                                       const AdmFormation *formation,
                                       double              x,
                                       double              y,
                                       double              angle,
                                       gboolean            ghost)
{
  static const double dash[] = { 3.0, 2.0 };
  Rgb colour = _admiralty_sector_rgb_from_hex (
    _admiralty_sector_faction_colour (options, formation->faction));
  double r = MARKER_SIZE / 2.0 + 4;

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);
  cairo_new_path (cr);
  cairo_move_to (cr, r, 0);
  cairo_line_to (cr, -r, -r);
  cairo_line_to (cr, -r / 2, 0);
  cairo_line_to (cr, -r, r);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, colour.r, colour.g, colour.b);
  /* Last seen on the link: the outline only, dashed. */
  if (ghost)
    cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
  else
    cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgb (cr, colour.r + (1 - colour.r) * MARKER_EDGE_PALING,
                        colour.g + (1 - colour.g) * MARKER_EDGE_PALING,
                        colour.b + (1 - colour.b) * MARKER_EDGE_PALING);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_transit (Frame *frame)
{
  GPtrArray *formations = _admiralty_sector_formations_in_being (frame->scenario, frame->options);
  g_autoptr(GPtrArray) ghosts = _admiralty_sector_last_seen (frame->options);

  for (guint i = 0; i < ghosts->len; i++)
    {
      const AdmSighting *sighting = g_ptr_array_index (ghosts, i);
      double x, y, angle;

      if (sighting->towards == NULL)
        continue;
      _admiralty_sector_transit_point (frame->view, sighting->sector, sighting->towards,
                                       sighting->progress, 0, 1, &x, &y, &angle);
      _admiralty_sector_draw_transit_marker (frame->cr, frame->options, sighting->formation, x, y, angle, TRUE);
    }

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      double x, y, angle;

      if (admiralty_sector_formation_shown (frame->scenario, frame->options, formation) &&
          _admiralty_sector_transit_position (frame->view, frame->scenario, frame->options,
                                              formation, &x, &y, &angle))
        _admiralty_sector_draw_transit_marker (frame->cr, frame->options, formation, x, y, angle, FALSE);
    }
}

/* Cards */

void
_admiralty_sector_rounded_rect_path (cairo_t                 *cr,
                                     const cairo_rectangle_t *rect,
                                     double                   inset)
{
  double x0 = rect->x + inset, y0 = rect->y + inset;
  double x1 = rect->x + rect->width - inset, y1 = rect->y + rect->height - inset;
  double r = NODE_RADIUS - inset;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x1 - r, y0 + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x1 - r, y1 - r, r, 0, G_PI / 2);
  cairo_arc (cr, x0 + r, y1 - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x0 + r, y0 + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
draw_card (Frame           *frame,
           const AdmSector *sector)
{
  cairo_t *cr = frame->cr;
  const Card *card = _admiralty_sector_card (frame->view, sector);
  cairo_rectangle_t rect;
  gboolean selected = sector == frame->selected;
  double border = selected ? 3.0 : sector == frame->hovered ? 2.0 : 1.0;

  admiralty_sector_node_rect (frame->view, sector, &rect);
  if (!admiralty_sector_view_shows_rect (frame->view, &rect))
    return;
  _admiralty_sector_rounded_rect_path (cr, &rect, 0.0);
  _admiralty_sector_set_rgb (cr, selected ? ADMIRALTY_SECTOR_SELECTION_RGB
                        : sector == frame->hovered ? HOVER_RGB : BORDER_RGB);
  cairo_fill (cr);
  _admiralty_sector_rounded_rect_path (cr, &rect, border);
  _admiralty_sector_set_rgb (cr, selected ? ADMIRALTY_SECTOR_NODE_SELECTED_RGB
                                          : ADMIRALTY_SECTOR_NODE_RGB);
  cairo_fill (cr);
  draw_objects (frame, sector, card, &rect);
  draw_formations (frame, sector, card, &rect);
  _admiralty_sector_draw_card_text (frame, sector, card, &rect);
}

/* Engagements (F-STRAT-4): a round mark per engagement of the queue given, on its sector's
 * card (top left, one beside the other) or at the middle of its link, in its status's colour,
 * with its id on the master's map. */

guint32
admiralty_sector_engagement_rgb (AdmEngagementStatus status)
{
  switch (status)
    {
    case ADM_ENGAGEMENT_WAITING:     return ADMIRALTY_SECTOR_ENGAGEMENT_WAITING_RGB;
    case ADM_ENGAGEMENT_IN_PROGRESS: return ADMIRALTY_SECTOR_ENGAGEMENT_FIGHTING_RGB;
    case ADM_ENGAGEMENT_FINISHED:    return ADMIRALTY_SECTOR_ENGAGEMENT_DONE_RGB;
    case ADM_ENGAGEMENT_DROPPED:     return ADMIRALTY_SECTOR_ENGAGEMENT_DROPPED_RGB;
    case ADM_ENGAGEMENT_NOT_FOUGHT:
    default:                         return ADMIRALTY_SECTOR_ENGAGEMENT_OPEN_RGB;
    }
}

/* Whether boxes @a and @b overlap. */
static gboolean
boxes_meet (const cairo_rectangle_t *a,
            const cairo_rectangle_t *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* How badly @plate, an id's plate, would cover what is drawn: 2 when it meets a sector's name
 * (recorded in @frame's labels), another id's plate or a mark (@taken, at zoom 1), 1 when it
 * meets another text of the map or is cut by the view's edge, else 0. */
static guint
plate_cost (Frame                   *frame,
            GArray                  *taken,
            const cairo_rectangle_t *plate)
{
  guint cost = 0;

  /* Cut by the edge of the view. */
  if (plate->x < 0 || plate->y < 0 || plate->x + plate->width > frame->view->width ||
      plate->y + plate->height > frame->view->height)
    cost = 1;
  for (guint i = 0; i < taken->len; i++)
    if (boxes_meet (plate, &g_array_index (taken, cairo_rectangle_t, i)))
      return 2;
  for (guint i = 0; frame->labels != NULL && i < frame->labels->len; i++)
    {
      const AdmiraltySectorLabel *label = &g_array_index (frame->labels, AdmiraltySectorLabel, i);
      cairo_rectangle_t box = { label->rect.x / frame->zoom, label->rect.y / frame->zoom,
                                label->rect.width / frame->zoom,
                                label->rect.height / frame->zoom };

      if (label->kind == ADMIRALTY_SECTOR_LABEL_ENGAGEMENT || !boxes_meet (plate, &box))
        continue;
      if (label->kind == ADMIRALTY_SECTOR_LABEL_NAME && label->formation == NULL)
        return 2;
      cost = 1;
    }
  return cost;
}

static void
draw_engagements (Frame *frame)
{
  g_autoptr(GHashTable) placed = NULL;
  g_autoptr(GArray) centres = NULL;
  g_autoptr(GArray) taken = NULL;
  GPtrArray *engagements = frame->options->engagements;
  cairo_t *cr = frame->cr;

  if (engagements == NULL)
    return;
  placed = g_hash_table_new (g_str_hash, g_str_equal);
  centres = g_array_sized_new (FALSE, FALSE, sizeof (double) * 2, engagements->len);
  /* The marks and the ids' plates placed: no id covers them. */
  taken = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  cairo_save (cr);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, i);
      const AdmEngagement *where = &engagement->engagement;
      const char *key = where->sector != NULL ? where->sector->id : where->from->id;
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (placed, key));
      double centre[2], x, y;

      if (where->sector != NULL)
        {
          cairo_rectangle_t rect;

          admiralty_sector_node_rect (frame->view, where->sector, &rect);
          x = rect.x + 4 + n * (2 * ENGAGEMENT_RADIUS + 28);
          y = rect.y;
        }
      else
        {
          double x1, y1, x2, y2;

          admiralty_sector_view_to_pixels (frame->view, where->from->x, where->from->y, &x1, &y1);
          admiralty_sector_view_to_pixels (frame->view, where->to->x, where->to->y, &x2, &y2);
          x = (x1 + x2) / 2 + n * (2 * ENGAGEMENT_RADIUS + 28);
          y = (y1 + y2) / 2;
        }
      g_hash_table_insert (placed, (gpointer) key, GUINT_TO_POINTER (n + 1));
      centre[0] = x + ENGAGEMENT_RADIUS;
      centre[1] = y;
      g_array_append_val (centres, centre);
      g_array_append_val (taken, ((cairo_rectangle_t) { x - 1, y - ENGAGEMENT_RADIUS - 1,
                                                         2 * ENGAGEMENT_RADIUS + 2,
                                                         2 * ENGAGEMENT_RADIUS + 2 }));

      cairo_new_path (cr);
      cairo_arc (cr, x + ENGAGEMENT_RADIUS, y, ENGAGEMENT_RADIUS, 0, 2 * G_PI);
      _admiralty_sector_set_rgb (cr, admiralty_sector_engagement_rgb (engagement->status));
      cairo_fill_preserve (cr);
      _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_BACKGROUND_RGB);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
  /* F-STRAT-3: only the master's map names an engagement by its id
   * (adm_audience_engagement_name ()); a side's and the public's mark only where. */
  if (frame->options->audience != ADMIRALTY_SECTOR_AUDIENCE_MASTER)
    {
      cairo_restore (cr);
      return;
    }
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 10);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, i);
      const double *centre = &g_array_index (centres, double, 2 * i);
      cairo_text_extents_t extents;
      double r = ENGAGEMENT_RADIUS, w, cx = centre[0], cy = centre[1];
      cairo_rectangle_t best;
      guint best_cost = G_MAXUINT;

      cairo_text_extents (cr, engagement->id, &extents);
      w = extents.x_advance + 4;
      {
        /* The id's plate beside its mark: right of it, else left, above, below, or on a
         * row above or below at the right, whichever first covers no sector's name, no other
         * id and no mark, and then no other text; the right when none does. */
        const cairo_rectangle_t candidates[] = {
          { cx + r + 1, cy - 7, w, 14 },
          { cx - r - 1 - w, cy - 7, w, 14 },
          { cx - w / 2, cy - r - 15, w, 14 },
          { cx - w / 2, cy + r + 1, w, 14 },
          { cx + r + 1, cy - 21, w, 14 },
          { cx + r + 1, cy + 7, w, 14 },
          { cx - r - 1 - w, cy - 21, w, 14 },
          { cx - r - 1 - w, cy + 7, w, 14 },
        };

        for (guint c = 0; c < G_N_ELEMENTS (candidates) && best_cost > 0; c++)
          {
            guint cost = plate_cost (frame, taken, &candidates[c]);

            if (cost < best_cost)
              {
                best_cost = cost;
                best = candidates[c];
              }
          }
      }
      g_array_append_val (taken, best);
      /* On a plate of the map's ground so that it reads over any card. */
      cairo_rectangle (cr, best.x, best.y, best.width, best.height);
      _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_BACKGROUND_RGB);
      cairo_fill (cr);
      _admiralty_sector_set_rgb (cr, TEXT_RGB);
      cairo_move_to (cr, best.x + 2, best.y + 10.5);
      cairo_show_text (cr, engagement->id);
      _admiralty_sector_record (frame, engagement->engagement.sector, NULL,
                                ADMIRALTY_SECTOR_LABEL_ENGAGEMENT, engagement->id, 10,
                                &(cairo_rectangle_t) { best.x + 2, best.y, extents.x_advance,
                                                       14 });
    }
  cairo_restore (cr);
}

/* The whole map */

void
admiralty_sector_render_labels (cairo_t                      *cr,
                                const AdmiraltySectorView    *view,
                                AdmScenario                  *scenario,
                                const AdmiraltySectorOptions *options,
                                GArray                       *labels)
{
  AdmiraltySectorOptions defaults;
  AdmiraltySectorView inner, sized;
  g_autoptr(GHashTable) cards = NULL;
  g_autoptr(GArray) own_labels = NULL;
  GPtrArray *sectors;
  Frame frame;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL && view->scale > 0);
  g_return_if_fail (ADM_IS_SCENARIO (scenario));

  if (labels != NULL)
    g_array_set_clear_func (labels, (GDestroyNotify) admiralty_sector_label_clear);
  if (view->width <= 0 || view->height <= 0)
    return;
  options = _admiralty_sector_options_or_defaults (options, &defaults);
  /* The map is laid out at zoom 1 and drawn scaled; the legend at the view's own size. */
  admiralty_sector_view_unzoomed (view, &inner);
  frame.cr = cr;
  frame.view = _admiralty_sector_sized_view (&inner, scenario, options, &sized, &cards);
  frame.scenario = scenario;
  frame.options = options;
  frame.selected = options->selected_sector != NULL
                   ? adm_scenario_lookup_sector (scenario, options->selected_sector) : NULL;
  frame.hovered = options->hovered_sector != NULL
                  ? adm_scenario_lookup_sector (scenario, options->hovered_sector) : NULL;
  frame.zoom = admiralty_sector_view_get_zoom (view);
  /* The texts are recorded whenever engagements are marked: their ids keep clear of the
   * sectors' names (draw_engagements ()). */
  if (labels == NULL && options->engagements != NULL)
    {
      own_labels = g_array_new (FALSE, TRUE, sizeof (AdmiraltySectorLabel));
      g_array_set_clear_func (own_labels, (GDestroyNotify) admiralty_sector_label_clear);
      labels = own_labels;
    }
  frame.labels = labels;

  cairo_save (cr);
  if (options->paper)
    cairo_set_user_data (cr, &paper_key, (void *) &paper_key, NULL);
  cairo_rectangle (cr, 0, 0, view->width, view->height);
  cairo_clip (cr);
  cairo_new_path (cr);
  _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_BACKGROUND_RGB);
  cairo_paint (cr);

  cairo_save (cr);
  cairo_scale (cr, frame.zoom, frame.zoom);
  draw_links (&frame);
  sectors = adm_scenario_get_sectors (scenario);
  for (guint i = 0; i < sectors->len; i++)
    if (g_ptr_array_index (sectors, i) != frame.selected)
      draw_card (&frame, g_ptr_array_index (sectors, i));
  if (frame.selected != NULL)
    draw_card (&frame, frame.selected);
  draw_transit (&frame);
  _admiralty_sector_draw_transit_labels (&frame);
  draw_engagements (&frame);
  cairo_restore (cr);
  if (options->legend)
    {
      frame.view = view;
      _admiralty_sector_draw_legend (&frame);
    }
  cairo_set_user_data (cr, &paper_key, NULL, NULL);
  cairo_restore (cr);
}

void
admiralty_sector_render (cairo_t                      *cr,
                         const AdmiraltySectorView    *view,
                         AdmScenario                  *scenario,
                         const AdmiraltySectorOptions *options)
{
  admiralty_sector_render_labels (cr, view, scenario, options, NULL);
}
