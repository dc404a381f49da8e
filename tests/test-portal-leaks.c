/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-portal-leaks.c: what the admirals' portal tells each side of what happens outside the
 * orders (F-STRAT-3), walked step by step:
 *  - the muster before cycle 1 (F-GEN-5, F-GEN-6, F-GEN-7) of scenarios/komarr-muster.admiralty:
 * one admiral
 *    hands in his muster from his phone, others on paper, the master returns one with his
 *    reason, accepts others and sets a position; after each step every admiral's page, its
 *    status.json and his printed muster sheet hold no ship, field, formation or reason of
 *    another admiral's pool or muster, and no admiral's page changes (nor its version) by a
 *    step about another's muster;
 *  - the master's corrections (docs/formats.md) on the Komarr campaign: a hidden reinforcement,
 *    damage, a refit, a move and a station captured; the portal's parts of every page (fleet,
 *    what his side knows, order form, reports) are byte for byte those of the campaign
 *    without them for every admiral of a side not concerned, and his own tell him; the
 *    station's old owner is told it is lost;
 *  - the revelation: an ended campaign's pages are as they were until the master publishes the
 *    whole truth, then every side's is told everything; undo hides it again. */

#include "config.h"

#include <string.h>
#include <libsoup/soup.h>

#include "admiralty-engine.h"
#include "adm-archive.h"
#include "adm-portal.h"
#include "adm-portal-page.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "portal-helpers.h"
#include "shipped-helpers.h"
#include "text-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static char *
escaped (const char *text)
{
  g_autoptr(GString) out = g_string_new (NULL);

  adm_portal_html_escape (out, text);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
get (const char *url,
     guint      *status)
{
  PortalRequest request = { .method = "GET", .url = url };

  return portal_request_fetch (&request, status);
}

/* The muster */

/* What of admiral @index's muster no other admiral may be told: the names and form fields of
 * his pool's ships, his muster's formations, the master's reason for returning it. */
typedef struct {
  const char *admiral;
  GPtrArray  *secrets;   /* char*, as the page would write them */
} Secrets;

static void
add_secret (Secrets    *secrets,
            const char *text)
{
  g_ptr_array_add (secrets->secrets, escaped (text));
}

static void
append (AdmCampaign *campaign,
        AdmEvent    *event)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_append (campaign, event, &error));
  g_assert_no_error (error);
  adm_event_unref (event);
}

static AdmEvent *
decision (const char *kind,
          const char *admiral)
{
  AdmEvent *event = adm_event_new (kind, T0);

  adm_event_set (event, "admiral", admiral);
  return event;
}

/* A muster of @admiral's pool handed in on paper: two formations, the first ship alone in the
 * first, named by @first and @second. */
static void
paper_muster (AdmCampaign *campaign,
              const char  *admiral,
              const char  *first,
              const char  *second)
{
  const AdmPool *pool = adm_scenario_lookup_pool (adm_campaign_get_scenario (campaign), admiral);
  g_autoptr(AdmMusterDraft) draft = adm_muster_draft_new (admiral);
  const AdmShip *lead = g_ptr_array_index (pool->ships, 0);
  AdmMusterDraftFormation *one = adm_muster_draft_add (draft, first, lead->id, TRUE);
  AdmMusterDraftFormation *two = NULL;
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (one->ships, g_strdup (lead->id));
  for (guint s = 1; s < pool->ships->len; s++)
    {
      const AdmShip *ship = g_ptr_array_index (pool->ships, s);

      /* The rest a formation a run of one category, six at most (F-FORM-8), the first of
       * each its flagship. */
      if (two == NULL || two->ships->len == 6 ||
          ((const AdmShip *) g_ptr_array_index (pool->ships, s - 1))->klass->category !=
          ship->klass->category)
        {
          g_autofree char *name = two == NULL ? g_strdup (second)
                                              : g_strdup_printf ("%s %u", second, s);

          two = adm_muster_draft_add (draft, name, ship->id, FALSE);
        }
      g_ptr_array_add (two->ships, g_strdup (ship->id));
    }
  events = adm_muster_draft_events (draft, T0);
  g_assert_true (adm_campaign_append_all (campaign, events, &error));
  g_assert_no_error (error);
}

/* Every admiral's page, status.json and muster sheet: none holds another admiral's secrets;
 * the pages of those @changed does not name are as @pages had them (NULL the first time). */
