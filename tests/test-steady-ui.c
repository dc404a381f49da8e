/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-steady-ui.c: nothing moves under a pointer about to click. Driven with the X server's
 * pointer (xdotool under Xvfb), in a window of 1280×800 and of 1920×1080:
 *  - the main menu fits in the window, down to its last item, with nothing to scroll; opened
 *    with a click, it keeps every item where it first showed it: its
 *    sections' separators are placed before the master can reach for it (GTK places them in
 *    an idle after the menu is made, which a busy machine runs a second after the menu shows);
 *  - in the order-sheet form, a sector picked with the pointer in "Next sector" of a row at the
 *    bottom of the form leaves the row and its + button where they were, so that the click
 *    that follows adds the sector (the form does not scroll to the choice in the row's list and
 *    put the Flagship row under the pointer);
 *  - Share with Admirals…'s Share switch, clicked on and off, stays where it was, and so does
 *    the row under it. */

#include "config.h"

#include <string.h>

#include "admiralty-campaign-orders.h"
#include "admiralty-share-dialog.h"
#include "admiralty-sheet-form.h"
#include "cli-helpers.h"
#include "admiralty-window-private.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"

typedef struct {
  int width;
  int height;
} Size;

static const Size small = { 1280, 800 };
static const Size large = { 1920, 1080 };

typedef CampaignFixture Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const Size *size = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = adm_campaign_open (scenario, &error);

  g_assert_no_error (error);
  campaign_fixture_set_up (fixture, campaign, "steady", "komarr.admiralty", size->width,
                           size->height);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (fixture);
}

/* Where @widget's top left is in its window, as the pointer would find it. */
static graphene_point_t
window_point (GtkWidget *widget)
{
  graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), point;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (gtk_widget_get_native (widget)),
                                           &origin, &point));
  return point;
}

/* The main menu opened with a click: every item stays where its first frame put it. */
static void
test_main_menu (Fixture       *fixture,
                gconstpointer  data)
{
  static const char * const items[] = { "Open…", "Twilight Imperium Combat", "Print Report…",
                                        "Import Order Sheets…", "About Admiralty" };
  GtkWidget *button = GTK_WIDGET (fixture->window->primary_menu_button);
  graphene_point_t first[G_N_ELEMENTS (items)];
  GtkWidget *popover;

  if (!pointer_available ())
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  /* Before the master reaches for it, the menu is made and its separators placed. */
  iterate_until (NULL, NULL, 500);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_nonnull (popover);
  g_assert_nonnull (find_widget (popover, has_type, GSIZE_TO_POINTER (GTK_TYPE_SEPARATOR)));

  focus_window (GTK_WIDGET (fixture->window));
  pointer_click_widget (button);
  g_assert_true (GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button))) == popover);
  iterate_until (widget_mapped, popover, 5000);
  g_assert_true (gtk_widget_get_mapped (popover));
  wait_frame (popover);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      GtkWidget *item = find_widget (popover, is_drawn_label_text, items[i]);

      g_assert_nonnull (item);
      first[i] = window_point (item);
    }
  /* The whole menu fits under the header, down to About Admiralty: its items' height with
   * nothing scrolled away, from the foot of the menu button (the popover's arrow and frame
   * take some 12 px more) within the window. */
  {
    GtkWidget *scroller = find_widget (popover, has_type,
                                       GSIZE_TO_POINTER (GTK_TYPE_SCROLLED_WINDOW));
    int natural;

    g_assert_nonnull (scroller);
    gtk_widget_measure (gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller)),
                        GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (scroller), NULL,
                        &natural, NULL, NULL);
    g_test_message ("the menu's items: %d px high, from %.0f px", natural,
                    window_point (button).y + gtk_widget_get_height (button));
    g_assert_cmpfloat (window_point (button).y + gtk_widget_get_height (button) + 12 + natural,
                       <=, ((const Size *) data)->height);
  }

  /* As long as a master takes to aim at an item. */
  iterate_until (NULL, NULL, 1500);
  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      GtkWidget *item = find_widget (popover, is_drawn_label_text, items[i]);
      graphene_point_t now = window_point (item);

      g_test_message ("%s: %.0f,%.0f then %.0f,%.0f", items[i], first[i].x, first[i].y, now.x,
                      now.y);
      g_assert_cmpfloat (now.x, ==, first[i].x);
      g_assert_cmpfloat (now.y, ==, first[i].y);
    }
  root_screenshot (((const Size *) data)->width == small.width ? "steady-menu-1280.png"
                                                                 : "steady-menu-1920.png",
                   0, 0);
  keys_to (popover, "Escape");
  iterate_until (NULL, NULL, 100);
}

