/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-list.c: the turn's declarations in words, in the order
 * adm_turn_orders_number_lines () numbers them, so that a refusal "orders:3: …" names its
 * row; each can be removed until its phase is resolved. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-orders-kinds.h"
#include "admiralty-orders-list.h"
#include "admiralty-units.h"
#include "admiralty-tooltip.h"

struct _AdmiraltyOrdersList
{
  GtkWidget               parent_instance;

  AdmiraltyOrdersContext *context;
  gboolean                listing;  /* the list is being filled for the view */
  GPtrArray              *rows;     /* DeclRow, as the list box shows them, then hidden ones */
  guint                   n_shown;  /* the rows shown, first in @rows */

  /* Template children */
  GtkListBox             *decl_list;
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersList, admiralty_orders_list, GTK_TYPE_WIDGET)

static AdmBattle *
get_battle (AdmiraltyOrdersList *self)
{
  return admiralty_orders_context_get_battle (self->context);
}

static gboolean
inches (AdmiraltyOrdersList *self)
{
  return admiralty_orders_context_get_inches (self->context);
}

static const char *
weapon_name (AdmiraltyOrdersList *self,
             const char          *ship_id,
             const char          *weapon_id)
{
  return admiralty_orders_context_weapon_name (self->context, ship_id, weapon_id);
}

static const char *
ship_name (AdmiraltyOrdersList *self,
           const char          *id)
{
  return admiralty_orders_context_ship_name (self->context, id);
}

static const char *
formation_name (AdmiraltyOrdersList *self,
                const char          *id)
{
  return admiralty_orders_context_formation_name (self->context, id);
}

/* Describing declarations */

