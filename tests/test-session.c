/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session.c: nothing a master does is lost — the session reopened as it was
 * (campaign, battle and TI4 tabs, the selected one), the welcome page without one, Undo and
 * Redo naming the action, and the torpedo repro of the issue played through the window's
 * actions and the Orders pane. Runs under Xvfb. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-application.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-orders-panel.h"
#include "admiralty-ti4-page-private.h"
#include "admiralty-toast.h"
#include "admiralty-window-private.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

/* Types a count into a unit's spin button, as the master would. */
static void
set_count (AdmiraltyTi4Page *page,
           AdmTi4Side        side,
           const char       *id,
           guint             count)
{
  int index = adm_ti4_catalog_find (page->catalog, id);
  GtkSpinButton *spin;
  g_autofree char *text = g_strdup_printf ("%u", count);

  g_assert_cmpint (index, >=, 0);
  spin = page->spins[side][index];
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (spin);
}

static gboolean
allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 0;
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* The row of @list that opens @path, or NULL. */
static GtkWidget *
find_row (GtkListBox *list,
          const char *path)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (child));

      if (target != NULL && g_strcmp0 (g_variant_get_string (target, NULL), path) == 0)
        return child;
    }
  return NULL;
}

static void
clear_session (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_reset (settings, "session-campaign");
  g_settings_reset (settings, "session-battles");
  g_settings_reset (settings, "session-ti4");
  g_settings_reset (settings, "session-selected");
  g_settings_reset (settings, "session-time");
}


/* Without a session, the campaign tab welcomes: Open…, the bundled scenarios and battles
 * by name, and the files opened before, newest first. */
