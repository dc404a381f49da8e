/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-muster.c: the muster before cycle 1 (adm-muster.h) on the bundled Komarr campaign
 * whose fleets are pools (scenarios/komarr-muster.admiralty: eleven admirals, 74 ships):
 *  - a campaign from pools opens in a muster: no formation of a pool in being, no order,
 *    sheet or cycle taken (F-GEN-5, F-GEN-6);
 *  - an admiral's muster handed in, accepted, placed (F-GEN-7) and started: his formations
 *    in being with their flagships (F-FORM-4), successions (F-FORM-5) and hidden flags
 *    (F-STRAT-3); the admirals who never mustered get the ruling "muster-default"'s
 *    formations, both of its options, and their reports say so;
 *  - refusals that change nothing: a ship left out or used twice, a 7th ship and a mix of
 *    categories (F-FORM-8), no flagship or one not of the formation, an unknown ship, another
 *    admiral's ship in the same words as an unknown one, a name too long, a return without a
 *    reason, a start while a muster waits for the master;
 *  - undo and redo take each step back and forth, the state byte for byte as before;
 *  - the muster sheet read back as written, and journaled as the same events;
 *  - nothing of one muster reaches another admiral before the start: not the strategic map
 *    nor its filter, nor the muster's own filter. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "shipped-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static AdmCampaign *
muster_campaign (const char *ruling,
                 const char *value)
{
  g_autoptr(AdmScenario) scenario = shipped_scenario ("komarr-muster.admiralty");
  g_autoptr(GError) error = NULL;

  if (ruling != NULL)
    {
      g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (scenario), ruling, value,
                                             &error));
      g_assert_no_error (error);
    }
  return adm_campaign_new (scenario, 1);
}

static AdmMuster *
muster_of (AdmCampaign *campaign)
{
  return adm_state_get_muster (adm_campaign_get_state (campaign));
}

static AdmStrategy *
strategy_of (AdmCampaign *campaign)
{
  return adm_state_get_strategy (adm_campaign_get_state (campaign));
}

static char *
dump (AdmCampaign *campaign)
{
  return adm_state_dump (adm_campaign_get_state (campaign));
}

/* A draft from @spec: formations separated by ";", each "NAME|FLAGSHIP|SHIPS|SUCCESSION|h"
 * (ships and succession space-separated, "h" for hidden). */
static AdmMusterDraft *
draft_of (const char *admiral,
          const char *spec)
{
  AdmMusterDraft *draft = adm_muster_draft_new (admiral);
  g_auto(GStrv) formations = g_strsplit (spec, ";", -1);

  for (guint i = 0; formations[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (formations[i], "|", 5);
      g_auto(GStrv) ships = NULL;
      g_auto(GStrv) succession = NULL;
      AdmMusterDraftFormation *formation;

      g_assert_cmpuint (g_strv_length (parts), ==, 5);
      formation = adm_muster_draft_add (draft, parts[0], parts[1], g_str_equal (parts[4], "h"));
      ships = g_strsplit (parts[2], " ", -1);
      succession = g_strsplit (parts[3], " ", -1);
      for (guint s = 0; ships[s] != NULL; s++)
        if (ships[s][0] != '\0')
          g_ptr_array_add (formation->ships, g_strdup (ships[s]));
      for (guint s = 0; succession[s] != NULL; s++)
        if (succession[s][0] != '\0')
          g_ptr_array_add (formation->succession, g_strdup (succession[s]));
    }
  return draft;
}

/* Vorkosigan's ten ships: five capital ships, four destroyers and a frigate. */
#define VORKOSIGAN_MUSTER \
  "Home Squadron|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas|prince-xav|;" \
  "Heavy Division|kyril-island|kyril-island||h;" \
  "Destroyer Screen|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull|vorinnis lord-vorbohn|"

static gboolean
hand_in (AdmCampaign  *campaign,
         const char   *admiral,
         const char   *spec,
         GError      **error)
{
  g_autoptr(AdmMusterDraft) draft = draft_of (admiral, spec);
  g_autoptr(GPtrArray) events = adm_muster_draft_events (draft, T0 + 60);

  return adm_campaign_append_all (campaign, events, error);
}

static gboolean
master (AdmCampaign  *campaign,
        const char   *kind,
        GError      **error,
        ...) G_GNUC_NULL_TERMINATED;

/* An event of the master's, @kind with the key/value pairs that follow. */
static gboolean
master (AdmCampaign  *campaign,
        const char   *kind,
        GError      **error,
        ...)
{
  g_autoptr(AdmEvent) event = adm_event_new (kind, T0 + 120);
  const char *key;
  va_list args;

  va_start (args, error);
  while ((key = va_arg (args, const char *)) != NULL)
    adm_event_set (event, key, va_arg (args, const char *));
  va_end (args);
  return adm_campaign_append (campaign, event, error);
}

static void
assert_ok (gboolean  ok,
           GError   *error)
{
  g_assert_no_error (error);
  g_assert_true (ok);
}

/* @spec handed in by @admiral is refused naming @words, the state and journal as they were. */
static void
refused_muster (AdmCampaign *campaign,
                const char  *admiral,
                const char  *spec,
                const char  *words)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (campaign);
  g_autofree char *after = NULL;
  guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

  g_assert_false (hand_in (campaign, admiral, spec, &error));
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, words));
  after = dump (campaign);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==,
                    entries);
}

