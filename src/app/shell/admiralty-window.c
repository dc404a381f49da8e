/* SPDX-License-Identifier: GPL-3.0-or-later */
/* admiralty-window.c: the main window and the views of its campaign. */

#include "config.h"

#include <glib/gi18n.h>

#include "admiralty-battle-page.h"
#include "admiralty-faction-dot.h"
#include "admiralty-fleet-node.h"
#include "admiralty-fleet-row.h"
#include "admiralty-toast.h"
#include "admiralty-welcome-page.h"
#include "admiralty-width-first-layout.h"
#include "admiralty-window-private.h"
#include "adm-strategy.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-log-entry.h"
#include "adm-log-model.h"
#include "admiralty-tooltip.h"

G_DEFINE_FINAL_TYPE (AdmiraltyWindow, admiralty_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_CAMPAIGN,
  PROP_CLOCK_PAUSED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GListModel *
fleet_children_cb (gpointer item,
                   gpointer user_data)
{
  GListModel *children = admiralty_fleet_node_get_children (item);

  return children != NULL ? g_object_ref (children) : NULL;
}

AdmiraltyBattlePage *
_admiralty_window_get_battle_page (AdmiraltyWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);
  GtkWidget *child = page != NULL ? adw_tab_page_get_child (page) : NULL;

  return ADMIRALTY_IS_BATTLE_PAGE (child) ? ADMIRALTY_BATTLE_PAGE (child) : NULL;
}

/* The header names what the selected tab shows: a battle, its turn and phase, and its next
 * step on the one suggested button; or the campaign, its file, and the dice. */
void
_admiralty_window_update_header (AdmiraltyWindow *self)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (self);
  g_autofree char *basename = NULL;
  g_autofree char *title = NULL;
  const char *name = NULL;
  const char *subtitle = "";

  if (page != NULL)
    {
      name = adm_battle_get_name (admiralty_battle_page_get_battle (page));
      subtitle = admiralty_battle_page_get_phase_label (page);
      gtk_button_set_label (GTK_BUTTON (self->resolve_button),
                            admiralty_battle_page_get_resolve_label (page));
    }
  else if (_admiralty_window_get_ti4_page (self) != NULL)
    name = _("Twilight Imperium Combat");
  else if (self->campaign != NULL)
    {
      const char *path = adm_campaign_get_path (self->campaign);

      name = adm_scenario_get_name (adm_campaign_get_scenario (self->campaign));
      basename = path != NULL ? g_path_get_basename (path) : NULL;
      subtitle = basename != NULL ? basename : _("Not saved");
    }

  gtk_widget_set_visible (self->resolve_button, page != NULL);
  gtk_widget_set_visible (self->roll_button, page == NULL
                          && _admiralty_window_get_ti4_page (self) == NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->clock_button), self->campaign != NULL);
  /* F-STRAT-1: the clock counts the campaign's season's cycles. */
  if (self->clock != NULL)
    admiralty_cycle_clock_set_season_minutes (
      self->clock, self->campaign != NULL
                     ? (int) adm_strategy_cycle_minutes (adm_campaign_get_scenario (self->campaign))
                     : 0);
  adw_window_title_set_title (self->window_title, name != NULL ? name : _("Admiralty"));
  adw_window_title_set_subtitle (self->window_title, subtitle);

  /* Translators: the window title, "Skirmish at Komarr — Admiralty" */
  title = name != NULL ? g_strdup_printf (_("%s — Admiralty"), name) : g_strdup (_("Admiralty"));
  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
set_label_uint (GtkLabel *label,
                guint     value)
{
  g_autofree char *text = g_strdup_printf ("%u", value);

  gtk_label_set_label (label, text);
}

/* Counts @ships (const AdmShip*) by what became of them in the campaign's battles, @counts
 * indexed by AdmShipFate. */
static void
count_fates (AdmState  *state,
             GPtrArray *ships,
             guint      counts[ADM_SHIP_FATE_REMOVED + 1])
{
  for (guint i = 0; i < ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (ships, i);
      AdmShipState *ship_state = adm_state_get_ship (state, ship->id);

      counts[ship_state != NULL ? ship_state->fate : ADM_SHIP_FATE_AFLOAT]++;
    }
}

/* The Ships card counts the ships afloat: the scenario's and the reinforcements the master
 * added, less those destroyed (F-CAT-12, F-CAT-13), left as wrecks (F-CAT-10, F-CAT-11) or
 * taken out by a correction; its tooltip says how many went which way. */
static void
admiralty_window_update_ships (AdmiraltyWindow *self)
{
  AdmState *state = adm_campaign_get_state (self->campaign);
  guint counts[ADM_SHIP_FATE_REMOVED + 1] = { 0 };
  g_autofree char *tooltip = NULL;
  guint total;

  count_fates (state, adm_scenario_get_ships (adm_campaign_get_scenario (self->campaign)),
               counts);
  count_fates (state, adm_strategy_get_added_ships (adm_state_get_strategy (state)), counts);
  total = counts[ADM_SHIP_FATE_AFLOAT] + counts[ADM_SHIP_FATE_DESTROYED]
          + counts[ADM_SHIP_FATE_WRECK] + counts[ADM_SHIP_FATE_REMOVED];
  set_label_uint (self->ships_label, counts[ADM_SHIP_FATE_AFLOAT]);
  /* Translators: the tooltip of the campaign's Ships Afloat card */
  tooltip = g_strdup_printf (_("Ships in all: %u · destroyed: %u · wrecks: %u · removed: %u"),
                             total, counts[ADM_SHIP_FATE_DESTROYED],
                             counts[ADM_SHIP_FATE_WRECK], counts[ADM_SHIP_FATE_REMOVED]);
  admiralty_tooltip_set (self->ships_card, tooltip);
}

static void
admiralty_window_update_summary (AdmiraltyWindow *self)
{
  AdmScenario *scenario = adm_campaign_get_scenario (self->campaign);
  const char *description = adm_scenario_get_description (scenario);

  gtk_label_set_label (self->scenario_label, adm_scenario_get_name (scenario));
  gtk_label_set_label (self->description_label, description != NULL ? description : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_label),
                          description != NULL && description[0] != '\0');
  gtk_label_set_label (self->ruleset_label,
                       adm_ruleset_get_name (adm_campaign_get_ruleset (self->campaign)));
  set_label_uint (self->sectors_label, adm_scenario_get_sectors (scenario)->len);
  admiralty_window_update_ships (self);
  set_label_uint (self->events_label, adm_campaign_get_events (self->campaign)->len);
}

/* The dice log's rolls changed: the log, or a word that there is none yet. */
static void
admiralty_window_update_log (AdmiraltyWindow *self)
{
  gtk_stack_set_visible_child_name (self->log_stack,
                                    self->roll_log != NULL &&
                                    g_list_model_get_n_items (G_LIST_MODEL (self->roll_log)) > 0
                                    ? "log" : "empty");
}

/* Colours each faction's dot and its symbol; the rules are scoped to this window, whose campaign may use
 * other colours than another window's. */
static void
admiralty_window_update_faction_css (AdmiraltyWindow *self)
{
  GPtrArray *factions = adm_scenario_get_factions (adm_campaign_get_scenario (self->campaign));
  g_autoptr(GString) css = g_string_new (NULL);

  for (guint i = 0; i < factions->len; i++)
    {
      g_autofree char *rule = admiralty_faction_dot_css (self->css_class,
                                                         g_ptr_array_index (factions, i));

      if (rule != NULL)
        g_string_append (css, rule);
    }

  gtk_css_provider_load_from_data (self->css_provider, css->str, css->len);
}

/* A battle tab an undo closed with its engagement (F-STRAT-4): where it was, for the redo that
 * brings the engagement back. */
typedef struct {
  char     *engagement_id;
  guint     position;
  gboolean  selected;
} ClosedBattle;

static void
closed_battle_free (gpointer data)
{
  ClosedBattle *closed = data;

  g_free (closed->engagement_id);
  g_free (closed);
}

static gboolean
engagement_exists (AdmiraltyWindow *self,
                   const char      *engagement_id)
{
  g_autoptr(AdmQueuedEngagement) engagement =
    adm_campaign_find_engagement (self->campaign, engagement_id, NULL);

  return engagement != NULL;
}

/* The battle tabs follow the engagements: an undo that takes a battle's engagement away (its
 * cycle undone) closes its tab, as the battle can no longer be kept in the campaign; the redo
 * that brings the engagement back opens the battle again, as it stood, where its tab was. */
static void
follow_engagements (AdmiraltyWindow *self)
{
  AdwTabPage *selected = adw_tab_view_get_selected_page (self->tab_view);

  for (guint i = 0; i < self->closed_battles->len;)
    {
      ClosedBattle *closed = g_ptr_array_index (self->closed_battles, i);

      if (!engagement_exists (self, closed->engagement_id))
        {
          /* Gone for good once no redo can bring it back. */
          if (adm_campaign_can_redo (self->campaign))
            i++;
          else
            g_ptr_array_remove_index (self->closed_battles, i);
          continue;
        }
      if (adm_campaign_get_battle (self->campaign, closed->engagement_id, NULL, NULL) != NULL &&
          _admiralty_window_open_engagement_battle (self, closed->engagement_id, NULL))
        {
          AdwTabPage *tab = adw_tab_view_get_selected_page (self->tab_view);
          guint last = adw_tab_view_get_n_pages (self->tab_view) - 1;

          adw_tab_view_reorder_page (self->tab_view, tab, MIN (closed->position, last));
          if (closed->selected)
            selected = tab;
        }
      g_ptr_array_remove_index (self->closed_battles, i);
    }

  for (guint i = adw_tab_view_get_n_pages (self->tab_view); i > 0; i--)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i - 1);
      GtkWidget *child = adw_tab_page_get_child (tab);
      AdmiraltyBattlePage *page;
      ClosedBattle *closed;

      if (!ADMIRALTY_IS_BATTLE_PAGE (child))
        continue;
      page = ADMIRALTY_BATTLE_PAGE (child);
      if (admiralty_battle_page_get_campaign (page) != self->campaign ||
          engagement_exists (self, admiralty_battle_page_get_engagement (page)))
        continue;
      closed = g_new0 (ClosedBattle, 1);
      closed->engagement_id = g_strdup (admiralty_battle_page_get_engagement (page));
      closed->position = i - 1;
      closed->selected = tab == selected;
      g_ptr_array_add (self->closed_battles, closed);
      if (tab == selected)
        selected = NULL;
      adw_tab_view_close_page (self->tab_view, tab);
    }
  if (selected != NULL)
    adw_tab_view_set_selected_page (self->tab_view, selected);
}

