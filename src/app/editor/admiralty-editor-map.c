/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-map.c: the scenario editor's Map page (see the header). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-editor-map.h"
#include "admiralty-editor-page.h"
#include "admiralty-tooltip.h"

/* One row of the side panel: an object (its name, a station's owner, class and readiness,
 * where a wormhole exit leads), a minefield or a link. */
typedef struct {
  GtkWidget *row;
  GtkWidget *owner;      /* a station's: drop-down, "None" first */
  GtkWidget *klass;      /* a station's: drop-down of station classes */
  GtkWidget *readiness;  /* a station's */
  GtkWidget *leads_to;   /* a wormhole exit's: drop-down, "Off the map" first */
  GStrv      targets;    /* its sectors' ids, in the drop-down's order after the first */
  GtkWidget *mines;      /* a minefield's: spin button */
  GtkWidget *remove;
  AdmScenarioItem *item; /* the object, the minefield or the link */
} Row;

static void
row_free (gpointer data)
{
  Row *row = data;

  g_strfreev (row->targets);
  g_clear_object (&row->item);
  g_free (row);
}

static Row *
row_new (AdmScenarioItem *item)
{
  Row *row = g_new0 (Row, 1);

  row->item = g_object_ref (item);
  return row;
}

struct _AdmiraltyEditorMap
{
  AdwBin               parent_instance;

  AdmiraltySectorMap  *map;
  GtkStack            *side_stack;
  AdwEntryRow         *name_row;
  AdwEntryRow         *id_row;
  AdwPreferencesGroup *objects_group;
  AdwPreferencesGroup *minefields_group;
  GtkMenuButton       *add_minefield_button;
  AdwPreferencesGroup *links_group;

  AdmScenarioEdit     *edit;
  AdmScenarioSector   *sector;       /* selected, or NULL */
  GPtrArray           *rows;         /* Row*, objects' then links' */
  GPtrArray           *station_ids;  /* const char*, station classes of the ruleset */
  gboolean             syncing;
  gboolean             stale;        /* changed while hidden: drawn again when shown */
};

G_DEFINE_FINAL_TYPE (AdmiraltyEditorMap, admiralty_editor_map, ADW_TYPE_BIN)

static void show_sector (AdmiraltyEditorMap *self, AdmScenarioSector *sector);

static Row *
find_row (AdmiraltyEditorMap *self,
          GtkWidget          *widget)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = self->rows->pdata[i];

      if (widget == row->row || widget == row->owner || widget == row->klass ||
          widget == row->readiness || widget == row->remove || widget == row->leads_to ||
          widget == row->mines)
        return row;
    }
  return NULL;
}

/* The map drawn: the document as the game draws it, the selection kept. */
static void
redraw (AdmiraltyEditorMap *self)
{
  g_autoptr(AdmScenario) scenario = adm_scenario_edit_build (self->edit, NULL);
  const char *id = self->sector != NULL ? adm_scenario_item_get_id (ADM_SCENARIO_ITEM (self->sector))
                                        : NULL;

  self->syncing = TRUE;
  admiralty_sector_map_set_scenario (self->map, scenario);
  if (scenario != NULL && id != NULL && adm_scenario_lookup_sector (scenario, id) != NULL)
    admiralty_sector_map_set_selected_sector (self->map, id);
  else if (scenario != NULL)
    admiralty_sector_map_set_selected_sector (self->map, NULL);
  self->syncing = FALSE;
}

/* Objects and links */

/* A refusal said in the editor's toast. */
static void
say (AdmiraltyEditorMap *self,
     GError             *error)
{
  if (error != NULL)
    admiralty_editor_page_say (GTK_WIDGET (self), error->message);
}

static GtkWidget *
remove_button (AdmiraltyEditorMap *self,
               const char         *tooltip,
               GCallback           callback)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("user-trash-symbolic");

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (button, tooltip);
  g_signal_connect_object (button, "clicked", callback, self, G_CONNECT_SWAPPED);
  return button;
}

