/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-editor-sides.c: the scenario editor's Sides page (see the header). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-editor-page.h"
#include "admiralty-editor-sides.h"

typedef struct {
  GtkWidget *row;
  GtkWidget *control;  /* the faction's alliance (its combo row), or the admiral's faction: a
                        * button that opens the faction picker */
  GtkWidget *label;    /* the admiral's faction, on his button; or NULL */
  GtkWidget *id;       /* an admiral's id, or NULL */
  GtkWidget *remove;   /* an admiral's remove button, or NULL */
  AdmScenarioItem *item; /* the admiral or the alliance, or NULL */
  char      *faction;  /* a faction row's faction id */
} Row;

struct _AdmiraltyEditorSides
{
  AdwBin               parent_instance;

  AdwEntryRow         *name_row;
  AdwEntryRow         *id_row;
  AdwEntryRow         *description_row;
  AdwPreferencesGroup *factions_group;
  AdwPreferencesGroup *admirals_group;
  GtkPopover          *faction_popover;
  GtkListBox          *faction_list;

  AdmScenarioEdit     *edit;
  GPtrArray           *factions;  /* Row* */
  GPtrArray           *admirals;  /* Row*, one an item of the edit's admirals, in their order */
  GPtrArray           *alliances; /* AdmScenarioAlliance*, in the order of the drop-downs */
  GPtrArray           *alliance_rows; /* Row*: each alliance's name, after the factions */
  gboolean             syncing;
  gboolean             stale;     /* changed while hidden: built again when shown */
  Row                 *picking;   /* the admiral whose faction the picker is open for */
};

G_DEFINE_FINAL_TYPE (AdmiraltyEditorSides, admiralty_editor_sides, ADW_TYPE_BIN)

static void
row_free (gpointer data)
{
  Row *row = data;

  if (row->item != NULL)
    g_signal_handlers_disconnect_matched (row->item, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, row);
  g_clear_object (&row->item);
  g_free (row->faction);
  g_free (row);
}

static Row *
find_row (GPtrArray *rows,
          GtkWidget *widget)
{
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = rows->pdata[i];

      if (row->row == widget || row->control == widget || row->id == widget ||
          row->remove == widget)
        return row;
    }
  return NULL;
}

static GPtrArray *
ruleset_factions (AdmiraltyEditorSides *self)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);

  return ruleset != NULL ? adm_ruleset_get_factions (ruleset) : NULL;
}

static void
clear_rows (AdmiraltyEditorSides *self,
            AdwPreferencesGroup  *group,
            GPtrArray            *rows)
{
  /* The picker is not left open for a row that goes. */
  if (self->picking != NULL)
    {
      self->picking = NULL;
      gtk_popover_popdown (self->faction_popover);
    }
  for (guint i = 0; i < rows->len; i++)
    adw_preferences_group_remove (group, ((Row *) rows->pdata[i])->row);
  g_ptr_array_set_size (rows, 0);
}

/* Factions */

static void
alliance_selected_cb (AdmiraltyEditorSides *self,
                      GParamSpec           *pspec,
                      GtkWidget            *combo)
{
  Row *row = find_row (self->factions, combo);
  guint selected = adw_combo_row_get_selected (ADW_COMBO_ROW (combo));
  g_autofree char *id = NULL;

  if (self->syncing || row == NULL)
    return;
  /* The edit builds the rows anew: the faction's is found again by its id. */
  id = g_strdup (row->faction);
  if (selected == 0)
    adm_scenario_edit_leave_alliances (self->edit, id);
  else if (selected <= self->alliances->len)
    {
      g_autoptr(GError) error = NULL;

      if (!adm_scenario_alliance_add_member (self->alliances->pdata[selected - 1], id, &error))
        admiralty_editor_page_say (GTK_WIDGET (self), error->message);
    }
  else
    {
      const AdmFaction *faction =
        adm_ruleset_lookup_faction (adm_scenario_edit_get_ruleset (self->edit), id);
      /* Translators: the name given to a new alliance, %s the faction that starts it */
      g_autofree char *name = g_strdup_printf (_("Alliance of %s"),
                                               faction != NULL ? faction->name : id);

      adm_scenario_edit_append_alliance (self->edit, name, id);
    }
  /* The focus stays on the faction's row, made anew. */
  for (guint i = 0; i < self->factions->len; i++)
    if (g_strcmp0 (((Row *) self->factions->pdata[i])->faction, id) == 0 &&
        ((Row *) self->factions->pdata[i])->row != combo)
      gtk_widget_grab_focus (((Row *) self->factions->pdata[i])->row);
}

