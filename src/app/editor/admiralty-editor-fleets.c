/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-fleets.c: the scenario editor's Fleets page (see the header). */

#include "config.h"

#include <stdlib.h>
#include <glib/gi18n.h>

#include "admiralty-editor-fleets.h"
#include "admiralty-editor-page.h"
#include "admiralty-plain-text.h"
#include "admiralty-tooltip.h"
#include "adm-report.h"

/* One ship's row. */
typedef struct {
  GtkWidget *row;
  GtkWidget *flagship;
  GtkWidget *name;
  GtkWidget *id;
  GtkWidget *klass;        /* a button: it opens the page's class popover */
  GtkWidget *klass_label;
  GtkWidget *readiness;
  GtkWidget *wear;         /* a button: it opens the page's wear popover */
  GtkWidget *wear_label;   /* the hull, whole */
  GtkWidget *wear_criticals; /* the results, as far as the row has room */
  GtkWidget *succession;
  GtkWidget *remove;
  AdmScenarioShip *ship;   /* the ship shown, or NULL for a hidden row */
} ShipRow;

static void
ship_row_free (gpointer data)
{
  ShipRow *row = data;

  g_clear_object (&row->ship);
  g_free (row);
}

struct _AdmiraltyEditorFleets
{
  AdwBin           parent_instance;

  GtkListBox      *formation_list;
  GtkStack        *detail_stack;
  AdwPreferencesGroup *formation_group;
  AdwActionRow    *hidden_row;
  GtkWidget       *remove_button;
  AdwEntryRow     *name_row;
  AdwEntryRow     *id_row;
  AdwComboRow     *faction_row;
  AdwComboRow     *admiral_row;
  AdwComboRow     *sector_row;
  GtkSwitch       *hidden_switch;
  GtkListBox      *ship_list;
  GtkPopover      *class_popover;
  GtkListBox      *class_list;
  GtkPopover      *wear_popover;
  GtkLabel        *wear_heading;
  GtkEditable     *damage_entry;
  GtkLabel        *damage_hint;
  GtkEditable     *criticals_entry;
  GtkLabel        *criticals_hint;

  AdmScenarioEdit *edit;
  GPtrArray       *formations;   /* AdmScenarioFleet*, in the order of the list's rows: the
                                  * formations, then the pools */
  AdmScenarioFleet *formation;   /* the formation or pool shown, or NULL */
  GPtrArray       *ships;        /* ShipRow*: the first n_ships shown, the rest hidden */
  guint            n_ships;
  GPtrArray       *class_ids;    /* const char*, in the order of the class popover's rows */
  GPtrArray       *admiral_ids;  /* char*, after "None" in the admiral row */
  GPtrArray       *sector_ids;   /* char* */
  GtkSizeGroup    *class_width;  /* the class buttons, one column wide */
  GtkSizeGroup    *wear_width;   /* the hull buttons, likewise */
  GtkStringList   *classes;      /* the names of class_ids */
  GListModel      *classes_shown; /* the model the class popover's rows were made from */
  ShipRow         *picking;      /* the row whose class the popover is choosing, or NULL */
  ShipRow         *wearing;      /* the row whose wear the wear popover is editing, or NULL */
  gboolean         syncing;
  gboolean         stale;        /* changed while hidden: built again when shown */
};

G_DEFINE_FINAL_TYPE (AdmiraltyEditorFleets, admiralty_editor_fleets, ADW_TYPE_BIN)

static void show_formation (AdmiraltyEditorFleets *self, AdmScenarioFleet *formation);
static void show_wear (AdmiraltyEditorFleets *self, ShipRow *row);

/* A refusal said in the editor's toast. */
static void
say (AdmiraltyEditorFleets *self,
     GError                *error)
{
  if (error != NULL)
    admiralty_editor_page_say (GTK_WIDGET (self), error->message);
}

/* Text set anew is laid out anew, even the same: only what differs is set. */
static void
set_text (GtkWidget  *editable,
          const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (editable)), text != NULL ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (editable), text != NULL ? text : "");
}

#define N_SHIP_COLUMNS 8

/* A ship row's widgets, in the order Tab goes through them. */
static GtkWidget *
ship_column (ShipRow *row,
             guint    column)
{
  GtkWidget *columns[N_SHIP_COLUMNS] = { row->flagship, row->name, row->id, row->klass,
                                         row->readiness, row->wear, row->succession,
                                         row->remove };

  return columns[column];
}

static ShipRow *
find_ship (AdmiraltyEditorFleets *self,
           GtkWidget             *widget)
{
  for (guint i = 0; i < self->n_ships; i++)
    {
      ShipRow *row = self->ships->pdata[i];

      if (widget == row->row)
        return row;
      for (guint c = 0; c < N_SHIP_COLUMNS; c++)
        if (widget == ship_column (row, c))
          return row;
    }
  return NULL;
}

/* The formation list */

static gboolean
is_pool (AdmScenarioFleet *fleet)
{
  return ADM_IS_SCENARIO_POOL (fleet);
}

/* The item of id @id in @items, or NULL. */
static AdmScenarioItem *
find_by_id (GListModel *items,
            const char *id)
{
  for (guint i = 0; id != NULL && i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(AdmScenarioItem) item = g_list_model_get_item (items, i);

      if (g_strcmp0 (adm_scenario_item_get_id (item), id) == 0)
        return item;
    }
  return NULL;
}

/* A formation's line in the list: its name and number of ships; a pool's, its admiral's. */
static char *
formation_label (AdmiraltyEditorFleets *self,
                 AdmScenarioFleet      *formation)
{
  const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (formation));
  guint n = g_list_model_get_n_items (adm_scenario_fleet_get_ships (formation));

  if (is_pool (formation))
    {
      const char *id = adm_scenario_fleet_get_admiral (formation);
      AdmScenarioItem *admiral = find_by_id (adm_scenario_edit_get_admirals (self->edit), id);
      const char *admiral_name = admiral != NULL ? adm_scenario_item_get_name (admiral) : NULL;

      /* Translators: an admiral's pool of ships in the editor's list (F-GEN-5), with its
       * number of ships */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Pool of %s (%u ship)",
                                           "Pool of %s (%u ships)", n),
                              admiral_name != NULL ? admiral_name : id != NULL ? id : "", n);
    }

  /* Translators: a formation in the editor's list, with its number of ships */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u ship)", "%s (%u ships)", n),
                          name != NULL ? name : "", n);
}

static void
build_formation_list (AdmiraltyEditorFleets *self)
{
  GtkWidget *child;
  GListModel *lists[] = { adm_scenario_edit_get_formations (self->edit),
                          adm_scenario_edit_get_pools (self->edit) };

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->formation_list))) != NULL)
    gtk_list_box_remove (self->formation_list, child);
  g_ptr_array_set_size (self->formations, 0);
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    for (guint k = 0; k < g_list_model_get_n_items (lists[i]); k++)
    {
      AdmScenarioFleet *formation = g_list_model_get_item (lists[i], k);
      g_autofree char *label = NULL;
      GtkWidget *text;

      label = formation_label (self, formation);
      /* Whole, on as many lines as it takes: a pool's line names its admiral. */
      text = gtk_label_new (label);
      gtk_label_set_xalign (GTK_LABEL (text), 0.0f);
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
      gtk_list_box_append (self->formation_list, text);
      g_ptr_array_add (self->formations, formation);
    }
}

