/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-portal.c: the admirals' portal under load. The Komarr campaign after six
 * cycles (scenarios/komarr-campaign.sheets/) is served on 127.0.0.1 by the portal
 * made on this process's main loop — as admiralty-cli serve and the app make it: its server
 * runs on a thread of its own, the pages are made on the main loop — while a client thread
 * (plain non-blocking sockets, requests in flight at once) plays 20 admirals polling status.json
 * every 5 s after loading their page, and three bursts of 100 concurrent page loads, 5 s
 * apart; then every admiral asks for his report of cycle 1 as a PDF at once (timed apart).
 *
 * The main loop is watched without waking it: its poll function (g_main_context_set_poll_func
 * ()) times each stretch between two polls — the work the loop does before it can wait for
 * the next event, a stall — in wall time and in the main thread's own CPU time (on a machine
 * shared with other work the wall time also counts the time the thread waited for a CPU; the
 * load average is printed). A probe sent from the client thread every 50 ms
 * (adm_handover_send (), as the portal's threads hand the main loop their work) measures how
 * long the loop takes to answer an event, as a click would wait. Prints p50/p99 latency and the longest stall with their targets (p99 ≤ 50 ms,
 * no stall over 16 ms), and the CPU each thread used; asserts nothing. Each request comes
 * from one of 1,000 devices, 127.40.0.2 on (the portal gives one address at most a few
 * connections at once), and the per-client rate limit is raised for the run.
 *
 * Then the room for a whole session (--minutes N, 10 unless said; the CI never runs it), under
 * an open-file limit of 1024 (the soft limit set here, as `ulimit -n 1024` would): 40 admirals
 * polling status.json every 2 s (and reloading their page when its version changes, as the
 * page's script does), 20 clients asking for a report's PDF every 10 s, and 200 clients that
 * connect and close without a word every 2 s, while the master's campaign is saved every 5 s.
 * Prints beside each target: the requests that failed (0), the descriptors left open after it
 * (0, /proc/self/fd counted before and after), the p99 of a page's or a status's time
 * (<= 50 ms), the saves that failed (0) and the main loop's own work in its longest stall
 * (<= 16 ms).
 *
 * Several masters in the same session: four engagements are handed to four tables served
 * beside the admirals (adm-table-server.h), and each table is a thread of its own with its own
 * main context, as a table master's Admiralty on another laptop: its client
 * (adm-table-client.h) opens the battle and sends each entry as it is recorded, while the
 * table plays a phase every 1.5 s with the program dice the chief committed to and handed out
 * with its set-up, as a table's app rolls them (and, its battle played out, takes its last
 * phase back and plays it again: an Undo and a Redo are entries too). Prints beside their
 * targets: entries lost or kept twice by the chief (0), and the time from an entry recorded at
 * a table to its arrival in the chief's campaign on the main loop (p99 <= 100 ms); and, apart,
 * how long the master's handing the four engagements out took. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>

#include "admiralty-engine.h"
#include "adm-handover.h"
#include "adm-portal.h"
#include "adm-table-client.h"
#include "adm-table-server.h"
#include "bench-common.h"

#define T0 G_GINT64_CONSTANT (1795370400)
#define N_POLLERS 20
#define POLL_SECONDS 5
#define N_POLLS 4
#define N_BURSTS 3
#define BURST 100
/* The session: */
#define SOAK_POLLERS 40
#define SOAK_POLL_MS 2000
#define SOAK_PDFS 20
#define SOAK_PDF_MS 10000
#define SOAK_CLOSERS 200
#define SOAK_CLOSE_MS 2000
#define SOAK_SAVE_MS 5000
#define SOAK_FILE_LIMIT 1024
#define SOAK_TABLES 4
#define TABLE_PHASE_MS 1500
#define TABLE_TURNS 12
/* The devices the clients connect from, 127.40.0.2 on. */
#define N_DEVICES 1000

static GMutex lock;
static GArray *latencies;      /* double, ms: pages and status.json */
static GArray *pdf_latencies;  /* double, ms: reports' PDFs, made the first time asked for */
static guint64 bytes_read;
static gint pending_threads;
static GPollFunc system_poll;
static gint64 awake_since;     /* µs, when the main loop's last poll returned */
static gint64 awake_since_cpu;
static gint64 longest_stall;   /* µs between a poll's return and the next poll */
static gint64 longest_cpu;     /* µs of the main thread's own CPU time in that stretch */
static gint64 awake_since_queued;
static gint64 longest_own;     /* µs of a stretch less the time the thread waited for a CPU */
static int schedstat_fd = -1;  /* the main thread's /proc/thread-self/schedstat */
static gint64 longest_probe;   /* µs from a probe sent to its running on the main loop */
static gint64 clients_cpu;     /* µs, the client thread's CPU time */
static guint errors;           /* requests refused, unanswered or answered other than 200 */
static guint minutes = 10;     /* --minutes: the session's length */
static gboolean verbose;       /* BENCH_VERBOSE: each stall over a frame said on stderr */
static gint soak_over;         /* the session's clients stop asking */

/* The CPU time (µs) the thread called @name of this process has used, or -1. */
static gint64
named_thread_cpu (const char *name)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *tid;

  while (dir != NULL && (tid = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *comm_path = g_build_filename ("/proc/self/task", tid, "comm", NULL);
      g_autofree char *stat_path = g_build_filename ("/proc/self/task", tid, "stat", NULL);
      g_autofree char *comm = NULL, *stat = NULL;
      g_auto(GStrv) fields = NULL;
      const char *after;

      if (!g_file_get_contents (comm_path, &comm, NULL, NULL) ||
          !g_str_equal (g_strstrip (comm), name) ||
          !g_file_get_contents (stat_path, &stat, NULL, NULL) ||
          (after = strrchr (stat, ')')) == NULL)
        continue;
      /* After "(comm)": state is field 3, utime and stime fields 14 and 15. */
      fields = g_strsplit (after + 2, " ", 16);
      if (g_strv_length (fields) < 14)
        return -1;
      return (g_ascii_strtoll (fields[11], NULL, 10) + g_ascii_strtoll (fields[12], NULL, 10)) *
             G_USEC_PER_SEC / sysconf (_SC_CLK_TCK);
    }
  return -1;
}

static char *
source_path (const char *folder,
             const char *name)
{
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");

  return g_build_filename (root != NULL ? root : ".", folder, name, NULL);
}

static AdmCampaign *
played_komarr (const char *save_path)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty");
  g_autofree char *folder = source_path ("scenarios", "komarr-campaign.sheets");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  AdmCampaign *campaign;

  if (scenario == NULL)
    g_error ("%s", error->message);
  campaign = adm_campaign_new (scenario, 1);
  for (guint cycle = 1; cycle <= 6; cycle++)
    {
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      g_autofree char *prefix = g_strdup_printf ("komarr-cycle-%u-", cycle);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (cycle);
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_prefix (name, prefix))
          g_ptr_array_add (names, g_build_filename (folder, name, NULL));
      g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
      for (guint i = 0; i < names->len; i++)
        {
          g_autoptr(GPtrArray) sheet = adm_order_sheet_load_file (g_ptr_array_index (names, i),
                                                                  adm_campaign_get_state (campaign),
                                                                  T0 + cycle * 2400 - 60, &error);

          if (sheet == NULL || !adm_campaign_append_all (campaign, sheet, &error))
            g_error ("%s", error->message);
        }
      if (!adm_campaign_resolve_cycle (campaign, ADM_DICE_SOURCE (dice), T0 + cycle * 2400,
                                       &error))
        g_error ("%s", error->message);
    }
  if (!adm_campaign_save (campaign, save_path, &error))
    g_error ("%s", error->message);
  return campaign;
}

