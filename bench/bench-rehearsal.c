/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-rehearsal.c: a whole night at full scale, played on this computer before the real one.
 *
 * The chief is this process's main loop, holding what `admiralty-cli serve --accept --tables 3`
 * holds — the campaign (saved, autosaved, its flushes off the loop as the app's), the
 * admirals' portal and three tables served on it over TLS — and the projector's public map,
 * drawn again after each change as the app's projector window draws it; and doing what the
 * chief master does between the phones' requests: accepting each muster as it comes and starting the
 * campaign, resolving each cycle at its session (F-STRAT-1) and handing the engagements it
 * brings to the tables.
 *
 * The room, each on a thread of its own as on a device of its own (at a lower priority and
 * with allocator arenas of its own, ROOM_NICE, so that it does not take the chief's CPU or
 * locks as no other device could):
 * - 20 phones, real HTTP clients (libsoup, as a phone's browser speaks it), each from its own
 *   loopback address (127.0.0.2 …): the admiral's page loaded, status.json asked every 5 s as
 *   the page's script asks it (and the page again when it says something changed), the
 *   muster handed in from the form the page offers (F-GEN-6) as its script hands it in (with a
 *   client id, sent again with it once when the answer was lost), then each cycle an order sheet
 *   (the first alliance's formations patrol, searching their sector, the second's defend it,
 *   F-STRAT-16; a line of instructions names the hand-in), handed in as the page's script
 *   hands it in (with a client id and the cycle), some admirals changing their mind and
 *   handing in a second, and the sheet marked final. Each cycle some drop off the Wi-Fi for a
 *   few minutes: before their hand-in (sent once they are back), while sending it, before the
 *   portal got it whole or after, before its answer (back, the script sends it again, once,
 *   with the same client id), or around their final mark.
 * - 3 tables, each a table master's Admiralty on another laptop (adm-table-client.h over TLS),
 *   from a loopback address of its own after the phones' (127.0.0.22 …): it lists what the
 *   chief handed it, opens the battle, plays its phases with the program
 *   dice the chief committed to (its formations closing on the enemy, every gun that bears
 *   firing: bench_play_phase ()), takes one back and plays it again, and ends the battle.
 *
 * The 40-minute clock is compressed (--minute-ms: 1000, one game minute a second, unless
 * said). A night is --cycles cycles (6), the muster before them and the battles of the last
 * after it. Afterwards the campaign is opened again from its file, and every muster, sheet and
 * battle entry is counted in its journal: each one handed in exactly once. Printed, each beside
 * its target: lost and duplicated hand-ins and entries (0), p99 of a phone's poll (50 ms) and of
 * a table's entry, recorded to kept by the chief (100 ms), the chief's longest main-loop stall
 * (one frame, 16 ms, wall clock: a source on the loop that is due every HEARTBEAT_MS records
 * how late it runs; also less the time the loop waited for a CPU, and its own CPU; beside it
 * a control thread that only sleeps shows how late this computer itself wakes a thread, and
 * the figure judged is the loop's own: each stall less the larger of its waits for a CPU and
 * the control's lateness in the same window), and the
 * memory in use at the start, as each cycle begins and at the end (target: bounded).
 *
 * Exit status: 1 when a hand-in or an entry was lost or kept twice — a sheet refused, a phone
 * that could not hand it in, a table that could not send, a night not played through all end
 * so —: what CI checks (`--cycles 2`). Timing never fails it; what went wrong on the way is
 * said on stderr ("problem: …"). */

#include "config.h"

#include <fcntl.h>
#include <malloc.h>
#include <sys/resource.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <gio/gio.h>
#include <libsoup/soup.h>

#include "admiralty-engine.h"
#include "adm-portal.h"
#include "adm-table-client.h"
#include "adm-table-server.h"
#include "admiralty-sector-wall.h"
#include "bench-common.h"

#define N_PHONES 20
#define N_TABLES 3
#define POLL_MS 5000          /* the page's script asks status.json every 5 s */
#define LIST_MS 1000          /* an idle table lists its engagements every second */
#define HEARTBEAT_MS 4        /* the stall probe is due this often */
#define CYCLE_MINUTES 40      /* F-STRAT-1 */
#define MUSTER_MINUTES 12     /* the muster's window before cycle 1 */
#define BATTLE_PHASES 12      /* phases a table plays before it ends its battle */
#define POOL_SHIPS 6          /* an admiral's pool: one formation of the most ships (F-FORM-8) */
#define PHASE_MINUTES 2       /* a table's phase every 2 game minutes */
/* A phone whose hand-in's answer was lost stays off the Wi-Fi at least this long in real time,
 * however compressed the clock: a real drop-off lasts seconds, and a page read back within
 * the moment the chief takes to journal what arrived can show the hand-in not there yet. */
#define LOST_OFFLINE_MS 3000
#define TARGET_POLL_MS 50.0
#define TARGET_ENTRY_MS 100.0
#define TARGET_STALL_MS 16.0
#define TARGET_GROWTH_MIB 32.0
/* The room's devices share this computer with the chief: their threads run at this nice
 * value, so that the scheduler hands the chief's threads a CPU first, as his own laptop would,
 * and each allocates from an arena of its own (ROOM_ARENAS in all), so that none holds a lock
 * the chief's thread waits for, as no phone holds one on his laptop. */
#define ROOM_NICE 10
#define ROOM_ARENAS 64

static guint n_cycles = 6;
static guint minute_ms = 1000;
static char *keep_path;         /* --keep: the played campaign copied there */

/* The night as the chief announces it: the stage (0 the muster, 1 … n_cycles the cycles'
 * sheets, n_cycles + 1 the last battles) and when it began. */
static GMutex night_lock;
static GCond night_cond;
static guint stage;
static gint64 stage_start;      /* monotonic µs */
static gboolean night_over;
static guint stage_done;        /* phones through the current stage's script */
static double stage_rss[16];    /* MiB, the process's memory as each stage began */
static double stage_heap[16];   /* MiB, the allocator's blocks in use then */
static gint running;            /* phone and table threads not over yet */

/* What the phones measured and believed. */
static GMutex figures_lock;
static GArray *poll_ms;         /* double: status.json */
static GArray *page_ms;         /* double: the page, a hand-in */
static GHashTable *believed;    /* marker → GINT (hand-ins a phone was told arrived) */
static GHashTable *fleetless;   /* "adm-NN cycle C": his page had no order form (no fleet) */
static GPtrArray *problems;     /* char*: what went wrong, said at the end */
static guint n_dropoffs, n_lost_answers;
static guint n_sent_again;      /* hand-ins sent again with their client id */
static guint n_sent_again_kept; /* of them, the first had arrived: answered as it was */
static guint n_musters_again;   /* musters sent again with their client id */
static guint n_musters_again_kept; /* of them, the first had arrived: answered as it was */

/* A thread of the room's: a device of its own, not the chief's (ROOM_NICE). */
static void
become_device (void)
{
  /* On Linux a thread's nice value is its own: PRIO_PROCESS with 0 is the calling thread. */
  if (setpriority (PRIO_PROCESS, 0, ROOM_NICE) != 0)
    g_printerr ("rehearsal: a device's thread keeps the chief's priority: %s\n",
                g_strerror (errno));
}

static void
problem (const char *format,
         ...) G_GNUC_PRINTF (1, 2);

static void
problem (const char *format,
         ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_mutex_lock (&figures_lock);
  g_ptr_array_add (problems, text);
  g_mutex_unlock (&figures_lock);
}

static double
ms_between (gint64 start,
            gint64 end)
{
  return (end - start) / 1000.0;
}

static gint64
minutes_us (double minutes)
{
  return (gint64) (minutes * minute_ms * 1000);
}

/* The night's scenario: N_PHONES admirals in pairs, the first of each pair in one alliance and
 * the second in the other (the ruleset's factions taken in turn), each with a pool of
 * POOL_SHIPS capital ships to muster (F-GEN-5). The first N_TABLES pairs' pools are in one sector
 * each, so that their formations meet there every cycle; the others are each in a sector of
 * their own. */
static char *
night_scenario (AdmRuleset *ruleset)
{
  GString *xml = g_string_new ("<scenario id=\"rehearsal\" name=\"A rehearsal night\" "
                               "ruleset=\"forcon-2010\">\n");
  GPtrArray *classes = adm_ruleset_get_classes (ruleset);
  const AdmShipClass *capital = NULL;

  /* The sturdiest capital class, so that the fleets last the night's battles. */
  for (guint i = 0; i < classes->len; i++)
    {
      const AdmShipClass *klass = g_ptr_array_index (classes, i);

      if (klass->category == ADM_CATEGORY_CAPITAL &&
          (capital == NULL || klass->hull > capital->hull))
        capital = klass;
    }
  g_assert (capital != NULL);
  bench_pair_sides (xml, ruleset, N_PHONES);
  g_string_append (xml, "  <map>\n");
  for (guint k = 0; k < N_PHONES; k++)
    g_string_append_printf (xml, "    <sector id=\"s%02u\" name=\"Sector %u\" x=\"%u\" "
                                 "y=\"%u\"/>\n", k, k + 1, k * 100, (k % 2) * 150);
  for (guint k = 0; k + 1 < N_PHONES; k++)
    g_string_append_printf (xml, "    <link from=\"s%02u\" to=\"s%02u\"/>\n", k, k + 1);
  g_string_append (xml, "  </map>\n");
  for (guint k = 0; k < N_PHONES; k++)
    {
      /* The meeting pairs' pools share the first admiral's sector. */
      guint sector = k / 2 < N_TABLES ? k & ~1u : k;

      g_string_append_printf (xml, "  <pool admiral=\"adm-%02u\" sector=\"s%02u\">\n", k, sector);
      for (guint n = 0; n < POOL_SHIPS; n++)
        g_string_append_printf (xml, "    <ship id=\"p%02u-%u\" name=\"Ship %u-%u\" class=\"%s\" "
                                     "readiness=\"%u\"/>\n", k, n, k + 1, n + 1, capital->id,
                                6 + (k + n) % 5);
      g_string_append (xml, "  </pool>\n");
    }
  g_string_append (xml, "</scenario>\n");
  return g_string_free (xml, FALSE);
}

/* --- The phones ------------------------------------------------------------------------- */

/* The form @id of @page as a browser would post it untouched: every input with its value (a
 * checkbox or radio only when checked), each select's chosen option (else its first), each
 * textarea's text. NULL when the page has no such form. */
static char *
unescape (const char *text,
          gsize       length)
{
  static const char *const names[][2] = {
    { "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" }, { "&#39;", "'" },
    { "&#x27;", "'" },
  };
  GString *out = g_string_sized_new (length);

  for (gsize i = 0; i < length; i++)
    {
      gboolean named = FALSE;

      if (text[i] == '&')
        for (guint n = 0; n < G_N_ELEMENTS (names) && !named; n++)
          if (strncmp (text + i, names[n][0], strlen (names[n][0])) == 0)
            {
              g_string_append (out, names[n][1]);
              i += strlen (names[n][0]) - 1;
              named = TRUE;
            }
      if (!named)
        g_string_append_c (out, text[i]);
    }
  return g_string_free (out, FALSE);
}

/* The value of attribute @name in the tag from @tag to @end, or NULL; @present says whether
 * it is there at all (a bare "checked"). */
/* The end of a quoted value from @at: its closing quote, or the string's end. */
static const char *
text_end (const char *at,
          char        quote)
{
  const char *end = strchr (at, quote);

  return end != NULL ? end : at + strlen (at);
}

static char *
attribute (const char *tag,
           const char *end,
           const char *name,
           gboolean   *present)
{
  g_autofree char *quoted = g_strdup_printf (" %s=\"", name);
  g_autofree char *bare = g_strdup_printf (" %s", name);
  g_autofree char *text = g_strndup (tag, end - tag);
  const char *at = strstr (text, quoted);

  if (present != NULL)
    {
      const char *b = strstr (text, bare);

      *present = b != NULL && (b[strlen (bare)] == ' ' || b[strlen (bare)] == '>' ||
                               b[strlen (bare)] == '=' || b[strlen (bare)] == '\0');
    }
  if (at == NULL)
    return NULL;
  at += strlen (quoted);
  return unescape (at, text_end (at, '"') - at);
}

static GHashTable *
scrape_form (const char *page,
             const char *id)
{
  g_autofree char *mark = g_strdup_printf ("id=\"%s\"", id);
  const char *form = page, *end, *at;
  GHashTable *fields;

  for (;;)
    {
      const char *close;

      form = strstr (form, "<form");
      if (form == NULL)
        return NULL;
      close = strchr (form, '>');
      if (close == NULL)
        return NULL;
      if (g_strstr_len (form, close - form, mark) != NULL)
        break;
      form = close;
    }
  end = strstr (form, "</form>");
  if (end == NULL)
    return NULL;
  fields = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (at = form; at < end; at++)
    {
      const char *close;
      char *name;

      if (*at != '<')
        continue;
      close = strchr (at, '>');
      if (close == NULL || close > end)
        break;
      if (g_str_has_prefix (at, "<input "))
        {
          g_autofree char *type = attribute (at, close, "type", NULL);
          gboolean checked = FALSE;

          name = attribute (at, close, "name", NULL);
          attribute (at, close, "checked", &checked);
          if (name != NULL &&
              ((g_strcmp0 (type, "checkbox") != 0 && g_strcmp0 (type, "radio") != 0) || checked))
            {
              char *value = attribute (at, close, "value", NULL);

              g_hash_table_replace (fields, name, value != NULL ? value : g_strdup (""));
            }
          else
            g_free (name);
        }
      else if (g_str_has_prefix (at, "<select "))
        {
          const char *last = strstr (close, "</select>");
          char *first = NULL, *chosen = NULL;

          name = attribute (at, close, "name", NULL);
          for (const char *option = strstr (close, "<option");
               option != NULL && last != NULL && option < last;
               option = strstr (option + 1, "<option"))
            {
              const char *option_end = strchr (option, '>');
              gboolean selected = FALSE;
              char *value = attribute (option, option_end, "value", NULL);

              attribute (option, option_end, "selected", &selected);
              if (first == NULL)
                first = g_strdup (value != NULL ? value : "");
              if (selected && chosen == NULL)
                chosen = g_strdup (value != NULL ? value : "");
              g_free (value);
            }
          if (chosen != NULL)
            g_free (first);
          else
            chosen = first != NULL ? first : g_strdup ("");
          if (name != NULL)
            g_hash_table_replace (fields, name, chosen);
          else
            g_free (chosen);
          if (last != NULL)
            at = last;
        }
      else if (g_str_has_prefix (at, "<textarea "))
        {
          const char *last = strstr (close, "</textarea>");

          name = attribute (at, close, "name", NULL);
          if (name != NULL && last != NULL)
            g_hash_table_replace (fields, name, unescape (close + 1, last - close - 1));
          else
            g_free (name);
          if (last != NULL)
            at = last;
        }
    }
  return fields;
}

typedef struct {
  guint        index;     /* 0 … N_PHONES − 1: admiral adm-NN, device 127.0.0.(index + 2) */
  char        *link;      /* his page */
  char        *host;      /* the portal's address */
  guint        port;
  SoupSession *session;
  char        *key;       /* status.json's last "key" */
  gint64       last_poll;
  gboolean     offline;
} Phone;

/* GET @path under his link (timed into @times), its body as text; NULL when not 200. */
static char *
phone_get (Phone      *phone,
           const char *path,
           GArray     *times)
{
  g_autofree char *url = g_strconcat (phone->link, path, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", url);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) body = NULL;
  gint64 start = g_get_monotonic_time ();
  double ms;

  /* His phone's browser is in English: the page's words are read below. */
  soup_message_headers_replace (soup_message_get_request_headers (msg), "Accept-Language", "en");
  body = soup_session_send_and_read (phone->session, msg, NULL, &error);
  ms = ms_between (start, g_get_monotonic_time ());
  if (body == NULL || soup_message_get_status (msg) != SOUP_STATUS_OK)
    {
      problem ("Adm. %u's phone: GET %s: %s", phone->index + 1, path[0] ? path : "(his page)",
               error != NULL ? error->message : soup_message_get_reason_phrase (msg));
      return NULL;
    }
  g_mutex_lock (&figures_lock);
  g_array_append_val (times, ms);
  g_mutex_unlock (&figures_lock);
  return g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body));
}

/* status.json, as the page's script asks it; the page again when its key changed. */
static void
phone_poll (Phone *phone)
{
  g_autofree char *status = NULL;
  const char *key;

  phone->last_poll = g_get_monotonic_time ();
  if (phone->offline)
    return;
  status = phone_get (phone, "status.json", poll_ms);
  key = status != NULL ? strstr (status, "\"key\":\"") : NULL;
  if (key == NULL)
    return;
  key += strlen ("\"key\":\"");
  if (phone->key == NULL || strncmp (phone->key, key, text_end (key, '"') - key) != 0)
    {
      g_autofree char *page = phone_get (phone, "", page_ms);

      g_free (phone->key);
      phone->key = g_strndup (key, text_end (key, '"') - key);
    }
}

/* Waits, polling every POLL_MS while online, until @until (monotonic µs) or the night is over;
 * FALSE then. */
static gboolean
phone_wait_until (Phone  *phone,
                  gint64  until)
{
  for (;;)
    {
      gint64 now = g_get_monotonic_time ();
      gint64 next = MIN (until, phone->last_poll + POLL_MS * 1000);
      gboolean over;

      if (now >= phone->last_poll + POLL_MS * 1000)
        {
          phone_poll (phone);
          continue;
        }
      if (now >= until)
        return TRUE;
      g_mutex_lock (&night_lock);
      if (!night_over)
        g_cond_wait_until (&night_cond, &night_lock, next);
      over = night_over;
      g_mutex_unlock (&night_lock);
      if (over)
        return FALSE;
    }
}

/* Waits for stage @n to begin; its start (monotonic µs), or 0 when the night is over. */
static gint64
phone_wait_stage (Phone *phone,
                  guint  n)
{
  for (;;)
    {
      gint64 start = 0;
      gboolean over;

      g_mutex_lock (&night_lock);
      if (stage >= n)
        start = stage_start;
      over = night_over;
      g_mutex_unlock (&night_lock);
      if (start != 0)
        return start;
      if (over || !phone_wait_until (phone, g_get_monotonic_time () + 200 * 1000))
        return 0;
    }
}

/* POSTs @fields to @action under his link as the form's submit does: the answer's status (0
 * when none came), said in *@why when it is not 303 (see his page, the portal's way of saying
 * it took the form). */
static guint
phone_post_status (Phone       *phone,
                   const char  *action,
                   GHashTable  *fields,
                   char       **why)
{
  g_autofree char *url = g_strconcat (phone->link, action, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new_from_encoded_form ("POST", url,
                                                                   soup_form_encode_hash (fields));
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) body = NULL;
  gint64 start = g_get_monotonic_time ();
  double ms;

  soup_message_add_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  body = soup_session_send_and_read (phone->session, msg, NULL, &error);
  ms = ms_between (start, g_get_monotonic_time ());
  g_mutex_lock (&figures_lock);
  g_array_append_val (page_ms, ms);
  g_mutex_unlock (&figures_lock);
  if (body == NULL || soup_message_get_status (msg) != SOUP_STATUS_SEE_OTHER)
    *why = g_strdup (error != NULL ? error->message : soup_message_get_reason_phrase (msg));
  return body != NULL ? soup_message_get_status (msg) : 0;
}

/* The same, TRUE when answered 303; any other answer is a problem. */
static gboolean
phone_post (Phone      *phone,
            const char *action,
            GHashTable *fields)
{
  g_autofree char *why = NULL;
  guint status = phone_post_status (phone, action, fields, &why);

  if (status != SOUP_STATUS_SEE_OTHER)
    {
      problem ("Adm. %u's phone: POST %s answered %u: %s", phone->index + 1, action, status,
               why);
      return FALSE;
    }
  return TRUE;
}

static gboolean
send_all (GSocket     *socket,
          const char  *text,
          GError     **error)
{
  gsize length = strlen (text), sent = 0;

  while (sent < length)
    {
      gssize n = g_socket_send (socket, text + sent, length - sent, NULL, error);

      if (n < 0)
        return FALSE;
      sent += (gsize) n;
    }
  return TRUE;
}

/* The same POST sent on a connection of its own that drops before the answer: the Wi-Fi gone
 * while the phone waited. Whether the portal got it, the phone cannot tell. Not @arrived: the
 * link gone half-way through the request's body, which the portal never gets whole. */
static void
phone_post_lost (Phone      *phone,
                 const char *action,
                 GHashTable *fields,
                 gboolean    arrived)
{
  g_autofree char *body = soup_form_encode_hash (fields);
  g_autoptr(GUri) uri = g_uri_parse (phone->link, G_URI_FLAGS_ENCODED, NULL);
  g_autofree char *request = g_strdup_printf ("POST %s%s HTTP/1.1\r\nHost: %s:%u\r\n"
                                              "Content-Type: application/x-www-form-urlencoded\r\n"
                                              "Content-Length: %zu\r\nConnection: close\r\n\r\n%.*s",
                                              g_uri_get_path (uri), action, phone->host,
                                              phone->port, strlen (body),
                                              (int) (arrived ? strlen (body) : strlen (body) / 2),
                                              body);
  g_autofree char *from = g_strdup_printf ("127.0.0.%u", phone->index + 2);
  g_autoptr(GInetAddress) local_address = g_inet_address_new_from_string (from);
  g_autoptr(GSocketAddress) local = g_inet_socket_address_new (local_address, 0);
  g_autoptr(GSocketAddress) remote = g_inet_socket_address_new_from_string (phone->host,
                                                                             phone->port);
  g_autoptr(GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                            G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr(GError) error = NULL;

  if (socket == NULL || !g_socket_bind (socket, local, FALSE, &error) ||
      !g_socket_connect (socket, remote, NULL, &error) ||
      !send_all (socket, request, &error))
    problem ("Adm. %u's phone: a hand-in whose answer is lost could not be sent: %s",
             phone->index + 1, error != NULL ? error->message : "no socket");
  if (socket != NULL)
    g_socket_close (socket, NULL);
  g_mutex_lock (&figures_lock);
  n_lost_answers++;
  g_mutex_unlock (&figures_lock);
}

static void
believe (const char *marker)
{
  g_mutex_lock (&figures_lock);
  g_hash_table_replace (believed, g_strdup (marker), GINT_TO_POINTER (1));
  g_mutex_unlock (&figures_lock);
}

/* A new client id, as the page's script gives each hand-in (16 random bytes in hex). */
static char *
new_client_id (void)
{
  return g_strdup_printf ("%08x%08x%08x%08x", g_random_int (), g_random_int (), g_random_int (),
                          g_random_int ());
}

/* The muster the page offers (the ruling's default formations, F-GEN-6), handed in as it is
 * and as the page's script hands it in: with a client id of its own (and
 * the cycle, when the page names one), so that a muster sent again is kept once. @lost: the
 * answer lost, the link gone after the portal got it whole (@arrived) or half-way through
 * it, and the phone offline until @back; then the script sends the same muster again, once,
 * with the same id, and it is answered as any muster taken: the first time's answer if it
 * had arrived. */
static void
phone_muster (Phone    *phone,
              gboolean  lost,
              gboolean  arrived,
              gint64    back)
{
  g_autofree char *page = phone_get (phone, "", page_ms);
  g_autoptr(GHashTable) fields = page != NULL ? scrape_form (page, "orders") : NULL;
  g_autofree char *marker = g_strdup_printf ("muster adm-%02u", phone->index);
  const char *cycle = page != NULL ? strstr (page, " data-cycle=\"") : NULL;

  if (fields == NULL)
    {
      problem ("Adm. %u's phone: no muster form on his page", phone->index + 1);
      return;
    }
  g_hash_table_replace (fields, g_strdup ("client"), new_client_id ());
  /* The script sends the page's cycle with a post only when it names one. */
  if (cycle != NULL && g_ascii_strtoull (cycle + strlen (" data-cycle=\""), NULL, 10) > 0)
    g_hash_table_replace (fields, g_strdup ("cycle"),
                          g_strdup_printf ("%" G_GUINT64_FORMAT,
                                           g_ascii_strtoull (cycle + strlen (" data-cycle=\""),
                                                             NULL, 10)));
  if (lost)
    {
      phone_post_lost (phone, "muster", fields, arrived);
      phone->offline = TRUE;
      phone_wait_until (phone, back);
      phone->offline = FALSE;
      g_mutex_lock (&figures_lock);
      n_musters_again++;
      n_musters_again_kept += arrived;
      g_mutex_unlock (&figures_lock);
    }
  /* Sent again, it is answered 303 whether the first arrived (its answer again, nothing
   * handed in) or not (taken now): anything else is a problem. */
  if (phone_post (phone, "muster", fields))
    believe (marker);
}

/* A hand-in's answer: the Wi-Fi gone on the way, and the phone's script sending it again once
 * back, with the same client id. */
typedef enum {
  ANSWER_KEPT,      /* no drop-off: the answer came */
  ANSWER_LOST_SENT, /* the link gone before the portal got the hand-in whole */
  ANSWER_LOST,      /* the link gone after the portal got it, before its answer came */
} AnswerLost;

/* The order sheet of this cycle, handed in as the page's script hands it in (with a client id
 * and the cycle, so that a hand-in sent again is kept once): every formation of his form
 * patrols its sector, searching it (the first alliance's), or defends it (the second's:
 * F-STRAT-16), the first carrying @marker as its instructions. @lost: the answer lost and the
 * phone offline until @back; then the script sends the same hand-in again, once, and it is
 * answered as any hand-in taken: the first time's answer if it had arrived. */
static gboolean
phone_sheet (Phone      *phone,
             guint       cycle,
             const char *marker,
             AnswerLost  lost,
             gint64      back)
{
  g_autofree char *page = phone_get (phone, "", page_ms);
  g_autoptr(GHashTable) fields = page != NULL ? scrape_form (page, "orders") : NULL;

  /* An admiral whose formations the battles took whole has nothing to order. */
  if (page != NULL && fields == NULL)
    {
      g_mutex_lock (&figures_lock);
      g_hash_table_add (fleetless, g_strdup_printf ("adm-%02u cycle %u", phone->index, cycle));
      g_mutex_unlock (&figures_lock);
      return FALSE;
    }
  if (fields == NULL || !g_hash_table_contains (fields, "f0"))
    {
      problem ("Adm. %u's phone: no order form on his page", phone->index + 1);
      return FALSE;
    }
  for (guint n = 0; n < 64; n++)
    {
      g_autofree char *f = g_strdup_printf ("f%u", n);

      if (!g_hash_table_contains (fields, f))
        break;
      g_hash_table_replace (fields, g_strdup_printf ("o%u", n),
                            g_strdup (phone->index % 2 == 0 ? "patrol" : "defend"));
    }
  g_hash_table_replace (fields, g_strdup ("i0"), g_strdup (marker));
  g_hash_table_replace (fields, g_strdup ("client"), new_client_id ());
  g_hash_table_replace (fields, g_strdup ("cycle"), g_strdup_printf ("%u", cycle));
  if (lost != ANSWER_KEPT)
    {
      phone_post_lost (phone, "sheet", fields, lost == ANSWER_LOST);
      phone->offline = TRUE;
      phone_wait_until (phone, back);
      phone->offline = FALSE;
      g_mutex_lock (&figures_lock);
      n_sent_again++;
      n_sent_again_kept += lost == ANSWER_LOST;
      g_mutex_unlock (&figures_lock);
    }
  /* Sent again, it is answered 303 whether the first arrived (its answer again, nothing handed
   * in) or not (taken now): anything else is a problem. */
  if (!phone_post (phone, "sheet", fields))
    return TRUE;
  g_clear_pointer (&page, g_free);
  page = phone_get (phone, "", page_ms);
  /* His form comes back filled in with the sheet he handed in, read back. */
  if (page != NULL && strstr (page, marker) != NULL)
    believe (marker);
  else
    problem ("Adm. %u's phone: the sheet \"%s\" was answered but his page does not show it",
             phone->index + 1, marker);
  return TRUE;
}

/* "Mark my sheet final": the final mark's own form. */
static void
phone_final (Phone *phone,
             guint  cycle)
{
  g_autofree char *page = phone_get (phone, "", page_ms);
  g_autoptr(GHashTable) fields = page != NULL ? scrape_form (page, "final") : NULL;

  if (fields == NULL || g_strcmp0 (g_hash_table_lookup (fields, "final"), "yes") != 0)
    {
      problem ("Adm. %u's phone: no \"Mark my sheet final\" on his page in cycle %u",
               phone->index + 1, cycle);
      return;
    }
  phone_post (phone, "final", fields);
}

static void
phone_offline (Phone  *phone,
               gint64  until)
{
  g_mutex_lock (&figures_lock);
  n_dropoffs++;
  g_mutex_unlock (&figures_lock);
  phone->offline = TRUE;
  phone_wait_until (phone, until);
  phone->offline = FALSE;
  /* Back: the page's script asks at once. */
  phone->last_poll = 0;
}

static void
stage_finished (void)
{
  g_mutex_lock (&night_lock);
  stage_done++;
  g_mutex_unlock (&night_lock);
}

/* Phone @index's night: its schedule is its number's and the cycle's, the same every run. */
static gpointer
phone_thread (gpointer data)
{
  Phone *phone = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autofree char *from = g_strdup_printf ("127.0.0.%u", phone->index + 2);
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (from);
  g_autoptr(GInetSocketAddress) local = G_INET_SOCKET_ADDRESS (g_inet_socket_address_new (address,
                                                                                          0));
  guint i = phone->index;
  gint64 start;

  become_device ();
  g_main_context_push_thread_default (context);
  phone->session = soup_session_new_with_options ("local-address", local, "timeout", 30,
                                                  "max-conns-per-host", 4, NULL);
  /* The muster: handed in at a minute of his own; two in seven lose the answer. */
  start = phone_wait_stage (phone, 0);
  g_free (phone_get (phone, "", page_ms));
  if (start != 0 && phone_wait_until (phone, start + minutes_us (1 + i % 8)))
    {
      gboolean lost = i % 7 == 3 || i % 7 == 5;

      /* Of those, some lose the link half-way through the muster, some after it arrived. */
      phone_muster (phone, lost, i % 7 == 3, MAX (start + minutes_us (4 + i % 8),
                                      g_get_monotonic_time () + LOST_OFFLINE_MS * 1000));
      stage_finished ();
    }
  for (guint cycle = 1; cycle <= n_cycles; cycle++)
    {
      guint hand_in = 3 + (i * 7 + cycle * 5) % 20;
      guint final = 30 + (i + cycle) % 5;
      guint drop = (i + 2 * cycle) % 7;
      gboolean second = (i + cycle) % 4 == 1;
      g_autofree char *first_marker = g_strdup_printf ("rehearsal adm-%02u cycle %u sheet 1",
                                                       i, cycle);
      g_autofree char *second_marker = g_strdup_printf ("rehearsal adm-%02u cycle %u sheet 2",
                                                        i, cycle);

      start = phone_wait_stage (phone, cycle);
      if (start == 0)
        break;
      /* Off the Wi-Fi just before his hand-in: sent once he is back. */
      if (drop == 0)
        {
          if (!phone_wait_until (phone, start + minutes_us (hand_in - 1)))
            break;
          phone_offline (phone, start + minutes_us (hand_in + 4));
        }
      else if (!phone_wait_until (phone, start + minutes_us (hand_in)))
        break;
      /* Gone while sending it, before or after the portal got it: back, his page's script
       * sends it again. */
      if (!phone_sheet (phone, cycle, first_marker,
                        drop == 1 ? ANSWER_LOST_SENT : drop == 3 ? ANSWER_LOST : ANSWER_KEPT,
                        g_get_monotonic_time () + MAX (minutes_us (4), LOST_OFFLINE_MS * 1000)))
        {
          stage_finished ();
          continue;
        }
      if (drop == 1 || drop == 3)
        {
          g_mutex_lock (&figures_lock);
          n_dropoffs++;
          g_mutex_unlock (&figures_lock);
        }
      if (second)
        {
          if (!phone_wait_until (phone, start + minutes_us (hand_in + 6) +
                                 (drop <= 1 || drop == 3 ? minutes_us (4) : 0)))
            break;
          phone_sheet (phone, cycle, second_marker, ANSWER_KEPT, 0);
        }
      /* Off the Wi-Fi around his final mark: marked once he is back. */
      if (drop == 2)
        {
          if (!phone_wait_until (phone, start + minutes_us (final - 2)))
            break;
          phone_offline (phone, start + minutes_us (final + 2));
        }
      else if (!phone_wait_until (phone, start + minutes_us (final)))
        break;
      phone_final (phone, cycle);
      stage_finished ();
    }
  /* The last battles: the page still asked, as an admiral waits for his report. */
  while (phone_wait_until (phone, g_get_monotonic_time () + POLL_MS * 1000))
    ;
  g_clear_object (&phone->session);
  g_main_context_pop_thread_default (context);
  g_atomic_int_dec_and_test (&running);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* --- The tables ------------------------------------------------------------------------- */

typedef struct {
  char  *engagement;
  char  *table;
  guint  entries;     /* recorded at the table */
  char   last[65];    /* the hash of its last */
  guint  rolls;       /* program dice rolled */
  gboolean ended;
} Fought;

static GMutex tables_lock;
static GPtrArray *fought;          /* Fought*, under tables_lock */
static BenchEntryClock entry_clock;

static void
fought_free (gpointer data)
{
  Fought *f = data;

  g_free (f->engagement);
  g_free (f->table);
  g_free (f);
}

typedef struct {
  char *name;   /* "Table 2" */
  char *link;
  guint index;  /* 0 … N_TABLES − 1: its laptop 127.0.0.(N_PHONES + index + 2) */
} Table;

/* A client of @table's link from its laptop's address. */
static AdmTableClient *
table_client_new (Table   *table,
                  GError **error)
{
  g_autofree char *from = g_strdup_printf ("127.0.0.%u", N_PHONES + table->index + 2);
  g_autoptr(GInetAddress) address = g_inet_address_new_from_string (from);
  AdmTableClient *client = adm_table_client_new (table->link, error);

  if (client != NULL)
    adm_table_client_set_local_address (client, address);
  return client;
}

/* One battle at this table, from its opening to its ending sent. */
static void
table_fight (Table        *table,
             GMainContext *context,
             const char   *engagement)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = table_client_new (table, &error);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDiceSource) dice = NULL;
  gboolean reachable = FALSE;
  Fought *result;
  AdmJournal *log;

  if (client != NULL)
    battle = adm_table_client_open_battle_sync (client, engagement, &reachable, NULL, &error);
  if (battle != NULL)
    dice = adm_table_client_dice_source (client, NULL, NULL, &error);
  if (battle == NULL || dice == NULL)
    {
      problem ("%s, engagement %s: %s", table->name, engagement, error->message);
      return;
    }
  if (!adm_table_client_get_program_only (client))
    problem ("%s, engagement %s: handed over with typed dice allowed", table->name, engagement);
  log = adm_battle_get_log (battle);
  for (guint p = 0; p < BATTLE_PHASES; p++)
    {
      guint before = adm_journal_get_n_entries (log);
      g_autoptr(GError) local_error = NULL;

      if (!bench_play_phase (battle, dice, &local_error))
        {
          problem ("%s, engagement %s: phase %u: %s", table->name, engagement, p + 1,
                   local_error->message);
          break;
        }
      /* Halfway, the master takes the phase back and plays it again. */
      if (p == BATTLE_PHASES / 2 &&
          (!adm_battle_undo (battle, &local_error) || !adm_battle_redo (battle, &local_error)))
        {
          problem ("%s, engagement %s: undo and redo: %s", table->name, engagement,
                   local_error->message);
          break;
        }
      bench_entry_clock_recorded (&entry_clock, engagement, before + 1,
                                  adm_journal_get_n_entries (log));
      bench_wait (context, (guint) (minutes_us (PHASE_MINUTES) / 1000));
    }
  {
    guint before = adm_journal_get_n_entries (log);

    if (!adm_table_client_end_battle (client, "The fleets broke off: a rehearsal night", &error))
      problem ("%s, engagement %s: the end: %s", table->name, engagement, error->message);
    else if (adm_journal_get_n_entries (log) > before)
      bench_entry_clock_recorded (&entry_clock, engagement, before + 1,
                                  adm_journal_get_n_entries (log));
  }
  if (!adm_table_client_flush (client, 60000, &error))
    problem ("%s, engagement %s: not all sent: %s", table->name, engagement,
             error != NULL ? error->message : "?");
  result = g_new0 (Fought, 1);
  result->engagement = g_strdup (engagement);
  result->table = g_strdup (table->name);
  result->entries = adm_journal_get_n_entries (log);
  adm_table_battle_entry_hash (battle, result->entries, result->last);
  result->rolls = adm_battle_get_rolls (battle)->len;
  result->ended = adm_table_client_get_end_reason (client) != NULL;
  g_mutex_lock (&tables_lock);
  g_ptr_array_add (fought, result);
  g_mutex_unlock (&tables_lock);
}

/* Whether this table fought @engagement already. */
static gboolean
table_has_fought (const char *engagement)
{
  gboolean found = FALSE;

  g_mutex_lock (&tables_lock);
  for (guint i = 0; i < fought->len && !found; i++)
    found = g_str_equal (((Fought *) g_ptr_array_index (fought, i))->engagement, engagement);
  g_mutex_unlock (&tables_lock);
  return found;
}

static gpointer
table_thread (gpointer data)
{
  Table *table = data;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(AdmTableClient) lister = NULL;
  g_autoptr(GError) error = NULL;

  become_device ();
  g_main_context_push_thread_default (context);
  lister = table_client_new (table, &error);
  if (lister == NULL)
    problem ("%s: %s", table->name, error->message);
  for (;;)
    {
      g_autoptr(GPtrArray) listed = NULL;
      g_autoptr(GError) local_error = NULL;
      char *next = NULL;
      gboolean over;

      g_mutex_lock (&night_lock);
      over = night_over;
      g_mutex_unlock (&night_lock);
      if (over || lister == NULL)
        break;
      listed = adm_table_client_list_sync (lister, NULL, &local_error);
      for (guint i = 0; listed != NULL && i < listed->len && next == NULL; i++)
        {
          const AdmTableEngagement *engagement = g_ptr_array_index (listed, i);

          if (!engagement->ended && !table_has_fought (engagement->id))
            next = g_strdup (engagement->id);
        }
      if (next != NULL)
        table_fight (table, context, next);
      else
        bench_wait (context, LIST_MS);
      g_free (next);
    }
  g_clear_object (&lister);
  g_main_context_pop_thread_default (context);
  g_atomic_int_dec_and_test (&running);
  g_main_context_wakeup (NULL);
  return NULL;
}

/* The chief's side, on the main loop: each entry a table's message added, timed from its
 * recording at the table. */
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

/* --- The chief -------------------------------------------------------------------------- */

/* The stall probe: a source due every HEARTBEAT_MS on the chief's main loop; how late it runs
 * is how long the loop was kept from an event (a click, a frame) by other work. Lateness while
 * the master's own action ran is kept apart: that is his click, timed on its own. The main
 * thread's time waiting for a CPU (the scheduler's run_delay, /proc/thread-self/schedstat) is
 * taken off apart too: what is left is the loop's own work and what it blocked on, as on a
 * laptop with a CPU free for it. */
typedef struct {
  GSource  source;
  gint64   longest;         /* µs, the room's */
  gint64   longest_own;     /* µs, the same less the time the thread waited for a CPU */
  gint64   longest_master;  /* µs, in a stretch where the master's action ran */
  guint    over_frame;      /* ticks later than a frame */
  guint    ticks;
  gint64   longest_cpu;     /* µs of the main thread's own CPU time between two ticks */
  int      schedstat;       /* the main thread's schedstat, or -1 */
  gint64   queued;          /* µs of run_delay at the last tick */
  gint64   cpu;             /* µs of the main thread's CPU time at the last tick */
  /* The longest stalls of the room's, longest first: how late, of it the loop's own CPU and
   * its waits for a CPU (the rest it spent off the CPU: blocked, or woken late). */
  struct { gint64 late, cpu, queued; } worst[3];
  GArray  *stalls;          /* Stall: every one longer than STALL_KEPT_MS, the room's */
} Heartbeat;

/* A stall of the loop, or a late wake-up of the control: when, and how late. */
typedef struct {
  gint64 from, to;          /* monotonic µs: the tick before and the one that came late */
  gint64 late;              /* µs */
  gint64 queued;            /* µs of it waiting for a CPU */
} Stall;

#define STALL_KEPT_MS 4

/* @late, with its @cpu and @queued, among @beat's longest stalls. */
static void
heartbeat_note_worst (Heartbeat *beat,
                      gint64     late,
                      gint64     cpu,
                      gint64     queued)
{
  guint n = G_N_ELEMENTS (beat->worst);

  if (late <= beat->worst[n - 1].late)
    return;
  while (n > 1 && beat->worst[n - 2].late < late)
    {
      beat->worst[n - 1] = beat->worst[n - 2];
      n--;
    }
  beat->worst[n - 1].late = late;
  beat->worst[n - 1].cpu = cpu;
  beat->worst[n - 1].queued = queued;
}

static gboolean master_acted;

static gboolean
heartbeat_dispatch (GSource     *source,
                    GSourceFunc  callback,
                    gpointer     data)
{
  Heartbeat *beat = (Heartbeat *) source;
  gint64 due = g_source_get_ready_time (source);
  gint64 now = g_get_monotonic_time ();
  gint64 late = now - due;
  gint64 queued = bench_thread_queued (beat->schedstat);
  gint64 cpu = bench_thread_cpu ();

  if (master_acted)
    beat->longest_master = MAX (beat->longest_master, late);
  else
    {
      beat->longest = MAX (beat->longest, late);
      beat->longest_own = MAX (beat->longest_own, late - MIN (late, queued - beat->queued));
      beat->longest_cpu = MAX (beat->longest_cpu, cpu - beat->cpu);
      beat->over_frame += late > TARGET_STALL_MS * 1000;
      heartbeat_note_worst (beat, late, cpu - beat->cpu, MIN (late, queued - beat->queued));
      if (late > STALL_KEPT_MS * 1000)
        {
          Stall stall = { due - HEARTBEAT_MS * 1000, now, late, MIN (late, queued - beat->queued) };

          g_array_append_val (beat->stalls, stall);
        }
    }
  beat->queued = queued;
  beat->cpu = cpu;
  beat->ticks++;
  master_acted = FALSE;
  g_source_set_ready_time (source, now + HEARTBEAT_MS * 1000);
  return G_SOURCE_CONTINUE;
}

static void
heartbeat_finalize (GSource *source)
{
  Heartbeat *beat = (Heartbeat *) source;

  if (beat->schedstat >= 0)
    close (beat->schedstat);
  g_array_unref (beat->stalls);
}

static GSourceFuncs heartbeat_funcs = { NULL, NULL, heartbeat_dispatch, heartbeat_finalize,
                                        NULL, NULL };

static Heartbeat *
heartbeat_new (void)
{
  GSource *source = g_source_new (&heartbeat_funcs, sizeof (Heartbeat));
  Heartbeat *beat = (Heartbeat *) source;

  beat->schedstat = open ("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  beat->stalls = g_array_new (FALSE, FALSE, sizeof (Stall));
  beat->queued = bench_thread_queued (beat->schedstat);
  beat->cpu = bench_thread_cpu ();
  g_source_set_name (source, "rehearsal stall probe");
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_ready_time (source, g_get_monotonic_time () + HEARTBEAT_MS * 1000);
  g_source_attach (source, NULL);
  return (Heartbeat *) source;
}

/* The control: a thread of the chief's priority beside his loop that only sleeps
 * HEARTBEAT_MS at a time and does nothing else. How late it wakes, less its own waits for a
 * CPU, is this computer's (its timers, its hypervisor) under the night's load, not the
 * chief's work: a stall of the loop no longer than it is not the loop's. */
typedef struct {
  gint     stop;
  gint64   longest;        /* µs late, less the waits for a CPU */
  guint    over_frame;
  guint    ticks;
  GArray  *late;           /* Stall: every wake-up later than STALL_KEPT_MS, read once joined */
} Control;

/* The longest stall of the loop's own: each stall less its waits for a CPU and less the
 * lateness the control suffered at the same time (a wake-up late within the stall's
 * window), whichever is more — what is left is the loop's work and what it waited on. */
static gint64
longest_own_stall (GArray *stalls,
                   GArray *control_late)
{
  gint64 longest = 0;

  for (guint i = 0; i < stalls->len; i++)
    {
      const Stall *stall = &g_array_index (stalls, Stall, i);
      gint64 shared = 0;

      for (guint j = 0; j < control_late->len; j++)
        {
          const Stall *woke = &g_array_index (control_late, Stall, j);

          if (woke->to > stall->from && woke->from < stall->to)
            shared = MAX (shared, woke->late);
        }
      longest = MAX (longest, stall->late - MIN (stall->late, MAX (shared, stall->queued)));
    }
  return longest;
}

static gpointer
control_thread (gpointer data)
{
  Control *control = data;
  int schedstat = open ("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);

  while (!g_atomic_int_get (&control->stop))
    {
      gint64 queued = bench_thread_queued (schedstat);
      gint64 start = g_get_monotonic_time ();
      gint64 late;

      g_usleep (HEARTBEAT_MS * 1000);
      late = g_get_monotonic_time () - start - HEARTBEAT_MS * 1000;
      late -= MIN (MAX (late, 0), bench_thread_queued (schedstat) - queued);
      control->longest = MAX (control->longest, late);
      if (late > STALL_KEPT_MS * 1000)
        {
          Stall stall = { start, g_get_monotonic_time (), late, 0 };

          g_array_append_val (control->late, stall);
        }
      control->over_frame += late > TARGET_STALL_MS * 1000;
      control->ticks++;
    }
  if (schedstat >= 0)
    close (schedstat);
  return NULL;
}

/* The projector on the wall, on the chief's main loop as the app's projector window is: at
 * each change of the campaign the sector map measures its cards again for what the public is
 * shown, and redraws at the next frame (a frame's changes drawn once) — the public's map in
 * the wall layout at 1920 × 1080 (admiralty_sector_wall_render_background (), as the window's
 * map draws its frames: a change the public sees laid out on a worker, the frame drawn in the
 * last layout found meanwhile and drawn again when the new one is), here onto an image surface
 * instead of the window. Its time on the loop counts within the stall. */
#define PROJECTOR_WIDTH 1920
#define PROJECTOR_HEIGHT 1080
#define FRAME_MS 16
/* GDK_PRIORITY_REDRAW (gdk/gdkevents.h): the bench links no GTK. */
#define PROJECTOR_PRIORITY (G_PRIORITY_HIGH_IDLE + 20)

typedef struct {
  AdmCampaign     *campaign;
  cairo_surface_t *wall;
  GHashTable      *cards;      /* the cards measured for the public at the last change */
  AdmiraltySectorWall *layout; /* the wall layout kept from frame to frame, as the window's */
  guint            frame_id;   /* the next frame's draw, when one is due */
  GArray          *draw_ms;    /* double: a change's measure and a frame's draw */
  gint64           longest_cpu; /* µs of the main thread's CPU in one frame's draw */
  guint            frames;      /* frames drawn */
  guint            laid_out;    /* of them, drawn while the worker laid the map out again:
                                 * the public's map had changed */
  gint64           longest_kept_cpu; /* µs, the most of one drawn in the layout kept */
} Projector;

static void
projector_options (Projector              *projector,
                   AdmiraltySectorOptions *options)
{
  admiralty_sector_options_init (options);
  options->state = adm_campaign_get_state (projector->campaign);
  options->strategy = adm_state_get_strategy (options->state);
  options->audience = ADMIRALTY_SECTOR_AUDIENCE_PUBLIC;
}

static gboolean projector_frame_cb (gpointer data);

/* A layout found on the worker: drawn at the next frame, as the window's map queues a draw. */
static void
projector_ready_cb (gpointer data)
{
  Projector *projector = data;

  if (projector->frame_id == 0)
    projector->frame_id = g_timeout_add_full (PROJECTOR_PRIORITY, FRAME_MS, projector_frame_cb,
                                              projector, NULL);
}

static gboolean
projector_frame_cb (gpointer data)
{
  Projector *projector = data;
  AdmiraltySectorOptions options;
  gint64 start = g_get_monotonic_time (), cpu = bench_thread_cpu ();
  double name_size, label_size, ms;
  cairo_t *cr = cairo_create (projector->wall);
  gboolean own;

  projector->frame_id = 0;
  projector_options (projector, &options);
  admiralty_sector_wall_type (PROJECTOR_WIDTH, PROJECTOR_HEIGHT, &name_size, &label_size);
  own = admiralty_sector_wall_render_background (projector->layout, cr, PROJECTOR_WIDTH,
                                           PROJECTOR_HEIGHT, name_size, label_size,
                                           adm_campaign_get_scenario (projector->campaign),
                                           &options, projector_ready_cb, projector);
  cairo_destroy (cr);
  ms = ms_between (start, g_get_monotonic_time ());
  g_array_append_val (projector->draw_ms, ms);
  cpu = bench_thread_cpu () - cpu;
  projector->longest_cpu = MAX (projector->longest_cpu, cpu);
  projector->frames++;
  if (!own)
    projector->laid_out++;
  else
    projector->longest_kept_cpu = MAX (projector->longest_kept_cpu, cpu);
  return G_SOURCE_REMOVE;
}

static void
projector_changed_cb (AdmCampaign *campaign,
                      Projector   *projector)
{
  AdmiraltySectorOptions options;
  gint64 start = g_get_monotonic_time ();
  double ms;

  projector_options (projector, &options);
  g_clear_pointer (&projector->cards, g_hash_table_unref);
  projector->cards = admiralty_sector_cards_measure (adm_campaign_get_scenario (campaign),
                                                     &options);
  ms = ms_between (start, g_get_monotonic_time ());
  g_array_append_val (projector->draw_ms, ms);
  /* At the priority GTK's frame clock paints at (GDK_PRIORITY_REDRAW): what the loop was
   * handed before the frame is due (a table's message, a flush done, a phone's hand-in) goes
   * first, as in the app's window. */
  if (projector->frame_id == 0)
    projector->frame_id = g_timeout_add_full (PROJECTOR_PRIORITY, FRAME_MS, projector_frame_cb,
                                              projector, NULL);
}

typedef struct {
  AdmCampaign    *campaign;
  AdmPortal      *portal;
  GMainLoop      *loop;
  guint           next_table;
  GArray         *resolve_ms;   /* double: the master's Resolve */
  GArray         *assign_ms;    /* double: an engagement handed to a table */
  GArray         *accept_ms;    /* double: a muster accepted */
  double          start_ms;     /* the muster's start */
  double          waited_s;     /* beyond each session, for the tables and phones */
  guint           finals[16];   /* final marks at each cycle's resolution */
  guint           sheets[16];   /* sheets handed in on phones then */
  guint           engagements;
} Chief;

static void
timed (GArray *into,
       gint64  start)
{
  double ms = ms_between (start, g_get_monotonic_time ());

  g_array_append_val (into, ms);
  master_acted = TRUE;
}

static double memory_mib (const char *field);
static double heap_mib (void);

static void
open_stage (guint n)
{
  if (n < G_N_ELEMENTS (stage_rss))
    {
      stage_rss[n] = memory_mib ("VmRSS:");
      stage_heap[n] = heap_mib ();
    }
  g_mutex_lock (&night_lock);
  stage = n;
  stage_start = g_get_monotonic_time ();
  stage_done = 0;
  g_cond_broadcast (&night_cond);
  g_mutex_unlock (&night_lock);
}

/* The engagements the last cycle brought, handed to the tables in turn. */
static void
hand_out (Chief *chief,
          guint  cycle)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (chief->campaign, cycle);

  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);
      g_autofree char *table = NULL;
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();

      if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT || engagement->table != NULL)
        continue;
      table = adm_table_server_table_name (1 + chief->next_table++ % N_TABLES);
      if (!adm_campaign_assign_table (chief->campaign, engagement->id, table,
                                      g_get_real_time () / G_USEC_PER_SEC, NULL, &error))
        problem ("the chief could not hand %s to %s: %s", engagement->id, table, error->message);
      else
        chief->engagements++;
      timed (chief->assign_ms, start);
    }
}

