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
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "adm-file.h"
#include "adm-handover.h"

G_DEFINE_QUARK (adm-file-error-quark, adm_file_error)

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

static guint64 flush_later (int fd);

/* A template for g_mkstemp () of a temporary file beside @path: ".BASE.XXXXXX", the name
 * adm_file_remove_stale_temporaries () knows. */
static char *
temporary_template (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);

  return g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
}

/* The oldest backup, about to be replaced, renamed out of the way to a temporary name beside
 * @path and removed by the flusher: freeing a file of megabytes waits for the disk (a
 * discard), which a caller that flushes later does not. A name left by a removal that did not
 * happen is a stale temporary, removed by a later write (adm_file_remove_stale_temporaries ()). */
static void
drop_oldest_later (const char *path,
                   const char *oldest)
{
  g_autofree char *doomed = temporary_template (path);
  int fd;

  if (!g_file_test (oldest, G_FILE_TEST_IS_REGULAR))
    return;
  fd = g_mkstemp_full (doomed, O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    return;
  close (fd);
  if (g_rename (oldest, doomed) == 0)
    adm_file_remove_later (doomed);
  else
    g_unlink (doomed);
}

/* Keeps the last ADM_FILE_BACKUPS versions: .backup-2 → .backup-3, .backup-1 → .backup-2,
 * and the current file becomes .backup-1 by a hard link (a copy where links are not
 * possible), so the current file itself is never missing. With @later, the oldest one is
 * removed by the flusher (drop_oldest_later ()). */
static void
rotate_backups (const char *path,
                const char *extension,
                gboolean    later)
{
  g_autofree char *newest = adm_file_backup_path (path, extension, 1);

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    return;

  if (later)
    {
      g_autofree char *oldest = adm_file_backup_path (path, extension, ADM_FILE_BACKUPS);

      drop_oldest_later (path, oldest);
    }

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

void
adm_file_remove_stale_temporaries (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
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

/* @data in a new temporary file beside @path (its name in *@temp_out), fsynced and closed;
 * with @fd_out, left open there unflushed for the flusher. */
static gboolean
write_temporary (const char  *path,
                 const char  *data,
                 gsize        length,
                 int         *fd_out,
                 char       **temp_out,
                 GError     **error)
{
  g_autofree char *temp = temporary_template (path);
  GStatBuf st;
  int fd;

  adm_file_remove_stale_temporaries (path);
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
  if (fd_out != NULL)
    *fd_out = fd;
  else if (fsync (fd) != 0 || close (fd) != 0)
    {
      set_errno_error (error, errno);
      close (fd);
      g_unlink (temp);
      return FALSE;
    }
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
  return adm_file_write_atomically_full (path, extension, data, length, NULL, error);
}

gboolean
adm_file_write_atomically_full (const char  *path,
                                const char  *extension,
                                const char  *data,
                                gsize        length,
                                guint64     *flush_ticket,
                                GError     **error)
{
  g_autofree char *temp = NULL;
  int fd = -1;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!adm_file_check_writable (path, error) ||
      !write_temporary (path, data, length, flush_ticket != NULL ? &fd : NULL, &temp, error))
    return FALSE;

  rotate_backups (path, extension, flush_ticket != NULL);

  if (g_rename (temp, path) != 0)
    {
      set_errno_error (error, errno);
      if (fd >= 0)
        close (fd);
      g_unlink (temp);
      return FALSE;
    }
  /* Renamed at once, so that a crash of the program never loses what was written; the flush
   * follows on the flusher's thread. */
  if (flush_ticket != NULL)
    *flush_ticket = flush_later (fd);
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

  if (!write_temporary (target, data, length, NULL, &temp, error))
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

gboolean
adm_file_check_stamp (const char         *path,
                      const AdmFileStamp *stamp,
                      GError            **error)
{
  AdmFileStamp now;

  g_return_val_if_fail (path != NULL && stamp != NULL, FALSE);

  if (!adm_file_get_stamp (path, &now))
    {
      g_set_error_literal (error, ADM_FILE_ERROR, ADM_FILE_ERROR_CHANGED,
                           _("It was removed or renamed by another program since this one "
                             "read it"));
      return FALSE;
    }
  if (now.device != stamp->device || now.inode != stamp->inode)
    {
      g_set_error_literal (error, ADM_FILE_ERROR, ADM_FILE_ERROR_CHANGED,
                           _("It was replaced by another program since this one read it"));
      return FALSE;
    }
  if (now.size != stamp->size || now.mtime_ns != stamp->mtime_ns)
    {
      g_set_error_literal (error, ADM_FILE_ERROR, ADM_FILE_ERROR_CHANGED,
                           _("It was changed by another program since this one read it"));
      return FALSE;
    }
  return TRUE;
}

/* @path's folder with its links resolved, or NULL when it does not exist. */
static char *
real_folder (const char *path)
{
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  g_autofree char *dir = g_path_get_dirname (canonical);
  char *real = realpath (dir, NULL);
  char *copy;

  if (real == NULL)
    return NULL;
  copy = g_strdup (real);
  free (real);
  return copy;
}

static gboolean
folder_is_under (const char *folder,
                 const char *root)
{
  char *real = realpath (root, NULL);
  gboolean under;
  gsize length;

  if (real == NULL)
    return FALSE;
  length = strlen (real);
  under = g_str_has_prefix (folder, real) &&
          (folder[length] == '\0' || folder[length] == G_DIR_SEPARATOR ||
           (length == 1 && real[0] == G_DIR_SEPARATOR));
  free (real);
  return under;
}

gboolean
adm_file_is_same (const char *a,
                  const char *b)
{
  g_autofree char *canon_a = NULL, *canon_b = NULL;
  GStatBuf stat_a, stat_b;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  canon_a = g_canonicalize_filename (a, NULL);
  canon_b = g_canonicalize_filename (b, NULL);
  if (g_str_equal (canon_a, canon_b))
    return TRUE;
  return g_stat (a, &stat_a) == 0 && g_stat (b, &stat_b) == 0 &&
         stat_a.st_dev == stat_b.st_dev && stat_a.st_ino == stat_b.st_ino;
}

gboolean
adm_file_is_installed (const char *path)
{
  g_autofree char *folder = NULL;
  const char *source_dir = g_getenv ("ADMIRALTY_SOURCE_DIR");

  g_return_val_if_fail (path != NULL, FALSE);

  folder = real_folder (path);
  if (folder == NULL)
    return FALSE;
  if (folder_is_under (folder, PKGDATADIR))
    return TRUE;
  if (source_dir != NULL && source_dir[0] != '\0')
    {
      g_autofree char *scenarios = g_build_filename (source_dir, "scenarios", NULL);
      g_autofree char *data = g_build_filename (source_dir, "data", NULL);

      return folder_is_under (folder, scenarios) || folder_is_under (folder, data);
    }
  return FALSE;
}

gboolean
adm_file_check_writable (const char  *path,
                         GError     **error)
{
  GStatBuf st;

  g_return_val_if_fail (path != NULL, FALSE);

  if (adm_file_is_installed (path))
    {
      g_set_error_literal (error, ADM_FILE_ERROR, ADM_FILE_ERROR_INSTALLED,
                           _("It is a file installed with Admiralty, which is never written: "
                             "save under another name, in a folder of your own"));
      return FALSE;
    }
  /* Mode 444 is the master's "do not write": root, whom access () lets write anything, is
   * refused too. */
  if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode) &&
      ((st.st_mode & 0222) == 0 || access (path, W_OK) != 0))
    {
      g_set_error_literal (error, ADM_FILE_ERROR, ADM_FILE_ERROR_READ_ONLY,
                           _("The file is read-only: save under another name, or make it "
                             "writable first"));
      return FALSE;
    }
  return TRUE;
}

/* Locks */

struct _AdmFileLock
{
  gatomicrefcount  ref_count;
  char            *path;
  char            *lock_file;   /* adm_file_lock_file (): the key of the process's locks */
  int              fd;
};

static GMutex locks_mutex;
static GHashTable *locks;       /* lock_file → AdmFileLock*, the locks this process holds */

/* $XDG_RUNTIME_DIR/admiralty/locks, the user's runtime folder, which every program of the
 * user's session shares. Without one (a shell with no session, a user with no home, as
 * "nobody"), a folder of the user's own in the temporary folder, rather than GLib's fallback
 * (the cache folder, which XDG_CACHE_HOME moves: two programs would lock apart). */
static const char *
lock_folder (void)
{
  static gsize once;
  static char *folder;

  if (g_once_init_enter (&once))
    {
      const char *runtime = g_getenv ("XDG_RUNTIME_DIR");
      char *chosen = runtime != NULL && g_path_is_absolute (runtime)
                     ? g_build_filename (runtime, "admiralty", "locks", NULL) : NULL;

      if (chosen == NULL || g_mkdir_with_parents (chosen, 0700) != 0)
        {
          g_autofree char *name = g_strdup_printf ("admiralty-locks-%u", (guint) getuid ());
          GStatBuf st;

          g_free (chosen);
          chosen = g_build_filename (g_get_tmp_dir (), name, NULL);
          /* Only a folder of this user's, which no one else can write in. */
          if (g_mkdir (chosen, 0700) != 0 && errno != EEXIST)
            g_debug ("Cannot make %s: %s", chosen, g_strerror (errno));
          else if (g_lstat (chosen, &st) != 0 || !S_ISDIR (st.st_mode) ||
                   st.st_uid != getuid () || (st.st_mode & 0077) != 0)
            g_debug ("%s is not a folder of this user's alone", chosen);
        }
      folder = chosen;
      g_once_init_leave (&once, 1);
    }
  return folder;
}

char *
adm_file_lock_file (const char *path)
{
  g_autofree char *folder = NULL;
  g_autofree char *base = NULL;
  g_autofree char *full = NULL;
  g_autofree char *digest = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* The file's one name: its folder with links resolved, then its own name. */
  folder = real_folder (path);
  base = g_path_get_basename (path);
  if (folder == NULL)
    {
      g_autofree char *canonical = g_canonicalize_filename (path, NULL);

      folder = g_path_get_dirname (canonical);
    }
  full = g_build_filename (folder, base, NULL);
  digest = g_compute_checksum_for_string (G_CHECKSUM_SHA256, full, -1);
  name = g_strdup_printf ("%s.lock", digest);
  return g_build_filename (lock_folder (), name, NULL);
}

/* Who holds the lock, as its lock file says, in words for a refusal; NULL when it does not
 * say (the holder is writing it). Only printable text of a bounded length is taken. */
static char *
describe_holder (int fd)
{
  char buffer[512];
  gssize n = pread (fd, buffer, sizeof buffer - 1, 0);
  g_auto(GStrv) lines = NULL;
  g_autofree char *text = NULL;
  guint64 pid;

  if (n <= 0)
    return NULL;
  buffer[n] = '\0';
  text = g_utf8_make_valid (buffer, n);
  for (char *c = text; *c != '\0'; c++)
    if ((guchar) *c < 0x20 && *c != '\n')
      *c = ' ';
  lines = g_strsplit (text, "\n", 4);
  if (g_strv_length (lines) < 3 || lines[0][0] == '\0' ||
      !g_ascii_string_to_unsigned (lines[1], 10, 1, G_MAXINT, &pid, NULL))
    return NULL;
  if (g_strcmp0 (lines[2], g_get_host_name ()) == 0)
    /* Translators: who writes a file: "admiralty-cli reveal (process 1234 on this computer)" */
    return g_strdup_printf (_("%s (process %u on this computer)"), lines[0], (guint) pid);
  /* Translators: who writes a file: "Admiralty (process 1234 on the computer gm-laptop)" */
  return g_strdup_printf (_("%s (process %u on the computer %s)"), lines[0], (guint) pid,
                          lines[2]);
}

static void
write_holder (int fd)
{
  const char *name = g_get_application_name ();
  g_autofree char *record = g_strdup_printf ("%s\n%d\n%s\n", name != NULL ? name : "Admiralty",
                                             (int) getpid (), g_get_host_name ());

  if (ftruncate (fd, 0) == 0 && pwrite (fd, record, strlen (record), 0) < 0)
    g_debug ("Cannot name the holder of a lock: %s", g_strerror (errno));
}

static int
take_lock (const char  *lock_file,
           GError     **error)
{
  /* The lock file is removed by its holder as it lets go: a lock taken on a file removed
   * meanwhile is no lock, and is taken again on the file now there. */
  for (int attempt = 0; attempt < 16; attempt++)
    {
      struct stat held, named;
      int fd = g_open (lock_file, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);

      if (fd < 0)
        {
          set_errno_error (error, errno);
          return -1;
        }
      if (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          int saved_errno = errno;
          g_autofree char *holder = NULL;

          if (saved_errno != EWOULDBLOCK)
            {
              set_errno_error (error, saved_errno);
              close (fd);
              return -1;
            }
          holder = describe_holder (fd);
          close (fd);
          if (holder != NULL)
            g_set_error (error, ADM_FILE_ERROR, ADM_FILE_ERROR_LOCKED,
                         _("It is being written by %s, and one program at a time writes it: "
                           "close it there, or let that command finish, and try again"),
                         holder);
          else
            g_set_error_literal (error, ADM_FILE_ERROR, ADM_FILE_ERROR_LOCKED,
                                 _("It is being written by another program, and one program "
                                   "at a time writes it: close it there, or let that command "
                                   "finish, and try again"));
          return -1;
        }
      if (fstat (fd, &held) == 0 && g_lstat (lock_file, &named) == 0 &&
          held.st_dev == named.st_dev && held.st_ino == named.st_ino)
        {
          write_holder (fd);
          return fd;
        }
      close (fd);
    }
  g_set_error_literal (error, ADM_FILE_ERROR, ADM_FILE_ERROR_LOCKED,
                       _("It is being written by another program, and one program at a time "
                         "writes it: close it there, or let that command finish, and try "
                         "again"));
  return -1;
}

AdmFileLock *
adm_file_lock (const char  *path,
               GError     **error)
{
  g_autofree char *lock_file = NULL;
  g_autoptr(GMutexLocker) locker = NULL;
  AdmFileLock *lock;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  lock_file = adm_file_lock_file (path);
  locker = g_mutex_locker_new (&locks_mutex);
  if (locks == NULL)
    locks = g_hash_table_new (g_str_hash, g_str_equal);
  lock = g_hash_table_lookup (locks, lock_file);
  if (lock != NULL)
    return adm_file_lock_ref (lock);

  fd = take_lock (lock_file, error);
  if (fd < 0)
    return NULL;
  lock = g_new0 (AdmFileLock, 1);
  g_atomic_ref_count_init (&lock->ref_count);
  lock->path = g_strdup (path);
  lock->lock_file = g_steal_pointer (&lock_file);
  lock->fd = fd;
  g_hash_table_insert (locks, lock->lock_file, lock);
  return lock;
}

AdmFileLock *
adm_file_lock_ref (AdmFileLock *lock)
{
  g_return_val_if_fail (lock != NULL, NULL);
  g_atomic_ref_count_inc (&lock->ref_count);
  return lock;
}

void
adm_file_lock_unref (AdmFileLock *lock)
{
  g_autoptr(GMutexLocker) locker = NULL;

  g_return_if_fail (lock != NULL);

  locker = g_mutex_locker_new (&locks_mutex);
  if (!g_atomic_ref_count_dec (&lock->ref_count))
    return;
  g_hash_table_remove (locks, lock->lock_file);
  /* Removed while still held, so that no other program takes a lock on it in between. */
  g_unlink (lock->lock_file);
  close (lock->fd);
  g_free (lock->lock_file);
  g_free (lock->path);
  g_free (lock);
}

const char *
adm_file_lock_get_path (AdmFileLock *lock)
{
  g_return_val_if_fail (lock != NULL, NULL);
  return lock->path;
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

/* Flushing in the background */

/* A job of the flusher: a file to flush and close (@fd), a checkpoint to write (@fd -1), or a
 * file to remove (@remove). */
typedef struct {
  int      fd;
  gboolean remove;
  guint64  ticket;
  char    *path;   /* the checkpoint's (the file it is of), or the one to remove */
  char   *label;
  char   *data;
  gsize   length;
} Flush;

typedef struct {
  guint64         ticket;
  GMainContext   *context;   /* the one @done runs on */
  AdmFileFlushed  done;
  gpointer        data;
  GDestroyNotify  destroy;
  GError         *error;
} FlushWaiter;

static GMutex flush_lock;
static GThreadPool *flusher;
static guint64 flush_issued;   /* the last ticket handed out */
static guint64 flush_done;     /* the last ticket flushed (in order) */
static GHashTable *flush_failures;  /* ticket (guint64 *) → GError*, of the flushes that failed */
static GQueue flush_waiters = G_QUEUE_INIT;
static GCond flush_cond;      /* signalled each time flush_done moves */
/* "DEVICE:INODE" → the last ticket handed out before that file's last flush that succeeded
 * began (guint64 *): every job of the file up to it was written before that flush, which took
 * it to the disk too (flush_thread ()). */
static GHashTable *flush_covered;

void
adm_file_test_delay (void)
{
  const char *delay = g_getenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");

  if (delay != NULL)
    g_usleep (g_ascii_strtoull (delay, NULL, 10) * 1000);
}

/* fdatasync (), taking the test's ADMIRALTY_TEST_FLUSH_DELAY_MS longer. */
static int
data_sync (int fd)
{
  adm_file_test_delay ();
  return fdatasync (fd);
}

static gboolean
flush_waiter_cb (gpointer data)
{
  FlushWaiter *waiter = data;

  waiter->done (waiter->data, waiter->error);
  return G_SOURCE_REMOVE;
}

static void
flush_waiter_free (gpointer data)
{
  FlushWaiter *waiter = data;

  if (waiter->destroy != NULL)
    waiter->destroy (waiter->data);
  g_clear_error (&waiter->error);
  g_main_context_unref (waiter->context);
  g_free (waiter);
}

/* With flush_lock held: @waiter's ticket is flushed; @done runs on its context, in a turn of
 * its own (never at once, on the caller's or the flusher's thread). */
static void
flush_waiter_dispatch (FlushWaiter *waiter)
{
  const GError *error = flush_failures != NULL
                        ? g_hash_table_lookup (flush_failures, &waiter->ticket) : NULL;

  waiter->error = error != NULL ? g_error_copy (error) : NULL;
  adm_handover_send (waiter->context, flush_waiter_cb, waiter, flush_waiter_free);
}

/* The flusher's thread: one flush at a time, in the order handed. */
static void
flush_thread (gpointer data,
              gpointer unused)
{
  Flush *flush = data;
  GError *error = NULL;
  int failed = 0;

  if (flush->fd >= 0)
    {
      g_autofree char *file = NULL;
      struct stat st;
      gboolean covered = FALSE;
      guint64 issued = 0;

      /* Saves that came together are flushed together: a flush of a file takes every write
       * made to it before it began to the disk, so the jobs of the same file handed before it
       * began are done when it is, with no flush of their own. */
      if (fstat (flush->fd, &st) == 0)
        {
          const guint64 *upto;

          file = g_strdup_printf ("%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT,
                                  (guint64) st.st_dev, (guint64) st.st_ino);
          g_mutex_lock (&flush_lock);
          upto = flush_covered != NULL ? g_hash_table_lookup (flush_covered, file) : NULL;
          covered = upto != NULL && flush->ticket <= *upto;
          issued = flush_issued;
          g_mutex_unlock (&flush_lock);
        }
      if (!covered && data_sync (flush->fd) != 0)
        failed = errno;
      else if (!covered && file != NULL)
        {
          g_mutex_lock (&flush_lock);
          if (flush_covered == NULL)
            flush_covered = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
          /* A few files at a time are written: the ones of long ago are forgotten, which only
           * costs their next job a flush of its own. */
          if (g_hash_table_size (flush_covered) >= 64)
            g_hash_table_remove_all (flush_covered);
          g_hash_table_insert (flush_covered, g_steal_pointer (&file),
                               g_memdup2 (&issued, sizeof issued));
          g_mutex_unlock (&flush_lock);
        }
      if (close (flush->fd) != 0 && failed == 0)
        failed = errno;
      if (failed != 0)
        set_errno_error (&error, failed);
    }
  else if (flush->remove)
    {
      gboolean any_failed;

      g_mutex_lock (&flush_lock);
      any_failed = flush_failures != NULL && g_hash_table_size (flush_failures) > 0;
      g_mutex_unlock (&flush_lock);
      /* Best effort: a file left is no save lost, and counts against none. */
      if (!any_failed)
        g_unlink (flush->path);
    }
  else
    {
      adm_file_test_delay ();
      adm_file_write_checkpoint (flush->path, flush->label, flush->data, flush->length, &error);
    }
  g_mutex_lock (&flush_lock);
  flush_done = flush->ticket;
  g_cond_broadcast (&flush_cond);
  if (error != NULL)
    {
      if (flush_failures == NULL)
        flush_failures = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                (GDestroyNotify) g_error_free);
      g_hash_table_insert (flush_failures, g_memdup2 (&flush->ticket, sizeof flush->ticket),
                           error);
    }
  while (!g_queue_is_empty (&flush_waiters) &&
         ((FlushWaiter *) g_queue_peek_head (&flush_waiters))->ticket <= flush_done)
    flush_waiter_dispatch (g_queue_pop_head (&flush_waiters));
  g_mutex_unlock (&flush_lock);
  g_free (flush->path);
  g_free (flush->label);
  g_free (flush->data);
  g_free (flush);
}

static gint
compare_waiters (gconstpointer a,
                 gconstpointer b,
                 gpointer      unused)
{
  guint64 x = ((const FlushWaiter *) a)->ticket, y = ((const FlushWaiter *) b)->ticket;

  return x < y ? -1 : x > y;
}

/* @flush (taken) done by the flusher, after every job handed before it; its ticket. */
static guint64
flusher_push (Flush *flush)
{
  guint64 ticket;

  g_mutex_lock (&flush_lock);
  if (flusher == NULL)
    flusher = g_thread_pool_new (flush_thread, NULL, 1, FALSE, NULL);
  /* Read before the push: the flusher frees @flush once done. */
  ticket = flush->ticket = ++flush_issued;
  g_thread_pool_push (flusher, flush, NULL);
  g_mutex_unlock (&flush_lock);
  return ticket;
}

/* @fd (taken) flushed and closed by the flusher; its ticket. */
static guint64
flush_later (int fd)
{
  Flush *flush = g_new0 (Flush, 1);

  flush->fd = fd;
  return flusher_push (flush);
}

guint64
adm_file_write_checkpoint_later (const char *path,
                                 const char *label,
                                 char       *data,
                                 gsize       length)
{
  Flush *flush;

  g_return_val_if_fail (path != NULL && label != NULL, 0);

  flush = g_new0 (Flush, 1);
  flush->fd = -1;
  flush->path = g_strdup (path);
  flush->label = g_strdup (label);
  flush->data = data;
  flush->length = length;
  return flusher_push (flush);
}

guint64
adm_file_remove_later (const char *path)
{
  Flush *flush;

  g_return_val_if_fail (path != NULL, 0);

  flush = g_new0 (Flush, 1);
  flush->fd = -1;
  flush->remove = TRUE;
  flush->path = g_strdup (path);
  return flusher_push (flush);
}

gboolean
adm_file_wait_flushed (guint64   after,
                       guint64   ticket,
                       GError  **error)
{
  const GError *failed = NULL;

  g_mutex_lock (&flush_lock);
  while (flush_done < ticket)
    g_cond_wait (&flush_cond, &flush_lock);
  for (guint64 t = after + 1; flush_failures != NULL && t <= ticket && failed == NULL; t++)
    failed = g_hash_table_lookup (flush_failures, &t);
  if (failed != NULL)
    g_propagate_error (error, g_error_copy (failed));
  g_mutex_unlock (&flush_lock);
  return failed == NULL;
}

void
adm_file_when_flushed (guint64         ticket,
                       GMainContext   *context,
                       AdmFileFlushed  done,
                       gpointer        data,
                       GDestroyNotify  destroy)
{
  FlushWaiter *waiter;

  g_return_if_fail (done != NULL);

  waiter = g_new0 (FlushWaiter, 1);
  waiter->ticket = ticket;
  waiter->context = g_main_context_ref (context != NULL ? context : g_main_context_default ());
  waiter->done = done;
  waiter->data = data;
  waiter->destroy = destroy;
  g_mutex_lock (&flush_lock);
  if (ticket <= flush_done)
    flush_waiter_dispatch (waiter);
  else
    /* Tickets are flushed in order: the waiters by ticket. */
    g_queue_insert_sorted (&flush_waiters, waiter, compare_waiters, NULL);
  g_mutex_unlock (&flush_lock);
}

/* A flush waited for on behalf of an object (adm_file_when_flushed_for ()). */
typedef struct {
  GWeakRef           owner;
  guint64            ticket;
  char              *path;
  AdmFileFlushedFor  done;
} FlushFor;

static void
flush_for_free (gpointer data)
{
  FlushFor *flush = data;

  g_weak_ref_clear (&flush->owner);
  g_free (flush->path);
  g_free (flush);
}

static void
flush_for_cb (gpointer      data,
              const GError *error)
{
  FlushFor *flush = data;
  g_autoptr(GObject) owner = g_weak_ref_get (&flush->owner);

  if (owner != NULL)
    flush->done (owner, flush->ticket, flush->path, error);
}

void
adm_file_when_flushed_for (GObject           *owner,
                           guint64            ticket,
                           const char        *path,
                           AdmFileFlushedFor  done)
{
  FlushFor *flush;

  g_return_if_fail (G_IS_OBJECT (owner));
  g_return_if_fail (done != NULL);

  flush = g_new0 (FlushFor, 1);
  g_weak_ref_init (&flush->owner, owner);
  flush->ticket = ticket;
  flush->path = g_strdup (path);
  flush->done = done;
  adm_file_when_flushed (ticket, g_main_context_get_thread_default (), flush_for_cb, flush,
                         flush_for_free);
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
                         guint64      *flush_ticket,
                         GError      **error)
{
  AdmFileStamp now;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL && stamp != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!adm_file_check_writable (path, error))
    return FALSE;
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
      (flush_ticket == NULL && data_sync (fd) != 0))
    {
      if (error != NULL && *error == NULL)
        set_errno_error (error, errno);
      close (fd);
      return FALSE;
    }
  if (flush_ticket != NULL)
    {
      /* The stamp of the file as written: a flush changes neither its size nor its time. */
      if (!adm_file_get_stamp (path, &now))
        {
          set_errno_error (error, errno);
          close (fd);
          return FALSE;
        }
      *flush_ticket = flush_later (fd);
      *stamp = now;
      return TRUE;
    }
  if (close (fd) != 0 || !adm_file_get_stamp (path, &now))
    {
      set_errno_error (error, errno);
      return FALSE;
    }
  *stamp = now;
  return TRUE;
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

