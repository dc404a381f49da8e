/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-mines.c: mines and minesweeping clause by clause (F-WPN-18, F-WPN-19, F-WPN-20,
 * F-MINE, F-SWEEP) with scripted dice: every test asserts the exact dice the engine asked for and
 * leaves none unused; refused orders leave the battle byte for byte as it was. Fixture:
 * tests/data/battles/mine-field.xml. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "adm-audience.h"
#include "battle-scripting.h"

#define FIXTURE "mine-field.xml"

#define MOVE(formation, cm) \
  "<move formation=\"" formation "\"><forward cm=\"" cm "\"/></move>"
#define LAY(ship, id, charge, range, strength) \
  "<lay-mine ship=\"" ship "\" id=\"" id "\" charge=\"" charge "\" range=\"" range \
  "\" strength=\"" strength "\"/>"

/* Loading and the cards */

static void
test_loaded (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load (FIXTURE);
  AdmRuleset *ruleset = adm_battle_get_ruleset (battle);
  const AdmMine *m;

  g_test_message ("F-WPN-19, F-MINE-1, F-WPN-18: mines laid before the battle are on the table");
  g_assert_cmpuint (adm_battle_get_n_mines (battle), ==, 6);
  /* F-MINE-6: a plasma card; F-MINE-8: a torpedo card. */
  m = mine (battle, "c-plasma");
  g_assert_cmpint (m->charge, ==, ADM_MINE_PLASMA);
  g_assert_cmpuint (m->side, ==, 1);
  g_assert_cmpfloat_with_epsilon (m->position.x, 17, 1e-9);
  g_assert_cmpfloat_with_epsilon (m->position.y, 4, 1e-9);
  g_assert_cmpint (m->range, ==, 5);
  g_assert_cmpint (m->strength, ==, 8);
  /* F-MINE-2: hidden from the other side unless the file says it was found. */
  g_assert_false (m->revealed);
  g_assert_false (m->spent);
  g_assert_cmpint (m->triggered, ==, -1);
  m = mine (battle, "b-torp");
  g_assert_cmpint (m->charge, ==, ADM_MINE_TORPEDO);
  g_assert_cmpint (m->range, ==, 5);
  g_assert_cmpint (m->strength, ==, 4);
  g_assert_true (mine (battle, "c-near")->revealed);
  /* F-SWEEP-3: the devices are on the minesweeper's card; F-MINE-12: the mine racks are
   * the mark on a minelayer's (and a fitted transport's, F-MINE-11) card. */
  g_assert_cmpint (adm_ruleset_lookup_class (ruleset, "minesweeper")->sweep_devices, ==, 2);
  g_assert_cmpint (adm_ruleset_lookup_class (ruleset, "vorberg")->sweep_devices, ==, 0);
  g_assert_cmpint (((AdmWeapon *) g_ptr_array_index (
                      adm_ruleset_lookup_class (ruleset, "covert-transport")->weapons, 0))->type,
                   ==, ADM_WEAPON_MINE);
}

static void
test_load_errors (void)
{
  static const struct {
    const char *from;
    const char *to;
    const char *message;
  } cases[] = {
    { "<mine id=\"b-plasma\" side=\"barrayar\"", "<mine id=\"b-plasma\" side=\"vervain\"",
      "mine “b-plasma” belongs to side “vervain”, which is not in this battle" },
    { "<mine id=\"c-far\"", "<mine id=\"c-swept\"", "two mines have the id “c-swept”" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "battles", FIXTURE, NULL);
      g_autofree char *text = NULL;
      g_autoptr(GString) variant = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmBattle) battle = NULL;

      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      variant = g_string_new (text);
      g_assert_cmpuint (g_string_replace (variant, cases[i].from, cases[i].to, 1), ==, 1);
      battle = adm_battle_load_memory (variant->str, variant->len, FIXTURE, &error);
      g_assert_null (battle);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, FIXTURE ":"));
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* Ships entering a mine's reach */

