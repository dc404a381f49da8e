/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ti4-luck-ui.c: a TI4 combat's Every Roll (ti4.luck, admiralty-luck-window.h) driven with
 * the X server's keyboard and pointer under Xvfb. Bad cases first: with no
 * combat open the action is disabled and Shift+Ctrl+L opens nothing; a combat with no roll shows
 * the engine's reason why. Then a round resolved with the pointer: Shift+Ctrl+L lists every roll
 * beside its odds, the engine's ledger figures row for row (LRR 39.5: both players see every
 * roll, so the master's ledger is the list); Ctrl+Z and Shift+Ctrl+Z in the main window show
 * in the list at once; undoing every roll brings the empty state back. Beside a campaign open in
 * the same window, the key opens the ledger of the tab in front. */

#include "config.h"

#include <string.h>

#include "admiralty-luck-window.h"
#include "admiralty-ti4-page-private.h"
#include "admiralty-window-private.h"
#include "adm-luck.h"
#include "battle-helpers.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "text-helpers.h"
#include "ui-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */



static gboolean
sensitive (gpointer data)
{
  return gtk_widget_is_sensitive (data);
}

static gboolean
page_shown (gpointer data)
{
  return _admiralty_window_get_ti4_page (data) != NULL;
}

static gboolean
page_hidden (gpointer data)
{
  return _admiralty_window_get_ti4_page (data) == NULL;
}

/* Types a count into a unit's spin button with the keys, as the master would. */
static void
type_count (AdmiraltyWindow  *window,
            AdmiraltyTi4Page *page,
            AdmTi4Side        side,
            const char       *id,
            guint             count)
{
  int index = adm_ti4_catalog_find (page->catalog, id);
  GtkSpinButton *spin;
  g_autofree char *text = g_strdup_printf ("%u", count);

  g_assert_cmpint (index, >=, 0);
  spin = page->spins[side][index];
  g_assert_nonnull (spin);
  scroll_into_view (GTK_WIDGET (spin));
  wait_frames ();
  pointer_click_widget (GTK_WIDGET (spin));
  keys_to (GTK_WIDGET (window), "ctrl+a");
  type_to (GTK_WIDGET (window), text);
  keys_to (GTK_WIDGET (window), "Tab");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, count);
}

/* The rows of @model are the engine's ledger of @combat, as the master reads it, row for row:
 * with no roll, none and the engine's reason; else every roll's title and odds in the
 * engine's order of luck, under its headings. Returns the rolls listed. */
static guint
assert_engine_rows (GListModel   *model,
                    AdmTi4Combat *combat)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ledgers = adm_luck_ledgers_of_ti4_combat (combat, NULL, NULL, &error);
  g_autoptr(GArray) refs = NULL;
  guint r = 0;

  if (ledgers == NULL)
    {
      g_assert_nonnull (error);
      g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
      g_assert_cmpstr (adm_luck_model_get_empty_reason (ADM_LUCK_MODEL (model)), ==,
                       error->message);
      return 0;
    }
  g_assert_no_error (error);
  refs = adm_luck_ledgers_by_luck (ledgers);
  g_assert_cmpuint (refs->len, >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);
      const AdmLuckRollRef *ref;
      g_autofree char *title = NULL, *summary = NULL;

      if (adm_luck_row_get_kind (row) == ADM_LUCK_ROW_HEADING)
        continue;
      g_assert_cmpint (adm_luck_row_get_kind (row), ==, ADM_LUCK_ROW_ROLL);
      g_assert_cmpuint (r, <, refs->len);
      ref = &g_array_index (refs, AdmLuckRollRef, r++);
      title = adm_luck_roll_title (ref->ledger, ref->entry);
      summary = adm_luck_roll_summary (ref->ledger, ref->entry);
      g_assert_cmpstr (adm_luck_row_get_title (row), ==, title);
      g_assert_cmpstr (adm_luck_row_get_summary (row), ==, summary);
    }
  g_assert_cmpuint (r, ==, refs->len);
  return r;
}

/* The window's list is drawn: its first roll's title and odds, or the empty page. */
static void
assert_drawn (AdmiraltyLuckWindow *luck)
{
  GListModel *model = G_LIST_MODEL (admiralty_luck_window_get_model (luck));
  ShownLabel shown = { GTK_WIDGET (luck), NULL };

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(AdmLuckRow) row = g_list_model_get_item (model, i);

      if (adm_luck_row_get_kind (row) != ADM_LUCK_ROW_ROLL)
        continue;
      shown.text = adm_luck_row_get_title (row);
      iterate_until (label_is_shown, &shown, 5000);
      g_assert_true (label_is_shown (&shown));
      shown.text = adm_luck_row_get_summary (row);
      g_assert_true (label_is_shown (&shown));
      assert_contains (shown.text, "as good or better", "a roll's row");
      return;
    }
  shown.text = "No Rolls to Weigh";
  iterate_until (label_is_shown, &shown, 5000);
  g_assert_true (label_is_shown (&shown));
  shown.text = adm_luck_model_get_empty_reason (ADM_LUCK_MODEL (model));
  g_assert_nonnull (shown.text);
  g_assert_true (label_is_shown (&shown));
}