static void
test_pools_load (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *pools = adm_scenario_get_pools (scenario);
  guint ships = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmEvent) cycle = adm_event_new ("cycle", T0);

  g_assert_cmpuint (pools->len, ==, 11);
  for (guint i = 0; i < pools->len; i++)
    {
      const AdmPool *pool = g_ptr_array_index (pools, i);

      ships += pool->ships->len;
      for (guint s = 0; s < pool->ships->len; s++)
        {
          const AdmShip *ship = g_ptr_array_index (pool->ships, s);

          g_assert_null (ship->formation);
          g_assert_true (ship->faction == pool->admiral->faction);
          g_assert_nonnull (adm_state_get_ship (adm_campaign_get_state (campaign), ship->id));
        }
    }
  g_assert_cmpuint (ships, ==, 74);
  g_assert_cmpuint (adm_scenario_get_ships (scenario)->len, ==, 74);
  g_assert_cmpuint (adm_scenario_get_formations (scenario)->len, ==, 0);
  g_assert_true (adm_muster_in_progress (muster_of (campaign)));
  g_assert_cmpuint (adm_strategy_get_formations (strategy_of (campaign))->len, ==, 0);

  /* F-GEN-6: formations are made up before the game: no cycle before the start. */
  adm_event_set (cycle, "cycle", "1");
  g_assert_false (adm_campaign_append (campaign, cycle, &error));
  g_assert_nonnull (strstr (error->message, "muster"));
}

