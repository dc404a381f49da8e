/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-screenshots.c: the pictures the manual (docs/screenshots/) and the metainfo
 * (data/screenshots/) show, taken of the app as it is: the Komarr campaign new and after its
 * first cycle, played from the sample sheets — its welcome page, Campaign tab, sector map,
 * Orders tab, an admiral's sheet, an engagement's placements and its battle, then the end of
 * the manual's first hour played with the pointer and keys (the battle ended, the papers
 * offered, the projector, the admirals' links) — each state checked before it is shot. The
 * window is ADMIRALTY_SHOT_SIZE ("1280x800" unless said) on an X screen of that size, in the
 * language of the environment: a picture is named NAME.png, or NAME-LANG.png when LANGUAGE
 * names another language than English.
 * docs/screenshots/make.sh runs this in English and Russian and copies the pictures where the
 * docs and the metainfo use them. */

#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n.h>

#include "admiralty-battle-page-private.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-engagement-dialog.h"
#include "admiralty-report-dialog.h"
#include "admiralty-share-dialog.h"
#include "admiralty-map-page-private.h"
#include "admiralty-sheet-form.h"
#include "admiralty-table-widget.h"
#include "admiralty-window-private.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define C1_3 2                            /* c1-3's place in the queue of cycle 1 */

static int width = 1280, height = 800;
static const char *suffix = "";

/* @name's picture of the screen as the master sees it, @name-LANG.png in another language. */
static void
shoot (const char *name)
{
  g_autofree char *file = g_strdup_printf ("%s%s.png", name, suffix);

  wait_frames ();
  root_screenshot (file, width, height);
}

typedef CampaignFixture Fixture;

/* Whether the window @data shows a battle page, mapped: a condition for iterate_until (). */
static gboolean
battle_shown (gpointer data)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (data);

  return page != NULL && gtk_widget_get_mapped (GTK_WIDGET (page));
}

/* The battle of the engagement dialog @dialog opened, its page shown and drawn. */
static AdmiraltyBattlePage *
open_battle (AdmiraltyWindow *window,
             GtkWidget       *dialog)
{
  admiralty_engagement_dialog_open (ADMIRALTY_ENGAGEMENT_DIALOG (dialog));
  iterate_until (battle_shown, window, 5000);
  g_assert_true (battle_shown (window));
  wait_frames ();
  return _admiralty_window_get_battle_page (window);
}

static gboolean
ship_selected (gpointer table)
{
  return admiralty_table_widget_get_selected_ship (table) >= 0;
}

static gboolean
target_chosen (gpointer table)
{
  return admiralty_table_widget_get_target_ship (table) >= 0;
}

/* The Komarr campaign after cycle 1, played from its three sample sheets, open in a window. */
static void
komarr_set_up (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

  komarr_play_cycle (campaign, 1, T0);
  campaign_fixture_set_up (fixture, campaign, "screenshots", "komarr.admiralty", width, height);
  wait_frames ();
}

static void
komarr_tear_down (Fixture       *fixture,
                  gconstpointer  data)
{
  campaign_fixture_tear_down (fixture);
}

/* The welcome page: the bundled scenarios to start from. */
static void
test_welcome (void)
{
  AdmiraltyWindow *window;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  window = shown_window_new (width, height);
  g_assert_null (window->campaign);
  g_assert_nonnull (gtk_widget_get_first_child (GTK_WIDGET (window->scenarios_list)));
  shoot ("welcome");
  close_window (window);
}

/* The campaign after cycle 1, tab by tab (F-STRAT-3): the order of battle; the sector map with
 * the four engagements marked and Pol orbit's card; the same zoomed in; the Orders tab with
 * the engagements' queue and the admirals' sheets. */
