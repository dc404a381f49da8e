/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-wall.c: the projector's wall layout of the sector map. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "admiralty-sector-wall.h"
#include "admiralty-sector-renderer-private.h"

/* The wall layout: the projector's map, read from across a room. No cards: each sector is a
 * point with its name above it in large type and the formations the public knows of in a list
 * beside it, one under another; every name whole, broken between words, never cut.
 *
 * It is computed in three steps. The map's drawing scale is the largest that keeps each
 * sector's point and name inside the area, each axis on its own (the map is a diagram of
 * adjacency, F-STRAT-8). Each sector's name is set in as few lines as keep it clear of its
 * neighbours' names and points. Each sector's list, the longest first, then goes on the side
 * of its point where it has room — below, beside, above, or set further out with a thin leader
 * line from the point to it (a callout) — in the widest column that fits there. When a list
 * finds no room, the map is drawn smaller, leaving room round it; only when that does not do
 * either is the type made smaller, never below WALL_LEAST_TYPE of its size. */

#define WALL_NAME_PX     32.0  /* at 1920 × 1080 */
#define WALL_LABEL_PX    26.0
#define WALL_GAP          0.6  /* label sizes between one text and another */
#define WALL_LEAST_TYPE  (20.0 / 26.0)  /* the smallest share of its size the type is set in */
#define WALL_RINGS       24    /* half lines a list is set out from its point, at most */
#define WALL_PASS_RINGS   4    /* of them tried for every list before any goes further out */
#define WALL_COLUMNS      3    /* column widths a list is tried in */
#define WALL_TRANSIT_STEPS 6   /* places an arrowhead is tried in, each way along its link */

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

/* A sector's formations in one column width: each label in as many lines as it needs, broken
 * between words. */
typedef struct {
  GPtrArray *lines;   /* char *, in order */
  GArray    *owners;  /* guint a line: the index of its formation, G_MAXUINT for "+N more" */
  double     width;   /* px, the squares included */
  double     height;
} WallList;

typedef struct {
  const AdmSector  *sector;        /* the frame's sector, while a frame draws it; else NULL */
  char             *title;         /* the sector's name, or NULL: the label of a formation
                                    * crossing a link */
  double            u, v;          /* the sector's place on the scenario's map */
  double            x, y;          /* px of the sector's point, or of the arrowhead */
  double            radius;        /* px of the point or the arrowhead, its text kept off */
  GPtrArray        *here;          /* the formations shown in it, while a frame draws it */
  GPtrArray        *factions;      /* const AdmFaction *: of each formation the list names, for
                                    * its colour and symbol (the scenario's, kept with it) */
  guint             named;         /* how many of them the list names */
  GPtrArray        *texts;         /* char *: the labels of those it names, in order */
  char             *more;          /* "+N more" for the rest, or NULL */
  GArray           *adjacent;      /* guint: the block of each sector it links to, in order;
                                    * G_MAXUINT for one not on the map */
  GPtrArray        *names;         /* GStrv: the name in one line, two, or more */
  double            name_widths[3];  /* px: of each way's widest line */
  guint             name;          /* the one set */
  cairo_rectangle_t name_box;
  WallList          lists[WALL_COLUMNS];  /* the widest column first */
  guint             n_lists;
  guint             list;          /* the one set */
  cairo_rectangle_t list_box;
  gboolean          placed;
  gboolean          callout;       /* set away from its point: a leader line to it */
  double            leader[4];     /* from (x, y) to (x, y), when placed */
} WallBlock;

/* A formation crossing a link as the frame's audience is shown it: what its arrowhead's
 * place and its label come from. */
typedef struct {
  const AdmFormation *formation;      /* the frame's, or NULL in a layout's own copy */
  const AdmFaction   *faction;        /* its faction */
  guint               from, towards;  /* the blocks of the link's ends */
  double              progress;       /* the share of the link behind it */
  char               *text;     /* admiralty_sector_transit_text (), or NULL: no label */
  char               *label;    /* its label alone, over ... */
  char               *where;    /* ... where it goes ("→ Pol"), for a text too long */
} WallCrossing;

/* A formation crossing a link: its arrowhead's place. */
typedef struct {
  const AdmFormation *formation;  /* the frame's, while a frame draws it; else NULL */
  const AdmFaction   *faction;    /* its faction, for the arrowhead's colour */
  double              x, y, angle;
  char               *lines[2];  /* its label: in one line, or its name over where it goes */
  WallBlock           label;     /* its label's place, as a sector's list's: list_box */
} WallTransit;

typedef struct {
  cairo_t                      *cr;
  AdmScenario                  *scenario;
  const AdmiraltySectorOptions *options;
  double                        width, height, name_px, label_px;
  double                        name_line, label_line, node_r, gap;
  double                        name_height;  /* px: a name's line's ascent and descent */
  GArray                       *blocks;    /* WallBlock, in sector order */
  GArray                       *crossings; /* WallCrossing, as the formations come */
  GArray                       *transits;  /* WallTransit, one a crossing */
  GArray                       *taken;     /* cairo_rectangle_t: what text keeps clear of */
  GArray                       *links;     /* WallLink: each link once, between the points
                                            * as placed (wall_find_links ()) */
  GArray                       *labels;    /* AdmiraltySectorLabel, or NULL */
  gboolean                      names_only; /* measure the names, not the lists */
  GCancellable                 *cancellable; /* a worker's layout: given up when cancelled */
} Wall;

/* A link as drawn: from one sector's point to the other's. */
typedef struct {
  double line[4];
} WallLink;

static void
wall_list_clear (WallList *list)
{
  g_clear_pointer (&list->lines, g_ptr_array_unref);
  g_clear_pointer (&list->owners, g_array_unref);
}

static void
wall_crossing_clear (WallCrossing *crossing)
{
  g_clear_pointer (&crossing->text, g_free);
  g_clear_pointer (&crossing->label, g_free);
  g_clear_pointer (&crossing->where, g_free);
}

static void
wall_transit_clear (WallTransit *transit)
{
  g_clear_pointer (&transit->lines[0], g_free);
  g_clear_pointer (&transit->lines[1], g_free);
}

/* The block's texts as measured in one type (wall_measure ()). */
static void
wall_block_clear_measures (WallBlock *block)
{
  g_clear_pointer (&block->names, g_ptr_array_unref);
  for (guint i = 0; i < block->n_lists; i++)
    wall_list_clear (&block->lists[i]);
  block->n_lists = 0;
}

static void
wall_block_clear (WallBlock *block)
{
  wall_block_clear_measures (block);
  g_clear_pointer (&block->title, g_free);
  g_clear_pointer (&block->here, g_ptr_array_unref);
  g_clear_pointer (&block->factions, g_ptr_array_unref);
  g_clear_pointer (&block->texts, g_ptr_array_unref);
  g_clear_pointer (&block->more, g_free);
  g_clear_pointer (&block->adjacent, g_array_unref);
}

/* The widest word of @text in @cr's font. */
static double
wall_widest_word (cairo_t    *cr,
                  const char *text)
{
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  double widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    widest = MAX (widest, _admiralty_sector_text_width (cr, words[i]));
  return widest;
}

/* @text in lines of at most @width in @cr's font, broken between words: one line when it
 * fits, else two balanced ones when they fit, else as many words a line as fit (a word wider
 * than @width on its own line). */
static GStrv
wall_break (cairo_t    *cr,
            const char *text,
            double      width)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  g_auto(GStrv) words = NULL;

  if (_admiralty_sector_split_name (cr, text, width, &first, &second))
    {
      g_strv_builder_add (builder, first);
      if (second != NULL)
        g_strv_builder_add (builder, second);
      return g_strv_builder_end (builder);
    }
  words = g_strsplit (text, " ", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *longer = line->len > 0 ? g_strdup_printf ("%s %s", line->str, words[i])
                                              : g_strdup (words[i]);

      if (line->len > 0 && _admiralty_sector_text_width (cr, longer) > width)
        {
          g_strv_builder_add (builder, line->str);
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, longer);
    }
  if (line->len > 0)
    g_strv_builder_add (builder, line->str);
  return g_strv_builder_end (builder);
}

/* The width of @text's balanced two lines, or of its one line when it has no space. */
static double
wall_balanced_width (cairo_t    *cr,
                     const char *text)
{
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  _admiralty_sector_split_name (cr, text, 0, &first, &second);
  return MAX (_admiralty_sector_text_width (cr, first),
              second != NULL ? _admiralty_sector_text_width (cr, second) : 0);
}

static double
wall_square (const Wall *wall)
{
  return round (wall->label_px * 0.75);
}

static double
wall_indent (const Wall *wall)
{
  return wall_square (wall) + wall->label_px * 0.3;
}

/* The block's texts measured in the wall's type: the ways its name can be set, and its list
 * in each column width worth trying — every label in one line, in two balanced lines, or
 * as narrow as its widest word. */
