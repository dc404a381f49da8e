/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-preview.c: what the app shows before the dice (adm-battle-preview.h) — move
 * paths and their refusals (F-MOVE, F-FORD-4), fire legality, targets and odds (F-FIRE,
 * F-ART, F-DES, F-FORD), the dry run of a turn's declarations — always the phases' own
 * answers, and the battle left byte for byte as it was; and redo after undo. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "battle-scripting.h"
#include "shipped-helpers.h"
#include "adm-battle-orders.h"
#include "adm-battle-preview.h"
#include "adm-battle.h"
#include "adm-dice-prng.h"
#include "adm-dice-queue.h"
#include "adm-event.h"
#include "adm-geometry.h"
#include "adm-odds.h"
#include "adm-ruleset.h"

#define EPS 1e-9
#define FIRE(weapons, target) "<fire weapons=\"" weapons "\" target=\"" target "\"/>"
#define RETURN_FIRE(weapons, target) \
  "<fire weapons=\"" weapons "\" target=\"" target "\" return=\"true\"/>"

/* Everything a preview, a dry run or a redo must leave or bring back byte for byte: the
 * state, the report, the dice log and the journal (but for the time each event was written,
 * which an undo's replay renews). */
static char *
everything (AdmBattle *battle)
{
  GString *out = g_string_new (NULL);
  GPtrArray *report = adm_battle_get_report (battle);
  GPtrArray *journal = adm_battle_get_journal (battle);
  g_autofree char *dump = adm_battle_dump (battle);
  g_autofree char *rolls = rolls_since (battle, 0);

  g_string_append_printf (out, "%s--\n", dump);
  for (guint i = 0; i < report->len; i++)
    g_string_append_printf (out, "%s\n",
                            adm_report_line_get_text (g_ptr_array_index (report, i)));
  for (guint i = 0; i < adm_battle_get_rolls (battle)->len; i++)
    g_string_append_printf (out, "%s\n", roll_purpose (battle, i));
  g_string_append_printf (out, "--\n%s\n--\n", rolls);
  for (guint i = 0; i < journal->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (journal, i);

      g_string_append_printf (out, "%s:", adm_event_get_kind (event));
      for (guint a = 0; a < adm_event_get_n_attributes (event); a++)
        g_string_append_printf (out, " %s=%s", adm_event_get_key_nth (event, a),
                                adm_event_get_value_nth (event, a));
      g_string_append_printf (out, "\n%s\n", adm_event_get_text (event) != NULL
                                                ? adm_event_get_text (event) : "");
    }
  return g_string_free (out, FALSE);
}

/* The saved battle, journal times and all. */
static char *
serialized (AdmBattle *battle)
{
  gsize length;

  return adm_battle_serialize (battle, &length);
}

/* The message the phase refuses @body with. */
static char *
phase_refusal (AdmBattle  *battle,
               const char *body)
{
  g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (dice), &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
  return g_strdup (error->message);
}

static void
preview_move (AdmBattle      *battle,
              const char     *body,
              const char     *formation,
              AdmMovePreview *preview)
{
  g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = everything (battle);
  g_autofree char *saved = serialized (battle);
  g_autofree char *after = NULL;
  g_autofree char *saved_after = NULL;

  g_assert_true (adm_battle_preview_move (battle, orders, formation, preview, &error));
  g_assert_no_error (error);
  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  saved_after = serialized (battle);
  g_assert_cmpstr (saved_after, ==, saved);
}

static AdmPoint
path_point (const AdmMovePreview *preview,
            guint                 i)
{
  g_assert_cmpuint (i, <, preview->path->len);
  return g_array_index (preview->path, AdmPoint, i);
}

static void
assert_point (AdmPoint point,
              double   x,
              double   y)
{
  g_assert_cmpfloat_with_epsilon (point.x, x, 1e-6);
  g_assert_cmpfloat_with_epsilon (point.y, y, 1e-6);
}

static AdmBattle *
at_movement (void)
{
  AdmBattle *battle = battle_helper_load ("move.xml");

  /* move.xml: the hidden formation stays hidden (F-ECM-5: 1 against 6). */
  resolve (battle, "", "1 6");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  return battle;
}

/* F-MOVE */

static void
test_move_battleship_path (void)
{
  g_autoptr(AdmBattle) battle = at_movement ();
  AdmMovePreview preview = { 0 };
  const char *body = "<move formation=\"battle\"><forward cm=\"12\"/><turn degrees=\"-45\"/>"
                     "<forward cm=\"4\"/></move>";
  double r = 4 / sqrt (2);

  /* F-MOVE-9: a battleship turns after 3/4 of its move, 12 of 16 cm; F-FORM-10: the
   * formation moves at its slowest ship's 18 cm; F-FORM-9: both ships take the leader's
   * displacement. */
  preview_move (battle, body, "battle", &preview);
  g_assert_true (preview.legal);
  g_assert_null (preview.reason);
  g_assert_cmpuint (preview.leader, ==, ship_index (battle, "prince-serg"));
  g_assert_cmpint (preview.speed, ==, 18);
  g_assert_false (preview.extra_dice);
  g_assert_cmpfloat_with_epsilon (preview.total, 16, EPS);
  g_assert_cmpfloat_with_epsilon (preview.turned, 45, EPS);
  g_assert_cmpfloat_with_epsilon (preview.turn_limit, 45, EPS);
  g_assert_cmpfloat_with_epsilon (preview.turn_after, 12, EPS);
  g_assert_cmpfloat_with_epsilon (preview.end_heading, 45, EPS);
  g_assert_false (preview.must_move);
  g_assert_cmpuint (preview.path->len, ==, 3);
  assert_point (path_point (&preview, 0), 0, 0);
  assert_point (path_point (&preview, 1), 12, 0);
  assert_point (path_point (&preview, 2), 12 + r, -r);
  g_assert_cmpuint (preview.ships->len, ==, 2);
  g_assert_cmpuint (preview.ends->len, ==, 2);
  g_assert_cmpuint (g_array_index (preview.ships, guint, 1), ==, ship_index (battle, "vorberg"));
  assert_point (g_array_index (preview.ends, AdmPoint, 0), 12 + r, -r);
  assert_point (g_array_index (preview.ends, AdmPoint, 1), 12 + r, 5 - r);

  /* The phase carries it out to the very same place. */
  resolve (battle, body, "");
  assert_point (ship (battle, "prince-serg")->position, 12 + r, -r);
  assert_point (ship (battle, "vorberg")->position, 12 + r, 5 - r);
  adm_move_preview_clear (&preview);
  g_assert_null (preview.path);
}

static void
test_move_turn_too_early (void)
{
  g_autoptr(AdmBattle) battle = at_movement ();
  AdmMovePreview preview = { 0 };
  const char *body = "<move formation=\"battle\"><forward cm=\"11\"/><turn degrees=\"45\"/>"
                     "<forward cm=\"5\"/></move>";
  g_autofree char *refusal = NULL;
  g_autofree char *words = NULL;

  /* F-MOVE-8, F-MOVE-9: the preview refuses it with the phase's own words. */
  preview_move (battle, body, "battle", &preview);
  refusal = phase_refusal (battle, body);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, refusal);
  g_assert_cmpstr (preview.reason, ==, "orders.xml:1: Prince Serg is a battleship: its first "
                                       "turn comes after 3/4 of the move (12 cm of 16 cm), not "
                                       "after 11 cm (F-MOVE-9)");
  g_assert_cmpfloat_with_epsilon (preview.turn_after, 12, EPS);
  /* What the app shows of the course is in the refusal's own words. */
  words = adm_move_preview_turn_after_words (&preview, NULL, NULL);
  g_assert_cmpstr (words, ==, "3/4 of the move (12 cm of 16 cm)");
  g_assert_nonnull (strstr (preview.reason, words));
  /* The path is still shown as declared. */
  g_assert_cmpuint (preview.path->len, ==, 3);
  assert_point (path_point (&preview, 1), 11, 0);
  adm_move_preview_clear (&preview);
}

static char *
inches_cb (double   cm,
           gpointer data)
{
  return g_strdup_printf ("%g in", cm / 2.54);
}

static void
test_move_turn_words (void)
{
  g_autoptr(AdmBattle) battle = at_movement ();
  AdmMovePreview preview = { 0 };
  const char *longer = "<move formation=\"heavy\"><forward cm=\"10\"/><turn degrees=\"45\"/>"
                       "<forward cm=\"18\"/></move>";
  g_autofree char *plotted = NULL;
  g_autofree char *refused = NULL;
  g_autofree char *inches = NULL;
  g_autofree char *monitor = NULL;

  /* F-MOVE-8, F-MOVE-13: the heavy cruiser plotted 10 cm straight on may turn after half of
   * it; a turn there, followed by 18 cm more, makes a 28 cm move, of which it must first
   * cover half. The course's words say it is a share of the move, as the refusal does. */
  preview_move (battle, "<move formation=\"heavy\"><forward cm=\"10\"/></move>", "heavy",
                &preview);
  g_assert_true (preview.legal);
  g_assert_cmpfloat_with_epsilon (preview.turn_after, 5, EPS);
  plotted = adm_move_preview_turn_after_words (&preview, NULL, NULL);
  g_assert_cmpstr (plotted, ==, "1/2 of the move (5 cm of 10 cm)");
  inches = adm_move_preview_turn_after_words (&preview, inches_cb, NULL);
  g_assert_cmpstr (inches, ==, "1/2 of the move (1.9685 in of 3.93701 in)");
  adm_move_preview_clear (&preview);

  preview_move (battle, longer, "heavy", &preview);
  g_assert_false (preview.legal);
  refused = adm_move_preview_turn_after_words (&preview, NULL, NULL);
  g_assert_cmpstr (refused, ==, "1/2 of the move (14 cm of 28 cm)");
  g_assert_cmpstr (preview.reason, ==, "orders.xml:1: Vorkalloner is a heavy cruiser: its first "
                                       "turn comes after 1/2 of the move (14 cm of 28 cm), not "
                                       "after 10 cm (F-MOVE-13)");
  adm_move_preview_clear (&preview);

  /* F-MOVE-12: a monitor's is its whole speed, however short the move. */
  preview_move (battle, "<move formation=\"mon\"><forward cm=\"6\"/></move>", "mon", &preview);
  monitor = adm_move_preview_turn_after_words (&preview, NULL, NULL);
  g_assert_cmpstr (monitor, ==, "its full speed (10 cm)");
  adm_move_preview_clear (&preview);

  /* F-MOVE-16: an emergency stop turns anywhere: no words. */
  preview_move (battle, "<move formation=\"heavy\" order=\"emergency-stop\"><forward cm=\"4\"/>"
                        "</move>", "heavy", &preview);
  g_assert_null (adm_move_preview_turn_after_words (&preview, NULL, NULL));
  adm_move_preview_clear (&preview);
}

