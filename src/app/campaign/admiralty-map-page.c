/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-map-page.c: the Sector Map tab (see the header). */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-correction-dialog.h"
#include "admiralty-faction-dot.h"
#include "admiralty-map-page-private.h"
#include "admiralty-plain-text.h"
#include "adm-audience.h"
#include "adm-sector-battle.h"
#include "admiralty-tooltip.h"

G_DEFINE_FINAL_TYPE (AdmiraltyMapPage, admiralty_map_page, ADW_TYPE_BIN)

/* The card for the selected sector: its formations by faction, and its battle. */

/* The master's corrections of @faction's formations of @formations in the card: a submenu a
 * formation (admiralty-correction-dialog.h). */
static GtkWidget *
faction_correct_button (const AdmFaction *faction,
                        GPtrArray        *formations)
{
  GtkWidget *button = gtk_menu_button_new ();
  g_autoptr(GMenu) menu = g_menu_new ();
  /* Translators: the tooltip of a side's Correct button in the sector card, "Correct a
   * Formation of Barrayaran Imperium" */
  g_autofree char *tooltip = g_strdup_printf (_("Correct a Formation of %s"), faction->name);

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      g_autoptr(GMenuModel) sub = NULL;

      if (formation->faction != faction)
        continue;
      sub = admiralty_correction_formation_menu (formation, NULL);
      g_menu_append_submenu (menu, formation->name, sub);
    }
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "document-edit-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  admiralty_tooltip_set (button, tooltip);
  gtk_widget_set_valign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static GtkWidget *
sector_faction_row (AdmiraltySectorMap *map,
                    const AdmFaction   *faction,
                    GPtrArray          *formations,
                    gboolean            master)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *dot = admiralty_faction_dot_new (faction);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = gtk_label_new (faction->name);
  g_autoptr(GString) lines = g_string_new (NULL);
  GtkWidget *list;

  /* The window's style sheet colours the dot (admiralty_window_update_faction_css ()). */
  gtk_widget_set_valign (dot, GTK_ALIGN_START);
  gtk_widget_set_margin_top (dot, 3);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  /* Asking for its whole line, wrapped only when the bar has no room for it: a wrapping
   * label asks for no more than its longest word by default, and the flow box gives it
   * little more. */
  gtk_label_set_natural_wrap_mode (GTK_LABEL (name), GTK_NATURAL_WRAP_NONE);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      guint ships = 0, cycle = 0;

      if (formation->faction != faction)
        continue;
      if (lines->len > 0)
        g_string_append_c (lines, '\n');
      /* F-STRAT-3: ships as far as the map's audience has seen them, through the one filter. */
      if (!admiralty_sector_map_ship_count (map, formation, &ships, &cycle))
        g_string_append (lines, formation->name);
      else if (cycle > 0)
        /* Translators: an enemy formation out of contact in the sector card, "Jade Squadron ·
         * 4 ships when seen in cycle 2" */
        g_string_append_printf (lines, ngettext ("%s · %u ship when seen in cycle %u",
                                                 "%s · %u ships when seen in cycle %u", ships),
                                formation->name, ships, cycle);
      else
        /* Translators: a formation in the sector card, "First Squadron · 4 ships" */
        g_string_append_printf (lines, ngettext ("%s · %u ship", "%s · %u ships", ships),
                                formation->name, ships);
    }
  list = gtk_label_new (lines->str);
  gtk_label_set_xalign (GTK_LABEL (list), 0);
  gtk_label_set_wrap (GTK_LABEL (list), TRUE);
  gtk_label_set_natural_wrap_mode (GTK_LABEL (list), GTK_NATURAL_WRAP_NONE);
  gtk_widget_add_css_class (list, "caption");
  gtk_widget_add_css_class (list, "dim-label");

  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), list);
  gtk_box_append (GTK_BOX (row), dot);
  gtk_box_append (GTK_BOX (row), text);
  /* The master corrects a formation from its side's fleet in the card. */
  if (master)
    gtk_box_append (GTK_BOX (row), faction_correct_button (faction, formations));
  return row;
}

