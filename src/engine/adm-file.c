/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-file.c: atomic saves with rotating backups, shared by campaigns (adm-campaign.c) and
 * saved battles (adm-battle.c).
 *
 * The new bytes go to a temporary file in the same folder (so that the rename stays on one
 * file system), are flushed with fsync, and only then renamed over the old file: rename is
 * atomic, so a crash at any point leaves the old file or the new one, never a mixture. Before
 * the rename the old file becomes backup 1 by a hard link, so the file itself is never
 * missing. */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "adm-file.h"

char *
adm_file_backup_path (const char *path,
                      const char *extension,
                      guint       n)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (n >= 1 && n <= ADM_FILE_BACKUPS, NULL);

  if (extension == NULL)
    {
      const char *base = strrchr (path, G_DIR_SEPARATOR);
      const char *dot = strrchr (base != NULL ? base + 1 : path, '.');

      /* ".hidden" has no extension; neither has "game." in any useful sense. */
      extension = dot != NULL && dot != (base != NULL ? base + 1 : path) ? dot : "";
    }
  if (*extension != '\0' && g_str_has_suffix (path, extension))
    {
      g_autofree char *stem = g_strndup (path, strlen (path) - strlen (extension));

      return g_strdup_printf ("%s.backup-%u%s", stem, n, extension);
    }
  return g_strdup_printf ("%s.backup-%u%s", path, n, extension);
}

/* ADMIRALTY_TEST_CRASH_DURING_SAVE=N: the number of bytes after which the "power cut"
 * comes, or -1. */
static gssize
crash_after_bytes (void)
{
  const char *value = g_getenv ("ADMIRALTY_TEST_CRASH_DURING_SAVE");
  guint64 n;

  if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 0, G_MAXSSIZE, &n, NULL))
    return -1;
  return (gssize) n;
}

static void
set_errno_error (GError **error,
                 int      saved_errno)
{
  g_set_error_literal (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length,
           GError     **error)
{
  gssize crash_at = crash_after_bytes ();
  gsize done = 0;

  while (done < length)
    {
      gsize chunk = MIN (length - done, 65536);
      gssize written;

      if (crash_at >= 0 && done + chunk > (gsize) crash_at)
        {
          if ((gsize) crash_at > done && write (fd, data + done, crash_at - done) < 0)
            _exit (3);
          _exit (3);
        }

      written = write (fd, data + done, chunk);
      if (written < 0)
        {
          int saved_errno = errno;

          if (saved_errno == EINTR)
            continue;
          set_errno_error (error, saved_errno);
          return FALSE;
        }
      done += (gsize) written;
    }
  return TRUE;
}

/* Keeps the last ADM_FILE_BACKUPS versions: .backup-2 → .backup-3, .backup-1 → .backup-2,
 * and the current file becomes .backup-1 by a hard link (a copy where links are not
 * possible), so the current file itself is never missing. */
static void
rotate_backups (const char *path,
                const char *extension)
{
  g_autofree char *newest = adm_file_backup_path (path, extension, 1);

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;

  for (guint n = ADM_FILE_BACKUPS; n > 1; n--)
    {
      g_autofree char *from = adm_file_backup_path (path, extension, n - 1);
      g_autofree char *to = adm_file_backup_path (path, extension, n);

      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }

  g_unlink (newest);
  if (link (path, newest) != 0)
    {
      g_autofree char *data = NULL;
      gsize length;

      if (g_file_get_contents (path, &data, &length, NULL))
        g_file_set_contents (newest, data, (gssize) length, NULL);
    }
}

gboolean
adm_file_write_atomically (const char  *path,
                           const char  *extension,
                           const char  *data,
                           gsize        length,
                           GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *temp = NULL;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  dir = g_path_get_dirname (path);
  base = g_path_get_basename (path);
  temp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      set_errno_error (error, errno);
      return FALSE;
    }

  if (!write_all (fd, data, length, error))
    {
      close (fd);
      g_unlink (temp);
      return FALSE;
    }
  if (fsync (fd) != 0)
    {
      set_errno_error (error, errno);
      close (fd);
      g_unlink (temp);
      return FALSE;
    }
  close (fd);

  rotate_backups (path, extension);

  if (g_rename (temp, path) != 0)
    {
      set_errno_error (error, errno);
      g_unlink (temp);
      return FALSE;
    }
  return TRUE;
}

const char *
adm_file_locale_dir (void)
{
  const char *dir = g_getenv ("ADMIRALTY_LOCALEDIR");

  if (dir != NULL && dir[0] != '\0' && g_file_test (dir, G_FILE_TEST_IS_DIR))
    return dir;
  return LOCALEDIR;
}
