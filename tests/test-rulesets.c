/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rulesets.c: the shipped ruleset and classes load and hold what the rules and the
 * scenarios expect; rulings can be overridden; and each broken fixture under
 * tests/data/rules-broken/ is refused with its file, line and a description in words. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gstdio.h>

#include "adm-ruleset.h"
#include "adm-xml.h"
#include "file-helpers.h"
#include "shipped-helpers.h"

/* Class ids that scenarios use. */
static const struct {
  const char *id;
  const char *type;
  AdmCategory category;
} required_classes[] = {
  { "vorhartung", "battleship", ADM_CATEGORY_CAPITAL },
  { "ghem-lord", "battleship", ADM_CATEGORY_CAPITAL },
  { "general-vorkraft", "battlecruiser", ADM_CATEGORY_CAPITAL },
  { "ti-lanna", "battlecruiser", ADM_CATEGORY_CAPITAL },
  { "vorkalloner", "heavy-cruiser", ADM_CATEGORY_CAPITAL },
  { "haut-pavilion", "heavy-cruiser", ADM_CATEGORY_CAPITAL },
  { "ariel", "cruiser", ADM_CATEGORY_CAPITAL },
  { "vorberg", "cruiser", ADM_CATEGORY_CAPITAL },
  { "komarran-cruiser", "cruiser", ADM_CATEGORY_CAPITAL },
  { "orbital-monitor", "monitor", ADM_CATEGORY_CAPITAL },
  { "minelayer", "minelayer", ADM_CATEGORY_AUXILIARY },
  { "minesweeper", "minesweeper", ADM_CATEGORY_AUXILIARY },
  { "vorpatril", "destroyer", ADM_CATEGORY_ESCORT },
  { "vervani-destroyer", "destroyer", ADM_CATEGORY_ESCORT },
  { "frigate", "frigate", ADM_CATEGORY_ESCORT },
  { "dendarii-frigate", "frigate", ADM_CATEGORY_ESCORT },
  { "transport", "transport", ADM_CATEGORY_AUXILIARY },
  { "fleet-tender", "support", ADM_CATEGORY_AUXILIARY },
  { "tug", "tug", ADM_CATEGORY_AUXILIARY },
  { "merchant", "merchant", ADM_CATEGORY_AUXILIARY },
};

/* F-SHIP-1, F-SHIP-2, F-SHIP-3. */
static const struct {
  const char *id;
  double      base_size;
  const char *clause;
} ship_types[] = {
  { "battleship", 2.5, "F-SHIP-1" },
  { "battlecruiser", 2.5, "F-SHIP-1" },
  { "heavy-cruiser", 2.5, "F-SHIP-1" },
  { "cruiser", 2.0, "F-SHIP-2" },
  { "monitor", 2.0, "F-SHIP-2" },
  { "minelayer", 2.0, "F-SHIP-2" },
  { "minesweeper", 2.0, "F-SHIP-2" },
  { "destroyer", 1.5, "F-SHIP-3" },
  { "frigate", 1.5, "F-SHIP-3" },
  { "transport", 1.5, "F-SHIP-3" },
  { "support", 1.5, "F-SHIP-3" },
  { "tug", 1.5, "F-SHIP-3" },
  { "merchant", 1.5, "F-SHIP-3" },
  /* F-STN-1, F-STN-5: stations and defence platforms; the rules give no base size. */
  { "station", 3.0, "F-STN-1" },
  { "platform", 2.5, "F-STN-5" },
};

static const char * const required_factions[] = {
  "barrayar", "cetaganda", "komarr", "vervain", "pol", "aslund", "dendarii", "jacksons-whole",
};

static const struct {
  const char *id;
  const char *clause;
  const char *default_value;
  guint       n_options;
} required_rulings[] = {
  { "artillery-shift-past-edge", "F-ART-10", "clamp", 2 },
  { "firepower-above-table", "F-ART-11", "split", 2 },
  { "halved-firepower", "F-ART-11", "halve-then-floor", 2 },
  { "readiness-bands", "F-RDY-5", "first-match", 1 },
  { "formation-composition", "F-FORM-8", "six-of-one-category", 2 },
  { "muster-default", "F-GEN-6", "by-category", 2 },
  { "unlisted-ship-types-turn", "F-MOVE-13", "as-data", 1 },
  { "formation-target", "F-FORM-18", "flagship", 2 },
  { "formation-hits", "F-FORM-19", "named-ship", 1 },
  { "shields-against-artillery", "F-WPN-7", "before-armour", 2 },
  { "readiness-penalty", "F-RDY-3", "any-damage", 1 },
  { "readiness-modifier-base", "F-RDY-5", "current", 1 },
  { "turn-sequence", "F-SEQ-2", "simultaneous", 1 },
  { "fire-reveals", "F-ECM-3", "full", 2 },
  { "ecm-detection", "F-ECM-5", "attack-beats-defence", 2 },
  { "enemy-ship-card", "F-ECM-6", "class-and-state", 2 },
  { "braking-run", "F-MOVE-4", "zero", 1 },
  { "keep-moving", "F-MOVE-5", "moved-last-turn", 2 },
  { "turn-limit", "F-MOVE-7", "total-per-phase", 1 },
  { "combat-order-check", "F-MOVE-14", "only-where-stated", 1 },
  { "halved-fire-scope", "F-MOVE-15", "direct-fire", 1 },
  { "all-ahead-full-extra", "F-MOVE-17", "cm-up-to-roll", 1 },
  { "ramming-order", "F-MOVE-18", "with-all-ahead-full", 1 },
  { "damaged-fire-check", "F-FIRE-9", "nearest-or-hold", 2 },
  { "fire-distribution-modifier", "F-FIRE-10", "replaces-general", 1 },
  { "return-fire", "F-FIRE-12", "once-per-formation", 1 },
  { "half-range-boundary", "F-ART-8", "at-most-half", 2 },
  { "explosions-and-hulks", "F-CAT-4", "markers-shift-hulks-block", 2 },
  { "shield-restore", "F-SHLD-3", "next-turn", 1 },
  { "shield-pool", "F-SHLD-5", "touching-share", 1 },
  { "critical-threshold-other", "F-CRIT-1", "six", 1 },
  { "catastrophic-trigger", "F-CRIT-3", "zero-hull", 1 },
  { "damaged-threshold", "F-CRIT-6", "half-or-more", 1 },
  { "main-guns", "F-CRIT-9", "strongest-artillery", 1 },
  { "critical-next-entry", "F-CRIT-20", "next-higher-wrap", 1 },
  { "wreck-inactive", "F-CAT-1", "zero-hull", 1 },
  { "frigate-critical", "F-CAT-2", "frigates-survive", 1 },
  { "hulk-drift", "F-CAT-10", "along-last-heading", 1 },
  { "explosion-strike", "F-CAT-12", "dice-per-vessel", 2 },
  { "target-lock", "F-FORD-2", "reroll-misses-once", 1 },
  { "reinforce-shields", "F-FORD-6", "check-extends", 1 },
  { "ram-size", "F-RAM-4", "base-size", 1 },
  { "ram-burn-up", "F-RAM-5", "escorts-ramming-capital-ships", 2 },
  { "ram-damage", "F-RAM-12", "starting-hull", 1 },
  { "ram-shield-modifier", "F-RAM-13", "plus-one-stronger", 2 },
  { "formation-contact", "F-FORM-1", "declared", 1 },
  { "formation-changes", "F-FORM-7", "before-battle", 1 },
  { "succession-roll", "F-FORM-14", "end-phase-with-penalty", 1 },
  { "flagship-transfer", "F-FORM-17", "automatic", 1 },
  { "auxiliary-target", "F-ART-15", "as-escort", 1 },
  /* Stations and low orbits (F-STN, F-ORB) */
  { "station-target", "F-ART-16", "orbital", 2 },
  { "station-catastrophic-dice", "F-STN-4", "2d6", 2 },
  { "station-catastrophic-check", "F-STN-8", "table-roll", 2 },
  { "station-reactor", "F-STN-11", "round-down", 2 },
  { "station-orbit", "F-STN-5", "platforms-stay", 2 },
  { "station-owner-absent", "F-STN-6", "mark", 2 },
  { "station-orbit-decay", "F-STN-13", "one-turn", 2 },
  { "orbit-change-halving", "F-ORB-2", "turn-round-down", 2 },
  { "orbit-fall-results", "F-ORB-3", "crit-21-results", 2 },
  { "low-orbit-criticals", "F-CRIT-21", "fall", 2 },
  /* Torpedoes. */
  { "torpedo-turns", "F-WPN-12", "profile", 1 },
  { "salvo-marker", "F-FORM-13", "one-at-farthest", 2 },
  { "torpedo-reload", "F-TORP-1", "skip-a-turn", 1 },
  { "prepare-to-launch", "F-TORP-2", "fire-phase-check", 1 },
  { "torpedo-steer", "F-TORP-5", "once-in-total", 2 },
  { "torpedo-units", "F-TORP-7", "firepower", 1 },
  { "torpedo-friendly", "F-TORP-10", "any-friendly", 2 },
  { "premature-detonation", "F-TORP-12", "per-torpedo", 2 },
  { "escort-cover", "F-TORP-14", "range-to-ship-unfired", 1 },
  { "salvo-target-column", "F-TORP-18", "torpedo-column", 2 },
  { "escort-fire-at-salvo", "F-TORP-19", "turret-dice-fire-phase", 1 },
  { "strategic-phase", "F-STRAT-6", "comms-cycle", 2 },
  { "fast-ships", "F-STRAT-10", "speed-over-25", 2 },
  { "half-phase-actions", "F-STRAT-10", "two-per-phase", 2 },
  { "absent-admiral", "F-STRAT-5", "readiness-check", 2 },
  { "late-arrivals", "F-STRAT-4", "new-wave", 1 },
  { "dice-contribution-missing", "F-STRAT-4", "master-throws", 1 },
  { "prize-admiral", "F-BOARD-17", "captor-formation", 2 },
  { "strategic-repair", "F-DC-1", "master-records", 2 },
  { "last-seen-target", "F-STRAT-16", "last-seen-place", 2 },
  { "station-engagement", "F-STRAT-16", "engages", 2 },
  { "station-news", "F-STRAT-3", "holders-and-contact", 2 },
  /* The luck ledger (beyond the rulebook). */
  { "explosion-luck", "F-CAT-12", "struck-side", 3 },
  /* Mines and minesweeping. */
  { "minelaying", "F-WPN-19", "strategic-only", 2 },
  { "minelaying-contact", "F-MINE-13", "base-contact", 2 },
  { "standing-minelaying", "F-MINE-13", "each-cycle", 2 },
  { "mine-plasma-shift", "F-MINE-7", "one-column-left", 2 },
  { "mine-plasma-shields", "F-MINE-7", "as-artillery", 2 },
  { "mine-reach", "F-MINE-15", "card-range-single-use", 1 },
  { "sweep-reach", "F-SWEEP-3", "class-devices-from-ship", 1 },
  { "sweep-blunder", "F-SWEEP-5", "d6", 2 },
  /* End stage and damage control (F-END, F-DC) */
  { "damage-control-attempts", "F-END-1", "declared", 2 },
  { "damage-control-modifier", "F-DC-5", "none", 2 },
  { "damage-control-extra-die", "F-DC-1", "second-chance", 2 },
  { "repair-priority", "F-DC-1", "fire-critical-hull", 1 },
  { "crew-losses", "F-CRIT-18", "permanent", 2 },
  { "explosion-markers", "F-END-2", "after-next-turn", 3 },
  /* Boarding (F-BOARD) */
  { "boarding-contact", "F-BOARD-1", "one-to-one", 1 },
  { "boarding-ratio", "F-BOARD-12", "current-pools", 2 },
  { "boarding-roll", "F-BOARD-13", "tie-no-effect", 2 },
  { "boarding-rounds", "F-BOARD-15", "one-per-turn", 2 },
  { "captured-fate", "F-BOARD-16", "scuttle-destroys", 2 },
  { "takeover-retry", "F-BOARD-17", "retry-each-turn", 2 },
  { "takeover-readiness", "F-BOARD-18", "prize-half-captor-quarter", 1 },
};

