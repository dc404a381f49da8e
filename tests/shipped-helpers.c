/* SPDX-License-Identifier: GPL-3.0-or-later */
/* shipped-helpers.c: see shipped-helpers.h. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "file-helpers.h"
#include "shipped-helpers.h"
#include "adm-ruleset.h"
#include "adm-scenario.h"

AdmRuleset *
shipped_ruleset (void)
{
  static AdmRuleset *shipped;

  if (shipped == NULL)
    shipped = fresh_ruleset ();
  return shipped;
}

AdmRuleset *
fresh_ruleset (void)
{
  g_autoptr(GError) error = NULL;
  AdmRuleset *ruleset = adm_ruleset_load ("forcon-2010", &error);

  g_assert_no_error (error);
  g_assert_nonnull (ruleset);
  return ruleset;
}

AdmScenario *
shipped_scenario (const char *name)
{
  g_autofree char *path = source_path ("scenarios", name, NULL);
  g_autoptr(GError) error = NULL;
  AdmScenario *scenario = adm_scenario_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  return scenario;
}

static const char *const rules_files[] = { "forcon-2010.xml", "forcon-2010-classes.xml" };

char *
rules_text_changed (const char *text,
                    const char *after,
                    const char *from,
                    const char *to)
{
  g_autoptr(GString) changed = g_string_new (text);
  const char *start, *at;

  if (after == NULL)
    {
      g_assert_cmpuint (g_string_replace (changed, from, to, 0), >=, 1);
      return g_string_free (g_steal_pointer (&changed), FALSE);
    }
  start = strstr (text, after);
  at = start != NULL ? strstr (start, from) : NULL;
  g_assert_nonnull (at);
  g_string_erase (changed, at - text, strlen (from));
  g_string_insert (changed, at - text, to);
  return g_string_free (g_steal_pointer (&changed), FALSE);
}

char *
changed_rules_new (const char *dir,
                   const char *file,
                   const char *after,
                   const char *from,
                   const char *to)
{
  g_autoptr(GError) error = NULL;
  char *folder;

  g_assert_true (g_str_equal (file, "ruleset") || g_str_equal (file, "classes"));
  if (dir == NULL)
    {
      folder = g_dir_make_tmp ("admiralty-rules-XXXXXX", &error);
      g_assert_no_error (error);
    }
  else
    {
      folder = g_strdup (dir);
      g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (rules_files); i++)
    {
      g_autofree char *in = source_path ("data", "rules", rules_files[i], NULL);
      g_autofree char *out = g_build_filename (folder, rules_files[i], NULL);
      g_autofree char *text = file_contents (in);
      gboolean changed_file = (i == 0) == g_str_equal (file, "ruleset");
      g_autofree char *written = changed_file ? rules_text_changed (text, after, from, to)
                                              : g_strdup (text);

      g_assert_true (g_file_set_contents (out, written, -1, &error));
      g_assert_no_error (error);
    }
  return folder;
}

void
changed_rules_change (const char *dir,
                      const char *file,
                      const char *after,
                      const char *from,
                      const char *to)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;

  g_assert_true (g_str_equal (file, "ruleset") || g_str_equal (file, "classes"));
  path = g_build_filename (dir, rules_files[g_str_equal (file, "ruleset") ? 0 : 1], NULL);
  text = file_contents (path);
  changed = rules_text_changed (text, after, from, to);
  g_assert_true (g_file_set_contents (path, changed, -1, &error));
  g_assert_no_error (error);
}

void
changed_rules_remove (char *dir)
{
  for (guint i = 0; i < G_N_ELEMENTS (rules_files); i++)
    {
      g_autofree char *path = g_build_filename (dir, rules_files[i], NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  g_free (dir);
}

static gboolean
shift_row (const GMatchInfo *match,
           GString          *out,
           gpointer          data)
{
  g_autofree char *from = g_match_info_fetch (match, 1);
  g_autofree char *to = g_match_info_fetch (match, 2);
  g_autofree char *rest = g_match_info_fetch (match, 3);
  int last = atoi (to) + 1;

  /* The rulebook's 12 becomes 13..18, the sums 3d6 adds. */
  g_string_append_printf (out, "from=\"%d\" to=\"%d\"%s", atoi (from) + 1,
                          last == 13 ? 18 : last, rest);
  return FALSE;
}

char *
rules_text_critical_3d6 (const char *text)
{
  g_autoptr(GRegex) row = g_regex_new ("from=\"(\\d+)\" to=\"(\\d+)\"( clause=\"F-(CRIT|STN)-)",
                                       0, 0, NULL);
  char *shifted = g_regex_replace_eval (row, text, -1, 0, 0, shift_row, NULL, NULL);

  g_assert_nonnull (shifted);
  g_assert_cmpstr (shifted, !=, text);
  return shifted;
}

void
changed_rules_critical_3d6 (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, rules_files[0], NULL);
  g_autofree char *text = file_contents (path);
  g_autofree char *changed = rules_text_critical_3d6 (text);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, changed, -1, &error));
  g_assert_no_error (error);
}
