/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-determinism.c: the same inputs give the same files and the same machine output,
 * whatever the clock (SOURCE_DATE_EPOCH), the locale and the language: the CLI runs read the
 * build's own catalogues (ADMIRALTY_LOCALEDIR), so that Russian really is loaded — which the
 * tests check in the human output — while --json and the files stay the same. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "cli-helpers.h"

#include "file-helpers.h"
#include "komarr-helpers.h"
#include "locale-helpers.h"

/* What the runs are compared under: LC_ALL, and LANGUAGE (NULL: unset). C; the two comma
 * locales, the Russian one reading Russian; and C.UTF-8 with LANGUAGE=ru, Russian messages in
 * a locale every Debian has (nothing to generate). */
typedef struct {
  const char *locale;
  const char *language;
} Setting;

static const Setting settings[] = {
  { "C", NULL },
  { "de_DE.UTF-8", NULL },
  { "ru_RU.UTF-8", "ru" },
  { "C.UTF-8", "ru" },
};

/* de_DE.UTF-8 and ru_RU.UTF-8 as the runs get them (locale-helpers.h). */
static CommaLocales comma;

#define EPOCH "1700000000"

/* The build's compiled catalogues (po/ in the build folder), which the runs read: a test in
 * a build with no catalogue, or with the app installed, still loads the build's Russian. */
static char *
catalogue_dir (void)
{
  const char *build = g_getenv ("ADMIRALTY_BUILD_DIR");
  char *dir;
  g_autofree char *mo = NULL;

  g_assert_nonnull (build);
  dir = g_build_filename (build, "po", NULL);
  mo = g_build_filename (dir, "ru", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  return dir;
}

/* Whether @text has a Cyrillic letter: Russian was loaded (the C runs print none). */
static gboolean
has_cyrillic (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0x0400 && c <= 0x04FF)
        return TRUE;
    }
  return FALSE;
}

/* Runs admiralty-cli in @cwd under @setting, UTC, with SOURCE_DATE_EPOCH=@epoch, reading the
 * build's catalogues. */
static CliResult *run_in (const char *cwd, const Setting *setting, const char *epoch,
                          const char *first, ...) G_GNUC_NULL_TERMINATED;

static CliResult *
run_in (const char    *cwd,
        const Setting *setting,
        const char    *epoch,
        const char    *first,
        ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char **envp = g_get_environ ();
  CliResult *result = g_new0 (CliResult, 1);
  g_autofree char *catalogues = catalogue_dir ();
  int wait_status = 0;
  va_list args;

  g_ptr_array_add (argv, (char *) CLI_PATH);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", setting->locale, TRUE);
  envp = setting->language != NULL ? g_environ_setenv (envp, "LANGUAGE", setting->language, TRUE)
                                   : g_environ_unsetenv (envp, "LANGUAGE");
  envp = g_environ_setenv (envp, "ADMIRALTY_LOCALEDIR", catalogues, TRUE);
  envp = g_environ_setenv (envp, "TZ", "UTC", TRUE);
  envp = g_environ_setenv (envp, "SOURCE_DATE_EPOCH", epoch, TRUE);
  /* LOCPATH replaces the system's locales: only for the comma locales made by the test. */
  if (comma.dir != NULL && !g_str_has_prefix (setting->locale, "C"))
    envp = g_environ_setenv (envp, "LOCPATH", comma.dir, TRUE);

  g_spawn_sync (cwd, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &result->out, &result->err, &wait_status, &error);
  g_strfreev (envp);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  result->status = WEXITSTATUS (wait_status);
  if (result->status != 0)
    g_test_message ("%s%s", result->out, result->err);
  g_assert_cmpint (result->status, ==, 0);
  return result;
}

