/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-layout.c: the tactical map generated from a sector (F-TAC-1): the sector's planet
 * with its low orbits (F-ORB), its stations on their orbit (F-STN-5) and its wormhole's exit
 * zone (F-MOVE-5) between the front lines, the same table from the same seed, and the
 * master's re-roll of a campaign engagement's table: journaled, undone, refused once its
 * battle has been played. */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static AdmScenario *
load_layout_scenario (void)
{
  g_autofree char *path = source_path ("tests", "data", "scenarios", "layout.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario = adm_scenario_load_file (path, &error);

  g_assert_no_error (error);
  return scenario;
}

static AdmBattle *
load_setup (const char *text)
{
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_memory (text, strlen (text), "set-up", &error);

  g_assert_no_error (error);
  return battle;
}

/* The table's height as the set-up's root says it. */
static double
table_height (const char *text)
{
  const char *at = strstr (text, " height=\"");

  g_assert_nonnull (at);
  return g_ascii_strtod (at + strlen (" height=\""), NULL);
}

static const AdmTableFeature *
feature_of (GPtrArray  *features,
            const char *kind,
            guint       nth)
{
  for (guint i = 0; i < features->len; i++)
    {
      const AdmTableFeature *feature = g_ptr_array_index (features, i);

      if (g_str_equal (feature->kind, kind) && nth-- == 0)
        return feature;
    }
  return NULL;
}

static double
distance (const AdmTableFeature *a,
          const AdmTableFeature *b)
{
  return hypot (a->x - b->x, a->y - b->y);
}

/* Asterope: the planet with its three orbits as the low-orbit map, named; both stations on
 * orbit 2, opposite each other; the exit zone clear of the outermost orbit; every feature
 * between the two front lines and on the table; no ship inside the exit zone (F-MOVE-5
 * would make it move) and none on the planet. */
static void
test_sector_features (void)
{
  g_autoptr(AdmScenario) scenario = load_layout_scenario ();
  const AdmTableLayout *layout = adm_ruleset_get_table_layout (adm_scenario_get_ruleset (scenario));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adm_scenario_battle_setup (scenario, "asterope", &error);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) features = NULL;
  const AdmTableFeature *planet, *ring, *station, *yard, *exit;
  const AdmLowOrbit *orbit;
  double west = G_MAXDOUBLE, east = -G_MAXDOUBLE;
  guint32 seed = 0;

  g_assert_no_error (error);
  g_assert_nonnull (layout);
  battle = load_setup (text);
  features = adm_battle_list_features (battle);
  g_assert_cmpuint (features->len, ==, 5);
  planet = feature_of (features, "planet", 0);
  ring = feature_of (features, "low-orbit", 0);
  station = feature_of (features, "station", 0);
  yard = feature_of (features, "station", 1);
  exit = feature_of (features, "wormhole-exit", 0);
  g_assert_cmpstr (planet->name, ==, "Asterope IV");
  g_assert_cmpstr (ring->name, ==, "Asterope IV");
  g_assert_cmpstr (station->name, ==, "Asterope Station");
  g_assert_cmpstr (yard->name, ==, "Orbital Yard");
  g_assert_cmpstr (exit->name, ==, "Jump point to Tau Verde");

  /* F-ORB-1, F-ORB-4: the battle's own low-orbit map is the sector's planet. */
  orbit = adm_battle_get_low_orbit (battle);
  g_assert_true (orbit->present);
  g_assert_cmpfloat (orbit->planet_diameter, ==, layout->planet_diameter);
  g_assert_cmpuint (orbit->orbits->len, ==, layout->orbits->len);
  g_assert_cmpfloat (planet->x, ==, orbit->planet.x);
  g_assert_cmpfloat (ring->diameter, ==,
                     2 * g_array_index (layout->orbits, double, layout->orbits->len - 1));
  /* F-STN-5: on the stations' orbit, evenly spaced (two: opposite). */
  g_assert_cmpfloat_with_epsilon (distance (station, planet),
                                  g_array_index (layout->orbits, double,
                                                 layout->station_orbit - 1), 0.01);
  g_assert_cmpfloat_with_epsilon (distance (yard, planet),
                                  g_array_index (layout->orbits, double,
                                                 layout->station_orbit - 1), 0.01);
  g_assert_cmpfloat_with_epsilon (distance (station, yard),
                                  2 * g_array_index (layout->orbits, double,
                                                     layout->station_orbit - 1), 0.02);
  /* F-MOVE-5: the exit zone, as wide as the ruleset says, clear of the orbits. */
  g_assert_cmpuint (adm_battle_get_n_wormhole_exits (battle), ==, 1);
  g_assert_cmpfloat (exit->diameter, ==, layout->wormhole_exit);
  g_assert_cmpfloat (distance (exit, planet), >=,
                     ring->diameter / 2 + exit->diameter / 2 + layout->clearance - 0.01);
  g_assert_cmpfloat (exit->x, ==, planet->x);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      g_assert_false (adm_battle_ship_in_wormhole_exit (battle, i));
      g_assert_cmpfloat (adm_distance (ship->position, orbit->planet), >,
                         orbit->planet_diameter / 2);
      if (ship->heading == 90)
        west = MIN (west, ship->position.x);
      else
        east = MAX (east, ship->position.x);
    }
  for (guint i = 0; i < features->len; i++)
    {
      const AdmTableFeature *feature = g_ptr_array_index (features, i);

      g_assert_cmpfloat (feature->x, >, west);
      g_assert_cmpfloat (feature->x, <, east);
      g_assert_cmpfloat (feature->y - feature->diameter / 2, >=, 0);
      g_assert_cmpfloat (feature->y + feature->diameter / 2, <=,
                         table_height (text));
    }
  /* The seed the features came from is the battle's: the sector's own by default. */
  g_assert_true (adm_battle_get_layout_seed (battle, &seed));
  g_assert_cmpuint (seed, ==, adm_battle_layout_default_seed ("asterope"));
}

