/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-doc-render.c: an AdmDoc laid out on paper (src/report/) — a hand-built document with
 * every kind of block over many pages (Russian words too), written as a PDF and read back with
 * poppler's pdfinfo and pdftotext: the page count, every word as real text, the page header
 * and numbers; a table longer than a page repeats its header row on every page; cards are
 * never split; ruled lines that fit on a page are kept on one with their label, a paragraph
 * and ruled lines longer than a page go on over the next; a PDF
 * that cannot be written names its file and leaves nothing behind; paper names; a fleet card's
 * faction drawn with its symbol on its colour before its name. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <cairo-pdf.h>

#include "admiralty-engine.h"
#include "adm-doc-render.h"

/* ---- Helpers ---- */

static char *
run_tool (const char *first,
          ...) G_GNUC_NULL_TERMINATED;

/* Runs a poppler tool and gives its stdout; it must succeed. */
static char *
run_tool (const char *first,
          ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  char *out = NULL;
  int status = 0;
  va_list args;

  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err,
                &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  return out;
}

/* @text with every run of white space made one space, so that words wrapped onto the next
 * line still read as written. */
static char *
squeeze (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        space = TRUE;
      else
        {
          if (space && out->len > 0)
            g_string_append_c (out, ' ');
          space = FALSE;
          g_string_append_c (out, *p);
        }
    }
  return g_string_free (out, FALSE);
}

static char *
pdf_text (const char *path,
          int         page)
{
  g_autofree char *raw = NULL;

  if (page > 0)
    {
      g_autofree char *number = g_strdup_printf ("%d", page);

      raw = run_tool ("pdftotext", "-enc", "UTF-8", "-f", number, "-l", number, path, "-",
                      NULL);
    }
  else
    raw = run_tool ("pdftotext", "-enc", "UTF-8", path, "-", NULL);
  return squeeze (raw);
}

static void
assert_contains (const char *haystack,
                 const char *needle)
{
  g_autofree char *squeezed = squeeze (needle);

  if (strstr (haystack, squeezed) == NULL)
    g_error ("“%s” not found in the PDF's text:\n%s", squeezed, haystack);
}

static guint
pdf_pages (const char *path)
{
  g_autofree char *info = run_tool ("pdfinfo", path, NULL);
  const char *pages = strstr (info, "Pages:");

  g_assert_nonnull (pages);
  return (guint) g_ascii_strtoull (pages + strlen ("Pages:"), NULL, 10);
}

static cairo_status_t
discard_cb (void                *closure,
            const unsigned char *data,
            unsigned int         length)
{
  return CAIRO_STATUS_SUCCESS;
}

/* The layout of @doc on @paper as adm_doc_write_pdf () makes it, on a PDF surface. */
static AdmDocLayout *
layout_on (AdmDoc         *doc,
           const AdmPaper *paper)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (discard_cb, NULL,
                                                                  paper->width, paper->height);
  cairo_t *cr = cairo_create (surface);
  AdmDocLayout *layout = adm_doc_layout_new (doc, cr, paper->width, paper->height);

  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);
  return layout;
}

static char *
temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("admiralty-doc-render-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Removes @dir and the files in it; @expected of them. */
static void
remove_dir (const char *dir,
            guint       expected)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint count = 0;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_test_message ("in the folder: %s", name);
      g_assert_cmpint (g_remove (path), ==, 0);
      count++;
    }
  g_assert_cmpuint (count, ==, expected);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* ---- The document ---- */

#define N_LONG_ROWS 90
#define N_CARDS     11

/* Every kind of block, over several pages: blocks are numbered as adm_doc_get_blocks () holds
 * them, and the indices below name the ones the tests look at. */
enum {
  BLOCK_TITLE,
  BLOCK_INTRO,
  BLOCK_SHORT_TABLE,
  BLOCK_LONG_HEADING,
  BLOCK_LONG_TABLE,
  BLOCK_BREAK,
  BLOCK_CARDS_HEADING,
  BLOCK_FIRST_CARD,
  BLOCK_BIG_CARD = BLOCK_FIRST_CARD + N_CARDS,
  BLOCK_LONG_PARAGRAPH,
  BLOCK_LINES,
  BLOCK_LONG_LINES,
  BLOCK_LAST_HEADING,
  BLOCK_TRAILING_BREAK,
};

