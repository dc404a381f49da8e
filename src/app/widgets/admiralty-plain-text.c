/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-plain-text.c: rows whose words are plain text, drop-downs whose choices are shown
 * in full. */

#include "config.h"

#include "admiralty-plain-text.h"

gpointer
admiralty_plain_row (gpointer row)
{
  g_return_val_if_fail (ADW_IS_PREFERENCES_ROW (row), row);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (ADW_IS_COMBO_ROW (row))
    admiralty_wrapping_choices (row);
  return row;
}

static void
wrapping_setup_cb (GtkSignalListItemFactory *factory,
                   GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_list_item_set_child (item, label);
}

static void
wrapping_bind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       GTK_IS_STRING_OBJECT (string) ? gtk_string_object_get_string (string) : "");
}

/* The chosen item of a combo row: its row's list view measures the item's height at its
 * natural width, then lays it out at the width the row gives it, so a label that wraps to
 * more lines there than at its natural width is cut at the foot. Its label is therefore as
 * wide at least as at most: one line whole when it fits in CHOSEN_CHARS characters, else
 * wrapped at exactly that width. */
#define CHOSEN_CHARS 32

static void
chosen_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item)
{
  GtkStringObject *string = gtk_list_item_get_item (item);
  GtkLabel *label = GTK_LABEL (gtk_list_item_get_child (item));
  const char *text = GTK_IS_STRING_OBJECT (string) ? gtk_string_object_get_string (string) : "";
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (label), text);
  PangoFontMetrics *metrics = pango_context_get_metrics (
      gtk_widget_get_pango_context (GTK_WIDGET (label)), NULL, NULL);
  int char_width = pango_font_metrics_get_approximate_char_width (metrics);
  int width;
  gboolean wraps;

  pango_font_metrics_unref (metrics);
  pango_layout_get_size (layout, &width, NULL);
  wraps = width > CHOSEN_CHARS * char_width;
  gtk_label_set_wrap (label, wraps);
  gtk_label_set_width_chars (label, wraps ? CHOSEN_CHARS : -1);
  gtk_label_set_max_width_chars (label, wraps ? CHOSEN_CHARS : -1);
  gtk_label_set_label (label, text);
}

static GtkListItemFactory *
chosen_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (wrapping_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (chosen_bind_cb), NULL);
  return factory;
}

GtkListItemFactory *
admiralty_wrapping_list_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (wrapping_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (wrapping_bind_cb), NULL);
  return factory;
}

gpointer
admiralty_wrapping_choices (gpointer widget)
{
  g_autoptr(GtkListItemFactory) factory = admiralty_wrapping_list_factory ();

  /* A combo row's own default factory ends the chosen item in "…" past 20 characters, an
   * admiral's name and faction among them, so the row shows it whole, wrapped if long. */
  if (ADW_IS_COMBO_ROW (widget))
    {
      g_autoptr(GtkListItemFactory) chosen = chosen_factory ();

      adw_combo_row_set_factory (ADW_COMBO_ROW (widget), chosen);
      adw_combo_row_set_list_factory (ADW_COMBO_ROW (widget), factory);
    }
  else if (GTK_IS_DROP_DOWN (widget))
    gtk_drop_down_set_list_factory (GTK_DROP_DOWN (widget), factory);
  else
    g_return_val_if_reached (widget);
  return widget;
}

void
admiralty_plain_group_set_title (AdwPreferencesGroup *group,
                                 const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_title (group, escaped != NULL ? escaped : "");
}

void
admiralty_plain_group_set_description (AdwPreferencesGroup *group,
                                       const char          *text)
{
  g_autofree char *escaped = text != NULL ? g_markup_escape_text (text, -1) : NULL;

  adw_preferences_group_set_description (group, escaped);
}
