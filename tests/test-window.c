/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window.c: the real main window on the skirmish — order of battle, rolling through the
 * dialog in both dice modes, undo and redo, a broken file leaving the campaign shown, and a
 * screenshot of the result; battles in tabs of their own — resolving and undoing phases,
 * autosave and resuming, the table as one side sees it, real dice. Runs under Xvfb. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-application.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-dice-contribution-dialog.h"
#include "admiralty-faction-dot.h"
#include "admiralty-fleet-node.h"
#include "admiralty-orders-other.h"
#include "admiralty-orders-panel.h"
#include "admiralty-player-window.h"
#include "admiralty-preferences-window.h"
#include "admiralty-roll-dialog-private.h"
#include "admiralty-window-private.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "adm-battle-result.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-log-entry.h"





static char *
skirmish_path (void)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios", "skirmish.admiralty",
                           NULL);
}

static AdmiraltyWindow *
open_skirmish (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  g_autofree char *path = skirmish_path ();


  g_assert_true (admiralty_window_open (window, path));
  g_assert_nonnull (admiralty_window_get_campaign (window));
  iterate ();

  return window;
}


static AdmLogEntry *
last_roll (GListModel *log)
{
  guint n = g_list_model_get_n_items (log);

  g_assert_cmpuint (n, >, 0);
  return g_list_model_get_item (log, n - 1);
}

static void
test_empty_state (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);


  g_assert_null (admiralty_window_get_campaign (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "empty");
  /* Without a campaign there is nothing to roll for: the action is disabled. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.roll", NULL);
  g_assert_null (_admiralty_window_get_roll_dialog (window));
  /* The Shortcuts window is built when first asked for, then kept. */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  {
    /* GTK 4.8's GtkShortcutsWindow warns of a label's negative width when it is first laid
     * out (its own template): not fatal here, criticals still are. */
    GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
    GtkWindow *overlay;

    g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
    overlay = GTK_WINDOW (gtk_application_window_get_help_overlay (
      GTK_APPLICATION_WINDOW (window)));
    g_assert_nonnull (overlay);
    iterate_until (widget_mapped, overlay, 5000);
    gtk_window_close (overlay);
    g_log_set_always_fatal (fatal);
    /* Asked for again: the same window. */
    g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
    g_assert_true (GTK_WINDOW (gtk_application_window_get_help_overlay (
      GTK_APPLICATION_WINDOW (window))) == overlay);
    gtk_window_close (overlay);
  }

  close_window (window);
}

static void
count_kinds (GListModel *model,
             guint       counts[3])
{
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (model, i);
      AdmiraltyFleetNode *node = gtk_tree_list_row_get_item (row);

      counts[admiralty_fleet_node_get_kind (node)]++;
      g_object_unref (node);
    }
}

static void
test_order_of_battle (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  AdmScenario *scenario = adm_campaign_get_scenario (admiralty_window_get_campaign (window));
  GListModel *fleet = G_LIST_MODEL (_admiralty_window_get_fleet_model (window));
  guint counts[3] = { 0, 0, 0 };
  g_autoptr(GtkTreeListRow) first = NULL;
  g_autoptr(GtkTreeListRow) flagship_row = NULL;
  g_autoptr(AdmiraltyFleetNode) faction = NULL;
  g_autoptr(AdmiraltyFleetNode) flagship = NULL;
  const AdmFaction *first_faction;
  AdmFormation *first_formation;

  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "campaign");
  /* F-STRAT-8: the campaign page shows the scenario's sector map. */
  {
    g_autoptr(AdmScenario) shown = NULL;

    g_object_get (admiralty_map_page_get_sector_map (_admiralty_window_get_map_page (window)),
                  "scenario", &shown, NULL);
    g_assert_true (shown == scenario);
  }
  count_kinds (fleet, counts);
  g_assert_cmpuint (counts[ADMIRALTY_FLEET_NODE_FACTION], ==,
                    adm_scenario_get_factions (scenario)->len);
  g_assert_cmpuint (counts[ADMIRALTY_FLEET_NODE_FORMATION], ==,
                    adm_scenario_get_formations (scenario)->len);
  g_assert_cmpuint (counts[ADMIRALTY_FLEET_NODE_SHIP], ==,
                    adm_scenario_get_ships (scenario)->len);

  /* Faction, then its first formation, then that formation's flagship. */
  first_faction = g_ptr_array_index (adm_scenario_get_factions (scenario), 0);
  first = g_list_model_get_item (fleet, 0);
  faction = gtk_tree_list_row_get_item (first);
  g_assert_cmpint (admiralty_fleet_node_get_kind (faction), ==, ADMIRALTY_FLEET_NODE_FACTION);
  g_assert_cmpstr (admiralty_fleet_node_get_title (faction), ==, first_faction->name);

  first_formation = g_ptr_array_index (adm_scenario_get_formations (scenario), 0);
  flagship_row = g_list_model_get_item (fleet, 2);
  flagship = gtk_tree_list_row_get_item (flagship_row);
  g_assert_cmpint (admiralty_fleet_node_get_kind (flagship), ==, ADMIRALTY_FLEET_NODE_SHIP);
  g_assert_cmpstr (admiralty_fleet_node_get_title (flagship), ==, first_formation->flagship->name);
  g_assert_true (admiralty_fleet_node_get_flagship (flagship));
  g_assert_cmpint (admiralty_fleet_node_get_hull (flagship), ==,
                   first_formation->flagship->klass->hull);
  g_assert_cmpint (admiralty_fleet_node_get_hull_total (flagship), ==,
                   first_formation->flagship->klass->hull);
  g_assert_cmpint (admiralty_fleet_node_get_readiness (flagship), ==,
                   first_formation->flagship->readiness);
  g_assert_nonnull (admiralty_fleet_node_get_grade (flagship));
  g_assert_cmpint (admiralty_fleet_node_get_symbol (flagship), ==, -1);

  /* Each faction's dot shows its symbol as well as its colour, the dot of the first faction
   * shown drawing its symbol in the ink the window's style sheet gives it. */
  g_assert_cmpint (admiralty_fleet_node_get_symbol (faction), ==, (int) first_faction->symbol);
  {
    g_autoptr(GPtrArray) dots = NULL;
    guint shown = 0;

    wait_frame (GTK_WIDGET (window));
    dots = find_widgets (GTK_WIDGET (window->fleet_view), is_of_type,
                         GSIZE_TO_POINTER (ADMIRALTY_TYPE_FACTION_DOT));
    for (guint i = 0; i < dots->len; i++)
      {
        AdmiraltyFactionDot *dot = g_ptr_array_index (dots, i);
        g_autofree char *class = g_strdup_printf ("faction-%s", first_faction->id);

        if (!gtk_widget_get_mapped (GTK_WIDGET (dot)) ||
            !gtk_widget_has_css_class (GTK_WIDGET (dot), class))
          continue;
        g_assert_cmpint (admiralty_faction_dot_get_symbol (dot), ==, (int) first_faction->symbol);
        shown++;
      }
    g_assert_cmpuint (shown, ==, 1);
    save_screenshot (GTK_WIDGET (window), "window-order-of-battle");
  }

  g_clear_object (&flagship);
  g_clear_object (&faction);
  close_window (window);
}

static AdmiraltyRollDialog *
open_roll_dialog (AdmiraltyWindow *window)
{
  GtkWidget *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.roll", NULL));
  dialog = _admiralty_window_get_roll_dialog (window);
  g_assert_nonnull (dialog);
  iterate_until (widget_mapped, dialog, 5000);

  return ADMIRALTY_ROLL_DIALOG (dialog);
}

static void
test_roll_undo_redo (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  AdmCampaign *campaign = admiralty_window_get_campaign (window);
  GListModel *log = _admiralty_window_get_log_model (window);
  g_autoptr(AdmLogEntry) item = NULL;
  g_autofree char *campaigns = NULL;
  AdmiraltyRollDialog *dialog;
  guint total;

  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 0);
  g_assert_null (adm_campaign_get_path (campaign));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->log_stack), ==, "empty");

  dialog = open_roll_dialog (window);
  admiralty_roll_dialog_set_request (dialog, 2, 6, "Readiness check, Prince Serg", "F-RDY-2");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "roll.roll", NULL));
  iterate ();

  g_assert_null (_admiralty_window_get_roll_dialog (window));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 1);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->log_stack), ==, "log");
  item = last_roll (log);
  g_assert_cmpstr (adm_log_entry_get_dice (item), ==, "2d6");
  g_assert_cmpstr (adm_log_entry_get_text (item), ==, "Readiness check, Prince Serg");
  g_assert_cmpstr (adm_log_entry_get_clause (item), ==, "F-RDY-2");
  total = adm_log_entry_get_total (item);
  g_assert_cmpuint (total, >=, 2);
  g_assert_cmpuint (total, <=, 12);
  g_clear_object (&item);

  /* The first event autosaves the new campaign under the user's data directory. */
  campaigns = g_build_filename (data_home, "admiralty", "campaigns", NULL);
  g_assert_nonnull (adm_campaign_get_path (campaign));
  g_assert_true (g_str_has_prefix (adm_campaign_get_path (campaign), campaigns));
  g_assert_true (g_str_has_suffix (adm_campaign_get_path (campaign), ".admiralty"));
  g_assert_true (g_file_test (adm_campaign_get_path (campaign), G_FILE_TEST_IS_REGULAR));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 0);
  g_assert_false (adm_campaign_can_undo (campaign));
  g_assert_true (adm_campaign_can_redo (campaign));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 1);
  item = last_roll (log);
  g_assert_cmpuint (adm_log_entry_get_total (item), ==, total);

  close_window (window);
}