static void
test_move_turn_limit (void)
{
  g_autoptr(AdmBattle) battle = at_movement ();
  AdmMovePreview preview = { 0 };
  const char *too_far = "<move formation=\"esc\"><turn degrees=\"90\"/><forward cm=\"5\"/>"
                        "<turn degrees=\"45\"/></move>";
  g_autofree char *refusal = NULL;

  /* F-MOVE-7 ("turn-limit"): the frigate turns 90° in all this phase; F-MOVE-13: an escort
   * turns at any point. */
  preview_move (battle, too_far, "esc", &preview);
  refusal = phase_refusal (battle, too_far);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, refusal);
  g_assert_nonnull (strstr (preview.reason, "may turn at most 90° this turn, not 135° "
                                            "(F-MOVE-7)"));
  g_assert_cmpfloat_with_epsilon (preview.turn_limit, 90, EPS);
  g_assert_cmpfloat_with_epsilon (preview.turned, 135, EPS);
  g_assert_cmpfloat_with_epsilon (preview.turn_after, 0, EPS);
  adm_move_preview_clear (&preview);

  /* F-MOVE-15: course correction doubles it. */
  preview_move (battle, "<move formation=\"esc\" order=\"course-correction\">"
                        "<turn degrees=\"90\"/><forward cm=\"5\"/><turn degrees=\"45\"/></move>",
                "esc", &preview);
  g_assert_true (preview.legal);
  g_assert_cmpfloat_with_epsilon (preview.turn_limit, 180, EPS);
  g_assert_cmpfloat_with_epsilon (preview.end_heading, 225, EPS);
  /* Start, the turn point after 5 cm heading 180 (towards +y), and no further point: the
   * last turn is made at the end. */
  g_assert_cmpuint (preview.path->len, ==, 2);
  assert_point (path_point (&preview, 1), 0, 65);
  adm_move_preview_clear (&preview);
}

/* F-MOVE-17: the d6 the preview says "All ahead full" adds are the ruleset's (<dice-counts>):
 * 3 with a copy of the rules giving 3d6 cm. */
static void
test_move_all_ahead_full_dice_from_ruleset (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-MOVE-17\" dice=\"2\"",
                                   "clause=\"F-MOVE-17\" dice=\"3\"");
  g_autoptr(AdmBattle) battle = at_movement ();
  AdmMovePreview preview = { 0 };

  changed_rules_end (dir);
  preview_move (battle, "<move formation=\"illyrian\" order=\"all-ahead-full\">"
                        "<forward cm=\"40\"/></move>", "illyrian", &preview);
  g_assert_cmpint (preview.extra_dice, ==, 3);
  adm_move_preview_clear (&preview);
}

static void
test_move_all_ahead_full (void)
{
  g_autoptr(AdmBattle) battle = at_movement ();
  AdmMovePreview preview = { 0 };
  const char *turning = "<move formation=\"illyrian\" order=\"all-ahead-full\">"
                        "<turn degrees=\"45\"/></move>";
  g_autofree char *refusal = NULL;

  /* F-MOVE-17: up to the speed and 2d6 more, rolled in the phase: no distance check… */
  preview_move (battle, "<move formation=\"illyrian\" order=\"all-ahead-full\">"
                        "<forward cm=\"40\"/></move>", "illyrian", &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.extra_dice, ==, 2);
  g_assert_cmpint (preview.speed, ==, 32);
  g_assert_cmpfloat_with_epsilon (preview.total, 40, EPS);
  /* …and no turn. */
  g_assert_cmpfloat_with_epsilon (preview.turn_limit, 0, EPS);
  assert_point (path_point (&preview, preview.path->len - 1), 40, 30);
  adm_move_preview_clear (&preview);

  preview_move (battle, turning, "illyrian", &preview);
  refusal = phase_refusal (battle, turning);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, refusal);
  g_assert_nonnull (strstr (preview.reason, "cannot turn (F-MOVE-17)"));
  adm_move_preview_clear (&preview);

  /* Beyond the speed without the order: F-MOVE-3. */
  preview_move (battle, "<move formation=\"illyrian\"><forward cm=\"33\"/></move>", "illyrian",
                &preview);
  g_assert_false (preview.legal);
  g_assert_nonnull (strstr (preview.reason, "Ariel can move at most 32 cm this turn, not 33 cm "
                                            "(F-MOVE-3)"));
  adm_move_preview_clear (&preview);
}

static void
test_move_must_keep_moving (void)
{
  g_autoptr(AdmBattle) battle = at_movement ();
  AdmMovePreview preview = { 0 };
  const char *stop = "<move formation=\"illyrian\"><forward cm=\"0\"/></move>";
  g_autofree char *refusal = NULL;

  resolve (battle, "<move formation=\"illyrian\"><forward cm=\"20\"/></move>", "");
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "");
  resolve (battle, "", "1 6");
  /* F-MOVE-5 ("keep-moving"): with no orders, straight on as far as last turn. */
  preview_move (battle, "", "illyrian", &preview);
  g_assert_true (preview.legal);
  g_assert_true (preview.must_move);
  g_assert_cmpfloat_with_epsilon (preview.last_move, 20, EPS);
  g_assert_cmpfloat_with_epsilon (preview.total, 20, EPS);
  g_assert_cmpuint (preview.path->len, ==, 2);
  assert_point (path_point (&preview, 0), 20, 30);
  assert_point (path_point (&preview, 1), 40, 30);
  adm_move_preview_clear (&preview);

  /* It may not stop, but for an emergency stop (F-MOVE-16). */
  preview_move (battle, stop, "illyrian", &preview);
  refusal = phase_refusal (battle, stop);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, refusal);
  g_assert_nonnull (strstr (preview.reason, "(F-MOVE-5)"));
  adm_move_preview_clear (&preview);

  preview_move (battle, "<move formation=\"illyrian\" order=\"emergency-stop\">"
                        "<turn degrees=\"45\"/></move>", "illyrian", &preview);
  g_assert_true (preview.legal);
  g_assert_cmpuint (preview.path->len, ==, 1);
  g_assert_cmpfloat_with_epsilon (preview.end_heading, 135, EPS);
  adm_move_preview_clear (&preview);

  /* A formation standing still with no orders: legal, its start only. */
  preview_move (battle, "", "esc", &preview);
  g_assert_true (preview.legal);
  g_assert_false (preview.must_move);
  g_assert_cmpuint (preview.path->len, ==, 1);
  assert_point (g_array_index (preview.ends, AdmPoint, 0), 0, 60);
  adm_move_preview_clear (&preview);
}

static void
test_move_target_lock (void)
{
  g_autoptr(AdmBattle) battle = at_movement ();
  g_autoptr(GError) error = NULL;
  AdmMovePreview preview = { 0 };
  const char *locked = "<move formation=\"esc\"><turn degrees=\"45\"/></move>"
                       "<target-lock ship=\"kestrel\"/>";
  const char *turn = "<move formation=\"esc\"><turn degrees=\"45\"/></move>";
  g_autofree char *refusal = NULL;

  /* F-FORD-3, F-FORD-4: the target lock is taken in the fire phase, after the movement; a
   * ship that turns may take it («Если корабль поворачивал в стадию движения, он не может
   * поворачивать в следующий ход»): this turn the frigate keeps its 90° (F-MOVE-7). */
  preview_move (battle, locked, "esc", &preview);
  g_assert_true (preview.legal);
  g_assert_cmpfloat_with_epsilon (preview.turn_limit, 90, EPS);
  adm_move_preview_clear (&preview);

  /* It turns and locks on; in the next turn it may not turn at all. */
  while (adm_battle_get_phase (battle) != ADM_PHASE_DETECTION)
    resolve (battle, locked, "");
  resolve (battle, "", "1 6");
  preview_move (battle, "", "esc", &preview);
  g_assert_true (preview.legal);
  g_assert_cmpfloat_with_epsilon (preview.turn_limit, 0, EPS);
  adm_move_preview_clear (&preview);
  preview_move (battle, turn, "esc", &preview);
  refusal = phase_refusal (battle, turn);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, refusal);
  g_assert_nonnull (strstr (preview.reason, "turned last turn under target lock and cannot "
                                            "turn this turn (F-FORD-4)"));
  adm_move_preview_clear (&preview);

  /* Only an unknown formation is an error. */
  g_assert_false (adm_battle_preview_move (battle, NULL, "nobody", &preview, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_INVALID);
  g_assert_null (preview.path);
}

static void
test_move_low_orbit (void)
{
  g_autoptr(AdmBattle) battle = load_at ("orbit-low.xml", ADM_PHASE_MOVEMENT);
  AdmMovePreview preview = { 0 };
  const char *body = "<move formation=\"b1\"><forward cm=\"10\"/></move>";
  AdmPoint end;
  double heading;

  /* F-ORB-1: in low orbit the ship follows its orbit: the preview gives the start and the
   * end the phase reaches. */
  preview_move (battle, body, "b1", &preview);
  g_assert_true (preview.legal);
  /* No free manoeuvre in low orbit. */
  g_assert_cmpfloat_with_epsilon (preview.turn_limit, 0, EPS);
  g_assert_cmpuint (preview.path->len, ==, 2);
  assert_point (path_point (&preview, 0), 50, 25);
  end = path_point (&preview, 1);
  heading = preview.end_heading;
  assert_point (g_array_index (preview.ends, AdmPoint, 0), end.x, end.y);
  adm_move_preview_clear (&preview);
  resolve (battle, body, "");
  assert_point (ship (battle, "vorkraft")->position, end.x, end.y);
  g_assert_cmpfloat_with_epsilon (ship (battle, "vorkraft")->heading, heading, 1e-6);
}

/* Fire */

static void
preview_fire (AdmBattle      *battle,
              const char     *body,
              guint           index,
              AdmFirePreview *preview)
{
  g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = everything (battle);
  g_autofree char *saved = serialized (battle);
  g_autofree char *after = NULL;
  g_autofree char *saved_after = NULL;

  g_assert_cmpuint (index, <, orders->fires->len);
  g_assert_true (adm_battle_preview_fire (battle, orders, g_ptr_array_index (orders->fires,
                                                                              index),
                                          preview, &error));
  g_assert_no_error (error);
  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  saved_after = serialized (battle);
  g_assert_cmpstr (saved_after, ==, saved);
}

static void
assert_same_odds (const AdmFireOdds *a,
                  const AdmFireOdds *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpint (a->max_damage, ==, b->max_damage);
  for (int k = 0; k <= a->max_damage; k++)
    g_assert_cmpfloat_with_epsilon (a->damage[k], b->damage[k], EPS);
  g_assert_cmpfloat_with_epsilon (a->expected_damage, b->expected_damage, EPS);
  g_assert_cmpfloat_with_epsilon (a->p_critical, b->p_critical, EPS);
}

