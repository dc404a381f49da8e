/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-colour-vision.c: telling sides apart — colour differences as the colour-blind see them
 * (Machado 2009, CIE76: adm-colour-vision.h) on known values, the bundled season's factions
 * apart to everyone and each with a symbol of its own, a season written before symbols given
 * them in order, and the scenario editor's advice on opposing factions that look alike. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "admiralty-engine.h"
#include "shipped-helpers.h"

#define assert_close(a, b, within) g_assert_cmpfloat_with_epsilon ((a), (b), (within))

static double
difference (AdmColourVision vision,
            const char     *a,
            const char     *b)
{
  double rgb_a[3], rgb_b[3];

  g_assert_true (adm_colour_parse (a, rgb_a));
  g_assert_true (adm_colour_parse (b, rgb_b));
  return adm_colour_difference (vision, rgb_a, rgb_b);
}

/* Bad colours are refused, good ones read whatever their case. */
static void
test_parse (void)
{
  static const char * const bad[] = { "", "#", "8b1e1e", "#8b1e1", "#8b1e1e0", "#8b1g1e",
                                      "red", "#8B1E1E ", NULL };
  double rgb[3] = { -1, -1, -1 };

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_test_message ("colour “%s”", bad[i]);
      g_assert_false (adm_colour_parse (bad[i], rgb));
    }
  g_assert_false (adm_colour_parse (NULL, rgb));
  g_assert_cmpfloat (rgb[0], ==, -1);
  g_assert_true (adm_colour_parse ("#FF8000", rgb));
  assert_close (rgb[0], 1.0, 1e-12);
  assert_close (rgb[1], 128 / 255.0, 1e-12);
  assert_close (rgb[2], 0.0, 1e-12);
}

/* CIELAB of sRGB's primaries and of white and black (D65), as published (Lindbloom's
 * calculator gives red 53.2408, 80.0925, 67.2032). */
static void
test_lab (void)
{
  const double red[3] = { 1, 0, 0 }, white[3] = { 1, 1, 1 }, black[3] = { 0, 0, 0 };
  double lab[3], lab_black[3];

  adm_colour_to_lab (red, lab);
  assert_close (lab[0], 53.2408, 0.001);
  assert_close (lab[1], 80.0925, 0.001);
  assert_close (lab[2], 67.2032, 0.001);
  adm_colour_to_lab (white, lab);
  assert_close (lab[0], 100.0, 0.001);
  assert_close (lab[1], 0.0, 0.001);
  assert_close (lab[2], 0.0, 0.001);
  adm_colour_to_lab (black, lab_black);
  assert_close (adm_colour_delta_e76 (lab, lab_black), 100.0, 0.001);
}

/* Machado's matrices for severity 1.0, applied to linear RGB: pure red to a protanope is the
 * matrix's first column (0.152286, 0.114503, -0.003882) in linear light, the negative blue
 * clipped; pure green to a deuteranope its second column (0.860646, 0.672501, 0.042940). */
static void
test_simulate (void)
{
  const double red[3] = { 1, 0, 0 }, green[3] = { 0, 1, 0 }, grey[3] = { 0.5, 0.5, 0.5 };
  double out[3];

  adm_colour_simulate (ADM_COLOUR_VISION_PROTANOPIA, red, out);
  assert_close (out[0], 0.426608, 1e-5);
  assert_close (out[1], 0.372654, 1e-5);
  assert_close (out[2], 0.0, 1e-12);
  adm_colour_simulate (ADM_COLOUR_VISION_DEUTERANOPIA, green, out);
  assert_close (out[0], 0.936051, 1e-5);
  assert_close (out[1], 0.839248, 1e-5);
  assert_close (out[2], 0.229192, 1e-5);
  /* A grey looks the same to everyone: each matrix's rows sum to 1. */
  for (AdmColourVision v = ADM_COLOUR_VISION_NORMAL; v <= ADM_COLOUR_VISION_DEUTERANOPIA; v++)
    {
      adm_colour_simulate (v, grey, out);
      for (guint c = 0; c < 3; c++)
        assert_close (out[c], 0.5, 1e-4);
    }
}

/* The colours the season had before they were set apart, with the differences the room
 * measured: Barrayar and Cetaganda ΔE 11.2 to a deuteranope, the Dendarii and Jackson's Whole
 * 4.5 to a protanope — CIE76 after Machado's simulation, which gives those figures (CIEDE2000
 * would give 9.6 and 3.6). */
static void
test_old_colours (void)
{
  assert_close (difference (ADM_COLOUR_VISION_DEUTERANOPIA, "#8b1e1e", "#2e7d32"), 11.2, 0.05);
  assert_close (difference (ADM_COLOUR_VISION_PROTANOPIA, "#37474f", "#c2185b"), 4.5, 0.05);
  /* To normal eyes they are far apart: only the colour-blind are lost. */
  g_assert_cmpfloat (difference (ADM_COLOUR_VISION_NORMAL, "#8b1e1e", "#2e7d32"), >, 80);
  g_assert_cmpfloat (difference (ADM_COLOUR_VISION_NORMAL, "#37474f", "#c2185b"), >, 70);
}

