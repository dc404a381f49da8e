/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sector-battle.c: battles set up from a sector of the strategic map (F-TAC-1) — every
 * formation there on the table, one side per alliance, in facing lines that load as a battle,
 * with no two bases overlapping; the sectors where no battle can be set up; and battles set up
 * from a campaign's engagements, in sectors and on links, each formation placed by its orders
 * through the ruleset's placements (F-STRAT-15), the master's overrides, and the readiness
 * checks rolled for absent admirals' formations under both values of the ruling
 * "absent-admiral" (F-STRAT-5, F-RDY-2). */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-engine.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "shipped-helpers.h"

/* Takes @path. */
static AdmScenario *
load_scenario (char *path)
{
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario = adm_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_free (path);
  return scenario;
}

/* tests/data/scenarios/sector-battle.admiralty */
static AdmScenario *
load_test_scenario (void)
{
  return load_scenario (source_path ("tests", "data", "scenarios", "sector-battle.admiralty",
                                     NULL));
}

static double
radius (AdmBattle *battle,
        guint      ship)
{
  return adm_battle_get_ship (battle, ship)->klass->type->base_size / 2;
}

/* The heading each side's line faces: west, east, north, south edge. */
static const double side_heading[] = { 90, 270, 180, 0 };

/* What every set-up owes: it loads; it holds exactly the sector's formations and ships as the
 * scenario gives them; each side's ships stand on one straight line facing the enemy; no two
 * bases overlap, and every base is on the table. */
static AdmBattle *
check_setup (AdmScenario *scenario,
             const char  *sector_id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adm_scenario_battle_setup (scenario, sector_id, &error);
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  AdmSector *sector = adm_scenario_lookup_sector (scenario, sector_id);
  GPtrArray *formations = adm_scenario_get_formations (scenario);
  g_autofree char *name = g_strdup_printf ("Battle at %s", sector->name);
  double width, height;
  guint n_formations = 0, n_ships = 0;

  g_assert_no_error (error);
  g_assert_nonnull (text);
  battle = adm_battle_load_memory (text, strlen (text), "sector.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  g_assert_cmpstr (adm_battle_get_name (battle), ==, name);
  g_assert_cmpstr (adm_ruleset_get_id (adm_battle_get_ruleset (battle)), ==,
                   adm_ruleset_get_id (adm_scenario_get_ruleset (scenario)));

  doc = adm_xml_read_memory (text, strlen (text), "sector.xml", "battle", &error);
  g_assert_no_error (error);
  g_assert_true (adm_xml_get_double (xmlDocGetRootElement (doc), "width", TRUE, 0, &width,
                                     "sector.xml", &error));
  g_assert_true (adm_xml_get_double (xmlDocGetRootElement (doc), "height", TRUE, 0, &height,
                                     "sector.xml", &error));

  /* The sector's formations, and nothing else, with their ships, flagships and succession. */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmBattleFormation *fb;
      const AdmBattleSide *side;
      int index = adm_battle_formation_index (battle, formation->id);

      if (formation->sector != sector)
        {
          g_assert_cmpint (index, <, 0);
          continue;
        }
      n_formations++;
      g_assert_cmpint (index, >=, 0);
      fb = adm_battle_get_formation (battle, index);
      side = adm_battle_get_side (battle, fb->side);
      g_assert_cmpstr (fb->name, ==, formation->name);
      /* Sides are alliances: the side is led by a faction allied with this one (or itself),
       * and its name lists the formation's faction. */
      g_assert_true (adm_scenario_factions_allied (scenario,
                                                   adm_ruleset_lookup_faction (
                                                     adm_scenario_get_ruleset (scenario), side->id),
                                                   formation->faction));
      g_assert_nonnull (strstr (side->name, formation->faction->name));
      g_assert_cmpuint (fb->ships->len, ==, formation->ships->len);
      g_assert_cmpstr (adm_battle_get_ship (battle, fb->flagship)->id, ==,
                       formation->flagship->id);
      g_assert_cmpuint (fb->succession->len, ==, formation->succession->len);
      for (guint k = 0; k < fb->succession->len; k++)
        g_assert_cmpstr (adm_battle_get_ship (battle,
                                              g_array_index (fb->succession, guint, k))->id, ==,
                         ((AdmShip *) g_ptr_array_index (formation->succession, k))->id);
      for (guint k = 0; k < formation->ships->len; k++)
        {
          const AdmShip *ship = g_ptr_array_index (formation->ships, k);
          const AdmBattleShip *sb = adm_battle_lookup_ship (battle, ship->id);

          g_assert_nonnull (sb);
          g_assert_cmpint (adm_battle_ship_index (battle, ship->id), ==,
                           (int) g_array_index (fb->ships, guint, k));
          g_assert_cmpstr (sb->name, ==, ship->name);
          g_assert_cmpstr (sb->klass->id, ==, ship->klass->id);
          g_assert_cmpint (sb->base_readiness, ==, ship->readiness);
          g_assert_true (sb->faction == adm_ruleset_lookup_faction (adm_battle_get_ruleset (battle),
                                                                    formation->faction->id));
          n_ships++;
        }
    }
  /* Ruling "station-unit": each of the sector's stations with an owner on a side is a
   * formation of its own, one ship that is no ship of the scenario. */
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (adm_scenario_lookup_ship (scenario, adm_battle_get_ship (battle, i)->id) == NULL)
      {
        g_assert_cmpint (adm_battle_get_ship (battle, i)->klass->category, ==,
                         ADM_CATEGORY_STATION);
        n_formations++;
        n_ships++;
      }
  g_assert_cmpuint (adm_battle_get_n_formations (battle), ==, n_formations);
  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, n_ships);

  for (guint i = 0; i < n_ships; i++)
    {
      const AdmBattleShip *a = adm_battle_get_ship (battle, i);
      const AdmBattleShip *first = NULL;

      /* Facing the enemy, on the side's straight line: west and east lines run north–south,
       * north and south lines west–east. */
      g_assert_cmpuint (a->side, <, G_N_ELEMENTS (side_heading));
      if (a->klass->category != ADM_CATEGORY_STATION)
        g_assert_cmpfloat (a->heading, ==, side_heading[a->side]);
      for (guint k = 0; k < n_ships && first == NULL; k++)
        if (adm_battle_get_ship (battle, k)->side == a->side)
          first = adm_battle_get_ship (battle, k);
      /* A station unit keeps its orbit between the lines, facing along it (F-STN-5). */
      if (a->klass->category == ADM_CATEGORY_STATION)
        ;
      else if (a->side < 2)
        g_assert_cmpfloat (a->position.x, ==, first->position.x);
      else
        g_assert_cmpfloat (a->position.y, ==, first->position.y);

      /* On the table. */
      g_assert_cmpfloat (a->position.x - radius (battle, i), >=, 0);
      g_assert_cmpfloat (a->position.y - radius (battle, i), >=, 0);
      g_assert_cmpfloat (a->position.x + radius (battle, i), <=, width);
      g_assert_cmpfloat (a->position.y + radius (battle, i), <=, height);

      /* No two bases overlap. */
      for (guint k = i + 1; k < n_ships; k++)
        {
          const AdmBattleShip *b = adm_battle_get_ship (battle, k);

          if (hypot (a->position.x - b->position.x, a->position.y - b->position.y) <
              radius (battle, i) + radius (battle, k))
            g_error ("%s at (%g, %g) and %s at (%g, %g) overlap", a->id, a->position.x,
                     a->position.y, b->id, b->position.x, b->position.y);
        }
    }

  return g_steal_pointer (&battle);
}

