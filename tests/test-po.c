/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-po.c: the Russian translation is complete. po/ru.po compiles with `msgfmt --check`
 * and has no fuzzy or untranslated message; every message the sources, .ui files and data
 * files hold today (extracted with xgettext from po/POTFILES.in, as `ninja admiralty-pot`
 * does, the data files by the ITS rules of po/its/) has a translation in it (msgcmp); every
 * source file that marks strings for translation, every .ui file with translatable="yes" and
 * every data file the ITS rules cover is listed in po/POTFILES.in, so that no new string
 * escapes translation; ru.po translates no message the sources no longer hold (other than
 * those msgmerge keeps as obsolete, "#~"); the display text the loaders look up in the
 * catalogue is exactly the text xgettext extracts (same white space); and LANGUAGE=ru gives
 * Russian data names. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <libintl.h>
#include <glib/gstdio.h>

#include "adm-battle.h"
#include "adm-dice-prng.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"
#include "battle-scripting.h"
#include "file-helpers.h"

/* Runs @argv in the source folder; its exit status, with what it wrote in @out and @err. */
static gboolean
run_tool (const char * const  *argv,
          char               **out,
          char               **err)
{
  g_autofree char *source_dir = source_path (".", NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  int status = 0;

  g_autofree char *its_dir = source_path ("po", NULL);

  /* The tools' messages are read here: in English. */
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  /* xgettext finds the ITS rules of the data files in po/its/, as meson's data_dirs does. */
  envp = g_environ_setenv (envp, "GETTEXTDATADIRS", its_dir, TRUE);
  g_assert_true (g_spawn_sync (source_dir, (char **)argv, envp,
                               out == NULL ? G_SPAWN_STDOUT_TO_DEV_NULL : 0,
                               NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);

  return g_spawn_check_wait_status (status, NULL);
}

/* LANGUAGE=ru in a UTF-8 locale, the catalogue read from @localedir; FALSE, with the test
 * skipped and LANGUAGE unset, when no UTF-8 locale is installed (C.UTF-8 always is on Debian). */
static gboolean
speak_russian (const char *localedir)
{
  g_setenv ("LANGUAGE", "ru", TRUE);
  if (setlocale (LC_ALL, "C.UTF-8") == NULL && setlocale (LC_ALL, "ru_RU.UTF-8") == NULL)
    {
      g_test_skip ("Neither the C.UTF-8 nor the ru_RU.UTF-8 locale is installed");
      g_unsetenv ("LANGUAGE");
      return FALSE;
    }
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  return TRUE;
}

/* The path of @program, or NULL with the test skipped (gettext is in .ci/packages-app). */
static char *
find_tool (const char *program)
{
  char *path = g_find_program_in_path (program);

  if (path == NULL)
    g_test_skip_printf ("%s is not installed (package gettext)", program);
  return path;
}

static void
test_statistics (void)
{
  g_autofree char *msgfmt = find_tool ("msgfmt");
  g_autofree char *err = NULL;
  gboolean ok;

  if (msgfmt == NULL)
    return;

  {
    const char *argv[] = { msgfmt, "--check", "--statistics", "-o", "/dev/null", "po/ru.po",
                           NULL };

    ok = run_tool (argv, NULL, &err);
  }
  g_test_message ("msgfmt: %s", err);
  if (!ok)
    g_test_fail_printf ("po/ru.po does not compile: %s", err);
  /* "1333 translated messages, 2 fuzzy translations, 5 untranslated messages." */
  if (strstr (err, "fuzzy") != NULL || strstr (err, "untranslated") != NULL)
    g_test_fail_printf ("po/ru.po is not complete: %s", err);
  g_assert_nonnull (strstr (err, "translated message"));
}

/* How many messages msgattrib's output @text holds, each logged after @what: the lines
 * beginning with @prefix ("msgid ", "#~ msgid "), but the header's empty msgid. A msgid of
 * several lines begins with "" and goes on on the next line, which is logged. */
static guint
count_messages (const char *text,
                const char *prefix,
                const char *what)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint count = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *msgid;

      if (!g_str_has_prefix (lines[i], prefix))
        continue;
      msgid = lines[i] + strlen (prefix);
      if (g_str_equal (msgid, "\"\""))
        {
          /* The header's msgstr follows its msgid at once; a long msgid's next line. */
          if (lines[i + 1] == NULL || strstr (lines[i + 1], "msgstr") != NULL)
            continue;
          msgid = lines[i + 1];
        }
      g_test_message ("%s: %s", what, msgid);
      count++;
    }
  return count;
}

