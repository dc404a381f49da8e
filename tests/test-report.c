/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-report.c: the printed documents of a cycle (adm-report.h) for the bundled Komarr
 * campaign after two resolved cycles (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5), with
 * the battle of the cycle-2 engagement in Pol orbit played for three turns from
 * tests/data/reports/cycle-2-pol-orbit.xml and the Pol jump point battle set up but not played:
 *  - the master's turn report: sheets, moves, engagements and their F-STRAT-5 checks, every
 *    battle roll (purpose, clause, values) and every strategic roll, the losses per side;
 *  - an admiral's report that is leak-free: the Cetagandans have not detected two Polian
 *    formations and see the First Squadron only as face-down tokens (F-ECM-2, F-ECM-4,
 *    F-ECM-6), and hidden formations (F-STRAT-3) never reach an admiral who has not met them;
 *  - fleet cards with the class data and the battle's damage; blank order sheets with every
 *    formation of the admiral (F-STRAT-13, F-STRAT-18); errors for an unknown admiral and a
 *    cycle not resolved. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"

#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define N_CYCLES 2
#define LEAK_STEM "cycle-2-pol-orbit"
#define PLAIN_STEM "cycle-2-pol-jump-point"

static AdmCampaign *campaign;
static char *battles_dir;

static AdmStrategy *
strategy (void)
{
  return adm_state_get_strategy (adm_campaign_get_state (campaign));
}

/* The cycle's order sheets appended and the cycle resolved, as test-campaign-cycles does. */
static void
play_cycle_on (AdmCampaign *played,
               guint        cycle)
{
  komarr_play_cycle (played, cycle, T0);
}

static void
play_cycle (guint cycle)
{
  play_cycle_on (campaign, cycle);
}

static const AdmEngagement *
find_engagement (guint       cycle,
                 const char *stem)
{
  g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (strategy (), cycle);

  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (engagements, i);
      g_autofree char *found = adm_engagement_file_stem (engagement);

      if (g_str_equal (found, stem))
        return engagement;
    }
  g_assert_not_reached ();
  return NULL;
}

/* The battle's dice: a seeded generator, except that every F-ECM-5 detection roll goes to the
 * hider (attack 1, defence 6), so that the fog of war of the fixture holds for the test. */
#define FOG_TYPE_DICE (fog_dice_get_type ())
G_DECLARE_FINAL_TYPE (FogDice, fog_dice, FOG, DICE, GObject)

struct _FogDice
{
  GObject      parent_instance;
  AdmDicePrng *prng;
  gboolean     criticals;  /* every critical check succeeds, every F-CRIT-2 roll is 2 + 3 */
};

static void fog_dice_source_init (AdmDiceSourceInterface *iface);

G_DEFINE_TYPE_WITH_CODE (FogDice, fog_dice, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (ADM_TYPE_DICE_SOURCE, fog_dice_source_init))

static gboolean
fog_dice_roll (AdmDiceSource        *source,
               const AdmDiceRequest *request,
               guint                *values,
               GError              **error)
{
  FogDice *self = FOG_DICE (source);

  for (guint i = 0; i < request->count; i++)
    {
      if (g_strcmp0 (request->clause, "F-ECM-5") == 0)
        values[i] = g_str_has_prefix (request->purpose, "ECM attack") ? 1 : request->sides;
      else if (self->criticals && g_str_has_prefix (request->purpose, "critical checks"))
        values[i] = 6;  /* F-CRIT-1, F-ART-13 */
      else if (self->criticals && g_strcmp0 (request->clause, "F-CRIT-2") == 0)
        values[i] = i == 0 ? 2 : 3;  /* 5: "Bow armament knocked out", F-CRIT-12 */
      else
        values[i] = adm_dice_prng_die (self->prng, request->sides);
    }
  return TRUE;
}

static void
fog_dice_source_init (AdmDiceSourceInterface *iface)
{
  iface->roll = fog_dice_roll;
}

static void
fog_dice_finalize (GObject *object)
{
  g_clear_object (&FOG_DICE (object)->prng);
  G_OBJECT_CLASS (fog_dice_parent_class)->finalize (object);
}

static void
fog_dice_class_init (FogDiceClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = fog_dice_finalize;
}

static void
fog_dice_init (FogDice *self)
{
  self->prng = adm_dice_prng_new (7);
}

static gboolean
active (AdmBattle  *battle,
        const char *id)
{
  const AdmBattleShip *ship = adm_battle_lookup_ship (battle, id);

  return ship != NULL && ship->status == ADM_SHIP_ACTIVE && ship->captured_by < 0;
}

/* One turn: the Jade Squadron's plasma batteries at the first Polian frigate still in action,
 * the frigates' guns at the Jade Pavilion (F-FIRE-4, F-ART-3). */
static void
fire_turn (AdmBattle     *battle,
           AdmDiceSource *dice)
{
  static const char *frigates[] = { "pol-sentinel", "guardian", "watchful", "vigilant" };
  static const char *cruisers[] = { "jade-pavilion", "star-garden" };
  g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  g_autoptr(GError) error = NULL;
  const char *target = NULL;

  for (guint i = 0; target == NULL && i < G_N_ELEMENTS (frigates); i++)
    if (active (battle, frigates[i]))
      target = frigates[i];
  for (guint i = 0; target != NULL && i < G_N_ELEMENTS (cruisers); i++)
    if (active (battle, cruisers[i]))
      {
        AdmFireDecl *decl = adm_fire_decl_new (target);

        adm_fire_decl_add_battery (decl, cruisers[i], "main");
        g_ptr_array_add (orders->fires, decl);
      }
  for (guint i = 0; active (battle, "jade-pavilion") && i < G_N_ELEMENTS (frigates); i++)
    if (active (battle, frigates[i]))
      {
        AdmFireDecl *decl = adm_fire_decl_new ("jade-pavilion");

        adm_fire_decl_add_battery (decl, frigates[i], "guns");
        g_ptr_array_add (orders->fires, decl);
      }
  g_assert_true (adm_battle_resolve_turn (battle, orders, dice, &error));
  g_assert_no_error (error);
}

