/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-correction-dialog.c: a master's correction typed in a dialog
 * (admiralty-correction-dialog.h). Every choice the rows offer is a list of ids beside the
 * labels shown; what is typed goes to adm_correction_record () as typed, so that the engine's
 * one check decides and words each refusal, as it does for the command line. */

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-correction-dialog.h"
#include "adm-campaign-journal.h"
#include "adm-clock.h"
#include "adm-id.h"
#include "admiralty-plain-text.h"

struct _AdmiraltyCorrectionDialog
{
  AdwWindow          parent_instance;

  AdwWindowTitle    *window_title;
  AdwPreferencesGroup *fields_group;
  AdwComboRow       *admiral_row;
  AdwComboRow       *sector_row;
  AdwComboRow       *formation_row;
  AdwComboRow       *ship_row;
  AdwComboRow       *target_row;
  AdwComboRow       *faction_row;
  AdwEntryRow       *name_row;
  AdwEntryRow       *ships_row;
  AdwEntryRow       *number_row;
  AdwEntryRow       *readiness_row;
  GtkWidget         *criticals_row;
  GtkSwitch         *criticals_switch;
  GtkWidget         *hidden_row;
  GtkSwitch         *hidden_switch;
  GtkWidget         *destroyed_row;
  GtkSwitch         *destroyed_switch;
  AdwEntryRow       *cycle_row;
  AdwEntryRow       *minute_row;
  AdwEntryRow       *reason_row;
  GtkLabel          *problem_label;

  AdmCampaign       *campaign;
  AdmCorrectionKind  kind;
  /* The ids behind each combo row's labels, in the same order; "" for a choice of none. */
  GPtrArray         *admiral_ids;
  GPtrArray         *sector_ids;
  GPtrArray         *formation_ids;
  GPtrArray         *ship_ids;
  GPtrArray         *target_ids;
  GPtrArray         *faction_ids;
  gboolean           filling;     /* rows being made anew: their changes are not the master's */
  guint              check_source; /* the check as the master types, once he pauses */
};

/* How long the master pauses in his typing before the check speaks. */
#define LIVE_CHECK_DELAY_MS 300

enum {
  SIGNAL_RECORDED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (AdmiraltyCorrectionDialog, admiralty_correction_dialog, ADW_TYPE_WINDOW)

static const char *const action_names[ADM_CORRECTION_N_KINDS] = {
  [ADM_CORRECTION_REMOVE_SHIP] = "win.correct-remove-ship",
  [ADM_CORRECTION_HAND_OVER] = "win.correct-hand-over",
  [ADM_CORRECTION_REPAIR] = "win.correct-repair",
  [ADM_CORRECTION_DAMAGE] = "win.correct-damage",
  [ADM_CORRECTION_READINESS] = "win.correct-readiness",
  [ADM_CORRECTION_MOVE] = "win.correct-move",
  [ADM_CORRECTION_ADD_SHIP] = "win.correct-add-ship",
  [ADM_CORRECTION_ADD_FORMATION] = "win.correct-add-formation",
  [ADM_CORRECTION_RETIRE_ADMIRAL] = "win.correct-retire-admiral",
  [ADM_CORRECTION_STATION] = "win.correct-station",
  [ADM_CORRECTION_MINEFIELD] = "win.correct-minefield",
  [ADM_CORRECTION_ADD_ADMIRAL] = "win.correct-add-admiral",
};

const char *
admiralty_correction_action_name (AdmCorrectionKind kind)
{
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (action_names), NULL);
  return action_names[kind];
}

static void
append_item (GMenu             *menu,
             const char        *label,
             AdmCorrectionKind  kind,
             const char        *subject)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target (item, action_names[kind], "s", subject);
  g_menu_append_item (menu, item);
}