/* F-STRAT-5, F-RDY-2: a campaign's roll judged by its rule shows its outcome in the dice
 * log as a battle's does ("sum ≤ 7 (readiness): failed ✗"), in a column of its own; a roll
 * no rule judged (the master's own) shows none. */
static void
test_roll_outcome (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  AdmRollRecord record = { .time = 0, .cycle = 1, .purpose = "readiness check of Jade Squadron",
                           .clause = "F-STRAT-5", .sides = 6, .check = ADM_ROLL_CHECK_SUM_AT_MOST,
                           .target = 7, .against = "readiness" };
  g_autoptr(AdmLogEntry) item = NULL;
  g_autoptr(AdmLogEntry) plain = NULL;
  g_autoptr(GListModel) columns = NULL;
  gboolean found = FALSE;

  g_array_append_vals (values, (guint[]) { 3, 5 }, 2);
  record.values = values;
  adm_roll_check_judge (record.check, record.target, (const guint *) (void *) values->data,
                        values->len, &record.passed, &record.failed);
  item = adm_log_entry_new_roll (&record);
  g_assert_cmpstr (adm_log_entry_get_outcome (item), ==,
                   "sum ≤ 7 (readiness): failed ✗");
  record.check = ADM_ROLL_CHECK_NONE;
  record.passed = record.failed = 0;
  plain = adm_log_entry_new_roll (&record);
  g_assert_cmpstr (adm_log_entry_get_outcome (plain), ==, "");

  columns = g_object_ref (gtk_column_view_get_columns (window->log_view));
  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      found |= g_strcmp0 (gtk_column_view_column_get_title (column), "Outcome") == 0;
    }
  g_assert_true (found);
  close_window (window);
}

/* At the table: Ctrl+R, type what the roll is for, press Enter — the dialog opens with the
 * cursor in Purpose, and Enter there rolls. */
static void
test_roll_from_keyboard (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  GListModel *log = _admiralty_window_get_log_model (window);
  g_autoptr(AdmLogEntry) item = NULL;
  AdmiraltyRollDialog *dialog;
  GtkWidget *focus;

  dialog = open_roll_dialog (window);
  iterate ();
  focus = gtk_root_get_focus (GTK_ROOT (dialog));
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, _admiralty_roll_dialog_get_purpose_row (dialog)));

  gtk_editable_set_text (GTK_EDITABLE (_admiralty_roll_dialog_get_purpose_row (dialog)),
                         "Initiative");
  /* Enter in the text: GtkText's "activate", which activates the dialog's default, Roll. */
  g_assert_true (GTK_IS_TEXT (focus));
  g_signal_emit_by_name (focus, "activate");
  /* A button activated from the keyboard clicks after its press animation (~250 ms). */
  for (int i = 0; i < 200 && _admiralty_window_get_roll_dialog (window) != NULL; i++)
    {
      g_usleep (10000);
      iterate ();
    }

  g_assert_null (_admiralty_window_get_roll_dialog (window));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 1);
  item = last_roll (log);
  g_assert_cmpstr (adm_log_entry_get_text (item), ==, "Initiative");

  close_window (window);
}

static void
test_physical_dice (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  GListModel *log = _admiralty_window_get_log_model (window);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(AdmLogEntry) item = NULL;
  AdmiraltyRollDialog *dialog;

  g_settings_set_string (settings, "dice-mode", "physical");

  dialog = open_roll_dialog (window);
  admiralty_roll_dialog_set_request (dialog, 2, 6, "Critical damage, Kestrel", "F-CRIT-8");

  /* A seven is not on a d6: refused inline, nothing logged. */
  _admiralty_roll_dialog_set_values_text (dialog, "3 7");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "roll.roll", NULL));
  iterate ();
  g_assert_true (_admiralty_window_get_roll_dialog (window) == GTK_WIDGET (dialog));
  g_assert_nonnull (_admiralty_roll_dialog_get_error (dialog));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 0);

  /* Too few values: refused as well. */
  _admiralty_roll_dialog_set_values_text (dialog, "3");
  g_assert_null (_admiralty_roll_dialog_get_error (dialog));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "roll.roll", NULL));
  iterate ();
  g_assert_nonnull (_admiralty_roll_dialog_get_error (dialog));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 0);

  _admiralty_roll_dialog_set_values_text (dialog, "3 5");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "roll.roll", NULL));
  iterate ();
  g_assert_null (_admiralty_window_get_roll_dialog (window));
  g_assert_cmpuint (g_list_model_get_n_items (log), ==, 1);
  item = last_roll (log);
  g_assert_cmpstr (adm_log_entry_get_values (item), ==, "3 5");
  g_assert_cmpuint (adm_log_entry_get_total (item), ==, 8);

  g_settings_reset (settings, "dice-mode");
  close_window (window);
}

static void
test_broken_file (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  AdmCampaign *campaign = admiralty_window_get_campaign (window);
  g_autofree char *broken = g_test_build_filename (G_TEST_DIST, "data",
                                                   "scenarios-broken", "unknown-class.admiralty",
                                                   NULL);
  g_autofree char *title = g_strdup (adw_window_title_get_title (window->window_title));
  GtkWidget *dialog;
  const char *body;

  g_assert_false (admiralty_window_open (window, broken));
  iterate ();

  g_assert_true (admiralty_window_get_campaign (window) == campaign);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, title);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->main_stack), ==, "campaign");

  dialog = _admiralty_window_get_error_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (gtk_widget_get_visible (dialog));
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "unknown-class.admiralty:18"));
  g_assert_nonnull (strstr (body, "vorkosigan-dreadnought"));

  /* As its Close button does: respond, then close. */
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));

  close_window (window);
}

static void
roll_once (AdmCampaign *campaign,
           const char  *purpose)
{
  AdmDiceRequest request = { 2, 6, purpose, NULL };
  g_autoptr(GError) error = NULL;
  guint values[2];

  g_assert_true (adm_campaign_roll (campaign, NULL, &request,
                                    g_get_real_time () / G_USEC_PER_SEC, values, &error));
  g_assert_no_error (error);
}

/* A damaged campaign file: the error dialog offers the newest backup and restores it under
 * the campaign's own name. The backup is the file as the previous session left it: a
 * session's first save writes the file whole and keeps the one before, later ones
 * add at its end. */
static void
test_corrupt_campaign_backup (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  AdmCampaign *campaign = admiralty_window_get_campaign (window);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *backup = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) damaged = NULL;
  const char *first;
  gsize length;
  GtkWidget *dialog;

  roll_once (campaign, "First roll");
  path = g_strdup (adm_campaign_get_path (campaign));
  g_assert_nonnull (path);
  close_window (window);
  /* The next session: its first save keeps the file of one roll as the backup. */
  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (window, path));
  roll_once (admiralty_window_get_campaign (window), "Second roll");
  close_window (window);

  /* Damage in the middle of the journal (not an end cut mid-save, which opens at the last
   * complete action): refused, the backup offered. */
  g_assert_true (g_file_get_contents (path, &contents, &length, &error));
  g_assert_no_error (error);
  first = strstr (contents, "First roll");
  g_assert_nonnull (first);
  damaged = g_string_new_len (contents, (gssize) length);
  g_string_insert (damaged, first - contents, "<broken ");
  g_assert_true (g_file_set_contents (path, damaged->str, (gssize) damaged->len, &error));
  g_assert_no_error (error);
  backup = adm_campaign_find_backup (path);
  g_assert_nonnull (backup);

  window = shown_window_new (0, 0);
  g_assert_false (admiralty_window_open (window, path));
  iterate ();
  g_assert_null (admiralty_window_get_campaign (window));

  dialog = _admiralty_window_get_error_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (ADW_MESSAGE_DIALOG (dialog), "open-backup"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "open-backup");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();

  campaign = admiralty_window_get_campaign (window);
  g_assert_nonnull (campaign);
  g_assert_cmpstr (adm_campaign_get_path (campaign), ==, path);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (_admiralty_window_get_log_model (window)), ==, 1);
  {
    g_autoptr(AdmCampaign) restored = adm_campaign_open (path, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (adm_campaign_get_events (restored)->len, ==, 1);
  }

  close_window (window);
}

/* Closing a window remembers its size; the next window opens at that size. */
static void
test_window_size (void)
{
  AdmiraltyWindow *window = shown_window_new (1000, 700);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  int width, height;

  g_object_ref (window);
  gtk_window_close (GTK_WINDOW (window));
  iterate ();
  g_assert_finalize_object (window);
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1000);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));

  window = admiralty_window_new (app);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1000);
  g_assert_cmpint (height, ==, 700);
  close_window (window);

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* The preferences and about windows build from their templates without a warning. */
static void
test_secondary_windows (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  g_autoptr(GList) toplevels = NULL;
  guint found = 0;

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  iterate ();

  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADMIRALTY_IS_PREFERENCES_WINDOW (l->data) || ADW_IS_ABOUT_WINDOW (l->data))
      {
        g_assert_true (gtk_window_get_transient_for (l->data) == GTK_WINDOW (window));
        gtk_window_destroy (l->data);
        found++;
      }
  g_assert_cmpuint (found, ==, 2);
  iterate ();

  close_window (window);
}

/* Whether the window @data shows a battle page: a condition for iterate_until (). */
static gboolean
battle_page_shown (gpointer data)
{
  return _admiralty_window_get_battle_page (data) != NULL;
}

static gboolean
log_allocated (gpointer data)
{
  AdmiraltyWindow *window = data;

  return gtk_widget_get_mapped (GTK_WIDGET (window->log_view))
         && gtk_widget_get_height (GTK_WIDGET (window->log_view)) > 0;
}

