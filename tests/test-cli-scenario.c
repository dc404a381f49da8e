/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-scenario.c: `admiralty-cli scenario new|import-oob|export-oob` run as a master's
 * script would — a new scenario that validates, fleets exported and read back byte for byte,
 * a master's own 80 ships read onto a map and a cycle resolved from it, and every refusal
 * naming FILE.csv:LINE and leaving the scenario byte for byte. CLI_PATH comes from meson. */

#include "config.h"

#include <string.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "shipped-helpers.h"

#define HEADER "admiral,faction,formation,ship,class,readiness,command,sector,hidden\n"

typedef struct {
  char *dir;
  char *scenario;   /* dir/game.admiralty */
  char *csv;        /* dir/fleet.csv */
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->dir = g_dir_make_tmp ("test-cli-scenario-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->scenario = g_build_filename (fixture->dir, "game.admiralty", NULL);
  fixture->csv = g_build_filename (fixture->dir, "fleet.csv", NULL);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  remove_folder (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->scenario);
  g_free (fixture->csv);
}

/* @path (a file of the source tree) copied to the fixture's scenario. */
static void
copy_scenario (Fixture    *fixture,
               const char *first,
               const char *name)
{
  g_autofree char *path = source_path (first, name, NULL);
  g_autofree char *data = file_contents (path);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (fixture->scenario, data, -1, &error);
  g_assert_no_error (error);
}

static void
write_csv (Fixture    *fixture,
           const char *data,
           gssize      length)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (fixture->csv, data, length, &error);
  g_assert_no_error (error);
}

/* `scenario new` writes a scenario that validates and opens as a campaign; an existing file
 * is not written over. */
static void
test_new (Fixture       *fixture,
          gconstpointer  data)
{
  g_autoptr(CliResult) made = run_cli ("scenario", "new", "--title", "My Own Game", "-o",
                                       fixture->scenario, NULL);
  g_autoptr(CliResult) valid = NULL, again = NULL, exported = NULL;
  g_autofree char *text = NULL, *after = NULL;

  g_test_message ("%s%s", made->out, made->err);
  g_assert_cmpint (made->status, ==, 0);
  text = file_contents (fixture->scenario);
  g_assert_nonnull (strstr (text, "<scenario id=\"my-own-game\" name=\"My Own Game\" "
                                  "ruleset=\"forcon-2010\">\n  <description></description>\n"));
  valid = run_cli ("validate", fixture->scenario, NULL);
  g_assert_cmpint (valid->status, ==, 0);
  g_assert_nonnull (strstr (valid->out, "valid"));
  /* Its order of battle is a spreadsheet to start from. */
  exported = run_cli ("scenario", "export-oob", fixture->scenario, NULL);
  g_assert_cmpint (exported->status, ==, 0);
  g_assert_cmpstr (exported->out, ==, HEADER "First Admiral,barrayar,First Squadron,First Ship,"
                                      "vorhartung,6,1,first-sector,\n");

  again = run_cli ("scenario", "new", "--title", "Another", "-o", fixture->scenario, NULL);
  assert_failure (again, 1, "already exists");
  after = file_contents (fixture->scenario);
  g_assert_cmpstr (after, ==, text);
}

/* Export, then import onto the same scenario: the file byte for byte as it was. */
static void
test_round_trip (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *name = data;
  g_autofree char *path = source_path ("scenarios", name, NULL);
  g_autofree char *original = file_contents (path);
  g_autofree char *after = NULL;
  g_autoptr(CliResult) exported = NULL, imported = NULL, valid = NULL;

  copy_scenario (fixture, "scenarios", name);
  exported = run_cli ("scenario", "export-oob", fixture->scenario, "-o", fixture->csv, NULL);
  g_assert_cmpint (exported->status, ==, 0);
  g_assert_cmpstr (exported->out, ==, "");
  imported = run_cli ("scenario", "import-oob", fixture->scenario, fixture->csv, NULL);
  g_test_message ("%s%s", imported->out, imported->err);
  g_assert_cmpint (imported->status, ==, 0);
  g_assert_cmpstr (imported->err, ==, "");
  after = file_contents (fixture->scenario);
  g_assert_cmpstr (after, ==, original);
  valid = run_cli ("validate", fixture->scenario, NULL);
  g_assert_cmpint (valid->status, ==, 0);
}

