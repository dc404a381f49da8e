/* SPDX-License-Identifier: GPL-3.0-or-later */
/* text-helpers.h: what the tests that read words share — a program's output, a PDF's text
 * through pdftotext (and a page of it as a picture), white space squeezed as pdftotext breaks
 * lines where the drawing does, and checks that a text holds or lacks words, saying where it
 * was read. */
#pragma once

#include <glib.h>

/* @text with every run of white space made one space, and none at either end. */
char *
squeeze (const char *text);

/* What the program @argv (found on PATH) writes to its standard output; it exits with 0. */
char *
tool_output (const char * const *argv);

/* The words of the PDF file at @path (pdftotext), squeezed. */
char *
pdf_text (const char *path);

/* The number of the first page of the PDF file at @path whose words (pdftotext) hold @words;
 * fails if none does. */
guint
pdf_page_with (const char *path,
               const char *words);

/* Page @page of the PDF file at @path drawn at @dpi (pdftoppm, beside pdftotext) into the
 * build's tests folder as @name ("report-master.png"): a paper as the docs show it. */
void
pdf_page_picture (const char *path,
                  guint       page,
                  guint       dpi,
                  const char *name);

/* Fails, saying @where and showing @text, unless @text holds @needle. */
void
assert_contains (const char *text,
                 const char *needle,
                 const char *where);

/* Fails, saying @where and showing @text, if @text holds @needle: a leak. */
void
assert_lacks (const char *text,
              const char *needle,
              const char *where);
