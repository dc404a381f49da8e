/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-faction-symbol.c: a faction's symbol drawn with Cairo (see the header). */

#include "config.h"

#include <math.h>

#include "admiralty-faction-symbol.h"

#define DARK_INK 0x1a1a1a
#define INK_SHARE 0.6

/* A regular polygon of @n corners on the circle of radius @r, the first straight up. */
static void
polygon (cairo_t *cr,
         guint    n,
         double   cx,
         double   cy,
         double   r,
         double   inner)
{
  guint corners = inner > 0 ? 2 * n : n;

  for (guint i = 0; i < corners; i++)
    {
      double radius = inner > 0 && i % 2 == 1 ? inner : r;
      double angle = -G_PI / 2 + 2 * G_PI * i / corners;
      double x = cx + radius * cos (angle), y = cy + radius * sin (angle);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_close_path (cr);
}

void
admiralty_faction_symbol_path (cairo_t          *cr,
                               AdmFactionSymbol  symbol,
                               double            cx,
                               double            cy,
                               double            r)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (symbol < ADM_N_FACTION_SYMBOLS);

  switch (symbol)
    {
    case ADM_FACTION_SYMBOL_CIRCLE:
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, 0.8 * r, 0, 2 * G_PI);
      cairo_close_path (cr);
      break;
    case ADM_FACTION_SYMBOL_TRIANGLE:
      /* Its centroid a little low, so that it sits in the circle's middle. */
      polygon (cr, 3, cx, cy + 0.12 * r, r, 0);
      break;
    case ADM_FACTION_SYMBOL_SQUARE:
      cairo_rectangle (cr, cx - 0.65 * r, cy - 0.65 * r, 1.3 * r, 1.3 * r);
      break;
    case ADM_FACTION_SYMBOL_DIAMOND:
      cairo_move_to (cr, cx, cy - r);
      cairo_line_to (cr, cx + 0.75 * r, cy);
      cairo_line_to (cr, cx, cy + r);
      cairo_line_to (cr, cx - 0.75 * r, cy);
      cairo_close_path (cr);
      break;
    case ADM_FACTION_SYMBOL_STAR:
      polygon (cr, 5, cx, cy + 0.05 * r, r, 0.45 * r);
      break;
    case ADM_FACTION_SYMBOL_CROSS:
      {
        /* A plus of arms 0.3 r across: twelve corners, one outline. */
        const double a = 0.3 * r, b = r;
        const double corners[][2] = {
          { -a, -b }, { a, -b }, { a, -a }, { b, -a }, { b, a }, { a, a },
          { a, b }, { -a, b }, { -a, a }, { -b, a }, { -b, -a }, { -a, -a },
        };

        for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
          if (i == 0)
            cairo_move_to (cr, cx + corners[i][0], cy + corners[i][1]);
          else
            cairo_line_to (cr, cx + corners[i][0], cy + corners[i][1]);
        cairo_close_path (cr);
        break;
      }
    case ADM_FACTION_SYMBOL_HEXAGON:
      polygon (cr, 6, cx, cy, 0.9 * r, 0);
      break;
    case ADM_FACTION_SYMBOL_BAR:
      cairo_rectangle (cr, cx - 0.95 * r, cy - 0.32 * r, 1.9 * r, 0.64 * r);
      break;
    case ADM_N_FACTION_SYMBOLS:
    default:
      g_assert_not_reached ();
    }
}

static double
luminance (guint32 colour)
{
  double sum = 0;
  static const double weights[] = { 0.2126, 0.7152, 0.0722 };

  for (guint c = 0; c < 3; c++)
    {
      double v = ((colour >> (16 - 8 * c)) & 0xff) / 255.0;

      v = v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
      sum += weights[c] * v;
    }
  return sum;
}

guint32
admiralty_faction_symbol_ink (guint32 ground)
{
  double l = luminance (ground);
  double with_white = 1.05 / (l + 0.05), with_dark = (l + 0.05) / (luminance (DARK_INK) + 0.05);

  return with_white >= with_dark ? 0xffffff : DARK_INK;
}

