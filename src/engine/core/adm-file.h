/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-file.h: writing the files a master's work lives in (campaigns, saved battles) so that
 * no crash can damage them: atomic replacement and rotating backups. Errors are G_FILE_ERROR
 * with the system's message only; callers put their own words around it. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADM_FILE_BACKUPS 3

/* The refusals of the file layer itself, beside the system's G_FILE_ERROR: their messages are
 * sentences a master reads after the caller's own words ("Cannot save the campaign to X: …"). */
#define ADM_FILE_ERROR (adm_file_error_quark ())

typedef enum {
  ADM_FILE_ERROR_LOCKED,     /* another program writes the file (adm_file_lock ()) */
  ADM_FILE_ERROR_CHANGED,    /* changed, replaced or removed by another program since read */
  ADM_FILE_ERROR_READ_ONLY,  /* the file is read-only (mode 444) */
  ADM_FILE_ERROR_INSTALLED,  /* a file installed with Admiralty (adm_file_is_installed ()) */
} AdmFileError;

GQuark    adm_file_error_quark      (void);

/* The name of backup @n (1 = newest, up to ADM_FILE_BACKUPS) of @path: ".backup-N" goes in
 * front of @extension, so that "war.admiralty" gives "war.backup-1.admiralty" and a backup
 * opens like the file itself; a path that does not end in @extension gets ".backup-N" and
 * @extension appended. A NULL @extension is the path's own ("game.xml" → "game.backup-1.xml",
 * "game" → "game.backup-1"). */
/* The folder holding LANG/LC_MESSAGES/admiralty.mo: ADMIRALTY_LOCALEDIR when it names a folder
 * (`meson devenv` sets it to the build tree's compiled catalogues, so that an uninstalled run
 * follows the locale too), else the installed one. */
const char *adm_file_locale_dir     (void);
char     *adm_file_backup_path      (const char  *path,
                                     const char  *extension,
                                     guint        n) G_GNUC_WARN_UNUSED_RESULT;

/* Writes @data to @path atomically: the bytes go to a temporary file in the same folder, are
 * flushed to disk, and only then renamed over @path, so that a crash at any point leaves
 * either the old file or the new one, never a mixture. The previous file is kept as backup 1
 * (see adm_file_backup_path ()), the older backups move up and the oldest is dropped.
 *
 * The file keeps the permissions it had; temporary files left by a save that was killed are
 * removed by the next save.
 *
 * For the crash test only: ADMIRALTY_TEST_CRASH_DURING_SAVE=N in the environment makes the
 * process die after writing N bytes of the temporary file, as a power cut would. */
gboolean  adm_file_write_atomically (const char  *path,
                                     const char  *extension,
                                     const char  *data,
                                     gsize        length,
                                     GError     **error);

/* adm_file_write_atomically (), and with @flush_ticket not NULL the flush left to the flusher
 * (adm_file_write_in_place ()): the temporary file is renamed over @path at once, unflushed,
 * so that every reader sees the new file and a crash of the program loses none of it, and
 * *@flush_ticket is the ticket of its flush. A power cut before that flush is done may find
 * the new file empty or cut where the file system does not keep a file renamed over another
 * in order with its data (ext4 does, by default: auto_da_alloc); backup 1, the file before,
 * is then there to open, as after any damaged file. */
gboolean  adm_file_write_atomically_full (const char  *path,
                                          const char  *extension,
                                          const char  *data,
                                          gsize        length,
                                          guint64     *flush_ticket,
                                          GError     **error);

/* A write killed between creating its temporary file beside @path (".BASE.XXXXXX") and
 * renaming it leaves that file behind; the next write of the same file removes those more than
 * a minute untouched (a younger one may be another process's write under way, whose every
 * write touches it). */
void      adm_file_remove_stale_temporaries (const char *path);

/* @data written atomically to @path, like adm_file_write_atomically () but keeping no backups
 * (a second copy, a checkpoint). */
gboolean  adm_file_write_replacing  (const char  *path,
                                     const char  *data,
                                     gsize        length,
                                     GError     **error);

/* What a save left a file as, to tell before writing into it again that nothing else has
 * changed or replaced it since: its device, inode, size and modification time. */
typedef struct {
  guint64 device;
  guint64 inode;
  guint64 size;
  gint64  mtime_ns;
  guint   links;
} AdmFileStamp;