/* Every two factions of the bundled season — any two may be set against each other — are
 * apart by ADM_COLOUR_DISTINCT_DELTA_E or more to normal, protanopic and deuteranopic eyes,
 * and each flies a symbol no other has. */
static void
test_bundled_season (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load ("forcon-2010", &error);
  GPtrArray *factions;
  gboolean symbols[ADM_N_FACTION_SYMBOLS] = { FALSE, };

  g_assert_no_error (error);
  factions = adm_ruleset_get_factions (ruleset);
  g_assert_cmpuint (factions->len, >=, 2);
  g_assert_cmpuint (factions->len, <=, ADM_N_FACTION_SYMBOLS);
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *a = g_ptr_array_index (factions, i);

      g_assert_false (symbols[a->symbol]);
      symbols[a->symbol] = TRUE;
      for (guint j = i + 1; j < factions->len; j++)
        {
          const AdmFaction *b = g_ptr_array_index (factions, j);

          for (AdmColourVision v = ADM_COLOUR_VISION_NORMAL;
               v <= ADM_COLOUR_VISION_DEUTERANOPIA; v++)
            {
              double seen = difference (v, a->colour, b->colour);

              g_test_message ("%s/%s, %s: ΔE %.1f", a->id, b->id, adm_colour_vision_name (v),
                              seen);
              g_assert_cmpfloat (seen, >=, ADM_COLOUR_DISTINCT_DELTA_E);
            }
        }
    }
  g_assert_cmpstr (adm_faction_symbol_get_name (
                     adm_ruleset_lookup_faction (ruleset, "barrayar")->symbol), ==, "star");
}

/* A campaign whose season was written before factions had symbols loads, and its factions
 * take the symbols in order ("symbols in order"), none twice. */
static void
test_old_season_symbols (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data",
                                            "campaigns",
                                            "season-before-critical-checks.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (path, &error);
  GPtrArray *factions;

  g_assert_no_error (error);
  g_assert_nonnull (campaign);
  factions = adm_ruleset_get_factions (adm_scenario_get_ruleset (
                                         adm_campaign_get_scenario (campaign)));
  g_assert_cmpuint (factions->len, ==, 8);
  for (guint i = 0; i < factions->len; i++)
    g_assert_cmpint (((AdmFaction *) g_ptr_array_index (factions, i))->symbol, ==, i);
}

/* The default skips what a faction of the season names itself. */
static void
test_default_skips_taken (void)
{
  gboolean taken[ADM_N_FACTION_SYMBOLS] = { FALSE, };

  taken[ADM_FACTION_SYMBOL_CIRCLE] = TRUE;
  taken[ADM_FACTION_SYMBOL_SQUARE] = TRUE;
  g_assert_cmpint (adm_faction_symbol_default (taken, 0), ==, ADM_FACTION_SYMBOL_TRIANGLE);
  g_assert_cmpint (adm_faction_symbol_default (taken, 1), ==, ADM_FACTION_SYMBOL_DIAMOND);
  for (guint i = 0; i < ADM_N_FACTION_SYMBOLS; i++)
    taken[i] = TRUE;
  /* All taken: round again by the faction's place. */
  g_assert_cmpint (adm_faction_symbol_default (taken, 9), ==, 1);
}

static void
test_symbol_names (void)
{
  g_autofree char *names = adm_faction_symbol_list_names ();
  AdmFactionSymbol symbol = ADM_N_FACTION_SYMBOLS;

  g_assert_cmpstr (names, ==, "circle, triangle, square, diamond, star, cross, hexagon, bar");
  g_assert_false (adm_faction_symbol_from_name ("moon", &symbol));
  g_assert_false (adm_faction_symbol_from_name ("Star", &symbol));
  g_assert_false (adm_faction_symbol_from_name (NULL, &symbol));
  g_assert_cmpint (symbol, ==, ADM_N_FACTION_SYMBOLS);
  for (guint i = 0; i < ADM_N_FACTION_SYMBOLS; i++)
    {
      g_assert_true (adm_faction_symbol_from_name (adm_faction_symbol_get_name (i), &symbol));
      g_assert_cmpint (symbol, ==, i);
    }
}

/* The editor's check: two opposing factions given the old colours are advice, naming the
 * colour-blindness that loses them and the difference; advice keeps nothing from starting. */