/* The choices of a faction's row: no alliance, each alliance by name (self->alliances, in
 * order), a new one. */
static GtkStringList *
alliance_choices (AdmiraltyEditorSides *self)
{
  GtkStringList *choices = gtk_string_list_new (NULL);

  gtk_string_list_append (choices, _("No alliance"));
  for (guint k = 0; k < self->alliances->len; k++)
    {
      const char *name = adm_scenario_item_get_name (self->alliances->pdata[k]);

      gtk_string_list_append (choices, name != NULL ? name : "");
    }
  gtk_string_list_append (choices, _("New Alliance"));
  return choices;
}

/* An alliance's name typed in: its id follows a name it was made from, and the factions'
 * lists name it anew; the focus stays in its row. */
static void
alliance_apply_cb (AdmiraltyEditorSides *self,
                   GtkWidget            *entry_row)
{
  Row *row = find_row (self->alliance_rows, entry_row);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry_row))));
  g_autoptr(GtkStringList) choices = NULL;
  g_autoptr(GError) error = NULL;

  if (row == NULL || self->syncing)
    return;
  if (name[0] == '\0')
    {
      const char *old = adm_scenario_item_get_name (row->item);

      /* Translators: an alliance's name emptied in the scenario editor */
      admiralty_editor_page_say (GTK_WIDGET (self), _("An alliance needs a name"));
      gtk_editable_set_text (GTK_EDITABLE (entry_row), old != NULL ? old : "");
      return;
    }
  if (!adm_scenario_item_set_name (row->item, name, &error))
    {
      admiralty_editor_page_say (GTK_WIDGET (self), error->message);
      return;
    }
  /* The factions' lists, each row kept as it is. */
  choices = alliance_choices (self);
  self->syncing = TRUE;
  for (guint i = 0; i < self->factions->len; i++)
    {
      AdwComboRow *combo = ADW_COMBO_ROW (((Row *) self->factions->pdata[i])->row);
      guint selected = adw_combo_row_get_selected (combo);

      adw_combo_row_set_model (combo, G_LIST_MODEL (choices));
      adw_combo_row_set_selected (combo, selected);
    }
  self->syncing = FALSE;
}

/* The names of @alliance's member factions, as the ruleset names them: "Cetagandan Empire,
 * Vervain". */
static char *
member_names (AdmiraltyEditorSides *self,
              AdmScenarioAlliance  *alliance)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  g_autoptr(GString) names = g_string_new (NULL);
  g_auto(GStrv) members = adm_scenario_alliance_dup_members (alliance);

  for (guint i = 0; members[i] != NULL; i++)
    {
      const AdmFaction *faction = ruleset != NULL
                                  ? adm_ruleset_lookup_faction (ruleset, members[i]) : NULL;

      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append (names, faction != NULL ? faction->name : members[i]);
    }
  return g_string_free (g_steal_pointer (&names), FALSE);
}

