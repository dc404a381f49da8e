/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tables.c: the Forcon tables (F-ART-14, F-ART-15, F-CRIT-8, F-STN-7, F-CAT-9, F-RDY-5) as
 * shipped in data/rules/forcon-2010.xml, checked cell by cell against a transcription of the
 * digest made independently of the data file, and the pure look-up functions on hand-built
 * tables, including the rulings artillery-shift-past-edge, firepower-above-table and
 * halved-firepower. */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "adm-ruleset.h"
#include "adm-tables.h"
#include "adm-xml.h"
#include "shipped-helpers.h"

/* F-ART-14, transcribed from the digest: firepower 1..20, columns 1..5. */
static const int artillery_digest[20][5] = {
  {  1,  1,  1, 0, 0 },  /*  1 */
  {  2,  1,  1, 1, 0 },  /*  2 */
  {  3,  2,  2, 1, 1 },  /*  3 */
  {  4,  3,  2, 1, 1 },  /*  4 */
  {  5,  4,  3, 2, 1 },  /*  5 */
  {  5,  4,  3, 2, 1 },  /*  6 */
  {  6,  5,  4, 2, 1 },  /*  7 */
  {  7,  6,  4, 3, 2 },  /*  8 */
  {  8,  6,  5, 3, 2 },  /*  9 */
  {  9,  7,  5, 4, 2 },  /* 10 */
  { 10,  8,  6, 4, 2 },  /* 11 */
  { 11,  8,  6, 4, 2 },  /* 12 */
  { 12,  9,  7, 5, 3 },  /* 13 */
  { 13, 10,  7, 5, 3 },  /* 14 */
  { 14, 11,  8, 5, 3 },  /* 15 */
  { 14, 11,  8, 6, 3 },  /* 16 */
  { 15, 12,  9, 6, 3 },  /* 17 */
  { 16, 13,  9, 6, 4 },  /* 18 */
  { 17, 13, 10, 7, 4 },  /* 19 */
  { 18, 14, 10, 7, 4 },  /* 20 */
};

static int
digest_dice (int firepower,
             int column)
{
  return artillery_digest[firepower - 1][column - 1];
}

/* F-ART-15. */
static const struct {
  const char *id;
  int         column;
} digest_targets[] = {
  { "orbital", 1 },
  { "approaching-capital", 2 },
  { "approaching-escort", 3 },
  { "receding-capital", 3 },
  { "receding-escort", 4 },
  { "crossing-capital", 4 },
  { "crossing-escort", 5 },
  { "torpedo", 5 },
};

typedef struct {
  int         from;
  int         to;
  const char *clause;
  const char *effect;
  const char *extra;        /* extra damage, or explosion markers for F-CAT-9 */
  const char *readiness;
  const char *ecm;
  int         speed;
  gboolean    repairable;
  gboolean    catastrophic_check;
  const char *name;
} ExpectedRow;

/* F-CRIT-9, F-CRIT-10, F-CRIT-11, F-CRIT-12, F-CRIT-13, F-CRIT-14, F-CRIT-15, F-CRIT-16, F-CRIT-17,
 * F-CRIT-18, F-CRIT-19. */
static const ExpectedRow ship_rows[] = {
  { 2, 2, "F-CRIT-9", "main-guns", "0", NULL, NULL, 0, TRUE, FALSE, "Main-calibre guns damaged" },
  { 3, 3, "F-CRIT-10", "starboard-weapons", "0", NULL, NULL, 0, TRUE, FALSE,
    "Starboard armament damaged" },
  { 4, 4, "F-CRIT-11", "port-weapons", "0", NULL, NULL, 0, TRUE, FALSE, "Port armament damaged" },
  { 5, 5, "F-CRIT-12", "bow-weapons", "0", NULL, NULL, 0, TRUE, FALSE, "Bow armament knocked out" },
  { 6, 6, "F-CRIT-13", "engines", "1", NULL, NULL, 0, TRUE, FALSE, "Engine compartment damaged" },
  { 7, 7, "F-CRIT-14", "fire", "0", NULL, NULL, 0, TRUE, FALSE, "Fire!" },
  { 8, 8, "F-CRIT-15", "central-deck", "1", NULL, NULL, 10, TRUE, FALSE, "Central deck damaged" },
  { 9, 9, "F-CRIT-16", "bridge", "0", "3", "d3", 0, FALSE, FALSE, "Bridge hit" },
  { 10, 10, "F-CRIT-17", "shields", "0", NULL, NULL, 0, FALSE, FALSE, "Energy shields destroyed" },
  { 11, 11, "F-CRIT-18", "hull", "d3", "d6", NULL, 0, TRUE, FALSE, "Hull heavily damaged" },
  { 12, 12, "F-CRIT-19", "superstructure", "d6", "d3", "d3", 0, TRUE, FALSE,
    "Superstructures destroyed" },
};

