/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scenario-editor.c: the scenario editor driven as a master drives it — real clicks,
 * drags and keys through the X server. Komarr opened and saved unchanged is the same file, as
 * it is after a ship added and removed; a small scenario built on the map, the Sides and the
 * Fleets pages saves and loads; Ctrl+Z and Shift+Ctrl+Z undo and redo each kind of edit; the
 * Problems page shows a seventh ship in a formation (F-FORM-8) as it is added, and takes the
 * master to it. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-editor-fleets.h"
#include "admiralty-editor-map.h"
#include "admiralty-editor-problems.h"
#include "admiralty-editor-season.h"
#include "admiralty-editor-sides.h"
#include "admiralty-scenario-editor.h"
#include "editor-helpers.h"
#include "pointer-helpers.h"
#include "adm-scenario-check.h"

/* Komarr, opened and saved with Ctrl+S unchanged, is the same file. */
static void
test_komarr_unchanged (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  g_autofree char *shipped = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  AdmiraltyScenarioEditor *editor;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  g_assert_cmpstr (admiralty_scenario_editor_get_path (editor), ==, path);
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  g_remove (path);
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+s");
  assert_same_file (path, shipped);
  close_editor (editor);
  remove_tree (folder);
}

/* F-FORM-8: a ship added with "Add Ship" and removed with its row's button leaves Komarr the
 * same file. */
static void
test_add_remove_ship (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  g_autofree char *shipped = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorFleets *fleets;
  GtkWidget *entry, *row;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  click_formation (editor, "first-destroyer-flotilla");
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  entry = admiralty_editor_fleets_get_ship_entry (fleets, 5);
  g_assert_nonnull (entry);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "New Ship");
  g_assert_true (adm_scenario_edit_get_modified (admiralty_scenario_editor_get_edit (editor)));
  row = gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX_ROW);
  pointer_click_widget (find_widget (row, is_button_icon, "user-trash-symbolic"));
  g_assert_null (admiralty_editor_fleets_get_ship_entry (fleets, 5));
  g_assert_false (adm_scenario_edit_get_modified (admiralty_scenario_editor_get_edit (editor)));
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+s");
  assert_same_file (path, shipped);
  close_editor (editor);
  remove_tree (folder);
}

/* The ship card's height less its rows': its border and frame, a few pixels, when it shows them
 * all. */
static int
card_blank (GtkWidget *entry)
{
  GtkWidget *card = gtk_widget_get_ancestor (entry, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *list = gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX);

  g_assert_nonnull (card);
  g_assert_nonnull (list);
  return gtk_widget_get_height (card) - gtk_widget_get_height (list);
}

/* The ship card is as tall as its rows: no blank space under a formation of one ship, and one
 * row taller after "Add Ship". */
static void
test_ship_card_fits (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorFleets *fleets;
  GtkWidget *entry, *card;
  int one;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  click_formation (editor, "aslund-minelayer");
  entry = admiralty_editor_fleets_get_ship_entry (fleets, 0);
  g_assert_nonnull (entry);
  g_assert_null (admiralty_editor_fleets_get_ship_entry (fleets, 1));
  wait_frame (GTK_WIDGET (editor));
  card = gtk_widget_get_ancestor (entry, GTK_TYPE_SCROLLED_WINDOW);
  one = gtk_widget_get_height (card);
  g_assert_cmpint (card_blank (entry), <=, 4);
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  g_assert_nonnull (admiralty_editor_fleets_get_ship_entry (fleets, 1));
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-ship-card-two.png", 0, 0);
  g_assert_cmpint (card_blank (entry), <=, 4);
  g_assert_cmpint (gtk_widget_get_height (card), >=,
                   one + gtk_widget_get_height (gtk_widget_get_ancestor (entry,
                                                                         GTK_TYPE_LIST_BOX_ROW)));
  close_editor (editor);
  remove_tree (folder);
}

static gboolean
is_class_picker (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "class-picker") &&
         gtk_widget_is_drawable (widget);
}

static guint
count_pools (AdmiraltyScenarioEditor *editor)
{
  xmlNode *root = adm_scenario_edit_get_root (admiralty_scenario_editor_get_edit (editor));
  guint count = 0;

  for (xmlNode *pool = adm_xml_first_element (root, "pool"); pool != NULL;
       pool = adm_xml_next_element (pool, "pool"))
    count++;
  return count;
}

/* F-GEN-5, F-GEN-6: komarr-muster's pools edited on the Fleets page with the pointer and the
 * keys — a pool shown with its ships and no flagship or succession, a ship added and named,
 * the pool removed, a new pool added for the admiral left without one and given a ship of a
 * class picked from the list; the scenario saved loads, and Ctrl+Z takes every edit back to
 * the file as it was, Shift+Ctrl+Z one again. */