static void
test_hand_in_accept_start (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  AdmStrategy *strategy = strategy_of (campaign);
  const AdmMusterEntry *entry;
  const AdmFormation *home, *heavy, *screen;
  g_autoptr(GError) error = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *other = NULL;

  assert_ok (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error), error);
  entry = adm_muster_get_entry (muster_of (campaign), "vorkosigan");
  g_assert_cmpint (entry->status, ==, ADM_MUSTER_HANDED_IN);
  g_assert_cmpuint (entry->formations->len, ==, 3);
  g_assert_cmpuint (entry->count, ==, 1);
  g_assert_cmpint (entry->received, ==, T0 + 60);

  /* F-GEN-7: positions wait for the master's decision. */
  g_assert_false (master (campaign, "muster-position", &error, "admiral", "vorkosigan",
                          "formation", "3", "sector", "pol-jump-point", NULL));
  g_assert_nonnull (strstr (error->message, "accept or return"));
  g_clear_error (&error);
  /* Nor does cycle 1 start while a muster waits. */
  g_assert_false (master (campaign, "muster-start", &error, NULL));
  g_assert_nonnull (strstr (error->message, "Aral Vorkosigan"));
  g_clear_error (&error);

  assert_ok (master (campaign, "muster-accept", &error, "admiral", "vorkosigan", NULL), error);
  g_assert_cmpint (entry->status, ==, ADM_MUSTER_ACCEPTED);
  assert_ok (master (campaign, "muster-position", &error, "admiral", "vorkosigan",
                     "formation", "3", "sector", "pol-jump-point", NULL), error);
  /* An admiral who has not mustered is placed by his default formations. */
  assert_ok (master (campaign, "muster-position", &error, "admiral", "vorlakial",
                     "formation", "1", "sector", "komarr-terminus", NULL), error);
  g_assert_false (master (campaign, "muster-position", &error, "admiral", "vorkosigan",
                          "formation", "4", "sector", "pol-jump-point", NULL));
  g_assert_nonnull (strstr (error->message, "formations 1 to 3"));
  g_clear_error (&error);
  g_assert_false (master (campaign, "muster-position", &error, "admiral", "vorkosigan",
                          "formation", "1", "sector", "nowhere", NULL));
  g_assert_nonnull (strstr (error->message, "nowhere"));
  g_clear_error (&error);

  assert_ok (master (campaign, "muster-start", &error, NULL), error);
  g_assert_false (adm_muster_in_progress (muster_of (campaign)));
  g_assert_false (entry->defaulted);
  g_assert_cmpuint (entry->formation_ids->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (entry->formation_ids, 0), ==,
                   "vorkosigan-home-squadron");

  home = adm_strategy_lookup_formation (strategy, "vorkosigan-home-squadron");
  heavy = adm_strategy_lookup_formation (strategy, "vorkosigan-heavy-division");
  screen = adm_strategy_lookup_formation (strategy, "vorkosigan-destroyer-screen");
  g_assert_nonnull (home);
  g_assert_nonnull (heavy);
  g_assert_nonnull (screen);
  g_assert_cmpstr (home->flagship->id, ==, "prince-serg");
  g_assert_cmpuint (home->ships->len, ==, 4);
  g_assert_cmpuint (home->succession->len, ==, 1);
  g_assert_false (home->hidden);
  g_assert_true (heavy->hidden);
  g_assert_cmpstr (screen->flagship->id, ==, "kestrel");
  g_assert_cmpstr (((AdmShip *) g_ptr_array_index (screen->succession, 0))->id, ==, "vorinnis");
  g_assert_cmpstr (adm_strategy_get_position (strategy, home->id)->sector->id, ==,
                   "komarr-terminus");
  g_assert_cmpstr (adm_strategy_get_position (strategy, screen->id)->sector->id, ==,
                   "pol-jump-point");
  g_assert_true (home->admiral == adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign),
                                                               "vorkosigan"));

  /* The others took the defaults: Vorlakial's seven ships, capital then auxiliary. */
  entry = adm_muster_get_entry (muster_of (campaign), "vorlakial");
  g_assert_true (entry->defaulted);
  g_assert_cmpuint (entry->formation_ids->len, ==, 2);
  /* Ids of default formations do not depend on their translated names. */
  g_assert_cmpstr (g_ptr_array_index (entry->formation_ids, 1), ==, "vorlakial-formation-2");
  g_assert_cmpstr (adm_strategy_get_position (strategy,
                                              g_ptr_array_index (entry->formation_ids, 0))
                     ->sector->id, ==, "komarr-terminus");
  {
    guint ships = 0;
    GPtrArray *formations = adm_strategy_get_formations (strategy);

    for (guint i = 0; i < formations->len; i++)
      ships += ((AdmFormation *) g_ptr_array_index (formations, i))->ships->len;
    g_assert_cmpuint (ships, ==, 74);
  }

  /* The muster is over: no muster, decision or position after the start. */
  g_assert_false (hand_in (campaign, "vorlakial", "A|emperor-ezar|emperor-ezar||", &error));
  g_assert_nonnull (strstr (error->message, "over"));
  g_clear_error (&error);

  /* The reports say how each admiral's formations were made. */
  summary = adm_strategy_summary (strategy, 1, "vorlakial");
  g_assert_nonnull (strstr (summary, "muster-default"));
  other = adm_strategy_summary (strategy, 1, "vorkosigan");
  g_assert_nonnull (strstr (other, "as its admiral handed it in"));
  g_assert_null (strstr (other, "muster-default"));
}

