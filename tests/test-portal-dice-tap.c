/* SPDX-License-Identifier: GPL-3.0-or-later
 * test-portal-dice-tap.c: a side's dice thrown by a tap on an admiral's phone, and a battle's
 * offline verifier served by the portal once it has ended (adm-portal-dice.c, docs/dice.md,
 * F-STRAT-4). Bad inputs first: a forged link, malformed posts, a phase not waiting, a tap
 * from an admiral whose side does not fight there, a second tap, a tap shown before every
 * side gave or not the one committed to — each refused, nothing journaled, and no refusal
 * naming the other side or the engagement's id. Then two sides commit and show through the
 * same journal entries as the master's app, and the phase's rolls mix them. The verifier is
 * the one 404 before the battle ends and to an admiral not in it. In headless Chromium at
 * 390×844: the tap on the page, a reload while it waits for the other side, the tap shown
 * once the other side gave, nothing left in the phone's storage. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "adm-dice-page.h"
#include "adm-portal.h"
#include "browser-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "portal-helpers.h"

#define T0 G_GINT64_CONSTANT (1795000000)

typedef struct {
  char        *folder;
  AdmCampaign *campaign;
  AdmBattle   *battle;
  AdmPortal   *portal;
  const char  *sides[2];     /* c1-3's sides' ids */
  const char  *names[2];     /* and their names */
  char        *links[2];     /* an admiral of each side's page */
  char        *outsider;     /* the page of an admiral whose side is not in it */
  char        *declarations; /* the digest of the asked phase's declarations */
} Fixture;

static const char *
admiral_of (AdmCampaign *campaign,
            const char  *faction)
{
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);

      if (g_strcmp0 (admiral->faction->id, faction) == 0)
        return admiral->id;
    }
  g_assert_not_reached ();
}

/* Cycle 1 of the Komarr campaign saved in a folder of its own, the battle of c1-3 (Pol orbit)
 * set up and kept, played to its first phase that rolls dice and that phase's dice asked
 * (unless @data says "unasked"), and the portal serving it on 127.0.0.1. */
static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->folder = g_dir_make_tmp ("admiralty-dice-tap-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->campaign = komarr_c1_3_kept (fixture->folder, T0, &fixture->battle);
  /* The first phase that rolls dice, its sides' dice asked as the master's app asks them. */
  if (data == NULL)
    {
      fixture->declarations = komarr_c1_3_to_rolling_phase (fixture->campaign, fixture->battle);
      g_assert_true (adm_campaign_ask_dice (fixture->campaign, "c1-3", fixture->declarations,
                                            T0 + 2900, &error));
      g_assert_no_error (error);
    }
  fixture->portal = portal_serve_loopback (fixture->campaign);
  for (guint s = 0; s < 2; s++)
    {
      fixture->sides[s] = adm_battle_get_side (fixture->battle, s)->id;
      fixture->names[s] = adm_battle_get_side (fixture->battle, s)->name;
      fixture->links[s] = portal_loopback_link (
        adm_portal_get_link (fixture->portal, admiral_of (fixture->campaign, fixture->sides[s])));
    }
  /* The Dendarii fought nowhere near Pol orbit. */
  g_assert_cmpstr (fixture->sides[0], !=, "dendarii");
  g_assert_cmpstr (fixture->sides[1], !=, "dendarii");
  fixture->outsider = portal_loopback_link (adm_portal_get_link (fixture->portal, "naismith"));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  adm_portal_stop (fixture->portal);
  g_clear_object (&fixture->portal);
  g_clear_object (&fixture->battle);
  g_clear_object (&fixture->campaign);
  for (guint s = 0; s < 2; s++)
    g_free (fixture->links[s]);
  g_free (fixture->outsider);
  g_free (fixture->declarations);
  remove_tree (fixture->folder);
  g_free (fixture->folder);
}

/* GET @link + @rest: the body, the status in @status. */
static char *
get (const char *link,
     const char *rest,
     guint      *status)
{
  g_autofree char *url = g_strconcat (link, rest, NULL);
  PortalRequest request = { .method = "GET", .url = url };

  return portal_request_fetch (&request, status);
}

