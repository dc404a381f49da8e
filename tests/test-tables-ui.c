/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tables-ui.c: several masters, one campaign, in the chief's window under Xvfb (Komarr
 * after cycle 1, F-STRAT-4). The Tables dialog turns tables on (each with its join link and
 * the engagements at it, live) and off; the queue's "Send to Table…" is insensitive while
 * tables are off, then hands c1-3 to "Table 2" as one undoable action (Ctrl+Z takes it back);
 * the entries the table sends show in its row live (turn, phase, losses) and in the dialog;
 * before the table begins, "View Placements" shows its placements read-only, following the
 * table master's; "Watch Battle" opens it read-only and follows each entry; an Undo the engine refuses (the
 * table has played) changes nothing; "Take Back…" with a reason gives it back to the chief.
 * At the table (the same process on loopback), Join a Table lists the engagement, opens it in
 * a battle page, sends each phase to the chief and then the ending, and offers the link again
 * next time; started again after the table's Admiralty was gone, the session reopens the
 * table's battle and sends what waited. Without the network, Export Battle… at the table and
 * Import Table Battle… at the chief carry the battle in a file, through the menus. Without a
 * link, Join a Table asks the chief (Ask to Join, as from the list of chiefs found): both
 * dialogs show the same two words (the chief's window tells him with a toast that someone
 * asks), and the chief's Let In, clicked with the pointer, lets the table in as "Table 2",
 * which lists c1-3; Refuse is said at the table.
 * Screenshots of the queue and the dialogs are saved in the build's tests folder. */

#include "config.h"

#include <string.h>

#include "admiralty-battle-page.h"
#include "admiralty-engagement-dialog.h"
#include "admiralty-join-dialog.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-share-dialog.h"
#include "admiralty-tables-dialog.h"
#include "admiralty-window-private.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "portal-helpers.h"
#include "ui-helpers.h"
#include "adm-battle-layout.h"
#include "adm-campaign-journal.h"
#include "adm-dice-ledger.h"
#include "adm-dice-queue.h"

/* The header of a table handed its battle with the program's dice only, all sent. */
#define PROGRAM_ONLY_SENT "All sent to the chief · the program's dice only, as he handed it over"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
#define C1_3 2                            /* c1-3's place in the queue of cycle 1 */

typedef CampaignFixture Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  komarr_fixture_set_up (fixture, "tables-ui", 1, T0, 0, 0);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  campaign_fixture_tear_down (fixture);
}

static AdmiraltyCampaignOrders *
board (Fixture *fixture)
{
  return _admiralty_window_get_campaign_orders (fixture->window);
}

/* The queue's line of @id as the board shows it. */
static char *
queue_line (Fixture    *fixture,
            const char *id)
{
  g_autofree char *text = admiralty_campaign_orders_get_engagements_text (board (fixture));
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], id) && lines[i][strlen (id)] == ' ')
      return g_strdup (lines[i]);
  return NULL;
}

/* The menu button of engagement @id's row, or NULL. */
static GtkWidget *
row_menu (Fixture    *fixture,
          const char *id)
{
  g_autofree char *prefix = g_strdup_printf ("%s ", id);
  GtkWidget *row = find_widget (GTK_WIDGET (board (fixture)), is_row_beginning, prefix);

  g_assert_nonnull (row);
  return find_widget (row, is_of_type, GSIZE_TO_POINTER (GTK_TYPE_MENU_BUTTON));
}

/* The table's master plays @phases phases of its battle with @dice and sends what the chief
 * lacks. */
static void
table_plays_with (Fixture       *fixture,
                  AdmBattle     *battle,
                  int            phases,
                  AdmDiceSource *dice)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autofree char *orders_path = source_path ("tests/data/campaign-battles",
                                              "komarr-c1-3.orders.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (orders_path, &error);
  g_autoptr(GPtrArray) at = adm_campaign_get_table_engagements (campaign, "Table 2");
  const AdmTableAssignment *assignment;
  AdmTableReceipt receipt;
  g_autofree char *message = NULL;
  gsize length;

  g_assert_no_error (error);
  g_assert_cmpuint (at->len, ==, 1);
  assignment = g_ptr_array_index (at, 0);
  for (int phase = 0; phase < phases; phase++)
    {
      g_assert_true (adm_battle_resolve_phase (battle,
                                               adm_battle_orders_get_turn (orders,
                                                                           adm_battle_get_turn (battle)),
                                               dice, &error));
      g_assert_no_error (error);
    }
  adm_campaign_get_table_receipt (campaign, "c1-3", &receipt);
  message = adm_table_battle_message (battle, "c1-3", assignment->id, receipt.kept + 1, NULL,
                                      &length);
  g_assert_true (adm_campaign_receive_from_table (campaign, "Table 2", message, length,
                                                  "Table 2", &receipt, &error));
  g_assert_no_error (error);
  iterate ();
}

/* The table's master plays @phases phases of its battle with the program's dice. */
static void
table_plays (Fixture   *fixture,
             AdmBattle *battle,
             int        phases)
{
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5 + adm_battle_get_journal (battle)->len);

  table_plays_with (fixture, battle, phases, ADM_DICE_SOURCE (dice));
}

/* The subtitle of the Tables dialog's count. */
static const char *
count_subtitle (AdmiraltyTablesDialog *dialog)
{
  GtkWidget *row = find_widget (GTK_WIDGET (dialog), is_row_beginning, "_Tables");

  g_assert_nonnull (row);
  return adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
}

static gboolean
is_label_beginning (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
}

typedef struct {
  GtkWidget  *widget;
  const char *beginning;
} LabelSought;

static gboolean
label_shown (gpointer data)
{
  LabelSought *sought = data;
  GtkWidget *label = find_widget (sought->widget, is_label_beginning, sought->beginning);

  return label != NULL && gtk_widget_get_width (label) > 0;
}

/* The label shown under @widget whose text begins with @beginning reads whole: Pango did not
 * cut it, nor does it end in "…", which reads as cut. A toast's label is waited for: it shows
 * once the toast before it has gone. */
static void
assert_reads_whole (GtkWidget  *widget,
                    const char *beginning)
{
  LabelSought sought = { widget, beginning };
  GtkWidget *label;
  const char *text;

  iterate_until (label_shown, &sought, 5000);
  label = find_widget (widget, is_label_beginning, beginning);
  g_assert_nonnull (label);
  text = gtk_label_get_text (GTK_LABEL (label));
  g_test_message ("shown: “%s”", text);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  g_assert_false (g_str_has_suffix (text, "…"));
}