/* The messages of the sources now, against ru.po: a string added without its translation
 * fails here even before the .pot is regenerated, and so does a translation ru.po still
 * holds of a string the sources dropped. Each is listed. */
static void
test_up_to_date (void)
{
  g_autofree char *xgettext = find_tool ("xgettext");
  g_autofree char *msgmerge = xgettext != NULL ? find_tool ("msgmerge") : NULL;
  g_autofree char *msgattrib = msgmerge != NULL ? find_tool ("msgattrib") : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *pot = NULL;
  g_autofree char *live = NULL;
  g_autofree char *merged = NULL;
  g_autofree char *out = NULL;
  g_autofree char *unused_out = NULL;
  g_autofree char *err = NULL;
  guint missing, unused;

  if (msgattrib == NULL)
    return;

  dir = g_dir_make_tmp ("admiralty-po-XXXXXX", &error);
  g_assert_no_error (error);
  pot = g_build_filename (dir, "admiralty.pot", NULL);
  live = g_build_filename (dir, "live.po", NULL);
  merged = g_build_filename (dir, "ru.po", NULL);

  {
    /* The keywords of meson's i18n "glib" preset (po/meson.build). */
    const char *argv[] = { xgettext, "--files-from=po/POTFILES.in", "--directory=.",
                           "--from-code=UTF-8", "--add-comments", "--keyword=_",
                           "--keyword=N_", "--keyword=C_:1c,2", "--keyword=NC_:1c,2",
                           "--keyword=g_dcgettext:2", "--keyword=g_dngettext:2,3",
                           "--keyword=g_dpgettext2:2c,3", "-o", pot, NULL };

    if (!run_tool (argv, NULL, &err))
      g_test_fail_printf ("xgettext could not read the files of po/POTFILES.in: %s", err);
    /* A data file no locating rule of po/its/admiralty.loc covers would be read as C. */
    if (strstr (err, "will try C") != NULL || strstr (err, "cannot locate ITS rules") != NULL)
      g_test_fail_printf ("po/its/ has no ITS rule for a data file of po/POTFILES.in: %s", err);
  }
  g_assert_true (g_file_test (pot, G_FILE_TEST_IS_REGULAR));

  {
    /* The messages ru.po translates, without those it keeps as obsolete already. */
    const char *argv[] = { msgattrib, "--no-obsolete", "-o", live, "po/ru.po", NULL };

    g_clear_pointer (&err, g_free);
    g_assert_true (run_tool (argv, NULL, &err));
  }
  {
    /* No guessing: a message not in ru.po stays untranslated. */
    const char *argv[] = { msgmerge, "--quiet", "--no-fuzzy-matching", "-o", merged, live,
                           pot, NULL };

    g_clear_pointer (&err, g_free);
    g_assert_true (run_tool (argv, NULL, &err));
  }
  {
    const char *argv[] = { msgattrib, "--untranslated", "--no-obsolete", "--no-wrap",
                           "--no-location", merged, NULL };

    g_clear_pointer (&err, g_free);
    g_assert_true (run_tool (argv, &out, &err));
  }
  {
    /* What msgmerge made obsolete: translations of messages no source holds. */
    const char *argv[] = { msgattrib, "--only-obsolete", "--no-wrap", merged, NULL };

    g_clear_pointer (&err, g_free);
    g_assert_true (run_tool (argv, &unused_out, &err));
  }

  missing = count_messages (out, "msgid ", "not translated");
  if (missing > 0)
    g_test_fail_printf ("po/ru.po lacks %u translations of messages in the sources, listed "
                        "above: run `ninja -C build admiralty-update-po` and translate them",
                        missing);
  unused = count_messages (unused_out, "#~ msgid ", "not in the sources");
  if (unused > 0)
    g_test_fail_printf ("po/ru.po translates %u messages no source holds any more, listed "
                        "above: remove them from it", unused);

  g_unlink (merged);
  g_unlink (live);
  g_unlink (pot);
  g_rmdir (dir);
}

/* Whether @text marks a string for translation: _( N_( C_( NC_( ngettext( g_dngettext(,
 * with or without a space before the parenthesis. */