static void
build_factions (AdmiraltyEditorSides *self)
{
  GPtrArray *factions = ruleset_factions (self);
  GListModel *alliances = adm_scenario_edit_get_alliances (self->edit);
  g_autoptr(GtkStringList) choices = NULL;

  clear_rows (self, self->factions_group, self->factions);
  clear_rows (self, self->factions_group, self->alliance_rows);
  g_ptr_array_set_size (self->alliances, 0);
  for (guint k = 0; k < g_list_model_get_n_items (alliances); k++)
    g_ptr_array_add (self->alliances, g_list_model_get_item (alliances, k));
  choices = alliance_choices (self);

  for (guint i = 0; factions != NULL && i < factions->len; i++)
    {
      const AdmFaction *faction = factions->pdata[i];
      Row *row = g_new0 (Row, 1);
      guint selected = 0;

      for (guint k = 0; k < self->alliances->len; k++)
        if (adm_scenario_alliance_has_member (self->alliances->pdata[k], faction->id))
          selected = k + 1;
      row->faction = g_strdup (faction->id);
      row->row = row->control = adw_combo_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), faction->name);
      adw_combo_row_set_model (ADW_COMBO_ROW (row->row), G_LIST_MODEL (choices));
      adw_combo_row_set_selected (ADW_COMBO_ROW (row->row), selected);
      g_signal_connect_object (row->row, "notify::selected", G_CALLBACK (alliance_selected_cb),
                               self, G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->factions_group, row->row);
      g_ptr_array_add (self->factions, row);
    }

  /* Each alliance's name, one of a faction or more, typed in under its members. */
  for (guint k = 0; k < self->alliances->len; k++)
    {
      AdmScenarioAlliance *alliance = self->alliances->pdata[k];
      const char *name = adm_scenario_item_get_name (ADM_SCENARIO_ITEM (alliance));
      g_autofree char *members = member_names (self, alliance);
      /* Translators: the title of an alliance's name in the scenario editor, %s its member
       * factions: "Alliance of Cetagandan Empire, Vervain" */
      g_autofree char *title = g_strdup_printf (_("Name of the alliance of %s"), members);
      Row *row = g_new0 (Row, 1);

      row->item = g_object_ref (ADM_SCENARIO_ITEM (alliance));
      row->row = adw_entry_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), title);
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row->row), TRUE);
      gtk_editable_set_text (GTK_EDITABLE (row->row), name != NULL ? name : "");
      g_signal_connect_object (row->row, "apply", G_CALLBACK (alliance_apply_cb), self,
                               G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->factions_group, row->row);
      g_ptr_array_add (self->alliance_rows, row);
    }
}

/* Admirals */

static void
admiral_apply_cb (AdmiraltyEditorSides *self,
                  GtkWidget            *entry_row)
{
  Row *row = find_row (self->admirals, entry_row);
  g_autoptr(GError) error = NULL;

  /* An id made from the name follows it: the row shows the admiral's new values
   * (admiral_notify_cb). */
  if (row != NULL &&
      !adm_scenario_item_set_name (row->item, gtk_editable_get_text (GTK_EDITABLE (entry_row)),
                                   &error))
    {
      const char *name = adm_scenario_item_get_name (row->item);

      admiralty_editor_page_say (GTK_WIDGET (self), error->message);
      gtk_editable_set_text (GTK_EDITABLE (entry_row), name != NULL ? name : "");
    }
}

static void
admiral_id_commit (AdmiraltyEditorSides *self,
                   GtkWidget            *entry)
{
  Row *row = find_row (self->admirals, entry);

  if (!self->syncing && row != NULL)
    admiralty_editor_page_set_id (GTK_WIDGET (self), row->item, GTK_EDITABLE (entry));
}

static void
admiral_id_leave_cb (AdmiraltyEditorSides    *self,
                     GtkEventControllerFocus *controller)
{
  admiral_id_commit (self,
                     gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller)));
}

/* The admirals' faction picker. A GtkDropDown a row would parse a template of its own for its
 * button, popover and list; the rows share one popover and its list of the season's factions
 * instead, and each row has a plain button that shows the admiral's faction and opens them. */