static void
reveal_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    AdmiraltyMapPage *self)
{
  if (g_strcmp0 (response, "cancel") != 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.reveal-formation", "s", response);
}

/* "Reveal to Everyone…": which hidden formation of the selected sector to show the public. */
static void
sector_reveal_clicked_cb (AdmiraltyMapPage *self)
{
  const char *id = admiralty_sector_map_get_selected_sector (self->sector_map);
  AdmCampaign *campaign = admiralty_sector_map_get_campaign (self->sector_map);
  g_autoptr(GPtrArray) hidden = NULL;
  AdwMessageDialog *dialog;

  if (id == NULL || campaign == NULL)
    return;
  hidden = adm_audience_hidden_from_public (adm_state_get_strategy (adm_campaign_get_state (campaign)),
                                            id);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                       _("Reveal to Everyone?"),
                                                       _("The formation will be shown on the "
                                                         "public map and the projector, and "
                                                         "every side will know of it. Undo takes "
                                                         "it back.")));
  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  for (guint i = 0; i < hidden->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (hidden, i);
      /* Translators: a button of the reveal dialog, "Reveal Autumn Screen" */
      g_autofree char *label = g_strdup_printf (_("Reveal %s"), formation->name);

      adw_message_dialog_add_response (dialog, formation->id, label);
    }
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (reveal_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Each formation of @sector_id and each other admiral of its faction it may be given to
 * (F-BOARD-17, ruling "prize-admiral": the master reassigns a prize, or any formation), as
 * "FORMATION ADMIRAL" pairs of ids, in the map's order of formations. */
static GPtrArray *
assignable_pairs (AdmiraltyMapPage *self,
                  const char       *sector_id)
{
  AdmScenario *scenario = admiralty_sector_map_get_scenario (self->sector_map);
  g_autoptr(GPtrArray) formations = admiralty_sector_map_list_formations (self->sector_map,
                                                                          sector_id);
  GPtrArray *pairs = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *admirals = adm_scenario_get_admirals (scenario);

  for (guint i = 0; formations != NULL && i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      for (guint j = 0; j < admirals->len; j++)
        {
          const AdmAdmiral *admiral = g_ptr_array_index (admirals, j);

          if (admiral->faction == formation->faction && admiral != formation->admiral)
            g_ptr_array_add (pairs, g_strdup_printf ("%s %s", formation->id, admiral->id));
        }
    }
  return pairs;
}

static void
assign_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    AdmiraltyMapPage *self)
{
  g_auto(GStrv) ids = NULL;

  if (g_strcmp0 (response, "cancel") == 0)
    return;
  ids = g_strsplit (response, " ", 2);
  if (g_strv_length (ids) == 2)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.assign-formation", "(ss)", ids[0],
                                ids[1]);
}

/* "Give to Admiral…": which formation of the selected sector goes to which admiral. */
static void
sector_assign_clicked_cb (AdmiraltyMapPage *self)
{
  const char *id = admiralty_sector_map_get_selected_sector (self->sector_map);
  AdmScenario *scenario = admiralty_sector_map_get_scenario (self->sector_map);
  g_autoptr(GPtrArray) formations = NULL;
  g_autoptr(GPtrArray) pairs = NULL;
  AdwMessageDialog *dialog;

  if (id == NULL || scenario == NULL)
    return;
  pairs = assignable_pairs (self, id);
  formations = admiralty_sector_map_list_formations (self->sector_map, id);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                       _("Give to Another Admiral?"),
                                                       _("The formation goes to the admiral "
                                                         "chosen: his reports, fleet cards and "
                                                         "order sheets list it from now on. Undo "
                                                         "takes it back.")));
  adw_message_dialog_add_response (dialog, "cancel", _("_Cancel"));
  for (guint i = 0; i < pairs->len; i++)
    {
      g_auto(GStrv) ids = g_strsplit (g_ptr_array_index (pairs, i), " ", 2);
      const AdmAdmiral *admiral = adm_scenario_lookup_admiral (scenario, ids[1]);
      const char *name = ids[0];
      g_autofree char *label = NULL;

      for (guint j = 0; j < formations->len; j++)
        {
          const AdmFormation *formation = g_ptr_array_index (formations, j);

          if (g_str_equal (formation->id, ids[0]))
            name = formation->name;
        }
      /* Translators: a button of the dialog, "Give Prize of Kestrel to Adm. Lord Vorlakial" */
      label = g_strdup_printf (_("Give %s to %s"), name, admiral->name);
      adw_message_dialog_add_response (dialog, g_ptr_array_index (pairs, i), label);
    }
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (assign_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* A menu item of the action of the correction @kind, on @subject. */
static void
append_correction (GMenu             *menu,
                   const char        *label,
                   AdmCorrectionKind  kind,
                   const char        *subject)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  g_menu_item_set_action_and_target (item, admiralty_correction_action_name (kind), "s",
                                     subject);
  g_menu_append_item (menu, item);
}