static gboolean
marks_strings (const char *text)
{
  static GRegex *regex;

  if (regex == NULL)
    regex = g_regex_new ("(?<![A-Za-z0-9_])(?:N?C?_|ngettext|g_dngettext|g_dcgettext)\\s*\\(",
                         G_REGEX_OPTIMIZE, 0, NULL);
  return g_regex_match (regex, text, 0, NULL);
}

/* The root elements po/its/admiralty.loc sends to the ITS rules: a data file with one of
 * these roots holds display text. */
static GPtrArray *
data_roots (void)
{
  g_autofree char *path = source_path ("po/its/admiralty.loc", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GRegex) regex = g_regex_new ("localName=\"([^\"]+)\"", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *roots = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    g_ptr_array_add (roots, g_match_info_fetch (match, 1));
  g_assert_cmpuint (roots->len, >=, 4);
  return roots;
}

/* The name of the root element of the XML @text: the first tag after the declaration,
 * comments and white space. */
static char *
root_element (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("^\\s*(?:<\\?.*?\\?>\\s*)?(?:<!--.*?-->\\s*)*"
                                         "<([A-Za-z_][A-Za-z0-9_.-]*)",
                                         G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;

  if (!g_regex_match (regex, text, 0, &match))
    return NULL;
  return g_match_info_fetch (match, 1);
}

/* Adds to @missing the XML data files (.xml, .admiralty) under @folder whose root element is
 * in @roots, that is whose display text xgettext extracts, and that are not in @listed. */
static void
collect_unlisted_data (const char *folder,
                       GPtrArray  *roots,
                       GHashTable *listed,
                       GPtrArray  *missing)
{
  g_autofree char *path = source_path (folder, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *relative = g_build_filename (folder, name, NULL);
      g_autofree char *full = source_path (relative, NULL);
      g_autofree char *text = NULL;
      g_autofree char *root = NULL;

      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        {
          collect_unlisted_data (relative, roots, listed, missing);
          continue;
        }
      if (!g_str_has_suffix (name, ".xml") && !g_str_has_suffix (name, ".admiralty"))
        continue;
      g_assert_true (g_file_get_contents (full, &text, NULL, &error));
      g_assert_no_error (error);
      root = root_element (text);
      if (root != NULL && g_ptr_array_find_with_equal_func (roots, root, g_str_equal, NULL)
          && !g_hash_table_contains (listed, relative))
        g_ptr_array_add (missing, g_steal_pointer (&relative));
    }
}

/* Adds to @missing the files under @folder (relative to the source folder) that hold
 * translatable strings and are not in @listed. */
static void
collect_unlisted (const char *folder,
                  GHashTable *listed,
                  GPtrArray  *missing)
{
  g_autofree char *path = source_path (folder, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *relative = g_build_filename (folder, name, NULL);
      g_autofree char *full = source_path (relative, NULL);
      g_autofree char *text = NULL;
      gboolean needed;

      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        {
          collect_unlisted (relative, listed, missing);
          continue;
        }
      if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h")
          && !g_str_has_suffix (name, ".ui"))
        continue;
      g_assert_true (g_file_get_contents (full, &text, NULL, &error));
      g_assert_no_error (error);
      needed = g_str_has_suffix (name, ".ui") ? strstr (text, "translatable=\"yes\"") != NULL
                                              : marks_strings (text);
      if (needed && !g_hash_table_contains (listed, relative))
        g_ptr_array_add (missing, g_steal_pointer (&relative));
    }
}

static void
test_potfiles (void)
{
  g_autofree char *path = source_path ("po/POTFILES.in", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) problems = g_string_new (NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *full = NULL;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      g_hash_table_add (listed, lines[i]);
      full = source_path (lines[i], NULL);
      if (!g_file_test (full, G_FILE_TEST_IS_REGULAR))
        g_string_append_printf (problems, "po/POTFILES.in:%u: %s does not exist\n", i + 1,
                                lines[i]);
    }
  g_assert_cmpuint (g_hash_table_size (listed), >, 10);

  collect_unlisted ("src", listed, missing);
  {
    g_autoptr(GPtrArray) roots = data_roots ();

    collect_unlisted_data ("data", roots, listed, missing);
    collect_unlisted_data ("scenarios", roots, listed, missing);
  }
  for (guint i = 0; i < missing->len; i++)
    g_string_append_printf (problems, "%s has translatable strings but is not in "
                            "po/POTFILES.in\n", (char *)g_ptr_array_index (missing, i));

  if (problems->len > 0)
    g_test_fail_printf ("%s", problems->str);
}

/* An uninstalled run finds the compiled catalogue where `meson devenv` points
 * ADMIRALTY_LOCALEDIR (po/ in the build folder, see po/meson.build and src/app/main.c), and
 * LANGUAGE=ru gives Russian. */
static void
test_build_catalogue (void)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_autofree char *mo = g_build_filename (localedir, "ru", "LC_MESSAGES", "admiralty.mo", NULL);
  const char *russian;

  g_assert_true (g_file_test (mo, G_FILE_TEST_IS_REGULAR));
  if (!speak_russian (localedir))
    return;

  russian = dgettext ("admiralty", "_Roll Dice…");
  g_assert_cmpstr (russian, !=, "_Roll Dice…");
  g_assert_true (g_utf8_validate (russian, -1, NULL));
  /* Cyrillic letters are U+0400..U+04FF. */
  g_assert_cmpuint (g_utf8_get_char (g_utf8_next_char (russian)), >=, 0x400);
  g_assert_cmpuint (g_utf8_get_char (g_utf8_next_char (russian)), <=, 0x4ff);
  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
}