/* The clients: one thread of their own with its own main loop, all requests asynchronous on
 * non-blocking sockets, so that a burst is 100 requests in flight at once and not 100
 * threads competing with the server for the CPU. Each request is made as a phone's browser
 * makes it, without a client library: connect, send the request line and Host, read the
 * answer to its end (Connection: close). The admirals' phones are other machines; a libsoup
 * session here cost four times the server's own CPU on the same two cores and set the p99
 * by itself. */
typedef struct {
  GSocketAddress *address;  /* the portal's, 127.0.0.1 */
  GMainLoop   *loop;
  GPtrArray   *links;
  guint        outstanding;
  guint        scheduled;    /* timeouts still to fire */
} Clients;

typedef struct _Flight Flight;

struct _Flight {
  Clients *clients;
  gint64   start;
  GSocket *socket;
  char    *request;    /* NULL: connect and close, say nothing */
  gsize    sent;
  gsize    received;
  char     head[16];  /* the answer's first bytes: its status line */
  GString *body;      /* the answer whole, when asked for (status.json) */
  void   (*done) (Flight *flight, gboolean ok, gpointer data);
  gpointer data;
};

/* @flight over: @ok, it was answered 200 OK (or, saying nothing, it connected). */
static void
flight_end (Flight  *flight,
            gboolean ok)
{
  Clients *clients = flight->clients;
  double ms = (g_get_monotonic_time () - flight->start) / 1000.0;

  g_mutex_lock (&lock);
  if (!ok)
    errors++;
  else if (flight->request != NULL)
    g_array_append_val (strstr (flight->request, ".pdf ") != NULL ? pdf_latencies : latencies,
                        ms);
  bytes_read += flight->received;
  g_mutex_unlock (&lock);
  if (flight->done != NULL)
    flight->done (flight, ok, flight->data);
  g_socket_close (flight->socket, NULL);
  g_object_unref (flight->socket);
  g_free (flight->request);
  if (flight->body != NULL)
    g_string_free (flight->body, TRUE);
  g_free (flight);
  if (--clients->outstanding == 0 && clients->scheduled == 0)
    g_main_loop_quit (clients->loop);
}

static void watch (Flight *flight, GIOCondition condition);

