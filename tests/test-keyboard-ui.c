/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-keyboard-ui.c: the app from the keyboard alone — key events through the X server
 * (xdotool under Xvfb), never the pointer. A battle turn at the tactical table: Tab to the
 * table, the arrows to the firer, T to its nearest target, Return to declare, Ctrl+Return for
 * each phase; and what a screen reader is told of the table on the way. */

#include "config.h"

#include <string.h>

#include "admiralty-battle-page-private.h"
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
      iterate_until (NULL, NULL, 30);
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
  iterate_until (NULL, NULL, 300);
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
  iterate_until (NULL, NULL, 100);
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, serg);
  assert_label (GTK_WIDGET (table), "Tactical Table: Prince Serg (Barrayar) selected");

  /* T: the nearest of its possible targets; Return declares. */
  keys_to (GTK_WIDGET (window), "t");
  iterate_until (NULL, NULL, 100);
  target = admiralty_table_widget_get_target_ship (table);
  g_assert_cmpint (target, >=, 0);
  g_assert_cmpuint (adm_battle_get_ship (battle, target)->side, !=,
                    adm_battle_get_ship (battle, serg)->side);
  label = admiralty_table_keys_dup_label (table);
  g_assert_nonnull (strstr (label, "Prince Serg (Barrayar) aiming at "));
  g_assert_nonnull (strstr (label, adm_battle_get_ship (battle, target)->name));
  keys_to (GTK_WIDGET (window), "Return");
  iterate_until (NULL, NULL, 150);
  orders = admiralty_orders_panel_get_orders (panel);
  g_assert_cmpuint (orders->fires->len, ==, 1);

  /* The other side: Escape lets the firer go (the target first), the arrows find Celestial
   * Harmony at the head of the Cetagandan line, Shift+Left aims it back across. */
  keys_to (GTK_WIDGET (window), "Escape Escape");
  iterate_until (NULL, NULL, 100);
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, -1);
  keys_to (GTK_WIDGET (window), "Right Right Right Right Up Up Up Up");
  iterate_until (NULL, NULL, 100);
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, harmony);
  keys_to (GTK_WIDGET (window), "shift+Left");
  iterate_until (NULL, NULL, 100);
  target = admiralty_table_widget_get_target_ship (table);
  g_assert_cmpint (target, >=, 0);
  g_assert_cmpuint (adm_battle_get_ship (battle, target)->side, ==,
                    adm_battle_get_ship (battle, serg)->side);
  keys_to (GTK_WIDGET (window), "Return");
  iterate_until (NULL, NULL, 150);
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
  g_test_add_func ("/ui/keyboard/F-SEQ-1/battle-turn", test_battle_turn);
  return ui_test_finish (g_test_run ());
}