static void
test_queue_and_dialog (Fixture       *fixture,
                       gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autofree char *line = NULL, *text = NULL, *saved = NULL;
  AdmiraltyTablesDialog *dialog;
  AdmiraltyBattlePage *page;
  GtkWidget *menu, *why;
  guint events, journal;

  adw_tab_view_set_selected_page (fixture->window->tab_view, fixture->window->orders_tab);
  iterate ();
  /* Tables off: the row's menu is there, insensitive, saying why. */
  menu = row_menu (fixture, "c1-3");
  g_assert_nonnull (menu);
  g_assert_false (gtk_widget_get_sensitive (menu));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (menu), "Tables…"));

  /* The Tables dialog turns two tables on, on the portal's server. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.tables", NULL));
  iterate ();
  dialog = NULL;
  for (GList *l = gtk_window_list_toplevels (); l != NULL; l = g_list_delete_link (l, l))
    if (ADMIRALTY_IS_TABLES_DIALOG (l->data))
      dialog = l->data;
  g_assert_nonnull (dialog);
  g_assert_cmpstr (count_subtitle (dialog), ==, "0: no other tables");
  g_assert_true (adm_portal_start (admiralty_campaign_orders_get_portal (board (fixture)),
                                   "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tables.set-count", "u", 2));
  iterate ();
  g_assert_cmpuint (admiralty_tables_dialog_get_n_tables (dialog), ==, 2);
  g_assert_cmpstr (count_subtitle (dialog), ==, "2 other tables: their join links are below");
  g_assert_cmpuint (admiralty_campaign_orders_get_n_tables (board (fixture)), ==, 2);
  text = admiralty_tables_dialog_get_table_text (dialog, "Table 2");
  g_assert_true (g_str_has_prefix (text, "https://127.0.0.1:"));
  g_assert_nonnull (strstr (text, "/table/"));
  g_assert_nonnull (strstr (text, "#sha256="));
  g_assert_nonnull (strstr (text, "No engagements yet"));
  g_clear_pointer (&text, g_free);
  g_assert_true (gtk_widget_get_sensitive (row_menu (fixture, "c1-3")));

  /* Send to Table: one action, undone and redone like any other. */
  events = adm_campaign_get_events (campaign)->len;
  g_assert_true (admiralty_campaign_orders_send_to_table (board (fixture), C1_3, "Table 2",
                                                          &error));
  g_assert_no_error (error);
  iterate ();
  line = queue_line (fixture, "c1-3");
  g_assert_nonnull (strstr (line, "At the table “Table 2”"));
  g_clear_pointer (&line, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  iterate ();
  line = queue_line (fixture, "c1-3");
  g_assert_null (strstr (line, "At the table"));
  g_clear_pointer (&line, g_free);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL));
  iterate ();
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, >, events);
  text = admiralty_tables_dialog_get_table_text (dialog, "Table 2");
  g_assert_nonnull (strstr (text, "c1-3 · Pol orbit — At the table “Table 2”"));
  g_clear_pointer (&text, g_free);

  /* The table plays and sends: the row says where its battle stands, live. */
  saved = adm_campaign_table_battle (campaign, "Table 2", "c1-3", &error);
  g_assert_no_error (error);
  battle = adm_battle_load_game_memory (saved, strlen (saved), "c1-3", &error);
  g_assert_no_error (error);
  table_plays (fixture, battle, 6);
  line = queue_line (fixture, "c1-3");
  g_assert_nonnull (strstr (line, "At the table “Table 2” · Turn "));
  g_clear_pointer (&line, g_free);
  text = admiralty_tables_dialog_get_table_text (dialog, "Table 2");
  g_assert_nonnull (strstr (text, "At the table “Table 2” · Turn "));
  g_clear_pointer (&text, g_free);
  dismiss_toasts (GTK_WIDGET (fixture->window));
  save_screenshot (GTK_WIDGET (dialog), "tables-dialog.png");
  save_screenshot (GTK_WIDGET (fixture->window), "tables-queue.png");

  /* The table has played: Undo of the hand-off is refused and changes nothing. The toast
   * says so in words it shows whole; its Why? gives the reason whole. */
  events = adm_campaign_get_events (campaign)->len;
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL);
  iterate ();
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, events);
  g_assert_nonnull (adm_state_get_table (adm_campaign_get_state (campaign), "c1-3"));
  wait_frame (GTK_WIDGET (fixture->window));
  assert_reads_whole (GTK_WIDGET (fixture->window), "Nothing was undone");
  why = find_widget (GTK_WIDGET (fixture->window), is_button_labelled, "_Why?");
  g_assert_nonnull (why);
  g_signal_emit_by_name (why, "clicked");
  iterate_until (message_dialog_shown, NULL, 5000);
  g_assert_cmpstr (adw_message_dialog_get_heading (message_dialog ()), ==, "Nothing Was Undone");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (message_dialog ()),
                            "The table “Table 2” has sent what it played of engagement c1-3, "
                            "which the campaign keeps: Undo cannot give it back."));
  gtk_window_destroy (GTK_WINDOW (message_dialog ()));
  iterate_until (message_dialog_gone, NULL, 5000);
  dismiss_toasts (GTK_WIDGET (fixture->window));

  /* Watch Battle: read-only, following each entry. */
  admiralty_campaign_orders_open_engagement (board (fixture), C1_3);
  iterate ();
  page = _admiralty_window_get_battle_page (fixture->window);
  g_assert_nonnull (page);
  g_assert_true (admiralty_battle_page_get_at_table (page));
  g_assert_true (admiralty_battle_page_get_read_only (page));
  g_assert_false (admiralty_battle_page_undo (page, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE);
  g_clear_error (&error);
  g_assert_nonnull (strstr (admiralty_battle_page_get_phase_label (page), "Table 2"));
  journal = adm_battle_get_journal (admiralty_battle_page_get_battle (page))->len;
  table_plays (fixture, battle, 2);
  page = _admiralty_window_get_battle_page (fixture->window);
  g_assert_nonnull (page);
  g_assert_cmpuint (adm_battle_get_journal (admiralty_battle_page_get_battle (page))->len, >,
                    journal);
  g_assert_true (admiralty_battle_page_get_read_only (page));
  dismiss_toasts (GTK_WIDGET (fixture->window));
  save_screenshot (GTK_WIDGET (fixture->window), "tables-watch.png");

  /* Take Back, with the chief's reason: the battle is his again. */
  adw_tab_view_set_selected_page (fixture->window->tab_view, fixture->window->orders_tab);
  /* No reason, no taking back. */
  g_assert_false (admiralty_campaign_orders_take_back (board (fixture), C1_3, "", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (admiralty_campaign_orders_take_back (board (fixture), C1_3,
                                                      "The laptop broke down", &error));
  g_assert_no_error (error);
  iterate ();
  line = queue_line (fixture, "c1-3");
  g_assert_null (strstr (line, "At the table"));
  g_assert_null (adm_state_get_table (adm_campaign_get_state (campaign), "c1-3"));

  /* Tables off: the links die, the menu says why again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "tables.set-count", "u", 0));
  iterate ();
  g_assert_cmpuint (admiralty_campaign_orders_get_n_tables (board (fixture)), ==, 0);
  g_assert_cmpstr (count_subtitle (dialog), ==, "0: no other tables");
  gtk_widget_activate_action (GTK_WIDGET (dialog), "tables.set-count", "u", 1);
  iterate ();
  g_assert_cmpstr (count_subtitle (dialog), ==, "1 other table: its join link is below");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* Handed to "Table 2" letting its master type real dice in, c1-3's row in the queue counts
 * the rolls typed in there, as the master's report and every side's dice log say them. */
static void
test_typed_at_table (Fixture       *fixture,
                     gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDiceQueue) typed = adm_dice_queue_new ();
  g_autofree char *saved = NULL, *line = NULL, *expected = NULL;
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  guint rolls;

  adw_tab_view_set_selected_page (fixture->window->tab_view, fixture->window->orders_tab);
  iterate ();
  g_assert_true (admiralty_campaign_orders_send_to_table_full (board (fixture), C1_3, "Table 2",
                                                               TRUE, &error));
  g_assert_no_error (error);
  /* The chief commits to the program's dice as the table downloads its set-up. */
  g_assert_true (adm_campaign_table_dice (campaign, "Table 2", "c1-3", T0 + 700, secret,
                                          &error));
  g_assert_no_error (error);
  saved = adm_campaign_table_battle (campaign, "Table 2", "c1-3", &error);
  g_assert_no_error (error);
  battle = adm_battle_load_game_memory (saved, strlen (saved), "c1-3", &error);
  g_assert_no_error (error);
  iterate ();
  line = queue_line (fixture, "c1-3");
  g_assert_null (strstr (line, "typed at"));
  g_clear_pointer (&line, g_free);

  for (guint i = 0; i < 2000; i++)
    adm_dice_queue_push (typed, 3);
  for (guint round = 0; round < 8 && adm_battle_get_rolls (battle)->len < 2; round++)
    table_plays_with (fixture, battle, 2, ADM_DICE_SOURCE (typed));
  rolls = adm_battle_get_rolls (battle)->len;
  g_assert_cmpuint (rolls, >, 1);
  expected = g_strdup_printf (" · %u rolls typed at “Table 2”", rolls);
  line = queue_line (fixture, "c1-3");
  g_test_message ("%s", line);
  g_assert_nonnull (strstr (line, "At the table “Table 2” · Turn "));
  g_assert_true (g_str_has_suffix (line, expected));
  save_screenshot (GTK_WIDGET (fixture->window), "tables-typed-queue.png");
}

/* The dialog the queue's row menu opens with board.@action for c1-3. */
static AdwMessageDialog *
open_dialog (Fixture    *fixture,
             const char *action)
{
  AdwMessageDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (board (fixture)), action, "u", C1_3));
  iterate_until (message_dialog_shown, NULL, 5000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  return dialog;
}

/* @dialog asks @heading, answered by _Cancel (also Escape) or @label for @response, the
 * default, in @appearance. */
static void
assert_asks (AdwMessageDialog      *dialog,
             const char            *heading,
             const char            *response,
             const char            *label,
             AdwResponseAppearance  appearance)
{
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, heading);
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, "cancel"), ==, "_Cancel");
  g_assert_cmpstr (adw_message_dialog_get_close_response (dialog), ==, "cancel");
  g_assert_cmpstr (adw_message_dialog_get_response_label (dialog, response), ==, label);
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, response), ==,
                   appearance);
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, response);
}

