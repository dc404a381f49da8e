/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-portal.c: the admirals' portal against a libsoup client on 127.0.0.1, on a
 * free port. The Komarr campaign is played for six cycles from
 * scenarios/komarr-campaign.sheets/, as test-campaign-cycles.c plays it, then:
 *  - F-STRAT-3: every admiral's page, status and report PDFs (read back with pdftotext) name
 *    each formation he commands, and no word of a hidden formation his side has not met —
 *    its name, id or ships — the leak check of test-view-leaks.c over every portal URL;
 *  - security: a wrong, foreign, revoked or missing token and path tricks (dot segments,
 *    encoded slashes and dots, case) all get one identical 404; the tokens' side file is
 *    0600 and the campaign file holds no token; a POST needs the page's CSRF token, once;
 *    an oversized body is refused before it is read;
 *  - the sheet from the phone: refused by the engine with the same words for a hidden
 *    formation's id as for an unknown one; a good one kept pending, signalled, and accepted
 *    into the campaign's journal by the master;
 *  - F-ECM-2: a phase of a battle his side is not in changes nothing he can observe — his
 *    page, its version, how soon his report's PDF is answered;
 *  - hostile names (an admiral, a formation, a ship called "<script>…") are text;
 *  - Accept-Language: ru gives the page in Russian. */

#include "config.h"

#include <errno.h>
#include <libintl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include <cairo-pdf.h>
#include <qrencode.h>

#include "admiralty-engine.h"
#include "adm-doc-render.h"
#include "admiralty-faction-symbol.h"
#include "adm-file.h"
#include "adm-portal.h"
#include "adm-portal-page.h"
#include "adm-portal-tokens.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "portal-helpers.h"
#include "text-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define N_CYCLES 6

#define token_of(portal, id) adm_portal_tokens_get (adm_portal_get_tokens (portal), (id))

static char *work_dir;
static AdmCampaign *komarr;   /* after six cycles, saved in work_dir */
static AdmPortal *portal;

/* Playing the campaign */

static AdmCampaign *
played_komarr (const char *save_path,
               const char *scenario_text)
{
  g_autofree char *copy = NULL;

  if (scenario_text != NULL)
    {
      g_autoptr(GError) error = NULL;

      copy = g_build_filename (work_dir, "hostile.admiralty", NULL);
      g_assert_true (g_file_set_contents (copy, scenario_text, -1, &error));
      g_assert_no_error (error);
    }
  return komarr_play_saved (copy, N_CYCLES, T0, save_path);
}

/* The client: libsoup's, in a thread of its own while this one runs the server
 * (portal-helpers.h). */

/* GET @url; the body as text and the status in @status. */
static char *
get (const char *url,
     const char *language,
     guint      *status)
{
  PortalRequest request = { .method = "GET", .url = url, .language = language };

  return portal_request_fetch (&request, status);
}

/* POST @body to @url: the answer as it comes, a 303 not followed; its Location, if any, in
 * @location. */
static char *
post_to (const char  *url,
         const char  *body,
         guint       *status,
         char       **location)
{
  g_autoptr(GBytes) bytes = g_bytes_new (body, strlen (body));
  PortalRequest request = { .method = "POST", .url = url, .body = bytes, .no_redirect = TRUE,
                            .content_type = "application/x-www-form-urlencoded" };
  char *text;

  portal_request_run (&request);
  *status = request.status;
  if (location != NULL)
    *location = g_strdup (soup_message_headers_get_one (request.headers, "Location"));
  text = portal_request_text (&request);
  portal_request_clear (&request);
  return text;
}

static char *
post (const char *url,
      const char *body,
      guint      *status)
{
  return post_to (url, body, status, NULL);
}

/* A raw request, path as given, nothing normalised by a client library: the status line,
 * the headers but Date, and the body, as one text (portal_raw_request ()). */
static char *
raw_request (const char *head)
{
  return portal_raw_request (portal, head);
}

static char *
raw_get (const char *path)
{
  return portal_raw_get (portal, path);
}

/* Words */

static char *
escaped (const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);

  adm_portal_html_escape (out, text);
  return g_strdup (out->str);
}

/* pdftotext's words of @pdf, white space squeezed. */
static char *
pdf_text_of (GBytes *pdf)
{
  g_autofree char *path = g_build_filename (work_dir, "report.pdf", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, g_bytes_get_data (pdf, NULL),
                                      (gssize) g_bytes_get_size (pdf), &error));
  g_assert_no_error (error);
  return pdf_text (path);
}

static char *
link_of (const char *admiral_id)
{
  return portal_loopback_link (adm_portal_get_link (portal, admiral_id));
}

/* F-STRAT-3 */

/* Nothing of hidden @formation in @text: name, id, ships' names. */
static void
assert_formation_absent (const char         *text,
                         const AdmFormation *formation,
                         const char         *where)
{
  g_autofree char *name = escaped (formation->name);

  assert_lacks (text, formation->name, where);
  assert_lacks (text, name, where);
  assert_lacks (text, formation->id, where);
  for (guint s = 0; s < formation->ships->len; s++)
    assert_lacks (text, ((AdmShip *) g_ptr_array_index (formation->ships, s))->name, where);
}

static void
test_each_admiral (void)
{
  AdmScenario *scenario = adm_campaign_get_scenario (komarr);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (komarr));
  guint current = adm_strategy_get_cycle (strategy_of (komarr));
  guint checked_hidden = 0;

  g_assert_cmpuint (current, ==, N_CYCLES + 1);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *link = link_of (admiral->id);
      g_autofree char *status_url = g_strconcat (link, "status.json", NULL);
      g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *page = NULL;
      g_autofree char *name = escaped (admiral->name);
      guint status = 0;

      page = get (link, NULL, &status);
      g_assert_cmpuint (status, ==, 200);
      assert_contains (page, name, admiral->id);
      /* Every formation he commands, on his cards and in his order form. */
      for (guint f = 0; f < formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (formations, f);
          g_autofree char *formation_name = escaped (formation->name);

          if (formation->admiral != NULL && g_str_equal (formation->admiral->id, admiral->id))
            assert_contains (page, formation_name, admiral->id);
        }
      g_ptr_array_add (texts, g_steal_pointer (&page));
      g_ptr_array_add (texts, get (status_url, NULL, &status));
      g_assert_cmpuint (status, ==, 200);
      for (guint cycle = 1; cycle < current; cycle++)
        {
          g_autofree char *url = g_strdup_printf ("%sreport-%u.pdf", link, cycle);
          PortalRequest request = { .method = "GET", .url = url };
          g_autofree char *text = NULL;

          portal_request_run (&request);
          g_assert_cmpuint (request.status, ==, 200);
          g_assert_cmpstr (soup_message_headers_get_content_type (request.headers, NULL), ==,
                           "application/pdf");
          text = pdf_text_of (request.response);
          portal_request_clear (&request);
          assert_contains (text, admiral->name, url);
          g_ptr_array_add (texts, g_steal_pointer (&text));
        }
      /* The hidden formations his side has not met: not a word of them anywhere. */
      for (guint f = 0; f < formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (formations, f);

          if (adm_strategy_formation_visible (strategy_of (komarr), formation, admiral->faction))
            continue;
          checked_hidden++;
          for (guint t = 0; t < texts->len; t++)
            assert_formation_absent (g_ptr_array_index (texts, t), formation, admiral->id);
        }
    }
  /* Autumn Screen and the Komarran cruisers stay hidden from most sides after six cycles. */
  g_assert_cmpuint (checked_hidden, >=, admirals->len);
}

/* Security */

static void
test_not_found (void)
{
  g_autofree char *link = link_of ("vorkosigan");
  const char *token = token_of (portal, "vorkosigan");
  g_autofree char *wrong = adm_portal_random_secret ();
  g_autofree char *upper = g_ascii_strup (token, -1);
  g_autofree char *reference = NULL;
  g_autofree char *own = NULL;
  g_autofree char *other_dir = g_build_filename (work_dir, "other", NULL);
  g_autofree char *other_path = g_build_filename (other_dir, "komarr.admiralty", NULL);
  g_autofree char *serialized = NULL;
  g_autoptr(AdmCampaign) foreign_campaign = NULL;
  g_autoptr(AdmPortal) foreign = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;
  char *paths[32];
  guint n = 0;

  /* Another campaign's portal: its own tokens. */
  g_assert_cmpint (g_mkdir_with_parents (other_dir, 0700), ==, 0);
  serialized = adm_campaign_serialize (komarr, &length);
  foreign_campaign = adm_campaign_load_memory (serialized, length, "other", &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (foreign_campaign, other_path, &error));
  g_assert_no_error (error);
  foreign = adm_portal_new (foreign_campaign, &error);
  g_assert_no_error (error);

  own = g_strdup_printf ("/a/%s/", token);
  reference = raw_get ("/a/00000000000000000000000000000000/");
  assert_contains (reference, "HTTP/1.1 404", "a wrong token");
  {
    g_autofree char *reply = raw_get (own);

    g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 200"));
  }

  paths[n++] = g_strdup_printf ("/a/%s/", wrong);
  paths[n++] = g_strdup_printf ("/a/%s/", token_of (foreign, "vorkosigan"));
  paths[n++] = g_strdup_printf ("/a/%s/", upper);
  paths[n++] = g_strdup_printf ("/a/%.31s/", token);
  paths[n++] = g_strdup_printf ("/a/%sf/", token);
  paths[n++] = g_strdup_printf ("/a/%s", token);
  paths[n++] = g_strdup ("/a/");
  paths[n++] = g_strdup ("/");
  paths[n++] = g_strdup ("/etc/passwd");
  /* Dot segments are resolved (RFC 3986) before the token is read: a path that climbs out of
   * his own link lands on a wrong one. */
  paths[n++] = g_strdup_printf ("/a/%s/../%s/", token, wrong);
  paths[n++] = g_strdup_printf ("/a/%s/./../../a/%s/", token, wrong);
  paths[n++] = g_strdup_printf ("/a/%s/../../etc/passwd", token);
  paths[n++] = g_strdup_printf ("/a/%s/%%2e%%2e/%%2e%%2e/etc/passwd", token);
  paths[n++] = g_strdup_printf ("/a/%s%%2F", wrong);
  paths[n++] = g_strdup_printf ("/a%%2F%s%%2F", wrong);
  paths[n++] = g_strdup_printf ("/a/%s/%%2e%%2e/%s/", token, wrong);
  paths[n++] = g_strdup_printf ("/a/%s/report-0.pdf", token);
  paths[n++] = g_strdup_printf ("/a/%s/report-01.pdf", token);
  paths[n++] = g_strdup_printf ("/a/%s/report-7.pdf", token);
  paths[n++] = g_strdup_printf ("/a/%s/report-99999999999999999999.pdf", token);
  paths[n++] = g_strdup_printf ("/a/%s/sheet", token);        /* GET: only POST takes a sheet */
  paths[n++] = g_strdup_printf ("/a/%s/index.html", token);
  paths[n++] = g_strdup_printf ("/a/%s//", token);
  paths[n++] = g_strdup_printf ("/a/%s\\", token);
  g_assert_cmpuint (n, <=, G_N_ELEMENTS (paths));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *reply = raw_get (paths[i]);

      if (!g_str_equal (reply, reference))
        g_error ("%s: not the one 404:\n%s\n—— the 404 is ——\n%s", paths[i], reply, reference);
      g_free (paths[i]);
    }

  /* Encoded dot segments, NULs, bad percent-encoding, long paths: libsoup's own checks answer
   * some of them 400 before the portal's handler, and the portal turns that 400 into the one
   * 404 — the same whether the token is his or made up. */
  {
    g_autofree char *long_tail = g_strnfill (8000, 'x');
    const char *tricks[] = { "%2f..%2f", "/%2e%2e%2f%2e%2e%2f", "/%2e%2e", "/%00", "%00",
                             "%2F%2e%2e%2F", "/..%2f..%2fetc%2fpasswd",
                             "/report-1.pdf%00", "/%c0%ae%c0%ae/", "/\xff",
                             long_tail };

    for (guint i = 0; i < G_N_ELEMENTS (tricks); i++)
      {
        g_autofree char *with_own = g_strconcat ("/a/", token, tricks[i], NULL);
        g_autofree char *with_wrong = g_strconcat ("/a/", wrong, tricks[i], NULL);
        g_autofree char *own_reply = raw_get (with_own);
        g_autofree char *wrong_reply = raw_get (with_wrong);

        if (!g_str_equal (wrong_reply, reference))
          g_error ("%.80s: not the one 404:\n%s", with_wrong, wrong_reply);
        if (!g_str_equal (own_reply, reference) && !g_str_has_prefix (own_reply, "HTTP/1.1 200"))
          g_error ("%.80s: neither his page nor the one 404:\n%s", with_own, own_reply);
      }
  }

  /* What libsoup cannot parse at all it answers itself, before any handler runs and with no
   * way for the portal to change it (docs/formats.md): a bare 400 for bad percent-encoding
   * ("%zz", a lone "%", in the path or the query), a request line that is no request line or
   * a Host naming a path — the same for his token and a made-up one, with nothing of a page
   * in it; headers over 64 KiB drop the connection. */
  {
    g_autofree char *huge = g_strnfill (70 * 1024, 'x');
    /* Before the token, after it. */
    const char *heads[][2] = { { "GET /a/", "/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" },
                               { "GET /a/", "/% HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" },
                               { "GET /a/", "/?x=%zz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" },
                               { "GET /a/", "%2 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" },
                               { "GET /a/", "/ x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" },
                               { "GET /a/", "/ HTTP/1.1\r\nHost: 127.0.0.1/a\r\n\r\n" },
                               { "GET /a/", NULL } };

    for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
      {
        g_autofree char *tail = heads[i][1] != NULL
                                  ? g_strdup (heads[i][1])
                                  : g_strdup_printf ("/%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                                                     huge);
        g_autofree char *own_head = g_strconcat (heads[i][0], token, tail, NULL);
        g_autofree char *wrong_head = g_strconcat (heads[i][0], wrong, tail, NULL);
        g_autofree char *own_reply = raw_request (own_head);
        g_autofree char *wrong_reply = raw_request (wrong_head);

        if (heads[i][1] == NULL)
          {
            /* Over 64 KiB: the connection is dropped, answered or not. */
            g_assert_true (*own_reply == '\0' || g_str_has_prefix (own_reply, "HTTP/1.1 400"));
            g_assert_true (*wrong_reply == '\0' || g_str_has_prefix (wrong_reply, "HTTP/1.1 400"));
            continue;
          }
        if (!g_str_has_prefix (own_reply, "HTTP/1.1 400") &&
            !g_str_has_prefix (own_reply, "HTTP/1.0 400"))
          g_error ("%.60s: not libsoup's 400:\n%.300s", own_head, own_reply);
        g_assert_cmpstr (own_reply, ==, wrong_reply);
        assert_lacks (own_reply, "Vorkosigan", "libsoup's 400");
      }
  }

  /* libsoup decodes %XX and resolves dot segments before the portal reads the path: an
   * encoded path that still stands for his own link is his own page, nothing else. */
  {
    g_autofree char *encoded = g_strdup_printf ("/a/%s%%2F", token);
    g_autofree char *dotted = g_strdup_printf ("/a/%s/x/%%2e%%2e/", token);
    g_autofree char *reply = raw_get (encoded);
    g_autofree char *dotted_reply = raw_get (dotted);
    g_autofree char *name = escaped ("Adm. Aral Vorkosigan");

    g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 200"));
    assert_contains (reply, name, encoded);
    g_assert_true (g_str_has_prefix (dotted_reply, "HTTP/1.1 200"));
    assert_contains (dotted_reply, name, dotted);
  }

  /* Revoked: his old link is dead, the new one works. */
  g_assert_true (adm_portal_reissue (portal, "vorkosigan", &error));
  g_assert_no_error (error);
  {
    g_autofree char *reply = raw_get (own);
    g_autofree char *fresh = g_strdup_printf ("/a/%s/",
                                              token_of (portal, "vorkosigan"));
    g_autofree char *fresh_reply = raw_get (fresh);

    g_assert_cmpstr (reply, ==, reference);
    g_assert_true (g_str_has_prefix (fresh_reply, "HTTP/1.1 200"));
  }
  g_free (link);
  link = NULL;
}