static void
test_pools (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-muster.admiralty", &folder);
  g_autoptr(GBytes) before = NULL, now = NULL;
  g_autoptr(AdmScenario) saved = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *admiral = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorFleets *fleets;
  AdmScenarioEdit *edit;
  GtkWidget *list, *entry, *row;
  xmlNode *pool, *ship;
  guint undos = 0;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  before = bytes_now (editor);
  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  wait_frame (GTK_WIDGET (editor));
  list = find_widget (GTK_WIDGET (fleets), is_sidebar, NULL);
  g_assert_nonnull (list);
  pointer_click_widget (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0)));
  pool = formation_shown (fleets);
  g_assert_nonnull (pool);
  g_assert_cmpstr ((const char *) pool->name, ==, "pool");
  admiral = adm_xml_get_string (pool, "admiral");
  g_assert_cmpstr (admiral, ==, "vorkosigan");
  g_assert_nonnull (admiralty_editor_fleets_get_ship_entry (fleets, 9));
  g_assert_null (admiralty_editor_fleets_get_ship_entry (fleets, 10));
  entry = admiralty_editor_fleets_get_ship_entry (fleets, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "Prince Serg");
  row = gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX_ROW);
  g_assert_null (find_widget (row, is_of_type, GSIZE_TO_POINTER (GTK_TYPE_CHECK_BUTTON)));
  g_assert_nonnull (find_widget (GTK_WIDGET (fleets), is_row_titled, "Admiral"));
  g_assert_null (find_widget (GTK_WIDGET (fleets), is_row_titled, "Hidden"));

  /* A ship added to the pool and named with the keys. */
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  entry = admiralty_editor_fleets_get_ship_entry (fleets, 10);
  g_assert_nonnull (entry);
  g_assert_true (gtk_widget_has_focus (entry) || gtk_widget_is_ancestor (
                   gtk_root_get_focus (GTK_ROOT (editor)), entry));
  type_between_keys (GTK_WIDGET (editor), NULL, "Nightingale", "Tab");
  ship = adm_scenario_edit_find (edit, "ship", "nightingale");
  g_assert_nonnull (ship);
  g_assert_true (ship->parent == pool);
  g_assert_null (xmlHasProp (pool, (const xmlChar *) "flagship"));
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-pool.png", 0, 0);

  /* The pool removed, and one added for the admiral left without one. */
  pointer_click_widget (find_widget (GTK_WIDGET (fleets), is_button_tooltip, "Remove Pool"));
  g_assert_cmpuint (count_pools (editor), ==, 10);
  g_assert_null (adm_scenario_edit_find (edit, "ship", "nightingale"));
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Pool"));
  g_assert_cmpuint (count_pools (editor), ==, 11);
  pool = formation_shown (fleets);
  g_free (admiral);
  admiral = adm_xml_get_string (pool, "admiral");
  g_assert_cmpstr (admiral, ==, "vorkosigan");
  /* A pool of no ships yet is a problem until it has one. */
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, >, 0);
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  entry = admiralty_editor_fleets_get_ship_entry (fleets, 0);
  g_assert_nonnull (entry);
  row = gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX_ROW);
  choose_named (editor, find_widget (row, is_class_picker, NULL), "Vorpatril");
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-pool-added.png", 0, 0);

  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+s");
  saved = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_scenario_get_pools (saved)->len, ==, 11);
  g_assert_cmpuint (adm_scenario_get_formations (saved)->len, ==, 0);

  while (adm_scenario_edit_can_undo (edit) && undos++ < 20)
    keys_to (GTK_WIDGET (editor), "ctrl+z");
  now = bytes_now (editor);
  g_assert_true (g_bytes_equal (before, now));
  keys_to (GTK_WIDGET (editor), "shift+ctrl+z");
  g_assert_true (adm_scenario_edit_can_undo (edit));
  close_editor (editor);
  remove_tree (folder);
}

/* The centre of sector @id's card on the editor's map, in the map's pixels. */
static void
sector_point (AdmiraltyEditorMap *page,
              const char         *id,
              double             *x,
              double             *y)
{
  AdmiraltySectorMap *map = admiralty_editor_map_get_map (page);
  AdmScenario *scenario = admiralty_sector_map_get_scenario (map);
  AdmSector *sector = adm_scenario_lookup_sector (scenario, id);

  g_assert_nonnull (sector);
  admiralty_sector_view_to_pixels (admiralty_sector_map_get_view (map), sector->x, sector->y,
                                   x, y);
  /* Below the name, on the card's plain middle. */
  *y += 20;
}

/* A small scenario built with the pointer and keyboard: two sectors clicked onto the map and
 * named, linked by a drag, an admiral, a formation of three ships typed in. It saves, loads
 * and has no problem; each kind of edit undoes and redoes. */