static void
show_faction (AdmiraltyEditorSides *self,
              Row                  *row)
{
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (self->edit);
  const char *id = adm_scenario_admiral_get_faction (ADM_SCENARIO_ADMIRAL (row->item));
  const AdmFaction *faction = ruleset != NULL && id != NULL
                              ? adm_ruleset_lookup_faction (ruleset, id) : NULL;

  /* An unknown faction shows its id as written: the Problems page names it. */
  gtk_label_set_label (GTK_LABEL (row->label),
                       faction != NULL ? faction->name : id != NULL ? id : "");
}

static void
admiral_faction_clicked_cb (AdmiraltyEditorSides *self,
                            GtkWidget            *button)
{
  Row *row = find_row (self->admirals, button);
  GPtrArray *factions = ruleset_factions (self);
  const char *current;
  GtkListBoxRow *selected = NULL;
  GtkWidget *child;
  graphene_rect_t bounds;

  if (row == NULL || factions == NULL ||
      !gtk_widget_compute_bounds (button, GTK_WIDGET (self), &bounds))
    return;
  /* The season's factions as they are now: the Season page may have changed them. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->faction_list))) != NULL)
    gtk_list_box_remove (self->faction_list, child);
  current = adm_scenario_admiral_get_faction (ADM_SCENARIO_ADMIRAL (row->item));
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = factions->pdata[i];
      GtkWidget *label = gtk_label_new (faction->name);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
      gtk_widget_set_margin_start (label, 6);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_list_box_append (self->faction_list, label);
      if (g_strcmp0 (faction->id, current) == 0)
        selected = gtk_list_box_get_row_at_index (self->faction_list, (int) i);
    }
  self->picking = row;
  gtk_list_box_select_row (self->faction_list, selected);
  gtk_popover_set_pointing_to (self->faction_popover, &(GdkRectangle) {
                                 (int) bounds.origin.x, (int) bounds.origin.y,
                                 (int) bounds.size.width, (int) bounds.size.height });
  gtk_popover_popup (self->faction_popover);
  if (selected == NULL)
    selected = gtk_list_box_get_row_at_index (self->faction_list, 0);
  if (selected != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (selected));
}

static void
faction_activated_cb (AdmiraltyEditorSides *self,
                      GtkListBoxRow        *chosen)
{
  Row *row = self->picking;
  GPtrArray *factions = ruleset_factions (self);
  guint index = (guint) gtk_list_box_row_get_index (chosen);
  g_autoptr(GError) error = NULL;

  gtk_popover_popdown (self->faction_popover);
  if (row == NULL || factions == NULL || index >= factions->len)
    return;
  if (!adm_scenario_admiral_set_faction (ADM_SCENARIO_ADMIRAL (row->item),
                                         ((const AdmFaction *) factions->pdata[index])->id,
                                         &error))
    admiralty_editor_page_say (GTK_WIDGET (self), error->message);
}

/* The focus goes back to the faction button the picker was opened from. */
static void
faction_closed_cb (AdmiraltyEditorSides *self)
{
  if (self->picking != NULL)
    gtk_widget_grab_focus (self->picking->control);
  self->picking = NULL;
}

/* The admiral rows' tooltips, said by their group for all of them: a tooltip set on a widget
 * asks the display where the pointer is, a round trip for each of a row's two. */
static gboolean
admirals_query_tooltip_cb (AdmiraltyEditorSides *self,
                           int                   x,
                           int                   y,
                           gboolean              keyboard,
                           GtkTooltip           *tooltip,
                           GtkWidget            *group)
{
  GtkRoot *root = gtk_widget_get_root (group);
  GtkWidget *target = keyboard && root != NULL ? gtk_root_get_focus (root)
                                               : gtk_widget_pick (group, x, y, GTK_PICK_DEFAULT);

  for (guint i = 0; target != NULL && i < self->admirals->len; i++)
    {
      Row *row = self->admirals->pdata[i];
      const struct {
        GtkWidget  *widget;
        const char *text;
      } tips[] = {
        { row->id, _("Id") },
        { row->remove, _("Remove Admiral") },
      };

      for (guint k = 0; k < G_N_ELEMENTS (tips); k++)
        if (target == tips[k].widget || gtk_widget_is_ancestor (target, tips[k].widget))
          {
            graphene_rect_t bounds;

            gtk_tooltip_set_text (tooltip, tips[k].text);
            if (gtk_widget_compute_bounds (tips[k].widget, group, &bounds))
              gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) {
                                          (int) bounds.origin.x, (int) bounds.origin.y,
                                          (int) bounds.size.width, (int) bounds.size.height });
            return TRUE;
          }
    }
  return FALSE;
}