gboolean  adm_file_get_stamp        (const char   *path,
                                     AdmFileStamp *stamp);

/* Writes into @path in place, for a save that only adds at the end (adm_journal_save ()):
 * first @patch (if not NULL) at @patch_offset, flushed to disk, then @data at @offset, the
 * file ending where @data ends, flushed with fdatasync. Only while @path is still as @stamp
 * says, with no other name (hard link) to it; *@stamp is then updated. On failure the file
 * may hold part of @data after @offset (a file cut there opens to its last complete entry,
 * see adm_journal_repair_cut ()); the caller writes it whole instead. The crash test's
 * ADMIRALTY_TEST_CRASH_DURING_SAVE applies to @data as to a temporary file.
 *
 * With @flush_ticket not NULL the last flush, of @data, is left to the flusher: a thread of
 * its own that flushes the files handed to it one at a time, in the order handed, while the
 * writer goes on (writes to one file handed while its flush is under way or waiting are
 * taken to the disk by one flush: saves that come together cost one); *@flush_ticket is that flush's ticket (they count up from 1), for
 * adm_file_when_flushed (). The writes themselves stay with the caller, in order: every
 * reader of the file sees @data at once, and a crash of the program loses none of it; a
 * power cut may, until the flush is done. */
gboolean  adm_file_write_in_place   (const char   *path,
                                     AdmFileStamp *stamp,
                                     gsize         patch_offset,
                                     const char   *patch,
                                     gsize         patch_length,
                                     gsize         offset,
                                     const char   *data,
                                     gsize         length,
                                     guint64      *flush_ticket,
                                     GError      **error);

/* Called with what the flush of a ticket came to: NULL, or why the data may not be on the
 * disk. */
typedef void (*AdmFileFlushed) (gpointer      data,
                                const GError *error);

/* Runs @done (@data, …) on @context (NULL: the default one) once the flush of @ticket
 * (adm_file_write_in_place ()) and every flush handed before it are done: in a later turn of
 * @context's loop, never in this call, even when it is done already; then @destroy (@data),
 * which is also called if @context goes before @done could run.
 *
 * For the tests only: ADMIRALTY_TEST_FLUSH_DELAY_MS=N in the environment makes each flush of
 * data added in place (adm_file_write_in_place ()) take N ms more, as a busy disk would. */
void      adm_file_when_flushed     (guint64         ticket,
                                     GMainContext   *context,
                                     AdmFileFlushed  done,
                                     gpointer        data,
                                     GDestroyNotify  destroy);
/* For the tests only: sleeps ADMIRALTY_TEST_FLUSH_DELAY_MS, where a flush to the disk is
 * (the flushes above, a dice secret kept, adm_dice_secret_store ()). */
void      adm_file_test_delay       (void);

/* Called with the object a flush was waited for, its ticket and file, and what the flush came
 * to (AdmFileFlushed). */
typedef void (*AdmFileFlushedFor) (GObject      *owner,
                                   guint64       ticket,
                                   const char   *path,
                                   const GError *error);

/* adm_file_when_flushed () on the thread-default context, for @owner's save of @path: @done
 * runs only if @owner, held weakly, is still alive by then. */
void      adm_file_when_flushed_for (GObject           *owner,
                                     guint64            ticket,
                                     const char        *path,
                                     AdmFileFlushedFor  done);

/* Blocks until the flusher has done @ticket's job and every one handed before it: for a
 * program about to end, which would otherwise lose the checkpoints not yet written. FALSE
 * with its error when one of the jobs after @after up to @ticket failed. */
gboolean  adm_file_wait_flushed     (guint64         after,
                                     guint64         ticket,
                                     GError        **error);

/* Whether @stamp still describes @path: the same file (not replaced), of the same size and
 * modification time. FALSE with ADM_FILE_ERROR_CHANGED when another program changed, replaced
 * or removed it. */
gboolean  adm_file_check_stamp      (const char         *path,
                                     const AdmFileStamp *stamp,
                                     GError            **error);

/* Whether @path (which need not exist) lies under a folder Admiralty is installed with: the
 * installed data folder (PKGDATADIR: scenarios, rules) or, for a run from the source tree,
 * $ADMIRALTY_SOURCE_DIR's scenarios and data folders. Such files are opened, never written:
 * a campaign started from a bundled scenario is saved elsewhere. */
