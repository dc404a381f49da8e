/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-undo-toast.h: the toast that names what Undo or Redo just did ("Undid “Resolve
 * Fire, Turn 3”") and takes it back in one click. One at a time on an overlay: each undo or
 * redo replaces the toast the one before it left, so a master who presses Ctrl+Z five times
 * reads the fifth, not the first of five queued behind each other (issue 15). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Shows on @overlay "Undid “@what”" with a Redo button that activates @redo_action, or, when
 * @redo is set, "Redid “@what”" with an Undo button that activates @undo_action; the undo
 * toast shown there before is dismissed. */
void      admiralty_undo_toast_show (AdwToastOverlay *overlay,
                                     const char      *what,
                                     gboolean         redo,
                                     const char      *undo_action,
                                     const char      *redo_action);
/* The undo toast on @overlay that has not been dismissed yet, or NULL. */
AdwToast *admiralty_undo_toast_get  (AdwToastOverlay *overlay);

G_END_DECLS