/* The list's line of the formation shown, after its name or ships changed. */
static void
update_formation_label (AdmiraltyEditorFleets *self)
{
  g_autofree char *label = formation_label (self, self->formation);
  GtkListBoxRow *row;
  guint index;

  if (!g_ptr_array_find (self->formations, self->formation, &index))
    return;
  row = gtk_list_box_get_row_at_index (self->formation_list, index);
  if (row != NULL && GTK_IS_LABEL (gtk_list_box_row_get_child (row)))
    gtk_label_set_label (GTK_LABEL (gtk_list_box_row_get_child (row)), label);
}

static void
formation_selected_cb (AdmiraltyEditorFleets *self,
                       GtkListBoxRow         *row)
{
  guint index;

  if (self->syncing || row == NULL)
    return;
  index = gtk_list_box_row_get_index (row);
  if (index < self->formations->len)
    show_formation (self, self->formations->pdata[index]);
}

static void
select_in_list (AdmiraltyEditorFleets *self,
                AdmScenarioFleet      *formation)
{
  guint index;

  self->syncing = TRUE;
  if (formation != NULL && g_ptr_array_find (self->formations, formation, &index))
    gtk_list_box_select_row (self->formation_list,
                             gtk_list_box_get_row_at_index (self->formation_list, index));
  else
    gtk_list_box_unselect_all (self->formation_list);
  self->syncing = FALSE;
}

/* Choices */

static GtkStringList *
faction_names (AdmiraltyEditorFleets *self)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  GPtrArray *factions = ruleset != NULL ? adm_ruleset_get_factions (ruleset) : NULL;
  GtkStringList *names = gtk_string_list_new (NULL);

  for (guint i = 0; factions != NULL && i < factions->len; i++)
    gtk_string_list_append (names, ((const AdmFaction *) factions->pdata[i])->name);
  return names;
}

static guint
faction_index (AdmiraltyEditorFleets *self,
               const char            *id)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  GPtrArray *factions = ruleset != NULL ? adm_ruleset_get_factions (ruleset) : NULL;

  for (guint i = 0; factions != NULL && i < factions->len; i++)
    if (g_strcmp0 (((const AdmFaction *) factions->pdata[i])->id, id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

/* Names and ids of @items, for a combo row. */
static GtkStringList *
item_names (GListModel *items,
            GPtrArray  *ids,
            const char *first)
{
  GtkStringList *names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (ids, 0);
  if (first != NULL)
    gtk_string_list_append (names, first);
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(AdmScenarioItem) item = g_list_model_get_item (items, i);
      const char *name = adm_scenario_item_get_name (item);

      gtk_string_list_append (names, name != NULL ? name : "");
      g_ptr_array_add (ids, g_strdup (adm_scenario_item_get_id (item)));
    }
  return names;
}

static guint
id_index (GPtrArray  *ids,
          const char *id)
{
  for (guint i = 0; i < ids->len; i++)
    if (g_strcmp0 (ids->pdata[i], id) == 0)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

static GtkStringList *
class_names (AdmiraltyEditorFleets *self)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  GPtrArray *classes = ruleset != NULL ? adm_ruleset_get_classes (ruleset) : NULL;
  GtkStringList *names = gtk_string_list_new (NULL);

  g_ptr_array_set_size (self->class_ids, 0);
  for (guint i = 0; classes != NULL && i < classes->len; i++)
    {
      const AdmShipClass *klass = classes->pdata[i];

      /* A station is a sector's object, never a formation's ship (F-STN-1). */
      if (klass->category == ADM_CATEGORY_STATION)
        continue;
      gtk_string_list_append (names, klass->name);
      g_ptr_array_add (self->class_ids, klass->id);
    }
  return names;
}

/* Ships */

static void
ship_name_commit (AdmiraltyEditorFleets *self,
                  ShipRow               *row)
{
  AdmScenarioItem *ship = ADM_SCENARIO_ITEM (row->ship);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row->name));
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (adm_scenario_item_get_name (ship), text) == 0)
    return;
  if (!adm_scenario_item_set_name (ship, text, &error))
    {
      say (self, error);
      set_text (row->name, adm_scenario_item_get_name (ship));
      return;
    }
  /* An id made from the name follows it. */
  set_text (row->id, adm_scenario_item_get_id (ship));
}

static void
ship_id_commit (AdmiraltyEditorFleets *self,
                ShipRow               *row)
{
  admiralty_editor_page_set_id (GTK_WIDGET (self), ADM_SCENARIO_ITEM (row->ship),
                                GTK_EDITABLE (row->id));
}

static void
ship_id_activate_cb (AdmiraltyEditorFleets *self,
                     GtkWidget             *entry)
{
  ShipRow *row = find_ship (self, entry);

  if (!self->syncing && row != NULL)
    ship_id_commit (self, row);
}

static void
ship_id_leave_cb (AdmiraltyEditorFleets   *self,
                  GtkEventControllerFocus *controller)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  ShipRow *row = find_ship (self, entry);

  if (!self->syncing && row != NULL)
    ship_id_commit (self, row);
}

static void
ship_name_activate_cb (AdmiraltyEditorFleets *self,
                       GtkWidget             *entry)
{
  ShipRow *row = find_ship (self, entry);
  gboolean last;

  if (self->syncing || row == NULL)
    return;
  last = row == g_ptr_array_index (self->ships, self->n_ships - 1);
  ship_name_commit (self, row);
  /* Enter in the last ship's name: the next ship, keyboard first. */
  if (last)
    admiralty_editor_fleets_add_ship (self);
  else
    {
      guint index;

      if (g_ptr_array_find (self->ships, row, &index) && index + 1 < self->n_ships)
        gtk_widget_grab_focus (((ShipRow *) self->ships->pdata[index + 1])->name);
    }
}

static void
ship_name_leave_cb (AdmiraltyEditorFleets   *self,
                    GtkEventControllerFocus *controller)
{
  GtkWidget *entry = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  ShipRow *row = find_ship (self, entry);

  if (!self->syncing && row != NULL)
    ship_name_commit (self, row);
}

/* The class picker. A GtkDropDown a row would parse a template of its own for its button,
 * popover and list; the rows share one popover and one list of the season's classes
 * instead, and each row has a plain button that shows its ship's class and opens them. */

static void
show_class (AdmiraltyEditorFleets *self,
            ShipRow               *row)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  const char *id = adm_scenario_ship_get_class (row->ship);
  const AdmShipClass *klass = ruleset != NULL && id != NULL
                              ? adm_ruleset_lookup_class (ruleset, id) : NULL;

  /* An unknown class shows its id as written: the Problems page names it. */
  gtk_label_set_label (GTK_LABEL (row->klass_label),
                       klass != NULL ? klass->name : id != NULL ? id : "");
}

