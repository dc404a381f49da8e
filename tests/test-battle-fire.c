/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-fire.c: the fire phase clause by clause — direct fire (F-FIRE), destructors
 * (F-DES, F-WPN-2, F-WPN-3, F-WPN-4), artillery (F-ART, F-WPN-7, F-WPN-8), shields (F-SHLD),
 * critical damage (F-CRIT), catastrophic damage (F-CAT) and the fire-phase combat orders (F-FORD),
 * with scripted dice: every test asserts the exact dice the engine asked for and leaves none
 * unused. Property tests run a mid-size melee over 200 seeds. Fixtures: tests/data/battles/
 * fire-*.xml. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "battle-scripting.h"
#include "shipped-helpers.h"
#include "adm-audience.h"
#include "adm-battle-orders.h"
#include "adm-battle.h"
#include "adm-dice-prng.h"
#include "adm-event.h"
#include "adm-geometry.h"
#include "adm-odds.h"
#include "adm-ruleset.h"

/* Helpers */

static int
pool (AdmBattle  *battle,
      const char *id)
{
  return adm_battle_ship_shield_pool (battle, ship_index (battle, id));
}

static void
assert_marker (AdmBattle *battle,
               guint      index,
               double     x,
               double     y,
               double     diameter,
               int        turn)
{
  const AdmBattleMarker *marker;

  g_assert_cmpuint (index, <, adm_battle_get_n_markers (battle));
  marker = adm_battle_get_marker (battle, index);
  g_assert_cmpint (marker->kind, ==, ADM_MARKER_EXPLOSION);
  g_assert_cmpfloat_with_epsilon (marker->position.x, x, 1e-6);
  g_assert_cmpfloat_with_epsilon (marker->position.y, y, 1e-6);
  g_assert_cmpfloat_with_epsilon (marker->diameter, diameter, 1e-6);
  g_assert_cmpint (marker->turn, ==, turn);
}

/* F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12: the battery fires no dice and the report says why; the
 * phase goes on. */
static void
assert_knocked_out (AdmBattle  *battle,
                    const char *body,
                    const char *line)
{
  guint first = resolve (battle, body, NULL);

  assert_rolls (battle, first, "");
  assert_reported (battle, line);
}

/* The number of critical results outstanding on @id. */
static int
n_criticals (AdmBattle  *battle,
             const char *id)
{
  const AdmBattleShip *s = ship (battle, id);
  int n = 0;

  for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
    n += s->criticals[r];
  return n;
}

#define FIRE(weapons, target) "<fire weapons=\"" weapons "\" target=\"" target "\"/>"
#define RETURN_FIRE(weapons, target) \
  "<fire weapons=\"" weapons "\" target=\"" target "\" return=\"true\"/>"

/* F-FIRE: the fire phase */

static void
test_fire_direct_fire_only (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);

  g_test_message ("F-FIRE-1, F-FIRE-3: direct fire is artillery and destructors; a torpedo "
                  "attack is not resolved in the fire phase");
  refuse (battle, FIRE ("triumph:torpedoes", "vorberg"), "1 1 1",
          "Triumph's Torpedo tubes is not a direct-fire weapon: torpedo attacks are declared "
          "for the torpedo phase and mines detonate there (F-FIRE-3)");
  /* F-SHLD-4: torpedoes do not collapse shields: nothing touched Vorberg's. */
  g_test_message ("F-SHLD-4: torpedo attacks do not collapse shields (the torpedo phase comes "
                  "with the F-TORP rules): Vorberg's shield pool is untouched");
  g_assert_cmpint (pool (battle, "vorberg"), ==, 4);
  g_assert_cmpint (ship (battle, "vorberg")->shields_used, ==, 0);
}

static void
test_fire_phase_only (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_MOVEMENT);
  const char *orders = FIRE ("vorberg:main", "triumph");
  guint first;

  /* F-FIRE-2: fire declared with the movement phase's orders waits for the fire phase. */
  first = resolve (battle, orders, NULL);
  assert_rolls (battle, first, "");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);
  first = resolve (battle, orders, "1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 4d6=1 1 1 1");
  g_assert_cmpint (((const AdmBattleRoll *) g_ptr_array_index (adm_battle_get_rolls (battle),
                                                               first))->phase, ==,
                   ADM_PHASE_FIRE);
}

static void
test_fire_sequence (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-4: hits (5), the critical check and its result (6) of the artillery, then the
   * next system (7): the destructor, with its own hits and checks. */
  first = resolve (battle, FIRE ("hartung:main hartung:destructor", "kalloner"),
                   "6 5 4 1 1 1 6 1 1 5 1 1 1 1");
  assert_rolls (battle, first,
                "F-ART-11 6d6=6 5 4 1 1 1; F-ART-13 1d6=6; F-CRIT-2 2d6=1 1; "
                "F-DES-1 4d6=5 1 1 1; F-DES-3 1d6=1");
  assert_reported (battle, "Hartung's Main battery, firepower 12 at crossing capital ship "
                           "Kalloner, 10.0 cm, half range, column 3: 6 dice (6 5 4 1 1 1) at "
                           "4+ — 3 hits, 2 absorbed by shields, shields down, 1 damage.");
  assert_reported (battle, "Hartung's Gravi-destructor, firepower 4 at Kalloner: 4 dice "
                           "(5 1 1 1) at 5+ — 1 hit, 1 damage.");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_MAIN_GUNS], ==, 1);
}

static void
test_fire_range_refused (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-range.xml", ADM_PHASE_FIRE);

  /* F-FIRE-5 */
  refuse (battle, FIRE ("vorberg:main", "out"), "1",
          "Out is 35.5 cm from Vorberg, beyond the 35 cm range of its Main battery (F-FIRE-5)");
  refuse (battle, FIRE ("vorberg:destructor", "half"), "1 1",
          "Half is 17.5 cm from Vorberg, beyond the 12 cm range of its Gravi-destructor "
          "(F-FIRE-5)");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
}

static void
test_fire_arc_refused (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-arcs.xml", ADM_PHASE_FIRE);

  /* F-FIRE-6: the bow-only destructor cannot reach a target astern. */
  refuse (battle, FIRE ("hartung:destructor", "stern"), "1 1 1 1",
          "Stern is in the stern arc of Hartung, and its Gravi-destructor can fire only bow "
          "(F-FIRE-6)");
}

typedef struct {
  const char *weapons;
  const char *target;
  const char *dice;
  const char *expected;  /* report line, or the refusal */
  gboolean    refused;
} ArcCase;

static void
test_fire_four_arcs (void)
{
  static const ArcCase cases[] = {
    { "hartung:main", "stern", "1", "Stern is in the stern arc of Hartung, and its Main "
      "battery can fire only bow port starboard (F-FIRE-6)", TRUE },
    { "hartung:secondary", "bow", "1", "Bow is in the bow arc of Hartung, and its Secondary "
      "battery can fire only stern port starboard (F-FIRE-6)", TRUE },
    { "hartung:destructor", "port", "1", "Port is in the port arc of Hartung, and its "
      "Gravi-destructor can fire only bow (F-FIRE-6)", TRUE },
    { "hartung:destructor", "starboard", "1", "Starboard is in the starboard arc of Hartung, "
      "and its Gravi-destructor can fire only bow (F-FIRE-6)", TRUE },
    /* F-ART-6: the aspect comes from the target's arcs: Stern, astern of Hartung, shows it
     * its starboard side. */
    { "hartung:secondary", "stern", "1 1 1", "Hartung's Secondary battery, firepower 6 at "
      "crossing capital ship Stern, 10.0 cm, half range, column 3: 3 dice (1 1 1) at 3+ — "
      "0 hits, 0 damage.", FALSE },
    { "hartung:secondary", "port", "1 1 1 1", "Hartung's Secondary battery, firepower 6 at "
      "receding capital ship Port, 10.0 cm, half range, column 2: 4 dice (1 1 1 1) at 3+ — "
      "0 hits, 0 damage.", FALSE },
    { "hartung:secondary", "starboard", "1 1 1 1 1", "Hartung's Secondary battery, firepower "
      "6 at approaching capital ship Starboard, 10.0 cm, half range, column 1: 5 dice "
      "(1 1 1 1 1) at 3+ — 0 hits, 0 damage.", FALSE },
    { "hartung:main", "bow", "1 1 1 1 1 1", "Hartung's Main battery, firepower 12 at crossing "
      "capital ship Bow, 10.0 cm, half range, column 3: 6 dice (1 1 1 1 1 1) at 3+ — 0 hits, "
      "0 damage.", FALSE },
    /* A target exactly on the bow/starboard boundary (45°) is in the bow arc. */
    { "hartung:destructor", "edge", "1 1 1 1", "Hartung's Gravi-destructor, firepower 4 at "
      "Edge: 4 dice (1 1 1 1) at 5+ — 0 hits, 0 damage.", FALSE },
  };

  g_test_message ("F-FIRE-7: four arcs, bow, starboard, stern and port, 90° each");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdmBattle) battle = load_at ("fire-arcs.xml", ADM_PHASE_FIRE);
      g_autofree char *body = g_strdup_printf (FIRE ("%s", "%s"), cases[i].weapons,
                                               cases[i].target);

      if (cases[i].refused)
        refuse (battle, body, cases[i].dice, cases[i].expected);
      else
        {
          resolve (battle, body, cases[i].dice);
          assert_reported (battle, cases[i].expected);
        }
    }
}

static void
test_fire_systems_at_different_targets (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-batteries.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-8: the main battery at T32, the secondary battery at T25. */
  first = resolve (battle, FIRE ("hartung:main", "t32") FIRE ("hartung:secondary", "t25"),
                   "1 1 1 1 1 1 1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 8d6=1 1 1 1 1 1 1 1; F-ART-11 3d6=1 1 1");
  assert_reported (battle, "Hartung's Main battery, firepower 12 at approaching capital ship "
                           "T32, 32.0 cm, column 2: 8 dice");
  assert_reported (battle, "Hartung's Secondary battery, firepower 6 at approaching capital "
                           "ship T25, 25.0 cm, long range, column 3: 3 dice");
}

typedef struct {
  int         readiness;
  int         target;
} ModifierCase;

static void
test_fire_damaged_check (void)
{
  g_autoptr(AdmBattle) pass = load_at ("fire-damaged.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) fail = load_at ("fire-damaged.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) hold = load_at ("fire-damaged.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) nearest = load_at ("fire-damaged.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) half = load_variant_at ("fire-damaged.xml", "damage=\"5\"",
                                               "damage=\"4\"", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-9: «В случае, если корабль получил критические повреждения или повреждения
   * превышающие половину очков живучести…»: Wreck has lost 5 of its 8 hull points, more
   * than half: a target other than the nearest needs 2d6 ≤ readiness 6, −1 for experienced
   * crews (F-FIRE-10). */
  g_assert_true (adm_battle_ship_is_damaged (pass, ship_index (pass, "wreck")));
  first = resolve (pass, FIRE ("wreck:main", "far"), "2 2 1 1 1 1");
  assert_rolls (pass, first, "F-FIRE-9 2d6=2 2; F-ART-11 4d6=1 1 1 1");
  g_assert_cmpstr (roll_purpose (pass, first), ==,
                   "Wreck: readiness check for choosing its target while damaged");
  assert_reported (pass, "Wreck: readiness check for choosing its target while damaged, "
                         "2d6 = 4 against 5: passed.");
  assert_reported (pass, "Wreck's Main battery, firepower 5 at approaching capital ship Far, "
                         "25.0 cm, column 2: 4 dice (1 1 1 1) at 3+ — 0 hits, 0 damage.");

  /* "damaged-fire-check" nearest-or-hold: a failure turns the battery on the nearest. */
  first = resolve (fail, FIRE ("wreck:main", "far"), "3 3 1 1 1 1 1");
  assert_rolls (fail, first, "F-FIRE-9 2d6=3 3; F-ART-11 5d6=1 1 1 1 1");
  assert_reported (fail, "2d6 = 6 against 5: failed.");
  assert_reported (fail, "Wreck's Main battery fires at the nearest enemy, Near, instead.");
  assert_reported (fail, "Wreck's Main battery, firepower 5 at approaching capital ship Near, "
                         "10.0 cm, half range, column 1: 5 dice (1 1 1 1 1) at 3+ — 0 hits, "
                         "0 damage.");

  /* "damaged-fire-check" hold: a failure holds the battery's fire. */
  set_ruling (hold, "damaged-fire-check", "hold");
  first = resolve (hold, FIRE ("wreck:main", "far"), "3 3");
  assert_rolls (hold, first, "F-FIRE-9 2d6=3 3");
  assert_reported (hold, "Wreck's Main battery holds its fire.");

  /* The nearest enemy needs no check. */
  first = resolve (nearest, FIRE ("wreck:main", "near"), "1 1 1 1 1");
  assert_rolls (nearest, first, "F-ART-11 5d6=1 1 1 1 1");

  /* Exactly half (4 of 8) does not exceed half: no check, though the ship is damaged in the
   * "lost half" sense of F-CRIT-6. */
  g_assert_true (adm_battle_ship_is_damaged (half, ship_index (half, "wreck")));
  first = resolve (half, FIRE ("wreck:main", "far"), "1 1 1 1");
  assert_rolls (half, first, "F-ART-11 4d6=1 1 1 1");
}

static void
test_fire_damaged_split (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-damaged.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-9: distributing fire among several targets needs the check even for the
   * nearest. */
  first = resolve (battle, FIRE ("wreck:destructor", "near") FIRE ("wreck:main", "far"),
                   "2 2 1 1 2 2 1 1 1 1");
  assert_rolls (battle, first,
                "F-FIRE-9 2d6=2 2; F-DES-1 2d6=1 1; F-FIRE-9 2d6=2 2; F-ART-11 4d6=1 1 1 1");
}

static void
test_fire_damaged_one_check (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-damaged.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-9: one choice of target, one check, however many of the ship's batteries fire
   * together at it (F-ART-3). Veteran crew: readiness 8, modifier 0 (F-FIRE-10). */
  first = resolve (battle, FIRE ("veteran:main veteran:secondary", "side"),
                   "2 2 1 1 1 1 1 1");
  assert_rolls (battle, first, "F-FIRE-9 2d6=2 2; F-ART-11 6d6=1 1 1 1 1 1");
  assert_reported (battle, "Veteran: readiness check for choosing its target while damaged, "
                           "2d6 = 4 against 8: passed.");
}

static void
test_fire_damaged_by_critical (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("fire-damaged.xml", "damage=\"5\"",
                                                 "damage=\"0\"", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) no_critical = load_variant_at ("fire-damaged.xml", "damage=\"5\"",
                                                      "damage=\"0\"", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-9: a critical is enough. Near hits Wreck (2 damage, not half its hull) with a
   * critical (7, fire); Wreck then checks against 6 − 1 (F-RDY-3) − 1 (F-FIRE-10) = 4. */
  first = resolve (battle, FIRE ("near:main", "wreck") FIRE ("wreck:main", "far"),
                   "6 6 6 6 6 1 2 5 2 2 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 4d6=6 6 6 6; F-ART-13 2d6=6 1; F-CRIT-2 2d6=2 5; "
                               "F-FIRE-9 2d6=2 2; F-ART-11 4d6=1 1 1 1");
  g_assert_false (adm_battle_ship_is_damaged (battle, ship_index (battle, "wreck")));
  g_assert_cmpint (ship (battle, "wreck")->criticals[ADM_CRIT_FIRE], ==, 1);
  assert_reported (battle, "Wreck: readiness check for choosing its target while damaged, "
                           "2d6 = 4 against 4: passed.");

  /* Without the critical, no check. */
  first = resolve (no_critical, FIRE ("near:main", "wreck") FIRE ("wreck:main", "far"),
                   "6 6 6 6 1 1 1 1 1 1");
  assert_rolls (no_critical, first,
                "F-ART-11 4d6=6 6 6 6; F-ART-13 2d6=1 1; F-ART-11 4d6=1 1 1 1");
}

static void
test_fire_distribution_modifiers (void)
{
  static const ModifierCase cases[] = {
    { 3, 1 },   /* novices −2 */
    { 6, 5 },   /* experienced −1 */
    { 8, 8 },   /* veterans 0 */
    { 9, 9 },   /* elite 0 */
  };

  g_test_message ("F-FIRE-10: modifiers for the fire-distribution check: unblooded −2, "
                  "experienced −1, veterans 0, elite 0");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *readiness = g_strdup_printf ("readiness=\"%d\"", cases[i].readiness);
      g_autoptr(AdmBattle) battle = load_variant_at ("fire-damaged.xml", "readiness=\"6\"",
                                                     readiness, ADM_PHASE_FIRE);
      g_autofree char *line = g_strdup_printf ("Wreck: readiness check for choosing its target "
                                               "while damaged, 2d6 = 12 against %d: failed.",
                                               cases[i].target);

      set_ruling (battle, "damaged-fire-check", "hold");
      resolve (battle, FIRE ("wreck:main", "far"), "6 6");
      assert_reported (battle, line);
    }
}

static void
test_fire_return_only_at_attacker (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-return.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-11: only at the attacking formation… */
  refuse (battle, FIRE ("vorberg:main", "triumph") RETURN_FIRE ("triumph:main", "vorhalas"),
          "1 1 1 1 1 1 1", "Triumph group may return fire only at a formation that fired on "
          "it in this phase (F-FIRE-11)");
  /* …and after it has fired. */
  refuse (battle, RETURN_FIRE ("triumph:main", "vorberg") FIRE ("vorberg:main", "triumph"),
          "1 1 1 1 1 1 1", "(F-FIRE-11)");
  first = resolve (battle, FIRE ("vorberg:main", "triumph") RETURN_FIRE ("triumph:main",
                                                                        "vorberg"),
                   "1 1 1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 4d6=1 1 1 1; F-ART-11 3d6=1 1 1");
  assert_reported (battle, "Triumph's Main battery, firepower 4 at approaching capital ship "
                           "Vorberg, 20.0 cm, column 2: 3 dice (1 1 1) at 3+ — 0 hits, "
                           "0 damage.");
}

static void
test_fire_return_once (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-return.xml", ADM_PHASE_FIRE);
  const char *attacks = FIRE ("vorberg:main", "triumph") FIRE ("vorhalas:main", "triumph");
  g_autofree char *twice = g_strconcat (attacks, RETURN_FIRE ("triumph:main", "vorhalas"),
                                        RETURN_FIRE ("rodeo:main", "vorberg"), NULL);
  g_autofree char *again = g_strconcat (attacks, RETURN_FIRE ("triumph:main", "vorhalas"),
                                        FIRE ("triumph:main", "vorberg"), NULL);
  g_autofree char *once = g_strconcat (attacks, RETURN_FIRE ("triumph:main", "vorhalas"),
                                       NULL);
  guint first;

  /* F-FIRE-12: once per fire phase… */
  refuse (battle, twice, "1 1 1 1 1 1 1 1 1 1 1 1 1 1",
          "Triumph group has already returned fire in this phase (F-FIRE-12)");
  /* …and a battery fires once per phase. */
  refuse (battle, again, "1 1 1 1 1 1 1 1 1 1 1 1 1 1",
          "Triumph's Main battery has already fired in this fire phase");
  /* Not necessarily after the first attacker: here at the second. */
  first = resolve (battle, once, "1 1 1 1 1 1 1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 4d6=1 1 1 1; F-ART-11 4d6=1 1 1 1; "
                               "F-ART-11 3d6=1 1 1");
  assert_reported (battle, "Triumph's Main battery, firepower 4 at approaching capital ship "
                           "Vorhalas, 22.4 cm, column 2: 3 dice (1 1 1) at 3+ — 0 hits, "
                           "0 damage.");
}

static void
test_fire_centre_to_centre (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FIRE-13: ranges are measured centre to centre: Edge's centre is exactly at 35 cm and
   * may be fired on; Out's base reaches to 34.5 cm, but its centre is 35.5 cm away. */
  refuse (battle, FIRE ("vorberg:main", "out"), "1", "(F-FIRE-5)");
  first = resolve (battle, FIRE ("vorberg:main", "edge"), "1");
  assert_rolls (battle, first, "F-ART-11 1d6=1");
  assert_reported (battle, "Vorberg's Main battery, firepower 5 at crossing capital ship Edge, "
                           "35.0 cm, long range, column 5: 1 die (1) at 3+ — 0 hits, "
                           "0 damage.");
}

/* The prompt says why the dice are fewer than the table gives: F-WPN-7's cancelled dice,
 * halving (F-MOVE-15, F-FORD-10), a column shifted right (F-ART-9); nothing when they are
 * not fewer. */
static void
test_fire_dice_note (void)
{
  g_autoptr(AdmBattle) plain = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) shields = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) halved = load_at ("fire-duel.xml", ADM_PHASE_MOVEMENT);
  g_autoptr(AdmBattle) far = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  g_autofree char *none = first_note (plain, FIRE ("vorberg:main", "triumph"), "1 1 1 1");
  g_autofree char *cancelled = NULL, *half = NULL, *long_range = NULL;

  g_assert_cmpstr (none, ==, "");
  set_ruling (shields, "shields-against-artillery", "before-armour");
  cancelled = first_note (shields, FIRE ("vorberg:main", "triumph"), "6 5 1 1");
  g_assert_cmpstr (cancelled, ==, "4 dice, 2 cancelled by shields (F-WPN-7): roll 2");

  set_ruling (halved, "halved-firepower", "halve-then-floor");
  resolve (halved, "<move formation=\"b1\" order=\"course-correction\"/>", NULL);
  half = first_note (halved, FIRE ("vorberg:main", "triumph"), "1");
  g_assert_cmpstr (half, ==, "4 dice; firepower 5 halved to 2 (F-MOVE-15, F-MOVE-16, "
                             "F-MOVE-17, F-FORD-10, F-ORB-2): roll 1");

  long_range = first_note (far, FIRE ("vorberg:main", "edge"), "1");
  g_assert_nonnull (strstr (long_range, "long range, one column right (F-ART-9): roll 1"));
}

