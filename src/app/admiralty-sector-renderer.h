/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-renderer.h: the strategic sector map (F-STRAT-8, F-STRAT-9) drawn with
 * Cairo — adjacency links, one card per sector with its name and main objects, and one marker
 * per formation present, in its faction's colour, and formations in transit on their links —
 * into any cairo_t. It needs no display: the
 * map widget calls it from its draw function and the tests call it on an image surface. */
#pragma once

#include <cairo.h>

#include "admiralty-engine.h"

G_BEGIN_DECLS

/* A window onto the map. Map units are those of the sectors' x and y in the scenario file,
 * x right and y down; the view maps the map point (centre_x, centre_y) to the middle of a
 * width × height pixel area, at scale pixels per map unit. Cards, type, markers and lines are
 * drawn zoom times their size: zooming in (admiralty_sector_view_zoom ()) multiplies scale and
 * zoom alike, so that the whole drawing grows, text with it; a fit sets zoom back to 1. */
typedef struct {
  double centre_x;  /* map units at the view's centre */
  double centre_y;
  double scale;     /* pixels per map unit */
  int    width;     /* pixels */
  int    height;
  double zoom;      /* cards, type and markers this many times their size */
} AdmiraltySectorView;

/* The scales a view keeps to, pixels per map unit, and its zooms. */
#define ADMIRALTY_SECTOR_MIN_SCALE 0.05
#define ADMIRALTY_SECTOR_MAX_SCALE 20.0
#define ADMIRALTY_SECTOR_MIN_ZOOM  0.25
#define ADMIRALTY_SECTOR_MAX_ZOOM  6.0

/* A sector's card at zoom 1, in pixels. Its name sits above the sector's position, its objects
 * and one line per formation ("■ name") below, so the card reaches further down than up:
 * ADMIRALTY_SECTOR_NODE_ABOVE of its height lies above the position. */
#define ADMIRALTY_SECTOR_NODE_WIDTH  124
#define ADMIRALTY_SECTOR_NODE_HEIGHT 122
#define ADMIRALTY_SECTOR_NODE_ABOVE   36

/* Fixed colours, 0xRRGGBB, for tests and a legend. Formation markers take their faction's
 * colour. The middle of a card is always plain fill: the name sits above it and the object
 * and formation rows below. */
#define ADMIRALTY_SECTOR_BACKGROUND_RGB    0x10161e
#define ADMIRALTY_SECTOR_LINK_RGB          0x4d5f73
#define ADMIRALTY_SECTOR_NODE_RGB          0x26313f
#define ADMIRALTY_SECTOR_NODE_SELECTED_RGB 0x34465a
#define ADMIRALTY_SECTOR_SELECTION_RGB     0xf2c14e

/* Who the map is drawn for: the master sees every formation; a side sees what
 * adm_strategy_formation_visible() lets it know; the public (the projector on the wall) sees
 * only what every side knows. Hidden formations of the scenario stay hidden from a side and
 * from the public even on a map of start positions. */
typedef enum {
  ADMIRALTY_SECTOR_AUDIENCE_MASTER,
  ADMIRALTY_SECTOR_AUDIENCE_SIDE,
  ADMIRALTY_SECTOR_AUDIENCE_PUBLIC,
} AdmiraltySectorAudience;

typedef struct {
  const char              *selected_sector; /* id of the sector whose card and links are
                                             * highlighted, or NULL */
  const char              *hovered_sector;  /* id of the sector under the pointer, or NULL */
  AdmStrategy             *strategy;        /* where the formations are now, and which are in
                                             * being; NULL: the scenario's start positions */
  AdmiraltySectorAudience  audience;
  const AdmFaction        *viewer;          /* the side, for ADMIRALTY_SECTOR_AUDIENCE_SIDE */
  GPtrArray               *engagements;     /* AdmQueuedEngagement* (borrowed) to mark on the
                                             * master's map, each with its status, or NULL */
  gboolean                 legend;          /* draw the legend in the bottom-left corner */
} AdmiraltySectorOptions;