/* F-STN-8, F-STN-9, F-STN-10, F-STN-11, F-STN-12, F-STN-13, F-STN-14, F-STN-15, F-STN-16. */
static const ExpectedRow station_rows[] = {
  { 2, 3, "F-STN-8", "destructors", "0", NULL, NULL, 0, TRUE, TRUE, "Destructors damaged" },
  { 4, 4, "F-STN-9", "main-weapons", "0", NULL, NULL, 0, TRUE, TRUE, "Main armament damaged" },
  { 5, 5, "F-STN-10", "torpedoes", "0", NULL, NULL, 0, TRUE, FALSE,
    "Torpedo equipment knocked out" },
  { 6, 6, "F-STN-11", "reactor", "0", NULL, NULL, 0, TRUE, TRUE, "Reactor compartment damaged" },
  { 7, 8, "F-STN-12", "fire", "0", NULL, NULL, 0, TRUE, FALSE, "Fire!" },
  { 9, 9, "F-STN-13", "orbit-decay", "1", NULL, NULL, 0, TRUE, FALSE,
    "Station has left its orbit" },
  { 10, 10, "F-STN-14", "shields", "0", NULL, NULL, 0, FALSE, FALSE, "Energy shields destroyed" },
  { 11, 11, "F-STN-15", "hull", "d3", "d3", NULL, 0, TRUE, FALSE, "Hull heavily damaged" },
  { 12, 12, "F-STN-16", "central-post", "d6", "d3", "d3", 0, TRUE, FALSE,
    "Central post destroyed" },
};

/* F-CAT-10, F-CAT-11, F-CAT-12, F-CAT-13; "extra" holds the additional explosion markers. */
static const ExpectedRow catastrophic_rows[] = {
  { 2, 6, "F-CAT-10", "drifting-hulk", "1", NULL, NULL, 0, FALSE, FALSE, "Drifting hulk" },
  { 7, 8, "F-CAT-11", "burning-hulk", "1", NULL, NULL, 0, FALSE, FALSE, "Blazing hulk" },
  { 9, 11, "F-CAT-12", "plasma-overload", "special", NULL, NULL, 0, FALSE, FALSE,
    "Plasma drives overloaded" },
  { 12, 12, "F-CAT-13", "necklin-rift", "special", NULL, NULL, 0, FALSE, FALSE,
    "Necklin drive rift" },
};

/* A 3-row table whose cells are all different: cell (fp, col) = 10 * fp + col. */
static void
init_hand_built (AdmArtilleryTable *table)
{
  memset (table, 0, sizeof *table);
  table->n_rows = 3;
  for (int fp = 1; fp <= 3; fp++)
    for (int col = 1; col <= ADM_ARTILLERY_COLUMNS; col++)
      table->dice[fp - 1][col - 1] = 10 * fp + col;
  table->n_targets = 2;
  g_strlcpy (table->target_ids[0], "near", sizeof table->target_ids[0]);
  table->target_columns[0] = 2;
  g_strlcpy (table->target_ids[1], "far", sizeof table->target_ids[1]);
  table->target_columns[1] = 5;
}

/* F-ART-14: every cell of the shipped table */

static void
test_artillery_row (gconstpointer data)
{
  int firepower = GPOINTER_TO_INT (data);
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());

  for (int column = 1; column <= ADM_ARTILLERY_COLUMNS; column++)
    {
      g_test_message ("firepower %d, column %d", firepower, column);
      g_assert_cmpint (table->dice[firepower - 1][column - 1], ==, digest_dice (firepower, column));
      g_assert_cmpint (adm_artillery_dice (table, firepower, column, ADM_ABOVE_SPLIT), ==,
                       digest_dice (firepower, column));
      g_assert_cmpint (adm_artillery_dice (table, firepower, column, ADM_ABOVE_CAP), ==,
                       digest_dice (firepower, column));
    }
}

static void
test_artillery_size (void)
{
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());

  g_assert_cmpint (table->n_rows, ==, 20);
  g_assert_cmpint (table->n_targets, ==, G_N_ELEMENTS (digest_targets));
}

/* F-ART-15 */

static void
test_artillery_targets (void)
{
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());

  for (guint i = 0; i < G_N_ELEMENTS (digest_targets); i++)
    g_assert_cmpint (adm_artillery_target_column (table, digest_targets[i].id), ==,
                     digest_targets[i].column);
  g_assert_cmpint (adm_artillery_target_column (table, "approaching"), ==, 0);
  g_assert_cmpint (adm_artillery_target_column (table, NULL), ==, 0);
}

