/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-portal-intake.c: what an admiral hands in on his phone, and what the campaign cannot keep,
 * against a libsoup client on 127.0.0.1 (portal-helpers.h), under the sanitizers in CI
 * (.ci/run), the campaign saved in a folder of its own:
 *  - F-GEN-6: a muster with a formation named with a character the campaign's file cannot
 *    hold (U+0001, U+001F, U+FFFF) is refused by the muster's own check, in words an admiral
 *    understands, before the journal sees it: nothing kept, the portal serving on;
 *  - a muster, a sheet taken on arrival, a sheet marked final as it is handed in, and the
 *    master's acceptance of a sheet, while the campaign cannot be saved (its file made
 *    read-only): nothing kept, the phone told "Not received — the master’s computer cannot
 *    save" and nothing of the master's file, the master told why once a hand-in ("warning"),
 *    the portal serving on; handed in again once the file can be written, taken;
 *  - an order sheet whose instructions hold such a character is refused as it is handed in,
 *    in words of its own: never "Received";
 *  - F-FORM-8: the muster form says the rule as the season has it; F-GEN-6: a read-back says
 *    every refusal of the muster at once;
 *  - F-GEN-3: a sheet and its final mark arrive once whatever the order of the hand-in, the
 *    mark and their repeats, with the master's computer restarted between: the sheet waiting
 *    for the master and the mark are journaled as they arrive (ruling
 *    "portal-sheet-journaled"), and the master's Undo passes the phones' posts by. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include "admiralty-engine.h"
#include "adm-portal.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "portal-helpers.h"
#include "shipped-helpers.h"
#include "text-helpers.h"

#define NOT_RECEIVED "Not received — the master’s computer cannot save"

typedef struct {
  char        *dir;
  char        *path;      /* the campaign's file */
  AdmCampaign *campaign;
  AdmPortal   *portal;
  GPtrArray   *warnings;  /* char*: the portal's "warning"s */
} Fixture;

static void
warning_cb (AdmPortal  *portal,
            const char *message,
            Fixture    *fixture)
{
  g_ptr_array_add (fixture->warnings, g_strdup (message));
}

static void
fixture_start (Fixture     *fixture,
               AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("admiralty-portal-intake-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->dir, "campaign.admiralty", NULL);
  fixture->campaign = campaign;
  g_assert_true (adm_campaign_save (fixture->campaign, fixture->path, &error));
  g_assert_no_error (error);
  fixture->portal = portal_serve_loopback (fixture->campaign);
  fixture->warnings = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (fixture->portal, "warning", G_CALLBACK (warning_cb), fixture);
}

/* The Komarr muster before cycle 1 (scenarios/komarr-muster.admiralty), nothing handed in. */
static void
muster_setup (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-muster.admiralty");

  fixture_start (fixture, adm_campaign_new (scenario, 1));
}

/* The Komarr campaign in cycle 1. */
static void
campaign_setup (Fixture       *fixture,
                gconstpointer  data)
{
  fixture_start (fixture, komarr_new (NULL, NULL));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_chmod (fixture->path, 0644);
  adm_portal_stop (fixture->portal);
  g_assert_finalize_object (fixture->portal);
  g_assert_finalize_object (fixture->campaign);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->path);
  g_ptr_array_unref (fixture->warnings);
}

/* The campaign's file made read-only by the master, or writable again: a save fails, or
 * goes through. */
static void
set_writable (Fixture  *fixture,
              gboolean  writable)
{
  g_assert_cmpint (g_chmod (fixture->path, writable ? 0644 : 0444), ==, 0);
}

static guint
n_entries (Fixture *fixture)
{
  return adm_journal_get_n_entries (adm_campaign_get_journal (fixture->campaign));
}

static char *
link_of (Fixture    *fixture,
         const char *admiral_id)
{
  return portal_loopback_link (adm_portal_get_link (fixture->portal, admiral_id));
}

static char *
get (const char *url,
     guint      *status)
{
  PortalRequest request = { .method = "GET", .url = url };

  return portal_request_fetch (&request, status);
}

/* A CSRF token of @admiral_id's page, loaded for it. */
static char *
csrf_of (Fixture    *fixture,
         const char *admiral_id)
{
  g_autofree char *link = link_of (fixture, admiral_id);
  guint status = 0;
  g_autofree char *page = get (link, &status);
  const char *start = strstr (page, "name=\"csrf\" value=\"");

  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  g_assert_nonnull (start);
  start += strlen ("name=\"csrf\" value=\"");
  return g_strndup (start, strcspn (start, "\""));
}

/* POSTs "csrf=@csrf&@fields" to @admiral_id's form @action: the answer as it came, a 303 not
 * followed. */
static char *
post_with (Fixture    *fixture,
           const char *admiral_id,
           const char *action,
           const char *csrf,
           const char *fields,
           guint      *status)
{
  g_autofree char *link = link_of (fixture, admiral_id);
  g_autofree char *url = g_strconcat (link, action, NULL);
  g_autofree char *body = g_strdup_printf ("csrf=%s&%s", csrf, fields);
  g_autoptr(GBytes) bytes = g_bytes_new (body, strlen (body));
  PortalRequest request = { .method = "POST", .url = url, .no_redirect = TRUE,
                            .content_type = "application/x-www-form-urlencoded",
                            .body = bytes };

  return portal_request_fetch (&request, status);
}

/* POSTs @fields (url-encoded, without the CSRF token) to @admiral_id's form @action after
 * loading his page for its token: the answer as it came, a 303 not followed. */
static char *
post_form (Fixture    *fixture,
           const char *admiral_id,
           const char *action,
           const char *fields,
           guint      *status)
{
  g_autofree char *csrf = csrf_of (fixture, admiral_id);

  return post_with (fixture, admiral_id, action, csrf, fields, status);
}

/* POSTs @fields to @admiral_id's sheet (post_form ()) and asserts it was taken: a 303 to his
 * page, which is not followed. */