static void
test_refusals (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  g_autofree char *long_name = g_strnfill (81, 'x');
  g_autofree char *spec = NULL;

  /* F-GEN-6: every ship of the pool, each once. */
  refused_muster (campaign, "vorkosigan",
                  "A|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas kyril-island||;"
                  "B|kestrel|kestrel lord-vorbohn vorinnis vorgarin||",
                  "Gull of the pool is in none of the formations");
  refused_muster (campaign, "vorkosigan",
                  "A|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas kyril-island||;"
                  "B|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull prince-serg||",
                  "Prince Serg is in formation “A” already");
  /* F-FORM-8: a 7th ship; capital and escort ships mixed. */
  refused_muster (campaign, "arozzi",
                  "A|solstice-shield|solstice-shield equinox serifosa-bastion cassio-hammer olbia "
                  "dome-vorbarra toscane-enterprise||;B|waste-heat|sunward-venture waste-heat||",
                  "“Toscane Enterprise” is ship 7 of formation “A”");
  refused_muster (campaign, "vorkosigan",
                  "A|prince-serg|prince-serg kestrel||;"
                  "B|prince-xav|prince-xav emperor-dorca count-vorhalas kyril-island||;"
                  "C|lord-vorbohn|lord-vorbohn vorinnis vorgarin gull||",
                  "mixes capital ship");
  /* F-FORM-4: a flagship, one of the formation's ships. */
  refused_muster (campaign, "vorkosigan",
                  "A||prince-serg prince-xav emperor-dorca count-vorhalas kyril-island||;"
                  "B|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull||",
                  "has no flagship (F-FORM-4)");
  refused_muster (campaign, "vorkosigan",
                  "A|kestrel|prince-serg prince-xav emperor-dorca count-vorhalas kyril-island||;"
                  "B|lord-vorbohn|kestrel lord-vorbohn vorinnis vorgarin gull||",
                  "not one of its ships (F-FORM-4)");
  /* F-FORM-5: the succession names other ships of the formation. */
  refused_muster (campaign, "vorkosigan",
                  "A|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas kyril-island|kestrel|;"
                  "B|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull||",
                  "F-FORM-5");
  /* An unknown ship, and another admiral's ship, in the same words. */
  refused_muster (campaign, "vorkosigan",
                  "A|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas kyril-island "
                  "no-such-ship||;B|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull||",
                  "there is no ship “no-such-ship” in the pool of Adm. Aral Vorkosigan");
  refused_muster (campaign, "vorkosigan",
                  "A|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas kyril-island "
                  "emperor-ezar||;B|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull||",
                  "there is no ship “emperor-ezar” in the pool of Adm. Aral Vorkosigan");
  /* A name too long, two of one name, an admiral with no pool. */
  spec = g_strdup_printf ("%s|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas "
                          "kyril-island||;B|kestrel|kestrel lord-vorbohn vorinnis vorgarin "
                          "gull||", long_name);
  refused_muster (campaign, "vorkosigan", spec, "at most 80");
  refused_muster (campaign, "vorkosigan",
                  "A|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas kyril-island||;"
                  "A|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull||",
                  "two formations of the muster are named “A”");
  refused_muster (campaign, "nobody", "A|prince-serg|prince-serg||",
                  "no admiral with a pool");
}