static void
remove_row_cb (AdmiraltyEditorMap *self,
               GtkWidget          *button)
{
  Row *row = find_row (self, button);
  g_autoptr(GError) error = NULL;

  if (row != NULL && !adm_scenario_item_remove (row->item, &error))
    say (self, error);
}

static void
object_apply_cb (AdmiraltyEditorMap *self,
                 GtkWidget          *entry_row)
{
  Row *row = find_row (self, entry_row);
  g_autoptr(GError) error = NULL;

  if (row != NULL &&
      !adm_scenario_item_set_name (row->item, gtk_editable_get_text (GTK_EDITABLE (entry_row)),
                                   &error))
    say (self, error);
}

static void
station_changed_cb (AdmiraltyEditorMap *self,
                    GParamSpec         *pspec,
                    GtkWidget          *widget)
{
  Row *row = find_row (self, widget);
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  GPtrArray *factions = ruleset != NULL ? adm_ruleset_get_factions (ruleset) : NULL;
  guint owner, klass;
  g_autoptr(GError) error = NULL;

  if (self->syncing || row == NULL || factions == NULL)
    return;
  owner = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->owner));
  klass = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->klass));
  if (klass >= self->station_ids->len)
    klass = 0;
  if (!adm_scenario_object_set_station (ADM_SCENARIO_OBJECT (row->item),
                                        owner == 0 || owner > factions->len
                                        ? NULL
                                        : ((const AdmFaction *) factions->pdata[owner - 1])->id,
                                        self->station_ids->len > 0
                                        ? self->station_ids->pdata[klass] : "",
                                        gtk_spin_button_get_value_as_int (
                                          GTK_SPIN_BUTTON (row->readiness)), &error))
    say (self, error);
}

static void
readiness_changed_cb (AdmiraltyEditorMap *self,
                      GtkWidget          *spin)
{
  station_changed_cb (self, NULL, spin);
}

static const char *
kind_label (const char *kind)
{
  if (g_strcmp0 (kind, "planet") == 0)
    return _("Planet");
  if (g_strcmp0 (kind, "station") == 0)
    return _("Station");
  if (g_strcmp0 (kind, "wormhole-exit") == 0)
    return _("Wormhole exit");
  return kind != NULL ? kind : "";
}