/* The campaign after two cycles, and its battles folder: the Pol orbit battle played three
 * turns and autosaved as the app does ("STEM.game.xml" beside "STEM.xml"), the Pol jump point
 * battle only set up. */
static void
setup_campaign (void)
{
  g_autofree char *scenario_path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *fixture = source_path ("tests/data/reports", LEAK_STEM ".xml", NULL);
  g_autofree char *setup_path = NULL, *game_path = NULL, *plain_path = NULL, *text = NULL;
  g_autofree char *plain = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(FogDice) dice = g_object_new (FOG_TYPE_DICE, NULL);
  gsize length;

  campaign = adm_campaign_open (scenario_path, &error);
  g_assert_no_error (error);
  for (guint cycle = 1; cycle <= N_CYCLES; cycle++)
    play_cycle (cycle);

  battles_dir = g_dir_make_tmp ("admiralty-report-XXXXXX", &error);
  g_assert_no_error (error);
  /* The fixture is named as the app names the engagement's battle. */
  find_engagement (2, LEAK_STEM);
  setup_path = g_build_filename (battles_dir, LEAK_STEM ".xml", NULL);
  game_path = g_build_filename (battles_dir, LEAK_STEM ".game.xml", NULL);
  g_assert_true (g_file_get_contents (fixture, &text, &length, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (setup_path, text, length, &error));
  g_assert_no_error (error);
  battle = adm_battle_load_file (setup_path, &error);
  g_assert_no_error (error);
  for (guint turn = 0; turn < 3; turn++)
    fire_turn (battle, ADM_DICE_SOURCE (dice));
  g_assert_true (adm_battle_save (battle, game_path, &error));
  g_assert_no_error (error);

  plain = adm_engagement_battle_setup (adm_campaign_get_state (campaign),
                                       find_engagement (2, PLAIN_STEM), NULL, &error);
  g_assert_no_error (error);
  plain_path = g_build_filename (battles_dir, PLAIN_STEM ".xml", NULL);
  g_assert_true (g_file_set_contents (plain_path, plain, -1, &error));
  g_assert_no_error (error);
}

static AdmBattle *
load_played (void)
{
  g_autofree char *game_path = g_build_filename (battles_dir, LEAK_STEM ".game.xml", NULL);
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_game (game_path, &error);

  g_assert_no_error (error);
  return battle;
}

static char *
report_text (AdmReportKind  kind,
             const char    *admiral,
             guint          cycle,
             AdmDoc       **doc_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, kind, admiral, cycle, battles_dir, &error);
  char *text;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  text = adm_doc_to_text (doc);
  if (doc_out != NULL)
    *doc_out = g_steal_pointer (&doc);
  return text;
}

static gboolean
contains (const char *text,
          const char *needle)
{
  return strstr (text, needle) != NULL;
}

static void
assert_contains (const char *text,
                 const char *needle)
{
  if (!contains (text, needle))
    g_error ("“%s” is not in the report", needle);
}

static void
assert_lacks (const char *text,
              const char *needle,
              const char *what)
{
  if (contains (text, needle))
    g_error ("%s: “%s” leaked into the report", what, needle);
}

static guint
count_blocks (AdmDoc          *doc,
              AdmDocBlockKind  kind)
{
  GPtrArray *blocks = adm_doc_get_blocks (doc);
  guint n = 0;

  for (guint i = 0; i < blocks->len; i++)
    n += ((AdmDocBlock *) g_ptr_array_index (blocks, i))->kind == kind;
  return n;
}

static char *
values_of (const guint *values,
           guint        n_values)
{
  GString *out = g_string_new (NULL);

  for (guint v = 0; v < n_values; v++)
    g_string_append_printf (out, "%s%u", v > 0 ? " + " : "", values[v]);
  return g_string_free (out, FALSE);
}

static void
test_kinds (void)
{
  AdmReportKind kind = ADM_REPORT_MASTER;

  for (AdmReportKind k = ADM_REPORT_MASTER; k <= ADM_REPORT_SHEETS; k++)
    {
      g_assert_true (adm_report_kind_from_string (adm_report_kind_to_string (k), &kind));
      g_assert_cmpint (kind, ==, k);
    }
  g_assert_cmpstr (adm_report_kind_to_string (ADM_REPORT_CARDS), ==, "cards");
  g_assert_false (adm_report_kind_from_string ("projector", &kind));
  g_assert_false (adm_report_kind_from_string (NULL, &kind));
  g_assert_cmpint (kind, ==, ADM_REPORT_SHEETS);
}

/* F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5, F-TAC: the master's report of cycle 2 —
 * headers, sheets (Vorkosigan sent none in cycle 2, F-STRAT-5), moves, engagements with placements
 * and checks, each battle's turns with every roll, the strategic dice. */