static void
test_build_small (void)
{
  g_autofree char *folder = g_dir_make_tmp ("admiralty-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "tau-verde.admiralty", NULL);
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorMap *map_page;
  AdmiraltySectorMap *map;
  AdmiraltyEditorFleets *fleets;
  AdmScenarioEdit *edit;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(AdmScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) problems = NULL;
  xmlNode *formation;
  double ax, ay, bx, by;
  int width, height;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_shown (admiralty_scenario_editor_new_scenario (GTK_APPLICATION (app)));
  edit = admiralty_scenario_editor_get_edit (editor);
  map_page = ADMIRALTY_EDITOR_MAP (admiralty_scenario_editor_get_page (editor, "map"));
  map = admiralty_editor_map_get_map (map_page);
  admiralty_scenario_editor_set_visible_page (editor, "map");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));
  width = gtk_widget_get_width (GTK_WIDGET (map));
  height = gtk_widget_get_height (GTK_WIDGET (map));

  /* Two sectors, each named as it is made: the name is selected in the side panel. */
  before = bytes_now (editor);
  pointer_click (GTK_WIDGET (map), width * 0.2, height * 0.2);
  g_assert_nonnull (adm_scenario_edit_find (edit, "sector", "new-sector"));
  type_between_keys (GTK_WIDGET (editor), NULL, "Tau Verde gate", "Return");
  g_assert_nonnull (adm_scenario_edit_find (edit, "sector", "tau-verde-gate"));
  pointer_click (GTK_WIDGET (map), width * 0.8, height * 0.2);
  type_between_keys (GTK_WIDGET (editor), NULL, "Tau Verde IV", "Return");
  g_assert_nonnull (adm_scenario_edit_find (edit, "sector", "tau-verde-iv"));
  g_clear_pointer (&before, g_bytes_unref);

  /* A drag from one card onto the other links them; a drag to empty space moves one. */
  before = bytes_now (editor);
  sector_point (map_page, "tau-verde-gate", &ax, &ay);
  sector_point (map_page, "tau-verde-iv", &bx, &by);
  pointer_drag (GTK_WIDGET (map), ax, ay, bx, by);
  g_assert_nonnull (adm_scenario_edit_find_link (edit, "tau-verde-gate", "tau-verde-iv"));
  assert_undo_redo (editor, before);
  g_clear_pointer (&before, g_bytes_unref);
  before = bytes_now (editor);
  sector_point (map_page, "home-sector", &ax, &ay);
  pointer_drag (GTK_WIDGET (map), ax, ay, width * 0.5, height * 0.75);
  assert_undo_redo (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  /* The home sector, selected, goes with Delete (undone, it comes back; redone, it goes). */
  before = bytes_now (editor);
  sector_point (map_page, "home-sector", &ax, &ay);
  pointer_click (GTK_WIDGET (map), ax, ay);
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (map), ==, "home-sector");
  keys_to (GTK_WIDGET (editor), "Delete");
  g_assert_null (adm_scenario_edit_find (edit, "sector", "home-sector"));
  assert_undo_redo (editor, before);
  g_clear_pointer (&before, g_bytes_unref);

  /* An admiral on the Sides page. */
  admiralty_scenario_editor_set_visible_page (editor, "sides");
  wait_frame (GTK_WIDGET (editor));
  before = bytes_now (editor);
  pointer_click_widget (button (admiralty_scenario_editor_get_page (editor, "sides"),
                                "_Add Admiral"));
  type_between_keys (GTK_WIDGET (editor), NULL, "Adm. Aral Vorkosigan", "Return");
  g_assert_nonnull (adm_scenario_edit_find (edit, "admiral", "adm-aral-vorkosigan"));
  g_clear_pointer (&before, g_bytes_unref);

  /* A formation of three ships, typed: Enter in the last name adds the next ship. */
  admiralty_scenario_editor_set_visible_page (editor, "fleets");
  wait_frame (GTK_WIDGET (editor));
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Formation"));
  type_between_keys (GTK_WIDGET (editor), NULL, "First Squadron", "Return");
  formation = formation_shown (fleets);
  g_assert_nonnull (formation);
  g_assert_nonnull (adm_scenario_edit_find (edit, "formation", "first-squadron"));
  before = bytes_now (editor);
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  assert_undo_redo (editor, before);
  g_clear_pointer (&before, g_bytes_unref);
  pointer_click_widget (admiralty_editor_fleets_get_ship_entry (fleets, 0));
  type_between_keys (GTK_WIDGET (editor), "ctrl+a", "Prince Serg", "Return");
  type_between_keys (GTK_WIDGET (editor), NULL, "Emperor Dorca", "Return");
  type_between_keys (GTK_WIDGET (editor), NULL, "Count Vorhalas", "Tab");
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "prince-serg"));
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "emperor-dorca"));
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "count-vorhalas"));

  /* Ctrl+D in a ship's row duplicates the ship; undone, it goes. */
  before = bytes_now (editor);
  pointer_click_widget (admiralty_editor_fleets_get_ship_entry (fleets, 2));
  keys_to (GTK_WIDGET (editor), "ctrl+d");
  g_assert_nonnull (adm_scenario_edit_find (edit, "ship", "count-vorhalas-2"));
  assert_undo_redo (editor, before);
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  g_clear_pointer (&before, g_bytes_unref);

  /* The formation's admiral and starting sector, as the master picks them. */
  formation = formation_shown (fleets);
  before = bytes_now (editor);
  adm_scenario_edit_set (edit, formation, "admiral", "adm-aral-vorkosigan");
  assert_undo_redo (editor, before);
  g_clear_pointer (&before, g_bytes_unref);
  formation = formation_shown (fleets);
  adm_scenario_edit_set (edit, formation, "sector", "tau-verde-iv");

  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  g_assert_true (gtk_widget_is_sensitive (button (GTK_WIDGET (editor), "Start _Campaign")));
  g_assert_true (admiralty_scenario_editor_save_as (editor, path));
  g_assert_false (adm_scenario_edit_get_modified (edit));

  scenario = adm_scenario_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_scenario_get_sectors (scenario)->len, ==, 2);
  g_assert_cmpuint (adm_scenario_get_ships (scenario)->len, ==, 3);
  g_assert_cmpstr (adm_scenario_lookup_formation (scenario, "first-squadron")->admiral->id, ==,
                   "adm-aral-vorkosigan");
  g_assert_cmpstr (adm_scenario_lookup_formation (scenario, "first-squadron")->flagship->id, ==,
                   "prince-serg");
  close_editor (editor);
  remove_tree (folder);
}