static char *
read_file (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* Whether @setting can be run here: C and C.UTF-8 always (comma_locales_ensure () checked them),
 * the comma locales when the system has them or localedef made them. */
static gboolean
setting_usable (const Setting *setting)
{
  if (g_str_equal (setting->locale, "C"))
    return TRUE;
  if (g_str_equal (setting->locale, "C.UTF-8"))
    return comma.c_utf8;
  return comma.problem == NULL;
}

/* After a test has run every usable setting: skipped, saying why, when some could not be. */
static void
skip_unusable_settings (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (settings); i++)
    if (!setting_usable (&settings[i]))
      {
        g_test_skip (comma.problem);
        return;
      }
}

/* Whether @setting reads Russian. */
static gboolean
reads_russian (const Setting *setting)
{
  return g_strcmp0 (setting->language, "ru") == 0 || g_str_has_prefix (setting->locale, "ru");
}

static char *
describe (const Setting *setting)
{
  return g_strdup_printf ("LC_ALL=%s LANGUAGE=%s", setting->locale,
                          setting->language != NULL ? setting->language : "(unset)");
}

/* Everything one scripted campaign run gives: the files and the outputs, by name. */
typedef struct {
  GHashTable *outputs;  /* name → text */
} Run;

static void
run_free (Run *run)
{
  g_hash_table_unref (run->outputs);
  g_free (run);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Run, run_free)

static void
keep (Run        *run,
      const char *name,
      char       *text)
{
  g_hash_table_insert (run->outputs, g_strdup (name), text);
}

/* Cycle 1 of the Komarr campaign from its three sheets, then cycle 2 with Radovan's sheet only
 * (Vorkosigan is absent: the master rolls his F-STRAT-5 checks), --seed 7, in a folder of its
 * own; @pause seconds between the two (0: both within one second); cycle 2, its reports and
 * then the master's reveal of the Komarran Cruiser Division (F-STRAT-3) at @epoch2. */
static Run *
play_campaign (const Setting *setting,
               gulong         pause,
               const char    *epoch2)
{
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *s1 = source_path ("scenarios", "komarr-campaign.sheets",
                                     "komarr-cycle-1-ghem-sarlat.xml", NULL);
  g_autofree char *s2 = source_path ("scenarios", "komarr-campaign.sheets",
                                     "komarr-cycle-1-radovan.xml", NULL);
  g_autofree char *s3 = source_path ("scenarios", "komarr-campaign.sheets",
                                     "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autofree char *s4 = source_path ("scenarios", "komarr-campaign.sheets",
                                     "komarr-cycle-2-radovan.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-determinism-XXXXXX", &error);
  g_autoptr(CliResult) c1 = NULL, c2 = NULL, report = NULL, report1 = NULL, reveal = NULL;
  Run *run = g_new0 (Run, 1);

  g_assert_no_error (error);
  run->outputs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  c1 = run_in (dir, setting, EPOCH, "cycle", scenario, "--orders", s1, s2, s3,
               "--save", "komarr.admiralty", "--seed", "7", "--json", NULL);
  keep (run, "cycle 1 --json", g_steal_pointer (&c1->out));
  keep (run, "komarr.admiralty after cycle 1", read_file (dir, "komarr.admiralty"));
  if (pause > 0)
    g_usleep (pause * G_USEC_PER_SEC + G_USEC_PER_SEC / 10);
  c2 = run_in (dir, setting, epoch2, "cycle", "komarr.admiralty", "--orders", s4,
               "--seed", "7", "--drop-unfought", "not fought", "--json", NULL);
  keep (run, "cycle 2 --json", g_steal_pointer (&c2->out));
  keep (run, "komarr.admiralty", read_file (dir, "komarr.admiralty"));
  keep (run, "komarr.backup-1.admiralty", read_file (dir, "komarr.backup-1.admiralty"));
  report = run_in (dir, setting, epoch2, "report", "komarr.admiralty", "--kind", "master",
                   "--text", NULL);
  keep (run, "report --kind master --text", g_steal_pointer (&report->out));
  report1 = run_in (dir, setting, epoch2, "report", "komarr.admiralty", "--kind", "master",
                    "--cycle", "1", "--text", NULL);
  keep (run, "report --kind master --cycle 1 --text", g_steal_pointer (&report1->out));
  reveal = run_in (dir, setting, epoch2, "reveal", "komarr.admiralty",
                   "komarran-cruiser-division", "--json", NULL);
  keep (run, "reveal --json", g_steal_pointer (&reveal->out));
  keep (run, "komarr.admiralty after reveal", read_file (dir, "komarr.admiralty"));
  remove_tree (dir);
  return run;
}

