/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-luck-window.c: the luck ledger in a window (admiralty-luck-window.h). The rows
 * are the engine's list model's (adm-luck-model.h), bound to the list's template; which rolls
 * an audience's rows count is the one audience filter's answer, never this window's. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-luck-window.h"

struct _AdmiraltyLuckWindow
{
  AdwWindow       parent_instance;

  AdmCampaign    *campaign;
  AdmLuckModel   *model;
  GPtrArray      *audiences;   /* char*: "master", "public", each faction's id */

  GtkDropDown    *audience_dropdown;
  GtkStack       *stack;
  GtkListView    *list_view;
  AdwStatusPage  *empty_page;
};

G_DEFINE_FINAL_TYPE (AdmiraltyLuckWindow, admiralty_luck_window, ADW_TYPE_WINDOW)

/* The list, or why it is empty. */
static void
update_page (AdmiraltyLuckWindow *self)
{
  gboolean empty = g_list_model_get_n_items (G_LIST_MODEL (self->model)) == 0;

  adw_status_page_set_description (self->empty_page,
                                   adm_luck_model_get_empty_reason (self->model));
  gtk_stack_set_visible_child_name (self->stack, empty ? "empty" : "ledger");
}

static void
audience_selected_cb (AdmiraltyLuckWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->audience_dropdown);

  if (selected < self->audiences->len)
    admiralty_luck_window_set_audience (self, g_ptr_array_index (self->audiences, selected));
}

static void
admiralty_luck_window_dispose (GObject *object)
{
  AdmiraltyLuckWindow *self = ADMIRALTY_LUCK_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_LUCK_WINDOW);
  g_clear_object (&self->model);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (admiralty_luck_window_parent_class)->dispose (object);
}

static void
admiralty_luck_window_finalize (GObject *object)
{
  AdmiraltyLuckWindow *self = ADMIRALTY_LUCK_WINDOW (object);

  g_ptr_array_unref (self->audiences);

  G_OBJECT_CLASS (admiralty_luck_window_parent_class)->finalize (object);
}

static void
admiralty_luck_window_class_init (AdmiraltyLuckWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_luck_window_dispose;
  object_class->finalize = admiralty_luck_window_finalize;

  /* The list's template looks the rows' properties up by type name. */
  g_type_ensure (ADM_TYPE_LUCK_ROW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-luck-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyLuckWindow, audience_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyLuckWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyLuckWindow, list_view);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyLuckWindow, empty_page);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_luck_window_init (AdmiraltyLuckWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->audiences = g_ptr_array_new_with_free_func (g_free);
}

AdmiraltyLuckWindow *
admiralty_luck_window_new (GtkApplication *application,
                           AdmCampaign    *campaign)
{
  AdmiraltyLuckWindow *self;
  GPtrArray *factions;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GtkNoSelection) selection = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  self = g_object_new (ADMIRALTY_TYPE_LUCK_WINDOW, "application", application, NULL);
  self->campaign = g_object_ref (campaign);
  self->model = adm_luck_model_new (campaign, "master");
  /* The audiences as the replay offers them (admiralty-replay-window.c). */
  gtk_string_list_append (names, _("As the Master"));
  g_ptr_array_add (self->audiences, g_strdup ("master"));
  gtk_string_list_append (names, _("As the Public"));
  g_ptr_array_add (self->audiences, g_strdup ("public"));
  factions = adm_ruleset_get_factions (adm_scenario_get_ruleset (adm_campaign_get_scenario (
                                         campaign)));
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);
      g_autofree char *name = g_strdup_printf (_("As %s"), faction->name);

      gtk_string_list_append (names, name);
      g_ptr_array_add (self->audiences, g_strdup (faction->id));
    }
  gtk_drop_down_set_model (self->audience_dropdown, G_LIST_MODEL (names));
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->model)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_signal_connect_object (self->model, "items-changed", G_CALLBACK (update_page), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->audience_dropdown, "notify::selected",
                           G_CALLBACK (audience_selected_cb), self, G_CONNECT_SWAPPED);
  update_page (self);
  return self;
}

AdmLuckModel *
admiralty_luck_window_get_model (AdmiraltyLuckWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_LUCK_WINDOW (self), NULL);
  return self->model;
}

gboolean
admiralty_luck_window_set_audience (AdmiraltyLuckWindow *self,
                                    const char          *audience)
{
  guint index;

  g_return_val_if_fail (ADMIRALTY_IS_LUCK_WINDOW (self), FALSE);
  g_return_val_if_fail (audience != NULL, FALSE);

  if (!g_ptr_array_find_with_equal_func (self->audiences, audience, g_str_equal, &index))
    return FALSE;
  if (gtk_drop_down_get_selected (self->audience_dropdown) != index)
    gtk_drop_down_set_selected (self->audience_dropdown, index);
  adm_luck_model_set_audience (self->model, audience);
  /* An audience whose rows are the same says no change: the page still follows it. */
  update_page (self);
  return TRUE;
}