/* The answer, read to its end. */
static gboolean
readable_cb (GSocket      *socket,
             GIOCondition  condition,
             gpointer      data)
{
  Flight *flight = data;
  char buffer[65536];
  g_autoptr(GError) error = NULL;

  for (;;)
    {
      gssize n = g_socket_receive (socket, buffer, sizeof buffer, NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return G_SOURCE_CONTINUE;
      if (n < 0)
        {
          flight_end (flight, FALSE);
          return G_SOURCE_REMOVE;
        }
      if (n == 0)
        break;
      if (flight->body != NULL)
        g_string_append_len (flight->body, buffer, n);
      if (flight->received < sizeof flight->head)
        memcpy (flight->head + flight->received, buffer,
                MIN ((gsize) n, sizeof flight->head - flight->received));
      flight->received += (gsize) n;
    }
  flight_end (flight, flight->received >= 12 &&
                      strncmp (flight->head, "HTTP/1.1 200", 12) == 0);
  return G_SOURCE_REMOVE;
}

/* Connected: the request, then the answer. */
static gboolean
writable_cb (GSocket      *socket,
             GIOCondition  condition,
             gpointer      data)
{
  Flight *flight = data;
  gsize length;
  g_autoptr(GError) error = NULL;

  if (flight->sent == 0 && !g_socket_check_connect_result (socket, &error))
    {
      flight_end (flight, FALSE);
      return G_SOURCE_REMOVE;
    }
  /* Connected, and closed without a word. */
  if (flight->request == NULL)
    {
      flight_end (flight, TRUE);
      return G_SOURCE_REMOVE;
    }
  length = strlen (flight->request);
  while (flight->sent < length)
    {
      gssize n = g_socket_send (socket, flight->request + flight->sent, length - flight->sent,
                                NULL, &error);

      if (n < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return G_SOURCE_CONTINUE;
      if (n < 0)
        {
          flight_end (flight, FALSE);
          return G_SOURCE_REMOVE;
        }
      flight->sent += (gsize) n;
    }
  watch (flight, G_IO_IN | G_IO_HUP | G_IO_ERR);
  return G_SOURCE_REMOVE;
}

static void
watch (Flight       *flight,
       GIOCondition  condition)
{
  GSource *source = g_socket_create_source (flight->socket, condition, NULL);

  g_source_set_callback (source, (GSourceFunc) (void (*) (void))
                         (condition & G_IO_OUT ? writable_cb : readable_cb), flight, NULL);
  g_source_attach (source, g_main_context_get_thread_default ());
  g_source_unref (source);
}

/* A probe: run on the main loop, timed from its sending on the client thread. */
static gboolean
probe_cb (gpointer data)
{
  gint64 waited = g_get_monotonic_time () - *(gint64 *) data;

  g_mutex_lock (&lock);
  longest_probe = MAX (longest_probe, waited);
  g_mutex_unlock (&lock);
  return G_SOURCE_REMOVE;
}

/* Sent as the portal's server thread hands the main loop a job (adm_handover_send ()). */
static gboolean
send_probe_cb (gpointer data)
{
  Clients *clients = data;
  gint64 *sent = g_new (gint64, 1);

  *sent = g_get_monotonic_time ();
  adm_handover_send (NULL, probe_cb, sent, g_free);
  return clients->outstanding > 0 || clients->scheduled > 0 ? G_SOURCE_CONTINUE
                                                            : G_SOURCE_REMOVE;
}

/* A request for @url (NULL: a connection closed without a word), @done called at its end. */
static Flight *
send_get_full (Clients    *clients,
               const char *url,
               gboolean    keep_body,
               void      (*done) (Flight *flight, gboolean ok, gpointer data),
               gpointer    data)
{
  Flight *flight = g_new0 (Flight, 1);
  g_autoptr(GError) error = NULL;

  flight->clients = clients;
  flight->start = g_get_monotonic_time ();
  flight->done = done;
  flight->data = data;
  flight->body = keep_body ? g_string_new (NULL) : NULL;
  if (url != NULL)
    {
      g_autoptr(GUri) uri = g_uri_parse (url, G_URI_FLAGS_ENCODED, NULL);

      g_assert (uri != NULL);
      flight->request = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: %s:%d\r\n"
                                         "Connection: close\r\n\r\n", g_uri_get_path (uri),
                                         g_uri_get_host (uri), g_uri_get_port (uri));
    }
  clients->outstanding++;
  flight->socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                 G_SOCKET_PROTOCOL_TCP, &error);
  if (flight->socket == NULL)
    {
      /* Out of descriptors here, say: counted as a failure of the request. */
      g_mutex_lock (&lock);
      errors++;
      g_mutex_unlock (&lock);
      if (done != NULL)
        done (flight, FALSE, data);
      g_free (flight->request);
      if (flight->body != NULL)
        g_string_free (flight->body, TRUE);
      g_free (flight);
      clients->outstanding--;
      return NULL;
    }
  g_socket_set_blocking (flight->socket, FALSE);
  /* From a device of its own: the portal gives one address no more than a few connections
   * at once (a room of phones, not one flooding it), and 127.0.0.1 is left to the tables. */
  {
    static gint next_device;
    guint device = (guint) g_atomic_int_add (&next_device, 1) % N_DEVICES;
    g_autofree char *name = g_strdup_printf ("127.40.%u.%u", device / 250, device % 250 + 2);
    g_autoptr(GInetAddress) from = g_inet_address_new_from_string (name);
    g_autoptr(GSocketAddress) local = g_inet_socket_address_new (from, 0);

    if (!g_socket_bind (flight->socket, local, FALSE, &error))
      {
        flight_end (flight, FALSE);
        return NULL;
      }
  }
  if (!g_socket_connect (flight->socket, clients->address, NULL, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PENDING))
    {
      flight_end (flight, FALSE);
      return NULL;
    }
  watch (flight, G_IO_OUT | G_IO_ERR | G_IO_HUP);
  return flight;
}

static void
send_get (Clients    *clients,
          const char *url)
{
  send_get_full (clients, url, FALSE, NULL, NULL);
}

/* A timeout on the client thread's own context (g_timeout_add () would run it on the main
 * loop, and the requests it sends with it). */
static void
attach_timeout (guint          ms,
                GSourceFunc    func,
                gpointer       data,
                GDestroyNotify notify)
{
  GSource *source = g_timeout_source_new (ms);

  g_source_set_callback (source, func, data, notify);
  g_source_attach (source, g_main_context_get_thread_default ());
  g_source_unref (source);
}

typedef struct {
  Clients    *clients;
  guint       first;   /* link index */
  guint       count;   /* requests */
  const char *file;    /* what after the admiral's link: "" his page, "status.json", a PDF */
} Wave;

static gboolean
wave_cb (gpointer data)
{
  Wave *wave = data;
  Clients *clients = wave->clients;

  for (guint i = 0; i < wave->count; i++)
    {
      const char *link = g_ptr_array_index (clients->links,
                                            (wave->first + i) % clients->links->len);
      g_autofree char *url = g_strconcat (link, wave->file, NULL);

      send_get (clients, url);
    }
  clients->scheduled--;
  return G_SOURCE_REMOVE;
}

static void
schedule (Clients    *clients,
          guint       ms,
          guint       first,
          guint       count,
          const char *file)
{
  Wave *wave = g_new (Wave, 1);

  wave->clients = clients;
  wave->first = first;
  wave->count = count;
  wave->file = file;
  clients->scheduled++;
  attach_timeout (ms, wave_cb, wave, g_free);
}

/* @cold: every admiral's page once; else 20 pollers (their page, then status.json every 5 s)
 * and three bursts of 100 page loads, 5 s apart. */