static void
test_plasma (AdmBattle  *battle,
             const char *dice,
             const char *rolls,
             const char *line)
{
  guint first;

  first = resolve (battle, MOVE ("b-cruiser", "17"), "");
  assert_rolls (battle, first, "");
  /* F-MINE-14: set off in the movement phase, announced later (F-MINE-15). */
  g_assert_cmpint (mine (battle, "c-plasma")->triggered, ==, ship_index (battle, "vorberg"));
  g_assert_false (mine (battle, "c-plasma")->revealed);
  /* F-MINE-4: an enemy ship sets a mine off; Vorberg passed over its own side's mine. */
  g_assert_cmpint (mine (battle, "b-plasma")->triggered, ==, -1);
  resolve (battle, NULL, "");
  first = resolve (battle, NULL, dice);
  assert_rolls (battle, first, rolls);
  assert_reported (battle, "The plasma mine c-plasma of Cetaganda goes off against Vorberg "
                           "(F-MINE-14, F-MINE-15).");
  assert_reported (battle, line);
  /* F-MINE-1, F-MINE-15 ("mine-reach"): single use; shown once it has gone off. */
  g_assert_true (mine (battle, "c-plasma")->spent);
  g_assert_true (mine (battle, "c-plasma")->revealed);
  g_assert_cmpint (mine (battle, "c-plasma")->triggered, ==, -1);
}

static void
test_plasma_one_column_left (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  g_test_message ("F-MINE-5, F-MINE-7 (mine-plasma-shift one-column-left), F-ART-12");
  /* The shift alone: the beam ignores shields here ("mine-plasma-shields" ignored). */
  set_ruling (battle, "mine-plasma-shields", "ignored");
  /* Crossing capital ship, column 4, one left: column 3, firepower 8: 4 dice at 3+, two
   * damage; F-CRIT-1: a critical check on 6+ for each (none). */
  test_plasma (battle, "6 3 2 1 1 5", "F-MINE-7 4d6=6 3 2 1; F-CRIT-1 2d6=1 5",
               "Plasma mine c-plasma, strength 8 at crossing Vorberg, column 3: 4 dice "
               "(6 3 2 1) at 3+ — 2 damage.");
  g_assert_cmpint (adm_battle_ship_hull_left (battle, ship_index (battle, "vorberg")), ==,
                   8 - 2);
  /* The shields did not stop the beam. */
  g_assert_cmpint (ship (battle, "vorberg")->shields_used, ==, 0);
}


/* F-CRIT-1 ("critical-threshold-other"): a plasma mine's damage checks for criticals on the
 * ruleset's number (<critical-checks> <check source="plasma-mine">), not the engine's: with a
 * copy of the rules checking on 5+, the checks 1 5 that bring none above bring one. */
static void
test_plasma_critical_from_ruleset (void)
{
  char *dir =
    changed_rules_begin ("ruleset", "source=\"plasma-mine\" clause=\"F-CRIT-1\" on=\"6\"",
                         "source=\"plasma-mine\" clause=\"F-CRIT-1\" on=\"5\"");
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  changed_rules_end (dir);
  g_assert_cmpint (adm_ruleset_get_critical_on (adm_battle_get_ruleset (battle),
                                                ADM_CRITICAL_SOURCE_PLASMA_MINE), ==, 5);
  set_ruling (battle, "mine-plasma-shields", "ignored");
  test_plasma (battle, "6 3 2 1 1 5 5 5", "F-MINE-7 4d6=6 3 2 1; F-CRIT-1 2d6=1 5; "
                                          "F-CRIT-2 2d6=5 5",
               "Plasma mine c-plasma, strength 8 at crossing Vorberg, column 3: 4 dice "
               "(6 3 2 1) at 3+ — 2 damage.");
  assert_reported (battle, "Critical checks on Vorberg (5+): 1 5 — 1 critical.");
}
static void
test_plasma_shields (void)
{
  g_autoptr(AdmBattle) before = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  g_autoptr(AdmBattle) after = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  /* F-MINE-7: «Действие такой мины рассчитывается по артиллерийской таблице» — so the
   * shields meet the beam as they meet artillery ("mine-plasma-shields" as-artillery, the
   * default). Crossing capital ship, column 4, one left: column 3, strength 8: 4 dice.
   * With F-WPN-7's order («Далее, часть залпов поглощается щитами. Оставшиеся залпы могут
   * быть отбиты броней», before-armour) Vorberg's 2 shields cancel 2 of them; 6 3 at
   * armour 3+ are 2 damage; critical checks 1 5 on 6+: none. */
  set_ruling (before, "shields-against-artillery", "before-armour");
  test_plasma (before, "6 3 1 5", "F-MINE-7 2d6=6 3; F-CRIT-1 2d6=1 5",
               "Plasma mine c-plasma, strength 8 at crossing Vorberg, column 3: 2 dice "
               "(6 3) at 3+ — 2 damage.");
  assert_reported (before, "The shields of Vorberg cancel dice of plasma mine c-plasma before "
                           "the armour roll: 2 (F-MINE-7, F-WPN-7).");
  g_assert_cmpint (adm_battle_ship_hull_left (before, ship_index (before, "vorberg")), ==,
                   8 - 2);
  g_assert_cmpint (ship (before, "vorberg")->shields_used, ==, 2);

  /* after-armour (the fixture's): 4 dice 6 3 2 1, 2 hits, both absorbed: no damage. */
  test_plasma (after, "6 3 2 1", "F-MINE-7 4d6=6 3 2 1",
               "Plasma mine c-plasma, strength 8 at crossing Vorberg, column 3: 4 dice "
               "(6 3 2 1) at 3+ — 0 damage.");
  assert_reported (after, "The shields of Vorberg absorb hits of plasma mine c-plasma after "
                          "the armour roll: 2 (F-MINE-7, F-WPN-7).");
  g_assert_cmpint (adm_battle_ship_hull_left (after, ship_index (after, "vorberg")), ==, 8);
}

