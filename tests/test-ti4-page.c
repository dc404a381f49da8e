/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ti4-page.c: the "Twilight Imperium Combat" tab in the real window, without a
 * campaign — opened by win.ti4-combat, counts set through the spin buttons and the odds
 * labels following the engine's exact odds (LRR 39.10), an invalid set-up showing the
 * engine's message, a combat resolved to the end (LRR 39.3–39.10) with its report and dice
 * log, real dice typed in and a side's hit assignment checked by the rules (LRR 39.6),
 * undo, saved combats, and screenshots. Runs under Xvfb. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-dice-prompt.h"
#include "admiralty-ti4-hits-dialog.h"
#include "admiralty-ti4-page-private.h"
#include "admiralty-window-private.h"
#include "text-helpers.h"
#include "ui-helpers.h"

/* Opens the page as the master does, from the empty start screen: win.ti4-combat. */
static AdmiraltyTi4Page *
open_page (AdmiraltyWindow *window)
{
  AdmiraltyTi4Page *page;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ti4-combat", NULL));
  iterate ();
  page = _admiralty_window_get_ti4_page (window);
  g_assert_nonnull (page);
  g_assert_nonnull (page->catalog);
  return page;
}

/* A click on @button; gtk_widget_activate () would wait for the press animation. */
static void
click (gpointer button)
{
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

static guint
unit (AdmiraltyTi4Page *page,
      const char       *id)
{
  int index = adm_ti4_catalog_find (page->catalog, id);

  g_assert_cmpint (index, >=, 0);
  return index;
}

/* Types a count into a unit's spin button, as the master would. */
static void
set_count (AdmiraltyTi4Page *page,
           AdmTi4Side        side,
           const char       *id,
           guint             count)
{
  GtkSpinButton *spin = page->spins[side][unit (page, id)];
  g_autofree char *text = g_strdup_printf ("%u", count);

  g_assert_nonnull (spin);
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, count);
}

static gboolean
odds_settled (gpointer data)
{
  AdmiraltyTi4Page *page = data;

  return page->odds_source == 0 && page->odds_cancellable == NULL;
}

/* Waits for the debounced odds update. */
static void
wait_for_odds (AdmiraltyTi4Page *page)
{
  iterate_until (odds_settled, page, 5000);
  g_assert_cmpuint (page->odds_source, ==, 0);
}

static AdmTi4Odds *
engine_odds (AdmiraltyTi4Page *page)
{
  g_autoptr(GError) error = NULL;
  AdmTi4OddsOptions options;
  AdmTi4Setup setup;
  AdmTi4Odds *odds;

  _admiralty_ti4_page_get_setup (page, &setup);
  _admiralty_ti4_page_get_options (page, &options);
  odds = adm_ti4_odds_compute (page->catalog, &setup.attacker, &setup.defender, &options,
                               &error);
  g_assert_no_error (error);
  return odds;
}

static void
assert_percent (GtkLabel *label,
                double    probability)
{
  g_autofree char *expected = g_strdup_printf ("%.1f %%", 100 * probability);

  g_assert_cmpstr (gtk_label_get_text (label), ==, expected);
}

static void
assert_odds_shown (AdmiraltyTi4Page *page)
{
  g_autoptr(AdmTi4Odds) odds = engine_odds (page);

  g_assert_cmpstr (gtk_stack_get_visible_child_name (page->odds_stack), ==, "odds");
  assert_percent (page->percent_labels[0], odds->attacker);
  assert_percent (page->percent_labels[1], odds->draw);
  assert_percent (page->percent_labels[2], odds->defender);
  g_assert_cmpfloat_with_epsilon (admiralty_ti4_odds_bar_get_value (page->odds_bar, 0),
                                  odds->attacker, 1e-12);
  g_assert_cmpfloat_with_epsilon (admiralty_ti4_odds_bar_get_value (page->odds_bar, 2),
                                  odds->defender, 1e-12);
  g_assert_true (gtk_widget_get_sensitive (page->start_button));
}