static void
test_fire_odds (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmFireOdds) expected = NULL;
  g_autoptr(GError) error = NULL;
  AdmFirePreview preview = { 0 };

  /* F-ART-1, F-ART-2, F-ART-4: firepower 5 at an approaching capital ship 20 cm away,
   * column 2, armour 3, Triumph's 2 shields: the odds of adm_ruleset_fire_odds. */
  preview_fire (battle, FIRE ("vorberg:main", "triumph"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_null (preview.reason);
  g_assert_cmpfloat_with_epsilon (preview.distance, 20, EPS);
  g_assert_cmpint (preview.artillery_firepower, ==, 5);
  g_assert_cmpint (preview.destructor_firepower, ==, 0);
  g_assert_cmpint (preview.column, ==, 2);
  g_assert_false (preview.half_range);
  g_assert_false (preview.long_range);
  g_assert_false (preview.behind_marker);
  g_assert_false (preview.readiness_check);
  g_assert_null (preview.destructors);
  expected = adm_ruleset_fire_odds (adm_battle_get_ruleset (battle), ADM_WEAPON_ARTILLERY, 5,
                                    "approaching-capital", 0, 3, 2, FALSE, FALSE, FALSE,
                                    &error);
  g_assert_no_error (error);
  assert_same_odds (preview.artillery, expected);
  g_assert_cmpint (preview.artillery_input.dice, ==, 4);
  g_assert_cmpint (preview.artillery_input.shields, ==, 2);
  g_assert_cmpfloat_with_epsilon (preview.expected_damage, expected->expected_damage, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_damage, 1 - expected->damage[0], EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_critical, expected->p_critical, EPS);
  g_assert_cmpuint (preview.attacks, ==, 1);
  adm_fire_preview_clear (&preview);
  g_assert_null (preview.artillery);

  /* F-ART-3: «Если корабль обстреливает несколькими батареями…» — a ship's batteries add up,
   * two ships' do not: Vorberg (20.0 cm) and Vorbretten (20.6 cm) make two attacks of
   * firepower 5, column 2, 4 dice each at armour 3, not one of 10. The second meets the
   * shields the first leaves on average: 2 less the blocks it uses up (each hit up to 2,
   * after the armour as ruled), rounded. */
  preview_fire (battle, FIRE ("vorberg:main vorbretten:main", "triumph"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpuint (preview.attacks, ==, 2);
  g_assert_cmpint (preview.artillery_firepower, ==, 5);
  g_assert_cmpint (preview.artillery_input.dice, ==, 4);
  {
    double absorbed = 0;
    g_autoptr(AdmFireOdds) raw = adm_ruleset_fire_odds (adm_battle_get_ruleset (battle),
                                                        ADM_WEAPON_ARTILLERY, 5,
                                                        "approaching-capital", 0, 3, 0,
                                                        FALSE, FALSE, FALSE, &error);
    g_autoptr(AdmFireOdds) second = NULL;
    int left;

    g_assert_no_error (error);
    for (int k = 0; k <= raw->max_damage; k++)
      absorbed += raw->damage[k] * MIN (k, 2);
    left = MAX (0, 2 - (int) round (absorbed));
    second = adm_ruleset_fire_odds (adm_battle_get_ruleset (battle), ADM_WEAPON_ARTILLERY, 5,
                                    "approaching-capital", 0, 3, left, FALSE, FALSE, FALSE,
                                    &error);
    g_assert_no_error (error);
    g_assert_cmpfloat_with_epsilon (preview.expected_damage,
                                    expected->expected_damage + second->expected_damage, EPS);
    g_assert_cmpfloat_with_epsilon (preview.p_damage,
                                    1 - expected->damage[0] * second->damage[0], EPS);
    g_assert_cmpfloat_with_epsilon (preview.p_critical,
                                    1 - (1 - expected->p_critical) * (1 - second->p_critical),
                                    EPS);
  }
  adm_fire_preview_clear (&preview);
}

static void
test_fire_odds_orders (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-orders.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmFireOdds) artillery = NULL;
  g_autoptr(AdmFireOdds) raw = NULL;
  g_autoptr(AdmFireOdds) destructors = NULL;
  g_autoptr(GError) error = NULL;
  AdmRuleset *ruleset = adm_battle_get_ruleset (battle);
  AdmFirePreview preview = { 0 };
  double absorbed = 0;
  int left;

  /* F-FORD-2: target lock re-rolls the misses; F-FORD-8: the Ghem Lord's reinforced special
   * force shield saves each damage point on 4+ (not doubled, F-FORD-7). Main battery 5 at
   * an approaching capital ship 10 cm away: half range (F-ART-8), armour 5, 4 shields; the
   * destructors (F-DES-1, F-DES-2) meet the shields the artillery leaves on average. */
  preview_fire (battle, "<target-lock ship=\"vorberg\"/><reinforce-shields ship=\"lord\"/>"
                        FIRE ("vorberg:main vorberg:destructor", "lord"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_true (preview.half_range);
  g_assert_cmpint (preview.artillery_firepower, ==, 5);
  g_assert_cmpint (preview.destructor_firepower, ==, 2);
  g_assert_true (preview.artillery_input.reroll);
  g_assert_cmpint (preview.artillery_input.save_on, ==, 4);
  g_assert_cmpint (preview.special_save_on, ==, 4);
  g_assert_cmpint (preview.artillery_input.shields, ==, 4);
  artillery = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_ARTILLERY, 5, "approaching-capital",
                                     -1, 5, 4, FALSE, TRUE, TRUE, &error);
  g_assert_no_error (error);
  assert_same_odds (preview.artillery, artillery);
  raw = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_ARTILLERY, 5, "approaching-capital", -1, 5,
                               0, FALSE, TRUE, FALSE, &error);
  for (int k = 0; k <= raw->max_damage; k++)
    absorbed += raw->damage[k] * MIN (k, 4);
  left = MAX (0, 4 - (int) round (absorbed));
  g_assert_cmpint (preview.destructor_input.shields, ==, left);
  destructors = adm_ruleset_fire_odds (ruleset, ADM_WEAPON_DESTRUCTOR, 2, NULL, 0, 5, left,
                                       FALSE, TRUE, TRUE, &error);
  g_assert_no_error (error);
  assert_same_odds (preview.destructors, destructors);
  g_assert_cmpfloat_with_epsilon (preview.expected_damage,
                                  artillery->expected_damage + destructors->expected_damage,
                                  EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_damage,
                                  1 - artillery->damage[0] * destructors->damage[0], EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_critical,
                                  1 - (1 - artillery->p_critical) *
                                      (1 - destructors->p_critical), EPS);
  adm_fire_preview_clear (&preview);

  /* F-FORD-10: a ship that reinforces its shields fires at half firepower (4 → 2). */
  preview_fire (battle, "<reinforce-shields ship=\"triumph\"/>" FIRE ("triumph:main", "vorberg"),
                0, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.artillery_firepower, ==, 2);
  adm_fire_preview_clear (&preview);
}

/* F-FORD-8: the save number the preview shows and counts is the ruleset's
 * (<special-shield save-on>): with a copy of the rules reading 5+, the artillery's and the
 * destructors' odds and the number shown all say 5. */
static void
test_fire_odds_special_shield_from_ruleset (void)
{
  g_autoptr(AdmBattle) battle =
    load_with_changed_rules ("fire-orders.xml", "ruleset", "save-on=\"4\"", "save-on=\"5\"");
  AdmFirePreview preview = { 0 };

  preview_fire (battle, "<reinforce-shields ship=\"lord\"/>"
                        FIRE ("vorberg:main vorberg:destructor", "lord"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.special_save_on, ==, 5);
  g_assert_cmpint (preview.artillery_input.save_on, ==, 5);
  g_assert_cmpint (preview.destructor_input.save_on, ==, 5);
  adm_fire_preview_clear (&preview);

  /* No reinforced special shield, no save. */
  preview_fire (battle, FIRE ("vorberg:main", "lord"), 0, &preview);
  g_assert_cmpint (preview.special_save_on, ==, 0);
  g_assert_cmpint (preview.artillery_input.save_on, ==, 0);
  adm_fire_preview_clear (&preview);
}

/* What the master reads before the dice, worked out by hand. Vorberg's main
 * battery, firepower 5, at the Flag group 20–21 cm away: the table column is read as the
 * flagship Flag approaches (F-FORM-18), column 2: 4 dice hitting on the armour, 3+, so each
 * hits with 2/3 (F-ART-11, F-ART-12). The formation pools its shields (F-FORM-19): Flag's 2
 * and Esc's 1, 3 blocks, after the armour roll as ruled (F-SHLD-1, "shields-against-
 * artillery" after-armour). So only four hits out of four do damage, one point:
 * P(≥ 1 damage) = (2/3)^4 = 16/81. */
static void
test_fire_preview_details (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-formation.xml", ADM_PHASE_FIRE);
  AdmFirePreview preview = { 0 };

  /* At the destroyer Esc (hull 4): its one damage point is checked at 6+ (F-ART-13) and a
   * critical destroys an escort other than a frigate (F-CRIT-4): P(destroyed) =
   * 16/81 · 1/6 = 8/243; one point of 4 is not half the hull (F-CRIT-6), so it is damaged
   * only when destroyed. */
  preview_fire (battle, FIRE ("vorberg:main", "esc"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.artillery_input.dice, ==, 4);
  g_assert_cmpint (preview.artillery_input.hit_on, ==, 3);
  g_assert_cmpint (preview.column, ==, 2);
  g_assert_cmpstr (preview.aspect, ==, "approaching capital ship, as its formation's flagship "
                                       "Flag (F-FORM-18)");
  g_assert_cmpint (preview.armour, ==, 3);
  g_assert_cmpint (preview.shields, ==, 3);
  g_assert_cmpint (preview.own_shields, ==, 1);
  g_assert_cmpstr (preview.shields_from, ==,
                   "pooled by the formation “Flag group” (Flag, F-FORM-19)");
  g_assert_cmpint (preview.hull, ==, 4);
  g_assert_cmpint (preview.hull_left, ==, 4);
  g_assert_false (preview.damaged);
  g_assert_true (preview.critical_destroys);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 16.0 / 81, EPS);
  g_assert_cmpfloat_with_epsilon (preview.exact_expected_damage, 16.0 / 81, EPS);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_critical, 8.0 / 243, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_destroyed, 8.0 / 243, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_crippled, 8.0 / 243, EPS);
  g_assert_null (preview.no_damage_reason);
  adm_fire_preview_clear (&preview);

  /* At the cruiser Flag (hull 7): the one point becomes damaged (F-CRIT-6: 4 of 7 lost) or
   * destroyed only through a critical's additional damage (F-CRIT-8 on 2d6): result 11
   * (2/36) adds d3, result 12 (1/36) adds d6, 6 and 8 add one. Three more points or more:
   * 11 with a 3 (2/36 · 1/3) or 12 with 3..6 (1/36 · 4/6), 8/216 in all, so P(damaged or
   * worse) = 16/81 · 1/6 · 8/216 = 8/6561; six more (F-CRIT-7): 12 with a 6,
   * 16/81 · 1/6 · 1/216 = 1/6561. */
  preview_fire (battle, FIRE ("vorberg:main", "flag"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.own_shields, ==, 2);
  g_assert_cmpstr (preview.shields_from, ==,
                   "pooled by the formation “Flag group” (Esc, F-FORM-19)");
  g_assert_false (preview.critical_destroys);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 16.0 / 81, EPS);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_critical, 16.0 / 81 / 6, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_crippled, 8.0 / 6561, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_destroyed, 1.0 / 6561, EPS);
  adm_fire_preview_clear (&preview);
}

/* F-CRIT-2: the preview weighs each sum of the ruleset's dice by its exact chance. With a copy
 * rolling the critical tables on 3d6 (rows one higher, the last 13..18), Flag's one point
 * (16/81 · 1/6 a critical) gains d3 on 12 (25/216) and d6 on 13..18 (21 + 15 + 10 + 6 + 3 + 1
 * = 56/216). Three more or more: 25/216 · 1/3 + 56/216 · 4/6 = 137/648; six more: 56/216 ·
 * 1/6 = 7/162. On 2d6 the same reads 8/216 and 1/216 (test_fire_preview_details ()). */
static void
test_fire_preview_critical_3d6 (void)
{
  char *dir = changed_rules_begin ("ruleset", "clause=\"F-CRIT-2\" dice=\"2\"",
                                   "clause=\"F-CRIT-2\" dice=\"3\"");
  g_autoptr(AdmBattle) battle = NULL;
  AdmFirePreview preview = { 0 };

  changed_rules_critical_3d6 (dir);
  battle = load_at ("fire-formation.xml", ADM_PHASE_FIRE);
  changed_rules_end (dir);
  preview_fire (battle, FIRE ("vorberg:main", "flag"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_critical, 16.0 / 81 / 6, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_crippled, 16.0 / 81 / 6 * 137 / 648, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_destroyed, 16.0 / 81 / 6 * 7 / 162, EPS);
  adm_fire_preview_clear (&preview);
}

/* Never "0%" without the reason: Esc made a Vorhartung, 4 shields, the pool is 6
 * blocks against 4 dice (F-SHLD-1, F-FORM-19): they absorb every hit the dice could make. */
static void
test_fire_preview_no_damage (void)
{
  g_autoptr(AdmBattle) battle = load_variant_at ("fire-formation.xml",
                                                 "class=\"vervani-destroyer\"",
                                                 "class=\"vorhartung\"", ADM_PHASE_FIRE);
  AdmFirePreview preview = { 0 };

  preview_fire (battle, FIRE ("vorberg:main", "flag"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.shields, ==, 6);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 0, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_destroyed, 0, EPS);
  g_assert_cmpstr (preview.no_damage_reason, ==,
                   "the shields absorb up to 6, and only 4 dice are rolled (F-SHLD-1)");
  adm_fire_preview_clear (&preview);
}

/* F-ART-3 exactly: two attacks of 4 dice at 3+ on Triumph, 2 blocks after the armour: the
 * second meets what the first left, not an average. Enumerated by hand over both attacks'
 * hits. */
static void
test_fire_preview_two_attacks (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-duel.xml", ADM_PHASE_FIRE);
  AdmFirePreview preview = { 0 };
  double binom[5], none = 0, expected = 0;

  for (int h = 0; h <= 4; h++)
    binom[h] = (h == 0 || h == 4 ? 1 : h == 2 ? 6 : 4) * pow (2.0 / 3, h) * pow (1.0 / 3, 4 - h);
  for (int a = 0; a <= 4; a++)
    for (int b = 0; b <= 4; b++)
      {
        int left = 2 - MIN (a, 2);
        int damage = MAX (0, a - 2) + MAX (0, b - left);

        none += damage == 0 ? binom[a] * binom[b] : 0;
        expected += damage * binom[a] * binom[b];
      }
  preview_fire (battle, FIRE ("vorberg:main vorbretten:main", "triumph"), 0, &preview);
  g_assert_cmpuint (preview.attacks, ==, 2);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 1 - none, EPS);
  g_assert_cmpfloat_with_epsilon (preview.exact_expected_damage, expected, EPS);
  adm_fire_preview_clear (&preview);
}

/* Five destroyers' gun batteries in a row (fire-five.xml): firepower 3 at half range, 3 dice
 * each (F-ART-8, F-ART-11), at Hartung's 4 shields, which cancel dice before the armour roll
 * as ruled (F-WPN-7). */
#define FIVE_AT_HARTUNG \
  FIRE ("d1:guns", "hartung") FIRE ("d2:guns", "hartung") FIRE ("d3:guns", "hartung") \
  FIRE ("d4:guns", "hartung") FIRE ("d5:guns", "hartung")

static AdmBattle *
five_alone (void)
{
  /* Hartung alone in its formation: its own 4 blocks (F-SHLD-1). */
  return load_variant_at ("fire-five.xml",
                          "<ship id=\"berg\" name=\"Berg\" class=\"vorberg\" x=\"0\" y=\"8\" "
                          "heading=\"90\" readiness=\"7\"/>", "", ADM_PHASE_FIRE);
}

/* F-FIRE-4, F-SHLD-1, F-SHLD-2: the fire phase resolves the declarations in order and the
 * pool is spent as it goes, so the preview of each counts the fire declared before it. Each
 * shot alone meets 4 blocks with 3 dice: no damage possible. In a row, the first uses 3
 * blocks, the second meets 1 and rolls 2 dice at 5+: P(damage) = 1 − (2/3)² = 5/9; the
 * third and later meet none: 1 − (2/3)³ = 19/27 (less the rare chance that the hits before
 * put Hartung out of action, F-CRIT-7, F-CRIT-8). */
static void
test_fire_preview_earlier_fire (void)
{
  g_autoptr(AdmBattle) battle = five_alone ();
  AdmFirePreview preview = { 0 };
  static const char *const alone[] = {
    FIRE ("d1:guns", "hartung"), FIRE ("d2:guns", "hartung"), FIRE ("d3:guns", "hartung"),
    FIRE ("d4:guns", "hartung"), FIRE ("d5:guns", "hartung"),
  };

  for (guint k = 0; k < G_N_ELEMENTS (alone); k++)
    {
      preview_fire (battle, alone[k], 0, &preview);
      g_assert_true (preview.legal);
      g_assert_cmpint (preview.artillery_input.dice, ==, 3);
      g_assert_cmpint (preview.shields, ==, 4);
      g_assert_cmpuint (preview.earlier_fires, ==, 0);
      g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 0, EPS);
      g_assert_cmpstr (preview.no_damage_reason, ==,
                       "the shields absorb up to 4, and only 3 dice are rolled (F-SHLD-1)");
      adm_fire_preview_clear (&preview);
    }

  preview_fire (battle, FIVE_AT_HARTUNG, 0, &preview);
  g_assert_cmpuint (preview.earlier_fires, ==, 0);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 0, EPS);
  adm_fire_preview_clear (&preview);

  preview_fire (battle, FIVE_AT_HARTUNG, 1, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.shields, ==, 4);
  g_assert_cmpuint (preview.earlier_fires, ==, 1);
  g_assert_cmpuint (preview.earlier_at_target, ==, 1);
  g_assert_cmpuint (preview.uncounted_fires, ==, 0);
  g_assert_cmpfloat_with_epsilon (preview.earlier_blocks, 3, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_shields_down, 0, EPS);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 5.0 / 9, EPS);
  g_assert_null (preview.no_damage_reason);
  /* The shields the earlier fire leaves, for the odds of the artillery alone. */
  g_assert_cmpint (preview.artillery_input.shields, ==, 1);
  adm_fire_preview_clear (&preview);

  for (guint k = 2; k < 5; k++)
    {
      preview_fire (battle, FIVE_AT_HARTUNG, k, &preview);
      g_assert_cmpuint (preview.earlier_fires, ==, k);
      g_assert_cmpfloat_with_epsilon (preview.earlier_blocks, 4, EPS);
      g_assert_cmpfloat_with_epsilon (preview.p_shields_down, 1, EPS);
      g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 19.0 / 27, 1e-4);
      g_assert_cmpfloat (preview.exact_p_damage, <=, 19.0 / 27 + EPS);
      g_assert_null (preview.no_damage_reason);
      adm_fire_preview_clear (&preview);
    }
}