/* F-DES: gravi-destructors */

static void
test_des_one_die_per_firepower (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-destructors.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-DES-1: one d6 per firepower point; F-DES-2, F-WPN-2: 5 or 6 hits (the 4 "
                  "does not), whatever the armour (F-WPN-3: the Monitor's armour 6); F-WPN-3: "
                  "shields still block; F-DES-3, F-WPN-4: criticals on 4+");
  first = resolve (battle, FIRE ("hartung:destructor", "monitor")
                           FIRE ("kraft:destructor", "monitor"),
                   "5 4 6 1 5 5 2 4 3 4");
  assert_rolls (battle, first, "F-DES-1 4d6=5 4 6 1; F-DES-1 3d6=5 5 2; F-DES-3 1d6=4; "
                               "F-CRIT-2 2d6=3 4");
  g_assert_cmpstr (roll_purpose (battle, first), ==,
                   "Hartung's Gravi-destructor, firepower 4 at Monitor, 5+ to hit");
  assert_reported (battle, "Hartung's Gravi-destructor, firepower 4 at Monitor: 4 dice "
                           "(5 4 6 1) at 5+ — 2 hits, 2 absorbed by shields, 0 damage.");
  assert_reported (battle, "Kraft's Gravi-destructor, firepower 3 at Monitor: 3 dice (5 5 2) "
                           "at 5+ — 2 hits, 1 absorbed by shields, shields down, 1 damage.");
  assert_reported (battle, "Critical checks on Monitor (4+): 4 — 1 critical.");
  g_assert_cmpint (hull_left (battle, "monitor"), ==, 11);
  g_assert_cmpint (pool (battle, "monitor"), ==, 0);
  g_assert_cmpint (ship (battle, "monitor")->criticals[ADM_CRIT_FIRE], ==, 1);
  g_assert_cmpint (ship (battle, "monitor")->on_fire, ==, 1);
}

static void
test_des_critical_each_damage (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-destructors.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-DES-3: a check for each damage: 2 damage, 2 checks, 3 misses and 4 hits. */
  first = resolve (battle, FIRE ("kraft:destructor", "monitor")
                           FIRE ("hartung:destructor", "monitor"),
                   "5 5 5 5 6 1 1 3 4 1 1");
  assert_rolls (battle, first, "F-DES-1 3d6=5 5 5; F-DES-1 4d6=5 6 1 1; F-DES-3 2d6=3 4; "
                               "F-CRIT-2 2d6=1 1");
  assert_reported (battle, "Critical checks on Monitor (4+): 3 4 — 1 critical.");
  g_assert_cmpint (hull_left (battle, "monitor"), ==, 10);
  g_assert_cmpint (ship (battle, "monitor")->criticals[ADM_CRIT_MAIN_GUNS], ==, 1);
  g_assert_cmpint (n_criticals (battle, "monitor"), ==, 1);
}

/* The odds of @weapon at firepower 1 against @target and @armour, no shields, read @hit_on
 * and @critical_on from @ruleset: at least one damage with @p_damage, a critical with
 * @p_critical. */
static void
assert_odds_numbers (AdmRuleset    *ruleset,
                     AdmWeaponType  weapon,
                     const char    *target,
                     int            armour,
                     int            hit_on,
                     int            critical_on,
                     double         p_damage,
                     double         p_critical)
{
  g_autoptr(AdmFireOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  AdmFireOddsInput input;

  g_assert_true (adm_ruleset_fire_odds_input (ruleset, weapon, 1, target, 0, armour, 0, FALSE,
                                              FALSE, FALSE, &input, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (input.hit_on, ==, hit_on);
  g_assert_cmpint (input.critical_on, ==, critical_on);
  odds = adm_ruleset_fire_odds (ruleset, weapon, 1, target, 0, armour, 0, FALSE, FALSE, FALSE,
                                &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (adm_fire_odds_at_least (odds, 1), p_damage, 1e-12);
  g_assert_cmpfloat_with_epsilon (odds->p_critical, p_critical, 1e-12);
}

/* F-DES-2, F-DES-3: the 5+ to hit and the 4+ for criticals are the ruleset's numbers
 * (<gravi-destructor hit-on critical-on>), not the engine's. With a copy of the rules hitting
 * on 6+ with criticals on 3+, a 5 misses and a 3 brings a critical, in the roll, the report
 * and the odds alike. */
static void
test_des_numbers_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("fire-destructors.xml", "ruleset",
                             "hit-on=\"5\" critical-on=\"4\"",
                             "hit-on=\"6\" critical-on=\"3\"");
  AdmRuleset *ruleset = adm_battle_get_ruleset (battle);
  guint first;

  g_assert_cmpint (adm_ruleset_get_destructor_hit_on (ruleset), ==, 6);
  g_assert_cmpint (adm_ruleset_get_destructor_critical_on (ruleset), ==, 3);
  first = resolve (battle, FIRE ("hartung:destructor", "monitor")
                           FIRE ("kraft:destructor", "monitor"),
                   "6 5 6 6 6 6 5 3 2 3 4");
  assert_rolls (battle, first, "F-DES-1 4d6=6 5 6 6; F-DES-1 3d6=6 6 5; F-DES-3 2d6=3 2; "
                               "F-CRIT-2 2d6=3 4");
  g_assert_cmpstr (roll_purpose (battle, first), ==,
                   "Hartung's Gravi-destructor, firepower 4 at Monitor, 6+ to hit");
  assert_reported (battle, "Hartung's Gravi-destructor, firepower 4 at Monitor: 4 dice "
                           "(6 5 6 6) at 6+ — 3 hits, 3 absorbed by shields, shields down, "
                           "0 damage.");
  assert_reported (battle, "Kraft's Gravi-destructor, firepower 3 at Monitor: 3 dice (6 6 5) "
                           "at 6+ — 2 hits, 2 damage.");
  assert_reported (battle, "Critical checks on Monitor (3+): 3 2 — 1 critical.");
  g_assert_cmpint (hull_left (battle, "monitor"), ==, 10);
  g_assert_cmpint (ship (battle, "monitor")->criticals[ADM_CRIT_FIRE], ==, 1);

  /* The odds read the same numbers: one die hits on 6 (1/6), its damage a critical on 3+. */
  assert_odds_numbers (ruleset, ADM_WEAPON_DESTRUCTOR, NULL, 2, 6, 3, 1.0 / 6, 1.0 / 6 * 4 / 6);
}

/* F-ART: artillery */

static void
test_art_basic (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-ART-1: in range and arc; F-ART-2, F-ART-4: firepower 5 against an "
                  "approaching capital ship; F-ART-11, F-ART-14: 4 dice; F-ART-12: 3+ hits "
                  "against armour 3; F-ART-13: no critical on 5");
  first = resolve (battle, FIRE ("vorberg:main", "triumph"), "6 5 3 2 5");
  assert_rolls (battle, first, "F-ART-11 4d6=6 5 3 2; F-ART-13 1d6=5");
  g_assert_cmpstr (roll_purpose (battle, first), ==,
                   "Vorberg's Main battery, firepower 5 at approaching capital ship Triumph, "
                   "20.0 cm, column 2, 3+ to hit");
  g_assert_cmpstr (roll_purpose (battle, first + 1), ==, "critical checks on Triumph, 6+");
  assert_reported (battle, "Vorberg's Main battery, firepower 5 at approaching capital ship "
                           "Triumph, 20.0 cm, column 2: 4 dice (6 5 3 2) at 3+ — 3 hits, "
                           "2 absorbed by shields, shields down, 1 damage.");
  assert_reported (battle, "Triumph takes 1 damage: 6 of 7 hull points left.");
  assert_reported (battle, "Critical checks on Triumph (6+): 5 — 0 criticals.");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 6);
  g_assert_cmpint (pool (battle, "triumph"), ==, 0);
  g_assert_cmpint (n_criticals (battle, "triumph"), ==, 0);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);
}

/* F-ART-13: the artillery's critical check passes on the ruleset's number (<critical-checks>
 * <check source="artillery">), not the engine's. With a copy of the rules checking on 5+, the
 * 5 that brings no critical above brings one, in the roll, the report and the odds. */
static void
test_art_critical_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("fire-duel.xml", "ruleset",
                             "source=\"artillery\" clause=\"F-ART-13\" on=\"6\"",
                             "source=\"artillery\" clause=\"F-ART-13\" on=\"5\"");
  AdmRuleset *ruleset = adm_battle_get_ruleset (battle);
  guint first;

  g_assert_cmpint (adm_ruleset_get_critical_on (ruleset, ADM_CRITICAL_SOURCE_ARTILLERY), ==, 5);
  first = resolve (battle, FIRE ("vorberg:main", "triumph"), "6 5 3 2 5 5 5");
  assert_rolls (battle, first, "F-ART-11 4d6=6 5 3 2; F-ART-13 1d6=5; F-CRIT-2 2d6=5 5");
  g_assert_cmpstr (roll_purpose (battle, first + 1), ==, "critical checks on Triumph, 5+");
  assert_reported (battle, "Critical checks on Triumph (5+): 5 — 1 critical.");
  g_assert_cmpint (n_criticals (battle, "triumph"), ==, 1);

  /* The odds read the same number: firepower 1 in column 2 is one die, hitting armour 1
   * always; its damage point is a critical on 5+ (1/3). */
  assert_odds_numbers (ruleset, ADM_WEAPON_ARTILLERY, "approaching-capital", 1, 1, 5, 1.0,
                       1.0 / 3);
}

static void
test_art_combined_batteries (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-batteries.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) alone = load_at ("fire-batteries.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) beyond = load_at ("fire-batteries.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-ART-3: 12 + 6 = 18 firepower, the shortest range 30 cm: 25 cm is beyond three
   * quarters of it (long range), though not of the main battery's 45 cm. */
  first = resolve (battle, FIRE ("hartung:main hartung:secondary", "t25"),
                   "1 1 1 1 1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 9d6=1 1 1 1 1 1 1 1 1");
  assert_reported (battle, "Hartung's Main battery, Hartung's Secondary battery, firepower 18 "
                           "at approaching capital ship T25, 25.0 cm, long range, column 3: "
                           "9 dice");
  first = resolve (alone, FIRE ("hartung:main", "t25"), "1 1 1 1 1 1 1 1");
  assert_rolls (alone, first, "F-ART-11 8d6=1 1 1 1 1 1 1 1");
  assert_reported (alone, "Hartung's Main battery, firepower 12 at approaching capital ship "
                          "T25, 25.0 cm, column 2: 8 dice");
  /* The secondary battery's 30 cm do not reach T32, together or not. */
  refuse (beyond, FIRE ("hartung:main hartung:secondary", "t32"), "1", "(F-FIRE-5)");
}

static void
test_art_per_ship (void)
{
  g_autoptr(AdmBattle) frigates = load_at ("fire-frigates.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) cruisers = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-ART-3: «Если корабль обстреливает несколькими батареями одну и ту же цель,
   * складывается общая сумма огневой мощи всех артсистем» — the batteries of one ship
   * («корабль») add up, and F-FIRE-4 («Выбрать корабль… Выбрать следующую арт. систему
   * данного корабля или следующий корабль») goes ship by ship; a formation pools shields,
   * turrets and torpedo salvoes (F-FORM-19, F-FORM-12), never artillery. Kestrel and Merlin
   * (guns: firepower 2, range 20 cm) are both 12.3 cm from Vervani, past half range (10 cm)
   * and within three quarters (15 cm): no shift. A crossing escort is column 5 (F-ART-15),
   * where firepower 2 gives 0 dice (F-ART-14): 0 + 0, no die at all. Adding the two into
   * firepower 4 would have rolled 1 die. */
  first = resolve (frigates, FIRE ("kestrel:guns merlin:guns", "vervani"), NULL);
  assert_rolls (frigates, first, "");
  assert_reported (frigates, "Kestrel's Gun battery, firepower 2 at crossing escort Vervani, "
                             "12.3 cm, column 5: 0 dice (-) at 3+");
  assert_reported (frigates, "Merlin's Gun battery, firepower 2 at crossing escort Vervani, "
                             "12.3 cm, column 5: 0 dice (-) at 3+");
  g_assert_cmpint (hull_left (frigates, "vervani"), ==, 4);

  /* Vorberg (20.0 cm) and Vorbretten (20.6 cm), main batteries firepower 5, range 35 cm:
   * neither within half range (17.5 cm) nor beyond three quarters (26.25 cm). An approaching
   * capital ship is column 2: firepower 5 gives 4 dice, twice: 4 + 4 = 8 dice, each ship's
   * at armour 3+. Added into firepower 10 they would have rolled 7. */
  first = resolve (cruisers, FIRE ("vorberg:main vorbretten:main", "triumph"),
                   "1 1 1 1 1 1 1 1");
  assert_rolls (cruisers, first, "F-ART-11 4d6=1 1 1 1; F-ART-11 4d6=1 1 1 1");
  assert_reported (cruisers, "Vorberg's Main battery, firepower 5 at approaching capital ship "
                             "Triumph, 20.0 cm, column 2: 4 dice");
  assert_reported (cruisers, "Vorbretten's Main battery, firepower 5 at approaching capital "
                             "ship Triumph, 20.6 cm, column 2: 4 dice");
}

typedef struct {
  const char *target;
  const char *aspect;
  int         column;
  int         dice;
} ColumnCase;

static void
test_art_columns (void)
{
  static const ColumnCase cases[] = {
    { "app-cap", "approaching capital ship", 2, 4 },
    { "rec-cap", "receding capital ship", 3, 3 },
    { "cross-cap", "crossing capital ship", 4, 2 },
    { "app-esc", "approaching escort", 3, 3 },
    { "rec-esc", "receding escort", 4, 2 },
    { "cross-esc", "crossing escort", 5, 1 },
  };

  g_test_message ("F-ART-15: column 2 approaching capital, 3 approaching escort and receding "
                  "capital, 4 receding escort and crossing capital, 5 crossing escort; F-ART-5: "
                  "a crossing target is harder to hit than a receding one; F-ART-6: the aspect "
                  "is read from the target's arcs; F-ART-14: the firepower-5 row 5 4 3 2 1");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdmBattle) battle = load_at ("fire-aspects.xml", ADM_PHASE_FIRE);
      g_autofree char *body = g_strdup_printf (FIRE ("vorberg:main", "%s"), cases[i].target);
      g_autofree char *dice = g_strnfill (cases[i].dice * 2 - 1, ' ');
      g_autofree char *expected = NULL;
      g_autofree char *rolls = NULL;
      guint first;

      for (int d = 0; d < cases[i].dice; d++)
        dice[d * 2] = '1';
      first = resolve (battle, body, dice);
      rolls = g_strdup_printf ("F-ART-11 %dd6=%s", cases[i].dice, dice);
      assert_rolls (battle, first, rolls);
      expected = g_strdup_printf (" at %s %s, ", cases[i].aspect,
                                  ship (battle, cases[i].target)->name);
      assert_reported (battle, expected);
      g_free (expected);
      expected = g_strdup_printf (", column %d: %d %s", cases[i].column, cases[i].dice,
                                  cases[i].dice == 1 ? "die" : "dice");
      assert_reported (battle, expected);
    }
}