static void
wall_measure (Wall      *wall,
              WallBlock *block)
{
  cairo_t *cr = wall->cr;
  GPtrArray *texts = block->texts;
  const char *more = block->more;
  double columns[WALL_COLUMNS] = { 0, 0, 0 };
  const char *name = block->title;
  GStrv way;

  wall_block_clear_measures (block);
  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, wall->name_px);
  block->names = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_ptr_array_add (block->names, g_strdupv ((char *[]) { (char *) name, NULL }));
  way = wall_break (cr, name, wall_balanced_width (cr, name));
  if (g_strv_length (way) > 1)
    g_ptr_array_add (block->names, way);
  else
    g_strfreev (way);
  way = wall_break (cr, name, wall_widest_word (cr, name));
  if (g_strv_length (way) > g_strv_length (g_ptr_array_index (block->names,
                                                              block->names->len - 1)))
    g_ptr_array_add (block->names, way);
  else
    g_strfreev (way);
  for (guint w = 0; w < block->names->len; w++)
    {
      GStrv lines = g_ptr_array_index (block->names, w);

      block->name_widths[w] = 0;
      for (guint l = 0; lines[l] != NULL; l++)
        block->name_widths[w] = MAX (block->name_widths[w],
                                     _admiralty_sector_text_width (cr, lines[l]));
    }
  block->name = 0;
  if (wall->names_only)
    {
      cairo_restore (cr);
      return;
    }

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, wall->label_px);
  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = g_ptr_array_index (texts, i);

      columns[0] = MAX (columns[0], _admiralty_sector_text_width (cr, text));
      columns[1] = MAX (columns[1], wall_balanced_width (cr, text));
      columns[2] = MAX (columns[2], wall_widest_word (cr, text));
    }
  if (more != NULL)
    for (guint c = 0; c < WALL_COLUMNS; c++)
      columns[c] = MAX (columns[c], _admiralty_sector_text_width (cr, more));
  for (guint c = 0; c < WALL_COLUMNS && texts->len > 0; c++)
    {
      WallList *list = &block->lists[block->n_lists];
      double widest = 0;

      if (c > 0 && columns[c] > block->lists[block->n_lists - 1].width - wall_indent (wall) - 0.5)
        continue;
      list->lines = g_ptr_array_new_with_free_func (g_free);
      list->owners = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint i = 0; i <= texts->len; i++)
        {
          g_auto(GStrv) lines = NULL;

          if (i == texts->len && more == NULL)
            break;
          lines = i < texts->len ? wall_break (cr, g_ptr_array_index (texts, i), columns[c])
                                 : g_strdupv ((char *[]) { (char *) more, NULL });
          for (guint l = 0; lines[l] != NULL; l++)
            {
              guint owner = i < texts->len ? i : G_MAXUINT;

              widest = MAX (widest, _admiralty_sector_text_width (cr, lines[l]));
              g_ptr_array_add (list->lines, g_strdup (lines[l]));
              g_array_append_val (list->owners, owner);
            }
        }
      list->width = wall_indent (wall) + widest;
      list->height = list->lines->len * wall->label_line;
      block->n_lists++;
    }
  cairo_restore (cr);
}

/* The offset and scale (px per unit) that put each of @n positions @u with @before px of
 * text before it and @after px after it inside 0–@length: the largest scale that does, times
 * @spread, the map centred in the room left. */
static void
wall_axis (const double *u,
           const double *before,
           const double *after,
           guint         n,
           double        length,
           double        spread,
           double       *offset,
           double       *scale)
{
  double b = G_MAXDOUBLE, lo = -G_MAXDOUBLE, hi = G_MAXDOUBLE;

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      if (u[j] > u[i])
        b = MIN (b, (length - after[j] - before[i]) / (u[j] - u[i]));
  b = b == G_MAXDOUBLE ? 0 : MAX (b, 0) * spread;
  for (guint i = 0; i < n; i++)
    {
      lo = MAX (lo, before[i] - b * u[i]);
      hi = MIN (hi, length - after[i] - b * u[i]);
    }
  *scale = b;
  *offset = lo <= hi ? (lo + hi) / 2 : lo;
}

/* The sectors' points: each one's narrowest name on either side of it, its name's two lines
 * above it and below it a line of its list, or (@lists_below) all of it in its narrowest
 * column, inside the area. */
static void
wall_place_points (Wall     *wall,
                   gboolean  lists_below,
                   double    spread)
{
  guint n = wall->blocks->len;
  g_autofree double *u = g_new (double, n);
  g_autofree double *v = g_new (double, n);
  g_autofree double *side = g_new (double, n);
  g_autofree double *above = g_new (double, n);
  g_autofree double *below = g_new (double, n);
  double x0, sx, y0, sy;

  for (guint i = 0; i < n; i++)
    {
      const WallBlock *block = &g_array_index (wall->blocks, WallBlock, i);
      double widest = block->name_widths[block->names->len - 1];

      u[i] = block->u;
      v[i] = block->v;
      side[i] = MAX (widest / 2, wall->node_r) + wall->gap / 2;
      above[i] = wall->node_r + wall->name_line * (MIN (block->names->len, 2) + 0.25) +
                 wall->gap / 2;
      below[i] = wall->node_r + wall->gap;
      if (block->n_lists > 0 && lists_below)
        below[i] += block->lists[0].height;
      else if (block->n_lists > 0)
        below[i] += wall->label_line;
    }
  wall_axis (u, side, side, n, wall->width, spread, &x0, &sx);
  wall_axis (v, above, below, n, wall->height, spread, &y0, &sy);
  for (guint i = 0; i < n; i++)
    {
      WallBlock *block = &g_array_index (wall->blocks, WallBlock, i);

      block->x = x0 + u[i] * sx;
      block->y = y0 + v[i] * sy;
    }
}

/* The box of a sector's point, with the gap text keeps from it. */
static cairo_rectangle_t
wall_point_box (const Wall      *wall,
                const WallBlock *block)
{
  double half = block->radius + wall->gap / 4;

  return (cairo_rectangle_t) { block->x - half, block->y - half, 2 * half, 2 * half };
}

/* Whether @a and @b, each grown by @margin all round, share any area. */
static gboolean
wall_boxes_meet (const cairo_rectangle_t *a,
                 const cairo_rectangle_t *b,
                 double                   margin)
{
  return a->x - margin < b->x + b->width && b->x - margin < a->x + a->width &&
         a->y - margin < b->y + b->height && b->y - margin < a->y + a->height;
}

/* The box of the block's name as set (its lines centred over the point, the last a quarter
 * line above it), moved sideways into the area where it would pass its edge. */
static void
wall_name_box (Wall      *wall,
               WallBlock *block)
{
  guint n = g_strv_length (g_ptr_array_index (block->names, block->name));
  double widest = block->name_widths[block->name], height = wall->name_height;
  double bottom = block->y - wall->node_r - wall->name_line * 0.25, left;

  left = CLAMP (block->x - widest / 2, wall->gap / 4,
                MAX (wall->width - wall->gap / 4 - widest, wall->gap / 4));
  block->name_box = (cairo_rectangle_t) { left, bottom - (n - 1) * wall->name_line - height,
                                          widest, (n - 1) * wall->name_line + height };
}

/* Each sector's name in as few lines as keep it clear of the other names and points, or
 * (@balanced) in two lines at least where it has a space: of two that meet, the wider is set
 * in more lines while it can be. TRUE when all are clear and inside the area. */
static gboolean
wall_fit_names (Wall     *wall,
                gboolean  balanced)
{
  guint n = wall->blocks->len;
  gboolean clear = FALSE;

  for (guint i = 0; i < n; i++)
    {
      WallBlock *block = &g_array_index (wall->blocks, WallBlock, i);

      block->name = balanced && block->names->len > 1 ? 1 : 0;
      wall_name_box (wall, block);
    }
  for (guint round = 0; !clear && round < 4 * n; round++)
    {
      gboolean changed = FALSE;

      clear = TRUE;
      for (guint i = 0; i < n; i++)
        {
          WallBlock *a = &g_array_index (wall->blocks, WallBlock, i);

          for (guint j = 0; j < n; j++)
            {
              WallBlock *b = &g_array_index (wall->blocks, WallBlock, j);
              cairo_rectangle_t point = wall_point_box (wall, b);
              gboolean names = j > i && wall_boxes_meet (&a->name_box, &b->name_box,
                                                         wall->gap);
              WallBlock *narrowed = NULL;

              if (i == j || (!names && !wall_boxes_meet (&a->name_box, &point, 0)))
                continue;
              clear = FALSE;
              if (names && b->name + 1 < b->names->len &&
                  (a->name + 1 == a->names->len || b->name_box.width > a->name_box.width))
                narrowed = b;
              else if (a->name + 1 < a->names->len)
                narrowed = a;
              if (narrowed != NULL)
                {
                  narrowed->name++;
                  wall_name_box (wall, narrowed);
                  changed = TRUE;
                }
            }
        }
      if (!changed)
        break;
    }
  for (guint i = 0; i < n && clear; i++)
    clear = g_array_index (wall->blocks, WallBlock, i).name_box.y >= 0;
  return clear;
}

/* The list's box for the direction @angle from the point at @distance px: the side of the box
 * that faces the point there, a corner for a slanting direction. */
static cairo_rectangle_t
wall_list_at (const WallBlock *block,
              double           angle,
              double           distance,
              double           width,
              double           height)
{
  double c = cos (angle), s = sin (angle);

  return (cairo_rectangle_t) {
    block->x + distance * c - (1 - CLAMP (2 * c, -1, 1)) / 2 * width,
    block->y + distance * s - (1 - CLAMP (2 * s, -1, 1)) / 2 * height,
    width, height
  };
}

/* The nearest points of the spans @a0–@a1 and @b0–@b1, into *@pa and *@pb. */
static void
wall_spans_near (double  a0,
                 double  a1,
                 double  b0,
                 double  b1,
                 double *pa,
                 double *pb)
{
  if (a0 > b1)
    *pa = a0, *pb = b1;
  else if (b0 > a1)
    *pa = a1, *pb = b0;
  else
    *pa = *pb = (MAX (a0, b0) + MIN (a1, b1)) / 2;
}

static gboolean wall_line_meets (const double *line, const cairo_rectangle_t *box);

/* The leader line to @box: from the point's rim to the nearest point of @box, or, when that
 * would cross the sector's own name (a list set above it), from the name's nearest edge. */
static void
wall_leader (const Wall              *wall,
             const WallBlock         *block,
             const cairo_rectangle_t *box,
             double                  *line)
{
  double nx = CLAMP (block->x, box->x, box->x + box->width);
  double ny = CLAMP (block->y, box->y, box->y + box->height);
  double length = MAX (hypot (nx - block->x, ny - block->y), 1e-6);
  const cairo_rectangle_t *name = &block->name_box;

  line[0] = block->x + (nx - block->x) * block->radius / length;
  line[1] = block->y + (ny - block->y) * block->radius / length;
  line[2] = nx;
  line[3] = ny;
  if (wall_line_meets (line, name))
    {
      wall_spans_near (name->x, name->x + name->width, box->x, box->x + box->width, &line[0],
                       &line[2]);
      wall_spans_near (name->y, name->y + name->height, box->y, box->y + box->height,
                       &line[1], &line[3]);
    }
}

