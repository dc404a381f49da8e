/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-renderer-private.h: what the tactical table's drawing shares — the drawing
 * passes (admiralty-table-renderer.c), the names placed clear of each other
 * (admiralty-table-labels.c), the layers and images kept between frames
 * (admiralty-table-cache.c) and the legend's samples (admiralty-table-legend.c): one frame's
 * state, colours, and the symbols every one of them draws with. For those files only. */
#pragma once

#include <math.h>

#include "admiralty-table-renderer.h"

G_BEGIN_DECLS

#define LABEL_FONT_SIZE   11.0  /* px */
#define MAX_SIDE_COLOURS   8
/* Names are laid out as if the drawing reached this many pixels further on every side: the
 * tokens and names there take their room as they would in the wider layer a pan copies, so
 * that the names seen are placed the same either way. */
#define LABEL_REACH    256.0
#define HIGHLIGHT_GAP 12.5  /* px from a base's rim to a possible target's ring: outside the
                             * damaged, captured and selected rings */

typedef struct {
  double r, g, b;
} Rgb;

/* Label placement: a coarse bitmap marking the cells that tokens and labels already cover,
 * so that names neither cover tokens nor each other (admiralty-table-labels.c). */
typedef struct {
  guint32 *bits;       /* @rows rows of @words words */
  int      cols;
  int      rows;
  int      words;
  double   base_col;   /* the table's cell of bits' first column, counted from the cm
                        * origin at this scale */
  double   base_row;
  double   origin_x;   /* where the drawing's pixel (0, 0) lies, in pixels from the cm origin */
  double   origin_y;
} Occupancy;

/* What one call of admiralty_table_render works with, on the caller's stack. */
typedef struct {
  cairo_t                     *cr;
  const AdmiraltyTableView    *view;
  AdmBattle                   *battle;
  const AdmiraltyTableOptions *options;
  Rgb                          side_colours[MAX_SIDE_COLOURS];
  double                       ascent;   /* of the label font, px */
  double                       descent;
  Occupancy                    occupancy;
  guint8                      *overlapping;  /* per ship: its token lies on another the view
                                              * shows; NULL: none does */
  GHashTable                  *sprites;      /* SpriteKey → token image, the cache's; NULL:
                                              * every token drawn as vectors */
  struct _AdmiraltyTableCache *cache;        /* the cache drawn through, which keeps the
                                              * selection's image; NULL: the plain drawing */
  int                          device_scale; /* pixels of the kept images per view pixel */
  cairo_rectangle_t            names_within; /* view px: where ships' names go when they can
                                              * (_admiralty_table_draw_labels ()) */
} Frame;

/* The layers, bottom up, in four stages: the table under every overlay (the part a cache
 * keeps for as long as the battle and the scale do not change), the ships with their
 * selection, salvoes and names (kept for as long as the selection does not change either),
 * what follows the pointer while the master enters the turn — courses, declared fire and
 * launches, the target line — drawn anew each frame over the kept layers
 * (a drag or a plotted course redraws only that), and what stays on the window
 * while the table pans: the grid's figures and the ruler. */
typedef enum {
  STAGE_TABLE,    /* background, grid, low-orbit map, explosion markers, mines */
  STAGE_MIDDLE,   /* selection, salvoes, ships, highlighted ships, names */
  STAGE_OVERLAY,  /* courses, declared fire and launches, the target line */
  STAGE_RULER,
} Stage;

/* What a face-up token shows: read off a ship on the table, made up for the legend. */
typedef struct {
  Rgb           colour;       /* the faction's or the side's */
  int           symbol;       /* the faction's AdmFactionSymbol, or -1 for a side without one */
  AdmShipStatus status;
  double        heading;
  gboolean      damaged;
  int           on_fire;
  gboolean      captured;
  Rgb           captor_colour;
  gboolean      selected;
  gboolean      count_fires;  /* the number of fires beside the flame */
} TokenLook;

