/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-luck.c: `admiralty-cli luck` and `report --kind luck`, the luck ledger of the Komarr
 * campaign after cycle 1 played from its sheets: bad input first (a campaign with no battle,
 * an unknown engagement, one not fought, an unknown side, odd options:
 * exit 1 or 2, the problem named); then with c1-2 fought two turns with seed 3: the master's
 * ledger names the engagement, each side's JSON holds exactly the judged rolls the audience
 * filter shows that side (adm-luck.h), never the engagement's id, and no ship it is not
 * shown (F-ECM-2, F-ECM-4, F-STRAT-3); by admiral, a side's own only (F-GEN-5); after the
 * revelation every side's ledger is the master's; a boarding round's rolls carry both sides'
 * modifiers for the sides told them, and a side that has not identified its boarder is told
 * neither (F-BOARD-13). A saved Twilight Imperium combat: bad input
 * first (an engagement asked of it, a combat not begun, an unknown side), then a combat of
 * typed dice whose every group's expected hits (LRR 39.5) are known exactly. CLI_PATH comes
 * from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>

#include "adm-luck-admirals.h"
#include "admiralty-engine.h"
#include "battle-helpers.h"
#include "battle-scripting.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "text-helpers.h"

#define ENGAGEMENT "c1-2"

static void
test_bad_input (CliCampaign   *fixture,
                gconstpointer  data)
{
  struct {
    const char *file;
    const char *args[6];
    int         status;
    const char *message;
  } cases[] = {
    { fixture->campaign, { NULL }, 1, "No battle has been fought in this campaign yet" },
    { fixture->campaign, { "--engagement", "zz-9", NULL }, 1, "zz-9" },
    { fixture->campaign, { "--engagement", ENGAGEMENT, NULL }, 1,
      "Engagement c1-2 has no battle yet" },
    { fixture->campaign, { "--engagement", NULL }, 2, "--engagement" },
    { fixture->campaign, { "--odds", NULL }, 2, "--odds" },
    { NULL, { NULL }, 2, "no campaign file given" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CliResult) result = NULL;
      const char **a = cases[i].args;

      result = cases[i].file != NULL ? run_cli ("luck", cases[i].file, a[0], a[1], NULL)
                                     : run_cli ("luck", NULL);
      g_test_message ("case %u: %s", i, result->err);
      assert_failure (result, cases[i].status, cases[i].message);
    }
}

/* The battle of ENGAGEMENT as the campaign at @path keeps it, played. */
static AdmBattle *
kept_battle (const char   *path,
             AdmCampaign **campaign_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  AdmBattle *battle;

  g_assert_no_error (error);
  battle = adm_campaign_get_battle_played (campaign, ENGAGEMENT, &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  *campaign_out = g_steal_pointer (&campaign);
  return g_object_ref (battle);
}

static guint
json_rolls (JsonObject *root)
{
  JsonArray *battles = json_object_get_array_member (root, "battles");

  g_assert_cmpuint (json_array_get_length (battles), ==, 1);
  return json_array_get_length (json_object_get_array_member (
                                  json_array_get_object_element (battles, 0), "rolls"));
}

static void
test_sides_see_their_rolls (CliCampaign   *fixture,
                            gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", ENGAGEMENT,
                                        "--turns", "2", "--seed", "3", NULL);
  g_autoptr(CliResult) master = NULL, master_json = NULL, nobody = NULL, paper = NULL;
  g_autoptr(CliResult) wrong_kind = NULL;
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmLuckLedger) ledger = NULL;
  JsonObject *battle_json;

  g_test_message ("%s", fight->err);
  g_assert_cmpint (fight->status, ==, 0);
  battle = kept_battle (fixture->campaign, &campaign);

  master = run_cli ("luck", fixture->campaign, NULL);
  g_assert_cmpint (master->status, ==, 0);
  assert_contains (master->out, "Luck ledger", "the master's ledger");
  assert_contains (master->out, "Engagement c1-2", "the master's ledger");

  master_json = run_cli ("luck", fixture->campaign, "--engagement", ENGAGEMENT, "--json", NULL);
  g_assert_cmpint (master_json->status, ==, 0);
  root = parse_json (master_json->out);
  battle_json = json_array_get_object_element (json_object_get_array_member (root, "battles"),
                                               0);
  g_assert_cmpstr (json_object_get_string_member (battle_json, "engagement"), ==, ENGAGEMENT);
  ledger = adm_luck_ledger_new (battle, adm_audience_master (), NULL);
  g_assert_cmpuint (json_rolls (root), ==, adm_luck_ledger_get_rolls (ledger)->len);
  g_assert_cmpuint (json_rolls (root), >, 0);
  {
    JsonObject *first = json_array_get_object_element (
      json_object_get_array_member (battle_json, "rolls"), 0);
    const AdmLuckRoll *entry = &g_array_index (adm_luck_ledger_get_rolls (ledger), AdmLuckRoll, 0);

    /* A roll as `battle --json` gives it, with the odds it had. */
    g_assert_cmpstr (json_object_get_string_member (first, "purpose"), ==, entry->roll->purpose);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (first, "check"),
                                                 "passed"), ==, entry->passed);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (first, "expected"),
                                    entry->expected, 1e-9);
  }
  g_clear_pointer (&root, json_object_unref);

  nobody = run_cli ("luck", fixture->campaign, "--engagement", ENGAGEMENT, "--as", "nobody",
                    NULL);
  assert_failure (nobody, 1, "“nobody” is not an audience of this battle");

  for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
    {
      const char *id = adm_battle_get_side (battle, side)->id;
      AdmAudience audience = adm_audience_side (side);
      g_autoptr(CliResult) json = run_cli ("luck", fixture->campaign, "--as", id, "--json",
                                           NULL);
      g_autoptr(CliResult) text = run_cli ("luck", fixture->campaign, "--as", id, NULL);
      g_autoptr(GPtrArray) seen = adm_audience_filter_rolls (audience, battle);
      guint judged = 0;

      g_assert_cmpint (json->status, ==, 0);
      g_assert_cmpint (text->status, ==, 0);
      root = parse_json (json->out);
      for (guint i = 0; i < seen->len; i++)
        judged += ((const AdmBattleRoll *) g_ptr_array_index (seen, i))->check !=
                  ADM_ROLL_CHECK_NONE;
      g_test_message ("%s: %u judged rolls seen", id, judged);
      /* Exactly the rolls the side saw: no count tells of one it did not. */
      g_assert_cmpuint (json_rolls (root), ==, judged);
      /* F-STRAT-3: only the master's ledger names the engagement by its id. */
      assert_lacks (json->out, "\"engagement\"", id);
      assert_lacks (text->out, ENGAGEMENT, id);
      for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
        if (!adm_audience_ship_shows (audience, battle, i, ADM_SHIP_FACT_NAME))
          {
            const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

            assert_lacks (json->out, ship->name, id);
            assert_lacks (text->out, ship->name, id);
          }
      g_clear_pointer (&root, json_object_unref);
    }

  paper = run_cli ("report", fixture->campaign, "--kind", "luck", "--text", NULL);
  g_assert_cmpint (paper->status, ==, 0);
  assert_contains (paper->out, "Luck ledger", "report --kind luck");
  assert_contains (paper->out, "For the master", "report --kind luck");
  wrong_kind = run_cli ("report", fixture->campaign, "--kind", "luck", "--cycle", "1", "--text",
                        NULL);
  assert_failure (wrong_kind, 2, "--kind luck");
}

