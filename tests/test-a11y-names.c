/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-a11y-names.c: every control a screen reader reaches reads its name. Each page of the
 * window is shown in turn — the welcome page, the Campaign, Sector Map and Orders tabs, an
 * admiral's order sheet, the luck ledger with its totals and every roll, a battle with its
 * Orders pane in the movement and fire phases, each page of the scenario editor — and its
 * widget tree walked: every shown button, toggle, switch, drop-down, text field and slider
 * has the name GTK 4.8 gives a screen reader worked out from GTK's test accessibility context
 * (its accessible label, the labels of what it is labelled by, else its class name), and the
 * test fails on a name that is none, a class name ("GtkImage", "GtkDropDown"), a mnemonic
 * read out ("_Open") or the same words twice ("Open Open"). */

#include "config.h"

#include <string.h>

#include "admiralty-campaign-orders.h"
#include "admiralty-sheet-form.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-scenario-editor-private.h"
#include "admiralty-luck-window.h"
#include "admiralty-window-private.h"
#include "admiralty-tooltip.h"
#include "editor-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"

/* The roles of controls a screen reader lets the master act on. */
static gboolean
is_control_role (GtkAccessibleRole role)
{
  switch (role)
    {
    case GTK_ACCESSIBLE_ROLE_BUTTON:
    case GTK_ACCESSIBLE_ROLE_CHECKBOX:
    case GTK_ACCESSIBLE_ROLE_COMBO_BOX:
    case GTK_ACCESSIBLE_ROLE_RADIO:
    case GTK_ACCESSIBLE_ROLE_SEARCH_BOX:
    case GTK_ACCESSIBLE_ROLE_SLIDER:
    case GTK_ACCESSIBLE_ROLE_SPIN_BUTTON:
    case GTK_ACCESSIBLE_ROLE_SWITCH:
    case GTK_ACCESSIBLE_ROLE_TAB:
    case GTK_ACCESSIBLE_ROLE_TEXT_BOX:
      return TRUE;
    default:
      return FALSE;
    }
}

/* The accessible label @accessible was given, or NULL. GTK's test context answers whether the
 * label is a given one, and if not, what it is. */
static char *
label_of (GtkAccessible *accessible)
{
  char *label;

  if (!gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    return NULL;
  label = gtk_test_accessible_check_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, "");
  return label != NULL ? label : g_strdup ("");
}

/* The widget under @root that @widget's labelled-by relation names alone, or NULL. */
static GtkWidget *
labelled_by_in (GtkWidget *widget,
                GtkWidget *root)
{
  g_autofree char *message = gtk_test_accessible_check_relation (
    GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY, root, NULL);

  if (message == NULL)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = labelled_by_in (widget, child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The roles GTK reads no class name for (its generic containers). */
static gboolean
is_structural (GtkAccessibleRole role)
{
  return role == GTK_ACCESSIBLE_ROLE_FORM || role == GTK_ACCESSIBLE_ROLE_GROUP ||
         role == GTK_ACCESSIBLE_ROLE_GENERIC || role == GTK_ACCESSIBLE_ROLE_LANDMARK ||
         role == GTK_ACCESSIBLE_ROLE_LIST_ITEM || role == GTK_ACCESSIBLE_ROLE_REGION ||
         role == GTK_ACCESSIBLE_ROLE_SEARCH || role == GTK_ACCESSIBLE_ROLE_SEPARATOR;
}

static gboolean
is_hidden (GtkAccessible *accessible)
{
  g_autofree char *message = gtk_test_accessible_check_state (accessible,
                                                              GTK_ACCESSIBLE_STATE_HIDDEN, TRUE);

  return message == NULL;
}

/* The name of @widget as GTK 4.8 gives it to a screen reader (gtk_at_context_get_name (), WAI-ARIA
 * § 4.3 as far as GTK goes): its accessible label, then the label of each widget it is labelled
 * by (or, when nothing came before, that widget's class name), and with neither its own class
 * name — "GtkImage", "GtkDropDown". @window holds the widgets a relation may name; a relation
 * naming several at once is read as "(several)". */
static char *
accessible_name (GtkWidget *widget,
                 GtkWidget *window)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  char *label = label_of (GTK_ACCESSIBLE (widget));

  if (label != NULL)
    g_ptr_array_add (names, label);
  if (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget),
                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    {
      GtkWidget *by = labelled_by_in (widget, widget);

      if (by == NULL)
        by = labelled_by_in (widget, window);
      if (by == NULL)
        g_ptr_array_add (names, g_strdup ("(several)"));
      else if ((label = label_of (GTK_ACCESSIBLE (by))) != NULL)
        g_ptr_array_add (names, label);
      else if (names->len == 0 && !is_hidden (GTK_ACCESSIBLE (by)) &&
               !is_structural (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (by))))
        g_ptr_array_add (names, g_strdup (G_OBJECT_TYPE_NAME (by)));
    }
  if (names->len == 0 && !is_hidden (GTK_ACCESSIBLE (widget)) &&
      !is_structural (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget))))
    g_ptr_array_add (names, g_strdup (G_OBJECT_TYPE_NAME (widget)));
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* What is wrong with @name for a control a screen reader reads, or NULL: none at all, a class
 * name ("GtkImage"), a mnemonic read out ("_Open"), or the same words twice ("Open Open"). */