/* Whether the segment @line crosses @box (Liang–Barsky). */
static gboolean
wall_line_meets (const double            *line,
                 const cairo_rectangle_t *box)
{
  double t0 = 0, t1 = 1, dx = line[2] - line[0], dy = line[3] - line[1];
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { line[0] - box->x, box->x + box->width - line[0],
                  line[1] - box->y, box->y + box->height - line[1] };

  /* Most boxes lie clear of the segment's own box. */
  if (MAX (line[0], line[2]) < box->x || MIN (line[0], line[2]) > box->x + box->width ||
      MAX (line[1], line[3]) < box->y || MIN (line[1], line[3]) > box->y + box->height)
    return FALSE;
  for (guint k = 0; k < 4; k++)
    {
      if (p[k] == 0)
        {
          if (q[k] < 0)
            return FALSE;
          continue;
        }
      if (p[k] < 0)
        t0 = MAX (t0, q[k] / p[k]);
      else
        t1 = MIN (t1, q[k] / p[k]);
      if (t0 > t1)
        return FALSE;
    }
  return TRUE;
}

/* Whether the segments @a and @b cross. */
static gboolean
wall_lines_cross (const double *a,
                  const double *b)
{
  double d1 = (b[2] - b[0]) * (a[1] - b[1]) - (b[3] - b[1]) * (a[0] - b[0]);
  double d2 = (b[2] - b[0]) * (a[3] - b[1]) - (b[3] - b[1]) * (a[2] - b[0]);
  double d3 = (a[2] - a[0]) * (b[1] - a[1]) - (a[3] - a[1]) * (b[0] - a[0]);
  double d4 = (a[2] - a[0]) * (b[3] - a[1]) - (a[3] - a[1]) * (b[2] - a[0]);

  return d1 * d2 < 0 && d3 * d4 < 0;
}

/* How far @box is from the block's point. */
static double
wall_point_distance (const WallBlock         *block,
                     const cairo_rectangle_t *box)
{
  return hypot (CLAMP (block->x, box->x, box->x + box->width) - block->x,
                CLAMP (block->y, box->y, box->y + box->height) - block->y);
}

/* How far @box is from the block's point or name, whichever is nearer. */
static double
wall_sector_distance (const WallBlock         *block,
                      const cairo_rectangle_t *box)
{
  double ax, bx, ay, by;

  wall_spans_near (block->name_box.x, block->name_box.x + block->name_box.width, box->x,
                   box->x + box->width, &ax, &bx);
  wall_spans_near (block->name_box.y, block->name_box.y + block->name_box.height, box->y,
                   box->y + box->height, &ay, &by);
  return MIN (wall_point_distance (block, box), hypot (bx - ax, by - ay));
}

/* Whether @box is nearer than @distance to the block's point or name, whichever is nearer.
 * A distance is never less than its longer side, so a box that far off along x or y from
 * both is turned away before any hypot (): the answer is the same as measuring both. */
static gboolean
wall_sector_nearer (const WallBlock         *block,
                    const cairo_rectangle_t *box,
                    double                   distance)
{
  double px = CLAMP (block->x, box->x, box->x + box->width) - block->x;
  double py = CLAMP (block->y, box->y, box->y + box->height) - block->y;
  double ax, bx, ay, by;

  wall_spans_near (block->name_box.x, block->name_box.x + block->name_box.width, box->x,
                   box->x + box->width, &ax, &bx);
  wall_spans_near (block->name_box.y, block->name_box.y + block->name_box.height, box->y,
                   box->y + box->height, &ay, &by);
  if (MAX (fabs (px), fabs (py)) >= distance && MAX (fabs (bx - ax), fabs (by - ay)) >= distance)
    return FALSE;
  return wall_sector_distance (block, box) < distance;
}

/* What @box (its list's, of @block, with its @leader or NULL) covers of the text placed so far,
 * of the other leaders and of the area's outside, in px²; 0 when it is clear. It stops counting
 * once the count reaches @bound (at least 2): every part adds to it, so the box then costs
 * @bound or more whatever the rest adds. */
static double
wall_list_cost (Wall                    *wall,
                const WallBlock         *block,
                const cairo_rectangle_t *box,
                const double            *leader,
                double                   bound)
{
  cairo_rectangle_t grown = { box->x - wall->gap / 2, box->y - wall->gap / 2,
                              box->width + wall->gap, box->height + wall->gap };
  cairo_rectangle_t inner = { wall->gap / 4, wall->gap / 4, wall->width - wall->gap / 2,
                              wall->height - wall->gap / 2 };
  cairo_rectangle_t own = wall_point_box (wall, block);
  double left, top, right, bottom;
  double cost = 0, own_distance = wall_point_distance (block, box);

  /* From where its leader begins: its point, or its name. */
  if (leader != NULL && hypot (leader[0] - block->x, leader[1] - block->y) > block->radius + 0.5)
    own_distance = hypot (leader[2] - leader[0], leader[3] - leader[1]);

  /* Outside the area. */
  cost += box->width * box->height -
          MAX (0, MIN (box->x + box->width, inner.x + inner.width) - MAX (box->x, inner.x)) *
          MAX (0, MIN (box->y + box->height, inner.y + inner.height) - MAX (box->y, inner.y));
  /* What a taken box can cost reaches no further than the grown box and its leader's own
   * box: one wholly beyond them adds nothing (no overlap, and wall_line_meets () turns it away
   * by the same comparisons), so it is passed over before anything is worked out. */
  left = grown.x, top = grown.y;
  right = grown.x + grown.width, bottom = grown.y + grown.height;
  if (leader != NULL)
    {
      left = MIN (left, MIN (leader[0], leader[2]));
      top = MIN (top, MIN (leader[1], leader[3]));
      right = MAX (right, MAX (leader[0], leader[2]));
      bottom = MAX (bottom, MAX (leader[1], leader[3]));
    }
  for (guint i = 0; i < wall->taken->len && cost < bound; i++)
    {
      const cairo_rectangle_t *other = &g_array_index (wall->taken, cairo_rectangle_t, i);
      double w, h;

      if (other->x > right || other->x + other->width < left || other->y > bottom ||
          other->y + other->height < top)
        continue;
      w = MIN (grown.x + grown.width, other->x + other->width) - MAX (grown.x, other->x);
      h = MIN (grown.y + grown.height, other->y + other->height) - MAX (grown.y, other->y);

      /* The gap kept from everything but its own point, which only the box keeps clear of. */
      if (wall_boxes_meet (other, &own, -0.5) && other->width == own.width &&
          other->x == own.x && other->y == own.y)
        {
          w = MIN (box->x + box->width, own.x + own.width) - MAX (box->x, own.x);
          h = MIN (box->y + box->height, own.y + own.height) - MAX (box->y, own.y);
          if (w > 0 && h > 0)
            cost += w * h;
          continue;
        }
      if (w > 0 && h > 0)
        cost += w * h;
      /* A leader crosses no text but its own sector's name, where it begins. */
      if (leader != NULL && wall_line_meets (leader, other) &&
          memcmp (other, &block->name_box, sizeof *other) != 0)
        cost += wall->label_line * wall->label_line;
    }
  /* Clear of the links, which a list would cut. */
  for (guint i = 0; i < wall->links->len && cost < bound; i++)
    if (wall_line_meets (g_array_index (wall->links, WallLink, i).line, box))
      cost += wall->label_line * wall->label_line;
  for (guint i = 0; i < wall->blocks->len + wall->transits->len && cost < bound; i++)
    {
      const WallBlock *other = i < wall->blocks->len
        ? &g_array_index (wall->blocks, WallBlock, i)
        : &g_array_index (wall->transits, WallTransit, i - wall->blocks->len).label;
      /* A sector's list nearer where its leader would begin (its point, or its name for a
       * list above it) than any other sector's point or name, by a line at least, so that it
       * reads as that sector's. */
      if (block->title != NULL && other->title != NULL && other != block &&
          wall_sector_nearer (other, box, own_distance))
        cost += wall->label_line * wall->label_line;
      if (other == block || !other->placed || !other->callout)
        continue;
      /* Clear of the leaders drawn so far, and its own crossing none. */
      if (wall_line_meets (other->leader, &grown))
        cost += wall->label_line * wall->label_line;
      if (leader != NULL && wall_lines_cross (leader, other->leader))
        cost += wall->label_line * wall->label_line;
    }
  return cost < 2 ? 0 : cost;
}

/* The block's list set where it is clear of text, leaders and links, between @first_ring and
 * @last_ring: next to its point first — below it, beside it, at a corner, above it — then
 * further out, by half lines, with a leader line; the widest of its first @columns column
 * widths that fits anywhere there. TRUE when it found a clear place; else, when @anyway, the
 * place that covers least. */
static gboolean
wall_place_list (Wall      *wall,
                 WallBlock *block,
                 guint      first_ring,
                 guint      last_ring,
                 guint      columns,
                 gboolean   anyway)
{
  /* Directions in eighths of a half turn from "right", downwards first. */
  static const int directions[] = { 4, 0, 8, 2, 6, 1, 7, 3, 5, -1, -7, -2, -6, -3, -5, -4 };
  double best = G_MAXDOUBLE, step = wall->label_line / 2;
  double pad = block->radius + wall->gap * 0.75;
  cairo_rectangle_t best_box = { 0 };
  guint best_list = 0;
  gboolean best_callout = FALSE;

  /* The widest column first, anywhere in these rings: a list of one word a line beside its
   * point reads worse than one of a name a line a little further away. */
  for (guint c = 0; c < MIN (block->n_lists, columns); c++)
    for (guint ring = first_ring; ring <= last_ring; ring++)
      for (guint d = 0; d < G_N_ELEMENTS (directions); d++)
        {
          const WallList *list = &block->lists[c];
          cairo_rectangle_t box = wall_list_at (block, directions[d] * G_PI / 8,
                                                pad + ring * step, list->width,
                                                list->height);
          gboolean callout = wall_point_distance (block, &box) >
                             block->radius + wall->label_line;
          double line[4], cost;

          if (callout)
            wall_leader (wall, block, &box, line);
          /* Not placed anyway, any cover turns it away; else only more than the best so
           * far does, as a cost no less than the best's never takes its place. */
          cost = wall_list_cost (wall, block, &box, callout ? line : NULL,
                                 anyway ? best : 2);
          if (cost < best)
            {
              best = cost;
              best_box = box;
              best_list = c;
              best_callout = callout;
            }
          if (cost <= 0)
            goto found;
        }
  if (!anyway)
    return FALSE;
found:
  block->list = best_list;
  block->list_box = best_box;
  block->callout = best_callout;
  block->placed = TRUE;
  wall_leader (wall, block, &best_box, block->leader);
  g_array_append_val (wall->taken, best_box);
  return best <= 0;
}

