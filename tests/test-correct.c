/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-correct.c: the master's corrections (adm-correction.h) on the bundled Komarr campaign:
 *  - each kind journaled as one action with its reason, changing the state as it says: a
 *    repair and refit (ruling "strategic-repair"), damage and readiness by fiat (F-RDY-1), a
 *    formation moved (its orders lapsing, F-STRAT-5), a ship removed (F-FORM-5 succession), a
 *    ship handed to another formation and a formation to another admiral;
 *  - undo and redo take each back and forth, the state byte for byte as before;
 *  - refusals that change nothing: an unknown ship, sector or formation, a repair above full
 *    hull, readiness 99, a 7th ship and a mix of categories (F-FORM-8), a missing reason and
 *    one of 100,000 characters;
 *  - reinforcements: ships of the season's classes joining a formation, and a formation of
 *    them in a sector, in being at once or arriving at a minute of the cycle being ordered,
 *    when they take part in its movement and engagements (F-STRAT-4); a 7th ship, an unknown
 *    class, readiness 99, hidden and revealed at once, another cycle are refused;
 *  - an admiral leaving the game, his formations handed to another of his side (F-FORM-6) or
 *    left to their standing orders (F-STRAT-5), he giving no more orders;
 *  - an admiral joining the game with a formation of his, giving its orders and given
 *    formations as the scenario's admirals are; a duplicate id or name and an unknown faction
 *    refused, and nothing of him told to the other sides (F-STRAT-3);
 *  - a station captured, damaged or destroyed stays so in every later battle in its sector
 *    (F-STN-1);
 *  - the leak test (F-STRAT-3): corrections to the hidden Autumn Screen and a hidden formation
 *    of reinforcements are told in their admiral's report and the master's, and every other
 *    admiral's report, fleet cards, order of battle and order sheets, and the public report,
 *    are the same as without them. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static char *
dump (AdmCampaign *campaign)
{
  return adm_state_dump (adm_campaign_get_state (campaign));
}

static AdmShipState *
ship_state (AdmCampaign *campaign,
            const char  *id)
{
  AdmShipState *ship = adm_state_get_ship (adm_campaign_get_state (campaign), id);

  g_assert_nonnull (ship);
  return ship;
}

/* @correction recorded; asserts it is taken, as one action more. */
static void
record (AdmCampaign         *campaign,
        const AdmCorrection *correction)
{
  g_autoptr(GError) error = NULL;
  guint before = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

  g_assert_true (adm_correction_record (campaign, correction, T0 + 100, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==,
                    before + 1);
}

/* @correction refused with @message in its error, the state and journal as they were. */
static void
refuse (AdmCampaign         *campaign,
        const AdmCorrection *correction,
        const char          *message)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = dump (campaign);
  g_autofree char *after = NULL;
  guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

  g_assert_false (adm_correction_record (campaign, correction, T0 + 100, &error));
  g_assert_error (error, ADM_STATE_ERROR, error->code);
  g_test_message ("refused: %s", error->message);
  g_assert_nonnull (strstr (error->message, message));
  after = dump (campaign);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==,
                    entries);
}

/* Undo and redo of the last action: the state before it, then after it, byte for byte. */
static void
undo_redo (AdmCampaign *campaign,
           const char  *before)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *after = dump (campaign);
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  undone = dump (campaign);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  redone = dump (campaign);
  g_assert_cmpstr (redone, ==, after);
}

/* Ruling "strategic-repair": damage by fiat, then a refit at a station: hull whole, criticals
 * none, readiness set; each one action with its reason, undone and redone exactly. */
static void
test_repair (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  g_autofree char *damaged = NULL;
  AdmCorrection damage = { .kind = ADM_CORRECTION_DAMAGE, .ship = "prince-serg", .points = "5",
                           .reason = "Sabotage in the dockyard" };
  AdmCorrection repair = { .kind = ADM_CORRECTION_REPAIR, .ship = "prince-serg", .hull = "14",
                           .criticals = "none", .readiness = "11",
                           .reason = "Refit at Komarr station" };
  g_autofree char *what = NULL;

  record (campaign, &damage);
  g_assert_cmpint (ship_state (campaign, "prince-serg")->damage, ==, 5);
  what = adm_campaign_describe_undo (campaign);
  g_assert_cmpstr (what, ==, "Damage to Prince Serg");
  undo_redo (campaign, start);
  damaged = dump (campaign);

  record (campaign, &repair);
  g_assert_cmpint (ship_state (campaign, "prince-serg")->damage, ==, 0);
  g_assert_cmpint (ship_state (campaign, "prince-serg")->readiness, ==, 11);
  g_assert_cmpuint (adm_state_get_repairs (adm_campaign_get_state (campaign))->len, ==, 1);
  g_assert_cmpstr (((AdmRepairRecord *) g_ptr_array_index (
                      adm_state_get_repairs (adm_campaign_get_state (campaign)), 0))->reason,
                   ==, "Refit at Komarr station");
  undo_redo (campaign, damaged);
}

/* F-RDY-1: readiness set by fiat, 0 to 12; 99 is refused, nothing changed. */
static void
test_readiness (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  AdmCorrection set = { .kind = ADM_CORRECTION_READINESS, .ship = "kestrel", .readiness = "4",
                        .reason = "Half the crew down with fever" };
  AdmCorrection too_high = set;
  AdmCorrection repair_high = { .kind = ADM_CORRECTION_REPAIR, .ship = "kestrel",
                                .readiness = "99", .reason = "Elite crew" };

  record (campaign, &set);
  g_assert_cmpint (ship_state (campaign, "kestrel")->readiness, ==, 4);
  undo_redo (campaign, start);
  too_high.readiness = "99";
  refuse (campaign, &too_high, "would be 99");
  refuse (campaign, &repair_high, "from 0 to 12");
}

/* F-STRAT-5: a formation moved by fiat is in its new sector at once; the orders it was
 * carrying out lapse. */
static void
test_move (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = NULL;
  AdmCorrection move = { .kind = ADM_CORRECTION_MOVE, .formation = "jade-squadron",
                         .sector = "sergyar-approach", .reason = "The story sent it" };
  AdmCorrection nowhere = move;
  AdmCorrection unknown = move;
  const AdmFormationPosition *position;

  komarr_order (campaign, T0, 1, "ghem-sarlat", "jade-squadron", "patrol", NULL, NULL);
  start = dump (campaign);
  record (campaign, &move);
  position = adm_strategy_get_position (strategy_of (campaign), "jade-squadron");
  g_assert_cmpstr (position->sector->id, ==, "sergyar-approach");
  g_assert_null (position->towards);
  undo_redo (campaign, start);
  nowhere.sector = "andromeda";
  refuse (campaign, &nowhere, "no sector “andromeda”");
  unknown.formation = "ghost-fleet";
  refuse (campaign, &unknown, "unknown formation “ghost-fleet”");
  refuse (campaign, &move, "in Sergyar");
}