/* The x of side @side's line (west and east sides) or its y (north and south). */
static double
line_of (AdmBattle *battle,
         guint      side)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (ship->side == side)
        return side < 2 ? ship->position.x : ship->position.y;
    }
  g_assert_not_reached ();
}

/* Two squadrons each at the Pol jump point: two sides facing across 60 cm. */
static void
test_facing_lines (void)
{
  g_autoptr(AdmScenario) scenario = load_test_scenario ();
  g_autoptr(AdmBattle) battle = check_setup (scenario, "pol-jump-point");
  const AdmBattleSide *west, *east;
  const AdmBattleShip *serg, *dorca, *kestrel;

  g_assert_cmpuint (adm_battle_get_n_sides (battle), ==, 2);
  west = adm_battle_get_side (battle, 0);
  east = adm_battle_get_side (battle, 1);
  g_assert_cmpstr (west->id, ==, "barrayar");
  g_assert_cmpstr (west->name, ==, "Barrayaran Imperium");
  /* Both formations' admirals, each once. */
  g_assert_cmpstr (west->admiral, ==, "Adm. Aral Vorkosigan, Adm. Lord Vorlakial");
  g_assert_cmpstr (east->id, ==, "cetaganda");
  g_assert_cmpstr (east->name, ==, "Cetagandan Empire");
  g_assert_cmpstr (east->admiral, ==, "ghem-Adm. Ilsum Estif");
  g_assert_cmpuint (adm_battle_get_n_formations (battle), ==, 4);
  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, 13);

  /* West heads east, east heads west, 60 cm apart. */
  g_assert_cmpfloat_with_epsilon (line_of (battle, 1) - line_of (battle, 0),
                                  ADM_SECTOR_BATTLE_LINE_GAP, 1e-9);
  g_assert_cmpfloat (line_of (battle, 0), >=, ADM_SECTOR_BATTLE_EDGE_MARGIN);

  /* Line abreast: a formation's ships side by side down the line, in file order, the
   * battlecruiser's and the battleship's 2.5 cm bases (F-SHIP-1) 3 cm apart. */
  serg = adm_battle_lookup_ship (battle, "prince-serg");
  dorca = adm_battle_lookup_ship (battle, "emperor-dorca");
  kestrel = adm_battle_lookup_ship (battle, "kestrel");
  g_assert_cmpfloat_with_epsilon (dorca->position.y - serg->position.y,
                                  2.5 + ADM_SECTOR_BATTLE_BASE_GAP, 1e-9);
  /* The next formation further down the line, clear of the first by more. */
  g_assert_cmpfloat (kestrel->position.y, >, adm_battle_lookup_ship (battle,
                                                                     "kyril-island")->position.y
                                              + ADM_SECTOR_BATTLE_FORMATION_GAP);
}

/* F-MOVE-5: a sector with a wormhole exit («зона выхода из ПВ-тоннеля») gives the battle its
 * exit zone, midway between the two lines, with no ship set up in it; a sector without one
 * gives none. */
static void
test_wormhole_exit (void)
{
  g_autoptr(AdmScenario) scenario = load_test_scenario ();
  g_autoptr(AdmBattle) jump = check_setup (scenario, "pol-jump-point");
  g_autoptr(AdmBattle) hub = check_setup (scenario, "hegen-inner-system");
  const AdmWormholeExit *zone;

  g_assert_cmpuint (adm_battle_get_n_wormhole_exits (jump), ==, 1);
  zone = adm_battle_get_wormhole_exit (jump, 0);
  g_assert_cmpfloat_with_epsilon (zone->diameter, ADM_SECTOR_BATTLE_WORMHOLE_EXIT, 1e-9);
  g_assert_cmpfloat_with_epsilon (zone->position.x, (line_of (jump, 0) + line_of (jump, 1)) / 2,
                                  0.01);
  for (guint i = 0; i < adm_battle_get_n_ships (jump); i++)
    g_assert_false (adm_battle_ship_in_wormhole_exit (jump, i));
  g_assert_cmpuint (adm_battle_get_n_wormhole_exits (hub), ==, 0);
}