static void
test_campaign (Fixture       *fixture,
               gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->window;
  AdmiraltyMapPage *map_page;
  AdmiraltyCampaignOrders *orders;
  g_autofree char *queue = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }

  g_assert_cmpuint (adm_strategy_get_cycle (strategy_of (window->campaign)), ==, 2);
  g_assert_cmpuint (adm_campaign_get_engagements (window->campaign, 1)->len, ==, 4);

  adw_tab_view_set_selected_page (window->tab_view, window->campaign_tab);
  shoot ("campaign");

  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  map_page = _admiralty_window_get_map_page (window);
  wait_frames ();
  admiralty_sector_map_set_selected_sector (map_page->sector_map, "pol-orbit");
  g_assert_true (gtk_widget_get_visible (map_page->sector_info));
  shoot ("sector-map");
  /* The sector's count reads on one line, "3 соединения · 8 кораблей" too. */
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (map_page->sector_info_hint)),
                   ==, 1);

  /* Two steps of zoom about the middle of the map. */
  gtk_widget_activate_action (GTK_WIDGET (map_page->sector_map), "map.zoom-in", NULL);
  gtk_widget_activate_action (GTK_WIDGET (map_page->sector_map), "map.zoom-in", NULL);
  shoot ("engagements-on-map");

  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  orders = _admiralty_window_get_campaign_orders (window);
  queue = admiralty_campaign_orders_get_engagements_text (orders);
  g_assert_nonnull (strstr (queue, "c1-4"));
  shoot ("order-board");
}

/* The placements of c1-3 before its first turn (F-STRAT-15), then its battle opened and
 * played to turn 1's fire phase (F-SEQ-1): Tab on the table selects the first ship whose guns
 * reach an enemy, the fortress Pol Six, T aims it at the nearest — its arcs, its ranges, the
 * line of fire and its fire controls in the pane. */
static void
test_battle (Fixture       *fixture,
             gconstpointer  data)
{
  AdmiraltyWindow *window = fixture->window;
  AdmiraltyCampaignOrders *orders;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmBattle *battle;
  GtkWidget *dialog;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }

  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  orders = _admiralty_window_get_campaign_orders (window);
  wait_frames ();
  dialog = admiralty_campaign_orders_open_engagement (orders, C1_3);
  g_assert_nonnull (dialog);
  g_assert_true (dialog == admiralty_campaign_orders_get_engagement_dialog (orders));
  iterate_until (widget_mapped, dialog, 5000);
  shoot ("engagement-placements");
  page = open_battle (window, dialog);
  table = _admiralty_battle_page_get_table (page);
  battle = admiralty_battle_page_get_battle (page);
  resolve_by_click (window, battle, 2);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  /* Tab on the table: the first ship whose guns reach an enemy, Pol Six; T: the nearest. */
  gtk_widget_grab_focus (GTK_WIDGET (table));
  keys_to (GTK_WIDGET (window), "Tab");
  iterate_until (ship_selected, table, 5000);
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), >=, 0);
  g_assert_cmpstr (adm_battle_get_ship (battle,
                                        admiralty_table_widget_get_selected_ship (table))
                     ->klass->id, ==, "orbital-fortress");
  keys_to (GTK_WIDGET (window), "t");
  iterate_until (target_chosen, table, 5000);
  g_assert_cmpint (admiralty_table_widget_get_target_ship (table), >=, 0);
  shoot ("battle");
}

