/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-portal-route.h: what the portal lends the other servers on its SoupServer (the tables',
 * src/tables/adm-table-server.c): a route of paths of their own, handled on the portal's
 * server thread after its rate limit, with a bound of their own on a request's body; the one
 * 404 of every wrong path; the headers of every answer; the certificate TLS is spoken with;
 * where it listens. */
#pragma once

#include <libsoup/soup.h>

#include "adm-portal.h"

G_BEGIN_DECLS

/* Server thread: answers (or pauses) @msg, whose path begins with the route's prefix. */
typedef void (*AdmPortalRouteFunc) (SoupServerMessage *msg,
                                    const char        *path,
                                    gpointer           data);

/* Server thread, once the head of @msg is read and its body accepted, before any of it is
 * read: TRUE when the route reads that body itself, as it arrives (adm_portal_read_body ());
 * FALSE when the portal is to read it into one buffer (adm_portal_take_body ()). */
typedef gboolean (*AdmPortalRouteBodyFunc) (SoupServerMessage *msg,
                                            const char        *path,
                                            gpointer           data);

/* Server thread: whether the key in @path (under the route's prefix) is one it knows. */
typedef gboolean (*AdmPortalRouteKnowsFunc) (const char *path,
                                             gpointer    data);

/* Paths beginning with @prefix ("/table/") go to @func from now on, with @data (referenced
 * with @ref while a request is served, @unref'ed after: they run on either thread), bodies up
 * to @max_body bytes (beyond: 413, unread), read by @body when it is given, else into one
 * buffer (adm_portal_take_body ()); a request with a body whose path @knows not is the one
 * 404 before its body is read; with @tls_only, a request that did not come over TLS is the
 * one 404 too, its body unread. Replaces a route of the same prefix. */
void          adm_portal_add_route          (AdmPortal          *self,
                                             const char         *prefix,
                                             gboolean            tls_only,
                                             gsize               max_body,
                                             AdmPortalRouteKnowsFunc knows,
                                             AdmPortalRouteFunc  func,
                                             AdmPortalRouteBodyFunc body,
                                             gpointer            data,
                                             GBoxedCopyFunc      ref,
                                             GDestroyNotify      unref);
void          adm_portal_remove_route       (AdmPortal          *self,
                                             const char         *prefix);

/* Server thread: the answer to @msg, a request the route has authenticated, leaves its
 * connection open for the client's next request, when it came over TLS (a plain HTTP one is
 * closed as every other): a table then sends message after message without a new
 * connection and TLS handshake for each. The portal closes it when it has waited idle for a
 * while, or when its slot is wanted. */
void          adm_portal_keep_connection    (SoupServerMessage  *msg);
/* Server thread: the one answer to every wrong token, path and method (same status, headers
 * and body), and the headers every answer carries. */
void          adm_portal_not_found          (SoupServerMessage  *msg);
void          adm_portal_add_common_headers (SoupServerMessage  *msg);
/* Server thread: the body of @msg, read: the one buffer its chunks were read into, of the
 * length it said (or libsoup's body, flattened, for a request the portal did not read so). */
GBytes       *adm_portal_take_body          (SoupServerMessage  *msg) G_GNUC_WARN_UNUSED_RESULT;

/* Server thread: a piece of a body, of any length, as it arrived. */
typedef void (*AdmPortalChunkFunc) (gpointer    sink,
                                    const char *bytes,
                                    gsize       length);
/* Server thread, before the body of @msg is read (its length already within the route's
 * bound): each piece goes to @feed (@sink) as it arrives and libsoup keeps none of it, so that
 * no more than what @sink makes of it is held; @sink is freed with @free_sink along with @msg
 * unless taken back first. The portal reads its own bodies into one buffer this way. */
void          adm_portal_read_body          (SoupServerMessage  *msg,
                                             AdmPortalChunkFunc  feed,
                                             gpointer            sink,
                                             GDestroyNotify      free_sink);
/* Server thread: the sink adm_portal_read_body () gave @msg with @feed, now the caller's; NULL
 * when its body was not read so. */
gpointer      adm_portal_take_body_sink     (SoupServerMessage  *msg,
                                             AdmPortalChunkFunc  feed) G_GNUC_WARN_UNUSED_RESULT;

/* Main thread: the certificate the portal speaks TLS with, or NULL (none: plain HTTP alone).
 * While it has one, a connection that opens with a TLS handshake is served over TLS on the
 * same port, any other in plain HTTP. */
void          adm_portal_set_certificate    (AdmPortal          *self,
                                             GTlsCertificate    *certificate);

/* Main thread: "http://HOST:PORT" while the portal listens, else NULL. */
char         *adm_portal_get_base_link      (AdmPortal          *self) G_GNUC_WARN_UNUSED_RESULT;
/* Main thread: the context of the server thread listening now, while the campaign is open
 * (a request handed over from another context, before a stop, is not answered); else NULL. */
GMainContext *adm_portal_get_server_context (AdmPortal          *self);

G_END_DECLS