/* The links between the points as placed, each once, for the lists to keep clear of and to
 * be drawn: found once a layout's points are set, rather than for every place a list tries. */
static void
wall_find_links (Wall *wall)
{
  g_array_set_size (wall->links, 0);
  for (guint i = 0; i < wall->blocks->len; i++)
    {
      const WallBlock *a = &g_array_index (wall->blocks, WallBlock, i);

      for (guint j = 0; j < a->adjacent->len; j++)
        {
          guint other = g_array_index (a->adjacent, guint, j);
          const WallBlock *b;
          WallLink link;

          if (other == G_MAXUINT || other < i)
            continue;
          b = &g_array_index (wall->blocks, WallBlock, other);
          link = (WallLink) { { a->x, a->y, b->x, b->y } };
          g_array_append_val (wall->links, link);
        }
    }
}

/* Each block's list placed, the longest first; a block whose list finds no room is tried
 * first next time, a few times. TRUE when every list found a clear place; else, when @anyway,
 * each is where it covers least. */
static gboolean
wall_place_lists (Wall     *wall,
                  gboolean  anyway)
{
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  guint kept = wall->taken->len, n;
  gboolean clear = FALSE;

  for (guint i = 0; i < wall->blocks->len; i++)
    if (g_array_index (wall->blocks, WallBlock, i).n_lists > 0)
      g_ptr_array_add (order, &g_array_index (wall->blocks, WallBlock, i));
  for (guint i = 0; i < wall->transits->len; i++)
    if (g_array_index (wall->transits, WallTransit, i).label.n_lists > 0)
      g_ptr_array_add (order, &g_array_index (wall->transits, WallTransit, i).label);
  n = order->len;
  /* The longest lists first: they have the fewest places to go. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0; j--)
      {
        const WallBlock *a = g_ptr_array_index (order, j - 1);
        const WallBlock *b = g_ptr_array_index (order, j);

        if (a->lists[0].width * a->lists[0].height >= b->lists[0].width * b->lists[0].height)
          break;
        order->pdata[j - 1] = (gpointer) b;
        order->pdata[j] = (gpointer) a;
      }
  for (guint attempt = 0; !clear && attempt < 3 * n; attempt++)
    {
      if (g_cancellable_is_cancelled (wall->cancellable))
        return FALSE;
      gboolean last = attempt + 1 == 3 * n;
      guint widest_word = attempt < n ? WALL_COLUMNS - 1 : WALL_COLUMNS;

      g_array_set_size (wall->taken, kept);
      for (guint i = 0; i < n; i++)
        ((WallBlock *) g_ptr_array_index (order, i))->placed = FALSE;
      clear = TRUE;
      /* Next to its point where it can be, before any list is set out further: the places
       * a pass tried stay taken for the next, which tries those further out. A list as
       * narrow as its widest word only once no wider one found a place, in any order of
       * the first n attempts. */
      for (guint columns = WALL_COLUMNS - 1; columns <= widest_word; columns++)
        for (guint ring = 0; ring < WALL_RINGS - WALL_PASS_RINGS; ring += WALL_PASS_RINGS)
          for (guint i = 0; i < n; i++)
            {
              WallBlock *block = g_ptr_array_index (order, i);

              if (!block->placed)
                wall_place_list (wall, block, ring, ring + WALL_PASS_RINGS - 1, columns,
                                 FALSE);
            }
      for (guint i = 0; i < n; i++)
        {
          WallBlock *block = g_ptr_array_index (order, i);
          gboolean everywhere = anyway && last;

          if (block->placed)
            continue;
          if (!wall_place_list (wall, block,
                                everywhere ? 0 : WALL_RINGS - WALL_PASS_RINGS, WALL_RINGS,
                                widest_word, everywhere))
            {
              clear = FALSE;
              if (last)
                continue;
              if (i == 0 && !anyway)
                return FALSE;  /* no room for it even first */
              /* Tried first next time. */
              memmove (order->pdata + 1, order->pdata, i * sizeof (gpointer));
              order->pdata[0] = block;
              break;
            }
        }
    }
  return clear;
}

/* The radius of a transit's arrowhead. */
static double
wall_arrow_radius (const Wall *wall)
{
  return wall->label_px * 0.6;
}

/* Where the formations crossing links are: an arrowhead along its link, a quarter to three
 * quarters of the way as it has gone, moved along it off the names and points; each kept clear
 * of in @wall's taken. */
static void
wall_find_transits (Wall *wall)
{
  g_array_set_size (wall->transits, 0);
  for (guint i = 0; i < wall->crossings->len; i++)
    {
      const WallCrossing *crossing = &g_array_index (wall->crossings, WallCrossing, i);
      WallTransit transit = { crossing->formation, crossing->faction };
      const WallBlock *a = &g_array_index (wall->blocks, WallBlock, crossing->from);
      const WallBlock *b = &g_array_index (wall->blocks, WallBlock, crossing->towards);
      cairo_rectangle_t arrow;
      double t;

      /* As far along as it has gone, or the nearest place to it clear of the text and the
       * arrowheads placed so far. The arrowhead's text keeps off a little more than its
       * radius: its point reaches further. */
      transit.label.radius = wall_arrow_radius (wall) * 1.3;
      for (guint k = 0; k <= 2 * WALL_TRANSIT_STEPS; k++)
        {
          double shift = (double) ((k + 1) / 2) * (k % 2 == 0 ? 1 : -1) * 0.5 /
                         WALL_TRANSIT_STEPS;

          t = k < 2 * WALL_TRANSIT_STEPS
              ? CLAMP (0.25 + 0.5 * crossing->progress + shift, 0.15, 0.85)
              : 0.25 + 0.5 * crossing->progress;
          transit.x = transit.label.x = a->x + (b->x - a->x) * t;
          transit.y = transit.label.y = a->y + (b->y - a->y) * t;
          arrow = wall_point_box (wall, &transit.label);
          if (_admiralty_sector_overlap_area (&arrow, wall->taken, wall->width,
                                              wall->height) <= 0)
            break;
        }
      transit.label.name_box = arrow;
      transit.angle = atan2 (b->y - a->y, b->x - a->x);
      g_array_append_val (wall->transits, transit);
      g_array_append_val (wall->taken, arrow);
    }
}

/* Each transit's label, measured: in one line, or a long one in two, the name over where it
 * goes. It is placed by its arrowhead as a sector's list is by its point
 * (wall_place_lists ()). */
static void
wall_measure_transit_labels (Wall *wall)
{
  cairo_t *cr = wall->cr;

  cairo_save (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, wall->label_px);
  for (guint i = 0; i < wall->transits->len; i++)
    {
      WallTransit *transit = &g_array_index (wall->transits, WallTransit, i);
      const WallCrossing *crossing = &g_array_index (wall->crossings, WallCrossing, i);
      double width = 0, height = 0, line_height;

      wall_transit_clear (transit);
      if (crossing->text == NULL)
        continue;
      if (_admiralty_sector_text_width (cr, crossing->text) <= 10 * wall->label_px)
        transit->lines[0] = g_strdup (crossing->text);
      else
        {
          transit->lines[0] = g_strdup (crossing->label);
          transit->lines[1] = g_strdup (crossing->where);
        }
      for (guint l = 0; l < 2 && transit->lines[l] != NULL; l++)
        {
          double line_width;

          _admiralty_sector_label_size (cr, transit->lines[l], &line_width, &line_height);
          width = MAX (width, line_width);
          height += line_height;
        }
      transit->label.lists[0] = (WallList) { NULL, NULL, width, height };
      transit->label.n_lists = 1;
    }
  cairo_restore (cr);
}

/* The whole layout at the wall's present type (wall_place_points (), wall_fit_names ()):
 * points, names, then lists, with what they keep clear of — names, points, the arrowheads of
 * formations crossing links. TRUE when every text found a clear place; else, when @anyway,
 * the layout that covers least. */
static gboolean
wall_lay_out (Wall     *wall,
              gboolean  lists_below,
              gboolean  balanced,
              double    spread,
              gboolean  anyway)
{
  gboolean names;

  wall_place_points (wall, lists_below, spread);
  names = wall_fit_names (wall, balanced);
  if (!names && !anyway)
    return FALSE;
  g_array_set_size (wall->taken, 0);
  for (guint i = 0; i < wall->blocks->len; i++)
    {
      const WallBlock *block = &g_array_index (wall->blocks, WallBlock, i);
      cairo_rectangle_t point = wall_point_box (wall, block);

      g_array_append_val (wall->taken, block->name_box);
      g_array_append_val (wall->taken, point);
    }
  wall_find_links (wall);
  wall_find_transits (wall);
  wall_measure_transit_labels (wall);
  return wall_place_lists (wall, anyway) && names;
}

