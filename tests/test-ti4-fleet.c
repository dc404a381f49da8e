/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ti4-fleet.c: the Twilight Imperium 4 unit cards load with the values printed on the
 * cards, broken unit files are refused with file, line and reason, and the rules that act on
 * one side's units (LRR 39.3 barrage, 39.5 dice, 39.6 hits, 39.7.b retreat, 39.10.a
 * capacity, 48.1-48.2 ground combat) do what the Living Rules Reference says. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "adm-ti4-fleet.h"
#include "adm-xml.h"
#include "ti4-helpers.h"

/* The values printed on the unit cards. */
static void
test_cards (void)
{
  static const struct {
    const char *id;
    AdmTi4Kind  kind;
    guint combat, dice, afb, afb_dice, move, capacity;
    gboolean sustain;
    double cost;
  } cards[] = {
    { "war-sun", ADM_TI4_KIND_SHIP, 3, 3, 0, 0, 2, 6, TRUE, 12 },
    { "war-sun-ii", ADM_TI4_KIND_SHIP, 3, 3, 0, 0, 3, 6, TRUE, 12 },
    { "dreadnought", ADM_TI4_KIND_SHIP, 5, 1, 0, 0, 1, 1, TRUE, 4 },
    { "dreadnought-ii", ADM_TI4_KIND_SHIP, 5, 1, 0, 0, 2, 1, TRUE, 4 },
    { "carrier", ADM_TI4_KIND_SHIP, 9, 1, 0, 0, 1, 4, FALSE, 3 },
    { "carrier-ii", ADM_TI4_KIND_SHIP, 9, 1, 0, 0, 2, 6, FALSE, 3 },
    { "cruiser", ADM_TI4_KIND_SHIP, 7, 1, 0, 0, 2, 0, FALSE, 2 },
    { "cruiser-ii", ADM_TI4_KIND_SHIP, 6, 1, 0, 0, 3, 1, FALSE, 2 },
    { "destroyer", ADM_TI4_KIND_SHIP, 9, 1, 9, 2, 2, 0, FALSE, 1 },
    { "destroyer-ii", ADM_TI4_KIND_SHIP, 8, 1, 6, 3, 2, 0, FALSE, 1 },
    { "fighter", ADM_TI4_KIND_SHIP, 9, 1, 0, 0, 0, 0, FALSE, 0.5 },
    { "fighter-ii", ADM_TI4_KIND_SHIP, 8, 1, 0, 0, 2, 0, FALSE, 0.5 },
    { "infantry", ADM_TI4_KIND_GROUND, 8, 1, 0, 0, 0, 0, FALSE, 0.5 },
    { "infantry-ii", ADM_TI4_KIND_GROUND, 7, 1, 0, 0, 0, 0, FALSE, 0.5 },
    { "mech", ADM_TI4_KIND_GROUND, 6, 1, 0, 0, 0, 0, TRUE, 2 },
  };

  g_assert_cmpuint (adm_ti4_catalog_get_n_units (catalog ()), ==, G_N_ELEMENTS (cards));
  for (guint i = 0; i < G_N_ELEMENTS (cards); i++)
    {
      const AdmTi4Unit *card = adm_ti4_catalog_get_unit (catalog (), unit (cards[i].id));

      g_test_message ("%s", cards[i].id);
      g_assert_cmpint (card->kind, ==, cards[i].kind);
      g_assert_cmpuint (card->combat, ==, cards[i].combat);
      g_assert_cmpuint (card->dice, ==, cards[i].dice);
      g_assert_cmpuint (card->afb, ==, cards[i].afb);
      g_assert_cmpuint (card->afb_dice, ==, cards[i].afb_dice);
      g_assert_cmpuint (card->move, ==, cards[i].move);
      g_assert_cmpuint (card->capacity, ==, cards[i].capacity);
      g_assert_cmpint (card->sustain, ==, cards[i].sustain);
      g_assert_cmpfloat (adm_ti4_unit_cost (card), ==, cards[i].cost);
      g_assert_cmpint (card->fighter, ==, g_str_has_prefix (cards[i].id, "fighter"));
    }
  g_assert_cmpint (adm_ti4_catalog_find (catalog (), "flagship"), ==, -1);
  g_assert_cmpstr (adm_ti4_catalog_get_unit (catalog (), unit ("war-sun"))->name, ==, "War Sun");
}

