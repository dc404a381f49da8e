/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-season.c: the scenario editor's Season page (see the header). It shows
 * the season's items (adm-scenario-season.h) and changes them through their setters. Every
 * control names what it edits by ids — class, weapon, faction or ruling, and attribute — so
 * that a control outlives an item an undo takes away. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-editor-page.h"
#include "admiralty-editor-season.h"
#include "admiralty-faction-symbol.h"
#include "admiralty-tooltip.h"

typedef enum {
  FIELD_SPIN,      /* a whole number */
  FIELD_CELL,      /* a whole number in the figures table, applied on Enter or leaving it */
  FIELD_ENTRY,     /* text, applied with Enter (an AdwEntryRow or a GtkEntry) */
  FIELD_CHOICE,    /* a GtkDropDown of @values */
  FIELD_RULING,    /* an AdwComboRow of @values */
  FIELD_COLOUR,    /* a GtkColorButton */
  FIELD_BUTTON,    /* @attribute names what it does */
} FieldKind;

typedef struct {
  FieldKind  kind;
  GtkWidget *widget;
  char      *klass;
  char      *weapon;
  char      *faction;
  char      *ruling;
  char      *attribute;
  GStrv      values;   /* FIELD_CHOICE, FIELD_RULING: the value of each position */
} Field;

typedef struct {
  GtkWidget      *row;      /* AdwExpanderRow */
  char           *klass;
  AdmSeasonClass *item;     /* its title and subtitle follow the item's values */
  gulong          notify_id;
  gboolean        built;
} ClassRow;

struct _AdmiraltyEditorSeason
{
  AdwBin               parent_instance;

  AdwActionRow        *banner_row;
  GtkWidget           *own_button;
  GtkScrolledWindow   *scrolled;  /* the bin's own child, not bound: see init */
  GtkGrid             *figures_grid;
  AdwPreferencesGroup *classes_group;
  AdwPreferencesGroup *factions_group;
  AdwPreferencesGroup *rulings_group;

  AdmScenarioEdit     *edit;
  AdmRuleset          *ruleset;   /* the last that loaded: its ship types and rulings */
  GPtrArray           *fields;    /* Field* */
  GPtrArray           *classes;   /* ClassRow* */
  GPtrArray           *rows;      /* the other rows made, with the group each is in */
  GPtrArray           *row_groups;
  char                *banner;
  guint                rebuild_id;
  gboolean             figures_stale;  /* the table is made when the page is first shown */
  gboolean             stale;          /* changed while hidden: built again when shown */
  gboolean             syncing;
  gboolean             applying;
  char                *renamed_from; /* a class whose id followed its new name, and that id: */
  char                *renamed_to;   /* its row stays open and focused, under its new id */
};

G_DEFINE_FINAL_TYPE (AdmiraltyEditorSeason, admiralty_editor_season, ADW_TYPE_BIN)

static const char *const class_figures[] = {
  "hull", "speed", "turn", "armour", "shields", "turrets", "ecm-attack", "ecm-defence", NULL
};
static const char *const categories[] = { "capital", "escort", "auxiliary", "station", NULL };
static const char *const weapon_types[] = { "artillery", "destructor", "torpedo", "mine", NULL };

/* @item's whole-number property @attribute (a class's "hull", a weapon's "range"…). */
static int
figure_of (gpointer    item,
           const char *attribute)
{
  int value = 0;

  g_object_get (item, attribute, &value, NULL);
  return value;
}

static const char *
figure_title (const char *attribute)
{
  if (g_str_equal (attribute, "hull"))
    return _("Hull");
  if (g_str_equal (attribute, "speed"))
    return _("Speed (cm)");
  if (g_str_equal (attribute, "turn"))
    return _("Turn (degrees)");
  if (g_str_equal (attribute, "armour"))
    return _("Armour");
  if (g_str_equal (attribute, "shields"))
    return _("Shields");
  if (g_str_equal (attribute, "turrets"))
    return _("Turrets");
  if (g_str_equal (attribute, "ecm-attack"))
    return _("ECM attack");
  if (g_str_equal (attribute, "ecm-defence"))
    return _("ECM defence");
  if (g_str_equal (attribute, "firepower"))
    return _("Firepower");
  if (g_str_equal (attribute, "range"))
    return _("Range (cm)");
  if (g_str_equal (attribute, "boarding-bonus"))
    return _("Boarding bonus");
  return attribute;
}

static const char *
choice_name (const char *value)
{
  if (g_str_equal (value, "capital"))
    return _("Capital");
  if (g_str_equal (value, "escort"))
    return _("Escort");
  if (g_str_equal (value, "auxiliary"))
    return _("Auxiliary");
  if (g_str_equal (value, "station"))
    return _("Station");
  if (g_str_equal (value, "artillery"))
    return _("Artillery");
  if (g_str_equal (value, "destructor"))
    return _("Destructor");
  if (g_str_equal (value, "torpedo"))
    return _("Torpedo");
  if (g_str_equal (value, "mine"))
    return _("Mine");
  return value;
}

static void
field_free (gpointer data)
{
  Field *field = data;

  g_free (field->klass);
  g_free (field->weapon);
  g_free (field->faction);
  g_free (field->ruling);
  g_free (field->attribute);
  g_strfreev (field->values);
  g_free (field);
}

static void
class_row_free (gpointer data)
{
  ClassRow *row = data;

  if (row->item != NULL)
    g_signal_handler_disconnect (row->item, row->notify_id);
  g_clear_object (&row->item);
  g_free (row->klass);
  g_free (row);
}

static Field *
find_field (AdmiraltyEditorSeason *self,
            GtkWidget             *widget)
{
  for (guint i = 0; i < self->fields->len; i++)
    if (((Field *) self->fields->pdata[i])->widget == widget)
      return self->fields->pdata[i];
  return NULL;
}

static Field *
find_field_by (AdmiraltyEditorSeason *self,
               const char            *klass,
               const char            *weapon,
               const char            *faction,
               const char            *ruling,
               const char            *attribute)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];

      if (g_strcmp0 (field->klass, klass) == 0 && g_strcmp0 (field->weapon, weapon) == 0 &&
          g_strcmp0 (field->faction, faction) == 0 && g_strcmp0 (field->ruling, ruling) == 0 &&
          g_strcmp0 (field->attribute, attribute) == 0)
        return field;
    }
  return NULL;
}

/* The season shown: the scenario's own, else the installed ruleset's (not edited itself: an
 * edit makes it the scenario's own first). */
static AdmScenarioSeason *
shown_season (AdmiraltyEditorSeason *self)
{
  return adm_scenario_edit_get_season_item (self->edit);
}