/* The same with shields blocking hits after the armour roll (F-SHLD-1, F-DES-2): the blocks
 * the first shot uses are as random as its hits, 3 dice at 5+, and the second does damage
 * only when both hit 5 times or more together: enumerated over both shots' hits. */
static void
test_fire_preview_earlier_fire_random (void)
{
  g_autoptr(AdmBattle) battle = five_alone ();
  AdmFirePreview preview = { 0 };
  double binom[4], p = 0, blocks = 0, down = 0;

  for (int h = 0; h <= 3; h++)
    binom[h] = (h == 0 || h == 3 ? 1 : 3) * pow (1.0 / 3, h) * pow (2.0 / 3, 3 - h);
  for (int a = 0; a <= 3; a++)
    {
      blocks += binom[a] * a;
      for (int b = 0; b <= 3; b++)
        p += a + b > 4 ? binom[a] * binom[b] : 0;
    }
  down = 0;
  set_ruling (battle, "shields-against-artillery", "after-armour");
  preview_fire (battle, FIVE_AT_HARTUNG, 1, &preview);
  g_assert_cmpuint (preview.earlier_fires, ==, 1);
  g_assert_cmpfloat_with_epsilon (preview.earlier_blocks, blocks, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_shields_down, down, EPS);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, p, EPS);
  g_assert_cmpfloat (preview.exact_p_damage, >, 0);
  adm_fire_preview_clear (&preview);
}

/* F-FORM-19: Hartung and Berg pool their 4 and 2 blocks. Two shots at Berg cancel 3 dice
 * each, all 6; the shot at Hartung after them meets none: 3 dice at 5+, 19/27, and Berg's
 * damage is none of Hartung's. A shot at Berg declared after it is not counted. */
static void
test_fire_preview_earlier_fire_pool (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-five.xml", ADM_PHASE_FIRE);
  AdmFirePreview preview = { 0 };
  const char *body = FIRE ("d4:guns", "berg") FIRE ("d5:guns", "berg")
                     FIRE ("d1:guns", "hartung") FIRE ("d2:guns", "berg");

  preview_fire (battle, FIRE ("d1:guns", "hartung"), 0, &preview);
  g_assert_cmpint (preview.shields, ==, 6);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 0, EPS);
  adm_fire_preview_clear (&preview);

  preview_fire (battle, body, 2, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.shields, ==, 6);
  g_assert_cmpuint (preview.earlier_fires, ==, 2);
  g_assert_cmpuint (preview.earlier_at_target, ==, 0);
  g_assert_cmpfloat_with_epsilon (preview.earlier_blocks, 6, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_shields_down, 1, EPS);
  g_assert_cmpfloat_with_epsilon (preview.exact_p_damage, 19.0 / 27, EPS);
  g_assert_cmpfloat_with_epsilon (preview.p_destroyed, 0, EPS);
  adm_fire_preview_clear (&preview);
}

/* The preview refuses @body's first fire as the phase does, with its very message. */
static void
assert_fire_refused (AdmBattle  *battle,
                     const char *body,
                     const char *message)
{
  AdmFirePreview preview = { 0 };
  g_autofree char *refusal = NULL;

  preview_fire (battle, body, 0, &preview);
  /* The fire phase's answer (the preview may come before it). */
  battle_helper_skip_to (battle, ADM_PHASE_FIRE);
  refusal = phase_refusal (battle, body);
  g_test_message ("refused: %s", refusal);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, refusal);
  g_assert_nonnull (strstr (preview.reason, message));
  g_assert_null (preview.artillery);
  g_assert_null (preview.destructors);
  adm_fire_preview_clear (&preview);
}