static gboolean
phones_done (void)
{
  gboolean done;

  g_mutex_lock (&night_lock);
  done = stage_done >= N_PHONES;
  g_mutex_unlock (&night_lock);
  return done;
}

/* The chief master, looking up from his laptop every 50 ms. */
static gboolean
chief_tick (gpointer data)
{
  Chief *chief = data;
  AdmState *state = adm_campaign_get_state (chief->campaign);
  gint64 now = g_get_monotonic_time ();
  guint current;
  gint64 since;

  g_mutex_lock (&night_lock);
  current = stage;
  since = stage_start;
  g_mutex_unlock (&night_lock);

  if (current == 0)
    {
      AdmMuster *muster = adm_state_get_muster (state);
      GPtrArray *entries = adm_muster_get_entries (muster);
      guint accepted = 0;

      /* Each muster accepted as it comes (Accept Muster). */
      for (guint i = 0; i < entries->len; i++)
        {
          const AdmMusterEntry *entry = g_ptr_array_index (entries, i);

          if (entry->status == ADM_MUSTER_HANDED_IN)
            {
              g_autoptr(AdmEvent) event = adm_event_new ("muster-accept",
                                                         g_get_real_time () / G_USEC_PER_SEC);
              g_autoptr(GError) error = NULL;
              gint64 start = g_get_monotonic_time ();

              adm_event_set (event, "admiral", entry->pool->admiral->id);
              if (!adm_campaign_append (chief->campaign, event, &error))
                problem ("the chief could not accept a muster: %s", error->message);
              timed (chief->accept_ms, start);
              return G_SOURCE_CONTINUE;
            }
          accepted += entry->status == ADM_MUSTER_ACCEPTED;
        }
      /* Start the Campaign, once its window is over and every admiral mustered. */
      if (now >= since + minutes_us (MUSTER_MINUTES) && accepted == entries->len && phones_done ())
        {
          g_autoptr(AdmEvent) event = adm_event_new ("muster-start",
                                                     g_get_real_time () / G_USEC_PER_SEC);
          g_autoptr(GError) error = NULL;
          gint64 start = g_get_monotonic_time ();

          if (!adm_campaign_append (chief->campaign, event, &error))
            {
              problem ("the chief could not start the campaign: %s", error->message);
              g_main_loop_quit (chief->loop);
              return G_SOURCE_REMOVE;
            }
          chief->start_ms = ms_between (start, g_get_monotonic_time ());
          master_acted = TRUE;
          adm_portal_set_deadline (chief->portal, g_get_real_time () / G_USEC_PER_SEC +
                                                  minutes_us (CYCLE_MINUTES) / G_USEC_PER_SEC);
          open_stage (1);
        }
      return G_SOURCE_CONTINUE;
    }
  if (current <= n_cycles)
    {
      g_autoptr(GPtrArray) unfought = NULL;
      g_autoptr(GHashTable) drops = NULL;
      g_autoptr(GError) error = NULL;
      AdmPortalFinals finals;
      gint64 start;

      if (now < since + minutes_us (CYCLE_MINUTES))
        return G_SOURCE_CONTINUE;
      /* The session is due: the master resolves once the last cycle's battles are in and
       * every phone has had its say (the figures say how long he waited). */
      unfought = adm_campaign_get_unfought (chief->campaign);
      if (unfought->len > 0 || !phones_done ())
        return G_SOURCE_CONTINUE;
      chief->waited_s += (now - since - minutes_us (CYCLE_MINUTES)) / 1e6;
      adm_portal_count_finals (chief->portal, NULL, &finals);
      chief->finals[current] = finals.final;
      chief->sheets[current] = finals.sheets;
      drops = g_hash_table_new (g_str_hash, g_str_equal);
      start = g_get_monotonic_time ();
      if (!adm_campaign_resolve_cycle_dropping (chief->campaign, NULL,
                                                g_get_real_time () / G_USEC_PER_SEC, drops,
                                                &error))
        {
          problem ("the chief could not resolve cycle %u: %s", current, error->message);
          g_main_loop_quit (chief->loop);
          return G_SOURCE_REMOVE;
        }
      timed (chief->resolve_ms, start);
      hand_out (chief, current);
      adm_portal_set_deadline (chief->portal, g_get_real_time () / G_USEC_PER_SEC +
                                              minutes_us (CYCLE_MINUTES) / G_USEC_PER_SEC);
      open_stage (current + 1);
      return G_SOURCE_CONTINUE;
    }
  /* The last cycle's battles: the night is over once they are in. */
  {
    g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (chief->campaign);

    if (unfought->len == 0)
      {
        g_main_loop_quit (chief->loop);
        return G_SOURCE_REMOVE;
      }
  }
  return G_SOURCE_CONTINUE;
}

