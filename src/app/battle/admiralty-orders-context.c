/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-context.c: the draft of a turn's declarations and what the orders panel's
 * sections share to enter them. The rules are the engine's: a candidate is checked by its dry
 * run (adm_battle_check_orders ()) before it replaces the draft. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-orders-context.h"

struct _AdmiraltyOrdersContext
{
  GObject               parent_instance;

  AdmBattle            *battle;
  AdmiraltyTableWidget *table;
  AdmTurnOrders        *draft;
  int                   ship;       /* the ship the sections are for, -1 */
  gboolean              inches;     /* lengths shown and typed in inches */
  gboolean              read_only;  /* an ended battle: no order control at all */
  GArray               *checked;    /* gboolean per weapon of the selected ship */
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersContext, admiralty_orders_context, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TABLE,
  PROP_SHIP,
  PROP_INCHES,
  PROP_READ_ONLY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CHANGED,
  SIGNAL_REFRESH,
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
admiralty_orders_context_dispose (GObject *object)
{
  AdmiraltyOrdersContext *self = ADMIRALTY_ORDERS_CONTEXT (object);

  g_clear_object (&self->battle);
  g_clear_object (&self->table);
  G_OBJECT_CLASS (admiralty_orders_context_parent_class)->dispose (object);
}

static void
admiralty_orders_context_finalize (GObject *object)
{
  AdmiraltyOrdersContext *self = ADMIRALTY_ORDERS_CONTEXT (object);

  g_clear_pointer (&self->draft, adm_turn_orders_free);
  g_clear_pointer (&self->checked, g_array_unref);
  G_OBJECT_CLASS (admiralty_orders_context_parent_class)->finalize (object);
}

static void
admiralty_orders_context_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  AdmiraltyOrdersContext *self = ADMIRALTY_ORDERS_CONTEXT (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_object (value, self->table);
      break;
    case PROP_SHIP:
      g_value_set_int (value, self->ship);
      break;
    case PROP_INCHES:
      g_value_set_boolean (value, self->inches);
      break;
    case PROP_READ_ONLY:
      g_value_set_boolean (value, self->read_only);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_orders_context_class_init (AdmiraltyOrdersContextClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = admiralty_orders_context_dispose;
  object_class->finalize = admiralty_orders_context_finalize;
  object_class->get_property = admiralty_orders_context_get_property;

  properties[PROP_TABLE] =
    g_param_spec_object ("table", NULL, NULL, ADMIRALTY_TYPE_TABLE_WIDGET,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_SHIP] =
    g_param_spec_int ("ship", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_INCHES] =
    g_param_spec_boolean ("inches", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_READ_ONLY] =
    g_param_spec_boolean ("read-only", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The draft changed: an order entered or removed. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* The state to be shown again, the draft as it was (an order refused, a weapon checked). */
  signals[SIGNAL_REFRESH] =
    g_signal_new ("refresh", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* A refusal to show, or NULL to take the last one away. */
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
admiralty_orders_context_init (AdmiraltyOrdersContext *self)
{
  self->ship = -1;
  self->checked = g_array_new (FALSE, TRUE, sizeof (gboolean));
}

AdmiraltyOrdersContext *
admiralty_orders_context_new (void)
{
  return g_object_new (ADMIRALTY_TYPE_ORDERS_CONTEXT, NULL);
}

void
admiralty_orders_context_attach (AdmiraltyOrdersContext *self,
                                 AdmBattle              *battle,
                                 AdmiraltyTableWidget   *table)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));
  g_return_if_fail (self->battle == NULL);

  self->battle = g_object_ref (battle);
  self->table = g_object_ref (table);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

AdmBattle *
admiralty_orders_context_get_battle (AdmiraltyOrdersContext *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), NULL);

  return self->battle;
}

AdmiraltyTableWidget *
admiralty_orders_context_get_table (AdmiraltyOrdersContext *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), NULL);

  return self->table;
}

const AdmTurnOrders *
admiralty_orders_context_get_orders (AdmiraltyOrdersContext *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), NULL);

  return self->draft;
}

AdmTurnOrders *
admiralty_orders_context_edit_orders (AdmiraltyOrdersContext *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), NULL);

  return self->draft;
}

/* @orders (owned, may be NULL) becomes the draft, written to the declarations' "file". */
void
admiralty_orders_context_replace (AdmiraltyOrdersContext *self,
                                  AdmTurnOrders          *orders)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  g_clear_pointer (&self->draft, adm_turn_orders_free);
  self->draft = orders;
  if (self->draft == NULL)
    return;
  g_free (self->draft->file);
  self->draft->file = g_strdup (ADMIRALTY_ORDERS_FILE);
}