/* The Send to Table dialog's typed-dice switch. */
static GtkSwitch *
typed_dice_switch (AdwMessageDialog *dialog)
{
  return GTK_SWITCH (find_widget (adw_message_dialog_get_extra_child (dialog), is_of_type,
                                   GSIZE_TO_POINTER (GTK_TYPE_SWITCH)));
}

/* The dialogs of the queue's row menu, as the master answers them: "Send to Table…" offers
 * the tables turned on and sends c1-3 to the one chosen; "Take Back…" takes it back only with
 * a reason, and Enter in the reason answers and closes it. Escape (the close response)
 * cancels each, changing nothing. */
static void
test_send_and_take_back_dialogs (Fixture       *fixture,
                                 gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  AdwMessageDialog *dialog;
  GtkWidget *extra;
  g_autofree char *line = NULL;
  guint events;

  adw_tab_view_set_selected_page (fixture->window->tab_view, fixture->window->orders_tab);
  admiralty_campaign_orders_set_n_tables (board (fixture), 2);
  iterate ();

  /* Send to Table: the tables in a drop-down, then the dice policy, typed dice off; Send
   * suggested and the default. */
  dialog = open_dialog (fixture, "board.send-to-table");
  assert_asks (dialog, "Send c1-3 to a Table?", "send", "_Send", ADW_RESPONSE_SUGGESTED);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "Its master fights the battle on his own computer; each "
                                   "entry appears here as he records it."));
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "send"));
  extra = gtk_widget_get_first_child (adw_message_dialog_get_extra_child (dialog));
  g_assert_true (GTK_IS_DROP_DOWN (extra));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (extra))),
                    ==, 2);
  g_assert_nonnull (typed_dice_switch (dialog));
  g_assert_false (gtk_switch_get_active (typed_dice_switch (dialog)));
  save_screenshot (GTK_WIDGET (dialog), "tables-send-dialog.png");
  /* Cancelled: nothing journaled. */
  events = adm_campaign_get_events (campaign)->len;
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, events);
  /* Table 2 chosen, typed dice allowed, and sent: the hand-off records the policy. */
  dialog = open_dialog (fixture, "board.send-to-table");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (gtk_widget_get_first_child (
                                adw_message_dialog_get_extra_child (dialog))), 1);
  gtk_switch_set_active (typed_dice_switch (dialog), TRUE);
  adw_message_dialog_response (dialog, "send");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 5000);
  line = queue_line (fixture, "c1-3");
  g_assert_nonnull (strstr (line, "At the table “Table 2”"));
  g_clear_pointer (&line, g_free);
  g_assert_true (adm_state_get_table (adm_campaign_get_state (campaign), "c1-3")->typed_dice);

  /* Take Back: a reason first, Take Back destructive and the default. */
  dialog = open_dialog (fixture, "board.take-back");
  assert_asks (dialog, "Take c1-3 Back?", "take-back", "_Take Back", ADW_RESPONSE_DESTRUCTIVE);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (dialog),
                                   "The battle becomes yours to fight again. “Table 2” is told "
                                   "the reason"));
  extra = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (GTK_IS_ENTRY (extra));
  g_assert_cmpstr (gtk_entry_get_placeholder_text (GTK_ENTRY (extra)), ==,
                   "Reason, such as “the table’s laptop broke down”");
  g_assert_true (gtk_widget_has_focus (extra) ||
                 gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)), extra));
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "take-back"));
  /* Blanks are no reason: Enter does nothing. */
  gtk_editable_set_text (GTK_EDITABLE (extra), "   ");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "take-back"));
  g_signal_emit_by_name (extra, "activate");
  iterate ();
  g_assert_true (message_dialog () == dialog);
  g_assert_nonnull (adm_state_get_table (adm_campaign_get_state (campaign), "c1-3"));
  gtk_editable_set_text (GTK_EDITABLE (extra), "The laptop broke down");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "take-back"));
  save_screenshot (GTK_WIDGET (dialog), "tables-take-back-dialog.png");
  /* Enter answers and closes it: modal, it would keep the window's keys. */
  g_signal_emit_by_name (extra, "activate");
  iterate_until (message_dialog_gone, NULL, 5000);
  g_assert_null (message_dialog ());
  g_assert_null (adm_state_get_table (adm_campaign_get_state (campaign), "c1-3"));
  line = queue_line (fixture, "c1-3");
  g_assert_null (strstr (line, "At the table"));
}

static gboolean
status_says_impostor (gpointer data)
{
  return strstr (admiralty_join_dialog_get_status (data), "is not the chief master's") != NULL;
}

static gboolean
listed (gpointer data)
{
  g_autofree char *listing = admiralty_join_dialog_get_listing (data);

  return listing[0] != '\0';
}

static gboolean
all_sent (gpointer data)
{
  return adm_table_client_get_state (data) == ADM_TABLE_CLIENT_ALL_SENT &&
         adm_table_client_get_waiting (data) == 0;
}

static gboolean
client_set (gpointer data)
{
  return *(AdmTableClient **) data != NULL;
}

/* The placements step shown, the chief's set-up previewed. */
static gboolean
placements_ready (gpointer data)
{
  GtkWidget *placements = admiralty_join_dialog_get_placements (data);

  return placements != NULL &&
         !admiralty_engagement_dialog_get_asking (ADMIRALTY_ENGAGEMENT_DIALOG (placements)) &&
         admiralty_engagement_dialog_get_preview (ADMIRALTY_ENGAGEMENT_DIALOG (placements)) != NULL;
}

static void
opened_cb (AdmiraltyJoinDialog *dialog,
           AdmTableClient      *client,
           AdmTableClient     **out)
{
  g_set_object (out, client);
}

/* The chief hands c1-3 out as a master does, in the Orders tab: the admirals' portal made (and
 * started on 127.0.0.1 when @start), two tables turned on in the Tables dialog, and c1-3 sent
 * to "Table 2". The Tables dialog, not shown, for the caller to destroy. */
