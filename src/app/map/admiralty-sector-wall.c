/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-wall.c: the projector's wall layout of the sector map. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-sector-wall.h"
#include "admiralty-sector-renderer-private.h"

/* The wall layout: the projector's map, read from across a room. No cards: each
 * sector is a point with its name above it in large type and the formations the public knows
 * of under it, one a line; the sectors' positions are spread over the whole area, each axis on
 * its own (the map is a diagram of adjacency, F-STRAT-8), and each sector's text keeps to the
 * room its neighbours leave it. */

#define WALL_NAME_PX     32.0  /* at 1920 × 1080 */
#define WALL_LABEL_PX    26.0
#define WALL_GAP          0.6  /* label sizes between neighbouring sectors' text */

void
admiralty_sector_wall_type (int     width,
                            int     height,
                            double *name_size,
                            double *label_size)
{
  double k = MIN (width / 1920.0, height / 1080.0);

  g_return_if_fail (name_size != NULL && label_size != NULL);

  k = MAX (k, 0.3);
  *name_size = WALL_NAME_PX * k;
  *label_size = WALL_LABEL_PX * k;
}

typedef struct {
  const AdmSector *sector;
  double           x, y;         /* px of the sector's point */
  double           half_width;   /* of its text */
  double           bottom;       /* px: its formation lines end above this */
  double           top;          /* px: the top of its name */
  double           name_half;    /* half the width of its name's wider line, unshortened */
  double           lines_half;   /* half the width of its formation lines, unshortened */
} WallBlock;

typedef struct {
  cairo_t                      *cr;
  AdmScenario                  *scenario;
  const AdmiraltySectorOptions *options;
  double                        width, height, name_px, label_px;
  double                        name_line, label_line, node_r;
  GArray                       *blocks;  /* WallBlock, in sector order */
  GArray                       *taken;   /* cairo_rectangle_t: text placed so far */
  GArray                       *labels;  /* AdmiraltySectorLabel, or NULL */
} Wall;

/* The block's text unshortened: its name in one line or two, and its widest formation line,
 * for fitting it among its neighbours. */
static void
wall_measure (Wall      *wall,
              WallBlock *block,
              GPtrArray *here)
{
  cairo_t *cr = wall->cr;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  double widest = 0;

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, wall->name_px);
  _admiralty_sector_split_name (cr, block->sector->name, 2 * block->half_width, &first,
                                &second);
  block->name_half = MAX (_admiralty_sector_text_width (cr, first),
                          second != NULL ? _admiralty_sector_text_width (cr, second) : 0) / 2;
  block->top = block->y - wall->node_r - wall->name_line * (second != NULL ? 2.25 : 1.25);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, wall->label_px);
  for (guint i = 0; i < here->len; i++)
    {
      g_autofree char *text = admiralty_sector_formation_label (wall->scenario, wall->options,
                                                                g_ptr_array_index (here, i));

      widest = MAX (widest, _admiralty_sector_text_width (cr, text));
    }
  cairo_restore (cr);
  block->lines_half = here->len > 0 ? (widest + wall->label_px * 1.05) / 2 : 0;
}

/* Places the sectors: the area less a margin for the outermost text, each axis scaled on its
 * own. Then each sector's text is fitted among its neighbours': a sector's formation lines
 * stop above the name of one below it whose text it could meet; then two sectors whose text
 * still shares rows split the width between them. */