static void
test_tokens_file (void)
{
  g_autofree char *campaign_path = g_build_filename (work_dir, "komarr.admiralty", NULL);
  g_autofree char *tokens_path = adm_portal_tokens_path_for (campaign_path);
  g_autofree char *expected = g_build_filename (work_dir, ".komarr.admiralty.portal-tokens",
                                                NULL);
  g_autofree char *campaign_text = NULL;
  g_autofree char *tokens_text = NULL;
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpstr (tokens_path, ==, expected);
  g_assert_cmpint (g_stat (tokens_path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_true (g_file_get_contents (tokens_path, &tokens_text, NULL, &error));
  g_assert_no_error (error);
  assert_contains (tokens_text, token_of (portal, "radovan"), tokens_path);
  g_assert_true (g_file_get_contents (campaign_path, &campaign_text, NULL, &error));
  g_assert_no_error (error);
  assert_lacks (campaign_text, token_of (portal, "radovan"), campaign_path);
}

/* The CSRF token of a page. */
static char *
csrf_of (const char *page)
{
  const char *start = strstr (page, "name=\"csrf\" value=\"");
  g_autofree char *value = NULL;

  g_assert_nonnull (start);
  start += strlen ("name=\"csrf\" value=\"");
  value = g_strndup (start, ADM_PORTAL_TOKEN_CHARS);
  g_assert_cmpint (start[ADM_PORTAL_TOKEN_CHARS], ==, '"');
  return g_steal_pointer (&value);
}

/* POSTs @fields (url-encoded, without the CSRF token) to his page's form @action ("sheet",
 * "final") after loading the page for its token. POST/Redirect/GET: what is taken or refused
 * sends the browser to his page, relative to the form's URL (nothing in it the request did not
 * have), and that page is returned; any other answer is returned as it came. */
static char *
post_form (const char *admiral_id,
           const char *action,
           const char *fields,
           guint      *status)
{
  g_autofree char *link = link_of (admiral_id);
  g_autofree char *url = g_strconcat (link, action, NULL);
  g_autofree char *page = get (link, NULL, status);
  g_autofree char *csrf = csrf_of (page);
  g_autofree char *body = g_strdup_printf ("csrf=%s&%s", csrf, fields);
  g_autofree char *answer = NULL, *location = NULL;
  guint page_status = 0;
  char *after;

  g_assert_cmpuint (*status, ==, 200);
  answer = post_to (url, body, status, &location);
  if (*status != SOUP_STATUS_SEE_OTHER)
    return g_steal_pointer (&answer);
  g_assert_cmpstr (location, ==, "./");
  after = get (link, NULL, &page_status);
  g_assert_cmpuint (page_status, ==, 200);
  return after;
}

static char *
post_sheet (const char *admiral_id,
            const char *fields,
            guint      *status)
{
  return post_form (admiral_id, "sheet", fields, status);
}

/* The refusal message of a refused page. */
static char *
refusal_of (const char *page)
{
  const char *start = strstr (page, "<p class=\"msg err\" role=\"status\">");
  const char *end;

  g_assert_nonnull (start);
  start += strlen ("<p class=\"msg err\" role=\"status\">");
  end = strstr (start, "</p>");
  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start));
}

static const char *sheet_admiral;

static void
count_cb (AdmPortal  *self,
          const char *admiral_id,
          gpointer    data)
{
  g_assert_cmpstr (admiral_id, ==, sheet_admiral);
  (*(guint *) data)++;
}

static const AdmFormation *
hidden_from (const AdmAdmiral *admiral)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (komarr));

  for (guint f = 0; f < formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, f);

      if (!adm_strategy_formation_visible (strategy_of (komarr), formation, admiral->faction))
        return formation;
    }
  return NULL;
}

static const AdmFormation *
first_of (const char *admiral_id)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (komarr));

  for (guint f = 0; f < formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, f);

      if (formation->admiral != NULL && g_str_equal (formation->admiral->id, admiral_id))
        return formation;
    }
  return NULL;
}

/* An admiral who commands a formation and whose side has not met some hidden formation. */
static const AdmAdmiral *
blind_admiral (void)
{
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (komarr));

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);

      if (first_of (admiral->id) != NULL && hidden_from (admiral) != NULL)
        return admiral;
    }
  g_assert_not_reached ();
}

static void
test_sheet (void)
{
  const AdmAdmiral *admiral = blind_admiral ();
  const char *id = admiral->id;
  const AdmFormation *hidden = hidden_from (admiral);
  const AdmFormation *his = first_of (id);
  guint cycle = adm_strategy_get_cycle (strategy_of (komarr));
  g_autofree char *link = link_of (id);
  g_autofree char *sheet_url = g_strconcat (link, "sheet", NULL);
  g_autofree char *fields = NULL, *page = NULL, *hidden_reason = NULL, *unknown_reason = NULL;
  g_autofree char *hidden_target = NULL, *unknown_target = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0, received = 0;
  gulong handler;

  sheet_admiral = id;
  g_test_message ("hidden from %s: %s", id, hidden->id);

  /* F-STRAT-3: a hidden formation's id as the formation ordered, and as a target, is refused
   * in the very words of an unknown id. */
  fields = g_strdup_printf ("f0=%s&o0=defend", hidden->id);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  hidden_reason = refusal_of (page);
  g_free (fields);
  g_free (page);
  fields = g_strdup ("f0=no-such-formation&o0=defend");
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  unknown_reason = refusal_of (page);
  {
    g_autoptr(GString) a = g_string_new (hidden_reason);
    g_autoptr(GString) b = g_string_new (unknown_reason);

    g_string_replace (a, hidden->id, "ID", 0);
    g_string_replace (b, "no-such-formation", "ID", 0);
    g_test_message ("refused: %s", a->str);
    g_assert_cmpstr (a->str, ==, b->str);
  }
  g_free (fields);
  g_free (page);
  fields = g_strdup_printf ("f0=%s&o0=attack&t0=%s", his->id, hidden->id);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  hidden_target = refusal_of (page);
  g_free (fields);
  g_free (page);
  fields = g_strdup_printf ("f0=%s&o0=attack&t0=no-such-formation", his->id);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  unknown_target = refusal_of (page);
  {
    g_autoptr(GString) a = g_string_new (hidden_target);
    g_autoptr(GString) b = g_string_new (unknown_target);

    g_string_replace (a, hidden->id, "ID", 0);
    g_string_replace (b, "no-such-formation", "ID", 0);
    g_test_message ("refused: %s", a->str);
    g_assert_cmpstr (a->str, ==, b->str);
  }
  g_assert_null (adm_portal_get_sheet (portal, id));

  /* CSRF: none, or one made up, is refused. */
  g_free (page);
  page = post (sheet_url, "f0=x&o0=defend", &status);
  g_assert_cmpuint (status, ==, 403);
  g_free (page);
  page = post (sheet_url, "csrf=00000000000000000000000000000000&o0=defend", &status);
  g_assert_cmpuint (status, ==, 403);

  /* A control character in the instructions: the file cannot keep it, so the sheet is
   * refused as it is handed in, in words of its own — never "Received", nor that the master
   * refused it. */
  g_free (fields);
  g_free (page);
  fields = g_strdup_printf ("f0=%s&o0=defend&i0=Hold%%01the+line", his->id);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_null (adm_portal_get_sheet (portal, id));
  assert_contains (page, "the instructions hold a character that is not a letter, digit, "
                   "space or sign (U+0001)", "after a control character");
  g_assert_null (strstr (page, "Received at"));
  g_assert_null (strstr (page, "refused by the master"));

  /* A good sheet: pending, signalled, then accepted into the journal. */
  handler = g_signal_connect (portal, "sheet-received", G_CALLBACK (count_cb), &received);
  g_free (fields);
  g_free (page);
  fields = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+the+line+%%3Cb%%3E", his->id);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_signal_handler_disconnect (portal, handler);
  g_assert_cmpuint (received, ==, 1);
  g_assert_nonnull (adm_portal_get_sheet (portal, id));
  g_assert_cmpint (adm_portal_get_sheet (portal, id)->status, ==,
                   ADM_PORTAL_SHEET_PENDING);
  g_assert_cmpint (adm_portal_get_sheet (portal, id)->cycle, ==, cycle);
  g_assert_null (adm_strategy_get_sheet (strategy_of (komarr), cycle, id));
  assert_contains (page, "waiting for the master", "after the POST");
  g_assert_true (adm_portal_accept (portal, id, &error));
  g_assert_no_error (error);
  g_assert_nonnull (adm_strategy_get_sheet (strategy_of (komarr), cycle, id));
  g_assert_cmpint (adm_portal_get_sheet (portal, id)->status, ==,
                   ADM_PORTAL_SHEET_ACCEPTED);
  g_free (page);
  page = get (link, NULL, &status);
  assert_contains (page, "accepted by the master", "after accepting");
  g_assert_false (adm_portal_accept (portal, id, &error));
  g_assert_error (error, ADM_PORTAL_ERROR, ADM_PORTAL_ERROR_NO_SHEET);
}

