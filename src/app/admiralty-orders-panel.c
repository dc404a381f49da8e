/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-orders-panel.c: entering a battle turn's declarations. The rules are the
 * engine's: the panel builds declarations (adm-battle-orders.h), asks the engine what they
 * would do (adm-battle-preview.h) and shows the answer; it never decides a rule itself. */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-orders-panel.h"
#include "admiralty-plain-text.h"
#include "admiralty-units.h"

#define ORDERS_FILE "orders"  /* the declarations' "file" in refusals: "orders:3: …" */

/* The form of the declarations that have no editor of their own (data/schema/orders.rng). */
typedef enum {
  FIELD_NONE,
  FIELD_SHIP,      /* a ship, by name; the selected ship by default */
  FIELD_TARGET,    /* a ship, by name; the table's target by default */
  FIELD_FORMATION, /* a formation, by name; the selected ship's by default */
  FIELD_TORPEDOES, /* checks of the formation's tubes; the selected ship's by default */
  FIELD_GUNS,      /* checks of the formation's guns; the selected ship's checked ones */
  FIELD_CRITICAL,  /* one of the ship's outstanding criticals, by its table's name */
  FIELD_SALVO,     /* one of the salvoes on the table, by its number and torpedoes */
  FIELD_NUMBER,
  FIELD_OPTIONAL_NUMBER,
  FIELD_OPTIONAL_LENGTH, /* typed in the shown unit, written in cm */
  FIELD_TEXT,
  FIELD_CHOICE,    /* one of @choices, "|"-separated */
} FieldKind;

typedef struct {
  const char *key;
  const char *label;
  FieldKind   kind;
  const char *choices;
} OtherField;

typedef struct {
  const char *element;
  const char *label;
  OtherField  fields[5];
} OtherKind;

static const OtherKind other_kinds[] = {
  { "launch", N_("Launch torpedoes (F-WPN-10)"),
    { { "weapons", N_("Tubes"), FIELD_TORPEDOES, NULL },
      { "target", N_("At ship"), FIELD_TARGET, NULL } } },
  { "prepare-to-launch", N_("Prepare to launch (F-TORP-2)"),
    { { "ship", N_("Ship"), FIELD_SHIP, NULL } } },
  { "steer", N_("Steer a salvo (F-TORP-5)"),
    { { "salvo", N_("Salvo"), FIELD_SALVO, NULL },
      { "degrees", N_("Degrees"), FIELD_NUMBER, NULL },
      { "after", N_("After (distance)"), FIELD_OPTIONAL_LENGTH, NULL } } },
  { "cover", N_("Cover against torpedoes (F-TORP-14)"),
    { { "weapons", N_("Guns"), FIELD_GUNS, NULL },
      { "ship", N_("Ship covered"), FIELD_TARGET, NULL } } },
  { "fire-at-salvo", N_("Fire at a salvo (F-TORP-18)"),
    { { "weapons", N_("Guns"), FIELD_GUNS, NULL },
      { "salvo", N_("Salvo"), FIELD_SALVO, NULL } } },
  { "board", N_("Board (F-BOARD-1)"),
    { { "ship", N_("Ship"), FIELD_SHIP, NULL },
      { "target", N_("Target"), FIELD_TARGET, NULL } } },
  { "captured", N_("Fate of a captured ship (F-BOARD-16)"),
    { { "ship", N_("Ship"), FIELD_SHIP, NULL },
      { "fate", N_("Fate"), FIELD_CHOICE, "abandon|scuttle|assimilate" } } },
  { "damage-control", N_("Damage control (F-DC)"),
    { { "ship", N_("Ship"), FIELD_SHIP, NULL },
      { "repair", N_("Repair"), FIELD_CHOICE, "fire|critical|hull" },
      { "critical", N_("Critical"), FIELD_CRITICAL, NULL } } },
  { "lay-mine", N_("Lay a mine (F-MINE-10)"),
    { { "ship", N_("Ship"), FIELD_SHIP, NULL },
      { "id", N_("Mine id"), FIELD_TEXT, NULL },
      { "charge", N_("Charge"), FIELD_CHOICE, "plasma|torpedo" },
      { "range", N_("Range cm"), FIELD_NUMBER, NULL },
      { "strength", N_("Strength"), FIELD_NUMBER, NULL } } },
  { "sweep", N_("Sweep for mines (F-SWEEP-1)"),
    { { "ship", N_("Ship"), FIELD_SHIP, NULL } } },
  { "transfer-flagship", N_("Transfer the flag (F-FORM-17)"),
    { { "formation", N_("Formation"), FIELD_FORMATION, NULL },
      { "to", N_("New flagship"), FIELD_SHIP, NULL } } },
};

struct _AdmiraltyOrdersPanel
{
  GtkWidget              parent_instance;

  AdmBattle             *battle;
  AdmiraltyTableWidget  *table;
  /* On the battle and the table attached (admiralty_orders_panel_attach ()). */
  GSignalGroup          *battle_signals;
  GSignalGroup          *table_signals;
  const AdmBattleOrders *file_orders;
  AdmTurnOrders         *draft;
  int                    ship;          /* the ship the editors are for, -1 */
  gboolean               inches;        /* lengths shown and typed in inches */
  gboolean               read_only;     /* an ended battle: no order control at all */
  char                  *read_only_heading; /* why, when not ended here: NULL for an ending */
  char                  *read_only_hint;

  /* Drawn on the table: a preview per declared course, the one being plotted live. */
  GPtrArray             *previews;      /* AdmMovePreview* */
  AdmMoveDecl           *live;          /* the course while a drag plots it */
  GArray                *targets;       /* guint: ringed on the table */
  AdmFirePreview         fire_preview;
  gboolean               have_fire_preview;
  char                  *odds_text;

  GPtrArray             *weapon_checks; /* GtkCheckButton*, "weapon" data = index + 1 */
  GArray                *target_ids;    /* guint: target dropdown entries after the first */
  GArray                *ram_ids;       /* guint: ram dropdown entries after the first */
  GPtrArray             *other_widgets; /* GtkWidget* per field of the form's kind */
  GArray                *kind_map;      /* guint: other_kinds index per kind offered now */
  AdmPhase               kinds_phase;   /* the phase they are offered for */
  gboolean               syncing;       /* widgets being set from the state: no feedback */
  gboolean               listing;       /* the declarations list is being filled for the view */

  /* Template children */
  GtkLabel              *heading_label;
  GtkLabel              *hint_label;
  GtkListBox            *decl_list;
  GtkLabel              *ship_label;
  GtkLabel              *message_label;
  GtkPopover            *message_popover;
  GtkWidget             *move_section;
  GtkLabel              *move_summary_label;
  GtkDropDown           *move_order_dropdown;
  GtkSpinButton         *leg_turn_spin;
  GtkSpinButton         *leg_distance_spin;
  GtkLabel              *leg_unit_label;
  GtkDropDown           *ram_dropdown;
  GtkWidget             *fire_section;
  GtkBox                *weapon_box;
  GtkDropDown           *target_dropdown;
  GtkCheckButton        *return_check;
  GtkWidget             *declare_fire_button;
  GtkWidget             *clear_course_button;
  GtkLabel              *odds_label;
  /* F-TORP-3: a launch at a point of the table, on the heading from the ship to it. */
  gboolean               have_aim;
  AdmPoint               aim;
  double                 aim_press_x, aim_press_y;
  GtkDrawingArea        *odds_area;
  GtkCheckButton        *lock_check;
  GtkCheckButton        *reinforce_check;
  GtkCheckButton        *extended_check;
  GtkWidget             *other_section;
  GtkLabel              *torpedo_label;
  GtkBox                *cover_box;
  GtkDropDown           *other_kind_dropdown;
  GtkGrid               *other_grid;
};

G_DEFINE_FINAL_TYPE (AdmiraltyOrdersPanel, admiralty_orders_panel, GTK_TYPE_WIDGET)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void admiralty_orders_panel_refresh (AdmiraltyOrdersPanel *self);

/* Small helpers */

static void
preview_free (gpointer data)
{
  AdmMovePreview *preview = data;

  adm_move_preview_clear (preview);
  g_free (preview);
}

static const AdmBattleShip *
selected_ship (AdmiraltyOrdersPanel *self)
{
  const AdmBattleShip *ship;

  if (self->battle == NULL || self->ship < 0 ||
      (guint) self->ship >= adm_battle_get_n_ships (self->battle))
    return NULL;
  ship = adm_battle_get_ship (self->battle, self->ship);
  /* In a side's view (the table's "View as") the editors are for that side's own ships: an
   * enemy's orders, its course and its targets are not shown (adm_audience_sees_orders ()). */
  if (self->table != NULL &&
      !adm_audience_sees_orders (
        adm_audience_for_view_side (admiralty_table_widget_get_view_side (self->table)),
        self->battle, ship->formation))
    return NULL;
  return ship;
}

static const char *
ship_name (AdmiraltyOrdersPanel *self,
           const char           *id)
{
  const AdmBattleShip *ship = adm_battle_lookup_ship (self->battle, id);

  return ship != NULL ? ship->name : id;
}

static const char *
formation_name (AdmiraltyOrdersPanel *self,
                const char           *id)
{
  int index = adm_battle_formation_index (self->battle, id);

  return index >= 0 ? adm_battle_get_formation (self->battle, index)->name : id;
}

static const char *
weapon_name (AdmiraltyOrdersPanel *self,
             const char           *ship_id,
             const char           *weapon_id)
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

static AdmMoveDecl *
find_move (AdmTurnOrders *orders,
           const char    *formation,
           guint         *index)
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

static void
move_decl_destroy (AdmMoveDecl *decl)
{
  g_free (decl->formation);
  g_free (decl->ram);
  g_array_unref (decl->steps);
  g_free (decl);
}

