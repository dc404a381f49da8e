/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-editor-season.c: the scenario editor's Season page driven as a master drives it —
 * real clicks and keys through the X server. A class's hull typed in makes the installed
 * rules the game's own; the Problems page shows a hull of 0 at once, at the class's line;
 * the saved file carries the season with the new hull, and a campaign started from it plays
 * by it; undone, the file is the shipped one byte for byte. The classes' figures are a table:
 * Tab applies a figure and goes to the next, a cell refuses what is not a figure, and Delete
 * removes the class of the cell focused (refused while ships are of it), undone by Ctrl+Z. */

#include "config.h"

#include <string.h>

#include "admiralty-editor-problems.h"
#include "admiralty-editor-season.h"
#include "admiralty-scenario-editor.h"
#include "editor-helpers.h"
#include "pointer-helpers.h"
#include "adm-campaign-file.h"
#include "adm-scenario-check.h"

static gboolean
saved (gpointer data)
{
  return !adm_scenario_edit_get_modified (data);
}

/* Ctrl+S, and the wait until the editor has written the file. */
static void
save (AdmiraltyScenarioEditor *editor)
{
  AdmScenarioEdit *edit = admiralty_scenario_editor_get_edit (editor);

  keys_to (GTK_WIDGET (editor), "ctrl+s");
  iterate_until (saved, edit, 5000);
  g_assert_false (adm_scenario_edit_get_modified (edit));
}

static void
assert_same_bytes (GBytes     *bytes,
                   const char *path)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &data, &length, NULL));
  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), data, length);
}

/* The frigate's hull in the document, or -1 when the scenario carries no season. */
static int
hull_in_document (AdmiraltyScenarioEditor *editor)
{
  xmlNode *klass = adm_scenario_edit_find_class (admiralty_scenario_editor_get_edit (editor),
                                                 "frigate");
  g_autofree char *hull = klass != NULL ? adm_xml_get_string (klass, "hull") : NULL;

  return hull != NULL ? atoi (hull) : -1;
}

/* The frigate's hull typed into its cell of the Season page's table: a click on the cell,
 * the text selected, the figure and Enter. */
static void
type_hull (AdmiraltyScenarioEditor *editor,
           const char              *figure)
{
  AdmiraltyEditorSeason *season =
    ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  GtkWidget *spin;

  spin = admiralty_editor_season_get_control (season, "frigate", NULL, NULL, NULL, "hull");
  g_assert_nonnull (spin);
  wait_frame (GTK_WIDGET (editor));
  scroll_into_view (spin);
  wait_frame (GTK_WIDGET (editor));
  pointer_click (spin, 12, gtk_widget_get_height (spin) / 2.0);
  type_between_keys (GTK_WIDGET (editor), "ctrl+a", figure, "Return");
  wait_frames ();
}

