/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-battle.c: `admiralty-cli battle` run as a master's script would run it — a battle
 * file played with its orders and given or seeded dice: the report, the ships, the dice log,
 * --json, and the refusals (an illegal order, dice that run out, broken files) that print
 * only their reason. CLI_PATH comes from meson; ADMIRALTY_RULES_PATH and ADMIRALTY_SOURCE_DIR
 * from the test environment. */

#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* Files written for one test, in a folder of their own, removed by the fixture. */
typedef struct {
  char      *dir;
  GPtrArray *files;
} Scratch;

static void
scratch_setup (Scratch       *scratch,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  scratch->dir = g_dir_make_tmp ("admiralty-cli-battle-XXXXXX", &error);
  g_assert_no_error (error);
  scratch->files = g_ptr_array_new_with_free_func (g_free);
}

static void
scratch_teardown (Scratch       *scratch,
                  gconstpointer  data)
{
  for (guint i = 0; i < scratch->files->len; i++)
    g_remove (g_ptr_array_index (scratch->files, i));
  g_rmdir (scratch->dir);
  g_ptr_array_unref (scratch->files);
  g_free (scratch->dir);
}

/* Writes @text to @name in the scratch folder; the path belongs to @scratch. */
static const char *
scratch_write (Scratch    *scratch,
               const char *name,
               const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (scratch->dir, name, NULL);

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  g_ptr_array_add (scratch->files, path);
  return path;
}

/* tests/data/battles/duel.xml: Vorberg at (0, 0) heading 90, Triumph at (10, 0) heading 270,
 * bow to bow. Vorberg fires its main battery and gravi-destructor together, Triumph answers. */
static const char duel_orders[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<orders battle=\"Duel\">\n"
  "  <turn n=\"1\">\n"
  "    <fire weapons=\"vorberg:main vorberg:destructor\" target=\"triumph\"/>\n"
  "    <fire weapons=\"triumph:main\" target=\"vorberg\"/>\n"
  "  </turn>\n"
  "</orders>\n";

/* F-ART-8: 10 cm is within half of the 35 cm range, so firepower 5 at an approaching capital
 * ship moves from column 2 to column 1: 5 dice at armour 3; the 2 shields absorb 2 of the 5
 * hits (F-SHLD-1, F-SHLD-2); 3 artillery criticals checks on 6+ (F-ART-13) miss. Then the
 * gravi-destructor's 2 dice hit on 5+ (F-DES-2) with no shields left, and its critical check
 * on 4+ (F-DES-3) succeeds: 3 + 3 on the table is 6, engines (F-CRIT-13, +1 damage). */
static const char duel_dice[] = "3,5,6,5,3, 1,2,3, 6,1, 4, 3,3, 2,6,1,3";

static const char duel_text[] =
  "Battle “Duel”: 1 turn, the dice given\n"
  "\n"
  "Turn 1\n"
  "  Detection: Turn 1.\n"
  "  Fire: Vorberg's Main battery, firepower 5 at approaching capital ship Triumph, 10.0 cm, "
  "half range, column 1: 5 dice (3 5 6 5 3) at 3+ — 5 hits, 2 absorbed by shields, shields "
  "down, 3 damage.\n"
  "  Fire: Triumph takes 3 damage: 4 of 7 hull points left.\n"
  "  Fire: Critical checks on Triumph (6+): 1 2 3 — 0 criticals.\n"
  "  Fire: Vorberg's Gravi-destructor, firepower 2 at Triumph: 2 dice (6 1) at 5+ — 1 hit, "
  "1 damage.\n"
  "  Fire: Triumph takes 1 damage: 3 of 7 hull points left, damaged.\n"
  "  Fire: Critical checks on Triumph (4+): 4 — 1 critical.\n"
  "  Fire: Critical damage on Triumph (F-CRIT-13): Engine compartment damaged — The ship cannot "
  "turn until the engines are repaired.\n"
  "  Fire: Triumph takes 1 damage: 2 of 7 hull points left, damaged.\n"
  "  Fire: Triumph's Main battery, firepower 4 at approaching capital ship Vorberg, 10.0 cm, "
  "half range, column 1: 4 dice (2 6 1 3) at 3+ — 2 hits, 2 absorbed by shields, shields down, "
  "0 damage.\n"
  "  End Phase: End of turn 1.\n"
  "\n"
  "Ships after turn 1\n"
  "  Ship     Side      Position (cm)  Heading  Hull  Shields  Status  Criticals\n"
  "  Vorberg  Barrayar  (0.0, 0.0)     90°      8/8   2        active  -\n"
  "  Triumph  Komarr    (10.0, 0.0)    270°     2/7   2        active  6 Engine compartment "
  "damaged\n"
  "\n"
  "Markers: none\n"
  "\n"
  "Detection\n"
  "  Barrayar sees Triumph group: full\n"
  "  Komarr sees Vorberg group: full\n"
  "\n"
  "Dice\n"
  "  turn 1, Fire, F-ART-11 — Vorberg's Main battery, firepower 5 at approaching capital ship "
  "Triumph, 10.0 cm, half range, column 1, 3+ to hit (5d6): 3 5 6 5 3 · ≥ 3 per die: "
  "5 passed ✓, 0 failed ✗ (typed in)\n"
  "  turn 1, Fire, F-ART-13 — critical checks on Triumph, 6+ (3d6): 1 2 3 · ≥ 6 per die: "
  "0 passed ✓, 3 failed ✗ (typed in)\n"
  "  turn 1, Fire, F-DES-1 — Vorberg's Gravi-destructor, firepower 2 at Triumph, 5+ to hit "
  "(2d6): 6 1 · ≥ 5 per die: 1 passed ✓, 1 failed ✗ (typed in)\n"
  "  turn 1, Fire, F-DES-3 — critical checks on Triumph, 4+ (d6): 4 · ≥ 4: passed ✓ (typed in)\n"
  "  turn 1, Fire, F-CRIT-2 — critical damage table for Triumph (2d6): 3 3 · → Engine "
  "compartment damaged (typed in)\n"
  "  turn 1, Fire, F-ART-11 — Triumph's Main battery, firepower 4 at approaching capital ship "
  "Vorberg, 10.0 cm, half range, column 1, 3+ to hit (4d6): 2 6 1 3 · ≥ 3 per die: "
  "2 passed ✓, 2 failed ✗ (typed in)\n";

static void
test_text_dice (Scratch       *scratch,
                gconstpointer  data)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  const char *orders = scratch_write (scratch, "duel.orders.xml", duel_orders);
  g_autoptr(CliResult) result = run_cli ("battle", battle, "--orders", orders,
                                         "--dice", duel_dice, NULL);

  g_assert_cmpstr (result->err, ==, "");
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->out, ==, duel_text);
}