static void
test_fire_refusals (void)
{
  g_autoptr(AdmBattle) range = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) arcs = load_at ("fire-arcs.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) hidden = at_movement ();
  g_autoptr(AdmBattle) returns = load_at ("fire-return.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmTurnOrders) orders = NULL;
  g_autoptr(GError) error = NULL;
  AdmFirePreview preview = { 0 };

  /* F-FIRE-5 */
  assert_fire_refused (range, FIRE ("vorberg:main", "out"),
                       "Out is 35.5 cm from Vorberg, beyond the 35 cm range of its Main "
                       "battery (F-FIRE-5)");
  /* F-FIRE-6 */
  assert_fire_refused (arcs, FIRE ("hartung:destructor", "stern"),
                       "Stern is in the stern arc of Hartung, and its Gravi-destructor can fire "
                       "only bow (F-FIRE-6)");
  /* F-ECM-2: the hidden squadron is not on Barrayar's table — previewed before the fire
   * phase, in the movement phase. */
  assert_fire_refused (hidden, FIRE ("prince-serg:main", "shadow"), "has not detected");
  /* F-FIRE-3: torpedoes are not direct fire. */
  assert_fire_refused (returns, FIRE ("triumph:torpedoes", "vorberg"), "(F-FIRE-3)");
  /* F-FIRE-11: return fire only at a formation that fired on it earlier in the phase: in
   * the preview, an earlier declaration of the orders. */
  assert_fire_refused (returns, RETURN_FIRE ("triumph:main", "vorberg"), "(F-FIRE-11)");
  preview_fire (returns, FIRE ("vorberg:main", "triumph") RETURN_FIRE ("triumph:main", "vorberg"),
                1, &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.artillery_firepower, ==, 4);
  adm_fire_preview_clear (&preview);

  /* An unknown weapon is an error, not a refusal. */
  orders = orders_for (range, FIRE ("vorberg:nothing", "out"));
  g_assert_false (adm_battle_preview_fire (range, orders, g_ptr_array_index (orders->fires, 0),
                                           &preview, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
  g_assert_null (preview.reason);
}

static void
test_fire_half_range (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-range.xml", ADM_PHASE_FIRE);
  AdmFirePreview preview = { 0 };

  /* F-ART-8 ("half-range-boundary" at-most-half): exactly half range shifts one column left,
   * crossing capital ship column 4 → 3. */
  preview_fire (battle, FIRE ("vorberg:main", "half"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_true (preview.half_range);
  g_assert_cmpint (preview.column, ==, 3);
  g_assert_cmpint (preview.artillery_input.dice, ==, 3);
  adm_fire_preview_clear (&preview);
  /* less-than-half: not at exactly half. */
  set_ruling (battle, "half-range-boundary", "less-than-half");
  preview_fire (battle, FIRE ("vorberg:main", "half"), 0, &preview);
  g_assert_false (preview.half_range);
  g_assert_cmpint (preview.column, ==, 4);
  g_assert_cmpint (preview.artillery_input.dice, ==, 2);
  adm_fire_preview_clear (&preview);
  /* F-ART-9: beyond three quarters, one column right; F-ART-10: behind a marker. */
  preview_fire (battle, FIRE ("vorberg:main", "long"), 0, &preview);
  g_assert_true (preview.long_range);
  g_assert_cmpint (preview.column, ==, 5);
  adm_fire_preview_clear (&preview);
  preview_fire (battle, FIRE ("vorberg:main", "mid"), 0, &preview);
  g_assert_true (preview.behind_marker);
  adm_fire_preview_clear (&preview);
}

static void
test_fire_readiness_check (void)
{
  g_autoptr(AdmBattle) battle = load_at ("fire-damaged.xml", ADM_PHASE_FIRE);
  AdmFirePreview preview = { 0 };

  /* F-FIRE-9: Wreck has lost more than half its hull: a target other than its nearest enemy
   * needs a readiness check (the odds assume it passes)… */
  preview_fire (battle, FIRE ("wreck:main", "far"), 0, &preview);
  g_assert_true (preview.legal);
  g_assert_true (preview.readiness_check);
  g_assert_nonnull (preview.artillery);
  adm_fire_preview_clear (&preview);
  /* …the nearest needs none… */
  preview_fire (battle, FIRE ("wreck:main", "near"), 0, &preview);
  g_assert_false (preview.readiness_check);
  adm_fire_preview_clear (&preview);
  /* …unless it splits its fire (F-FIRE-8). */
  preview_fire (battle, FIRE ("wreck:main", "near") FIRE ("wreck:destructor", "far"), 0,
                &preview);
  g_assert_true (preview.readiness_check);
  adm_fire_preview_clear (&preview);
}

static void
assert_targets (AdmBattle  *battle,
                const char *firer,
                guint       weapon,
                const char *expected)
{
  g_autoptr(GArray) targets = adm_battle_fire_targets (battle, ship_index (battle, firer),
                                                       weapon);
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < targets->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? " " : "",
                            adm_battle_get_ship (battle, g_array_index (targets, guint, i))->id);
  g_assert_cmpstr (ids->str, ==, expected);
  /* Each is one the fire preview finds legal, and each other enemy one it refuses. */
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);
      const AdmWeapon *w = g_ptr_array_index (ship (battle, firer)->klass->weapons, weapon);
      g_autofree char *body = NULL;
      AdmFirePreview preview = { 0 };
      gboolean listed = FALSE;

      if (s->side == ship (battle, firer)->side)
        continue;
      for (guint t = 0; t < targets->len; t++)
        listed |= g_array_index (targets, guint, t) == i;
      body = g_strdup_printf ("<fire weapons=\"%s:%s\" target=\"%s\"/>", firer, w->id, s->id);
      preview_fire (battle, body, 0, &preview);
      g_assert_cmpint (preview.legal, ==, listed);
      adm_fire_preview_clear (&preview);
    }
}

static void
test_fire_targets (void)
{
  g_autoptr(AdmBattle) arcs = load_at ("fire-arcs.xml", ADM_PHASE_FIRE);
  g_autoptr(AdmBattle) hidden = at_movement ();
  g_autoptr(AdmBattle) duel = load_at ("duel.xml", ADM_PHASE_FIRE);

  /* F-FIRE-5, F-FIRE-6, F-FIRE-7: Hartung's main battery (bow, port, starboard, 45 cm), its
   * secondary (port, starboard, stern, 30 cm) and its destructor (bow, 15 cm); Edge lies on
   * the bow side of the bow/starboard boundary. */
  assert_targets (arcs, "hartung", 0, "bow starboard port edge");
  assert_targets (arcs, "hartung", 1, "starboard stern port");
  assert_targets (arcs, "hartung", 2, "bow edge");
  /* F-ECM-2: the hidden squadron is not listed; F-FIRE-5: Triumph is 100 cm away. */
  assert_targets (hidden, "prince-serg", 0, "");
  /* F-FIRE-3: torpedo tubes list nothing. */
  assert_targets (duel, "triumph", 1, "");
}

/* Boarding (F-BOARD) */

#define BOARD(ship, target) "<board ship=\"" ship "\" target=\"" target "\"/>"

/* adm_battle_boarding_targets () as ids, the battle left byte for byte as it was. */
static char *
boarding_targets (AdmBattle  *battle,
                  const char *id)
{
  g_autofree char *before = everything (battle);
  g_autofree char *saved = serialized (battle);
  g_autofree char *after = NULL;
  g_autofree char *saved_after = NULL;
  g_autoptr(GArray) targets = adm_battle_boarding_targets (battle, ship_index (battle, id));
  GString *ids = g_string_new (NULL);

  for (guint i = 0; i < targets->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? " " : "",
                            adm_battle_get_ship (battle, g_array_index (targets, guint, i))->id);
  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  saved_after = serialized (battle);
  g_assert_cmpstr (saved_after, ==, saved);
  return g_string_free (ids, FALSE);
}

/* adm_battle_preview_boarding (), the battle left byte for byte as it was; a legal preview's
 * odds are adm_boarding_odds_compute ()'s for its numbers and add up to 1. */
static void
preview_boarding (AdmBattle          *battle,
                  const char         *attacker,
                  const char         *defender,
                  AdmBoardingPreview *preview)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBoardingOdds) expected = NULL;
  g_autofree char *before = everything (battle);
  g_autofree char *saved = serialized (battle);
  g_autofree char *after = NULL;
  g_autofree char *saved_after = NULL;
  const AdmBoardingOdds *odds;
  double sum = 0;

  g_assert_true (adm_battle_preview_boarding (battle, ship_index (battle, attacker),
                                              ship_index (battle, defender), preview, &error));
  g_assert_no_error (error);
  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  saved_after = serialized (battle);
  g_assert_cmpstr (saved_after, ==, saved);

  if (!preview->legal)
    {
      g_assert_nonnull (preview->reason);
      g_assert_null (preview->odds);
      return;
    }
  g_assert_null (preview->reason);
  odds = preview->odds;
  g_assert_nonnull (odds);
  g_assert_cmpfloat_with_epsilon (odds->p_attacker_wins + odds->p_tie + odds->p_defender_wins,
                                  1, EPS);
  for (int k = 0; k <= odds->max_loss; k++)
    sum += odds->attacker_loss[k];
  g_assert_cmpfloat_with_epsilon (sum, 1, EPS);
  expected = adm_boarding_odds_compute (preview->attacker_bp, preview->defender_bp,
                                        preview->attacker_modifier, preview->defender_modifier,
                                        adm_ruleset_get_dice (adm_battle_get_ruleset (battle),
                                                              ADM_DICE_BOARDING),
                                        g_strcmp0 (adm_ruleset_get_ruling_value (
                                                     adm_battle_get_ruleset (battle),
                                                     "boarding-roll"), "tie-reroll") == 0,
                                        &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (odds->p_attacker_wins, expected->p_attacker_wins, EPS);
  g_assert_cmpfloat_with_epsilon (odds->p_tie, expected->p_tie, EPS);
  g_assert_cmpfloat_with_epsilon (odds->p_defender_wins, expected->p_defender_wins, EPS);
  g_assert_cmpint (odds->max_loss, ==, expected->max_loss);
  for (int k = 0; k <= odds->max_loss; k++)
    {
      g_assert_cmpfloat_with_epsilon (odds->attacker_loss[k], expected->attacker_loss[k], EPS);
      g_assert_cmpfloat_with_epsilon (odds->defender_loss[k], expected->defender_loss[k], EPS);
    }
  g_assert_cmpfloat_with_epsilon (odds->p_attacker_captured, expected->p_attacker_captured,
                                  EPS);
  g_assert_cmpfloat_with_epsilon (odds->p_defender_captured, expected->p_defender_captured,
                                  EPS);
}

/* F-BOARD-1: @id's boarding targets are @expected, and the preview is legal for exactly
 * those; every other ship's is refused with the message the phase gives the declaration
 * (found by a dry run of the torpedo and boarding phase), or accepted when listed. */
static void
assert_boarding_targets (AdmBattle  *battle,
                         const char *id,
                         const char *expected)
{
  g_autofree char *targets = boarding_targets (battle, id);
  g_auto(GStrv) listed = g_strsplit (targets, " ", -1);

  g_assert_cmpstr (targets, ==, expected);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const char *other = adm_battle_get_ship (battle, i)->id;
      g_autofree char *body = g_strdup_printf ("<board ship=\"%s\" target=\"%s\"/>", id, other);
      g_autoptr(AdmTurnOrders) orders = orders_for (battle, body);
      g_autoptr(GError) error = NULL;
      AdmBoardingPreview preview = { 0 };

      preview_boarding (battle, id, other, &preview);
      g_assert_cmpint (preview.legal, ==, g_strv_contains ((const char * const *) listed, other));
      if (preview.legal)
        {
          g_assert_true (adm_battle_check_orders (battle, orders, ADM_PHASE_TORPEDO, &error));
          g_assert_no_error (error);
        }
      else
        {
          g_autofree char *message = g_strdup_printf ("orders.xml:1: %s", preview.reason);

          g_assert_false (adm_battle_check_orders (battle, orders, ADM_PHASE_TORPEDO, &error));
          g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
          g_assert_cmpstr (error->message, ==, message);
        }
      adm_boarding_preview_clear (&preview);
      g_assert_null (preview.reason);
    }
}