static void
test_master (void)
{
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *text = report_text (ADM_REPORT_MASTER, NULL, 0, &doc);
  g_autoptr(AdmBattle) battle = load_played ();
  GPtrArray *rolls = adm_battle_get_rolls (battle);
  GPtrArray *strategic = adm_state_get_rolls (adm_campaign_get_state (campaign));
  g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (strategy (), 2);
  guint strategic_rows = 0;

  g_assert_cmpstr (adm_doc_get_title (doc), ==, "Turn report — cycle 2");
  g_assert_cmpstr (adm_doc_get_header_left (doc), ==, "The Komarr Campaign");
  g_assert_true (g_str_has_prefix (adm_doc_get_header_right (doc), "Cycle 2 · "));

  /* Sheets: who sent one, who sent none. */
  assert_contains (text, "Order sheets");
  assert_contains (text, "Adm. Aral Vorkosigan\tBarrayaran Imperium\tnone: standing orders (F-STRAT-5)");
  assert_contains (text, "No sheet from: Adm. Aral Vorkosigan");
  /* Moves: the summary, formation by formation. */
  assert_contains (text, "\nFirst Squadron, Home Fleet:\n– ");
  /* Engagements: every one, with its placements. */
  for (guint i = 0; i < engagements->len; i++)
    {
      g_autofree char *place = adm_engagement_place_name (g_ptr_array_index (engagements, i));

      assert_contains (text, place);
    }
  assert_contains (text, "Readiness check (F-STRAT-5)");

  /* The played battle, turn by turn, every roll with purpose, clause, dice and values. */
  assert_contains (text, "Battle: Pol orbit");
  assert_contains (text, "Turn 1 — Fire phase");
  assert_contains (text, "Turn 3 — End phase");
  g_assert_cmpuint (rolls->len, >, 0);
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);
      g_autofree char *values = values_of (roll->values, roll->n_values);
      g_autofree char *outcome = adm_battle_roll_describe_outcome (roll);
      g_autofree char *row = g_strdup_printf ("\n%s\t%s\t%ud%u\t%s\t%s\n",
                                              adm_battle_roll_get_purpose (roll),
                                              roll->clause != NULL ? roll->clause : "",
                                              roll->n_values, roll->sides, values,
                                              outcome != NULL ? outcome : "");

      assert_contains (text, row);
    }
  /* Every report line of the battle is in the narrative. */
  for (guint i = 0; i < adm_battle_get_report (battle)->len; i++)
    assert_contains (text, adm_report_line_get_text (g_ptr_array_index (adm_battle_get_report
                                                                          (battle), i)));
  /* The unplayed battle is there, set up. */
  assert_contains (text, "Set up; no phase has been resolved yet.");

  /* The strategic dice of cycle 2: the F-STRAT-5 checks rolled with the session. */
  for (guint i = 0; i < strategic->len; i++)
    {
      const AdmRollRecord *roll = g_ptr_array_index (strategic, i);
      g_autofree char *values = values_of ((const guint *) (void *) roll->values->data,
                                           roll->values->len);
      g_autofree char *outcome = NULL;
      g_autofree char *row = NULL;
      guint sum = 0;

      if (roll->cycle != 2)
        continue;
      /* F-STRAT-5, F-RDY-2: the readiness check judged as a battle's roll is, in its words. */
      g_assert_cmpstr (roll->clause, ==, "F-STRAT-5");
      g_assert_cmpint (roll->check, ==, ADM_ROLL_CHECK_SUM_AT_MOST);
      for (guint v = 0; v < roll->values->len; v++)
        sum += g_array_index (roll->values, guint, v);
      outcome = g_strdup_printf ("sum ≤ %d (readiness): %s", roll->target,
                                 (int) sum <= roll->target ? "passed ✓" : "failed ✗");
      row = g_strdup_printf ("\t%s\t%s\t%ud%u\t%s\t%s\n", roll->purpose, roll->clause,
                             roll->values->len, roll->sides, values, outcome);
      assert_contains (text, row);
      strategic_rows++;
    }
  g_test_message ("%u battle rolls, %u strategic rolls", rolls->len, strategic_rows);
  g_assert_cmpuint (strategic_rows, >, 0);

  /* Everything the master sees, the hidden and the undetected included. */
  assert_contains (text, "Pol Constant");
  assert_contains (text, "Clearway");
  assert_contains (text, "General Vorkraft");
}

/* F-CAT, F-BOARD-15: the losses table per side and battle, and the totals, counted from the
 * battle's ships by the side each began with. */
static void
test_losses (void)
{
  g_autofree char *text = report_text (ADM_REPORT_MASTER, NULL, 2, NULL);
  g_autoptr(AdmBattle) battle = load_played ();
  guint lost = 0;

  assert_contains (text, "\nBattle\tSide\tDestroyed\tHulks\tCaptured\tDamaged\n");
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    {
      const AdmBattleSide *side = adm_battle_get_side (battle, s);
      guint destroyed = 0, hulks = 0, captured = 0, damaged = 0;
      g_autofree char *row = NULL, *total = NULL;

      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        {
          const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

          if (ship->original_side != s)
            continue;
          if (ship->captured_by >= 0)
            captured++;
          else if (ship->status == ADM_SHIP_DESTROYED)
            destroyed++;
          else if (ship->status != ADM_SHIP_ACTIVE)
            hulks++;
          else if (ship->damage > 0)
            damaged++;
        }
      lost += destroyed + hulks + captured + damaged;
      row = g_strdup_printf ("\nPol orbit\t%s\t%u\t%u\t%u\t%u\n", side->name, destroyed, hulks,
                             captured, damaged);
      assert_contains (text, row);
      /* The Pol jump point battle is only set up, with no losses: the totals are the same. */
      total = g_strdup_printf ("\nAll battles\t%s\t%u\t%u\t%u\t%u\n", side->name, destroyed,
                               hulks, captured, damaged);
      assert_contains (text, total);
    }
  /* The fight did harm someone: the table is not all zeros. */
  g_assert_cmpuint (lost, >, 0);
}

/* F-ECM-2, F-ECM-4, F-ECM-6: Sarlat's report of the Pol orbit battle names none of the ships
 * his side did not detect, nor their classes or ids, and shows the First Squadron only as
 * unidentified ships, classless; the master's report has them all. Built from the battle's
 * state as the game left it. */