/* Several masters, one campaign: a battle watched read-only while another table fights it is
 * opened again, in its place, as each entry the table sends arrives (or when it comes back). */
static void
follow_tables (AdmiraltyWindow *self)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);
      AdwTabPage *selected = adw_tab_view_get_selected_page (self->tab_view);
      GtkWidget *child = adw_tab_page_get_child (tab);
      g_autofree char *engagement_id = NULL;

      if (!ADMIRALTY_IS_BATTLE_PAGE (child) ||
          admiralty_battle_page_get_campaign (ADMIRALTY_BATTLE_PAGE (child)) != self->campaign ||
          !admiralty_battle_page_get_stale (ADMIRALTY_BATTLE_PAGE (child)))
        continue;
      engagement_id = g_strdup (admiralty_battle_page_get_engagement (ADMIRALTY_BATTLE_PAGE (child)));
      adw_tab_view_close_page (self->tab_view, tab);
      if (_admiralty_window_open_engagement_battle (self, engagement_id, NULL))
        {
          AdwTabPage *opened = adw_tab_view_get_selected_page (self->tab_view);

          adw_tab_view_reorder_page (self->tab_view, opened, i);
          if (tab != selected)
            adw_tab_view_set_selected_page (self->tab_view, selected);
        }
    }
}

/* A campaign at its muster shows the muster in the Campaign tab, where the order of battle it
 * makes will be: made when first needed, and the order of battle again once cycle 1 starts
 * (or an undo brings the muster back). */
static void
update_muster (AdmiraltyWindow *self)
{
  gboolean at_muster = self->campaign != NULL &&
                       adm_muster_in_progress (adm_state_get_muster (adm_campaign_get_state (self->campaign)));
  const char *shown = gtk_stack_get_visible_child_name (self->main_stack);

  if (at_muster && self->muster_page == NULL)
    {
      self->muster_page = g_object_new (ADMIRALTY_TYPE_MUSTER_PAGE, NULL);
      g_signal_connect_object (self->muster_page, "toast", G_CALLBACK (_admiralty_window_toast),
                               self, G_CONNECT_SWAPPED);
      gtk_stack_add_named (self->main_stack, GTK_WIDGET (self->muster_page), "muster");
    }
  if (self->muster_page != NULL)
    admiralty_muster_page_set_campaign (self->muster_page, self->campaign);
  if (self->campaign != NULL && g_strcmp0 (shown, "empty") != 0)
    gtk_stack_set_visible_child_name (self->main_stack, at_muster ? "muster" : "campaign");
}

static void
campaign_changed_cb (AdmiraltyWindow *self,
                     AdmCampaign     *campaign)
{
  update_muster (self);
  _admiralty_window_update_fleet_correct (self);
  follow_engagements (self);
  follow_tables (self);
  admiralty_fleet_model_refresh (self->fleet_roots, campaign);
  admiralty_window_update_summary (self);
  _admiralty_window_update_actions (self);
  _admiralty_window_autosave (self);
}

static void
campaign_notify_cb (AdmiraltyWindow *self,
                    GParamSpec      *pspec,
                    AdmCampaign     *campaign)
{
  _admiralty_window_update_actions (self);
  _admiralty_window_update_header (self);
  /* The campaign's first autosave gives it a file of its own: the session follows, and the
   * file is watched. */
  _admiralty_window_save_session (self);
  _admiralty_window_watch_file (self);
}

/* The second copy could not be written; the campaign itself is saved. */
static void
campaign_mirror_failed_cb (AdmiraltyWindow *self,
                           const GError    *error,
                           AdmCampaign     *campaign)
{
  _admiralty_window_toast (self, error->message);
}

/* A milestone's checkpoint could not be written (a full disk): the campaign itself is saved.
 * The toast is shown at once, before any toast waiting, and stays until the master dismisses
 * it, as the safety net is gone until then. */
static void
campaign_checkpoint_failed_cb (AdmiraltyWindow *self,
                               const GError    *error,
                               AdmCampaign     *campaign)
{
  AdwToast *toast = admiralty_toast_new (error->message, 0);

  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
mirror_folder_changed_cb (AdmiraltyWindow *self)
{
  g_autofree char *folder = g_settings_get_string (self->settings, "mirror-folder");

  if (self->campaign != NULL)
    adm_campaign_set_mirror_folder (self->campaign, folder);
}

/* The order of battle's rows are made when the Campaign tab is first shown rather than when
 * a campaign opens: the Sector Map is what a master sees first, and the hundred rows of a
 * campaign the size of Komarr are a large part of the start to the first frame. */
static void fleet_view_laid_out_cb (AdmiraltyWindow *self,
                                    GdkFrameClock   *clock);

static void
fleet_view_painted_cb (AdmiraltyWindow *self,
                       GdkFrameClock   *clock)
{
  g_signal_handlers_disconnect_by_func (clock, fleet_view_painted_cb, self);
  g_signal_handlers_disconnect_by_func (clock, fleet_view_laid_out_cb, self);
  if (self->fleet_slice != NULL)
    gtk_slice_list_model_set_size (self->fleet_slice, G_MAXUINT);
}

/* After each layout before the first frame is painted: if the rows made end above the list's
 * bottom, as many more as the mean height of those made says are missing, and one. GDK lays the
 * window out again before painting when a layout asks for it (up to four times a frame), so
 * the first frame shows the list full, with no row made that it does not show. */
static void
fleet_view_laid_out_cb (AdmiraltyWindow *self,
                        GdkFrameClock   *clock)
{
  GtkWidget *view = GTK_WIDGET (self->fleet_view);
  int height = gtk_widget_get_height (view);
  guint rows = self->fleet_slice != NULL ? gtk_slice_list_model_get_size (self->fleet_slice) : 0;
  float bottom = 0;

  if (rows == 0 || height <= 0
      || rows >= g_list_model_get_n_items (G_LIST_MODEL (self->fleet_model)))
    return;
  /* The rows' own bottom: the list's adjustment is never lower than the list. */
  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t bounds;

      if (gtk_widget_get_visible (child) && gtk_widget_compute_bounds (child, view, &bounds))
        bottom = MAX (bottom, bounds.origin.y + bounds.size.height);
    }
  if (bottom <= 0 || bottom >= height)
    return;
  gtk_slice_list_model_set_size (self->fleet_slice,
                                 rows + (guint) ((height - bottom) / (bottom / rows)) + 1);
}

/* The order of battle's rows: a tree expander around an AdmiraltyFleetRow. Made in code
 * rather than by a GtkBuilderListItemFactory, which parses its template again for each row. */
static void
fleet_item_setup_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *item)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *row = g_object_new (ADMIRALTY_TYPE_FLEET_ROW, "hexpand", TRUE, NULL);

  gtk_widget_set_hexpand (expander, TRUE);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), row);
  gtk_list_item_set_child (item, expander);
}

static void
fleet_item_bind_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *item)
{
  GtkTreeExpander *expander = GTK_TREE_EXPANDER (gtk_list_item_get_child (item));
  GtkTreeListRow *row = gtk_list_item_get_item (item);
  g_autoptr(AdmiraltyFleetNode) node = gtk_tree_list_row_get_item (row);

  gtk_tree_expander_set_list_row (expander, row);
  admiralty_fleet_row_set_node (ADMIRALTY_FLEET_ROW (gtk_tree_expander_get_child (expander)),
                                node);
}

static void
fleet_item_unbind_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item)
{
  GtkTreeExpander *expander = GTK_TREE_EXPANDER (gtk_list_item_get_child (item));

  gtk_tree_expander_set_list_row (expander, NULL);
  admiralty_fleet_row_set_node (ADMIRALTY_FLEET_ROW (gtk_tree_expander_get_child (expander)),
                                NULL);
}

/* The height of what is above @widget in the window's vertical boxes (the header bar, the tab
 * bar, the sidebar's heading), by their natural heights: measured before the first layout, as
 * that layout will measure them. Margins and padding are left out, so that the rows counted
 * below are never too few. */