/* Dice given but not needed are said to be so, after the log. */
static void
test_text_unused_dice (Scratch       *scratch,
                       gconstpointer  data)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autofree char *dice = g_strconcat (duel_dice, " 6 6 6", NULL);
  const char *orders = scratch_write (scratch, "duel.orders.xml", duel_orders);
  g_autoptr(CliResult) result = run_cli ("battle", battle, "--orders", orders,
                                         "--dice", dice, NULL);
  g_autofree char *expected = g_strconcat (duel_text, "  3 dice given were not needed\n", NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->out, ==, expected);
}

static JsonObject *
array_object (JsonArray *array,
              guint      index)
{
  g_assert_cmpuint (index, <, json_array_get_length (array));
  return json_array_get_object_element (array, index);
}

static void
assert_values (JsonObject  *roll,
               const char  *clause,
               const guint *values,
               guint        n)
{
  JsonArray *array = json_object_get_array_member (roll, "values");

  g_assert_cmpstr (json_object_get_string_member (roll, "clause"), ==, clause);
  g_assert_cmpint (json_object_get_int_member (roll, "turn"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (roll, "phase"), ==, "fire");
  g_assert_cmpint (json_object_get_int_member (roll, "sides"), ==, 6);
  g_assert_cmpuint (json_array_get_length (array), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (json_array_get_int_element (array, i), ==, values[i]);
}

static void
assert_triumph_json (JsonObject *triumph)
{
  JsonArray *criticals = json_object_get_array_member (triumph, "criticals");

  g_assert_cmpstr (json_object_get_string_member (triumph, "id"), ==, "triumph");
  g_assert_cmpstr (json_object_get_string_member (triumph, "name"), ==, "Triumph");
  g_assert_cmpstr (json_object_get_string_member (triumph, "side"), ==, "komarr");
  g_assert_cmpstr (json_object_get_string_member (triumph, "formation"), ==, "k1");
  g_assert_cmpfloat (json_object_get_double_member (triumph, "x"), ==, 10.0);
  g_assert_cmpfloat (json_object_get_double_member (triumph, "y"), ==, 0.0);
  g_assert_cmpfloat (json_object_get_double_member (triumph, "heading"), ==, 270.0);
  g_assert_cmpint (json_object_get_int_member (triumph, "hull"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (triumph, "hull_left"), ==, 2);
  /* F-CRIT-6: 5 of 7 lost. */
  g_assert_true (json_object_get_boolean_member (triumph, "damaged"));
  g_assert_cmpint (json_object_get_int_member (triumph, "shields"), ==, 2);
  /* F-SHLD-3: the shields are back at the end of the turn. */
  g_assert_cmpint (json_object_get_int_member (triumph, "shield_pool"), ==, 2);
  /* F-RDY-3: 6, less 1 for the damage this turn. */
  g_assert_cmpint (json_object_get_int_member (triumph, "readiness"), ==, 5);
  g_assert_cmpuint (json_array_get_length (criticals), ==, 1);
  g_assert_cmpint (json_array_get_int_element (criticals, 0), ==, 6);
  g_assert_cmpstr (json_object_get_string_member (triumph, "status"), ==, "active");
}

static void
test_json (Scratch       *scratch,
           gconstpointer  data)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  const char *orders = scratch_write (scratch, "duel.orders.xml", duel_orders);
  g_autoptr(CliResult) result = run_cli ("battle", battle, "--orders", orders,
                                         "--dice", duel_dice, "--json", NULL);
  g_autoptr(JsonObject) object = NULL;
  JsonArray *ships, *rolls, *report, *detection;
  JsonObject *vorberg;
  const guint artillery[] = { 3, 5, 6, 5, 3 }, table[] = { 3, 3 }, answer[] = { 2, 6, 1, 3 };

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  object = parse_json (result->out);
  g_assert_cmpstr (json_object_get_string_member (object, "battle"), ==, "Duel");
  /* The turn and phase to play next. */
  g_assert_cmpint (json_object_get_int_member (object, "turn"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (object, "phase"), ==, "detection");
  g_assert_true (json_object_get_null_member (object, "seed"));

  ships = json_object_get_array_member (object, "ships");
  g_assert_cmpuint (json_array_get_length (ships), ==, 2);
  vorberg = array_object (ships, 0);
  g_assert_cmpstr (json_object_get_string_member (vorberg, "id"), ==, "vorberg");
  g_assert_cmpint (json_object_get_int_member (vorberg, "hull_left"), ==, 8);
  g_assert_false (json_object_get_boolean_member (vorberg, "damaged"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (vorberg,
                                                                        "criticals")), ==, 0);
  assert_triumph_json (array_object (ships, 1));

  rolls = json_object_get_array_member (object, "rolls");
  g_assert_cmpuint (json_array_get_length (rolls), ==, 6);
  assert_values (array_object (rolls, 0), "F-ART-11", artillery, G_N_ELEMENTS (artillery));
  assert_values (array_object (rolls, 4), "F-CRIT-2", table, G_N_ELEMENTS (table));
  assert_values (array_object (rolls, 5), "F-ART-11", answer, G_N_ELEMENTS (answer));
  g_assert_cmpstr (json_object_get_string_member (array_object (rolls, 4), "purpose"), ==,
                   "critical damage table for Triumph");
  /* Each check's outcome as the rule judged it — the critical checks at 6+ (1 2 3:
   * none) and 4+ (4: one) — and the table's result by name. */
  {
    JsonObject *check = json_object_get_object_member (array_object (rolls, 1), "check");

    g_assert_cmpstr (json_object_get_string_member (check, "kind"), ==, "each-at-least");
    g_assert_cmpint (json_object_get_int_member (check, "target"), ==, 6);
    g_assert_cmpint (json_object_get_int_member (check, "passed"), ==, 0);
    g_assert_cmpint (json_object_get_int_member (check, "failed"), ==, 3);
    g_assert_false (json_object_has_member (check, "against"));
    check = json_object_get_object_member (array_object (rolls, 3), "check");
    g_assert_cmpint (json_object_get_int_member (check, "target"), ==, 4);
    g_assert_cmpint (json_object_get_int_member (check, "passed"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (check, "failed"), ==, 0);
    g_assert_false (json_object_has_member (array_object (rolls, 4), "check"));
    g_assert_cmpstr (json_object_get_string_member (array_object (rolls, 4), "result"), ==,
                     "Engine compartment damaged");
    g_assert_false (json_object_has_member (array_object (rolls, 1), "result"));
  }

  report = json_object_get_array_member (object, "report");
  g_assert_cmpuint (json_array_get_length (report), ==, 11);
  g_assert_cmpstr (json_object_get_string_member (array_object (report, 2), "text"), ==,
                   "Triumph takes 3 damage: 4 of 7 hull points left.");
  g_assert_cmpstr (json_object_get_string_member (array_object (report, 2), "phase"), ==,
                   "fire");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "markers")),
                    ==, 0);
  detection = json_object_get_array_member (object, "detection");
  g_assert_cmpuint (json_array_get_length (detection), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (array_object (detection, 0), "side"), ==,
                   "barrayar");
  g_assert_cmpstr (json_object_get_string_member (array_object (detection, 0), "formation"), ==,
                   "k1");
  g_assert_cmpstr (json_object_get_string_member (array_object (detection, 0), "level"), ==,
                   "full");
}

/* The same seed gives the same battle, byte for byte; without --seed the battle's own seed
 * attribute is used, and 1 when it has none. */
static void
test_seed (void)
{
  g_autofree char *corridor = source_path ("scenarios/battles", "corridor-skirmish.xml", NULL);
  g_autofree char *corridor_orders = source_path ("scenarios/battles",
                                                  "corridor-skirmish.orders.xml", NULL);
  g_autofree char *duel = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autoptr(CliResult) first = run_cli ("battle", corridor, "--orders", corridor_orders,
                                        "--turns", "2", "--seed", "7", NULL);
  g_autoptr(CliResult) second = run_cli ("battle", corridor, "--orders", corridor_orders,
                                         "--turns", "2", "--seed", "7", NULL);
  g_autoptr(CliResult) json = run_cli ("battle", corridor, "--orders", corridor_orders,
                                       "--turns", "2", "--seed", "7", "--json", NULL);
  g_autoptr(CliResult) json_again = run_cli ("battle", corridor, "--orders", corridor_orders,
                                             "--turns", "2", "--seed", "7", "--json", NULL);
  g_autoptr(CliResult) own = run_cli ("battle", corridor, "--orders", corridor_orders,
                                      "--turns", "2", NULL);
  g_autoptr(CliResult) one = run_cli ("battle", corridor, "--orders", corridor_orders,
                                      "--turns", "2", "--seed", "5", NULL);
  g_autoptr(CliResult) unseeded = run_cli ("battle", duel, NULL);
  g_autoptr(JsonObject) object = NULL;

  g_assert_cmpint (first->status, ==, 0);
  g_assert_true (g_str_has_prefix (first->out, "Battle “Corridor skirmish”: 2 turns, dice from "
                                               "seed 7\n"));
  g_assert_cmpstr (first->out, ==, second->out);
  g_assert_cmpint (json->status, ==, 0);
  g_assert_cmpstr (json->out, ==, json_again->out);
  object = parse_json (json->out);
  g_assert_cmpint (json_object_get_int_member (object, "seed"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (object, "turn"), ==, 3);

  /* corridor-skirmish.xml has seed="5". */
  g_assert_cmpint (own->status, ==, 0);
  g_assert_cmpstr (own->out, ==, one->out);
  g_assert_cmpstr (own->out, !=, first->out);
  g_assert_cmpint (unseeded->status, ==, 0);
  g_assert_true (g_str_has_prefix (unseeded->out, "Battle “Duel”: 1 turn, dice from seed 1\n"));
  g_assert_nonnull (strstr (unseeded->out, "  no dice were rolled\n"));
}

/* Orders the rules forbid are refused with the orders file's line and the reason, on stderr
 * only; with --json the same message comes as {"error": …} on stdout. */
static void
test_illegal_orders (Scratch       *scratch,
                     gconstpointer  data)
{
  g_autofree char *battle = source_path ("scenarios/battles", "corridor-skirmish.xml", NULL);
  const char *too_far = scratch_write (scratch, "too-far.orders.xml",
    "<orders>\n"
    "  <turn n=\"1\">\n"
    "    <move formation=\"serg-group\"><forward cm=\"20\"/></move>\n"
    "  </turn>\n"
    "</orders>\n");
  const char *early = scratch_write (scratch, "early.orders.xml",
    "<orders>\n"
    "  <turn n=\"1\">\n"
    "    <move formation=\"serg-group\">\n"
    "      <forward cm=\"4\"/><turn degrees=\"45\"/><forward cm=\"14\"/>\n"
    "    </move>\n"
    "  </turn>\n"
    "</orders>\n");
  const char *range = scratch_write (scratch, "range.orders.xml",
    "<orders>\n"
    "  <turn n=\"1\">\n"
    "\n"
    "    <fire weapons=\"kestrel:guns\" target=\"triumph\"/>\n"
    "  </turn>\n"
    "</orders>\n");
  g_autoptr(CliResult) far_result = run_cli ("battle", battle, "--orders", too_far, NULL);
  g_autoptr(CliResult) early_result = run_cli ("battle", battle, "--orders", early, NULL);
  g_autoptr(CliResult) range_result = run_cli ("battle", battle, "--orders", range, NULL);
  g_autoptr(CliResult) json = run_cli ("battle", battle, "--orders", too_far, "--json", NULL);
  g_autoptr(JsonObject) object = NULL;

  /* F-MOVE-3: a battleship of speed 18. */
  assert_failure (far_result, 1, "too-far.orders.xml:3: Prince Serg group can move at most "
                                 "18 cm this turn, not 20 cm (F-MOVE-3)");
  /* F-MOVE-9: three quarters of 18 cm before the turn. */
  assert_failure (early_result, 1, "early.orders.xml:3: Prince Serg is a battleship: its first "
                                   "turn comes after 3/4 of the move (13.5 cm of 18 cm), not after "
                                   "4 cm (F-MOVE-9)");
  /* F-FIRE-5: the destroyer's guns reach 25 cm. */
  assert_failure (range_result, 1, "range.orders.xml:4: Triumph is 89.4 cm from Kestrel, "
                                   "beyond the 25 cm range of its Gun battery (F-FIRE-5)");
  g_assert_cmpint (json->status, ==, 1);
  object = parse_json (json->out);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (object, "error"),
                                   "too-far.orders.xml:3: "));
  g_assert_nonnull (strstr (json->err, "too-far.orders.xml:3: "));
}