/* The "admirals" of a battle of a `luck --json`. */
static JsonArray *
battle_admirals (JsonObject *root)
{
  return json_object_get_array_member (
    json_array_get_object_element (json_object_get_array_member (root, "battles"), 0),
    "admirals");
}

/* F-GEN-5: the ledger by admiral. The master's names each admiral of a formation in the
 * battle, under his side, and his rolls are no more than his side's; a side is shown its own
 * admirals only; the public none (F-STRAT-3); the paper has a table of them. */
static void
test_admirals (CliCampaign   *fixture,
               gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", ENGAGEMENT,
                                        "--turns", "2", "--seed", "3", NULL);
  g_autoptr(CliResult) master = NULL, paper = NULL, public_json = NULL;
  g_autoptr(JsonObject) root = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  JsonArray *admirals, *sides;
  GPtrArray *known;

  g_assert_cmpint (fight->status, ==, 0);
  battle = kept_battle (fixture->campaign, &campaign);
  known = adm_campaign_get_admirals (campaign);

  master = run_cli ("luck", fixture->campaign, "--engagement", ENGAGEMENT, "--json", NULL);
  g_assert_cmpint (master->status, ==, 0);
  root = parse_json (master->out);
  admirals = battle_admirals (root);
  sides = json_object_get_array_member (
    json_array_get_object_element (json_object_get_array_member (root, "battles"), 0), "sides");
  g_assert_cmpuint (json_array_get_length (admirals), >, 0);
  for (guint a = 0; a < json_array_get_length (admirals); a++)
    {
      JsonObject *admiral = json_array_get_object_element (admirals, a);
      const char *name = json_object_get_string_member (admiral, "admiral");
      gboolean found = FALSE;

      for (guint k = 0; k < known->len; k++)
        found |= g_str_equal (((const AdmAdmiral *) g_ptr_array_index (known, k))->name, name);
      g_assert_true (found);
      for (guint s = 0; s < json_array_get_length (sides); s++)
        {
          JsonObject *side = json_array_get_object_element (sides, s);

          if (!g_str_equal (json_object_get_string_member (side, "side"),
                            json_object_get_string_member (admiral, "side")))
            continue;
          for (guint m = 0; m < ADM_LUCK_N_MEASURES; m++)
            {
              const char *measure = adm_luck_measure_to_string (m);

              g_assert_cmpint (json_object_get_int_member (
                                 json_object_get_object_member (admiral, measure), "rolls"), <=,
                               json_object_get_int_member (
                                 json_object_get_object_member (side, measure), "rolls"));
            }
        }
    }
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                      json_object_get_object_member (root, "totals"), "admirals")), >, 0);
  g_clear_pointer (&root, json_object_unref);

  for (guint side = 0; side < adm_battle_get_n_sides (battle); side++)
    {
      const char *id = adm_battle_get_side (battle, side)->id;
      g_autoptr(CliResult) json = run_cli ("luck", fixture->campaign, "--as", id, "--json",
                                           NULL);

      g_assert_cmpint (json->status, ==, 0);
      root = parse_json (json->out);
      admirals = battle_admirals (root);
      for (guint a = 0; a < json_array_get_length (admirals); a++)
        g_assert_cmpstr (json_object_get_string_member (
                           json_array_get_object_element (admirals, a), "side"), ==, id);
      g_clear_pointer (&root, json_object_unref);
    }

  public_json = run_cli ("luck", fixture->campaign, "--as", "public", "--json", NULL);
  if (public_json->status == 0)
    {
      root = parse_json (public_json->out);
      g_assert_cmpuint (json_array_get_length (battle_admirals (root)), ==, 0);
      g_clear_pointer (&root, json_object_unref);
    }

  paper = run_cli ("luck", fixture->campaign, NULL);
  g_assert_cmpint (paper->status, ==, 0);
  assert_contains (paper->out, "Every admiral", "the master's ledger");
}