static void
test_plasma_leftmost (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  g_test_message ("F-MINE-7 (mine-plasma-shift leftmost-column)");
  set_ruling (battle, "mine-plasma-shift", "leftmost-column");
  set_ruling (battle, "mine-plasma-shields", "ignored");
  /* Column 1, firepower 8: 7 dice. */
  test_plasma (battle, "1 1 2 2 1 2 3 4", "F-MINE-7 7d6=1 1 2 2 1 2 3; F-CRIT-1 1d6=4",
               "Plasma mine c-plasma, strength 8 at crossing Vorberg, column 1: 7 dice "
               "(1 1 2 2 1 2 3) at 3+ — 1 damage.");
  g_assert_cmpint (adm_battle_ship_hull_left (battle, ship_index (battle, "vorberg")), ==,
                   8 - 1);
}

static void
test_torpedo_mine (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  guint first;

  g_test_message ("F-MINE-3, F-MINE-8, F-MINE-9, F-TORP-13, F-TORP-16, F-TORP-7, F-TORP-9, F-WPN-15, "
                  "F-WPN-16");
  resolve (battle, MOVE ("c1", "15"), "");
  g_assert_cmpint (mine (battle, "b-torp")->triggered, ==, ship_index (battle, "moth"));
  resolve (battle, NULL, "");
  /* The frigate's one turret shoots one of the 4 torpedoes down on 4+; the 3 left roll
   * against armour 2, shields ignored: 2 damage, critical checks 6+ (none). */
  first = resolve (battle, NULL, "4 1 2 6 3 2");
  assert_rolls (battle, first, "F-TORP-13 1d6=4; F-TORP-7 3d6=1 2 6; F-WPN-16 2d6=3 2");
  assert_reported (battle, "The torpedo mine b-torp of Barrayar goes off against Moth");
  assert_reported (battle, "Defensive turrets of Moth: 1 die (4) at 4+ — 1 of 4 torpedoes "
                           "shot down (F-TORP-13).");
  assert_reported (battle, "3 torpedoes of mine b-torp strike Moth, shields ignored: 1 2 6 at "
                           "2+ — 2 damage.");
  g_assert_cmpint (adm_battle_ship_hull_left (battle, ship_index (battle, "moth")), ==, 1);
  g_assert_cmpint (ship (battle, "moth")->shields_used, ==, 0);
  g_assert_true (mine (battle, "b-torp")->spent);
}

