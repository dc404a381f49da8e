/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-handover.c: work handed to a main loop from other threads (adm-handover.h) runs on
 * that loop, in the order each thread sent it, one item a turn, and nothing is lost when the
 * context is gone. */
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
  Run         *run;
  AdmHandover *handover;
  guint        sender;
  guint        index;
} Item;

typedef struct {
  Run         *run;
  AdmHandover *handover;
  guint        sender;
} Sender;

static void
item_cb (gpointer data)
{
  Item *item = data;
  Run *run = item->run;

  if (g_thread_self () != run->loop_thread)
    run->off_the_loop = TRUE;
  if (run->next[item->sender] != item->index)
    run->out_of_order = TRUE;
  run->next[item->sender] = item->index + 1;
  run->ran++;
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

  for (guint i = 0; i < N_ITEMS; i++)
    {
      Item *item = g_new0 (Item, 1);

      item->run = sender->run;
      item->sender = sender->sender;
      item->index = i;
      adm_handover_send (sender->handover, item_cb, item, item_free);
    }
  return NULL;
}

/* Four threads send at once; the loop runs every item once, each thread's in its order, on
 * the loop's thread, one a turn of the loop. */
static void
test_order (void)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(AdmHandover) handover = NULL;
  Run run = { .loop_thread = g_thread_self () };
  Sender senders[N_SENDERS];
  GThread *threads[N_SENDERS];
  guint turns = 0;

  g_main_context_push_thread_default (context);
  handover = adm_handover_get (context);
  /* One hand-over a context: asked for again, the same. */
  {
    g_autoptr(AdmHandover) again = adm_handover_get (context);

    g_assert_true (again == handover);
  }
  for (guint s = 0; s < N_SENDERS; s++)
    {
      senders[s] = (Sender) { &run, handover, s };
      threads[s] = g_thread_new ("sender", sender_thread, &senders[s]);
    }
  while (run.ran < N_SENDERS * N_ITEMS)
    {
      guint before = run.ran;

      g_main_context_iteration (context, TRUE);
      turns++;
      g_assert_cmpuint (run.ran - before, <=, 1);
    }
  for (guint s = 0; s < N_SENDERS; s++)
    g_thread_join (threads[s]);
  g_assert_false (run.out_of_order);
  g_assert_false (run.off_the_loop);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, N_SENDERS * N_ITEMS);
  g_assert_cmpuint (turns, >=, N_SENDERS * N_ITEMS);
  g_main_context_pop_thread_default (context);
}

/* Items sent to a context that is gone never run; each is let go when the last reference to
 * the hand-over is dropped, and the next context gets a hand-over of its own that works. */
static void
test_context_gone (void)
{
  GMainContext *context = g_main_context_new ();
  g_autoptr(GMainContext) next = g_main_context_new ();
  AdmHandover *handover = adm_handover_get (context);
  g_autoptr(AdmHandover) next_handover = NULL;
  Run run = { .loop_thread = g_thread_self () };

  for (guint i = 0; i < 3; i++)
    {
      Item *item = g_new0 (Item, 1);

      item->run = &run;
      item->index = i;
      adm_handover_send (handover, item_cb, item, item_free);
    }
  g_main_context_unref (context);
  g_assert_cmpuint (run.ran, ==, 0);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, 0);
  adm_handover_unref (handover);
  g_assert_cmpuint (run.ran, ==, 0);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, 3);

  next_handover = adm_handover_get (next);
  {
    Item *item = g_new0 (Item, 1);

    item->run = &run;
    adm_handover_send (next_handover, item_cb, item, item_free);
  }
  while (run.ran < 1)
    g_main_context_iteration (next, TRUE);
  g_assert_cmpuint (g_atomic_int_get (&run.freed), ==, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/handover/order-one-a-turn", test_order);
  g_test_add_func ("/engine/handover/context-gone", test_context_gone);
  return g_test_run ();
}