static void
test_broken (void)
{
  static const struct {
    const char *file;
    const char *needle;
  } broken[] = {
    { "duplicate-id.xml", ":6: there are two units with the id “cruiser” (the other is on line 4)" },
    { "afb-without-dice.xml", ":4: unit “destroyer” needs both “afb” and “afb-dice”" },
    { "ground-fighter.xml", ":4: unit “infantry” is a ground force" },
    { "combat-eleven.xml", ":4:" },
    { "truncated.xml", "truncated.xml:" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                "data", "ti4-broken", broken[i].file, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmTi4Catalog) loaded = adm_ti4_catalog_load_file (path, &error);

      g_test_message ("%s: %s", broken[i].file, error != NULL ? error->message : "(loaded)");
      g_assert_null (loaded);
      g_assert_error (error, ADM_XML_ERROR, error->code);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_assert_nonnull (strstr (error->message, broken[i].needle));
    }

  /* A rules path without ti4/units.xml says where it looked. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(AdmTi4Catalog) none = NULL;
    g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));

    g_setenv ("ADMIRALTY_RULES_PATH", "/nonexistent-rules", TRUE);
    g_setenv ("XDG_DATA_HOME", "/nonexistent-data", TRUE);
    none = adm_ti4_catalog_load (&error);
    g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
    g_assert_null (none);
    g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO);
    g_assert_nonnull (strstr (error->message, "ti4/units.xml"));
    g_assert_nonnull (strstr (error->message, "/nonexistent-rules"));
  }
}

static void
test_parse (void)
{
  AdmTi4Fleet parsed = fleet (" dreadnought = 2 ,fighter=3");
  AdmTi4Fleet empty = fleet ("");
  AdmTi4Fleet before = fleet ("cruiser=1");
  g_autofree char *text = adm_ti4_fleet_to_string (catalog (), &parsed);
  g_autofree char *words = adm_ti4_fleet_describe (catalog (), &parsed);
  g_autofree char *nothing = adm_ti4_fleet_describe (catalog (), &empty);
  static const struct {
    const char *text;
    int         code;
    const char *needle;
  } bad[] = {
    { "dreadnought=2,flagship=1", ADM_TI4_ERROR_UNKNOWN, "Unknown unit “flagship”; the units are war-sun, " },
    { "dreadnought=-1", ADM_TI4_ERROR_INVALID, "“dreadnought=-1”: a count cannot be negative" },
    { "dreadnought=two", ADM_TI4_ERROR_INVALID, "the count must be a whole number from 0 to 100" },
    { "dreadnought=101", ADM_TI4_ERROR_INVALID, "from 0 to 100" },
    { "dreadnought=2x", ADM_TI4_ERROR_INVALID, "whole number" },
    { "dreadnought", ADM_TI4_ERROR_PARSE, "“dreadnought” has no count" },
    { "dreadnought=1,,fighter=2", ADM_TI4_ERROR_PARSE, "item 2 is empty" },
    { "fighter=1,fighter=2", ADM_TI4_ERROR_INVALID, "“fighter” is listed twice" },
    { "fighter=100,fighter-ii=100,infantry=1", ADM_TI4_ERROR_INVALID, "201 units in all" },
  };

  g_assert_cmpuint (parsed.intact[unit ("dreadnought")], ==, 2);
  g_assert_cmpuint (parsed.intact[unit ("fighter")], ==, 3);
  g_assert_cmpuint (adm_ti4_fleet_count (&parsed, unit ("cruiser")), ==, 0);
  g_assert_cmpstr (text, ==, "dreadnought=2,fighter=3");
  g_assert_cmpstr (words, ==, "2 Dreadnought, 3 Fighter");
  g_assert_cmpstr (nothing, ==, "no units");
  g_assert_true (adm_ti4_fleet_equal (&parsed, &(AdmTi4Fleet) { 0 }) == FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      AdmTi4Fleet result = before;

      g_assert_false (adm_ti4_fleet_parse (catalog (), bad[i].text, &result, &error));
      g_test_message ("%s → %s", bad[i].text, error->message);
      g_assert_error (error, ADM_TI4_ERROR, bad[i].code);
      g_assert_nonnull (strstr (error->message, bad[i].needle));
      /* Nothing changed. */
      g_assert_true (adm_ti4_fleet_equal (&result, &before));
    }

  /* Damaged units are described and hashed apart. */
  parsed.intact[unit ("dreadnought")] = 1;
  parsed.damaged[unit ("dreadnought")] = 1;
  g_clear_pointer (&words, g_free);
  words = adm_ti4_fleet_describe (catalog (), &parsed);
  g_assert_cmpstr (words, ==, "2 Dreadnought (1 damaged), 3 Fighter");
  g_assert_false (adm_ti4_fleet_equal (&parsed, &before));
}