static void
test_screenshot (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  AdmCampaign *campaign = admiralty_window_get_campaign (window);
  static const struct {
    guint count;
    const char *purpose;
    const char *clause;
  } rolls[] = {
    { 2, "Initiative, strategic phase 1", "F-SEQ-2" },
    { 5, "Prince Serg main battery at Celestial Harmony", "F-ART-11" },
    { 2, "Critical damage, Celestial Harmony", "F-CRIT-8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rolls); i++)
    {
      AdmDiceRequest request = { rolls[i].count, 6, rolls[i].purpose, rolls[i].clause };
      guint values[8];
      g_autoptr(GError) error = NULL;

      g_assert_true (adm_campaign_roll (campaign, NULL, &request,
                                        g_get_real_time () / G_USEC_PER_SEC, values, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (g_list_model_get_n_items (_admiralty_window_get_log_model (window)), ==, 3);

  iterate_until (log_allocated, window, 5000);
  wait_frames ();
  save_screenshot (GTK_WIDGET (window), "test-window.png");

  close_window (window);
}

/* Battles */

#define BARRAYAR_RGB 0x7a0e0b  /* data/rules/forcon-2010-classes.xml */

/* The question (AdwMessageDialog) shown over @window, or NULL. */
static AdwMessageDialog *
find_message_dialog (AdmiraltyWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel)
          && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window)
          && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return ADW_MESSAGE_DIALOG (toplevel);
    }
  return NULL;
}

/* Opens @path through the window's open-file path, as app.open does, and returns the new
 * battle's page, which is the selected tab. */
static AdmiraltyBattlePage *
open_battle (AdmiraltyWindow *window,
             const char      *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdmiraltyBattlePage *page;

  g_assert_true (admiralty_window_open_file (window, file));
  iterate ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  g_assert_true (ADMIRALTY_IS_BATTLE_PAGE (page));

  return page;
}

static void
test_battle_resolve_undo_resume (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "corridor-skirmish", TRUE);
  g_autofree char *game = NULL;
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyBattlePage *page;
  AdmBattle *battle;
  GListModel *report;
  g_autoptr(AdmLogEntry) first = NULL;
  int turn;
  AdmPhase phase;

  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);
  page = open_battle (window, path);
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 4);
  g_assert_cmpstr (adw_tab_page_get_title (adw_tab_view_get_selected_page (window->tab_view)),
                   ==, "Corridor skirmish");
  g_assert_false (admiralty_battle_page_get_resumed (page));
  g_assert_nonnull (admiralty_battle_page_get_orders_path (page));
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_DETECTION);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Corridor skirmish");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Turn 1 · Detection");
  g_assert_true (gtk_widget_get_visible (window->resolve_button));
  g_assert_false (gtk_widget_get_visible (window->roll_button));
  report = _admiralty_battle_page_get_report_model (page);
  g_assert_cmpuint (g_list_model_get_n_items (report), ==, 0);

  for (int i = 0; i < 4; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
      iterate ();
    }
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_END);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Turn 1 · End Phase");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (window->resolve_button)), ==,
                   "Resolve End Phase");

  /* The report: a heading for the first phase that reported, then its lines. */
  g_assert_cmpuint (g_list_model_get_n_items (report), >, 2);
  first = g_list_model_get_item (report, 0);
  g_assert_true (adm_log_entry_get_heading (first));
  g_assert_cmpuint (g_list_model_get_n_items (_admiralty_battle_page_get_dice_model (page)),
                    >, 0);

  /* Every phase is on disk: the game sits under the user's data folder, never beside a
   * set-up that is not the campaign's. */
  game = g_strdup (admiralty_battle_page_get_game_path (page));
  {
    g_autofree char *battles = g_build_filename (data_home, "admiralty", "battles", NULL);
    g_autofree char *folder = g_path_get_dirname (game);
    g_autofree char *setup_folder = g_path_get_dirname (path);
    g_autofree char *beside = g_build_filename (setup_folder, "corridor-skirmish.game.xml", NULL);
    g_autofree char *draft = g_build_filename (setup_folder, "corridor-skirmish.draft.xml", NULL);
    g_autofree char *basename = g_path_get_basename (game);

    g_assert_cmpstr (folder, ==, battles);
    g_assert_true (g_str_has_prefix (basename, "corridor-skirmish-"));
    g_assert_true (g_str_has_suffix (game, ".game.xml"));
    g_assert_false (g_file_test (beside, G_FILE_TEST_EXISTS));
    g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));
  }
  g_assert_true (g_file_test (game, G_FILE_TEST_IS_REGULAR));

  /* Undo takes back one phase of the battle, not a campaign event. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Turn 1 · Torpedoes");
  turn = adm_battle_get_turn (battle);
  phase = adm_battle_get_phase (battle);

  /* Opening it again only shows the tab already open. */
  g_assert_true (admiralty_window_open (window, path));
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 4);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL));
  iterate ();
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);
  g_assert_null (_admiralty_window_get_battle_page (window));
  g_assert_false (gtk_widget_get_visible (window->resolve_button));
  /* The campaign and sector-map tabs do not close. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  adw_tab_view_close_page (window->tab_view, window->campaign_tab);
  adw_tab_view_close_page (window->tab_view, window->map_tab);
  iterate ();
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);

  /* Reopening the set-up resumes the game where it stood. */
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_true (admiralty_battle_page_get_resumed (page));
  g_assert_cmpstr (admiralty_battle_page_get_game_path (page), ==, game);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, turn);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, phase);
  g_assert_cmpuint (g_list_model_get_n_items (_admiralty_battle_page_get_report_model (page)),
                    >, 2);

  close_window (window);
  remove_battle_copy (path);
}

/* The saved game itself opens too, and the same seed gives the same dice after resuming as
 * in one sitting. */
static void
test_battle_open_game (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "corridor-skirmish", TRUE);
  g_autofree char *game = NULL;
  g_autofree char *one_sitting = NULL;
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyBattlePage *page = open_battle (window, path);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);

  for (int i = 0; i < 3; i++)
    admiralty_battle_page_resolve_phase (page, FALSE);
  one_sitting = adm_battle_dump (battle);
  game = g_strdup (admiralty_battle_page_get_game_path (page));
  g_assert_true (adm_battle_undo (battle, NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL));
  iterate ();

  page = open_battle (window, game);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_true (admiralty_battle_page_get_resumed (page));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  {
    g_autofree char *resumed = adm_battle_dump (battle);

    g_assert_cmpstr (resumed, ==, one_sitting);
  }

  close_window (window);
  remove_battle_copy (path);
}

static gboolean
table_allocated (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* The table widget as drawn on screen, 0xRRGGBB at widget pixel (@x, @y). */
static guint32
table_pixel (GtkWidget *widget,
             double     x,
             double     y)
{
  g_autoptr(GskRenderNode) node = widget_drawn_node (widget);
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *data = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int px = (int) x, py = (int) y;
  guint32 pixel;

  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (px, <, gdk_texture_get_width (texture));
  g_assert_cmpint (py, <, gdk_texture_get_height (texture));

  data = g_malloc (gdk_texture_get_width (texture) * 4 * gdk_texture_get_height (texture));
  gdk_texture_download (texture, data, gdk_texture_get_width (texture) * 4);
  memcpy (&pixel, data + py * gdk_texture_get_width (texture) * 4 + px * 4, 4);

  return pixel & 0xffffff;
}

static void
test_battle_view_as (void)
{
  g_autofree char *path = copy_battle ("tests/data/battles", "render-fog", TRUE);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyBattlePage *page = open_battle (window, path);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  AdmiraltyTableWidget *table = _admiralty_battle_page_get_table (page);
  GtkDropDown *dropdown = _admiralty_battle_page_get_view_dropdown (page);
  const AdmBattleShip *hidden = adm_battle_lookup_ship (battle, "hidden");
  /* Where its token shows its colour: astern of the centre, clear of its faction's symbol. */
  AdmPoint face = adm_point_advance (hidden->position, hidden->heading + 180,
                                     0.3 * hidden->klass->type->base_size);
  double x, y;

  iterate_until (table_allocated, table, 5000);
  wait_frames ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (table)), >, 0);

  /* Master, then each side. */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)), ==, 3);
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, -1);

  /* The master sees the undetected ship: the table was fitted to the battle. */
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), face, &x, &y);
  g_assert_cmphex (table_pixel (GTK_WIDGET (table), x, y), ==, BARRAYAR_RGB);

  /* The Ships list names it for the master. */
  {
    g_auto(GStrv) rows = _admiralty_battle_page_get_fleet_rows (page);
    gboolean listed = FALSE;

    for (guint i = 0; rows[i] != NULL; i++)
      listed |= g_str_has_prefix (rows[i], hidden->name);
    g_assert_true (listed);
  }

  /* Selecting it shows its card. */
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle, "hidden"));
  g_assert_nonnull (strstr (_admiralty_battle_page_get_ship_details (page), "Hull"));

  gtk_drop_down_set_selected (dropdown, 2);
  iterate ();
  g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, 1);
  /* Komarr has not detected it: not drawn, and no longer selected. */
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, -1);
  g_assert_cmpstr (_admiralty_battle_page_get_ship_details (page), ==, "");
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), face, &x, &y);
  {
    guint32 pixel = table_pixel (GTK_WIDGET (table), x, y);

    g_assert_cmphex (pixel, !=, BARRAYAR_RGB);
    g_assert_cmphex (pixel, !=, ADMIRALTY_TABLE_FACE_DOWN_RGB);
  }
  g_assert_cmpint (admiralty_table_ship_at (admiralty_table_widget_get_view (table), battle,
                                            admiralty_table_widget_get_options (table), x, y),
                   ==, -1);
  /* Nor listed: no name, class or count of it in Komarr's Ships list. */
  {
    g_auto(GStrv) rows = _admiralty_battle_page_get_fleet_rows (page);

    for (guint i = 0; rows[i] != NULL; i++)
      {
        g_assert_null (strstr (rows[i], hidden->name));
        g_assert_null (strstr (rows[i], hidden->klass->name));
      }
  }

  /* The table's keys: zooming and fitting again, to what Komarr sees. */
  {
    double scale;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.fit", NULL));
    scale = admiralty_table_widget_get_view (table)->scale;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.zoom-in", NULL));
    g_assert_cmpfloat (admiralty_table_widget_get_view (table)->scale, >, scale);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.fit", NULL));
    g_assert_cmpfloat_with_epsilon (admiralty_table_widget_get_view (table)->scale, scale, 1e-9);
  }

  close_window (window);
  remove_battle_copy (path);
}