static AdmiraltyTablesDialog *
c1_3_to_table_2 (Fixture  *fixture,
                 gboolean  start)
{
  g_autoptr(GError) error = NULL;
  AdmiraltyTablesDialog *tables;
  AdmPortal *portal;

  adw_tab_view_set_selected_page (fixture->window->tab_view, fixture->window->orders_tab);
  iterate ();
  tables = campaign_fixture_tables (fixture, start, 2, &portal);
  admiralty_campaign_orders_set_portal (board (fixture), portal);
  admiralty_campaign_orders_set_n_tables (board (fixture), 2);
  g_assert_true (admiralty_campaign_orders_send_to_table (board (fixture), C1_3, "Table 2",
                                                          &error));
  g_assert_no_error (error);
  return tables;
}

/* The join link of "Table 2". */
static char *
table_2_link (Fixture *fixture)
{
  return adm_table_server_get_link (
    admiralty_tables_dialog_get_server (admiralty_window_get_room (fixture->window)), "Table 2");
}

/* The table master's side in the same process: the chief turns two tables on and sends c1-3
 * to "Table 2"; Join a Table says a wrong link is wrong, lists the engagement sent to the
 * table, and opens it in a battle page of the chief's window (as good as another's). */
static AdmiraltyBattlePage *
join_c1_3 (Fixture                *fixture,
           AdmTableClient        **client,
           AdmiraltyTablesDialog **tables)
{
  g_autofree char *link = NULL, *listing = NULL;
  AdmiraltyJoinDialog *join;
  AdmiraltyBattlePage *page;

  *tables = c1_3_to_table_2 (fixture, TRUE);
  link = table_2_link (fixture);
  g_assert_nonnull (link);

  /* A wrong link is said so, and lists nothing. */
  join = admiralty_join_dialog_new (GTK_WINDOW (fixture->window));
  g_signal_connect (join, "open-battle", G_CALLBACK (opened_cb), client);
  gtk_window_present (GTK_WINDOW (join));
  iterate_until (widget_mapped, join, 5000);
  admiralty_join_dialog_connect (join, "http://127.0.0.1/not-a-table/");
  iterate ();
  g_assert_cmpstr (admiralty_join_dialog_get_status (join), !=, "");
  listing = admiralty_join_dialog_get_listing (join);
  g_assert_cmpstr (listing, ==, "");
  g_clear_pointer (&listing, g_free);

  /* The link with another certificate's fingerprint: someone else answering, said so. */
  {
    g_autofree char *forged = g_strdup (link);
    char *last = forged + strlen (forged) - 1;

    *last = *last == '0' ? '1' : '0';
    admiralty_join_dialog_connect (join, forged);
    iterate_until (status_says_impostor, join, 10000);
    g_assert_nonnull (strstr (admiralty_join_dialog_get_status (join),
                              "is not the chief master's Admiralty of this link"));
    listing = admiralty_join_dialog_get_listing (join);
    g_assert_cmpstr (listing, ==, "");
    g_clear_pointer (&listing, g_free);
    /* Not answered by the chief: not kept for the next time. */
    {
      AdmiraltyJoinDialog *again = admiralty_join_dialog_new (GTK_WINDOW (fixture->window));

      g_assert_cmpstr (admiralty_join_dialog_get_link (again), !=, forged);
      gtk_window_destroy (GTK_WINDOW (again));
    }
  }

  admiralty_join_dialog_connect (join, link);
  iterate_until (listed, join, 10000);
  listing = admiralty_join_dialog_get_listing (join);
  g_assert_cmpstr (listing, ==, "c1-3 · Pol orbit — Not fought\n");
  g_assert_cmpstr (admiralty_join_dialog_get_status (join), ==,
                   "Table 2 of The Komarr Campaign");
  save_screenshot (GTK_WIDGET (join), "tables-join.png");
  /* The link the chief answered is offered the next time. */
  {
    AdmiraltyJoinDialog *again = admiralty_join_dialog_new (GTK_WINDOW (fixture->window));

    g_assert_cmpstr (admiralty_join_dialog_get_link (again), ==, link);
    gtk_window_destroy (GTK_WINDOW (again));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (join), "join.open", "s", "c1-3"));
  /* Not begun yet: the placements step first (test-table-placements-ui.c), opened as it is. */
  iterate_until (placements_ready, join, 10000);
  g_assert_true (placements_ready (join));
  admiralty_engagement_dialog_open (
    ADMIRALTY_ENGAGEMENT_DIALOG (admiralty_join_dialog_get_placements (join)));
  iterate_until (client_set, client, 10000);
  g_assert_nonnull (*client);
  g_assert_true (_admiralty_window_open_table_battle (fixture->window, *client));
  page = _admiralty_window_get_battle_page (fixture->window);
  g_assert_nonnull (page);
  g_assert_true (admiralty_battle_page_get_table_client (page) == *client);
  g_assert_false (admiralty_battle_page_get_read_only (page));
  return page;
}

static gboolean
words_shown (gpointer data)
{
  return admiralty_join_dialog_get_words (data) != NULL;
}

static gboolean
one_asking (gpointer data)
{
  return g_list_model_get_n_items (data) == 1;
}

static gboolean
is_asking_toast (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LABEL (widget) &&
         g_str_has_suffix (gtk_label_get_text (GTK_LABEL (widget)), " asks to join a table");
}

static gboolean
asking_toast_shown (gpointer data)
{
  return find_widget (data, is_asking_toast, NULL) != NULL;
}

static gboolean
asking_refused (gpointer data)
{
  return find_widget (data, is_label_text, "The chief master refused this table.") != NULL;
}

/* A table with no link asks the chief; both masters see the same two words; the chief lets it
 * in as Table 2 with the pointer, and the table lists c1-3. A second ask is refused. */
static void
test_asked_and_let_in (Fixture       *fixture,
                       gconstpointer  data)
{
  AdmiraltyTablesDialog *tables = c1_3_to_table_2 (fixture, TRUE);
  AdmiraltyRoom *room = admiralty_window_get_room (fixture->window);
  AdmTableServer *server = admiralty_tables_dialog_get_server (room);
  GListModel *requests = adm_table_server_get_requests (server);
  g_autofree char *where = g_strdup_printf ("127.0.0.1:%u",
                                            adm_portal_get_port (admiralty_room_get_portal (room)));
  g_autofree char *words = NULL, *listing = NULL;
  AdmiraltyJoinDialog *join;
  GtkWidget *dropdown, *let_in;

  if (!pointer_available ())
    {
      g_test_skip ("No X11 display or xdotool: Let In is clicked with the real pointer");
      gtk_window_destroy (GTK_WINDOW (tables));
      return;
    }
  gtk_window_present (GTK_WINDOW (tables));
  join = admiralty_join_dialog_new (GTK_WINDOW (fixture->window));
  gtk_window_present (GTK_WINDOW (join));
  iterate_until (widget_mapped, join, 5000);
  admiralty_join_dialog_ask (join, where);
  iterate_until (words_shown, join, 10000);
  words = g_strdup (admiralty_join_dialog_get_words (join));
  iterate_until (one_asking, requests, 10000);
  /* The chief's window says so, whether his Tables dialog is open or not. */
  iterate_until (asking_toast_shown, fixture->window, 5000);
  g_assert_true (asking_toast_shown (fixture->window));
  /* The same words on the chief's screen, in his Tables dialog. */
  wait_frames ();
  g_assert_nonnull (find_widget (GTK_WIDGET (tables), is_label_text, words));
  g_assert_nonnull (find_widget (GTK_WIDGET (join), is_label_text, words));
  save_screenshot (GTK_WIDGET (join), "tables-asking.png");
  save_screenshot (GTK_WIDGET (tables), "tables-asked.png");

  /* Let in as Table 2, picked in the drop-down, with the pointer. The table's dialog, on
   * another computer really, is put out of the way of the chief's pointer meanwhile. */
  gtk_widget_set_visible (GTK_WIDGET (join), FALSE);
  wait_frames ();
  dropdown = find_widget (GTK_WIDGET (tables), is_of_type, GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (dropdown);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), 1);
  let_in = button (GTK_WIDGET (tables), "_Let In");
  pointer_click_widget (let_in);
  iterate_until (listed, join, 10000);
  gtk_window_present (GTK_WINDOW (join));
  listing = admiralty_join_dialog_get_listing (join);
  g_assert_cmpstr (listing, ==, "c1-3 · Pol orbit — Not fought\n");
  g_assert_cmpuint (g_list_model_get_n_items (requests), ==, 0);
  /* Kept for the next time, as a pasted link the chief answered. */
  {
    g_autofree char *link = portal_loopback_link (adm_table_server_get_link (server, "Table 2"));
    AdmiraltyJoinDialog *again = admiralty_join_dialog_new (GTK_WINDOW (fixture->window));

    g_assert_cmpstr (admiralty_join_dialog_get_link (again), ==, link);
    gtk_window_destroy (GTK_WINDOW (again));
  }

  /* Asked again and refused: said at the table, no link given. */
  admiralty_join_dialog_ask (join, where);
  iterate_until (one_asking, requests, 10000);
  gtk_widget_set_visible (GTK_WIDGET (join), FALSE);
  wait_frames ();
  pointer_click_widget (button (GTK_WIDGET (tables), "_Refuse"));
  gtk_window_present (GTK_WINDOW (join));
  iterate_until (asking_refused, join, 10000);
  g_assert_cmpuint (g_list_model_get_n_items (requests), ==, 0);
  gtk_window_destroy (GTK_WINDOW (join));
  gtk_window_destroy (GTK_WINDOW (tables));
}