/* The whole text, as the app writes it to a file: well-formed, valid, the scenario's ruling
 * overrides kept (the Pol cruisers mix categories, F-FORM-8). */
static void
test_rulings_and_text (void)
{
  g_autoptr(AdmScenario) scenario = load_test_scenario ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adm_scenario_battle_setup (scenario, "hegen-inner-system", &error);
  g_autoptr(AdmBattle) battle = NULL;

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<battle "));
  g_assert_nonnull (strstr (text, "<ruling id=\"formation-composition\" "
                                  "value=\"six-per-category\"/>"));
  battle = check_setup (scenario, "hegen-inner-system");
  g_assert_cmpstr (adm_ruleset_get_ruling_value (adm_battle_get_ruleset (battle),
                                                 "formation-composition"), ==,
                   "six-per-category");
}

/* Three and four factions: the third side along the north edge heading south, the fourth
 * along the south edge heading north, every pair of facing lines 60 cm apart at least. */
static void
test_flank_sides (void)
{
  g_autoptr(AdmScenario) scenario = load_test_scenario ();
  g_autoptr(AdmBattle) three = check_setup (scenario, "hegen-inner-system");
  g_autoptr(AdmBattle) four = check_setup (scenario, "crossroads");

  g_assert_cmpuint (adm_battle_get_n_sides (three), ==, 3);
  g_assert_cmpstr (adm_battle_get_side (three, 0)->id, ==, "vervain");
  g_assert_cmpstr (adm_battle_get_side (three, 1)->id, ==, "aslund");
  g_assert_cmpstr (adm_battle_get_side (three, 2)->id, ==, "pol");
  g_assert_cmpfloat (adm_battle_lookup_ship (three, "pol-constant")->heading, ==, 180);
  /* The north line is beyond the west and east lines' northern ends. */
  g_assert_cmpfloat (line_of (three, 2) + ADM_SECTOR_BATTLE_FLANK_GAP, <=,
                     adm_battle_lookup_ship (three, "vervani-lance")->position.y);

  g_assert_cmpuint (adm_battle_get_n_sides (four), ==, 4);
  g_assert_cmpfloat (adm_battle_lookup_ship (four, "vervani-scout")->heading, ==, 0);
  g_assert_cmpfloat (line_of (four, 3) - line_of (four, 2), >=, ADM_SECTOR_BATTLE_LINE_GAP);
  g_assert_cmpfloat_with_epsilon (line_of (four, 1) - line_of (four, 0),
                                  ADM_SECTOR_BATTLE_LINE_GAP, 1e-9);
}

/* Every sector of the Komarr campaign either sets up a battle that loads, or says why not. */
static void
test_campaign_sectors (void)
{
  g_autoptr(AdmScenario) scenario =
    load_scenario (source_path ("scenarios", "komarr-campaign.admiralty", NULL));
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);
  guint battles = 0;

  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *sector = g_ptr_array_index (sectors, i);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = adm_scenario_battle_setup (scenario, sector->id, &error);

      if (text == NULL)
        {
          g_assert_true (g_error_matches (error, ADM_SECTOR_BATTLE_ERROR,
                                          ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES) ||
                         g_error_matches (error, ADM_SECTOR_BATTLE_ERROR,
                                          ADM_SECTOR_BATTLE_ERROR_TOO_MANY_SIDES));
          g_assert_nonnull (strstr (error->message, sector->name));
          continue;
        }
      g_object_unref (check_setup (scenario, sector->id));
      battles++;
    }
  g_assert_cmpuint (battles, >, 0);
}

static void
check_error (AdmScenario *scenario,
             const char  *sector_id,
             int          code,
             const char  *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adm_scenario_battle_setup (scenario, sector_id, &error);

  g_assert_null (text);
  g_assert_error (error, ADM_SECTOR_BATTLE_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
}

static void
test_errors (void)
{
  g_autoptr(AdmScenario) scenario = load_test_scenario ();
  g_autoptr(AdmScenario) skirmish =
    load_scenario (source_path ("scenarios", "skirmish.admiralty", NULL));

  check_error (scenario, "pol-orbit", ADM_SECTOR_BATTLE_ERROR_UNKNOWN_SECTOR,
               "The scenario “Sector battles” has no sector “pol-orbit”");
  check_error (scenario, "vervain-jump-point", ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
               "No enemies meet in Vervain jump point: only formations of the Cetagandan "
               "Empire are there");
  check_error (scenario, "empty-reach", ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
               "No enemies meet in Empty reach: no formations are there");
  check_error (scenario, "aslund-station", ADM_SECTOR_BATTLE_ERROR_TOO_MANY_SIDES,
               "5 hostile sides meet in Aslund Station; a battle is set up for at most 4 sides, "
               "one along each edge of the table");
  /* In the shipped skirmish the squadrons have not met yet. */
  check_error (skirmish, "pol-jump-point", ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
               "No enemies meet in Pol jump point: only formations of the Barrayaran "
               "Imperium are there");
}

/* Engagements of a campaign (F-STRAT-4, F-STRAT-5, F-STRAT-15) */

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* The sample sheets shipped with the Komarr campaign. */
#define KOMARR_SHEETS "scenarios/komarr-campaign.sheets/"

/* Hands in the sheets @sheets (paths in the source tree) for the current cycle. */
static void
add_sheets (AdmCampaign        *campaign,
            const char * const *sheets)
{
  g_autoptr(GError) error = NULL;

  for (guint i = 0; sheets[i] != NULL; i++)
    {
      g_autofree char *sheet = source_path (sheets[i], NULL);
      g_autoptr(GPtrArray) events = adm_order_sheet_load_file (sheet,
                                                               adm_campaign_get_state (campaign),
                                                               T0 + 2400 * adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (campaign))) - 60, &error);

      g_assert_no_error (error);
      for (guint e = 0; e < events->len; e++)
        {
          g_assert_true (adm_campaign_append (campaign, g_ptr_array_index (events, e), &error));
          g_assert_no_error (error);
        }
    }
}

