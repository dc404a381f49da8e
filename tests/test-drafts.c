/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-drafts.c: nothing typed is lost at the edges of a night's play, on the bundled Komarr
 * campaign copied into a temporary folder. A battle kept inside the campaign (F-STRAT-4): the
 * course dragged on the table, and the real dice typed so far in a phase, come back after the
 * program is killed (`kill -9` of a child process that drives the real window with the X
 * server's pointer and keys), from a draft kept beside the campaign's, never in its file. The
 * order-sheet form (F-GEN-3): Escape and a crash keep the sheet typed as a draft, which comes
 * back when the form is opened again for the admiral ("Draft restored"), until it is handed
 * in or discarded, in a campaign just started from its scenario too. An undo of the cycle closes the battle tab of an engagement it takes away,
 * and the redo brings it back where it was. Runs under Xvfb. */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "admiralty-application.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-campaign-orders.h"
#include "admiralty-orders-panel.h"
#include "admiralty-window-private.h"
#include "komarr-helpers.h"
#include "pointer-helpers.h"
#include "ui-helpers.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

/* The campaign the parent made, in the folder it shares with its child. */
#define CAMPAIGN_ENV "ADMIRALTY_TEST_CAMPAIGN"

/* A copy of the Komarr campaign in a new temporary folder, after @cycles cycles. */
static char *
new_campaign (guint   cycles,
              char  **dir)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  char *path;

  *dir = g_dir_make_tmp ("admiralty-drafts-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*dir, "komarr.admiralty", NULL);
  campaign = komarr_saved_and_played (path, cycles, T0);
  return path;
}

static AdmiraltyWindow *
new_window (const char *campaign_path)
{
  AdmiraltyWindow *window = shown_window_new (1280, 800);

  g_assert_true (admiralty_window_open (window, campaign_path));
  wait_frames ();
  return window;
}

/* Whether the window @data shows a battle page: a condition for iterate_until (). */
static gboolean
battle_page_shown (gpointer data)
{
  return _admiralty_window_get_battle_page (data) != NULL;
}

/* The battle of engagement c1-3 (Pol orbit) opened from the campaign, as the board and a
 * restored session open it. */
static AdmiraltyBattlePage *
open_pol_orbit (AdmiraltyWindow *window)
{
  AdmiraltyBattlePage *page;

  g_assert_true (_admiralty_window_open_engagement_battle (window, "c1-3", NULL));
  iterate_until (battle_page_shown, window, 5000);
  wait_frames ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  g_assert_cmpstr (admiralty_battle_page_get_engagement (page), ==, "c1-3");
  return page;
}

/* What the child says it reached before it is killed: lines of "child-says" in the data
 * folder it shares with its parent. */
static char *
child_says_path (void)
{
  return g_build_filename (data_home, "child-says", NULL);
}

static void
child_says (const char *format,
            ...)
{
  g_autofree char *path = child_says_path ();
  FILE *file = fopen (path, "a");
  va_list args;

  g_assert_nonnull (file);
  va_start (args, format);
  g_vfprintf (file, format, args);
  va_end (args);
  g_assert_cmpint (fclose (file), ==, 0);
}

/* kill -9 of the child: nothing runs after it, no handler, no save on the way out. */
static G_NORETURN void
child_killed (void)
{
  g_print ("killed now\n");
  fflush (stdout);
  kill (getpid (), SIGKILL);
  g_assert_not_reached ();
}

/* Runs this test's child, which ends killed, in a folder shared with it; returns its output. */
static char *
run_child (const char *campaign_path)
{
  g_autofree char *says = child_says_path ();
  char *output = NULL;

  g_unlink (says);
  g_setenv (CAMPAIGN_ENV, campaign_path, TRUE);
  g_setenv ("ADMIRALTY_TEST_DATA_HOME", data_home, TRUE);
  g_test_trap_subprocess (NULL, 240 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("ADMIRALTY_TEST_DATA_HOME");
  g_unsetenv (CAMPAIGN_ENV);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("*killed now*");
  if (!g_file_get_contents (says, &output, NULL, NULL))
    output = g_strdup ("");
  return output;
}

/* The value after "KEY=" on a line of @output. */
static char *
said (const char *output,
      const char *key)
{
  g_autofree char *prefix = g_strconcat (key, "=", NULL);
  g_auto(GStrv) lines = g_strsplit (output, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i] + strlen (prefix));
  g_assert_not_reached ();
}

static char *
orders_text (AdmiraltyBattlePage *page)
{
  char *text = adm_turn_orders_to_string (
    admiralty_orders_panel_get_orders (admiralty_battle_page_get_orders_panel (page)));

  return g_strdelimit (text, "\n", ' ');
}

/* F-STRAT-4: Turn 1 · Movement of c1-3; the leading ship of the first formation is dragged
 * 8 cm on across the table, then the program is killed. Restarted, the battle reopens at
 * Turn 1 · Movement with the course declared, drawn from the draft the page kept among the
 * campaign's drafts; the campaign file holds no word of it. */
static void
test_course_survives_kill (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *campaign_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *declared = NULL;
  g_autofree char *restored = NULL;
  g_autofree char *file = NULL;
  g_autofree char *drafts = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmBattle *battle;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  if (g_test_subprocess ())
    {
      const AdmBattleFormation *formation;
      const AdmBattleShip *ship;
      AdmiraltyTableWidget *table;
      AdmPoint to;
      double x1, y1, x2, y2;

      window = new_window (g_getenv (CAMPAIGN_ENV));
      page = open_pol_orbit (window);
      battle = admiralty_battle_page_get_battle (page);
      table = _admiralty_battle_page_get_table (page);
      resolve_by_click (window, battle, 1);
      g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);

      formation = adm_battle_get_formation (battle, 0);
      ship = adm_battle_get_ship (battle, g_array_index (formation->ships, guint, 0));
      to = adm_point_advance (ship->position, ship->heading, 8);
      admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), ship->position,
                                      &x1, &y1);
      admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), to, &x2, &y2);
      pointer_click (GTK_WIDGET (table), x1, y1);
      pointer_drag (GTK_WIDGET (table), x1, y1, x2, y2);
      wait_frames ();
      declared = orders_text (page);
      g_assert_nonnull (strstr (declared, "<move"));
      child_says ("declared=%s\n", declared);
      child_killed ();
    }

  campaign_path = new_campaign (1, &dir);
  output = run_child (campaign_path);
  declared = said (output, "declared");
  g_assert_nonnull (strstr (declared, "<move"));

  /* The campaign file keeps the phases played, not the declarations being typed. */
  g_assert_true (g_file_get_contents (campaign_path, &file, NULL, NULL));
  g_assert_null (strstr (file, "<move"));
  drafts = g_build_filename (data_home, "admiralty", "drafts", NULL);
  g_assert_true (g_file_test (drafts, G_FILE_TEST_IS_DIR));

  window = new_window (campaign_path);
  page = open_pol_orbit (window);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  restored = orders_text (page);
  g_assert_cmpstr (restored, ==, declared);
  root_screenshot ("drafts-course-after-kill.png", 1280, 800);

  /* Resolved, the declarations are in the journal and the draft goes. */
  resolve_by_click (window, battle, 1);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  {
    g_autoptr(GDir) folder = g_dir_open (drafts, 0, NULL);
    const char *name;

    while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
      g_assert_false (g_str_has_suffix (name, "engagement-c1-3.draft.xml"));
  }
  close_window (window);
  remove_tree (dir);
}