/* A refused turn after good ones: all or nothing, nothing printed as if it had been played. */
static void
test_refused_later_turn (Scratch       *scratch,
                         gconstpointer  data)
{
  g_autofree char *battle = source_path ("scenarios/battles", "corridor-skirmish.xml", NULL);
  const char *orders = scratch_write (scratch, "later.orders.xml",
    "<orders>\n"
    "  <turn n=\"1\">\n"
    "    <move formation=\"serg-group\"><forward cm=\"10\"/></move>\n"
    "  </turn>\n"
    "  <turn n=\"2\">\n"
    "    <move formation=\"serg-group\" order=\"all-ahead-full\">\n"
    "      <forward cm=\"10\"/><turn degrees=\"45\"/>\n"
    "    </move>\n"
    "  </turn>\n"
    "</orders>\n");
  g_autoptr(CliResult) one = run_cli ("battle", battle, "--orders", orders, NULL);
  g_autoptr(CliResult) two = run_cli ("battle", battle, "--orders", orders, "--turns", "2",
                                      NULL);

  g_assert_cmpint (one->status, ==, 0);
  g_assert_nonnull (strstr (one->out, "  Movement: Prince Serg group moves 10 cm.\n"));
  g_assert_nonnull (strstr (one->out, "The orders go on to turn 2: give --turns 2 to play them "
                                      "all.\n"));
  /* F-MOVE-17: all ahead full allows no turn. */
  assert_failure (two, 1, "later.orders.xml:6: Prince Serg group is going all ahead full and "
                          "cannot turn (F-MOVE-17)");
}