/* The Komarr campaign at cycle 1 with @sheets handed in, not yet resolved. */
static AdmCampaign *
campaign_with_sheets (const char * const *sheets)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);

  g_assert_no_error (error);
  add_sheets (campaign, sheets);
  return g_steal_pointer (&campaign);
}

static const char * const link_sheets[] = {
  "tests/data/order-sheets/vorkosigan-1.xml", "tests/data/order-sheets/radovan-1.xml", NULL
};

static const AdmEngagement *
find_engagement (AdmCampaign *campaign,
                 const char  *place)
{
  AdmStrategy *strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  g_autoptr(GPtrArray) found = adm_strategy_get_engagements (strategy,
                                                             adm_strategy_get_cycle (strategy) - 1);

  for (guint i = 0; i < found->len; i++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (found, i);
      g_autofree char *stem = adm_engagement_file_stem (engagement);

      g_test_message ("engagement %s", stem);
      if (g_str_equal (stem, place))
        return engagement;
    }
  g_assert_not_reached ();
}

static const AdmEngagementPlacement *
find_placement (GPtrArray  *placements,
                const char *formation_id)
{
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, i);

      if (g_str_equal (entry->formation->id, formation_id))
        return entry;
    }
  g_assert_not_reached ();
}

static AdmBattle *
load_setup (const char *text)
{
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_memory (text, strlen (text), "engagement.xml", &error);

  g_assert_no_error (error);
  return battle;
}

static void
dump_placements (GPtrArray *placements)
{
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, i);

      g_test_message ("%s side %s: %s (%s)", entry->formation->id, entry->side->id,
                      entry->placement->id, entry->reason);
    }
}

static AdmDiceQueue *
queue_of (const char *values)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;

  if (*values != '\0')
    g_assert_true (adm_dice_queue_push_text (queue, values, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&queue);
}

static void
resolve (AdmCampaign *campaign,
         const char  *dice)
{
  g_autoptr(AdmDiceQueue) queue = queue_of (dice);
  g_autoptr(GError) error = NULL;
  GPtrArray *events = adm_campaign_get_events (campaign);
  const AdmEvent *last;
  gboolean ok = adm_campaign_resolve_cycle (campaign, ADM_DICE_SOURCE (queue),
                                            T0 + 2400 * adm_strategy_get_cycle (
                                              adm_state_get_strategy (
                                                adm_campaign_get_state (campaign))),
                                            &error);

  g_assert_no_error (error);
  g_assert_true (ok);
  last = g_ptr_array_index (events, events->len - 1);
  g_test_message ("checks: %s", adm_event_get (last, "checks"));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 0);
}

/* A ship's heading and position in a set-up. */
static const AdmBattleShip *
ship_of (AdmBattle  *battle,
         const char *id)
{
  const AdmBattleShip *ship = adm_battle_lookup_ship (battle, id);

  g_assert_nonnull (ship);
  return ship;
}

/* F-STRAT-4, F-STRAT-15: the squadron and the Pol cruisers pass each other on the Komarr–Pol
 * link, both under move orders: a battle on the link, both sides in marching order — line
 * ahead, set back from the front, heading along the line rather than at the enemy, the two
 * columns the opposite ways (F-TAC-1: a crossing). */
static void
test_link_engagement (void)
{
  g_autoptr(AdmCampaign) campaign = campaign_with_sheets (link_sheets);
  g_autoptr(GPtrArray) placements = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL, *stem = NULL;
  const AdmEngagement *engagement;
  const AdmEngagementPlacement *squadron, *cruisers;
  const AdmBattleShip *serg, *dorca;

  resolve (campaign, "");
  engagement = find_engagement (campaign, "cycle-1-link-komarr-terminus-pol-jump-point");
  g_assert_null (engagement->sector);
  /* The state's damage and readiness go with the ships. */
  {
    const AdmFormation *formation = g_ptr_array_index (engagement->formations, 0);
    const AdmShip *first = g_ptr_array_index (formation->ships, 0);
    g_autoptr(AdmEvent) damage = adm_event_new ("damage", T0 + 2500);
    g_autoptr(AdmEvent) readiness = adm_event_new ("readiness", T0 + 2500);

    adm_event_set (damage, "ship", first->id);
    adm_event_set_int (damage, "points", 2);
    adm_event_set (readiness, "ship", first->id);
    adm_event_set_int (readiness, "delta", -1);
    g_assert_true (adm_campaign_append (campaign, damage, &error));
    g_assert_true (adm_campaign_append (campaign, readiness, &error));
    g_assert_no_error (error);
  }
  placements = adm_engagement_placements (adm_campaign_get_state (campaign), engagement);
  dump_placements (placements);
  squadron = find_placement (placements, "first-squadron-home-fleet");
  cruisers = find_placement (placements, "pol-cruiser-squadron");
  g_assert_cmpstr (squadron->placement->id, ==, "marching-order");
  g_assert_cmpstr (squadron->reason, ==, "ordered to move");
  g_assert_null (squadron->check);
  g_assert_cmpstr (cruisers->placement->id, ==, "marching-order");
  g_assert_cmpstr (squadron->side->id, ==, "barrayar");
  g_assert_cmpstr (cruisers->side->id, ==, "pol");

  text = adm_engagement_battle_setup (adm_campaign_get_state (campaign), engagement, NULL, &error);
  g_assert_no_error (error);
  battle = load_setup (text);
  g_assert_cmpstr (adm_battle_get_name (battle), ==,
                   "Battle on the link Komarr wormhole terminus – Pol jump point");
  g_assert_cmpuint (adm_battle_get_n_sides (battle), ==, 2);
  g_assert_nonnull (strstr (text, "Marching order (ordered to move)"));
  serg = ship_of (battle, ((AdmShip *) g_ptr_array_index (squadron->formation->ships, 0))->id);
  dorca = ship_of (battle, ((AdmShip *) g_ptr_array_index (squadron->formation->ships, 1))->id);
  g_assert_cmpint (serg->damage, ==, 2);
  g_assert_cmpint (serg->base_readiness, ==,
                   ((AdmShip *) g_ptr_array_index (squadron->formation->ships, 0))->readiness - 1);
  g_assert_cmpint (dorca->damage, ==, 0);
  /* Line ahead down the west line, heading along it, 20 cm behind the front, bases 6 cm
   * apart. */
  g_assert_cmpfloat (serg->heading, ==, 180);
  g_assert_cmpfloat (dorca->heading, ==, 180);
  g_assert_cmpfloat (serg->position.x, ==, dorca->position.x);
  g_assert_cmpfloat_with_epsilon (dorca->position.y - serg->position.y,
                                  serg->klass->type->base_size / 2 + 6
                                  + dorca->klass->type->base_size / 2, 1e-9);
  /* F-TAC-1: on a link the sides pass each other: the Pol cruisers on the east line head
   * along it the other way, north, and their column runs from its south end. */
  {
    const AdmBattleShip *first = ship_of (battle, ((AdmShip *) g_ptr_array_index (
                                                     cruisers->formation->ships, 0))->id);
    const AdmBattleShip *second = ship_of (battle, ((AdmShip *) g_ptr_array_index (
                                                      cruisers->formation->ships, 1))->id);

    g_assert_cmpfloat (first->heading, ==, 0);
    g_assert_cmpfloat (second->heading, ==, 0);
    g_assert_cmpfloat (second->position.y, <, first->position.y);
  }
  g_assert_cmpfloat_with_epsilon (serg->position.x, ADM_SECTOR_BATTLE_EDGE_MARGIN, 1e-9);
  stem = adm_engagement_file_stem (engagement);
  g_assert_cmpstr (stem, ==, "cycle-1-link-komarr-terminus-pol-jump-point");
}

