/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-orbit.c: low orbits (F-ORB, F-CRIT-21) and orbital stations (F-STN, F-ART-16),
 * with scripted dice: ships following their orbits, changing orbit at the price of half their
 * firepower or shields, entering and leaving low orbit, falling and crashing; stations that
 * never move, fired on in the orbital column, with their own critical table. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "battle-scripting.h"
#include "shipped-helpers.h"
#include "adm-battle.h"
#include "adm-geometry.h"
#include "adm-ruleset.h"

#define EPS 1e-6

/* Loads tests/data/battles/@name with @rulings ("<ruling …/>…") added. */
/* The scripted dice of these tests were worked with shields blocking damage after the armour
 * roll (F-WPN-7, ruling "shields-against-artillery" after-armour); the fixtures are loaded
 * with it. */
#define SHIELDS_AS_WORKED "<ruling id=\"shields-against-artillery\" value=\"after-armour\"/>"

static AdmBattle *
load_with (const char *name,
           const char *rulings)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", name, NULL);
  g_autofree char *text = NULL;
  g_autofree char *patched = NULL;
  g_autoptr(GError) error = NULL;
  const char *start;
  const char *end;
  AdmBattle *battle;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  start = strstr (text, "<battle ");
  g_assert_nonnull (start);
  end = strchr (start, '>');
  g_assert_nonnull (end);
  /* A fixture with its own <rulings> (duel.xml) already pins the shields; add the rest. */
  if (strstr (text, "<rulings>") != NULL)
    {
      end = strstr (text, "<rulings>") + strlen ("<rulings>") - 1;
      patched = g_strdup_printf ("%.*s%s%s", (int) (end + 1 - text), text,
                                 rulings != NULL ? rulings : "", end + 1);
    }
  else
    patched = g_strdup_printf ("%.*s<rulings>%s%s</rulings>%s", (int) (end + 1 - text), text,
                               SHIELDS_AS_WORKED, rulings != NULL ? rulings : "", end + 1);
  battle = adm_battle_load_memory (patched, strlen (patched), name, &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

/* The point on a circle of @radius round @centre at compass bearing @bearing. */
static AdmPoint
on_circle (AdmPoint centre,
           double   radius,
           double   bearing)
{
  return adm_point_advance (centre, bearing, radius);
}

static void
assert_at (const AdmBattleShip *s,
           AdmPoint             point)
{
  g_assert_cmpfloat_with_epsilon (s->position.x, point.x, EPS);
  g_assert_cmpfloat_with_epsilon (s->position.y, point.y, EPS);
}

static AdmBattle *
at_phase (const char *fixture,
          const char *rulings,
          AdmPhase    phase)
{
  AdmBattle *battle = load_with (fixture, rulings);

  battle_helper_skip_to (battle, phase);
  return battle;
}

/* F-ORB-1: loading */

static void
test_load (void)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-low.xml", NULL);
  const AdmLowOrbit *map = adm_battle_get_low_orbit (battle);

  g_assert_true (map->present);
  g_assert_cmpfloat (map->planet.x, ==, 50);
  g_assert_cmpfloat (map->planet.y, ==, 40);
  g_assert_cmpfloat (map->planet_diameter, ==, 10);
  g_assert_cmpuint (map->orbits->len, ==, 4);
  g_assert_cmpfloat (g_array_index (map->orbits, double, 3), ==, 42);
  /* F-ORB-5: the map's edges default to the battle's width and height. */
  g_assert_cmpfloat (map->width, ==, 100);
  g_assert_cmpfloat (map->height, ==, 80);
  /* F-ORB-1: on their orbits, heading along them (80° set up, snapped to 90°). */
  g_assert_cmpint (ship (battle, "vorkraft")->orbit, ==, 2);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorkraft")->heading, 90, EPS);
  g_assert_cmpint (ship (battle, "kestrel")->orbit, ==, 4);
  g_assert_cmpint (ship (battle, "vorberg")->orbit, ==, -1);
  g_assert_cmpint (ship (battle, "solstice")->falling_since, ==, 0);

  /* A battle without a map has none. */
  {
    g_autoptr(AdmBattle) open = battle_helper_load ("duel.xml");

    g_assert_false (adm_battle_get_low_orbit (open)->present);
    g_assert_cmpint (adm_battle_get_ship (open, 0)->orbit, ==, -1);
  }
}

static void
load_refused (const char *body,
              const char *message)
{
  g_autofree char *text =
    g_strdup_printf ("<battle ruleset=\"forcon-2010\" name=\"Broken\">%s"
                     "<side id=\"a\" name=\"A\"><formation id=\"f\" name=\"F\" flagship=\"s\">"
                     "<ship id=\"s\" name=\"S\" class=\"vorberg\" x=\"50\" y=\"25\" heading=\"90\""
                     " readiness=\"7\" orbit=\"2\"/></formation></side>"
                     "<side id=\"b\" name=\"B\"><formation id=\"g\" name=\"G\" flagship=\"t\">"
                     "<ship id=\"t\" name=\"T\" class=\"vorberg\" x=\"0\" y=\"0\" heading=\"0\""
                     " readiness=\"7\"/></formation></side></battle>", body);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_memory (text, strlen (text), "broken.xml",
                                                        &error);

  g_assert_null (battle);
  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "broken.xml:"));
  g_assert_nonnull (strstr (error->message, message));
}

