/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-colour-vision.h: how far apart two colours look, to everyone and to the colour-blind.
 *
 * A colour is simulated as a dichromat sees it by Machado, Oliveira and Fernandes (2009, "A
 * Physiologically-based Model for Simulation of Color Vision Deficiency"), severity 1.0,
 * applied to linear RGB; the difference is CIE76's ΔE*ab, the distance between the colours
 * in CIELAB (D65). Pure functions on plain numbers, as the rules' are. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  ADM_COLOUR_VISION_NORMAL,
  ADM_COLOUR_VISION_PROTANOPIA,    /* no long-wave (red) cones */
  ADM_COLOUR_VISION_DEUTERANOPIA,  /* no medium-wave (green) cones */
} AdmColourVision;

/* Two sides whose colours differ by less than this ΔE*ab (CIE76) are hard to tell apart at a
 * glance across a table; 20 leaves room for a projector's washed-out colours. */
#define ADM_COLOUR_DISTINCT_DELTA_E 20.0

/* "#rrggbb" into sRGB components 0..1; FALSE (and @rgb untouched) for anything else. */
gboolean adm_colour_parse         (const char      *text,
                                   double           rgb[3]);
/* @rgb (sRGB, 0..1) as one with @vision sees it, sRGB 0..1 again. */
void     adm_colour_simulate      (AdmColourVision  vision,
                                   const double     rgb[3],
                                   double           out[3]);
/* @rgb (sRGB 0..1) in CIELAB, D65 white: L* 0..100, a*, b*. */
void     adm_colour_to_lab        (const double     rgb[3],
                                   double           lab[3]);
/* CIE76: the Euclidean distance of two CIELAB colours. */
double   adm_colour_delta_e76     (const double     lab1[3],
                                   const double     lab2[3]);
/* How far apart the sRGB colours @a and @b look to one with @vision (CIE76 ΔE*ab). */
double   adm_colour_difference    (AdmColourVision  vision,
                                   const double     a[3],
                                   const double     b[3]);
/* The name of @vision for a master: "deuteranopia" (translated). */
const char *adm_colour_vision_name (AdmColourVision vision);

G_END_DECLS