static AdmSeasonClass *
shown_class (AdmiraltyEditorSeason *self,
             const char            *klass)
{
  return adm_scenario_season_find_class (shown_season (self), klass);
}

/* The item @field edits: its faction, its class's weapon or its class; NULL for a ruling or
 * a thing no longer there. */
static AdmScenarioItem *
field_item (AdmiraltyEditorSeason *self,
            Field                 *field)
{
  AdmSeasonClass *klass;

  if (field->faction != NULL)
    return ADM_SCENARIO_ITEM (adm_scenario_season_find_faction (shown_season (self),
                                                                field->faction));
  klass = field->klass != NULL ? shown_class (self, field->klass) : NULL;
  if (klass == NULL || field->weapon == NULL)
    return ADM_SCENARIO_ITEM (klass);
  return ADM_SCENARIO_ITEM (adm_season_class_find_weapon (klass, field->weapon));
}

static void
say (AdmiraltyEditorSeason *self,
     const char            *message)
{
  admiralty_editor_page_say (GTK_WIDGET (self), message);
}

/* Edits */

/* @value (text, or a whole number for a figure) set through the setter of @field's item. */
static gboolean
set_field (AdmScenarioItem  *item,
           Field            *field,
           const char       *value,
           GError          **error)
{
  const char *attribute = field->attribute;
  int number = (int) g_ascii_strtoll (value, NULL, 10);

  if (g_str_equal (attribute, "name"))
    return adm_scenario_item_set_name (item, value, error);
  if (ADM_IS_SEASON_FACTION (item))
    {
      AdmSeasonFaction *faction = ADM_SEASON_FACTION (item);

      if (g_str_equal (attribute, "colour"))
        return adm_season_faction_set_colour (faction, value, error);
      if (g_str_equal (attribute, "symbol"))
        return adm_season_faction_set_symbol (faction, value, error);
      return adm_season_faction_set_boarding_bonus (faction, number, error);
    }
  if (ADM_IS_SEASON_WEAPON (item))
    {
      AdmSeasonWeapon *weapon = ADM_SEASON_WEAPON (item);

      if (g_str_equal (attribute, "type"))
        return adm_season_weapon_set_weapon_type (weapon, value, error);
      if (g_str_equal (attribute, "arcs"))
        return adm_season_weapon_set_arcs (weapon, value, error);
      return adm_season_weapon_set_figure (weapon, attribute, number, error);
    }
  if (g_str_equal (attribute, "type"))
    return adm_season_class_set_ship_type (ADM_SEASON_CLASS (item), value, error);
  if (g_str_equal (attribute, "category"))
    return adm_season_class_set_category (ADM_SEASON_CLASS (item), value, error);
  return adm_season_class_set_figure (ADM_SEASON_CLASS (item), attribute, number, error);
}

static void
apply (AdmiraltyEditorSeason *self,
       Field                 *field,
       const char            *value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenarioItem) item = NULL;
  gboolean done = TRUE;

  if (self->syncing)
    return;
  if (field->ruling == NULL)
    {
      item = field_item (self, field);
      if (item == NULL)
        return;
      g_object_ref (item);
    }
  self->applying = TRUE;
  if (field->ruling != NULL)
    adm_scenario_edit_set_ruling (self->edit, field->ruling, value);
  else
    done = set_field (item, field, value, &error);
  self->applying = FALSE;
  if (!done)
    {
      say (self, error->message);
      /* A name refused: its entry shows the name kept. */
      if (field->kind == FIELD_ENTRY && g_str_equal (field->attribute, "name") &&
          adm_scenario_item_get_name (item) != NULL)
        {
          self->syncing = TRUE;
          gtk_editable_set_text (GTK_EDITABLE (field->widget), adm_scenario_item_get_name (item));
          self->syncing = FALSE;
        }
    }
  else if (ADM_IS_SEASON_CLASS (item) &&
           g_strcmp0 (adm_scenario_item_get_id (item), field->klass) != 0)
    {
      /* The class's id followed its name: the same item, under its new id. */
      g_free (self->renamed_from);
      g_free (self->renamed_to);
      self->renamed_from = g_strdup (field->klass);
      self->renamed_to = g_strdup (adm_scenario_item_get_id (item));
    }
}

static void
spin_changed_cb (AdmiraltyEditorSeason *self,
                 GtkSpinButton         *spin)
{
  Field *field = find_field (self, GTK_WIDGET (spin));
  g_autofree char *value = g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (spin));

  if (field != NULL)
    apply (self, field, value);
}

static void
entry_apply_cb (AdmiraltyEditorSeason *self,
                GtkWidget             *entry)
{
  Field *field = find_field (self, entry);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));

  if (field != NULL)
    apply (self, field, text);
}

/* A cell of the figures table: a whole number from 0 to 999, applied on Enter or when the
 * focus leaves it; anything else is said and the cell shows the figure again. */
static void
cell_apply (AdmiraltyEditorSeason *self,
            GtkWidget             *entry)
{
  Field *field = find_field (self, entry);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  AdmSeasonClass *klass;
  guint64 value = 0;
  g_autofree char *figure = NULL;
  g_autofree char *was = NULL;

  if (field == NULL || self->syncing)
    return;
  klass = shown_class (self, field->klass);
  was = klass != NULL ? g_strdup_printf ("%d", adm_season_class_get_figure (klass,
                                                                            field->attribute))
                      : NULL;
  if (!g_ascii_string_to_unsigned (stripped, 10, 0, ADM_SEASON_FIGURE_MAX, &value, NULL))
    {
      /* Translators: a figure typed into the ship classes table that is not one */
      g_autofree char *message = g_strdup_printf (_("“%s” is not a figure: type a whole "
                                                    "number from 0 to 999"), stripped);

      say (self, message);
      self->syncing = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (entry), was != NULL ? was : "0");
      self->syncing = FALSE;
      return;
    }
  figure = g_strdup_printf ("%" G_GUINT64_FORMAT, value);
  if (g_strcmp0 (figure, was) == 0)
    return;
  apply (self, field, figure);
}