static void
saved_cb (gpointer      data,
          const GError *error)
{
  if (error != NULL)
    problem ("the campaign's last save failed: %s", error->message);
  *(gboolean *) data = TRUE;
}

/* --- The figures ------------------------------------------------------------------------ */

static double
percentile (GArray *values,
            double  p)
{
  guint index;

  if (values->len == 0)
    return 0;
  g_array_sort (values, bench_compare_doubles);
  index = (guint) (p * (values->len - 1) + 0.5);
  return g_array_index (values, double, MIN (index, values->len - 1));
}

static double
largest (GArray *values)
{
  return percentile (values, 1.0);
}

/* VmRSS or VmHWM of this process, MiB. */
static double
memory_mib (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, field)) == NULL)
    return 0;
  return g_ascii_strtod (line + strlen (field), NULL) / 1024.0;
}

/* The blocks the allocator has handed out and not had back, every thread's arena and its
 * own mappings, MiB: what the program holds, without the free pages an arena keeps (which the
 * process's RSS counts, and which grow with its threads' arenas: here the phones' and tables'
 * clients, each on a thread of its own). */
static double
heap_mib (void)
{
  struct mallinfo2 info = mallinfo2 ();

  return (info.uordblks + info.hblkhd) / (1024.0 * 1024.0);
}