static gboolean
is_list_item_label (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) &&
         gtk_widget_get_ancestor (widget, GTK_TYPE_POPOVER) != NULL &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
popover_gone (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

static gboolean
route_has_sector (gpointer data)
{
  return g_strcmp0 (adw_action_row_get_subtitle (data), "No sector yet: add the first") != 0;
}

/* "Next sector" picked with the pointer, then + clicked where it was: the sector is added. */
static void
test_next_sector (Fixture       *fixture,
                  gconstpointer  data)
{
  AdmiraltyCampaignOrders *board = _admiralty_window_get_campaign_orders (fixture->window);
  AdmiraltySheetForm *form;
  GtkWidget *group, *order_row, *next_row, *route_row, *add, *popover, *item;
  graphene_point_t before, after;

  if (!pointer_available ())
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  form = admiralty_campaign_orders_open_sheet (board, "vorkosigan");
  g_assert_nonnull (form);
  iterate_until (widget_mapped, form, 5000);
  wait_frame (GTK_WIDGET (form));
  focus_window (GTK_WIDGET (form));

  group = find_widget (GTK_WIDGET (form), is_group_titled, "First Destroyer Flotilla");
  g_assert_nonnull (group);
  order_row = find_widget (group, is_row_titled, "_Order");
  g_assert_nonnull (order_row);
  choose_with_keys (GTK_WIDGET (form), order_row, 1); /* Move */
  wait_frame (GTK_WIDGET (form));
  next_row = find_widget (group, is_row_titled, "_Next sector");
  route_row = find_widget (group, is_row_titled, "Route");
  g_assert_nonnull (next_row);
  g_assert_nonnull (route_row);
  g_assert_true (gtk_widget_get_mapped (next_row));
  add = find_widget (next_row, is_button_tooltip, "Add the sector to the route");
  g_assert_nonnull (add);
  /* The row whole at the bottom of the form, as the master scrolls down to it. */
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (next_row, GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adjustment =
      gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
    graphene_point_t origin = GRAPHENE_POINT_INIT (0, 0), point;

    g_assert_true (gtk_widget_compute_point (next_row, scrolled, &origin, &point));
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + point.y +
                                          gtk_widget_get_height (next_row) -
                                          gtk_widget_get_height (scrolled) + 2);
    wait_frame (GTK_WIDGET (form));
    g_assert_true (gtk_widget_compute_point (next_row, scrolled, &origin, &point));
    g_assert_cmpfloat (point.y, >=, 0);
    g_assert_cmpfloat (point.y + gtk_widget_get_height (next_row), <=,
                       gtk_widget_get_height (scrolled));
  }
  before = window_point (add);

  /* The sector picked with the pointer in the row's list: the row clicked where it is. */
  pointer_click (next_row, gtk_widget_get_width (next_row) / 2.0,
                 gtk_widget_get_height (next_row) / 2.0);
  iterate_until (popover_open, next_row, 5000);
  popover = find_widget (next_row, is_popover, NULL);
  g_assert_nonnull (popover);
  wait_frame (popover);
  item = find_widget (popover, is_list_item_label, "Pol orbit");
  g_assert_nonnull (item);
  pointer_click (item, gtk_widget_get_width (item) / 2.0, gtk_widget_get_height (item) / 2.0);
  iterate_until (popover_gone, popover, 5000);
  g_assert_false (gtk_widget_get_mapped (popover));
  wait_frame (GTK_WIDGET (form));

  after = window_point (add);
  g_test_message ("+ at %.0f,%.0f, then %.0f,%.0f", before.x, before.y, after.x, after.y);
  g_assert_cmpfloat (after.x, ==, before.x);
  g_assert_cmpfloat (after.y, ==, before.y);

  /* The click meant for + lands on +, where it was: the route has the sector. */
  {
    graphene_point_t centre = GRAPHENE_POINT_INIT (before.x + gtk_widget_get_width (add) / 2.0,
                                                   before.y + gtk_widget_get_height (add) / 2.0);
    GtkWidget *under = gtk_widget_pick (GTK_WIDGET (form), centre.x, centre.y, GTK_PICK_DEFAULT);

    g_assert_true (under == add || gtk_widget_is_ancestor (under, add));
  }
  pointer_move (add, gtk_widget_get_width (add) / 2.0, gtk_widget_get_height (add) / 2.0);
  iterate_until (NULL, NULL, 100);
  pointer_click (add, gtk_widget_get_width (add) / 2.0, gtk_widget_get_height (add) / 2.0);
  iterate_until (route_has_sector, route_row, 5000);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (route_row)), ==,
                   "Pol orbit");
  root_screenshot (((const Size *) data)->width == small.width ? "steady-sheet-1280.png"
                                                                 : "steady-sheet-1920.png",
                   0, 0);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
}