/* What a Russian spreadsheet saves — a BOM, ";" between cells, CRLF line ends — reads as
 * the comma-separated file does: the skirmish's fleets, byte for byte. */
static void
test_russian_spreadsheet (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *path = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *original = file_contents (path);
  g_autofree char *after = NULL;
  g_autoptr(CliResult) exported = NULL, imported = NULL;
  g_autoptr(GString) csv = g_string_new ("\xef\xbb\xbf");

  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  exported = run_cli ("scenario", "export-oob", fixture->scenario, NULL);
  g_assert_cmpint (exported->status, ==, 0);
  /* The skirmish's names hold no comma, semicolon or quote: no cell is quoted. */
  g_assert_null (strpbrk (exported->out, "\";"));
  for (const char *p = exported->out; *p != '\0'; p++)
    if (*p == ',')
      g_string_append_c (csv, ';');
    else if (*p == '\n')
      g_string_append (csv, "\r\n");
    else
      g_string_append_c (csv, *p);
  write_csv (fixture, csv->str, (gssize) csv->len);
  imported = run_cli ("scenario", "import-oob", fixture->scenario, fixture->csv, NULL);
  g_test_message ("%s%s", imported->out, imported->err);
  g_assert_cmpint (imported->status, ==, 0);
  after = file_contents (fixture->scenario);
  g_assert_cmpstr (after, ==, original);
}

/* A master's own game: the 20 admirals and 80 ships of /work/shared/repro/gen-scenario.py as
 * CSV, read onto its map of 16 sectors; the scenario validates, and a campaign's first cycle
 * is resolved from it. */
static void
test_my_game_cycle (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *csv = source_path ("tests/data/oob", "my-game.csv", NULL);
  g_autofree char *campaign = g_build_filename (fixture->dir, "my-game.admiralty", NULL);
  g_autoptr(CliResult) imported = NULL, valid = NULL, cycle = NULL;
  g_autoptr(JsonObject) json = NULL;

  copy_scenario (fixture, "tests/data/oob", "my-game-map.admiralty");
  imported = run_cli ("scenario", "import-oob", fixture->scenario, csv, "--json", NULL);
  g_test_message ("%s%s", imported->out, imported->err);
  g_assert_cmpint (imported->status, ==, 0);
  json = parse_json (imported->out);
  g_assert_cmpint (json_object_get_int_member (json, "formations"), ==, 40);
  g_assert_cmpint (json_object_get_int_member (json, "ships"), ==, 80);
  g_assert_cmpint (json_object_get_int_member (json, "admirals_added"), ==, 20);

  valid = run_cli ("validate", fixture->scenario, NULL);
  g_assert_cmpint (valid->status, ==, 0);
  g_assert_nonnull (strstr (valid->out, "80 ships, 40 formations, 16 sectors"));

  cycle = run_cli ("cycle", fixture->scenario, "--seed", "7", "--save", campaign, NULL);
  g_test_message ("%s%s", cycle->out, cycle->err);
  g_assert_cmpint (cycle->status, ==, 0);
  g_assert_nonnull (strstr (cycle->out, "Formation 19-1: Sector 10"));
  g_assert_true (g_file_test (campaign, G_FILE_TEST_IS_REGULAR));
}

/* What the spreadsheet read refuses: each a problem on stderr as FILE.csv:LINE, exit 1,
 * the scenario byte for byte as it was. */
typedef struct {
  const char *name;
  const char *csv;
  const char *problem;   /* on stderr, after "fleet.csv:" */
} Refusal;