static void
test_return (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *long_reason = g_strnfill (100000, 'r');
  const AdmMusterEntry *entry;

  assert_ok (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error), error);
  g_assert_false (master (campaign, "muster-return", &error, "admiral", "vorkosigan", NULL));
  g_assert_nonnull (strstr (error->message, "reason"));
  g_clear_error (&error);
  g_assert_false (master (campaign, "muster-return", &error, "admiral", "vorkosigan",
                          "reason", long_reason, NULL));
  g_assert_nonnull (strstr (error->message, "at most 2000"));
  g_clear_error (&error);
  assert_ok (master (campaign, "muster-return", &error, "admiral", "vorkosigan", "reason",
                     "the frigate goes with the cruisers", NULL), error);
  entry = adm_muster_get_entry (muster_of (campaign), "vorkosigan");
  g_assert_cmpint (entry->status, ==, ADM_MUSTER_RETURNED);
  g_assert_cmpstr (entry->reason, ==, "the frigate goes with the cruisers");
  g_assert_cmpuint (entry->formations->len, ==, 0);
  g_assert_false (master (campaign, "muster-accept", &error, "admiral", "vorkosigan", NULL));
  g_assert_nonnull (strstr (error->message, "returned"));
  g_clear_error (&error);

  /* Handed in again, accepted; an accepted muster is returned before another is taken. */
  assert_ok (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error), error);
  g_assert_cmpuint (entry->count, ==, 2);
  g_assert_null (entry->reason);
  assert_ok (master (campaign, "muster-accept", &error, "admiral", "vorkosigan", NULL), error);
  g_assert_false (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error));
  g_assert_nonnull (strstr (error->message, "accepted"));
}

/* The ruling "muster-default", each option (docs/rulings.md). */
static void
test_default_by_category (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign ("muster-default", "by-category");
  const AdmMusterEntry *entry = adm_muster_get_entry (muster_of (campaign), "vorkosigan");
  GPtrArray *planned = adm_muster_entry_planned (entry);
  const AdmMusterFormation *capital, *escort;

  /* Five capital ships, then five escorts: two formations, the first ship each flagship. */
  g_assert_cmpuint (planned->len, ==, 2);
  capital = g_ptr_array_index (planned, 0);
  escort = g_ptr_array_index (planned, 1);
  g_assert_cmpuint (capital->ships->len, ==, 5);
  g_assert_cmpstr (capital->flagship->id, ==, "prince-serg");
  g_assert_cmpuint (escort->ships->len, ==, 5);
  g_assert_cmpstr (escort->flagship->id, ==, "kestrel");
  g_assert_cmpstr (capital->name, ==, "Adm. Aral Vorkosigan’s formation 1");

  /* Never more than 6 to a formation: Arozzi's nine ships. */
  entry = adm_muster_get_entry (muster_of (campaign), "arozzi");
  planned = adm_muster_entry_planned (entry);
  for (guint i = 0; i < planned->len; i++)
    g_assert_cmpuint (((AdmMusterFormation *) g_ptr_array_index (planned, i))->ships->len, <=, 6);
}

static void
test_default_single_ships (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign ("muster-default", "single-ships");
  const AdmMusterEntry *entry = adm_muster_get_entry (muster_of (campaign), "vorkosigan");
  GPtrArray *planned = adm_muster_entry_planned (entry);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (planned->len, ==, 10);
  g_assert_cmpstr (((AdmMusterFormation *) g_ptr_array_index (planned, 9))->name, ==, "Gull");
  assert_ok (master (campaign, "muster-start", &error, NULL), error);
  g_assert_cmpuint (adm_strategy_get_formations (strategy_of (campaign))->len, ==, 74);
}

/* Undo and redo take each step back and forth, byte for byte. */
static void
test_undo_redo (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) dumps = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (dumps, dump (campaign));
  assert_ok (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error), error);
  g_ptr_array_add (dumps, dump (campaign));
  assert_ok (master (campaign, "muster-accept", &error, "admiral", "vorkosigan", NULL), error);
  g_ptr_array_add (dumps, dump (campaign));
  assert_ok (master (campaign, "muster-position", &error, "admiral", "vorkosigan",
                     "formation", "2", "sector", "komarr-orbit", NULL), error);
  g_ptr_array_add (dumps, dump (campaign));
  assert_ok (master (campaign, "muster-start", &error, NULL), error);
  g_ptr_array_add (dumps, dump (campaign));

  for (guint i = dumps->len - 1; i > 0; i--)
    {
      g_autofree char *now = NULL;

      assert_ok (adm_campaign_undo (campaign, &error), error);
      now = dump (campaign);
      g_assert_cmpstr (now, ==, g_ptr_array_index (dumps, i - 1));
    }
  for (guint i = 1; i < dumps->len; i++)
    {
      g_autofree char *now = NULL;

      assert_ok (adm_campaign_redo (campaign, &error), error);
      now = dump (campaign);
      g_assert_cmpstr (now, ==, g_ptr_array_index (dumps, i));
    }
}