static void
assert_same (Run        *expected,
             Run        *actual,
             const char *name,
             const char *what)
{
  g_test_message ("%s: %s", what, name);
  g_assert_cmpstr (g_hash_table_lookup (actual->outputs, name), ==,
                   g_hash_table_lookup (expected->outputs, name));
}

/* The rows of the "Strategic dice" table of a master's report — time, purpose, clause, dice,
 * values, outcome, tab-separated — each from its clause on (without its time and purpose,
 * which are for the reader), the outcome only if @with_outcome (it is in the reader's
 * language): found by their shape, in any language the report is in, the dice as English
 * writes them ("2d6"; Russian "2д6"). */
static char *
strategic_dice (const char *report,
                gboolean    with_outcome)
{
  g_autoptr(GRegex) row = g_regex_new ("^[^\t\n]*\t[^\t\n]*\t(F-[A-Z]+-[0-9]+\t"
                                       "[0-9]+(?:d|д)[0-9]+\t[^\t\n]*)(\t[^\t\n]*)?$",
                                       G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GString) rows = g_string_new (NULL);

  g_assert_nonnull (row);
  for (g_regex_match (row, report, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      g_autofree char *found = g_match_info_fetch (match, 1);
      g_autoptr(GString) from_clause = g_string_new (found);
      g_autofree char *outcome = with_outcome ? g_match_info_fetch (match, 2) : NULL;

      g_string_replace (from_clause, "д", "d", 1);
      g_string_append_printf (rows, "%s%s\n", from_clause->str, outcome != NULL ? outcome : "");
    }
  return g_string_free (g_steal_pointer (&rows), FALSE);
}

/* The F-STRAT-5 checks of cycle 2's JSON as the report's rows read them, each with its
 * outcome in English if @with_outcome. */
static char *
checks_as_rows (const char *json,
                gboolean    with_outcome)
{
  g_autoptr(JsonObject) root = parse_json (json);
  JsonArray *checks = json_object_get_array_member (root, "checks");
  g_autoptr(GString) rows = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (checks); i++)
    {
      JsonObject *check = json_array_get_object_element (checks, i);
      JsonArray *dice = json_object_get_array_member (check, "dice");

      /* F-RDY-2: judged as the battle's readiness checks are, sum at most the readiness. */
      g_string_append_printf (rows, "F-STRAT-5\t2d6\t%" G_GINT64_FORMAT " + %" G_GINT64_FORMAT,
                              json_array_get_int_element (dice, 0),
                              json_array_get_int_element (dice, 1));
      if (with_outcome)
        g_string_append_printf (rows, "\tsum ≤ %" G_GINT64_FORMAT " (readiness): %s",
                                json_object_get_int_member (check, "readiness"),
                                json_object_get_boolean_member (check, "passed")
                                ? "passed ✓" : "failed ✗");
      g_string_append_c (rows, '\n');
    }
  return g_string_free (g_steal_pointer (&rows), FALSE);
}

/* The same campaign, seed and sheets give the same campaign file, backups and JSON in C,
 * de_DE.UTF-8, ru_RU.UTF-8 and C.UTF-8 with LANGUAGE=ru, the Russian ones reading the build's
 * catalogue (their report is in Russian: they did read it), and whether its two cycles are
 * resolved within one second or a second apart; the master's report of cycle 2 is the same
 * text at both speeds and lists the cycle's F-STRAT-5 dice. */
