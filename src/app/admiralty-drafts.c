/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-drafts.c: where the drafts of a campaign are kept, and writing them whole. */

#include "config.h"

#include <glib/gstdio.h>

#include "admiralty-drafts.h"

char *
admiralty_draft_path (const char *campaign_path,
                      const char *what)
{
  g_autofree char *canonical = NULL;
  g_autofree char *base = NULL;
  g_autofree char *hash = NULL;
  g_autofree char *name = NULL;
  g_autofree char *kind = NULL;

  g_return_val_if_fail (what != NULL, NULL);

  if (campaign_path == NULL)
    return NULL;
  /* Two campaigns of one name in two folders do not share drafts. */
  canonical = g_canonicalize_filename (campaign_path, NULL);
  base = g_path_get_basename (canonical);
  hash = g_compute_checksum_for_string (G_CHECKSUM_SHA1, canonical, -1);
  hash[8] = '\0';
  kind = g_strcanon (g_strdup (what), G_CSET_a_2_z G_CSET_A_2_Z G_CSET_DIGITS "._-", '_');
  name = g_strdup_printf ("%s-%s.%s", base, hash, kind);
  return g_build_filename (g_get_user_data_dir (), "admiralty", "drafts", name, NULL);
}

gboolean
admiralty_draft_write (const char  *path,
                       const char  *text,
                       gssize       length,
                       GError     **error)
{
  g_autofree char *folder = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  folder = g_path_get_dirname (path);
  g_mkdir_with_parents (folder, 0750);
  /* Written beside and renamed over: a crash mid-write leaves the draft before. */
  return g_file_set_contents_full (path, text, length, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                   error);
}

void
admiralty_draft_remove (const char *path)
{
  if (path != NULL)
    g_unlink (path);
}