static void
admiral_remove_cb (AdmiraltyEditorSides *self,
                   GtkWidget            *button)
{
  Row *row = find_row (self->admirals, button);
  g_autoptr(GError) error = NULL;

  if (row != NULL && !adm_scenario_item_remove (row->item, &error))
    admiralty_editor_page_say (GTK_WIDGET (self), error->message);
}

/* An admiral's row shows his values as they are now. */
static void
show_admiral (AdmiraltyEditorSides *self,
              Row                  *row)
{
  const char *name = adm_scenario_item_get_name (row->item);
  const char *id = adm_scenario_item_get_id (row->item);
  gboolean syncing = self->syncing;

  self->syncing = TRUE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row->row)), name) != 0)
    gtk_editable_set_text (GTK_EDITABLE (row->row), name != NULL ? name : "");
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row->id)), id) != 0)
    gtk_editable_set_text (GTK_EDITABLE (row->id), id != NULL ? id : "");
  show_faction (self, row);
  self->syncing = syncing;
}

static void
admiral_notify_cb (AdmScenarioItem *item,
                   GParamSpec      *pspec,
                   Row             *row)
{
  AdmiraltyEditorSides *self =
    ADMIRALTY_EDITOR_SIDES (gtk_widget_get_ancestor (row->row, ADMIRALTY_TYPE_EDITOR_SIDES));

  if (self != NULL && adm_scenario_item_get_attached (item))
    show_admiral (self, row);
}

static Row *
admiral_row_new (AdmiraltyEditorSides *self,
             AdmScenarioItem      *admiral)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();
  Row *row = g_new0 (Row, 1);
  GtkWidget *inner;

  row->item = g_object_ref (admiral);
  row->row = adw_entry_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row->row), _("Admiral"));
  adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row->row), TRUE);
  g_signal_connect_object (row->row, "apply", G_CALLBACK (admiral_apply_cb), self,
                           G_CONNECT_SWAPPED);
  /* The id order sheets and the portal name him by, made from his name until one is
   * typed here. */
  row->id = gtk_entry_new ();
  gtk_editable_set_width_chars (GTK_EDITABLE (row->id), 14);
  gtk_widget_set_valign (row->id, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->id), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Admiral id"), -1);
  g_signal_connect_object (row->id, "activate", G_CALLBACK (admiral_id_commit), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (focus, "leave", G_CALLBACK (admiral_id_leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (row->id, focus);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row->row), row->id);
  row->control = gtk_button_new ();
  inner = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  row->label = gtk_label_new (NULL);
  gtk_box_append (GTK_BOX (inner), row->label);
  gtk_box_append (GTK_BOX (inner), gtk_image_new_from_icon_name ("pan-down-symbolic"));
  gtk_button_set_child (GTK_BUTTON (row->control), inner);
  gtk_widget_add_css_class (row->control, "faction-picker");
  gtk_widget_set_valign (row->control, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->control),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Faction"),
                                  GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, TRUE, -1);
  g_signal_connect_object (row->control, "clicked", G_CALLBACK (admiral_faction_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row->row), row->control);
  row->remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_valign (row->remove, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->remove),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Remove Admiral"), -1);
  gtk_widget_add_css_class (row->remove, "flat");
  g_signal_connect_object (row->remove, "clicked", G_CALLBACK (admiral_remove_cb), self,
                           G_CONNECT_SWAPPED);
  adw_entry_row_add_suffix (ADW_ENTRY_ROW (row->row), row->remove);
  show_admiral (self, row);
  g_signal_connect (admiral, "notify", G_CALLBACK (admiral_notify_cb), row);
  return row;
}

