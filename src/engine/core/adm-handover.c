/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-handover.c: work handed to a main loop from another thread (adm-handover.h). */
#include "config.h"

#include "adm-handover.h"

void
adm_handover_send (GMainContext   *context,
                   GSourceFunc     func,
                   gpointer        data,
                   GDestroyNotify  destroy)
{
  g_autoptr(GSource) source = NULL;

  g_return_if_fail (func != NULL);

  /* Sources of one priority are dispatched in the order they were attached. */
  source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, data, destroy);
  g_source_set_static_name (source, "[admiralty] hand-over");
  g_source_attach (source, context);
}
