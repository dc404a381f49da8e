/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-undo-toast.c: one undo toast at a time on an overlay (issue 15). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-undo-toast.h"

/* The overlay's undo toast, borrowed (the overlay owns it), until it is dismissed. */
#define UNDO_TOAST_KEY "admiralty-undo-toast"
#define UNDO_TOAST_SECONDS 6

AdwToast *
admiralty_undo_toast_get (AdwToastOverlay *overlay)
{
  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (overlay), NULL);

  return g_object_get_data (G_OBJECT (overlay), UNDO_TOAST_KEY);
}

static void
undo_toast_dismissed_cb (AdwToast        *toast,
                         AdwToastOverlay *overlay)
{
  if (admiralty_undo_toast_get (overlay) == toast)
    g_object_set_data (G_OBJECT (overlay), UNDO_TOAST_KEY, NULL);
}

void
admiralty_undo_toast_show (AdwToastOverlay *overlay,
                           const char      *what,
                           gboolean         redo,
                           const char      *undo_action,
                           const char      *redo_action)
{
  AdwToast *previous;
  AdwToast *toast;
  g_autofree char *title = NULL;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (what != NULL);

  /* The toast says what was taken back, and brings it back in one click. */
  if (redo)
    /* Translators: a toast, "Redid “Resolve Fire, Turn 3”" */
    title = g_strdup_printf (_("Redid “%s”"), what);
  else
    /* Translators: a toast, "Undid “Resolve Fire, Turn 3”" */
    title = g_strdup_printf (_("Undid “%s”"), what);

  /* What an earlier undo or redo said is no longer so: its toast goes (it clears the key). */
  previous = admiralty_undo_toast_get (overlay);
  if (previous != NULL)
    adw_toast_dismiss (previous);

  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, UNDO_TOAST_SECONDS);
  adw_toast_set_button_label (toast, redo ? _("_Undo") : _("_Redo"));
  adw_toast_set_action_name (toast, redo ? undo_action : redo_action);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (undo_toast_dismissed_cb), overlay,
                           G_CONNECT_DEFAULT);
  g_object_set_data (G_OBJECT (overlay), UNDO_TOAST_KEY, toast);
  adw_toast_overlay_add_toast (overlay, toast);
}