static void
wall_set_type (Wall   *wall,
               double  name_px,
               double  label_px)
{
  wall->name_px = name_px;
  wall->label_px = label_px;
  wall->name_line = ceil (name_px * 1.2);
  wall->label_line = ceil (label_px * 1.3);
  wall->node_r = label_px * 0.35;
  wall->gap = WALL_GAP * label_px;
  {
    cairo_font_extents_t font;

    cairo_save (wall->cr);
    cairo_select_font_face (wall->cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size (wall->cr, name_px);
    cairo_font_extents (wall->cr, &font);
    cairo_restore (wall->cr);
    wall->name_height = font.ascent + font.descent;
  }
  for (guint i = 0; i < wall->blocks->len; i++)
    {
      g_array_index (wall->blocks, WallBlock, i).radius = wall->node_r;
      wall_measure (wall, &g_array_index (wall->blocks, WallBlock, i));
    }
}

/* The layout: at the type asked for, the map at its largest; then with room for every list
 * under its point; then with long names in two lines; then the map smaller. Then the same in
 * smaller type, down to WALL_LEAST_TYPE of it; the last try kept as it is when nothing
 * fits. */
static void
wall_layout (Wall   *wall,
             double  name_size,
             double  label_size)
{
  static const struct {
    gboolean lists_below, balanced;
    double   spread;
  } tries[] = {
    { FALSE, FALSE, 1.0 }, { TRUE, FALSE, 1.0 }, { TRUE, TRUE, 1.0 }, { TRUE, TRUE, 0.9 },
    { TRUE, TRUE, 0.8 },
  };
  static const double types[] = { 1.0, 0.9, WALL_LEAST_TYPE };

  for (guint t = 0; t < G_N_ELEMENTS (types); t++)
    {
      wall_set_type (wall, name_size * types[t], label_size * types[t]);
      for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
        if (g_cancellable_is_cancelled (wall->cancellable) ||
            wall_lay_out (wall, tries[i].lists_below, tries[i].balanced, tries[i].spread, FALSE))
          return;
    }
  wall_lay_out (wall, TRUE, TRUE, 1.0, TRUE);
}

/* Keeps @text among the wall's labels, if it keeps them, as a map's frame does. */
static void
wall_record (Wall                     *wall,
             const AdmSector          *sector,
             const AdmFormation       *formation,
             AdmiraltySectorLabelKind  kind,
             const char               *text,
             double                    font_size,
             const cairo_rectangle_t  *rect)
{
  Frame frame = { .cr = wall->cr, .scenario = wall->scenario, .options = wall->options,
                  .zoom = 1.0, .labels = wall->labels };

  _admiralty_sector_record (&frame, sector, formation, kind, text, font_size, rect);
}

/* The sector's point, and its name above it in its lines, centred, top line first. */
static void
wall_draw_name (Wall            *wall,
                const WallBlock *block)
{
  cairo_t *cr = wall->cr;
  GStrv lines = g_ptr_array_index (block->names, block->name);
  double middle = block->name_box.x + block->name_box.width / 2, top = block->name_box.y;

  cairo_new_path (cr);
  cairo_arc (cr, block->x, block->y, wall->node_r, 0, 2 * G_PI);
  _admiralty_sector_set_rgb (cr, HOVER_RGB);
  cairo_fill (cr);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, wall->name_px);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      cairo_rectangle_t box;
      double width, height;

      _admiralty_sector_label_size (cr, lines[l], &width, &height);
      box = (cairo_rectangle_t) { middle - width / 2, top + l * wall->name_line, width, height };
      _admiralty_sector_show_on_plate (cr, lines[l], &box, wall->label_px * 0.15);
      wall_record (wall, block->sector, NULL, ADMIRALTY_SECTOR_LABEL_NAME, lines[l],
                   wall->name_px, &box);
    }
}

/* A thin line from the point (or the name) to its list when the list had to be set away
 * from it. */
static void
wall_draw_leader (Wall            *wall,
                  const WallBlock *block)
{
  cairo_t *cr = wall->cr;
  double line[4];

  if (!block->placed || !block->callout)
    return;
  wall_leader (wall, block, &block->list_box, line);
  /* A list just over its name or beside it, facing its middle and no other name near, reads
   * as the name's without one: a leader line that short would look like a flaw. */
  if (hypot (line[2] - line[0], line[3] - line[1]) < wall->label_line * 0.75)
    {
      guint facing = 0;

      for (guint i = 0; i < wall->blocks->len; i++)
        {
          const WallBlock *other = &g_array_index (wall->blocks, WallBlock, i);
          const cairo_rectangle_t *name = &other->name_box, *list = &block->list_box;
          double mx = name->x + name->width / 2, my = name->y + name->height / 2;

          if (((list->x <= mx && mx <= list->x + list->width) ||
               (list->y <= my && my <= list->y + list->height)) &&
              wall_sector_distance (other, list) < 2 * wall->label_line)
            facing += other == block ? 1 : 2;
        }
      if (facing == 1)
        return;
    }
  cairo_new_path (cr);
  cairo_move_to (cr, line[0], line[1]);
  cairo_line_to (cr, line[2], line[3]);
  _admiralty_sector_set_rgb (cr, HOVER_RGB);
  cairo_set_line_width (cr, MAX (1.5, wall->label_px / 12));
  cairo_stroke (cr);
}

/* The formations shown in the sector, in its list's place: each a square in the faction's
 * colour and its name as the audience knows it in its lines; "+N more" past CARD_ROWS. */
static void
wall_draw_formations (Wall            *wall,
                      const WallBlock *block)
{
  cairo_t *cr = wall->cr;
  const WallList *list;
  double square = wall_square (wall), left, y;
  guint owner = G_MAXUINT - 1;

  if (!block->placed)
    return;
  list = &block->lists[block->list];
  left = block->list_box.x;
  y = block->list_box.y;
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, wall->label_px);
  for (guint l = 0; l < list->lines->len; l++, y += wall->label_line)
    {
      guint line_owner = g_array_index (list->owners, guint, l);
      gboolean named = line_owner != G_MAXUINT;
      const AdmFaction *faction = named ? g_ptr_array_index (block->factions, line_owner)
                                        : NULL;
      /* The frame's formation, for its label; none in a layout drawn for a frame since. */
      const AdmFormation *formation = named && block->here != NULL
                                      ? g_ptr_array_index (block->here, line_owner) : NULL;
      const char *text = g_ptr_array_index (list->lines, l);
      double middle = y + wall->label_line / 2, width, height;
      cairo_rectangle_t box;

      if (named && line_owner != owner)
        {
          Rgb colour = _admiralty_sector_rgb_from_hex (
            _admiralty_sector_faction_colour (wall->options, faction));

          cairo_new_path (cr);
          cairo_rectangle (cr, round (left), round (middle - square / 2), square, square);
          cairo_set_source_rgb (cr, colour.r, colour.g, colour.b);
          cairo_fill_preserve (cr);
          cairo_set_source_rgb (cr, colour.r + (1 - colour.r) * MARKER_EDGE_PALING,
                                colour.g + (1 - colour.g) * MARKER_EDGE_PALING,
                                colour.b + (1 - colour.b) * MARKER_EDGE_PALING);
          cairo_set_line_width (cr, MAX (1.0, wall->label_px / 12));
          cairo_stroke (cr);
          _admiralty_sector_draw_faction_symbol (cr, wall->options, faction,
                                                 round (left) + square / 2,
                                                 round (middle - square / 2) + square / 2,
                                                 0.4 * square);
        }
      owner = line_owner;
      _admiralty_sector_label_size (cr, text, &width, &height);
      box = (cairo_rectangle_t) { named ? left + wall_indent (wall) : left,
                                  middle - height / 2, width, height };
      _admiralty_sector_show_on_plate (cr, text, &box, wall->label_px * 0.1);
      wall_record (wall, block->sector, formation,
                   named ? ADMIRALTY_SECTOR_LABEL_NAME : ADMIRALTY_SECTOR_LABEL_MORE,
                   text, wall->label_px, &box);
    }
}

/* Formations crossing links: an arrowhead along the link, its label where
 * wall_measure_transit_labels () put it, a leader line to it when that is away from the
 * arrowhead. */
static void
wall_draw_transit (Wall *wall)
{
  cairo_t *cr = wall->cr;
  double r = wall_arrow_radius (wall);

  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, wall->label_px);
  for (guint i = 0; i < wall->transits->len; i++)
    {
      const WallTransit *transit = &g_array_index (wall->transits, WallTransit, i);
      const AdmFormation *formation = transit->formation;
      /* The arrowhead is drawn from its formation's faction alone: in a layout drawn for a
       * frame since its own, the formation is that faction's stand-in. */
      AdmFormation stand_in = { .faction = transit->faction };
      const cairo_rectangle_t *box = &transit->label.list_box;
      double x = transit->x, y = transit->y, top = box->y, line[4];
      g_autofree char *text = NULL;

      if (transit->lines[0] == NULL)
        continue;
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_scale (cr, r / (MARKER_SIZE / 2.0 + 4), r / (MARKER_SIZE / 2.0 + 4));
      _admiralty_sector_draw_transit_marker (cr, wall->options,
                                             formation != NULL ? formation : &stand_in, 0, 0,
                                             transit->angle, FALSE);
      cairo_restore (cr);
      {
        cairo_rectangle_t arrow = { x - r, y - r, 2 * r, 2 * r };

        wall_record (wall, NULL, formation, ADMIRALTY_SECTOR_LABEL_MARKER, "", wall->label_px,
                     &arrow);
      }
      /* Set away from its arrowhead: a leader line to it. */
      if (transit->label.callout)
        {
          Rgb colour = _admiralty_sector_rgb_from_hex (
            _admiralty_sector_faction_colour (wall->options, transit->faction));

          wall_leader (wall, &transit->label, box, line);
          cairo_new_path (cr);
          cairo_move_to (cr, line[0], line[1]);
          cairo_line_to (cr, line[2], line[3]);
          cairo_set_source_rgb (cr, colour.r + (1 - colour.r) * MARKER_EDGE_PALING,
                                colour.g + (1 - colour.g) * MARKER_EDGE_PALING,
                                colour.b + (1 - colour.b) * MARKER_EDGE_PALING);
          cairo_set_line_width (cr, MAX (1.5, wall->label_px / 10));
          cairo_stroke (cr);
        }
      for (guint l = 0; l < 2 && transit->lines[l] != NULL; l++)
        {
          cairo_rectangle_t row;
          double width, height;

          _admiralty_sector_label_size (cr, transit->lines[l], &width, &height);
          row = (cairo_rectangle_t) { box->x, top, width, height };
          _admiralty_sector_show_on_plate (cr, transit->lines[l], &row, wall->label_px * 0.15);
          top += height;
        }
      /* Labels are kept of a frame drawn in its own layout only, its formations at hand. */
      if (wall->labels == NULL || formation == NULL)
        continue;
      text = transit->lines[1] != NULL
             ? admiralty_sector_transit_text (wall->scenario, wall->options, formation)
             : g_strdup (transit->lines[0]);
      wall_record (wall, NULL, formation, ADMIRALTY_SECTOR_LABEL_NAME, text, wall->label_px,
                   box);
    }
}