/* The dice run out, or a die shows what it cannot: the turn is refused and nothing printed. */
static void
test_dice_refused (Scratch       *scratch,
                   gconstpointer  data)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  const char *orders = scratch_write (scratch, "duel.orders.xml", duel_orders);
  g_autoptr(CliResult) short_dice = run_cli ("battle", battle, "--orders", orders,
                                             "--dice", "3 5", NULL);
  g_autoptr(CliResult) seven = run_cli ("battle", battle, "--orders", orders,
                                        "--dice", "3,5,7,5,3", NULL);
  g_autoptr(CliResult) words = run_cli ("battle", battle, "--orders", orders,
                                        "--dice", "3,five", NULL);

  assert_failure (short_dice, 1, "duel.xml: turn 1 was refused, nothing of it applied: ");
  g_assert_nonnull (strstr (short_dice->err, "needs 5d6 but only 2 values were entered"));
  assert_failure (seven, 1, "7 is not on a d6 (1–6)");
  assert_failure (words, 1, "--dice “3,five”: “five” is not a die value");
}

static void
test_seed_and_dice (void)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autoptr(CliResult) result = run_cli ("battle", battle, "--seed", "3", "--dice", "4,6,1",
                                         NULL);

  assert_failure (result, 2, "--seed and --dice cannot be used together");
  g_assert_nonnull (strstr (result->err, "admiralty-cli battle --help"));
}

static void
test_missing_files (void)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autoptr(CliResult) no_battle = run_cli ("battle", "no-such-battle.xml", NULL);
  g_autoptr(CliResult) no_orders = run_cli ("battle", battle, "--orders",
                                            "no-such.orders.xml", NULL);
  g_autoptr(CliResult) json = run_cli ("battle", "no-such-battle.xml", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;

  assert_failure (no_battle, 1, "no-such-battle.xml: cannot open the file");
  assert_failure (no_orders, 1, "no-such.orders.xml: cannot open the file");
  g_assert_cmpint (json->status, ==, 1);
  object = parse_json (json->out);
  g_assert_nonnull (strstr (json_object_get_string_member (object, "error"),
                            "no-such-battle.xml: cannot open the file"));
}

/* Broken files are named with the line of their problem. */
static void
test_broken_files (Scratch       *scratch,
                   gconstpointer  data)
{
  g_autofree char *duel = source_path ("tests/data/battles", "duel.xml", NULL);
  const char *battle = scratch_write (scratch, "broken.xml",
    "<?xml version=\"1.0\"?>\n"
    "<battle ruleset=\"forcon-2010\" name=\"Broken\">\n"
    "  <side id=\"a\" name=\"A\"\n"
    "</battle>\n");
  const char *klass = scratch_write (scratch, "klass.xml",
    "<battle ruleset=\"forcon-2010\" name=\"Unknown class\">\n"
    "  <side id=\"a\" name=\"A\"><formation id=\"f\" name=\"F\" flagship=\"s\">\n"
    "    <ship id=\"s\" name=\"S\" class=\"vorberg\" x=\"0\" y=\"0\" heading=\"0\" "
    "readiness=\"6\"/>\n"
    "  </formation></side>\n"
    "  <side id=\"b\" name=\"B\"><formation id=\"g\" name=\"G\" flagship=\"t\">\n"
    "    <ship id=\"t\" name=\"Ghost\" class=\"dreadnought\" x=\"5\" y=\"0\" heading=\"0\" "
    "readiness=\"6\"/>\n"
    "  </formation></side>\n"
    "</battle>\n");
  const char *orders = scratch_write (scratch, "broken.orders.xml",
    "<?xml version=\"1.0\"?>\n"
    "<orders>\n"
    "  <turn n=\"1\">\n"
    "    <fire weapons=\"vorberg:main\" target=\"triumph\"\n"
    "  </turn>\n"
    "</orders>\n");
  g_autoptr(CliResult) battle_result = run_cli ("battle", battle, NULL);
  g_autoptr(CliResult) class_result = run_cli ("battle", klass, NULL);
  g_autoptr(CliResult) orders_result = run_cli ("battle", duel, "--orders", orders, NULL);

  assert_failure (battle_result, 1, "broken.xml:4: this is not well-formed XML");
  assert_failure (class_result, 1, "klass.xml:6: ship “Ghost” is of class “dreadnought”");
  assert_failure (orders_result, 1, "broken.orders.xml:");
  g_assert_nonnull (strstr (orders_result->err, "XML"));
}