/* The x of the Pol minesweepers' first ship: on the Pol front line (attack formation). */
static double
sweeper_x (AdmBattle *battle,
           GPtrArray *placements)
{
  const AdmFormation *formation = find_placement (placements,
                                                  "pol-minesweeping-division")->formation;

  return ship_of (battle, ((AdmShip *) g_ptr_array_index (formation->ships, 0))->id)->position.x;
}

/* F-STRAT-15: in Pol orbit the destroyers attack and the Pol escorts defend; the same formation
 * in attack formation or in marching order (the master's override) stands differently. */
static void
test_attack_and_march (void)
{
  g_autoptr(AdmCampaign) campaign = campaign_with_sheets (link_sheets);
  AdmState *state = adm_campaign_get_state (campaign);
  g_autoptr(GPtrArray) placements = NULL;
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *attack_text = NULL, *march_text = NULL;
  g_autoptr(AdmBattle) attack = NULL, march = NULL;
  const AdmEngagement *engagement;
  const AdmBattleShip *a, *m;

  resolve (campaign, "");
  engagement = find_engagement (campaign, "cycle-1-pol-orbit");
  placements = adm_engagement_placements (state, engagement);
  dump_placements (placements);
  g_assert_cmpstr (find_placement (placements, "first-destroyer-flotilla")->placement->id, ==,
                   "attack-formation");
  g_assert_cmpstr (find_placement (placements, "first-destroyer-flotilla")->reason, ==,
                   "ordered to attack");
  g_assert_cmpstr (find_placement (placements, "pol-escort-group")->placement->id, ==,
                   "defensive");
  g_assert_cmpstr (find_placement (placements, "pol-escort-group")->reason, ==,
                   "ordered to defend");

  attack_text = adm_engagement_battle_setup (state, engagement, NULL, &error);
  g_assert_no_error (error);
  attack = load_setup (attack_text);
  g_hash_table_insert (overrides, "first-destroyer-flotilla", "marching-order");
  march_text = adm_engagement_battle_setup (state, engagement, overrides, &error);
  g_assert_no_error (error);
  march = load_setup (march_text);
  g_assert_nonnull (strstr (march_text, "Marching order (chosen by the master)"));

  a = ship_of (attack, "kestrel");
  m = ship_of (march, "kestrel");
  g_test_message ("attack (%g, %g) %g; march (%g, %g) %g", a->position.x, a->position.y,
                  a->heading, m->position.x, m->position.y, m->heading);
  /* Attack formation heads at the enemy from the front line, 60 cm from the Pol front (the
   * minesweepers, in the default attack formation, stand on it); marching order heads along
   * the line, 20 cm further back. */
  g_assert_cmpfloat (a->heading, ==, 90);
  g_assert_cmpfloat (m->heading, ==, 180);
  g_assert_cmpfloat_with_epsilon (sweeper_x (attack, placements) - a->position.x,
                                  ADM_SECTOR_BATTLE_LINE_GAP, 1e-9);
  g_assert_cmpfloat_with_epsilon (sweeper_x (march, placements) - m->position.x,
                                  ADM_SECTOR_BATTLE_LINE_GAP + 20, 1e-9);
  /* The defending escorts in a block: 10 cm back from the front, heading at the enemy. */
  g_assert_cmpfloat (ship_of (attack, ((AdmShip *) g_ptr_array_index (
                                         find_placement (placements, "pol-escort-group")
                                           ->formation->ships, 0))->id)->heading, ==, 270);
  g_assert_cmpfloat_with_epsilon (ship_of (attack, ((AdmShip *) g_ptr_array_index (
                                                      find_placement (placements,
                                                                      "pol-escort-group")
                                                        ->formation->ships, 0))->id)->position.x
                                  - sweeper_x (attack, placements), 10, 1e-9);
}