static void
test_load_refused (void)
{
  /* F-ORB-1: an orbit needs a map, must exist, and the ship must lie on it (0.1 cm). */
  load_refused ("", "the battle has no <low-orbit> map (F-ORB-1)");
  load_refused ("<low-orbit planet-x=\"50\" planet-y=\"40\" planet-diameter=\"10\" "
                "orbits=\"10\"/>", "has orbits 1 to 1");
  load_refused ("<low-orbit planet-x=\"50\" planet-y=\"40\" planet-diameter=\"10\" "
                "orbits=\"10 14.8\"/>", "so not on orbit 2");
  load_refused ("<low-orbit planet-x=\"50\" planet-y=\"40\" planet-diameter=\"10\" "
                "orbits=\"15 12\"/>", "orbit radius “12” must be a number of cm greater than 15");
  load_refused ("<low-orbit planet-x=\"50\" planet-y=\"40\" planet-diameter=\"10\" "
                "orbits=\"4 15\"/>", "greater than 5");
  /* Within the tolerance it loads. */
  {
    const char *text =
      "<battle ruleset=\"forcon-2010\" name=\"Near\">"
      "<low-orbit planet-x=\"50\" planet-y=\"40\" planet-diameter=\"10\" orbits=\"10 15\"/>"
      "<side id=\"a\" name=\"A\"><formation id=\"f\" name=\"F\" flagship=\"s\">"
      "<ship id=\"s\" name=\"S\" class=\"vorberg\" x=\"50\" y=\"25.09\" heading=\"270\""
      " readiness=\"7\" orbit=\"2\"/></formation></side>"
      "<side id=\"b\" name=\"B\"><formation id=\"g\" name=\"G\" flagship=\"t\">"
      "<ship id=\"t\" name=\"T\" class=\"vorberg\" x=\"0\" y=\"0\" heading=\"0\""
      " readiness=\"7\"/></formation></side></battle>";
    g_autoptr(GError) error = NULL;
    g_autoptr(AdmBattle) battle = adm_battle_load_memory (text, strlen (text), "near.xml",
                                                          &error);

    g_assert_no_error (error);
    /* Heading 270 at the top of the planet: anticlockwise. */
    g_assert_cmpfloat_with_epsilon (ship (battle, "s")->heading, 270, EPS);
  }
}

/* F-ORB-1: moving along the orbit */

static void
test_follow_orbit (void)
{
  g_autoptr(AdmBattle) battle = at_phase ("orbit-low.xml", NULL, ADM_PHASE_MOVEMENT);
  AdmPoint planet = { 50, 40 };
  double bearing = 10.0 / 15.0 * 180 / G_PI;

  /* F-ORB-1: 10 cm along orbit 2 (15 cm) clockwise, and 12 cm along orbit 1... */
  resolve (battle, "<move formation=\"b1\"><forward cm=\"10\"/></move>"
                   "<move formation=\"k2\"><forward cm=\"12\"/></move>", "");
  assert_at (ship (battle, "vorkraft"), on_circle (planet, 15, bearing));
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorkraft")->heading, bearing + 90, EPS);
  g_assert_cmpint (ship (battle, "vorkraft")->orbit, ==, 2);
  /* ...Solstice heads 0° at the planet's west side: clockwise, towards the north. */
  assert_at (ship (battle, "solstice"), on_circle (planet, 10, 270 + 12.0 / 10.0 * 180 / G_PI));
  assert_reported (battle, "General Vorkraft follows its orbit (F-ORB-1).");
  assert_reported (battle, "Vorkraft group moves 10 cm.");
  g_assert_cmpfloat (ship (battle, "vorkraft")->last_move, ==, 10);
}

static void
test_no_turn (void)
{
  g_autoptr(AdmBattle) battle = at_phase ("orbit-low.xml", NULL, ADM_PHASE_MOVEMENT);

  /* F-ORB-1: no free manoeuvre, no ram. */
  refuse (battle, "<move formation=\"b1\"><forward cm=\"10\"/><turn degrees=\"45\"/></move>", NULL,
          "cannot turn (F-ORB-1)");
  refuse (battle, "<move formation=\"b1\" order=\"all-ahead-full\" ram=\"triumph\">"
                  "<forward cm=\"10\"/></move>", NULL, "cannot ram (F-ORB-1)");
  /* A ship off the orbits still turns freely. */
  resolve (battle, "<move formation=\"b2\"><forward cm=\"2\"/><turn degrees=\"-5\"/>"
                   "</move>", "");
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorberg")->heading, 0, EPS);
}

/* F-ORB-2: changing orbit */

/* @said: how the report line says the shields' loss ("halved"). */
static void
check_change_shields (const char *rulings,
                      int         expected,
                      const char *said)
{
  g_autofree char *line = g_strdup_printf ("General Vorkraft changes from orbit 2 to orbit 3, "
                                           "5.0 cm: its shields are %s this turn (F-ORB-2).",
                                           said);
  g_autoptr(AdmBattle) battle = at_phase ("orbit-low.xml", rulings, ADM_PHASE_MOVEMENT);
  int vorkraft = ship_index (battle, "vorkraft");
  AdmPoint planet = { 50, 40 };

  g_autofree char *before = adm_battle_dump (battle);

  g_assert_cmpint (adm_battle_ship_shields (battle, vorkraft), ==, 3);
  /* F-ORB-1: out 5 cm to orbit 3, then 10 cm along it; F-ORB-2: shields halved. */
  resolve (battle, "<move formation=\"b1\"><change-orbit orbit=\"3\" halve=\"shields\"/>"
                   "<forward cm=\"10\"/></move>", "");
  /* The journal replays it: undo restores the state exactly, and so does playing it again. */
  {
    g_autofree char *after = adm_battle_dump (battle);
    g_autofree char *undone = NULL;
    g_autofree char *redone = NULL;

    g_assert_true (adm_battle_undo (battle, NULL));
    undone = adm_battle_dump (battle);
    g_assert_cmpstr (undone, ==, before);
    resolve (battle, "<move formation=\"b1\"><change-orbit orbit=\"3\" halve=\"shields\"/>"
                     "<forward cm=\"10\"/></move>", "");
    redone = adm_battle_dump (battle);
    g_assert_cmpstr (redone, ==, after);
  }
  g_assert_cmpint (ship (battle, "vorkraft")->orbit, ==, 3);
  g_assert_cmpint (ship (battle, "vorkraft")->orbit_halved, ==, 2);
  assert_at (ship (battle, "vorkraft"), on_circle (planet, 20, 10.0 / 20.0 * 180 / G_PI));
  assert_reported (battle, line);
  assert_reported (battle, "Vorkraft group moves 15 cm.");
  g_assert_cmpint (adm_battle_ship_shields (battle, vorkraft), ==, expected);
  g_assert_cmpint (adm_battle_ship_shield_pool (battle, vorkraft), ==, expected);
  /* For the whole turn; back at its end. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  g_assert_cmpint (adm_battle_ship_shields (battle, vorkraft), ==, expected);
  resolve (battle, "", "");
  g_assert_cmpint (ship (battle, "vorkraft")->orbit_halved, ==, 0);
  g_assert_cmpint (adm_battle_ship_shields (battle, vorkraft), ==, 3);
}

static void
test_change_shields (void)
{
  /* "orbit-change-halving": 3 shields give 1, or 2 rounded up. */
  check_change_shields (NULL, 1, "halved");
  check_change_shields ("<ruling id=\"orbit-change-halving\" value=\"turn-round-up\"/>", 2,
                        "halved");
}