/* The data files of po/POTFILES.in: rulesets, classes, scenarios, battles. */
static GPtrArray *
listed_data_files (void)
{
  g_autofree char *path = source_path ("po/POTFILES.in", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if ((g_str_has_prefix (lines[i], "data/rules/") || g_str_has_prefix (lines[i], "scenarios/"))
          && (g_str_has_suffix (lines[i], ".xml") || g_str_has_suffix (lines[i], ".admiralty")))
        g_ptr_array_add (files, g_strdup (lines[i]));
    }
  return files;
}

/* The msgids xgettext extracts from the data files of po/POTFILES.in, unescaped. */
static GHashTable *
extract_data_msgids (const char *xgettext)
{
  g_autoptr(GPtrArray) files = listed_data_files ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *msgids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  g_assert_cmpuint (files->len, >=, 4);
  g_ptr_array_add (argv, (char *) xgettext);
  g_ptr_array_add (argv, (char *) "--from-code=UTF-8");
  g_ptr_array_add (argv, (char *) "--no-wrap");
  g_ptr_array_add (argv, (char *) "--no-location");
  g_ptr_array_add (argv, (char *) "-o");
  g_ptr_array_add (argv, (char *) "-");
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (files, i));
  g_ptr_array_add (argv, NULL);
  if (!run_tool ((const char * const *) argv->pdata, &out, &err))
    g_test_fail_printf ("xgettext could not read the data files: %s", err);

  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "msgid \"") && g_str_has_suffix (lines[i], "\"")
        && !g_str_equal (lines[i], "msgid \"\""))
      {
        g_autofree char *quoted = g_strndup (lines[i] + strlen ("msgid \""),
                                             strlen (lines[i]) - strlen ("msgid \"\""));

        g_hash_table_add (msgids, g_strcompress (quoted));
      }
  return msgids;
}

/* @text with every run of white space collapsed to one space and trimmed. */
static char *
collapsed (const char *text)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\r\n", -1);
  g_autoptr(GString) result = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      {
        if (result->len > 0)
          g_string_append_c (result, ' ');
        g_string_append (result, words[i]);
      }
  return g_string_free (g_steal_pointer (&result), FALSE);
}

/* Adds to @problems @text (a display string a loader looks up) when it is not a msgid. */
static void
check_msgid (GHashTable *msgids,
             GString    *problems,
             const char *where,
             const char *text)
{
  g_autofree char *key = collapsed (text);

  if (key[0] != '\0' && !g_hash_table_contains (msgids, key))
    g_string_append_printf (problems, "%s: “%s” is not extracted by po/its/admiralty.its\n",
                            where, text);
}

