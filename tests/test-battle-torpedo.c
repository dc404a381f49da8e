/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-torpedo.c: torpedoes clause by clause — launches and salvoes (F-WPN-10, F-WPN-11,
 * F-WPN-12, F-WPN-13, F-WPN-14, F-WPN-15, F-WPN-16, F-WPN-17, F-FIRE-3, F-FORM-12, F-FORM-13),
 * reloading and "Prepare to launch" (F-TORP-1, F-TORP-2), the run (F-TORP-3, F-TORP-4, F-TORP-5),
 * strikes (F-TORP-6, F-TORP-7, F-TORP-8, F-TORP-9, F-TORP-10), premature detonation (F-TORP-11,
 * F-TORP-12), anti-torpedo defence and escort cover (F-TORP-13, F-TORP-14, F-TORP-15, F-TORP-16,
 * F-TORP-17), fire at salvoes (F-TORP-18, F-TORP-19), shields (F-SHLD-4) and wrecks (F-CAT-5), with
 * scripted dice: every test asserts the exact dice the engine asked for and leaves none unused.
 * Fixtures: tests/data/battles/ torp-*.xml. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "battle-scripting.h"
#include "adm-battle-preview.h"
#include "adm-battle.h"
#include "adm-odds.h"
#include "adm-roll-check.h"
#include "adm-ruleset.h"

#define EPS 1e-6

/* Helpers */

static const AdmTorpedoSalvo *
salvo (AdmBattle *battle,
       int        id)
{
  for (guint i = 0; i < adm_battle_get_n_salvos (battle); i++)
    if (adm_battle_get_salvo (battle, i)->id == id)
      return adm_battle_get_salvo (battle, i);
  g_assert_not_reached ();
  return NULL;
}

static void
assert_salvo (AdmBattle *battle,
              int        id,
              double     x,
              double     y,
              double     heading,
              int        torpedoes,
              int        turns_left,
              gboolean   spent)
{
  const AdmTorpedoSalvo *v = salvo (battle, id);

  g_assert_cmpfloat_with_epsilon (v->position.x, x, 1e-3);
  g_assert_cmpfloat_with_epsilon (v->position.y, y, 1e-3);
  g_assert_cmpfloat_with_epsilon (v->heading, heading, 1e-3);
  g_assert_cmpint (v->torpedoes, ==, torpedoes);
  g_assert_cmpint (v->turns_left, ==, turns_left);
  g_assert_cmpint (v->spent, ==, spent);
}

/* Resolves phases with no orders and no dice until @phase of @turn is next. */
static void
skip_to (AdmBattle *battle,
         int        turn,
         AdmPhase   phase)
{
  while (adm_battle_get_turn (battle) < turn || adm_battle_get_phase (battle) != phase)
    resolve (battle, NULL, NULL);
}

/* Launches (F-WPN-10, F-FIRE-3, F-TORP-7, F-FORM-12, F-FORM-13) */

static void
test_launch (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  const AdmTorpedoSalvo *v;
  g_autofree char *dump = NULL;

  /* F-WPN-10, F-FIRE-3: declared in the fire phase, the marker placed by the ship; no dice. */
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 1);
  v = salvo (battle, 1);
  g_assert_cmpint (v->side, ==, 0);
  g_assert_cmpint (v->ship, ==, ship_index (battle, "vorkraft"));
  g_assert_cmpint (v->speed, ==, 20);
  g_assert_cmpint (v->launched, ==, 1);
  /* F-TORP-7 ("torpedo-units"): the tubes' firepower 4 is four torpedoes; F-WPN-12
   * ("torpedo-turns"): two turns of the profile. */
  assert_salvo (battle, 1, 0, 0, 90, 4, 2, FALSE);
  /* F-TORP-1: ready again in turn 3. */
  g_assert_cmpint (ship (battle, "vorkraft")->tubes_ready, ==, 3);
  assert_reported (battle, "General Vorkraft's Torpedo tubes launch on heading 90° at Triumph: "
                           "salvo 1 of 4 torpedoes from General Vorkraft (F-WPN-10).");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);
  dump = adm_battle_dump (battle);
  g_assert_nonnull (strstr (dump, "salvo 1 side=0 x=0.000 y=0.000 h=90.000 torpedoes=4 "
                                  "turns-left=2"));
}


/* The ships a launch may go at (adm_battle_launch_targets), as the table rings them: the
 * enemies in the tubes' bow arc and range (F-FIRE-6), none for a gun or for tubes that have
 * just launched and reload (F-TORP-1). */
static void
test_launch_targets (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  int vorkraft = ship_index (battle, "vorkraft");
  const AdmBattleShip *s = adm_battle_get_ship (battle, vorkraft);
  int tubes = -1, gun = -1;
  g_autoptr(GArray) targets = NULL;
  g_autoptr(GArray) none = NULL;
  g_autoptr(GArray) reloading = NULL;

  for (guint w = 0; w < s->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);

      if (weapon->type == ADM_WEAPON_TORPEDO)
        tubes = w;
      else if (gun < 0)
        gun = w;
    }
  g_assert_cmpint (tubes, >=, 0);
  g_assert_cmpint (gun, >=, 0);

  targets = adm_battle_launch_targets (battle, vorkraft, tubes);
  g_assert_cmpuint (targets->len, ==, 3);
  g_assert_cmpint (g_array_index (targets, guint, 0), ==, ship_index (battle, "triumph"));
  g_assert_cmpint (g_array_index (targets, guint, 1), ==, ship_index (battle, "victory"));
  g_assert_cmpint (g_array_index (targets, guint, 2), ==, ship_index (battle, "kestrel"));
  none = adm_battle_launch_targets (battle, vorkraft, gun);
  g_assert_cmpuint (none->len, ==, 0);

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  reloading = adm_battle_launch_targets (battle, vorkraft, tubes);
  g_assert_cmpuint (reloading->len, ==, 0);
}

