/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-files.c: every battle Admiralty ships under scenarios/battles/ loads, has an
 * orders file beside it that loads, and plays all the turns of its orders with its own seed
 * (F-SEQ-1) — and shows what its description says it shows. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-engine.h"
#include "battle-scripting.h"

static char *
battles_dir (void)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios", "battles", NULL);
}

/* The battle files, without their orders files, by name. */
static GPtrArray *
list_battles (void)
{
  g_autofree char *dir = battles_dir ();
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".xml") && !g_str_has_suffix (name, ".orders.xml"))
      g_ptr_array_add (names, g_strndup (name, strlen (name) - strlen (".xml")));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);
  return names;
}

static int
last_turn (const AdmBattleOrders *orders)
{
  int last = 0;

  for (guint i = 0; i < orders->turns->len; i++)
    last = MAX (last, ((AdmTurnOrders *) g_ptr_array_index (orders->turns, i))->turn);
  return last;
}

/* Loads scenarios/battles/@name.xml and its orders and plays every turn of the orders with
 * the battle's seed, as `admiralty-cli battle` does by default. */
static AdmBattle *
play_battle (const char *name)
{
  g_autofree char *dir = battles_dir ();
  g_autofree char *battle_file = g_strconcat (name, ".xml", NULL);
  g_autofree char *orders_file = g_strconcat (name, ".orders.xml", NULL);
  g_autofree char *battle_path = g_build_filename (dir, battle_file, NULL);
  g_autofree char *orders_path = g_build_filename (dir, orders_file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (battle_path, &error);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(AdmDicePrng) dice = NULL;
  int turns;

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (orders);
  turns = last_turn (orders);
  g_assert_cmpint (turns, >=, 1);
  /* The description of each battle tells what its own seed shows. */
  g_assert_cmpuint (adm_battle_get_seed (battle), >, 0);
  dice = adm_dice_prng_new (adm_battle_get_seed (battle));

  for (int turn = 1; turn <= turns; turn++)
    {
      g_assert_cmpint (adm_battle_get_turn (battle), ==, turn);
      g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, turn),
                                              ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  battle_helper_print_report (battle);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, >, 0);
  return g_steal_pointer (&battle);
}

static guint
markers_placed (AdmBattle *battle)
{
  guint placed = 0;

  for (guint i = 0; i < adm_battle_get_n_markers (battle); i++)
    placed += adm_battle_get_marker (battle, i)->turn > 0;
  return placed;
}

static gboolean
has_marker_at (AdmBattle *battle,
               double     x,
               double     y)
{
  for (guint i = 0; i < adm_battle_get_n_markers (battle); i++)
    {
      const AdmBattleMarker *marker = adm_battle_get_marker (battle, i);

      if (marker->turn > 0 && fabs (marker->position.x - x) < 1e-9 &&
          fabs (marker->position.y - y) < 1e-9)
        return TRUE;
    }
  return FALSE;
}

/* F-MOVE-9, F-MOVE-11, F-MOVE-17, F-ART-8, F-ART-9, F-ART-10, F-WPN-7, F-SHLD-2, F-FIRE-9,
 * F-DC-2. */
static void
check_corridor_skirmish (AdmBattle *battle)
{
  assert_reported (battle, "Prince Serg group moves 18 cm.");
  assert_reported (battle, "Triumph group moves 24 cm.");
  assert_reported (battle, "Kestrel group goes all ahead full: up to 36 + 7 cm.");
  assert_reported (battle, "Triumph, 42.9 cm, long range, column 3");
  assert_reported (battle, "Triumph, 22.2 cm, half range, column 1");
  assert_reported (battle, "Prince Serg, 22.4 cm, behind an explosion marker, column 3");
  /* F-WPN-7: the pooled shields cancel 4 of the 6 dice before the armour roll. */
  assert_reported (battle, "6 dice (1 4) at 3+ — 1 hit, 4 dice cancelled by shields, shields "
                           "down, 1 damage.");
  assert_reported (battle, "readiness check for choosing its target while damaged");
  assert_reported (battle, "Triumph's Main battery fires at the nearest enemy, Kestrel, instead.");
  /* F-END-2, F-DC-2, F-DC-3: the declared damage control succeeds, 4 less than 5. */
  assert_reported (battle, "Triumph: damage control on a hull point, 2d6 = 4, needs less than 5: "
                           "success.");
  /* The battleship turned 45° after 14 of its 18 cm (F-MOVE-9). */
  g_assert_cmpfloat_with_epsilon (ship (battle, "prince-serg")->heading, 135.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ship (battle, "kestrel")->heading, 0.0, 1e-9);
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 3);
  g_assert_cmpint (hull_left (battle, "solstice"), ==, 6);
  g_assert_cmpint (ship (battle, "kestrel")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (hull_left (battle, "prince-serg"), ==, 20);
}

