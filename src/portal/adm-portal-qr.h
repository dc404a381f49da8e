/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-qr.h: an admiral's link as a QR code (libqrencode), drawn with Cairo for the
 * "Share with Admirals" dialog and the printed sheet, or as text for a terminal. */
#pragma once

#include <glib.h>
#include <cairo.h>

G_BEGIN_DECLS

/* Draws @text's code, black on white, quiet zone included, into the square (@x, @y) @size
 * wide, each module a whole number of device units when @size allows. FALSE when @text cannot
 * be encoded (then nothing is drawn). */
gboolean adm_portal_qr_draw    (cairo_t    *cr,
                                const char *text,
                                double      x,
                                double      y,
                                double      size);
/* The code in Unicode half blocks, two modules a character high, for a terminal; NULL when it
 * cannot be encoded. */
char    *adm_portal_qr_text    (const char *text) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
