/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sector-battle-ui.c: opening a battle from the sector map in the real window, on a
 * campaign copied into a temporary folder (tests/data/scenarios/sector-battle.admiralty) —
 * win.open-sector-battle writes the set-up beside the campaign and opens it in a tab, opening
 * it again reuses tab and file and resumes the game, double-click does the same, a sector
 * without enemies only toasts, an unwritable folder falls back to the user's data folder, and
 * the map tab's card shows the selected sector's formations. Runs under Xvfb. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-application.h"
#include "admiralty-engagement-dialog.h"
#include "admiralty-map-page-private.h"
#include "admiralty-window-private.h"
#include "ui-helpers.h"
#include "adm-battle-layout.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

#define SCENARIO_ID "sector-battle-test"








/* The fixture: the test scenario saved as a campaign file in a new temporary folder, open in
 * a new window. */
typedef CampaignFixture Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = g_test_build_filename (G_TEST_DIST, "data", "scenarios",
                                                     "sector-battle.admiralty",
                                                     NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);

  g_assert_no_error (error);
  campaign_fixture_set_up (fixture, campaign, "sector-battle", "hub.admiralty", 0, 0);
  g_assert_cmpuint (adw_tab_view_get_n_pages (fixture->window->tab_view), ==, 3);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *fallback = g_build_filename (data_home, "admiralty", "battles", NULL);

  campaign_fixture_tear_down (fixture);
  remove_tree (fallback);
}

static char *
setup_path (const char *folder,
            const char *sector_id)
{
  g_autofree char *name = g_strdup_printf ("%s-%s.xml", SCENARIO_ID, sector_id);

  return g_build_filename (folder, "battles", name, NULL);
}

/* Where the set-up goes when no folder beside the campaign takes it. */
static char *
fallback_path (const char *sector_id)
{
  g_autofree char *admiralty = g_build_filename (data_home, "admiralty", NULL);

  return setup_path (admiralty, sector_id);
}

static void
open_sector_battle (AdmiraltyWindow *window,
                    const char      *sector_id)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-sector-battle", "s",
                                             sector_id));
  iterate ();
}

static void
test_open_and_resume (Fixture       *fixture,
                      gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->window;
  g_autofree char *path = setup_path (fixture->dir, "pol-jump-point");
  g_autofree char *written = NULL;
  g_autofree char *again = NULL;
  AdmiraltyBattlePage *page;
  AdmBattle *battle;
  AdwTabPage *tab;

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  open_sector_battle (window, "pol-jump-point");
  g_assert_null (_admiralty_window_get_error_dialog (window));

  /* A tab with both squadrons of the sector, its set-up beside the campaign. */
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 4);
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  tab = adw_tab_view_get_selected_page (window->tab_view);
  g_assert_cmpstr (adw_tab_page_get_title (tab), ==, "Battle at Pol jump point");
  g_assert_cmpstr (admiralty_battle_page_get_source_path (page), ==, path);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_get_contents (path, &written, NULL, NULL));
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpuint (adm_battle_get_n_sides (battle), ==, 2);
  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, 13);
  g_assert_cmpstr (adm_battle_lookup_ship (battle, "prince-serg")->klass->id, ==,
                   "general-vorkraft");
  g_assert_cmpstr (adm_battle_lookup_ship (battle, "celestial-harmony")->klass->id, ==,
                   "ghem-lord");
  g_assert_null (adm_battle_lookup_ship (battle, "pale-moon"));

  /* Again, from the map's double-click: the same tab. */
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  g_signal_emit_by_name (_admiralty_window_get_map_page (window)->sector_map, "sector-activated",
                         "pol-jump-point");
  iterate ();
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 4);
  g_assert_true (adw_tab_view_get_selected_page (window->tab_view) == tab);

  /* A phase played, the tab closed: opening again resumes the game from the same set-up,
   * which is not written over. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL));
  iterate ();
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);

  open_sector_battle (window, "pol-jump-point");
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 4);
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  g_assert_true (admiralty_battle_page_get_resumed (page));
  g_assert_cmpint (adm_battle_get_phase (admiralty_battle_page_get_battle (page)), ==,
                   ADM_PHASE_MOVEMENT);
  g_assert_cmpstr (admiralty_battle_page_get_source_path (page), ==, path);
  g_assert_true (g_file_get_contents (path, &again, NULL, NULL));
  g_assert_cmpstr (again, ==, written);
}

static void
test_no_enemies (Fixture       *fixture,
                 gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->window;
  g_autofree char *path = setup_path (fixture->dir, "vervain-jump-point");
  g_autofree char *fallback = fallback_path ("vervain-jump-point");

  open_sector_battle (window, "vervain-jump-point");
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);
  g_assert_null (_admiralty_window_get_battle_page (window));
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_true (shows_label (GTK_WIDGET (window->toast_overlay),
                              "No enemies meet in Vervain jump point: only formations of the "
                              "Cetagandan Empire are there"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (fallback, G_FILE_TEST_EXISTS));
}

/* When no "battles" folder can be made beside the campaign (here a file has its name), the
 * set-up goes under the user's data folder. */