static void
test_campaign (void)
{
  static const char * const names[] = {
    "cycle 1 --json", "komarr.admiralty after cycle 1", "cycle 2 --json", "komarr.admiralty",
    "komarr.backup-1.admiralty", "reveal --json", "komarr.admiralty after reveal",
  };
  g_autoptr(Run) reference = play_campaign (&settings[0], 0, EPOCH);

  g_assert_false (has_cyrillic (g_hash_table_lookup (reference->outputs,
                                                     "report --kind master --text")));
  for (guint l = 0; l < G_N_ELEMENTS (settings); l++)
    for (gulong pause = 0; pause <= 1; pause++)
      {
        g_autoptr(Run) run = NULL;
        g_autofree char *setting = describe (&settings[l]);
        g_autofree char *what = g_strdup_printf ("%s, %s", setting,
                                                 pause ? "cycles a second apart"
                                                       : "cycles within one second");
        g_autofree char *dice = NULL, *checks = NULL;
        const char *report;

        if ((l == 0 && pause == 0) || !setting_usable (&settings[l]))
          continue;
        run = play_campaign (&settings[l], pause, EPOCH);
        report = g_hash_table_lookup (run->outputs, "report --kind master --text");
        /* Russian was loaded: what a person reads is in it ... */
        g_test_message ("%s: the report's language", what);
        g_assert_cmpint (has_cyrillic (report), ==, reads_russian (&settings[l]));
        /* ... and what a script reads is not. */
        for (guint n = 0; n < G_N_ELEMENTS (names); n++)
          assert_same (reference, run, names[n], what);
        /* The report is for a reader: its dates follow the locale, so it is compared between
         * the two speeds of one locale (every locale's runs come out the same). */
        if (l == 0)
          {
            assert_same (reference, run, "report --kind master --text", what);
            assert_same (reference, run, "report --kind master --cycle 1 --text", what);
          }
        dice = strategic_dice (report, !reads_russian (&settings[l]));
        checks = checks_as_rows (g_hash_table_lookup (run->outputs, "cycle 2 --json"),
                                 !reads_russian (&settings[l]));
        g_assert_cmpstr (checks, !=, "");
        g_assert_cmpstr (dice, ==, checks);
      }
  skip_unusable_settings ();
}

/* Two cycles at clock times one second apart (SOURCE_DATE_EPOCH moved on) or in the same
 * second: the report of cycle 2 gives the same strategic dice — the cycle's own, by journal
 * order — and cycle 1's report none of them. */
static void
test_report_dice_by_journal (void)
{
  g_autoptr(Run) same_second = play_campaign (&settings[0], 0, EPOCH);
  g_autoptr(Run) next_second = play_campaign (&settings[0], 0, "1700000001");
  g_autofree char *a = strategic_dice (g_hash_table_lookup (same_second->outputs,
                                                            "report --kind master --text"),
                                       TRUE);
  g_autofree char *b = strategic_dice (g_hash_table_lookup (next_second->outputs,
                                                            "report --kind master --text"),
                                       TRUE);
  g_autofree char *checks = checks_as_rows (g_hash_table_lookup (same_second->outputs,
                                                                 "cycle 2 --json"), TRUE);
  const char *cycle1 = g_hash_table_lookup (same_second->outputs,
                                            "report --kind master --cycle 1 --text");

  g_assert_cmpstr (checks, !=, "");
  g_assert_cmpstr (a, ==, checks);
  g_assert_cmpstr (b, ==, checks);
  g_assert_null (strstr (cycle1, "F-STRAT-5\t2d6"));
}

typedef struct {
  char *json;      /* battle --json */
  char *told;      /* what battle --save tells the master */
  char *saved;     /* the --save file */
  char *played_on; /* battle SAVED --json: one more turn from the saved battle */
} BattleRun;