/* Overrides must name engaged formations and placements the ruleset has (F-STRAT-15). */
static void
test_override_errors (void)
{
  g_autoptr(AdmCampaign) campaign = campaign_with_sheets (link_sheets);
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  const AdmEngagement *engagement;

  resolve (campaign, "");
  engagement = find_engagement (campaign, "cycle-1-pol-orbit");
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;

    g_hash_table_insert (overrides, "first-destroyer-flotilla", "wedge");
    text = adm_engagement_battle_setup (adm_campaign_get_state (campaign), engagement, overrides,
                                        &error);
    g_assert_null (text);
    g_assert_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_UNKNOWN_PLACEMENT);
    g_assert_cmpstr (error->message, ==, "There is no placement “wedge” for "
                     "“first-destroyer-flotilla”; the ruleset has: attack-formation, "
                     "marching-order, defensive");
  }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;

    g_hash_table_remove_all (overrides);
    g_hash_table_insert (overrides, "jade-squadron", "defensive");
    text = adm_engagement_battle_setup (adm_campaign_get_state (campaign), engagement, overrides,
                                        &error);
    g_assert_null (text);
    g_assert_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_UNKNOWN_FORMATION);
    g_assert_cmpstr (error->message, ==,
                     "The formation “jade-squadron” is not in the engagement at Pol orbit");
  }
}

/* The Komarr campaign after cycle 1 (every admiral's sheet, no one absent in an engagement),
 * with the sheets of cycle 2 handed in: Vorkosigan sends none. */
static AdmCampaign *
campaign_at_cycle_2 (void)
{
  static const char * const cycle_1[] = {
    KOMARR_SHEETS "komarr-cycle-1-ghem-sarlat.xml", KOMARR_SHEETS "komarr-cycle-1-radovan.xml",
    KOMARR_SHEETS "komarr-cycle-1-vorkosigan.xml", NULL
  };
  static const char * const cycle_2[] = {
    KOMARR_SHEETS "komarr-cycle-2-ghem-sarlat-1.xml", KOMARR_SHEETS "komarr-cycle-2-ghem-sarlat-2.xml",
    KOMARR_SHEETS "komarr-cycle-2-naismith.xml", KOMARR_SHEETS "komarr-cycle-2-radovan.xml", NULL
  };
  g_autoptr(AdmCampaign) campaign = campaign_with_sheets (cycle_1);

  resolve (campaign, "");
  add_sheets (campaign, cycle_2);
  return g_steal_pointer (&campaign);
}

/* F-STRAT-5, F-RDY-2, ruling "absent-admiral" = "readiness-check": in cycle 2 Vorkosigan and
 * Vesnaer sent no sheet, so the master rolls for their three engaged formations: 6+6 fails (the
 * First Squadron caught in marching order in Pol orbit), 1+1 passes (the destroyers deploy by
 * their orders at the jump point). The rolls go into the dice log and the one "cycle" event,
 * and replay. */
static void
test_absent_admiral_check (void)
{
  g_autoptr(AdmCampaign) campaign = campaign_at_cycle_2 ();
  AdmState *state = adm_campaign_get_state (campaign);
  GPtrArray *events = adm_campaign_get_events (campaign);
  g_autoptr(GPtrArray) orbit = NULL, jump = NULL;
  g_autoptr(AdmCampaign) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL, *before = NULL, *after = NULL;
  const AdmEngagementPlacement *squadron, *destroyers, *jade;
  const AdmRollRecord *roll;
  GPtrArray *rolls;
  guint n_events = events->len;
  gsize length;

  resolve (campaign, "6 6 1 1 2 2");
  g_assert_cmpuint (events->len, ==, n_events + 1);
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (events, n_events), "checks"), ==,
                   "first-squadron-home-fleet=6+6 first-destroyer-flotilla=1+1 "
                   "vervani-destroyer-flotilla=2+2");

  orbit = adm_engagement_placements (state, find_engagement (campaign, "cycle-2-pol-orbit"));
  dump_placements (orbit);
  jump = adm_engagement_placements (state, find_engagement (campaign, "cycle-2-pol-jump-point"));
  dump_placements (jump);
  squadron = find_placement (orbit, "first-squadron-home-fleet");
  destroyers = find_placement (jump, "first-destroyer-flotilla");
  jade = find_placement (orbit, "jade-squadron");
  g_assert_nonnull (squadron->check);
  g_assert_false (squadron->check->passed);
  g_assert_cmpstr (squadron->placement->id, ==, "marching-order");
  g_assert_true (g_str_has_prefix (squadron->reason,
                                   "admiral absent, readiness check failed (12 > "));
  g_assert_nonnull (destroyers->check);
  g_assert_true (destroyers->check->passed);
  g_assert_nonnull (strstr (destroyers->reason, "admiral absent, readiness check passed (2 ≤ "));
  g_assert_true (destroyers->placement == adm_ruleset_placement_for_order (
                   adm_campaign_get_ruleset (campaign),
                   adm_state_get_cycle_order (state, 2, "first-destroyer-flotilla")));
  /* Ghem-Adm. Sarlat sent his sheets: no roll for the Jade Squadron. */
  g_assert_null (jade->check);
  g_assert_null (strstr (jade->reason, "absent"));

  /* The dice log shows the rolls with purpose and clause. */
  rolls = adm_state_get_rolls (state);
  g_assert_cmpuint (rolls->len, >=, 3);
  roll = g_ptr_array_index (rolls, rolls->len - 3);
  g_assert_cmpstr (roll->clause, ==, "F-STRAT-5");
  g_assert_cmpuint (roll->sides, ==, 6);
  g_assert_cmpuint (g_array_index (roll->values, guint, 0), ==, 6);
  g_assert_nonnull (strstr (roll->purpose, "readiness check"));

  /* The journal replays to the same state, checks included. */
  data = adm_campaign_serialize (campaign, &length);
  reloaded = adm_campaign_load_memory (data, length, "komarr.admiralty", &error);
  g_assert_no_error (error);
  before = adm_state_dump (state);
  after = adm_state_dump (adm_campaign_get_state (reloaded));
  g_assert_cmpstr (before, ==, after);
  g_assert_false (adm_state_get_cycle_check (adm_campaign_get_state (reloaded), 2,
                                             "first-squadron-home-fleet")->passed);
}