/* What the frame's layout is made from, as @wall's audience is shown it: each sector's
 * formations, the labels its list names and its links, in @wall's blocks; the formations
 * crossing links, in its crossings. */
static void
wall_gather (Wall *wall)
{
  GPtrArray *sectors = adm_scenario_get_sectors (wall->scenario);
  GPtrArray *formations = _admiralty_sector_formations_in_being (wall->scenario, wall->options);
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < sectors->len; i++)
    if (!g_hash_table_contains (index, g_ptr_array_index (sectors, i)))
      g_hash_table_insert (index, g_ptr_array_index (sectors, i), GUINT_TO_POINTER (i));
  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);
      WallBlock block = { sector, g_strdup (sector->name), sector->x, sector->y };

      block.here = admiralty_sector_formations_in (wall->scenario, wall->options, sector);
      /* Formations a card would name, the rest in a "+N more" (CARD_ROWS). */
      block.named = block.here->len <= CARD_ROWS ? block.here->len : CARD_ROWS - 1;
      block.texts = g_ptr_array_new_with_free_func (g_free);
      block.factions = g_ptr_array_sized_new (block.named);
      for (guint f = 0; f < block.named; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (block.here, f);

          g_ptr_array_add (block.texts,
                           admiralty_sector_formation_label (wall->scenario, wall->options,
                                                             formation));
          g_ptr_array_add (block.factions, (gpointer) formation->faction);
        }
      if (block.named < block.here->len)
        /* Translators: on the projector's map, formations of a sector past those it names */
        block.more = g_strdup_printf (ngettext ("+%u more", "+%u more",
                                                block.here->len - block.named),
                                      block.here->len - block.named);
      block.adjacent = g_array_sized_new (FALSE, FALSE, sizeof (guint), sector->adjacent->len);
      for (guint j = 0; j < sector->adjacent->len; j++)
        {
          gpointer found;
          guint other = g_hash_table_lookup_extended (index,
                                                      g_ptr_array_index (sector->adjacent, j),
                                                      NULL, &found)
                        ? GPOINTER_TO_UINT (found) : G_MAXUINT;

          g_array_append_val (block.adjacent, other);
        }
      g_array_append_val (wall->blocks, block);
    }
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      WallCrossing crossing = { formation, formation->faction };
      const AdmSector *from, *towards;
      gpointer from_index, towards_index;

      if (!admiralty_sector_formation_shown (wall->scenario, wall->options, formation))
        continue;
      from = _admiralty_sector_formation_place (wall->scenario, wall->options, formation,
                                                &towards, &crossing.progress);
      if (towards == NULL || !g_hash_table_lookup_extended (index, from, NULL, &from_index) ||
          !g_hash_table_lookup_extended (index, towards, NULL, &towards_index))
        continue;
      crossing.from = GPOINTER_TO_UINT (from_index);
      crossing.towards = GPOINTER_TO_UINT (towards_index);
      crossing.text = admiralty_sector_transit_text (wall->scenario, wall->options, formation);
      if (crossing.text != NULL)
        {
          crossing.label = admiralty_sector_formation_label (wall->scenario, wall->options,
                                                             formation);
          /* Translators: the second line of a formation's label on the projector's map
           * when it is crossing a link: the sector it goes to */
          crossing.where = g_strdup_printf (C_("sector map", "→ %s"), towards->name);
        }
      g_array_append_val (wall->crossings, crossing);
    }
}

static void
key_add (GByteArray *key,
         const void *data,
         gsize       size)
{
  g_byte_array_append (key, data, size);
}

static void
key_add_uint (GByteArray *key,
              guint       value)
{
  key_add (key, &value, sizeof value);
}

static void
key_add_double (GByteArray *key,
                double      value)
{
  key_add (key, &value, sizeof value);
}

/* A text, told apart from none and from the text after it. */
static void
key_add_text (GByteArray *key,
              const char *text)
{
  key_add (key, text != NULL ? "t" : "n", 1);
  if (text != NULL)
    key_add (key, text, strlen (text) + 1);
}

/* Everything the layout is made from but the font options (wall_font_options ()), in bytes
 * compared whole: the area and the type asked for, the drawing's transformation and device
 * scale (which the texts are measured in), each sector's name, place, links and list's texts,
 * each formation crossing a link with its link, progress and label. What only colours the
 * drawing — factions, the palette — is not in it. */
static GByteArray *
wall_key (const Wall *wall,
          double      name_size,
          double      label_size)
{
  GByteArray *key = g_byte_array_new ();
  cairo_surface_t *target = cairo_get_target (wall->cr);
  cairo_matrix_t matrix;
  double scale_x, scale_y;

  key_add_double (key, wall->width);
  key_add_double (key, wall->height);
  key_add_double (key, name_size);
  key_add_double (key, label_size);
  cairo_get_matrix (wall->cr, &matrix);
  key_add (key, &matrix, sizeof matrix);
  cairo_surface_get_device_scale (target, &scale_x, &scale_y);
  key_add_double (key, scale_x);
  key_add_double (key, scale_y);
  key_add_uint (key, wall->blocks->len);
  for (guint i = 0; i < wall->blocks->len; i++)
    {
      const WallBlock *block = &g_array_index (wall->blocks, WallBlock, i);

      key_add_text (key, block->title);
      key_add_double (key, block->u);
      key_add_double (key, block->v);
      key_add_uint (key, block->adjacent->len);
      key_add (key, block->adjacent->data, block->adjacent->len * sizeof (guint));
      key_add_uint (key, block->texts->len);
      for (guint t = 0; t < block->texts->len; t++)
        key_add_text (key, g_ptr_array_index (block->texts, t));
      key_add_text (key, block->more);
    }
  key_add_uint (key, wall->crossings->len);
  for (guint i = 0; i < wall->crossings->len; i++)
    {
      const WallCrossing *crossing = &g_array_index (wall->crossings, WallCrossing, i);

      key_add_uint (key, crossing->from);
      key_add_uint (key, crossing->towards);
      key_add_double (key, crossing->progress);
      key_add_text (key, crossing->text);
      key_add_text (key, crossing->label);
      key_add_text (key, crossing->where);
    }
  return key;
}

/* The font options the texts are measured with: the target surface's, merged with the
 * context's own, as Cairo merges them. */
static cairo_font_options_t *
wall_font_options (cairo_t *cr)
{
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_font_options_t *own = cairo_font_options_create ();

  cairo_surface_get_font_options (cairo_get_target (cr), options);
  cairo_get_font_options (cr, own);
  cairo_font_options_merge (options, own);
  cairo_font_options_destroy (own);
  return options;
}

/* Whether the key and font options @key_a, @fonts_a are those of @key_b, @fonts_b: a layout
 * made from one is the layout of the other. */
static gboolean
wall_same_inputs (GByteArray                 *key_a,
                  const cairo_font_options_t *fonts_a,
                  GByteArray                 *key_b,
                  const cairo_font_options_t *fonts_b)
{
  return key_a != NULL && key_b != NULL && key_a->len == key_b->len &&
         memcmp (key_a->data, key_b->data, key_a->len) == 0 &&
         cairo_font_options_equal (fonts_a, fonts_b);
}

/* A layout found (wall_layout ()), with what it was made from. */
typedef struct {
  GByteArray           *key;       /* wall_key () */
  cairo_font_options_t *fonts;     /* and the texts' font options */
  GArray               *blocks;    /* WallBlock, as laid out; between frames no sector or
                                    * formation, the factions of the last frame drawn in it */
  GArray               *transits;  /* WallTransit, the same */
  GArray               *links;     /* WallLink */
  double                name_px, label_px, name_line, label_line, node_r, gap, name_height;
  AdmScenario          *scenario;  /* whose factions the blocks and transits name, or NULL
                                    * while a worker holds it */
} WallLayout;

static void
wall_layout_free (WallLayout *layout)
{
  g_clear_pointer (&layout->key, g_byte_array_unref);
  g_clear_pointer (&layout->fonts, cairo_font_options_destroy);
  g_clear_pointer (&layout->blocks, g_array_unref);
  g_clear_pointer (&layout->transits, g_array_unref);
  g_clear_pointer (&layout->links, g_array_unref);
  g_clear_object (&layout->scenario);
  g_free (layout);
}

/* @wall's layout, made from @key and @fonts (both taken). */
static WallLayout *
wall_layout_new (const Wall           *wall,
                 GByteArray           *key,
                 cairo_font_options_t *fonts)
{
  WallLayout *layout = g_new0 (WallLayout, 1);

  layout->key = key;
  layout->fonts = fonts;
  layout->blocks = g_array_ref (wall->blocks);
  layout->transits = g_array_ref (wall->transits);
  layout->links = g_array_ref (wall->links);
  layout->name_px = wall->name_px;
  layout->label_px = wall->label_px;
  layout->name_line = wall->name_line;
  layout->label_line = wall->label_line;
  layout->node_r = wall->node_r;
  layout->gap = wall->gap;
  layout->name_height = wall->name_height;
  return layout;
}

/* @wall drawn in @layout: its blocks, transits, links and type. */
static void
wall_use_layout (Wall             *wall,
                 const WallLayout *layout)
{
  wall->blocks = layout->blocks;
  wall->transits = layout->transits;
  wall->links = layout->links;
  wall->name_px = layout->name_px;
  wall->label_px = layout->label_px;
  wall->name_line = layout->name_line;
  wall->label_line = layout->label_line;
  wall->node_r = layout->node_r;
  wall->gap = layout->gap;
  wall->name_height = layout->name_height;
}

/* A layout being found on a worker, as its owner sees it (on the thread that started it). */
typedef struct {
  AdmiraltySectorWall  *owner;      /* NULL once it has no use for it: a newer frame's
                                     * layout started or found, or the owner freed */
  GCancellable         *cancellable;
  GByteArray           *key;        /* what the layout is made from */
  cairo_font_options_t *fonts;
  AdmScenario          *scenario;   /* whose factions its blocks and transits name */
} WallJob;

