/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-colour-vision.c: colour differences as seen with and without colour-blindness (see the
 * header). */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-colour-vision.h"

/* Machado, Oliveira and Fernandes (2009), table of matrices for severity 1.0, on linear RGB. */
static const double machado[][3][3] = {
  [ADM_COLOUR_VISION_PROTANOPIA] = {
    {  0.152286, 1.052583, -0.204868 },
    {  0.114503, 0.786281,  0.099216 },
    { -0.003882, -0.048116, 1.051998 },
  },
  [ADM_COLOUR_VISION_DEUTERANOPIA] = {
    {  0.367322, 0.860646, -0.227968 },
    {  0.280085, 0.672501,  0.047413 },
    { -0.011820, 0.042940,  0.968881 },
  },
};

gboolean
adm_colour_parse (const char *text,
                  double      rgb[3])
{
  g_return_val_if_fail (rgb != NULL, FALSE);

  if (text == NULL || strlen (text) != 7 || text[0] != '#')
    return FALSE;
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  for (int c = 0; c < 3; c++)
    rgb[c] = (g_ascii_xdigit_value (text[1 + 2 * c]) * 16 +
              g_ascii_xdigit_value (text[2 + 2 * c])) / 255.0;
  return TRUE;
}

static double
to_linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
from_linear (double c)
{
  c = CLAMP (c, 0.0, 1.0);
  return c <= 0.0031308 ? 12.92 * c : 1.055 * pow (c, 1 / 2.4) - 0.055;
}

void
adm_colour_simulate (AdmColourVision  vision,
                     const double     rgb[3],
                     double           out[3])
{
  double linear[3];

  g_return_if_fail (rgb != NULL && out != NULL);

  if (vision == ADM_COLOUR_VISION_NORMAL)
    {
      memmove (out, rgb, 3 * sizeof (double));
      return;
    }
  for (int c = 0; c < 3; c++)
    linear[c] = to_linear (rgb[c]);
  for (int r = 0; r < 3; r++)
    out[r] = from_linear (machado[vision][r][0] * linear[0] +
                          machado[vision][r][1] * linear[1] +
                          machado[vision][r][2] * linear[2]);
}

static double
lab_f (double t)
{
  /* CIE's ε = 216/24389 and κ = 24389/27, exact rather than rounded. */
  return t > 216.0 / 24389.0 ? cbrt (t) : (24389.0 / 27.0 * t + 16) / 116;
}

void
adm_colour_to_lab (const double rgb[3],
                   double       lab[3])
{
  double r, g, b, fx, fy, fz;

  g_return_if_fail (rgb != NULL && lab != NULL);

  r = to_linear (rgb[0]);
  g = to_linear (rgb[1]);
  b = to_linear (rgb[2]);
  /* sRGB to XYZ (D65), each divided by the white's X, Y, Z. */
  fx = lab_f ((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047);
  fy = lab_f (0.2126729 * r + 0.7151522 * g + 0.0721750 * b);
  fz = lab_f ((0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883);
  lab[0] = 116 * fy - 16;
  lab[1] = 500 * (fx - fy);
  lab[2] = 200 * (fy - fz);
}

double
adm_colour_delta_e76 (const double lab1[3],
                      const double lab2[3])
{
  g_return_val_if_fail (lab1 != NULL && lab2 != NULL, 0);

  return sqrt ((lab1[0] - lab2[0]) * (lab1[0] - lab2[0]) +
               (lab1[1] - lab2[1]) * (lab1[1] - lab2[1]) +
               (lab1[2] - lab2[2]) * (lab1[2] - lab2[2]));
}

double
adm_colour_difference (AdmColourVision  vision,
                       const double     a[3],
                       const double     b[3])
{
  double seen_a[3], seen_b[3], lab_a[3], lab_b[3];

  adm_colour_simulate (vision, a, seen_a);
  adm_colour_simulate (vision, b, seen_b);
  adm_colour_to_lab (seen_a, lab_a);
  adm_colour_to_lab (seen_b, lab_b);
  return adm_colour_delta_e76 (lab_a, lab_b);
}

const char *
adm_colour_vision_name (AdmColourVision vision)
{
  switch (vision)
    {
    case ADM_COLOUR_VISION_PROTANOPIA:
      /* Translators: a colour-blindness: no red cones */
      return _("protanopia");
    case ADM_COLOUR_VISION_DEUTERANOPIA:
      /* Translators: a colour-blindness: no green cones */
      return _("deuteranopia");
    case ADM_COLOUR_VISION_NORMAL:
    default:
      return _("normal colour vision");
    }
}
