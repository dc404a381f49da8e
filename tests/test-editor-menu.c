/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editor-menu.c: the scenario editor's menu driven as a master drives it — the menu
 * opened and its items clicked with the X server's pointer, files named in the file chooser
 * with the keyboard. An order of battle imported from a CSV is one step of undo, a refused one
 * lists its lines and changes nothing; one exported is what `admiralty-cli scenario
 * export-oob` writes; the fleet cards printed from an unsaved scenario are those `admiralty-cli
 * report --kind cards` makes of it saved, with its own season (F-GEN-5); Save As writes a file
 * `admiralty-cli validate --all` accepts, Komarr unchanged byte for byte; Start Campaign opens
 * the campaign a new one from the file is; Delete removes each kind of selected element as one
 * step of undo. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "admiralty-editor-fleets.h"
#include "admiralty-editor-map.h"
#include "admiralty-editor-problems.h"
#include "admiralty-editor-sides.h"
#include "admiralty-scenario-editor.h"
#include "admiralty-window.h"
#include "cli-helpers.h"
#include "editor-helpers.h"
#include "pointer-helpers.h"
#include "text-helpers.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

/* A copy of @source in a new temporary folder, named @name. */
static char *
copy_into_folder (const char *source,
                  const char *name,
                  char      **folder)
{
  char *path;

  *folder = g_dir_make_tmp ("admiralty-editor-menu-XXXXXX", NULL);
  path = g_build_filename (*folder, name, NULL);
  copy_file (source, path);
  return path;
}

static void
assert_bytes_equal (GBytes *a,
                    GBytes *b)
{
  gsize la = 0, lb = 0;
  const char *da = g_bytes_get_data (a, &la), *db = g_bytes_get_data (b, &lb);

  g_assert_cmpmem (da, la, db, lb);
}

static gboolean
is_menu_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_widget_is_drawable (widget);
}

/* The editor's main menu opened with a click, and its item @label clicked. */
static void
click_editor_menu_item (AdmiraltyScenarioEditor *editor,
                        const char              *label)
{
  GtkWidget *menu_button = find_widget (GTK_WIDGET (editor), is_menu_button, NULL);

  g_assert_nonnull (menu_button);
  click_menu_button_item (menu_button, label, "editor-menu-open.png");
}

static char *
dialog_text (AdwMessageDialog *dialog)
{
  GtkWidget *extra = adw_message_dialog_get_extra_child (dialog);
  GtkWidget *label = extra != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (extra))
                                   : NULL;

  if (label != NULL && GTK_IS_VIEWPORT (label))
    label = gtk_viewport_get_child (GTK_VIEWPORT (label));
  return g_strconcat (adw_message_dialog_get_body (dialog), "\n",
                      label != NULL ? gtk_label_get_text (GTK_LABEL (label)) : "", NULL);
}

static void
dismiss_dialog (void)
{
  AdwMessageDialog *dialog = message_dialog ();

  g_assert_nonnull (dialog);
  focus_window (GTK_WIDGET (dialog));
  keys_to (GTK_WIDGET (dialog), "Escape");
  iterate_until (message_dialog_gone, NULL, 5000);
}

static guint
count_elements (AdmiraltyScenarioEditor *editor,
                const char              *name)
{
  xmlNode *root = adm_scenario_edit_get_root (admiralty_scenario_editor_get_edit (editor));
  guint count = 0;

  for (xmlNode *node = adm_xml_first_element (root, "formation"); node != NULL;
       node = adm_xml_next_element (node, "formation"))
    {
      if (g_str_equal (name, "formation"))
        count++;
      else
        for (xmlNode *ship = adm_xml_first_element (node, "ship"); ship != NULL;
             ship = adm_xml_next_element (ship, "ship"))
          count++;
    }
  return count;
}

/* F-FORM-1: the generated game's 80 ships in 40 formations read from its CSV into its map
 * through the menu; the Fleets page shows them; one Ctrl+Z takes the whole import back. */