static AdmiraltyLuckWindow *
open_luck_by_key (AdmiraltyWindow *window)
{
  AdmiraltyLuckWindow *luck;

  focus_window (GTK_WIDGET (window));
  keys_to (GTK_WIDGET (window), "ctrl+shift+l");
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_LUCK_WINDOW), 5000);
  luck = ADMIRALTY_LUCK_WINDOW (shown_toplevel (ADMIRALTY_TYPE_LUCK_WINDOW));
  g_assert_nonnull (luck);
  return luck;
}

static void
close_luck_by_key (AdmiraltyLuckWindow *luck)
{
  focus_window (GTK_WIDGET (luck));
  keys_to (GTK_WIDGET (luck), "Escape");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_LUCK_WINDOW), 5000);
  g_assert_null (shown_toplevel (ADMIRALTY_TYPE_LUCK_WINDOW));
}

static void
test_every_roll (void)
{
  AdmiraltyWindow *window;
  AdmiraltyTi4Page *page;
  AdmiraltyLuckWindow *luck;
  GListModel *model;
  guint rolls, listed, undos = 0;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  window = shown_window_new (1400, 900);
  focus_window (GTK_WIDGET (window));
  keys_to (GTK_WIDGET (window), "ctrl+t");
  iterate_until (page_shown, window, 5000);
  page = _admiralty_window_get_ti4_page (window);
  g_assert_nonnull (page);
  g_assert_nonnull (page->catalog);

  /* No combat open: the action is disabled, its button too, and the key opens nothing. */
  g_assert_null (page->combat);
  g_assert_false (gtk_widget_is_sensitive (page->luck_button));
  keys_to (GTK_WIDGET (window), "ctrl+shift+l");
  wait_frames ();
  g_assert_null (shown_toplevel (ADMIRALTY_TYPE_LUCK_WINDOW));

  /* A Dreadnought against a Cruiser, typed in and started with the pointer. */
  type_count (window, page, ADM_TI4_ATTACKER, "dreadnought", 1);
  type_count (window, page, ADM_TI4_DEFENDER, "cruiser", 2);
  iterate_until (sensitive, page->start_button, 5000);
  wait_frames ();
  pointer_click_widget (page->start_button);
  g_assert_nonnull (page->combat);
  g_assert_true (gtk_widget_is_sensitive (page->luck_button));
  /* The program's dice, seeded: the same rolls each run. */
  g_clear_object (&page->prng);
  page->prng = adm_dice_prng_new (39);

  /* A combat with no roll yet: the empty state, the engine's reason. */
  luck = open_luck_by_key (window);
  g_assert_true (admiralty_luck_window_get_ti4_combat (luck) == page->combat);
  model = G_LIST_MODEL (admiralty_luck_window_get_model (luck));
  g_assert_true (adm_luck_model_get_every_roll (ADM_LUCK_MODEL (model)));
  g_assert_cmpuint (assert_engine_rows (model, page->combat), ==, 0);
  assert_drawn (luck);
  /* No audience to choose: every roll is open to both players. */
  g_assert_false (gtk_widget_get_visible (find_widget (GTK_WIDGET (luck), has_type,
                                                       GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN))));
  save_screenshot (GTK_WIDGET (luck), "ti4-luck-empty.png");
  close_luck_by_key (luck);

  /* A round resolved with the pointer, then Every Roll by its key. */
  focus_window (GTK_WIDGET (window));
  pointer_click_widget (page->round_button);
  g_assert_null (page->error_dialog);
  rolls = adm_ti4_combat_get_rolls (page->combat)->len;
  g_assert_cmpuint (rolls, >=, 2);
  luck = open_luck_by_key (window);
  model = G_LIST_MODEL (admiralty_luck_window_get_model (luck));
  g_assert_nonnull (find_widget (GTK_WIDGET (luck), toggle_is_active, "_Every Roll"));
  listed = assert_engine_rows (model, page->combat);
  g_assert_cmpuint (listed, >, 0);
  assert_drawn (luck);
  save_screenshot (GTK_WIDGET (luck), "ti4-luck-every-roll.png");

  /* Every Roll again brings up the same window, not a second one. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (page), "ti4.luck", NULL));
  g_assert_true (page->luck_window == GTK_WIDGET (luck));

  /* Ctrl+Z in the main window: the list follows each step at once, down to the last roll
   * taken back. */
  focus_window (GTK_WIDGET (window));
  while (adm_ti4_combat_get_rolls (page->combat)->len == rolls)
    {
      g_assert_true (admiralty_ti4_page_can_undo (page));
      keys_to (GTK_WIDGET (window), "ctrl+z");
      undos++;
      g_assert_cmpuint (undos, <, 64);
      assert_engine_rows (model, page->combat);
    }
  g_assert_cmpuint (assert_engine_rows (model, page->combat), <, listed);
  assert_drawn (luck);
  /* Shift+Ctrl+Z brings the roll back, and its row. */
  keys_to (GTK_WIDGET (window), "ctrl+shift+z");
  g_assert_cmpuint (adm_ti4_combat_get_rolls (page->combat)->len, ==, rolls);
  g_assert_cmpuint (assert_engine_rows (model, page->combat), ==, listed);
  assert_drawn (luck);

  /* Every step undone: no roll is left, and the empty state is back. */
  while (admiralty_ti4_page_can_undo (page))
    {
      keys_to (GTK_WIDGET (window), "ctrl+z");
      assert_engine_rows (model, page->combat);
    }
  g_assert_cmpuint (adm_ti4_combat_get_rolls (page->combat)->len, ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  assert_drawn (luck);

  /* Back to the set-up (Alt+N, New Combat: the ledger's window is over its button): the
   * combat's ledger goes, and the action is disabled again. */
  focus_window (GTK_WIDGET (window));
  keys_to (GTK_WIDGET (window), "alt+n");
  iterate_until (toplevel_gone, GSIZE_TO_POINTER (ADMIRALTY_TYPE_LUCK_WINDOW), 5000);
  g_assert_null (shown_toplevel (ADMIRALTY_TYPE_LUCK_WINDOW));
  g_assert_null (page->combat);
  g_assert_false (gtk_widget_is_sensitive (page->luck_button));

  close_window (window);
}