static void
battle_run_clear (BattleRun *run)
{
  g_free (run->json);
  g_free (run->told);
  g_free (run->saved);
  g_free (run->played_on);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (BattleRun, battle_run_clear)

static void
play_battle (const Setting *setting,
             BattleRun     *run)
{
  g_autofree char *battle = source_path ("scenarios", "battles", "corridor-skirmish.xml", NULL);
  g_autofree char *orders = source_path ("scenarios", "battles", "corridor-skirmish.orders.xml",
                                         NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-determinism-XXXXXX", &error);
  g_autoptr(CliResult) json = NULL, save = NULL, on = NULL;

  g_assert_no_error (error);
  json = run_in (dir, setting, EPOCH, "battle", battle, "--orders", orders, "--turns", "2",
                 "--seed", "5", "--json", NULL);
  save = run_in (dir, setting, EPOCH, "battle", battle, "--orders", orders, "--turns", "2",
                 "--seed", "5", "--save", "game.xml", NULL);
  run->saved = read_file (dir, "game.xml");
  on = run_in (dir, setting, EPOCH, "battle", "game.xml", "--orders", orders, "--json", NULL);
  run->json = g_steal_pointer (&json->out);
  run->told = g_steal_pointer (&save->out);
  run->played_on = g_steal_pointer (&on->out);
  remove_tree (dir);
}

/* battle --json is the same in C, de_DE.UTF-8, ru_RU.UTF-8 and C.UTF-8 with LANGUAGE=ru: its
 * text members write "42.9 cm", never "42,9 cm", and English, never Russian — though the
 * battle's report to the master is in Russian there; a battle saved in any of them plays on to
 * the same JSON. */
static void
test_battle_json (void)
{
  g_auto(BattleRun) reference = { NULL, };

  play_battle (&settings[0], &reference);
  /* The JSON has decimals in its text members: what this test is about. */
  g_assert_true (g_regex_match_simple ("\"text\":\"[^\"]* [0-9]+\\.[0-9] cm", reference.json,
                                       0, 0));
  g_assert_false (has_cyrillic (reference.told));
  for (guint l = 1; l < G_N_ELEMENTS (settings); l++)
    {
      g_auto(BattleRun) run = { NULL, };
      g_autofree char *setting = describe (&settings[l]);

      if (!setting_usable (&settings[l]))
        continue;
      g_test_message ("%s", setting);
      play_battle (&settings[l], &run);
      g_assert_cmpint (has_cyrillic (run.told), ==, reads_russian (&settings[l]));
      g_assert_cmpstr (run.json, ==, reference.json);
      g_assert_cmpstr (run.played_on, ==, reference.played_on);
    }
  skip_unusable_settings ();
}

/* The saved battle file itself, byte for byte in the four settings: its roll events hold
 * values and clause, not display text, and every time comes from adm_clock_now (). */
static void
test_battle_saved_bytes (void)
{
  g_auto(BattleRun) reference = { NULL, };

  play_battle (&settings[0], &reference);
  g_assert_nonnull (reference.saved);
  for (guint l = 1; l < G_N_ELEMENTS (settings); l++)
    {
      g_auto(BattleRun) run = { NULL, };
      g_autofree char *setting = describe (&settings[l]);

      if (!setting_usable (&settings[l]))
        continue;
      g_test_message ("%s", setting);
      play_battle (&settings[l], &run);
      g_assert_cmpstr (run.saved, ==, reference.saved);
    }
  skip_unusable_settings ();
}

/* When the Komarr campaign's cycles are played (2026-11-22T18:00:00Z). */
#define KOMARR_T0 G_GINT64_CONSTANT (1795370400)
/* The last cycle of the Komarr campaign with order sheets in scenarios/komarr-campaign.sheets/. */
#define KOMARR_CYCLES 7

/* The set-up of every engagement of the bundled Komarr campaign (F-STRAT-15, F-TAC-1), its
 * cycles played from the sample order sheets, each battle ended as it was set up so that the
 * next engagement and cycle start from it: one text, an engagement after the other. */
static char *
komarr_setups (void)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint cycle = 1; cycle <= KOMARR_CYCLES; cycle++)
    {
      g_autoptr(GPtrArray) queue = NULL;

      komarr_play_cycle (campaign, cycle, KOMARR_T0);
      queue = adm_campaign_get_engagements (campaign, cycle);
      for (guint i = 0; i < queue->len; i++)
        {
          g_autofree char *id = g_strdup (((AdmQueuedEngagement *)
                                           g_ptr_array_index (queue, i))->id);
          g_autoptr(AdmQueuedEngagement) engagement = queued_engagement (campaign, id);
          g_autoptr(AdmBattle) battle = NULL;
          g_autoptr(GError) error = NULL;
          g_autofree char *setup = NULL;

          /* In time order: an earlier one's end is what a later one waits for. */
          if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT)
            continue;
          setup = adm_campaign_engagement_setup (campaign, engagement, NULL, &error);
          g_assert_no_error (error);
          g_string_append_printf (out, "engagement %s\n%s\n", id, setup);
          battle = engagement_battle (campaign, id);
          g_assert_true (adm_campaign_end_battle (campaign, id, battle, NULL,
                                                  KOMARR_T0 + cycle * 2400 + 600, &error));
          g_assert_no_error (error);
        }
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A child of test_engagement_setups (): the set-ups made in the locale
 * ADMIRALTY_TEST_LOCALE (LOCPATH given by the parent), written to ADMIRALTY_TEST_OUTPUT. */
static void
engagement_setups_child (void)
{
  const char *locale = g_getenv ("ADMIRALTY_TEST_LOCALE");
  g_autofree char *setups = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (setlocale (LC_ALL, locale));
  setups = komarr_setups ();
  g_file_set_contents (g_getenv ("ADMIRALTY_TEST_OUTPUT"), setups, -1, &error);
  g_assert_no_error (error);
}

/* @setups is @reference line by line; the first line that differs is named with its
 * engagement. */
static void
assert_same_setups (const char *reference,
                    const char *setups)
{
  g_auto(GStrv) expected = g_strsplit (reference, "\n", -1);
  g_auto(GStrv) actual = g_strsplit (setups, "\n", -1);
  const char *engagement = "";

  for (guint i = 0; expected[i] != NULL && actual[i] != NULL; i++)
    {
      if (g_str_has_prefix (expected[i], "engagement "))
        engagement = expected[i];
      if (!g_str_equal (expected[i], actual[i]))
        {
          g_test_message ("%s, line %u of its set-ups", engagement, i + 1);
          g_assert_cmpstr (actual[i], ==, expected[i]);
        }
    }
  g_assert_cmpuint (g_strv_length (actual), ==, g_strv_length (expected));
}

/* Nothing the engine computes depends on the locale: every engagement of the bundled Komarr
 * campaign is set up the same — table size, layout seed, planet, features, places — in C,
 * de_DE.UTF-8 and ru_RU.UTF-8, whose decimal separator is a comma, each run in a process of
 * its own that loads the locale as the app does (F-TAC-1, F-STRAT-15). */
static void
test_engagement_setups (void)
{
  static const char * const locales[] = { "C", "de_DE.UTF-8", "ru_RU.UTF-8" };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *reference = NULL;

  if (g_test_subprocess ())
    {
      engagement_setups_child ();
      return;
    }
  if (comma.problem != NULL)
    {
      g_test_skip (comma.problem);
      return;
    }
  dir = g_dir_make_tmp ("admiralty-setups-XXXXXX", &error);
  g_assert_no_error (error);
  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      g_autofree char *name = g_strdup_printf ("setups-%s.txt", locales[l]);
      g_autofree char *output = g_build_filename (dir, name, NULL);
      g_autofree char *setups = NULL;

      g_test_message ("LC_ALL=%s", locales[l]);
      g_setenv ("ADMIRALTY_TEST_LOCALE", locales[l], TRUE);
      g_setenv ("ADMIRALTY_TEST_OUTPUT", output, TRUE);
      /* The child alone loads the comma locales, from where the test made them if need be. */
      if (comma.dir != NULL && l > 0)
        g_setenv ("LOCPATH", comma.dir, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unsetenv ("LOCPATH");
      g_test_trap_assert_passed ();
      setups = read_file (dir, name);
      if (reference == NULL)
        {
          /* Every engagement of every cycle was set up. */
          g_assert_nonnull (strstr (setups, "engagement c1-1\n"));
          g_assert_nonnull (strstr (setups, "engagement c" G_STRINGIFY (KOMARR_CYCLES) "-1\n"));
          reference = g_steal_pointer (&setups);
        }
      else
        assert_same_setups (reference, setups);
    }
  g_unsetenv ("ADMIRALTY_TEST_LOCALE");
  g_unsetenv ("ADMIRALTY_TEST_OUTPUT");
  remove_tree (dir);
}

/* A child of test_table_after_restart (): the chief, restarted in the locale
 * ADMIRALTY_TEST_LOCALE, opens ADMIRALTY_TEST_CAMPAIGN and receives the table's message in
 * ADMIRALTY_TEST_MESSAGE, its first three entries. */
static void
table_after_restart_child (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) chief = NULL;
  g_autofree char *message = NULL;
  AdmTableReceipt receipt;
  gsize length;

  g_assert_nonnull (setlocale (LC_ALL, g_getenv ("ADMIRALTY_TEST_LOCALE")));
  chief = adm_campaign_open (g_getenv ("ADMIRALTY_TEST_CAMPAIGN"), &error);
  g_assert_no_error (error);
  g_file_get_contents (g_getenv ("ADMIRALTY_TEST_MESSAGE"), &message, &length, &error);
  g_assert_no_error (error);
  adm_campaign_receive_from_table (chief, "Table 1", message, length, "Table 1", &receipt,
                                   &error);
  g_assert_no_error (error);
  g_assert_cmpuint (receipt.kept, ==, 3);
}