/* No planet: the station stands alone on the middle line, beside the exit zone. */
static void
test_station_without_planet (void)
{
  g_autoptr(AdmScenario) scenario = load_layout_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adm_scenario_battle_setup (scenario, "sergyar-gate", &error);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) features = NULL;
  const AdmTableFeature *station, *exit;

  g_assert_no_error (error);
  battle = load_setup (text);
  features = adm_battle_list_features (battle);
  g_assert_cmpuint (features->len, ==, 2);
  g_assert_false (adm_battle_get_low_orbit (battle)->present);
  station = feature_of (features, "station", 0);
  exit = feature_of (features, "wormhole-exit", 0);
  g_assert_cmpstr (station->name, ==, "Gate Beacon");
  g_assert_cmpfloat (station->x, ==, exit->x);
  g_assert_cmpfloat (distance (station, exit), >=, (station->diameter + exit->diameter) / 2);
}

static gboolean
same_features (GPtrArray *a,
               GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    {
      const AdmTableFeature *x = g_ptr_array_index (a, i), *y = g_ptr_array_index (b, i);

      if (!g_str_equal (x->kind, y->kind) || g_strcmp0 (x->name, y->name) != 0 ||
          x->x != y->x || x->y != y->y || x->diameter != y->diameter)
        return FALSE;
    }
  return TRUE;
}

/* A pure function: the same seed gives the same table; other seeds move the features, and
 * by no more than the ruleset's scatter either way. */
static void
test_same_seed (void)
{
  g_autoptr(AdmScenario) scenario = load_layout_scenario ();
  const AdmTableLayout *layout = adm_ruleset_get_table_layout (adm_scenario_get_ruleset (scenario));
  AdmSector *sector = adm_scenario_lookup_sector (scenario, "asterope");
  g_autoptr(GPtrArray) first = NULL, again = NULL;
  guint moved = 0;
  double span = 0, span_again = 0;

  first = adm_battle_layout_generate (layout, sector->objects, 42, &span);
  again = adm_battle_layout_generate (layout, sector->objects, 42, &span_again);
  g_assert_true (same_features (first, again));
  g_assert_cmpfloat (span, ==, span_again);
  for (guint32 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(GPtrArray) other = NULL;
      double other_span = 0, extent = 0;

      other = adm_battle_layout_generate (layout, sector->objects, seed, &other_span);
      moved += !same_features (first, other);
      /* Planet (orbits) and exit, clearance apart, shifted by the scatter at most. */
      extent = 2 * g_array_index (layout->orbits, double, layout->orbits->len - 1) +
               layout->clearance + layout->wormhole_exit;
      g_assert_cmpfloat (other_span, <=, extent / 2 + layout->scatter + layout->clearance + 1e-9);
    }
  g_assert_cmpuint (moved, >=, 19);
  /* A link has no features. */
  {
    g_autoptr(GPtrArray) none = adm_battle_layout_generate (layout, NULL, 42, &span);

    g_assert_cmpuint (none->len, ==, 0);
    g_assert_cmpfloat (span, ==, 0);
  }
}

/* The Komarr campaign after cycle 1, with the sheets that bring the Jade Squadron to Pol
 * orbit (planet Pol, station Pol Six). */
static AdmCampaign *
komarr_after_cycle_one (void)
{
  static const char *const sheets[] = {
    "komarr-cycle-1-ghem-sarlat.xml", "komarr-cycle-1-radovan.xml",
    "komarr-cycle-1-vorkosigan.xml",
  };
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (sheets); i++)
    {
      g_autofree char *sheet = source_path ("scenarios", "komarr-campaign.sheets", sheets[i], NULL);
      g_autoptr(GPtrArray) events = adm_order_sheet_load_file (sheet,
                                                               adm_campaign_get_state (campaign),
                                                               T0 + 2340, &error);

      g_assert_no_error (error);
      g_assert_true (adm_campaign_append_all (campaign, events, &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_campaign_resolve_cycle (campaign, ADM_DICE_SOURCE (dice), T0 + 2400,
                                             &error));
  g_assert_no_error (error);
  return g_steal_pointer (&campaign);
}

/* The queue id of the engagement in @sector_id. */
static char *
engagement_in (AdmCampaign *campaign,
               const char  *sector_id)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (campaign, 0);

  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *entry = g_ptr_array_index (queue, i);

      if (entry->engagement.sector != NULL &&
          g_str_equal (entry->engagement.sector->id, sector_id))
        return g_strdup (entry->id);
    }
  g_assert_not_reached ();
}

static char *
setup_of (AdmCampaign *campaign,
          const char  *id)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(GError) error = NULL;
  char *text;

  engagement = adm_campaign_find_engagement (campaign, id, &error);
  g_assert_no_error (error);
  text = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static guint32
seed_of (const char *setup)
{
  g_autoptr(AdmBattle) battle = load_setup (setup);
  guint32 seed = 0;

  g_assert_true (adm_battle_get_layout_seed (battle, &seed));
  return seed;
}