/* The Ships list changes only the rows whose ships change: the view of Komarr, which has not
 * detected the Hidden group and has only glimpsed the Glimpsed group (F-ECM-2, F-ECM-6), takes
 * two rows out and turns Glimpse's into a face-down token's, and every other ship keeps the
 * row it had, its words changed in place. Glimpse's row, between the rows taken out, is the
 * same row too: a row made again for it would be laid out and measured again. */
static void
test_battle_ships_list_rows_kept (void)
{
  g_autofree char *path = copy_battle ("tests/data/battles", "render-fog", TRUE);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyBattlePage *page = open_battle (window, path);
  GtkListBox *list = GTK_LIST_BOX (gtk_widget_get_template_child (GTK_WIDGET (page),
                                                                  ADMIRALTY_TYPE_BATTLE_PAGE,
                                                                  "fleet_list"));
  GtkDropDown *dropdown = _admiralty_battle_page_get_view_dropdown (page);
  /* The master's rows: Barrayar, Open group, Open, Glimpsed group, Glimpse, Hidden group,
   * Hidden, Komarr, Lookout group, Lookout. */
  GtkListBoxRow *open = gtk_list_box_get_row_at_index (list, 2);
  GtkListBoxRow *glimpse = gtk_list_box_get_row_at_index (list, 4);
  GtkListBoxRow *lookout = gtk_list_box_get_row_at_index (list, 9);
  g_auto(GStrv) rows = _admiralty_battle_page_get_fleet_rows (page);

  g_assert_cmpuint (g_strv_length (rows), ==, 10);
  g_assert_true (g_str_has_prefix (rows[4], "Glimpse ·"));
  g_assert_true (gtk_list_box_row_get_selectable (glimpse));

  gtk_drop_down_set_selected (dropdown, 2);
  iterate ();
  g_clear_pointer (&rows, g_strfreev);
  rows = _admiralty_battle_page_get_fleet_rows (page);
  g_assert_cmpuint (g_strv_length (rows), ==, 8);
  g_assert_cmpstr (rows[3], ==, "Unidentified formation");
  g_assert_cmpstr (rows[4], ==, "Unidentified ship");
  g_assert_true (gtk_list_box_get_row_at_index (list, 2) == open);
  g_assert_true (gtk_list_box_get_row_at_index (list, 4) == glimpse);
  g_assert_true (gtk_list_box_get_row_at_index (list, 7) == lookout);
  /* Komarr may not select a token it has only glimpsed. */
  g_assert_false (gtk_list_box_row_get_selectable (glimpse));

  close_window (window);
  remove_battle_copy (path);
}

/* The fire line's and a legal course's colours (admiralty-table-renderer.h) at a pixel:
 * anti-aliasing aside, the dominant channel tells them apart from the table. */
static gboolean
is_greenish (guint32 pixel)
{
  int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

  return g > 150 && g > r + 40 && g > b + 40;
}

static gboolean
is_orangeish (guint32 pixel)
{
  int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

  return r > 200 && r > g + 40 && g > b + 30;
}

/* Whether a pixel within 6 px of (@x, @y) passes @test: lines are a few pixels wide and the
 * widget's texture may sit a pixel or two off the view's arithmetic. */
static gboolean
table_region_has (GtkWidget  *widget,
                  double      x,
                  double      y,
                  gboolean  (*test) (guint32 pixel))
{
  for (int dy = -6; dy <= 6; dy++)
    for (int dx = -6; dx <= 6; dx++)
      if (x + dx >= 0 && y + dy >= 0 && x + dx < gtk_widget_get_width (widget) &&
          y + dy < gtk_widget_get_height (widget) &&
          test (table_pixel (widget, x + dx, y + dy)))
        return TRUE;
  return FALSE;
}

/* A turn played by mouse and keyboard alone, without an orders file: courses plotted by
 * dragging (the table's "plot" signal, as its drag gesture emits it), an illegal turn typed
 * refused with the reason, fire at a ringed target with its odds shown first, the phases
 * resolved, undone and redone, and the game reopened from its autosave. */
/* A label shown, its text holding @data. */
static gboolean
is_label_containing (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

static void
test_battle_orders_by_mouse (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "corridor-skirmish", TRUE);
  g_autofree char *orders = NULL;
  g_autofree char *after_fire = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmiraltyTableWidget *table;
  AdmBattle *battle;
  int serg, triumph;
  double x, y;
  gboolean fired = FALSE;

  /* No orders file: everything is entered in the app. */
  orders = g_build_filename (dir, "corridor-skirmish.orders.xml", NULL);
  g_assert_cmpint (g_remove (orders), ==, 0);

  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  iterate_until (table_allocated, table, 5000);
  wait_frames ();
  serg = adm_battle_ship_index (battle, "prince-serg");
  triumph = adm_battle_ship_index (battle, "triumph");
  g_assert_null (admiralty_battle_page_get_orders_path (page));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);

  /* F-MOVE-3: Prince Serg (18 cm, heading 90°) is dragged 10 cm straight on. */
  admiralty_table_widget_set_selected_ship (table, serg);
  iterate ();
  g_signal_emit_by_name (table, "plot", 15.0, 20.0, FALSE);
  g_signal_emit_by_name (table, "plot", 20.0, 20.0, TRUE);
  iterate ();
  g_assert_true (rows_contain (panel, "Prince Serg group: 10 cm"));
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");

  /* The course is drawn on the table, green while legal. */
  {
    AdmPoint mid = { 16.5, 20.0 };

    admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), mid, &x, &y);
    wait_frames ();  /* a frame drawn since */
    g_assert_true (table_region_has (GTK_WIDGET (table), x, y, is_greenish));
  }

  /* F-MOVE-9: a battleship turning after 10 of 20 cm, typed, is refused, with the reason, and
   * the course stays as it was (dragged, the nearest course the rules allow is plotted
   * instead: test-battle-table-ui). */
  g_assert_false (admiralty_orders_panel_add_leg (panel, 45, 10));
  iterate ();
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "F-MOVE-9"));
  /* F-MOVE-8: the course shown and the refusal say the first turn in the same words, a share
   * of the whole move: 3/4 of the 10 cm plotted, 3/4 of the 20 cm the turn would make. */
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel),
                            "its first turn comes after 3/4 of the move (15 cm of 20 cm), not "
                            "after 10 cm"));
  g_assert_nonnull (find_widget (GTK_WIDGET (panel), is_label_containing,
                                 "first turn after 3/4 of the move (7.5 cm of 10 cm)"));
  g_assert_true (rows_contain (panel, "Prince Serg group: 10 cm"));
  g_assert_false (rows_contain (panel, "to starboard"));

  /* Typed: 8 cm more, straight on; then the Komarrans come 27 cm west. */
  g_assert_true (admiralty_orders_panel_add_leg (panel, 0, 8));
  g_assert_true (rows_contain (panel, "Prince Serg group: 10 cm, 8 cm"));
  admiralty_table_widget_set_selected_ship (table, triumph);
  g_signal_emit_by_name (table, "plot", 63.0, 10.0, TRUE);
  iterate ();
  g_assert_true (rows_contain (panel, "Triumph group: 27 cm"));

  /* F-MOVE-3: 28 cm is more than the cruisers' 27: refused, nothing changes. */
  g_assert_false (admiralty_orders_panel_add_leg (panel, 0, 1));
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "F-MOVE-3"));
  g_assert_true (rows_contain (panel, "Triumph group: 27 cm"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_cmpfloat_with_epsilon (adm_battle_get_ship (battle, serg)->position.x, 28.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (adm_battle_get_ship (battle, triumph)->position.x, 63.0, 1e-6);

  /* Fire: Triumph is in the main battery's arc and range, so it is offered; choosing it
   * shows the odds before any die is rolled. */
  admiralty_table_widget_set_selected_ship (table, serg);
  iterate ();
  g_assert_nonnull (admiralty_table_widget_get_options (table)->highlight_ships);
  for (guint i = 0; i < admiralty_table_widget_get_options (table)->highlight_ships->len; i++)
    fired |= g_array_index (admiralty_table_widget_get_options (table)->highlight_ships, guint,
                            i) == (guint) triumph;
  g_assert_true (fired);
  admiralty_table_widget_set_target_ship (table, triumph);
  iterate ();
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_odds_text (panel), "expected damage"));
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_odds_text (panel), "long range"));
  {
    AdmPoint from = adm_battle_get_ship (battle, serg)->position;
    AdmPoint to = adm_battle_get_ship (battle, triumph)->position;
    AdmPoint mid = { (from.x + to.x) / 2, (from.y + to.y) / 2 };

    admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), mid, &x, &y);
    wait_frames ();
    g_assert_true (table_region_has (GTK_WIDGET (table), x, y, is_orangeish));
  }
  /* Ctrl+D, the page's battle.declare-fire. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "battle.declare-fire", NULL));
  iterate ();
  g_assert_true (rows_contain (panel, "Prince Serg's Main battery → Triumph"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);
  after_fire = adm_battle_dump (battle);
  g_assert_cmpint (adm_battle_get_ship (battle, triumph)->shields_used +
                   adm_battle_get_ship (battle, triumph)->damage, >, 0);

  /* Undo and redo through the window's actions: the same dice, the same result. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_true (rows_contain (panel, "Prince Serg's Main battery → Triumph"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  {
    g_autofree char *redone = adm_battle_dump (battle);

    g_assert_cmpstr (redone, ==, after_fire);
  }

  /* Autosave and reopen: the game resumes where it stood. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL));
  iterate ();
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_true (admiralty_battle_page_get_resumed (page));
  {
    g_autofree char *resumed = adm_battle_dump (battle);

    g_assert_cmpstr (resumed, ==, after_fire);
  }

  /* Starting over (the main menu's item, behind a question) goes back to the set-up; redo,
   * phase by phase, brings the game back. Cancelling changes nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.battle-start-over",
                                             NULL));
  iterate ();
  adw_message_dialog_response (find_message_dialog (window), "cancel");
  iterate ();
  {
    g_autofree char *kept = adm_battle_dump (battle);

    g_assert_cmpstr (kept, ==, after_fire);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.battle-start-over",
                                             NULL));
  iterate ();
  adw_message_dialog_response (find_message_dialog (window), "start-over");
  iterate ();
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_DETECTION);
  g_assert_false (adm_battle_can_undo (battle));
  while (adm_battle_can_redo (battle))
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  {
    g_autofree char *redone = adm_battle_dump (battle);

    g_assert_cmpstr (redone, ==, after_fire);
  }

  close_window (window);
  remove_battle_copy (path);
}

/* Torpedoes entered in the Orders pane's form (F-WPN-10, F-FORM-12): a launch with a tube
 * the ship does not have is refused with the engine's reason and changes nothing; the real
 * one is accepted, resolved, and the salvo is on the table. */