static AdmMoveDecl *
move_decl_copy (const AdmMoveDecl *decl,
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

static int
find_ship_order (GPtrArray  *list,
                 const char *ship)
{
  for (guint i = 0; i < list->len; i++)
    if (g_strcmp0 (((AdmShipOrderDecl *) g_ptr_array_index (list, i))->ship, ship) == 0)
      return i;
  return -1;
}

static guint split_error (const char  *message,
                          const char **reason);

/* Where the master's pointer is, in @self's coordinates; FALSE when it is off the window. */
static gboolean
pointer_point (AdmiraltyOrdersPanel *self,
               double               *x,
               double               *y)
{
  GtkNative *native = gtk_widget_get_native (GTK_WIDGET (self));
  GdkSeat *seat = gdk_display_get_default_seat (gtk_widget_get_display (GTK_WIDGET (self)));
  GdkDevice *pointer = seat != NULL ? gdk_seat_get_pointer (seat) : NULL;
  double sx = 0, sy = 0, nx, ny;
  graphene_point_t at;

  if (native == NULL || pointer == NULL ||
      !gdk_surface_get_device_position (gtk_native_get_surface (native), pointer, &nx, &ny,
                                        NULL))
    return FALSE;
  gtk_native_get_surface_transform (native, &sx, &sy);
  if (!gtk_widget_compute_point (GTK_WIDGET (native), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (nx - sx, ny - sy), &at))
    return FALSE;
  *x = at.x;
  *y = at.y;
  return TRUE;
}

/* Shows a refusal of the order being entered, without the "orders:N:" the engine puts first,
 * in a popover where the master clicked (on the table or on the panel's button): the eyes
 * are there, not at the top of a panel that may be scrolled. It stays until the next order
 * is entered or refused, and does not take the pointer's next click or the keyboard. */
static void
set_message (AdmiraltyOrdersPanel *self,
             const char           *message)
{
  double x = 0, y = 0;

  if (message != NULL)
    split_error (message, &message);
  gtk_label_set_label (self->message_label, message != NULL ? message : "");
  if (message == NULL || *message == '\0' || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      gtk_popover_popdown (self->message_popover);
      return;
    }
  if (!pointer_point (self, &x, &y))
    {
      /* Off the window (a key pressed): at the top of the panel. */
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.0;
      y = 0;
    }
  gtk_popover_set_pointing_to (self->message_popover,
                               &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (self->message_popover);
}

/* "orders:3: reason" → 3 and "reason"; 0 when the message names no declaration. */
static guint
split_error (const char  *message,
             const char **reason)
{
  const char *prefix = ORDERS_FILE ":";
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

static void
changed (AdmiraltyOrdersPanel *self)
{
  adm_turn_orders_number_lines (self->draft);
  admiralty_orders_panel_refresh (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
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
describe_move (AdmiraltyOrdersPanel *self,
               const AdmMoveDecl    *decl)
{
  g_autofree char *steps = describe_steps (decl, self->inches);
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
describe_batteries (AdmiraltyOrdersPanel *self,
                    GPtrArray            *ships,
                    GPtrArray            *weapons)
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
describe_fire (AdmiraltyOrdersPanel *self,
               const AdmFireDecl    *decl)
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
describe_weapon_list (AdmiraltyOrdersPanel *self,
                      const char           *list)
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

static const char *choice_label (const char *value);

/* The name of critical result @value (its 2d6 roll) in @ship_id's table ("Fire!"). */
static char *
critical_label (AdmiraltyOrdersPanel *self,
                const char           *ship_id,
                const char           *value)
{
  const AdmBattleShip *ship = ship_id != NULL ? adm_battle_lookup_ship (self->battle, ship_id)
                                              : NULL;
  const char *kind = ship != NULL && ship->klass->category == ADM_CATEGORY_STATION ? "station"
                                                                                    : "ship";
  const AdmTableRow *row = adm_ruleset_critical (adm_battle_get_ruleset (self->battle), kind,
                                                 atoi (value), NULL);

  return g_strdup (row != NULL && row->name != NULL ? _(row->name) : value);
}

static const OtherKind *
other_kind (const char *element)
{
  for (guint i = 0; i < G_N_ELEMENTS (other_kinds); i++)
    if (g_strcmp0 (other_kinds[i].element, element) == 0)
      return &other_kinds[i];
  return NULL;
}

static char *
describe_other (AdmiraltyOrdersPanel *self,
                const AdmOrderDecl   *decl)
{
  const OtherKind *kind = other_kind (decl->element);
  g_autoptr(GString) text = g_string_new (kind != NULL ? _(kind->label) : decl->element);

  for (guint i = 0; i < decl->keys->len; i++)
    {
      const char *key = g_ptr_array_index (decl->keys, i);
      const char *value = g_ptr_array_index (decl->values, i);
      const char *label = key;
      FieldKind field = FIELD_TEXT;
      g_autofree char *shown = NULL;

      for (guint f = 0; kind != NULL && f < G_N_ELEMENTS (kind->fields); f++)
        if (g_strcmp0 (kind->fields[f].key, key) == 0)
          {
            label = _(kind->fields[f].label);
            field = kind->fields[f].kind;
          }
      if (field == FIELD_SHIP || field == FIELD_TARGET)
        shown = g_strdup (ship_name (self, value));
      else if (field == FIELD_TORPEDOES || field == FIELD_GUNS)
        shown = describe_weapon_list (self, value);
      else if (field == FIELD_FORMATION)
        shown = g_strdup (formation_name (self, value));
      else if (field == FIELD_CHOICE)
        shown = g_strdup (choice_label (value));
      else if (field == FIELD_CRITICAL)
        shown = critical_label (self, adm_order_decl_get (decl, "ship"), value);
      else
        shown = g_strdup (value);
      g_string_append_printf (text, "%s %s: %s", i == 0 ? " —" : ",", label, shown);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Every declaration in the order adm_turn_orders_number_lines () numbers them. */
typedef void (*DeclFunc) (AdmiraltyOrdersPanel *self,
                          guint                 line,
                          const char           *text,
                          gpointer              user_data);

/* Whether the declarations list shows a declaration given for ship @ship_id or formation
 * @formation_id (either may be NULL) in the table's view: a side sees its own orders only
 * (adm_audience_sees_orders ()); one naming nothing of the battle is the master's. */
static gboolean
decl_shown (AdmiraltyOrdersPanel *self,
            const char           *ship_id,
            const char           *formation_id)
{
  AdmAudience audience;
  int ship = ship_id != NULL ? adm_battle_ship_index (self->battle, ship_id) : -1;
  int formation = formation_id != NULL ? adm_battle_formation_index (self->battle, formation_id)
                                       : -1;

  if (!self->listing)
    return TRUE;
  audience = adm_audience_for_view_side (admiralty_table_widget_get_view_side (self->table));
  if (formation < 0 && ship >= 0)
    formation = (int) adm_battle_get_ship (self->battle, ship)->formation;
  if (formation < 0)
    return adm_audience_is_master (audience);
  return adm_audience_sees_orders (audience, self->battle, formation);
}

/* The ship or formation a generic declaration is given for: the first of its values that
 * names one. */
static gboolean
other_shown (AdmiraltyOrdersPanel *self,
             const AdmOrderDecl   *decl)
{
  for (guint i = 0; i < decl->values->len; i++)
    {
      const char *value = g_ptr_array_index (decl->values, i);

      if (adm_battle_ship_index (self->battle, value) >= 0)
        return decl_shown (self, value, NULL);
      if (adm_battle_formation_index (self->battle, value) >= 0)
        return decl_shown (self, NULL, value);
    }
  return decl_shown (self, NULL, NULL);
}

static void
foreach_decl (AdmiraltyOrdersPanel *self,
              DeclFunc              func,
              gpointer              user_data)
{
  const AdmTurnOrders *o = self->draft;
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
describe_line_cb (AdmiraltyOrdersPanel *self,
                  guint                 line,
                  const char           *text,
                  gpointer              user_data)
{
  gpointer *want = user_data;

  if (GPOINTER_TO_UINT (want[0]) == line)
    want[1] = g_strdup (text);
}

static char *
describe_line (AdmiraltyOrdersPanel *self,
               guint                 line)
{
  gpointer want[2] = { GUINT_TO_POINTER (line), NULL };

  foreach_decl (self, describe_line_cb, want);
  return want[1];
}

/* Removes declaration @line (1-based, numbered as above). */
static void
remove_line (AdmiraltyOrdersPanel *self,
             guint                 line)
{
  GPtrArray *lists[] = { self->draft->moves, self->draft->fires, self->draft->target_locks,
                         self->draft->reinforce, self->draft->transfers, self->draft->other };

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

/* The engine's checks */

/* Whether @candidate passes the dry run; else the refusal of the declaration numbered @line
 * (0: any) goes to @reason. Refusals of other declarations do not count against it. */
static gboolean
dry_run (AdmiraltyOrdersPanel *self,
         AdmTurnOrders        *candidate,
         guint                 line,
         char                **reason)
{
  g_autoptr(GError) error = NULL;
  const char *text;
  guint failed;

  adm_turn_orders_number_lines (candidate);
  if (adm_battle_check_orders (self->battle, candidate, ADM_PHASE_END, &error))
    return TRUE;
  failed = split_error (error->message, &text);
  if (line != 0 && failed != line)
    return TRUE;
  *reason = g_strdup (text);
  return FALSE;
}

/* NULL, with the reason shown, when the draft does not read back (adm_turn_orders_copy ()):
 * then nothing is done with it. */
static AdmTurnOrders *
draft_copy (AdmiraltyOrdersPanel *self)
{
  g_autoptr(GError) error = NULL;
  AdmTurnOrders *copy = adm_turn_orders_copy (self->draft, &error);

  if (copy == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The orders typed in do not read back: %s"),
                                                  error->message);

      set_message (self, message);
      return NULL;
    }
  g_free (copy->file);
  copy->file = g_strdup (ORDERS_FILE);
  return copy;
}

/* The list of declarations */

static void
remove_clicked_cb (GtkButton            *button,
                   AdmiraltyOrdersPanel *self)
{
  guint line = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "line"));

  if (self->read_only)
    return;
  remove_line (self, line);
  set_message (self, NULL);
  changed (self);
}

static void
add_row_cb (AdmiraltyOrdersPanel *self,
            guint                 line,
            const char           *text,
            gpointer              user_data)
{
  guint failed = GPOINTER_TO_UINT (user_data);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *button = gtk_button_new_from_icon_name ("edit-delete-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 34);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  if (line == failed)
    {
      GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

      gtk_widget_add_css_class (icon, "warning");
      gtk_widget_set_tooltip_text (icon, _("The engine refuses this order"));
      gtk_box_append (GTK_BOX (box), icon);
    }
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Remove Order"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove Order"), -1);
  g_object_set_data (G_OBJECT (button), "line", GUINT_TO_POINTER (line));
  g_signal_connect (button, "clicked", G_CALLBACK (remove_clicked_cb), self);
  gtk_box_append (GTK_BOX (box), button);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "text", g_strdup (text), g_free);
  gtk_list_box_append (self->decl_list, row);
}

static void
rebuild_list (AdmiraltyOrdersPanel *self,
              guint                 failed)
{
  GtkListBoxRow *row;

  /* Rows only: the placeholder stays. */
  while ((row = gtk_list_box_get_row_at_index (self->decl_list, 0)) != NULL)
    gtk_list_box_remove (self->decl_list, GTK_WIDGET (row));
  self->listing = TRUE;
  foreach_decl (self, add_row_cb, GUINT_TO_POINTER (failed));
  self->listing = FALSE;
}

/* Movement */

static const char *
selected_formation_id (AdmiraltyOrdersPanel *self)
{
  const AdmBattleShip *ship = selected_ship (self);

  if (ship == NULL)
    return NULL;
  return adm_battle_get_formation (self->battle, ship->formation)->id;
}

static void
update_previews (AdmiraltyOrdersPanel *self,
                 AdmMovePreview      **editing_out)
{
  const char *editing = selected_formation_id (self);
  gboolean editing_done = FALSE;
  int editing_index = -1;

  g_ptr_array_set_size (self->previews, 0);
  *editing_out = NULL;
  if (adm_battle_get_phase (self->battle) > ADM_PHASE_MOVEMENT)
    return;

  for (guint i = 0; i <= self->draft->moves->len; i++)
    {
      g_autoptr(AdmTurnOrders) orders = NULL;
      g_autoptr(GError) error = NULL;
      AdmMovePreview *preview;
      const char *formation;

      if (i < self->draft->moves->len)
        formation = ((AdmMoveDecl *) g_ptr_array_index (self->draft->moves, i))->formation;
      else if (editing != NULL && !editing_done)
        formation = editing;  /* the selected formation without a course yet */
      else
        break;

      orders = draft_copy (self);
      if (orders == NULL)
        break;
      if (self->live != NULL && g_strcmp0 (formation, self->live->formation) == 0)
        {
          guint index;

          if (find_move (orders, formation, &index) != NULL)
            g_ptr_array_remove_index (orders->moves, index);
          g_ptr_array_add (orders->moves, move_decl_copy (self->live, formation));
          adm_turn_orders_number_lines (orders);
        }
      preview = g_new0 (AdmMovePreview, 1);
      if (!adm_battle_preview_move (self->battle, orders, formation, preview, &error))
        {
          preview_free (preview);
          if (g_strcmp0 (formation, editing) == 0)
            editing_done = TRUE;
          continue;
        }
      if (g_strcmp0 (formation, editing) == 0)
        {
          editing_done = TRUE;
          editing_index = self->previews->len;
          *editing_out = preview;
        }
      g_ptr_array_add (self->previews, preview);
    }

  /* F-MOVE-5: every formation that must keep moving and has no course declared goes
   * straight on as far as last turn; that course is drawn too, so that no move is unseen. */
  for (guint f = 0; f < adm_battle_get_n_formations (self->battle); f++)
    {
      const char *id = adm_battle_get_formation (self->battle, f)->id;
      AdmMovePreview *preview;

      if (g_strcmp0 (id, editing) == 0 || find_move (self->draft, id, NULL) != NULL ||
          (self->table != NULL &&
           !adm_audience_sees_orders (
             adm_audience_for_view_side (admiralty_table_widget_get_view_side (self->table)),
             self->battle, f)))
        continue;
      preview = g_new0 (AdmMovePreview, 1);
      if (!adm_battle_preview_move (self->battle, self->draft, id, preview, NULL) ||
          !preview->must_move || preview->total <= 0)
        {
          preview_free (preview);
          continue;
        }
      g_ptr_array_add (self->previews, preview);
    }
  g_object_set_data (G_OBJECT (self), "editing-index", GINT_TO_POINTER (editing_index + 1));
}

static void
update_move_section (AdmiraltyOrdersPanel *self,
                     const AdmMovePreview *preview)
{
  const AdmBattleShip *ship = selected_ship (self);
  const AdmMoveDecl *decl;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GtkStringList) rams = gtk_string_list_new (NULL);
  g_autofree char *speed = NULL;
  g_autofree char *turn_after = NULL;
  g_autofree char *last_move = NULL;
  g_autofree char *total = NULL;
  guint ram_selected = 0;

  gtk_widget_set_visible (self->move_section, preview != NULL);
  if (preview == NULL || ship == NULL)
    return;

  decl = find_move (self->draft, selected_formation_id (self), NULL);
  speed = admiralty_format_length (preview->speed, self->inches);
  turn_after = admiralty_format_length (preview->turn_after, self->inches);
  last_move = admiralty_format_length (preview->last_move, self->inches);
  total = admiralty_format_length (preview->total, self->inches);
  /* Translators: the formation's movement limits this turn (F-MOVE-3, F-MOVE-7); %s is a
   * length, "18 cm" */
  if (preview->extra_dice)
    g_string_append_printf (text, _("Moves up to %s + 2d6"), speed);
  else
    g_string_append_printf (text, _("Moves up to %s"), speed);
  if (preview->turn_limit > 0)
    g_string_append_printf (text, _(" · turns up to %.0f° in all"), preview->turn_limit);
  else
    g_string_append (text, _(" · may not turn"));
  if (preview->turn_after > 0)
    g_string_append_printf (text, _(" · first turn after %s"), turn_after);
  if (preview->must_move)
    g_string_append_printf (text, _("\nMoved %s last turn: must keep moving (F-MOVE-5)"),
                            last_move);
  g_string_append_printf (text, _("\nPlotted: %s, turning %g°"), total, preview->turned);
  if (decl == NULL && preview->must_move && preview->total > 0)
    g_string_append (text, _(" — by default, straight on as last turn (F-MOVE-5): drag from "
                             "the ship for another course, or clear it"));
  if (!preview->legal && preview->reason != NULL)
    g_string_append_printf (text, "\n⚠ %s", preview->reason);
  gtk_label_set_label (self->move_summary_label, text->str);

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->move_order_dropdown, decl != NULL ? (guint) decl->order : 0);
  g_array_set_size (self->ram_ids, 0);
  gtk_string_list_append (rams, _("No ram"));
  for (guint i = 0; i < adm_battle_get_n_ships (self->battle); i++)
    {
      const AdmBattleShip *other = adm_battle_get_ship (self->battle, i);

      if (other->side == ship->side || other->status == ADM_SHIP_DESTROYED ||
          adm_battle_get_detection (self->battle, ship->side, other->formation) ==
            ADM_DETECTION_NONE)
        continue;
      {
        /* F-ECM-4: a face-down token is rammed without a name. */
        g_autofree char *label =
          adm_audience_ship_shows (adm_audience_side (ship->side), self->battle, i,
                                   ADM_SHIP_FACT_NAME)
            ? g_strdup_printf (_("Ram %s"), other->name)
            : g_strdup_printf (_("Ram unidentified ship %u"), self->ram_ids->len + 1);

        gtk_string_list_append (rams, label);
      }
      g_array_append_val (self->ram_ids, i);
      if (decl != NULL && g_strcmp0 (decl->ram, other->id) == 0)
        ram_selected = self->ram_ids->len;
    }
  gtk_drop_down_set_model (self->ram_dropdown, G_LIST_MODEL (rams));
  gtk_drop_down_set_selected (self->ram_dropdown, ram_selected);
  self->syncing = FALSE;
}

/* Replaces the selected formation's course with @decl (owned), or removes it (NULL), if the
 * engine accepts the result; else says why and changes nothing. */
static gboolean
commit_move (AdmiraltyOrdersPanel *self,
             AdmMoveDecl          *decl)
{
  g_autoptr(AdmTurnOrders) candidate = draft_copy (self);
  g_autoptr(GError) error = NULL;
  AdmMovePreview preview = { 0 };
  const char *formation = selected_formation_id (self);
  guint index;

  if (self->read_only)
    return FALSE;

  if (candidate == NULL)
    {
      /* @decl is ours: freed with the orders it would have joined. */
      g_autoptr(AdmTurnOrders) unused = adm_turn_orders_new (0);

      if (decl != NULL)
        g_ptr_array_add (unused->moves, decl);
      return FALSE;
    }
  if (find_move (candidate, formation, &index) != NULL)
    g_ptr_array_remove_index (candidate->moves, index);
  if (decl != NULL)
    g_ptr_array_add (candidate->moves, decl);
  adm_turn_orders_number_lines (candidate);

  if (decl != NULL)
    {
      if (!adm_battle_preview_move (self->battle, candidate, formation, &preview, &error))
        {
          set_message (self, error->message);
          admiralty_orders_panel_refresh (self);
          return FALSE;
        }
      if (!preview.legal)
        {
          /* An illegal move says why and does nothing. */
          set_message (self, preview.reason);
          adm_move_preview_clear (&preview);
          admiralty_orders_panel_refresh (self);
          return FALSE;
        }
      adm_move_preview_clear (&preview);
    }

  set_message (self, NULL);
  adm_turn_orders_free (self->draft);
  self->draft = g_steal_pointer (&candidate);
  g_free (self->draft->file);
  self->draft->file = g_strdup (ORDERS_FILE);
  changed (self);
  return TRUE;
}

/* The selected formation's course with a leg added: a turn of @degrees and @cm on. */
static AdmMoveDecl *
course_with_leg (AdmiraltyOrdersPanel *self,
                 double                degrees,
                 double                cm)
{
  const char *formation = selected_formation_id (self);
  AdmMoveDecl *decl = move_decl_copy (find_move (self->draft, formation, NULL), formation);

  if (fabs (degrees) >= 0.5)
    {
      AdmMoveStep step = { TRUE, round (degrees), 0, 0 };

      g_array_append_val (decl->steps, step);
    }
  if (cm > 0)
    {
      AdmMoveStep step = { FALSE, cm, 0, 0 };

      g_array_append_val (decl->steps, step);
    }
  return decl;
}

gboolean
admiralty_orders_panel_add_leg (AdmiraltyOrdersPanel *self,
                                double                degrees,
                                double                cm)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), FALSE);

  if (selected_formation_id (self) == NULL)
    return FALSE;
  return commit_move (self, course_with_leg (self, degrees, cm));
}

/* Whether the selected formation, with no course declared, would move straight on by
 * default because it must keep moving (F-MOVE-5). */
