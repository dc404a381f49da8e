/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-toast.c: toasts of plain text, and one undo toast at a time on an overlay. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-toast.h"

/* The overlay's undo toast, borrowed (the overlay owns it), until it is dismissed; kept as
 * the overlay's data, AdwToastOverlay being final (no subclass can hold it). */
#define UNDO_TOAST_KEY "admiralty-undo-toast"
#define UNDO_TOAST_SECONDS 6

static void
set_title (AdwToast   *toast,
           const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_toast_set_title (toast, escaped);
}

AdwToast *
admiralty_toast_new (const char *text,
                     guint       seconds)
{
  AdwToast *toast;

  g_return_val_if_fail (text != NULL, NULL);

  toast = adw_toast_new ("");
  set_title (toast, text);
  if (seconds > 0)
    adw_toast_set_timeout (toast, seconds);
  return toast;
}

AdwToast *
admiralty_toast_get_undo (AdwToastOverlay *overlay)
{
  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (overlay), NULL);

  return g_object_get_data (G_OBJECT (overlay), UNDO_TOAST_KEY);
}

static void
undo_toast_dismissed_cb (AdwToast        *toast,
                         AdwToastOverlay *overlay)
{
  if (admiralty_toast_get_undo (overlay) == toast)
    g_object_set_data (G_OBJECT (overlay), UNDO_TOAST_KEY, NULL);
}

void
admiralty_toast_show_undo (AdwToastOverlay *overlay,
                           const char      *what,
                           gboolean         redo,
                           const char      *undo_action,
                           const char      *redo_action)
{
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

  /* What an earlier undo or redo said is no longer so: its toast, if still there, now says
   * this (rewritten in place: libadwaita 1.2 can crash when a window closes while a dismissed
   * toast is still sliding away). */
  toast = admiralty_toast_get_undo (overlay);
  if (toast == NULL)
    {
      toast = admiralty_toast_new (title, UNDO_TOAST_SECONDS);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (undo_toast_dismissed_cb),
                               overlay, G_CONNECT_DEFAULT);
      g_object_set_data (G_OBJECT (overlay), UNDO_TOAST_KEY, toast);
    }
  else
    {
      set_title (toast, title);
      /* Added again, a toast on show starts its time again (the overlay keeps one reference). */
      g_object_ref (toast);
    }
  adw_toast_set_button_label (toast, redo ? _("_Undo") : _("_Redo"));
  adw_toast_set_action_name (toast, redo ? undo_action : redo_action);
  adw_toast_overlay_add_toast (overlay, toast);
}