static void
cell_leave_cb (GtkEventControllerFocus *controller,
               gpointer                 data)
{
  cell_apply (data, gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

static void
choice_changed_cb (AdmiraltyEditorSeason *self,
                   GParamSpec            *pspec,
                   GtkWidget             *widget)
{
  Field *field = find_field (self, widget);
  guint selected;

  if (field == NULL)
    return;
  selected = field->kind == FIELD_RULING ? adw_combo_row_get_selected (ADW_COMBO_ROW (widget))
                                         : gtk_drop_down_get_selected (GTK_DROP_DOWN (widget));
  if (selected < g_strv_length (field->values))
    apply (self, field, field->values[selected]);
}

static void
colour_changed_cb (AdmiraltyEditorSeason *self,
                   GParamSpec            *pspec,
                   GtkWidget             *button)
{
  Field *field = find_field (self, button);
  GdkRGBA rgba;
  g_autofree char *value = NULL;

  if (field == NULL)
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  value = g_strdup_printf ("#%02x%02x%02x", (int) (rgba.red * 255 + 0.5),
                           (int) (rgba.green * 255 + 0.5), (int) (rgba.blue * 255 + 0.5));
  apply (self, field, value);
}

static void
button_clicked_cb (AdmiraltyEditorSeason *self,
                   GtkWidget             *button)
{
  Field *field = find_field (self, button);
  g_autoptr(GError) error = NULL;
  AdmSeasonClass *klass;
  AdmScenarioItem *item;
  gboolean done = TRUE;

  if (field == NULL)
    return;
  if (g_str_equal (field->attribute, "show"))
    {
      for (guint i = 0; i < self->classes->len; i++)
        {
          ClassRow *row = self->classes->pdata[i];

          if (g_strcmp0 (row->klass, field->klass) == 0)
            {
              adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row->row), TRUE);
              gtk_widget_grab_focus (row->row);
            }
        }
      return;
    }
  klass = shown_class (self, field->klass);
  item = field_item (self, field);
  if (klass == NULL || item == NULL)
    return;
  if (g_str_equal (field->attribute, "copy"))
    {
      const char *name = adm_scenario_item_get_name (item);
      /* Translators: the name of a copy of a ship class, %s the class copied */
      g_autofree char *copy = g_strdup_printf (_("%s (copy)"), name != NULL ? name : field->klass);

      done = adm_season_class_copy (klass, copy, &error) != NULL;
    }
  else if (g_str_equal (field->attribute, "add-weapon"))
    done = adm_season_class_add_weapon (klass, _("New weapon"), &error) != NULL;
  else if (g_str_equal (field->attribute, "remove") ||
           g_str_equal (field->attribute, "remove-weapon"))
    done = adm_scenario_item_remove (item, &error);
  if (!done)
    say (self, error->message);
}

static void
own_clicked_cb (AdmiraltyEditorSeason *self)
{
  g_autoptr(GError) error = NULL;

  if (!adm_scenario_season_make_own (shown_season (self), &error))
    say (self, error->message);
}

/* Controls */

static Field *
add_field (AdmiraltyEditorSeason *self,
           FieldKind              kind,
           GtkWidget             *widget,
           const char            *klass,
           const char            *weapon,
           const char            *faction,
           const char            *ruling,
           const char            *attribute)
{
  Field *field = g_new0 (Field, 1);

  field->kind = kind;
  field->widget = widget;
  field->klass = g_strdup (klass);
  field->weapon = g_strdup (weapon);
  field->faction = g_strdup (faction);
  field->ruling = g_strdup (ruling);
  field->attribute = g_strdup (attribute);
  g_ptr_array_add (self->fields, field);
  return field;
}

/* The wheel over a spin button scrolls the page, as over the rest of it: a figure changes
 * only when the master means it to (typed, or its − and + clicked). */
static gboolean
spin_scroll_cb (GtkEventControllerScroll *controller,
                double                    dx,
                double                    dy,
                gpointer                  data)
{
  AdmiraltyEditorSeason *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scrolled);

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + dy * 50);
  return TRUE;
}