static gpointer
clients_thread (gpointer data)
{
  GPtrArray *links = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  Clients clients = { NULL, };

  g_main_context_push_thread_default (context);
  {
    g_autoptr(GUri) uri = g_uri_parse (g_ptr_array_index (links, 0), G_URI_FLAGS_ENCODED, NULL);

    clients.address = g_inet_socket_address_new_from_string (g_uri_get_host (uri),
                                                              (guint) g_uri_get_port (uri));
    g_assert (clients.address != NULL);
  }
  clients.loop = g_main_loop_new (context, FALSE);
  clients.links = links;
  if (g_atomic_int_get (&pending_threads) == 2)
    schedule (&clients, 0, 0, links->len, "");
  else
    {
      for (guint p = 0; p < N_POLLERS; p++)
        {
          schedule (&clients, p * 10, p, 1, "");
          for (guint i = 1; i <= N_POLLS; i++)
            schedule (&clients, p * 10 + i * POLL_SECONDS * 1000, p, 1, "status.json");
        }
      for (guint b = 0; b < N_BURSTS; b++)
        schedule (&clients, 2000 + b * POLL_SECONDS * 1000, 0, BURST, "");
      /* Every admiral's report of cycle 1 as a PDF, made the first time it is asked for. */
      schedule (&clients, 4000, 0, links->len, "report-1.pdf");
    }
  attach_timeout (50, send_probe_cb, &clients, NULL);
  g_main_loop_run (clients.loop);
  clients_cpu = bench_thread_cpu ();
  g_main_loop_unref (clients.loop);
  g_clear_object (&clients.address);
  g_main_context_pop_thread_default (context);
  g_atomic_int_set (&pending_threads, 0);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* The main loop's poll: the stretch since the last one returned is a stall of the loop. */
static gint
timed_poll (GPollFD *fds,
            guint    n_fds,
            gint     timeout)
{
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = bench_thread_cpu ();
  gint64 queued = bench_thread_queued (schedstat_fd);
  gint result;

  if (awake_since > 0)
    {
      gint64 own = now - awake_since - (queued - awake_since_queued);

      longest_stall = MAX (longest_stall, now - awake_since);
      longest_cpu = MAX (longest_cpu, cpu - awake_since_cpu);
      longest_own = MAX (longest_own, own);
      /* Each stall over a frame, on the monotonic clock: `perf record -k CLOCK_MONOTONIC`
       * names what the loop ran in it. */
      if (verbose && now - awake_since > 16000)
        g_printerr ("stall from %.6f s to %.6f s (monotonic): %.1f ms wall, %.1f ms CPU, "
                    "%.1f ms without waiting for a CPU\n", awake_since / 1e6, now / 1e6,
                    (now - awake_since) / 1000.0, (cpu - awake_since_cpu) / 1000.0,
                    own / 1000.0);
    }
  result = system_poll (fds, n_fds, timeout);
  awake_since = g_get_monotonic_time ();
  awake_since_cpu = bench_thread_cpu ();
  awake_since_queued = bench_thread_queued (schedstat_fd);
  return result;
}

/* The stalls counted from now on: the stretch the loop is in counts from here, not from the
 * poll it began at (what ran before is timed, or not counted, by its caller). */
static void
stalls_reset (void)
{
  longest_stall = longest_cpu = longest_own = longest_probe = 0;
  awake_since = g_get_monotonic_time ();
  awake_since_cpu = bench_thread_cpu ();
  awake_since_queued = bench_thread_queued (schedstat_fd);
}

/* The longest stall without the time the loop waited for a CPU (bench_thread_queued ()). */
static void
print_own_stall (void)
{
  if (schedstat_fd < 0)
    return;
  g_print ("  longest main-loop stall less the time it waited for a CPU (the machine's load): "
           "%.1f ms (target <= 16 ms, one frame: %s)\n", longest_own / 1000.0,
           bench_verdict (longest_own / 1000.0, 16));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *values,
            double  p)
{
  guint index = (guint) (p * (values->len - 1) + 0.5);

  return g_array_index (values, double, MIN (index, values->len - 1));
}

static void
run_until_done (void)
{
  while (g_atomic_int_get (&pending_threads) > 0)
    g_main_context_iteration (NULL, TRUE);
}

/* The session (--minutes): each client a timeout on the client thread's context, asking again
 * every period until the session is over; the thread ends once every answer is in. */

typedef struct {
  Clients    *clients;
  GSourceFunc func;
  gpointer    data;
  guint       period;
} Every;

static void
clients_check_done (Clients *clients)
{
  if (clients->outstanding == 0 && clients->scheduled == 0)
    g_main_loop_quit (clients->loop);
}

static gboolean
every_tick_cb (gpointer data)
{
  Every *every = data;

  if (g_atomic_int_get (&soak_over))
    {
      every->clients->scheduled--;
      clients_check_done (every->clients);
      return G_SOURCE_REMOVE;
    }
  every->func (every->data);
  return G_SOURCE_CONTINUE;
}

static gboolean
every_first_cb (gpointer data)
{
  Every *every = data;

  if (every_tick_cb (every) == G_SOURCE_CONTINUE)
    attach_timeout (every->period, every_tick_cb, every, g_free);
  else
    g_free (every);
  return G_SOURCE_REMOVE;
}

/* @func (@data) at @first ms, then every @period ms until the session is over. */
static void
every (Clients    *clients,
       guint       first,
       guint       period,
       GSourceFunc func,
       gpointer    data)
{
  Every *every = g_new (Every, 1);

  every->clients = clients;
  every->func = func;
  every->data = data;
  every->period = period;
  clients->scheduled++;
  attach_timeout (first, every_first_cb, every, NULL);
}

/* An admiral's phone: his page, then status.json every 2 s; the page again when the version
 * status.json gives is not the one it has, as the page's script reloads. */
typedef struct {
  Clients  *clients;
  char     *link;
  guint     version;
  gboolean  reload;
  gboolean  busy;
} Poller;

static void
poller_done_cb (Flight  *flight,
                gboolean ok,
                gpointer data)
{
  Poller *poller = data;
  const char *json;
  guint version;

  poller->busy = FALSE;
  if (!ok || flight->body == NULL ||
      (json = strstr (flight->body->str, "\r\n\r\n")) == NULL ||
      sscanf (json + 4, "{\"version\":%u,", &version) != 1)
    return;
  if (version != poller->version)
    poller->reload = TRUE;
  poller->version = version;
}

static gboolean
poller_cb (gpointer data)
{
  Poller *poller = data;
  g_autofree char *status = NULL;

  if (poller->busy)
    return G_SOURCE_CONTINUE;
  poller->busy = TRUE;
  if (poller->reload)
    {
      poller->reload = FALSE;
      send_get_full (poller->clients, poller->link, FALSE, poller_done_cb, poller);
      return G_SOURCE_CONTINUE;
    }
  status = g_strconcat (poller->link, "status.json", NULL);
  send_get_full (poller->clients, status, TRUE, poller_done_cb, poller);
  return G_SOURCE_CONTINUE;
}

typedef struct {
  Clients *clients;
  guint    index;
  guint    asked;
} Reader;

/* A report's PDF: each reader another admiral's, another cycle's each time. */
static gboolean
reader_cb (gpointer data)
{
  Reader *reader = data;
  GPtrArray *links = reader->clients->links;
  g_autofree char *url = g_strdup_printf ("%sreport-%u.pdf",
                                          (char *) g_ptr_array_index (links,
                                                                      reader->index % links->len),
                                          1 + (reader->index + reader->asked++) % 6);

  send_get (reader->clients, url);
  return G_SOURCE_CONTINUE;
}

static gboolean
closer_cb (gpointer data)
{
  send_get_full (data, NULL, FALSE, NULL, NULL);
  return G_SOURCE_CONTINUE;
}

static gboolean
soak_over_cb (gpointer data)
{
  Clients *clients = data;

  g_atomic_int_set (&soak_over, 1);
  clients->scheduled--;
  clients_check_done (clients);
  return G_SOURCE_REMOVE;
}

static gpointer
soak_thread (gpointer data)
{
  GPtrArray *links = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  Clients clients = { NULL, };
  Poller pollers[SOAK_POLLERS];
  Reader readers[SOAK_PDFS];

  g_main_context_push_thread_default (context);
  {
    g_autoptr(GUri) uri = g_uri_parse (g_ptr_array_index (links, 0), G_URI_FLAGS_ENCODED, NULL);

    clients.address = g_inet_socket_address_new_from_string (g_uri_get_host (uri),
                                                              (guint) g_uri_get_port (uri));
  }
  clients.loop = g_main_loop_new (context, FALSE);
  clients.links = links;
  for (guint p = 0; p < SOAK_POLLERS; p++)
    {
      pollers[p] = (Poller) { &clients, g_ptr_array_index (links, p % links->len), 0, TRUE,
                              FALSE };
      every (&clients, p * SOAK_POLL_MS / SOAK_POLLERS, SOAK_POLL_MS, poller_cb, &pollers[p]);
    }
  for (guint r = 0; r < SOAK_PDFS; r++)
    {
      readers[r] = (Reader) { &clients, r, 0 };
      every (&clients, r * SOAK_PDF_MS / SOAK_PDFS, SOAK_PDF_MS, reader_cb, &readers[r]);
    }
  for (guint c = 0; c < SOAK_CLOSERS; c++)
    every (&clients, c * SOAK_CLOSE_MS / SOAK_CLOSERS, SOAK_CLOSE_MS, closer_cb, &clients);
  clients.scheduled++;
  attach_timeout (minutes * 60000, soak_over_cb, &clients, NULL);
  attach_timeout (50, send_probe_cb, &clients, NULL);
  g_main_loop_run (clients.loop);
  clients_cpu = bench_thread_cpu ();
  g_main_loop_unref (clients.loop);
  g_clear_object (&clients.address);
  g_main_context_pop_thread_default (context);
  g_atomic_int_set (&pending_threads, 0);
  g_main_context_wakeup (NULL);
  return NULL;
}


/* Several masters: a table on a thread of its own, its battle fought until the session is
 * over. */
typedef struct {
  char     *name;        /* "Table 2" */
  char     *link;
  char     *engagement;
  /* When it is over: */
  guint     n_entries;
  char      last[65];
  char     *failure;
} Table;

static int tables_running;       /* table threads not over yet */
static BenchEntryClock entry_clock;  /* an entry recorded at a table to the chief */

/* The chief's side, on the main loop: each entry a message added, timed from its recording. */
static void
battle_changed_cb (AdmTableServer *server,
                   const char     *engagement,
                   const char     *table,
                   gpointer        data)
{
  const AdmTableArrival *arrival = adm_table_server_get_arrival (server, engagement);

  if (arrival != NULL && arrival->first > 0)
    bench_entry_clock_arrived (&entry_clock, engagement, arrival->first, arrival->receipt.kept,
                               arrival->arrived);
}

/* The main loop waits for the last table to be over. */
static void
table_over (void)
{
  g_atomic_int_dec_and_test (&tables_running);
  g_main_context_wakeup (NULL);
}

static gpointer
table_thread (gpointer data)
{
  Table *table = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(AdmTableClient) client = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GError) error = NULL;
  gboolean reachable = FALSE, undo = TRUE, played_out = FALSE;
  AdmJournal *log;

  g_main_context_push_thread_default (context);
  client = adm_table_client_new (table->link, &error);
  if (client != NULL)
    battle = adm_table_client_open_battle_sync (client, table->engagement, &reachable, NULL,
                                                &error);
  /* The chief's program dice, from the secret his set-up carried: what he checks. */
  if (battle != NULL)
    dice = adm_table_client_dice_source (client, NULL, NULL, &error);
  if (battle == NULL || dice == NULL)
    {
      table->failure = g_strdup (error->message);
      g_main_context_pop_thread_default (context);
      table_over ();
      return NULL;
    }
  log = adm_battle_get_log (battle);
  while (!g_atomic_int_get (&soak_over))
    {
      guint before = adm_journal_get_n_entries (log);
      g_autoptr(GError) local_error = NULL;

      /* A phase; its battle played out, the last phase taken back and brought back again. */
      if (!played_out &&
          (adm_battle_get_turn (battle) > TABLE_TURNS ||
           !adm_battle_resolve_phase (battle, NULL, dice, &local_error)))
        {
          g_clear_error (&local_error);
          played_out = TRUE;
        }
      if (played_out)
        {
          if (undo ? !adm_battle_undo (battle, &local_error)
                   : !adm_battle_redo (battle, &local_error))
            {
              table->failure = g_strdup (local_error->message);
              break;
            }
          undo = !undo;
        }
      if (adm_journal_get_n_entries (log) > before)
        bench_entry_clock_recorded (&entry_clock, table->engagement, before + 1,
                                    adm_journal_get_n_entries (log));
      bench_wait (context, TABLE_PHASE_MS);
    }
  if (!adm_table_client_flush (client, 60000, &error) && table->failure == NULL)
    table->failure = g_strdup (error->message);
  table->n_entries = adm_journal_get_n_entries (log);
  adm_table_battle_entry_hash (battle, table->n_entries, table->last);
  g_clear_object (&battle);
  g_clear_object (&client);
  g_main_context_pop_thread_default (context);
  table_over ();
  return NULL;
}

