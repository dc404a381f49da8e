/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-audience.c: the audience filter (adm-audience.h) on the battle of
 * tests/data/reports/cycle-2-pol-orbit.xml, where the Cetagandans have not detected the Pol
 * Cruiser Squadron nor the Pol Minesweeping Division and see the First Squadron face down
 * (F-ECM-2, F-ECM-4, F-ECM-6): how much of each ship each audience is shown, the
 * "enemy-ship-card" ruling, declared orders, and the report and dice log of three turns played
 * with seed 7 as each side reads them. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"
#include "shipped-helpers.h"

#define SEED 7

static AdmBattle *
load_fixture (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "reports", "cycle-2-pol-orbit.xml", NULL);
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

static guint
side_index (AdmBattle  *battle,
            const char *id)
{
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    if (g_str_equal (adm_battle_get_side (battle, s)->id, id))
      return s;
  g_assert_not_reached ();
}

static AdmShipView
view_of (AdmBattle   *battle,
         AdmAudience  audience,
         const char  *ship)
{
  int index = adm_battle_ship_index (battle, ship);

  g_assert_cmpint (index, >=, 0);
  return adm_audience_ship_view (audience, battle, index);
}

/* F-ECM-2, F-ECM-4, F-ECM-6: undetected ships are hidden, face-down ones show their base,
 * detected enemies are identified, a side's own ships and the master's view are full; the
 * public knows what every side knows. */
static void
test_ship_views (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();
  AdmAudience cetaganda = adm_audience_side (side_index (battle, "cetaganda"));
  AdmAudience pol = adm_audience_side (side_index (battle, "pol"));
  AdmAudience master = adm_audience_master (), public = adm_audience_public ();

  g_assert_cmpint (view_of (battle, cetaganda, "pol-constant"), ==, ADM_SHIP_VIEW_HIDDEN);
  g_assert_cmpint (view_of (battle, cetaganda, "clearway"), ==, ADM_SHIP_VIEW_HIDDEN);
  g_assert_cmpint (view_of (battle, cetaganda, "prince-serg"), ==, ADM_SHIP_VIEW_BASE);
  g_assert_cmpint (view_of (battle, cetaganda, "pol-sentinel"), ==, ADM_SHIP_VIEW_IDENTIFIED);
  g_assert_cmpint (view_of (battle, cetaganda, "jade-pavilion"), ==, ADM_SHIP_VIEW_FULL);
  g_assert_cmpint (view_of (battle, pol, "pol-constant"), ==, ADM_SHIP_VIEW_FULL);
  g_assert_cmpint (view_of (battle, pol, "jade-pavilion"), ==, ADM_SHIP_VIEW_IDENTIFIED);
  g_assert_cmpint (view_of (battle, master, "pol-constant"), ==, ADM_SHIP_VIEW_FULL);
  g_assert_cmpint (view_of (battle, public, "pol-constant"), ==, ADM_SHIP_VIEW_HIDDEN);
  g_assert_cmpint (view_of (battle, public, "prince-serg"), ==, ADM_SHIP_VIEW_BASE);
  g_assert_cmpint (view_of (battle, public, "jade-pavilion"), ==, ADM_SHIP_VIEW_IDENTIFIED);

  /* A side that has seen a token of every other side; the public has too. */
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    {
      g_assert_true (adm_audience_sees_side (cetaganda, battle, s));
      g_assert_true (adm_audience_sees_side (public, battle, s));
    }
}

/* F-ECM-6 under "enemy-ship-card": an identified enemy shows its class card and state, its
 * hull only under "with-hull", never its readiness, shields, criticals or orders; a face-down
 * token nothing but its base. */