static void
test_boarding_targets (void)
{
  g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);
  AdmBoardingPreview preview = { 0 };

  /* F-BOARD-1 ("boarding-contact"): either side may board the enemy whose base touches its
   * own; Kestrel, 98.5 cm away, touches nobody. */
  assert_boarding_targets (battle, "vorberg", "triumph");
  assert_boarding_targets (battle, "triumph", "vorberg");
  assert_boarding_targets (battle, "hartung", "lantern");
  assert_boarding_targets (battle, "lantern", "hartung");
  assert_boarding_targets (battle, "peregrine", "solstice");
  assert_boarding_targets (battle, "solstice", "peregrine");
  assert_boarding_targets (battle, "kestrel", "");

  /* A non-touching enemy: refused with the phase's own message, which the phase gives too. */
  preview_boarding (battle, "vorberg", "kestrel", &preview);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, "Vorberg does not touch Kestrel (98.5 cm centre to "
                                       "centre): boarding needs base contact at the end of the "
                                       "movement phase (F-BOARD-1)");
  g_assert_cmpint (preview.attacker_bp, ==, 0);
  g_assert_cmpint (preview.attacker_modifier, ==, 0);
  refuse (battle, BOARD ("vorberg", "kestrel"), "", preview.reason);
  adm_boarding_preview_clear (&preview);
  preview_boarding (battle, "vorberg", "peregrine", &preview);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, "Vorberg and Peregrine are on the same side; only an "
                                       "enemy ship can be boarded (F-BOARD-1)");
  adm_boarding_preview_clear (&preview);
}

/* F-ECM-2: an undetected formation is not on the side's table, so it cannot be boarded. */
static void
test_boarding_targets_hidden (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "battles", "board.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) variant = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  AdmBoardingPreview preview = { 0 };

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  variant = g_string_new (text);
  g_assert_cmpuint (g_string_replace (variant, "</battle>", "<detection side=\"barrayar\" "
                                      "formation=\"k1\" level=\"none\"/></battle>", 1), ==, 1);
  battle = adm_battle_load_memory (variant->str, variant->len, "board.xml", &error);
  g_assert_no_error (error);
  /* F-ECM-5: Triumph's group stays hidden from Barrayar (1 against 6). */
  resolve (battle, "", "1 6");
  g_assert_cmpint (adm_battle_get_detection (battle, ship (battle, "vorberg")->side,
                                             ship (battle, "triumph")->formation), ==,
                   ADM_DETECTION_NONE);
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);

  assert_boarding_targets (battle, "vorberg", "");
  /* Komarr knows Vorberg: Triumph may board it. */
  assert_boarding_targets (battle, "triumph", "vorberg");
  preview_boarding (battle, "vorberg", "triumph", &preview);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, "Barrayar has not detected Triumph and cannot board it "
                                       "(F-ECM-2)");
  refuse (battle, BOARD ("vorberg", "triumph"), "", preview.reason);
  adm_boarding_preview_clear (&preview);
}

/* "boarding-contact" (F-BOARD-1): one boarding at a time; F-BOARD-15: a captured ship is out
 * of action. */
static void
test_boarding_targets_engaged (void)
{
  g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);
  AdmBoardingPreview preview = { 0 };

  resolve (battle, BOARD ("vorberg", "triumph"), "");
  /* Vorberg 3 + 4 = 7 against Triumph 3: Triumph falls to 3, the boarding goes on. */
  resolve (battle, "", "3 3");
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
  assert_boarding_targets (battle, "vorberg", "");
  assert_boarding_targets (battle, "triumph", "");
  assert_boarding_targets (battle, "hartung", "lantern");
  preview_boarding (battle, "triumph", "vorberg", &preview);
  g_assert_false (preview.legal);
  g_assert_cmpstr (preview.reason, ==, "Triumph is already in a boarding action; a ship fights "
                                       "one boarding at a time (F-BOARD-1)");
  adm_boarding_preview_clear (&preview);

  /* Vorberg 6 + 5 (8 against 3, F-BOARD-10) against 1: Triumph is captured, and out of
   * action. */
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, "", "6 1");
  g_assert_cmpint (ship (battle, "triumph")->captured_by, ==, ship_index (battle, "vorberg"));
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
  assert_boarding_targets (battle, "vorberg", "");
  assert_boarding_targets (battle, "triumph", "");
  preview_boarding (battle, "vorberg", "triumph", &preview);
  g_assert_cmpstr (preview.reason, ==, "Triumph is out of action or captured and cannot be "
                                       "boarded (F-BOARD-1)");
  adm_boarding_preview_clear (&preview);
}

/* "Vorberg 3 +4 = 7" or "Triumph 5 = 5": one side's roll as the round reports it. */
static char *
roll_text (AdmBattle  *battle,
           const char *id,
           guint       die,
           int         modifier)
{
  if (modifier == 0)
    return g_strdup_printf ("%s %u = %u", ship (battle, id)->name, die, die);
  return g_strdup_printf ("%s %u %+d = %d", ship (battle, id)->name, die, modifier,
                          (int) die + modifier);
}

/* With @battle at the torpedo and boarding phase: the preview of @attacker boarding
 * @defender has the potentials the declaration takes (F-BOARD-2) and the modifiers the first
 * round adds to the dice @attacker_die and @defender_die (F-BOARD-3, F-BOARD-4, F-BOARD-5,
 * F-BOARD-6, F-BOARD-7, F-BOARD-8, F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12, F-BOARD-13),
 * whose outcome is the one the odds count (F-BOARD-14). Returns the preview, to be cleared. */
static void
assert_first_round (AdmBattle          *battle,
                    const char         *attacker,
                    const char         *defender,
                    guint               attacker_die,
                    guint               defender_die,
                    AdmBoardingPreview *preview)
{
  g_autofree char *body = g_strdup_printf ("<board ship=\"%s\" target=\"%s\"/>", attacker,
                                           defender);
  g_autofree char *dice = g_strdup_printf ("%u %u", attacker_die, defender_die);
  g_autofree char *attacker_text = NULL;
  g_autofree char *defender_text = NULL;
  g_autofree char *line = NULL;
  const AdmBoarding *b;
  int lead, attacker_bp, defender_bp;

  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);
  preview_boarding (battle, attacker, defender, preview);
  g_assert_true (preview->legal);
  g_test_message ("%s boards %s: %d %+d against %d %+d", attacker, defender,
                  preview->attacker_bp, preview->attacker_modifier, preview->defender_bp,
                  preview->defender_modifier);

  /* F-BOARD-2: the potentials the declaration takes. */
  resolve (battle, body, "");
  g_assert_cmpuint (adm_battle_get_n_boardings (battle), ==, 1);
  b = adm_battle_get_boarding (battle, 0);
  g_assert_cmpint (b->attacker_bp, ==, preview->attacker_bp);
  g_assert_cmpint (b->defender_bp, ==, preview->defender_bp);

  /* F-BOARD-13: the round's rolls with the preview's modifiers. */
  resolve (battle, "", dice);
  attacker_text = roll_text (battle, attacker, attacker_die, preview->attacker_modifier);
  defender_text = roll_text (battle, defender, defender_die, preview->defender_modifier);
  line = g_strdup_printf ("Boarding round aboard %s: %s", ship (battle, defender)->name,
                          attacker_text);
  assert_reported (battle, line);
  assert_reported (battle, defender_text);

  /* F-BOARD-14: the loser loses the difference. */
  lead = (int) attacker_die + preview->attacker_modifier -
         ((int) defender_die + preview->defender_modifier);
  attacker_bp = MAX (0, preview->attacker_bp - MAX (0, -lead));
  defender_bp = MAX (0, preview->defender_bp - MAX (0, lead));
  b = adm_battle_get_boarding (battle, 0);
  g_assert_cmpint (b->attacker_bp, ==, attacker_bp);
  g_assert_cmpint (b->defender_bp, ==, defender_bp);
  if (lead != 0)
    g_assert_cmpfloat (lead > 0 ? preview->odds->defender_loss[lead]
                                : preview->odds->attacker_loss[-lead], >, 0);
  else
    g_assert_cmpfloat (preview->odds->p_tie, >, 0);
}

static void
test_boarding_first_round (void)
{
  AdmBoardingPreview preview = { 0 };

  {
    g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);

    /* F-BOARD-8 Barrayarans +2, F-BOARD-9 8 against 7 +1, F-RDY-5 veterans +1. */
    assert_first_round (battle, "vorberg", "triumph", 3, 5, &preview);
    g_assert_cmpint (preview.attacker_bp, ==, 8);
    g_assert_cmpint (preview.defender_bp, ==, 7);
    g_assert_cmpint (preview.attacker_modifier, ==, 4);
    g_assert_cmpint (preview.defender_modifier, ==, 0);
    adm_boarding_preview_clear (&preview);
  }
  {
    g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);

    /* F-BOARD-7 Dendarii +1 against novices −1 (F-RDY-5): a tie, which has no effect, on the
     * 4 pairs of dice where Solstice rolls 2 more. */
    assert_first_round (battle, "peregrine", "solstice", 2, 4, &preview);
    g_assert_cmpint (preview.attacker_modifier, ==, 1);
    g_assert_cmpint (preview.defender_modifier, ==, -1);
    g_assert_cmpfloat_with_epsilon (preview.odds->p_tie, 4.0 / 36.0, EPS);
    adm_boarding_preview_clear (&preview);
  }
}

/* F-BOARD-3 (hit for 2 in this turn's fire phase), F-BOARD-5 (target lock), F-BOARD-12 (four
 * times the potential): the modifiers of the fire phase just resolved. */
static void
test_boarding_first_round_fire (void)
{
  const char *fire = FIRE ("hartung:destructor", "lantern") "<target-lock ship=\"triumph\"/>";
  AdmBoardingPreview preview = { 0 };

  {
    g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_FIRE);

    resolve (battle, fire, "6 6 6 6 1 1");
    assert_first_round (battle, "hartung", "lantern", 1, 6, &preview);
    g_assert_cmpint (preview.attacker_bp, ==, 20);
    g_assert_cmpint (preview.defender_bp, ==, 5);
    g_assert_cmpint (preview.attacker_modifier, ==, 7);
    g_assert_cmpint (preview.defender_modifier, ==, -1);
    adm_boarding_preview_clear (&preview);
  }
  {
    g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_FIRE);

    resolve (battle, fire, "6 6 6 6 1 1");
    assert_first_round (battle, "vorberg", "triumph", 2, 6, &preview);
    g_assert_cmpint (preview.defender_modifier, ==, -1);
    adm_boarding_preview_clear (&preview);
  }
}