static void
test_hull (void)
{
  g_autofree char *shipped = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *folder = g_dir_make_tmp ("admiralty-season-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "skirmish.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorSeason *season;
  AdmScenarioEdit *edit;
  GtkWidget *focus, *spin;
  GPtrArray *problems;
  const char *at;
  xmlNode *klass;
  g_autofree char *klass_id = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  copy_file (shipped, path);
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  season = ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  g_assert_cmpstr (admiralty_editor_season_get_banner (season), ==, "Forcon 2010, installed");
  focus_window (GTK_WIDGET (editor));

  /* A hull typed in: the rules become the game's own, in one step. */
  type_hull (editor, "7");
  g_assert_cmpint (hull_in_document (editor), ==, 7);
  g_assert_cmpstr (admiralty_editor_season_get_banner (season), ==,
                   "Forcon 2010, this game’s own season");
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);

  /* A hull of 0 is a problem at once, at the class: told by the class, not by a line of a
   * file that does not hold it yet. */
  type_hull (editor, "0");
  g_assert_cmpint (hull_in_document (editor), ==, 0);
  problems = admiralty_scenario_editor_get_problems (editor);
  g_assert_cmpuint (problems->len, >=, 1);
  g_assert_cmpuint (admiralty_scenario_editor_get_badge (editor), ==, problems->len);
  klass = ((AdmProblem *) problems->pdata[0])->node;
  while (klass != NULL && !adm_xml_is (klass, "class"))
    klass = klass->parent;
  g_assert_nonnull (klass);
  klass_id = adm_xml_get_string (klass, "id");
  g_assert_cmpstr (klass_id, ==, "frigate");
  g_assert_cmpint (((AdmProblem *) problems->pdata[0])->line, ==, 0);

  /* The problem, clicked, shows the class on the Season page, its hull focused. */
  admiralty_scenario_editor_set_visible_page (editor, "problems");
  wait_frame (GTK_WIDGET (editor));
  pointer_click_widget (admiralty_editor_problems_get_row (
    ADMIRALTY_EDITOR_PROBLEMS (admiralty_scenario_editor_get_page (editor, "problems")), 0));
  g_assert_cmpstr (admiralty_scenario_editor_get_visible_page (editor), ==, "season");
  focus = gtk_window_get_focus (GTK_WINDOW (editor));
  spin = admiralty_editor_season_get_control (season, "frigate", NULL, NULL, NULL, "hull");
  g_assert_nonnull (focus);
  g_assert_true (focus == spin || gtk_widget_is_ancestor (focus, spin));

  /* Ctrl+Z: the hull of 7 again, and no problem. */
  admiralty_scenario_editor_set_visible_page (editor, "problems");
  wait_frame (GTK_WIDGET (editor));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  g_assert_cmpint (hull_in_document (editor), ==, 7);
  g_assert_cmpuint (admiralty_scenario_editor_get_problems (editor)->len, ==, 0);

  /* Saved, the file carries the season with the new hull; a campaign plays by it. */
  save (editor);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<season>"));
  at = strstr (text, "<class id=\"frigate\"");
  g_assert_nonnull (at);
  g_assert_nonnull (strstr (at, "hull=\"7\""));
  g_assert_true (strstr (at, "hull=\"7\"") < strstr (at, "</class>"));
  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_ruleset_lookup_class (adm_campaign_get_ruleset (campaign),
                                             "frigate")->hull, ==, 7);

  /* Undone, the scenario is the shipped file again, byte for byte. */
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  g_assert_false (adm_scenario_edit_can_undo (edit));
  g_assert_null (adm_scenario_edit_get_season (edit));
  assert_same_bytes (adm_scenario_edit_get_bytes (edit), shipped);
  save (editor);
  assert_same_file (path, shipped);
  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  g_assert_cmpstr (admiralty_editor_season_get_banner (season), ==, "Forcon 2010, installed");

  close_editor (editor);
  remove_tree (folder);
}

static int
figure_in_document (AdmiraltyScenarioEditor *editor,
                    const char              *klass,
                    const char              *attribute)
{
  xmlNode *node = adm_scenario_edit_find_class (admiralty_scenario_editor_get_edit (editor),
                                                klass);
  g_autofree char *figure = node != NULL ? adm_xml_get_string (node, attribute) : NULL;

  return figure != NULL ? atoi (figure) : -1;
}

static GtkWidget *
focused (AdmiraltyScenarioEditor *editor)
{
  return gtk_window_get_focus (GTK_WINDOW (editor));
}

static gboolean
is_or_in (GtkWidget *focus,
          GtkWidget *control)
{
  return focus != NULL && control != NULL &&
         (focus == control || gtk_widget_is_ancestor (focus, control));
}