static GtkWidget *
spin_for (AdmiraltyEditorSeason *self,
          gpointer               item,
          const char            *attribute,
          const char            *label,
          int                    lowest,
          int                    highest)
{
  int value = figure_of (item, attribute);
  GtkWidget *spin = gtk_spin_button_new_with_range (lowest, highest, 1);
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);

  gtk_event_controller_set_propagation_phase (scroll, GTK_PHASE_CAPTURE);
  g_signal_connect (scroll, "scroll", G_CALLBACK (spin_scroll_cb), self);
  gtk_widget_add_controller (spin, scroll);

  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
  admiralty_tooltip_set (spin, label);
  g_signal_connect_object (spin, "value-changed", G_CALLBACK (spin_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return spin;
}

static GtkWidget *
drop_down_for (AdmiraltyEditorSeason *self,
               Field                 *field,
               const char *const     *values,
               const char *const     *names,
               const char            *selected,
               const char            *label)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GtkWidget *drop_down;
  guint index = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; values[i] != NULL; i++)
    {
      gtk_string_list_append (list, names[i]);
      if (g_strcmp0 (values[i], selected) == 0)
        index = i;
    }
  drop_down = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&list)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), index);
  gtk_widget_set_valign (drop_down, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  admiralty_tooltip_set (drop_down, label);
  field->widget = drop_down;
  field->values = g_strdupv ((char **) values);
  g_signal_connect_object (drop_down, "notify::selected", G_CALLBACK (choice_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return drop_down;
}

static GtkWidget *
button_for (AdmiraltyEditorSeason *self,
            const char            *label,
            const char            *klass,
            const char            *weapon,
            const char            *what)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  add_field (self, FIELD_BUTTON, button, klass, weapon, NULL, NULL, what);
  g_signal_connect_object (button, "clicked", G_CALLBACK (button_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  return button;
}

static GtkWidget *
icon_button_for (AdmiraltyEditorSeason *self,
                 const char            *tooltip,
                 const char            *klass,
                 const char            *weapon,
                 const char            *what)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  admiralty_tooltip_set (button, tooltip);
  add_field (self, FIELD_BUTTON, button, klass, weapon, NULL, NULL, what);
  g_signal_connect_object (button, "clicked", G_CALLBACK (button_clicked_cb), self,
                           G_CONNECT_SWAPPED);
  return button;
}

static GtkWidget *
entry_row_for (AdmiraltyEditorSeason *self,
               const char            *title,
               const char            *text)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  g_signal_connect_object (row, "apply", G_CALLBACK (entry_apply_cb), self, G_CONNECT_SWAPPED);
  return row;
}

/* Classes */

static char *
class_subtitle (AdmSeasonClass *klass)
{
  const char *category = adm_season_class_get_category (klass);
  const char *id = adm_scenario_item_get_id (ADM_SCENARIO_ITEM (klass));
  int hull = adm_season_class_get_figure (klass, "hull");
  int speed = adm_season_class_get_figure (klass, "speed");

  /* Translators: a ship class's summary: its id, category, hull and speed */
  return g_strdup_printf (_("%s · %s · hull %d · speed %d cm"), id != NULL ? id : "",
                          category != NULL ? choice_name (category) : "", hull, speed);
}

/* A weapon: its name (and the button that removes it) on one row, its figures on the next. */
static void
build_weapon (AdmiraltyEditorSeason *self,
              GtkWidget             *expander,
              const char            *klass,
              AdmSeasonWeapon       *weapon)
{
  const char *id = adm_scenario_item_get_id (ADM_SCENARIO_ITEM (weapon));
  const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (weapon));
  const char *type = adm_season_weapon_get_weapon_type (weapon);
  const char *arcs = adm_season_weapon_get_arcs (weapon);
  const char *names[G_N_ELEMENTS (weapon_types)] = { NULL };
  GtkWidget *row = entry_row_for (self, _("Weapon"), name);
  GtkWidget *figures = adw_action_row_new ();
  GtkWidget *entry = gtk_entry_new ();
  Field *field;

  add_field (self, FIELD_ENTRY, row, klass, id, NULL, NULL, "name");
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row),
                            icon_button_for (self, _("Remove Weapon"), klass, id,
                                             "remove-weapon"));
  adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);

  for (guint i = 0; weapon_types[i] != NULL; i++)
    names[i] = choice_name (weapon_types[i]);
  field = add_field (self, FIELD_CHOICE, NULL, klass, id, NULL, NULL, "type");
  adw_action_row_add_suffix (ADW_ACTION_ROW (figures),
                             drop_down_for (self, field, weapon_types, names, type,
                                            _("Weapon type")));
  for (guint k = 0; k < 2; k++)
    {
      const char *attribute = k == 0 ? "firepower" : "range";
      GtkWidget *spin = spin_for (self, weapon, attribute, figure_title (attribute), 0, 999);

      add_field (self, FIELD_SPIN, spin, klass, id, NULL, NULL, attribute);
      adw_action_row_add_suffix (ADW_ACTION_ROW (figures), spin);
    }
  gtk_editable_set_text (GTK_EDITABLE (entry), arcs != NULL ? arcs : "");
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 20);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  /* Translators: a weapon's arcs, written as the file has them: bow, stern, port, starboard */
  admiralty_tooltip_set (entry, _("Arcs: bow stern port starboard, Enter to apply"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Arcs"), -1);
  add_field (self, FIELD_ENTRY, entry, klass, id, NULL, NULL, "arcs");
  g_signal_connect_object (entry, "activate", G_CALLBACK (entry_apply_cb), self,
                           G_CONNECT_SWAPPED);
  adw_action_row_add_suffix (ADW_ACTION_ROW (figures), entry);
  /* The row is the weapon's, under its name: its controls say what each is. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (figures), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  name != NULL ? name : "", -1);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), figures);
}

/* The rows inside a class's expander, made when it is first opened. */
static void
build_class (AdmiraltyEditorSeason *self,
             ClassRow              *class_row)
{
  AdmSeasonClass *item = shown_class (self, class_row->klass);
  const char *name, *type, *category;
  GListModel *weapons;
  const char *klass = class_row->klass;
  GtkWidget *row, *actions;
  GPtrArray *types = self->ruleset != NULL ? adm_ruleset_get_ship_types (self->ruleset) : NULL;
  const char *category_names[G_N_ELEMENTS (categories)] = { NULL };
  Field *field;

  if (class_row->built || item == NULL)
    return;
  class_row->built = TRUE;
  name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (item));
  type = adm_season_class_get_ship_type (item);
  category = adm_season_class_get_category (item);

  row = entry_row_for (self, _("Name"), name);
  add_field (self, FIELD_ENTRY, row, klass, NULL, NULL, NULL, "name");
  adw_expander_row_add_row (ADW_EXPANDER_ROW (class_row->row), row);

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Type and category"));
  if (types != NULL && types->len > 0)
    {
      g_autoptr(GStrvBuilder) values = g_strv_builder_new ();
      g_autoptr(GStrvBuilder) names = g_strv_builder_new ();
      g_auto(GStrv) value_list = NULL;
      g_auto(GStrv) name_list = NULL;

      for (guint i = 0; i < types->len; i++)
        {
          g_strv_builder_add (values, ((const AdmShipType *) types->pdata[i])->id);
          g_strv_builder_add (names, ((const AdmShipType *) types->pdata[i])->name);
        }
      value_list = g_strv_builder_end (values);
      name_list = g_strv_builder_end (names);
      field = add_field (self, FIELD_CHOICE, NULL, klass, NULL, NULL, NULL, "type");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 drop_down_for (self, field, (const char *const *) value_list,
                                                (const char *const *) name_list, type,
                                                _("Ship type")));
    }
  for (guint i = 0; categories[i] != NULL; i++)
    category_names[i] = choice_name (categories[i]);
  field = add_field (self, FIELD_CHOICE, NULL, klass, NULL, NULL, NULL, "category");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             drop_down_for (self, field, categories, category_names, category,
                                            _("Category")));
  adw_expander_row_add_row (ADW_EXPANDER_ROW (class_row->row), row);

  weapons = adm_season_class_get_weapons (item);
  for (guint i = 0; i < g_list_model_get_n_items (weapons); i++)
    {
      g_autoptr(AdmSeasonWeapon) weapon = g_list_model_get_item (weapons, i);

      build_weapon (self, class_row->row, klass, weapon);
    }

  actions = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (actions), _("Class"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (actions),
                             button_for (self, _("Add _Weapon"), klass, NULL, "add-weapon"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (actions),
                             button_for (self, _("C_opy Class"), klass, NULL, "copy"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (actions),
                             button_for (self, _("_Remove Class"), klass, NULL, "remove"));
  adw_expander_row_add_row (ADW_EXPANDER_ROW (class_row->row), actions);
}

static void
expanded_cb (AdmiraltyEditorSeason *self,
             GParamSpec            *pspec,
             GtkWidget             *expander)
{
  for (guint i = 0; i < self->classes->len; i++)
    {
      ClassRow *row = self->classes->pdata[i];

      if (row->row == expander && adw_expander_row_get_expanded (ADW_EXPANDER_ROW (expander)))
        {
          gboolean syncing = self->syncing;

          self->syncing = TRUE;
          build_class (self, row);
          self->syncing = syncing;
        }
    }
}

/* The classes' figures as a table: a row a class, a column a figure, each cell the figure's
 * spin button, so that Tab walks a class's figures and the classes compare at a glance. */
static void
clear_figures (AdmiraltyEditorSeason *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->figures_grid))) != NULL)
    gtk_grid_remove (self->figures_grid, child);
}

