/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-luck.c: "Luck Ledger…" (win.luck-ledger) — the luck ledger of the open
 * campaign's battles in a window of its own (admiralty-luck-window.h), following the
 * campaign while the night goes on here. */

#include "config.h"

#include "admiralty-luck-window.h"
#include "admiralty-window-private.h"

AdmiraltyLuckWindow *
_admiralty_window_open_luck (AdmiraltyWindow *self)
{
  AdmiraltyLuckWindow *luck;

  if (self->campaign == NULL)
    return NULL;
  luck = admiralty_luck_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                    self->campaign);
  gtk_window_set_transient_for (GTK_WINDOW (luck), GTK_WINDOW (self));
  gtk_window_present (GTK_WINDOW (luck));
  return luck;
}

/* win.luck-ledger: the ledger of what is in front of the master — the TI4 combat of the tab
 * shown (its ti4.luck), else the campaign's. Enabled while either is open
 * (_admiralty_window_update_actions ()). */
static void
luck_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  AdmiraltyTi4Page *ti4 = _admiralty_window_get_ti4_page (ADMIRALTY_WINDOW (widget));

  if (ti4 != NULL)
    gtk_widget_activate_action (GTK_WIDGET (ti4), "ti4.luck", NULL);
  else
    _admiralty_window_open_luck (ADMIRALTY_WINDOW (widget));
}

void
_admiralty_window_class_luck_init (AdmiraltyWindowClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.luck-ledger", NULL,
                                   luck_action);
}
