/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pointer-helpers.h: driving the real window as a master does, with the X server's own pointer
 * and keyboard (xdotool's XTest events under Xvfb), not with actions or emitted signals: the
 * events go through GTK's gestures and key handling exactly as a mouse and keyboard's do. */
#pragma once

#include <gtk/gtk.h>
#include <gdk/x11/gdkx.h>

#include "ui-helpers.h"
#include "adm-battle.h"

/* Whether real events can be sent: an X11 display and xdotool. A test skips otherwise. */
gboolean
pointer_available (void);

/* Runs "xdotool ARGS" and then the main context until GTK has handled the events it made
 * (after a motion, a scroll or a window's move, until every window shown drew a frame). */
void
xdo (const char *format,
     ...);

/* Runs the main context until every window shown has drawn one more frame (layout and paint):
 * what the events before changed is where the master sees it. */
void
wait_frames (void);

/* The X window of @widget's toplevel and (@x, @y) of @widget in that window's coordinates. */
gulong
pointer_window_point (GtkWidget *widget,
                      double     x,
                      double     y,
                      int       *wx,
                      int       *wy);

void
pointer_move (GtkWidget *widget,
              double     x,
              double     y);

/* A left click at (@x, @y) of @widget. */
void
pointer_click (GtkWidget *widget,
               double     x,
               double     y);

/* Scrolls @widget's scrolled window, if any, so that the master would see it whole. */
void
scroll_into_view (GtkWidget *widget);

/* A left click in the middle of @widget, as on a button, scrolled into view first. */
void
pointer_click_widget (GtkWidget *widget);

/* Presses the left button at (@x1, @y1) of @widget, moves in steps and releases at (@x2, @y2). */
void
pointer_drag (GtkWidget *widget,
              double     x1,
              double     y1,
              double     x2,
              double     y2);

/* Gives @window the X keyboard focus, as a click on it would with a window manager, and puts
 * the pointer over it. */
void
focus_window (GtkWidget *window);

/* Keys (xdotool names: "Escape", "Return", "ctrl+d") pressed on @window. */
void
keys_to (GtkWidget  *window,
         const char *keys);

/* @key (an xdotool name: "Down") pressed @times times on @window in one run of xdotool; then
 * @then (or NULL), as a person presses them one after the other. Nothing when both are none. */
void
keys_repeated_to (GtkWidget  *window,
                  const char *key,
                  guint       times,
                  const char *then);

/* Item @position of a drop-down or a combo row chosen as a person does: a click opens its
 * list, the arrow keys go to the item, Return takes it. */
void
choose_with_keys (GtkWidget *window,
                  GtkWidget *control,
                  guint      position);

/* Text typed into the focused field of @window. */
void
type_to (GtkWidget  *window,
         const char *text);

/* @before pressed (keys_to ()'s names, or NULL), @text typed and @after pressed (or NULL) on
 * @window in one run of xdotool: GTK takes them in that order, as it does a person's typing. */
void
type_between_keys (GtkWidget  *window,
                   const char *before,
                   const char *text,
                   const char *after);

/* Return pressed in @page's real-dice prompt, its values typed, and waited on until the prompt
 * took them: gone, or asking the next rolls with its field emptied for them (one prompt asks
 * every roll in turn); then a frame of every window. */
void
dice_prompt_enter (AdmiraltyBattlePage *page);

/* @page's real-dice prompt answered with a 5 for each die it asks, typed, then entered as
 * dice_prompt_enter () does. */
void
dice_prompt_answer_fives (AdmiraltyBattlePage *page);

/* The sides' 2d6 for a campaign battle's phase, asked before the program rolls it
 * (admiralty-dice-contribution-dialog.h, docs/dice.md): waits for the dialog, types @dice[i]
 * into side i's row ("3 5"; NULL, or fewer than the sides: "3 5") and presses Return, as the
 * master does; then waits until it has gone, the dice journaled and the phase rolled. Where
 * no X keyboard can be driven (pointer_available ()), the rows are filled and the dialog
 * answered "give" in GTK instead. */
void
dice_contributions_give (const char * const *dice);

/* The whole X screen as the room sees it (the X server's own picture of its root window, as
 * ImageMagick's import -window root takes it), into the build's tests folder as @name, a PNG;
 * @width x @height from the top left when not 0, else all of it. */
void
root_screenshot (const char *name,
                 int         width,
                 int         height);

/* The menu of @menu_button opened with a click, drawn into @screenshot (the build's tests
 * folder) once it shows when not NULL — the menu alone, on a clear ground, as a compositor
 * would show it (the X server's picture of it has its shadow black under Xvfb) — and its item
 * @label clicked. */
void
click_menu_button_item (GtkWidget  *menu_button,
                 const char *label,
                 const char *screenshot);

/* The menu of @menu_button opened with a click, its submenu @submenu opened with another, drawn
 * into @screenshot as click_menu_button_item () does when not NULL, and its item @label
 * clicked. */
void
click_menu_button_submenu_item (GtkWidget  *menu_button,
                                const char *submenu,
                                const char *label,
                                const char *screenshot);

/* The file chooser shown (a GtkFileChooserDialog mapped), or NULL; and whether one is shown,
 * and whether none is: conditions for iterate_until (). */
GtkWidget *
file_chooser_dialog (void);

gboolean
file_chooser_shown (gpointer data);

gboolean
file_chooser_gone (gpointer data);

/* The file chooser a menu item opened, answered with the keyboard: the whole @path typed (in
 * the location entry that typing opens, or over the name proposed), then Return; waits until
 * it is gone. */
void
choose_file (const char *path);

/* Resolves @phases phases of @battle, open in @window, by clicking Resolve with the pointer
 * each time: each resolves (a dice prompt aside, wait_resolved ()) with no error shown and
 * moves the battle on. */
void
resolve_by_click (AdmiraltyWindow *window,
                  AdmBattle       *battle,
                  int              phases);
