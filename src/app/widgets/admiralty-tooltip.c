/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-tooltip.c: a widget's tooltip set only when it says something new. */

#include "config.h"

#include "admiralty-tooltip.h"

void
admiralty_tooltip_set (GtkWidget  *widget,
                       const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) != 0)
    gtk_widget_set_tooltip_text (widget, text);
}