static void
build_figures (AdmiraltyEditorSeason *self)
{
  GListModel *classes = adm_scenario_season_get_classes (shown_season (self));
  GtkWidget *child;
  int row = 1;
  gboolean syncing = self->syncing;

  self->figures_stale = FALSE;
  self->syncing = TRUE;
  clear_figures (self);

  /* Translators: the heading of the ship classes table's first column */
  child = gtk_label_new (_("Class"));
  gtk_label_set_xalign (GTK_LABEL (child), 0.0f);
  gtk_widget_set_valign (child, GTK_ALIGN_END);
  /* In line with the names below it, which are flat buttons' labels. */
  gtk_widget_set_margin_start (child, 10);
  gtk_widget_add_css_class (child, "heading");
  gtk_grid_attach (self->figures_grid, child, 0, 0, 1, 1);
  for (guint i = 0; class_figures[i] != NULL; i++)
    {
      child = gtk_label_new (figure_title (class_figures[i]));
      gtk_label_set_wrap (GTK_LABEL (child), TRUE);
      gtk_label_set_justify (GTK_LABEL (child), GTK_JUSTIFY_CENTER);
      gtk_label_set_max_width_chars (GTK_LABEL (child), 8);
      gtk_widget_set_valign (child, GTK_ALIGN_END);
      gtk_widget_add_css_class (child, "heading");
      gtk_grid_attach (self->figures_grid, child, i + 1, 0, 1, 1);
    }

  for (guint k = 0; k < g_list_model_get_n_items (classes); k++, row++)
    {
      g_autoptr(AdmSeasonClass) klass = g_list_model_get_item (classes, k);
      const char *id = adm_scenario_item_get_id (ADM_SCENARIO_ITEM (klass));
      const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (klass));
      const char *shown = name != NULL ? name : id != NULL ? id : "";

      GtkWidget *name_label = gtk_label_new (shown);

      /* The class's name opens its row below (name, category, weapons); focused, Delete
       * removes the class. */
      gtk_label_set_xalign (GTK_LABEL (name_label), 0.0f);
      gtk_label_set_ellipsize (GTK_LABEL (name_label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (name_label), 12);
      gtk_label_set_max_width_chars (GTK_LABEL (name_label), 20);
      child = gtk_button_new ();
      gtk_button_set_child (GTK_BUTTON (child), name_label);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_RELATION_LABELLED_BY,
                                      name_label, NULL, -1);
      gtk_widget_add_css_class (child, "flat");
      gtk_widget_set_hexpand (child, TRUE);
      /* Translators: the tooltip of a class's name in the ship classes table */
      admiralty_tooltip_set (child, _("Name, category and weapons of the class"));
      add_field (self, FIELD_BUTTON, child, id, NULL, NULL, NULL, "show");
      g_signal_connect_object (child, "clicked", G_CALLBACK (button_clicked_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_grid_attach (self->figures_grid, child, 0, row, 1, 1);
      for (guint i = 0; class_figures[i] != NULL; i++)
        {
          /* Translators: a cell of the ship classes table read out: "Vorhartung: Hull" */
          g_autofree char *label = g_strdup_printf (_("%s: %s"), shown,
                                                    figure_title (class_figures[i]));
          g_autofree char *figure = g_strdup_printf ("%d", adm_season_class_get_figure (klass,
                                                                                    class_figures[i]));
          GtkWidget *cell = gtk_entry_new ();
          GtkEventController *focus = gtk_event_controller_focus_new ();

          gtk_editable_set_text (GTK_EDITABLE (cell), figure);
          gtk_editable_set_width_chars (GTK_EDITABLE (cell), 3);
          gtk_editable_set_max_width_chars (GTK_EDITABLE (cell), 4);
          gtk_editable_set_alignment (GTK_EDITABLE (cell), 1.0f);
          gtk_entry_set_input_purpose (GTK_ENTRY (cell), GTK_INPUT_PURPOSE_DIGITS);
          admiralty_tooltip_set (cell, figure_title (class_figures[i]));
          gtk_accessible_update_property (GTK_ACCESSIBLE (cell), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          label, -1);
          g_signal_connect_object (cell, "activate", G_CALLBACK (cell_apply), self,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (focus, "leave", G_CALLBACK (cell_leave_cb), self, 0);
          gtk_widget_add_controller (cell, focus);
          add_field (self, FIELD_CELL, cell, id, NULL, NULL, NULL, class_figures[i]);
          gtk_grid_attach (self->figures_grid, cell, i + 1, row, 1, 1);
        }
    }
  self->syncing = syncing;
}

/* A class's row, and its name in the table, as its item is now: a change this page made shows
 * at once, before the page is built again. */
static void
show_class (AdmiraltyEditorSeason *self,
            ClassRow              *row)
{
  const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (row->item));
  g_autofree char *subtitle = class_subtitle (row->item);
  Field *show = find_field_by (self, row->klass, NULL, NULL, NULL, "show");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), name != NULL ? name : "");
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row->row), subtitle);
  if (show != NULL && name != NULL)
    gtk_label_set_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (show->widget))), name);
}

static void
class_notify_cb (AdmiraltyEditorSeason *self,
                 GParamSpec            *pspec,
                 AdmSeasonClass        *item)
{
  for (guint i = 0; i < self->classes->len; i++)
    {
      ClassRow *row = self->classes->pdata[i];

      if (row->item == item && adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (item)))
        show_class (self, row);
    }
}

static void
build_classes (AdmiraltyEditorSeason *self)
{
  GListModel *classes = adm_scenario_season_get_classes (shown_season (self));

  for (guint i = 0; i < g_list_model_get_n_items (classes); i++)
    {
      ClassRow *row = g_new0 (ClassRow, 1);

      row->item = g_list_model_get_item (classes, i);
      row->klass = g_strdup (adm_scenario_item_get_id (ADM_SCENARIO_ITEM (row->item)));
      row->row = adw_expander_row_new ();
      show_class (self, row);
      row->notify_id = g_signal_connect_object (row->item, "notify",
                                                G_CALLBACK (class_notify_cb), self,
                                                G_CONNECT_SWAPPED);
      g_signal_connect_object (row->row, "notify::expanded", G_CALLBACK (expanded_cb), self,
                               G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->classes_group, row->row);
      g_ptr_array_add (self->classes, row);
    }
}

/* Factions and rulings */

static void
add_row (AdmiraltyEditorSeason *self,
         AdwPreferencesGroup   *group,
         GtkWidget             *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->rows, row);
  g_ptr_array_add (self->row_groups, group);
}

/* A symbol of the choice, drawn in the text's colour as it is drawn on the map: the choice's
 * position is the symbol (AdmFactionSymbol). */