/* POST @body (a form) to @link's "dice": the body of the answer, its status in @status. */
static char *
post (const char *link,
      const char *body,
      guint      *status)
{
  g_autofree char *url = g_strconcat (link, "dice", NULL);
  PortalRequest request = { .method = "POST", .url = url,
                            .content_type = "application/x-www-form-urlencoded",
                            .body = g_bytes_new (body, strlen (body)) };
  char *text = portal_request_fetch (&request, status);

  g_bytes_unref (request.body);
  return text;
}

/* The phase dice.json tells @link's admiral of (one at most here), or NULL. */
static JsonObject *
phase_of (const char *link)
{
  guint status;
  g_autofree char *text = get (link, "dice.json", &status);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *phases;

  g_assert_cmpuint (status, ==, 200);
  g_assert_true (json_parser_load_from_data (parser, text, -1, NULL));
  phases = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                         "phases");
  g_assert_cmpuint (json_array_get_length (phases), <=, 1);
  if (json_array_get_length (phases) == 0)
    return NULL;
  return json_object_ref (json_array_get_object_element (phases, 0));
}

/* The form that names @phase, with @extra ("commit=…" or "tap=…"). */
static char *
form_of (JsonObject *phase,
         const char *extra)
{
  return g_strdup_printf ("battle=%s&from=%" G_GINT64_FORMAT "&turn=%" G_GINT64_FORMAT
                          "&phase=%s&%s", json_object_get_string_member (phase, "battle"),
                          json_object_get_int_member (phase, "from"),
                          json_object_get_int_member (phase, "turn"),
                          json_object_get_string_member (phase, "phase"), extra);
}

/* A tap and its commit, from @byte repeated. */
static void
make_tap (guint8   byte,
          char   **tap,
          char   **commit)
{
  guint8 bytes[ADM_DICE_SECRET_LENGTH];

  memset (bytes, byte, sizeof bytes);
  *tap = g_malloc (2 * sizeof bytes + 1);
  for (guint i = 0; i < sizeof bytes; i++)
    g_snprintf (*tap + 2 * i, 3, "%02x", bytes[i]);
  *commit = adm_dice_commitment_of (bytes);
}

static guint
n_events (Fixture    *fixture,
          const char *kind,
          const char *side)
{
  GPtrArray *events = adm_campaign_get_events (fixture->campaign);
  guint n = 0;

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), kind) &&
          (side == NULL || g_strcmp0 (adm_event_get (event, "side"), side) == 0))
        n++;
    }
  return n;
}

/* A refusal's words name neither the other side nor the engagement's id. */
static void
assert_tells_nothing (Fixture    *fixture,
                      const char *text,
                      guint       other)
{
  g_assert_null (strstr (text, fixture->names[other]));
  g_assert_null (strstr (text, fixture->sides[other]));
  g_assert_false (g_regex_match_simple ("\\bc[0-9]+-[0-9]+\\b", text, 0, 0));
}

/* A phase whose dice the master's app has not asked — one that rolls none with its
 * declarations, or one not declared yet — offers no tap: dice.json tells of none, and a tap
 * posted for it is refused and journals nothing. Asked, the phase is offered, and a tap is
 * bound to the declarations it was asked with. */