static void
test_admiral_leak_free (void)
{
  g_autoptr(AdmBattle) battle = load_played ();
  g_autofree char *text = report_text (ADM_REPORT_ADMIRAL, "ghem-sarlat", 2, NULL);
  g_autofree char *master = report_text (ADM_REPORT_MASTER, NULL, 2, NULL);
  g_autoptr(GHashTable) own_classes = g_hash_table_new (g_str_hash, g_str_equal);
  int cetaganda = adm_battle_get_formation (battle,
                                            adm_battle_formation_index (battle,
                                                                        "jade-squadron"))->side;
  GPtrArray *formations = adm_strategy_get_formations (strategy ());
  guint undetected = 0, unidentified = 0;

  /* Classes of Sarlat's own ships may appear, on his own cards of course: his formations and
   * those of his faction with no admiral (F-FORM-6). */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->admiral != NULL ? g_str_equal (formation->admiral->id, "ghem-sarlat")
                                     : g_str_equal (formation->faction->id, "cetaganda"))
        for (guint s = 0; s < formation->ships->len; s++)
          g_hash_table_add (own_classes,
                            ((AdmShip *) g_ptr_array_index (formation->ships, s))->klass->name);
    }

  assert_contains (text, "Report to ghem-Adm. Dir Sarlat — cycle 2");
  assert_contains (text, "Battle: Pol orbit");
  assert_contains (text, "Jade Pavilion");
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);
      AdmDetection detection = adm_battle_get_detection (battle, cetaganda, f);

      if (formation->side == (guint) cetaganda || detection == ADM_DETECTION_FULL)
        continue;
      undetected += detection == ADM_DETECTION_NONE;
      unidentified += detection == ADM_DETECTION_PRESENCE;
      for (guint s = 0; s < formation->ships->len; s++)
        {
          const AdmBattleShip *ship = adm_battle_get_ship (battle,
                                                           g_array_index (formation->ships,
                                                                          guint, s));

          g_test_message ("%s %s (%s): %s", adm_detection_to_string (detection), ship->name,
                          ship->id, ship->klass->name);
          assert_lacks (text, ship->name, "ship name");
          assert_lacks (text, ship->id, "ship id");
          if (!g_hash_table_contains (own_classes, ship->klass->name))
            assert_lacks (text, ship->klass->name, "ship class");
          assert_contains (master, ship->name);
          assert_contains (master, ship->klass->name);
        }
    }
  /* The fog of war of the fixture held through the three turns. */
  g_assert_cmpuint (undetected, ==, 2);
  g_assert_cmpuint (unidentified, ==, 1);
  /* F-ECM-4: the face-down tokens are there, as unidentified ships, one row per token. */
  assert_contains (text, "Unidentified formation 1\tUnidentified ship\tunknown\tunknown\tunknown\n");
  /* His own side in full, the detected enemy (the escorts, firing) by name. */
  assert_contains (text, "Star Garden");
  assert_contains (text, "Pol Sentinel");
  /* Never the battle's free-text report lines: they name every ship. */
  for (guint i = 0; i < adm_battle_get_report (battle)->len; i++)
    {
      const AdmReportLine *line = g_ptr_array_index (adm_battle_get_report (battle), i);

      if (strlen (adm_report_line_get_text (line)) > 20)
        assert_lacks (text, adm_report_line_get_text (line), "report line");
    }
}

/* F-STRAT-3: the formations the scenario hides reach no enemy admiral's report, cards or
 * sheets until his side has met them (adm_strategy_formation_visible ()). */
/* F-STRAT-3, F-STRAT-10: a report on an earlier cycle shows each formation where it was at
 * the end of that cycle — the journal replayed to that cycle's comms session — not where it
 * is now. */
static void
test_history (void)
{
  GPtrArray *events = adm_campaign_get_events (campaign);
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  g_autoptr(AdmState) then = adm_state_new (adm_campaign_get_scenario (campaign));
  AdmStrategy *old;
  guint moved = 0;

  /* An independent replay to the end of cycle 1. */
  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);
      gint64 n;

      g_assert_true (adm_state_apply (then, event, NULL));
      if (g_str_equal (adm_event_get_kind (event), "cycle") &&
          adm_event_get_int (event, "cycle", &n) && n == 1)
        break;
    }
  old = adm_state_get_strategy (then);
  g_assert_cmpuint (adm_strategy_get_cycle (old), ==, 2);

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *report1 = report_text (ADM_REPORT_ADMIRAL, admiral->id, 1, NULL);
      g_autofree char *report2 = report_text (ADM_REPORT_ADMIRAL, admiral->id, 2, NULL);
      GPtrArray *formations = adm_strategy_get_formations (old);

      assert_contains (report1, "Your formations after cycle 1");
      assert_contains (report2, "Your formations after cycle 2");
      for (guint f = 0; f < formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (formations, f);
          const AdmFormationPosition *was = adm_strategy_get_position (old, formation->id);
          const AdmFormationPosition *is = adm_strategy_get_position (strategy (), formation->id);
          g_autofree char *line_was = NULL, *line_is = NULL;

          if (formation->admiral == NULL || !g_str_equal (formation->admiral->id, admiral->id) ||
              was == NULL || is == NULL || was->towards != NULL || is->towards != NULL ||
              was->sector == is->sector)
            continue;
          /* It moved during cycle 2: cycle 1's report has it where it was then. */
          line_was = g_strdup_printf ("%s\n\nPosition: %s\n", formation->name, was->sector->name);
          line_is = g_strdup_printf ("%s\n\nPosition: %s\n", formation->name, is->sector->name);
          assert_contains (report1, line_was);
          assert_lacks (report1, line_is, admiral->id);
          assert_contains (report2, line_is);
          moved++;
        }
    }
  g_test_message ("%u formations moved in cycle 2", moved);
  g_assert_cmpuint (moved, >, 0);
}

static void
test_hidden_formations (void)
{
  static const char *hidden[] = { "autumn-screen", "komarran-cruiser-division" };
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  guint checked = 0;

  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *report1 = report_text (ADM_REPORT_ADMIRAL, admiral->id, 1, NULL);
      g_autofree char *report2 = report_text (ADM_REPORT_ADMIRAL, admiral->id, 2, NULL);
      g_autofree char *cards = report_text (ADM_REPORT_CARDS, admiral->id, 0, NULL);
      g_autofree char *sheets = report_text (ADM_REPORT_SHEETS, admiral->id, 0, NULL);

      for (guint h = 0; h < G_N_ELEMENTS (hidden); h++)
        {
          const AdmFormation *formation = adm_strategy_lookup_formation (strategy (), hidden[h]);

          if (adm_strategy_formation_visible (strategy (), formation, admiral->faction))
            continue;
          checked++;
          assert_lacks (report1, formation->name, admiral->id);
          assert_lacks (report2, formation->name, admiral->id);
          assert_lacks (cards, formation->name, admiral->id);
          assert_lacks (sheets, formation->name, admiral->id);
          for (guint s = 0; s < formation->ships->len; s++)
            {
              const AdmShip *ship = g_ptr_array_index (formation->ships, s);

              assert_lacks (report1, ship->name, admiral->id);
              assert_lacks (report2, ship->name, admiral->id);
            }
        }
    }
  g_test_message ("%u admiral/hidden formation pairs checked", checked);
  /* Most admirals never met them: Barrayar, Pol, Vervain… */
  g_assert_cmpuint (checked, >=, 10);
  /* The master's report knows Autumn Screen met the Aslund minelayer in cycle 1. */
  {
    g_autofree char *master = report_text (ADM_REPORT_MASTER, NULL, 1, NULL);

    assert_contains (master, "Autumn Screen");
  }
}