GMenuModel *
admiralty_correction_formation_menu (const AdmFormation *formation,
                                     const char         *ship_id)
{
  GMenu *menu = g_menu_new ();
  const char *ship_subject;

  g_return_val_if_fail (formation != NULL, NULL);

  ship_subject = ship_id != NULL ? ship_id : formation->id;
  append_item (menu, _("_Repair…"), ADM_CORRECTION_REPAIR, ship_subject);
  append_item (menu, _("_Damage…"), ADM_CORRECTION_DAMAGE, ship_subject);
  append_item (menu, _("Rea_diness…"), ADM_CORRECTION_READINESS, ship_subject);
  append_item (menu, _("_Move…"), ADM_CORRECTION_MOVE, formation->id);
  append_item (menu, _("Remove _Ship…"), ADM_CORRECTION_REMOVE_SHIP, ship_subject);
  append_item (menu, _("_Hand Over…"), ADM_CORRECTION_HAND_OVER, ship_subject);
  if (formation->admiral != NULL)
    append_item (menu, _("Retire _Admiral…"), ADM_CORRECTION_RETIRE_ADMIRAL,
                 formation->admiral->id);
  return G_MENU_MODEL (menu);
}

/* The dialog's title and what the correction does, with the clause it touches. */
static void
kind_texts (AdmCorrectionKind   kind,
            const char        **title,
            const char        **description)
{
  switch (kind)
    {
    case ADM_CORRECTION_ADD_FORMATION:
    case ADM_CORRECTION_ADD_SHIP:
      *title = _("Reinforcements");
      *description = _("New ships of the season’s classes, as NAME:CLASS:READINESS separated "
                       "by semicolons, the first the flagship (F-FORM-4): a new formation, or "
                       "joining one in the sector (F-FORM-8). With a minute they arrive then, "
                       "in the cycle being ordered, and take part in its movement and "
                       "engagements (F-STRAT-4).");
      break;
    case ADM_CORRECTION_REPAIR:
      *title = _("Repair");
      *description = _("A repair or refit, at a station or by fiat (ruling "
                       "“strategic-repair”): the hull points the ship has afterwards, its "
                       "criticals and its readiness.");
      break;
    case ADM_CORRECTION_DAMAGE:
      *title = _("Damage");
      *description = _("Hull points the ship loses by fiat.");
      break;
    case ADM_CORRECTION_READINESS:
      *title = _("Readiness");
      *description = _("The ship’s readiness from now, 0 to 12 (F-RDY-1).");
      break;
    case ADM_CORRECTION_MOVE:
      *title = _("Move");
      *description = _("The formation is in the sector at once; its orders lapse (F-STRAT-5).");
      break;
    case ADM_CORRECTION_REMOVE_SHIP:
      *title = _("Remove Ship");
      *description = _("The ship leaves the campaign: sold, scuttled, lost to the story "
                       "(F-FORM-5 succession).");
      break;
    case ADM_CORRECTION_HAND_OVER:
      *title = _("Hand Over");
      *description = _("A ship to another formation of its side (F-FORM-8), or the whole "
                       "formation to another admiral of its side (F-FORM-6).");
      break;
    case ADM_CORRECTION_RETIRE_ADMIRAL:
      *title = _("Retire Admiral");
      *description = _("The admiral leaves the game: his formations go to his successor "
                       "(F-FORM-6), or without one carry out their standing orders "
                       "(F-STRAT-5).");
      break;
    case ADM_CORRECTION_ADD_ADMIRAL:
      *title = _("New Admiral");
      *description = _("An admiral joins the game: his name as his papers print it and his "
                       "faction. The other sides are told nothing of him (F-STRAT-3).");
      break;
    case ADM_CORRECTION_STATION:
      *title = _("Station");
      *description = _("A station captured, damaged or destroyed: every later battle in the "
                       "sector sets it up so (F-STN-1).");
      break;
    case ADM_CORRECTION_MINEFIELD:
      *title = _("Clear Mines");
      *description = _("The mines laid in the sector before the cycle being ordered are "
                       "cleared, as a sweep clears them.");
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Fills @row with @labels and @ids (taken), selecting the id @selected when there. */
static void
fill_row (AdwComboRow *row,
          GPtrArray  **ids_out,
          GPtrArray   *labels,
          GPtrArray   *ids,
          const char  *selected)
{
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);
  guint index = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      gtk_string_list_append (model, g_ptr_array_index (labels, i));
      if (g_strcmp0 (g_ptr_array_index (ids, i), selected) == 0)
        index = i;
    }
  g_clear_pointer (ids_out, g_ptr_array_unref);
  *ids_out = g_ptr_array_ref (ids);
  adw_combo_row_set_model (row, G_LIST_MODEL (model));
  if (labels->len > 0)
    adw_combo_row_set_selected (row, index);
  gtk_widget_set_visible (GTK_WIDGET (row), TRUE);
}