/* A formation @admiral commands, of two ships or more, in a sector (not in transit). */
static const AdmFormation *
detachable_of (const AdmAdmiral *admiral)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (komarr));

  for (guint f = 0; f < formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, f);
      const AdmFormationPosition *pos = adm_strategy_get_position (strategy_of (komarr),
                                                                   formation->id);

      if (formation->admiral == admiral && formation->ships->len >= 2 && pos != NULL &&
          pos->towards == NULL)
        return formation;
    }
  return NULL;
}

/* The refusal of a detach (or form) order of @his naming @ship, with @ship replaced by "ID". */
static char *
ship_refusal (const AdmAdmiral   *admiral,
              const AdmFormation *his,
              const char         *kind,
              const char         *ship)
{
  g_autofree char *fields = g_strdup_printf ("f0=%s&a0=%s&N0=Probe&x0s0=%s", his->id, kind,
                                             ship);
  guint status = 0;
  g_autofree char *page = post_sheet (admiral->id, fields, &status);
  g_autofree char *reason = NULL;
  GString *text;

  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  reason = refusal_of (page);
  text = g_string_new (reason);
  g_string_replace (text, ship, "ID", 0);
  return g_string_free (text, FALSE);
}

/* F-STRAT-3: a detach or form order naming a ship of a formation his side has not met is
 * refused in the words of a ship that does not exist — through the portal and through the
 * engine's own check of a sheet, which the CLI's import shares — and tells nothing of the
 * ship, not even its name; the id of a formation he makes never tells of a hidden one named
 * alike (no "-2"). */
static void
test_ship_oracle (void)
{
  const AdmAdmiral *admiral = blind_admiral ();
  const AdmFormation *hidden = hidden_from (admiral);
  const AdmShip *ship = g_ptr_array_index (hidden->ships, 0);
  const AdmFormation *his = detachable_of (admiral);
  guint status = 0;

  g_assert_nonnull (his);
  g_test_message ("%s detaches %s (of hidden %s) from %s", admiral->id, ship->id, hidden->id,
                  his->id);
  for (guint k = 0; k < 2; k++)
    {
      const char *kind = k == 0 ? "detach" : "form";
      g_autofree char *of_hidden = ship_refusal (admiral, his, kind, ship->id);
      g_autofree char *of_none = ship_refusal (admiral, his, kind, "no-such-ship");

      g_test_message ("refused: %s", of_hidden);
      g_assert_cmpstr (of_hidden, ==, of_none);
      assert_lacks (of_hidden, ship->name, "the refusal");
    }

  /* The engine's check, as the CLI's import of a sheet file uses it. */
  {
    AdmState *state = adm_campaign_get_state (komarr);
    guint cycle = adm_strategy_get_cycle (strategy_of (komarr));
    char *messages[2] = { NULL, NULL };
    GQuark domains[2];
    int codes[2];

    for (guint k = 0; k < 2; k++)
      {
        g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func (
          (GDestroyNotify) adm_event_unref);
        AdmEvent *sheet = adm_event_new ("sheet", T0);
        AdmEvent *order = adm_event_new ("order", T0);
        g_autoptr(GError) error = NULL;
        GString *text;

        adm_event_set_int (sheet, "cycle", cycle);
        adm_event_set (sheet, "admiral", admiral->id);
        adm_event_set (sheet, "received", "2026-11-22T18:00:00Z");
        adm_event_set (sheet, "late", "false");
        g_ptr_array_add (events, sheet);
        adm_event_set_line (order, 1);
        adm_event_set (order, "admiral", admiral->id);
        adm_event_set_int (order, "cycle", cycle);
        adm_event_set (order, "formation", his->id);
        adm_event_set (order, "order", "detach");
        adm_event_set (order, "new-formation", "probe");
        adm_event_set (order, "name", "Probe");
        adm_event_set (order, "ships", k == 0 ? ship->id : "no-such-ship");
        g_ptr_array_add (events, order);
        g_assert_false (adm_order_sheet_check (events, state, "sheet", &error));
        g_assert_nonnull (error);
        text = g_string_new (error->message);
        g_string_replace (text, k == 0 ? ship->id : "no-such-ship", "ID", 0);
        messages[k] = g_string_free (text, FALSE);
        domains[k] = error->domain;
        codes[k] = error->code;
      }
    g_test_message ("engine: %s", messages[0]);
    g_assert_cmpstr (messages[0], ==, messages[1]);
    g_assert_cmpuint (domains[0], ==, domains[1]);
    g_assert_cmpint (codes[0], ==, codes[1]);
    assert_lacks (messages[0], ship->name, "the engine's refusal");
    g_free (messages[0]);
    g_free (messages[1]);
  }

  /* A formation detached under the hidden one's name: an id of his own, no "-2". */
  {
    g_autofree char *fields = NULL;
    g_autofree char *page = NULL;
    g_autofree char *name = g_uri_escape_string (hidden->name, NULL, FALSE);
    const AdmShip *first = g_ptr_array_index (his->ships, 0);
    const AdmPortalSheet *sheet;
    const char *id = NULL;

    fields = g_strdup_printf ("f0=%s&a0=detach&N0=%s&x0s0=%s", his->id, name, first->id);
    page = post_sheet (admiral->id, fields, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    sheet = adm_portal_get_sheet (portal, admiral->id);
    g_assert_nonnull (sheet);
    for (guint e = 0; e < sheet->events->len; e++)
      if (adm_event_get (g_ptr_array_index (sheet->events, e), "new-formation") != NULL)
        id = adm_event_get (g_ptr_array_index (sheet->events, e), "new-formation");
    g_assert_nonnull (id);
    g_test_message ("new formation “%s”: %s", hidden->name, id);
    g_assert_false (g_str_has_suffix (id, "-2"));
    g_assert_cmpstr (id, !=, hidden->id);
    g_assert_true (g_str_has_prefix (id, admiral->id));
    g_assert_true (adm_portal_refuse (portal, admiral->id, "test", NULL));
  }
}

/* An admiral other than @not_id commanding, in a sector, a formation of two ships or more:
 * the formation, and its fieldset's number in his form in @n. */
static const AdmFormation *
two_ship_formation (const char  *not_id,
                    guint       *n)
{
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (komarr));
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (komarr));

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      guint index = 0;

      if (g_str_equal (admiral->id, not_id))
        continue;
      for (guint f = 0; f < formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (formations, f);
          const AdmFormationPosition *pos = adm_strategy_get_position (strategy_of (komarr),
                                                                       formation->id);

          if (formation->admiral == NULL || formation->admiral != admiral)
            continue;
          if (formation->ships->len >= 2 && pos != NULL && pos->towards == NULL)
            {
              *n = index;
              return formation;
            }
          index++;
        }
    }
  g_assert_not_reached ();
}

/* F-STRAT-12, F-STRAT-17: the phone's form offers what the master's does — detach, join, form,
 * disband — and the engine checks them as it checks his: detaching every ship is refused with
 * its reason (F-FORM-3); detaching one is a pending sheet which, accepted, makes the new
 * formation under the id the master's form would give it. */
static void
test_administrative (void)
{
  guint n = 0, status = 0;
  const AdmFormation *formation = two_ship_formation (blind_admiral ()->id, &n);
  const char *id = formation->admiral->id;
  const AdmShip *first = g_ptr_array_index (formation->ships, 0);
  const AdmShip *second = g_ptr_array_index (formation->ships, 1);
  guint cycle = adm_strategy_get_cycle (strategy_of (komarr));
  g_autofree char *link = link_of (id);
  g_autofree char *page = get (link, NULL, &status);
  g_autofree char *select = g_strdup_printf ("<select name=\"a%u\">", n);
  g_autofree char *box = g_strdup_printf ("name=\"x%us0\" value=\"%s\"", n, first->id);
  g_autofree char *fields = NULL, *reply = NULL, *reason = NULL, *new_id = NULL;
  g_autoptr(GString) all = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  const AdmPortalSheet *sheet;
  AdmEvent *order;

  g_test_message ("%s detaches from %s", id, formation->id);
  assert_contains (page, select, "the form");
  assert_contains (page, box, "the form");
  for (guint k = 0; k < 4; k++)
    {
      const char *kinds[] = { "detach", "join", "form", "disband" };
      g_autofree char *option = g_strdup_printf ("<option value=\"%s\">", kinds[k]);

      assert_contains (strstr (page, select), option, "the administrative orders");
    }

  /* Every ship detached: the engine's F-FORM-3 refusal, nothing kept. */
  for (guint s = 0; s < formation->ships->len; s++)
    g_string_append_printf (all, "&x%us%u=%s", n, s,
                            ((AdmShip *) g_ptr_array_index (formation->ships, s))->id);
  fields = g_strdup_printf ("f%u=%s&a%u=detach&N%u=Portal+Squadron%s", n, formation->id, n, n,
                            all->str);
  reply = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  reason = refusal_of (reply);
  g_test_message ("refused: %s", reason);
  assert_contains (reason, "F-FORM-3", "detaching every ship");
  g_assert_null (adm_portal_get_sheet (portal, id));

  /* One ship, its second as the flagship it cannot have: refused (F-FORM-4). Then the first. */
  g_free (fields);
  g_free (reply);
  fields = g_strdup_printf ("f%u=%s&a%u=detach&N%u=Portal+Squadron&x%us0=%s&F%u=%s", n,
                            formation->id, n, n, n, first->id, n, second->id);
  reply = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (reason);
  reason = refusal_of (reply);
  assert_contains (reason, "F-FORM-4", "a flagship not detached");
  g_free (fields);
  g_free (reply);
  fields = g_strdup_printf ("f%u=%s&a%u=detach&N%u=Portal+Squadron&x%us0=%s", n,
                            formation->id, n, n, n, first->id);
  reply = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  sheet = adm_portal_get_sheet (portal, id);
  g_assert_nonnull (sheet);
  g_assert_cmpuint (sheet->events->len, ==, 2);
  order = g_ptr_array_index (sheet->events, 1);
  g_assert_cmpstr (adm_event_get (order, "order"), ==, "detach");
  g_assert_cmpstr (adm_event_get (order, "ships"), ==, first->id);
  new_id = g_strconcat (id, "-portal-squadron", NULL);
  g_assert_cmpstr (adm_event_get (order, "new-formation"), ==, new_id);
  g_assert_cmpstr (adm_event_get (order, "name"), ==, "Portal Squadron");
  g_assert_true (adm_portal_accept (portal, id, &error));
  g_assert_no_error (error);
  g_assert_nonnull (adm_strategy_get_sheet (strategy_of (komarr), cycle, id));
  g_assert_nonnull (adm_strategy_lookup_formation (strategy_of (komarr), new_id));

  /* His new page: the new formation has its fieldset, and a second one would be -2. */
  g_free (page);
  page = get (link, NULL, &status);
  g_free (box);
  box = g_strdup_printf ("value=\"%s\"", new_id);
  assert_contains (page, box, "the page after the detach");
}

/* Each admiral's printed packet carries his own portal link and its QR code, and
 * nobody else's. The packet is written as a PDF, made into pictures by pdftoppm as a printer
 * would, and the code found on the page is read back module by module against libqrencode's
 * matrix of his link (zbarimg, when installed, decodes it as a phone would). */

/* The layout's margin (adm-doc-render.c) and the QR's size, in points. */
#define PAGE_MARGIN(w, h) MAX (24.0, MIN ((w), (h)) * 0.07)
#define QR_POINTS 100.0
#define DPI 150.0