static void
test_launch_reinforced (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("torp-duel.xml",
                                                 "id=\"vorkraft\" name=\"General Vorkraft\" "
                                                 "class=\"general-vorkraft\"",
                                                 "id=\"vorkraft\" name=\"Lord Ghem\" "
                                                 "class=\"ghem-lord\"", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) combined = load_variant_at ("torp-duel.xml",
                                                   "id=\"vorkraft\" name=\"General Vorkraft\" "
                                                   "class=\"general-vorkraft\"",
                                                   "id=\"vorkraft\" name=\"Lord Ghem\" "
                                                   "class=\"ghem-lord\"", ADM_PHASE_FIRE);

  /* F-FORD-10, of the order "Усиление защиты": «Огневая мощь и сила делится на 2» — «сила»
   * is the torpedo strength of the card (the card's «Огневая мощь/ Сила» column). A Ghem
   * Lord (tubes of strength 4) reinforcing its shields launches 4 / 2 = 2 torpedoes; no dice
   * (the order without "extended" needs no check, F-FORD-6). */
  resolve (battle, "<reinforce-shields ship=\"vorkraft\"/>"
                   "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  assert_salvo (battle, 1, 0, 0, 90, 2, 2, FALSE);
  assert_reported (battle, "Lord Ghem reinforces its shields: its Torpedo tubes launch 2 "
                           "torpedoes instead of 4 (F-FORD-10).");
  assert_reported (battle, "salvo 1 of 2 torpedoes from Lord Ghem");

  /* In a combined salvo (F-FORM-12) only the reinforcing ship's share is halved: 2 from the
   * Ghem Lord + 4 from Vorhalas = 6. */
  resolve (combined, "<reinforce-shields ship=\"vorkraft\"/>"
                     "<launch weapons=\"vorkraft:torpedoes vorhalas:torpedoes\" "
                     "target=\"triumph\"/>", NULL);
  g_assert_cmpint (salvo (combined, 1)->torpedoes, ==, 6);
}

static void
test_launch_refused (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) open = load_at ("torp-open.xml", ADM_PHASE_FIRE);

  /* F-FIRE-3: torpedo tubes are not direct fire, nor guns torpedo tubes. */
  refuse (battle, "<fire weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL,
          "torpedo attacks are declared for the torpedo phase");
  refuse (battle, "<launch weapons=\"vorkraft:main\" target=\"triumph\"/>", NULL,
          "is not a torpedo tube");
  refuse (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"vorhalas\"/>", NULL,
          "are on the same side");
  refuse (battle, "<launch weapons=\"vorkraft:torpedoes vorkraft:torpedoes\" target=\"triumph\"/>",
          NULL, "named twice");
  /* F-FIRE-6: the tubes fire only over the bow. */
  refuse (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"270\"/>", NULL,
          "the launch lies in the stern arc of General Vorkraft");
  /* F-FORM-12: one formation's ships. */
  refuse (open, "<launch weapons=\"vorkraft:torpedoes vorpatril:torpedoes\" heading=\"90\"/>",
          NULL, "a salvo is launched by ships of one formation (F-FORM-12); Vorpatril is not in "
                "Vorkraft group");
}

static void
test_combined_salvo (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  double heading = atan2 (12, 4) * 180 / G_PI;

  /* F-FORM-12, F-FORM-13 ("salvo-marker" one-at-farthest): one salvo of 4 + 4 at Vorhalas, the
   * launching ship farthest from Triumph, aimed from there. */
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes vorhalas:torpedoes\" "
                   "target=\"triumph\"/>", NULL);
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 1);
  assert_salvo (battle, 1, -2, 4, heading, 8, 2, FALSE);
  g_assert_cmpint (salvo (battle, 1)->ship, ==, ship_index (battle, "vorhalas"));
  g_assert_cmpint (ship (battle, "vorkraft")->tubes_ready, ==, 3);
  g_assert_cmpint (ship (battle, "vorhalas")->tubes_ready, ==, 3);
  assert_reported (battle, "salvo 1 of 8 torpedoes from Vorhalas (F-WPN-10).");
}

static void
test_combined_salvo_per_ship (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);

  /* "salvo-marker" one-per-ship: a marker at each ship, each aimed at the target. */
  set_ruling (battle, "salvo-marker", "one-per-ship");
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes vorhalas:torpedoes\" "
                   "target=\"triumph\"/>", NULL);
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 2);
  assert_salvo (battle, 1, 0, 0, 90, 4, 2, FALSE);
  assert_salvo (battle, 2, -2, 4, atan2 (12, 4) * 180 / G_PI, 4, 2, FALSE);
  assert_reported (battle, "salvo 1 of 4 torpedoes from General Vorkraft; salvo 2 of 4 "
                           "torpedoes from Vorhalas");
}

static void
test_combined_salvo_heading (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);

  /* F-FORM-13 on a heading: the ship farthest back along it. */
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes vorhalas:torpedoes\" heading=\"90\"/>",
           NULL);
  assert_salvo (battle, 1, -2, 4, 90, 8, 2, FALSE);
}

static void
test_combined_range (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("torp-duel.xml", "x=\"10\" y=\"0\"",
                                                 "x=\"39\" y=\"0\"", ADM_PHASE_FIRE);

  /* F-FORM-13: the range is measured from the farthest ship: Vorhalas is 41.2 cm away. */
  refuse (battle, "<launch weapons=\"vorkraft:torpedoes vorhalas:torpedoes\" "
                  "target=\"triumph\"/>", NULL,
          "Triumph is 41.2 cm from Vorhalas, the launching ship farthest from it, beyond the "
          "40 cm range of the tubes (F-FORM-13)");
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  assert_salvo (battle, 1, 0, 0, 90, 4, 2, FALSE);
}

/* Reloading (F-TORP-1, F-TORP-2) */

static void
test_reload (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-open.xml", ADM_PHASE_FIRE);

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  skip_to (battle, 2, ADM_PHASE_FIRE);
  /* F-TORP-1 ("torpedo-reload"): turn 2 is the full turn that passes. */
  refuse (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL,
          "General Vorkraft's torpedo tubes are reloading and launch again in turn 3 (F-TORP-1)");
  skip_to (battle, 3, ADM_PHASE_FIRE);
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  assert_salvo (battle, 2, 0, 0, 90, 4, 2, FALSE);
  g_assert_cmpint (ship (battle, "vorkraft")->tubes_ready, ==, 5);
}

static void
test_prepare_to_launch (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-open.xml", ADM_PHASE_FIRE);
  guint first;

  /* F-TORP-2 ("prepare-to-launch"): 2d6 = 7 ≤ readiness 7 — the tubes launch again next
   * turn. */
  first = resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>"
                           "<prepare-to-launch ship=\"vorkraft\"/>", "3 4");
  assert_rolls (battle, first, "F-TORP-2 2d6=3 4");
  g_assert_cmpint (ship (battle, "vorkraft")->tubes_ready, ==, 2);
  assert_reported (battle, "General Vorkraft's tubes will be ready to launch in turn 2 "
                           "(F-TORP-2).");
  skip_to (battle, 2, ADM_PHASE_FIRE);
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 2);
  g_assert_cmpint (ship (battle, "vorkraft")->tubes_ready, ==, 4);
}