static void
test_torpedo_mines_one_wave (void)
{
  g_autoptr(AdmBattle) battle =
    load_variant_at (FIXTURE, "</battle>",
                     "<mine id=\"b-torp2\" side=\"barrayar\" charge=\"torpedo\" "
                     "x=\"70\" y=\"-3\" range=\"5\" strength=\"2\"/></battle>",
                     ADM_PHASE_MOVEMENT);
  guint first;

  g_test_message ("F-TORP-16: the turrets meet one wave of mine torpedoes per phase");
  resolve (battle, MOVE ("c1", "15"), "");
  resolve (battle, NULL, "");
  first = resolve (battle, NULL, "5 1 1 1 1 1");
  assert_rolls (battle, first, "F-TORP-13 1d6=5; F-TORP-7 3d6=1 1 1; F-TORP-7 2d6=1 1");
  assert_reported (battle, "The turrets of Moth have already met a wave in this phase "
                           "(F-TORP-16).");
  g_assert_true (mine (battle, "b-torp2")->spent);
}

static void
test_single_use (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  guint first;

  g_test_message ("F-MINE-1, F-MINE-15: a mine goes off once");
  resolve (battle, MOVE ("b-cruiser", "17"), "");
  resolve (battle, NULL, "");
  resolve (battle, NULL, "1 1 1 1");
  g_assert_true (mine (battle, "c-plasma")->spent);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  /* Back through the spent mine's reach: nothing. */
  first = resolve (battle, MOVE ("b-cruiser", "2"), "");
  assert_rolls (battle, first, "");
  g_assert_cmpint (mine (battle, "c-plasma")->triggered, ==, -1);
}

static void
test_still_ship (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  g_test_message ("F-MINE-14: a ship that does not move enters no reach; F-MINE-4: a side's "
                  "ships pass its own mines");
  /* The layer sits inside c-near's reach and does not move; the frigate passes near
   * nothing of its own side's. */
  resolve (battle, NULL, "");
  g_assert_cmpint (mine (battle, "c-near")->triggered, ==, -1);
  g_assert_cmpint (mine (battle, "c-plasma")->triggered, ==, -1);
}

/* Minesweeping */

static void
test_sweep_still (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  guint first;

  g_test_message ("F-SWEEP-1, F-SWEEP-2, F-SWEEP-3, F-SWEEP-4, F-WPN-20, F-MINE-16, "
                  "F-MINE-17: a sweeper of a formation of two sweeps for itself");
  first = resolve (battle, "<sweep ship=\"sweeper\"/>" MOVE ("b-sweep", "4"), "");
  assert_rolls (battle, first, "");
  assert_reported (battle, "Sweeper sweeps for mines 10 cm around it (F-SWEEP-1, F-SWEEP-2, "
                           "F-SWEEP-3).");
  assert_reported (battle, "Sweeper finds the plasma mine c-swept of Cetaganda at (12.0, 33.0) "
                           "(F-SWEEP-3).");
  assert_reported (battle, "Sweeper destroys the mine c-swept (F-SWEEP-4).");
  g_assert_true (mine (battle, "c-swept")->revealed);
  g_assert_true (mine (battle, "c-swept")->spent);
  /* Beyond the 10 cm: still hidden. */
  g_assert_false (mine (battle, "c-far")->revealed);
  g_assert_false (mine (battle, "c-far")->spent);
  g_assert_true (ship (battle, "sweeper")->sweeping);
  g_assert_false (ship (battle, "sweeper2")->sweeping);
}

static void
test_sweep_moving (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  guint first;

  g_test_message ("F-SWEEP-4: more than 5 cm moved: the mines found stay");
  first = resolve (battle, "<sweep ship=\"sweeper\"/>" MOVE ("b-sweep", "10"), "");
  assert_rolls (battle, first, "");
  assert_reported (battle, "Sweeper moved 10.0 cm, more than 5 cm: the mines it found stay "
                           "where they are (F-SWEEP-4).");
  g_assert_true (mine (battle, "c-swept")->revealed);
  g_assert_false (mine (battle, "c-swept")->spent);
  /* F-SWEEP-3 ("sweep-reach"): inside the mine's reach but found: not set off. */
  g_assert_cmpint (mine (battle, "c-swept")->triggered, ==, -1);
  g_assert_false (mine (battle, "c-far")->revealed);
}