/* F-ART-3, F-DES-1, F-DES-2, F-DES-3, F-SHLD-2, F-FORD-2, F-FORD-8, F-FORD-10, F-CRIT-14,
 * F-CRIT-17. */
static void
check_destructor_knife_fight (AdmBattle *battle)
{
  const AdmBattleShip *jade = ship (battle, "jade-reach");

  /* F-ART-3, F-FIRE-4: one attack per ship, each looked up on its own. */
  assert_reported (battle, "Prince Xav's Main battery, firepower 8 at approaching capital ship "
                           "Jade Reach, 22.0 cm, column 2: 6 dice (3 5) at 5+ — 1 hit, 4 dice "
                           "cancelled by shields, shields down, 1 damage.");
  assert_reported (battle, "Kyril Island's Main battery, firepower 5 at approaching capital ship "
                           "Jade Reach, 22.4 cm, column 2: 4 dice (6 4 3 3) at 5+ — 1 hit, "
                           "1 damage.");
  assert_reported (battle, "Prince Xav's Gravi-destructor, firepower 3 at Jade Reach: 3 dice "
                           "(1 1 4; re-rolled 1 2 5) at 5+ — 1 hit, 1 damage.");
  assert_reported (battle, "Critical checks on Jade Reach (4+): 6 — 1 critical.");
  assert_reported (battle, "1 saved by the special force shield");
  /* F-FORD-10: the reinforcing Ghem Lord's destructor is halved, 3 to 1. */
  assert_reported (battle, "Jade Reach's Gravi-destructor, firepower 1 at Prince Xav");
  assert_reported (battle, "Fire aboard Jade Reach is still burning.");
  g_assert_cmpint (jade->criticals[ADM_CRIT_FIRE], ==, 1);
  g_assert_cmpint (jade->criticals[ADM_CRIT_SHIELDS], ==, 1);
  g_assert_cmpint (adm_battle_ship_shields (battle, adm_battle_ship_index (battle, "jade-reach")),
                   ==, 0);
  g_assert_cmpint (hull_left (battle, "jade-reach"), ==, 1);
  g_assert_true (adm_battle_ship_is_damaged (battle, adm_battle_ship_index (battle,
                                                                           "jade-reach")));
}