static void
wall_job_free (WallJob *job)
{
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->key, g_byte_array_unref);
  g_clear_pointer (&job->fonts, cairo_font_options_destroy);
  g_clear_object (&job->scenario);
  g_free (job);
}

/* What a worker lays the map out from: copies of the frame's sectors, lists and crossings, and
 * a surface to measure the texts on as the frame's target would. Nothing of the scenario. */
typedef struct {
  cairo_surface_t      *surface;    /* like the frame's target, its device scale */
  cairo_matrix_t        matrix;     /* the frame's transformation */
  cairo_font_options_t *own_fonts;  /* the frame's context's own font options */
  double                width, height, name_size, label_size;
  GArray               *blocks;     /* WallBlock: title, place, links, texts, factions */
  GArray               *crossings;  /* WallCrossing, without their formations */
  GByteArray           *key;        /* for the layout found */
  cairo_font_options_t *fonts;
} WallInput;

static void
wall_input_free (WallInput *input)
{
  g_clear_pointer (&input->surface, cairo_surface_destroy);
  g_clear_pointer (&input->own_fonts, cairo_font_options_destroy);
  g_clear_pointer (&input->blocks, g_array_unref);
  g_clear_pointer (&input->crossings, g_array_unref);
  g_clear_pointer (&input->key, g_byte_array_unref);
  g_clear_pointer (&input->fonts, cairo_font_options_destroy);
  g_free (input);
}

/* A copy of the frame's blocks as a layout is made from them: nothing a frame lends. */
static GArray *
wall_blocks_copy (GArray *blocks)
{
  GArray *copy = g_array_sized_new (FALSE, TRUE, sizeof (WallBlock), blocks->len);

  g_array_set_clear_func (copy, (GDestroyNotify) wall_block_clear);
  for (guint i = 0; i < blocks->len; i++)
    {
      const WallBlock *block = &g_array_index (blocks, WallBlock, i);
      WallBlock made = { NULL, g_strdup (block->title), block->u, block->v };

      made.factions = g_ptr_array_copy (block->factions, NULL, NULL);
      made.named = block->named;
      made.texts = g_ptr_array_new_full (block->texts->len, g_free);
      for (guint t = 0; t < block->texts->len; t++)
        g_ptr_array_add (made.texts, g_strdup (g_ptr_array_index (block->texts, t)));
      made.more = g_strdup (block->more);
      made.adjacent = g_array_copy (block->adjacent);
      g_array_append_val (copy, made);
    }
  return copy;
}

static GArray *
wall_crossings_copy (GArray *crossings)
{
  GArray *copy = g_array_sized_new (FALSE, TRUE, sizeof (WallCrossing), crossings->len);

  g_array_set_clear_func (copy, (GDestroyNotify) wall_crossing_clear);
  for (guint i = 0; i < crossings->len; i++)
    {
      const WallCrossing *crossing = &g_array_index (crossings, WallCrossing, i);
      WallCrossing made = { NULL, crossing->faction, crossing->from, crossing->towards,
                            crossing->progress, g_strdup (crossing->text),
                            g_strdup (crossing->label), g_strdup (crossing->where) };

      g_array_append_val (copy, made);
    }
  return copy;
}

/* Workers held before their search, for the tests (admiralty_sector_wall_hold_workers ()). */
static GMutex wall_hold_lock;
static GCond  wall_hold_cond;
static gboolean wall_held;
/* Layouts started on a worker whose end the thread that started them has not yet seen. */
static gint wall_working;

void
admiralty_sector_wall_hold_workers (gboolean hold)
{
  g_mutex_lock (&wall_hold_lock);
  wall_held = hold;
  g_cond_broadcast (&wall_hold_cond);
  g_mutex_unlock (&wall_hold_lock);
}

guint
admiralty_sector_wall_get_working (void)
{
  return (guint) g_atomic_int_get (&wall_working);
}

/* The worker: the layout search (wall_layout ()) on the input's copies, its texts measured on
 * a context of its own. No GTK, no scenario: only the input is read. */
static void
wall_work (GTask        *task,
           gpointer      source,
           gpointer      data,
           GCancellable *cancellable)
{
  WallInput *input = data;
  g_autoptr(GArray) transits = g_array_new (FALSE, TRUE, sizeof (WallTransit));
  g_autoptr(GArray) taken = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (WallLink));
  cairo_t *cr;
  Wall wall;

  g_mutex_lock (&wall_hold_lock);
  while (wall_held)
    g_cond_wait (&wall_hold_cond, &wall_hold_lock);
  g_mutex_unlock (&wall_hold_lock);

  cr = cairo_create (input->surface);
  cairo_set_matrix (cr, &input->matrix);
  cairo_set_font_options (cr, input->own_fonts);
  g_array_set_clear_func (transits, (GDestroyNotify) wall_transit_clear);
  wall = (Wall) { .cr = cr, .width = input->width, .height = input->height,
                  .blocks = input->blocks, .crossings = input->crossings,
                  .transits = transits, .taken = taken, .links = links,
                  .cancellable = cancellable };
  wall_layout (&wall, input->name_size, input->label_size);
  cairo_destroy (cr);
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task,
                         wall_layout_new (&wall, g_steal_pointer (&input->key),
                                          g_steal_pointer (&input->fonts)),
                         (GDestroyNotify) wall_layout_free);
}

/* A layout kept across frames (admiralty_sector_wall_new ()). */
struct _AdmiraltySectorWall {
  WallLayout                  *kept;      /* the last found, or NULL before */
  WallJob                     *pending;   /* the one a worker is finding, or NULL */
  AdmiraltySectorWallReadyFunc ready;     /* told when a worker's layout is kept */
  gpointer                     ready_data;
  guint                        layouts;
  guint                        foreground;  /* of them, found by admiralty_sector_wall_render () */
};

AdmiraltySectorWall *
admiralty_sector_wall_new (void)
{
  return g_new0 (AdmiraltySectorWall, 1);
}

/* The pending layout given up: its search stops, its result is dropped when it comes. */
static void
wall_drop_pending (AdmiraltySectorWall *self)
{
  if (self->pending == NULL)
    return;
  self->pending->owner = NULL;
  g_cancellable_cancel (self->pending->cancellable);
  self->pending = NULL;
}

void
admiralty_sector_wall_free (AdmiraltySectorWall *self)
{
  if (self == NULL)
    return;
  wall_drop_pending (self);
  g_clear_pointer (&self->kept, wall_layout_free);
  g_free (self);
}

guint
admiralty_sector_wall_get_layouts (AdmiraltySectorWall *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->layouts;
}

guint
admiralty_sector_wall_get_foreground_layouts (AdmiraltySectorWall *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->foreground;
}

gboolean
admiralty_sector_wall_get_pending (AdmiraltySectorWall *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->pending != NULL;
}

/* @layout kept (taken) in place of the last one. */
static void
wall_keep (AdmiraltySectorWall *self,
           WallLayout          *layout)
{
  g_clear_pointer (&self->kept, wall_layout_free);
  self->kept = layout;
  self->layouts++;
}

/* @self's kept layout for @wall to draw, with the sectors, formations and factions of @wall's
 * frame (wall_gather ()), which the key says are shown as those it was made from. */
static void
wall_reuse (AdmiraltySectorWall *self,
            Wall                *wall)
{
  WallLayout *kept = self->kept;

  g_set_object (&kept->scenario, wall->scenario);
  /* Just found for this frame: its blocks are the frame's own. */
  if (kept->blocks == wall->blocks)
    return;
  for (guint i = 0; i < kept->blocks->len; i++)
    {
      WallBlock *block = &g_array_index (kept->blocks, WallBlock, i);
      WallBlock *now = &g_array_index (wall->blocks, WallBlock, i);

      block->sector = now->sector;
      block->here = g_steal_pointer (&now->here);
      g_clear_pointer (&block->factions, g_ptr_array_unref);
      block->factions = g_steal_pointer (&now->factions);
    }
  for (guint i = 0; i < kept->transits->len; i++)
    {
      WallTransit *transit = &g_array_index (kept->transits, WallTransit, i);
      const WallCrossing *now = &g_array_index (wall->crossings, WallCrossing, i);

      transit->formation = now->formation;
      transit->faction = now->faction;
    }
  wall_use_layout (wall, kept);
}

/* Nothing of the frame's state kept past it: the sectors and formations a frame lent. The
 * factions stay, with their scenario, for a frame that draws this layout while the next is
 * found. */
static void
wall_forget (AdmiraltySectorWall *self)
{
  for (guint i = 0; i < self->kept->blocks->len; i++)
    {
      WallBlock *block = &g_array_index (self->kept->blocks, WallBlock, i);

      g_clear_pointer (&block->here, g_ptr_array_unref);
      block->sector = NULL;
    }
  for (guint i = 0; i < self->kept->transits->len; i++)
    g_array_index (self->kept->transits, WallTransit, i).formation = NULL;
}

/* The wall as laid out in @wall: the ground, links, leaders, names and points, lists and the
 * formations crossing links. */
static void
wall_draw (Wall *wall)
{
  cairo_t *cr = wall->cr;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, wall->width, wall->height);
  cairo_clip (cr);
  _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_BACKGROUND_RGB);
  cairo_paint (cr);
  /* Links, from point to point. */
  cairo_set_line_width (cr, MAX (LINK_WIDTH, wall->label_px / 6));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  _admiralty_sector_set_rgb (cr, ADMIRALTY_SECTOR_LINK_RGB);
  for (guint i = 0; i < wall->links->len; i++)
    {
      const WallLink *link = &g_array_index (wall->links, WallLink, i);

      cairo_move_to (cr, link->line[0], link->line[1]);
      cairo_line_to (cr, link->line[2], link->line[3]);
      cairo_stroke (cr);
    }
  for (guint i = 0; i < wall->blocks->len; i++)
    wall_draw_leader (wall, &g_array_index (wall->blocks, WallBlock, i));
  for (guint i = 0; i < wall->blocks->len; i++)
    wall_draw_name (wall, &g_array_index (wall->blocks, WallBlock, i));
  for (guint i = 0; i < wall->blocks->len; i++)
    wall_draw_formations (wall, &g_array_index (wall->blocks, WallBlock, i));
  wall_draw_transit (wall);
  cairo_restore (cr);
}

