/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-cache.c: a large fire phase, where the phase's spatial grids (adm-battle-cache.c)
 * answer. A generated battle — a line of cruisers close enough for the bases to touch and pool
 * their shields (F-SHLD-5) facing a line of formations in command (F-FORM-19) that lose it
 * when a flagship falls (F-FORM-15), damaged ships that become hulks during the phase,
 * explosion markers (F-ART-10) — is played through two turns' fire phases, the second one's
 * lines of fire meeting the first one's drifted hulks (F-CAT-4, under either ruling). */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "admiralty-engine.h"

#define N_PER_SIDE 120
#define SHIPS_PER_FORMATION 6
#define GAP 11.0
/* A seed whose first turn leaves hulks for the second's lines of fire (F-CAT-4); the wreck's
 * own critical checks (F-CRIT-1) take dice from the stream, so it is no longer 20. */
#define SEED 21

/* Side a touches (2 cm cruiser bases 2 cm apart) each a formation of its own, side b does not
 * (2.5 cm) in formations of six. One ship in four (every ship, @all_damaged)
 * has one hull point left; markers lie between the lines. */
static char *
generate_battle (const char *hulk_ruling,
                 gboolean    all_damaged)
{
  GString *xml = g_string_new (NULL);
  const struct { const char *id, *prefix, *klass; double x, heading, spacing; int hull, per; }
    sides[] = {
      { "barrayar", "b", "vorberg", 0, 90, 2.0, 8, 1 },
      { "komarr", "k", "komarran-cruiser", GAP, 270, 2.5, 7, SHIPS_PER_FORMATION },
    };

  g_string_append (xml, "<battle ruleset=\"forcon-2010\" name=\"Cache test\">\n");
  g_string_append_printf (xml, "  <rulings><ruling id=\"explosions-and-hulks\" value=\"%s\"/>"
                               "</rulings>\n", hulk_ruling);
  for (guint s = 0; s < G_N_ELEMENTS (sides); s++)
    {
      g_string_append_printf (xml, "  <side id=\"%s\" name=\"%s\">\n", sides[s].id,
                              sides[s].id);
      for (int f = 0; f < N_PER_SIDE / sides[s].per; f++)
        {
          int first = f * sides[s].per;

          g_string_append_printf (xml, "    <formation id=\"%sf%d\" name=\"%s %d\" "
                                       "flagship=\"%s%03d\">\n", sides[s].prefix, f,
                                  sides[s].id, f, sides[s].prefix, first);
          for (int n = first; n < first + sides[s].per; n++)
            {
              char y[G_ASCII_DTOSTR_BUF_SIZE];

              g_ascii_formatd (y, sizeof y, "%.1f", n * sides[s].spacing);
              g_string_append_printf (xml, "      <ship id=\"%s%03d\" name=\"%s %d\" "
                                           "class=\"%s\" x=\"%g\" y=\"%s\" heading=\"%g\" "
                                           "readiness=\"%d\" damage=\"%d\"/>\n",
                                      sides[s].prefix, n, sides[s].id, n, sides[s].klass,
                                      sides[s].x, y, sides[s].heading, 5 + n % 5,
                                      all_damaged || n % 4 == 1 ? sides[s].hull - 1 : 0);
            }
          g_string_append (xml, "    </formation>\n");
        }
      g_string_append (xml, "  </side>\n");
    }
  for (int m = 0; m < 30; m++)
    g_string_append_printf (xml, "  <marker kind=\"explosion\" x=\"%g\" y=\"%d\" diameter=\"2.5\"/>\n",
                            3.0 + (m % 3) * 2.5, m * 9);
  g_string_append (xml, "</battle>\n");
  return g_string_free (xml, FALSE);
}