/* F-ORB-2: the half is the ruleset's (<orbit-change shield-divisor>), not the engine's. With a
 * copy dividing by 3, rounded up, Vorkraft's 3 shields give 1, not 2; with one dividing by 1,
 * rounded down, all 3. The report says the copy's number, not "halved". */
static void
test_change_shields_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-ORB-2\" shield-divisor=\"2\"",
                                   "clause=\"F-ORB-2\" shield-divisor=\"3\"");

  check_change_shields ("<ruling id=\"orbit-change-halving\" value=\"turn-round-up\"/>", 1,
                        "divided by 3");
  changed_rules_end (dir);
  dir = changed_rules_begin ("ruleset", "clause=\"F-ORB-2\" shield-divisor=\"2\"",
                             "clause=\"F-ORB-2\" shield-divisor=\"1\"");
  check_change_shields (NULL, 3, "divided by 1");
  changed_rules_end (dir);
  /* The pure rule. */
  g_assert_cmpint (adm_orb_2_shields (3, 2, FALSE), ==, 1);
  g_assert_cmpint (adm_orb_2_shields (3, 2, TRUE), ==, 2);
  g_assert_cmpint (adm_orb_2_shields (7, 3, TRUE), ==, 3);
  g_assert_cmpint (adm_orb_2_shields (7, 3, FALSE), ==, 2);
}

static void
test_change_firepower (void)
{
  g_autoptr(AdmBattle) battle = at_phase ("orbit-low.xml", NULL, ADM_PHASE_MOVEMENT);

  /* F-ORB-2: firepower halved: the main battery's 8 fires as 4 this turn, out on orbit 3
   * with Triumph. */
  resolve (battle, "<move formation=\"b1\"><change-orbit orbit=\"3\" halve=\"firepower\"/>"
                   "</move>", "");
  g_assert_cmpint (ship (battle, "vorkraft")->orbit_halved, ==, 1);
  assert_reported (battle, "its firepower is halved this turn (F-ORB-2).");
  /* The halved battery at 28.3 cm, Triumph a quarter of the orbit ahead, receding. */
  resolve (battle, "<fire weapons=\"vorkraft:main\" target=\"triumph\"/>", "1 1");
  assert_reported (battle, "General Vorkraft's Main battery, firepower 4 at receding capital "
                           "ship Triumph, 28.3 cm, column 3");
}

static void
test_change_refused (void)
{
  g_autoptr(AdmBattle) battle = at_phase ("orbit-low.xml", NULL, ADM_PHASE_MOVEMENT);

  /* F-ORB-2 as ruled: once a turn; F-ORB-1: to an orbit there is, from an orbit. */
  refuse (battle, "<move formation=\"b1\"><change-orbit orbit=\"3\"/><change-orbit orbit=\"1\"/>"
                  "</move>", NULL, "may change orbit once a turn (F-ORB-2)");
  refuse (battle, "<move formation=\"b1\"><change-orbit orbit=\"2\"/></move>", NULL,
          "is already on orbit 2");
  refuse (battle, "<move formation=\"b1\"><change-orbit orbit=\"5\"/></move>", NULL,
          "there is no orbit 5");
  refuse (battle, "<move formation=\"b2\"><change-orbit orbit=\"1\"/></move>", NULL,
          "a ship enters low orbit by touching the planet (F-ORB-4)");
  /* F-MOVE-3: 27 cm out to orbit 4 and 1 cm along it is more than 24 cm. */
  refuse (battle, "<move formation=\"b1\"><change-orbit orbit=\"4\"/><forward cm=\"1\"/>"
                  "</move>", NULL, "can move at most 24 cm this turn, not 28 cm (F-MOVE-3)");
  /* No map, no orbits. */
  {
    g_autoptr(AdmBattle) open = at_phase ("duel.xml", NULL, ADM_PHASE_MOVEMENT);
    const char *formation = adm_battle_get_formation (open, 0)->id;
    g_autofree char *body = g_strdup_printf ("<move formation=\"%s\"><change-orbit "
                                             "orbit=\"1\"/></move>", formation);

    refuse (open, body, NULL, "cannot change orbit");
  }
}

/* F-ORB-4, F-ORB-5 */

static void
test_enter (void)
{
  g_autoptr(AdmBattle) battle = at_phase ("orbit-low.xml", NULL, ADM_PHASE_MOVEMENT);
  const AdmBattleShip *vorberg;
  AdmPoint planet = { 50, 40 };
  double bearing;

  /* F-ORB-4: Vorberg touches the planet marker on its way and is put on the nearest orbit,
   * orbit 1, heading along it; its move ends there. */
  resolve (battle, "<move formation=\"b2\"><forward cm=\"28\"/></move>", "");
  vorberg = ship (battle, "vorberg");
  g_assert_cmpint (vorberg->orbit, ==, 1);
  g_assert_cmpfloat_with_epsilon (adm_distance (vorberg->position, planet), 10, EPS);
  bearing = adm_bearing (planet, vorberg->position);
  /* Heading 5° south-east of the planet: nearer the anticlockwise tangent. */
  g_assert_cmpfloat_with_epsilon (vorberg->heading, adm_heading_normalise (bearing - 90), EPS);
  assert_reported (battle, "Vorberg touches the planet and enters low orbit 1 (F-ORB-4).");
}

