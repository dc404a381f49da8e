/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-correction-menus-ui.c: the formation corrections reached from the order of battle and
 * from the fleets of the sector card, and the correction dialogs under a tired master's
 * mistakes, on the Komarr campaign after its first cycle, saved in a temporary folder, driven
 * with the X server's pointer and keyboard:
 *  - a right click on a ship of the order of battle opens its formation's corrections; Damage…
 *    opens the dialog on that ship of that formation, recorded with Return, taken back by Ctrl+Z; the
 *    sidebar's Correct button offers the same for the formation selected;
 *  - a side's Correct button in the sector card offers each of its formations there; Move…
 *    opens the dialog on the formation chosen;
 *  - Escape mid-entry (and with a list open), Ctrl+Z five times in a dialog and then in the
 *    window, and numbers that are no numbers or out of range: each refusal shown in the
 *    dialog, nothing journaled that was not recorded, and the state as it was.
 * Screenshots land in the build's tests folder (correction-menus-*.png). Runs under Xvfb. */

#include "config.h"

#include <string.h>

#include "admiralty-correction-dialog.h"
#include "admiralty-fleet-row.h"
#include "admiralty-map-page-private.h"
#include "admiralty-sector-map.h"
#include "admiralty-window-private.h"
#include "editor-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-journal.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define FORMATION "second-squadron-home-fleet"

typedef CampaignFixture Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(AdmCampaign) campaign = komarr_new (NULL, NULL);

  komarr_end_cycle (campaign, T0);
  campaign_fixture_set_up (fixture, campaign, "correction-menus", "komarr.admiralty", 1280,
                           800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (fixture);
}

static AdmCampaign *
campaign_of (Fixture *fixture)
{
  return fixture->window->campaign;
}

static guint
entries_of (Fixture *fixture)
{
  return adm_journal_get_n_entries (adm_campaign_get_journal (campaign_of (fixture)));
}

static char *
state_dump (Fixture *fixture)
{
  return adm_state_dump (adm_campaign_get_state (campaign_of (fixture)));
}

static const AdmFormation *
formation_of (Fixture    *fixture,
              const char *id)
{
  return adm_strategy_lookup_formation (adm_state_get_strategy (adm_campaign_get_state (campaign_of (fixture))),
                                        id);
}

static gboolean
is_fleet_row_titled (GtkWidget     *widget,
                     gconstpointer  data)
{
  AdmiraltyFleetNode *node;

  if (!ADMIRALTY_IS_FLEET_ROW (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  node = admiralty_fleet_row_get_node (ADMIRALTY_FLEET_ROW (widget));
  return node != NULL && g_strcmp0 (admiralty_fleet_node_get_title (node), data) == 0;
}

static void
click (GtkWidget *widget)
{
  wait_frame (widget);
  pointer_click_widget (widget);
  iterate ();
}

/* Whether a popover shows among @data's widgets. */
static gboolean
popover_shown (gpointer data)
{
  return find_widget (data, is_popover, NULL) != NULL;
}

typedef struct {
  GtkWidget  *under;
  const char *label;
  GtkWidget  *item;  /* found */
} MenuItem;

/* Whether the popover under the menu's button shows the item. */
static gboolean
menu_item_shown (gpointer data)
{
  MenuItem *menu = data;
  GtkWidget *popover = find_widget (menu->under, is_popover, NULL);

  menu->item = popover != NULL ? find_widget (popover, is_label_text, menu->label) : NULL;
  return menu->item != NULL;
}

/* The menu item @label of the popover under @under, once it shows, clicked. */
static void
click_menu_item (GtkWidget  *under,
                 const char *label)
{
  MenuItem menu = { under, label, NULL };
  GtkWidget *item;

  iterate_until (menu_item_shown, &menu, 5000);
  item = menu.item;
  if (item == NULL)
    root_screenshot ("correction-menus-no-item.png", 0, 0);
  g_assert_nonnull (item);
  click (item);
}

/* The label of the choice shown by the combo row titled @title of @dialog. */
static const char *
chosen (GtkWidget  *dialog,
        const char *title)
{
  GtkWidget *row = find_widget (dialog, is_row_titled, title);
  GObject *item;

  g_assert_nonnull (row);
  item = adw_combo_row_get_selected_item (ADW_COMBO_ROW (row));
  g_assert_nonnull (item);
  return gtk_string_object_get_string (GTK_STRING_OBJECT (item));
}

/* A field of @dialog clicked and @text typed in it. */
static void
fill (GtkWidget  *dialog,
      const char *title,
      const char *text)
{
  GtkWidget *row = find_widget (dialog, is_row_titled, title);

  g_assert_nonnull (row);
  click (row);
  type_to (dialog, text);
  iterate ();
}

/* The text of the field titled @title of @dialog selected and replaced by @text. */
static void
refill (GtkWidget  *dialog,
        const char *title,
        const char *text)
{
  GtkWidget *row = find_widget (dialog, is_row_titled, title);

  g_assert_nonnull (row);
  click (row);
  keys_to (dialog, "ctrl+a");
  keys_to (dialog, "BackSpace");
  if (*text != '\0')
    type_to (dialog, text);
  iterate ();
}

static gboolean
journal_grew (gpointer data)
{
  Fixture *fixture = data;

  return entries_of (fixture) > GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (fixture->window),
                                                                     "entries"));
}