static void
sheet_posted (Fixture    *fixture,
              const char *admiral_id,
              const char *fields)
{
  g_autofree char *answer = NULL;
  guint status = 0;

  answer = post_form (fixture, admiral_id, "sheet", fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
}

/* The muster */

/* Vorkosigan's muster as his page's form gives it, formation 1 named @name (url-encoded). */
static char *
muster_fields (const char *name)
{
  return g_strdup_printf ("n1=%s&n2=Main+Body&h1=1&"
                          "m.prince-serg=1&p.prince-serg=1&m.prince-xav=1&m.emperor-dorca=1&"
                          "m.count-vorhalas=1&m.kyril-island=1&"
                          "m.kestrel=2&p.kestrel=1&m.lord-vorbohn=2&m.vorinnis=2&"
                          "m.vorgarin=2&m.gull=2", name);
}

static AdmMusterStatus
muster_status (Fixture *fixture)
{
  AdmMuster *muster = adm_state_get_muster (adm_campaign_get_state (fixture->campaign));

  return adm_muster_get_entry (muster, "vorkosigan")->status;
}

/* Vorkosigan's muster, its formations named in letters, handed in and taken. */
static void
muster_taken (Fixture *fixture)
{
  g_autofree char *fields = muster_fields ("Home+Squadron");
  g_autofree char *answer = NULL;
  guint status = 0;

  answer = post_form (fixture, "vorkosigan", "muster", fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpint (muster_status (fixture), ==, ADM_MUSTER_HANDED_IN);
}

/* F-GEN-6, F-FORM-3: a formation's name with a character the campaign's file cannot hold is
 * refused by the muster's own check, in the admiral's words, before the journal sees it. */
static void
test_muster_name_unkept (Fixture       *fixture,
                         gconstpointer  data)
{
  static const struct { const char *name; const char *code; } names[] = {
    { "a%01b", "U+0001" }, { "a%1Fb", "U+001F" }, { "a%EF%BF%BFb", "U+FFFF" },
  };
  guint entries = n_entries (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *fields = muster_fields (names[i].name);
      g_autofree char *answer = NULL, *words = NULL, *link = NULL, *page = NULL;
      char *script;
      guint status = 0;

      g_test_message ("formation 1 named %s", names[i].name);
      answer = post_form (fixture, "vorkosigan", "muster", fields, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_UNPROCESSABLE_ENTITY);
      words = g_strdup_printf ("The muster was not handed in: the name of formation 1 of the "
                               "muster holds a character that is not a letter, digit, space "
                               "or sign (%s): type it again without it", names[i].code);
      assert_contains (answer, words, "the refusal");
      /* The words it shows: the page's script, which names the browser's events, aside. */
      script = strstr (answer, "<script");
      if (script != NULL)
        *script = '\0';
      assert_lacks (answer, "event", "the refusal");
      g_assert_cmpint (muster_status (fixture), ==, ADM_MUSTER_NOT_HANDED_IN);
      g_assert_cmpuint (n_entries (fixture), ==, entries);
      /* The portal serves on. */
      link = link_of (fixture, "vorkosigan");
      page = get (link, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
    }
  g_assert_cmpuint (fixture->warnings->len, ==, 0);

  /* The same muster, named in letters: handed in. */
  muster_taken (fixture);
}

/* F-GEN-6: a muster handed in while the campaign cannot be saved, again and again: nothing
 * kept, the phone told it was not received, the master why, once a hand-in. */
static void
test_muster_not_saved (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *fields = muster_fields ("Home+Squadron");
  guint entries = n_entries (fixture);

  set_writable (fixture, FALSE);
  for (guint i = 0; i < 17; i++)
    {
      g_autofree char *answer = NULL;
      guint status = 0;

      answer = post_form (fixture, "vorkosigan", "muster", fields, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SERVICE_UNAVAILABLE);
      assert_contains (answer, NOT_RECEIVED, "the phone's answer");
      assert_lacks (answer, fixture->dir, "the phone's answer");
      assert_lacks (answer, "read-only", "the phone's answer");
      /* His form comes back as he sent it. */
      assert_contains (answer, "value=\"Home Squadron\"", "the phone's answer");
      g_assert_cmpint (muster_status (fixture), ==, ADM_MUSTER_NOT_HANDED_IN);
      g_assert_cmpuint (n_entries (fixture), ==, entries);
      g_assert_cmpuint (fixture->warnings->len, ==, i + 1);
    }
  assert_contains (g_ptr_array_index (fixture->warnings, 0), "Adm. Aral Vorkosigan",
                   "the master's warning");
  assert_contains (g_ptr_array_index (fixture->warnings, 0), fixture->path,
                   "the master's warning");

  set_writable (fixture, TRUE);
  muster_taken (fixture);
}

/* F-FORM-8: the form says the rule as the season has it — its number and its ruling — not
 * a number of its own. */
static void
test_muster_rule_from_season (void)
{
  static const struct { const char *ruling; const char *says; } cases[] = {
    { "six-of-one-category", "A formation has at most 5 ships, all of one category (F-FORM-8)." },
    { "six-per-category", "A formation has at most 5 ships of each category (F-FORM-8)." },
  };
  char *rules = changed_rules_new (NULL, "ruleset", NULL, "clause=\"F-FORM-8\" ships=\"6\"",
                                   "clause=\"F-FORM-8\" ships=\"5\"");
  g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));

  g_setenv ("ADMIRALTY_RULES_PATH", rules, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-muster.admiralty");
      g_autoptr(AdmCampaign) campaign = NULL;
      g_autoptr(AdmPortal) portal = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *link = NULL, *page = NULL;
      guint status = 0;

      g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (scenario),
                                             "formation-composition", cases[i].ruling, &error));
      g_assert_no_error (error);
      campaign = adm_campaign_new (scenario, 1);
      portal = portal_serve_loopback (campaign);
      link = portal_loopback_link (adm_portal_get_link (portal, "vorkosigan"));
      page = get (link, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
      assert_contains (page, cases[i].says, cases[i].ruling);
      assert_lacks (page, "at most 6", cases[i].ruling);
      adm_portal_stop (portal);
    }
  g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
  changed_rules_remove (rules);
}

/* F-GEN-6, F-FORM-4: a read-back says every refusal of the muster at once — the form's own
 * and the engine's, each beside its formation, all of them on top — not one a tap. */
static void
test_muster_every_refusal (Fixture       *fixture,
                           gconstpointer  data)
{
  static const char *const refusals[] = {
    "formation 1 has two flagships, Prince Serg and Prince Xav: a formation has one "
    "(F-FORM-4)",
    "the name of formation 2 of the muster holds a character that is not a letter, digit, "
    "space or sign (U+0001): type it again without it",
    "formation 3 has ships but no name: name it",
    "Gull of the pool is in none of the formations: every ship of the pool is mustered "
    "(F-GEN-6)",
  };
  g_autofree char *answer = NULL;
  const char *message;
  guint status = 0, beside = 0;

  /* Formation 1 with two flagships, formation 2 named with U+0001, formation 3 unnamed,
   * Gull in none. */
  answer = post_form (fixture, "vorkosigan", "muster",
                      "step=check&n1=Home+Squadron&m.prince-serg=1&p.prince-serg=1&"
                      "m.prince-xav=1&p.prince-xav=1&m.emperor-dorca=1&m.count-vorhalas=1&"
                      "n2=a%01b&m.kestrel=2&p.kestrel=1&m.lord-vorbohn=2&m.vorinnis=2&"
                      "m.vorgarin=2&m.kyril-island=3&p.kyril-island=1", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_UNPROCESSABLE_ENTITY);
  message = strstr (answer, "The muster would be refused: ");
  g_assert_nonnull (message);
  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *escaped = g_markup_escape_text (refusals[i], -1);

      assert_contains (message, escaped, "the read-back's message");
    }
  for (const char *p = answer; (p = strstr (p, "<p class=\"refusal\"")) != NULL; p++)
    beside++;
  g_assert_cmpuint (beside, ==, 3);
  g_assert_cmpint (muster_status (fixture), ==, ADM_MUSTER_NOT_HANDED_IN);
}

/* The order sheet */

/* The first formation of the campaign and its admiral. */
static const AdmFormation *
some_formation (Fixture *fixture)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (fixture->campaign));

  for (guint f = 0; f < formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, f);

      if (formation->admiral != NULL)
        return formation;
    }
  g_assert_not_reached ();
}

/* His page as the browser is sent to it after a hand-in. */
static char *
page_of (Fixture    *fixture,
         const char *admiral_id)
{
  g_autofree char *link = link_of (fixture, admiral_id);
  guint status = 0;
  char *page = get (link, &status);

  g_assert_cmpuint (status, ==, SOUP_STATUS_OK);
  return page;
}

/* A sheet taken on arrival ("accept-on-arrival"), and one marked final as it is handed in,
 * while the campaign cannot be saved: not received, the phone told so and never "Received",
 * nothing kept; taken once it can be saved. */