static int
height_above (GtkWidget *widget)
{
  int above = 0;

  for (GtkWidget *parent = gtk_widget_get_parent (widget); parent != NULL;
       widget = parent, parent = gtk_widget_get_parent (parent))
    {
      if (!GTK_IS_BOX (parent)
          || gtk_orientable_get_orientation (GTK_ORIENTABLE (parent)) != GTK_ORIENTATION_VERTICAL)
        continue;
      for (GtkWidget *sibling = gtk_widget_get_prev_sibling (widget); sibling != NULL;
           sibling = gtk_widget_get_prev_sibling (sibling))
        {
          int natural = 0;

          if (!gtk_widget_get_visible (sibling))
            continue;
          gtk_widget_measure (sibling, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
          above += natural;
        }
    }
  return above;
}

/* A first guess at the rows the list shows, below what is above it in the window, rather short
 * than long: rows of 48 pixels, where Komarr's are 31 to 38; the first layout adds what is
 * missing (fleet_view_laid_out_cb ()). The window's height is its allocated one once it has
 * been laid out, before that the size it opens at (its default size); a maximized or fullscreen
 * window, or one with no size yet, is as high as its monitor. Each row costs about 5 M
 * instructions to make, style, measure and draw, so a guess by the monitor's height and a
 * short row makes far more rows than the first frame shows. */
static guint
fleet_view_rows_on_screen (AdmiraltyWindow *self)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  GdkMonitor *monitor;
  GdkRectangle geometry;
  int width, height = gtk_widget_get_height (GTK_WIDGET (self));

  if (surface == NULL)
    return G_MAXUINT;
  monitor = gdk_display_get_monitor_at_surface (gtk_widget_get_display (GTK_WIDGET (self)),
                                                surface);
  if (monitor == NULL)
    return G_MAXUINT;
  gdk_monitor_get_geometry (monitor, &geometry);
  if (height <= 0)
    /* GTK 4.8 writes both: neither may be NULL. */
    gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (height <= 0 || gtk_window_is_maximized (GTK_WINDOW (self))
      || gtk_window_is_fullscreen (GTK_WINDOW (self)))
    height = geometry.height;
  height = MIN (height, geometry.height) - height_above (GTK_WIDGET (self->fleet_view));
  return MAX (height, 0) / 48 + 1;
}

/* GTK 4.8's list view makes a row for every item of a list under 200 (Komarr's order of
 * battle: 106), each measured before the first frame. That frame has only the rows that
 * could be on screen; the others are added once it is painted. */
static void
fleet_view_map_cb (AdmiraltyWindow *self)
{
  GdkFrameClock *clock;

  if (gtk_list_view_get_model (self->fleet_view) == self->fleet_selection)
    return;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self->fleet_view));
  if (clock != NULL && self->fleet_slice != NULL)
    {
      gtk_slice_list_model_set_size (self->fleet_slice, fleet_view_rows_on_screen (self));
      g_signal_handlers_disconnect_by_func (clock, fleet_view_painted_cb, self);
      g_signal_handlers_disconnect_by_func (clock, fleet_view_laid_out_cb, self);
      g_signal_connect_object (clock, "layout", G_CALLBACK (fleet_view_laid_out_cb), self,
                               G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      g_signal_connect_object (clock, "after-paint", G_CALLBACK (fleet_view_painted_cb), self,
                               G_CONNECT_SWAPPED);
    }
  gtk_list_view_set_model (self->fleet_view, self->fleet_selection);
}

/* The portal and the tables' server of the room now shown (room_portal_cb (),
 * room_table_server_cb ()). */
static void room_portal_cb       (AdmiraltyWindow *self);
static void room_table_server_cb (AdmiraltyWindow *self);

/* @room (taken) is the window's from now on: the room it leaves stands over another of its
 * windows (admiralty_application_leave_room ()), and goes with the last (its portal and
 * tables' server stopped). */
static void
take_room (AdmiraltyWindow *self,
           AdmiraltyRoom   *room)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  if (self->room == room)
    {
      g_clear_object (&room);
      return;
    }
  if (self->room != NULL && ADMIRALTY_IS_APPLICATION (application))
    admiralty_application_leave_room (ADMIRALTY_APPLICATION (application), GTK_WINDOW (self));
  g_clear_object (&self->room);
  self->room = room;
  if (room != NULL)
    {
      admiralty_room_set_window (room, GTK_WINDOW (self));
      admiralty_room_set_clock (room, self->clock);
    }
  g_signal_group_set_target (self->room_signals, room);
  if (room != NULL)
    {
      room_portal_cb (self);
      room_table_server_cb (self);
    }
  else
    {
      g_signal_group_set_target (self->portal_signals, NULL);
      g_signal_group_set_target (self->requests_signals, NULL);
    }
}

/* The master went to this window: the dialogs and alerts of its room stand over it, and the
 * phones' countdown follows its clock. */
static void
is_active_cb (AdmiraltyWindow *self)
{
  if (self->room != NULL && gtk_window_is_active (GTK_WINDOW (self)))
    {
      admiralty_room_set_window (self->room, GTK_WINDOW (self));
      admiralty_room_set_clock (self->room, self->clock);
    }
}

void
admiralty_window_set_campaign (AdmiraltyWindow *self,
                               AdmCampaign     *campaign)
{
  g_autoptr(GtkSingleSelection) selection = NULL;
  GtkApplication *application;

  g_return_if_fail (ADMIRALTY_IS_WINDOW (self));
  g_return_if_fail (campaign == NULL || ADM_IS_CAMPAIGN (campaign));

  /* A roll dialog still open belongs to the campaign going away. */
  if (self->roll_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->roll_dialog));

  g_signal_group_set_target (self->campaign_signals, campaign);
  g_set_object (&self->campaign, campaign);
  /* The campaign's room, the application's: a second window of it serves no second portal. */
  application = gtk_window_get_application (GTK_WINDOW (self));
  take_room (self, campaign != NULL && ADMIRALTY_IS_APPLICATION (application)
                     ? admiralty_application_get_room (ADMIRALTY_APPLICATION (application),
                                                       campaign, GTK_WINDOW (self))
                     : admiralty_room_new (GTK_WINDOW (self)));
  /* Its saves leave their flushes and checkpoints to the flusher, off the main loop. */
  if (campaign != NULL)
    adm_campaign_set_flush_later (campaign, TRUE);
  g_ptr_array_set_size (self->closed_battles, 0);

  mirror_folder_changed_cb (self);
  _admiralty_window_watch_file (self);

  g_clear_object (&self->fleet_roots);
  self->fleet_roots = admiralty_fleet_model_new (campaign);
  g_clear_object (&self->fleet_model);
  self->fleet_model = gtk_tree_list_model_new (g_object_ref (self->fleet_roots), FALSE, TRUE,
                                               fleet_children_cb, NULL, NULL);
  g_clear_object (&self->fleet_slice);
  self->fleet_slice = gtk_slice_list_model_new (g_object_ref (G_LIST_MODEL (self->fleet_model)),
                                                0, G_MAXUINT);
  selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->fleet_slice)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
  g_set_object (&self->fleet_selection, GTK_SELECTION_MODEL (selection));
  g_signal_connect_object (selection, "selection-changed",
                           G_CALLBACK (_admiralty_window_update_fleet_correct), self,
                           G_CONNECT_SWAPPED);
  _admiralty_window_update_fleet_correct (self);
  /* Its rows are made when the Campaign tab is shown (fleet_view_map_cb ()). */
  gtk_list_view_set_model (self->fleet_view, gtk_widget_get_mapped (GTK_WIDGET (self->fleet_view))
                                             ? self->fleet_selection : NULL);

  /* The campaign's dice log, which says itself what each change adds or takes back. */
  if (self->roll_log != NULL)
    g_signal_handlers_disconnect_by_func (self->roll_log, admiralty_window_update_log, self);
  g_set_object (&self->roll_log, NULL);
  self->roll_log = adm_log_model_new_for_campaign (campaign);
  g_signal_connect_object (self->roll_log, "items-changed",
                           G_CALLBACK (admiralty_window_update_log), self, G_CONNECT_SWAPPED);
  gtk_no_selection_set_model (self->log_selection, G_LIST_MODEL (self->roll_log));
  self->log_follows_end = TRUE;

  /* The players' map follows the campaign the master opens. */
  if (self->projector != NULL)
    admiralty_projector_window_set_campaign (ADMIRALTY_PROJECTOR_WINDOW (self->projector),
                                             campaign);

  admiralty_window_update_faction_css (self);
  if (self->campaign_orders != NULL)
    admiralty_campaign_orders_set_campaign (self->campaign_orders, campaign);
  if (self->map_page != NULL)
    admiralty_map_page_set_campaign (self->map_page, campaign);
  admiralty_window_update_summary (self);
  admiralty_window_update_log (self);
  gtk_stack_set_visible_child_name (self->main_stack, "campaign");
  update_muster (self);
  adw_tab_view_set_selected_page (self->tab_view, self->campaign_tab);
  _admiralty_window_update_header (self);
  _admiralty_window_update_actions (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAMPAIGN]);
}

static void
battle_page_error_cb (AdmiraltyWindow     *self,
                      const char          *heading,
                      const char          *body,
                      AdmiraltyBattlePage *page)
{
  _admiralty_window_present_error (self, heading, body, NULL);
}

static void
campaign_orders_error_cb (AdmiraltyWindow     *self,
                          const char          *heading,
                          const char          *body,
                          AdmiraltyCampaignOrders *board)
{
  _admiralty_window_present_error (self, heading, body, NULL);
}

static AdwTabPage *admiralty_window_find_battle (AdmiraltyWindow *self, const char *path);
static void battle_page_error_cb (AdmiraltyWindow *self, const char *heading, const char *body,
                                  AdmiraltyBattlePage *page);
static void battle_page_toast_cb (AdmiraltyWindow *self, const char *title,
                                  AdmiraltyBattlePage *page);
static void battle_page_phase_cb (AdmiraltyWindow *self, GParamSpec *pspec,
                                  AdmiraltyBattlePage *page);
static void admiralty_window_announce_battle (AdmiraltyWindow *self, AdmiraltyBattlePage *page);

/* The chief did not keep what this table sent (his refusal, or an answer the protocol has
 * not): the send status says it, and so, once, does a toast whose Why? shows his words
 * whole, so that a table master whose set-up the chief undid or changed reads it where he
 * looks. Sent again by itself: while the message stays the same, it is not said again. */