/* F-STRAT-3, the revelation: ending the campaign changes no side's ledger; once the master
 * publishes the whole truth every side's and the public's are the master's, byte for byte;
 * undo takes it back. An unknown side is refused with the same words before and after. */
static void
test_published (CliCampaign   *fixture,
                gconstpointer  data)
{
  g_autoptr(CliResult) fight = run_cli ("battle", fixture->campaign, "--engagement", ENGAGEMENT,
                                        "--turns", "2", "--seed", "3", NULL);
  g_autoptr(CliResult) ended = NULL, end = NULL, publish = NULL, undo = NULL;
  g_autoptr(CliResult) nobody_before = NULL, nobody_after = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  const char *audiences[] = { NULL, "public", NULL };
  g_autoptr(GPtrArray) before = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *master_text = NULL, *master_json = NULL;

  g_assert_cmpint (fight->status, ==, 0);
  ended = run_cli ("battle", fixture->campaign, "--engagement", ENGAGEMENT, "--end", "--reason",
                   "both sides withdrew", NULL);
  g_assert_cmpint (ended->status, ==, 0);
  battle = kept_battle (fixture->campaign, &campaign);
  audiences[0] = adm_battle_get_side (battle, 0)->id;
  {
    g_autoptr(CliResult) text = run_cli ("luck", fixture->campaign, NULL);
    g_autoptr(CliResult) json = run_cli ("luck", fixture->campaign, "--json", NULL);

    master_text = g_strdup (text->out);
    master_json = g_strdup (json->out);
  }
  nobody_before = run_cli ("luck", fixture->campaign, "--as", "nobody", NULL);
  assert_failure (nobody_before, 1, "“nobody” is not an audience of this battle");
  for (guint a = 0; audiences[a] != NULL; a++)
    {
      g_autoptr(CliResult) text = run_cli ("luck", fixture->campaign, "--as", audiences[a],
                                           NULL);
      g_autoptr(CliResult) json = run_cli ("luck", fixture->campaign, "--as", audiences[a],
                                           "--json", NULL);

      /* The public may not be told of the battle at all: refused, then, in its words. */
      g_test_message ("%s: exit %d %s", audiences[a], text->status, text->err);
      g_assert_cmpint (text->status, ==, a == 0 ? 0 : text->status);
      g_assert_cmpint (json->status, ==, text->status);
      g_assert_cmpstr (text->out, !=, master_text);
      assert_lacks (json->out, "\"engagement\"", audiences[a]);
      g_ptr_array_add (before, g_strdup_printf ("%d %s %s", text->status, text->out, text->err));
      g_ptr_array_add (before, g_strdup_printf ("%d %s", json->status, json->out));
    }

  end = run_cli ("end-campaign", fixture->campaign, "--reason", "peace", NULL);
  g_assert_cmpint (end->status, ==, 0);
  for (guint a = 0; audiences[a] != NULL; a++)
    {
      g_autoptr(CliResult) text = run_cli ("luck", fixture->campaign, "--as", audiences[a],
                                           NULL);
      g_autofree char *told = g_strdup_printf ("%d %s %s", text->status, text->out, text->err);

      g_assert_cmpstr (told, ==, g_ptr_array_index (before, 2 * a));
    }

  publish = run_cli ("end-campaign", fixture->campaign, "--publish", NULL);
  g_assert_cmpint (publish->status, ==, 0);
  for (guint a = 0; audiences[a] != NULL; a++)
    {
      g_autoptr(CliResult) text = run_cli ("luck", fixture->campaign, "--as", audiences[a],
                                           NULL);
      g_autoptr(CliResult) json = run_cli ("luck", fixture->campaign, "--as", audiences[a],
                                           "--json", NULL);

      g_assert_cmpint (text->status, ==, 0);
      g_assert_cmpstr (text->out, ==, master_text);
      g_assert_cmpstr (json->out, ==, master_json);
    }
  nobody_after = run_cli ("luck", fixture->campaign, "--as", "nobody", NULL);
  g_assert_cmpint (nobody_after->status, ==, nobody_before->status);
  g_assert_cmpstr (nobody_after->err, ==, nobody_before->err);

  undo = run_cli ("undo", fixture->campaign, NULL);
  g_assert_cmpint (undo->status, ==, 0);
  for (guint a = 0; audiences[a] != NULL; a++)
    {
      g_autoptr(CliResult) text = run_cli ("luck", fixture->campaign, "--as", audiences[a],
                                           NULL);
      g_autoptr(CliResult) json = run_cli ("luck", fixture->campaign, "--as", audiences[a],
                                           "--json", NULL);

      g_autofree char *told = g_strdup_printf ("%d %s %s", text->status, text->out, text->err);
      g_autofree char *told_json = g_strdup_printf ("%d %s", json->status, json->out);

      g_assert_cmpstr (told, ==, g_ptr_array_index (before, 2 * a));
      g_assert_cmpstr (told_json, ==, g_ptr_array_index (before, 2 * a + 1));
    }
}