/* @msgid in the UI's language, without its mnemonic's underscore: as a label shows it. */
static char *
shown (const char *msgid)
{
  g_autoptr(GString) text = g_string_new (_(msgid));

  g_string_replace (text, "_", "", 1);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static gboolean
is_shown_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
battle_finished (gpointer page)
{
  return admiralty_battle_page_get_finished (page);
}

/* Whether the share dialog @data lists an admiral's link to revoke. */
static gboolean
links_listed (gpointer data)
{
  g_autofree char *revoke = shown ("_Revoke Link");

  return find_widget (data, is_shown_label, revoke) != NULL;
}

static gboolean
projector_gone (gpointer data)
{
  return find_projector () == NULL;
}

/* The manual's first hour, steps 5 and 6, played with the pointer and keys on c1-3 opened
 * and played to its movement phase (F-STRAT-15): the main menu's End the Battle…, its reason
 * typed, leaves the tab read-only with its header button greyed and reading Battle Ended;
 * Print Report… (Ctrl+P) offers the papers the manual names; the Projector (F5) opens and F5
 * closes it; Share with Admirals… lists the admirals, each with his link to revoke. */
static void
test_first_hour_end (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char * const papers[] = { "Master’s Turn Report", "Admiral’s Report",
                                         "Fleet Cards", "Blank Order Sheets",
                                         "Every Admiral’s Paper: Report, Cards and Sheet",
                                         "Public Bulletin: What Everyone May Know",
                                         "Luck Ledger: Every Roll’s Odds Beside What Came",
                                         "Table Kit: an Engagement’s Tokens, Cards and Map",
                                         "War Chronicle: the Whole Campaign in Order, with Its "
                                         "Maps" };
  AdmiraltyWindow *window = fixture->window;
  AdmiraltyBattlePage *page;
  GtkWidget *dialog, *button, *report, *share;
  g_autofree char *battle_menu = shown ("Batt_le");
  g_autofree char *end_item = shown ("_End the Battle…");
  g_autofree char *end_button = shown ("_End Battle");
  g_autofree char *ended = shown ("Battle Ended");
  g_autofree char *share_item = shown ("S_hare with Admirals…");
  g_autofree char *revoke = shown ("_Revoke Link");

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }

  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  wait_frames ();
  dialog = admiralty_campaign_orders_open_engagement (
    _admiralty_window_get_campaign_orders (window), C1_3);
  g_assert_nonnull (dialog);
  iterate_until (widget_mapped, dialog, 5000);
  page = open_battle (window, dialog);
  resolve_by_click (window, admiralty_battle_page_get_battle (page), 1);

  /* Step 5: main menu, Battle, End the Battle…, the reason, End Battle. */
  click_menu_button_submenu_item (GTK_WIDGET (window->primary_menu_button), battle_menu,
                                  end_item, NULL);
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = GTK_WIDGET (message_dialog ());
  g_assert_nonnull (dialog);
  type_to (dialog, "Pol Six withdrew");
  button = find_widget (dialog, is_shown_label, end_button);
  g_assert_nonnull (button);
  pointer_click_widget (button);
  iterate_until (message_dialog_gone, NULL, 5000);
  iterate_until (battle_finished, page, 5000);
  g_assert_true (admiralty_battle_page_get_finished (page));
  g_assert_true (_admiralty_window_get_battle_page (window) == page);
  g_assert_nonnull (find_widget (window->resolve_button, is_shown_label, ended));
  g_assert_false (gtk_widget_is_sensitive (window->resolve_button));
  shoot ("first-hour-ended");

  /* Step 6: Print Report… offers the master's, an admiral's, the cards, blank sheets, every
   * admiral's paper at once, the public bulletin, the luck ledger and an engagement's table
   * kit. */
  focus_window (GTK_WIDGET (window));
  keys_to (GTK_WIDGET (window), "ctrl+p");
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_REPORT_DIALOG), 5000);
  report = shown_toplevel (ADMIRALTY_TYPE_REPORT_DIALOG);
  g_assert_nonnull (report);
  {
    GtkWidget *row = find_widget (report, is_combo_row_titled, _("_Document"));
    GListModel *model;

    g_assert_nonnull (row);
    model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, G_N_ELEMENTS (papers));
    for (guint i = 0; i < G_N_ELEMENTS (papers); i++)
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (model), i), ==,
                       _(papers[i]));
  }
  shoot ("first-hour-print");
  gtk_window_destroy (GTK_WINDOW (report));
  iterate ();

  /* The Projector: F5 opens it, F5 on it closes it. */
  focus_window (GTK_WIDGET (window));
  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_mapped, NULL, 5000);
  g_assert_nonnull (find_projector ());
  keys_to (GTK_WIDGET (find_projector ()), "F5");
  iterate_until (projector_gone, NULL, 5000);
  g_assert_null (find_projector ());

  /* Share with Admirals… lists each admiral. */
  click_menu_button_item (GTK_WIDGET (window->primary_menu_button), share_item, NULL);
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_SHARE_DIALOG), 5000);
  share = shown_toplevel (ADMIRALTY_TYPE_SHARE_DIALOG);
  g_assert_nonnull (share);
  iterate_until (links_listed, share, 5000);
  g_assert_nonnull (find_widget (share, is_shown_label, revoke));
  gtk_window_destroy (GTK_WINDOW (share));
  iterate ();
}