static void
table_message_cb (AdmiraltyWindow *self,
                  GParamSpec      *pspec,
                  AdmTableClient  *client)
{
  const char *message = adm_table_client_get_message (client);
  g_autofree char *text = NULL;

  if (message == NULL || !adm_table_client_get_answered_oddly (client))
    return;
  /* Translators: a toast at a table, "The chief master did not keep the entries of c1-3:
   * they wait here and are sent again" */
  text = g_strdup_printf (_("The chief master did not keep the entries of %s: they wait here "
                            "and are sent again"), adm_table_client_get_engagement (client));
  _admiralty_window_toast_why (self, text, _("The Chief Master Did Not Keep the Entries"),
                               message, 10);
}

/* An engagement's battle, fought inside the campaign (F-STRAT-4): shown again when open,
 * else resumed from the campaign or set up with the master's placements. */
gboolean
_admiralty_window_open_table_battle (AdmiraltyWindow *self,
                                     AdmTableClient  *client)
{
  g_autoptr(AdmiraltyBattlePage) page = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL, *tooltip = NULL;
  AdwTabPage *tab;

  page = admiralty_battle_page_open_table (client, &error);
  if (page == NULL)
    {
      _admiralty_window_present_error (self, _("Could Not Open the Battle"), error->message,
                                       NULL);
      return FALSE;
    }
  tab = admiralty_window_find_battle (self, admiralty_battle_page_get_source_path (page));
  if (tab != NULL)
    {
      adw_tab_view_set_selected_page (self->tab_view, tab);
      return TRUE;
    }
  g_signal_connect_object (page, "error", G_CALLBACK (battle_page_error_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "toast", G_CALLBACK (battle_page_toast_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "notify::phase-label", G_CALLBACK (battle_page_phase_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notify::message", G_CALLBACK (table_message_cb), self,
                           G_CONNECT_SWAPPED);
  tab = adw_tab_view_append (self->tab_view, GTK_WIDGET (page));
  /* Translators: a battle fought at this table's tab: "Battle at Pol orbit (c1-3)" */
  title = g_strdup_printf (_("%s (%s)"), adm_battle_get_name (admiralty_battle_page_get_battle (page)),
                           adm_table_client_get_engagement (client));
  adw_tab_page_set_title (tab, title);
  /* Translators: the tooltip of a battle fought at this table: "Table 2 of The Komarr
   * Campaign: each entry is sent to the chief master" */
  tooltip = g_strdup_printf (_("%s of %s: each entry is sent to the chief master"),
                             adm_table_client_get_table_name (client),
                             adm_table_client_get_campaign_name (client));
  adw_tab_page_set_tooltip (tab, tooltip);
  adw_tab_view_set_selected_page (self->tab_view, tab);
  gtk_widget_grab_focus (GTK_WIDGET (page));
  admiralty_window_announce_battle (self, page);
  return TRUE;
}

gboolean
_admiralty_window_open_engagement_battle (AdmiraltyWindow *self,
                                          const char      *engagement_id,
                                          GHashTable      *overrides)
{
  g_autoptr(AdmiraltyBattlePage) page = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *key = NULL;
  g_autofree char *title = NULL;
  AdwTabPage *tab;

  if (self->campaign == NULL)
    return FALSE;
  key = admiralty_battle_page_engagement_key (self->campaign, engagement_id);
  tab = admiralty_window_find_battle (self, key);
  if (tab != NULL)
    {
      adw_tab_view_set_selected_page (self->tab_view, tab);
      return TRUE;
    }
  page = admiralty_battle_page_open_engagement (self->campaign, engagement_id, overrides, &error);
  if (page == NULL)
    {
      _admiralty_window_present_error (self, _("Could Not Open the Battle"), error->message,
                                       NULL);
      return FALSE;
    }
  g_signal_connect_object (page, "error", G_CALLBACK (battle_page_error_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "toast", G_CALLBACK (battle_page_toast_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "notify::phase-label", G_CALLBACK (battle_page_phase_cb), self,
                           G_CONNECT_SWAPPED);
  tab = adw_tab_view_append (self->tab_view, GTK_WIDGET (page));
  /* Translators: a campaign battle's tab: "Battle at Pol orbit (c1-3)" */
  title = g_strdup_printf (_("%s (%s)"), adm_battle_get_name (admiralty_battle_page_get_battle (page)),
                           engagement_id);
  adw_tab_page_set_title (tab, title);
  adw_tab_page_set_tooltip (tab, _("Kept in the campaign file"));
  adw_tab_view_set_selected_page (self->tab_view, tab);
  gtk_widget_grab_focus (GTK_WIDGET (page));
  admiralty_window_announce_battle (self, page);
  return TRUE;
}

static void
campaign_orders_battle_cb (AdmiraltyWindow     *self,
                           const char          *engagement_id,
                           GHashTable          *overrides,
                           AdmiraltyCampaignOrders *board)
{
  _admiralty_window_open_engagement_battle (self, engagement_id, overrides);
}

static void
battle_page_toast_cb (AdmiraltyWindow     *self,
                      const char          *title,
                      AdmiraltyBattlePage *page)
{
  _admiralty_window_toast (self, title);
}

static void
battle_page_phase_cb (AdmiraltyWindow     *self,
                      GParamSpec          *pspec,
                      AdmiraltyBattlePage *page)
{
  if (_admiralty_window_get_battle_page (self) == page)
    {
      _admiralty_window_update_header (self);
      _admiralty_window_update_actions (self);
    }
}

static AdwTabPage *
admiralty_window_find_battle (AdmiraltyWindow *self,
                              const char      *path)
{
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);
  guint n = adw_tab_view_get_n_pages (self->tab_view);

  for (guint i = 0; i < n; i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (self->tab_view, i);
      GtkWidget *child = adw_tab_page_get_child (tab);

      if (ADMIRALTY_IS_BATTLE_PAGE (child)
          && g_strcmp0 (admiralty_battle_page_get_source_path (ADMIRALTY_BATTLE_PAGE (child)),
                        canonical) == 0)
        return tab;
    }

  return NULL;
}

static void
admiralty_window_announce_battle (AdmiraltyWindow     *self,
                                  AdmiraltyBattlePage *page)
{
  const char *orders_error = admiralty_battle_page_get_orders_error (page);
  const char *backup = admiralty_battle_page_get_backup_used (page);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  g_autofree char *message = NULL;

  if (orders_error != NULL)
    _admiralty_window_present_error (self, _("Could Not Read the Orders"), orders_error, NULL);

  if (backup != NULL)
    {
      g_autofree char *basename = g_path_get_basename (backup);

      /* Translators: the saved battle was damaged; %s is its backup's name */
      message = g_strdup_printf (_("Resumed from the backup %s"), basename);
    }
  else if (admiralty_battle_page_get_resumed (page) && adm_battle_get_journal (battle)->len > 0
           && !admiralty_battle_page_get_read_only (page) && !self->session_frozen)
    /* An ended battle is not resumed: it is shown read-only, its page saying how it ended. */
    /* Translators: "Resumed Corridor skirmish at Turn 2 · Fire" */
    message = g_strdup_printf (_("Resumed %s at %s"), adm_battle_get_name (battle),
                               admiralty_battle_page_get_phase_label (page));

  if (admiralty_battle_page_get_dice_restored (page) > 0)
    {
      guint n = admiralty_battle_page_get_dice_restored (page);
      /* Translators: a toast when a battle reopens with real dice typed in before a crash */
      g_autofree char *kept = g_strdup_printf (ngettext ("The %u dice value typed for this phase "
                                                         "is kept: resolve again to go on from "
                                                         "the next roll.",
                                                         "The %u dice values typed for this "
                                                         "phase are kept: resolve again to go on "
                                                         "from the next roll.", n), n);

      adw_toast_overlay_add_toast (self->toast_overlay, admiralty_toast_new (kept, 8));
    }

  if (message != NULL)
    {
      /* Resuming is the default. Starting over is the main menu's "Start the Battle Over",
       * behind a question: never a button beside the toast's close button. */
      adw_toast_overlay_add_toast (self->toast_overlay, admiralty_toast_new (message, 8));
    }
}

/* The folders whose set-ups the master's campaign wrote (its "battles" folder): their games
 * stay beside them, where the campaign's report reads them. NULL-terminated. */
static GPtrArray *
admiralty_window_own_battle_folders (AdmiraltyWindow *self)
{
  GPtrArray *folders = g_ptr_array_new_with_free_func (g_free);
  const char *path = self->campaign != NULL ? adm_campaign_get_path (self->campaign) : NULL;

  if (path != NULL)
    {
      g_autofree char *campaign_folder = g_path_get_dirname (path);

      g_ptr_array_add (folders, g_build_filename (campaign_folder, "battles", NULL));
    }
  g_ptr_array_add (folders, NULL);
  return folders;
}

/* A file whose end was cut mid-save opens at its last complete action: the master
 * is told so, with FILE:LINE and the action, in a dialog that stays until read — never a
 * toast that fades. */
static void
admiralty_window_warn_recovered (AdmiraltyWindow *self,
                                 AdmJournal      *journal)
{
  const char *note = journal != NULL ? adm_journal_get_recovery_note (journal) : NULL;

  if (note != NULL)
    _admiralty_window_present_error (self, _("Opened at the Last Complete Action"), note, NULL);
}

/* A battle already open is shown again rather than opened twice: two tabs would autosave
 * over each other. */
static gboolean
admiralty_window_open_battle (AdmiraltyWindow *self,
                              const char      *path)
{
  g_autoptr(AdmiraltyBattlePage) page = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) folders = NULL;
  AdwTabPage *tab = admiralty_window_find_battle (self, path);

  if (tab != NULL)
    {
      adw_tab_view_set_selected_page (self->tab_view, tab);
      return TRUE;
    }

  folders = admiralty_window_own_battle_folders (self);
  page = admiralty_battle_page_open_in (path, (const char * const *) folders->pdata, &error);
  if (page == NULL)
    {
      _admiralty_window_present_error (self, _("Could Not Open the Battle"), error->message,
                                       NULL);
      return FALSE;
    }

  g_signal_connect_object (page, "error", G_CALLBACK (battle_page_error_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "toast", G_CALLBACK (battle_page_toast_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (page, "notify::phase-label", G_CALLBACK (battle_page_phase_cb), self,
                           G_CONNECT_SWAPPED);

  tab = adw_tab_view_append (self->tab_view, GTK_WIDGET (page));
  adw_tab_page_set_title (tab, adm_battle_get_name (admiralty_battle_page_get_battle (page)));
  /* The tab's tooltip is markup: the file's name as written. */
  {
    const char *game = admiralty_battle_page_get_game_path (page);
    g_autofree char *tooltip = game != NULL ? g_markup_escape_text (game, -1) : NULL;

    adw_tab_page_set_tooltip (tab, tooltip);
  }
  adw_tab_view_set_selected_page (self->tab_view, tab);
  gtk_widget_grab_focus (GTK_WIDGET (page));

  _admiralty_window_remember_file (self, path);
  admiralty_window_announce_battle (self, page);
  admiralty_window_warn_recovered (self,
                                   adm_battle_get_log (admiralty_battle_page_get_battle (page)));
  return TRUE;
}

static gboolean
admiralty_window_is_ti4_file (const char *path)
{
  g_autofree char *root = adm_xml_peek_root (path);

  return g_strcmp0 (root, "ti4-combat") == 0;
}

gboolean
_admiralty_window_can_open (const char *path)
{
  g_autofree char *root = adm_xml_peek_root (path);

  /* What admiralty_window_open () takes: a battle or a saved one, a TI4 combat, a scenario
   * (a new campaign) or a campaign. */
  return g_strcmp0 (root, "battle") == 0 || g_strcmp0 (root, "battle-game") == 0 ||
         g_strcmp0 (root, "ti4-combat") == 0 || g_strcmp0 (root, "scenario") == 0 ||
         g_strcmp0 (root, "campaign") == 0;
}

/* The draft of a Twilight Imperium set-up opens in a tab of its own, as it was typed. */
gboolean
_admiralty_window_open_ti4_draft (AdmiraltyWindow *self,
                                  const char      *path)
{
  g_autoptr(AdmiraltyTi4Page) page = g_object_ref_sink (ADMIRALTY_TI4_PAGE (admiralty_ti4_page_new ()));
  g_autoptr(GError) error = NULL;

  if (!admiralty_ti4_page_open_draft (page, path, &error))
    {
      _admiralty_window_present_error (self, _("Could Not Open the Combat"), error->message,
                                       NULL);
      return FALSE;
    }
  _admiralty_window_add_ti4_page (self, page);
  return TRUE;
}

/* A saved Twilight Imperium combat opens in a tab of its own; a file the engine refuses
 * opens nothing. */
static gboolean
admiralty_window_open_ti4 (AdmiraltyWindow *self,
                           const char      *path)
{
  g_autoptr(AdmiraltyTi4Page) page = g_object_ref_sink (ADMIRALTY_TI4_PAGE (admiralty_ti4_page_new ()));
  g_autoptr(GError) error = NULL;

  if (!admiralty_ti4_page_open_file (page, path, &error))
    {
      _admiralty_window_present_error (self, _("Could Not Open the Combat"), error->message,
                                       NULL);
      return FALSE;
    }
  _admiralty_window_add_ti4_page (self, page);
  _admiralty_window_remember_file (self, path);
  admiralty_window_warn_recovered (self, adm_ti4_combat_get_journal (
                                           admiralty_ti4_page_get_combat (page)));
  return TRUE;
}

gboolean
admiralty_window_open_file (AdmiraltyWindow *self,
                            GFile           *file)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      /* Translators: %s is a URI */
      g_autofree char *body = g_strdup_printf (_("%s is not a local file."), uri);

      _admiralty_window_present_error (self, _("Could Not Open File"), body, NULL);
      return FALSE;
    }

  return admiralty_window_open (self, path);
}

static void present_error (AdmiraltyWindow *self,
                           const char      *heading,
                           const char      *body,
                           const char      *backup_path,
                           gboolean         keep_copy);

/* The campaign at @path another window of the application shows (a new reference), or NULL. */
static AdmCampaign *
shown_elsewhere (AdmiraltyWindow *self,
                 const char      *path)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *canonical = g_canonicalize_filename (path, NULL);

  if (application == NULL)
    return NULL;
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    {
      AdmiraltyWindow *other = l->data;
      const char *shown;
      g_autofree char *shown_canonical = NULL;

      if (other == self || !ADMIRALTY_IS_WINDOW (other) || other->campaign == NULL)
        continue;
      shown = adm_campaign_get_path (other->campaign);
      shown_canonical = shown != NULL ? g_canonicalize_filename (shown, NULL) : NULL;
      if (g_strcmp0 (shown_canonical, canonical) == 0)
        return g_object_ref (other->campaign);
    }
  return NULL;
}

gboolean
admiralty_window_open (AdmiraltyWindow *self,
                       const char      *path)
{
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (admiralty_battle_page_is_battle_file (path))
    return admiralty_window_open_battle (self, path);
  if (admiralty_window_is_ti4_file (path))
    return admiralty_window_open_ti4 (self, path);

  /* Open in another window already: this one shows the same campaign, in its room (one
   * writer, one portal, one clock), rather than being refused the lock its twin holds. */
  campaign = shown_elsewhere (self, path);
  if (campaign != NULL)
    {
      g_free (self->campaign_source);
      self->campaign_source = g_canonicalize_filename (path, NULL);
      admiralty_window_set_campaign (self, campaign);
      _admiralty_window_remember_file (self, path);
      return TRUE;
    }

  /* Held while it is open here: another program that would write it is refused, naming
   * Admiralty; one that writes it already refuses it here, named (adm_file_lock ()). */
  campaign = adm_campaign_open_for_writing (path, &error);
  if (campaign == NULL)
    {
      g_autofree char *backup = NULL;

      /* A damaged campaign, or a missing one whose backups or checkpoints are still there:
       * the newest that opens is offered. */
      if (g_error_matches (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_CORRUPT) ||
          !g_file_test (path, G_FILE_TEST_EXISTS))
        backup = adm_campaign_find_backup (path);
      present_error (self, _("Could Not Open File"), error->message, backup,
                     self->campaign != NULL &&
                     g_strcmp0 (adm_campaign_get_path (self->campaign), path) == 0);
      if (backup != NULL && self->error_dialog != NULL)
        {
          g_free (self->error_damaged_path);
          self->error_damaged_path = g_strdup (path);
        }
      return FALSE;
    }

  g_free (self->campaign_source);
  self->campaign_source = g_canonicalize_filename (path, NULL);
  admiralty_window_set_campaign (self, campaign);
  _admiralty_window_remember_file (self, path);
  admiralty_window_warn_recovered (self, adm_campaign_get_journal (campaign));
  /* Said once, when the file is opened: from its next save it carries these rules itself. */
  if (adm_campaign_took_installed_rules (campaign))
    {
      g_autofree char *note = g_strdup_printf (_("This campaign plays by the installed rules "
                                                 "“%s” and keeps them inside from its next "
                                                 "save"),
                                               adm_ruleset_get_name (
                                                 adm_campaign_get_ruleset (campaign)));

      _admiralty_window_toast (self, note);
    }
  /* Said once too: from the next entry it records, its history is sealed. */
  if (adm_campaign_was_unsealed (campaign))
    _admiralty_window_toast (self, _("This campaign was written before campaigns sealed their "
                                     "history: it is sealed as it is now by the next entry it "
                                     "records"));

  return TRUE;
}

AdmCampaign *
admiralty_window_get_campaign (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  return self->campaign;
}

AdmiraltyRoom *
admiralty_window_get_room (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  return self->room;
}

/* The portal goes on serving, and tells the master what he should know: a phone's hand-in
 * that could not be saved, one device flooding it. A toast over whatever he is doing, its
 * Why? the portal's words whole; it stays until he dismisses it. */
static void
portal_warning_cb (AdmiraltyWindow *self,
                   const char      *message)
{
  _admiralty_window_toast_why (self, _("The admirals’ portal needs your attention"),
                               _("The admirals’ portal"), message, 0);
}

static void
room_portal_cb (AdmiraltyWindow *self)
{
  g_signal_group_set_target (self->portal_signals, admiralty_room_get_portal (self->room));
}

/* A table master asks to join while the Tables dialog may be closed: the window the room's
 * dialogs and alerts stand over says so, with Tables… at hand to let him in. */
static void
requests_changed_cb (AdmiraltyWindow *self,
                     guint            position,
                     guint            removed,
                     guint            added,
                     GListModel      *requests)
{
  g_autoptr(AdmTableRequest) request = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;

  if (added == 0 || self->room == NULL ||
      admiralty_room_get_window (self->room) != GTK_WINDOW (self))
    return;
  request = g_list_model_get_item (requests, position + added - 1);
  /* Translators: a toast, "Mirek’s laptop asks to join a table" */
  title = g_strdup_printf (_("%s asks to join a table"), adm_table_request_get_name (request));
  toast = admiralty_toast_new (title, 10);
  adw_toast_set_button_label (toast, _("_Tables…"));
  adw_toast_set_action_name (toast, "win.tables");
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The tables served (or served again after a crash): the campaign's Orders tab offers them. */
static void
room_table_server_cb (AdmiraltyWindow *self)
{
  AdmTableServer *server = admiralty_room_get_table_server (self->room);

  g_signal_group_set_target (self->requests_signals,
                             server != NULL ? adm_table_server_get_requests (server) : NULL);
  if (server != NULL)
    admiralty_campaign_orders_set_n_tables (_admiralty_window_get_campaign_orders (self),
                                            adm_table_server_get_n_tables (server));
}

static void
error_dialog_response_cb (AdmiraltyWindow  *self,
                          const char       *response,
                          AdwMessageDialog *dialog)
{
  g_autofree char *backup = NULL;
  g_autofree char *damaged = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *message = NULL;

  /* The paths are those of the error dialog shown last. */
  if ((GtkWidget *) dialog == self->error_dialog)
    {
      backup = g_steal_pointer (&self->error_backup_path);
      damaged = g_steal_pointer (&self->error_damaged_path);
    }
  if (g_str_equal (response, "save-as"))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", NULL);
      return;
    }
  if (g_strcmp0 (response, "open-backup") != 0 || backup == NULL || damaged == NULL)
    return;

  /* Restoring: the backup's journal goes back under the campaign's own name, so the master
   * keeps working in the same file; the damaged file itself becomes the newest backup. */
  campaign = adm_campaign_open (backup, &error);
  if (campaign == NULL || !adm_campaign_save (campaign, damaged, &error))
    {
      _admiralty_window_present_error (self, _("Could Not Restore the Backup"), error->message,
                                       NULL);
      return;
    }

  g_free (self->campaign_source);
  self->campaign_source = g_canonicalize_filename (damaged, NULL);
  admiralty_window_set_campaign (self, campaign);
  _admiralty_window_remember_file (self, damaged);
  basename = g_path_get_basename (backup);
  /* Translators: %s is the backup file's name */
  message = g_strdup_printf (_("Restored the campaign from %s"), basename);
  _admiralty_window_toast (self, message);
}

/* With @keep_copy, the file that did not open is the window's own campaign's, changed by
 * another program: the window's campaign, the newest the master has, is offered to be kept
 * under another name, first — a backup can be older than it by the last actions. */
static void
present_error (AdmiraltyWindow *self,
               const char      *heading,
               const char      *body,
               const char      *backup_path,
               gboolean         keep_copy)
{
  g_autoptr(GString) full_body = g_string_new (body);
  GtkWidget *dialog;

  /* A save refused for the file's sake is said once, by the dialog that offers what to do
   * (admiralty-window-file.c): not again by the action that was refused. */
  if (self->file_dialog != NULL)
    return;
  g_clear_pointer (&self->error_backup_path, g_free);
  g_clear_pointer (&self->error_damaged_path, g_free);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");

  if (backup_path != NULL)
    {
      g_autofree char *basename = g_path_get_basename (backup_path);

      g_string_append (full_body, "\n\n");
      /* Translators: the file is damaged; %s is the backup file's name */
      g_string_append_printf (full_body, _("The newest backup that loads is %s."), basename);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "open-backup",
                                       _("Restore _Backup"));
      self->error_backup_path = g_strdup (backup_path);
    }
  if (keep_copy)
    {
      g_string_append_printf (full_body, "\n\n%s",
                              _("This window still holds the campaign as it was before the "
                                "file changed, with everything done here."));
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "save-as",
                                       _("_Keep My Copy As…"));
    }
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog), full_body->str);
  /* The suggestion loses nothing: the window's own campaign, else the newest backup. */
  if (keep_copy || backup_path != NULL)
    {
      const char *suggested = keep_copy ? "save-as" : "open-backup";

      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), suggested,
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), suggested);
    }

  g_signal_connect_object (dialog, "response", G_CALLBACK (error_dialog_response_cb), self,
                           G_CONNECT_SWAPPED);
  g_set_weak_pointer (&self->error_dialog, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_admiralty_window_present_error (AdmiraltyWindow *self,
                                 const char      *heading,
                                 const char      *body,
                                 const char      *backup_path)
{
  present_error (self, heading, body, backup_path, FALSE);
}

void
_admiralty_window_toast (AdmiraltyWindow *self,
                         const char      *title)
{
  adw_toast_overlay_add_toast (self->toast_overlay, admiralty_toast_new (title, 4));
}

/* A toast of a few words for something refused or gone wrong whose reason is longer than a
 * toast shows whole (a toast is one line, cut at the window's width): its Why? (win.why)
 * shows @body whole under @heading, the master's to read at his own pace. Shown before the
 * other toasts, for @seconds. */
void
_admiralty_window_toast_why (AdmiraltyWindow *self,
                             const char      *title,
                             const char      *heading,
                             const char      *body,
                             guint            seconds)
{
  AdwToast *toast = admiralty_toast_new (title, seconds);

  adw_toast_set_button_label (toast, _("_Why?"));
  adw_toast_set_action_name (toast, "win.why");
  adw_toast_set_action_target_value (toast, g_variant_new ("(ss)", heading, body));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* Keeps the newest roll in sight while the log is scrolled to its end. */
static void
log_adjustment_value_cb (AdmiraltyWindow *self,
                         GtkAdjustment   *adjustment)
{
  double end = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);

  self->log_follows_end = gtk_adjustment_get_value (adjustment) >= end - 1.0;
}

static void
log_adjustment_upper_cb (AdmiraltyWindow *self,
                         GParamSpec      *pspec,
                         GtkAdjustment   *adjustment)
{
  if (self->log_follows_end)
    gtk_adjustment_set_value (adjustment,
                              gtk_adjustment_get_upper (adjustment)
                              - gtk_adjustment_get_page_size (adjustment));
}

/* The Orders tab's board is made when first needed rather than with the window: a campaign's
 * first frame shows the Campaign tab. */
AdmiraltyCampaignOrders *
_admiralty_window_get_campaign_orders (AdmiraltyWindow *self)
{
  g_autofree char *scenarios = NULL;

  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  if (self->campaign_orders != NULL)
    return self->campaign_orders;

  self->campaign_orders = g_object_new (ADMIRALTY_TYPE_CAMPAIGN_ORDERS, NULL);
  /* Import Sheets opens on the sample sheets beside the campaign's scenario. */
  scenarios = admiralty_application_find_scenarios_dir ();
  admiralty_campaign_orders_set_scenarios_folder (self->campaign_orders, scenarios);
  /* Late sheets by the clock (F-STRAT-7), its messages shown here. */
  admiralty_campaign_orders_set_clock (self->campaign_orders, self->clock);
  g_signal_connect_object (self->campaign_orders, "toast", G_CALLBACK (_admiralty_window_toast),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->campaign_orders, "error", G_CALLBACK (campaign_orders_error_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->campaign_orders, "open-battle",
                           G_CALLBACK (campaign_orders_battle_cb), self, G_CONNECT_SWAPPED);
  admiralty_campaign_orders_set_campaign (self->campaign_orders, self->campaign);
  adw_bin_set_child (self->orders_bin, GTK_WIDGET (self->campaign_orders));
  return self->campaign_orders;
}

/* The Sector Map tab's page, the same way: 16 M instructions of widgets before the first frame
 * of a campaign, which shows the Campaign tab. */
AdmiraltyMapPage *
_admiralty_window_get_map_page (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  if (self->map_page != NULL)
    return self->map_page;

  self->map_page = g_object_new (ADMIRALTY_TYPE_MAP_PAGE, NULL);
  admiralty_map_page_set_campaign (self->map_page, self->campaign);
  adw_bin_set_child (self->map_bin, GTK_WIDGET (self->map_page));
  return self->map_page;
}

static void
selected_page_cb (AdmiraltyWindow *self,
                  GParamSpec      *pspec,
                  AdwTabView      *tab_view)
{
  AdwTabPage *selected = adw_tab_view_get_selected_page (tab_view);

  if (selected == self->orders_tab)
    _admiralty_window_get_campaign_orders (self);
  else if (selected == self->map_tab)
    _admiralty_window_get_map_page (self);
  _admiralty_window_update_header (self);
  _admiralty_window_update_actions (self);
}

/* The Campaign, Sector Map and Orders tabs are always there: pinned, as GNOME Web pins the
 * tabs a user keeps, they sit first, show their icon (their title in the tooltip) and no close
 * button, since closing them is refused. Battles and Twilight Imperium combats keep theirs. */
static void
pin_permanent_tabs (AdmiraltyWindow *self)
{
  const struct {
    AdwTabPage *tab;
    const char *icon;
  } tabs[] = {
    { self->campaign_tab, "view-list-bullet-symbolic" },
    { self->map_tab, "mark-location-symbolic" },
    { self->orders_tab, "document-edit-symbolic" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (tabs); i++)
    {
      g_autoptr(GIcon) icon = g_themed_icon_new (tabs[i].icon);

      adw_tab_page_set_icon (tabs[i].tab, icon);
      adw_tab_view_set_page_pinned (self->tab_view, tabs[i].tab, TRUE);
    }
}

/* libadwaita 1.2's tab bar gives its tabs (AdwTab, a private type) no accessible role, name or
 * state: a screen reader meets the pinned tabs, which show only their icons, as three unnamed
 * widgets. Each tab is named by its page's title and says whether it is the selected one; a tab
 * and its box not yet realized take the tab and tab-list roles (GTK 4.8 fixes a widget's role
 * once its accessible is realized): the three pinned tabs, made before the window is shown,
 * are tabs to a screen reader, a battle's tab made later is a named widget. A libadwaita that
 * gives its tabs a role of their own keeps it. */
static void
name_tabs (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      gboolean tab = g_strcmp0 (G_OBJECT_TYPE_NAME (child), "AdwTab") == 0;
      gboolean box = g_strcmp0 (G_OBJECT_TYPE_NAME (child), "AdwTabBox") == 0;
      g_autoptr(AdwTabPage) page = NULL;

      if ((tab || box) && !gtk_widget_get_realized (child) &&
          gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (child)) ==
            GTK_ACCESSIBLE_ROLE_WIDGET)
        g_object_set (child, "accessible-role",
                      tab ? GTK_ACCESSIBLE_ROLE_TAB : GTK_ACCESSIBLE_ROLE_TAB_LIST, NULL);
      if (!tab)
        {
          name_tabs (child);
          continue;
        }
      if (g_object_class_find_property (G_OBJECT_GET_CLASS (child), "page") != NULL)
        g_object_get (child, "page", &page, NULL);
      if (page == NULL)
        continue;
      gtk_accessible_update_property (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      adw_tab_page_get_title (page), -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_SELECTED,
                                   adw_tab_page_get_selected (page), -1);
    }
}

static void
tabs_changed_cb (AdmiraltyWindow *self)
{
  name_tabs (GTK_WIDGET (self->tab_bar));
}

/* The campaign tab stays; a battle's tab closes, its game already on disk. */
static gboolean
close_page_cb (AdmiraltyWindow *self,
               AdwTabPage      *page,
               AdwTabView      *tab_view)
{
  /* The campaign and its sector map stay; only battle tabs close. */
  gboolean close = page != self->campaign_tab && page != self->map_tab
                   && page != self->orders_tab;
  GtkWidget *child = adw_tab_page_get_child (page);

  /* A Twilight Imperium set-up the master closes is not brought back by the next session. */
  if (close && ADMIRALTY_IS_TI4_PAGE (child))
    admiralty_ti4_page_discard_draft (ADMIRALTY_TI4_PAGE (child));
  adw_tab_view_close_page_finish (tab_view, page, close);
  return GDK_EVENT_STOP;
}

/* The cycle clock (F-STRAT-1) */

static void
clock_running_cb (AdmiraltyWindow     *self,
                  GParamSpec          *pspec,
                  AdmiraltyCycleClock *clock)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK_PAUSED]);
}

