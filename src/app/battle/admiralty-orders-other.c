/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-other.c: the declarations with no editor of their own, entered through a
 * form built from their kind (admiralty-orders-kinds.h), and before them what threatens the
 * selected ship: the enemy salvoes' odds, a boarding's first round, the covers its escorts
 * can give. Every order is written, read back and put to the engine's dry run before it
 * enters the draft. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-orders-kinds.h"
#include "admiralty-orders-other.h"
#include "admiralty-orders-torpedoes.h"
#include "admiralty-plain-text.h"
#include "admiralty-units.h"

struct _AdmiraltyOrdersOther
{
  GtkWidget               parent_instance;

  AdmiraltyOrdersContext *context;
  GPtrArray              *forms;         /* KindForm* per kind (admiralty_orders_kinds ()),
                                          * NULL before its form is first shown */
  int                     form_kind;     /* the kind whose form the grid shows, or -1 */
  int                     forms_side;    /* the view side the kept forms were made for */
  GArray                 *kind_map;      /* guint: kinds index per kind offered now */
  AdmPhase                kinds_phase;   /* the phase they are offered for */
  GtkStringList          *ships;         /* "Choose a ship", then the ships the view may name:
                                          * the one list of every ship drop-down's model */
  GStrv                   ship_ids;      /* the id of each of them, "" for the first */
  guint                   ships_changes; /* how many times the ships have changed */

  /* Template children */
  AdmiraltyOrdersTorpedoes *torpedoes;
  GtkDropDown            *other_kind_dropdown;
  GtkBox                 *other_forms;  /* a grid a kind, the shown kind's alone visible */
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersOther, admiralty_orders_other, GTK_TYPE_WIDGET)

/* What a field's widget is. */
typedef enum
{
  FORM_WIDGET_ENTRY,    /* a GtkEntry, its text the value */
  FORM_WIDGET_CHOICES,  /* a GtkDropDown over a GtkStringList, a value a choice */
  FORM_WIDGET_SHIPS,    /* a GtkDropDown over the ships (ship_dropdown ()), a value a ship */
  FORM_WIDGET_CHECKS,   /* a GtkBox of GtkCheckButtons, a value a check */
} FormWidget;

/* One field of a kind's form: its widget and what the form knows of it. */
typedef struct
{
  const AdmiraltyOrdersField *field;
  GtkWidget                  *label;
  GtkWidget                  *widget;     /* in the form's grid, which owns it */
  FormWidget                  type;
  char                       *signature;  /* what the widget shows (field_signature ()) */
  char                      **values;     /* the value of each choice, or of each check in
                                           * the box's order; NULL for an entry */
} FormField;

/* A kind's form: a grid of its fields' labels and widgets, kept hidden while the form of
 * another kind is shown, so that going back to it — the next turn's phase offers the kinds
 * the last one did — finds its drop-downs made, and what the master chose in them. Hidden,
 * not taken out: a drop-down's popover holds a row for every ship, and taking it out of the
 * window and putting it back goes through them all. */
typedef struct
{
  GtkGrid *grid;    /* in other_forms, which owns it and all in it */
  GArray  *fields;  /* FormField, one a field of the kind */
} KindForm;

static AdmBattle *
get_battle (AdmiraltyOrdersOther *self)
{
  return admiralty_orders_context_get_battle (self->context);
}

static gboolean
inches (AdmiraltyOrdersOther *self)
{
  return admiralty_orders_context_get_inches (self->context);
}

static void
set_message (AdmiraltyOrdersOther *self,
             const char           *message)
{
  admiralty_orders_context_show_message (self->context, message);
}

static gboolean
dry_run (AdmiraltyOrdersOther *self,
         AdmTurnOrders        *candidate,
         guint                 line,
         char                **reason)
{
  return admiralty_orders_context_dry_run (self->context, candidate, line, reason);
}

static gboolean
weapon_checked (AdmiraltyOrdersOther *self,
                guint                 weapon)
{
  return admiralty_orders_context_weapon_checked (self->context, weapon);
}

static const AdmBattleShip *
selected_ship (AdmiraltyOrdersOther *self)
{
  return admiralty_orders_context_selected_ship (self->context);
}

static AdmiraltyTableWidget *
get_table (AdmiraltyOrdersOther *self)
{
  return admiralty_orders_context_get_table (self->context);
}

static int
ship_index (AdmiraltyOrdersOther *self)
{
  return admiralty_orders_context_get_ship (self->context);
}

static const AdmiraltyOrdersKind *
kind_at (guint index)
{
  guint n;

  return &admiralty_orders_kinds (&n)[index];
}

/* The form */

/* The kinds of order the form offers in the battle's phase; the section is hidden in a phase
 * that takes none (detection, movement). */
void
admiralty_orders_other_refresh_kinds (AdmiraltyOrdersOther *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GArray) map = g_array_new (FALSE, FALSE, sizeof (guint));
  AdmBattle *battle = get_battle (self);
  AdmPhase phase = battle != NULL ? adm_battle_get_phase (battle) : ADM_PHASE_DETECTION;
  guint n_kinds;
  const AdmiraltyOrdersKind *all = admiralty_orders_kinds (&n_kinds);

  for (guint i = 0; i < n_kinds; i++)
    if (battle != NULL && phase == admiralty_orders_kind_phase (all[i].element) &&
        admiralty_orders_kind_applies (battle, ship_index (self), all[i].element))
      {
        gtk_string_list_append (kinds, _(all[i].label));
        g_array_append_val (map, i);
      }
  gtk_widget_set_visible (GTK_WIDGET (self),
                          !admiralty_orders_context_get_read_only (self->context) && map->len > 0);
  /* The same kinds as shown: the master's choice stays. */
  if (map->len == self->kind_map->len && phase == self->kinds_phase &&
      memcmp (map->data, self->kind_map->data, map->len * sizeof (guint)) == 0)
    return;
  self->kinds_phase = phase;
  g_array_set_size (self->kind_map, 0);
  g_array_append_vals (self->kind_map, map->data, map->len);
  /* The form is made again by the caller, once: not here as well, for the new selection. */
  g_signal_handlers_block_by_func (self->other_kind_dropdown,
                                   admiralty_orders_other_rebuild_form, self);
  gtk_drop_down_set_model (self->other_kind_dropdown, G_LIST_MODEL (kinds));
  gtk_drop_down_set_selected (self->other_kind_dropdown, 0);
  g_signal_handlers_unblock_by_func (self->other_kind_dropdown,
                                     admiralty_orders_other_rebuild_form, self);
}