static void
test_artillery_ruleset_targets (void)
{
  AdmRuleset *ruleset = shipped_ruleset ();
  g_autoptr(GError) error = NULL;
  int dice = -1;
  int column = -1;

  for (guint i = 0; i < G_N_ELEMENTS (digest_targets); i++)
    {
      g_assert_true (adm_ruleset_artillery_dice (ruleset, 9, digest_targets[i].id, 0,
                                                 &dice, &column, &error));
      g_assert_no_error (error);
      g_assert_cmpint (column, ==, digest_targets[i].column);
      g_assert_cmpint (dice, ==, digest_dice (9, digest_targets[i].column));
    }

  g_assert_false (adm_ruleset_artillery_dice (ruleset, 9, "battleship", 0, &dice, &column,
                                              &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“battleship” is not an artillery target"));
  g_assert_nonnull (strstr (error->message, "crossing-escort"));
}

/* F-CRIT-8, F-STN-7, F-CAT-9: every roll of every table */

static void
check_row (const AdmTableRow *row,
           const ExpectedRow *expected,
           gboolean           catastrophic)
{
  g_assert_nonnull (row);
  g_assert_cmpint (row->from, ==, expected->from);
  g_assert_cmpint (row->to, ==, expected->to);
  g_assert_cmpstr (row->clause, ==, expected->clause);
  g_assert_cmpstr (row->effect, ==, expected->effect);
  g_assert_cmpstr (row->name, ==, expected->name);
  g_assert_cmpstr (row->description, !=, "");
  if (catastrophic)
    {
      g_assert_cmpstr (row->explosion_markers, ==, expected->extra);
      g_assert_null (row->extra_damage);
      return;
    }
  g_assert_cmpstr (row->extra_damage, ==, expected->extra);
  g_assert_null (row->explosion_markers);
  g_assert_cmpstr (row->readiness_loss, ==, expected->readiness);
  g_assert_cmpstr (row->ecm_attack_loss, ==, expected->ecm);
  g_assert_cmpint (row->speed_loss, ==, expected->speed);
  g_assert_cmpint (row->repairable, ==, expected->repairable);
  g_assert_cmpint (row->catastrophic_check, ==, expected->catastrophic_check);
}

static const ExpectedRow *
expected_for (const ExpectedRow *rows,
              gsize              n_rows,
              int                roll)
{
  for (gsize i = 0; i < n_rows; i++)
    if (roll >= rows[i].from && roll <= rows[i].to)
      return &rows[i];
  g_assert_not_reached ();
}

static void
test_ship_critical_roll (gconstpointer data)
{
  int roll = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  const AdmTableRow *row = adm_ruleset_critical_roll (shipped_ruleset (), "ship", roll, &error);

  g_assert_no_error (error);
  check_row (row, expected_for (ship_rows, G_N_ELEMENTS (ship_rows), roll), FALSE);
}

static void
test_station_critical_roll (gconstpointer data)
{
  int roll = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  const AdmTableRow *row = adm_ruleset_critical_roll (shipped_ruleset (), "station", roll, &error);

  g_assert_no_error (error);
  check_row (row, expected_for (station_rows, G_N_ELEMENTS (station_rows), roll), FALSE);
}

static void
test_catastrophic_roll (gconstpointer data)
{
  int roll = GPOINTER_TO_INT (data);
  g_autoptr(GError) error = NULL;
  const AdmTableRow *row = adm_ruleset_catastrophic (shipped_ruleset (), roll, &error);

  g_assert_no_error (error);
  check_row (row, expected_for (catastrophic_rows, G_N_ELEMENTS (catastrophic_rows), roll),
             TRUE);
}

static void
test_table_sizes (void)
{
  AdmRuleset *ruleset = shipped_ruleset ();

  g_assert_cmpuint (adm_ruleset_get_critical_table (ruleset, "ship")->len, ==,
                    G_N_ELEMENTS (ship_rows));
  g_assert_cmpuint (adm_ruleset_get_critical_table (ruleset, "station")->len, ==,
                    G_N_ELEMENTS (station_rows));
  g_assert_cmpuint (adm_ruleset_get_catastrophic_table (ruleset)->len, ==,
                    G_N_ELEMENTS (catastrophic_rows));
}

static void
test_roll_outside_table (void)
{
  AdmRuleset *ruleset = shipped_ruleset ();
  const int bad_rolls[] = { 0, 1, 13 };

  for (guint i = 0; i < G_N_ELEMENTS (bad_rolls); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GError) error2 = NULL;
      g_autofree char *number = g_strdup_printf ("%d is not a 2d6 roll", bad_rolls[i]);

      g_assert_null (adm_ruleset_critical_roll (ruleset, "ship", bad_rolls[i], &error));
      g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, number));
      g_assert_null (adm_ruleset_catastrophic (ruleset, bad_rolls[i], &error2));
      g_assert_error (error2, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
    }
}

/* F-RDY-5 and F-FIRE-10 at every band boundary */

static const struct {
  int         readiness;
  const char *grade;
  int         modifier;
  int         fire_distribution;
} readiness_cases[] = {
  { 0, "green", -1, -2 },
  { 3, "green", -1, -2 },
  { 4, "experienced", 0, -1 },
  { 6, "experienced", 0, -1 },
  { 7, "veteran", 1, 0 },
  { 8, "veteran", 1, 0 },
  { 9, "elite", 2, 0 },
  { 12, "elite", 2, 0 },
};