/* F-FORM-8: a seventh ship in a formation is a problem on the Problems page at once, its
 * count on the page's badge and Start Campaign disabled; a click on it shows the formation. */
static void
test_seventh_ship (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorFleets *fleets;
  AdmiraltyEditorProblems *problems;
  GtkWidget *start;
  xmlNode *formation;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  problems = ADMIRALTY_EDITOR_PROBLEMS (admiralty_scenario_editor_get_page (editor,
                                                                           "problems"));
  start = button (GTK_WIDGET (editor), "Start _Campaign");
  formation = click_formation (editor, "first-squadron-home-fleet");
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  g_assert_cmpuint (admiralty_scenario_editor_get_badge (editor), ==, 0);
  g_assert_true (gtk_widget_is_sensitive (start));

  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 1);
  g_assert_cmpuint (admiralty_scenario_editor_get_badge (editor), ==, 1);
  g_assert_false (gtk_widget_is_sensitive (start));
  g_assert_cmpstr (((AdmProblem *) admiralty_scenario_editor_get_problems (editor)->pdata[0])
                   ->clause, ==, "F-FORM-8");
  g_assert_nonnull (admiralty_editor_problems_get_row (problems, 0));

  /* The problem, clicked, shows its formation on the Fleets page. */
  admiralty_scenario_editor_set_visible_page (editor, "sides");
  admiralty_scenario_editor_set_visible_page (editor, "problems");
  wait_frame (GTK_WIDGET (editor));
  root_screenshot ("editor-problems.png", 1280, 800);
  pointer_click_widget (admiralty_editor_problems_get_row (problems, 0));
  g_assert_cmpstr (admiralty_scenario_editor_get_visible_page (editor), ==, "fleets");
  g_assert_true (formation_shown (fleets) == formation);

  /* Undone, the problem is gone. */
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);
  g_assert_true (gtk_widget_is_sensitive (start));
  close_editor (editor);
  remove_tree (folder);
}

/* An edit not saved survives the editor: its draft is offered back by the next editor of the
 * same scenario, and restored it is the document as it was, one undo from the file. */
static void
test_draft_offered_back (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  AdmiraltyScenarioEditor *editor = editor_of (path);
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);
  g_autoptr(GBytes) edited = NULL;
  g_autofree char *draft = g_strdup (admiralty_scenario_editor_get_draft_path (editor));
  AdwMessageDialog *dialog;

  adm_scenario_edit_add_sector (edit, "Tau Verde", 500, 200);
  edited = bytes_now (editor);
  g_assert_true (g_file_test (draft, G_FILE_TEST_EXISTS));
  close_editor (editor);
  g_assert_true (g_file_test (draft, G_FILE_TEST_EXISTS));

  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  g_assert_false (g_bytes_equal (edited, adm_scenario_edit_get_bytes (edit)));
  admiralty_scenario_editor_offer_draft (editor);
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "restore");
  /* A response given by code leaves the dialog up (a button closes it). */
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_true (g_bytes_equal (edited, adm_scenario_edit_get_bytes (edit)));
  g_assert_true (adm_scenario_edit_get_modified (edit));
  g_assert_true (adm_scenario_edit_undo (edit));
  g_assert_false (adm_scenario_edit_get_modified (edit));
  close_editor (editor);
  g_remove (draft);
  remove_tree (folder);
}

/* The alliance @name chosen for the faction titled @faction on the Sides page, as a person
 * chooses it: a click opens its list, the arrow keys go to it, Return takes it. The page's
 * rows are made anew by the edit: the faction's is found again, showing @name. */
static void
choose_alliance (AdmiraltyScenarioEditor *editor,
                 const char              *faction,
                 const char              *name)
{
  GtkWidget *sides = admiralty_scenario_editor_get_page (editor, "sides");
  GtkWidget *row = find_widget (sides, is_row_titled, faction);
  GListModel *model;
  guint from, to = GTK_INVALID_LIST_POSITION;
  g_autoptr(GtkStringObject) chosen = NULL;

  g_assert_true (ADW_IS_COMBO_ROW (row));
  model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
  from = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), name) == 0)
        to = i;
    }
  g_assert_cmpuint (to, !=, GTK_INVALID_LIST_POSITION);
  scroll_into_view (row);
  wait_frame (GTK_WIDGET (editor));
  pointer_click_widget (row);
  iterate_until (popover_open, row, 5000);
  g_assert_true (popover_open (row));
  keys_repeated_to (GTK_WIDGET (editor), "Down", to > from ? to - from : 0, "Return");
  wait_frames ();
  row = find_widget (sides, is_row_titled, faction);
  g_assert_true (ADW_IS_COMBO_ROW (row));
  /* The focus stays on the faction's row. */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (editor)) == row);
}