/* F-FORM-5: the flagship sold, the next of the succession (or the first ship left) takes
 * over; the ship is out of the campaign and cannot be removed twice. */
static void
test_remove_ship (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  AdmCorrection remove = { .kind = ADM_CORRECTION_REMOVE_SHIP, .ship = "autumn-bell",
                           .reason = "Scuttled to keep her secrets" };
  AdmCorrection ghost = remove;
  const AdmFormation *screen;

  record (campaign, &remove);
  g_assert_cmpint (ship_state (campaign, "autumn-bell")->fate, ==, ADM_SHIP_FATE_REMOVED);
  screen = adm_strategy_lookup_formation (strategy_of (campaign), "autumn-screen");
  g_assert_cmpuint (screen->ships->len, ==, 3);
  g_assert_cmpstr (screen->flagship->id, !=, "autumn-bell");
  undo_redo (campaign, start);
  refuse (campaign, &remove, "no longer in the campaign");
  ghost.ship = "flying-dutchman";
  refuse (campaign, &ghost, "unknown ship “flying-dutchman”");
}

/* F-FORM-8 with the season's ruling: a ship handed to another formation of its side; a 7th
 * ship and a frigate among capital ships are refused, naming the clause; a formation handed
 * to another admiral of its side. */
static void
test_hand_over (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  AdmCorrection pavilion = { .kind = ADM_CORRECTION_HAND_OVER, .ship = "jade-pavilion",
                             .formation = "first-celestial-squadron",
                             .reason = "Sent to the Celestial Squadron" };
  AdmCorrection garden = pavilion;
  AdmCorrection frigate = pavilion;
  AdmCorrection enemy = pavilion;
  AdmCorrection admiral = { .kind = ADM_CORRECTION_HAND_OVER, .formation = "autumn-screen",
                            .admiral = "ghem-estif", .reason = "Sarlat went home" };
  const AdmFormation *squadron;

  record (campaign, &pavilion);
  squadron = adm_strategy_lookup_formation (strategy_of (campaign), "first-celestial-squadron");
  g_assert_cmpuint (squadron->ships->len, ==, 6);
  undo_redo (campaign, start);
  garden.ship = "star-garden";
  refuse (campaign, &garden, "F-FORM-8");
  frigate.ship = "autumn-bell";
  frigate.formation = "jade-squadron";
  refuse (campaign, &frigate, "F-FORM-8");
  enemy.ship = "kestrel";
  refuse (campaign, &enemy, "own side");

  record (campaign, &admiral);
  g_assert_cmpstr (adm_strategy_lookup_formation (strategy_of (campaign),
                                                  "autumn-screen")->admiral->id,
                   ==, "ghem-estif");
}

/* Every correction says why, within ADM_STATE_REASON_MAX characters: none, blank, or a pasted
 * 100,000 characters are refused, nothing written. */
static void
test_reason (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *book = g_strnfill (100000, 'a');
  g_autofree char *bound = g_strnfill (ADM_STATE_REASON_MAX, 'b');
  AdmCorrection none = { .kind = ADM_CORRECTION_REMOVE_SHIP, .ship = "gull" };
  AdmCorrection blank = none;
  AdmCorrection long_one = none;
  AdmCorrection just = none;
  AdmCorrection repair = { .kind = ADM_CORRECTION_REPAIR, .ship = "prince-serg",
                           .readiness = "9", .reason = book };

  refuse (campaign, &none, "reason");
  blank.reason = "   ";
  refuse (campaign, &blank, "reason");
  long_one.reason = book;
  refuse (campaign, &long_one, "longer than 2000 characters");
  refuse (campaign, &repair, "longer than 2000 characters");
  just.reason = bound;
  record (campaign, &just);
}

/* Reinforcements joining a formation in being: ships of the season's classes, F-FORM-8 with
 * the season's ruling; undone and redone exactly. */
static void
test_add_ship (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  AdmCorrection add = { .kind = ADM_CORRECTION_ADD_SHIP, .formation = "first-destroyer-flotilla",
                        .new_ships = (const char *[]) { "Merlin:vorpatril:8", NULL },
                        .reason = "Out of the Komarr yards" };
  AdmCorrection seventh = add;
  AdmCorrection unknown = add;
  AdmCorrection keen = add;
  AdmCorrection capital = add;
  const AdmFormation *flotilla;
  AdmShipState *osprey;

  record (campaign, &add);
  flotilla = adm_strategy_lookup_formation (strategy_of (campaign), "first-destroyer-flotilla");
  g_assert_cmpuint (flotilla->ships->len, ==, 6);
  osprey = ship_state (campaign, "merlin");
  g_assert_cmpstr (osprey->ship->klass->id, ==, "vorpatril");
  g_assert_cmpint (osprey->readiness, ==, 8);
  g_assert_cmpstr (osprey->faction->id, ==, "barrayar");
  {
    g_autofree char *what = adm_campaign_describe_undo (campaign);

    g_assert_cmpstr (what, ==, "Reinforcements for First Destroyer Flotilla");
  }
  undo_redo (campaign, start);

  seventh.new_ships = (const char *[]) { "Heron:vorpatril:8", NULL };
  refuse (campaign, &seventh, "is ship 7 of");
  unknown.new_ships = (const char *[]) { "Heron:rowing-boat:8", NULL };
  refuse (campaign, &unknown, "unknown class “rowing-boat”");
  keen.formation = "jade-squadron";
  keen.new_ships = (const char *[]) { "Heron:haut-pavilion:99", NULL };
  refuse (campaign, &keen, "from 0 to 12");
  capital.formation = "autumn-screen";
  capital.new_ships = (const char *[]) { "Heron:haut-pavilion:8", NULL };
  refuse (campaign, &capital, "F-FORM-8");
}

/* F-STRAT-4: a hidden Cetagandan formation of reinforcements arriving at minute 20 of cycle 1
 * in the Komarr asteroid belt, where the Komarran Cruiser Division lies, meets it there at
 * minute 20 as any formation arriving does; the first ship is the flagship (F-FORM-4). */