/* Every direct-fire weapon of @firer that reaches @target (F-FIRE-5, F-FIRE-6). */
static void
add_fire (AdmTurnOrders *orders,
          AdmBattle     *battle,
          const char    *firer,
          const char    *target)
{
  const AdmBattleShip *s = adm_battle_lookup_ship (battle, firer);
  const AdmBattleShip *t = adm_battle_lookup_ship (battle, target);
  double distance = adm_distance (s->position, t->position);
  AdmArcSector sector = adm_sector_of (s->position, s->heading, t->position);
  AdmArcs arc = sector == ADM_SECTOR_BOW ? ADM_ARC_BOW : sector == ADM_SECTOR_STERN
                ? ADM_ARC_STERN : sector == ADM_SECTOR_PORT ? ADM_ARC_PORT : ADM_ARC_STARBOARD;
  AdmFireDecl *decl = NULL;

  /* In the second turn: only ships in action fire, at ships still on the table. */
  if (s->status != ADM_SHIP_ACTIVE || t->status == ADM_SHIP_DESTROYED)
    return;
  for (guint w = 0; w < s->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (s->klass->weapons, w);

      if ((weapon->type == ADM_WEAPON_ARTILLERY || weapon->type == ADM_WEAPON_DESTRUCTOR) &&
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

/* Each ship of one line, then its opposite number, at targets spread along the enemy line;
 * every third ship of a line fires across at a ship further along, so lines of fire cross
 * the markers and the hulks. */
static AdmTurnOrders *
build_orders (AdmBattle *battle)
{
  AdmTurnOrders *orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  static const int offsets[] = { 0, 1, -1, 2, -2, 5, -5 };

  for (int n = 0; n < N_PER_SIDE; n++)
    {
      int target = n + offsets[n % G_N_ELEMENTS (offsets)];
      char firer[16], aim[16];

      if (target < 0 || target >= N_PER_SIDE)
        target = n;
      g_snprintf (firer, sizeof firer, "b%03d", n);
      g_snprintf (aim, sizeof aim, "k%03d", target);
      add_fire (orders, battle, firer, aim);
      g_snprintf (firer, sizeof firer, "k%03d", n);
      g_snprintf (aim, sizeof aim, "b%03d", target);
      add_fire (orders, battle, firer, aim);
    }
  return orders;
}

/* Resolves phases without orders up to the next fire phase: nobody moves but the hulks,
 * which drift (F-CAT-10). */
static void
skip_to_fire (AdmBattle *battle)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED);

  do
    {
      g_autoptr(GError) error = NULL;

      adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error);
      g_assert_no_error (error);
    }
  while (adm_battle_get_phase (battle) != ADM_PHASE_FIRE);
}

static AdmBattle *
load (const char *hulk_ruling,
      gboolean    all_damaged)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = generate_battle (hulk_ruling, all_damaged);
  AdmBattle *battle = adm_battle_load_memory (xml, strlen (xml), "cache.xml", &error);

  g_assert_no_error (error);
  if (adm_battle_get_phase (battle) != ADM_PHASE_FIRE)
    skip_to_fire (battle);
  return battle;
}

/* Strikes the declaration a refusal names (F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12: a battery
 * knocked out earlier in the phase), as a master would. */
static void
strike (AdmTurnOrders *orders,
        AdmBattle     *battle,
        const GError  *error)
{
  for (guint d = 0; d < orders->fires->len; d++)
    {
      AdmFireDecl *decl = g_ptr_array_index (orders->fires, d);
      const AdmBattleShip *s = adm_battle_lookup_ship (battle, g_ptr_array_index (decl->ships, 0));
      g_autofree char *named = g_strdup_printf ("%s's ", s->name);

      if (strstr (error->message, named) != NULL)
        {
          g_ptr_array_remove_index (orders->fires, d);
          return;
        }
    }
  g_error ("no declaration matches: %s", error->message);
}

