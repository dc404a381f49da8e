/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window-corrections.c: the master's corrections from the order of battle. The
 * sidebar's Correct button offers the corrections of the formation selected, or of the
 * selected ship's formation, those of one ship opened on that ship
 * (admiralty_correction_formation_menu ()); a right click on a row,
 * or the Menu key or Shift+F10, selects it and opens that menu. Each item is the window's
 * action of its correction (win.correct-KIND), as on the sector card. */

#include "config.h"


#include "admiralty-correction-dialog.h"
#include "admiralty-fleet-node.h"
#include "admiralty-fleet-row.h"
#include "admiralty-window-private.h"

/* The formation of the order of battle's row @row: its own, or its ship's. */
static const AdmFormation *
row_formation (AdmiraltyWindow *self,
               GtkTreeListRow  *row)
{
  g_autoptr(AdmiraltyFleetNode) node = NULL;
  g_autoptr(GtkTreeListRow) parent = NULL;

  if (row == NULL || self->campaign == NULL)
    return NULL;
  node = gtk_tree_list_row_get_item (row);
  if (admiralty_fleet_node_get_kind (node) == ADMIRALTY_FLEET_NODE_SHIP)
    {
      parent = gtk_tree_list_row_get_parent (row);
      g_clear_object (&node);
      node = parent != NULL ? gtk_tree_list_row_get_item (parent) : NULL;
    }
  if (node == NULL || admiralty_fleet_node_get_kind (node) != ADMIRALTY_FLEET_NODE_FORMATION)
    return NULL;
  return adm_strategy_lookup_formation (adm_state_get_strategy (adm_campaign_get_state (self->campaign)),
                                        admiralty_fleet_node_get_id (node));
}

/* The ship of the order of battle's row @row, or NULL for a formation's row. */
static char *
row_ship (GtkTreeListRow *row)
{
  g_autoptr(AdmiraltyFleetNode) node = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;

  return node != NULL && admiralty_fleet_node_get_kind (node) == ADMIRALTY_FLEET_NODE_SHIP
         ? g_strdup (admiralty_fleet_node_get_id (node)) : NULL;
}

void
_admiralty_window_update_fleet_correct (AdmiraltyWindow *self)
{
  GtkTreeListRow *row = NULL;
  const AdmFormation *formation;
  g_autoptr(GMenuModel) menu = NULL;
  g_autofree char *ship_id = NULL;

  if (self->fleet_selection != NULL)
    row = gtk_single_selection_get_selected_item (GTK_SINGLE_SELECTION (self->fleet_selection));
  formation = row_formation (self, row);
  ship_id = row_ship (row);
  menu = formation != NULL ? admiralty_correction_formation_menu (formation, ship_id) : NULL;
  gtk_menu_button_set_menu_model (self->fleet_correct_button, menu);
  gtk_widget_set_sensitive (GTK_WIDGET (self->fleet_correct_button), menu != NULL);
}

/* The row showing @node selected; FALSE when none does. */
static gboolean
select_node (AdmiraltyWindow    *self,
             AdmiraltyFleetNode *node)
{
  GListModel *rows = G_LIST_MODEL (self->fleet_selection);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr(AdmiraltyFleetNode) item = gtk_tree_list_row_get_item (row);

      if (item == node)
        {
          gtk_selection_model_select_item (self->fleet_selection, i, TRUE);
          return TRUE;
        }
    }
  return FALSE;
}

static void
popup_menu (AdmiraltyWindow *self)
{
  _admiralty_window_update_fleet_correct (self);
  if (gtk_widget_get_sensitive (GTK_WIDGET (self->fleet_correct_button)))
    gtk_menu_button_popup (self->fleet_correct_button);
}

/* A right click on a row: that row selected, and its formation's corrections opened. */
static void
fleet_pressed_cb (AdmiraltyWindow *self,
                  int              n_press,
                  double           x,
                  double           y,
                  GtkGestureClick *gesture)
{
  GtkWidget *view = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget *picked = gtk_widget_pick (view, x, y, GTK_PICK_DEFAULT);
  GtkWidget *row = picked != NULL ? gtk_widget_get_ancestor (picked, ADMIRALTY_TYPE_FLEET_ROW)
                                  : NULL;
  GtkWidget *expander = NULL;

  if (row == NULL && picked != NULL)
    {
      /* The expander's own arrow, beside the row. */
      expander = gtk_widget_get_ancestor (picked, GTK_TYPE_TREE_EXPANDER);
      row = expander != NULL ? gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander)) : NULL;
    }
  if (row == NULL || self->fleet_selection == NULL ||
      !select_node (self, admiralty_fleet_row_get_node (ADMIRALTY_FLEET_ROW (row))))
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  popup_menu (self);
}

static gboolean
fleet_menu_key_cb (GtkWidget *widget,
                   GVariant  *args,
                   gpointer   data)
{
  popup_menu (ADMIRALTY_WINDOW (data));
  return TRUE;
}

void
_admiralty_window_corrections_init (AdmiraltyWindow *self)
{
  GtkGesture *gesture = gtk_gesture_click_new ();
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  g_autoptr(GtkShortcutAction) action = gtk_callback_action_new (fleet_menu_key_cb, self, NULL);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (gesture, "pressed", G_CALLBACK (fleet_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->fleet_view), GTK_EVENT_CONTROLLER (gesture));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Menu, 0),
                                                                                       gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK)),
                                                          g_object_ref (action)));
  gtk_widget_add_controller (GTK_WIDGET (self->fleet_view), shortcuts);
}