static gboolean
switch_is (gpointer data)
{
  GtkSwitch *button = data;

  return gtk_switch_get_active (button) ==
         GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "steady-wanted"));
}

/* Share with Admirals…: the Share switch clicked on, then off. Its row says what it does in
 * one line either way, so that the switch and the row under it (Accept Sheets on Arrival)
 * stay where they were. */
static void
test_share_switch (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkWidget *dialog, *share, *accept;
  graphene_point_t share_at, accept_at, now;

  if (!pointer_available ())
    {
      g_test_skip ("needs xdotool and an X11 display");
      return;
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.share-admirals",
                                             NULL));
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_SHARE_DIALOG), 5000);
  dialog = shown_toplevel (ADMIRALTY_TYPE_SHARE_DIALOG);
  g_assert_nonnull (dialog);
  /* The switches in order: Share's, then Accept Sheets on Arrival's. */
  {
    g_autoptr(GPtrArray) switches = find_widgets (dialog, is_of_type,
                                                  GSIZE_TO_POINTER (GTK_TYPE_SWITCH));
    GtkWidget *spin = find_widget (dialog, is_of_type,
                                   GSIZE_TO_POINTER (GTK_TYPE_SPIN_BUTTON));

    g_assert_cmpuint (switches->len, ==, 2);
    share = g_ptr_array_index (switches, 0);
    accept = g_ptr_array_index (switches, 1);
    g_assert_nonnull (spin);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), free_port ());
  }
  focus_window (dialog);
  wait_frame (dialog);

  for (int on = 1; on >= 0; on--)
    {
      share_at = window_point (share);
      accept_at = window_point (accept);
      g_object_set_data (G_OBJECT (share), "steady-wanted", GINT_TO_POINTER (on));
      pointer_click (share, gtk_widget_get_width (share) / 2.0,
                     gtk_widget_get_height (share) / 2.0);
      iterate_until (switch_is, share, 5000);
      g_assert_true (gtk_switch_get_active (GTK_SWITCH (share)) == on);
      wait_frame (dialog);
      now = window_point (share);
      g_test_message ("Share %s: its switch at %.0f,%.0f, then %.0f,%.0f", on ? "on" : "off",
                      share_at.x, share_at.y, now.x, now.y);
      g_assert_cmpfloat (now.x, ==, share_at.x);
      g_assert_cmpfloat (now.y, ==, share_at.y);
      now = window_point (accept);
      g_test_message ("Share %s: Accept's switch at %.0f,%.0f, then %.0f,%.0f",
                      on ? "on" : "off", accept_at.x, accept_at.y, now.x, now.y);
      g_assert_cmpfloat (now.x, ==, accept_at.x);
      g_assert_cmpfloat (now.y, ==, accept_at.y);
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  iterate ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "steady");
  g_test_add ("/ui/steady/main-menu/1280x800", Fixture, &small, fixture_set_up, test_main_menu,
              fixture_tear_down);
  g_test_add ("/ui/steady/main-menu/1920x1080", Fixture, &large, fixture_set_up, test_main_menu,
              fixture_tear_down);
  g_test_add ("/ui/steady/F-STRAT-16/next-sector/1280x800", Fixture, &small, fixture_set_up,
              test_next_sector, fixture_tear_down);
  g_test_add ("/ui/steady/F-STRAT-16/next-sector/1920x1080", Fixture, &large, fixture_set_up,
              test_next_sector, fixture_tear_down);
  g_test_add ("/ui/steady/share-switch/1280x800", Fixture, &small, fixture_set_up,
              test_share_switch, fixture_tear_down);
  return ui_test_finish (g_test_run ());
}