static void
test_usage (void)
{
  g_autofree char *battle = source_path ("tests/data/battles", "duel.xml", NULL);
  g_autoptr(CliResult) none = run_cli ("battle", NULL);
  g_autoptr(CliResult) two = run_cli ("battle", battle, battle, NULL);
  g_autoptr(CliResult) value = run_cli ("battle", battle, "--orders", "--json", NULL);
  g_autoptr(CliResult) turns = run_cli ("battle", battle, "--turns", "0", NULL);
  g_autoptr(CliResult) seed = run_cli ("battle", battle, "--seed", "-1", NULL);
  g_autoptr(CliResult) help = run_cli ("battle", "--help", NULL);
  g_autoptr(CliResult) top = run_cli ("--help", NULL);
  g_autoptr(CliResult) unknown = run_cli ("fight", NULL);

  assert_failure (none, 2, "no battle file given");
  assert_failure (two, 2, "give one battle file");
  assert_failure (value, 2, "missing value for --orders");
  assert_failure (turns, 1, "--turns “0” is not a number of turns");
  assert_failure (seed, 1, "--seed “-1” is not a seed");
  g_assert_cmpint (help->status, ==, 0);
  g_assert_nonnull (strstr (help->out, "admiralty-cli battle"));
  g_assert_nonnull (strstr (help->out, "--orders"));
  g_assert_nonnull (strstr (help->out, "--dice"));
  g_assert_cmpint (top->status, ==, 0);
  g_assert_nonnull (strstr (top->out, "  battle FILE"));
  assert_failure (unknown, 2, "the commands are validate, scenario, table, odds, battle, cycle, engagements");
}

/* validate knows battle and orders files by their root element. */
static void
test_validate (void)
{
  g_autofree char *battle = source_path ("scenarios/battles", "hulk-and-fire.xml", NULL);
  g_autofree char *orders = source_path ("scenarios/battles", "hulk-and-fire.orders.xml", NULL);
  g_autoptr(CliResult) text = run_cli ("validate", battle, orders, NULL);
  g_autoptr(CliResult) json = run_cli ("validate", "--json", battle, orders, NULL);
  g_autoptr(JsonObject) object = NULL;
  JsonArray *files;

  g_assert_cmpint (text->status, ==, 0);
  g_assert_cmpstr (text->err, ==, "");
  g_assert_nonnull (strstr (text->out, "hulk-and-fire.xml: valid (battle “Hulk and fire”, "
                                       "2 sides, 4 formations, 4 ships)\n"));
  g_assert_nonnull (strstr (text->out, "hulk-and-fire.orders.xml: valid (orders for 2 "
                                       "turns)\n"));
  g_assert_cmpint (json->status, ==, 0);
  object = parse_json (json->out);
  files = json_object_get_array_member (object, "files");
  g_assert_cmpuint (json_array_get_length (files), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (array_object (files, 0), "kind"), ==,
                   "battle");
  g_assert_cmpstr (json_object_get_string_member (array_object (files, 1), "kind"), ==,
                   "orders");
}

/* F-BOARD-15, F-BOARD-16, F-BOARD-17: boardings and captures in the text and the JSON, with the
 * shipped boarding-action.xml (seed 8: Triumph captured in turn 2, taken over in turn 3). */
static void
test_boarding (void)
{
  g_autofree char *battle = source_path ("scenarios/battles", "boarding-action.xml", NULL);
  g_autofree char *orders = source_path ("scenarios/battles", "boarding-action.orders.xml", NULL);
  g_autoptr(CliResult) held = run_cli ("battle", battle, "--orders", orders, "--turns", "2",
                                       NULL);
  g_autoptr(CliResult) json = run_cli ("battle", battle, "--orders", orders, "--turns", "2",
                                       "--json", NULL);
  g_autoptr(CliResult) taken = run_cli ("battle", battle, "--orders", orders, "--turns", "3",
                                        "--json", NULL);
  g_autoptr(JsonObject) object = NULL;
  g_autoptr(JsonObject) after = NULL;
  JsonObject *boarding, *ship;

  g_assert_cmpint (held->status, ==, 0);
  g_assert_nonnull (strstr (held->out, "\nBoardings\n  General Vorkraft boards Triumph, "
                                       "declared in turn 1: boarding potential 14 against 0, "
                                       "over\n"));
  g_assert_nonnull (strstr (held->out, "captured by General Vorkraft"));

  g_assert_cmpint (json->status, ==, 0);
  object = parse_json (json->out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "boardings")),
                    ==, 1);
  boarding = json_array_get_object_element (json_object_get_array_member (object, "boardings"),
                                            0);
  g_assert_cmpstr (json_object_get_string_member (boarding, "attacker"), ==, "vorkraft");
  g_assert_cmpstr (json_object_get_string_member (boarding, "defender"), ==, "triumph");
  g_assert_cmpint (json_object_get_int_member (boarding, "attacker_bp"), ==, 14);
  g_assert_cmpint (json_object_get_int_member (boarding, "defender_bp"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (boarding, "declared"), ==, 1);
  g_assert_true (json_object_get_boolean_member (boarding, "over"));
  ship = json_array_get_object_element (json_object_get_array_member (object, "ships"), 2);
  g_assert_cmpstr (json_object_get_string_member (ship, "id"), ==, "triumph");
  g_assert_cmpstr (json_object_get_string_member (ship, "captured_by"), ==, "vorkraft");
  g_assert_cmpstr (json_object_get_string_member (ship, "side"), ==, "komarr");
  ship = json_array_get_object_element (json_object_get_array_member (object, "ships"), 0);
  g_assert_true (json_object_get_null_member (ship, "captured_by"));

  g_assert_cmpint (taken->status, ==, 0);
  after = parse_json (taken->out);
  ship = json_array_get_object_element (json_object_get_array_member (after, "ships"), 2);
  g_assert_true (json_object_get_null_member (ship, "captured_by"));
  g_assert_cmpstr (json_object_get_string_member (ship, "side"), ==, "barrayar");
  g_assert_cmpstr (json_object_get_string_member (ship, "formation"), ==, "prize-triumph");
  g_assert_cmpint (json_object_get_int_member (ship, "readiness"), ==, 4);
}

