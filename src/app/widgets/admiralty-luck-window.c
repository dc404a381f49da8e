/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-luck-window.c: the luck ledger in a window (admiralty-luck-window.h), of a
 * campaign or of a TI4 combat. The rows are the engine's list model's (adm-luck-model.h), bound
 * to the list's template; which rolls an audience's rows count and list is the one audience
 * filter's answer, never this window's.
 * "Totals" and "Every Roll" are the two states of luck.rows, the property "rows". */

#include "config.h"

#include "admiralty-luck-window.h"

#include "admiralty-audience-dropdown.h"

struct _AdmiraltyLuckWindow
{
  AdwWindow       parent_instance;

  AdmCampaign    *campaign;      /* the campaign whose ledger this is, or NULL */
  AdmTi4Combat   *combat;        /* else the TI4 combat */
  AdmLuckModel   *model;

  GtkDropDown    *audience_dropdown;
  GtkStack       *stack;
  GtkListView    *list_view;
  AdwStatusPage  *empty_page;
};

G_DEFINE_FINAL_TYPE (AdmiraltyLuckWindow, admiralty_luck_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_ROWS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define ROWS_TOTALS     "totals"
#define ROWS_EVERY_ROLL "every-roll"

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
  const char *audience = admiralty_audience_dropdown_get_audience (self->audience_dropdown);

  if (audience != NULL)
    admiralty_luck_window_set_audience (self, audience);
}

static void
admiralty_luck_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  AdmiraltyLuckWindow *self = ADMIRALTY_LUCK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ROWS:
      g_value_set_string (value, self->model != NULL &&
                                 adm_luck_model_get_every_roll (self->model)
                                 ? ROWS_EVERY_ROLL : ROWS_TOTALS);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_luck_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  AdmiraltyLuckWindow *self = ADMIRALTY_LUCK_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ROWS:
      admiralty_luck_window_set_every_roll (self, g_strcmp0 (g_value_get_string (value),
                                                             ROWS_EVERY_ROLL) == 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_luck_window_dispose (GObject *object)
{
  AdmiraltyLuckWindow *self = ADMIRALTY_LUCK_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_LUCK_WINDOW);
  g_clear_object (&self->model);
  g_clear_object (&self->campaign);
  g_clear_object (&self->combat);

  G_OBJECT_CLASS (admiralty_luck_window_parent_class)->dispose (object);
}

static void
admiralty_luck_window_class_init (AdmiraltyLuckWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_luck_window_dispose;
  object_class->get_property = admiralty_luck_window_get_property;
  object_class->set_property = admiralty_luck_window_set_property;

  /* "totals" or "every-roll": the tallies, or every roll from the luckiest to the
   * unluckiest. */
  properties[PROP_ROWS] = g_param_spec_string ("rows", NULL, NULL, ROWS_TOTALS,
                                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                                               G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

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
  gtk_widget_class_install_property_action (widget_class, "luck.rows", "rows");
}

static void
admiralty_luck_window_init (AdmiraltyLuckWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Shows @model, ours from now on, and follows it. */
static void
show_model (AdmiraltyLuckWindow *self,
            AdmLuckModel        *model)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  self->model = model;
  selection = gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->model)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_signal_connect_object (self->model, "items-changed", G_CALLBACK (update_page), self,
                           G_CONNECT_SWAPPED);
  update_page (self);
}

AdmiraltyLuckWindow *
admiralty_luck_window_new (GtkApplication *application,
                           AdmCampaign    *campaign)
{
  AdmiraltyLuckWindow *self;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  self = g_object_new (ADMIRALTY_TYPE_LUCK_WINDOW, "application", application, NULL);
  self->campaign = g_object_ref (campaign);
  admiralty_audience_dropdown_set_campaign (self->audience_dropdown, campaign);
  show_model (self, adm_luck_model_new (campaign, "master"));
  g_signal_connect_object (self->audience_dropdown, "notify::selected",
                           G_CALLBACK (audience_selected_cb), self, G_CONNECT_SWAPPED);
  return self;
}

AdmiraltyLuckWindow *
admiralty_luck_window_new_ti4 (GtkApplication *application,
                               AdmTi4Combat   *combat)
{
  AdmiraltyLuckWindow *self;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (combat), NULL);

  self = g_object_new (ADMIRALTY_TYPE_LUCK_WINDOW, "application", application, NULL);
  self->combat = g_object_ref (combat);
  /* LRR 39.5: both players see every roll; the filter gives each the master's rows. */
  gtk_widget_set_visible (GTK_WIDGET (self->audience_dropdown), FALSE);
  show_model (self, adm_luck_model_new_ti4 (combat, "master"));
  admiralty_luck_window_set_every_roll (self, TRUE);
  return self;
}

AdmTi4Combat *
admiralty_luck_window_get_ti4_combat (AdmiraltyLuckWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_LUCK_WINDOW (self), NULL);
  return self->combat;
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
  g_return_val_if_fail (ADMIRALTY_IS_LUCK_WINDOW (self), FALSE);
  g_return_val_if_fail (audience != NULL, FALSE);

  if (!admiralty_audience_dropdown_set_audience (self->audience_dropdown, audience))
    return FALSE;
  adm_luck_model_set_audience (self->model, audience);
  /* An audience whose rows are the same says no change: the page still follows it. */
  update_page (self);
  return TRUE;
}

void
admiralty_luck_window_set_every_roll (AdmiraltyLuckWindow *self,
                                      gboolean             every_roll)
{
  g_return_if_fail (ADMIRALTY_IS_LUCK_WINDOW (self));

  if (self->model == NULL || adm_luck_model_get_every_roll (self->model) == !!every_roll)
    return;
  adm_luck_model_set_every_roll (self->model, every_roll);
  /* Rows that are the same (none either way) say no change: the page still follows. */
  update_page (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROWS]);
}