static void
test_readiness (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  const AdmReadinessGrade *grade =
    adm_ruleset_readiness_grade (shipped_ruleset (), readiness_cases[i].readiness);

  g_assert_nonnull (grade);
  g_assert_cmpstr (grade->id, ==, readiness_cases[i].grade);
  g_assert_cmpint (grade->modifier, ==, readiness_cases[i].modifier);
  g_assert_cmpint (grade->fire_distribution_modifier, ==, readiness_cases[i].fire_distribution);
}

static void
test_readiness_grades_shape (void)
{
  GPtrArray *grades = adm_ruleset_get_readiness_grades (shipped_ruleset ());
  const int limits[] = { 4, 7, 9, G_MAXINT };

  g_assert_cmpuint (grades->len, ==, 4);
  for (guint i = 0; i < grades->len; i++)
    g_assert_cmpint (((AdmReadinessGrade *) g_ptr_array_index (grades, i))->below, ==, limits[i]);
}

static void
test_readiness_hand_built (void)
{
  g_autoptr(GPtrArray) grades =
    g_ptr_array_new_with_free_func ((GDestroyNotify) adm_readiness_grade_free);
  AdmReadinessGrade *low = g_new0 (AdmReadinessGrade, 1);
  AdmReadinessGrade *high = g_new0 (AdmReadinessGrade, 1);

  low->id = g_strdup ("low");
  low->below = 5;
  high->id = g_strdup ("high");
  high->below = G_MAXINT;
  g_ptr_array_add (grades, low);
  g_ptr_array_add (grades, high);

  /* F-RDY-5 (ruling "readiness-bands", first match). */
  g_assert_cmpstr (adm_readiness_grade_for (grades, -3)->id, ==, "low");
  g_assert_cmpstr (adm_readiness_grade_for (grades, 4)->id, ==, "low");
  g_assert_cmpstr (adm_readiness_grade_for (grades, 5)->id, ==, "high");
  g_assert_cmpstr (adm_readiness_grade_for (grades, 100)->id, ==, "high");

  g_ptr_array_remove_index (grades, 1);
  g_assert_null (adm_readiness_grade_for (grades, 5));
}

static void
test_row_for_roll_hand_built (void)
{
  g_autoptr(GPtrArray) rows =
    g_ptr_array_new_with_free_func ((GDestroyNotify) adm_table_row_free);
  AdmTableRow *a = g_new0 (AdmTableRow, 1);
  AdmTableRow *b = g_new0 (AdmTableRow, 1);

  a->from = 2;
  a->to = 6;
  a->effect = g_strdup ("a");
  b->from = 8;
  b->to = 12;
  b->effect = g_strdup ("b");
  g_ptr_array_add (rows, a);
  g_ptr_array_add (rows, b);

  g_assert_true (adm_table_row_for_roll (rows, 2) == a);
  g_assert_true (adm_table_row_for_roll (rows, 6) == a);
  g_assert_true (adm_table_row_for_roll (rows, 8) == b);
  g_assert_true (adm_table_row_for_roll (rows, 12) == b);
  g_assert_null (adm_table_row_for_roll (rows, 7));
  g_assert_null (adm_table_row_for_roll (rows, 1));
  g_assert_null (adm_table_row_for_roll (rows, 13));
}

/* F-ART-10, ruling "artillery-shift-past-edge" */

static void
test_shift_inside (void)
{
  /* F-ART-8: half range moves one column left; F-ART-9, F-ART-10: one right each. */
  g_assert_cmpint (adm_artillery_shift (3, -1, ADM_EDGE_CLAMP), ==, 2);
  g_assert_cmpint (adm_artillery_shift (3, 1, ADM_EDGE_CLAMP), ==, 4);
  g_assert_cmpint (adm_artillery_shift (3, 2, ADM_EDGE_NO_SHOT), ==, 5);
  g_assert_cmpint (adm_artillery_shift (2, -1, ADM_EDGE_NO_SHOT), ==, 1);
  g_assert_cmpint (adm_artillery_shift (4, 0, ADM_EDGE_NO_SHOT), ==, 4);
}

static void
test_shift_clamp (void)
{
  /* Default: past either edge stays on the edge column. */
  g_assert_cmpint (adm_artillery_shift (1, -1, ADM_EDGE_CLAMP), ==, 1);
  g_assert_cmpint (adm_artillery_shift (2, -3, ADM_EDGE_CLAMP), ==, 1);
  g_assert_cmpint (adm_artillery_shift (5, 1, ADM_EDGE_CLAMP), ==, 5);
  g_assert_cmpint (adm_artillery_shift (4, 2, ADM_EDGE_CLAMP), ==, 5);
}

