/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-files.c: every battle Admiralty ships under scenarios/battles/ loads, has an
 * orders file beside it that loads, and plays all the turns of its orders with its own seed
 * (F-SEQ-1) — and shows what its description says it shows. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "admiralty-engine.h"
#include "battle-helpers.h"

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

static const AdmBattleShip *
ship (AdmBattle  *battle,
      const char *id)
{
  const AdmBattleShip *found = adm_battle_lookup_ship (battle, id);

  g_assert_nonnull (found);
  return found;
}

static int
hull_left (AdmBattle  *battle,
           const char *id)
{
  return adm_battle_ship_hull_left (battle, adm_battle_ship_index (battle, id));
}

static void
assert_reported (AdmBattle  *battle,
                 const char *text)
{
  if (!battle_helper_reported (battle, text))
    g_error ("no report line contains “%s”", text);
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

/* F-MOVE-9, F-MOVE-11, F-MOVE-17, F-ART-8, F-ART-9, F-ART-10, F-SHLD-2, F-FIRE-9. */
static void
check_corridor_skirmish (AdmBattle *battle)
{
  assert_reported (battle, "Prince Serg group moves 18 cm.");
  assert_reported (battle, "Triumph group moves 24 cm.");
  assert_reported (battle, "Kestrel group goes all ahead full: up to 36 + 7 cm.");
  assert_reported (battle, "Triumph, 42.9 cm, long range, column 3");
  assert_reported (battle, "Triumph, 22.2 cm, half range, column 1");
  assert_reported (battle, "Prince Serg, 22.4 cm, behind an explosion marker, column 3");
  assert_reported (battle, "4 absorbed by shields, shields down, 2 damage.");
  assert_reported (battle, "readiness check for choosing its target while damaged");
  /* The battleship turned 45° after 14 of its 18 cm (F-MOVE-9). */
  g_assert_cmpfloat_with_epsilon (ship (battle, "prince-serg")->heading, 135.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ship (battle, "kestrel")->heading, 0.0, 1e-9);
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 1);
  g_assert_cmpint (hull_left (battle, "solstice"), ==, 6);
  g_assert_cmpint (hull_left (battle, "prince-serg"), ==, 20);
}

/* F-DES-1..3, F-SHLD-2, F-FORD-2, F-FORD-8, F-CRIT-14, F-CRIT-17. */
static void
check_destructor_knife_fight (AdmBattle *battle)
{
  const AdmBattleShip *jade = ship (battle, "jade-reach");

  assert_reported (battle, "Gravi-destructor, firepower 5 at Jade Reach: 5 dice (5 4 3 5 6; "
                           "re-rolled 6 1) at 5+ — 4 hits, 2 absorbed by shields, shields down, "
                           "2 damage.");
  assert_reported (battle, "Critical checks on Jade Reach (4+): 1 4 — 1 critical.");
  assert_reported (battle, "1 saved by the special force shield");
  assert_reported (battle, "Fire aboard Jade Reach is still burning.");
  g_assert_cmpint (jade->criticals[7], ==, 1);
  g_assert_cmpint (jade->criticals[10], ==, 1);
  g_assert_cmpint (jade->criticals[11], ==, 1);
  g_assert_cmpint (adm_battle_ship_shields (battle, adm_battle_ship_index (battle, "jade-reach")),
                   ==, 0);
  g_assert_cmpint (hull_left (battle, "jade-reach"), ==, 9);
  g_assert_true (adm_battle_ship_is_damaged (battle, adm_battle_ship_index (battle,
                                                                           "jade-reach")));
}

/* F-CRIT-7, F-CAT-6, F-CAT-10..12. */
static void
check_hulk_and_fire (AdmBattle *battle)
{
  guint gone = 0;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    gone += adm_battle_get_ship (battle, i)->status != ADM_SHIP_ACTIVE;
  g_assert_cmpuint (gone, >=, 1);
  g_assert_cmpuint (markers_placed (battle), >=, 1);

  assert_reported (battle, "Catastrophic damage to Silver Lantern, 7 (F-CAT-11)");
  assert_reported (battle, "The hulk of Silver Lantern is hit and rolls again");
  assert_reported (battle, "Catastrophic damage to Silver Lantern, 10 (F-CAT-12)");
  assert_reported (battle, "The explosion of Silver Lantern reaches 12 cm (strength 6).");
  assert_reported (battle, "The explosion strikes Pale Moth: 4 damage.");
  assert_reported (battle, "The hulk of Pale Moth drifts 15 cm.");
  g_assert_cmpint (ship (battle, "silver-lantern")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (ship (battle, "pale-moth")->status, ==, ADM_SHIP_BURNING_HULK);
  g_assert_cmpint (ship (battle, "emperor-ezar")->status, ==, ADM_SHIP_ACTIVE);
  /* F-CAT-9: the wrecks leave their explosion markers where they were wrecked. */
  g_assert_true (has_marker_at (battle, 22, 28));
  g_assert_true (has_marker_at (battle, 26, 36));
}

static const struct {
  const char *name;
  void      (*check) (AdmBattle *battle);
} expectations[] = {
  { "corridor-skirmish", check_corridor_skirmish },
  { "destructor-knife-fight", check_destructor_knife_fight },
  { "hulk-and-fire", check_hulk_and_fire },
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

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) names = NULL;

  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("ADMIRALTY_SOURCE_DIR"));
  names = list_battles ();

  g_test_add_func ("/data/battles/shipped", test_shipped);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *path = g_strconcat ("/data/battles/", name, NULL);

      g_test_add_data_func (path, name, test_battle);
    }
  return g_test_run ();
}
