/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli.c: admiralty-cli run as a master's script would run it — exit statuses, stdout,
 * stderr and the --json objects. CLI_PATH comes from meson; ADMIRALTY_RULES_PATH and
 * ADMIRALTY_SOURCE_DIR from the test environment. */

#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"

/* Usage */

static void
test_usage_no_command (void)
{
  g_autoptr(CliResult) result = run_cli (NULL, NULL);

  assert_failure (result, 2, "no command given");
  g_assert_nonnull (strstr (result->err, "admiralty-cli --help"));
}

static void
test_usage_unknown_command (void)
{
  g_autoptr(CliResult) result = run_cli ("roll", "--dice", "2d6", NULL);

  assert_failure (result, 2, "unknown command “roll”");
}

/* The --help list and the list a mistyped command is answered with name every command there
 * is, serve and join included: each name listed is one the program runs. */
static void
test_usage_every_command_listed (void)
{
  static const char * const every[] = {
    "validate", "scenario", "table", "odds", "battle", "cycle", "engagements", "report",
    "luck", "archive", "assign", "reveal", "end-campaign", "correct", "muster", "serve",
    "table-assign", "table-take-back", "import", "join", "verify-dice", "dice-give", "ti4",
    "journal", "undo", "redo",
  };
  g_autoptr(CliResult) help = run_cli ("--help", NULL);
  g_autoptr(CliResult) unknown = run_cli ("roll", NULL);
  g_autoptr(CliResult) none = run_cli (NULL, NULL);
  const char *list;
  g_auto(GStrv) names = NULL;

  g_assert_cmpint (help->status, ==, 0);
  assert_failure (unknown, 2, "unknown command “roll”");
  assert_failure (none, 2, "no command given");
  for (guint i = 0; i < G_N_ELEMENTS (every); i++)
    {
      g_autofree char *line = g_strdup_printf ("\n  %s ", every[i]);

      g_test_message ("%s", every[i]);
      g_assert_nonnull (strstr (help->out, line));
    }

  /* "…; the commands are validate, scenario, … and redo": each of them, and only real ones. */
  list = strstr (unknown->err, "the commands are ");
  g_assert_nonnull (list);
  list += strlen ("the commands are ");
  {
    g_autofree char *text = g_strndup (list, strcspn (list, "\n"));
    g_autoptr(GString) commas = g_string_new (text);

    g_string_replace (commas, " and ", ", ", 1);
    names = g_strsplit (commas->str, ", ", -1);
    g_assert_nonnull (strstr (none->err, text));
  }
  g_assert_cmpuint (g_strv_length (names), ==, G_N_ELEMENTS (every));
  for (guint i = 0; i < G_N_ELEMENTS (every); i++)
    g_assert_true (g_strv_contains ((const char * const *) names, every[i]));
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(CliResult) command_help = run_cli (names[i], "--help", NULL);

      g_test_message ("%s --help", names[i]);
      g_assert_cmpint (command_help->status, ==, 0);
    }
}

static void
test_usage_unknown_option (void)
{
  g_autoptr(CliResult) top = run_cli ("--bogus", NULL);
  g_autoptr(CliResult) table = run_cli ("table", "critical", "--roll", "7", "--bogus", NULL);

  assert_failure (top, 2, "--bogus");
  assert_failure (table, 2, "--bogus");
  g_assert_nonnull (strstr (table->err, "admiralty-cli table critical --help"));
}

static void
test_usage_unknown_table (void)
{
  g_autoptr(CliResult) unknown = run_cli ("table", "boarding", NULL);
  g_autoptr(CliResult) none = run_cli ("table", NULL);

  assert_failure (unknown, 2, "unknown table “boarding”");
  assert_failure (none, 2, "no table given");
}

static void
test_usage_version (void)
{
  g_autoptr(CliResult) result = run_cli ("--version", NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->out, ==, "admiralty-cli " PACKAGE_VERSION "\n");
}