static void
test_open_close (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page;
  AdwTabPage *tab;

  /* The empty start screen: no campaign, and the page still opens. */
  g_assert_null (admiralty_window_get_campaign (window));
  g_assert_cmpint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);
  page = open_page (window);
  g_assert_cmpint (adw_tab_view_get_n_pages (window->tab_view), ==, 4);
  tab = adw_tab_view_get_selected_page (window->tab_view);
  g_assert_true (adw_tab_page_get_child (tab) == GTK_WIDGET (page));
  g_assert_cmpstr (adw_tab_page_get_title (tab), ==, "Twilight Imperium Combat");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "Twilight Imperium Combat — Admiralty");

  /* Space combat: a row per ship and per ground force (as cargo), on each side. */
  for (guint u = 0; u < adm_ti4_catalog_get_n_units (page->catalog); u++)
    {
      const AdmTi4Unit *card = adm_ti4_catalog_get_unit (page->catalog, u);

      g_assert_nonnull (page->spins[ADM_TI4_ATTACKER][u]);
      g_assert_true (gtk_widget_is_visible (GTK_WIDGET (page->unit_rows[ADM_TI4_DEFENDER][u])));
      if (card->kind == ADM_TI4_KIND_GROUND)
        g_assert_nonnull (strstr (adw_action_row_get_subtitle (page->unit_rows[0][u]),
                                  "Cargo"));
    }
  /* LRR 48: ground combat shows only the ground forces, and no retreat. */
  gtk_toggle_button_set_active (page->ground_button, TRUE);
  g_assert_cmpint (page->arena, ==, ADM_TI4_GROUND);
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (page->ships_groups[0])));
  g_assert_false (gtk_widget_is_visible (GTK_WIDGET (page->system_rows[1])));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (page->unit_rows[0][unit (page, "mech")])));

  /* Ctrl+W closes it as it closes a battle's tab. */
  g_object_add_weak_pointer (G_OBJECT (page), (gpointer *) &page);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL));
  iterate ();
  g_assert_cmpint (adw_tab_view_get_n_pages (window->tab_view), ==, 3);
  g_assert_null (page);

  close_window (window);
}

/* LRR 39.10: the odds labels are the engine's exact odds for the counts typed in, and
 * follow each change once the typing stops. */
static void
test_odds_follow_counts (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page = open_page (window);
  g_autofree char *before = NULL;
  guint updates;

  set_count (page, ADM_TI4_ATTACKER, "dreadnought", 2);
  set_count (page, ADM_TI4_ATTACKER, "fighter", 3);
  set_count (page, ADM_TI4_DEFENDER, "destroyer-ii", 2);
  set_count (page, ADM_TI4_DEFENDER, "cruiser", 1);
  /* Debounced: four quick changes compute the odds once. */
  updates = page->odds_updates;
  wait_for_odds (page);
  g_assert_cmpuint (page->odds_updates, ==, updates + 1);
  assert_odds_shown (page);
  before = g_strdup (gtk_label_get_text (page->percent_labels[0]));

  /* A third dreadnought changes the odds, and the labels follow. */
  set_count (page, ADM_TI4_ATTACKER, "dreadnought", 3);
  wait_for_odds (page);
  assert_odds_shown (page);
  g_assert_cmpstr (gtk_label_get_text (page->percent_labels[0]), !=, before);

  /* The expected survivors per unit, and a policy or retreat change. */
  {
    g_autoptr(AdmTi4Odds) odds = engine_odds (page);
    g_autofree char *text = g_strdup_printf ("≈ %.2f left",
                                             odds->attacker_expected[unit (page, "dreadnought")]);

    g_assert_cmpstr (gtk_label_get_text (page->expect_labels[0][unit (page, "dreadnought")]),
                     ==, text);
    g_assert_cmpstr (gtk_label_get_text (page->expect_labels[0][unit (page, "carrier")]), ==, "");
  }
  adw_combo_row_set_selected (page->policy_rows[1], ADM_TI4_POLICY_CHEAPEST_FIRST);
  adw_expander_row_set_enable_expansion (page->retreat_rows[1], TRUE);
  wait_for_odds (page);
  assert_odds_shown (page);
  {
    g_autoptr(AdmTi4Odds) odds = engine_odds (page);

    g_assert_cmpfloat (odds->outcome[ADM_TI4_OUTCOME_DEFENDER_RETREATED], >, 0);
    g_assert_nonnull (strstr (gtk_label_get_text (page->details_label), "Retreats"));
  }

  /* Names appear under the bar. */
  gtk_editable_set_text (GTK_EDITABLE (page->name_rows[0]), "The Barony of Letnev");
  wait_for_odds (page);
  g_assert_cmpstr (gtk_label_get_text (page->caption_labels[0]), ==,
                   "The Barony of Letnev wins");

  close_window (window);
}

