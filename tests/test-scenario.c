/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario.c: loading the shipped scenarios, and every broken or hostile fixture being
 * refused with its file, line and problem. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

static void
test_skirmish (void)
{
  g_autofree char *path = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  GPtrArray *formations;

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  g_assert_cmpstr (adm_ruleset_get_id (adm_scenario_get_ruleset (scenario)), ==, "forcon-2010");
  g_assert_cmpuint (adm_scenario_get_factions (scenario)->len, ==, 2);

  /* Two formations a side. */
  formations = adm_scenario_get_formations (scenario);
  g_assert_cmpuint (formations->len, ==, 4);
  for (guint i = 0; i < adm_scenario_get_factions (scenario)->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (adm_scenario_get_factions (scenario), i);
      g_autoptr(GPtrArray) mine = adm_scenario_formations_of (scenario, faction);

      g_assert_cmpuint (mine->len, ==, 2);
    }

  /* F-FORM-4: every formation has a flagship among its ships, and its ships know it. */
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);

      g_assert_nonnull (formation->flagship);
      g_assert_true (g_ptr_array_find (formation->ships, formation->flagship, NULL));
      g_assert_true (formation->flagship->formation == formation);
      g_assert_cmpuint (formation->ships->len, >=, 1);
      g_assert_cmpuint (formation->ships->len, <=, 6);
      g_assert_nonnull (formation->sector);
    }
}

static void
test_campaign_sized (void)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  GPtrArray *sectors;

  g_assert_no_error (error);
  g_assert_cmpuint (adm_scenario_get_factions (scenario)->len, >=, 5);
  g_assert_cmpuint (adm_scenario_get_ships (scenario)->len, >=, 60);
  sectors = adm_scenario_get_sectors (scenario);
  g_assert_cmpuint (sectors->len, >=, 8);

  /* Adjacency is symmetric: every link is usable both ways (F-STRAT-10 moves between
   * adjacent sectors). */
  for (guint i = 0; i < sectors->len; i++)
    {
      AdmSector *sector = g_ptr_array_index (sectors, i);

      g_assert_cmpuint (sector->adjacent->len, >=, 1);
      for (guint j = 0; j < sector->adjacent->len; j++)
        {
          AdmSector *other = g_ptr_array_index (sector->adjacent, j);

          g_assert_true (g_ptr_array_find (other->adjacent, sector, NULL));
        }
    }
}

static void
test_lookups (void)
{
  g_autofree char *path = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, NULL);
  GPtrArray *ships;
  AdmShip *ship;

  g_assert_nonnull (scenario);
  ships = adm_scenario_get_ships (scenario);
  ship = g_ptr_array_index (ships, 0);
  g_assert_true (adm_scenario_lookup_ship (scenario, ship->id) == ship);
  g_assert_true (adm_scenario_lookup_formation (scenario, ship->formation->id) == ship->formation);
  g_assert_true (adm_scenario_lookup_sector (scenario, ship->formation->sector->id) ==
                 ship->formation->sector);
  g_assert_null (adm_scenario_lookup_ship (scenario, "no-such-ship"));
  g_assert_null (adm_scenario_lookup_formation (scenario, NULL));
  g_assert_true (ship->faction == ship->formation->faction);
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file ("/nonexistent/war.admiralty", &error);

  g_assert_null (scenario);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "/nonexistent/war.admiralty"));
}

typedef struct {
  char *dir;
  char *file;
  int   line;
  char *needle;
  gboolean campaign;
} Fixture;

static void
fixture_free (gpointer data)
{
  Fixture *fixture = data;

  g_free (fixture->dir);
  g_free (fixture->file);
  g_free (fixture->needle);
  g_free (fixture);
}

/* Each broken file is refused; the message names the file, the line where the problem is,
 * and the problem in words. */
static void
test_broken_fixture (gconstpointer data)
{
  const Fixture *fixture = data;
  g_autofree char *path = g_build_filename (fixture->dir, fixture->file, NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *lower = NULL;
  g_autofree char *where = NULL;

  if (fixture->campaign)
    {
      g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);

      g_assert_null (campaign);
    }
  else
    {
      g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);

      g_assert_null (scenario);
    }
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);

  where = fixture->line > 0 ? g_strdup_printf ("%s:%d: ", path, fixture->line)
                            : g_strdup_printf ("%s: ", path);
  g_assert_true (g_str_has_prefix (error->message, where));
  lower = g_utf8_strdown (error->message + strlen (where), -1);
  g_assert_nonnull (strstr (lower, fixture->needle));
}