static void
test_sheet_on_arrival_not_saved (Fixture       *fixture,
                                 gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  const char *id = formation->admiral->id;
  g_autofree char *fields = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+the+line", formation->id);
  g_autofree char *final = g_strdup_printf ("%s&final=yes", fields);
  const char *posts[] = { fields, final };
  guint entries = n_entries (fixture);

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  set_writable (fixture, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (posts); i++)
    {
      g_autofree char *answer = NULL, *page = NULL;
      guint status = 0;

      answer = post_form (fixture, id, "sheet", posts[i], &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
      page = page_of (fixture, id);
      assert_contains (page, NOT_RECEIVED, "his page");
      assert_lacks (page, "Received at", "his page");
      assert_lacks (page, fixture->dir, "his page");
      /* His form comes back as he sent it. */
      assert_contains (page, "Hold the line", "his page");
      g_assert_null (adm_portal_get_sheet (fixture->portal, id));
      g_assert_false (adm_portal_get_final (fixture->portal, id));
      g_assert_null (adm_strategy_get_sheet (strategy_of (fixture->campaign), 1, id));
      g_assert_cmpuint (n_entries (fixture), ==, entries);
      g_assert_cmpuint (fixture->warnings->len, ==, i + 1);
    }

  set_writable (fixture, TRUE);
  {
    g_autofree char *answer = NULL, *page = NULL;
    guint status = 0;

    answer = post_form (fixture, id, "sheet", fields, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    page = page_of (fixture, id);
    assert_contains (page, "accepted by the master", "his page");
    assert_lacks (page, NOT_RECEIVED, "his page");
    g_assert_nonnull (adm_strategy_get_sheet (strategy_of (fixture->campaign), 1, id));
  }
}

/* The master accepts a sheet waiting in the portal while the campaign cannot be saved: he is
 * told why, the sheet waits on, and his phone says so — never a refusal, nor the master's
 * file. */
static void
test_sheet_accept_not_saved (Fixture       *fixture,
                             gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  const char *id = formation->admiral->id;
  g_autofree char *fields = g_strdup_printf ("f0=%s&o0=defend", formation->id);
  g_autofree char *answer = NULL, *page = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0;

  answer = post_form (fixture, id, "sheet", fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpint (adm_portal_get_sheet (fixture->portal, id)->status, ==,
                   ADM_PORTAL_SHEET_PENDING);
  set_writable (fixture, FALSE);
  g_assert_false (adm_portal_accept (fixture->portal, id, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE);
  g_clear_error (&error);
  g_assert_cmpint (adm_portal_get_sheet (fixture->portal, id)->status, ==,
                   ADM_PORTAL_SHEET_PENDING);
  page = page_of (fixture, id);
  assert_contains (page, "waiting for the master", "his page");
  assert_lacks (page, "not taken", "his page");
  assert_lacks (page, fixture->dir, "his page");

  set_writable (fixture, TRUE);
  g_assert_true (adm_portal_accept (fixture->portal, id, &error));
  g_assert_no_error (error);
  g_free (page);
  page = page_of (fixture, id);
  assert_contains (page, "accepted by the master", "his page");
}

/* Instructions with a character the campaign's file cannot hold: refused as the sheet is
 * handed in, in words of their own, the form back as he sent it — never "Received", with or
 * without the sheet taken on arrival. */
static void
test_sheet_unkept_characters (Fixture       *fixture,
                              gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  const char *id = formation->admiral->id;
  g_autofree char *fields = g_strdup_printf ("f0=%s&o0=defend&i0=Hold%%01the+line",
                                             formation->id);
  guint entries = n_entries (fixture);

  for (guint on_arrival = 0; on_arrival < 2; on_arrival++)
    {
      g_autofree char *answer = NULL, *page = NULL;
      guint status = 0;

      adm_portal_set_accept_on_arrival (fixture->portal, on_arrival);
      answer = post_form (fixture, id, "sheet", fields, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
      page = page_of (fixture, id);
      assert_contains (page, "The sheet was refused: the instructions hold a character that "
                       "is not a letter, digit, space or sign (U+0001): write them again "
                       "without it", "his page");
      assert_lacks (page, "Received at", "his page");
      g_assert_null (adm_portal_get_sheet (fixture->portal, id));
      g_assert_cmpuint (n_entries (fixture), ==, entries);
    }
  g_assert_cmpuint (fixture->warnings->len, ==, 0);
}

/* Client ids: a phone sends its sheet again, with the id it gave it, until it hears the
 * answer (F-GEN-3: one sheet per admiral and cycle is what the master gets from it). */

#define CLIENT_A "0123456789abcdef0123456789abcdef"
#define CLIENT_B "fedcba9876543210fedcba9876543210"

/* A formation commanded by an admiral other than @admiral_id. */
static const AdmFormation *
formation_not_of (Fixture    *fixture,
                  const char *admiral_id)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy_of (fixture->campaign));

  for (guint f = 0; f < formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, f);

      if (formation->admiral != NULL && !g_str_equal (formation->admiral->id, admiral_id))
        return formation;
    }
  g_assert_not_reached ();
}

/* The "sheet" events of @admiral_id's for @cycle in the journal's events in effect: what the
 * master's Orders tab lists. The last one's client id in @client. */
static guint
journaled_sheets (Fixture     *fixture,
                  const char  *admiral_id,
                  guint        cycle,
                  const char **client)
{
  GPtrArray *events = adm_campaign_get_events (fixture->campaign);
  g_autofree char *number = g_strdup_printf ("%u", cycle);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), "sheet") &&
          g_strcmp0 (adm_event_get (event, "admiral"), admiral_id) == 0 &&
          g_strcmp0 (adm_event_get (event, "cycle"), number) == 0)
        {
          n++;
          if (client != NULL)
            *client = adm_event_get (event, "client");
        }
    }
  return n;
}

static void
count_cb (AdmPortal  *portal,
          const char *admiral_id,
          guint      *count)
{
  (*count)++;
}

/* Forged client ids and cycles, each posted with @fields to @admiral_id's @action under
 * @csrf, are refused before anything else, with words that say what an id is and repeat
 * nothing of it, nothing journaled and @csrf not used up. */
static void
assert_bad_clients (Fixture    *fixture,
                    const char *admiral_id,
                    const char *action,
                    const char *csrf,
                    const char *fields)
{
  g_autofree char *a65 = g_strnfill (65, 'a'), *b10000 = g_strnfill (10000, 'b');
  g_autofree char *too_long = g_strconcat ("client=", a65, NULL);
  g_autofree char *huge = g_strconcat ("client=", b10000, NULL);
  const char *bad[] = {
    "client=0123456789abcde",                          /* 15: too short */
    "client=",                                          /* empty */
    too_long, huge,                                     /* 65, then 10,000 */
    "client=0123456789abcdef%3Cscript%3E",              /* "<script>" */
    "client=0123456789abcdef+0123",                     /* a space */
    "client=%D0%B0%D0%B1%D0%B2%D0%B3%D0%B4%D0%B5%D0%B6%D0%B7%D0%B8%D0%B9%D0%BA%D0%BB%D0%BC"
    "%D0%BD%D0%BE%D0%BF",                               /* 16 Cyrillic letters */
    "client=" CLIENT_A "&cycle=0",
    "client=" CLIENT_A "&cycle=one",
    "client=" CLIENT_A "&cycle=99999999999",
    "cycle=-1",
  };
  guint entries = n_entries (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *posted = g_strdup_printf ("%s&%s", fields, bad[i]);
      g_autofree char *answer = NULL;
      guint status = 0;

      answer = post_with (fixture, admiral_id, action, csrf, posted, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_BAD_REQUEST);
      g_assert_true (g_str_has_prefix (answer, "Bad request: the "));
      assert_lacks (answer, "script", "the refusal");
      assert_lacks (answer, "aaaaaaaaaaaaaaaa", "the refusal");
      g_assert_cmpuint (n_entries (fixture), ==, entries);
    }
}