static void
draw_symbol_cb (GtkDrawingArea *area,
                cairo_t        *cr,
                int             width,
                int             height,
                gpointer        data)
{
  GdkRGBA colour;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &colour);
  gdk_cairo_set_source_rgba (cr, &colour);
  admiralty_faction_symbol_path (cr, GPOINTER_TO_UINT (data), width / 2.0, height / 2.0,
                                 MIN (width, height) / 2.0);
  cairo_fill (cr);
}

static void
symbol_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 16);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 16);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), gtk_label_new (NULL));
  gtk_list_item_set_child (item, box);
}

static void
symbol_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  data)
{
  GtkWidget *area = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  guint position = gtk_list_item_get_position (item);

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_next_sibling (area)),
                       gtk_string_object_get_string (gtk_list_item_get_item (item)));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_symbol_cb,
                                  GUINT_TO_POINTER (MIN (position, ADM_N_FACTION_SYMBOLS - 1)),
                                  NULL);
}

/* The choice of @faction's symbol (adm-faction-symbol.h): the one its element names, or else
 * the one "symbols in order" gave it in the season that loaded last. */
static GtkWidget *
symbol_choice_for (AdmiraltyEditorSeason *self,
                   AdmSeasonFaction      *item,
                   const char            *faction)
{
  const char *named = adm_season_faction_get_symbol (item);
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  const char *names[ADM_N_FACTION_SYMBOLS + 1] = { NULL, };
  const char *titles[ADM_N_FACTION_SYMBOLS + 1] = { NULL, };
  const char *selected = named;
  GtkWidget *drop_down;
  Field *field;

  for (guint i = 0; i < ADM_N_FACTION_SYMBOLS; i++)
    {
      names[i] = adm_faction_symbol_get_name (i);
      titles[i] = adm_faction_symbol_get_title (i);
    }
  if (selected == NULL && self->ruleset != NULL)
    {
      const AdmFaction *loaded = adm_ruleset_lookup_faction (self->ruleset, faction);

      if (loaded != NULL)
        selected = adm_faction_symbol_get_name (loaded->symbol);
    }
  field = add_field (self, FIELD_CHOICE, NULL, NULL, NULL, faction, NULL, "symbol");
  drop_down = drop_down_for (self, field, names, titles, selected, _("Symbol"));
  g_signal_connect (factory, "setup", G_CALLBACK (symbol_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (symbol_bind_cb), NULL);
  gtk_drop_down_set_factory (GTK_DROP_DOWN (drop_down), factory);
  /* One width for every faction's, so that the rows' controls line up. */
  gtk_widget_set_size_request (drop_down, 150, -1);
  return drop_down;
}

static void
build_factions (AdmiraltyEditorSeason *self)
{
  GListModel *factions = adm_scenario_season_get_factions (shown_season (self));

  for (guint i = 0; i < g_list_model_get_n_items (factions); i++)
    {
      g_autoptr(AdmSeasonFaction) item = g_list_model_get_item (factions, i);
      const char *id = adm_scenario_item_get_id (ADM_SCENARIO_ITEM (item));
      const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (item));
      const char *colour = adm_season_faction_get_colour (item);
      GtkWidget *row = entry_row_for (self, _("Faction"), name);
      GtkWidget *button = gtk_color_button_new ();
      GtkWidget *spin = spin_for (self, item, "boarding-bonus", _("Boarding bonus"), -9, 9);
      GdkRGBA rgba;

      add_field (self, FIELD_ENTRY, row, NULL, NULL, id, NULL, "name");
      if (colour != NULL && gdk_rgba_parse (&rgba, colour))
        gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (button), &rgba);
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      admiralty_tooltip_set (button, _("Colour"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Colour"), -1);
      add_field (self, FIELD_COLOUR, button, NULL, NULL, id, NULL, "colour");
      g_signal_connect_object (button, "notify::rgba", G_CALLBACK (colour_changed_cb), self,
                               G_CONNECT_SWAPPED);
      add_field (self, FIELD_SPIN, spin, NULL, NULL, id, NULL, "boarding-bonus");
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), button);
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), symbol_choice_for (self, item, id));
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row), spin);
      add_row (self, self->factions_group, row);
    }
}

/* An option of a ruling in its list, whole however long: a line that wraps, the chosen
 * one marked as AdwComboRow's own list marks it. */
static void
option_setup_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 gpointer                  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *mark = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), mark);
  gtk_list_item_set_child (item, box);
}

static void
option_mark (GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  AdwComboRow *row = g_object_get_data (G_OBJECT (item), "admiralty-ruling-row");

  if (box != NULL && row != NULL)
    gtk_widget_set_opacity (gtk_widget_get_last_child (box),
                            adw_combo_row_get_selected (row) == gtk_list_item_get_position (item)
                            ? 1.0 : 0.0);
}

static void
option_selected_cb (GtkListItem *item)
{
  option_mark (item);
}

static void
option_bind_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkStringObject *option = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      gtk_string_object_get_string (option));
  g_object_set_data (G_OBJECT (item), "admiralty-ruling-row", data);
  g_signal_connect_object (data, "notify::selected", G_CALLBACK (option_selected_cb), item,
                           G_CONNECT_SWAPPED);
  option_mark (item);
}

static void
option_unbind_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  data)
{
  g_signal_handlers_disconnect_by_func (data, option_selected_cb, item);
  g_object_set_data (G_OBJECT (item), "admiralty-ruling-row", NULL);
}

static int
ruling_order (gconstpointer a,
              gconstpointer b)
{
  const AdmRuling *first = *(const AdmRuling *const *) a;
  const AdmRuling *second = *(const AdmRuling *const *) b;

  return adm_clause_compare (first->clause, second->clause);
}

/* The rulings in the order of their clauses (F-FORM-8 before F-FORM-10), those of one clause
 * as the ruleset has them. Each row: its clause, its name, and the option chosen whole below
 * it (an option is often a sentence, which a value beside the name cuts). */