static void
test_sweep_nothing (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  g_test_message ("F-SWEEP-3: no enemy mine within reach");
  resolve (battle, "<sweep ship=\"sweeper2\"/>" MOVE ("b-sweep", "4"), "");
  assert_reported (battle, "Second Sweeper finds no mines.");
}

static void
test_not_a_sweeper (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  g_test_message ("F-MINE-16: only minesweepers sweep");
  refuse (battle, "<sweep ship=\"vorberg\"/>", NULL,
          "Vorberg (Vorberg) is not a minesweeper and has no anti-mine devices (F-MINE-16)");
  refuse (battle, "<sweep ship=\"nobody\"/>", NULL, "there is no ship “nobody” in this battle");
}

static void
blunder (const char *ruling,
         const char *dice,
         const char *rolls,
         gboolean    spotted)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  guint first;

  if (ruling != NULL)
    set_ruling (battle, "sweep-blunder", ruling);
  first = resolve (battle, MOVE ("b-sweep", "10"), dice);
  assert_rolls (battle, first, rolls);
  if (spotted)
    {
      assert_reported (battle, "Sweeper spots the plasma mine c-swept of Cetaganda at "
                               "(12.0, 33.0) and steers clear (F-SWEEP-5).");
      g_assert_cmpint (ship (battle, "sweeper")->status, ==, ADM_SHIP_ACTIVE);
      g_assert_true (mine (battle, "c-swept")->revealed);
      g_assert_false (mine (battle, "c-swept")->spent);
      g_assert_cmpint (mine (battle, "c-swept")->triggered, ==, -1);
    }
  else
    {
      assert_reported (battle, "Sweeper runs onto the mine c-swept and is destroyed; the other "
                               "mines stay hidden (F-SWEEP-5).");
      g_assert_cmpint (ship (battle, "sweeper")->status, ==, ADM_SHIP_DESTROYED);
      g_assert_cmpint (adm_battle_ship_hull_left (battle, ship_index (battle, "sweeper")), ==,
                       0);
      g_assert_true (mine (battle, "c-swept")->spent);
      /* F-FORM-14: the formation lost its flagship. */
      g_assert_cmpint (adm_battle_get_formation (battle, ship (battle, "sweeper")->formation)
                         ->flagship, ==, -1);
    }
  g_assert_false (mine (battle, "c-far")->revealed);
}

static void
test_blunder_d6 (void)
{
  g_test_message ("F-SWEEP-5 (sweep-blunder d6): d6 ≤ readiness 5 spots the mine");
  blunder (NULL, "5", "F-SWEEP-5 1d6=5", TRUE);
  blunder (NULL, "6", "F-SWEEP-5 1d6=6", FALSE);
}

/* F-SWEEP-3, F-SWEEP-4, F-SWEEP-5: a minesweeper's numbers are the ruleset's
 * (<minesweeping>), not the engine's: with a copy of the rules giving 4 cm a device, 10 cm
 * still and 2d6 to spot, the sweeper 8.5 cm from c-swept finds nothing, the one that moved
 * 10 cm destroys it, and the undeclared one rolls 2d6. */
static void
test_sweep_numbers_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset",
                                   "cm-per-device=\"5\"/>\n    <still clause=\"F-SWEEP-4\" "
                                   "cm=\"5\"/>\n    <blunder clause=\"F-SWEEP-5\" dice=\"1\"",
                                   "cm-per-device=\"4\"/>\n    <still clause=\"F-SWEEP-4\" "
                                   "cm=\"10\"/>\n    <blunder clause=\"F-SWEEP-5\" dice=\"2\"");
  g_autoptr(AdmBattle) near = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  g_autoptr(AdmBattle) moving = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  g_autoptr(AdmBattle) undeclared = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  guint first;

  changed_rules_end (dir);
  g_assert_cmpfloat (adm_sweep_3_reach (2, 5), ==, 10.0);
  g_assert_true (adm_sweep_4_still (5.0, 5));
  g_assert_false (adm_sweep_4_still (5.1, 5));
  g_assert_cmpint (adm_sweep_5_dice (FALSE, 1, 2), ==, 1);
  g_assert_cmpint (adm_sweep_5_dice (TRUE, 1, 2), ==, 2);
  resolve (near, "<sweep ship=\"sweeper\"/>" MOVE ("b-sweep", "4"), "");
  assert_reported (near, "Sweeper sweeps for mines 8 cm around it (F-SWEEP-1, F-SWEEP-2, "
                         "F-SWEEP-3).");
  assert_reported (near, "Sweeper finds no mines.");
  g_assert_false (mine (near, "c-swept")->revealed);
  resolve (moving, "<sweep ship=\"sweeper\"/>" MOVE ("b-sweep", "10"), "");
  assert_reported (moving, "Sweeper destroys the mine c-swept (F-SWEEP-4).");
  g_assert_true (mine (moving, "c-swept")->spent);
  first = resolve (undeclared, MOVE ("b-sweep", "10"), "2 3");
  assert_rolls (undeclared, first, "F-SWEEP-5 2d6=2 3");
  g_assert_true (mine (undeclared, "c-swept")->revealed);
}

