/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-welcome-page.c: the welcome page of a window with no campaign (see the header). */
#include "config.h"

#include "admiralty-welcome-page.h"

struct _AdmiraltyWelcomePage
{
  AdwBin      parent_instance;

  GtkWidget  *recent_group;
  GtkListBox *recent_list;
  GtkWidget  *scenarios_group;
  GtkListBox *scenarios_list;
};

G_DEFINE_FINAL_TYPE (AdmiraltyWelcomePage, admiralty_welcome_page, ADW_TYPE_BIN)

static void
admiralty_welcome_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), ADMIRALTY_TYPE_WELCOME_PAGE);

  G_OBJECT_CLASS (admiralty_welcome_page_parent_class)->dispose (object);
}

static void
admiralty_welcome_page_class_init (AdmiraltyWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_welcome_page_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWelcomePage, recent_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWelcomePage, recent_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWelcomePage, scenarios_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWelcomePage, scenarios_list);
}

static void
admiralty_welcome_page_init (AdmiraltyWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

AdmiraltyWelcomePage *
admiralty_welcome_page_new (void)
{
  return g_object_new (ADMIRALTY_TYPE_WELCOME_PAGE, NULL);
}

GtkWidget *
admiralty_welcome_page_get_recent_group (AdmiraltyWelcomePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WELCOME_PAGE (self), NULL);

  return self->recent_group;
}

GtkListBox *
admiralty_welcome_page_get_recent_list (AdmiraltyWelcomePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WELCOME_PAGE (self), NULL);

  return self->recent_list;
}

GtkWidget *
admiralty_welcome_page_get_scenarios_group (AdmiraltyWelcomePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WELCOME_PAGE (self), NULL);

  return self->scenarios_group;
}

GtkListBox *
admiralty_welcome_page_get_scenarios_list (AdmiraltyWelcomePage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WELCOME_PAGE (self), NULL);

  return self->scenarios_list;
}
