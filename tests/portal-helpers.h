/* SPDX-License-Identifier: GPL-3.0-or-later */
/* portal-helpers.h: what the tests of the admirals' portal and the tables on its server share
 * (test-portal.c, test-table-server.c): the portal serving a campaign on 127.0.0.1, a libsoup
 * client and a raw socket asking it, each on a thread of its own while the calling thread
 * runs the default main context (the server hands its work to it). */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "admiralty-engine.h"
#include "adm-portal.h"

/* Starts @portal, not running yet, on 127.0.0.1, on a free port. */
void
portal_start_loopback (AdmPortal *portal);

/* A portal of @campaign, started as portal_start_loopback () starts it. */
AdmPortal *
portal_serve_loopback (AdmCampaign *campaign);

/* @link (taken), checked to be one on 127.0.0.1 (http://, or https:// for a table's). */
char *
portal_loopback_link (char *link);

/* A request of libsoup's client, and its answer. */
typedef struct {
  const char         *method;
  const char         *url;
  const char         *language;      /* Accept-Language, or NULL */
  const char         *content_type;  /* of @body */
  GBytes             *body;          /* NULL: none */
  gboolean            no_redirect;   /* a 303 is the answer, not followed */
  /* The answer */
  guint               status;
  GBytes             *response;
  SoupMessageHeaders *headers;
  gint                done;          /* atomic: the answer is in */
  char               *peer;          /* https://: the SHA-256 fingerprint of the certificate
                                      * the server showed (any is accepted) */
} PortalRequest;

/* Asks @request (a PortalRequest) in a main context of the calling thread's own; sets done. */
gpointer
portal_request_thread (gpointer request);

/* Asks @request from a thread of its own, running the default main context until answered. */
void
portal_request_run (PortalRequest *request);

/* The answer's body as text. */
char *
portal_request_text (PortalRequest *request);

void
portal_request_clear (PortalRequest *request);

/* An admiral's phone (docs/dice.md, "A phone's tap"), on his page @page ("http://…/a/…/"):
 * the phase its dice.json tells him of, or NULL (one battle of his side at most), the whole
 * answer in *@text; a tap for @phase posted as the page posts it, @field "commit" or "tap"
 * (@value: the commit, or the tap's 32 bytes in hex), the answer's body and *@status; and the
 * commit of the tap @nonce (hex). */
JsonObject *
portal_tap_phase (const char  *page,
                  char       **text);
char *
portal_tap_post (const char *page,
                 JsonObject *phase,
                 const char *field,
                 const char *value,
                 guint      *status);
char *
portal_tap_commit (const char *nonce);

/* Asks @request (portal_request_run ()) and clears it: the body of the answer as text, its
 * status in @status. */
char *
portal_request_fetch (PortalRequest *request,
                      guint         *status);

/* @head sent as it is to @portal's port on a new connection, nothing normalised by a client
 * library: the whole reply, bytes as they came. */
GBytes *
portal_raw_bytes (AdmPortal  *portal,
                  const char *head);

/* The same reply as one text: the status line, the headers but Date, and the body. */
char *
portal_raw_request (AdmPortal  *portal,
                    const char *head);

/* GET @path, as portal_raw_request () gives the reply. */
char *
portal_raw_get (AdmPortal  *portal,
                const char *path);
/* The same over TLS (the tables' way in), whatever certificate the portal shows. */
GBytes *
portal_raw_bytes_tls (AdmPortal  *portal,
                      const char *head);
char *
portal_raw_request_tls (AdmPortal  *portal,
                        const char *head);
char *
portal_raw_get_tls (AdmPortal  *portal,
                    const char *path);