static void
walk (AdmCampaign *campaign,
      GPtrArray   *links,
      GPtrArray   *all,
      GPtrArray   *pages,
      const char  *step,
      const char  *changed)
{
  for (guint a = 0; a < all->len; a++)
    {
      Secrets *own = g_ptr_array_index (all, a);
      g_autofree char *status_url = g_strconcat (g_ptr_array_index (links, a), "status.json",
                                                 NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmDoc) sheet = adm_report_build (campaign, ADM_REPORT_MUSTER, own->admiral, 0,
                                                  NULL, &error);
      g_autofree char *sheet_text = NULL;
      char *texts[3];
      guint status = 0;

      g_assert_no_error (error);
      sheet_text = adm_doc_to_text (sheet);
      texts[0] = get (g_ptr_array_index (links, a), &status);
      g_assert_cmpuint (status, ==, 200);
      texts[1] = get (status_url, &status);
      g_assert_cmpuint (status, ==, 200);
      texts[2] = sheet_text;
      g_test_message ("%s: %s's page", step, own->admiral);
      g_assert_true (strstr (texts[0], "action=\"muster\"") != NULL ||
                     strstr (texts[0], "class=\"mustered\"") != NULL);
      for (guint o = 0; o < all->len; o++)
        {
          Secrets *other = g_ptr_array_index (all, o);

          if (o == a)
            continue;
          for (guint s = 0; s < other->secrets->len; s++)
            for (guint t = 0; t < G_N_ELEMENTS (texts); t++)
              assert_lacks (texts[t], g_ptr_array_index (other->secrets, s), own->admiral);
        }
      /* A step about another admiral's muster leaves his page's version as it was: the
       * version is a digest of what the page shows. */
      {
        const char *at = strstr (texts[1], "\"version\"");
        char *version;

        g_assert_nonnull (at);
        version = g_strndup (at, strcspn (at, ",}"));
        if (g_ptr_array_index (pages, a) != NULL && g_strcmp0 (changed, own->admiral) != 0)
          g_assert_cmpstr (g_ptr_array_index (pages, a), ==, version);
        g_free (g_ptr_array_index (pages, a));
        g_ptr_array_index (pages, a) = version;
      }
      g_free (texts[0]);
      g_free (texts[1]);
    }
}

static void
secrets_free (gpointer data)
{
  Secrets *secrets = data;

  g_ptr_array_unref (secrets->secrets);
  g_free (secrets);
}