/* --save writes a saved battle after the turns; given as the battle, it plays on from its
 * journal with the dice going on where they stopped: one turn and two more are three turns in
 * one run. validate knows saved battles; a damaged one is refused with its newest backup. */
static void
test_save_and_play_on (Scratch       *scratch,
                       gconstpointer  data)
{
  g_autofree char *corridor = source_path ("scenarios/battles", "corridor-skirmish.xml", NULL);
  g_autofree char *corridor_orders = source_path ("scenarios/battles",
                                                  "corridor-skirmish.orders.xml", NULL);
  char *game = g_build_filename (scratch->dir, "game.xml", NULL);
  g_autoptr(CliResult) first = NULL, on = NULL, straight = NULL, valid = NULL, json = NULL;
  g_autoptr(CliResult) damaged_result = NULL, damaged_validate = NULL;
  g_autoptr(JsonObject) object = NULL;
  g_autofree char *text = NULL;
  const char *damaged, *backup;
  gsize length;

  g_ptr_array_add (scratch->files, game);
  first = run_cli ("battle", corridor, "--orders", corridor_orders, "--save", game, NULL);
  g_assert_cmpint (first->status, ==, 0);
  g_assert_true (g_str_has_prefix (first->out, "Battle “Corridor skirmish”: 1 turn, dice from "
                                               "seed 5\n"));
  g_assert_true (g_file_test (game, G_FILE_TEST_IS_REGULAR));

  on = run_cli ("battle", game, "--orders", corridor_orders, "--turns", "2", "--json", NULL);
  straight = run_cli ("battle", corridor, "--orders", corridor_orders, "--turns", "3", "--json",
                      NULL);
  g_assert_cmpint (on->status, ==, 0);
  g_assert_cmpint (straight->status, ==, 0);
  g_assert_cmpstr (on->out, ==, straight->out);
  object = parse_json (on->out);
  g_assert_cmpint (json_object_get_int_member (object, "turn"), ==, 4);

  valid = run_cli ("validate", game, NULL);
  g_assert_cmpint (valid->status, ==, 0);
  g_assert_nonnull (strstr (valid->out, "game.xml: valid (saved battle “Corridor skirmish”, "
                                        "5 phases played, next turn 2, Detection)\n"));
  json = run_cli ("validate", "--json", game, NULL);
  g_clear_pointer (&object, json_object_unref);
  object = parse_json (json->out);
  g_assert_cmpstr (json_object_get_string_member (
                     array_object (json_object_get_array_member (object, "files"), 0), "kind"),
                   ==, "battle-game");

  /* Cut in half, beside a backup that opens. */
  g_assert_true (g_file_get_contents (game, &text, &length, NULL));
  backup = scratch_write (scratch, "damaged.backup-1.xml", text);
  text[length / 2] = '\0';
  damaged = scratch_write (scratch, "damaged.xml", text);
  damaged_result = run_cli ("battle", damaged, NULL);
  assert_failure (damaged_result, 1, "damaged.xml:");
  g_assert_nonnull (strstr (damaged_result->err, "truncated"));
  g_assert_nonnull (strstr (damaged_result->err, backup));
  damaged_validate = run_cli ("validate", damaged, NULL);
  g_assert_cmpint (damaged_validate->status, ==, 1);
  g_assert_nonnull (strstr (damaged_validate->err, "the newest backup that loads is"));
  g_assert_nonnull (strstr (damaged_validate->err, backup));
}

/* --as: nothing in @text of a ship @audience has not identified in @battle (played as the
 * CLI played it): its name, id, and class unless a ship it identified is of that class. */
static void
assert_fog (AdmBattle   *battle,
            AdmAudience  audience,
            const char  *text,
            const char  *where)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      gboolean class_seen = FALSE;

      if (adm_audience_ship_shows (audience, battle, i, ADM_SHIP_FACT_NAME))
        continue;
      for (guint j = 0; j < adm_battle_get_n_ships (battle); j++)
        class_seen |= adm_battle_get_ship (battle, j)->klass == ship->klass &&
                      adm_audience_ship_shows (audience, battle, j, ADM_SHIP_FACT_NAME);
      if (strstr (text, ship->name) != NULL || strstr (text, ship->id) != NULL ||
          (!class_seen && strstr (text, ship->klass->name) != NULL) ||
          (!class_seen && strstr (text, ship->klass->id) != NULL))
        g_error ("%s: %s leaked into:\n%s", where, ship->id, text);
    }
}

/* F-ECM-2, F-ECM-4, F-ECM-6: `battle --as SIDE` and `--as public`, text and JSON, after each
 * of three turns of the Pol orbit battle with seed 7: no ship the audience has not identified
 * is named, the report and dice are the audience's (as many lines as the engine's filter
 * gives), an identified enemy shows no hull left, readiness or shields, and nobody but the
 * master is told the seed; an unknown audience is bad usage. */