static void
test_shift_no_shot (void)
{
  g_assert_cmpint (adm_artillery_shift (1, -1, ADM_EDGE_NO_SHOT), ==, 0);
  g_assert_cmpint (adm_artillery_shift (5, 1, ADM_EDGE_NO_SHOT), ==, 0);
  g_assert_cmpint (adm_artillery_shift (4, 2, ADM_EDGE_NO_SHOT), ==, 0);
}

static void
test_shift_ruleset (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;
  int dice = -1;
  int column = -1;

  g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, "artillery-shift-past-edge"), ==,
                   "clamp");

  /* Orbital is column 1: a left shift (half range, F-ART-8) clamps to column 1. */
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 7, "orbital", -1, &dice, &column, &error));
  g_assert_no_error (error);
  g_assert_cmpint (column, ==, 1);
  g_assert_cmpint (dice, ==, digest_dice (7, 1));

  /* Torpedo is column 5: a right shift (behind a marker, F-ART-10) clamps to column 5. */
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 7, "torpedo", 1, &dice, &column, &error));
  g_assert_cmpint (column, ==, 5);
  g_assert_cmpint (dice, ==, digest_dice (7, 5));

  g_assert_true (adm_ruleset_set_ruling (ruleset, "artillery-shift-past-edge", "no-shot", &error));
  g_assert_no_error (error);
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 7, "orbital", -1, &dice, &column, &error));
  g_assert_cmpint (column, ==, 0);
  g_assert_cmpint (dice, ==, 0);
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 7, "torpedo", 1, &dice, &column, &error));
  g_assert_cmpint (column, ==, 0);
  g_assert_cmpint (dice, ==, 0);

  /* A shift that stays on the table is unaffected by the ruling. */
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 7, "receding-capital", 1, &dice, &column,
                                             &error));
  g_assert_cmpint (column, ==, 4);
  g_assert_cmpint (dice, ==, digest_dice (7, 4));
}

/* F-ART-11, ruling "firepower-above-table" */

static void
test_above_split (gconstpointer data)
{
  int firepower = GPOINTER_TO_INT (data);
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());

  for (int column = 1; column <= ADM_ARTILLERY_COLUMNS; column++)
    {
      int expected = (firepower / 20) * digest_dice (20, column);

      if (firepower % 20 != 0)
        expected += digest_dice (firepower % 20, column);
      g_test_message ("firepower %d, column %d", firepower, column);
      g_assert_cmpint (adm_artillery_dice (table, firepower, column, ADM_ABOVE_SPLIT), ==,
                       expected);
    }
}

static void
test_above_split_examples (void)
{
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());

  /* Spelled out: 27 in column 2 is dice(20) + dice(7) = 14 + 5. */
  g_assert_cmpint (adm_artillery_dice (table, 27, 2, ADM_ABOVE_SPLIT), ==, 14 + 5);
  g_assert_cmpint (adm_artillery_dice (table, 21, 1, ADM_ABOVE_SPLIT), ==, 18 + 1);
  g_assert_cmpint (adm_artillery_dice (table, 40, 3, ADM_ABOVE_SPLIT), ==, 10 + 10);
  g_assert_cmpint (adm_artillery_dice (table, 45, 5, ADM_ABOVE_SPLIT), ==, 4 + 4 + 1);
}

static void
test_above_cap (void)
{
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());
  const int firepowers[] = { 21, 27, 40, 45 };

  for (guint i = 0; i < G_N_ELEMENTS (firepowers); i++)
    for (int column = 1; column <= ADM_ARTILLERY_COLUMNS; column++)
      g_assert_cmpint (adm_artillery_dice (table, firepowers[i], column, ADM_ABOVE_CAP), ==,
                       digest_dice (20, column));
}

static void
test_above_ruleset (void)
{
  g_autoptr(AdmRuleset) ruleset = fresh_ruleset ();
  g_autoptr(GError) error = NULL;
  int dice = -1;

  g_assert_cmpstr (adm_ruleset_get_ruling_value (ruleset, "firepower-above-table"), ==, "split");
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 27, "approaching-capital", 0, &dice, NULL,
                                             &error));
  g_assert_no_error (error);
  g_assert_cmpint (dice, ==, digest_dice (20, 2) + digest_dice (7, 2));

  g_assert_true (adm_ruleset_set_ruling (ruleset, "firepower-above-table", "cap", &error));
  g_assert_no_error (error);
  g_assert_true (adm_ruleset_artillery_dice (ruleset, 27, "approaching-capital", 0, &dice, NULL,
                                             &error));
  g_assert_cmpint (dice, ==, digest_dice (20, 2));
}

/* F-ART-11: no firepower, and ruling "halved-firepower" */

static void
test_firepower_zero (void)
{
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());

  for (int column = 1; column <= ADM_ARTILLERY_COLUMNS; column++)
    {
      g_assert_cmpint (adm_artillery_dice (table, 0, column, ADM_ABOVE_SPLIT), ==, 0);
      g_assert_cmpint (adm_artillery_dice (table, 0, column, ADM_ABOVE_CAP), ==, 0);
      g_assert_cmpint (adm_artillery_dice (table, -4, column, ADM_ABOVE_SPLIT), ==, 0);
    }
}