static GtkWidget *
class_row_new (gpointer item,
               gpointer data)
{
  GtkWidget *label = gtk_label_new (gtk_string_object_get_string (item));

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  return label;
}

static void
ship_class_clicked_cb (AdmiraltyEditorFleets *self,
                       GtkWidget             *button)
{
  ShipRow *row = find_ship (self, button);
  graphene_rect_t bounds;
  GtkListBoxRow *current;

  if (row == NULL || !gtk_widget_compute_bounds (button, GTK_WIDGET (self), &bounds))
    return;
  if (self->classes_shown != G_LIST_MODEL (self->classes))
    {
      self->classes_shown = G_LIST_MODEL (self->classes);
      gtk_list_box_bind_model (self->class_list, self->classes_shown, class_row_new, NULL, NULL);
    }
  self->picking = row;
  current = gtk_list_box_get_row_at_index (self->class_list,
                                           id_index (self->class_ids,
                                                     adm_scenario_ship_get_class (row->ship)));
  gtk_list_box_select_row (self->class_list, current);
  gtk_popover_set_pointing_to (self->class_popover, &(GdkRectangle) {
                                 (int) bounds.origin.x, (int) bounds.origin.y,
                                 (int) bounds.size.width, (int) bounds.size.height });
  gtk_popover_popup (self->class_popover);
  if (current == NULL)
    current = gtk_list_box_get_row_at_index (self->class_list, 0);
  if (current != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (current));
}

static void
class_activated_cb (AdmiraltyEditorFleets *self,
                    GtkListBoxRow         *chosen)
{
  ShipRow *row = self->picking;
  guint index = gtk_list_box_row_get_index (chosen);
  g_autoptr(GError) error = NULL;

  gtk_popover_popdown (self->class_popover);
  if (row == NULL || index >= self->class_ids->len)
    return;
  if (!adm_scenario_ship_set_class (row->ship, self->class_ids->pdata[index], &error))
    say (self, error);
  show_class (self, row);
  /* The hull is the new class's. */
  show_wear (self, row);
}

/* The focus goes back to the class button the popover was opened from. */
static void
class_closed_cb (AdmiraltyEditorFleets *self)
{
  if (self->picking != NULL)
    gtk_widget_grab_focus (self->picking->klass);
  self->picking = NULL;
}

/* The wear: what an earlier war left of a ship (F-CRIT-5, F-CRIT-20). The rows share one
 * popover from the page's template, as they share the class picker. */

static const AdmShipClass *
ship_class (AdmiraltyEditorFleets *self,
            AdmScenarioShip       *ship)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  const char *id = adm_scenario_ship_get_class (ship);

  return ruleset != NULL && id != NULL ? adm_ruleset_lookup_class (ruleset, id) : NULL;
}

/* The hull as the ship's fleet card gives it, "1/3 (2 lost)", then its unrepaired critical
 * results, "5 7 7". */
static void
show_wear (AdmiraltyEditorFleets *self,
           ShipRow               *row)
{
  const AdmShipClass *klass = ship_class (self, row->ship);
  int damage = adm_scenario_ship_get_damage (row->ship);
  const char *criticals = adm_scenario_ship_get_criticals (row->ship);
  g_autofree char *hull = NULL;

  if (klass == NULL)
    hull = damage > 0 ? g_strdup_printf ("%d", damage) : g_strdup ("—");
  else
    hull = adm_report_hull_text (klass->hull, damage);
  gtk_label_set_label (GTK_LABEL (row->wear_label), hull);
  gtk_label_set_label (GTK_LABEL (row->wear_criticals), criticals != NULL ? criticals : "");
  gtk_widget_set_visible (row->wear_criticals, criticals != NULL);
}

/* The hull button's tooltip: its unrepaired criticals by name, as the fleet card names them
 * ("5 Bow armament knocked out, 7 Fire!"), for the button may show only the first. */
static char *
wear_tooltip (AdmiraltyEditorFleets *self,
              ShipRow               *row)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  const char *criticals = adm_scenario_ship_get_criticals (row->ship);
  g_auto(GStrv) results = NULL;
  g_autoptr(GString) names = g_string_new (NULL);

  if (criticals == NULL || ruleset == NULL)
    return g_strdup (_("Hull points lost and unrepaired criticals"));
  results = g_strsplit (criticals, " ", -1);
  for (guint i = 0; results[i] != NULL; i++)
    {
      const AdmTableRow *critical = adm_ruleset_critical (ruleset, "ship", atoi (results[i]));

      if (results[i][0] == '\0')
        continue;
      g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", results[i]);
      if (critical != NULL)
        g_string_append_printf (names, " %s", _(critical->name));
    }
  /* Translators: a ship's unrepaired critical results by name, in the scenario editor */
  return g_strdup_printf (_("Unrepaired criticals: %s"), names->str);
}

/* The popover's hints: the damage the ship's class allows, the results the season's table
 * has (F-CRIT-8), as the ruleset gives them. */
static void
show_wear_hints (AdmiraltyEditorFleets *self,
                 ShipRow               *row)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  const AdmShipClass *klass = ship_class (self, row->ship);
  GPtrArray *rows = ruleset != NULL ? adm_ruleset_get_critical_table (ruleset, "ship") : NULL;
  g_autofree char *damage = NULL;
  g_autofree char *criticals = NULL;
  int first = G_MAXINT, last = G_MININT;

  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      first = MIN (first, ((const AdmTableRow *) rows->pdata[i])->result);
      last = MAX (last, ((const AdmTableRow *) rows->pdata[i])->result);
    }
  if (klass != NULL)
    /* Translators: the hull points a ship may have lost, in the scenario editor */
    damage = g_strdup_printf (_("Empty, or 0 to %d of its class’s %d."),
                              MAX (klass->hull - 1, 0), klass->hull);
  else
    damage = g_strdup (_("Its class is not one of the season’s: choose its class first."));
  if (first <= last)
    /* Translators: the critical results a ship may keep, in the scenario editor */
    criticals = g_strdup_printf (_("Results %d–%d of the season’s critical damage table, "
                                   "separated by spaces; “7 7” is one taken twice."),
                                 first, last);
  gtk_label_set_label (self->wear_heading,
                       adm_scenario_item_get_name (ADM_SCENARIO_ITEM (row->ship)));
  gtk_label_set_label (self->damage_hint, damage);
  gtk_label_set_label (self->criticals_hint, criticals != NULL ? criticals : "");
}