static char *
long_paragraph (void)
{
  GString *text = g_string_new (NULL);

  for (guint i = 1; i <= 160; i++)
    g_string_append_printf (text, "Sentence %u of the long log, which runs over a page. ", i);
  return g_string_free (text, FALSE);
}

static AdmDoc *
build_doc (void)
{
  AdmDoc *doc = adm_doc_new ("Turn report — cycle 3", "The Komarr Campaign",
                             "Cycle 3 · 12 June 2010 14:00");
  static const char *short_columns[] = { "Side", "Ships lost", "Hull lost", NULL };
  static const char *long_columns[] = { "Turn", "Phase", "Roll and purpose",
                                        "Clause", NULL };
  g_autofree char *paragraph = long_paragraph ();
  AdmDocBlock *table;
  AdmDocBlock *card;

  adm_doc_add_heading (doc, 1, "Turn report — cycle 3");
  adm_doc_add_paragraph (doc, "Everything that happened in the cycle.\nA second line.\n"
                         "Нефритовая эскадра: потеряно 2 корабля.");
  table = adm_doc_add_table (doc, short_columns);
  adm_doc_table_add_row (table, (const char *[]) { "Barrayar", "2", "31", NULL });
  adm_doc_table_add_row (table, (const char *[]) { "Cetaganda", "5", "58", NULL });
  adm_doc_add_heading (doc, 2, "Battle of Pol orbit");
  table = adm_doc_add_table (doc, long_columns);
  for (guint r = 1; r <= N_LONG_ROWS; r++)
    {
      g_autofree char *turn = g_strdup_printf ("T%u", r);
      g_autofree char *roll = g_strdup_printf ("Roll%u 2d6 = 7 against the target number of "
                                               "the artillery table, column 4", r);

      adm_doc_table_add_row (table, (const char *[]) { turn, "Fire", roll, "F-ART-8", NULL });
    }
  adm_doc_add_page_break (doc);
  adm_doc_add_heading (doc, 2, "Fleet cards");
  for (guint c = 1; c <= N_CARDS; c++)
    {
      g_autofree char *title = g_strdup_printf ("Ship%02u", c);
      g_autofree char *hull = g_strdup_printf ("%u/14", c);

      card = adm_doc_add_card (doc, title, "Battlecruiser · capital");
      adm_doc_card_add_field (card, "Hull", hull);
      adm_doc_card_add_field (card, "Speed", "24 cm, turn 45°");
      adm_doc_card_add_field (card, "Main battery",
                              "firepower 8, range 40 cm, arcs bow port starboard");
      adm_doc_card_add_field (card, "Readiness", "10 (Elite)");
      adm_doc_card_add_note (card, "Critical awaiting repair: engines");
    }
  /* A card taller than a page still prints, whole. */
  card = adm_doc_add_card (doc, "Giant", NULL);
  for (guint f = 1; f <= 80; f++)
    {
      g_autofree char *label = g_strdup_printf ("Field%u", f);

      adm_doc_card_add_field (card, label, "value");
    }
  adm_doc_add_paragraph (doc, paragraph);
  adm_doc_add_lines (doc, "Orders for First Squadron:", 4);
  adm_doc_add_lines (doc, "General comments:", 60);
  adm_doc_add_heading (doc, 3, "End of the report");
  adm_doc_add_page_break (doc);
  g_assert_cmpuint (adm_doc_get_blocks (doc)->len, ==, BLOCK_TRAILING_BREAK + 1);
  return doc;
}

/* ---- Tests ---- */

/* The PDF has as many pages as the layout, and every word of the document is in it as text:
 * headings, paragraphs, table cells, card titles, fields and notes, line labels, the page
 * header on every page and "Page N of M". */