/* LRR 39.9, 48.4: a side with nothing that fights is no combat — the engine's message shows
 * in place of the odds and the combat cannot start. */
static void
test_invalid_setup (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page = open_page (window);
  g_autoptr(GError) error = NULL;
  AdmTi4OddsOptions options;
  AdmTi4Setup setup;
  g_autoptr(AdmTi4Odds) odds = NULL;

  set_count (page, ADM_TI4_ATTACKER, "carrier", 1);
  set_count (page, ADM_TI4_DEFENDER, "infantry", 2);  /* cargo only: no ships */
  wait_for_odds (page);

  _admiralty_ti4_page_get_setup (page, &setup);
  _admiralty_ti4_page_get_options (page, &options);
  odds = adm_ti4_odds_compute (page->catalog, &setup.attacker, &setup.defender, &options,
                               &error);
  g_assert_null (odds);
  g_assert_nonnull (error);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page->odds_stack), ==, "invalid");
  g_assert_cmpstr (gtk_label_get_text (page->odds_message_label), ==, error->message);
  g_assert_false (gtk_widget_get_sensitive (page->start_button));

  /* LRR 48: on the ground the infantry fights, and the attacker has no ground forces. */
  gtk_toggle_button_set_active (page->ground_button, TRUE);
  set_count (page, ADM_TI4_ATTACKER, "mech", 1);
  wait_for_odds (page);
  assert_odds_shown (page);

  /* LRR 48.4: the ground combat fought to the end is told in words about the planet. */
  click (page->start_button);
  iterate ();
  g_assert_nonnull (page->combat);
  g_assert_cmpint (adm_ti4_combat_get_setup (page->combat)->arena, ==, ADM_TI4_GROUND);
  click (page->end_button);
  iterate ();
  g_assert_true (adm_ti4_combat_is_over (page->combat));
  if (adm_ti4_combat_get_outcome (page->combat) == ADM_TI4_OUTCOME_DRAW)
    g_assert_nonnull (strstr (gtk_label_get_text (page->need_label), "draw"));
  else
    g_assert_nonnull (strstr (gtk_label_get_text (page->need_label), "planet"));

  close_window (window);
}

/* More units on a side than the rules allow (the spin buttons go to 100 a card): the engine's
 * refusal shows in place of the odds, the combat cannot start, and no unit keeps the
 * survivors worked out for the set-up before. */