/* The id chosen in @row, NULL for none or a choice of none. */
static const char *
row_id (AdwComboRow *row,
        GPtrArray   *ids)
{
  guint selected = adw_combo_row_get_selected (row);
  const char *id;

  if (ids == NULL || selected >= ids->len || !gtk_widget_get_visible (GTK_WIDGET (row)))
    return NULL;
  id = g_ptr_array_index (ids, selected);
  return *id != '\0' ? id : NULL;
}

static AdmStrategy *
strategy (AdmiraltyCorrectionDialog *self)
{
  return adm_state_get_strategy (adm_campaign_get_state (self->campaign));
}

static void
fill_admirals (AdmiraltyCorrectionDialog *self,
               AdwComboRow               *row,
               GPtrArray                **ids_out,
               const char                *none,
               const char                *selected)
{
  GPtrArray *admirals = adm_campaign_get_admirals (self->campaign);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  if (none != NULL)
    {
      g_ptr_array_add (labels, g_strdup (none));
      g_ptr_array_add (ids, g_strdup (""));
    }
  for (guint i = 0; i < admirals->len; i++)
    {
      const AdmAdmiral *admiral = g_ptr_array_index (admirals, i);

      if (adm_strategy_admiral_retired (strategy (self), admiral->id))
        continue;
      /* Translators: an admiral to choose: "Adm. Aral Vorkosigan (Barrayar)" */
      g_ptr_array_add (labels, g_strdup_printf (_("%s (%s)"), admiral->name,
                                                admiral->faction->name));
      g_ptr_array_add (ids, g_strdup (admiral->id));
    }
  fill_row (row, ids_out, labels, ids, selected);
}

static void
fill_sectors (AdmiraltyCorrectionDialog *self,
              const char                *selected)
{
  GPtrArray *sectors = adm_scenario_get_sectors (adm_campaign_get_scenario (self->campaign));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *sector = g_ptr_array_index (sectors, i);

      g_ptr_array_add (labels, g_strdup (sector->name));
      g_ptr_array_add (ids, g_strdup (sector->id));
    }
  fill_row (self->sector_row, &self->sector_ids, labels, ids, selected);
}

/* The formations in being; of @faction only when not NULL; @none first when not NULL. */
static void
fill_formations (AdmiraltyCorrectionDialog *self,
                 AdwComboRow               *row,
                 GPtrArray                **ids_out,
                 const AdmFaction          *faction,
                 const char                *none,
                 const char                *selected)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy (self));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  if (none != NULL)
    {
      g_ptr_array_add (labels, g_strdup (none));
      g_ptr_array_add (ids, g_strdup (""));
    }
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (faction != NULL && formation->faction != faction)
        continue;
      g_ptr_array_add (labels, g_strdup (formation->name));
      g_ptr_array_add (ids, g_strdup (formation->id));
    }
  fill_row (row, ids_out, labels, ids, selected);
}