static char *
fixture_path (const char *name)
{
  const char *source = g_getenv ("ADMIRALTY_SOURCE_DIR");

  g_assert_nonnull (source);
  return g_build_filename (source, "tests", "data", "rules-broken", name, NULL);
}

/* Shipped data */

static void
test_shipped_header (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autofree char *name = NULL;

  g_assert_cmpstr (adm_ruleset_get_id (ruleset), ==, "forcon-2010");
  g_assert_cmpstr (adm_ruleset_get_name (ruleset), ==, "Forcon 2010");
  g_object_get (ruleset, "name", &name, NULL);
  g_assert_cmpstr (name, ==, "Forcon 2010");
}

static void
test_shipped_ship_types (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  GPtrArray *types = adm_ruleset_get_ship_types (ruleset);

  g_assert_cmpuint (types->len, ==, G_N_ELEMENTS (ship_types));
  for (guint i = 0; i < G_N_ELEMENTS (ship_types); i++)
    {
      const AdmShipType *type = NULL;

      for (guint t = 0; t < types->len; t++)
        if (g_str_equal (((AdmShipType *) g_ptr_array_index (types, t))->id, ship_types[i].id))
          type = g_ptr_array_index (types, t);
      g_assert_nonnull (type);
      g_assert_cmpfloat (type->base_size, ==, ship_types[i].base_size);
      g_assert_cmpstr (type->clause, ==, ship_types[i].clause);
      g_assert_cmpstr (type->name, !=, "");
    }
}

static void
test_shipped_classes (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();

  g_assert_cmpuint (adm_ruleset_get_classes (ruleset)->len, >=, G_N_ELEMENTS (required_classes));
  for (guint i = 0; i < G_N_ELEMENTS (required_classes); i++)
    {
      const AdmShipClass *klass = adm_ruleset_lookup_class (ruleset, required_classes[i].id);

      g_test_message ("class %s", required_classes[i].id);
      g_assert_nonnull (klass);
      g_assert_cmpstr (klass->type->id, ==, required_classes[i].type);
      g_assert_cmpint (klass->category, ==, required_classes[i].category);
      /* Plausible sample statistics: see the note at the top of the classes file. */
      g_assert_cmpint (klass->turn, ==, klass->category == ADM_CATEGORY_ESCORT ? 90 : 45);
      g_assert_cmpint (klass->hull, >=, 2);
      g_assert_cmpint (klass->hull, <=, 20);
      g_assert_cmpint (klass->armour, >=, 2);
      g_assert_cmpint (klass->armour, <=, 6);
      g_assert_cmpint (klass->shields, <=, 4);
      g_assert_cmpint (klass->speed, >=, 10);
      g_assert_cmpint (klass->speed, <=, 40);
    }
}

static void
test_shipped_ariel (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();

  /* F-MOVE-11: the Illyrian-built Ariel turns at any point of its move; other cruisers not. */
  g_assert_true (adm_ruleset_lookup_class (ruleset, "ariel")->turn_anywhere);
  g_assert_false (adm_ruleset_lookup_class (ruleset, "vorberg")->turn_anywhere);
  g_assert_false (adm_ruleset_lookup_class (ruleset, "komarran-cruiser")->turn_anywhere);
}

static void
test_shipped_weapons (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  GPtrArray *classes = adm_ruleset_get_classes (ruleset);
  gboolean seen[ADM_WEAPON_MINE + 1] = { FALSE };
  const AdmShipClass *minelayer = adm_ruleset_lookup_class (ruleset, "minelayer");
  gboolean minelayer_has_mines = FALSE;

  for (guint c = 0; c < classes->len; c++)
    {
      const AdmShipClass *klass = g_ptr_array_index (classes, c);

      for (guint w = 0; w < klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (klass->weapons, w);

          seen[weapon->type] = TRUE;
          g_assert_cmpint (weapon->arcs, !=, 0);
          if (weapon->type == ADM_WEAPON_TORPEDO)
            {
              g_assert_cmpint (weapon->torpedo_speed, >, 0);
              g_assert_cmpint (weapon->torpedo_turns, >, 0);
            }
        }
    }
  for (guint t = 0; t < G_N_ELEMENTS (seen); t++)
    g_assert_true (seen[t]);

  for (guint w = 0; w < minelayer->weapons->len; w++)
    if (((AdmWeapon *) g_ptr_array_index (minelayer->weapons, w))->type == ADM_WEAPON_MINE)
      minelayer_has_mines = TRUE;
  g_assert_true (minelayer_has_mines);
}

