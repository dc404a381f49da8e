/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-po.c: the Russian translation is complete. po/ru.po compiles with `msgfmt --check`
 * and has no fuzzy or untranslated message; every message the sources and .ui files hold
 * today (extracted with xgettext from po/POTFILES.in, as `ninja admiralty-pot` does) has a
 * translation in it (msgcmp); and every source file that marks strings for translation, and
 * every .ui file with translatable="yes", is listed in po/POTFILES.in, so that no new string
 * escapes translation. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <libintl.h>
#include <glib/gstdio.h>

static char *
source_path (const char *name)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), name, NULL);
}

/* Runs @argv in the source folder; its exit status, with what it wrote in @out and @err. */
static gboolean
run_tool (const char * const  *argv,
          char               **out,
          char               **err)
{
  g_autofree char *source_dir = source_path (".");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  int status = 0;

  /* The tools' messages are read here: in English. */
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  g_assert_true (g_spawn_sync (source_dir, (char **)argv, envp,
                               out == NULL ? G_SPAWN_STDOUT_TO_DEV_NULL : 0,
                               NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);

  return g_spawn_check_wait_status (status, NULL);
}

/* The path of @program, or NULL with the test skipped (gettext is in .ci/packages). */
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

/* The messages of the sources now, against ru.po: a string added without its translation
 * fails here even before the .pot is regenerated. The missing ones are listed. */
static void
test_up_to_date (void)
{
  g_autofree char *xgettext = find_tool ("xgettext");
  g_autofree char *msgmerge = xgettext != NULL ? find_tool ("msgmerge") : NULL;
  g_autofree char *msgattrib = msgmerge != NULL ? find_tool ("msgattrib") : NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *pot = NULL;
  g_autofree char *merged = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  guint missing = 0;

  if (msgattrib == NULL)
    return;

  dir = g_dir_make_tmp ("admiralty-po-XXXXXX", &error);
  g_assert_no_error (error);
  pot = g_build_filename (dir, "admiralty.pot", NULL);
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
  }
  g_assert_true (g_file_test (pot, G_FILE_TEST_IS_REGULAR));

  {
    /* No guessing: a message not in ru.po stays untranslated. */
    const char *argv[] = { msgmerge, "--quiet", "--no-fuzzy-matching", "-o", merged,
                           "po/ru.po", pot, NULL };

    g_clear_pointer (&err, g_free);
    g_assert_true (run_tool (argv, NULL, &err));
  }
  {
    const char *argv[] = { msgattrib, "--untranslated", "--no-obsolete", "--no-wrap",
                           "--no-location", merged, NULL };

    g_clear_pointer (&err, g_free);
    g_assert_true (run_tool (argv, &out, &err));
  }

  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "msgid \"") && !g_str_equal (lines[i], "msgid \"\""))
      {
        g_test_message ("not translated: %s", lines[i] + strlen ("msgid "));
        missing++;
      }
  if (missing > 0)
    g_test_fail_printf ("po/ru.po lacks %u translations of messages in the sources, listed "
                        "above: run `ninja -C build admiralty-update-po` and translate them",
                        missing);

  g_unlink (merged);
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

/* Adds to @missing the files under @folder (relative to the source folder) that hold
 * translatable strings and are not in @listed. */
static void
collect_unlisted (const char *folder,
                  GHashTable *listed,
                  GPtrArray  *missing)
{
  g_autofree char *path = source_path (folder);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *relative = g_build_filename (folder, name, NULL);
      g_autofree char *full = source_path (relative);
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
  g_autofree char *path = source_path ("po/POTFILES.in");
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
      full = source_path (lines[i]);
      if (!g_file_test (full, G_FILE_TEST_IS_REGULAR))
        g_string_append_printf (problems, "po/POTFILES.in:%u: %s does not exist\n", i + 1,
                                lines[i]);
    }
  g_assert_cmpuint (g_hash_table_size (listed), >, 10);

  collect_unlisted ("src", listed, missing);
  collect_unlisted ("ui", listed, missing);
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
  g_setenv ("LANGUAGE", "ru", TRUE);
  if (setlocale (LC_ALL, "C.UTF-8") == NULL && setlocale (LC_ALL, "ru_RU.UTF-8") == NULL)
    {
      g_test_skip ("Neither the C.UTF-8 nor the ru_RU.UTF-8 locale is installed");
      return;
    }
  bindtextdomain ("admiralty", localedir);
  bind_textdomain_codeset ("admiralty", "UTF-8");

  russian = dgettext ("admiralty", "_Roll Dice…");
  g_assert_cmpstr (russian, !=, "_Roll Dice…");
  g_assert_true (g_utf8_validate (russian, -1, NULL));
  /* Cyrillic letters are U+0400..U+04FF. */
  g_assert_cmpuint (g_utf8_get_char (g_utf8_next_char (russian)), >=, 0x400);
  g_assert_cmpuint (g_utf8_get_char (g_utf8_next_char (russian)), <=, 0x4ff);
  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
}

/* The check itself: a file with strings is caught, one without is not. */
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
  g_test_add_func ("/data/po/potfiles", test_potfiles);
  g_test_add_func ("/data/po/ru/build-catalogue", test_build_catalogue);
  g_test_add_func ("/data/po/ru/statistics", test_statistics);
  g_test_add_func ("/data/po/ru/up-to-date", test_up_to_date);

  return g_test_run ();
}