/* The colours of an engagement's mark by status (adm-engagement-queue.h), 0xRRGGBB. */
#define ADMIRALTY_SECTOR_ENGAGEMENT_OPEN_RGB     0xe5534b /* not fought */
#define ADMIRALTY_SECTOR_ENGAGEMENT_WAITING_RGB  0xd29922
#define ADMIRALTY_SECTOR_ENGAGEMENT_FIGHTING_RGB 0xf0883e /* in progress */
#define ADMIRALTY_SECTOR_ENGAGEMENT_DONE_RGB     0x57ab5a /* finished */
#define ADMIRALTY_SECTOR_ENGAGEMENT_DROPPED_RGB  0x768390
guint32       admiralty_sector_engagement_rgb (AdmEngagementStatus status);

/* Nothing selected or hovered, the scenario's start positions, everything shown, no legend. */
void          admiralty_sector_options_init   (AdmiraltySectorOptions    *options);

/* A @width × @height view centred on (0, 0) at one pixel per map unit, zoom 1. */
void          admiralty_sector_view_init      (AdmiraltySectorView       *view,
                                               int                        width,
                                               int                        height);
/* Map units to view pixels and back; the two are exact inverses. */
void          admiralty_sector_view_to_pixels (const AdmiraltySectorView *view,
                                               double                     map_x,
                                               double                     map_y,
                                               double                    *x,
                                               double                    *y);
void          admiralty_sector_view_to_map    (const AdmiraltySectorView *view,
                                               double                     x,
                                               double                     y,
                                               double                    *map_x,
                                               double                    *map_y);
/* Centres and scales @view (its width and height kept) at zoom 1 so that every sector's whole
 * card fits with a margin. When the view is too small for that, the cards overlap rather than
 * leave it. */
void          admiralty_sector_view_fit       (AdmiraltySectorView       *view,
                                               AdmScenario               *scenario);
/* Whether two sectors' cards overlap in @view. */
gboolean      admiralty_sector_view_cards_overlap (const AdmiraltySectorView *view,
                                               AdmScenario               *scenario);
/* The largest factor from @max_scale down to 1, in steps of an eighth, by which cards and type
 * can be enlarged on a @width × @height pixel area with the whole map fitted and no two cards
 * overlapping; 1 when even that overlaps. For a map read from across a room. */
double        admiralty_sector_view_largest_scale (AdmScenario               *scenario,
                                               int                        width,
                                               int                        height,
                                               double                     max_scale);
/* Multiplies the scale and the zoom by @factor (clamped so that both stay within their
 * limits) keeping the map point under pixel (@x, @y) where it is, as a scroll-wheel zoom
 * does: the whole drawing grows or shrinks about that point. */
void          admiralty_sector_view_zoom      (AdmiraltySectorView       *view,
                                               double                     factor,
                                               double                     x,
                                               double                     y);
/* Moves the map by (@dx, @dy) pixels on screen, as a drag does. */
void          admiralty_sector_view_pan       (AdmiraltySectorView       *view,
                                               double                     dx,
                                               double                     dy);

/* The pixel rectangle of @sector's card. */
void          admiralty_sector_node_rect      (const AdmiraltySectorView *view,
                                               const AdmSector           *sector,
                                               cairo_rectangle_t         *rect);
/* The sector whose card is under pixel (@x, @y), or NULL: for "click a sector for its
 * contents". Where cards overlap (a view too small for the map), the later in the file wins,
 * as it is drawn over the earlier. */
AdmSector    *admiralty_sector_at             (const AdmiraltySectorView *view,
                                               AdmScenario               *scenario,
                                               double                     x,
                                               double                     y);
/* The label of @formation's line on its card, as @options' audience may know it: its name,
 * and its number of ships where adm_audience_map_ship_count () tells that audience one (never
 * for the public). NULL when the formation is not shown to that audience. */
char         *admiralty_sector_formation_label (AdmScenario                  *scenario,
                                                const AdmiraltySectorOptions *options,
                                                const AdmFormation           *formation)
                                                G_GNUC_WARN_UNUSED_RESULT;
/* The legend's entries as drawn, one string a line ("Barrayar", "Not fought yet", …): the
 * factions whose formations the map shows, the objects, and the marks this audience's map
 * can carry — engagements by status on the master's map, last-seen marks on a side's. */
