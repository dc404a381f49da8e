/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-focus-scroll.c: scrolling to the focus, not to a popover's choices. */

#include "config.h"

#include "admiralty-focus-scroll.h"

static GtkWidget *
find_scrolled (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_scrolled (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* As GtkViewport's own handler: the focused widget's bounds brought into the page, the least
 * scroll that shows it; nothing for a widget in a popover, which shows over the page. */
static void
focus_changed_cb (GtkRoot           *root,
                  GParamSpec        *pspec,
                  GtkScrolledWindow *scrolled)
{
  GtkWidget *focus = gtk_root_get_focus (root);
  GtkWidget *viewport = gtk_scrolled_window_get_child (scrolled);
  GtkWidget *content;
  graphene_rect_t bounds;

  if (focus == NULL || !GTK_IS_VIEWPORT (viewport) ||
      !gtk_widget_is_ancestor (focus, viewport) ||
      gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL)
    return;
  content = gtk_viewport_get_child (GTK_VIEWPORT (viewport));
  if (GTK_IS_TEXT (focus))
    focus = gtk_widget_get_parent (focus);
  if (content == NULL || !gtk_widget_compute_bounds (focus, content, &bounds))
    return;
  gtk_adjustment_clamp_page (gtk_scrolled_window_get_vadjustment (scrolled), bounds.origin.y,
                             bounds.origin.y + bounds.size.height);
}

static void
page_root_cb (GtkWidget         *page,
              GParamSpec        *pspec,
              GtkScrolledWindow *scrolled)
{
  GtkRoot *root = gtk_widget_get_root (page);

  if (root != NULL)
    g_signal_connect_object (root, "notify::focus-widget", G_CALLBACK (focus_changed_cb),
                             scrolled, 0);
}

void
admiralty_focus_scroll_outside_popovers (AdwPreferencesPage *page)
{
  GtkWidget *scrolled;
  GtkWidget *viewport;

  g_return_if_fail (ADW_IS_PREFERENCES_PAGE (page));

  scrolled = find_scrolled (GTK_WIDGET (page));
  g_return_if_fail (scrolled != NULL);
  viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
  g_return_if_fail (GTK_IS_VIEWPORT (viewport));
  gtk_viewport_set_scroll_to_focus (GTK_VIEWPORT (viewport), FALSE);
  if (gtk_widget_get_root (GTK_WIDGET (page)) != NULL)
    page_root_cb (GTK_WIDGET (page), NULL, GTK_SCROLLED_WINDOW (scrolled));
  else
    g_signal_connect_object (page, "notify::root", G_CALLBACK (page_root_cb), scrolled, 0);
}