static const Refusal refusals[] = {
  { "F-RDY-1/readiness", HEADER ",barrayar,A,Kestrel,frigate,99,1,pol-jump-point,\n",
    "2: readiness “99”: it must be a whole number 0–12" },
  { "unknown-class", HEADER ",barrayar,A,Kestrel,ariel-ii,5,1,pol-jump-point,\n",
    "2: unknown class “ariel-ii”" },
  { "F-FORM-8/seventh-ship", HEADER
    ",barrayar,A,S1,frigate,5,1,pol-jump-point,\n,barrayar,A,S2,frigate,5,,pol-jump-point,\n"
    ",barrayar,A,S3,frigate,5,,pol-jump-point,\n,barrayar,A,S4,frigate,5,,pol-jump-point,\n"
    ",barrayar,A,S5,frigate,5,,pol-jump-point,\n,barrayar,A,S6,frigate,5,,pol-jump-point,\n"
    ",barrayar,A,S7,frigate,5,,pol-jump-point,\n",
    "8: “S7” is ship 7 of formation “A”" },
  { "missing-column", "admiral,faction,formation,ship,class,command,sector,hidden\n"
    ",barrayar,A,Kestrel,frigate,1,pol-jump-point,\n",
    "1: the header lacks the columns “readiness”" },
  { "unknown-faction", HEADER ",betan-survey,A,Kestrel,frigate,5,1,pol-jump-point,\n",
    "2: unknown faction “betan-survey”" },
  { "unknown-sector", HEADER ",barrayar,A,Kestrel,frigate,5,1,nowhere,\n",
    "2: unknown sector “nowhere”" },
  /* An admiral the scenario lacks is added under his faction; one it has keeps his own. */
  { "admiral-of-another-faction",
    HEADER "ghem-estif,barrayar,A,Kestrel,frigate,5,1,pol-jump-point,\n",
    "2: admiral “ghem-Adm. Ilsum Estif” serves cetaganda in the scenario, not barrayar" },
};

static void
assert_refused (Fixture    *fixture,
                const char *original,
                const char *problem)
{
  g_autoptr(CliResult) result = run_cli ("scenario", "import-oob", fixture->scenario,
                                         fixture->csv, NULL);
  g_autofree char *expected = g_strconcat ("fleet.csv:", problem, NULL);
  g_autofree char *after = file_contents (fixture->scenario);
  g_autofree char *backup = g_build_filename (fixture->dir, "game.backup-1.admiralty", NULL);

  assert_failure (result, 1, expected);
  g_assert_cmpstr (after, ==, original);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
}

static void
test_refused (Fixture       *fixture,
              gconstpointer  data)
{
  const Refusal *refusal = data;
  g_autofree char *original = NULL;

  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  original = file_contents (fixture->scenario);
  write_csv (fixture, refusal->csv, -1);
  assert_refused (fixture, original, refusal->problem);
}

/* 10,001 ships: refused on the row past the bound. */
static void
test_too_many_rows (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GString) csv = g_string_new (HEADER);
  g_autofree char *original = NULL;

  copy_scenario (fixture, "tests/data/oob", "my-game-map.admiralty");
  original = file_contents (fixture->scenario);
  for (guint i = 0; i <= ADM_OOB_MAX_ROWS; i++)
    g_string_append_printf (csv, ",barrayar,F%u,Ship %u,frigate,6,%s,s0,\n", i / 5, i,
                            i % 5 == 0 ? "1" : "");
  write_csv (fixture, csv->str, (gssize) csv->len);
  assert_refused (fixture, original, "10002: more than 10000 ships");
}

/* A file of 100 MB is refused by its size, having read 16 MiB of it at most. */
static void
test_huge_file (Fixture       *fixture,
                gconstpointer  data)
{
  g_autofree char *original = NULL, *after = NULL;
  g_autoptr(CliResult) result = NULL;
  FILE *file;

  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  original = file_contents (fixture->scenario);
  file = g_fopen (fixture->csv, "wb");
  g_assert_nonnull (file);
  g_assert_cmpint (fseek (file, 100 * 1000 * 1000 - 1, SEEK_SET), ==, 0);
  g_assert_cmpint (fputc ('\n', file), ==, '\n');
  g_assert_cmpint (fclose (file), ==, 0);
  result = run_cli ("scenario", "import-oob", fixture->scenario, fixture->csv, NULL);
  assert_failure (result, 1, "fleet.csv: the file is larger than 16 MiB");
  after = file_contents (fixture->scenario);
  g_assert_cmpstr (after, ==, original);
}