static void
test_shipped_factions (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  GPtrArray *factions = adm_ruleset_get_factions (ruleset);
  g_autoptr(GHashTable) colours = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpuint (factions->len, >=, 8);
  for (guint i = 0; i < G_N_ELEMENTS (required_factions); i++)
    g_assert_nonnull (adm_ruleset_lookup_faction (ruleset, required_factions[i]));
  g_assert_cmpstr (adm_ruleset_lookup_faction (ruleset, "barrayar")->name, ==,
                   "Barrayaran Imperium");
  g_assert_cmpstr (adm_ruleset_lookup_faction (ruleset, "jacksons-whole")->name, ==,
                   "Jackson's Whole");

  /* Distinct colours, so the map can tell the sides apart. */
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);
      g_autofree char *colour = g_ascii_strdown (faction->colour, -1);

      g_assert_cmpuint (strlen (colour), ==, 7);
      g_assert_false (g_hash_table_contains (colours, colour));
      g_hash_table_add (colours, g_steal_pointer (&colour));
    }
}

static void
test_lookups (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  const AdmShipClass *vorkraft = adm_ruleset_lookup_class (ruleset, "general-vorkraft");
  const AdmWeapon *main_battery = g_ptr_array_index (vorkraft->weapons, 0);
  g_autofree char *arcs = adm_arcs_to_string (main_battery->arcs);
  g_autofree char *all = adm_arcs_to_string (ADM_ARC_STARBOARD | ADM_ARC_BOW | ADM_ARC_STERN |
                                             ADM_ARC_PORT);

  g_assert_cmpstr (vorkraft->name, ==, "General Vorkraft");
  g_assert_cmpfloat (vorkraft->type->base_size, ==, 2.5);
  g_assert_cmpstr (main_battery->id, ==, "main");
  g_assert_cmpint (main_battery->type, ==, ADM_WEAPON_ARTILLERY);
  g_assert_cmpstr (arcs, ==, "bow port starboard");
  g_assert_cmpstr (all, ==, "bow stern port starboard");

  g_assert_null (adm_ruleset_lookup_class (ruleset, "ariel-ii"));
  g_assert_null (adm_ruleset_lookup_faction (ruleset, "escobar"));
  g_assert_cmpstr (adm_ruleset_lookup_faction (ruleset, "dendarii")->name, ==,
                   "Dendarii Free Mercenary Fleet");

  g_assert_cmpstr (adm_category_to_string (ADM_CATEGORY_ESCORT), ==, "escort");
  g_assert_cmpstr (adm_weapon_type_to_string (ADM_WEAPON_TORPEDO), ==, "torpedo");
}

/* Rulings */

static int
compare_clause_pointers (gconstpointer a,
                         gconstpointer b)
{
  return adm_clause_compare (*(const char *const *) a, *(const char *const *) b);
}

static void
test_rulings (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();

  g_assert_cmpuint (adm_ruleset_get_rulings (ruleset)->len, ==, G_N_ELEMENTS (required_rulings));
  for (guint i = 0; i < G_N_ELEMENTS (required_rulings); i++)
    {
      const AdmRuling *ruling = adm_ruleset_lookup_ruling (ruleset, required_rulings[i].id);

      g_test_message ("ruling %s", required_rulings[i].id);
      g_assert_nonnull (ruling);
      g_assert_cmpstr (ruling->clause, ==, required_rulings[i].clause);
      g_assert_cmpstr (ruling->default_value, ==, required_rulings[i].default_value);
      g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, ruling->id), ==,
                       required_rulings[i].default_value);
      g_assert_cmpuint (ruling->options->len, ==, required_rulings[i].n_options);
      g_assert_cmpuint (ruling->option_names->len, ==, ruling->options->len);
      for (guint o = 0; o < ruling->option_names->len; o++)
        g_assert_cmpstr (g_ptr_array_index (ruling->option_names, o), !=, "");
      g_assert_cmpstr (ruling->name, !=, "");
      g_assert_cmpstr (ruling->description, !=, "");
    }
  g_assert_null (adm_ruleset_lookup_ruling (ruleset, "ramming-size"));
}

/* Clause ids sorted as the rules number them: a part's number by its value, so that
 * F-FORM-8 comes before F-FORM-10 (which a comparison of letters puts first). */
static void
test_clause_order (void)
{
  const char *clauses[] = {
    "F-FORM-19", "F-GEN-6", "F-FORM-10", "F-ART-11", "F-FORM-8", "F-FORM-18", "F-ART-10",
    "F-MOVE-4", "F-FORM", "F-MOVE-14",
  };
  const char *sorted[] = {
    "F-ART-10", "F-ART-11", "F-FORM", "F-FORM-8", "F-FORM-10", "F-FORM-18",
    "F-FORM-19", "F-GEN-6", "F-MOVE-4", "F-MOVE-14",
  };
  g_autoptr(GPtrArray) list = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (clauses); i++)
    g_ptr_array_add (list, (gpointer) clauses[i]);
  g_ptr_array_sort (list, compare_clause_pointers);
  for (guint i = 0; i < G_N_ELEMENTS (sorted); i++)
    g_assert_cmpstr (list->pdata[i], ==, sorted[i]);
  g_assert_cmpint (adm_clause_compare ("F-FORM-8", "F-FORM-10"), <, 0);
  g_assert_cmpint (adm_clause_compare ("F-FORM-10", "F-FORM-8"), >, 0);
  g_assert_cmpint (adm_clause_compare ("F-FORM-8", "F-FORM-8"), ==, 0);
  /* A leading zero is no part of a number's value. */
  g_assert_cmpint (adm_clause_compare ("T-A-8", "T-A-08"), ==, 0);
  g_assert_cmpint (adm_clause_compare ("T-A-08", "T-A-10"), <, 0);
  g_assert_cmpint (adm_clause_compare ("F-FORM-8", "F-GEN-6"), <, 0);
}

/* F-STRAT-15, F-TAC-1: the shipped placements and which orders give them, as data. */
static void
test_placements (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  GPtrArray *placements = adm_ruleset_get_placements (ruleset);
  const AdmPlacement *attack = adm_ruleset_lookup_placement (ruleset, "attack-formation");
  const AdmPlacement *march = adm_ruleset_lookup_placement (ruleset, "marching-order");
  const AdmPlacement *defensive = adm_ruleset_lookup_placement (ruleset, "defensive");

  g_assert_cmpuint (placements->len, ==, 3);
  g_assert_nonnull (attack);
  g_assert_nonnull (march);
  g_assert_nonnull (defensive);
  g_assert_null (adm_ruleset_lookup_placement (ruleset, "wedge"));
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmPlacement *placement = g_ptr_array_index (placements, i);

      g_assert_cmpstr (placement->name, !=, "");
      g_assert_cmpstr (placement->description, !=, "");
    }
  g_assert_cmpstr (attack->name, ==, "Attack formation");
  g_assert_cmpint (attack->arrangement, ==, ADM_ARRANGEMENT_LINE_ABREAST);
  g_assert_false (attack->along_line);
  g_assert_cmpfloat (attack->setback, ==, 0);
  g_assert_cmpfloat (attack->spacing, ==, 3);
  g_assert_cmpint (march->arrangement, ==, ADM_ARRANGEMENT_COLUMN);
  g_assert_true (march->along_line);
  g_assert_cmpfloat (march->setback, >, 0);
  g_assert_cmpfloat (march->spacing, >, attack->spacing);
  g_assert_cmpint (defensive->arrangement, ==, ADM_ARRANGEMENT_BLOCK);
  g_assert_cmpint (defensive->files, ==, 3);

  /* F-STRAT-15: attack and patrol give attack formation, move marching order, defend the
   * block; no timed order gives the default. */
  g_assert_true (adm_ruleset_placement_for_order (ruleset, "attack") == attack);
  g_assert_true (adm_ruleset_placement_for_order (ruleset, "patrol") == attack);
  g_assert_true (adm_ruleset_placement_for_order (ruleset, "move") == march);
  g_assert_true (adm_ruleset_placement_for_order (ruleset, "defend") == defensive);
  g_assert_true (adm_ruleset_placement_for_order (ruleset, NULL) == attack);
  g_assert_true (adm_ruleset_placement_for_order (ruleset, "instructions") == attack);
  /* F-STRAT-5: a failed check catches the formation in marching order. */
  g_assert_true (adm_ruleset_get_check_failed_placement (ruleset) == march);
}