/* Sides without a faction among their ships, by side index. */
extern const guint32 _admiralty_table_side_palette[MAX_SIDE_COLOURS];
extern const double  _admiralty_table_dash_orbit[2];
/* The arc bits in adm_sector_of's order: bow, starboard, stern, port. */
extern const AdmArcs _admiralty_table_sector_arcs[4];

/* Colours */

static const Rgb white = { 1.0, 1.0, 1.0 };
static const Rgb black = { 0.0, 0.0, 0.0 };

static inline Rgb
rgb_from_int (guint32 value)
{
  return (Rgb) { ((value >> 16) & 0xff) / 255.0, ((value >> 8) & 0xff) / 255.0,
                 (value & 0xff) / 255.0 };
}

static inline guint32
rgb_to_int (Rgb c)
{
  return ((guint32) lround (CLAMP (c.r, 0, 1) * 255) << 16) |
         ((guint32) lround (CLAMP (c.g, 0, 1) * 255) << 8) |
         (guint32) lround (CLAMP (c.b, 0, 1) * 255);
}

/* @a moved @t of the way towards @b. */
static inline Rgb
rgb_mix (Rgb    a,
         Rgb    b,
         double t)
{
  return (Rgb) { a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t };
}

static inline void
set_rgb (cairo_t *cr,
         Rgb      c)
{
  cairo_set_source_rgb (cr, c.r, c.g, c.b);
}

static inline void
set_rgba (cairo_t *cr,
          Rgb      c,
          double   alpha)
{
  cairo_set_source_rgba (cr, c.r, c.g, c.b, alpha);
}

/* Drawing helpers */

static inline gboolean
frame_sees (const Frame *frame,
            double       x,
            double       y,
            double       radius)
{
  return x + radius >= 0 && x - radius <= frame->view->width &&
         y + radius >= 0 && y - radius <= frame->view->height;
}

/* A compass heading (0 up, clockwise) as a Cairo angle (0 along +x, clockwise on screen). */
static inline double
cairo_angle (double heading)
{
  return (heading - 90.0) * G_PI / 180.0;
}

static inline void
show_text (cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           Rgb         colour)
{
  set_rgb (cr, colour);
  cairo_move_to (cr, x, y);
  cairo_show_text (cr, text);
}

static inline void
text_at (Frame      *frame,
         const char *text,
         double      x,
         double      y,
         Rgb         colour)
{
  show_text (frame->cr, text, x, y, colour);
}

/* The drawing passes (admiralty-table-renderer.c) */

double               _admiralty_table_token_radius    (const AdmiraltyTableView    *view,
                                                       double                       size);
gboolean             _admiralty_table_mine_visible    (const AdmMine               *mine,
                                                       AdmAudience                  audience);
const AdmBattleShip *_admiralty_table_selected_ship   (Frame                       *frame);
gboolean             _admiralty_table_weapon_fires_direct (const AdmWeapon         *weapon);
Rgb                  _admiralty_table_weapon_colour   (const AdmWeapon             *weapon);
gboolean             _admiralty_table_is_highlighted  (Frame                       *frame,
                                                       guint                        index);
void                 _admiralty_table_draw_selection  (Frame                       *frame);
TokenLook            _admiralty_table_ship_look       (Frame                       *frame,
                                                       guint                        index,
                                                       const AdmBattleShip         *ship);
void                 _admiralty_table_mark_heading    (Occupancy                   *occupancy,
                                                       double                       heading,
                                                       double                       cx,
                                                       double                       cy,
                                                       double                       r);
/* Sets up @frame and @cr for drawing @view; _admiralty_table_frame_end () undoes it. */
void                 _admiralty_table_frame_begin     (Frame                       *frame,
                                                       cairo_t                     *cr,
                                                       const AdmiraltyTableView    *view,
                                                       AdmBattle                   *battle,
                                                       const AdmiraltyTableOptions *options);