/* The battle of c1-2 (Hegen Hub) as the campaign sets it up — Autumn Screen (Cetaganda)
 * hidden from Aslund, which has not detected it (F-ECM-4, F-STRAT-3) — with Aslund Sower
 * moved into base contact with Autumn Bell (F-BOARD-1: 1.5 cm and 2 cm bases, 1.75 cm
 * apart). Aslund's detection of Autumn Screen fails ("1 6"); Autumn Bell boards Aslund Sower
 * in turn 1, its round rolled "6 1" in the end stage (F-BOARD-13). */
static AdmBattle *
board_unseen (AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = adm_campaign_find_engagement (campaign,
                                                                            ENGAGEMENT, &error);
  g_autofree char *setup = NULL, *from = NULL, *to = NULL;
  g_autoptr(GString) variant = NULL;
  g_autoptr(AdmBattle) as_set_up = NULL;
  const AdmBattleShip *bell, *sower;
  char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
  AdmBattle *battle;

  g_assert_no_error (error);
  setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
  g_assert_no_error (error);
  as_set_up = adm_battle_load_memory (setup, strlen (setup), ENGAGEMENT, &error);
  g_assert_no_error (error);
  bell = ship (as_set_up, "autumn-bell");
  sower = ship (as_set_up, "aslund-sower");
  from = g_strdup_printf ("x=\"%s\" y=\"%s\"",
                          g_ascii_formatd (x, sizeof x, "%g", sower->position.x),
                          g_ascii_formatd (y, sizeof y, "%g", sower->position.y));
  to = g_strdup_printf ("x=\"%s\" y=\"%s\"",
                        g_ascii_formatd (x, sizeof x, "%g", bell->position.x + 1.75),
                        g_ascii_formatd (y, sizeof y, "%g", bell->position.y));
  variant = g_string_new (setup);
  g_assert_cmpuint (g_string_replace (variant, from, to, 1), ==, 1);
  battle = adm_battle_load_memory (variant->str, variant->len, ENGAGEMENT, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_DETECTION);
  resolve (battle, NULL, "1 6");
  battle_helper_skip_to (battle, ADM_PHASE_TORPEDO);
  resolve (battle, "<board ship=\"autumn-bell\" target=\"aslund-sower\"/>", "");
  battle_helper_skip_to (battle, ADM_PHASE_END);
  resolve (battle, NULL, "6 1");
  /* Aslund knows nothing of Autumn Screen still; the round was fought. */
  g_assert_cmpstr (adm_battle_get_side (battle, sower->side)->id, ==, "aslund");
  g_assert_cmpint (adm_battle_get_detection (battle, sower->side,
                                             adm_battle_formation_index (battle,
                                                                         "autumn-screen")),
                   ==, ADM_DETECTION_NONE);
  g_assert_cmpuint (adm_battle_get_n_boardings (battle), ==, 1);
  return battle;
}

/* The campaign at @path with two boarding battles kept as the master's app keeps a battle
 * played (adm_campaign_keep_battle ()): c1-1, Kestrel (Barrayar) boarding Pol Defiant (Pol),
 * both sides knowing both ships (komarr_capture_pol_defiant ()); c1-2, Autumn Bell
 * (Cetaganda) boarding Aslund Sower unseen by Aslund (board_unseen ()). */
static void
keep_boardings (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open_for_writing (path, &error);
  g_autoptr(AdmBattle) known = NULL, unseen = NULL;

  g_assert_no_error (error);
  known = komarr_capture_pol_defiant (campaign);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-1", known, &error));
  g_assert_no_error (error);
  unseen = board_unseen (campaign);
  g_assert_true (adm_campaign_keep_battle (campaign, ENGAGEMENT, unseen, &error));
  g_assert_no_error (error);
}

/* @text ("master" or a side's id) as an audience of @battle. */
static AdmAudience
audience_of (AdmBattle  *battle,
             const char *text)
{
  g_autoptr(GError) error = NULL;
  AdmAudience audience;

  g_assert_true (adm_audience_parse (battle, text, &audience, &error));
  g_assert_no_error (error);
  return audience;
}

/* The rolls of the one battle of @out, a `luck --json`. */
static JsonArray *
battle_rolls (const char *out,
              JsonObject **root)
{
  JsonArray *battles;

  *root = parse_json (out);
  battles = json_object_get_array_member (*root, "battles");
  g_assert_cmpuint (json_array_get_length (battles), ==, 1);
  return json_object_get_array_member (json_array_get_object_element (battles, 0), "rolls");
}