/* Each phase resolved at the table reaches the chief's campaign and queue; End Battle hands
 * the ending back with the reason. */
static void
test_join_and_play (Fixture       *fixture,
                    gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autofree char *line = NULL, *status = NULL;
  AdmiraltyTablesDialog *tables = NULL;
  AdmiraltyBattlePage *page = join_c1_3 (fixture, &client, &tables);
  AdmTableReceipt receipt;
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autofree char *commitment = NULL;

  /* The set-up the join fetched carried the secret the chief committed to (docs/dice.md):
   * the table's program dice are drawn from it. */
  dice = adm_table_client_dice_source (client, NULL, &commitment, &error);
  g_assert_no_error (error);
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 1);
  g_assert_cmpstr (((AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->commitment, ==,
                   commitment);
  g_assert_cmpstr (((AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->assignment, ==,
                   adm_table_client_get_assignment (client));

  /* A phase at the table reaches the chief; the header says so. Handed over with the
   * program's dice only (the default), the table rolls those even when its preferences ask
   * for real dice, and says so. */
  g_assert_true (adm_table_client_get_program_only (client));
  admiralty_battle_page_resolve_phase (page, TRUE);
  iterate_until (all_sent, client, 10000);
  status = admiralty_battle_page_get_table_status (page);
  g_assert_cmpstr (status, ==, PROGRAM_ONLY_SENT);
  g_assert_nonnull (strstr (admiralty_battle_page_get_phase_label (page), "All sent to the chief"));
  adm_campaign_get_table_receipt (campaign, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, 1);
  line = queue_line (fixture, "c1-3");
  g_assert_nonnull (strstr (line, "At the table “Table 2” · Turn 1"));
  g_clear_pointer (&line, g_free);

  /* End Battle at the table: the chief applies the ending. */
  g_assert_true (admiralty_battle_page_end_battle (page, "Pol Six withdrew", &error));
  g_assert_no_error (error);
  iterate_until (all_sent, client, 10000);
  adm_campaign_get_table_receipt (campaign, "c1-3", &receipt);
  g_assert_true (receipt.ended);
  g_assert_true (admiralty_battle_page_get_read_only (page));
  g_assert_nonnull (adm_state_get_battle_ending (adm_campaign_get_state (campaign), "c1-3"));
  gtk_window_destroy (GTK_WINDOW (tables));
}

static gboolean
refused (gpointer data)
{
  return adm_table_client_get_state (data) == ADM_TABLE_CLIENT_REFUSED;
}

/* The chief takes c1-3 back with a reason: the table's next entry is refused, its page says
 * the chief's words and takes no more orders; the battle stays on the table's laptop. */
static void
test_join_taken_back (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autofree char *status = NULL;
  AdmiraltyTablesDialog *tables = NULL;
  AdmiraltyBattlePage *page = join_c1_3 (fixture, &client, &tables);

  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate_until (all_sent, client, 10000);
  g_assert_true (admiralty_campaign_orders_take_back (board (fixture), C1_3, "Table 2 went home",
                                                      &error));
  g_assert_no_error (error);
  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate_until (refused, client, 10000);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_REFUSED);
  status = admiralty_battle_page_get_table_status (page);
  g_assert_nonnull (strstr (status, "Table 2 went home"));
  g_assert_nonnull (strstr (admiralty_battle_page_get_phase_label (page), "Table 2 went home"));
  g_assert_true (admiralty_battle_page_get_read_only (page));
  g_assert_false (admiralty_battle_page_undo (page, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_cmpuint (adm_battle_get_journal (admiralty_battle_page_get_battle (page))->len, ==, 2);
  gtk_window_destroy (GTK_WINDOW (tables));
}

/* The token part of a join link ("/table/TOKEN/"): a portal started again listens on
 * another port. */
static const char *
link_token (const char *link)
{
  const char *path = strstr (link, "/table/");

  g_assert_nonnull (path);
  return path;
}

/* The chief's Admiralty killed and started again: turning the admirals' portal on serves the
 * tables again, with the same links, and the queue offers them (F-STRAT-4). */
static void
test_tables_come_back (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL;
  AdmiraltyTablesDialog *tables;
  AdmiraltyShareDialog *share;
  AdmTableServer *server;

  tables = campaign_fixture_tables (fixture, TRUE, 2, NULL);
  before = table_2_link (fixture);
  gtk_window_destroy (GTK_WINDOW (tables));

  /* Started again: a new window on the same file; the portal turned on by its switch. */
  close_window (fixture->window);
  fixture->window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_open (fixture->window, fixture->campaign_path));
  iterate ();
  admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->window),
                                     fixture->window->campaign, &error);
  g_assert_no_error (error);
  g_assert_null (admiralty_tables_dialog_get_server (admiralty_window_get_room (fixture->window)));
  share = admiralty_share_dialog_new (admiralty_window_get_room (fixture->window));
  g_assert_true (admiralty_share_dialog_set_running (share, "127.0.0.1", 0, TRUE));
  server = admiralty_tables_dialog_get_server (admiralty_window_get_room (fixture->window));
  g_assert_nonnull (server);
  g_assert_cmpuint (adm_table_server_get_n_tables (server), ==, 2);
  g_assert_cmpuint (admiralty_campaign_orders_get_n_tables (board (fixture)), ==, 2);
  after = adm_table_server_get_link (server, "Table 2");
  g_assert_cmpstr (link_token (after), ==, link_token (before));
  gtk_window_destroy (GTK_WINDOW (share));
}

/* The chief's Admiralty killed while it shares (the Share switch on): restored, it serves
 * the admirals and its tables again by itself, on the same address and port, with the same
 * links; a session whose address this computer no longer has is not resumed, and says so
 * with the way to choose another. Turned off by the switch, nothing resumes. */
static void
test_sharing_resumed (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *before = NULL, *after = NULL, *link = NULL;
  AdmiraltyTablesDialog *tables;
  AdmiraltyShareDialog *share;
  AdmTableServer *server;
  AdmPortal *portal, *resumed = NULL;
  guint port;

  portal = admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->window),
                                              fixture->window->campaign, &error);
  g_assert_no_error (error);
  share = admiralty_share_dialog_new (admiralty_window_get_room (fixture->window));
  g_assert_true (admiralty_share_dialog_set_running (share, "127.0.0.1", 0, TRUE));
  port = adm_portal_get_port (portal);
  g_assert_cmpuint (port, >, 0);
  tables = admiralty_tables_dialog_new (admiralty_window_get_room (fixture->window));
  g_assert_true (admiralty_tables_dialog_set_n_tables (tables, 2, &error));
  g_assert_no_error (error);
  before = table_2_link (fixture);
  gtk_window_destroy (GTK_WINDOW (tables));
  gtk_window_destroy (GTK_WINDOW (share));

  /* Started again, the session restored: shared at once, as before. */
  close_window (fixture->window);
  fixture->window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_restore_session (fixture->window));
  iterate ();
  portal = admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->window),
                                              fixture->window->campaign, &error);
  g_assert_no_error (error);
  g_assert_true (adm_portal_get_running (portal));
  g_assert_cmpuint (adm_portal_get_port (portal), ==, port);
  link = adm_portal_get_link (portal, "radovan");
  g_assert_nonnull (strstr (link, "http://127.0.0.1:"));
  {
    PortalRequest request = { "GET", link, NULL, NULL, NULL, FALSE, 0, NULL, NULL, 0 };

    portal_request_run (&request);
    g_assert_cmpuint (request.status, ==, 200);
    g_clear_pointer (&request.response, g_bytes_unref);
    g_clear_pointer (&request.headers, soup_message_headers_unref);
  }
  server = admiralty_tables_dialog_get_server (admiralty_window_get_room (fixture->window));
  g_assert_nonnull (server);
  after = adm_table_server_get_link (server, "Table 2");
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (admiralty_campaign_orders_get_n_tables (board (fixture)), ==, 2);
  /* Share with Admirals opened then shows what it serves on, not the first address. */
  share = admiralty_share_dialog_new (admiralty_window_get_room (fixture->window));
  {
    AdwComboRow *address_row = ADW_COMBO_ROW (find_widget (GTK_WIDGET (share),
                                                           is_combo_row_titled, "_Address"));
    GtkStringObject *chosen = adw_combo_row_get_selected_item (address_row);

    g_assert_cmpstr (gtk_string_object_get_string (chosen), ==, "127.0.0.1");
  }
  gtk_window_destroy (GTK_WINDOW (share));

  /* An address gone from this computer: not resumed, and why. */
  adm_portal_stop (portal);
  g_settings_set (settings, "session-sharing", "(ssu)", fixture->campaign_path, "192.0.2.7",
                  port);
  g_assert_false (admiralty_share_dialog_resume (admiralty_window_get_room (fixture->window),
                                                 fixture->window->campaign, &resumed,
                                                 &error));
  g_assert_null (resumed);
  g_assert_nonnull (strstr (error->message, "no longer has the address 192.0.2.7"));
  g_clear_error (&error);
  g_assert_false (adm_portal_get_running (portal));

  /* Turned off by the switch: nothing resumes. */
  g_settings_set (settings, "session-sharing", "(ssu)", fixture->campaign_path, "127.0.0.1",
                  port);
  share = admiralty_share_dialog_new (admiralty_window_get_room (fixture->window));
  g_assert_true (admiralty_share_dialog_set_running (share, "127.0.0.1", port, TRUE));
  g_assert_true (admiralty_share_dialog_set_running (share, "127.0.0.1", port, FALSE));
  gtk_window_destroy (GTK_WINDOW (share));
  close_window (fixture->window);
  fixture->window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_restore_session (fixture->window));
  iterate ();
  portal = admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->window),
                                              fixture->window->campaign, &error);
  g_assert_no_error (error);
  g_assert_false (adm_portal_get_running (portal));
}