static void
test_pdf_text (void)
{
  g_autoptr(AdmDoc) doc = build_doc ();
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDocLayout) layout = NULL;
  g_autofree char *text = NULL;
  g_autofree char *last = NULL;
  GPtrArray *blocks = adm_doc_get_blocks (doc);
  AdmPaper paper;
  guint n_pages;

  g_assert_true (adm_paper_from_name ("a4", &paper));
  g_assert_true (adm_doc_write_pdf (doc, NULL, path, &error));
  g_assert_no_error (error);
  layout = layout_on (doc, &paper);
  n_pages = adm_doc_layout_get_n_pages (layout);
  g_assert_cmpuint (n_pages, >=, 6);
  g_assert_cmpuint (pdf_pages (path), ==, n_pages);

  text = pdf_text (path, 0);
  for (guint b = 0; b < blocks->len; b++)
    {
      const AdmDocBlock *block = g_ptr_array_index (blocks, b);

      switch (block->kind)
        {
        case ADM_DOC_HEADING:
        case ADM_DOC_PARAGRAPH:
          if (b == BLOCK_LONG_PARAGRAPH)
            break;
          {
            g_auto(GStrv) lines = g_strsplit (block->text, "\n", -1);

            for (guint l = 0; lines[l] != NULL; l++)
              assert_contains (text, lines[l]);
          }
          break;
        case ADM_DOC_TABLE:
          for (guint c = 0; c < block->columns->len; c++)
            assert_contains (text, g_ptr_array_index (block->columns, c));
          for (guint r = 0; r < block->rows->len; r++)
            {
              char **cells = g_ptr_array_index (block->rows, r);

              for (guint c = 0; cells[c] != NULL; c++)
                assert_contains (text, cells[c]);
            }
          break;
        case ADM_DOC_CARD:
          assert_contains (text, block->title);
          if (block->subtitle != NULL)
            assert_contains (text, block->subtitle);
          for (guint f = 0; f < block->fields->len; f++)
            {
              const AdmDocField *field = g_ptr_array_index (block->fields, f);

              assert_contains (text, field->label);
              assert_contains (text, field->value);
            }
          for (guint n = 0; n < block->notes->len; n++)
            assert_contains (text, g_ptr_array_index (block->notes, n));
          break;
        case ADM_DOC_LINES:
          assert_contains (text, block->text);
          break;
        default:
          break;
        }
    }
  /* The long paragraph goes on over a page, the page's footer and header between its halves:
   * every sentence is there. */
  for (guint i = 1; i <= 160; i++)
    {
      g_autofree char *sentence = g_strdup_printf ("%u of the long log, which runs over a "
                                                   "page.", i);

      assert_contains (text, sentence);
    }
  for (guint page = 1; page <= n_pages; page++)
    {
      g_autofree char *page_text = pdf_text (path, (int) page);
      g_autofree char *number = g_strdup_printf ("Page %u of %u", page, n_pages);

      assert_contains (page_text, "The Komarr Campaign");
      assert_contains (page_text, "Cycle 3 · 12 June 2010 14:00");
      assert_contains (page_text, "Turn report — cycle 3");
      assert_contains (page_text, number);
    }
  /* The trailing page break opens no empty page: the last heading is on the last page. */
  last = pdf_text (path, (int) n_pages);
  assert_contains (last, "End of the report");
  {
    g_autofree char *info = run_tool ("pdfinfo", path, NULL);

    g_assert_nonnull (strstr (info, "Turn report — cycle 3"));
  }
  remove_dir (dir, 1);
}

/* A table longer than a page breaks between rows, and each page it is on starts with its
 * header row. */
static void
test_table_header_repeats (void)
{
  g_autoptr(AdmDoc) doc = build_doc ();
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDocLayout) layout = NULL;
  AdmPaper paper;
  guint first, last;

  g_assert_true (adm_paper_from_name ("a4", &paper));
  layout = layout_on (doc, &paper);
  g_assert_true (adm_doc_layout_get_block_pages (layout, BLOCK_LONG_TABLE, &first, &last));
  g_assert_cmpuint (last, >, first);
  g_assert_cmpuint (adm_doc_layout_get_header_repeats (layout, BLOCK_LONG_TABLE), ==,
                    last - first + 1);
  g_assert_cmpuint (adm_doc_layout_get_header_repeats (layout, BLOCK_SHORT_TABLE), ==, 1);

  g_assert_true (adm_doc_write_pdf (doc, &paper, path, &error));
  g_assert_no_error (error);
  for (guint page = first; page <= last; page++)
    {
      g_autofree char *text = pdf_text (path, (int) page + 1);

      assert_contains (text, "Turn Phase Roll and purpose Clause");
    }
  remove_dir (dir, 1);
}

