/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-id.h: the ids of Admiralty's files ([a-z0-9][a-z0-9-]*) made from display names. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The id a name gives: lower case, a dash for each run of spaces or dashes, only [a-z0-9-],
 * no dash first or last ("First Squadron, Home Fleet" → "first-squadron-home-fleet"). Latin
 * letters lose their accents; Russian letters are written in Latin ones ("Первая эскадра" →
 * "pervaia-eskadra"); anything else is dropped. May be empty (a name of punctuation only). */
char *adm_id_from_name (const char *name) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