/* A station's owner, class and readiness: a row under its name. */
static void
add_station_row (AdmiraltyEditorMap *self,
                 Row                *row)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  GPtrArray *factions = ruleset != NULL ? adm_ruleset_get_factions (ruleset) : NULL;
  GPtrArray *classes = ruleset != NULL ? adm_ruleset_get_classes (ruleset) : NULL;
  g_autoptr(GtkStringList) owners = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) kinds = gtk_string_list_new (NULL);
  AdmScenarioObject *object = ADM_SCENARIO_OBJECT (row->item);
  const char *owner = adm_scenario_object_get_faction (object);
  const char *klass = adm_scenario_object_get_class (object);
  GtkWidget *garrison = adw_action_row_new ();
  GtkWidget *crew = adw_action_row_new ();
  guint owner_index = 0, class_index = 0;
  Row *extra;

  gtk_string_list_append (owners, _("No owner"));
  for (guint i = 0; factions != NULL && i < factions->len; i++)
    {
      const AdmFaction *faction = factions->pdata[i];

      gtk_string_list_append (owners, faction->name);
      if (g_strcmp0 (faction->id, owner) == 0)
        owner_index = i + 1;
    }
  g_ptr_array_set_size (self->station_ids, 0);
  for (guint i = 0; classes != NULL && i < classes->len; i++)
    {
      const AdmShipClass *station = classes->pdata[i];

      if (station->category != ADM_CATEGORY_STATION)
        continue;
      if (g_strcmp0 (station->id, klass) == 0)
        class_index = self->station_ids->len;
      gtk_string_list_append (kinds, station->name);
      g_ptr_array_add (self->station_ids, station->id);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (garrison), _("Owner"));
  admiralty_tooltip_set (garrison, _("With an owner, the station fights for its side"));
  row->owner = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&owners)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (row->owner), owner_index);
  gtk_widget_set_valign (row->owner, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (garrison), row->owner);
  row->klass = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&kinds)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (row->klass), class_index);
  gtk_widget_set_valign (row->klass, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->klass), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Class"), -1);
  row->readiness = gtk_spin_button_new_with_range (0, 12, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->readiness),
                             adm_scenario_object_get_readiness (object));
  gtk_widget_set_valign (row->readiness, GTK_ALIGN_CENTER);
  admiralty_tooltip_set (row->readiness, _("Readiness"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->readiness),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Readiness"), -1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (crew), _("Class and readiness"));
  adw_action_row_add_suffix (ADW_ACTION_ROW (crew), row->klass);
  adw_action_row_add_suffix (ADW_ACTION_ROW (crew), row->readiness);
  gtk_widget_set_sensitive (crew, owner_index > 0);
  g_signal_connect_object (row->owner, "notify::selected", G_CALLBACK (station_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row->klass, "notify::selected", G_CALLBACK (station_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (row->readiness, "value-changed", G_CALLBACK (readiness_changed_cb),
                           self, G_CONNECT_SWAPPED);
  adw_preferences_group_add (self->objects_group, garrison);
  adw_preferences_group_add (self->objects_group, crew);
  /* The station's rows go with its name's: rows of their own in the list. */
  extra = row_new (row->item);
  extra->row = garrison;
  extra->owner = g_steal_pointer (&row->owner);
  extra->klass = g_steal_pointer (&row->klass);
  extra->readiness = g_steal_pointer (&row->readiness);
  g_ptr_array_add (self->rows, extra);
  extra = row_new (row->item);
  extra->row = crew;
  g_ptr_array_add (self->rows, extra);
}

/* F-STRAT-8: where a wormhole exit leads, chosen among the other sectors; the editor adds
 * the link the jump is crossed by. */
static void
leads_to_changed_cb (AdmiraltyEditorMap *self,
                     GParamSpec         *pspec,
                     GtkWidget          *widget)
{
  Row *row = find_row (self, widget);
  g_autoptr(GError) error = NULL;
  guint selected;

  if (self->syncing || row == NULL)
    return;
  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (row->leads_to));
  if (!adm_scenario_object_set_leads_to (ADM_SCENARIO_OBJECT (row->item),
                                         selected == 0 || selected > g_strv_length (row->targets)
                                         ? NULL : row->targets[selected - 1], &error))
    say (self, error);
}

static void
add_leads_to_row (AdmiraltyEditorMap *self,
                  Row                *row)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  const char *own = adm_scenario_item_get_id (ADM_SCENARIO_ITEM (self->sector));
  const char *target = adm_scenario_object_get_leads_to (ADM_SCENARIO_OBJECT (row->item));
  GListModel *sectors = adm_scenario_edit_get_sectors (self->edit);
  GtkWidget *where = adw_action_row_new ();
  guint index = 0, n = 0;
  Row *extra;

  gtk_string_list_append (names, _("Off the map"));
  for (guint i = 0; i < g_list_model_get_n_items (sectors); i++)
    {
      g_autoptr(AdmScenarioItem) sector = g_list_model_get_item (sectors, i);
      const char *id = adm_scenario_item_get_id (sector);
      const char *name = adm_scenario_item_get_name (sector);

      if (id == NULL || g_strcmp0 (id, own) == 0)
        continue;
      gtk_string_list_append (names, name != NULL ? name : id);
      g_strv_builder_add (ids, id);
      n++;
      if (g_strcmp0 (id, target) == 0)
        index = n;
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (where), _("Leads to"));
  admiralty_tooltip_set (where, _("The jump to a sector of the map is a link to it"));
  row->targets = g_strv_builder_end (ids);
  row->leads_to = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (row->leads_to), index);
  gtk_widget_set_valign (row->leads_to, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->leads_to),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Leads to"), -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (where), row->leads_to);
  g_signal_connect_object (row->leads_to, "notify::selected", G_CALLBACK (leads_to_changed_cb),
                           self, G_CONNECT_SWAPPED);
  adw_preferences_group_add (self->objects_group, where);
  /* A row of its own in the list, going with the exit's name. */
  extra = row_new (row->item);
  extra->row = where;
  extra->leads_to = g_steal_pointer (&row->leads_to);
  extra->targets = g_steal_pointer (&row->targets);
  g_ptr_array_add (self->rows, extra);
}