void
admiralty_orders_context_commit (AdmiraltyOrdersContext *self,
                                 AdmTurnOrders          *orders)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));
  g_return_if_fail (orders != NULL);

  admiralty_orders_context_replace (self, orders);
  admiralty_orders_context_changed (self);
}

void
admiralty_orders_context_changed (AdmiraltyOrdersContext *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  adm_turn_orders_number_lines (self->draft);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void
admiralty_orders_context_refresh (AdmiraltyOrdersContext *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  g_signal_emit (self, signals[SIGNAL_REFRESH], 0);
}

int
admiralty_orders_context_get_ship (AdmiraltyOrdersContext *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), -1);

  return self->ship;
}

void
admiralty_orders_context_set_ship (AdmiraltyOrdersContext *self,
                                   int                     ship)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  if (self->ship == ship)
    return;
  self->ship = ship;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHIP]);
}

AdmAudience
admiralty_orders_context_audience (AdmiraltyOrdersContext *self)
{
  return adm_audience_for_view_side (
      self->table != NULL ? admiralty_table_widget_get_view_side (self->table) : -1);
}

const AdmBattleShip *
admiralty_orders_context_selected_ship (AdmiraltyOrdersContext *self)
{
  const AdmBattleShip *ship;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), NULL);

  if (self->battle == NULL || self->ship < 0 ||
      (guint) self->ship >= adm_battle_get_n_ships (self->battle))
    return NULL;
  ship = adm_battle_get_ship (self->battle, self->ship);
  /* In a side's view (the table's "View as") the editors are for that side's own ships: an
   * enemy's orders, its course and its targets are not shown (adm_audience_sees_orders ()). */
  if (self->table != NULL &&
      !adm_audience_sees_orders (admiralty_orders_context_audience (self), self->battle,
                                 ship->formation))
    return NULL;
  return ship;
}

const char *
admiralty_orders_context_selected_formation (AdmiraltyOrdersContext *self)
{
  const AdmBattleShip *ship = admiralty_orders_context_selected_ship (self);

  if (ship == NULL)
    return NULL;
  return adm_battle_get_formation (self->battle, ship->formation)->id;
}

gboolean
admiralty_orders_context_get_inches (AdmiraltyOrdersContext *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), FALSE);

  return self->inches;
}

void
admiralty_orders_context_set_inches (AdmiraltyOrdersContext *self,
                                     gboolean                inches)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  inches = !!inches;
  if (self->inches == inches)
    return;
  self->inches = inches;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INCHES]);
}

gboolean
admiralty_orders_context_get_read_only (AdmiraltyOrdersContext *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), FALSE);

  return self->read_only;
}

void
admiralty_orders_context_set_read_only (AdmiraltyOrdersContext *self,
                                        gboolean                read_only)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  read_only = !!read_only;
  if (self->read_only == read_only)
    return;
  self->read_only = read_only;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY]);
}

gboolean
admiralty_orders_context_weapon_checked (AdmiraltyOrdersContext *self,
                                         guint                   weapon)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), FALSE);

  return weapon < self->checked->len && g_array_index (self->checked, gboolean, weapon);
}

void
admiralty_orders_context_set_weapon_checked (AdmiraltyOrdersContext *self,
                                             guint                   weapon,
                                             gboolean                checked)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  if (weapon >= self->checked->len)
    g_array_set_size (self->checked, weapon + 1);
  g_array_index (self->checked, gboolean, weapon) = checked;
}

void
admiralty_orders_context_clear_weapons (AdmiraltyOrdersContext *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  g_array_set_size (self->checked, 0);
}

void
admiralty_orders_context_show_message (AdmiraltyOrdersContext *self,
                                       const char             *message)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self));

  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, message);
}

AdmTurnOrders *
admiralty_orders_context_copy_orders (AdmiraltyOrdersContext *self)
{
  g_autoptr(GError) error = NULL;
  AdmTurnOrders *copy;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), NULL);

  copy = adm_turn_orders_copy (self->draft, &error);
  if (copy == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The orders typed in do not read back: %s"),
                                                  error->message);

      admiralty_orders_context_show_message (self, message);
      return NULL;
    }
  g_free (copy->file);
  copy->file = g_strdup (ADMIRALTY_ORDERS_FILE);
  return copy;
}

gboolean
admiralty_orders_context_dry_run (AdmiraltyOrdersContext *self,
                                  AdmTurnOrders          *candidate,
                                  guint                   line,
                                  char                  **reason)
{
  g_autoptr(GError) error = NULL;
  const char *text;
  guint failed;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_CONTEXT (self), FALSE);

  adm_turn_orders_number_lines (candidate);
  if (adm_battle_check_orders (self->battle, candidate, ADM_PHASE_END, &error))
    return TRUE;
  failed = admiralty_orders_split_error (error->message, &text);
  if (line != 0 && failed != line)
    return TRUE;
  *reason = g_strdup (text);
  return FALSE;
}