/* The kind of order the form is for, or NULL. */
static const AdmiraltyOrdersKind *
selected_kind (AdmiraltyOrdersOther *self)
{
  guint selected = gtk_drop_down_get_selected (self->other_kind_dropdown);

  if (selected >= self->kind_map->len)
    return NULL;
  return kind_at (g_array_index (self->kind_map, guint, selected));
}

/* Shows the form for @element if it is offered now. */
gboolean
admiralty_orders_other_select_kind (AdmiraltyOrdersOther *self,
                                    const char           *element)
{
  for (guint k = 0; k < self->kind_map->len; k++)
    if (g_strcmp0 (kind_at (g_array_index (self->kind_map, guint, k))->element, element) == 0)
      {
        gtk_drop_down_set_selected (self->other_kind_dropdown, k);
        return TRUE;
      }
  return FALSE;
}

/* What a field's widget shows, as one string: two widgets with the same are the same, and
 * the form keeps the one it has (with what the master chose or typed in it) rather than make
 * it again. */
static char *
field_signature (GPtrArray  *labels,
                 GPtrArray  *values,
                 const char *state)
{
  GString *text = g_string_new (state);

  for (guint i = 0; i < labels->len && g_ptr_array_index (labels, i) != NULL; i++)
    g_string_append_printf (text, "\x1e%s\x1f%s", (const char *) g_ptr_array_index (labels, i),
                            (const char *) g_ptr_array_index (values, i));
  return g_string_free (text, FALSE);
}

/* Whether @slot has a widget showing @signature. */
static gboolean
is_same (const FormField *slot,
         const char      *signature)
{
  return slot->widget != NULL && g_strcmp0 (slot->signature, signature) == 0;
}

/* Records what the widget the field is given shows: its @type, @signature and @values (both
 * taken). */
static void
set_shown (FormField  *slot,
           FormWidget  type,
           char       *signature,
           char      **values)
{
  slot->type = type;
  g_free (slot->signature);
  slot->signature = signature;
  g_strfreev (slot->values);
  slot->values = values;
}

/* Makes @list's strings @labels (@n of them) by replacing only the run between what they
 * begin and end with alike: a ship sunk takes its row out of the open list, and the list
 * view makes no row again for the others. */
static gboolean
string_list_update (GtkStringList *list,
                    const char   **labels,
                    guint          n)
{
  guint was = g_list_model_get_n_items (G_LIST_MODEL (list));
  guint prefix = 0, suffix = 0;
  g_autoptr(GPtrArray) additions = g_ptr_array_new ();

  while (prefix < MIN (was, n) &&
         g_strcmp0 (gtk_string_list_get_string (list, prefix), labels[prefix]) == 0)
    prefix++;
  while (suffix < MIN (was, n) - prefix &&
         g_strcmp0 (gtk_string_list_get_string (list, was - 1 - suffix),
                    labels[n - 1 - suffix]) == 0)
    suffix++;
  if (prefix + suffix == was && prefix + suffix == n)
    return FALSE;
  for (guint i = prefix; i < n - suffix; i++)
    g_ptr_array_add (additions, (gpointer) labels[i]);
  g_ptr_array_add (additions, NULL);
  gtk_string_list_splice (list, prefix, was - prefix - suffix,
                          (const char * const *) additions->pdata);
  return TRUE;
}

/* A drop-down of @labels whose values (kept in @slot) are @values; @selected first. @slot's
 * widget itself when it shows just that; a drop-down there showing other choices is given
 * these, in the list it has: a drop-down and its popover cost more to make than a new list,
 * and a new list more than the rows that changed. */
static GtkWidget *
value_dropdown (GPtrArray *labels,
                GPtrArray *values,
                guint      selected,
                FormField *slot)
{
  g_autofree char *state = g_strdup_printf ("choices %u", selected);
  g_autofree char *signature = field_signature (labels, values, state);
  g_autoptr(GtkStringList) list = NULL;
  GtkWidget *widget;

  if (is_same (slot, signature))
    return slot->widget;
  if (slot->widget != NULL && slot->type == FORM_WIDGET_CHOICES)
    {
      widget = slot->widget;
      string_list_update (GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))),
                          (const char **) labels->pdata, labels->len);
    }
  else
    {
      g_ptr_array_add (labels, NULL);
      list = gtk_string_list_new ((const char * const *) labels->pdata);
      widget = admiralty_wrapping_choices (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (list)),
                                                              NULL));
    }
  g_ptr_array_add (values, NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), selected);
  set_shown (slot, FORM_WIDGET_CHOICES, g_steal_pointer (&signature),
             g_strdupv ((char **) values->pdata));
  return widget;
}

/* Makes self->ships the ships of the battle the table's view may name, by name (no id is
 * shown), changing only the rows that differ; returns the row of @selected_ship, or 0. */