/* F-BOARD-3 counts this turn's fire phase only: Lantern, hit in turn 1, boarded in turn 2. */
static void
test_boarding_fire_damage_next_turn (void)
{
  g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_FIRE);
  AdmBoardingPreview preview = { 0 };

  resolve (battle, FIRE ("hartung:destructor", "lantern"), "6 6 6 6 1 1");
  preview_boarding (battle, "hartung", "lantern", &preview);
  g_assert_cmpint (preview.defender_modifier, ==, -1);
  adm_boarding_preview_clear (&preview);
  battle_helper_skip_to (battle, ADM_PHASE_MOVEMENT);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  /* Before turn 2's fire phase: last turn's hits do not count. */
  preview_boarding (battle, "hartung", "lantern", &preview);
  g_assert_true (preview.legal);
  g_assert_cmpint (preview.defender_modifier, ==, 0);
  adm_boarding_preview_clear (&preview);
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
  assert_first_round (battle, "hartung", "lantern", 1, 6, &preview);
  g_assert_cmpint (preview.defender_modifier, ==, 0);
  adm_boarding_preview_clear (&preview);
}

/* F-BOARD-4 (damaged), F-BOARD-6 (a failed order, instead of F-BOARD-5), F-BOARD-11,
 * F-BOARD-12, and the rulings "boarding-ratio" (F-BOARD-12) and "boarding-roll" (F-BOARD-13). */
static void
test_boarding_first_round_rulings (void)
{
  const char *extend = "<reinforce-shields ship=\"triumph\" extended=\"true\"/>";
  AdmBoardingPreview preview = { 0 };

  {
    g_autoptr(AdmBattle) battle = load_variant_at ("board.xml", "y=\"30\" heading=\"270\"",
                                                   "y=\"30\" heading=\"270\" damage=\"4\"",
                                                   ADM_PHASE_FIRE);

    resolve (battle, extend, "6 6");
    assert_first_round (battle, "hartung", "lantern", 1, 6, &preview);
    g_assert_cmpint (preview.defender_modifier, ==, -2);
    adm_boarding_preview_clear (&preview);
  }
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_FIRE);

      /* 8 against 7 (+1), or 10 against 4 (+2) after the modifiers; Triumph −3. */
      set_ruling (battle, "boarding-ratio", i == 0 ? "current-pools" : "modified-pools");
      resolve (battle, extend, "6 6");
      assert_first_round (battle, "vorberg", "triumph", 1, 6, &preview);
      g_assert_cmpint (preview.attacker_modifier, ==, i == 0 ? 4 : 5);
      g_assert_cmpint (preview.defender_modifier, ==, -3);
      adm_boarding_preview_clear (&preview);
    }
  {
    g_autoptr(AdmBattle) battle = load_at ("board.xml", ADM_PHASE_TORPEDO);

    /* A tie rolled again: no tie in the odds, the rest scaled up. */
    set_ruling (battle, "boarding-roll", "tie-reroll");
    assert_first_round (battle, "solstice", "peregrine", 5, 2, &preview);
    g_assert_cmpfloat_with_epsilon (preview.odds->p_tie, 0, EPS);
    g_assert_cmpfloat_with_epsilon (preview.odds->p_attacker_wins +
                                    preview.odds->p_defender_wins, 1, EPS);
    adm_boarding_preview_clear (&preview);
  }
}

/* F-BOARD-13: the odds of @preview, counted over every roll of @dice d6 a side one by one:
 * the higher total wins, the loser loses the difference (F-BOARD-14), a tie has no effect. */
static void
assert_odds_counted (const AdmBoardingPreview *preview,
                     int                       dice)
{
  const AdmBoardingOdds *odds = preview->odds;
  int lead = preview->attacker_modifier - preview->defender_modifier;
  int max_loss = ABS (lead) + 5 * dice;
  g_autofree int *attacker_loss = g_new0 (int, max_loss + 1);
  g_autofree int *defender_loss = g_new0 (int, max_loss + 1);
  int outcomes = 1, wins = 0, ties = 0, losses = 0;

  for (int i = 0; i < 2 * dice; i++)
    outcomes *= 6;
  for (int code = 0; code < outcomes; code++)
    {
      int rest = code, attacker = 0, defender = 0, difference;

      for (int i = 0; i < dice; i++, rest /= 6)
        attacker += rest % 6 + 1;
      for (int i = 0; i < dice; i++, rest /= 6)
        defender += rest % 6 + 1;
      difference = attacker - defender + lead;
      if (difference > 0)
        {
          wins++;
          defender_loss[difference]++;
        }
      else if (difference < 0)
        {
          losses++;
          attacker_loss[-difference]++;
        }
      else
        ties++;
    }
  g_assert_cmpint (odds->max_loss, ==, max_loss);
  g_assert_cmpfloat_with_epsilon (odds->p_attacker_wins, (double) wins / outcomes, EPS);
  g_assert_cmpfloat_with_epsilon (odds->p_tie, (double) ties / outcomes, EPS);
  g_assert_cmpfloat_with_epsilon (odds->p_defender_wins, (double) losses / outcomes, EPS);
  for (int k = 1; k <= max_loss; k++)
    {
      g_assert_cmpfloat_with_epsilon (odds->attacker_loss[k],
                                      (double) attacker_loss[k] / outcomes, EPS);
      g_assert_cmpfloat_with_epsilon (odds->defender_loss[k],
                                      (double) defender_loss[k] / outcomes, EPS);
    }
}

/* F-BOARD-13, F-BOARD-12: the boarding odds follow the ruleset's dice a side (<dice-counts>)
 * and ratio bonuses (<boarding-ratios>), not one d6 and +4. With a copy of the rules rolling
 * 2d6 a side, Vorberg's preview against Triumph is the count over all 1296 rolls and its round
 * rolls two dice a side; with one giving +6 at four times, Hartung's 20 against Lantern's 5
 * adds 6, not 4, and its round reports the same. */
static void
test_boarding_numbers_from_ruleset (void)
{
  const char *fire = FIRE ("hartung:destructor", "lantern");
  AdmBoardingPreview preview = { 0 };

  {
    g_autoptr(AdmBattle) battle =
      load_with_changed_rules ("board.xml", "ruleset", "clause=\"F-BOARD-13\" dice=\"1\"",
                               "clause=\"F-BOARD-13\" dice=\"2\"");

    battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
    preview_boarding (battle, "vorberg", "triumph", &preview);
    g_assert_true (preview.legal);
    assert_odds_counted (&preview, 2);
    adm_boarding_preview_clear (&preview);
    resolve (battle, BOARD ("vorberg", "triumph"), "");
    resolve (battle, "", "1 2  3 4");
    assert_reported (battle, "Boarding round aboard Triumph: Vorberg 3 ");
  }
  {
    g_autoptr(AdmBattle) battle =
      load_with_changed_rules ("board.xml", "ruleset",
                               "clause=\"F-BOARD-12\" times=\"4\" bonus=\"4\"",
                               "clause=\"F-BOARD-12\" times=\"4\" bonus=\"6\"");

    resolve (battle, fire, "6 6 6 6 1 1");
    assert_first_round (battle, "hartung", "lantern", 1, 6, &preview);
    g_assert_cmpint (preview.attacker_bp, ==, 20);
    g_assert_cmpint (preview.defender_bp, ==, 5);
    g_assert_cmpint (preview.attacker_modifier, ==, 9);
    assert_odds_counted (&preview, 1);
    adm_boarding_preview_clear (&preview);
  }
}

/* The dry run */

static int changed;

static void
count_changed_cb (AdmBattle *battle,
                  gpointer   data)
{
  changed++;
}

static void
test_check_orders (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");
  g_autofree char *dir = g_dir_make_tmp ("admiralty-preview-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.xml", NULL);
  g_autofree char *file_before = NULL;
  g_autofree char *saved_before = NULL;
  g_autofree char *saved_after = NULL;
  g_autofree char *file_after = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(AdmTurnOrders) good = NULL;
  g_autoptr(AdmTurnOrders) bad = NULL;
  g_autoptr(AdmTurnOrders) bad_move = NULL;
  g_autoptr(GError) error = NULL;

  resolve (battle, "", "");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  adm_battle_set_autosave_path (battle, path);
  g_assert_true (g_file_get_contents (path, &file_before, NULL, NULL));
  g_signal_connect (battle, "changed", G_CALLBACK (count_changed_cb), NULL);
  changed = 0;
  before = everything (battle);
  saved_before = serialized (battle);

  /* Declarations that pass movement and fire (F-SEQ-1), with dice the dry run rolls itself. */
  good = orders_for (battle, "<move formation=\"b1\"><forward cm=\"2\"/></move>"
                             FIRE ("vorberg:main", "triumph"));
  g_assert_true (adm_battle_check_orders (battle, good, ADM_PHASE_END, &error));
  g_assert_no_error (error);
  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  /* A fire the fire phase refuses, found from the movement phase: Vorberg runs past
   * Triumph to 15 cm beyond it, out of its destructor's 12 cm (F-FIRE-5) — which the dry run
   * knows only by carrying out the movement first. */
  bad = orders_for (battle, "<move formation=\"b1\"><forward cm=\"25\"/></move>"
                            FIRE ("vorberg:destructor", "triumph"));
  g_assert_true (adm_battle_check_orders (battle, bad, ADM_PHASE_MOVEMENT, &error));
  g_assert_no_error (error);
  g_assert_false (adm_battle_check_orders (battle, bad, ADM_PHASE_FIRE, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
  g_test_message ("dry run: %s", error->message);
  g_assert_cmpstr (error->message, ==, "orders.xml:1: Triumph is 15.0 cm from Vorberg, beyond "
                                       "the 12 cm range of its Gravi-destructor (F-FIRE-5)");
  g_clear_error (&error);
  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);

  /* A refusal of the movement phase itself, with the phase's message (F-MOVE-3). */
  bad_move = orders_for (battle, "<move formation=\"b1\"><forward cm=\"99\"/></move>");
  g_assert_false (adm_battle_check_orders (battle, bad_move, ADM_PHASE_FIRE, &error));
  {
    g_autofree char *refusal = phase_refusal (battle, "<move formation=\"b1\"><forward "
                                                      "cm=\"99\"/></move>");

    g_assert_cmpstr (error->message, ==, refusal);
  }
  g_clear_error (&error);

  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  saved_after = serialized (battle);
  g_assert_cmpstr (saved_after, ==, saved_before);
  g_assert_cmpint (changed, ==, 0);
  g_assert_true (g_file_get_contents (path, &file_after, NULL, NULL));
  g_assert_cmpstr (file_after, ==, file_before);
  g_assert_null (adm_battle_get_autosave_error (battle));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);

  /* Phases before the current one: nothing to run. */
  g_assert_true (adm_battle_check_orders (battle, bad_move, ADM_PHASE_DETECTION, &error));
  g_assert_no_error (error);

  adm_battle_set_autosave_path (battle, NULL);
  g_unlink (path);
  g_rmdir (dir);
}