/* The ships of the formation chosen; "The whole formation" first for a hand-over. */
/* The ships of the formation chosen, @selected (a ship's id, or NULL: the first) chosen. */
static void
fill_ships_selecting (AdmiraltyCorrectionDialog *self,
                      const char                *selected)
{
  const char *formation_id = row_id (self->formation_row, self->formation_ids);
  const AdmFormation *formation = formation_id != NULL
                                  ? adm_strategy_lookup_formation (strategy (self), formation_id)
                                  : NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  if (self->kind == ADM_CORRECTION_HAND_OVER)
    {
      g_ptr_array_add (labels, g_strdup (_("The whole formation")));
      g_ptr_array_add (ids, g_strdup (""));
    }
  for (guint i = 0; formation != NULL && i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);
      AdmShipState *state = adm_state_get_ship (adm_campaign_get_state (self->campaign),
                                                ship->id);

      if (state != NULL && state->fate != ADM_SHIP_FATE_AFLOAT)
        continue;
      /* Translators: a ship to choose: "Prince Serg (Vorpatril)" */
      g_ptr_array_add (labels, g_strdup_printf (_("%s (%s)"), ship->name, ship->klass->name));
      g_ptr_array_add (ids, g_strdup (ship->id));
    }
  fill_row (self->ship_row, &self->ship_ids, labels, ids, selected);
}

static void
fill_ships (AdmiraltyCorrectionDialog *self)
{
  fill_ships_selecting (self, NULL);
}

/* A hand-over goes to an admiral (the whole formation) or a formation (a ship). */
static void
fill_hand_over_targets (AdmiraltyCorrectionDialog *self)
{
  const char *formation_id = row_id (self->formation_row, self->formation_ids);
  const AdmFormation *formation = formation_id != NULL
                                  ? adm_strategy_lookup_formation (strategy (self), formation_id)
                                  : NULL;

  if (formation == NULL)
    return;
  if (row_id (self->ship_row, self->ship_ids) == NULL)
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_row),
                                     _("To Admiral"));
      fill_admirals (self, self->target_row, &self->target_ids, NULL, NULL);
    }
  else
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_row),
                                     _("To Formation"));
      fill_formations (self, self->target_row, &self->target_ids, formation->faction, NULL,
                       NULL);
    }
}

/* Reinforcements: a new formation, or one of the sector's formations they join. */
static void
fill_joins (AdmiraltyCorrectionDialog *self)
{
  const char *sector_id = row_id (self->sector_row, self->sector_ids);
  GPtrArray *formations = adm_strategy_get_formations (strategy (self));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (labels, g_strdup (_("A new formation")));
  g_ptr_array_add (ids, g_strdup (""));
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *position = adm_strategy_get_position (strategy (self),
                                                                        formation->id);

      if (position == NULL || position->sector == NULL ||
          g_strcmp0 (position->sector->id, sector_id) != 0)
        continue;
      g_ptr_array_add (labels, g_strdup (formation->name));
      g_ptr_array_add (ids, g_strdup (formation->id));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_row), _("Joins"));
  fill_row (self->target_row, &self->target_ids, labels, ids, NULL);
}

static void
fill_factions (AdmiraltyCorrectionDialog *self,
               AdwComboRow               *row,
               GPtrArray                **ids_out,
               const char                *selected)
{
  GPtrArray *factions = adm_scenario_get_factions (adm_campaign_get_scenario (self->campaign));
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);

      g_ptr_array_add (labels, g_strdup (faction->name));
      g_ptr_array_add (ids, g_strdup (faction->id));
    }
  fill_row (row, ids_out, labels, ids, selected);
}

/* The stations of the sector chosen, for the station correction. */
static void
fill_stations (AdmiraltyCorrectionDialog *self)
{
  const char *sector_id = row_id (self->sector_row, self->sector_ids);
  const AdmSector *sector = adm_scenario_lookup_sector (adm_campaign_get_scenario (self->campaign),
                                                       sector_id);
  g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; sector != NULL && i < sector->objects->len; i++)
    {
      const AdmSectorObject *object = g_ptr_array_index (sector->objects, i);

      if (g_strcmp0 (object->kind, "station") != 0)
        continue;
      g_ptr_array_add (labels, g_strdup (object->name));
      g_ptr_array_add (ids, g_strdup (object->name));
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_row), _("Station"));
  fill_row (self->target_row, &self->target_ids, labels, ids, NULL);
}

static void
show_entry (AdwEntryRow *row,
            const char  *title,
            const char  *text)
{
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (row), text);
  gtk_widget_set_visible (GTK_WIDGET (row), TRUE);
}

