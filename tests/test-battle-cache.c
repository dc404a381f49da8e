/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-cache.c: the fire phase's caches (adm-battle-cache.c) change nothing. A large
 * generated battle — a line of cruisers close enough for the bases to touch and pool their
 * shields (F-SHLD-5) facing a line of formations in command (F-FORM-19) that lose it when a
 * flagship falls (F-FORM-15), damaged ships that become hulks during the phase, explosion
 * markers (F-ART-10) — is played through two turns' fire phases, the second one's lines of
 * fire meeting the first one's drifted hulks (F-CAT-4, under either ruling), with the caches
 * and without, from the same dice: the battle's dump, every report line and every roll must
 * be the same, bit for bit. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "admiralty-engine.h"
#include "adm-battle-private.h"

#define N_PER_SIDE 120
#define SHIPS_PER_FORMATION 6
#define GAP 11.0
#define SEED 20

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

/* Strikes the declaration a refusal names (F-CRIT-9..12: a battery knocked out earlier in
 * the phase), as a master would. */
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

/* Plays @battle's fire phase without the caches, striking what the engine refuses as a
 * master would, and returns what it did; @orders_out gets the orders that went through. */
static char *
play_plain (AdmBattle      *battle,
            AdmTurnOrders **orders_out)
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
      g_assert_nonnull (strstr (error->message, "F-CRIT-9..12"));
      strike (orders, battle, error);
    }
  *orders_out = g_steal_pointer (&orders);
  return out;
}

static char *
play_cached (AdmBattle           *battle,
             const AdmTurnOrders *orders)
{
  g_autoptr(GError) error = NULL;
  char *out = play (battle, orders, &error);

  g_assert_no_error (error);
  return out;
}

