/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-doc.c: the document model — a list of blocks and nothing about paper. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-doc.h"

struct _AdmDoc
{
  char      *page_footer;  /* "Page %u of %u", translated when the document was made */
  char      *part_footer;  /* "%s — page %u of %u", likewise */
  GPtrArray *parts;    /* AdmDocPart*, part 0 the document's own title and headers */
  GPtrArray *blocks;   /* AdmDocBlock* */
  gboolean   ruler;    /* a 10 cm check ruler on every page */
};

static void
part_free (gpointer data)
{
  AdmDocPart *part = data;

  g_free (part->title);
  g_free (part->header_left);
  g_free (part->header_right);
  g_free (part->owner);
  g_free (part);
}

static AdmDocPart *
part_new (guint       first_block,
          const char *title,
          const char *header_left,
          const char *header_right,
          const char *owner)
{
  AdmDocPart *part = g_new0 (AdmDocPart, 1);

  part->first_block = first_block;
  part->title = g_strdup (title);
  part->header_left = g_strdup (header_left);
  part->header_right = g_strdup (header_right);
  part->owner = g_strdup (owner);
  return part;
}

static void
field_free (gpointer data)
{
  AdmDocField *field = data;

  g_free (field->label);
  g_free (field->value);
  g_free (field->colour);
  g_free (field);
}

static void
block_free (gpointer data)
{
  AdmDocBlock *block = data;

  g_free (block->text);
  g_free (block->title);
  g_free (block->subtitle);
  g_clear_pointer (&block->columns, g_ptr_array_unref);
  g_clear_pointer (&block->rows, g_ptr_array_unref);
  g_clear_pointer (&block->fields, g_ptr_array_unref);
  g_clear_pointer (&block->notes, g_ptr_array_unref);
  g_clear_pointer (&block->shapes, g_ptr_array_unref);
  g_clear_object (&block->object);
  g_free (block->viewer);
  g_clear_pointer (&block->marks, g_ptr_array_unref);
  g_free (block);
}

AdmDoc *
adm_doc_new (const char *title,
             const char *header_left,
             const char *header_right)
{
  AdmDoc *self = g_new0 (AdmDoc, 1);

  self->parts = g_ptr_array_new_with_free_func (part_free);
  g_ptr_array_add (self->parts, part_new (0, title, header_left, header_right, NULL));
  /* Translated now, in the language the document is made in, so that drawing its pages needs
   * no translation (the portal draws PDFs on a thread of their own). */
  /* Translators: the footer of every page of a report: "Page 2 of 7". */
  self->page_footer = g_strdup (_("Page %u of %u"));
  /* Translators: the footer of a page of one admiral's paper in a stack printed for every
   * admiral: his name, then the page of his own pages, "Radovan — page 2 of 6". */
  self->part_footer = g_strdup (_("%s — page %u of %u"));
  self->blocks = g_ptr_array_new_with_free_func (block_free);
  return self;
}

void
adm_doc_free (AdmDoc *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->parts);
  g_free (self->page_footer);
  g_free (self->part_footer);
  g_ptr_array_unref (self->blocks);
  g_free (self);
}

const char *
adm_doc_get_title (AdmDoc *self)
{
  return adm_doc_get_part (self, 0)->title;
}

const char *
adm_doc_get_header_left (AdmDoc *self)
{
  return adm_doc_get_part (self, 0)->header_left;
}

const char *
adm_doc_get_header_right (AdmDoc *self)
{
  return adm_doc_get_part (self, 0)->header_right;
}

/* @format filled in by hand: printf's format must be a literal. Its numbers are "%u", in order,
 * or "%1$u" and "%2$u" where a language turns them round; "%s" is @owner. */