static const char *
name_problem (const char *name)
{
  g_auto(GStrv) words = g_strsplit (name, " ", -1);
  g_autofree char *stripped = g_strstrip (g_strdup (name));
  guint n = g_strv_length (words);

  if (stripped[0] == '\0')
    return "no name";
  for (guint i = 0; i < n; i++)
    if (g_type_from_name (words[i]) != 0 &&
        (g_str_has_prefix (words[i], "Gtk") || g_str_has_prefix (words[i], "Adw") ||
         g_str_has_prefix (words[i], "Admiralty")))
      return "a class name";
  for (const char *p = strchr (name, '_'); p != NULL; p = strchr (p + 1, '_'))
    if (g_unichar_isalnum (g_utf8_get_char (p + 1)))
      return "a mnemonic read out";
  if (n % 2 == 0 && n > 0)
    {
      gboolean same = TRUE;

      for (guint i = 0; i < n / 2; i++)
        same &= g_strcmp0 (words[i], words[i + n / 2]) == 0;
      if (same)
        return "the same words twice";
    }
  return NULL;
}

/* "GtkButton (tooltip “Add the sector to the route”) in AdwActionRow “Next sector”" */
static char *
describe (GtkWidget *widget)
{
  GString *out = g_string_new (G_OBJECT_TYPE_NAME (widget));
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (tooltip != NULL)
    g_string_append_printf (out, " (tooltip “%s”)", tooltip);
  g_string_append (out, " in");
  {
    GtkWidget *up = gtk_widget_get_parent (widget);

    for (guint i = 0; i < 3 && up != NULL; i++, up = gtk_widget_get_parent (up))
      g_string_append_printf (out, " %s", G_OBJECT_TYPE_NAME (up));
  }
  for (GtkWidget *up = gtk_widget_get_parent (widget); up != NULL; up = gtk_widget_get_parent (up))
    if (ADW_IS_PREFERENCES_ROW (up))
      {
        g_string_append_printf (out, " in row “%s”",
                                adw_preferences_row_get_title (ADW_PREFERENCES_ROW (up)));
        break;
      }
  return g_string_free (out, FALSE);
}

/* Every shown control under @widget whose name a screen reader cannot use, one a line, into
 * @out. */