static void
test_prepare_to_launch_fails (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-open.xml", ADM_PHASE_FIRE);

  /* Tubes still loaded: nothing to prepare. */
  refuse (battle, "<prepare-to-launch ship=\"vorkraft\"/>", NULL,
          "tubes are ready by next turn without the order");
  refuse (battle, "<prepare-to-launch ship=\"nobody\"/>", NULL, "there is no ship “nobody”");
  /* 2d6 = 11 > 7: the usual reload, and an order failed (F-BOARD-6). */
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>"
                   "<prepare-to-launch ship=\"vorkraft\"/>", "6 5");
  g_assert_cmpint (ship (battle, "vorkraft")->tubes_ready, ==, 3);
  g_assert_cmpint (ship (battle, "vorkraft")->failed_order_turn, ==, 1);
  assert_reported (battle, "General Vorkraft's tubes reload in the usual time, ready in turn 3 "
                           "(F-TORP-1).");
}

/* The run (F-TORP-3, F-TORP-4, F-WPN-11, F-WPN-12) */

static void
test_run_and_detonate (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-open.xml", ADM_PHASE_FIRE);

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  /* F-TORP-3, F-WPN-11: 20 cm straight along its line in the torpedo phase. */
  g_test_message ("F-TORP-3, F-WPN-11: the salvo runs its speed straight on; F-TORP-4, "
                  "F-WPN-12: after its turns it detonates");
  resolve (battle, NULL, NULL);
  assert_salvo (battle, 1, 20, 0, 90, 4, 1, FALSE);
  assert_reported (battle, "Salvo 1, 4 torpedoes, runs on to (20.0, 0.0); 1 turn left.");
  skip_to (battle, 2, ADM_PHASE_TORPEDO);
  resolve (battle, NULL, NULL);
  /* F-TORP-4, F-WPN-12: after its two turns it detonates; nothing is left to fly free. */
  assert_salvo (battle, 1, 40, 0, 90, 4, 0, TRUE);
  assert_reported (battle, "Salvo 1 has run its course and its 4 torpedoes detonate "
                           "(F-TORP-4).");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);
}

/* Strikes (F-TORP-6, F-TORP-7, F-TORP-8, F-TORP-9, F-TORP-13, F-TORP-16, F-WPN-13, F-WPN-15,
 * F-WPN-16, F-WPN-17, F-SHLD-4) */

static void
test_strike (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  guint first;

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, ship_index (battle, "triumph")), ==, 2);
  /* F-WPN-13, F-TORP-6: the marker reaches Triumph. F-TORP-13, F-FORM-19: the formation's two
   * turrets, 4+ destroys one: 4 1 — one down. F-TORP-7, F-WPN-16: 3 dice at armour 3+: 3 2 6,
   * two damage, critical checks on 6+: 6 1, a critical: 2d6 = 5, bow armament (F-CRIT-12).
   * F-TORP-8, F-WPN-17: the miss flies on to Victory, whose turrets already met this wave
   * (F-TORP-16): 1 die, 2 — a miss; it runs on to 20 cm. */
  first = resolve (battle, NULL, "4 1  3 2 6  6 1  2 3  2");
  g_test_message ("F-WPN-13, F-TORP-6: the marker reaches the ship; F-WPN-15, F-TORP-13: "
                  "turrets shoot torpedoes down; F-TORP-7, F-WPN-16: d6 per torpedo against "
                  "the armour, criticals on 6+; F-TORP-9, F-SHLD-4: shields ignored and not "
                  "used; F-TORP-8, F-WPN-17: misses fly on; F-TORP-16: one wave per phase");
  assert_rolls (battle, first, "F-TORP-13 2d6=4 1; F-TORP-7 3d6=3 2 6; F-WPN-16 2d6=6 1; "
                               "F-CRIT-2 2d6=2 3; F-TORP-7 1d6=2");
  g_assert_nonnull (strstr (roll_purpose (battle, first), "4+ destroys a torpedo"));
  /* Every check says what passed and failed against what; the table its result. */
  assert_outcome (battle, first, "≥ 4 per die: 1 passed ✓, 1 failed ✗");
  assert_outcome (battle, first + 1, "≥ 3 per die (armour): 2 passed ✓, 1 failed ✗");
  assert_outcome (battle, first + 2, "≥ 6 per die: 1 passed ✓, 1 failed ✗");
  assert_outcome (battle, first + 3, "→ Bow armament knocked out");
  assert_outcome (battle, first + 4, "≥ 3 (armour): failed ✗");
  {
    const AdmBattleRoll *turrets = g_ptr_array_index (adm_battle_get_rolls (battle), first);

    g_assert_cmpint (turrets->check, ==, ADM_ROLL_CHECK_EACH_AT_LEAST);
    g_assert_cmpint (turrets->target, ==, 4);
    g_assert_cmpuint (turrets->passed, ==, 1);
    g_assert_cmpuint (turrets->failed, ==, 1);
    g_assert_null (turrets->result);
  }
  assert_reported (battle, "Salvo 1, 4 torpedoes, reaches Triumph (F-TORP-6).");
  assert_reported (battle, "Anti-torpedo turrets defending Triumph: 2 dice (4 1) at 4+ — 1 hit: "
                           "1 torpedo of salvo 1 destroyed.");
  assert_reported (battle, "Salvo 1 strikes Triumph: 3 dice (3 2 6) at 3+ — 2 hits, shields do "
                           "not stop torpedoes, 2 damage.");
  assert_reported (battle, "1 torpedo of salvo 1 misses and flies on (F-TORP-8).");
  assert_reported (battle, "The turrets of Victory have already met a wave in this phase "
                           "(F-TORP-16).");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 5);
  g_assert_cmpint (ship (battle, "triumph")->criticals[ADM_CRIT_BOW], ==, 1);
  /* F-TORP-9, F-WPN-15, F-SHLD-4: the shields neither stopped nor were used up. */
  g_assert_cmpint (ship (battle, "triumph")->shields_used, ==, 0);
  g_assert_cmpint (adm_battle_ship_shield_pool (battle, ship_index (battle, "triumph")), ==, 4);
  g_assert_cmpint (hull_left (battle, "victory"), ==, 7);
  assert_salvo (battle, 1, 20, 0, 90, 1, 1, FALSE);
  g_assert_cmpint (salvo (battle, 1)->struck, ==, 0);
  /* The turrets are whole again after the phase (F-TORP-16: one wave per phase). */
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, ship_index (battle, "triumph")), ==, 2);
}

