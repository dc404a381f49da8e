/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-file.h: writing the files a master's work lives in (campaigns, saved battles) so that
 * no crash can damage them: atomic replacement and rotating backups. Errors are G_FILE_ERROR
 * with the system's message only; callers put their own words around it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define ADM_FILE_BACKUPS 3

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

/* The second copy a master may keep in another folder (a USB stick): @data written atomically
 * to FOLDER/BASENAME of @path, replacing the copy before, no backups. Errors are the system's
 * (a missing folder: G_FILE_ERROR_NOENT). */
gboolean  adm_file_write_mirror     (const char  *path,
                                     const char  *folder,
                                     const char  *data,
                                     gsize        length,
                                     GError     **error);

/* Checkpoints: copies of @path kept at milestones (a cycle resolved, a battle turn played)
 * that ordinary saves never rotate away, in the hidden folder ".BASENAME.checkpoints" beside
 * @path, named after @label with @path's extension ("cycle-3.admiralty"). Written atomically;
 * the same label again replaces its checkpoint. */
char     *adm_file_checkpoint_path  (const char  *path,
                                     const char  *label) G_GNUC_WARN_UNUSED_RESULT;
gboolean  adm_file_write_checkpoint (const char  *path,
                                     const char  *label,
                                     const char  *data,
                                     gsize        length,
                                     GError     **error);
/* The checkpoints of @path (char*, full paths), newest first. */
GPtrArray *adm_file_list_checkpoints (const char *path) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
