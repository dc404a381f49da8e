/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-keyboard-ui.c: the app from the keyboard alone — key events through the X server
 * (xdotool under Xvfb), never a click. A strategic cycle: the Komarr campaign opened from the
 * welcome page with Tab, the arrows and Return, Alt+3 to the Orders tab, an admiral's sheet
 * typed into its form with Tab, Space and the arrows and handed in with Ctrl+Return, the cycle
 * resolved with Shift+Ctrl+Return, its engagements read on the board. A battle turn at the
 * tactical table: Tab to the table, the arrows to the firer, T to its nearest target, Return to
 * declare, Ctrl+Return for each phase; and what a screen reader is told on the way. */

#include "config.h"

#include <string.h>

#include "admiralty-battle-page-private.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-sheet-form.h"
#include "admiralty-orders-panel.h"
#include "admiralty-table-keys.h"
#include "admiralty-window-private.h"
#include "pointer-helpers.h"

/* Tab until @widget has the keyboard focus, at most @tabs times: whether it got it. */
static gboolean
tab_to (GtkWidget *window,
        GtkWidget *widget,
        guint      tabs)
{
  for (guint i = 0; i < tabs && !gtk_widget_has_focus (widget); i++)
    {
      keys_to (window, "Tab");
    }
  return gtk_widget_has_focus (widget);
}

static void
assert_label (GtkWidget  *widget,
              const char *label)
{
  g_autofree char *message = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                                 label);

  if (message != NULL)
    g_error ("%s", message);
}

static gboolean
has_focus_within (GtkWidget *window,
                  GtkWidget *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Tab until the focus is on or inside @widget, at most @tabs times: whether it got there. */
static gboolean
tab_within (GtkWidget *window,
            GtkWidget *widget,
            guint      tabs)
{
  for (guint i = 0; i < tabs && !has_focus_within (window, widget); i++)
    {
      keys_to (window, "Tab");
    }
  return has_focus_within (window, widget);
}

/* Tab (Shift+Tab from a control inside it) until @row itself has the focus, at most @tabs
 * times: whether it got it. */
static gboolean
tab_onto (GtkWidget *window,
          GtkWidget *row,
          guint      tabs)
{
  for (guint i = 0; i < tabs && !gtk_widget_has_focus (row); i++)
    {
      keys_to (window, has_focus_within (window, row) ? "shift+Tab" : "Tab");
    }
  return gtk_widget_has_focus (row);
}

/* The row titled @title of the group of the form titled @group (a formation's name). */
static GtkWidget *
form_row (GtkWidget  *form,
          const char *group,
          const char *title)
{
  GtkWidget *box = find_widget (form, is_group_titled, group);
  GtkWidget *row;

  g_assert_nonnull (box);
  row = find_widget (box, is_row_beginning, title);
  g_assert_nonnull (row);
  return row;
}

/* The item of @combo reading @item chosen from the keyboard alone: Tab to the row, Space opens
 * its list, the arrows go to the item, Return takes it. */
static void
choose_by_keys (GtkWidget  *window,
                GtkWidget  *combo,
                const char *item)
{
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (combo));
  guint from = adw_combo_row_get_selected (ADW_COMBO_ROW (combo));
  guint to = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), item) == 0)
      to = i;
  g_assert_cmpuint (to, !=, GTK_INVALID_LIST_POSITION);
  g_assert_true (tab_onto (window, combo, 60));
  keys_to (window, "space");
  iterate_until (popover_open, combo, 5000);
  g_assert_true (popover_open (combo));
  for (guint i = from; i < to; i++)
    keys_to (window, "Down");
  for (guint i = to; i < from; i++)
    keys_to (window, "Up");
  keys_to (window, "Return");
  iterate_until (popover_closed, combo, 5000);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (combo)), ==, to);
}

