/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-log-line.h: one row of a battle page's turn report or dice log — a heading
 * ("Turn 2 · Fire") or a line of text with an optional detail under it. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADMIRALTY_TYPE_LOG_LINE (admiralty_log_line_get_type ())
G_DECLARE_FINAL_TYPE (AdmiraltyLogLine, admiralty_log_line, ADMIRALTY, LOG_LINE, GObject)

AdmiraltyLogLine *admiralty_log_line_new         (const char       *text,
                                                  const char       *detail,
                                                  gboolean          heading)
    G_GNUC_WARN_UNUSED_RESULT;
const char       *admiralty_log_line_get_text    (AdmiraltyLogLine *self);
/* NULL when the row has no second line. */
const char       *admiralty_log_line_get_detail  (AdmiraltyLogLine *self);
gboolean          admiralty_log_line_get_heading (AdmiraltyLogLine *self);

G_END_DECLS