static void
ship_wear_clicked_cb (AdmiraltyEditorFleets *self,
                      GtkWidget             *button)
{
  ShipRow *row = find_ship (self, button);
  int damage;
  g_autofree char *points = NULL;
  graphene_rect_t bounds;

  if (row == NULL || !gtk_widget_compute_bounds (button, GTK_WIDGET (self), &bounds))
    return;
  self->wearing = row;
  damage = adm_scenario_ship_get_damage (row->ship);
  points = damage > 0 ? g_strdup_printf ("%d", damage) : NULL;
  set_text (GTK_WIDGET (self->damage_entry), points);
  set_text (GTK_WIDGET (self->criticals_entry), adm_scenario_ship_get_criticals (row->ship));
  show_wear_hints (self, row);
  gtk_popover_set_pointing_to (self->wear_popover, &(GdkRectangle) {
                                 (int) bounds.origin.x, (int) bounds.origin.y,
                                 (int) bounds.size.width, (int) bounds.size.height });
  gtk_popover_popup (self->wear_popover);
  gtk_widget_grab_focus (GTK_WIDGET (self->damage_entry));
  gtk_editable_select_region (self->damage_entry, 0, -1);
}

/* Enter in either field, or Apply: both set as one step of undo. A refusal is said in the
 * toast, naming the ship and the problem; the popover stays, the fields as typed, to be
 * put right. */
static void
wear_apply_cb (AdmiraltyEditorFleets *self)
{
  ShipRow *row = self->wearing;
  g_autoptr(GError) error = NULL;

  if (row == NULL || row->ship == NULL)
    return;
  if (!adm_scenario_ship_set_wear (row->ship, gtk_editable_get_text (self->damage_entry),
                                   gtk_editable_get_text (self->criticals_entry), &error))
    {
      say (self, error);
      return;
    }
  show_wear (self, row);
  gtk_popover_popdown (self->wear_popover);
}

/* The focus goes back to the hull button the popover was opened from. */
static void
wear_closed_cb (AdmiraltyEditorFleets *self)
{
  if (self->wearing != NULL)
    gtk_widget_grab_focus (self->wearing->wear);
  self->wearing = NULL;
}

static void
ship_readiness_cb (AdmiraltyEditorFleets *self,
                   GtkSpinButton         *spin)
{
  ShipRow *row = find_ship (self, GTK_WIDGET (spin));
  g_autoptr(GError) error = NULL;

  if (self->syncing || row == NULL)
    return;
  if (!adm_scenario_ship_set_readiness (row->ship, gtk_spin_button_get_value_as_int (spin),
                                        &error))
    say (self, error);
}

static void
ship_succession_cb (AdmiraltyEditorFleets *self,
                    GtkSpinButton         *spin)
{
  ShipRow *row = find_ship (self, GTK_WIDGET (spin));
  g_autoptr(GError) error = NULL;

  if (self->syncing || row == NULL)
    return;
  if (!adm_scenario_ship_set_succession (row->ship,
                                         (guint) gtk_spin_button_get_value_as_int (spin), &error))
    say (self, error);
}

static void
ship_flagship_cb (AdmiraltyEditorFleets *self,
                  GParamSpec            *pspec,
                  GtkCheckButton        *button)
{
  ShipRow *row = find_ship (self, GTK_WIDGET (button));
  g_autoptr(GError) error = NULL;

  if (self->syncing || row == NULL || !gtk_check_button_get_active (button))
    return;
  if (!adm_scenario_ship_make_flagship (row->ship, &error))
    say (self, error);
}

static void
ship_remove_cb (AdmiraltyEditorFleets *self,
                GtkWidget             *button)
{
  ShipRow *row = find_ship (self, button);
  g_autoptr(GError) error = NULL;

  if (row != NULL && !adm_scenario_item_remove (ADM_SCENARIO_ITEM (row->ship), &error))
    say (self, error);
}

static GtkWidget *
spin (int         upper,
      const char *label)
{
  GtkWidget *button = gtk_spin_button_new_with_range (0, upper, 1);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (button), TRUE);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  return button;
}

/* A row with no ship yet: bind_ship () shows one in it. */
static ShipRow *
ship_row_new (AdmiraltyEditorFleets *self,
              GtkCheckButton        *group)
{
  ShipRow *row = g_new0 (ShipRow, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkEventController *focus;
  GtkWidget *inner;

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);

  row->flagship = gtk_check_button_new ();
  gtk_check_button_set_group (GTK_CHECK_BUTTON (row->flagship), group);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->flagship), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Flagship"), -1);
  g_signal_connect_object (row->flagship, "notify::active", G_CALLBACK (ship_flagship_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), row->flagship);

  row->name = gtk_entry_new ();
  gtk_widget_set_hexpand (row->name, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->name), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Ship name"), -1);
  g_signal_connect_object (row->name, "activate", G_CALLBACK (ship_name_activate_cb), self,
                           G_CONNECT_SWAPPED);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_object (focus, "leave", G_CALLBACK (ship_name_leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (row->name, focus);
  gtk_box_append (GTK_BOX (box), row->name);

  /* The id order sheets name the ship by, made from its name until one is typed here. */
  row->id = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (row->id), 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->id), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Ship id"), -1);
  g_signal_connect_object (row->id, "activate", G_CALLBACK (ship_id_activate_cb), self,
                           G_CONNECT_SWAPPED);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_object (focus, "leave", G_CALLBACK (ship_id_leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (row->id, focus);
  gtk_box_append (GTK_BOX (box), row->id);

  row->klass = gtk_button_new ();
  inner = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  row->klass_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->klass_label), 0.0f);
  gtk_widget_set_hexpand (row->klass_label, TRUE);
  gtk_box_append (GTK_BOX (inner), row->klass_label);
  gtk_box_append (GTK_BOX (inner), gtk_image_new_from_icon_name ("pan-down-symbolic"));
  gtk_button_set_child (GTK_BUTTON (row->klass), inner);
  gtk_widget_add_css_class (row->klass, "class-picker");
  gtk_widget_set_valign (row->klass, GTK_ALIGN_CENTER);
  gtk_size_group_add_widget (self->class_width, row->klass);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->klass), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Class"), GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, TRUE, -1);
  g_signal_connect_object (row->klass, "clicked", G_CALLBACK (ship_class_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), row->klass);

  row->readiness = spin (12, _("Readiness"));
  g_signal_connect_object (row->readiness, "value-changed", G_CALLBACK (ship_readiness_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), row->readiness);

  /* The hull whole ("11/14 (3 lost)"), the criticals after it as far as the row has room:
   * the tooltip names them all. */
  row->wear = gtk_button_new ();
  inner = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  row->wear_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->wear_label), 0.0f);
  gtk_box_append (GTK_BOX (inner), row->wear_label);
  row->wear_criticals = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row->wear_criticals), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (row->wear_criticals), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (row->wear_criticals), 12);
  gtk_widget_add_css_class (row->wear_criticals, "dim-label");
  gtk_box_append (GTK_BOX (inner), row->wear_criticals);
  gtk_button_set_child (GTK_BUTTON (row->wear), inner);
  gtk_widget_set_valign (row->wear, GTK_ALIGN_CENTER);
  gtk_size_group_add_widget (self->wear_width, row->wear);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->wear), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Hull"), GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, TRUE, -1);
  g_signal_connect_object (row->wear, "clicked", G_CALLBACK (ship_wear_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), row->wear);

  row->succession = spin (5, _("Place in the succession"));
  g_signal_connect_object (row->succession, "value-changed", G_CALLBACK (ship_succession_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), row->succession);

  row->remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_add_css_class (row->remove, "flat");
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove Ship"), -1);
  gtk_widget_set_valign (row->remove, GTK_ALIGN_CENTER);
  g_signal_connect_object (row->remove, "clicked", G_CALLBACK (ship_remove_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), row->remove);

  row->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row->row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row->row), box);
  return row;
}