static void
build_objects (AdmiraltyEditorMap *self)
{
  GListModel *objects = adm_scenario_sector_get_objects (self->sector);

  for (guint i = 0; i < g_list_model_get_n_items (objects); i++)
    {
      g_autoptr(AdmScenarioObject) object = g_list_model_get_item (objects, i);
      const char *kind = adm_scenario_object_get_kind (object);
      const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (object));
      Row *row = row_new (ADM_SCENARIO_ITEM (object));

      row->row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), kind_label (kind));
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row->row), TRUE);
      gtk_editable_set_text (GTK_EDITABLE (row->row), name != NULL ? name : "");
      g_signal_connect_object (row->row, "apply", G_CALLBACK (object_apply_cb), self,
                               G_CONNECT_SWAPPED);
      row->remove = remove_button (self, _("Remove Object"), G_CALLBACK (remove_row_cb));
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row->row), row->remove);
      adw_preferences_group_add (self->objects_group, row->row);
      g_ptr_array_add (self->rows, row);
      if (g_strcmp0 (kind, "station") == 0)
        add_station_row (self, row);
      else if (g_strcmp0 (kind, "wormhole-exit") == 0)
        add_leads_to_row (self, row);
    }
}

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: minefields laid before the game starts, one a
 * faction. */

static void
mines_changed_cb (AdmiraltyEditorMap *self,
                  GtkWidget          *spin)
{
  Row *row = find_row (self, spin);
  g_autofree char *faction = NULL;
  g_autoptr(GError) error = NULL;

  if (self->syncing || row == NULL)
    return;
  /* A copy: the edit reads the minefield again. */
  faction = g_strdup (adm_scenario_minefield_get_faction (ADM_SCENARIO_MINEFIELD (row->item)));
  if (faction != NULL &&
      !adm_scenario_sector_set_minefield (self->sector, faction,
                                          gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)),
                                          &error))
    say (self, error);
}

static void
build_minefields (AdmiraltyEditorMap *self)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  g_autoptr(GMenu) menu = g_menu_new ();
  GListModel *minefields = adm_scenario_sector_get_minefields (self->sector);

  for (guint i = 0; i < g_list_model_get_n_items (minefields); i++)
    {
      g_autoptr(AdmScenarioMinefield) minefield = g_list_model_get_item (minefields, i);
      const char *faction_id = adm_scenario_minefield_get_faction (minefield);
      const AdmFaction *faction = ruleset != NULL && faction_id != NULL
                                  ? adm_ruleset_lookup_faction (ruleset, faction_id) : NULL;
      Row *row = row_new (ADM_SCENARIO_ITEM (minefield));

      row->row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row),
                                     faction != NULL ? faction->name
                                                     : faction_id != NULL ? faction_id : "");
      row->mines = gtk_spin_button_new_with_range (1, ADM_MINEFIELD_MAX_MINES, 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (row->mines),
                                 adm_scenario_minefield_get_mines (minefield));
      gtk_widget_set_valign (row->mines, GTK_ALIGN_CENTER);
      admiralty_tooltip_set (row->mines, _("Mines"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->mines), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Mines"), -1);
      g_signal_connect_object (row->mines, "value-changed", G_CALLBACK (mines_changed_cb), self,
                               G_CONNECT_SWAPPED);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row->row), row->mines);
      row->remove = remove_button (self, _("Remove Minefield"), G_CALLBACK (remove_row_cb));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row->row), row->remove);
      adw_preferences_group_add (self->minefields_group, row->row);
      g_ptr_array_add (self->rows, row);
    }
  /* The Add menu: the factions of the season without a minefield here yet. */
  for (guint i = 0; ruleset != NULL && i < adm_ruleset_get_factions (ruleset)->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (adm_ruleset_get_factions (ruleset), i);
      g_autoptr(GMenuItem) item = NULL;

      if (adm_scenario_sector_find_minefield (self->sector, faction->id) != NULL)
        continue;
      item = g_menu_item_new (faction->name, NULL);
      g_menu_item_set_action_and_target (item, "editor-map.add-minefield", "s", faction->id);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->add_minefield_button, G_MENU_MODEL (menu));
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_minefield_button),
                            g_menu_model_get_n_items (G_MENU_MODEL (menu)) > 0);
}

