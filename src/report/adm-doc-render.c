/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-doc-render.c: paginating an AdmDoc. The layout measures every block once with Pango,
 * cuts it into pieces that fit the page (paragraph and ruled-line blocks by lines, tables by
 * rows with their header row repeated, cards whole, two to a row where the page is wide
 * enough), and remembers each piece's page and place; drawing a page then only draws its
 * pieces. Everything is black on white, with grey fills only behind black text, so that a
 * black-and-white printer loses nothing. */

#include "config.h"

#include <qrencode.h>

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "adm-doc-render.h"
#include "admiralty-faction-symbol.h"
#include "admiralty-sector-renderer.h"
#include "admiralty-table-renderer.h"

G_DEFINE_QUARK (adm-doc-render-error-quark, adm_doc_render_error)

/* Type sizes in points. */
#define FONT_FAMILY      "Sans"
#define BODY_SIZE        10.0
#define TABLE_SIZE       9.0
#define CARD_SIZE        8.5
#define HEADER_SIZE      8.5

#define BLOCK_GAP        6.0   /* after a paragraph, table, card row or ruled lines */
#define CELL_PAD         3.0   /* around a table cell's text */
#define CARD_PAD         6.0   /* inside a card's box */
#define CARD_GAP         10.0  /* between cards */
#define CARD_MIN_WIDTH   200.0 /* narrower than this, one card to a row */
#define CARD_SYMBOL      11.0  /* a faction's symbol before its name, across */
#define RULE_SPACING     22.0  /* between ruled lines: room for handwriting */
#define KEEP_WITH_NEXT   36.0  /* room a heading wants below it on its page */

typedef enum {
  PIECE_TEXT,   /* lines of a paragraph, a heading or a ruled-lines label */
  PIECE_ROW,    /* a table row, or its header row */
  PIECE_CARD,   /* one whole card */
  PIECE_RULES,  /* ruled lines */
  PIECE_QR,     /* a QR code, its quiet zone included */
  PIECE_FIGURE, /* a figure at true scale */
  PIECE_MAP,    /* one sheet of a battle's table at true scale */
  PIECE_SECTOR_MAP, /* a campaign's sector map fitted to the page */
} PieceKind;

typedef struct {
  GPtrArray *cells;       /* PangoLayout*, one per column */
  double     height;      /* padding included */
} TableRow;

typedef struct {
  guint      n_columns;
  double    *widths;      /* each column's width, padding included */
  double     width;       /* the sum */
  TableRow  *header;
  GPtrArray *rows;        /* TableRow* */
  guint      header_repeats;
} Table;

typedef struct {
  double       width, height;
  PangoLayout *title;
  PangoLayout *subtitle;  /* NULL when none */
  double       label_width;
  GPtrArray   *labels;    /* PangoLayout* */
  GPtrArray   *values;    /* PangoLayout* */
  GPtrArray   *notes;     /* PangoLayout* */
  double       title_height;
  GPtrArray   *fields;    /* AdmDocField*, the block's (borrowed): a faction's symbol */
} Card;

typedef struct {
  PieceKind    kind;
  guint        page;
  double       x, y;
  double       width, height;
  /* PIECE_TEXT: lines [line_start, line_end) of @layout (borrowed from the layout's list). */
  PangoLayout *layout;
  int          line_start, line_end;
  /* PIECE_ROW: @row of @table, or its header. */
  Table       *table;
  TableRow    *row;
  gboolean     header;
  /* PIECE_CARD */
  Card        *card;
  double       scale;     /* below 1 only for a card taller than a page */
  /* PIECE_RULES */
  guint        n_rules;
  /* PIECE_QR: what it encodes (borrowed from the block) */
  const char  *qr_text;
  /* PIECE_FIGURE, PIECE_MAP and PIECE_SECTOR_MAP: the block (borrowed) */
  const AdmDocBlock *figure;
  /* PIECE_MAP: the table's cm at the sheet's top left; the sheet's name, drawn in its corner
   * (@layout is its caption) */
  double       map_x, map_y;
  PangoLayout *label;
} Piece;

struct _AdmDocLayout {
  AdmDoc       *doc;
  PangoContext *context;
  double        width, height;
  double        margin;
  double        top, bottom;        /* the body's room on every page */
  double        footer;             /* the footer's rule */
  guint         n_pages;
  GArray       *pieces;             /* Piece */
  GPtrArray    *layouts;            /* PangoLayout*, owned: every text measured */
  GPtrArray    *tables;             /* Table*, owned */
  GPtrArray    *cards;              /* Card*, owned */
  GArray       *first_pages;        /* guint per block, G_MAXUINT when none */
  GArray       *last_pages;
  GHashTable   *block_tables;       /* block index → Table* */
  GArray       *part_pages;         /* guint per part: its first page, G_MAXUINT when none */

  /* Pagination state. */
  guint         page;
  double        y;
  gboolean      page_used;
  guint         block;
  /* Cards placed side by side: the column of the next card and the row's top and height. */
  guint         card_column;
  double        card_row_top;
  double        card_row_height;
  /* Figures placed side by side: the left edge of the next one, the row's top and height. */
  double        figure_x;
  double        figure_row_top;
  double        figure_row_height;
  /* The check ruler's numbers 0..10 and caption (borrowed from @layouts), or NULL. */
  PangoLayout  *ruler_numbers[11];
  PangoLayout  *ruler_caption;
};

/* Millimetres in points: figures are drawn 1:1. */
#define MM (72.0 / 25.4)
#define FIGURE_GAP (3 * MM)   /* between figures: room for the scissors */
#define RULER_HEIGHT (13 * MM) /* the check ruler and its caption, above the footer */
#define PT_PER_CM (10 * MM)
#define MAP_OVERLAP (10 * MM)  /* between neighbouring sheets of a map */