static gboolean
has_default_course (AdmiraltyOrdersPanel *self)
{
  const char *formation = selected_formation_id (self);
  AdmMovePreview preview = { 0 };
  gboolean moves;

  if (formation == NULL || find_move (self->draft, formation, NULL) != NULL ||
      !adm_battle_preview_move (self->battle, self->draft, formation, &preview, NULL))
    return FALSE;
  moves = preview.must_move && preview.total > 0;
  adm_move_preview_clear (&preview);
  return moves;
}

void
admiralty_orders_panel_clear_move (AdmiraltyOrdersPanel *self)
{
  const AdmMoveDecl *current;
  const char *formation;

  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  formation = selected_formation_id (self);
  if (formation == NULL)
    return;
  current = find_move (self->draft, formation, NULL);
  if (has_default_course (self) ||
      (current != NULL && (current->order != ADM_MOVE_ORDER_NONE || current->ram != NULL)))
    {
      /* F-MOVE-5: the default course cleared leaves an empty one, to be plotted from the ship
       * (or an emergency stop given); the dry run says so until it is. Only the legs go: a
       * combat order (F-FORD) and a ram (F-RAM-1) given with them stay. */
      g_autoptr(AdmTurnOrders) candidate = draft_copy (self);
      AdmMoveDecl *empty;
      guint index;

      if (candidate == NULL)
        return;
      empty = move_decl_copy (find_move (candidate, formation, &index), formation);
      g_array_set_size (empty->steps, 0);
      if (find_move (candidate, formation, &index) != NULL)
        g_ptr_array_remove_index (candidate->moves, index);
      g_ptr_array_add (candidate->moves, empty);
      adm_turn_orders_number_lines (candidate);
      adm_turn_orders_free (self->draft);
      self->draft = g_steal_pointer (&candidate);
      set_message (self, NULL);
      changed (self);
      return;
    }
  commit_move (self, NULL);
}

static gboolean
commit_move_order (AdmiraltyOrdersPanel *self,
                   AdmMoveOrder          order)
{
  const char *formation = selected_formation_id (self);
  AdmMoveDecl *decl;

  if (formation == NULL)
    return FALSE;
  decl = move_decl_copy (find_move (self->draft, formation, NULL), formation);
  decl->order = order;
  if (order != ADM_MOVE_ORDER_ALL_AHEAD_FULL)
    g_clear_pointer (&decl->ram, g_free);
  return commit_move (self, decl);
}

void
admiralty_orders_panel_set_move_order (AdmiraltyOrdersPanel *self,
                                       AdmMoveOrder          order)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  commit_move_order (self, order);
}

/* Dragging the selected ship: a leg from the end of its course to the pointer. */
static void
plot_cb (AdmiraltyOrdersPanel *self,
         double                x,
         double                y,
         gboolean              done,
         AdmiraltyTableWidget *table)
{
  const char *formation = selected_formation_id (self);
  g_autoptr(AdmTurnOrders) orders = NULL;
  AdmMovePreview preview = { 0 };
  AdmPoint end, pointer = { x, y };
  double heading, degrees, cm;

  if (self->read_only)
    return;

  if (formation == NULL || adm_battle_get_phase (self->battle) > ADM_PHASE_MOVEMENT)
    return;

  /* Where the course declared so far ends. */
  orders = draft_copy (self);
  if (orders == NULL ||
      !adm_battle_preview_move (self->battle, orders, formation, &preview, NULL) ||
      preview.path == NULL || preview.path->len == 0)
    {
      adm_move_preview_clear (&preview);
      return;
    }
  end = g_array_index (preview.path, AdmPoint, preview.path->len - 1);
  heading = preview.end_heading;
  /* With no course declared, the drag plots it from the ship, not on from the end of the
   * straight-on course F-MOVE-5 gives it by default: the new course replaces that one. */
  if (find_move (self->draft, formation, NULL) == NULL)
    {
      const AdmBattleShip *leader = adm_battle_get_ship (self->battle, preview.leader);
      const AdmBattleShip *dragged = selected_ship (self);

      end = leader->position;
      heading = leader->heading;
      /* Any ship of the formation may be dragged: the leader's course goes as far and the
       * same way as the drag from the ship. */
      if (dragged != NULL && dragged != leader)
        {
          pointer.x += leader->position.x - dragged->position.x;
          pointer.y += leader->position.y - dragged->position.y;
        }
    }
  adm_move_preview_clear (&preview);

  /* To the nearest degree and half centimetre, as a master would write it. */
  degrees = round (adm_heading_difference (heading, adm_bearing (end, pointer)));
  cm = round (adm_distance (end, pointer) * 2) / 2;

  g_clear_pointer (&self->live, move_decl_destroy);
  if (done)
    {
      if (cm >= 0.5)
        admiralty_orders_panel_add_leg (self, degrees, cm);
      else
        admiralty_orders_panel_refresh (self);
      return;
    }
  if (cm < 0.5)
    return;
  /* The live course: the declared one plus the leg to the pointer. */
  self->live = course_with_leg (self, degrees, cm);
  admiralty_orders_panel_refresh (self);
}

/* Fire */

static gboolean
weapon_checked (AdmiraltyOrdersPanel *self,
                guint                 weapon)
{
  for (guint i = 0; i < self->weapon_checks->len; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->weapon_checks, i);

      if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "weapon")) == weapon + 1)
        return gtk_check_button_get_active (check);
    }
  return FALSE;
}

static gboolean
array_has (GArray *array,
           guint   value)
{
  for (guint i = 0; i < array->len; i++)
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  return FALSE;
}

static gboolean
is_tube (const AdmBattleShip *ship,
         guint                weapon)
{
  return ((const AdmWeapon *) g_ptr_array_index (ship->klass->weapons, weapon))->type ==
         ADM_WEAPON_TORPEDO;
}

/* The ships at least one checked weapon can reach (any weapon when none is checked): the
 * declaration then fires the checked weapons that reach the chosen one. */
static void
update_targets (AdmiraltyOrdersPanel *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  gboolean any_checked = FALSE;

  g_array_set_size (self->targets, 0);
  if (ship == NULL)
    return;
  /* F-BOARD-1: boarding is declared in the torpedo and boarding phase; the enemies it could
   * board are ringed then. */
  if (adm_battle_get_phase (self->battle) == ADM_PHASE_TORPEDO)
    {
      g_autoptr(GArray) board = adm_battle_boarding_targets (self->battle, self->ship);

      g_array_append_vals (self->targets, board->data, board->len);
      return;
    }
  if (adm_battle_get_phase (self->battle) > ADM_PHASE_FIRE)
    return;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    any_checked |= weapon_checked (self, w);
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      g_autoptr(GArray) reach = NULL;

      if (any_checked && !weapon_checked (self, w))
        continue;
      reach = is_tube (ship, w) ? adm_battle_launch_targets (self->battle, self->ship, w)
                                : adm_battle_fire_targets (self->battle, self->ship, w);
      for (guint i = 0; i < reach->len; i++)
        if (!array_has (self->targets, g_array_index (reach, guint, i)))
          g_array_append_val (self->targets, g_array_index (reach, guint, i));
    }
}

/* The fire declaration the section describes: the checked weapons that reach the target. */
static AdmFireDecl *
fire_decl_from_form (AdmiraltyOrdersPanel *self,
                     int                   target)
{
  const AdmBattleShip *ship = selected_ship (self);
  AdmFireDecl *decl;

  if (ship == NULL || target < 0)
    return NULL;
  decl = adm_fire_decl_new (adm_battle_get_ship (self->battle, target)->id);
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autoptr(GArray) reach = NULL;

      if (!weapon_checked (self, w) || is_tube (ship, w))
        continue;
      reach = adm_battle_fire_targets (self->battle, self->ship, w);
      if (array_has (reach, target))
        adm_fire_decl_add_battery (decl, ship->id, weapon->id);
    }
  decl->is_return = gtk_check_button_get_active (self->return_check);
  return decl;
}

static void update_aim (AdmiraltyOrdersPanel *self);

/* F-TORP-3: the checked tubes launched at the point clicked on the table: on the heading
 * from the ship to it, the salvo running along that line. The launch phase checks the arcs
 * (F-FIRE-6) and the tubes as for a ship target. */
static AdmOrderDecl *
launch_at_point (AdmiraltyOrdersPanel *self,
                 const AdmBattleShip  *ship,
                 int                  *torpedoes_out)
{
  g_autoptr(GString) tubes = g_string_new (NULL);
  char heading[G_ASCII_DTOSTR_BUF_SIZE];
  AdmOrderDecl *decl;
  int torpedoes = 0;

  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      if (!is_tube (ship, w) || !weapon_checked (self, w))
        continue;
      g_string_append_printf (tubes, "%s%s:%s", tubes->len > 0 ? " " : "", ship->id,
                              weapon->id);
      torpedoes += weapon->firepower;
    }
  if (tubes->len == 0)
    return NULL;
  decl = adm_order_decl_new ("launch");
  adm_order_decl_set (decl, "weapons", tubes->str);
  g_ascii_formatd (heading, sizeof heading, "%.1f",
                   adm_heading_normalise (adm_bearing (ship->position, self->aim)));
  adm_order_decl_set (decl, "heading", heading);
  if (torpedoes_out != NULL)
    *torpedoes_out = torpedoes;
  return decl;
}

/* The launch (F-WPN-10) the section describes: the checked tubes that can launch at the
 * target, or NULL; @torpedoes_out gets the torpedoes they hold. */
static AdmOrderDecl *
launch_decl_from_form (AdmiraltyOrdersPanel *self,
                       int                   target,
                       int                  *torpedoes_out)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(GString) tubes = g_string_new (NULL);
  AdmOrderDecl *decl;
  int torpedoes = 0;

  if (ship == NULL || (target < 0 && !self->have_aim))
    return NULL;
  if (target < 0)
    return launch_at_point (self, ship, torpedoes_out);
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autoptr(GArray) reach = NULL;

      if (!is_tube (ship, w) || !weapon_checked (self, w))
        continue;
      reach = adm_battle_launch_targets (self->battle, self->ship, w);
      if (!array_has (reach, target))
        continue;
      g_string_append_printf (tubes, "%s%s:%s", tubes->len > 0 ? " " : "", ship->id,
                              weapon->id);
      torpedoes += weapon->firepower;
    }
  if (tubes->len == 0)
    return NULL;
  decl = adm_order_decl_new ("launch");
  adm_order_decl_set (decl, "weapons", tubes->str);
  adm_order_decl_set (decl, "target", adm_battle_get_ship (self->battle, target)->id);
  if (torpedoes_out != NULL)
    *torpedoes_out = torpedoes;
  return decl;
}

static void
order_decl_free (AdmOrderDecl *decl)
{
  g_free (decl->element);
  g_ptr_array_unref (decl->keys);
  g_ptr_array_unref (decl->values);
  g_free (decl);
}

/* "Torpedo tubes: 4 torpedoes at Pale Jade, 30 cm away" and their run (F-TORP-3, F-TORP-4). */
static char *
describe_launch (AdmiraltyOrdersPanel *self,
                 int                   target,
                 int                   torpedoes)
{
  const AdmBattleShip *ship = selected_ship (self);
  const AdmBattleShip *t = adm_battle_get_ship (self->battle, target);
  g_autofree char *distance = admiralty_format_length (adm_distance (ship->position,
                                                                     t->position),
                                                       self->inches);
  int speed = G_MAXINT, turns = G_MAXINT;

  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);

      if (is_tube (ship, w) && weapon_checked (self, w))
        {
          speed = MIN (speed, weapon->torpedo_speed);
          turns = MIN (turns, weapon->torpedo_turns);
        }
    }
  if (speed > 0 && speed < G_MAXINT && turns < G_MAXINT)
    {
      g_autofree char *run = admiralty_format_length (speed, self->inches);

      /* Translators: a launch before it is declared: torpedoes, target, distance, the
       * salvo's run a turn and its turns (F-WPN-10, F-TORP-3, F-TORP-4) */
      return g_strdup_printf (_("Launch %d torpedoes at %s, %s away: the salvo runs %s a "
                                "turn for %d turns (F-WPN-10, F-TORP-3)"),
                              torpedoes, t->name, distance, run, turns);
    }
  /* Translators: a launch before it is declared: torpedoes, target, distance */
  return g_strdup_printf (_("Launch %d torpedoes at %s, %s away (F-WPN-10)"), torpedoes,
                          t->name, distance);
}

static void
fire_decl_free (AdmFireDecl *decl)
{
  g_ptr_array_unref (decl->ships);
  g_ptr_array_unref (decl->weapons);
  g_free (decl->target);
  g_free (decl);
}

/* What the fire declared before this one does to the shields it meets, first (F-FIRE-4,
 * F-SHLD-1): the odds count it, and say so; with none, they say the shields meet it whole. */
static void
append_earlier_fire (GString              *text,
                     const AdmFirePreview *preview)
{
  if (preview->earlier_fires > 0)
    {
      /* Translators: the fire declared before this one in the phase's order; %u its number
       * of declarations, then the shield blocks it uses on average and how often all */
      g_string_append_printf (text, ngettext ("\nCounted first: %u declaration before it in "
                                              "the phase's order (F-FIRE-4) uses %.1f of these "
                                              "blocks on average, all of them %.1f%% of the "
                                              "time (F-SHLD-2)",
                                              "\nCounted first: %u declarations before it in "
                                              "the phase's order (F-FIRE-4) use %.1f of these "
                                              "blocks on average, all of them %.1f%% of the "
                                              "time (F-SHLD-2)", preview->earlier_fires),
                              preview->earlier_fires, preview->earlier_blocks,
                              100 * preview->p_shields_down);
      if (preview->earlier_at_target > 0)
        g_string_append (text, _(", with the damage they do to the target"));
      if (preview->earlier_readiness)
        g_string_append (text, _(", their readiness checks passed (F-FIRE-9)"));
    }
  else if (preview->shields > 0)
    g_string_append (text, _("\nNo fire declared before it in the phase's order uses these "
                             "shields: all of them meet it (F-FIRE-4)"));
  if (preview->uncounted_fires > 0)
    g_string_append_printf (text, ngettext ("\nNot counted: %u declaration before it fires at "
                                            "a ship sharing part of this pool (F-SHLD-5) and "
                                            "may use some of these blocks",
                                            "\nNot counted: %u declarations before it fire at "
                                            "ships sharing part of this pool (F-SHLD-5) and "
                                            "may use some of these blocks",
                                            preview->uncounted_fires),
                            preview->uncounted_fires);
}

/* The dice, the number to hit and why, the shields and hull in play, and the exact outcome
 * of the declared fire, lines a master reads out before the dice. */