static void
test_table (void)
{
  g_autofree char *shipped = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *folder = g_dir_make_tmp ("admiralty-season-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "skirmish.admiralty", NULL);
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorSeason *season;
  AdmScenarioEdit *edit;
  GtkWidget *cell;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  copy_file (shipped, path);
  editor = editor_of (path);
  edit = admiralty_scenario_editor_get_edit (editor);
  season = ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));
  /* The manual's picture: the installed rules, the classes' table before any edit. */
  root_screenshot ("editor-season.png", 1280, 800);

  /* The frigate's hull, then Tab: the figure applied, the speed of the same class next. */
  cell = admiralty_editor_season_get_control (season, "frigate", NULL, NULL, NULL, "hull");
  g_assert_true (GTK_IS_ENTRY (cell));
  scroll_into_view (cell);
  wait_frame (GTK_WIDGET (editor));
  pointer_click (cell, 12, gtk_widget_get_height (cell) / 2.0);
  type_between_keys (GTK_WIDGET (editor), "ctrl+a", "6", "Tab");
  wait_frames ();
  g_assert_cmpint (figure_in_document (editor, "frigate", "hull"), ==, 6);
  g_assert_true (is_or_in (focused (editor),
                           admiralty_editor_season_get_control (season, "frigate", NULL, NULL,
                                                                NULL, "speed")));

  /* What is not a figure is refused: the speed stays, the cell shows it again. */
  type_between_keys (GTK_WIDGET (editor), NULL, "fast", "Return");
  wait_frames ();
  g_assert_cmpint (figure_in_document (editor, "frigate", "speed"),
                   ==, atoi (gtk_editable_get_text (GTK_EDITABLE (
                     admiralty_editor_season_get_control (season, "frigate", NULL, NULL, NULL,
                                                          "speed")))));
  g_assert_cmpint (figure_in_document (editor, "frigate", "speed"), >, 0);

  /* Delete on a class ships are of: refused, the class stays. */
  pointer_click_widget (admiralty_editor_season_get_control (season, "frigate", NULL, NULL,
                                                             NULL, "show"));
  wait_frames ();
  keys_to (GTK_WIDGET (editor), "Delete");
  wait_frames ();
  g_assert_nonnull (adm_scenario_edit_find_class (edit, "frigate"));

  /* A class's name, clicked, opens its row; Delete there removes a class no ship is of (the
   * Ariel); Ctrl+Z brings it back. */
  cell = admiralty_editor_season_get_control (season, "ariel", NULL, NULL, NULL, "show");
  g_assert_true (GTK_IS_BUTTON (cell));
  pointer_click_widget (cell);
  wait_frames ();
  keys_to (GTK_WIDGET (editor), "Delete");
  wait_frames ();
  g_assert_null (adm_scenario_edit_find_class (edit, "ariel"));
  g_assert_null (admiralty_editor_season_get_control (season, "ariel", NULL, NULL, NULL,
                                                      "armour"));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  wait_frames ();
  g_assert_nonnull (adm_scenario_edit_find_class (edit, "ariel"));
  g_assert_nonnull (admiralty_editor_season_get_control (season, "ariel", NULL, NULL, NULL,
                                                         "armour"));
  g_assert_cmpint (figure_in_document (editor, "frigate", "hull"), ==, 6);

  close_editor (editor);
  remove_tree (folder);
}

/* The row of ruling @id on the Season page, and how far down the page it is. */
static double
ruling_row_at (AdmiraltyEditorSeason *season,
               const char            *id)
{
  GtkWidget *row = admiralty_editor_season_get_control (season, NULL, NULL, NULL, id, "value");
  graphene_rect_t bounds;

  g_assert_nonnull (row);
  g_assert_true (gtk_widget_compute_bounds (row, GTK_WIDGET (season), &bounds));
  return bounds.origin.y;
}

/* F-FORM-8: the rulings are in the order of their clauses, as the rules number them —
 * F-FORM-8 before F-FORM-18 and F-FORM-19 (which letters alone put first), every row at or
 * below the one of the clause before it. */