static void
test_add_formation (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  AdmCorrection add = { .kind = ADM_CORRECTION_ADD_FORMATION, .admiral = "ghem-sarlat",
                        .sector = "komarr-asteroid-belt", .name = "Moonlit Shadow",
                        .hidden = TRUE, .cycle = "1", .minute = "20",
                        .new_ships = (const char *[]) { "Pale Moth:frigate:8",
                                                        "Dusk Fan:Frigate:6", NULL },
                        .reason = "A convoy the players were promised" };
  AdmCorrection both = add;
  AdmCorrection later = add;
  AdmCorrection late_minute = add;
  AdmCorrection nowhere = add;
  const AdmFormation *shadow;
  g_autoptr(GPtrArray) engagements = NULL;
  gboolean met = FALSE;

  record (campaign, &add);
  shadow = adm_strategy_lookup_formation (strategy_of (campaign), "moonlit-shadow");
  g_assert_nonnull (shadow);
  g_assert_cmpuint (shadow->ships->len, ==, 2);
  g_assert_cmpstr (shadow->flagship->id, ==, "pale-moth");
  g_assert_cmpstr (shadow->faction->id, ==, "cetaganda");
  g_assert_true (shadow->hidden);
  g_assert_false (adm_strategy_formation_visible (strategy_of (campaign), shadow, NULL));
  undo_redo (campaign, start);

  both.revealed = TRUE;
  refuse (campaign, &both, "both hidden and revealed");
  later.cycle = "3";
  refuse (campaign, &later, "cycle being ordered");
  late_minute.minute = "40";
  refuse (campaign, &late_minute, "0 to 39");
  nowhere.sector = "andromeda";
  refuse (campaign, &nowhere, "no sector “andromeda”");

  komarr_end_cycle (campaign, T0);
  engagements = adm_strategy_get_engagements (strategy_of (campaign), 1);
  for (guint i = 0; i < engagements->len; i++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (engagements, i);

      if (engagement->sector == NULL || !g_str_equal (engagement->sector->id,
                                                      "komarr-asteroid-belt"))
        continue;
      g_assert_cmpfloat (engagement->minute, ==, 20);
      g_assert_cmpuint (engagement->formations->len, ==, 2);
      met = TRUE;
    }
  g_assert_true (met);

  /* Its battle is set up with the new ships, as any formation's. */
  {
    g_autoptr(GPtrArray) queue = adm_engagement_queue_new (adm_campaign_get_state (campaign), 1);
    gboolean fought = FALSE;

    for (guint i = 0; i < queue->len; i++)
      {
        const AdmQueuedEngagement *queued = g_ptr_array_index (queue, i);
        g_autoptr(AdmBattle) battle = NULL;
        gboolean moth = FALSE;

        if (queued->engagement.sector == NULL ||
            !g_str_equal (queued->engagement.sector->id, "komarr-asteroid-belt"))
          continue;
        battle = engagement_battle (campaign, queued->id);
        for (guint s = 0; s < adm_battle_get_n_ships (battle); s++)
          moth = moth || g_str_equal (adm_battle_get_ship (battle, s)->id, "pale-moth");
        g_assert_true (moth);
        fought = TRUE;
      }
    g_assert_true (fought);
  }
}

static char *
text_of (AdmCampaign   *campaign,
         AdmReportKind  kind,
         const char    *admiral)
{
  g_autoptr(GError) error = NULL;
  /* Order sheets are for the cycle being ordered; the rest tell of cycle 1. */
  guint cycle = kind == ADM_REPORT_SHEETS ? 2 : 1;
  g_autoptr(AdmDoc) doc = adm_report_build (campaign, kind, admiral, cycle, NULL, &error);

  g_assert_no_error (error);
  return adm_doc_to_text (doc);
}

/* F-FORM-6, F-STRAT-5: Sarlat leaves the game and hands his formations to Estif, who gives
 * their orders from then on, and Sarlat none; Vorlakial leaves with no successor and his
 * formations carry out their standing orders. Retiring twice, or handing over to an enemy,
 * to himself or to one who left, is refused. */
static void
test_retire_admiral (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  g_autoptr(GError) error = NULL;
  AdmCorrection sarlat = { .kind = ADM_CORRECTION_RETIRE_ADMIRAL, .admiral = "ghem-sarlat",
                           .successor = "ghem-estif", .reason = "His player went home" };
  AdmCorrection vorlakial = { .kind = ADM_CORRECTION_RETIRE_ADMIRAL, .admiral = "vorlakial",
                              .reason = "Called away to Barrayar" };
  AdmCorrection enemy = { .kind = ADM_CORRECTION_RETIRE_ADMIRAL, .admiral = "vorkosigan",
                          .successor = "radovan", .reason = "x" };
  AdmCorrection himself = enemy;
  AdmCorrection to_gone = enemy;
  AdmCorrection give = { .kind = ADM_CORRECTION_HAND_OVER, .formation = "first-destroyer-flotilla",
                         .admiral = "vorlakial", .reason = "x" };

  record (campaign, &sarlat);
  g_assert_cmpstr (adm_strategy_lookup_formation (strategy_of (campaign),
                                                  "jade-squadron")->admiral->id, ==,
                   "ghem-estif");
  g_assert_cmpstr (adm_strategy_lookup_formation (strategy_of (campaign),
                                                  "autumn-screen")->admiral->id, ==,
                   "ghem-estif");
  {
    g_autofree char *what = adm_campaign_describe_undo (campaign);

    g_assert_cmpstr (what, ==, "ghem-Adm. Dir Sarlat leaves the game");
  }
  undo_redo (campaign, start);
  g_assert_false (campaign_order (campaign, T0 + 60, 1, "ghem-sarlat", "jade-squadron",
                                  "patrol", NULL, NULL, &error));
  g_assert_nonnull (strstr (error->message, "has left the game"));
  g_clear_error (&error);
  g_assert_true (campaign_order (campaign, T0 + 60, 1, "ghem-estif", "jade-squadron", "patrol",
                                 NULL, NULL, &error));
  g_assert_no_error (error);
  refuse (campaign, &sarlat, "has left the game");

  record (campaign, &vorlakial);
  g_assert_cmpstr (adm_strategy_lookup_formation (strategy_of (campaign),
                                                  "second-squadron-home-fleet")->admiral->id,
                   ==, "vorlakial");
  g_assert_false (campaign_order (campaign, T0 + 60, 1, "vorlakial",
                                  "second-squadron-home-fleet", "patrol", NULL, NULL, &error));
  g_clear_error (&error);
  refuse (campaign, &give, "has left the game");
  refuse (campaign, &enemy, "own side");
  himself.successor = "vorkosigan";
  refuse (campaign, &himself, "to himself");
  to_gone.successor = "vorlakial";
  refuse (campaign, &to_gone, "has left the game");
}

static const char *const degtiar_ships[] = { "Star Creche:frigate:9", "Night Orchid:frigate:7",
                                             NULL };