static void
test_too_many_units (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page = open_page (window);

  set_count (page, ADM_TI4_ATTACKER, "war-sun", 100);
  set_count (page, ADM_TI4_ATTACKER, "dreadnought", 100);
  set_count (page, ADM_TI4_DEFENDER, "dreadnought", 3);
  wait_for_odds (page);
  assert_odds_shown (page);
  g_assert_cmpstr (gtk_label_get_text (page->expect_labels[0][unit (page, "war-sun")]), !=, "");

  set_count (page, ADM_TI4_ATTACKER, "cruiser", 1);
  wait_for_odds (page);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page->odds_stack), ==, "invalid");
  g_assert_cmpstr (gtk_label_get_text (page->odds_message_label), ==,
                   "The attacker has 201 units: a side may have at most 200");
  g_assert_false (gtk_widget_get_sensitive (page->start_button));
  for (guint s = 0; s < 2; s++)
    for (guint u = 0; u < ADM_TI4_MAX_UNITS; u++)
      if (page->expect_labels[s][u] != NULL)
        g_assert_cmpstr (gtk_label_get_text (page->expect_labels[s][u]), ==, "");

  /* One unit fewer, and the odds are back. */
  set_count (page, ADM_TI4_ATTACKER, "dreadnought", 99);
  wait_for_odds (page);
  assert_odds_shown (page);

  close_window (window);
}

static void
start_combat (AdmiraltyTi4Page *page)
{
  click (page->start_button);
  iterate ();
  g_assert_nonnull (page->combat);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page->stack), ==, "combat");
}

static guint
count_children (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* LRR 39.3–39.10: "Resolve to End" with the program's dice plays the combat out; the report
 * and the dice log list every line and roll, and the outcome is told in words. */
static void
test_resolve_to_end (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page = open_page (window);
  GPtrArray *log, *rolls;
  AdmTi4Outcome outcome;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  set_count (page, ADM_TI4_ATTACKER, "dreadnought", 2);
  set_count (page, ADM_TI4_ATTACKER, "carrier", 1);
  set_count (page, ADM_TI4_ATTACKER, "fighter", 3);
  set_count (page, ADM_TI4_ATTACKER, "infantry", 2);
  set_count (page, ADM_TI4_DEFENDER, "destroyer-ii", 2);
  set_count (page, ADM_TI4_DEFENDER, "cruiser", 2);
  wait_for_odds (page);
  wait_frame (GTK_WIDGET (window));
  save_screenshot (GTK_WIDGET (window), "test-ti4-page-setup.png");

  start_combat (page);
  g_assert_false (admiralty_ti4_page_can_undo (page));
  click (page->end_button);
  iterate ();
  g_assert_null (page->error_dialog);
  g_assert_true (adm_ti4_combat_is_over (page->combat));

  log = adm_ti4_combat_get_log (page->combat);
  rolls = adm_ti4_combat_get_rolls (page->combat);
  g_assert_cmpuint (log->len, >, 0);
  g_assert_cmpuint (rolls->len, >, 0);
  g_assert_cmpuint (count_children (GTK_WIDGET (page->report_list)), ==, log->len);
  g_assert_cmpuint (count_children (GTK_WIDGET (page->dice_list)), ==, rolls->len);

  /* LRR 39.10: the outcome in words. */
  outcome = adm_ti4_combat_get_outcome (page->combat);
  g_assert_cmpstr (gtk_label_get_text (page->round_label), ==, "Combat Over");
  if (outcome == ADM_TI4_OUTCOME_DRAW)
    g_assert_nonnull (strstr (gtk_label_get_text (page->need_label), "draw"));
  else
    g_assert_nonnull (strstr (gtk_label_get_text (page->need_label),
                              outcome == ADM_TI4_OUTCOME_ATTACKER_WINS ? "Attacker"
                              : "Defender"));
  g_assert_cmpstr (gtk_button_get_label (page->step_button), ==, "_New Combat");
  g_assert_false (gtk_widget_get_visible (page->end_button));

  /* Undo through the window's win.undo takes back one step. */
  {
    guint events = adm_ti4_combat_get_events (page->combat)->len;

    g_assert_true (admiralty_ti4_page_can_undo (page));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
    iterate ();
    g_assert_cmpuint (adm_ti4_combat_get_events (page->combat)->len, ==, events - 1);
    g_assert_false (adm_ti4_combat_is_over (page->combat));
    g_assert_cmpstr (gtk_label_get_text (page->round_label), !=, "Combat Over");
    click (page->end_button);
    iterate ();
    g_assert_true (adm_ti4_combat_is_over (page->combat));
  }

  wait_frame (GTK_WIDGET (window));
  save_screenshot (GTK_WIDGET (window), "test-ti4-page-combat.png");

  /* "New Combat" goes back to the set-up, counts kept. */
  click (page->step_button);
  iterate ();
  g_assert_null (page->combat);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (page->stack), ==, "setup");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (page->spins[0][unit (page, "dreadnought")]),
                   ==, 2);

  close_window (window);
}