static guint
update_ships (AdmiraltyOrdersOther *self,
              int                   selected_ship)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  g_auto(GStrv) new_ids = NULL;
  AdmAudience audience = adm_audience_for_view_side (
      get_table (self) != NULL ? admiralty_table_widget_get_view_side (get_table (self)) : -1);
  guint selected = 0;
  gboolean changed;

  g_ptr_array_add (labels, (char *) _("Choose a ship"));
  g_strv_builder_add (ids, "");
  for (guint i = 0; i < adm_battle_get_n_ships (get_battle (self)); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (get_battle (self), i);

      if (ship->status == ADM_SHIP_DESTROYED ||
          !adm_audience_ship_shows (audience, get_battle (self), i, ADM_SHIP_FACT_NAME))
        continue;
      if ((int) i == selected_ship)
        selected = labels->len;
      g_ptr_array_add (labels, (char *) ship->name);
      g_strv_builder_add (ids, ship->id);
    }
  new_ids = g_strv_builder_end (ids);
  changed = string_list_update (self->ships, (const char **) labels->pdata, labels->len);
  if (self->ship_ids == NULL || !g_strv_equal ((const char * const *) self->ship_ids,
                                               (const char * const *) new_ids))
    {
      g_strfreev (self->ship_ids);
      self->ship_ids = g_steal_pointer (&new_ids);
      changed = TRUE;
    }
  self->ships_changes += changed;
  return selected;
}

/* A ship drop-down's list is made when it is first opened: until then its model passes the
 * chosen ship alone. A list view makes a row for every item of its model, shown or not, and a
 * form shown at a Resolve would otherwise make one for every ship of the battle. */
typedef struct
{
  GtkCustomFilter *filter;  /* the drop-down's model's, which owns it */
  GObject         *chosen;  /* the row of self->ships passed before the list is opened */
  gboolean         opened;  /* every row passed */
} ShipChoice;

#define SHIP_CHOICE "admiralty-ship-choice"

static void
ship_choice_free (ShipChoice *choice)
{
  g_clear_object (&choice->chosen);
  g_free (choice);
}

static gboolean
ship_choice_passes (gpointer item,
                    gpointer data)
{
  ShipChoice *choice = data;

  return choice->opened || item == choice->chosen;
}

/* The row of self->ships that @item is, or 0 ("Choose a ship"). */
static guint
ship_row (AdmiraltyOrdersOther *self,
          gpointer              item)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->ships));

  for (guint i = 0; item != NULL && i < n; i++)
    {
      g_autoptr(GObject) row = g_list_model_get_item (G_LIST_MODEL (self->ships), i);

      if (row == item)
        return i;
    }
  return 0;
}

/* Chooses row @row of self->ships in the ship drop-down @dropdown. */
static void
ship_choice_select (AdmiraltyOrdersOther *self,
                    GtkDropDown          *dropdown,
                    guint                 row)
{
  ShipChoice *choice = g_object_get_data (G_OBJECT (dropdown), SHIP_CHOICE);

  g_clear_object (&choice->chosen);
  choice->chosen = g_list_model_get_item (G_LIST_MODEL (self->ships), row);
  if (!choice->opened)
    gtk_filter_changed (GTK_FILTER (choice->filter), GTK_FILTER_CHANGE_DIFFERENT);
  gtk_drop_down_set_selected (dropdown, choice->opened ? row : 0);
}

/* The drop-down's list opens: every ship in it, the chosen one still chosen. */
static void
ship_list_shown_cb (GtkWidget   *popover,
                    GtkDropDown *dropdown)
{
  ShipChoice *choice = g_object_get_data (G_OBJECT (dropdown), SHIP_CHOICE);
  AdmiraltyOrdersOther *self = ADMIRALTY_ORDERS_OTHER (
      gtk_widget_get_ancestor (GTK_WIDGET (dropdown), ADMIRALTY_TYPE_ORDERS_OTHER));
  guint row;

  if (choice->opened || self == NULL)
    return;
  row = ship_row (self, choice->chosen);
  choice->opened = TRUE;
  gtk_filter_changed (GTK_FILTER (choice->filter), GTK_FILTER_CHANGE_LESS_STRICT);
  gtk_drop_down_set_selected (dropdown, row);
}

/* A drop-down over self->ships, which shows its rows when first opened. */
static GtkWidget *
ship_choice_new (AdmiraltyOrdersOther *self)
{
  ShipChoice *choice = g_new0 (ShipChoice, 1);
  GtkFilterListModel *model;
  GtkWidget *dropdown;

  choice->filter = gtk_custom_filter_new (ship_choice_passes, choice, NULL);
  model = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->ships)),
                                     GTK_FILTER (choice->filter));
  dropdown = admiralty_wrapping_choices (gtk_drop_down_new (G_LIST_MODEL (model), NULL));
  g_object_set_data_full (G_OBJECT (dropdown), SHIP_CHOICE, choice,
                          (GDestroyNotify) ship_choice_free);
  /* The drop-down's own popover, its child beside the button. */
  for (GtkWidget *child = gtk_widget_get_first_child (dropdown); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      g_signal_connect_object (child, "show", G_CALLBACK (ship_list_shown_cb), dropdown, 0);
  return dropdown;
}

/* The value a ship drop-down gives: the id of the ship chosen, or "". */
static const char *
ship_choice_value (AdmiraltyOrdersOther *self,
                   GtkDropDown          *dropdown)
{
  return self->ship_ids[ship_row (self, gtk_drop_down_get_selected_item (dropdown))];
}

/* A drop-down of the ships the table's view may name, @selected_ship chosen. @slot's widget
 * itself when the ships and the choice are as it shows them. */
static GtkWidget *
ship_dropdown (AdmiraltyOrdersOther *self,
               int                   selected_ship,
               FormField            *slot)
{
  guint selected = update_ships (self, selected_ship);
  g_autofree char *signature = g_strdup_printf ("ships %u %u", self->ships_changes, selected);
  GtkWidget *widget;

  if (is_same (slot, signature))
    return slot->widget;
  widget = slot->widget != NULL && slot->type == FORM_WIDGET_SHIPS ? slot->widget
                                                                    : ship_choice_new (self);
  ship_choice_select (self, GTK_DROP_DOWN (widget), selected);
  set_shown (slot, FORM_WIDGET_SHIPS, g_steal_pointer (&signature), NULL);
  return widget;
}