static AdmiraltyBattlePage *
table_page (AdmiraltyWindow *window)
{
  AdmiraltyBattlePage *page = _admiralty_window_get_battle_page (window);

  return page != NULL && admiralty_battle_page_get_table_client (page) != NULL ? page : NULL;
}

static gboolean
table_page_waiting (gpointer data)
{
  AdmiraltyBattlePage *page = table_page (data);
  AdmTableClient *client = page != NULL ? admiralty_battle_page_get_table_client (page) : NULL;

  return client != NULL && adm_table_client_get_waiting (client) == 1 &&
         adm_table_client_get_state (client) != ADM_TABLE_CLIENT_ALL_SENT;
}

static gboolean
table_page_all_sent (gpointer data)
{
  AdmiraltyBattlePage *page = table_page (data);

  return page != NULL && all_sent (admiralty_battle_page_get_table_client (page));
}

/* The table's Admiralty gone while the chief's server is down, with an entry not yet
 * acknowledged: started again, the session reopens the table's battle from the tables folder
 * with its client, as it was, saying the entry waits for the chief in the header and in the
 * toast that says the session is restored, both whole; when the chief turns his portal on
 * again on the same address, the entry flows and nothing is kept twice (F-STRAT-4). */
static void
test_table_restored (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autofree char *dump = NULL, *status = NULL;
  AdmiraltyTablesDialog *tables = NULL;
  AdmiraltyBattlePage *page = join_c1_3 (fixture, &client, &tables);
  AdmiraltyShareDialog *share;
  AdmTableReceipt receipt;
  AdmPortal *portal;
  guint port;

  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate_until (all_sent, client, 10000);
  portal = admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->window),
                                              fixture->window->campaign, &error);
  g_assert_no_error (error);
  port = adm_portal_get_port (portal);
  adm_portal_stop (portal);
  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate_until (table_page_waiting, fixture->window, 10000);
  dump = adm_battle_dump (admiralty_battle_page_get_battle (page));
  gtk_window_destroy (GTK_WINDOW (tables));
  g_clear_object (&client);

  /* Started again: the session restored in a new window. */
  close_window (fixture->window);
  fixture->window = shown_window_new (0, 0);
  g_assert_true (admiralty_window_restore_session (fixture->window));
  iterate ();
  g_assert_null (_admiralty_window_get_error_dialog (fixture->window));
  g_assert_nonnull (fixture->window->campaign);
  page = table_page (fixture->window);
  g_assert_nonnull (page);
  {
    g_autofree char *restored = adm_battle_dump (admiralty_battle_page_get_battle (page));

    g_assert_cmpstr (restored, ==, dump);
  }
  g_assert_false (admiralty_battle_page_get_read_only (page));
  iterate_until (table_page_waiting, fixture->window, 10000);
  status = admiralty_battle_page_get_table_status (page);
  g_assert_nonnull (strstr (status, "waiting for the chief"));
  wait_frame (GTK_WIDGET (fixture->window));
  assert_reads_whole (GTK_WIDGET (fixture->window->window_title),
                      adw_window_title_get_subtitle (fixture->window->window_title));
  assert_reads_whole (GTK_WIDGET (fixture->window), "Restored the session of ");
  save_screenshot (GTK_WIDGET (fixture->window), "tables-table-battle.png");
  adm_campaign_get_table_receipt (fixture->window->campaign, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, 1);

  /* The chief's portal on again, on the address the table knows. */
  portal = admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->window),
                                              fixture->window->campaign, &error);
  g_assert_no_error (error);
  share = admiralty_share_dialog_new (admiralty_window_get_room (fixture->window));
  g_assert_true (admiralty_share_dialog_set_running (share, "127.0.0.1", port, TRUE));
  iterate_until (table_page_all_sent, fixture->window, 20000);
  adm_campaign_get_table_receipt (fixture->window->campaign, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, 2);
  g_clear_pointer (&status, g_free);
  status = admiralty_battle_page_get_table_status (page);
  g_assert_cmpstr (status, ==, PROGRAM_ONLY_SENT);
  gtk_window_destroy (GTK_WINDOW (share));
}

