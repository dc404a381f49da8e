/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-oob.h: a scenario's order of battle — its formations and their ships — read from and
 * written as CSV, the spreadsheet's own format (docs/formats.md, "Order of battle (CSV)"). */
#pragma once

#include <glib.h>

#include <libxml/tree.h>

#include "adm-ruleset.h"
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
  ADM_OOB_ERROR_SCENARIO,  /* the scenario cannot take one: it names no ruleset that loads */
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

/* An order of battle read from a CSV and checked against a scenario: what
 * adm_scenario_edit_import_oob () makes the scenario's, its ids already given — a formation's
 * or ship's the scenario had under the same name (a fleet exported and read back keeps its
 * ids), else made from its name. */
typedef struct {
  char *id;
  char *name;
  char *klass;      /* the class's id */
  int   readiness;
  int   damage;     /* F-CRIT-5: hull points an earlier war took, 0 none */
  char *criticals;  /* F-CRIT-20: its unrepaired critical results, "5 7 7"; NULL none */
} AdmOobShip;

typedef struct {
  gboolean   pool;        /* an admiral's pool (F-GEN-5): no id, name, flagship, succession
                           * or hidden; its faction is its admiral's */
  char      *id;
  char      *name;
  char      *faction;     /* ids */
  char      *sector;
  char      *admiral;     /* an admiral's id (the scenario's or a new one's), or NULL */
  gboolean   hidden;      /* F-STRAT-3 */
  char      *flagship;    /* a ship's id (F-FORM-4), or NULL for a pool */
  GPtrArray *ships;       /* AdmOobShip* */
  GPtrArray *succession;  /* char*, ship ids (F-FORM-5) */
} AdmOobFormation;

typedef struct {
  char *id;
  char *name;
  char *faction;
} AdmOobAdmiral;

typedef struct {
  GPtrArray *admirals;    /* AdmOobAdmiral*: the admirals the CSV names that the scenario
                           * lacks, in order of their first row */
  GPtrArray *formations;  /* AdmOobFormation*: the formations in order of their first row,
                           * then the pools */
  AdmOobSummary summary;
} AdmOob;

void    adm_oob_free         (AdmOob       *oob);

/* The CSV @csv (@csv_name in messages) read as the whole order of battle of the scenario
 * document @scenario: its rows checked against the classes and factions of @ruleset, the
 * sectors of its map, its admirals, and the rules of a formation (F-FORM-4, -5, -8 under
 * @composition, the value of the ruling "formation-composition" the scenario plays). Only the
 * scenario's map, admirals and formations are read: a draft with other problems, or with no
 * formation yet, takes an order of battle as well as a finished one. NULL and @error when the
 * CSV is refused: ADM_OOB_ERROR_REFUSED, @problems (when not NULL) holding every problem found
 * (AdmOobProblem*, at most ADM_OOB_MAX_PROBLEMS and one saying how many more), @error's
 * message the first, as "FILE:LINE: problem". */
AdmOob *adm_oob_read         (xmlNode      *scenario,
                              AdmRuleset   *ruleset,
                              const char   *composition,
                              const char   *csv,
                              gsize         csv_length,
                              const char   *csv_name,
                              GPtrArray   **problems,
                              GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* The bytes of the CSV file @path, refused (ADM_OOB_ERROR_REFUSED, "FILE: problem") past
 * ADM_OOB_MAX_SIZE without reading more than that. */
char  *adm_oob_read_csv     (const char   *path,
                             gsize        *length,
                             GError      **error) G_GNUC_WARN_UNUSED_RESULT;

/* @scenario's formations as CSV: a header row, then one row a ship in file order (when a ship
 * carries what an earlier war left, the columns damage and criticals too, empty for a ship
 * as new, so that a scenario made from a campaign keeps them through a spreadsheet), comma
 * separated, quoted as RFC 4180 says, UTF-8, "\n" line ends. Names, ids and classes are the
 * file's own (not translated), so that adm_oob_import () of it gives the same fleets. */
char  *adm_oob_export       (AdmScenario  *scenario,
                             gsize        *length) G_GNUC_WARN_UNUSED_RESULT;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmOob, adm_oob_free)

G_END_DECLS
