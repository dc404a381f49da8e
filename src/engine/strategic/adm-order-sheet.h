/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-order-sheet.h: an admiral's order sheet for one cycle read from XML (schema
 * order-sheet.rng) into journal events — one "sheet" and its "order"s — each checked against
 * the state before any is handed back, so that a refused sheet changes nothing. */
#pragma once

#include <glib.h>

#include "adm-state.h"

G_BEGIN_DECLS

/* AdmEvent* stamped @time with their file lines, or NULL and an error "FILE:LINE: problem". */
GPtrArray *adm_order_sheet_load_file (const char  *path,
                                      AdmState    *state,
                                      gint64       time,
                                      GError     **error) G_GNUC_WARN_UNUSED_RESULT;

/* The check adm_order_sheet_load_file () makes, for a sheet built elsewhere (the admirals'
 * portal's form): @events is a "sheet" event then its "order"s, each checked by the strategy
 * as the journal would check it, in order, on a scratch copy to which each checked order is
 * applied; one timed order per formation (F-STRAT-16). Errors read "WHERE:LINE: problem",
 * LINE being the event's (adm_event_set_line ()). */
gboolean   adm_order_sheet_check     (GPtrArray   *events,
                                      AdmState    *state,
                                      const char  *where,
                                      GError     **error);

/* The engine's verdict on each event of @events (a "sheet" then its "order"s), for a sheet to be
 * read before it is taken (the master's Orders board): NULL where adm_order_sheet_check ()
 * would take the event, else the engine's reason (char*, without "WHERE:LINE: "). Each event is
 * checked as that check does it, on a scratch copy to which each accepted order is applied; a
 * refused order is left out of the copy and the orders after it are checked on, so that every
 * refusal of the sheet is told at once, not only the first. */
GPtrArray *adm_order_sheet_verdicts  (GPtrArray   *events,
                                      AdmState    *state) G_GNUC_WARN_UNUSED_RESULT;

/* Building a sheet where it is typed (the admirals' portal's form, the master's sheet form),
 * as adm_order_sheet_load_file () reads one from a file. */

/* F-GEN-3: the "sheet" event that opens @admiral_id's sheet for @cycle, received at @now
 * (seconds from 1970, UTC), @late or not (F-STRAT-7). */
AdmEvent  *adm_order_sheet_event_new (const char  *admiral_id,
                                      guint        cycle,
                                      gint64       now,
                                      gboolean     late) G_GNUC_WARN_UNUSED_RESULT;

/* An order of @kind ("move", "flagship", "detach", …) for @formation on @admiral_id's sheet
 * for @cycle, stamped @now; its other attributes are the caller's to set. */
AdmEvent  *adm_order_sheet_order_new (const char  *admiral_id,
                                      guint        cycle,
                                      gint64       now,
                                      const char  *formation,
                                      const char  *kind) G_GNUC_WARN_UNUSED_RESULT;

/* @events (a "sheet" event then its "order"s) as an order sheet file (docs/formats.md, schema
 * order-sheet.rng) that adm_order_sheet_load_file () reads back. */
char      *adm_order_sheet_to_xml    (GPtrArray   *events) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