GStrv         admiralty_sector_legend_entries (AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* The pixel rectangle the legend takes in @view (bottom left), whether or not it is drawn. */
void          admiralty_sector_legend_rect    (const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               cairo_rectangle_t            *rect);
/* Whether @formation is drawn for @options' audience (F-ECM-2 at the strategic level). */
gboolean      admiralty_sector_formation_shown (AdmScenario                  *scenario,
                                                const AdmiraltySectorOptions *options,
                                                const AdmFormation           *formation);
/* The formations drawn on @sector's card — shown, in being and in the sector, not in
 * transit — in order (scenario order, then those formed by orders). Borrowed pointers. */
GPtrArray    *admiralty_sector_formations_in  (AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               const AdmSector              *sector)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* The marks of the hidden enemies @options' side knows only as last seen (F-STRAT-3) whose
 * sighting was in @sector, not on a link: AdmSighting* (owned), in formation order, drawn on
 * the card after the formations shown, as dashed outlines. None for the master, whose map is
 * live, nor for the public. */
GPtrArray    *admiralty_sector_last_seen_in   (AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               const AdmSector              *sector)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* The centre of @formation's marker: on its sector's card, or on the link it is crossing, as
 * far along as it has gone. FALSE when it is not shown, or its card has no room for it and it
 * is only counted in the card's "+N" badge. @options may be NULL. */
gboolean      admiralty_sector_formation_position (const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               const AdmFormation           *formation,
                                               double                       *x,
                                               double                       *y);
/* The centre of the mark where @options' side last saw @formation (admiralty_sector_last_seen_in
 * ()): on the card, after the formations shown, or on the link it was crossing. FALSE when the
 * side has no such mark of it, or the card has no room for it. */
gboolean      admiralty_sector_last_seen_position (const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               const AdmFormation           *formation,
                                               double                       *x,
                                               double                       *y);
/* The formation whose marker is under pixel (@x, @y), or NULL. */
AdmFormation *admiralty_sector_formation_at   (const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               double                        x,
                                               double                        y);

/* A text as drawn, for tests and a reader of the picture: what it says, the font size it was
 * drawn in (px) and its box (px, the advance wide, ascent plus descent high). */
typedef struct {
  const AdmSector    *sector;     /* a sector's name (a line of it), or NULL */
  const AdmFormation *formation;  /* a formation's label, or NULL */
  char               *text;
  double              font_size;
  cairo_rectangle_t   rect;
} AdmiraltySectorLabel;

void          admiralty_sector_label_clear    (AdmiraltySectorLabel         *label);

/* The label of @formation crossing a link, as @options' audience may know it, and
 * where it goes: "Jade Squadron → Pol orbit"; NULL when it is not shown or not in transit. */
char         *admiralty_sector_transit_text   (AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               const AdmFormation           *formation)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* The transit labels admiralty_sector_render () draws (AdmiraltySectorLabel, cleared with the
 * array): beside each arrowhead, above, below, right or left of it, whichever first keeps
 * clear of every card and of the labels placed before it. */
GArray       *admiralty_sector_transit_labels (const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options)
                                               G_GNUC_WARN_UNUSED_RESULT;

/* Draws the map into the (0, 0)–(width, height) pixel rectangle of @cr's user space, clipped
 * to it, everything opaque: links first, then the cards, the selected one last, then the
 * formations in transit on their links, each an arrowhead pointing where it goes. A side's
 * map marks where it last saw a hidden enemy it no longer sees with a dashed outline. What lies
 * outside the view is skipped. @options may be NULL. @cr's state is restored on return. */
void          admiralty_sector_render         (cairo_t                   *cr,
                                               const AdmiraltySectorView *view,
                                               AdmScenario               *scenario,
                                               const AdmiraltySectorOptions *options);

/* Lays @text out in at most two lines of at most @max_width in @cr's font, as a formation's
 * name on its card when the card has a line to spare: broken at the last space that lets
 * the first line fit (between characters for a word that is too long), the second ended in
 * "…" only when it overflows (then FALSE). *@second is NULL when one line holds it. */
gboolean admiralty_sector_label_lines (cairo_t     *cr,
                                       const char  *text,
                                       double       max_width,
                                       char       **first,
                                       char       **second);

G_END_DECLS
