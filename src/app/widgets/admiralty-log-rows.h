/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-log-rows.h: the rows of a log's list (an AdmLogModel, adm-log-model.h) — a
 * heading ("Turn 2 · Fire"), or a line with its detail dimmed under it — for every list that
 * shows one: the battle page's report and dice, a player screen's report. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A factory of those rows, for a GtkListView of AdmLogEntry. */
GtkListItemFactory *admiralty_log_rows_new_factory (void) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
