/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-background.h: work the main loop hands away. A master's window, the admirals' portal
 * and the tables all answer from the main loop; what takes longer than a frame and needs
 * nothing the main thread owns — a table's battle played whole to be checked, a report drawn
 * as a PDF, a battle freed — runs on a pool of threads instead, so that a click never
 * waits behind it. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Runs @func (@data, NULL) on a thread of the pool. @func must touch nothing another thread
 * changes; to hand a result back, it sends it to the main loop (adm_handover_send ()). */
void adm_background_run   (GFunc    func,
                           gpointer data);

/* Drops the reference to @object on a thread of the pool: the last one frees it there. Only
 * for an object no other thread uses any more, and whose finalization touches nothing another
 * thread owns. */
void adm_background_unref (gpointer object);

G_END_DECLS