static char *
describe_steps (const AdmMoveDecl *decl,
                gboolean           inches)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < decl->steps->len; i++)
    {
      const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, i);

      if (text->len > 0)
        g_string_append (text, ", ");
      if (step->orbit > 0)
        /* Translators: a change of low orbit (F-ORB-1) */
        g_string_append_printf (text, _("to orbit %d"), step->orbit);
      else if (step->is_turn)
        g_string_append_printf (text, step->value >= 0 ? _("%g° to starboard")
                                                       : _("%g° to port"),
                                fabs (step->value));
      else
        {
          g_autofree char *length = admiralty_format_length (step->value, inches);

          g_string_append (text, length);
        }
    }
  if (text->len == 0)
    g_string_append (text, _("stays in place"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *
move_order_label (AdmMoveOrder order)
{
  switch (order)
    {
    case ADM_MOVE_ORDER_COURSE_CORRECTION:
      return _("course correction");
    case ADM_MOVE_ORDER_EMERGENCY_STOP:
      return _("emergency stop");
    case ADM_MOVE_ORDER_ALL_AHEAD_FULL:
      return _("all ahead full");
    case ADM_MOVE_ORDER_NONE:
    default:
      return NULL;
    }
}

static char *
describe_move (AdmiraltyOrdersList *self,
               const AdmMoveDecl   *decl)
{
  g_autofree char *steps = describe_steps (decl, inches (self));
  g_autoptr(GString) text = g_string_new (NULL);

  /* Translators: a course, "Red Squadron: 10 cm, 45° to starboard, 6 cm" */
  g_string_append_printf (text, _("%s: %s"), formation_name (self, decl->formation), steps);
  if (move_order_label (decl->order) != NULL)
    g_string_append_printf (text, " · %s", move_order_label (decl->order));
  if (decl->ram != NULL)
    g_string_append_printf (text, _(" · ramming %s"), ship_name (self, decl->ram));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_batteries (AdmiraltyOrdersList *self,
                    GPtrArray           *ships,
                    GPtrArray           *weapons)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < ships->len; i++)
    {
      const char *ship = g_ptr_array_index (ships, i);

      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: a ship's weapon, "Vorberg's Main battery" */
      g_string_append_printf (text, _("%s's %s"), ship_name (self, ship),
                              weapon_name (self, ship, g_ptr_array_index (weapons, i)));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
describe_fire (AdmiraltyOrdersList *self,
               const AdmFireDecl   *decl)
{
  g_autofree char *batteries = describe_batteries (self, decl->ships, decl->weapons);

  if (decl->is_return)
    /* Translators: a fire declaration; the arrow points at the target */
    return g_strdup_printf (_("%s → %s (return fire)"), batteries,
                            ship_name (self, decl->target));
  return g_strdup_printf (_("%s → %s"), batteries, ship_name (self, decl->target));
}

/* "ship:weapon ship:weapon" read as the batteries it names. */
static char *
describe_weapon_list (AdmiraltyOrdersList *self,
                      const char          *list)
{
  g_auto(GStrv) items = g_strsplit_set (list, " \t\n", -1);
  g_autoptr(GPtrArray) ships = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) weapons = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *colon = strchr (items[i], ':');

      if (colon == NULL)
        continue;
      g_ptr_array_add (ships, g_strndup (items[i], colon - items[i]));
      g_ptr_array_add (weapons, g_strdup (colon + 1));
    }
  return describe_batteries (self, ships, weapons);
}

static char *
describe_other (AdmiraltyOrdersList *self,
                const AdmOrderDecl  *decl)
{
  const AdmiraltyOrdersKind *kind = admiralty_orders_kind_lookup (decl->element);
  g_autoptr(GString) text = g_string_new (kind != NULL ? _(kind->label) : decl->element);

  for (guint i = 0; i < decl->keys->len; i++)
    {
      const char *key = g_ptr_array_index (decl->keys, i);
      const char *value = g_ptr_array_index (decl->values, i);
      const char *label = key;
      AdmiraltyOrdersFieldKind field = ORDERS_FIELD_TEXT;
      g_autofree char *shown = NULL;

      for (guint f = 0; kind != NULL && f < G_N_ELEMENTS (kind->fields); f++)
        if (g_strcmp0 (kind->fields[f].key, key) == 0)
          {
            label = _(kind->fields[f].label);
            field = kind->fields[f].kind;
          }
      if (field == ORDERS_FIELD_SHIP || field == ORDERS_FIELD_TARGET)
        shown = g_strdup (ship_name (self, value));
      else if (field == ORDERS_FIELD_TORPEDOES || field == ORDERS_FIELD_GUNS)
        shown = describe_weapon_list (self, value);
      else if (field == ORDERS_FIELD_FORMATION)
        shown = g_strdup (formation_name (self, value));
      else if (field == ORDERS_FIELD_CHOICE)
        shown = g_strdup (admiralty_orders_choice_label (value));
      else if (field == ORDERS_FIELD_CRITICAL)
        shown = admiralty_orders_critical_label (get_battle (self),
                                                 adm_order_decl_get (decl, "ship"), value);
      else
        shown = g_strdup (value);
      g_string_append_printf (text, "%s %s: %s", i == 0 ? " —" : ",", label, shown);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Every declaration in the order adm_turn_orders_number_lines () numbers them. */
typedef void (*DeclFunc) (AdmiraltyOrdersList *self,
                          guint                 line,
                          const char           *text,
                          gpointer              user_data);

/* Whether the declarations list shows a declaration given for ship @ship_id or formation
 * @formation_id (either may be NULL) in the table's view: a side sees its own orders only
 * (adm_audience_sees_orders ()); one naming nothing of the battle is the master's. */
static gboolean
decl_shown (AdmiraltyOrdersList *self,
            const char          *ship_id,
            const char          *formation_id)
{
  AdmAudience audience;
  int ship = ship_id != NULL ? adm_battle_ship_index (get_battle (self), ship_id) : -1;
  int formation = formation_id != NULL
                    ? adm_battle_formation_index (get_battle (self), formation_id) : -1;

  if (!self->listing)
    return TRUE;
  audience = admiralty_orders_context_audience (self->context);
  if (formation < 0 && ship >= 0)
    formation = (int) adm_battle_get_ship (get_battle (self), ship)->formation;
  if (formation < 0)
    return adm_audience_is_master (audience);
  return adm_audience_sees_orders (audience, get_battle (self), formation);
}

/* The ship or formation a generic declaration is given for: the first of its values that
 * names one. */
static gboolean
other_shown (AdmiraltyOrdersList *self,
             const AdmOrderDecl  *decl)
{
  for (guint i = 0; i < decl->values->len; i++)
    {
      const char *value = g_ptr_array_index (decl->values, i);

      if (adm_battle_ship_index (get_battle (self), value) >= 0)
        return decl_shown (self, value, NULL);
      if (adm_battle_formation_index (get_battle (self), value) >= 0)
        return decl_shown (self, NULL, value);
    }
  return decl_shown (self, NULL, NULL);
}

static void
foreach_decl (AdmiraltyOrdersList *self,
              DeclFunc             func,
              gpointer             user_data)
{
  const AdmTurnOrders *o = admiralty_orders_context_get_orders (self->context);
  guint line = 0;

  for (guint i = 0; i < o->moves->len; i++)
    {
      AdmMoveDecl *decl = g_ptr_array_index (o->moves, i);
      g_autofree char *text = NULL;

      line++;
      if (!decl_shown (self, NULL, decl->formation))
        continue;
      text = describe_move (self, decl);
      func (self, line, text, user_data);
    }
  for (guint i = 0; i < o->fires->len; i++)
    {
      AdmFireDecl *decl = g_ptr_array_index (o->fires, i);
      g_autofree char *text = NULL;

      line++;
      if (!decl_shown (self, decl->ships != NULL && decl->ships->len > 0
                               ? g_ptr_array_index (decl->ships, 0) : NULL, NULL))
        continue;
      text = describe_fire (self, decl);
      func (self, line, text, user_data);
    }
  for (guint i = 0; i < o->target_locks->len; i++)
    {
      AdmShipOrderDecl *decl = g_ptr_array_index (o->target_locks, i);
      g_autofree char *text = NULL;

      line++;
      if (!decl_shown (self, decl->ship, decl->formation))
        continue;
      text = g_strdup_printf (_("Target lock: %s"), ship_name (self, decl->ship));
      func (self, line, text, user_data);
    }
  for (guint i = 0; i < o->reinforce->len; i++)
    {
      AdmShipOrderDecl *decl = g_ptr_array_index (o->reinforce, i);
      g_autofree char *text = NULL;

      line++;
      if (!decl_shown (self, decl->ship, decl->formation))
        continue;
      text = g_strdup_printf (decl->extended ? _("Reinforce shields, extended: %s")
                                             : _("Reinforce shields: %s"),
                              ship_name (self, decl->ship));
      func (self, line, text, user_data);
    }
  for (guint i = 0; i < o->transfers->len; i++)
    {
      AdmShipOrderDecl *decl = g_ptr_array_index (o->transfers, i);
      g_autofree char *text = NULL;

      line++;
      if (!decl_shown (self, decl->ship, decl->formation))
        continue;
      /* Translators: a flagship transfer, "Red Squadron's flag to Vorberg" */
      text = g_strdup_printf (_("%s's flag to %s"), formation_name (self, decl->formation),
                              ship_name (self, decl->ship));
      func (self, line, text, user_data);
    }
  for (guint i = 0; i < o->other->len; i++)
    {
      AdmOrderDecl *decl = g_ptr_array_index (o->other, i);
      g_autofree char *text = NULL;

      line++;
      if (!other_shown (self, decl))
        continue;
      text = describe_other (self, decl);
      func (self, line, text, user_data);
    }
}

static void
describe_line_cb (AdmiraltyOrdersList *self,
                  guint                line,
                  const char          *text,
                  gpointer             user_data)
{
  gpointer *want = user_data;

  if (GPOINTER_TO_UINT (want[0]) == line)
    want[1] = g_strdup (text);
}

char *
admiralty_orders_list_describe_line (AdmiraltyOrdersList *self,
                                     guint                line)
{
  gpointer want[2] = { GUINT_TO_POINTER (line), NULL };

  foreach_decl (self, describe_line_cb, want);
  return want[1];
}

/* Removes declaration @line (1-based, numbered as above). */
static void
remove_line (AdmiraltyOrdersList *self,
             guint                line)
{
  AdmTurnOrders *draft = admiralty_orders_context_edit_orders (self->context);
  GPtrArray *lists[] = { draft->moves, draft->fires, draft->target_locks, draft->reinforce,
                         draft->transfers, draft->other };

  for (guint l = 0; l < G_N_ELEMENTS (lists) && line > 0; l++)
    {
      if (line <= lists[l]->len)
        {
          g_ptr_array_remove_index (lists[l], line - 1);
          return;
        }
      line -= lists[l]->len;
    }
}

/* Whether declaration @line (numbered as above) is one the battle has already played this
 * turn: a course once movement is resolved (F-MOVE), fire and the fire phase's combat orders
 * once fire is (F-FIRE, F-FORD-2, F-FORD-5), an other order once its phase is
 * (admiralty_orders_kind_phase ()). Taking it out of the turn's declarations then would change
 * nothing on the table, only the list: the ship has moved, the guns have fired. */
static gboolean
line_resolved (AdmiraltyOrdersList *self,
               guint                line)
{
  const AdmTurnOrders *o = admiralty_orders_context_get_orders (self->context);
  AdmPhase now = adm_battle_get_phase (get_battle (self));
  const struct { GPtrArray *list; AdmPhase phase; } lists[] = {
    { o->moves, ADM_PHASE_MOVEMENT },
    { o->fires, ADM_PHASE_FIRE },
    { o->target_locks, ADM_PHASE_FIRE },
    { o->reinforce, ADM_PHASE_FIRE },
    { o->transfers, ADM_PHASE_END },   /* F-FORM-17 */
  };

  /* The declarations belong to the turn being played, or to one the battle has not reached. */
  if (o->turn != adm_battle_get_turn (get_battle (self)))
    return FALSE;
  for (guint l = 0; l < G_N_ELEMENTS (lists) && line > 0; l++)
    {
      if (line <= lists[l].list->len)
        return lists[l].phase < now;
      line -= lists[l].list->len;
    }
  if (line > 0 && line <= o->other->len)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (o->other, line - 1);

      return admiralty_orders_kind_phase (decl->element) < now;
    }
  return FALSE;
}

/* The list */

/* Remove on a row: orders-list.remove, the row's declaration number for its target. An order
 * already played this turn stays: Undo takes its phase back. */
static void
remove_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyOrdersList *self = ADMIRALTY_ORDERS_LIST (widget);
  guint line = g_variant_get_uint32 (parameter);

  if (admiralty_orders_context_get_read_only (self->context))
    return;
  if (line_resolved (self, line))
    {
      admiralty_orders_context_show_message (self->context,
                                             _("This order is already resolved: undo its phase "
                                               "to change it"));
      return;
    }
  remove_line (self, line);
  admiralty_orders_context_show_message (self->context, NULL);
  admiralty_orders_context_changed (self->context);
}

/* A row of the list: a declaration's words, a warning where the engine refuses it, and its
 * Remove button, or a mark once its phase is played. Rows are kept from one update to the
 * next and changed in place, so that a phase resolved lays out again only what it changed. */
typedef struct
{
  GtkWidget *row;
  GtkWidget *box;
  GtkWidget *icon;    /* the refusal's warning, or NULL */
  GtkWidget *label;
  GtkWidget *marks;   /* a GtkStack of the two below, one size */
  GtkWidget *button;  /* Remove, its action set once, its target the row's line */
  GtkWidget *done;    /* the mark of an order played: an insensitive button, Remove's look */
  guint      line;    /* the declaration the button removes, 0 for none yet */
  int        resolved;  /* whether the mark shows it played; -1 before it is set */
} DeclRow;

/* A mark's tooltip, asked for when it is shown rather than set: GTK asks the display where the
 * pointer is whenever a shown widget's tooltip is set, a round trip to the X server. */
static gboolean
decl_mark_query_tooltip_cb (GtkWidget  *mark,
                            int         x,
                            int         y,
                            gboolean    keyboard,
                            GtkTooltip *tooltip,
                            const char *text)
{
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* A flat icon button of the row's end, named @name and described by @tooltip for a screen
 * reader as for the pointer. */
static GtkWidget *
decl_mark_new (const char *icon,
               const char *name,
               const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_has_tooltip (button, TRUE);
  g_signal_connect (button, "query-tooltip", G_CALLBACK (decl_mark_query_tooltip_cb),
                    (gpointer) tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tooltip, -1);
  return button;
}

static DeclRow *
decl_row_new (AdmiraltyOrdersList *self)
{
  DeclRow *r = g_new0 (DeclRow, 1);

  r->resolved = -1;

  r->row = gtk_list_box_row_new ();
  r->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  r->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (r->label), 0);
  gtk_label_set_wrap (GTK_LABEL (r->label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (r->label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (r->label), 34);
  gtk_widget_set_hexpand (r->label, TRUE);
  gtk_widget_set_margin_start (r->box, 10);
  gtk_widget_set_margin_end (r->box, 6);
  gtk_widget_set_margin_top (r->box, 6);
  gtk_widget_set_margin_bottom (r->box, 6);
  /* Remove and the mark of an order played, both made once, in a stack of one size: a row
   * played changes from one to the other without being measured again, and without its
   * button's action set again, which costs as much as a new button. */
  r->button = decl_mark_new ("edit-delete-symbolic", _("Remove Order"), _("Remove Order"));
  gtk_actionable_set_action_target (GTK_ACTIONABLE (r->button), "u", 0);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (r->button), "orders-list.remove");
  r->done = decl_mark_new ("object-select-symbolic", _("Resolved"),
                           _("Resolved: undo its phase to change this order"));
  gtk_widget_set_sensitive (r->done, FALSE);
  r->marks = gtk_stack_new ();
  gtk_widget_set_valign (r->marks, GTK_ALIGN_CENTER);
  gtk_stack_add_child (GTK_STACK (r->marks), r->button);
  gtk_stack_add_child (GTK_STACK (r->marks), r->done);
  gtk_box_append (GTK_BOX (r->box), r->label);
  gtk_box_append (GTK_BOX (r->box), r->marks);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (r->row), r->box);
  gtk_list_box_append (self->decl_list, r->row);
  return r;
}

/* Row @r shows declaration @line, @text; @failed when it is the one the engine refuses. */
static void
decl_row_set (AdmiraltyOrdersList *self,
              DeclRow             *r,
              guint                line,
              const char          *text,
              gboolean             failed)
{
  gboolean resolved = line_resolved (self, line);

  if (failed && r->icon == NULL)
    {
      r->icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
      gtk_widget_add_css_class (r->icon, "warning");
      admiralty_tooltip_set (r->icon, _("The engine refuses this order"));
      gtk_box_prepend (GTK_BOX (r->box), r->icon);
    }
  else if (!failed && r->icon != NULL)
    {
      gtk_box_remove (GTK_BOX (r->box), r->icon);
      r->icon = NULL;
    }
  gtk_label_set_label (GTK_LABEL (r->label), text);
  if (r->line != line)
    gtk_actionable_set_action_target (GTK_ACTIONABLE (r->button), "u", line);
  r->line = line;
  /* Played already: marked so, in the place of a Remove that would only empty the list. */
  if (r->resolved != resolved)
    gtk_stack_set_visible_child (GTK_STACK (r->marks), resolved ? r->done : r->button);
  r->resolved = resolved;
}

typedef struct
{
  guint failed;
  guint next;  /* the row to fill */
} UpdateState;

static void
update_row_cb (AdmiraltyOrdersList *self,
               guint                line,
               const char          *text,
               gpointer             user_data)
{
  UpdateState *state = user_data;
  DeclRow *r = state->next < self->rows->len ? g_ptr_array_index (self->rows, state->next)
                                             : NULL;

  if (r == NULL)
    {
      r = decl_row_new (self);
      g_ptr_array_add (self->rows, r);
    }
  decl_row_set (self, r, line, text, line == state->failed);
  if (state->next >= self->n_shown)
    gtk_widget_set_visible (r->row, TRUE);
  state->next++;
}

void
admiralty_orders_list_update (AdmiraltyOrdersList *self,
                              guint                failed)
{
  UpdateState state = { failed, 0 };

  self->listing = TRUE;
  foreach_decl (self, update_row_cb, &state);
  self->listing = FALSE;
  /* The rows left over are hidden, not removed: a new turn empties the list, and its
   * declarations fill it again, each in a row made already. */
  for (guint i = state.next; i < self->n_shown; i++)
    gtk_widget_set_visible (((DeclRow *) g_ptr_array_index (self->rows, i))->row, FALSE);
  self->n_shown = state.next;
}

static void
collect_row_cb (AdmiraltyOrdersList *self,
                guint                line,
                const char          *text,
                gpointer             user_data)
{
  g_strv_builder_add (user_data, text);
}

GStrv
admiralty_orders_list_get_rows (AdmiraltyOrdersList *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_LIST (self), NULL);

  /* The rows as the list shows them, in the table's view. */
  self->listing = TRUE;
  if (self->context != NULL && admiralty_orders_context_get_orders (self->context) != NULL)
    foreach_decl (self, collect_row_cb, builder);
  self->listing = FALSE;
  return g_strv_builder_end (builder);
}