static void
build_rulings (AdmiraltyEditorSeason *self)
{
  GPtrArray *all = self->ruleset != NULL ? adm_ruleset_get_rulings (self->ruleset) : NULL;
  g_autoptr(GPtrArray) rulings = g_ptr_array_new ();
  g_autoptr(GtkSizeGroup) clauses = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  for (guint i = 0; all != NULL && i < all->len; i++)
    g_ptr_array_add (rulings, all->pdata[i]);
  g_ptr_array_sort (rulings, ruling_order);
  for (guint i = 0; i < rulings->len; i++)
    {
      const AdmRuling *ruling = rulings->pdata[i];
      g_autofree char *chosen = adm_scenario_edit_get_ruling (self->edit, ruling->id);
      const char *value = chosen != NULL ? chosen : ruling->default_value;
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      g_autoptr(GtkListItemFactory) options = gtk_signal_list_item_factory_new ();
      GtkWidget *row = adw_combo_row_new ();
      GtkWidget *clause = gtk_label_new (ruling->clause);
      Field *field = add_field (self, FIELD_RULING, row, NULL, NULL, NULL, ruling->id, "value");
      guint selected = GTK_INVALID_LIST_POSITION;

      field->values = g_new0 (char *, ruling->options->len + 1);
      for (guint k = 0; k < ruling->options->len; k++)
        {
          field->values[k] = g_strdup (ruling->options->pdata[k]);
          gtk_string_list_append (names, ruling->option_names->pdata[k]);
          if (g_strcmp0 (ruling->options->pdata[k], value) == 0)
            selected = k;
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ruling->name);
      adw_combo_row_set_use_subtitle (ADW_COMBO_ROW (row), TRUE);
      g_signal_connect (options, "setup", G_CALLBACK (option_setup_cb), NULL);
      g_signal_connect (options, "bind", G_CALLBACK (option_bind_cb), row);
      g_signal_connect (options, "unbind", G_CALLBACK (option_unbind_cb), row);
      adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), options);
      gtk_label_set_xalign (GTK_LABEL (clause), 0.0f);
      gtk_widget_add_css_class (clause, "dim-label");
      gtk_widget_add_css_class (clause, "caption");
      gtk_size_group_add_widget (clauses, clause);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), clause);
      admiralty_tooltip_set (row, ruling->description);
      adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (names));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
      g_signal_connect_object (row, "notify::selected", G_CALLBACK (choice_changed_cb), self,
                               G_CONNECT_SWAPPED);
      add_row (self, self->rulings_group, row);
    }
}

static void
update_banner (AdmiraltyEditorSeason *self)
{
  AdmScenarioSeason *season = shown_season (self);
  gboolean own = adm_scenario_season_get_own (season);
  const char *name = adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (season))
                     ? adm_scenario_item_get_name (ADM_SCENARIO_ITEM (season)) : NULL;

  g_free (self->banner);
  if (name == NULL)
    self->banner = g_strdup (_("No rules: the ruleset the scenario names is not installed"));
  else if (own)
    /* Translators: the rules a scenario is played by, %s their name: "Forcon 2010" */
    self->banner = g_strdup_printf (_("%s, this game’s own season"), name);
  else
    /* Translators: the rules a scenario is played by, %s their name: "Forcon 2010" */
    self->banner = g_strdup_printf (_("%s, installed"), name);
  adw_action_row_set_subtitle (self->banner_row, self->banner);
  gtk_widget_set_visible (self->own_button, !own && name != NULL);
}

static void
rebuild (AdmiraltyEditorSeason *self)
{
  g_autoptr(GPtrArray) expanded = g_ptr_array_new_with_free_func (g_free);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  Field *focused = NULL;
  g_autofree char *klass = NULL, *weapon = NULL, *faction = NULL, *ruling = NULL;
  g_autofree char *attribute = NULL;
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  self->stale = FALSE;
  if (ruleset != NULL)
    g_set_object (&self->ruleset, ruleset);

  /* What is open and focused now is open and focused again after, a class renamed under
   * the id that followed its name. */
  for (guint i = 0; i < self->classes->len; i++)
    {
      ClassRow *row = self->classes->pdata[i];

      if (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (row->row)))
        g_ptr_array_add (expanded, g_strdup (g_strcmp0 (row->klass, self->renamed_from) == 0
                                             ? self->renamed_to : row->klass));
    }
  for (guint i = 0; focus != NULL && i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];

      if (field->widget != NULL &&
          (focus == field->widget || gtk_widget_is_ancestor (focus, field->widget)))
        focused = field;
    }
  if (focused != NULL)
    {
      klass = g_strdup (g_strcmp0 (focused->klass, self->renamed_from) == 0
                        ? self->renamed_to : focused->klass);
      weapon = g_strdup (focused->weapon);
      faction = g_strdup (focused->faction);
      ruling = g_strdup (focused->ruling);
      attribute = g_strdup (focused->attribute);
    }

  g_clear_pointer (&self->renamed_from, g_free);
  g_clear_pointer (&self->renamed_to, g_free);
  self->syncing = TRUE;
  g_ptr_array_set_size (self->fields, 0);
  for (guint i = 0; i < self->classes->len; i++)
    adw_preferences_group_remove (self->classes_group,
                                  ((ClassRow *) self->classes->pdata[i])->row);
  g_ptr_array_set_size (self->classes, 0);
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->row_groups->pdata[i], self->rows->pdata[i]);
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->row_groups, 0);

  update_banner (self);
  /* The table, a few hundred widgets, only for a page shown: opening a scenario is quicker. */
  self->figures_stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    build_figures (self);
  else
    clear_figures (self);
  build_classes (self);
  build_factions (self);
  build_rulings (self);
  for (guint i = 0; i < self->classes->len; i++)
    {
      ClassRow *row = self->classes->pdata[i];

      for (guint k = 0; k < expanded->len; k++)
        if (g_str_equal (row->klass, expanded->pdata[k]))
          {
            build_class (self, row);
            adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row->row), TRUE);
          }
    }
  self->syncing = FALSE;

  if (focused != NULL)
    {
      Field *again = find_field_by (self, klass, weapon, faction, ruling, attribute);

      if (again != NULL && again->widget != NULL)
        gtk_widget_grab_focus (again->widget);
    }
}

static gboolean
rebuild_cb (gpointer data)
{
  AdmiraltyEditorSeason *self = data;

  self->rebuild_id = 0;
  rebuild (self);
  return G_SOURCE_REMOVE;
}

static void
edit_changed_cb (AdmiraltyEditorSeason *self,
                 guint                  change,
                 gpointer               node)
{
  /* A value this page changed is shown already, a class's summary through its item
   * (class_notify_cb ()); what else changed is shown anew once the control that made the
   * change has returned. */
  if (change == ADM_SCENARIO_EDIT_CHANGE_VALUE && self->applying)
    return;
  /* A page not shown is built again only when it is: an edit on another page costs it
   * nothing (its hundred rows made again were most of an edit's frame). */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  /* Before the next frame is laid out: the page is never drawn out of date. */
  if (self->rebuild_id == 0)
    self->rebuild_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, rebuild_cb, self, NULL);
}

/* API */