static void
test_import_good (void)
{
  g_autofree char *map = source_path ("tests", "data", "oob", "my-game-map.admiralty", NULL);
  g_autofree char *csv = source_path ("tests", "data", "oob", "my-game.csv", NULL);
  g_autofree char *folder = NULL;
  g_autofree char *path = copy_into_folder (map, "my-game.admiralty", &folder);
  g_autoptr(GBytes) before = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorFleets *fleets;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  before = bytes_now (editor);
  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  wait_frame (GTK_WIDGET (editor));
  click_editor_menu_item (editor, "Import Order of Battle…");
  choose_file (csv);
  root_screenshot ("editor-menu-import-good.png", 0, 0);
  g_assert_cmpuint (count_elements (editor, "ship"), ==, 80);
  g_assert_cmpuint (count_elements (editor, "formation"), ==, 40);
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  wait_frame (GTK_WIDGET (editor));
  g_assert_nonnull (admiralty_editor_fleets_get_formation (fleets));
  g_assert_nonnull (admiralty_editor_fleets_get_ship_entry (fleets, 0));
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);

  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  assert_bytes_equal (before, adm_scenario_edit_get_bytes (admiralty_scenario_editor_get_edit (editor)));
  g_assert_false (adm_scenario_edit_can_undo (admiralty_scenario_editor_get_edit (editor)));
  close_editor (editor);
  remove_tree (folder);
}

/* The same CSV read into the map once it carries its own season (made its own and a class's
 * hull edited): the fleets are the CSV's, the season is byte for byte as it was, and nothing
 * is a problem. */
static void
test_import_season (void)
{
  g_autofree char *map = source_path ("tests", "data", "oob", "my-game-map.admiralty", NULL);
  g_autofree char *csv = source_path ("tests", "data", "oob", "my-game.csv", NULL);
  g_autofree char *folder = NULL;
  g_autofree char *path = copy_into_folder (map, "my-game.admiralty", &folder);
  g_autofree char *season = NULL;
  g_autoptr(AdmScenarioEdit) edit = NULL;
  g_autoptr(GBytes) now = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyScenarioEditor *editor;
  const char *text;
  gsize length;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  edit = adm_scenario_edit_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (adm_scenario_edit_make_season_own (edit, &error));
  g_assert_true (adm_scenario_edit_set_class (edit, "vorpatril", "hull", "15", &error));
  g_assert_true (adm_scenario_edit_save (edit, path, &error));
  g_assert_no_error (error);
  text = g_bytes_get_data (adm_scenario_edit_get_bytes (edit), &length);
  season = g_strdup (strstr (text, "  <season>"));
  g_assert_nonnull (season);

  editor = editor_of (path);
  click_editor_menu_item (editor, "Import Order of Battle…");
  choose_file (csv);
  g_assert_null (message_dialog ());
  g_assert_cmpuint (count_elements (editor, "ship"), ==, 80);
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  now = bytes_now (editor);
  text = g_bytes_get_data (now, &length);
  g_assert_cmpstr (strstr (text, "  <season>"), ==, season);
  g_assert_cmpint (adm_ruleset_lookup_class (adm_scenario_edit_get_ruleset (
                                               admiralty_scenario_editor_get_edit (editor)),
                                             "vorpatril")->hull, ==, 15);
  close_editor (editor);
  remove_tree (folder);
}