/* Real dice typed half-way through a phase of c1-3 (its declarations loaded from
 * tests/data/campaign-battles/komarr-c1-3.orders.xml), then the program killed: restarted,
 * the battle says the values typed are kept, and resolving with real dice asks for the very
 * roll the master stopped at, not the phase's first. */
static void
test_dice_survive_kill (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *campaign_path = NULL;
  g_autofree char *output = NULL;
  g_autofree char *stopped = NULL;
  g_autofree char *phase_text = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmBattle *battle;
  Resolving resolve;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  g_settings_set_string (settings, "dice-mode", "physical");
  if (g_test_subprocess ())
    {
      g_autofree char *orders = g_test_build_filename (G_TEST_DIST, "data", "campaign-battles",
                                                       "komarr-c1-3.orders.xml", NULL);
      g_autoptr(GError) error = NULL;

      window = new_window (g_getenv (CAMPAIGN_ENV));
      page = open_pol_orbit (window);
      battle = admiralty_battle_page_get_battle (page);
      /* The declarations of tests/test-campaign-loop.c: fire from turn 2 on. */
      g_assert_true (admiralty_battle_page_load_orders (page, orders, &error));
      g_assert_no_error (error);
      /* The first phase that asks for two rolls or more: one answered, the second asked. */
      while (adm_battle_get_turn (battle) <= 2)
        {
          guint asked = 0;
          AdmPhase phase = adm_battle_get_phase (battle);
          int turn = adm_battle_get_turn (battle);
          Resolving phase_resolve = resolving (window, page);

          pointer_click_widget (window->resolve_button);
          wait_resolved (&phase_resolve, 1500);
          while (dice_prompt_shown (page))
            {
              if (asked == 1)
                {
                  child_says ("phase=%d:%d\n", turn, (int) phase);
                  child_says ("stopped=%s\n", _admiralty_battle_page_get_dice_request (page)->purpose);
                  /* Typed half-way into the prompt, not entered. */
                  type_to (_admiralty_battle_page_get_dice_dialog (page), "5");
                  child_killed ();
                }
              dice_prompt_answer_fives (page);
              asked++;
            }
          g_assert_null (_admiralty_window_get_error_dialog (window));
        }
      g_assert_not_reached ();
    }

  campaign_path = new_campaign (1, &dir);
  output = run_child (campaign_path);
  stopped = said (output, "stopped");
  phase_text = said (output, "phase");

  window = new_window (campaign_path);
  page = open_pol_orbit (window);
  battle = admiralty_battle_page_get_battle (page);
  {
    g_autofree char *now = g_strdup_printf ("%d:%d", adm_battle_get_turn (battle),
                                            (int) adm_battle_get_phase (battle));

    g_assert_cmpstr (now, ==, phase_text);
  }
  g_assert_cmpuint (admiralty_battle_page_get_dice_restored (page), ==,
                    _admiralty_battle_page_get_n_entered (page));
  g_assert_cmpuint (_admiralty_battle_page_get_n_entered (page), >, 0);
  resolve = resolving (window, page);
  pointer_click_widget (window->resolve_button);
  wait_resolved (&resolve, 1500);
  g_assert_true (dice_prompt_shown (page));
  g_assert_cmpstr (_admiralty_battle_page_get_dice_request (page)->purpose, ==, stopped);
  root_screenshot ("drafts-dice-after-kill.png", 1280, 800);
  gtk_window_destroy (GTK_WINDOW (_admiralty_battle_page_get_dice_dialog (page)));
  iterate ();

  g_settings_reset (settings, "dice-mode");
  close_window (window);
  remove_tree (dir);
}