static void
test_enemy_ship_card (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();
  g_autoptr(GError) error = NULL;
  AdmAudience cetaganda = adm_audience_side (side_index (battle, "cetaganda"));
  int sentinel = adm_battle_ship_index (battle, "pol-sentinel");
  int serg = adm_battle_ship_index (battle, "prince-serg");
  int jade = adm_battle_ship_index (battle, "jade-pavilion");
  const AdmShipFact hidden_facts[] = { ADM_SHIP_FACT_READINESS, ADM_SHIP_FACT_SHIELDS,
                                       ADM_SHIP_FACT_CRITICALS, ADM_SHIP_FACT_ORDERS };

  g_assert_cmpstr (adm_ruleset_get_ruling_value (adm_battle_get_ruleset (battle),
                                                 "enemy-ship-card"), ==, "class-and-state");
  g_assert_true (adm_audience_ship_shows (cetaganda, battle, sentinel, ADM_SHIP_FACT_NAME));
  g_assert_true (adm_audience_ship_shows (cetaganda, battle, sentinel, ADM_SHIP_FACT_STATE));
  g_assert_false (adm_audience_ship_shows (cetaganda, battle, sentinel, ADM_SHIP_FACT_HULL));
  for (guint f = 0; f < G_N_ELEMENTS (hidden_facts); f++)
    {
      g_assert_false (adm_audience_ship_shows (cetaganda, battle, sentinel, hidden_facts[f]));
      g_assert_true (adm_audience_ship_shows (cetaganda, battle, jade, hidden_facts[f]));
    }
  g_assert_false (adm_audience_ship_shows (cetaganda, battle, serg, ADM_SHIP_FACT_NAME));
  g_assert_false (adm_audience_ship_shows (cetaganda, battle, serg, ADM_SHIP_FACT_STATE));

  g_assert_true (adm_ruleset_set_ruling (adm_battle_get_ruleset (battle), "enemy-ship-card",
                                         "with-hull", &error));
  g_assert_no_error (error);
  g_assert_true (adm_audience_ship_shows (cetaganda, battle, sentinel, ADM_SHIP_FACT_HULL));
  g_assert_false (adm_audience_ship_shows (cetaganda, battle, sentinel,
                                           ADM_SHIP_FACT_READINESS));
  g_assert_false (adm_audience_ship_shows (cetaganda, battle, serg, ADM_SHIP_FACT_HULL));
}

/* F-SEQ-2: a side sees its own declared orders only; the master all; the public none. */
static void
test_orders (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();
  guint cetaganda = side_index (battle, "cetaganda");

  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      gboolean own = adm_battle_get_formation (battle, f)->side == cetaganda;

      g_assert_cmpint (adm_audience_sees_orders (adm_audience_side (cetaganda), battle, f), ==,
                       own);
      g_assert_true (adm_audience_sees_orders (adm_audience_master (), battle, f));
      g_assert_false (adm_audience_sees_orders (adm_audience_public (), battle, f));
    }
}

static void
test_parse (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();
  g_autoptr(GError) error = NULL;
  AdmAudience audience;

  g_assert_true (adm_audience_parse (battle, "public", &audience, NULL));
  g_assert_cmpint (audience.kind, ==, ADM_AUDIENCE_PUBLIC);
  g_assert_true (adm_audience_parse (battle, "master", &audience, NULL));
  g_assert_cmpint (audience.kind, ==, ADM_AUDIENCE_MASTER);
  g_assert_true (adm_audience_parse (battle, "pol", &audience, NULL));
  g_assert_cmpint (audience.kind, ==, ADM_AUDIENCE_SIDE);
  g_assert_cmpuint (audience.side, ==, side_index (battle, "pol"));
  g_assert_true (adm_audience_parse (battle, "Cetagandan Empire", &audience, NULL));
  g_assert_cmpuint (audience.side, ==, side_index (battle, "cetaganda"));
  g_assert_false (adm_audience_parse (battle, "jackson", &audience, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "cetaganda"));
}

/* Nothing in @text of a ship @audience has not identified now: name, id, and class unless
 * it has identified a ship of that class. Detection never goes back, so a ship unidentified
 * now was never identified while the battle was played. */
static void
assert_text_fogged (AdmBattle   *battle,
                    AdmAudience  audience,
                    const char  *text)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      gboolean class_seen = FALSE;

      if (adm_audience_detection (audience, battle, ship->formation) == ADM_DETECTION_FULL)
        continue;
      for (guint j = 0; j < adm_battle_get_n_ships (battle); j++)
        class_seen |= adm_battle_get_ship (battle, j)->klass == ship->klass &&
                      adm_audience_detection (audience, battle,
                                              adm_battle_get_ship (battle, j)->formation) ==
                        ADM_DETECTION_FULL;
      if (strstr (text, ship->name) != NULL || strstr (text, ship->id) != NULL ||
          (!class_seen && strstr (text, ship->klass->name) != NULL))
        g_error ("“%s” tells of %s, unidentified", text, ship->id);
    }
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    if (adm_audience_detection (audience, battle, f) != ADM_DETECTION_FULL &&
        strstr (text, adm_battle_get_formation (battle, f)->name) != NULL)
      g_error ("“%s” names %s, unidentified", text, adm_battle_get_formation (battle, f)->id);
}

