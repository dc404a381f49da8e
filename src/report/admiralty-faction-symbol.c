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

/* The channel at @shift of @ground moved INK_SHARE of the way to @ink, 0..1. */
static double
mix (guint32 ground,
     guint32 ink,
     guint   shift)
{
  double from = ((ground >> shift) & 0xff) / 255.0, to = ((ink >> shift) & 0xff) / 255.0;

  return from + (to - from) * INK_SHARE;
}

void
admiralty_faction_symbol_draw (cairo_t          *cr,
                               AdmFactionSymbol  symbol,
                               double            cx,
                               double            cy,
                               double            r,
                               guint32           ground)
{
  guint32 ink = admiralty_faction_symbol_ink (ground);

  g_return_if_fail (cr != NULL);
  g_return_if_fail (symbol < ADM_N_FACTION_SYMBOLS);

  if (r <= 0)
    return;
  cairo_save (cr);
  cairo_new_path (cr);
  admiralty_faction_symbol_path (cr, symbol, cx, cy, r);
  /* Six tenths of the way from the ground to the ink: as plain to the eye, and a corner
   * looks the same however it falls on the pixels (a token's cached picture is placed to an
   * eighth of one, admiralty-table-cache.c). */
  cairo_set_source_rgb (cr, mix (ground, ink, 16), mix (ground, ink, 8), mix (ground, ink, 0));
  cairo_fill (cr);
  cairo_restore (cr);
}