static gboolean
dark_at (cairo_surface_t *png,
         double           x,
         double           y)
{
  int width = cairo_image_surface_get_width (png), height = cairo_image_surface_get_height (png);
  int stride = cairo_image_surface_get_stride (png);
  const guint8 *data = cairo_image_surface_get_data (png);
  int ix = (int) x, iy = (int) y;
  guint32 pixel;

  if (ix < 0 || iy < 0 || ix >= width || iy >= height)
    return FALSE;
  pixel = *(const guint32 *) (data + iy * stride + ix * 4);
  return ((pixel >> 16 & 0xff) + (pixel >> 8 & 0xff) + (pixel & 0xff)) < 3 * 128;
}

/* Whether @png shows @link's code at the layout's left margin: its top found as the first dark
 * row of the top left finder pattern, then every module compared. */
static gboolean
page_shows_code (cairo_surface_t *png,
                 const char      *link,
                 double           page_width)
{
  QRcode *code = QRcode_encodeString (link, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  double scale = cairo_image_surface_get_width (png) / page_width;
  double unit = QR_POINTS / (code->width + 8) * scale;
  double left = PAGE_MARGIN (595.276, 841.89) * scale + 4 * unit;
  gboolean found = FALSE;

  for (int y = 0; y < cairo_image_surface_get_height (png) && !found; y++)
    {
      gboolean all = TRUE;

      /* The finder's top edge: seven dark modules with light on their left. */
      if (!dark_at (png, left + unit / 2, y) || dark_at (png, left - unit / 2, y + unit / 2))
        continue;
      for (int m = 0; m < 7 && all; m++)
        all = dark_at (png, left + (m + 0.5) * unit, y + unit / 2);
      if (!all)
        continue;
      found = TRUE;
      for (int r = 0; r < code->width && found; r++)
        for (int c = 0; c < code->width && found; c++)
          found = dark_at (png, left + (c + 0.5) * unit, y + (r + 0.5) * unit) ==
                  (gboolean) (code->data[r * code->width + c] & 1);
    }
  QRcode_free (code);
  return found;
}

static void
test_packet_qr (void)
{
  g_autofree char *pdftoppm = g_find_program_in_path ("pdftoppm");
  g_autofree char *zbarimg = g_find_program_in_path ("zbarimg");
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (komarr));
  const char *ids[] = { "vorkosigan", "tung" };

  for (guint a = 0; a < G_N_ELEMENTS (ids); a++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmDoc) packet = adm_report_build_packet (komarr, ids[a], 0, NULL, &error);
      g_autofree char *link = link_of (ids[a]);
      g_autofree char *text = NULL, *pdf = NULL, *prefix = NULL, *command = NULL;
      cairo_surface_t *surface;
      cairo_t *cr;
      AdmDocLayout *layout;
      AdmPaper paper;
      guint n_pages, shown = 0;
      int status = 0;

      g_assert_no_error (error);
      text = adm_doc_to_text (packet);
      assert_contains (text, link, "his packet");
      for (guint i = 0; i < admirals->len; i++)
        {
          const AdmAdmiral *other = g_ptr_array_index (admirals, i);

          if (!g_str_equal (other->id, ids[a]))
            assert_lacks (text, token_of (portal, other->id), "his packet");
        }

      pdf = g_strdup_printf ("%s/packet-%s.pdf", work_dir, ids[a]);
      adm_paper_from_name ("a4", &paper);
      surface = cairo_pdf_surface_create (pdf, paper.width, paper.height);
      cr = cairo_create (surface);
      layout = adm_doc_layout_new (packet, cr, paper.width, paper.height);
      n_pages = adm_doc_layout_get_n_pages (layout);
      for (guint p = 0; p < n_pages; p++)
        {
          adm_doc_layout_render_page (layout, cr, p);
          cairo_show_page (cr);
        }
      adm_doc_layout_free (layout);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      cairo_surface_destroy (surface);
      if (pdftoppm == NULL)
        {
          g_test_skip ("no pdftoppm: the printed code not read back");
          return;
        }
      prefix = g_strdup_printf ("%s/packet-%s", work_dir, ids[a]);
      command = g_strdup_printf ("%s -r %g -png %s %s", pdftoppm, DPI, pdf, prefix);
      g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_cmpint (status, ==, 0);
      for (guint p = 1; p <= n_pages; p++)
        {
          g_autofree char *png_path = g_strdup_printf ("%s-%0*u.png", prefix,
                                                       n_pages >= 10 ? 2 : 1, p);
          cairo_surface_t *png = cairo_image_surface_create_from_png (png_path);

          g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
          if (page_shows_code (png, link, paper.width))
            {
              g_autofree char *kept = g_strdup_printf ("%s/tests/packet-qr-%s.png",
                                                       g_getenv ("ADMIRALTY_BUILD_DIR"), ids[a]);

              shown++;
              g_assert_cmpint (cairo_surface_write_to_png (png, kept), ==, CAIRO_STATUS_SUCCESS);
              g_test_message ("%s's code on page %u of his packet: %s", ids[a], p, kept);
              if (zbarimg != NULL)
                {
                  g_autofree char *decode = g_strdup_printf ("%s -q --raw %s", zbarimg, png_path);
                  g_autofree char *out = NULL;

                  g_assert_true (g_spawn_command_line_sync (decode, &out, NULL, NULL, &error));
                  g_assert_no_error (error);
                  g_assert_cmpstr (g_strstrip (out), ==, link);
                }
            }
          cairo_surface_destroy (png);
        }
      if (zbarimg == NULL)
        g_test_message ("no zbarimg: the code was read module by module instead");
      g_assert_cmpuint (shown, ==, 1);
    }
}

static void
test_body_bound (void)
{
  g_autofree char *token_path = g_strdup_printf ("/a/%s/sheet",
                                                 token_of (portal, "tung"));
  g_autofree char *head = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                           "Content-Type: application/x-www-form-urlencoded\r\n"
                                           "Content-Length: 100000000\r\nConnection: close\r\n"
                                           "\r\ncsrf=", token_path);
  /* Refused on its headers, before 100 MB are sent. */
  g_autofree char *reply = raw_request (head);

  assert_contains (reply, "HTTP/1.1 413", "an oversized body");
}

/* Per client: a burst beyond the limit gets 429 until the bucket refills. */
/* A report's PDF asked for in many overlapping ranges is answered once, whole — not a
 * multipart copy of it per range, built in memory; one range is answered as asked. */
static void
test_range_bound (void)
{
  const char *token = token_of (portal, "vorkosigan");
  guint cycle = adm_strategy_get_cycle (strategy_of (komarr)) - 1;
  g_autofree char *link = link_of ("vorkosigan");
  g_autofree char *url = g_strdup_printf ("%sreport-%u.pdf", link, cycle);
  g_autoptr(GString) ranges = g_string_new ("0-");
  g_autofree char *head = NULL;
  g_autoptr(GBytes) reply = NULL;
  gsize pdf_size, reply_size;

  {
    PortalRequest request = { .method = "GET", .url = url };

    portal_request_run (&request);
    g_assert_cmpuint (request.status, ==, 200);
    pdf_size = g_bytes_get_size (request.response);
    portal_request_clear (&request);
  }
  g_assert_cmpuint (pdf_size, >, 1000);
  for (guint i = 1; i < 200; i++)
    g_string_append (ranges, ",0-");
  head = g_strdup_printf ("GET /a/%s/report-%u.pdf HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Range: bytes=%s\r\nConnection: close\r\n\r\n", token, cycle,
                          ranges->str);
  reply = portal_raw_bytes (portal, head);
  reply_size = g_bytes_get_size (reply);
  g_test_message ("%u ranges of a %" G_GSIZE_FORMAT " B PDF: %" G_GSIZE_FORMAT " B answered",
                  200, pdf_size, reply_size);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (reply, NULL), "HTTP/1.1 200 "));
  g_assert_cmpuint (reply_size, <=, pdf_size + 2048);

  /* One range: 206, those bytes. */
  g_free (head);
  head = g_strdup_printf ("GET /a/%s/report-%u.pdf HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                          "Range: bytes=0-99\r\nConnection: close\r\n\r\n", token, cycle);
  g_clear_pointer (&reply, g_bytes_unref);
  reply = portal_raw_bytes (portal, head);
  g_assert_true (g_str_has_prefix (g_bytes_get_data (reply, NULL), "HTTP/1.1 206 "));
  g_assert_cmpuint (g_bytes_get_size (reply), <=, 100 + 2048);
}

static void
test_rate_limit (void)
{
  g_autofree char *link = link_of ("tung");
  g_autofree char *status_url = g_strconcat (link, "status.json", NULL);
  guint status = 0;

  adm_portal_set_rate_limit (portal, 0.5, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *reply = get (status_url, NULL, &status);

      g_assert_cmpuint (status, ==, 200);
    }
  {
    g_autofree char *reply = get (status_url, NULL, &status);

    g_assert_cmpuint (status, ==, 429);
  }
  adm_portal_set_rate_limit (portal, 20.0, 200);
  {
    g_autofree char *reply = get (status_url, NULL, &status);

    g_assert_cmpuint (status, ==, 200);
  }
}

/* A page's CSRF token hands in one sheet, not two. */
static void
test_csrf_once (void)
{
  g_autofree char *link = link_of ("tung");
  g_autofree char *sheet_url = g_strconcat (link, "sheet", NULL);
  const AdmFormation *his = first_of ("tung");
  guint status = 0;
  g_autofree char *page = get (link, NULL, &status);
  g_autofree char *csrf = csrf_of (page);
  g_autofree char *body = g_strdup_printf ("csrf=%s&f0=%s&i0=Hold", csrf, his->id);
  g_autofree char *first = post (sheet_url, body, &status);

  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  {
    const AdmPortalSheet *kept = adm_portal_get_sheet (portal, "tung");
    gint64 received = kept->received;
    g_autofree char *again = post (sheet_url, body, &status);

    /* Not handed in again; his orders come back filled in, with a token of the answer's own,
     * not as a bare "out of date". */
    g_assert_cmpuint (status, ==, 403);
    g_assert_true (adm_portal_get_sheet (portal, "tung") == kept);
    g_assert_cmpint (kept->received, ==, received);
    assert_contains (again, "This page was out of date", sheet_url);
    assert_contains (again, ">Hold</textarea>", sheet_url);
    g_free (csrf);
    csrf = csrf_of (again);
  }
  g_assert_true (adm_portal_refuse (portal, "tung", "Write it on paper, Commodore", NULL));
  {
    g_autofree char *refused = get (link, NULL, &status);

    assert_contains (refused, "refused by the master: Write it on paper, Commodore", link);
  }
}