gboolean
adm_paper_from_name (const char *name,
                     AdmPaper   *paper)
{
  static const struct { const char *name; double width, height; } papers[] = {
    { "a4", 595.276, 841.89 },
    { "a5", 419.528, 595.276 },
    { "letter", 612.0, 792.0 },
    { "legal", 612.0, 1008.0 },
  };

  g_return_val_if_fail (paper != NULL, FALSE);

  if (name == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
    if (g_ascii_strcasecmp (name, papers[i].name) == 0)
      {
        paper->width = papers[i].width;
        paper->height = papers[i].height;
        return TRUE;
      }
  return FALSE;
}

/* ---- Measuring ---- */

static PangoLayout *
new_layout (AdmDocLayout *self,
            const char   *text,
            double        size,
            PangoWeight   weight,
            PangoStyle    style,
            double        width)
{
  PangoLayout *layout = pango_layout_new (self->context);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();

  pango_font_description_set_family (font, FONT_FAMILY);
  pango_font_description_set_size (font, (int) (size * PANGO_SCALE));
  pango_font_description_set_weight (font, weight);
  pango_font_description_set_style (font, style);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  if (width > 0)
    pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  g_ptr_array_add (self->layouts, layout);
  return layout;
}

static double
layout_height (PangoLayout *layout)
{
  int height;

  pango_layout_get_size (layout, NULL, &height);
  return (double) height / PANGO_SCALE;
}

static double
layout_width (PangoLayout *layout)
{
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  return (double) logical.width / PANGO_SCALE;
}

/* The top and bottom of line @line of @layout, in points from the layout's top. */
static void
line_yrange (PangoLayout *layout,
             int          line,
             double      *top,
             double      *bottom)
{
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  int y0 = 0, y1 = 0;

  for (int i = 0; i < line && pango_layout_iter_next_line (iter); i++)
    ;
  pango_layout_iter_get_line_yrange (iter, &y0, &y1);
  pango_layout_iter_free (iter);
  *top = (double) y0 / PANGO_SCALE;
  *bottom = (double) y1 / PANGO_SCALE;
}

/* ---- Pagination ---- */

static double
body_width (AdmDocLayout *self)
{
  return self->width - 2 * self->margin;
}

static void
mark_block (AdmDocLayout *self)
{
  guint *first = &g_array_index (self->first_pages, guint, self->block);

  if (*first == G_MAXUINT)
    *first = self->page;
  g_array_index (self->last_pages, guint, self->block) = self->page;
}

static void
end_card_row (AdmDocLayout *self)
{
  if (self->card_column == 0)
    return;
  self->y = self->card_row_top + self->card_row_height + CARD_GAP;
  self->card_column = 0;
  self->card_row_height = 0;
}

static void
end_figure_row (AdmDocLayout *self)
{
  if (self->figure_x == 0)
    return;
  self->y = self->figure_row_top + self->figure_row_height + FIGURE_GAP;
  self->figure_x = 0;
  self->figure_row_height = 0;
}

static void
new_page (AdmDocLayout *self)
{
  end_card_row (self);
  end_figure_row (self);
  self->page++;
  self->y = self->top;
  self->page_used = FALSE;
}

static double
room (AdmDocLayout *self)
{
  return self->bottom - self->y;
}

static Piece *
add_piece (AdmDocLayout *self,
           PieceKind     kind,
           double        x,
           double        width,
           double        height)
{
  Piece piece = { 0 };

  piece.kind = kind;
  piece.page = self->page;
  piece.x = x;
  piece.y = self->y;
  piece.width = width;
  piece.height = height;
  piece.scale = 1.0;
  g_array_append_val (self->pieces, piece);
  self->page_used = TRUE;
  mark_block (self);
  return &g_array_index (self->pieces, Piece, self->pieces->len - 1);
}

/* Places @layout's lines, as many on each page as fit: a paragraph longer than a page goes on
 * over the next ones. */
static void
place_text (AdmDocLayout *self,
            PangoLayout  *layout,
            double        gap_after)
{
  int n_lines = pango_layout_get_line_count (layout);
  int line = 0;

  while (line < n_lines)
    {
      double first_top, top, bottom;
      int last = line;

      line_yrange (layout, line, &first_top, &bottom);
      /* As many whole lines as fit, at least one on an empty page. */
      while (last < n_lines)
        {
          line_yrange (layout, last, &top, &bottom);
          if (bottom - first_top > room (self) && (last > line || self->page_used))
            break;
          last++;
        }
      if (last == line)
        {
          new_page (self);
          continue;
        }
      line_yrange (layout, last - 1, &top, &bottom);
      {
        Piece *piece = add_piece (self, PIECE_TEXT, self->margin, body_width (self),
                                  bottom - first_top);

        piece->layout = layout;
        piece->line_start = line;
        piece->line_end = last;
      }
      self->y += bottom - first_top;
      line = last;
    }
  self->y += gap_after;
}

static Card *measure_card (AdmDocLayout *self, const AdmDocBlock *block, double width);

/* How many cards go side by side, and how wide each is. */
static guint
card_columns (AdmDocLayout *self,
              double       *width)
{
  guint columns = MAX (1, (guint) ((body_width (self) + CARD_GAP) / (CARD_MIN_WIDTH + CARD_GAP)));

  columns = MIN (columns, 2);
  *width = (body_width (self) - (columns - 1) * CARD_GAP) / columns;
  return columns;
}

/* The height of a sector map (place_sector_map ()): two thirds of the body's width, or less on
 * a page too short for that. */
static double
sector_map_height (AdmDocLayout *self)
{
  return floor (MIN (floor (body_width (self)) * 2 / 3,
                     self->bottom - self->top - 2 * BODY_SIZE));
}

static void
place_heading (AdmDocLayout      *self,
               const AdmDocBlock *block)
{
  static const double sizes[] = { 16.0, 13.0, 11.0 };
  GPtrArray *blocks = adm_doc_get_blocks (self->doc);
  guint level = CLAMP (block->level, 1, 3);
  PangoLayout *layout = new_layout (self, block->text, sizes[level - 1], PANGO_WEIGHT_BOLD,
                                    PANGO_STYLE_NORMAL, body_width (self));
  double height = layout_height (layout);
  double keep = KEEP_WITH_NEXT;

  /* A heading keeps some of what follows it on its page: a line or two, or the whole of the
   * card or sector map under it (neither is split). */
  if (self->block + 1 < blocks->len)
    {
      const AdmDocBlock *next = g_ptr_array_index (blocks, self->block + 1);
      double width;

      if (next->kind == ADM_DOC_CARD)
        {
          card_columns (self, &width);
          keep = MAX (keep, measure_card (self, next, width)->height + 4);
        }
      else if (next->kind == ADM_DOC_SECTOR_MAP)
        keep = MAX (keep, sector_map_height (self));
    }
  if (self->page_used)
    self->y += sizes[level - 1] * 0.6;
  if (self->page_used && room (self) < height + keep &&
      height + keep <= self->bottom - self->top)
    new_page (self);
  place_text (self, layout, 4.0);
}

static void
place_paragraph (AdmDocLayout      *self,
                 const AdmDocBlock *block)
{
  PangoLayout *layout = new_layout (self, block->text, BODY_SIZE, PANGO_WEIGHT_NORMAL,
                                    PANGO_STYLE_NORMAL, body_width (self));

  place_text (self, layout, BLOCK_GAP);
}

/* The widest word of @text in @layout's font: a column narrower than that would cut words. */
static double
widest_word (PangoLayout *measure,
             const char  *text)
{
  g_auto(GStrv) words = g_strsplit_set (text != NULL ? text : "", " \n\t", -1);
  double widest = 0;

  for (guint i = 0; words[i] != NULL; i++)
    {
      pango_layout_set_text (measure, words[i], -1);
      widest = MAX (widest, layout_width (measure));
    }
  return widest;
}

/* Column widths sized to content: every column as wide as its longest cell when the table fits
 * the page; otherwise each column gets at least its widest word, and what room is left is
 * shared out in proportion to how much more each column would like. */
static void
size_columns (AdmDocLayout      *self,
              const AdmDocBlock *block,
              Table             *table)
{
  guint n = table->n_columns;
  g_autofree double *natural = g_new0 (double, n);
  g_autofree double *minimum = g_new0 (double, n);
  PangoLayout *measure = new_layout (self, "", TABLE_SIZE, PANGO_WEIGHT_BOLD,
                                     PANGO_STYLE_NORMAL, -1);
  double available = body_width (self);
  double sum_natural = 0, sum_minimum = 0;

  for (guint c = 0; c < n; c++)
    {
      const char *header = g_ptr_array_index (block->columns, c);

      pango_layout_set_text (measure, header, -1);
      natural[c] = layout_width (measure);
      minimum[c] = widest_word (measure, header);
    }
  {
    g_autoptr(PangoFontDescription) font = pango_font_description_copy (
      pango_layout_get_font_description (measure));

    pango_font_description_set_weight (font, PANGO_WEIGHT_NORMAL);
    pango_layout_set_font_description (measure, font);
  }
  for (guint r = 0; r < block->rows->len; r++)
    {
      char **cells = g_ptr_array_index (block->rows, r);

      for (guint c = 0; c < n && cells[c] != NULL; c++)
        {
          g_auto(GStrv) lines = g_strsplit (cells[c], "\n", -1);

          for (guint l = 0; lines[l] != NULL; l++)
            {
              pango_layout_set_text (measure, lines[l], -1);
              natural[c] = MAX (natural[c], layout_width (measure));
            }
          minimum[c] = MAX (minimum[c], widest_word (measure, cells[c]));
        }
    }
  for (guint c = 0; c < n; c++)
    {
      natural[c] += 2 * CELL_PAD + 1;
      minimum[c] += 2 * CELL_PAD + 1;
      sum_natural += natural[c];
      sum_minimum += minimum[c];
    }
  for (guint c = 0; c < n; c++)
    {
      if (sum_natural <= available)
        table->widths[c] = natural[c];
      else if (sum_minimum >= available)
        table->widths[c] = minimum[c] * available / sum_minimum;
      else
        table->widths[c] = minimum[c] + (natural[c] - minimum[c]) *
                           (available - sum_minimum) / (sum_natural - sum_minimum);
      table->width += table->widths[c];
    }
}

static TableRow *
measure_row (AdmDocLayout       *self,
             Table              *table,
             const char * const *cells,
             gboolean            header)
{
  TableRow *row = g_new0 (TableRow, 1);
  gboolean ended = FALSE;

  row->cells = g_ptr_array_new ();
  for (guint c = 0; c < table->n_columns; c++)
    {
      const char *text = NULL;
      PangoLayout *layout;

      /* A short row leaves its last cells empty. */
      if (!ended && cells[c] == NULL)
        ended = TRUE;
      if (!ended)
        text = cells[c];
      layout = new_layout (self, text, TABLE_SIZE,
                           header ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL,
                           PANGO_STYLE_NORMAL, table->widths[c] - 2 * CELL_PAD);
      g_ptr_array_add (row->cells, layout);
      row->height = MAX (row->height, layout_height (layout) + 2 * CELL_PAD);
    }
  return row;
}

static void
table_row_free (TableRow *row)
{
  if (row == NULL)
    return;
  g_ptr_array_unref (row->cells);
  g_free (row);
}

static void
table_free (Table *table)
{
  g_free (table->widths);
  table_row_free (table->header);
  g_ptr_array_unref (table->rows);
  g_free (table);
}

static void
place_row (AdmDocLayout *self,
           Table        *table,
           TableRow     *row,
           gboolean      header)
{
  Piece *piece = add_piece (self, PIECE_ROW, self->margin, table->width, row->height);

  piece->table = table;
  piece->row = row;
  piece->header = header;
  if (header)
    table->header_repeats++;
  self->y += row->height;
}

/* Tables break between rows; each page the table is on starts with its header row. */
static void
place_table (AdmDocLayout      *self,
             const AdmDocBlock *block)
{
  Table *table = g_new0 (Table, 1);
  guint rows_on_page = 0;

  table->n_columns = block->columns->len;
  table->widths = g_new0 (double, table->n_columns);
  table->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) table_row_free);
  g_ptr_array_add (self->tables, table);
  g_hash_table_insert (self->block_tables, GUINT_TO_POINTER (self->block), table);

  size_columns (self, block, table);
  {
    /* The header cells, borrowed, as a NULL-terminated row. */
    g_autoptr(GPtrArray) headers = g_ptr_array_sized_new (table->n_columns + 1);

    for (guint c = 0; c < table->n_columns; c++)
      g_ptr_array_add (headers, g_ptr_array_index (block->columns, c));
    g_ptr_array_add (headers, NULL);
    table->header = measure_row (self, table, (const char * const *) headers->pdata, TRUE);
  }
  for (guint r = 0; r < block->rows->len; r++)
    g_ptr_array_add (table->rows,
                     measure_row (self, table, g_ptr_array_index (block->rows, r), FALSE));

  /* The header starts the table only with its first row under it. */
  {
    double first = table->rows->len > 0
      ? ((TableRow *) g_ptr_array_index (table->rows, 0))->height : 0;

    if (self->page_used && room (self) < table->header->height + first)
      new_page (self);
  }
  place_row (self, table, table->header, TRUE);
  for (guint r = 0; r < table->rows->len; r++)
    {
      TableRow *row = g_ptr_array_index (table->rows, r);

      /* A row taller than a whole page goes under its header anyway. */
      if (room (self) < row->height && rows_on_page > 0)
        {
          new_page (self);
          place_row (self, table, table->header, TRUE);
          rows_on_page = 0;
        }
      place_row (self, table, row, FALSE);
      rows_on_page++;
    }
  self->y += BLOCK_GAP;
}