/* The session is due: a toast for the master at this window, and a notification for one
 * working in another (the same id, so windows showing the clock replace each other's). */
static void
clock_due_cb (AdmiraltyWindow     *self,
              AdmiraltyCycleClock *clock)
{
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
  g_autoptr(GNotification) notification = NULL;

  if (self->campaign == NULL)
    return;

  _admiralty_window_toast (self, _("Communication session due: collect the orders"));

  if (!self->clock_notifies || application == NULL)
    return;
  notification = g_notification_new (_("Communication Session Due"));
  g_notification_set_body (notification,
                           _("Collect the admirals’ orders, then start the next cycle."));
  g_notification_set_priority (notification, G_NOTIFICATION_PRIORITY_HIGH);
  g_application_send_notification (application, "cycle-clock-due", notification);
}

static void
admiralty_window_set_clock_paused (AdmiraltyWindow *self,
                                   gboolean         paused)
{
  if (paused)
    admiralty_cycle_clock_pause (self->clock);
  else
    admiralty_cycle_clock_resume (self->clock);
}

static void
admiralty_window_restore_size (AdmiraltyWindow *self)
{
  int width = g_settings_get_int (self->settings, "window-width");
  int height = g_settings_get_int (self->settings, "window-height");

  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static gboolean
admiralty_window_close_request (GtkWindow *window)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (window);
  gboolean maximized = gtk_window_is_maximized (window);
  int width, height;

  /* The session is what was open when the window closed, not the tabs torn down after. */
  _admiralty_window_save_session (self);
  self->session_frozen = TRUE;

  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  if (!maximized)
    {
      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }

  return GTK_WINDOW_CLASS (admiralty_window_parent_class)->close_request (window);
}

