/* SPDX-License-Identifier: GPL-3.0-or-later */
/* link-helpers.c: see link-helpers.h. A thread accepts; each connection has a thread of its
 * own, with blocking sockets and poll (2), so that the test's main context, which serves the
 * portal, has nothing of it to run. */
#include "config.h"

#include "link-helpers.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

struct _Link {
  int       listener;
  guint     port;
  guint     target;
  gint      state;      /* LinkState, atomic */
  gint      generation; /* atomic: bumped by every link_set () */
  gint      stopping;   /* atomic */
  gint      passed;     /* atomic */
  gint      open;       /* atomic: connection threads running */
  GThread  *acceptor;
};

typedef struct {
  Link *link;
  int   client;
} Relay;

/* A socket connected to 127.0.0.1:@port, or -1. */
static int
connect_to (guint port)
{
  struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons ((guint16) port) };
  int fd = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  if (fd >= 0 && connect (fd, (struct sockaddr *) &address, sizeof address) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* Whether @fd is readable within @ms, the link not stopping. */
static gboolean
readable (Link *link,
          int   fd,
          int   ms)
{
  struct pollfd watch = { fd, POLLIN, 0 };

  return !g_atomic_int_get (&link->stopping) && poll (&watch, 1, ms) > 0;
}

/* Copies what comes from @from to @to (or drops it, @to -1) until @from closes: both ways
 * of a connection at once. */
static void
relay_both (Link *link,
            int   client,
            int   server,
            gboolean answers)
{
  struct pollfd watch[2] = { { client, POLLIN, 0 }, { server, POLLIN, 0 } };
  char buffer[16384];

  while (!g_atomic_int_get (&link->stopping))
    {
      if (poll (watch, 2, 100) <= 0)
        continue;
      for (guint i = 0; i < 2; i++)
        {
          ssize_t n;

          if (!(watch[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
          n = read (watch[i].fd, buffer, sizeof buffer);
          if (n <= 0)
            return;
          /* The portal's answer reaches the browser only while the link carries answers. */
          if ((i == 0 || answers) &&
              write (i == 0 ? server : client, buffer, (size_t) n) != n)
            return;
        }
    }
}

static gpointer
relay_thread (gpointer data)
{
  Relay *relay = data;
  Link *link = relay->link;
  int server = -1;

  /* The state of the link when the request's first byte comes (a browser opens connections
   * ahead of its requests). */
  while (!readable (link, relay->client, 100))
    if (g_atomic_int_get (&link->stopping))
      goto out;
  switch (g_atomic_int_get (&link->state))
    {
    case LINK_DOWN:
      break;
    case LINK_HOLD:
      {
        gint generation = g_atomic_int_get (&link->generation);

        while (!g_atomic_int_get (&link->stopping) &&
               g_atomic_int_get (&link->generation) == generation)
          g_usleep (20000);
      }
      break;
    case LINK_UP:
    case LINK_DEAF:
    default:
      server = connect_to (link->target);
      if (server < 0)
        break;
      g_atomic_int_inc (&link->passed);
      relay_both (link, relay->client, server, g_atomic_int_get (&link->state) == LINK_UP);
      break;
    }
out:
  if (server >= 0)
    close (server);
  close (relay->client);
  g_free (relay);
  g_atomic_int_dec_and_test (&link->open);
  return NULL;
}

static gpointer
accept_thread (gpointer data)
{
  Link *link = data;

  while (!g_atomic_int_get (&link->stopping))
    {
      Relay *relay;
      int client;

      if (!readable (link, link->listener, 100))
        continue;
      client = accept4 (link->listener, NULL, NULL, SOCK_CLOEXEC);
      if (client < 0)
        continue;
      relay = g_new0 (Relay, 1);
      relay->link = link;
      relay->client = client;
      g_atomic_int_inc (&link->open);
      g_thread_unref (g_thread_new ("link-relay", relay_thread, relay));
    }
  return NULL;
}

Link *
link_new (guint port)
{
  Link *link = g_new0 (Link, 1);
  struct sockaddr_in address = { .sin_family = AF_INET };
  socklen_t length = sizeof address;

  address.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  link->target = port;
  link->state = LINK_UP;
  link->listener = socket (AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  g_assert_cmpint (link->listener, >=, 0);
  g_assert_cmpint (bind (link->listener, (struct sockaddr *) &address, sizeof address), ==, 0);
  g_assert_cmpint (listen (link->listener, 64), ==, 0);
  g_assert_cmpint (getsockname (link->listener, (struct sockaddr *) &address, &length), ==, 0);
  link->port = ntohs (address.sin_port);
  link->acceptor = g_thread_new ("link-accept", accept_thread, link);
  return link;
}

guint
link_get_port (Link *link)
{
  return link->port;
}

char *
link_url (Link       *link,
          const char *url)
{
  const char *path;

  g_assert_true (g_str_has_prefix (url, "http://127.0.0.1:"));
  path = strchr (url + strlen ("http://127.0.0.1:"), '/');
  g_assert_nonnull (path);
  return g_strdup_printf ("http://127.0.0.1:%u%s", link->port, path);
}

void
link_set (Link      *link,
          LinkState  state)
{
  g_atomic_int_set (&link->state, state);
  g_atomic_int_inc (&link->generation);
}

guint
link_passed_on (Link *link)
{
  return (guint) g_atomic_int_get (&link->passed);
}

void
link_free (Link *link)
{
  g_atomic_int_set (&link->stopping, 1);
  g_thread_join (link->acceptor);
  while (g_atomic_int_get (&link->open) > 0)
    g_usleep (10000);
  close (link->listener);
  g_free (link);
}