static void
test_welcome (void)
{
  g_autofree char *skirmish = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *duel = source_path ("scenarios/battles", "torpedo-duel.xml", NULL);
  g_autofree char *orders = source_path ("scenarios/battles", "torpedo-duel.orders.xml", NULL);
  AdmiraltyWindow *window;
  GtkWidget *row;

  clear_session ();
  window = shown_window_new (0, 0);
  g_assert_false (admiralty_window_restore_session (window));
  g_assert_null (admiralty_window_get_campaign (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "empty");
  g_assert_true (gtk_widget_get_visible (window->scenarios_group));
  /* Three scenarios (Komarr, its muster from pools, the Skirmish) and eight battle set-ups;
   * their orders files are not offered. */
  g_assert_cmpuint (count_rows (window->scenarios_list), ==, 11);
  row = find_row (window->scenarios_list, skirmish);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "Skirmish at the Hegen Hub");
  g_assert_nonnull (find_row (window->scenarios_list, duel));
  g_assert_null (find_row (window->scenarios_list, orders));
  iterate_until (allocated, window, 5000);
  save_screenshot (GTK_WIDGET (window), "test-session-welcome.png");

  /* A row opens its file, as Open… would. */
  g_assert_true (gtk_widget_activate (row));
  iterate ();
  g_assert_nonnull (admiralty_window_get_campaign (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "campaign");
  close_window (window);

  /* The next welcome lists it among the recent files (GtkRecentManager). */
  window = shown_window_new (0, 0);
  g_assert_true (gtk_widget_get_visible (window->recent_group));
  g_assert_nonnull (find_row (window->recent_list, skirmish));
  close_window (window);
  clear_session ();
}

/* Only what opens goes in the Recent list: the CSV an order of battle was imported from,
 * which GTK's file chooser adds to the desktop's recent files under the application's name
 * ("Admiralty") when Import Order of Battle… accepts it, is not listed — clicked, it would
 * only be refused with an error — while the scenario opened beside it is. */
static void
test_recent_only_openable (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-recent-XXXXXX", &error);
  g_autofree char *skirmish = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *csv = NULL;
  g_autofree char *uri = NULL;
  AdmiraltyWindow *window;
  GtkRecentData data = {
    .mime_type = (char *) "text/csv",
    .app_name = (char *) "Admiralty",
    .app_exec = (char *) "admiralty %u",
  };

  g_assert_no_error (error);
  clear_session ();
  csv = g_build_filename (dir, "hegen-order-of-battle.csv", NULL);
  g_assert_true (g_file_set_contents (csv, "admiral,faction,formation,ship,class,readiness,"
                                           "command,sector,hidden\n", -1, &error));
  g_assert_no_error (error);
  _admiralty_window_add_recent (skirmish);
  uri = g_filename_to_uri (csv, NULL, NULL);
  g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data));

  window = shown_window_new (0, 0);
  g_assert_true (gtk_widget_get_visible (window->recent_group));
  g_assert_nonnull (find_row (window->recent_list, skirmish));
  g_assert_null (find_row (window->recent_list, csv));
  iterate_until (allocated, window, 5000);
  save_screenshot (GTK_WIDGET (window), "test-session-recent-openable.png");
  close_window (window);

  clear_session ();
  g_assert_cmpint (g_remove (csv), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The Recent list tells a campaign from its scenario: the campaign autosaved as it is
 * played by its name, cycle and "autosave of HH:MM", the scenario as a new game; a click on
 * the campaign's row continues it. */
static void
test_recent_campaign (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-recent-XXXXXX", &error);
  g_autofree char *skirmish = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *saved = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GDateTime) when = NULL;
  AdmiraltyWindow *window;
  GtkWidget *row, *scenario_row;
  GStatBuf info;

  g_assert_no_error (error);
  clear_session ();
  saved = g_build_filename (dir, "skirmish-20261124-065000.admiralty", NULL);
  campaign = adm_campaign_open (skirmish, &error);
  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (campaign, saved, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_resolve_cycle (campaign, NULL, 1795370400, &error));
  g_assert_no_error (error);
  g_clear_object (&campaign);
  _admiralty_window_add_recent (skirmish);
  _admiralty_window_add_recent (saved);

  window = shown_window_new (0, 0);
  g_assert_true (gtk_widget_get_visible (window->recent_group));
  scenario_row = find_row (window->recent_list, skirmish);
  row = find_row (window->recent_list, saved);
  g_assert_nonnull (scenario_row);
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (scenario_row)), ==,
                   "Skirmish at the Hegen Hub — new game");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (scenario_row)),
                                   "skirmish.admiralty in "));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                   "Skirmish at the Hegen Hub — cycle 2");
  g_assert_cmpint (g_stat (saved, &info), ==, 0);
  when = g_date_time_new_from_unix_local (info.st_mtime);
  expected = g_date_time_format (when, "Autosave of %H:%M · skirmish-20261124-065000.admiralty "
                                       "in ");
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                                   expected));
  iterate_until (allocated, window, 5000);
  save_screenshot (GTK_WIDGET (window), "test-session-recent.png");

  /* A click on the campaign's row goes on with it, at cycle 2, not a new game. */
  if (pointer_available ())
    {
      pointer_click_widget (row);
      iterate_until (NULL, NULL, 300);
    }
  else
    g_assert_true (gtk_widget_activate (row));
  iterate ();
  g_assert_nonnull (admiralty_window_get_campaign (window));
  g_assert_cmpstr (adm_campaign_get_path (admiralty_window_get_campaign (window)), ==, saved);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (
                      admiralty_window_get_campaign (window)))), ==, 2);
  close_window (window);
  clear_session ();
  remove_tree (dir);
}

/* The open tabs are kept on every change and reopened as they were, the selected one
 * selected; a file no longer there is named, the others still open. */