/* A ruleset without <placements> has the built-in line abreast and nothing else. */
static void
test_placements_builtin (void)
{
  g_autofree char *path = fixture_path ("control.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load_file (path, &error);
  const AdmPlacement *placement;

  g_assert_no_error (error);
  g_assert_cmpuint (adm_ruleset_get_placements (ruleset)->len, ==, 1);
  placement = adm_ruleset_placement_for_order (ruleset, "move");
  g_assert_cmpstr (placement->id, ==, "attack-formation");
  g_assert_cmpint (placement->arrangement, ==, ADM_ARRANGEMENT_LINE_ABREAST);
  g_assert_true (adm_ruleset_get_check_failed_placement (ruleset) == placement);
}

static void
test_set_ruling_valid (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_ruleset_set_ruling (ruleset, "formation-composition", "six-per-category",
                                         &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, "formation-composition"), ==,
                   "six-per-category");
  /* The default is remembered apart from the current value. */
  g_assert_cmpstr (adm_ruleset_lookup_ruling (ruleset, "formation-composition")->default_value,
                   ==, "six-of-one-category");

  g_assert_true (adm_ruleset_set_ruling (ruleset, "formation-composition", "six-of-one-category",
                                         &error));
  g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, "formation-composition"), ==,
                   "six-of-one-category");
}

static void
test_set_ruling_unknown_ruling (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_ruleset_set_ruling (ruleset, "ramming-size", "base", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "has no ruling “ramming-size”"));
  g_assert_nonnull (strstr (error->message, "artillery-shift-past-edge"));
}

static void
test_set_ruling_unknown_value (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_ruleset_set_ruling (ruleset, "artillery-shift-past-edge", "extrapolate",
                                          &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message,
                            "ruling “artillery-shift-past-edge” has no option “extrapolate”"));
  g_assert_nonnull (strstr (error->message, "clamp, no-shot"));
  /* A refused value leaves the ruling as it was. */
  g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, "artillery-shift-past-edge"), ==,
                   "clamp");
}

/* Search path */

static void
test_search_path (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  g_autofree char *rules = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "data", "rules",
                                             NULL);
  g_autofree char *path = g_strconcat ("/nonexistent-admiralty-dir::", rules, NULL);
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(GError) error = NULL;

  /* Empty and missing directories are skipped; the first one holding the file wins. */
  g_setenv ("ADMIRALTY_RULES_PATH", path, TRUE);
  ruleset = adm_ruleset_load ("forcon-2010", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adm_ruleset_get_id (ruleset), ==, "forcon-2010");

  g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
}

/* $ADMIRALTY_RULES_PATH, when set, is the whole search path: a build tree's tests never read a
 * copy of the rules installed elsewhere (here, one under $XDG_DATA_HOME). */
static void
test_search_path_only_env (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  g_autofree char *saved_home = g_strdup (g_getenv ("XDG_DATA_HOME"));
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp ("admiralty-rules-home-XXXXXX", &error);
  g_autofree char *copy = NULL, *from = NULL, *command = NULL;
  g_autoptr(GPtrArray) dirs = NULL;

  g_assert_no_error (error);
  copy = g_build_filename (home, "admiralty", "rules", NULL);
  from = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "data", "rules", NULL);
  g_assert_cmpint (g_mkdir_with_parents (copy, 0700), ==, 0);
  command = g_strdup_printf ("cp -r '%s'/. '%s'", from, copy);
  g_assert_cmpint (system (command), ==, 0);
  g_setenv ("XDG_DATA_HOME", home, TRUE);

  g_setenv ("ADMIRALTY_RULES_PATH", "/nonexistent-admiralty-rules", TRUE);
  dirs = adm_rules_search_path ();
  g_assert_cmpuint (dirs->len, ==, 1);
  g_assert_null (adm_ruleset_load ("forcon-2010", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO);

  g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
  if (saved_home != NULL)
    g_setenv ("XDG_DATA_HOME", saved_home, TRUE);
  else
    g_unsetenv ("XDG_DATA_HOME");
  g_free (command);
  command = g_strdup_printf ("rm -rf '%s'", home);
  g_assert_cmpint (system (command), ==, 0);
}

static void
test_unknown_ruleset (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;

  g_assert_null (adm_ruleset_load ("forcon-1999", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "There is no ruleset “forcon-1999”"));
  g_assert_nonnull (strstr (error->message, "forcon-1999.xml"));

  /* An id from a scenario must not be able to name another directory. */
  g_assert_null (adm_ruleset_load ("../rules/forcon-2010", &error2));
  g_assert_error (error2, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error2->message, "is not a ruleset id"));
}

static void
test_file_named_after_id (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  g_autofree char *dir = fixture_path ("");
  g_autoptr(GError) error = NULL;

  /* control.xml holds ruleset "forcon-2010". */
  g_setenv ("ADMIRALTY_RULES_PATH", dir, TRUE);
  g_assert_null (adm_ruleset_load ("control", &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "control.xml"));
  g_assert_nonnull (strstr (error->message, "defines ruleset “forcon-2010”, not “control”"));

  g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
}

/* F-CRIT-2: the ruleset's forcon-2010 from a copy in @dir, or NULL with @error set. */
static AdmRuleset *
load_copy (const char  *dir,
           GError     **error)
{
  g_autofree char *saved = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  AdmRuleset *ruleset;

  g_setenv ("ADMIRALTY_RULES_PATH", dir, TRUE);
  ruleset = adm_ruleset_load ("forcon-2010", error);
  g_setenv ("ADMIRALTY_RULES_PATH", saved, TRUE);
  return ruleset;
}

/* F-CRIT-2, F-CAT-3: a table covers the sums of its own roll's dice count. A season rolling
 * the critical tables on 3d6 opens with rows 3..18 and is refused with the rulebook's 2..12,
 * at the row that leaves the range, or with a gap, at the table's line, naming the roll and
 * the dice. */
