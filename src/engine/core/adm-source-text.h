/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-source-text.h: data text — the names of factions, admirals, sectors, formations, ships
 * and placements — is English in the files and translated for display when it is read
 * (g_dgettext ()). A file written from what was read (a battle's set-up, kept in the campaign)
 * holds the English again, so that the file does not depend on the language of the moment:
 * this remembers which English each translation came from. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The translation of @english for display (the catalogue's, or @english itself when it has
 * none), remembered with @english. Valid as long as @english or the catalogue. */
const char *adm_source_text_translate (const char *english);
/* The English that @display was translated from by adm_source_text_translate (), or @display
 * itself (a text no catalogue translated: an admiral's own name for a new formation). */
const char *adm_source_text_english   (const char *display);

G_END_DECLS