/* F-STRAT-5: dice that run out resolve nothing — no cycle, no rolls, the journal unchanged. */
static void
test_absent_admiral_no_dice (void)
{
  g_autoptr(AdmCampaign) campaign = campaign_at_cycle_2 ();
  g_autoptr(AdmDiceQueue) queue = queue_of ("6 6");
  g_autoptr(GError) error = NULL;
  guint n_events = adm_campaign_get_events (campaign)->len;
  guint n_rolls = adm_state_get_rolls (adm_campaign_get_state (campaign))->len;
  g_autofree char *before = adm_state_dump (adm_campaign_get_state (campaign));
  g_autofree char *after = NULL;

  g_assert_false (adm_campaign_resolve_cycle (campaign, ADM_DICE_SOURCE (queue), T0 + 4800,
                                              &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
  g_test_message ("%s", error->message);
  g_assert_cmpstr (error->message, ==, "Cycle 2 was not resolved and nothing was journaled: "
                   "readiness check of First Destroyer Flotilla, admiral absent needs 2d6 but "
                   "only 0 values were entered");
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, n_events);
  g_assert_cmpuint (adm_state_get_rolls (adm_campaign_get_state (campaign))->len, ==, n_rolls);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 2);
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (before, ==, after);
}

/* A "cycle" event whose checks do not read FORMATION=D6+D6, name no formation or roll one twice
 * is refused and changes nothing. */
static void
test_bad_checks (void)
{
  static const char * const bad[] = {
    "nobody=3+4", "first-squadron-home-fleet=3+7", "first-squadron-home-fleet=3",
    "first-squadron-home-fleet=1+1 first-squadron-home-fleet=2+2",
  };
  g_autoptr(AdmCampaign) campaign = campaign_at_cycle_2 ();
  guint n_events = adm_campaign_get_events (campaign)->len;
  g_autofree char *before = adm_state_dump (adm_campaign_get_state (campaign));

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(AdmEvent) event = adm_event_new ("cycle", T0 + 4800);
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      adm_event_set_int (event, "cycle", 2);
      adm_event_set (event, "checks", bad[i]);
      g_assert_false (adm_campaign_append (campaign, event, &error));
      g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT);
      g_test_message ("%s: %s", bad[i], error->message);
      g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, n_events);
      after = adm_state_dump (adm_campaign_get_state (campaign));
      g_assert_cmpstr (before, ==, after);
    }
}

/* F-STRAT-5, ruling "absent-admiral" = "standing-orders": no roll; the absent admirals'
 * formations deploy by their orders. Sides are alliances: the Cetagandans and the Vervani fight
 * the Aslunders as one side. */
static void
test_absent_admiral_standing (void)
{
  g_autoptr(AdmCampaign) campaign = campaign_at_cycle_2 ();
  AdmState *state = adm_campaign_get_state (campaign);
  g_autoptr(GPtrArray) placements = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  const AdmEngagement *engagement;
  const AdmEngagementPlacement *vervani;
  const AdmBattleSide *allies;

  g_assert_true (adm_ruleset_set_ruling (adm_campaign_get_ruleset (campaign), "absent-admiral",
                                         "standing-orders", &error));
  g_assert_no_error (error);
  resolve (campaign, "");
  g_assert_null (adm_event_get (g_ptr_array_index (adm_campaign_get_events (campaign),
                                                   adm_campaign_get_events (campaign)->len - 1),
                                "checks"));
  engagement = find_engagement (campaign, "cycle-2-hegen-hub");
  placements = adm_engagement_placements (state, engagement);
  dump_placements (placements);
  vervani = find_placement (placements, "vervani-destroyer-flotilla");
  g_assert_null (vervani->check);
  g_assert_nonnull (strstr (vervani->reason, "admiral absent, no check rolled"));
  g_assert_true (vervani->placement == adm_ruleset_placement_for_order (
                   adm_campaign_get_ruleset (campaign),
                   adm_state_get_cycle_order (state, 2, "vervani-destroyer-flotilla")));
  g_assert_cmpstr (vervani->side->id, ==, find_placement (placements, "autumn-screen")->side->id);

  text = adm_engagement_battle_setup (state, engagement, NULL, &error);
  g_assert_no_error (error);
  battle = load_setup (text);
  g_assert_cmpuint (adm_battle_get_n_sides (battle), ==, 2);
  allies = adm_battle_get_side (battle, 0);
  g_test_message ("side %s: %s (%s)", allies->id, allies->name, allies->admiral);
  g_assert_cmpstr (allies->name, ==, "Cetagandan Empire, Vervain");
  g_assert_cmpstr (allies->admiral, ==, "ghem-Adm. Dir Sarlat, Adm. Otto Vesnaer");
  g_assert_cmpstr (adm_battle_get_side (battle, 1)->id, ==, "aslund");
}

/* Ruling "station-engagement" (F-STRAT-16, F-STN-6) */

#define STATIONS_T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* tests/data/scenarios/stations.admiralty without the Cetagandan line: Barrayar's First
 * Squadron alone at Tau Verde, by its own fortress, Vervain's relay platform (Vervain is no
 * ally of Barrayar's) and an ownerless yard; loaded with the shipped rules or, with @option,
 * with a copy of them whose ruling "station-engagement" defaults to @option. A campaign of
 * it, the squadron ordered to patrol Tau Verde in cycle 1 (F-STRAT-16), the cycle resolved. */