/* @rolls, a battle's of `luck --json`, against the engine's ledger of @battle for @audience:
 * each roll in the same order, an opposed one (F-BOARD-13) with "opposed": true, its own
 * "modifier" and the other side's "opposing_modifier" as the ledger weighed it, every other
 * roll with none of them. The number of opposed rolls. */
static guint
assert_opposed (JsonArray   *rolls,
                AdmBattle   *battle,
                AdmAudience  audience,
                const char  *who)
{
  g_autoptr(AdmLuckLedger) ledger = adm_luck_ledger_new (battle, audience, NULL);
  GArray *entries = adm_luck_ledger_get_rolls (ledger);
  guint opposed = 0;

  g_test_message ("%s: %u rolls", who, entries->len);
  g_assert_cmpuint (json_array_get_length (rolls), ==, entries->len);
  for (guint i = 0; i < entries->len; i++)
    {
      const AdmBattleRoll *roll = g_array_index (entries, AdmLuckRoll, i).roll;
      JsonObject *json = json_array_get_object_element (rolls, i);

      g_assert_cmpstr (json_object_get_string_member (json, "purpose"), ==, roll->purpose);
      if (!roll->opposed)
        {
          g_assert_false (json_object_has_member (json, "opposed"));
          g_assert_false (json_object_has_member (json, "modifier"));
          g_assert_false (json_object_has_member (json, "opposing_modifier"));
          continue;
        }
      g_assert_cmpstr (roll->clause, ==, "F-BOARD-13");
      g_assert_true (json_object_get_boolean_member (json, "opposed"));
      g_assert_cmpint (json_object_get_int_member (json, "modifier"), ==, roll->modifier);
      g_assert_cmpint (json_object_get_int_member (json, "opposing_modifier"), ==,
                       roll->opposing_modifier);
      opposed++;
    }
  return opposed;
}

/* `battle --json`'s rolls of @engagement for @who ("master" or a side's id), against the rolls
 * the one audience filter gives @who of @battle: an opposed roll (F-BOARD-13) carries the same
 * modifiers as the ledger's, every other roll none. Returns how many are opposed. */
static guint
assert_battle_opposed (const char *campaign,
                       const char *engagement,
                       AdmBattle  *battle,
                       const char *who)
{
  g_autoptr(CliResult) json = g_str_equal (who, "master")
                              ? run_cli ("battle", campaign, "--engagement", engagement, "--json",
                                         NULL)
                              : run_cli ("battle", campaign, "--engagement", engagement, "--as",
                                         who, "--json", NULL);
  g_autoptr(GPtrArray) seen = adm_audience_filter_rolls (g_str_equal (who, "master")
                                                         ? adm_audience_master ()
                                                         : audience_of (battle, who), battle);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *rolls;
  guint opposed = 0;

  g_test_message ("battle --json as %s: %s", who, json->err);
  g_assert_cmpint (json->status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, json->out, -1, &error));
  g_assert_no_error (error);
  rolls = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                        "rolls");
  g_assert_cmpuint (json_array_get_length (rolls), ==, seen->len);
  for (guint i = 0; i < seen->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (seen, i);
      JsonObject *member = json_array_get_object_element (rolls, i);

      g_assert_cmpstr (json_object_get_string_member (member, "purpose"), ==,
                       adm_battle_roll_get_purpose (roll));
      if (!roll->opposed)
        {
          g_assert_false (json_object_has_member (member, "opposed"));
          g_assert_false (json_object_has_member (member, "modifier"));
          g_assert_false (json_object_has_member (member, "opposing_modifier"));
          continue;
        }
      g_assert_true (json_object_get_boolean_member (member, "opposed"));
      g_assert_cmpint (json_object_get_int_member (member, "modifier"), ==, roll->modifier);
      g_assert_cmpint (json_object_get_int_member (member, "opposing_modifier"), ==,
                       roll->opposing_modifier);
      opposed++;
    }
  return opposed;
}

/* The two rolls of a boarding round among @rolls (`luck --json`'s): the boarder's, whose
 * purpose holds @boarder, with its own @boarder_mod against @defender_mod, and the defender's
 * the other way round (F-BOARD-13). */
static void
assert_round (JsonArray  *rolls,
              const char *boarder,
              int         boarder_mod,
              int         defender_mod)
{
  guint found = 0;

  for (guint i = 0; i < json_array_get_length (rolls); i++)
    {
      JsonObject *roll = json_array_get_object_element (rolls, i);
      gboolean own = strstr (json_object_get_string_member (roll, "purpose"), boarder) != NULL;

      if (!json_object_has_member (roll, "opposed"))
        continue;
      g_assert_cmpint (json_object_get_int_member (roll, "modifier"), ==,
                       own ? boarder_mod : defender_mod);
      g_assert_cmpint (json_object_get_int_member (roll, "opposing_modifier"), ==,
                       own ? defender_mod : boarder_mod);
      found |= own ? 1 : 2;
    }
  g_assert_cmpuint (found, ==, 3);
}