static void
test_blunder_2d6 (void)
{
  g_test_message ("F-SWEEP-5 (sweep-blunder 2d6): the standard readiness check (F-RDY-2)");
  blunder ("2d6", "2 3", "F-SWEEP-5 2d6=2 3", TRUE);
  blunder ("2d6", "3 3", "F-SWEEP-5 2d6=3 3", FALSE);
}

/* Minelaying */

static void
test_lay (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  guint layer = ship_index (battle, "layer");
  const char *orders = LAY ("layer", "new", "torpedo", "15", "4");
  const AdmMine *m;

  g_test_message ("F-MINE-10, F-MINE-12, F-MINE-13 (minelaying tactical), F-WPN-19, F-MINE-2");
  g_assert_cmpint (adm_battle_ship_shields (battle, layer), ==, 1);
  resolve (battle, orders, "");
  /* F-MINE-13: the shields are down for the fire phase of the turn. */
  g_assert_true (ship (battle, "layer")->laying_mines);
  g_assert_cmpint (adm_battle_ship_shields (battle, layer), ==, 0);
  g_assert_cmpint (adm_battle_ship_shield_pool (battle, layer), ==, 0);
  g_assert_cmpuint (adm_battle_get_n_mines (battle), ==, 6);
  resolve (battle, orders, "");
  g_assert_cmpuint (adm_battle_get_n_mines (battle), ==, 7);
  m = mine (battle, "new");
  g_assert_cmpint (m->charge, ==, ADM_MINE_TORPEDO);
  g_assert_cmpuint (m->side, ==, 0);
  g_assert_cmpfloat_with_epsilon (m->position.x, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (m->position.y, 60, 1e-9);
  g_assert_cmpint (m->range, ==, 15);
  g_assert_cmpint (m->strength, ==, 4);
  g_assert_false (m->revealed);
  g_assert_cmpint (m->triggered, ==, -1);
  assert_reported (battle, "Layer lays the torpedo mine new (range 15 cm, strength 4) at "
                           "(0.0, 60.0), hidden from the enemy; its shields are down this turn "
                           "(F-MINE-13).");
  /* F-MINE-2: the line is the layer's side's alone, though the enemy has identified the
   * layer. */
  g_assert_cmpint (adm_audience_detection (adm_audience_side (1), battle,
                                           ship (battle, "layer")->formation),
                   ==, ADM_DETECTION_FULL);
  {
    GPtrArray *report = adm_battle_get_report (battle);
    guint laid = 0;

    for (guint i = 0; i < report->len; i++)
      {
        const AdmReportLine *line = g_ptr_array_index (report, i);

        if (!g_str_has_prefix (adm_report_line_get_text (line), "Layer lays the"))
          continue;
        laid++;
        g_assert_cmphex (line->seen_by, ==, 1u << 0);
        g_assert_false (adm_audience_sees_line (adm_audience_side (1), battle, line));
        g_assert_false (adm_audience_sees_line (adm_audience_public (), battle, line));
        g_assert_true (adm_audience_sees_line (adm_audience_side (0), battle, line));
      }
    g_assert_cmpuint (laid, ==, 1);
  }
  /* After the fire phase nothing uses shields; they are back for the next turn. */
  resolve (battle, orders, "");
  g_assert_cmpint (adm_battle_ship_shields (battle, layer), ==, 1);
}

static void
test_lay_refused (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  g_test_message ("F-MINE-10, F-MINE-12: only a ship whose card has mine racks lays mines");
  refuse (battle, LAY ("vorberg", "new", "plasma", "5", "16"), NULL,
          "Vorberg (Vorberg) has no mine racks on its card and cannot lay mines "
          "(F-MINE-10, F-MINE-11, F-MINE-12)");
  refuse (battle, LAY ("layer", "c-far", "plasma", "5", "16"), NULL,
          "there is already a mine “c-far”");
  refuse (battle, LAY ("layer", "a", "plasma", "5", "16") LAY ("layer", "b", "plasma", "5", "16"),
          NULL, "Layer lays one mine per turn");
  refuse (battle, LAY ("ghost", "a", "plasma", "5", "16"), NULL,
          "there is no ship “ghost” in this battle");
}

static void
test_lay_strategic_only (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);

  g_test_message ("F-WPN-19 (minelaying strategic-only)");
  set_ruling (battle, "minelaying", "strategic-only");
  refuse (battle, LAY ("layer", "new", "plasma", "5", "16"), NULL,
          "Layer cannot lay mines in battle: mines are laid only in the strategic turn "
          "(F-WPN-19)");
}

