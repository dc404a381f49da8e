/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-inscription.c: text that changes often, shown without laying the window out
 * again. */

#include "config.h"

#include "admiralty-inscription.h"

/* The lines @text takes in @inscription at its width. */
static guint
lines_of (GtkInscription *inscription,
          const char     *text)
{
  GtkWidget *widget = GTK_WIDGET (inscription);
  g_autoptr(PangoLayout) layout = NULL;
  int width = gtk_widget_get_width (widget);

  if (text == NULL || *text == '\0')
    return 1;
  layout = gtk_widget_create_pango_layout (widget, text);
  if (width <= 0)
    {
      PangoFontMetrics *metrics = pango_context_get_metrics (pango_layout_get_context (layout),
                                                             NULL, NULL);

      width = (int) gtk_inscription_get_nat_chars (inscription) *
              pango_font_metrics_get_approximate_char_width (metrics) / PANGO_SCALE;
      pango_font_metrics_unref (metrics);
    }
  if (width > 0)
    {
      pango_layout_set_width (layout, width * PANGO_SCALE);
      pango_layout_set_wrap (layout, gtk_inscription_get_wrap_mode (inscription));
    }
  return MAX (1, pango_layout_get_line_count (layout));
}

void
admiralty_inscription_set_text (GtkInscription *inscription,
                                const char     *text)
{
  guint lines;

  g_return_if_fail (GTK_IS_INSCRIPTION (inscription));

  if (g_strcmp0 (gtk_inscription_get_text (inscription), text) == 0)
    return;
  gtk_inscription_set_text (inscription, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (inscription), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  text != NULL ? text : "", -1);
  lines = lines_of (inscription, text);
  if (gtk_inscription_get_min_lines (inscription) != lines ||
      gtk_inscription_get_nat_lines (inscription) != lines)
    {
      gtk_inscription_set_min_lines (inscription, lines);
      gtk_inscription_set_nat_lines (inscription, lines);
    }
}