static char *
format_footer (const char *format,
               const char *owner,
               guint       page,
               guint       n_pages)
{
  GString *out = g_string_new (NULL);
  guint next = 0;

  for (const char *p = format; *p != '\0'; p++)
    {
      if (p[0] == '%' && p[1] == 'u')
        {
          g_string_append_printf (out, "%u", next++ == 0 ? page : n_pages);
          p++;
        }
      else if (p[0] == '%' && (p[1] == '1' || p[1] == '2') && p[2] == '$' && p[3] == 'u')
        {
          g_string_append_printf (out, "%u", p[1] == '1' ? page : n_pages);
          p += 3;
        }
      else if (p[0] == '%' && p[1] == 's')
        {
          g_string_append (out, owner != NULL ? owner : "");
          p++;
        }
      else if (p[0] == '%' && p[1] == '%')
        {
          g_string_append_c (out, '%');
          p++;
        }
      else
        g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

char *
adm_doc_format_page_footer (AdmDoc *self,
                            guint   page,
                            guint   n_pages)
{
  g_return_val_if_fail (self != NULL, NULL);

  return format_footer (self->page_footer, NULL, page, n_pages);
}

char *
adm_doc_format_part_footer (AdmDoc *self,
                            guint   part,
                            guint   page,
                            guint   n_pages)
{
  const char *owner;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (part < self->parts->len, NULL);

  owner = adm_doc_get_part (self, part)->owner;
  return format_footer (owner != NULL ? self->part_footer : self->page_footer, owner, page,
                        n_pages);
}

guint
adm_doc_get_n_parts (AdmDoc *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->parts->len;
}

const AdmDocPart *
adm_doc_get_part (AdmDoc *self,
                  guint   part)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (part < self->parts->len, NULL);

  return g_ptr_array_index (self->parts, part);
}

GPtrArray *
adm_doc_get_blocks (AdmDoc *self)
{
  return self->blocks;
}

static AdmDocBlock *
add_block (AdmDoc          *self,
           AdmDocBlockKind  kind)
{
  AdmDocBlock *block = g_new0 (AdmDocBlock, 1);

  block->kind = kind;
  g_ptr_array_add (self->blocks, block);
  return block;
}

void
adm_doc_add_heading (AdmDoc     *self,
                     guint       level,
                     const char *text)
{
  AdmDocBlock *block;

  g_return_if_fail (self != NULL && text != NULL);
  g_return_if_fail (level >= 1 && level <= 3);

  block = add_block (self, ADM_DOC_HEADING);
  block->level = level;
  block->text = g_strdup (text);
}

void
adm_doc_add_paragraph (AdmDoc     *self,
                       const char *text)
{
  g_return_if_fail (self != NULL && text != NULL);

  add_block (self, ADM_DOC_PARAGRAPH)->text = g_strdup (text);
}

void
adm_doc_add_printf (AdmDoc     *self,
                    const char *format,
                    ...)
{
  va_list args;

  g_return_if_fail (self != NULL && format != NULL);

  va_start (args, format);
  add_block (self, ADM_DOC_PARAGRAPH)->text = g_strdup_vprintf (format, args);
  va_end (args);
}

AdmDocBlock *
adm_doc_add_table (AdmDoc             *self,
                   const char * const *columns)
{
  AdmDocBlock *block;

  g_return_val_if_fail (self != NULL && columns != NULL && columns[0] != NULL, NULL);

  block = add_block (self, ADM_DOC_TABLE);
  block->columns = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; columns[i] != NULL; i++)
    g_ptr_array_add (block->columns, g_strdup (columns[i]));
  block->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  return block;
}

void
adm_doc_table_add_row (AdmDocBlock        *table,
                       const char * const *cells)
{
  GStrv row;

  g_return_if_fail (table != NULL && table->kind == ADM_DOC_TABLE && cells != NULL);
  g_return_if_fail (g_strv_length ((GStrv) cells) == table->columns->len);

  row = g_new0 (char *, table->columns->len + 1);
  for (guint i = 0; i < table->columns->len; i++)
    row[i] = g_strdup (cells[i]);
  g_ptr_array_add (table->rows, row);
}