/* F-BOARD-13: a boarding round's two rolls in `luck --json`, and in `battle --json`'s dice
 * log, carry the modifiers the ledger weighed them with — each its own and the other side's,
 * as the engine kept them on the roll — for the boarding side, the boarded side and the
 * master, and no other roll does. c1-1: Kestrel's roll +3 against Pol Defiant's +0, the
 * other's mirrored; c1-2: Autumn Bell's +1 against Aslund Sower's +0. A side that has not
 * identified the ship boarding its own (Aslund in c1-2) is told neither roll (F-ECM-2): no
 * opposed roll, no modifier member, as its text ledger holds no "against"; the boarding side
 * of c1-2 reads both. */
static void
test_boarding_modifiers (CliCampaign   *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  const char *audiences[] = { "barrayar", "pol", NULL };
  AdmBattle *known, *unseen;

  keep_boardings (fixture->campaign);
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  known = adm_campaign_get_battle_played (campaign, "c1-1", &error);
  g_assert_no_error (error);
  unseen = adm_campaign_get_battle_played (campaign, ENGAGEMENT, &error);
  g_assert_no_error (error);

  /* c1-1: the boarding side, the boarded side, then the master. */
  for (guint a = 0; a < G_N_ELEMENTS (audiences); a++)
    {
      const char *who = audiences[a] != NULL ? audiences[a] : "master";
      g_autoptr(CliResult) json = NULL;
      g_autoptr(JsonObject) root = NULL;
      JsonArray *rolls;

      json = audiences[a] != NULL
             ? run_cli ("luck", fixture->campaign, "--engagement", "c1-1", "--as", who,
                        "--json", NULL)
             : run_cli ("luck", fixture->campaign, "--engagement", "c1-1", "--json", NULL);
      g_test_message ("%s: %s", who, json->err);
      g_assert_cmpint (json->status, ==, 0);
      rolls = battle_rolls (json->out, &root);
      g_assert_cmpuint (assert_opposed (rolls, known, audience_of (known, who), who), ==, 2);
      /* The round as its report line gives it: "Kestrel 6 +3 = 9 (Barrayaran Imperium crew
       * (F-BOARD-7, F-BOARD-8) +2, readiness (F-RDY-5) +1) against Pol Defiant 1 = 1". */
      assert_round (rolls, "Kestrel's roll", 3, 0);
      /* The same two rolls in the battle's own dice log. */
      g_assert_cmpuint (assert_battle_opposed (fixture->campaign, "c1-1", known, who), ==, 2);
    }

  /* c1-2: Cetaganda boards unseen; Aslund is told neither roll, nor any modifier. */
  {
    g_autoptr(CliResult) master = run_cli ("luck", fixture->campaign, "--engagement", ENGAGEMENT,
                                           "--json", NULL);
    g_autoptr(CliResult) cetaganda = run_cli ("luck", fixture->campaign, "--engagement",
                                              ENGAGEMENT, "--as", "cetaganda", "--json", NULL);
    g_autoptr(CliResult) aslund = run_cli ("luck", fixture->campaign, "--engagement", ENGAGEMENT,
                                           "--as", "aslund", "--json", NULL);
    g_autoptr(CliResult) aslund_text = run_cli ("luck", fixture->campaign, "--engagement",
                                                ENGAGEMENT, "--as", "aslund", NULL);
    g_autoptr(JsonObject) master_root = NULL, cetaganda_root = NULL, aslund_root = NULL;
    JsonArray *boarder_rolls;

    g_assert_cmpint (master->status, ==, 0);
    g_assert_cmpint (cetaganda->status, ==, 0);
    g_test_message ("%s", aslund->err);
    g_assert_cmpint (aslund->status, ==, 0);
    g_assert_cmpint (aslund_text->status, ==, 0);
    g_assert_cmpuint (assert_opposed (battle_rolls (master->out, &master_root), unseen,
                                      adm_audience_master (), "master"), ==, 2);
    boarder_rolls = battle_rolls (cetaganda->out, &cetaganda_root);
    g_assert_cmpuint (assert_opposed (boarder_rolls, unseen, audience_of (unseen, "cetaganda"),
                                      "cetaganda"), ==, 2);
    /* "Autumn Bell 6 +1 = 7 (Cetagandan Empire crew (F-BOARD-7, F-BOARD-8) +1) against
     * Aslund Sower 1 = 1". */
    assert_round (boarder_rolls, "Autumn Bell's roll", 1, 0);
    g_assert_cmpuint (assert_opposed (battle_rolls (aslund->out, &aslund_root), unseen,
                                      audience_of (unseen, "aslund"), "aslund"), ==, 0);
    assert_lacks (aslund->out, "F-BOARD-13", "aslund");
    assert_lacks (aslund->out, "\"opposed\"", "aslund");
    assert_lacks (aslund->out, "modifier", "aslund");
    assert_lacks (aslund->out, "Autumn Bell", "aslund");
    assert_lacks (aslund_text->out, "against", "aslund");
    g_assert_cmpuint (assert_battle_opposed (fixture->campaign, ENGAGEMENT, unseen, "master"),
                      ==, 2);
    g_assert_cmpuint (assert_battle_opposed (fixture->campaign, ENGAGEMENT, unseen,
                                             "cetaganda"), ==, 2);
    g_assert_cmpuint (assert_battle_opposed (fixture->campaign, ENGAGEMENT, unseen, "aslund"),
                      ==, 0);
  }
}