/* LRR 48.1: only ground forces on a planet; LRR 39.5: ships in space. */
static void
test_arena (void)
{
  AdmTi4Fleet ground = fleet ("infantry=2,mech=1");
  AdmTi4Fleet mixed = fleet ("carrier=1,infantry=2");
  AdmTi4Fleet cargo = fleet ("infantry=2");
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_ti4_fleet_check_arena (catalog (), &ground, ADM_TI4_GROUND,
                                            ADM_TI4_DEFENDER, &error));
  g_assert_no_error (error);
  g_assert_true (adm_ti4_fleet_check_arena (catalog (), &mixed, ADM_TI4_SPACE,
                                            ADM_TI4_ATTACKER, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_ti4_fleet_fighting (catalog (), &mixed, ADM_TI4_SPACE), ==, 1);
  g_assert_cmpuint (adm_ti4_fleet_fighting (catalog (), &ground, ADM_TI4_GROUND), ==, 3);

  g_assert_false (adm_ti4_fleet_check_arena (catalog (), &mixed, ADM_TI4_GROUND,
                                             ADM_TI4_ATTACKER, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "The attacker has a Carrier: only ground forces fight in a ground combat");
  g_clear_error (&error);
  g_assert_false (adm_ti4_fleet_check_arena (catalog (), &cargo, ADM_TI4_SPACE,
                                             ADM_TI4_DEFENDER, &error));
  g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "The defender has no ships");
}

/* LRR 39.5.a-c, 48.1.a: a die per unit, a die per burst icon, grouped by combat value;
 * LRR 39.3: the barrage dice. */
static void
test_dice (void)
{
  AdmTi4Fleet space = fleet ("war-sun=1,dreadnought=2,cruiser-ii=1,destroyer-ii=2,destroyer=1,"
                             "fighter=3,infantry=4");
  AdmTi4Fleet ground = fleet ("infantry=3,infantry-ii=1,mech=2");
  AdmTi4Dice dice;

  adm_ti4_fleet_combat_dice (catalog (), &space, ADM_TI4_SPACE, &dice);
  g_assert_cmpuint (dice.dice[3], ==, 3);  /* a war sun's three burst icons */
  g_assert_cmpuint (dice.dice[5], ==, 2);
  g_assert_cmpuint (dice.dice[6], ==, 1);
  g_assert_cmpuint (dice.dice[8], ==, 2);
  g_assert_cmpuint (dice.dice[9], ==, 4);  /* a destroyer and three fighters */
  g_assert_cmpuint (adm_ti4_dice_total (&dice), ==, 12);  /* infantry in space do not roll */

  adm_ti4_fleet_afb_dice (catalog (), &space, &dice);
  g_assert_cmpuint (dice.dice[6], ==, 6);  /* destroyer II: 6 (x3) */
  g_assert_cmpuint (dice.dice[9], ==, 2);  /* destroyer: 9 (x2) */
  g_assert_cmpuint (adm_ti4_dice_total (&dice), ==, 8);

  adm_ti4_fleet_combat_dice (catalog (), &ground, ADM_TI4_GROUND, &dice);
  g_assert_cmpuint (dice.dice[8], ==, 3);
  g_assert_cmpuint (dice.dice[7], ==, 1);
  g_assert_cmpuint (dice.dice[6], ==, 2);
  g_assert_cmpuint (adm_ti4_dice_total (&dice), ==, 6);
  adm_ti4_fleet_combat_dice (catalog (), &space, ADM_TI4_GROUND, &dice);
  g_assert_cmpuint (adm_ti4_dice_total (&dice), ==, 4);  /* only the infantry */

  /* One hit per unit and one more per undamaged unit with Sustain Damage. */
  g_assert_cmpuint (adm_ti4_fleet_hit_capacity (catalog (), &space, ADM_TI4_SPACE), ==,
                    10 + 3);
  g_assert_cmpuint (adm_ti4_fleet_hit_capacity (catalog (), &ground, ADM_TI4_GROUND), ==, 6 + 2);
}