static void
wall_layout (Wall *wall)
{
  GPtrArray *sectors = adm_scenario_get_sectors (wall->scenario);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double max_half = 7.5 * wall->label_px, gap = WALL_GAP * wall->label_px;
  double above = 2 * wall->name_line + wall->node_r;
  double margin_top = above + gap / 2;
  double margin_bottom = 3 * wall->label_line + wall->node_r + gap / 2;
  double sx, sy;

  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);

      x0 = MIN (x0, sector->x);
      y0 = MIN (y0, sector->y);
      x1 = MAX (x1, sector->x);
      y1 = MAX (y1, sector->y);
    }
  sx = x1 > x0 ? MAX (wall->width - 2 * (max_half + gap / 2), 1.0) / (x1 - x0) : 0;
  sy = y1 > y0 ? MAX (wall->height - margin_top - margin_bottom, 1.0) / (y1 - y0) : 0;
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      g_autoptr(GPtrArray) here = admiralty_sector_formations_in (wall->scenario, wall->options,
                                                                  sector);
      WallBlock block = { sector };

      block.x = x1 > x0 ? max_half + gap / 2 + (sector->x - x0) * sx : wall->width / 2;
      block.y = y1 > y0 ? margin_top + (sector->y - y0) * sy : wall->height / 2;
      block.half_width = max_half;
      block.bottom = MIN (wall->height - gap / 4,
                          block.y + wall->node_r + wall->label_px * 0.2 +
                          MIN (here->len, 6) * wall->label_line);
      wall_measure (wall, &block, here);
      g_array_append_val (wall->blocks, block);
    }
  for (guint i = 0; i < wall->blocks->len; i++)
    {
      WallBlock *a = &g_array_index (wall->blocks, WallBlock, i);

      for (guint j = 0; j < wall->blocks->len; j++)
        {
          const WallBlock *b = &g_array_index (wall->blocks, WallBlock, j);

          if (i != j && fabs (a->x - b->x) < a->lines_half + b->name_half + gap &&
              b->top > a->y + wall->node_r)
            a->bottom = MIN (a->bottom, MAX (b->top - gap / 2, a->y + wall->node_r));
        }
    }
  for (guint i = 0; i < wall->blocks->len; i++)
    {
      WallBlock *a = &g_array_index (wall->blocks, WallBlock, i);

      for (guint j = 0; j < wall->blocks->len; j++)
        {
          const WallBlock *b = &g_array_index (wall->blocks, WallBlock, j);

          if (i != j && a->top < b->bottom && b->top < a->bottom)
            a->half_width = MIN (a->half_width,
                                 MAX ((fabs (a->x - b->x) - gap) / 2, 2 * wall->label_px));
        }
      a->half_width = MIN (a->half_width, MIN (a->x, wall->width - a->x) - gap / 4);
    }
}

static void
wall_record (Wall                 *wall,
             const AdmSector      *sector,
             const AdmFormation   *formation,
             const char           *text,
             double                font_size,
             const cairo_rectangle_t *rect)
{
  g_array_append_val (wall->taken, *rect);
  if (wall->labels != NULL)
    {
      AdmiraltySectorLabel label = { sector, formation, g_strdup (text), font_size, *rect };

      g_array_append_val (wall->labels, label);
    }
}

/* The sector's point, and its name above it in one or two lines, centred. */
static void
wall_draw_name (Wall            *wall,
                const WallBlock *block)
{
  cairo_t *cr = wall->cr;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  const char *lines[2];
  double y = block->y - wall->node_r - wall->name_line * 0.25;

  cairo_new_path (cr);
  cairo_arc (cr, block->x, block->y, wall->node_r, 0, 2 * G_PI);
  _admiralty_sector_set_rgb (cr, HOVER_RGB);
  cairo_fill (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, wall->name_px);
  if (!_admiralty_sector_split_name (cr, block->sector->name, 2 * block->half_width, &first,
                                     &second))
    {
      char *cut = _admiralty_sector_ellipsize (cr, first, 2 * block->half_width);

      g_free (first);
      first = cut;
      if (second != NULL)
        {
          cut = _admiralty_sector_ellipsize (cr, second, 2 * block->half_width);
          g_free (second);
          second = cut;
        }
    }
  lines[0] = second != NULL ? second : first;
  lines[1] = second != NULL ? first : NULL;
  /* From the point up: the last line first. */
  for (guint i = 0; i < 2 && lines[i] != NULL; i++)
    {
      cairo_rectangle_t box;
      double width, height;

      _admiralty_sector_label_size (cr, lines[i], &width, &height);
      box = (cairo_rectangle_t) { block->x - width / 2, y - height, width, height };
      _admiralty_sector_show_on_plate (cr, lines[i], &box, wall->label_px * 0.15);
      wall_record (wall, block->sector, NULL, lines[i], wall->name_px, &box);
      y -= wall->name_line;
    }
}

/* How many lines of @width from (@left, @top) lie clear of the text placed so far and inside
 * the area, up to @wanted. */
static guint
wall_lines_clear (Wall   *wall,
                  double  left,
                  double  top,
                  double  width,
                  guint   wanted)
{
  guint n = 0;

  if (width < 4 * wall->label_px)
    return 0;
  while (n < wanted)
    {
      cairo_rectangle_t line = { left, top + n * wall->label_line, width, wall->label_line };

      if (_admiralty_sector_overlap_area (&line, wall->taken, wall->width, wall->height) > 0)
        break;
      n++;
    }
  return n;
}

/* @text in lines of at most @width with @cr's font: one, or (@two) two split at the space
 * that balances them, cut with "…" only when even that does not fit. */
