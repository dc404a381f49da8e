/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-handover.c: work handed to a main loop without its context's lock (adm-handover.h).
 *
 * A hand-over is a GSource polling the read end of a pipe. A sending thread pushes its item on
 * an atomic list (newest first) and, when the list was empty, writes a byte to the pipe. The
 * loop drains the pipe before it takes the list, so that an item pushed after the take writes
 * a byte of its own and wakes the loop again; it then runs the items oldest first, one a turn
 * of the loop, so that a burst of them never holds the loop for longer than one does. */
#include "config.h"

#include <errno.h>
#include <unistd.h>
#include <glib-unix.h>

#include "adm-handover.h"

typedef struct _Item Item;
struct _Item {
  Item            *next;
  AdmHandoverFunc  func;
  gpointer         data;
  GDestroyNotify   destroy;
};

struct _AdmHandover {
  GSource       source;
  GMainContext *context;   /* its key among the hand-overs, not a reference */
  int           pipe[2];
  gpointer      tag;       /* the read end's poll */
  Item         *incoming;  /* atomic: sent and not taken yet, newest first */
  GQueue        ready;     /* the loop's own: taken, oldest first */
};

/* Every context's hand-over, under handovers_lock, with a reference to it: dropped when the
 * hand-over is destroyed, with its context (handover_gone ()). */
G_LOCK_DEFINE_STATIC (handovers);
static GHashTable *handovers;   /* GMainContext* → AdmHandover* */

static void
item_free (Item *item)
{
  if (item->destroy != NULL)
    item->destroy (item->data);
  g_free (item);
}

/* The loop: what was sent since it last looked, appended to what is ready, oldest first. */
static void
take_incoming (AdmHandover *self)
{
  char drained[64];
  Item *taken;
  GList *link = NULL;

  while (read (self->pipe[0], drained, sizeof drained) > 0)
    ;
  taken = g_atomic_pointer_exchange (&self->incoming, NULL);
  /* Newest first on the list: reversed into the queue. */
  for (Item *item = taken; item != NULL; item = item->next)
    link = g_list_prepend (link, item);
  for (GList *l = link; l != NULL; l = l->next)
    g_queue_push_tail (&self->ready, l->data);
  g_list_free (link);
}

static gboolean
handover_prepare (GSource *source,
                  gint    *timeout)
{
  *timeout = -1;
  return !g_queue_is_empty (&((AdmHandover *) source)->ready);
}

static gboolean
handover_check (GSource *source)
{
  AdmHandover *self = (AdmHandover *) source;

  return !g_queue_is_empty (&self->ready) ||
         (g_source_query_unix_fd (source, self->tag) & G_IO_IN) != 0;
}

static gboolean
handover_dispatch (GSource     *source,
                   GSourceFunc  unused,
                   gpointer     unused_data)
{
  AdmHandover *self = (AdmHandover *) source;
  Item *item;

  take_incoming (self);
  /* Taken off the queue before it runs: a loop it runs inside may run the next. */
  item = g_queue_pop_head (&self->ready);
  if (item != NULL)
    {
      item->func (item->data);
      item_free (item);
    }
  return G_SOURCE_CONTINUE;
}

/* Items never run, their context gone: let go (adm_handover_send ()). */
static void
handover_finalize (GSource *source)
{
  AdmHandover *self = (AdmHandover *) source;
  Item *item = g_atomic_pointer_exchange (&self->incoming, NULL);

  g_queue_clear_full (&self->ready, (GDestroyNotify) item_free);
  while (item != NULL)
    {
      Item *next = item->next;

      item_free (item);
      item = next;
    }
  close (self->pipe[0]);
  close (self->pipe[1]);
}

static GSourceFuncs handover_funcs = {
  .prepare = handover_prepare,
  .check = handover_check,
  .dispatch = handover_dispatch,
  .finalize = handover_finalize,
};

/* Its context gone (g_source_destroy () runs this, without the context's lock): no longer
 * among the hand-overs. */
static void
handover_gone (gpointer data)
{
  AdmHandover *self = data;

  G_LOCK (handovers);
  if (g_hash_table_lookup (handovers, self->context) == self)
    g_hash_table_remove (handovers, self->context);
  G_UNLOCK (handovers);
  g_source_unref ((GSource *) self);
}

static AdmHandover *
handover_new (GMainContext *context)
{
  AdmHandover *self = (AdmHandover *) g_source_new (&handover_funcs, sizeof (AdmHandover));
  GError *error = NULL;

  self->context = context;
  g_queue_init (&self->ready);
  /* Both ends non-blocking: the loop drains the pipe until it is empty, and a sender finding
   * it full need not write (a byte waiting wakes the loop already). */
  if (!g_unix_open_pipe (self->pipe, FD_CLOEXEC, &error) ||
      !g_unix_set_fd_nonblocking (self->pipe[0], TRUE, &error) ||
      !g_unix_set_fd_nonblocking (self->pipe[1], TRUE, &error))
    g_error ("A pipe to hand work to the main loop could not be made: %s", error->message);
  self->tag = g_source_add_unix_fd ((GSource *) self, self->pipe[0], G_IO_IN);
  g_source_set_priority ((GSource *) self, G_PRIORITY_DEFAULT);
  /* An item may run a loop of its own (a dialog's, a test's wait) that runs the next. */
  g_source_set_can_recurse ((GSource *) self, TRUE);
  g_source_set_static_name ((GSource *) self, "[admiralty] hand-over");
  /* No callback (the items are): its destroy notify is the registry's reference. */
  g_source_set_callback ((GSource *) self, NULL, g_source_ref ((GSource *) self), handover_gone);
  g_source_attach ((GSource *) self, context);
  return self;
}

AdmHandover *
adm_handover_get (GMainContext *context)
{
  AdmHandover *self;

  if (context == NULL)
    context = g_main_context_default ();
  G_LOCK (handovers);
  if (handovers == NULL)
    handovers = g_hash_table_new (NULL, NULL);
  self = g_hash_table_lookup (handovers, context);
  /* A new one comes with the reference returned. */
  if (self == NULL)
    {
      self = handover_new (context);
      g_hash_table_insert (handovers, context, self);
    }
  else
    g_source_ref ((GSource *) self);
  G_UNLOCK (handovers);
  return self;
}

AdmHandover *
adm_handover_ref (AdmHandover *handover)
{
  return (AdmHandover *) g_source_ref ((GSource *) handover);
}

void
adm_handover_unref (AdmHandover *handover)
{
  g_source_unref ((GSource *) handover);
}

void
adm_handover_send (AdmHandover     *handover,
                   AdmHandoverFunc  func,
                   gpointer         data,
                   GDestroyNotify   destroy)
{
  Item *item;
  Item *head;

  g_return_if_fail (handover != NULL && func != NULL);

  item = g_new (Item, 1);
  item->func = func;
  item->data = data;
  item->destroy = destroy;
  do
    {
      head = g_atomic_pointer_get (&handover->incoming);
      item->next = head;
    }
  while (!g_atomic_pointer_compare_and_exchange (&handover->incoming, head, item));
  /* The list was empty: the loop is told. Otherwise a byte is waiting already, or the loop is
   * taking the list and finds this item on it. */
  if (head == NULL)
    {
      const char wake = 1;

      if (write (handover->pipe[1], &wake, 1) != 1 && errno != EAGAIN)
        g_critical ("The main loop could not be woken: %s", g_strerror (errno));
    }
}