static void
test_covert_transport (void)
{
  g_autoptr(AdmBattle) battle =
    load_variant_at (FIXTURE, "class=\"minelayer\"", "class=\"covert-transport\"",
                     ADM_PHASE_MOVEMENT);

  g_test_message ("F-MINE-11: a transport fitted for secret minelaying");
  resolve (battle, LAY ("layer", "secret", "plasma", "5", "16"), "");
  resolve (battle, LAY ("layer", "secret", "plasma", "5", "16"), "");
  g_assert_false (mine (battle, "secret")->revealed);
}

static void
test_contact_base (void)
{
  g_autoptr(AdmBattle) battle =
    load_variant_at (FIXTURE, "x=\"80\" y=\"0\" heading=\"270\"",
                     "x=\"1\" y=\"60\" heading=\"270\"", ADM_PHASE_MOVEMENT);

  g_test_message ("F-MINE-13 (minelaying-contact base-contact)");
  refuse (battle, LAY ("layer", "new", "plasma", "5", "16"), NULL,
          "Layer is in contact with the enemy (its base touches Moth) and cannot lay mines "
          "(F-MINE-13)");
}

static void
test_contact_detected (void)
{
  g_autoptr(AdmBattle) seen = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  g_autoptr(AdmBattle) unseen =
    load_variant_at (FIXTURE, "</battle>",
                     "<detection side=\"barrayar\" formation=\"c1\" level=\"none\"/></battle>",
                     ADM_PHASE_DETECTION);

  g_test_message ("F-MINE-13 (minelaying-contact detected), F-ECM");
  set_ruling (seen, "minelaying-contact", "detected");
  refuse (seen, LAY ("layer", "new", "plasma", "5", "16"), NULL,
          "Layer is in contact with the enemy (Barrayar has detected Moth group) and cannot "
          "lay mines (F-MINE-13)");
  /* Far from the enemy's base, the default allows it. */
  set_ruling (seen, "minelaying-contact", "base-contact");
  resolve (seen, LAY ("layer", "new", "plasma", "5", "16"), "");

  set_ruling (unseen, "minelaying-contact", "detected");
  /* F-ECM-5: the Moth group stays undetected. */
  resolve (unseen, NULL, "1 6");
  g_assert_cmpint (adm_battle_get_detection (unseen, 0, adm_battle_formation_index (unseen, "c1")),
                   ==, ADM_DETECTION_NONE);
  resolve (unseen, LAY ("layer", "new", "plasma", "5", "16"), "");
  resolve (unseen, LAY ("layer", "new", "plasma", "5", "16"), "");
  g_assert_cmpuint (adm_battle_get_n_mines (unseen), ==, 7);
}