/* A temporary folder for the TI4 combat files; removed by the caller (remove_tree ()). */
static char *
ti4_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("luck-ti4-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* A 1-Dreadnought attacker against a 1-Cruiser defender in space, saved at @path with the
 * dice @dice typed (NULL: not begun, nothing rolled). */
static void
save_ti4_combat (const char *path,
                 const char *dice)
{
  if (dice != NULL)
    {
      g_autoptr(CliResult) saved = run_cli ("ti4", "battle", "--attacker", "dreadnought=1",
                                            "--defender", "cruiser=1", "--dice", dice,
                                            "--save", path, NULL);

      g_assert_cmpint (saved->status, ==, 0);
    }
  else
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmTi4Catalog) catalog = adm_ti4_catalog_load (&error);
      g_autoptr(AdmTi4Combat) combat = NULL;
      AdmTi4Setup setup = { .arena = ADM_TI4_SPACE };
      int dreadnought, cruiser;

      g_assert_no_error (error);
      dreadnought = adm_ti4_catalog_find (catalog, "dreadnought");
      cruiser = adm_ti4_catalog_find (catalog, "cruiser");
      g_assert_cmpint (dreadnought, >=, 0);
      g_assert_cmpint (cruiser, >=, 0);
      setup.attacker.intact[dreadnought] = 1;
      setup.defender.intact[cruiser] = 1;
      combat = adm_ti4_combat_new (catalog, &setup, &error);
      g_assert_no_error (error);
      g_assert_true (adm_ti4_combat_save (combat, path, &error));
      g_assert_no_error (error);
    }
}

/* LRR 39.5: a TI4 combat refused as a master is told why, naming the file: an engagement asked
 * of a combat of no campaign, a combat whose dice are not rolled yet, a side it does not
 * have. */
static void
test_ti4_bad_input (void)
{
  g_autofree char *dir = ti4_folder ();
  g_autofree char *fought = g_build_filename (dir, "fought.xml", NULL);
  g_autofree char *waiting = g_build_filename (dir, "waiting.xml", NULL);
  g_autoptr(CliResult) engagement = NULL, not_begun = NULL, nobody = NULL;

  save_ti4_combat (fought, "3,7,5,2");
  save_ti4_combat (waiting, NULL);

  engagement = run_cli ("luck", fought, "--engagement", "c1-2", NULL);
  assert_failure (engagement, 1, "fought.xml: A Twilight Imperium combat is one combat, of no "
                                 "campaign: it has no engagement “c1-2”");
  not_begun = run_cli ("luck", waiting, NULL);
  assert_failure (not_begun, 1, "waiting.xml: The combat has not begun");
  nobody = run_cli ("luck", fought, "--as", "north", NULL);
  assert_failure (nobody, 1, "“north” is not an audience of this combat: master, public, "
                             "attacker, defender");
  remove_tree (dir);
}

/* The --json "sides" entry of @root's one battle for @side. */
static JsonObject *
ti4_side (JsonObject *root,
          const char *side)
{
  JsonArray *battles = json_object_get_array_member (root, "battles");
  JsonArray *sides;

  g_assert_cmpuint (json_array_get_length (battles), ==, 1);
  sides = json_object_get_array_member (json_array_get_object_element (battles, 0), "sides");
  for (guint i = 0; i < json_array_get_length (sides); i++)
    {
      JsonObject *entry = json_array_get_object_element (sides, i);

      if (g_str_equal (json_object_get_string_member (entry, "side"), side))
        return entry;
    }
  g_assert_not_reached ();
}

static void
assert_ti4_hits (JsonObject *side,
                 guint       rolls,
                 double      expected,
                 gint64      actual)
{
  JsonObject *hits = json_object_get_object_member (side, "hits");

  g_assert_cmpint (json_object_get_int_member (hits, "rolls"), ==, rolls);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (hits, "expected"), expected,
                                  1e-12);
  g_assert_cmpint (json_object_get_int_member (hits, "actual"), ==, actual);
}

/* LRR 39.5: the typed dice 3, 7, 5, 2 — round 1 the Dreadnought (hits on 5+) rolls 3, the
 * Cruiser (7+) 7; round 2 the Dreadnought 5, the Cruiser 2. Each die of a group hits with
 * (11 − combat value) / 10: the attacker expected 0.6 + 0.6 = 1.2 hits and got 1, the
 * defender 0.4 + 0.4 = 0.8 and got 1. The luckiest roll is the Cruiser's 7 (1 hit on 40 %:
 * as good or better 40 %); the unluckiest the Dreadnought's 3 (0 hits, as bad or worse
 * 40 %). Every side sees every roll (the dice are rolled openly): its ledger is the master's,
 * headed for it. */