static void
card_free (Card *card)
{
  g_ptr_array_unref (card->labels);
  g_ptr_array_unref (card->values);
  g_ptr_array_unref (card->notes);
  g_free (card);
}

/* A card: the ship's name in bold on a grey band, the subtitle in italics, then its fields as
 * label and value columns, then its notes, all in a box. */
static Card *
measure_card (AdmDocLayout      *self,
              const AdmDocBlock *block,
              double             width)
{
  Card *card = g_new0 (Card, 1);
  double inner = width - 2 * CARD_PAD;
  PangoLayout *measure = new_layout (self, "", CARD_SIZE, PANGO_WEIGHT_BOLD,
                                     PANGO_STYLE_NORMAL, -1);
  double y;

  card->width = width;
  card->labels = g_ptr_array_new ();
  card->values = g_ptr_array_new ();
  card->notes = g_ptr_array_new ();
  card->fields = block->fields;
  card->title = new_layout (self, block->title, 11.0, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL,
                            inner);
  card->title_height = layout_height (card->title) + 2 * CARD_PAD - 2;
  y = card->title_height + 3;
  if (block->subtitle != NULL && *block->subtitle != '\0')
    {
      card->subtitle = new_layout (self, block->subtitle, CARD_SIZE, PANGO_WEIGHT_NORMAL,
                                   PANGO_STYLE_ITALIC, inner);
      y += layout_height (card->subtitle) + 3;
    }
  for (guint f = 0; f < block->fields->len; f++)
    {
      const AdmDocField *field = g_ptr_array_index (block->fields, f);

      pango_layout_set_text (measure, field->label, -1);
      card->label_width = MAX (card->label_width, layout_width (measure) + 6);
    }
  card->label_width = MIN (card->label_width, inner * 0.45);
  for (guint f = 0; f < block->fields->len; f++)
    {
      const AdmDocField *field = g_ptr_array_index (block->fields, f);
      PangoLayout *label = new_layout (self, field->label, CARD_SIZE, PANGO_WEIGHT_BOLD,
                                       PANGO_STYLE_NORMAL, card->label_width - 4);
      /* A faction's name goes after its symbol (card_symbol ()). */
      double slot = field->symbolled ? CARD_SYMBOL + 3 : 0;
      PangoLayout *value = new_layout (self, field->value, CARD_SIZE, PANGO_WEIGHT_NORMAL,
                                       PANGO_STYLE_NORMAL, inner - card->label_width - slot);

      g_ptr_array_add (card->labels, label);
      g_ptr_array_add (card->values, value);
      y += MAX (layout_height (label), layout_height (value)) + 1.5;
    }
  if (block->notes->len > 0)
    y += 4;
  for (guint n = 0; n < block->notes->len; n++)
    {
      g_autofree char *text = g_strconcat ("• ", (char *) g_ptr_array_index (block->notes, n),
                                           NULL);
      PangoLayout *note = new_layout (self, text, CARD_SIZE, PANGO_WEIGHT_NORMAL,
                                      PANGO_STYLE_NORMAL, inner);

      g_ptr_array_add (card->notes, note);
      y += layout_height (note) + 1;
    }
  card->height = y + CARD_PAD;
  g_ptr_array_add (self->cards, card);
  return card;
}

/* Cards go in rows, several to a row where the page is wide enough, and never split: a card
 * that does not fit below the row before starts a new page; one taller than a whole page is
 * drawn smaller. */