/* The master's re-roll is a journal entry: the set-up follows it, Undo takes it back, and
 * once the battle is kept in the campaign (a turn played) it is refused. */
static void
test_reroll_journaled (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_after_cycle_one ();
  g_autofree char *id = engagement_in (campaign, "pol-orbit");
  g_autofree char *before = setup_of (campaign, id);
  g_autofree char *rolled = NULL, *undone = NULL, *undo = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (3);
  g_autoptr(GError) error = NULL;
  guint32 first = seed_of (before);
  guint32 other = first + 1;

  g_assert_nonnull (strstr (before, "<low-orbit "));
  g_assert_nonnull (strstr (before, "name=\"Pol\""));
  /* Ruling "station-unit": Pol Six is Pol's, and Pol has formations here. */
  g_assert_nonnull (strstr (before, "name=\"Pol Six\" class=\"orbital-fortress\""));

  g_assert_true (adm_campaign_reroll_layout (campaign, id, other, T0 + 2500, &error));
  g_assert_no_error (error);
  undo = adm_campaign_describe_undo (campaign);
  g_assert_true (g_str_has_prefix (undo, "New table for engagement "));
  rolled = setup_of (campaign, id);
  g_assert_cmpuint (seed_of (rolled), ==, other);
  g_assert_cmpstr (rolled, !=, before);

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  undone = setup_of (campaign, id);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);

  /* The battle is played a turn and kept: its table stays. */
  battle = load_setup (rolled);
  g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, id, battle, &error));
  g_assert_no_error (error);
  g_assert_false (adm_campaign_reroll_layout (campaign, id, 99, T0 + 2600, &error));
  g_assert_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_BATTLE_BEGUN);
  g_assert_nonnull (strstr (error->message, "before the first turn"));
}

/* A seed the journal cannot hold is refused by the state's check, changing nothing. */
static void
test_bad_seed_event (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_after_cycle_one ();
  g_autofree char *id = engagement_in (campaign, "pol-orbit");
  g_autoptr(AdmEvent) event = adm_event_new ("layout", T0 + 2500);
  g_autoptr(GError) error = NULL;
  guint n = adm_campaign_get_events (campaign)->len;

  adm_event_set (event, "engagement", id);
  adm_event_set (event, "seed", "4294967296");
  g_assert_false (adm_campaign_append (campaign, event, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "4294967296"));
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, n);
}

/* The layout scenario as a campaign at cycle 1. */
static AdmCampaign *
layout_campaign (void)
{
  g_autofree char *path = source_path ("tests", "data", "scenarios", "layout.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign = adm_campaign_open (path, &error);

  g_assert_no_error (error);
  return campaign;
}

static void
give_order (AdmCampaign *campaign,
            guint        cycle,
            const char  *order_kind)
{
  g_autoptr(AdmEvent) order = adm_event_new ("order", T0 + 2400 * cycle - 120);
  g_autoptr(GError) error = NULL;

  adm_event_set_int (order, "cycle", cycle);
  adm_event_set (order, "admiral", "vorlakial");
  adm_event_set (order, "formation", "mining-flotilla");
  adm_event_set (order, "order", order_kind);
  g_assert_true (adm_campaign_append (campaign, order, &error));
  g_assert_no_error (error);
}

/* Resolves the current cycle, dropping the engagements of the last one unfought. */
static void
resolve_dropping (AdmCampaign *campaign,
                  guint        cycle)
{
  g_autoptr(GHashTable) drops = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (cycle);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < unfought->len; i++)
    g_hash_table_insert (drops, ((AdmQueuedEngagement *) g_ptr_array_index (unfought, i))->id,
                         "played elsewhere");
  g_assert_true (adm_campaign_resolve_cycle_dropping (campaign, ADM_DICE_SOURCE (dice),
                                                      T0 + 2400 * cycle, drops, &error));
  g_assert_no_error (error);
}

/* The mines in a set-up, each of @side_id and hidden from the others (F-MINE-2). */
static guint
count_mines (AdmBattle  *battle,
             const char *side_id)
{
  guint n = 0;

  for (guint i = 0; i < adm_battle_get_n_mines (battle); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (battle, i);

      g_assert_cmpstr (adm_battle_get_side (battle, mine->side)->id, ==, side_id);
      g_assert_false (mine->revealed);
      n++;
    }
  return n;
}

static AdmBattle *
cycle_battle_at (AdmCampaign *campaign,
                 guint        cycle,
                 const char  *sector_id)
{
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (campaign, cycle);

  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *entry = g_ptr_array_index (queue, i);
      g_autofree char *text = NULL;

      if (entry->engagement.sector == NULL ||
          !g_str_equal (entry->engagement.sector->id, sector_id))
        continue;
      text = setup_of (campaign, entry->id);
      return load_setup (text);
    }
  g_assert_not_reached ();
}

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: the Mining Flotilla lays mines at Sergyar Gate in
 * cycle 1; cycle 2's battle there meets them: one mine per minelayer, Barrayar's, hidden from the
 * Cetagandans, with the ruleset's card. */
