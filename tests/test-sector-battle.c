/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sector-battle.c: battles set up from a sector of the strategic map (F-TAC-1) — every
 * formation there on the table, one side per faction, in facing lines that load as a battle,
 * with no two bases overlapping; and the sectors where no battle can be set up. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-engine.h"

static char *
source_path (const char *first,
             ...)
{
  const char *root = g_getenv ("ADMIRALTY_SOURCE_DIR");
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  va_list args;

  g_assert_nonnull (root);
  g_ptr_array_add (parts, (gpointer) root);
  g_ptr_array_add (parts, (gpointer) first);
  va_start (args, first);
  for (const char *part = va_arg (args, const char *); part != NULL;
       part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  return g_build_filenamev ((char **) parts->pdata);
}

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
      g_assert_cmpstr (side->id, ==, formation->faction->id);
      g_assert_cmpstr (side->name, ==, formation->faction->name);
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
  g_assert_cmpuint (adm_battle_get_n_formations (battle), ==, n_formations);
  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, n_ships);

  for (guint i = 0; i < n_ships; i++)
    {
      const AdmBattleShip *a = adm_battle_get_ship (battle, i);
      const AdmBattleShip *first = NULL;

      /* Facing the enemy, on the side's straight line: west and east lines run north–south,
       * north and south lines west–east. */
      g_assert_cmpuint (a->side, <, G_N_ELEMENTS (side_heading));
      g_assert_cmpfloat (a->heading, ==, side_heading[a->side]);
      for (guint k = 0; k < n_ships && first == NULL; k++)
        if (adm_battle_get_ship (battle, k)->side == a->side)
          first = adm_battle_get_ship (battle, k);
      if (a->side < 2)
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
               "5 factions meet in Aslund Station; a battle is set up for at most 4 sides, "
               "one along each edge of the table");
  /* In the shipped skirmish the squadrons have not met yet. */
  check_error (skirmish, "pol-jump-point", ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
               "No enemies meet in Pol jump point: only formations of the Barrayaran "
               "Imperium are there");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/sector-battle/F-TAC-1/facing-lines", test_facing_lines);
  g_test_add_func ("/engine/sector-battle/F-FORM-8/rulings-and-text", test_rulings_and_text);
  g_test_add_func ("/engine/sector-battle/F-TAC-1/flank-sides", test_flank_sides);
  g_test_add_func ("/engine/sector-battle/F-TAC-1/campaign-sectors", test_campaign_sectors);
  g_test_add_func ("/engine/sector-battle/errors", test_errors);

  return g_test_run ();
}