/* LRR 39.6.a and the default policy: sustain damage everywhere first, then the cheapest. */
static void
test_sustain_first (void)
{
  AdmTi4Fleet side = fleet ("dreadnought=2,carrier=1,fighter=3");
  guint dread = unit ("dreadnought"), fighters = unit ("fighter"), carrier = unit ("carrier");

  g_assert_cmpuint (adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_SPACE, 3,
                                               ADM_TI4_POLICY_SUSTAIN_FIRST), ==, 0);
  g_assert_cmpuint (side.intact[dread], ==, 0);
  g_assert_cmpuint (side.damaged[dread], ==, 2);
  g_assert_cmpuint (side.intact[fighters], ==, 2);
  /* Fighters (½) before the carrier (3) before the damaged dreadnoughts (4). */
  adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_SPACE, 3, ADM_TI4_POLICY_SUSTAIN_FIRST);
  g_assert_cmpuint (side.intact[fighters], ==, 0);
  g_assert_cmpuint (side.intact[carrier], ==, 0);
  g_assert_cmpuint (side.damaged[dread], ==, 2);
  /* More hits than units: two left over. */
  g_assert_cmpuint (adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_SPACE, 4,
                                               ADM_TI4_POLICY_SUSTAIN_FIRST), ==, 2);
  g_assert_cmpuint (adm_ti4_fleet_fighting (catalog (), &side, ADM_TI4_SPACE), ==, 0);
}

static void
test_cheapest_first (void)
{
  AdmTi4Fleet side = fleet ("dreadnought=2,fighter=1");
  guint dread = unit ("dreadnought");

  /* The fighter goes first; then each hit goes to a dreadnought, which sustains it if it is
   * undamaged. */
  adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_SPACE, 2, ADM_TI4_POLICY_CHEAPEST_FIRST);
  g_assert_cmpuint (side.intact[unit ("fighter")], ==, 0);
  g_assert_cmpuint (side.intact[dread], ==, 1);
  g_assert_cmpuint (side.damaged[dread], ==, 1);
  adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_SPACE, 1, ADM_TI4_POLICY_CHEAPEST_FIRST);
  g_assert_cmpuint (side.damaged[dread], ==, 2);
  adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_SPACE, 1, ADM_TI4_POLICY_CHEAPEST_FIRST);
  g_assert_cmpuint (side.damaged[dread], ==, 1);

  /* LRR 48.2 with a mech's Sustain Damage (comment 5): infantry go first under this policy,
   * the mech sustains under the default. */
  side = fleet ("infantry=1,mech=1");
  adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_GROUND, 1, ADM_TI4_POLICY_CHEAPEST_FIRST);
  g_assert_cmpuint (side.intact[unit ("infantry")], ==, 0);
  side = fleet ("infantry=1,mech=1");
  adm_ti4_fleet_assign_hits (catalog (), &side, ADM_TI4_GROUND, 1, ADM_TI4_POLICY_SUSTAIN_FIRST);
  g_assert_cmpuint (side.intact[unit ("infantry")], ==, 1);
  g_assert_cmpuint (side.damaged[unit ("mech")], ==, 1);

  {
    AdmTi4Policy policy;

    g_assert_true (adm_ti4_policy_from_string ("cheapest-first", &policy));
    g_assert_cmpint (policy, ==, ADM_TI4_POLICY_CHEAPEST_FIRST);
    g_assert_cmpstr (adm_ti4_policy_to_string (ADM_TI4_POLICY_SUSTAIN_FIRST), ==, "sustain-first");
    g_assert_false (adm_ti4_policy_from_string ("random", &policy));
  }
}