static void
test_campaign_minefield (void)
{
  g_autoptr(AdmCampaign) campaign = layout_campaign ();
  const AdmTableLayout *layout = adm_ruleset_get_table_layout (
    adm_scenario_get_ruleset (adm_state_get_scenario (adm_campaign_get_state (campaign))));
  g_autoptr(AdmBattle) second = NULL;

  /* Laying stirs nothing: no battle in cycle 1. */
  give_order (campaign, 1, "lay-mines");
  resolve_dropping (campaign, 1);
  {
    g_autoptr(GPtrArray) none = adm_campaign_get_engagements (campaign, 1);

    g_assert_cmpuint (none->len, ==, 0);
  }
  /* Patrolling the Gate in cycle 2, the flotilla meets the Autumn Screen there. */
  give_order (campaign, 2, "patrol");
  resolve_dropping (campaign, 2);
  second = cycle_battle_at (campaign, 2, "sergyar-gate");
  g_assert_cmpuint (count_mines (second, "barrayar"), ==, 2);
  for (guint i = 0; i < adm_battle_get_n_mines (second); i++)
    {
      const AdmMine *mine = adm_battle_get_mine (second, i);

      g_assert_cmpint (mine->range, ==, layout->mine_reach);
      g_assert_cmpint (mine->strength, ==, layout->mine_strength);
      g_assert_cmpint (mine->charge, ==, layout->mine_torpedo ? ADM_MINE_TORPEDO
                                                             : ADM_MINE_PLASMA);
      g_assert_cmpstr (mine->id, ==, i == 0 ? "mine-c1-vorkosigan-surleau" : "mine-c1-caltrop");
    }
}

/* F-MINE-13, F-WPN-19 with F-STRAT-5 (ruling "standing-minelaying"): the Mining Flotilla's
 * lay-mines order of cycle 1 stands through cycle 2, no new order given, and it lays its mines
 * in the strategic turn of cycle 2 as well; cycle 3's battle at the Gate meets both fields. */
static void
standing_minefield (AdmCampaign  *campaign,
                    const char  **ids,
                    guint         n_ids)
{
  g_autoptr(AdmBattle) third = NULL;

  give_order (campaign, 1, "lay-mines");
  resolve_dropping (campaign, 1);
  resolve_dropping (campaign, 2);
  {
    g_autoptr(GPtrArray) none = adm_campaign_get_engagements (campaign, 2);

    g_assert_cmpuint (none->len, ==, 0);
  }
  give_order (campaign, 3, "patrol");
  resolve_dropping (campaign, 3);
  third = cycle_battle_at (campaign, 3, "sergyar-gate");
  g_assert_cmpuint (count_mines (third, "barrayar"), ==, n_ids);
  for (guint i = 0; i < n_ids; i++)
    {
      gboolean found = FALSE;

      for (guint m = 0; m < adm_battle_get_n_mines (third); m++)
        found |= g_str_equal (adm_battle_get_mine (third, m)->id, ids[i]);
      g_assert_true (found);
    }
}

static void
test_campaign_minefield_standing (void)
{
  g_autoptr(AdmCampaign) campaign = layout_campaign ();
  const char *ids[] = { "mine-c1-vorkosigan-surleau", "mine-c1-caltrop",
                        "mine-c2-vorkosigan-surleau", "mine-c2-caltrop" };

  standing_minefield (campaign, ids, G_N_ELEMENTS (ids));
}

/* The same under "standing-minelaying" = "once": the standing order lays nothing in cycle 2,
 * and cycle 3's battle meets cycle 1's field alone. */