void
admiralty_editor_season_set_edit (AdmiraltyEditorSeason *self,
                                  AdmScenarioEdit       *edit)
{
  g_return_if_fail (ADMIRALTY_IS_EDITOR_SEASON (self));
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (edit));

  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_set_object (&self->edit, edit);
  g_clear_object (&self->ruleset);
  g_signal_connect_object (edit, "changed", G_CALLBACK (edit_changed_cb), self,
                           G_CONNECT_SWAPPED);
  /* Built when first shown: a scenario opens on another page, and its hundred rows were
   * most of the time it took to open. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild (self);
  else
    self->stale = TRUE;
}

const char *
admiralty_editor_season_get_banner (AdmiraltyEditorSeason *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_SEASON (self), NULL);

  if (self->rebuild_id != 0 || self->stale)
    rebuild (self);
  return self->banner;
}

GtkWidget *
admiralty_editor_season_get_control (AdmiraltyEditorSeason *self,
                                     const char            *klass,
                                     const char            *weapon,
                                     const char            *faction,
                                     const char            *ruling,
                                     const char            *attribute)
{
  Field *field;

  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_SEASON (self), NULL);

  if (self->rebuild_id != 0 || self->stale)
    rebuild (self);
  if (self->figures_stale)
    build_figures (self);
  /* A class's figures are in the table; its other controls in its row, opened. */
  field = find_field_by (self, klass, weapon, faction, ruling, attribute);
  if (field != NULL)
    return field->widget;
  for (guint i = 0; klass != NULL && i < self->classes->len; i++)
    {
      ClassRow *row = self->classes->pdata[i];

      if (g_str_equal (row->klass, klass))
        {
          adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row->row), TRUE);
          self->syncing = TRUE;
          build_class (self, row);
          self->syncing = FALSE;
        }
    }
  field = find_field_by (self, klass, weapon, faction, ruling, attribute);
  return field != NULL ? field->widget : NULL;
}

gboolean
admiralty_editor_season_get_at (AdmiraltyEditorSeason  *self,
                                GtkWidget              *widget,
                                char                  **klass,
                                char                  **weapon,
                                char                  **name)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_SEASON (self), FALSE);

  for (guint i = 0; widget != NULL && i < self->fields->len; i++)
    {
      Field *field = self->fields->pdata[i];
      AdmScenarioItem *item;

      if (field->widget == NULL || field->klass == NULL ||
          (widget != field->widget && !gtk_widget_is_ancestor (widget, field->widget)))
        continue;
      item = field_item (self, field);
      if (item == NULL)
        return FALSE;
      *klass = g_strdup (field->klass);
      *weapon = g_strdup (field->weapon);
      *name = g_strdup (adm_scenario_item_get_name (item));
      if (*name == NULL)
        *name = g_strdup (field->weapon != NULL ? field->weapon : field->klass);
      return TRUE;
    }
  for (guint i = 0; widget != NULL && i < self->classes->len; i++)
    {
      ClassRow *row = self->classes->pdata[i];
      AdmSeasonClass *item;

      if (widget != row->row && !gtk_widget_is_ancestor (widget, row->row))
        continue;
      item = shown_class (self, row->klass);
      if (item == NULL)
        return FALSE;
      *klass = g_strdup (row->klass);
      *weapon = NULL;
      *name = g_strdup (adm_scenario_item_get_name (ADM_SCENARIO_ITEM (item)));
      if (*name == NULL)
        *name = g_strdup (row->klass);
      return TRUE;
    }
  return FALSE;
}

void
admiralty_editor_season_select (AdmiraltyEditorSeason *self,
                                AdmScenarioItem       *item)
{
  g_autofree char *klass = NULL;
  GtkWidget *control = NULL;
  const char *id = item != NULL ? adm_scenario_item_get_id (item) : NULL;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_SEASON (self));

  if (ADM_IS_SEASON_WEAPON (item) && adm_scenario_item_get_parent (item) != NULL)
    {
      klass = g_strdup (adm_scenario_item_get_id (adm_scenario_item_get_parent (item)));
      control = admiralty_editor_season_get_control (self, klass, id, NULL, NULL, "name");
    }
  else if (ADM_IS_SEASON_CLASS (item))
    control = admiralty_editor_season_get_control (self, id, NULL, NULL, NULL, "hull");
  else if (ADM_IS_SEASON_FACTION (item))
    control = admiralty_editor_season_get_control (self, NULL, NULL, id, NULL, "name");
  if (control != NULL)
    gtk_widget_grab_focus (control);
  else
    gtk_widget_grab_focus (self->own_button);
}

static void
admiralty_editor_season_dispose (GObject *object)
{
  AdmiraltyEditorSeason *self = ADMIRALTY_EDITOR_SEASON (object);

  g_clear_handle_id (&self->rebuild_id, g_source_remove);
  /* The class rows let go of their items while the page can still be told apart. */
  g_ptr_array_set_size (self->classes, 0);
  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_clear_object (&self->edit);
  g_clear_object (&self->ruleset);
  gtk_widget_dispose_template (GTK_WIDGET (object), ADMIRALTY_TYPE_EDITOR_SEASON);

  G_OBJECT_CLASS (admiralty_editor_season_parent_class)->dispose (object);
}

static void
admiralty_editor_season_finalize (GObject *object)
{
  AdmiraltyEditorSeason *self = ADMIRALTY_EDITOR_SEASON (object);

  g_ptr_array_unref (self->fields);
  g_ptr_array_unref (self->classes);
  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->row_groups);
  g_free (self->banner);
  g_free (self->renamed_from);
  g_free (self->renamed_to);

  G_OBJECT_CLASS (admiralty_editor_season_parent_class)->finalize (object);
}

static void
admiralty_editor_season_map (GtkWidget *widget)
{
  AdmiraltyEditorSeason *self = ADMIRALTY_EDITOR_SEASON (widget);

  GTK_WIDGET_CLASS (admiralty_editor_season_parent_class)->map (widget);
  if (self->stale)
    rebuild (self);
  else if (self->figures_stale && self->rebuild_id == 0)
    build_figures (self);
}

static void
admiralty_editor_season_class_init (AdmiraltyEditorSeasonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_editor_season_dispose;
  object_class->finalize = admiralty_editor_season_finalize;
  widget_class->map = admiralty_editor_season_map;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-editor-season.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSeason, banner_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSeason, own_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSeason, figures_grid);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSeason, classes_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSeason, factions_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSeason, rulings_group);
  gtk_widget_class_bind_template_callback (widget_class, own_clicked_cb);
}

static void
admiralty_editor_season_init (AdmiraltyEditorSeason *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The bin's own child, not bound: the template's disposal and the bin's would both
   * unparent it. */
  self->scrolled = GTK_SCROLLED_WINDOW (adw_bin_get_child (ADW_BIN (self)));
  self->fields = g_ptr_array_new_with_free_func (field_free);
  self->classes = g_ptr_array_new_with_free_func (class_row_free);
  self->rows = g_ptr_array_new ();
  self->row_groups = g_ptr_array_new ();
}