static void
place_card (AdmDocLayout      *self,
            const AdmDocBlock *block)
{
  double width;
  guint columns = card_columns (self, &width);
  Card *card = measure_card (self, block, width);
  Piece *piece;
  double scale = 1.0;

  if (self->card_column >= columns)
    end_card_row (self);
  if (self->card_column == 0)
    {
      self->card_row_top = self->y;
      self->card_row_height = 0;
    }
  if (card->height > self->bottom - self->card_row_top)
    {
      if (self->page_used)
        {
          new_page (self);
          self->card_row_top = self->y;
        }
      scale = MIN (1.0, (self->bottom - self->top) / card->height);
    }
  self->y = self->card_row_top;
  piece = add_piece (self, PIECE_CARD, self->margin + self->card_column * (width + CARD_GAP),
                     width * scale, card->height * scale);
  piece->card = card;
  piece->scale = scale;
  self->card_column++;
  self->card_row_height = MAX (self->card_row_height, card->height * scale);
}

static void
place_lines (AdmDocLayout      *self,
             const AdmDocBlock *block)
{
  guint left = block->count;
  PangoLayout *label = NULL;
  double label_height = 0, whole;

  if (block->text != NULL && *block->text != '\0')
    {
      label = new_layout (self, block->text, BODY_SIZE, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL,
                          body_width (self));
      label_height = layout_height (label);
    }
  /* Lines that fit on a page go on one page with their label: on an order sheet they are
   * where an admiral writes one thing (an order, his instructions to the master), and those
   * carried over to the next sheet would say nothing of what they are for. Longer ones start
   * with their label and two lines, and go on over the next pages. */
  whole = label_height + left * RULE_SPACING;
  if (self->page_used && room (self) < whole && whole <= self->bottom - self->top)
    new_page (self);
  else if (label != NULL && self->page_used && room (self) < label_height + 2 * RULE_SPACING)
    new_page (self);
  if (label != NULL)
    place_text (self, label, 0);
  while (left > 0)
    {
      guint fit = (guint) (room (self) / RULE_SPACING);
      Piece *piece;

      if (fit == 0)
        {
          new_page (self);
          continue;
        }
      fit = MIN (fit, left);
      piece = add_piece (self, PIECE_RULES, self->margin, body_width (self), fit * RULE_SPACING);
      piece->n_rules = fit;
      self->y += fit * RULE_SPACING;
      left -= fit;
    }
  self->y += BLOCK_GAP;
}

/* About 3.5 cm: a phone reads it at arm's length. */
#define QR_SIZE 100.0

static void
place_qr (AdmDocLayout      *self,
          const AdmDocBlock *block)
{
  Piece *piece;

  if (self->page_used && room (self) < QR_SIZE)
    new_page (self);
  piece = add_piece (self, PIECE_QR, self->margin, QR_SIZE, QR_SIZE);
  piece->qr_text = block->text;
  self->y += QR_SIZE + BLOCK_GAP;
}

/* A figure 1:1, beside the one before while it fits across the page, else at the start of
 * the next row; a row that does not fit below goes on the next page. A figure larger than the
 * page is not shrunk (it would no longer be true to scale): it is placed alone and cut off. */
static void
place_figure (AdmDocLayout      *self,
              const AdmDocBlock *block)
{
  double width = block->width * MM, height = block->height * MM;
  Piece *piece;

  if (self->figure_x > 0 && self->figure_x + width > body_width (self))
    end_figure_row (self);
  if (self->figure_x == 0)
    {
      if (self->page_used && height > room (self))
        new_page (self);
      self->figure_row_top = self->y;
      self->figure_row_height = 0;
    }
  else if (self->figure_row_top + height > self->bottom)
    {
      new_page (self);
      self->figure_row_top = self->y;
    }
  self->y = self->figure_row_top;
  piece = add_piece (self, PIECE_FIGURE, self->margin + self->figure_x, width, height);
  piece->figure = block;
  self->figure_x += width + FIGURE_GAP;
  self->figure_row_height = MAX (self->figure_row_height, height);
}

/* A battle's table at true scale over whole sheets, each a page of its own: the sheets overlap
 * by MAP_OVERLAP, and a cross at each corner, MAP_OVERLAP / 2 in from both edges, lies on the
 * same point of the table as its neighbours' crosses, so that sheets laid over each other
 * with their crosses on one another make the table. Sheets are named by column letter and
 * row number, "A1" at the top left. */
static void
place_map (AdmDocLayout      *self,
           const AdmDocBlock *block)
{
  AdmiraltyTableOptions options;
  PangoLayout *probe;
  double x0, y0, x1, y1, width, height, step_x, step_y;
  guint columns, rows;

  admiralty_table_options_init (&options);
  options.view_side = block->view_side;
  if (!ADM_IS_BATTLE (block->object) ||
      !admiralty_table_extent (ADM_BATTLE (block->object), &options, &x0, &y0, &x1, &y1))
    return;
  probe = new_layout (self, "Ag\nAg", HEADER_SIZE, PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, -1);
  /* Whole points, so that the renderer's pixels are the page's points. */
  width = floor (body_width (self));
  height = floor (self->bottom - self->top - layout_height (probe) - 4);
  step_x = (width - MAP_OVERLAP) / PT_PER_CM;
  step_y = (height - MAP_OVERLAP) / PT_PER_CM;
  columns = MAX (1, (guint) ceil ((x1 - x0 - MAP_OVERLAP / PT_PER_CM) / step_x - 1e-6));
  rows = MAX (1, (guint) ceil ((y1 - y0 - MAP_OVERLAP / PT_PER_CM) / step_y - 1e-6));
  /* Centred on what the view sees. */
  x0 -= (columns * step_x + MAP_OVERLAP / PT_PER_CM - (x1 - x0)) / 2;
  y0 -= (rows * step_y + MAP_OVERLAP / PT_PER_CM - (y1 - y0)) / 2;
  for (guint row = 0; row < rows; row++)
    for (guint column = 0; column < columns; column++)
      {
        g_autofree char *name = g_strdup_printf ("%c%u", 'A' + MIN (column, 25u), row + 1);
        g_autofree char *caption = NULL;
        Piece *piece;

        if (self->page_used)
          new_page (self);
        piece = add_piece (self, PIECE_MAP, self->margin, width, height);
        piece->figure = block;
        piece->map_x = x0 + column * step_x;
        piece->map_y = y0 + row * step_y;
        piece->label = new_layout (self, name, 14, PANGO_WEIGHT_BOLD, PANGO_STYLE_NORMAL, -1);
        caption = g_strdup_printf (
          /* Translators: under one sheet of a table kit's map: the sheet's name ("B2"), how
           * many sheets across and down */
          _("Map, sheet %s of %u across × %u down, 1:1. Sheets overlap by 1 cm: lay the "
            "sheet on the right and the one below over this one, their crosses on its "
            "crosses."), name, columns, rows);
        piece->layout = new_layout (self, caption, HEADER_SIZE, PANGO_WEIGHT_NORMAL,
                                    PANGO_STYLE_NORMAL, width);
        self->y = self->bottom;
      }
}

/* The sector map's pixels a point of paper: its cards' type at about two thirds of the size
 * the map window draws it, so that a sector map of many sectors fits across a page. */
#define SECTOR_MAP_PX_PER_PT 1.5

/* A sector map across the body's width, two thirds as tall (less when the page is shorter),
 * on the next page when it does not fit below; its caption under it. */