static void
walk (GtkWidget *widget,
      GtkWidget *window,
      GString   *out,
      guint     *n_controls)
{
  if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget))
    return;
  /* GTK's own minimize, maximize and close buttons: GTK 4.8 leaves them unnamed, and they are
   * rebuilt whenever the desktop's layout changes, out of the app's reach. */
  if (GTK_IS_WINDOW_CONTROLS (widget))
    return;
  if (is_control_role (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget))) &&
      gtk_widget_is_drawable (widget))
    {
      g_autofree char *name = accessible_name (widget, window);
      const char *problem = name_problem (name);

      (*n_controls)++;
      if (problem != NULL)
        {
          g_autofree char *what = describe (widget);

          g_string_append_printf (out, "  %s reads “%s”: %s\n", what, name, problem);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk (child, window, out, n_controls);
}

/* Every control of @root, shown as the master sees it, reads a name and its role: no class
 * name, no mnemonic, no words twice. */
static void
assert_all_named (GtkWidget  *root,
                  const char *page)
{
  g_autoptr(GString) unnamed = g_string_new (NULL);
  guint n_controls = 0;

  wait_frame (root);
  walk (root, root, unnamed, &n_controls);
  g_test_message ("%s: %u controls", page, n_controls);
  g_assert_cmpuint (n_controls, >, 0);
  if (unnamed->len > 0)
    {
      g_test_message ("%s: controls a screen reader cannot name:\n%s", page, unnamed->str);
      g_test_fail ();
    }
}

static void
test_campaign_pages (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-a11y-XXXXXX", &error);
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltySheetForm *form;
  AdmiraltyLuckWindow *luck;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (campaign, path, 1280, 800);

  assert_all_named (GTK_WIDGET (window), "Campaign tab");
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  wait_frames ();
  assert_all_named (GTK_WIDGET (window), "Sector Map tab");
  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  wait_frames ();
  assert_all_named (GTK_WIDGET (window), "Orders tab");

  form = admiralty_campaign_orders_open_sheet (_admiralty_window_get_campaign_orders (window),
                                               "vorkosigan");
  g_assert_nonnull (form);
  iterate_until (widget_mapped, form, 5000);
  assert_all_named (GTK_WIDGET (form), "order sheet");
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();

  /* The luck ledger, its Totals and Every Roll. */
  luck = _admiralty_window_open_luck (window);
  g_assert_nonnull (luck);
  iterate_until (widget_mapped, luck, 5000);
  assert_all_named (GTK_WIDGET (luck), "luck ledger");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (luck), "luck.rows", "s", "every-roll"));
  assert_all_named (GTK_WIDGET (luck), "luck ledger, every roll");
  gtk_window_destroy (GTK_WINDOW (luck));
  iterate ();

  close_window (window);
  remove_tree (dir);
}

static void
test_welcome (void)
{
  AdmiraltyWindow *window = shown_window_new (1280, 800);

  assert_all_named (GTK_WIDGET (window), "welcome page");
  close_window (window);
}

/* The phase resolved by the action of the header's button, and the page drawn after. */
static void
resolve_phase (AdmiraltyWindow     *window,
               AdmiraltyBattlePage *page)
{
  Resolving resolve = resolving (window, page);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL));
  wait_resolved (&resolve, 3000);
  g_assert_true (resolve_answered (&resolve));
}

static void
test_battle (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdmiraltyWindow *window = shown_window_new (1280, 800);
  AdmiraltyBattlePage *page;
  AdmBattle *battle;

  g_assert_true (admiralty_window_open_file (window, file));
  wait_frames ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  assert_all_named (GTK_WIDGET (window), "battle");

  /* The Orders pane in the movement phase, a ship selected: its course, its order and its
   * ram; then the fire phase's. */
  battle = admiralty_battle_page_get_battle (page);
  resolve_phase (window, page);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page), 0);
  wait_frames ();
  assert_all_named (GTK_WIDGET (window), "battle, movement, a ship selected");
  resolve_phase (window, page);
  admiralty_table_widget_set_selected_ship (_admiralty_battle_page_get_table (page), 0);
  wait_frames ();
  assert_all_named (GTK_WIDGET (window), "battle, fire, a ship selected");
  close_window (window);
  remove_battle_copy (path);
}

/* The widgets under @widget whose accessible role is a tab, into @tabs. */
static void
collect_tabs (GtkWidget *widget,
              GPtrArray *tabs)
{
  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_TAB)
    g_ptr_array_add (tabs, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_tabs (child, tabs);
}