static GtkWidget *
formation_dropdown (AdmiraltyOrdersOther *self,
                    FormField            *slot)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  const char *current = admiralty_orders_context_selected_formation (self->context);
  guint selected = 0;

  g_ptr_array_add (labels, (char *) _("Choose a formation"));
  g_ptr_array_add (values, (char *) "");
  for (guint i = 0; i < adm_battle_get_n_formations (get_battle (self)); i++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (get_battle (self), i);

      /* A side's view names only the formations it gives orders to. */
      if (get_table (self) != NULL &&
          !adm_audience_sees_orders (
            adm_audience_for_view_side (admiralty_table_widget_get_view_side (get_table (self))),
            get_battle (self), i))
        continue;
      if (g_strcmp0 (formation->id, current) == 0)
        selected = labels->len;
      g_ptr_array_add (labels, (char *) formation->name);
      g_ptr_array_add (values, (char *) formation->id);
    }
  return value_dropdown (labels, values, selected, slot);
}

/* The selected ship's outstanding criticals by their table's names (F-DC): the value is the
 * result's 2d6 roll, as the orders write it. */
static GtkWidget *
critical_dropdown (AdmiraltyOrdersOther *self,
                   FormField            *slot)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) plain = g_ptr_array_new ();

  /* Translators: damage control repairs whichever critical the rules pick */
  g_ptr_array_add (labels, (char *) _("Any"));
  g_ptr_array_add (values, g_strdup (""));
  for (int result = 2; ship != NULL && result < ADM_CRITICAL_RESULTS; result++)
    {
      const char *kind = ship->klass->category == ADM_CATEGORY_STATION ? "station" : "ship";
      const AdmTableRow *row;

      if (ship->criticals[result] <= 0)
        continue;
      row = adm_ruleset_critical (adm_battle_get_ruleset (get_battle (self)), kind, result);
      g_ptr_array_add (labels, row != NULL && row->name != NULL ? _(row->name) : "?");
      g_ptr_array_add (values, g_strdup_printf ("%d", result));
    }
  for (guint i = 0; i < values->len; i++)
    g_ptr_array_add (plain, g_ptr_array_index (values, i));
  return value_dropdown (labels, plain, labels->len > 1 ? 1 : 0, slot);
}

/* Checks of the torpedo tubes (@torpedoes) or guns of the ships of the selected ship's
 * formation, named as the table names them ("Prince Xav's Torpedo tubes"); the selected
 * ship's tubes, or its guns checked for fire, are checked. */
static GtkWidget *
weapon_checks (AdmiraltyOrdersOther *self,
               gboolean              torpedoes,
               FormField            *slot)
{
  const AdmBattleShip *selected = selected_ship (self);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) active = g_string_new (NULL);  /* '1' or '0' a check */
  g_autofree char *signature = NULL;
  GtkWidget *box;

  for (guint i = 0; selected != NULL && i < adm_battle_get_n_ships (get_battle (self)); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (get_battle (self), i);

      if (ship->formation != selected->formation || ship->status != ADM_SHIP_ACTIVE)
        continue;
      for (guint w = 0; w < ship->klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
          gboolean tube = weapon->type == ADM_WEAPON_TORPEDO;

          if (tube != torpedoes)
            continue;
          /* Translators: a ship's weapon, "Vorberg's Main battery" */
          g_ptr_array_add (labels, g_strdup_printf (_("%s's %s"), ship->name, weapon->name));
          g_ptr_array_add (values, g_strdup_printf ("%s:%s", ship->id, weapon->id));
          g_string_append_c (active, ship == selected && (torpedoes || weapon_checked (self, w))
                                       ? '1' : '0');
        }
    }
  g_string_prepend (active, torpedoes ? "tubes " : "guns ");
  signature = field_signature (labels, values, active->str);
  if (is_same (slot, signature))
    return slot->widget;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *check = gtk_check_button_new_with_label (g_ptr_array_index (labels, i));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   active->str[active->len - labels->len + i] == '1');
      gtk_box_append (GTK_BOX (box), check);
    }
  if (labels->len == 0)
    gtk_box_append (GTK_BOX (box), gtk_label_new (torpedoes ? _("No torpedo tubes")
                                                            : _("No guns")));
  g_ptr_array_add (values, NULL);
  set_shown (slot, FORM_WIDGET_CHECKS, g_steal_pointer (&signature),
             g_strdupv ((char **) values->pdata));
  return box;
}

/* The salvoes on the table, as the table labels them ("Salvo 2 · 5 torpedoes"). */
static GtkWidget *
salvo_dropdown (AdmiraltyOrdersOther *self,
                FormField            *slot)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) plain_labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) plain_values = g_ptr_array_new ();

  g_ptr_array_add (labels, g_strdup (_("Choose a salvo")));
  g_ptr_array_add (values, g_strdup (""));
  for (guint i = 0; i < adm_battle_get_n_salvos (get_battle (self)); i++)
    {
      const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (get_battle (self), i);

      if (salvo->spent)
        continue;
      /* Translators: a torpedo salvo on the table, by the number its marker shows */
      g_ptr_array_add (labels, g_strdup_printf (g_dngettext (NULL, "Salvo %d · %d torpedo",
                                                             "Salvo %d · %d torpedoes",
                                                             salvo->torpedoes),
                                                salvo->id, salvo->torpedoes));
      g_ptr_array_add (values, g_strdup_printf ("%d", salvo->id));
    }
  for (guint i = 0; i < labels->len; i++)
    {
      g_ptr_array_add (plain_labels, g_ptr_array_index (labels, i));
      g_ptr_array_add (plain_values, g_ptr_array_index (values, i));
    }
  return value_dropdown (plain_labels, plain_values, plain_labels->len > 1 ? 1 : 0, slot);
}

