/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-renderer-private.h: what the sector map's drawing shares — the drawing
 * passes (admiralty-sector-renderer.c), where formations are (admiralty-sector-layout.c), the
 * text (admiralty-sector-labels.c), the legend (admiralty-sector-legend.c) and the
 * projector's wall layout (admiralty-sector-wall.c): one frame's state, the card's geometry,
 * colours, text measured and fitted, labels placed clear of each other, where formations are
 * and the symbols drawn for them. For those files only. */
#pragma once

#include <math.h>
#include <pango/pangocairo.h>

#include "admiralty-sector-renderer.h"

G_BEGIN_DECLS

/* A sector's card at zoom 1 (admiralty-sector-view.h) and its rows, in px from the sector's
 * position downwards: the name block above it, the objects and one row per formation below
 * it, and a plain band across between them. A card is as tall as its rows and as wide as its
 * longest word needs, never less than the default card's width and part above the position. */
#define NODE_W           ((double) ADMIRALTY_SECTOR_NODE_WIDTH)
#define NODE_H           ((double) ADMIRALTY_SECTOR_NODE_HEIGHT)
#define NODE_ABOVE       ((double) ADMIRALTY_SECTOR_NODE_ABOVE)
#define NODE_RADIUS      ADMIRALTY_SECTOR_NODE_RADIUS
#define NODE_INSET        8.0  /* px between the card's sides and its contents */
#define FORMATION_ROW_Y  25.0  /* the middle of the first formation's first line */
#define CARD_ROWS        8     /* formations a card names; past that, the last row is a "+N" */
#define CARD_WIDENINGS   7     /* widths a fit tries for cards: NODE_W and up to 1¾ of it, by
                                * eighths */
#define LINE_STRIDE      13.0  /* px from one formation's row to the next, one line each */
#define WRAP_STRIDE      12.0  /* px between the lines of one formation's name: its font's
                                * ascent and descent, 11.6 px, in whole pixels */
#define LABEL_FONT_SIZE  10.0  /* px, of a formation's name on its line */
#define LABEL_GAP         5.0  /* px between a marker and its name */

#define LINK_WIDTH         3.0   /* px */
#define MARKER_SIZE        12    /* px, of a formation's marker: whole pixels, crisp */
#define MARKER_EDGE_PALING 0.55  /* share of white in a marker's edge */
#define HOVER_RGB          0xb4c3d3
#define BORDER_RGB         0x6b7d90
#define TEXT_RGB           0xe8edf2
#define ENGAGEMENT_RADIUS  9.0   /* px, of an engagement's mark */

typedef struct {
  double r, g, b;
} Rgb;

/* One formation's row on a card: its marker, its name after it wrapped between words in as
 * many lines as it needs, and the ships its audience is told of at the first line's right
 * end. */
typedef struct {
  const AdmFormation *formation;
  gboolean            ghost;   /* where a side last saw it (F-STRAT-3): a dashed marker */
  PangoLayout        *name;
  char               *ships;   /* or NULL */
  double              fixed;   /* px of the card's width not for the name: insets, marker,
                                * ships */
  double              top;     /* px from the card's top */
  double              height;  /* LINE_STRIDE, and WRAP_STRIDE a line more */
} CardRow;

/* A sector's card laid out at zoom 1 from its text, for one audience. Its size comes first:
 * a view's table of cards (AdmiraltySectorView.cards) hands the view this. */
typedef struct {
  AdmiraltySectorCardSize size;
  PangoLayout            *name;      /* centred, in lines of the card's width less its insets */
  double                  name_top;  /* px from the card's top */
  GArray                 *rows;      /* CardRow: the formations, then the last-seen marks */
  guint                   more;      /* how many have no row: the "+N" badge's N */
  double                  more_top;  /* px from the card's top: the badge's row */
  double                  least_width; /* px: the default, or its longest word's */
  double                  line_width;  /* px: its longest row's whole line */
  char                   *key;       /* what its shape depends on (card_key ()) */
} Card;

/* What one call of admiralty_sector_render works with, on the caller's stack. */
typedef struct {
  cairo_t                      *cr;
  const AdmiraltySectorView    *view;
  AdmScenario                  *scenario;
  const AdmiraltySectorOptions *options;
  AdmSector                    *selected;
  AdmSector                    *hovered;
  double                        zoom;    /* of the view drawn: the labels are kept at it */
  GArray                       *labels;  /* AdmiraltySectorLabel: each text drawn, or NULL */
} Frame;

/* Colours and symbols (admiralty-sector-renderer.c) */

