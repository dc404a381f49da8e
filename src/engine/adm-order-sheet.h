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

G_END_DECLS