/* Hands the first SOAK_TABLES engagements that may be fought to "Table 1" … and serves them;
 * the tables, in *@tables. */
static AdmTableServer *
start_tables (AdmPortal  *portal,
              GPtrArray **tables)
{
  AdmCampaign *campaign = adm_portal_get_campaign (portal);
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (campaign, 0);
  g_autoptr(GError) error = NULL;
  AdmTableServer *server = adm_table_server_new (portal, SOAK_TABLES, &error);

  if (server == NULL)
    g_error ("%s", error->message);
  *tables = g_ptr_array_new ();
  for (guint i = 0; i < queue->len && (*tables)->len < SOAK_TABLES; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      Table *table;

      if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT || engagement->table != NULL)
        continue;
      table = g_new0 (Table, 1);
      table->name = adm_table_server_table_name ((*tables)->len + 1);
      table->engagement = g_strdup (engagement->id);
      if (!adm_campaign_assign_table (campaign, table->engagement, table->name, T0 + 20000,
                                      NULL, &error))
        g_error ("%s", error->message);
      table->link = adm_table_server_get_link (server, table->name);
      g_ptr_array_add (*tables, table);
    }
  g_signal_connect (server, "battle-changed", G_CALLBACK (battle_changed_cb), NULL);
  return server;
}

