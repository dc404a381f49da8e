/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-tokens.h: the portal's keys — a random 128-bit token per admiral per campaign,
 * the only secret in an admiral's link, and one per table of several masters (the key in a
 * table master's join link, adm-table-server.h), each kind in a group of its own. Kept beside the campaign in
 * `.NAME.portal-tokens` (mode 0600, docs/formats.md), never in the campaign itself: the
 * campaign file is handed around and printed, the keys are not. A campaign with no file yet
 * keeps its tokens in memory. Lookups compare in constant time against every token. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADM_PORTAL_TOKEN_BYTES 16
#define ADM_PORTAL_TOKEN_CHARS (ADM_PORTAL_TOKEN_BYTES * 2)

/* The groups of keys in the side file: the admirals' ([tokens]) and the tables' ([tables]). */
#define ADM_PORTAL_TOKENS_ADMIRALS "tokens"
#define ADM_PORTAL_TOKENS_TABLES   "tables"

#define ADM_TYPE_PORTAL_TOKENS (adm_portal_tokens_get_type ())
G_DECLARE_FINAL_TYPE (AdmPortalTokens, adm_portal_tokens, ADM, PORTAL_TOKENS, GObject)

/* The side file of the campaign at @campaign_path: "DIR/.NAME.portal-tokens". */
char            *adm_portal_tokens_path_for (const char      *campaign_path) G_GNUC_WARN_UNUSED_RESULT;

/* Tokens for @admiral_ids (NULL-terminated), read from @path (NULL: in memory only) when it
 * exists, a new token made for every admiral that has none, and written back (0600). Errors
 * name the file. */
AdmPortalTokens *adm_portal_tokens_new      (const char          *path,
                                             const char * const  *admiral_ids,
                                             GError             **error) G_GNUC_WARN_UNUSED_RESULT;
const char      *adm_portal_tokens_get_path (AdmPortalTokens *self);
/* The 32 lower-case hex digits of @admiral_id's token, or NULL. */
const char      *adm_portal_tokens_get      (AdmPortalTokens *self,
                                             const char      *admiral_id);
/* The admiral whose token is @token, or NULL: every token is compared, in constant time
 * (no early exit on the first differing byte nor on a match). @token may be any length. */
const char      *adm_portal_tokens_lookup   (AdmPortalTokens *self,
                                             const char      *token,
                                             gsize            length);
/* Revokes @admiral_id's token and issues a new one, saved at once: his old link is dead. */
gboolean         adm_portal_tokens_reissue  (AdmPortalTokens *self,
                                             const char      *admiral_id,
                                             GError         **error);

/* The same for the keys of another @group than the admirals' (ADM_PORTAL_TOKENS_TABLES). */
const char      *adm_portal_tokens_get_key  (AdmPortalTokens *self,
                                             const char      *group,
                                             const char      *id);
/* The id whose key in @group is @token (a copy, safe from another thread), or NULL: compared
 * as adm_portal_tokens_lookup () compares. */
char            *adm_portal_tokens_lookup_key (AdmPortalTokens *self,
                                               const char      *group,
                                               const char      *token,
                                               gsize            length) G_GNUC_WARN_UNUSED_RESULT;
gboolean         adm_portal_tokens_reissue_key (AdmPortalTokens *self,
                                                const char      *group,
                                                const char      *id,
                                                GError         **error);
/* Keys in @group for exactly @ids (NULL-terminated): a new key for each id that has none, the
 * keys of the others dropped (their links dead for good: the same id set again later gets a
 * new key); saved at once when anything changed. The admirals' group is set by
 * adm_portal_tokens_new () alone. */
gboolean         adm_portal_tokens_set_keys (AdmPortalTokens     *self,
                                             const char          *group,
                                             const char * const  *ids,
                                             GError             **error);

/* Records "http://HOST:PORT", where the portal listens, in the side file ([portal] address),
 * for the printed fleet-card sheets to carry each admiral's link and QR code
 * (adm_report_build_packet ()); saved at once when it changed. */
gboolean         adm_portal_tokens_set_address (AdmPortalTokens  *self,
                                                const char       *address,
                                                GError          **error);

/* Whether @a and @b (each @length bytes) are equal, reading every byte whatever they hold. */
gboolean         adm_portal_equal_secret    (const char      *a,
                                             const char      *b,
                                             gsize            length);
/* A new random 128-bit secret as 32 hex digits (GLib's generator is no CSPRNG: the bytes
 * come from getrandom(2)). */
char            *adm_portal_random_secret   (void) G_GNUC_WARN_UNUSED_RESULT;

G_END_DECLS