static void
test_as (void)
{
  g_autofree char *battle_path = source_path ("tests/data/reports", "cycle-2-pol-orbit.xml", NULL);
  const char *audiences[] = { "cetaganda", "pol", "barrayar", "public" };
  guint hidden_checked = 0;

  for (int turns = 1; turns <= 3; turns++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmBattle) battle = adm_battle_load_file (battle_path, &error);
      g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
      g_autofree char *turns_text = g_strdup_printf ("%d", turns);

      g_assert_no_error (error);
      for (int t = 0; t < turns; t++)
        {
          g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
          g_assert_no_error (error);
        }
      for (guint a = 0; a < G_N_ELEMENTS (audiences); a++)
        {
          g_autoptr(CliResult) text = run_cli ("battle", battle_path, "--seed", "7", "--turns",
                                               turns_text, "--as", audiences[a], NULL);
          g_autoptr(CliResult) json = run_cli ("battle", battle_path, "--seed", "7", "--turns",
                                               turns_text, "--as", audiences[a], "--json", NULL);
          g_autoptr(JsonObject) object = NULL;
          g_autoptr(GPtrArray) lines = NULL;
          g_autoptr(GPtrArray) rolls = NULL;
          g_autofree char *where = g_strdup_printf ("--as %s, %d turns", audiences[a], turns);
          JsonArray *ships;
          AdmAudience audience;

          g_assert_true (adm_audience_parse (battle, audiences[a], &audience, NULL));
          g_assert_cmpint (text->status, ==, 0);
          g_assert_cmpint (json->status, ==, 0);
          assert_fog (battle, audience, text->out, where);
          assert_fog (battle, audience, json->out, where);
          object = parse_json (json->out);
          g_assert_cmpstr (json_object_get_string_member (object, "as"), ==, audiences[a]);
          /* The seed is the master's: it would give every roll to come. */
          g_assert_true (json_object_get_null_member (object, "seed"));
          g_assert_true (g_str_has_prefix (text->out, "Battle “Battle in Pol orbit”: "));
          g_assert_null (strstr (text->out, "seed 7"));
          g_assert_nonnull (strstr (text->out, ", seeded dice\n"));
          lines = adm_audience_filter_report (audience, battle);
          rolls = adm_audience_filter_rolls (audience, battle);
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "report")),
                            ==, lines->len);
          g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "rolls")),
                            ==, rolls->len);
          ships = json_object_get_array_member (object, "ships");
          for (guint i = 0; i < json_array_get_length (ships); i++)
            {
              JsonObject *ship = json_array_get_object_element (ships, i);
              const char *id = json_object_has_member (ship, "id")
                                 ? json_object_get_string_member (ship, "id") : NULL;
              int index = id != NULL ? adm_battle_ship_index (battle, id) : -1;

              if (index >= 0 &&
                  adm_audience_ship_view (audience, battle, index) == ADM_SHIP_VIEW_FULL)
                continue;
              g_assert_false (json_object_has_member (ship, "readiness"));
              g_assert_false (json_object_has_member (ship, "shield_pool"));
              g_assert_false (json_object_has_member (ship, "hull_left"));
              g_assert_false (json_object_has_member (ship, "criticals"));
            }
          for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
            hidden_checked += !adm_audience_ship_shows (audience, battle, i, ADM_SHIP_FACT_NAME);
        }
    }
  /* The fog was there to be kept: ships hidden from some audience after some turn. */
  g_assert_cmpuint (hidden_checked, >, 0);

  {
    g_autoptr(CliResult) bad = run_cli ("battle", battle_path, "--as", "jackson", NULL);

    assert_failure (bad, 2, "is not an audience of this battle");
  }
}

/* The "Dice" part of `battle`'s text output. */
static const char *
dice_part (const char *out)
{
  const char *dice = strstr (out, "\nDice\n");

  g_assert_nonnull (dice);
  return dice;
}

/* F-ECM-6, "enemy-ship-card" class-and-state: a side's dice log tells it no more than its
 * report of an identified enemy. Two turns of the destructor knife fight with seed 7: the
 * Barrayarans' fire gives the Jade Reach a "Bridge hit" and costs it ECM attack; the
 * Barrayarans see the critical checks their fire caused, and neither the result nor the loss
 * of the Jade Reach's critical, in their report nor in their dice; the Cetagandans see both,
 * and the Barrayarans the criticals of their own Prince Xav. */
static void
test_as_critical_dice (void)
{
  g_autofree char *battle = source_path ("scenarios", "battles", "destructor-knife-fight.xml",
                                         NULL);
  g_autofree char *orders = source_path ("scenarios", "battles",
                                         "destructor-knife-fight.orders.xml", NULL);
  g_autoptr(CliResult) master = run_cli ("battle", battle, "--orders", orders, "--turns", "2",
                                         "--seed", "7", NULL);
  g_autoptr(CliResult) barrayar = run_cli ("battle", battle, "--orders", orders, "--turns", "2",
                                           "--seed", "7", "--as", "barrayar", NULL);
  g_autoptr(CliResult) cetaganda = run_cli ("battle", battle, "--orders", orders, "--turns",
                                            "2", "--seed", "7", "--as", "cetaganda", NULL);
  const char *hidden[] = {
    "critical damage table for Jade Reach", "ECM attack lost to critical damage",
    "Bridge hit", "Critical damage on Jade Reach",
  };

  g_assert_cmpint (master->status, ==, 0);
  g_assert_cmpint (barrayar->status, ==, 0);
  g_assert_cmpint (cetaganda->status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (hidden); i++)
    {
      g_test_message ("%s", hidden[i]);
      /* There to be hidden: the master and the ship's side read it ... */
      g_assert_nonnull (strstr (master->out, hidden[i]));
      g_assert_nonnull (strstr (cetaganda->out, hidden[i]));
      /* ... the side that fired does not, in its report or its dice. */
      g_assert_null (strstr (barrayar->out, hidden[i]));
    }
  /* The check its own fire caused stays the firer's to see, and its own ship's criticals. */
  g_assert_nonnull (strstr (dice_part (barrayar->out), "critical checks on Jade Reach"));
  g_assert_nonnull (strstr (dice_part (barrayar->out),
                            "critical damage table for Prince Xav"));
  g_assert_nonnull (strstr (barrayar->out, "Critical checks on Jade Reach"));
}

/* F-ECM-4, F-STRAT-4: a side that fires at a token it sees face down sees its own fire and
 * its dice, the target named "a face-down token", never by name
 * (tests/data/battles/fire-face-down.xml); the master reads the target's name, and the side
 * fired at nothing of the other's copy. */