static void
admiralty_window_dispose (GObject *object)
{
  AdmiraltyWindow *self = (AdmiraltyWindow *)object;

  self->session_frozen = TRUE;
  g_clear_handle_id (&self->primary_menu_idle, g_source_remove);
  if (self->css_provider != NULL)
    gtk_style_context_remove_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                                   GTK_STYLE_PROVIDER (self->css_provider));
  g_clear_object (&self->css_provider);

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_weak_pointer (&self->orders_page);
  g_clear_weak_pointer (&self->error_dialog);
  g_clear_weak_pointer (&self->roll_dialog);
  _admiralty_window_unwatch_file (self);
  /* The players' map goes with the master's window. */
  if (self->projector != NULL)
    gtk_window_destroy (GTK_WINDOW (self->projector));
  g_clear_weak_pointer (&self->projector);

  g_signal_group_set_target (self->campaign_signals, NULL);
  g_clear_object (&self->campaign);
  /* The room stays with the campaign's other windows; the last one's going stops it. */
  take_room (self, NULL);
  g_clear_object (&self->fleet_selection);
  g_clear_object (&self->fleet_slice);
  g_clear_object (&self->fleet_model);
  g_clear_object (&self->fleet_roots);
  g_clear_object (&self->roll_log);
  g_clear_object (&self->log_selection);
  g_signal_group_set_target (self->clock_signals, NULL);
  g_clear_object (&self->clock);
  g_clear_object (&self->settings);

  /* No Orders board or map page made while the tabs go. */
  if (self->tab_view != NULL)
    g_signal_handlers_disconnect_by_func (self->tab_view, selected_page_cb, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), ADMIRALTY_TYPE_WINDOW);
  self->campaign_orders = NULL;   /* went with orders_bin */
  self->muster_page = NULL;   /* went with main_stack */
  self->map_page = NULL;      /* went with map_bin */
  /* These went with empty_page. */
  self->recent_group = NULL;
  self->recent_list = NULL;
  self->scenarios_group = NULL;
  self->scenarios_list = NULL;

  G_OBJECT_CLASS (admiralty_window_parent_class)->dispose (object);
}

