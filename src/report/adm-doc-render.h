/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-doc-render.h: an AdmDoc (src/engine/core/adm-doc.h) laid out on paper with Pango and Cairo —
 * page headers and numbers, headings, wrapped paragraphs, tables whose header row repeats on
 * every page they cross, fleet cards several to a page and never split, ruled lines to write
 * on — for a PDF file (adm_doc_write_pdf ()) or any cairo_t, such as a print context's. */
#pragma once

#include <glib.h>
#include <cairo.h>

#include "adm-doc.h"

G_BEGIN_DECLS

#define ADM_DOC_RENDER_ERROR (adm_doc_render_error_quark ())
GQuark        adm_doc_render_error_quark   (void);

typedef enum {
  ADM_DOC_RENDER_ERROR_WRITE, /* the PDF could not be written */
} AdmDocRenderError;

typedef struct { double width, height; } AdmPaper;  /* points (1/72 in) */

/* "a4" (default), "a5", "letter", "legal", in any case; FALSE for an unknown name. */
gboolean      adm_paper_from_name          (const char   *name,
                                            AdmPaper     *paper);

typedef struct _AdmDocLayout AdmDocLayout;

/* Paginates @doc onto pages of @width × @height cairo units, measuring with @cr's font
 * options; fonts are sized so that one unit is one point. @doc must outlive the layout. */
AdmDocLayout *adm_doc_layout_new           (AdmDoc       *doc,
                                            cairo_t      *cr,
                                            double        width,
                                            double        height) G_GNUC_WARN_UNUSED_RESULT;
guint         adm_doc_layout_get_n_pages   (AdmDocLayout *layout);
/* The pages (0-based) on which block @block (an index into adm_doc_get_blocks ()) starts and
 * ends; FALSE for a block that takes no room (a page break) or an index out of range. */
gboolean      adm_doc_layout_get_block_pages (AdmDocLayout *layout,
                                            guint         block,
                                            guint        *first_page,
                                            guint        *last_page);
/* How many times the header row of table block @block is drawn: once per page it is on. */
guint         adm_doc_layout_get_header_repeats (AdmDocLayout *layout,
                                            guint         block);
/* Draws page @page (0-based) into @cr's (0,0)-(width,height), header and page number
 * included. */
void          adm_doc_layout_render_page   (AdmDocLayout *layout,
                                            cairo_t      *cr,
                                            guint         page);
void          adm_doc_layout_free          (AdmDocLayout *layout);

/* The whole document as a PDF on @paper (A4 when NULL), text as real text, the document's
 * title in the PDF's metadata. The file is written beside @path and renamed over it, so a
 * failure leaves any earlier file as it was; errors name the file. */
gboolean      adm_doc_write_pdf            (AdmDoc         *doc,
                                            const AdmPaper *paper,
                                            const char     *path,
                                            GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmDocLayout, adm_doc_layout_free)

G_END_DECLS