static void
test_restore (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-session-XXXXXX", &error);
  g_autofree char *skirmish = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *corridor = source_path ("scenarios/battles", "corridor-skirmish.xml", NULL);
  g_autofree char *duel = source_path ("scenarios/battles", "torpedo-duel.xml", NULL);
  g_autofree char *combat = g_build_filename (dir, "combat.ti4.xml", NULL);
  g_autofree char *dump = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_auto(GStrv) battles = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTi4Page *ti4;

  g_assert_no_error (error);
  clear_session ();
  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (window, skirmish));
  g_assert_true (admiralty_window_open (window, duel));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ti4-combat", NULL));
  iterate ();
  ti4 = _admiralty_window_get_ti4_page (window);
  g_assert_nonnull (ti4);
  set_count (ti4, ADM_TI4_ATTACKER, "war-sun", 1);
  set_count (ti4, ADM_TI4_DEFENDER, "destroyer", 2);
  g_assert_true (admiralty_ti4_page_save_file (ti4, combat, &error));
  g_assert_no_error (error);
  g_assert_true (admiralty_window_open (window, corridor));
  iterate ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  dump = adm_battle_dump (admiralty_battle_page_get_battle (page));

  /* Kept as it changed: a crash now loses nothing. */
  battles = g_settings_get_strv (settings, "session-battles");
  g_assert_cmpuint (g_strv_length (battles), ==, 2);
  g_assert_cmpstr (battles[0], ==, duel);
  g_assert_cmpstr (battles[1], ==, corridor);
  {
    g_autofree char *campaign = g_settings_get_string (settings, "session-campaign");
    g_autofree char *selected = g_settings_get_string (settings, "session-selected");
    g_auto(GStrv) combats = g_settings_get_strv (settings, "session-ti4");

    g_assert_cmpstr (campaign, ==, skirmish);
    g_assert_cmpstr (selected, ==, corridor);
    g_assert_cmpuint (g_strv_length (combats), ==, 1);
    g_assert_cmpstr (combats[0], ==, combat);
  }
  /* Tearing the window down is not a change of session. */
  close_window (window);

  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_restore_session (window));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_nonnull (admiralty_window_get_campaign (window));
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 6);
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  g_assert_cmpstr (admiralty_battle_page_get_source_path (page), ==, corridor);
  {
    g_autofree char *restored = adm_battle_dump (admiralty_battle_page_get_battle (page));

    g_assert_cmpstr (restored, ==, dump);
  }
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Turn 1 · Fire");
  g_assert_true (ADMIRALTY_IS_TI4_PAGE (adw_tab_page_get_child (
      adw_tab_view_get_nth_page (window->tab_view, 5))));

  /* The selected tab is kept too: the campaign's. */
  adw_tab_view_set_selected_page (window->tab_view, window->campaign_tab);
  close_window (window);

  /* A file gone since is skipped and named; the rest reopens. */
  g_assert_cmpint (g_remove (combat), ==, 0);
  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_restore_session (window));
  iterate ();
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 5);
  g_assert_true (adw_tab_view_get_selected_page (window->tab_view) == window->campaign_tab);
  g_assert_nonnull (_admiralty_window_get_error_dialog (window));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (
      ADW_MESSAGE_DIALOG (_admiralty_window_get_error_dialog (window))), combat));
  gtk_window_destroy (GTK_WINDOW (_admiralty_window_get_error_dialog (window)));
  close_window (window);

  clear_session ();
  remove_tree (dir);
}

/* A Twilight Imperium set-up being typed is kept as it changes (admiralty-drafts.h): a crash
 * before Start Combat loses none of it; the next session brings it back as it was typed, the
 * counts the arena hides included. A tab the master closes takes its draft with it; a draft
 * that cannot be read is named, and nothing else is opened for it. */
