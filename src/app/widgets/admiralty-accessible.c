/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-accessible.c: buttons with a mnemonic, and the buttons inside drop-downs and colour
 * buttons, read by their words (GTK 4.8). */

#include "config.h"

#include "admiralty-accessible.h"

/* A button watched already: its label changes are followed. */
#define WATCHED "admiralty-accessible-watched"
/* A drop-down's button labelled by the drop-down's mnemonic label. */
#define BY_LABEL "admiralty-accessible-by-label"

/* The button a drop-down is made of, or NULL. */
static GtkWidget *
drop_down_button (GtkWidget *drop_down)
{
  for (GtkWidget *child = gtk_widget_get_first_child (drop_down); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child))
      return child;
  return NULL;
}

/* "Rein_force shields" → "Reinforce shields": the words a label with a mnemonic shows. */
static char *
without_mnemonic (const char *text)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_')
        {
          if (p[1] != '_')
            continue;
          p++;
        }
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

/* GTK sets a button's accessible label to its label as written whenever the label or the
 * mnemonic changes, and notifies after. A button keeps the words of the label it is labelled
 * by; a check button, labelled by none, gets its words as its label. */
static void
read_by_words (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget)) &&
      gtk_button_get_label (GTK_BUTTON (widget)) != NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL);
  else if (GTK_IS_CHECK_BUTTON (widget) &&
           gtk_check_button_get_use_underline (GTK_CHECK_BUTTON (widget)) &&
           gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)) != NULL)
    {
      g_autofree char *words =
        without_mnemonic (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      words, -1);
    }
  else if (GTK_IS_MENU_BUTTON (widget) &&
           gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)) != NULL)
    {
      /* A menu button with words ("Legend", "_Correct") is named by none in GTK 4.8. */
      g_autofree char *words =
        gtk_menu_button_get_use_underline (GTK_MENU_BUTTON (widget))
          ? without_mnemonic (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)))
          : g_strdup (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)));

      gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      words, -1);
    }
}

/* Every widget mapped: a button met the first time is put right and followed. */
static gboolean
map_hook (GSignalInvocationHint *hint,
          guint                  n_values,
          const GValue          *values,
          gpointer               data)
{
  GObject *object = g_value_get_object (&values[0]);
  GtkWidget *parent;

  /* "View _as" for a drop-down: the drop-down is labelled by it, but GTK 4.8 reads the
   * labels of the control a button is labelled by, not their labels: the button is labelled
   * by it too. */
  if (GTK_IS_LABEL (object))
    {
      GtkWidget *target = gtk_label_get_mnemonic_widget (GTK_LABEL (object));
      GtkWidget *button = GTK_IS_DROP_DOWN (target) ? drop_down_button (target) : NULL;

      if (button != NULL)
        {
          gtk_accessible_update_relation (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_RELATION_LABELLED_BY, object, NULL, -1);
          g_object_set_data (G_OBJECT (button), BY_LABEL, GINT_TO_POINTER (TRUE));
        }
      return TRUE;
    }
  if ((!GTK_IS_BUTTON (object) && !GTK_IS_CHECK_BUTTON (object) &&
       !GTK_IS_MENU_BUTTON (object)) ||
      g_object_get_data (object, WATCHED) != NULL)
    return TRUE;
  g_object_set_data (object, WATCHED, GINT_TO_POINTER (TRUE));
  /* The button a drop-down or a colour button is made of, which the keyboard focuses, is
   * named by none in GTK 4.8: it is labelled by the control it makes. */
  parent = gtk_widget_get_parent (GTK_WIDGET (object));
  if (GTK_IS_BUTTON (object) && (GTK_IS_DROP_DOWN (parent) || GTK_IS_COLOR_BUTTON (parent)) &&
      g_object_get_data (object, BY_LABEL) == NULL)
    gtk_accessible_update_relation (GTK_ACCESSIBLE (object),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, parent, NULL, -1);
  /* libadwaita 1.2's tab shows its close button as an icon with a tooltip, "Close Tab", and
   * names it by neither: the tooltip names it. */
  if (GTK_IS_BUTTON (object) && parent != NULL &&
      g_strcmp0 (G_OBJECT_TYPE_NAME (parent), "AdwTab") == 0 &&
      GTK_IS_IMAGE (gtk_button_get_child (GTK_BUTTON (object))) &&
      gtk_widget_get_tooltip_text (GTK_WIDGET (object)) != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (object), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_widget_get_tooltip_text (GTK_WIDGET (object)), -1);
  g_signal_connect (object, "notify::label", G_CALLBACK (read_by_words), NULL);
  g_signal_connect (object, "notify::use-underline", G_CALLBACK (read_by_words), NULL);
  read_by_words (GTK_WIDGET (object));
  return TRUE;
}

void
admiralty_accessible_install (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      /* The signals of a class are there once it is made; it is kept for the app's life. */
      g_type_class_ref (GTK_TYPE_WIDGET);
      g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0, map_hook, NULL,
                                  NULL);
      g_once_init_leave (&installed, 1);
    }
}