/* The phase resolved: the dump, then every report line and roll since @report/@rolls. */
static char *
play (AdmBattle           *battle,
      const AdmTurnOrders *orders,
      GError             **error)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED + 1);
  guint report = adm_battle_get_report (battle)->len, rolls = adm_battle_get_rolls (battle)->len;
  g_autofree char *dump = NULL;
  GString *out;

  if (!adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (dice), error))
    return NULL;
  dump = adm_battle_dump (battle);
  out = g_string_new (dump);
  for (guint i = report; i < adm_battle_get_report (battle)->len; i++)
    g_string_append_printf (out, "report: %s\n",
                            adm_report_line_get_text (g_ptr_array_index (adm_battle_get_report
                                                                           (battle), i)));
  for (guint i = rolls; i < adm_battle_get_rolls (battle)->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (adm_battle_get_rolls (battle), i);

      g_string_append_printf (out, "roll: %s (%s):", adm_battle_roll_get_purpose (roll),
                              roll->clause);
      for (guint v = 0; v < roll->n_values; v++)
        g_string_append_printf (out, " %u", roll->values[v]);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* Plays @battle's fire phase, striking what the engine refuses as a master would, and returns
 * what it did. */
static char *
play_struck (AdmBattle *battle)
{
  g_autoptr(AdmTurnOrders) orders = build_orders (battle);
  char *out;

  for (;;)
    {
      g_autoptr(GError) error = NULL;

      out = play (battle, orders, &error);
      if (out != NULL)
        break;
      g_test_message ("%s", error->message);
      g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
      g_assert_nonnull (strstr (error->message, "F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12"));
      strike (orders, battle, error);
    }
  return out;
}

/* Two turns' fire phases: the second one's lines of fire meet the first one's hulks, which
 * block them or shift their column as @hulk_ruling says (F-CAT-4, F-ART-10): @seen. */
static void
check_phase (const char *hulk_ruling,
             const char *seen)
{
  g_autoptr(AdmBattle) battle = load (hulk_ruling, FALSE);
  g_autofree char *first = NULL, *second = NULL;
  guint hulks = 0, lines = 0;

  first = play_struck (battle);
  skip_to_fire (battle);
  second = play_struck (battle);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    hulks += adm_battle_get_ship (battle, i)->status == ADM_SHIP_DRIFTING_HULK ||
             adm_battle_get_ship (battle, i)->status == ADM_SHIP_BURNING_HULK;
  for (const char *p = second; (p = strstr (p, "report: ")) != NULL; p++)
    lines++;
  g_test_message ("%u hulks, %u report lines in the second turn, %u markers", hulks, lines,
                  adm_battle_get_n_markers (battle));
  g_assert_cmpuint (hulks, >=, 5);
  /* Explosions place more markers in a phase than the grid looks at one by one (16): the
   * grid takes them in as the phase goes on (adm-battle-cache.c). */
  g_assert_cmpuint (adm_battle_get_n_markers (battle), >, 30 + 2 * 16);
  g_assert_cmpuint (lines, >=, N_PER_SIDE / 4);
  /* Shields used: F-WPN-7, by default before armour (dice cancelled), or after it. */
  g_assert_true (strstr (first, "absorbed by shields") != NULL ||
                 strstr (first, "cancelled by shields") != NULL);
  g_assert_true (strstr (second, "absorbed by shields") != NULL ||
                 strstr (second, "cancelled by shields") != NULL);
  g_assert_nonnull (strstr (second, seen));
}

static void
test_hulks_block (void)
{
  check_phase ("markers-shift-hulks-block", "blocks the line of fire");
}

static void
test_hulks_shift (void)
{
  check_phase ("both-shift", "behind");
}

/* F-CAT-12, F-CAT-13: with every ship one hull point from the catastrophic table, ships blow
 * up all along both lines and their explosions strike the ships around them, above and below
 * in the line and across in the other, whom the phase's grid names. */
static void
test_explosions (void)
{
  g_autoptr(AdmBattle) battle = load ("markers-shift-hulks-block", TRUE);
  g_autofree char *out = play_struck (battle);
  guint explosions = 0, strikes = 0;

  for (const char *p = out; (p = strstr (p, "reaches")) != NULL; p++)
    explosions++;
  for (const char *p = out; (p = strstr (p, "The explosion strikes")) != NULL; p++)
    strikes++;
  g_test_message ("%u explosions, %u ships struck", explosions, strikes);
  g_assert_cmpuint (explosions, >=, 5);
  g_assert_cmpuint (strikes, >=, 2 * explosions);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/fire/cache/F-SHLD-5/hulks-block", test_hulks_block);
  g_test_add_func ("/engine/fire/cache/F-CAT-4/hulks-shift", test_hulks_shift);
  g_test_add_func ("/engine/fire/cache/F-CAT-12/explosions", test_explosions);
  return g_test_run ();
}
