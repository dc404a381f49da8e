/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-background.c: work handed to GIO's pool of threads (adm-background.h), as tasks no one
 * waits for. */
#include "config.h"

#include <gio/gio.h>

#include "adm-background.h"

typedef struct {
  GFunc    func;
  gpointer data;
} Work;

static void
work_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Work *work = task_data;

  work->func (work->data, NULL);
  g_task_return_boolean (task, TRUE);
}

void
adm_background_run (GFunc    func,
                    gpointer data)
{
  g_autoptr(GTask) task = NULL;
  Work *work;

  g_return_if_fail (func != NULL);

  work = g_new (Work, 1);
  work->func = func;
  work->data = data;
  task = g_task_new (NULL, NULL, NULL, NULL);
  g_task_set_task_data (task, work, g_free);
  g_task_set_name (task, "[admiralty] background");
  g_task_run_in_thread (task, work_thread);
}

static void
unref_cb (gpointer object,
          gpointer unused)
{
  g_object_unref (object);
}

void
adm_background_unref (gpointer object)
{
  if (object == NULL)
    return;
  g_return_if_fail (G_IS_OBJECT (object));
  adm_background_run (unref_cb, object);
}