/* --json lists every problem with its line and column; nothing else on stdout. */
static void
test_json_problems (Fixture       *fixture,
                    gconstpointer  data)
{
  const char *csv = HEADER ",barrayar,A,K1,frigate,99,1,pol-jump-point,\n"
                           ",barrayar,B,K2,ariel-ii,5,1,nowhere,\n";
  g_autoptr(CliResult) result = NULL;
  g_autoptr(JsonObject) json = NULL;
  JsonArray *problems;
  JsonObject *problem;

  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  write_csv (fixture, csv, -1);
  result = run_cli ("scenario", "import-oob", fixture->scenario, fixture->csv, "--json", NULL);
  g_assert_cmpint (result->status, ==, 1);
  json = parse_json (result->out);
  problems = json_object_get_array_member (json, "problems");
  g_assert_cmpuint (json_array_get_length (problems), ==, 3);
  problem = json_array_get_object_element (problems, 2);
  g_assert_cmpint (json_object_get_int_member (problem, "line"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (problem, "column"), ==, "sector");
  g_assert_cmpstr (json_object_get_string_member (problem, "message"), ==,
                   "unknown sector “nowhere”: no sector of the scenario’s map has this id or "
                   "name");
  g_assert_nonnull (strstr (json_object_get_string_member (json, "error"),
                            "fleet.csv:2: readiness “99”"));
  g_assert_nonnull (strstr (result->err, "fleet.csv:3: unknown class “ariel-ii”"));
}

/* F-GEN-5: the scenario the editor's New Campaign… saves — a map and admirals, no formation
 * yet — takes a Russian spreadsheet's order of battle (a BOM, ";", CRLF): the file then
 * validates, nothing is left to fix, and --json says so. */
static void
test_new_campaign (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *csv = source_path ("tests/data/oob", "new-campaign.csv", NULL);
  g_autoptr(CliResult) refused = NULL, result = NULL, valid = NULL, again = NULL;
  g_autoptr(JsonObject) json = NULL;

  copy_scenario (fixture, "tests/data/oob", "new-campaign.admiralty");
  refused = run_cli ("validate", fixture->scenario, NULL);
  g_assert_cmpint (refused->status, !=, 0);
  result = run_cli ("scenario", "import-oob", fixture->scenario, csv, NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, "Read 59 ships in 8 formations from "));
  g_assert_nonnull (strstr (result->out, "; 8 admirals added"));
  g_assert_cmpstr (result->err, ==, "");
  valid = run_cli ("validate", fixture->scenario, NULL);
  g_assert_cmpint (valid->status, ==, 0);
  again = run_cli ("scenario", "import-oob", fixture->scenario, csv, "--json", NULL);
  g_assert_cmpint (again->status, ==, 0);
  json = parse_json (again->out);
  g_assert_cmpint (json_object_get_int_member (json, "ships"), ==, 59);
  g_assert_cmpint (json_object_get_int_member (json, "problems_left"), ==, 0);
}

/* A draft with a problem of its own (a sector linked to itself) takes the order of battle, and
 * what it still lacks is listed after, as validate words it. */
static void
test_draft_problems_left (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autofree char *csv = source_path ("tests/data/oob", "new-campaign.csv", NULL);
  g_autofree char *text = NULL, *draft = NULL;
  g_autoptr(CliResult) result = NULL;
  const char *link = "<link from=\"sergyar-orbit\" to=\"sergyar-gate\"/>";
  const char *at;

  copy_scenario (fixture, "tests/data/oob", "new-campaign.admiralty");
  text = file_contents (fixture->scenario);
  at = strstr (text, link);
  g_assert_nonnull (at);
  draft = g_strdup_printf ("%.*s<link from=\"beta-relay\" to=\"beta-relay\"/>\n    %s",
                           (int) (at - text), text, at);
  g_assert_true (g_file_set_contents (fixture->scenario, draft, -1, NULL));
  result = run_cli ("scenario", "import-oob", fixture->scenario, csv, NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->err, "game.admiralty still has 1 problem before it can "
                                         "start a campaign:\n"));
  g_assert_nonnull (strstr (result->err, "sector “Beta Relay” is linked to itself"));
}

/* Every problem of the CSV in one pass, each with its line: the 7th ship of a formation whose
 * 4th row names an unknown class (F-FORM-8) with that class; the draft is left as it was. */