static void
add_minefield_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  AdmiraltyEditorMap *self = ADMIRALTY_EDITOR_MAP (widget);
  g_autoptr(GError) error = NULL;

  if (self->sector != NULL &&
      !adm_scenario_sector_set_minefield (self->sector, g_variant_get_string (parameter, NULL), 1,
                                          &error))
    say (self, error);
}

static void
build_links (AdmiraltyEditorMap *self)
{
  const char *id = adm_scenario_item_get_id (ADM_SCENARIO_ITEM (self->sector));
  GListModel *links = adm_scenario_edit_get_links (self->edit);

  for (guint i = 0; i < g_list_model_get_n_items (links); i++)
    {
      g_autoptr(AdmScenarioLink) link = g_list_model_get_item (links, i);
      const char *other = adm_scenario_link_get_other (link, id);
      AdmScenarioSector *sector = adm_scenario_edit_find_sector (self->edit, other);
      const char *name = sector != NULL ? adm_scenario_item_get_name (ADM_SCENARIO_ITEM (sector))
                                        : NULL;
      Row *row;

      if (other == NULL)
        continue;
      row = row_new (ADM_SCENARIO_ITEM (link));
      row->row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row),
                                     name != NULL ? name : other);
      row->remove = remove_button (self, _("Remove Link"), G_CALLBACK (remove_row_cb));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row->row), row->remove);
      adw_preferences_group_add (self->links_group, row->row);
      g_ptr_array_add (self->rows, row);
    }
}

static void
clear_rows (AdmiraltyEditorMap *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      Row *row = self->rows->pdata[i];
      GtkWidget *parent = gtk_widget_get_ancestor (row->row, ADW_TYPE_PREFERENCES_GROUP);

      if (parent != NULL)
        adw_preferences_group_remove (ADW_PREFERENCES_GROUP (parent), row->row);
    }
  g_ptr_array_set_size (self->rows, 0);
}

/* The selected sector's id, in its field. */
static void
show_id (AdmiraltyEditorMap *self)
{
  const char *id = adm_scenario_item_get_id (ADM_SCENARIO_ITEM (self->sector));

  gtk_editable_set_text (GTK_EDITABLE (self->id_row), id != NULL ? id : "");
}

static void
show_sector (AdmiraltyEditorMap *self,
             AdmScenarioSector  *sector)
{
  const char *name;

  /* A sector removed, or whose adding was undone, is not shown. */
  if (sector != NULL && !adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (sector)))
    sector = NULL;
  self->syncing = TRUE;
  g_set_object (&self->sector, sector);
  clear_rows (self);
  gtk_stack_set_visible_child_name (self->side_stack, sector != NULL ? "sector" : "none");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor-map.add-object", sector != NULL);
  if (sector != NULL)
    {
      name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (sector));
      gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
      show_id (self);
      build_objects (self);
      build_minefields (self);
      build_links (self);
    }
  self->syncing = FALSE;
}

/* The map's signals */

static void
selected_cb (AdmiraltyEditorMap *self)
{
  const char *id = admiralty_sector_map_get_selected_sector (self->map);

  if (self->syncing)
    return;
  show_sector (self, adm_scenario_edit_find_sector (self->edit, id));
}

static void
add_sector_cb (AdmiraltyEditorMap *self,
               double              x,
               double              y)
{
  show_sector (self, adm_scenario_edit_append_sector (self->edit, _("New Sector"), x, y));
  redraw (self);
  /* Named at once, in the side panel. */
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  gtk_editable_select_region (GTK_EDITABLE (self->name_row), 0, -1);
}