static void
test_art_half_range (void)
{
  g_autoptr(AdmBattle) at_most = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) less_than = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-ART-7: modifiers are column shifts; F-ART-8: within half range, one "
                  "column left (crossing capital ship, column 4 → 3)");
  /* "half-range-boundary" at-most-half: exactly half range (17.5 cm) shifts. */
  first = resolve (at_most, FIRE ("vorberg:main", "half"), "1 1 1");
  assert_rolls (at_most, first, "F-ART-11 3d6=1 1 1");
  assert_reported (at_most, "firepower 5 at crossing capital ship Half, 17.5 cm, half range, "
                            "column 3: 3 dice");
  /* less-than-half: exactly half range does not, and the report does not say it does. */
  set_ruling (less_than, "half-range-boundary", "less-than-half");
  first = resolve (less_than, FIRE ("vorberg:main", "half"), "1 1");
  assert_rolls (less_than, first, "F-ART-11 2d6=1 1");
  assert_reported (less_than, "firepower 5 at crossing capital ship Half, 17.5 cm, column 4: "
                              "2 dice");
  assert_not_reported (less_than, "Half, 17.5 cm, half range");
}

static void
test_art_half_range_closer (void)
{
  g_autoptr(AdmBattle) at_most = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) less_than = load_at ("fire-range.xml", ADM_PHASE_FIRE);

  /* F-ART-8: closer than half range shifts under both values of "half-range-boundary". */
  set_ruling (less_than, "half-range-boundary", "less-than-half");
  resolve (at_most, FIRE ("vorberg:main", "near"), "1 1 1");
  resolve (less_than, FIRE ("vorberg:main", "near"), "1 1 1");
  assert_reported (at_most, "at crossing capital ship Near, 10.0 cm, half range, column 3: "
                            "3 dice");
  assert_reported (less_than, "at crossing capital ship Near, 10.0 cm, half range, column 3: "
                              "3 dice");
}

static void
test_art_long_range (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) three_quarters = load_at ("fire-range.xml", ADM_PHASE_FIRE);

  /* F-ART-9: more than 3/4 of the range (26.25 cm) shifts one column right; exactly 3/4
   * does not. */
  resolve (battle, FIRE ("vorberg:main", "long"), "1");
  assert_reported (battle, "at crossing capital ship Long, 30.0 cm, long range, column 5: "
                           "1 die (1)");
  resolve (three_quarters, FIRE ("vorberg:main", "threeq"), "1 1");
  assert_reported (three_quarters, "at crossing capital ship Threeq, 26.2 cm, column 4: "
                                   "2 dice (1 1)");
}

/* F-ART-8, F-ART-9: the range bands are the ruleset's (<range-bands>), not the engine's: with
 * a copy of the rules giving a quarter and two thirds of the 35 cm range, Half at 17.5 cm
 * is no longer near (column 4, not 3) and Threeq at 26.2 cm is already far (column 5). */
static void
test_art_range_bands_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("fire-range.xml", "ruleset",
                             "within=\"1\" of=\"2\"/>\n    <far clause=\"F-ART-9\" beyond=\"3\" "
                             "of=\"4\"",
                             "within=\"1\" of=\"4\"/>\n    <far clause=\"F-ART-9\" beyond=\"2\" "
                             "of=\"3\"");
  g_autoptr(AdmBattle) far = load_with_changed_rules ("fire-range.xml", "ruleset",
                                                      "beyond=\"3\" of=\"4\"",
                                                      "beyond=\"2\" of=\"3\"");

  g_assert_cmpint (adm_ruleset_get_range_bands (adm_battle_get_ruleset (battle))->near_of, ==,
                   4);
  resolve (battle, FIRE ("vorberg:main", "half"), "1 1");
  assert_reported (battle, "firepower 5 at crossing capital ship Half, 17.5 cm, column 4: "
                           "2 dice");
  resolve (far, FIRE ("vorberg:main", "threeq"), "1");
  assert_reported (far, "at crossing capital ship Threeq, 26.2 cm, long range, column 5: "
                        "1 die (1)");
}

static void
test_art_behind_marker (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) no_shot = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-ART-10: behind an explosion marker, one column right; shifts add up: half range and
   * a marker cancel out (column 4), long range and a marker are two right, clamped to
   * column 5 ("artillery-shift-past-edge" clamp). */
  first = resolve (battle, FIRE ("vorberg:main", "mid"), "1 1");
  assert_rolls (battle, first, "F-ART-11 2d6=1 1");
  assert_reported (battle, "at crossing capital ship Mid, 15.0 cm, half range, behind an "
                           "explosion marker, column 4: 2 dice (1 1)");
  g_clear_object (&battle);
  battle = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  first = resolve (battle, FIRE ("vorberg:main", "midlong"), "1");
  assert_rolls (battle, first, "F-ART-11 1d6=1");
  assert_reported (battle, "at crossing capital ship Midlong, 30.0 cm, long range, behind an "
                           "explosion marker, column 5: 1 die (1)");
  /* "artillery-shift-past-edge" no-shot: past the edge there is nothing to roll. */
  set_ruling (no_shot, "artillery-shift-past-edge", "no-shot");
  first = resolve (no_shot, FIRE ("vorberg:main", "midlong"), NULL);
  assert_rolls (no_shot, first, "");
  assert_reported (no_shot, "Midlong, 30.0 cm, long range, behind an explosion marker, "
                            "column 0: 0 dice (-) at 3+ — 0 hits, 0 damage.");
}

static void
test_art_special_targets (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("fire-duel.xml");
  AdmRuleset *ruleset = adm_battle_get_ruleset (battle);
  g_autoptr(GError) error = NULL;
  int dice = -1, column = -1;

  g_test_message ("F-ART-16: satellites and torpedoes have no orientation: one column each, "
                  "orbital 1 and torpedoes 5, whatever the aspect; ships always have one");
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 12, "orbital", 0, &dice, &column,
                                             &error));
  g_assert_no_error (error);
  g_assert_cmpint (column, ==, 1);
  g_assert_cmpint (dice, ==, 11);
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 12, "torpedo", 0, &dice, &column,
                                             &error));
  g_assert_cmpint (column, ==, 5);
  g_assert_cmpint (dice, ==, 2);
  g_assert_false (adm_ruleset_artillery_dice (ruleset, 12, "approaching-orbital", 0, &dice,
                                              &column, &error));
  g_assert_nonnull (error);
}

static void
test_art_formation_target (void)
{
  g_autoptr(AdmBattle) flagship = load_at ("fire-formation.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) aspect_only = load_at ("fire-formation.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FORM-18 "formation-target" flagship: Esc, alone a crossing escort (column 5), is fired
   * on as its flagship is: an approaching capital ship (column 2). F-FORM-19: the formation's
   * shields, 2 + 1, absorb first; Esc's armour and hull take the rest. */
  g_assert_cmpint (pool (flagship, "esc"), ==, 3);
  first = resolve (flagship, FIRE ("vorberg:main", "esc"), "6 6 6 6 1");
  assert_rolls (flagship, first, "F-ART-11 4d6=6 6 6 6; F-ART-13 1d6=1");
  assert_reported (flagship, "Vorberg's Main battery, firepower 5 at approaching capital ship "
                             "Esc, 20.9 cm, column 2: 4 dice (6 6 6 6) at 3+ — 4 hits, "
                             "3 absorbed by shields, shields down, 1 damage.");
  g_assert_cmpint (hull_left (flagship, "esc"), ==, 3);
  g_assert_cmpint (hull_left (flagship, "flag"), ==, 7);
  g_assert_cmpint (ship (flagship, "esc")->shields_used, ==, 1);
  g_assert_cmpint (ship (flagship, "flag")->shields_used, ==, 2);
  g_assert_cmpint (pool (flagship, "flag"), ==, 0);

  /* aspect-only: the flagship's aspect, the class of the ship fired on (column 3). */
  set_ruling (aspect_only, "formation-target", "aspect-only");
  first = resolve (aspect_only, FIRE ("vorberg:main", "esc"), "6 6 6");
  assert_rolls (aspect_only, first, "F-ART-11 3d6=6 6 6");
  assert_reported (aspect_only, "Vorberg's Main battery, firepower 5 at approaching escort Esc, "
                                "20.9 cm, column 3: 3 dice (6 6 6) at 3+ — 3 hits, 3 absorbed "
                                "by shields, shields down, 0 damage.");
}

/* F-WPN: weapons overview */

static void
test_wpn_shields_against_artillery (void)
{
  g_autoptr(AdmBattle) after = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) before = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-WPN-7 "shields-against-artillery" after-armour: the shields block damage points. */
  first = resolve (after, FIRE ("vorberg:main", "triumph"), "6 5 1 1");
  assert_rolls (after, first, "F-ART-11 4d6=6 5 1 1");
  assert_reported (after, ": 4 dice (6 5 1 1) at 3+ — 2 hits, 2 absorbed by shields, shields "
                          "down, 0 damage.");
  g_assert_cmpint (hull_left (after, "triumph"), ==, 7);

  /* before-armour: each shield cancels a table die before the roll. */
  set_ruling (before, "shields-against-artillery", "before-armour");
  first = resolve (before, FIRE ("vorberg:main", "triumph"), "6 5 1 1");
  assert_rolls (before, first, "F-ART-11 2d6=6 5; F-ART-13 2d6=1 1");
  assert_reported (before, ": 4 dice (6 5) at 3+ — 2 hits, 2 dice cancelled by shields, "
                           "shields down, 2 damage.");
  g_assert_cmpint (hull_left (before, "triumph"), ==, 5);
  g_assert_cmpint (pool (before, "triumph"), ==, 0);
}

static void
test_wpn_shields_default (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("fire-duel.xml",
                                                 "<ruling id=\"shields-against-artillery\" "
                                                 "value=\"after-armour\"/>", "",
                                                 ADM_PHASE_FIRE);
  guint first;

  /* F-WPN-7, with the ruleset's default: «Для стрельбы арт. систем используется
   * артиллерийская таблица, для определения количества попавших залпов. Далее, часть залпов
   * поглощается щитами. Оставшиеся залпы могут быть отбиты броней.» Vorberg's firepower 5
   * at Triumph (approaching capital ship, 20 cm of 35: no shift, F-ART-8, F-ART-9) is column 2: 4
   * salvoes (dice, F-ART-14). Triumph's 2 shields absorb 2 of them; the 2 left are rolled
   * against armour 3 (F-ART-12): 6 and 5 both get through: 2 damage, each checked for a
   * critical on 6+ (F-ART-13): 1 1, none. Shields after the armour would have left 0. */
  g_assert_cmpstr (adm_ruleset_get_ruling_value (adm_battle_get_ruleset (battle),
                                                 "shields-against-artillery"), ==,
                   "before-armour");
  first = resolve (battle, FIRE ("vorberg:main", "triumph"), "6 5 1 1");
  assert_rolls (battle, first, "F-ART-11 2d6=6 5; F-ART-13 2d6=1 1");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 5);
  g_assert_cmpint (pool (battle, "triumph"), ==, 0);
}

static void
test_wpn_artillery_critical (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-destructors.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-WPN-8, F-ART-13: artillery criticals on 6+ (the 5 is none); armour 6 needs 6s. The
   * critical, 6, is engine damage: one more damage point (F-CRIT-13). */
  first = resolve (battle, FIRE ("hartung:main", "monitor"), "6 6 6 6 6 1 5 6 3 3");
  assert_rolls (battle, first, "F-ART-11 6d6=6 6 6 6 6 1; F-ART-13 2d6=5 6; F-CRIT-2 2d6=3 3");
  assert_reported (battle, "Hartung's Main battery, firepower 12 at crossing capital ship "
                           "Monitor, 10.0 cm, half range, column 3: 6 dice (6 6 6 6 6 1) at "
                           "6+ — 5 hits, 3 absorbed by shields, shields down, 2 damage.");
  assert_reported (battle, "Critical checks on Monitor (6+): 5 6 — 1 critical.");
  g_assert_cmpint (hull_left (battle, "monitor"), ==, 9);
  g_assert_cmpint (ship (battle, "monitor")->criticals[ADM_CRIT_ENGINES], ==, 1);
}

/* F-SHLD: shields */

static void
test_shld_block_and_collapse (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-SHLD-1: each shield blocks one damage per fire phase; F-SHLD-2: used up, "
                  "they are down for the rest of the phase, and Vorbretten's hits all go "
                  "through; F-SHLD-3: restored on the next turn");
  g_assert_cmpint (pool (battle, "triumph"), ==, 2);
  first = resolve (battle, FIRE ("vorberg:main", "triumph") FIRE ("vorbretten:main", "triumph"),
                   "6 5 1 1 6 5 1 1 1 2");
  assert_rolls (battle, first, "F-ART-11 4d6=6 5 1 1; F-ART-11 4d6=6 5 1 1; F-ART-13 2d6=1 2");
  assert_reported (battle, "Vorberg's Main battery, firepower 5 at approaching capital ship "
                           "Triumph, 20.0 cm, column 2: 4 dice (6 5 1 1) at 3+ — 2 hits, "
                           "2 absorbed by shields, shields down, 0 damage.");
  assert_reported (battle, "Vorbretten's Main battery, firepower 5 at approaching capital ship "
                           "Triumph, 20.6 cm, column 2: 4 dice (6 5 1 1) at 3+ — 2 hits, "
                           "2 damage.");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 5);
  g_assert_cmpint (pool (battle, "triumph"), ==, 0);

  /* F-SHLD-3: restored on the next turn. */
  battle_helper_skip_to (battle, ADM_PHASE_DETECTION);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (pool (battle, "triumph"), ==, 2);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  first = resolve (battle, FIRE ("vorberg:main", "triumph"), "6 1 1 1");
  assert_rolls (battle, first, "F-ART-11 4d6=6 1 1 1");
  g_assert_cmpint (pool (battle, "triumph"), ==, 1);
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 5);
}

static void
test_shld_generators_destroyed (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);

  /* F-SHLD-3: not restored when the generators were destroyed (F-CRIT-17). */
  resolve (battle, FIRE ("hartung:destructor", "kalloner"), "6 6 6 1 4 5 5");
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_ship_shields (battle, ship_index (battle, "kalloner")), ==, 0);
  g_assert_cmpint (pool (battle, "kalloner"), ==, 0);
}

static void
test_shld_touching_pool (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-shields.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-SHLD-5: Left and Right touch: one pool of 2 + 2. Lone keeps its own. */
  g_assert_cmpint (pool (battle, "left"), ==, 4);
  g_assert_cmpint (pool (battle, "right"), ==, 4);
  g_assert_cmpint (pool (battle, "lone"), ==, 2);
  first = resolve (battle, FIRE ("vorberg:main", "left"), "6 6 6 6");
  assert_rolls (battle, first, "F-ART-11 4d6=6 6 6 6");
  assert_reported (battle, ": 4 dice (6 6 6 6) at 3+ — 4 hits, 4 absorbed by shields, shields "
                           "down, 0 damage.");
  g_assert_cmpint (ship (battle, "left")->shields_used, ==, 2);
  g_assert_cmpint (ship (battle, "right")->shields_used, ==, 2);
  g_assert_cmpint (pool (battle, "right"), ==, 0);
  g_assert_cmpint (pool (battle, "lone"), ==, 2);
  g_assert_cmpint (hull_left (battle, "left"), ==, 7);
}

/* F-CRIT: critical damage */

/* F-CRIT-6: the share of the hull lost that makes a ship damaged is the ruleset's
 * (<damaged lost of>), not the engine's: with a copy of the rules giving 3 of 4, the tug's 2
 * of 4 lost above leave it undamaged, in the report and the preview alike, until a third. */
static void
test_crit_damaged_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("fire-crit.xml", "ruleset", "lost=\"1\" of=\"2\"",
                             "lost=\"3\" of=\"4\"");
  guint tug = ship_index (battle, "tug");

  g_assert_cmpint (adm_crit_6_damaged_at (4, 1, 2), ==, 2);
  g_assert_cmpint (adm_crit_6_damaged_at (7, 1, 2), ==, 4);
  g_assert_cmpint (adm_crit_6_damaged_at (7, 3, 4), ==, 6);
  g_assert_cmpint (adm_battle_ship_damaged_at (battle, tug), ==, 3);
  resolve (battle, FIRE ("hartung:destructor", "tug"), "6 6 1 1 1 3");
  assert_reported (battle, "Tug takes 2 damage: 2 of 4 hull points left.");
  g_assert_false (adm_battle_ship_is_damaged (battle, tug));
  g_assert_cmpint (hull_left (battle, "tug"), ==, 2);
}

static void
test_crit_every_damage_point (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) one = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-CRIT-1: one d6 for every damage point; F-CRIT-5: hull points from the ship "
                  "card (the tug has 4); F-CRIT-6: damaged once half of them are lost");
  g_assert_cmpint (hull_left (battle, "tug"), ==, 4);
  first = resolve (one, FIRE ("hartung:destructor", "tug"), "6 1 1 1 1");
  assert_rolls (one, first, "F-DES-1 4d6=6 1 1 1; F-DES-3 1d6=1");
  assert_reported (one, "Tug takes 1 damage: 3 of 4 hull points left.");
  g_assert_false (adm_battle_ship_is_damaged (one, ship_index (one, "tug")));

  first = resolve (battle, FIRE ("hartung:destructor", "tug"), "6 6 1 1 1 3");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 1 1; F-DES-3 2d6=1 3");
  g_assert_cmpstr (roll_purpose (battle, first + 1), ==, "critical checks on Tug, 4+");
  assert_reported (battle, "Tug takes 2 damage: 2 of 4 hull points left, damaged.");
  g_assert_true (adm_battle_ship_is_damaged (battle, ship_index (battle, "tug")));
  g_assert_cmpint (n_criticals (battle, "tug"), ==, 0);
}

/* Hartung's destructor puts one damage point through Kalloner's two shields and the check
 * (4) finds a critical; @table is the 2d6 of the critical table, then the row's dice. */
static AdmBattle *
crit_on_kalloner (const char *dice,
                  const char *expected_rolls)
{
  AdmBattle *battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  g_autofree char *all = g_strconcat ("6 6 6 1 4 ", dice, NULL);
  g_autofree char *rolls = g_strconcat ("F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=4; ", expected_rolls,
                                        NULL);
  guint first = resolve (battle, FIRE ("hartung:destructor", "kalloner"), all);

  assert_rolls (battle, first, rolls);
  assert_reported (battle, "Critical checks on Kalloner (4+): 4 — 1 critical.");
  return battle;
}

static void
test_crit_table_roll (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("3 4", "F-CRIT-2 2d6=3 4");

  /* F-CRIT-2: the table is rolled with 2d6. */
  g_assert_cmpstr (roll_purpose (battle, adm_battle_get_rolls (battle)->len - 1), ==,
                   "critical damage table for Kalloner");
}

