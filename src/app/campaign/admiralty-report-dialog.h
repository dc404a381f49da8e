/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-report-dialog.h: what to print or export as PDF — the master's turn report, an
 * admiral's report, fleet cards or blank order sheets (src/engine/views/adm-report.h) — for which
 * admiral and which cycle, or an engagement's table kit (adm-report-kit.h) for whom, then the print dialog (with its preview) or a PDF file on the paper
 * of the "paper" setting. A report that cannot be made (no cycle resolved yet, …) is said in
 * the dialog; a file that cannot be written, in an error dialog naming it. */
#pragma once

#include <adwaita.h>

#include "adm-campaign.h"
#include "adm-doc.h"
#include "adm-report.h"

G_BEGIN_DECLS

typedef enum {
  ADMIRALTY_REPORT_OUTPUT_PRINT,
  ADMIRALTY_REPORT_OUTPUT_PDF,
} AdmiraltyReportOutput;

#define ADMIRALTY_TYPE_REPORT_DIALOG (admiralty_report_dialog_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyReportDialog, admiralty_report_dialog, ADMIRALTY,
                      REPORT_DIALOG, AdwWindow)

/* Signal "exported" (const char *path): a PDF was written to @path; the dialog closes. */

/* The choices start at the master's report of the last resolved cycle. */
AdmiraltyReportDialog *admiralty_report_dialog_new (GtkWindow             *parent,
                                                    AdmCampaign           *campaign,
                                                    AdmiraltyReportOutput  output);
/* The same for one kind only, fleet cards or blank order-of-battle sheets (the scenario
 * editor's): no kind to choose, only the admiral (every admiral first). */
AdmiraltyReportDialog *admiralty_report_dialog_new_for_kind (GtkWindow             *parent,
                                                             AdmCampaign           *campaign,
                                                             AdmiraltyReportOutput  output,
                                                             AdmReportKind          kind);

/* The choices, as the rows show them. Setting the kind offers its admirals (every admiral
 * first for cards and sheets) and cycles (the resolved ones for reports, the last resolved by
 * default; only the current one, being ordered, for order sheets). */
/* Whether "Every Admiral's Paper" is chosen: each admiral's report, fleet cards and order
 * sheet (adm_report_build_packet ()), one after the other in one document. */
gboolean      admiralty_report_dialog_get_packets (AdmiraltyReportDialog *self);
void          admiralty_report_dialog_set_packets (AdmiraltyReportDialog *self);
/* Whether "Table Kit" is chosen: an engagement's table kit (adm_report_kit_build ()), for the
 * master or one side of its battle. */
gboolean      admiralty_report_dialog_get_kit     (AdmiraltyReportDialog *self);
void          admiralty_report_dialog_set_kit     (AdmiraltyReportDialog *self);
/* A table kit's engagement id (NULL when no kit is chosen or there is none) and whose kit: a
 * side's id, or NULL for the master's. FALSE when @engagement_id or @side_id is not on offer. */
const char   *admiralty_report_dialog_get_engagement (AdmiraltyReportDialog *self);
gboolean      admiralty_report_dialog_set_engagement (AdmiraltyReportDialog *self,
                                                      const char            *engagement_id);
const char   *admiralty_report_dialog_get_audience   (AdmiraltyReportDialog *self);
gboolean      admiralty_report_dialog_set_audience   (AdmiraltyReportDialog *self,
                                                      const char            *side_id);
AdmReportKind admiralty_report_dialog_get_kind    (AdmiraltyReportDialog *self);
void          admiralty_report_dialog_set_kind    (AdmiraltyReportDialog *self,
                                                   AdmReportKind          kind);
/* The admiral's id, or NULL for every admiral (or none, for the master's report). */
const char   *admiralty_report_dialog_get_admiral (AdmiraltyReportDialog *self);
/* FALSE when @admiral_id is not on offer for the kind (NULL is every admiral). */
gboolean      admiralty_report_dialog_set_admiral (AdmiraltyReportDialog *self,
                                                   const char            *admiral_id);
guint         admiralty_report_dialog_get_cycle   (AdmiraltyReportDialog *self);
void          admiralty_report_dialog_set_cycle   (AdmiraltyReportDialog *self,
                                                   guint                  cycle);

/* The "battles" folder beside the campaign file, or NULL when there is none. */
char         *admiralty_report_dialog_get_battles_dir (AdmiraltyReportDialog *self) G_GNUC_WARN_UNUSED_RESULT;
/* The chosen document (adm_report_build () with the choices); on failure the problem is also
 * shown in the dialog. */
AdmDoc       *admiralty_report_dialog_build       (AdmiraltyReportDialog *self,
                                                   GError               **error) G_GNUC_WARN_UNUSED_RESULT;
/* The problem shown in the dialog, or NULL. */
const char   *admiralty_report_dialog_get_problem (AdmiraltyReportDialog *self);

/* What the primary button does: builds the document, then opens the print dialog or the file
 * chooser; a document that cannot be made leaves the dialog open with the problem shown. */
void          admiralty_report_dialog_run         (AdmiraltyReportDialog *self);
/* Writes the chosen document to @path as the file chooser's answer does: on success emits
 * "exported" and closes, on failure shows an error dialog naming the file and returns FALSE. */
gboolean      admiralty_report_dialog_export      (AdmiraltyReportDialog *self,
                                                   const char            *path);
/* Prints the chosen document: @action is GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG from the
 * button (the dialog runs on its own), or GTK_PRINT_OPERATION_ACTION_EXPORT to @export_path
 * (a PDF, synchronously). The operation's error, or the document's, in @error. */
GtkPrintOperationResult
              admiralty_report_dialog_print       (AdmiraltyReportDialog   *self,
                                                   GtkPrintOperationAction  action,
                                                   const char              *export_path,
                                                   GError                 **error);
/* Test hook: the error dialog last shown, while it is open. */
GtkWidget    *admiralty_report_dialog_get_error_dialog (AdmiraltyReportDialog *self);

G_END_DECLS