/* F-GEN-6, F-STRAT-3: the muster walked, every admiral's page after each step. */
static void
test_muster_walk (void)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-muster.admiralty");
  g_autoptr(AdmCampaign) campaign = adm_campaign_new (scenario, 1);
  g_autoptr(AdmPortal) portal = portal_serve_loopback (campaign);
  GPtrArray *pools = adm_scenario_get_pools (scenario);
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (secrets_free);
  g_autoptr(GPtrArray) links = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) pages = g_ptr_array_new_with_free_func (g_free);
  AdmEvent *event;

  for (guint p = 0; p < pools->len; p++)
    {
      const AdmPool *pool = g_ptr_array_index (pools, p);
      Secrets *secrets = g_new0 (Secrets, 1);

      secrets->admiral = pool->admiral->id;
      secrets->secrets = g_ptr_array_new_with_free_func (g_free);
      for (guint s = 0; s < pool->ships->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (pool->ships, s);
          g_autofree char *field = g_strdup_printf ("name=\"m.%s\"", ship->id);

          add_secret (secrets, ship->name);
          g_ptr_array_add (secrets->secrets, g_steal_pointer (&field));
        }
      {
        g_autofree char *first = g_strdup_printf ("Secret Picket of %s", pool->admiral->id);
        g_autofree char *second = g_strdup_printf ("Secret Main of %s", pool->admiral->id);
        g_autofree char *reason = g_strdup_printf ("SECRET-REASON for %s", pool->admiral->id);

        add_secret (secrets, first);
        add_secret (secrets, second);
        add_secret (secrets, reason);
      }
      g_ptr_array_add (all, secrets);
      g_ptr_array_add (links, portal_loopback_link (adm_portal_get_link (portal,
                                                                         pool->admiral->id)));
      g_ptr_array_add (pages, NULL);
    }
  g_assert_cmpuint (all->len, ==, 11);

  walk (campaign, links, all, pages, "before any muster", NULL);
  /* Vorkosigan from his phone: the form as his page gives it, handed in. */
  {
    guint status = 0;
    g_autofree char *page = get (g_ptr_array_index (links, 0), &status);
    const char *start = strstr (page, "name=\"csrf\" value=\"");
    g_autofree char *csrf = NULL;
    g_autofree char *body = NULL;
    g_autofree char *url = g_strconcat (g_ptr_array_index (links, 0), "muster", NULL);
    g_autofree char *answer = NULL;
    g_autoptr(GBytes) bytes = NULL;
    PortalRequest request = { .method = "POST", .no_redirect = TRUE,
                              .content_type = "application/x-www-form-urlencoded" };

    g_assert_nonnull (start);
    start += strlen ("name=\"csrf\" value=\"");
    csrf = g_strndup (start, strcspn (start, "\""));
    body = g_strdup_printf ("csrf=%s&n1=Secret+Picket+of+vorkosigan&"
                            "n2=Secret+Main+of+vorkosigan&h1=1&"
                            "m.prince-serg=1&p.prince-serg=1&m.prince-xav=1&m.emperor-dorca=1&"
                            "m.count-vorhalas=1&m.kyril-island=1&"
                            "m.kestrel=2&p.kestrel=1&m.lord-vorbohn=2&m.vorinnis=2&"
                            "m.vorgarin=2&m.gull=2", csrf);
    bytes = g_bytes_new (body, strlen (body));
    request.url = url;
    request.body = bytes;
    portal_request_run (&request);
    g_assert_cmpuint (request.status, ==, SOUP_STATUS_SEE_OTHER);
    portal_request_clear (&request);
    g_assert_cmpint (adm_muster_get_entry (adm_state_get_muster (adm_campaign_get_state (
                       campaign)), "vorkosigan")->status, ==, ADM_MUSTER_HANDED_IN);
  }
  walk (campaign, links, all, pages, "Vorkosigan's muster from his phone", "vorkosigan");
  paper_muster (campaign, "vorlakial", "Secret Picket of vorlakial", "Secret Main of vorlakial");
  walk (campaign, links, all, pages, "Vorlakial's muster on paper", "vorlakial");
  event = decision ("muster-return", "vorlakial");
  adm_event_set (event, "reason", "SECRET-REASON for vorlakial");
  append (campaign, event);
  walk (campaign, links, all, pages, "Vorlakial's muster returned", "vorlakial");
  append (campaign, decision ("muster-accept", "vorkosigan"));
  walk (campaign, links, all, pages, "Vorkosigan's muster accepted", "vorkosigan");
  event = decision ("muster-position", "vorkosigan");
  adm_event_set (event, "formation", "vorkosigan-secret-picket-of-vorkosigan");
  adm_event_set (event, "sector", "pol-jump-point");
  append (campaign, event);
  walk (campaign, links, all, pages, "Vorkosigan's picket placed", "vorkosigan");
  paper_muster (campaign, "ghem-estif", "Secret Picket of ghem-estif",
                "Secret Main of ghem-estif");
  append (campaign, decision ("muster-accept", "ghem-estif"));
  walk (campaign, links, all, pages, "Estif's muster accepted", "ghem-estif");
  adm_portal_stop (portal);
}

/* The corrections */

/* The parts of @admiral's portal page that come from the campaign (his fleet, what his side
 * knows, his order form with a fixed CSRF token, his reports), as one text. */
static char *
portal_parts (AdmCampaign      *campaign,
              const AdmAdmiral *admiral)
{
  g_autofree char *cards = adm_portal_page_cards (campaign, admiral, NULL);
  g_autofree char *known = adm_portal_page_known (campaign, admiral);
  g_autofree char *form = adm_portal_page_form (campaign, admiral, "CSRF");
  g_autofree char *reports = adm_portal_page_reports (campaign, admiral, NULL);

  return g_strjoin ("\n", cards, known, form, reports, NULL);
}

static void
record (AdmCampaign         *campaign,
        const AdmCorrection *correction)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_correction_record (campaign, correction, T0 + 100, &error));
  g_assert_no_error (error);
}

/* F-STRAT-3: a secret reinforcement and the other corrections of Sarlat's hidden Autumn Screen
 * are told on his page alone; the pages of every admiral of another side are byte for byte
 * those of the campaign without them, in the cycle of the corrections and in the next. */