/* Adm. Aral Vorkosigan's sheet for cycle 1 as the manual's first hour types it (F-STRAT-16):
 * First Squadron, Home Fleet moving by Pol jump point to Pol orbit, the destroyers on
 * patrol. */
static void
test_first_hour_sheet (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-screenshots-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  AdmiraltyWindow *window;
  AdmiraltySheetForm *form;

  g_assert_no_error (error);
  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      remove_tree (dir);
      return;
    }
  window = campaign_window_new (campaign, path, width, height);
  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  wait_frames ();
  form = admiralty_campaign_orders_open_sheet (_admiralty_window_get_campaign_orders (window),
                                               "vorkosigan");
  g_assert_nonnull (form);
  iterate_until (widget_mapped, form, 5000);
  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet",
                                                 "pol-jump-point pol-orbit"));
  g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla", "patrol"));
  g_assert_true (admiralty_sheet_form_can_hand_in (form));
  shoot ("first-hour-sheet");
  gtk_window_destroy (GTK_WINDOW (form));
  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  const char *size = g_getenv ("ADMIRALTY_SHOT_SIZE");
  const char *language = g_getenv ("LANGUAGE");
  g_autofree char *screen = NULL;
  g_autofree char *localedir = NULL;

  if (size != NULL && sscanf (size, "%dx%d", &width, &height) != 2)
    g_error ("ADMIRALTY_SHOT_SIZE is \"%s\", not WIDTHxHEIGHT", size);
  /* The X screen the size of the window, so that a picture of the screen is the window. */
  screen = g_strdup_printf ("%dx%dx24", width, height);
  g_setenv ("ADMIRALTY_TEST_SCREEN", screen, TRUE);
  localedir = g_build_filename (g_getenv ("ADMIRALTY_BUILD_DIR"), "po", NULL);
  g_setenv ("ADMIRALTY_LOCALEDIR", localedir, TRUE);
  if (language != NULL && language[0] != '\0' && !g_str_has_prefix (language, "en"))
    suffix = g_strdup_printf ("-%.2s", language);

  ui_test_init (&argc, &argv, "screenshots");
  /* gtk_test_init () keeps the C locale, where gettext reads no LANGUAGE: the environment's
   * (docs/screenshots/make.sh sets LC_ALL), or C.UTF-8. */
  if (setlocale (LC_ALL, "") == NULL)
    setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_test_add_func ("/ui/screenshots/welcome", test_welcome);
  g_test_add ("/ui/screenshots/F-STRAT-3/campaign", Fixture, NULL, komarr_set_up, test_campaign,
              komarr_tear_down);
  g_test_add ("/ui/screenshots/F-STRAT-15/battle", Fixture, NULL, komarr_set_up, test_battle,
              komarr_tear_down);
  g_test_add_func ("/ui/screenshots/F-STRAT-16/first-hour-sheet", test_first_hour_sheet);
  g_test_add ("/ui/screenshots/F-STRAT-15/first-hour-end", Fixture, NULL, komarr_set_up,
              test_first_hour_end, komarr_tear_down);
  return ui_test_finish (g_test_run ());
}