/* F-FORM-6, F-STRAT-3: an admiral of Cetaganda joins the game with a hidden formation of
 * his; he gives its orders and is given formations of his side as any admiral is. A second
 * admiral with his id or his name, one of a faction the campaign lacks, and a formation he
 * brings breaking F-FORM-8 are refused whole: no admiral joins. */
static void
test_add_admiral (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  g_autoptr(GError) error = NULL;
  AdmCorrection degtiar = { .kind = ADM_CORRECTION_ADD_ADMIRAL, .admiral = "degtiar",
                            .name = "ghem-Adm. Rian Degtiar", .faction = "cetaganda",
                            .formation_name = "Star Creche Escort", .sector = "sergyar-approach",
                            .hidden = TRUE, .new_ships = degtiar_ships,
                            .reason = "A new player arrived at nine" };
  AdmCorrection same_id = { .kind = ADM_CORRECTION_ADD_ADMIRAL, .admiral = "vorkosigan",
                            .name = "Adm. Someone Else", .faction = "barrayar", .reason = "x" };
  AdmCorrection same_name = { .kind = ADM_CORRECTION_ADD_ADMIRAL, .admiral = "degtiar-2",
                              .name = "GHEM-ADM. RIAN DEGTIAR", .faction = "cetaganda",
                              .reason = "x" };
  AdmCorrection no_faction = { .kind = ADM_CORRECTION_ADD_ADMIRAL, .admiral = "tau",
                               .name = "Adm. Tau", .faction = "tau-ceti", .reason = "x" };
  AdmCorrection seven = { .kind = ADM_CORRECTION_ADD_ADMIRAL, .admiral = "seven",
                          .name = "ghem-Adm. Seven", .faction = "cetaganda",
                          .formation_name = "Too Many", .sector = "sergyar-approach",
                          .new_ships = (const char *[]) { "A:frigate:7", "B:frigate:7",
                                                          "C:frigate:7", "D:frigate:7",
                                                          "E:frigate:7", "F:frigate:7",
                                                          "G:frigate:7", NULL },
                          .reason = "x" };
  AdmCorrection shipless = { .kind = ADM_CORRECTION_ADD_ADMIRAL, .admiral = "shipless",
                             .name = "ghem-Adm. Shipless", .faction = "cetaganda",
                             .sector = "sergyar-approach", .reason = "x" };
  AdmCorrection give = { .kind = ADM_CORRECTION_HAND_OVER, .formation = "jade-squadron",
                         .admiral = "degtiar", .reason = "He takes the Jade Squadron" };
  const AdmAdmiral *admiral;
  const AdmFormation *escort;

  refuse (campaign, &same_id, "already");
  refuse (campaign, &no_faction, "no faction “tau-ceti”");
  refuse (campaign, &seven, "F-FORM-8");
  refuse (campaign, &shipless, "needs its ships");
  g_assert_null (adm_campaign_lookup_admiral (campaign, "seven"));

  record (campaign, &degtiar);
  admiral = adm_campaign_lookup_admiral (campaign, "degtiar");
  g_assert_nonnull (admiral);
  g_assert_cmpstr (admiral->name, ==, "ghem-Adm. Rian Degtiar");
  g_assert_cmpstr (admiral->faction->id, ==, "cetaganda");
  g_assert_true (g_ptr_array_find (adm_campaign_get_admirals (campaign), admiral, NULL));
  g_assert_null (adm_scenario_lookup_admiral (adm_campaign_get_scenario (campaign), "degtiar"));
  escort = adm_strategy_lookup_formation (strategy_of (campaign), "star-creche-escort");
  g_assert_nonnull (escort);
  g_assert_true (escort->admiral == admiral);
  g_assert_true (escort->hidden);
  g_assert_cmpuint (escort->ships->len, ==, 2);
  {
    g_autofree char *what = adm_campaign_describe_undo (campaign);

    g_assert_cmpstr (what, ==, "ghem-Adm. Rian Degtiar joins the game");
  }
  undo_redo (campaign, start);
  /* The same admiral after a replay: what holds him outlives it. */
  g_assert_true (adm_campaign_lookup_admiral (campaign, "degtiar") == admiral);
  refuse (campaign, &degtiar, "already");
  refuse (campaign, &same_name, "named");

  g_assert_true (campaign_order (campaign, T0 + 60, 1, "degtiar", "star-creche-escort",
                                 "patrol", NULL, NULL, &error));
  g_assert_no_error (error);
  record (campaign, &give);
  g_assert_true (adm_strategy_lookup_formation (strategy_of (campaign),
                                                "jade-squadron")->admiral == admiral);
  g_assert_true (campaign_order (campaign, T0 + 60, 1, "degtiar", "jade-squadron", "patrol",
                                 NULL, NULL, &error));
  g_assert_no_error (error);
}

/* F-STRAT-3: Degtiar's joining with a hidden formation is his side's business: his report
 * lists it, and no admiral of another side, nor the public, reads a byte of it. */
static void
test_add_admiral_leak (void)
{
  g_autoptr(AdmCampaign) corrected = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) plain = komarr_new (NULL, NULL);
  AdmCorrection degtiar = { .kind = ADM_CORRECTION_ADD_ADMIRAL, .admiral = "degtiar",
                            .name = "ghem-Adm. Rian Degtiar", .faction = "cetaganda",
                            .formation_name = "Star Creche Escort", .sector = "sergyar-approach",
                            .hidden = TRUE, .new_ships = degtiar_ships,
                            .reason = "SECRET-REASON a new player" };
  static const AdmReportKind kinds[] = { ADM_REPORT_ADMIRAL, ADM_REPORT_CARDS, ADM_REPORT_OOB,
                                         ADM_REPORT_SHEETS };
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (corrected));
  g_autofree char *his = NULL;

  record (corrected, &degtiar);
  komarr_end_cycle (corrected, T0);
  komarr_end_cycle (plain, T0);
  his = text_of (corrected, ADM_REPORT_ADMIRAL, "degtiar");
  g_assert_nonnull (strstr (his, "Star Creche Escort"));
  g_assert_null (strstr (his, "SECRET-REASON"));
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);

      if (g_str_equal (admiral->faction->id, "cetaganda"))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          g_autofree char *with = text_of (corrected, kinds[k], admiral->id);
          g_autofree char *without = text_of (plain, kinds[k], admiral->id);

          g_test_message ("%s, report kind %d", admiral->id, kinds[k]);
          g_assert_cmpstr (with, ==, without);
        }
    }
  {
    g_autofree char *with = text_of (corrected, ADM_REPORT_PUBLIC, NULL);
    g_autofree char *without = text_of (plain, ADM_REPORT_PUBLIC, NULL);

    g_assert_cmpstr (with, ==, without);
  }
}