AdmDocBlock *
adm_doc_add_card (AdmDoc     *self,
                  const char *title,
                  const char *subtitle)
{
  AdmDocBlock *block;

  g_return_val_if_fail (self != NULL && title != NULL, NULL);

  block = add_block (self, ADM_DOC_CARD);
  block->title = g_strdup (title);
  block->subtitle = g_strdup (subtitle);
  block->fields = g_ptr_array_new_with_free_func (field_free);
  block->notes = g_ptr_array_new_with_free_func (g_free);
  return block;
}

void
adm_doc_card_add_field (AdmDocBlock *card,
                        const char  *label,
                        const char  *value)
{
  AdmDocField *field;

  g_return_if_fail (card != NULL && card->kind == ADM_DOC_CARD);
  g_return_if_fail (label != NULL && value != NULL);

  field = g_new0 (AdmDocField, 1);
  field->label = g_strdup (label);
  field->value = g_strdup (value);
  g_ptr_array_add (card->fields, field);
}

void
adm_doc_card_add_faction (AdmDocBlock *card,
                          const char  *label,
                          const char  *value,
                          guint        symbol,
                          const char  *colour)
{
  AdmDocField *field;

  adm_doc_card_add_field (card, label, value);
  g_return_if_fail (card != NULL && card->kind == ADM_DOC_CARD && card->fields->len > 0);
  field = g_ptr_array_index (card->fields, card->fields->len - 1);
  field->symbolled = TRUE;
  field->symbol = symbol;
  field->colour = g_strdup (colour);
}

void
adm_doc_card_add_note (AdmDocBlock *card,
                       const char  *text)
{
  g_return_if_fail (card != NULL && card->kind == ADM_DOC_CARD && text != NULL);

  g_ptr_array_add (card->notes, g_strdup (text));
}

void
adm_doc_add_lines (AdmDoc     *self,
                   const char *label,
                   guint       count)
{
  AdmDocBlock *block;

  g_return_if_fail (self != NULL && count > 0);

  block = add_block (self, ADM_DOC_LINES);
  block->text = g_strdup (label);
  block->count = count;
}

void
adm_doc_add_page_break (AdmDoc *self)
{
  g_return_if_fail (self != NULL);

  add_block (self, ADM_DOC_PAGE_BREAK);
}

void
adm_doc_add_qr (AdmDoc     *self,
                const char *text)
{
  g_return_if_fail (self != NULL && text != NULL);

  add_block (self, ADM_DOC_QR)->text = g_strdup (text);
}

static void
shape_free (gpointer data)
{
  AdmDocShape *shape = data;

  g_free (shape->text);
  g_free (shape);
}

AdmDocBlock *
adm_doc_add_figure (AdmDoc *self,
                    double  width,
                    double  height)
{
  AdmDocBlock *block;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);

  block = add_block (self, ADM_DOC_FIGURE);
  block->width = width;
  block->height = height;
  block->shapes = g_ptr_array_new_with_free_func (shape_free);
  return block;
}

void
adm_doc_add_map (AdmDoc     *self,
                 GObject    *battle,
                 int         view_side,
                 const char *caption)
{
  AdmDocBlock *block;

  g_return_if_fail (self != NULL);
  g_return_if_fail (G_IS_OBJECT (battle));

  block = add_block (self, ADM_DOC_MAP);
  block->object = g_object_ref (battle);
  block->view_side = view_side;
  block->text = g_strdup (caption);
}

void
adm_doc_add_sector_map (AdmDoc     *self,
                        GObject    *state,
                        int         view,
                        const char *viewer,
                        GPtrArray  *marks,
                        const char *caption)
{
  AdmDocBlock *block;

  g_return_if_fail (self != NULL);
  g_return_if_fail (G_IS_OBJECT (state));
  g_return_if_fail (view != ADM_DOC_VIEW_SIDE || viewer != NULL);

  block = add_block (self, ADM_DOC_SECTOR_MAP);
  block->object = g_object_ref (state);
  block->view_side = view;
  block->viewer = g_strdup (viewer);
  block->marks = marks != NULL ? g_ptr_array_ref (marks) : NULL;
  block->text = g_strdup (caption);
}

