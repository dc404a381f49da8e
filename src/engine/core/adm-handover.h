/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-handover.h: work handed to a main loop from another thread, as GLib hands it: an idle
 * source attached to the loop's context.
 *
 * Not g_main_context_invoke (): from a thread whose thread-default is the global default (a
 * worker of a GThreadPool), it runs the work at once on that thread whenever the loop is
 * between two turns and the context can be acquired — the work would then touch the campaign
 * off the main thread. A hand-over always runs in a turn of the loop that owns the context. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* From any thread: @func (@data) runs once on @context (NULL: the global default context) in
 * a turn of its loop, after everything handed to it before, then @destroy (@data) if not NULL
 * (@func returns G_SOURCE_REMOVE: it runs once). The caller holds a reference to @context;
 * a context finalized before the turn comes lets go of @data with @destroy alone. */
void adm_handover_send (GMainContext   *context,
                        GSourceFunc     func,
                        gpointer        data,
                        GDestroyNotify  destroy);

G_END_DECLS