static void
test_crit_main_guns (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("1 1", "F-CRIT-2 2d6=1 1");

  /* F-CRIT-9: the main guns (the strongest artillery, "main-guns") cannot fire. */
  assert_reported (battle, "Critical damage on Kalloner (F-CRIT-9): Main-calibre guns "
                           "damaged — Turret guns cannot fire until they are repaired.");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_MAIN_GUNS], ==, 1);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  assert_knocked_out (battle, FIRE ("kalloner:main", "hartung"),
                      "Kalloner's Main battery cannot fire into its port arc: critical damage "
                      "there is not repaired (F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12).");
}

static void
test_crit_starboard (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("1 2", "F-CRIT-2 2d6=1 2");
  guint first;

  /* F-CRIT-10: the starboard armament only: the main battery still fires to port. */
  assert_reported (battle, "Critical damage on Kalloner (F-CRIT-10): Starboard armament "
                           "damaged —");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_STARBOARD], ==, 1);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  first = resolve (battle, FIRE ("kalloner:main", "hartung"), "1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 5d6=1 1 1 1 1");
}

static void
test_crit_port (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("2 2", "F-CRIT-2 2d6=2 2");

  /* F-CRIT-11: the port armament cannot be used until repaired. */
  assert_reported (battle, "Critical damage on Kalloner (F-CRIT-11): Port armament damaged —");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_PORT], ==, 1);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  assert_knocked_out (battle, FIRE ("kalloner:main", "hartung"),
                      "Kalloner's Main battery cannot fire into its port arc: critical damage "
                      "there is not repaired (F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12).");
}

static void
test_crit_bow (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("2 3", "F-CRIT-2 2d6=2 3");
  guint first;

  /* F-CRIT-12: the bow armament is knocked out; the port arc still fires. */
  assert_reported (battle, "Critical damage on Kalloner (F-CRIT-12): Bow armament knocked "
                           "out —");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_BOW], ==, 1);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  first = resolve (battle, FIRE ("kalloner:main", "hartung"), "1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 5d6=1 1 1 1 1");
}

static void
test_crit_engines (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("3 3", "F-CRIT-2 2d6=3 3");

  /* F-CRIT-13: +1 damage, and no turning until repaired. */
  assert_reported (battle, "Critical damage on Kalloner (F-CRIT-13): Engine compartment "
                           "damaged —");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_ENGINES], ==, 1);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  refuse (battle, "<move formation=\"k1\"><turn degrees=\"45\"/></move>", NULL, "(F-CRIT-13)");
}

static void
test_crit_fire (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("3 4", "F-CRIT-2 2d6=3 4");
  guint first;

  /* F-CRIT-14: a fire not put out does one damage at the end of the turn and keeps
   * burning; its damage checks for a critical on 6+ ("critical-threshold-other"). Nobody
   * declared damage control ("damage-control-attempts" declared), so no F-DC-2 roll: the
   * attempts are tested in test-battle-end.c. */
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_FIRE], ==, 1);
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 1);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);
  battle_helper_skip_to (battle, ADM_PHASE_END);
  first = resolve (battle, NULL, "1");
  assert_rolls (battle, first, "F-CRIT-14 1d6=1");
  assert_reported (battle, "Fire aboard Kalloner is still burning.");
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 1);
}

static void
test_crit_central_deck (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("4 4", "F-CRIT-2 2d6=4 4");

  /* F-CRIT-15: +1 damage, 10 cm less speed. */
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_CENTRAL_DECK], ==, 1);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 9);
  g_assert_cmpint (adm_battle_ship_speed (battle, ship_index (battle, "kalloner")), ==, 16);
}

/* F-CRIT-15: the 10 cm is the critical table's (the central deck row's speed-loss), not the
 * engine's. With a copy losing 5, Kalloner's 26 cm fall to 21. */
static void
test_crit_central_deck_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "speed-loss=\"10\"", "speed-loss=\"5\"");
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("4 4", "F-CRIT-2 2d6=4 4");

  changed_rules_end (dir);
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_CENTRAL_DECK], ==, 1);
  g_assert_cmpint (adm_battle_ship_speed (battle, ship_index (battle, "kalloner")), ==, 21);
  /* The pure rule: the loss for each hit, never below 0. */
  g_assert_cmpint (adm_crit_15_speed (26, 1, 10), ==, 16);
  g_assert_cmpint (adm_crit_15_speed (26, 2, 10), ==, 6);
  g_assert_cmpint (adm_crit_15_speed (26, 3, 10), ==, 0);
  g_assert_cmpint (adm_crit_15_speed (26, 0, 10), ==, 26);
}

/* F-CRIT-2: the critical table is rolled with the ruleset's dice. With a copy rolling 3d6 on
 * tables of rows 3..18, 2+3+3 = 8 is the fire (the rulebook's 7), kept as its result. */
static void
test_crit_table_of_its_dice (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-CRIT-2\" dice=\"2\"",
                                   "clause=\"F-CRIT-2\" dice=\"3\"");
  g_autoptr(AdmBattle) battle = NULL;

  changed_rules_critical_3d6 (dir);
  battle = crit_on_kalloner ("2 3 3", "F-CRIT-2 3d6=2 3 3");
  changed_rules_end (dir);
  assert_reported (battle, "Critical damage on Kalloner (F-CRIT-14)");
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_FIRE], ==, 1);
  g_assert_cmpint (ship (battle, "kalloner")->on_fire, ==, 1);
  /* The pure rule: the highest sum wraps to the lowest. */
  g_assert_cmpint (adm_crit_20_next_roll (12, 2), ==, 2);
  g_assert_cmpint (adm_crit_20_next_roll (12, 3), ==, 13);
  g_assert_cmpint (adm_crit_20_next_roll (18, 3), ==, 3);
}

static void
test_crit_bridge (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("4 5 2", "F-CRIT-2 2d6=4 5; F-CRIT-16 1d3=2");
  guint k = ship_index (battle, "kalloner");

  /* F-CRIT-16: readiness −3, ECM attack −d3; F-RDY-3 adds its −1 this turn. */
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_BRIDGE], ==, 1);
  g_assert_cmpint (ship (battle, "kalloner")->readiness_loss, ==, 3);
  g_assert_cmpint (ship (battle, "kalloner")->ecm_attack_loss, ==, 2);
  g_assert_cmpint (adm_battle_ship_readiness (battle, k), ==, 3);
  g_assert_cmpint (adm_battle_ship_ecm_attack (battle, k), ==, 0);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 10);
  assert_reported (battle, "Kalloner loses 3 readiness.");
  assert_reported (battle, "Kalloner loses 2 ECM attack.");
}

static void
test_crit_shields (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("5 5", "F-CRIT-2 2d6=5 5");

  /* F-CRIT-17: shield rating 0 for good. */
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_SHIELDS], ==, 1);
  g_assert_cmpint (adm_battle_ship_shields (battle, ship_index (battle, "kalloner")), ==, 0);
  g_assert_cmpint (pool (battle, "kalloner"), ==, 0);
}

static void
test_crit_hull (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("5 6 4 2",
                                                  "F-CRIT-2 2d6=5 6; F-CRIT-18 1d6=4; "
                                                  "F-CRIT-18 1d3=2");
  guint k = ship_index (battle, "kalloner");

  /* F-CRIT-18: +d3 damage, −d6 readiness. */
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_HULL], ==, 1);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 8);
  g_assert_cmpint (ship (battle, "kalloner")->readiness_loss, ==, 4);
  g_assert_cmpint (adm_battle_ship_readiness (battle, k), ==, 2);
  g_assert_cmpstr (roll_purpose (battle, adm_battle_get_rolls (battle)->len - 2), ==,
                   "readiness lost to critical damage");
  g_assert_cmpstr (roll_purpose (battle, adm_battle_get_rolls (battle)->len - 1), ==,
                   "additional damage of a critical");
}

static void
test_crit_superstructure (void)
{
  g_autoptr(AdmBattle) battle = crit_on_kalloner ("6 6 3 1 5",
                                                  "F-CRIT-2 2d6=6 6; F-CRIT-19 1d3=3; "
                                                  "F-CRIT-19 1d3=1; F-CRIT-19 1d6=5");

  /* F-CRIT-19: +d6 damage, −d3 readiness, −d3 ECM attack. */
  g_assert_cmpint (ship (battle, "kalloner")->criticals[ADM_CRIT_SUPERSTRUCTURE], ==, 1);
  g_assert_cmpint (hull_left (battle, "kalloner"), ==, 5);
  g_assert_cmpint (ship (battle, "kalloner")->readiness_loss, ==, 3);
  g_assert_cmpint (ship (battle, "kalloner")->ecm_attack_loss, ==, 1);
  g_assert_cmpstr (roll_purpose (battle, adm_battle_get_rolls (battle)->len - 2), ==,
                   "ECM attack lost to critical damage");
}

static void
test_crit_table_rows (void)
{
  static const char *const dice[] = {
    "1 1", "1 2", "2 2", "2 3", "3 3", "3 4", "4 4", "4 5 1", "5 5", "5 6 1 1", "6 6 1 1 1",
  };

  /* F-CRIT-8: each 2d6 result gives exactly its row. */
  for (int r = 2; r <= 12; r++)
    {
      g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
      g_autofree char *all = g_strconcat ("6 6 6 1 4 ", dice[r - 2], NULL);

      resolve (battle, FIRE ("hartung:destructor", "kalloner"), all);
      g_assert_cmpint (ship (battle, "kalloner")->criticals[r], ==, 1);
      g_assert_cmpint (n_criticals (battle, "kalloner"), ==, 1);
    }
}

static void
test_crit_no_loss_outside_low_orbit (void)
{
  static const char *const rows[] = { "3 3", "4 4", "5 6 6 3", "6 6 3 3 6" };

  g_test_message ("F-CRIT-21: in low orbits results 6, 8, 11 and 12 lose the ship (comes with "
                  "the low-orbit rules, F-ORB); outside low orbit they do not destroy it");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
      g_autofree char *all = g_strconcat ("6 6 6 1 4 ", rows[i], NULL);

      resolve (battle, FIRE ("hartung:destructor", "kalloner"), all);
      g_assert_cmpint (ship (battle, "kalloner")->status, ==, ADM_SHIP_ACTIVE);
      g_assert_cmpint (hull_left (battle, "kalloner"), >, 0);
      g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 0);
    }
}

static void
test_crit_causes_catastrophic (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-CRIT-3 ("catastrophic-trigger" zero-hull): the extra d6 damage of result 12 takes the
   * tug from 2 to 0 hull points and to the catastrophic table (F-CRIT-7). */
  first = resolve (battle, FIRE ("hartung:destructor", "tug"), "6 6 1 1 4 1 6 6 1 1 6 1 1");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 1 1; F-DES-3 2d6=4 1; F-CRIT-2 2d6=6 6; "
                               "F-CRIT-19 1d3=1; F-CRIT-19 1d3=1; F-CRIT-19 1d6=6; "
                               "F-CAT-3 2d6=1 1");
  assert_reported (battle, "Tug takes 2 damage: 0 of 4 hull points left.");
  g_assert_cmpint (ship (battle, "tug")->status, ==, ADM_SHIP_DRIFTING_HULK);
  g_assert_cmpint (hull_left (battle, "tug"), ==, 0);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  assert_marker (battle, 0, 6, 6, 1.5, 1);
}

static void
test_crit_next_entry (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) shields = load_at ("fire-crit.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-CRIT-20: the tug has no starboard or port armament: 3 becomes 4, then 5 (bow); two
   * criticals on the bow stack. */
  first = resolve (battle, FIRE ("hartung:destructor", "tug"), "6 6 1 1 4 4 1 2 2 3");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 1 1; F-DES-3 2d6=4 4; F-CRIT-2 2d6=1 2; "
                               "F-CRIT-2 2d6=2 3");
  assert_reported (battle, "Critical 3 does not apply to Tug; the next entry, 5, does "
                           "(F-CRIT-20).");
  g_assert_cmpint (ship (battle, "tug")->criticals[ADM_CRIT_STARBOARD], ==, 0);
  g_assert_cmpint (ship (battle, "tug")->criticals[ADM_CRIT_PORT], ==, 0);
  g_assert_cmpint (ship (battle, "tug")->criticals[ADM_CRIT_BOW], ==, 2);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  assert_knocked_out (battle, FIRE ("tug:guns", "hartung"), "Tug's Point-defence gun cannot "
                      "fire into its bow arc: critical damage there is not repaired "
                      "(F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12).");

  /* No shield generators to destroy: 10 becomes 11. */
  first = resolve (shields, FIRE ("hartung:destructor", "tug"), "6 1 1 1 4 4 6 1 1");
  assert_rolls (shields, first, "F-DES-1 4d6=6 1 1 1; F-DES-3 1d6=4; F-CRIT-2 2d6=4 6; "
                                "F-CRIT-18 1d6=1; F-CRIT-18 1d3=1");
  assert_reported (shields, "Critical 10 does not apply to Tug; the next entry, 11, does "
                            "(F-CRIT-20).");
  g_assert_cmpint (ship (shields, "tug")->criticals[ADM_CRIT_HULL], ==, 1);
  g_assert_cmpint (hull_left (shields, "tug"), ==, 2);
}

static void
test_crit_escorts_destroyed (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-escorts.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-CRIT-4, F-CAT-2: a destroyer is destroyed by a critical and replaced by "
                  "an explosion marker; no table roll. It never fires again, and nothing fires "
                  "at it");
  first = resolve (battle, FIRE ("hartung:destructor", "vervani")
                           FIRE ("vervani:guns", "hartung")
                           FIRE ("hartung:main", "vervani"),
                   "6 6 1 1 4");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 1 1; F-DES-3 1d6=4");
  assert_reported (battle, "Vervani, an escort, is destroyed by the critical hit and replaced "
                           "by an explosion marker.");
  assert_reported (battle, "Vervani is out of action and does not fire.");
  assert_reported (battle, "Vervani is already destroyed; Hartung holds its fire.");
  g_assert_cmpint (ship (battle, "vervani")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (hull_left (battle, "vervani"), ==, 0);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  assert_marker (battle, 0, 10, -5, 1.5, 1);

  /* Next turn: still out of action. */
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  first = resolve (battle, FIRE ("vervani:guns", "hartung"), NULL);
  assert_rolls (battle, first, "");
}

static void
test_crit_frigates_survive (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-escorts.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-CRIT-4 ("frigate-critical" frigates-survive): a frigate rolls on the table. */
  first = resolve (battle, FIRE ("hartung:destructor", "frigate"), "6 6 1 1 4 3 4");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 1 1; F-DES-3 1d6=4; F-CRIT-2 2d6=3 4");
  g_assert_cmpint (ship (battle, "frigate")->status, ==, ADM_SHIP_ACTIVE);
  g_assert_cmpint (ship (battle, "frigate")->criticals[ADM_CRIT_FIRE], ==, 1);
  g_assert_cmpint (hull_left (battle, "frigate"), ==, 2);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 0);
}

/* F-RDY-3 */

static void
test_readiness_penalty (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  guint t = ship_index (battle, "triumph");

  /* F-RDY-3: −1 this turn and the next. */
  g_assert_cmpint (adm_battle_ship_readiness (battle, t), ==, 6);
  resolve (battle, FIRE ("vorberg:main", "triumph"), "6 6 6 1 1");
  g_assert_cmpint (adm_battle_ship_readiness (battle, t), ==, 5);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_ship_readiness (battle, t), ==, 5);
  battle_helper_skip_to (battle, ADM_PHASE_END);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 3);
  g_assert_cmpint (adm_battle_ship_readiness (battle, t), ==, 6);
}

/* F-CAT: catastrophic damage */

/* Hartung's destructor takes Victim's last hull point, whose critical check (F-CRIT-1,
 * F-DES-3) fails on a 1; @dice follow it (the catastrophic table first). */
static AdmBattle *
wreck_victim (const char *more_orders,
              const char *dice,
              const char *expected_rolls)
{
  AdmBattle *battle = load_at ("fire-catastrophe.xml", ADM_PHASE_FIRE);
  g_autofree char *body = g_strconcat (FIRE ("hartung:destructor", "victim"), more_orders,
                                       NULL);
  g_autofree char *all = g_strconcat ("6 6 6 1 1 ", dice, NULL);
  g_autofree char *rolls = g_strconcat ("F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=1; ", expected_rolls,
                                        NULL);
  guint first;

  /* F-CRIT-5: Victim's card gives 7 hull points; the set-up has 6 lost. */
  g_assert_cmpint (hull_left (battle, "victim"), ==, 1);
  first = resolve (battle, body, all);
  assert_rolls (battle, first, rolls);
  assert_reported (battle, "Victim takes 1 damage: 0 of 7 hull points left.");
  return battle;
}

/* F-CRIT-1 «Проверка на критическое повреждение делается для каждого повреждения корабля,
 * независимо от того, каков его источник»: the damage that takes Victim to 0 hull points has
 * its check as any other (F-DES-3, 4+), before the catastrophic table (F-CRIT-7), so the dice
 * typed in by the book fall where the book puts them; a check that passes rolls on the
 * critical table as any other, and the wreck rolls the catastrophic table after it. */
static void
test_crit_wreck_checked (void)
{
  g_autoptr(AdmBattle) missed = load_at ("fire-catastrophe.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) passed = load_at ("fire-catastrophe.xml", ADM_PHASE_FIRE);
  guint first;

  first = resolve (missed, FIRE ("hartung:destructor", "victim"), "6 6 6 1 1 1 1");
  assert_rolls (missed, first, "F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=1; F-CAT-3 2d6=1 1");
  assert_reported (missed, "Victim takes 1 damage: 0 of 7 hull points left.");
  assert_reported (missed, "Critical checks on Victim (4+): 1 — 0 criticals.");
  g_assert_cmpint (ship (missed, "victim")->status, ==, ADM_SHIP_DRIFTING_HULK);

  first = resolve (passed, FIRE ("hartung:destructor", "victim"), "6 6 6 1 4 5 5 1 1");
  assert_rolls (passed, first, "F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=4; F-CRIT-2 2d6=5 5; "
                               "F-CAT-3 2d6=1 1");
  assert_reported (passed, "Critical checks on Victim (4+): 4 — 1 critical.");
  g_assert_cmpint (n_criticals (passed, "victim"), ==, 1);
  g_assert_cmpint (ship (passed, "victim")->status, ==, ADM_SHIP_DRIFTING_HULK);
}

static void
test_cat_drifting_hulk (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim (FIRE ("victim:main", "hartung"), "1 1",
                                              "F-CAT-3 2d6=1 1");
  guint first;

  g_test_message ("F-CRIT-7, F-CAT-3: 0 hull points, 2d6 on the catastrophic table; F-CAT-10: "
                  "2 is a drifting hulk with an explosion marker where it was wrecked; F-CAT-1: "
                  "it no longer fights; F-CAT-7: no shields");
  g_assert_cmpstr (roll_purpose (battle, adm_battle_get_rolls (battle)->len - 1), ==,
                   "catastrophic damage table for Victim");
  assert_reported (battle, "Catastrophic damage to Victim, 2 (F-CAT-10): Drifting hulk — The "
                           "ship becomes a helpless lump of metal and drifts at a speed of 4d6 "
                           "cm.");
  assert_reported (battle, "Victim is out of action and does not fire.");
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_DRIFTING_HULK);
  g_assert_cmpint (adm_battle_ship_shields (battle, ship_index (battle, "victim")), ==, 0);
  g_assert_cmpint (pool (battle, "victim"), ==, 0);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  assert_marker (battle, 0, 10, 0, 2, 1);
  g_assert_cmpint (adm_battle_get_formation (battle,
                                            adm_battle_formation_index (battle, "k1"))->flagship,
                   ==, -1);

  /* F-CAT-10 ("hulk-drift"): 4d6 cm along its heading in the next movement phase. */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  first = resolve (battle, NULL, "1 2 3 4");
  assert_rolls (battle, first, "F-CAT-10 4d6=1 2 3 4");
  assert_reported (battle, "The hulk of Victim drifts 10 cm.");
  g_assert_cmpfloat_with_epsilon (ship (battle, "victim")->position.x, 20, 1e-6);
  g_assert_cmpfloat_with_epsilon (ship (battle, "victim")->position.y, 0, 1e-6);
  assert_marker (battle, 0, 10, 0, 2, 1);
}