static void
check_ruleset_msgids (AdmRuleset *ruleset,
                      GHashTable *msgids,
                      GString    *problems)
{
  const char *tables[] = { "ship", "station" };
  GPtrArray *list;

  check_msgid (msgids, problems, "ruleset", adm_ruleset_get_name (ruleset));
  list = adm_ruleset_get_ship_types (ruleset);
  for (guint i = 0; i < list->len; i++)
    check_msgid (msgids, problems, "ship type",
                 ((AdmShipType *) g_ptr_array_index (list, i))->name);
  for (guint t = 0; t <= G_N_ELEMENTS (tables); t++)
    {
      list = t < G_N_ELEMENTS (tables) ? adm_ruleset_get_critical_table (ruleset, tables[t])
                                       : adm_ruleset_get_catastrophic_table (ruleset);
      for (guint i = 0; i < list->len; i++)
        {
          const AdmTableRow *row = g_ptr_array_index (list, i);

          check_msgid (msgids, problems, "table row", row->name);
          check_msgid (msgids, problems, "table row", row->description);
        }
    }
  list = adm_ruleset_get_readiness_grades (ruleset);
  for (guint i = 0; i < list->len; i++)
    check_msgid (msgids, problems, "readiness grade",
                 ((AdmReadinessGrade *) g_ptr_array_index (list, i))->name);
  list = adm_ruleset_get_rulings (ruleset);
  for (guint i = 0; i < list->len; i++)
    {
      const AdmRuling *ruling = g_ptr_array_index (list, i);

      check_msgid (msgids, problems, ruling->id, ruling->name);
      check_msgid (msgids, problems, ruling->id, ruling->description);
      for (guint o = 0; o < ruling->option_names->len; o++)
        check_msgid (msgids, problems, ruling->id, g_ptr_array_index (ruling->option_names, o));
    }
  list = adm_ruleset_get_placements (ruleset);
  for (guint i = 0; i < list->len; i++)
    {
      const AdmPlacement *placement = g_ptr_array_index (list, i);

      check_msgid (msgids, problems, placement->id, placement->name);
      check_msgid (msgids, problems, placement->id, placement->description);
    }
  list = adm_ruleset_get_factions (ruleset);
  for (guint i = 0; i < list->len; i++)
    check_msgid (msgids, problems, "faction",
                 ((AdmFaction *) g_ptr_array_index (list, i))->name);
  list = adm_ruleset_get_classes (ruleset);
  for (guint i = 0; i < list->len; i++)
    {
      const AdmShipClass *klass = g_ptr_array_index (list, i);

      check_msgid (msgids, problems, klass->id, klass->name);
      for (guint w = 0; w < klass->weapons->len; w++)
        check_msgid (msgids, problems, klass->id,
                     ((AdmWeapon *) g_ptr_array_index (klass->weapons, w))->name);
    }
}

static void
check_scenario_msgids (AdmScenario *scenario,
                       GHashTable  *msgids,
                       GString     *problems)
{
  const char *id = adm_scenario_get_id (scenario);
  GPtrArray *list;

  check_msgid (msgids, problems, id, adm_scenario_get_name (scenario));
  check_msgid (msgids, problems, id, adm_scenario_get_description (scenario));
  list = adm_scenario_get_admirals (scenario);
  for (guint i = 0; i < list->len; i++)
    check_msgid (msgids, problems, id, ((AdmAdmiral *) g_ptr_array_index (list, i))->name);
  list = adm_scenario_get_sectors (scenario);
  for (guint i = 0; i < list->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (list, i);

      check_msgid (msgids, problems, id, sector->name);
      for (guint o = 0; o < sector->objects->len; o++)
        check_msgid (msgids, problems, id,
                     ((AdmSectorObject *) g_ptr_array_index (sector->objects, o))->name);
    }
  list = adm_scenario_get_formations (scenario);
  for (guint i = 0; i < list->len; i++)
    check_msgid (msgids, problems, id, ((AdmFormation *) g_ptr_array_index (list, i))->name);
  list = adm_scenario_get_ships (scenario);
  for (guint i = 0; i < list->len; i++)
    check_msgid (msgids, problems, id, ((AdmShip *) g_ptr_array_index (list, i))->name);
}

static void
check_battle_msgids (AdmBattle  *battle,
                     GHashTable *msgids,
                     GString    *problems)
{
  const char *name = adm_battle_get_name (battle);

  check_msgid (msgids, problems, name, name);
  for (guint i = 0; i < adm_battle_get_n_sides (battle); i++)
    {
      check_msgid (msgids, problems, name, adm_battle_get_side (battle, i)->name);
      check_msgid (msgids, problems, name, adm_battle_get_side (battle, i)->admiral);
    }
  for (guint i = 0; i < adm_battle_get_n_formations (battle); i++)
    check_msgid (msgids, problems, name, adm_battle_get_formation (battle, i)->name);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    check_msgid (msgids, problems, name, adm_battle_get_ship (battle, i)->name);
}