static void
place_sector_map (AdmDocLayout      *self,
                  const AdmDocBlock *block)
{
  PangoLayout *caption = NULL;
  double width = floor (body_width (self)), height, caption_height = 0;
  Piece *piece;

  if (!ADM_IS_STATE (block->object))
    return;
  if (block->text != NULL)
    {
      caption = new_layout (self, block->text, HEADER_SIZE, PANGO_WEIGHT_NORMAL,
                            PANGO_STYLE_NORMAL, width);
      caption_height = layout_height (caption) + 3;
    }
  height = MIN (sector_map_height (self), floor (self->bottom - self->top - caption_height));
  if (self->page_used && room (self) < height + caption_height)
    new_page (self);
  piece = add_piece (self, PIECE_SECTOR_MAP, self->margin, width, height);
  piece->figure = block;
  piece->layout = caption;
  self->y += height + caption_height + BLOCK_GAP;
}

/* The parts that start at the block being placed: each on a new sheet of paper — on an odd
 * page, so that a stack printed on both sides parts between sheets, the back of the previous
 * part's last sheet left blank. */
static void
start_parts (AdmDocLayout *self)
{
  guint n_parts = adm_doc_get_n_parts (self->doc);

  for (guint p = 1; p < n_parts; p++)
    {
      if (adm_doc_get_part (self->doc, p)->first_block != self->block)
        continue;
      if (self->page_used)
        new_page (self);
      if (self->page % 2 == 1)
        new_page (self);
      g_array_index (self->part_pages, guint, p) = self->page;
    }
}

static void
paginate (AdmDocLayout *self)
{
  GPtrArray *blocks = adm_doc_get_blocks (self->doc);

  self->page = 0;
  self->y = self->top;
  self->page_used = FALSE;
  for (self->block = 0; self->block < blocks->len; self->block++)
    {
      const AdmDocBlock *block = g_ptr_array_index (blocks, self->block);

      start_parts (self);
      if (block->kind != ADM_DOC_CARD)
        end_card_row (self);
      if (block->kind != ADM_DOC_FIGURE)
        end_figure_row (self);
      switch (block->kind)
        {
        case ADM_DOC_HEADING:
          place_heading (self, block);
          break;
        case ADM_DOC_PARAGRAPH:
          place_paragraph (self, block);
          break;
        case ADM_DOC_TABLE:
          place_table (self, block);
          break;
        case ADM_DOC_CARD:
          place_card (self, block);
          break;
        case ADM_DOC_LINES:
          place_lines (self, block);
          break;
        case ADM_DOC_PAGE_BREAK:
          if (self->page_used)
            new_page (self);
          break;
        case ADM_DOC_QR:
          place_qr (self, block);
          break;
        case ADM_DOC_FIGURE:
          place_figure (self, block);
          break;
        case ADM_DOC_MAP:
          place_map (self, block);
          break;
        case ADM_DOC_SECTOR_MAP:
          place_sector_map (self, block);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  end_card_row (self);
  end_figure_row (self);
  /* A page break at the end opens no empty page. */
  if (!self->page_used && self->page > 0)
    self->page--;
  self->n_pages = self->page + 1;
}

/* The header (two lines of small type and a rule) and the footer (a rule and the page
 * number) take this much of the page. */
static double
header_height (AdmDocLayout *self)
{
  PangoLayout *probe = new_layout (self, "Ag", HEADER_SIZE, PANGO_WEIGHT_BOLD,
                                   PANGO_STYLE_NORMAL, -1);

  return 2 * layout_height (probe) + 10;
}

AdmDocLayout *
adm_doc_layout_new (AdmDoc  *doc,
                    cairo_t *cr,
                    double   width,
                    double   height)
{
  AdmDocLayout *self;
  GPtrArray *blocks;
  cairo_font_options_t *options;
  guint none = G_MAXUINT;

  g_return_val_if_fail (doc != NULL, NULL);
  g_return_val_if_fail (cr != NULL, NULL);
  g_return_val_if_fail (width > 100 && height > 100, NULL);

  self = g_new0 (AdmDocLayout, 1);
  self->doc = doc;
  self->width = width;
  self->height = height;
  self->margin = MAX (24.0, MIN (width, height) * 0.07);
  self->context = pango_cairo_create_context (cr);
  /* One cairo unit is one point whatever the surface, and no hinting, so that the pages
   * measured are the pages drawn, on paper as on screen. */
  pango_cairo_context_set_resolution (self->context, 72.0);
  pango_context_set_round_glyph_positions (self->context, FALSE);
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (self->context, options);
  cairo_font_options_destroy (options);

  self->pieces = g_array_new (FALSE, TRUE, sizeof (Piece));
  self->layouts = g_ptr_array_new_with_free_func (g_object_unref);
  self->tables = g_ptr_array_new_with_free_func ((GDestroyNotify) table_free);
  self->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) card_free);
  self->block_tables = g_hash_table_new (NULL, NULL);
  blocks = adm_doc_get_blocks (doc);
  self->first_pages = g_array_new (FALSE, FALSE, sizeof (guint));
  self->last_pages = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < blocks->len; i++)
    {
      g_array_append_val (self->first_pages, none);
      g_array_append_val (self->last_pages, none);
    }

  self->part_pages = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (self->part_pages, none);
  g_array_index (self->part_pages, guint, 0) = 0;
  for (guint p = 1; p < adm_doc_get_n_parts (doc); p++)
    g_array_append_val (self->part_pages, none);

  self->top = self->margin + header_height (self);
  self->bottom = height - self->margin - (HEADER_SIZE + 10);
  self->footer = self->bottom;
  if (adm_doc_get_check_ruler (doc))
    {
      self->bottom -= RULER_HEIGHT;
      for (int cm = 0; cm <= 10; cm++)
        {
          g_autofree char *number = g_strdup_printf ("%d", cm);

          self->ruler_numbers[cm] = new_layout (self, number, HEADER_SIZE - 2,
                                                PANGO_WEIGHT_NORMAL, PANGO_STYLE_NORMAL, -1);
        }
      self->ruler_caption =
        new_layout (self,
                    /* Translators: beside the 10 cm ruler at the foot of a table kit's page */
                    _("10 cm: measure it. A shorter ruler means the page was printed scaled: "
                      "print at 100 %, not “fit to page”."),
                    HEADER_SIZE - 1, PANGO_WEIGHT_NORMAL, PANGO_STYLE_ITALIC,
                    body_width (self) - 106 * MM);
    }
  paginate (self);
  return self;
}

guint
adm_doc_layout_get_n_pages (AdmDocLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_pages;
}

gboolean
adm_doc_layout_get_block_pages (AdmDocLayout *self,
                                guint         block,
                                guint        *first_page,
                                guint        *last_page)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (block >= self->first_pages->len ||
      g_array_index (self->first_pages, guint, block) == G_MAXUINT)
    return FALSE;
  if (first_page != NULL)
    *first_page = g_array_index (self->first_pages, guint, block);
  if (last_page != NULL)
    *last_page = g_array_index (self->last_pages, guint, block);
  return TRUE;
}

guint
adm_doc_layout_get_header_repeats (AdmDocLayout *self,
                                   guint         block)
{
  Table *table;

  g_return_val_if_fail (self != NULL, 0);

  table = g_hash_table_lookup (self->block_tables, GUINT_TO_POINTER (block));
  return table != NULL ? table->header_repeats : 0;
}

void
adm_doc_layout_free (AdmDocLayout *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->pieces);
  g_ptr_array_unref (self->cards);
  g_ptr_array_unref (self->tables);
  g_ptr_array_unref (self->layouts);
  g_hash_table_unref (self->block_tables);
  g_array_unref (self->part_pages);
  g_array_unref (self->first_pages);
  g_array_unref (self->last_pages);
  g_object_unref (self->context);
  g_free (self);
}

/* ---- Drawing ---- */

