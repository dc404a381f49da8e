/* SPDX-License-Identifier: GPL-3.0-or-later */
/* file-helpers.h: what tests that work in temporary folders share, with or without GTK. */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* Removes @path: a file, or a folder with everything in it (a symbolic link is removed, not
 * followed). */
void
remove_tree (const char *path);