/* Every display string the loaders pass to gettext, as they pass it (white space collapsed),
 * is a msgid that xgettext extracts from the data files by po/its/admiralty.its; otherwise it
 * could never be translated. Run in the C locale: the strings are the English of the files. */
static void
test_data_msgids (void)
{
  g_autofree char *xgettext = find_tool ("xgettext");
  g_autoptr(GHashTable) msgids = NULL;
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GString) problems = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  guint scenarios = 0, battles = 0;

  if (xgettext == NULL)
    return;

  msgids = extract_data_msgids (xgettext);
  g_assert_cmpuint (g_hash_table_size (msgids), >, 100);

  ruleset = adm_ruleset_load ("forcon-2010", &error);
  g_assert_no_error (error);
  check_ruleset_msgids (ruleset, msgids, problems);

  files = listed_data_files ();
  for (guint i = 0; i < files->len; i++)
    {
      const char *file = g_ptr_array_index (files, i);
      g_autofree char *path = source_path (file, NULL);

      if (g_str_has_suffix (file, ".admiralty"))
        {
          g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);

          g_assert_no_error (error);
          check_scenario_msgids (scenario, msgids, problems);
          scenarios++;
        }
      else if (g_str_has_prefix (file, "scenarios/battles/"))
        {
          g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);

          g_assert_no_error (error);
          check_battle_msgids (battle, msgids, problems);
          battles++;
        }
    }
  g_assert_cmpuint (scenarios, >=, 1);
  g_assert_cmpuint (battles, >=, 1);

  if (problems->len > 0)
    g_test_fail_printf ("%s", problems->str);
}

/* Whether @text begins with a Cyrillic letter (U+0400..U+04FF). */
static gboolean
is_cyrillic (const char *text)
{
  gunichar c = g_utf8_get_char (text);

  return c >= 0x400 && c <= 0x4ff;
}

/* LANGUAGE=ru: the loaders give the data's names and descriptions in Russian, through the
 * catalogue built from po/ru.po — a ruling description whose XML is laid out on several
 * lines in other data, a class name (a transliterated proper name), a weapon, a faction, the
 * scenario's description, a ship and a battle. */
static void
test_data_names_russian (void)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_autofree char *scenario_path = source_path ("scenarios/komarr-campaign.admiralty", NULL);
  g_autofree char *battle_path = source_path ("scenarios/battles/low-orbit.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmRuleset) ruleset = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  const AdmRuling *ruling;
  const AdmShipClass *klass;

  if (!speak_russian (localedir))
    return;

  ruleset = adm_ruleset_load ("forcon-2010", &error);
  g_assert_no_error (error);
  ruling = adm_ruleset_lookup_ruling (ruleset, "formation-composition");
  g_assert_nonnull (ruling);
  g_assert_true (g_str_has_prefix (ruling->description, "Соединение включает не более 6"));
  g_assert_cmpstr (ruling->name, ==, "Состав соединения");
  klass = adm_ruleset_lookup_class (ruleset, "vorhartung");
  g_assert_nonnull (klass);
  g_assert_cmpstr (klass->name, ==, "Форхартунг");
  g_assert_cmpstr (((AdmWeapon *) g_ptr_array_index (klass->weapons, 0))->name, ==,
                   "Главный калибр");
  g_assert_cmpstr (adm_ruleset_lookup_faction (ruleset, "barrayar")->name, ==,
                   "Барраярская империя");

  scenario = adm_scenario_load_file (scenario_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adm_scenario_get_name (scenario), ==, "Комаррская кампания");
  g_assert_true (is_cyrillic (adm_scenario_get_description (scenario)));
  g_assert_cmpstr (adm_scenario_lookup_ship (scenario, "prince-serg")->name, ==, "Принц Серг");
  g_assert_cmpstr (adm_scenario_lookup_admiral (scenario, "vorkosigan")->name, ==,
                   "Адм. Эйрел Форкосиган");
  /* Ids stay the keys they are. */
  g_assert_cmpstr (adm_scenario_lookup_ship (scenario, "prince-serg")->id, ==, "prince-serg");

  battle = adm_battle_load_file (battle_path, &error);
  g_assert_no_error (error);
  g_assert_true (is_cyrillic (adm_battle_get_name (battle)));
  g_assert_cmpstr (adm_battle_lookup_ship (battle, "kestrel")->name, ==, "Пустельга");

  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
}