/* The kind a checkpoint's label is of: a cycle's ("cycle-3"), or a battle turn's ("turn-4",
 * "battle-c2-1-turn-4"). */
static gboolean
is_cycle_label (const char *name)
{
  return g_str_has_prefix (name, "cycle-");
}

/* Removes the checkpoints of @path of @label's kind beyond the newest
 * ADM_FILE_CHECKPOINTS_KEPT. One that cannot be removed stays: pruning costs no save. */
static void
prune_checkpoints (const char *path,
                   const char *label)
{
  g_autoptr(GPtrArray) checkpoints = adm_file_list_checkpoints (path);
  gboolean cycle = is_cycle_label (label);
  guint kept = 0;

  for (guint i = 0; i < checkpoints->len; i++)
    {
      const char *checkpoint = g_ptr_array_index (checkpoints, i);
      g_autofree char *name = g_path_get_basename (checkpoint);

      if (is_cycle_label (name) != cycle)
        continue;
      if (++kept > ADM_FILE_CHECKPOINTS_KEPT)
        g_remove (checkpoint);
    }
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
  /* Not rotated by ordinary saves; a second one with the same label replaces the first (the
   * same cycle resolved again after an undo), and the oldest of its kind go. */
  if (!adm_file_write_replacing (checkpoint, data, length, error))
    return FALSE;
  prune_checkpoints (path, label);
  return TRUE;
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