/* The ship rows' tooltips, said by the list for all of them: a tooltip set on a widget asks
 * the display where the pointer is, a round trip for each of a new row's four. */
static gboolean
ship_list_query_tooltip_cb (AdmiraltyEditorFleets *self,
                            int                    x,
                            int                    y,
                            gboolean               keyboard,
                            GtkTooltip            *tooltip,
                            GtkWidget             *list)
{
  GtkRoot *root = gtk_widget_get_root (list);
  GtkWidget *target = keyboard && root != NULL ? gtk_root_get_focus (root)
                                               : gtk_widget_pick (list, x, y, GTK_PICK_DEFAULT);

  for (guint i = 0; target != NULL && i < self->n_ships; i++)
    {
      ShipRow *row = self->ships->pdata[i];
      g_autofree char *wear = target == row->wear || gtk_widget_is_ancestor (target, row->wear)
                              ? wear_tooltip (self, row) : NULL;
      const struct {
        GtkWidget  *widget;
        const char *text;
      } tips[] = {
        { row->flagship, _("Flagship") },
        { row->readiness, _("Readiness") },
        { row->wear, wear },
        { row->succession, _("Place in the succession") },
        { row->remove, _("Remove Ship") },
      };

      for (guint k = 0; k < G_N_ELEMENTS (tips); k++)
        if (target == tips[k].widget || gtk_widget_is_ancestor (target, tips[k].widget))
          {
            graphene_rect_t bounds;

            gtk_tooltip_set_text (tooltip, tips[k].text);
            if (gtk_widget_compute_bounds (tips[k].widget, list, &bounds))
              gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                                          (int) bounds.origin.x, (int) bounds.origin.y,
                                          (int) bounds.size.width, (int) bounds.size.height });
            return TRUE;
          }
    }
  return FALSE;
}

/* Which ship row, and which of its widgets, has the focus: kept across a rebuild. */
static gboolean
focused_ship (AdmiraltyEditorFleets *self,
              guint                 *index,
              guint                 *column)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  for (guint i = 0; focus != NULL && i < self->n_ships; i++)
    {
      ShipRow *row = self->ships->pdata[i];

      for (guint c = 0; c < N_SHIP_COLUMNS; c++)
        if (focus == ship_column (row, c) ||
            gtk_widget_is_ancestor (focus, ship_column (row, c)))
          {
            *index = i;
            *column = c;
            return TRUE;
          }
    }
  return FALSE;
}

static void
set_spin (GtkWidget *spin,
          int        value)
{
  if (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)) != value)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

/* @row shows @ship: its name, id, class, readiness, hull, and whether it is the flagship and its
 * place in the succession. */
static void
bind_ship (AdmiraltyEditorFleets *self,
           ShipRow               *row,
           AdmScenarioShip       *ship)
{
  gboolean is_flagship = adm_scenario_ship_get_flagship (ship);
  gboolean pool = is_pool (self->formation);

  g_set_object (&row->ship, ship);
  /* A pool's ships have no flagship or succession until formed (F-GEN-6). */
  gtk_widget_set_visible (row->flagship, !pool);
  gtk_widget_set_visible (row->succession, !pool);
  set_text (row->name, adm_scenario_item_get_name (ADM_SCENARIO_ITEM (ship)));
  set_text (row->id, adm_scenario_item_get_id (ADM_SCENARIO_ITEM (ship)));
  show_class (self, row);
  set_spin (row->readiness, adm_scenario_ship_get_readiness (ship));
  show_wear (self, row);
  set_spin (row->succession, (int) adm_scenario_ship_get_succession (ship));
  if (gtk_check_button_get_active (GTK_CHECK_BUTTON (row->flagship)) != is_flagship)
    gtk_check_button_set_active (GTK_CHECK_BUTTON (row->flagship), is_flagship);
}

/* The formation's ships shown, one a row in order. Rows are kept and shown again rather than
 * made anew: a ship added shows a hidden row, or the one new row, and one removed hides the
 * last; every row shows the ship now in its place. The focus stays in its row and column, the
 * class popover is closed when its row is hidden. */
static void
bind_ships (AdmiraltyEditorFleets *self)
{
  GListModel *ships = adm_scenario_fleet_get_ships (self->formation);
  guint count = 0;
  guint focus_index = 0, focus_column = 0;
  gboolean had_focus = focused_ship (self, &focus_index, &focus_column);

  self->syncing = TRUE;
  if (self->classes == NULL)
    self->classes = class_names (self);
  for (; count < g_list_model_get_n_items (ships); count++)
    {
      g_autoptr(AdmScenarioShip) ship = g_list_model_get_item (ships, count);
      ShipRow *row;

      if (count == self->ships->len)
        {
          row = ship_row_new (self, self->ships->len > 0
                                    ? GTK_CHECK_BUTTON (((ShipRow *) self->ships->pdata[0])->flagship)
                                    : NULL);
          gtk_list_box_append (self->ship_list, row->row);
          g_ptr_array_add (self->ships, row);
        }
      row = self->ships->pdata[count];
      bind_ship (self, row, ship);
      gtk_widget_set_visible (row->row, TRUE);
    }
  for (guint i = count; i < self->ships->len; i++)
    {
      ShipRow *row = self->ships->pdata[i];

      if (row == self->picking)
        {
          self->picking = NULL;
          gtk_popover_popdown (self->class_popover);
        }
      if (row == self->wearing)
        {
          self->wearing = NULL;
          gtk_popover_popdown (self->wear_popover);
        }
      g_clear_object (&row->ship);
      if (gtk_check_button_get_active (GTK_CHECK_BUTTON (row->flagship)))
        gtk_check_button_set_active (GTK_CHECK_BUTTON (row->flagship), FALSE);
      gtk_widget_set_visible (row->row, FALSE);
    }
  self->n_ships = count;
  if (had_focus && focus_index >= count && count > 0)
    gtk_widget_grab_focus (ship_column (self->ships->pdata[count - 1], focus_column));
  self->syncing = FALSE;
}

/* A formation shown anew: the season's classes may have changed since. */
static void
build_ships (AdmiraltyEditorFleets *self)
{
  gtk_popover_popdown (self->class_popover);
  self->picking = NULL;
  gtk_popover_popdown (self->wear_popover);
  self->wearing = NULL;
  g_clear_object (&self->classes);
  bind_ships (self);
}

/* The formation */