static void
test_leave (void)
{
  g_autoptr(AdmBattle) battle = at_phase ("orbit-low.xml", NULL, ADM_PHASE_MOVEMENT);
  const AdmBattleShip *kestrel;
  double edge = 360 - acos (40.0 / 42.0) * 180 / G_PI;

  /* F-ORB-5: orbit 4 crosses the top edge at bearing 342.25°: Kestrel, 12 cm along it from
   * 330°, reaches the edge after 9 cm and leaves low orbit there. */
  resolve (battle, "<move formation=\"b3\"><forward cm=\"12\"/></move>", "");
  kestrel = ship (battle, "kestrel");
  g_assert_cmpint (kestrel->orbit, ==, -1);
  g_assert_cmpfloat_with_epsilon (kestrel->position.y, 0, 1e-4);
  g_assert_cmpfloat_with_epsilon (kestrel->position.x, 50 + 42 * sin (edge * G_PI / 180), 1e-3);
  assert_reported (battle, "Kestrel reaches the edge of the low-orbit map and leaves low orbit "
                           "(F-ORB-5).");
  /* Off the orbits it moves freely again, next turn. */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, "<move formation=\"b3\"><turn degrees=\"90\"/><forward cm=\"5\"/></move>",
           "");
  g_assert_cmpint (ship (battle, "kestrel")->orbit, ==, -1);
}

/* F-ORB-3, F-CRIT-21 */

/* Vorkraft fires its main battery (8) at Triumph, 25 cm off, crossing (column 4: 3 dice,
 * hits on 3+), in this turn's fire phase; @dice follow. */
static void
vorkraft_fires (AdmBattle  *battle,
                const char *dice)
{
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, "<fire weapons=\"vorkraft:main\" target=\"triumph\"/>", dice);
}

static void
test_fall (void)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-low.xml", NULL);

  g_test_message ("F-ORB-3, F-CRIT-21, F-STN-18: a fall and a crash");
  /* Three hits, two absorbed by the shields, one damage; critical 6 (engines, +1). */
  vorkraft_fires (battle, "6 6 6 6 3 3");
  g_assert_cmpint (ship (battle, "triumph")->criticals[ADM_CRIT_ENGINES], ==, 1);
  /* F-ORB-3, F-CRIT-21 ("low-orbit-criticals" fall): the fall begins. */
  g_assert_cmpint (ship (battle, "triumph")->falling_since, ==, 1);
  assert_reported (battle, "Triumph begins to fall towards the planet: it crashes at the end "
                           "of next turn unless the damage is repaired (F-ORB-3, F-CRIT-21).");
  /* It lasts a turn: not yet at the end of turn 1... */
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_ACTIVE);
  /* ...and crashed at the end of turn 2. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, "", "");
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_DESTROYED);
  assert_reported (battle, "Triumph falls onto the planet and is lost (F-ORB-3); any damage to "
                           "the surface is for the landing rules (F-STN-18).");
  /* No explosion marker: it left the table. */
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 0);
}

static void
test_fall_repaired (void)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-low.xml", NULL);

  vorkraft_fires (battle, "6 6 6 6 3 3");
  g_assert_cmpint (ship (battle, "triumph")->falling_since, ==, 1);
  /* F-ORB-3: damage control (F-DC) repairs the engines in the end stage: the fall stops. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, "<damage-control ship=\"triumph\" repair=\"critical\" critical=\"6\"/>",
           "1 1");
  g_assert_cmpint (ship (battle, "triumph")->criticals[ADM_CRIT_ENGINES], ==, 0);
  g_assert_cmpint (ship (battle, "triumph")->falling_since, ==, 0);
  assert_reported (battle, "Triumph is repaired in time and stops falling (F-ORB-3).");
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, "", "");
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_ACTIVE);
}

static void
test_fall_results (void)
{
  /* "orbit-fall-results": central deck (8) counts by default, not with engines-only. */
  {
    g_autoptr(AdmBattle) battle = load_with ("orbit-low.xml", NULL);

    vorkraft_fires (battle, "6 6 6 6 4 4");
    g_assert_cmpint (ship (battle, "triumph")->criticals[ADM_CRIT_CENTRAL_DECK], ==, 1);
    g_assert_cmpint (ship (battle, "triumph")->falling_since, ==, 1);
  }
  {
    g_autoptr(AdmBattle) battle =
      load_with ("orbit-low.xml", "<ruling id=\"orbit-fall-results\" value=\"engines-only\"/>");

    vorkraft_fires (battle, "6 6 6 6 4 4");
    g_assert_cmpint (ship (battle, "triumph")->criticals[ADM_CRIT_CENTRAL_DECK], ==, 1);
    g_assert_cmpint (ship (battle, "triumph")->falling_since, ==, 0);
  }
}

/* F-ORB-3: the results that start a fall are the ruleset's (<orbit-fall>), by the effect of
 * their row, not the engine's row numbers. With a copy leaving the central deck out of
 * "crit-21-results", critical 8 does not start a fall; with a copy whose table swaps the
 * engines (6) and the fire (7), "engines-only" makes critical 7 start the fall. */
static void
test_fall_results_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset",
                                   "effects=\"engines central-deck hull superstructure\"",
                                   "effects=\"engines hull superstructure\"");

  {
    g_autoptr(AdmBattle) battle = load_with ("orbit-low.xml", NULL);

    vorkraft_fires (battle, "6 6 6 6 4 4");
    g_assert_cmpint (ship (battle, "triumph")->criticals[ADM_CRIT_CENTRAL_DECK], ==, 1);
    g_assert_cmpint (ship (battle, "triumph")->falling_since, ==, 0);
  }
  changed_rules_end (dir);
  dir = changed_rules_begin ("ruleset", "clause=\"F-CRIT-13\" effect=\"engines\"",
                             "clause=\"F-CRIT-13\" effect=\"fire\"");
  changed_rules_change (dir, "ruleset", NULL, "clause=\"F-CRIT-14\" effect=\"fire\"",
                        "clause=\"F-CRIT-14\" effect=\"engines\"");
  {
    g_autoptr(AdmBattle) battle =
      load_with ("orbit-low.xml", "<ruling id=\"orbit-fall-results\" value=\"engines-only\"/>");

    /* Rolled on 7, kept as the engines (F-CRIT-8: a result is kept under its effect). */
    vorkraft_fires (battle, "6 6 6 6 3 4");
    g_assert_cmpint (ship (battle, "triumph")->criticals[ADM_CRIT_ENGINES], ==, 1);
    g_assert_cmpint (ship (battle, "triumph")->falling_since, ==, 1);
    assert_reported (battle, "Triumph begins to fall towards the planet");
  }
  changed_rules_end (dir);
  /* The pure rule. */
  g_assert_true (adm_orb_3_falls ("engines", (const char * const[]) { "engines", NULL }));
  g_assert_false (adm_orb_3_falls ("central-deck",
                                   (const char * const[]) { "engines", NULL }));
  g_assert_false (adm_orb_3_falls ("engines", (const char * const[]) { NULL }));
}