/* The ship of @battle named @name, or NULL. */
static const AdmBattleShip *
battle_ship (AdmBattle  *battle,
             const char *name)
{
  for (guint s = 0; s < adm_battle_get_n_ships (battle); s++)
    if (g_str_equal (adm_battle_get_ship (battle, s)->name, name) ||
        g_str_equal (adm_battle_get_ship (battle, s)->id, name))
      return adm_battle_get_ship (battle, s);
  return NULL;
}

/* The battle of the engagement of cycle 1 in Komarr orbit, where the Second Squadron patrols
 * (F-STRAT-16) among the Komarrans and their orbital station. */
static AdmBattle *
komarr_orbit_battle (AdmCampaign *campaign)
{
  g_autoptr(GPtrArray) queue = NULL;

  komarr_end_cycle (campaign, T0);
  queue = adm_engagement_queue_new (adm_campaign_get_state (campaign), 1);
  for (guint i = 0; i < queue->len; i++)
    {
      const AdmQueuedEngagement *queued = g_ptr_array_index (queue, i);

      if (queued->engagement.sector != NULL &&
          g_str_equal (queued->engagement.sector->id, "komarr-orbit"))
        return engagement_battle (campaign, queued->id);
    }
  g_assert_not_reached ();
  return NULL;
}

/* F-STN-1, F-STN-6: the Komarr Orbital Transfer Station captured by Barrayar with 3 hull
 * points lost is a unit of the Barrayaran side, so damaged, in the next battle there; one
 * destroyed is not on the table at all; a mark-only station has no owner to change. */
static void
test_station (void)
{
  const char *name = "Komarr Orbital Transfer Station";
  AdmCorrection captured = { .kind = ADM_CORRECTION_STATION, .sector = "komarr-orbit",
                             .station = name, .owner = "barrayar", .damage = "3",
                             .reason = "Taken by boarders in the night" };
  AdmCorrection destroyed = { .kind = ADM_CORRECTION_STATION, .sector = "komarr-orbit",
                              .station = name, .destroyed = TRUE, .reason = "Blown up" };
  AdmCorrection mark = { .kind = ADM_CORRECTION_STATION, .sector = "solar-mirror",
                         .station = "Solar Mirror Control Station", .owner = "barrayar",
                         .reason = "x" };
  AdmCorrection nowhere = captured;
  AdmCorrection too_much = captured;

  {
    g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
    g_autofree char *start = dump (campaign);
    g_autoptr(AdmBattle) battle = NULL;
    const AdmBattleShip *station, *ezar;

    komarr_order (campaign, T0, 1, "vorlakial", "second-squadron-home-fleet", "patrol", NULL,
                  NULL);
    g_free (start);
    start = dump (campaign);
    record (campaign, &captured);
    {
      g_autofree char *what = adm_campaign_describe_undo (campaign);

      g_assert_cmpstr (what, ==, "Station Komarr Orbital Transfer Station");
    }
    undo_redo (campaign, start);
    refuse (campaign, &mark, "named mark");
    nowhere.station = "Death Star";
    refuse (campaign, &nowhere, "no station “Death Star”");
    too_much.damage = "500";
    refuse (campaign, &too_much, "damage");
    battle = komarr_orbit_battle (campaign);
    station = battle_ship (battle, name);
    ezar = battle_ship (battle, "emperor-ezar");
    g_assert_nonnull (station);
    g_assert_nonnull (ezar);
    g_assert_cmpuint (station->side, ==, ezar->side);
    g_assert_cmpint (station->damage, ==, 3);
  }
  {
    g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
    g_autoptr(AdmBattle) battle = NULL;

    komarr_order (campaign, T0, 1, "vorlakial", "second-squadron-home-fleet", "patrol", NULL,
                  NULL);
    record (campaign, &destroyed);
    battle = komarr_orbit_battle (campaign);
    g_assert_null (battle_ship (battle, name));
    g_assert_nonnull (battle_ship (battle, "emperor-ezar"));
  }
  {
    g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
    g_autoptr(AdmBattle) battle = NULL;
    const AdmBattleShip *station, *ezar;

    komarr_order (campaign, T0, 1, "vorlakial", "second-squadron-home-fleet", "patrol", NULL,
                  NULL);
    battle = komarr_orbit_battle (campaign);
    station = battle_ship (battle, name);
    ezar = battle_ship (battle, "emperor-ezar");
    /* Without the correction it is Komarr's, undamaged. */
    g_assert_nonnull (station);
    g_assert_cmpuint (station->side, !=, ezar->side);
    g_assert_cmpint (station->damage, ==, 0);
  }
}

/* F-STRAT-3: Sarlat's leaving is his side's business: no admiral of another side, nor the
 * public, is told a word of it. */
static void
test_retire_leak (void)
{
  g_autoptr(AdmCampaign) corrected = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) plain = komarr_new (NULL, NULL);
  AdmCorrection sarlat = { .kind = ADM_CORRECTION_RETIRE_ADMIRAL, .admiral = "ghem-sarlat",
                           .successor = "ghem-estif", .reason = "His player went home" };
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (corrected));
  g_autofree char *estif = NULL;

  record (corrected, &sarlat);
  komarr_end_cycle (corrected, T0);
  komarr_end_cycle (plain, T0);
  estif = text_of (corrected, ADM_REPORT_ADMIRAL, "ghem-estif");
  g_assert_nonnull (strstr (estif, "given to ghem-Adm. Ilsum Estif: ghem-Adm. Dir Sarlat left "
                                   "the game"));
  g_assert_nonnull (strstr (estif, "Autumn Screen"));
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
      g_autofree char *with = NULL;
      g_autofree char *without = NULL;

      if (g_str_equal (admiral->faction->id, "cetaganda"))
        continue;
      with = text_of (corrected, ADM_REPORT_ADMIRAL, admiral->id);
      without = text_of (plain, ADM_REPORT_ADMIRAL, admiral->id);
      g_assert_cmpstr (with, ==, without);
    }
  {
    g_autofree char *with = text_of (corrected, ADM_REPORT_PUBLIC, NULL);
    g_autofree char *without = text_of (plain, ADM_REPORT_PUBLIC, NULL);

    g_assert_cmpstr (with, ==, without);
  }
}


/* F-STRAT-3: the hidden Autumn Screen damaged, refitted, its readiness set, a ship removed, a
 * ship handed over inside it and moved to an empty sector: Sarlat's report and the master's
 * tell it; no other admiral's report, cards, order of battle or sheets, nor the public
 * report, differ by a byte from a campaign without the corrections. */