static guint
wall_wrap (cairo_t     *cr,
           const char  *text,
           double       width,
           gboolean     two,
           char       **first,
           char       **second)
{
  g_autofree char *head = NULL;
  g_autofree char *tail = NULL;

  if (!two)
    {
      *first = _admiralty_sector_ellipsize (cr, text, width);
      *second = NULL;
      return 1;
    }
  if (_admiralty_sector_split_name (cr, text, width, &head, &tail))
    {
      *first = g_steal_pointer (&head);
      *second = g_steal_pointer (&tail);
    }
  else
    {
      *first = _admiralty_sector_ellipsize (cr, head, width);
      *second = tail != NULL ? _admiralty_sector_ellipsize (cr, tail, width) : NULL;
    }
  return *second != NULL ? 2 : 1;
}

/* How many of @texts (the sector's formation labels, in order) show whole in @fit lines of
 * @width, each in one line or two, with a line left for "+N more" when not all do. */
static guint
wall_formations_shown (cairo_t   *cr,
                       GPtrArray *texts,
                       double     width,
                       gboolean   two,
                       guint      fit)
{
  guint used = 0, shown = 0;

  for (guint i = 0; i < texts->len; i++)
    {
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      guint lines = wall_wrap (cr, g_ptr_array_index (texts, i), width, two, &first,
                               &second);
      gboolean last = i + 1 == texts->len;

      if (used + lines + (last ? 0 : 1) > fit)
        break;
      used += lines;
      shown++;
    }
  return shown;
}

/* The formations shown in the sector, each a square in the faction's colour and its name as
 * the audience knows it, in one line or two. They go under the point, or, when a neighbour's
 * name leaves none of them room there, beside it to the right or the left; "+N more" on the
 * last line that fits when they do not all fit. */
static void
wall_draw_formations (Wall            *wall,
                      const WallBlock *block)
{
  g_autoptr(GPtrArray) here = admiralty_sector_formations_in (wall->scenario, wall->options,
                                                              block->sector);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  cairo_t *cr = wall->cr;
  double half = MIN (block->lines_half, block->half_width);
  double side = MIN (2 * block->lines_half, 15 * wall->label_px);
  double pad = wall->node_r + wall->label_px * 0.3;
  double square = round (wall->label_px * 0.75), indent = square + wall->label_px * 0.3;
  struct { double left, top, width; } places[] = {
    { block->x - half, block->y + wall->node_r + wall->label_px * 0.2, 2 * half },
    { block->x + pad, block->y - wall->label_line / 2,
      MIN (side, wall->width - block->x - pad - 2) },
    { MAX (block->x - pad - side, 2), block->y - wall->label_line / 2,
      MIN (side, block->x - pad - 2) },
  };
  guint shown = 0, best = 0, fit = 0;
  gboolean two = TRUE;
  double left, right, y;

  if (here->len == 0)
    return;
  for (guint i = 0; i < here->len; i++)
    g_ptr_array_add (texts, admiralty_sector_formation_label (wall->scenario, wall->options,
                                                              g_ptr_array_index (here, i)));
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, wall->label_px);
  /* The most formations named; for as many, names in two lines rather than cut short. */
  for (guint p = 0; p < 2 * G_N_ELEMENTS (places); p++)
    {
      guint place = p / 2;
      gboolean wrap = p % 2 == 0;
      guint clear = wall_lines_clear (wall, places[place].left, places[place].top,
                                      places[place].width, 2 * MIN (here->len, 6));
      guint n = clear > 0 ? wall_formations_shown (cr, texts, places[place].width - indent,
                                                   wrap, clear)
                          : 0;

      /* Under the point while that names any of them: the lines beside it are for a sector
       * a neighbour's name crowds from below, and would crowd the next one's. */
      if (place > 0 && fit > 0 && best == 0 && shown > 0)
        break;
      if (clear > 0 && (fit == 0 || n > shown || (n == shown && wrap && !two)))
        {
          shown = n;
          fit = clear;
          best = place;
          two = wrap;
        }
    }
  if (fit == 0)
    return;
  left = places[best].left;
  right = left + places[best].width;
  y = places[best].top;
  for (guint i = 0; i < shown || (i == shown && shown < here->len); i++)
    {
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      const AdmFormation *formation = i < shown ? g_ptr_array_index (here, i) : NULL;
      double text_left = left;
      const char *lines[2];

      if (formation != NULL)
        {
          Rgb colour = _admiralty_sector_rgb_from_hex (formation->faction != NULL
                                                       ? formation->faction->colour : NULL);
          double middle = y + wall->label_line / 2;

          cairo_new_path (cr);
          cairo_rectangle (cr, round (left), round (middle - square / 2), square, square);
          cairo_set_source_rgb (cr, colour.r, colour.g, colour.b);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, colour.r + (1 - colour.r) * MARKER_EDGE_PALING,
                                colour.g + (1 - colour.g) * MARKER_EDGE_PALING,
                                colour.b + (1 - colour.b) * MARKER_EDGE_PALING);
          cairo_set_line_width (cr, MAX (1.0, wall->label_px / 12));
          cairo_stroke (cr);
          /* The square too: the next sector's lines keep clear of it. */
          g_array_append_val (wall->taken,
                              ((cairo_rectangle_t) { left, y, square, wall->label_line }));
          text_left = left + indent;
          wall_wrap (cr, g_ptr_array_index (texts, i), MAX (right - text_left, 0.0), two,
                     &first, &second);
        }
      else
        {
          /* Translators: on the projector's map, formations of a sector with no room left */
          g_autofree char *more = g_strdup_printf (ngettext ("+%u more", "+%u more",
                                                             here->len - shown),
                                                   here->len - shown);

          first = _admiralty_sector_ellipsize (cr, more, MAX (right - text_left, 0.0));
        }
      lines[0] = first;
      lines[1] = second;
      for (guint l = 0; l < 2 && lines[l] != NULL; l++)
        {
          cairo_rectangle_t box;
          double width, height, middle = y + wall->label_line / 2;

          _admiralty_sector_label_size (cr, lines[l], &width, &height);
          box = (cairo_rectangle_t) { text_left, middle - height / 2, width, height };
          _admiralty_sector_show_on_plate (cr, lines[l], &box, wall->label_px * 0.1);
          wall_record (wall, block->sector, formation, lines[l], wall->label_px, &box);
          y += wall->label_line;
        }
    }
}