static void
append_fire_details (GString              *text,
                     const AdmFirePreview *preview)
{
  if (preview->attacks > 1)
    /* Translators: F-ART-3, each firing ship is an attack of its own */
    g_string_append_printf (text, ngettext ("\n%u attack, one per firing ship (F-ART-3); "
                                            "the first:",
                                            "\n%u attacks, one per firing ship (F-ART-3); "
                                            "the first:", preview->attacks),
                            preview->attacks);
  if (preview->artillery != NULL)
    {
      /* Translators: artillery dice: count, firepower, table column, target type, to-hit */
      g_string_append_printf (text, ngettext ("\nArtillery: %d die (firepower %d, column %d "
                                              "against %s), hits on %d+ (armour, F-ART-12)",
                                              "\nArtillery: %d dice (firepower %d, column %d "
                                              "against %s), hits on %d+ (armour, F-ART-12)",
                                              preview->artillery_input.dice),
                              preview->artillery_input.dice, preview->artillery_firepower,
                              preview->column, preview->aspect != NULL ? preview->aspect : "",
                              preview->artillery_input.hit_on);
      if (preview->artillery_input.reroll)
        g_string_append (text, _(", misses rolled again (F-FORD-2)"));
    }
  if (preview->destructors != NULL)
    {
      g_string_append_printf (text, ngettext ("\nDestructors: %d die, hits on %d+ (F-DES-2)",
                                              "\nDestructors: %d dice, hits on %d+ (F-DES-2)",
                                              preview->destructor_input.dice),
                              preview->destructor_input.dice, preview->destructor_input.hit_on);
      if (preview->destructor_input.reroll)
        g_string_append (text, _(", misses rolled again (F-FORD-2)"));
    }
  if (preview->shields == 0)
    g_string_append (text, _("\nShields: none up (F-SHLD-1)"));
  else if (preview->shields_from != NULL)
    /* Translators: shield blocks in play, the target's own, and where the rest come from */
    g_string_append_printf (text, _("\nShields: %d blocks, %d its own, %s"), preview->shields,
                            preview->own_shields, preview->shields_from);
  else
    g_string_append_printf (text, ngettext ("\nShields: %d block, its own (F-SHLD-1)",
                                            "\nShields: %d blocks, its own (F-SHLD-1)",
                                            preview->shields), preview->shields);
  if (preview->artillery != NULL && preview->artillery_input.order == ADM_SHIELDS_BEFORE_ARMOUR)
    g_string_append (text, _(", cancelling dice before the armour roll (F-WPN-7)"));
  if (preview->special_save)
    g_string_append (text, _("; a reinforced special shield saves each damage on 4+ (F-FORD-8)"));
  append_earlier_fire (text, preview);
  /* Translators: the target's hull points left, of its class's */
  g_string_append_printf (text, _("\nHull: %d of %d left"), preview->hull_left, preview->hull);
  if (preview->damaged)
    g_string_append (text, _(", already damaged (F-CRIT-6)"));
  else if (preview->hull_left > 0)
    /* Translators: F-CRIT-6, the hull points still to lose before the ship is damaged */
    g_string_append_printf (text, ngettext (", damaged after %d more lost (F-CRIT-6)",
                                            ", damaged after %d more lost (F-CRIT-6)",
                                            (preview->hull + 1) / 2 -
                                              (preview->hull - preview->hull_left)),
                            (preview->hull + 1) / 2 - (preview->hull - preview->hull_left));
  if (preview->critical_destroys)
    g_string_append (text, _("; an escort: any critical destroys it (F-CRIT-4)"));
  if (preview->hull_left == 0)
    {
      g_string_append (text, _("\nA hulk: any hit rolls the catastrophic damage table again "
                               "(F-CAT-6)."));
      return;
    }
  /* Translators: the exact odds of the declared fire before the dice */
  g_string_append_printf (text, _("\nOdds: expected damage %.2f · at least one damage %.1f%% · "
                                  "a critical %.1f%% · damaged or worse %.1f%% · "
                                  "out of action %.1f%%"),
                          preview->exact_expected_damage, 100 * preview->exact_p_damage,
                          100 * preview->exact_p_critical, 100 * preview->p_crippled,
                          100 * preview->p_destroyed);
  if (preview->no_damage_reason != NULL)
    g_string_append_printf (text, _("\nNo damage possible: %s."), preview->no_damage_reason);
}

static void
update_odds (AdmiraltyOrdersPanel *self)
{
  int target = admiralty_table_widget_get_target_ship (self->table);
  AdmFireDecl *decl;
  AdmOrderDecl *launch;
  int torpedoes = 0;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (self->have_fire_preview)
    adm_fire_preview_clear (&self->fire_preview);
  self->have_fire_preview = FALSE;
  g_clear_pointer (&self->odds_text, g_free);

  decl = fire_decl_from_form (self, target);
  launch = launch_decl_from_form (self, target, &torpedoes);
  if (decl == NULL && launch != NULL)
    {
      const AdmBattleShip *ship = selected_ship (self);
      g_autofree char *run = admiralty_format_length (adm_distance (ship->position, self->aim),
                                                      self->inches);

      /* Translators: a launch at a point of the table (F-TORP-3): torpedoes, heading,
       * distance to the point */
      g_string_append_printf (text, _("Launch %d torpedoes on heading %.0f° toward the point "
                                      "clicked, %s away: the salvo runs along that line "
                                      "(F-WPN-10, F-TORP-3)"), torpedoes,
                              adm_heading_normalise (adm_bearing (ship->position, self->aim)),
                              run);
    }
  else if (decl == NULL)
    g_string_append (text, _("Check weapons, then click a ringed ship or choose a target."));
  else if (decl->ships->len == 0 && launch != NULL)
    {
      g_autofree char *what = describe_launch (self, target, torpedoes);

      g_string_append (text, what);
    }
  else if (decl->ships->len == 0)
    g_string_append (text, _("None of the checked weapons reaches that target."));
  else if (!adm_battle_preview_fire (self->battle, self->draft, decl, &self->fire_preview,
                                     &error))
    g_string_append (text, error->message);
  else
    {
      self->have_fire_preview = TRUE;
      /* F-SEQ-1: fire declared before the movement is judged where the ships stand now; the
       * fire phase measures again where the movement leaves them. */
      if (adm_battle_get_phase (self->battle) < ADM_PHASE_FIRE)
        g_string_append (text, _("Judged at the positions before this turn’s movement; the "
                                 "fire phase measures again after it (F-SEQ-1).\n"));
      if (!self->fire_preview.legal)
        g_string_append_printf (text, "⚠ %s", self->fire_preview.reason);
      else
        {
          g_autofree char *distance = admiralty_format_length (self->fire_preview.distance,
                                                               self->inches);

          g_string_append (text, distance);
          if (self->fire_preview.column > 0)
            g_string_append_printf (text, _(" · column %d"), self->fire_preview.column);
          if (self->fire_preview.half_range)
            g_string_append (text, _(" · half range"));
          if (self->fire_preview.long_range)
            g_string_append (text, _(" · long range"));
          if (self->fire_preview.behind_marker)
            g_string_append (text, _(" · behind a marker"));
          if (self->fire_preview.readiness_check)
            g_string_append (text, _(" · a readiness check first (F-FIRE-9)"));
          append_fire_details (text, &self->fire_preview);
        }
    }
  if (launch != NULL && decl != NULL && decl->ships->len > 0)
    {
      g_autofree char *what = describe_launch (self, target, torpedoes);

      g_string_append_printf (text, "\n%s", what);
    }
  if (decl != NULL)
    fire_decl_free (decl);
  if (launch != NULL)
    order_decl_free (launch);
  self->odds_text = g_string_free (g_steal_pointer (&text), FALSE);
  gtk_label_set_label (self->odds_label, self->odds_text);
  gtk_widget_set_visible (GTK_WIDGET (self->odds_area),
                          self->have_fire_preview && self->fire_preview.legal);
  gtk_widget_queue_draw (GTK_WIDGET (self->odds_area));
}

/* The damage distribution: a bar per number of damage points, artillery and destructors
 * convolved. */
static void
odds_draw (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  AdmiraltyOrdersPanel *self = user_data;
  const AdmFireOdds *a = self->fire_preview.artillery, *d = self->fire_preview.destructors;
  int na = a != NULL ? a->max_damage : 0, nd = d != NULL ? d->max_damage : 0;
  int n = na + nd + 1;
  g_autofree double *p = NULL;
  double top = 0, bar;
  GdkRGBA colour;

  if (!self->have_fire_preview || !self->fire_preview.legal)
    return;
  p = g_new0 (double, n);
  for (int i = 0; i <= na; i++)
    for (int j = 0; j <= nd; j++)
      p[i + j] += (a != NULL ? a->damage[i] : (i == 0)) * (d != NULL ? d->damage[j] : (j == 0));
  for (int k = 0; k < n; k++)
    top = MAX (top, p[k]);
  if (top <= 0)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  bar = (double) width / n;
  for (int k = 0; k < n; k++)
    {
      double h = (height - 14) * p[k] / top;

      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);
      cairo_rectangle (cr, k * bar + 1, height - 14 - h, MAX (bar - 2, 1), h);
      cairo_fill (cr);
      if (bar >= 12 || k % 5 == 0)
        {
          char label[16];

          g_snprintf (label, sizeof label, "%d", k);
          gdk_cairo_set_source_rgba (cr, &colour);
          cairo_set_font_size (cr, 10);
          cairo_move_to (cr, k * bar + bar / 2 - 3, height - 2);
          cairo_show_text (cr, label);
        }
    }
}

static void
rebuild_weapons (AdmiraltyOrdersPanel *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->weapon_box))) != NULL)
    gtk_box_remove (self->weapon_box, child);
  g_ptr_array_set_size (self->weapon_checks, 0);
  if (ship == NULL)
    return;

  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autofree char *arcs = NULL;
      g_autofree char *range = NULL;
      g_autofree char *label = NULL;
      GtkWidget *check;

      if (weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR &&
          weapon->type != ADM_WEAPON_TORPEDO)
        continue;
      arcs = adm_arcs_to_string (weapon->arcs);
      range = admiralty_format_length (weapon->range, self->inches);
      if (weapon->type == ADM_WEAPON_TORPEDO)
        /* Translators: torpedo tubes to launch (F-WPN-10): name, torpedoes, range, arcs */
        label = g_strdup_printf (g_dngettext (NULL, "%s · %d torpedo · %s · %s",
                                              "%s · %d torpedoes · %s · %s",
                                              weapon->firepower),
                                 weapon->name, weapon->firepower, range, arcs);
      else
        /* Translators: a weapon to fire: name, firepower, range and arcs */
        label = g_strdup_printf (_("%s · firepower %d · %s · %s"), weapon->name,
                                 weapon->firepower, range, arcs);
      check = gtk_check_button_new ();
      {
        /* A long weapon line wraps rather than widen the pane. */
        GtkWidget *text = gtk_label_new (label);

        gtk_label_set_wrap (GTK_LABEL (text), TRUE);
        gtk_label_set_xalign (GTK_LABEL (text), 0);
        gtk_label_set_max_width_chars (GTK_LABEL (text), 34);
        gtk_check_button_set_child (GTK_CHECK_BUTTON (check), text);
      }
      /* Every gun is ready to fire until the master unchecks it; tubes are launched only
       * when checked, as a salvo is a decision of its own (F-TORP-1: they reload a turn). */
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                   weapon->type != ADM_WEAPON_TORPEDO);
      g_object_set_data (G_OBJECT (check), "weapon", GUINT_TO_POINTER (w + 1));
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (admiralty_orders_panel_refresh),
                                self);
      gtk_box_append (self->weapon_box, check);
      g_ptr_array_add (self->weapon_checks, check);
    }
}

/* @check offers a target lock or reinforced shields (@reinforce) for the selected ship:
 * sensitive when the order is in or the engine would accept it, with the reason when not. */
static void
offer_ship_order (AdmiraltyOrdersPanel *self,
                  GtkWidget            *check,
                  GPtrArray            *list,
                  gboolean              reinforce)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  AdmShipOrderDecl *decl;

  if (find_ship_order (list, ship->id) >= 0)
    {
      gtk_widget_set_sensitive (check, TRUE);
      gtk_widget_set_tooltip_text (check, NULL);
      return;
    }
  candidate = draft_copy (self);
  if (candidate == NULL)
    return;
  decl = adm_ship_order_decl_new (ship->id);
  g_ptr_array_add (reinforce ? candidate->reinforce : candidate->target_locks, decl);
  adm_turn_orders_number_lines (candidate);
  if (dry_run (self, candidate, decl->line, &reason))
    {
      gtk_widget_set_sensitive (check, TRUE);
      gtk_widget_set_tooltip_text (check, NULL);
    }
  else
    {
      const char *text;

      split_error (reason, &text);
      gtk_widget_set_sensitive (check, FALSE);
      gtk_widget_set_tooltip_text (check, text);
    }
}

/* Return fire (F-FIRE-11) is offered when the target's formation has fired on the shooter's
 * earlier in this phase's declarations: the engine's fire preview with it says so. */
static void
offer_return_fire (AdmiraltyOrdersPanel *self,
                   int                   target)
{
  AdmFireDecl *decl = fire_decl_from_form (self, target);
  AdmFirePreview preview = { 0 };
  gboolean allowed = FALSE;

  if (decl != NULL && decl->ships->len > 0)
    {
      decl->is_return = TRUE;
      allowed = adm_battle_preview_fire (self->battle, self->draft, decl, &preview, NULL) &&
                preview.legal;
      adm_fire_preview_clear (&preview);
    }
  if (decl != NULL)
    fire_decl_free (decl);
  if (!allowed)
    gtk_check_button_set_active (self->return_check, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->return_check), allowed);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->return_check),
                               allowed ? NULL
                                       : _("Return fire only at a formation that has fired on "
                                           "this one in this phase (F-FIRE-11)"));
}

static void
update_fire_section (AdmiraltyOrdersPanel *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  int target = admiralty_table_widget_get_target_ship (self->table);
  guint selected = 0;
  gboolean visible = ship != NULL && ship->status == ADM_SHIP_ACTIVE &&
                     adm_battle_get_phase (self->battle) <= ADM_PHASE_FIRE;

  gtk_widget_set_visible (self->fire_section, visible);
  if (!visible)
    return;

  self->syncing = TRUE;
  g_array_set_size (self->target_ids, 0);
  gtk_string_list_append (names, self->targets->len > 0 ? _("Choose a target")
                                                        : _("No target in arc and range"));
  for (guint i = 0; i < self->targets->len; i++)
    {
      guint t = g_array_index (self->targets, guint, i);

      gtk_string_list_append (names, adm_battle_get_ship (self->battle, t)->name);
      g_array_append_val (self->target_ids, t);
      if ((int) t == target)
        selected = i + 1;
    }
  gtk_drop_down_set_model (self->target_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->target_dropdown, selected);
  gtk_check_button_set_active (self->lock_check,
                               find_ship_order (self->draft->target_locks, ship->id) >= 0);
  {
    int r = find_ship_order (self->draft->reinforce, ship->id);

    gtk_check_button_set_active (self->reinforce_check, r >= 0);
    gtk_check_button_set_active (
        self->extended_check,
        r >= 0 && ((AdmShipOrderDecl *) g_ptr_array_index (self->draft->reinforce, r))->extended);
    gtk_widget_set_sensitive (GTK_WIDGET (self->extended_check), r >= 0);
  }
  /* Offered only when the rules allow them now: the engine's dry run of the turn with the
   * order added says so, and why not. */
  offer_ship_order (self, GTK_WIDGET (self->lock_check), self->draft->target_locks, FALSE);
  offer_ship_order (self, GTK_WIDGET (self->reinforce_check), self->draft->reinforce, TRUE);
  offer_return_fire (self, target);
  self->syncing = FALSE;
  update_odds (self);
}