/* Two turns' fire phases: the second one's lines of fire meet the first one's hulks. */
static void
check_phase (const char *hulk_ruling,
             const char *seen)
{
  g_autoptr(AdmTurnOrders) first = NULL, second = NULL;
  g_autoptr(AdmBattle) plain = load (hulk_ruling, FALSE);
  g_autoptr(AdmBattle) cached = load (hulk_ruling, FALSE);
  g_autofree char *want1 = NULL, *want2 = NULL, *got1 = NULL, *got2 = NULL;
  guint hulks = 0, lines = 0;

  /* Without the caches: every ship walked, as before them. */
  _adm_battle_set_caching (FALSE);
  want1 = play_plain (plain, &first);
  skip_to_fire (plain);
  want2 = play_plain (plain, &second);
  _adm_battle_set_caching (TRUE);
  got1 = play_cached (cached, first);
  skip_to_fire (cached);
  got2 = play_cached (cached, second);

  /* The phases did what they are meant to test: hulks, shields used, many lines. */
  for (guint i = 0; i < adm_battle_get_n_ships (cached); i++)
    hulks += adm_battle_get_ship (cached, i)->status == ADM_SHIP_DRIFTING_HULK ||
             adm_battle_get_ship (cached, i)->status == ADM_SHIP_BURNING_HULK;
  for (const char *p = want2; (p = strstr (p, "report: ")) != NULL; p++)
    lines++;
  g_test_message ("%u hulks, %u report lines in the second turn, %u markers", hulks, lines,
                  adm_battle_get_n_markers (cached));
  if (g_getenv ("CACHE_TEST_DUMP") != NULL)
    g_file_set_contents (g_getenv ("CACHE_TEST_DUMP"), want2, -1, NULL);
  g_assert_cmpuint (hulks, >=, 5);
  /* Explosions place more markers in a phase than the cache looks at one by one (16): the
   * cache takes them into its grid as the phase goes on (adm-battle-cache.c). */
  g_assert_cmpuint (adm_battle_get_n_markers (cached), >, 30 + 2 * 16);
  g_assert_cmpuint (lines, >=, N_PER_SIDE / 4);
  /* Shields used: F-WPN-7, by default before armour (dice cancelled), or after it. */
  g_assert_true (strstr (want1, "absorbed by shields") != NULL ||
                 strstr (want1, "cancelled by shields") != NULL);
  g_assert_true (strstr (want2, "absorbed by shields") != NULL ||
                 strstr (want2, "cancelled by shields") != NULL);
  g_assert_nonnull (strstr (want2, seen));
  g_assert_cmpstr (got1, ==, want1);
  g_assert_cmpstr (got2, ==, want2);
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
 * in the line and across in the other: the cache's grid names the ships an explosion may
 * reach (issue 20), and the phase is the one of the walk over every ship, bit for bit. */
static void
test_explosions (void)
{
  g_autoptr(AdmTurnOrders) orders = NULL;
  g_autoptr(AdmBattle) plain = load ("markers-shift-hulks-block", TRUE);
  g_autoptr(AdmBattle) cached = load ("markers-shift-hulks-block", TRUE);
  g_autofree char *want = NULL, *got = NULL;
  guint explosions = 0, strikes = 0;

  _adm_battle_set_caching (FALSE);
  want = play_plain (plain, &orders);
  _adm_battle_set_caching (TRUE);
  got = play_cached (cached, orders);
  for (const char *p = want; (p = strstr (p, "reaches")) != NULL; p++)
    explosions++;
  for (const char *p = want; (p = strstr (p, "The explosion strikes")) != NULL; p++)
    strikes++;
  g_test_message ("%u explosions, %u ships struck", explosions, strikes);
  g_assert_cmpuint (explosions, >=, 5);
  g_assert_cmpuint (strikes, >=, 2 * explosions);
  g_assert_cmpstr (got, ==, want);
}

/* The report's own formatter (issue 20) writes what printf writes: plain and positional
 * %s, %d, %u, %i, %.Nf and %%, and leaves every other format to printf. */
static char *
fast_printf (const char *format,
             ...) G_GNUC_PRINTF (1, 2);

static char *
fast_printf (const char *format,
             ...)
{
  GString *text = g_string_new (NULL);
  va_list args;

  va_start (args, format);
  _adm_battle_append_vprintf (text, format, args);
  va_end (args);
  return g_string_free (text, FALSE);
}

#define CHECK_FORMAT(...) \
  G_STMT_START { \
    g_autofree char *fast = fast_printf (__VA_ARGS__); \
    g_autofree char *slow = g_strdup_printf (__VA_ARGS__); \
    g_assert_cmpstr (fast, ==, slow); \
  } G_STMT_END

static void
test_cache_report_format (void)
{
  g_autoptr(GString) line = g_string_new ("Vorberg");

  CHECK_FORMAT ("%s", "");
  CHECK_FORMAT ("no conversion at all");
  CHECK_FORMAT ("%s's %s fires: %d dice at %u+, 100%% — %i", "Vorberg", "main battery", -42,
                4u, G_MININT);
  CHECK_FORMAT ("%d %d %u %u", 0, G_MAXINT, 0u, G_MAXUINT);
  CHECK_FORMAT ("%2$s стреляет по %1$s: %3$d кубиков, %4$u попаданий", "Komarr 1", "Barrayar 2",
                7, 3u);
  CHECK_FORMAT ("%1$s, %1$s и %2$d", "Vorberg", -1);
  /* Longer than the formatter gathers at once. */
  {
    g_autofree char *long_name = g_strnfill (300, 'x');

    CHECK_FORMAT ("%s — %d — %s%s%s", long_name, 12, long_name, "", long_name);
  }
  CHECK_FORMAT ("%s, %.1f cm, column %d", "Vorberg", 11.25, 3);
  CHECK_FORMAT ("%2$.3f / %1$.1f", -0.05, 1e300);
  /* Left to printf. */
  CHECK_FORMAT ("%s, %f, %.12f", "Vorberg", 11.25, 3.0);
  CHECK_FORMAT ("%5d|%-4s|%03u", 12, "ab", 7u);
  CHECK_FORMAT ("%ld %c", 5L, 'x');
  _adm_battle_append_printf (line, " fires at %s, %d%%", "Komarr 1", 50);
  g_assert_cmpstr (line->str, ==, "Vorberg fires at Komarr 1, 50%");
}

/* "%.Nf" is written without printf below 2^40: the same digits, rounded half to even from
 * the double's exact value, as printf rounds them — at ties (0.25, 2.5), next to them (0.35 is
 * 0.34999…), negative values that round to zero ("-0.0") and at the limit. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void
test_cache_report_format_fixed (void)
{
  static const double values[] = {
    0.0, -0.0, 0.05, 0.15, 0.25, 0.35, 0.45, 2.5, 3.5, -0.04, -0.05, -2.5, 11.25, 11.35,
    0.95, 9.95, 99.95, 1e-9, 123456.789, 1099511627.7755, 1099511627775.0, 1099511627776.0,
    1e15, -1e15, 5e-324,
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    for (int precision = 0; precision <= 9; precision++)
      {
        g_autofree char *format = g_strdup_printf ("%%.%df cm", precision);
        g_autofree char *slow = g_strdup_printf (format, values[i]);
        g_autofree char *fast = fast_printf (format, values[i]);

        g_assert_cmpstr (fast, ==, slow);
      }
  for (guint i = 0; i < 200000; i++)
    {
      /* Distances on the table, and values at a tie in binary (k / 2^m). */
      double value = i % 2 == 0 ? g_rand_double_range (rand, -200.0, 200.0)
                                : g_rand_int_range (rand, -40000, 40000) / 64.0;
      int precision = g_rand_int_range (rand, 0, 4);
      char format[8];

      g_snprintf (format, sizeof format, "%%.%df", precision);
      {
        g_autofree char *slow = g_strdup_printf (format, value);
        g_autofree char *fast = fast_printf (format, value);

        g_assert_cmpstr (fast, ==, slow);
      }
    }
}
#pragma GCC diagnostic pop