/* Formations crossing links: an arrowhead along the link, named with where it goes, the name
 * placed clear of the sectors' text. */
static void
wall_draw_transit (Wall *wall)
{
  GPtrArray *formations = _admiralty_sector_formations_in_being (wall->scenario, wall->options);
  GPtrArray *sectors = adm_scenario_get_sectors (wall->scenario);
  cairo_t *cr = wall->cr;
  double r = wall->label_px * 0.6;

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmSector *from, *towards;
      const WallBlock *a = NULL, *b = NULL;
      g_autofree char *text = NULL;
      cairo_rectangle_t box;
      double progress, t, x, y, angle, width, height;
      guint index;

      if (!admiralty_sector_formation_shown (wall->scenario, wall->options, formation))
        continue;
      from = _admiralty_sector_formation_place (wall->scenario, wall->options, formation,
                                                &towards, &progress);
      if (towards == NULL || (text = admiralty_sector_transit_text (wall->scenario,
                                                                    wall->options,
                                                                    formation)) == NULL)
        continue;
      if (g_ptr_array_find (sectors, from, &index))
        a = &g_array_index (wall->blocks, WallBlock, index);
      if (g_ptr_array_find (sectors, towards, &index))
        b = &g_array_index (wall->blocks, WallBlock, index);
      if (a == NULL || b == NULL)
        continue;
      t = 0.25 + 0.5 * progress;
      x = a->x + (b->x - a->x) * t;
      y = a->y + (b->y - a->y) * t;
      angle = atan2 (b->y - a->y, b->x - a->x);
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, r / (MARKER_SIZE / 2.0 + 4), r / (MARKER_SIZE / 2.0 + 4));
      _admiralty_sector_draw_transit_marker (cr, formation, 0, 0, angle, FALSE);
      cairo_restore (cr);
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, wall->label_px);
      _admiralty_sector_label_size (cr, text, &width, &height);
      if (width <= 10 * wall->label_px)
        {
          _admiralty_sector_place_label (x, y, r, width, height, wall->taken, wall->width,
                                         wall->height, &box);
          _admiralty_sector_show_on_plate (cr, text, &box, wall->label_px * 0.15);
        }
      else
        {
          /* A long one in two lines, the name over where it goes, to find room by the link. */
          g_autofree char *name = admiralty_sector_formation_label (wall->scenario,
                                                                    wall->options, formation);
          /* Translators: the second line of a formation's label on the projector's map
           * when it is crossing a link: the sector it goes to */
          g_autofree char *where = g_strdup_printf (C_("sector map", "→ %s"), towards->name);
          double name_width, where_width, line_height;
          cairo_rectangle_t line;

          _admiralty_sector_label_size (cr, name, &name_width, &line_height);
          _admiralty_sector_label_size (cr, where, &where_width, &line_height);
          _admiralty_sector_place_label (x, y, r, MAX (name_width, where_width),
                                         2 * line_height, wall->taken, wall->width,
                                         wall->height, &box);
          line = (cairo_rectangle_t) { box.x, box.y, name_width, line_height };
          _admiralty_sector_show_on_plate (cr, name, &line, wall->label_px * 0.15);
          line = (cairo_rectangle_t) { box.x, box.y + line_height, where_width, line_height };
          _admiralty_sector_show_on_plate (cr, where, &line, wall->label_px * 0.15);
        }
      /* Set away from its arrowhead (a row or more out): a leader line to it. */
      {
        double nx = CLAMP (x, box.x, box.x + box.width), ny = CLAMP (y, box.y, box.y + box.height);

        if (hypot (nx - x, ny - y) > r + wall->label_px * 0.5)
          {
            Rgb colour = _admiralty_sector_rgb_from_hex (formation->faction != NULL
                                                         ? formation->faction->colour : NULL);

            cairo_new_path (cr);
            cairo_move_to (cr, x + (nx - x) * r / hypot (nx - x, ny - y),
                           y + (ny - y) * r / hypot (nx - x, ny - y));
            cairo_line_to (cr, nx, ny);
            cairo_set_source_rgb (cr, colour.r + (1 - colour.r) * MARKER_EDGE_PALING,
                                  colour.g + (1 - colour.g) * MARKER_EDGE_PALING,
                                  colour.b + (1 - colour.b) * MARKER_EDGE_PALING);
            cairo_set_line_width (cr, MAX (1.5, wall->label_px / 10));
            cairo_stroke (cr);
          }
      }
      wall_record (wall, NULL, formation, text, wall->label_px, &box);
    }
}