/* The titles and subtitles of the rows of the CSV's problems on the Problems page. */
static char *
import_problems_text (AdmiraltyScenarioEditor *editor)
{
  AdmiraltyEditorProblems *page =
    ADMIRALTY_EDITOR_PROBLEMS (admiralty_scenario_editor_get_page (editor, "problems"));
  GString *text = g_string_new (NULL);
  GtkWidget *row;

  for (guint i = 0; (row = admiralty_editor_problems_get_import_row (page, i)) != NULL; i++)
    g_string_append_printf (text, "%s | %s\n",
                            adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                            adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  return g_string_free (text, FALSE);
}

static gboolean
import_problems_gone (gpointer data)
{
  return admiralty_editor_problems_get_n_import_problems (data) == 0;
}

/* A CSV with an unknown class on line 3 and a readiness of 99 on line 5 (F-RDY-1): the
 * Problems page is shown with both, each with its file, line and column, above the scenario's
 * own; no dialog; the scenario is as it was, with nothing to undo. Dismiss takes them off. */
static void
test_import_bad (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autofree char *csv = g_build_filename (folder, "bad.csv", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GBytes) before = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorProblems *page;
  GtkWidget *dismiss;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  g_assert_true (g_file_set_contents (csv,
                                      "admiral,faction,formation,ship,class,readiness,command,"
                                      "sector,hidden\n"
                                      "Adm. Aral Vorkosigan,barrayar,Picket,Kestrel,vorpatril,8,1,"
                                      "pol-jump-point,\n"
                                      "Adm. Aral Vorkosigan,barrayar,Picket,Ariel,ariel-ii,5,2,"
                                      "pol-jump-point,\n"
                                      "ghem-Adm. Ilsum Estif,cetaganda,Jade,Harmony,ghem-lord,10,1,"
                                      "vervain-jump-point,\n"
                                      "ghem-Adm. Ilsum Estif,cetaganda,Jade,Orchid,ghem-lord,99,2,"
                                      "vervain-jump-point,\n", -1, NULL));
  editor = editor_of (path);
  before = bytes_now (editor);
  click_editor_menu_item (editor, "Import Order of Battle…");
  choose_file (csv);
  page = ADMIRALTY_EDITOR_PROBLEMS (admiralty_scenario_editor_get_page (editor, "problems"));
  g_assert_cmpstr (admiralty_scenario_editor_get_visible_page (editor), ==, "problems");
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-menu-import-bad.png", 0, 0);
  g_assert_null (message_dialog ());
  g_assert_cmpuint (admiralty_editor_problems_get_n_import_problems (page), ==, 2);
  text = import_problems_text (editor);
  g_test_message ("%s", text);
  assert_contains (text, "unknown class “ariel-ii”", "the Problems page");
  assert_contains (text, "bad.csv · line 3 · column “class”", "the Problems page");
  assert_contains (text, "readiness “99”", "the Problems page");
  assert_contains (text, "bad.csv · line 5 · column “readiness”", "the Problems page");
  assert_bytes_equal (before, adm_scenario_edit_get_bytes (admiralty_scenario_editor_get_edit (editor)));
  g_assert_false (adm_scenario_edit_can_undo (admiralty_scenario_editor_get_edit (editor)));

  dismiss = find_widget (GTK_WIDGET (page), is_button_labelled, "_Dismiss");
  g_assert_nonnull (dismiss);
  pointer_click_widget (dismiss);
  iterate_until (import_problems_gone, page, 5000);
  close_editor (editor);
  remove_tree (folder);
}

/* New Campaign… then Import Order of Battle… as a new master does first: the new scenario —
 * one sector, no admiral, no formation — takes a spreadsheet naming its sector and a new
 * admiral, and has no problem left. */
static void
test_import_new_campaign (void)
{
  g_autofree char *folder = g_dir_make_tmp ("admiralty-editor-menu-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (folder, "first.csv", NULL);
  AdmiraltyScenarioEditor *editor;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  g_assert_true (g_file_set_contents (csv,
                                      "\xef\xbb\xbf" "admiral;faction;formation;ship;class;"
                                      "readiness;command;sector;hidden\r\n"
                                      "Адм. Первый;barrayar;Дозор;Кестрел;vorpatril;8;1;"
                                      "Home sector;\r\n"
                                      "Адм. Первый;barrayar;Дозор;Сокол;vorpatril;7;2;"
                                      "Home sector;\r\n", -1, NULL));
  editor = editor_shown (admiralty_scenario_editor_new_scenario (GTK_APPLICATION (app)));
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, >, 0);
  click_editor_menu_item (editor, "Import Order of Battle…");
  choose_file (csv);
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-menu-import-new-campaign.png", 0, 0);
  g_assert_null (message_dialog ());
  g_assert_cmpuint (count_elements (editor, "ship"), ==, 2);
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  g_assert_nonnull (adm_scenario_edit_find (admiralty_scenario_editor_get_edit (editor),
                                            "admiral", "adm-pervyi"));
  adm_scenario_edit_set_saved (admiralty_scenario_editor_get_edit (editor),
                               adm_scenario_edit_get_bytes (admiralty_scenario_editor_get_edit (editor)));
  close_editor (editor);
  remove_tree (folder);
}

/* The scenario New Campaign… made and a master gave his map and admirals (no formation yet)
 * reads his spreadsheet: its every mistake at once on the Problems page — the 7th ship of a
 * formation whose 4th row names an unknown class among them — and, corrected, it is read: the
 * CSV's problems leave the page, and the scenario has none. */
static void
test_import_new_campaign_mistakes (void)
{
  g_autofree char *map = source_path ("tests", "data", "oob", "new-campaign.admiralty", NULL);
  g_autofree char *bad = source_path ("tests", "data", "oob", "new-campaign-mistakes.csv", NULL);
  g_autofree char *good = source_path ("tests", "data", "oob", "new-campaign.csv", NULL);
  g_autofree char *folder = NULL;
  g_autofree char *path = copy_into_folder (map, "new-campaign.admiralty", &folder);
  g_autofree char *text = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorProblems *page;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  page = ADMIRALTY_EDITOR_PROBLEMS (admiralty_scenario_editor_get_page (editor, "problems"));
  click_editor_menu_item (editor, "Import Order of Battle…");
  choose_file (bad);
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-menu-import-new-campaign-mistakes.png", 0, 0);
  g_assert_cmpstr (admiralty_scenario_editor_get_visible_page (editor), ==, "problems");
  g_assert_cmpuint (admiralty_editor_problems_get_n_import_problems (page), ==, 22);
  text = import_problems_text (editor);
  assert_contains (text, "unknown class “Vorpatrill”", "the Problems page");
  assert_contains (text, "new-campaign-mistakes.csv · line 29 · column “class”",
                   "the Problems page");
  assert_contains (text, "“Бодрый” is ship 7 of formation “Вторая эскадра эсминцев”",
                   "the Problems page");
  assert_contains (text, "new-campaign-mistakes.csv · line 32 · column “class”",
                   "the Problems page");
  g_assert_cmpuint (count_elements (editor, "ship"), ==, 0);

  click_editor_menu_item (editor, "Import Order of Battle…");
  choose_file (good);
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-menu-import-new-campaign-good.png", 0, 0);
  g_assert_cmpuint (admiralty_editor_problems_get_n_import_problems (page), ==, 0);
  g_assert_cmpuint (count_elements (editor, "formation"), ==, 8);
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  close_editor (editor);
  remove_tree (folder);
}

/* Komarr's order of battle exported from the menu is the CSV `admiralty-cli scenario
 * export-oob` writes of the same file. */
static void
test_export (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  g_autofree char *mine = g_build_filename (folder, "komarr-editor.csv", NULL);
  g_autofree char *cli = g_build_filename (folder, "komarr-cli.csv", NULL);
  g_autoptr(CliResult) result = NULL;
  AdmiraltyScenarioEditor *editor;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  click_editor_menu_item (editor, "Export Order of Battle…");
  choose_file (mine);
  g_assert_true (g_file_test (mine, G_FILE_TEST_IS_REGULAR));
  result = run_cli ("scenario", "export-oob", path, "-o", cli, NULL);
  g_assert_cmpint (result->status, ==, 0);
  assert_same_file (mine, cli);
  close_editor (editor);
  remove_tree (folder);
}

/* F-GEN-5: the fleet cards printed from the editor are those of the scenario as it is on
 * screen — a class's hull edited in its own season and not saved — the very cards
 * `admiralty-cli report --kind cards` makes of it once saved; the blank order-of-battle sheets
 * likewise. */
static void
test_print_cards (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autofree char *saved = g_build_filename (folder, "saved.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmScenarioEdit *edit;
  GtkWidget *dialog;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  g_assert_true (adm_scenario_edit_set_class (edit, "general-vorkraft", "hull", "17", &error));
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (saved, g_bytes_get_data (adm_scenario_edit_get_bytes (edit),
                                                               NULL),
                                      g_bytes_get_size (adm_scenario_edit_get_bytes (edit)),
                                      NULL));

  for (guint k = 0; k < 2; k++)
    {
      const char *item = k == 0 ? "Print Fleet Cards…" : "Print Blank Order-of-Battle Sheets…";
      const char *kind = k == 0 ? "cards" : "oob";
      g_autoptr(CliResult) result = NULL;
      g_autoptr(AdmDoc) doc = NULL;
      g_autofree char *text = NULL;
      g_autofree char *shot = g_strdup_printf ("editor-menu-print-%s.png", kind);

      click_editor_menu_item (editor, item);
      dialog = admiralty_scenario_editor_get_dialog (editor);
      g_assert_true (ADMIRALTY_IS_REPORT_DIALOG (dialog));
      iterate_until (widget_mapped, dialog, 5000);
      wait_frame (dialog);
      root_screenshot (shot, 0, 0);
      g_assert_null (admiralty_report_dialog_get_admiral (ADMIRALTY_REPORT_DIALOG (dialog)));
      doc = admiralty_report_dialog_build (ADMIRALTY_REPORT_DIALOG (dialog), &error);
      g_assert_no_error (error);
      text = adm_doc_to_text (doc);
      result = run_cli ("report", "--kind", kind, "--text", saved, NULL);
      g_assert_cmpint (result->status, ==, 0);
      g_assert_cmpstr (text, ==, result->out);
      if (k == 0)
        assert_contains (text, "Hull: 17/17", "the fleet cards");
      focus_window (dialog);
      keys_to (dialog, "Escape");
      iterate ();
    }
  close_editor (editor);
  remove_tree (folder);
}

/* Komarr saved under a new name from the menu: the same bytes, and `admiralty-cli validate
 * --all` finds no problem in it. */
static void
test_save_as (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  g_autofree char *shipped = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autofree char *target = g_build_filename (folder, "my-komarr.admiralty", NULL);
  g_autoptr(CliResult) result = NULL;
  AdmiraltyScenarioEditor *editor;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  click_editor_menu_item (editor, "Save As…");
  choose_file (target);
  g_assert_cmpstr (admiralty_scenario_editor_get_path (editor), ==, target);
  assert_same_file (target, shipped);
  result = run_cli ("validate", "--all", target, NULL);
  g_assert_cmpint (result->status, ==, 0);
  close_editor (editor);
  remove_tree (folder);
}

static AdmiraltyWindow *
campaign_window (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADMIRALTY_IS_WINDOW (l->data) && admiralty_window_get_campaign (l->data) != NULL)
      return l->data;
  return NULL;
}