/* The last line of @battle's report. */
static const char *
last_line (AdmBattle *battle)
{
  GPtrArray *report = adm_battle_get_report (battle);

  return adm_report_line_get_text (g_ptr_array_index (report, report->len - 1));
}

/* A line built in parts (issue 20) is kept as its parts and written when read: the same text
 * as written at once, a "%.Nf" with the decimal point of the moment each part was made — only
 * the C locales are installed here, so a comma, and a two-byte point, are given as the
 * locale's through _adm_text_parts_add_in () — whatever became of the strings given. */
static void
test_cache_report_parts (void)
{
  g_autoptr(AdmBattle) battle = load ("markers-shift-hulks-block", FALSE);
  AdmTextParts *parts = _adm_text_parts_new ();
  g_autofree char *name = g_strdup ("Vorberg");
  g_autofree char *huge = g_strdup_printf ("%.1f", 1e300);
  g_autofree char *here = g_strdup_printf ("(%.1f)", 2.25);
  g_autofree char *long_name = g_strnfill (20000, 'x');

  _adm_text_parts_add (parts, "%s's %s", name, "main battery");
  _adm_text_parts_add_static (parts, ", ");
  _adm_text_parts_add (parts, "%s's %s", name, "aft battery");
  _adm_text_parts_add_in (parts, ",", "%s, firepower %d at %s, %.1f cm",
                          _adm_text_parts_so_far (parts), 7, "Komarr 1", 11.25);
  /* A string kept by its address is written as it is, never read as a format. */
  _adm_text_parts_add_static (parts, ", 100% range");
  _adm_text_parts_add (parts, ", column %d", 3);
  name[0] = 'X';
  _adm_battle_report (battle, "%s, %d+ to hit", _adm_text_parts_so_far (parts), 4);
  g_assert_cmpstr (last_line (battle), ==, "Vorberg's main battery, Vorberg's aft battery, "
                   "firepower 7 at Komarr 1, 11,2 cm, 100% range, column 3, 4+ to hit");
  _adm_text_parts_add (parts, ": %d dice (%s)", 2, "3 5");
  _adm_battle_report (battle, "%s", _adm_text_parts_so_far (parts));
  g_assert_cmpstr (last_line (battle), ==, "Vorberg's main battery, Vorberg's aft battery, "
                   "firepower 7 at Komarr 1, 11,2 cm, 100% range, column 3: 2 dice (3 5)");

  /* The next line, after the first's parts the lines hold: a point of two bytes, the locale's
   * point, a value printf writes, and a part too long for the room left (the line's parts
   * move to a block of their own). */
  _adm_text_parts_clear (parts);
  _adm_text_parts_add_in (parts, "\xd9\xab", "%.2f", 0.125);
  _adm_text_parts_add (parts, " %s %.1f", "and", 1e300);
  _adm_text_parts_add (parts, " %.1f %s", 2.25, long_name);
  _adm_battle_report (battle, "[%s]", _adm_text_parts_so_far (parts));
  {
    g_autofree char *want = g_strdup_printf ("[0\xd9\xab" "12 and %s 2.2 %s]", huge, long_name);

    g_assert_cmpstr (last_line (battle), ==, want);
  }

  /* Formats printf writes take the text so far written at once, in a line or a report. */
  _adm_text_parts_clear (parts);
  _adm_text_parts_add (parts, "(%.1f)", 2.25);
  g_assert_cmpstr (here, ==, "(2.2)");
  _adm_text_parts_add (parts, "%6.1f|%s", 2.25, _adm_text_parts_so_far (parts));
  _adm_battle_report (battle, "%-3s|%s", "ab", _adm_text_parts_so_far (parts));
  {
    g_autofree char *want = g_strdup_printf ("ab |%6.1f|%s", 2.25, here);

    g_assert_cmpstr (last_line (battle), ==, want);
  }
  /* A line with nothing in it yet. */
  _adm_text_parts_clear (parts);
  _adm_battle_report (battle, "<%s>", _adm_text_parts_so_far (parts));
  g_assert_cmpstr (last_line (battle), ==, "<>");

  /* Lines taken back (a dry run, an undo) give back the room they were kept in, more than
   * one chunk of it here: the lines before them read as they did, and those made after, in
   * that room, as theirs. */
  _adm_battle_report (battle, "%s, %d+ to hit", name, 5);
  {
    GPtrArray *report = adm_battle_get_report (battle);
    guint before = report->len;
    AdmBattleSnapshot snapshot;

    _adm_battle_snapshot_take (battle, &snapshot);
    for (guint i = 0; i < 4; i++)
      _adm_battle_report (battle, "%s %u", long_name, i);
    _adm_battle_snapshot_restore (battle, &snapshot);
    g_assert_cmpuint (report->len, ==, before);
    _adm_battle_report (battle, "%s", "after");
    g_assert_cmpstr (last_line (battle), ==, "after");
    g_assert_cmpstr (adm_report_line_get_text (g_ptr_array_index (report, before - 1)), ==,
                     "Xorberg, 5+ to hit");
  }
  _adm_text_parts_free (parts);
}