static void
test_new_campaign_mistakes (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *csv = source_path ("tests/data/oob", "new-campaign-mistakes.csv", NULL);
  g_autofree char *original = NULL, *after = NULL;
  g_autoptr(CliResult) result = NULL;

  copy_scenario (fixture, "tests/data/oob", "new-campaign.admiralty");
  original = file_contents (fixture->scenario);
  result = run_cli ("scenario", "import-oob", fixture->scenario, csv, NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_nonnull (strstr (result->err, "new-campaign-mistakes.csv:29: unknown class "
                                         "“Vorpatrill”"));
  g_assert_nonnull (strstr (result->err, "new-campaign-mistakes.csv:32: “Бодрый” is ship 7 of "
                                         "formation “Вторая эскадра эсминцев”"));
  after = file_contents (fixture->scenario);
  g_assert_cmpstr (after, ==, original);
}

/* A CSV's mistakes of form named for what they are, at their line: a NUL byte, a quote that is
 * never closed though the rows after it make a cell past 1024 bytes. */
static void
test_refused_form (Fixture       *fixture,
                   gconstpointer  data)
{
  static const char nul[] = HEADER ",barrayar,A,K,frigate,5,1,pol-jump-point,\n"
                                   ",barrayar,A,L\0M,frigate,5,,pol-jump-point,\n";
  g_autoptr(GString) open = g_string_new (HEADER ",barrayar,\"A,K,frigate,5,1,pol-jump-point,\n");
  g_autofree char *original = NULL;

  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  original = file_contents (fixture->scenario);
  write_csv (fixture, nul, sizeof nul - 1);
  assert_refused (fixture, original, "3: a NUL byte");
  for (guint i = 0; i < 60; i++)
    g_string_append_printf (open, ",barrayar,B,Ship %u,frigate,5,,pol-jump-point,\n", i);
  write_csv (fixture, open->str, (gssize) open->len);
  assert_refused (fixture, original, "2: the quote opened at line 2 is never closed");
}

/* A campaign under way keeps its order of battle. */
static void
test_campaign_refused (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *original = NULL, *after = NULL;
  g_autofree char *csv = source_path ("tests/data/oob", "my-game.csv", NULL);
  g_autoptr(CliResult) result = NULL;

  copy_scenario (fixture, "tests/data/campaigns", "small.admiralty");
  original = file_contents (fixture->scenario);
  result = run_cli ("scenario", "import-oob", fixture->scenario, csv, NULL);
  assert_failure (result, 1, "is a campaign: a campaign under way keeps its order of battle");
  after = file_contents (fixture->scenario);
  g_assert_cmpstr (after, ==, original);
}

static void
test_usage (void)
{
  g_autoptr(CliResult) none = run_cli ("scenario", NULL);
  g_autoptr(CliResult) unknown = run_cli ("scenario", "delete", NULL);
  g_autoptr(CliResult) one = run_cli ("scenario", "import-oob", "game.admiralty", NULL);
  g_autoptr(CliResult) title = run_cli ("scenario", "new", "-o", "game.admiralty", NULL);

  assert_failure (none, 2, "no command given");
  assert_failure (unknown, 2, "unknown command “delete”");
  assert_failure (one, 2, "no CSV file given");
  assert_failure (title, 2, "missing --title");
}

/* `scenario season`: the rules a scenario is played by exported as a season, a class's hull
 * edited in it, and imported as the scenario's own: the rest of the file byte for byte, the
 * campaign started from it carries the edited figure whatever the rules folder holds, and its
 * export gives that season back; a new scenario made with --season carries it too. */
static void
test_season (Fixture       *fixture,
             gconstpointer  data)
{
  g_autofree char *season = g_build_filename (fixture->dir, "season.xml", NULL);
  g_autofree char *campaign = g_build_filename (fixture->dir, "campaign.admiralty", NULL);
  g_autofree char *again = g_build_filename (fixture->dir, "again.xml", NULL);
  g_autofree char *made = g_build_filename (fixture->dir, "made.admiralty", NULL);
  g_autofree char *original = NULL, *exported = NULL, *edited = NULL, *carried = NULL;
  g_autofree char *head = NULL, *empty_rules = NULL;
  g_autoptr(CliResult) result = NULL;
  g_autoptr(AdmCampaign) opened = NULL;
  g_autoptr(GError) error = NULL;

  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  original = file_contents (fixture->scenario);
  result = run_cli ("scenario", "season", fixture->scenario, "--export", season, NULL);
  g_assert_cmpint (result->status, ==, 0);
  exported = file_contents (season);
  g_assert_true (g_str_has_prefix (exported, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                             "<season>"));
  /* The season carries the rule numbers (F-CRIT-1, F-CAT-12, F-STN-8). */
  g_assert_nonnull (strstr (exported, "<critical-checks clause=\"F-CRIT-1\">"));
  g_assert_nonnull (strstr (exported, "<explosion-strike "));
  g_assert_nonnull (strstr (exported, "<station-catastrophic-check "));
  /* The Vorpatril destroyer: hull 5 in forcon-2010, 15 in this game; artillery's critical
   * checks on 5+, not 6+ (F-ART-13). */
  edited = rules_text_changed (exported, "<class id=\"vorpatril\"", "hull=\"5\"", "hull=\"15\"");
  g_free (exported);
  exported = g_steal_pointer (&edited);
  edited = rules_text_changed (exported, "<check source=\"artillery\"", "on=\"6\"", "on=\"5\"");
  g_assert_true (g_file_set_contents (season, edited, -1, NULL));
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "season", fixture->scenario, "--import", season, NULL);
  g_assert_cmpint (result->status, ==, 0);
  carried = file_contents (fixture->scenario);
  head = g_strndup (carried, strstr (carried, "  <season>") - carried);
  g_assert_true (g_str_has_prefix (original, head));
  g_assert_cmpstr (strstr (original, "</scenario>"), ==, "</scenario>\n");
  g_assert_cmpuint (strlen (head), ==, strstr (original, "</scenario>") - original);

  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("cycle", fixture->scenario, "--seed", "3", "--save", campaign, NULL);
  g_assert_cmpint (result->status, ==, 0);
  /* Opened where the rules folder holds nothing: the campaign's own rules. */
  empty_rules = g_strdup (g_getenv ("ADMIRALTY_RULES_PATH"));
  g_setenv ("ADMIRALTY_RULES_PATH", fixture->dir, TRUE);
  opened = adm_campaign_open (campaign, &error);
  g_setenv ("ADMIRALTY_RULES_PATH", empty_rules, TRUE);
  g_assert_no_error (error);
  g_assert_cmpint (adm_ruleset_lookup_class (adm_campaign_get_ruleset (opened),
                                             "vorpatril")->hull, ==, 15);
  g_assert_cmpint (adm_ruleset_get_critical_on (adm_campaign_get_ruleset (opened),
                                                ADM_CRITICAL_SOURCE_ARTILLERY), ==, 5);
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "season", campaign, "--export", again, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_free (exported);
  exported = file_contents (again);
  g_assert_nonnull (strstr (exported, "hull=\"15\""));
  g_assert_nonnull (strstr (exported, "<check source=\"artillery\" clause=\"F-ART-13\" "
                                      "on=\"5\"/>"));

  /* A campaign keeps the rules it was started with. */
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "season", campaign, "--import", season, NULL);
  g_assert_cmpint (result->status, ==, 1);
  g_assert_nonnull (strstr (result->err, "keeps the rules it was started with"));

  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "new", "--title", "My Game", "--season", season, "-o", made,
                    NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("validate", made, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_free (carried);
  carried = file_contents (made);
  g_assert_nonnull (strstr (carried, "hull=\"15\""));
}