guint32
admiralty_faction_symbol_colour (guint32 ground)
{
  guint32 ink = admiralty_faction_symbol_ink (ground), colour = 0;

  /* Six tenths of the way from the ground to the ink: as plain to the eye, and a corner
   * looks the same however it falls on the pixels (a token's cached picture is placed to an
   * eighth of one, admiralty-table-cache.c). */
  for (guint shift = 0; shift < 24; shift += 8)
    {
      double from = (ground >> shift) & 0xff, to = (ink >> shift) & 0xff;

      colour |= (guint32) (from + (to - from) * INK_SHARE + 0.5) << shift;
    }
  return colour;
}

void
admiralty_faction_symbol_draw (cairo_t          *cr,
                               AdmFactionSymbol  symbol,
                               double            cx,
                               double            cy,
                               double            r,
                               guint32           ground)
{
  guint32 colour = admiralty_faction_symbol_colour (ground);

  g_return_if_fail (cr != NULL);
  g_return_if_fail (symbol < ADM_N_FACTION_SYMBOLS);

  if (r <= 0)
    return;
  cairo_save (cr);
  cairo_new_path (cr);
  admiralty_faction_symbol_path (cr, symbol, cx, cy, r);
  cairo_set_source_rgb (cr, ((colour >> 16) & 0xff) / 255.0, ((colour >> 8) & 0xff) / 255.0,
                        (colour & 0xff) / 255.0);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* @path's points as SVG path data, in units of the disc's radius. */
static void
append_path_data (GString            *out,
                  const cairo_path_t *path)
{
  for (int i = 0; i < path->num_data; i += path->data[i].header.length)
    {
      const cairo_path_data_t *data = &path->data[i];

      switch (data->header.type)
        {
        case CAIRO_PATH_MOVE_TO:
          g_string_append_printf (out, "M%.3f %.3f", data[1].point.x, data[1].point.y);
          break;
        case CAIRO_PATH_LINE_TO:
          g_string_append_printf (out, "L%.3f %.3f", data[1].point.x, data[1].point.y);
          break;
        case CAIRO_PATH_CURVE_TO:
          g_string_append_printf (out, "C%.3f %.3f %.3f %.3f %.3f %.3f",
                                  data[1].point.x, data[1].point.y, data[2].point.x,
                                  data[2].point.y, data[3].point.x, data[3].point.y);
          break;
        case CAIRO_PATH_CLOSE_PATH:
          g_string_append (out, "Z");
          break;
        default:
          break;
        }
    }
}

char *
admiralty_faction_symbol_svg (AdmFactionSymbol  symbol,
                              guint32           ground,
                              guint             size,
                              const char       *title)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_path_t *path;
  GString *out;

  g_return_val_if_fail (symbol < ADM_N_FACTION_SYMBOLS, NULL);

  /* The outline in a context of its own: Cairo keeps the path in user units, with no
   * flattening, whatever the surface. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  cr = cairo_create (surface);
  admiralty_faction_symbol_path (cr, symbol, 0, 0, 0.55);
  path = cairo_copy_path (cr);
  out = g_string_new (NULL);
  g_string_append_printf (out, "<svg class=\"sym\" viewBox=\"-1 -1 2 2\" width=\"%u\" "
                          "height=\"%u\" role=\"img\"", size, size);
  if (title != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (title, -1);

      g_string_append_printf (out, " aria-label=\"%s\"><title>%s</title>", escaped, escaped);
    }
  else
    g_string_append (out, " aria-hidden=\"true\">");
  g_string_append_printf (out, "<circle r=\"1\" fill=\"#%06x\"/><path fill=\"#%06x\" d=\"",
                          ground & 0xffffff, admiralty_faction_symbol_colour (ground));
  append_path_data (out, path);
  g_string_append (out, "\"/></svg>");
  cairo_path_destroy (path);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return g_string_free (out, FALSE);
}