static void
test_critical_tables_3d6 (void)
{
  char *dir = changed_rules_new (NULL, "ruleset", NULL, "clause=\"F-CRIT-2\" dice=\"2\"",
                                 "clause=\"F-CRIT-2\" dice=\"3\"");
  g_autofree char *path = g_build_filename (dir, "forcon-2010.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *gap = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) error2 = NULL;
  g_autoptr(GError) error3 = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  const AdmTableRow *row;

  /* The rulebook's rows with 3 dice: 2 cannot be rolled. */
  g_assert_null (load_copy (dir, &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "forcon-2010.xml:72:"));
  g_assert_nonnull (strstr (error->message, "the result covers rolls 2 to 2, but the table's "
                                            "3d6 rolls (F-CRIT-2) run from 3 to 18"));

  /* Rows 3..18: it opens; each sum has its row, each row its effect's result. */
  changed_rules_critical_3d6 (dir);
  ruleset = load_copy (dir, &error2);
  g_assert_no_error (error2);
  g_assert_cmpint (adm_ruleset_get_dice (ruleset, ADM_DICE_CRITICAL_TABLE), ==, 3);
  row = adm_ruleset_critical_roll (ruleset, "ship", 3, NULL);
  g_assert_cmpstr (row->effect, ==, "main-guns");
  g_assert_cmpint (row->result, ==, 2);
  row = adm_ruleset_critical_roll (ruleset, "ship", 18, NULL);
  g_assert_cmpstr (row->effect, ==, "superstructure");
  g_assert_cmpint (row->result, ==, 12);
  g_assert_true (adm_ruleset_critical (ruleset, "ship", 12) == row);
  row = adm_ruleset_critical_roll (ruleset, "station", 9, NULL);
  g_assert_cmpstr (row->effect, ==, "fire");
  g_assert_cmpint (row->result, ==, 7);
  g_assert_null (adm_ruleset_critical_roll (ruleset, "ship", 2, &error3));
  g_assert_nonnull (strstr (error3->message, "2 is not a 3d6 roll: rolls run from 3 to 18"));
  /* The catastrophic table keeps its 2d6 (F-CAT-3). */
  g_assert_cmpstr (adm_ruleset_catastrophic (ruleset, 2, NULL)->effect, ==, "drifting-hulk");

  /* A gap: no row for 18. */
  text = file_contents (path);
  gap = rules_text_changed (text, "<critical-table kind=\"ship\"", "to=\"18\"", "to=\"17\"");
  g_assert_true (g_file_set_contents (path, gap, -1, NULL));
  g_clear_error (&error);
  g_assert_null (load_copy (dir, &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "forcon-2010.xml:70:"));
  g_assert_nonnull (strstr (error->message, "the table has no result for the 3d6 roll 18 "
                                            "(F-CRIT-2): its results must cover every roll "
                                            "from 3 to 18 exactly once"));
  changed_rules_remove (dir);
}

/* Broken fixtures */

static void
test_control_fixture (void)
{
  g_autofree char *path = fixture_path ("control.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load_file (path, &error);

  /* Every broken fixture is this file with one defect; it must load. */
  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  g_assert_cmpint (adm_ruleset_get_artillery (ruleset)->n_rows, ==, 4);
  g_assert_nonnull (adm_ruleset_lookup_class (ruleset, "frigate"));
}

/* The elements added after campaigns began to carry their season may be left out: a ruleset without
 * them, as a season saved before carries, plays by ruleset-defaults.xml's numbers, which are the
 * bundled forcon-2010.xml's (F-FORD-8, F-DES-2, F-DES-3, F-ART-13, F-WPN-16, F-CRIT-1, F-CRIT-14,
 * F-CAT-12, F-CAT-13 (strike and strength), F-STN-8, F-FORM-14, F-BOARD-3, F-BOARD-4, F-BOARD-5,
 * F-BOARD-6, F-BOARD-9, F-BOARD-10, F-BOARD-11, F-BOARD-12, F-BOARD-17, F-BOARD-18, F-RDY-3,
 * F-RAM-4, F-RAM-13, F-RAM-8, F-ORB-2, F-DC-1, F-ORB-3, F-STRAT-1, F-STRAT-6, F-STRAT-10,
 * F-STRAT-11, and the dice counts of F-CRIT-2, F-CAT-3, F-DC-2, F-RDY-2, F-CAT-12, F-CAT-10,
 * F-CAT-11, F-MOVE-17, F-ECM-5, F-BOARD-13, F-STN-13, F-FORM-8, F-CRIT-6, F-ART-8, F-ART-9,
 * F-SWEEP-3, F-SWEEP-4, F-SWEEP-5). */
static void
test_defaults_for_an_old_season (void)
{
  g_autofree char *rules = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "data", "rules",
                                             NULL);
  g_autofree char *shipped_path = g_build_filename (rules, "forcon-2010.xml", NULL);
  g_autofree char *classes_path = g_build_filename (rules, "forcon-2010-classes.xml", NULL);
  g_autofree char *text = NULL, *classes = NULL, *old_path = NULL, *old_classes = NULL;
  g_autofree char *dir = NULL;
  g_autoptr(AdmRuleset) shipped = NULL, old = NULL;
  g_autoptr(GError) error = NULL;
  const char *start, *end;
  g_autofree char *cut = NULL;
  const int *old_times, *old_bonus, *times, *bonus;
  int lost, of, old_lost, old_of;

  shipped = adm_ruleset_load_file (shipped_path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (shipped_path, &text, NULL, &error));
  g_assert_true (g_file_get_contents (classes_path, &classes, NULL, &error));
  /* The shipped file less everything from <special-shield> to <minesweeping>. */
  start = strstr (text, "  <special-shield ");
  end = strstr (text, "</minesweeping>");
  g_assert_nonnull (start);
  g_assert_nonnull (end);
  end = strchr (end, '\n') + 1;
  cut = g_strdup_printf ("%.*s%s", (int) (start - text), text, end);
  g_assert_null (strstr (cut, "<critical-checks"));
  g_assert_null (strstr (cut, "<gravi-destructor"));
  dir = g_dir_make_tmp ("admiralty-old-season-XXXXXX", &error);
  g_assert_no_error (error);
  old_path = g_build_filename (dir, "forcon-2010.xml", NULL);
  old_classes = g_build_filename (dir, "forcon-2010-classes.xml", NULL);
  g_assert_true (g_file_set_contents (old_path, cut, -1, &error));
  g_assert_true (g_file_set_contents (old_classes, classes, -1, &error));
  old = adm_ruleset_load_file (old_path, &error);
  g_remove (old_path);
  g_remove (old_classes);
  g_rmdir (dir);
  g_assert_no_error (error);
  g_assert_nonnull (old);

  g_assert_cmpint (adm_ruleset_get_shield_save_on (old), ==,
                   adm_ruleset_get_shield_save_on (shipped));
  g_assert_cmpint (adm_ruleset_get_destructor_hit_on (old), ==,
                   adm_ruleset_get_destructor_hit_on (shipped));
  g_assert_cmpint (adm_ruleset_get_destructor_critical_on (old), ==,
                   adm_ruleset_get_destructor_critical_on (shipped));
  for (AdmCriticalSource source = 0; source < ADM_N_CRITICAL_SOURCES; source++)
    {
      g_assert_cmpint (adm_ruleset_get_critical_on (old, source), ==,
                       adm_ruleset_get_critical_on (shipped, source));
      g_assert_cmpstr (adm_ruleset_get_critical_clause (old, source), ==,
                       adm_ruleset_get_critical_clause (shipped, source));
    }
  g_assert_cmpint (adm_ruleset_get_explosion_damage_on (old), ==,
                   adm_ruleset_get_explosion_damage_on (shipped));
  g_assert_cmpint (adm_ruleset_get_station_catastrophic_on (old), ==,
                   adm_ruleset_get_station_catastrophic_on (shipped));
  g_assert_cmpint (adm_ruleset_get_succession_bonus (old), ==,
                   adm_ruleset_get_succession_bonus (shipped));
  for (AdmExplosion explosion = 0; explosion < ADM_N_EXPLOSIONS; explosion++)
    g_assert_cmpint (adm_ruleset_get_explosion_percent (old, explosion), ==,
                     adm_ruleset_get_explosion_percent (shipped, explosion));
  for (AdmBoardingModifier modifier = 0; modifier < ADM_N_BOARDING_MODIFIERS; modifier++)
    g_assert_cmpint (adm_ruleset_get_boarding_penalties (old)[modifier], ==,
                     adm_ruleset_get_boarding_penalties (shipped)[modifier]);
  g_assert_cmpint (adm_ruleset_get_boarding_hit_hull (old), ==,
                   adm_ruleset_get_boarding_hit_hull (shipped));
  adm_ruleset_get_boarding_ratios (old, &old_times, &old_bonus);
  adm_ruleset_get_boarding_ratios (shipped, &times, &bonus);
  for (AdmBoardingRatio ratio = 0; ratio < ADM_N_BOARDING_RATIOS; ratio++)
    {
      g_assert_cmpint (old_times[ratio], ==, times[ratio]);
      g_assert_cmpint (old_bonus[ratio], ==, bonus[ratio]);
    }
  for (AdmTakeoverShare share = 0; share < ADM_N_TAKEOVER_SHARES; share++)
    g_assert_cmpint (adm_ruleset_get_takeover_divisor (old, share), ==,
                     adm_ruleset_get_takeover_divisor (shipped, share));
  g_assert_cmpint (adm_ruleset_get_damage_readiness_penalty (old), ==,
                   adm_ruleset_get_damage_readiness_penalty (shipped));
  g_assert_cmpint (adm_ruleset_get_damage_readiness_turns (old), ==,
                   adm_ruleset_get_damage_readiness_turns (shipped));
  g_assert_cmpint (adm_ruleset_get_ram_smaller_target_dice (old), ==,
                   adm_ruleset_get_ram_smaller_target_dice (shipped));
  g_assert_cmpint (adm_ruleset_get_ram_larger_target_dice (old), ==,
                   adm_ruleset_get_ram_larger_target_dice (shipped));
  g_assert_cmpint (adm_ruleset_get_ram_shield_bonus (old), ==,
                   adm_ruleset_get_ram_shield_bonus (shipped));
  g_assert_cmpint (adm_ruleset_get_ram_hull_divisor (old), ==,
                   adm_ruleset_get_ram_hull_divisor (shipped));
  g_assert_cmpint (adm_ruleset_get_orbit_shield_divisor (old), ==,
                   adm_ruleset_get_orbit_shield_divisor (shipped));
  g_assert_cmpint (adm_ruleset_get_damage_control_attempts (old), ==,
                   adm_ruleset_get_damage_control_attempts (shipped));
  g_assert_cmpint (adm_ruleset_get_damage_control_extra_attempts (old), ==,
                   adm_ruleset_get_damage_control_extra_attempts (shipped));
  g_assert_true (g_strv_equal (adm_ruleset_get_damage_control_extra_grades (old),
                               adm_ruleset_get_damage_control_extra_grades (shipped)));
  for (AdmOrbitFallOption option = 0; option < ADM_N_ORBIT_FALL_OPTIONS; option++)
    g_assert_true (g_strv_equal (adm_ruleset_get_orbit_fall_effects (old, option),
                                 adm_ruleset_get_orbit_fall_effects (shipped, option)));
  g_assert_cmpint (adm_ruleset_get_cycle_minutes (old), ==,
                   adm_ruleset_get_cycle_minutes (shipped));
  g_assert_cmpint (adm_ruleset_get_hour_minutes (old), ==,
                   adm_ruleset_get_hour_minutes (shipped));
  g_assert_cmpint (adm_ruleset_get_fast_speed_over (old), ==,
                   adm_ruleset_get_fast_speed_over (shipped));
  g_assert_cmpfloat (adm_ruleset_get_sector_phases (old, FALSE), ==,
                     adm_ruleset_get_sector_phases (shipped, FALSE));
  g_assert_cmpfloat (adm_ruleset_get_sector_phases (old, TRUE), ==,
                     adm_ruleset_get_sector_phases (shipped, TRUE));
  g_assert_cmpfloat (adm_ruleset_get_order_phases (old), ==,
                     adm_ruleset_get_order_phases (shipped));
  for (AdmDiceRoll roll = 0; roll < ADM_N_DICE_ROLLS; roll++)
    g_assert_cmpint (adm_ruleset_get_dice (old, roll), ==, adm_ruleset_get_dice (shipped, roll));
  g_assert_cmpint (adm_ruleset_get_formation_ships (old), ==,
                   adm_ruleset_get_formation_ships (shipped));
  adm_ruleset_get_damaged_share (old, &old_lost, &old_of);
  adm_ruleset_get_damaged_share (shipped, &lost, &of);
  g_assert_cmpint (old_lost, ==, lost);
  g_assert_cmpint (old_of, ==, of);
  g_assert_cmpmem (adm_ruleset_get_range_bands (old), sizeof (AdmRangeBands),
                   adm_ruleset_get_range_bands (shipped), sizeof (AdmRangeBands));
  g_assert_cmpmem (adm_ruleset_get_minesweeping (old), sizeof (AdmMinesweeping),
                   adm_ruleset_get_minesweeping (shipped), sizeof (AdmMinesweeping));
  /* The numbers the engine played before they were data. */
  g_assert_cmpint (adm_ruleset_get_critical_on (old, ADM_CRITICAL_SOURCE_ARTILLERY), ==, 6);
  g_assert_cmpstr (adm_ruleset_get_critical_clause (old, ADM_CRITICAL_SOURCE_FIRE), ==,
                   "F-CRIT-14");
  g_assert_cmpint (adm_ruleset_get_explosion_damage_on (old), ==, 4);
  g_assert_cmpint (adm_ruleset_get_station_catastrophic_on (old), ==, 6);
  g_assert_cmpint (adm_ruleset_get_succession_bonus (old), ==, 3);
  g_assert_cmpint (adm_ruleset_get_explosion_percent (old, ADM_EXPLOSION_PLASMA_OVERLOAD), ==,
                   50);
  g_assert_cmpint (adm_ruleset_get_explosion_percent (old, ADM_EXPLOSION_NECKLIN_RIFT), ==, 100);
  /* F-BOARD-3 −1 for 2 hull points, F-BOARD-4 −2, F-BOARD-5 −1, F-BOARD-6 −3. */
  g_assert_cmpint (adm_ruleset_get_boarding_penalties (old)[ADM_BOARDING_MODIFIER_HIT], ==, 1);
  g_assert_cmpint (adm_ruleset_get_boarding_hit_hull (old), ==, 2);
  g_assert_cmpint (adm_ruleset_get_boarding_penalties (old)[ADM_BOARDING_MODIFIER_DAMAGED], ==, 2);
  g_assert_cmpint (adm_ruleset_get_boarding_penalties (old)[ADM_BOARDING_MODIFIER_COMBAT_ORDER],
                   ==, 1);
  g_assert_cmpint (adm_ruleset_get_boarding_penalties (old)[ADM_BOARDING_MODIFIER_FAILED_ORDER],
                   ==, 3);
  /* F-BOARD-9 +1 when higher … F-BOARD-12 +4 at four times. */
  for (AdmBoardingRatio ratio = 0; ratio < ADM_N_BOARDING_RATIOS; ratio++)
    {
      g_assert_cmpint (old_times[ratio], ==, ratio + 1);
      g_assert_cmpint (old_bonus[ratio], ==, ratio + 1);
    }
  /* F-BOARD-17 half the captor's readiness, F-BOARD-18 a quarter of it. */
  g_assert_cmpint (adm_ruleset_get_takeover_divisor (old, ADM_TAKEOVER_PRIZE), ==, 2);
  g_assert_cmpint (adm_ruleset_get_takeover_divisor (old, ADM_TAKEOVER_CAPTOR), ==, 4);
  g_assert_cmpint (adm_ruleset_get_damage_readiness_penalty (old), ==, 1);
  g_assert_cmpint (adm_ruleset_get_damage_readiness_turns (old), ==, 2);
  g_assert_cmpint (adm_ruleset_get_ram_smaller_target_dice (old), ==, 3);
  g_assert_cmpint (adm_ruleset_get_ram_larger_target_dice (old), ==, 1);
  g_assert_cmpint (adm_ruleset_get_ram_shield_bonus (old), ==, 1);
  g_assert_cmpint (adm_ruleset_get_ram_hull_divisor (old), ==, 2);
  g_assert_cmpint (adm_ruleset_get_orbit_shield_divisor (old), ==, 2);
  /* F-DC-1: one attempt, one more for veterans and elite. */
  g_assert_cmpint (adm_ruleset_get_damage_control_attempts (old), ==, 1);
  g_assert_cmpint (adm_ruleset_get_damage_control_extra_attempts (old), ==, 1);
  g_assert_true (g_strv_equal (adm_ruleset_get_damage_control_extra_grades (old),
                               (const char * const[]) { "veteran", "elite", NULL }));
  /* F-ORB-3: F-CRIT-21's 6, 8, 11 and 12 by their effects; the engines alone. */
  g_assert_true (g_strv_equal (adm_ruleset_get_orbit_fall_effects (old, ADM_ORBIT_FALL_CRIT_21),
                               (const char * const[]) { "engines", "central-deck", "hull",
                                                        "superstructure", NULL }));
  g_assert_true (g_strv_equal (adm_ruleset_get_orbit_fall_effects (old,
                                                                   ADM_ORBIT_FALL_ENGINES_ONLY),
                               (const char * const[]) { "engines", NULL }));
  g_assert_cmpint (adm_ruleset_get_cycle_minutes (old), ==, 40);
  g_assert_cmpint (adm_ruleset_get_hour_minutes (old), ==, 60);
  g_assert_cmpint (adm_ruleset_get_fast_speed_over (old), ==, 25);
  g_assert_cmpfloat (adm_ruleset_get_sector_phases (old, FALSE), ==, 1.0);
  g_assert_cmpfloat (adm_ruleset_get_sector_phases (old, TRUE), ==, 0.5);
  g_assert_cmpfloat (adm_ruleset_get_order_phases (old), ==, 0.5);
  g_assert_cmpint (adm_ruleset_get_dice (old, ADM_DICE_CRITICAL_TABLE), ==, 2);
  g_assert_cmpint (adm_ruleset_get_dice (old, ADM_DICE_EXPLOSION_RADIUS), ==, 3);
  g_assert_cmpint (adm_ruleset_get_dice (old, ADM_DICE_HULK_DRIFT), ==, 4);
  g_assert_cmpint (adm_ruleset_get_dice (old, ADM_DICE_BOARDING), ==, 1);
  g_assert_cmpint (adm_ruleset_get_formation_ships (old), ==, 6);
  g_assert_cmpint (old_lost, ==, 1);
  g_assert_cmpint (old_of, ==, 2);
  g_assert_cmpint (adm_ruleset_get_range_bands (old)->far_beyond, ==, 3);
  g_assert_cmpint (adm_ruleset_get_range_bands (old)->far_of, ==, 4);
  g_assert_cmpint (adm_ruleset_get_minesweeping (old)->cm_per_device, ==, 5);
  g_assert_cmpint (adm_ruleset_get_minesweeping (old)->still_cm, ==, 5);
  g_assert_cmpint (adm_ruleset_get_minesweeping (old)->blunder_dice, ==, 1);
  /* The season is carried as read: the defaults are not written into it, so a sealed
   * campaign's season keeps its SHA-256. */
  g_assert_null (adm_xml_first_element (adm_xml_first_element (adm_ruleset_get_season (old),
                                                               "ruleset"),
                                        "critical-checks"));
}

/* The rulings named after campaigns began to carry their season (F-STRAT-16, F-STRAT-3): a
 * season without them, as a campaign saved before carries, plays by ruleset-defaults.xml's
 * <rulings>, whose defaults are the readings Admiralty played before ("never", "holders-only"),
 * with the shipped ruleset's names, options and descriptions; the season is carried as read. */
static void
test_rulings_for_an_old_season (void)
{
  g_autofree char *rules = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "data", "rules",
                                             NULL);
  g_autofree char *shipped_path = g_build_filename (rules, "forcon-2010.xml", NULL);
  g_autofree char *classes_path = g_build_filename (rules, "forcon-2010-classes.xml", NULL);
  g_autofree char *text = NULL, *classes = NULL, *cut = NULL, *dir = NULL;
  g_autofree char *old_path = NULL, *old_classes = NULL;
  g_autoptr(AdmRuleset) shipped = NULL, old = NULL;
  g_autoptr(GError) error = NULL;
  const char *start, *end;
  xmlNode *season_rulings;

  shipped = adm_ruleset_load_file (shipped_path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (shipped_path, &text, NULL, &error));
  g_assert_true (g_file_get_contents (classes_path, &classes, NULL, &error));
  start = strstr (text, "    <!-- F-STRAT-16 «об атаке соединения противника или сектора»");
  end = strstr (text, "  </rulings>");
  g_assert_nonnull (start);
  g_assert_nonnull (end);
  cut = g_strdup_printf ("%.*s%s", (int) (start - text), text, end);
  g_assert_null (strstr (cut, "station-engagement"));
  g_assert_null (strstr (cut, "station-news"));
  g_assert_null (strstr (cut, "explosion-luck"));
  dir = g_dir_make_tmp ("admiralty-old-rulings-XXXXXX", &error);
  g_assert_no_error (error);
  old_path = g_build_filename (dir, "forcon-2010.xml", NULL);
  old_classes = g_build_filename (dir, "forcon-2010-classes.xml", NULL);
  g_assert_true (g_file_set_contents (old_path, cut, -1, &error));
  g_assert_true (g_file_set_contents (old_classes, classes, -1, &error));
  old = adm_ruleset_load_file (old_path, &error);
  g_remove (old_path);
  g_remove (old_classes);
  g_rmdir (dir);
  g_assert_no_error (error);
  g_assert_nonnull (old);

  g_assert_cmpstr (adm_ruleset_get_ruling_value (old, "station-engagement"), ==, "never");
  g_assert_cmpstr (adm_ruleset_get_ruling_value (old, "station-news"), ==, "holders-only");
  /* The luck ledger counted an explosion's dice for the exploding ship's side before. */
  g_assert_cmpstr (adm_ruleset_get_ruling_value (old, "explosion-luck"), ==, "exploding-side");
  g_assert_cmpstr (adm_ruleset_get_ruling_value (shipped, "explosion-luck"), ==, "struck-side");
  g_assert_cmpstr (adm_ruleset_get_ruling_value (shipped, "station-engagement"), ==, "engages");
  g_assert_cmpstr (adm_ruleset_get_ruling_value (shipped, "station-news"), ==,
                   "holders-and-contact");
  for (const char *const *id = (const char *const[]) { "station-engagement", "station-news",
                                                       "explosion-luck", NULL };
       *id != NULL; id++)
    {
      const AdmRuling *before = adm_ruleset_lookup_ruling (old, *id);
      const AdmRuling *now = adm_ruleset_lookup_ruling (shipped, *id);

      g_assert_cmpstr (before->clause, ==, now->clause);
      g_assert_cmpstr (before->name, ==, now->name);
      g_assert_cmpstr (before->description, ==, now->description);
      g_assert_cmpuint (before->options->len, ==, now->options->len);
      for (guint o = 0; o < now->options->len; o++)
        g_assert_true (g_ptr_array_find_with_equal_func (before->options,
                                                         now->options->pdata[o], g_str_equal,
                                                         NULL));
    }
  /* The master may still choose the new reading for such a campaign. */
  g_assert_true (adm_ruleset_set_ruling (old, "station-engagement", "engages", &error));
  g_assert_no_error (error);
  /* The season is carried as read: the defaults are not written into it. */
  season_rulings = adm_xml_first_element (adm_xml_first_element (adm_ruleset_get_season (old),
                                                                 "ruleset"),
                                          "rulings");
  for (xmlNode *node = adm_xml_first_element (season_rulings, "ruling"); node != NULL;
       node = adm_xml_next_element (node, "ruling"))
    {
      g_autofree char *id = adm_xml_get_string (node, "id");

      g_assert_cmpstr (id, !=, "station-engagement");
      g_assert_cmpstr (id, !=, "station-news");
    }
}