static AdmDocShape *
add_shape (AdmDocBlock     *figure,
           AdmDocShapeKind  kind)
{
  AdmDocShape *shape = g_new0 (AdmDocShape, 1);

  shape->kind = kind;
  shape->stroke = ADM_DOC_NO_COLOUR;
  shape->fill = ADM_DOC_NO_COLOUR;
  g_ptr_array_add (figure->shapes, shape);
  return shape;
}

void
adm_doc_figure_add_circle (AdmDocBlock *figure,
                           double       x,
                           double       y,
                           double       radius,
                           double       line_width,
                           guint32      stroke,
                           guint32      fill,
                           gboolean     dashed)
{
  AdmDocShape *shape;

  g_return_if_fail (figure != NULL && figure->kind == ADM_DOC_FIGURE);
  g_return_if_fail (radius > 0);

  shape = add_shape (figure, ADM_DOC_SHAPE_CIRCLE);
  shape->x1 = x;
  shape->y1 = y;
  shape->radius = radius;
  shape->size = line_width;
  shape->stroke = stroke;
  shape->fill = fill;
  shape->dashed = dashed;
}

void
adm_doc_figure_add_line (AdmDocBlock *figure,
                         double       x1,
                         double       y1,
                         double       x2,
                         double       y2,
                         double       line_width,
                         guint32      stroke)
{
  AdmDocShape *shape;

  g_return_if_fail (figure != NULL && figure->kind == ADM_DOC_FIGURE);

  shape = add_shape (figure, ADM_DOC_SHAPE_LINE);
  shape->x1 = x1;
  shape->y1 = y1;
  shape->x2 = x2;
  shape->y2 = y2;
  shape->size = line_width;
  shape->stroke = stroke;
}

void
adm_doc_figure_add_symbol (AdmDocBlock *figure,
                           double       x,
                           double       y,
                           double       radius,
                           guint        symbol,
                           guint32      ground)
{
  AdmDocShape *shape;

  g_return_if_fail (figure != NULL && figure->kind == ADM_DOC_FIGURE);
  g_return_if_fail (radius > 0);

  shape = add_shape (figure, ADM_DOC_SHAPE_SYMBOL);
  shape->x1 = x;
  shape->y1 = y;
  shape->radius = radius;
  shape->symbol = symbol;
  shape->fill = ground;
}

void
adm_doc_figure_add_text (AdmDocBlock *figure,
                         double       x,
                         double       y,
                         double       size,
                         guint32      colour,
                         gboolean     bold,
                         const char  *text)
{
  AdmDocShape *shape;

  g_return_if_fail (figure != NULL && figure->kind == ADM_DOC_FIGURE);
  g_return_if_fail (text != NULL && size > 0);

  shape = add_shape (figure, ADM_DOC_SHAPE_TEXT);
  shape->x1 = x;
  shape->y1 = y;
  shape->size = size;
  shape->stroke = colour;
  shape->bold = bold;
  shape->text = g_strdup (text);
}

void
adm_doc_set_check_ruler (AdmDoc   *self,
                         gboolean  ruler)
{
  g_return_if_fail (self != NULL);

  self->ruler = ruler;
}

gboolean
adm_doc_get_check_ruler (AdmDoc *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->ruler;
}

void
adm_doc_append (AdmDoc *self,
                AdmDoc *other)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (other != NULL && other != self);

  if (self->blocks->len > 0 && other->blocks->len > 0)
    adm_doc_add_page_break (self);
  while (other->blocks->len > 0)
    g_ptr_array_add (self->blocks, g_ptr_array_steal_index (other->blocks, 0));
}