static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y)
{
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_text_piece (cairo_t     *cr,
                 const Piece *piece)
{
  PangoLayoutIter *iter = pango_layout_get_iter (piece->layout);
  double first_top = 0;
  int line = 0;

  do
    {
      PangoRectangle logical;
      double baseline;
      int y0, y1;

      if (line >= piece->line_end)
        break;
      if (line++ < piece->line_start)
        continue;
      pango_layout_iter_get_line_yrange (iter, &y0, &y1);
      if (line - 1 == piece->line_start)
        first_top = (double) y0 / PANGO_SCALE;
      baseline = (double) pango_layout_iter_get_baseline (iter) / PANGO_SCALE;
      pango_layout_iter_get_line_extents (iter, NULL, &logical);
      cairo_move_to (cr, piece->x + (double) logical.x / PANGO_SCALE,
                     piece->y + baseline - first_top);
      pango_cairo_show_layout_line (cr, pango_layout_iter_get_line_readonly (iter));
    }
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
}

static void
draw_row_piece (cairo_t     *cr,
                const Piece *piece)
{
  double x = piece->x;

  if (piece->header)
    {
      cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
      cairo_rectangle (cr, piece->x, piece->y, piece->width, piece->height);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
    }
  for (guint c = 0; c < piece->table->n_columns; c++)
    {
      show_layout (cr, g_ptr_array_index (piece->row->cells, c), x + CELL_PAD,
                   piece->y + CELL_PAD);
      x += piece->table->widths[c];
    }
  /* Cell borders; the header row has a heavier rule below it. */
  cairo_set_line_width (cr, 0.5);
  cairo_rectangle (cr, piece->x, piece->y, piece->width, piece->height);
  x = piece->x;
  for (guint c = 0; c + 1 < piece->table->n_columns; c++)
    {
      x += piece->table->widths[c];
      cairo_move_to (cr, x, piece->y);
      cairo_line_to (cr, x, piece->y + piece->height);
    }
  cairo_stroke (cr);
  if (piece->header)
    {
      cairo_set_line_width (cr, 1.2);
      cairo_move_to (cr, piece->x, piece->y + piece->height);
      cairo_line_to (cr, piece->x + piece->width, piece->y + piece->height);
      cairo_stroke (cr);
    }
}

static void
set_colour (cairo_t *cr,
            guint32  colour)
{
  cairo_set_source_rgb (cr, ((colour >> 16) & 0xff) / 255.0, ((colour >> 8) & 0xff) / 255.0,
                        (colour & 0xff) / 255.0);
}

/* A faction's field: its symbol on a disc of its colour (white when it has none) at (@x, @y),
 * before its name, as the portal's page and the table show the side — told by its shape
 * where its colour is not told apart, on a black-and-white printer too. */
static void
card_symbol (cairo_t           *cr,
             const AdmDocField *field,
             double             x,
             double             y)
{
  double r = CARD_SYMBOL / 2, cx = x + r, cy = y + r;
  guint32 ground = 0xffffff;

  if (field->symbol >= ADM_N_FACTION_SYMBOLS)
    return;
  if (field->colour != NULL && field->colour[0] == '#' && strlen (field->colour) == 7)
    ground = (guint32) g_ascii_strtoull (field->colour + 1, NULL, 16);
  cairo_save (cr);
  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, r, 0, 2 * G_PI);
  set_colour (cr, ground);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.5);
  cairo_stroke (cr);
  admiralty_faction_symbol_draw (cr, field->symbol, cx, cy, r - 1, ground);
  cairo_restore (cr);
}

static void
draw_card_piece (cairo_t     *cr,
                 const Piece *piece)
{
  const Card *card = piece->card;
  double y;

  cairo_save (cr);
  cairo_translate (cr, piece->x, piece->y);
  cairo_scale (cr, piece->scale, piece->scale);

  cairo_set_source_rgb (cr, 0.88, 0.88, 0.88);
  cairo_rectangle (cr, 0, 0, card->width, card->title_height);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_layout (cr, card->title, CARD_PAD, CARD_PAD - 1);
  y = card->title_height + 3;
  if (card->subtitle != NULL)
    {
      show_layout (cr, card->subtitle, CARD_PAD, y);
      y += layout_height (card->subtitle) + 3;
    }
  for (guint f = 0; f < card->labels->len; f++)
    {
      PangoLayout *label = g_ptr_array_index (card->labels, f);
      PangoLayout *value = g_ptr_array_index (card->values, f);

      const AdmDocField *field = g_ptr_array_index (card->fields, f);
      double x = CARD_PAD + card->label_width;

      show_layout (cr, label, CARD_PAD, y);
      if (field->symbolled)
        {
          card_symbol (cr, field, x, y);
          x += CARD_SYMBOL + 3;
        }
      show_layout (cr, value, x, y);
      y += MAX (layout_height (label), layout_height (value)) + 1.5;
    }
  if (card->notes->len > 0)
    {
      cairo_set_line_width (cr, 0.5);
      cairo_move_to (cr, CARD_PAD, y + 1.5);
      cairo_line_to (cr, card->width - CARD_PAD, y + 1.5);
      cairo_stroke (cr);
      y += 4;
    }
  for (guint n = 0; n < card->notes->len; n++)
    {
      PangoLayout *note = g_ptr_array_index (card->notes, n);

      show_layout (cr, note, CARD_PAD, y);
      y += layout_height (note) + 1;
    }

  cairo_set_line_width (cr, 1.2);
  cairo_rectangle (cr, 0, 0, card->width, card->height);
  cairo_move_to (cr, 0, card->title_height);
  cairo_line_to (cr, card->width, card->title_height);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_rules_piece (cairo_t     *cr,
                  const Piece *piece)
{
  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_set_line_width (cr, 0.5);
  for (guint i = 1; i <= piece->n_rules; i++)
    {
      cairo_move_to (cr, piece->x, piece->y + i * RULE_SPACING - 0.5);
      cairo_line_to (cr, piece->x + piece->width, piece->y + i * RULE_SPACING - 0.5);
    }
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
}

/* A line of header or footer type in the box @width wide at (@x, @y), aligned by
 * @alignment, cut with an ellipsis when too long. */
static void
draw_small (AdmDocLayout *self,
            cairo_t      *cr,
            const char   *text,
            PangoWeight   weight,
            double        x,
            double        y,
            double        width,
            PangoAlignment alignment)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (self->context);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();

  pango_font_description_set_family (font, FONT_FAMILY);
  pango_font_description_set_size (font, (int) (HEADER_SIZE * PANGO_SCALE));
  pango_font_description_set_weight (font, weight);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_alignment (layout, alignment);
  pango_layout_set_text (layout, text != NULL ? text : "", -1);
  show_layout (cr, layout, x, y);
}

/* The part @page is in (the last one started on or before it) and its pages: @first, and @n. */
static guint
page_part (AdmDocLayout *self,
           guint         page,
           guint        *first,
           guint        *n)
{
  guint part = 0, end = self->n_pages;

  for (guint p = 0; p < self->part_pages->len; p++)
    {
      guint start = g_array_index (self->part_pages, guint, p);

      if (start <= page)
        part = p;
      else if (start != G_MAXUINT && start < end)
        end = start;
    }
  *first = g_array_index (self->part_pages, guint, part);
  *n = end - *first;
  return part;
}