static AdmCampaign *
lone_patrol (const char *option)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "scenarios",
                                                 "stations.admiralty", NULL);
  g_autofree char *text = NULL, *cut = NULL, *rules_path = NULL;
  char *dir = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign;
  const char *start, *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  start = strstr (text, "  <formation id=\"jade-line\"");
  g_assert_nonnull (start);
  end = strstr (start, "</formation>\n");
  g_assert_nonnull (end);
  end += strlen ("</formation>\n");
  cut = g_strdup_printf ("%.*s%s", (int) (start - text), text, end);
  if (option != NULL)
    {
      g_autofree char *to = g_strdup_printf ("id=\"station-engagement\" clause=\"F-STRAT-16\" "
                                             "default=\"%s\"", option);

      dir = changed_rules_new (NULL, "ruleset", NULL,
                               "id=\"station-engagement\" clause=\"F-STRAT-16\" "
                               "default=\"engages\"", to);
      rules_path = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
      g_setenv ("ADMIRALTY_RULES_PATH", dir, TRUE);
    }
  scenario = adm_scenario_load_data (cut, strlen (cut), "lone-patrol.admiralty", &error);
  if (dir != NULL)
    {
      g_setenv ("ADMIRALTY_RULES_PATH", rules_path, TRUE);
      changed_rules_remove (dir);
    }
  g_assert_no_error (error);
  campaign = adm_campaign_new (scenario, 1);
  komarr_order (campaign, STATIONS_T0, 1, "vorkosigan", "first-squadron", "patrol", NULL, NULL);
  komarr_end_cycle (campaign, STATIONS_T0);
  return campaign;
}

/* F-STRAT-16 «об атаке соединения противника или сектора», F-STN-6: an enemy's station is a
 * unit that defends its sector and can be taken only in a battle. The squadron patrolling
 * Tau Verde meets Vervain's relay: the engagement of cycle 1 there, not dropped, whose battle
 * has the relay as Vervain's side of its own (Barrayar's fortress a unit of Barrayar's side).
 * With a copy of the season reading "never", the rule follows: no engagement, and the sector
 * battle is refused as before, for want of enemies. */
static void
test_station_engagement (void)
{
  g_autoptr(AdmCampaign) campaign = lone_patrol (NULL);
  g_autoptr(AdmCampaign) never = lone_patrol ("never");
  g_autoptr(GPtrArray) met = adm_strategy_get_engagements (strategy_of (campaign), 1);
  g_autoptr(GPtrArray) none = adm_strategy_get_engagements (strategy_of (never), 1);
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *refused = NULL;
  const AdmEngagement *engagement;
  const AdmHeldStation *relay;
  const AdmBattleShip *unit = NULL, *fortress = NULL;

  g_assert_cmpuint (met->len, ==, 1);
  engagement = g_ptr_array_index (met, 0);
  g_assert_cmpstr (engagement->sector->id, ==, "tau-verde");
  g_assert_cmpuint (engagement->formations->len, ==, 1);
  g_assert_nonnull (engagement->stations);
  g_assert_cmpuint (engagement->stations->len, ==, 1);
  relay = g_ptr_array_index (engagement->stations, 0);
  g_assert_cmpstr (relay->object->name, ==, "Vervain Relay");
  g_assert_cmpstr (relay->owner->id, ==, "vervain");

  queue = adm_engagement_queue_new (adm_campaign_get_state (campaign), 1);
  g_assert_cmpuint (queue->len, ==, 1);
  g_assert_cmpint (((AdmQueuedEngagement *) g_ptr_array_index (queue, 0))->status, ==,
                   ADM_ENGAGEMENT_NOT_FOUGHT);
  battle = engagement_battle (campaign,
                              ((AdmQueuedEngagement *) g_ptr_array_index (queue, 0))->id);
  g_assert_cmpuint (adm_battle_get_n_sides (battle), ==, 2);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (g_str_equal (ship->name, "Vervain Relay"))
        unit = ship;
      else if (g_str_equal (ship->name, "Tau Verde Fortress"))
        fortress = ship;
    }
  g_assert_nonnull (unit);
  g_assert_nonnull (fortress);
  g_assert_cmpstr (adm_battle_get_side (battle, unit->side)->id, ==, "vervain");
  g_assert_cmpstr (adm_battle_get_side (battle, fortress->side)->id, ==, "barrayar");

  g_assert_cmpuint (none->len, ==, 0);
  refused = adm_scenario_battle_setup (adm_campaign_get_scenario (never), "tau-verde", &error);
  g_assert_null (refused);
  g_assert_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/sector-battle/F-TAC-1/facing-lines", test_facing_lines);
  g_test_add_func ("/engine/sector-battle/F-STRAT-16/station-engagement",
                   test_station_engagement);
  g_test_add_func ("/engine/sector-battle/F-FORM-8/rulings-and-text", test_rulings_and_text);
  g_test_add_func ("/engine/sector-battle/F-MOVE-5/wormhole-exit", test_wormhole_exit);
  g_test_add_func ("/engine/sector-battle/F-TAC-1/flank-sides", test_flank_sides);
  g_test_add_func ("/engine/sector-battle/F-TAC-1/campaign-sectors", test_campaign_sectors);
  g_test_add_func ("/engine/sector-battle/errors", test_errors);
  g_test_add_func ("/engine/engagement/F-STRAT-4/link", test_link_engagement);
  g_test_add_func ("/engine/engagement/F-STRAT-15/attack-and-march", test_attack_and_march);
  g_test_add_func ("/engine/engagement/F-STRAT-15/override-errors", test_override_errors);
  g_test_add_func ("/engine/engagement/F-STRAT-5/readiness-check", test_absent_admiral_check);
  g_test_add_func ("/engine/engagement/F-STRAT-5/no-dice", test_absent_admiral_no_dice);
  g_test_add_func ("/engine/engagement/F-STRAT-5/bad-checks", test_bad_checks);
  g_test_add_func ("/engine/engagement/F-STRAT-5/standing-orders", test_absent_admiral_standing);

  return g_test_run ();
}