static gpointer
format_thread (gpointer data)
{
  guint seed = GPOINTER_TO_UINT (data);

  for (guint i = 0; i < 20000; i++)
    {
      int dice = (int) ((i * seed) % 97) - 40;

      CHECK_FORMAT ("%s's %s, firepower %d at %s, %.1f cm", "Vorberg", "main battery", dice,
                    "Komarr 1", i / 7.0);
      CHECK_FORMAT ("%2$s — %1$u", i, seed % 2 == 0 ? "even" : "odd");
    }
  return NULL;
}

/* Each thread keeps its own formats read (the portal's threads write reports too), and frees
 * them when it ends: threads writing at once write what printf writes. */
static void
test_cache_report_format_threads (void)
{
  GThread *threads[2];

  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    threads[t] = g_thread_new ("format", format_thread, GUINT_TO_POINTER (t + 3));
  format_thread (GUINT_TO_POINTER (11));
  for (guint t = 0; t < G_N_ELEMENTS (threads); t++)
    g_thread_join (threads[t]);
}

/* A format is read once and kept by its address; one written over at the same address (a
 * buffer used again, a catalogue loaded again) is read again, never taken for the first. */
static void
test_cache_report_format_reused (void)
{
  char format[32];

  g_strlcpy (format, "%s fires %d dice", sizeof format);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  {
    g_autofree char *first = fast_printf (format, "Vorberg", 3);

    g_assert_cmpstr (first, ==, "Vorberg fires 3 dice");
  }
  g_strlcpy (format, "%d: %s, %%", sizeof format);
  {
    g_autofree char *second = fast_printf (format, 7, "Komarr 1");

    g_assert_cmpstr (second, ==, "7: Komarr 1, %");
  }
  g_strlcpy (format, "%d, %f", sizeof format);
  {
    /* Now one printf writes. */
    g_autofree char *third = fast_printf (format, 7, 0.5);

    g_assert_cmpstr (third, ==, "7, 0.500000");
  }
#pragma GCC diagnostic pop
}