/* Cards are laid out several to a page and never split; one taller than a page still prints
 * on one page. A page break starts a new page; a paragraph and ruled lines longer than a
 * page go on over the next. */
static void
test_blocks_on_pages (void)
{
  const char *papers[] = { "a4", "a5", "letter", "legal" };

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      g_autoptr(AdmDoc) doc = build_doc ();
      g_autoptr(AdmDocLayout) layout = NULL;
      AdmPaper paper;
      guint first, last, before, page;
      guint cards_on_first_page = 0;

      g_test_message ("paper %s", papers[p]);
      g_assert_true (adm_paper_from_name (papers[p], &paper));
      layout = layout_on (doc, &paper);
      g_assert_true (adm_doc_layout_get_block_pages (layout, BLOCK_FIRST_CARD, &page, NULL));
      for (guint b = BLOCK_FIRST_CARD; b <= BLOCK_BIG_CARD; b++)
        {
          g_assert_true (adm_doc_layout_get_block_pages (layout, b, &first, &last));
          g_assert_cmpuint (first, ==, last);
          if (first == page)
            cards_on_first_page++;
        }
      /* Several to a page: these small cards go two to a row on A4, five rows. */
      g_assert_cmpuint (cards_on_first_page, >=, 2);
      if (g_str_equal (papers[p], "a4"))
        g_assert_cmpuint (cards_on_first_page, ==, 10);

      g_assert_false (adm_doc_layout_get_block_pages (layout, BLOCK_BREAK, NULL, NULL));
      g_assert_true (adm_doc_layout_get_block_pages (layout, BLOCK_LONG_TABLE, NULL, &before));
      g_assert_true (adm_doc_layout_get_block_pages (layout, BLOCK_CARDS_HEADING, &first,
                                                     NULL));
      g_assert_cmpuint (first, ==, before + 1);

      g_assert_true (adm_doc_layout_get_block_pages (layout, BLOCK_LONG_PARAGRAPH, &first,
                                                     &last));
      g_assert_cmpuint (last, >, first);
      g_assert_true (adm_doc_layout_get_block_pages (layout, BLOCK_LONG_LINES, &first, &last));
      g_assert_cmpuint (last, >, first);
      g_assert_true (adm_doc_layout_get_block_pages (layout, BLOCK_LAST_HEADING, NULL, &last));
      g_assert_cmpuint (last + 1, ==, adm_doc_layout_get_n_pages (layout));
      g_assert_false (adm_doc_layout_get_block_pages (layout, BLOCK_TRAILING_BREAK + 1, NULL,
                                                      NULL));
    }
}

/* Ruled lines that fit on a page go on one page with their label: an order sheet's last
 * block ("General comments", a few lines) that does not fit under the formations' orders
 * starts the next page whole, rather than leaving lines there that say nothing of what they
 * are for. On every paper, after lines that fill most of the first page. */
static void
test_lines_kept_with_label (void)
{
  const char *papers[] = { "a4", "a5", "letter", "legal" };

  for (guint p = 0; p < G_N_ELEMENTS (papers); p++)
    {
      g_autoptr(AdmDoc) doc = adm_doc_new ("Order sheet", "The Komarr Campaign", "Cycle 3");
      g_autoptr(AdmDocLayout) layout = NULL;
      AdmPaper paper;
      guint first, last, fill = 1;

      g_test_message ("paper %s", papers[p]);
      g_assert_true (adm_paper_from_name (papers[p], &paper));
      /* As many lines as the first page holds, less three. */
      while (fill < 200)
        {
          g_autoptr(AdmDoc) trial = adm_doc_new ("Order sheet", "The Komarr Campaign", "Cycle 3");
          g_autoptr(AdmDocLayout) trial_layout = NULL;

          adm_doc_add_lines (trial, "Orders for Pol Escort Group:", fill + 1);
          trial_layout = layout_on (trial, &paper);
          if (adm_doc_layout_get_n_pages (trial_layout) > 1)
            break;
          fill++;
        }
      g_assert_cmpuint (fill, >, 10);
      adm_doc_add_lines (doc, "Orders for Pol Escort Group:", fill - 3);
      adm_doc_add_lines (doc, "General comments and instructions to the master:", 7);
      layout = layout_on (doc, &paper);
      g_assert_true (adm_doc_layout_get_block_pages (layout, 0, &first, &last));
      g_assert_cmpuint (first, ==, 0);
      g_assert_cmpuint (last, ==, 0);
      g_assert_true (adm_doc_layout_get_block_pages (layout, 1, &first, &last));
      g_assert_cmpuint (first, ==, 1);
      g_assert_cmpuint (last, ==, 1);
    }
}

