/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-doc.h: a document to print — the master's and the admirals' reports, fleet cards, blank
 * order sheets — as a plain list of blocks (headings, paragraphs, tables, cards, lines to
 * write on), built by the engine from the campaign and laid out on paper by a renderer that
 * knows pages and fonts (src/report/). Keeping what is said apart from how it is drawn lets
 * tests read a report's words without a PDF, and the same words go to PDF, print and text. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum {
  ADM_DOC_HEADING,     /* level 1..3, text */
  ADM_DOC_PARAGRAPH,   /* text; may hold several lines separated by '\n' */
  ADM_DOC_TABLE,       /* columns, rows */
  ADM_DOC_CARD,        /* title, subtitle, fields, notes: one ship's card, laid out in a grid */
  ADM_DOC_LINES,       /* text (a label, may be NULL), count: ruled lines to write on */
  ADM_DOC_PAGE_BREAK,
  ADM_DOC_QR,          /* text: what a QR code encodes (the admirals' portal link) */
  ADM_DOC_FIGURE,      /* width, height, shapes: a drawing at true scale, in millimetres */
  ADM_DOC_MAP,         /* text, object, view_side: a battle's table drawn 1:1 and tiled over
                        * as many pages as it takes (adm_doc_add_map ()) */
  ADM_DOC_SECTOR_MAP,  /* text, object, view_side, viewer: the strategic sector map of a
                        * campaign's state, fitted to the page (adm_doc_add_sector_map ()) */
} AdmDocBlockKind;

/* A figure's shapes, drawn in order; coordinates in millimetres from the figure's top left
 * corner, x across and y down, printed 1:1 (a token cut out of the paper is the size the
 * rules give its base). */
typedef enum {
  ADM_DOC_SHAPE_CIRCLE,  /* centre (x1, y1), radius */
  ADM_DOC_SHAPE_LINE,    /* (x1, y1) to (x2, y2) */
  ADM_DOC_SHAPE_TEXT,    /* text centred on (x1, y1), size the font's em in mm */
  ADM_DOC_SHAPE_SYMBOL,  /* a faction's symbol centred on (x1, y1) within radius, drawn on
                          * the colour fill */
} AdmDocShapeKind;

/* A colour 0xRRGGBB; ADM_DOC_NO_COLOUR for no fill or no stroke. */
#define ADM_DOC_NO_COLOUR G_MAXUINT32

typedef struct {
  AdmDocShapeKind  kind;
  double           x1, y1, x2, y2;
  double           radius;
  double           size;    /* text: em in mm; circle and line: the stroke's width in mm */
  guint32          stroke;  /* circle and line: the stroke; text: its colour */
  guint32          fill;    /* circle only */
  gboolean         dashed;  /* circle and line */
  gboolean         bold;    /* text */
  char            *text;
  guint            symbol;  /* symbol: an AdmFactionSymbol (adm-faction-symbol.h) */
} AdmDocShape;

typedef struct {
  char    *label;      /* "Hull" */
  char    *value;      /* "11/14" */
  gboolean symbolled;  /* a faction's field: drawn where a renderer can with its symbol */
  guint    symbol;     /* symbolled: an AdmFactionSymbol (adm-faction-symbol.h) */
  char    *colour;     /* symbolled: the faction's colour, "#rrggbb", or NULL */
} AdmDocField;

typedef struct {
  AdmDocBlockKind  kind;
  guint            level;     /* heading */
  char            *text;      /* heading, paragraph, lines' label */
  char            *title;     /* card */
  char            *subtitle;  /* card */
  GPtrArray       *columns;   /* table: char*, the header cells */
  GPtrArray       *rows;      /* table: GStrv, as many cells as columns */
  GPtrArray       *fields;    /* card: AdmDocField* */
  GPtrArray       *notes;     /* card: char*, free lines under the fields */
  guint            count;     /* lines */
  double           width;     /* figure, mm */
  double           height;    /* figure, mm */
  GPtrArray       *shapes;    /* figure: AdmDocShape* */
  GObject         *object;    /* map: the battle whose table is drawn (an AdmBattle); sector
                               * map: the campaign's state drawn (an AdmState) */
  int              view_side; /* map: -1 the master's view, else the side whose view it is;
                               * sector map: ADM_DOC_VIEW_MASTER, _PUBLIC or _SIDE */
  char            *viewer;    /* sector map: the faction whose view it is (ADM_DOC_VIEW_SIDE) */
  GPtrArray       *marks;     /* sector map: the engagements marked on it (AdmQueuedEngagement*:
                               * the core holds them only as pointers), or NULL */
} AdmDocBlock;