static void
add_fixture_tests (const char *folder,
                   gboolean    campaign,
                   GPtrArray  *keep)
{
  g_autofree char *dir = source_path ("tests", "data", folder, NULL);
  g_autofree char *manifest = g_build_filename (dir, "EXPECTED", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_true (g_file_get_contents (manifest, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], "\t", 3);
      g_autofree char *name = NULL;
      Fixture *fixture;

      if (g_strv_length (cells) != 3)
        continue;
      fixture = g_new0 (Fixture, 1);
      fixture->dir = g_strdup (dir);
      fixture->file = g_strdup (cells[0]);
      fixture->line = atoi (cells[1]);
      fixture->needle = g_utf8_strdown (cells[2], -1);
      fixture->campaign = campaign;
      g_ptr_array_add (keep, fixture);

      name = g_strdup_printf ("/data/%s/%s", folder, cells[0]);
      g_test_add_data_func (name, fixture, test_broken_fixture);
    }
}


/* A small scenario with @alliances (XML placed after the admirals), written to a temporary
 * file; the alliance block starts on line 5. */
static char *
write_alliance_scenario (const char *alliances)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-alliance-XXXXXX", &error);
  g_autofree char *text = NULL;
  char *path;

  g_assert_no_error (error);
  text = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario id=\"alliance-test\" name=\"Alliance test\" ruleset=\"forcon-2010\">\n"
    "  <admiral id=\"vorkosigan\" name=\"Adm. Aral Vorkosigan\" faction=\"barrayar\"/>\n"
    "  <admiral id=\"estif\" name=\"ghem-Adm. Estif\" faction=\"cetaganda\"/>\n"
    "%s"
    "  <map>\n"
    "    <sector id=\"hub\" name=\"Hub\" x=\"0\" y=\"0\"/>\n"
    "  </map>\n"
    "  <formation id=\"first\" name=\"First\" faction=\"barrayar\" sector=\"hub\" "
    "flagship=\"prince-serg\" admiral=\"vorkosigan\">\n"
    "    <ship id=\"prince-serg\" name=\"Prince Serg\" class=\"general-vorkraft\" readiness=\"10\"/>\n"
    "  </formation>\n"
    "  <formation id=\"jade\" name=\"Jade\" faction=\"cetaganda\" sector=\"hub\" "
    "flagship=\"celestial-harmony\" admiral=\"estif\" hidden=\"true\">\n"
    "    <ship id=\"celestial-harmony\" name=\"Celestial Harmony\" class=\"ghem-lord\" readiness=\"10\"/>\n"
    "  </formation>\n"
    "  <formation id=\"lancers\" name=\"Lancers\" faction=\"vervain\" sector=\"hub\" "
    "flagship=\"lancer\">\n"
    "    <ship id=\"lancer\" name=\"Lancer\" class=\"vorpatril\" readiness=\"6\"/>\n"
    "  </formation>\n"
    "</scenario>\n", alliances);
  path = g_build_filename (dir, "alliance.admiralty", NULL);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  return path;
}

static void
remove_alliance_scenario (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_remove (path);
  g_rmdir (dir);
}