static void
test_hostile_names (void)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *text = NULL;
  g_autofree char *save_path = g_build_filename (work_dir, "hostile", "hostile.admiralty", NULL);
  g_autofree char *dir = g_path_get_dirname (save_path);
  g_autoptr(GString) hostile = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmPortal) hostile_portal = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link = NULL, *page = NULL;
  guint status = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  hostile = g_string_new (text);
  g_assert_cmpuint (g_string_replace (hostile, "name=\"Adm. Aral Vorkosigan\"",
                                      "name=\"&lt;script&gt;alert(1)&lt;/script&gt;\"", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (hostile, "name=\"Prince Serg\"",
                                      "name=\"&lt;img src=x onerror=alert(2)&gt;\"", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (hostile, "name=\"First Squadron, Home Fleet\"",
                                      "name=\"&quot;&gt;&lt;b&gt;Squadron&lt;/b&gt;&amp;'\"", 1),
                    ==, 1);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  campaign = played_komarr (save_path, hostile->str);
  hostile_portal = portal_serve_loopback (campaign);
  link = adm_portal_get_link (hostile_portal, "vorkosigan");
  page = get (link, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  assert_lacks (page, "<script>alert", link);
  assert_lacks (page, "<img", link);
  assert_lacks (page, "<b>Squadron", link);
  assert_contains (page, "&lt;script&gt;alert(1)&lt;/script&gt;", link);
  assert_contains (page, "&lt;img src=x onerror=alert(2)&gt;", link);
  /* g_markup_escape_text () writes ' as &apos; (an HTML5 named reference). */
  assert_contains (page, "&quot;&gt;&lt;b&gt;Squadron&lt;/b&gt;&amp;&apos;", link);
  /* The server stops with its campaign. */
  g_clear_object (&campaign);
  g_assert_false (adm_portal_get_running (hostile_portal));
  g_assert_null (adm_portal_get_campaign (hostile_portal));
  g_assert_null (adm_portal_get_link (hostile_portal, "vorkosigan"));
}

/* `admiralty-cli serve --accept` on a copy of Komarr in work_dir/@folder (its path in @path),
 * the child set up by @setup; Naismith's link, once printed, in @link; its output in @out. */
static GSubprocess *
serve_copy (const char            *folder,
            GSpawnChildSetupFunc   setup,
            char                 **path,
            char                 **link,
            GDataInputStream     **out)
{
  g_autofree char *dir = g_build_filename (work_dir, folder, NULL);
  g_autofree char *serialized = NULL;
  g_autoptr(AdmCampaign) copy = NULL;
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  guint cycle = adm_strategy_get_cycle (strategy_of (komarr));
  GSubprocess *process;
  gsize length;

  *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  serialized = adm_campaign_serialize (komarr, &length);
  copy = adm_campaign_load_memory (serialized, length, "copy", &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (copy, *path, &error));
  g_assert_no_error (error);
  g_assert_null (adm_strategy_get_sheet (strategy_of (copy), cycle, "naismith"));
  /* Saved, the copy lets go of the file: `serve` writes it (one writer, adm_file_lock ()). */
  g_clear_object (&copy);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDIN_PIPE);
  if (setup != NULL)
    g_subprocess_launcher_set_child_setup (launcher, setup, NULL, NULL);
  /* Under AddressSanitizer: full stacks, so that .ci/lsan.supp can name libsoup's leak of
   * accepted sockets at exit, and nothing else. */
  if (g_getenv ("ASAN_OPTIONS") != NULL)
    {
      g_autofree char *options = g_strconcat (g_getenv ("ASAN_OPTIONS"),
                                              ":fast_unwind_on_malloc=0", NULL);

      g_subprocess_launcher_setenv (launcher, "ASAN_OPTIONS", options, TRUE);
    }
  process = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "serve", *path,
                                         "--address", "127.0.0.1", "--port", "0", "--accept",
                                         NULL);
  g_assert_no_error (error);
  *out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (process));
  /* One line per admiral: "NAME (FACTION): LINK". */
  *link = NULL;
  while (*link == NULL)
    {
      g_autofree char *line = g_data_input_stream_read_line_utf8 (*out, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_nonnull (line);
      if (g_str_has_prefix (line, "Adm. Miles Naismith ("))
        *link = g_strdup (strstr (line, "http://"));
    }
  return process;
}

/* SIGTERM stops @process cleanly; the campaign at @path then holds Naismith's sheet. */
static void
serve_stop (GSubprocess *process,
            const char  *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) reopened = NULL;
  guint cycle = adm_strategy_get_cycle (strategy_of (komarr));

  g_subprocess_send_signal (process, SIGTERM);
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (adm_strategy_get_sheet (strategy_of (reopened), cycle, "naismith"));
}

/* POST @body to @path of the server raw, as raw_get () does a GET. */
static char *
raw_post (const char *path,
          const char *body)
{
  g_autofree char *head = g_strdup_printf ("POST %s HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                           "Content-Type: application/x-www-form-urlencoded\r\n"
                                           "Content-Length: %zu\r\nConnection: close\r\n\r\n%s",
                                           path, strlen (body), body);

  return raw_request (head);
}

/* His page's final mark made (@value "yes") or taken back ("no"). */
static char *
post_final (const char *admiral_id,
            const char *value,
            guint      *status)
{
  g_autofree char *fields = g_strdup_printf ("final=%s", value);

  return post_form (admiral_id, "final", fields, status);
}

static void
assert_status_final (const char *admiral_id,
                     gboolean    final)
{
  g_autofree char *link = link_of (admiral_id);
  g_autofree char *url = g_strconcat (link, "status.json", NULL);
  guint status = 0;
  g_autofree char *json = get (url, NULL, &status);

  g_assert_cmpuint (status, ==, 200);
  assert_contains (json, final ? "\"final\":true" : "\"final\":false", url);
}

/* An admiral who commands a formation and whom no other test of the portal sends a sheet
 * for, the last in the scenario's order. */
static const AdmAdmiral *
admiral_without_sheet (void)
{
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (komarr));
  const AdmAdmiral *blind = blind_admiral ();
  guint n;
  const AdmAdmiral *detaching = two_ship_formation (blind->id, &n)->admiral;

  for (guint a = admirals->len; a-- > 0;)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);

      if (first_of (admiral->id) != NULL && adm_portal_get_sheet (portal, admiral->id) == NULL &&
          !g_str_equal (admiral->id, "tung") && !g_str_equal (admiral->id, "naismith") &&
          admiral != blind && admiral != detaching)
        return admiral;
    }
  g_assert_not_reached ();
}

/* The final mark: nothing to mark without a sheet; marked by his page's POST (status.json and
 * the page say so, "final-changed" is emitted); a wrong token gets the one 404 and a missing
 * CSRF token 403, the mark unchanged either way; a new sheet takes it away, and so does the
 * master's refusal; only "yes" marks; the page's mark posts his form as he sees it, so orders
 * changed since the hand-in are handed in and marked, or, refused, nothing is marked. Present:
 * his page opened with his current link. */
static void
test_final (void)
{
  const AdmAdmiral *admiral = admiral_without_sheet ();
  const char *id = admiral->id;
  const AdmFormation *his = first_of (id);
  g_autofree char *fields = g_strdup_printf ("f0=%s&o0=defend", his->id);
  g_autofree char *with_final = g_strdup_printf ("%s&final=yes", fields);
  g_autofree char *changed_final = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+the+line&final=yes",
                                                    his->id);
  g_autofree char *refused_final = g_strdup_printf ("f0=%s&o0=attack&t0=no-such-formation&"
                                                    "final=yes", his->id);
  g_autofree char *wrong = adm_portal_random_secret ();
  g_autofree char *wrong_final = g_strdup_printf ("/a/%s/final", wrong);
  g_autofree char *wrong_path = g_strdup_printf ("/a/%s/finale", token_of (portal, id));
  g_autofree char *reference = NULL, *reply = NULL, *page = NULL, *link = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0, changed = 0, present = 0, received = 0;
  gulong final_handler, present_handler, received_handler;

  sheet_admiral = id;
  final_handler = g_signal_connect (portal, "final-changed", G_CALLBACK (count_cb), &changed);
  present_handler = g_signal_connect (portal, "present-changed", G_CALLBACK (count_cb),
                                      &present);

  /* Present once his page is opened; a reissued link makes him absent until it is opened. */
  g_assert_true (adm_portal_reissue (portal, id, &error));
  g_assert_no_error (error);
  g_assert_false (adm_portal_get_present (portal, id));
  g_assert_cmpuint (present, ==, 1);
  link = link_of (id);
  g_free (get (link, NULL, &status));
  g_assert_true (adm_portal_get_present (portal, id));
  while (present < 2)
    g_main_context_iteration (NULL, TRUE);

  /* No sheet: nothing to mark. */
  page = post_final (id, "yes", &status);
  g_assert_cmpuint (status, ==, 409);
  assert_contains (page, "Hand in your sheet first", id);
  g_assert_false (adm_portal_get_final (portal, id));
  g_assert_false (adm_portal_set_final (portal, id, TRUE, &error));
  g_assert_error (error, ADM_PORTAL_ERROR, ADM_PORTAL_ERROR_NO_SHEET);
  g_clear_error (&error);
  assert_status_final (id, FALSE);

  /* A sheet, then the mark: the page offers it, and says it once made. */
  g_free (page);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, 303);
  assert_contains (page, "Mark my sheet final", id);
  g_free (page);
  page = post_final (id, "yes", &status);
  g_assert_cmpuint (status, ==, 303);
  g_assert_true (adm_portal_get_final (portal, id));
  g_assert_cmpuint (changed, ==, 1);
  assert_contains (page, "Your sheet is marked final", id);
  assert_contains (page, "Not final after all", id);
  assert_status_final (id, TRUE);

  /* A wrong token: the one 404 of a wrong path; no CSRF token or a made-up one: 403. */
  reference = raw_post (wrong_path, "final=no");
  assert_contains (reference, "HTTP/1.1 404", wrong_path);
  reply = raw_post (wrong_final, "final=no");
  g_assert_cmpstr (reply, ==, reference);
  g_free (reply);
  reply = raw_post (wrong_final, "csrf=00000000000000000000000000000000&final=no");
  g_assert_cmpstr (reply, ==, reference);
  {
    g_autofree char *url = g_strconcat (link, "final", NULL);

    g_free (page);
    page = post (url, "final=no", &status);
    g_assert_cmpuint (status, ==, 403);
    g_free (page);
    page = post (url, "csrf=00000000000000000000000000000000&final=no", &status);
    g_assert_cmpuint (status, ==, 403);
  }
  g_assert_true (adm_portal_get_final (portal, id));
  g_assert_cmpuint (changed, ==, 1);

  /* Taken back on his page, marked again, then a new sheet takes it away. */
  g_free (page);
  page = post_final (id, "no", &status);
  g_assert_cmpuint (status, ==, 303);
  g_assert_false (adm_portal_get_final (portal, id));
  g_free (page);
  page = post_final (id, "yes", &status);
  g_assert_true (adm_portal_get_final (portal, id));
  g_assert_cmpuint (changed, ==, 3);
  g_free (page);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, 303);
  g_assert_false (adm_portal_get_final (portal, id));
  g_assert_cmpuint (changed, ==, 4);
  assert_status_final (id, FALSE);

  /* The master's refusal: a refused sheet is not final, and cannot be marked. */
  g_assert_true (adm_portal_set_final (portal, id, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (adm_portal_refuse (portal, id, "Say where the Vanguard goes", &error));
  g_assert_no_error (error);
  g_assert_false (adm_portal_get_final (portal, id));
  assert_status_final (id, FALSE);
  g_free (page);
  page = post_final (id, "yes", &status);
  g_assert_cmpuint (status, ==, 409);
  g_assert_false (adm_portal_get_final (portal, id));

  /* Only an explicit yes marks: "final=0" or any other value is a bad request, no mark. */
  g_free (page);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, 303);
  for (guint i = 0; i < 3; i++)
    {
      const char *odd[] = { "0", "maybe", "" };

      g_free (page);
      page = post_final (id, odd[i], &status);
      g_assert_cmpuint (status, ==, 400);
      g_assert_false (adm_portal_get_final (portal, id));
    }

  /* The mark applies to what he sees: his page's button posts his form with final=yes. The
   * form as handed in: marked, no new sheet. */
  g_free (page);
  page = get (link, NULL, &status);
  assert_contains (page, "form=\"orders\" name=\"final\" value=\"yes\"", id);
  received_handler = g_signal_connect (portal, "sheet-received", G_CALLBACK (count_cb),
                                       &received);
  g_free (page);
  page = post_sheet (id, with_final, &status);
  g_assert_cmpuint (status, ==, 303);
  g_assert_true (adm_portal_get_final (portal, id));
  g_assert_cmpuint (received, ==, 0);
  assert_status_final (id, TRUE);

  /* Orders read back and changed but not handed in: the mark hands them in and marks them. */
  g_free (page);
  page = post_final (id, "no", &status);
  g_assert_false (adm_portal_get_final (portal, id));
  g_free (page);
  page = post_sheet (id, changed_final, &status);
  g_assert_cmpuint (status, ==, 303);
  g_assert_cmpuint (received, ==, 1);
  g_assert_true (adm_portal_get_final (portal, id));
  assert_contains (page, "Hold the line", id);

  /* Changed orders the engine refuses: not handed in, not final. */
  g_free (page);
  page = post_sheet (id, refused_final, &status);
  g_assert_false (adm_portal_get_final (portal, id));
  assert_status_final (id, FALSE);

  g_signal_handler_disconnect (portal, received_handler);
  g_signal_handler_disconnect (portal, final_handler);
  g_signal_handler_disconnect (portal, present_handler);
}

/* admiralty-cli serve --accept: the links it prints serve the pages, a sheet posted on one is
 * journalled in the campaign file, and SIGTERM stops it cleanly. */