/* The master's corrections in sector @sector, and for each of @formations (AdmFormation*)
 * there, a submenu of its own (admiralty-correction-dialog.h). */
static GMenuModel *
corrections_menu (const AdmSector *sector,
                  GPtrArray       *formations)
{
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) here = g_menu_new ();
  g_autoptr(GMenu) each = g_menu_new ();
  gboolean station = FALSE;

  append_correction (here, _("_Reinforcements…"), ADM_CORRECTION_ADD_FORMATION, sector->id);
  for (guint i = 0; i < sector->objects->len; i++)
    station |= g_strcmp0 (((AdmSectorObject *) g_ptr_array_index (sector->objects, i))->kind,
                          "station") == 0;
  if (station)
    append_correction (here, _("_Station…"), ADM_CORRECTION_STATION, sector->id);
  append_correction (here, _("Clear _Mines…"), ADM_CORRECTION_MINEFIELD, sector->id);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (here));
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      g_autoptr(GMenuModel) sub = admiralty_correction_formation_menu (formation, NULL);

      g_menu_append_submenu (each, formation->name, sub);
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (each));
  return G_MENU_MODEL (menu);
}

static void
admiralty_map_page_update_sector_info (AdmiraltyMapPage *self)
{
  const char *id = admiralty_sector_map_get_selected_sector (self->sector_map);
  AdmScenario *scenario = admiralty_sector_map_get_scenario (self->sector_map);
  g_autoptr(GPtrArray) formations = NULL;
  g_autoptr(GPtrArray) factions = g_ptr_array_new ();
  g_autofree char *hint = NULL;
  AdmSector *sector = NULL;
  GtkWidget *child;
  guint ships = 0;
  gboolean counted = TRUE;  /* every formation's ships known as they are now */
  gboolean engaging = FALSE;  /* an enemy station is the other side here */

  if (id != NULL && scenario != NULL)
    sector = adm_scenario_lookup_sector (scenario, id);
  gtk_widget_set_visible (self->sector_info, sector != NULL);
  gtk_widget_set_visible (self->sector_info_empty, sector == NULL);
  if (sector == NULL)
    return;

  /* Where the campaign has its formations now, as the map draws them. */
  formations = admiralty_sector_map_list_formations (self->sector_map, sector->id);
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      guint n = 0, cycle = 0;

      if (admiralty_sector_map_ship_count (self->sector_map, formation, &n, &cycle) && cycle == 0)
        ships += n;
      else
        counted = FALSE;
      if (!g_ptr_array_find (factions, formation->faction, NULL))
        g_ptr_array_add (factions, (gpointer) formation->faction);
    }

  gtk_label_set_label (self->sector_info_title, sector->name);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->sector_info_factions))) != NULL)
    gtk_flow_box_remove (self->sector_info_factions, child);
  for (guint i = 0; i < factions->len; i++)
    {
      gboolean master = admiralty_sector_map_get_campaign (self->sector_map) != NULL &&
                        admiralty_sector_map_get_audience (self->sector_map) ==
                          ADMIRALTY_SECTOR_AUDIENCE_MASTER;

      child = sector_faction_row (self->sector_map, g_ptr_array_index (factions, i), formations,
                                  master);
      gtk_flow_box_append (self->sector_info_factions, child);
      gtk_widget_set_focusable (gtk_widget_get_parent (child), FALSE);
    }
  /* F-STRAT-3: on a side's map, the hidden enemies it last saw here and sees no more. */
  {
    AdmiraltySectorOptions options;
    g_autoptr(GPtrArray) ghosts = NULL;

    admiralty_sector_map_get_options (self->sector_map, &options);
    ghosts = admiralty_sector_last_seen_in (scenario, &options, sector);
    for (guint i = 0; i < ghosts->len; i++)
      {
        const AdmSighting *sighting = g_ptr_array_index (ghosts, i);
        g_autofree char *seen = g_strdup_printf (ngettext ("%u ship", "%u ships",
                                                           sighting->ships), sighting->ships);
        g_autofree char *text = g_strdup_printf (_("%s · %s · last seen at %s, cycle %u (%s)"),
                                                 sighting->formation->name,
                                                 sighting->formation->faction->name,
                                                 sighting->sector->name, sighting->cycle, seen);

        child = gtk_label_new (text);
        gtk_label_set_xalign (GTK_LABEL (child), 0);
        gtk_label_set_wrap (GTK_LABEL (child), TRUE);
        gtk_label_set_natural_wrap_mode (GTK_LABEL (child), GTK_NATURAL_WRAP_NONE);
        gtk_widget_add_css_class (child, "caption");
        gtk_widget_add_css_class (child, "dim-label");
        gtk_flow_box_append (self->sector_info_factions, child);
        gtk_widget_set_focusable (gtk_widget_get_parent (child), FALSE);
      }
  }

  /* F-STN-1: on the master's map, what his corrections made of the sector's stations. */
  for (guint i = 0; i < sector->objects->len; i++)
    {
      const AdmSectorObject *object = g_ptr_array_index (sector->objects, i);
      AdmCampaign *campaign = admiralty_sector_map_get_campaign (self->sector_map);
      const AdmStationState *station =
        campaign != NULL && g_strcmp0 (object->kind, "station") == 0 &&
        admiralty_sector_map_get_audience (self->sector_map) == ADMIRALTY_SECTOR_AUDIENCE_MASTER
          ? adm_state_get_station (adm_campaign_get_state (campaign), sector->id, object->name)
          : NULL;
      g_autofree char *text = NULL;

      if (station == NULL)
        continue;
      if (station->destroyed)
        /* Translators: the sector card, "Pol Six · destroyed" */
        text = g_strdup_printf (_("%s · destroyed"), object->name);
      else
        /* Translators: the sector card, "Pol Six · held by Barrayaran Imperium · 4 hull
         * points lost" */
        text = g_strdup_printf (ngettext ("%s · held by %s · %d hull point lost",
                                          "%s · held by %s · %d hull points lost",
                                          station->damage),
                                object->name,
                                station->owner != NULL ? station->owner->name : _("no one"),
                                station->damage);
      child = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (child), 0);
      gtk_label_set_wrap (GTK_LABEL (child), TRUE);
      gtk_label_set_natural_wrap_mode (GTK_LABEL (child), GTK_NATURAL_WRAP_NONE);
      gtk_widget_add_css_class (child, "caption");
      gtk_flow_box_append (self->sector_info_factions, child);
      gtk_widget_set_focusable (gtk_widget_get_parent (child), FALSE);
    }

  /* F-TAC-1: a battle needs two factions; the button stays to say where it would be. Ruling
   * "station-engagement": a station held by an enemy of the one faction here is the other,
   * or, as the ruling reads otherwise, says why it is not — on the master's map, which shows
   * who holds each station now (F-STN-1 above). */
  if (factions->len == 1 &&
      admiralty_sector_map_get_audience (self->sector_map) == ADMIRALTY_SECTOR_AUDIENCE_MASTER)
    {
      AdmCampaign *campaign = admiralty_sector_map_get_campaign (self->sector_map);
      g_autoptr(GPtrArray) stations =
        adm_sector_hostile_stations (scenario,
                                     campaign != NULL ? adm_campaign_get_state (campaign) : NULL,
                                     sector, factions);

      if (stations->len > 0)
        {
          const AdmHeldStation *station = g_ptr_array_index (stations, 0);

          engaging = adm_sector_stations_engage (scenario);
          hint = engaging
            /* Translators: the sector card: "Pol Six of Pol meets them." */
            ? g_strdup_printf (_("%s of %s meets them."), station->object->name,
                               station->owner->name)
            /* Translators: the sector card: "No enemies meet here: Pol Six of Pol fights only
             * beside its owner’s formations." */
            : g_strdup_printf (_("No enemies meet here: %s of %s fights only beside its "
                                 "owner’s formations."), station->object->name,
                               station->owner->name);
        }
    }
  if (factions->len == 0)
    hint = g_strdup (_("No formations are here."));
  else if (factions->len == 1 && hint == NULL)
    hint = g_strdup (_("No enemies meet here."));
  else if (factions->len > 1)
    {
      g_autofree char *n_formations =
        g_strdup_printf (ngettext ("%u formation", "%u formations", formations->len),
                         formations->len);
      g_autofree char *n_ships = g_strdup_printf (ngettext ("%u ship", "%u ships", ships), ships);

      /* Translators: under a sector's name, "4 formations · 13 ships"; the ships only when the
       * audience knows every formation's as it is now */
      hint = counted ? g_strdup_printf (_("%s · %s"), n_formations, n_ships)
                     : g_strdup (n_formations);
    }
  gtk_label_set_label (self->sector_info_hint, hint);
  /* F-STRAT-3: the master may reveal a hidden formation of this sector to everyone. */
  {
    AdmCampaign *campaign = admiralty_sector_map_get_campaign (self->sector_map);
    g_autoptr(GPtrArray) hidden =
      campaign != NULL
        ? adm_audience_hidden_from_public (adm_state_get_strategy (adm_campaign_get_state (campaign)),
                                           sector->id)
        : NULL;

    gtk_widget_set_visible (self->sector_reveal_button,
                            hidden != NULL && hidden->len > 0 &&
                            admiralty_sector_map_get_audience (self->sector_map) ==
                              ADMIRALTY_SECTOR_AUDIENCE_MASTER);
  }
  /* F-BOARD-17: the master may give a formation of this sector to another admiral. */
  {
    g_autoptr(GPtrArray) pairs = assignable_pairs (self, sector->id);

    gtk_widget_set_visible (self->sector_assign_button,
                            pairs->len > 0 && admiralty_sector_map_get_campaign (self->sector_map) != NULL &&
                            admiralty_sector_map_get_audience (self->sector_map) ==
                              ADMIRALTY_SECTOR_AUDIENCE_MASTER);
  }
  /* The master's corrections, on the map he sees everything on. */
  {
    gboolean master = admiralty_sector_map_get_campaign (self->sector_map) != NULL &&
                      admiralty_sector_map_get_audience (self->sector_map) ==
                        ADMIRALTY_SECTOR_AUDIENCE_MASTER;
    g_autoptr(GMenuModel) menu = master ? corrections_menu (sector, formations) : NULL;

    gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->sector_correct_button), menu);
    gtk_widget_set_visible (self->sector_correct_button, master);
  }
  gtk_widget_set_sensitive (self->sector_battle_button, factions->len >= 2 || engaging);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->sector_battle_button), "s", sector->id);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->sector_battle_button),
                                  "win.open-sector-battle");
}