/* F-CRIT-1, F-CRIT-7, F-CAT-6, F-CAT-10, F-CAT-11, F-CAT-12, F-ART-10. */
static void
check_hulk_and_fire (AdmBattle *battle)
{
  guint gone = 0;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    gone += adm_battle_get_ship (battle, i)->status != ADM_SHIP_ACTIVE;
  g_assert_cmpuint (gone, >=, 1);

  /* F-CRIT-1: the last hull point has its critical check before the catastrophic table. */
  assert_reported (battle, "Critical checks on Silver Lantern (6+): 6 — 1 critical.");
  assert_reported (battle, "Catastrophic damage to Silver Lantern, 6 (F-CAT-10)");
  assert_reported (battle, "The hulk of Silver Lantern is hit and rolls again");
  assert_reported (battle, "Catastrophic damage to Silver Lantern, 10 (F-CAT-12)");
  assert_reported (battle, "The explosion of Silver Lantern reaches 11 cm (strength 6).");
  assert_reported (battle, "The explosion strikes Pale Moth: 4 damage.");
  /* F-ART-10: the marker under the hulk is not between the ships: no shift. */
  assert_reported (battle, "Gallant's Gun battery, firepower 3 at crossing escort Pale Moth, "
                           "8.9 cm, half range, column 4");
  assert_reported (battle, "Catastrophic damage to Pale Moth, 7 (F-CAT-11)");
  assert_reported (battle, "The hulk of Pale Moth drifts 13 cm.");
  assert_reported (battle, "Catastrophic damage to Pale Moth, 9 (F-CAT-12)");
  g_assert_cmpint (ship (battle, "silver-lantern")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (ship (battle, "pale-moth")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (ship (battle, "emperor-ezar")->status, ==, ADM_SHIP_ACTIVE);
  /* F-CAT-9: the wrecks left their explosion markers where they were wrecked in turn 1;
   * F-END-2 ("explosion-markers"): they stayed through turn 2 and left the table at its end. */
  assert_reported (battle, "The explosion marker placed at (22.0, 28.0) in turn 1 is removed.");
  assert_reported (battle, "The explosion marker placed at (26.0, 36.0) in turn 1 is removed.");
  g_assert_false (has_marker_at (battle, 22, 28));
  /* F-CAT-12: Pale Moth, drifted 13 cm from (26, 36) to (26, 23), explodes there in turn 2
   * and leaves its explosion marker where it explodes, on the table through turn 3. */
  g_assert_true (has_marker_at (battle, 26, 23));
  g_assert_cmpuint (markers_placed (battle), ==, 1);
}

/* F-WPN-19, F-MINE-2, F-MINE-7, F-MINE-9, F-MINE-13, F-MINE-14, F-MINE-15, F-SWEEP-1, F-SWEEP-2,
 * F-SWEEP-3, F-SWEEP-4. */
static void
check_minefield (AdmBattle *battle)
{
  assert_reported (battle, "Broom destroys the mine m1 (F-SWEEP-4).");
  assert_reported (battle, "Broom destroys the mine m2 (F-SWEEP-4).");
  assert_reported (battle, "Broom moved 10.0 cm, more than 5 cm: the mines it found stay where "
                           "they are (F-SWEEP-4).");
  assert_reported (battle, "Silent Bloom lays the plasma mine m7 (range 5 cm, strength 12) at "
                           "(70.0, 25.0), hidden from the enemy");
  assert_reported (battle, "The plasma mine m3 of Cetaganda goes off against Kyril Island");
  /* F-MINE-7 ("mine-plasma-shields" as-artillery), F-WPN-7: 2 of the 4 dice cancelled. */
  assert_reported (battle, "The shields of Kyril Island cancel dice of plasma mine m3 before the "
                           "armour roll: 2 (F-MINE-7, F-WPN-7).");
  assert_reported (battle, "Plasma mine m3, strength 5 at receding Kyril Island, column 2: 2 dice "
                           "(6 5) at 3+ — 2 damage.");
  assert_reported (battle, "Defensive turrets of Kyril Island: 1 die (1) at 4+ — 0 of 3 "
                           "torpedoes shot down (F-TORP-13).");
  assert_reported (battle, "3 torpedoes of mine m4 strike Kyril Island, shields ignored: 1 5 2 at "
                           "3+ — 1 damage.");
  g_assert_cmpint (hull_left (battle, "kyril"), ==, 5);
  g_assert_cmpint (ship (battle, "kyril")->status, ==, ADM_SHIP_ACTIVE);
  g_assert_true (mine (battle, "m1")->spent && mine (battle, "m2")->spent);
  g_assert_true (mine (battle, "m3")->spent && mine (battle, "m4")->spent);
  g_assert_true (mine (battle, "m5")->revealed);
  g_assert_false (mine (battle, "m5")->spent);
  g_assert_false (mine (battle, "m6")->revealed);
  g_assert_false (mine (battle, "m7")->revealed);
  g_assert_cmpuint (mine (battle, "m7")->side, ==, ship (battle, "silent-bloom")->side);
}

/* F-BOARD-1, F-BOARD-2, F-BOARD-3, F-BOARD-4, F-BOARD-5, F-BOARD-6, F-BOARD-7, F-BOARD-8,
 * F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12, F-BOARD-13, F-BOARD-14, F-BOARD-15, F-BOARD-16,
 * F-BOARD-17, F-BOARD-18: a boarding fought over two end stages, a capture and a take-over. */
static void
check_boarding_action (AdmBattle *battle)
{
  const AdmBattleShip *triumph = ship (battle, "triumph");
  const AdmBattleShip *vorkraft = ship (battle, "vorkraft");
  int prize = adm_battle_formation_index (battle, "prize-triumph");

  assert_reported (battle, "General Vorkraft boards Triumph: boarding potential 14 against 7 "
                           "(F-BOARD-1, F-BOARD-2).");
  assert_reported (battle, "General Vorkraft 4 +5 = 9 (Barrayaran Imperium crew (F-BOARD-7, "
                           "F-BOARD-8) +2, boarding potential ratio (F-BOARD-10) +2, readiness "
                           "(F-RDY-5) +1) against Triumph 6 = 6 (F-BOARD-13).");
  assert_reported (battle, "Triumph loses 3 boarding potential: 4 left (F-BOARD-14).");
  assert_reported (battle, "boarding potential ratio (F-BOARD-11) +3");
  assert_reported (battle, "Triumph is captured by General Vorkraft (F-BOARD-15)");
  assert_reported (battle, "General Vorkraft 4 +6 = 10 (Barrayaran Imperium crew (F-BOARD-7, "
                           "F-BOARD-8) +2, boarding potential ratio (F-BOARD-11) +3, readiness "
                           "(F-RDY-5) +1) against Triumph 6 = 6 (F-BOARD-13).");
  assert_reported (battle, "General Vorkraft: readiness check for taking over Triumph, 2d6 = 6 "
                           "against 7: passed.");
  assert_reported (battle, "Triumph is taken over by General Vorkraft and fights on for "
                           "Barrayar as the formation Prize Triumph (prize-triumph), readiness "
                           "4 (F-BOARD-17); General Vorkraft's readiness falls by 2 to 6 "
                           "(F-BOARD-18).");
  g_assert_cmpuint (adm_battle_get_n_boardings (battle), ==, 1);
  g_assert_true (adm_battle_get_boarding (battle, 0)->over);
  g_assert_cmpint (adm_battle_get_boarding (battle, 0)->defender_bp, ==, 0);
  g_assert_cmpint (triumph->side, ==, vorkraft->side);
  g_assert_cmpint (triumph->captured_by, ==, -1);
  g_assert_cmpint (prize, >=, 0);
  g_assert_cmpint (triumph->formation, ==, prize);
  g_assert_cmpint (triumph->status, ==, ADM_SHIP_ACTIVE);
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);
  g_assert_cmpint (adm_battle_ship_readiness (battle, adm_battle_ship_index (battle, "triumph")),
                   ==, 4);
  g_assert_cmpint (adm_battle_ship_readiness (battle, adm_battle_ship_index (battle, "vorkraft")),
                   ==, 6);
}

/* F-ORB-1, F-ORB-2, F-ORB-3, F-ORB-4, F-CRIT-21: a fight in low orbit. */
static void
check_low_orbit (AdmBattle *battle)
{
  assert_reported (battle, "General Vorkraft follows its orbit (F-ORB-1).");
  assert_reported (battle, "Kestrel touches the planet and enters low orbit 1 (F-ORB-4).");
  assert_reported (battle, "Triumph changes from orbit 3 to orbit 2, 6.0 cm: its shields are "
                           "halved this turn (F-ORB-2).");
  /* The Komarran formation's halved shields, 1 + 1, cancel two dice (F-WPN-7). */
  assert_reported (battle, "7 dice (2 5 3 6 6) at 3+ — 4 hits, 2 dice cancelled by shields, "
                           "shields down, 4 damage.");
  assert_reported (battle, "Solstice begins to fall towards the planet: it crashes at the end "
                           "of next turn unless the damage is repaired (F-ORB-3, F-CRIT-21).");
  assert_reported (battle, "Solstice falls onto the planet and is lost (F-ORB-3)");
  g_assert_cmpint (ship (battle, "solstice")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (ship (battle, "vorkraft")->orbit, ==, 2);
  g_assert_cmpint (ship (battle, "vorberg")->orbit, ==, 2);
  g_assert_cmpint (ship (battle, "kestrel")->orbit, ==, 1);
  g_assert_cmpint (ship (battle, "triumph")->orbit, ==, 2);
  /* F-ORB-2: the halving lasted the turn of the change only. */
  g_assert_cmpint (ship (battle, "triumph")->orbit_halved, ==, 0);
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 3);
}

/* F-STN-1, F-STN-2, F-STN-3, F-STN-4, F-STN-5, F-STN-6, F-STN-7, F-STN-8, F-STN-9, F-STN-10,
 * F-STN-11, F-STN-12, F-STN-13, F-STN-14, F-STN-15, F-STN-16, F-STN-17, F-STN-18, F-ART-16: a
 * station under attack leaves its orbit and falls. */
static void
check_station_assault (AdmBattle *battle)
{
  const AdmBattleShip *station = ship (battle, "asterope-station");

  assert_reported (battle, "Prince Serg's Main battery, firepower 12 at orbital target Asterope "
                           "Station, 20.0 cm, half range, column 1");
  /* F-ART-3: Vorkraft's and Vorberg's batteries, declared together, are two attacks. */
  assert_reported (battle, "General Vorkraft's Main battery, firepower 8 at orbital target "
                           "Asterope Station, 22.4 cm, column 1");
  assert_reported (battle, "Vorberg's Main battery, firepower 5 at orbital target Asterope "
                           "Station, 22.4 cm, column 1");
  assert_reported (battle, "Asterope Station's Fortress battery fires at the nearest enemy, "
                           "Prince Serg, instead.");
  assert_reported (battle, "Critical damage on Asterope Station (F-STN-13): Station has left "
                           "its orbit");
  assert_reported (battle, "Asterope Station has left its orbit and sinks 4 cm towards the "
                           "planet (F-STN-13).");
  assert_reported (battle, "Asterope Station falls onto the planet and is lost (F-STN-13)");
  g_assert_cmpint (station->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (station->criticals[ADM_STN_CRIT_OUT_OF_ORBIT], ==, 1);
  g_assert_cmpfloat_with_epsilon (station->position.y, 34, 1e-9);
  /* F-STN-5: the platform holds its orbit; nobody else moved. */
  g_assert_cmpint (ship (battle, "picket-one")->orbit, ==, 1);
  g_assert_cmpint (ship (battle, "picket-one")->status, ==, ADM_SHIP_ACTIVE);
  g_assert_cmpint (hull_left (battle, "prince-serg"), ==, 6);
}

/* F-FORM-12, F-FORM-13, F-TORP-2, F-TORP-4, F-TORP-8, F-TORP-12, F-TORP-13, F-TORP-14, F-TORP-15,
 * F-TORP-16, F-TORP-18, F-TORP-19, F-SHLD-4. */
static void
check_torpedo_duel (AdmBattle *battle)
{
  const AdmBattleShip *silk_fan = ship (battle, "silk-fan");

  assert_reported (battle, "Prince Xav's Torpedo tubes, Vorhalas's Torpedo tubes launch on "
                           "heading 87° at Pale Jade: salvo 1 of 8 torpedoes from Vorhalas "
                           "(F-WPN-10).");
  assert_reported (battle, "Prince Xav's tubes will be ready to launch in turn 2 (F-TORP-2).");
  assert_reported (battle, "Salvo 1 meets the oncoming salvo 2 (F-TORP-12)");
  assert_reported (battle, "Salvo 3 meets the oncoming salvo 2 (F-TORP-12): 6+4 4+1 6+6 1+3 — "
                           "1 torpedo detonates.");
  assert_reported (battle, "Prince Xav's Main battery, firepower 8 at salvo 2 (torpedo), 13.0 cm, "
                           "column 4: 3 dice against armour 1, every die hits (F-TORP-18).");
  assert_reported (battle, "Moth Wing's Gun battery at salvo 1 as turrets (F-TORP-19): 3 dice "
                           "(3 6 3) at 4+ — 1 torpedo destroyed.");
  assert_reported (battle, "Anti-torpedo turrets defending Prince Xav: 4 dice (1 5 3 2) at 4+ — "
                           "1 hit: 1 torpedo of salvo 2 destroyed.");
  assert_reported (battle, "1 torpedo of salvo 2 misses and flies on (F-TORP-8).");
  assert_reported (battle, "The turrets of Vorhalas have already met a wave in this phase "
                           "(F-TORP-16).");
  assert_reported (battle, "escort guns covering Pale Jade: 3 dice (5 4 4) at 4+ — 3 hits: 3 "
                           "torpedoes of salvo 1 destroyed.");
  assert_reported (battle, "Salvo 1 strikes Pale Jade: 4 dice (5 6 4 5) at 4+ — 4 hits, shields "
                           "do not stop torpedoes, 4 damage.");
  assert_reported (battle, "Salvo 3 has run its course and its 1 torpedo detonates (F-TORP-4).");
  g_assert_cmpint (hull_left (battle, "pale-jade"), ==, 9);
  g_assert_cmpint (hull_left (battle, "vorhalas"), ==, 13);
  g_assert_cmpint (hull_left (battle, "prince-xav"), ==, 14);
  /* F-SHLD-4: the torpedoes left Pale Jade's shields as they were. */
  g_assert_cmpint (ship (battle, "pale-jade")->shields_used, ==, 0);
  /* F-TORP-15: Silk Fan's guns covered in turn 3: they may not fire in turn 4. */
  g_assert_cmpint (silk_fan->covering_turn, ==, 4);
  g_assert_cmpuint (silk_fan->covering_weapons, ==, 1u << 0);
  g_assert_cmpint (ship (battle, "prince-xav")->tubes_ready, ==, 4);
}

static const struct {
  const char *name;
  void      (*check) (AdmBattle *battle);
} expectations[] = {
  { "boarding-action", check_boarding_action },
  { "corridor-skirmish", check_corridor_skirmish },
  { "destructor-knife-fight", check_destructor_knife_fight },
  { "hulk-and-fire", check_hulk_and_fire },
  { "low-orbit", check_low_orbit },
  { "minefield", check_minefield },
  { "station-assault", check_station_assault },
  { "torpedo-duel", check_torpedo_duel },
};

static void
test_battle (gconstpointer data)
{
  const char *name = data;
  g_autoptr(AdmBattle) battle = play_battle (name);

  for (gsize i = 0; i < G_N_ELEMENTS (expectations); i++)
    if (g_str_equal (expectations[i].name, name))
      expectations[i].check (battle);
}

/* The battles the descriptions and the README promise are there. */
static void
test_shipped (void)
{
  g_autoptr(GPtrArray) names = list_battles ();

  g_assert_cmpuint (names->len, >=, G_N_ELEMENTS (expectations));
  for (gsize i = 0; i < G_N_ELEMENTS (expectations); i++)
    g_assert_true (g_ptr_array_find_with_equal_func (names, expectations[i].name, g_str_equal,
                                                     NULL));
}

/* Junk positions and sizes in a set-up (torpedo-duel.xml: a 60 × 40 cm table, Prince Xav at
 * x 10): refused with the file, the line and the range — a position on a table of a stated
 * size lies on it. The edge itself is on it. */
static void
test_junk_positions (void)
{
  static const struct { const char *from, *to, *expected; } cases[] = {
    { "x=\"10\" y=\"20\" heading=\"90\"", "x=\"18446744073709551616\" y=\"20\" heading=\"90\"",
      "t.xml:32: <ship> x is 18446744073709551616; it must be a number -100000–100000" },
    { "x=\"10\" y=\"20\" heading=\"90\"", "x=\"-1\" y=\"20\" heading=\"90\"",
      "t.xml:32: <ship> x is -1; it must be a number 0–60, on the table of <battle> width 60" },
    { "x=\"10\" y=\"20\" heading=\"90\"", "x=\"60.5\" y=\"20\" heading=\"90\"",
      "t.xml:32: <ship> x is 60.5; it must be a number 0–60, on the table of <battle> width 60" },
    { "x=\"10\" y=\"20\" heading=\"90\"", "x=\"10\" y=\"41\" heading=\"90\"",
      "t.xml:32: <ship> y is 41; it must be a number 0–40, on the table of <battle> height 40" },
    { "x=\"10\" y=\"20\" heading=\"90\"", "x=\"10\" y=\"20\" heading=\"1e300\"",
      "t.xml:32: <ship> heading is 1e300; it must be a number -360–360" },
    { "width=\"60\"", "width=\"18446744073709551616\"",
      "t.xml:2: <battle> width is 18446744073709551616; it must be a number 0–100000" },
    { "width=\"60\"", "width=\"-60\"",
      "t.xml:2: <battle> width is -60; it must be a number 0–100000" },
    { "x=\"10\" y=\"20\" heading=\"90\"", "x=\"60\" y=\"40\" heading=\"90\"", NULL },
    { "x=\"10\" y=\"20\" heading=\"90\"", "x=\"0\" y=\"0\" heading=\"90\"", NULL },
  };
  g_autofree char *dir = battles_dir ();
  g_autofree char *path = g_build_filename (dir, "torpedo-duel.xml", NULL);
  g_autofree char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) text = g_string_new (data);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmBattle) battle = NULL;

      g_assert_cmpuint (g_string_replace (text, cases[i].from, cases[i].to, 1), ==, 1);
      battle = adm_battle_load_memory (text->str, text->len, "t.xml", &error);
      if (cases[i].expected == NULL)
        {
          g_assert_no_error (error);
          g_assert_nonnull (battle);
          continue;
        }
      g_assert_null (battle);
      g_assert_nonnull (error);
      g_assert_cmpstr (error->message, ==, cases[i].expected);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) names = NULL;

  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("ADMIRALTY_SOURCE_DIR"));
  names = list_battles ();

  g_test_add_func ("/data/battles/shipped", test_shipped);
  g_test_add_func ("/data/battles/junk-positions", test_junk_positions);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *path = g_strconcat ("/data/battles/", name, NULL);

      g_test_add_data_func (path, name, test_battle);
    }
  return g_test_run ();
}