static void
test_not_asked (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(AdmBattleOrders) orders = komarr_c1_3_orders ();
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(JsonObject) phase = NULL;
  g_autofree char *declarations = NULL, *form = NULL, *refused = NULL;
  guint before = n_events (fixture, "dice-contribution", NULL), status;

  /* Detection of turn 1 rolls no dice with c1-3's orders. */
  g_assert_cmpint (adm_battle_get_phase (fixture->battle), ==, ADM_PHASE_DETECTION);
  g_assert_false (adm_dice_phase_rolls (fixture->battle, adm_battle_orders_get_turn (orders, 1)));
  for (guint s = 0; s < 2; s++)
    g_assert_null (phase_of (fixture->links[s]));
  form = g_strdup_printf ("battle=%.16s&from=1&turn=1&phase=detection&commit=%064d",
                          "0123456789abcdef", 7);
  refused = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 409);
  g_assert_cmpuint (n_events (fixture, "dice-contribution", NULL), ==, before);

  /* The phase that rolls, declared but not asked yet: still nothing. */
  declarations = komarr_c1_3_to_rolling_phase (fixture->campaign, fixture->battle);
  for (guint s = 0; s < 2; s++)
    g_assert_null (phase_of (fixture->links[s]));
  /* Asked: offered to each side, and a tap bound to the declarations asked with. */
  g_assert_true (adm_campaign_ask_dice (fixture->campaign, "c1-3", declarations, T0 + 2900,
                                        NULL));
  g_assert_cmpstr (adm_campaign_get_dice_asked (fixture->campaign, "c1-3"), ==, declarations);
  phase = phase_of (fixture->links[0]);
  g_assert_nonnull (phase);
  g_assert_cmpstr (json_object_get_string_member (phase, "state"), ==, "open");
  g_free (form);
  form = g_strdup_printf ("battle=%s&from=%" G_GINT64_FORMAT "&turn=%" G_GINT64_FORMAT
                          "&phase=%s&commit=%064d",
                          json_object_get_string_member (phase, "battle"),
                          json_object_get_int_member (phase, "from"),
                          json_object_get_int_member (phase, "turn"),
                          json_object_get_string_member (phase, "phase"), 7);
  g_free (post (fixture->links[0], form, &status));
  g_assert_cmpuint (status, ==, 200);
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);
  g_assert_cmpstr (((const AdmDicePhaseMix *) g_ptr_array_index (mixes, 0))->declarations, ==,
                   declarations);
}