/* Three turns with seed 7 and no orders: each side's report and dice log name nothing it has
 * not identified; a failed detection roll and its line are the master's alone (F-ECM-5); the
 * master reads everything; the public reads what every side reads. */
static void
test_report_and_rolls (void)
{
  g_autoptr(AdmBattle) battle = load_fixture ();
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED);
  g_autoptr(GError) error = NULL;
  GPtrArray *report, *rolls;
  guint failed_detections = 0, hidden_lines = 0;

  for (int turn = 1; turn <= 3; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  report = adm_battle_get_report (battle);
  rolls = adm_battle_get_rolls (battle);
  g_assert_cmpuint (report->len, >, 0);
  g_assert_cmpuint (rolls->len, >, 0);

  {
    g_autoptr(GPtrArray) all = adm_audience_filter_report (adm_audience_master (), battle);
    g_autoptr(GPtrArray) all_rolls = adm_audience_filter_rolls (adm_audience_master (), battle);

    g_assert_cmpuint (all->len, ==, report->len);
    g_assert_cmpuint (all_rolls->len, ==, rolls->len);
  }

  for (guint i = 0; i < report->len; i++)
    {
      const AdmReportLine *line = g_ptr_array_index (report, i);
      gboolean everyone = TRUE;

      for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
        {
          AdmAudience side = adm_audience_side (s);

          if (adm_audience_sees_line (side, battle, line))
            assert_text_fogged (battle, side, adm_report_line_get_text (line));
          else
            everyone = FALSE;
        }
      hidden_lines += !everyone;
      g_assert_cmpint (adm_audience_sees_line (adm_audience_public (), battle, line), ==,
                       everyone);
      if (strstr (adm_report_line_get_text (line), "not detected") != NULL)
        {
          failed_detections++;
          g_assert_cmphex (line->seen_by, ==, 0);
        }
    }
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);

      for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
        if (adm_audience_sees_roll (adm_audience_side (s), battle, roll))
          assert_text_fogged (battle, adm_audience_side (s), adm_battle_roll_get_purpose (roll));
    }
  g_test_message ("%u failed detections, %u lines not read by every side", failed_detections,
                  hidden_lines);
  /* The Cetagandans fail to find at least one Polian formation in three turns with this
   * seed: the case the filter is for. */
  g_assert_cmpuint (failed_detections, >=, 1);
  g_assert_cmpuint (hidden_lines, >=, failed_detections);
}

/* A line is judged by the subjects it is about, not by the names inside their names: with the
 * Pol Sentinel renamed "Pol Constant 2", the Cetagandans, who have identified the Pol Escort
 * Group but not the Pol Cruiser Squadron, read a line about the Pol Constant 2 and not one
 * about the Pol Constant (F-ECM-5, F-ECM-6). */
static void
test_name_inside_name (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "reports",
                                                 "cycle-2-pol-orbit.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *renamed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  guint cetaganda, sentinel, constant;
  guint32 subject;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "name=\"Pol Sentinel\""));
  {
    g_auto(GStrv) parts = g_strsplit (text, "name=\"Pol Sentinel\"", -1);

    renamed = g_strjoinv ("name=\"Pol Constant 2\"", parts);
  }
  battle = adm_battle_load_memory (renamed, strlen (renamed), "renamed.xml", &error);
  g_assert_no_error (error);
  cetaganda = side_index (battle, "cetaganda");
  sentinel = adm_battle_ship_index (battle, "pol-sentinel");
  constant = adm_battle_ship_index (battle, "pol-constant");
  g_assert_cmpint (adm_audience_detection (adm_audience_side (cetaganda), battle,
                                           adm_battle_get_ship (battle, sentinel)->formation),
                   ==, ADM_DETECTION_FULL);
  g_assert_cmpint (adm_audience_detection (adm_audience_side (cetaganda), battle,
                                           adm_battle_get_ship (battle, constant)->formation),
                   ==, ADM_DETECTION_NONE);

  subject = ADM_SUBJECT_SHIP_OF (sentinel);
  g_assert_true (adm_audience_subjects_seen_by (battle, &subject, 1) & (1u << cetaganda));
  subject = ADM_SUBJECT_SHIP_OF (constant);
  g_assert_false (adm_audience_subjects_seen_by (battle, &subject, 1) & (1u << cetaganda));
}

