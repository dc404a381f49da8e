/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-handover.h: work handed to a main loop from another thread, as an event from outside
 * reaches it — on a descriptor the loop polls — taking no lock of its context.
 *
 * g_main_context_invoke () and g_source_attach () from another thread take the context's
 * lock and wake the loop while they hold it; on a machine with no CPU free the woken loop then
 * waits in that lock until the thread that woke it runs again. A hand-over is a list the
 * sending thread adds to without a lock (an atomic compare-and-swap) and a pipe it writes one
 * byte to when the list was empty; the loop, polling the pipe as it polls the display's
 * socket, takes the whole list at once and runs one item a turn, in the order they were sent.
 * One hand-over serves each context, shared by everything that hands it work. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _AdmHandover AdmHandover;

/* What a hand-over runs on its loop. */
typedef void (*AdmHandoverFunc) (gpointer data);

/* The hand-over into @context (NULL: the global default context), made and attached to it the
 * first time it is asked for, on any thread; a new reference (adm_handover_unref ()). Asking
 * takes the context's lock: ask once, then send as often as needed. */
AdmHandover *adm_handover_get   (GMainContext *context);
AdmHandover *adm_handover_ref   (AdmHandover  *handover);
/* Drops a reference; the last one takes the context's lock. */
void         adm_handover_unref (AdmHandover  *handover);

/* From any thread: @func (@data) runs on @handover's context in a turn of its own, after
 * everything sent to it before, then @destroy (@data) if not NULL. Takes no lock of the
 * context. Sent to a context that is gone, @destroy (@data) alone runs, when the last
 * reference to the hand-over is dropped. */
void         adm_handover_send  (AdmHandover     *handover,
                                 AdmHandoverFunc  func,
                                 gpointer         data,
                                 GDestroyNotify   destroy);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmHandover, adm_handover_unref)

G_END_DECLS