static void
test_unwritable_folder (Fixture       *fixture,
                        gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->window;
  g_autofree char *blocker = g_build_filename (fixture->dir, "battles", NULL);
  g_autofree char *fallback = fallback_path ("hegen-inner-system");
  g_autoptr(GError) error = NULL;
  AdmiraltyBattlePage *page;

  g_assert_true (g_file_set_contents (blocker, "not a folder", -1, &error));
  g_assert_no_error (error);

  open_sector_battle (window, "hegen-inner-system");
  g_assert_null (_admiralty_window_get_error_dialog (window));
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  g_assert_cmpstr (admiralty_battle_page_get_source_path (page), ==, fallback);
  g_assert_cmpuint (adm_battle_get_n_sides (admiralty_battle_page_get_battle (page)), ==, 3);

  /* Found there again rather than set up anew. */
  open_sector_battle (window, "hegen-inner-system");
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 4);
}

/* The map tab's card: the selected sector's formations by faction, and its button. */
static void
test_sector_card (Fixture       *fixture,
                  gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->window;
  AdmiraltyMapPage *map_page = _admiralty_window_get_map_page (window);
  GtkActionable *button = GTK_ACTIONABLE (map_page->sector_battle_button);
  GtkWidget *factions = GTK_WIDGET (map_page->sector_info_factions);
  g_autofree char *path = setup_path (fixture->dir, "pol-jump-point");
  guint rows = 0;

  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  iterate ();
  g_assert_false (gtk_widget_get_visible (map_page->sector_info));

  admiralty_sector_map_set_selected_sector (map_page->sector_map, "pol-jump-point");
  iterate ();
  g_assert_true (gtk_widget_get_visible (map_page->sector_info));
  g_assert_cmpstr (gtk_label_get_label (map_page->sector_info_title), ==, "Pol jump point");
  for (GtkWidget *row = gtk_widget_get_first_child (factions); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    rows++;
  g_assert_cmpuint (rows, ==, 2);
  g_assert_true (shows_label (factions, "Barrayaran Imperium"));
  g_assert_true (shows_label (factions, "Cetagandan Empire"));
  g_assert_true (shows_label (factions,
                              "First Squadron · 4 ships\nHub Picket Flotilla · 3 ships"));
  g_assert_cmpstr (gtk_label_get_label (map_page->sector_info_hint), ==, "4 formations · 13 ships");
  g_assert_true (gtk_widget_is_sensitive (map_page->sector_battle_button));
  g_assert_cmpstr (gtk_actionable_get_action_name (button), ==, "win.open-sector-battle");
  g_assert_cmpstr (g_variant_get_string (gtk_actionable_get_action_target_value (button), NULL),
                   ==, "pol-jump-point");

  /* One faction: no battle to open. */
  admiralty_sector_map_set_selected_sector (map_page->sector_map, "vervain-jump-point");
  iterate ();
  g_assert_cmpstr (gtk_label_get_label (map_page->sector_info_title), ==, "Vervain jump point");
  g_assert_cmpstr (gtk_label_get_label (map_page->sector_info_hint), ==, "No enemies meet here.");
  g_assert_false (gtk_widget_is_sensitive (map_page->sector_battle_button));

  admiralty_sector_map_set_selected_sector (map_page->sector_map, NULL);
  iterate ();
  g_assert_false (gtk_widget_get_visible (map_page->sector_info));

  /* The button opens the battle. */
  admiralty_sector_map_set_selected_sector (map_page->sector_map, "pol-jump-point");
  iterate ();
  g_signal_emit_by_name (map_page->sector_battle_button, "clicked");
  iterate ();
  g_assert_nonnull (_admiralty_window_get_battle_page (window));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

/* Without a campaign there is no map to open a battle from. */
static void
test_no_campaign (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);

  /* The action is disabled: activating it does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-sector-battle", "s",
                              "pol-jump-point");
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);
  close_window (window);
}

/* F-TAC-1, F-STRAT-10: the battle in a sector is set up with the formations the campaign has
 * there now — the First Squadron, moved on to the Hegen inner system by its orders, fights
 * there and no longer at the Pol jump point. */
static void
test_campaign_positions (Fixture       *fixture,
                         gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->window;
  AdmCampaign *campaign = window->campaign;
  g_autoptr(AdmEvent) order = adm_event_new ("order", 1795000000);
  g_autoptr(GError) error = NULL;
  g_autofree char *hegen = setup_path (fixture->dir, "hegen-inner-system");
  g_autofree char *pol = setup_path (fixture->dir, "pol-jump-point");
  g_autofree char *text = NULL;

  adm_event_set_int (order, "cycle", 1);
  adm_event_set (order, "admiral", "vorkosigan");
  adm_event_set (order, "formation", "first-squadron");
  adm_event_set (order, "order", "move");
  adm_event_set (order, "route", "hegen-inner-system");
  adm_event_set_text (order, "Keep the gas giant at your back.");
  g_assert_true (adm_campaign_append (campaign, order, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_resolve_cycle (campaign, NULL, 1795002400, &error));
  g_assert_no_error (error);
  iterate ();

  /* F-STRAT-4: where the cycle brought enemies together, the map opens that engagement of
   * the campaign: its placements, then its battle, kept in the campaign file. */
  open_sector_battle (window, "hegen-inner-system");
  g_assert_null (_admiralty_window_get_error_dialog (window));
  {
    GtkWidget *dialog =
      admiralty_campaign_orders_get_engagement_dialog (
        _admiralty_window_get_campaign_orders (window));
    AdmiraltyBattlePage *page;
    const char *kept;

    g_assert_nonnull (dialog);
    /* F-TAC-1: the table its set-up generates, the gas giant on it; Roll Again journals a
     * new seed, which the preview and then the battle follow. */
    {
      AdmiraltyEngagementDialog *placements = ADMIRALTY_ENGAGEMENT_DIALOG (dialog);
      AdmBattle *preview = admiralty_engagement_dialog_get_preview (placements);
      guint32 seed = 0;
      g_autofree char *undo = NULL;

      g_assert_nonnull (preview);
      g_assert_true (adm_battle_get_low_orbit (preview)->present);
      g_assert_true (admiralty_engagement_dialog_reroll (placements, 7, &error));
      g_assert_no_error (error);
      preview = admiralty_engagement_dialog_get_preview (placements);
      g_assert_true (adm_battle_get_layout_seed (preview, &seed));
      g_assert_cmpuint (seed, ==, 7);
      undo = adm_campaign_describe_undo (campaign);
      g_assert_true (g_str_has_prefix (undo, "New table for engagement "));
    }
    admiralty_engagement_dialog_open (ADMIRALTY_ENGAGEMENT_DIALOG (dialog));
    iterate ();
    page = _admiralty_window_get_battle_page (window);
    g_assert_nonnull (page);
    g_assert_nonnull (admiralty_battle_page_get_engagement (page));
    kept = adm_campaign_get_battle (campaign, admiralty_battle_page_get_engagement (page), NULL,
                                    NULL);
    g_assert_nonnull (kept);
    g_assert_nonnull (strstr (kept, "\"prince-serg\""));
    g_assert_nonnull (strstr (kept, "layout-seed=\"7\""));
    g_assert_false (g_file_test (hegen, G_FILE_TEST_EXISTS));
  }

  open_sector_battle (window, "pol-jump-point");
  g_assert_true (g_file_get_contents (pol, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (strstr (text, "\"prince-serg\""));
  g_assert_nonnull (strstr (text, "\"kestrel\""));
}

/* tests/data/scenarios/stations.admiralty without the Cetagandan line: Barrayar's First
 * Squadron alone at Tau Verde, by Vervain's relay platform (no ally of Barrayar's). */
static void
lone_squadron_set_up (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "scenarios",
                                                 "stations.admiralty", NULL);
  g_autofree char *text = NULL, *cut = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  const char *start, *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  start = strstr (text, "  <formation id=\"jade-line\"");
  g_assert_nonnull (start);
  end = strstr (start, "</formation>\n") + strlen ("</formation>\n");
  cut = g_strdup_printf ("%.*s%s", (int) (start - text), text, end);
  scenario = adm_scenario_load_data (cut, strlen (cut), "lone.admiralty", &error);
  g_assert_no_error (error);
  campaign = adm_campaign_new (scenario, 1);
  campaign_fixture_set_up (fixture, campaign, "sector-station", "lone.admiralty", 0, 0);
}

/* Ruling "station-engagement" (F-STRAT-16, F-STN-6) on the master's sector card: where one
 * faction's formations share a sector with an enemy's station, the card says which way the
 * ruling reads — "engages": the station meets them, and the battle may be opened; "never": no
 * enemies meet, and why. */
static void
test_station_card (Fixture       *fixture,
                   gconstpointer  data)
{
  AdmiraltyMapPage *map_page = _admiralty_window_get_map_page (fixture->window);
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(GError) error = NULL;

  adw_tab_view_set_selected_page (fixture->window->tab_view, fixture->window->map_tab);
  iterate ();
  admiralty_sector_map_set_selected_sector (map_page->sector_map, "tau-verde");
  iterate ();
  g_assert_cmpstr (gtk_label_get_label (map_page->sector_info_hint), ==,
                   "Vervain Relay of Vervain meets them.");
  g_assert_true (gtk_widget_is_sensitive (map_page->sector_battle_button));

  g_assert_true (adm_ruleset_set_ruling (adm_scenario_get_ruleset (adm_campaign_get_scenario
                                                                     (campaign)),
                                         "station-engagement", "never", &error));
  g_assert_no_error (error);
  admiralty_sector_map_set_selected_sector (map_page->sector_map, NULL);
  iterate ();
  admiralty_sector_map_set_selected_sector (map_page->sector_map, "tau-verde");
  iterate ();
  g_assert_cmpstr (gtk_label_get_label (map_page->sector_info_hint), ==,
                   "No enemies meet here: Vervain Relay of Vervain fights only beside its "
                   "owner’s formations.");
  g_assert_false (gtk_widget_is_sensitive (map_page->sector_battle_button));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "sector-battle");

  g_test_add ("/ui/sector-battle/open-and-resume", Fixture, NULL, fixture_set_up,
              test_open_and_resume, fixture_tear_down);
  g_test_add ("/ui/sector-battle/no-enemies", Fixture, NULL, fixture_set_up, test_no_enemies,
              fixture_tear_down);
  g_test_add ("/ui/sector-battle/unwritable-folder", Fixture, NULL, fixture_set_up,
              test_unwritable_folder, fixture_tear_down);
  g_test_add ("/ui/sector-battle/F-TAC-1/campaign-positions", Fixture, NULL, fixture_set_up,
              test_campaign_positions, fixture_tear_down);
  g_test_add ("/ui/sector-battle/sector-card", Fixture, NULL, fixture_set_up, test_sector_card,
              fixture_tear_down);
  g_test_add ("/ui/sector-battle/F-STRAT-16/station-card", Fixture, NULL, lone_squadron_set_up,
              test_station_card, fixture_tear_down);
  g_test_add_func ("/ui/sector-battle/no-campaign", test_no_campaign);

  return ui_test_finish (g_test_run ());
}
