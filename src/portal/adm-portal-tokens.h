/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-tokens.h: the admirals' portal keys — a random 128-bit token per admiral per
 * campaign, the only secret in an admiral's link. Kept beside the campaign in
 * `.NAME.portal-tokens` (mode 0600, docs/formats.md), never in the campaign itself: the
 * campaign file is handed around and printed, the keys are not. A campaign with no file yet
 * keeps its tokens in memory. Lookups compare in constant time against every token. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define ADM_PORTAL_TOKEN_BYTES 16
#define ADM_PORTAL_TOKEN_CHARS (ADM_PORTAL_TOKEN_BYTES * 2)

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