static void
test_crit_21_destroyed (void)
{
  g_autoptr(AdmBattle) battle =
    load_with ("orbit-low.xml", "<ruling id=\"low-orbit-criticals\" value=\"destroyed\"/>");

  /* F-CRIT-21 read alone: lost at once. */
  vorkraft_fires (battle, "6 6 6 6 3 3");
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_DESTROYED);
  assert_reported (battle, "Critical 6 in low orbit destroys Triumph (F-CRIT-21).");
}

static void
test_no_fall_off_orbit (void)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);

  /* F-CRIT-21, F-ORB-3 apply in low orbit only: Prince Serg, off the orbits, takes critical
   * 6 from Bastion's battery (14, half range, column 1: 13 dice, hits on 5+, 4 shields) and
   * does not fall. */
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, "<fire weapons=\"bastion:main\" target=\"prince-serg\"/>",
           "6 6 6 6 6 1 1 1 1 1 1 1 1 6 3 3");
  g_assert_cmpint (ship (battle, "prince-serg")->criticals[ADM_CRIT_ENGINES], ==, 1);
  g_assert_cmpint (ship (battle, "prince-serg")->orbit, ==, -1);
  g_assert_cmpint (ship (battle, "prince-serg")->falling_since, ==, 0);
}

/* Stations */

/* Prince Serg fires its main battery (12) at @target; @dice follow. */
static void
serg_fires (AdmBattle  *battle,
            const char *target,
            const char *dice)
{
  g_autofree char *body = g_strdup_printf ("<fire weapons=\"prince-serg:main\" target=\"%s\"/>",
                                           target);

  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, body, dice);
}

/* Eleven dice at Bastion (column 1, hits on 6): four hits, three absorbed, one damage, a
 * critical; then the station table's 2d6 as @table and what the row asks for. */
#define ONE_DAMAGE "6 6 6 6 1 1 1 1 1 1 1 6 "

static void
test_station_classes (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("orbit-station.xml");
  AdmRuleset *ruleset = adm_battle_get_ruleset (battle);
  const AdmShipClass *fortress = adm_ruleset_lookup_class (ruleset, "orbital-fortress");
  const AdmShipClass *platform = adm_ruleset_lookup_class (ruleset, "defence-platform");
  const AdmShipClass *heavy = adm_ruleset_lookup_class (ruleset, "vorkalloner");

  g_test_message ("F-STN-1, F-STN-3, F-STN-5, F-STN-6: the station classes");
  /* F-STN-1: as many hull points as heavy ships, or more; fixed in orbit (speed 0). */
  g_assert_cmpint (fortress->category, ==, ADM_CATEGORY_STATION);
  g_assert_cmpstr (adm_category_to_string (fortress->category), ==, "station");
  g_assert_cmpint (fortress->hull, >=, heavy->hull);
  g_assert_cmpint (fortress->speed, ==, 0);
  g_assert_cmpstr (fortress->type->id, ==, "station");
  g_assert_cmpfloat (fortress->type->base_size, ==, 3);
  g_assert_cmpstr (fortress->type->clause, ==, "F-STN-1");
  /* F-STN-5: the defence platform is the planetary defence object. */
  g_assert_cmpstr (platform->type->id, ==, "platform");
  g_assert_cmpint (platform->speed, ==, 0);
  /* F-STN-3: damaged at half its hull points, as heavy ships. */
  g_assert_true (adm_battle_ship_is_damaged (battle, ship_index (battle, "outpost")));
  g_assert_false (adm_battle_ship_is_damaged (battle, ship_index (battle, "bastion")));
  /* F-STN-6: a station is a ship of the battle, free until boarded and captured. */
  g_test_message ("F-STN-6: stations are captured by the boarding rules like any ship");
  g_assert_cmpint (ship (battle, "bastion")->captured_by, ==, -1);
}

static void
test_station_no_move (void)
{
  g_autoptr(AdmBattle) battle = at_phase ("orbit-station.xml", NULL, ADM_PHASE_MOVEMENT);

  /* F-STN-5 and the reading: stations take no movement orders. */
  refuse (battle, "<move formation=\"fort\"><forward cm=\"1\"/></move>", NULL,
          "Bastion is an orbital station: it keeps its place in orbit and takes no movement "
          "orders (F-STN-5)");
  refuse (battle, "<move formation=\"fort\"/>", NULL, "takes no movement orders (F-STN-5)");
}

static void
check_orbital_column (const char *rulings,
                      const char *expected,
                      const char *dice)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", rulings);

  serg_fires (battle, "bastion", dice);
  assert_reported (battle, expected);
}

static void
test_orbital_column (void)
{
  /* F-ART-16 ("station-target"): column 1, "Orbital", half range clamped there: 11 dice;
   * as a capital ship approaching, column 2 shifted to 1 the same: tell them apart at long
   * range: Outpost, 37 cm off. */
  check_orbital_column (NULL, "firepower 12 at orbital target Bastion, 15.0 cm, half range, "
                              "column 1", "1 1 1 1 1 1 1 1 1 1 1");
  {
    g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);

    serg_fires (battle, "outpost", "1 1 1 1 1 1 1 1");
    assert_reported (battle, "at orbital target Outpost, 37.0 cm, long range, column 2");
  }
  {
    g_autoptr(AdmBattle) battle =
      load_with ("orbit-station.xml", "<ruling id=\"station-target\" value=\"as-capital\"/>");

    /* Outpost heads 90° on its orbit: Prince Serg is on its port side, crossing: column 4,
     * then 5. */
    serg_fires (battle, "outpost", "1 1");
    assert_reported (battle, "at crossing capital ship Outpost, 37.0 cm, long range, column 5");
  }
}