/* The sheet read back as written, journaled as the same muster. */
static void
test_sheet_round_trip (void)
{
  g_autoptr(AdmMusterDraft) draft = draft_of ("vorkosigan", VORKOSIGAN_MUSTER);
  g_autofree char *xml = adm_muster_draft_to_xml (draft);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmMusterDraft) read = adm_muster_draft_load (xml, strlen (xml), "sheet.xml", &error);
  g_autofree char *again = NULL;

  g_assert_no_error (error);
  again = adm_muster_draft_to_xml (read);
  g_assert_cmpstr (again, ==, xml);
  g_assert_nonnull (strstr (xml, "hidden=\"true\""));

  /* Not a muster sheet: refused with the file's name and line. */
  g_assert_null (adm_muster_draft_load ("<muster-sheet admiral=\"x\"/>", 27, "bad.xml",
                                        &error));
  g_assert_nonnull (strstr (error->message, "bad.xml:1"));
}

/* F-STRAT-3: before the start nothing of one muster reaches another admiral. */
static void
test_no_leak (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  g_autoptr(GError) error = NULL;
  GPtrArray *factions = adm_scenario_get_factions (scenario);

  assert_ok (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error), error);
  assert_ok (master (campaign, "muster-accept", &error, "admiral", "vorkosigan", NULL), error);
  g_assert_true (adm_muster_admiral_sees (muster_of (campaign), NULL, "vorkosigan"));
  g_assert_true (adm_muster_admiral_sees (muster_of (campaign), "vorkosigan", "vorkosigan"));
  g_assert_false (adm_muster_admiral_sees (muster_of (campaign), "vorlakial", "vorkosigan"));
  g_assert_false (adm_muster_admiral_sees (muster_of (campaign), "ghem-estif", "vorkosigan"));
  for (guint i = 0; i < factions->len; i++)
    {
      g_autoptr(GPtrArray) known =
        adm_audience_known_formations (strategy_of (campaign), g_ptr_array_index (factions, i));

      g_assert_cmpuint (known->len, ==, 0);
    }
  /* The refusal of another admiral's muster speaks of his own pool only. */
  refused_muster (campaign, "vorlakial", "Home Squadron|prince-serg|prince-serg||",
                  "there is no ship “prince-serg” in the pool of Adm. Lord Vorlakial");
}

/* F-GEN-5: the printed muster sheet: an admiral's pool, nothing of another's. */
static void
test_printed_sheet (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_MUSTER, "vorkosigan", 0, NULL,
                                            &error);
  g_autoptr(AdmDoc) every = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  text = adm_doc_to_text (doc);
  g_assert_nonnull (strstr (text, "Muster sheet — Adm. Aral Vorkosigan"));
  g_assert_nonnull (strstr (text, "Komarr wormhole terminus"));
  g_assert_nonnull (strstr (text, "Prince Serg"));
  g_assert_nonnull (strstr (text, "count-vorhalas"));
  g_assert_nonnull (strstr (text, "F-FORM-8"));
  g_assert_null (strstr (text, "Emperor Ezar"));
  g_assert_null (strstr (text, "Vorlakial"));

  every = adm_report_build (campaign, ADM_REPORT_MUSTER, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  /* The document's own first part, then one an admiral with a pool. */
  g_assert_cmpuint (adm_doc_get_n_parts (every), ==, 1 + 11);
  g_free (text);
  text = adm_doc_to_text (every);
  g_assert_nonnull (strstr (text, "Muster sheet — Baron Fell"));
}

/* A muster read back before it is handed in: the one check's verdict, nothing journaled or
 * changed; and the muster the master returns stays for the admiral to change. */
