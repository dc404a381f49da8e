/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-renderer.h: the tactical table (F-TAC) drawn with Cairo — the grid, the
 * low-orbit map, explosion markers, mines, torpedo salvoes and ship tokens, filtered by what
 * one side knows (F-ECM) — into any cairo_t. It needs no display: the table widget calls it
 * from its draw function and the tests call it on an image surface. */
#pragma once

#include <cairo.h>

#include "adm-audience.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-geometry.h"
#include "adm-battle-preview.h"
#include "admiralty-table-view.h"

G_BEGIN_DECLS

typedef struct {
  int      view_side;     /* -1: the master's view, everything; else the index of the side
                           * whose knowledge filters the drawing (F-ECM-2, F-ECM-4) */
  /* The public of a campaign's battle (adm_audience_public_of_campaign (), its strategy kept
   * alive by the caller), filtering the drawing in place of view_side: what every side at the
   * table knows and the campaign's public map shows (F-STRAT-3) — the room's projector. NULL:
   * view_side's. */
  const AdmAudience *audience;
  int      selected_ship; /* ship index whose arcs and ranges are shown; -1 none */
  gboolean show_grid;
  gboolean show_labels;   /* ship names, grid figures, weapon names */

  /* Overlays while the master enters a turn's declarations; admiralty_table_options_init
   * turns them all off. None of them shows a ship the view side does not see. */
  GPtrArray           *move_previews;   /* const AdmMovePreview*, not owned; may be NULL */
  int                  editing_move;    /* index into move_previews drawn bolder; -1 none */
  gboolean             ghost_move;      /* the editing move is not the one dragged, which the
                                         * rules refuse, but the nearest they allow: drawn
                                         * ghosted, dashed and faint */
  GArray              *highlight_ships; /* guint ship indices ringed as possible targets;
                                         * may be NULL */
  int                  target_ship;     /* with selected_ship: the line of fire and its
                                         * length; -1 none */
  const AdmTurnOrders *orders;          /* its fires drawn as arrows; may be NULL */
  gboolean             aiming;          /* with selected_ship: torpedoes about to be
                                         * launched at aim (F-TORP-3), not yet declared */
  AdmPoint             aim;             /* cm */
  gboolean             ruler;           /* a measuring line from ruler_from to ruler_to */
  AdmPoint             ruler_from;      /* cm */
  AdmPoint             ruler_to;

  /* Lengths shown in inches rather than cm (the "units" preference): the grid and its
   * figures, the ruler, the line of fire, weapon ranges. The table itself stays in cm. */
  gboolean             inches;
  /* A view that is never panned (the engagement dialog's preview): ships' names go wholly
   * inside it where they can, rather than where a pan would carry them along unchanged. */
  gboolean             still;
  /* The part of the view under floating controls (the battle page's buttons), px: the
   * selected ship's weapon figures keep clear of it. Empty when nothing floats there. */
  cairo_rectangle_t    covered;
} AdmiraltyTableOptions;

/* How a ship appears in a view (F-ECM-2, F-ECM-6). */
typedef enum {
  ADMIRALTY_TOKEN_HIDDEN,     /* not drawn: destroyed, or its formation is not detected */
  ADMIRALTY_TOKEN_FACE_DOWN,  /* a plain neutral token of a uniform size */
  ADMIRALTY_TOKEN_FACE_UP,    /* colour, heading, name and state */
} AdmiraltyTokenFace;

/* Fixed colours, 0xRRGGBB, for tests and the legend. Ships take their faction's colour, or a
 * fixed colour per side when they have no faction. */
#define ADMIRALTY_TABLE_BACKGROUND_RGB   0x1d232b
#define ADMIRALTY_TABLE_FACE_DOWN_RGB    0xb8c0c8
#define ADMIRALTY_TABLE_HULK_RGB         0x5f6368
#define ADMIRALTY_TABLE_BURNING_HULK_RGB 0x4a342a
#define ADMIRALTY_TABLE_LEGAL_MOVE_RGB   0x66d96b
#define ADMIRALTY_TABLE_REFUSED_MOVE_RGB 0xf2484b
#define ADMIRALTY_TABLE_HIGHLIGHT_RGB    0xff4df2
#define ADMIRALTY_TABLE_FIRE_LINE_RGB    0xff8f40
#define ADMIRALTY_TABLE_RULER_RGB        0xf4f6f8
#define ADMIRALTY_TABLE_OVERLAP_RGB      0xff2d55  /* tokens lying on each other */

/* The size in cm of a face-down token, whatever the class: a base's size would tell the
 * ship's type. */
#define ADMIRALTY_TABLE_FACE_DOWN_SIZE 2.0

/* Master view, nothing selected, grid and labels on, no overlays, lengths in cm. */
void                admiralty_table_options_init    (AdmiraltyTableOptions    *options);

/* Centres and scales @view (its width and height kept) so that everything @options' viewer
 * sees — ships, markers, salvoes and their runs, mines, the low-orbit map — fits with a
 * margin. Only what that side sees counts, so the framing gives nothing away. @options may
 * be NULL: the master's view. */
void                admiralty_table_view_fit        (AdmiraltyTableView       *view,
                                                     AdmBattle                *battle,
                                                     const AdmiraltyTableOptions *options);
/* The part of the table, in cm, that a fit (admiralty_table_view_fit ()) frames for @options'
 * viewer: everything that side sees and a margin; FALSE when it sees nothing. A table kit's
 * map on paper covers this much. */
gboolean            admiralty_table_extent          (AdmBattle                *battle,
                                                     const AdmiraltyTableOptions *options,
                                                     double                   *x0,
                                                     double                   *y0,
                                                     double                   *x1,
                                                     double                   *y1);
/* How @ship shows to @view_side (-1: the master). */
AdmiraltyTokenFace  admiralty_table_ship_face       (AdmBattle                *battle,
                                                     guint                     ship,
                                                     int                       view_side);
/* How @ship shows to @audience, the one filter's (adm-audience.h). */
AdmiraltyTokenFace  admiralty_table_ship_face_to    (AdmBattle                *battle,
                                                     guint                     ship,
                                                     AdmAudience               audience);
/* The audience @options draw for: its public of a campaign's battle, else its view side's;
 * @options NULL: the master. */
AdmAudience         admiralty_table_options_audience (AdmBattle                *battle,
                                                      const AdmiraltyTableOptions *options);
/* The topmost ship drawn under pixel (@x, @y), or -1; for picking with the pointer. */
int                 admiralty_table_ship_at         (const AdmiraltyTableView *view,
                                                     AdmBattle                *battle,
                                                     const AdmiraltyTableOptions *options,
                                                     double                    x,
                                                     double                    y);

/* Draws the table into the (0, 0)–(width, height) pixel rectangle of @cr's user space,
 * clipped to it, everything opaque. Allocates nothing per object; what lies outside the
 * view is skipped. @cr's state is restored on return. */
void                admiralty_table_render          (cairo_t                  *cr,
                                                     const AdmiraltyTableView *view,
                                                     AdmBattle                *battle,
                                                     const AdmiraltyTableOptions *options);

G_END_DECLS