static void
test_ti4_setup_draft (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_auto(GStrv) combats = NULL;
  g_autofree char *draft = NULL;
  AdmiraltyWindow *window;
  AdmiraltyTi4Page *ti4;
  int war_sun, dreadnought, infantry;

  clear_session ();
  window = shown_window_new (0, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ti4-combat", NULL));
  iterate ();
  ti4 = _admiralty_window_get_ti4_page (window);
  g_assert_nonnull (ti4);
  war_sun = adm_ti4_catalog_find (ti4->catalog, "war-sun");
  dreadnought = adm_ti4_catalog_find (ti4->catalog, "dreadnought");
  infantry = adm_ti4_catalog_find (ti4->catalog, "infantry");
  /* Nothing typed, nothing kept. */
  combats = g_settings_get_strv (settings, "session-ti4");
  g_assert_cmpuint (g_strv_length (combats), ==, 0);
  g_clear_pointer (&combats, g_strfreev);

  set_count (ti4, ADM_TI4_ATTACKER, "war-sun", 2);
  set_count (ti4, ADM_TI4_ATTACKER, "infantry", 4);
  set_count (ti4, ADM_TI4_DEFENDER, "dreadnought", 3);
  gtk_editable_set_text (GTK_EDITABLE (ti4->name_rows[ADM_TI4_DEFENDER]), "Letnev");
  adw_combo_row_set_selected (ti4->policy_rows[ADM_TI4_DEFENDER],
                              ADM_TI4_POLICY_CHEAPEST_FIRST);
  adw_expander_row_set_enable_expansion (ti4->retreat_rows[ADM_TI4_ATTACKER], TRUE);
  gtk_spin_button_set_value (ti4->retreat_spins[ADM_TI4_ATTACKER], 3);
  gtk_switch_set_active (ti4->system_switches[ADM_TI4_DEFENDER], FALSE);
  combats = g_settings_get_strv (settings, "session-ti4");
  g_assert_cmpuint (g_strv_length (combats), ==, 1);
  g_assert_true (admiralty_ti4_page_is_draft (combats[0]));
  g_assert_true (g_file_test (combats[0], G_FILE_TEST_IS_REGULAR));
  draft = g_strdup (combats[0]);
  g_clear_pointer (&combats, g_strfreev);
  /* Tearing the window down (as a crash does) keeps the draft. */
  close_window (window);
  g_assert_true (g_file_test (draft, G_FILE_TEST_IS_REGULAR));

  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_restore_session (window));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  ti4 = _admiralty_window_get_ti4_page (window);
  g_assert_nonnull (ti4);
  g_assert_null (admiralty_ti4_page_get_combat (ti4));
  g_assert_cmpstr (admiralty_ti4_page_get_session_path (ti4), ==, draft);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (ti4->spins[ADM_TI4_ATTACKER][war_sun]), ==, 2);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (ti4->spins[ADM_TI4_ATTACKER][infantry]), ==,
                   4);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (ti4->spins[ADM_TI4_DEFENDER][dreadnought]),
                   ==, 3);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (ti4->name_rows[ADM_TI4_DEFENDER])), ==,
                   "Letnev");
  g_assert_cmpuint (adw_combo_row_get_selected (ti4->policy_rows[ADM_TI4_DEFENDER]), ==,
                    ADM_TI4_POLICY_CHEAPEST_FIRST);
  g_assert_true (adw_expander_row_get_enable_expansion (ti4->retreat_rows[ADM_TI4_ATTACKER]));
  g_assert_cmpint (gtk_spin_button_get_value_as_int (ti4->retreat_spins[ADM_TI4_ATTACKER]), ==,
                   3);
  g_assert_false (gtk_switch_get_active (ti4->system_switches[ADM_TI4_DEFENDER]));
  g_assert_true (gtk_switch_get_active (ti4->system_switches[ADM_TI4_ATTACKER]));

  /* The master closes the tab: the draft goes, and the next session has no set-up. */
  adw_tab_view_close_page (window->tab_view,
                           adw_tab_view_get_page (window->tab_view, GTK_WIDGET (ti4)));
  iterate ();
  g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));
  combats = g_settings_get_strv (settings, "session-ti4");
  g_assert_cmpuint (g_strv_length (combats), ==, 0);
  g_clear_pointer (&combats, g_strfreev);
  close_window (window);

  /* A draft cut short is named and opens nothing. */
  g_assert_true (g_file_set_contents (draft, "[ti4-setup]\narena=space\nattacker-units=war-s",
                                      -1, NULL));
  {
    const char *session[] = { draft, NULL };

    g_settings_set_strv (settings, "session-ti4", session);
  }
  window = shown_window_new (0, 0);
  admiralty_window_restore_session (window);
  iterate ();
  g_assert_null (_admiralty_window_get_ti4_page (window));
  g_assert_nonnull (_admiralty_window_get_error_dialog (window));
  {
    g_autofree char *name = g_filename_display_name (draft);

    g_assert_nonnull (strstr (adw_message_dialog_get_body (
        ADW_MESSAGE_DIALOG (_admiralty_window_get_error_dialog (window))), name));
  }
  gtk_window_destroy (GTK_WINDOW (_admiralty_window_get_error_dialog (window)));
  close_window (window);
  g_remove (draft);
  clear_session ();
}