/* The admirals' rows follow the list of admirals: the rows of the admirals that came are
 * made, those of the admirals that went are removed, the others are kept as they are (and
 * the rows after a change taken out and put back, for a group only appends). */
static void
admirals_changed_cb (AdmiraltyEditorSides *self,
                     guint                 position,
                     guint                 removed,
                     guint                 added,
                     GListModel           *admirals)
{
  g_autoptr(GPtrArray) after = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->picking != NULL && g_ptr_array_find (self->admirals, self->picking, NULL))
    {
      guint at = 0;

      g_ptr_array_find (self->admirals, self->picking, &at);
      if (at >= position && at < position + removed)
        {
          self->picking = NULL;
          gtk_popover_popdown (self->faction_popover);
        }
    }
  for (guint i = position; i < self->admirals->len; i++)
    {
      GtkWidget *widget = ((Row *) self->admirals->pdata[i])->row;

      if (i >= position + removed)
        g_ptr_array_add (after, g_object_ref (widget));
      adw_preferences_group_remove (self->admirals_group, widget);
    }
  g_ptr_array_remove_range (self->admirals, position, removed);
  for (guint i = 0; i < added; i++)
    {
      g_autoptr(AdmScenarioItem) admiral = g_list_model_get_item (admirals, position + i);

      g_ptr_array_insert (self->admirals, (int) (position + i), admiral_row_new (self, admiral));
    }
  for (guint i = position; i < self->admirals->len; i++)
    adw_preferences_group_add (self->admirals_group, ((Row *) self->admirals->pdata[i])->row);
}

static void
build_admirals (AdmiraltyEditorSides *self)
{
  GListModel *admirals = adm_scenario_edit_get_admirals (self->edit);

  clear_rows (self, self->admirals_group, self->admirals);
  admirals_changed_cb (self, 0, 0, g_list_model_get_n_items (admirals), admirals);
}

void
admiralty_editor_sides_add_admiral (AdmiraltyEditorSides *self)
{
  GPtrArray *factions;
  AdmScenarioAdmiral *admiral;

  g_return_if_fail (ADMIRALTY_IS_EDITOR_SIDES (self));

  factions = ruleset_factions (self);
  if (factions == NULL || factions->len == 0)
    return;
  admiral = adm_scenario_edit_append_admiral (self->edit, _("New Admiral"),
                                              ((const AdmFaction *) factions->pdata[0])->id);
  admiralty_editor_sides_select (self, ADM_SCENARIO_ITEM (admiral));
}

static void
add_admiral_cb (AdmiraltyEditorSides *self)
{
  admiralty_editor_sides_add_admiral (self);
}

/* The scenario */

/* The scenario's name and id as they are now (an id made from the name follows it until
 * play begins). */
static void
show_scenario (AdmiraltyEditorSides *self)
{
  AdmScenarioItem *scenario = adm_scenario_edit_get_item (self->edit);
  const char *name = adm_scenario_item_get_name (scenario);
  const char *id = adm_scenario_item_get_id (scenario);
  gboolean syncing = self->syncing;

  self->syncing = TRUE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->name_row)), name) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->name_row), name != NULL ? name : "");
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->id_row)), id) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->id_row), id != NULL ? id : "");
  self->syncing = syncing;
}

static void
sync_scenario (AdmiraltyEditorSides *self)
{
  g_autofree char *text = adm_scenario_edit_dup_description (self->edit);

  show_scenario (self);
  gtk_editable_set_text (GTK_EDITABLE (self->description_row), text != NULL ? text : "");
}

static void
name_apply_cb (AdmiraltyEditorSides *self)
{
  g_autoptr(GError) error = NULL;

  if (!adm_scenario_item_set_name (adm_scenario_edit_get_item (self->edit),
                                   gtk_editable_get_text (GTK_EDITABLE (self->name_row)),
                                   &error))
    {
      admiralty_editor_page_say (GTK_WIDGET (self), error->message);
      show_scenario (self);
    }
}