static void
move_sector_cb (AdmiraltyEditorMap *self,
                const char         *id,
                double              x,
                double              y)
{
  AdmScenarioSector *sector = adm_scenario_edit_find_sector (self->edit, id);

  if (sector != NULL)
    adm_scenario_sector_move (sector, x, y, NULL);
}

static void
link_sectors_cb (AdmiraltyEditorMap *self,
                 const char         *from,
                 const char         *to)
{
  adm_scenario_edit_append_link (self->edit, from, to);
}

static void
name_apply_cb (AdmiraltyEditorMap *self)
{
  g_autoptr(GError) error = NULL;

  if (self->sector != NULL &&
      !adm_scenario_item_set_name (ADM_SCENARIO_ITEM (self->sector),
                                   gtk_editable_get_text (GTK_EDITABLE (self->name_row)), &error))
    say (self, error);
}

static void
id_apply_cb (AdmiraltyEditorMap *self)
{
  if (self->sector != NULL)
    admiralty_editor_page_set_id (GTK_WIDGET (self), ADM_SCENARIO_ITEM (self->sector),
                                  GTK_EDITABLE (self->id_row));
}

static void
remove_sector_cb (AdmiraltyEditorMap *self)
{
  g_autoptr(GError) error = NULL;

  if (self->sector != NULL && !adm_scenario_item_remove (ADM_SCENARIO_ITEM (self->sector), &error))
    say (self, error);
}

static void
add_object_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  AdmiraltyEditorMap *self = ADMIRALTY_EDITOR_MAP (widget);
  const char *kind = g_variant_get_string (parameter, NULL);
  const char *name = g_str_equal (kind, "planet") ? _("New Planet")
                   : g_str_equal (kind, "station") ? _("New Station") : _("New Wormhole Exit");

  if (self->sector == NULL)
    return;
  adm_scenario_sector_add_object (self->sector, kind, name);
  /* The new object's name, ready to be typed over. */
  for (guint i = self->rows->len; i > 0; i--)
    {
      Row *row = self->rows->pdata[i - 1];

      if (ADW_IS_ENTRY_ROW (row->row))
        {
          gtk_widget_grab_focus (row->row);
          gtk_editable_select_region (GTK_EDITABLE (row->row), 0, -1);
          break;
        }
    }
}

static gboolean
delete_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  AdmiraltyEditorMap *self = ADMIRALTY_EDITOR_MAP (user_data);

  remove_sector_cb (self);
  return TRUE;
}

/* Changes */

static void
edit_changed_cb (AdmiraltyEditorMap *self,
                 guint               change,
                 gpointer            node)
{
  /* A page not shown is drawn again only when it is, as after an undo. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      self->stale = TRUE;
      return;
    }
  /* The sector's item stays the same across edits, undo and redo while the sector does. */
  if (self->sector != NULL && !adm_scenario_item_get_attached (ADM_SCENARIO_ITEM (self->sector)))
    g_clear_object (&self->sector);
  if (self->sector != NULL && change != ADM_SCENARIO_EDIT_CHANGE_RELOAD)
    {
      /* An id made from the name follows it. */
      self->syncing = TRUE;
      show_id (self);
      self->syncing = FALSE;
    }
  redraw (self);
  if (change != ADM_SCENARIO_EDIT_CHANGE_VALUE || self->sector == NULL ||
      adm_scenario_edit_find_item (self->edit, node) != ADM_SCENARIO_ITEM (self->sector))
    show_sector (self, self->sector);
}

static void
admiralty_editor_map_map (GtkWidget *widget)
{
  AdmiraltyEditorMap *self = ADMIRALTY_EDITOR_MAP (widget);

  GTK_WIDGET_CLASS (admiralty_editor_map_parent_class)->map (widget);
  if (self->stale && self->edit != NULL)
    {
      self->stale = FALSE;
      edit_changed_cb (self, ADM_SCENARIO_EDIT_CHANGE_RELOAD, NULL);
    }
}