/* Whose view a sector map block draws. */
#define ADM_DOC_VIEW_MASTER (-1)
#define ADM_DOC_VIEW_PUBLIC (-2)
#define ADM_DOC_VIEW_SIDE   0

/* A run of blocks printed with page headers and page numbers of its own, starting on a new
 * sheet: one admiral's paper in a stack printed for every admiral. Part 0 is the document
 * itself (its title and headers); more come from adm_doc_append_part (). */
typedef struct {
  guint  first_block;   /* the index of its first block; a part runs to the next one's */
  char  *title;
  char  *header_left;
  char  *header_right;
  char  *owner;         /* whose pages: "Radovan", footers "Radovan — page 2 of 6"; or NULL */
} AdmDocPart;

typedef struct _AdmDoc AdmDoc;

/* @title names the document ("Turn report — cycle 3"); the header of every page shows
 * @header_left (the campaign) and @header_right (cycle and game time). */
AdmDoc      *adm_doc_new            (const char  *title,
                                     const char  *header_left,
                                     const char  *header_right) G_GNUC_WARN_UNUSED_RESULT;
void         adm_doc_free           (AdmDoc      *self);

const char  *adm_doc_get_title        (AdmDoc *self);
const char  *adm_doc_get_header_left  (AdmDoc *self);
const char  *adm_doc_get_header_right (AdmDoc *self);
/* The footer of page @page (from 1) of @n_pages, "Page 2 of 7", in the language the document
 * was made in. */
char        *adm_doc_format_page_footer (AdmDoc *self,
                                         guint   page,
                                         guint   n_pages) G_GNUC_WARN_UNUSED_RESULT;
/* The footer of page @page (from 1) of the @n_pages of part @part: its owner's, "Radovan — page
 * 2 of 6", or as adm_doc_format_page_footer () for a part that has none. */
char        *adm_doc_format_part_footer (AdmDoc *self,
                                         guint   part,
                                         guint   page,
                                         guint   n_pages) G_GNUC_WARN_UNUSED_RESULT;
guint        adm_doc_get_n_parts      (AdmDoc *self);
const AdmDocPart *adm_doc_get_part    (AdmDoc *self,
                                       guint   part);
/* AdmDocBlock*, in order. */
GPtrArray   *adm_doc_get_blocks       (AdmDoc *self);

void         adm_doc_add_heading    (AdmDoc      *self,
                                     guint        level,
                                     const char  *text);
void         adm_doc_add_paragraph  (AdmDoc      *self,
                                     const char  *text);
void         adm_doc_add_printf     (AdmDoc      *self,
                                     const char  *format,
                                     ...) G_GNUC_PRINTF (2, 3);
/* A table with the NULL-terminated header cells @columns; rows are added to the block. */
AdmDocBlock *adm_doc_add_table      (AdmDoc             *self,
                                     const char * const *columns);
void         adm_doc_table_add_row  (AdmDocBlock        *table,
                                     const char * const *cells);
AdmDocBlock *adm_doc_add_card       (AdmDoc      *self,
                                     const char  *title,
                                     const char  *subtitle);
void         adm_doc_card_add_field (AdmDocBlock *card,
                                     const char  *label,
                                     const char  *value);
/* A faction's field, @value its name: a renderer that draws symbols (the portal's page, paper)
 * draws the faction's @symbol (an AdmFactionSymbol) on its @colour ("#rrggbb", may be NULL)
 * before it, so that the side is told by shape and not by colour alone; text shows the
 * name. */
void         adm_doc_card_add_faction (AdmDocBlock *card,
                                     const char  *label,
                                     const char  *value,
                                     guint        symbol,
                                     const char  *colour);
void         adm_doc_card_add_note  (AdmDocBlock *card,
                                     const char  *text);
void         adm_doc_add_lines      (AdmDoc      *self,
                                     const char  *label,
                                     guint        count);