static void
test_cat_burning_hulk (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim ("", "3 4", "F-CAT-3 2d6=3 4");
  guint first;

  /* F-CAT-11: 7 is a blazing hulk; it moves 4d6 cm in the movement phase, then rolls the
   * table again (3: a drifting hulk, no new marker). */
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_BURNING_HULK);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  first = resolve (battle, NULL, "1 1 1 1 1 2");
  assert_rolls (battle, first, "F-CAT-11 4d6=1 1 1 1; F-CAT-3 2d6=1 2");
  g_assert_cmpfloat_with_epsilon (ship (battle, "victim")->position.x, 14, 1e-6);
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_DRIFTING_HULK);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
}

/* F-CAT-13: «На месте 5D-провала остается маркер взрыва». Victim, a blazing hulk since turn 1
 * (F-CAT-11, its marker left at (10, 0)), moves 4d6 = 4 cm to (14, 0) in the movement phase
 * of turn 2 and rolls the table again: 12, the Necklin rift. Its 3d6 = 3 cm reaches nobody
 * (Bystander is 8.9 cm off, Beyond 11 cm); a new explosion marker, the size of its base, lies
 * at (14, 0) where the rift opened, the old one still at (10, 0). */
static void
test_cat_rift_after_drift (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim ("", "3 4", "F-CAT-3 2d6=3 4");
  guint first;

  g_test_message ("F-CAT-11, F-CAT-13: a hulk that moved and then explodes leaves an explosion "
                  "marker where it explodes");
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_BURNING_HULK);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  first = resolve (battle, NULL, "1 1 1 1  6 6  1 1 1");
  assert_rolls (battle, first, "F-CAT-11 4d6=1 1 1 1; F-CAT-3 2d6=6 6; F-CAT-13 3d6=1 1 1");
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 2);
  assert_marker (battle, 0, 10, 0, 2, 1);
  assert_marker (battle, 1, 14, 0, 2, 2);
}

static void
test_cat_plasma_overload (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim (FIRE ("hartung:main", "victim"),
                                              "4 5 3 3 3 4 5 1 1 1",
                                              "F-CAT-3 2d6=4 5; F-CAT-12 3d6=3 3 3; "
                                              "F-CAT-12 3d6=4 5 1; F-CRIT-1 2d6=1 1");
  guint first;

  /* F-CAT-12 ("explosion-strike" dice-per-vessel): the ship explodes; within 3d6 = 9 cm only
   * Bystander (8 cm): half of 7 = 3 d6, each 4+ one damage, no armour, no shields. */
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_DESTROYED);
  first = adm_battle_get_rolls (battle)->len - 3;
  g_assert_cmpstr (roll_purpose (battle, first), ==, "radius of the explosion of Victim, cm");
  g_assert_cmpstr (roll_purpose (battle, first + 1), ==,
                   "explosion of Victim against Bystander, 4+ each");
  assert_reported (battle, "The explosion of Victim reaches 9 cm (strength 3).");
  assert_reported (battle, "The explosion strikes Bystander: 2 damage.");
  assert_reported (battle, "Victim is already destroyed; Hartung holds its fire.");
  g_assert_cmpint (hull_left (battle, "bystander"), ==, 5);
  g_assert_cmpint (pool (battle, "bystander"), ==, 2);
  g_assert_cmpint (hull_left (battle, "hartung"), ==, 20);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  assert_marker (battle, 0, 10, 0, 2, 1);
}

static void
test_cat_plasma_one_die (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-catastrophe.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-CAT-12 ("explosion-strike" one-die-per-vessel): one d6, 4+ is the whole strength. */
  set_ruling (battle, "explosion-strike", "one-die-per-vessel");
  first = resolve (battle, FIRE ("hartung:destructor", "victim"), "6 6 6 1 1 4 5 3 3 3 4 1 1 1");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=1; "
                               "F-CAT-3 2d6=4 5; F-CAT-12 3d6=3 3 3; "
                               "F-CAT-12 1d6=4; F-CRIT-1 3d6=1 1 1");
  g_assert_cmpstr (roll_purpose (battle, first + 4), ==,
                   "explosion of Victim against Bystander, 4+");
  g_assert_cmpint (hull_left (battle, "bystander"), ==, 4);
}

/* F-CAT-12: an explosion's strike damages on the ruleset's number (<explosion-strike
 * damage-on>), not the engine's: with a copy of the rules striking on 5+, the 4 that gives
 * the whole strength above gives nothing. */
static void
test_cat_strike_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("fire-catastrophe.xml", "ruleset", "damage-on=\"4\"",
                             "damage-on=\"5\"");
  guint first;

  g_assert_cmpint (adm_ruleset_get_explosion_damage_on (adm_battle_get_ruleset (battle)), ==, 5);
  set_ruling (battle, "explosion-strike", "one-die-per-vessel");
  first = resolve (battle, FIRE ("hartung:destructor", "victim"), "6 6 6 1 1 4 5 3 3 3 4");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=1; "
                               "F-CAT-3 2d6=4 5; F-CAT-12 3d6=3 3 3; "
                               "F-CAT-12 1d6=4");
  g_assert_cmpstr (roll_purpose (battle, first + 4), ==,
                   "explosion of Victim against Bystander, 5+");
  assert_reported (battle, "The explosion strikes Bystander: 0 damage.");
  g_assert_cmpint (hull_left (battle, "bystander"), ==, 7);
}

/* F-CAT-12, F-CAT-13: an explosion's strength is the ruleset's share of the starting hull
 * (<explosion-strength>), not the engine's half and whole: with a copy of the rules giving the
 * plasma drives 75 %, Victim's 7 hull points make a strike of 5 (rounded down); with one giving
 * the Necklin rift 25 %, of 1. */
static void
test_cat_strength_from_ruleset (void)
{
  g_autoptr(AdmBattle) plasma =
    load_with_changed_rules ("fire-catastrophe.xml", "ruleset",
                             "clause=\"F-CAT-12\" hull-percent=\"50\"",
                             "clause=\"F-CAT-12\" hull-percent=\"75\"");
  g_autoptr(AdmBattle) rift =
    load_with_changed_rules ("fire-catastrophe.xml", "ruleset",
                             "clause=\"F-CAT-13\" hull-percent=\"100\"",
                             "clause=\"F-CAT-13\" hull-percent=\"25\"");
  guint first;

  g_assert_cmpint (adm_ruleset_get_explosion_percent (adm_battle_get_ruleset (plasma),
                                                      ADM_EXPLOSION_PLASMA_OVERLOAD), ==, 75);
  set_ruling (plasma, "explosion-strike", "one-die-per-vessel");
  first = resolve (plasma, FIRE ("hartung:destructor", "victim"),
                   "6 6 6 1 1 4 5 3 3 3 4 1 1 1 1 1");
  assert_rolls (plasma, first, "F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=1; "
                               "F-CAT-3 2d6=4 5; F-CAT-12 3d6=3 3 3; "
                               "F-CAT-12 1d6=4; F-CRIT-1 5d6=1 1 1 1 1");
  assert_reported (plasma, "The explosion of Victim reaches 9 cm (strength 5).");
  g_assert_cmpint (hull_left (plasma, "bystander"), ==, 2);

  set_ruling (rift, "explosion-strike", "one-die-per-vessel");
  first = resolve (rift, FIRE ("hartung:destructor", "victim"), "6 6 6 1 1 6 6 3 3 3 4 1");
  assert_rolls (rift, first, "F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=1; "
                             "F-CAT-3 2d6=6 6; F-CAT-13 3d6=3 3 3; "
                             "F-CAT-13 1d6=4; F-CRIT-1 1d6=1");
  assert_reported (rift, "The explosion of Victim reaches 9 cm (strength 1).");
  g_assert_cmpint (hull_left (rift, "bystander"), ==, 6);
  /* The pure rule, rounded down. */
  g_assert_cmpint (adm_cat_12_strength (7, 50), ==, 3);
  g_assert_cmpint (adm_cat_12_strength (7, 100), ==, 7);
  g_assert_cmpint (adm_cat_12_strength (7, 0), ==, 0);
}

/* F-CRIT-1 ("critical-threshold-other"): an explosion's damage checks for criticals on the
 * ruleset's number (<check source="explosion">): on 2+, the 1 1 that brings none above
 * brings one for the 2. */
static void
test_cat_strike_critical_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle = NULL;
  guint first;

  battle = load_with_changed_rules ("fire-catastrophe.xml", "ruleset",
                                    "source=\"explosion\" clause=\"F-CRIT-1\" on=\"6\"",
                                    "source=\"explosion\" clause=\"F-CRIT-1\" on=\"2\"");
  first = resolve (battle, FIRE ("hartung:destructor", "victim") FIRE ("hartung:main", "victim"),
                   "6 6 6 1 1 4 5 3 3 3 4 5 1 1 2 5 5");
  assert_rolls (battle, first, "F-DES-1 4d6=6 6 6 1; F-DES-3 1d6=1; F-CAT-3 2d6=4 5; "
                               "F-CAT-12 3d6=3 3 3; F-CAT-12 3d6=4 5 1; F-CRIT-1 2d6=1 2; "
                               "F-CRIT-2 2d6=5 5");
  assert_reported (battle, "Critical checks on Bystander (2+): 1 2 — 1 critical.");
  g_assert_cmpint (n_criticals (battle, "bystander"), ==, 1);
}

static void
test_cat_friend_and_foe (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim ("", "4 5 4 3 3 4 1 1 1 1 1 1",
                                              "F-CAT-3 2d6=4 5; F-CAT-12 3d6=4 3 3; "
                                              "F-CAT-12 3d6=4 1 1; F-CRIT-1 1d6=1; "
                                              "F-CAT-12 3d6=1 1 1");

  /* F-CAT-12: within 10 cm, Hartung (the foe, 10 cm) and Bystander (a friend, 8 cm). */
  assert_reported (battle, "The explosion strikes Hartung: 1 damage.");
  assert_reported (battle, "The explosion strikes Bystander: 0 damage.");
  g_assert_cmpint (hull_left (battle, "hartung"), ==, 19);
  g_assert_cmpint (hull_left (battle, "vorberg"), ==, 8);
}

static void
test_cat_necklin_rift (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim ("", "6 6 3 3 3 4 4 4 4 1 1 1 1 1 1 1",
                                              "F-CAT-3 2d6=6 6; F-CAT-13 3d6=3 3 3; "
                                              "F-CAT-13 7d6=4 4 4 4 1 1 1; "
                                              "F-CRIT-1 4d6=1 1 1 1");

  /* F-CAT-13: 12, the Necklin rift: the whole starting hull (7) as strength, and an
   * explosion marker at the rift. */
  assert_reported (battle, "Catastrophic damage to Victim, 12 (F-CAT-13): Necklin drive rift —");
  assert_reported (battle, "The explosion of Victim reaches 9 cm (strength 7).");
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_DESTROYED);
  g_assert_cmpint (hull_left (battle, "bystander"), ==, 3);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
  assert_marker (battle, 0, 10, 0, 2, 1);
}

static void
test_cat_table (void)
{
  static const struct { const char *dice; AdmShipStatus status; const char *clause; } rows[] = {
    { "1 1", ADM_SHIP_DRIFTING_HULK, "F-CAT-10" }, { "3 3", ADM_SHIP_DRIFTING_HULK, "F-CAT-10" },
    { "3 4", ADM_SHIP_BURNING_HULK, "F-CAT-11" }, { "4 4", ADM_SHIP_BURNING_HULK, "F-CAT-11" },
    { "4 5 1 1 1", ADM_SHIP_DESTROYED, "F-CAT-12" },
    { "5 6 1 1 1", ADM_SHIP_DESTROYED, "F-CAT-12" },
    { "6 6 1 1 1", ADM_SHIP_DESTROYED, "F-CAT-13" },
  };

  /* F-CAT-9: 2–6, 7–8, 9–11, 12, each with one marker. */
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(AdmBattle) battle = load_at ("fire-catastrophe.xml", ADM_PHASE_FIRE);
      /* The critical check of the last hull point (F-CRIT-1, F-DES-3) fails on a 1. */
      g_autofree char *all = g_strconcat ("6 6 6 1 1 ", rows[i].dice, NULL);
      g_autofree char *line = g_strdup_printf ("(%s)", rows[i].clause);

      resolve (battle, FIRE ("hartung:destructor", "victim"), all);
      g_assert_cmpint (ship (battle, "victim")->status, ==, rows[i].status);
      g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
      assert_reported (battle, line);
    }
}

static void
test_cat_hulk_blocks (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim ("", "1 1", "F-CAT-3 2d6=1 1");
  g_autoptr(AdmBattle) shift = wreck_victim ("", "1 1", "F-CAT-3 2d6=1 1");
  guint first;

  /* F-CAT-4 ("explosions-and-hulks" markers-shift-hulks-block): next turn the hulk, drifted
   * to (20, 0), blocks the line from Vorberg to Beyond (it misses the marker at (10, 0)):
   * the battery holds its fire. Hartung's line crosses both. */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, NULL, "1 2 3 4");
  first = resolve (battle, FIRE ("vorberg:main", "beyond") FIRE ("hartung:main", "beyond"),
                   NULL);
  assert_rolls (battle, first, "");
  assert_reported (battle, "The hulk of Victim blocks the line of fire from Vorberg to Beyond "
                           "(F-CAT-4): Vorberg's Main battery holds its fire.");
  assert_reported (battle, "The hulk of Victim blocks the line of fire from Hartung to Beyond "
                           "(F-CAT-4): Hartung's Main battery holds its fire.");
  g_assert_cmpint (ship (battle, "vorberg")->fired, ==, 0);

  /* both-shift: the hulk shifts one column right instead (crossing capital ship, 4 → 5). */
  set_ruling (shift, "explosions-and-hulks", "both-shift");
  battle_helper_skip_to (shift, ADM_PHASE_MOVEMENT);
  resolve (shift, NULL, "1 2 3 4");
  resolve (shift, FIRE ("vorberg:main", "beyond"), "1");
  assert_reported (shift, "Vorberg's Main battery, firepower 5 at crossing capital ship "
                           "Beyond, 25.5 cm, behind an explosion marker, column 5: 1 die (1) "
                           "at 3+ — 0 hits, 0 damage.");
}

static void
test_cat_hulk_made_this_phase (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim (FIRE ("hartung:main", "beyond")
                                              FIRE ("vorberg:main", "bystander"),
                                              "1 1 1 1 1",
                                              "F-CAT-3 2d6=1 1; F-ART-11 3d6=1 1 1");

  /* F-CAT-4 with F-SEQ-2 ("turn-sequence"): a hulk wrecked earlier in this fire phase blocks
   * the later fire through it, which is held — the phase's earlier dice stand. */
  assert_reported (battle, "The hulk of Victim blocks the line of fire from Hartung to Beyond "
                           "(F-CAT-4): Hartung's Main battery holds its fire.");
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_DRIFTING_HULK);
}

static void
test_cat_hulk_hit (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim (FIRE ("vorberg:main", "victim"),
                                              "1 1 3 1 1 1 1 1",
                                              "F-CAT-3 2d6=1 1; F-ART-11 4d6=3 1 1 1; "
                                              "F-CAT-3 2d6=1 1");

  g_test_message ("F-CAT-6: a hulk that takes hits rolls the table again; F-CAT-8: its armour "
                  "(3) still counts; F-CAT-7: no shields absorb");
  /* The wreck's own marker, under it, is not one the shot passes behind (F-ART-10). */
  assert_reported (battle, "Vorberg's Main battery, firepower 5 at receding capital ship "
                           "Victim, 11.2 cm, half range, column 2: 4 dice (3 1 1 1) at 3+ — "
                           "1 hit, 1 damage.");
  assert_reported (battle, "The hulk of Victim is hit and rolls again for catastrophic damage "
                           "(F-CAT-6).");
  g_assert_cmpint (ship (battle, "victim")->status, ==, ADM_SHIP_DRIFTING_HULK);
  g_assert_cmpuint (adm_battle_get_n_markers (battle), ==, 1);
}

static void
test_cat_hulk_no_formation_shields (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-hulk.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-CAT-7: a hulk has no shields — nor do its formation's cover it. */
  g_assert_cmpint (pool (battle, "wreck"), ==, 6);
  first = resolve (battle, FIRE ("hartung:main", "wreck"), "6 6 6 6 6 6 6 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 8d6=6 6 6 6 6 6 6 1; F-ART-13 1d6=1; F-CAT-3 2d6=1 1");
  g_assert_cmpint (ship (battle, "wreck")->status, ==, ADM_SHIP_DRIFTING_HULK);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, NULL, "1 1 1 1");
  first = resolve (battle, FIRE ("hartung:destructor", "wreck"), "5 5 1 1 1 1");
  assert_rolls (battle, first, "F-DES-1 4d6=5 5 1 1; F-CAT-3 2d6=1 1");
  assert_reported (battle, "Hartung's Gravi-destructor, firepower 4 at Wreck: 4 dice (5 5 1 1) "
                           "at 5+ — 2 hits, 2 damage.");
  g_assert_cmpint (ship (battle, "mate")->shields_used, ==, 0);
}