static void
test_orbit_decay (void)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);
  const AdmBattleShip *bastion;

  g_test_message ("F-STN-7, F-STN-13, F-STN-18: a station leaves its orbit and falls");
  /* F-STN-7, F-STN-13: 2d6 = 9: the station leaves its orbit (+1 damage). */
  serg_fires (battle, "bastion", ONE_DAMAGE "4 5");
  bastion = ship (battle, "bastion");
  g_assert_cmpint (bastion->criticals[ADM_STN_CRIT_OUT_OF_ORBIT], ==, 1);
  g_assert_cmpint (bastion->damage, ==, 2);
  g_assert_cmpint (bastion->falling_since, ==, 1);
  assert_reported (battle, "Critical damage on Bastion (F-STN-13): Station has left its orbit");
  /* Turn 2's movement phase: it sinks d6 = 4 cm towards the planet. */
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, "", "4");
  bastion = ship (battle, "bastion");
  g_assert_cmpfloat_with_epsilon (bastion->position.y, 24, EPS);
  g_assert_cmpint (bastion->orbit, ==, 0);
  assert_reported (battle, "Bastion has left its orbit and sinks 4 cm towards the planet "
                           "(F-STN-13).");
  /* "station-orbit-decay" one-turn: not repaired by the end of turn 2, it falls. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, "", "");
  g_assert_cmpint (ship (battle, "bastion")->status, ==, ADM_SHIP_DESTROYED);
  assert_reported (battle, "Bastion falls onto the planet and is lost (F-STN-13)");
}

static void
test_orbit_decay_at_surface (void)
{
  g_autoptr(AdmBattle) battle =
    load_with ("orbit-station.xml", "<ruling id=\"station-orbit-decay\" value=\"at-surface\"/>");

  /* Outpost, on the 8 cm orbit, is 1.5 cm from touching the planet; at long range, column
   * 2: 8 dice. 2d6 = 9: out of its orbit. */
  serg_fires (battle, "outpost", "6 6 6 6 1 1 1 1 6 4 5");
  g_assert_cmpint (ship (battle, "outpost")->criticals[ADM_STN_CRIT_OUT_OF_ORBIT], ==, 1);
  /* Turn 2: 1 cm is not enough to reach the planet... */
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, "", "1");
  g_assert_cmpint (ship (battle, "outpost")->status, ==, ADM_SHIP_ACTIVE);
  /* ...and "at-surface" has no fall at the end of the turn after the damage... */
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  g_assert_cmpint (ship (battle, "outpost")->status, ==, ADM_SHIP_ACTIVE);
  g_assert_cmpint (ship (battle, "outpost")->falling_since, ==, 1);
  /* ...but 2 cm more in turn 3 is: it falls onto the planet. */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, "", "2");
  g_assert_cmpint (ship (battle, "outpost")->status, ==, ADM_SHIP_DESTROYED);
  assert_reported (battle, "Outpost falls onto the planet and is lost (F-STN-13)");
}

static void
test_platform_stays (void)
{
  g_test_message ("F-STN-5, F-STN-13, F-STN-14, F-STN-17: a platform stays in orbit");
  /* F-STN-5 ("station-orbit"): 9 does not apply to a defence platform; F-STN-17: the next
   * result, 10, does: its shields are destroyed. Column 1: 11 dice, armour 5. */
  {
    g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);

    serg_fires (battle, "picket", "6 6 6 1 1 1 1 1 1 1 1 6 4 5");
    g_assert_cmpint (ship (battle, "picket")->criticals[ADM_STN_CRIT_OUT_OF_ORBIT], ==, 0);
    g_assert_cmpint (ship (battle, "picket")->criticals[ADM_STN_CRIT_SHIELDS], ==, 1);
    g_assert_cmpint (ship (battle, "picket")->falling_since, ==, 0);
    assert_reported (battle, "Critical 9 does not apply to Picket; the next entry, 10, does "
                             "(F-STN-17).");
    /* F-STN-14. */
    g_assert_cmpint (adm_battle_ship_shields (battle, ship_index (battle, "picket")), ==, 0);
  }
  /* "all-stay": no station leaves its orbit. */
  {
    g_autoptr(AdmBattle) battle =
      load_with ("orbit-station.xml", "<ruling id=\"station-orbit\" value=\"all-stay\"/>");

    serg_fires (battle, "bastion", ONE_DAMAGE "4 5");
    g_assert_cmpint (ship (battle, "bastion")->criticals[ADM_STN_CRIT_OUT_OF_ORBIT], ==, 0);
    g_assert_cmpint (ship (battle, "bastion")->criticals[ADM_STN_CRIT_SHIELDS], ==, 1);
  }
}

static void
test_destructors (void)
{
  /* F-STN-8: 2d6 = 3: the destructors; d6 = 6: the catastrophic table ("station-catastrophic-
   * check" table-roll) at once: 2d6 = 7, a blazing hulk. */
  {
    g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);

    serg_fires (battle, "bastion", ONE_DAMAGE "1 2 6 3 4");
    g_assert_cmpint (ship (battle, "bastion")->criticals[ADM_STN_CRIT_DESTRUCTORS], ==, 1);
    g_assert_cmpint (ship (battle, "bastion")->status, ==, ADM_SHIP_BURNING_HULK);
    assert_reported (battle, "Bastion checks for catastrophic damage (F-STN-8): 6, the "
                             "catastrophic damage table.");
  }
  /* d6 = 5: nothing more; the destructor is knocked out until repaired. */
  {
    g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);

    serg_fires (battle, "bastion", ONE_DAMAGE "1 2 5");
    g_assert_cmpint (ship (battle, "bastion")->status, ==, ADM_SHIP_ACTIVE);
    battle_helper_skip_to (battle, ADM_PHASE_FIRE);
    resolve (battle, "<fire weapons=\"bastion:destructor\" target=\"prince-serg\"/>"
                     "<fire weapons=\"bastion:main\" target=\"prince-serg\"/>",
             "1 1 1 1 1 1 1 1 1 1 1 1 1");
    assert_reported (battle, "Bastion's Gravi-destructor is knocked out: its critical damage is "
                             "not repaired (F-STN-8, F-STN-9).");
  }
  /* "when-damaged": no check for a station not yet damaged (F-STN-3), one for Outpost. */
  {
    g_autoptr(AdmBattle) battle =
      load_with ("orbit-station.xml",
                 "<ruling id=\"station-catastrophic-check\" value=\"when-damaged\"/>");

    serg_fires (battle, "bastion", ONE_DAMAGE "1 2");
    assert_reported (battle, "Bastion is not yet damaged: no check for catastrophic damage "
                             "(F-STN-8, F-STN-3).");
    /* Outpost, damaged, checks: d6 = 3, nothing more. */
    serg_fires (battle, "outpost", "6 6 6 6 1 1 1 1 6 1 2 3");
    assert_reported (battle, "Outpost checks for catastrophic damage (F-STN-8): 3, nothing "
                             "more.");
  }
}