/* The rows @self->kind needs, filled, with @subject chosen where it is offered. */
static void
configure (AdmiraltyCorrectionDialog *self,
           const char                *subject)
{
  const AdmFormation *formation = subject != NULL
                                  ? adm_strategy_lookup_formation (strategy (self), subject)
                                  : NULL;
  /* Opened on a ship (the order of battle's ship row): its formation, the ship chosen. */
  const AdmShip *ship = formation == NULL && subject != NULL
                        ? adm_strategy_lookup_ship (strategy (self), subject) : NULL;
  const char *ship_id = ship != NULL ? ship->id : NULL;
  const char *title, *description;

  if (ship != NULL)
    {
      formation = adm_strategy_formation_of_ship (strategy (self), ship);
      subject = formation != NULL ? formation->id : NULL;
    }
  g_autofree char *cycle = g_strdup_printf ("%u", adm_strategy_get_cycle (strategy (self)));

  kind_texts (self->kind, &title, &description);
  adw_window_title_set_title (self->window_title, title);
  adw_preferences_group_set_description (self->fields_group, description);
  switch (self->kind)
    {
    case ADM_CORRECTION_ADD_FORMATION:
    case ADM_CORRECTION_ADD_SHIP:
      fill_sectors (self, subject);
      fill_joins (self);
      fill_admirals (self, self->admiral_row, &self->admiral_ids, NULL, NULL);
      show_entry (self->name_row, _("Name of the New Formation"), _("Reinforcements"));
      show_entry (self->ships_row, _("Ships (NAME:CLASS:READINESS; …)"), NULL);
      gtk_widget_set_visible (self->hidden_row, TRUE);
      show_entry (self->cycle_row, _("Cycle"), cycle);
      show_entry (self->minute_row, _("Arrives at Minute (empty: now)"), NULL);
      break;
    case ADM_CORRECTION_REPAIR:
    case ADM_CORRECTION_DAMAGE:
    case ADM_CORRECTION_READINESS:
    case ADM_CORRECTION_REMOVE_SHIP:
      fill_formations (self, self->formation_row, &self->formation_ids, NULL, NULL, subject);
      fill_ships_selecting (self, ship_id);
      if (self->kind == ADM_CORRECTION_REPAIR)
        {
          show_entry (self->number_row, _("Hull Points Afterwards (empty: as now)"), NULL);
          show_entry (self->readiness_row, _("Readiness (empty: as now)"), NULL);
          gtk_widget_set_visible (self->criticals_row, TRUE);
        }
      else if (self->kind == ADM_CORRECTION_DAMAGE)
        show_entry (self->number_row, _("Hull Points Lost"), NULL);
      else if (self->kind == ADM_CORRECTION_READINESS)
        show_entry (self->number_row, _("Readiness"), NULL);
      break;
    case ADM_CORRECTION_MOVE:
      fill_formations (self, self->formation_row, &self->formation_ids, NULL, NULL, subject);
      fill_sectors (self, NULL);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->sector_row), _("To Sector"));
      break;
    case ADM_CORRECTION_HAND_OVER:
      fill_formations (self, self->formation_row, &self->formation_ids, NULL, NULL, subject);
      fill_ships_selecting (self, ship_id);
      fill_hand_over_targets (self);
      break;
    case ADM_CORRECTION_RETIRE_ADMIRAL:
      fill_admirals (self, self->admiral_row, &self->admiral_ids, NULL,
                     formation != NULL && formation->admiral != NULL ? formation->admiral->id
                                                                     : subject);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->target_row), _("Successor"));
      fill_admirals (self, self->target_row, &self->target_ids,
                     _("None: standing orders (F-STRAT-5)"), NULL);
      break;
    case ADM_CORRECTION_ADD_ADMIRAL:
      show_entry (self->name_row, _("Name as His Papers Print It"), NULL);
      fill_factions (self, self->faction_row, &self->faction_ids, NULL);
      break;
    case ADM_CORRECTION_STATION:
      fill_sectors (self, subject);
      fill_stations (self);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->faction_row), _("Owner"));
      fill_factions (self, self->faction_row, &self->faction_ids, NULL);
      show_entry (self->number_row, _("Hull Points Lost (empty: as now)"), NULL);
      gtk_widget_set_visible (self->destroyed_row, TRUE);
      break;
    case ADM_CORRECTION_MINEFIELD:
      fill_sectors (self, subject);
      break;
    default:
      g_assert_not_reached ();
    }
}