/* The sector @item chosen as the next of @group's route, then Tab to its "+" and Space. */
static void
add_sector_by_keys (GtkWidget  *form,
                    const char *group,
                    const char *item)
{
  GtkWidget *next = form_row (form, group, "_Next sector");
  GtkWidget *add = find_widget (next, is_button_tooltip, "Add the sector to the route");

  g_assert_nonnull (add);
  choose_by_keys (form, next, item);
  g_assert_true (tab_within (form, add, 3));
  keys_to (form, "space");
  wait_frames ();
}

static gboolean
campaign_open (gpointer window)
{
  return ((AdmiraltyWindow *) window)->campaign != NULL;
}

/* Whether the campaign of the window @data is in its second cycle: the first resolved. */
static gboolean
cycle_resolved (gpointer data)
{
  AdmiraltyWindow *window = data;

  return adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (
           window->campaign))) == 2;
}

static gboolean
sheet_form_shown (gpointer orders)
{
  AdmiraltySheetForm *form = admiralty_campaign_orders_get_sheet_form (orders);

  return form != NULL && gtk_widget_get_mapped (GTK_WIDGET (form));
}

static gboolean
sheet_form_gone (gpointer orders)
{
  return !sheet_form_shown (orders);
}

/* The Komarr campaign's first cycle by keys alone: the welcome page's row reached with Tab and
 * Down and opened with Return; Alt+3 to the Orders tab, Tab and Down to Adm. Aral Vorkosigan,
 * Return opens his sheet (F-STRAT-5); his First Squadron moved by Pol jump point to Pol orbit
 * (F-STRAT-16) and his destroyers on patrol, handed in with Ctrl+Return; the cycle resolved
 * (F-STRAT-3) with Shift+Ctrl+Return and the question answered with Return; the engagements it
 * gives at Pol jump point listed on the board. */