/* Undo and Redo name the action, on the header's buttons, in the menu and in the toast. */
static void
test_undo_labels (void)
{
  g_autofree char *corridor = source_path ("scenarios/battles", "corridor-skirmish.xml", NULL);
  g_autofree char *what = NULL;
  g_autofree char *expected = NULL;
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmBattle *battle;

  g_assert_true (admiralty_window_open (window, corridor));
  iterate ();
  battle = admiralty_battle_page_get_battle (_admiralty_window_get_battle_page (window));
  /* A game left by another test starts over. */
  while (adm_battle_can_undo (battle))
    g_assert_true (adm_battle_undo (battle, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();

  what = adm_battle_describe_undo (battle);
  g_assert_nonnull (what);
  g_assert_nonnull (strstr (what, "Turn 1"));
  expected = g_strdup_printf ("Undo “%s”", what);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->undo_button), ==, expected);
  g_assert_cmpuint (g_menu_model_get_n_items (G_MENU_MODEL (window->undo_section)), ==, 2);
  {
    g_autofree char *label = NULL;

    g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (window->undo_section), 0,
                                                    G_MENU_ATTRIBUTE_LABEL, "s", &label));
    g_assert_cmpstr (label, ==, expected);
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Redo “%s”", what);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->redo_button), ==, expected);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->undo_button), ==, "Undo");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);

  close_window (window);
}

/* A tired master presses Ctrl+Z three times: the one undo toast on screen names the third
 * undo, not the first of three queued behind each other (each undo rewrites the toast the one
 * before left), and its Redo button brings back that one. */
static void
test_undo_toast_replaced (void)
{
  g_autofree char *corridor = source_path ("scenarios/battles", "corridor-skirmish.xml", NULL);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmBattle *battle;
  AdwToast *first = NULL;
  AdwToast *toast = NULL;

  g_assert_true (admiralty_window_open (window, corridor));
  iterate ();
  battle = admiralty_battle_page_get_battle (_admiralty_window_get_battle_page (window));
  while (adm_battle_can_undo (battle))
    g_assert_true (adm_battle_undo (battle, NULL));
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_null (admiralty_toast_get_undo (window->toast_overlay));

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *what = adm_battle_describe_undo (battle);
      g_autofree char *expected = g_strdup_printf ("Undid “%s”", what);

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      iterate ();
      toast = admiralty_toast_get_undo (window->toast_overlay);
      g_assert_nonnull (toast);
      /* One toast, rewritten: none waits behind it with an older name. */
      if (first == NULL)
        first = toast;
      g_assert_true (toast == first);
      g_assert_cmpstr (adw_toast_get_title (toast), ==, expected);
      g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Redo");
      g_assert_cmpstr (adw_toast_get_action_name (toast), ==, "win.redo");
    }
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_DETECTION);

  /* Redo from the toast: it now names what came back, and offers Undo. */
  {
    g_autofree char *what = adm_battle_describe_redo (battle);
    g_autofree char *expected = g_strdup_printf ("Redid “%s”", what);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window),
                                               adw_toast_get_action_name (toast), NULL));
    iterate ();
    toast = admiralty_toast_get_undo (window->toast_overlay);
    g_assert_cmpstr (adw_toast_get_title (toast), ==, expected);
    g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "_Undo");
    g_assert_cmpstr (adw_toast_get_action_name (toast), ==, "win.undo");
    g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  }

  /* Dismissed (its close button), the next undo shows a toast of its own. */
  adw_toast_dismiss (toast);
  g_assert_null (admiralty_toast_get_undo (window->toast_overlay));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_nonnull (admiralty_toast_get_undo (window->toast_overlay));

  close_window (window);
}

/* libadwaita 1.2 reads a toast's title as Pango markup: the app's toasts show their words as
 * written — a name with "&", an error that names "<ship>". */
static void
test_toast_plain_text (void)
{
  const char *text = "Smith & Sons: <ship> readiness is 999";
  g_autoptr(AdwToast) toast = admiralty_toast_new (text, 4);
  g_autofree char *shown = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (adw_toast_get_timeout (toast), ==, 4);
  g_assert_true (pango_parse_markup (adw_toast_get_title (toast), -1, 0, NULL, &shown, NULL,
                                     &error));
  g_assert_no_error (error);
  g_assert_cmpstr (shown, ==, text);
}

