/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-background.c: work handed to a pool of threads (adm-background.h) that no one waits
 * for. */
#include "config.h"

#include <glib-object.h>

#include "adm-background.h"

typedef struct {
  GFunc    func;
  gpointer data;
} Work;

/* As many threads as GIO's pool starts with (GTask's). */
#define MAX_THREADS 10

static void
work_thread (gpointer data,
             gpointer unused)
{
  Work *work = data;

  work->func (work->data, NULL);
  g_free (work);
}

static gpointer
make_pool (gpointer unused)
{
  return g_thread_pool_new (work_thread, NULL, MAX_THREADS, FALSE, NULL);
}

/* A pool of its own rather than a GTask's: a task done on a thread tells the context it was
 * started from (a source attached to it, under its lock), which would wake the main loop, and
 * make it wait for that thread, for nothing. */
void
adm_background_run (GFunc    func,
                    gpointer data)
{
  static GOnce pool = G_ONCE_INIT;
  Work *work;

  g_return_if_fail (func != NULL);

  work = g_new (Work, 1);
  work->func = func;
  work->data = data;
  g_thread_pool_push (g_once (&pool, make_pool, NULL), work, NULL);
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