static void
test_battle_other_orders (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *orders = g_build_filename (dir, "torpedo-duel.orders.xml", NULL);
  static const char * const keys[] = { "weapons", "target", NULL };
  static const char * const bad[] = { "prince-xav:plasma-cannon", "pale-jade", NULL };
  static const char * const good[] = { "prince-xav:torpedoes vorhalas:torpedoes", "pale-jade",
                                       NULL };
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  g_auto(GStrv) rows = NULL;

  g_assert_cmpint (g_remove (orders), ==, 0);
  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  /* A launch is offered in the fire phase it belongs to (F-WPN-10): detection and movement
   * first. */
  for (int i = 0; i < 2; i++)
    {
      g_assert_false (_admiralty_orders_panel_offers (panel, "launch"));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page),
                                            adm_battle_ship_index (battle, "prince-xav"));
  iterate ();

  g_assert_false (_admiralty_orders_panel_set_other (panel, "launch", keys, bad));
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "plasma-cannon"));
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_cmpuint (g_strv_length (rows), ==, 0);

  g_assert_true (_admiralty_orders_panel_set_other (panel, "launch", keys, good));
  g_clear_pointer (&rows, g_strfreev);
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_cmpuint (g_strv_length (rows), ==, 1);
  g_assert_nonnull (strstr (rows[0], "Launch torpedoes"));
  g_assert_nonnull (strstr (rows[0], "Pale Jade"));

  /* The fire phase: the salvo is launched. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_salvo (battle, 0)->torpedoes, >, 0);

  /* Before the torpedo phase, the target's pane gives the salvo's exact odds against it. */
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page),
                                            adm_battle_ship_index (battle, "pale-jade"));
  iterate ();
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_torpedo_text (panel), "Salvo 1"));
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_torpedo_text (panel),
                            "expected damage"));

  close_window (window);
  remove_battle_copy (path);
}

/* F-STRAT-4: End the Battle says what the ending throws away — the course plotted this turn
 * that no phase has moved yet — before the master confirms it. */
static void
test_end_battle_says_discarded (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-end-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  AdwMessageDialog *dialog;

  g_assert_no_error (error);
  komarr_play_cycle (campaign, 1, G_GINT64_CONSTANT (1795370400));
  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (window, path));
  wait_frames ();
  g_assert_true (_admiralty_window_open_engagement_battle (window, "c1-3", NULL));
  iterate_until (battle_page_shown, window, 5000);
  wait_frames ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  /* Detection rolls no dice here, so no side is asked for its dice (docs/dice.md). */
  iterate ();
  g_assert_null (shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);

  /* Nothing plotted: the question says nothing of orders. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-battle", NULL));
  iterate_until (message_dialog_shown, NULL, 3000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_null (strstr (adw_message_dialog_get_body (dialog), "discarded"));
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 3000);
  g_assert_null (message_dialog ());

  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page), 0);
  iterate ();
  g_assert_true (admiralty_orders_panel_add_leg (panel, 0, 4));
  g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->moves->len, ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.end-battle", NULL));
  iterate_until (message_dialog_shown, NULL, 3000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog),
                            "The course plotted for 1 formation is not resolved and is "
                            "discarded with the ending."));
  /* Cancelled: the battle and its course stay. */
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 3000);
  g_assert_null (message_dialog ());
  g_assert_false (admiralty_battle_page_get_finished (page));
  g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->moves->len, ==, 1);

  close_window (window);
  remove_tree (dir);
}

/* F-CAT-11, F-STRAT-4: the campaign's Ships Afloat card follows the battles: the battle at Pol
 * orbit, ended with Vigilant a blazing hulk, takes her off the count and its tooltip says she
 * is a wreck; the undo of the ending puts her back. */
static void
test_ships_card_follows_battles (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-ships-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "komarr.admiralty", NULL);
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autofree char *setup = NULL;
  g_autofree char *before = NULL;
  g_autofree char *expected = NULL;
  AdmiraltyWindow *window;
  AdmCampaign *shown;
  guint all;

  g_assert_no_error (error);
  all = adm_scenario_get_ships (adm_campaign_get_scenario (campaign))->len;
  komarr_play_cycle (campaign, 1, G_GINT64_CONSTANT (1795370400));
  window = campaign_window_new (campaign, path, 0, 0);
  shown = admiralty_window_get_campaign (window);
  before = g_strdup_printf ("%u", all);
  g_assert_cmpstr (gtk_label_get_label (window->ships_label), ==, before);

  /* Three turns at Pol orbit from the sample orders (seed 5) leave Vigilant a blazing hulk. */
  engagement = queued_engagement (shown, "c1-3");
  setup = adm_campaign_engagement_setup (shown, engagement, NULL, &error);
  g_assert_no_error (error);
  battle = adm_battle_load_memory (setup, strlen (setup), engagement->id, &error);
  g_assert_no_error (error);
  orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  for (int turn = 1; turn <= 3; turn++)
    {
      g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, turn),
                                              ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (adm_battle_lookup_ship (battle, "vigilant")->status, ==,
                   ADM_SHIP_BURNING_HULK);
  g_assert_true (adm_campaign_end_battle (shown, "c1-3", battle, "Pol Six withdrew",
                                          G_GINT64_CONSTANT (1795373400), &error));
  g_assert_no_error (error);
  iterate ();

  expected = g_strdup_printf ("%u", all - 1);
  g_assert_cmpstr (gtk_label_get_label (window->ships_label), ==, expected);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("Ships in all: %u · destroyed: 0 · wrecks: 1 · removed: 0", all);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->ships_card), ==, expected);

  g_assert_true (adm_campaign_undo (shown, &error));
  g_assert_no_error (error);
  iterate ();
  g_assert_cmpstr (gtk_label_get_label (window->ships_label), ==, before);

  close_window (window);
  remove_tree (dir);
}

/* "Launch torpedoes" is offered for what the selected ship can do (F-WPN-10): not with no ship
 * selected, whose form would have no tubes to check, not for a ship without tubes, and not
 * for one whose tubes reload after a launch (F-TORP-1), whose tube checks in the fire section
 * are insensitive then; "Prepare to launch" (F-TORP-2) stays, for a ship with tubes. */
static void
test_battle_launch_needs_tubes (void)
{
  g_autofree char *path = copy_battle ("tests/data/battles", "hegen-hub", FALSE);
  g_autofree char *duel = copy_battle ("scenarios/battles", "torpedo-duel", FALSE);
  static const char * const keys[] = { "weapons", "target", NULL };
  static const char * const launch[] = { "prince-xav:torpedoes", "pale-jade", NULL };
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmiraltyTableWidget *table;
  AdmBattle *battle;
  GtkWidget *tubes;

  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  table = _admiralty_battle_page_get_table (page);
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  admiralty_table_widget_set_selected_ship (table, -1);
  iterate ();
  g_assert_false (_admiralty_orders_panel_offers (panel, "launch"));
  g_assert_false (_admiralty_orders_panel_offers (panel, "prepare-to-launch"));
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle,
                                                                          "emperor-dorca"));
  iterate ();
  g_assert_false (_admiralty_orders_panel_offers (panel, "launch"));
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle,
                                                                          "autumn-bell"));
  iterate ();
  g_assert_false (_admiralty_orders_panel_offers (panel, "launch"));
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle,
                                                                          "prince-serg"));
  iterate ();
  g_assert_true (_admiralty_orders_panel_offers (panel, "launch"));
  g_assert_true (_admiralty_orders_panel_offers (panel, "prepare-to-launch"));
  close_window (window);

  /* Tubes that launched in turn 1 reload through turn 2. */
  window = shown_window_new (0, 0);
  page = open_battle (window, duel);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  table = _admiralty_battle_page_get_table (page);
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle, "prince-xav"));
  iterate ();
  g_assert_true (_admiralty_orders_panel_offers (panel, "launch"));
  tubes = _admiralty_orders_panel_get_weapon_check (panel, "Torpedo tubes");
  g_assert_nonnull (tubes);
  g_assert_true (gtk_widget_get_sensitive (tubes));
  g_assert_true (_admiralty_orders_panel_set_other (panel, "launch", keys, launch));
  while (adm_battle_get_turn (battle) == 1 || adm_battle_get_phase (battle) != ADM_PHASE_FIRE)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
      g_assert_null (_admiralty_window_get_error_dialog (window));
    }
  g_assert_cmpint (adm_battle_get_ship (battle, adm_battle_ship_index (battle,
                                                                       "prince-xav"))->tubes_ready,
                   >, 2);
  admiralty_table_widget_set_selected_ship (table, -1);
  admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle, "prince-xav"));
  iterate ();
  g_assert_false (_admiralty_orders_panel_offers (panel, "launch"));
  g_assert_true (_admiralty_orders_panel_offers (panel, "prepare-to-launch"));
  tubes = _admiralty_orders_panel_get_weapon_check (panel, "Torpedo tubes");
  g_assert_nonnull (tubes);
  g_assert_false (gtk_widget_get_sensitive (tubes));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (tubes), "F-TORP-1"));

  close_window (window);
  remove_battle_copy (path);
  remove_battle_copy (duel);
}