/* The choices of @field that apply to @ship; all of them when none does, so that the form
 * never offers nothing. */
static GtkWidget *
choice_dropdown (const AdmiraltyOrdersField *field,
                 const AdmBattleShip        *ship,
                 FormField                  *slot)
{
  g_auto(GStrv) choices = g_strsplit (field->choices, "|", -1);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  gboolean repair = g_strcmp0 (field->key, "repair") == 0;
  guint applying = 0;

  for (guint c = 0; repair && choices[c] != NULL; c++)
    applying += admiralty_orders_repair_applies (ship, choices[c]);
  for (guint c = 0; choices[c] != NULL; c++)
    {
      if (repair && applying > 0 && !admiralty_orders_repair_applies (ship, choices[c]))
        continue;
      g_ptr_array_add (labels, (char *) admiralty_orders_choice_label (choices[c]));
      g_ptr_array_add (values, choices[c]);
    }
  return value_dropdown (labels, values, 0, slot);
}

static GtkWidget *
field_entry (AdmiraltyOrdersOther       *self,
             const AdmiraltyOrdersField *field,
             FormField                  *slot)
{
  /* What was typed stays while the form is for the same field of the same ship. */
  g_autofree char *signature = g_strdup_printf ("entry %p %d %d", (gpointer) field,
                                                ship_index (self), inches (self));
  GtkWidget *widget;

  if (is_same (slot, signature))
    return slot->widget;
  widget = gtk_entry_new ();
  set_shown (slot, FORM_WIDGET_ENTRY, g_steal_pointer (&signature), NULL);

  if (field->kind == ORDERS_FIELD_OPTIONAL_NUMBER)
    gtk_entry_set_placeholder_text (GTK_ENTRY (widget), _("optional"));
  else if (field->kind == ORDERS_FIELD_OPTIONAL_LENGTH)
    {
      /* Translators: an optional length's placeholder, "optional, cm" */
      g_autofree char *hint = g_strdup_printf (_("optional, %s"),
                                               admiralty_length_unit (inches (self)));

      gtk_entry_set_placeholder_text (GTK_ENTRY (widget), hint);
    }
  return widget;
}

static void
form_field_clear (FormField *slot)
{
  g_clear_pointer (&slot->signature, g_free);
  g_clear_pointer (&slot->values, g_strfreev);
}

static void
kind_form_free (KindForm *form)
{
  if (form == NULL)
    return;
  g_array_unref (form->fields);
  g_free (form);
}

/* The index of @kind among admiralty_orders_kinds (). */
static int
kind_index (const AdmiraltyOrdersKind *kind)
{
  guint n;

  return kind != NULL ? (int) (kind - admiralty_orders_kinds (&n)) : -1;
}

/* The form of kind @index, made empty the first time. */
static KindForm *
kind_form (AdmiraltyOrdersOther *self,
           int                   index)
{
  KindForm *form = g_ptr_array_index (self->forms, index);

  if (form == NULL)
    {
      form = g_new0 (KindForm, 1);
      form->grid = GTK_GRID (gtk_grid_new ());
      gtk_grid_set_row_spacing (form->grid, 6);
      gtk_grid_set_column_spacing (form->grid, 6);
      gtk_widget_set_visible (GTK_WIDGET (form->grid), FALSE);
      gtk_box_append (self->other_forms, GTK_WIDGET (form->grid));
      form->fields = g_array_new (FALSE, TRUE, sizeof (FormField));
      g_array_set_clear_func (form->fields, (GDestroyNotify) form_field_clear);
      g_ptr_array_index (self->forms, index) = form;
    }
  return form;
}

/* Drops every kept form: each names what the view it was made for may know. */
static void
drop_forms (AdmiraltyOrdersOther *self)
{
  self->form_kind = -1;
  self->forms_side = -1;
  for (guint i = 0; i < self->forms->len; i++)
    {
      KindForm *form = g_ptr_array_index (self->forms, i);

      if (form == NULL)
        continue;
      gtk_box_remove (self->other_forms, GTK_WIDGET (form->grid));
      g_ptr_array_index (self->forms, i) = NULL;
      kind_form_free (form);
    }
}

/* Hides the form shown and shows that of kind @index, as it was last shown. */
static void
show_form (AdmiraltyOrdersOther *self,
           int                   index)
{
  if (self->form_kind >= 0)
    gtk_widget_set_visible (GTK_WIDGET (kind_form (self, self->form_kind)->grid), FALSE);
  self->form_kind = index;
  if (index >= 0)
    gtk_widget_set_visible (GTK_WIDGET (kind_form (self, index)->grid), TRUE);
}

/* The fields of the form shown, or NULL. */
static GArray *
shown_fields (AdmiraltyOrdersOther *self)
{
  return self->form_kind >= 0 ? kind_form (self, self->form_kind)->fields : NULL;
}