/* Two turns of the bundled battle @name (scenarios/battles/@name.xml with its orders), with
 * dice from @seed. */
static AdmBattle *
two_turns (const char *name,
           guint64     seed)
{
  g_autofree char *file = g_strdup_printf ("scenarios/battles/%s.xml", name);
  g_autofree char *orders_file = g_strdup_printf ("scenarios/battles/%s.orders.xml", name);
  g_autofree char *path = source_path (file, NULL);
  g_autofree char *orders_path = source_path (orders_file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (seed);
  AdmBattleOrders *orders = adm_battle_orders_load_file (orders_path, &error);
  AdmBattle *battle;

  g_assert_no_error (error);
  battle = adm_battle_load_file (path, &error);
  g_assert_no_error (error);
  for (int turn = 1; turn <= 2; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, turn),
                                              ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  adm_battle_orders_free (orders);
  return battle;
}

/* A report line and a roll's purpose are in the language of the phase that wrote them, read
 * after the language changed as when read at once. */
static void
test_report_read_later (void)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_autoptr(GPtrArray) at_once = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(AdmBattle) read_at_once = NULL;
  g_autoptr(AdmBattle) read_later = NULL;
  GPtrArray *report, *rolls;
  guint cyrillic = 0, n = 0;

  if (!speak_russian (localedir))
    return;

  read_at_once = two_turns ("destructor-knife-fight", 20);
  report = adm_battle_get_report (read_at_once);
  rolls = adm_battle_get_rolls (read_at_once);
  for (guint i = 0; i < report->len; i++)
    g_ptr_array_add (at_once, g_strdup (adm_report_line_get_text (g_ptr_array_index (report, i))));
  for (guint i = 0; i < rolls->len; i++)
    g_ptr_array_add (at_once, g_strdup (adm_battle_roll_get_purpose (g_ptr_array_index (rolls,
                                                                                       i))));
  read_later = two_turns ("destructor-knife-fight", 20);

  /* English from now on. */
  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Fire"), ==, "Fire");

  report = adm_battle_get_report (read_later);
  rolls = adm_battle_get_rolls (read_later);
  g_assert_cmpuint (report->len + rolls->len, ==, at_once->len);
  for (guint i = 0; i < report->len; i++)
    {
      const AdmReportLine *line = g_ptr_array_index (report, i);

      g_assert_cmpstr (adm_report_line_get_text (line), ==, g_ptr_array_index (at_once, n++));
      cyrillic += is_cyrillic (adm_report_line_get_text (line));
    }
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);

      g_assert_cmpstr (adm_battle_roll_get_purpose (roll), ==, g_ptr_array_index (at_once, n++));
    }
  g_test_message ("%u lines and rolls, %u lines in Russian", at_once->len, cyrillic);
  g_assert_cmpuint (cyrillic, >, 0);
}

/* F-ART-6, F-ART-15: the target's aspect in a line of fire is written in the report's
 * language, as the preview writes it ("crossing capital ship" was written in English in a
 * Russian report), and so is a plasma mine's (F-MINE-7). */
static void
test_report_aspect_russian (void)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  const char *battles[] = { "hulk-and-fire", "minefield" };
  guint aimed = 0;

  if (!speak_russian (localedir))
    return;
  for (guint b = 0; b < G_N_ELEMENTS (battles); b++)
    {
      g_autoptr(AdmBattle) battle = two_turns (battles[b], 20);
      GPtrArray *report = adm_battle_get_report (battle);

      for (guint i = 0; i < report->len; i++)
        {
          const char *text = adm_report_line_get_text (g_ptr_array_index (report, i));

          if (!strstr (text, "по цели"))
            continue;
          g_assert_null (strstr (text, "approaching"));
          g_assert_null (strstr (text, "receding"));
          g_assert_null (strstr (text, "crossing"));
          aimed += strstr (text, "сближающийся") != NULL || strstr (text, "удаляющийся") != NULL ||
                   strstr (text, "пересекающий курс") != NULL;
        }
    }
  g_test_message ("%u lines name an aspect", aimed);
  g_assert_cmpuint (aimed, >, 1);
  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
}

/* F-FORM-8: the most ships a formation holds is the ruleset's, so the Russian refusal agrees
 * with it by the language's plural forms: «не более 1 корабля», «не более 2 кораблей», «не
 * более 5 кораблей», «не более 21 корабля». Each copy of the rules allows @most, and the
 * formation loaded has one ship more. */