static void
enter_dice (AdmiraltyTi4Page *page,
            guint             value)
{
  const AdmTi4Need *need = adm_ti4_combat_get_need (page->combat);
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *dialog;

  g_assert_cmpint (need->kind, ==, ADM_TI4_NEED_DICE);
  click (page->step_button);
  iterate ();
  dialog = admiralty_typed_dice_get_prompt (page->typed);
  g_assert_nonnull (dialog);
  for (guint i = 0; i < need->count; i++)
    g_string_append_printf (text, i > 0 ? " %u" : "%u", value);
  admiralty_dice_prompt_set_text (dialog, text->str);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "enter"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "enter");
  if (admiralty_typed_dice_get_prompt (page->typed) != NULL)
    gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (admiralty_typed_dice_get_prompt (page->typed));
}

static void
set_spin (GtkSpinButton *spin,
          guint          value)
{
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (spin, value);
}

/* LRR 39.5, 39.6, 39.6.a: real dice typed in; the attacker's hit assignment offered with
 * its policy's suggestion, a wrong one refused with the rules' message, the suggestion
 * accepted, and undo taking the assignment back. */
static void
test_physical_dice_and_hits (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page = open_page (window);
  guint dreadnought = unit (page, "dreadnought");
  const AdmTi4Need *need;
  AdmiraltyTi4HitsDialog *dialog;
  AdmTi4Assignment suggestion;
  AdmTi4Fleet before, expected;
  g_autoptr(GError) error = NULL;
  guint events;

  g_settings_set_string (settings, "dice-mode", "physical");
  set_count (page, ADM_TI4_ATTACKER, "dreadnought", 2);
  set_count (page, ADM_TI4_DEFENDER, "cruiser", 3);
  wait_for_odds (page);
  start_combat (page);
  /* Physical dice: the program rolls nothing by itself. */
  g_assert_false (gtk_widget_get_sensitive (page->round_button));
  g_assert_false (gtk_widget_get_sensitive (page->end_button));
  /* LRR 39.4: each side may announce a retreat first, the defender first; both stay. */
  need = adm_ti4_combat_get_need (page->combat);
  g_assert_cmpint (need->kind, ==, ADM_TI4_NEED_RETREAT);
  g_assert_cmpint (need->side, ==, ADM_TI4_DEFENDER);
  g_assert_true (gtk_widget_get_visible (page->stay_button));
  while (adm_ti4_combat_get_need (page->combat)->kind == ADM_TI4_NEED_RETREAT)
    {
      guint journaled = adm_ti4_combat_get_events (page->combat)->len;

      click (page->stay_button);
      iterate ();
      g_assert_cmpuint (adm_ti4_combat_get_events (page->combat)->len, ==, journaled + 1);
    }
  g_assert_cmpstr (gtk_button_get_label (page->step_button), ==, "_Enter 2 Dice…");

  /* Every die a "0" (10): each hits (LRR 39.5). The attacker rolls first, then the
   * defender, and then the attacker assigns the defender's 3 hits. */
  enter_dice (page, 10);
  enter_dice (page, 10);
  need = adm_ti4_combat_get_need (page->combat);
  g_assert_cmpint (need->kind, ==, ADM_TI4_NEED_HITS);
  g_assert_cmpint (need->side, ==, ADM_TI4_ATTACKER);
  g_assert_cmpuint (need->count, ==, 3);
  g_assert_cmpuint (adm_ti4_combat_get_rolls (page->combat)->len, ==, 2);
  g_assert_cmpuint (count_children (GTK_WIDGET (page->dice_list)), ==, 2);

  click (page->step_button);
  iterate ();
  g_assert_nonnull (page->hits_dialog);
  dialog = ADMIRALTY_TI4_HITS_DIALOG (page->hits_dialog);

  iterate_until (widget_mapped, dialog, 5000);
  wait_frame (GTK_WIDGET (dialog));
  save_screenshot (GTK_WIDGET (dialog), "test-ti4-page-hits.png");

  /* Pre-filled with sustain-first: both dreadnoughts sustain damage (LRR 39.6.a), and the
   * third hit destroys one of them, now damaged. */
  before = *adm_ti4_combat_get_fleet (page->combat, ADM_TI4_ATTACKER);
  adm_ti4_fleet_suggest (page->catalog, &before, ADM_TI4_SPACE, 3,
                         ADM_TI4_POLICY_SUSTAIN_FIRST, &suggestion);
  g_assert_cmpmem (admiralty_ti4_hits_dialog_get_assignment (dialog), sizeof suggestion,
                   &suggestion, sizeof suggestion);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                          "assign"));

  g_assert_cmpuint (suggestion.sustain[dreadnought], ==, 2);
  g_assert_cmpuint (suggestion.destroy_damaged[dreadnought], ==, 1);
  /* LRR 39.6: every hit must go to a unit; with none sustained, one damaged unit cannot be
   * destroyed and only 1 hit of 3 is assigned. */
  set_spin (admiralty_ti4_hits_dialog_get_spin (dialog, dreadnought,
                                                ADMIRALTY_TI4_HITS_SUSTAIN), 0);
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                           "assign"));
  g_assert_false (admiralty_ti4_hits_dialog_check (dialog, &error));
  g_assert_nonnull (error);
  g_assert_cmpstr (admiralty_ti4_hits_dialog_get_message (dialog), ==, error->message);
  g_clear_error (&error);

  /* Back to the suggestion: accepted. */
  set_spin (admiralty_ti4_hits_dialog_get_spin (dialog, dreadnought,
                                                ADMIRALTY_TI4_HITS_SUSTAIN),
            suggestion.sustain[dreadnought]);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog),
                                                          "assign"));
  events = adm_ti4_combat_get_events (page->combat)->len;
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "assign");
  if (page->hits_dialog != NULL)
    gtk_window_close (GTK_WINDOW (dialog));
  iterate ();
  g_assert_null (page->hits_dialog);
  g_assert_cmpuint (adm_ti4_combat_get_events (page->combat)->len, >, events);

  expected = before;
  g_assert_true (adm_ti4_fleet_apply (page->catalog, &expected, ADM_TI4_SPACE, 3, FALSE,
                                      &suggestion, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (expected.intact[dreadnought], ==, 0);
  g_assert_cmpuint (expected.damaged[dreadnought], ==, 1);
  g_assert_true (adm_ti4_fleet_equal (adm_ti4_combat_get_fleet (page->combat, ADM_TI4_ATTACKER),
                                      &expected));

  /* Undo takes the assignment back: the attacker chooses again. */
  click (page->undo_button);
  iterate ();
  g_assert_cmpuint (adm_ti4_combat_get_events (page->combat)->len, ==, events);
  g_assert_true (adm_ti4_fleet_equal (adm_ti4_combat_get_fleet (page->combat, ADM_TI4_ATTACKER),
                                      &before));
  need = adm_ti4_combat_get_need (page->combat);
  g_assert_cmpint (need->kind, ==, ADM_TI4_NEED_HITS);
  g_assert_cmpint (need->side, ==, ADM_TI4_ATTACKER);

  /* Back to the program's dice: the automatic steps are offered again. */
  g_settings_reset (settings, "dice-mode");
  g_assert_true (gtk_widget_get_sensitive (page->round_button));
  g_assert_true (gtk_widget_get_sensitive (page->end_button));
  close_window (window);
}

/* Saving the set-up and the combat, opening them again, and a broken file that changes
 * nothing and says where it is wrong. */
static void
test_files (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page = open_page (window);
  AdmiraltyTi4Page *other;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-ti4-page-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "combat.ti4.xml", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.ti4.xml", NULL);
  guint events;

  g_assert_no_error (error);
  set_count (page, ADM_TI4_ATTACKER, "war-sun", 1);
  set_count (page, ADM_TI4_DEFENDER, "destroyer", 4);
  gtk_editable_set_text (GTK_EDITABLE (page->name_rows[1]), "Xxcha");
  wait_for_odds (page);
  start_combat (page);
  click (page->round_button);
  iterate ();
  events = adm_ti4_combat_get_events (page->combat)->len;
  g_assert_cmpuint (events, >, 0);
  g_assert_true (admiralty_ti4_page_save_file (page, path, &error));
  g_assert_no_error (error);

  other = open_page (window);
  g_assert_true (other != page);
  g_assert_true (admiralty_ti4_page_open_file (other, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_ti4_combat_get_events (other->combat)->len, ==, events);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (other->spins[1][unit (other, "destroyer")]),
                   ==, 4);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (other->name_rows[1])), ==, "Xxcha");
  g_assert_cmpstr (gtk_stack_get_visible_child_name (other->stack), ==, "combat");

  /* The report as PDF: the same document the CLI prints, laid out on the paper. */
  {
    g_autofree char *pdf = g_build_filename (dir, "combat.pdf", NULL);
    g_autofree char *contents = NULL;
    gsize length = 0;

    g_assert_true (admiralty_ti4_page_export_pdf (other, pdf, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
    g_assert_cmpuint (length, >, 1000);
    g_assert_true (g_str_has_prefix (contents, "%PDF"));
    /* LRR 39.5: with its luck ledger, the round's dice beside their expected hits. */
    {
      g_autofree char *words = pdf_text (pdf);

      assert_contains (words, "Luck ledger", "the combat's PDF");
      assert_contains (words, "Luckiest roll:", "the combat's PDF");
    }
    g_unlink (pdf);
  }

  /* A broken file: the message names file and line, and the page stays as it was. */
  g_assert_true (g_file_set_contents (broken, "<?xml version=\"1.0\"?>\n<ti4-combat version=\"1\"\n",
                                      -1, NULL));
  {
    AdmTi4Combat *combat = other->combat;

    g_assert_false (admiralty_ti4_page_open_file (other, broken, &error));
    g_assert_nonnull (error);
    g_assert_true (g_str_has_prefix (error->message, broken));
    g_assert_true (other->combat == combat);
    g_assert_cmpuint (adm_ti4_combat_get_events (other->combat)->len, ==, events);
  }
  g_clear_error (&error);

  /* The window's Open (and the command line) knows a saved combat by its root element and
   * opens it in a tab of its own; a broken one opens nothing and says why. */
  {
    guint tabs = adw_tab_view_get_n_pages (window->tab_view);
    AdmiraltyTi4Page *opened;

    g_assert_true (admiralty_window_open (window, path));
    iterate ();
    g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, tabs + 1);
    opened = _admiralty_window_get_ti4_page (window);
    g_assert_nonnull (opened);
    g_assert_true (opened != other && opened != page);
    g_assert_nonnull (opened->combat);
    g_assert_cmpuint (adm_ti4_combat_get_events (opened->combat)->len, ==, events);

    g_assert_false (admiralty_window_open (window, broken));
    iterate ();
    g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, tabs + 1);
    g_assert_nonnull (_admiralty_window_get_error_dialog (window));
  }

  close_window (window);
  g_unlink (path);
  g_unlink (broken);
  g_rmdir (dir);
}