static void
window_keys (Fixture    *fixture,
             const char *keys)
{
  g_object_set_data (G_OBJECT (fixture->window), "entries",
                     GUINT_TO_POINTER (entries_of (fixture)));
  keys_to (GTK_WIDGET (fixture->window), keys);
  iterate_until (journal_grew, fixture, 5000);
  if (!journal_grew (fixture))
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (fixture->window));

      root_screenshot ("correction-menus-no-undo.png", 0, 0);
      g_test_message ("%s not taken: focus %s, active %d", keys,
                      focus != NULL ? G_OBJECT_TYPE_NAME (focus) : "none",
                      gtk_window_is_active (GTK_WINDOW (fixture->window)));
    }
  g_assert_true (journal_grew (fixture));
}

/* F-FORM-5 by fiat: a right click on a ship of the order of battle, Damage… on that ship,
 * two hull points lost, recorded; Ctrl+Z takes it back. The sidebar's Correct button offers
 * the same once a row is selected. */
static void
test_order_of_battle (Fixture       *fixture,
                      gconstpointer  data)
{
  const AdmFormation *formation = formation_of (fixture, FORMATION);
  const AdmShip *ship = g_ptr_array_index (formation->ships, 1);
  g_autofree char *before = state_dump (fixture);
  GtkWidget *row, *dialog;
  guint entries = entries_of (fixture);
  int damage;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (fixture->window->fleet_correct_button)));
  keys_to (GTK_WIDGET (fixture->window), "alt+1");
  iterate_until (widget_mapped, fixture->window->fleet_view, 5000);
  wait_frame (GTK_WIDGET (fixture->window->fleet_view));
  row = find_widget (GTK_WIDGET (fixture->window->fleet_view), is_fleet_row_titled, ship->name);
  g_assert_nonnull (row);
  scroll_into_view (row);
  wait_frame (row);
  pointer_move (row, gtk_widget_get_width (row) / 4.0, gtk_widget_get_height (row) / 2.0);
  xdo ("click 3");
  iterate ();
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (fixture->window->fleet_correct_button)));
  wait_frame (GTK_WIDGET (fixture->window));
  root_screenshot ("correction-menus-order-of-battle.png", 0, 0);
  click_menu_item (GTK_WIDGET (fixture->window->fleet_correct_button), "Damage…");
  dialog = wait_correction_dialog ();
  g_assert_cmpint (admiralty_correction_dialog_get_kind (correction_dialog ()), ==,
                   ADM_CORRECTION_DAMAGE);
  g_assert_cmpstr (chosen (dialog, "Formation"), ==, formation->name);
  /* The ship right-clicked is the ship chosen, not its formation's first. */
  {
    g_autofree char *label = g_strdup_printf ("%s (%s)", ship->name, ship->klass->name);

    g_assert_cmpstr (chosen (dialog, "Ship"), ==, label);
  }
  fill (dialog, "Hull Points Lost", "2");
  fill (dialog, "Reason", "A fire in the magazine");
  keys_to (dialog, "Return");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_null (correction_dialog ());
  g_assert_cmpuint (entries_of (fixture), ==, entries + 1);
  damage = adm_state_get_ship (adm_campaign_get_state (campaign_of (fixture)), ship->id)->damage;
  g_assert_cmpint (damage, ==, 2);
  window_keys (fixture, "ctrl+z");
  {
    g_autofree char *after = state_dump (fixture);

    g_assert_cmpstr (after, ==, before);
  }

  /* The button itself, on the formation's own row. */
  row = find_widget (GTK_WIDGET (fixture->window->fleet_view), is_fleet_row_titled,
                     formation->name);
  g_assert_nonnull (row);
  click (row);
  click (GTK_WIDGET (fixture->window->fleet_correct_button));
  click_menu_item (GTK_WIDGET (fixture->window->fleet_correct_button), "Readiness…");
  dialog = wait_correction_dialog ();
  g_assert_cmpint (admiralty_correction_dialog_get_kind (correction_dialog ()), ==,
                   ADM_CORRECTION_READINESS);
  g_assert_cmpstr (chosen (dialog, "Formation"), ==, formation->name);
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_null (correction_dialog ());
}