static void
id_apply_cb (AdmiraltyEditorSides *self)
{
  admiralty_editor_page_set_id (GTK_WIDGET (self), adm_scenario_edit_get_item (self->edit),
                                GTK_EDITABLE (self->id_row));
}

static void
description_apply_cb (AdmiraltyEditorSides *self)
{
  adm_scenario_edit_set_description (self->edit,
                                     gtk_editable_get_text (GTK_EDITABLE (self->description_row)));
}

/* What the document model does not tell item by item: the description, the season's
 * factions and the alliances they are in. */
static void
rebuild (AdmiraltyEditorSides *self)
{
  self->syncing = TRUE;
  sync_scenario (self);
  build_factions (self);
  self->syncing = FALSE;
}

static void
edit_changed_cb (AdmiraltyEditorSides *self,
                 guint                 change,
                 gpointer              node)
{
  /* A page not shown is built again only when it is: an edit on another page costs it
   * nothing. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->stale = TRUE;
  /* A value the page itself changed is shown already, the admirals and the scenario's name
   * follow their items; what else changed is shown anew. */
  else if (change != ADM_SCENARIO_EDIT_CHANGE_VALUE)
    rebuild (self);
}

static void
admiralty_editor_sides_map (GtkWidget *widget)
{
  AdmiraltyEditorSides *self = ADMIRALTY_EDITOR_SIDES (widget);

  if (self->stale && self->edit != NULL)
    {
      self->stale = FALSE;
      rebuild (self);
    }
  GTK_WIDGET_CLASS (admiralty_editor_sides_parent_class)->map (widget);
}

void
admiralty_editor_sides_select (AdmiraltyEditorSides *self,
                               AdmScenarioItem      *item)
{
  g_return_if_fail (ADMIRALTY_IS_EDITOR_SIDES (self));
  g_return_if_fail (item == NULL || ADM_IS_SCENARIO_ITEM (item));

  for (guint i = 0; item != NULL && i < self->admirals->len; i++)
    if (((Row *) self->admirals->pdata[i])->item == item)
      {
        gtk_widget_grab_focus (((Row *) self->admirals->pdata[i])->row);
        gtk_editable_select_region (GTK_EDITABLE (((Row *) self->admirals->pdata[i])->row), 0,
                                    -1);
        return;
      }
  if (item != NULL && ADM_IS_SCENARIO_ALLIANCE (item))
    {
      for (guint i = 0; i < self->alliance_rows->len; i++)
        if (((Row *) self->alliance_rows->pdata[i])->item == item)
          {
            gtk_widget_grab_focus (((Row *) self->alliance_rows->pdata[i])->row);
            return;
          }
      if (self->factions->len > 0)
        {
          gtk_widget_grab_focus (((Row *) self->factions->pdata[0])->row);
          return;
        }
    }
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
}