static void
test_check_draft (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  g_autoptr(AdmMusterDraft) good = draft_of ("vorkosigan", VORKOSIGAN_MUSTER);
  g_autoptr(AdmMusterDraft) short_one = draft_of ("vorkosigan",
    "Home Squadron|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas||;"
    "Heavy Division|kyril-island|kyril-island||h;"
    "Destroyer Screen|kestrel|kestrel lord-vorbohn vorinnis vorgarin|vorinnis|");
  g_autoptr(AdmMusterDraft) foreign = draft_of ("vorkosigan", "All|prince-serg|prince-serg "
                                                "prince-xav emperor-dorca count-vorhalas "
                                                "kyril-island emperor-ezar||");
  g_autoptr(AdmMusterDraft) unknown = draft_of ("vorkosigan", "All|prince-serg|prince-serg "
                                                "prince-xav emperor-dorca count-vorhalas "
                                                "kyril-island no-such-ship||");
  g_autofree char *before = dump (campaign);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) other = NULL;
  const AdmMusterEntry *entry = adm_muster_get_entry (muster_of (campaign), "vorkosigan");
  guint events = adm_campaign_get_events (campaign)->len;

  g_assert_true (adm_muster_check_draft (muster_of (campaign), good, &error));
  g_assert_no_error (error);
  g_assert_false (adm_muster_check_draft (muster_of (campaign), short_one, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "Gull of the pool is in none of the formations"));
  g_clear_error (&error);
  /* F-STRAT-3: another admiral's ship in the words of no ship at all. */
  g_assert_false (adm_muster_check_draft (muster_of (campaign), foreign, &error));
  g_assert_false (adm_muster_check_draft (muster_of (campaign), unknown, &other));
  {
    g_auto(GStrv) a = g_strsplit (error->message, "emperor-ezar", -1);
    g_auto(GStrv) b = g_strsplit (other->message, "no-such-ship", -1);
    g_autofree char *x = g_strjoinv ("SHIP", a);
    g_autofree char *y = g_strjoinv ("SHIP", b);

    g_assert_cmpstr (x, ==, y);
  }
  g_clear_error (&error);
  after = dump (campaign);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, events);
  g_assert_cmpint (entry->status, ==, ADM_MUSTER_NOT_HANDED_IN);

  /* Handed in, then returned: the muster returned is his to change. */
  g_assert_true (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error));
  g_assert_no_error (error);
  g_assert_true (master (campaign, "muster-return", &error, "admiral", "vorkosigan",
                         "reason", "Kyril Island stays with the squadron", NULL));
  g_assert_no_error (error);
  g_assert_cmpuint (entry->formations->len, ==, 0);
  g_assert_cmpuint (entry->returned->len, ==, 3);
  g_assert_cmpstr (((AdmMusterFormation *) g_ptr_array_index (entry->returned, 1))->name, ==,
                   "Heavy Division");
  g_assert_true (adm_muster_check_draft (muster_of (campaign), good, &error));
  g_assert_no_error (error);
}

/* F-GEN-7: a starting position names its formation by number or by the id it is made with,
 * and is kept by that id: a formation keeps it through its muster returned and handed in
 * again under the same name; a formation of another name, or the defaults, do not take it. */