/* "Lay a mine" is offered for a ship that can lay one in this battle (F-MINE-10, F-MINE-11,
 * F-MINE-12, F-WPN-19): not with no ship selected, not for a cruiser without mine racks on its
 * card, and not for a minelayer of a battle whose ruling "minelaying" keeps mines to the
 * strategic turn; for the minelayer where the battle lays them. */
static void
test_battle_lay_mine_needs_racks (void)
{
  g_autoptr(GError) error = NULL;

  for (guint run = 0; run < 2; run++)
    {
      /* A copy of its own each: the window resumes a battle it has played before. */
      g_autofree char *path = copy_battle ("scenarios/battles", "minefield", FALSE);
      gboolean tactical = run == 0;
      AdmiraltyWindow *window;
      AdmiraltyBattlePage *page;
      AdmiraltyOrdersPanel *panel;
      AdmiraltyTableWidget *table;
      AdmBattle *battle;

      if (!tactical)
        {
          /* The same battle under the default ruling. */
          g_autofree char *text = NULL;
          g_autoptr(GString) strategic = NULL;

          g_assert_true (g_file_get_contents (path, &text, NULL, &error));
          g_assert_no_error (error);
          strategic = g_string_new (text);
          g_assert_cmpuint (g_string_replace (strategic, "value=\"tactical\"",
                                              "value=\"strategic-only\"", 0), ==, 1);
          g_assert_true (g_file_set_contents (path, strategic->str, -1, &error));
          g_assert_no_error (error);
        }
      window = shown_window_new (0, 0);
      page = open_battle (window, path);
      battle = admiralty_battle_page_get_battle (page);
      panel = admiralty_battle_page_get_orders_panel (page);
      table = _admiralty_battle_page_get_table (page);
      for (int i = 0; i < 2; i++)
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                     NULL));
          iterate ();
        }
      g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
      admiralty_table_widget_set_selected_ship (table, -1);
      iterate ();
      g_assert_false (_admiralty_orders_panel_offers (panel, "lay-mine"));
      admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle, "kyril"));
      iterate ();
      g_assert_false (_admiralty_orders_panel_offers (panel, "lay-mine"));
      admiralty_table_widget_set_selected_ship (table, adm_battle_ship_index (battle,
                                                                              "silent-bloom"));
      iterate ();
      g_assert_true (_admiralty_orders_panel_offers (panel, "lay-mine") == tactical);
      close_window (window);
      remove_battle_copy (path);
    }
}

/* The grid of the other orders' form shown: the one visible among the kinds' forms. */
static GtkGrid *
shown_other_form (AdmiraltyOrdersOther *other)
{
  GtkWidget *forms = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (other),
                                                                ADMIRALTY_TYPE_ORDERS_OTHER,
                                                                "other_forms"));

  for (GtkWidget *child = gtk_widget_get_first_child (forms); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child))
      return GTK_GRID (child);
  g_assert_not_reached ();
}

/* Whether the drop-down @data's list is open: its popover mapped. */
static gboolean
drop_down_list_open (gpointer data)
{
  for (GtkWidget *child = gtk_widget_get_first_child (data); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return gtk_widget_get_mapped (child);
  return FALSE;
}

static gboolean
drop_down_list_closed (gpointer data)
{
  return !drop_down_list_open (data);
}

/* The form of the other orders is made again only where it changes: a refresh that leaves a
 * field's choices as they were (here the lengths shown in inches, which no field of a launch
 * has) keeps its widget, and what the master chose in it; so does the form of another kind
 * shown in between. */
static void
test_battle_other_form_kept (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *orders = g_build_filename (dir, "torpedo-duel.orders.xml", NULL);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmiraltyOrdersOther *other;
  GtkWidget *weapons, *target;
  AdmBattle *battle;

  g_assert_cmpint (g_remove (orders), ==, 0);
  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  other = ADMIRALTY_ORDERS_OTHER (gtk_widget_get_template_child (GTK_WIDGET (panel),
                                                                 ADMIRALTY_TYPE_ORDERS_PANEL,
                                                                 "other"));
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page),
                                            adm_battle_ship_index (battle, "prince-xav"));
  iterate ();
  g_assert_true (admiralty_orders_other_select_kind (other, "launch"));
  iterate ();
  weapons = gtk_grid_get_child_at (shown_other_form (other), 1, 0);
  target = gtk_grid_get_child_at (shown_other_form (other), 1, 1);
  g_assert_true (GTK_IS_DROP_DOWN (target));
  /* The ships' drop-down makes its rows when it is opened: until then its model holds the
   * choice alone. */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (target))),
                    ==, 1);
  g_assert_true (gtk_widget_activate (target));
  iterate_until (drop_down_list_open, target, 5000);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (target))),
                    ==, adm_battle_get_n_ships (battle) + 1);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (target)), ==, 0);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (target), 2);
  gtk_widget_activate (target);
  iterate_until (drop_down_list_closed, target, 5000);
  g_assert_false (drop_down_list_open (target));

  admiralty_orders_panel_set_inches (panel, TRUE);
  iterate ();
  g_assert_true (gtk_grid_get_child_at (shown_other_form (other), 1, 0) == weapons);
  g_assert_true (gtk_grid_get_child_at (shown_other_form (other), 1, 1) == target);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (target)), ==, 2);

  g_assert_true (admiralty_orders_other_select_kind (other, "prepare-to-launch"));
  iterate ();
  g_assert_true (GTK_IS_DROP_DOWN (gtk_grid_get_child_at (shown_other_form (other), 1, 0)));
  g_assert_null (gtk_grid_get_child_at (shown_other_form (other), 1, 1));
  g_assert_true (admiralty_orders_other_select_kind (other, "launch"));
  iterate ();
  g_assert_true (gtk_grid_get_child_at (shown_other_form (other), 1, 0) == weapons);
  g_assert_true (gtk_grid_get_child_at (shown_other_form (other), 1, 1) == target);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (target)), ==, 2);

  close_window (window);
  remove_battle_copy (path);
}

/* The buttons of the declarations list that remove an order ("orders-list.remove"), as shown:
 * a row whose order is played keeps its Remove, hidden behind its mark. */
static void
collect_remove_buttons (GtkWidget *widget,
                        GPtrArray *found)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_BUTTON (child) && gtk_widget_get_mapped (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)),
                     "orders-list.remove") == 0)
        g_ptr_array_add (found, child);
      collect_remove_buttons (child, found);
    }
}

/* Counts the signals it is connected to (swapped: @count first). */
static void
count_cb (guint *count)
{
  (*count)++;
}

static guint
n_remove_buttons (AdmiraltyOrdersPanel *panel)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  collect_remove_buttons (GTK_WIDGET (panel), found);
  return found->len;
}

/* The torpedo duel (a copy at @path, its standing orders removed) opened in a new window and
 * played to turn 1's fire phase, where Prince Xav's launch of torpedoes at Pale Jade
 * (F-WPN-10) is declared in the Orders pane. */
static AdmiraltyWindow *
open_duel_launch (const char            *path,
                  AdmBattle            **battle,
                  AdmiraltyOrdersPanel **panel,
                  GtkWidget            **list)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *orders = g_build_filename (dir, "torpedo-duel.orders.xml", NULL);
  static const char * const keys[] = { "weapons", "target", NULL };
  static const char * const launch[] = { "prince-xav:torpedoes vorhalas:torpedoes",
                                         "pale-jade", NULL };
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;

  g_assert_cmpint (g_remove (orders), ==, 0);
  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  *battle = admiralty_battle_page_get_battle (page);
  *panel = admiralty_battle_page_get_orders_panel (page);
  *list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (*panel),
                                                     ADMIRALTY_TYPE_ORDERS_PANEL, "list"));
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page),
                                            adm_battle_ship_index (*battle, "prince-xav"));
  iterate ();
  g_assert_true (_admiralty_orders_panel_set_other (*panel, "launch", keys, launch));
  return window;
}

/* An order the battle has played this turn stays in the declarations list: a launch of
 * torpedoes (F-WPN-10) declared in the fire phase can be removed until fire is resolved; after
 * it, in the torpedo phase, the row has no Remove and the action refuses with the reason,
 * since the salvo is on the table whatever the list says. Undo of the fire phase makes it
 * removable again. */