static void
test_as_face_down_fire (void)
{
  g_autofree char *battle = source_path ("tests/data/battles", "fire-face-down.xml", NULL);
  g_autofree char *orders = source_path ("tests/data/battles", "fire-face-down.orders.xml",
                                         NULL);
  g_autoptr(CliResult) master = run_cli ("battle", battle, "--orders", orders, "--seed", "7",
                                         NULL);
  g_autoptr(CliResult) komarr = run_cli ("battle", battle, "--orders", orders, "--seed", "7",
                                         "--as", "komarr", NULL);
  g_autoptr(CliResult) barrayar = run_cli ("battle", battle, "--orders", orders, "--seed", "7",
                                           "--as", "barrayar", NULL);
  g_autoptr(CliResult) json = run_cli ("battle", battle, "--orders", orders, "--seed", "7",
                                       "--as", "komarr", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;

  g_assert_cmpint (master->status, ==, 0);
  g_assert_cmpint (komarr->status, ==, 0);
  g_assert_cmpint (barrayar->status, ==, 0);
  g_assert_cmpint (json->status, ==, 0);
  g_assert_nonnull (strstr (master->out, "Triumph's Main battery, firepower 4 at approaching "
                                         "capital ship Vorberg"));
  g_assert_null (strstr (master->out, "ship a face-down token"));
  /* The firer's report line and its dice. */
  g_assert_nonnull (strstr (komarr->out, "Fire: Triumph's Main battery, firepower 4 at "
                                         "approaching capital ship a face-down token"));
  g_assert_nonnull (strstr (dice_part (komarr->out), "F-ART-11 — Triumph's Main battery, "
                                                     "firepower 4 at approaching capital ship "
                                                     "a face-down token"));
  g_assert_null (strstr (komarr->out, "Vorberg"));
  object = parse_json (json->out);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (object, "rolls")),
                    >=, 1);
  g_assert_null (strstr (json->out, "Vorberg"));
  /* The side fired at reads its own line as ever, never the firer's copy. */
  g_assert_null (strstr (barrayar->out, "ship a face-down token"));
}

/* F-ECM-4, F-STRAT-4, F-ECM-6 ("enemy-ship-card"): what a side's fire at a face-down token
 * caused to the target alone is the firer's to see as well — the critical checks its hit
 * rolled, in its report and its dice, the target named "a face-down token" — and no more than
 * it would be told of it at an identified enemy: the critical's result, the readiness it cost
 * and the hull points left stay with the ship's side and the master. With seed 1 the
 * Triumph's one hit on the Vorberg rolls a critical, "Hull heavily damaged". */
static void
test_as_face_down_fire_caused (void)
{
  g_autofree char *battle = source_path ("tests/data/battles", "fire-face-down.xml", NULL);
  g_autofree char *orders = source_path ("tests/data/battles", "fire-face-down.orders.xml",
                                         NULL);
  g_autoptr(CliResult) master = run_cli ("battle", battle, "--orders", orders, "--seed", "1",
                                         NULL);
  g_autoptr(CliResult) komarr = run_cli ("battle", battle, "--orders", orders, "--seed", "1",
                                         "--as", "komarr", NULL);
  g_autoptr(CliResult) barrayar = run_cli ("battle", battle, "--orders", orders, "--seed", "1",
                                           "--as", "barrayar", NULL);
  const char *withheld[] = {
    "Critical damage on", "Hull heavily damaged", "critical damage table",
    "readiness lost to critical damage", "additional damage of a critical",
    "hull points left", "loses 3 readiness",
  };

  g_assert_cmpint (master->status, ==, 0);
  g_assert_cmpint (komarr->status, ==, 0);
  g_assert_cmpint (barrayar->status, ==, 0);
  g_assert_nonnull (strstr (master->out, "Critical checks on Vorberg (6+): 6 — 1 critical."));
  /* Its own fire's consequences, the target unnamed. */
  g_assert_nonnull (strstr (komarr->out, "Fire: Critical checks on a face-down token (6+): 6 — "
                                         "1 critical."));
  g_assert_nonnull (strstr (dice_part (komarr->out),
                            "F-ART-13 — critical checks on a face-down token, 6+"));
  g_assert_null (strstr (komarr->out, "Vorberg"));
  for (guint i = 0; i < G_N_ELEMENTS (withheld); i++)
    {
      g_test_message ("%s", withheld[i]);
      /* There to be withheld: the master and the ship's side read it ... */
      g_assert_nonnull (strstr (master->out, withheld[i]));
      g_assert_nonnull (strstr (barrayar->out, withheld[i]));
      /* ... the firer does not, by name or through its copy. */
      g_assert_null (strstr (komarr->out, withheld[i]));
    }
  /* The side fired at reads its own lines as ever, never the firer's copies. */
  g_assert_null (strstr (barrayar->out, "on a face-down token"));
  g_assert_null (strstr (barrayar->out, "ship a face-down token"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/cli/battle/F-DES-1/text-dice", Scratch, NULL, scratch_setup, test_text_dice,
              scratch_teardown);
  g_test_add ("/cli/battle/dice/unused", Scratch, NULL, scratch_setup, test_text_unused_dice,
              scratch_teardown);
  g_test_add ("/cli/battle/F-ART-8/json", Scratch, NULL, scratch_setup, test_json,
              scratch_teardown);
  g_test_add_func ("/cli/battle/seed/deterministic", test_seed);
  g_test_add ("/cli/battle/F-MOVE-3/illegal-orders", Scratch, NULL, scratch_setup,
              test_illegal_orders, scratch_teardown);
  g_test_add ("/cli/battle/F-MOVE-17/refused-later-turn", Scratch, NULL, scratch_setup,
              test_refused_later_turn, scratch_teardown);
  g_test_add ("/cli/battle/dice/refused", Scratch, NULL, scratch_setup, test_dice_refused,
              scratch_teardown);
  g_test_add_func ("/cli/battle/usage/seed-and-dice", test_seed_and_dice);
  g_test_add_func ("/cli/battle/files/missing", test_missing_files);
  g_test_add ("/cli/battle/files/broken", Scratch, NULL, scratch_setup, test_broken_files,
              scratch_teardown);
  g_test_add_func ("/cli/battle/usage/options", test_usage);
  g_test_add_func ("/cli/battle/F-ECM-6/as-side", test_as);
  g_test_add_func ("/cli/battle/F-ECM-6/as-side-critical-dice", test_as_critical_dice);
  g_test_add_func ("/cli/battle/F-ECM-4/as-side-face-down-fire", test_as_face_down_fire);
  g_test_add_func ("/cli/battle/F-ECM-4/as-side-face-down-fire-caused",
                   test_as_face_down_fire_caused);
  g_test_add_func ("/cli/validate/battle-and-orders", test_validate);
  g_test_add_func ("/cli/battle/F-BOARD-15/boardings", test_boarding);
  g_test_add ("/cli/battle/save/play-on", Scratch, NULL, scratch_setup, test_save_and_play_on,
              scratch_teardown);

  return g_test_run ();
}