/* A campaign saved before the rule numbers of <critical-checks>, <explosion-strike> and
 * <station-catastrophic-check> were the ruleset's (made by that program: its season has none
 * of them) opens, its seal intact, and plays by ruleset-defaults.xml's numbers, the ones it
 * was played by; it goes on to the next cycle and its season is exported as it carries it,
 * which a scenario imports. */
static void
test_season_before_critical_checks (Fixture       *fixture,
                                    gconstpointer  data)
{
  g_autofree char *season = g_build_filename (fixture->dir, "season.xml", NULL);
  g_autofree char *next = g_build_filename (fixture->dir, "next.admiralty", NULL);
  g_autofree char *original = NULL, *exported = NULL;
  g_autoptr(CliResult) result = NULL;
  g_autoptr(AdmCampaign) opened = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  AdmRuleset *ruleset;

  copy_scenario (fixture, "tests/data/campaigns", "season-before-critical-checks.admiralty");
  original = file_contents (fixture->scenario);
  g_assert_null (strstr (original, "<critical-checks"));
  g_assert_nonnull (strstr (original, "<season>"));
  opened = adm_campaign_open (fixture->scenario, &error);
  g_assert_no_error (error);
  ruleset = adm_campaign_get_ruleset (opened);
  g_assert_cmpint (adm_ruleset_get_critical_on (ruleset, ADM_CRITICAL_SOURCE_ARTILLERY), ==, 6);
  g_assert_cmpint (adm_ruleset_get_critical_on (ruleset, ADM_CRITICAL_SOURCE_EXPLOSION), ==, 6);
  g_assert_cmpstr (adm_ruleset_get_critical_clause (ruleset, ADM_CRITICAL_SOURCE_FIRE), ==,
                   "F-CRIT-14");
  g_assert_cmpint (adm_ruleset_get_explosion_damage_on (ruleset), ==, 4);
  g_assert_cmpint (adm_ruleset_get_station_catastrophic_on (ruleset), ==, 6);
  g_assert_cmpint (adm_ruleset_get_succession_bonus (ruleset), ==, 3);
  g_assert_cmpint (adm_ruleset_get_dice (ruleset, ADM_DICE_CRITICAL_TABLE), ==, 2);
  g_assert_cmpint (adm_ruleset_get_formation_ships (ruleset), ==, 6);

  result = run_cli ("cycle", fixture->scenario, "--seed", "4", "--save", next, NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  again = adm_campaign_open (next, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_ruleset_get_critical_on (adm_campaign_get_ruleset (again),
                                                ADM_CRITICAL_SOURCE_TORPEDO), ==, 6);

  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "season", next, "--export", season, NULL);
  g_assert_cmpint (result->status, ==, 0);
  exported = file_contents (season);
  g_assert_null (strstr (exported, "<critical-checks"));
  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "season", fixture->scenario, "--import", season, NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
}