/* LRR 39.3: barrage hits destroy fighters only, the weaker fighters first. */
static void
test_barrage_hits (void)
{
  AdmTi4Fleet side = fleet ("dreadnought=1,fighter=1,fighter-ii=2");

  g_assert_cmpuint (adm_ti4_fleet_assign_afb_hits (catalog (), &side, 2), ==, 0);
  g_assert_cmpuint (side.intact[unit ("fighter")], ==, 0);
  g_assert_cmpuint (side.intact[unit ("fighter-ii")], ==, 1);
  g_assert_cmpuint (adm_ti4_fleet_assign_afb_hits (catalog (), &side, 3), ==, 2);
  g_assert_cmpuint (side.intact[unit ("fighter-ii")], ==, 0);
  g_assert_cmpuint (side.intact[unit ("dreadnought")], ==, 1);  /* untouched */
}

/* LRR 39.6: a player's own assignment, checked; a refused one changes nothing. */
static void
test_apply (void)
{
  AdmTi4Fleet side = fleet ("dreadnought=1,cruiser=2,fighter=2");
  AdmTi4Fleet before = side;
  AdmTi4Assignment choice = { 0 }, suggested;
  guint dread = unit ("dreadnought"), cruiser = unit ("cruiser"), fighters = unit ("fighter");
  static const char *expected[] = {
    "A Cruiser has no Sustain Damage",
    "2 hits to assign, but 1 assigned",
    "There is only 1 undamaged Dreadnought",
    "Anti-Fighter Barrage hits can only destroy fighters (LRR 39.3)",
  };
  AdmTi4Assignment wrong[G_N_ELEMENTS (expected)];

  memset (wrong, 0, sizeof wrong);
  wrong[0].sustain[cruiser] = 1;
  wrong[0].destroy_intact[fighters] = 1;
  wrong[1].destroy_intact[cruiser] = 1;
  wrong[2].sustain[dread] = 1;
  wrong[2].destroy_intact[dread] = 1;
  wrong[3].destroy_intact[cruiser] = 2;
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (adm_ti4_fleet_apply (catalog (), &side, ADM_TI4_SPACE, 2, i == 3,
                                           &wrong[i], &error));
      g_assert_error (error, ADM_TI4_ERROR, ADM_TI4_ERROR_INVALID);
      g_assert_cmpstr (error->message, ==, expected[i]);
      g_assert_true (adm_ti4_fleet_equal (&side, &before));
    }

  /* Sustain on the dreadnought and a cruiser destroyed: accepted. */
  choice.sustain[dread] = 1;
  choice.destroy_intact[cruiser] = 1;
  g_assert_true (adm_ti4_fleet_apply (catalog (), &side, ADM_TI4_SPACE, 2, FALSE, &choice, NULL));
  g_assert_cmpuint (side.damaged[dread], ==, 1);
  g_assert_cmpuint (side.intact[cruiser], ==, 1);

  /* A dreadnought may sustain a hit and be destroyed by the next one (LRR 39.6.a). */
  {
    AdmTi4Fleet two = fleet ("dreadnought=2");
    AdmTi4Assignment both = { 0 };

    adm_ti4_fleet_suggest (catalog (), &two, ADM_TI4_SPACE, 3, ADM_TI4_POLICY_SUSTAIN_FIRST,
                           &both);
    g_assert_cmpuint (both.sustain[dread], ==, 2);
    g_assert_cmpuint (both.destroy_damaged[dread], ==, 1);
    g_assert_true (adm_ti4_fleet_apply (catalog (), &two, ADM_TI4_SPACE, 3, FALSE, &both, NULL));
    g_assert_cmpuint (two.intact[dread], ==, 0);
    g_assert_cmpuint (two.damaged[dread], ==, 1);
    both.destroy_damaged[dread] = 2;
    both.sustain[dread] = 1;
    two = fleet ("dreadnought=2");
    g_assert_false (adm_ti4_fleet_apply (catalog (), &two, ADM_TI4_SPACE, 3, FALSE, &both, NULL));
  }

  /* The policy's suggestion is always accepted; more hits than the side can take destroy
   * everything. */
  adm_ti4_fleet_suggest (catalog (), &side, ADM_TI4_SPACE, 9, ADM_TI4_POLICY_SUSTAIN_FIRST,
                         &suggested);
  g_assert_cmpuint (suggested.destroy_damaged[dread], ==, 1);
  g_assert_cmpuint (suggested.destroy_intact[cruiser], ==, 1);
  g_assert_cmpuint (suggested.destroy_intact[fighters], ==, 2);
  g_assert_true (adm_ti4_fleet_apply (catalog (), &side, ADM_TI4_SPACE, 9, FALSE, &suggested,
                                      NULL));
  g_assert_cmpuint (adm_ti4_fleet_fighting (catalog (), &side, ADM_TI4_SPACE), ==, 0);
}