static void
selected_sector_cb (AdmiraltyMapPage   *self,
                    GParamSpec         *pspec,
                    AdmiraltySectorMap *map)
{
  admiralty_map_page_update_sector_info (self);
}

/* The "Show" drop-down: the master's picture, the public one, then one per faction. */
enum {
  MAP_VIEW_MASTER,
  MAP_VIEW_PUBLIC,
  MAP_VIEW_FIRST_SIDE,
};

static void
admiralty_map_page_update_map_views (AdmiraltyMapPage *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GPtrArray *factions = adm_scenario_get_factions (adm_campaign_get_scenario (self->campaign));

  gtk_string_list_append (list, _("Everything (master)"));
  gtk_string_list_append (list, _("Public map (projector)"));
  g_ptr_array_set_size (self->map_view_factions, 0);
  for (guint i = 0; i < factions->len; i++)
    {
      const AdmFaction *faction = g_ptr_array_index (factions, i);
      /* Translators: in the sector map's "Show" drop-down, what one side knows */
      g_autofree char *label = g_strdup_printf (_("As %s sees it"), faction->name);

      gtk_string_list_append (list, label);
      g_ptr_array_add (self->map_view_factions, g_strdup (faction->id));
    }
  gtk_drop_down_set_model (self->map_view_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->map_view_dropdown, MAP_VIEW_MASTER);
}