static AdmiraltySheetForm *
open_form (AdmiraltyWindow *window,
           const char      *admiral)
{
  AdmiraltyCampaignOrders *board = _admiralty_window_get_campaign_orders (window);
  AdmiraltySheetForm *form = admiralty_campaign_orders_open_sheet (board, admiral);

  g_assert_nonnull (form);
  iterate_until (widget_mapped, form, 3000);
  g_assert_true (admiralty_campaign_orders_get_sheet_form (board) == form);
  return form;
}

static gboolean
form_closed (gpointer data)
{
  return admiralty_campaign_orders_get_sheet_form (
           _admiralty_window_get_campaign_orders (data)) == NULL;
}

static GtkWidget *
draft_row (AdmiraltySheetForm *form)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (form),
                                                    ADMIRALTY_TYPE_SHEET_FORM, "draft_row"));
}

/* The board's line for an admiral whose sheet is only a draft (F-STRAT-5). */
#define NOT_HANDED_IN \
  "Sheet typed, not handed in — until it is, his formations keep their standing orders " \
  "(F-STRAT-5)"

static AdmEvent *
last_event (AdmiraltyWindow *window,
            guint            back)
{
  GPtrArray *events = adm_campaign_get_events (window->campaign);

  return g_ptr_array_index (events, events->len - 1 - back);
}