static void
test_leak (void)
{
  g_autoptr(AdmCampaign) corrected = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) plain = komarr_new (NULL, NULL);
  const AdmCorrection corrections[] = {
    { .kind = ADM_CORRECTION_DAMAGE, .ship = "falling-leaf", .points = "2",
      .reason = "SECRET-REASON sabotage" },
    { .kind = ADM_CORRECTION_REPAIR, .ship = "falling-leaf", .hull = "3",
      .reason = "SECRET-REASON refit" },
    { .kind = ADM_CORRECTION_READINESS, .ship = "crane-feather", .readiness = "3",
      .reason = "SECRET-REASON fever" },
    { .kind = ADM_CORRECTION_REMOVE_SHIP, .ship = "white-lotus",
      .reason = "SECRET-REASON scuttled" },
    { .kind = ADM_CORRECTION_MOVE, .formation = "autumn-screen", .sector = "sergyar-approach",
      .reason = "SECRET-REASON sent away" },
    { .kind = ADM_CORRECTION_ADD_SHIP, .formation = "autumn-screen",
      .new_ships = (const char *[]) { "Quiet Heron:frigate:7", NULL },
      .reason = "SECRET-REASON reinforced" },
    { .kind = ADM_CORRECTION_ADD_FORMATION, .admiral = "ghem-sarlat",
      .sector = "sergyar-approach", .name = "Moonlit Shadow", .hidden = TRUE,
      .new_ships = (const char *[]) { "Pale Moth:frigate:8", "Dusk Fan:frigate:6", NULL },
      .reason = "SECRET-REASON convoy" },
  };
  static const AdmReportKind kinds[] = { ADM_REPORT_ADMIRAL, ADM_REPORT_CARDS, ADM_REPORT_OOB,
                                         ADM_REPORT_SHEETS };
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (corrected));
  g_autofree char *sarlat = NULL;
  g_autofree char *master = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (corrections); i++)
    record (corrected, &corrections[i]);
  komarr_end_cycle (corrected, T0);
  komarr_end_cycle (plain, T0);

  sarlat = text_of (corrected, ADM_REPORT_ADMIRAL, "ghem-sarlat");
  master = text_of (corrected, ADM_REPORT_MASTER, NULL);
  for (guint i = 0; i < 2; i++)
    {
      const char *text = i == 0 ? sarlat : master;

      g_assert_nonnull (strstr (text, "Quiet Heron (Frigate) joined it"));
      g_assert_nonnull (strstr (text, "Moonlit Shadow"));
      /* The reason is the journal's: no report prints it. */
      g_assert_null (strstr (text, "SECRET-REASON"));
    }
  /* The master's summary says they were his corrections; Sarlat's papers keep the fiction,
   * telling the same news as the story brings it. */
  g_assert_nonnull (strstr (master, "White Lotus was taken out of the campaign by the master"));
  g_assert_nonnull (strstr (master, "moved to Sergyar approach by the master"));
  g_assert_nonnull (strstr (master, "the readiness of Crane Feather set to 3 by the master"));
  g_assert_nonnull (strstr (master, "Falling Leaf repaired by the master"));
  g_assert_nonnull (strstr (master, "Falling Leaf lost 2 hull points by the master’s correction"));
  g_assert_nonnull (strstr (master, "reinforcements from the master"));
  g_assert_nonnull (strstr (sarlat, "White Lotus was detached from the fleet"));
  g_assert_nonnull (strstr (sarlat, "redeployed to Sergyar approach"));
  g_assert_nonnull (strstr (sarlat, "the readiness of Crane Feather is now 3"));
  g_assert_nonnull (strstr (sarlat, "Falling Leaf repaired: "));
  g_assert_nonnull (strstr (sarlat, "Falling Leaf lost 2 hull points ("));
  g_assert_nonnull (strstr (sarlat, "Quiet Heron (Frigate) joined it as reinforcements"));
  g_assert_nonnull (strstr (sarlat, "reinforcements, in Sergyar approach"));
  g_assert_null (strstr (sarlat, "master"));
  g_assert_null (strstr (sarlat, "correction"));
  for (guint a = 0; a < admirals->len; a++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);

      if (g_str_equal (admiral->id, "ghem-sarlat"))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        {
          g_autofree char *with = text_of (corrected, kinds[k], admiral->id);
          g_autofree char *without = text_of (plain, kinds[k], admiral->id);

          g_test_message ("%s, report kind %d", admiral->id, kinds[k]);
          g_assert_cmpstr (with, ==, without);
        }
    }
  {
    g_autofree char *with = text_of (corrected, ADM_REPORT_PUBLIC, NULL);
    g_autofree char *without = text_of (plain, ADM_REPORT_PUBLIC, NULL);

    g_assert_cmpstr (with, ==, without);
  }
}

/* F-STRAT-3, F-STN-1, F-MINE: the master's corrections of places in the reports of their
 * cycle, each as far as the one filter tells it (adm_audience_told_of_place ()): the station
 * captured to the sides whose it was and is, the mines cleared to the side that laid them,
 * all of it to the master; every other admiral's report, and the public one, are byte for
 * byte those of the campaign without them. */