static void
map_view_selected_cb (AdmiraltyMapPage *self,
                      GParamSpec       *pspec,
                      GtkDropDown      *dropdown)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (selected == GTK_INVALID_LIST_POSITION || selected == MAP_VIEW_MASTER)
    admiralty_sector_map_set_audience (self->sector_map, ADMIRALTY_SECTOR_AUDIENCE_MASTER, NULL);
  else if (selected == MAP_VIEW_PUBLIC)
    admiralty_sector_map_set_audience (self->sector_map, ADMIRALTY_SECTOR_AUDIENCE_PUBLIC, NULL);
  else if (selected - MAP_VIEW_FIRST_SIDE < self->map_view_factions->len)
    admiralty_sector_map_set_audience (self->sector_map, ADMIRALTY_SECTOR_AUDIENCE_SIDE,
                                       g_ptr_array_index (self->map_view_factions,
                                                          selected - MAP_VIEW_FIRST_SIDE));
  /* A player screen for the side shown. */
  if (selected != GTK_INVALID_LIST_POSITION && selected >= MAP_VIEW_FIRST_SIDE &&
      selected - MAP_VIEW_FIRST_SIDE < self->map_view_factions->len)
    {
      gtk_actionable_set_action_target (GTK_ACTIONABLE (self->player_screen_button), "s",
                                        g_ptr_array_index (self->map_view_factions,
                                                           selected - MAP_VIEW_FIRST_SIDE));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->player_screen_button),
                                      "win.player-screen");
    }
  else
    {
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->player_screen_button), NULL);
      gtk_widget_set_sensitive (self->player_screen_button, FALSE);
    }
}