/* The map with no lists, for a frame with no layout found yet: the sectors' points with their
 * names and the links, at the type asked for, the map at its largest. Cheap: no list is
 * measured or placed. */
static void
wall_draw_plain (Wall   *wall,
                 double  name_size,
                 double  label_size)
{
  wall->names_only = TRUE;
  g_array_set_size (wall->crossings, 0);
  wall_set_type (wall, name_size, label_size);
  wall_place_points (wall, FALSE, 1.0);
  wall_fit_names (wall, FALSE);
  wall_find_links (wall);
  wall_draw (wall);
}

/* The frame's wall gathered (wall_gather ()), with its key and font options. FALSE when there
 * is nothing to draw. */
static gboolean
wall_begin (Wall                         *wall,
            cairo_t                      *cr,
            int                           width,
            int                           height,
            double                        name_size,
            double                        label_size,
            AdmScenario                  *scenario,
            const AdmiraltySectorOptions *options,
            AdmiraltySectorOptions       *defaults,
            GArray                       *labels,
            GByteArray                  **key,
            cairo_font_options_t        **fonts)
{
  if (width <= 0 || height <= 0)
    return FALSE;
  *wall = (Wall) { .cr = cr, .scenario = scenario,
                   .options = _admiralty_sector_options_or_defaults (options, defaults),
                   .width = width, .height = height, .labels = labels };
  wall->blocks = g_array_new (FALSE, TRUE, sizeof (WallBlock));
  wall->crossings = g_array_new (FALSE, TRUE, sizeof (WallCrossing));
  wall->transits = g_array_new (FALSE, TRUE, sizeof (WallTransit));
  wall->taken = g_array_new (FALSE, FALSE, sizeof (cairo_rectangle_t));
  wall->links = g_array_new (FALSE, FALSE, sizeof (WallLink));
  if (labels != NULL)
    g_array_set_clear_func (labels, (GDestroyNotify) admiralty_sector_label_clear);
  g_array_set_clear_func (wall->blocks, (GDestroyNotify) wall_block_clear);
  g_array_set_clear_func (wall->crossings, (GDestroyNotify) wall_crossing_clear);
  g_array_set_clear_func (wall->transits, (GDestroyNotify) wall_transit_clear);
  wall_gather (wall);
  *key = wall_key (wall, name_size, label_size);
  *fonts = wall_font_options (cr);
  return TRUE;
}

/* The arrays wall_begin () made for the frame. */
static void
wall_end (GArray *blocks,
          GArray *crossings,
          GArray *transits,
          GArray *taken,
          GArray *links)
{
  g_array_unref (blocks);
  g_array_unref (crossings);
  g_array_unref (transits);
  g_array_unref (taken);
  g_array_unref (links);
}

void
admiralty_sector_wall_render (AdmiraltySectorWall          *self,
                              cairo_t                      *cr,
                              int                           width,
                              int                           height,
                              double                        name_size,
                              double                        label_size,
                              AdmScenario                  *scenario,
                              const AdmiraltySectorOptions *options,
                              GArray                       *labels)
{
  AdmiraltySectorOptions defaults;
  g_autoptr(GByteArray) key = NULL;
  cairo_font_options_t *fonts = NULL;
  GArray *blocks, *crossings, *transits, *taken, *links;
  Wall wall;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (ADM_IS_SCENARIO (scenario));

  if (!wall_begin (&wall, cr, width, height, name_size, label_size, scenario, options,
                   &defaults, labels, &key, &fonts))
    return;
  blocks = wall.blocks, crossings = wall.crossings, transits = wall.transits;
  taken = wall.taken, links = wall.links;
  /* A frame showing what the last one showed, at the same size and in the same type, is laid
   * out as that one was: the search below is the same, so its result is kept. */
  if (self->kept != NULL && wall_same_inputs (self->kept->key, self->kept->fonts, key, fonts))
    {
      cairo_font_options_destroy (fonts);
      wall_reuse (self, &wall);
    }
  else
    {
      WallLayout *layout;

      wall_layout (&wall, name_size, label_size);
      layout = wall_layout_new (&wall, g_steal_pointer (&key), fonts);
      wall_keep (self, layout);
      self->foreground++;
      wall_reuse (self, &wall);
    }
  /* A worker finding this same layout has nothing more to give. */
  if (self->pending != NULL &&
      wall_same_inputs (self->pending->key, self->pending->fonts, self->kept->key,
                        self->kept->fonts))
    wall_drop_pending (self);
  wall_draw (&wall);
  wall_forget (self);
  wall_end (blocks, crossings, transits, taken, links);
}

/* The end of a worker's layout, on the thread that started it: kept, and its owner told, when
 * the owner still waits for it; else dropped, never drawn. */
static void
wall_work_done_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  WallJob *job = data;
  AdmiraltySectorWall *self = job->owner;
  WallLayout *layout = g_task_propagate_pointer (G_TASK (result), NULL);

  g_atomic_int_add (&wall_working, -1);
  if (self == NULL || layout == NULL)
    {
      g_clear_pointer (&layout, wall_layout_free);
      wall_job_free (job);
      return;
    }
  g_assert (self->pending == job);
  self->pending = NULL;
  layout->scenario = g_steal_pointer (&job->scenario);
  wall_job_free (job);
  wall_keep (self, layout);
  if (self->ready != NULL)
    self->ready (self->ready_data);
}

/* A worker started on the layout of @wall's frame, made from @key and @fonts. */
static void
wall_start (AdmiraltySectorWall *self,
            Wall                *wall,
            GByteArray          *key,
            cairo_font_options_t *fonts,
            double               name_size,
            double               label_size)
{
  WallJob *job = g_new0 (WallJob, 1);
  WallInput *input = g_new0 (WallInput, 1);
  g_autoptr(GTask) task = NULL;
  cairo_surface_t *target = cairo_get_target (wall->cr);

  wall_drop_pending (self);
  job->owner = self;
  job->cancellable = g_cancellable_new ();
  job->key = g_byte_array_ref (key);
  job->fonts = cairo_font_options_copy (fonts);
  job->scenario = g_object_ref (wall->scenario);
  /* Measured as on the frame's target: a surface of its kind, its device scale, and the
   * frame's transformation and font options. */
  input->surface = cairo_surface_create_similar (target, CAIRO_CONTENT_COLOR_ALPHA, 1, 1);
  cairo_get_matrix (wall->cr, &input->matrix);
  input->own_fonts = cairo_font_options_create ();
  cairo_get_font_options (wall->cr, input->own_fonts);
  input->width = wall->width;
  input->height = wall->height;
  input->name_size = name_size;
  input->label_size = label_size;
  input->blocks = wall_blocks_copy (wall->blocks);
  input->crossings = wall_crossings_copy (wall->crossings);
  input->key = g_byte_array_ref (key);
  input->fonts = cairo_font_options_copy (fonts);
  self->pending = job;
  g_atomic_int_inc (&wall_working);
  task = g_task_new (NULL, job->cancellable, wall_work_done_cb, job);
  g_task_set_source_tag (task, wall_start);
  g_task_set_name (task, "[admiralty] wall layout");
  g_task_set_task_data (task, input, (GDestroyNotify) wall_input_free);
  g_task_run_in_thread (task, wall_work);
}

gboolean
admiralty_sector_wall_render_background (AdmiraltySectorWall          *self,
                                         cairo_t                      *cr,
                                         int                           width,
                                         int                           height,
                                         double                        name_size,
                                         double                        label_size,
                                         AdmScenario                  *scenario,
                                         const AdmiraltySectorOptions *options,
                                         AdmiraltySectorWallReadyFunc  ready,
                                         gpointer                      user_data)
{
  AdmiraltySectorOptions defaults;
  g_autoptr(GByteArray) key = NULL;
  cairo_font_options_t *fonts = NULL;
  GArray *blocks, *crossings, *transits, *taken, *links;
  gboolean own = FALSE;
  Wall wall;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), FALSE);

  self->ready = ready;
  self->ready_data = user_data;
  if (!wall_begin (&wall, cr, width, height, name_size, label_size, scenario, options,
                   &defaults, NULL, &key, &fonts))
    return TRUE;
  blocks = wall.blocks, crossings = wall.crossings, transits = wall.transits;
  taken = wall.taken, links = wall.links;
  if (self->kept != NULL && wall_same_inputs (self->kept->key, self->kept->fonts, key, fonts))
    {
      /* Its own layout, found: a change still being laid out is older news. */
      wall_drop_pending (self);
      wall_reuse (self, &wall);
      wall_draw (&wall);
      wall_forget (self);
      own = TRUE;
    }
  else
    {
      /* A newer change than the one a worker is laying out supersedes it. */
      if (self->pending == NULL ||
          !wall_same_inputs (self->pending->key, self->pending->fonts, key, fonts))
        wall_start (self, &wall, key, fonts, name_size, label_size);
      /* Meanwhile the last layout found, as it was drawn, or the map without lists. */
      if (self->kept != NULL)
        {
          Wall last = wall;

          wall_use_layout (&last, self->kept);
          wall_draw (&last);
        }
      else
        wall_draw_plain (&wall, name_size, label_size);
    }
  cairo_font_options_destroy (fonts);
  wall_end (blocks, crossings, transits, taken, links);
  return own;
}

void
admiralty_sector_render_wall (cairo_t                      *cr,
                              int                           width,
                              int                           height,
                              double                        name_size,
                              double                        label_size,
                              AdmScenario                  *scenario,
                              const AdmiraltySectorOptions *options,
                              GArray                       *labels)
{
  g_autoptr(AdmiraltySectorWall) wall = admiralty_sector_wall_new ();

  admiralty_sector_wall_render (wall, cr, width, height, name_size, label_size, scenario,
                                options, labels);
}