static void
test_turrets_touching (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("torp-duel.xml", "x=\"10\" y=\"8\"",
                                                 "x=\"10\" y=\"1.75\"", ADM_PHASE_FIRE);
  guint first;

  /* F-TORP-17: the destroyer of another formation touches Triumph: its turret joins the
   * formation's two. */
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, ship_index (battle, "triumph")), ==, 3);
  g_assert_cmpint (adm_battle_ship_turret_pool (battle, ship_index (battle, "kestrel")), ==, 2);
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  /* Three turret dice, 4 5 1: two down; 2 dice at 3+, 1 2: both miss and fly on, into the
   * destroyer's base and then Victory, whose turrets met the wave already (F-TORP-16). */
  first = resolve (battle, NULL, "4 5 1  1 2  1 1  1 1");
  assert_rolls (battle, first, "F-TORP-13 3d6=4 5 1; F-TORP-7 2d6=1 2; F-TORP-7 2d6=1 1; "
                               "F-TORP-7 2d6=1 1");
  assert_reported (battle, "Salvo 1, 2 torpedoes, reaches Kestrel (F-TORP-6).");
  assert_reported (battle, "The turrets of Kestrel have already met a wave in this phase "
                           "(F-TORP-16).");
  assert_salvo (battle, 1, 20, 0, 90, 2, 1, FALSE);
}

static void
test_friendly (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("torp-open.xml", "x=\"0\" y=\"-10\"",
                                                 "x=\"-10\" y=\"0\"", ADM_PHASE_FIRE);

  /* F-TORP-10 ("torpedo-friendly" any-friendly): the destroyer's salvo runs past General
   * Vorkraft, a friendly ship of another formation: no dice. */
  resolve (battle, "<launch weapons=\"vorpatril:torpedoes\" heading=\"90\"/>", NULL);
  resolve (battle, NULL, NULL);
  g_test_message ("F-TORP-10: torpedoes do not touch their own ships");
  assert_salvo (battle, 1, 14, 0, 90, 3, 1, FALSE);
  g_assert_cmpint (hull_left (battle, "vorkraft"), ==, 14);
}

/* F-TORP-3: «Стандартные торпеды движутся по прямой линии пуска»; F-TORP-6: a torpedo
 * strikes a ship whose token it reaches. Kestrel, an enemy destroyer (1.5 cm base), touches
 * the stern of Vorpatril (1.5 cm), 1.5 cm behind its centre, where the salvo's 2 cm marker
 * starts. The salvo runs off on heading 90°, away from Kestrel: it never reaches Kestrel's
 * token, so no turret and no torpedo dice are rolled and all 3 torpedoes run their full 24 cm. */
static void
test_contact_behind_launcher (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("torp-open.xml", "x=\"40\" y=\"6\"",
                                                 "x=\"-1.5\" y=\"-10\"", ADM_PHASE_FIRE);
  guint first;

  resolve (battle, "<launch weapons=\"vorpatril:torpedoes\" heading=\"90\"/>", NULL);
  first = resolve (battle, NULL, NULL);
  g_test_message ("F-TORP-3, F-TORP-6: an enemy touching the launcher's stern is not on the "
                  "line of the launch and is not struck");
  assert_rolls (battle, first, "");
  assert_salvo (battle, 1, 24, -10, 90, 3, 1, FALSE);
  g_assert_cmpint (hull_left (battle, "kestrel"), ==, ship (battle, "kestrel")->klass->hull);
  g_assert_false (ship (battle, "kestrel")->turrets_used);
}

static void
test_friendly_launching_formation (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("torp-open.xml", "x=\"0\" y=\"-10\"",
                                                 "x=\"-10\" y=\"0\"", ADM_PHASE_FIRE);
  guint first;

  /* "torpedo-friendly" launching-formation: only the launching formation is passed by; the
   * battlecruiser's two turrets (1 1), then 3 dice at 4+ (4 1 1): one damage, no critical. */
  set_ruling (battle, "torpedo-friendly", "launching-formation");
  resolve (battle, "<launch weapons=\"vorpatril:torpedoes\" heading=\"90\"/>", NULL);
  first = resolve (battle, NULL, "1 1  4 1 1  1");
  assert_rolls (battle, first, "F-TORP-13 2d6=1 1; F-TORP-7 3d6=4 1 1; F-WPN-16 1d6=1");
  g_assert_cmpint (hull_left (battle, "vorkraft"), ==, 13);
  assert_salvo (battle, 1, 14, 0, 90, 2, 1, FALSE);
}

/* Steering (F-TORP-5) */

static void
test_steer (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-open.xml", ADM_PHASE_FIRE);

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  /* F-TORP-5: not in its first turn. */
  refuse (battle, "<steer salvo=\"1\" degrees=\"30\"/>", NULL,
          "salvo 1 runs straight in its first turn");
  refuse (battle, "<steer salvo=\"7\" degrees=\"30\"/>", NULL, "there is no torpedo salvo 7");
  resolve (battle, NULL, NULL);
  skip_to (battle, 2, ADM_PHASE_TORPEDO);
  refuse (battle, "<steer salvo=\"1\" degrees=\"50\"/>", NULL, "at most 45°, not 50°");
  refuse (battle, "<steer salvo=\"1\" degrees=\"10\" after=\"25\"/>", NULL,
          "cannot turn after 25 cm");
  refuse (battle, "<steer salvo=\"1\" degrees=\"10\"/><steer salvo=\"1\" degrees=\"10\"/>", NULL,
          "salvo 1 has already made its one turn (F-TORP-5)");
  /* From its second turn: 5 cm on, then 30° to port, then 15 cm. */
  resolve (battle, "<steer salvo=\"1\" degrees=\"-30\" after=\"5\"/>", NULL);
  assert_salvo (battle, 1, 25 + 15 * sin (G_PI / 3), -15 * cos (G_PI / 3), 60, 4, 0, TRUE);
  g_assert_true (salvo (battle, 1)->steered);
  assert_reported (battle, "Salvo 1 turns -30° onto heading 60° after 5 cm (F-TORP-5).");
}

/* A battle whose General Vorkraft class fires three-turn torpedoes (F-WPN-12: "3 for some
 * unique systems"), from a copy of the rules with that profile. */
static AdmBattle *
load_three_turn_torpedoes (void)
{
  return load_with_changed_rules ("torp-open.xml", "classes",
                                  "torpedo-speed=\"20\" torpedo-turns=\"2\"",
                                  "torpedo-speed=\"20\" torpedo-turns=\"3\"");
}

/* F-TORP-13: «на 4+ сбивается одна торпеда» — the 4 is the ruleset's number (turret-hit), not
 * the engine's. With a copy of the rules reading 5+, the duel of test_strike: Triumph's two
 * turret dice 4 1 destroy nothing; 4 dice at armour 3+, 1 1 1 1, all miss and fly on to
 * Victory (turrets spent, F-TORP-16): 4 dice, 1 1 1 1. The odds read the same number. */