static gboolean
campaign_shown (gpointer data)
{
  return campaign_window () != NULL;
}

/* Start Campaign opens, in the main window, the campaign `admiralty-cli` starts from the same
 * file: the same scenario, at cycle 1 with nothing done, and the same fleet cards — every
 * ship where and as it starts. */
static void
test_start_campaign (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autoptr(CliResult) result = NULL;
  g_autoptr(AdmDoc) doc = NULL;
  g_autofree char *cards = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyWindow *window;
  AdmCampaign *campaign;
  GtkWidget *start;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  start = find_widget (GTK_WIDGET (editor), is_button_tooltip,
                       "Save the scenario and start a new campaign from it");
  g_assert_nonnull (start);
  pointer_click_widget (start);
  iterate_until (campaign_shown, NULL, 10000);
  window = campaign_window ();
  g_assert_nonnull (window);
  campaign = admiralty_window_get_campaign (window);
  g_assert_null (adm_campaign_get_path (campaign));
  g_assert_cmpstr (adm_scenario_get_id (adm_campaign_get_scenario (campaign)), ==, "hegen-hub-skirmish");
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                                              adm_campaign_get_state (campaign))), ==, 1);
  g_assert_false (adm_campaign_can_undo (campaign));
  doc = adm_report_build (campaign, ADM_REPORT_CARDS, NULL, 0, NULL, &error);
  g_assert_no_error (error);
  cards = adm_doc_to_text (doc);
  result = run_cli ("report", "--kind", "cards", "--text", path, NULL);
  g_assert_cmpint (result->status, ==, 0);
  g_assert_cmpstr (cards, ==, result->out);
  close_window (window);
  close_editor (editor);
  remove_tree (folder);
}