/* Every page draws onto any cairo_t, such as a print context's; an empty document still has
 * one page with its header. */
static void
test_render_image (void)
{
  g_autoptr(AdmDoc) doc = build_doc ();
  g_autoptr(AdmDoc) empty = adm_doc_new ("Nothing", "The Komarr Campaign", "Cycle 1");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 420, 595);
  cairo_t *cr = cairo_create (surface);
  AdmDocLayout *layout;
  unsigned char *data;
  guint dark = 0;

  layout = adm_doc_layout_new (doc, cr, 420, 595);
  for (guint page = 0; page < adm_doc_layout_get_n_pages (layout); page++)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      adm_doc_layout_render_page (layout, cr, page);
    }
  adm_doc_layout_free (layout);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  /* The last page has ink on it: header, footer and text. */
  for (int y = 0; y < 595; y++)
    for (int x = 0; x < 420; x++)
      if ((((guint32 *) (data + y * cairo_image_surface_get_stride (surface)))[x] & 0xff) < 0x80)
        dark++;
  g_assert_cmpuint (dark, >, 500);

  layout = adm_doc_layout_new (empty, cr, 420, 595);
  g_assert_cmpuint (adm_doc_layout_get_n_pages (layout), ==, 1);
  adm_doc_layout_render_page (layout, cr, 0);
  adm_doc_layout_free (layout);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A card of one faction field, @symbol on @colour, drawn on a white A5 page at 72 dpi. */
static cairo_surface_t *
faction_card (guint symbol)
{
  g_autoptr(AdmDoc) doc = adm_doc_new ("Cards", "The Komarr Campaign", "Cycle 1");
  AdmDocBlock *card = adm_doc_add_card (doc, "Prince Serg", "Battlecruiser · capital");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 420, 595);
  cairo_t *cr = cairo_create (surface);
  AdmDocLayout *layout;

  adm_doc_card_add_field (card, "Formation", "Home Squadron");
  adm_doc_card_add_faction (card, "Faction", "Barrayar", symbol, "#1f5fbf");
  layout = adm_doc_layout_new (doc, cr, 420, 595);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  adm_doc_layout_render_page (layout, cr, 0);
  adm_doc_layout_free (layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Pixels of @surface within 24 of @colour in every channel. */
static guint
pixels_of (cairo_surface_t *surface,
           guint32          colour)
{
  unsigned char *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 pixel = ((guint32 *) (data + y * stride))[x];
        gboolean near = TRUE;

        for (int shift = 0; shift < 24; shift += 8)
          near = near && ABS ((int) ((pixel >> shift) & 0xff) -
                              (int) ((colour >> shift) & 0xff)) <= 24;
        n += near;
      }
  return n;
}

/* A fleet card's faction is drawn on paper with its symbol on a disc of its colour
 * before its name, for an admiral who does not tell the colours apart (the portal's page
 * draws the same): the colour is on the page, and two symbols draw two different cards. */
static void
test_card_faction_symbol (void)
{
  cairo_surface_t *circle = faction_card (ADM_FACTION_SYMBOL_CIRCLE);
  cairo_surface_t *star = faction_card (ADM_FACTION_SYMBOL_STAR);
  int size = cairo_image_surface_get_stride (circle) * cairo_image_surface_get_height (circle);

  g_assert_cmpuint (pixels_of (circle, 0x1f5fbf), >, 20);
  g_assert_cmpuint (pixels_of (star, 0x1f5fbf), >, 20);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (circle),
                           cairo_image_surface_get_data (star), size), !=, 0);
  cairo_surface_destroy (circle);
  cairo_surface_destroy (star);
}