gboolean
admiralty_orders_panel_declare_fire (AdmiraltyOrdersPanel *self)
{
  int target;
  AdmFireDecl *decl;
  AdmOrderDecl *launch;
  AdmFirePreview preview = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  guint line = 0;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), FALSE);

  if (self->read_only)
    return FALSE;

  target = admiralty_table_widget_get_target_ship (self->table);
  decl = fire_decl_from_form (self, target);
  /* F-TORP-3: tubes launched at a point have no guns' fire with them. */
  if (decl == NULL && target < 0 && self->have_aim && selected_ship (self) != NULL)
    decl = adm_fire_decl_new ("");
  if (decl == NULL)
    {
      set_message (self, _("Choose a ship to fire and a target first."));
      return FALSE;
    }
  /* F-WPN-10: the checked torpedo tubes that can reach the target launch at it in this fire
   * phase, declared with the guns' fire. */
  launch = launch_decl_from_form (self, target, NULL);
  if (decl->ships->len == 0 && launch == NULL)
    {
      fire_decl_free (decl);
      set_message (self, _("None of the checked weapons reaches that target."));
      return FALSE;
    }
  if (decl->ships->len > 0 &&
      (!adm_battle_preview_fire (self->battle, self->draft, decl, &preview, &error) ||
       !preview.legal))
    {
      set_message (self, error != NULL ? error->message : preview.reason);
      adm_fire_preview_clear (&preview);
      fire_decl_free (decl);
      if (launch != NULL)
        order_decl_free (launch);
      return FALSE;
    }
  adm_fire_preview_clear (&preview);

  /* In the context of the other declarations: a battery fires once a phase (F-FIRE-12). */
  candidate = draft_copy (self);
  if (candidate == NULL)
    {
      fire_decl_free (decl);
      if (launch != NULL)
        order_decl_free (launch);
      return FALSE;
    }
  if (decl->ships->len > 0)
    g_ptr_array_add (candidate->fires, decl);
  else
    g_clear_pointer (&decl, fire_decl_free);
  if (launch != NULL)
    g_ptr_array_add (candidate->other, launch);
  adm_turn_orders_number_lines (candidate);
  if (decl != NULL)
    line = decl->line;
  if ((decl != NULL && !dry_run (self, candidate, line, &reason)) ||
      (launch != NULL && !dry_run (self, candidate, launch->line, &reason)))
    {
      set_message (self, reason);
      return FALSE;
    }
  set_message (self, NULL);
  adm_turn_orders_free (self->draft);
  self->draft = g_steal_pointer (&candidate);
  self->have_aim = FALSE;
  update_aim (self);
  admiralty_table_widget_set_target_ship (self->table, -1);
  changed (self);
  return TRUE;
}

static void
set_ship_order (AdmiraltyOrdersPanel *self,
                GPtrArray            *(*list) (AdmTurnOrders *),
                gboolean              on,
                gboolean              extended)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  GPtrArray *orders;
  int index;

  if (self->read_only)
    return;

  if (ship == NULL)
    return;
  candidate = draft_copy (self);
  if (candidate == NULL)
    return;
  orders = list (candidate);
  index = find_ship_order (orders, ship->id);
  if (index >= 0)
    g_ptr_array_remove_index (orders, index);
  if (on)
    {
      AdmShipOrderDecl *decl = adm_ship_order_decl_new (ship->id);

      decl->extended = extended;
      g_ptr_array_add (orders, decl);
      adm_turn_orders_number_lines (candidate);
      if (!dry_run (self, candidate, decl->line, &reason))
        {
          set_message (self, reason);
          admiralty_orders_panel_refresh (self);
          return;
        }
    }
  set_message (self, NULL);
  adm_turn_orders_free (self->draft);
  self->draft = g_steal_pointer (&candidate);
  changed (self);
}

static GPtrArray *
locks_of (AdmTurnOrders *orders)
{
  return orders->target_locks;
}

static GPtrArray *
reinforce_of (AdmTurnOrders *orders)
{
  return orders->reinforce;
}

void
admiralty_orders_panel_set_target_lock (AdmiraltyOrdersPanel *self,
                                        gboolean              on)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));
  set_ship_order (self, locks_of, on, FALSE);
}

void
admiralty_orders_panel_set_reinforce (AdmiraltyOrdersPanel *self,
                                      gboolean              on,
                                      gboolean              extended)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));
  set_ship_order (self, reinforce_of, on, extended);
}

static gboolean reads_back (const AdmTurnOrders *candidate, char **reason);

/* Whether the draft already lends the guns @guns ("ship:weapon") to cover a ship. */
static gboolean
draft_covers_with (AdmiraltyOrdersPanel *self,
                   const char           *guns)
{
  for (guint i = 0; i < self->draft->other->len; i++)
    {
      const AdmOrderDecl *decl = g_ptr_array_index (self->draft->other, i);

      if (g_strcmp0 (decl->element, "cover") == 0 &&
          g_strcmp0 (adm_order_decl_get (decl, "weapons"), guns) == 0)
        return TRUE;
    }
  return FALSE;
}

/* A cover offered (F-TORP-14) taken: the order goes into the draft as any other, checked by
 * the engine's dry run and journaled with the turn's orders. */
static void
cover_clicked_cb (AdmiraltyOrdersPanel *self,
                  GtkButton            *button)
{
  g_autoptr(AdmTurnOrders) candidate = draft_copy (self);
  g_autofree char *reason = NULL;
  AdmOrderDecl *decl;

  if (self->read_only)
    return;

  if (candidate == NULL)
    return;
  /* The offers are rebuilt once the order is in: the button clicked outlives its click. */
  g_idle_add_once ((GSourceOnceFunc) g_object_unref, g_object_ref (button));
  decl = adm_order_decl_new ("cover");
  adm_order_decl_set (decl, "weapons", g_object_get_data (G_OBJECT (button), "guns"));
  adm_order_decl_set (decl, "ship", g_object_get_data (G_OBJECT (button), "ship"));
  g_ptr_array_add (candidate->other, decl);
  adm_turn_orders_number_lines (candidate);
  if (!reads_back (candidate, &reason) || !dry_run (self, candidate, decl->line, &reason))
    {
      set_message (self, reason);
      return;
    }
  set_message (self, NULL);
  adm_turn_orders_free (self->draft);
  self->draft = g_steal_pointer (&candidate);
  changed (self);
}

/* When an enemy salvo is on the table in the torpedo phase, the defences of the selected ship:
 * the turrets that meet it without an order (F-TORP-13, F-FORM-19, F-TORP-17, once a phase
 * F-TORP-16), said in @text, and the guns of friendly escorts within their range of it that
 * did not fire this turn, offered as cover orders (F-TORP-14) with the odds they make. */
static void
offer_covers (AdmiraltyOrdersPanel *self,
              GString              *text)
{
  const AdmBattleShip *ship = selected_ship (self);
  const AdmTorpedoSalvo *threat = NULL;
  GtkWidget *child;
  guint offered = 0;
  int hit;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->cover_box))) != NULL)
    gtk_box_remove (self->cover_box, child);
  if (ship != NULL && ship->status == ADM_SHIP_ACTIVE &&
      adm_battle_get_phase (self->battle) == ADM_PHASE_TORPEDO &&
      admiralty_table_widget_get_view_side (self->table) < 0)
    for (guint i = 0; i < adm_battle_get_n_salvos (self->battle) && threat == NULL; i++)
      {
        const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (self->battle, i);

        if (!salvo->spent && salvo->side != ship->side && salvo->torpedoes > 0)
          threat = salvo;
      }
  if (threat == NULL)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->cover_box), FALSE);
      return;
    }
  /* F-TORP-13: the turret number is the ruleset's. */
  hit = adm_ruleset_get_turret_hit (adm_battle_get_ruleset (self->battle));
  /* Translators: the anti-torpedo turrets that meet a salvo without an order */
  g_string_append_printf (text, _("%s%s's turrets: %d dice at %d+ meet a salvo (F-TORP-13; the "
                                  "formation's and touching ships' pooled, F-FORM-19, F-TORP-17; "
                                  "one wave a phase, F-TORP-16)."),
                          text->len > 0 ? "\n" : "", ship->name,
                          adm_battle_ship_turret_pool (self->battle, self->ship), hit);
  for (guint e = 0; e < adm_battle_get_n_ships (self->battle); e++)
    {
      const AdmBattleShip *escort = adm_battle_get_ship (self->battle, e);

      if (escort->side != ship->side || escort->status != ADM_SHIP_ACTIVE ||
          escort->klass->category != ADM_CATEGORY_ESCORT || (int) e == self->ship)
        continue;
      for (guint w = 0; w < escort->klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (escort->klass->weapons, w);
          g_autofree char *guns = g_strdup_printf ("%s:%s", escort->id, weapon->id);
          g_autofree char *label = NULL;
          g_autoptr(AdmFireOdds) bare = NULL;
          g_autoptr(AdmFireOdds) covered = NULL;
          GtkWidget *button;

          if ((weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR) ||
              (escort->fired & (1u << w)) ||
              adm_distance (escort->position, ship->position) > weapon->range ||
              draft_covers_with (self, guns))
            continue;
          bare = adm_battle_torpedo_odds (self->battle, threat->id, self->ship, 0, NULL, NULL);
          covered = adm_battle_torpedo_odds (self->battle, threat->id, self->ship,
                                             weapon->firepower, NULL, NULL);
          if (bare != NULL && covered != NULL)
            /* Translators: an escort's guns offered to cover a ship against torpedoes */
            label = g_strdup_printf (_("Cover %s with %s's %s: %d more dice at %d+ "
                                       "(F-TORP-14); salvo %d damages it %.0f%% → %.0f%%"),
                                     ship->name, escort->name, weapon->name, weapon->firepower,
                                     hit, threat->id,
                                     100 * adm_fire_odds_at_least (bare, 1),
                                     100 * adm_fire_odds_at_least (covered, 1));
          else
            label = g_strdup_printf (_("Cover %s with %s's %s: %d more dice at %d+ (F-TORP-14)"),
                                     ship->name, escort->name, weapon->name, weapon->firepower,
                                     hit);
          button = gtk_button_new_with_label (label);
          gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
          gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
          g_object_set_data_full (G_OBJECT (button), "guns", g_steal_pointer (&guns), g_free);
          g_object_set_data_full (G_OBJECT (button), "ship", g_strdup (ship->id), g_free);
          g_signal_connect_object (button, "clicked", G_CALLBACK (cover_clicked_cb), self,
                                   G_CONNECT_SWAPPED);
          gtk_box_append (self->cover_box, button);
          offered++;
        }
    }
  gtk_widget_set_visible (GTK_WIDGET (self->cover_box), offered > 0);
}

/* Torpedoes: the odds of every enemy salvo on the table reaching the selected ship, with the
 * turrets that would meet it (F-TORP-7, F-TORP-13, F-TORP-17), before the torpedo phase. */
static void
update_torpedo_odds (AdmiraltyOrdersPanel *self)
{
  const AdmBattleShip *ship = selected_ship (self);
  g_autoptr(GString) text = g_string_new (NULL);

  if (ship != NULL && ship->status != ADM_SHIP_DESTROYED &&
      adm_battle_get_phase (self->battle) <= ADM_PHASE_TORPEDO)
    for (guint i = 0; i < adm_battle_get_n_salvos (self->battle); i++)
      {
        const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (self->battle, i);
        g_autoptr(AdmFireOdds) odds = NULL;

        if (salvo->spent || salvo->side == ship->side)
          continue;
        odds = adm_battle_torpedo_odds (self->battle, salvo->id, self->ship, 0, NULL, NULL);
        if (odds == NULL)
          continue;
        if (text->len > 0)
          g_string_append_c (text, '\n');
        /* Translators: the odds of a torpedo salvo against the selected ship */
        g_string_append_printf (text, _("Salvo %d (%d torpedoes) if it reaches %s: expected "
                                        "damage %.2f · at least one damage %.0f%% · "
                                        "a critical %.0f%%"),
                                salvo->id, salvo->torpedoes, ship->name,
                                odds->expected_damage,
                                100 * adm_fire_odds_at_least (odds, 1),
                                100 * odds->p_critical);
      }
  /* Boarding the target (F-BOARD): the first round's exact odds. */
  if (ship != NULL && adm_battle_get_phase (self->battle) == ADM_PHASE_TORPEDO &&
      admiralty_table_widget_get_target_ship (self->table) >= 0)
    {
      int target = admiralty_table_widget_get_target_ship (self->table);
      AdmBoardingPreview preview = { 0 };

      if (adm_battle_preview_boarding (self->battle, self->ship, target, &preview, NULL))
        {
          if (text->len > 0)
            g_string_append_c (text, '\n');
          if (!preview.legal)
            g_string_append_printf (text, "⚠ %s", preview.reason);
          else
            /* Translators: the odds of a boarding's first round, before the dice */
            g_string_append_printf (text, _("Boarding %s, first round: boarding potential %d "
                                            "against %d · wins %.0f%% · ties %.0f%% · loses "
                                            "%.0f%% · captures it %.0f%%"),
                                    adm_battle_get_ship (self->battle, target)->name,
                                    preview.attacker_bp, preview.defender_bp,
                                    100 * preview.odds->p_attacker_wins,
                                    100 * preview.odds->p_tie,
                                    100 * preview.odds->p_defender_wins,
                                    100 * preview.odds->p_defender_captured);
        }
      adm_boarding_preview_clear (&preview);
    }
  offer_covers (self, text);
  gtk_label_set_label (self->torpedo_label, text->str);
  gtk_widget_set_visible (GTK_WIDGET (self->torpedo_label), text->len > 0);
}

/* Other orders */

/* The phase in which an order of @element takes effect (data/schema/orders.rng; the engine's
 * phases read them there): it is offered in that phase only, when the master is at that step
 * of the turn, not in the phases before it. */
static AdmPhase
kind_phase (const char *element)
{
  static const char * const fire[] = { "launch", "prepare-to-launch", "fire-at-salvo",
                                       "lay-mine", "sweep", NULL };
  static const char * const torpedo[] = { "steer", "cover", "board", NULL };

  if (g_strv_contains (fire, element))
    return ADM_PHASE_FIRE;      /* F-WPN-10, F-TORP-2, F-WPN-14, F-MINE-10, F-SWEEP-1 */
  if (g_strv_contains (torpedo, element))
    return ADM_PHASE_TORPEDO;   /* F-TORP-5, F-TORP-14, F-BOARD-1 */
  return ADM_PHASE_END;         /* F-BOARD-16, F-DC, F-FORM-17 */
}

/* Whether a ship of the battle is held by a captor (F-BOARD-15): the fate of a captured ship
 * is decided only then (F-BOARD-16). */
static gboolean
any_captured (AdmBattle *battle)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      if (ship->captured_by >= 0 && ship->status != ADM_SHIP_DESTROYED)
        return TRUE;
    }
  return FALSE;
}

/* Whether @ship (any ship when -1) has torpedo tubes (F-WPN-10). */
static gboolean
has_tubes (AdmBattle *battle,
           int        ship)
{
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, i);

      if (ship >= 0 && (guint) ship != i)
        continue;
      for (guint w = 0; w < s->klass->weapons->len; w++)
        if (((const AdmWeapon *) g_ptr_array_index (s->klass->weapons, w))->type ==
            ADM_WEAPON_TORPEDO)
          return TRUE;
    }
  return FALSE;
}

/* Whether an order of @element has anything to act on now: a salvo to steer or shoot at
 * (F-TORP-5, F-TORP-18), a captured ship (F-BOARD-16), tubes to launch from (F-WPN-10, F-TORP-2:
 * the selected ship's, or any ship's when none is selected), something to repair on the
 * selected ship (F-DC). */