/* What the chief holds of each table's battle, against what the table holds. */
static void
print_tables (AdmCampaign *campaign,
              GPtrArray   *tables)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  guint recorded_entries = 0, kept = 0, lost = 0, twice = 0, failures = 0;
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint t = 0; t < tables->len; t++)
    {
      Table *table = g_ptr_array_index (tables, t);
      AdmTableReceipt receipt;
      guint in_journal = 0;

      adm_campaign_get_table_receipt (campaign, table->engagement, &receipt);
      for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
        in_journal += g_strcmp0 (adm_journal_get_entry_engagement (journal, i),
                                 table->engagement) == 0;
      recorded_entries += table->n_entries;
      kept += receipt.kept;
      if (receipt.kept < table->n_entries || strcmp (receipt.last, table->last) != 0)
        lost += table->n_entries - MIN (receipt.kept, table->n_entries);
      twice += in_journal > receipt.kept ? in_journal - receipt.kept : 0;
      g_string_append_printf (names, "%s%s %s (%u entries)", t > 0 ? ", " : "", table->name,
                              table->engagement, table->n_entries);
      if (table->failure != NULL)
        {
          failures++;
          g_printerr ("%s: %s\n", table->name, table->failure);
        }
    }
  g_array_sort (entry_clock.ms, compare_doubles);
  g_print ("  tables: %u fighting at once, a phase every %.1f s each: %s\n", tables->len,
           TABLE_PHASE_MS / 1000.0, names->str);
  g_print ("  entries recorded at the tables %u, kept by the chief %u: lost %u, kept twice %u "
           "(target 0: %s); tables that failed %u\n", recorded_entries, kept, lost, twice,
           bench_verdict (lost + twice + failures, 0), failures);
  g_print ("  an entry recorded at a table to the chief's campaign, over %u entries: p50 %.1f "
           "ms, p99 %.1f ms (target p99 <= 100 ms: %s), max %.1f ms\n", entry_clock.ms->len,
           percentile (entry_clock.ms, 0.5), percentile (entry_clock.ms, 0.99),
           bench_verdict (percentile (entry_clock.ms, 0.99), 100),
           percentile (entry_clock.ms, 1.0));
}

static guint saves, failed_saves;

/* A save's flush, done by the flusher (adm_campaign_set_flush_later ()), failed or not. */
static void
save_flushed_cb (gpointer      data,
                 const GError *error)
{
  if (error == NULL)
    return;
  failed_saves++;
  g_printerr ("a save failed: %s\n", error->message);
}

/* The master's campaign saved while the room polls: each save needs descriptors of its own. */
static gboolean
save_cb (gpointer data)
{
  AdmCampaign *campaign = data;
  g_autoptr(GError) error = NULL;

  saves++;
  if (!adm_campaign_save (campaign, adm_campaign_get_path (campaign), &error))
    {
      failed_saves++;
      g_printerr ("a save failed: %s\n", error->message);
    }
  else
    adm_campaign_when_saved (campaign, save_flushed_cb, NULL);
  return G_SOURCE_CONTINUE;
}

