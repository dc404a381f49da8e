/* SPDX-License-Identifier: GPL-3.0-or-later */
/* link-helpers.h: the room's Wi-Fi between a browser and the portal, as the tests of the
 * portal's pages cut and restore it — a relay on 127.0.0.1 that the browser asks instead of
 * the portal, which passes each connection on, refuses it, holds it unanswered, or passes
 * its request on and loses the answer, as it is told when the connection's first byte comes. */
#pragma once

#include <glib.h>

typedef enum {
  LINK_UP,    /* each connection passed on, both ways */
  LINK_DOWN,  /* each connection closed at once, nothing passed on: the browser says so */
  LINK_HOLD,  /* each request held, never passed on nor answered, until the link is set
               * again: the access point gone, the browser waiting out its own time */
  LINK_DEAF,  /* each request passed on, its answer lost: the connection closed once the
               * portal has answered, nothing of the answer sent */
} LinkState;

typedef struct _Link Link;

/* A relay listening on 127.0.0.1, a port of its own, to 127.0.0.1:@port; up. */
Link  *link_new        (guint      port);
guint  link_get_port   (Link      *link);
/* @url ("http://127.0.0.1:PORTAL/a/…") through the relay. */
char  *link_url        (Link      *link,
                        const char *url);
/* From the next connection's first byte on; held connections are closed when it changes. */
void   link_set        (Link      *link,
                        LinkState  state);
/* The requests passed on to the portal so far, whether or not their answers came back. */
guint  link_passed_on  (Link      *link);
/* Stops listening, closes every connection and frees @link. */
void   link_free       (Link      *link);
