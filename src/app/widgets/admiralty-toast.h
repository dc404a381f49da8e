/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-toast.h: the app's toasts. A toast's words are plain text: libadwaita 1.2 reads a
 * toast's title as Pango markup, so a name with "&" or an error naming "<ship>" would show
 * nothing; admiralty_toast_new () escapes them. And the toast that names what Undo or Redo just
 * did ("Undid “Resolve Fire, Turn 3”"), which takes it back in one click: one at a time on an
 * overlay, each undo or redo rewriting it, so a master who presses Ctrl+Z five times reads the
 * fifth, not the first of five queued behind each other. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A toast showing @text as it is written, for @seconds (0: libadwaita's default). */
AdwToast *admiralty_toast_new      (const char      *text,
                                    guint            seconds) G_GNUC_WARN_UNUSED_RESULT;
/* Shows on @overlay "Undid “@what”" with a Redo button that activates @redo_action, or, when
 * @redo is set, "Redid “@what”" with an Undo button that activates @undo_action. An undo toast
 * still on @overlay is rewritten and its time starts again; else a new one is shown. */
void      admiralty_toast_show_undo (AdwToastOverlay *overlay,
                                    const char      *what,
                                    gboolean         redo,
                                    const char      *undo_action,
                                    const char      *redo_action);
/* The undo toast on @overlay that has not been dismissed yet, or NULL. */
AdwToast *admiralty_toast_get_undo (AdwToastOverlay *overlay);

G_END_DECLS