static void queue_live_check (AdmiraltyCorrectionDialog *self);

static void
set_problem (AdmiraltyCorrectionDialog *self,
             const char                *problem)
{
  gtk_label_set_text (self->problem_label, problem != NULL ? problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), problem != NULL);
}

/* A choice changed: the lists that follow from it made anew; a refusal shown is of what
 * was chosen before, and goes. */
static void
notify_cb (AdmiraltyCorrectionDialog *self,
           GParamSpec                *pspec,
           GObject                   *row)
{
  gboolean reinforcements = self->kind == ADM_CORRECTION_ADD_FORMATION ||
                            self->kind == ADM_CORRECTION_ADD_SHIP;

  if (self->campaign == NULL || self->filling)
    return;
  self->filling = TRUE;
  if (row == G_OBJECT (self->formation_row) &&
      gtk_widget_get_visible (GTK_WIDGET (self->ship_row)))
    fill_ships (self);
  if (self->kind == ADM_CORRECTION_HAND_OVER &&
      (row == G_OBJECT (self->formation_row) || row == G_OBJECT (self->ship_row)))
    fill_hand_over_targets (self);
  if (row == G_OBJECT (self->sector_row) && reinforcements)
    fill_joins (self);
  if (row == G_OBJECT (self->sector_row) && self->kind == ADM_CORRECTION_STATION)
    fill_stations (self);
  self->filling = FALSE;
  set_problem (self, NULL);
  queue_live_check (self);
}

/* Typing: a refusal shown is of what was typed before, and goes; the check of what is typed
 * now comes once the master pauses. */
static void
changed_cb (AdmiraltyCorrectionDialog *self)
{
  if (self->filling)
    return;
  set_problem (self, NULL);
  queue_live_check (self);
}

/* What is typed in @row, NULL when nothing (white space) is. */
static char *
typed (AdwEntryRow *row)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));

  return *text != '\0' && gtk_widget_get_visible (GTK_WIDGET (row))
         ? g_steal_pointer (&text) : NULL;
}

/* The ships typed, one NAME:CLASS:READINESS each, separated by semicolons or new lines. */
static GStrv
typed_ships (AdmiraltyCorrectionDialog *self)
{
  g_autofree char *text = typed (self->ships_row);
  g_auto(GStrv) parts = g_strsplit_set (text != NULL ? text : "", ";\n", -1);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (*parts[i] != '\0')
        g_strv_builder_add (builder, parts[i]);
    }
  return g_strv_builder_end (builder);
}

/* What the rows hold, as a correction, and the strings it points to. */
typedef struct {
  AdmCorrection  correction;
  char          *name;
  char          *number;
  char          *readiness;
  char          *cycle;
  char          *minute;
  char          *reason;
  char          *admiral_id;
  GStrv          ships;
} Typed;

static void
typed_clear (Typed *typed_in)
{
  g_free (typed_in->name);
  g_free (typed_in->number);
  g_free (typed_in->readiness);
  g_free (typed_in->cycle);
  g_free (typed_in->minute);
  g_free (typed_in->reason);
  g_free (typed_in->admiral_id);
  g_strfreev (typed_in->ships);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Typed, typed_clear)

