/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-print.h: printing a document (AdmDoc) through GtkPrintOperation, on the paper the
 * "paper" setting names. The pages are those of the PDF export: the same layout
 * (src/report/adm-doc-render.h) draws them on the print context's cairo_t. */
#pragma once

#include <gtk/gtk.h>

#include "adm-doc.h"
#include "adm-doc-render.h"

G_BEGIN_DECLS

/* The "paper" setting's name, "a4" when it names no paper the renderer knows; its size in
 * points in @paper when not NULL. */
char              *admiralty_print_get_paper       (GSettings   *settings,
                                                    AdmPaper    *paper) G_GNUC_WARN_UNUSED_RESULT;
/* A portrait page set-up of the paper @paper_name ("a4", "a5", "letter", "legal"). */
GtkPageSetup      *admiralty_print_page_setup_new  (const char  *paper_name) G_GNUC_WARN_UNUSED_RESULT;
/* An operation printing @doc (taken) on @paper_name by default: begin-print paginates it on
 * the print context and sets the number of pages, draw-page draws each page, units are points
 * and the whole sheet is the page (the layout keeps its own margins). */
GtkPrintOperation *admiralty_print_operation_new   (AdmDoc      *doc,
                                                    const char  *paper_name) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