gboolean  adm_file_is_installed     (const char  *path);

/* Whether @a and @b are one file: the same name, or, both there, the same inode (a link): a
 * file written from a campaign is never the campaign itself. */
gboolean  adm_file_is_same          (const char  *a,
                                     const char  *b);

/* Whether @path may be written over: FALSE with ADM_FILE_ERROR_INSTALLED for an installed file
 * and ADM_FILE_ERROR_READ_ONLY for an existing file the master made read-only (no write
 * permission for anyone, as `chmod 444` leaves it, or none for this user) — its folder being
 * writable does not make it writable. adm_file_write_atomically () and
 * adm_file_write_in_place () check it first. */
gboolean  adm_file_check_writable   (const char  *path,
                                     GError     **error);

/* One writer per file: an advisory lock (flock) held by every program that may write @path —
 * the app for as long as it has a campaign open, admiralty-cli for its command, `admiralty-cli
 * serve` while it serves — so that a second writer is refused rather than racing the first.
 * The lock is on a file of its own in the user's runtime folder (or, without one, a folder of
 * the user's own in the temporary folder), named after @path's full name (its folder with
 * links resolved), so that nothing is added beside the campaign and a file replaced by a save
 * keeps its lock. The lock file names its holder (g_get_application_name
 * () of the process: "admiralty-cli reveal", "Admiralty"; its pid and host), and a refusal
 * (ADM_FILE_ERROR_LOCKED) names it in turn. The lock goes when the last reference goes or the
 * process ends (even killed: the system drops it). Within one process the locks of one file
 * are one, shared and counted. Readers take no lock. */
typedef struct _AdmFileLock AdmFileLock;

AdmFileLock *adm_file_lock          (const char  *path,
                                     GError     **error) G_GNUC_WARN_UNUSED_RESULT;
AdmFileLock *adm_file_lock_ref      (AdmFileLock *lock);
void      adm_file_lock_unref       (AdmFileLock *lock);
/* The file the lock is for, as adm_file_lock () was given it. */
const char *adm_file_lock_get_path  (AdmFileLock *lock);
/* The lock file of @path: RUNTIME_DIR/admiralty/locks/SHA256.lock. */
char     *adm_file_lock_file        (const char  *path) G_GNUC_WARN_UNUSED_RESULT;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmFileLock, adm_file_lock_unref)

/* Checkpoints: copies of @path kept at milestones (a cycle resolved, a battle turn played)
 * that ordinary saves never rotate away, in the hidden folder ".BASENAME.checkpoints" beside
 * @path, named after @label with @path's extension ("cycle-3.admiralty"). Written atomically;
 * the same label again replaces its checkpoint. Each write keeps the newest
 * ADM_FILE_CHECKPOINTS_KEPT of its kind — cycles ("cycle-N") and battle turns (every other
 * label) — and removes the older ones, so the folder holds at most twice that many copies of
 * the file: its disk use grows as the file does, not with the square of the campaign. */
#define ADM_FILE_CHECKPOINTS_KEPT 4

char     *adm_file_checkpoint_path  (const char  *path,
                                     const char  *label) G_GNUC_WARN_UNUSED_RESULT;
gboolean  adm_file_write_checkpoint (const char  *path,
                                     const char  *label,
                                     const char  *data,
                                     gsize        length,
                                     GError     **error);
/* adm_file_write_checkpoint () of @data (taken, g_free ()d once written), done by the flusher
 * (adm_file_write_in_place ()) after every job handed to it before, while the caller goes on.
 * Returns the job's ticket: adm_file_when_flushed () says when the checkpoint is written, or
 * why it could not be. */
guint64   adm_file_write_checkpoint_later (const char *path,
                                           const char *label,
                                           char       *data,
                                           gsize       length);
/* Removes the file @path on the flusher's thread, after every job handed to it before — a
 * file whose removal must not come before what was saved until now is on the disk, and which
 * can take a disk's discard to remove — while the caller goes on; left in place once any
 * flush has failed. It fails no save: a file left is no data lost. Returns the job's ticket
 * (adm_file_when_flushed (), adm_file_wait_flushed ()). */
guint64   adm_file_remove_later     (const char *path);
/* The checkpoints of @path (char*, full paths), newest first. */
GPtrArray *adm_file_list_checkpoints (const char *path) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
