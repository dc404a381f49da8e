/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-doc.c: the document model the reports are built as (adm-doc.h) — headers, blocks in
 * order with their contents, and adm_doc_to_text (), which the leak-free report tests and the
 * CLI's text output read. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"

static void
test_blocks (void)
{
  g_autoptr(AdmDoc) doc = adm_doc_new ("Turn report — cycle 3", "Komarr Campaign",
                                       "Cycle 3 · 19:20");
  const char *columns[] = { "Side", "Destroyed", NULL };
  const char *row[] = { "Barrayar", "2", NULL };
  AdmDocBlock *table, *card;
  GPtrArray *blocks;
  const AdmDocBlock *block;
  const AdmDocField *field;

  g_assert_cmpstr (adm_doc_get_title (doc), ==, "Turn report — cycle 3");
  g_assert_cmpstr (adm_doc_get_header_left (doc), ==, "Komarr Campaign");
  g_assert_cmpstr (adm_doc_get_header_right (doc), ==, "Cycle 3 · 19:20");

  adm_doc_add_heading (doc, 1, "Losses");
  adm_doc_add_paragraph (doc, "First line\nsecond line");
  adm_doc_add_printf (doc, "%d ships, %s", 3, "two lost");
  table = adm_doc_add_table (doc, columns);
  adm_doc_table_add_row (table, row);
  card = adm_doc_add_card (doc, "Prince Serg", "General Vorkraft · battleship");
  adm_doc_card_add_field (card, "Hull", "11/14 (3 lost)");
  adm_doc_card_add_note (card, "Flagship");
  adm_doc_add_lines (doc, "Orders:", 3);
  adm_doc_add_page_break (doc);

  blocks = adm_doc_get_blocks (doc);
  g_assert_cmpuint (blocks->len, ==, 7);
  block = g_ptr_array_index (blocks, 0);
  g_assert_cmpint (block->kind, ==, ADM_DOC_HEADING);
  g_assert_cmpuint (block->level, ==, 1);
  g_assert_cmpstr (block->text, ==, "Losses");
  block = g_ptr_array_index (blocks, 2);
  g_assert_cmpint (block->kind, ==, ADM_DOC_PARAGRAPH);
  g_assert_cmpstr (block->text, ==, "3 ships, two lost");
  block = g_ptr_array_index (blocks, 3);
  g_assert_true (block == table);
  g_assert_cmpuint (block->columns->len, ==, 2);
  g_assert_cmpuint (block->rows->len, ==, 1);
  g_assert_cmpstr (((char **) g_ptr_array_index (block->rows, 0))[0], ==, "Barrayar");
  block = g_ptr_array_index (blocks, 4);
  g_assert_cmpint (block->kind, ==, ADM_DOC_CARD);
  g_assert_cmpstr (block->title, ==, "Prince Serg");
  field = g_ptr_array_index (block->fields, 0);
  g_assert_cmpstr (field->label, ==, "Hull");
  g_assert_cmpstr (field->value, ==, "11/14 (3 lost)");
  g_assert_cmpuint (block->notes->len, ==, 1);
  block = g_ptr_array_index (blocks, 5);
  g_assert_cmpint (block->kind, ==, ADM_DOC_LINES);
  g_assert_cmpuint (block->count, ==, 3);
  block = g_ptr_array_index (blocks, 6);
  g_assert_cmpint (block->kind, ==, ADM_DOC_PAGE_BREAK);
}

static void
test_to_text (void)
{
  g_autoptr(AdmDoc) doc = adm_doc_new ("Fleet cards", "Komarr Campaign", "Cycle 2");
  const char *columns[] = { "Roll", "Clause", "Values", NULL };
  const char *row[] = { "Hit", "F-ART-3", "4 6", NULL };
  AdmDocBlock *card;
  g_autofree char *text = NULL;

  adm_doc_add_heading (doc, 2, "Jade Squadron");
  adm_doc_add_paragraph (doc, "Where: Pol orbit");
  adm_doc_table_add_row (adm_doc_add_table (doc, columns), row);
  card = adm_doc_add_card (doc, "Jade Pavilion", "Haut Pavilion");
  adm_doc_card_add_field (card, "Hull", "10/10");
  adm_doc_card_add_note (card, "After the last battle: in action.");
  adm_doc_add_lines (doc, NULL, 2);
  adm_doc_add_page_break (doc);
  adm_doc_add_lines (doc, "Comments:", 1);

  text = adm_doc_to_text (doc);
  g_assert_cmpstr (text, ==,
                   "Fleet cards\nKomarr Campaign\nCycle 2\n"
                   "\nJade Squadron\n"
                   "\nWhere: Pol orbit\n"
                   "\nRoll\tClause\tValues\nHit\tF-ART-3\t4 6\n"
                   "\nJade Pavilion\nHaut Pavilion\nHull: 10/10\n"
                   "After the last battle: in action.\n"
                   "____\n____\n"
                   "\f\n"
                   "\nComments:\n____\n");
}

/* A document with no headers still prints its title and empty header lines. */
static void
test_empty (void)
{
  g_autoptr(AdmDoc) doc = adm_doc_new ("Empty", NULL, NULL);
  g_autofree char *text = adm_doc_to_text (doc);

  g_assert_cmpuint (adm_doc_get_blocks (doc)->len, ==, 0);
  g_assert_cmpstr (text, ==, "Empty\n\n\n");
}

/* The page footer is translated when the document is made and filled in when a page is
 * drawn, with no translation then (the portal draws its PDFs on a thread of their own). */
static void
test_page_footer (void)
{
  AdmDoc *doc = adm_doc_new ("Title", "Left", "Right");
  g_autofree char *footer = adm_doc_format_page_footer (doc, 2, 7);
  g_autofree char *last = adm_doc_format_page_footer (doc, 12, 12);

  g_assert_cmpstr (footer, ==, "Page 2 of 7");
  g_assert_cmpstr (last, ==, "Page 12 of 12");
  adm_doc_free (doc);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/doc/blocks", test_blocks);
  g_test_add_func ("/engine/doc/to-text", test_to_text);
  g_test_add_func ("/engine/doc/empty", test_empty);
  g_test_add_func ("/engine/doc/page-footer", test_page_footer);

  return g_test_run ();
}