static void
test_positions_by_id (void)
{
  g_autoptr(AdmCampaign) campaign = muster_campaign (NULL, NULL);
  const AdmMusterEntry *entry = adm_muster_get_entry (muster_of (campaign), "vorkosigan");
  const AdmMusterEntry *vorlakial = adm_muster_get_entry (muster_of (campaign), "vorlakial");
  g_autoptr(GError) error = NULL;
  g_autofree char *second = NULL, *first_default = NULL;
  const AdmFormation *heavy, *defaulted;

  first_default = adm_muster_formation_id (vorlakial, 1);
  g_assert_cmpstr (first_default, ==, "vorlakial-formation-1");
  g_assert_true (master (campaign, "muster-position", &error, "admiral", "vorlakial",
                         "formation", "vorlakial-formation-1", "sector", "komarr-terminus",
                         NULL));
  g_assert_no_error (error);
  g_assert_cmpstr (((AdmMusterFormation *) g_ptr_array_index (vorlakial->defaults, 0))
                   ->sector->id, ==, "komarr-terminus");

  g_assert_true (hand_in (campaign, "vorkosigan", VORKOSIGAN_MUSTER, &error));
  g_assert_no_error (error);
  g_assert_true (master (campaign, "muster-accept", &error, "admiral", "vorkosigan", NULL));
  g_assert_no_error (error);
  second = adm_muster_formation_id (entry, 2);
  g_assert_cmpstr (second, ==, "vorkosigan-heavy-division");
  /* By number, kept by the id. */
  g_assert_true (master (campaign, "muster-position", &error, "admiral", "vorkosigan",
                         "formation", "2", "sector", "pol-jump-point", NULL));
  g_assert_no_error (error);
  /* An id he will not start with is refused, naming it. */
  g_assert_false (master (campaign, "muster-position", &error, "admiral", "vorkosigan",
                          "formation", "vorkosigan-formation-9", "sector", "pol-jump-point",
                          NULL));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_assert_nonnull (strstr (error->message, "“vorkosigan-formation-9”"));
  g_clear_error (&error);

  /* Returned: the defaults he would now start with have no position of his. */
  g_assert_true (master (campaign, "muster-return", &error, "admiral", "vorkosigan",
                         "reason", "The screen first", NULL));
  g_assert_no_error (error);
  for (guint f = 0; f < entry->defaults->len; f++)
    g_assert_null (((AdmMusterFormation *) g_ptr_array_index (entry->defaults, f))->sector);
  /* Handed in again in another order, the Heavy Division third: it keeps its position. */
  g_assert_true (hand_in (campaign, "vorkosigan",
    "Destroyer Screen|kestrel|kestrel lord-vorbohn vorinnis vorgarin gull||;"
    "Home Squadron|prince-serg|prince-serg prince-xav emperor-dorca count-vorhalas||;"
    "Heavy Division|kyril-island|kyril-island||h", &error));
  g_assert_no_error (error);
  g_assert_true (master (campaign, "muster-accept", &error, "admiral", "vorkosigan", NULL));
  g_assert_no_error (error);
  g_assert_null (((AdmMusterFormation *) g_ptr_array_index (entry->formations, 0))->sector);
  g_assert_cmpstr (((AdmMusterFormation *) g_ptr_array_index (entry->formations, 2))
                   ->sector->id, ==, "pol-jump-point");

  g_assert_true (master (campaign, "muster-start", &error, NULL));
  g_assert_no_error (error);
  heavy = adm_strategy_lookup_formation (strategy_of (campaign), "vorkosigan-heavy-division");
  defaulted = adm_strategy_lookup_formation (strategy_of (campaign), "vorlakial-formation-1");
  g_assert_nonnull (heavy);
  g_assert_nonnull (defaulted);
  g_assert_cmpstr (adm_strategy_get_position (strategy_of (campaign), heavy->id)->sector->id, ==,
                   "pol-jump-point");
  g_assert_cmpstr (adm_strategy_get_position (strategy_of (campaign), defaulted->id)->sector->id,
                   ==, "komarr-terminus");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/muster/F-GEN-5/pools-load", test_pools_load);
  g_test_add_func ("/engine/muster/F-GEN-6/F-GEN-7/hand-in-accept-start",
                   test_hand_in_accept_start);
  g_test_add_func ("/engine/muster/F-GEN-6/F-FORM-8/refusals", test_refusals);
  g_test_add_func ("/engine/muster/F-GEN-6/return", test_return);
  g_test_add_func ("/engine/muster/F-GEN-6/check-draft", test_check_draft);
  g_test_add_func ("/engine/muster/F-GEN-7/positions-by-id", test_positions_by_id);
  g_test_add_func ("/engine/muster/F-GEN-6/default-by-category", test_default_by_category);
  g_test_add_func ("/engine/muster/F-GEN-6/default-single-ships", test_default_single_ships);
  g_test_add_func ("/engine/muster/F-GEN-6/undo-redo", test_undo_redo);
  g_test_add_func ("/engine/muster/sheet-round-trip", test_sheet_round_trip);
  g_test_add_func ("/engine/muster/F-STRAT-3/no-leak", test_no_leak);
  g_test_add_func ("/engine/muster/F-GEN-5/printed-sheet", test_printed_sheet);
  return g_test_run ();
}