/* The correction the rows say, into @out. */
static void
gather (AdmiraltyCorrectionDialog *self,
        Typed                     *out)
{
  const char *target = row_id (self->target_row, self->target_ids);
  AdmCorrection *correction = &out->correction;

  out->name = typed (self->name_row);
  out->number = typed (self->number_row);
  out->readiness = typed (self->readiness_row);
  out->cycle = typed (self->cycle_row);
  out->minute = typed (self->minute_row);
  out->reason = typed (self->reason_row);
  out->ships = typed_ships (self);
  *correction = (AdmCorrection) {
    .kind = self->kind,
    .ship = row_id (self->ship_row, self->ship_ids),
    .formation = row_id (self->formation_row, self->formation_ids),
    .admiral = row_id (self->admiral_row, self->admiral_ids),
    .sector = row_id (self->sector_row, self->sector_ids),
    .reason = out->reason,
  };

  switch (self->kind)
    {
    case ADM_CORRECTION_ADD_FORMATION:
    case ADM_CORRECTION_ADD_SHIP:
      /* Joining a formation in being is add-ship; a new formation is add-formation. */
      correction->kind = target != NULL ? ADM_CORRECTION_ADD_SHIP
                                        : ADM_CORRECTION_ADD_FORMATION;
      correction->formation = target;
      if (target != NULL)
        correction->admiral = correction->sector = NULL;
      correction->new_ships = (const char *const *) out->ships;
      correction->name = target == NULL ? out->name : NULL;
      correction->hidden = target == NULL && gtk_switch_get_active (self->hidden_switch);
      correction->cycle = out->minute != NULL && target == NULL ? out->cycle : NULL;
      correction->minute = target == NULL ? out->minute : NULL;
      break;
    case ADM_CORRECTION_REPAIR:
      correction->hull = out->number;
      correction->readiness = out->readiness;
      correction->criticals = gtk_switch_get_active (self->criticals_switch) ? "none" : NULL;
      break;
    case ADM_CORRECTION_DAMAGE:
      correction->points = out->number;
      break;
    case ADM_CORRECTION_READINESS:
      correction->readiness = out->number;
      break;
    case ADM_CORRECTION_HAND_OVER:
      if (correction->ship != NULL)
        correction->formation = target;
      else
        correction->admiral = target;
      break;
    case ADM_CORRECTION_RETIRE_ADMIRAL:
      correction->successor = target;
      break;
    case ADM_CORRECTION_ADD_ADMIRAL:
      out->admiral_id = out->name != NULL ? adm_id_from_name (out->name) : NULL;
      correction->admiral = out->admiral_id;
      correction->name = out->name;
      correction->faction = row_id (self->faction_row, self->faction_ids);
      break;
    case ADM_CORRECTION_STATION:
      correction->station = target;
      correction->owner = row_id (self->faction_row, self->faction_ids);
      correction->damage = out->number;
      correction->destroyed = gtk_switch_get_active (self->destroyed_switch);
      break;
    default:
      break;
    }
}

/* The engine's word on what the rows hold now, shown as the master types: the one check of
 * the correction, nothing recorded (adm_correction_check ()). The reason, typed last, is
 * stood in for while empty, so that its absence is said only by Record. */
static gboolean
live_check_cb (gpointer data)
{
  AdmiraltyCorrectionDialog *self = data;
  g_auto(Typed) typed_now = { { 0, }, };
  g_autoptr(GError) error = NULL;

  self->check_source = 0;
  if (self->campaign == NULL)
    return G_SOURCE_REMOVE;
  gather (self, &typed_now);
  if (typed_now.correction.reason == NULL)
    typed_now.correction.reason = "…";
  if (adm_correction_check (adm_campaign_get_state (self->campaign), &typed_now.correction,
                            adm_clock_now (), &error))
    set_problem (self, NULL);
  else
    set_problem (self, error->message);
  return G_SOURCE_REMOVE;
}

/* A change of the master's: the check runs once he pauses. */
static void
queue_live_check (AdmiraltyCorrectionDialog *self)
{
  g_clear_handle_id (&self->check_source, g_source_remove);
  self->check_source = g_timeout_add (LIVE_CHECK_DELAY_MS, live_check_cb, self);
}

static void
record_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  AdmiraltyCorrectionDialog *self = ADMIRALTY_CORRECTION_DIALOG (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *action = NULL;
  g_auto(Typed) typed_now = { { 0, }, };
  AdmCorrection correction;

  g_clear_handle_id (&self->check_source, g_source_remove);
  gather (self, &typed_now);
  correction = typed_now.correction;
  /* The engine's one check decides; a refusal stays in the dialog, nothing changed. */
  if (!adm_correction_record (self->campaign, &correction, adm_clock_now (), &error))
    {
      set_problem (self, error->message);
      return;
    }
  action = adm_campaign_describe_undo (self->campaign);
  g_signal_emit (self, signals[SIGNAL_RECORDED], 0, action);
  gtk_window_close (GTK_WINDOW (self));
}