static void
test_battle_resolved_order_stays (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  AdmiraltyWindow *window;
  AdmiraltyOrdersPanel *panel;
  GtkWidget *list;
  AdmBattle *battle;
  g_auto(GStrv) rows = NULL;

  g_autoptr(GPtrArray) removes = g_ptr_array_new ();
  guint actions_set = 0;

  window = open_duel_launch (path, &battle, &panel, &list);
  iterate ();
  g_assert_cmpuint (n_remove_buttons (panel), ==, 1);
  /* Marking a row played sets no button's action again: at 100 ships a side that cost a
   * Resolve more than its whole list's rows. */
  collect_remove_buttons (GTK_WIDGET (panel), removes);
  g_assert_cmpuint (removes->len, ==, 1);
  g_signal_connect_swapped (g_ptr_array_index (removes, 0), "notify::action-name",
                            G_CALLBACK (count_cb), &actions_set);

  /* Fire resolved: the salvo is launched, and its order stays listed, played. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 1);
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_cmpuint (g_strv_length (rows), ==, 1);
  g_assert_cmpuint (n_remove_buttons (panel), ==, 0);
  g_assert_cmpuint (actions_set, ==, 0);
  g_assert_true (gtk_widget_activate_action (list, "orders-list.remove", "u", 1));
  iterate ();
  g_clear_pointer (&rows, g_strfreev);
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_cmpuint (g_strv_length (rows), ==, 1);
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "already resolved"));

  /* Fire taken back: the launch is an order not yet played, and goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_cmpuint (n_remove_buttons (panel), ==, 1);
  g_assert_true (gtk_widget_activate_action (list, "orders-list.remove", "u", 1));
  iterate ();
  g_clear_pointer (&rows, g_strfreev);
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_cmpuint (g_strv_length (rows), ==, 0);

  close_window (window);
  remove_battle_copy (path);
}

/* A declaration added while the pane is long (a ship with all its weapons selected) is in
 * view: the declarations list keeps the height its rows need rather than being squeezed to a
 * row's, with the new order under the fold. */
static void
test_battle_declared_rows_shown (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  AdmiraltyWindow *window;
  AdmiraltyOrdersPanel *panel;
  GtkWidget *list;
  AdmBattle *battle;
  int natural;

  window = open_duel_launch (path, &battle, &panel, &list);
  wait_frames ();
  gtk_widget_measure (list, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (list), NULL,
                      &natural, NULL, NULL);
  g_assert_cmpint (natural, >, 0);
  g_assert_cmpint (gtk_widget_get_height (list), >=, natural);

  close_window (window);
  remove_battle_copy (path);
}

/* The declarations list is tall enough to read a turn's orders: with the eight of turn 2 of
 * the destructor knife fight declared, at least five of its rows are in view at once, not
 * the two or three of a narrow scroll box. */
static void
test_battle_declarations_readable (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "destructor-knife-fight", TRUE);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  GtkWidget *list, *scrolled, *box;
  AdmBattle *battle;
  guint rows = 0, in_view = 0;
  graphene_rect_t bounds;

  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  while (adm_battle_get_turn (battle) < 2)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  wait_frames ();
  list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (panel),
                                                    ADMIRALTY_TYPE_ORDERS_PANEL, "list"));
  scrolled = gtk_widget_get_first_child (list);
  g_assert_true (GTK_IS_SCROLLED_WINDOW (scrolled));
  box = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled));
  if (GTK_IS_VIEWPORT (box))
    box = gtk_viewport_get_child (GTK_VIEWPORT (box));
  g_assert_true (GTK_IS_LIST_BOX (box));
  for (GtkWidget *row = gtk_widget_get_first_child (box); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      if (!GTK_IS_LIST_BOX_ROW (row) || !gtk_widget_get_visible (row))
        continue;
      rows++;
      g_assert_true (gtk_widget_compute_bounds (row, scrolled, &bounds));
      if (bounds.origin.y >= 0 &&
          bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scrolled))
        in_view++;
    }
  g_assert_cmpuint (rows, >=, 8);
  g_assert_cmpuint (in_view, >=, 5);

  close_window (window);
  remove_battle_copy (path);
}

/* Until the fire phase, the Orders pane counts the batteries whose fire is declared among
 * all those of the active ships: turn 1 of the destructor knife fight declares three main
 * batteries (Jade Reach's, Prince Xav's and Kyril's) of all the guns on the table; after the
 * fire phase the count is gone. */
static void
test_battle_batteries_counted (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "destructor-knife-fight", TRUE);
  g_autofree char *expected = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  guint guns = 0;

  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);

      for (guint w = 0; w < ship->klass->weapons->len; w++)
        guns += ((const AdmWeapon *) g_ptr_array_index (ship->klass->weapons, w))->type !=
                ADM_WEAPON_TORPEDO;
    }
  g_assert_cmpuint (guns, >, 3);
  expected = g_strdup_printf ("Batteries declared: 3 of %u", guns);
  g_assert_cmpstr (_admiralty_orders_panel_get_batteries_text (panel), ==, expected);

  for (int i = 0; i < 3; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  g_assert_cmpint (adm_battle_get_phase (battle), >, ADM_PHASE_FIRE);
  g_assert_null (_admiralty_orders_panel_get_batteries_text (panel));

  close_window (window);
  remove_battle_copy (path);
}

/* A course typed for turn 2 survives an undo into turn 1 and the redo back: the master who
 * looks back at the end phase and changes his mind finds his course as he left it. */
static void
test_battle_undo_keeps_next_turn (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", FALSE);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  g_auto(GStrv) rows = NULL;
  g_autofree char *course = NULL;

  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  while (adm_battle_get_turn (battle) < 2)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  g_assert_null (_admiralty_window_get_error_dialog (window));
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page),
                                            adm_battle_ship_index (battle, "prince-xav"));
  iterate ();
  g_assert_true (admiralty_orders_panel_add_leg (panel, 0, 5));
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_cmpuint (g_strv_length (rows), ==, 1);
  course = g_strdup (rows[0]);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_END);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  iterate ();
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_clear_pointer (&rows, g_strfreev);
  rows = _admiralty_orders_panel_get_rows (panel);
  g_assert_cmpuint (g_strv_length (rows), ==, 1);
  g_assert_cmpstr (rows[0], ==, course);

  close_window (window);
  remove_battle_copy (path);
}

/* Boarding by mouse (F-BOARD-1): in the torpedo and boarding phase the enemies a ship touches
 * are ringed, the one clicked gets the first round's odds and the Board form, and the
 * boarding resolves. */
static void
test_battle_boarding (void)
{
  g_autofree char *path = copy_battle ("tests/data/battles", "board", TRUE);
  static const char * const keys[] = { NULL };
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyBattlePage *page = open_battle (window, path);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  AdmiraltyTableWidget *table = _admiralty_battle_page_get_table (page);
  AdmiraltyOrdersPanel *panel = admiralty_battle_page_get_orders_panel (page);
  int vorberg = adm_battle_ship_index (battle, "vorberg");
  int triumph = adm_battle_ship_index (battle, "triumph");
  const AdmiraltyTableOptions *options;
  gboolean ringed = FALSE;

  for (int i = 0; i < 3; i++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
    }
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_TORPEDO);

  admiralty_table_widget_set_selected_ship (table, vorberg);
  iterate ();
  options = admiralty_table_widget_get_options (table);
  g_assert_nonnull (options->highlight_ships);
  for (guint i = 0; i < options->highlight_ships->len; i++)
    ringed |= g_array_index (options->highlight_ships, guint, i) == (guint) triumph;
  g_assert_true (ringed);

  admiralty_table_widget_set_target_ship (table, triumph);
  iterate ();
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_torpedo_text (panel),
                            "Boarding Triumph, first round"));
  /* The form is now for boarding the target: ship and target filled in. */
  g_assert_true (_admiralty_orders_panel_set_other (panel, "board", keys, keys));
  g_assert_true (rows_contain (panel, "Board (F-BOARD-1)"));
  g_assert_true (rows_contain (panel, "Triumph"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpuint (adm_battle_get_n_boardings (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_boarding (battle, 0)->attacker, ==, vorberg);
  g_assert_cmpint (adm_battle_get_boarding (battle, 0)->defender, ==, triumph);

  close_window (window);
  remove_battle_copy (path);
}

/* The "units" preference: the orders pane shows and takes lengths in inches; the engine and
 * the orders stay in cm. */
static void
test_battle_units (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "corridor-skirmish", TRUE);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *orders = g_build_filename (dir, "corridor-skirmish.orders.xml", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;

  g_assert_cmpint (g_remove (orders), ==, 0);
  window = shown_window_new (0, 0);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  iterate ();
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page),
                                            adm_battle_ship_index (battle, "prince-serg"));
  iterate ();

  g_settings_set_string (settings, "units", "in");
  iterate ();
  g_assert_true (admiralty_table_widget_get_options (
                     _admiralty_battle_page_get_table (page))->inches);
  g_assert_true (admiralty_orders_panel_add_leg (panel, 0, 12.7));
  g_assert_true (rows_contain (panel, "Prince Serg group: 5 in"));
  {
    const AdmMoveDecl *move = g_ptr_array_index (admiralty_orders_panel_get_orders (panel)->moves,
                                                 0);

    /* Declared in cm, as the rules and the orders files are. */
    g_assert_cmpuint (move->steps->len, ==, 1);
    g_assert_cmpfloat_with_epsilon (g_array_index (move->steps, AdmMoveStep, 0).value, 12.7,
                                    1e-9);
  }

  g_settings_set_string (settings, "units", "cm");
  iterate ();
  g_assert_true (rows_contain (panel, "Prince Serg group: 12.7 cm"));

  close_window (window);
  remove_battle_copy (path);
}

/* Real dice: the phase asks for each roll it needs, refuses a value not on the die, and
 * resolves once every roll is in; cancelling leaves the battle as it was. */