/* An order of battle read into a scenario that carries its own season: the CSV's fleets
 * replace the scenario's, the season stays byte for byte, and the scenario validates with the
 * season's edited figure. */
static void
test_season_import_oob (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *csv = source_path ("tests/data/oob", "my-game.csv", NULL);
  g_autofree char *season = g_build_filename (fixture->dir, "season.xml", NULL);
  g_autofree char *exported = NULL, *edited = NULL, *carried = NULL, *imported = NULL;
  g_autoptr(CliResult) result = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  copy_scenario (fixture, "tests/data/oob", "my-game-map.admiralty");
  result = run_cli ("scenario", "season", fixture->scenario, "--export", season, NULL);
  g_assert_cmpint (result->status, ==, 0);
  exported = file_contents (season);
  edited = rules_text_changed (exported, "<class id=\"vorpatril\"", "hull=\"5\"", "hull=\"15\"");
  g_assert_true (g_file_set_contents (season, edited, -1, NULL));
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "season", fixture->scenario, "--import", season, NULL);
  g_assert_cmpint (result->status, ==, 0);
  carried = file_contents (fixture->scenario);
  g_assert_nonnull (strstr (carried, "  <season>"));

  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "import-oob", fixture->scenario, csv, NULL);
  g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  imported = file_contents (fixture->scenario);
  g_assert_cmpstr (strstr (imported, "  <season>"), ==, strstr (carried, "  <season>"));
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("validate", fixture->scenario, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_nonnull (strstr (result->out, "80 ships, 40 formations, 16 sectors"));
  scenario = adm_scenario_load_file (fixture->scenario, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_ruleset_lookup_class (adm_scenario_get_ruleset (scenario),
                                             "vorpatril")->hull, ==, 15);
}

typedef struct {
  const char *name;
  const char *from;      /* replaced in the Vorpatril destroyer's class */
  const char *to;
  const char *problem;   /* on stderr, after "season.xml:LINE: " */
} SeasonRefusal;