void
admiralty_orders_other_rebuild_form (AdmiraltyOrdersOther *self)
{
  const AdmiraltyOrdersKind *kind = get_battle (self) != NULL ? selected_kind (self) : NULL;
  const AdmBattleShip *ship = selected_ship (self);
  int target = get_table (self) != NULL
                 ? admiralty_table_widget_get_target_ship (get_table (self)) : -1;
  int side = get_table (self) != NULL
               ? admiralty_table_widget_get_view_side (get_table (self)) : -1;
  KindForm *form;

  /* A form kept hidden still holds the ships its view could name (F-ECM-2): a view of
   * another side starts from no form, so no widget of its window names what it may not know. */
  if (side != self->forms_side)
    {
      drop_forms (self);
      self->forms_side = side;
    }
  if (kind_index (kind) != self->form_kind)
    show_form (self, kind_index (kind));
  if (kind == NULL)
    return;
  form = kind_form (self, self->form_kind);
  for (guint f = 0; f < G_N_ELEMENTS (kind->fields) && kind->fields[f].key != NULL; f++)
    {
      const AdmiraltyOrdersField *field = &kind->fields[f];
      FormField *slot;
      GtkWidget *was, *widget;

      if (f >= form->fields->len)
        g_array_set_size (form->fields, f + 1);
      slot = &g_array_index (form->fields, FormField, f);
      slot->field = field;
      was = slot->widget;
      switch (field->kind)
        {
        case ORDERS_FIELD_CHOICE:
          widget = choice_dropdown (field, ship, slot);
          break;
        case ORDERS_FIELD_SHIP:
          widget = ship_dropdown (self, ship != NULL ? ship_index (self) : -1, slot);
          break;
        case ORDERS_FIELD_TARGET:
          widget = ship_dropdown (self, target, slot);
          break;
        case ORDERS_FIELD_FORMATION:
          widget = formation_dropdown (self, slot);
          break;
        case ORDERS_FIELD_CRITICAL:
          widget = critical_dropdown (self, slot);
          break;
        case ORDERS_FIELD_SALVO:
          widget = salvo_dropdown (self, slot);
          break;
        case ORDERS_FIELD_TORPEDOES:
        case ORDERS_FIELD_GUNS:
          widget = weapon_checks (self, field->kind == ORDERS_FIELD_TORPEDOES, slot);
          break;
        case ORDERS_FIELD_NONE:
        case ORDERS_FIELD_NUMBER:
        case ORDERS_FIELD_OPTIONAL_NUMBER:
        case ORDERS_FIELD_OPTIONAL_LENGTH:
        case ORDERS_FIELD_TEXT:
        default:
          widget = field_entry (self, field, slot);
          break;
        }
      /* The widget kept, or given new choices. */
      if (widget == was)
        continue;
      gtk_widget_set_hexpand (widget, TRUE);
      if (was != NULL)
        gtk_grid_remove (form->grid, was);
      else
        {
          slot->label = gtk_label_new (_(field->label));
          gtk_label_set_xalign (GTK_LABEL (slot->label), 0);
          gtk_widget_set_valign (slot->label, GTK_ALIGN_START);
          gtk_grid_attach (form->grid, slot->label, 0, f, 1, 1);
        }
      slot->widget = widget;
      /* A drop-down is named by its own label: the button it is made of, which the keyboard
       * focuses, is labelled by it (admiralty-accessible.h), and GTK 4.8 reads no further. */
      if (GTK_IS_DROP_DOWN (widget))
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                        _(field->label), -1);
      else
        gtk_accessible_update_relation (GTK_ACCESSIBLE (widget),
                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY, slot->label, NULL,
                                        -1);
      gtk_grid_attach (form->grid, widget, 1, f, 1, 1);
    }
}

/* The value of the check @check of @slot's box, or NULL. */
static const char *
check_value (const FormField *slot,
             GtkWidget       *check)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (slot->widget); child != check;
       child = gtk_widget_get_next_sibling (child))
    n += GTK_IS_CHECK_BUTTON (child);
  return n < g_strv_length (slot->values) ? slot->values[n] : NULL;
}

/* The value a field of the form gives the order, as the orders write it. */
static char *
field_value (AdmiraltyOrdersOther *self,
             const FormField      *slot)
{
  switch (slot->type)
    {
    case FORM_WIDGET_SHIPS:
      return g_strdup (ship_choice_value (self, GTK_DROP_DOWN (slot->widget)));
    case FORM_WIDGET_CHOICES:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (slot->widget));

        return g_strdup (selected < g_strv_length (slot->values) ? slot->values[selected] : "");
      }
    case FORM_WIDGET_CHECKS:
      {
        g_autoptr(GString) text = g_string_new (NULL);

        for (GtkWidget *check = gtk_widget_get_first_child (slot->widget); check != NULL;
             check = gtk_widget_get_next_sibling (check))
          if (GTK_IS_CHECK_BUTTON (check) &&
              gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
            g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "",
                                    check_value (slot, check));
        return g_string_free (g_steal_pointer (&text), FALSE);
      }
    case FORM_WIDGET_ENTRY:
    default:
      return g_strdup (gtk_editable_get_text (GTK_EDITABLE (slot->widget)));
    }
}

/* The id of the ship named @name (case aside), or NULL. */
static const char *
ship_id_for_name (AdmBattle  *battle,
                  const char *name)
{
  g_autofree char *wanted = g_utf8_casefold (name, -1);

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      g_autofree char *folded = ship->name != NULL ? g_utf8_casefold (ship->name, -1) : NULL;

      if (g_strcmp0 (folded, wanted) == 0)
        return ship->id;
    }
  return NULL;
}