static void
admiralty_correction_dialog_dispose (GObject *object)
{
  AdmiraltyCorrectionDialog *self = ADMIRALTY_CORRECTION_DIALOG (object);

  g_clear_handle_id (&self->check_source, g_source_remove);
  g_clear_object (&self->campaign);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_CORRECTION_DIALOG);
  G_OBJECT_CLASS (admiralty_correction_dialog_parent_class)->dispose (object);
}

static void
admiralty_correction_dialog_finalize (GObject *object)
{
  AdmiraltyCorrectionDialog *self = ADMIRALTY_CORRECTION_DIALOG (object);

  g_clear_pointer (&self->admiral_ids, g_ptr_array_unref);
  g_clear_pointer (&self->sector_ids, g_ptr_array_unref);
  g_clear_pointer (&self->formation_ids, g_ptr_array_unref);
  g_clear_pointer (&self->ship_ids, g_ptr_array_unref);
  g_clear_pointer (&self->target_ids, g_ptr_array_unref);
  g_clear_pointer (&self->faction_ids, g_ptr_array_unref);
  G_OBJECT_CLASS (admiralty_correction_dialog_parent_class)->finalize (object);
}

static void
admiralty_correction_dialog_class_init (AdmiraltyCorrectionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_correction_dialog_dispose;
  object_class->finalize = admiralty_correction_dialog_finalize;

  signals[SIGNAL_RECORDED] =
    g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/admiralty/Admiralty/"
                                               "admiralty-correction-dialog.ui");
#define CHILD(name) \
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyCorrectionDialog, name)
  CHILD (window_title);
  CHILD (fields_group);
  CHILD (admiral_row);
  CHILD (sector_row);
  CHILD (formation_row);
  CHILD (ship_row);
  CHILD (target_row);
  CHILD (faction_row);
  CHILD (name_row);
  CHILD (ships_row);
  CHILD (number_row);
  CHILD (readiness_row);
  CHILD (criticals_row);
  CHILD (criticals_switch);
  CHILD (hidden_row);
  CHILD (hidden_switch);
  CHILD (destroyed_row);
  CHILD (destroyed_switch);
  CHILD (cycle_row);
  CHILD (minute_row);
  CHILD (reason_row);
  CHILD (problem_label);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, notify_cb);
  gtk_widget_class_install_action (widget_class, "correction.record", NULL, record_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
admiralty_correction_dialog_init (AdmiraltyCorrectionDialog *self)
{
  AdwComboRow **rows[] = { &self->admiral_row, &self->sector_row, &self->formation_row,
                           &self->ship_row, &self->target_row, &self->faction_row };

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    admiralty_wrapping_choices (*rows[i]);
}

AdmiraltyCorrectionDialog *
admiralty_correction_dialog_new (GtkWindow         *parent,
                                 AdmCampaign       *campaign,
                                 AdmCorrectionKind  kind,
                                 const char        *subject)
{
  AdmiraltyCorrectionDialog *self;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (action_names), NULL);

  self = g_object_new (ADMIRALTY_TYPE_CORRECTION_DIALOG, "transient-for", parent, NULL);
  self->campaign = g_object_ref (campaign);
  self->kind = kind;
  self->filling = TRUE;
  configure (self, subject != NULL && *subject != '\0' ? subject : NULL);
  self->filling = FALSE;
  return self;
}

AdmCorrectionKind
admiralty_correction_dialog_get_kind (AdmiraltyCorrectionDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CORRECTION_DIALOG (self), 0);
  return self->kind;
}

const char *
admiralty_correction_dialog_get_problem (AdmiraltyCorrectionDialog *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_CORRECTION_DIALOG (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->problem_label))
         ? gtk_label_get_text (self->problem_label) : NULL;
}
