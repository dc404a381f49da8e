/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-table-keys.c: the tactical table's arrow keys and its accessible name, through the
 * table widget's public functions alone. */

#include "config.h"

#include <math.h>
#include <glib/gi18n.h>

#include "admiralty-table-keys.h"
#include "admiralty-key-step.h"
#include "admiralty-units.h"

#define PAN_STEP      60.0  /* px Ctrl and an arrow key move the table */
#define SHOW_MARGIN   40.0  /* px kept between a token reached by key and the table's edge */

/* Whether ship @i is drawn in the widget's view. */
/* Whom the table is drawn for: its view side, or the public it is set to. */
static AdmAudience
viewer (AdmiraltyTableWidget *self,
        AdmBattle            *battle)
{
  return admiralty_table_options_audience (battle, admiralty_table_widget_get_options (self));
}

static gboolean
ship_shown (AdmiraltyTableWidget *self,
            guint                 i)
{
  AdmBattle *battle = admiralty_table_widget_get_battle (self);

  return admiralty_table_ship_face_to (battle, i, viewer (self, battle)) != ADMIRALTY_TOKEN_HIDDEN;
}

static void
ship_pixels (AdmiraltyTableWidget *self,
             int                   i,
             double               *x,
             double               *y)
{
  const AdmBattleShip *ship = adm_battle_get_ship (admiralty_table_widget_get_battle (self), i);

  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (self), ship->position, x, y);
}

static gboolean
is_target (AdmiraltyTableWidget *self,
           guint                 i)
{
  GArray *targets = admiralty_table_widget_get_options (self)->highlight_ships;

  for (guint k = 0; targets != NULL && k < targets->len; k++)
    if (g_array_index (targets, guint, k) == i)
      return TRUE;
  return FALSE;
}

/* The shown ship (a possible target only, with @targets) nearest the way of (@dx, @dy) from
 * ship @from, or -1. */
static int
ship_towards (AdmiraltyTableWidget *self,
              int                   from,
              int                   dx,
              int                   dy,
              gboolean              targets)
{
  AdmBattle *battle = admiralty_table_widget_get_battle (self);
  double from_x, from_y, best_score = INFINITY;
  int best = -1;

  ship_pixels (self, from, &from_x, &from_y);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      double x, y, score;

      if ((int) i == from || !ship_shown (self, i) || (targets && !is_target (self, i)))
        continue;
      ship_pixels (self, i, &x, &y);
      score = admiralty_key_step_score (from_x, from_y, x, y, dx, dy);
      if (score < best_score)
        {
          best = (int) i;
          best_score = score;
        }
    }
  return best;
}

/* The shown ship nearest the middle of the view, or -1. */
static int
ship_nearest_middle (AdmiraltyTableWidget *self)
{
  const AdmiraltyTableView *view = admiralty_table_widget_get_view (self);
  AdmBattle *battle = admiralty_table_widget_get_battle (self);
  double best_distance = INFINITY;
  int best = -1;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      double x, y, distance;

      if (!ship_shown (self, i))
        continue;
      ship_pixels (self, i, &x, &y);
      distance = hypot (x - view->width / 2.0, y - view->height / 2.0);
      if (distance < best_distance)
        {
          best = (int) i;
          best_distance = distance;
        }
    }
  return best;
}

/* Pans the least that brings ship @i's centre a margin inside the view. */
static void
show_ship (AdmiraltyTableWidget *self,
           int                   i)
{
  const AdmiraltyTableView *view = admiralty_table_widget_get_view (self);
  double x, y, dx = 0, dy = 0;

  ship_pixels (self, i, &x, &y);
  if (x < SHOW_MARGIN)
    dx = SHOW_MARGIN - x;
  else if (x > view->width - SHOW_MARGIN)
    dx = view->width - SHOW_MARGIN - x;
  if (y < SHOW_MARGIN)
    dy = SHOW_MARGIN - y;
  else if (y > view->height - SHOW_MARGIN)
    dy = view->height - SHOW_MARGIN - y;
  if (dx != 0 || dy != 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "table.pan", "(dd)", dx, dy);
}