/* With a campaign open in the same window, Shift+Ctrl+L is the ledger of what is in front of
 * the master: on the TI4 tab the combat's, on the campaign's tab the campaign's. */
static void
test_beside_campaign (void)
{
  CampaignFixture fixture;
  AdmiraltyTi4Page *page;
  AdmiraltyLuckWindow *luck;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  komarr_fixture_set_up (&fixture, "ti4-luck-ui", 1, T0, 1400, 900);
  focus_window (GTK_WIDGET (fixture.window));
  keys_to (GTK_WIDGET (fixture.window), "ctrl+t");
  iterate_until (page_shown, fixture.window, 5000);
  page = _admiralty_window_get_ti4_page (fixture.window);
  g_assert_nonnull (page);

  /* No combat yet: the key opens neither the combat's ledger nor the campaign's. */
  keys_to (GTK_WIDGET (fixture.window), "ctrl+shift+l");
  wait_frames ();
  g_assert_null (shown_toplevel (ADMIRALTY_TYPE_LUCK_WINDOW));

  type_count (fixture.window, page, ADM_TI4_ATTACKER, "dreadnought", 1);
  type_count (fixture.window, page, ADM_TI4_DEFENDER, "cruiser", 2);
  iterate_until (sensitive, page->start_button, 5000);
  wait_frames ();
  pointer_click_widget (page->start_button);
  g_assert_nonnull (page->combat);
  g_clear_object (&page->prng);
  page->prng = adm_dice_prng_new (39);

  /* Before the first step, and after a round: the combat's. */
  luck = open_luck_by_key (fixture.window);
  g_assert_true (admiralty_luck_window_get_ti4_combat (luck) == page->combat);
  close_luck_by_key (luck);
  focus_window (GTK_WIDGET (fixture.window));
  pointer_click_widget (page->round_button);
  g_assert_cmpuint (adm_ti4_combat_get_rolls (page->combat)->len, >=, 2);
  luck = open_luck_by_key (fixture.window);
  g_assert_true (admiralty_luck_window_get_ti4_combat (luck) == page->combat);
  assert_engine_rows (G_LIST_MODEL (admiralty_luck_window_get_model (luck)), page->combat);
  close_luck_by_key (luck);

  /* The campaign's tab in front: the campaign's. */
  focus_window (GTK_WIDGET (fixture.window));
  keys_to (GTK_WIDGET (fixture.window), "ctrl+Page_Up");
  iterate_until (page_hidden, fixture.window, 5000);
  g_assert_null (_admiralty_window_get_ti4_page (fixture.window));
  luck = open_luck_by_key (fixture.window);
  g_assert_null (admiralty_luck_window_get_ti4_combat (luck));
  close_luck_by_key (luck);

  campaign_fixture_tear_down (&fixture);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "ti4-luck-ui");

  g_test_add_func ("/ui/ti4-luck-ui/LRR-39.5/every-roll", test_every_roll);
  g_test_add_func ("/ui/ti4-luck-ui/LRR-39.5/beside-campaign", test_beside_campaign);

  return ui_test_finish (g_test_run ());
}