static void
test_halve (void)
{
  const AdmArtilleryTable *table = adm_ruleset_get_artillery (shipped_ruleset ());

  g_assert_cmpint (adm_halve_firepower (7), ==, 3);
  g_assert_cmpint (adm_halve_firepower (1), ==, 0);
  g_assert_cmpint (adm_halve_firepower (0), ==, 0);
  g_assert_cmpint (adm_halve_firepower (8), ==, 4);
  g_assert_cmpint (adm_halve_firepower (41), ==, 20);
  g_assert_cmpint (adm_halve_firepower (-3), ==, 0);

  /* Halved before the look-up: 7 halved reads the row for 3, 1 halved rolls nothing. */
  g_assert_cmpint (adm_artillery_dice (table, adm_halve_firepower (7), 1, ADM_ABOVE_SPLIT), ==,
                   digest_dice (3, 1));
  g_assert_cmpint (adm_artillery_dice (table, adm_halve_firepower (1), 1, ADM_ABOVE_SPLIT), ==, 0);
}

static void
test_halve_ruling (void)
{
  const AdmRuling *ruling = adm_ruleset_lookup_ruling (shipped_ruleset (), "halved-firepower");

  g_assert_nonnull (ruling);
  g_assert_cmpstr (ruling->clause, ==, "F-ART-11");
  g_assert_cmpstr (ruling->default_value, ==, "halve-then-floor");
  g_assert_cmpstr (ruling->value, ==, "halve-then-floor");
  g_assert_cmpuint (ruling->options->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (ruling->options, 0), ==, "halve-then-floor");
  g_assert_cmpstr (g_ptr_array_index (ruling->options, 1), ==, "halve-then-ceil");
}

/* The ruleset applies whichever reading of "halved-firepower" is in force. */
static void
test_halve_ruleset (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = adm_ruleset_load ("forcon-2010", &error);

  g_assert_no_error (error);
  g_assert_cmpint (adm_ruleset_halve_firepower (ruleset, 7), ==, 3);
  g_assert_cmpint (adm_ruleset_halve_firepower (ruleset, 1), ==, 0);
  g_assert_true (adm_ruleset_set_ruling (ruleset, "halved-firepower", "halve-then-ceil", &error));
  g_assert_cmpint (adm_ruleset_halve_firepower (ruleset, 7), ==, 4);
  g_assert_cmpint (adm_ruleset_halve_firepower (ruleset, 1), ==, 1);
  g_assert_cmpint (adm_ruleset_halve_firepower (ruleset, 0), ==, 0);
  g_assert_cmpint (adm_halve_firepower_as (9, ADM_HALVE_CEIL), ==, 5);
  g_assert_cmpint (adm_halve_firepower_as (9, ADM_HALVE_FLOOR), ==, 4);
}

/* F-FORD-8: «спас-бросок против каждого попадания … Если выпадет 4, 5 или 6, попадание
 * игнорируется»: only a ship with a special force shield, in action, whose reinforcement
 * lasts through the turn, saves, and on the number it is given; the shipped ruleset's is 4. */
static void
test_special_shield_save_on (void)
{
  g_assert_cmpint (adm_special_shield_save_on (TRUE, TRUE, 3, 3, 4), ==, 4);
  g_assert_cmpint (adm_special_shield_save_on (TRUE, TRUE, 4, 3, 5), ==, 5);
  g_assert_cmpint (adm_special_shield_save_on (TRUE, TRUE, 2, 3, 4), ==, 0);
  g_assert_cmpint (adm_special_shield_save_on (FALSE, TRUE, 3, 3, 4), ==, 0);
  g_assert_cmpint (adm_special_shield_save_on (TRUE, FALSE, 3, 3, 4), ==, 0);
  g_assert_cmpint (adm_ruleset_get_shield_save_on (shipped_ruleset ()), ==, 4);
}

/* The shipped ruleset's range bands: half and three quarters. */
#define SHIPPED_BANDS adm_ruleset_get_range_bands (shipped_ruleset ())

/* F-ART-8: «Цель в пределах 1/2 дальности стрельбы» one column left; the ruling "half-range-boundary"
 * less-than-half leaves exactly half unshifted. Batteries of 40 cm. */
static void
test_range_shift_half (void)
{
  gboolean half = FALSE, long_range = TRUE;

  g_assert_cmpint (adm_art_8_range_shift (20.0, 40, SHIPPED_BANDS, FALSE, FALSE, &half, &long_range), ==, -1);
  g_assert_true (half);
  g_assert_false (long_range);
  g_assert_cmpint (adm_art_8_range_shift (20.0, 40, SHIPPED_BANDS, TRUE, FALSE, &half, NULL), ==, 0);
  g_assert_false (half);
  g_assert_cmpint (adm_art_8_range_shift (19.9, 40, SHIPPED_BANDS, TRUE, FALSE, NULL, NULL), ==, -1);
  g_assert_cmpint (adm_art_8_range_shift (20.1, 40, SHIPPED_BANDS, FALSE, FALSE, NULL, NULL), ==, 0);
}