static void
test_turret_number_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("torp-duel.xml", "ruleset", "turret-hit=\"4\"",
                             "turret-hit=\"5\"");
  AdmTorpedoOddsInput input;
  g_autoptr(AdmFireOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  guint first;

  g_assert_cmpint (adm_ruleset_get_turret_hit (adm_battle_get_ruleset (battle)), ==, 5);
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  odds = adm_battle_torpedo_odds (battle, 1, ship_index (battle, "triumph"), 0, &input, &error);
  g_assert_no_error (error);
  g_assert_cmpint (input.turret_hit, ==, 5);
  /* Two dice at 5+: P(none) = (2/3)² = 4/9 that no torpedo is shot down. */
  g_assert_cmpfloat_with_epsilon (odds->expected_destroyed, 2.0 / 3.0, 1e-9);
  first = resolve (battle, NULL, "4 1  1 1 1 1  1 1 1 1");
  assert_rolls (battle, first, "F-TORP-13 2d6=4 1; F-TORP-7 4d6=1 1 1 1; F-TORP-7 4d6=1 1 1 1");
  g_assert_nonnull (strstr (roll_purpose (battle, first), "5+ destroys a torpedo"));
  assert_outcome (battle, first, "≥ 5 per die: 0 passed ✓, 2 failed ✗");
  assert_reported (battle, "Anti-torpedo turrets defending Triumph: 2 dice (4 1) at 5+ — 0 hits");
  g_assert_cmpint (hull_left (battle, "triumph"), ==, 7);
}

/* F-WPN-16: a torpedo's damage checks for criticals on the ruleset's number (<critical-checks>
 * <check source="torpedo">), not the engine's. With a copy of the rules checking on 2+, the
 * duel of test_strike: the checks 6 1 bring one critical, and 2 2 would bring two; the odds
 * read the same number. */
static void
test_critical_number_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("torp-duel.xml", "ruleset",
                             "source=\"torpedo\" clause=\"F-WPN-16\" on=\"6\"",
                             "source=\"torpedo\" clause=\"F-WPN-16\" on=\"2\"");
  AdmTorpedoOddsInput input;
  g_autoptr(AdmFireOdds) odds = NULL;
  g_autoptr(GError) error = NULL;
  guint first;

  g_assert_cmpint (adm_ruleset_get_critical_on (adm_battle_get_ruleset (battle),
                                                ADM_CRITICAL_SOURCE_TORPEDO), ==, 2);
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  odds = adm_battle_torpedo_odds (battle, 1, ship_index (battle, "triumph"), 0, &input, &error);
  g_assert_no_error (error);
  g_assert_cmpint (input.critical_on, ==, 2);
  first = resolve (battle, NULL, "4 1  3 2 6  2 2  2 3  5 5  2");
  assert_rolls (battle, first, "F-TORP-13 2d6=4 1; F-TORP-7 3d6=3 2 6; F-WPN-16 2d6=2 2; "
                               "F-CRIT-2 2d6=2 3; F-CRIT-2 2d6=5 5; F-TORP-7 1d6=2");
  assert_outcome (battle, first + 2, "≥ 2 per die: 2 passed ✓, 0 failed ✗");
  g_assert_cmpstr (roll_purpose (battle, first + 2), ==, "critical checks on Triumph, 2+");
}

static void
steer_twice (const char *ruling)
{
  g_autoptr(AdmBattle) battle = load_three_turn_torpedoes ();

  set_ruling (battle, "torpedo-steer", ruling);
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  /* F-WPN-12 ("torpedo-turns" profile): three turns. */
  assert_salvo (battle, 1, 0, 0, 90, 4, 3, FALSE);
  resolve (battle, NULL, NULL);
  skip_to (battle, 2, ADM_PHASE_TORPEDO);
  resolve (battle, "<steer salvo=\"1\" degrees=\"-45\"/>", NULL);
  assert_salvo (battle, 1, 20 + 20 * sin (G_PI / 4), -20 * cos (G_PI / 4), 45, 4, 1, FALSE);
  skip_to (battle, 3, ADM_PHASE_TORPEDO);
  if (g_str_equal (ruling, "once-in-total"))
    {
      refuse (battle, "<steer salvo=\"1\" degrees=\"-10\"/>", NULL,
              "salvo 1 has already made its one turn (F-TORP-5)");
      resolve (battle, NULL, NULL);
      assert_salvo (battle, 1, 20 + 40 * sin (G_PI / 4), -40 * cos (G_PI / 4), 45, 4, 0, TRUE);
    }
  else
    {
      refuse (battle, "<steer salvo=\"1\" degrees=\"-10\"/><steer salvo=\"1\" degrees=\"-10\"/>",
              NULL, "salvo 1 may turn once in a turn (F-TORP-5)");
      resolve (battle, "<steer salvo=\"1\" degrees=\"-10\"/>", NULL);
      assert_salvo (battle, 1, 20 + 20 * sin (G_PI / 4) + 20 * sin (G_PI * 35 / 180),
                    -20 * cos (G_PI / 4) - 20 * cos (G_PI * 35 / 180), 35, 4, 0, TRUE);
    }
}

static void
test_steer_once_in_total (void)
{
  steer_twice ("once-in-total");
}

static void
test_steer_once_per_turn (void)
{
  steer_twice ("once-per-turn");
}

/* Premature detonation (F-TORP-11, F-TORP-12) */

static AdmBattle *
load_with_marker (void)
{
  return load_variant_at ("torp-open.xml", "</battle>",
                          "<marker kind=\"explosion\" x=\"10\" y=\"0\"/></battle>",
                          ADM_PHASE_FIRE);
}

static void
test_marker_per_torpedo (void)
{
  g_autoptr(AdmBattle) battle = load_with_marker ();
  guint first;

  /* F-TORP-11 ("premature-detonation" per-torpedo): a d6 per torpedo, each 6 detonates one. */
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  first = resolve (battle, NULL, "6 1 2 6");
  assert_rolls (battle, first, "F-TORP-11 4d6=6 1 2 6");
  assert_reported (battle, "Salvo 1 runs through an explosion marker (F-TORP-11): 6 1 2 6 — 2 "
                           "torpedoes detonate.");
  assert_salvo (battle, 1, 20, 0, 90, 2, 1, FALSE);
}

static void
test_marker_whole_salvo (void)
{
  g_autoptr(AdmBattle) battle = load_with_marker ();
  guint first;

  /* "premature-detonation" whole-salvo: one d6, a 6 detonates the whole salvo where it is. */
  set_ruling (battle, "premature-detonation", "whole-salvo");
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  first = resolve (battle, NULL, "6");
  assert_rolls (battle, first, "F-TORP-11 1d6=6");
  g_assert_true (salvo (battle, 1)->spent);
  g_assert_cmpint (salvo (battle, 1)->torpedoes, ==, 0);
  g_assert_cmpfloat (salvo (battle, 1)->position.x, <, 10);
  assert_reported (battle, "Salvo 1 is spent.");
}

