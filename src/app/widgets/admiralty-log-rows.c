/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-log-rows.c: a log's rows, made once and bound to each entry shown. */

#include "config.h"

#include "adm-log-entry.h"
#include "admiralty-log-rows.h"

static void
log_row_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *text = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (text), 40);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (detail), 40);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "caption");
  gtk_widget_add_css_class (detail, "numeric");
  gtk_widget_add_css_class (box, "log-row");
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), detail);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_selectable (item, FALSE);
}

static void
log_row_bind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  user_data)
{
  AdmLogEntry *line = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *text = gtk_widget_get_first_child (box);
  GtkWidget *detail = gtk_widget_get_next_sibling (text);
  const char *detail_text = adm_log_entry_get_detail (line);

  gtk_label_set_label (GTK_LABEL (text), adm_log_entry_get_text (line));
  gtk_label_set_label (GTK_LABEL (detail), detail_text != NULL ? detail_text : "");
  gtk_widget_set_visible (detail, detail_text != NULL);
  if (adm_log_entry_get_heading (line))
    {
      gtk_widget_add_css_class (box, "log-heading");
      gtk_widget_add_css_class (text, "heading");
    }
  else
    {
      gtk_widget_remove_css_class (box, "log-heading");
      gtk_widget_remove_css_class (text, "heading");
    }
}

GtkListItemFactory *
admiralty_log_rows_new_factory (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (log_row_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (log_row_bind_cb), NULL);
  return factory;
}