static void
test_refused_then_given (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(JsonObject) phase = phase_of (fixture->links[0]);
  g_autoptr(JsonObject) other = phase_of (fixture->links[1]);
  g_autofree char *tap0 = NULL, *commit0 = NULL, *tap1 = NULL, *commit1 = NULL;
  g_autofree char *tap2 = NULL, *commit2 = NULL, *unknown = NULL, *forged = NULL;
  g_autofree char *form = NULL, *text = NULL, *unknown_text = NULL, *outsider_text = NULL;
  g_autofree char *forged_link = NULL;
  g_autoptr(GPtrArray) mixes = NULL, to_give = NULL;
  g_autoptr(GError) error = NULL;
  guint status, before = n_events (fixture, "dice-contribution", NULL);

  make_tap (0x11, &tap0, &commit0);
  make_tap (0x22, &tap1, &commit1);
  make_tap (0x33, &tap2, &commit2);
  g_assert_nonnull (phase);
  g_assert_nonnull (other);
  g_assert_cmpstr (json_object_get_string_member (phase, "state"), ==, "open");
  /* F-STRAT-3: named as the portal names a battle, never by its id. */
  g_assert_cmpstr (json_object_get_string_member (phase, "name"), ==,
                   "Pol orbit, cycle 1, minute 20");
  g_assert_false (g_regex_match_simple ("\\bc[0-9]+-[0-9]+\\b",
                                        json_object_get_string_member (phase, "battle"), 0, 0));

  /* A forged link: the one 404, nothing read. */
  forged_link = g_strdup (fixture->links[0]);
  memset (strstr (forged_link, "/a/") + 3, '0', 32);
  form = form_of (phase, "commit=");
  g_free (text);
  text = post (forged_link, form, &status);
  g_assert_cmpuint (status, ==, 404);
  g_free (text);
  text = get (forged_link, "dice.json", &status);
  g_assert_cmpuint (status, ==, 404);

  /* Malformed: no commit, a commit that is not 64 hex digits, both commit and tap. */
  g_free (text);
  text = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 400);
  g_free (form);
  form = form_of (phase, "commit=ZZZ");
  g_free (text);
  text = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 400);
  g_free (form);
  form = g_strdup_printf ("battle=%s&from=1&turn=1&phase=detection&commit=%s&tap=%s",
                          json_object_get_string_member (phase, "battle"), commit0, tap0);
  g_free (text);
  text = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 400);

  /* A handle nobody knows, and a phase not waiting (another turn, another phase). */
  unknown = g_strdup_printf ("battle=0123456789abcdef&from=%" G_GINT64_FORMAT "&turn=%"
                             G_GINT64_FORMAT "&phase=%s&commit=%s",
                             json_object_get_int_member (phase, "from"),
                             json_object_get_int_member (phase, "turn"),
                             json_object_get_string_member (phase, "phase"), commit0);
  unknown_text = post (fixture->links[0], unknown, &status);
  g_assert_cmpuint (status, ==, 409);
  g_free (form);
  form = g_strdup_printf ("battle=%s&from=%" G_GINT64_FORMAT "&turn=7&phase=%s&commit=%s",
                          json_object_get_string_member (phase, "battle"),
                          json_object_get_int_member (phase, "from"),
                          json_object_get_string_member (phase, "phase"), commit0);
  g_free (text);
  text = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 409);
  g_assert_cmpstr (text, ==, unknown_text);

  /* An admiral whose side does not fight there: told of no phase, and his tap with the
   * battle's own handle answered as a handle nobody knows. */
  {
    g_autoptr(JsonObject) none = phase_of (fixture->outsider);

    g_assert_null (none);
  }
  g_free (form);
  {
    g_autofree char *extra = g_strconcat ("commit=", commit2, NULL);

    form = form_of (phase, extra);
  }
  outsider_text = post (fixture->outsider, form, &status);
  g_assert_cmpuint (status, ==, 409);
  g_assert_cmpstr (outsider_text, ==, unknown_text);
  assert_tells_nothing (fixture, unknown_text, 1);
  assert_tells_nothing (fixture, unknown_text, 0);
  g_assert_cmpuint (n_events (fixture, "dice-contribution", NULL), ==, before);

  /* His commit, then the same again (its answer lost): one entry. */
  g_free (form);
  {
    g_autofree char *extra = g_strconcat ("commit=", commit0, NULL);

    form = form_of (phase, extra);
  }
  for (guint i = 0; i < 2; i++)
    {
      g_free (text);
      text = post (fixture->links[0], form, &status);
      g_assert_cmpuint (status, ==, 200);
    }
  g_assert_cmpuint (n_events (fixture, "dice-contribution", fixture->sides[0]), ==, 1);
  /* A second tap of his side's: refused. */
  g_free (form);
  {
    g_autofree char *extra = g_strconcat ("commit=", commit2, NULL);

    form = form_of (phase, extra);
  }
  g_free (text);
  text = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 409);
  assert_tells_nothing (fixture, text, 1);
  g_assert_cmpuint (n_events (fixture, "dice-contribution", fixture->sides[0]), ==, 1);

  /* His tap shown before the other side gave: refused, the last to give could choose. */
  g_free (form);
  {
    g_autofree char *extra = g_strconcat ("tap=", tap0, NULL);

    form = form_of (phase, extra);
  }
  g_free (text);
  text = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 409);
  assert_tells_nothing (fixture, text, 1);
  g_assert_cmpuint (n_events (fixture, "dice-contribution-reveal", NULL), ==, 0);
  {
    g_autoptr(JsonObject) now = phase_of (fixture->links[0]);

    g_assert_cmpstr (json_object_get_string_member (now, "state"), ==, "committed");
    g_assert_cmpstr (json_object_get_string_member (now, "commit"), ==, commit0);
    g_assert_false (json_object_get_boolean_member (now, "ready"));
  }

  /* The other side commits on its own phone. */
  g_free (form);
  {
    g_autofree char *extra = g_strconcat ("commit=", commit1, NULL);

    form = form_of (other, extra);
  }
  g_free (text);
  text = post (fixture->links[1], form, &status);
  g_assert_cmpuint (status, ==, 200);

  /* A tap not the one committed to: refused, nothing journaled. */
  g_free (form);
  {
    g_autofree char *extra = g_strconcat ("tap=", tap2, NULL);

    form = form_of (phase, extra);
  }
  g_free (text);
  text = post (fixture->links[0], form, &status);
  g_assert_cmpuint (status, ==, 409);
  g_assert_nonnull (strstr (text, "not the tap"));
  assert_tells_nothing (fixture, text, 1);
  g_assert_cmpuint (n_events (fixture, "dice-contribution-reveal", NULL), ==, 0);

  /* Both shown, each once however often sent. */
  for (guint s = 0; s < 2; s++)
    for (guint i = 0; i < 2; i++)
      {
        g_autofree char *extra = g_strconcat ("tap=", s == 0 ? tap0 : tap1, NULL);
        g_autofree char *shown = form_of (s == 0 ? phase : other, extra);

        g_free (text);
        text = post (fixture->links[s], shown, &status);
        g_assert_cmpuint (status, ==, 200);
      }
  g_assert_cmpuint (n_events (fixture, "dice-contribution-reveal", NULL), ==, 2);
  {
    g_autoptr(JsonObject) now = phase_of (fixture->links[0]);

    g_assert_cmpstr (json_object_get_string_member (now, "state"), ==, "given");
  }
  /* The same entries as the app and dice-give journal: the phase mixes both taps. */
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);
  g_assert_nonnull (((AdmDicePhaseMix *) g_ptr_array_index (mixes, 0))->mix);
  g_assert_true (adm_dice_mixes_ready (mixes, "c1-3",
                                       adm_battle_get_rolls (fixture->battle)->len + 1, &error));
  g_assert_no_error (error);
  to_give = adm_campaign_dice_sides_to_give (fixture->campaign, "c1-3", fixture->battle);
  g_assert_cmpuint (to_give->len, ==, 0);
}