static void
test_place_lines (void)
{
  g_autoptr(AdmCampaign) corrected = komarr_new (NULL, NULL);
  g_autoptr(AdmCampaign) plain = komarr_new (NULL, NULL);
  AdmCorrection captured = { .kind = ADM_CORRECTION_STATION, .sector = "komarr-orbit",
                             .station = "Komarr Orbital Transfer Station", .owner = "barrayar",
                             .damage = "3", .reason = "SECRET-REASON boarders" };
  AdmCorrection cleared = { .kind = ADM_CORRECTION_MINEFIELD, .sector = "hegen-hub",
                            .reason = "SECRET-REASON swept by the story" };
  const char *station_line = "By the master’s correction, the station Komarr Orbital Transfer "
                             "Station at Komarr orbit: now held by ";
  const char *mines_line = "By the master’s correction, the mines of Hegen Hub are cleared: "
                           "from cycle 2 on";
  /* An admiral's papers tell the news, not the master's hand. */
  const char *station_told = "The station Komarr Orbital Transfer Station at Komarr orbit: now "
                             "held by ";
  const char *mines_told = "The mines of Hegen Hub are cleared: from cycle 2 on";
  GPtrArray *admirals = adm_scenario_get_admirals (adm_campaign_get_scenario (corrected));

  /* Cycle 1: the Aslunders lay mines at Hegen Hub, the station is captured. */
  for (guint c = 0; c < 2; c++)
    komarr_order (c == 0 ? corrected : plain, T0, 1, "sundquist", "aslund-minelayer",
                  "lay-mines", NULL, NULL);
  record (corrected, &captured);
  komarr_end_cycle (corrected, T0);
  komarr_end_cycle (plain, T0);
  /* Cycle 2: the master clears them. */
  record (corrected, &cleared);
  komarr_end_cycle (corrected, T0);
  komarr_end_cycle (plain, T0);

  for (guint cycle = 1; cycle <= 2; cycle++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmDoc) doc = adm_report_build (corrected, ADM_REPORT_MASTER, NULL, cycle, NULL,
                                                &error);
      g_autofree char *master = adm_doc_to_text (doc);

      g_assert_no_error (error);
      g_assert_nonnull (strstr (master, cycle == 1 ? station_line : mines_line));
      g_assert_null (strstr (master, cycle == 1 ? mines_line : station_line));
      g_assert_null (strstr (master, "SECRET-REASON"));
      for (guint a = 0; a < admirals->len; a++)
        {
          const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
          const char *faction = admiral->faction->id;
          gboolean told = cycle == 1 ? g_str_equal (faction, "barrayar") ||
                                       g_str_equal (faction, "komarr")
                                     : g_str_equal (faction, "aslund");
          g_autoptr(AdmDoc) with_doc = adm_report_build (corrected, ADM_REPORT_ADMIRAL,
                                                         admiral->id, cycle, NULL, &error);
          g_autoptr(AdmDoc) without_doc = adm_report_build (plain, ADM_REPORT_ADMIRAL,
                                                            admiral->id, cycle, NULL, &error);
          g_autofree char *with = adm_doc_to_text (with_doc);
          g_autofree char *without = adm_doc_to_text (without_doc);

          g_test_message ("cycle %u: %s", cycle, admiral->id);
          if (told)
            g_assert_nonnull (strstr (with, cycle == 1 ? station_told : mines_told));
          else if (!g_str_equal (faction, "barrayar") && !g_str_equal (faction, "komarr"))
            g_assert_cmpstr (with, ==, without);
          else
            g_assert_null (strstr (with, mines_told));
          g_assert_null (strstr (with, "master’s correction"));
          g_assert_null (strstr (with, "SECRET-REASON"));
        }
      {
        g_autoptr(AdmDoc) with_doc = adm_report_build (corrected, ADM_REPORT_PUBLIC, NULL, cycle,
                                                       NULL, &error);
        g_autoptr(AdmDoc) without_doc = adm_report_build (plain, ADM_REPORT_PUBLIC, NULL, cycle,
                                                          NULL, &error);
        g_autofree char *with = adm_doc_to_text (with_doc);
        g_autofree char *without = adm_doc_to_text (without_doc);

        g_assert_cmpstr (with, ==, without);
      }
    }
}

/* The first ship of a formation of engagement @id of @campaign, and a ship of its side in a
 * formation not in it: the ships a correction during its battle touches, or not. */
static void
ships_of_engagement (AdmCampaign  *campaign,
                     const char   *id,
                     const char  **fighting,
                     const char  **formation_id,
                     const char  **elsewhere)
{
  g_autoptr(AdmQueuedEngagement) engagement = queued_engagement (campaign, id);
  AdmStrategy *strategy = strategy_of (campaign);
  GPtrArray *formations = adm_strategy_get_formations (strategy);
  const AdmFormation *fights = adm_strategy_lookup_formation (
    strategy, g_ptr_array_index (engagement->formation_ids, 0));

  *fighting = ((const AdmShip *) g_ptr_array_index (fights->ships, 0))->id;
  *formation_id = fights->id;
  *elsewhere = NULL;
  for (guint i = 0; *elsewhere == NULL && i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (formation->faction == fights->faction && formation->ships->len > 0 &&
          !g_ptr_array_find_with_equal_func (engagement->formation_ids, formation->id,
                                             g_str_equal, NULL))
        *elsewhere = ((const AdmShip *) g_ptr_array_index (formation->ships, 0))->id;
    }
  g_assert_nonnull (*elsewhere);
}

/* The battle of @id begun in @campaign: its first phase played and kept. */
static AdmBattle *
begin_battle (AdmCampaign *campaign,
              const char  *id)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = engagement_battle (campaign, id);

  g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, id, battle, &error));
  g_assert_no_error (error);
  return battle;
}

/* F-STRAT-4: a correction of a ship or formation fighting a battle under way is refused when
 * it is made — by the one check, so recording and the dialog's check as the master types
 * alike — naming the engagement: the battle's end would write over it, or find a ship it
 * cannot account for. Ships elsewhere are corrected as ever; once the battle is ended, its
 * ships are too, and the correction stays. A correction undone before the battle began is not
 * redone into it. */