/* F-SHIP, F-MOVE, F-ART, F-SHLD, F-TORP, F-ECM, F-RDY-5, F-CRIT-20, F-FORM-4: a card per ship
 * of the admiral's formations with the class data and the damage the battle did. */
static void
test_cards (void)
{
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *text = report_text (ADM_REPORT_CARDS, "ghem-sarlat", 0, &doc);
  g_autoptr(AdmBattle) battle = load_played ();
  const AdmBattleShip *jade = adm_battle_lookup_ship (battle, "jade-pavilion");
  g_autoptr(AdmDoc) all = NULL;
  g_autofree char *all_text = NULL;
  g_autofree char *hull = NULL;
  GPtrArray *blocks = adm_doc_get_blocks (doc);
  const AdmDocBlock *card = NULL;
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  guint cards = 0;

  for (guint i = 0; i < blocks->len; i++)
    {
      const AdmDocBlock *block = g_ptr_array_index (blocks, i);

      if (block->kind != ADM_DOC_CARD)
        continue;
      cards++;
      if (g_str_equal (block->title, "Jade Pavilion"))
        card = block;
    }
  /* Jade Squadron (2), Autumn Screen (4) and the Celestial Train (3), which has no admiral and
   * is reported to every admiral of Cetaganda (F-FORM-6). */
  g_assert_cmpuint (cards, ==, 9);
  assert_contains (text, "\nFormation: Celestial Train\n");
  g_assert_nonnull (card);
  g_assert_true (g_str_has_prefix (card->subtitle, "Haut Pavilion · "));
  g_assert_nonnull (strstr (card->subtitle, "Flagship"));
  assert_contains (text, "\nBase: ");
  assert_contains (text, "\nSpeed: 28 cm, turn 45°\n");
  assert_contains (text, "\nArmour: 4\n");
  assert_contains (text, "\nShields: 3\n");
  assert_contains (text, "\nTurrets: 2\n");
  assert_contains (text, "\nECM: attack 3, defence 4\n");
  assert_contains (text, "\nPlasma battery: firepower 6, range 35 cm, arcs bow port starboard\n");
  assert_contains (text, "\nTorpedo tubes: firepower 3, range 35 cm, arcs bow, 20 cm/turn for 2 turns\n");
  assert_contains (text, "\nFormation: Jade Squadron\n");
  assert_contains (text, "\nFlagship: yes ★\n");
  assert_contains (text, "\nFormation: Autumn Screen\n");
  /* The hull as the battle left it: "lost" when the frigates hit. */
  hull = jade->damage > 0 ? g_strdup_printf ("\nHull: %d/10 (%d lost)\n", 10 - jade->damage,
                                             jade->damage)
                          : g_strdup ("\nHull: 10/10\n");
  g_test_message ("Jade Pavilion: %d lost", jade->damage);
  assert_contains (text, hull);
  assert_contains (text, "\nReadiness: ");

  /* Radovan's frigates, as the battle left them: hull lost, hulks noted. */
  {
    static const char *frigates[] = { "pol-sentinel", "guardian", "watchful", "vigilant" };
    g_autofree char *radovan = report_text (ADM_REPORT_CARDS, "radovan", 0, NULL);
    guint hurt = 0;

    for (guint i = 0; i < G_N_ELEMENTS (frigates); i++)
      {
        const AdmBattleShip *frigate = adm_battle_lookup_ship (battle, frigates[i]);
        g_autofree char *expected = g_strdup_printf (
            frigate->damage > 0 ? "\n%s\nFrigate · escort%s\nBase: 1.5 cm\n"
                                  "Speed: 38 cm, turn 90°\nHull: %d/3 (%d lost)\n"
                                : "\n%s\nFrigate · escort%s\nBase: 1.5 cm\n"
                                  "Speed: 38 cm, turn 90°\nHull: %d/3\n",
            frigate->name, i == 0 ? " · ★ Flagship" : "", 3 - frigate->damage, frigate->damage);

        assert_contains (radovan, expected);
        hurt += frigate->damage > 0;
        if (frigate->status != ADM_SHIP_ACTIVE)
          {
            g_autofree char *note = g_strdup_printf ("After the last battle: %s.",
                                                     frigate->status == ADM_SHIP_DESTROYED
                                                       ? "destroyed"
                                                       : frigate->status == ADM_SHIP_BURNING_HULK
                                                         ? "burning hulk" : "drifting hulk");

            assert_contains (radovan, note);
          }
      }
    g_assert_cmpuint (hurt, >, 0);
    assert_contains (radovan, "\nCriticals: ");
    /* An undamaged ship: its hull whole. */
    assert_contains (radovan, "\nPol Defiant\nKomarran cruiser · Cruiser · capital ship\n"
                              "Base: 2.0 cm\nSpeed: 27 cm, turn 45°\nHull: 7/7\n");
  }

  /* Every admiral in turn, each his own part: his name over his pages, which start a sheet. */
  all_text = report_text (ADM_REPORT_CARDS, NULL, 0, &all);
  g_assert_cmpuint (adm_doc_get_n_parts (all), ==, admirals->len + 1);
  g_assert_cmpstr (adm_doc_get_part (all, 2)->owner, ==,
                   ((AdmAdmiral *) g_ptr_array_index (admirals, 1))->name);
  assert_contains (all_text, "\f\nFleet cards of Adm. Lord Vorlakial\n");
  assert_contains (all_text, "Fleet cards — Adm. Aral Vorkosigan (Barrayaran Imperium)");
  assert_contains (all_text, "\nPrince Serg\nGeneral Vorkraft · ");
  /* F-CRIT-20: no critical awaits repair on these ships. */
  assert_contains (all_text, "\nCriticals: none\n");
}

/* F-CRIT-1, F-CRIT-12, F-CRIT-20: a card lists the criticals its ship awaits repair of, each
 * with its table number and name. The Pol orbit battle is played again, in a folder of its
 * own, with every critical check a success and every critical a 5. */