/* The shipped forcon-2010.xml with everything from <special-shield> to <minesweeping> replaced
 * by @elements, loaded from a folder of its own (with the shipped classes). */
static AdmRuleset *
load_shipped_with (const char  *elements,
                   GError     **error)
{
  g_autofree char *rules = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "data", "rules",
                                             NULL);
  g_autofree char *shipped_path = g_build_filename (rules, "forcon-2010.xml", NULL);
  g_autofree char *classes_path = g_build_filename (rules, "forcon-2010-classes.xml", NULL);
  g_autofree char *text = NULL, *classes = NULL, *path = NULL, *classes_copy = NULL;
  g_autofree char *dir = NULL, *joined = NULL;
  const char *start, *end;
  AdmRuleset *ruleset;

  g_assert_true (g_file_get_contents (shipped_path, &text, NULL, NULL));
  g_assert_true (g_file_get_contents (classes_path, &classes, NULL, NULL));
  start = strstr (text, "  <special-shield ");
  end = strstr (text, "</minesweeping>");
  g_assert_nonnull (start);
  g_assert_nonnull (end);
  end = strchr (end, '\n') + 1;
  joined = g_strdup_printf ("%.*s%s%s", (int) (start - text), text, elements, end);
  dir = g_dir_make_tmp ("admiralty-defaults-XXXXXX", NULL);
  g_assert_nonnull (dir);
  path = g_build_filename (dir, "forcon-2010.xml", NULL);
  classes_copy = g_build_filename (dir, "forcon-2010-classes.xml", NULL);
  g_assert_true (g_file_set_contents (path, joined, -1, NULL));
  g_assert_true (g_file_set_contents (classes_copy, classes, -1, NULL));
  ruleset = adm_ruleset_load_file (path, error);
  g_remove (path);
  g_remove (classes_copy);
  g_rmdir (dir);
  return ruleset;
}