static void
test_cycle (void)
{
  const char *squadron = "First Squadron, Home Fleet";
  AdmiraltyWindow *window;
  AdmiraltyCampaignOrders *orders;
  GtkWidget *form, *row;
  AdmStrategy *strategy;
  g_autofree char *engagements = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  window = shown_window_new (1280, 800);
  row = find_widget (GTK_WIDGET (window->scenarios_list), is_row_beginning,
                     "The Komarr Campaign");
  g_assert_nonnull (row);

  /* Tab into the scenarios, Down to Komarr, Return. */
  g_assert_true (tab_within (GTK_WIDGET (window), GTK_WIDGET (window->scenarios_list), 20));
  for (guint i = 0; i < 10 && !has_focus_within (GTK_WIDGET (window), row); i++)
    keys_to (GTK_WIDGET (window), "Down");
  g_assert_true (has_focus_within (GTK_WIDGET (window), row));
  keys_to (GTK_WIDGET (window), "Return");
  iterate_until (campaign_open, window, 10000);
  g_assert_nonnull (window->campaign);
  wait_frames ();

  /* Alt+3: the Orders tab; Tab to the admirals, Down to Vorkosigan, Return. */
  keys_to (GTK_WIDGET (window), "alt+3");
  wait_frames ();
  orders = _admiralty_window_get_campaign_orders (window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (orders)));
  row = find_widget (GTK_WIDGET (orders), is_row_beginning, "Adm. Aral Vorkosigan");
  g_assert_nonnull (row);
  g_assert_true (tab_within (GTK_WIDGET (window), gtk_widget_get_parent (row), 30));
  for (guint i = 0; i < 10 && !has_focus_within (GTK_WIDGET (window), row); i++)
    keys_to (GTK_WIDGET (window), "Down");
  g_assert_true (has_focus_within (GTK_WIDGET (window), row));
  keys_to (GTK_WIDGET (window), "Return");
  iterate_until (sheet_form_shown, orders, 5000);
  form = GTK_WIDGET (admiralty_campaign_orders_get_sheet_form (orders));
  g_assert_nonnull (form);
  wait_frames ();

  /* His sheet: the squadron moves by Pol jump point to Pol orbit, the destroyers patrol. */
  choose_by_keys (form, form_row (form, squadron, "_Order"), "Move");
  add_sector_by_keys (form, squadron, "Pol jump point");
  add_sector_by_keys (form, squadron, "Pol orbit");
  g_assert_null (admiralty_sheet_form_get_refusal (ADMIRALTY_SHEET_FORM (form),
                                                   "first-squadron-home-fleet"));
  choose_by_keys (form, form_row (form, "First Destroyer Flotilla", "_Order"), "Patrol");
  g_assert_true (admiralty_sheet_form_can_hand_in (ADMIRALTY_SHEET_FORM (form)));
  root_screenshot ("keyboard-sheet-typed.png", 1280, 800);
  keys_to (form, "ctrl+Return");
  iterate_until (sheet_form_gone, orders, 5000);
  g_assert_false (sheet_form_shown (orders));
  g_assert_cmpuint (admiralty_campaign_orders_get_n_orders (orders, "vorkosigan"), ==, 2);

  /* Shift+Ctrl+Return asks first (the other admirals have handed in nothing); Return
   * resolves. */
  keys_to (GTK_WIDGET (window), "shift+ctrl+Return");
  iterate_until (message_dialog_shown, NULL, 5000);
  g_assert_nonnull (message_dialog ());
  keys_to (GTK_WIDGET (message_dialog ()), "Return");
  iterate_until (message_dialog_gone, NULL, 10000);
  g_assert_null (message_dialog ());
  iterate_until (cycle_resolved, window, 10000);
  wait_frames ();
  strategy = adm_state_get_strategy (adm_campaign_get_state (window->campaign));
  g_assert_cmpuint (adm_strategy_get_cycle (strategy), ==, 2);
  engagements = admiralty_campaign_orders_get_engagements_text (orders);
  /* The destroyers on patrol meet Pol's cruisers at the jump point at once, the squadron
   * arriving there at minute 40 waits for that fight. */
  g_assert_nonnull (strstr (engagements, "c1-1 · Pol jump point, minute 0: First Destroyer "
                                         "Flotilla (Barrayaran Imperium), Pol Cruiser Squadron"));
  g_assert_nonnull (strstr (engagements, "c1-2 · Pol jump point, minute 40: First Squadron, "
                                         "Home Fleet"));
  root_screenshot ("keyboard-cycle-resolved.png", 1280, 800);
  close_window (window);
}

/* Ctrl+Return: the phase resolved with the program's dice. */
static void
resolve_phase (AdmiraltyWindow     *window,
               AdmiraltyBattlePage *page)
{
  /* The page may hold a new battle after each phase: read it afresh. */
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  AdmPhase phase = adm_battle_get_phase (battle);
  int turn = adm_battle_get_turn (battle);
  Resolving resolve = resolving (window, page);

  keys_to (GTK_WIDGET (window), "ctrl+Return");
  wait_resolved (&resolve, 5000);
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_true (adm_battle_get_phase (battle) != phase || adm_battle_get_turn (battle) != turn);
}