/* How often @text is the text of an event of @events. */
static guint
count_text (GPtrArray  *events,
            const char *text)
{
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    n += g_strcmp0 (adm_event_get_text (g_ptr_array_index (events, i)), text) == 0;
  return n;
}

/* The campaign opened again from its file, and every hand-in and entry counted in its
 * journal: lost and twice, summed into *@lost and *@twice. */
static void
check_journal (const char *path,
               guint      *lost,
               guint      *twice,
               guint      *sheets_in,
               guint      *entries_in)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  GPtrArray *events;
  AdmJournal *journal;

  *lost = *twice = *sheets_in = *entries_in = 0;
  if (campaign == NULL)
    {
      problem ("the campaign does not open again: %s", error->message);
      (*lost)++;
      return;
    }
  events = adm_campaign_get_events (campaign);
  journal = adm_campaign_get_journal (campaign);
  /* Musters: one each. */
  for (guint k = 0; k < N_PHONES; k++)
    {
      g_autofree char *admiral = g_strdup_printf ("adm-%02u", k);
      g_autofree char *marker = g_strdup_printf ("muster %s", admiral);
      guint n = 0;

      for (guint i = 0; i < events->len; i++)
        {
          AdmEvent *event = g_ptr_array_index (events, i);

          n += g_str_equal (adm_event_get_kind (event), "muster") &&
               g_strcmp0 (adm_event_get (event, "admiral"), admiral) == 0;
        }
      if (n == 0 || !g_hash_table_contains (believed, marker))
        {
          problem ("the muster of %s is lost (%u in the journal)", admiral, n);
          (*lost)++;
        }
      else if (n > 1)
        {
          problem ("the muster of %s is in the journal %u times", admiral, n);
          (*twice) += n - 1;
        }
    }
  /* Sheets: every one a phone was told arrived is in the journal once, and no hand-in twice. */
  for (guint k = 0; k < N_PHONES; k++)
    for (guint cycle = 1; cycle <= n_cycles; cycle++)
      for (guint version = 1; version <= 2; version++)
        {
          g_autofree char *marker = g_strdup_printf ("rehearsal adm-%02u cycle %u sheet %u", k,
                                                     cycle, version);
          g_autofree char *without = g_strdup_printf ("adm-%02u cycle %u", k, cycle);
          guint n = count_text (events, marker);

          *sheets_in += n > 0;
          if (n > 1)
            {
              problem ("the sheet \"%s\" is in the journal %u times", marker, n);
              (*twice) += n - 1;
            }
          else if (n == 0 && g_hash_table_contains (believed, marker))
            {
              problem ("the sheet \"%s\" is lost: his phone was told it arrived", marker);
              (*lost)++;
            }
          else if (n == 0 && version == 1 && !g_hash_table_contains (fleetless, without))
            {
              problem ("the sheet \"%s\" never arrived", marker);
              (*lost)++;
            }
        }
  /* Battles: what each table recorded is what the chief keeps, once. */
  for (guint f = 0; f < fought->len; f++)
    {
      Fought *battle = g_ptr_array_index (fought, f);
      AdmTableReceipt receipt;
      guint in_journal = 0;

      adm_campaign_get_table_receipt (campaign, battle->engagement, &receipt);
      for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
        in_journal += g_strcmp0 (adm_journal_get_entry_engagement (journal, i),
                                 battle->engagement) == 0;
      *entries_in += receipt.kept;
      if (receipt.kept < battle->entries || strcmp (receipt.last, battle->last) != 0 ||
          battle->ended != receipt.ended)
        {
          problem ("%s, engagement %s: %u entries recorded, %u kept by the chief%s",
                   battle->table, battle->engagement, battle->entries, receipt.kept,
                   battle->ended && !receipt.ended ? ", its end lost" : "");
          *lost += battle->entries - MIN (receipt.kept, battle->entries) +
                   (battle->ended && !receipt.ended);
        }
      if (in_journal > receipt.kept)
        {
          problem ("engagement %s: %u entries in the journal for %u kept", battle->engagement,
                   in_journal, receipt.kept);
          *twice += in_journal - receipt.kept;
        }
    }
  {
    g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);

    if (unfought->len > 0)
      {
        g_autofree char *ids = adm_engagements_list_ids (unfought);

        problem ("engagements not fought to their end: %s", ids);
        *lost += unfought->len;
      }
  }
}

