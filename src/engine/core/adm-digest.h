/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-digest.h: the SHA-256 of what a file holds rather than of its bytes — a season
 * (adm_ruleset_get_season_digest ()), a campaign's scenario and each entry of its journal
 * (adm-journal.h) — one canonical form for all of them.
 *
 * The form is that of elements, attributes and text that is not blank, in order: "<" NAME,
 * then for each attribute "\0" NAME "=" VALUE, then ">", the children, each text "\0" TEXT,
 * and "</>". Comments and the blanks between elements are not part of it, so the same content
 * has the same SHA-256 however a file indents it; values are compared as written, never as
 * numbers read in a locale. */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* The parts of the form, for content that is not a tree (a journal entry read or recorded). */
void  adm_digest_open       (GChecksum  *checksum,
                             const char *name);
void  adm_digest_attribute  (GChecksum  *checksum,
                             const char *name,
                             const char *value);
/* Ends an element's attributes: its text and children follow, then adm_digest_close (). */
void  adm_digest_end_attributes (GChecksum *checksum);
void  adm_digest_text       (GChecksum  *checksum,
                             const char *text);
void  adm_digest_close      (GChecksum  *checksum);

/* @element and what it holds. */
void  adm_digest_element    (GChecksum  *checksum,
                             xmlNode    *element);
/* The SHA-256 of @element, as 64 lowercase hexadecimal digits. */
char *adm_digest_element_sha256 (xmlNode *element) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