/* "#rrggbb", or a neutral grey when @text is not one. */
Rgb
_admiralty_sector_rgb_from_hex (const char *text);

/* The colour @options draw @faction in: its palette's (faction_colours), else its own; NULL
 * for no faction. @options may be NULL. */
const char *
_admiralty_sector_faction_colour (const AdmiraltySectorOptions *options,
                                  const AdmFaction             *faction);

/* @faction's symbol (admiralty-faction-symbol.h) of radius @r centred on (@cx, @cy), on the
 * colour @options draw it in; nothing for a formation without a faction or colour. */
void
_admiralty_sector_draw_faction_symbol (cairo_t          *cr,
                                       const AdmiraltySectorOptions *options,
                                       const AdmFaction *faction,
                                       double            cx,
                                       double            cy,
                                       double            r);

/* @value is 0xRRGGBB. */
void
_admiralty_sector_set_rgb (cairo_t *cr,
                           guint32  value);

/* A card's outline, its corners rounded, @inset px inside @rect. */
void
_admiralty_sector_rounded_rect_path (cairo_t                 *cr,
                                     const cairo_rectangle_t *rect,
                                     double                   inset);

/* An object's glyph (F-STRAT-9) centred on (@x, @y). */
void
_admiralty_sector_draw_object (cairo_t               *cr,
                               const AdmSectorObject *object,
                               double                 x,
                               double                 y);

/* A minefield's glyph (F-MINE-10), the table's mine at card size, centred on (@x, @y). */
void
_admiralty_sector_draw_minefield (cairo_t            *cr,
                                  const AdmMinefield *minefield,
                                  gboolean            plasma,
                                  double              x,
                                  double              y);

/* A formation's marker in its faction's colour, its top left at (@x, @y). */
void
_admiralty_sector_draw_marker (cairo_t            *cr,
                               const AdmiraltySectorOptions *options,
                               const AdmFormation *formation,
                               double              x,
                               double              y);

/* Where a side last saw a hidden enemy: a dashed outline, its top left at (@x, @y). */
void
_admiralty_sector_draw_ghost_marker (cairo_t            *cr,
                                     const AdmiraltySectorOptions *options,
                                     const AdmFormation *formation,
                                     double              x,
                                     double              y);

/* A formation crossing a link: an arrowhead in its faction's colour at (@x, @y) pointing
 * at @angle. */
void
_admiralty_sector_draw_transit_marker (cairo_t            *cr,
                                       const AdmiraltySectorOptions *options,
                                       const AdmFormation *formation,
                                       double              x,
                                       double              y,
                                       double              angle,
                                       gboolean            ghost);

/* Where formations are (admiralty-sector-layout.c) */

/* @options, or @defaults set to the defaults when it is NULL. */
const AdmiraltySectorOptions *
_admiralty_sector_options_or_defaults (const AdmiraltySectorOptions *options,
                                       AdmiraltySectorOptions       *defaults);

/* The formations of the strategy, or of the scenario at the start. */
GPtrArray *
_admiralty_sector_formations_in_being (AdmScenario                  *scenario,
                                       const AdmiraltySectorOptions *options);

/* The marks of the hidden enemies @options' side knows only as last seen (F-STRAT-3):
 * AdmSighting*, none for the master nor the public. */
GPtrArray *
_admiralty_sector_last_seen (const AdmiraltySectorOptions *options);

/* Where @formation is: its sector, and when it is crossing a link the sector it goes to
 * (@towards) and the share of the link behind it (@progress). */
const AdmSector *
_admiralty_sector_formation_place (AdmScenario                   *scenario,
                                   const AdmiraltySectorOptions  *options,
                                   const AdmFormation            *formation,
                                   const AdmSector              **towards,
                                   double                        *progress);

/* Cards (admiralty-sector-labels.c) */

/* @sector's card for @options' audience, laid out at zoom 1, up to @widest px wide for its
 * rows' whole lines (wider only for a word longer than a row). */
Card *
_admiralty_sector_card_new (AdmScenario                  *scenario,
                            const AdmiraltySectorOptions *options,
                            const AdmSector              *sector,
                            double                        widest);

void
_admiralty_sector_card_free (Card *card);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Card, _admiralty_sector_card_free)

/* @view, or when it has no cards a copy of it in @copy with its cards measured for @options
 * into *@owned (NULL otherwise), for the caller to unref. */
const AdmiraltySectorView *
_admiralty_sector_sized_view (const AdmiraltySectorView    *view,
                              AdmScenario                  *scenario,
                              const AdmiraltySectorOptions *options,
                              AdmiraltySectorView          *copy,
                              GHashTable                  **owned);