static AdmBattle *
load_oncoming (void)
{
  return load_variant_at ("torp-open.xml", "x=\"45\"", "x=\"30\"", ADM_PHASE_FIRE);
}

static void
test_meeting_per_torpedo (void)
{
  g_autoptr(AdmBattle) battle = load_oncoming ();
  guint first;

  /* F-TORP-12: the salvoes close at 38 cm a turn and touch after 28 cm: both roll, 2d6 per
   * torpedo, each double detonating one — 2 of 4 and 1 of 2. */
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>"
                   "<launch weapons=\"triumph:torpedoes\" heading=\"270\"/>", NULL);
  first = resolve (battle, NULL, "1 1 2 3 4 5 6 6  3 3 1 2");
  assert_rolls (battle, first, "F-TORP-12 8d6=1 1 2 3 4 5 6 6; F-TORP-12 4d6=3 3 1 2");
  assert_outcome (battle, first, "a double per pair: 2 passed ✓, 2 failed ✗");
  assert_outcome (battle, first + 1, "a double per pair: 1 passed ✓, 1 failed ✗");
  assert_reported (battle, "Salvo 1 meets the oncoming salvo 2 (F-TORP-12): 1+1 2+3 4+5 6+6 — 2 "
                           "torpedoes detonate.");
  assert_reported (battle, "Salvo 2 meets the oncoming salvo 1 (F-TORP-12): 3+3 1+2 — 1 "
                           "torpedo detonates.");
  assert_salvo (battle, 1, 20, 0, 90, 2, 1, FALSE);
  assert_salvo (battle, 2, 12, 0, 270, 1, 1, FALSE);
}

static void
test_meeting_whole_salvo (void)
{
  g_autoptr(AdmBattle) battle = load_oncoming ();
  guint first;

  /* "premature-detonation" whole-salvo: one 2d6 each; a double takes the whole salvo. */
  set_ruling (battle, "premature-detonation", "whole-salvo");
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>"
                   "<launch weapons=\"triumph:torpedoes\" heading=\"270\"/>", NULL);
  first = resolve (battle, NULL, "4 4  2 3");
  assert_rolls (battle, first, "F-TORP-12 2d6=4 4; F-TORP-12 2d6=2 3");
  g_assert_true (salvo (battle, 1)->spent);
  assert_salvo (battle, 2, 12, 0, 270, 2, 1, FALSE);
}

/* Escort cover (F-TORP-14, F-TORP-15) */

static void
test_cover (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  guint first;

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>", NULL);
  refuse (battle, "<cover weapons=\"victory:main\" ship=\"triumph\"/>", NULL,
          "only the guns of escorts cover ships against torpedoes (F-TORP-14)");
  refuse (battle, "<cover weapons=\"kestrel:guns\" ship=\"vorkraft\"/>", NULL,
          "are not on the same side");
  /* F-TORP-14: the destroyer's guns, 8 cm off, add 3 dice to Triumph's 2 turrets: 1 1 and
   * 4 4 4 — three down; the last torpedo misses (1) and flies on; Victory, 1 die: 1. */
  first = resolve (battle, "<cover weapons=\"kestrel:guns\" ship=\"triumph\"/>",
                   "1 1  4 4 4  1  1");
  assert_rolls (battle, first, "F-TORP-13 2d6=1 1; F-TORP-14 3d6=4 4 4; F-TORP-7 1d6=1; "
                               "F-TORP-7 1d6=1");
  assert_outcome (battle, first, "≥ 4 per die: 0 passed ✓, 2 failed ✗");
  assert_outcome (battle, first + 1, "≥ 4 per die: 3 passed ✓, 0 failed ✗");
  assert_reported (battle, "Anti-torpedo turrets defending Triumph: 2 dice (1 1) at 4+ — 0 hits; "
                           "escort guns covering Triumph: 3 dice (4 4 4) at 4+ — 3 hits: 3 "
                           "torpedoes of salvo 1 destroyed.");
  /* F-TORP-15: the ship card remembers: no artillery from those guns next turn. */
  g_assert_cmpint (ship (battle, "kestrel")->covering_turn, ==, 2);
  g_assert_cmpuint (ship (battle, "kestrel")->covering_weapons, ==, 1u << 0);
  skip_to (battle, 2, ADM_PHASE_FIRE);
  refuse (battle, "<fire weapons=\"kestrel:guns\" target=\"vorkraft\"/>", NULL,
          "Kestrel's Gun battery covered a ship against torpedoes last turn and cannot fire in "
          "this turn's fire phase (F-TORP-15)");
}

static void
test_cover_unused (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_TORPEDO);

  /* A cover no salvo calls on binds nothing. */
  resolve (battle, "<cover weapons=\"kestrel:guns\" ship=\"triumph\"/>", NULL);
  g_assert_cmpint (ship (battle, "kestrel")->covering_turn, ==, 0);
}

/* Fire at salvoes (F-WPN-14, F-TORP-18, F-TORP-19) */

static AdmBattle *
load_salvo_on_table (const char *from,
                     const char *to)
{
  AdmBattle *battle = from != NULL ? load_variant_at ("torp-open.xml", from, to, ADM_PHASE_FIRE)
                                   : load_at ("torp-open.xml", ADM_PHASE_FIRE);

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  resolve (battle, NULL, NULL);
  skip_to (battle, 2, ADM_PHASE_FIRE);
  assert_salvo (battle, 1, 20, 0, 90, 4, 1, FALSE);
  return battle;
}

static void
test_escort_fire_at_salvo (void)
{
  g_autoptr(AdmBattle) battle = load_salvo_on_table (NULL, NULL);
  guint first;

  refuse (battle, "<fire-at-salvo weapons=\"vorkraft:main\" salvo=\"1\"/>", NULL,
          "salvo 1 is Barrayar's own");
  refuse (battle, "<fire-at-salvo weapons=\"triumph:main\" salvo=\"2\"/>", NULL,
          "there is no torpedo salvo 2 on the table");
  refuse (battle, "<fire-at-salvo weapons=\"triumph:main kestrel:guns\" salvo=\"1\"/>", NULL,
          "only ships of one formation fire together");
  /* F-WPN-14, F-TORP-19 ("escort-fire-at-salvo"): the destroyer's guns, 20.9 cm off, roll as
   * turrets: 3 dice, 4 5 1 — two torpedoes destroyed. */
  first = resolve (battle, "<fire-at-salvo weapons=\"kestrel:guns\" salvo=\"1\"/>", "4 5 1");
  g_test_message ("F-WPN-14: a salvo on the table is a target of fire");
  assert_rolls (battle, first, "F-TORP-19 3d6=4 5 1");
  assert_reported (battle, "Kestrel's Gun battery at salvo 1 as turrets (F-TORP-19): 3 dice (4 5 "
                           "1) at 4+ — 2 torpedoes destroyed.");
  g_assert_cmpint (salvo (battle, 1)->torpedoes, ==, 2);
}