/* The tab of the tab bar whose accessible name is @title, or NULL. */
static GtkWidget *
tab_named (AdmiraltyWindow *window,
           const char      *title)
{
  g_autoptr(GPtrArray) tabs = g_ptr_array_new ();

  collect_tabs (GTK_WIDGET (window->tab_bar), tabs);
  for (guint i = 0; i < tabs->len; i++)
    {
      g_autofree char *message = gtk_test_accessible_check_property (
        g_ptr_array_index (tabs, i), GTK_ACCESSIBLE_PROPERTY_LABEL, title);

      if (message == NULL)
        return g_ptr_array_index (tabs, i);
    }
  return NULL;
}

/* The pinned Campaign, Sector Map and Orders tabs show only their icons: a screen reader hears
 * each as a tab with its name, and which one is selected. */
static void
test_pinned_tabs (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);
  g_autofree char *dir = g_dir_make_tmp ("admiralty-a11y-XXXXXX", &error);
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  GtkWidget *map;

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (campaign, path, 1280, 800);
  g_assert_nonnull (tab_named (window, "Campaign"));
  g_assert_nonnull (tab_named (window, "Orders"));
  map = tab_named (window, "Sector Map");
  g_assert_nonnull (map);
  {
    g_autofree char *message = gtk_test_accessible_check_state (
      GTK_ACCESSIBLE (map), GTK_ACCESSIBLE_STATE_SELECTED, FALSE);

    g_assert_null (message);
  }
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  wait_frames ();
  {
    g_autofree char *message = gtk_test_accessible_check_state (
      GTK_ACCESSIBLE (map), GTK_ACCESSIBLE_STATE_SELECTED, TRUE);

    g_assert_null (message);
  }
  close_window (window);
  remove_tree (dir);
}

/* The scenario editor, each of its pages. */
static void
test_editor (void)
{
  g_autofree char *folder = NULL;
  g_autofree char *path = scenario_copy ("komarr-campaign.admiralty", &folder);
  AdmiraltyScenarioEditor *editor = editor_of (path);
  static const char * const pages[] = { "sides", "map", "fleets", "season", "problems" };

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    {
      g_autofree char *what = g_strdup_printf ("editor, %s", pages[i]);

      adw_view_stack_set_visible_child_name (editor->stack, pages[i]);
      wait_frames ();
      assert_all_named (GTK_WIDGET (editor), what);
    }
  close_editor (editor);
  remove_tree (folder);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 guint      *count)
{
  (*count)++;
}

/* A tooltip set to what it says already is left alone (GTK 4.8 asks the display where the
 * pointer is at every set on a shown widget): only a new text, or none, is set. */
static void
test_tooltip_set_once (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *button = gtk_button_new_with_label ("Fire");
  guint count = 0;

  gtk_window_set_child (GTK_WINDOW (window), button);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (button, "notify::tooltip-text", G_CALLBACK (count_notify_cb), &count);
  admiralty_tooltip_set (button, "Out of range");
  admiralty_tooltip_set (button, "Out of range");
  g_assert_cmpuint (count, ==, 1);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Out of range");
  admiralty_tooltip_set (button, "Out of arc");
  g_assert_cmpuint (count, ==, 2);
  admiralty_tooltip_set (button, NULL);
  admiralty_tooltip_set (button, NULL);
  g_assert_cmpuint (count, ==, 3);
  g_assert_null (gtk_widget_get_tooltip_text (button));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "a11y-names");
  /* The names are kept by GTK's test context: the UI tests' "none" keeps nothing. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  g_test_add_func ("/ui/a11y-names/welcome", test_welcome);
  g_test_add_func ("/ui/a11y-names/campaign-pages", test_campaign_pages);
  g_test_add_func ("/ui/a11y-names/pinned-tabs", test_pinned_tabs);
  g_test_add_func ("/ui/a11y-names/battle", test_battle);
  g_test_add_func ("/ui/a11y-names/editor", test_editor);
  g_test_add_func ("/ui/a11y-names/tooltip-set-once", test_tooltip_set_once);
  return ui_test_finish (g_test_run ());
}