static gboolean
add_other (AdmiraltyOrdersOther *self)
{
  const AdmiraltyOrdersKind *kind = selected_kind (self);
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  GArray *fields = shown_fields (self);
  AdmOrderDecl *decl;
  AdmShipOrderDecl *transfer = NULL;
  guint line;

  if (admiralty_orders_context_get_read_only (self->context))
    return FALSE;

  if (kind == NULL || fields == NULL)
    return FALSE;
  decl = adm_order_decl_new (kind->element);
  for (guint i = 0; i < fields->len; i++)
    {
      const FormField *slot = &g_array_index (fields, FormField, i);
      const AdmiraltyOrdersField *field = slot->field;
      g_autofree char *value = g_strstrip (field_value (self, slot));

      if (*value == '\0')
        {
          if (field->kind == ORDERS_FIELD_OPTIONAL_NUMBER ||
              field->kind == ORDERS_FIELD_OPTIONAL_LENGTH)
            continue;
          /* Translators: %s names a field of the order form */
          g_autofree char *message = g_strdup_printf (_("Give the order's “%s”."),
                                                      _(field->label));

          set_message (self, message);
          g_free (decl->element);
          g_ptr_array_unref (decl->keys);
          g_ptr_array_unref (decl->values);
          g_free (decl);
          return FALSE;
        }
      if (field->kind == ORDERS_FIELD_NUMBER || field->kind == ORDERS_FIELD_OPTIONAL_NUMBER ||
          field->kind == ORDERS_FIELD_OPTIONAL_LENGTH)
        {
          char *end = NULL;
          double number;

          /* "12,5" as a Russian master types it is 12.5: orders are written with a point. */
          g_strdelimit (value, ",", '.');
          number = g_ascii_strtod (value, &end);

          if (end == NULL || *end != '\0')
            {
              g_autofree char *message = g_strdup_printf (_("“%s” is not a number."), value);

              set_message (self, message);
              g_free (decl->element);
              g_ptr_array_unref (decl->keys);
              g_ptr_array_unref (decl->values);
              g_free (decl);
              return FALSE;
            }
          /* Orders are written in cm, whatever the table shows. */
          if (field->kind == ORDERS_FIELD_OPTIONAL_LENGTH)
            {
              char buffer[G_ASCII_DTOSTR_BUF_SIZE];

              g_free (value);
              value = g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.2f",
                                                 admiralty_length_to_cm (number, inches (self))));
            }
        }
      /* A ship typed by its name, as the table shows it ("Pale Jade"), is the ship. */
      if ((field->kind == ORDERS_FIELD_SHIP || field->kind == ORDERS_FIELD_TARGET)
          && adm_battle_lookup_ship (get_battle (self), value) == NULL)
        {
          const char *id = ship_id_for_name (get_battle (self), value);

          if (id == NULL)
            {
              /* Translators: %s is what the master typed for a ship */
              g_autofree char *message = g_strdup_printf (_("No ship of this battle is “%s”."),
                                                          value);

              set_message (self, message);
              g_free (decl->element);
              g_ptr_array_unref (decl->keys);
              g_ptr_array_unref (decl->values);
              g_free (decl);
              return FALSE;
            }
          g_free (value);
          value = g_strdup (id);
        }
      adm_order_decl_set (decl, field->key, value);
    }

  candidate = admiralty_orders_context_copy_orders (self->context);
  if (candidate == NULL)
    {
      g_free (decl->element);
      g_ptr_array_unref (decl->keys);
      g_ptr_array_unref (decl->values);
      g_free (decl);
      return FALSE;
    }
  if (g_strcmp0 (kind->element, "transfer-flagship") == 0)
    {
      /* F-FORM-17 has a list of its own. */
      transfer = adm_ship_order_decl_new (adm_order_decl_get (decl, "to"));
      transfer->formation = g_strdup (adm_order_decl_get (decl, "formation"));
      g_free (decl->element);
      g_ptr_array_unref (decl->keys);
      g_ptr_array_unref (decl->values);
      g_free (decl);
      g_ptr_array_add (candidate->transfers, transfer);
    }
  else
    g_ptr_array_add (candidate->other, decl);
  adm_turn_orders_number_lines (candidate);
  line = transfer != NULL ? transfer->line : decl->line;
  /* What cannot be written and read back could never be journaled: refused
   * here, with its reason, rather than when the phase is resolved. */
  if (!admiralty_orders_reads_back (candidate, &reason) ||
      !dry_run (self, candidate, line, &reason))
    {
      set_message (self, reason);
      return FALSE;
    }
  set_message (self, NULL);
  admiralty_orders_context_commit (self->context, g_steal_pointer (&candidate));
  return TRUE;
}

static void
add_other_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  add_other (ADMIRALTY_ORDERS_OTHER (widget));
}

/* Public */

/* Sets a field of the form as the master would pick @value: a ship or formation by its name
 * (or id), a choice, a critical or a weapon (ship:weapon, several with spaces) by its value. */
static gboolean
set_field (AdmiraltyOrdersOther *self,
           const FormField      *slot,
           const char           *value)
{
  GtkWidget *widget = slot->widget;
  char **values = slot->values;

  if (slot->type == FORM_WIDGET_SHIPS)
    {
      g_autofree char *wanted = g_utf8_casefold (value, -1);

      for (guint c = 0; self->ship_ids[c] != NULL; c++)
        {
          g_autofree char *folded = g_utf8_casefold (gtk_string_list_get_string (self->ships, c),
                                                     -1);

          if (g_strcmp0 (self->ship_ids[c], value) == 0 || g_strcmp0 (folded, wanted) == 0)
            {
              ship_choice_select (self, GTK_DROP_DOWN (widget), c);
              return TRUE;
            }
        }
      /* Translators: %s is what the master typed for a ship */
      g_autofree char *message = g_strdup_printf (_("No ship of this battle is “%s”."), value);

      set_message (self, message);
      return FALSE;
    }
  if (slot->type == FORM_WIDGET_CHOICES)
    {
      GListModel *labels = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));
      g_autofree char *wanted = g_utf8_casefold (value, -1);

      for (guint c = 0; values[c] != NULL; c++)
        {
          const char *label = gtk_string_list_get_string (GTK_STRING_LIST (labels), c);
          g_autofree char *folded = g_utf8_casefold (label, -1);

          if (g_strcmp0 (values[c], value) == 0 || g_strcmp0 (folded, wanted) == 0)
            {
              gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), c);
              return TRUE;
            }
        }
      return TRUE;
    }
  if (slot->type == FORM_WIDGET_CHECKS)
    {
      g_auto(GStrv) items = g_strsplit_set (value, " ", -1);

      for (GtkWidget *check = gtk_widget_get_first_child (widget); check != NULL;
           check = gtk_widget_get_next_sibling (check))
        if (GTK_IS_CHECK_BUTTON (check))
          gtk_check_button_set_active (
              GTK_CHECK_BUTTON (check),
              g_strv_contains ((const char * const *) items, check_value (slot, check)));
      for (guint i = 0; items[i] != NULL; i++)
        {
          gboolean found = items[i][0] == '\0';

          for (GtkWidget *check = gtk_widget_get_first_child (widget); check != NULL;
               check = gtk_widget_get_next_sibling (check))
            found |= GTK_IS_CHECK_BUTTON (check) &&
                     g_strcmp0 (check_value (slot, check), items[i]) == 0;
          if (!found)
            {
              /* Translators: %s is a weapon that is not among the form's checks */
              g_autofree char *message = g_strdup_printf (_("The formation has no weapon "
                                                            "“%s” to check."), items[i]);

              set_message (self, message);
              return FALSE;
            }
        }
      return TRUE;
    }
  gtk_editable_set_text (GTK_EDITABLE (widget), value);
  return TRUE;
}