/* An ended battle: no declaration to remove. */
static void
read_only_changed_cb (AdmiraltyOrdersList *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders-list.remove",
                                 !admiralty_orders_context_get_read_only (self->context));
}

void
admiralty_orders_list_set_context (AdmiraltyOrdersList    *self,
                                   AdmiraltyOrdersContext *context)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_LIST (self));

  g_return_if_fail (self->context == NULL);

  self->context = g_object_ref (context);
  g_signal_connect_object (context, "notify::read-only", G_CALLBACK (read_only_changed_cb),
                           self, G_CONNECT_SWAPPED);
}

/* GtkWidget */

/* The declarations are never squeezed below the height they need, up to the scrolled window's
 * max-content-height. The pane scrolls as a whole, and it gives its children their minimum
 * heights before it scrolls: a list at its minimum would show the first order alone, a new one
 * declared under the fold as if it were not there. */
static void
admiralty_orders_list_measure (GtkWidget      *widget,
                               GtkOrientation  orientation,
                               int             for_size,
                               int            *minimum,
                               int            *natural,
                               int            *minimum_baseline,
                               int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  *minimum = *natural = 0;
  if (child == NULL)
    return;
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline,
                      natural_baseline);
  if (orientation == GTK_ORIENTATION_VERTICAL)
    *minimum = *natural;
}

static void
admiralty_orders_list_size_allocate (GtkWidget *widget,
                                     int        width,
                                     int        height,
                                     int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

/* GObject */

static void
admiralty_orders_list_dispose (GObject *object)
{
  AdmiraltyOrdersList *self = ADMIRALTY_ORDERS_LIST (object);
  GtkWidget *child;

  g_clear_object (&self->context);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_LIST);
  /* The scrolled window at the template's root is not bound to a field. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (admiralty_orders_list_parent_class)->dispose (object);
}

static void
admiralty_orders_list_class_init (AdmiraltyOrdersListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_list_dispose;

  gtk_widget_class_install_action (widget_class, "orders-list.remove", "u", remove_action);

  widget_class->measure = admiralty_orders_list_measure;
  widget_class->size_allocate = admiralty_orders_list_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "orderslist");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-list.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersList, decl_list);
}

static void
admiralty_orders_list_init (AdmiraltyOrdersList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new_with_free_func (g_free);
}