/* Issue 20: the formats read are kept in sets of slots by their address: more formats than
 * the cache holds, read over and over in an order that makes many share a set, each write
 * what printf writes, however the cache gives slots up and takes them back. */
static void
test_cache_report_format_many (void)
{
  enum { N_FORMATS = 3000 };
  g_autofree char *formats = g_malloc (N_FORMATS * 32);

  for (guint i = 0; i < N_FORMATS; i++)
    g_snprintf (formats + 32 * i, 32, "%u: %%s, %%d dice at %%u+", i);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  for (guint round = 0; round < 3; round++)
    for (guint i = 0; i < N_FORMATS; i++)
      {
        /* A stride of 37 formats, then the one before it again, so that formats alternate. */
        guint nth = (i * 37 + round) % N_FORMATS;
        const char *format = formats + 32 * nth;
        g_autofree char *want = g_strdup_printf ("%u: Vorberg, %d dice at %u+", nth,
                                                 (int) i - 5, round + 3);

        for (guint again = 0; again < 2; again++)
          {
            g_autofree char *got = fast_printf (format, "Vorberg", (int) i - 5, round + 3);

            g_assert_cmpstr (got, ==, want);
            format = formats + 32 * ((nth + N_FORMATS - 37) % N_FORMATS);
            g_free (want);
            want = g_strdup_printf ("%u: Vorberg, %d dice at %u+",
                                    (nth + N_FORMATS - 37) % N_FORMATS, (int) i - 5, round + 3);
          }
      }
  /* A format written over in place reads as its new text. */
  g_strlcpy (formats, "%d: %s", 32);
  {
    g_autofree char *got = fast_printf (formats, 4, "Komarr 1");

    g_assert_cmpstr (got, ==, "4: Komarr 1");
  }
#pragma GCC diagnostic pop
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/fire/issue-20/report-format", test_cache_report_format);
  g_test_add_func ("/engine/fire/issue-20/report-format-reused", test_cache_report_format_reused);
  g_test_add_func ("/engine/fire/issue-20/report-format-many", test_cache_report_format_many);
  g_test_add_func ("/engine/fire/issue-20/report-format-fixed", test_cache_report_format_fixed);
  g_test_add_func ("/engine/fire/issue-20/report-parts", test_cache_report_parts);
  g_test_add_func ("/engine/fire/issue-20/report-format-threads",
                   test_cache_report_format_threads);

  g_test_add_func ("/engine/fire/cache/F-SHLD-5/hulks-block", test_hulks_block);
  g_test_add_func ("/engine/fire/cache/F-CAT-4/hulks-shift", test_hulks_shift);
  g_test_add_func ("/engine/fire/cache/F-CAT-12/explosions", test_explosions);
  return g_test_run ();
}