static void
nothing_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  g_task_return_boolean (task, TRUE);
}

/* GLib makes the context of its worker thread (an eventfd) the first time a task runs in a
 * thread, once per process: made before the descriptors are counted, so that only what the
 * session leaves open counts. */
static void
warm_task_pool (void)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);

  g_task_run_in_thread_sync (task, nothing_thread);
}

static guint
open_descriptors (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* The session: prints its figures beside their targets. */
static void
soak (AdmPortal   *portal,
      GPtrArray   *links)
{
  AdmCampaign *campaign = adm_portal_get_campaign (portal);
  g_autoptr(AdmTableServer) server = NULL;
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GPtrArray) table_threads = g_ptr_array_new ();
  g_autofree char *load = NULL;
  guint before, after, source;
  GThread *thread;
  gint64 end, handing;

  /* The master's saves are the app's (admiralty-window.c): their flushes and checkpoints off
   * the main loop. */
  adm_campaign_set_flush_later (campaign, TRUE);
  /* The master hands four engagements to four tables: his own clicks, each a journal entry
   * saved, timed on their own; the session's figures are of the loop while the tables and the
   * phones talk to it. */
  handing = g_get_monotonic_time ();
  server = start_tables (portal, &tables);
  handing = g_get_monotonic_time () - handing;
  warm_task_pool ();
  g_array_set_size (latencies, 0);
  g_array_set_size (pdf_latencies, 0);
  /* The handing-out above ran in the loop's current stretch: timed apart, it is not a stall
   * of the session. */
  stalls_reset ();
  errors = 0;
  before = open_descriptors ();
  source = g_timeout_add (SOAK_SAVE_MS, save_cb, campaign);
  g_atomic_int_set (&pending_threads, 1);
  bench_entry_clock_init (&entry_clock);
  /* Said before it starts: it prints nothing else until it is over. */
  g_print ("session: %u min under an open-file limit of %d; %d admirals polling every %d s, "
           "%d report PDFs every %d s, %d clients connecting and closing every %d s, the "
           "campaign saved every %d s; %u tables (its figures when it is over, in %u min)\n",
           minutes, SOAK_FILE_LIMIT, SOAK_POLLERS, SOAK_POLL_MS / 1000, SOAK_PDFS,
           SOAK_PDF_MS / 1000, SOAK_CLOSERS, SOAK_CLOSE_MS / 1000, SOAK_SAVE_MS / 1000,
           tables->len, minutes);
  thread = g_thread_new ("clients", soak_thread, links);
  g_atomic_int_set (&tables_running, tables->len);
  for (guint t = 0; t < tables->len; t++)
    g_ptr_array_add (table_threads, g_thread_new ("table", table_thread,
                                                  g_ptr_array_index (tables, t)));
  run_until_done ();
  g_thread_join (thread);
  /* The tables send what they still hold while the chief's loop answers. */
  while (g_atomic_int_get (&tables_running) > 0)
    g_main_context_iteration (NULL, TRUE);
  for (guint t = 0; t < table_threads->len; t++)
    g_thread_join (g_ptr_array_index (table_threads, t));
  g_source_remove (source);
  /* The server closes what the clients closed: a second for it to see every end. */
  end = g_get_monotonic_time () + G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (10000);
  after = open_descriptors ();
  g_array_sort (latencies, compare_doubles);
  g_array_sort (pdf_latencies, compare_doubles);

  g_file_get_contents ("/proc/loadavg", &load, NULL, NULL);
  g_print ("session over, machine load average: %.14s\n", load != NULL ? load : "?");
  g_print ("  errors: %u (target 0: %s)\n", errors, bench_verdict (errors, 0));
  g_print ("  descriptors left open afterwards: %d (%u before, %u after; target 0: %s)\n",
           (int) after - (int) before, before, after,
           bench_verdict ((int) after - (int) before, 0));
  g_print ("  page and status times over %u requests: p50 %.1f ms, p99 %.1f ms (target p99 <= "
           "50 ms: %s), max %.1f ms\n", latencies->len, percentile (latencies, 0.5),
           percentile (latencies, 0.99), bench_verdict (percentile (latencies, 0.99), 50),
           percentile (latencies, 1.0));
  g_print ("  report PDFs: %u, p50 %.1f ms, p99 %.1f ms\n", pdf_latencies->len,
           percentile (pdf_latencies, 0.5), percentile (pdf_latencies, 0.99));
  g_print ("  campaign saves: %u, failed %u (target 0: %s)\n", saves, failed_saves,
           bench_verdict (failed_saves, 0));
  g_print ("  longest main-loop stall %.1f ms of wall time (target <= 16 ms, one frame: %s), "
           "of which its own work %.1f ms CPU; an event waited at most %.1f ms for the main "
           "loop\n", longest_stall / 1000.0, bench_verdict (longest_stall / 1000.0, 16),
           longest_cpu / 1000.0, longest_probe / 1000.0);
  print_own_stall ();
  print_tables (campaign, tables);
  g_print ("  handing the %u engagements to the tables (the master's own action, before the "
           "session): %.1f ms\n", tables->len, handing / 1000.0);
  for (guint t = 0; t < tables->len; t++)
    {
      Table *table = g_ptr_array_index (tables, t);

      g_free (table->name);
      g_free (table->link);
      g_free (table->engagement);
      g_free (table->failure);
      g_free (table);
    }
  bench_entry_clock_clear (&entry_clock);
}

/* The soft limit on open files, as `ulimit -n` sets it: the room's figure. */
static void
limit_files (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) != 0)
    g_error ("getrlimit: %s", g_strerror (errno));
  limit.rlim_cur = limit.rlim_max == RLIM_INFINITY ? SOAK_FILE_LIMIT
                                                    : MIN (SOAK_FILE_LIMIT, limit.rlim_max);
  if (setrlimit (RLIMIT_NOFILE, &limit) != 0)
    g_error ("setrlimit: %s", g_strerror (errno));
}