/* The USB path through the menus, the app open all along (F-STRAT-4): with the link to the
 * chief cut, the table's master writes his battle to a file with "Export Battle…" and the
 * chief applies it with "Import Table Battle…", through the window's own campaign; the entry
 * that waited is kept, as over the network. A second import adds nothing; a damaged file is
 * refused, naming it, and changes nothing. */
static void
test_usb_path (Fixture       *fixture,
               gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autofree char *path = g_build_filename (fixture->dir, "c1-3.table-battle", NULL);
  g_autofree char *damaged = g_build_filename (fixture->dir, "damaged.table-battle", NULL);
  g_autofree char *text = NULL, *done = NULL, *before = NULL, *after = NULL;
  AdmiraltyTablesDialog *tables = NULL;
  AdmiraltyBattlePage *page;
  AdmTableReceipt receipt;
  AdmPortal *portal;
  gsize length;

  if (!pointer_available ())
    {
      g_test_skip ("no X display with xdotool for the menus");
      return;
    }
  page = join_c1_3 (fixture, &client, &tables);
  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate_until (all_sent, client, 10000);
  portal = admiralty_share_dialog_portal_for (admiralty_window_get_room (fixture->window),
                                              campaign, &error);
  g_assert_no_error (error);
  adm_portal_stop (portal);
  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate_until (table_page_waiting, fixture->window, 10000);
  adm_campaign_get_table_receipt (campaign, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, 1);

  /* At the table: Export Battle…, the file named in the chooser. */
  click_menu_button_submenu_item (GTK_WIDGET (fixture->window->primary_menu_button), "Battle",
                                  "Export Battle…", "tables-usb-menu.png");
  choose_file (path);
  g_assert_null (_admiralty_window_get_error_dialog (fixture->window));
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_true (g_str_has_prefix (text, "<?xml"));
  g_assert_nonnull (strstr (text, "<table-battle "));

  /* At the chief: Import Table Battle…, the same file; the waiting entry is kept. */
  click_menu_button_item (GTK_WIDGET (fixture->window->primary_menu_button),
                          "Import Table Battle…", NULL);
  choose_file (path);
  g_assert_null (_admiralty_window_get_error_dialog (fixture->window));
  adm_campaign_get_table_receipt (campaign, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, 2);
  g_assert_cmpuint (receipt.kept, ==,
                    adm_journal_get_n_entries (adm_battle_get_log (
                      admiralty_battle_page_get_battle (page))));

  /* Again: nothing new, nothing changed. */
  before = adm_state_dump (adm_campaign_get_state (campaign));
  done = _admiralty_window_import_table_battle (fixture->window, path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (done, ==, "Engagement c1-3: nothing new; the campaign holds all 2 entries");
  g_clear_pointer (&done, g_free);

  /* Cut short: refused, naming the file, and nothing changes. */
  g_assert_true (g_file_set_contents (damaged, text, length / 2, NULL));
  done = _admiralty_window_import_table_battle (fixture->window, damaged, &error);
  g_assert_null (done);
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "damaged.table-battle"));
  g_clear_error (&error);
  after = adm_state_dump (adm_campaign_get_state (campaign));
  g_assert_cmpstr (after, ==, before);
  adm_campaign_get_table_receipt (campaign, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, 2);
  gtk_window_destroy (GTK_WINDOW (tables));
}

static gboolean
engagement_dialog_shown (gpointer data)
{
  GtkWidget *dialog = admiralty_campaign_orders_get_engagement_dialog (data);

  return dialog != NULL && gtk_widget_get_mapped (dialog);
}

static gboolean
engagement_dialog_gone (gpointer data)
{
  return !engagement_dialog_shown (data);
}

/* The seed and positions of @preview are those of the battle the chief hands the table. */
static void
assert_handed (AdmCampaign *campaign,
               AdmBattle   *preview)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *handed = adm_campaign_table_battle (campaign, NULL, "c1-3", &error);
  g_autoptr(AdmBattle) battle = NULL;
  guint32 seed = 0, shown = 0;

  g_assert_no_error (error);
  battle = adm_battle_load_game_memory (handed, strlen (handed), "c1-3", &error);
  g_assert_no_error (error);
  g_assert_nonnull (preview);
  g_assert_true (adm_battle_get_layout_seed (battle, &seed));
  g_assert_true (adm_battle_get_layout_seed (preview, &shown));
  g_assert_cmpuint (shown, ==, seed);
  g_assert_cmpuint (adm_battle_get_n_ships (preview), ==, adm_battle_get_n_ships (battle));
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      const AdmBattleShip *there = adm_battle_lookup_ship (preview, ship->id);

      g_assert_nonnull (there);
      g_assert_cmpfloat (there->position.x, ==, ship->position.x);
      g_assert_cmpfloat (there->position.y, ==, ship->position.y);
    }
}

/* F-STRAT-15, F-STRAT-4: c1-3 at "Table 2", not begun: the chief's View Placements shows its
 * placements and the table handed out, read-only (no choice, no Roll Again, Ctrl+Return opens
 * nothing: the table is the battle's one writer), and follows the table master's placements
 * and Roll Again as the campaign journals them. */