static void
draw_header_footer (AdmDocLayout *self,
                    cairo_t      *cr,
                    guint         page)
{
  double left = self->margin;
  double width = body_width (self);
  double line = (self->top - self->margin - 10) / 2;
  g_autofree char *number = NULL;
  guint first, n;
  guint part = page_part (self, page, &first, &n);
  const AdmDocPart *headers = adm_doc_get_part (self->doc, part);

  draw_small (self, cr, headers->header_left, PANGO_WEIGHT_NORMAL, left,
              self->margin, width * 0.5 - 6, PANGO_ALIGN_LEFT);
  draw_small (self, cr, headers->header_right, PANGO_WEIGHT_NORMAL,
              left + width * 0.5, self->margin, width * 0.5, PANGO_ALIGN_RIGHT);
  draw_small (self, cr, headers->title, PANGO_WEIGHT_BOLD, left,
              self->margin + line, width, PANGO_ALIGN_LEFT);
  cairo_set_line_width (cr, 0.8);
  cairo_move_to (cr, left, self->top - 6);
  cairo_line_to (cr, left + width, self->top - 6);
  cairo_move_to (cr, left, self->footer + 4);
  cairo_line_to (cr, left + width, self->footer + 4);
  cairo_stroke (cr);

  number = adm_doc_format_part_footer (self->doc, part, page - first + 1, n);
  draw_small (self, cr, number, PANGO_WEIGHT_NORMAL, left, self->footer + 7, width,
              PANGO_ALIGN_CENTER);
}

/* Level M, as the app's and the terminal's codes of the same link (adm-portal-qr.c): black
 * modules on white, a quiet zone of four modules. */
static void
draw_qr_piece (cairo_t     *cr,
               const Piece *piece)
{
  QRcode *code = QRcode_encodeString (piece->qr_text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  int modules;
  double unit;

  if (code == NULL)
    return;
  modules = code->width + 8;
  unit = piece->width / modules;
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, piece->x, piece->y, piece->width, piece->width);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (int row = 0; row < code->width; row++)
    for (int column = 0; column < code->width; column++)
      if (code->data[row * code->width + column] & 1)
        cairo_rectangle (cr, piece->x + (column + 4) * unit, piece->y + (row + 4) * unit, unit,
                         unit);
  cairo_fill (cr);
  cairo_restore (cr);
  QRcode_free (code);
}

static void
draw_figure_text (AdmDocLayout      *self,
                  cairo_t           *cr,
                  const AdmDocShape *shape)
{
  g_autoptr(PangoLayout) layout = pango_layout_new (self->context);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();
  PangoRectangle ink, logical;

  pango_font_description_set_family (font, FONT_FAMILY);
  pango_font_description_set_absolute_size (font, shape->size * MM * PANGO_SCALE);
  pango_font_description_set_weight (font, shape->bold ? PANGO_WEIGHT_BOLD
                                                       : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, shape->text, -1);
  pango_layout_get_pixel_extents (layout, &ink, &logical);
  set_colour (cr, shape->stroke);
  /* Centred on its point, by the line's box across and the capitals' middle down. */
  cairo_move_to (cr, shape->x1 * MM - logical.width / 2.0,
                 shape->y1 * MM - pango_layout_get_baseline (layout) / (double) PANGO_SCALE +
                   0.35 * shape->size * MM);
  pango_cairo_show_layout (cr, layout);
}

/* A figure's shapes in millimetres, one unit a millimetre. */
static void
draw_figure_piece (AdmDocLayout *self,
                   cairo_t      *cr,
                   const Piece  *piece)
{
  static const double dash[] = { 2 * MM, 1.2 * MM };
  GPtrArray *shapes = piece->figure->shapes;

  cairo_save (cr);
  cairo_translate (cr, piece->x, piece->y);
  for (guint i = 0; i < shapes->len; i++)
    {
      const AdmDocShape *shape = g_ptr_array_index (shapes, i);

      cairo_new_path (cr);
      cairo_set_dash (cr, shape->dashed ? dash : NULL, shape->dashed ? 2 : 0, 0);
      cairo_set_line_width (cr, shape->size * MM);
      switch (shape->kind)
        {
        case ADM_DOC_SHAPE_CIRCLE:
          cairo_arc (cr, shape->x1 * MM, shape->y1 * MM, shape->radius * MM, 0, 2 * G_PI);
          if (shape->fill != ADM_DOC_NO_COLOUR)
            {
              set_colour (cr, shape->fill);
              cairo_fill_preserve (cr);
            }
          if (shape->stroke != ADM_DOC_NO_COLOUR && shape->size > 0)
            {
              set_colour (cr, shape->stroke);
              cairo_stroke (cr);
            }
          break;
        case ADM_DOC_SHAPE_LINE:
          cairo_move_to (cr, shape->x1 * MM, shape->y1 * MM);
          cairo_line_to (cr, shape->x2 * MM, shape->y2 * MM);
          set_colour (cr, shape->stroke);
          cairo_stroke (cr);
          break;
        case ADM_DOC_SHAPE_TEXT:
          draw_figure_text (self, cr, shape);
          break;
        case ADM_DOC_SHAPE_SYMBOL:
          if (shape->symbol < ADM_N_FACTION_SYMBOLS)
            admiralty_faction_symbol_draw (cr, shape->symbol, shape->x1 * MM, shape->y1 * MM,
                                           shape->radius * MM, shape->fill);
          break;
        default:
          g_assert_not_reached ();
        }
      cairo_new_path (cr);
    }
  cairo_restore (cr);
}

/* An alignment cross centred on (@x, @y): magenta on a white ring, seen on the dark table. */
static void
draw_cross (cairo_t *cr,
            double   x,
            double   y)
{
  cairo_set_line_width (cr, 1.2 * MM);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_arc (cr, x, y, 2.5 * MM, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 0.5 * MM);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_move_to (cr, x - 4 * MM, y);
  cairo_line_to (cr, x + 4 * MM, y);
  cairo_move_to (cr, x, y - 4 * MM);
  cairo_line_to (cr, x, y + 4 * MM);
  cairo_stroke (cr);
}

/* One sheet of a map: the table drawn by its renderer at PT_PER_CM points a cm, as the view
 * side sees it (the audience filter deciding, as on screen), its crosses, its name and its
 * caption. Names are placed as on a view that pans (options.still off), so that a name in
 * the overlap is where its neighbour prints it. */