/* --minutes N: the session's length. */
static void
parse_options (int    *argc,
               char ***argv)
{
  int value = 10;
  GOptionEntry entries[] = {
    { "minutes", 0, 0, G_OPTION_ARG_INT, &value, "How long the session lasts (10)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    g_error ("%s", error->message);
  if (value < 1 || value > 24 * 60)
    g_error ("--minutes must be between 1 and 1440");
  minutes = (guint) value;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = (parse_options (&argc, &argv), limit_files (),
                          g_dir_make_tmp ("admiralty-bench-portal-XXXXXX", &error));
  g_autofree char *save_path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = played_komarr (save_path);
  g_autoptr(AdmPortal) portal = adm_portal_new (campaign, &error);
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  g_autoptr(GPtrArray) links = g_ptr_array_new_with_free_func (g_free);
  GThread *thread;
  gint64 cold_stall, cold_cpu, cold_probe, warm_cpu, server_cpu;
  guint n_cold;
  guint64 warm_bytes;
  g_autofree char *load = NULL;

  if (portal == NULL || !adm_portal_start (portal, "127.0.0.1", 0, &error))
    g_error ("%s", error->message);
  adm_portal_set_rate_limit (portal, 10000.0, 10000);
  for (guint i = 0; i < admirals->len; i++)
    g_ptr_array_add (links, adm_portal_get_link (portal,
                                                 ((AdmAdmiral *) g_ptr_array_index (admirals, i))->id));
  latencies = g_array_new (FALSE, FALSE, sizeof (double));
  pdf_latencies = g_array_new (FALSE, FALSE, sizeof (double));
  verbose = g_getenv ("BENCH_VERBOSE") != NULL;
  schedstat_fd = open ("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  system_poll = g_main_context_get_poll_func (NULL);
  g_main_context_set_poll_func (NULL, timed_poll);

  /* Cold: each admiral's page built the first time (his cards, six reports). */
  g_atomic_int_set (&pending_threads, 2);
  thread = g_thread_new ("clients", clients_thread, links);
  run_until_done ();
  g_thread_join (thread);
  cold_stall = longest_stall;
  cold_cpu = longest_cpu;
  cold_probe = longest_probe;
  n_cold = latencies->len;
  if (verbose)
    for (guint i = 0; i < latencies->len; i++)
      g_print ("cold %u: %.1f ms\n", i, g_array_index (latencies, double, i));
  g_array_set_size (latencies, 0);
  stalls_reset ();
  bytes_read = 0;
  warm_cpu = bench_thread_cpu ();
  server_cpu = named_thread_cpu ("adm-portal");

  /* Warm: 20 pollers and three bursts of 100. */
  g_atomic_int_set (&pending_threads, 1);
  thread = g_thread_new ("clients", clients_thread, links);
  run_until_done ();
  g_thread_join (thread);
  warm_cpu = bench_thread_cpu () - warm_cpu;
  server_cpu = named_thread_cpu ("adm-portal") - server_cpu;
  warm_bytes = bytes_read;
  g_array_sort (latencies, compare_doubles);
  g_array_sort (pdf_latencies, compare_doubles);
  g_file_get_contents ("/proc/loadavg", &load, NULL, NULL);

  g_print ("admirals' portal, Komarr after 6 cycles, %u admirals, on 127.0.0.1\n", links->len);
  g_print ("machine load average: %.14s\n", load != NULL ? load : "?");
  g_print ("cold: %u first page loads, longest main-loop stall %.1f ms of wall time (target "
           "<= 16 ms, one frame: %s; each page made on the main loop in steps of one fragment "
           "once per campaign change), of which the main loop's own work %.1f ms CPU; an event "
           "waited at most %.1f ms for the main loop\n", n_cold, cold_stall / 1000.0,
           bench_verdict (cold_stall / 1000.0, 16), cold_cpu / 1000.0, cold_probe / 1000.0);
  g_print ("warm: %u requests (%d pollers every %d s, %d bursts of %d page loads), %.1f MB "
           "answered\n", latencies->len, N_POLLERS, POLL_SECONDS, N_BURSTS, BURST,
           warm_bytes / 1e6);
  g_print ("  latency p50 %.1f ms, p99 %.1f ms (target p99 <= 50 ms: %s), max %.1f ms\n",
           percentile (latencies, 0.5), percentile (latencies, 0.99),
           bench_verdict (percentile (latencies, 0.99), 50), percentile (latencies, 1.0));
  g_print ("  and %u reports' PDFs (each admiral's of cycle 1, asked for at once; each made "
           "the first time on the main loop, one a step, and drawn on a thread of its own): "
           "p50 %.1f ms, max %.1f ms\n",
           pdf_latencies->len, percentile (pdf_latencies, 0.5), percentile (pdf_latencies, 1.0));
  g_print ("  longest main-loop stall %.1f ms of wall time (target <= 16 ms, one frame: %s), "
           "of which the main loop's own work %.1f ms CPU; an event waited at most %.1f ms for "
           "the main loop\n", longest_stall / 1000.0, bench_verdict (longest_stall / 1000.0, 16),
           longest_cpu / 1000.0, longest_probe / 1000.0);
  print_own_stall ();
  g_print ("  CPU over the warm run: the main thread %.0f ms, the portal's server thread "
           "%.0f ms, the clients (this benchmark's own, on the same machine) %.0f ms\n",
           warm_cpu / 1000.0, server_cpu / 1000.0, clients_cpu / 1000.0);

  soak (portal, links);

  adm_portal_stop (portal);
  /* The campaign, its tokens, backups and checkpoint folder: all made here. */
  bench_remove_tree (dir);
  g_array_unref (latencies);
  g_array_unref (pdf_latencies);
  return 0;
}