/* LRR 39.7.b: ships with a move value retreat; what cannot move rides up to capacity. */
static void
test_retreat (void)
{
  AdmTi4Fleet side = fleet ("carrier=1,fighter=5,fighter-ii=2,infantry=1,dreadnought=1");
  AdmTi4Fleet removed;

  adm_ti4_fleet_clear (&removed);
  /* Capacity 4 + 1 = 5 for 5 fighters and 1 infantry: one removed, a fighter (the first of
   * the cheapest). Fighters II move by themselves. */
  adm_ti4_fleet_retreat (catalog (), &side, &removed);
  g_assert_cmpuint (removed.intact[unit ("fighter")], ==, 1);
  g_assert_cmpuint (side.intact[unit ("fighter")], ==, 4);
  g_assert_cmpuint (side.intact[unit ("infantry")], ==, 1);
  g_assert_cmpuint (side.intact[unit ("fighter-ii")], ==, 2);

  /* Only fighters I left: all are removed (the notes of LRR 39). */
  side = fleet ("fighter=3");
  adm_ti4_fleet_clear (&removed);
  adm_ti4_fleet_retreat (catalog (), &side, &removed);
  g_assert_cmpuint (removed.intact[unit ("fighter")], ==, 3);
  g_assert_cmpuint (adm_ti4_fleet_fighting (catalog (), &side, ADM_TI4_SPACE), ==, 0);
}

/* LRR 39.10.a: after combat, fighters and ground forces beyond capacity are removed. */
static void
test_capacity (void)
{
  AdmTi4Fleet side = fleet ("dreadnought=1,fighter=2,mech=1");
  AdmTi4Fleet removed;

  adm_ti4_fleet_clear (&removed);
  /* Capacity 1 for three: the two fighters (½ each) go before the mech (2). */
  g_assert_cmpuint (adm_ti4_fleet_capacity_check (catalog (), &side, &removed), ==, 2);
  g_assert_cmpuint (removed.intact[unit ("fighter")], ==, 2);
  g_assert_cmpuint (side.intact[unit ("mech")], ==, 1);
  /* Winning with fighters alone: they are all removed afterwards. */
  side = fleet ("fighter=2");
  g_assert_cmpuint (adm_ti4_fleet_capacity_check (catalog (), &side, NULL), ==, 2);
  side = fleet ("carrier-ii=1,fighter=6");
  g_assert_cmpuint (adm_ti4_fleet_capacity_check (catalog (), &side, NULL), ==, 0);
}

/* The rules on a fleet's own cards (adm_ti4_cards_of (), as the odds' solver gives
 * them) come to exactly what they come to on the whole catalogue, hit by hit, for random
 * fleets of every card, in both arenas and with both policies. */