static void
test_corrections (void)
{
  g_autoptr(AdmCampaign) corrected = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) plain = komarr_new (NULL, NULL);
  const AdmCorrection corrections[] = {
    { .kind = ADM_CORRECTION_ADD_FORMATION, .admiral = "ghem-sarlat",
      .sector = "sergyar-approach", .name = "Moonlit Shadow", .hidden = TRUE,
      .new_ships = (const char *[]) { "Pale Moth:frigate:8", "Dusk Fan:frigate:6", NULL },
      .reason = "SECRET-REASON convoy" },
    { .kind = ADM_CORRECTION_DAMAGE, .ship = "falling-leaf", .points = "2",
      .reason = "SECRET-REASON sabotage" },
    { .kind = ADM_CORRECTION_REPAIR, .ship = "falling-leaf", .hull = "3",
      .reason = "SECRET-REASON refit" },
    { .kind = ADM_CORRECTION_MOVE, .formation = "autumn-screen", .sector = "sergyar-approach",
      .reason = "SECRET-REASON sent away" },
    { .kind = ADM_CORRECTION_ADD_SHIP, .formation = "autumn-screen",
      .new_ships = (const char *[]) { "Quiet Heron:frigate:7", NULL },
      .reason = "SECRET-REASON reinforced" },
    { .kind = ADM_CORRECTION_STATION, .sector = "komarr-orbit",
      .station = "Komarr Orbital Transfer Station", .owner = "cetaganda", .damage = "2",
      .reason = "SECRET-REASON boarders" },
  };
  /* The admirals' papers say it in the world's words ("The station … at …: now held by …"). */
  const char *station_line = "The station Komarr Orbital Transfer Station at Komarr orbit: now "
                             "held by ";
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (corrected));
  const AdmAdmiral *sarlat = adm_campaign_lookup_admiral (corrected, "ghem-sarlat");

  for (guint i = 0; i < G_N_ELEMENTS (corrections); i++)
    record (corrected, &corrections[i]);
  for (guint round = 0; round < 2; round++)
    {
      g_autofree char *own = portal_parts (corrected, sarlat);

      g_test_message ("after %s", round == 0 ? "the corrections" : "cycle 1");
      assert_contains (own, "Moonlit Shadow", "Sarlat's page");
      assert_contains (own, "Pale Moth", "Sarlat's page");
      assert_contains (own, "Quiet Heron", "Sarlat's page");
      assert_lacks (own, "SECRET-REASON", "Sarlat's page");
      if (round == 1)
        assert_contains (own, station_line, "Sarlat's report of cycle 1");
      for (guint a = 0; a < admirals->len; a++)
        {
          const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
          g_autofree char *with = NULL, *without = NULL;

          if (admiral->faction == sarlat->faction)
            continue;
          /* The station was Komarr's: its admirals are told that it is lost; Vervain, allied
           * to its new holder, that its side holds it now (ruling "station-news",
           * holders-and-contact, F-STRAT-3). Nothing else of the corrections reaches them. */
          if (g_str_equal (admiral->faction->id, "komarr") ||
              g_str_equal (admiral->faction->id, "vervain"))
            {
              with = portal_parts (corrected, admiral);
              if (round == 1)
                assert_contains (with, station_line, admiral->id);
              assert_lacks (with, "Moonlit Shadow", admiral->id);
              assert_lacks (with, "SECRET-REASON", admiral->id);
              continue;
            }
          with = portal_parts (corrected, admiral);
          without = portal_parts (plain, adm_campaign_lookup_admiral (plain, admiral->id));
          g_test_message ("%s's page", admiral->id);
          g_assert_cmpstr (with, ==, without);
        }
      komarr_end_cycle (corrected, T0);
      komarr_end_cycle (plain, T0);
    }
}

/* The version status.json gives for the page at @link. */
static guint64
page_version (const char *link)
{
  g_autofree char *url = g_strconcat (link, "status.json", NULL);
  g_autofree char *json = NULL;
  const char *at;
  guint status = 0;

  json = get (url, &status);
  g_assert_cmpuint (status, ==, 200);
  at = strstr (json, "\"version\":");
  g_assert_nonnull (at);
  return g_ascii_strtoull (at + strlen ("\"version\":"), NULL, 10);
}

/* Every admiral's page as the running portal serves it holds his reports exactly as they are
 * made afresh from the campaign (adm_portal_page_reports ()), and his page's version is
 * @versions' where @unchanged says so (NULL: no admiral's): the portal keeps the reports of
 * the cycles resolved across changes, and one it keeps must be the one it would make now. */