static void
sync_formation_id (AdmiraltyEditorFleets *self)
{
  gboolean was = self->syncing;

  self->syncing = TRUE;
  set_text (GTK_WIDGET (self->id_row), adm_scenario_item_get_id (ADM_SCENARIO_ITEM (self->formation)));
  self->syncing = was;
}

static void
sync_formation (AdmiraltyEditorFleets *self)
{
  gboolean pool = is_pool (self->formation);
  AdmScenarioFormation *formation = pool ? NULL : ADM_SCENARIO_FORMATION (self->formation);
  const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (self->formation));
  const char *faction = formation != NULL ? adm_scenario_formation_get_faction (formation) : NULL;
  const char *admiral = adm_scenario_fleet_get_admiral (self->formation);
  const char *sector = adm_scenario_fleet_get_sector (self->formation);
  g_autoptr(GtkStringList) factions = faction_names (self);
  g_autoptr(GtkStringList) admirals = item_names (adm_scenario_edit_get_admirals (self->edit),
                                                  self->admiral_ids, _("None"));
  g_autoptr(GtkStringList) sectors = item_names (adm_scenario_edit_get_sectors (self->edit),
                                                 self->sector_ids, NULL);
  guint admiral_index = admiral != NULL ? id_index (self->admiral_ids, admiral) : 0;

  self->syncing = TRUE;
  /* A pool is its admiral's ships and where they start (F-GEN-5): no name, id, faction of
   * its own (its admiral's) or hiding. */
  adw_preferences_group_set_title (self->formation_group, pool ? _("Pool") : _("Formation"));
  admiralty_tooltip_set (self->remove_button,
                         pool ? _("Remove Pool") : _("Remove Formation"));
  gtk_widget_set_visible (GTK_WIDGET (self->name_row), !pool);
  gtk_widget_set_visible (GTK_WIDGET (self->id_row), !pool);
  gtk_widget_set_visible (GTK_WIDGET (self->faction_row), !pool);
  gtk_widget_set_visible (GTK_WIDGET (self->hidden_row), !pool);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
  sync_formation_id (self);
  adw_combo_row_set_model (self->faction_row, G_LIST_MODEL (factions));
  adw_combo_row_set_selected (self->faction_row, faction_index (self, faction));
  adw_combo_row_set_model (self->admiral_row, G_LIST_MODEL (admirals));
  adw_combo_row_set_selected (self->admiral_row,
                              admiral_index == GTK_INVALID_LIST_POSITION || admiral == NULL
                              ? (admiral == NULL ? 0 : GTK_INVALID_LIST_POSITION)
                              : admiral_index + 1);
  adw_combo_row_set_model (self->sector_row, G_LIST_MODEL (sectors));
  adw_combo_row_set_selected (self->sector_row, id_index (self->sector_ids, sector));
  gtk_switch_set_active (self->hidden_switch,
                         formation != NULL && adm_scenario_formation_get_hidden (formation));
  self->syncing = FALSE;
}

static void
show_formation (AdmiraltyEditorFleets *self,
                AdmScenarioFleet      *formation)
{
  g_set_object (&self->formation, formation);
  gtk_stack_set_visible_child_name (self->detail_stack,
                                    formation != NULL ? "formation" : "empty");
  if (formation == NULL)
    return;
  sync_formation (self);
  build_ships (self);
}

/* Shows @formation, and focuses the row of @ship (one of its ships) when not NULL. */
static void
select_fleet (AdmiraltyEditorFleets *self,
              AdmScenarioFleet      *formation,
              AdmScenarioShip       *ship)
{
  if (formation == NULL)
    return;
  if (formation != self->formation)
    {
      select_in_list (self, formation);
      show_formation (self, formation);
    }
  for (guint i = 0; ship != NULL && i < self->n_ships; i++)
    {
      ShipRow *row = self->ships->pdata[i];

      if (row->ship == ship)
        {
          gtk_widget_grab_focus (row->name);
          return;
        }
    }
}

/* Shows @item's formation or pool, focusing its row when it is a ship. */
static void
select_item (AdmiraltyEditorFleets *self,
             AdmScenarioItem       *item)
{
  if (ADM_IS_SCENARIO_SHIP (item))
    select_fleet (self, ADM_SCENARIO_FLEET (adm_scenario_item_get_parent (item)),
                  ADM_SCENARIO_SHIP (item));
  else if (ADM_IS_SCENARIO_FLEET (item))
    select_fleet (self, ADM_SCENARIO_FLEET (item), NULL);
}

static void
name_apply_cb (AdmiraltyEditorFleets *self)
{
  g_autoptr(GError) error = NULL;

  if (self->formation != NULL &&
      !adm_scenario_item_set_name (ADM_SCENARIO_ITEM (self->formation),
                                   gtk_editable_get_text (GTK_EDITABLE (self->name_row)), &error))
    say (self, error);
}

static void
id_apply_cb (AdmiraltyEditorFleets *self)
{
  if (self->formation != NULL)
    admiralty_editor_page_set_id (GTK_WIDGET (self), ADM_SCENARIO_ITEM (self->formation),
                                  GTK_EDITABLE (self->id_row));
}

static void
faction_selected_cb (AdmiraltyEditorFleets *self)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  guint selected = adw_combo_row_get_selected (self->faction_row);
  GPtrArray *factions = ruleset != NULL ? adm_ruleset_get_factions (ruleset) : NULL;
  g_autoptr(GError) error = NULL;

  if (self->syncing || !ADM_IS_SCENARIO_FORMATION (self->formation) || factions == NULL ||
      selected >= factions->len)
    return;
  if (!adm_scenario_formation_set_faction (ADM_SCENARIO_FORMATION (self->formation),
                                           ((const AdmFaction *) factions->pdata[selected])->id,
                                           &error))
    say (self, error);
}

