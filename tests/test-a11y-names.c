/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-a11y-names.c: every control a screen reader reaches has a name. Each page of the window
 * is shown in turn — the welcome page, the Campaign, Sector Map and Orders tabs, an admiral's
 * order sheet, a battle — and its widget tree walked: every shown button, toggle, switch,
 * drop-down, text field and slider is named by an accessible label, by the widget that labels
 * it, or by the words it shows. The names are read from GTK's test accessibility context. */

#include "config.h"

#include <string.h>

#include "admiralty-campaign-orders.h"
#include "admiralty-sheet-form.h"
#include "admiralty-window-private.h"
#include "ui-helpers.h"

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

/* Words a screen reader reads as the control's name from what it holds: a label's text. */
static gboolean
holds_text (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
      gtk_label_get_text (GTK_LABEL (widget))[0] != '\0')
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (holds_text (child))
      return TRUE;
  return FALSE;
}

static gboolean
has_name (GtkWidget *widget)
{
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  if (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL) ||
      gtk_test_accessible_has_relation (GTK_ACCESSIBLE (widget),
                                        GTK_ACCESSIBLE_RELATION_LABELLED_BY))
    return TRUE;
  /* A button, a check box or a tab is read by its words. */
  return (role == GTK_ACCESSIBLE_ROLE_BUTTON || role == GTK_ACCESSIBLE_ROLE_CHECKBOX ||
          role == GTK_ACCESSIBLE_ROLE_RADIO || role == GTK_ACCESSIBLE_ROLE_TAB) &&
         holds_text (widget);
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

/* Every shown control under @widget without a name, one a line, into @out. */
static void
walk (GtkWidget *widget,
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
      (*n_controls)++;
      if (!has_name (widget))
        {
          g_autofree char *what = describe (widget);

          g_string_append_printf (out, "  %s\n", what);
        }
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    walk (child, out, n_controls);
}

static void
assert_all_named (GtkWidget  *root,
                  const char *page)
{
  g_autoptr(GString) unnamed = g_string_new (NULL);
  guint n_controls = 0;

  wait_frame (root);
  walk (root, unnamed, &n_controls);
  g_test_message ("%s: %u controls", page, n_controls);
  g_assert_cmpuint (n_controls, >, 0);
  if (unnamed->len > 0)
    {
      g_test_message ("%s: controls without an accessible name:\n%s", page, unnamed->str);
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

  g_assert_no_error (error);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (campaign, path, 1280, 800);

  assert_all_named (GTK_WIDGET (window), "Campaign tab");
  adw_tab_view_set_selected_page (window->tab_view, window->map_tab);
  iterate_until (NULL, NULL, 300);
  assert_all_named (GTK_WIDGET (window), "Sector Map tab");
  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  iterate_until (NULL, NULL, 300);
  assert_all_named (GTK_WIDGET (window), "Orders tab");

  form = admiralty_campaign_orders_open_sheet (_admiralty_window_get_campaign_orders (window),
                                               "vorkosigan");
  g_assert_nonnull (form);
  iterate_until (widget_mapped, form, 5000);
  assert_all_named (GTK_WIDGET (form), "order sheet");
  gtk_window_destroy (GTK_WINDOW (form));
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

static void
test_battle (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdmiraltyWindow *window = shown_window_new (1280, 800);

  g_assert_true (admiralty_window_open_file (window, file));
  iterate_until (NULL, NULL, 300);
  g_assert_nonnull (_admiralty_window_get_battle_page (window));
  assert_all_named (GTK_WIDGET (window), "battle");
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
  iterate_until (NULL, NULL, 100);
  {
    g_autofree char *message = gtk_test_accessible_check_state (
      GTK_ACCESSIBLE (map), GTK_ACCESSIBLE_STATE_SELECTED, TRUE);

    g_assert_null (message);
  }
  close_window (window);
  remove_tree (dir);
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
  return ui_test_finish (g_test_run ());
}
