/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-faction-symbol.h: a faction's symbol (adm-faction-symbol.h) drawn with Cairo —
 * one function for the table's tokens, the sector map, the projector's wall and key, and
 * paper — so that a side is told by its shape where its colour is not told apart. Shapes are
 * paths, never a font's glyph that a machine may lack. */
#pragma once

#include <cairo.h>

#include "adm-faction-symbol.h"

G_BEGIN_DECLS

/* @symbol filled, fitting the circle of radius @r about (@cx, @cy), in white or in near-black
 * — whichever stands out more from @ground (0xRRGGBB, the colour it is drawn on), so that it
 * reads on any colour — six tenths of the way from @ground to it. The source and path of
 * @cr are left as they were. */
void     admiralty_faction_symbol_draw (cairo_t          *cr,
                                        AdmFactionSymbol  symbol,
                                        double            cx,
                                        double            cy,
                                        double            r,
                                        guint32           ground);

/* @symbol's outline appended to @cr's path, fitting the circle of radius @r about (@cx, @cy). */
void     admiralty_faction_symbol_path (cairo_t          *cr,
                                        AdmFactionSymbol  symbol,
                                        double            cx,
                                        double            cy,
                                        double            r);

/* The ink a symbol is drawn in on @ground: 0xffffff on a dark colour, 0x1a1a1a on a light one
 * (the brighter contrast by relative luminance, WCAG's). */
guint32  admiralty_faction_symbol_ink  (guint32           ground);
/* The colour admiralty_faction_symbol_draw () fills a symbol with on @ground (0xRRGGBB): six
 * tenths of the way from @ground to its ink. */
guint32  admiralty_faction_symbol_colour (guint32         ground);

/* An inline SVG of @symbol on a disc of @ground (0xRRGGBB), as the projector's key draws it,
 * @size CSS pixels square, for a web page: the outline is admiralty_faction_symbol_path ()'s,
 * read back from Cairo, so that the page and the screen draw the same shape. @title is its
 * accessible name (escaped here), or NULL. */
char    *admiralty_faction_symbol_svg (AdmFactionSymbol  symbol,
                                       guint32           ground,
                                       guint             size,
                                       const char       *title) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