static void
map_formations_changed_cb (AdmiraltyMapPage   *self,
                           AdmiraltySectorMap *map)
{
  admiralty_map_page_update_sector_info (self);
}

/* Double-click or Enter on a sector: its battle, as the card's button opens it. */
static void
sector_activated_cb (AdmiraltyMapPage   *self,
                     const char         *sector_id,
                     AdmiraltySectorMap *map)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.open-sector-battle", "s", sector_id);
}

void
admiralty_map_page_set_campaign (AdmiraltyMapPage *self,
                                 AdmCampaign      *campaign)
{
  g_return_if_fail (ADMIRALTY_IS_MAP_PAGE (self));
  g_return_if_fail (campaign == NULL || ADM_IS_CAMPAIGN (campaign));

  /* The same campaign changed: the map says so itself ("formations-changed"). */
  if (!g_set_object (&self->campaign, campaign))
    return;
  if (campaign != NULL)
    admiralty_map_page_update_map_views (self);
  /* F-STRAT-8: the strategic map of the scenario's sectors, with the campaign's formations
   * where they are now. */
  admiralty_sector_map_set_campaign (self->sector_map, campaign);
  admiralty_map_page_update_sector_info (self);
}

AdmiraltySectorMap *
admiralty_map_page_get_sector_map (AdmiraltyMapPage *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_MAP_PAGE (self), NULL);

  return self->sector_map;
}

static void
admiralty_map_page_dispose (GObject *object)
{
  AdmiraltyMapPage *self = ADMIRALTY_MAP_PAGE (object);

  g_clear_object (&self->campaign);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_MAP_PAGE);

  G_OBJECT_CLASS (admiralty_map_page_parent_class)->dispose (object);
}

static void
admiralty_map_page_finalize (GObject *object)
{
  AdmiraltyMapPage *self = ADMIRALTY_MAP_PAGE (object);

  g_ptr_array_unref (self->map_view_factions);

  G_OBJECT_CLASS (admiralty_map_page_parent_class)->finalize (object);
}

static void
admiralty_map_page_class_init (AdmiraltyMapPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = admiralty_map_page_dispose;
  object_class->finalize = admiralty_map_page_finalize;

  g_type_ensure (ADMIRALTY_TYPE_SECTOR_MAP);
  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-map-page.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_map);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, map_view_dropdown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, player_screen_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_info);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_info_empty);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_info_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_info_factions);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_info_hint);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_battle_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_reveal_button);
  gtk_widget_class_bind_template_callback (widget_class, map_view_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, sector_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, map_formations_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, selected_sector_cb);
  gtk_widget_class_bind_template_callback (widget_class, sector_reveal_clicked_cb);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_assign_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyMapPage, sector_correct_button);
  gtk_widget_class_bind_template_callback (widget_class, sector_assign_clicked_cb);
}

static void
admiralty_map_page_init (AdmiraltyMapPage *self)
{
  self->map_view_factions = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_init_template (GTK_WIDGET (self));
  admiralty_wrapping_choices (self->map_view_dropdown);
}