/* @sector's card in @view's cards (a view from _admiralty_sector_sized_view ()). */
const Card *
_admiralty_sector_card (const AdmiraltySectorView *view,
                        const AdmSector           *sector);

/* The top-left pixel of the marker of @row on the card @rect. */
static inline void
marker_origin (const cairo_rectangle_t *rect,
               const CardRow           *row,
               double                  *x,
               double                  *y)
{
  *x = floor (rect->x + NODE_INSET);
  *y = floor (rect->y + row->top + LINE_STRIDE / 2 - MARKER_SIZE / 2.0);
}

/* The centre of a formation's marker on the link @from → @towards, @progress along it,
 * @index of @count formations side by side across it, and the link's direction (@angle). */
void
_admiralty_sector_transit_point (const AdmiraltySectorView *view,
                                 const AdmSector           *from,
                                 const AdmSector           *towards,
                                 double                     progress,
                                 guint                      index,
                                 guint                      count,
                                 double                    *x,
                                 double                    *y,
                                 double                    *angle);

/* Where @formation's marker is on the link it is crossing, and the link's direction at it
 * (@angle): the formations crossing the same link, either way, stand side by side in
 * order. FALSE when it is not crossing one. */
gboolean
_admiralty_sector_transit_position (const AdmiraltySectorView    *view,
                                    AdmScenario                  *scenario,
                                    const AdmiraltySectorOptions *options,
                                    const AdmFormation           *formation,
                                    double                       *x,
                                    double                       *y,
                                    double                       *angle);

/* The text (admiralty-sector-labels.c) */

double
_admiralty_sector_text_width (cairo_t    *cr,
                              const char *text);

/* @text cut to at most @max_width in @cr's font and ended with "…"; unchanged when it
 * fits. */
char *
_admiralty_sector_ellipsize (cairo_t    *cr,
                             const char *text,
                             double      max_width);

/* @name in two balanced lines; TRUE when they fit in @max_width (*@second NULL when one
 * line holds it all). */
gboolean
_admiralty_sector_split_name (cairo_t     *cr,
                              const char  *name,
                              double       max_width,
                              char       **first,
                              char       **second);

/* @text's box in @cr's font: its advance wide, the font's ascent plus descent high. */
void
_admiralty_sector_label_size (cairo_t    *cr,
                              const char *text,
                              double     *width,
                              double     *height);

/* Draws @text in @box on a plate of the map's background. */
void
_admiralty_sector_show_on_plate (cairo_t                 *cr,
                                 const char              *text,
                                 const cairo_rectangle_t *box,
                                 double                   pad);

/* The area of @rect over the rectangles @taken, or outside the @width × @height area. */
double
_admiralty_sector_overlap_area (const cairo_rectangle_t *rect,
                                GArray                  *taken,
                                double                   width,
                                double                   height);

/* The box of a @text_width × @text_height label beside a marker of radius @r at (@x, @y),
 * clear of @taken and inside the @width × @height area where it can be, into @box. */
void
_admiralty_sector_place_label (double             x,
                               double             y,
                               double             r,
                               double             text_width,
                               double             text_height,
                               GArray            *taken,
                               double             width,
                               double             height,
                               cairo_rectangle_t *box);

/* How many ships of @formation @options' audience is told, as text, or NULL when none. */
char *
_admiralty_sector_ship_count_text (AdmScenario                  *scenario,
                                   const AdmiraltySectorOptions *options,
                                   const AdmFormation           *formation);

/* Keeps @text, drawn in @box (px at zoom 1) at @font_size px, among @frame's labels, if it
 * keeps them. */
void
_admiralty_sector_record (Frame                        *frame,
                          const AdmSector              *sector,
                          const AdmFormation           *formation,
                          AdmiraltySectorLabelKind      kind,
                          const char                   *text,
                          double                        font_size,
                          const cairo_rectangle_t      *box);

/* @card's texts drawn on it at @rect: the sector's name, and each row's name and ships. */
void
_admiralty_sector_draw_card_text (Frame                   *frame,
                                  const AdmSector         *sector,
                                  const Card              *card,
                                  const cairo_rectangle_t *rect);

/* The labels of the formations crossing links, beside their arrowheads. */
void
_admiralty_sector_draw_transit_labels (Frame *frame);

/* The legend (admiralty-sector-legend.c) */

/* The legend in the bottom-left corner of @frame's view, at its pixel size. */
void
_admiralty_sector_draw_legend (Frame *frame);

G_END_DECLS