/* The dice the fire phase asks for, worked out on the snapshot (adm_battle_phase_requests ()):
 * the dice source is asked for as many dice as the real resolution asks of it with the same
 * values (F-ART-11: a battery's to-hit dice, F-CRIT-1: the critical checks of its hits), and the
 * battle, its file and its listeners are told nothing. Orders of another turn are refused. */
static void
test_phase_requests (void)
{
  g_autoptr(AdmBattle) battle = battle_helper_load ("duel.xml");
  g_autoptr(AdmTurnOrders) fire = NULL;
  g_autoptr(AdmTurnOrders) late = battle_helper_orders (2, "");
  g_autoptr(AdmDiceQueue) tried = battle_helper_dice ("5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5");
  g_autoptr(AdmDiceQueue) real = battle_helper_dice ("5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5");
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *saved_before = NULL;
  g_autofree char *saved_after = NULL;
  guint asked, rolled = 0, rolls_before;

  resolve (battle, "", "");
  resolve (battle, "", "");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  fire = orders_for (battle, FIRE ("vorberg:main", "triumph"));
  g_signal_connect (battle, "changed", G_CALLBACK (count_changed_cb), NULL);
  changed = 0;
  before = everything (battle);
  saved_before = serialized (battle);

  g_assert_true (adm_battle_phase_requests (battle, fire, ADM_DICE_SOURCE (tried), &error));
  g_assert_no_error (error);
  asked = 20 - adm_dice_queue_get_length (tried);
  g_assert_cmpuint (asked, >, 0);
  after = everything (battle);
  g_assert_cmpstr (after, ==, before);
  saved_after = serialized (battle);
  g_assert_cmpstr (saved_after, ==, saved_before);
  g_assert_cmpint (changed, ==, 0);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  g_assert_false (adm_battle_phase_requests (battle, late, ADM_DICE_SOURCE (tried), &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_ILLEGAL);
  g_clear_error (&error);

  rolls_before = adm_battle_get_rolls (battle)->len;
  g_assert_true (adm_battle_resolve_phase (battle, fire, ADM_DICE_SOURCE (real), &error));
  g_assert_no_error (error);
  for (guint i = rolls_before; i < adm_battle_get_rolls (battle)->len; i++)
    rolled += ((const AdmBattleRoll *) g_ptr_array_index (adm_battle_get_rolls (battle),
                                                          i))->n_values;
  g_assert_cmpuint (20 - adm_dice_queue_get_length (real), ==, asked);
  g_assert_cmpuint (rolled, ==, asked);
  g_assert_cmpint (changed, ==, 1);
}

/* Redo */

static AdmTurnOrders *
duel_orders (void)
{
  return battle_helper_orders (1, "<move formation=\"b1\"><forward cm=\"2\"/></move>"
                                  FIRE ("vorberg:main vorberg:destructor", "triumph")
                                  RETURN_FIRE ("triumph:main", "vorberg"));
}

/* duel.xml through the fire phase of turn 1 with seeded dice: @states[i] is everything
 * after i phases. */
static AdmBattle *
duel_played (char **states)
{
  AdmBattle *battle = battle_helper_load ("duel.xml");
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (42);
  g_autoptr(AdmTurnOrders) orders = duel_orders ();
  g_autoptr(GError) error = NULL;

  states[0] = everything (battle);
  for (int i = 1; i <= 3; i++)
    {
      g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error));
      g_assert_no_error (error);
      states[i] = everything (battle);
    }
  return battle;
}

static void
assert_state (AdmBattle  *battle,
              const char *expected)
{
  g_autofree char *now = everything (battle);

  g_assert_cmpstr (now, ==, expected);
}

static void
test_redo (void)
{
  char *states[4] = { NULL };
  g_autoptr(AdmBattle) battle = duel_played (states);
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_battle_can_redo (battle));
  g_signal_connect (battle, "changed", G_CALLBACK (count_changed_cb), NULL);
  changed = 0;

  /* One undo, one redo: the fire phase again, byte for byte, dice and report included. */
  g_assert_true (adm_battle_undo (battle, &error));
  assert_state (battle, states[2]);
  g_assert_true (adm_battle_can_redo (battle));
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  assert_state (battle, states[3]);
  g_assert_false (adm_battle_can_redo (battle));
  g_assert_cmpint (changed, ==, 2);

  /* Two undos, two redos, last undone first. */
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_true (adm_battle_undo (battle, &error));
  assert_state (battle, states[1]);
  g_assert_true (adm_battle_redo (battle, &error));
  assert_state (battle, states[2]);
  g_assert_true (adm_battle_can_redo (battle));
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  assert_state (battle, states[3]);
  g_assert_false (adm_battle_can_redo (battle));

  g_assert_false (adm_battle_redo (battle, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY);
  g_assert_cmpstr (error->message, ==, "There is nothing to redo");
  assert_state (battle, states[3]);

  for (int i = 0; i < 4; i++)
    g_free (states[i]);
}

static void
test_redo_cleared (void)
{
  char *states[4] = { NULL };
  g_autoptr(AdmBattle) battle = duel_played (states);
  g_autoptr(AdmTurnOrders) orders = duel_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (9);
  g_autoptr(AdmDiceQueue) none = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-redo-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(AdmBattle) opened = NULL;

  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_true (adm_battle_can_redo (battle));
  /* A refused phase changes nothing, the redo stack included… */
  g_assert_false (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (none), &error));
  g_clear_error (&error);
  g_assert_true (adm_battle_can_redo (battle));
  /* …a new phase resolved empties it. */
  g_assert_true (adm_battle_resolve_phase (battle, orders, ADM_DICE_SOURCE (prng), &error));
  g_assert_no_error (error);
  g_assert_false (adm_battle_can_redo (battle));
  g_assert_false (adm_battle_redo (battle, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY);
  g_clear_error (&error);

  /* The undo is in the file (redo does not live in memory only): a battle opened
   * can redo it, and comes out as the battle it was before the undo. */
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_true (adm_battle_can_redo (battle));
  g_assert_true (adm_battle_save (battle, path, &error));
  g_assert_no_error (error);
  opened = adm_battle_load_game (path, &error);
  g_assert_no_error (error);
  g_assert_true (adm_battle_can_redo (opened));
  g_assert_true (adm_battle_can_undo (opened));
  g_assert_true (adm_battle_redo (opened, &error));
  g_assert_no_error (error);
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  {
    g_autofree char *a = adm_battle_dump (battle);
    g_autofree char *b = adm_battle_dump (opened);

    g_assert_cmpstr (a, ==, b);
  }
  g_assert_false (adm_battle_can_redo (opened));

  for (int i = 0; i < 4; i++)
    g_free (states[i]);
  for (guint n = 0; n <= ADM_BATTLE_BACKUPS; n++)
    {
      g_autofree char *file = n == 0 ? g_strdup (path) : adm_battle_backup_path (path, n);

      g_unlink (file);
    }
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/preview/F-MOVE-9/battleship-path", test_move_battleship_path);
  g_test_add_func ("/engine/preview/F-ART-11/phase-requests", test_phase_requests);
  g_test_add_func ("/engine/preview/F-MOVE-9/turn-too-early", test_move_turn_too_early);
  g_test_add_func ("/engine/preview/F-MOVE-13/turn-words", test_move_turn_words);
  g_test_add_func ("/engine/preview/F-MOVE-7/turn-limit-and-F-MOVE-15", test_move_turn_limit);
  g_test_add_func ("/engine/preview/F-MOVE-17/all-ahead-full", test_move_all_ahead_full);
  g_test_add_func ("/engine/preview/F-MOVE-17/dice-from-ruleset",
                   test_move_all_ahead_full_dice_from_ruleset);
  g_test_add_func ("/engine/preview/F-MOVE-5/keep-moving", test_move_must_keep_moving);
  g_test_add_func ("/engine/preview/F-FORD-4/target-lock-no-turn", test_move_target_lock);
  g_test_add_func ("/engine/preview/F-ORB-1/low-orbit", test_move_low_orbit);
  g_test_add_func ("/engine/preview/F-ART-1/fire-odds", test_fire_odds);
  g_test_add_func ("/engine/preview/F-FORD-8/lock-and-special-shield", test_fire_odds_orders);
  g_test_add_func ("/engine/preview/F-FORD-8/special-shield-from-ruleset",
                   test_fire_odds_special_shield_from_ruleset);
  g_test_add_func ("/engine/preview/F-FORM-19/odds-details", test_fire_preview_details);
  g_test_add_func ("/engine/preview/F-CRIT-2/critical-of-its-dice", test_fire_preview_critical_3d6);
  g_test_add_func ("/engine/preview/F-SHLD-1/no-damage-why", test_fire_preview_no_damage);
  g_test_add_func ("/engine/preview/F-ART-3/exact-attacks", test_fire_preview_two_attacks);
  g_test_add_func ("/engine/preview/F-FIRE-4/earlier-fire-spends-shields",
                   test_fire_preview_earlier_fire);
  g_test_add_func ("/engine/preview/F-SHLD-1/earlier-fire-after-armour",
                   test_fire_preview_earlier_fire_random);
  g_test_add_func ("/engine/preview/F-FORM-19/earlier-fire-at-pool",
                   test_fire_preview_earlier_fire_pool);
  g_test_add_func ("/engine/preview/F-FIRE-5/refusals", test_fire_refusals);
  g_test_add_func ("/engine/preview/F-ART-8/half-range-shift", test_fire_half_range);
  g_test_add_func ("/engine/preview/F-FIRE-9/readiness-check", test_fire_readiness_check);
  g_test_add_func ("/engine/preview/F-FIRE-6/fire-targets", test_fire_targets);
  g_test_add_func ("/engine/preview/F-BOARD-1/boarding-targets", test_boarding_targets);
  g_test_add_func ("/engine/preview/F-ECM-2/boarding-targets-hidden",
                   test_boarding_targets_hidden);
  g_test_add_func ("/engine/preview/F-BOARD-1/boarding-one-at-a-time",
                   test_boarding_targets_engaged);
  g_test_add_func ("/engine/preview/F-BOARD-13/boarding-first-round", test_boarding_first_round);
  g_test_add_func ("/engine/preview/F-BOARD-3/boarding-first-round-fire",
                   test_boarding_first_round_fire);
  g_test_add_func ("/engine/preview/F-BOARD-3/boarding-fire-damage-next-turn",
                   test_boarding_fire_damage_next_turn);
  g_test_add_func ("/engine/preview/F-BOARD-13/numbers-from-ruleset",
                   test_boarding_numbers_from_ruleset);
  g_test_add_func ("/engine/preview/F-BOARD-12/boarding-first-round-rulings",
                   test_boarding_first_round_rulings);
  g_test_add_func ("/engine/preview/F-SEQ-1/check-orders", test_check_orders);
  g_test_add_func ("/engine/battle/journal/redo", test_redo);
  g_test_add_func ("/engine/battle/journal/redo-cleared", test_redo_cleared);

  return g_test_run ();
}
