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
#include <sys/stat.h>
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

/* A save killed between creating its temporary file and renaming it leaves ".BASE.XXXXXX"
 * behind; the next save of the same file removes those more than a minute old (a younger one
 * may be another process's save under way). */
static void
remove_stale_temporaries (const char *dir,
                          const char *base)
{
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = g_strdup_printf (".%s.", base);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  if (folder == NULL)
    return;
  while ((name = g_dir_read_name (folder)) != NULL)
    {
      g_autofree char *full = NULL;
      GStatBuf st;

      if (!g_str_has_prefix (name, prefix) || strlen (name) != strlen (prefix) + 6)
        continue;
      full = g_build_filename (dir, name, NULL);
      if (g_lstat (full, &st) == 0 && S_ISREG (st.st_mode) && now - (gint64) st.st_mtime > 60)
        g_unlink (full);
    }
}

static gboolean
write_temporary (const char  *path,
                 const char  *data,
                 gsize        length,
                 char       **temp_out,
                 GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *temp = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  GStatBuf st;
  int fd;

  remove_stale_temporaries (dir, base);
  fd = g_mkstemp_full (temp, O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      set_errno_error (error, errno);
      return FALSE;
    }
  /* The file keeps its permissions: a campaign the master made private (0600) stays so. */
  if (g_stat (path, &st) == 0)
    fchmod (fd, st.st_mode & 07777);

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
  *temp_out = g_steal_pointer (&temp);
  return TRUE;
}

gboolean
adm_file_write_atomically (const char  *path,
                           const char  *extension,
                           const char  *data,
                           gsize        length,
                           GError     **error)
{
  g_autofree char *temp = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!write_temporary (path, data, length, &temp, error))
    return FALSE;

  rotate_backups (path, extension);

  if (g_rename (temp, path) != 0)
    {
      set_errno_error (error, errno);
      g_unlink (temp);
      return FALSE;
    }
  return TRUE;
}

/* @data written atomically to @target, with no backups: the second copy and checkpoints. */
gboolean
adm_file_write_replacing (const char  *target,
                 const char  *data,
                 gsize        length,
                 GError     **error)
{
  g_autofree char *temp = NULL;

  if (!write_temporary (target, data, length, &temp, error))
    return FALSE;
  if (g_rename (temp, target) != 0)
    {
      set_errno_error (error, errno);
      g_unlink (temp);
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_file_get_stamp (const char   *path,
                    AdmFileStamp *stamp)
{
  GStatBuf st;

  g_return_val_if_fail (path != NULL && stamp != NULL, FALSE);

  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  stamp->device = (guint64) st.st_dev;
  stamp->inode = (guint64) st.st_ino;
  stamp->size = (guint64) st.st_size;
  stamp->mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) +
                    st.st_mtim.tv_nsec;
  stamp->links = (guint) st.st_nlink;
  return TRUE;
}

static gboolean
pwrite_all (int          fd,
            gsize        offset,
            const char  *data,
            gsize        length,
            gboolean     crash_hook,
            GError     **error)
{
  gssize crash_at = crash_hook ? crash_after_bytes () : -1;
  gsize done = 0;

  while (done < length)
    {
      gsize chunk = MIN (length - done, 65536);
      gssize written;

      if (crash_at >= 0 && done + chunk > (gsize) crash_at)
        {
          if ((gsize) crash_at > done &&
              pwrite (fd, data + done, crash_at - done, (off_t) (offset + done)) < 0)
            _exit (3);
          _exit (3);
        }
      written = pwrite (fd, data + done, chunk, (off_t) (offset + done));
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

gboolean
adm_file_write_in_place (const char   *path,
                         AdmFileStamp *stamp,
                         gsize         patch_offset,
                         const char   *patch,
                         gsize         patch_length,
                         gsize         offset,
                         const char   *data,
                         gsize         length,
                         GError      **error)
{
  AdmFileStamp now;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL && stamp != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  fd = g_open (path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0);
  if (fd < 0)
    {
      set_errno_error (error, errno);
      return FALSE;
    }
  /* The very file the last save left: not replaced, not changed by anything else, and not
   * shared with another name (a backup linked to it would change with it). */
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_nlink != 1 ||
      (guint64) st.st_dev != stamp->device || (guint64) st.st_ino != stamp->inode ||
      (guint64) st.st_size != stamp->size ||
      (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec !=
        stamp->mtime_ns ||
      offset > stamp->size || patch_offset + patch_length > offset)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                           "The file changed since it was last saved");
      close (fd);
      return FALSE;
    }
  /* The patch (a counter before the appended part) reaches the disk first: a crash after it
   * leaves the counter ahead of the entries, never behind them. */
  if (patch != NULL && patch_length > 0 &&
      (!pwrite_all (fd, patch_offset, patch, patch_length, FALSE, error) ||
       fdatasync (fd) != 0))
    {
      if (error != NULL && *error == NULL)
        set_errno_error (error, errno);
      close (fd);
      return FALSE;
    }
  if (!pwrite_all (fd, offset, data, length, TRUE, error) ||
      ((gsize) st.st_size > offset + length && ftruncate (fd, (off_t) (offset + length)) != 0) ||
      fdatasync (fd) != 0)
    {
      if (error != NULL && *error == NULL)
        set_errno_error (error, errno);
      close (fd);
      return FALSE;
    }
  if (close (fd) != 0 || !adm_file_get_stamp (path, &now))
    {
      set_errno_error (error, errno);
      return FALSE;
    }
  *stamp = now;
  return TRUE;
}

gboolean
adm_file_write_mirror (const char  *path,
                       const char  *folder,
                       const char  *data,
                       gsize        length,
                       GError     **error)
{
  g_autofree char *base = NULL;
  g_autofree char *copy = NULL;

  g_return_val_if_fail (path != NULL && folder != NULL, FALSE);

  if (!g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                           g_strerror (ENOENT));
      return FALSE;
    }
  base = g_path_get_basename (path);
  copy = g_build_filename (folder, base, NULL);
  return adm_file_write_replacing (copy, data, length, error);
}