/* An alliance begun on the Sides page with New Alliance for one faction is a named alliance
 * of that faction alone, no problem; its name typed into its row under the factions is the
 * file's, its id following, and the factions' lists call it so. */
static void
test_alliance_named (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  AdmiraltyScenarioEditor *editor;
  AdmScenarioEdit *edit;
  GtkWidget *sides, *faction, *name;
  g_autoptr(GPtrArray) problems = NULL;
  g_autoptr(GPtrArray) members = NULL;
  g_autoptr(GtkStringObject) chosen = NULL;
  xmlNode *alliance;
  g_autofree char *alliance_name = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  admiralty_scenario_editor_set_visible_page (editor, "sides");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));
  sides = admiralty_scenario_editor_get_page (editor, "sides");
  choose_alliance (editor, "Cetagandan Empire", "New Alliance");

  /* One faction: an alliance all the same, and no problem. */
  alliance = adm_scenario_edit_find (edit, "alliance", "alliance-of-cetagandan-empire");
  g_assert_nonnull (alliance);
  members = adm_scenario_edit_children (alliance, "member");
  g_assert_cmpuint (members->len, ==, 1);
  problems = adm_scenario_edit_check (edit);
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", ((AdmProblem *) problems->pdata[i])->message);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (admiralty_scenario_editor_get_badge (editor), ==, 0);

  /* Its name, typed in its row. */
  name = find_widget (sides, is_entry_row_text, "Alliance of Cetagandan Empire");
  g_assert_true (ADW_IS_ENTRY_ROW (name));
  type_into (editor, name, "Jade Pact");
  wait_frames ();
  alliance = adm_scenario_edit_find (edit, "alliance", "jade-pact");
  g_assert_nonnull (alliance);
  alliance_name = adm_xml_get_string (alliance, "name");
  g_assert_cmpstr (alliance_name, ==, "Jade Pact");
  faction = find_widget (sides, is_row_titled, "Cetagandan Empire");
  chosen = g_list_model_get_item (adw_combo_row_get_model (ADW_COMBO_ROW (faction)),
                                  adw_combo_row_get_selected (ADW_COMBO_ROW (faction)));
  g_assert_cmpstr (gtk_string_object_get_string (chosen), ==, "Jade Pact");
  g_clear_pointer (&problems, g_ptr_array_unref);
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, ==, 0);
  /* The focus stays in the name's row, for a correction. */
  g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (editor)),
                                         find_widget (sides, is_entry_row_text, "Jade Pact")));
  root_screenshot ("editor-alliance-named.png", 1280, 800);

  /* Vervain joins it by its name. */
  choose_alliance (editor, "Vervain", "Jade Pact");
  g_clear_pointer (&members, g_ptr_array_unref);
  members = adm_scenario_edit_children (adm_scenario_edit_find (edit, "alliance", "jade-pact"),
                                        "member");
  g_assert_cmpuint (members->len, ==, 2);
  close_editor (editor);
  remove_tree (folder);
}

static gboolean
is_or_in (GtkWidget *focus,
          GtkWidget *control)
{
  return focus != NULL && control != NULL &&
         (focus == control || gtk_widget_is_ancestor (focus, control));
}

/* @name typed into the Name field of class @klass on the Season page, its row opened from
 * the class's name in the table: a click, the text selected, the name and Enter. The page
 * is made anew after (the class's id may follow its name). */
static void
type_class_name (AdmiraltyScenarioEditor *editor,
                 const char              *klass,
                 const char              *name)
{
  AdmiraltyEditorSeason *season =
    ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  GtkWidget *field;

  pointer_click_widget (admiralty_editor_season_get_control (season, klass, NULL, NULL, NULL,
                                                             "show"));
  wait_frames ();
  field = admiralty_editor_season_get_control (season, klass, NULL, NULL, NULL, "name");
  g_assert_nonnull (field);
  scroll_into_view (field);
  wait_frame (GTK_WIDGET (editor));
  pointer_click (field, 12, gtk_widget_get_height (field) / 2.0);
  type_between_keys (GTK_WIDGET (editor), "ctrl+a", name, "Return");
  wait_frames ();
}

/* A class renamed on the Season page before play begins: its new name on that page (its
 * line of the figures table, its row's title) and on the Fleets page (the class of each of
 * its ships, the class list), its id following the name with its ships', the Name field still
 * the focus. Once a campaign of the scenario has recorded its first entry (its first file in
 * the campaigns folder), a new name leaves the id as the players know it. */