/* Delete */

static AdmScenarioEdit *
edit_of (AdmiraltyScenarioEditor *editor)
{
  return admiralty_scenario_editor_get_edit (editor);
}

/* @before's text back with Ctrl+Z, the removal again with Shift+Ctrl+Z. */
static void
assert_one_step (AdmiraltyScenarioEditor *editor,
                 GBytes                  *before)
{
  g_autoptr(GBytes) after = bytes_now (editor);

  g_assert_false (g_bytes_equal (before, after));
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  assert_bytes_equal (before, adm_scenario_edit_get_bytes (edit_of (editor)));
  keys_to (GTK_WIDGET (editor), "shift+ctrl+z");
  assert_bytes_equal (after, adm_scenario_edit_get_bytes (edit_of (editor)));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  assert_bytes_equal (before, adm_scenario_edit_get_bytes (edit_of (editor)));
}

/* F-FORM-1: a formation clicked in the list and Delete pressed; a ship's class reached with
 * Tab from its name (past its id) and Delete pressed. */
static void
test_delete_fleets (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autoptr(GBytes) before = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorFleets *fleets;
  GtkWidget *list, *entry;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  wait_frame (GTK_WIDGET (editor));
  list = find_widget (GTK_WIDGET (fleets), is_sidebar, NULL);
  g_assert_nonnull (list);

  before = bytes_now (editor);
  pointer_click_widget (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1)));
  g_assert_nonnull (adm_scenario_edit_find (edit_of (editor), "formation", "hub-picket"));
  keys_to (GTK_WIDGET (editor), "Delete");
  g_assert_null (adm_scenario_edit_find (edit_of (editor), "formation", "hub-picket"));
  g_assert_cmpuint (count_elements (editor, "formation"), ==, 3);
  assert_one_step (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  wait_frame (GTK_WIDGET (editor));
  before = bytes_now (editor);
  pointer_click_widget (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0)));
  entry = admiralty_editor_fleets_get_ship_entry (fleets, 1);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Emperor Dorca");
  pointer_click_widget (entry);
  /* From the name, past the ship's id, to its class. */
  keys_to (GTK_WIDGET (editor), "Tab Tab");
  keys_to (GTK_WIDGET (editor), "Delete");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (
                     admiralty_editor_fleets_get_ship_entry (fleets, 1))), ==, "Count Vorhalas");
  g_assert_cmpuint (count_elements (editor, "ship"), ==, 12);
  assert_one_step (editor, before);
  close_editor (editor);
  remove_tree (folder);
}