static gboolean
is_menu_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_widget_is_drawable (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

/* A side's fleet in the sector card: its Correct button, a formation, Move…. */
static void
test_fleet_card (Fixture       *fixture,
                 gconstpointer  data)
{
  AdmiraltyMapPage *page;
  const AdmFormationPosition *position = adm_strategy_get_position (adm_state_get_strategy (adm_campaign_get_state (campaign_of (fixture))),
                                                                    FORMATION);
  const AdmFormation *formation = formation_of (fixture, FORMATION);
  g_autofree char *tooltip = NULL;
  GtkWidget *button, *dialog;
  double x, y;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  keys_to (GTK_WIDGET (fixture->window), "alt+2");
  page = _admiralty_window_get_map_page (fixture->window);
  iterate_until (widget_mapped, page->sector_map, 5000);
  wait_frame (GTK_WIDGET (page->sector_map));
  admiralty_sector_view_to_pixels (admiralty_sector_map_get_view (page->sector_map),
                                   position->sector->x, position->sector->y, &x, &y);
  pointer_click (GTK_WIDGET (page->sector_map), x, y);
  iterate ();
  g_assert_cmpstr (admiralty_sector_map_get_selected_sector (page->sector_map), ==,
                   position->sector->id);
  wait_frame (GTK_WIDGET (page->sector_map));
  tooltip = g_strdup_printf ("Correct a Formation of %s", formation->faction->name);
  button = find_widget (GTK_WIDGET (page->sector_info_factions), is_menu_button, tooltip);
  g_assert_nonnull (button);
  click (button);
  click_menu_item (button, formation->name);
  wait_frame (GTK_WIDGET (fixture->window));
  root_screenshot ("correction-menus-fleet-card.png", 0, 0);
  click_menu_item (button, "Move…");
  dialog = wait_correction_dialog ();
  g_assert_cmpint (admiralty_correction_dialog_get_kind (correction_dialog ()), ==,
                   ADM_CORRECTION_MOVE);
  g_assert_cmpstr (chosen (dialog, "Formation"), ==, formation->name);
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_null (correction_dialog ());
}

/* @text typed in the field @title of the open dialog and recorded: refused, the refusal
 * containing @says, nothing journaled. */
static void
assert_refused (Fixture    *fixture,
                const char *title,
                const char *text,
                const char *says)
{
  GtkWidget *dialog = GTK_WIDGET (correction_dialog ());
  guint entries = entries_of (fixture);
  const char *problem;

  refill (dialog, title, text);
  keys_to (dialog, "Return");
  iterate_until (correction_problem_shown, NULL, 5000);
  g_assert_nonnull (correction_dialog ());
  problem = admiralty_correction_dialog_get_problem (correction_dialog ());
  g_test_message ("%s “%s”: %s", title, text, problem);
  g_assert_nonnull (problem);
  g_assert_nonnull (strstr (problem, says));
  g_assert_null (strstr (problem, "(null)"));
  g_assert_cmpuint (entries_of (fixture), ==, entries);
}

/* Escape mid-entry, with a list open and without; Ctrl+Z five times in a dialog, then five
 * times in the window and Ctrl+Shift+Z five times; numbers that are none: refused, nothing
 * changed but what was recorded. */
static void
test_tired_master (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *before = state_dump (fixture);
  g_autofree char *recorded = NULL;
  guint entries = entries_of (fixture), undone = 0;
  GtkWidget *dialog, *row;

  if (!pointer_available ())
    {
      g_test_skip ("xdotool is not installed");
      return;
    }
  /* Escape with the ship list open closes the list; Escape again, the dialog, half typed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.correct-repair",
                                             "s", FORMATION));
  dialog = wait_correction_dialog ();
  fill (dialog, "Hull Points Afterwards (empty: as now)", "1");
  row = find_widget (dialog, is_row_titled, "Ship");
  click (row);
  iterate_until (popover_shown, dialog, 5000);
  g_assert_true (popover_shown (dialog));
  keys_to (dialog, "Escape");
  iterate_until (NULL, NULL, 300);
  g_assert_nonnull (correction_dialog ());
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_null (correction_dialog ());
  g_assert_cmpuint (entries_of (fixture), ==, entries);

  /* Numbers that are none, or out of range: each refused in words. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.correct-repair",
                                             "s", FORMATION));
  dialog = wait_correction_dialog ();
  fill (dialog, "Reason", "Refit at Komarr");
  assert_refused (fixture, "Hull Points Afterwards (empty: as now)", "abc", "abc");
  assert_refused (fixture, "Hull Points Afterwards (empty: as now)", "-3", "-3");
  assert_refused (fixture, "Hull Points Afterwards (empty: as now)", "2.5", "2.5");
  assert_refused (fixture, "Hull Points Afterwards (empty: as now)", "99999999999999999999",
                  "99999999999999999999");
  refill (dialog, "Hull Points Afterwards (empty: as now)", "");
  assert_refused (fixture, "Readiness (empty: as now)", "99", "F-RDY-1");
  assert_refused (fixture, "Readiness (empty: as now)", "high", "“high”");
  root_screenshot ("correction-menus-refused.png", 0, 0);
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.correct-add-formation", "s", "komarr-orbit"));
  dialog = wait_correction_dialog ();
  fill (dialog, "Ships (NAME:CLASS:READINESS; …)", "Merlin:vorpatril:7");
  fill (dialog, "Reason", "Convoy");
  assert_refused (fixture, "Arrives at Minute (empty: now)", "xx", "xx");
  assert_refused (fixture, "Arrives at Minute (empty: now)", "40", "40");
  assert_refused (fixture, "Arrives at Minute (empty: now)", "-1", "-1");
  refill (dialog, "Arrives at Minute (empty: now)", "20");
  assert_refused (fixture, "Cycle", "0", "0");
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  {
    g_autofree char *now = state_dump (fixture);

    g_assert_cmpstr (now, ==, before);
  }
  g_assert_cmpuint (entries_of (fixture), ==, entries);

  /* One correction recorded; then Ctrl+Z five times in another dialog's field: its own text
   * only, nothing of the campaign's. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.correct-damage",
                                             "s", FORMATION));
  dialog = wait_correction_dialog ();
  fill (dialog, "Hull Points Lost", "1");
  fill (dialog, "Reason", "Sabotage");
  keys_to (dialog, "Return");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_cmpuint (entries_of (fixture), ==, entries + 1);
  recorded = state_dump (fixture);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.correct-readiness", "s", FORMATION));
  dialog = wait_correction_dialog ();
  fill (dialog, "Readiness", "7");
  fill (dialog, "Reason", "Drill");
  for (guint i = 0; i < 5; i++)
    keys_to (dialog, "ctrl+z");
  iterate_until (NULL, NULL, 300);
  g_assert_nonnull (correction_dialog ());
  g_assert_cmpuint (entries_of (fixture), ==, entries + 1);
  {
    g_autofree char *now = state_dump (fixture);

    g_assert_cmpstr (now, ==, recorded);
  }
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_CORRECTION_DIALOG), 5000);
  g_assert_cmpuint (entries_of (fixture), ==, entries + 1);

  /* Five times Ctrl+Z in the window: each takes back one action while there is one (the
   * correction, then the cycle), the rest nothing, with no error; as many Ctrl+Shift+Z bring
   * them back. */
  for (guint i = 0; i < 5; i++)
    {
      g_object_set_data (G_OBJECT (fixture->window), "entries",
                         GUINT_TO_POINTER (entries_of (fixture)));
      gboolean can = adm_campaign_can_undo (campaign_of (fixture));

      keys_to (GTK_WIDGET (fixture->window), "ctrl+z");
      /* Nothing left to take back: a short wait shows that nothing is. */
      iterate_until (can ? journal_grew : NULL, fixture, can ? 1000 : 200);
      undone += journal_grew (fixture);
      g_assert_null (message_dialog ());
    }
  g_test_message ("%u of 5 taken back", undone);
  g_assert_cmpuint (undone, >=, 2);
  g_assert_false (adm_campaign_can_undo (campaign_of (fixture)));
  {
    g_autofree char *now = state_dump (fixture);

    g_assert_cmpstr (now, !=, recorded);
  }
  for (guint i = 0; i < undone; i++)
    window_keys (fixture, "ctrl+shift+z");
  {
    g_autofree char *now = state_dump (fixture);

    g_assert_cmpstr (now, ==, recorded);
  }
  g_assert_null (message_dialog ());
}

int
main (int    argc,
      char **argv)
{
  ui_test_init (&argc, &argv, "correction-menus-ui");

  g_test_add ("/ui/correction-menus/order-of-battle/right-click-damage", Fixture, NULL,
              fixture_set_up, test_order_of_battle, fixture_tear_down);
  g_test_add ("/ui/correction-menus/F-STRAT-5/fleet-card-move", Fixture, NULL, fixture_set_up,
              test_fleet_card, fixture_tear_down);
  g_test_add ("/ui/correction-menus/tired-master", Fixture, NULL, fixture_set_up,
              test_tired_master, fixture_tear_down);

  return ui_test_finish (g_test_run ());
}