void         adm_doc_add_page_break (AdmDoc      *self);
/* A QR code of @text, drawn on paper about 3.5 cm square (the text itself is not printed). */
void         adm_doc_add_qr         (AdmDoc      *self,
                                     const char  *text);
/* A figure @width × @height mm (see AdmDocShape); figures that follow one another are laid
 * side by side while they fit across the page, and a figure is never split between pages. */
AdmDocBlock *adm_doc_add_figure     (AdmDoc      *self,
                                     double       width,
                                     double       height);
void         adm_doc_figure_add_circle (AdmDocBlock *figure,
                                     double       x,
                                     double       y,
                                     double       radius,
                                     double       line_width,
                                     guint32      stroke,
                                     guint32      fill,
                                     gboolean     dashed);
void         adm_doc_figure_add_line (AdmDocBlock *figure,
                                     double       x1,
                                     double       y1,
                                     double       x2,
                                     double       y2,
                                     double       line_width,
                                     guint32      stroke);
/* Faction symbol @symbol (an AdmFactionSymbol) within radius @radius of (@x, @y), drawn in the
 * ink that stands out from @ground (the colour under it), as the table draws it. */
void         adm_doc_figure_add_symbol (AdmDocBlock *figure,
                                       double       x,
                                       double       y,
                                       double       radius,
                                       guint        symbol,
                                       guint32      ground);
void         adm_doc_figure_add_text (AdmDocBlock *figure,
                                     double       x,
                                     double       y,
                                     double       size,
                                     guint32      colour,
                                     gboolean     bold,
                                     const char  *text);
/* The table of @battle (an AdmBattle: the core knows it only as an object) as @view_side sees
 * it (-1: the master), drawn 1:1 by the table's renderer and tiled over whole pages that
 * overlap their neighbours, with marks to align them by; @caption (may be NULL) names it in
 * the text. A renderer that knows no table draws nothing of it. */
void         adm_doc_add_map        (AdmDoc      *self,
                                     GObject     *battle,
                                     int          view_side,
                                     const char  *caption);
/* The strategic sector map of @state (an AdmState: the core knows it only as an object) as
 * @view (ADM_DOC_VIEW_*) sees it — for ADM_DOC_VIEW_SIDE the side of faction @viewer — drawn
 * by the sector map's renderer in its light scheme for paper and fitted to the page's width,
 * @caption (may be NULL) under it, the engagements @marks (may be NULL; kept with a reference:
 * AdmQueuedEngagement* the audience was told of, each with the status it may know) marked on
 * it. The audience is the caller's, decided by the one audience filter. A renderer that knows
 * no sector map draws nothing of it. */
void         adm_doc_add_sector_map (AdmDoc      *self,
                                     GObject     *state,
                                     int          view,
                                     const char  *viewer,
                                     GPtrArray   *marks,
                                     const char  *caption);
/* Whether every page carries a 10 cm ruler at its foot, to check that the paper was printed
 * at true scale (a figure meant to be measured or cut out); FALSE unless set. */
void         adm_doc_set_check_ruler (AdmDoc     *self,
                                     gboolean     ruler);
gboolean     adm_doc_get_check_ruler (AdmDoc     *self);
/* Moves @other's blocks to the end of @self, on a page of their own: several documents printed
 * as one (an admiral's packet). @other is left empty. */
void         adm_doc_append         (AdmDoc      *self,
                                     AdmDoc      *other);
/* Moves @other's blocks to the end of @self as a part of its own (see AdmDocPart): its pages
 * headed by @other's title and headers, numbered from 1 as @owner's ("Radovan — page 2 of 6"),
 * the part starting on a new sheet of paper with @cover, a heading saying whose paper it is
 * (or NULL for none). @other is left empty. */
void         adm_doc_append_part    (AdmDoc      *self,
                                     AdmDoc      *other,
                                     const char  *owner,
                                     const char  *cover);

/* The document as plain text, every word of it in order: for tests, --text output and
 * searching. Tables become tab-separated lines, cards their title and "label: value" lines,
 * figures their texts, one a line. */
char        *adm_doc_to_text        (AdmDoc      *self) G_GNUC_WARN_UNUSED_RESULT;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmDoc, adm_doc_free)

G_END_DECLS