/* F-STN-8: the d6 of a station's check for catastrophic damage calls the table at or above
 * the ruleset's number (<station-catastrophic-check on>), not the engine's: with a copy of
 * the rules calling it on 5+, the 5 that does nothing above calls it. */
static void
test_destructors_number_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-STN-8\" on=\"6\"",
                                   "clause=\"F-STN-8\" on=\"5\"");
  g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);
  changed_rules_end (dir);
  g_assert_cmpint (adm_ruleset_get_station_catastrophic_on (adm_battle_get_ruleset (battle)),
                   ==, 5);
  serg_fires (battle, "bastion", ONE_DAMAGE "1 2 5 3 4");
  g_assert_cmpint (ship (battle, "bastion")->status, ==, ADM_SHIP_BURNING_HULK);
  assert_reported (battle, "Bastion checks for catastrophic damage (F-STN-8): 5, the "
                           "catastrophic damage table.");
  g_assert_cmpstr (roll_purpose (battle, adm_battle_get_rolls (battle)->len - 2), ==,
                   "Bastion: check for catastrophic damage, 5+");
}

static void
test_main_armament_and_torpedoes (void)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);

  g_test_message ("F-STN-9, F-STN-10, F-STN-17: weapons knocked out");
  /* F-STN-9: 2d6 = 4, d6 = 2: the main armament is out until repaired. */
  serg_fires (battle, "bastion", ONE_DAMAGE "2 2 2");
  g_assert_cmpint (ship (battle, "bastion")->criticals[ADM_STN_CRIT_MAIN_ARMAMENT], ==, 1);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  resolve (battle, "<fire weapons=\"bastion:main\" target=\"prince-serg\"/>", "");
  assert_reported (battle, "Bastion's Fortress battery is knocked out");
  /* F-STN-10: the platform has no torpedoes: 5 goes on to 6, the reactor (F-STN-17). */
  {
    g_autoptr(AdmBattle) other = load_with ("orbit-station.xml", NULL);

    serg_fires (other, "picket", "6 6 6 1 1 1 1 1 1 1 1 6 2 3 1");
    g_assert_cmpint (ship (other, "picket")->criticals[ADM_STN_CRIT_TORPEDOES], ==, 0);
    g_assert_cmpint (ship (other, "picket")->criticals[ADM_STN_CRIT_REACTOR], ==, 1);
    g_test_message ("F-STN-10: a station with torpedo tubes takes result 5");
    serg_fires (other, "bastion", ONE_DAMAGE "2 3");
    g_assert_cmpint (ship (other, "bastion")->criticals[ADM_STN_CRIT_TORPEDOES], ==, 1);
  }
}

static void
check_reactor (const char *rulings,
               int         expected)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", rulings);
  int bastion = ship_index (battle, "bastion");

  g_assert_cmpint (adm_battle_ship_shields (battle, bastion), ==, 3);
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, bastion), ==, 3);
  /* F-STN-11: 2d6 = 6, d6 = 1: shields and turrets at 50 %. */
  serg_fires (battle, "bastion", ONE_DAMAGE "3 3 1");
  g_assert_cmpint (ship (battle, "bastion")->criticals[ADM_STN_CRIT_REACTOR], ==, 1);
  g_assert_cmpint (adm_battle_ship_shields (battle, bastion), ==, expected);
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, bastion), ==, expected);
}

static void
test_reactor (void)
{
  /* "station-reactor": 3 gives 1 rounded down, 2 rounded up. */
  check_reactor (NULL, 1);
  check_reactor ("<ruling id=\"station-reactor\" value=\"round-up\"/>", 2);
}

/* The end stage of this turn, with the fire aboard burning: its one damage checks for a
 * critical (d6 = 1, none). */
static void
fire_burns (AdmBattle *battle)
{
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, "", "1");
  assert_reported (battle, "Fire aboard Bastion is still burning.");
}

static void
test_fire_and_crew (void)
{
  g_autoptr(AdmBattle) battle = load_with ("orbit-station.xml", NULL);
  const AdmBattleShip *bastion;

  g_test_message ("F-STN-2, F-STN-3, F-STN-7, F-STN-12, F-STN-15, F-STN-16: the station "
                   "table's fire and crew results");
  /* F-STN-12: 2d6 = 8, a fire, kept under 7 (the row 7–8). */
  serg_fires (battle, "bastion", ONE_DAMAGE "4 4");
  bastion = ship (battle, "bastion");
  g_assert_cmpint (bastion->criticals[ADM_STN_CRIT_FIRE], ==, 1);
  g_assert_cmpint (bastion->criticals[ADM_STN_CRIT_FIRE + 1], ==, 0);
  g_assert_cmpint (bastion->on_fire, ==, 1);
  fire_burns (battle);
  g_assert_cmpint (ship (battle, "bastion")->damage, ==, 2);
  /* F-STN-15: 11: readiness −d3 (2), +d3 damage (3). */
  serg_fires (battle, "bastion", ONE_DAMAGE "5 6 2 3");
  bastion = ship (battle, "bastion");
  g_assert_cmpint (bastion->readiness_loss, ==, 2);
  g_assert_cmpint (bastion->damage, ==, 6);
  fire_burns (battle);
  /* F-STN-16: 12: readiness −d3 (1), ECM attack −d3 (2), +d6 damage (4). */
  serg_fires (battle, "bastion", ONE_DAMAGE "6 6 1 2 4");
  bastion = ship (battle, "bastion");
  g_assert_cmpint (bastion->readiness_loss, ==, 3);
  g_assert_cmpint (bastion->ecm_attack_loss, ==, 2);
  g_assert_cmpint (bastion->damage, ==, 12);
  /* F-STN-2: it took the damage as a capital ship: no F-CRIT-4 destruction; F-STN-3:
   * damaged at half its 24 hull points. */
  g_assert_cmpint (bastion->status, ==, ADM_SHIP_ACTIVE);
  g_assert_true (adm_battle_ship_is_damaged (battle, ship_index (battle, "bastion")));
}