static gboolean
kind_applies (AdmBattle  *battle,
              int         ship,
              const char *element)
{
  if (g_strcmp0 (element, "launch") == 0 || g_strcmp0 (element, "prepare-to-launch") == 0)
    return has_tubes (battle, ship);
  /* F-DC: damage control for a ship with a fire, a critical or lost hull points. */
  if (g_strcmp0 (element, "damage-control") == 0 && ship >= 0)
    {
      const AdmBattleShip *s = adm_battle_get_ship (battle, ship);
      gboolean critical = FALSE;

      for (int result = 2; result < ADM_CRITICAL_RESULTS; result++)
        critical |= s->criticals[result] > 0;
      return s->on_fire > 0 || critical || s->damage > 0;
    }
  if (g_strcmp0 (element, "steer") == 0 || g_strcmp0 (element, "fire-at-salvo") == 0)
    return adm_battle_get_n_salvos (battle) > 0;
  if (g_strcmp0 (element, "captured") == 0)
    return any_captured (battle);
  return TRUE;
}

/* The kinds of order the form offers in the battle's phase; the section is hidden in a phase
 * that takes none (detection, movement). */
static void
refresh_other_kinds (AdmiraltyOrdersPanel *self)
{
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  g_autoptr(GArray) map = g_array_new (FALSE, FALSE, sizeof (guint));
  AdmPhase phase = self->battle != NULL ? adm_battle_get_phase (self->battle) : ADM_PHASE_DETECTION;

  for (guint i = 0; i < G_N_ELEMENTS (other_kinds); i++)
    if (self->battle != NULL && phase == kind_phase (other_kinds[i].element) &&
        kind_applies (self->battle, self->ship, other_kinds[i].element))
      {
        gtk_string_list_append (kinds, _(other_kinds[i].label));
        g_array_append_val (map, i);
      }
  gtk_widget_set_visible (self->other_section, !self->read_only && map->len > 0);
  /* The same kinds as shown: the master's choice stays. */
  if (map->len == self->kind_map->len && phase == self->kinds_phase &&
      memcmp (map->data, self->kind_map->data, map->len * sizeof (guint)) == 0)
    return;
  self->kinds_phase = phase;
  g_array_set_size (self->kind_map, 0);
  g_array_append_vals (self->kind_map, map->data, map->len);
  gtk_drop_down_set_model (self->other_kind_dropdown, G_LIST_MODEL (kinds));
  gtk_drop_down_set_selected (self->other_kind_dropdown, 0);
}

/* The kind of order the form is for, or NULL. */
static const OtherKind *
selected_kind (AdmiraltyOrdersPanel *self)
{
  guint selected = gtk_drop_down_get_selected (self->other_kind_dropdown);

  if (selected >= self->kind_map->len)
    return NULL;
  return &other_kinds[g_array_index (self->kind_map, guint, selected)];
}

/* Shows the form for @element if it is offered now. */
static gboolean
select_kind (AdmiraltyOrdersPanel *self,
             const char           *element)
{
  for (guint k = 0; k < self->kind_map->len; k++)
    if (g_strcmp0 (other_kinds[g_array_index (self->kind_map, guint, k)].element, element) == 0)
      {
        gtk_drop_down_set_selected (self->other_kind_dropdown, k);
        return TRUE;
      }
  return FALSE;
}

/* The words shown for a choice of the form; the orders keep the value. */
static const char *
choice_label (const char *value)
{
  static const struct { const char *value; const char *label; } labels[] = {
    { "fire", N_("Put out a fire") },
    { "critical", N_("Repair critical damage") },
    { "hull", N_("Repair the hull") },
    { "abandon", N_("Abandon") },
    { "scuttle", N_("Scuttle") },
    { "assimilate", N_("Assimilate") },
    { "plasma", N_("Plasma charge") },
    { "torpedo", N_("Torpedo charge") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_strcmp0 (labels[i].value, value) == 0)
      return _(labels[i].label);
  return value;
}

/* A drop-down of @labels whose values (kept on it) are @values; @selected first. */
static GtkWidget *
value_dropdown (GPtrArray *labels,
                GPtrArray *values,
                guint      selected)
{
  GtkWidget *widget;

  g_ptr_array_add (labels, NULL);
  g_ptr_array_add (values, NULL);
  widget = admiralty_wrapping_choices (gtk_drop_down_new_from_strings (
    (const char * const *) labels->pdata));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (widget), selected);
  g_object_set_data_full (G_OBJECT (widget), "values",
                          g_strdupv ((char **) values->pdata), (GDestroyNotify) g_strfreev);
  return widget;
}

/* The ships of the battle the table's view may name, by name (no id is shown). */
static GtkWidget *
ship_dropdown (AdmiraltyOrdersPanel *self,
               int                   selected_ship)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  AdmAudience audience = adm_audience_for_view_side (
      self->table != NULL ? admiralty_table_widget_get_view_side (self->table) : -1);
  guint selected = 0;

  g_ptr_array_add (labels, (char *) _("Choose a ship"));
  g_ptr_array_add (values, (char *) "");
  for (guint i = 0; i < adm_battle_get_n_ships (self->battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (self->battle, i);

      if (ship->status == ADM_SHIP_DESTROYED ||
          !adm_audience_ship_shows (audience, self->battle, i, ADM_SHIP_FACT_NAME))
        continue;
      if ((int) i == selected_ship)
        selected = labels->len;
      g_ptr_array_add (labels, (char *) ship->name);
      g_ptr_array_add (values, (char *) ship->id);
    }
  return value_dropdown (labels, values, selected);
}

static GtkWidget *
formation_dropdown (AdmiraltyOrdersPanel *self)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  const char *current = selected_formation_id (self);
  guint selected = 0;

  g_ptr_array_add (labels, (char *) _("Choose a formation"));
  g_ptr_array_add (values, (char *) "");
  for (guint i = 0; i < adm_battle_get_n_formations (self->battle); i++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (self->battle, i);

      /* A side's view names only the formations it gives orders to. */
      if (self->table != NULL &&
          !adm_audience_sees_orders (
            adm_audience_for_view_side (admiralty_table_widget_get_view_side (self->table)),
            self->battle, i))
        continue;
      if (g_strcmp0 (formation->id, current) == 0)
        selected = labels->len;
      g_ptr_array_add (labels, (char *) formation->name);
      g_ptr_array_add (values, (char *) formation->id);
    }
  return value_dropdown (labels, values, selected);
}

/* The selected ship's outstanding criticals by their table's names (F-DC): the value is the
 * result's 2d6 roll, as the orders write it. */
static GtkWidget *
critical_dropdown (AdmiraltyOrdersPanel *self)
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
      row = adm_ruleset_critical (adm_battle_get_ruleset (self->battle), kind, result, NULL);
      g_ptr_array_add (labels, row != NULL && row->name != NULL ? _(row->name) : "?");
      g_ptr_array_add (values, g_strdup_printf ("%d", result));
    }
  for (guint i = 0; i < values->len; i++)
    g_ptr_array_add (plain, g_ptr_array_index (values, i));
  return value_dropdown (labels, plain, labels->len > 1 ? 1 : 0);
}

/* Checks of the torpedo tubes (@torpedoes) or guns of the ships of the selected ship's
 * formation, named as the table names them ("Prince Xav's Torpedo tubes"); the selected
 * ship's tubes, or its guns checked for fire, are checked. */
static GtkWidget *
weapon_checks (AdmiraltyOrdersPanel *self,
               gboolean              torpedoes)
{
  const AdmBattleShip *selected = selected_ship (self);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  for (guint i = 0; selected != NULL && i < adm_battle_get_n_ships (self->battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (self->battle, i);

      if (ship->formation != selected->formation || ship->status != ADM_SHIP_ACTIVE)
        continue;
      for (guint w = 0; w < ship->klass->weapons->len; w++)
        {
          const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
          gboolean tube = weapon->type == ADM_WEAPON_TORPEDO;
          g_autofree char *label = NULL;
          GtkWidget *check;

          if (tube != torpedoes)
            continue;
          /* Translators: a ship's weapon, "Vorberg's Main battery" */
          label = g_strdup_printf (_("%s's %s"), ship->name, weapon->name);
          check = gtk_check_button_new_with_label (label);
          gtk_check_button_set_active (GTK_CHECK_BUTTON (check),
                                       ship == selected &&
                                       (torpedoes || weapon_checked (self, w)));
          g_object_set_data_full (G_OBJECT (check), "value",
                                  g_strdup_printf ("%s:%s", ship->id, weapon->id), g_free);
          gtk_box_append (GTK_BOX (box), check);
        }
    }
  if (gtk_widget_get_first_child (box) == NULL)
    gtk_box_append (GTK_BOX (box), gtk_label_new (torpedoes ? _("No torpedo tubes")
                                                            : _("No guns")));
  g_object_set_data (G_OBJECT (box), "checks", GINT_TO_POINTER (1));
  return box;
}

/* The salvoes on the table, as the table labels them ("Salvo 2 · 5 torpedoes"). */
static GtkWidget *
salvo_dropdown (AdmiraltyOrdersPanel *self)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) plain_labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) plain_values = g_ptr_array_new ();

  g_ptr_array_add (labels, g_strdup (_("Choose a salvo")));
  g_ptr_array_add (values, g_strdup (""));
  for (guint i = 0; i < adm_battle_get_n_salvos (self->battle); i++)
    {
      const AdmTorpedoSalvo *salvo = adm_battle_get_salvo (self->battle, i);

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
  return value_dropdown (plain_labels, plain_values, plain_labels->len > 1 ? 1 : 0);
}

/* Whether damage control of @ship may choose @repair (F-DC): a fire only while one burns
 * (F-CRIT-14), a critical only while one is outstanding, the hull only when damaged. No ship
 * chosen: every choice. */
static gboolean
repair_applies (const AdmBattleShip *ship,
                const char          *repair)
{
  if (ship == NULL)
    return TRUE;
  if (g_strcmp0 (repair, "fire") == 0)
    return ship->on_fire > 0;
  if (g_strcmp0 (repair, "critical") == 0)
    {
      for (int result = 2; result < ADM_CRITICAL_RESULTS; result++)
        if (ship->criticals[result] > 0)
          return TRUE;
      return FALSE;
    }
  if (g_strcmp0 (repair, "hull") == 0)
    return ship->damage > 0;
  return TRUE;
}

/* The choices of @field that apply to @ship; all of them when none does, so that the form
 * never offers nothing. */
static GtkWidget *
choice_dropdown (const OtherField    *field,
                 const AdmBattleShip *ship)
{
  g_auto(GStrv) choices = g_strsplit (field->choices, "|", -1);
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  gboolean repair = g_strcmp0 (field->key, "repair") == 0;
  guint applying = 0;

  for (guint c = 0; repair && choices[c] != NULL; c++)
    applying += repair_applies (ship, choices[c]);
  for (guint c = 0; choices[c] != NULL; c++)
    {
      if (repair && applying > 0 && !repair_applies (ship, choices[c]))
        continue;
      g_ptr_array_add (labels, (char *) choice_label (choices[c]));
      g_ptr_array_add (values, choices[c]);
    }
  return value_dropdown (labels, values, 0);
}

static GtkWidget *
field_entry (AdmiraltyOrdersPanel *self,
             const OtherField     *field)
{
  GtkWidget *widget = gtk_entry_new ();

  if (field->kind == FIELD_OPTIONAL_NUMBER)
    gtk_entry_set_placeholder_text (GTK_ENTRY (widget), _("optional"));
  else if (field->kind == FIELD_OPTIONAL_LENGTH)
    {
      /* Translators: an optional length's placeholder, "optional, cm" */
      g_autofree char *hint = g_strdup_printf (_("optional, %s"),
                                               admiralty_length_unit (self->inches));

      gtk_entry_set_placeholder_text (GTK_ENTRY (widget), hint);
    }
  return widget;
}

static void
rebuild_other_form (AdmiraltyOrdersPanel *self)
{
  const OtherKind *kind = selected_kind (self);
  const AdmBattleShip *ship = selected_ship (self);
  int target = self->table != NULL ? admiralty_table_widget_get_target_ship (self->table) : -1;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->other_grid))) != NULL)
    gtk_grid_remove (self->other_grid, child);
  g_ptr_array_set_size (self->other_widgets, 0);
  if (kind == NULL || self->battle == NULL)
    return;

  for (guint f = 0; f < G_N_ELEMENTS (kind->fields) && kind->fields[f].key != NULL; f++)
    {
      const OtherField *field = &kind->fields[f];
      GtkWidget *label = gtk_label_new (_(field->label));
      GtkWidget *widget;

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_valign (label, GTK_ALIGN_START);
      switch (field->kind)
        {
        case FIELD_CHOICE:
          widget = choice_dropdown (field, ship);
          break;
        case FIELD_SHIP:
          widget = ship_dropdown (self, ship != NULL ? self->ship : -1);
          break;
        case FIELD_TARGET:
          widget = ship_dropdown (self, target);
          break;
        case FIELD_FORMATION:
          widget = formation_dropdown (self);
          break;
        case FIELD_CRITICAL:
          widget = critical_dropdown (self);
          break;
        case FIELD_SALVO:
          widget = salvo_dropdown (self);
          break;
        case FIELD_TORPEDOES:
        case FIELD_GUNS:
          widget = weapon_checks (self, field->kind == FIELD_TORPEDOES);
          break;
        case FIELD_NONE:
        case FIELD_NUMBER:
        case FIELD_OPTIONAL_NUMBER:
        case FIELD_OPTIONAL_LENGTH:
        case FIELD_TEXT:
        default:
          widget = field_entry (self, field);
          break;
        }
      gtk_widget_set_hexpand (widget, TRUE);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
      g_object_set_data (G_OBJECT (widget), "field", (gpointer) field);
      gtk_grid_attach (self->other_grid, label, 0, f, 1, 1);
      gtk_grid_attach (self->other_grid, widget, 1, f, 1, 1);
      g_ptr_array_add (self->other_widgets, widget);
    }
}

/* The value a field of the form gives the order, as the orders write it. */
static char *
field_value (GtkWidget *widget)
{
  char **values = g_object_get_data (G_OBJECT (widget), "values");

  if (values != NULL)
    {
      guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));

      return g_strdup (selected < g_strv_length (values) ? values[selected] : "");
    }
  if (g_object_get_data (G_OBJECT (widget), "checks") != NULL)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (GtkWidget *check = gtk_widget_get_first_child (widget); check != NULL;
           check = gtk_widget_get_next_sibling (check))
        if (GTK_IS_CHECK_BUTTON (check) && gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
          g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "",
                                  (const char *) g_object_get_data (G_OBJECT (check), "value"));
      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  return g_strdup (gtk_editable_get_text (GTK_EDITABLE (widget)));
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
reads_back (const AdmTurnOrders  *candidate,
            char                **reason)
{
  g_autofree char *text = adm_turn_orders_to_string (candidate);
  g_autoptr(GError) error = NULL;
  AdmTurnOrders *copy = adm_turn_orders_parse (text, ORDERS_FILE, &error);
  const char *message;

  if (copy != NULL)
    {
      adm_turn_orders_free (copy);
      return TRUE;
    }
  split_error (error->message, &message);
  /* Translators: an order refused; %s is the reason */
  *reason = g_strdup_printf (_("This order cannot be written: %s. Give ships as they are listed."),
                             message);
  return FALSE;
}