/* An arrow: the token nearest that way from the selected one becomes the selection; with none
 * selected, the token nearest the middle of the view. */
static void
select_towards_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);
  int selected = admiralty_table_widget_get_selected_ship (self);
  int to;
  int dx, dy;

  if (admiralty_table_widget_get_battle (self) == NULL)
    return;
  g_variant_get (parameter, "(ii)", &dx, &dy);
  if (selected >= 0 && ship_shown (self, selected))
    to = ship_towards (self, selected, dx, dy, FALSE);
  else
    to = ship_nearest_middle (self);
  if (to < 0)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  admiralty_table_widget_set_selected_ship (self, to);
  show_ship (self, to);
}

/* Shift and an arrow: the firer aims at the possible target nearest that way from the one it
 * aims at, or from itself. */
static void
target_towards_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);
  int selected = admiralty_table_widget_get_selected_ship (self);
  int target = admiralty_table_widget_get_target_ship (self);
  int to = -1;
  int dx, dy;

  g_variant_get (parameter, "(ii)", &dx, &dy);
  if (admiralty_table_widget_get_battle (self) != NULL && selected >= 0)
    to = ship_towards (self, target >= 0 ? target : selected, dx, dy, TRUE);
  if (to < 0)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  admiralty_table_widget_set_target_ship (self, to);
  show_ship (self, to);
}

typedef struct {
  guint  ship;
  double distance;
} ByDistance;

static int
by_distance_cmp (gconstpointer a,
                 gconstpointer b)
{
  const ByDistance *x = a, *y = b;

  return x->distance < y->distance ? -1 : x->distance > y->distance ? 1
         : (int) x->ship - (int) y->ship;
}

/* T and Shift+T: the firer's possible targets in turn, nearest first. */
static void
next_target_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  AdmiraltyTableWidget *self = ADMIRALTY_TABLE_WIDGET (widget);
  AdmBattle *battle = admiralty_table_widget_get_battle (self);
  int selected = admiralty_table_widget_get_selected_ship (self);
  int target = admiralty_table_widget_get_target_ship (self);
  GArray *targets = admiralty_table_widget_get_options (self)->highlight_ships;
  int step = g_variant_get_int32 (parameter) < 0 ? -1 : 1;
  g_autoptr(GArray) order = NULL;
  int at = -1;

  if (battle == NULL || selected < 0 || targets == NULL || targets->len == 0)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  order = g_array_new (FALSE, FALSE, sizeof (ByDistance));
  for (guint k = 0; k < targets->len; k++)
    {
      guint ship = g_array_index (targets, guint, k);
      ByDistance entry = { ship, 0 };

      if (ship >= adm_battle_get_n_ships (battle) || !ship_shown (self, ship))
        continue;
      entry.distance = adm_distance (adm_battle_get_ship (battle, selected)->position,
                                           adm_battle_get_ship (battle, ship)->position);
      g_array_append_val (order, entry);
    }
  if (order->len == 0)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  g_array_sort (order, by_distance_cmp);
  for (guint k = 0; k < order->len; k++)
    if ((int) g_array_index (order, ByDistance, k).ship == target)
      at = (int) k;
  if (at < 0)
    at = step > 0 ? 0 : (int) order->len - 1;
  else
    at = (at + step + (int) order->len) % (int) order->len;
  admiralty_table_widget_set_target_ship (self, g_array_index (order, ByDistance, at).ship);
  show_ship (self, g_array_index (order, ByDistance, at).ship);
}