void
admiralty_editor_map_select (AdmiraltyEditorMap *self,
                             AdmScenarioItem    *item)
{
  g_return_if_fail (ADMIRALTY_IS_EDITOR_MAP (self));

  if (ADM_IS_SCENARIO_LINK (item))
    item = ADM_SCENARIO_ITEM (adm_scenario_edit_find_sector (
             self->edit, adm_scenario_link_get_from (ADM_SCENARIO_LINK (item))));
  else if (ADM_IS_SCENARIO_OBJECT (item) || ADM_IS_SCENARIO_MINEFIELD (item))
    item = adm_scenario_item_get_parent (item);
  show_sector (self, ADM_IS_SCENARIO_SECTOR (item) ? ADM_SCENARIO_SECTOR (item) : NULL);
  redraw (self);
}

AdmiraltySectorMap *
admiralty_editor_map_get_map (AdmiraltyEditorMap *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_MAP (self), NULL);
  return self->map;
}

void
admiralty_editor_map_set_edit (AdmiraltyEditorMap *self,
                               AdmScenarioEdit    *edit)
{
  g_return_if_fail (ADMIRALTY_IS_EDITOR_MAP (self));
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (edit));

  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_set_object (&self->edit, edit);
  g_signal_connect_object (edit, "changed", G_CALLBACK (edit_changed_cb), self,
                           G_CONNECT_SWAPPED);
  show_sector (self, NULL);
  redraw (self);
}

AdmScenarioItem *
admiralty_editor_map_get_item_at (AdmiraltyEditorMap *self,
                                  GtkWidget          *widget)
{
  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_MAP (self), NULL);

  for (guint i = 0; widget != NULL && i < self->rows->len; i++)
    {
      Row *row = self->rows->pdata[i];

      if (widget == row->row || gtk_widget_is_ancestor (widget, row->row))
        return row->item;
    }
  return ADM_SCENARIO_ITEM (self->sector);
}

/* GObject */

static void
admiralty_editor_map_dispose (GObject *object)
{
  AdmiraltyEditorMap *self = ADMIRALTY_EDITOR_MAP (object);

  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_clear_object (&self->edit);
  g_clear_object (&self->sector);
  gtk_widget_dispose_template (GTK_WIDGET (object), ADMIRALTY_TYPE_EDITOR_MAP);

  G_OBJECT_CLASS (admiralty_editor_map_parent_class)->dispose (object);
}

static void
admiralty_editor_map_finalize (GObject *object)
{
  AdmiraltyEditorMap *self = ADMIRALTY_EDITOR_MAP (object);

  g_ptr_array_unref (self->rows);
  g_ptr_array_unref (self->station_ids);

  G_OBJECT_CLASS (admiralty_editor_map_parent_class)->finalize (object);
}

static void
admiralty_editor_map_class_init (AdmiraltyEditorMapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_editor_map_dispose;
  object_class->finalize = admiralty_editor_map_finalize;
  widget_class->map = admiralty_editor_map_map;

  g_type_ensure (ADMIRALTY_TYPE_SECTOR_MAP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-editor-map.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap, map);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap, side_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap, name_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap, id_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap, objects_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap, minefields_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap,
                                        add_minefield_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorMap, links_group);
  gtk_widget_class_bind_template_callback (widget_class, selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_sector_cb);
  gtk_widget_class_bind_template_callback (widget_class, move_sector_cb);
  gtk_widget_class_bind_template_callback (widget_class, link_sectors_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, id_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, remove_sector_cb);
  gtk_widget_class_install_action (widget_class, "editor-map.add-object", "s",
                                   add_object_action);
  gtk_widget_class_install_action (widget_class, "editor-map.add-minefield", "s",
                                   add_minefield_action);
}

static void
admiralty_editor_map_init (AdmiraltyEditorMap *self)
{
  GtkEventController *shortcuts;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new_with_free_func (row_free);
  self->station_ids = g_ptr_array_new ();

  /* Delete on the map, not in the side panel's entries, removes the selected sector. */
  shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Delete, 0),
                                                          gtk_callback_action_new (delete_cb, self,
                                                                                   NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self->map), shortcuts);
}