static void
test_card_criticals (void)
{
  g_autofree char *fixture = source_path ("tests/data/reports", LEAK_STEM ".xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-criticals-XXXXXX", &error);
  g_autofree char *setup_path = g_build_filename (dir, LEAK_STEM ".xml", NULL);
  g_autofree char *game_path = g_build_filename (dir, LEAK_STEM ".game.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(FogDice) dice = g_object_new (FOG_TYPE_DICE, NULL);
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *cards = NULL;
  gsize length;
  guint with_criticals = 0;

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (fixture, &text, &length, &error));
  g_assert_true (g_file_set_contents (setup_path, text, length, &error));
  g_assert_no_error (error);
  battle = adm_battle_load_file (setup_path, &error);
  g_assert_no_error (error);
  dice->criticals = TRUE;
  for (guint turn = 0; turn < 3; turn++)
    fire_turn (battle, ADM_DICE_SOURCE (dice));
  g_assert_true (adm_battle_save (battle, game_path, &error));
  g_assert_no_error (error);

  doc = adm_report_build (campaign, ADM_REPORT_CARDS, NULL, 0, dir, &error);
  g_assert_no_error (error);
  cards = adm_doc_to_text (doc);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      g_autofree char *title = NULL;
      g_autoptr(GString) expected = g_string_new ("\nCriticals: ");
      const char *card, *card_end, *found;

      if (ship->status == ADM_SHIP_DESTROYED || ship->criticals[ADM_CRIT_BOW] == 0)
        continue;
      with_criticals++;
      /* Each result as often as it was taken (F-CRIT-20). */
      for (int n = 0; n < ship->criticals[ADM_CRIT_BOW]; n++)
        g_string_append (expected, n > 0 ? ", 5 Bow armament knocked out"
                                         : "5 Bow armament knocked out");
      g_string_append_c (expected, '\n');
      title = g_strdup_printf ("\n%s\n", ship->name);
      card = strstr (cards, title);
      g_assert_nonnull (card);
      card_end = strstr (card, "\nFlagship: ");
      g_assert_nonnull (card_end);
      found = strstr (card, expected->str);
      g_test_message ("%s:%s", ship->name, expected->str);
      g_assert_true (found != NULL && found < card_end);
    }
  g_assert_cmpuint (with_criticals, >, 0);
  remove_tree (dir);
}

/* F-STRAT-13, F-STRAT-18: the blank sheet for the current cycle lists each of his formations
 * with where it is and its standing order, and room to write orders and comments. */
static void
test_sheets (void)
{
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *text = report_text (ADM_REPORT_SHEETS, "vorkosigan", 0, &doc);
  g_autoptr(AdmDoc) all = NULL;
  g_autofree char *all_text = report_text (ADM_REPORT_SHEETS, NULL, 3, &all);
  GPtrArray *formations = adm_strategy_get_formations (strategy ());
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (campaign));
  guint his = 0;

  g_assert_cmpstr (adm_doc_get_title (doc), ==, "Order sheets — cycle 3");
  /* Cycle 3 is open: its session is due 40 minutes after cycle 2's (F-STRAT-1). */
  g_assert_true (g_str_has_prefix (adm_doc_get_header_right (doc), "Cycle 3 · "));
  assert_contains (text, "Order sheet — Adm. Aral Vorkosigan, cycle 3");
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (strategy (), formation->id);
      g_autofree char *where = NULL;
      g_autofree char *heading = g_strconcat ("\n", formation->name, "\n", NULL);

      if (formation->admiral == NULL || !g_str_equal (formation->admiral->id, "vorkosigan"))
        {
          assert_lacks (text, heading, "another admiral's formation");
          continue;
        }
      his++;
      assert_contains (text, formation->name);
      where = g_strdup_printf ("Where: %s", pos->sector->name);
      assert_contains (text, where);
    }
  g_assert_cmpuint (his, ==, 2);
  assert_contains (text, "Standing order (F-STRAT-5): ");
  /* Room for orders per formation and for general comments. */
  g_assert_cmpuint (count_blocks (doc, ADM_DOC_LINES), ==, his + 1);
  assert_contains (text, "General comments and instructions to the master (F-STRAT-18):");
  /* One admiral per part: his name over his pages, which start a sheet. */
  g_assert_cmpuint (adm_doc_get_n_parts (all), ==, admirals->len + 1);
  for (guint i = 0; i < admirals->len; i++)
    g_assert_cmpstr (adm_doc_get_part (all, i + 1)->owner, ==,
                     ((AdmAdmiral *) g_ptr_array_index (admirals, i))->name);
  assert_contains (all_text, "Order sheet — Baron Fell, cycle 3");
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario_path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) fresh = NULL;
  AdmDoc *doc;

  doc = adm_report_build (campaign, ADM_REPORT_ADMIRAL, "vorgarin", 0, battles_dir, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL);
  assert_contains (error->message, "“vorgarin”");
  g_clear_error (&error);

  doc = adm_report_build (campaign, ADM_REPORT_CARDS, "nobody", 0, NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL);
  g_clear_error (&error);

  doc = adm_report_build (campaign, ADM_REPORT_ADMIRAL, NULL, 0, NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_UNKNOWN_ADMIRAL);
  g_clear_error (&error);

  /* An admiral's name does as well as his id. */
  doc = adm_report_build (campaign, ADM_REPORT_ADMIRAL, "Adm. Marek Radovan", 1, NULL, &error);
  g_assert_no_error (error);
  adm_doc_free (doc);

  /* Cycle 3 is open, not resolved. */
  doc = adm_report_build (campaign, ADM_REPORT_MASTER, NULL, 3, battles_dir, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE);
  assert_contains (error->message, "Cycle 3 has not been resolved yet");
  g_clear_error (&error);

  doc = adm_report_build (campaign, ADM_REPORT_ADMIRAL, "radovan", 4, NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE);
  g_clear_error (&error);

  /* Sheets are for the current cycle only. */
  doc = adm_report_build (campaign, ADM_REPORT_SHEETS, "radovan", 1, NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE);
  g_clear_error (&error);

  /* A campaign with nothing resolved has no turn report. */
  fresh = adm_campaign_open (scenario_path, &error);
  g_assert_no_error (error);
  doc = adm_report_build (fresh, ADM_REPORT_MASTER, NULL, 0, NULL, &error);
  g_assert_null (doc);
  g_assert_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_CYCLE);
  g_clear_error (&error);
  /* …but its sheets and cards print. */
  doc = adm_report_build (fresh, ADM_REPORT_SHEETS, "vorkosigan", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (adm_doc_get_header_right (doc), "Cycle 1"));
  adm_doc_free (doc);
}