static void
test_campaign_minefield_standing_once (void)
{
  g_autofree char *path = source_path ("tests", "data", "scenarios", "layout.admiralty", NULL);
  g_autofree char *dir = g_dir_make_tmp ("test-battle-layout-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "layout.admiralty", NULL);
  g_autofree char *text = NULL;
  g_autofree char *once = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  const char *ids[] = { "mine-c1-vorkosigan-surleau", "mine-c1-caltrop" };

  g_assert_nonnull (dir);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  parts = g_strsplit (text, "</description>", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  once = g_strjoin ("</description>\n  <rulings><ruling id=\"standing-minelaying\" "
                    "value=\"once\"/></rulings>", parts[0], parts[1], NULL);
  g_assert_true (g_file_set_contents (copy, once, -1, &error));
  g_assert_no_error (error);
  campaign = adm_campaign_open (copy, &error);
  g_assert_no_error (error);
  standing_minefield (campaign, ids, G_N_ELEMENTS (ids));
  g_clear_object (&campaign);
  remove_folder (dir);
}

/* The master's correction "minefield": the Mining Flotilla's mines of cycle 1 at Sergyar Gate
 * cleared while cycle 2 is ordered are not in cycle 2's battle there; undone, they are. */
static void
test_campaign_minefield_cleared (void)
{
  g_autoptr(AdmCampaign) campaign = layout_campaign ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) cleared = NULL;
  g_autoptr(AdmBattle) undone = NULL;
  AdmCorrection clear = { .kind = ADM_CORRECTION_MINEFIELD, .sector = "sergyar-gate",
                          .reason = "The story swept them" };
  AdmCorrection nowhere = { .kind = ADM_CORRECTION_MINEFIELD, .sector = "andromeda",
                            .reason = "x" };

  give_order (campaign, 1, "lay-mines");
  resolve_dropping (campaign, 1);
  g_assert_true (adm_correction_record (campaign, &clear, T0 + 2500, &error));
  g_assert_no_error (error);
  g_assert_false (adm_correction_record (campaign, &clear, T0 + 2500, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (adm_correction_record (campaign, &nowhere, T0 + 2500, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_clear_error (&error);
  give_order (campaign, 2, "patrol");
  resolve_dropping (campaign, 2);
  cleared = cycle_battle_at (campaign, 2, "sergyar-gate");
  g_assert_cmpuint (adm_battle_get_n_mines (cleared), ==, 0);

  /* Undo the resolution and the patrol, then the clearing: the mines are back. */
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (adm_campaign_undo (campaign, &error));
      g_assert_no_error (error);
    }
  give_order (campaign, 2, "patrol");
  resolve_dropping (campaign, 2);
  undone = cycle_battle_at (campaign, 2, "sergyar-gate");
  g_assert_cmpuint (count_mines (undone, "barrayar"), ==, 2);
}

/* The <mine …/> elements of a set-up, in order. */
static char *
mines_of (const char *setup)
{
  GString *out = g_string_new (NULL);

  for (const char *at = strstr (setup, "<mine "); at != NULL; at = strstr (at + 1, "<mine "))
    {
      const char *end = strstr (at, "/>");

      g_assert_nonnull (end);
      g_string_append_len (out, at, end - at);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* F-MINE-2: cycle 2's table at the Gate, where Barrayar's mines lie hidden. Its features come
 * from the engagement's own words, which a Cetagandan knows as well as the master; the mines
 * are placed with the cycle's secret salt too, journaled with it, so he cannot work out
 * where they lie. Saved and opened again, the journal lays the same table; the same file
 * without the salts (as written before they existed) lays its features the same and its mines
 * where the layout seed alone puts them, as it always did. */
static void
test_campaign_minefield_secret (void)
{
  g_autoptr(AdmCampaign) campaign = layout_campaign ();
  g_autoptr(AdmCampaign) reopened = NULL, unsalted = NULL;
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = NULL, *old_path = NULL;
  g_autofree char *key = NULL, *salted = NULL, *first = NULL, *again = NULL, *old = NULL;
  g_autofree char *text = NULL, *mines = NULL, *old_mines = NULL;
  g_autoptr(GRegex) salts = NULL;
  const AdmQueuedEngagement *entry;
  AdmState *state;
  const char *salt;
  guint32 layout_seed;

  give_order (campaign, 1, "lay-mines");
  resolve_dropping (campaign, 1);
  give_order (campaign, 2, "patrol");
  resolve_dropping (campaign, 2);
  state = adm_campaign_get_state (campaign);
  queue = adm_campaign_get_engagements (campaign, 2);
  g_assert_cmpuint (queue->len, ==, 1);
  entry = g_ptr_array_index (queue, 0);
  first = setup_of (campaign, entry->id);
  mines = mines_of (first);
  g_assert_nonnull (strstr (mines, "mine-c1-caltrop"));

  key = adm_engagement_layout_key (&entry->engagement);
  g_assert_true (g_str_has_prefix (key, "cycle-2-sergyar-gate@"));
  layout_seed = adm_engagement_layout_seed (state, &entry->engagement);
  g_assert_cmpuint (layout_seed, ==, adm_battle_layout_default_seed (key));
  g_assert_cmpuint (seed_of (first), ==, layout_seed);
  salt = adm_state_get_mine_salt (state, 2);
  g_assert_nonnull (salt);
  g_assert_true (adm_dice_hex_is_valid (salt));
  g_assert_cmpstr (adm_state_get_mine_salt (state, 1), !=, salt);
  salted = g_strdup_printf ("%s:%s:%u", salt, key, layout_seed);
  g_assert_cmpuint (adm_engagement_mine_seed (state, &entry->engagement), ==,
                    adm_battle_layout_default_seed (salted));

  dir = g_dir_make_tmp ("test-battle-layout-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "campaign.admiralty", NULL);
  old_path = g_build_filename (dir, "unsalted.admiralty", NULL);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  again = setup_of (reopened, entry->id);
  g_assert_cmpstr (again, ==, first);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  salts = g_regex_new (" mine-salt=\"[0-9a-f]{64}\"", 0, 0, &error);
  g_assert_no_error (error);
  old = g_regex_replace_literal (salts, text, -1, 0, "", 0, &error);
  g_assert_no_error (error);
  /* Both cycles' salts are gone, and nothing else. */
  g_assert_cmpuint (strlen (old) + 2 * (strlen (" mine-salt=\"\"") + 64), ==, strlen (text));
  /* A file written before the salts was written before campaigns were sealed too: without
   * its seal (adm_journal_seal ()), it reads as one of those, not as a hand edit. */
  {
    g_autoptr(GRegex) seal = g_regex_new (" (origin|digest)=\"[0-9a-f]{64}\"", 0, 0, NULL);
    char *unsealed = g_regex_replace_literal (seal, old, -1, 0, "", 0, NULL);

    g_free (old);
    old = unsealed;
  }
  g_assert_true (g_file_set_contents (old_path, old, -1, &error));
  g_assert_no_error (error);
  unsalted = adm_campaign_open (old_path, &error);
  g_assert_no_error (error);
  g_assert_null (adm_state_get_mine_salt (adm_campaign_get_state (unsalted), 2));
  g_free (again);
  again = setup_of (unsalted, entry->id);
  g_assert_cmpuint (seed_of (again), ==, layout_seed);
  old_mines = mines_of (again);
  g_assert_cmpstr (old_mines, !=, mines);
  /* The table up to its mines (features, sides, ships) is the same. */
  g_assert_cmpint (strstr (first, "<mine ") - first, ==, strstr (again, "<mine ") - again);
  g_assert_cmpint (strncmp (first, again, strstr (first, "<mine ") - first), ==, 0);
  /* The saves' checkpoint folders too. */
  remove_folder (dir);
}

/* A "cycle" event whose mine salt is not 64 lowercase hex digits is refused, changing
 * nothing. */
static void
test_bad_mine_salt (void)
{
  g_autoptr(AdmCampaign) campaign = layout_campaign ();
  g_autoptr(AdmEvent) event = adm_event_new ("cycle", T0 + 2400);
  g_autoptr(GError) error = NULL;
  guint n = adm_campaign_get_events (campaign)->len;

  adm_event_set_int (event, "cycle", 1);
  adm_event_set (event, "mine-salt", "ABC");
  g_assert_false (adm_campaign_append (campaign, event, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
  g_assert_nonnull (strstr (error->message, "“ABC”"));
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, n);
}

/* F-MINE-13, F-WPN-19: mines laid in the strategic turn are on the table of a battle later in
 * the same cycle. The Mining Flotilla lays its mines at Sergyar Gate over minutes 0 to 20 of
 * cycle 1, out of contact; the Jade Line, moving in from Asterope, arrives at minute 40, and
 * the battle there meets both minelayers' mines. */
static void
test_campaign_minefield_same_cycle (void)
{
  g_autoptr(AdmCampaign) campaign = layout_campaign ();
  g_autoptr(AdmEvent) move = adm_event_new ("order", T0 + 2400 - 120);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(GError) error = NULL;

  give_order (campaign, 1, "lay-mines");
  adm_event_set_int (move, "cycle", 1);
  adm_event_set (move, "admiral", "ghem-estif");
  adm_event_set (move, "formation", "jade-line");
  adm_event_set (move, "order", "move");
  adm_event_set (move, "route", "sergyar-gate");
  g_assert_true (adm_campaign_append (campaign, move, &error));
  g_assert_no_error (error);
  resolve_dropping (campaign, 1);
  queue = adm_campaign_get_engagements (campaign, 1);
  g_assert_cmpuint (queue->len, ==, 1);
  g_assert_cmpfloat (((AdmQueuedEngagement *) g_ptr_array_index (queue, 0))->engagement.minute,
                     >=, 20);
  battle = cycle_battle_at (campaign, 1, "sergyar-gate");
  g_assert_cmpuint (count_mines (battle, "barrayar"), ==, 2);
}

/* F-SWEEP: a sweep at the Gate in cycle 2 (its battle still meets the mines) clears the mines
 * of cycle 1 for cycle 3's battle. */
static void
test_campaign_minefield_swept (void)
{
  g_autoptr(AdmCampaign) campaign = layout_campaign ();
  g_autoptr(AdmBattle) second = NULL, third = NULL;

  give_order (campaign, 1, "lay-mines");
  resolve_dropping (campaign, 1);
  give_order (campaign, 2, "sweep-mines");
  resolve_dropping (campaign, 2);
  second = cycle_battle_at (campaign, 2, "sergyar-gate");
  g_assert_cmpuint (adm_battle_get_n_mines (second), ==, 2);
  give_order (campaign, 3, "patrol");
  resolve_dropping (campaign, 3);
  third = cycle_battle_at (campaign, 3, "sergyar-gate");
  g_assert_cmpuint (adm_battle_get_n_mines (third), ==, 0);
}

/* Ruling "station-unit" (F-STN-1, F-STN-5): Tau Verde's fortress is a unit of Barrayar's side,
 * a formation of its own on orbit 2; under "station-engagement" "never" the platform of
 * Vervain, which has no side here, and the yard with no owner stay marks (ruling
 * "station-owner-absent", default "mark"). Hand-worked: three stations evenly spaced on orbit
 * 2 (18 cm) are 18 * sqrt 3 = 31.18 cm apart. */
static void
test_station_unit (void)
{
  g_autofree char *path = source_path ("tests", "data", "scenarios", "stations.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  g_autofree char *text = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) features = NULL;
  const AdmTableFeature *relay, *yard, *fortress;
  const AdmBattleShip *unit = NULL;
  const AdmLowOrbit *orbit;

  g_assert_no_error (error);
  g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (scenario),
                                         "station-engagement", "never", &error));
  text = adm_scenario_battle_setup (scenario, "tau-verde", &error);
  g_assert_no_error (error);
  battle = load_setup (text);
  orbit = adm_battle_get_low_orbit (battle);

  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, 4);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (g_str_equal (adm_battle_get_ship (battle, i)->name, "Tau Verde Fortress"))
      unit = adm_battle_get_ship (battle, i);
  g_assert_nonnull (unit);
  g_assert_cmpstr (unit->id, ==, "station-tau-verde-1");
  g_assert_cmpstr (unit->klass->id, ==, "orbital-fortress");
  g_assert_cmpstr (unit->faction->id, ==, "barrayar");
  g_assert_cmpstr (adm_battle_get_side (battle, unit->side)->id, ==, "barrayar");
  g_assert_cmpint (unit->base_readiness, ==, 8);
  g_assert_cmpint (unit->orbit, ==, 2);
  g_assert_cmpfloat_with_epsilon (adm_distance (unit->position, orbit->planet), 18, 0.01);

  features = adm_battle_list_features (battle);
  g_assert_cmpuint (features->len, ==, 5);
  relay = feature_of (features, "station", 0);
  yard = feature_of (features, "station", 1);
  fortress = feature_of (features, "station", 2);
  g_assert_cmpstr (relay->name, ==, "Vervain Relay");
  g_assert_null (relay->owner);
  g_assert_cmpstr (yard->name, ==, "Tau Verde Yard");
  g_assert_null (yard->owner);
  g_assert_cmpstr (fortress->name, ==, "Tau Verde Fortress");
  g_assert_cmpstr (fortress->owner, ==, "barrayar");
  g_assert_cmpfloat_with_epsilon (distance (relay, yard), 31.18, 0.01);
  g_assert_cmpfloat_with_epsilon (distance (relay, fortress), 31.18, 0.01);
  g_assert_cmpfloat_with_epsilon (distance (yard, fortress), 31.18, 0.01);
}

/* Ruling "station-owner-absent" set to "left-off" (with "station-engagement" "never"):
 * Vervain's platform, whose owner has no side at Tau Verde, is not on the table; the yard
 * with no owner stays a mark. */
static void
test_station_owner_absent_left_off (void)
{
  g_autofree char *path = source_path ("tests", "data", "scenarios", "stations.admiralty", NULL);
  g_autofree char *original = NULL, *copy = NULL, *text = NULL, *setup = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GPtrArray) features = NULL;
  g_auto(GStrv) parts = NULL;
  int fd;

  g_assert_true (g_file_get_contents (path, &original, NULL, &error));
  parts = g_strsplit (original, "</description>", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  text = g_strjoin ("</description>\n  <rulings><ruling id=\"station-owner-absent\" "
                    "value=\"left-off\"/><ruling id=\"station-engagement\" "
                    "value=\"never\"/></rulings>", parts[0], parts[1], NULL);
  fd = g_file_open_tmp ("stations-XXXXXX.admiralty", &copy, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (copy, text, -1, &error));
  scenario = adm_scenario_load_file (copy, &error);
  g_assert_no_error (error);
  setup = adm_scenario_battle_setup (scenario, "tau-verde", &error);
  g_assert_no_error (error);
  battle = load_setup (setup);
  features = adm_battle_list_features (battle);
  g_assert_cmpuint (features->len, ==, 4);
  g_assert_cmpstr (feature_of (features, "station", 0)->name, ==, "Tau Verde Yard");
  g_assert_cmpstr (feature_of (features, "station", 1)->name, ==, "Tau Verde Fortress");
  g_assert_null (strstr (setup, "Vervain Relay"));
  g_unlink (copy);
}

/* A scenario's station with an owner: only a station has one, and its class is a station's. */
static void
test_station_unit_refused (void)
{
  static const char *const objects[] = {
    "<object kind=\"planet\" name=\"Komarr\" faction=\"barrayar\" "
    "class=\"orbital-fortress\" readiness=\"8\"/>",
    "<object kind=\"station\" name=\"Jump Station\" faction=\"barrayar\" "
    "class=\"vorhartung\" readiness=\"8\"/>",
  };
  static const char *const messages[] = { "only a station has an owner", "not a station class" };

  for (guint i = 0; i < G_N_ELEMENTS (objects); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "<?xml version=\"1.0\"?>\n<scenario id=\"s\" name=\"S\" ruleset=\"forcon-2010\">"
        "<map><sector id=\"a\" name=\"A\" x=\"0\" y=\"0\">%s</sector></map>"
        "<formation id=\"f\" name=\"F\" faction=\"barrayar\" sector=\"a\" flagship=\"k\">"
        "<ship id=\"k\" name=\"Kestrel\" class=\"vorpatril\" readiness=\"8\"/></formation>"
        "</scenario>\n",
        objects[i]);
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmScenario) scenario = NULL;
      int fd = g_file_open_tmp ("station-XXXXXX.admiralty", &path, &error);

      g_assert_no_error (error);
      close (fd);
      g_assert_true (g_file_set_contents (path, text, -1, &error));
      scenario = adm_scenario_load_file (path, &error);
      g_assert_null (scenario);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, messages[i]));
      g_unlink (path);
    }
}

/* Ruling "station-unit": Pol Six is a unit of Pol's side at Pol orbit; when the battle
 * ends its condition is not carried between battles: the results hold no event for it and
 * the campaign gets no ship of its id. */
static void
test_station_results (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_after_cycle_one ();
  g_autofree char *id = engagement_in (campaign, "pol-orbit");
  g_autofree char *text = setup_of (campaign, id);
  g_autoptr(AdmBattle) battle = load_setup (text);
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *events;
  guint station = G_MAXUINT, ships = 0;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (g_str_equal (adm_battle_get_ship (battle, i)->id, "station-pol-orbit-1"))
      station = i;
  g_assert_cmpuint (station, !=, G_MAXUINT);
  g_assert_cmpstr (adm_battle_get_ship (battle, station)->name, ==, "Pol Six");
  g_assert_cmpstr (adm_battle_get_side (battle, adm_battle_get_ship (battle, station)->side)->id,
                   ==, "pol");

  engagement = adm_campaign_find_engagement (campaign, id, &error);
  g_assert_no_error (error);
  action = adm_battle_result_action (campaign, engagement, battle, NULL, T0 + 2600, &error);
  g_assert_no_error (error);
  g_assert_nonnull (action);
  events = adm_journal_action_get_events (action);
  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      g_assert_cmpstr (adm_event_get (event, "ship"), !=, "station-pol-orbit-1");
      if (adm_event_get (event, "ship") != NULL)
        ships++;
    }
  /* Every other ship of the table comes back. */
  g_assert_cmpuint (ships, ==, adm_battle_get_n_ships (battle) - 1);
  g_assert_true (adm_campaign_end_battle (campaign, id, battle, NULL, T0 + 2600, &error));
  g_assert_no_error (error);
  g_assert_null (adm_state_get_ship (adm_campaign_get_state (campaign), "station-pol-orbit-1"));
}

/* Ruling "undetected-position" (F-ECM-2, F-TAC-1, F-STRAT-15): a formation the enemy has not
 * detected stands where its own orders place it, exactly where it would stand detected (the
 * generation does not read what the enemy knows), and its tokens are off the enemy's table
 * (detection none) while its own side and the master see them. */
static void
test_undetected_position (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_after_cycle_one ();
  g_autoptr(GPtrArray) queue = adm_campaign_get_engagements (campaign, 0);
  gboolean checked = FALSE;

  for (guint e = 0; e < queue->len; e++)
    {
      const AdmQueuedEngagement *entry = g_ptr_array_index (queue, e);
      g_autoptr(GError) error = NULL;
      /* An engagement waiting for an earlier one (F-STRAT-4) is not set up yet. */
      g_autofree char *text = adm_campaign_engagement_setup (campaign, entry, NULL, NULL);
      g_autofree char *plain = NULL;
      g_autoptr(AdmBattle) battle = NULL, known = NULL;

      if (text == NULL || strstr (text, "level=\"none\"") == NULL)
        continue;
      /* The same engagement set up with no regard to who knows what. */
      plain = adm_engagement_battle_setup (adm_campaign_get_state (campaign), &entry->engagement,
                                           NULL, &error);
      g_assert_no_error (error);
      battle = load_setup (text);
      known = load_setup (plain);
      g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, adm_battle_get_n_ships (known));
      for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
        {
          const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);

          for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
            {
              if (side == formation->side ||
                  adm_battle_get_detection (battle, side, f) != ADM_DETECTION_NONE)
                continue;
              for (guint k = 0; k < formation->ships->len; k++)
                {
                  guint i = g_array_index (formation->ships, guint, k);
                  const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
                  const AdmBattleShip *same = adm_battle_get_ship (known, i);

                  g_assert_cmpstr (ship->id, ==, same->id);
                  g_assert_cmpfloat (ship->position.x, ==, same->position.x);
                  g_assert_cmpfloat (ship->position.y, ==, same->position.y);
                  g_assert_cmpfloat (ship->heading, ==, same->heading);
                  g_assert_cmpint (adm_audience_ship_view (adm_audience_side (side), battle, i),
                                   ==, ADM_SHIP_VIEW_HIDDEN);
                  g_assert_cmpint (adm_audience_ship_view (adm_audience_side (formation->side),
                                                           battle, i),
                                   !=, ADM_SHIP_VIEW_HIDDEN);
                  g_assert_cmpint (adm_audience_ship_view (adm_audience_master (), battle, i),
                                   !=, ADM_SHIP_VIEW_HIDDEN);
                  checked = TRUE;
                }
            }
        }
    }
  g_assert_true (checked);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/battle-layout/F-TAC-1/sector-features", test_sector_features);
  g_test_add_func ("/engine/battle-layout/F-STN-5/station-without-planet",
                   test_station_without_planet);
  g_test_add_func ("/engine/battle-layout/F-STN-1/station-unit", test_station_unit);
  g_test_add_func ("/engine/battle-layout/F-STN-6/station-owner-absent-left-off",
                   test_station_owner_absent_left_off);
  g_test_add_func ("/engine/battle-layout/F-STN-1/station-unit-refused",
                   test_station_unit_refused);
  g_test_add_func ("/engine/battle-layout/F-STN-1/station-results", test_station_results);
  g_test_add_func ("/engine/battle-layout/F-ECM-2/undetected-position",
                   test_undetected_position);
  g_test_add_func ("/engine/battle-layout/F-TAC-1/same-seed", test_same_seed);
  g_test_add_func ("/engine/battle-layout/F-TAC-1/reroll-journaled", test_reroll_journaled);
  g_test_add_func ("/engine/battle-layout/F-TAC-1/bad-seed", test_bad_seed_event);
  g_test_add_func ("/engine/battle-layout/F-MINE-13/campaign-minefield", test_campaign_minefield);

  g_test_add_func ("/engine/battle-layout/F-MINE-13/campaign-minefield/standing",
                   test_campaign_minefield_standing);
  g_test_add_func ("/engine/battle-layout/F-MINE-13/campaign-minefield/standing-once",
                   test_campaign_minefield_standing_once);
  g_test_add_func ("/engine/battle-layout/F-MINE-13/campaign-minefield-same-cycle",
                   test_campaign_minefield_same_cycle);
  g_test_add_func ("/engine/battle-layout/F-MINE-2/campaign-minefield-secret",
                   test_campaign_minefield_secret);
  g_test_add_func ("/engine/battle-layout/F-MINE-2/bad-mine-salt", test_bad_mine_salt);
  g_test_add_func ("/engine/battle-layout/F-SWEEP/campaign-minefield-cleared",
                   test_campaign_minefield_cleared);
  g_test_add_func ("/engine/battle-layout/F-SWEEP/campaign-minefield-swept",
                   test_campaign_minefield_swept);
  return g_test_run ();
}