static gboolean
odds_settled (gpointer data)
{
  AdmiraltyTi4Page *page = data;

  return page->odds_source == 0 && page->odds_cancellable == NULL;
}

/* A TI4 combat's steps: Undo and Redo, by the window's keys (win.undo, win.redo) or the
 * page's own buttons, name the step and bring back exactly what was taken back. */
static void
test_ti4_undo_redo (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page;
  g_autofree char *what = NULL;
  g_autofree char *expected = NULL;
  guint events;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ti4-combat", NULL));
  iterate ();
  page = _admiralty_window_get_ti4_page (window);
  set_count (page, ADM_TI4_ATTACKER, "war-sun", 1);
  set_count (page, ADM_TI4_DEFENDER, "destroyer", 4);
  iterate_until (odds_settled, page, 5000);
  g_signal_emit_by_name (page->start_button, "clicked");
  iterate ();
  g_assert_nonnull (page->combat);
  g_signal_emit_by_name (page->round_button, "clicked");
  iterate ();
  events = adm_ti4_combat_get_events (page->combat)->len;
  g_assert_cmpuint (events, >, 0);
  g_assert_false (admiralty_ti4_page_can_redo (page));

  what = admiralty_ti4_page_describe_undo (page);
  g_assert_nonnull (what);
  expected = g_strdup_printf ("Undo “%s”", what);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->undo_button), ==, expected);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Undo “%s” (Ctrl+Z)", what);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (page->undo_button), ==, expected);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpuint (adm_ti4_combat_get_events (page->combat)->len, <, events);
  g_assert_true (admiralty_ti4_page_can_redo (page));
  g_assert_true (gtk_widget_is_sensitive (page->redo_button));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Redo “%s”", what);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->redo_button), ==, expected);

  /* The page's own Redo button, as the window's Shift+Ctrl+Z would. */
  g_signal_emit_by_name (page->redo_button, "clicked");
  iterate ();
  g_assert_cmpuint (adm_ti4_combat_get_events (page->combat)->len, ==, events);
  g_assert_false (admiralty_ti4_page_can_redo (page));
  g_assert_false (gtk_widget_is_sensitive (page->redo_button));

  close_window (window);
}

/* Undo and redo keep every phase: torpedo-duel.xml from the checkout, two phases, Prince Xav
 * launches "At ship: Pale Jade" for the fire phase, four phases more, two undos. Every
 * phase stays in the journal, redo brings the battle back to Turn 2, and nothing is written beside the
 * set-up. */
static void
test_torpedo_repro (void)
{
  g_autofree char *duel = source_path ("scenarios/battles", "torpedo-duel.xml", NULL);
  g_autofree char *beside = source_path ("scenarios/battles", "torpedo-duel.game.xml", NULL);
  static const char * const keys[] = { "weapons", "target", NULL };
  static const char * const values[] = { "prince-xav:torpedoes", "Pale Jade", NULL };
  static const char * const nobody[] = { "prince-xav:torpedoes", "Nobody", NULL };
  g_auto(GStrv) rows = NULL;
  guint entries;
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  AdmJournal *log;

  g_assert_true (admiralty_window_open (window, duel));
  iterate ();
  page = _admiralty_window_get_battle_page (window);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  log = adm_battle_get_log (battle);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpuint (adm_journal_get_n_actions (log), ==, 0);

  /* Detection and movement: the launch is declared for the fire phase (F-WPN-10), where it
   * takes effect; it is not offered after. */
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpuint (adm_journal_get_n_actions (log), ==, 2);

  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page),
                                            adm_battle_ship_index (battle, "prince-xav"));
  iterate ();
  /* A ship the battle does not have is refused when the order is added, with the reason;
   * the ship typed by its name, as the master reads it on the table, is that ship. */
  g_assert_false (_admiralty_orders_panel_set_other (panel, "launch", keys, nobody));
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==,
                   "No ship of this battle is “Nobody”.");
  /* Refused at entry, not ignored when resolved: the orders file already launches Prince
   * Xav's tubes this turn (F-TORP-1). */
  g_assert_false (_admiralty_orders_panel_set_other (panel, "launch", keys, values));
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "F-TORP-1"));
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_nonnull (rows[0]);
  g_assert_nonnull (strstr (rows[g_strv_length (rows) - 1], "Pale Jade"));

  for (int i = 0; i < 4; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
      g_assert_null (_admiralty_window_get_error_dialog (window));
    }
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  g_assert_cmpuint (adm_journal_get_n_actions (log), ==, 6);
  entries = adm_journal_get_n_entries (log);

  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
      iterate ();
    }
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_END);
  /* Nothing is removed: every phase is still in the journal, the undos after them. */
  g_assert_cmpuint (adm_journal_get_n_actions (log), ==, 6);
  g_assert_cmpuint (adm_journal_get_n_entries (log), ==, entries + 2);
  g_assert_cmpint (adm_journal_get_entry_kind (log, entries), ==, ADM_JOURNAL_ENTRY_UNDO);
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
      iterate ();
    }
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  g_assert_false (adm_battle_can_redo (battle));
  g_assert_false (g_file_test (beside, G_FILE_TEST_EXISTS));

  close_window (window);
}