gboolean
admiralty_orders_other_set_order (AdmiraltyOrdersOther *self,
                                  const char           *element,
                                  const char * const   *keys,
                                  const char * const   *values)
{
  GArray *fields;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_OTHER (self), FALSE);

  if (!admiralty_orders_other_select_kind (self, element))
    return FALSE;
  admiralty_orders_other_rebuild_form (self);
  fields = shown_fields (self);
  for (guint k = 0; fields != NULL && keys != NULL && keys[k] != NULL; k++)
    for (guint w = 0; w < fields->len; w++)
      {
        const FormField *slot = &g_array_index (fields, FormField, w);

        if (g_strcmp0 (slot->field->key, keys[k]) != 0)
          continue;
        if (!set_field (self, slot, values[k]))
          return FALSE;
      }
  return add_other (self);
}

gboolean
admiralty_orders_other_offers (AdmiraltyOrdersOther *self,
                               const char           *element)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_OTHER (self), FALSE);

  for (guint k = 0; k < self->kind_map->len; k++)
    if (g_strcmp0 (kind_at (g_array_index (self->kind_map, guint, k))->element, element) == 0)
      return TRUE;
  return FALSE;
}

/* Shown while the battle's phase takes an order of some kind, and orders may be entered. */
void
admiralty_orders_other_update_visible (AdmiraltyOrdersOther *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_OTHER (self));

  gtk_widget_set_visible (GTK_WIDGET (self),
                          !admiralty_orders_context_get_read_only (self->context) &&
                          self->kind_map->len > 0);
}

void
admiralty_orders_other_update_threats (AdmiraltyOrdersOther *self)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_OTHER (self));

  admiralty_orders_torpedoes_update (self->torpedoes);
}

const char *
admiralty_orders_other_get_threats_text (AdmiraltyOrdersOther *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_OTHER (self), NULL);

  return admiralty_orders_torpedoes_get_text (self->torpedoes);
}

GtkWidget *
admiralty_orders_other_get_cover_box (AdmiraltyOrdersOther *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_OTHER (self), NULL);

  return admiralty_orders_torpedoes_get_cover_box (self->torpedoes);
}

/* An ended battle: no order to add, by the section or its action. */
static void
read_only_changed_cb (AdmiraltyOrdersOther *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "orders-other.add",
                                 !admiralty_orders_context_get_read_only (self->context));
}

void
admiralty_orders_other_set_context (AdmiraltyOrdersOther   *self,
                                    AdmiraltyOrdersContext *context)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_OTHER (self));
  g_return_if_fail (self->context == NULL);

  self->context = g_object_ref (context);
  g_signal_connect_object (context, "notify::read-only", G_CALLBACK (read_only_changed_cb),
                           self, G_CONNECT_SWAPPED);
  admiralty_orders_torpedoes_set_context (self->torpedoes, context);
  admiralty_orders_other_refresh_kinds (self);
}

/* GObject */

static void
admiralty_orders_other_dispose (GObject *object)
{
  AdmiraltyOrdersOther *self = ADMIRALTY_ORDERS_OTHER (object);
  GtkWidget *child;

  g_clear_object (&self->context);
  g_clear_pointer (&self->forms, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_OTHER);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (admiralty_orders_other_parent_class)->dispose (object);
}

static void
admiralty_orders_other_finalize (GObject *object)
{
  AdmiraltyOrdersOther *self = ADMIRALTY_ORDERS_OTHER (object);

  g_clear_pointer (&self->kind_map, g_array_unref);
  g_clear_object (&self->ships);
  g_clear_pointer (&self->ship_ids, g_strfreev);
  G_OBJECT_CLASS (admiralty_orders_other_parent_class)->finalize (object);
}

static void
admiralty_orders_other_class_init (AdmiraltyOrdersOtherClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_other_dispose;
  object_class->finalize = admiralty_orders_other_finalize;

  gtk_widget_class_install_action (widget_class, "orders-other.add", NULL, add_other_action);

  g_type_ensure (ADMIRALTY_TYPE_ORDERS_TORPEDOES);
  gtk_widget_class_set_css_name (widget_class, "ordersother");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-other.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersOther, torpedoes);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersOther, other_kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersOther, other_forms);
}

static void
admiralty_orders_other_init (AdmiraltyOrdersOther *self)
{
  guint n_kinds;

  admiralty_orders_kinds (&n_kinds);
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Long order names wrap in the open list rather than losing their ends. */
  admiralty_wrapping_choices (self->other_kind_dropdown);

  self->forms = g_ptr_array_new_with_free_func ((GDestroyNotify) kind_form_free);
  g_ptr_array_set_size (self->forms, n_kinds);
  self->form_kind = -1;
  self->kind_map = g_array_new (FALSE, FALSE, sizeof (guint));
  self->ships = gtk_string_list_new (NULL);
  g_signal_connect_swapped (self->other_kind_dropdown, "notify::selected",
                            G_CALLBACK (admiralty_orders_other_rebuild_form), self);
}