static void
admiral_selected_cb (AdmiraltyEditorFleets *self)
{
  guint selected = adw_combo_row_get_selected (self->admiral_row);
  g_autoptr(GError) error = NULL;

  if (self->syncing || self->formation == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (!adm_scenario_fleet_set_admiral (self->formation,
                                       selected == 0 || selected > self->admiral_ids->len
                                       ? NULL : self->admiral_ids->pdata[selected - 1], &error))
    say (self, error);
}

static void
sector_selected_cb (AdmiraltyEditorFleets *self)
{
  guint selected = adw_combo_row_get_selected (self->sector_row);
  g_autoptr(GError) error = NULL;

  if (self->syncing || self->formation == NULL || selected >= self->sector_ids->len)
    return;
  if (!adm_scenario_fleet_set_sector (self->formation, self->sector_ids->pdata[selected],
                                      &error))
    say (self, error);
}

static void
hidden_cb (AdmiraltyEditorFleets *self)
{
  g_autoptr(GError) error = NULL;

  if (self->syncing || !ADM_IS_SCENARIO_FORMATION (self->formation))
    return;
  if (!adm_scenario_formation_set_hidden (ADM_SCENARIO_FORMATION (self->formation),
                                          gtk_switch_get_active (self->hidden_switch), &error))
    say (self, error);
}

static void
remove_formation_cb (AdmiraltyEditorFleets *self)
{
  g_autoptr(GError) error = NULL;

  if (self->formation != NULL &&
      !adm_scenario_item_remove (ADM_SCENARIO_ITEM (self->formation), &error))
    say (self, error);
}

/* The sector the formation or pool shown starts in, else the map's first, or NULL. */
static char *
sector_for_new (AdmiraltyEditorFleets *self)
{
  GListModel *sectors = adm_scenario_edit_get_sectors (self->edit);
  g_autoptr(AdmScenarioItem) first = g_list_model_get_item (sectors, 0);

  if (self->formation != NULL && adm_scenario_fleet_get_sector (self->formation) != NULL)
    return g_strdup (adm_scenario_fleet_get_sector (self->formation));
  return first != NULL ? g_strdup (adm_scenario_item_get_id (first)) : NULL;
}

void
admiralty_editor_fleets_add_formation (AdmiraltyEditorFleets *self)
{
  AdmRuleset *ruleset;
  GPtrArray *factions;
  g_autofree char *faction = NULL;
  g_autofree char *sector = NULL;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self));

  ruleset = adm_scenario_edit_get_ruleset (self->edit);
  factions = ruleset != NULL ? adm_ruleset_get_factions (ruleset) : NULL;
  /* The new formation takes the faction and sector of the one shown, as a fleet is entered
   * side by side. */
  if (ADM_IS_SCENARIO_FORMATION (self->formation))
    faction = g_strdup (adm_scenario_formation_get_faction (ADM_SCENARIO_FORMATION (self->formation)));
  if (faction == NULL && factions != NULL && factions->len > 0)
    faction = g_strdup (((const AdmFaction *) factions->pdata[0])->id);
  sector = sector_for_new (self);
  select_fleet (self, ADM_SCENARIO_FLEET (adm_scenario_edit_append_formation (
                                                self->edit, _("New Formation"),
                                                faction != NULL ? faction : "",
                                                sector != NULL ? sector : "")), NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
}

static void
add_formation_cb (AdmiraltyEditorFleets *self)
{
  admiralty_editor_fleets_add_formation (self);
}

/* The first admiral without a pool (F-GEN-5: one each), or the first admiral, or NULL. */
static AdmScenarioItem *
admiral_for_pool (AdmiraltyEditorFleets *self)
{
  GListModel *admirals = adm_scenario_edit_get_admirals (self->edit);
  GListModel *pools = adm_scenario_edit_get_pools (self->edit);
  g_autoptr(AdmScenarioItem) first = g_list_model_get_item (admirals, 0);

  for (guint i = 0; i < g_list_model_get_n_items (admirals); i++)
    {
      g_autoptr(AdmScenarioItem) admiral = g_list_model_get_item (admirals, i);
      gboolean has_pool = FALSE;

      for (guint k = 0; k < g_list_model_get_n_items (pools) && !has_pool; k++)
        {
          g_autoptr(AdmScenarioFleet) pool = g_list_model_get_item (pools, k);

          has_pool = g_strcmp0 (adm_scenario_fleet_get_admiral (pool),
                                adm_scenario_item_get_id (admiral)) == 0;
        }
      if (!has_pool)
        return admiral;
    }
  return first;
}

void
admiralty_editor_fleets_add_pool (AdmiraltyEditorFleets *self)
{
  AdmScenarioItem *admiral;
  g_autofree char *admiral_id = NULL;
  g_autofree char *sector = NULL;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self));

  admiral = admiral_for_pool (self);
  admiral_id = admiral != NULL ? g_strdup (adm_scenario_item_get_id (admiral)) : NULL;
  /* Its ships start where the formation or pool shown does, as a fleet is entered side by
   * side (F-GEN-7). */
  sector = sector_for_new (self);
  select_fleet (self, ADM_SCENARIO_FLEET (adm_scenario_edit_append_pool (
                                                self->edit, admiral_id != NULL ? admiral_id : "",
                                                sector != NULL ? sector : "")), NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->admiral_row));
}

static void
add_pool_cb (AdmiraltyEditorFleets *self)
{
  admiralty_editor_fleets_add_pool (self);
}

void
admiralty_editor_fleets_add_ship (AdmiraltyEditorFleets *self)
{
  g_autoptr(AdmScenarioShip) last = NULL;
  g_autofree char *klass = NULL;
  int readiness = 6;
  AdmScenarioShip *ship;
  GListModel *ships;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self));

  if (self->formation == NULL)
    return;
  ships = adm_scenario_fleet_get_ships (self->formation);
  if (g_list_model_get_n_items (ships) > 0)
    last = g_list_model_get_item (ships, g_list_model_get_n_items (ships) - 1);
  /* Of the class and readiness of the ship before it: a squadron of sisters is typed fast. */
  if (last != NULL)
    {
      klass = g_strdup (adm_scenario_ship_get_class (last));
      readiness = adm_scenario_ship_get_readiness (last);
    }
  if (klass == NULL && self->class_ids->len > 0)
    klass = g_strdup (self->class_ids->pdata[0]);
  ship = adm_scenario_fleet_add_ship (self->formation, last, _("New Ship"),
                                      klass != NULL ? klass : "", readiness);
  for (guint i = 0; ship != NULL && i < self->n_ships; i++)
    {
      ShipRow *row = self->ships->pdata[i];

      if (row->ship == ship)
        {
          gtk_widget_grab_focus (row->name);
          gtk_editable_select_region (GTK_EDITABLE (row->name), 0, -1);
        }
    }
}

static void
add_ship_cb (AdmiraltyEditorFleets *self)
{
  admiralty_editor_fleets_add_ship (self);
}

void
admiralty_editor_fleets_duplicate (AdmiraltyEditorFleets *self)
{
  guint index, column;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self));

  if (self->formation == NULL)
    return;
  if (focused_ship (self, &index, &column))
    {
      ShipRow *row = self->ships->pdata[index];

      ship_name_commit (self, row);
      select_item (self, adm_scenario_item_duplicate (ADM_SCENARIO_ITEM (row->ship)));
      return;
    }
  /* An admiral has one pool: only its ships are copied. */
  if (is_pool (self->formation))
    return;
  select_item (self, adm_scenario_item_duplicate (ADM_SCENARIO_ITEM (self->formation)));
}

/* Changes */

