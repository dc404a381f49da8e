/* SPDX-License-Identifier: GPL-3.0-or-later */
/* browser-helpers.h: headless Chromium (Debian's chromium) for the tests of the portal's pages —
 * started with a profile of the test's own, driven over the DevTools protocol on a pipe (its
 * fds 3 and 4), a page opened and attached to, scripts evaluated in it, and screenshots of it
 * in the build's tests folder. */
#pragma once

#include <glib.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

/* How long a reply, or a page's condition, is waited for. */
#define CHROMIUM_TIMEOUT_MS 60000

typedef struct {
  GSubprocess *process;
  int          to_browser;    /* commands are written here (the browser's fd 3) */
  int          from_browser;  /* and replies read here (its fd 4) */
  GString     *pending;       /* what was read and not yet taken as a message */
  guint        next_id;
  char        *session;       /* the page's, once chromium_open () attached to it */
} Chromium;

/* Headless Chromium in a window of @width × @height, its profile in the folder @profile, on
 * about:blank. FALSE, the test skipped, when chromium is not installed. */
gboolean
chromium_start (Chromium   *chromium,
                const char *profile,
                guint       width,
                guint       height);

/* Chromium closed, and what @chromium held freed. */
void
chromium_stop (Chromium *chromium);

/* Sends @method with @params (JSON text), to the page once one is open, and returns the
 * reply's "result" member: NULL when none came within CHROMIUM_TIMEOUT_MS or it was an error. */
JsonNode *
chromium_call (Chromium   *chromium,
               const char *method,
               const char *params);

/* A new page at @url, which the calls then go to: NULL, or what failed ("Target.createTarget
 * failed"). */
const char *
chromium_open (Chromium   *chromium,
               const char *url);

/* Evaluates @expression in the page: its value as a string ("" when it is none), or NULL
 * when Chromium did not answer. */
char *
chromium_evaluate (Chromium   *chromium,
                   const char *expression);

/* Waits until @expression is "yes" in the page, for CHROMIUM_TIMEOUT_MS at the most. */
gboolean
chromium_wait_for (Chromium   *chromium,
                   const char *expression);

/* The page as the browser shows it at @width × @height (a phone's below 600), scrolled to the
 * element @scroll_to (a CSS selector) first, into the build's tests folder as @name. */
gboolean
chromium_screenshot (Chromium   *chromium,
                     const char *name,
                     guint       width,
                     guint       height,
                     const char *scroll_to);