void
admiralty_sector_render_wall (cairo_t                      *cr,
                              int                           width,
                              int                           height,
                              double                        name_size,
                              double                        label_size_px,
                              AdmScenario                  *scenario,
                              const AdmiraltySectorOptions *options,
                              GArray                       *labels)
{
  AdmiraltySectorOptions defaults;
  g_autoptr(GArray) blocks = g_array_new (FALSE, TRUE, sizeof (WallBlock));
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  GPtrArray *sectors;
  Wall wall;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (ADM_IS_SCENARIO (scenario));

  if (width <= 0 || height <= 0)
    return;
  wall = (Wall) { cr, scenario, _admiralty_sector_options_or_defaults (options, &defaults),
                  width, height,
                  name_size, label_size_px, ceil (name_size * 1.2), ceil (label_size_px * 1.3),
                  label_size_px * 0.35, blocks, taken, labels };
  if (labels != NULL)
    g_array_set_clear_func (labels, (GDestroyNotify) admiralty_sector_label_clear);
  wall_layout (&wall);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_BACKGROUND_RGB);
  cairo_paint (cr);
  /* Links, from point to point. */
  sectors = adm_scenario_get_sectors (scenario);
  cairo_set_line_width (cr, MAX (LINK_WIDTH, label_size_px / 6));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_LINK_RGB);
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      const WallBlock *a = &g_array_index (blocks, WallBlock, i);

      for (guint j = 0; j < sector->adjacent->len; j++)
        {
          guint other;

          if (!g_ptr_array_find (sectors, g_ptr_array_index (sector->adjacent, j), &other) ||
              other < i)
            continue;
          cairo_move_to (cr, a->x, a->y);
          cairo_line_to (cr, g_array_index (blocks, WallBlock, other).x,
                         g_array_index (blocks, WallBlock, other).y);
          cairo_stroke (cr);
        }
    }
  for (guint i = 0; i < blocks->len; i++)
    wall_draw_name (&wall, &g_array_index (blocks, WallBlock, i));
  /* Formations under way before those in sectors: their one place is by their link, kept
   * off the first lines under each sector's point, which its own formations will want. */
  {
    guint kept = taken->len, reserved;

    for (guint i = 0; i < blocks->len; i++)
      {
        const WallBlock *block = &g_array_index (blocks, WallBlock, i);
        g_autoptr(GPtrArray) here = admiralty_sector_formations_in (scenario, wall.options,
                                                                    block->sector);
        double half = MIN (block->lines_half, block->half_width);
        cairo_rectangle_t room = { block->x - half,
                                   block->y + wall.node_r + label_size_px * 0.2, 2 * half,
                                   MIN (here->len, 2) * wall.label_line };

        if (here->len > 0)
          g_array_append_val (taken, room);
      }
    reserved = taken->len - kept;
    wall_draw_transit (&wall);
    g_array_remove_range (taken, kept, reserved);
  }
  for (guint i = 0; i < blocks->len; i++)
    wall_draw_formations (&wall, &g_array_index (blocks, WallBlock, i));
  cairo_restore (cr);
}