static void
test_cli_serve (void)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL, *link = NULL, *page = NULL, *csrf = NULL, *body = NULL;
  g_autofree char *sheet_url = NULL, *reply = NULL;
  const AdmFormation *his = first_of ("naismith");
  guint status = 0;

  process = serve_copy ("cli", NULL, &path, &link, &out);
  page = get (link, NULL, &status);
  g_assert_cmpuint (status, ==, 200);
  assert_contains (page, "Adm. Miles Naismith", link);
  csrf = csrf_of (page);
  body = g_strdup_printf ("csrf=%s&f0=%s&i0=Hold+position", csrf, his->id);
  sheet_url = g_strconcat (link, "sheet", NULL);
  g_free (page);
  page = post (sheet_url, body, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (page);
  page = get (link, NULL, &status);
  assert_contains (page, "accepted by the master", sheet_url);
  reply = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
  g_assert_no_error (error);
  while (reply != NULL && *reply == '\0')
    {
      g_free (reply);
      reply = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
    }
  g_assert_nonnull (reply);
  g_test_message ("%s", reply);

  /* Marked final on his page: the command says so. */
  {
    g_autofree char *final_url = g_strconcat (link, "final", NULL);
    g_autofree char *final_csrf = csrf_of (page);
    g_autofree char *final_body = g_strdup_printf ("csrf=%s&final=yes", final_csrf);
    g_autofree char *answer = post (final_url, final_body, &status);

    g_assert_cmpuint (status, ==, 303);
    while (reply != NULL && strstr (reply, "marked his sheet") == NULL)
      {
        g_free (reply);
        reply = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error);
      }
    g_assert_nonnull (reply);
    assert_contains (reply, "Adm. Miles Naismith marked his sheet for cycle", "serve");
  }
  serve_stop (process, path);
}

/* The open-file limit of the server under test: soft and hard, so that it cannot raise it. */
#define FD_LIMIT 256
/* Connect–poll–close cycles: several times the limit. */
#define FD_CYCLES 2000

static void
limit_files (gpointer data)
{
  struct rlimit limit = { FD_LIMIT, FD_LIMIT };

  setrlimit (RLIMIT_NOFILE, &limit);
}

/* One exchange as a phone makes it, on a new connection from @source (127.0.0.x) to
 * 127.0.0.1:@port: @request sent, the answer read to its Content-Length (or to the end), the
 * connection closed by the client. The answer, or NULL when none came within 5 s. */
static char *
exchange (guint16     port,
          const char *source,
          const char *request)
{
  struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons (port) };
  struct sockaddr_in from = { .sin_family = AF_INET };
  struct timeval wait = { 5, 0 };
  g_autoptr(GString) reply = g_string_new (NULL);
  gsize sent = 0, want = G_MAXSIZE;
  int fd = socket (AF_INET, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  inet_pton (AF_INET, "127.0.0.1", &to.sin_addr);
  inet_pton (AF_INET, source, &from.sin_addr);
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  setsockopt (fd, SOL_SOCKET, SO_SNDTIMEO, &wait, sizeof wait);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &from, sizeof from), ==, 0);
  if (connect (fd, (struct sockaddr *) &to, sizeof to) != 0)
    {
      close (fd);
      return NULL;
    }
  while (sent < strlen (request))
    {
      ssize_t n = send (fd, request + sent, strlen (request) - sent, MSG_NOSIGNAL);

      if (n <= 0)
        break;
      sent += (gsize) n;
    }
  while (reply->len < want)
    {
      char buffer[16384];
      ssize_t n = recv (fd, buffer, sizeof buffer, 0);
      const char *end;

      if (n <= 0)
        break;
      g_string_append_len (reply, buffer, n);
      if (want == G_MAXSIZE && (end = strstr (reply->str, "\r\n\r\n")) != NULL)
        {
          const char *length = strstr (reply->str, "Content-Length: ");

          if (length != NULL && length < end)
            want = (gsize) (end + 4 - reply->str) +
                   (gsize) g_ascii_strtoull (length + strlen ("Content-Length: "), NULL, 10);
        }
    }
  close (fd);
  if (!g_str_has_prefix (reply->str, "HTTP/1.1 ") || (want != G_MAXSIZE && reply->len < want))
    return NULL;
  return g_string_free (g_steal_pointer (&reply), FALSE);
}

static guint
open_files (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/fd", (int) pid);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/* A phone that opens a connection and never finishes its request does not keep it: the
 * server closes it unanswered within its request timeout (15 s). */
static void
test_idle_timeout (void)
{
  struct sockaddr_in to = { .sin_family = AF_INET,
                            .sin_port = htons ((guint16) adm_portal_get_port (portal)) };
  struct timeval wait = { 30, 0 };
  const char *half = "GET /a/ HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  gint64 start = g_get_monotonic_time ();
  char buffer[256];
  ssize_t n;
  int fd = socket (AF_INET, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  inet_pton (AF_INET, "127.0.0.1", &to.sin_addr);
  setsockopt (fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  g_assert_cmpint (connect (fd, (struct sockaddr *) &to, sizeof to), ==, 0);
  g_assert_cmpint (send (fd, half, strlen (half), MSG_NOSIGNAL), ==, (ssize_t) strlen (half));
  n = recv (fd, buffer, sizeof buffer, 0);
  g_test_message ("closed after %.1f s", (g_get_monotonic_time () - start) / 1e6);
  /* Closed (0, or reset), not timed out on this side (-1 with EAGAIN). */
  g_assert_true (n == 0 || (n < 0 && errno == ECONNRESET));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 25 * G_USEC_PER_SEC);
  close (fd);
}

/* admiralty-cli serve under an open-file limit of 256: thousands of phones' connect–poll–close
 * cycles leave no connection open behind them, and the campaign is then still saved (a sheet
 * journalled with --accept) and a page still served. */
static void
test_fd_exhaustion (void)
{
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autofree char *path = NULL, *link = NULL, *page_path = NULL, *poll = NULL, *page = NULL;
  g_autofree char *reply = NULL, *body = NULL, *post_head = NULL, *csrf = NULL;
  const AdmFormation *his = first_of ("naismith");
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  guint16 port;
  guint before, after = 0, cycles = 0;
  GPid pid;

  process = serve_copy ("fd", limit_files, &path, &link, &out);
  pid = (GPid) g_ascii_strtoll (g_subprocess_get_identifier (process), NULL, 10);
  /* "http://127.0.0.1:PORT/a/TOKEN/" */
  port = (guint16) g_ascii_strtoull (link + strlen ("http://127.0.0.1:"), NULL, 10);
  page_path = g_strdup (strstr (link + strlen ("http://"), "/a/"));
  page = g_strdup_printf ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", page_path);
  poll = g_strdup_printf ("GET %sstatus.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", page_path);
  reply = exchange (port, "127.0.0.1", page);
  g_assert_nonnull (reply);
  before = open_files (pid);

  for (; cycles < FD_CYCLES && g_get_monotonic_time () < deadline; cycles++)
    {
      g_autofree char *answer = exchange (port, "127.0.0.1", poll);

      if (answer == NULL)
        g_error ("no answer to poll %u, the server holding %u files", cycles, open_files (pid));
    }
  g_test_message ("%u polls; server's open files: %u before", cycles, before);
  g_assert_cmpuint (cycles, ==, FD_CYCLES);
  /* The server closes each connection as it answers: what is open settles back. */
  while (g_get_monotonic_time () < deadline && (after = open_files (pid)) > before + 4)
    g_usleep (50000);
  g_test_message ("after: %u", after);
  g_assert_cmpuint (after, <=, before + 4);

  /* From another address (the first has spent its rate): a sheet journalled, a page. */
  g_free (reply);
  reply = exchange (port, "127.0.0.2", page);
  g_assert_nonnull (reply);
  csrf = csrf_of (reply);
  body = g_strdup_printf ("csrf=%s&f0=%s&i0=Hold+position", csrf, his->id);
  post_head = g_strdup_printf ("POST %ssheet HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                               "Content-Type: application/x-www-form-urlencoded\r\n"
                               "Content-Length: %zu\r\n\r\n%s", page_path, strlen (body), body);
  g_free (reply);
  reply = exchange (port, "127.0.0.2", post_head);
  g_assert_nonnull (reply);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 303 "));
  assert_contains (reply, "Location: ./\r\n", "the sheet after the polls");
  g_free (reply);
  reply = exchange (port, "127.0.0.2", page);
  g_assert_nonnull (reply);
  g_assert_true (g_str_has_prefix (reply, "HTTP/1.1 200 "));
  assert_contains (reply, "accepted by the master", "the page after the sheet");
  serve_stop (process, path);
}

/* A formation of one of the admirals no other test hands a sheet in for, in a sector (not on
 * a link) with a neighbour; its admiral in @admiral_id. */
static const AdmFormation *
movable (const char **admiral_id)
{
  static const char * const ids[] = { "vesnaer", "sundquist", "arozzi", "radovan", "vorlakial" };
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (komarr));

  for (guint a = 0; a < G_N_ELEMENTS (ids); a++)
    for (guint f = 0; f < formations->len; f++)
      {
        const AdmFormation *formation = g_ptr_array_index (formations, f);
        const AdmFormationPosition *pos = adm_strategy_get_position (strategy_of (komarr),
                                                                     formation->id);

        if (formation->admiral != NULL && g_str_equal (formation->admiral->id, ids[a]) &&
            pos != NULL && pos->towards == NULL && pos->sector->adjacent->len > 0)
          {
            *admiral_id = ids[a];
            return formation;
          }
      }
  g_assert_not_reached ();
}

/* The first <select name="@name"> of @page, up to its </select>. */
static char *
select_of (const char *page,
           const char *name)
{
  g_autofree char *open = g_strdup_printf ("<select name=\"%s\"", name);
  const char *start = strstr (page, open);
  const char *end = start != NULL ? strstr (start, "</select>") : NULL;

  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start));
}

/* F-STRAT-8, F-STRAT-16: the form offers what the rules allow. A route's first leg offers the
 * formation's neighbours and no sector farther; the target, the enemies his side knows and
 * the sectors the order may act in. "Read my orders back" answers with each order as the
 * engine reckons it, in a sentence, and keeps nothing: the page's CSRF token still hands the
 * sheet in after it. */
static void
test_guided_read_back (void)
{
  const char *id = NULL;
  const AdmFormation *his = movable (&id);
  const AdmFormationPosition *pos = adm_strategy_get_position (strategy_of (komarr), his->id);
  const AdmSector *next = g_ptr_array_index (pos->sector->adjacent, 0);
  GPtrArray *sectors = adm_scenario_get_sectors (adm_campaign_get_scenario (komarr));
  g_autofree char *link = link_of (id);
  g_autofree char *sheet_url = g_strconcat (link, "sheet", NULL);
  guint status = 0;
  g_autofree char *page = get (link, NULL, &status);
  g_autofree char *csrf = csrf_of (page);
  g_autofree char *leg = select_of (page, "r0a");
  g_autofree char *target = select_of (page, "t0");
  g_autofree char *body = NULL, *answer = NULL, *after = NULL, *location = NULL;
  g_autofree char *sentence = NULL, *expected = NULL;

  for (guint s = 0; s < sectors->len; s++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, s);
      g_autofree char *option = g_strdup_printf ("<option value=\"%s\"", sector->id);
      gboolean adjacent = g_ptr_array_find (pos->sector->adjacent, sector, NULL);

      g_assert_cmpint (strstr (leg, option) != NULL, ==, adjacent);
      g_assert_cmpint (strstr (target, option) != NULL, ==, adjacent || sector == pos->sector);
    }

  body = g_strdup_printf ("csrf=%s&f0=%s&o0=move&r0a=%s&step=check", csrf, his->id, next->id);
  answer = post_to (sheet_url, body, &status, NULL);
  g_assert_cmpuint (status, ==, 200);
  /* Translators' words for it: "X moves to Y, arriving at minute N". */
  expected = g_strdup_printf ("%s moves to %s, ", his->name, next->name);
  sentence = escaped (expected);
  assert_contains (answer, "<p class=\"readback\">", "the read-back");
  assert_contains (answer, sentence, "the read-back");
  assert_contains (answer, "data-keep=\"1\"", "the read-back's form");
  g_assert_null (adm_portal_get_sheet (portal, id));

  g_free (body);
  body = g_strdup_printf ("csrf=%s&f0=%s&o0=move&r0a=%s", csrf, his->id, next->id);
  g_free (answer);
  answer = post_to (sheet_url, body, &status, &location);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpstr (location, ==, "./");
  g_assert_nonnull (adm_portal_get_sheet (portal, id));
  after = get (link, NULL, &status);
  assert_contains (after, "Received at", link);
  assert_contains (after, sentence, "the page after the hand-in");
}

