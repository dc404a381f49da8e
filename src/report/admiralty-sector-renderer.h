/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-sector-renderer.h: the strategic sector map (F-STRAT-8, F-STRAT-9) drawn with
 * Cairo — adjacency links, one card per sector with its name and main objects, and one marker
 * per formation present, in its faction's colour, and formations in transit on their links —
 * into any cairo_t. It needs no display: the
 * map widget calls it from its draw function and the tests call it on an image surface. */
#pragma once

#include <cairo.h>

#include "adm-engagement-queue.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"
#include "adm-state.h"
#include "adm-strategy.h"
#include "admiralty-sector-view.h"

G_BEGIN_DECLS

/* Fixed colours, 0xRRGGBB, for tests and a legend. Formation markers take their faction's
 * colour. The middle of a card is always plain fill: the name sits above it and the object
 * and formation rows below. */
#define ADMIRALTY_SECTOR_BACKGROUND_RGB    0x10161e
#define ADMIRALTY_SECTOR_LINK_RGB          0x4d5f73
#define ADMIRALTY_SECTOR_NODE_RGB          0x26313f
#define ADMIRALTY_SECTOR_NODE_SELECTED_RGB 0x34465a
#define ADMIRALTY_SECTOR_SELECTION_RGB     0xf2c14e
#define ADMIRALTY_SECTOR_JUMP_RGB          0x8e7cc3 /* a link that is a wormhole's jump */

/* The same on paper (AdmiraltySectorOptions.paper): a white ground, light cards, grey links. */
#define ADMIRALTY_SECTOR_PAPER_BACKGROUND_RGB    0xffffff
#define ADMIRALTY_SECTOR_PAPER_LINK_RGB          0x9aa7b4
#define ADMIRALTY_SECTOR_PAPER_NODE_RGB          0xf1f4f7
#define ADMIRALTY_SECTOR_PAPER_NODE_SELECTED_RGB 0xe1e7ee

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
  AdmState                *state;           /* the campaign's, for what the master's
                                             * corrections made of its stations; or NULL */
  AdmiraltySectorAudience  audience;
  const AdmFaction        *viewer;          /* the side, for ADMIRALTY_SECTOR_AUDIENCE_SIDE */
  GPtrArray               *engagements;     /* AdmQueuedEngagement* (borrowed) to mark, each
                                             * with its status, its id on the master's map
                                             * only; for a side or the public, those it was
                                             * told of (adm_audience_filter_engagements ()),
                                             * or NULL */
  gboolean                 legend;          /* draw the legend in the bottom-left corner
                                             * (admiralty-sector-legend.h) */
  GHashTable              *faction_colours; /* const AdmFaction* → "#rrggbb" (borrowed): the
                                             * colours drawn in place of the factions' own
                                             * (the projector's sides palette), or NULL */
  gboolean                 paper;           /* the light scheme, for print: a white ground,
                                             * light cards, dark text; FALSE: the screen's
                                             * dark scheme */
} AdmiraltySectorOptions;

/* The colours of an engagement's mark by status (adm-engagement-queue.h), 0xRRGGBB. */
#define ADMIRALTY_SECTOR_ENGAGEMENT_OPEN_RGB     0xe5534b /* not fought */
#define ADMIRALTY_SECTOR_ENGAGEMENT_WAITING_RGB  0xd29922
#define ADMIRALTY_SECTOR_ENGAGEMENT_FIGHTING_RGB 0xf0883e /* in progress */
#define ADMIRALTY_SECTOR_ENGAGEMENT_DONE_RGB     0x57ab5a /* finished */
#define ADMIRALTY_SECTOR_ENGAGEMENT_DROPPED_RGB  0x768390
guint32       admiralty_sector_engagement_rgb (AdmEngagementStatus status);

/* F-STRAT-8: whether the link between @a and @b is a wormhole's jump (an exit of one leads
 * to the other): drawn dashed in ADMIRALTY_SECTOR_JUMP_RGB. */
gboolean      admiralty_sector_link_is_jump   (const AdmSector              *a,
                                               const AdmSector              *b);
/* How many of @sector's minefields (F-MINE-10) its card shows to @options' audience (NULL:
 * the master at the scenario's start): all on the master's map of the scenario's start (the
 * editor's), none to a side or the public (F-MINE-2), none on a campaign's map, which shows
 * the present. They follow the objects on the card's object row, drawn as the table draws a
 * mine. */
guint         admiralty_sector_minefields_shown (const AdmiraltySectorOptions *options,
                                                 const AdmSector              *sector);

/* Nothing selected or hovered, the scenario's start positions, everything shown, no legend. */
void          admiralty_sector_options_init   (AdmiraltySectorOptions    *options);

/* The label of @formation's line on its card, as @options' audience may know it: its name,
 * and its number of ships where adm_audience_map_ship_count () tells that audience one (never
 * for the public). NULL when the formation is not shown to that audience. */
char         *admiralty_sector_formation_label (AdmScenario                  *scenario,
                                                const AdmiraltySectorOptions *options,
                                                const AdmFormation           *formation)
                                                G_GNUC_WARN_UNUSED_RESULT;
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
 * far along as it has gone. FALSE when it is not shown, or its card has no row for it and it
 * is only counted in the card's "+N" badge. @options may be NULL. A view's cards must be
 * measured for the same @options. */
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