static void
test_during_battle (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  const char *fighting, *formation, *elsewhere;
  AdmCorrection before = { .kind = ADM_CORRECTION_READINESS, .readiness = "2",
                           .reason = "Fever aboard" };
  AdmCorrection damage = { .kind = ADM_CORRECTION_DAMAGE, .points = "1",
                           .reason = "Sabotage" };
  AdmCorrection readiness = { .kind = ADM_CORRECTION_READINESS, .readiness = "3",
                              .reason = "Fever aboard" };
  AdmCorrection repair = { .kind = ADM_CORRECTION_REPAIR, .readiness = "5",
                           .reason = "Refit" };
  AdmCorrection remove = { .kind = ADM_CORRECTION_REMOVE_SHIP, .reason = "Sold" };
  AdmCorrection move = { .kind = ADM_CORRECTION_MOVE, .sector = "komarr-terminus",
                         .reason = "The story sent it" };
  const char *reinforcements[] = { NULL, NULL };
  AdmCorrection add = { .kind = ADM_CORRECTION_ADD_SHIP, .new_ships = reinforcements,
                        .reason = "Convoy" };
  g_autofree char *spec = NULL;
  AdmCorrection hand_over = { .kind = ADM_CORRECTION_HAND_OVER, .reason = "Reinforces" };
  int kept_damage;

  komarr_play_cycle (campaign, 1, T0);
  ships_of_engagement (campaign, "c1-3", &fighting, &formation, &elsewhere);
  g_test_message ("c1-3: %s of %s; elsewhere %s", fighting, formation, elsewhere);
  damage.ship = readiness.ship = repair.ship = remove.ship = fighting;
  move.formation = add.formation = formation;
  /* A ship of the fighting one's class: one its formation may take (F-FORM-8). */
  spec = g_strdup_printf ("Second:%s:8", ship_state (campaign, fighting)->ship->klass->id);
  reinforcements[0] = spec;

  /* Before the battle begins its set-up takes the correction in; undone, it waits. */
  before.ship = fighting;
  record (campaign, &before);
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);

  battle = begin_battle (campaign, "c1-3");
  refuse (campaign, &damage, "engagement c1-3, whose battle is under way");
  refuse (campaign, &readiness, "End that battle first");
  refuse (campaign, &repair, "engagement c1-3");
  refuse (campaign, &remove, "engagement c1-3");
  refuse (campaign, &move, "engagement c1-3");
  refuse (campaign, &add, "engagement c1-3");
  /* Leaving the battle's formation, and joining it. */
  hand_over.ship = fighting;
  hand_over.formation = adm_strategy_formation_of_ship (
    strategy_of (campaign), adm_strategy_lookup_ship (strategy_of (campaign), elsewhere))->id;
  refuse (campaign, &hand_over, "engagement c1-3");
  hand_over.ship = elsewhere;
  hand_over.formation = formation;
  refuse (campaign, &hand_over, "engagement c1-3");
  /* The dialog's check says the same as the master types. */
  g_assert_false (adm_correction_check (adm_campaign_get_state (campaign), &damage, T0 + 100,
                                        &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "engagement c1-3"));
  g_clear_error (&error);
  /* Nor does a redo bring back into the battle what was undone before it began. */
  g_assert_false (adm_campaign_redo (campaign, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "engagement c1-3"));
  g_clear_error (&error);
  g_assert_true (adm_campaign_can_redo (campaign));

  /* A ship elsewhere is corrected as ever. */
  damage.ship = elsewhere;
  record (campaign, &damage);
  damage.ship = fighting;

  /* The battle ended, its ships are corrected, and the correction stays. */
  g_assert_true (adm_campaign_end_battle (campaign, "c1-3", battle, "Withdrew", T0 + 3000,
                                          &error));
  g_assert_no_error (error);
  g_assert_cmpint (ship_state (campaign, fighting)->fate, ==, ADM_SHIP_FATE_AFLOAT);
  kept_damage = ship_state (campaign, fighting)->damage;
  record (campaign, &damage);
  g_assert_cmpint (ship_state (campaign, fighting)->damage, ==, kept_damage + 1);
}

/* F-STRAT-4: an engagement handed to another table is fought there, from the set-up handed
 * out: a correction of its ships is refused, naming the table, until its results are in. */
static void
test_during_table_battle (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  const char *fighting, *formation, *elsewhere;
  AdmCorrection damage = { .kind = ADM_CORRECTION_DAMAGE, .points = "1",
                           .reason = "Sabotage" };

  komarr_play_cycle (campaign, 1, T0);
  ships_of_engagement (campaign, "c1-3", &fighting, &formation, &elsewhere);
  g_assert_true (adm_campaign_assign_table (campaign, "c1-3", "Table 2", T0 + 2500, NULL,
                                            &error));
  g_assert_no_error (error);
  damage.ship = fighting;
  refuse (campaign, &damage, "engagement c1-3, at the table “Table 2”: no damage correction");
  damage.ship = elsewhere;
  record (campaign, &damage);
}

/* F-CRIT-7: damage by fiat takes at most the hull points a ship has left; all of them leave it
 * destroyed — out of its formation as a ship destroyed in battle is (F-FORM-5), its admiral's
 * report telling it in the story's words, the master's that it was his correction. */
static void
test_damage_to_zero (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *start = dump (campaign);
  g_autofree char *master = NULL, *admiral = NULL;
  AdmShipState *serg = ship_state (campaign, "prince-serg");
  int hull = serg->ship->klass->hull;
  g_autofree char *all = g_strdup_printf ("%d", hull);
  g_autofree char *more = g_strdup_printf ("%d", hull + 1);
  AdmCorrection damage = { .kind = ADM_CORRECTION_DAMAGE, .ship = "prince-serg",
                           .points = more, .reason = "Reactor breach" };
  const AdmFormation *squadron;

  refuse (campaign, &damage, "can lose at most");
  damage.points = all;
  record (campaign, &damage);
  serg = ship_state (campaign, "prince-serg");
  g_assert_cmpint (serg->fate, ==, ADM_SHIP_FATE_DESTROYED);
  squadron = adm_strategy_lookup_formation (strategy_of (campaign), "first-squadron-home-fleet");
  g_assert_false (g_ptr_array_find (squadron->ships, serg->ship, NULL));
  g_assert_true (squadron->flagship != serg->ship);
  master = adm_strategy_summary (strategy_of (campaign), 1, NULL);
  admiral = adm_strategy_summary (strategy_of (campaign), 1, squadron->admiral->id);
  g_test_message ("%s\n%s", master, admiral);
  g_assert_nonnull (strstr (master, "Prince Serg was destroyed by the master’s correction"));
  g_assert_nonnull (strstr (admiral, "Prince Serg was destroyed"));
  g_assert_null (strstr (admiral, "master"));
  refuse (campaign, &damage, "no longer in the campaign");
  undo_redo (campaign, start);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/correct/strategic-repair/damage-and-refit", test_repair);
  g_test_add_func ("/engine/correct/F-RDY-1/readiness", test_readiness);
  g_test_add_func ("/engine/correct/F-STRAT-5/move", test_move);
  g_test_add_func ("/engine/correct/F-FORM-5/remove-ship", test_remove_ship);
  g_test_add_func ("/engine/correct/F-FORM-8/hand-over", test_hand_over);
  g_test_add_func ("/engine/correct/reason", test_reason);
  g_test_add_func ("/engine/correct/F-FORM-8/add-ship", test_add_ship);
  g_test_add_func ("/engine/correct/F-STRAT-4/add-formation-arriving", test_add_formation);
  g_test_add_func ("/engine/correct/F-STRAT-3/leak", test_leak);
  g_test_add_func ("/engine/correct/F-FORM-6/retire-admiral", test_retire_admiral);
  g_test_add_func ("/engine/correct/F-STRAT-3/retire-admiral-leak", test_retire_leak);
  g_test_add_func ("/engine/correct/F-STN-1/station", test_station);
  g_test_add_func ("/engine/correct/F-STRAT-3/place-lines", test_place_lines);
  g_test_add_func ("/engine/correct/F-FORM-6/add-admiral", test_add_admiral);
  g_test_add_func ("/engine/correct/F-STRAT-4/during-battle", test_during_battle);
  g_test_add_func ("/engine/correct/F-STRAT-4/during-table-battle", test_during_table_battle);
  g_test_add_func ("/engine/correct/F-CRIT-7/damage-to-zero", test_damage_to_zero);
  g_test_add_func ("/engine/correct/F-STRAT-3/add-admiral-leak", test_add_admiral_leak);
  return g_test_run ();
}