/* A sheet the engine refuses comes back filled in as sent, the engine's reason beside the
 * refused formation's orders; one the master refuses, his reason beside each order. */
static void
test_refused_comes_back_filled (void)
{
  const char *id = NULL;
  const AdmFormation *his = movable (&id);
  g_autofree char *link = link_of (id);
  g_autofree char *fields = g_strdup_printf ("f0=%s&o0=attack&i0=Strike+at+dawn", his->id);
  guint status = 0;
  g_autofree char *page = post_sheet (id, fields, &status);
  g_autofree char *order = NULL;

  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  assert_contains (page, "The sheet was refused", link);
  assert_contains (page, "<p class=\"refusal\" role=\"alert\">", link);
  assert_contains (page, "has no target", link);
  assert_contains (page, ">Strike at dawn</textarea>", link);
  order = select_of (page, "o0");
  assert_contains (order, "<option value=\"attack\" selected>", link);

  /* Refused by the master: his reason beside the order, the form as sent. */
  g_free (fields);
  g_free (page);
  fields = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+the+gate", his->id);
  page = post_sheet (id, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_true (adm_portal_refuse (portal, id, "Not this cycle", NULL));
  g_free (page);
  page = get (link, NULL, &status);
  assert_contains (page, "<p class=\"refusal\" role=\"alert\">Refused by the master: Not this "
                   "cycle</p>", link);
  assert_contains (page, ">Hold the gate</textarea>", link);
}

/* The countdown follows the master's clock: paused, it holds; time he adds shows. */
static void
test_clock_pause (void)
{
  g_autofree char *link = link_of ("radovan");
  g_autofree char *status_url = g_strconcat (link, "status.json", NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  guint status = 0;
  g_autofree char *json = NULL, *page = NULL;

  adm_portal_set_clock (portal, now + 20 * 60, -1);
  adm_portal_set_clock (portal, 0, 19 * 60 + 30);
  json = get (status_url, NULL, &status);
  assert_contains (json, "\"deadline\":0,\"paused\":1170,", status_url);
  page = get (link, NULL, &status);
  assert_contains (page, "data-paused=\"1170\"", link);
  assert_contains (page, ">19:30</p><p id=\"clock-note\">Paused by the master.</p>", link);
  /* Six minutes more while paused: an extension whatever the wall clock does meanwhile (the
   * phone flow in test-portal-browser.c resumes the clock with time added). */
  adm_portal_set_clock (portal, 0, 25 * 60 + 30);
  g_free (json);
  json = get (status_url, NULL, &status);
  assert_contains (json, "\"paused\":1530,\"extended\":360,", status_url);
  /* Resumed with the time it held: nothing more is added. */
  adm_portal_set_clock (portal, g_get_real_time () / G_USEC_PER_SEC + 25 * 60 + 30, -1);
  g_free (json);
  json = get (status_url, NULL, &status);
  assert_contains (json, "\"paused\":-1,\"extended\":360,", status_url);
  g_free (page);
  page = get (link, NULL, &status);
  assert_contains (page, "The master has given 6:00 more.", link);
  adm_portal_set_clock (portal, 0, -1);
}

static void
test_language (void)
{
  g_autofree char *catalogue = g_build_filename (adm_file_locale_dir (), "ru", "LC_MESSAGES",
                                                 GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *link = NULL;
  guint status = 0;
  g_autofree char *english = NULL, *russian = NULL, *preferred = NULL, *after = NULL;
  g_autofree char *other = NULL;

  if (!g_file_test (catalogue, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the Russian catalogue is not compiled in this build");
      return;
    }
  link = link_of ("radovan");
  english = get (link, "en-GB,en;q=0.9", &status);
  russian = get (link, "ru-RU,ru;q=0.9,en;q=0.5", &status);
  preferred = get (link, "de, en;q=0.4, ru;q=0.8", &status);
  /* Another admiral's page, made in English after the Russian ones: gettext keeps what it
   * found under the locale's name, not the language's, so the switch back must be made known
   * to it, or this page comes in Russian. */
  other = link_of ("vorkosigan");
  after = get (other, "en-GB,en;q=0.9", &status);

  g_assert_cmpuint (status, ==, 200);
  assert_contains (english, "<html lang=\"en\">", "en");
  assert_contains (english, "Your fleet", "en");
  /* F-STRAT-4: the Pol escorts met the First Squadron in Pol orbit in the sixth cycle. */
  assert_contains (english, "<td data-l=\"Formation\">First Squadron, Home Fleet</td>", "en");
  assert_contains (english, "<td data-l=\"Last contact\">cycle 6, Pol orbit</td>", "en");
  assert_contains (russian, "<html lang=\"ru\">", "ru");
  assert_lacks (russian, "Your fleet", "ru");
  assert_contains (russian, "Ваш флот", "ru");
  assert_contains (preferred, "<html lang=\"ru\">", "q");
  assert_contains (after, "<html lang=\"en\">", "en after ru");
  assert_contains (after, "Your fleet", "en after ru");
  assert_lacks (after, "Ваш флот", "en after ru");
}

/* The UI never waits for the portal, and the portal never for the UI: with the
 * main loop held (a long task of the master's), a page already made and status.json are still
 * answered by the server's own thread; the page not made yet waits, and comes once the loop
 * runs again. */
static void
test_main_loop_held (void)
{
  g_autofree char *link = link_of ("vorkosigan");
  g_autofree char *status_url = g_strconcat (link, "status.json", NULL);
  g_autofree char *made = NULL, *held = NULL, *json = NULL, *waited = NULL;
  PortalRequest page = { .method = "GET", .url = link };
  PortalRequest status = { .method = "GET", .url = status_url };
  PortalRequest unmade = { .method = "GET", .url = link, .language = "ru" };
  GThread *threads[3];
  gint64 end;
  guint code = 0;

  /* Made and published, in English. */
  made = get (link, NULL, &code);
  g_assert_cmpuint (code, ==, 200);

  /* The main loop held: nothing iterates it while the clients ask. */
  threads[0] = g_thread_new ("client", portal_request_thread, &page);
  threads[1] = g_thread_new ("client", portal_request_thread, &status);
  threads[2] = g_thread_new ("client", portal_request_thread, &unmade);
  end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  while ((!g_atomic_int_get (&page.done) || !g_atomic_int_get (&status.done)) &&
         g_get_monotonic_time () < end)
    g_usleep (1000);
  g_assert_true (g_atomic_int_get (&page.done));
  g_assert_true (g_atomic_int_get (&status.done));
  g_assert_cmpuint (page.status, ==, 200);
  g_assert_cmpuint (status.status, ==, 200);
  held = portal_request_text (&page);
  json = portal_request_text (&status);
  assert_contains (held, "<html lang=\"en\">", "held");
  assert_contains (held, "name=\"csrf\"", "held");
  assert_contains (json, "\"version\":", "status");
  /* His Russian page was never made: it waits for the main loop. */
  g_assert_false (g_atomic_int_get (&unmade.done));

  while (!g_atomic_int_get (&unmade.done))
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  g_assert_cmpuint (unmade.status, ==, 200);
  waited = portal_request_text (&unmade);
  assert_contains (waited, "<html lang=\"ru\">", "waited");
  portal_request_clear (&page);
  portal_request_clear (&status);
  portal_request_clear (&unmade);
}

/* The section "What your side knows" of @page. */
static char *
known_section (const char *page)
{
  const char *start = strstr (page, "<section id=\"known\">");
  const char *end = start != NULL ? strstr (start, "</section>") : NULL;

  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start));
}

/* The section @id of @page. */
static char *
page_section (const char *page,
              const char *id)
{
  g_autofree char *open = g_strdup_printf ("<section id=\"%s\">", id);
  const char *start = strstr (page, open);
  const char *end = start != NULL ? strstr (start, "</section>") : NULL;

  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start));
}

/* Times @needle occurs in @haystack. */
static guint
occurrences (const char *haystack,
             const char *needle)
{
  guint n = 0;

  for (const char *at = strstr (haystack, needle); at != NULL;
       at = strstr (at + strlen (needle), needle))
    n++;
  return n;
}

/* His own fleet cards on his phone name each ship's formation's faction by its symbol on its
 * colour — the map's outline (admiralty_faction_symbol_svg ()) — and by its name: never by
 * colour alone. */
static void
test_fleet_faction (void)
{
  AdmScenario *scenario = adm_campaign_get_scenario (komarr);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);
  guint pages = 0;

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *link = link_of (admiral->id);
      g_autofree char *page = NULL, *fleet = NULL, *symbol = NULL, *field = NULL;
      g_autofree char *faction = escaped (admiral->faction->name);
      guint status = 0, cards;

      page = get (link, "en", &status);
      g_assert_cmpuint (status, ==, 200);
      fleet = page_section (page, "fleet");
      cards = occurrences (fleet, "<div class=\"card\">");
      if (cards == 0)
        continue;
      symbol = admiralty_faction_symbol_svg (
        admiral->faction->symbol,
        (guint32) g_ascii_strtoull (admiral->faction->colour + 1, NULL, 16), 16,
        adm_faction_symbol_get_title (admiral->faction->symbol));
      g_assert_true (g_str_has_prefix (symbol, "<svg class=\"sym\""));
      field = g_strdup_printf ("<dt>Faction</dt><dd>%s %s</dd>", symbol, faction);
      /* Every card of his, one faction field each. */
      g_assert_cmpuint (occurrences (fleet, field), ==, cards);
      g_assert_cmpuint (occurrences (fleet, "<dt>Faction</dt>"), ==, cards);
      pages++;
    }
  g_assert_cmpuint (pages, >=, 2);
}

/* F-STRAT-3: what an admiral's page tells of an enemy formation's strength is what his side
 * saw of it, through the engine's filter: no number for a formation his side never met (its
 * position on the map is public, its strength is not), and one it saw as of that sighting,
 * marked with its cycle. */
static void
test_known_strength (void)
{
  AdmStrategy *strategy = strategy_of (komarr);
  AdmScenario *scenario = adm_campaign_get_scenario (komarr);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);
  guint unseen = 0, sighted = 0;

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *link = link_of (admiral->id);
      g_autofree char *page = NULL, *known = NULL;
      g_autoptr(GPtrArray) formations = adm_audience_known_formations (strategy,
                                                                       admiral->faction);
      guint status = 0;

      page = get (link, "en", &status);
      g_assert_cmpuint (status, ==, 200);
      known = known_section (page);
      for (guint f = 0; f < formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (formations, f);
          g_autofree char *name = escaped (formation->name);
          g_autofree char *row = NULL, *faction = escaped (formation->faction->name);
          g_autofree char *symbol = NULL;
          const char *at;
          guint ships = 0, cycle = 0;

          if (adm_scenario_factions_allied (scenario, formation->faction, admiral->faction))
            continue;
          /* Its faction by its symbol on its colour as well as by name, the symbol's outline
           * the map's own. */
          symbol = admiralty_faction_symbol_svg (
            formation->faction->symbol,
            (guint32) g_ascii_strtoull (formation->faction->colour + 1, NULL, 16), 16,
            adm_faction_symbol_get_title (formation->faction->symbol));
          g_assert_true (g_str_has_prefix (symbol, "<svg class=\"sym\""));
          row = g_strdup_printf ("<tr><td data-l=\"Formation\">%s</td>"
                                 "<td data-l=\"Faction\">%s %s</td>", name, symbol, faction);
          at = strstr (known, row);
          g_assert_nonnull (at);
          at = strstr (at + strlen (row), "</td><td data-l=\"Ships\">");
          g_assert_nonnull (at);
          at += strlen ("</td><td data-l=\"Ships\">");
          if (!adm_audience_side_strength (strategy, admiral->faction, formation, &ships, &cycle))
            {
              g_assert_true (g_str_has_prefix (at, "—</td>"));
              unseen++;
            }
          else
            {
              g_autofree char *text = g_strdup_printf ("%u ship%s<br><small>last seen cycle %u"
                                                       "</small>", ships,
                                                       ships == 1 ? "" : "s", cycle);

              g_assert_cmpuint (cycle, >, 0);
              g_assert_true (g_str_has_prefix (at, text));
              sighted++;
            }
        }
    }
  /* Komarr after six cycles: both kinds on some admiral's page. */
  g_assert_cmpuint (unseen, >=, 1);
  g_assert_cmpuint (sighted, >=, 1);
}