static void
test_rulings_order (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("skirmish.admiralty", &folder);
  AdmiraltyScenarioEditor *editor = editor_of (path);
  AdmiraltyEditorSeason *season =
    ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  AdmRuleset *ruleset = adm_scenario_edit_get_ruleset (admiralty_scenario_editor_get_edit (editor));
  GPtrArray *all = adm_ruleset_get_rulings (ruleset);

  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  g_assert_cmpfloat (ruling_row_at (season, "formation-composition"), <,
                     ruling_row_at (season, "formation-target"));
  g_assert_cmpfloat (ruling_row_at (season, "formation-target"), <,
                     ruling_row_at (season, "formation-hits"));
  g_assert_cmpfloat (ruling_row_at (season, "artillery-shift-past-edge"), <,
                     ruling_row_at (season, "formation-composition"));
  g_assert_cmpfloat (ruling_row_at (season, "formation-hits"), <,
                     ruling_row_at (season, "muster-default"));
  /* Every pair: the row of the later clause is below. */
  for (guint i = 0; i < all->len; i++)
    for (guint k = 0; k < all->len; k++)
      {
        const AdmRuling *a = all->pdata[i], *b = all->pdata[k];

        if (adm_clause_compare (a->clause, b->clause) < 0)
          {
            g_test_message ("%s (%s) above %s (%s)", a->id, a->clause, b->id, b->clause);
            g_assert_cmpfloat (ruling_row_at (season, a->id), <, ruling_row_at (season, b->id));
          }
      }
  scroll_into_view (admiralty_editor_season_get_control (season, NULL, NULL, NULL,
                                                         "formation-composition", "value"));
  wait_frame (GTK_WIDGET (editor));
  save_screenshot (GTK_WIDGET (editor), "editor-season-rulings.png");
  close_editor (editor);
  remove_tree (folder);
}

static char *
faction_symbol_in_document (AdmiraltyScenarioEditor *editor,
                            const char              *faction)
{
  xmlNode *season = adm_scenario_edit_get_season (admiralty_scenario_editor_get_edit (editor));
  xmlNode *classes = season != NULL ? adm_xml_first_element (season, "classes") : NULL;

  for (xmlNode *node = classes != NULL ? adm_xml_first_element (classes, "faction") : NULL;
       node != NULL; node = adm_xml_next_element (node, "faction"))
    {
      g_autofree char *id = adm_xml_get_string (node, "id");

      if (g_strcmp0 (id, faction) == 0)
        return adm_xml_get_string (node, "symbol");
    }
  return NULL;
}

/* The one advice on the Problems page, or NULL. */
static const char *
advice (AdmiraltyScenarioEditor *editor)
{
  GPtrArray *problems = admiralty_scenario_editor_get_problems (editor);

  g_assert_cmpuint (problems->len, <=, 1);
  if (problems->len == 0)
    return NULL;
  g_assert_true (((AdmProblem *) problems->pdata[0])->advice);
  return ((AdmProblem *) problems->pdata[0])->message;
}

/* A faction's symbol chosen on the Season page with the pointer and keys: two opposing
 * factions in colours alike to a deuteranope and now the same symbol get the Problems page's
 * advice saying so at once; another symbol takes that back; Ctrl+Z and Shift+Ctrl+Z undo and
 * redo the choice, the control and the advice following; saved, the file names the symbol. */