static void
admiralty_window_finalize (GObject *object)
{
  AdmiraltyWindow *self = (AdmiraltyWindow *)object;

  g_free (self->css_class);
  g_free (self->campaign_source);
  g_clear_pointer (&self->closed_battles, g_ptr_array_unref);
  g_clear_pointer (&self->player_screens, g_ptr_array_unref);
  g_free (self->error_backup_path);
  g_free (self->error_damaged_path);
  g_clear_object (&self->campaign_signals);
  g_clear_object (&self->clock_signals);
  g_clear_object (&self->portal_signals);
  g_clear_object (&self->room_signals);
  g_clear_object (&self->requests_signals);
  g_clear_object (&self->room);

  G_OBJECT_CLASS (admiralty_window_parent_class)->finalize (object);
}

static void
admiralty_window_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CAMPAIGN:
      g_value_set_object (value, self->campaign);
      break;
    case PROP_CLOCK_PAUSED:
      /* Asked for while the template is built, before the clock is. */
      g_value_set_boolean (value, self->clock == NULL
                                  || !admiralty_cycle_clock_get_running (self->clock));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_window_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (object);

  switch (prop_id)
    {
    case PROP_CLOCK_PAUSED:
      admiralty_window_set_clock_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
admiralty_window_class_init (AdmiraltyWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = admiralty_window_dispose;
  object_class->finalize = admiralty_window_finalize;
  object_class->get_property = admiralty_window_get_property;
  object_class->set_property = admiralty_window_set_property;
  window_class->close_request = admiralty_window_close_request;

  properties[PROP_CAMPAIGN] =
    g_param_spec_object ("campaign", NULL, NULL, ADM_TYPE_CAMPAIGN,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* The state of win.clock-pause. */
  properties[PROP_CLOCK_PAUSED] =
    g_param_spec_boolean ("clock-paused", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The list item templates name these types. */
  g_type_ensure (ADMIRALTY_TYPE_BATTLE_PAGE);
  g_type_ensure (ADMIRALTY_TYPE_CLOCK_BUTTON);
  g_type_ensure (ADMIRALTY_TYPE_FLEET_NODE);
  g_type_ensure (ADMIRALTY_TYPE_FLEET_ROW);
  g_type_ensure (ADMIRALTY_TYPE_CAMPAIGN_ORDERS);
  g_type_ensure (ADM_TYPE_LOG_ENTRY);
  g_type_ensure (ADMIRALTY_TYPE_WIDTH_FIRST_LAYOUT);

  gtk_widget_class_set_template_from_resource (
      widget_class, "/io/github/admiralty/Admiralty/admiralty-window.ui");
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, tab_bar);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, tab_view);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, campaign_tab);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, map_tab);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, map_bin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, orders_tab);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, orders_bin);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, primary_menu_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, undo_section);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, undo_shown);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, roll_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, resolve_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, clock_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, empty_page);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, fleet_view);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, fleet_correct_button);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, scenario_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, description_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, ruleset_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, sectors_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, ships_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, ships_card);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, events_label);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, log_stack);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, log_scroller);
  gtk_widget_class_bind_template_child (widget_class, AdmiraltyWindow, log_view);

  _admiralty_window_class_actions_init (klass);
  _admiralty_window_class_next_night_init (klass);
  _admiralty_window_class_replay_init (klass);
  _admiralty_window_class_luck_init (klass);
  _admiralty_window_class_archive_init (klass);
}

/* The welcome page is made, and its recent files and bundled scenarios read, when it is first
 * shown, not for a window that opens a campaign and never shows it: reading the bundled files'
 * titles and the recent files, and building the page, is work a campaign's first frame does
 * not need. */
static void
empty_page_map_cb (AdmiraltyWindow *self)
{
  AdmiraltyWelcomePage *welcome;

  if (self->welcome_filled)
    return;
  self->welcome_filled = TRUE;
  welcome = admiralty_welcome_page_new ();
  self->recent_group = admiralty_welcome_page_get_recent_group (welcome);
  self->recent_list = admiralty_welcome_page_get_recent_list (welcome);
  self->scenarios_group = admiralty_welcome_page_get_scenarios_group (welcome);
  self->scenarios_list = admiralty_welcome_page_get_scenarios_list (welcome);
  adw_bin_set_child (self->empty_page, GTK_WIDGET (welcome));
  _admiralty_window_fill_welcome (self);
}