/* F-TORP-19 with F-MOVE-15, F-FORD-10: a course correction halves the escort's guns, and the
 * dice prompt says why it asks for fewer dice than their firepower. */
static void
test_escort_fire_halved_note (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-open.xml", ADM_PHASE_FIRE);
  g_autofree char *note = NULL;

  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" heading=\"90\"/>", NULL);
  resolve (battle, NULL, NULL);
  skip_to (battle, 2, ADM_PHASE_MOVEMENT);
  resolve (battle, "<move formation=\"e\" order=\"course-correction\"/>", NULL);
  skip_to (battle, 2, ADM_PHASE_FIRE);
  note = first_note (battle, "<fire-at-salvo weapons=\"kestrel:guns\" salvo=\"1\"/>", "1");
  g_assert_nonnull (strstr (note, "3 dice; firepower 3 halved to 1 (F-MOVE-15, F-MOVE-16, "
                                  "F-MOVE-17, F-FORD-10"));
  g_assert_true (g_str_has_suffix (note, ": roll 1"));
}

static void
test_big_guns_at_salvo (void)
{
  g_autoptr(AdmBattle) battle = load_salvo_on_table ("x=\"45\"", "x=\"30\"");

  /* F-TORP-18 ("salvo-target-column" torpedo-column): Triumph's battery, firepower 4, 10 cm:
   * half range, column 5 shifted to 4: 1 die, armour 1 — it hits: one torpedo detonates. */
  resolve (battle, "<fire-at-salvo weapons=\"triumph:main\" salvo=\"1\"/>", NULL);
  assert_reported (battle, "Triumph's Main battery, firepower 4 at salvo 1 (torpedo), 10.0 cm, "
                           "column 4: 1 die against armour 1, every die hits (F-TORP-18).");
  g_assert_cmpint (salvo (battle, 1)->torpedoes, ==, 3);
  /* F-FIRE-12: once per fire phase. */
  g_assert_cmpuint (ship (battle, "triumph")->fired, ==, 1u << 0);
}

static void
test_big_guns_each_ship (void)
{
  g_autoptr(AdmBattle) battle =
    load_salvo_on_table ("<ship id=\"triumph\" name=\"Triumph\" class=\"komarran-cruiser\" "
                         "x=\"45\"",
                         "<ship id=\"victory\" name=\"Victory\" class=\"komarran-cruiser\" "
                         "x=\"30\" y=\"4\" heading=\"270\" readiness=\"6\"/>"
                         "<ship id=\"triumph\" name=\"Triumph\" class=\"komarran-cruiser\" "
                         "x=\"30\"");

  /* F-ART-3 («Если корабль обстреливает несколькими батареями одну и ту же цель,
   * складывается…»), F-FIRE-4: at a salvo too, each ship's batteries are looked up on their
   * own. Triumph (10.0 cm) and Victory (10.8 cm), main batteries firepower 4, range 30: both
   * within half range (15 cm), the torpedo column 5 shifted to 4 (F-ART-8, F-TORP-18):
   * firepower 4 gives 1 die each, armour 1: 2 torpedoes detonate. Added into firepower 8 they
   * would have rolled 3 dice. */
  resolve (battle, "<fire-at-salvo weapons=\"triumph:main victory:main\" salvo=\"1\"/>", NULL);
  assert_reported (battle, "Triumph's Main battery, firepower 4 at salvo 1 (torpedo), 10.0 cm, "
                           "column 4: 1 die against armour 1, every die hits (F-TORP-18).");
  assert_reported (battle, "Victory's Main battery, firepower 4 at salvo 1 (torpedo), 10.8 cm, "
                           "column 4: 1 die against armour 1, every die hits (F-TORP-18).");
  g_assert_cmpint (salvo (battle, 1)->torpedoes, ==, 2);
}

static void
test_big_guns_escort_aspect (void)
{
  g_autoptr(AdmBattle) battle = load_salvo_on_table ("x=\"45\"", "x=\"30\"");

  /* "salvo-target-column" escort-aspect: the salvo comes on at Triumph: approaching escort,
   * column 3, half range 2: 3 dice, all hits. */
  set_ruling (battle, "salvo-target-column", "escort-aspect");
  resolve (battle, "<fire-at-salvo weapons=\"triumph:main\" salvo=\"1\"/>", NULL);
  assert_reported (battle, "(approaching escort), 10.0 cm, column 2: 3 dice against armour 1");
  g_assert_cmpint (salvo (battle, 1)->torpedoes, ==, 1);
}

static void
test_big_guns_whole_salvo (void)
{
  g_autoptr(AdmBattle) battle = load_salvo_on_table ("x=\"45\"", "x=\"30\"");

  /* F-TORP-18 with "premature-detonation" whole-salvo: a hit detonates all of it. */
  set_ruling (battle, "premature-detonation", "whole-salvo");
  /* The destroyer's fire, declared at the salvo before the phase, is held: no dice. */
  resolve (battle, "<fire-at-salvo weapons=\"triumph:main\" salvo=\"1\"/>"
                   "<fire-at-salvo weapons=\"kestrel:guns\" salvo=\"1\"/>", NULL);
  g_assert_true (salvo (battle, 1)->spent);
  g_assert_cmpint (salvo (battle, 1)->torpedoes, ==, 0);
  assert_reported (battle, "Salvo 1 is gone: the fire declared at it is held.");
  g_assert_cmpuint (ship (battle, "kestrel")->fired, ==, 0);
}

/* Wrecks (F-CAT-5, F-CAT-6, F-CAT-7) */

