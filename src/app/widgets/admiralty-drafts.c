/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-drafts.c: where the drafts of a campaign are kept, and writing them whole. */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-drafts.h"

/* The start of the names of the drafts of a campaign of @scenario_id with no file. */
static char *
unsaved_prefix (const char *scenario_id)
{
  g_autofree char *id = g_strcanon (g_strdup (scenario_id), G_CSET_a_2_z G_CSET_A_2_Z
                                    G_CSET_DIGITS "_-", '_');

  return g_strdup_printf ("new-campaign-%s.", id);
}

static char *
drafts_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "admiralty", "drafts", NULL);
}

/* The draft @what ("sheet-vorkosigan") of the campaign whose drafts' names start @prefix. */
static char *
draft_in_folder (const char *prefix,
                 const char *what)
{
  g_autofree char *kind = g_strcanon (g_strdup (what), G_CSET_a_2_z G_CSET_A_2_Z G_CSET_DIGITS
                                      "._-", '_');
  g_autofree char *name = g_strconcat (prefix, kind, NULL);
  g_autofree char *folder = drafts_folder ();

  return g_build_filename (folder, name, NULL);
}

char *
admiralty_draft_path (const char *campaign_path,
                      const char *what)
{
  g_autofree char *canonical = NULL;
  g_autofree char *base = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *prefix = NULL;

  g_return_val_if_fail (what != NULL, NULL);

  if (campaign_path == NULL)
    return NULL;
  /* Two campaigns of one name in two folders do not share drafts. */
  canonical = g_canonicalize_filename (campaign_path, NULL);
  base = g_path_get_basename (canonical);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA1, canonical, -1);
  hash[8] = '\0';
  prefix = g_strdup_printf ("%s-%s.", base, hash);
  return draft_in_folder (prefix, what);
}

char *
admiralty_draft_path_unsaved (const char *scenario_id,
                              const char *what)
{
  g_autofree char *prefix = NULL;

  g_return_val_if_fail (scenario_id != NULL, NULL);
  g_return_val_if_fail (what != NULL, NULL);

  prefix = unsaved_prefix (scenario_id);
  return draft_in_folder (prefix, what);
}

void
admiralty_drafts_adopt (const char *scenario_id,
                        const char *campaign_path)
{
  g_autofree char *folder = NULL;
  g_autofree char *prefix = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_if_fail (scenario_id != NULL);
  g_return_if_fail (campaign_path != NULL);

  folder = drafts_folder ();
  dir = g_dir_open (folder, 0, NULL);
  if (dir == NULL)
    return;
  prefix = unsaved_prefix (scenario_id);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (!g_str_has_prefix (name, prefix) || name[strlen (prefix)] == '\0')
        continue;
      from = g_build_filename (folder, name, NULL);
      to = admiralty_draft_path (campaign_path, name + strlen (prefix));
      if (!g_file_test (to, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
}

gboolean
admiralty_draft_write (const char  *path,
                       const char  *text,
                       gssize       length,
                       GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;
  g_autofree char *beside = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  folder = g_path_get_dirname (path);
  name = g_path_get_basename (path);
  g_mkdir_with_parents (folder, 0750);
  /* Written beside, hidden, and renamed over: a crash of the program mid-write leaves the
   * draft before, and the rename puts the new one in its place at once. Not synced to the
   * disk: a draft is written after every edit, on the main thread, and a sync waits on the
   * disk for as long as it is busy (what a power cut would take is the last edits of a draft,
   * not a file: the campaign's own file is synced as it is saved). */
  beside = g_strdup_printf ("%s/.%s.writing", folder, name);
  if (!g_file_set_contents_full (beside, text, length, G_FILE_SET_CONTENTS_NONE, 0600, error))
    return FALSE;
  if (g_rename (beside, path) != 0)
    {
      int saved = errno;

      g_unlink (beside);
      /* The callers say which draft it was. */
      g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                           g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

void
admiralty_draft_remove (const char *path)
{
  if (path != NULL)
    g_unlink (path);
}

char *
admiralty_campaigns_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "admiralty", "campaigns", NULL);
}

/* Whether @rest is "YYYYMMDD-HHMMSS.admiralty", the stamp of a campaign's first file. */
static gboolean
is_first_file_stamp (const char *rest)
{
  static const char pattern[] = "########-######.admiralty";

  if (strlen (rest) != sizeof pattern - 1)
    return FALSE;
  for (gsize i = 0; pattern[i] != '\0'; i++)
    if (pattern[i] == '#' ? !g_ascii_isdigit (rest[i]) : rest[i] != pattern[i])
      return FALSE;
  return TRUE;
}

gboolean
admiralty_campaigns_begun_from (const char *scenario_id)
{
  g_autofree char *folder = admiralty_campaigns_folder ();
  g_autofree char *prefix = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_return_val_if_fail (scenario_id != NULL, FALSE);

  dir = g_dir_open (folder, 0, NULL);
  if (dir == NULL)
    return FALSE;
  prefix = g_strconcat (scenario_id, "-", NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, prefix) && is_first_file_stamp (name + strlen (prefix)))
      return TRUE;
  return FALSE;
}