static void
served_reports (AdmCampaign *campaign,
                GPtrArray   *links,
                GArray      *versions,
                const char  *step,
                const char  *unchanged)
{
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *fresh = adm_portal_page_reports (campaign, admiral, NULL);
      g_autofree char *page = NULL;
      guint64 version;
      guint status = 0;

      g_test_message ("%s: %s's page", step, admiral->id);
      page = get (g_ptr_array_index (links, a), &status);
      g_assert_cmpuint (status, ==, 200);
      if (strstr (page, fresh) == NULL)
        g_error ("%s: %s's page does not hold his reports as made now:\n%s\nin:\n%s", step,
                 admiral->id, fresh, page);
      version = page_version (g_ptr_array_index (links, a));
      if (unchanged != NULL && admiral->faction->id != NULL &&
          !g_str_equal (admiral->faction->id, unchanged))
        g_assert_cmpuint (version, ==, g_array_index (versions, guint64, a));
      g_array_index (versions, guint64, a) = version;
    }
}

/* F-STRAT-3, F-STRAT-4: the reports of the cycles resolved, kept by the running portal across
 * the campaign's changes, are on every admiral's page as they are made now — after an order of
 * the cycle under way, a hidden reinforcement of another side (which leaves every other side's
 * page as it was), a cycle resolved (the newest report opens, the one before closes), its undo
 * (its report goes) and its redo. */
static void
test_kept_reports (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  const AdmCorrection reinforcement = {
    .kind = ADM_CORRECTION_ADD_FORMATION, .admiral = "ghem-sarlat",
    .sector = "sergyar-approach", .name = "Moonlit Shadow", .hidden = TRUE,
    .new_ships = (const char *[]) { "Pale Moth:frigate:8", NULL },
    .reason = "SECRET-REASON convoy" };
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  const AdmAdmiral *sarlat = adm_campaign_lookup_admiral (campaign, "ghem-sarlat");
  g_autoptr(GPtrArray) links = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) versions = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  komarr_play_cycle (campaign, 2, T0);
  portal = portal_serve_loopback (campaign);
  g_array_set_size (versions, admirals->len);
  for (guint a = 0; a < admirals->len; a++)
    g_ptr_array_add (links, portal_loopback_link (adm_portal_get_link (
      portal, ((const AdmAdmiral *) g_ptr_array_index (admirals, a))->id)));
  served_reports (campaign, links, versions, "cycle 3", NULL);

  komarr_order (campaign, T0, 3, "ghem-sarlat", "autumn-screen", "defend", NULL, NULL);
  served_reports (campaign, links, versions, "an order of cycle 3", NULL);

  record (campaign, &reinforcement);
  served_reports (campaign, links, versions, "Sarlat's hidden reinforcement",
                  sarlat->faction->id);

  komarr_play_cycle (campaign, 3, T0);
  served_reports (campaign, links, versions, "cycle 3 resolved", NULL);

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  served_reports (campaign, links, versions, "its resolution undone", NULL);

  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  served_reports (campaign, links, versions, "redone", NULL);
}

/* F-STRAT-3, F-STRAT-4: a cycle's battles begun and ended while the portal runs (one broken
 * off unfought, one fought a phase, then ended) change only their own cycle's reports: the
 * reports of the cycle before, which the portal keeps across them, are still every admiral's
 * as made now. */