/* Every step of a combat is on disk before it is shown, as a battle's phases are —
 * a combat never saved goes under the user's data folder, where battles go on, and the
 * session names it; one opened from a writable folder goes on in its own file. */
static void
test_autosave (void)
{
  AdmiraltyWindow *window = shown_window_new (0, 0);
  AdmiraltyTi4Page *page = open_page (window);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTi4Combat) saved = NULL;
  g_autofree char *battles = g_build_filename (g_get_user_data_dir (), "admiralty", "battles",
                                               NULL);
  g_autofree char *folder = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-ti4-page-XXXXXX", &error);
  g_autofree char *own = g_build_filename (dir, "own.ti4.xml", NULL);
  g_auto(GStrv) session = NULL;
  guint events;

  g_assert_no_error (error);
  set_count (page, ADM_TI4_ATTACKER, "dreadnought", 2);
  set_count (page, ADM_TI4_DEFENDER, "destroyer", 4);
  wait_for_odds (page);
  start_combat (page);
  g_assert_null (admiralty_ti4_page_get_path (page));
  click (page->round_button);
  iterate ();
  g_assert_nonnull (admiralty_ti4_page_get_path (page));
  folder = g_path_get_dirname (admiralty_ti4_page_get_path (page));
  g_assert_cmpstr (folder, ==, battles);
  events = adm_ti4_combat_get_events (page->combat)->len;
  g_assert_cmpuint (events, >, 0);
  saved = adm_ti4_combat_load_file (page->catalog, admiralty_ti4_page_get_path (page), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_ti4_combat_get_events (saved)->len, ==, events);
  g_clear_object (&saved);
  session = g_settings_get_strv (window->settings, "session-ti4");
  g_assert_true (g_strv_contains ((const char * const *) session,
                                  admiralty_ti4_page_get_path (page)));

  /* An undo is a step too: it is in the file at once. */
  g_assert_true (admiralty_ti4_page_undo (page));
  iterate ();
  saved = adm_ti4_combat_load_file (page->catalog, admiralty_ti4_page_get_path (page), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_ti4_combat_get_events (saved)->len, <, events);
  g_clear_object (&saved);

  /* Saved under a folder of the master's: it goes on there. */
  g_assert_true (admiralty_ti4_page_redo (page));
  g_assert_true (admiralty_ti4_page_save_file (page, own, &error));
  g_assert_no_error (error);
  if (!adm_ti4_combat_is_over (page->combat))
    {
      click (page->round_button);
      iterate ();
      g_assert_cmpstr (admiralty_ti4_page_get_path (page), ==, own);
      saved = adm_ti4_combat_load_file (page->catalog, own, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (adm_ti4_combat_get_events (saved)->len, ==,
                        adm_ti4_combat_get_events (page->combat)->len);
    }
  close_window (window);
  g_unlink (own);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "ti4-page");

  g_test_add_func ("/ui/ti4-page/open-close", test_open_close);
  g_test_add_func ("/ui/ti4-page/LRR-39.10/odds-follow-counts", test_odds_follow_counts);
  g_test_add_func ("/ui/ti4-page/LRR-39.9/invalid-setup", test_invalid_setup);
  g_test_add_func ("/ui/ti4-page/too-many-units", test_too_many_units);
  g_test_add_func ("/ui/ti4-page/LRR-39.10/resolve-to-end", test_resolve_to_end);
  g_test_add_func ("/ui/ti4-page/LRR-39.6/physical-dice-and-hits", test_physical_dice_and_hits);
  g_test_add_func ("/ui/ti4-page/files", test_files);
  g_test_add_func ("/ui/ti4-page/autosave", test_autosave);

  return ui_test_finish (g_test_run ());
}