void
adm_doc_append_part (AdmDoc     *self,
                     AdmDoc     *other,
                     const char *owner,
                     const char *cover)
{
  const AdmDocPart *first;
  guint start;

  g_return_if_fail (self != NULL);
  g_return_if_fail (other != NULL && other != self);

  first = adm_doc_get_part (other, 0);
  g_ptr_array_add (self->parts, part_new (self->blocks->len, first->title, first->header_left,
                                          first->header_right, owner));
  if (cover != NULL)
    adm_doc_add_heading (self, 1, cover);
  start = self->blocks->len;
  /* @other's own parts after its first keep their owners; their blocks move along. */
  for (guint p = 1; p < other->parts->len; p++)
    {
      const AdmDocPart *part = g_ptr_array_index (other->parts, p);

      g_ptr_array_add (self->parts, part_new (start + part->first_block,
                                              part->title, part->header_left,
                                              part->header_right, part->owner));
    }
  g_ptr_array_set_size (other->parts, 1);
  while (other->blocks->len > 0)
    g_ptr_array_add (self->blocks, g_ptr_array_steal_index (other->blocks, 0));
}

char *
adm_doc_to_text (AdmDoc *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (NULL);
  for (guint i = 0, p = 0; i < self->blocks->len || p == 0; i++)
    {
      AdmDocBlock *block;

      /* A part begins with its headers, as its pages do: on a new page after the first. */
      for (; p < self->parts->len && adm_doc_get_part (self, p)->first_block <= i; p++)
        {
          const AdmDocPart *part = adm_doc_get_part (self, p);

          g_string_append_printf (out, "%s%s\n%s\n%s\n", p > 0 ? "\f\n" : "", part->title,
                                  part->header_left != NULL ? part->header_left : "",
                                  part->header_right != NULL ? part->header_right : "");
        }
      if (i >= self->blocks->len)
        break;
      block = g_ptr_array_index (self->blocks, i);

      switch (block->kind)
        {
        case ADM_DOC_HEADING:
        case ADM_DOC_PARAGRAPH:
          g_string_append_printf (out, "\n%s\n", block->text);
          break;

        case ADM_DOC_TABLE:
          g_string_append_c (out, '\n');
          for (guint c = 0; c < block->columns->len; c++)
            g_string_append_printf (out, c > 0 ? "\t%s" : "%s",
                                    (char *) g_ptr_array_index (block->columns, c));
          g_string_append_c (out, '\n');
          for (guint r = 0; r < block->rows->len; r++)
            {
              GStrv row = g_ptr_array_index (block->rows, r);

              for (guint c = 0; row[c] != NULL; c++)
                g_string_append_printf (out, c > 0 ? "\t%s" : "%s", row[c]);
              g_string_append_c (out, '\n');
            }
          break;

        case ADM_DOC_CARD:
          g_string_append_printf (out, "\n%s\n", block->title);
          if (block->subtitle != NULL)
            g_string_append_printf (out, "%s\n", block->subtitle);
          for (guint f = 0; f < block->fields->len; f++)
            {
              AdmDocField *field = g_ptr_array_index (block->fields, f);

              g_string_append_printf (out, "%s: %s\n", field->label, field->value);
            }
          for (guint n = 0; n < block->notes->len; n++)
            g_string_append_printf (out, "%s\n", (char *) g_ptr_array_index (block->notes, n));
          break;

        case ADM_DOC_LINES:
          if (block->text != NULL)
            g_string_append_printf (out, "\n%s\n", block->text);
          for (guint l = 0; l < block->count; l++)
            g_string_append (out, "____\n");
          break;

        case ADM_DOC_PAGE_BREAK:
          g_string_append (out, "\f\n");
          break;

        case ADM_DOC_QR:
          g_string_append_printf (out, "[QR: %s]\n", block->text);
          break;

        case ADM_DOC_FIGURE:
          for (guint s = 0; s < block->shapes->len; s++)
            {
              const AdmDocShape *shape = g_ptr_array_index (block->shapes, s);

              if (shape->kind == ADM_DOC_SHAPE_TEXT)
                g_string_append_printf (out, "%s\n", shape->text);
            }
          break;

        case ADM_DOC_MAP:
        case ADM_DOC_SECTOR_MAP:
          if (block->text != NULL)
            g_string_append_printf (out, "\n%s\n", block->text);
          break;

        default:
          g_assert_not_reached ();
        }
    }
  return g_string_free (out, FALSE);
}