static gboolean
add_other (AdmiraltyOrdersPanel *self)
{
  const OtherKind *kind = selected_kind (self);
  g_autoptr(AdmTurnOrders) candidate = NULL;
  g_autofree char *reason = NULL;
  AdmOrderDecl *decl;
  AdmShipOrderDecl *transfer = NULL;
  guint line;

  if (self->read_only)
    return FALSE;

  if (kind == NULL)
    return FALSE;
  decl = adm_order_decl_new (kind->element);
  for (guint i = 0; i < self->other_widgets->len; i++)
    {
      GtkWidget *widget = g_ptr_array_index (self->other_widgets, i);
      const OtherField *field = g_object_get_data (G_OBJECT (widget), "field");
      g_autofree char *value = g_strstrip (field_value (widget));

      if (*value == '\0')
        {
          if (field->kind == FIELD_OPTIONAL_NUMBER || field->kind == FIELD_OPTIONAL_LENGTH)
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
      if (field->kind == FIELD_NUMBER || field->kind == FIELD_OPTIONAL_NUMBER ||
          field->kind == FIELD_OPTIONAL_LENGTH)
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
          if (field->kind == FIELD_OPTIONAL_LENGTH)
            {
              char buffer[G_ASCII_DTOSTR_BUF_SIZE];

              g_free (value);
              value = g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.2f",
                                                 admiralty_length_to_cm (number, self->inches)));
            }
        }
      /* A ship typed by its name, as the table shows it ("Pale Jade"), is the ship. */
      if ((field->kind == FIELD_SHIP || field->kind == FIELD_TARGET)
          && adm_battle_lookup_ship (self->battle, value) == NULL)
        {
          const char *id = ship_id_for_name (self->battle, value);

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

  candidate = draft_copy (self);
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
  if (!reads_back (candidate, &reason) || !dry_run (self, candidate, line, &reason))
    {
      set_message (self, reason);
      return FALSE;
    }
  set_message (self, NULL);
  adm_turn_orders_free (self->draft);
  self->draft = g_steal_pointer (&candidate);
  changed (self);
  return TRUE;
}

/* Refreshing everything from the battle, the draft and the selection */

static const char *
phase_hint (AdmPhase phase)
{
  switch (phase)
    {
    case ADM_PHASE_DETECTION:
    case ADM_PHASE_MOVEMENT:
      return _("Select a ship, then drag it to plot its course leg by leg, or type a turn and "
               "a distance. Right-click a ship for movement orders.");
    case ADM_PHASE_FIRE:
      return _("Select a ship: the enemies its checked weapons can reach are ringed. Click "
               "one to see the odds, then declare the fire.");
    case ADM_PHASE_TORPEDO:
      return _("Torpedoes and mine detonations resolve now. Select a ship: the enemies it can "
               "board are ringed; click one for the odds of the first round, then add the "
               "boarding order below.");
    case ADM_PHASE_END:
    default:
      return _("Boarding, damage control and fires are resolved in the end phase: give damage "
               "control its work below.");
    }
}

/* An ended battle (adm-battle-result.h): the panel says so, and shows no order control —
 * no declarations to remove, no course, fire or other order to enter, nothing ringed or
 * plotted on the table. */
static void
show_read_only (AdmiraltyOrdersPanel *self)
{
  g_clear_pointer (&self->live, move_decl_destroy);
  g_ptr_array_set_size (self->previews, 0);
  g_array_set_size (self->targets, 0);
  self->have_aim = FALSE;
  gtk_label_set_label (self->heading_label, self->read_only_heading != NULL
                                              ? self->read_only_heading
                                              : _("The Battle Has Ended"));
  gtk_label_set_label (self->hint_label,
                       self->read_only_hint != NULL
                         ? self->read_only_hint
                         : _("Its results are in the campaign and it takes no more orders. Undo "
                             "its ending in the campaign to fight on."));
  gtk_label_set_label (self->ship_label, "");
  set_message (self, NULL);
  gtk_widget_set_visible (self->move_section, FALSE);
  gtk_widget_set_visible (self->fire_section, FALSE);
  if (self->table != NULL)
    {
      admiralty_table_widget_set_overlays (self->table, self->previews, -1, self->targets, NULL);
      admiralty_table_widget_set_aim (self->table, NULL);
    }
}

static void
admiralty_orders_panel_refresh (AdmiraltyOrdersPanel *self)
{
  AdmMovePreview *editing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *heading = NULL;
  const AdmBattleShip *ship;
  guint failed = 0;

  if (self->battle == NULL || self->draft == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->decl_list), !self->read_only);
  gtk_widget_set_visible (self->other_section, !self->read_only && self->kind_map->len > 0);
  if (self->read_only)
    {
      show_read_only (self);
      return;
    }

  ship = selected_ship (self);
  heading = g_strdup_printf (_("Orders for Turn %d"), self->draft->turn);
  gtk_label_set_label (self->heading_label, heading);
  gtk_label_set_label (self->hint_label, phase_hint (adm_battle_get_phase (self->battle)));

  /* The first refusal of the declarations as they stand. */
  if (!adm_battle_check_orders (self->battle, self->draft, ADM_PHASE_END, &error))
    {
      const char *reason;

      failed = split_error (error->message, &reason);
    }
  rebuild_list (self, failed);

  gtk_label_set_label (self->ship_label, ship != NULL ? ship->name : _("No ship selected"));
  update_previews (self, &editing);
  update_move_section (self, ship != NULL && ship->status == ADM_SHIP_ACTIVE ? editing : NULL);
  update_targets (self);
  update_fire_section (self);
  update_torpedo_odds (self);

  if (self->table != NULL)
    admiralty_table_widget_set_overlays (
        self->table, self->previews,
        GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), "editing-index")) - 1,
        self->targets,
        /* Declared fire is drawn until it is resolved. */
        adm_battle_get_phase (self->battle) <= ADM_PHASE_FIRE ? self->draft : NULL);
  update_aim (self);
}

static void
reset_draft (AdmiraltyOrdersPanel *self)
{
  int turn = adm_battle_get_turn (self->battle);
  GPtrArray *journal = adm_battle_get_journal (self->battle);
  const AdmTurnOrders *from_file;

  g_clear_pointer (&self->draft, adm_turn_orders_free);
  /* After an undo into an earlier turn, the declarations it was played with. */
  for (guint i = journal->len; i > 0 && self->draft == NULL; i--)
    {
      AdmEvent *event = g_ptr_array_index (journal, i - 1);

      if (g_strcmp0 (adm_event_get_kind (event), "phase") == 0 &&
          adm_event_get_int (event, "turn", 0) == turn)
        self->draft = adm_turn_orders_parse (adm_event_get_text (event), ORDERS_FILE, NULL);
    }
  from_file = self->file_orders != NULL ? adm_battle_orders_get_turn (self->file_orders, turn)
                                        : NULL;
  if (self->draft == NULL && from_file != NULL)
    self->draft = adm_turn_orders_copy (from_file, NULL);
  if (self->draft == NULL)
    self->draft = adm_turn_orders_new (turn);
  g_free (self->draft->file);
  self->draft->file = g_strdup (ORDERS_FILE);
  adm_turn_orders_number_lines (self->draft);
}

static void
battle_changed_cb (AdmiraltyOrdersPanel *self,
                   AdmBattle            *battle)
{
  if (self->draft == NULL || self->draft->turn != adm_battle_get_turn (battle))
    {
      reset_draft (self);
      set_message (self, NULL);
      g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
    }
  refresh_other_kinds (self);
  /* What the side knows may have changed with the phase (F-ECM): the form's lists again. */
  rebuild_other_form (self);
  admiralty_orders_panel_refresh (self);
}

/* Whether the selected ship is declaring a launch now: the fire phase (F-WPN-10) and one of
 * its torpedo tubes checked. */
static gboolean
aiming_tubes (AdmiraltyOrdersPanel *self)
{
  const AdmBattleShip *ship = selected_ship (self);

  if (ship == NULL || adm_battle_get_phase (self->battle) != ADM_PHASE_FIRE ||
      admiralty_table_widget_get_view_side (self->table) >= 0)
    return FALSE;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    if (is_tube (ship, w) && weapon_checked (self, w))
      return TRUE;
  return FALSE;
}

/* The point clicked for the checked tubes, drawn on the table until the launch is declared or
 * the aim is dropped (another ship, a ringed target, the phase over). */
static void
update_aim (AdmiraltyOrdersPanel *self)
{
  if (self->table == NULL)
    return;
  if (self->have_aim && !aiming_tubes (self))
    self->have_aim = FALSE;
  admiralty_table_widget_set_aim (self->table, self->have_aim ? &self->aim : NULL);
}

static void
aim_pressed_cb (AdmiraltyOrdersPanel *self,
                int                   n_press,
                double                x,
                double                y,
                GtkGestureClick      *gesture)
{
  self->aim_press_x = x;
  self->aim_press_y = y;
}

static void
aim_released_cb (AdmiraltyOrdersPanel *self,
                 int                   n_press,
                 double                x,
                 double                y,
                 GtkGestureClick      *gesture)
{
  const AdmiraltyTableView *view = admiralty_table_widget_get_view (self->table);

  if (self->read_only)
    return;

  /* A click, not the end of a drag, on no ship. */
  if (n_press != 1 || !aiming_tubes (self) ||
      hypot (x - self->aim_press_x, y - self->aim_press_y) > 4 ||
      admiralty_table_ship_at (view, self->battle, admiralty_table_widget_get_options (self->table),
                               x, y) >= 0)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->aim = admiralty_table_view_to_table (view, x, y);
  self->have_aim = TRUE;
  update_aim (self);
  admiralty_table_widget_set_target_ship (self->table, -1);
  set_message (self, NULL);
  update_odds (self);
}

static void
selection_changed_cb (AdmiraltyOrdersPanel *self,
                      GParamSpec           *pspec,
                      AdmiraltyTableWidget *table)
{
  int ship = admiralty_table_widget_get_selected_ship (table);

  if (ship != self->ship)
    {
      self->ship = ship;
      self->have_aim = FALSE;
      update_aim (self);
      g_clear_pointer (&self->live, move_decl_destroy);
      set_message (self, NULL);
      rebuild_weapons (self);
      refresh_other_kinds (self);
      rebuild_other_form (self);
    }
  admiralty_orders_panel_refresh (self);
}

static void
target_changed_cb (AdmiraltyOrdersPanel *self,
                   GParamSpec           *pspec,
                   AdmiraltyTableWidget *table)
{
  /* A ringed ship clicked in the boarding phase: the form is for boarding it. */
  if (adm_battle_get_phase (self->battle) == ADM_PHASE_TORPEDO &&
      admiralty_table_widget_get_target_ship (table) >= 0)
    select_kind (self, "board");
  if (admiralty_table_widget_get_target_ship (table) >= 0)
    self->have_aim = FALSE;
  update_aim (self);
  update_fire_section (self);
  update_torpedo_odds (self);
  rebuild_other_form (self);
}

/* Widget signals */

/* "View as" another side: the declarations list shows that side's orders only. */
static void
view_side_changed_cb (AdmiraltyOrdersPanel *self)
{
  /* The form's lists name only the ships and formations the side knows of. */
  rebuild_weapons (self);
  rebuild_other_form (self);
  admiralty_orders_panel_refresh (self);
}

static gboolean
refresh_idle (gpointer data)
{
  AdmiraltyOrdersPanel *self = data;

  admiralty_orders_panel_refresh (self);
  return G_SOURCE_REMOVE;
}

static void
move_order_selected_cb (AdmiraltyOrdersPanel *self)
{
  AdmMoveOrder order = (AdmMoveOrder) gtk_drop_down_get_selected (self->move_order_dropdown);
  const AdmMoveDecl *decl;

  if (self->syncing || selected_formation_id (self) == NULL)
    return;
  decl = find_move (self->draft, selected_formation_id (self), NULL);
  /* The list settling back on the order in force is no new order. */
  if (order == (decl != NULL ? decl->order : ADM_MOVE_ORDER_NONE))
    return;
  if (!commit_move_order (self, order))
    /* Refused: once the list has closed, show the order in force again. */
    g_idle_add_full (G_PRIORITY_DEFAULT, refresh_idle, g_object_ref (self), g_object_unref);
}

static void
ram_selected_cb (AdmiraltyOrdersPanel *self)
{
  guint selected = gtk_drop_down_get_selected (self->ram_dropdown);
  const char *formation = selected_formation_id (self);
  AdmMoveDecl *decl;

  if (self->syncing || formation == NULL)
    return;
  decl = move_decl_copy (find_move (self->draft, formation, NULL), formation);
  g_clear_pointer (&decl->ram, g_free);
  if (selected > 0 && selected <= self->ram_ids->len)
    {
      /* F-RAM-1: a ram is made going all ahead full. */
      decl->ram = g_strdup (adm_battle_get_ship (self->battle,
                                                 g_array_index (self->ram_ids, guint,
                                                                selected - 1))->id);
      decl->order = ADM_MOVE_ORDER_ALL_AHEAD_FULL;
    }
  commit_move (self, decl);
}

static void
target_selected_cb (AdmiraltyOrdersPanel *self)
{
  guint selected = gtk_drop_down_get_selected (self->target_dropdown);

  if (self->syncing)
    return;
  admiralty_table_widget_set_target_ship (
      self->table, selected > 0 && selected <= self->target_ids->len
                     ? (int) g_array_index (self->target_ids, guint, selected - 1) : -1);
}

static void
lock_toggled_cb (AdmiraltyOrdersPanel *self)
{
  if (!self->syncing)
    admiralty_orders_panel_set_target_lock (self, gtk_check_button_get_active (self->lock_check));
}

static void
reinforce_toggled_cb (AdmiraltyOrdersPanel *self)
{
  if (!self->syncing)
    admiralty_orders_panel_set_reinforce (self,
                                          gtk_check_button_get_active (self->reinforce_check),
                                          gtk_check_button_get_active (self->extended_check));
}

static void
return_toggled_cb (AdmiraltyOrdersPanel *self)
{
  if (!self->syncing)
    update_odds (self);
}

static void
add_leg_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  AdmiraltyOrdersPanel *self = ADMIRALTY_ORDERS_PANEL (widget);

  admiralty_orders_panel_add_leg (self, gtk_spin_button_get_value (self->leg_turn_spin),
                                  admiralty_length_to_cm (
                                      gtk_spin_button_get_value (self->leg_distance_spin),
                                      self->inches));
}

static void
clear_move_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  admiralty_orders_panel_clear_move (ADMIRALTY_ORDERS_PANEL (widget));
}

/* Return on the table, a shooter and a target chosen: the fire declared, as the button does. */
static void
declare_cb (AdmiraltyOrdersPanel *self)
{
  admiralty_orders_panel_declare_fire (self);
}

static void
declare_fire_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  admiralty_orders_panel_declare_fire (ADMIRALTY_ORDERS_PANEL (widget));
}

static void
add_other_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  add_other (ADMIRALTY_ORDERS_PANEL (widget));
}

/* GObject */