/* ruleset-defaults.xml is checked by the schema of the rulesets it stands in for: its
 * elements, in the shipped ruleset's place, are valid by ruleset.rng and the engine's checks,
 * and a broken copy of it is refused at its line. */
static void
test_defaults_valid (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "data", "schema",
                                            "ruleset-defaults.xml", NULL);
  g_autofree char *text = NULL, *broken = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) valid = NULL, refused = NULL;
  const char *start, *end;
  g_autofree char *elements = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  start = strstr (text, "<ruleset-defaults>\n");
  end = strstr (text, "</ruleset-defaults>");
  g_assert_nonnull (start);
  g_assert_nonnull (end);
  start += strlen ("<ruleset-defaults>\n");
  /* The numbers, without the rulings (test_rulings_for_an_old_season () loads those). */
  end = strstr (start, "  <!-- The rulings added");
  g_assert_nonnull (end);
  elements = g_strndup (start, end - start);
  /* Every element a ruleset may leave out has its default. */
  for (const char *const *name = (const char *const[]) { "<special-shield ", "<gravi-destructor ",
                                                         "<critical-checks ",
                                                         "<explosion-strike ",
                                                         "<station-catastrophic-check ",
                                                         "<succession ",
                                                         "<explosion-strength>",
                                                         "<boarding-modifiers>",
                                                         "<boarding-ratios>",
                                                         "<takeover-readiness>",
                                                         "<damage-readiness ",
                                                         "<ram-test ",
                                                         "<ram-shields ",
                                                         "<ram-return ",
                                                         "<orbit-change ",
                                                         "<damage-control-attempts ",
                                                         "<orbit-fall ",
                                                         "<strategic-time ",
                                                         "<sector-move ",
                                                         "<order-time ",
                                                         "<dice-counts>",
                                                         "<formation-size ",
                                                         "<damaged ",
                                                         "<range-bands ",
                                                         "<minesweeping ", NULL };
       *name != NULL; name++)
    g_assert_nonnull (strstr (elements, *name));
  valid = load_shipped_with (elements, &error);
  g_assert_no_error (error);
  g_assert_nonnull (valid);

  /* A save on 9 is no d6 number (F-FORD-8): ruleset.rng refuses it. */
  g_assert_nonnull (strstr (elements, "save-on=\"4\""));
  {
    g_auto(GStrv) parts = g_strsplit (elements, "save-on=\"4\"", 2);

    broken = g_strjoinv ("save-on=\"9\"", parts);
  }
  refused = load_shipped_with (broken, &error);
  g_assert_null (refused);
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "forcon-2010.xml:"));
  g_assert_nonnull (strstr (error->message, "save-on"));
}

