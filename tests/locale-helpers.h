/* SPDX-License-Identifier: GPL-3.0-or-later */
/* locale-helpers.h: the locales whose decimal separator is a comma (de_DE.UTF-8 and
 * ru_RU.UTF-8), for the tests that run the CLI under them: the system's, or, when it lacks
 * them, the same compiled by localedef (package "locales") into a folder of the test's own,
 * given to the runs as LOCPATH — nothing outside the test's folder is changed. */
#pragma once

#include <glib.h>

typedef struct {
  char     *dir;      /* LOCPATH for the runs, or NULL: the system's serve */
  gboolean  c_utf8;   /* whether the system has C.UTF-8 (Debian always has) */
  char     *problem;  /* why the comma locales cannot be had, or NULL when they can */
} CommaLocales;

/* The comma locales' names, NULL-terminated. */
extern const char * const comma_locale_names[];

/* Whether @name is a locale whose decimal separator is a comma (C's and C.UTF-8's are a
 * point), as a child run with @dir as LOCPATH (NULL: the system's) sees it — asked of
 * locale(1), so that this process never loads a locale from a LOCPATH (glibc keeps that path
 * for good). */
gboolean comma_locale_usable  (const char   *name,
                               const char   *dir);
/* Fills @self; call in the test's main, not in a subprocess. */
void     comma_locales_ensure (CommaLocales *self);
/* Removes the folder comma_locales_ensure () made, if any, and frees @self's fields. */
void     comma_locales_clear  (CommaLocales *self);