/* Forged client ids and cycles of a sheet are refused before anything else, nothing kept and
 * his CSRF token not used up: the same token then hands the sheet in. */
static void
test_client_bad (Fixture       *fixture,
                 gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  const char *id = formation->admiral->id;
  g_autofree char *csrf = csrf_of (fixture, id);
  g_autofree char *plain = g_strdup_printf ("f0=%s&o0=defend", formation->id);
  guint received = 0;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  g_signal_connect (fixture->portal, "sheet-received", G_CALLBACK (count_cb), &received);
  assert_bad_clients (fixture, id, "sheet", csrf, plain);
  g_assert_null (adm_portal_get_sheet (fixture->portal, id));
  g_assert_cmpuint (received, ==, 0);
  {
    g_autofree char *fields = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=1",
                                               formation->id, CLIENT_A);
    g_autofree char *answer = NULL;
    guint status = 0;

    answer = post_with (fixture, id, "sheet", csrf, fields, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    g_assert_cmpuint (received, ==, 1);
  }
}

/* A sheet sent again with its id, its answer lost — with the page's CSRF token used up, or a
 * new one, or other orders — is answered as the first and kept once: one "sheet" event in
 * the journal, with the id, one "sheet-received". Without an id, a post with a token used up
 * hands nothing in, as before. */
static void
test_client_repeat (Fixture       *fixture,
                    gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  const char *id = formation->admiral->id;
  g_autofree char *csrf = csrf_of (fixture, id);
  g_autofree char *fields = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+the+line&client=%s&"
                                             "cycle=1", formation->id, CLIENT_A);
  g_autofree char *other = g_strdup_printf ("f0=%s&o0=patrol&client=%s&cycle=1",
                                            formation->id, CLIENT_A);
  g_autofree char *plain = g_strdup_printf ("f0=%s&o0=patrol", formation->id);
  const AdmPortalSheet *sheet;
  const char *client = NULL;
  guint received = 0;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  g_signal_connect (fixture->portal, "sheet-received", G_CALLBACK (count_cb), &received);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *fresh = i == 2 ? csrf_of (fixture, id) : NULL;
      g_autofree char *answer = NULL;
      guint status = 0;

      answer = post_with (fixture, id, "sheet", fresh != NULL ? fresh : csrf,
                          i == 3 ? other : fields, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
      g_assert_cmpuint (received, ==, 1);
      g_assert_cmpuint (journaled_sheets (fixture, id, 1, &client), ==, 1);
      g_assert_cmpstr (client, ==, CLIENT_A);
    }
  sheet = adm_portal_get_sheet (fixture->portal, id);
  g_assert_cmpstr (adm_event_get_text (g_ptr_array_index (sheet->events, 2)), ==,
                   "Hold the line");
  {
    g_autofree char *answer = NULL;
    guint status = 0;

    answer = post_with (fixture, id, "sheet", csrf, plain, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_FORBIDDEN);
    g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  }
}

/* Another admiral's sheet with the same id is his own, not a repeat of the first: sent with
 * a token not his page's, it is refused as any such post (never answered as the first
 * admiral's sheet); with his own, kept as his. Neither sheet changes the other. */
static void
test_client_other_admiral (Fixture       *fixture,
                           gconstpointer  data)
{
  const AdmFormation *first = some_formation (fixture);
  const AdmFormation *second = formation_not_of (fixture, first->admiral->id);
  const char *a = first->admiral->id, *b = second->admiral->id;
  g_autofree char *csrf_a = csrf_of (fixture, a);
  g_autofree char *fields_a = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=1", first->id,
                                               CLIENT_A);
  g_autofree char *fields_b = g_strdup_printf ("f0=%s&o0=patrol&client=%s&cycle=1", second->id,
                                               CLIENT_A);
  guint received = 0;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  g_signal_connect (fixture->portal, "sheet-received", G_CALLBACK (count_cb), &received);
  {
    g_autofree char *answer = NULL;
    guint status = 0;

    answer = post_with (fixture, a, "sheet", csrf_a, fields_a, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    /* His id on another's page, with his token: that page's token it is not. */
    g_free (answer);
    answer = post_with (fixture, b, "sheet", csrf_a, fields_b, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_FORBIDDEN);
    assert_lacks (answer, "Received at", "the other admiral's page");
    g_assert_null (adm_portal_get_sheet (fixture->portal, b));
    g_assert_cmpuint (journaled_sheets (fixture, b, 1, NULL), ==, 0);
    g_free (answer);
    answer = post_form (fixture, b, "sheet", fields_b, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    g_free (answer);
    answer = post_form (fixture, b, "sheet", fields_b, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    g_free (answer);
    answer = post_form (fixture, a, "sheet", fields_a, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  }
  g_assert_cmpuint (received, ==, 2);
  g_assert_cmpuint (journaled_sheets (fixture, a, 1, NULL), ==, 1);
  g_assert_cmpuint (journaled_sheets (fixture, b, 1, NULL), ==, 1);
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (adm_portal_get_sheet (fixture->portal,
                                                                           a)->events, 1),
                                  "order"), ==, "defend");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (adm_portal_get_sheet (fixture->portal,
                                                                           b)->events, 1),
                                  "order"), ==, "patrol");
}

/* After the session: cycle 1's sheet sent again with its id and cycle is answered as the
 * first and kept nowhere else; its id said for cycle 2, or with no cycle, is refused, as is a
 * sheet for a cycle to come; a sheet
 * never received that was for cycle 1 is not taken as cycle 2's — his form comes back as he
 * wrote it, saying so —; cycle 2's own sheet is taken. */