void
admiralty_table_keys_install (GtkWidgetClass *widget_class)
{
  static const struct { guint keyval; int dx, dy; } arrows[] = {
    { GDK_KEY_Left, -1, 0 }, { GDK_KEY_Right, 1, 0 }, { GDK_KEY_Up, 0, -1 }, { GDK_KEY_Down, 0, 1 },
    { GDK_KEY_KP_Left, -1, 0 }, { GDK_KEY_KP_Right, 1, 0 }, { GDK_KEY_KP_Up, 0, -1 },
    { GDK_KEY_KP_Down, 0, 1 },
  };

  gtk_widget_class_install_action (widget_class, "table.select-towards", "(ii)",
                                   select_towards_action);
  gtk_widget_class_install_action (widget_class, "table.target-towards", "(ii)",
                                   target_towards_action);
  gtk_widget_class_install_action (widget_class, "table.next-target", "i", next_target_action);
  for (guint i = 0; i < G_N_ELEMENTS (arrows); i++)
    {
      gtk_widget_class_add_binding_action (widget_class, arrows[i].keyval, 0,
                                           "table.select-towards", "(ii)", arrows[i].dx,
                                           arrows[i].dy);
      gtk_widget_class_add_binding_action (widget_class, arrows[i].keyval, GDK_SHIFT_MASK,
                                           "table.target-towards", "(ii)", arrows[i].dx,
                                           arrows[i].dy);
      /* Ctrl and an arrow show more of the table that way: the table moves the other way. */
      gtk_widget_class_add_binding_action (widget_class, arrows[i].keyval, GDK_CONTROL_MASK,
                                           "table.pan", "(dd)", -arrows[i].dx * PAN_STEP,
                                           -arrows[i].dy * PAN_STEP);
    }
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, 0, "table.next-target", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_T, GDK_SHIFT_MASK,
                                       "table.next-target", "i", -1);
}

/* "Triumph (Barrayar)", or "a face-down token" for a ship the view shows face down. */
static char *
dup_token_name (AdmiraltyTableWidget *self,
                int                   i)
{
  AdmBattle *battle = admiralty_table_widget_get_battle (self);
  const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

  if (admiralty_table_ship_face_to (battle, i, viewer (self, battle)) != ADMIRALTY_TOKEN_FACE_UP)
    /* Translators: a token the side viewing the table has detected but not identified */
    return g_strdup (_("a face-down token"));
  /* Translators: a ship on the tactical table for a screen reader: its name and its side,
   * "Triumph (Barrayar)" */
  return g_strdup_printf (_("%s (%s)"), ship->name, adm_battle_get_side (battle, ship->side)->name);
}

char *
admiralty_table_keys_dup_label (AdmiraltyTableWidget *self)
{
  AdmBattle *battle;
  int selected, target;
  g_autofree char *firer = NULL;
  g_autofree char *aimed = NULL;
  g_autofree char *length = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self), NULL);

  battle = admiralty_table_widget_get_battle (self);
  selected = admiralty_table_widget_get_selected_ship (self);
  target = admiralty_table_widget_get_target_ship (self);
  if (battle == NULL || selected < 0 || selected >= (int) adm_battle_get_n_ships (battle) ||
      !ship_shown (self, selected))
    return g_strdup (_("Tactical Table"));
  firer = dup_token_name (self, selected);
  if (target < 0 || target >= (int) adm_battle_get_n_ships (battle) || !ship_shown (self, target))
    /* Translators: the tactical table's name for a screen reader, with the selected ship,
     * "Tactical Table: Triumph (Barrayar) selected" */
    return g_strdup_printf (_("Tactical Table: %s selected"), firer);
  aimed = dup_token_name (self, target);
  length = admiralty_format_length (
    adm_distance (adm_battle_get_ship (battle, selected)->position,
                        adm_battle_get_ship (battle, target)->position),
    admiralty_table_widget_get_options (self)->inches);
  /* Translators: the tactical table's name for a screen reader, with the selected ship, the
   * ship it aims at and the distance between them, "Tactical Table: Triumph (Barrayar) aiming
   * at Jade Needle (Cetaganda), 34 cm" */
  return g_strdup_printf (_("Tactical Table: %s aiming at %s, %s"), firer, aimed, length);
}

static void
update_label_cb (AdmiraltyTableWidget *self,
                 GParamSpec           *pspec,
                 gpointer              data)
{
  g_autofree char *label = admiralty_table_keys_dup_label (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

void
admiralty_table_keys_attach (AdmiraltyTableWidget *self)
{
  static const char *const properties[] = {
    "notify::battle", "notify::view-side", "notify::selected-ship", "notify::target-ship",
  };

  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (properties); i++)
    g_signal_connect (self, properties[i], G_CALLBACK (update_label_cb), NULL);
}