static void
test_laid_mine_goes_off (void)
{
  g_autoptr(AdmBattle) battle = load_at (FIXTURE, ADM_PHASE_MOVEMENT);
  g_autoptr(GError) error = NULL;
  guint first;

  g_test_message ("F-MINE-13, F-MINE-14: a mine laid in battle sets off in a later turn; "
                  "the journal replays it");
  resolve (battle, LAY ("layer", "new", "plasma", "95", "2"), "");
  resolve (battle, LAY ("layer", "new", "plasma", "95", "2"), "");
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, MOVE ("c1", "10"), "");
  g_assert_cmpint (mine (battle, "new")->triggered, ==, ship_index (battle, "moth"));
  resolve (battle, NULL, "");
  /* Firepower 2 at the approaching escort's column 3, one left: column 2, 1 die; its hit
   * is absorbed by Moth's shield (F-MINE-7, "mine-plasma-shields" as-artillery, after the
   * armour as this fixture rules F-WPN-7). */
  first = resolve (battle, NULL, "2");
  assert_rolls (battle, first, "F-MINE-7 1d6=2");
  assert_reported (battle, "Plasma mine new, strength 2 at approaching Moth, column 2: 1 die "
                           "(2) at 2+ — 0 damage.");
  /* Undo replays the journal to the same state. */
  {
    g_autofree char *before = adm_battle_dump (battle);
    g_autofree char *after = NULL;

    g_assert_true (adm_battle_undo (battle, &error));
    g_assert_no_error (error);
    g_assert_false (mine (battle, "new")->spent);
    resolve (battle, NULL, "2");
    after = adm_battle_dump (battle);
    g_assert_cmpstr (after, ==, before);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/mines/F-WPN-19/loaded", test_loaded);
  g_test_add_func ("/engine/mines/F-MINE-6/load-errors", test_load_errors);
  g_test_add_func ("/engine/mines/F-MINE-7/shields-as-artillery", test_plasma_shields);
  g_test_add_func ("/engine/mines/F-MINE-7/one-column-left", test_plasma_one_column_left);
  g_test_add_func ("/engine/mines/F-CRIT-1/numbers-from-ruleset",
                   test_plasma_critical_from_ruleset);
  g_test_add_func ("/engine/mines/F-MINE-7/leftmost-column", test_plasma_leftmost);
  g_test_add_func ("/engine/mines/F-MINE-9/torpedo-attack", test_torpedo_mine);
  g_test_add_func ("/engine/mines/F-TORP-16/one-wave", test_torpedo_mines_one_wave);
  g_test_add_func ("/engine/mines/F-MINE-1/single-use", test_single_use);
  g_test_add_func ("/engine/mines/F-MINE-14/still-ship", test_still_ship);
  g_test_add_func ("/engine/mines/F-SWEEP-4/still-sweeper", test_sweep_still);
  g_test_add_func ("/engine/mines/F-SWEEP-3/numbers-from-ruleset",
                   test_sweep_numbers_from_ruleset);
  g_test_add_func ("/engine/mines/F-SWEEP-4/moving-sweeper", test_sweep_moving);
  g_test_add_func ("/engine/mines/F-SWEEP-3/nothing-found", test_sweep_nothing);
  g_test_add_func ("/engine/mines/F-MINE-16/not-a-sweeper", test_not_a_sweeper);
  g_test_add_func ("/engine/mines/F-SWEEP-5/d6", test_blunder_d6);
  g_test_add_func ("/engine/mines/F-SWEEP-5/2d6", test_blunder_2d6);
  g_test_add_func ("/engine/mines/F-MINE-13/lay", test_lay);
  g_test_add_func ("/engine/mines/F-MINE-10/refused", test_lay_refused);
  g_test_add_func ("/engine/mines/F-WPN-19/strategic-only", test_lay_strategic_only);
  g_test_add_func ("/engine/mines/F-MINE-11/covert-transport", test_covert_transport);
  g_test_add_func ("/engine/mines/F-MINE-13/base-contact", test_contact_base);
  g_test_add_func ("/engine/mines/F-MINE-13/detected", test_contact_detected);
  g_test_add_func ("/engine/mines/F-MINE-14/laid-mine", test_laid_mine_goes_off);
  return g_test_run ();
}