/* Whether a line of turn 1's fire phase in @battle's report names @ship. */
static gboolean
fire_reported (AdmBattle  *battle,
               const char *ship)
{
  GPtrArray *report = adm_battle_get_report (battle);

  for (guint i = 0; i < report->len; i++)
    {
      const AdmReportLine *line = g_ptr_array_index (report, i);

      if (line->turn == 1 && line->phase == ADM_PHASE_FIRE && strstr (line->text, ship) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* One turn of the Hegen Hub engagement (tests/data/battles/hegen-hub.xml), seven against six,
 * by keys alone (F-SEQ-1): detection and movement resolved as they stand; in the fire phase
 * Prince Serg reached with the arrows (Left to the Barrayaran line, Up along it), aimed with T
 * at its nearest target and the fire declared with Return; Escape, then Celestial Harmony
 * reached and aimed the same way; the fire, torpedo and end phases resolved. */
static void
test_battle_turn (void)
{
  g_autofree char *from = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data",
                                            "battles", "hegen-hub.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-keys-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "hegen-hub.xml", NULL);
  g_autoptr(GFile) file = NULL;
  g_autofree char *label = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  const AdmTurnOrders *orders;
  AdmBattle *battle;
  int serg, harmony, target;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  g_assert_no_error (error);
  copy_file (from, path);
  file = g_file_new_for_path (path);
  window = shown_window_new (1280, 800);
  g_assert_true (admiralty_window_open_file (window, file));
  wait_frames ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  serg = adm_battle_ship_index (battle, "prince-serg");
  harmony = adm_battle_ship_index (battle, "celestial-harmony");

  resolve_phase (window, page);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  resolve_phase (window, page);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  /* The table is reached with Tab. */
  g_assert_true (tab_to (GTK_WIDGET (window), GTK_WIDGET (table), 40));
  assert_label (GTK_WIDGET (table), "Tactical Table");

  /* Left to the Barrayaran line (the first arrow takes the token nearest the middle), then Up
   * along it to its head. */
  keys_to (GTK_WIDGET (window), "Left Left Left Up Up Up Up");
  wait_frames ();
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, serg);
  assert_label (GTK_WIDGET (table), "Tactical Table: Prince Serg (Barrayar) selected");

  /* T: the nearest of its possible targets; Return declares. */
  keys_to (GTK_WIDGET (window), "t");
  wait_frames ();
  target = admiralty_table_widget_get_target_ship (table);
  g_assert_cmpint (target, >=, 0);
  g_assert_cmpuint (adm_battle_get_ship (battle, target)->side, !=,
                    adm_battle_get_ship (battle, serg)->side);
  label = admiralty_table_keys_dup_label (table);
  g_assert_nonnull (strstr (label, "Prince Serg (Barrayar) aiming at "));
  g_assert_nonnull (strstr (label, adm_battle_get_ship (battle, target)->name));
  keys_to (GTK_WIDGET (window), "Return");
  wait_frames ();
  orders = admiralty_orders_panel_get_orders (panel);
  g_assert_cmpuint (orders->fires->len, ==, 1);

  /* The other side: Escape lets the firer go (the target first), the arrows find Celestial
   * Harmony at the head of the Cetagandan line, Shift+Left aims it back across. */
  keys_to (GTK_WIDGET (window), "Escape Escape");
  wait_frames ();
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, -1);
  keys_to (GTK_WIDGET (window), "Right Right Right Right Up Up Up Up");
  wait_frames ();
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, harmony);
  keys_to (GTK_WIDGET (window), "shift+Left");
  wait_frames ();
  target = admiralty_table_widget_get_target_ship (table);
  g_assert_cmpint (target, >=, 0);
  g_assert_cmpuint (adm_battle_get_ship (battle, target)->side, ==,
                    adm_battle_get_ship (battle, serg)->side);
  keys_to (GTK_WIDGET (window), "Return");
  wait_frames ();
  g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->fires->len, ==, 2);
  root_screenshot ("keyboard-fire-declared.png", 1280, 800);

  /* The fire resolved: both firers in the fire phase's report. */
  resolve_phase (window, page);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_true (fire_reported (battle, "Prince Serg"));
  g_assert_true (fire_reported (battle, "Celestial Harmony"));
  root_screenshot ("keyboard-fire-resolved.png", 1280, 800);
  while (adm_battle_get_turn (admiralty_battle_page_get_battle (page)) == 1)
    resolve_phase (window, page);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_DETECTION);

  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "keyboard-ui");
  /* The names are kept by GTK's test context: the UI tests' "none" keeps nothing. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_add_func ("/ui/keyboard/F-STRAT-3/cycle", test_cycle);
  g_test_add_func ("/ui/keyboard/F-SEQ-1/battle-turn", test_battle_turn);
  return ui_test_finish (g_test_run ());
}