static void
test_class_renamed (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autofree char *campaigns = NULL;
  g_autofree char *begun = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorSeason *season;
  AdmScenarioEdit *edit;
  GtkWidget *show, *name, *fleets;
  g_autoptr(GPtrArray) problems = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  season = ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));

  /* The frigate's name in the table opens its row; its Name typed anew. */
  type_class_name (editor, "frigate", "Light Frigate");
  g_assert_null (adm_scenario_edit_find_class (edit, "frigate"));
  g_assert_nonnull (adm_scenario_edit_find_class (edit, "light-frigate"));
  problems = adm_scenario_edit_check (edit);
  g_assert_cmpuint (problems->len, ==, 0);

  /* The Season page: the table's line and the row's title, the Name field still focused. */
  show = admiralty_editor_season_get_control (season, "light-frigate", NULL, NULL, NULL, "show");
  g_assert_nonnull (show);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (show)))),
                   ==, "Light Frigate");
  g_assert_nonnull (find_widget (GTK_WIDGET (season), is_row_titled, "Light Frigate"));
  name = admiralty_editor_season_get_control (season, "light-frigate", NULL, NULL, NULL, "name");
  g_assert_true (is_or_in (gtk_window_get_focus (GTK_WINDOW (editor)), name));
  root_screenshot ("editor-class-renamed.png", 1280, 800);

  /* The Fleets page: the Autumn Screen's frigates are Light Frigates. */
  click_formation (editor, "autumn-screen");
  fleets = admiralty_scenario_editor_get_page (editor, "fleets");
  g_assert_nonnull (find_widget (fleets, is_drawn_label_text, "Light Frigate"));
  g_assert_null (find_widget (fleets, is_drawn_label_text, "Frigate"));
  root_screenshot ("editor-class-renamed-fleets.png", 1280, 800);
  close_editor (editor);

  /* Play begun: a campaign of the scenario has its first file. The name changes, the id
   * stays. */
  campaigns = g_build_filename (g_get_user_data_dir (), "admiralty", "campaigns", NULL);
  g_assert_cmpint (g_mkdir_with_parents (campaigns, 0700), ==, 0);
  begun = g_build_filename (campaigns, "hegen-hub-skirmish-20261127-120000.admiralty", NULL);
  g_assert_true (g_file_set_contents (begun, "", 0, NULL));
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  g_assert_true (adm_scenario_edit_get_ids_fixed (edit));
  season = ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));
  type_class_name (editor, "frigate", "Light Frigate");
  g_assert_nonnull (adm_scenario_edit_find_class (edit, "frigate"));
  g_assert_null (adm_scenario_edit_find_class (edit, "light-frigate"));
  show = admiralty_editor_season_get_control (season, "frigate", NULL, NULL, NULL, "show");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (show)))),
                   ==, "Light Frigate");
  close_editor (editor);
  g_assert_cmpint (g_remove (begun), ==, 0);
  remove_tree (folder);
}

/* The scenario renamed on the Sides page: the window's title says the new name at once, and
 * its id, made from the name, follows it into the Id field. */
static void
test_scenario_renamed (void)
{
  AdmiraltyScenarioEditor *editor;
  AdmScenarioEdit *edit;
  GtkWidget *sides, *name, *id;
  g_autofree char *root_id = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      return;
    }
  editor = editor_shown (admiralty_scenario_editor_new_scenario (GTK_APPLICATION (app)));
  edit = admiralty_scenario_editor_get_edit (editor);
  admiralty_scenario_editor_set_visible_page (editor, "sides");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));
  sides = admiralty_scenario_editor_get_page (editor, "sides");
  name = find_widget (sides, is_entry_row_text, "New Campaign");
  g_assert_nonnull (name);
  type_into (editor, name, "Tau Verde Raid");
  wait_frames ();
  root_id = adm_xml_get_string (adm_scenario_edit_get_root (edit), "id");
  g_assert_cmpstr (root_id, ==, "tau-verde-raid");
  id = find_widget (sides, is_entry_row_text, "tau-verde-raid");
  g_assert_nonnull (id);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (editor)), ==,
                   "• Tau Verde Raid — Scenario Editor");
  root_screenshot ("editor-scenario-renamed.png", 1280, 800);
  close_editor (editor);
}

/* The window's close button, in its header bar's controls. */
static GtkWidget *
close_button (AdmiraltyScenarioEditor *editor)
{
  g_autoptr(GPtrArray) controls = find_widgets (GTK_WIDGET (editor), is_of_type,
                                                GSIZE_TO_POINTER (GTK_TYPE_WINDOW_CONTROLS));

  for (guint i = 0; i < controls->len; i++)
    {
      GtkWidget *close = find_widget (controls->pdata[i], is_styled, "close");

      if (close != NULL && GTK_IS_BUTTON (close))
        return close;
    }
  g_assert_not_reached ();
}

/* Whether a message dialog is shown or the editor @data (a GWeakRef) is gone: what a click on
 * its close button comes to, a condition for iterate_until (). */
static gboolean
asked_or_closed (gpointer data)
{
  g_autoptr(GObject) left = g_weak_ref_get (data);

  return message_dialog () != NULL || left == NULL;
}

/* @editor's close button clicked: whether it asked "Save Changes?" (then answered Cancel, the
 * editor left open), else the editor is gone. */