static void
test_wreck (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("torp-duel.xml",
                                                 "x=\"10\" y=\"0\" heading=\"270\" readiness=\"6\"",
                                                 "x=\"10\" y=\"0\" heading=\"270\" readiness=\"6\" "
                                                 "damage=\"6\"", ADM_PHASE_FIRE);
  guint first;

  /* F-FORM-12: the two battlecruisers launch one salvo each. */
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>"
                   "<launch weapons=\"vorhalas:torpedoes\" target=\"triumph\"/>", NULL);
  /* Salvo 1: turrets 1 1, 4 dice at 3+ (3 1 1 1): Triumph's last hull point — its critical
   * check (F-CRIT-1, F-WPN-16: 1, none), then catastrophic 2d6 = 3, a drifting hulk and an
   * explosion marker; salvo 1 then runs through the marker (F-TORP-11, 1 1 1). Salvo 2
   * strikes the hulk (F-CAT-5): no turrets (F-CAT-7), 3 1 1 1 — one hit, the hulk rolls again
   * (F-CAT-6): 4, still a hulk; through the marker: 2 2 2. Salvo 1 reaches Victory last:
   * 1 1 1. */
  first = resolve (battle, NULL, "1 1  3 1 1 1  1  1 2  1 1 1  3 1 1 1  1 3  2 2 2  1 1 1");
  g_test_message ("F-CAT-5, F-CAT-6, F-CAT-7: torpedoes striking a wreck; F-TORP-11 through "
                  "its explosion marker");
  assert_rolls (battle, first, "F-TORP-13 2d6=1 1; F-TORP-7 4d6=3 1 1 1; F-WPN-16 1d6=1; "
                               "F-CAT-3 2d6=1 2; "
                               "F-TORP-11 3d6=1 1 1; F-TORP-7 4d6=3 1 1 1; F-CAT-3 2d6=1 3; "
                               "F-TORP-11 3d6=2 2 2; F-TORP-7 3d6=1 1 1");
  assert_reported (battle, "The hulk of Triumph is hit and rolls again for catastrophic damage "
                           "(F-CAT-6).");
  g_assert_cmpint (ship (battle, "triumph")->status, ==, ADM_SHIP_DRIFTING_HULK);
  g_assert_cmpint (salvo (battle, 1)->torpedoes, ==, 3);
  g_assert_cmpint (salvo (battle, 2)->torpedoes, ==, 3);
}

/* The journal replays a torpedo battle: declarations and dice give the same state. */
static void
test_undo_replays (void)
{
  g_autoptr(AdmBattle) battle = load_at ("torp-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  g_test_message ("F-WPN-10, F-TORP-14: launch, cover and strike, undone and replayed");
  resolve (battle, "<launch weapons=\"vorkraft:torpedoes\" target=\"triumph\"/>"
                   "<prepare-to-launch ship=\"vorkraft\"/>", "1 2");
  resolve (battle, "<cover weapons=\"kestrel:guns\" ship=\"triumph\"/>",
           "1 1  4 1 1  3 2 6  1 1  1");
  before = adm_battle_dump (battle);
  resolve (battle, NULL, NULL);
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);
  resolve (battle, "<cover weapons=\"kestrel:guns\" ship=\"triumph\"/>",
           "1 1  4 1 1  3 2 6  1 1  1");
  after = adm_battle_dump (battle);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpint (ship (battle, "kestrel")->covering_turn, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("ADMIRALTY_SOURCE_DIR"));

  g_test_add_func ("/engine/torpedo/F-FORD-10/reinforced-launch", test_launch_reinforced);
  g_test_add_func ("/engine/torpedo/F-WPN-10/launch", test_launch);
  g_test_add_func ("/engine/torpedo/F-WPN-10/launch-targets", test_launch_targets);
  g_test_add_func ("/engine/torpedo/F-FIRE-3/refused", test_launch_refused);
  g_test_add_func ("/engine/torpedo/F-FORM-12/combined-salvo", test_combined_salvo);
  g_test_add_func ("/engine/torpedo/F-FORM-13/one-per-ship", test_combined_salvo_per_ship);
  g_test_add_func ("/engine/torpedo/F-FORM-13/heading", test_combined_salvo_heading);
  g_test_add_func ("/engine/torpedo/F-FORM-13/range-from-farthest", test_combined_range);
  g_test_add_func ("/engine/torpedo/F-TORP-1/reload", test_reload);
  g_test_add_func ("/engine/torpedo/F-TORP-2/prepare-to-launch", test_prepare_to_launch);
  g_test_add_func ("/engine/torpedo/F-TORP-2/failed", test_prepare_to_launch_fails);
  g_test_add_func ("/engine/torpedo/F-TORP-4/run-and-detonate", test_run_and_detonate);
  g_test_add_func ("/engine/torpedo/F-TORP-13/turret-number-from-ruleset",
                   test_turret_number_from_ruleset);
  g_test_add_func ("/engine/torpedo/F-WPN-16/numbers-from-ruleset",
                   test_critical_number_from_ruleset);
  g_test_add_func ("/engine/torpedo/F-TORP-6/contact-behind-launcher",
                   test_contact_behind_launcher);
  g_test_add_func ("/engine/torpedo/F-TORP-13/strike", test_strike);
  g_test_add_func ("/engine/torpedo/F-TORP-17/touching-turrets", test_turrets_touching);
  g_test_add_func ("/engine/torpedo/F-TORP-10/any-friendly", test_friendly);
  g_test_add_func ("/engine/torpedo/F-TORP-10/launching-formation",
                   test_friendly_launching_formation);
  g_test_add_func ("/engine/torpedo/F-TORP-5/steer", test_steer);
  g_test_add_func ("/engine/torpedo/F-TORP-5/once-in-total", test_steer_once_in_total);
  g_test_add_func ("/engine/torpedo/F-TORP-5/once-per-turn", test_steer_once_per_turn);
  g_test_add_func ("/engine/torpedo/F-TORP-11/per-torpedo", test_marker_per_torpedo);
  g_test_add_func ("/engine/torpedo/F-TORP-11/whole-salvo", test_marker_whole_salvo);
  g_test_add_func ("/engine/torpedo/F-TORP-12/per-torpedo", test_meeting_per_torpedo);
  g_test_add_func ("/engine/torpedo/F-TORP-12/whole-salvo", test_meeting_whole_salvo);
  g_test_add_func ("/engine/torpedo/F-TORP-14/cover", test_cover);
  g_test_add_func ("/engine/torpedo/F-TORP-15/unused-cover", test_cover_unused);
  g_test_add_func ("/engine/torpedo/F-TORP-19/escort-fire", test_escort_fire_at_salvo);
  g_test_add_func ("/engine/torpedo/F-TORP-19/F-FORD-10/halved-dice-note",
                   test_escort_fire_halved_note);
  g_test_add_func ("/engine/torpedo/F-TORP-18/torpedo-column", test_big_guns_at_salvo);
  g_test_add_func ("/engine/torpedo/F-ART-3/guns-at-salvo-per-ship", test_big_guns_each_ship);
  g_test_add_func ("/engine/torpedo/F-TORP-18/escort-aspect", test_big_guns_escort_aspect);
  g_test_add_func ("/engine/torpedo/F-TORP-18/whole-salvo", test_big_guns_whole_salvo);
  g_test_add_func ("/engine/torpedo/F-CAT-5/wreck", test_wreck);
  g_test_add_func ("/engine/torpedo/journal/undo-replays", test_undo_replays);

  return g_test_run ();
}