static void
test_usage_help (void)
{
  const char *commands[][2] = {
    { NULL, NULL },
    { "validate", NULL },
    { "table", NULL },
    { "table", "artillery" },
    { "table", "critical" },
    { "table", "catastrophic" },
    { "table", "readiness" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autoptr(CliResult) result = NULL;
      g_autofree char *usage = NULL;

      if (commands[i][0] == NULL)
        result = run_cli ("--help", NULL);
      else if (commands[i][1] == NULL)
        result = run_cli (commands[i][0], "--help", NULL);
      else
        result = run_cli (commands[i][0], commands[i][1], "--help", NULL);
      usage = g_strjoin (" ", "admiralty-cli", commands[i][0], commands[i][1], NULL);
      g_assert_cmpint (result->status, ==, 0);
      g_assert_nonnull (strstr (result->out, "Usage:"));
      g_assert_nonnull (strstr (result->out, usage));
    }
}

/* Artillery: F-ART-8, F-ART-9, F-ART-10, F-ART-11, F-ART-12, F-ART-13, F-ART-14, F-ART-15 */

static void
assert_artillery (const char *firepower,
                  const char *target,
                  const char *shift,
                  int         dice,
                  int         column)
{
  g_autoptr(CliResult) result = run_cli ("table", "artillery", "--firepower", firepower,
                                         "--target", target, "--shift", shift, "--json", NULL);
  g_autoptr(JsonObject) object = NULL;

  g_test_message ("firepower %s against %s, shift %s", firepower, target, shift);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  object = parse_json (result->out);
  g_assert_cmpint (json_object_get_size (object), ==, 2);
  g_assert_cmpint (json_object_get_int_member (object, "dice"), ==, dice);
  g_assert_cmpint (json_object_get_int_member (object, "column"), ==, column);
}

static void
test_artillery_text (void)
{
  g_autoptr(CliResult) plain = run_cli ("table", "artillery", "--firepower", "7",
                                        "--target", "approaching-capital", NULL);
  g_autoptr(CliResult) shifted = run_cli ("table", "artillery", "--firepower", "7",
                                          "--target", "approaching-capital", "--shift", "-1",
                                          NULL);

  g_assert_cmpint (plain->status, ==, 0);
  g_assert_cmpstr (plain->err, ==, "");
  g_assert_cmpstr (plain->out, ==,
                   "5d6 (firepower 7 against approaching-capital: column 2, F-ART-14)\n");
  g_assert_cmpint (shifted->status, ==, 0);
  g_assert_cmpstr (shifted->out, ==,
                   "6d6 (firepower 7 against approaching-capital, shift -1: column 1, "
                   "F-ART-14)\n");
}

/* F-ART-14 cells, one or more in every column, F-ART-15 mapping every target. */
static void
test_artillery_cells (void)
{
  assert_artillery ("1", "approaching-capital", "0", 1, 2);
  assert_artillery ("8", "orbital", "0", 7, 1);
  assert_artillery ("13", "receding-capital", "0", 7, 3);
  assert_artillery ("13", "approaching-escort", "0", 7, 3);
  assert_artillery ("10", "receding-escort", "0", 4, 4);
  assert_artillery ("16", "crossing-capital", "0", 6, 4);
  assert_artillery ("20", "crossing-escort", "0", 4, 5);
  assert_artillery ("3", "torpedo", "0", 1, 5);
  /* A 0 in the table and no firepower at all both give no dice. */
  assert_artillery ("1", "crossing-escort", "0", 0, 5);
  assert_artillery ("0", "orbital", "0", 0, 1);
}

static void
test_artillery_half_range (void)
{
  assert_artillery ("7", "approaching-capital", "-1", 6, 1);
  assert_artillery ("15", "crossing-escort", "-1", 5, 4);
}

static void
test_artillery_long_range (void)
{
  assert_artillery ("12", "approaching-escort", "1", 4, 4);
  assert_artillery ("19", "receding-escort", "+1", 4, 5);
}

static void
test_artillery_cumulative (void)
{
  assert_artillery ("9", "approaching-capital", "2", 3, 4);
}

/* Ruling artillery-shift-past-edge, default "clamp": the edge column stays. */
static void
test_artillery_edge_clamp (void)
{
  assert_artillery ("5", "orbital", "-1", 5, 1);
  assert_artillery ("5", "torpedo", "1", 1, 5);
  assert_artillery ("20", "approaching-capital", "-3", 18, 1);
}

/* A ruleset that rules "no-shot": a copy of forcon-2010 with that default. */
static char *
write_no_shot_ruleset (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *ruleset_in = source_path ("data/rules/forcon-2010.xml", NULL);
  g_autofree char *classes_in = source_path ("data/rules/forcon-2010-classes.xml", NULL);
  g_autofree char *ruleset = NULL, *classes = NULL, *dir = NULL;
  g_autofree char *ruleset_path = NULL, *classes_path = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(GString) text = NULL;

  if (ruleset_in == NULL)
    return NULL;
  g_file_get_contents (ruleset_in, &ruleset, NULL, &error);
  g_assert_no_error (error);
  g_file_get_contents (classes_in, &classes, NULL, &error);
  g_assert_no_error (error);

  text = g_string_new (ruleset);
  g_assert_cmpuint (g_string_replace (text, "id=\"forcon-2010\"", "id=\"no-shot\"", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (text, "classes=\"forcon-2010-classes.xml\"",
                                      "classes=\"no-shot-classes.xml\"", 1), ==, 1);
  parts = g_strsplit (text->str, "<ruling id=\"artillery-shift-past-edge\"", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  g_string_assign (text, parts[0]);
  g_string_append (text, "<ruling id=\"artillery-shift-past-edge\"");
  {
    g_autoptr(GString) rest = g_string_new (parts[1]);

    g_assert_cmpuint (g_string_replace (rest, "default=\"clamp\"", "default=\"no-shot\"", 1),
                      ==, 1);
    g_string_append (text, rest->str);
  }

  dir = g_dir_make_tmp ("test-cli-XXXXXX", &error);
  g_assert_no_error (error);
  ruleset_path = g_build_filename (dir, "no-shot.xml", NULL);
  classes_path = g_build_filename (dir, "no-shot-classes.xml", NULL);
  g_file_set_contents (ruleset_path, text->str, -1, &error);
  g_assert_no_error (error);
  g_string_assign (text, classes);
  g_assert_cmpuint (g_string_replace (text, "ruleset=\"forcon-2010\"", "ruleset=\"no-shot\"", 1),
                    ==, 1);
  g_file_set_contents (classes_path, text->str, -1, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&dir);
}

static void
remove_no_shot_ruleset (const char *dir)
{
  g_autofree char *ruleset_path = g_build_filename (dir, "no-shot.xml", NULL);
  g_autofree char *classes_path = g_build_filename (dir, "no-shot-classes.xml", NULL);

  g_assert_cmpint (g_remove (ruleset_path), ==, 0);
  g_assert_cmpint (g_remove (classes_path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_artillery_edge_no_shot (void)
{
  g_autofree char *dir = write_no_shot_ruleset ();
  g_autoptr(CliResult) past = NULL, inside = NULL, text = NULL;
  g_autoptr(JsonObject) object = NULL;

  if (dir == NULL)
    return;
  past = run_cli_with_rules (dir, "table", "artillery", "--firepower", "5", "--target",
                             "orbital", "--shift", "-1", "--ruleset", "no-shot", "--json", NULL);
  g_assert_cmpint (past->status, ==, 0);
  object = parse_json (past->out);
  g_assert_cmpint (json_object_get_int_member (object, "dice"), ==, 0);
  g_assert_cmpint (json_object_get_int_member (object, "column"), ==, 0);
  g_clear_pointer (&object, json_object_unref);

  inside = run_cli_with_rules (dir, "table", "artillery", "--firepower", "5", "--target",
                               "approaching-capital", "--shift", "-1", "--ruleset", "no-shot",
                               "--json", NULL);
  g_assert_cmpint (inside->status, ==, 0);
  object = parse_json (inside->out);
  g_assert_cmpint (json_object_get_int_member (object, "dice"), ==, 5);
  g_assert_cmpint (json_object_get_int_member (object, "column"), ==, 1);

  text = run_cli_with_rules (dir, "table", "artillery", "--firepower", "5", "--target",
                             "torpedo", "--shift", "1", "--ruleset", "no-shot", NULL);
  g_assert_cmpint (text->status, ==, 0);
  g_assert_true (g_str_has_prefix (text->out, "0d6: no shot"));
  remove_no_shot_ruleset (dir);
}

/* Ruling firepower-above-table, default "split": 27 = 20 + 7, dice added. */
static void
test_artillery_above_table (void)
{
  assert_artillery ("27", "approaching-capital", "0", 14 + 5, 2);
  assert_artillery ("27", "orbital", "0", 18 + 6, 1);
  assert_artillery ("27", "crossing-escort", "0", 4 + 1, 5);
  assert_artillery ("27", "approaching-capital", "-1", 18 + 6, 1);
  assert_artillery ("40", "receding-capital", "0", 10 + 10, 3);
}

static void
test_artillery_unknown_target (void)
{
  const char *targets[] = { "approaching-capital", "approaching-escort", "receding-capital",
                            "receding-escort", "crossing-capital", "crossing-escort",
                            "orbital", "torpedo" };
  g_autoptr(CliResult) result = run_cli ("table", "artillery", "--firepower", "5",
                                         "--target", "bogus", NULL);

  assert_failure (result, 1, "“bogus”");
  for (gsize i = 0; i < G_N_ELEMENTS (targets); i++)
    g_assert_nonnull (strstr (result->err, targets[i]));
}

static void
test_artillery_bad_firepower (void)
{
  g_autoptr(CliResult) negative = run_cli ("table", "artillery", "--firepower", "-1",
                                           "--target", "orbital", NULL);
  g_autoptr(CliResult) word = run_cli ("table", "artillery", "--firepower", "abc",
                                       "--target", "orbital", NULL);
  g_autoptr(CliResult) fraction = run_cli ("table", "artillery", "--firepower", "2.5",
                                           "--target", "orbital", NULL);
  g_autoptr(CliResult) json = run_cli ("table", "artillery", "--firepower", "abc",
                                       "--target", "orbital", "--json", NULL);
  g_autoptr(JsonObject) object = NULL;

  assert_failure (negative, 1, "--firepower “-1”");
  assert_failure (word, 1, "--firepower “abc”");
  assert_failure (fraction, 1, "--firepower “2.5”");
  /* With --json, a wrong value still gives one JSON object, naming the problem. */
  g_assert_cmpint (json->status, ==, 1);
  object = parse_json (json->out);
  g_assert_nonnull (strstr (json_object_get_string_member (object, "error"), "abc"));
}

static void
test_artillery_bad_shift (void)
{
  g_autoptr(CliResult) result = run_cli ("table", "artillery", "--firepower", "5",
                                         "--target", "orbital", "--shift", "left", NULL);

  assert_failure (result, 1, "--shift “left”");
}

static void
test_artillery_missing (void)
{
  g_autoptr(CliResult) no_target = run_cli ("table", "artillery", "--firepower", "5", NULL);
  g_autoptr(CliResult) no_firepower = run_cli ("table", "artillery", "--target", "orbital",
                                               NULL);
  g_autoptr(CliResult) no_value = run_cli ("table", "artillery", "--target", "orbital",
                                           "--firepower", NULL);
  g_autoptr(CliResult) option_as_value = run_cli ("table", "artillery", "--firepower",
                                                  "--target", "orbital", NULL);

  assert_failure (no_target, 2, "missing --target");
  assert_failure (no_firepower, 2, "missing --firepower");
  assert_failure (no_value, 2, "--firepower");
  assert_failure (option_as_value, 2, "missing value for --firepower");
}

static void
test_artillery_unknown_ruleset (void)
{
  g_autoptr(CliResult) result = run_cli ("table", "artillery", "--firepower", "5", "--target",
                                         "orbital", "--ruleset", "forcon-1999", NULL);

  assert_failure (result, 1, "forcon-1999");
}

/* Critical damage: F-CRIT-8 (ships), F-STN-7 (stations) */

typedef struct {
  const char *effect;
  const char *extra_damage;
  const char *clause;
  gboolean    catastrophic_check;
} CriticalRow;

/* Indexed by roll - 2, transcribed from the digest's tables. */
static const CriticalRow ship_rows[] = {
  { "main-guns", "0", "F-CRIT-9", FALSE },
  { "starboard-weapons", "0", "F-CRIT-10", FALSE },
  { "port-weapons", "0", "F-CRIT-11", FALSE },
  { "bow-weapons", "0", "F-CRIT-12", FALSE },
  { "engines", "1", "F-CRIT-13", FALSE },
  { "fire", "0", "F-CRIT-14", FALSE },
  { "central-deck", "1", "F-CRIT-15", FALSE },
  { "bridge", "0", "F-CRIT-16", FALSE },
  { "shields", "0", "F-CRIT-17", FALSE },
  { "hull", "d3", "F-CRIT-18", FALSE },
  { "superstructure", "d6", "F-CRIT-19", FALSE },
};

static const CriticalRow station_rows[] = {
  { "destructors", "0", "F-STN-8", TRUE },
  { "destructors", "0", "F-STN-8", TRUE },
  { "main-weapons", "0", "F-STN-9", TRUE },
  { "torpedoes", "0", "F-STN-10", FALSE },
  { "reactor", "0", "F-STN-11", TRUE },
  { "fire", "0", "F-STN-12", FALSE },
  { "fire", "0", "F-STN-12", FALSE },
  { "orbit-decay", "1", "F-STN-13", FALSE },
  { "shields", "0", "F-STN-14", FALSE },
  { "hull", "d3", "F-STN-15", FALSE },
  { "central-post", "d6", "F-STN-16", FALSE },
};

static void
assert_critical_roll (const char        *kind,
                      int                roll,
                      const CriticalRow *expected)
{
  g_autofree char *roll_text = g_strdup_printf ("%d", roll);
  g_autofree char *prefix = g_strdup_printf ("%d: %s — ", roll, expected->effect);
  g_autofree char *clause = g_strdup_printf ("clause %s)\n", expected->clause);
  g_autofree char *extra = g_strdup_printf ("(extra damage %s, ", expected->extra_damage);
  g_autoptr(CliResult) json = run_cli ("table", "critical", "--roll", roll_text, "--kind", kind,
                                       "--json", NULL);
  g_autoptr(CliResult) text = run_cli ("table", "critical", "--kind", kind, "--roll", roll_text,
                                       NULL);
  g_autoptr(JsonObject) object = NULL;

  g_test_message ("%s roll %d", kind, roll);
  g_assert_cmpint (json->status, ==, 0);
  object = parse_json (json->out);
  g_assert_cmpint (json_object_get_int_member (object, "roll"), ==, roll);
  g_assert_cmpstr (json_object_get_string_member (object, "effect"), ==, expected->effect);
  g_assert_cmpstr (json_object_get_string_member (object, "extra_damage"), ==,
                   expected->extra_damage);
  g_assert_cmpint (json_object_has_member (object, "catastrophic_check"), ==,
                   expected->catastrophic_check);
  if (expected->catastrophic_check)
    g_assert_true (json_object_get_boolean_member (object, "catastrophic_check"));

  g_assert_cmpint (text->status, ==, 0);
  g_assert_cmpstr (text->err, ==, "");
  g_assert_true (g_str_has_prefix (text->out, prefix));
  g_assert_true (g_str_has_suffix (text->out, clause));
  g_assert_nonnull (strstr (text->out, extra));
}

static void
test_critical_ship (void)
{
  for (int roll = 2; roll <= 12; roll++)
    assert_critical_roll ("ship", roll, &ship_rows[roll - 2]);
}

static void
test_critical_station (void)
{
  for (int roll = 2; roll <= 12; roll++)
    assert_critical_roll ("station", roll, &station_rows[roll - 2]);
}

/* The example line; --kind defaults to ship. */
static void
test_critical_superstructure_text (void)
{
  g_autoptr(CliResult) result = run_cli ("table", "critical", "--roll", "12", NULL);

  g_assert_cmpint (result->status, ==, 0);
  g_assert_true (g_str_has_prefix (result->out,
                                   "12: superstructure — Superstructures destroyed"));
  g_assert_true (g_str_has_suffix (result->out, "(extra damage d6, clause F-CRIT-19)\n"));
}

static void
test_critical_bad_roll (void)
{
  g_autoptr(CliResult) high = run_cli ("table", "critical", "--roll", "13", NULL);
  g_autoptr(CliResult) low = run_cli ("table", "critical", "--roll", "1", "--kind", "station",
                                      NULL);
  g_autoptr(CliResult) word = run_cli ("table", "critical", "--roll", "seven", NULL);
  g_autoptr(CliResult) kind = run_cli ("table", "critical", "--roll", "7", "--kind", "fortress",
                                       NULL);

  assert_failure (high, 1, "13");
  assert_failure (low, 1, "from 2 to 12");
  assert_failure (word, 1, "“seven”");
  assert_failure (kind, 1, "“fortress”");
}

static void
test_critical_missing_roll (void)
{
  g_autoptr(CliResult) absent = run_cli ("table", "critical", "--kind", "ship", NULL);
  g_autoptr(CliResult) no_value = run_cli ("table", "critical", "--roll", NULL);
  g_autoptr(CliResult) option_as_value = run_cli ("table", "critical", "--roll", "--json",
                                                  NULL);

  assert_failure (absent, 2, "missing --roll");
  assert_failure (no_value, 2, "--roll");
  assert_failure (option_as_value, 2, "missing value for --roll");
}

/* Catastrophic damage: F-CAT-9 */

static void
test_catastrophic_every_roll (void)
{
  const char *effects[] = {
    "drifting-hulk", "drifting-hulk", "drifting-hulk", "drifting-hulk", "drifting-hulk",
    "burning-hulk", "burning-hulk", "plasma-overload", "plasma-overload", "plasma-overload",
    "necklin-rift",
  };

  for (int roll = 2; roll <= 12; roll++)
    {
      g_autofree char *roll_text = g_strdup_printf ("%d", roll);
      g_autoptr(CliResult) result = run_cli ("table", "catastrophic", "--roll", roll_text,
                                             "--json", NULL);
      g_autoptr(JsonObject) object = NULL;

      g_assert_cmpint (result->status, ==, 0);
      object = parse_json (result->out);
      g_assert_cmpint (json_object_get_size (object), ==, 2);
      g_assert_cmpint (json_object_get_int_member (object, "roll"), ==, roll);
      g_assert_cmpstr (json_object_get_string_member (object, "effect"), ==, effects[roll - 2]);
    }
}

static void
test_catastrophic_text (void)
{
  g_autoptr(CliResult) rift = run_cli ("table", "catastrophic", "--roll", "12", NULL);
  g_autoptr(CliResult) hulk = run_cli ("table", "catastrophic", "--roll", "6", NULL);

  g_assert_cmpint (rift->status, ==, 0);
  g_assert_true (g_str_has_prefix (rift->out, "12: necklin-rift — "));
  g_assert_true (g_str_has_suffix (rift->out, "clause F-CAT-13)\n"));
  g_assert_cmpint (hulk->status, ==, 0);
  g_assert_true (g_str_has_prefix (hulk->out, "6: drifting-hulk — "));
  g_assert_true (g_str_has_suffix (hulk->out, "clause F-CAT-10)\n"));
}

static void
test_catastrophic_bad_roll (void)
{
  g_autoptr(CliResult) high = run_cli ("table", "catastrophic", "--roll", "13", NULL);
  g_autoptr(CliResult) missing = run_cli ("table", "catastrophic", NULL);

  assert_failure (high, 1, "13");
  assert_failure (missing, 2, "missing --roll");
}

/* Readiness: F-RDY-5, F-FIRE-10 */

static void
test_readiness_boundaries (void)
{
  const struct {
    const char *readiness;
    const char *grade;
    int         modifier;
    int         fire_distribution_modifier;
  } cases[] = {
    { "0", "green", -1, -2 },
    { "3", "green", -1, -2 },
    { "4", "experienced", 0, -1 },
    { "6", "experienced", 0, -1 },
    { "7", "veteran", 1, 0 },
    { "8", "veteran", 1, 0 },
    { "9", "elite", 2, 0 },
    { "12", "elite", 2, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CliResult) result = run_cli ("table", "readiness", "--readiness",
                                             cases[i].readiness, "--json", NULL);
      g_autoptr(JsonObject) object = NULL;

      g_test_message ("readiness %s", cases[i].readiness);
      g_assert_cmpint (result->status, ==, 0);
      object = parse_json (result->out);
      g_assert_cmpint (json_object_get_int_member (object, "readiness"), ==,
                       g_ascii_strtoll (cases[i].readiness, NULL, 10));
      g_assert_cmpstr (json_object_get_string_member (object, "grade"), ==, cases[i].grade);
      g_assert_cmpint (json_object_get_int_member (object, "modifier"), ==, cases[i].modifier);
      g_assert_cmpint (json_object_get_int_member (object, "fire_distribution_modifier"), ==,
                       cases[i].fire_distribution_modifier);
    }
}

static void
test_readiness_text (void)
{
  g_autoptr(CliResult) veteran = run_cli ("table", "readiness", "--readiness", "7", NULL);
  g_autoptr(CliResult) green = run_cli ("table", "readiness", "--readiness", "3", NULL);

  g_assert_cmpint (veteran->status, ==, 0);
  g_assert_true (g_str_has_prefix (veteran->out, "7: veteran "));
  g_assert_nonnull (strstr (veteran->out, "readiness modifier +1"));
  g_assert_nonnull (strstr (veteran->out, "fire-distribution modifier 0"));
  g_assert_cmpint (green->status, ==, 0);
  g_assert_nonnull (strstr (green->out, "readiness modifier -1"));
  g_assert_nonnull (strstr (green->out, "fire-distribution modifier -2"));
}

static void
test_readiness_bad_value (void)
{
  g_autoptr(CliResult) word = run_cli ("table", "readiness", "--readiness", "high", NULL);
  g_autoptr(CliResult) missing = run_cli ("table", "readiness", "--json", NULL);

  assert_failure (word, 1, "“high”");
  assert_failure (missing, 2, "missing --readiness");
}

/* validate */

static void
test_validate_scenario (void)
{
  g_autofree char *path = source_path ("scenarios/skirmish.admiralty", NULL);
  g_autoptr(CliResult) result = NULL;
  g_autofree char *expected = NULL;

  if (path == NULL)
    return;
  result = run_cli ("validate", path, NULL);
  expected = g_strdup_printf ("%s: valid (scenario “", path);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  g_assert_true (g_str_has_prefix (result->out, expected));
  g_assert_nonnull (strstr (result->out, " ships, "));
  g_assert_nonnull (strstr (result->out, " formations, "));
  g_assert_true (g_str_has_suffix (result->out, " sectors)\n"));
}

static void
test_validate_unknown_class (void)
{
  g_autofree char *path = source_path ("tests/data/scenarios-broken/unknown-class.admiralty", NULL);
  g_autoptr(CliResult) result = NULL;

  if (path == NULL)
    return;
  result = run_cli ("validate", path, NULL);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_cmpstr (result->out, ==, "");
  g_assert_nonnull (strstr (result->err, "unknown-class.admiralty:"));
  g_assert_true (g_regex_match_simple ("unknown-class\\.admiralty:[0-9]+: ", result->err, 0, 0));
}

static void
test_validate_missing_file (void)
{
  g_autoptr(CliResult) result = run_cli ("validate", "no-such-fleet.admiralty", NULL);

  assert_failure (result, 1, "no-such-fleet.admiralty");
}

static void
test_validate_no_file (void)
{
  g_autoptr(CliResult) result = run_cli ("validate", NULL);

  assert_failure (result, 2, "no file given");
}

static void
test_validate_json (void)
{
  g_autofree char *good = source_path ("scenarios/skirmish.admiralty", NULL);
  g_autofree char *bad = source_path ("tests/data/scenarios-broken/unknown-class.admiralty", NULL);
  g_autoptr(CliResult) result = NULL;
  g_autoptr(JsonObject) object = NULL;
  JsonArray *files;
  JsonObject *file;

  if (good == NULL)
    return;
  result = run_cli ("validate", "--json", good, bad, "missing.admiralty", NULL);
  g_assert_cmpint (result->status, ==, 1);
  object = parse_json (result->out);
  files = json_object_get_array_member (object, "files");
  g_assert_cmpuint (json_array_get_length (files), ==, 3);

  file = json_array_get_object_element (files, 0);
  g_assert_cmpstr (json_object_get_string_member (file, "file"), ==, good);
  g_assert_true (json_object_get_boolean_member (file, "valid"));
  g_assert_cmpstr (json_object_get_string_member (file, "kind"), ==, "scenario");
  g_assert_true (json_object_get_null_member (file, "error"));

  file = json_array_get_object_element (files, 1);
  g_assert_false (json_object_get_boolean_member (file, "valid"));
  g_assert_cmpstr (json_object_get_string_member (file, "kind"), ==, "scenario");
  g_assert_true (g_regex_match_simple ("unknown-class\\.admiralty:[0-9]+: ",
                                       json_object_get_string_member (file, "error"), 0, 0));

  file = json_array_get_object_element (files, 2);
  g_assert_false (json_object_get_boolean_member (file, "valid"));
  g_assert_true (json_object_get_null_member (file, "kind"));
  g_assert_nonnull (strstr (json_object_get_string_member (file, "error"), "missing.admiralty"));
}

static void
test_validate_rules (void)
{
  g_autofree char *ruleset = source_path ("data/rules/forcon-2010.xml", NULL);
  g_autofree char *classes = source_path ("data/rules/forcon-2010-classes.xml", NULL);
  g_autoptr(CliResult) result = NULL;
  g_autoptr(JsonObject) object = NULL;
  JsonArray *files;

  if (ruleset == NULL)
    return;
  result = run_cli ("validate", "--json", ruleset, classes, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (result->err, ==, "");
  object = parse_json (result->out);
  files = json_object_get_array_member (object, "files");
  g_assert_cmpuint (json_array_get_length (files), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (files, 0),
                                                  "kind"), ==, "ruleset");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (files, 1),
                                                  "kind"), ==, "classes");
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (files, 1),
                                                 "valid"));
}

static char *
copy_into (const char *source,
           const char *dir,
           const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  char *target = g_build_filename (dir, name, NULL);
  gsize length;

  g_file_get_contents (source, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (target, contents, (gssize) length, &error);
  g_assert_no_error (error);
  return target;
}

/* A damaged campaign names its newest good backup (ADM_CAMPAIGN_ERROR_CORRUPT). */
static void
test_validate_damaged_campaign (void)
{
  g_autofree char *damaged = source_path ("tests/data/campaigns-broken",
                                          "truncated-journal.admiralty", NULL);
  g_autofree char *good = source_path ("tests/data/campaigns/small.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = NULL, *backup = NULL, *backup_name = NULL;
  g_autofree char *copy = NULL;
  g_autoptr(CliResult) result = NULL, text = NULL;
  g_autoptr(JsonObject) object = NULL;
  JsonObject *file;

  if (damaged == NULL)
    return;
  dir = g_dir_make_tmp ("test-cli-XXXXXX", &error);
  g_assert_no_error (error);
  path = copy_into (damaged, dir, "war.admiralty");
  backup = adm_campaign_backup_path (path, 2);
  backup_name = g_path_get_basename (backup);
  copy = copy_into (good, dir, backup_name);

  result = run_cli ("validate", "--json", path, NULL);
  g_assert_cmpint (result->status, ==, 1);
  object = parse_json (result->out);
  file = json_array_get_object_element (json_object_get_array_member (object, "files"), 0);
  g_assert_false (json_object_get_boolean_member (file, "valid"));
  g_assert_cmpstr (json_object_get_string_member (file, "kind"), ==, "campaign");
  g_assert_cmpstr (json_object_get_string_member (file, "backup"), ==, backup);

  text = run_cli ("validate", path, NULL);
  g_assert_cmpint (text->status, ==, 1);
  g_assert_true (g_regex_match_simple ("war\\.admiralty:[0-9]+: ", text->err, 0, 0));
  g_assert_nonnull (strstr (text->err, backup));

  g_assert_cmpint (g_remove (copy), ==, 0);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A classes file its ruleset does not name is never loaded: validate says so. */
static void
test_validate_foreign_classes (void)
{
  g_autofree char *ruleset = source_path ("data/rules/forcon-2010.xml", NULL);
  g_autofree char *classes = source_path ("data/rules/forcon-2010-classes.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *ruleset_copy = NULL, *classes_copy = NULL;
  g_autoptr(CliResult) result = NULL;

  if (ruleset == NULL)
    return;
  dir = g_dir_make_tmp ("test-cli-XXXXXX", &error);
  g_assert_no_error (error);
  classes_copy = copy_into (classes, dir, "my-classes.xml");

  result = run_cli ("validate", classes_copy, NULL);
  assert_failure (result, 1, "forcon-2010.xml");
  g_clear_pointer (&result, cli_result_free);

  ruleset_copy = copy_into (ruleset, dir, "forcon-2010.xml");
  result = run_cli ("validate", classes_copy, NULL);
  assert_failure (result, 1, "not this file");

  g_assert_cmpint (g_remove (classes_copy), ==, 0);
  g_assert_cmpint (g_remove (ruleset_copy), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A campaign keeps a battle whose journal does not replay (one byte of a phase's stored
 * declarations changed): validate opens every kept battle, and names the campaign file, the
 * battle and the campaign file's line. */
static void
test_validate_kept_battle (void)
{
  g_autofree char *kept = source_path ("tests/data/round-trip/komarr-kept-battle.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL, *path = NULL, *text = NULL, *expected = NULL;
  g_autoptr(CliResult) result = NULL;
  char *at;
  gsize length;

  dir = g_dir_make_tmp ("test-cli-XXXXXX", &error);
  g_assert_no_error (error);
  path = copy_into (kept, dir, "k.admiralty");
  result = run_cli ("validate", path, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_clear_pointer (&result, cli_result_free);

  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  at = strstr (text, "phase=\"detection\">&lt;?xml version=");
  g_assert_nonnull (at);
  memcpy (strstr (at, "version"), "versi0n", 7);
  g_assert_true (g_file_set_contents (path, text, (gssize) length, NULL));

  result = run_cli ("validate", path, NULL);
  g_assert_cmpint (result->status, ==, 1);
  expected = g_strdup_printf ("%s:272: the battle of engagement c1-3 kept in this campaign "
                              "does not open: journal:1: this is not well-formed XML: "
                              "Malformed declaration expecting version\n", path);
  g_assert_true (g_str_has_prefix (result->err, expected));

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/usage/no-command", test_usage_no_command);
  g_test_add_func ("/cli/usage/unknown-command", test_usage_unknown_command);
  g_test_add_func ("/cli/usage/every-command-listed", test_usage_every_command_listed);
  g_test_add_func ("/cli/usage/unknown-option", test_usage_unknown_option);
  g_test_add_func ("/cli/usage/unknown-table", test_usage_unknown_table);
  g_test_add_func ("/cli/usage/version", test_usage_version);
  g_test_add_func ("/cli/usage/help", test_usage_help);

  g_test_add_func ("/cli/table/F-ART-14/text", test_artillery_text);
  g_test_add_func ("/cli/table/F-ART-14/cells", test_artillery_cells);
  g_test_add_func ("/cli/table/F-ART-8/half-range-shift", test_artillery_half_range);
  g_test_add_func ("/cli/table/F-ART-9/long-range-shift", test_artillery_long_range);
  g_test_add_func ("/cli/table/F-ART-10/cumulative-shifts", test_artillery_cumulative);
  g_test_add_func ("/cli/table/F-ART-10/edge-clamp", test_artillery_edge_clamp);
  g_test_add_func ("/cli/table/F-ART-10/edge-no-shot", test_artillery_edge_no_shot);
  g_test_add_func ("/cli/table/F-ART-11/firepower-above-table", test_artillery_above_table);
  g_test_add_func ("/cli/table/F-ART-11/bad-firepower", test_artillery_bad_firepower);
  g_test_add_func ("/cli/table/F-ART-8/bad-shift", test_artillery_bad_shift);
  g_test_add_func ("/cli/table/F-ART-15/unknown-target", test_artillery_unknown_target);
  g_test_add_func ("/cli/table/F-ART-14/missing-options", test_artillery_missing);
  g_test_add_func ("/cli/table/F-ART-14/unknown-ruleset", test_artillery_unknown_ruleset);

  g_test_add_func ("/cli/table/F-CRIT-8/every-roll", test_critical_ship);
  g_test_add_func ("/cli/table/F-STN-7/every-roll", test_critical_station);
  g_test_add_func ("/cli/table/F-CRIT-19/text", test_critical_superstructure_text);
  g_test_add_func ("/cli/table/F-CRIT-2/bad-roll", test_critical_bad_roll);
  g_test_add_func ("/cli/table/F-CRIT-2/missing-roll", test_critical_missing_roll);

  g_test_add_func ("/cli/table/F-CAT-9/every-roll", test_catastrophic_every_roll);
  g_test_add_func ("/cli/table/F-CAT-9/text", test_catastrophic_text);
  g_test_add_func ("/cli/table/F-CAT-9/bad-roll", test_catastrophic_bad_roll);

  g_test_add_func ("/cli/table/F-RDY-5/boundaries", test_readiness_boundaries);
  g_test_add_func ("/cli/table/F-RDY-5/text", test_readiness_text);
  g_test_add_func ("/cli/table/F-RDY-5/bad-value", test_readiness_bad_value);

  g_test_add_func ("/cli/validate/scenario", test_validate_scenario);
  g_test_add_func ("/cli/validate/unknown-class", test_validate_unknown_class);
  g_test_add_func ("/cli/validate/missing-file", test_validate_missing_file);
  g_test_add_func ("/cli/validate/no-file", test_validate_no_file);
  g_test_add_func ("/cli/validate/json", test_validate_json);
  g_test_add_func ("/cli/validate/rules", test_validate_rules);
  g_test_add_func ("/cli/validate/damaged-campaign", test_validate_damaged_campaign);
  g_test_add_func ("/cli/validate/foreign-classes", test_validate_foreign_classes);
  g_test_add_func ("/cli/validate/kept-battle", test_validate_kept_battle);

  return g_test_run ();
}