/* Without a battles folder the reports cover the strategic layer only, and say nothing of a
 * folder: the master reads of battles, not of where the program keeps them. */
static void
test_no_battles (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, ADM_REPORT_MASTER, NULL, 2, NULL, &error);
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  text = adm_doc_to_text (doc);
  assert_lacks (text, "folder", "a missing battles folder");
  assert_lacks (text, "Turn 1 — ", "battle");
  assert_contains (text, "Strategic dice");
}

/* Every formation of a faction is reported to its admirals — Pol's minesweepers,
 * which have no admiral, to Radovan, in his formations and in their engagement; sides named by
 * their own faction; the dice as dice; no file of the program's named. */
static void
test_reports_agree (void)
{
  g_autofree char *radovan = report_text (ADM_REPORT_ADMIRAL, "radovan", 2, NULL);
  g_autofree char *master = report_text (ADM_REPORT_MASTER, NULL, 2, NULL);
  g_autofree char *cards = report_text (ADM_REPORT_CARDS, "radovan", 0, NULL);
  GPtrArray *strategic = adm_state_get_rolls (adm_campaign_get_state (campaign));
  guint checks = 0;

  /* F-FORM-6: the formation with no admiral is his to report on. */
  assert_contains (radovan, "\nPol Minesweeping Division\n\nPosition: Pol orbit\n");
  assert_contains (radovan, "\nPol Minesweeping Division:\n");
  assert_contains (radovan, "\nPol Minesweeping Division: Attack formation (no timed order).\n");
  assert_contains (cards, "\nFormation: Pol Minesweeping Division\n");
  /* Sides named by the formation's own faction, with the ally that leads its side. */
  assert_contains (master, "\nVervani Destroyer Flotilla\tVervain, allied with Cetagandan Empire\t");
  assert_contains (master, "\nDendarii Strike Group\tDendarii Free Mercenary Fleet, allied with "
                           "Aslund\t");
  assert_contains (master, "\nJade Squadron\tCetagandan Empire\t");
  /* Dice as dice: "6 + 5", in the strategic dice and in the readiness checks. */
  for (guint i = 0; i < strategic->len; i++)
    {
      const AdmRollRecord *roll = g_ptr_array_index (strategic, i);
      g_autofree char *dice = NULL;

      if (roll->cycle != 2 || roll->values->len != 2)
        continue;
      dice = g_strdup_printf ("\t2d6\t%u + %u\t", g_array_index (roll->values, guint, 0),
                              g_array_index (roll->values, guint, 1));
      assert_contains (master, dice);
      checks++;
    }
  g_assert_cmpuint (checks, >, 0);
  /* No file names: the battles are read from files, and the report says none of them, not
   * even for the engagement with no battle set up. */
  assert_contains (master, "No battle was set up for the engagement at Hegen Hub.");
  assert_lacks (master, ".xml", "a file name");
  assert_lacks (master, battles_dir, "a folder");

  /* A damaged battle is reported by its place and the line of the problem, not its file. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp ("admiralty-damaged-XXXXXX", &error);
    g_autofree char *game = NULL, *text = NULL;
    g_autoptr(AdmDoc) doc = NULL;

    g_assert_no_error (error);
    game = g_build_filename (dir, LEAK_STEM ".game.xml", NULL);
    g_assert_true (g_file_set_contents (game, "<battle>\n<oops", -1, &error));
    g_assert_no_error (error);
    doc = adm_report_build (campaign, ADM_REPORT_MASTER, NULL, 2, dir, &error);
    g_assert_no_error (error);
    text = adm_doc_to_text (doc);
    assert_contains (text, "The battle at Pol orbit could not be opened: line 2: ");
    assert_lacks (text, ".xml", "a damaged battle's file name");
    assert_lacks (text, dir, "a damaged battle's folder");
    remove_tree (dir);
  }
}

static void
append_cycle (AdmCampaign *komarr,
              guint        cycle)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (cycle);
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_resolve_cycle (komarr, ADM_DICE_SOURCE (dice), T0 + cycle * 2400,
                                             &error));
  g_assert_no_error (error);
}

/* F-STRAT-3: once out of contact, a hidden enemy is in the side's reports as "last seen at
 * PLACE, cycle N (k ships)": Autumn Screen meets the Aslund minelayer in cycle 1, then holds
 * the Hub unseen while the minelayer goes home. Aslund and its Dendarii allies read where it
 * was; Pol, which never met it, reads nothing; the master's report has no "last seen". */
static void
test_last_seen (void)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) komarr = adm_campaign_open (path, &error);
  const AdmFormation *screen;
  g_autofree char *line = NULL;
  const char *admirals[] = { "sundquist", "naismith" };

  g_assert_no_error (error);
  komarr_order (komarr, T0, 1, "ghem-sarlat", "autumn-screen", "patrol", NULL, NULL);
  append_cycle (komarr, 1);
  komarr_order (komarr, T0, 2, "ghem-sarlat", "autumn-screen", "defend", NULL, NULL);
  komarr_order (komarr, T0, 2, "sundquist", "aslund-minelayer", "move", "route",
                "aslund-station");
  append_cycle (komarr, 2);
  screen = adm_strategy_lookup_formation (adm_state_get_strategy (adm_campaign_get_state (komarr)),
                                          "autumn-screen");
  line = g_strdup_printf ("Autumn Screen (Cetagandan Empire): last seen at Hegen Hub, cycle 1 "
                          "(%u ships).", screen->ships->len);
  for (guint a = 0; a < G_N_ELEMENTS (admirals); a++)
    {
      g_autoptr(AdmDoc) now = adm_report_build (komarr, ADM_REPORT_ADMIRAL, admirals[a], 2, NULL,
                                                &error);
      g_autoptr(AdmDoc) then = NULL;
      g_autofree char *text = NULL, *text1 = NULL;

      g_assert_no_error (error);
      text = adm_doc_to_text (now);
      g_test_message ("%s", text);
      assert_contains (text, "\nEnemies out of contact\n");
      assert_contains (text, line);
      /* Cycle 1's report: in contact, no "last seen". */
      then = adm_report_build (komarr, ADM_REPORT_ADMIRAL, admirals[a], 1, NULL, &error);
      g_assert_no_error (error);
      text1 = adm_doc_to_text (then);
      assert_lacks (text1, "last seen", admirals[a]);
    }
  {
    g_autoptr(AdmDoc) pol = adm_report_build (komarr, ADM_REPORT_ADMIRAL, "radovan", 2, NULL,
                                              &error);
    g_autoptr(AdmDoc) master = NULL;
    g_autofree char *text = adm_doc_to_text (pol);
    g_autofree char *master_text = NULL;

    assert_lacks (text, "Autumn Screen", "radovan");
    assert_lacks (text, "last seen", "radovan");
    master = adm_report_build (komarr, ADM_REPORT_MASTER, NULL, 2, NULL, &error);
    g_assert_no_error (error);
    master_text = adm_doc_to_text (master);
    assert_lacks (master_text, "last seen", "master");
  }
}