/* @page without what each request fills in: the CSP nonce, the CSRF token, the server's time
 * and the countdown's text. */
static char *
page_template (const char *page)
{
  static const char * const patterns[][2] = {
    { "nonce=\"[^\"]*\"", "nonce=\"\"" },
    { "name=\"csrf\" value=\"[^\"]*\"", "name=\"csrf\" value=\"\"" },
    { "data-now=\"[^\"]*\"", "data-now=\"\"" },
    { "(id=\"clock\"[^>]*>)[^<]*", "\\1" },
  };
  char *text = g_strdup (page);

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autoptr(GRegex) regex = g_regex_new (patterns[i][0], 0, 0, NULL);
      char *replaced = g_regex_replace (regex, text, -1, 0, patterns[i][1], 0, NULL);

      g_free (text);
      text = replaced;
    }
  return text;
}

/* The version status.json gives for @admiral_id's page. */
static guint
status_version (const char *admiral_id)
{
  g_autofree char *link = link_of (admiral_id);
  g_autofree char *url = g_strconcat (link, "status.json", NULL);
  g_autofree char *json = NULL;
  guint status = 0, version = 0;

  json = get (url, "en", &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_cmpint (sscanf (json, "{\"version\":%u,", &version), ==, 1);
  return version;
}

/* A report's third-level headings (a formation, an engagement, a battle) are <h5> on the
 * page; on a phone the browser's own size for them (0.83em) is smaller than the text under
 * them, so the page's style sizes them as its h3 and h4, at the text's size, bold. */
static void
test_report_headings (void)
{
  g_autofree char *link = link_of ("vorkosigan");
  g_autofree char *page = NULL;
  guint status = 0;

  page = get (link, "en", &status);
  g_assert_cmpuint (status, ==, 200);
  assert_contains (page, "<h5>", "vorkosigan");
  assert_contains (page, "h3,h4,h5,h6{font-size:1em;", "vorkosigan");
}

/* An engagement of the last cycle not fought yet, an admiral whose side is in it (@insider)
 * and one whose side is not (@outsider). */
static const AdmQueuedEngagement *
engagement_with_outsider (GPtrArray         *queue,
                          const AdmAdmiral **outsider,
                          const AdmAdmiral **insider)
{
  AdmScenario *scenario = adm_campaign_get_scenario (komarr);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);
  AdmStrategy *strategy = strategy_of (komarr);
  const AdmQueuedEngagement *engagement = NULL;

  *outsider = *insider = NULL;
  for (guint e = 0; e < queue->len && *outsider == NULL; e++)
    {
      engagement = g_ptr_array_index (queue, e);
      if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
        continue;
      for (guint a = 0; a < admirals->len; a++)
        {
          const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
          gboolean there = FALSE;

          for (guint f = 0; f < engagement->formation_ids->len; f++)
            there = there || adm_scenario_factions_allied (
              scenario, admiral->faction,
              adm_strategy_lookup_formation (strategy,
                                             g_ptr_array_index (engagement->formation_ids,
                                                                f))->faction);
          if (there && *insider == NULL)
            *insider = admiral;
          else if (!there && *outsider == NULL)
            *outsider = admiral;
        }
      if (*insider == NULL)
        *outsider = NULL;
    }
  g_assert_nonnull (*outsider);
  g_assert_nonnull (*insider);
  g_test_message ("engagement %s; %s's side is not in it", engagement->id, (*outsider)->id);
  return engagement;
}

/* One phase of @engagement's battle, kept in the campaign ("changed" is emitted). */
static void
play_phase (const AdmQueuedEngagement *engagement)
{
  g_autofree char *setup = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  g_autoptr(GError) error = NULL;

  setup = adm_campaign_engagement_setup (komarr, engagement, NULL, &error);
  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), engagement->id, &error);
  g_assert_no_error (error);
  g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (komarr, engagement->id, battle, &error));
  g_assert_no_error (error);
}

/* Nothing observable of a side's page changes when only what it may not know changes: a phase
 * of a battle its side is not in (F-ECM-2, F-STRAT-3) leaves the page of an admiral of that
 * side the same to the byte, and its version in the page and in status.json as it was. The
 * version is his page's own: another admiral's differs. */
static void
test_hidden_battle_phase (void)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (komarr, N_CYCLES);
  const AdmAdmiral *outsider, *insider;
  const AdmQueuedEngagement *engagement = engagement_with_outsider (queue, &outsider, &insider);
  g_autofree char *link = NULL, *before = NULL, *after = NULL;
  g_autofree char *template_before = NULL, *template_after = NULL, *version_text = NULL;
  guint version, status = 0;

  link = link_of (outsider->id);
  before = get (link, "en", &status);
  g_assert_cmpuint (status, ==, 200);
  version = status_version (outsider->id);
  version_text = g_strdup_printf ("data-version=\"%u\"", version);
  assert_contains (before, version_text, outsider->id);
  g_assert_cmpuint (status_version (insider->id), !=, version);

  play_phase (engagement);

  after = get (link, "en", &status);
  g_assert_cmpuint (status, ==, 200);
  template_before = page_template (before);
  template_after = page_template (after);
  g_assert_cmpstr (template_after, ==, template_before);
  g_assert_cmpuint (status_version (outsider->id), ==, version);
}

/* His report's PDF asked for while nothing iterates the main loop: answered (from what the
 * server thread holds), or not within a second. */
static gboolean
pdf_answered_held (PortalRequest *request)
{
  GThread *thread;
  gint64 end = g_get_monotonic_time () + G_USEC_PER_SEC;
  gboolean answered;

  g_atomic_int_set (&request->done, 0);
  thread = g_thread_new ("client", portal_request_thread, request);
  while (!g_atomic_int_get (&request->done) && g_get_monotonic_time () < end)
    g_usleep (1000);
  answered = g_atomic_int_get (&request->done);
  while (!g_atomic_int_get (&request->done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  g_assert_cmpuint (request->status, ==, 200);
  return answered;
}

/* The admiral who commands a formation of @engagement: his report tells its battle. */
static const AdmAdmiral *
commander_in (const AdmQueuedEngagement *engagement)
{
  for (guint f = 0; f < engagement->formation_ids->len; f++)
    {
      const AdmFormation *formation =
        adm_strategy_lookup_formation (strategy_of (komarr),
                                       g_ptr_array_index (engagement->formation_ids, f));

      if (formation != NULL && formation->admiral != NULL)
        return formation->admiral;
    }
  g_assert_not_reached ();
}

/* A report's PDF answers as fast after a change of the campaign as before it, unless his report
 * changed: a phase of a battle his side is not in (F-ECM-2, F-STRAT-3) leaves his PDF served
 * as it was, at once, while the PDF of the admiral whose formation fights it is drawn again.
 * Were every PDF drawn again after any change, an admiral timing his own would learn when
 * something happened that his side may not know. */
static void
test_hidden_battle_phase_pdf (void)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (komarr, N_CYCLES);
  const AdmAdmiral *outsider, *insider;
  const AdmQueuedEngagement *engagement = engagement_with_outsider (queue, &outsider, &insider);
  const AdmAdmiral *commander = commander_in (engagement);
  g_autofree char *out_link = link_of (outsider->id), *in_link = link_of (commander->id);
  g_autofree char *out_url = g_strdup_printf ("%sreport-%u.pdf", out_link, N_CYCLES);
  g_autofree char *in_url = g_strdup_printf ("%sreport-%u.pdf", in_link, N_CYCLES);
  g_autofree char *in_before = NULL, *in_after = NULL;
  PortalRequest out_pdf = { .method = "GET", .url = out_url, .language = "en" };
  PortalRequest in_pdf = { .method = "GET", .url = in_url, .language = "en" };
  g_autoptr(GBytes) out_before = NULL;

  /* Made, published, and from then on answered by the server thread alone. */
  portal_request_run (&out_pdf);
  g_assert_cmpuint (out_pdf.status, ==, 200);
  out_before = g_bytes_ref (out_pdf.response);
  portal_request_clear (&out_pdf);
  portal_request_run (&in_pdf);
  g_assert_cmpuint (in_pdf.status, ==, 200);
  in_before = pdf_text_of (in_pdf.response);
  portal_request_clear (&in_pdf);
  g_assert_true (pdf_answered_held (&out_pdf));
  portal_request_clear (&out_pdf);

  play_phase (engagement);

  /* At once, before the PDFs are checked again, and after. */
  g_assert_true (pdf_answered_held (&out_pdf));
  g_assert_true (g_bytes_equal (out_pdf.response, out_before));
  portal_request_clear (&out_pdf);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_true (pdf_answered_held (&out_pdf));
  g_assert_true (g_bytes_equal (out_pdf.response, out_before));
  portal_request_clear (&out_pdf);

  /* His formation fights it: his report tells the battle, drawn again. */
  g_assert_false (pdf_answered_held (&in_pdf));
  in_after = pdf_text_of (in_pdf.response);
  g_assert_cmpstr (in_after, !=, in_before);
  portal_request_clear (&in_pdf);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *save_path = NULL;
  g_autofree char *localedir = NULL;
  int result;

  g_test_init (&argc, &argv, NULL);
  /* The page's Russian comes from the build's catalogue. */
  localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_setenv ("ADMIRALTY_LOCALEDIR", localedir, TRUE);
  bindtextdomain (GETTEXT_PACKAGE, adm_file_locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  work_dir = g_dir_make_tmp ("admiralty-portal-XXXXXX", &error);
  g_assert_no_error (error);
  save_path = g_build_filename (work_dir, "komarr.admiralty", NULL);
  komarr = played_komarr (save_path, NULL);
  portal = portal_serve_loopback (komarr);

  g_test_add_func ("/portal/F-STRAT-3/each-admiral-his-own", test_each_admiral);
  g_test_add_func ("/portal/security/one-404", test_not_found);
  g_test_add_func ("/portal/security/tokens-file", test_tokens_file);
  g_test_add_func ("/portal/security/body-bound", test_body_bound);
  g_test_add_func ("/portal/security/hostile-names", test_hostile_names);
  g_test_add_func ("/portal/security/rate-limit", test_rate_limit);
  g_test_add_func ("/portal/security/range-bound", test_range_bound);
  g_test_add_func ("/portal/security/idle-timeout", test_idle_timeout);
  g_test_add_func ("/portal/security/csrf-once", test_csrf_once);
  g_test_add_func ("/portal/F-STRAT-3/F-STRAT-16/sheet", test_sheet);
  g_test_add_func ("/portal/F-STRAT-3/F-STRAT-16/ship-oracle", test_ship_oracle);
  g_test_add_func ("/portal/F-STRAT-17/administrative", test_administrative);
  g_test_add_func ("/portal/final", test_final);
  g_test_add_func ("/portal/page/language", test_language);
  g_test_add_func ("/portal/page/report-headings", test_report_headings);
  g_test_add_func ("/portal/F-STRAT-8/F-STRAT-16/guided-read-back", test_guided_read_back);
  g_test_add_func ("/portal/flow/refused-comes-back-filled", test_refused_comes_back_filled);
  g_test_add_func ("/portal/flow/clock-pause", test_clock_pause);
  g_test_add_func ("/portal/paper/packet-qr", test_packet_qr);
  g_test_add_func ("/portal/cli/serve", test_cli_serve);
  g_test_add_func ("/portal/cli/fd-exhaustion", test_fd_exhaustion);
  g_test_add_func ("/portal/threads/main-loop-held", test_main_loop_held);
  g_test_add_func ("/portal/F-STRAT-3/known-strength", test_known_strength);
  g_test_add_func ("/portal/fleet-faction", test_fleet_faction);
  /* Last: it keeps a battle's phase in the campaign. */
  g_test_add_func ("/portal/F-ECM-2/hidden-battle-phase", test_hidden_battle_phase);
  g_test_add_func ("/portal/F-ECM-2/hidden-battle-phase-pdf", test_hidden_battle_phase_pdf);
  result = g_test_run ();

  g_clear_object (&portal);
  g_clear_object (&komarr);
  if (result == 0)
    remove_tree (work_dir);
  g_free (work_dir);
  return result;
}