static void
test_cat_torpedoes_at_wrecks (void)
{
  g_autoptr(AdmBattle) battle = wreck_victim ("", "1 1", "F-CAT-3 2d6=1 1");

  g_test_message ("F-CAT-5: torpedoes striking a wreck detonate by the torpedo rules (F-TORP, "
                  "the torpedo phase); in the fire phase torpedoes are refused (F-FIRE-3)");
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  resolve (battle, NULL, "1 1 1 1");
  refuse (battle, FIRE ("bystander:torpedoes", "hartung"), NULL, "(F-FIRE-3)");
}

/* F-FORD: fire-phase combat orders */

static void
test_ford_target_lock (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) unlocked = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-FORD-1: combat orders of the fire phase; F-FORD-2 (\"target-lock\"): the "
                  "misses are re-rolled once");
  first = resolve (battle, "<target-lock ship=\"vorberg\"/>" FIRE ("vorberg:main", "triumph"),
                   "6 1 2 3 3 1 1");
  assert_rolls (battle, first, "F-ART-11 4d6=6 1 2 3; F-FORD-2 2d6=3 1; F-ART-13 1d6=1");
  g_assert_cmpstr (roll_purpose (battle, first + 1), ==,
                   "Vorberg's Main battery, firepower 5 at approaching capital ship Triumph, "
                   "22.4 cm, column 2, target lock re-roll of 2 misses");
  assert_reported (battle, "Vorberg locks on its target (F-FORD-2).");
  assert_reported (battle, ": 4 dice (6 1 2 3; re-rolled 3 1) at 3+ — 3 hits, 2 absorbed by "
                           "shields, shields down, 1 damage.");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 6);

  first = resolve (unlocked, FIRE ("vorberg:main", "triumph"), "6 1 2 3");
  assert_rolls (unlocked, first, "F-ART-11 4d6=6 1 2 3");
  g_assert_cmpint (hull_left (unlocked, "triumph"), ==, 7);
}

static void
test_ford_lock_no_turn (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-orders.xml", ADM_PHASE_MOVEMENT);
  g_autoptr(AdmBattle) straight = load_at ("fire-orders.xml", ADM_PHASE_MOVEMENT);
  const char *turn_and_lock = "<move formation=\"b1\"><turn degrees=\"45\"/></move>"
                              "<target-lock ship=\"vorberg\"/>" FIRE ("vorberg:main", "lord");
  const char *lock = "<target-lock ship=\"vorberg\"/>" FIRE ("vorberg:main", "lord");
  guint first;

  /* F-FORD-3, F-FORD-4 («Захват цели»): «Корабль, выполняющий этот приказ, не может
   * поворачивать во время стадии движения. Если корабль поворачивал в стадию движения, он
   * не может поворачивать в следующий ход». The order is given in the fire phase, after the
   * movement: one turn's orders that turn Vorberg 45° and lock on are legal — the turn is
   * made, the lock taken (Lord 10 cm ahead, firepower 5, range 35: half range, column 2 − 1
   * = 1, 5 dice at armour 5; the misses re-rolled once) … */
  resolve (battle, turn_and_lock, NULL);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorberg")->heading, 135, 1e-6);
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  first = resolve (battle, turn_and_lock, "1 1 1 1 1 1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 5d6=1 1 1 1 1; F-FORD-2 5d6=1 1 1 1 1");
  /* … and it may not turn in the next turn (F-FORD-4). */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  refuse (battle, "<move formation=\"b1\"><turn degrees=\"45\"/></move>", NULL,
          "Vorberg group turned last turn under target lock and cannot turn this turn "
          "(F-FORD-4)");

  /* A ship that took the lock without turning turns freely next turn (reading a). */
  resolve (straight, lock, NULL);
  battle_helper_skip_to (straight, ADM_PHASE_FIRE);
  resolve (straight, lock, "1 1 1 1 1 1 1 1 1 1");
  battle_helper_skip_to (straight, ADM_PHASE_MOVEMENT);
  resolve (straight, "<move formation=\"b1\"><turn degrees=\"45\"/></move>", NULL);
  g_assert_cmpfloat_with_epsilon (ship (straight, "vorberg")->heading, 135, 1e-6);
}

static void
test_ford_turned_then_locked (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-orders.xml", ADM_PHASE_MOVEMENT);
  guint first;

  /* F-FORD-4: it turned, then took target lock: no turn next turn. */
  resolve (battle, "<move formation=\"b1\"><turn degrees=\"45\"/></move>", NULL);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorberg")->heading, 135, 1e-6);
  first = resolve (battle, "<target-lock ship=\"vorberg\"/>" FIRE ("vorberg:main", "triumph"),
                   "1 1 1 1 1 1 1 1");
  assert_rolls (battle, first, "F-ART-11 4d6=1 1 1 1; F-FORD-2 4d6=1 1 1 1");
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  refuse (battle, "<move formation=\"b1\"><turn degrees=\"45\"/></move>", NULL, "(F-FORD-4)");
  resolve (battle, "<move formation=\"b1\"><forward cm=\"5\"/></move>", NULL);
}

static void
test_ford_reinforce (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  guint first;

  g_test_message ("F-FORD-5: given in the enemy's fire stage; F-FORD-11: declared after the "
                  "enemy's fire in the orders, it still takes effect before; F-FORD-7: shields "
                  "doubled; F-FORD-10: its own firepower halved (4 → 2)");
  first = resolve (battle, FIRE ("vorberg:main", "triumph")
                           "<reinforce-shields ship=\"triumph\"/>"
                           RETURN_FIRE ("triumph:main", "vorberg"),
                   "6 6 6 6 1");
  assert_rolls (battle, first, "F-ART-11 4d6=6 6 6 6; F-ART-11 1d6=1");
  assert_reported (battle, "Triumph reinforces its shields: they are doubled (F-FORD-7).");
  assert_reported (battle, "Vorberg's Main battery, firepower 5 at approaching capital ship "
                           "Triumph, 22.4 cm, column 2: 4 dice (6 6 6 6) at 3+ — 4 hits, "
                           "4 absorbed by shields, shields down, 0 damage.");
  assert_reported (battle, "Triumph's Main battery, firepower 2 at approaching capital ship "
                           "Vorberg, 22.4 cm, column 2: 1 die (1) at 3+ — 0 hits, 0 damage.");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);

  /* F-FORD-9: no other combat orders next turn; F-FORD-7: the doubling is over. */
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  g_assert_cmpint (pool (battle, "triumph"), ==, 2);
  refuse (battle, "<move formation=\"c2\" order=\"course-correction\"/>", NULL, "(F-FORD-9)");
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  refuse (battle, "<target-lock ship=\"triumph\"/>", NULL,
          "Triumph reinforced its shields last turn and may not take another combat order this "
          "turn (F-FORD-9)");
  first = resolve (battle, FIRE ("triumph:main", "vorberg"), "1 1 1");
  assert_rolls (battle, first, "F-ART-11 3d6=1 1 1");
}

static void
test_ford_extended (void)
{
  g_autoptr(AdmBattle) passed = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) failed = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FORD-6 ("reinforce-shields" check-extends): 2d6 ≤ 6 keeps it through next turn… */
  first = resolve (passed, "<reinforce-shields ship=\"triumph\" extended=\"true\"/>", "3 3");
  assert_rolls (passed, first, "F-FORD-6 2d6=3 3");
  assert_reported (passed, "Triumph: readiness check for reinforcing shields through the next "
                           "turn, 2d6 = 6 against 6: passed.");
  battle_helper_skip_to (passed, ADM_PHASE_FIRE);
  g_assert_cmpint (pool (passed, "triumph"), ==, 4);
  first = resolve (passed, FIRE ("triumph:main", "vorberg"), "1");
  assert_rolls (passed, first, "F-ART-11 1d6=1");
  battle_helper_skip_to (passed, ADM_PHASE_FIRE);
  g_assert_cmpint (adm_battle_get_turn (passed), ==, 3);
  g_assert_cmpint (pool (passed, "triumph"), ==, 2);
  refuse (passed, "<target-lock ship=\"triumph\"/>", NULL, "(F-FORD-9)");

  /* …a failed check, this turn only. */
  first = resolve (failed, "<reinforce-shields ship=\"triumph\" extended=\"true\"/>", "4 3");
  assert_rolls (failed, first, "F-FORD-6 2d6=4 3");
  battle_helper_skip_to (failed, ADM_PHASE_FIRE);
  g_assert_cmpint (pool (failed, "triumph"), ==, 2);
  refuse (failed, "<target-lock ship=\"triumph\"/>", NULL, "(F-FORD-9)");
}

/* F-FORD-8: «Если выпадет 4, 5 или 6, попадание игнорируется» — the 4 is the ruleset's number
 * (<special-shield save-on>), not the engine's. With a copy of the rules reading 5+, the
 * point the artillery brings past the Lord's shields is not saved by a 4, and the roll, the
 * order's report line and the odds all say 5+. */
static void
test_ford_special_shield_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("fire-orders.xml", "ruleset", "save-on=\"4\"", "save-on=\"5\"");
  guint first;

  g_assert_cmpint (adm_ruleset_get_shield_save_on (adm_battle_get_ruleset (battle)), ==, 5);
  first = resolve (battle, "<reinforce-shields ship=\"lord\"/>"
                           FIRE ("vorberg:main", "lord"), "6 6 6 6 6 4 1");
  g_assert_cmpint (adm_battle_ship_shield_save_on (battle, ship_index (battle, "lord")), ==, 5);
  assert_rolls (battle, first, "F-ART-11 5d6=6 6 6 6 6; F-FORD-8 1d6=4; F-ART-13 1d6=1");
  g_assert_cmpstr (roll_purpose (battle, first + 1), ==,
                   "special force shield of Lord, 5+ saves");
  assert_reported (battle, "Lord reinforces its special force shield: each damage is saved on "
                           "5+ (F-FORD-8).");
  /* The Ghem Lord's 18 hull points, less the one point the 4 did not save. */
  g_assert_cmpint (hull_left (battle, "lord"), ==, 17);
}

static void
test_ford_special_shield (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) plain = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FORD-8: the Ghem Lord's special force shield is not doubled; each damage point past
   * the shields is saved on 4+. */
  first = resolve (battle, "<reinforce-shields ship=\"lord\"/>"
                           FIRE ("vorberg:main vorberg:destructor", "lord"),
                   "6 6 6 6 6 4 5 6 4 3 1");
  assert_rolls (battle, first, "F-ART-11 5d6=6 6 6 6 6; F-FORD-8 1d6=4; F-DES-1 2d6=5 6; "
                               "F-FORD-8 2d6=4 3; F-DES-3 1d6=1");
  g_assert_cmpstr (roll_purpose (battle, first + 1), ==,
                   "special force shield of Lord, 4+ saves");
  assert_reported (battle, "Lord reinforces its special force shield: each damage is saved on "
                           "4+ (F-FORD-8).");
  assert_reported (battle, ": 5 dice (6 6 6 6 6) at 5+ — 5 hits, 4 absorbed by shields, "
                           "shields down, 1 saved by the special force shield, 0 damage.");
  assert_reported (battle, "Vorberg's Gravi-destructor, firepower 2 at Lord: 2 dice (5 6) at "
                           "5+ — 2 hits, 1 saved by the special force shield, 1 damage.");
  g_assert_cmpint (hull_left (battle, "lord"), ==, 17);

  /* Not reinforced: no saving throw. */
  first = resolve (plain, FIRE ("vorberg:main vorberg:destructor", "lord"),
                   "6 6 6 6 6 1 5 6 1 1");
  assert_rolls (plain, first, "F-ART-11 5d6=6 6 6 6 6; F-ART-13 1d6=1; F-DES-1 2d6=5 6; "
                              "F-DES-3 2d6=1 1");
  g_assert_cmpint (hull_left (plain, "lord"), ==, 15);
}

static void
test_ford_cover (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-shields.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-FORD-12: reinforced Right covers Left, whose base it touches: 2 + 2 × 2. */
  first = resolve (battle, "<reinforce-shields ship=\"right\"/>" FIRE ("vorberg:main", "left"),
                   "6 6 6 6");
  assert_rolls (battle, first, "F-ART-11 4d6=6 6 6 6");
  assert_reported (battle, ": 4 dice (6 6 6 6) at 3+ — 4 hits, 4 absorbed by shields, "
                           "0 damage.");
  g_assert_cmpint (pool (battle, "left"), ==, 2);
  g_assert_cmpint (pool (battle, "lone"), ==, 2);
}

static void
test_ford_halved_by_movement (void)
{
  static const struct { const char *rounding; int firepower; int dice; } cases[] = {
    { "halve-then-floor", 2, 1 },
    { "halve-then-ceil", 3, 2 },
  };

  g_test_message ("F-MOVE-15 with F-ART-11 (\"halved-firepower\"): course correction halves "
                  "the firepower, 5 → 2 or 3");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_MOVEMENT);
      g_autofree char *line = g_strdup_printf ("Vorberg's Main battery, firepower %d at "
                                               "approaching capital ship Triumph, 20.0 cm, "
                                               "column 2: %d %s", cases[i].firepower,
                                               cases[i].dice, cases[i].dice == 1 ? "die" : "dice");
      g_autofree char *dice = g_strnfill (cases[i].dice * 2 - 1, ' ');

      for (int d = 0; d < cases[i].dice; d++)
        dice[d * 2] = '1';
      set_ruling (battle, "halved-firepower", cases[i].rounding);
      resolve (battle, "<move formation=\"b1\" order=\"course-correction\"/>", NULL);
      resolve (battle, FIRE ("vorberg:main", "triumph"), dice);
      assert_reported (battle, line);
    }
}

/* Property tests */

static gboolean
usable (AdmBattle *battle,
        guint      firer,
        guint      w,
        guint      target)
{
  const AdmBattleShip *s = adm_battle_get_ship (battle, firer);
  const AdmBattleShip *t = adm_battle_get_ship (battle, target);
  const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);
  AdmArcSector sector = adm_sector_of (s->position, s->heading, t->position);
  AdmArcs arc = sector == ADM_SECTOR_BOW ? ADM_ARC_BOW : sector == ADM_SECTOR_STERN
                ? ADM_ARC_STERN : sector == ADM_SECTOR_PORT ? ADM_ARC_PORT : ADM_ARC_STARBOARD;
  int main_guns = -1;

  if (adm_distance (s->position, t->position) > weapon->range || !(weapon->arcs & arc))
    return FALSE;
  for (guint i = 0; i < s->klass->weapons->len; i++)
    {
      const AdmWeapon *other = g_ptr_array_index (s->klass->weapons, i);

      if (other->type == ADM_WEAPON_ARTILLERY &&
          (main_guns < 0 || other->firepower >
             ((const AdmWeapon *) g_ptr_array_index (s->klass->weapons, main_guns))->firepower))
        main_guns = i;
    }
  if ((s->criticals[ADM_CRIT_MAIN_GUNS] > 0 && (int) w == main_guns) ||
      (sector == ADM_SECTOR_STARBOARD && s->criticals[ADM_CRIT_STARBOARD] > 0) ||
      (sector == ADM_SECTOR_PORT && s->criticals[ADM_CRIT_PORT] > 0) ||
      (sector == ADM_SECTOR_BOW && s->criticals[ADM_CRIT_BOW] > 0))
    return FALSE;
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *hulk = adm_battle_get_ship (battle, i);

      if (i != firer && i != target &&
          (hulk->status == ADM_SHIP_DRIFTING_HULK || hulk->status == ADM_SHIP_BURNING_HULK) &&
          adm_segment_meets_circle (s->position, t->position, hulk->position,
                                    hulk->klass->type->base_size / 2))
        return FALSE;
    }
  return TRUE;
}

/* Every active ship fires every direct-fire weapon at the nearest enemy it can reach;
 * Hartung locks on, and Lord reinforces its shields in turn 1. */
static char *
melee_orders (AdmBattle *battle)
{
  GString *body = g_string_new (NULL);
  int turn = adm_battle_get_turn (battle);
  int hartung = adm_battle_ship_index (battle, "hartung");

  if (adm_battle_get_ship (battle, hartung)->status == ADM_SHIP_ACTIVE)
    g_string_append (body, "<target-lock ship=\"hartung\"/>");
  if (turn == 1)
    g_string_append (body, "<reinforce-shields ship=\"lord\"/>");
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);

      if (s->status != ADM_SHIP_ACTIVE)
        continue;
      for (guint w = 0; w < s->klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);
          int best = -1;

          if (weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR)
            continue;
          for (guint t = 0; t < adm_battle_get_n_ships (battle); t++)
            {
              const AdmBattleShip *target = adm_battle_get_ship (battle, t);

              if (target->side == s->side || target->status == ADM_SHIP_DESTROYED ||
                  !usable (battle, i, w, t))
                continue;
              if (best < 0 ||
                  adm_distance (s->position, target->position) <
                    adm_distance (s->position, adm_battle_get_ship (battle, best)->position))
                best = t;
            }
          if (best >= 0)
            g_string_append_printf (body, FIRE ("%s:%s", "%s"), s->id, weapon->id,
                                    adm_battle_get_ship (battle, best)->id);
        }
    }
  return g_string_free (body, FALSE);
}

static void
check_invariants (AdmBattle *battle)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);

      g_assert_cmpint (s->damage, >=, 0);
      g_assert_cmpint (s->damage, <=, s->klass->hull);
      g_assert_cmpint (adm_battle_ship_hull_left (battle, i), >=, 0);
      g_assert_cmpint (adm_battle_ship_shield_pool (battle, i), >=, 0);
      g_assert_cmpint (s->shields_used, >=, 0);
      if (s->status != ADM_SHIP_ACTIVE)
        g_assert_cmpint (s->damage, ==, s->klass->hull);
    }
}

/* No ship fires once the report has it destroyed or wrecked. */
static void
check_no_fire_after_loss (AdmBattle *battle)
{
  GPtrArray *report = adm_battle_get_report (battle);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const char *name = adm_battle_get_ship (battle, i)->name;
      g_autofree char *lost_catastrophic = g_strdup_printf ("Catastrophic damage to %s,", name);
      g_autofree char *lost_escort = g_strdup_printf ("%s, an escort, is destroyed", name);
      g_autofree char *firing = g_strdup_printf ("%s's ", name);
      gboolean lost = FALSE;

      for (guint l = 0; l < report->len; l++)
        {
          const char *text = adm_report_line_get_text (g_ptr_array_index (report, l));

          if (lost && g_str_has_prefix (text, firing) &&
              (strstr (text, ", firepower ") != NULL || strstr (text, "fires at the nearest")))
            {
              battle_helper_print_report (battle);
              g_error ("%s fires after it was lost: %s", name, text);
            }
          lost |= g_str_has_prefix (text, lost_catastrophic) ||
                  g_str_has_prefix (text, lost_escort);
        }
    }
}