/* What a text drawn on the map is. */
typedef enum {
  ADMIRALTY_SECTOR_LABEL_NAME,   /* a sector's or a formation's name, or a line of it */
  ADMIRALTY_SECTOR_LABEL_SHIPS,  /* the ships of a formation its audience is told of */
  ADMIRALTY_SECTOR_LABEL_MORE,   /* "+N": formations a card or sector has no room to name */
  ADMIRALTY_SECTOR_LABEL_ENGAGEMENT, /* an engagement's id (F-STRAT-4) */
  ADMIRALTY_SECTOR_LABEL_MARKER, /* no text: the arrowhead of a formation crossing a link
                                  * (F-STRAT-10) on the wall, its box */
} AdmiraltySectorLabelKind;

/* A text as drawn, for tests and a reader of the picture: what it says, the font size it was
 * drawn in (px) and its box (px, the advance wide, ascent plus descent high). A name wrapped
 * over lines is a label a line. */
typedef struct {
  const AdmSector          *sector;     /* a sector's name (a line of it), or what is on its
                                         * card; or NULL */
  const AdmFormation       *formation;  /* a formation's label, or NULL */
  char                     *text;
  double                    font_size;
  cairo_rectangle_t         rect;
  AdmiraltySectorLabelKind  kind;
  gboolean                  cut;        /* ellipsized by Pango, or a word wider than its line */
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

/* As admiralty_sector_render (), and appends every text it draws to @labels
 * (AdmiraltySectorLabel, in @view's pixels, cleared with the array): each line of each
 * sector's name, each formation's name on its card line by line with its ships, the "+N" of a
 * card with more formations than rows, the labels of formations crossing links and the
 * engagements' ids. */
void          admiralty_sector_render_labels  (cairo_t                      *cr,
                                               const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               GArray                       *labels);

/* Each sector's card as its text needs it for @options' audience (NULL: the master at the
 * scenario's start), for AdmiraltySectorView.cards: AdmSector* → AdmiraltySectorCardSize* at
 * zoom 1. A name wraps between words in as many lines as it needs, each formation its own row
 * of lines; a card is as tall as that, and wider than the default only for a word longer than
 * its row. Hit tests, fits and drawing of a view with these cards all use them. */
GHashTable   *admiralty_sector_cards_measure  (AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* As admiralty_sector_cards_measure (), each card allowed the width of its sector's widening
 * step in @widths (sector id → step, as admiralty_sector_cards_fit_widths () picks them; a
 * sector it lacks, or NULL, at step 0, the default width). */
GHashTable   *admiralty_sector_cards_measure_at (AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options,
                                               GHashTable                   *widths)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* As admiralty_sector_cards_measure_at (), keeping each card of @previous (a table these
 * functions made, which this takes and frees; or NULL) whose sector,
 * text and width are unchanged rather than shaping it again, though @previous was made for
 * another scenario (one made again from an edited document): a redraw after a sector moved
 * or a formation's orders shapes no card again. */
GHashTable   *admiralty_sector_cards_measure_again (AdmScenario                  *scenario,
                                                    const AdmiraltySectorOptions *options,
                                                    GHashTable                   *widths,
                                                    GHashTable                   *previous)
                                                    G_GNUC_WARN_UNUSED_RESULT;
/* The text @cards (of @scenario's sectors) show, names, rows and ships, in one string: two
 * sets of cards with the same text are measured alike at the same widths. */
char         *admiralty_sector_cards_text     (AdmScenario                  *scenario,
                                               GHashTable                   *cards)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* The widths admiralty_sector_cards_fit_apart () picks for @view's size: sector id → widening
 * step (1 to 6: the default width and an eighth more a step), none for a card left at the
 * default. */
GHashTable   *admiralty_sector_cards_fit_widths (const AdmiraltySectorView    *view,
                                               AdmScenario                  *scenario,
                                               const AdmiraltySectorOptions *options)
                                               G_GNUC_WARN_UNUSED_RESULT;
/* A table for admiralty_sector_cards_fit_widths_kept () to keep cards' sizes in, for the
 * caller to unref. */
GHashTable   *admiralty_sector_card_sizes_new (void) G_GNUC_WARN_UNUSED_RESULT;
/* As admiralty_sector_cards_fit_widths (), each card's sizes at every widening taken from
 * @kept (from admiralty_sector_card_sizes_new (), kept by the caller from fit to fit; or
 * NULL) when it holds them for the card's sector, text and rows, and kept there when not:
 * a replay stepping back and forth fits the same cards again and again, and lays out only
 * the ones it has not seen. */
GHashTable   *admiralty_sector_cards_fit_widths_kept (const AdmiraltySectorView    *view,
                                                      AdmScenario                  *scenario,
                                                      const AdmiraltySectorOptions *options,
                                                      GHashTable                   *kept)
                                                      G_GNUC_WARN_UNUSED_RESULT;
/* Cards as admiralty_sector_cards_measure () makes them, some allowed wider (up to 1¾ of the
 * default) for their formations' lines whole, and @view (its size kept) fitted to them as
 * admiralty_sector_view_fit_apart () fits, its cards set to them: two cards one over the other
 * too near are parted by widening the taller, side by side by narrowing the wider, as far as
 * that gives the largest type with every card apart. The map window's fit. */
GHashTable   *admiralty_sector_cards_fit_apart (AdmiraltySectorView          *view,
                                                AdmScenario                  *scenario,
                                                const AdmiraltySectorOptions *options)
                                                G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