static void
draw_map_piece (cairo_t     *cr,
                const Piece *piece)
{
  AdmiraltyTableOptions options;
  AdmiraltyTableView view;
  double o = MAP_OVERLAP / 2;

  admiralty_table_options_init (&options);
  options.view_side = piece->figure->view_side;
  admiralty_table_view_init (&view, (int) piece->width, (int) piece->height);
  view.scale = PT_PER_CM;
  view.centre_x = piece->map_x + view.width / 2.0 / PT_PER_CM;
  view.centre_y = piece->map_y + view.height / 2.0 / PT_PER_CM;
  cairo_save (cr);
  cairo_translate (cr, piece->x, piece->y);
  admiralty_table_render (cr, &view, ADM_BATTLE (piece->figure->object), &options);
  cairo_rectangle (cr, 0, 0, piece->width, piece->height);
  cairo_clip (cr);
  draw_cross (cr, o, o);
  draw_cross (cr, piece->width - o, o);
  draw_cross (cr, o, piece->height - o);
  draw_cross (cr, piece->width - o, piece->height - o);
  cairo_set_source_rgb (cr, 1, 1, 1);
  show_layout (cr, piece->label, o + 4 * MM, o + 1 * MM);
  cairo_reset_clip (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  show_layout (cr, piece->layout, 0, piece->height + 3);
  cairo_restore (cr);
}

/* A sector map: the campaign's state drawn by the sector map's renderer for the block's
 * audience (decided by the one audience filter where the document was made) in its light
 * scheme for paper, with the engagements the block marks, every card fitted apart as in the
 * map window; its caption under it. The legend is left out: drawn over the map's corner it
 * would hide the sectors there, and the cards name every side. */
static void
draw_sector_map_piece (cairo_t     *cr,
                       const Piece *piece)
{
  const AdmDocBlock *block = piece->figure;
  AdmState *state = ADM_STATE (block->object);
  AdmScenario *scenario = adm_state_get_scenario (state);
  AdmiraltySectorOptions options;
  AdmiraltySectorView view;
  g_autoptr(GHashTable) cards = NULL;

  admiralty_sector_options_init (&options);
  options.state = state;
  options.strategy = adm_state_get_strategy (state);
  options.paper = TRUE;
  options.engagements = block->marks;
  options.audience = block->view_side == ADM_DOC_VIEW_MASTER ? ADMIRALTY_SECTOR_AUDIENCE_MASTER
                                                             : ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
  if (block->view_side == ADM_DOC_VIEW_SIDE && block->viewer != NULL)
    options.viewer = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario),
                                                 block->viewer);
  /* A side the ruleset lacks sees what the public sees, never more. */
  if (options.viewer != NULL)
    options.audience = ADMIRALTY_SECTOR_AUDIENCE_SIDE;
  admiralty_sector_view_init (&view, (int) (piece->width * SECTOR_MAP_PX_PER_PT),
                              (int) (piece->height * SECTOR_MAP_PX_PER_PT));
  cards = admiralty_sector_cards_fit_apart (&view, scenario, &options);
  cairo_save (cr);
  cairo_translate (cr, piece->x, piece->y);
  cairo_rectangle (cr, 0, 0, piece->width, piece->height);
  cairo_clip (cr);
  cairo_scale (cr, 1 / SECTOR_MAP_PX_PER_PT, 1 / SECTOR_MAP_PX_PER_PT);
  admiralty_sector_render (cr, &view, scenario, &options);
  cairo_restore (cr);
  if (piece->layout != NULL)
    {
      cairo_save (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      show_layout (cr, piece->layout, piece->x, piece->y + piece->height + 3);
      cairo_restore (cr);
    }
}

/* The check ruler at the foot of a page: 10 cm with a tick every millimetre, long ones at
 * the centimetres and numbered, so that whoever prints the page can see that it came out at
 * true scale (a printer's "fit to page" shrinks it). */
static void
draw_check_ruler (AdmDocLayout *self,
                  cairo_t      *cr)
{
  double x0 = self->margin, y0 = self->bottom + 3 * MM;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 0.2 * MM);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x0 + 100 * MM, y0);
  cairo_stroke (cr);
  for (int mm = 0; mm <= 100; mm++)
    {
      double length = mm % 10 == 0 ? 4 : mm % 5 == 0 ? 2.5 : 1.5;

      cairo_move_to (cr, x0 + mm * MM, y0);
      cairo_line_to (cr, x0 + mm * MM, y0 + length * MM);
    }
  cairo_stroke (cr);
  for (int cm = 0; cm <= 10; cm++)
    show_layout (cr, self->ruler_numbers[cm],
                 x0 + cm * 10 * MM - layout_width (self->ruler_numbers[cm]) / 2, y0 + 4.3 * MM);
  show_layout (cr, self->ruler_caption, x0 + 106 * MM, y0);
  cairo_restore (cr);
}

void
adm_doc_layout_render_page (AdmDocLayout *self,
                            cairo_t      *cr,
                            guint         page)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (page < self->n_pages);

  cairo_save (cr);
  pango_cairo_update_context (cr, self->context);
  cairo_set_source_rgb (cr, 0, 0, 0);
  draw_header_footer (self, cr, page);
  if (adm_doc_get_check_ruler (self->doc))
    draw_check_ruler (self, cr);
  for (guint i = 0; i < self->pieces->len; i++)
    {
      const Piece *piece = &g_array_index (self->pieces, Piece, i);

      if (piece->page != page)
        continue;
      switch (piece->kind)
        {
        case PIECE_TEXT:
          draw_text_piece (cr, piece);
          break;
        case PIECE_ROW:
          draw_row_piece (cr, piece);
          break;
        case PIECE_CARD:
          draw_card_piece (cr, piece);
          break;
        case PIECE_RULES:
          draw_rules_piece (cr, piece);
          break;
        case PIECE_QR:
          draw_qr_piece (cr, piece);
          break;
        case PIECE_FIGURE:
          draw_figure_piece (self, cr, piece);
          break;
        case PIECE_MAP:
          draw_map_piece (cr, piece);
          break;
        case PIECE_SECTOR_MAP:
          draw_sector_map_piece (cr, piece);
          break;
        default:
          g_assert_not_reached ();
        }
    }
  cairo_restore (cr);
}

/* ---- PDF ---- */

static cairo_status_t
write_cb (void                *closure,
          const unsigned char *data,
          unsigned int         length)
{
  FILE *file = closure;

  if (fwrite (data, 1, length, file) != length)
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
write_error (const char  *path,
             const char  *reason,
             GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, ADM_DOC_RENDER_ERROR, ADM_DOC_RENDER_ERROR_WRITE,
               /* Translators: "Could not write “turn-3.pdf”: Permission denied" */
               _("Could not write “%s”: %s"), display, reason);
  return FALSE;
}

/* Draws every page of @doc on @file as a PDF; the cairo status of the result. */
static cairo_status_t
draw_pdf (AdmDoc         *doc,
          const AdmPaper *paper,
          FILE           *file)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (write_cb, file, paper->width,
                                                                  paper->height);
  cairo_t *cr = cairo_create (surface);
  cairo_status_t status;

  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                  adm_doc_get_title (doc) != NULL ? adm_doc_get_title (doc) : "");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Admiralty");
  if (cairo_status (cr) == CAIRO_STATUS_SUCCESS)
    {
      g_autoptr(AdmDocLayout) layout = adm_doc_layout_new (doc, cr, paper->width,
                                                           paper->height);

      for (guint page = 0; page < layout->n_pages; page++)
        {
          adm_doc_layout_render_page (layout, cr, page);
          cairo_show_page (cr);
        }
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status;
}

gboolean
adm_doc_write_pdf (AdmDoc          *doc,
                   const AdmPaper  *paper,
                   const char      *path,
                   GError         **error)
{
  AdmPaper a4;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp = NULL;
  cairo_status_t status;
  FILE *file;
  int fd;

  g_return_val_if_fail (doc != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (paper == NULL)
    {
      adm_paper_from_name ("a4", &a4);
      paper = &a4;
    }
  /* Written beside @path and renamed over it: the rename is atomic on one file system. */
  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  temp = g_strdup_printf ("%s%c.%s-XXXXXX", dir, G_DIR_SEPARATOR, base);
  fd = g_mkstemp_full (temp, O_WRONLY, 0666);
  if (fd < 0)
    return write_error (path, g_strerror (errno), error);
  file = fdopen (fd, "wb");
  if (file == NULL)
    {
      int saved = errno;

      close (fd);
      g_unlink (temp);
      return write_error (path, g_strerror (saved), error);
    }
  status = draw_pdf (doc, paper, file);
  if (fflush (file) != 0 || fsync (fileno (file)) != 0)
    status = CAIRO_STATUS_WRITE_ERROR;
  if (fclose (file) != 0)
    status = CAIRO_STATUS_WRITE_ERROR;
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_unlink (temp);
      return write_error (path, status == CAIRO_STATUS_WRITE_ERROR
                                ? _("the disk refused the data (is it full?)")
                                : cairo_status_to_string (status), error);
    }
  if (g_rename (temp, path) != 0)
    {
      int saved = errno;

      g_unlink (temp);
      return write_error (path, g_strerror (saved), error);
    }
  return TRUE;
}