void                 _admiralty_table_frame_end       (Frame                       *frame);
/* The part of @frame's view that a fit (admiralty_table_view_fit ()) leaves wholly inside
 * the window, margin and padding included, in view pixels: what the table shows, grown by
 * the room a fit keeps around it. Follows the ships, not the window, so it pans with them.
 * FALSE when the table shows nothing. */
gboolean             _admiralty_table_fitted_area     (Frame                       *frame,
                                                       cairo_rectangle_t           *area);
void                 _admiralty_table_draw_stage      (Frame                       *frame,
                                                       Stage                        stage);

/* Symbols, each drawn at a pixel place into a cairo_t: by the passes, into the kept token
 * images and as the legend's samples. */

void _admiralty_table_face_up_symbol      (cairo_t         *cr,
                                           const TokenLook *look,
                                           double           cx,
                                           double           cy,
                                           double           r,
                                           Occupancy       *occupancy);
void _admiralty_table_draw_face_down      (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r);
void _admiralty_table_overlap_symbol      (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r);
void _admiralty_table_highlight_ring      (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r);
void _admiralty_table_burst_path          (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r);
void _admiralty_table_fill_bursts         (cairo_t *cr);
void _admiralty_table_salvo_symbol        (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r,
                                           double   ex,
                                           double   ey,
                                           Rgb      colour);
void _admiralty_table_mine_symbol         (cairo_t  *cr,
                                           double    cx,
                                           double    cy,
                                           double    r,
                                           double    reach,
                                           Rgb       colour,
                                           double    alpha,
                                           gboolean  plasma);
void _admiralty_table_arcs_symbol         (cairo_t *cr,
                                           double   heading,
                                           double   cx,
                                           double   cy,
                                           double   reach);
Rgb  _admiralty_table_move_colour         (gboolean legal);
void _admiralty_table_move_path_symbol    (cairo_t                  *cr,
                                           const AdmiraltyTableView *view,
                                           const AdmPoint           *points,
                                           guint                     n,
                                           Rgb                       colour,
                                           gboolean                  bold);
void _admiralty_table_ghost_symbol        (cairo_t  *cr,
                                           double    cx,
                                           double    cy,
                                           double    r,
                                           double    heading,
                                           Rgb       colour,
                                           gboolean  bold);
void _admiralty_table_ruler_symbol        (cairo_t *cr,
                                           double   x0,
                                           double   y0,
                                           double   x1,
                                           double   y1);
void _admiralty_table_planet_symbol       (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r);
void _admiralty_table_wormhole_exit_symbol (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r);
void _admiralty_table_station_symbol      (cairo_t *cr,
                                           double   cx,
                                           double   cy,
                                           double   r);

/* Names and figures placed clear of each other (admiralty-table-labels.c) */

void     _admiralty_table_occupancy_init  (Occupancy                *occupancy,
                                           const AdmiraltyTableView *view);
void     _admiralty_table_occupancy_copy  (Occupancy                *occupancy,
                                           const Occupancy          *from,
                                           const AdmiraltyTableView *view);
void     _admiralty_table_occupancy_clear (Occupancy                *occupancy);
void     _admiralty_table_occupancy_mark  (Occupancy                *occupancy,
                                           double                    x,
                                           double                    y,
                                           double                    w,
                                           double                    h);
void     _admiralty_table_overlay_label   (Frame                    *frame,
                                           const char               *text,
                                           double                    x,
                                           double                    y,
                                           double                    nx,
                                           double                    ny,
                                           Rgb                       colour);
void     _admiralty_table_draw_labels     (Frame                    *frame);
void     _admiralty_table_label_weapons   (Frame                    *frame);

/* Images kept between frames (admiralty-table-cache.c) */

gboolean _admiralty_table_cache_draw_selection (Frame               *frame);
gboolean _admiralty_table_cache_draw_token     (Frame               *frame,
                                                guint                index,
                                                const AdmBattleShip *ship,
                                                AdmiraltyTokenFace   face,
                                                double               cx,
                                                double               cy,
                                                double               r);

G_END_DECLS