static void
test_scenario_advice (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "skirmish.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioEdit) edit = adm_scenario_edit_open (path, &error);
  g_autoptr(GPtrArray) problems = NULL;
  const AdmProblem *problem;

  g_assert_no_error (error);
  problems = adm_scenario_edit_check (edit);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("problem: %s", ((AdmProblem *) g_ptr_array_index (problems, i))->message);
  g_assert_cmpuint (problems->len, ==, 0);
  g_clear_pointer (&problems, g_ptr_array_unref);

  g_assert_true (adm_scenario_edit_set_faction (edit, "barrayar", "colour", "#8b1e1e", NULL));
  g_assert_true (adm_scenario_edit_set_faction (edit, "cetaganda", "colour", "#2e7d32", NULL));
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpuint (adm_problems_count_blocking (problems), ==, 0);
  problem = g_ptr_array_index (problems, 0);
  g_test_message ("%s", problem->message);
  g_assert_true (problem->advice);
  g_assert_nonnull (strstr (problem->message, "“Barrayaran Imperium” and “Cetagandan Empire”"));
  g_assert_nonnull (strstr (problem->message, "with deuteranopia"));
  g_assert_nonnull (strstr (problem->message, "ΔE 11 "));
  /* At the faction's element in the season the scenario now carries, where its colour is. */
  g_assert_nonnull (problem->node);
  g_assert_true (adm_xml_is (problem->node, "faction"));
  g_clear_pointer (&problems, g_ptr_array_unref);

  /* The bundled colours again: told apart, no advice. */
  g_assert_true (adm_scenario_edit_set_faction (edit, "barrayar", "colour", "#7a0e0b", NULL));
  g_assert_true (adm_scenario_edit_set_faction (edit, "cetaganda", "colour", "#398740", NULL));
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, ==, 0);
}

/* The sides palette's "own" through the audience filter: a side's map, that side; the public's,
 * the first faction in the scenario's order of which the public knows a formation — Barrayar
 * in the Komarr campaign, and, with every Barrayaran formation hidden (F-STRAT-3), not
 * Barrayar, whose colour would tell the room of it, but Cetaganda; once the campaign reveals
 * one, Barrayar again. */
static void
test_palette_own (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "komarr-campaign.admiralty", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) hidden = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmScenario) secret = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmEvent) reveal = NULL;
  AdmRuleset *ruleset;
  const AdmFaction *barrayar, *cetaganda, *komarr;
  AdmStrategy *strategy;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  scenario = adm_scenario_load_data (text, strlen (text), "komarr-campaign.admiralty", &error);
  g_assert_no_error (error);
  ruleset = adm_scenario_get_ruleset (scenario);
  barrayar = adm_ruleset_lookup_faction (ruleset, "barrayar");
  komarr = adm_ruleset_lookup_faction (ruleset, "komarr");
  g_assert_true (adm_audience_palette_own (NULL, scenario, komarr) == komarr);
  g_assert_true (adm_audience_palette_own (NULL, scenario, NULL) == barrayar);

  hidden = g_string_new (text);
  g_assert_cmpuint (g_string_replace (hidden, "faction=\"barrayar\" sector=",
                                      "faction=\"barrayar\" hidden=\"true\" sector=", 0), ==, 4);
  secret = adm_scenario_load_data (hidden->str, hidden->len, "hidden.admiralty", &error);
  g_assert_no_error (error);
  ruleset = adm_scenario_get_ruleset (secret);
  barrayar = adm_ruleset_lookup_faction (ruleset, "barrayar");
  cetaganda = adm_ruleset_lookup_faction (ruleset, "cetaganda");
  g_assert_true (adm_audience_palette_own (NULL, secret, NULL) == cetaganda);
  g_assert_true (adm_audience_palette_own (NULL, secret, barrayar) == barrayar);

  campaign = adm_campaign_new (secret, 1);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  g_assert_true (adm_audience_palette_own (strategy, secret, NULL) == cetaganda);
  reveal = adm_event_new ("reveal", G_GINT64_CONSTANT (1795370400));
  adm_event_set (reveal, "formation", "komarr-fleet-train");
  g_assert_true (adm_campaign_append (campaign, reveal, &error));
  g_assert_no_error (error);
  strategy = adm_state_get_strategy (adm_campaign_get_state (campaign));
  g_assert_true (adm_audience_palette_own (strategy, secret, NULL) == barrayar);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/colour-vision/parse/bad-colours", test_parse);
  g_test_add_func ("/engine/colour-vision/lab/known-values", test_lab);
  g_test_add_func ("/engine/colour-vision/machado/known-values", test_simulate);
  g_test_add_func ("/engine/colour-vision/delta-e/old-colours", test_old_colours);
  g_test_add_func ("/engine/colour-vision/bundled-season/apart", test_bundled_season);
  g_test_add_func ("/engine/colour-vision/symbols/old-season-in-order", test_old_season_symbols);
  g_test_add_func ("/engine/colour-vision/symbols/default-skips-taken", test_default_skips_taken);
  g_test_add_func ("/engine/colour-vision/symbols/names", test_symbol_names);
  g_test_add_func ("/engine/colour-vision/scenario/opposing-alike", test_scenario_advice);
  g_test_add_func ("/engine/colour-vision/F-STRAT-3/palette-own", test_palette_own);
  return g_test_run ();
}