/* F-STRAT-3 over the Komarr campaign played from its sheets: after every cycle, each side sees
 * a hidden enemy exactly while in contact with it, and knows it otherwise only by the sighting
 * its reports print. In cycle 4 the Komarran Cruiser Division meets the Barrayaran fleet train
 * in Komarr orbit and stays beside it; in cycle 7 (komarr-cycle-7-arozzi.xml) it slips back to
 * the asteroids, and Barrayar's admirals read it as last seen in Komarr orbit, cycle 6. */
static void
test_komarr_knowledge (void)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) played = adm_campaign_open (path, &error);
  AdmScenario *scenario = adm_campaign_get_scenario (played);
  AdmStrategy *now = adm_state_get_strategy (adm_campaign_get_state (played));
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  static const char *hidden[] = { "autumn-screen", "komarran-cruiser-division" };
  const AdmFaction *barrayar = adm_scenario_lookup_admiral (scenario, "vorkosigan")->faction;
  const AdmFormation *division;
  g_autofree char *line = NULL;
  guint live = 0, out_of_contact = 0;

  g_assert_no_error (error);
  for (guint cycle = 1; cycle <= 7; cycle++)
    {
      play_cycle_on (played, cycle);
      for (guint h = 0; h < G_N_ELEMENTS (hidden); h++)
        for (guint f = 0; f < factions->len; f++)
          {
            const AdmFaction *faction = g_ptr_array_index (factions, f);
            const AdmFormation *formation = adm_strategy_lookup_formation (now, hidden[h]);
            gboolean own = adm_scenario_factions_allied (scenario, faction, formation->faction);
            gboolean contact = !own && adm_strategy_in_contact (now, formation, faction);
            g_autoptr(GPtrArray) seen = adm_strategy_last_seen (now, faction);
            gboolean remembered = FALSE;

            for (guint i = 0; i < seen->len; i++)
              remembered |= ((AdmSighting *) g_ptr_array_index (seen, i))->formation == formation;
            g_assert_cmpint (adm_strategy_formation_visible (now, formation, faction), ==,
                             own || contact);
            /* Either seen live or remembered, never both. */
            g_assert_false (contact && remembered);
            g_assert_cmpint (remembered, ==,
                             !own && !contact &&
                             adm_strategy_last_sighting (now, formation, faction, NULL));
            live += contact;
            out_of_contact += remembered;
          }
    }
  g_test_message ("%u live contacts, %u remembered sightings", live, out_of_contact);
  g_assert_cmpuint (live, >, 0);
  g_assert_cmpuint (out_of_contact, >, 0);

  division = adm_strategy_lookup_formation (now, "komarran-cruiser-division");
  g_assert_false (adm_strategy_formation_visible (now, division, barrayar));
  line = g_strdup_printf ("Komarran Cruiser Division (Komarr): last seen at Komarr orbit, "
                          "cycle 6 (%u ships).", division->ships->len);
  for (guint a = 0; a < 2; a++)
    {
      const char *admiral = a == 0 ? "vorkosigan" : "vorlakial";
      g_autoptr(AdmDoc) doc = adm_report_build (played, ADM_REPORT_ADMIRAL, admiral, 7, NULL,
                                                &error);
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = adm_doc_to_text (doc);
      assert_contains (text, line);
      /* Where it went is not his to know. */
      assert_lacks (text, "Komarr asteroid belt", admiral);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  setup_campaign ();

  g_test_add_func ("/engine/report/kinds", test_kinds);
  g_test_add_func ("/engine/report/F-STRAT-1/master", test_master);
  g_test_add_func ("/engine/report/F-CAT/losses", test_losses);
  g_test_add_func ("/engine/report/F-ECM-2/admiral-leak-free", test_admiral_leak_free);
  g_test_add_func ("/engine/report/F-STRAT-3/hidden-formations", test_hidden_formations);
  g_test_add_func ("/engine/report/F-STRAT-3/earlier-cycle", test_history);
  g_test_add_func ("/engine/report/F-SHIP/cards", test_cards);
  g_test_add_func ("/engine/report/F-CRIT-20/card-criticals", test_card_criticals);
  g_test_add_func ("/engine/report/F-STRAT-18/sheets", test_sheets);
  g_test_add_func ("/engine/report/errors", test_errors);
  g_test_add_func ("/engine/report/no-battles", test_no_battles);
  g_test_add_func ("/engine/report/F-FORM-6/reports-agree-with-play", test_reports_agree);
  g_test_add_func ("/engine/report/F-STRAT-3/last-seen", test_last_seen);
  g_test_add_func ("/engine/report/F-STRAT-3/komarr-knowledge", test_komarr_knowledge);

  status = g_test_run ();
  g_clear_object (&campaign);
  remove_tree (battles_dir);
  g_free (battles_dir);
  return status;
}