/* Several masters, one campaign (F-STRAT-4): the chief hands engagement c1-3 to a table in
 * the C locale and is restarted in de_DE.UTF-8 or ru_RU.UTF-8 before the table's first
 * entries come back; it keeps them. */
static void
test_table_after_restart (void)
{
  static const char * const locales[] = { "C", "de_DE.UTF-8", "ru_RU.UTF-8" };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) chief = NULL;
  g_autoptr(AdmBattle) table = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autofree char *dir = NULL, *campaign = NULL, *message_path = NULL, *assignment = NULL;
  g_autofree char *handed = NULL, *message = NULL;
  gsize length;

  if (g_test_subprocess ())
    {
      table_after_restart_child ();
      return;
    }
  if (comma.problem != NULL)
    {
      g_test_skip (comma.problem);
      return;
    }
  dir = g_dir_make_tmp ("admiralty-table-locale-XXXXXX", &error);
  g_assert_no_error (error);
  campaign = g_build_filename (dir, "chief.admiralty", NULL);
  message_path = g_build_filename (dir, "table-1.xml", NULL);
  chief = komarr_new (NULL, NULL);
  komarr_play_cycle (chief, 1, KOMARR_T0);
  g_assert_true (adm_campaign_assign_table (chief, "c1-3", "Table 1", KOMARR_T0 + 3000,
                                            &assignment, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (chief, campaign, &error));
  g_assert_no_error (error);
  /* The table takes the set-up, plays three phases and sends them. */
  handed = adm_campaign_table_battle (chief, "Table 1", "c1-3", &error);
  g_assert_no_error (error);
  table = adm_battle_load_game_memory (handed, strlen (handed), "c1-3", &error);
  g_assert_no_error (error);
  for (int phase = 0; phase < 3; phase++)
    g_assert_true (adm_battle_resolve_phase (table, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  message = adm_table_battle_message (table, "c1-3", assignment, 1, NULL, &length);
  g_assert_true (g_file_set_contents (message_path, message, length, &error));
  g_assert_no_error (error);

  /* The chief closes the campaign: it is restarted. */
  g_clear_object (&chief);
  g_setenv ("ADMIRALTY_TEST_MESSAGE", message_path, TRUE);
  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      g_autofree char *name = g_strdup_printf ("chief-%s.admiralty", locales[l]);
      g_autofree char *copy = g_build_filename (dir, name, NULL);
      g_autofree char *text = NULL;

      /* Each restart from the file as the chief left it, holding none of the entries. */
      g_assert_true (g_file_get_contents (campaign, &text, NULL, &error));
      g_assert_true (g_file_set_contents (copy, text, -1, &error));
      g_assert_no_error (error);
      g_setenv ("ADMIRALTY_TEST_CAMPAIGN", copy, TRUE);
      g_test_message ("the chief restarted with LC_ALL=%s", locales[l]);
      g_setenv ("ADMIRALTY_TEST_LOCALE", locales[l], TRUE);
      if (comma.dir != NULL && l > 0)
        g_setenv ("LOCPATH", comma.dir, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unsetenv ("LOCPATH");
      g_test_trap_assert_passed ();
    }
  g_unsetenv ("ADMIRALTY_TEST_LOCALE");
  g_unsetenv ("ADMIRALTY_TEST_CAMPAIGN");
  g_unsetenv ("ADMIRALTY_TEST_MESSAGE");
  remove_tree (dir);
}

static void
test_clock_epoch_rule (void)
{
  static const struct { const char *text; gboolean valid; gint64 seconds; } cases[] = {
    { "0", TRUE, 0 },
    { "1700000000", TRUE, 1700000000 },
    { "9223372036854775807", TRUE, G_MAXINT64 },
    { "9223372036854775808", FALSE, 0 },
    { "-1", FALSE, 0 },
    { "", FALSE, 0 },
    { "12a", FALSE, 0 },
    { " 12", FALSE, 0 },
    { "1.5", FALSE, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint64 seconds = -42;

      g_test_message ("SOURCE_DATE_EPOCH=\"%s\"", cases[i].text);
      g_assert_cmpint (adm_clock_parse_epoch (cases[i].text, &seconds), ==, cases[i].valid);
      if (cases[i].valid)
        g_assert_cmpint (seconds, ==, cases[i].seconds);
      else
        g_assert_cmpint (seconds, ==, -42);
    }
  g_assert_false (adm_clock_parse_epoch (NULL, NULL));
}

static void
test_clock_now (void)
{
  gint64 before, now;

  g_setenv ("SOURCE_DATE_EPOCH", "1700000000", TRUE);
  g_assert_cmpint (adm_clock_now (), ==, 1700000000);

  /* An invalid value is ignored: the wall clock again. */
  g_setenv ("SOURCE_DATE_EPOCH", "yesterday", TRUE);
  before = g_get_real_time () / G_USEC_PER_SEC;
  now = adm_clock_now ();
  g_assert_cmpint (now, >=, before);
  g_assert_cmpint (now, <=, g_get_real_time () / G_USEC_PER_SEC);

  g_unsetenv ("SOURCE_DATE_EPOCH");
  before = g_get_real_time () / G_USEC_PER_SEC;
  now = adm_clock_now ();
  g_assert_cmpint (now, >=, before);
  g_assert_cmpint (now, <=, g_get_real_time () / G_USEC_PER_SEC);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  if (!g_test_subprocess ())
    comma_locales_ensure (&comma);

  g_test_add_func ("/engine/clock/source-date-epoch-rule", test_clock_epoch_rule);
  g_test_add_func ("/engine/clock/now", test_clock_now);
  g_test_add_func ("/engine/determinism/campaign/locales-and-speeds", test_campaign);
  g_test_add_func ("/engine/determinism/report/dice-by-journal-order",
                   test_report_dice_by_journal);
  g_test_add_func ("/engine/determinism/battle/json-locales", test_battle_json);
  g_test_add_func ("/engine/determinism/battle/saved-file-locales", test_battle_saved_bytes);
  g_test_add_func ("/engine/determinism/F-TAC-1/engagement-setups-locales",
                   test_engagement_setups);
  g_test_add_func ("/engine/determinism/F-STRAT-4/table-after-chief-restart-locales",
                   test_table_after_restart);

  status = g_test_run ();
  comma_locales_clear (&comma);
  return status;
}