static void
parse_options (int    *argc,
               char ***argv)
{
  int cycles = (int) n_cycles, ms = (int) minute_ms;
  GOptionEntry entries[] = {
    { "cycles", 0, 0, G_OPTION_ARG_INT, &cycles, "Cycles in the night (6)", "N" },
    { "minute-ms", 0, 0, G_OPTION_ARG_INT, &ms,
      "Milliseconds of real time for a minute of the game's clock (1000)", "MS" },
    { "keep", 0, 0, G_OPTION_ARG_FILENAME, &keep_path,
      "Keep the campaign played as FILE, to open in Admiralty afterwards", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- a night at full scale");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    g_error ("%s", error->message);
  if (cycles < 1 || cycles > 12)
    g_error ("--cycles takes 1 to 12");
  if (ms < 50 || ms > 60000)
    g_error ("--minute-ms takes 50 to 60000");
  n_cycles = (guint) cycles;
  minute_ms = (guint) ms;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *scenario_path = NULL, *path = NULL, *load = NULL;
  g_autofree char *scenario_xml = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(AdmTableServer) server = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  Phone phones[N_PHONES];
  Table tables[N_TABLES];
  Chief chief = { NULL, };
  Projector projector = { NULL, };
  Heartbeat *beat;
  Control control = { 0, 0, 0, 0, g_array_new (FALSE, FALSE, sizeof (Stall)) };
  GThread *control_id;
  double rss_start, rss_end, peak, night_s, held, heap_start, heap_end;
  guint lost = 0, twice = 0, sheets_in = 0, entries_in = 0, rolls = 0, entries_twice = 0;
  gint64 night_start;

  parse_options (&argc, &argv);
  mallopt (M_ARENA_MAX, ROOM_ARENAS);
  dir = g_dir_make_tmp ("admiralty-rehearsal-XXXXXX", &error);
  if (dir == NULL)
    g_error ("%s", error->message);
  /* The tables keep their battles and dice secrets in the user's folders: here, this run's. */
  {
    const char *vars[] = { "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME",
                           "XDG_CACHE_HOME" };

    for (guint i = 0; i < G_N_ELEMENTS (vars); i++)
      {
        g_autofree char *home = g_build_filename (dir, vars[i], NULL);

        g_mkdir_with_parents (home, 0700);
        g_setenv (vars[i], home, TRUE);
      }
  }
  problems = g_ptr_array_new_with_free_func (g_free);
  poll_ms = g_array_new (FALSE, FALSE, sizeof (double));
  page_ms = g_array_new (FALSE, FALSE, sizeof (double));
  believed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  fleetless = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  bench_entry_clock_init (&entry_clock);
  fought = g_ptr_array_new_with_free_func (fought_free);

  /* The campaign, saved, as the master brings it to the hall. */
  ruleset = adm_ruleset_load ("forcon-2010", &error);
  if (ruleset == NULL)
    g_error ("%s", error->message);
  scenario_xml = night_scenario (ruleset);
  scenario_path = g_build_filename (dir, "rehearsal-scenario.admiralty", NULL);
  path = g_build_filename (dir, "rehearsal.admiralty", NULL);
  if (!g_file_set_contents (scenario_path, scenario_xml, -1, &error))
    g_error ("%s", error->message);
  campaign = adm_campaign_open (scenario_path, &error);
  if (campaign == NULL || !adm_campaign_save (campaign, path, &error))
    g_error ("%s", error->message);
  adm_campaign_set_flush_later (campaign, TRUE);

  /* The chief: the portal with --accept, three tables over TLS on it. */
  portal = adm_portal_new (campaign, &error);
  if (portal == NULL || !adm_portal_start (portal, "127.0.0.1", 0, &error))
    g_error ("%s", error->message);
  adm_portal_set_accept_on_arrival (portal, TRUE);
  server = adm_table_server_new (portal, N_TABLES, &error);
  if (server == NULL)
    g_error ("%s", error->message);
  g_signal_connect (server, "battle-changed", G_CALLBACK (battle_changed_cb), NULL);
  /* The projector, showing the public's map on the wall. */
  projector.campaign = campaign;
  projector.wall = cairo_image_surface_create (CAIRO_FORMAT_RGB24, PROJECTOR_WIDTH,
                                               PROJECTOR_HEIGHT);
  projector.draw_ms = g_array_new (FALSE, FALSE, sizeof (double));
  projector.layout = admiralty_sector_wall_new ();
  g_signal_connect (campaign, "changed", G_CALLBACK (projector_changed_cb), &projector);
  /* On the wall before the night begins, as the window is: its fonts loaded and its first
   * frame drawn (seconds, once, for fontconfig), not counted in the night's figures. */
  projector_changed_cb (campaign, &projector);
  g_source_remove (projector.frame_id);
  projector_frame_cb (&projector);
  while (admiralty_sector_wall_get_pending (projector.layout))
    g_main_context_iteration (NULL, TRUE);
  if (projector.frame_id != 0)
    g_source_remove (projector.frame_id);
  projector_frame_cb (&projector);
  g_array_set_size (projector.draw_ms, 0);
  projector.longest_cpu = 0;
  projector.frames = projector.laid_out = 0;
  chief.campaign = campaign;
  chief.portal = portal;
  chief.loop = g_main_loop_new (NULL, FALSE);
  chief.resolve_ms = g_array_new (FALSE, FALSE, sizeof (double));
  chief.assign_ms = g_array_new (FALSE, FALSE, sizeof (double));
  chief.accept_ms = g_array_new (FALSE, FALSE, sizeof (double));

  g_print ("rehearsal: a night of %u cycles of %u minutes (a minute %u ms), %u admirals' phones "
           "from 127.0.0.2 to 127.0.0.%u, %u tables over TLS, the chief on 127.0.0.1 port %u\n",
           n_cycles, CYCLE_MINUTES, minute_ms, N_PHONES, N_PHONES + 1, N_TABLES,
           adm_portal_get_port (portal));
  rss_start = memory_mib ("VmRSS:");
  heap_start = heap_mib ();
  night_start = g_get_monotonic_time ();
  open_stage (0);
  g_atomic_int_set (&running, N_PHONES + N_TABLES);
  for (guint i = 0; i < N_PHONES; i++)
    {
      g_autofree char *id = g_strdup_printf ("adm-%02u", i);
      g_autoptr(GUri) uri = NULL;

      phones[i] = (Phone) { i, adm_portal_get_link (portal, id), NULL, 0, NULL, NULL, 0, FALSE };
      uri = g_uri_parse (phones[i].link, G_URI_FLAGS_ENCODED, NULL);
      phones[i].host = g_strdup (g_uri_get_host (uri));
      phones[i].port = (guint) g_uri_get_port (uri);
      g_ptr_array_add (threads, g_thread_new ("phone", phone_thread, &phones[i]));
    }
  for (guint t = 0; t < N_TABLES; t++)
    {
      tables[t].index = t;
      tables[t].name = adm_table_server_table_name (t + 1);
      tables[t].link = adm_table_server_get_link (server, tables[t].name);
      g_ptr_array_add (threads, g_thread_new ("table", table_thread, &tables[t]));
    }
  beat = heartbeat_new ();
  control_id = g_thread_new ("control", control_thread, &control);
  g_timeout_add (50, chief_tick, &chief);
  g_main_loop_run (chief.loop);
  night_s = (g_get_monotonic_time () - night_start) / 1e6;

  g_mutex_lock (&night_lock);
  night_over = TRUE;
  g_cond_broadcast (&night_cond);
  g_mutex_unlock (&night_lock);
  /* The threads finish what they are at while the chief still answers. */
  while (g_atomic_int_get (&running) > 0)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));
  g_atomic_int_set (&control.stop, TRUE);
  g_thread_join (control_id);
  rss_end = memory_mib ("VmRSS:");
  heap_end = heap_mib ();
  peak = memory_mib ("VmHWM:");
  g_source_destroy ((GSource *) beat);
  g_signal_handlers_disconnect_by_data (campaign, &projector);
  if (projector.frame_id != 0)
    g_source_remove (projector.frame_id);
  {
    gboolean saved = FALSE;

    adm_campaign_when_saved (campaign, saved_cb, &saved);
    while (!saved)
      g_main_context_iteration (NULL, TRUE);
  }
  adm_portal_stop (portal);

  check_journal (path, &lost, &twice, &sheets_in, &entries_in);
  if (keep_path != NULL)
    {
      g_autoptr(GFile) from = g_file_new_for_path (path);
      g_autoptr(GFile) to = g_file_new_for_path (keep_path);

      if (!g_file_copy (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error))
        problem ("the campaign could not be kept: %s", error->message);
    }
  {
    GHashTableIter iter;
    gpointer times;

    g_hash_table_iter_init (&iter, entry_clock.arrived);
    while (g_hash_table_iter_next (&iter, NULL, &times))
      entries_twice += GPOINTER_TO_UINT (times) > 1;
  }
  for (guint f = 0; f < fought->len; f++)
    rolls += ((Fought *) g_ptr_array_index (fought, f))->rolls;

  /* What the chief's campaign, portal and tables hold at the night's end: the memory given
   * back once they are freed (and the allocator's free pages returned). */
  malloc_trim (0);
  held = heap_mib ();
  g_clear_object (&server);
  g_clear_object (&portal);
  g_clear_object (&campaign);
  malloc_trim (0);
  held -= heap_mib ();
  g_file_get_contents ("/proc/loadavg", &load, NULL, NULL);
  g_print ("the night played in %.0f s (machine load average %.14s)\n", night_s,
           load != NULL ? load : "?");
  g_print ("  musters: %u phones, each accepted as it came (longest %.1f ms); the campaign "
           "started in %.1f ms\n", N_PHONES, largest (chief.accept_ms), chief.start_ms);
  for (guint c = 1; c <= n_cycles; c++)
    g_print ("  cycle %u: %u of %u sheets handed in on phones final at its session\n", c,
             chief.finals[c], chief.sheets[c]);
  if (g_hash_table_size (fleetless) > 0)
    g_print ("  %u times an admiral had no formation left to order\n",
             g_hash_table_size (fleetless));
  g_print ("  %u hand-ins of sheets in the journal; %u drop-offs, %u hand-ins cut off on the "
           "way (musters and sheets): %u sheets sent again once by the page's script with their "
           "client id, %u of them having arrived the first time (answered as then, nothing "
           "handed in again), the rest taken then; %u musters sent again once the same way, %u "
           "of them having arrived the first time\n", sheets_in, n_dropoffs, n_lost_answers,
           n_sent_again, n_sent_again_kept, n_musters_again, n_musters_again_kept);
  g_print ("  %u engagements handed to %u tables, %u battles fought there, %u entries kept by "
           "the chief, %u program dice rolled at the tables\n", chief.engagements, N_TABLES,
           fought->len, entries_in, rolls);
  g_print ("every muster, sheet and entry arrived exactly once (checked against the campaign's "
           "journal, opened again from its file): lost %u, twice %u (target 0: %s)\n", lost,
           twice, bench_verdict (lost + twice, 0));
  if (entries_twice > 0)
    g_print ("  entries the chief was told of twice on the way (not kept twice): %u\n",
             entries_twice);
  g_print ("a phone's poll (status.json), over %u: p50 %.1f ms, p99 %.1f ms (target p99 <= "
           "%.0f ms: %s), max %.1f ms\n", poll_ms->len, percentile (poll_ms, 0.5),
           percentile (poll_ms, 0.99), TARGET_POLL_MS,
           bench_verdict (percentile (poll_ms, 0.99), TARGET_POLL_MS), largest (poll_ms));
  g_print ("  his page and hand-ins, over %u: p50 %.1f ms, p99 %.1f ms\n", page_ms->len,
           percentile (page_ms, 0.5), percentile (page_ms, 0.99));
  g_print ("a table's entry, recorded at the table to kept by the chief, over %u: p50 %.1f ms, "
           "p99 %.1f ms (target p99 <= %.0f ms: %s), max %.1f ms\n", entry_clock.ms->len,
           percentile (entry_clock.ms, 0.5), percentile (entry_clock.ms, 0.99), TARGET_ENTRY_MS,
           bench_verdict (percentile (entry_clock.ms, 0.99), TARGET_ENTRY_MS),
           largest (entry_clock.ms));
  g_print ("  of it, to the chief's server having read it (the table waiting for the answer to "
           "its previous message, the connection and its TLS handshake, the body sent): p50 "
           "%.1f ms, p99 %.1f ms; then at the chief (read and played on a worker, kept on his "
           "main loop): p50 %.1f ms, p99 %.1f ms\n",
           percentile (entry_clock.to_server, 0.5), percentile (entry_clock.to_server, 0.99),
           percentile (entry_clock.at_chief, 0.5), percentile (entry_clock.at_chief, 0.99));
  g_print ("the chief's longest main-loop stall, wall clock, while the room talked to it: "
           "%.1f ms (target <= %.0f ms, one frame: %s; %u of %u probes later than a frame)\n",
           beat->longest / 1000.0, TARGET_STALL_MS,
           bench_verdict (beat->longest / 1000.0, TARGET_STALL_MS), beat->over_frame,
           beat->ticks);
  if (beat->schedstat >= 0)
    g_print ("  the same less the time the chief's thread waited for a CPU (the machine's "
             "load): %.1f ms (target <= %.0f ms: %s); the loop's own CPU work between two "
             "probes at most %.1f ms\n", beat->longest_own / 1000.0, TARGET_STALL_MS,
             bench_verdict (beat->longest_own / 1000.0, TARGET_STALL_MS),
             beat->longest_cpu / 1000.0);
  g_print ("  the longest stalls:");
  for (guint i = 0; i < G_N_ELEMENTS (beat->worst) && beat->worst[i].late > 0; i++)
    g_print ("%s %.1f ms (the loop's own CPU %.1f ms, waiting for a CPU %.1f ms, off the CPU "
             "%.1f ms)", i > 0 ? ";" : "", beat->worst[i].late / 1000.0,
             beat->worst[i].cpu / 1000.0, beat->worst[i].queued / 1000.0,
             MAX (0, beat->worst[i].late - beat->worst[i].cpu - beat->worst[i].queued) / 1000.0);
  g_print ("\n");
  g_print ("  the control, a thread beside the loop that only sleeps %d ms at a time: woken at "
           "most %.1f ms late less its waits for a CPU, %u of %u times later than a frame "
           "(this computer's own lateness under the night's load, in every figure above)\n",
           HEARTBEAT_MS, control.longest / 1000.0, control.over_frame, control.ticks);
  {
    gint64 own = longest_own_stall (beat->stalls, control.late);

    g_print ("  the longest stall of the loop's own, less its waits for a CPU and less the "
             "control's lateness at the same time: %.1f ms (target <= %.0f ms: %s)\n",
             own / 1000.0, TARGET_STALL_MS, bench_verdict (own / 1000.0, TARGET_STALL_MS));
  }
  g_array_unref (control.late);
  g_print ("  the projector (the public's map on the wall, %d x %d, redrawn at the frame after "
           "each change as the app's projector window does, on the chief's loop): %u cards "
           "measured and frames drawn, p50 %.1f ms, longest %.1f ms; the most CPU one frame took "
           "%.1f ms\n", PROJECTOR_WIDTH, PROJECTOR_HEIGHT, projector.draw_ms->len,
           percentile (projector.draw_ms, 0.5), largest (projector.draw_ms),
           projector.longest_cpu / 1000.0);
  g_print ("    of its %u frames, %u drawn while the worker laid the map out again (what the "
           "public is shown had changed; %u layouts found there, none on the loop), the rest "
           "drawn in their own layout: the most CPU one of those took %.1f ms\n",
           projector.frames, projector.laid_out,
           admiralty_sector_wall_get_layouts (projector.layout) -
           admiralty_sector_wall_get_foreground_layouts (projector.layout),
           projector.longest_kept_cpu / 1000.0);
  g_print ("  the master's own actions, timed apart: a cycle resolved longest %.1f ms, an "
           "engagement handed to a table longest %.1f ms; the longest stall with one of them "
           "%.1f ms; he waited %.1f s in all past the sessions for the tables and phones\n",
           largest (chief.resolve_ms), largest (chief.assign_ms),
           beat->longest_master / 1000.0, chief.waited_s);
  {
    g_autoptr(GString) heaps = g_string_new (NULL);
    g_autoptr(GString) rsses = g_string_new (NULL);

    for (guint n = 1; n <= n_cycles + 1 && n < G_N_ELEMENTS (stage_rss); n++)
      {
        g_string_append_printf (heaps, "%s%.1f", n > 1 ? ", " : "", stage_heap[n]);
        g_string_append_printf (rsses, "%s%.1f", n > 1 ? ", " : "", stage_rss[n]);
      }
    g_print ("memory in use (the allocator's blocks handed out, the chief's and the phones' and "
             "tables' clients'): %.1f MiB at the start, %.1f MiB as cycle 1 began (every phone "
             "and table running), %.1f MiB at the end (target: the night adds at most %.0f MiB "
             "to cycle 1's, memory bounded: %s); as each cycle began (and the last battles): "
             "%s MiB; the chief's campaign, portal and tables held %.1f MiB of it at the end\n",
             heap_start, stage_heap[1], heap_end, TARGET_GROWTH_MIB,
             bench_verdict (heap_end - stage_heap[1], TARGET_GROWTH_MIB), heaps->str, held);
    g_print ("  the process's RSS (with the free pages every thread's arena keeps): %.1f MiB at "
             "the start, %.1f MiB as cycle 1 began, %.1f MiB at the end, peak %.1f MiB; as each "
             "cycle began: %s MiB\n", rss_start, stage_rss[1], rss_end, peak, rsses->str);
  }
  for (guint i = 0; i < problems->len; i++)
    g_printerr ("problem: %s\n", (char *) g_ptr_array_index (problems, i));

  for (guint i = 0; i < N_PHONES; i++)
    {
      g_free (phones[i].link);
      g_free (phones[i].host);
      g_free (phones[i].key);
    }
  for (guint t = 0; t < N_TABLES; t++)
    {
      g_free (tables[t].name);
      g_free (tables[t].link);
    }
  g_source_unref ((GSource *) beat);
  g_main_loop_unref (chief.loop);
  g_array_unref (chief.resolve_ms);
  g_array_unref (chief.assign_ms);
  g_array_unref (chief.accept_ms);
  g_array_unref (projector.draw_ms);
  g_clear_pointer (&projector.cards, g_hash_table_unref);
  cairo_surface_destroy (projector.wall);
  admiralty_sector_wall_free (projector.layout);
  bench_entry_clock_clear (&entry_clock);
  bench_remove_tree (dir);
  return lost + twice > 0 ? 1 : 0;
}