static void
test_formation_size_plural (void)
{
  g_autofree char *localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  const struct { int most; const char *words; } cases[] = {
    { 1, "не более 1 корабля, все одной категории (F-FORM-8)" },
    { 2, "не более 2 кораблей, все одной категории (F-FORM-8)" },
    { 5, "не более 5 кораблей, все одной категории (F-FORM-8)" },
    { 21, "не более 21 корабля, все одной категории (F-FORM-8)" },
  };

  if (!speak_russian (localedir))
    return;
  /* The engine's ngettext () reads the program's domain, as admiralty and admiralty-cli set. */
  textdomain (GETTEXT_PACKAGE);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *to = g_strdup_printf ("clause=\"F-FORM-8\" ships=\"%d\"", cases[c].most);
      char *dir = changed_rules_begin ("ruleset", "clause=\"F-FORM-8\" ships=\"6\"", to);
      g_autoptr(GString) text = g_string_new ("<battle ruleset=\"forcon-2010\" name=\"x\">"
                                              "<side id=\"a\" name=\"A\"><formation id=\"f\" "
                                              "name=\"Big\" flagship=\"s0\">");
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmBattle) battle = NULL;

      for (int i = 0; i <= cases[c].most; i++)
        g_string_append_printf (text, "<ship id=\"s%d\" name=\"S%d\" class=\"vorberg\" "
                                "x=\"0\" y=\"%d\" heading=\"0\" readiness=\"5\"/>", i, i,
                                i * 3);
      g_string_append (text, "</formation></side><side id=\"b\" name=\"B\"><formation "
                       "id=\"g\" name=\"G\" flagship=\"t\"><ship id=\"t\" name=\"T\" "
                       "class=\"vorberg\" x=\"90\" y=\"0\" heading=\"0\" "
                       "readiness=\"5\"/></formation></side></battle>");
      battle = adm_battle_load_memory (text->str, text->len, "big.xml", &error);
      changed_rules_end (dir);
      g_assert_null (battle);
      g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[c].words));
    }
  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
}

/* The check itself: a file with strings is caught, one without is not. */
static void
test_root_element (void)
{
  g_autofree char *plain = root_element ("<battle name=\"x\"/>");
  g_autofree char *declared = root_element ("<?xml version=\"1.0\"?>\n<!-- a\n comment -->\n"
                                            "<!-- another -->\n<ti4-units version=\"4\">");
  g_autofree char *none = root_element ("not XML");

  g_assert_cmpstr (plain, ==, "battle");
  g_assert_cmpstr (declared, ==, "ti4-units");
  g_assert_null (none);
}

static void
test_marks_strings (void)
{
  g_assert_true (marks_strings ("label = _(\"Open\");"));
  g_assert_true (marks_strings ("label = _ (\"Open\");"));
  g_assert_true (marks_strings ("{ N_(\"A4\") }"));
  g_assert_true (marks_strings ("C_(\"paper\", \"Letter\")"));
  g_assert_true (marks_strings ("ngettext (\"%u ship\", \"%u ships\", n)"));
  g_assert_false (marks_strings ("g_autofree char *name = g_strdup (text);"));
  g_assert_false (marks_strings ("my_function_(x); GTK_(y);"));
}

int
main (int   argc,
      char *argv[])
{
  /* The messages listed are UTF-8: print them as they are. */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/data/po/marks-strings", test_marks_strings);
  g_test_add_func ("/data/po/root-element", test_root_element);
  g_test_add_func ("/data/po/potfiles", test_potfiles);
  g_test_add_func ("/data/po/data-msgids", test_data_msgids);
  g_test_add_func ("/data/po/ru/build-catalogue", test_build_catalogue);
  g_test_add_func ("/data/po/ru/statistics", test_statistics);
  g_test_add_func ("/data/po/ru/up-to-date", test_up_to_date);
  g_test_add_func ("/data/po/ru/data-names", test_data_names_russian);
  g_test_add_func ("/data/po/ru/report-read-later", test_report_read_later);
  g_test_add_func ("/data/po/ru/report-aspect", test_report_aspect_russian);
  g_test_add_func ("/data/po/ru/F-FORM-8/plural", test_formation_size_plural);

  return g_test_run ();
}
