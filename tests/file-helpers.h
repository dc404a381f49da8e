/* SPDX-License-Identifier: GPL-3.0-or-later */
/* file-helpers.h: what tests that read the source tree or work in temporary folders share,
 * with or without GTK. */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* Removes @path: a file, or a folder with everything in it (a symbolic link is removed, not
 * followed). */
void
remove_tree (const char *path);

/* Removes the folder @path with everything in it, and checks it is gone. */
void
remove_folder (const char *path);

/* The path of a file in the source tree (ADMIRALTY_SOURCE_DIR): @first and the names after it,
 * up to NULL — source_path ("scenarios", "komarr-campaign.admiralty", NULL). */
char *
source_path (const char *first,
             ...) G_GNUC_NULL_TERMINATED;

/* The whole of the file at @path, which must read. */
char *
file_contents (const char *path);
