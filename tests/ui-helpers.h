/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-helpers.h: what the UI tests that build the real window share — the application on a
 * private session bus with its data under a temporary XDG_DATA_HOME, running the main
 * context, closing a window and checking that it is gone, removing a temporary tree. */
#pragma once

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "file-helpers.h"

#include "admiralty-application.h"
#include "admiralty-window.h"

extern AdmiraltyApplication *app;
extern char *data_home;
extern GTestDBus *ui_test_bus;

/* Runs the main context until @done is true or @timeout_ms has passed. */
void
iterate_until (gboolean (*done) (gpointer data),
               gpointer   data,
               guint      timeout_ms);

void
iterate (void);

gboolean
widget_mapped (gpointer data);

/* The first widget under @widget, itself included, depth first, that @match says is the one. */
GtkWidget *
find_widget (GtkWidget     *widget,
             gboolean     (*match) (GtkWidget *widget, gconstpointer data),
             gconstpointer  data);

void
close_window (AdmiraltyWindow *window);

/* Renders @widget as it is on screen into the build directory's tests folder as @name. */
void
save_screenshot (GtkWidget  *widget,
                 const char *name);

/* Copies the file @from to @to, whole. */
void
copy_file (const char *from,
           const char *to);

/* Before the tests: autosaves and fallback files under a temporary XDG_DATA_HOME named after
 * @name, a private session bus, GTK, and the registered application in @app. */
void
ui_test_init (int        *argc,
              char     ***argv,
              const char *name);

/* After g_test_run (): returns @status. */
int
ui_test_finish (int status);

/* Whether @widget or a widget inside it is a label reading @text: a toast shows as one. */
gboolean
shows_label (GtkWidget  *widget,
             const char *text);