static void
test_placements_read_only (Fixture       *fixture,
                           gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) at = NULL;
  AdmiraltyTablesDialog *tables;
  AdmiraltyEngagementDialog *dialog;
  GtkWidget *row, *view, *escort;
  guint events, pages;

  if (!pointer_available ())
    {
      g_test_skip ("no X display with xdotool");
      return;
    }
  tables = c1_3_to_table_2 (fixture, FALSE);
  iterate ();

  /* The row's View Placements, clicked. */
  row = find_widget (GTK_WIDGET (board (fixture)), is_row_beginning, "c1-3 ");
  g_assert_nonnull (row);
  view = find_widget (row, is_button_labelled, "View _Placements");
  g_assert_nonnull (view);
  wait_frame (GTK_WIDGET (fixture->window));
  pointer_click_widget (view);
  iterate_until (engagement_dialog_shown, board (fixture), 5000);
  dialog = ADMIRALTY_ENGAGEMENT_DIALOG (admiralty_campaign_orders_get_engagement_dialog (
                                          board (fixture)));
  g_assert_nonnull (dialog);
  g_assert_true (admiralty_engagement_dialog_get_read_only (dialog));
  /* Opened with the pointer: no focus ring on Close until the master uses the keyboard. */
  wait_frame (GTK_WIDGET (dialog));
  g_assert_false (gtk_window_get_focus_visible (GTK_WINDOW (dialog)));
  escort = find_widget (GTK_WIDGET (dialog), is_combo_row_titled, "Pol Escort Group");
  g_assert_nonnull (escort);
  g_assert_false (gtk_widget_is_sensitive (escort));
  g_assert_null (find_widget (GTK_WIDGET (dialog), is_button_labelled, "_Open Battle"));
  g_assert_null (find_widget (GTK_WIDGET (dialog), is_button_labelled, "_Roll Again"));
  g_assert_cmpstr (admiralty_engagement_dialog_get_placement (dialog, "pol-escort-group"), !=,
                   "marching-order");
  assert_handed (campaign, admiralty_engagement_dialog_get_preview (dialog));

  /* Ctrl+Return opens nothing and changes nothing. */
  events = adm_campaign_get_events (campaign)->len;
  pages = adw_tab_view_get_n_pages (fixture->window->tab_view);
  focus_window (GTK_WIDGET (dialog));
  wait_frame (GTK_WIDGET (dialog));
  keys_to (GTK_WIDGET (dialog), "ctrl+Return");
  iterate ();
  g_assert_true (engagement_dialog_shown (board (fixture)));
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, events);
  g_assert_cmpint (adw_tab_view_get_n_pages (fixture->window->tab_view), ==, pages);

  /* The table master's marching order and Roll Again, journaled: followed. */
  at = adm_campaign_get_table_engagements (campaign, "Table 2");
  g_assert_cmpuint (at->len, ==, 1);
  g_hash_table_insert (overrides, "pol-escort-group", "marching-order");
  g_assert_true (adm_campaign_table_place (campaign, "Table 2", "c1-3",
                                           ((const AdmTableAssignment *)
                                              g_ptr_array_index (at, 0))->id,
                                           overrides, TRUE, 4242, T0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, >, events);
  events = adm_campaign_get_events (campaign)->len;
  iterate ();
  g_assert_cmpstr (admiralty_engagement_dialog_get_placement (dialog, "pol-escort-group"), ==,
                   "marching-order");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (escort)),
                            "chosen by the master"));
  assert_handed (campaign, admiralty_engagement_dialog_get_preview (dialog));
  /* The picture shows the dialog as a master who uses the pointer sees it: the ring on
   * Close is this test's Ctrl+Return, as GTK shows focus after a key. */
  g_assert_true (gtk_window_get_focus_visible (GTK_WINDOW (dialog)));
  gtk_window_set_focus_visible (GTK_WINDOW (dialog), FALSE);
  wait_frame (GTK_WIDGET (dialog));
  save_screenshot (GTK_WIDGET (dialog), "tables-placements-read-only.png");

  /* Escape closes it. */
  keys_to (GTK_WIDGET (dialog), "Escape");
  iterate_until (engagement_dialog_gone, board (fixture), 5000);
  g_assert_false (engagement_dialog_shown (board (fixture)));
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, events);
  gtk_window_destroy (GTK_WINDOW (tables));
}

static gboolean
shows_chief_refused (gpointer data)
{
  return shows_label (data, "The chief master did not keep the entries of c1-3: they wait "
                            "here and are sent again");
}

/* F-STRAT-15: the table master picks marching order through the placements step and opens
 * the battle; the chief undoes the placements; the table's first phase is refused, and the
 * table master is told so in a toast, not only in the send status, whose Why? says in the
 * chief's words what changed and what to ask of him. */
static void
test_placements_undone (Fixture       *fixture,
                        gconstpointer  data)
{
  AdmCampaign *campaign = fixture->window->campaign;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmTableClient) client = NULL;
  g_autofree char *link = NULL;
  AdmiraltyTablesDialog *tables;
  AdmiraltyJoinDialog *join;
  AdmiraltyEngagementDialog *placements;
  AdmiraltyBattlePage *page;
  GtkWidget *why;
  const char *body;

  if (!pointer_available ())
    {
      g_test_skip ("no X display with xdotool");
      return;
    }
  tables = c1_3_to_table_2 (fixture, TRUE);
  link = table_2_link (fixture);

  /* At the table: marching order for the Pol Escort Group, then Open Battle. */
  join = admiralty_join_dialog_new (GTK_WINDOW (fixture->window));
  g_signal_connect (join, "open-battle", G_CALLBACK (opened_cb), &client);
  gtk_window_present (GTK_WINDOW (join));
  admiralty_join_dialog_connect (join, link);
  iterate_until (listed, join, 10000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (join), "join.open", "s", "c1-3"));
  iterate_until (placements_ready, join, 10000);
  placements = ADMIRALTY_ENGAGEMENT_DIALOG (admiralty_join_dialog_get_placements (join));
  g_assert_true (admiralty_engagement_dialog_set_placement (placements, "pol-escort-group",
                                                            "marching-order"));
  iterate_until (placements_ready, join, 10000);
  g_assert_null (admiralty_engagement_dialog_get_refusal (placements));
  admiralty_engagement_dialog_open (placements);
  iterate_until (client_set, &client, 10000);
  g_assert_true (_admiralty_window_open_table_battle (fixture->window, client));
  page = _admiralty_window_get_battle_page (fixture->window);
  g_assert_true (admiralty_battle_page_get_table_client (page) == client);

  /* The chief undoes the placements. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adm_state_get_chosen_placement (adm_campaign_get_state (campaign), 1, 20,
                                                   "pol-escort-group"), ==, NULL);

  /* The table's first phase: refused, and said in words. */
  admiralty_battle_page_resolve_phase (page, FALSE);
  iterate_until (shows_chief_refused, fixture->window, 10000);
  g_assert_true (shows_chief_refused (fixture->window));
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_WAITING);
  wait_frame (GTK_WIDGET (fixture->window));
  save_screenshot (GTK_WIDGET (fixture->window), "tables-placements-undone.png");

  /* Why?: the chief's words, whole, saying what changed and what to ask of him. */
  why = find_widget (GTK_WIDGET (fixture->window), is_button_labelled, "_Why?");
  g_assert_nonnull (why);
  focus_window (GTK_WIDGET (fixture->window));
  wait_frame (GTK_WIDGET (fixture->window));
  pointer_click_widget (why);
  iterate_until (message_dialog_shown, NULL, 5000);
  g_assert_nonnull (message_dialog ());
  body = adw_message_dialog_get_body (message_dialog ());
  g_assert_nonnull (strstr (body, "The battle of engagement c1-3 at this table is not the one "
                                  "the chief handed out: its set-up differs. Its placements or "
                                  "Roll Again changed at the chief, or were undone, after this "
                                  "table fetched it; nothing of it was kept. Ask the chief "
                                  "master to redo them, or to take the engagement back and hand "
                                  "it to this table again."));
  wait_frame (GTK_WIDGET (message_dialog ()));
  save_screenshot (GTK_WIDGET (message_dialog ()), "tables-placements-undone-why.png");
  gtk_window_destroy (GTK_WINDOW (message_dialog ()));
  gtk_window_destroy (GTK_WINDOW (tables));
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "tables-ui");
  g_test_add ("/ui/tables-ui/F-STRAT-4/queue-and-dialog", Fixture, NULL, fixture_set_up,
              test_queue_and_dialog, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/typed-at-table", Fixture, NULL, fixture_set_up,
              test_typed_at_table, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/send-and-take-back-dialogs", Fixture, NULL,
              fixture_set_up, test_send_and_take_back_dialogs, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/join-and-play", Fixture, NULL, fixture_set_up,
              test_join_and_play, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/asked-and-let-in", Fixture, NULL, fixture_set_up,
              test_asked_and_let_in, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/join-taken-back", Fixture, NULL, fixture_set_up,
              test_join_taken_back, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/tables-come-back", Fixture, NULL, fixture_set_up,
              test_tables_come_back, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/sharing-resumed", Fixture, NULL, fixture_set_up,
              test_sharing_resumed, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/usb-path", Fixture, NULL, fixture_set_up,
              test_usb_path, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-4/table-restored", Fixture, NULL, fixture_set_up,
              test_table_restored, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-15/placements-read-only", Fixture, NULL, fixture_set_up,
              test_placements_read_only, fixture_tear_down);
  g_test_add ("/ui/tables-ui/F-STRAT-15/placements-undone", Fixture, NULL, fixture_set_up,
              test_placements_undone, fixture_tear_down);
  return ui_test_finish (g_test_run ());
}
