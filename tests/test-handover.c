/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-handover.c: work handed to a main loop from other threads (adm-handover.h) runs on
 * that loop, in the order each thread sent it, never at once on the sending thread, and
 * nothing is lost when the context is gone. */
#include "config.h"

#include <glib.h>

#include "adm-handover.h"

#define N_SENDERS 4
#define N_ITEMS 2000

typedef struct {
  GThread *loop_thread;
  guint    next[N_SENDERS];   /* the next item each sender must be at */
  guint    ran;
  guint    freed;
  gboolean out_of_order;
  gboolean off_the_loop;
} Run;

typedef struct {
  Run   *run;
  guint  sender;
  guint  index;
} Item;

typedef struct {
  Run          *run;
  GMainContext *context;
  guint         sender;
  guint         n_items;
} Sender;

static gboolean
item_cb (gpointer data)
{
  Item *item = data;
  Run *run = item->run;

  if (g_thread_self () != run->loop_thread)
    run->off_the_loop = TRUE;
  if (run->next[item->sender] != item->index)
    run->out_of_order = TRUE;
  run->next[item->sender] = item->index + 1;
  g_atomic_int_inc (&run->ran);
  return G_SOURCE_REMOVE;
}

static void
item_free (gpointer data)
{
  Item *item = data;

  /* Counted atomically: an item never run is freed by whoever drops the last reference. */
  g_atomic_int_inc (&item->run->freed);
  g_free (item);
}

static gpointer
sender_thread (gpointer data)
{
  Sender *sender = data;

  for (guint i = 0; i < sender->n_items; i++)
    {
      Item *item = g_new0 (Item, 1);

      item->run = sender->run;
      item->sender = sender->sender;
      item->index = i;
      adm_handover_send (sender->context, item_cb, item, item_free);
    }
  return NULL;
}

/* Four threads send at once; the loop runs every item once, each thread's in its order, on
 * the loop's thread. */
static void
test_order (void)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  Run run = { .loop_thread = g_thread_self () };
  Sender senders[N_SENDERS];
  GThread *threads[N_SENDERS];

  g_main_context_push_thread_default (context);
  for (guint s = 0; s < N_SENDERS; s++)
    {
      senders[s] = (Sender) { &run, context, s, N_ITEMS };
      threads[s] = g_thread_new ("sender", sender_thread, &senders[s]);
    }
  while (g_atomic_int_get (&run.ran) < N_SENDERS * N_ITEMS)
    g_main_context_iteration (context, TRUE);
  for (guint s = 0; s < N_SENDERS; s++)
    g_thread_join (threads[s]);
  g_assert_false (run.out_of_order);
  g_assert_false (run.off_the_loop);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, N_SENDERS * N_ITEMS);
  g_main_context_pop_thread_default (context);
}

/* A worker whose thread-default is the global default context hands it work while its loop
 * is between two turns (the context free to acquire, where g_main_context_invoke () would run
 * the work at once on the worker): the work waits for the loop's next turn, on its thread. */
static void
test_never_on_sender (void)
{
  Run run = { .loop_thread = g_thread_self () };
  Sender sender = { &run, NULL, 0, 1 };

  g_thread_join (g_thread_new ("sender", sender_thread, &sender));
  g_assert_cmpuint (g_atomic_int_get (&run.ran), ==, 0);
  while (g_atomic_int_get (&run.ran) < 1)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (run.off_the_loop);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, 1);
}

/* Items handed to a context finalized before its loop turned never run; each is let go, and
 * the next context's hand-overs work. */
static void
test_context_gone (void)
{
  GMainContext *context = g_main_context_new ();
  g_autoptr(GMainContext) next = g_main_context_new ();
  Run run = { .loop_thread = g_thread_self () };

  for (guint i = 0; i < 3; i++)
    {
      Item *item = g_new0 (Item, 1);

      item->run = &run;
      item->index = i;
      adm_handover_send (context, item_cb, item, item_free);
    }
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, 0);
  g_main_context_unref (context);
  g_assert_cmpuint (g_atomic_int_get (&run.ran), ==, 0);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, 3);

  {
    Item *item = g_new0 (Item, 1);

    item->run = &run;
    adm_handover_send (next, item_cb, item, item_free);
  }
  while (g_atomic_int_get (&run.ran) < 1)
    g_main_context_iteration (next, TRUE);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/handover/order", test_order);
  g_test_add_func ("/engine/handover/never-on-sender", test_never_on_sender);
  g_test_add_func ("/engine/handover/context-gone", test_context_gone);
  return g_test_run ();
}