static const SeasonRefusal season_refusals[] = {
  { "hull-0", "hull=\"5\"", "hull=\"0\"",
    "<class> hull is 0; it must be a whole number of at least 1" },
  { "negative-speed", "speed=\"36\"", "speed=\"-4\"",
    "<class> speed is -4; it must be a whole number of at least 0" },
  { "F-WPN-1/weapon-without-range", " range=\"25\"", "",
    "<weapon> needs the attribute “range”" },
  { "F-WPN-1/weapon-of-range-0", " range=\"25\"", " range=\"0\"",
    "weapon “Gun battery” (artillery) has range 0: a weapon with no range fires at "
    "nothing" },
};

/* A season that is not right is refused with the season file's line — the class's or the
 * weapon's — and the problem, and the scenario is left byte for byte, no backup made. */
static void
test_season_refused (Fixture       *fixture,
                     gconstpointer  data)
{
  const SeasonRefusal *refusal = data;
  g_autofree char *season = g_build_filename (fixture->dir, "season.xml", NULL);
  g_autofree char *backup = g_build_filename (fixture->dir, "game.backup-1.admiralty", NULL);
  g_autofree char *before = NULL, *exported = NULL, *broken = NULL, *after = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(CliResult) result = NULL;
  const char *at;
  int line = 1;

  copy_scenario (fixture, "scenarios", "skirmish.admiralty");
  before = file_contents (fixture->scenario);
  result = run_cli ("scenario", "season", fixture->scenario, "--export", season, NULL);
  g_assert_cmpint (result->status, ==, 0);
  exported = file_contents (season);
  broken = rules_text_changed (exported, "<class id=\"vorpatril\"", refusal->from, refusal->to);
  g_assert_true (g_file_set_contents (season, broken, -1, NULL));
  at = strstr (strstr (exported, "<class id=\"vorpatril\""), refusal->from);
  for (const char *p = exported; p < at; p++)
    line += *p == '\n';
  expected = g_strdup_printf ("season.xml:%d: %s", line, refusal->problem);
  g_clear_pointer (&result, cli_result_free);
  result = run_cli ("scenario", "season", fixture->scenario, "--import", season, NULL);
  assert_failure (result, 1, expected);
  after = file_contents (fixture->scenario);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (g_file_test (backup, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func, data) \
  g_test_add ("/cli/scenario/" path, Fixture, data, fixture_setup, func, fixture_teardown)

  ADD ("new", test_new, NULL);
  ADD ("round-trip/komarr", test_round_trip, "komarr-campaign.admiralty");
  ADD ("round-trip/skirmish", test_round_trip, "skirmish.admiralty");
  ADD ("russian-spreadsheet", test_russian_spreadsheet, NULL);
  ADD ("my-game-cycle", test_my_game_cycle, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (refusals); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/scenario/refused/%s", refusals[i].name);

      g_test_add (path, Fixture, &refusals[i], fixture_setup, test_refused, fixture_teardown);
    }
  ADD ("refused/too-many-rows", test_too_many_rows, NULL);
  ADD ("refused/huge-file", test_huge_file, NULL);
  ADD ("refused/json", test_json_problems, NULL);
  ADD ("refused/campaign", test_campaign_refused, NULL);
  ADD ("refused/form", test_refused_form, NULL);
  ADD ("F-GEN-5/new-campaign", test_new_campaign, NULL);
  ADD ("F-GEN-5/draft-problems-left", test_draft_problems_left, NULL);
  ADD ("F-FORM-8/new-campaign-mistakes", test_new_campaign_mistakes, NULL);
  ADD ("season", test_season, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (season_refusals); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/scenario/season/refused/%s",
                                               season_refusals[i].name);

      g_test_add (path, Fixture, &season_refusals[i], fixture_setup, test_season_refused,
                  fixture_teardown);
    }
  ADD ("season/import-oob", test_season_import_oob, NULL);
  ADD ("season/F-CRIT-1/before-critical-checks", test_season_before_critical_checks, NULL);
  g_test_add_func ("/cli/scenario/usage", test_usage);

  return g_test_run ();
}