static void
test_battle_physical_dice (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "corridor-skirmish", TRUE);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyBattlePage *page = open_battle (window, path);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  guint asked = 0;

  g_settings_set_string (settings, "dice-mode", "physical");

  for (AdmPhase phase = ADM_PHASE_DETECTION; phase <= ADM_PHASE_MOVEMENT; phase++)
    {
      g_assert_cmpint (adm_battle_get_phase (battle), ==, phase);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase",
                                                 NULL));
      iterate ();
      while (_admiralty_battle_page_get_dice_dialog (page) != NULL)
        {
          GtkWidget *dialog = _admiralty_battle_page_get_dice_dialog (page);
          const AdmDiceRequest *request = _admiralty_battle_page_get_dice_request (page);
          g_autoptr(GString) text = g_string_new (NULL);
          g_autofree char *wrong = NULL;

          g_assert_nonnull (request);
          g_assert_cmpint (adm_battle_get_phase (battle), ==, phase);
          wrong = g_strdup_printf ("%u", request->sides + 1);
          _admiralty_battle_page_set_dice_text (page, wrong);
          g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                                   "enter"));
          for (guint i = 0; i < _admiralty_battle_page_get_dice_count (page); i++)
            g_string_append (text, i > 0 ? " 1" : "1");
          _admiralty_battle_page_set_dice_text (page, text->str);
          g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                                  "enter"));
          adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "enter");
          gtk_window_close (GTK_WINDOW (dialog));
          iterate ();
          asked++;
        }
    }
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  /* Kestrel's all ahead full (F-MOVE-17) asked for its 2d6 at least. */
  g_assert_cmpuint (asked, >, 0);

  /* Cancelled in the fire phase: nothing changes. */
  {
    g_autofree char *before = adm_battle_dump (battle);
    g_autofree char *after = NULL;
    GtkWidget *dialog;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
    iterate ();
    dialog = _admiralty_battle_page_get_dice_dialog (page);
    g_assert_nonnull (dialog);
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    gtk_window_close (GTK_WINDOW (dialog));
    iterate ();
    g_assert_null (_admiralty_battle_page_get_dice_dialog (page));
    after = adm_battle_dump (battle);
    g_assert_cmpstr (after, ==, before);
  }

  g_settings_reset (settings, "dice-mode");
  close_window (window);
  remove_battle_copy (path);
}

/* A corrupt battle file: the engine's message, with the file and line, and no tab. */
static void
test_battle_broken (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-battle-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "broken.xml", NULL);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  GtkWidget *dialog;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "<?xml version=\"1.0\"?>\n<battle ruleset=\"x\">\n"
                                      "  <side id=\"a\"\n", -1, &error));
  g_assert_no_error (error);

  g_assert_false (admiralty_window_open (window, path));
  iterate ();
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);
  dialog = _admiralty_window_get_error_dialog (window);
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "broken.xml:"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "close");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate ();

  close_window (window);
  remove_tree (dir);
}

/* The close buttons (AdwTabBar's "tab-close-button") shown under @widget, counted. */
static guint
count_close_buttons (GtkWidget *widget)
{
  guint n = 0;

  if (!gtk_widget_get_visible (widget))
    return 0;
  if (GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "tab-close-button") &&
      gtk_widget_get_child_visible (widget))
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_close_buttons (child);
  return n;
}

static gboolean
no_close_button (gpointer window)
{
  return count_close_buttons (GTK_WIDGET (window)) == 0;
}

/* The Campaign, Sector Map and Orders tabs have no close button and refuse to close, by the
 * tab view or by Ctrl+W; a battle's tab has its close button and closes. */
static void
test_permanent_tabs (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "corridor-skirmish", TRUE);
  AdmiraltyWindow *window = open_skirmish ();
  AdwTabPage *permanent[] = { window->campaign_tab, window->map_tab, window->orders_tab };
  AdmiraltyBattlePage *page;
  AdwTabPage *battle_tab;
  guint n;

  page = open_battle (window, path);
  battle_tab = adw_tab_view_get_page (window->tab_view, GTK_WIDGET (page));
  wait_frames ();
  n = (guint) adw_tab_view_get_n_pages (window->tab_view);
  g_assert_cmpuint (n, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (permanent); i++)
    {
      g_assert_true (adw_tab_page_get_pinned (permanent[i]));
      g_assert_nonnull (adw_tab_page_get_icon (permanent[i]));
      adw_tab_view_close_page (window->tab_view, permanent[i]);
      iterate ();
      g_assert_cmpint (adw_tab_view_get_n_pages (window->tab_view), ==, (int) n);
      adw_tab_view_set_selected_page (window->tab_view, permanent[i]);
      iterate ();
      gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
      iterate ();
      g_assert_cmpint (adw_tab_view_get_n_pages (window->tab_view), ==, (int) n);
    }
  /* One close button in the whole window: the battle's. */
  g_assert_false (adw_tab_page_get_pinned (battle_tab));
  g_assert_cmpuint (count_close_buttons (GTK_WIDGET (window)), ==, 1);
  adw_tab_view_close_page (window->tab_view, battle_tab);
  iterate ();
  g_assert_cmpint (adw_tab_view_get_n_pages (window->tab_view), ==, (int) n - 1);
  /* The closed tab's button goes with the tab bar's closing animation. */
  iterate_until (no_close_button, window, 3000);
  g_assert_cmpuint (count_close_buttons (GTK_WIDGET (window)), ==, 0);

  close_window (window);
  remove_battle_copy (path);
}

/* The player screen in the window list, or NULL. */
static AdmiraltyPlayerWindow *
find_player_screen (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    if (ADMIRALTY_IS_PLAYER_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
player_screen_gone (gpointer data)
{
  return find_player_screen () == NULL;
}

static gboolean
player_screen_shown (gpointer data)
{
  return find_player_screen () != NULL;
}

/* A player screen has no header bar: the master closes it from his menu (every one he
 * opened), or it closes by its own Escape or Ctrl+W. */
static void
test_player_screen_closes (void)
{
  AdmiraltyWindow *window = open_skirmish ();
  static const char * const keys[] = { "Escape", "ctrl+w" };

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.player-screen", "s",
                                             "barrayar"));
  iterate ();
  g_assert_nonnull (find_player_screen ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close-player-screens",
                                             NULL));
  iterate_until (player_screen_gone, NULL, 2000);
  g_assert_null (find_player_screen ());

  for (guint k = 0; k < G_N_ELEMENTS (keys) && pointer_available (); k++)
    {
      AdmiraltyPlayerWindow *player;

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.player-screen", "s",
                                                 "cetaganda"));
      iterate_until (player_screen_shown, NULL, 5000);
      player = find_player_screen ();
      g_assert_nonnull (player);
      iterate_until (widget_mapped, player, 3000);
      keys_to (GTK_WIDGET (player), keys[k]);
      iterate_until (player_screen_gone, NULL, 2000);
      g_assert_null (find_player_screen ());
    }
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "window");

  g_test_add_func ("/ui/window/empty-state", test_empty_state);
  g_test_add_func ("/ui/window/order-of-battle", test_order_of_battle);
  g_test_add_func ("/ui/window/roll-undo-redo", test_roll_undo_redo);
  g_test_add_func ("/ui/window/F-STRAT-5/roll-outcome", test_roll_outcome);
  g_test_add_func ("/ui/window/physical-dice", test_physical_dice);
  g_test_add_func ("/ui/window/broken-file", test_broken_file);
  g_test_add_func ("/ui/window/corrupt-campaign-backup", test_corrupt_campaign_backup);
  g_test_add_func ("/ui/window/roll-from-keyboard", test_roll_from_keyboard);
  g_test_add_func ("/ui/window/size", test_window_size);
  g_test_add_func ("/ui/window/secondary-windows", test_secondary_windows);
  g_test_add_func ("/ui/window/player-screen-closes", test_player_screen_closes);
  g_test_add_func ("/ui/window/screenshot", test_screenshot);
  g_test_add_func ("/ui/window/battle/resolve-undo-resume", test_battle_resolve_undo_resume);
  g_test_add_func ("/ui/window/battle/open-game", test_battle_open_game);
  g_test_add_func ("/ui/window/battle/view-as", test_battle_view_as);
  g_test_add_func ("/ui/window/battle/F-ECM-2/ships-list-rows-kept",
                   test_battle_ships_list_rows_kept);
  g_test_add_func ("/ui/window/battle/orders-by-mouse", test_battle_orders_by_mouse);
  g_test_add_func ("/ui/window/battle/other-orders", test_battle_other_orders);
  g_test_add_func ("/ui/window/battle/F-WPN-10/launch-needs-tubes", test_battle_launch_needs_tubes);
  g_test_add_func ("/ui/window/F-CAT-11/ships-card-follows-battles",
                   test_ships_card_follows_battles);
  g_test_add_func ("/ui/window/battle/F-MINE-10/lay-mine-needs-racks",
                   test_battle_lay_mine_needs_racks);
  g_test_add_func ("/ui/window/battle/F-STRAT-4/end-says-discarded",
                   test_end_battle_says_discarded);
  g_test_add_func ("/ui/window/battle/other-form-kept", test_battle_other_form_kept);
  g_test_add_func ("/ui/window/battle/resolved-order-stays", test_battle_resolved_order_stays);
  g_test_add_func ("/ui/window/battle/declared-rows-shown", test_battle_declared_rows_shown);
  g_test_add_func ("/ui/window/battle/declarations-readable",
                   test_battle_declarations_readable);
  g_test_add_func ("/ui/window/battle/batteries-counted", test_battle_batteries_counted);
  g_test_add_func ("/ui/window/battle/undo-keeps-next-turn", test_battle_undo_keeps_next_turn);
  g_test_add_func ("/ui/window/battle/boarding", test_battle_boarding);
  g_test_add_func ("/ui/window/battle/units", test_battle_units);
  g_test_add_func ("/ui/window/battle/physical-dice", test_battle_physical_dice);
  g_test_add_func ("/ui/window/battle/broken", test_battle_broken);
  g_test_add_func ("/ui/window/permanent-tabs", test_permanent_tabs);

  return ui_test_finish (g_test_run ());
}