static void
check_zero_hull (const char *rulings,
                 const char *dice,
                 AdmShipStatus expected,
                 const char *clause)
{
  g_autofree char *text = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", "orbit-station.xml", NULL);
  g_autofree char *patched = NULL;
  GPtrArray *rolls;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  /* Outpost with 1 hull point left. */
  {
    g_auto(GStrv) parts = g_strsplit (text, "damage=\"12\"", 2);

    patched = g_strjoinv ("damage=\"23\"", parts);
  }
    {
      g_autofree char *with = NULL;
      const char *end = strchr (strstr (patched, "<battle "), '>');

      with = g_strdup_printf ("%.*s<rulings>%s%s</rulings>%s", (int) (end + 1 - patched),
                              patched, SHIELDS_AS_WORKED, rulings != NULL ? rulings : "",
                              end + 1);
      g_free (patched);
      patched = g_steal_pointer (&with);
    }
  battle = adm_battle_load_memory (patched, strlen (patched), "zero.xml", &error);
  g_assert_no_error (error);
  /* One damage at long range (8 dice) brings it to 0: F-STN-4. */
  serg_fires (battle, "outpost", dice);
  g_assert_cmpint (ship (battle, "outpost")->status, ==, expected);
  rolls = adm_battle_get_rolls (battle);
  g_assert_cmpstr (((AdmBattleRoll *) g_ptr_array_index (rolls, rolls->len - 1))->clause, ==,
                   clause);
  /* F-STN-5: a wrecked station stays where it was, no drift dice. */
  if (expected == ADM_SHIP_DRIFTING_HULK)
    {
      AdmPoint before = ship (battle, "outpost")->position;

      battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
      battle_helper_skip_to (battle, ADM_PHASE_FIRE);
      g_assert_cmpfloat (ship (battle, "outpost")->position.x, ==, before.x);
      g_assert_cmpfloat (ship (battle, "outpost")->position.y, ==, before.y);
    }
}

static void
test_zero_hull (void)
{
  /* F-CRIT-1: the last hull point's critical check first (F-ART-13, 6+: 1, none). F-STN-4
   * ("station-catastrophic-dice"): 2d6 as ships by default: 5 + 6 = 11 explodes (plasma
   * overload: radius 3d6, Prince Serg 20+ cm off is out of 3 cm). */
  check_zero_hull (NULL, "6 6 6 6 1 1 1 1  1  5 6 1 1 1", ADM_SHIP_DESTROYED, "F-CAT-12");
  /* "d6": one die, a 1 reads as 2: a drifting hulk, which stays in orbit. */
  check_zero_hull ("<ruling id=\"station-catastrophic-dice\" value=\"d6\"/>",
                   "6 6 6 6 1 1 1 1  1  1", ADM_SHIP_DRIFTING_HULK, "F-STN-4");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/orbit/F-ORB-1/load", test_load);
  g_test_add_func ("/engine/orbit/F-ORB-1/load-refused", test_load_refused);
  g_test_add_func ("/engine/orbit/F-ORB-1/follow-orbit", test_follow_orbit);
  g_test_add_func ("/engine/orbit/F-ORB-1/no-turn", test_no_turn);
  g_test_add_func ("/engine/orbit/F-ORB-2/shields", test_change_shields);
  g_test_add_func ("/engine/orbit/F-ORB-2/numbers-from-ruleset",
                   test_change_shields_from_ruleset);
  g_test_add_func ("/engine/orbit/F-ORB-2/firepower", test_change_firepower);
  g_test_add_func ("/engine/orbit/F-ORB-2/refused", test_change_refused);
  g_test_add_func ("/engine/orbit/F-ORB-4/enter", test_enter);
  g_test_add_func ("/engine/orbit/F-ORB-5/leave", test_leave);
  g_test_add_func ("/engine/orbit/F-ORB-3/fall", test_fall);
  g_test_add_func ("/engine/orbit/F-ORB-3/repaired", test_fall_repaired);
  g_test_add_func ("/engine/orbit/F-ORB-3/fall-results", test_fall_results);
  g_test_add_func ("/engine/orbit/F-ORB-3/numbers-from-ruleset", test_fall_results_from_ruleset);
  g_test_add_func ("/engine/orbit/F-CRIT-21/destroyed", test_crit_21_destroyed);
  g_test_add_func ("/engine/orbit/F-CRIT-21/off-orbit", test_no_fall_off_orbit);
  g_test_add_func ("/engine/station/F-STN-1/classes", test_station_classes);
  g_test_add_func ("/engine/station/F-STN-5/no-move", test_station_no_move);
  g_test_add_func ("/engine/station/F-ART-16/orbital-column", test_orbital_column);
  g_test_add_func ("/engine/station/F-STN-13/orbit-decay", test_orbit_decay);
  g_test_add_func ("/engine/station/F-STN-13/at-surface", test_orbit_decay_at_surface);
  g_test_add_func ("/engine/station/F-STN-5/platform-stays", test_platform_stays);
  g_test_add_func ("/engine/station/F-STN-8/destructors", test_destructors);
  g_test_add_func ("/engine/station/F-STN-8/numbers-from-ruleset",
                   test_destructors_number_from_ruleset);
  g_test_add_func ("/engine/station/F-STN-9/main-armament", test_main_armament_and_torpedoes);
  g_test_add_func ("/engine/station/F-STN-11/reactor", test_reactor);
  g_test_add_func ("/engine/station/F-STN-12/fire-and-crew", test_fire_and_crew);
  g_test_add_func ("/engine/station/F-STN-4/zero-hull", test_zero_hull);

  return g_test_run ();
}