typedef struct {
  const char *ruleset;    /* fixture file loaded */
  const char *reported;   /* file the error names: the ruleset or its classes file */
  int         line;
  int         code;       /* AdmXmlError */
  const char *words;      /* part of the description */
} BrokenCase;

static const BrokenCase broken_cases[] = {
  { "missing-artillery-row.xml", "missing-artillery-row.xml", 12, ADM_XML_ERROR_INVALID,
    "the artillery row for firepower 3 is missing" },
  { "duplicate-critical-roll.xml", "duplicate-critical-roll.xml", 17, ADM_XML_ERROR_INVALID,
    "the 2d6 roll 3 appears twice in this table: the result on line 16 already covers it" },
  { "table-gap.xml", "table-gap.xml", 23, ADM_XML_ERROR_INVALID,
    "the table has no result for the 2d6 roll 6" },
  { "grade-out-of-order.xml", "grade-out-of-order.xml", 30, ADM_XML_ERROR_INVALID,
    "grade “veteran” is out of order" },
  { "default-not-in-options.xml", "default-not-in-options.xml", 37, ADM_XML_ERROR_INVALID,
    "ruling “halved-firepower” has the default “halve-then-round”, which is not one of its "
    "options (halve-then-floor, halve-then-ceil)" },
  { "unknown-type.xml", "unknown-type-classes.xml", 8, ADM_XML_ERROR_INVALID,
    "class “frigate” has the type “dreadnought”, which ruleset “forcon-2010” does not define" },
  { "duplicate-class-ids.xml", "duplicate-class-ids-classes.xml", 8, ADM_XML_ERROR_INVALID,
    "two classes have the id “cruiser”; the other is on line 5" },
  { "doctype-entity.xml", "doctype-entity.xml", 2, ADM_XML_ERROR_FORBIDDEN,
    "refused for safety" },
  { "truncated.xml", "truncated.xml", 30, ADM_XML_ERROR_SYNTAX,
    "the file ends too early" },
  /* F-CRIT-1, F-CRIT-14: <critical-checks>, when given, has a check for every source. */
  { "critical-checks-short.xml", "critical-checks-short.xml", 36, ADM_XML_ERROR_INVALID,
    "<critical-checks> has no <check source=\"fire\">" },
  { "critical-checks-twice.xml", "critical-checks-twice.xml", 42, ADM_XML_ERROR_INVALID,
    "<critical-checks> has a second <check source=\"artillery\">" },
  /* <dice-counts>, when given, has a roll for every clause, once. */
  { "dice-counts-short.xml", "dice-counts-short.xml", 44, ADM_XML_ERROR_INVALID,
    "<dice-counts> has no <roll clause=\"F-STN-13\">" },
  { "dice-counts-twice.xml", "dice-counts-twice.xml", 56, ADM_XML_ERROR_INVALID,
    "<dice-counts> has a second <roll clause=\"F-CRIT-2\">" },
  /* F-CRIT-6: no more hull lost than the ship has. */
  { "damaged-past-hull.xml", "damaged-past-hull.xml", 36, ADM_XML_ERROR_INVALID,
    "<damaged> has lost=\"3\" of=\"2\": a ship cannot lose more than all its hull points "
    "(F-CRIT-6)" },
  /* F-ART-8, F-ART-9: the near band within the far one. */
  { "range-bands-crossed.xml", "range-bands-crossed.xml", 36, ADM_XML_ERROR_INVALID,
    "<range-bands> has the near band (3 of 4) beyond the far one (1 of 2) (F-ART-8, F-ART-9)" },
  /* F-DC-1: the extra damage-control attempts from a readiness grade there is. */
  { "damage-control-no-grade.xml", "damage-control-no-grade.xml", 36, ADM_XML_ERROR_INVALID,
    "<damage-control-attempts> has extra-grades=\"veterans elite\", and “veterans” is no "
    "readiness grade of <readiness-grades> (F-DC-1)" },
  /* F-ORB-3: each option of "orbit-fall-results" once. */
  { "orbit-fall-twice.xml", "orbit-fall-twice.xml", 38, ADM_XML_ERROR_INVALID,
    "<orbit-fall> has a second <results option=\"crit-21-results\">" },
  /* A faction's symbol is one the tables draw; its colour is #rrggbb. */
  { "unknown-symbol.xml", "unknown-symbol-classes.xml", 5, ADM_XML_ERROR_INVALID,
    "<faction> symbol is “moon”; it must be one of “circle”, “triangle”, “square”, "
    "“diamond”, “star”, “cross”, “hexagon”, “bar”" },
  { "bad-colour.xml", "bad-colour-classes.xml", 5, ADM_XML_ERROR_INVALID,
    "<faction> colour is “green”; it must be text of the form #[0-9a-fA-F]{6}" },
  { "unknown-placement.xml", "unknown-placement.xml", 48, ADM_XML_ERROR_INVALID,
    "<order> names the placement “column”, which the ruleset does not define (it has: line)" },
};

static void
test_broken (gconstpointer data)
{
  const BrokenCase *broken = data;
  g_autofree char *path = fixture_path (broken->ruleset);
  g_autofree char *where = g_strdup_printf ("%s:%d: ", broken->reported, broken->line);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load_file (path, &error);

  g_assert_null (ruleset);
  g_assert_error (error, ADM_XML_ERROR, broken->code);
  g_test_message ("message: %s", error->message);
  /* "…/FILE:LINE: description" */
  g_assert_nonnull (strstr (error->message, where));
  g_assert_nonnull (strstr (error->message, broken->words));
}

int
main (int   argc,
      char *argv[])
{
  /* Names are compared in English, the language of the data files. */
  setlocale (LC_MESSAGES, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/rulesets/shipped/header", test_shipped_header);
  g_test_add_func ("/data/rulesets/shipped/F-SHIP-1/F-SHIP-2/F-SHIP-3/ship-types", test_shipped_ship_types);
  g_test_add_func ("/data/rulesets/shipped/classes", test_shipped_classes);
  g_test_add_func ("/data/rulesets/shipped/F-MOVE-11/ariel-turns-anywhere", test_shipped_ariel);
  g_test_add_func ("/data/rulesets/shipped/F-WPN-1/weapons", test_shipped_weapons);
  g_test_add_func ("/data/rulesets/shipped/factions", test_shipped_factions);
  g_test_add_func ("/data/rulesets/shipped/lookups", test_lookups);
  g_test_add_func ("/data/rulesets/rulings/shipped", test_rulings);
  g_test_add_func ("/data/rulesets/rulings/set-valid", test_set_ruling_valid);
  g_test_add_func ("/data/rulesets/rulings/F-FORM-8/clause-order", test_clause_order);
  g_test_add_func ("/data/rulesets/placements/F-STRAT-15/shipped", test_placements);
  g_test_add_func ("/data/rulesets/placements/F-TAC-1/builtin", test_placements_builtin);
  g_test_add_func ("/data/rulesets/rulings/set-unknown-ruling", test_set_ruling_unknown_ruling);
  g_test_add_func ("/data/rulesets/rulings/set-unknown-value", test_set_ruling_unknown_value);
  g_test_add_func ("/data/rulesets/load/search-path", test_search_path);
  g_test_add_func ("/data/rulesets/load/unknown-ruleset", test_unknown_ruleset);
  g_test_add_func ("/data/rulesets/load/search-path-only-env", test_search_path_only_env);
  g_test_add_func ("/data/rulesets/load/file-named-after-id", test_file_named_after_id);
  g_test_add_func ("/data/rulesets/load/F-CRIT-1/defaults-for-an-old-season",
                   test_defaults_for_an_old_season);
  g_test_add_func ("/data/rulesets/load/F-FORD-8/defaults-valid", test_defaults_valid);
  g_test_add_func ("/data/rulesets/load/F-STRAT-16/rulings-for-an-old-season",
                   test_rulings_for_an_old_season);
  g_test_add_func ("/data/rulesets/load/F-CRIT-2/tables-of-its-dice", test_critical_tables_3d6);
  g_test_add_func ("/data/rulesets/broken/control-loads", test_control_fixture);

  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *name = g_strndup (broken_cases[i].ruleset,
                                         strlen (broken_cases[i].ruleset) - strlen (".xml"));
      g_autofree char *path = g_strconcat ("/data/rulesets/broken/", name, NULL);

      g_test_add_data_func (path, &broken_cases[i], test_broken);
    }

  return g_test_run ();
}
