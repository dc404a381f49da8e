/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-helpers.h: what the UI tests that build the real window share — the application on a
 * private session bus with its data under a temporary XDG_DATA_HOME, running the main
 * context, widgets found by what they show, the campaign window's fixture, closing a window
 * and checking that it is gone, removing a temporary tree. */
#pragma once

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "file-helpers.h"

#include "admiralty-application.h"
#include "admiralty-battle-page.h"
#include "admiralty-correction-dialog.h"
#include "admiralty-orders-panel.h"
#include "admiralty-projector-window.h"
#include "admiralty-tables-dialog.h"
#include "admiralty-window.h"

extern AdmiraltyApplication *app;
extern char *data_home;
extern GTestDBus *ui_test_bus;

/* Runs the main context until @done is true or @timeout_ms has passed; @done NULL: for
 * @timeout_ms. A wait for a condition is given UI_TEST_PATIENCE times @timeout_ms, as a loaded
 * CI machine runs a test a few times slower than a desk does, and says in the test's log when it
 * gives up, naming the condition and the line that waited. */
#define iterate_until(done, data, timeout_ms) \
  iterate_until_at ((done), (data), (timeout_ms), #done, __FILE__, __LINE__)

#define UI_TEST_PATIENCE 3

void
iterate_until_at (gboolean   (*done) (gpointer data),
                  gpointer     data,
                  guint        timeout_ms,
                  const char  *done_name,
                  const char  *file,
                  int          line);

void
iterate (void);

/* Runs the main context until @widget's window has laid out and drawn a frame since the call:
 * what changed before is where the master would see it. @widget is mapped. */
void
wait_frame (GtkWidget *widget);

gboolean
widget_mapped (gpointer data);

/* The first widget under @widget, itself included, depth first, that @match says is the one. */
GtkWidget *
find_widget (GtkWidget     *widget,
             gboolean     (*match) (GtkWidget *widget, gconstpointer data),
             gconstpointer  data);

/* Matches for find_widget (): a popover shown (mapped), and a label shown reading @data. */
gboolean
is_popover (GtkWidget     *widget,
            gconstpointer  data);

gboolean
is_label_text (GtkWidget     *widget,
               gconstpointer  data);

/* Whether @widget is an AdwComboRow titled @data (its mnemonic's underscore included, as
 * _("_Document")): a match for find_widget (). */
gboolean
is_combo_row_titled (GtkWidget     *widget,
                     gconstpointer  data);

/* Every widget under @widget, itself included, depth first, that @match says is one: an
 * array of borrowed widgets. */
GPtrArray *
find_widgets (GtkWidget     *widget,
              gboolean     (*match) (GtkWidget *widget, gconstpointer data),
              gconstpointer  data);

/* Matches for find_widget (), each among the widgets drawn: a button by its label (with its
 * mnemonic's underscore), tooltip or icon, a preferences row by its title, an entry row by its
 * text, a label by its text, a widget by its GType (data: GSIZE_TO_POINTER (type)) or by a
 * style class of its own ("faction-picker"). */
gboolean is_button_labelled  (GtkWidget *widget, gconstpointer data);
gboolean is_button_tooltip   (GtkWidget *widget, gconstpointer data);
gboolean is_button_icon      (GtkWidget *widget, gconstpointer data);
gboolean is_row_titled       (GtkWidget *widget, gconstpointer data);
gboolean is_entry_row_text   (GtkWidget *widget, gconstpointer data);
gboolean is_drawn_label_text (GtkWidget *widget, gconstpointer data);
gboolean is_of_type          (GtkWidget *widget, gconstpointer data);
gboolean is_styled           (GtkWidget *widget, gconstpointer data);

/* Matches for find_widget (), drawn or not: a preferences row whose title begins with @data,
 * a preferences group titled @data, and a widget of the GType @data holds
 * (GSIZE_TO_POINTER (type)), as in a popover not yet shown. */
gboolean is_row_beginning    (GtkWidget *widget, gconstpointer data);
gboolean is_group_titled     (GtkWidget *widget, gconstpointer data);
gboolean has_type            (GtkWidget *widget, gconstpointer data);

/* The button labelled @label under @under, which must be there. */
GtkWidget *
button (GtkWidget  *under,
        const char *label);

/* Whether a popover is shown (mapped) under the widget @data, as a drop-down's or a combo
 * row's list, and whether none is: conditions for iterate_until (). */
gboolean
popover_open (gpointer data);

gboolean
popover_closed (gpointer data);

/* The toplevel of @type shown (mapped), or NULL. */
GtkWidget *
shown_toplevel (GType type);

/* Whether a toplevel of the type @data holds (GSIZE_TO_POINTER (ADMIRALTY_TYPE_…)) is shown,
 * and whether none is: conditions for iterate_until (). */
gboolean
toplevel_shown (gpointer data);

gboolean
toplevel_gone (gpointer data);

/* The message dialog shown (mapped) among the toplevels, or NULL. */
AdwMessageDialog *
message_dialog (void);

/* Whether a message dialog is shown (message_dialog ()), and whether none is: conditions for
 * iterate_until (). */
gboolean
message_dialog_shown (gpointer data);

gboolean
message_dialog_gone (gpointer data);

/* The correction dialog shown (mapped) among the toplevels, or NULL. */
AdmiraltyCorrectionDialog *
correction_dialog (void);

/* Whether a correction dialog is shown that says a problem: a condition for iterate_until ().
 * (Whether one is shown at all, or none: toplevel_shown () and toplevel_gone ().) */

gboolean
correction_problem_shown (gpointer data);

/* The correction dialog, once it is shown and drawn (up to 5 s). */
GtkWidget *
wait_correction_dialog (void);

/* The projector window among the toplevels, or NULL. */
AdmiraltyProjectorWindow *
find_projector (void);

/* Whether the projector is up, its map mapped and laid out: a condition for iterate_until (). */
gboolean
projector_mapped (gpointer data);

void
close_window (AdmiraltyWindow *window);

/* A new window of @app, @width × @height (0 × 0: its default size), shown and mapped, whose
 * cycle clock sends no desktop notifications. */
AdmiraltyWindow *
shown_window_new (int width,
                  int height);

/* @campaign saved as @path, and a window shown as shown_window_new () shows it with that file
 * open: the master's window on a campaign file of its own. */
AdmiraltyWindow *
campaign_window_new (AdmCampaign *campaign,
                     const char  *path,
                     int          width,
                     int          height);

/* The fixture of the campaign window's tests: a campaign file of its own, @campaign_path in
 * the new temporary folder @dir, open in @window. */
typedef struct {
  char            *dir;
  char            *campaign_path;
  AdmiraltyWindow *window;
} CampaignFixture;

/* @campaign saved as @file_name in a new temporary folder ("admiralty-@name-XXXXXX") and open
 * in a window @width × @height, as campaign_window_new () opens it. */
void
campaign_fixture_set_up (CampaignFixture *fixture,
                         AdmCampaign     *campaign,
                         const char      *name,
                         const char      *file_name,
                         int              width,
                         int              height);

/* The bundled Komarr campaign saved as komarr.admiralty in a new temporary folder
 * ("admiralty-@name-XXXXXX") with its cycles 1 to @cycles played onto that file
 * (komarr_saved_and_played ()), then open in a window @width × @height (0 × 0: its default
 * size). */
void
komarr_fixture_set_up (CampaignFixture *fixture,
                       const char      *name,
                       guint            cycles,
                       gint64           t0,
                       int              width,
                       int              height);

/* The fixture's campaign shared as the master shares it: the admirals' portal made
 * (admiralty_share_dialog_portal_for ()) and, when @start, started on 127.0.0.1 at a free
 * port; then the Tables dialog made, not shown, with @n_tables tables turned on. Returns the
 * dialog, for the caller to destroy; *@portal, when not NULL, gets the window's portal. */
AdmiraltyTablesDialog *
campaign_fixture_tables (CampaignFixture  *fixture,
                         gboolean          start,
                         guint             n_tables,
                         AdmPortal       **portal);

/* The fixture's window closed, and gone; its folder removed with all in it. */
void
campaign_fixture_tear_down (CampaignFixture *fixture);

/* The battle @name.xml of the source tree's @folder ("scenarios/battles") copied into a new
 * temporary folder, so that its autosaves land there, with its orders (@name.orders.xml) when
 * @with_orders and there are any: the copy's path. */
char *
copy_battle (const char *folder,
             const char *name,
             gboolean    with_orders);

/* Removes the folder copy_battle () made for @path, with all in it. */
void
remove_battle_copy (const char *path);

/* What @widget draws, its children included, taken just after a frame painted it: a redraw
 * queued since (a socket, a timer) cannot leave it empty. */
GskRenderNode *
widget_drawn_node (GtkWidget *widget);

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

/* Whether a row of the Orders pane @panel holds @text. */
gboolean
rows_contain (AdmiraltyOrdersPanel *panel,
              const char           *text);

/* Whether @widget or a widget inside it is a label reading @text: a toast shows as one. */
gboolean
shows_label (GtkWidget  *widget,
             const char *text);

/* A label reading @text, looked for in @window (shows_label ()). */
typedef struct {
  GtkWidget  *window;
  const char *text;
} ShownLabel;

/* For iterate_until (): whether the label @data (a ShownLabel *) is shown. */
gboolean
label_is_shown (gpointer data);

/* For find_widget (): whether @widget is a toggle button labelled @data, pressed in. */
gboolean
toggle_is_active (GtkWidget     *widget,
                  gconstpointer  data);

/* Dismisses every toast shown on @window, and those queued behind them as each shows, and
 * waits until the last has faded out: a picture of the window then shows the window. */
void
dismiss_toasts (GtkWidget *window);

/* Whether @page (an AdmiraltyBattlePage) shows a dice prompt. */
gboolean
dice_prompt_shown (gpointer page);

/* What resolving a phase of @page comes to: a dice prompt, the phase resolved (it asked for
 * no dice), or an error said. Taken before the master resolves. */
typedef struct {
  AdmiraltyWindow     *window;
  AdmiraltyBattlePage *page;
  int                  turn;
  AdmPhase             phase;
} Resolving;

Resolving
resolving (AdmiraltyWindow     *window,
           AdmiraltyBattlePage *page);

gboolean
resolve_answered (gpointer resolving);

/* Runs the main context until what resolving comes to is shown (resolve_answered ()) or
 * @timeout_ms has passed, and a frame after, so that the page is laid out as the master
 * would see it. Each side's dice asked first (a campaign battle's program dice) are given,
 * "3 5" each (dice_contributions_give ()), and the phase waited for again. */
void
wait_resolved (const Resolving *resolve,
               guint            timeout_ms);