/* Checkpoints */

static char *
checkpoint_folder (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *name = g_strdup_printf (".%s.checkpoints", base);

  return g_build_filename (dir, name, NULL);
}

char *
adm_file_checkpoint_path (const char *path,
                          const char *label)
{
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  const char *dot;

  g_return_val_if_fail (path != NULL && label != NULL, NULL);

  folder = checkpoint_folder (path);
  base = g_path_get_basename (path);
  dot = strrchr (base, '.');
  /* "war.admiralty", "cycle-3" → ".war.admiralty.checkpoints/cycle-3.admiralty": a checkpoint
   * opens like the file itself. */
  name = g_strdup_printf ("%s%s", label, dot != NULL && dot != base ? dot : "");
  return g_build_filename (folder, name, NULL);
}

gboolean
adm_file_write_checkpoint (const char  *path,
                           const char  *label,
                           const char  *data,
                           gsize        length,
                           GError     **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *checkpoint = NULL;

  g_return_val_if_fail (path != NULL && label != NULL, FALSE);

  folder = checkpoint_folder (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      set_errno_error (error, errno);
      return FALSE;
    }
  checkpoint = adm_file_checkpoint_path (path, label);
  /* No rotation: checkpoints are kept; a second one with the same label replaces the first
   * (the same cycle resolved again after an undo). */
  return adm_file_write_replacing (checkpoint, data, length, error);
}

static int
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  const char *pa = *(const char * const *) a, *pb = *(const char * const *) b;
  GStatBuf sa, sb;

  if (g_stat (pa, &sa) != 0 || g_stat (pb, &sb) != 0)
    return 0;
  if (sa.st_mtim.tv_sec != sb.st_mtim.tv_sec)
    return sa.st_mtim.tv_sec < sb.st_mtim.tv_sec ? 1 : -1;
  if (sa.st_mtim.tv_nsec != sb.st_mtim.tv_nsec)
    return sa.st_mtim.tv_nsec < sb.st_mtim.tv_nsec ? 1 : -1;
  return g_strcmp0 (pb, pa);
}

GPtrArray *
adm_file_list_checkpoints (const char *path)
{
  g_autofree char *folder = NULL;
  g_autoptr(GDir) dir = NULL;
  GPtrArray *list = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_return_val_if_fail (path != NULL, list);

  folder = checkpoint_folder (path);
  dir = g_dir_open (folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      g_ptr_array_add (list, g_build_filename (folder, name, NULL));
  g_ptr_array_sort (list, compare_newest_first);
  return list;
}

const char *
adm_file_locale_dir (void)
{
  const char *dir = g_getenv ("ADMIRALTY_LOCALEDIR");

  if (dir != NULL && dir[0] != '\0' && g_file_test (dir, G_FILE_TEST_IS_DIR))
    return dir;
  return LOCALEDIR;
}