static void
test_symbol (void)
{
  g_autofree char *shipped = source_path ("scenarios", "skirmish.admiralty", NULL);
  g_autofree char *folder = g_dir_make_tmp ("admiralty-season-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "alike.admiralty", NULL);
  g_autoptr(AdmScenarioEdit) alike = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autofree char *symbol = NULL;
  g_autofree char *text = NULL;
  AdmiraltyScenarioEditor *editor;
  AdmiraltyEditorSeason *season;
  GtkWidget *choice;

  if (!pointer_available ())
    {
      g_test_skip ("needs an X11 display and xdotool");
      remove_tree (folder);
      return;
    }
  /* The scenario as a master left it: Cetaganda in a green that a deuteranope sees as
   * Barrayar's red. */
  alike = adm_scenario_edit_open (shipped, &error);
  g_assert_no_error (error);
  g_assert_true (adm_scenario_edit_set_faction (alike, "barrayar", "colour", "#8b1e1e", NULL));
  g_assert_true (adm_scenario_edit_set_faction (alike, "cetaganda", "colour", "#2e7d32", NULL));
  g_assert_true (adm_scenario_edit_save (alike, path, &error));
  g_assert_no_error (error);

  editor = editor_of (path);
  season = ADMIRALTY_EDITOR_SEASON (admiralty_scenario_editor_get_page (editor, "season"));
  admiralty_scenario_editor_set_visible_page (editor, "season");
  wait_frame (GTK_WIDGET (editor));
  focus_window (GTK_WIDGET (editor));
  g_assert_nonnull (advice (editor));
  g_assert_null (strstr (advice (editor), "drawn as"));

  /* Each faction's choice shows its symbol: Cetaganda's circle. */
  choice = admiralty_editor_season_get_control (season, NULL, NULL, "cetaganda", NULL, "symbol");
  g_assert_nonnull (choice);
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (choice)), ==,
                    ADM_FACTION_SYMBOL_CIRCLE);

  /* Barrayar's star chosen for Cetaganda too: nothing tells them apart, and the advice says
   * so at once. */
  before = bytes_now (editor);
  scroll_into_view (choice);
  wait_frame (GTK_WIDGET (editor));
  choose_named (editor, choice, "Star");
  wait_frames ();
  symbol = faction_symbol_in_document (editor, "cetaganda");
  g_assert_cmpstr (symbol, ==, "star");
  g_assert_nonnull (advice (editor));
  g_assert_nonnull (strstr (advice (editor), "both are drawn as “Star”"));
  save_screenshot (GTK_WIDGET (editor), "editor-season-symbol");

  /* Undone and redone with the keys: the document, the control and the advice follow. */
  assert_undo_redo (editor, before);
  wait_frames ();
  choice = admiralty_editor_season_get_control (season, NULL, NULL, "cetaganda", NULL, "symbol");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (choice)), ==,
                    ADM_FACTION_SYMBOL_STAR);
  g_assert_nonnull (strstr (advice (editor), "both are drawn as"));
  keys_to (GTK_WIDGET (editor), "ctrl+z");
  wait_frames ();
  choice = admiralty_editor_season_get_control (season, NULL, NULL, "cetaganda", NULL, "symbol");
  g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (choice)), ==,
                    ADM_FACTION_SYMBOL_CIRCLE);
  g_assert_null (strstr (advice (editor), "drawn as"));

  /* A symbol of its own: the advice is about the colours alone again; saved, the file
   * names it. */
  scroll_into_view (choice);
  wait_frame (GTK_WIDGET (editor));
  choose_named (editor, choice, "Hexagon");
  wait_frames ();
  g_clear_pointer (&symbol, g_free);
  symbol = faction_symbol_in_document (editor, "cetaganda");
  g_assert_cmpstr (symbol, ==, "hexagon");
  g_assert_null (strstr (advice (editor), "drawn as"));
  keys_to (GTK_WIDGET (editor), "ctrl+s");
  iterate_until (saved, admiralty_scenario_editor_get_edit (editor), 5000);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "symbol=\"hexagon\""));

  close_editor (editor);
  remove_tree (folder);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "editor-season");

  g_test_add_func ("/ui/editor-season/hull", test_hull);
  g_test_add_func ("/ui/editor-season/table", test_table);
  g_test_add_func ("/ui/editor-season/F-FORM-8/rulings-order", test_rulings_order);
  g_test_add_func ("/ui/editor-season/symbol", test_symbol);

  return ui_test_finish (g_test_run ());
}