/* The verifier of c1-3: the one 404 before its end and to an admiral not in it; once ended,
 * to each side's admiral, the page checking the rolls his side may see. */
static void
test_verifier_page (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(AdmBattleOrders) orders = komarr_c1_3_orders ();
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *rest = NULL, *unknown = NULL, *before = NULL, *missing = NULL;
  const guint64 seed = 6911;
  guint status;

  g_assert_nonnull (orders);
  dice = adm_campaign_dice_source (fixture->campaign, "c1-3", fixture->battle, &seed,
                                   T0 + 3000, &error);
  g_assert_no_error (error);
  for (int turn = adm_battle_get_turn (fixture->battle); turn <= 3; turn++)
    g_assert_true (adm_battle_resolve_turn (fixture->battle,
                                            adm_battle_orders_get_turn (orders, turn), dice,
                                            NULL));
  g_assert_true (adm_campaign_keep_battle (fixture->campaign, "c1-3", fixture->battle, &error));
  g_assert_no_error (error);
  commitments = adm_campaign_get_dice_commitments (fixture->campaign, "c1-3");
  rest = g_strdup_printf ("dice-%.16s.html",
                          ((AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->commitment);

  /* Before the end: as an address nobody serves. */
  missing = get (fixture->links[0], "no-such-page", &status);
  g_assert_cmpuint (status, ==, 404);
  before = get (fixture->links[0], rest, &status);
  g_assert_cmpuint (status, ==, 404);
  g_assert_cmpstr (before, ==, missing);

  g_assert_true (adm_campaign_end_battle (fixture->campaign, "c1-3", fixture->battle, NULL,
                                          T0 + 4000, &error));
  g_assert_no_error (error);
  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *page = get (fixture->links[s], rest, &status);

      g_assert_cmpuint (status, ==, 200);
      g_assert_nonnull (strstr (page, "AdmDiceVerifier"));
      g_assert_nonnull (strstr (page, "id=\"dice-data\""));
    }
  /* His page links to it. */
  {
    g_autofree char *page = get (fixture->links[0], "", &status);
    g_autofree char *link = g_strdup_printf ("href=\"%s\"", rest);

    g_assert_cmpuint (status, ==, 200);
    g_assert_nonnull (strstr (page, link));
  }
  /* The Dendarii, and digits that begin no commitment: the one 404. */
  g_free (before);
  before = get (fixture->outsider, rest, &status);
  g_assert_cmpuint (status, ==, 404);
  g_assert_cmpstr (before, ==, missing);
  unknown = get (fixture->links[0], "dice-0123456789abcdef.html", &status);
  g_assert_cmpuint (status, ==, 404);
  g_assert_cmpstr (unknown, ==, missing);
}

/* The phone's flow on a thread of its own, while the main thread serves the portal. */
typedef struct {
  Fixture  *fixture;
  Chromium  chromium;
  char     *problem;
  gint      done;
} Phone;

#define WAIT(phone, expression) \
  G_STMT_START { \
    if (!chromium_wait_for (&(phone)->chromium, (expression))) \
      { \
        (phone)->problem = g_strdup_printf ("waited in vain for %s", (expression)); \
        return; \
      } \
  } G_STMT_END

/* The other side's commit and tap posted from this thread, in a main context of its own. */
static gboolean
other_side_posts (Phone       *phone,
                  const char  *extra)
{
  g_autofree char *url = g_strconcat (phone->fixture->links[1], "dice.json", NULL);
  g_autofree char *post_url = g_strconcat (phone->fixture->links[1], "dice", NULL);
  PortalRequest request = { .method = "GET", .url = url };
  PortalRequest sending = { .method = "POST", .url = post_url,
                            .content_type = "application/x-www-form-urlencoded" };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *text = NULL, *form = NULL;
  JsonObject *phase;
  gboolean ok;

  g_free (portal_request_thread (&request));
  text = portal_request_text (&request);
  portal_request_clear (&request);
  if (!json_parser_load_from_data (parser, text, -1, NULL))
    return FALSE;
  phase = json_array_get_object_element (json_object_get_array_member (
    json_node_get_object (json_parser_get_root (parser)), "phases"), 0);
  form = form_of (phase, extra);
  sending.body = g_bytes_new (form, strlen (form));
  g_free (portal_request_thread (&sending));
  ok = sending.status == 200;
  g_bytes_unref (sending.body);
  portal_request_clear (&sending);
  return ok;
}

static void
phone_flow (Phone *phone)
{
  g_autofree char *tap = NULL, *commit = NULL, *tap_form = NULL, *commit_form = NULL;
  g_autofree char *kept = NULL;

  if (chromium_open (&phone->chromium, phone->fixture->links[0]) != NULL)
    {
      phone->problem = g_strdup ("the page did not open");
      return;
    }
  /* The section shows itself once dice.json tells of the phase. */
  WAIT (phone, "document.querySelector ('#dice:not([hidden]) button.dice-tap') ? 'yes' : 'no'");
  chromium_screenshot (&phone->chromium, "portal-dice-tap.png", 390, 844, "#dice");
  g_free (chromium_evaluate (&phone->chromium,
                             "document.querySelector ('button.dice-tap').click (); ''"));
  WAIT (phone, "document.querySelector ('.dice-phase[data-state=committed]') ? 'yes' : 'no'");
  /* Committed, the tap itself kept on the phone only. */
  kept = chromium_evaluate (&phone->chromium,
                            "String (Object.keys (localStorage).filter (function (k) "
                            "{ return /:dice$/.test (k); }).length)");
  if (g_strcmp0 (kept, "1") != 0)
    {
      phone->problem = g_strdup_printf ("%s taps kept, not 1", kept);
      return;
    }
  /* A reload while the other side has not given: the tap is kept and waits. */
  g_free (chromium_evaluate (&phone->chromium, "location.reload (); ''"));
  WAIT (phone, "document.readyState === 'complete' && "
               "document.querySelector ('.dice-phase[data-state=committed]') ? 'yes' : 'no'");
  make_tap (0x44, &tap, &commit);
  commit_form = g_strconcat ("commit=", commit, NULL);
  tap_form = g_strconcat ("tap=", tap, NULL);
  if (!other_side_posts (phone, commit_form))
    {
      phone->problem = g_strdup ("the other side's commit was refused");
      return;
    }
  /* Every side has given: the phone shows its tap by itself. */
  WAIT (phone, "document.querySelector ('.dice-phase[data-state=given]') ? 'yes' : 'no'");
  chromium_screenshot (&phone->chromium, "portal-dice-given.png", 390, 844, "#dice");
  g_free (kept);
  kept = chromium_evaluate (&phone->chromium,
                            "String (Object.keys (localStorage).filter (function (k) "
                            "{ return /:dice$/.test (k); }).length)");
  if (g_strcmp0 (kept, "0") != 0)
    {
      phone->problem = g_strdup_printf ("%s taps left on the phone", kept);
      return;
    }
  if (!other_side_posts (phone, tap_form))
    phone->problem = g_strdup ("the other side's tap was refused");
}

static gpointer
phone_thread (gpointer data)
{
  Phone *phone = data;

  phone_flow (phone);
  g_atomic_int_set (&phone->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

static void
test_phone (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *profile = g_build_filename (fixture->folder, "chromium", NULL);
  g_autoptr(GPtrArray) mixes = NULL;
  Phone phone = { .fixture = fixture };
  const AdmDicePhaseMix *mix;
  GThread *thread;

  if (!chromium_start (&phone.chromium, profile, 390, 844))
    return;
  thread = g_thread_new ("phone", phone_thread, &phone);
  while (!g_atomic_int_get (&phone.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  chromium_stop (&phone.chromium);
  if (phone.problem != NULL)
    g_error ("Chromium: %s", phone.problem);
  /* One commit and one tap of each side, the phone's the one it committed to. */
  g_assert_cmpuint (n_events (fixture, "dice-contribution", fixture->sides[0]), ==, 1);
  g_assert_cmpuint (n_events (fixture, "dice-contribution-reveal", fixture->sides[0]), ==, 1);
  g_assert_cmpuint (n_events (fixture, "dice-contribution-reveal", NULL), ==, 2);
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);
  mix = g_ptr_array_index (mixes, 0);
  g_assert_nonnull (mix->mix);
  for (guint g = 0; g < mix->given->len; g++)
    {
      const AdmDiceContribution *given = g_ptr_array_index (mix->given, g);
      guint8 bytes[ADM_DICE_SECRET_LENGTH];
      g_autofree char *hash = NULL;

      g_assert_true (adm_dice_secret_from_hex (given->nonce, bytes));
      hash = adm_dice_commitment_of (bytes);
      g_assert_cmpstr (hash, ==, given->commit);
    }
}

/* A "dice-ask" written by hand, as a forged or stale file would hold it. */
static gboolean
append_ask (AdmCampaign  *campaign,
            const char   *engagement,
            const char   *from,
            const char   *turn,
            const char   *phase,
            const char   *declarations,
            GError      **error)
{
  g_autoptr(AdmEvent) event = adm_event_new ("dice-ask", T0 + 2900);

  adm_event_set (event, "engagement", engagement);
  adm_event_set (event, "from", from);
  adm_event_set (event, "turn", turn);
  adm_event_set (event, "phase", phase);
  adm_event_set (event, "declarations", declarations);
  return adm_campaign_append (campaign, event, error);
}

/* The ask of a phase's dice is journaled ("dice-ask"), so that the phones' tap survives the
 * chief's computer killed (kill -9: nothing saved but what the journal's log holds) and its
 * campaign opened again. Bad input first, through the one check: an ask that is no digest, one
 * for a phase not about to be rolled or for no engagement; then asked, journaled once however
 * often Resolve asks; opened again, the phones are offered the tap bound to the same
 * declarations; an ask with other declarations than a side's dice were given for is refused. */
static void
test_asked_after_restart (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->folder, "komarr.admiralty", NULL);
  g_autofree char *declarations = NULL, *tap = NULL, *commit = NULL, *form = NULL;
  g_autofree char *extra = NULL, *link = NULL;
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(JsonObject) phase = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GError) error = NULL;
  const char *other = "0000000000000000000000000000000000000000000000000000000000000000";
  guint status;

  declarations = komarr_c1_3_to_rolling_phase (fixture->campaign, fixture->battle);
  g_assert_false (append_ask (fixture->campaign, "c1-3", "1", "2", "fire", "not a digest",
                              &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_clear_error (&error);
  g_assert_false (append_ask (fixture->campaign, "c1-3", "1", "1", "detection", declarations,
                              &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_test_message ("%s", error->message);
  /* An ask refused in words of its own, not a contribution's. */
  g_assert_nonnull (strstr (error->message, "its dice are asked for that phase, not for turn 1, "
                                            "phase “detection”"));
  g_assert_null (strstr (error->message, "contribution"));
  g_clear_error (&error);
  g_assert_false (append_ask (fixture->campaign, "c9-9", "1", "1", "fire", declarations,
                              &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (n_events (fixture, "dice-ask", NULL), ==, 0);
  g_assert_null (adm_campaign_get_dice_asked (fixture->campaign, "c1-3"));

  /* Asked, and asked again (Resolve pressed twice): one entry. */
  g_assert_true (adm_campaign_ask_dice (fixture->campaign, "c1-3", declarations, T0 + 2900,
                                        &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_ask_dice (fixture->campaign, "c1-3", declarations, T0 + 2910,
                                        &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_events (fixture, "dice-ask", NULL), ==, 1);

  /* The chief's computer killed: the campaign opened again from what is on disk, the first
   * never saved nor closed. */
  adm_portal_stop (fixture->portal);
  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adm_campaign_get_dice_asked (reopened, "c1-3"), ==, declarations);
  portal = portal_serve_loopback (reopened);
  link = portal_loopback_link (adm_portal_get_link (portal, admiral_of (reopened,
                                                                       fixture->sides[0])));
  phase = phase_of (link);
  g_assert_nonnull (phase);
  g_assert_cmpstr (json_object_get_string_member (phase, "state"), ==, "open");
  make_tap (0x5a, &tap, &commit);
  extra = g_strconcat ("commit=", commit, NULL);
  form = form_of (phase, extra);
  g_free (post (link, form, &status));
  g_assert_cmpuint (status, ==, 200);
  mixes = adm_campaign_get_dice_mixes (reopened, "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);
  g_assert_cmpstr (((const AdmDicePhaseMix *) g_ptr_array_index (mixes, 0))->declarations, ==,
                   declarations);

  /* Other declarations than those the side's tap was given for: refused, nothing journaled. */
  g_assert_false (adm_campaign_ask_dice (reopened, "c1-3", other, T0 + 2920, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_assert_cmpstr (adm_campaign_get_dice_asked (reopened, "c1-3"), ==, declarations);
  adm_portal_stop (portal);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/portal/dice/tap/F-STRAT-4/not-asked", Fixture, "unasked", fixture_setup,
              test_not_asked, fixture_teardown);
  g_test_add ("/portal/dice/tap/F-STRAT-4/asked-after-restart", Fixture, "unasked",
              fixture_setup, test_asked_after_restart, fixture_teardown);
  g_test_add ("/portal/dice/tap/F-STRAT-4/refused-then-given", Fixture, NULL, fixture_setup,
              test_refused_then_given, fixture_teardown);
  g_test_add ("/portal/dice/page/F-STRAT-4/after-the-end", Fixture, NULL, fixture_setup,
              test_verifier_page, fixture_teardown);
  /* In the browser suite (tests/meson.build). */
  g_test_add ("/browser/portal/dice/tap/F-STRAT-4/phone", Fixture, NULL, fixture_setup,
              test_phone, fixture_teardown);
  return g_test_run ();
}