static gboolean
close_asks (AdmiraltyScenarioEditor *editor)
{
  GWeakRef ref;
  AdwMessageDialog *dialog;
  g_autoptr(AdmiraltyScenarioEditor) left = NULL;

  g_weak_ref_init (&ref, editor);
  wait_frame (GTK_WIDGET (editor));
  pointer_click_widget (close_button (editor));
  iterate_until (asked_or_closed, &ref, 5000);
  dialog = message_dialog ();
  left = g_weak_ref_get (&ref);
  g_weak_ref_clear (&ref);
  if (dialog == NULL)
    {
      g_assert_null (left);
      return FALSE;
    }
  g_assert_nonnull (left);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Changes?");
  wait_frame (GTK_WIDGET (dialog));
  pointer_click_widget (button (GTK_WIDGET (dialog), "_Cancel"));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_null (message_dialog ());
  return TRUE;
}

/* Each page shown in turn, as a master looks the scenario over. */
static void
visit_pages (AdmiraltyScenarioEditor *editor)
{
  static const char *const pages[] = { "sides", "map", "fleets", "season", "problems",
                                       "sides" };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      admiralty_scenario_editor_set_visible_page (editor, pages[i]);
      wait_frame (GTK_WIDGET (editor));
    }
}

/* An editor closed untouched asks nothing and leaves no draft: a new scenario (New
 * Campaign…), a saved one (Edit Scenario…) and a bundled one, each with every page looked at.
 * Its title says it unchanged. */
static void
test_untouched_closes (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  g_autofree char *bundled = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  AdmiraltyScenarioEditor *editors[3];

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editors[0] = editor_shown (admiralty_scenario_editor_new_scenario (GTK_APPLICATION (app)));
  editors[1] = editor_of (path);
  editors[2] = editor_of (bundled);
  for (guint i = 0; i < G_N_ELEMENTS (editors); i++)
    {
      AdmiraltyScenarioEditor *editor = editors[i];
      g_autofree char *draft = g_strdup (admiralty_scenario_editor_get_draft_path (editor));

      g_remove (draft);
      gtk_window_present (GTK_WINDOW (editor));
      focus_window (GTK_WIDGET (editor));
      visit_pages (editor);
      g_assert_false (adm_scenario_edit_get_modified (admiralty_scenario_editor_get_edit (editor)));
      g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (editor)), "•"));
      if (i == 0)
        root_screenshot ("editor-new-untouched.png", 1280, 800);
      g_assert_false (close_asks (editor));
      g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));
    }
  remove_tree (folder);
}

/* A change asks before the editor closes, undone it does not, redone it asks again: a ship
 * added to a Komarr formation with the Fleets page's button, Ctrl+Z and Shift+Ctrl+Z. */
static void
test_change_asks (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorFleets *fleets;
  g_autofree char *draft = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_of (path);
  draft = g_strdup (admiralty_scenario_editor_get_draft_path (editor));
  fleets = ADMIRALTY_EDITOR_FLEETS (admiralty_scenario_editor_get_page (editor, "fleets"));
  click_formation (editor, "first-destroyer-flotilla");
  pointer_click_widget (button (GTK_WIDGET (fleets), "Add _Ship"));
  g_assert_nonnull (admiralty_editor_fleets_get_ship_entry (fleets, 5));
  g_assert_true (close_asks (editor));
  g_assert_true (g_file_test (draft, G_FILE_TEST_EXISTS));
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  wait_frames ();
  g_assert_false (adm_scenario_edit_get_modified (admiralty_scenario_editor_get_edit (editor)));
  g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));
  keys_to (GTK_WIDGET (editor), "ctrl+shift+z");
  wait_frames ();
  g_assert_true (close_asks (editor));
  focus_window (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  wait_frames ();
  g_assert_false (close_asks (editor));
  g_assert_false (g_file_test (draft, G_FILE_TEST_EXISTS));
  remove_tree (folder);
}

/* Whether the Problems page's row @index names a line. */
static gboolean
row_names_line (AdmiraltyScenarioEditor *editor,
                guint                    index)
{
  AdmiraltyEditorProblems *problems =
    ADMIRALTY_EDITOR_PROBLEMS (admiralty_scenario_editor_get_page (editor, "problems"));
  GtkWidget *row = admiralty_editor_problems_get_row (problems, index);

  g_assert_nonnull (row);
  return strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "line ") != NULL;
}

/* The index of the editor's problem at @node, which must be there. */
static guint
problem_at (AdmiraltyScenarioEditor *editor,
            xmlNode                 *node)
{
  GPtrArray *problems = admiralty_scenario_editor_get_problems (editor);

  for (guint i = 0; i < problems->len; i++)
    if (((AdmProblem *) problems->pdata[i])->node == node)
      return i;
  g_assert_not_reached ();
}

/* A new scenario's problem names its sector, not a line of a file there is not; saved, it
 * names the file's line too; changed since, the sector alone again. A click on it shows the
 * sector on the Map page. */