static void
edit_changed_cb (AdmiraltyEditorFleets *self,
                 guint                  change,
                 gpointer               node)
{
  AdmScenarioItem *changed = change == ADM_SCENARIO_EDIT_CHANGE_RELOAD
                             ? NULL : adm_scenario_edit_find_item (self->edit, node);
  gboolean had = self->formation != NULL;
  guint index = 0;

  /* A page not shown is built again only when it is, as after an undo. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  if (change == ADM_SCENARIO_EDIT_CHANGE_VALUE && ADM_IS_SCENARIO_SHIP (changed))
    return;
  /* The formation shown changed (its ships, its flagship, a value its own rows set): its
   * line in the list and its ships; the rest is as it was. */
  if (had && changed == ADM_SCENARIO_ITEM (self->formation))
    {
      update_formation_label (self);
      sync_formation_id (self);
      if (change == ADM_SCENARIO_EDIT_CHANGE_STRUCTURE)
        bind_ships (self);
      return;
    }
  if (had)
    g_ptr_array_find (self->formations, self->formation, &index);
  build_formation_list (self);
  /* The formation shown stays shown (its item stays the same across edits, undo and redo);
   * once it is removed, or its adding undone, the one in its place. */
  if (self->formations->len == 0)
    g_clear_object (&self->formation);
  else if (!had)
    g_set_object (&self->formation, self->formations->pdata[0]);
  else if (!g_ptr_array_find (self->formations, self->formation, NULL))
    g_set_object (&self->formation,
                  self->formations->pdata[MIN (index, self->formations->len - 1)]);
  select_in_list (self, self->formation);
  show_formation (self, self->formation);
}

static void
admiralty_editor_fleets_map (GtkWidget *widget)
{
  AdmiraltyEditorFleets *self = ADMIRALTY_EDITOR_FLEETS (widget);

  GTK_WIDGET_CLASS (admiralty_editor_fleets_parent_class)->map (widget);
  if (self->stale && self->edit != NULL)
    {
      self->stale = FALSE;
      edit_changed_cb (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
    }
}

AdmScenarioFleet *
admiralty_editor_fleets_get_formation (AdmiraltyEditorFleets *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self), NULL);
  return self->formation;
}

GtkWidget *
admiralty_editor_fleets_get_ship_entry (AdmiraltyEditorFleets *self,
                                        guint                  index)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self), NULL);
  return index < self->n_ships ? ((ShipRow *) self->ships->pdata[index])->name : NULL;
}

void
admiralty_editor_fleets_select (AdmiraltyEditorFleets *self,
                                AdmScenarioItem       *item)
{
  g_return_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self));

  select_item (self, item);
}

void
admiralty_editor_fleets_set_edit (AdmiraltyEditorFleets *self,
                                  AdmScenarioEdit       *edit)
{
  g_return_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self));
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (edit));

  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_set_object (&self->edit, edit);
  g_signal_connect_object (edit, "changed", G_CALLBACK (edit_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_clear_object (&self->formation);
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = FALSE;
      edit_changed_cb (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
    }
}

AdmScenarioItem *
admiralty_editor_fleets_get_item_at (AdmiraltyEditorFleets *self,
                                     GtkWidget             *widget)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_FLEETS (self), NULL);

  for (guint i = 0; widget != NULL && i < self->n_ships; i++)
    {
      ShipRow *row = self->ships->pdata[i];

      if (widget == row->row || gtk_widget_is_ancestor (widget, row->row))
        return ADM_SCENARIO_ITEM (row->ship);
    }
  return ADM_SCENARIO_ITEM (self->formation);
}

/* GObject */

static void
admiralty_editor_fleets_size_allocate (GtkWidget *widget,
                                       int        width,
                                       int        height,
                                       int        baseline)
{
  AdmiraltyEditorFleets *self = ADMIRALTY_EDITOR_FLEETS (widget);

  GTK_WIDGET_CLASS (admiralty_editor_fleets_parent_class)->size_allocate (widget, width, height,
                                                                          baseline);
  gtk_popover_present (self->class_popover);
  gtk_popover_present (self->wear_popover);
}

static void
admiralty_editor_fleets_dispose (GObject *object)
{
  AdmiraltyEditorFleets *self = ADMIRALTY_EDITOR_FLEETS (object);

  /* Rows taken away do not write their names back. */
  self->syncing = TRUE;
  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_clear_object (&self->edit);
  g_clear_object (&self->formation);
  self->picking = NULL;
  self->wearing = NULL;
  if (self->class_popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->class_popover));
  if (self->wear_popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->wear_popover));
  gtk_widget_dispose_template (GTK_WIDGET (object), ADMIRALTY_TYPE_EDITOR_FLEETS);

  G_OBJECT_CLASS (admiralty_editor_fleets_parent_class)->dispose (object);
}

static void
admiralty_editor_fleets_finalize (GObject *object)
{
  AdmiraltyEditorFleets *self = ADMIRALTY_EDITOR_FLEETS (object);

  g_ptr_array_unref (self->formations);
  g_ptr_array_unref (self->ships);
  g_ptr_array_unref (self->class_ids);
  g_ptr_array_unref (self->admiral_ids);
  g_ptr_array_unref (self->sector_ids);
  g_object_unref (self->class_width);
  g_object_unref (self->wear_width);
  g_clear_object (&self->classes);

  G_OBJECT_CLASS (admiralty_editor_fleets_parent_class)->finalize (object);
}

static void
admiralty_editor_fleets_class_init (AdmiraltyEditorFleetsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_editor_fleets_dispose;
  object_class->finalize = admiralty_editor_fleets_finalize;
  widget_class->map = admiralty_editor_fleets_map;
  widget_class->size_allocate = admiralty_editor_fleets_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-editor-fleets.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, formation_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, detail_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, formation_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, hidden_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, remove_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, name_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, id_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, faction_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, admiral_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, sector_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, hidden_switch);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, ship_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, class_popover);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, class_list);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, wear_popover);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, wear_heading);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, damage_entry);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, damage_hint);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, criticals_entry);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorFleets, criticals_hint);
  gtk_widget_class_bind_template_callback (widget_class, formation_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_formation_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_pool_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_formation_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, id_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, faction_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, admiral_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, sector_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, hidden_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_ship_cb);
  gtk_widget_class_bind_template_callback (widget_class, class_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, class_closed_cb);
  gtk_widget_class_bind_template_callback (widget_class, wear_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, wear_closed_cb);
}

static void
admiralty_editor_fleets_init (AdmiraltyEditorFleets *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  admiralty_wrapping_choices (self->faction_row);
  admiralty_wrapping_choices (self->admiral_row);
  admiralty_wrapping_choices (self->sector_row);
  gtk_widget_set_parent (GTK_WIDGET (self->class_popover), GTK_WIDGET (self));
  gtk_widget_set_parent (GTK_WIDGET (self->wear_popover), GTK_WIDGET (self));
  self->formations = g_ptr_array_new_with_free_func (g_object_unref);
  self->ships = g_ptr_array_new_with_free_func (ship_row_free);
  self->class_ids = g_ptr_array_new ();
  self->admiral_ids = g_ptr_array_new_with_free_func (g_free);
  self->sector_ids = g_ptr_array_new_with_free_func (g_free);
  self->class_width = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  self->wear_width = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->ship_list), TRUE);
  g_signal_connect_object (self->ship_list, "query-tooltip",
                           G_CALLBACK (ship_list_query_tooltip_cb), self, G_CONNECT_SWAPPED);
}