static void
test_kept_reports_battles (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  g_autoptr(GPtrArray) links = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) versions = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (9);
  g_autoptr(AdmBattle) hegen = NULL, screened = NULL, broke_off = NULL;
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  hegen = engagement_battle (campaign, "c1-2");
  g_assert_true (adm_battle_resolve_phase (hegen, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-2", hegen, &error));
  g_assert_no_error (error);
  komarr_end_battles (campaign, "c1-2", T0 + 3100);
  komarr_play_cycle (campaign, 2, T0);
  portal = portal_serve_loopback (campaign);
  g_array_set_size (versions, admirals->len);
  for (guint a = 0; a < admirals->len; a++)
    g_ptr_array_add (links, portal_loopback_link (adm_portal_get_link (
      portal, ((const AdmAdmiral *) g_ptr_array_index (admirals, a))->id)));
  served_reports (campaign, links, versions, "cycle 3", NULL);

  broke_off = engagement_battle (campaign, "c2-3");
  g_assert_true (adm_campaign_end_battle (campaign, "c2-3", broke_off, "Broke off", T0 + 4900,
                                          &error));
  g_assert_no_error (error);
  served_reports (campaign, links, versions, "c2-3 broken off", NULL);

  screened = engagement_battle (campaign, "c2-5");
  g_assert_true (adm_battle_resolve_phase (screened, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_true (adm_campaign_keep_battle (campaign, "c2-5", screened, &error));
  g_assert_no_error (error);
  served_reports (campaign, links, versions, "c2-5 begun", NULL);

  komarr_end_battles (campaign, "c2-5", T0 + 5500);
  served_reports (campaign, links, versions, "c2-5 ended", NULL);
}

/* F-STRAT-3, F-STRAT-4: a campaign opened from its file holds none of its battles played; the
 * portal plays those a report reads before making it, each in a step of its own, and every
 * admiral's page, asked first, holds his reports as they are made afresh afterwards. Komarr
 * after cycle 2, the battle of c1-2 fought a phase and ended; the campaign saved, and opened
 * again to be served. */
static void
test_reports_battles_unplayed (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-portal-leaks-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmPortal) portal = NULL;
  GPtrArray *admirals;

  g_assert_no_error (error);
  {
    g_autoptr(AdmCampaign) played = komarr_saved_and_played (path, 1, T0);
    g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (9);
    g_autoptr(AdmBattle) hegen = engagement_battle (played, "c1-2");

    g_assert_true (adm_battle_resolve_phase (hegen, NULL, ADM_DICE_SOURCE (dice), &error));
    g_assert_true (adm_campaign_keep_battle (played, "c1-2", hegen, &error));
    g_assert_no_error (error);
    komarr_end_battles (played, "c1-2", T0 + 3100);
    komarr_play_cycle (played, 2, T0);
    g_assert_true (adm_campaign_save (played, path, &error));
    g_assert_no_error (error);
  }
  campaign = adm_campaign_open_for_writing (path, &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_has_battle (campaign, "c1-2", NULL, NULL));
  g_assert_false (adm_campaign_holds_battle_played (campaign, "c1-2"));
  admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  portal = portal_serve_loopback (campaign);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *link = portal_loopback_link (adm_portal_get_link (portal, admiral->id));
      g_autofree char *page = NULL, *fresh = NULL;
      guint status = 0;

      g_test_message ("%s's page", admiral->id);
      page = get (link, &status);
      g_assert_cmpuint (status, ==, 200);
      /* The first page made played the battle its reports read. */
      g_assert_true (adm_campaign_holds_battle_played (campaign, "c1-2"));
      fresh = adm_portal_page_reports (campaign, admiral, NULL);
      if (strstr (page, fresh) == NULL)
        g_error ("%s's page does not hold his reports as made now:\n%s\nin:\n%s",
                 admiral->id, fresh, page);
    }
  g_clear_object (&portal);
  g_clear_object (&campaign);
  remove_tree (folder);
}

/* The revelation (F-STRAT-3): the master ends the campaign with Sarlat's hidden reinforcement
 * in it. Until he publishes, every page of another side is byte for byte what it was — the
 * war's end is said on top of the page, never in its parts; once he publishes, every side's
 * page is told everything (the master's reports, every formation); undo hides it again, byte
 * for byte. */
static void
test_revelation (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  const AdmCorrection reinforcement = {
    .kind = ADM_CORRECTION_ADD_FORMATION, .admiral = "ghem-sarlat",
    .sector = "sergyar-approach", .name = "Moonlit Shadow", .hidden = TRUE,
    .new_ships = (const char *[]) { "Pale Moth:frigate:8", NULL },
    .reason = "SECRET-REASON convoy" };
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  const AdmAdmiral *sarlat = adm_campaign_lookup_admiral (campaign, "ghem-sarlat");
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmPortal) portal = NULL;
  g_autofree char *link = NULL, *archive = NULL, *unknown = NULL, *nothing = NULL;

  record (campaign, &reinforcement);
  komarr_end_cycle (campaign, T0);
  portal = portal_serve_loopback (campaign);
  link = portal_loopback_link (adm_portal_get_link (portal, "vorkosigan"));
  archive = g_strconcat (link, "archive.html", NULL);
  unknown = g_strconcat (link, "no-such-thing", NULL);
  {
    guint status = 0;
    g_autofree char *page = get (link, &status);

    assert_lacks (page, "The war is over", "Vorkosigan's page before the end");
    assert_lacks (page, "archive.html", "Vorkosigan's page before the end");
    /* The archive's address answers as any unknown one does: nothing says there will be
     * one. */
    nothing = get (unknown, &status);
    g_assert_cmpuint (status, ==, 404);
    {
      g_autofree char *none = get (archive, &status);

      g_assert_cmpuint (status, ==, 404);
      g_assert_cmpstr (none, ==, nothing);
    }
  }
  for (guint a = 0; a < admirals->len; a++)
    g_ptr_array_add (before, portal_parts (campaign, g_ptr_array_index (admirals, a)));

  g_assert_true (adm_campaign_end (campaign, "The Cetagandans sued for peace", T0 + 200,
                                   &error));
  g_assert_no_error (error);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *ended = portal_parts (campaign, admiral);

      g_test_message ("%s's page, ended", admiral->id);
      g_assert_cmpstr (ended, ==, g_ptr_array_index (before, a));
    }
  {
    guint status = 0;
    g_autofree char *page = get (link, &status);

    /* The war's end is told on top of every admiral's page, and nothing more. */
    assert_contains (page, "The war is over: The Cetagandans sued for peace", "Vorkosigan");
    assert_lacks (page, "Moonlit Shadow", "Vorkosigan's page, ended");
    assert_lacks (page, "archive.html", "Vorkosigan's page, ended");
    {
      g_autofree char *none = get (archive, &status);

      g_assert_cmpuint (status, ==, 404);
      g_assert_cmpstr (none, ==, nothing);
    }
  }

  g_assert_true (adm_campaign_publish (campaign, T0 + 300, &error));
  g_assert_no_error (error);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *published = portal_parts (campaign, admiral);

      if (admiral->faction == sarlat->faction)
        continue;
      g_test_message ("%s's page, published", admiral->id);
      assert_contains (published, "Moonlit Shadow", admiral->id);
      assert_contains (published, "published the whole truth", admiral->id);
      /* His fleet cards are the master's: every admiral's, Sarlat's hidden ships too. */
      {
        g_autofree char *cards = adm_portal_page_cards (campaign, admiral, NULL);
        g_autoptr(AdmDoc) every = adm_report_build (campaign, ADM_REPORT_CARDS, NULL, 0, NULL,
                                                    &error);
        g_autoptr(GString) master = g_string_new (NULL);

        g_assert_no_error (error);
        adm_portal_html_doc (master, every);
        g_assert_cmpstr (cards, ==, master->str);
        assert_contains (cards, "Pale Moth", admiral->id);
      }
    }
  {
    guint status = 0;
    g_autofree char *page = get (link, &status);

    assert_contains (page, "The master has published the whole truth", "Vorkosigan");
    assert_contains (page, "Moonlit Shadow", "Vorkosigan's page, published");
    assert_contains (page, "<a href=\"archive.html\" download>", "Vorkosigan's page, published");
    /* His archive is now the master's. */
    {
      g_autofree char *html = get (archive, &status);
      g_autoptr(AdmArchive) master = NULL;
      g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
      g_autofree char *expected = NULL;

      g_assert_cmpuint (status, ==, 200);
      master = adm_archive_new (campaign, "master", &error);
      g_assert_no_error (error);
      g_assert_true (adm_archive_write_html (master, out, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
      g_assert_true (g_output_stream_close (out, NULL, NULL));
      expected = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
      assert_contains (html, "the whole truth, as the master published it", "his archive");
      g_assert_cmpstr (strstr (html, "<main"), ==, strstr (expected, "<main"));
    }
  }

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *undone = portal_parts (campaign, admiral);

      g_test_message ("%s's page, publication undone", admiral->id);
      g_assert_cmpstr (undone, ==, g_ptr_array_index (before, a));
    }
  {
    guint status = 0;
    g_autofree char *none = get (archive, &status);

    g_assert_cmpuint (status, ==, 404);
    g_assert_cmpstr (none, ==, nothing);
  }
  adm_portal_stop (portal);
}