static void
test_problem_named (void)
{
  g_autofree char *folder = g_dir_make_tmp ("admiralty-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "tau-verde.admiralty", NULL);
  AdmiraltyScenarioEditor *editor;
  AdmScenarioEdit *edit;
  AdmiraltyEditorProblems *problems;
  GtkWidget *row;
  xmlNode *home;
  AdmScenarioItem *map;
  guint at;
  g_autofree char *subtitle = NULL;
  g_autofree char *draft = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  editor = editor_shown (admiralty_scenario_editor_new_scenario (GTK_APPLICATION (app)));
  edit = admiralty_scenario_editor_get_edit (editor);
  problems = ADMIRALTY_EDITOR_PROBLEMS (admiralty_scenario_editor_get_page (editor, "problems"));
  home = adm_scenario_edit_find (edit, "sector", "home-sector");
  /* A place that is no number, as a hand-edited draft may have. */
  adm_scenario_edit_set (edit, home, "x", "far");
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, >, 0);
  admiralty_scenario_editor_set_visible_page (editor, "problems");
  wait_frame (GTK_WIDGET (editor));
  at = problem_at (editor, home);
  row = admiralty_editor_problems_get_row (problems, at);
  subtitle = g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  g_test_message ("new: %s", subtitle);
  g_assert_nonnull (strstr (subtitle, "sector “Home sector”"));
  for (guint i = 0; i < admiralty_scenario_editor_get_problems (editor)->len; i++)
    g_assert_false (row_names_line (editor, i));
  root_screenshot ("editor-problem-new.png", 1280, 800);

  g_assert_true (admiralty_scenario_editor_save_as (editor, path));
  wait_frame (GTK_WIDGET (editor));
  g_test_message ("saved: %s", adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  g_assert_true (row_names_line (editor, problem_at (editor, home)));

  adm_scenario_edit_add_sector (edit, "Tau Verde gate", 200, 0);
  draft = g_strdup (admiralty_scenario_editor_get_draft_path (editor));
  wait_frame (GTK_WIDGET (editor));
  for (guint i = 0; i < admiralty_scenario_editor_get_problems (editor)->len; i++)
    g_assert_false (row_names_line (editor, i));

  pointer_click_widget (admiralty_editor_problems_get_row (problems, problem_at (editor, home)));
  g_assert_cmpstr (admiralty_scenario_editor_get_visible_page (editor), ==, "map");

  /* A map with no sector left: its problem is at the map as a whole, and a click on it shows
   * the Map page, not the Sides page of the scenario it is in. */
  adm_scenario_edit_remove (edit, home);
  adm_scenario_edit_remove (edit, adm_scenario_edit_find (edit, "sector", "tau-verde-gate"));
  g_assert_cmpuint (g_list_model_get_n_items (adm_scenario_edit_get_sectors (edit)), ==, 0);
  map = ADM_SCENARIO_ITEM (adm_scenario_edit_get_map_item (edit));
  g_assert_true (adm_scenario_item_get_attached (map));
  admiralty_scenario_editor_set_visible_page (editor, "problems");
  wait_frame (GTK_WIDGET (editor));
  at = problem_at (editor, adm_scenario_item_get_element (map));
  g_assert_true (adm_scenario_edit_find_item (
                   edit, ((AdmProblem *) admiralty_scenario_editor_get_problems (editor)->pdata[at])
                           ->node) == map);
  /* Clicked a quarter of the way along, not at the middle where the first click was: two
   * presses on the list at one point within GTK's double-click time and distance are a
   * double click, which does not activate a row (a hand going back to the Problems page
   * takes longer than that). */
  row = admiralty_editor_problems_get_row (problems, at);
  g_assert_true (gtk_widget_get_mapped (row));
  scroll_into_view (row);
  pointer_click (row, gtk_widget_get_width (row) / 4.0, gtk_widget_get_height (row) / 2.0);
  g_assert_cmpstr (admiralty_scenario_editor_get_visible_page (editor), ==, "map");
  close_editor (editor);
  g_remove (draft);
  remove_tree (folder);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "scenario-editor");

  g_test_add_func ("/ui/scenario-editor/komarr-unchanged", test_komarr_unchanged);
  g_test_add_func ("/ui/scenario-editor/F-FORM-8/add-remove-ship", test_add_remove_ship);
  g_test_add_func ("/ui/scenario-editor/F-FORM-8/ship-card-fits", test_ship_card_fits);
  g_test_add_func ("/ui/scenario-editor/F-GEN-5/F-GEN-6/pools", test_pools);
  g_test_add_func ("/ui/scenario-editor/F-STRAT-8/build-small", test_build_small);
  g_test_add_func ("/ui/scenario-editor/F-FORM-8/seventh-ship", test_seventh_ship);
  g_test_add_func ("/ui/scenario-editor/draft-offered-back", test_draft_offered_back);
  g_test_add_func ("/ui/scenario-editor/F-STRAT-4/alliance-named", test_alliance_named);
  g_test_add_func ("/ui/scenario-editor/class-renamed", test_class_renamed);
  g_test_add_func ("/ui/scenario-editor/scenario-renamed", test_scenario_renamed);
  g_test_add_func ("/ui/scenario-editor/untouched-closes", test_untouched_closes);
  g_test_add_func ("/ui/scenario-editor/change-asks", test_change_asks);
  g_test_add_func ("/ui/scenario-editor/problem-named", test_problem_named);

  return ui_test_finish (g_test_run ());
}
