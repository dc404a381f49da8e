/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-oob.h: a scenario's order of battle — its formations and their ships — read from and
 * written as CSV, the spreadsheet's own format (docs/formats.md, "Order of battle (CSV)"). */
#pragma once

#include <glib.h>

#include "adm-scenario.h"

G_BEGIN_DECLS

/* Bounds of an order of battle read: a fleet of 10,000 ships is far beyond any game, and a
 * file past them is refused before it is read whole. */
#define ADM_OOB_MAX_ROWS     10000
#define ADM_OOB_MAX_SIZE     (16 * 1024 * 1024)
#define ADM_OOB_MAX_FIELD    1024   /* bytes of one cell */
#define ADM_OOB_MAX_FIELDS   32     /* cells of one row */
/* The most problems listed; one more says how many others there are. */
#define ADM_OOB_MAX_PROBLEMS 100

#define ADM_OOB_ERROR (adm_oob_error_quark ())

typedef enum {
  ADM_OOB_ERROR_REFUSED,   /* the CSV's problems, listed in the problems given back */
  ADM_OOB_ERROR_CAMPAIGN,  /* a campaign under way keeps its order of battle */
  ADM_OOB_ERROR_SCENARIO,  /* the scenario itself does not load, or would not with the CSV */
} AdmOobError;

GQuark adm_oob_error_quark (void);

/* One refusal of a CSV row: its line (of the file, from 1: where the row starts; 0 for the
 * file as a whole), the column it is about (as the header names it: "class"), or NULL, and
 * what is wrong, without the file and line. */
typedef struct {
  guint  line;
  char  *column;
  char  *message;
} AdmOobProblem;

void   adm_oob_problem_free (AdmOobProblem *problem);

/* What an order of battle read made of the scenario. */
typedef struct {
  guint formations;
  guint ships;
  guint admirals_added;
} AdmOobSummary;

/* The columns of an order of battle, in the order adm_oob_export () writes them. */
extern const char *const adm_oob_columns[];

/* The scenario of @scenario_data (@scenario_name in messages) with the CSV @csv (@csv_name)
 * as its whole order of battle: every formation replaced by those of the CSV, the admirals it
 * names that the scenario lacks added, the rest of the file byte for byte as it was. Returns
 * the new file's bytes (length in @length), checked by the scenario's own loader, or NULL and
 * @error; with ADM_OOB_ERROR_REFUSED, @problems (when not NULL) holds every problem found
 * (AdmOobProblem*, at most ADM_OOB_MAX_PROBLEMS and one saying how many more), @error's
 * message the first, as "FILE:LINE: problem". */
char  *adm_oob_import       (const char   *scenario_data,
                             gsize         scenario_length,
                             const char   *scenario_name,
                             const char   *csv,
                             gsize         csv_length,
                             const char   *csv_name,
                             gsize        *length,
                             AdmOobSummary *summary,
                             GPtrArray   **problems,
                             GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The same with both files read from disk: the scenario as adm_xml_read_bytes () reads it
 * (a campaign refused at once, ADM_OOB_ERROR_CAMPAIGN), the CSV as adm_oob_read_csv ()
 * does. Nothing is written. */
char  *adm_oob_import_file  (const char   *scenario_path,
                             const char   *csv_path,
                             gsize        *length,
                             AdmOobSummary *summary,
                             GPtrArray   **problems,
                             GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The bytes of the CSV file @path, refused (ADM_OOB_ERROR_REFUSED, "FILE: problem") past
 * ADM_OOB_MAX_SIZE without reading more than that. */
char  *adm_oob_read_csv     (const char   *path,
                             gsize        *length,
                             GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* @scenario's formations as CSV: a header row, then one row a ship in file order, comma
 * separated, quoted as RFC 4180 says, UTF-8, "\n" line ends. Names, ids and classes are the
 * file's own (not translated), so that adm_oob_import () of it gives the same fleets. */
char  *adm_oob_export       (AdmScenario  *scenario,
                             gsize        *length) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