/* F-ART-9: «на расстоянии более 3/4» one column right; at 30 of 40 cm not yet. */
static void
test_range_shift_long (void)
{
  gboolean half = TRUE, long_range = FALSE;

  g_assert_cmpint (adm_art_8_range_shift (30.0, 40, SHIPPED_BANDS, FALSE, FALSE, &half, &long_range), ==, 0);
  g_assert_false (long_range);
  g_assert_cmpint (adm_art_8_range_shift (30.1, 40, SHIPPED_BANDS, FALSE, FALSE, &half, &long_range), ==, 1);
  g_assert_true (long_range);
  g_assert_false (half);
}

/* F-ART-8, F-ART-9: the bands are the ruleset's shares of the range, not the engine's: with
 * a third and two thirds, 15 of 40 cm is no longer near, and 27 of 40 already far. */
static void
test_range_shift_bands (void)
{
  const AdmRangeBands thirds = { 1, 3, 2, 3 };
  const AdmRangeBands *shipped = SHIPPED_BANDS;
  gboolean half = TRUE, long_range = FALSE;

  g_assert_cmpint (shipped->near_within, ==, 1);
  g_assert_cmpint (shipped->near_of, ==, 2);
  g_assert_cmpint (shipped->far_beyond, ==, 3);
  g_assert_cmpint (shipped->far_of, ==, 4);
  g_assert_cmpint (adm_art_8_range_shift (15.0, 40, shipped, FALSE, FALSE, NULL, NULL), ==, -1);
  g_assert_cmpint (adm_art_8_range_shift (15.0, 40, &thirds, FALSE, FALSE, &half, NULL), ==, 0);
  g_assert_false (half);
  g_assert_cmpint (adm_art_8_range_shift (13.3, 40, &thirds, FALSE, FALSE, NULL, NULL), ==, -1);
  g_assert_cmpint (adm_art_8_range_shift (27.0, 40, shipped, FALSE, FALSE, NULL, NULL), ==, 0);
  g_assert_cmpint (adm_art_8_range_shift (27.0, 40, &thirds, FALSE, FALSE, NULL, &long_range),
                   ==, 1);
  g_assert_true (long_range);
}

/* F-ART-10: «позади маркера взрыва» one column right, added to the range's shifts. */
static void
test_range_shift_behind (void)
{
  g_assert_cmpint (adm_art_8_range_shift (25.0, 40, SHIPPED_BANDS, FALSE, TRUE, NULL, NULL), ==, 1);
  g_assert_cmpint (adm_art_8_range_shift (35.0, 40, SHIPPED_BANDS, FALSE, TRUE, NULL, NULL), ==, 2);
  g_assert_cmpint (adm_art_8_range_shift (10.0, 40, SHIPPED_BANDS, FALSE, TRUE, NULL, NULL), ==, 0);
}

/* The pure functions on a hand-built table */

static void
test_hand_built_lookup (void)
{
  AdmArtilleryTable table;

  init_hand_built (&table);
  g_assert_cmpint (adm_artillery_dice (&table, 1, 1, ADM_ABOVE_SPLIT), ==, 11);
  g_assert_cmpint (adm_artillery_dice (&table, 2, 4, ADM_ABOVE_SPLIT), ==, 24);
  g_assert_cmpint (adm_artillery_dice (&table, 3, 5, ADM_ABOVE_CAP), ==, 35);
  /* Column 0 is "no shot". */
  g_assert_cmpint (adm_artillery_dice (&table, 3, 0, ADM_ABOVE_SPLIT), ==, 0);
  g_assert_cmpint (adm_artillery_dice (&table, 0, 3, ADM_ABOVE_SPLIT), ==, 0);

  g_assert_cmpint (adm_artillery_target_column (&table, "near"), ==, 2);
  g_assert_cmpint (adm_artillery_target_column (&table, "far"), ==, 5);
  g_assert_cmpint (adm_artillery_target_column (&table, "orbital"), ==, 0);
}

static void
test_hand_built_above (void)
{
  AdmArtilleryTable table;

  init_hand_built (&table);
  /* The last row is 3: 7 = 3 + 3 + 1, 6 = 3 + 3, 4 = 3 + 1. */
  g_assert_cmpint (adm_artillery_dice (&table, 7, 2, ADM_ABOVE_SPLIT), ==, 32 + 32 + 12);
  g_assert_cmpint (adm_artillery_dice (&table, 6, 5, ADM_ABOVE_SPLIT), ==, 35 + 35);
  g_assert_cmpint (adm_artillery_dice (&table, 4, 1, ADM_ABOVE_SPLIT), ==, 31 + 11);
  g_assert_cmpint (adm_artillery_dice (&table, 5, 3, ADM_ABOVE_SPLIT), ==, 33 + 23);
  g_assert_cmpint (adm_artillery_dice (&table, 7, 2, ADM_ABOVE_CAP), ==, 32);
  g_assert_cmpint (adm_artillery_dice (&table, 100, 4, ADM_ABOVE_CAP), ==, 34);
}