/* The main menu's popover, a button for each of its items, is made after the window is shown
 * rather than with it, which then shows its first frame sooner. Its
 * keys (Ctrl+T, Ctrl+P, …) are the window's own bindings or the application's accelerators, so
 * they work before it is made. */
/* GTK 4.8 leaves the keyboard focus in a submenu of the main menu that an item closed (Battle,
 * End the Battle…): the focus is in a popover no longer shown, and the window's keys (Ctrl+P,
 * Ctrl+Return) reach nothing until a click. It goes back to the menu button, as an item of the
 * menu itself leaves it. */
static void
primary_menu_closed_cb (AdmiraltyWindow *self)
{
  GtkWidget *popover = GTK_WIDGET (gtk_menu_button_get_popover (self->primary_menu_button));
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (popover != NULL && focus != NULL && gtk_widget_is_ancestor (focus, popover))
    gtk_widget_grab_focus (GTK_WIDGET (self->primary_menu_button));
}

static void
primary_menu_popup_cb (GtkMenuButton *button,
                       gpointer       user_data)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (user_data);

  /* Called as the menu opens, each time: its Undo and Redo items say what they would do. */
  _admiralty_window_show_undo_items (self);
  if (gtk_menu_button_get_menu_model (button) != NULL)
    return;
  gtk_menu_button_set_menu_model (button, G_MENU_MODEL (self->primary_menu));
  g_signal_connect_object (gtk_menu_button_get_popover (button), "closed",
                           G_CALLBACK (primary_menu_closed_cb), self, G_CONNECT_SWAPPED);
}

/* GTK 4.8 places a popover menu's separators in an idle of its own after the menu is made:
 * made at the click, on a busy machine the menu showed without them and grew them a second
 * later, its items moving 50 px under the pointer. So it is made once the window is shown and
 * the main loop idle, long before a master reaches for it; the click makes it only if it
 * comes first. */
static gboolean
primary_menu_idle_cb (gpointer user_data)
{
  AdmiraltyWindow *self = ADMIRALTY_WINDOW (user_data);

  self->primary_menu_idle = 0;
  primary_menu_popup_cb (self->primary_menu_button, self);
  return G_SOURCE_REMOVE;
}

static void
primary_menu_button_map_cb (AdmiraltyWindow *self)
{
  if (self->primary_menu_idle == 0 &&
      gtk_menu_button_get_menu_model (self->primary_menu_button) == NULL)
    self->primary_menu_idle = g_idle_add_full (G_PRIORITY_LOW, primary_menu_idle_cb, self, NULL);
}

/* libadwaita 1.2's tab view keeps its pages in a GtkStack, homogeneous by default: every
 * layout would measure the hidden Map and Orders tabs too (the Orders tab's sheet rows alone
 * are hundreds of text measurements). The window is sized by the tab
 * shown. A tab view without such a stack is left as it is. */
static void
admiralty_window_measure_selected_tab_only (AdmiraltyWindow *self)
{
  GtkWidget *stack = gtk_widget_get_first_child (GTK_WIDGET (self->tab_view));

  if (!GTK_IS_STACK (stack))
    return;
  gtk_stack_set_hhomogeneous (GTK_STACK (stack), FALSE);
  gtk_stack_set_vhomogeneous (GTK_STACK (stack), FALSE);
}

static void
admiralty_window_init (AdmiraltyWindow *self)
{
  static guint serial;
  g_autoptr(GtkListItemFactory) factory = NULL;
  GtkAdjustment *adjustment;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->closed_battles = g_ptr_array_new_with_free_func (closed_battle_free);
  self->player_screens = g_ptr_array_new ();
  self->portal_signals = g_signal_group_new (ADM_TYPE_PORTAL);
  g_signal_group_connect_object (self->portal_signals, "warning",
                                 G_CALLBACK (portal_warning_cb), self, G_CONNECT_SWAPPED);
  self->requests_signals = g_signal_group_new (G_TYPE_LIST_MODEL);
  g_signal_group_connect_object (self->requests_signals, "items-changed",
                                 G_CALLBACK (requests_changed_cb), self, G_CONNECT_SWAPPED);
  self->room_signals = g_signal_group_new (ADMIRALTY_TYPE_ROOM);
  g_signal_group_connect_object (self->room_signals, "notify::table-server",
                                 G_CALLBACK (room_table_server_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->room_signals, "notify::portal",
                                 G_CALLBACK (room_portal_cb), self, G_CONNECT_SWAPPED);
  /* Its own room until it shows a campaign (admiralty_window_set_campaign ()). */
  take_room (self, admiralty_room_new (GTK_WINDOW (self)));
  g_signal_connect (self, "notify::is-active", G_CALLBACK (is_active_cb), NULL);
  self->campaign_signals = g_signal_group_new (ADM_TYPE_CAMPAIGN);
  g_signal_group_connect_object (self->campaign_signals, "changed",
                                 G_CALLBACK (campaign_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->campaign_signals, "notify",
                                 G_CALLBACK (campaign_notify_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->campaign_signals, "mirror-failed",
                                 G_CALLBACK (campaign_mirror_failed_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->campaign_signals, "checkpoint-failed",
                                 G_CALLBACK (campaign_checkpoint_failed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->campaign_signals, "save-failed",
                                 G_CALLBACK (_admiralty_window_file_save_failed), self,
                                 G_CONNECT_SWAPPED);
  gtk_menu_button_set_create_popup_func (self->primary_menu_button, primary_menu_popup_cb, self,
                                         NULL);
  g_signal_connect_object (self->primary_menu_button, "map",
                           G_CALLBACK (primary_menu_button_map_cb), self, G_CONNECT_SWAPPED);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (fleet_item_setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (fleet_item_bind_cb), NULL);
  g_signal_connect (factory, "unbind", G_CALLBACK (fleet_item_unbind_cb), NULL);
  gtk_list_view_set_factory (self->fleet_view, factory);
  _admiralty_window_corrections_init (self);

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->fleet_view, "map", G_CALLBACK (fleet_view_map_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::mirror-folder",
                           G_CALLBACK (mirror_folder_changed_cb), self, G_CONNECT_SWAPPED);
  self->log_selection = gtk_no_selection_new (NULL);
  gtk_column_view_set_model (self->log_view, GTK_SELECTION_MODEL (self->log_selection));
  self->log_follows_end = TRUE;

  /* The countdown as the last run left it, even after a crash. */
  self->clock = admiralty_cycle_clock_new (self->settings);
  self->clock_notifies = TRUE;
  self->clock_signals = g_signal_group_new (ADMIRALTY_TYPE_CYCLE_CLOCK);
  g_signal_group_connect_object (self->clock_signals, "notify::running",
                                 G_CALLBACK (clock_running_cb), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->clock_signals, "due", G_CALLBACK (clock_due_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_set_target (self->clock_signals, self->clock);
  admiralty_clock_button_set_clock (self->clock_button, self->clock);

  adjustment = gtk_scrolled_window_get_vadjustment (self->log_scroller);
  g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (log_adjustment_value_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (adjustment, "notify::upper", G_CALLBACK (log_adjustment_upper_cb),
                           self, G_CONNECT_SWAPPED);

  self->css_class = g_strdup_printf ("admiralty-window-%u", ++serial);
  gtk_widget_add_css_class (GTK_WIDGET (self), self->css_class);
  self->css_provider = gtk_css_provider_new ();
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (GTK_WIDGET (self)),
                                              GTK_STYLE_PROVIDER (self->css_provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  g_signal_connect_object (self->tab_view, "notify::selected-page",
                           G_CALLBACK (selected_page_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "close-page", G_CALLBACK (close_page_cb), self,
                           G_CONNECT_SWAPPED);
  pin_permanent_tabs (self);
  /* Given the view only now, the tab bar makes the three tabs once, pinned, rather than makes
   * them unpinned and then moves them among the pinned ones, work the first frame would
   * wait for. */
  adw_tab_bar_set_view (self->tab_bar, self->tab_view);
  name_tabs (GTK_WIDGET (self->tab_bar));
  g_signal_connect_object (self->tab_view, "notify::selected-page", G_CALLBACK (tabs_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tab_view, "page-attached", G_CALLBACK (tabs_changed_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  admiralty_window_measure_selected_tab_only (self);

  _admiralty_window_session_init (self);
  admiralty_window_restore_size (self);
  gtk_stack_set_visible_child_name (self->main_stack, "empty");
  g_signal_connect_object (self->empty_page, "map", G_CALLBACK (empty_page_map_cb), self,
                           G_CONNECT_SWAPPED);
  _admiralty_window_update_header (self);
  _admiralty_window_update_actions (self);
}

AdmiraltyWindow *
admiralty_window_new (AdmiraltyApplication *application)
{
  g_return_val_if_fail (ADMIRALTY_IS_APPLICATION (application), NULL);

  return g_object_new (ADMIRALTY_TYPE_WINDOW, "application", application, NULL);
}

GtkTreeListModel *
_admiralty_window_get_fleet_model (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  return self->fleet_model;
}

GListModel *
_admiralty_window_get_log_model (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  return G_LIST_MODEL (self->roll_log);
}

GtkWidget *
_admiralty_window_get_error_dialog (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  return self->error_dialog;
}

GtkWidget *
_admiralty_window_get_roll_dialog (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  return self->roll_dialog;
}

AdmiraltyCycleClock *
_admiralty_window_get_clock (AdmiraltyWindow *self)
{
  g_return_val_if_fail (ADMIRALTY_IS_WINDOW (self), NULL);

  return self->clock;
}