void
admiralty_editor_sides_set_edit (AdmiraltyEditorSides *self,
                                 AdmScenarioEdit      *edit)
{
  g_return_if_fail (ADMIRALTY_IS_EDITOR_SIDES (self));
  g_return_if_fail (ADM_IS_SCENARIO_EDIT (edit));

  if (self->edit != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->edit, self);
      g_signal_handlers_disconnect_by_data (adm_scenario_edit_get_admirals (self->edit), self);
      g_signal_handlers_disconnect_by_data (adm_scenario_edit_get_item (self->edit), self);
    }
  g_set_object (&self->edit, edit);
  g_signal_connect_object (edit, "changed", G_CALLBACK (edit_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (adm_scenario_edit_get_admirals (edit), "items-changed",
                           G_CALLBACK (admirals_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adm_scenario_edit_get_item (edit), "notify",
                           G_CALLBACK (show_scenario), self, G_CONNECT_SWAPPED);
  self->stale = FALSE;
  build_admirals (self);
  rebuild (self);
}

static Row *
row_holding (GPtrArray *rows,
             GtkWidget *widget)
{
  for (guint i = 0; widget != NULL && i < rows->len; i++)
    {
      Row *row = rows->pdata[i];

      if (widget == row->row || gtk_widget_is_ancestor (widget, row->row))
        return row;
    }
  return NULL;
}

AdmScenarioItem *
admiralty_editor_sides_get_admiral_at (AdmiraltyEditorSides *self,
                                       GtkWidget            *widget)
{
  Row *row;

  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_SIDES (self), NULL);

  row = row_holding (self->admirals, widget);
  return row != NULL ? row->item : NULL;
}

const char *
admiralty_editor_sides_get_faction_at (AdmiraltyEditorSides *self,
                                       GtkWidget            *widget)
{
  Row *row;

  g_return_val_if_fail (ADMIRALTY_IS_EDITOR_SIDES (self), NULL);

  row = row_holding (self->factions, widget);
  return row != NULL ? row->faction : NULL;
}

static void
admiralty_editor_sides_size_allocate (GtkWidget *widget,
                                      int        width,
                                      int        height,
                                      int        baseline)
{
  AdmiraltyEditorSides *self = ADMIRALTY_EDITOR_SIDES (widget);

  GTK_WIDGET_CLASS (admiralty_editor_sides_parent_class)->size_allocate (widget, width, height,
                                                                         baseline);
  gtk_popover_present (self->faction_popover);
}

static void
admiralty_editor_sides_dispose (GObject *object)
{
  AdmiraltyEditorSides *self = ADMIRALTY_EDITOR_SIDES (object);

  if (self->edit != NULL)
    g_signal_handlers_disconnect_by_data (self->edit, self);
  g_clear_object (&self->edit);
  self->picking = NULL;
  if (self->faction_popover != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->faction_popover));
  gtk_widget_dispose_template (GTK_WIDGET (object), ADMIRALTY_TYPE_EDITOR_SIDES);

  G_OBJECT_CLASS (admiralty_editor_sides_parent_class)->dispose (object);
}

static void
admiralty_editor_sides_finalize (GObject *object)
{
  AdmiraltyEditorSides *self = ADMIRALTY_EDITOR_SIDES (object);

  g_ptr_array_unref (self->factions);
  g_ptr_array_unref (self->admirals);
  g_ptr_array_unref (self->alliances);
  g_ptr_array_unref (self->alliance_rows);

  G_OBJECT_CLASS (admiralty_editor_sides_parent_class)->finalize (object);
}

static void
admiralty_editor_sides_class_init (AdmiraltyEditorSidesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_editor_sides_dispose;
  object_class->finalize = admiralty_editor_sides_finalize;
  widget_class->map = admiralty_editor_sides_map;
  widget_class->size_allocate = admiralty_editor_sides_size_allocate;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-editor-sides.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSides, name_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSides, id_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSides, description_row);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSides, factions_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSides, admirals_group);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSides, faction_popover);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyEditorSides, faction_list);
  gtk_widget_class_bind_template_callback (widget_class, name_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, id_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, description_apply_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_admiral_cb);
  gtk_widget_class_bind_template_callback (widget_class, faction_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, faction_closed_cb);
}

static void
admiralty_editor_sides_init (AdmiraltyEditorSides *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_parent (GTK_WIDGET (self->faction_popover), GTK_WIDGET (self));
  gtk_widget_set_has_tooltip (GTK_WIDGET (self->admirals_group), TRUE);
  g_signal_connect_object (self->admirals_group, "query-tooltip",
                           G_CALLBACK (admirals_query_tooltip_cb), self, G_CONNECT_SWAPPED);
  self->factions = g_ptr_array_new_with_free_func (row_free);
  self->admirals = g_ptr_array_new_with_free_func (row_free);
  self->alliances = g_ptr_array_new_with_free_func (g_object_unref);
  self->alliance_rows = g_ptr_array_new_with_free_func (row_free);
}