/* A campaign whose last save was cut mid-append (the program killed while it wrote
 * the last roll) opens at its last complete action, and the window says so in a dialog that
 * names the file and line — the master is never left to find out. */
static void
test_cut_file_told (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-session-cut-XXXXXX", &error);
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (3);
  AdmDiceRequest request = { 2, 6, "Weather over Komarr", "F-RDY-2" };
  g_autofree char *text = NULL;
  g_autofree char *before = NULL;
  const char *last;
  gsize length;
  guint values[2], n_before;
  AdmiraltyWindow *window;
  GtkWidget *dialog;
  const char *body;

  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_roll (campaign, ADM_DICE_SOURCE (prng), &request, 1795370400,
                                    values, &error));
  n_before = adm_journal_get_n_actions (adm_campaign_get_journal (campaign));
  g_assert_true (adm_campaign_roll (campaign, ADM_DICE_SOURCE (prng), &request, 1795370460,
                                    values, &error));
  g_assert_no_error (error);
  /* The last action cut in its middle, as a kill mid-append leaves it. */
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  last = g_strrstr (text, "<action");
  g_assert_nonnull (last);
  g_assert_true (g_file_set_contents (path, text, (last - text) + 20, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (window, path));
  iterate ();
  g_assert_cmpuint (adm_journal_get_n_actions (adm_campaign_get_journal (
                      admiralty_window_get_campaign (window))), ==, n_before);
  dialog = _admiralty_window_get_error_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==,
                   "Opened at the Last Complete Action");
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "komarr.admiralty:"));
  g_assert_nonnull (strstr (body, "the end of the file was cut off"));
  /* Opening wrote nothing: the cut file is as the kill left it until the master goes on. */
  {
    g_autofree char *after = NULL;

    g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
    g_assert_cmpstr (after, ==, before);
  }
  gtk_window_destroy (GTK_WINDOW (dialog));
  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  ui_test_init (&argc, &argv, "session");

  g_test_add_func ("/ui/session/welcome", test_welcome);
  g_test_add_func ("/ui/session/recent-campaign", test_recent_campaign);
  g_test_add_func ("/ui/session/recent-only-openable", test_recent_only_openable);
  g_test_add_func ("/ui/session/restore", test_restore);
  g_test_add_func ("/ui/session/undo-labels", test_undo_labels);
  g_test_add_func ("/ui/session/undo-toast-replaced", test_undo_toast_replaced);
  g_test_add_func ("/ui/session/toast-plain-text", test_toast_plain_text);
  g_test_add_func ("/ui/session/ti4-undo-redo", test_ti4_undo_redo);
  g_test_add_func ("/ui/session/ti4-setup-draft", test_ti4_setup_draft);
  g_test_add_func ("/ui/session/torpedo-repro", test_torpedo_repro);
  g_test_add_func ("/ui/session/cut-file-told", test_cut_file_told);

  status = g_test_run ();
  return ui_test_finish (status);
}