static void
add_per_value (const char    *prefix,
               int            first,
               int            last,
               GTestDataFunc  func)
{
  for (int value = first; value <= last; value++)
    {
      g_autofree char *path = g_strdup_printf ("%s%d", prefix, value);

      g_test_add_data_func (path, GINT_TO_POINTER (value), func);
    }
}

int
main (int   argc,
      char *argv[])
{
  int result;

  /* The tables' names are compared in English, the language of the data files. */
  setlocale (LC_MESSAGES, "C");
  g_test_init (&argc, &argv, NULL);

  add_per_value ("/engine/tables/F-ART-14/row-fp", 1, 20, test_artillery_row);
  g_test_add_func ("/engine/tables/F-ART-14/size", test_artillery_size);
  g_test_add_func ("/engine/tables/F-ART-15/target-columns", test_artillery_targets);
  g_test_add_func ("/engine/tables/F-ART-15/ruleset-targets", test_artillery_ruleset_targets);

  add_per_value ("/engine/tables/F-CRIT-8/roll-", 2, 12, test_ship_critical_roll);
  add_per_value ("/engine/tables/F-STN-7/roll-", 2, 12, test_station_critical_roll);
  add_per_value ("/engine/tables/F-CAT-9/roll-", 2, 12, test_catastrophic_roll);
  g_test_add_func ("/engine/tables/F-CRIT-8/sizes", test_table_sizes);
  g_test_add_func ("/engine/tables/F-CRIT-8/roll-outside-2-12", test_roll_outside_table);
  g_test_add_func ("/engine/tables/hand-built/row-for-roll", test_row_for_roll_hand_built);

  for (guint i = 0; i < G_N_ELEMENTS (readiness_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/engine/tables/F-RDY-5/readiness-%d",
                                               readiness_cases[i].readiness);

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_readiness);
    }
  g_test_add_func ("/engine/tables/F-RDY-5/grade-limits", test_readiness_grades_shape);
  g_test_add_func ("/engine/tables/hand-built/readiness-first-match", test_readiness_hand_built);

  g_test_add_func ("/engine/tables/F-ART-8/half-range-shift", test_range_shift_half);
  g_test_add_func ("/engine/tables/F-ART-9/long-range-shift", test_range_shift_long);
  g_test_add_func ("/engine/tables/F-ART-8/F-ART-9/bands-from-ruleset", test_range_shift_bands);
  g_test_add_func ("/engine/tables/F-ART-10/behind-marker-shift", test_range_shift_behind);
  g_test_add_func ("/engine/tables/F-ART-10/shift-inside", test_shift_inside);
  g_test_add_func ("/engine/tables/F-ART-10/shift-past-edge-clamp", test_shift_clamp);
  g_test_add_func ("/engine/tables/F-ART-10/shift-past-edge-no-shot", test_shift_no_shot);
  g_test_add_func ("/engine/tables/F-ART-10/ruleset-ruling", test_shift_ruleset);

  g_test_add_data_func ("/engine/tables/F-ART-11/split-fp21", GINT_TO_POINTER (21),
                        test_above_split);
  g_test_add_data_func ("/engine/tables/F-ART-11/split-fp27", GINT_TO_POINTER (27),
                        test_above_split);
  g_test_add_data_func ("/engine/tables/F-ART-11/split-fp40", GINT_TO_POINTER (40),
                        test_above_split);
  g_test_add_data_func ("/engine/tables/F-ART-11/split-fp45", GINT_TO_POINTER (45),
                        test_above_split);
  g_test_add_func ("/engine/tables/F-ART-11/split-examples", test_above_split_examples);
  g_test_add_func ("/engine/tables/F-ART-11/cap", test_above_cap);
  g_test_add_func ("/engine/tables/F-ART-11/ruleset-ruling", test_above_ruleset);
  g_test_add_func ("/engine/tables/F-ART-11/firepower-zero", test_firepower_zero);
  g_test_add_func ("/engine/tables/F-ART-11/halve-then-floor", test_halve);
  g_test_add_func ("/engine/tables/F-ART-11/halved-firepower-ruling", test_halve_ruling);
  g_test_add_func ("/engine/tables/F-ART-11/halved-firepower-ceil", test_halve_ruleset);

  g_test_add_func ("/engine/tables/F-FORD-8/special-shield-save-on", test_special_shield_save_on);
  g_test_add_func ("/engine/tables/hand-built/lookup", test_hand_built_lookup);
  g_test_add_func ("/engine/tables/hand-built/above-table", test_hand_built_above);

  result = g_test_run ();
  return result;
}