static void
admiralty_orders_panel_dispose (GObject *object)
{
  AdmiraltyOrdersPanel *self = ADMIRALTY_ORDERS_PANEL (object);

  g_clear_object (&self->battle_signals);
  g_clear_object (&self->table_signals);
  if (self->table != NULL)
    admiralty_table_widget_set_overlays (self->table, NULL, -1, NULL, NULL);
  g_clear_object (&self->battle);
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_ORDERS_PANEL);
  /* The scrolled window at the template's root is not bound to a field. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }

  G_OBJECT_CLASS (admiralty_orders_panel_parent_class)->dispose (object);
}

static void
admiralty_orders_panel_finalize (GObject *object)
{
  AdmiraltyOrdersPanel *self = ADMIRALTY_ORDERS_PANEL (object);

  if (self->have_fire_preview)
    adm_fire_preview_clear (&self->fire_preview);
  g_clear_pointer (&self->draft, adm_turn_orders_free);
  g_clear_pointer (&self->previews, g_ptr_array_unref);
  g_clear_pointer (&self->targets, g_array_unref);
  g_clear_pointer (&self->target_ids, g_array_unref);
  g_clear_pointer (&self->ram_ids, g_array_unref);
  g_clear_pointer (&self->weapon_checks, g_ptr_array_unref);
  g_clear_pointer (&self->other_widgets, g_ptr_array_unref);
  g_clear_pointer (&self->kind_map, g_array_unref);
  g_clear_pointer (&self->live, move_decl_destroy);
  g_free (self->odds_text);

  g_free (self->read_only_heading);
  g_free (self->read_only_hint);
  G_OBJECT_CLASS (admiralty_orders_panel_parent_class)->finalize (object);
}

static void
admiralty_orders_panel_class_init (AdmiraltyOrdersPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_orders_panel_dispose;
  object_class->finalize = admiralty_orders_panel_finalize;

  /* The declarations changed (entered, removed, or a new turn's). */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "orders.add-leg", NULL, add_leg_action);
  gtk_widget_class_install_action (widget_class, "orders.clear-move", NULL, clear_move_action);
  gtk_widget_class_install_action (widget_class, "orders.declare-fire", NULL,
                                   declare_fire_action);
  gtk_widget_class_install_action (widget_class, "orders.add-other", NULL, add_other_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "orderspanel");
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-orders-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, heading_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, hint_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, decl_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, ship_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, message_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, message_popover);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, move_section);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, move_summary_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, move_order_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, leg_turn_spin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, leg_distance_spin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, leg_unit_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, ram_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, fire_section);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, weapon_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, target_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, return_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, odds_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, odds_area);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, lock_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, reinforce_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, extended_check);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, other_section);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, torpedo_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, cover_box);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, other_kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, declare_fire_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, clear_course_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyOrdersPanel, other_grid);
}

static void
admiralty_orders_panel_init (AdmiraltyOrdersPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* Long formation, ship and order names wrap in the open lists rather than losing their
   * ends. */
  admiralty_wrapping_choices (self->move_order_dropdown);
  admiralty_wrapping_choices (self->ram_dropdown);
  admiralty_wrapping_choices (self->target_dropdown);
  admiralty_wrapping_choices (self->other_kind_dropdown);

  self->ship = -1;
  self->previews = g_ptr_array_new_with_free_func (preview_free);
  self->targets = g_array_new (FALSE, FALSE, sizeof (guint));
  self->target_ids = g_array_new (FALSE, FALSE, sizeof (guint));
  self->ram_ids = g_array_new (FALSE, FALSE, sizeof (guint));
  self->weapon_checks = g_ptr_array_new ();
  self->other_widgets = g_ptr_array_new ();

  self->kind_map = g_array_new (FALSE, FALSE, sizeof (guint));
  refresh_other_kinds (self);

  gtk_drawing_area_set_draw_func (self->odds_area, odds_draw, self, NULL);
  g_signal_connect_swapped (self->move_order_dropdown, "notify::selected",
                            G_CALLBACK (move_order_selected_cb), self);
  g_signal_connect_swapped (self->ram_dropdown, "notify::selected",
                            G_CALLBACK (ram_selected_cb), self);
  g_signal_connect_swapped (self->target_dropdown, "notify::selected",
                            G_CALLBACK (target_selected_cb), self);
  g_signal_connect_swapped (self->other_kind_dropdown, "notify::selected",
                            G_CALLBACK (rebuild_other_form), self);
  g_signal_connect_swapped (self->lock_check, "toggled", G_CALLBACK (lock_toggled_cb), self);
  g_signal_connect_swapped (self->reinforce_check, "toggled",
                            G_CALLBACK (reinforce_toggled_cb), self);
  g_signal_connect_swapped (self->extended_check, "toggled",
                            G_CALLBACK (reinforce_toggled_cb), self);
  g_signal_connect_swapped (self->return_check, "toggled", G_CALLBACK (return_toggled_cb),
                            self);
  gtk_widget_set_visible (self->move_section, FALSE);
  gtk_widget_set_visible (self->fire_section, FALSE);
}

/* Public */

void
admiralty_orders_panel_attach (AdmiraltyOrdersPanel  *self,
                               AdmBattle             *battle,
                               AdmiraltyTableWidget  *table,
                               const AdmBattleOrders *file_orders)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));
  g_return_if_fail (ADM_IS_BATTLE (battle));
  g_return_if_fail (ADMIRALTY_IS_TABLE_WIDGET (table));
  g_return_if_fail (self->battle == NULL);

  self->battle = g_object_ref (battle);
  self->table = g_object_ref (table);
  self->file_orders = file_orders;
  self->battle_signals = g_signal_group_new (ADM_TYPE_BATTLE);
  g_signal_group_connect_object (self->battle_signals, "changed", G_CALLBACK (battle_changed_cb),
                                 self, G_CONNECT_SWAPPED);
  g_signal_group_set_target (self->battle_signals, battle);
  self->table_signals = g_signal_group_new (ADMIRALTY_TYPE_TABLE_WIDGET);
  g_signal_group_connect_object (self->table_signals, "notify::selected-ship",
                                 G_CALLBACK (selection_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "notify::target-ship",
                                 G_CALLBACK (target_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "plot", G_CALLBACK (plot_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "declare", G_CALLBACK (declare_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->table_signals, "notify::view-side",
                                 G_CALLBACK (view_side_changed_cb), self, G_CONNECT_SWAPPED);
  {
    /* F-TORP-3: in the fire phase, with tubes checked, a click on the empty table aims them
     * at that point rather than clearing the selection (caught before the table's own click). */
    GtkGesture *aim = gtk_gesture_click_new ();

    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (aim), GTK_PHASE_CAPTURE);
    g_signal_connect_object (aim, "pressed", G_CALLBACK (aim_pressed_cb), self,
                             G_CONNECT_SWAPPED);
    g_signal_connect_object (aim, "released", G_CALLBACK (aim_released_cb), self,
                             G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (table), GTK_EVENT_CONTROLLER (aim));
  }
  g_signal_group_set_target (self->table_signals, table);
  g_object_set (table, "plotting", TRUE, NULL);

  reset_draft (self);
  self->ship = admiralty_table_widget_get_selected_ship (table);
  rebuild_weapons (self);
  /* The kinds of order of the phase the battle stands at: a battle opened in its end phase
   * (a restored session) offers no launch (F-WPN-10), only what still takes effect. */
  refresh_other_kinds (self);
  rebuild_other_form (self);
  admiralty_orders_panel_refresh (self);
}

void
admiralty_orders_panel_set_file_orders (AdmiraltyOrdersPanel  *self,
                                        const AdmBattleOrders *file_orders)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  self->file_orders = file_orders;
  if (self->battle == NULL)
    return;
  g_clear_pointer (&self->draft, adm_turn_orders_free);
  {
    const AdmTurnOrders *turn = file_orders != NULL
      ? adm_battle_orders_get_turn (file_orders, adm_battle_get_turn (self->battle)) : NULL;

    /* Orders read from a file read back; should they not, the turn starts empty. */
    self->draft = turn != NULL ? adm_turn_orders_copy (turn, NULL) : NULL;
    if (self->draft == NULL)
      self->draft = adm_turn_orders_new (adm_battle_get_turn (self->battle));
  }
  g_free (self->draft->file);
  self->draft->file = g_strdup (ORDERS_FILE);
  changed (self);
}

void
admiralty_orders_panel_set_inches (AdmiraltyOrdersPanel *self,
                                   gboolean              inches)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  if (self->inches == !!inches)
    return;
  self->inches = !!inches;
  gtk_label_set_label (self->leg_unit_label, admiralty_length_unit (self->inches));
  rebuild_weapons (self);
  rebuild_other_form (self);
  admiralty_orders_panel_refresh (self);
}

void
admiralty_orders_panel_set_read_only (AdmiraltyOrdersPanel *self,
                                      gboolean              read_only)
{
  static const char *const actions[] = {
    "orders.add-leg", "orders.clear-move", "orders.declare-fire", "orders.add-other",
  };

  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  read_only = !!read_only;
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], !read_only);
  if (self->read_only == read_only)
    return;
  self->read_only = read_only;
  admiralty_orders_panel_refresh (self);
}

void
admiralty_orders_panel_set_read_only_text (AdmiraltyOrdersPanel *self,
                                           const char           *heading,
                                           const char           *hint)
{
  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));

  if (g_strcmp0 (self->read_only_heading, heading) == 0 &&
      g_strcmp0 (self->read_only_hint, hint) == 0)
    return;
  g_free (self->read_only_heading);
  g_free (self->read_only_hint);
  self->read_only_heading = g_strdup (heading);
  self->read_only_hint = g_strdup (hint);
  if (self->read_only)
    admiralty_orders_panel_refresh (self);
}

const AdmTurnOrders *
admiralty_orders_panel_get_orders (AdmiraltyOrdersPanel *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), NULL);

  return self->draft;
}

void
admiralty_orders_panel_set_orders (AdmiraltyOrdersPanel *self,
                                   const AdmTurnOrders  *orders)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self));
  g_return_if_fail (orders != NULL);

  g_clear_pointer (&self->draft, adm_turn_orders_free);
  self->draft = adm_turn_orders_copy (orders, &error);
  if (self->draft == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The orders typed in do not read back: %s"),
                                                  error->message);

      set_message (self, message);
      self->draft = adm_turn_orders_new (orders->turn);
    }
  g_free (self->draft->file);
  self->draft->file = g_strdup (ORDERS_FILE);
  changed (self);
}

char *
admiralty_orders_panel_explain_error (AdmiraltyOrdersPanel *self,
                                      const GError         *error)
{
  const char *reason;
  guint line;
  g_autofree char *what = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_ORDERS_PANEL (self), NULL);
  g_return_val_if_fail (error != NULL, NULL);

  line = split_error (error->message, &reason);
  if (line == 0 || self->draft == NULL || (what = describe_line (self, line)) == NULL)
    return g_strdup (error->message);
  /* Translators: a refused order and the reason, "Vorberg's Main battery → Triumph: …" */
  return g_strdup_printf (_("%s: %s"), what, reason);
}

/* Test hooks */

static void
collect_row_cb (AdmiraltyOrdersPanel *self,
                guint                 line,
                const char           *text,
                gpointer              user_data)
{
  g_strv_builder_add (user_data, text);
}

GStrv
_admiralty_orders_panel_get_rows (AdmiraltyOrdersPanel *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  /* The rows as the list shows them, in the table's view. */
  self->listing = TRUE;
  if (self->draft != NULL)
    foreach_decl (self, collect_row_cb, builder);
  self->listing = FALSE;
  return g_strv_builder_end (builder);
}

const char *
_admiralty_orders_panel_get_message (AdmiraltyOrdersPanel *self)
{
  return gtk_label_get_label (self->message_label);
}

const char *
_admiralty_orders_panel_get_odds_text (AdmiraltyOrdersPanel *self)
{
  return self->odds_text != NULL ? self->odds_text : "";
}

/* Sets a field of the form as the master would pick @value: a ship or formation by its name
 * (or id), a choice, a critical or a weapon (ship:weapon, several with spaces) by its value. */
static gboolean
set_field (AdmiraltyOrdersPanel *self,
           GtkWidget            *widget,
           const char           *value)
{
  char **values = g_object_get_data (G_OBJECT (widget), "values");
  const OtherField *field = g_object_get_data (G_OBJECT (widget), "field");

  if (values != NULL)
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
      if (field->kind == FIELD_SHIP || field->kind == FIELD_TARGET)
        {
          /* Translators: %s is what the master typed for a ship */
          g_autofree char *message = g_strdup_printf (_("No ship of this battle is “%s”."),
                                                      value);

          set_message (self, message);
          return FALSE;
        }
      return TRUE;
    }
  if (g_object_get_data (G_OBJECT (widget), "checks") != NULL)
    {
      g_auto(GStrv) items = g_strsplit_set (value, " ", -1);

      for (GtkWidget *check = gtk_widget_get_first_child (widget); check != NULL;
           check = gtk_widget_get_next_sibling (check))
        if (GTK_IS_CHECK_BUTTON (check))
          gtk_check_button_set_active (
              GTK_CHECK_BUTTON (check),
              g_strv_contains ((const char * const *) items,
                               g_object_get_data (G_OBJECT (check), "value")));
      for (guint i = 0; items[i] != NULL; i++)
        {
          gboolean found = items[i][0] == '\0';

          for (GtkWidget *check = gtk_widget_get_first_child (widget); check != NULL;
               check = gtk_widget_get_next_sibling (check))
            found |= GTK_IS_CHECK_BUTTON (check) &&
                     g_strcmp0 (g_object_get_data (G_OBJECT (check), "value"), items[i]) == 0;
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
_admiralty_orders_panel_set_other (AdmiraltyOrdersPanel *self,
                                   const char           *element,
                                   const char * const   *keys,
                                   const char * const   *values)
{
  if (select_kind (self, element))
    {
      rebuild_other_form (self);
      for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
        for (guint w = 0; w < self->other_widgets->len; w++)
          {
            GtkWidget *widget = g_ptr_array_index (self->other_widgets, w);
            const OtherField *field = g_object_get_data (G_OBJECT (widget), "field");

            if (g_strcmp0 (field->key, keys[k]) != 0)
              continue;
            if (!set_field (self, widget, values[k]))
              return FALSE;
          }
      return add_other (self);
    }
  return FALSE;
}

gboolean
_admiralty_orders_panel_offers (AdmiraltyOrdersPanel *self,
                                const char           *element)
{
  for (guint k = 0; k < self->kind_map->len; k++)
    if (g_strcmp0 (other_kinds[g_array_index (self->kind_map, guint, k)].element, element) == 0)
      return TRUE;
  return FALSE;
}

const char *
_admiralty_orders_panel_get_torpedo_text (AdmiraltyOrdersPanel *self)
{
  return gtk_label_get_label (self->torpedo_label);
}

GtkWidget *
_admiralty_orders_panel_get_weapon_check (AdmiraltyOrdersPanel *self,
                                          const char           *name)
{
  const AdmBattleShip *ship = selected_ship (self);

  for (guint i = 0; ship != NULL && i < self->weapon_checks->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->weapon_checks, i);
      guint w = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (check), "weapon")) - 1;

      if (g_strcmp0 (((const AdmWeapon *) g_ptr_array_index (ship->klass->weapons, w))->name,
                     name) == 0)
        return check;
    }
  return NULL;
}

GtkWidget *
_admiralty_orders_panel_get_cover_box (AdmiraltyOrdersPanel *self)
{
  return GTK_WIDGET (self->cover_box);
}

GtkWidget *
_admiralty_orders_panel_get_declare_button (AdmiraltyOrdersPanel *self)
{
  return self->declare_fire_button;
}

GtkWidget *
_admiralty_orders_panel_get_clear_button (AdmiraltyOrdersPanel *self)
{
  return self->clear_course_button;
}