const char *
admiralty_orders_context_ship_name (AdmiraltyOrdersContext *self,
                                    const char             *id)
{
  const AdmBattleShip *ship = adm_battle_lookup_ship (self->battle, id);

  return ship != NULL ? ship->name : id;
}

const char *
admiralty_orders_context_formation_name (AdmiraltyOrdersContext *self,
                                         const char             *id)
{
  int index = adm_battle_formation_index (self->battle, id);

  return index >= 0 ? adm_battle_get_formation (self->battle, index)->name : id;
}

const char *
admiralty_orders_context_weapon_name (AdmiraltyOrdersContext *self,
                                      const char             *ship_id,
                                      const char             *weapon_id)
{
  const AdmBattleShip *ship = adm_battle_lookup_ship (self->battle, ship_id);

  if (ship != NULL)
    for (guint w = 0; w < ship->klass->weapons->len; w++)
      {
        const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

        if (g_strcmp0 (weapon->id, weapon_id) == 0)
          return weapon->name;
      }
  return weapon_id;
}

/* Declarations */

guint
admiralty_orders_split_error (const char  *message,
                              const char **reason)
{
  const char *prefix = ADMIRALTY_ORDERS_FILE ":";
  char *end = NULL;
  guint64 line;

  *reason = message;
  if (!g_str_has_prefix (message, prefix))
    return 0;
  line = g_ascii_strtoull (message + strlen (prefix), &end, 10);
  if (end == NULL || end[0] != ':' || line == 0)
    return 0;
  *reason = end[1] == ' ' ? end + 2 : end + 1;
  return (guint) line;
}

gboolean
admiralty_orders_reads_back (const AdmTurnOrders *candidate,
                             char               **reason)
{
  g_autofree char *text = adm_turn_orders_to_string (candidate);
  g_autoptr(GError) error = NULL;
  AdmTurnOrders *copy = adm_turn_orders_parse (text, ADMIRALTY_ORDERS_FILE, &error);
  const char *message;

  if (copy != NULL)
    {
      adm_turn_orders_free (copy);
      return TRUE;
    }
  admiralty_orders_split_error (error->message, &message);
  /* Translators: an order refused; %s is the reason */
  *reason = g_strdup_printf (_("This order cannot be written: %s. Give ships as they are listed."),
                             message);
  return FALSE;
}

AdmMoveDecl *
admiralty_orders_find_move (const AdmTurnOrders *orders,
                            const char          *formation,
                            guint               *index)
{
  for (guint i = 0; i < orders->moves->len; i++)
    {
      AdmMoveDecl *decl = g_ptr_array_index (orders->moves, i);

      if (g_strcmp0 (decl->formation, formation) == 0)
        {
          if (index != NULL)
            *index = i;
          return decl;
        }
    }
  return NULL;
}

void
admiralty_orders_move_decl_free (AdmMoveDecl *decl)
{
  g_free (decl->formation);
  g_free (decl->ram);
  g_array_unref (decl->steps);
  g_free (decl);
}

AdmMoveDecl *
admiralty_orders_move_decl_copy (const AdmMoveDecl *decl,
                                 const char        *formation)
{
  AdmMoveDecl *copy = adm_move_decl_new (formation);

  if (decl != NULL)
    {
      copy->order = decl->order;
      copy->ram = g_strdup (decl->ram);
      g_array_append_vals (copy->steps, decl->steps->data, decl->steps->len);
      copy->line = decl->line;
    }
  return copy;
}

int
admiralty_orders_find_ship_order (GPtrArray  *list,
                                  const char *ship)
{
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (((AdmShipOrderDecl *) g_ptr_array_index (list, i))->ship, ship) == 0)
      return i;
  return -1;
}

gboolean
admiralty_orders_weapon_declared (const AdmTurnOrders *orders,
                                  const char          *ship_id,
                                  const char          *weapon_id)
{
  for (guint d = 0; d < orders->fires->len; d++)
    {
      const AdmFireDecl *fire = g_ptr_array_index (orders->fires, d);

      for (guint w = 0; w < fire->weapons->len; w++)
        if (g_strcmp0 (g_ptr_array_index (fire->ships, w), ship_id) == 0 &&
            g_strcmp0 (g_ptr_array_index (fire->weapons, w), weapon_id) == 0)
          return TRUE;
    }
  return FALSE;
}

void
admiralty_orders_fire_decl_free (AdmFireDecl *decl)
{
  g_ptr_array_unref (decl->ships);
  g_ptr_array_unref (decl->weapons);
  g_free (decl->target);
  g_free (decl);
}

void
admiralty_orders_order_decl_free (AdmOrderDecl *decl)
{
  g_free (decl->element);
  g_ptr_array_unref (decl->keys);
  g_ptr_array_unref (decl->values);
  g_free (decl);
}