/* F-GEN-3: Vorkosigan's sheet typed, Escape pressed: the form closes and keeps it; opened
 * again it says "Draft restored" with the orders back. Typed on and the program killed,
 * the sheet comes back after the restart too, and handing it in journals exactly it and ends
 * the draft; a draft discarded puts the form back to his sheets. */
/* In @form, Vorkosigan's First Squadron ordered to move to @sector (F-STRAT-1), with
 * @comments, as the master types a sheet. */
static void
type_move (AdmiraltySheetForm *form,
           const char         *sector,
           const char         *comments)
{
  g_assert_true (admiralty_sheet_form_set_order (form, "first-squadron-home-fleet", "move"));
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet", sector));
  g_assert_true (admiralty_sheet_form_set_comments (form, "first-squadron-home-fleet",
                                                    comments));
}

static void
test_sheet_draft (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *campaign_path = NULL;
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyWindow *window;
  AdmiraltySheetForm *form;
  AdmiraltyCampaignOrders *board;
  GtkWidget *dialog;
  const char *body;
  guint events;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  if (g_test_subprocess ())
    {
      window = new_window (g_getenv (CAMPAIGN_ENV));
      form = open_form (window, "vorkosigan");
      g_assert_false (gtk_widget_get_visible (draft_row (form)));
      type_move (form, "pol-jump-point", "In marching order.");
      /* Escape: closed, not lost; the board says his sheet is typed, not handed in. */
      keys_to (GTK_WIDGET (form), "Escape");
      iterate_until (form_closed, window, 3000);
      g_assert_true (form_closed (window));
      g_assert_cmpstr (admiralty_campaign_orders_get_status (_admiralty_window_get_campaign_orders (
                                                           window), "vorkosigan"), ==,
                       NOT_HANDED_IN);
      form = open_form (window, "vorkosigan");
      g_assert_true (gtk_widget_get_visible (draft_row (form)));
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (draft_row (form))),
                       ==, "Draft restored");
      root_screenshot ("drafts-sheet-restored.png", 1280, 800);
      /* Typed on, then killed. */
      g_assert_true (admiralty_sheet_form_set_order (form, "first-destroyer-flotilla",
                                                     "flagship"));
      g_assert_true (admiralty_sheet_form_set_flagship (form, "first-destroyer-flotilla",
                                                        "kestrel"));
      child_killed ();
    }

  campaign_path = new_campaign (0, &dir);
  output = run_child (campaign_path);

  window = new_window (campaign_path);
  events = adm_campaign_get_events (window->campaign)->len;
  /* After the crash, the board and the question before the cycle name the sheet typed and
   * not handed in, which the cycle would leave out. */
  board = _admiralty_window_get_campaign_orders (window);
  g_assert_cmpstr (admiralty_campaign_orders_get_status (board, "vorkosigan"), ==, NOT_HANDED_IN);
  g_assert_cmpstr (admiralty_campaign_orders_get_status (board, "vorlakial"), ==,
                   "No sheet — his formations keep their standing orders (F-STRAT-5)");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-cycle", NULL));
  iterate ();
  dialog = admiralty_campaign_orders_get_resolve_dialog (board);
  g_assert_nonnull (dialog);
  body = adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog));
  g_assert_nonnull (strstr (body, "This sheet was typed here and not handed in; the cycle "
                                  "leaves it out unless it is handed in first:\n"
                                  "• Adm. Aral Vorkosigan"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  iterate ();
  g_assert_cmpuint (adm_campaign_get_events (window->campaign)->len, ==, events);
  form = open_form (window, "vorkosigan");
  g_assert_true (gtk_widget_get_visible (draft_row (form)));
  g_assert_null (admiralty_sheet_form_get_refusal (form, "first-squadron-home-fleet"));
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  /* The sheet, the move with its route and comments, and the flagship: as typed. */
  g_assert_cmpuint (adm_campaign_get_events (window->campaign)->len, ==, events + 3);
  g_assert_cmpstr (adm_event_get_kind (last_event (window, 2)), ==, "sheet");
  g_assert_cmpstr (adm_event_get (last_event (window, 1), "order"), ==, "move");
  g_assert_cmpstr (adm_event_get (last_event (window, 1), "route"), ==, "pol-jump-point");
  g_assert_cmpstr (adm_event_get_text (last_event (window, 1)), ==, "In marching order.");
  g_assert_cmpstr (adm_event_get (last_event (window, 0), "flagship"), ==, "kestrel");

  /* Handed in, the draft is done: the form starts from his sheet. */
  g_assert_null (strstr (admiralty_campaign_orders_get_status (board, "vorkosigan"),
                         "not handed in"));
  form = open_form (window, "vorkosigan");
  g_assert_false (gtk_widget_get_visible (draft_row (form)));

  /* A correction typed, closed, discarded: the form is his sheet again, and stays so. */
  g_assert_true (admiralty_sheet_form_set_route (form, "first-squadron-home-fleet",
                                                 "komarr-orbit"));
  gtk_window_close (GTK_WINDOW (form));
  iterate_until (form_closed, window, 3000);
  g_assert_true (g_str_has_suffix (admiralty_campaign_orders_get_status (board, "vorkosigan"),
                                   " · Correction not handed in"));
  form = open_form (window, "vorkosigan");
  g_assert_true (gtk_widget_get_visible (draft_row (form)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (form), "sheet.discard-draft", NULL));
  iterate ();
  g_assert_false (gtk_widget_get_visible (draft_row (form)));
  events = adm_campaign_get_events (window->campaign)->len;
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  /* Nothing changed since his sheet: only the sheet itself is journalled. */
  g_assert_cmpuint (adm_campaign_get_events (window->campaign)->len, ==, events + 1);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  form = open_form (window, "vorkosigan");
  g_assert_false (gtk_widget_get_visible (draft_row (form)));
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();

  close_window (window);
  remove_tree (dir);
}

/* F-GEN-3: a campaign just started from its scenario has no file until its first action is
 * saved. Vorkosigan's sheet typed in it before then, Escape pressed: opened again, the form
 * says "Draft restored"; a new window on the scenario (as after a crash) has it too; once
 * another admiral's sheet is handed in, the campaign has its file and the draft follows it, and
 * handing Vorkosigan's sheet in journals it as typed. */
static void
test_sheet_draft_new_campaign (void)
{
  g_autofree char *scenario = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                                "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  AdmiraltyWindow *window;
  AdmiraltySheetForm *form;
  guint events;

  window = new_window (scenario);
  g_assert_null (adm_campaign_get_path (window->campaign));
  form = open_form (window, "vorkosigan");
  g_assert_false (gtk_widget_get_visible (draft_row (form)));
  type_move (form, "komarr-orbit", "Hold the orbit.");
  keys_to (GTK_WIDGET (form), "Escape");
  iterate_until (form_closed, window, 3000);
  g_assert_true (form_closed (window));
  form = open_form (window, "vorkosigan");
  g_assert_true (gtk_widget_get_visible (draft_row (form)));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (draft_row (form))),
                   ==, "Draft restored");
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  close_window (window);

  /* The scenario opened again, nothing journalled: the sheet is still there. */
  window = new_window (scenario);
  g_assert_null (adm_campaign_get_path (window->campaign));
  form = open_form (window, "vorkosigan");
  g_assert_true (gtk_widget_get_visible (draft_row (form)));
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();

  /* Vorlakial's sheet handed in: the campaign's first action gives it its file. */
  form = open_form (window, "vorlakial");
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  g_assert_nonnull (adm_campaign_get_path (window->campaign));

  form = open_form (window, "vorkosigan");
  g_assert_true (gtk_widget_get_visible (draft_row (form)));
  events = adm_campaign_get_events (window->campaign)->len;
  g_assert_true (admiralty_sheet_form_hand_in (form, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  g_assert_cmpuint (adm_campaign_get_events (window->campaign)->len, ==, events + 2);
  g_assert_cmpstr (adm_event_get (last_event (window, 0), "order"), ==, "move");
  g_assert_cmpstr (adm_event_get (last_event (window, 0), "route"), ==, "komarr-orbit");
  g_assert_cmpstr (adm_event_get_text (last_event (window, 0)), ==, "Hold the orbit.");

  /* Handed in, the draft is done, under either name. */
  form = open_form (window, "vorkosigan");
  g_assert_false (gtk_widget_get_visible (draft_row (form)));
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  close_window (window);
  window = new_window (scenario);
  form = open_form (window, "vorkosigan");
  g_assert_false (gtk_widget_get_visible (draft_row (form)));
  gtk_window_destroy (GTK_WINDOW (form));
  iterate ();
  close_window (window);
}

static guint
tab_position (AdmiraltyWindow *window,
              const char      *engagement)
{
  for (int i = 0; i < adw_tab_view_get_n_pages (window->tab_view); i++)
    {
      GtkWidget *child = adw_tab_page_get_child (adw_tab_view_get_nth_page (window->tab_view,
                                                                             i));

      if (ADMIRALTY_IS_BATTLE_PAGE (child) &&
          g_strcmp0 (admiralty_battle_page_get_engagement (ADMIRALTY_BATTLE_PAGE (child)),
                     engagement) == 0)
        return i;
    }
  return G_MAXUINT;
}

/* F-STRAT-4: the cycle undone from the Orders tab while c1-3's battle is open and under way:
 * its tab closes (the battle can no longer be kept), no phase is journaled against the
 * engagement gone, and the campaign file opens again; the redo brings the battle back at its
 * phase, its tab where it was. */
static void
test_undo_cycle_closes_battle (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *campaign_path = new_campaign (1, &dir);
  g_autoptr(GError) error = NULL;
  AdmiraltyWindow *window = new_window (campaign_path);
  AdmiraltyBattlePage *page;
  guint n_tabs, position;

  if (!pointer_available ())
    {
      close_window (window);
      remove_tree (dir);
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  page = open_pol_orbit (window);
  resolve_by_click (window, admiralty_battle_page_get_battle (page), 1);
  n_tabs = adw_tab_view_get_n_pages (window->tab_view);
  position = tab_position (window, "c1-3");
  g_assert_cmpuint (position, <, n_tabs);

  adw_tab_view_set_selected_page (window->tab_view, window->orders_tab);
  iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  wait_frames ();
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (window->campaign))), ==, 1);
  g_assert_cmpuint (tab_position (window, "c1-3"), ==, G_MAXUINT);
  g_assert_cmpuint (adw_tab_view_get_n_pages (window->tab_view), ==, n_tabs - 1);
  g_assert_true (adw_tab_view_get_selected_page (window->tab_view) == window->orders_tab);
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_true (adm_campaign_can_redo (window->campaign));
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (campaign_path, &error);

    g_assert_no_error (error);
    g_assert_nonnull (reopened);
  }
  root_screenshot ("drafts-cycle-undone.png", 1280, 800);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  wait_frames ();
  g_assert_cmpuint (tab_position (window, "c1-3"), ==, position);
  g_assert_true (adw_tab_view_get_selected_page (window->tab_view) == window->orders_tab);
  page = ADMIRALTY_BATTLE_PAGE (adw_tab_page_get_child (adw_tab_view_get_nth_page (
                                                          window->tab_view, position)));
  g_assert_cmpint (adm_battle_get_phase (admiralty_battle_page_get_battle (page)), ==,
                   ADM_PHASE_MOVEMENT);
  g_assert_null (_admiralty_window_get_error_dialog (window));

  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "drafts");

  g_test_add_func ("/ui/drafts/F-STRAT-4/course-survives-kill", test_course_survives_kill);
  g_test_add_func ("/ui/drafts/F-STRAT-4/dice-survive-kill", test_dice_survive_kill);
  g_test_add_func ("/ui/drafts/F-GEN-3/sheet-draft", test_sheet_draft);
  g_test_add_func ("/ui/drafts/F-GEN-3/sheet-draft-new-campaign",
                   test_sheet_draft_new_campaign);
  g_test_add_func ("/ui/drafts/F-STRAT-4/undo-cycle-closes-battle",
                   test_undo_cycle_closes_battle);

  return ui_test_finish (g_test_run ());
}
