/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-qr.c: QR codes of the portal's links (adm-portal-qr.h). Level M: a phone reads a
 * code printed on a crumpled fleet-card sheet. */

#include "config.h"

#include <math.h>
#include <qrencode.h>

#include "adm-portal-qr.h"

#define QUIET 4

static QRcode *
encode (const char *text)
{
  return text != NULL ? QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) : NULL;
}

static gboolean
dark (const QRcode *code,
      int           x,
      int           y)
{
  x -= QUIET;
  y -= QUIET;
  if (x < 0 || y < 0 || x >= code->width || y >= code->width)
    return FALSE;
  return code->data[y * code->width + x] & 1;
}

gboolean
adm_portal_qr_draw (cairo_t    *cr,
                    const char *text,
                    double      x,
                    double      y,
                    double      size)
{
  QRcode *code = encode (text);
  int modules;
  double unit;

  if (code == NULL)
    return FALSE;
  modules = code->width + 2 * QUIET;
  unit = size / modules;
  /* Whole device units per module when there is room: sharp edges read best. */
  if (unit >= 1.0)
    unit = floor (unit);
  x += (size - unit * modules) / 2;
  y += (size - unit * modules) / 2;
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, x, y, unit * modules, unit * modules);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int row = 0; row < modules; row++)
    for (int column = 0; column < modules; column++)
      if (dark (code, column, row))
        cairo_rectangle (cr, x + column * unit, y + row * unit, unit, unit);
  cairo_fill (cr);
  cairo_restore (cr);
  QRcode_free (code);
  return TRUE;
}

char *
adm_portal_qr_text (const char *text)
{
  QRcode *code = encode (text);
  GString *out;
  int modules;

  if (code == NULL)
    return NULL;
  modules = code->width + 2 * QUIET;
  out = g_string_new (NULL);
  /* Light modules are drawn, dark ones left blank: terminals are mostly light on dark. */
  for (int row = 0; row < modules; row += 2)
    {
      for (int column = 0; column < modules; column++)
        {
          gboolean top = !dark (code, column, row);
          gboolean bottom = row + 1 < modules && !dark (code, column, row + 1);

          g_string_append (out, top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ");
        }
      g_string_append_c (out, '\n');
    }
  QRcode_free (code);
  return g_string_free (out, FALSE);
}