/* Scenario alliances: allied factions, the allies of one, and the hidden attribute. */
static void
test_alliances (void)
{
  g_autofree char *path = write_alliance_scenario (
    "  <alliance id=\"compact\" name=\"Celestial Compact\">\n"
    "    <member faction=\"cetaganda\"/>\n"
    "    <member faction=\"vervain\"/>\n"
    "  </alliance>\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  g_autoptr(GPtrArray) allies = NULL;
  const AdmFaction *barrayar, *cetaganda, *vervain;

  g_assert_no_error (error);
  barrayar = adm_scenario_lookup_formation (scenario, "first")->faction;
  cetaganda = adm_scenario_lookup_formation (scenario, "jade")->faction;
  vervain = adm_scenario_lookup_formation (scenario, "lancers")->faction;
  g_assert_true (adm_scenario_factions_allied (scenario, cetaganda, vervain));
  g_assert_true (adm_scenario_factions_allied (scenario, vervain, cetaganda));
  g_assert_true (adm_scenario_factions_allied (scenario, barrayar, barrayar));
  g_assert_false (adm_scenario_factions_allied (scenario, barrayar, cetaganda));
  allies = adm_scenario_allies_of (scenario, vervain);
  g_assert_cmpuint (allies->len, ==, 2);
  g_assert_true (g_ptr_array_index (allies, 0) == vervain);
  g_assert_true (g_ptr_array_index (allies, 1) == cetaganda);
  g_clear_pointer (&allies, g_ptr_array_unref);
  allies = adm_scenario_allies_of (scenario, barrayar);
  g_assert_cmpuint (allies->len, ==, 1);
  /* F-STRAT-3: hidden="true" is read; the default is known to all. */
  g_assert_true (adm_scenario_lookup_formation (scenario, "jade")->hidden);
  g_assert_false (adm_scenario_lookup_formation (scenario, "first")->hidden);
  remove_alliance_scenario (path);
}

/* An alliance of one faction, named: it loads, its faction allied with itself only, as a
 * faction in no alliance is, until another joins it. */
static void
test_alliance_of_one (void)
{
  g_autofree char *path = write_alliance_scenario (
    "  <alliance id=\"jade-pact\" name=\"Jade Pact\">\n"
    "    <member faction=\"cetaganda\"/>\n"
    "  </alliance>\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  g_autoptr(GPtrArray) allies = NULL;
  const AdmFaction *cetaganda, *vervain;

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  cetaganda = adm_scenario_lookup_formation (scenario, "jade")->faction;
  vervain = adm_scenario_lookup_formation (scenario, "lancers")->faction;
  g_assert_false (adm_scenario_factions_allied (scenario, cetaganda, vervain));
  allies = adm_scenario_allies_of (scenario, cetaganda);
  g_assert_cmpuint (allies->len, ==, 1);
  g_assert_true (g_ptr_array_index (allies, 0) == cetaganda);
  remove_alliance_scenario (path);
}

static void
broken_alliance (const char *alliances,
                 int         line,
                 const char *needle)
{
  g_autofree char *path = write_alliance_scenario (alliances);
  g_autofree char *where = g_strdup_printf ("%s:%d: ", path, line);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);

  g_assert_null (scenario);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, where));
  g_assert_nonnull (strstr (error->message, needle));
  remove_alliance_scenario (path);
}

/* Bad alliance data is refused with file:line and the problem. */
static void
test_alliances_broken (void)
{
  /* A faction in two alliances. */
  broken_alliance ("  <alliance id=\"compact\" name=\"Celestial Compact\">\n"
                   "    <member faction=\"cetaganda\"/>\n"
                   "    <member faction=\"vervain\"/>\n"
                   "  </alliance>\n"
                   "  <alliance id=\"other\" name=\"Other Pact\">\n"
                   "    <member faction=\"barrayar\"/>\n"
                   "    <member faction=\"vervain\"/>\n"
                   "  </alliance>\n", 11, "already in the alliance “Celestial Compact”");
  /* A faction the ruleset does not know. */
  broken_alliance ("  <alliance id=\"compact\" name=\"Celestial Compact\">\n"
                   "    <member faction=\"cetaganda\"/>\n"
                   "    <member faction=\"escobar\"/>\n"
                   "  </alliance>\n", 7, "unknown faction “escobar”");
  /* The schema: an alliance needs members. */
  broken_alliance ("  <alliance id=\"compact\" name=\"Celestial Compact\"/>\n", 5, "Expecting an element");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) fixtures = g_ptr_array_new_with_free_func (fixture_free);
  int result;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/scenario/skirmish/F-FORM-4/flagships", test_skirmish);
  g_test_add_func ("/data/scenario/campaign-sized/F-STRAT-8/sectors", test_campaign_sized);
  g_test_add_func ("/data/scenario/lookups", test_lookups);
  g_test_add_func ("/data/scenario/missing-file", test_missing_file);
  g_test_add_func ("/data/scenario/alliances", test_alliances);
  g_test_add_func ("/data/scenario/alliances-broken", test_alliances_broken);
  g_test_add_func ("/data/scenario/alliance-of-one", test_alliance_of_one);
  add_fixture_tests ("scenarios-broken", FALSE, fixtures);
  add_fixture_tests ("campaigns-broken", TRUE, fixtures);

  result = g_test_run ();
  return result;
}