static void
test_property_melee (void)
{
  guint fired = 0, lost = 0;

  g_test_message ("Properties over 200 seeds, 3 turns of fire both ways: damage never above "
                  "the hull (hit points never below zero), shield pools never negative, a "
                  "destroyed or wrecked ship never fires again, every phase resolves");
  for (guint64 seed = 1; seed <= 200; seed++)
    {
      g_autoptr(AdmBattle) battle = battle_helper_load ("fire-melee.xml");
      g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (seed);

      while (adm_battle_get_turn (battle) <= 3)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *body = NULL;
          g_autoptr(AdmTurnOrders) orders = NULL;

          if (adm_battle_get_phase (battle) == ADM_PHASE_FIRE)
            {
              body = melee_orders (battle);
              orders = battle_helper_orders (adm_battle_get_turn (battle), body);
            }
          if (!adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (dice), &error))
            {
              battle_helper_print_report (battle);
              g_test_message ("seed %" G_GUINT64_FORMAT ": %s", seed, body);
            }
          g_assert_no_error (error);
          check_invariants (battle);
        }
      check_no_fire_after_loss (battle);
      fired += adm_battle_get_rolls (battle)->len;
      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        lost += adm_battle_get_ship (battle, i)->status != ADM_SHIP_ACTIVE;
    }
  /* The melee is a real one: ships are lost. */
  g_test_message ("%u rolls, %u ships lost over 200 battles", fired, lost);
  g_assert_cmpuint (lost, >, 0);
}

/* Before and after: one fire phase of 300 ships a side, its journal, report and
 * dice log as every audience reads them, compared with what the engine gave before the phase
 * was made linear (tests/data/fire-300-golden.txt.gz, written by the code of then with
 * ADMIRALTY_WRITE_GOLDEN set to the path). The battle: a line of Vorbergs close enough for the
 * bases to touch and pool their shields (F-SHLD-5) facing Komarran cruisers in formations of
 * six in command (F-FORM-19), one ship in four damaged (F-FIRE-9, F-FIRE-10: readiness checks
 * and the nearest enemy), explosion markers between the lines (F-ART-10), and formations
 * Komarr knows only by their presence (F-ECM-2, F-ECM-3: the report hides their names from
 * Komarr until they open fire). */

#define GOLDEN_PER_SIDE 300
#define GOLDEN_PER_FORMATION 6
#define GOLDEN_SEED 2010

static char *
golden_battle (void)
{
  GString *xml = g_string_new (NULL);
  const struct { const char *id, *prefix, *klass; double x, heading, spacing; int hull; }
    sides[] = {
      { "barrayar", "b", "vorberg", 0, 90, 2.0, 8 },
      { "komarr", "k", "komarran-cruiser", 11.0, 270, 2.5, 7 },
    };

  g_string_append (xml, "<battle ruleset=\"forcon-2010\" name=\"Golden fire phase\">\n");
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_string_append_printf (xml, "  <side id=\"%s\" name=\"%s\">\n", sides[s].id,
                              sides[s].id);
      for (int f = 0; f < GOLDEN_PER_SIDE / GOLDEN_PER_FORMATION; f++)
        {
          int first = f * GOLDEN_PER_FORMATION;

          g_string_append_printf (xml, "    <formation id=\"%sf%d\" name=\"%s %d\" "
                                       "flagship=\"%s%03d\">\n", sides[s].prefix, f,
                                  sides[s].id, f, sides[s].prefix, first);
          for (int n = first; n < first + GOLDEN_PER_FORMATION; n++)
            {
              char y[G_ASCII_DTOSTR_BUF_SIZE];

              g_ascii_formatd (y, sizeof y, "%.1f", n * sides[s].spacing);
              g_string_append_printf (xml, "      <ship id=\"%s%03d\" name=\"%s %d\" "
                                           "class=\"%s\" x=\"%g\" y=\"%s\" heading=\"%g\" "
                                           "readiness=\"%d\" damage=\"%d\"/>\n",
                                      sides[s].prefix, n, sides[s].id, n, sides[s].klass,
                                      sides[s].x, y, sides[s].heading, 5 + n % 5,
                                      n % 4 == 1 ? sides[s].hull / 2 + 1 : 0);
            }
          g_string_append (xml, "    </formation>\n");
        }
      g_string_append (xml, "  </side>\n");
    }
  for (int m = 0; m < 60; m++)
    g_string_append_printf (xml, "  <marker kind=\"explosion\" x=\"%g\" y=\"%d\" "
                                 "diameter=\"2.5\"/>\n", 3.0 + (m % 3) * 2.5, m * 11);
  for (int f = 0; f < GOLDEN_PER_SIDE / GOLDEN_PER_FORMATION; f += 7)
    g_string_append_printf (xml, "  <detection side=\"komarr\" formation=\"bf%d\" "
                                 "level=\"presence\"/>\n", f);
  g_string_append (xml, "</battle>\n");
  return g_string_free (xml, FALSE);
}

/* Every direct-fire weapon of @firer of @type (-1: either) that reaches @target, as one
 * declaration. */
static void
golden_fire_type (AdmTurnOrders *orders,
                  AdmBattle     *battle,
                  const char    *firer,
                  const char    *target,
                  int            type)
{
  const AdmBattleShip *s = adm_battle_lookup_ship (battle, firer);
  const AdmBattleShip *t = adm_battle_lookup_ship (battle, target);
  double distance = adm_distance (s->position, t->position);
  AdmArcSector sector = adm_sector_of (s->position, s->heading, t->position);
  AdmArcs arc = sector == ADM_SECTOR_BOW ? ADM_ARC_BOW : sector == ADM_SECTOR_STERN
                ? ADM_ARC_STERN : sector == ADM_SECTOR_PORT ? ADM_ARC_PORT : ADM_ARC_STARBOARD;
  AdmFireDecl *decl = NULL;

  for (guint w = 0; w < s->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);

      if ((weapon->type == ADM_WEAPON_ARTILLERY || weapon->type == ADM_WEAPON_DESTRUCTOR) &&
          (type < 0 || (int) weapon->type == type) &&
          distance <= weapon->range && (weapon->arcs & arc) != 0)
        {
          if (decl == NULL)
            {
              decl = adm_fire_decl_new (target);
              g_ptr_array_add (orders->fires, decl);
            }
          adm_fire_decl_add_battery (decl, firer, weapon->id);
        }
    }
}

static void
golden_fire (AdmTurnOrders *orders,
             AdmBattle     *battle,
             const char    *firer,
             const char    *target)
{
  golden_fire_type (orders, battle, firer, target, -1);
}

/* Each ship of one line, then its opposite number, at targets spread along the enemy line
 * (some across the markers); Komarr fires only at what it has detected. */
static AdmTurnOrders *
golden_orders (AdmBattle *battle)
{
  AdmTurnOrders *orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  static const int offsets[] = { 0, 1, -1, 2, -2, 4, -4 };

  for (int n = 0; n < GOLDEN_PER_SIDE; n++)
    {
      /* The ship across the gap: Barrayar's line is 2 cm a ship, Komarr's 2.5 cm. */
      int across = n * 5 / 4 + offsets[n % G_N_ELEMENTS (offsets)];
      int target = n * 4 / 5 + offsets[n % G_N_ELEMENTS (offsets)];
      char firer[16], aim[16];

      g_snprintf (firer, sizeof firer, "b%03d", n);
      g_snprintf (aim, sizeof aim, "k%03d", CLAMP (target, 0, GOLDEN_PER_SIDE - 1));
      if (n % 10 == 1)
        {
          /* F-FIRE-8, F-FIRE-9: the guns at one ship, the destructor at the next: a damaged
           * ship splitting its fire checks its readiness. */
          golden_fire_type (orders, battle, firer, aim, ADM_WEAPON_ARTILLERY);
          g_snprintf (aim, sizeof aim, "k%03d", CLAMP (target + 1, 0, GOLDEN_PER_SIDE - 1));
          golden_fire_type (orders, battle, firer, aim, ADM_WEAPON_DESTRUCTOR);
        }
      else
        golden_fire (orders, battle, firer, aim);
      g_snprintf (firer, sizeof firer, "k%03d", n);
      g_snprintf (aim, sizeof aim, "b%03d", CLAMP (across, 0, GOLDEN_PER_SIDE - 1));
      if (adm_battle_get_detection (battle, 1, adm_battle_lookup_ship (battle, aim)->formation) !=
          ADM_DETECTION_NONE)
        golden_fire (orders, battle, firer, aim);
    }
  return orders;
}

/* Strikes the battery a refusal names (F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12: knocked out
 * earlier in the phase), as a master would. */
static gboolean
golden_strike (AdmTurnOrders *orders,
               AdmBattle     *battle,
               const GError  *error)
{
  for (guint d = 0; d < orders->fires->len; d++)
    {
      AdmFireDecl *decl = g_ptr_array_index (orders->fires, d);

      for (guint b = 0; b < decl->ships->len; b++)
        {
          const AdmBattleShip *s = adm_battle_lookup_ship (battle,
                                                           g_ptr_array_index (decl->ships, b));
          g_autofree char *named = g_strdup_printf ("%s's ", s->name);

          if (strstr (error->message, named) == NULL)
            continue;
          g_ptr_array_remove_index (decl->ships, b);
          g_ptr_array_remove_index (decl->weapons, b);
          if (decl->ships->len == 0)
            g_ptr_array_remove_index (orders->fires, d);
          return TRUE;
        }
    }
  return FALSE;
}

static void
golden_append_lines (GString     *out,
                     const char  *title,
                     GPtrArray   *lines,
                     guint        from)
{
  g_string_append_printf (out, "== %s\n", title);
  for (guint i = from; i < lines->len; i++)
    {
      const AdmReportLine *line = g_ptr_array_index (lines, i);

      g_string_append_printf (out, "%d %s %08x %s\n", line->turn,
                              adm_phase_to_string (line->phase), line->seen_by,
                              adm_report_line_get_text (line));
    }
}

static void
golden_append_rolls (GString     *out,
                     const char  *title,
                     GPtrArray   *rolls,
                     guint        from)
{
  g_string_append_printf (out, "== %s\n", title);
  for (guint i = from; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);

      g_string_append_printf (out, "%d %s %s d%u %08x %s:", roll->turn,
                              adm_phase_to_string (roll->phase),
                              roll->clause != NULL ? roll->clause : "-", roll->sides,
                              roll->seen_by, adm_battle_roll_get_purpose (roll));
      for (guint v = 0; v < roll->n_values; v++)
        g_string_append_printf (out, " %u", roll->values[v]);
      g_string_append_c (out, '\n');
    }
}

/* The fire phase as every audience reads it, and the journal's events. */
static char *
golden_text (void)
{
  g_autofree char *xml = golden_battle ();
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_memory (xml, strlen (xml), "golden.xml", &error);
  g_autoptr(AdmDicePrng) setup = adm_dice_prng_new (GOLDEN_SEED);
  g_autoptr(AdmTurnOrders) orders = NULL;
  g_autofree char *dump = NULL;
  GString *out = g_string_new (NULL);
  guint report_from, rolls_from, journal_from, struck = 0;
  g_autoptr(GString) refusals = g_string_new (NULL);
  GPtrArray *journal;

  g_assert_no_error (error);
  while (adm_battle_get_phase (battle) != ADM_PHASE_FIRE)
    {
      adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (setup), &error);
      g_assert_no_error (error);
    }
  orders = golden_orders (battle);
  report_from = adm_battle_get_report (battle)->len;
  rolls_from = adm_battle_get_rolls (battle)->len;
  journal_from = adm_battle_get_journal (battle)->len;
  for (;;)
    {
      g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (GOLDEN_SEED + 1);

      if (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (dice), &error))
        break;
      g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
      g_string_append_printf (refusals, "refused: %s\n", error->message);
      g_assert_true (golden_strike (orders, battle, error));
      g_clear_error (&error);
      struck++;
    }
  g_string_append_printf (out, "%u declarations, %u batteries struck\n%s", orders->fires->len,
                          struck, refusals->str);
  golden_append_lines (out, "master", adm_battle_get_report (battle), report_from);
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    {
      g_autoptr(GPtrArray) lines = adm_audience_filter_report (adm_audience_side (s), battle);
      g_autoptr(GPtrArray) rolls = adm_audience_filter_rolls (adm_audience_side (s), battle);
      g_autofree char *title = g_strdup_printf ("side %s", adm_battle_get_side (battle, s)->id);
      guint first = 0;

      /* The lines of the phases before the fire phase are not compared. */
      while (first < lines->len &&
             ((const AdmReportLine *) g_ptr_array_index (lines, first))->phase != ADM_PHASE_FIRE)
        first++;
      golden_append_lines (out, title, lines, first);
      first = 0;
      while (first < rolls->len &&
             ((const AdmBattleRoll *) g_ptr_array_index (rolls, first))->phase != ADM_PHASE_FIRE)
        first++;
      golden_append_rolls (out, title, rolls, first);
    }
  golden_append_rolls (out, "rolls", adm_battle_get_rolls (battle), rolls_from);
  journal = adm_battle_get_journal (battle);
  g_string_append (out, "== journal\n");
  for (guint i = journal_from; i < journal->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (journal, i);

      g_string_append (out, adm_event_get_kind (event));
      for (guint a = 0; a < adm_event_get_n_attributes (event); a++)
        g_string_append_printf (out, " %s=\"%s\"", adm_event_get_key_nth (event, a),
                                adm_event_get_value_nth (event, a));
      if (adm_event_get_text (event) != NULL)
        g_string_append_printf (out, "\n%s", adm_event_get_text (event));
      g_string_append_c (out, '\n');
    }
  dump = adm_battle_dump (battle);
  g_string_append_printf (out, "== dump\n%s", dump);
  return g_string_free (out, FALSE);
}

static GBytes *
golden_convert (GConverter *converter,
                GBytes     *input)
{
  g_autoptr(GInputStream) memory = g_memory_input_stream_new_from_bytes (input);
  g_autoptr(GInputStream) stream = g_converter_input_stream_new (memory, converter);
  g_autoptr(GOutputStream) output = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_output_stream_splice (output, stream, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (output));
}

static void
test_fire_golden_300 (void)
{
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GBytes) packed = NULL;
  g_autoptr(GBytes) unpacked = NULL;
  g_autoptr(GZlibDecompressor) gunzip = NULL;
  const char *write_to = g_getenv ("ADMIRALTY_WRITE_GOLDEN");
  g_autoptr(GError) error = NULL;
  gsize length;

  g_test_summary ("A 300-a-side fire phase reads, for the master and each side, and journals "
                  "exactly as the golden file keeps it");
  text = golden_text ();
  if (write_to != NULL)
    {
      g_autoptr(GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
      g_autoptr(GBytes) plain = g_bytes_new_static (text, strlen (text));
      g_autoptr(GBytes) out = golden_convert (G_CONVERTER (gzip), plain);

      g_assert_true (g_file_set_contents (write_to, g_bytes_get_data (out, NULL),
                                          g_bytes_get_size (out), &error));
      g_assert_no_error (error);
    }
  path = g_test_build_filename (G_TEST_DIST, "data",
                                "fire-300-golden.txt.gz", NULL);
  g_assert_true (g_file_get_contents (path, &expected, &length, &error));
  g_assert_no_error (error);
  packed = g_bytes_new_take (g_steal_pointer (&expected), length);
  gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  unpacked = golden_convert (G_CONVERTER (gunzip), packed);
  g_assert_cmpuint (g_bytes_get_size (unpacked), >, 100000);
  /* Line by line, so that a difference names its line. */
  {
    /* The expected bytes are not NUL-terminated: split a copy that is. */
    g_autofree char *copy = g_strndup (g_bytes_get_data (unpacked, NULL),
                                       g_bytes_get_size (unpacked));
    g_auto(GStrv) want = g_strsplit (copy, "\n", -1);
    g_auto(GStrv) got = g_strsplit (text, "\n", -1);

    for (guint i = 0; want[i] != NULL && got[i] != NULL; i++)
      g_assert_cmpstr (got[i], ==, want[i]);
    g_assert_cmpuint (g_strv_length (got), ==, g_strv_length (want));
  }
}

/* The master's path plays a phase once (adm_battle_resolve_phase ()) */

/* The journal's events of the phases in effect, as text: "kind turn phase values text". */
static char *
journal_text (AdmBattle *battle)
{
  GPtrArray *journal = adm_battle_get_journal (battle);
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < journal->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (journal, i);

      g_string_append_printf (text, "%s %s %s %s %s %s\n", adm_event_get_kind (event),
                              adm_event_get (event, "turn"), adm_event_get (event, "phase"),
                              adm_event_get (event, "values"), adm_event_get (event, "dice"),
                              adm_event_get_text (event));
    }
  return g_string_free (text, FALSE);
}

/* Resolves the current phase with @orders and seeded dice, then undoes and redoes it (a redo
 * replays the journal's text): the state, the report, the rolls and the journal must be those
 * of the play. Returns the state after the phase. */
static char *
assert_replays (AdmBattle           *battle,
                const AdmTurnOrders *orders)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (20);
  g_autoptr(GError) error = NULL;
  g_autofree char *played = NULL, *replayed = NULL, *journal = NULL, *journal_again = NULL;
  guint report, rolls;

  g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error));
  g_assert_no_error (error);
  played = adm_battle_dump (battle);
  journal = journal_text (battle);
  report = adm_battle_get_report (battle)->len;
  rolls = adm_battle_get_rolls (battle)->len;
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  replayed = adm_battle_dump (battle);
  journal_again = journal_text (battle);
  g_assert_cmpstr (replayed, ==, played);
  g_assert_cmpstr (journal_again, ==, journal);
  g_assert_cmpuint (adm_battle_get_report (battle)->len, ==, report);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, ==, rolls);
  return g_steal_pointer (&played);
}

/* orders.rng's "id", [A-Za-z0-9][A-Za-z0-9_-]*, as the reader checks it: for every byte, first,
 * in the middle and last, a fire declaration naming it as its target reads back from the
 * journal exactly when the pattern allows it (the check is a look-up in a table of bytes). */