static void
test_cards_subset (void)
{
  AdmTi4Catalog *all_units = catalog ();
  guint n_units = adm_ti4_catalog_get_n_units (all_units);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);

  for (guint round = 0; round < 400; round++)
    {
      AdmTi4Arena arena = round % 2 == 0 ? ADM_TI4_SPACE : ADM_TI4_GROUND;
      AdmTi4Policy policy = (round / 2) % ADM_TI4_N_POLICIES;
      AdmTi4Fleet whole, own, removed_whole, removed_own;
      AdmTi4Cards cards;
      AdmTi4Tally tally_whole, tally_own;
      AdmTi4Dice afb_whole, afb_own;

      adm_ti4_fleet_clear (&whole);
      /* A few cards of the catalogue, some damaged. */
      for (guint k = 0; k < 1 + round % 4; k++)
        {
          guint i = g_rand_int_range (rand, 0, n_units);

          whole.intact[i] = g_rand_int_range (rand, 0, 5);
          whole.damaged[i] = g_rand_int_range (rand, 0, 2);
        }
      own = whole;
      adm_ti4_cards_of (all_units, &whole, NULL, &cards);
      g_assert_cmpuint (cards.n, <=, 1 + round % 4);

      adm_ti4_fleet_tally (all_units, &whole, arena, &tally_whole);
      adm_ti4_fleet_tally_in (&cards, &own, arena, &tally_own);
      g_assert_cmpmem (&tally_whole, sizeof tally_whole, &tally_own, sizeof tally_own);
      adm_ti4_fleet_afb_dice (all_units, &whole, &afb_whole);
      adm_ti4_fleet_afb_dice_in (&cards, &own, &afb_own);
      g_assert_cmpmem (&afb_whole, sizeof afb_whole, &afb_own, sizeof afb_own);

      /* One hit at a time until nothing is left to take one. */
      for (guint hit = 0; hit < 40; hit++)
        {
          guint left_whole = adm_ti4_fleet_assign_hits (all_units, &whole, arena, 1, policy);
          guint left_own = adm_ti4_fleet_assign_hits_in (&cards, &own, arena, 1, policy);

          g_assert_cmpuint (left_whole, ==, left_own);
          g_assert_cmpmem (&whole, sizeof whole, &own, sizeof own);
          g_assert_cmpuint (adm_ti4_fleet_hash_in (&cards, &whole), ==,
                            adm_ti4_fleet_hash_in (&cards, &own));
          if (left_whole > 0)
            break;
        }

      /* Barrage, retreat and the capacity check, from a fresh copy of the same fleet. */
      adm_ti4_fleet_clear (&whole);
      for (guint c = 0; c < cards.n; c++)
        whole.intact[cards.index[c]] = 3;
      own = whole;
      g_assert_cmpuint (adm_ti4_fleet_assign_afb_hits (all_units, &whole, 2), ==,
                        adm_ti4_fleet_assign_afb_hits_in (&cards, &own, 2));
      g_assert_cmpmem (&whole, sizeof whole, &own, sizeof own);
      adm_ti4_fleet_clear (&removed_whole);
      adm_ti4_fleet_clear (&removed_own);
      if (round % 3 == 0)
        {
          adm_ti4_fleet_retreat (all_units, &whole, &removed_whole);
          adm_ti4_fleet_retreat_in (&cards, &own, &removed_own);
        }
      else
        g_assert_cmpuint (adm_ti4_fleet_capacity_check (all_units, &whole, &removed_whole), ==,
                          adm_ti4_fleet_capacity_check_in (&cards, &own, &removed_own));
      g_assert_cmpmem (&whole, sizeof whole, &own, sizeof own);
      g_assert_cmpmem (&removed_whole, sizeof removed_whole, &removed_own, sizeof removed_own);
    }
}

int
main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/ti4/catalog/cards", test_cards);
  g_test_add_func ("/data/ti4/catalog/broken", test_broken);
  g_test_add_func ("/engine/ti4/fleet/parse", test_parse);
  g_test_add_func ("/engine/ti4/fleet/LRR-48.1/arena", test_arena);
  g_test_add_func ("/engine/ti4/fleet/LRR-39.5/dice", test_dice);
  g_test_add_func ("/engine/ti4/fleet/LRR-39.6.a/sustain-first", test_sustain_first);
  g_test_add_func ("/engine/ti4/fleet/LRR-39.6/cheapest-first", test_cheapest_first);
  g_test_add_func ("/engine/ti4/fleet/LRR-39.3/barrage-hits", test_barrage_hits);
  g_test_add_func ("/engine/ti4/fleet/LRR-39.6/player-choice", test_apply);
  g_test_add_func ("/engine/ti4/fleet/LRR-39.7.b/retreat", test_retreat);
  g_test_add_func ("/engine/ti4/fleet/LRR-39.10.a/capacity", test_capacity);
  g_test_add_func ("/engine/ti4/fleet/cards-of-a-fleet", test_cards_subset);

  return g_test_run ();
}