/* A PDF that cannot be written gives an error naming the file, and leaves nothing behind: in
 * a folder that does not exist, and over a folder (the rename fails after the PDF is drawn).
 * A PDF written over an older file replaces it. */
static void
test_write_errors (void)
{
  g_autoptr(AdmDoc) doc = build_doc ();
  g_autofree char *dir = temp_dir ();
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "report.pdf", NULL);
  g_autofree char *folder = g_build_filename (dir, "a-folder.pdf", NULL);
  g_autofree char *old = g_build_filename (dir, "old.pdf", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_doc_write_pdf (doc, NULL, missing, &error));
  g_assert_error (error, ADM_DOC_RENDER_ERROR, ADM_DOC_RENDER_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, missing));
  g_clear_error (&error);

  g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
  g_assert_false (adm_doc_write_pdf (doc, NULL, folder, &error));
  g_assert_error (error, ADM_DOC_RENDER_ERROR, ADM_DOC_RENDER_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, folder));
  g_clear_error (&error);
  g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
  g_assert_cmpint (g_rmdir (folder), ==, 0);

  g_assert_true (g_file_set_contents (old, "not a pdf", -1, NULL));
  g_assert_true (adm_doc_write_pdf (doc, NULL, old, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (pdf_pages (old), >=, 6);
  remove_dir (dir, 1);
}

/* Paper names, in points; the PDF's pages are that size. */
static void
test_paper (void)
{
  g_autoptr(AdmDoc) doc = adm_doc_new ("Sheet", "Campaign", "Cycle 1");
  g_autofree char *dir = temp_dir ();
  g_autofree char *path = g_build_filename (dir, "letter.pdf", NULL);
  g_autofree char *info = NULL;
  g_autoptr(GError) error = NULL;
  AdmPaper paper = { 0 };

  g_assert_true (adm_paper_from_name ("a4", &paper));
  g_assert_cmpfloat_with_epsilon (paper.width, 595.276, 0.01);
  g_assert_cmpfloat_with_epsilon (paper.height, 841.89, 0.01);
  g_assert_true (adm_paper_from_name ("A5", &paper));
  g_assert_cmpfloat_with_epsilon (paper.width, 419.528, 0.01);
  g_assert_cmpfloat_with_epsilon (paper.height, 595.276, 0.01);
  g_assert_true (adm_paper_from_name ("legal", &paper));
  g_assert_cmpfloat (paper.width, ==, 612);
  g_assert_cmpfloat (paper.height, ==, 1008);
  g_assert_false (adm_paper_from_name ("a3", &paper));
  g_assert_false (adm_paper_from_name ("", &paper));
  g_assert_false (adm_paper_from_name (NULL, &paper));
  g_assert_true (adm_paper_from_name ("letter", &paper));
  g_assert_cmpfloat (paper.width, ==, 612);
  g_assert_cmpfloat (paper.height, ==, 792);

  adm_doc_add_paragraph (doc, "One line.");
  g_assert_true (adm_doc_write_pdf (doc, &paper, path, &error));
  g_assert_no_error (error);
  info = run_tool ("pdfinfo", path, NULL);
  g_assert_nonnull (strstr (info, "612 x 792 pts (letter)"));
  remove_dir (dir, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report/render/pdf-text", test_pdf_text);
  g_test_add_func ("/report/render/table-header-repeats", test_table_header_repeats);
  g_test_add_func ("/report/render/blocks-on-pages", test_blocks_on_pages);
  g_test_add_func ("/report/render/lines-kept-with-label", test_lines_kept_with_label);
  g_test_add_func ("/report/render/any-cairo", test_render_image);
  g_test_add_func ("/report/render/write-errors", test_write_errors);
  g_test_add_func ("/report/render/paper", test_paper);
  g_test_add_func ("/report/render/card-faction-symbol", test_card_faction_symbol);

  return g_test_run ();
}