static void
test_journal_reads_back_ids (void)
{
  for (guint b = 1; b < 256; b++)
    {
      char first[] = { (char) b, '\0' }, middle[] = { 'a', (char) b, 'z', '\0' },
           last[] = { 'a', 'b', (char) b, '\0' };
      gboolean alnum = g_ascii_isalnum (b), inner = alnum || b == '_' || b == '-';
      const char *ids[] = { first, middle, last };
      const gboolean allowed[] = { alnum, inner, inner };

      for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
        {
          g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (1);
          AdmFireDecl *fire = adm_fire_decl_new (ids[k]);

          adm_fire_decl_add_battery (fire, "vorberg", "main");
          g_ptr_array_add (orders->fires, fire);
          g_assert_cmpint (adm_turn_orders_reads_back (orders), ==, allowed[k]);
        }
    }
  {
    g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (1);
    AdmFireDecl *fire = adm_fire_decl_new ("");

    adm_fire_decl_add_battery (fire, "vorberg", "main");
    g_ptr_array_add (orders->fires, fire);
    g_assert_false (adm_turn_orders_reads_back (orders));
  }
}

static void
test_journal_reads_back (void)
{
  g_autoptr(AdmTurnOrders) parsed = battle_helper_orders (1, FIRE ("vorberg:main", "triumph")
                                                          "<target-lock ship=\"vorberg\"/>"
                                                          "<move formation=\"b1\">"
                                                          "<forward cm=\"3.5\"/></move>");
  g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (1);
  AdmFireDecl *fire = adm_fire_decl_new ("triumph");
  AdmMoveDecl *move = adm_move_decl_new ("b1");
  AdmMoveStep step = { FALSE, 3.5, 0, 0 };

  g_test_message ("Declarations read from a file read back from the journal as they are; "
                  "those built in code do when every id and number is one a file holds");
  g_assert_true (adm_turn_orders_reads_back (parsed));
  adm_fire_decl_add_battery (fire, "vorberg", "main");
  g_ptr_array_add (orders->fires, fire);
  g_assert_true (adm_turn_orders_reads_back (orders));
  adm_fire_decl_add_battery (fire, "vorberg", "main battery");
  g_assert_false (adm_turn_orders_reads_back (orders));
  g_ptr_array_remove_index (fire->ships, 1);
  g_ptr_array_remove_index (fire->weapons, 1);
  g_assert_true (adm_turn_orders_reads_back (orders));

  g_array_append_val (move->steps, step);
  g_ptr_array_add (orders->moves, move);
  /* Line 0 is the movement phase's keep-moving fallback: no declaration read back has it. */
  g_assert_false (adm_turn_orders_reads_back (orders));
  adm_turn_orders_number_lines (orders);
  g_assert_true (adm_turn_orders_reads_back (orders));
  /* The text keeps six significant digits. */
  g_array_index (move->steps, AdmMoveStep, 0).value = 3.1234567;
  g_assert_false (adm_turn_orders_reads_back (orders));
  g_array_index (move->steps, AdmMoveStep, 0).value = 1234567;
  g_assert_false (adm_turn_orders_reads_back (orders));
  g_array_index (move->steps, AdmMoveStep, 0).value = -2;
  g_assert_false (adm_turn_orders_reads_back (orders));
  g_array_index (move->steps, AdmMoveStep, 0).value = 3.5;
  g_assert_true (adm_turn_orders_reads_back (orders));
  g_ptr_array_add (orders->other, adm_order_decl_new ("launch"));
  g_assert_false (adm_turn_orders_reads_back (orders));
}

static void
test_journal_one_play_replays (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  AdmFireDecl *fire = adm_fire_decl_new ("triumph");
  AdmFireDecl *back = adm_fire_decl_new ("vorberg");
  GPtrArray *journal;
  g_autofree char *after = NULL;
  guint rolls = adm_battle_get_rolls (battle)->len, events;

  g_test_message ("F-FIRE-4: a fire phase declared in code plays once; its journal entry "
                  "replays to the same battle, roll for roll");
  adm_fire_decl_add_battery (fire, "vorberg", "main");
  adm_fire_decl_add_battery (fire, "vorbretten", "main");
  g_ptr_array_add (orders->fires, fire);
  adm_fire_decl_add_battery (back, "triumph", "main");
  g_ptr_array_add (orders->fires, back);
  g_assert_true (adm_turn_orders_reads_back (orders));
  events = adm_battle_get_journal (battle)->len;
  after = assert_replays (battle, orders);
  journal = adm_battle_get_journal (battle);
  /* One "phase" event, then one "roll" event a roll. */
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, >, rolls);
  g_assert_cmpuint (journal->len - events, ==, 1 + adm_battle_get_rolls (battle)->len - rolls);
  g_assert_cmpstr (adm_event_get_kind (g_ptr_array_index (journal, events)), ==, "phase");
  g_assert_nonnull (strstr (adm_event_get_text (g_ptr_array_index (journal, events)),
                            "vorberg:main vorbretten:main"));
}

static void
test_journal_played_as_read_back (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_MOVEMENT);
  g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  AdmMoveDecl *move = adm_move_decl_new ("b1");
  AdmMoveStep step = { FALSE, 3.1234567, 0, 0 };
  g_autofree char *after = NULL;

  g_test_message ("F-MOVE: a distance the journal's text rounds (six digits) is played as the "
                  "journal will replay it, so that undo and redo give the same battle");
  g_array_append_val (move->steps, step);
  g_ptr_array_add (orders->moves, move);
  adm_turn_orders_number_lines (orders);
  g_assert_false (adm_turn_orders_reads_back (orders));
  after = assert_replays (battle, orders);
  g_assert_cmpfloat (ship (battle, "vorberg")->position.x, ==, 3.12346);
}

static void
test_journal_refused (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (20);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = adm_battle_dump (battle);
  g_autofree char *after = NULL;
  AdmFireDecl *fire = adm_fire_decl_new ("triumph");
  guint journal = adm_battle_get_journal (battle)->len;

  g_test_message ("Declarations an orders file cannot hold are refused, and nothing changes");
  adm_fire_decl_add_battery (fire, "vorberg", "main gun");
  g_ptr_array_add (orders->fires, fire);
  g_assert_false (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "cannot be journaled"));
  after = adm_battle_dump (battle);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (adm_battle_get_journal (battle)->len, ==, journal);
}

/* Both writers of the journal's text give the same bytes (adm_turn_orders_to_string ()). */
static void
assert_same_text (const AdmTurnOrders *orders)
{
  g_autofree char *text = adm_turn_orders_to_string (orders);
  g_autofree char *tree = _adm_turn_orders_to_string_tree (orders);

  g_assert_cmpstr (text, ==, tree);
}

static void
test_journal_plain_text (void)
{
  static const char *const bodies[] = {
    "",
    FIRE ("vorberg:main", "triumph"),
    RETURN_FIRE ("vorberg:main vorbretten:main vorberg:destructor", "triumph")
    FIRE ("triumph:main", "vorberg"),
    "<move formation=\"b1\"/>"
    "<move formation=\"b-2\" order=\"all-ahead-full\" ram=\"k_1\">"
    "<forward cm=\"3.5\"/><turn degrees=\"-45\"/><forward cm=\"0.000123\"/>"
    "<change-orbit orbit=\"2\" halve=\"shields\"/><change-orbit orbit=\"1\"/>"
    "<turn degrees=\"123456\"/></move>"
    "<move formation=\"c\" order=\"emergency-stop\"/>"
    FIRE ("a:b", "c")
    "<target-lock ship=\"vorberg\"/><reinforce-shields ship=\"triumph\" extended=\"true\"/>"
    "<reinforce-shields ship=\"vorbretten\"/>"
    "<transfer-flagship formation=\"b1\" to=\"vorbretten\"/>",
  };
  const char *const names[] = { "scenarios/battles/low-orbit.orders.xml",
                                "scenarios/battles/station-assault.orders.xml",
                                "scenarios/battles/destructor-knife-fight.orders.xml",
                                "tests/data/campaign-battles/komarr-c1-3.orders.xml" };
  guint plain = 0;

  g_test_message ("The journal's text of declarations that read back is written straight out, "
                  "byte for byte as libxml2 writes it");
  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      g_autoptr(AdmTurnOrders) orders = battle_helper_orders (1 + i, bodies[i]);

      g_assert_true (adm_turn_orders_reads_back (orders));
      assert_same_text (orders);
    }
  for (guint f = 0; f < G_N_ELEMENTS (names); f++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), names[f],
                                                NULL);
      g_autoptr(GError) error = NULL;
      AdmBattleOrders *file = adm_battle_orders_load_file (path, &error);

      g_assert_no_error (error);
      for (guint t = 0; t < file->turns->len; t++)
        {
          const AdmTurnOrders *orders = g_ptr_array_index (file->turns, t);

          plain += adm_turn_orders_reads_back (orders);
          assert_same_text (orders);
        }
      adm_battle_orders_free (file);
    }
  g_assert_cmpuint (plain, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/fire/F-FIRE-1/direct-fire-only", test_fire_direct_fire_only);
  g_test_add_func ("/engine/fire/F-SEQ-2/golden-300-a-side", test_fire_golden_300);
  g_test_add_func ("/engine/fire/F-FIRE-2/fire-phase-only", test_fire_phase_only);
  g_test_add_func ("/engine/fire/F-WPN-7/F-FORD-10/F-ART-9/dice-note", test_fire_dice_note);
  g_test_add_func ("/engine/fire/F-FIRE-4/sequence", test_fire_sequence);
  g_test_add_func ("/engine/fire/F-FIRE-5/out-of-range", test_fire_range_refused);
  g_test_add_func ("/engine/fire/F-FIRE-6/out-of-arc", test_fire_arc_refused);
  g_test_add_func ("/engine/fire/F-FIRE-7/four-arcs", test_fire_four_arcs);
  g_test_add_func ("/engine/fire/F-FIRE-8/systems-at-different-targets",
                   test_fire_systems_at_different_targets);
  g_test_add_func ("/engine/fire/F-FIRE-9/damaged-check", test_fire_damaged_check);
  g_test_add_func ("/engine/fire/F-FIRE-9/split-fire", test_fire_damaged_split);
  g_test_add_func ("/engine/fire/F-FIRE-9/one-check-per-target", test_fire_damaged_one_check);
  g_test_add_func ("/engine/fire/F-FIRE-9/critical", test_fire_damaged_by_critical);
  g_test_add_func ("/engine/fire/F-FIRE-10/modifiers", test_fire_distribution_modifiers);
  g_test_add_func ("/engine/fire/F-FIRE-11/only-at-attacker", test_fire_return_only_at_attacker);
  g_test_add_func ("/engine/fire/F-FIRE-12/once-per-phase", test_fire_return_once);
  g_test_add_func ("/engine/fire/F-FIRE-13/centre-to-centre", test_fire_centre_to_centre);

  g_test_add_func ("/engine/fire/F-DES-1/one-die-per-firepower", test_des_one_die_per_firepower);
  g_test_add_func ("/engine/fire/F-DES-3/critical-each-damage", test_des_critical_each_damage);
  g_test_add_func ("/engine/fire/F-DES-2/numbers-from-ruleset", test_des_numbers_from_ruleset);

  g_test_add_func ("/engine/fire/F-ART-1/in-range-and-arc", test_art_basic);
  g_test_add_func ("/engine/fire/F-ART-13/numbers-from-ruleset", test_art_critical_from_ruleset);
  g_test_add_func ("/engine/fire/F-ART-3/combined-batteries", test_art_combined_batteries);
  g_test_add_func ("/engine/fire/F-ART-3/per-ship", test_art_per_ship);
  g_test_add_func ("/engine/fire/F-ART-15/columns", test_art_columns);
  g_test_add_func ("/engine/fire/F-ART-8/half-range-shift", test_art_half_range);
  g_test_add_func ("/engine/fire/F-ART-8/numbers-from-ruleset", test_art_range_bands_from_ruleset);
  g_test_add_func ("/engine/fire/F-ART-8/closer-than-half", test_art_half_range_closer);
  g_test_add_func ("/engine/fire/F-ART-9/long-range-shift", test_art_long_range);
  g_test_add_func ("/engine/fire/F-ART-10/behind-marker-shift", test_art_behind_marker);
  g_test_add_func ("/engine/fire/F-ART-16/special-targets", test_art_special_targets);
  g_test_add_func ("/engine/fire/F-FORM-18/formation-target", test_art_formation_target);

  g_test_add_func ("/engine/fire/F-WPN-7/default-before-armour", test_wpn_shields_default);
  g_test_add_func ("/engine/fire/F-WPN-7/shields-against-artillery",
                   test_wpn_shields_against_artillery);
  g_test_add_func ("/engine/fire/F-WPN-8/artillery-critical", test_wpn_artillery_critical);

  g_test_add_func ("/engine/fire/F-SHLD-1/block-and-collapse", test_shld_block_and_collapse);
  g_test_add_func ("/engine/fire/F-SHLD-3/generators-destroyed", test_shld_generators_destroyed);
  g_test_add_func ("/engine/fire/F-SHLD-5/touching-pool", test_shld_touching_pool);

  g_test_add_func ("/engine/fire/F-CRIT-1/every-damage-point", test_crit_every_damage_point);
  g_test_add_func ("/engine/fire/F-CRIT-1/wreck-checked", test_crit_wreck_checked);
  g_test_add_func ("/engine/fire/F-CRIT-6/numbers-from-ruleset", test_crit_damaged_from_ruleset);
  g_test_add_func ("/engine/fire/F-CRIT-2/table-roll", test_crit_table_roll);
  g_test_add_func ("/engine/fire/F-CRIT-3/causes-catastrophic", test_crit_causes_catastrophic);
  g_test_add_func ("/engine/fire/F-CRIT-4/escorts-destroyed", test_crit_escorts_destroyed);
  g_test_add_func ("/engine/fire/F-CRIT-4/frigates-survive", test_crit_frigates_survive);
  g_test_add_func ("/engine/fire/F-CRIT-8/table-rows", test_crit_table_rows);
  g_test_add_func ("/engine/fire/F-CRIT-9/main-guns", test_crit_main_guns);
  g_test_add_func ("/engine/fire/F-CRIT-10/starboard", test_crit_starboard);
  g_test_add_func ("/engine/fire/F-CRIT-11/port", test_crit_port);
  g_test_add_func ("/engine/fire/F-CRIT-12/bow", test_crit_bow);
  g_test_add_func ("/engine/fire/F-CRIT-13/engines", test_crit_engines);
  g_test_add_func ("/engine/fire/F-CRIT-14/fire", test_crit_fire);
  g_test_add_func ("/engine/fire/F-CRIT-15/central-deck", test_crit_central_deck);
  g_test_add_func ("/engine/fire/F-CRIT-15/numbers-from-ruleset",
                   test_crit_central_deck_from_ruleset);
  g_test_add_func ("/engine/fire/F-CRIT-2/table-of-its-dice", test_crit_table_of_its_dice);
  g_test_add_func ("/engine/fire/F-CRIT-16/bridge", test_crit_bridge);
  g_test_add_func ("/engine/fire/F-CRIT-17/shields", test_crit_shields);
  g_test_add_func ("/engine/fire/F-CRIT-18/hull", test_crit_hull);
  g_test_add_func ("/engine/fire/F-CRIT-19/superstructure", test_crit_superstructure);
  g_test_add_func ("/engine/fire/F-CRIT-20/next-entry", test_crit_next_entry);
  g_test_add_func ("/engine/fire/F-CRIT-21/no-loss-outside-low-orbit",
                   test_crit_no_loss_outside_low_orbit);
  g_test_add_func ("/engine/fire/F-RDY-3/penalty", test_readiness_penalty);

  g_test_add_func ("/engine/fire/F-CAT-10/drifting-hulk", test_cat_drifting_hulk);
  g_test_add_func ("/engine/fire/F-CAT-13/rift-after-drift", test_cat_rift_after_drift);
  g_test_add_func ("/engine/fire/F-CAT-11/burning-hulk", test_cat_burning_hulk);
  g_test_add_func ("/engine/fire/F-CAT-12/plasma-overload", test_cat_plasma_overload);
  g_test_add_func ("/engine/fire/F-CAT-12/one-die-per-vessel", test_cat_plasma_one_die);
  g_test_add_func ("/engine/fire/F-CAT-12/numbers-from-ruleset", test_cat_strike_from_ruleset);
  g_test_add_func ("/engine/fire/F-CAT-12/strength-from-ruleset",
                   test_cat_strength_from_ruleset);
  g_test_add_func ("/engine/fire/F-CRIT-1/explosion-numbers-from-ruleset",
                   test_cat_strike_critical_from_ruleset);
  g_test_add_func ("/engine/fire/F-CAT-12/friend-and-foe", test_cat_friend_and_foe);
  g_test_add_func ("/engine/fire/F-CAT-13/necklin-rift", test_cat_necklin_rift);
  g_test_add_func ("/engine/fire/F-CAT-9/table", test_cat_table);
  g_test_add_func ("/engine/fire/F-CAT-4/hulk-blocks", test_cat_hulk_blocks);
  g_test_add_func ("/engine/fire/F-CAT-4/hulk-made-this-phase", test_cat_hulk_made_this_phase);
  g_test_add_func ("/engine/fire/F-CAT-6/hulk-hit", test_cat_hulk_hit);
  g_test_add_func ("/engine/fire/F-CAT-7/no-formation-shields",
                   test_cat_hulk_no_formation_shields);
  g_test_add_func ("/engine/fire/F-CAT-5/torpedoes-at-wrecks", test_cat_torpedoes_at_wrecks);

  g_test_add_func ("/engine/fire/F-FORD-2/target-lock", test_ford_target_lock);
  g_test_add_func ("/engine/fire/F-FORD-4/turn-then-lock-same-turn", test_ford_lock_no_turn);
  g_test_add_func ("/engine/fire/F-FORD-4/turned-then-locked", test_ford_turned_then_locked);
  g_test_add_func ("/engine/fire/F-FORD-7/reinforce-shields", test_ford_reinforce);
  g_test_add_func ("/engine/fire/F-FORD-6/extended", test_ford_extended);
  g_test_add_func ("/engine/fire/F-FORD-8/special-shield", test_ford_special_shield);
  g_test_add_func ("/engine/fire/F-FORD-8/save-number-from-ruleset",
                   test_ford_special_shield_from_ruleset);
  g_test_add_func ("/engine/fire/F-FORD-12/cover", test_ford_cover);
  g_test_add_func ("/engine/fire/F-MOVE-15/halved-firepower", test_ford_halved_by_movement);

  g_test_add_func ("/engine/fire/property/melee", test_property_melee);

  g_test_add_func ("/engine/fire/journal/reads-back", test_journal_reads_back);
  g_test_add_func ("/engine/fire/journal/reads-back-ids", test_journal_reads_back_ids);
  g_test_add_func ("/engine/fire/journal/one-play-replays", test_journal_one_play_replays);
  g_test_add_func ("/engine/fire/journal/played-as-read-back", test_journal_played_as_read_back);
  g_test_add_func ("/engine/fire/journal/refused", test_journal_refused);
  g_test_add_func ("/engine/fire/journal/plain-text", test_journal_plain_text);

  return g_test_run ();
}