/* The archive is written a frame a step of the portal's main loop, in between what the other
 * phones ask, never in one stretch: Komarr's master's archive after cycle 1 (the battle at
 * Pol jump point in it, phase by phase) asked for first, then another admiral's poll
 * (status.json, his page made anew since the campaign changed) right after it, the poll is
 * answered while the archive is still being written; the archive then comes whole, the
 * master's (F-STRAT-3, the revelation), and asked again is the same bytes. */
static void
test_archive_while_polled (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("admiralty-portal-leaks-XXXXXX", &error);
  g_autofree char *path = g_build_filename (folder, "komarr.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = komarr_saved_and_played (path, 1, T0);
  g_autoptr(AdmBattle) battle = komarr_capture_pol_defiant (campaign);
  g_autoptr(AdmPortal) portal = NULL;
  g_autoptr(AdmArchive) master = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autofree char *link = NULL, *other = NULL, *archive_url = NULL, *poll_url = NULL;
  g_autofree char *html = NULL, *expected = NULL, *again = NULL;
  PortalRequest archive = { .method = "GET" }, poll = { .method = "GET" };
  GThread *archive_thread, *poll_thread;
  gboolean polled_first = FALSE;
  guint status = 0;

  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-1", battle, &error));
  g_assert_no_error (error);
  komarr_end_battles (campaign, "c1-1", T0 + 3000);
  g_assert_true (adm_campaign_end (campaign, "The Cetagandans sued for peace", T0 + 5000,
                                   &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_publish (campaign, T0 + 5100, &error));
  g_assert_no_error (error);
  master = adm_archive_new (campaign, "master", &error);
  g_assert_no_error (error);
  g_test_message ("the archive: %u frames", adm_archive_get_n_frames (master));
  g_assert_cmpuint (adm_archive_get_n_frames (master), >, 4);
  g_assert_true (adm_archive_write_html (master, out, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (out, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  expected = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));

  portal = portal_serve_loopback (campaign);
  link = portal_loopback_link (adm_portal_get_link (portal, "vorkosigan"));
  other = portal_loopback_link (adm_portal_get_link (portal, "ghem-sarlat"));
  archive_url = g_strconcat (link, "archive.html", NULL);
  poll_url = g_strconcat (other, "status.json", NULL);
  archive.url = archive_url;
  poll.url = poll_url;
  /* Nothing else waiting on the main thread; the archive's request handed to it first. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  archive_thread = g_thread_new ("archive", portal_request_thread, &archive);
  while (!g_main_context_pending (NULL))
    g_usleep (1000);
  poll_thread = g_thread_new ("poll", portal_request_thread, &poll);
  while (!g_atomic_int_get (&archive.done) || !g_atomic_int_get (&poll.done))
    {
      g_main_context_iteration (NULL, TRUE);
      if (g_atomic_int_get (&poll.done) && !g_atomic_int_get (&archive.done))
        polled_first = TRUE;
    }
  g_thread_join (archive_thread);
  g_thread_join (poll_thread);
  g_assert_cmpuint (poll.status, ==, 200);
  g_assert_true (polled_first);
  g_assert_cmpuint (archive.status, ==, 200);
  html = portal_request_text (&archive);
  assert_contains (html, "the whole truth, as the master published it", "his archive");
  g_assert_cmpstr (strstr (html, "<main"), ==, strstr (expected, "<main"));
  portal_request_clear (&archive);
  portal_request_clear (&poll);
  /* Made once for this version of the campaign. */
  again = get (archive_url, &status);
  g_assert_cmpuint (status, ==, 200);
  g_assert_cmpstr (again, ==, html);
  adm_portal_stop (portal);
  g_clear_object (&campaign);
  remove_folder (folder);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/portal/leaks/F-GEN-6/F-STRAT-3/muster-walk", test_muster_walk);
  g_test_add_func ("/portal/leaks/F-STRAT-3/corrections", test_corrections);
  g_test_add_func ("/portal/leaks/F-STRAT-3/revelation", test_revelation);
  g_test_add_func ("/portal/leaks/F-STRAT-3/F-STRAT-4/kept-reports", test_kept_reports);
  g_test_add_func ("/portal/leaks/F-STRAT-3/F-STRAT-4/kept-reports-battles",
                   test_kept_reports_battles);
  g_test_add_func ("/portal/leaks/F-STRAT-3/F-STRAT-4/reports-battles-unplayed",
                   test_reports_battles_unplayed);
  g_test_add_func ("/portal/leaks/F-STRAT-3/archive-while-polled", test_archive_while_polled);
  return g_test_run ();
}
