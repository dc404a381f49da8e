/* SPDX-License-Identifier: GPL-3.0-or-later */
/* browser-helpers.h: headless Chromium (Debian's chromium) for the tests of the portal's pages —
 * one browser a test program, started by the first case that needs it with a profile of its
 * own and closed when the program exits, driven over the DevTools protocol on a pipe (its fds
 * 3 and 4); each case in a browser context of its own (its storage, cookies and pages, gone
 * with it), a page opened and attached to, scripts evaluated in it, and screenshots of it in
 * the build's tests folder. */
#pragma once

#include <glib.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>

/* How long a reply, or a page's condition, is waited for. */
#define CHROMIUM_TIMEOUT_MS 60000

typedef struct {
  char  *context;  /* the case's browser context */
  char  *session;  /* the page's, once chromium_open () attached to it */
  guint  width;    /* the size of the window each page opens in */
  guint  height;
} Chromium;

/* A case's browser: headless Chromium's new browser context, its pages opened in a window of
 * @width × @height (chromium_open ()). The browser is started once a program, the first time;
 * a context is what a fresh profile was: its storage starts empty and leaves nothing behind
 * (@profile, the case's folder for it, is never written). FALSE, the test skipped, when
 * chromium is not installed. */
gboolean
chromium_start (Chromium   *chromium,
                const char *profile,
                guint       width,
                guint       height);

/* The case's browser context closed with its pages, and what @chromium held freed; the
 * browser goes on for the next case. */
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