/* Plays @name (scenarios/battles) for @turns turns with its orders and seed 7, under
 * "enemy-ship-card" @ruling. */
static AdmBattle *
play_shipped (const char *name,
              int         turns,
              const char *ruling)
{
  g_autofree char *file = g_strdup_printf ("%s.xml", name);
  g_autofree char *orders_file = g_strdup_printf ("%s.orders.xml", name);
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "battles", file, NULL);
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"),
                                                   "scenarios", "battles", orders_file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (orders_path, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (SEED);
  AdmBattle *battle = adm_battle_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_true (adm_ruleset_set_ruling (adm_battle_get_ruleset (battle), "enemy-ship-card",
                                         ruling, &error));
  g_assert_no_error (error);
  for (int turn = 1; turn <= turns; turn++)
    {
      const AdmTurnOrders *these = NULL;

      for (guint i = 0; i < orders->turns->len; i++)
        if (((const AdmTurnOrders *) g_ptr_array_index (orders->turns, i))->turn == turn)
          these = g_ptr_array_index (orders->turns, i);
      g_assert_true (adm_battle_resolve_turn (battle, these, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  return battle;
}

/* "enemy-ship-card": a line telling a ship's hull points left is its own side's under
 * "class-and-state", and also the enemy's that identified it under "with-hull"; a critical
 * result stays with the ship's side under both. Two turns of the destructor knife fight, whose
 * orders make both sides fire. */
static void
test_report_hull_lines (void)
{
  const char *rulings[] = { "class-and-state", "with-hull" };
  guint damage_lines[2] = { 0, 0 }, critical_lines = 0;

  for (guint r = 0; r < G_N_ELEMENTS (rulings); r++)
    {
      g_autoptr(AdmBattle) battle = play_shipped ("destructor-knife-fight", 2, rulings[r]);
      GPtrArray *report = adm_battle_get_report (battle);

      for (guint i = 0; i < report->len; i++)
        {
          const AdmReportLine *line = g_ptr_array_index (report, i);
          const char *text = adm_report_line_get_text (line);
          gboolean hull = strstr (text, "hull points left") != NULL;
          gboolean critical = g_str_has_prefix (text, "Critical damage on ");
          int owner = -1;

          if (!hull && !critical)
            continue;
          for (guint n = 0; n < adm_battle_get_n_ships (battle); n++)
            if (g_str_has_prefix (text + (critical ? strlen ("Critical damage on ") : 0),
                                  adm_battle_get_ship (battle, n)->name))
              owner = adm_battle_get_ship (battle, n)->side;
          g_assert_cmpint (owner, >=, 0);
          damage_lines[r] += hull;
          critical_lines += critical;
          for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
            {
              gboolean sees = adm_audience_sees_line (adm_audience_side (s), battle, line);

              if (s == (guint) owner)
                g_assert_true (sees);
              else if (critical || r == 0)
                g_assert_false (sees);
              else
                /* Everyone sees everyone in this battle: the hull is told. */
                g_assert_true (sees);
            }
          g_assert_false (adm_audience_sees_line (adm_audience_public (), battle, line) &&
                          (critical || r == 0));
        }
    }
  g_test_message ("%u and %u damage lines, %u critical lines", damage_lines[0], damage_lines[1],
                  critical_lines);
  g_assert_cmpuint (damage_lines[0], >, 0);
  g_assert_cmpuint (damage_lines[1], >, 0);
}

/* F-STRAT-3, ruling "station-news" */

#define NEWS_T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* The bundled Komarr campaign, loaded with the shipped rules or, with @option, with a copy of
 * them whose ruling "station-news" defaults to @option; cycle 1 played from its sheets (the
 * Jade Squadron of Cetaganda fights the Pol squadrons at Pol orbit), then the master records
 * Pol Six taken by Barrayar. */
static AdmCampaign *
pol_six_taken (const char *option)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "scenarios",
                                                 "komarr-campaign.admiralty", NULL);
  g_autofree char *rules_path = NULL;
  char *dir = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  AdmCorrection taken = { .kind = ADM_CORRECTION_STATION, .sector = "pol-orbit",
                          .station = "Pol Six", .owner = "barrayar",
                          .reason = "Boarded in the night" };
  AdmCampaign *campaign;

  if (option != NULL)
    {
      g_autofree char *to = g_strdup_printf ("id=\"station-news\" clause=\"F-STRAT-3\" "
                                             "default=\"%s\"", option);

      dir = changed_rules_new (NULL, "ruleset", NULL,
                               "id=\"station-news\" clause=\"F-STRAT-3\" "
                               "default=\"holders-and-contact\"", to);
      rules_path = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
      g_setenv ("ADMIRALTY_RULES_PATH", dir, TRUE);
    }
  scenario = adm_scenario_load_file (path, &error);
  if (dir != NULL)
    {
      g_setenv ("ADMIRALTY_RULES_PATH", rules_path, TRUE);
      changed_rules_remove (dir);
    }
  g_assert_no_error (error);
  campaign = adm_campaign_new (scenario, 1);
  komarr_play_cycle (campaign, 1, NEWS_T0);
  g_assert_true (adm_correction_record (campaign, &taken, NEWS_T0 + 2400 + 60, &error));
  g_assert_no_error (error);
  return campaign;
}

/* Whether the admirals of faction @id are told of @campaign's last correction of a place. */
static gboolean
told (AdmCampaign *campaign,
      const char  *id)
{
  AdmState *state = adm_campaign_get_state (campaign);
  GPtrArray *places = adm_state_get_places (state);
  const AdmFaction *faction =
    adm_ruleset_lookup_faction (adm_scenario_get_ruleset (adm_campaign_get_scenario (campaign)),
                                id);

  g_assert_nonnull (faction);
  return adm_audience_told_of_place (state, g_ptr_array_index (places, places->len - 1),
                                     faction);
}

/* F-STRAT-3 «Отдельные подробности сообщаются адмиралам персонально», F-STRAT-1, F-STRAT-7:
 * Pol Six taken by Barrayar is told to the sides that held and hold it — a faction and its
 * allies, one side (Pol has none) — and to the sides in contact with it: Cetaganda fought at
 * Pol orbit in cycle 1, and Vervain, its ally, with it. Komarr, Aslund and the Dendarii, far
 * from it, are not told. With a copy of the season reading "holders-only", the rule follows:
 * the two factions alone, as Admiralty told it before the ruling. The master is told. */
static void
test_station_news (void)
{
  g_autoptr(AdmCampaign) campaign = pol_six_taken (NULL);
  g_autoptr(AdmCampaign) holders = pol_six_taken ("holders-only");
  AdmState *state = adm_campaign_get_state (campaign);
  GPtrArray *places = adm_state_get_places (state);

  g_assert_cmpuint (places->len, ==, 1);
  g_assert_true (adm_audience_told_of_place (state, g_ptr_array_index (places, 0), NULL));
  for (const char *const *id = (const char *const[]) { "pol", "barrayar", "cetaganda",
                                                       "vervain", NULL };
       *id != NULL; id++)
    {
      g_test_message ("told: %s", *id);
      g_assert_true (told (campaign, *id));
    }
  for (const char *const *id = (const char *const[]) { "komarr", "aslund", "dendarii", NULL };
       *id != NULL; id++)
    {
      g_test_message ("not told: %s", *id);
      g_assert_false (told (campaign, *id));
    }

  g_assert_true (told (holders, "pol"));
  g_assert_true (told (holders, "barrayar"));
  for (const char *const *id = (const char *const[]) { "cetaganda", "vervain", "komarr",
                                                       "aslund", "dendarii", NULL };
       *id != NULL; id++)
    g_assert_false (told (holders, *id));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/audience/F-ECM-4/ship-views", test_ship_views);
  g_test_add_func ("/engine/audience/F-STRAT-3/station-news", test_station_news);
  g_test_add_func ("/engine/audience/F-ECM-6/enemy-ship-card", test_enemy_ship_card);
  g_test_add_func ("/engine/audience/F-SEQ-2/orders", test_orders);
  g_test_add_func ("/engine/audience/parse", test_parse);
  g_test_add_func ("/engine/audience/F-ECM-5/report-and-rolls", test_report_and_rolls);
  g_test_add_func ("/engine/audience/F-ECM-6/report-hull-lines", test_report_hull_lines);
  g_test_add_func ("/engine/audience/F-ECM-6/name-inside-name", test_name_inside_name);
  return g_test_run ();
}