static void
test_client_old_cycle (Fixture       *fixture,
                       gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  const char *id = formation->admiral->id;
  g_autofree char *first = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=1", formation->id,
                                            CLIENT_A);
  g_autofree char *as_two = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=2",
                                             formation->id, CLIENT_A);
  g_autofree char *unsaid = g_strdup_printf ("f0=%s&o0=defend&client=%s", formation->id,
                                             CLIENT_A);
  g_autofree char *late = g_strdup_printf ("f0=%s&o0=defend&i0=Late+words&client=%s&cycle=1",
                                           formation->id, CLIENT_B);
  g_autofree char *second = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=2",
                                             formation->id, CLIENT_B);
  g_autofree char *ahead = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=3",
                                            formation->id, CLIENT_B);
  g_autofree char *answer = NULL;
  guint status = 0, received = 0;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  g_signal_connect (fixture->portal, "sheet-received", G_CALLBACK (count_cb), &received);
  answer = post_form (fixture, id, "sheet", first, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  komarr_end_cycle (fixture->campaign, g_get_real_time () / G_USEC_PER_SEC);
  g_assert_cmpuint (adm_strategy_get_cycle (strategy_of (fixture->campaign)), ==, 2);

  g_free (answer);
  answer = post_form (fixture, id, "sheet", first, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (answer);
  answer = post_form (fixture, id, "sheet", as_two, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  g_free (answer);
  answer = post_form (fixture, id, "sheet", unsaid, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  g_free (answer);
  answer = post_form (fixture, id, "sheet", ahead, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  g_assert_cmpstr (answer, ==, "Conflict: that cycle has not begun\n");
  g_free (answer);
  answer = post_form (fixture, id, "sheet", late, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  assert_contains (answer, "Your sheet for cycle 1 was not handed in before its session, and "
                   "cycle 2’s orders are open now.", "the answer");
  assert_contains (answer, "Late words", "the answer");
  g_assert_cmpuint (received, ==, 1);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  g_assert_cmpuint (journaled_sheets (fixture, id, 2, NULL), ==, 0);

  g_free (answer);
  answer = post_form (fixture, id, "sheet", second, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (journaled_sheets (fixture, id, 2, NULL), ==, 1);
  g_assert_cmpuint (received, ==, 2);
}

/* The master's computer restarts between the hand-in and its repeat: the journaled sheet's
 * id is read from the journal, and the repeat kept nowhere. */
static void
test_client_after_restart (Fixture       *fixture,
                           gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  /* The campaign opened again is another object: its admiral's id kept apart. */
  g_autofree char *id = g_strdup (formation->admiral->id);
  g_autofree char *fields = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=1",
                                             formation->id, CLIENT_A);
  g_autofree char *csrf = csrf_of (fixture, id);
  g_autofree char *answer = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  answer = post_with (fixture, id, "sheet", csrf, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  adm_portal_stop (fixture->portal);
  g_assert_finalize_object (fixture->portal);
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (fixture->path, &error);

    g_assert_no_error (error);
    g_object_unref (fixture->campaign);
    fixture->campaign = g_steal_pointer (&reopened);
  }
  fixture->portal = portal_serve_loopback (fixture->campaign);
  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  g_free (answer);
  answer = post_with (fixture, id, "sheet", csrf, fields, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  /* The sheet taken on arrival, as the journal keeps it. */
  g_assert_cmpint (adm_portal_get_sheet (fixture->portal, id)->status, ==,
                   ADM_PORTAL_SHEET_ACCEPTED);
}

/* The one check: a "sheet" event's client id is the phone's kind of id, or none. */
static void
test_client_journal_check (Fixture       *fixture,
                           gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  g_autoptr(AdmEvent) sheet = adm_order_sheet_event_new (formation->admiral->id, 1,
                                                         g_get_real_time () / G_USEC_PER_SEC,
                                                         FALSE);
  g_autoptr(GError) error = NULL;
  guint entries = n_entries (fixture);

  adm_event_set (sheet, "client", "not an id");
  g_assert_false (adm_campaign_append (fixture->campaign, sheet, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  assert_contains (error->message, "client id is not 16 to 64 letters", "the refusal");
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_clear_error (&error);
  adm_event_set (sheet, "client", CLIENT_A);
  g_assert_true (adm_campaign_append (fixture->campaign, sheet, &error));
  g_assert_no_error (error);
}

/* Musters and final marks sent again */

/* The "muster" events of Vorkosigan's in the journal's events in effect; the last one's
 * client id in @client. */
static guint
journaled_musters (Fixture     *fixture,
                   const char **client)
{
  GPtrArray *events = adm_campaign_get_events (fixture->campaign);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), "muster") &&
          g_strcmp0 (adm_event_get (event, "admiral"), "vorkosigan") == 0)
        {
          n++;
          if (client != NULL)
            *client = adm_event_get (event, "client");
        }
    }
  return n;
}

static void
append_decision (Fixture    *fixture,
                 const char *kind,
                 const char *admiral_id)
{
  g_autoptr(AdmEvent) event = adm_event_new (kind, g_get_real_time () / G_USEC_PER_SEC);
  g_autoptr(GError) error = NULL;

  if (admiral_id != NULL)
    adm_event_set (event, "admiral", admiral_id);
  if (g_str_equal (kind, "muster-return"))
    adm_event_set (event, "reason", "Kyril Island stays with the squadron");
  if (!adm_campaign_append (fixture->campaign, event, &error))
    g_error ("%s: %s", kind, error->message);
}

/* F-GEN-6: forged ids and cycles of a muster are refused before anything else, his token not
 * used up; a muster said for a cycle not under way is refused (409); another admiral's muster
 * with his id is that admiral's own, never answered as his: refused for ships not of that
 * admiral's pool. */
static void
test_muster_client_bad (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *csrf = csrf_of (fixture, "vorkosigan");
  g_autofree char *fields = muster_fields ("Home+Squadron");
  g_autofree char *with_id = g_strdup_printf ("%s&client=%s", fields, CLIENT_A);
  g_autofree char *for_cycle = g_strdup_printf ("%s&client=%s&cycle=2", fields, CLIENT_B);
  g_autofree char *answer = NULL;
  guint status = 0;

  assert_bad_clients (fixture, "vorkosigan", "muster", csrf, fields);
  g_assert_cmpuint (journaled_musters (fixture, NULL), ==, 0);
  answer = post_with (fixture, "vorkosigan", "muster", csrf, for_cycle, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  g_assert_cmpuint (journaled_musters (fixture, NULL), ==, 0);
  g_free (answer);
  answer = post_form (fixture, "vorkosigan", "muster", with_id, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (answer);
  answer = post_form (fixture, "vorlakial", "muster", with_id, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_UNPROCESSABLE_ENTITY);
  g_assert_cmpuint (journaled_musters (fixture, NULL), ==, 1);
  g_assert_cmpint (adm_muster_get_entry (adm_state_get_muster (adm_campaign_get_state (
                                           fixture->campaign)), "vorlakial")->status, ==,
                   ADM_MUSTER_NOT_HANDED_IN);
}

/* F-GEN-6: a muster sent again with its id — its token used up, a new one, other formations
 * — is answered as the first and journaled once, with its id; after the master returns it,
 * a repeat of it changes nothing; a new muster is a new one. Without an id, a post with a
 * token used up hands nothing in, as before. */
static void
test_muster_client_repeat (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *csrf = csrf_of (fixture, "vorkosigan");
  g_autofree char *fields = muster_fields ("Home+Squadron");
  g_autofree char *with_id = g_strdup_printf ("%s&client=%s", fields, CLIENT_A);
  g_autofree char *other_names = muster_fields ("Kyril+Picket");
  g_autofree char *other = g_strdup_printf ("%s&client=%s", other_names, CLIENT_A);
  g_autofree char *next = g_strdup_printf ("%s&client=%s", other_names, CLIENT_B);
  const char *client = NULL;

  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *fresh = i == 2 ? csrf_of (fixture, "vorkosigan") : NULL;
      g_autofree char *answer = NULL;
      guint status = 0;

      answer = post_with (fixture, "vorkosigan", "muster", fresh != NULL ? fresh : csrf,
                          i == 3 ? other : with_id, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
      g_assert_cmpuint (journaled_musters (fixture, &client), ==, 1);
      g_assert_cmpstr (client, ==, CLIENT_A);
    }
  {
    g_autofree char *answer = NULL;
    guint status = 0;

    answer = post_with (fixture, "vorkosigan", "muster", csrf, fields, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_FORBIDDEN);
    g_assert_cmpuint (journaled_musters (fixture, NULL), ==, 1);
    append_decision (fixture, "muster-return", "vorkosigan");
    g_free (answer);
    answer = post_form (fixture, "vorkosigan", "muster", with_id, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    g_assert_cmpuint (journaled_musters (fixture, NULL), ==, 1);
    g_assert_cmpint (muster_status (fixture), ==, ADM_MUSTER_RETURNED);
    g_free (answer);
    answer = post_form (fixture, "vorkosigan", "muster", next, &status);
    g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    g_assert_cmpuint (journaled_musters (fixture, &client), ==, 2);
    g_assert_cmpstr (client, ==, CLIENT_B);
    g_assert_cmpint (muster_status (fixture), ==, ADM_MUSTER_HANDED_IN);
  }
}

/* F-GEN-6: the master's computer restarts between the muster and its repeat, and cycle 1
 * starts: the muster's id is read from the journal, and the repeat, whenever it comes, is
 * answered as the first and journals nothing. */
static void
test_muster_client_after_restart (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *fields = muster_fields ("Home+Squadron");
  g_autofree char *with_id = g_strdup_printf ("%s&client=%s", fields, CLIENT_A);
  g_autofree char *csrf = csrf_of (fixture, "vorkosigan");
  g_autofree char *answer = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0, entries;

  answer = post_with (fixture, "vorkosigan", "muster", csrf, with_id, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  adm_portal_stop (fixture->portal);
  g_assert_finalize_object (fixture->portal);
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (fixture->path, &error);

    g_assert_no_error (error);
    g_object_unref (fixture->campaign);
    fixture->campaign = g_steal_pointer (&reopened);
  }
  fixture->portal = portal_serve_loopback (fixture->campaign);
  entries = n_entries (fixture);
  g_free (answer);
  answer = post_with (fixture, "vorkosigan", "muster", csrf, with_id, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (journaled_musters (fixture, NULL), ==, 1);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  append_decision (fixture, "muster-accept", "vorkosigan");
  append_decision (fixture, "muster-start", NULL);
  entries = n_entries (fixture);
  g_free (answer);
  answer = post_with (fixture, "vorkosigan", "muster", csrf, with_id, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (journaled_musters (fixture, NULL), ==, 1);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
}

/* F-GEN-3: "Mark my sheet final" and "Not final after all" sent again with their ids: forged
 * ids refused first; a repeat — its token used up — is answered as the first and changes
 * nothing, not even after the mark has changed since; without an id, a used token is 403 as
 * before; another admiral's post with the same id is his own; after the session, the id said
 * for the next cycle, or a new mark for the old one, is refused. */
static void
test_final_client (Fixture       *fixture,
                   gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  const AdmFormation *second = formation_not_of (fixture, formation->admiral->id);
  const char *id = formation->admiral->id;
  g_autofree char *sheet = g_strdup_printf ("f0=%s&o0=defend", formation->id);
  g_autofree char *other_sheet = g_strdup_printf ("f0=%s&o0=defend", second->id);
  g_autofree char *csrf = csrf_of (fixture, id);
  g_autofree char *mark_csrf = NULL, *unmark_csrf = NULL, *answer = NULL;
  guint status = 0;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  answer = post_with (fixture, id, "sheet", csrf, sheet, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  mark_csrf = csrf_of (fixture, id);
  assert_bad_clients (fixture, id, "final", mark_csrf, "final=yes");
  g_assert_false (adm_portal_get_final (fixture->portal, id));
  for (guint i = 0; i < 3; i++)
    {
      g_free (answer);
      answer = post_with (fixture, id, "final", mark_csrf,
                          "final=yes&client=" CLIENT_A "&cycle=1", &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
      g_assert_true (adm_portal_get_final (fixture->portal, id));
    }
  unmark_csrf = csrf_of (fixture, id);
  for (guint i = 0; i < 2; i++)
    {
      g_free (answer);
      answer = post_with (fixture, id, "final", unmark_csrf,
                          "final=no&client=" CLIENT_B "&cycle=1", &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
      g_assert_false (adm_portal_get_final (fixture->portal, id));
    }
  /* The first mark's repeat, late: answered, and he stays not final. */
  g_free (answer);
  answer = post_with (fixture, id, "final", mark_csrf, "final=yes&client=" CLIENT_A "&cycle=1",
                      &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_false (adm_portal_get_final (fixture->portal, id));
  g_free (answer);
  answer = post_with (fixture, id, "final", mark_csrf, "final=yes", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_FORBIDDEN);
  g_free (answer);
  answer = post_with (fixture, id, "final", mark_csrf, "final=yes&client=" CLIENT_B "0",
                      &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_FORBIDDEN);
  g_assert_false (adm_portal_get_final (fixture->portal, id));
  /* Another admiral with his ids: his own marks. */
  g_free (answer);
  answer = post_form (fixture, second->admiral->id, "sheet", other_sheet, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (answer);
  answer = post_form (fixture, second->admiral->id, "final",
                      "final=yes&client=" CLIENT_A "&cycle=1", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_true (adm_portal_get_final (fixture->portal, second->admiral->id));
  g_assert_false (adm_portal_get_final (fixture->portal, id));
  /* After the session. */
  komarr_end_cycle (fixture->campaign, g_get_real_time () / G_USEC_PER_SEC);
  g_free (answer);
  answer = post_form (fixture, id, "final", "final=yes&client=" CLIENT_A "&cycle=2", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  g_free (answer);
  answer = post_form (fixture, id, "final", "final=yes&client=" CLIENT_A "&cycle=1", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (answer);
  answer = post_form (fixture, id, "final", "final=no&client=" CLIENT_A "1&cycle=1", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  g_assert_false (adm_portal_get_final (fixture->portal, id));
}

/* His final marks journaled, as "note" events with portal="final" (journal_final ()). */
static guint
journaled_finals (Fixture     *fixture,
                  const char  *admiral_id,
                  const char **client)
{
  GPtrArray *events = adm_campaign_get_events (fixture->campaign);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), "note") &&
          g_strcmp0 (adm_event_get (event, "portal"), "final") == 0 &&
          g_strcmp0 (adm_event_get (event, "admiral"), admiral_id) == 0)
        {
          n++;
          if (client != NULL)
            *client = adm_event_get (event, "client");
        }
    }
  return n;
}

/* F-GEN-3: the one check refuses a final mark's note whose client id is not the phone's kind;
 * then the master's computer restarts between "Mark my sheet final" and its repeat (the
 * answer lost, the page sends it again with its old token): the mark's id is read from the
 * journal, and the repeat is answered as the first and journals nothing. */
static void
test_final_client_after_restart (Fixture       *fixture,
                                 gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  g_autofree char *id = g_strdup (formation->admiral->id);
  g_autofree char *sheet = g_strdup_printf ("f0=%s&o0=defend", formation->id);
  g_autofree char *csrf = csrf_of (fixture, id);
  g_autofree char *mark_csrf = NULL, *answer = NULL;
  g_autoptr(AdmEvent) forged = adm_event_new ("note", g_get_real_time () / G_USEC_PER_SEC);
  g_autoptr(GError) error = NULL;
  const char *client = NULL;
  guint status = 0, entries = n_entries (fixture);

  adm_event_set (forged, "portal", "final");
  adm_event_set (forged, "admiral", id);
  adm_event_set (forged, "cycle", "1");
  adm_event_set (forged, "client", "not an id");
  adm_event_set_text (forged, "marked final");
  g_assert_false (adm_campaign_append (fixture->campaign, forged, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  assert_contains (error->message, "client id is not 16 to 64 letters", "the refusal");
  g_clear_error (&error);
  g_assert_cmpuint (n_entries (fixture), ==, entries);

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  answer = post_with (fixture, id, "sheet", csrf, sheet, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  mark_csrf = csrf_of (fixture, id);
  g_free (answer);
  answer = post_with (fixture, id, "final", mark_csrf, "final=yes&client=" CLIENT_A "&cycle=1",
                      &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  g_assert_cmpuint (journaled_finals (fixture, id, &client), ==, 1);
  g_assert_cmpstr (client, ==, CLIENT_A);

  adm_portal_stop (fixture->portal);
  g_assert_finalize_object (fixture->portal);
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (fixture->path, &error);

    g_assert_no_error (error);
    g_object_unref (fixture->campaign);
    fixture->campaign = g_steal_pointer (&reopened);
  }
  fixture->portal = portal_serve_loopback (fixture->campaign);
  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  entries = n_entries (fixture);
  g_free (answer);
  answer = post_with (fixture, id, "final", mark_csrf, "final=yes&client=" CLIENT_A "&cycle=1",
                      &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_cmpuint (journaled_finals (fixture, id, NULL), ==, 1);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  /* The sheet taken on arrival, as the journal keeps it. */
  g_assert_cmpint (adm_portal_get_sheet (fixture->portal, id)->status, ==,
                   ADM_PORTAL_SHEET_ACCEPTED);
  /* The mark too: the journal keeps it. */
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  /* The same id said for the next cycle is no repeat of it. */
  g_free (answer);
  answer = post_with (fixture, id, "final", mark_csrf, "final=yes&client=" CLIENT_A "&cycle=2",
                      &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_CONFLICT);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
}

/* The master's computer restarts: the portal stopped, the campaign opened again from its
 * file, a new portal serving it, taking sheets on arrival or not as @accept says. */
static void
restart (Fixture  *fixture,
         gboolean  accept)
{
  g_autoptr(GError) error = NULL;

  adm_portal_stop (fixture->portal);
  g_assert_finalize_object (fixture->portal);
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (fixture->path, &error);

    g_assert_no_error (error);
    g_object_unref (fixture->campaign);
    fixture->campaign = g_steal_pointer (&reopened);
  }
  fixture->portal = portal_serve_loopback (fixture->campaign);
  adm_portal_set_accept_on_arrival (fixture->portal, accept);
}

/* Journal events in effect of @kind ("note" with portal=@portal when @portal is not NULL) of
 * @admiral_id's. */
static guint
journaled (Fixture    *fixture,
           const char *kind,
           const char *portal,
           const char *admiral_id)
{
  GPtrArray *events = adm_campaign_get_events (fixture->campaign);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      n += g_str_equal (adm_event_get_kind (event), kind) &&
           (portal == NULL || g_strcmp0 (adm_event_get (event, "portal"), portal) == 0) &&
           g_strcmp0 (adm_event_get (event, "admiral"), admiral_id) == 0;
    }
  return n;
}

/* F-GEN-3, ruling "portal-sheet-journaled": a sheet handed in to wait for the master is
 * journaled as it arrives, with its client id: after a restart it still waits, and its
 * repeat is known. "Mark my sheet final" on the sheet's form (its own id) is journaled as the
 * mark is on its own: after another restart the mark stands, and its repeat marks nothing
 * again and hands nothing in. Accepted, the sheet is journaled once, with the hand-in's id;
 * every repeat after that changes nothing. */
static void
test_client_waiting_restart (Fixture       *fixture,
                             gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  g_autofree char *id = g_strdup (formation->admiral->id);
  g_autofree char *form = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+the+line",
                                           formation->id);
  g_autofree char *hand_in = g_strdup_printf ("%s&client=%s&cycle=1", form, CLIENT_A);
  g_autofree char *mark = g_strdup_printf ("%s&final=yes&client=%s&cycle=1", form, CLIENT_B);
  g_autofree char *csrf = csrf_of (fixture, id);
  g_autofree char *answer = NULL;
  const AdmPortalSheet *sheet;
  const char *client = NULL;
  guint status = 0, entries;

  answer = post_with (fixture, id, "sheet", csrf, hand_in, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (journaled (fixture, "note", "handed-in", id), ==, 1);

  restart (fixture, FALSE);
  sheet = adm_portal_get_sheet (fixture->portal, id);
  g_assert_nonnull (sheet);
  g_assert_cmpint (sheet->status, ==, ADM_PORTAL_SHEET_PENDING);
  g_assert_cmpstr (adm_event_get_text (g_ptr_array_index (sheet->events, 2)), ==,
                   "Hold the line");
  entries = n_entries (fixture);
  g_free (answer);
  answer = post_with (fixture, id, "sheet", csrf, hand_in, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (n_entries (fixture), ==, entries);

  /* Marked final on the sheet's form, as handed in: the mark, journaled; no new sheet. */
  g_free (answer);
  answer = post_form (fixture, id, "sheet", mark, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  g_assert_cmpuint (journaled_finals (fixture, id, &client), ==, 1);
  g_assert_cmpstr (client, ==, CLIENT_B);
  g_assert_cmpuint (journaled (fixture, "note", "handed-in", id), ==, 1);

  restart (fixture, FALSE);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  entries = n_entries (fixture);
  g_free (answer);
  answer = post_form (fixture, id, "sheet", mark, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (answer);
  answer = post_form (fixture, id, "sheet", hand_in, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_true (adm_portal_get_final (fixture->portal, id));

  g_assert_true (adm_portal_accept (fixture->portal, id, NULL));
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, &client), ==, 1);
  g_assert_cmpstr (client, ==, CLIENT_A);
  restart (fixture, FALSE);
  g_assert_cmpint (adm_portal_get_sheet (fixture->portal, id)->status, ==,
                   ADM_PORTAL_SHEET_ACCEPTED);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  entries = n_entries (fixture);
  for (guint i = 0; i < 2; i++)
    {
      g_free (answer);
      answer = post_form (fixture, id, "sheet", i == 0 ? hand_in : mark, &status);
      g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
    }
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
}

/* F-GEN-3: a sheet taken on arrival, then marked final on its form; the master's computer
 * restarts and the mark's repeat comes (its answer was lost): the mark stands, and the sheet
 * is not taken a second time. */
static void
test_client_mark_restart (Fixture       *fixture,
                          gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  g_autofree char *id = g_strdup (formation->admiral->id);
  g_autofree char *form = g_strdup_printf ("f0=%s&o0=defend", formation->id);
  g_autofree char *hand_in = g_strdup_printf ("%s&client=%s&cycle=1", form, CLIENT_A);
  g_autofree char *mark = g_strdup_printf ("%s&final=yes&client=%s&cycle=1", form, CLIENT_B);
  guint entries;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  sheet_posted (fixture, id, hand_in);
  sheet_posted (fixture, id, mark);
  g_assert_true (adm_portal_get_final (fixture->portal, id));

  restart (fixture, TRUE);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  entries = n_entries (fixture);
  sheet_posted (fixture, id, mark);
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
}

/* F-GEN-3: a sheet taken on arrival; the master's computer restarts (the campaign opened again
 * from its file, as after a kill -9), and the admiral taps "Mark my sheet final" for the first
 * time, his form as he handed it in posted with a new client id: the sheet that stands is
 * marked, and no second sheet is handed in — the master's Orders tab lists one. His form
 * changed, the tap hands the changes in as before. */
static void
test_new_mark_after_restart (Fixture       *fixture,
                             gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  g_autofree char *id = g_strdup (formation->admiral->id);
  g_autofree char *form = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+the+line&a0=", formation->id);
  g_autofree char *hand_in = g_strdup_printf ("%s&client=%s&cycle=1", form, CLIENT_A);
  g_autofree char *mark = g_strdup_printf ("%s&final=yes&client=%s&cycle=1", form, CLIENT_B);
  g_autofree char *changed = g_strdup_printf ("f0=%s&o0=defend&i0=Hold+fast&final=yes&"
                                              "client=%s1&cycle=1", formation->id, CLIENT_B);
  guint entries;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  sheet_posted (fixture, id, hand_in);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);

  restart (fixture, TRUE);
  g_assert_false (adm_portal_get_final (fixture->portal, id));
  /* His page comes back filled in with the sheet that stands, as before the restart. */
  {
    g_autofree char *page = page_of (fixture, id);

    assert_contains (page, ">Hold the line</textarea>", "his page after the restart");
  }
  entries = n_entries (fixture);
  sheet_posted (fixture, id, mark);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  g_assert_cmpuint (journaled_finals (fixture, id, NULL), ==, 1);
  g_assert_cmpuint (n_entries (fixture), ==, entries + 1);
  g_assert_cmpint (adm_portal_get_sheet (fixture->portal, id)->status, ==,
                   ADM_PORTAL_SHEET_ACCEPTED);

  /* Once more after another restart: the mark stands, nothing new. */
  restart (fixture, TRUE);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  entries = n_entries (fixture);
  sheet_posted (fixture, id, mark);
  g_assert_cmpuint (n_entries (fixture), ==, entries);

  /* His instructions changed: a new sheet, taken and marked. */
  sheet_posted (fixture, id, changed);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 2);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
}

/* The master journals something (a note of his own), then a phone's sheet arrives and is marked
 * final, then he presses Undo: his own action is taken back, the phone's posts stay; Redo
 * brings his action back, a phone's post since notwithstanding. The file opens again as it
 * was left. */
static void
test_undo_passes_phones (Fixture       *fixture,
                         gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  g_autofree char *id = g_strdup (formation->admiral->id);
  g_autofree char *form = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=1", formation->id,
                                           CLIENT_A);
  g_autofree char *answer = NULL;
  g_autoptr(AdmEvent) own = adm_event_new ("note", g_get_real_time () / G_USEC_PER_SEC);
  g_autoptr(GError) error = NULL;
  guint status = 0;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  adm_event_set_text (own, "The jump point is closed to traffic.");
  g_assert_true (adm_campaign_append (fixture->campaign, own, &error));
  g_assert_no_error (error);
  answer = post_form (fixture, id, "sheet", form, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_free (answer);
  answer = post_form (fixture, id, "final", "final=yes&client=" CLIENT_B "&cycle=1", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);

  g_assert_true (adm_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (journaled (fixture, "note", NULL, NULL), ==, 0);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  g_assert_cmpuint (journaled_finals (fixture, id, NULL), ==, 1);
  g_assert_true (adm_portal_get_final (fixture->portal, id));
  /* Nothing of the master's left to undo: the phones' posts are not his. */
  g_assert_false (adm_campaign_can_undo (fixture->campaign));

  /* A phone's post after his Undo leaves his Redo. */
  g_free (answer);
  answer = post_form (fixture, id, "final", "final=no&client=" CLIENT_A "1&cycle=1", &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_true (adm_campaign_can_redo (fixture->campaign));
  g_assert_true (adm_campaign_redo (fixture->campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (journaled (fixture, "note", NULL, NULL), ==, 1);
  g_assert_cmpuint (journaled_finals (fixture, id, NULL), ==, 2);
  g_assert_true (adm_campaign_undo (fixture->campaign, &error));
  g_assert_no_error (error);

  restart (fixture, TRUE);
  g_assert_cmpuint (journaled (fixture, "note", NULL, NULL), ==, 0);
  g_assert_cmpuint (journaled_sheets (fixture, id, 1, NULL), ==, 1);
  g_assert_cmpuint (journaled_finals (fixture, id, NULL), ==, 2);
  g_assert_false (adm_portal_get_final (fixture->portal, id));
  g_assert_true (adm_campaign_can_redo (fixture->campaign));
}

/* F-GEN-3: a phone's sheet for cycle 2, taken on arrival after the master resolved cycle 1,
 * rests on that resolution: his Undo of it is refused with why, and nothing changes. */
static void
test_undo_refused_under_phone (Fixture       *fixture,
                               gconstpointer  data)
{
  const AdmFormation *formation = some_formation (fixture);
  g_autofree char *id = g_strdup (formation->admiral->id);
  g_autofree char *form = g_strdup_printf ("f0=%s&o0=defend&client=%s&cycle=2", formation->id,
                                           CLIENT_A);
  g_autofree char *answer = NULL;
  g_autoptr(GError) error = NULL;
  guint status = 0, entries;

  adm_portal_set_accept_on_arrival (fixture->portal, TRUE);
  komarr_end_cycle (fixture->campaign, g_get_real_time () / G_USEC_PER_SEC);
  g_assert_cmpuint (adm_strategy_get_cycle (strategy_of (fixture->campaign)), ==, 2);
  answer = post_form (fixture, id, "sheet", form, &status);
  g_assert_cmpuint (status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_cmpuint (journaled_sheets (fixture, id, 2, NULL), ==, 1);
  entries = n_entries (fixture);
  g_assert_false (adm_campaign_undo (fixture->campaign, &error));
  g_assert_nonnull (error);
  assert_contains (error->message, "what a phone handed in after it rests on it",
                   "the refusal");
  g_assert_cmpuint (n_entries (fixture), ==, entries);
  g_assert_cmpuint (adm_strategy_get_cycle (strategy_of (fixture->campaign)), ==, 2);
  g_assert_cmpuint (journaled_sheets (fixture, id, 2, NULL), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, setup, func) \
  g_test_add ("/portal/intake/" path, Fixture, NULL, setup, func, fixture_teardown)
  ADD ("F-GEN-6/muster-name-unkept", muster_setup, test_muster_name_unkept);
  ADD ("F-GEN-6/muster-not-saved", muster_setup, test_muster_not_saved);
  ADD ("F-GEN-6/F-FORM-4/muster-every-refusal", muster_setup, test_muster_every_refusal);
  g_test_add_func ("/portal/intake/F-FORM-8/muster-rule-from-season",
                   test_muster_rule_from_season);
  ADD ("sheet-on-arrival-not-saved", campaign_setup, test_sheet_on_arrival_not_saved);
  ADD ("sheet-accept-not-saved", campaign_setup, test_sheet_accept_not_saved);
  ADD ("sheet-unkept-characters", campaign_setup, test_sheet_unkept_characters);
  ADD ("F-GEN-3/client-bad", campaign_setup, test_client_bad);
  ADD ("F-GEN-3/client-repeat", campaign_setup, test_client_repeat);
  ADD ("F-GEN-3/client-other-admiral", campaign_setup, test_client_other_admiral);
  ADD ("F-GEN-3/client-old-cycle", campaign_setup, test_client_old_cycle);
  ADD ("F-GEN-3/client-after-restart", campaign_setup, test_client_after_restart);
  ADD ("F-GEN-3/client-journal-check", campaign_setup, test_client_journal_check);
  ADD ("F-GEN-6/muster-client-bad", muster_setup, test_muster_client_bad);
  ADD ("F-GEN-6/muster-client-repeat", muster_setup, test_muster_client_repeat);
  ADD ("F-GEN-6/muster-client-after-restart", muster_setup, test_muster_client_after_restart);
  ADD ("F-GEN-3/final-client", campaign_setup, test_final_client);
  ADD ("F-GEN-3/final-client-after-restart", campaign_setup, test_final_client_after_restart);
  ADD ("F-GEN-3/client-waiting-restart", campaign_setup, test_client_waiting_restart);
  ADD ("F-GEN-3/client-mark-restart", campaign_setup, test_client_mark_restart);
  ADD ("F-GEN-3/new-mark-after-restart", campaign_setup, test_new_mark_after_restart);
  ADD ("F-GEN-3/undo-passes-phones", campaign_setup, test_undo_passes_phones);
  ADD ("F-GEN-3/undo-refused-under-phone", campaign_setup, test_undo_refused_under_phone);
#undef ADD
  return g_test_run ();
}