static gboolean
is_action_row_titled (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_ACTION_ROW (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

/* An admiral, with Delete Selected from the menu after a click in his row: his formations
 * stay, with no admiral, and the toast says so. A faction no one belongs to goes the same way;
 * one an admiral belongs to is refused, saying who, and nothing changes. */
static void
test_delete_sides (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autoptr(GBytes) before = NULL;
  g_autofree char *text = NULL;
  AdmiraltyScenarioEditor *editor;
  GtkWidget *sides, *row;
  AdwMessageDialog *dialog;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  sides = admiralty_scenario_editor_get_page (editor, "sides");
  admiralty_scenario_editor_set_visible_page (editor, "sides");
  wait_frame (GTK_WIDGET (editor));

  before = bytes_now (editor);
  row = find_widget (sides, is_entry_row_text, "ghem-Adm. Ilsum Estif");
  g_assert_nonnull (row);
  pointer_click_widget (row);
  click_editor_menu_item (editor, "Delete Selected");
  g_assert_null (adm_scenario_edit_find (edit_of (editor), "admiral", "ghem-estif"));
  g_assert_nonnull (adm_scenario_edit_find (edit_of (editor), "formation", "jade-line"));
  root_screenshot ("editor-menu-delete-admiral.png", 0, 0);
  assert_one_step (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  /* Pol has no admiral, formation or station here. */
  wait_frame (GTK_WIDGET (editor));
  before = bytes_now (editor);
  row = find_widget (sides, is_action_row_titled, "Pol Six");
  g_assert_nonnull (row);
  gtk_widget_grab_focus (row);
  keys_to (GTK_WIDGET (editor), "Delete");
  g_assert_nonnull (adm_scenario_edit_get_season (edit_of (editor)));
  g_assert_null (adm_scenario_edit_find_faction (edit_of (editor), "pol"));
  assert_one_step (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  wait_frame (GTK_WIDGET (editor));
  before = bytes_now (editor);
  row = find_widget (sides, is_action_row_titled, "Barrayaran Imperium");
  g_assert_nonnull (row);
  gtk_widget_grab_focus (row);
  keys_to (GTK_WIDGET (editor), "Delete");
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  wait_frame (GTK_WIDGET (dialog));
  root_screenshot ("editor-menu-delete-faction-refused.png", 0, 0);
  text = dialog_text (dialog);
  assert_contains (text, "Adm. Aral Vorkosigan", "the dialog");
  dismiss_dialog ();
  assert_bytes_equal (before, adm_scenario_edit_get_bytes (edit_of (editor)));
  close_editor (editor);
  remove_tree (folder);
}

static gboolean
minefield_row_shown (gpointer data)
{
  return find_widget (GTK_WIDGET (data), is_button_tooltip, "Remove Minefield") != NULL;
}

/* F-STRAT-9: an object of a sector, a link and a minefield, each by Delete Selected with the
 * focus in its row of the side panel. */
static void
test_delete_map (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autoptr(GBytes) before = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorMap *map;
  AdmScenarioEdit *edit;
  xmlNode *sector, *object;
  GtkWidget *row;
  guint objects = 0;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  edit = edit_of (editor);
  map = ADMIRALTY_EDITOR_MAP (admiralty_scenario_editor_get_page (editor, "map"));
  admiralty_scenario_editor_set_visible_page (editor, "map");
  wait_frame (GTK_WIDGET (editor));
  sector = adm_scenario_edit_find (edit, "sector", "hegen-inner-system");
  g_assert_nonnull (sector);
  admiralty_editor_map_select (map, adm_scenario_edit_find_item (edit, sector));
  wait_frame (GTK_WIDGET (editor));

  before = bytes_now (editor);
  object = adm_xml_first_element (sector, "object");
  g_assert_nonnull (object);
  {
    g_autofree char *name = adm_xml_get_string (object, "name");

    row = find_widget (GTK_WIDGET (map), is_entry_row_text, name);
  }
  g_assert_nonnull (row);
  for (xmlNode *node = object; node != NULL; node = adm_xml_next_element (node, "object"))
    objects++;
  pointer_click_widget (row);
  click_editor_menu_item (editor, "Delete Selected");
  sector = adm_scenario_edit_find (edit, "sector", "hegen-inner-system");
  for (xmlNode *node = adm_xml_first_element (sector, "object"); node != NULL;
       node = adm_xml_next_element (node, "object"))
    objects--;
  g_assert_cmpuint (objects, ==, 1);
  assert_one_step (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  wait_frame (GTK_WIDGET (editor));
  sector = adm_scenario_edit_find (edit, "sector", "hegen-inner-system");
  admiralty_editor_map_select (map, adm_scenario_edit_find_item (edit, sector));
  wait_frame (GTK_WIDGET (editor));
  before = bytes_now (editor);
  row = find_widget (GTK_WIDGET (map), is_button_tooltip, "Remove Link");
  g_assert_nonnull (row);
  row = gtk_widget_get_ancestor (row, ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (row);
  gtk_widget_grab_focus (row);
  click_editor_menu_item (editor, "Delete Selected");
  g_assert_nonnull (adm_scenario_edit_find (edit, "sector", "hegen-inner-system"));
  assert_one_step (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  /* F-MINE-10: a minefield laid before the game, by its row. */
  wait_frame (GTK_WIDGET (editor));
  sector = adm_scenario_edit_find (edit, "sector", "hegen-inner-system");
  g_assert_nonnull (adm_scenario_edit_set_minefield (edit, sector, "komarr", 3));
  admiralty_editor_map_select (map, adm_scenario_edit_find_item (edit, sector));
  /* The side panel shows the new minefield's row once the edit is seen. */
  iterate_until (minefield_row_shown, map, 10000);
  iterate ();
  before = bytes_now (editor);
  row = find_widget (GTK_WIDGET (map), is_button_tooltip, "Remove Minefield");
  g_assert_nonnull (row);
  row = gtk_widget_get_ancestor (row, ADW_TYPE_ACTION_ROW);
  g_assert_nonnull (row);
  gtk_widget_grab_focus (row);
  click_editor_menu_item (editor, "Delete Selected");
  sector = adm_scenario_edit_find (edit, "sector", "hegen-inner-system");
  g_assert_null (adm_scenario_edit_find_minefield (edit, sector, "komarr"));
  assert_one_step (editor, before);
  close_editor (editor);
  remove_tree (folder);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "editor-menu");

  g_test_add_func ("/ui/editor-menu/F-FORM-1/import-good", test_import_good);
  g_test_add_func ("/ui/editor-menu/F-RDY-1/import-bad", test_import_bad);
  g_test_add_func ("/ui/editor-menu/import-new-campaign", test_import_new_campaign);
  g_test_add_func ("/ui/editor-menu/F-FORM-8/import-new-campaign-mistakes",
                   test_import_new_campaign_mistakes);
  g_test_add_func ("/ui/editor-menu/import-season", test_import_season);
  g_test_add_func ("/ui/editor-menu/export", test_export);
  g_test_add_func ("/ui/editor-menu/F-GEN-5/print-cards", test_print_cards);
  g_test_add_func ("/ui/editor-menu/save-as", test_save_as);
  g_test_add_func ("/ui/editor-menu/start-campaign", test_start_campaign);
  g_test_add_func ("/ui/editor-menu/F-FORM-1/delete-fleets", test_delete_fleets);
  g_test_add_func ("/ui/editor-menu/delete-sides", test_delete_sides);
  g_test_add_func ("/ui/editor-menu/F-STRAT-9/delete-map", test_delete_map);

  return ui_test_finish (g_test_run ());
}