static void
test_ti4_fixed_dice (void)
{
  g_autofree char *dir = ti4_folder ();
  g_autofree char *path = g_build_filename (dir, "combat.xml", NULL);
  g_autoptr(CliResult) json = NULL, text = NULL;
  g_autoptr(JsonObject) root = NULL;
  JsonObject *luckiest, *unluckiest;
  JsonArray *rolls;

  save_ti4_combat (path, "3,7,5,2");

  json = run_cli ("luck", path, "--json", NULL);
  g_test_message ("%s", json->err);
  g_assert_cmpint (json->status, ==, 0);
  root = parse_json (json->out);
  assert_ti4_hits (ti4_side (root, "attacker"), 2, 1.2, 1);
  assert_ti4_hits (ti4_side (root, "defender"), 2, 0.8, 1);
  rolls = json_object_get_array_member (
    json_array_get_object_element (json_object_get_array_member (root, "battles"), 0), "rolls");
  g_assert_cmpuint (json_array_get_length (rolls), ==, 4);
  {
    static const struct {
      const char *side;
      guint       round, hit_on, hits;
      double      expected, as_good, as_bad;
    } want[] = {
      { "attacker", 1, 5, 0, 0.6, 1.0, 0.4 },
      { "defender", 1, 7, 1, 0.4, 0.4, 1.0 },
      { "attacker", 2, 5, 1, 0.6, 0.6, 1.0 },
      { "defender", 2, 7, 0, 0.4, 1.0, 0.6 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (want); i++)
      {
        JsonObject *roll = json_array_get_object_element (rolls, i);

        g_assert_cmpstr (json_object_get_string_member (roll, "side"), ==, want[i].side);
        g_assert_cmpint (json_object_get_int_member (roll, "round"), ==, want[i].round);
        g_assert_cmpint (json_object_get_int_member (roll, "hit_on"), ==, want[i].hit_on);
        g_assert_cmpint (json_object_get_int_member (roll, "hits"), ==, want[i].hits);
        g_assert_cmpstr (json_object_get_string_member (roll, "measure"), ==, "hits");
        g_assert_cmpfloat_with_epsilon (json_object_get_double_member (roll, "expected"),
                                        want[i].expected, 1e-12);
        g_assert_cmpfloat_with_epsilon (json_object_get_double_member (roll, "p_as_good"),
                                        want[i].as_good, 1e-12);
        g_assert_cmpfloat_with_epsilon (json_object_get_double_member (roll, "p_as_bad"),
                                        want[i].as_bad, 1e-12);
      }
  }
  luckiest = json_object_get_object_member (json_object_get_object_member (root, "luckiest"),
                                            "roll");
  unluckiest = json_object_get_object_member (
    json_object_get_object_member (root, "unluckiest"), "roll");
  g_assert_cmpstr (json_object_get_string_member (luckiest, "side"), ==, "defender");
  g_assert_cmpint (json_object_get_int_member (luckiest, "round"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (unluckiest, "side"), ==, "attacker");
  g_assert_cmpint (json_object_get_int_member (unluckiest, "round"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (
                     json_object_get_object_member (root, "luckiest"), "battle"), ==,
                   "Space combat: Attacker against Defender");

  text = run_cli ("luck", path, NULL);
  g_assert_cmpint (text->status, ==, 0);
  assert_contains (text->out, "For the master", "the TI4 ledger");
  assert_contains (text->out, "Attacker\t1.20 → 1", "the TI4 ledger");
  assert_contains (text->out, "Defender\t0.80 → 1", "the TI4 ledger");
  assert_contains (text->out, "Luckiest roll: Space combat: Attacker against Defender, "
                              "Defender, round 1 — Defender: 1 Cruiser, combat roll, hit on "
                              "7+: 7, 1 hit (0.40 expected); as good or better: 40.0 %.",
                   "the TI4 ledger");
  assert_contains (text->out, "Unluckiest roll: Space combat: Attacker against Defender, "
                              "Attacker, round 1 — Attacker: 1 Dreadnought, combat roll, hit "
                              "on 5+: 3, 0 hits (0.60 expected); as bad or worse: 40.0 %.",
                   "the TI4 ledger");

  /* Every roll is rolled openly: a side's ledger counts the same rolls, for it. */
  for (guint i = 0; i < 2; i++)
    {
      const char *side = i == 0 ? "attacker" : "Defender";
      g_autoptr(CliResult) as_json = run_cli ("luck", path, "--as", side, "--json", NULL);
      g_autoptr(CliResult) as_text = run_cli ("luck", path, "--as", side, NULL);
      g_autoptr(JsonObject) side_root = NULL;

      g_assert_cmpint (as_json->status, ==, 0);
      side_root = parse_json (as_json->out);
      assert_ti4_hits (ti4_side (side_root, "attacker"), 2, 1.2, 1);
      assert_ti4_hits (ti4_side (side_root, "defender"), 2, 0.8, 1);
      assert_contains (as_text->out, i == 0 ? "For Attacker" : "For Defender", side);
    }
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add ("/cli/luck/" path, CliCampaign, NULL, cli_campaign_after_sheets, func, \
              cli_campaign_teardown)
  ADD ("bad-input", test_bad_input);
  ADD ("F-ECM-2/sides-see-their-rolls", test_sides_see_their_rolls);
  ADD ("F-STRAT-3/published", test_published);
  ADD ("F-GEN-5/admirals", test_admirals);
  ADD ("F-BOARD-13/boarding-modifiers", test_boarding_modifiers);
#undef ADD
  g_test_add_func ("/cli/luck/LRR-39.5/ti4-bad-input", test_ti4_bad_input);
  g_test_add_func ("/cli/luck/LRR-39.5/ti4-fixed-dice", test_ti4_fixed_dice);

  return g_test_run ();
}
