/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-report-page.h: the report's self-contained HTML pages (the campaign's archive, the
 * dice verifier) made from their templates compiled in (report.gresource.xml): the page's
 * text with its script inlined and each of its @MARKER@s filled in. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One @MARKER@ of a page and its text, put in as given (@escape FALSE: HTML or a script's
 * data already fit to stand there) or escaped as g_markup_escape_text () escapes it. */
typedef struct {
  const char *marker;
  const char *text;
  gboolean    escape;
} AdmReportField;

/* The script @script of the report's resources ("adm-dice-page.js") without its heading
 * comment, as a page inlines it. */
char *adm_report_page_script (const char *script) G_GNUC_WARN_UNUSED_RESULT;

/* The page @html of the report's resources ("adm-archive.html"), its "@SCRIPT@" the script
 * @script of them without its heading comment, then each of @fields filled in, in order. */
char *adm_report_page_fill (const char           *html,
                            const char           *script,
                            const AdmReportField *fields,
                            guint                 n_fields) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
