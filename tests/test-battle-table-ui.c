/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-table-ui.c: a battle played at the table with the X server's pointer and
 * keyboard — a dice prompt left with Escape and resumed, torpedoes launched by
 * clicks that reach their target over two turns, a turn-2 drag on a ship that must keep
 * moving. Runs under Xvfb; screenshots go to the build's tests folder. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-application.h"
#include "admiralty-battle-page-private.h"
#include "admiralty-dice-prompt.h"
#include "admiralty-orders-panel.h"
#include "admiralty-window-private.h"
#include "pointer-helpers.h"
#include "adm-log-entry.h"

static AdmiraltyBattlePage *
open_battle (AdmiraltyWindow *window,
             const char      *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  AdmiraltyBattlePage *page;

  g_assert_true (admiralty_window_open_file (window, file));
  wait_frames ();
  page = _admiralty_window_get_battle_page (window);
  g_assert_nonnull (page);
  return page;
}

static gboolean
dialog_gone (gpointer data)
{
  return _admiralty_battle_page_get_dice_dialog (data) == NULL;
}

/* Clicks the header bar's Resolve button and waits for a prompt, if the phase asks for one. */
static void
click_resolve (AdmiraltyWindow     *window,
               AdmiraltyBattlePage *page)
{
  Resolving resolve = resolving (window, page);

  pointer_click_widget (window->resolve_button);
  wait_resolved (&resolve, 1500);
}

/* Escape on a dice prompt in the middle of a phase: the phase is not resolved and
 * nothing changes, but the values typed are kept; resolving again asks for the very roll the
 * master stopped at, not the first one, and the phase then resolves. */
static void
test_dice_escape_resume (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "corridor-skirmish", TRUE);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmBattle *battle;
  guint asked = 0, rolls_asked = 0, before_escape = 0, rolls = 0;
  AdmPhase phase = ADM_PHASE_DETECTION;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  g_settings_set_string (settings, "dice-mode", "physical");
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);

  /* The first phase that asks for two rolls or more: answer one, then Escape. */
  while (before_escape == 0 && adm_battle_get_turn (battle) == 1)
    {
      phase = adm_battle_get_phase (battle);
      rolls = adm_battle_get_rolls (battle)->len;
      click_resolve (window, page);
      asked = 0;
      rolls_asked = 0;
      while (dice_prompt_shown (page))
        {
          if (asked == 1)
            {
              g_autofree char *stopped = g_strdup (
                  _admiralty_battle_page_get_dice_request (page)->purpose);
              g_autofree char *dump = adm_battle_dump (battle);
              g_autofree char *after = NULL;

              keys_to (_admiralty_battle_page_get_dice_dialog (page), "Escape");
              iterate_until (dialog_gone, page, 1000);
              g_assert_null (_admiralty_battle_page_get_dice_dialog (page));
              /* Nothing resolved, nothing changed. */
              g_assert_cmpint (adm_battle_get_phase (battle), ==, phase);
              after = adm_battle_dump (battle);
              g_assert_cmpstr (after, ==, dump);
              root_screenshot ("battle-dice-escaped.png", 1280, 800);

              /* Resolving again resumes at the roll left, not at the first. */
              click_resolve (window, page);
              g_assert_true (dice_prompt_shown (page));
              g_assert_cmpstr (_admiralty_battle_page_get_dice_request (page)->purpose, ==,
                               stopped);
              root_screenshot ("battle-dice-resumed.png", 1280, 800);
              before_escape = asked;
            }
          rolls_asked += _admiralty_battle_page_get_dice_requests (page)->len;
          dice_prompt_answer_fives (page);
          asked++;
        }
      g_assert_null (_admiralty_window_get_error_dialog (window));
      g_assert_cmpint (adm_battle_get_phase (battle), !=, phase);
      /* Each roll of the phase was asked once: none again after the Escape. */
      g_assert_cmpuint (adm_battle_get_rolls (battle)->len - rolls, ==, rolls_asked);
    }
  g_assert_cmpuint (before_escape, ==, 1);
  g_assert_cmpuint (asked, >=, 2);

  g_settings_reset (settings, "dice-mode");
  close_window (window);
  remove_battle_copy (path);
}


/* The report and the dice log after a phase: the rows shown before are the same rows, the
 * phase's added after them, so that only those are laid out; and the side panel's pages are
 * measured only when shown (the stack is not homogeneous). */
static void
test_lists_keep_rows (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  AdmiraltyWindow *window = shown_window_new (1280, 800);
  AdmiraltyBattlePage *page = open_battle (window, path);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  GListModel *lists[] = { _admiralty_battle_page_get_report_model (page),
                          _admiralty_battle_page_get_dice_model (page) };
  GtkWidget *search = _admiralty_battle_page_get_dice_search (page);
  GtkStack *side = GTK_STACK (gtk_widget_get_ancestor (gtk_widget_get_parent (search),
                                                       GTK_TYPE_STACK));
  guint grown[G_N_ELEMENTS (lists)] = { 0 };

  g_assert_false (gtk_stack_get_hhomogeneous (side));
  g_assert_false (gtk_stack_get_vhomogeneous (side));
  while (adm_battle_get_turn (battle) < 2)
    {
      GPtrArray *before[G_N_ELEMENTS (lists)] = { NULL };

      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        {
          before[l] = g_ptr_array_new_with_free_func (g_object_unref);
          for (guint i = 0; i < g_list_model_get_n_items (lists[l]); i++)
            g_ptr_array_add (before[l], g_list_model_get_item (lists[l], i));
        }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL);
      iterate ();
      g_assert_null (_admiralty_window_get_error_dialog (window));
      for (guint l = 0; l < G_N_ELEMENTS (lists); l++)
        {
          g_assert_cmpuint (g_list_model_get_n_items (lists[l]), >=, before[l]->len);
          for (guint i = 0; i < before[l]->len; i++)
            {
              g_autoptr(GObject) row = g_list_model_get_item (lists[l], i);

              g_assert_true (row == g_ptr_array_index (before[l], i));
            }
          grown[l] += g_list_model_get_n_items (lists[l]) > before[l]->len;
          g_ptr_array_unref (before[l]);
        }
    }
  g_assert_cmpuint (grown[0], >, 0);
  g_assert_cmpuint (grown[1], >, 0);

  close_window (window);
  remove_battle_copy (path);
}

static gboolean
is_list_view (GtkWidget     *widget,
              gconstpointer  data)
{
  return GTK_IS_LIST_VIEW (widget);
}

/* The rows @view has made. */
static guint
n_row_widgets (GtkWidget *view)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* Whether @model's last line is shown in @view, within its scrolled window. */
static gboolean
newest_line_in_sight (GtkWidget  *view,
                      GListModel *model)
{
  guint n = g_list_model_get_n_items (model);
  g_autoptr(AdmLogEntry) line = n > 0 ? g_list_model_get_item (model, n - 1) : NULL;
  GtkWidget *scroller = gtk_widget_get_ancestor (view, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *label;
  graphene_rect_t bounds;

  if (line == NULL)
    return FALSE;
  label = find_widget (view, is_label_text, adm_log_entry_get_text (line));
  return label != NULL && gtk_widget_compute_bounds (label, scroller, &bounds) &&
         bounds.origin.y >= 0 &&
         bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) + 0.5;
}

/* The report and the dice log on hidden pages of the side panel make no rows while the
 * phases add lines to them; shown, each has its rows, its newest line in sight, and keeps it
 * in sight through the next phase. */
static void
test_hidden_logs_make_no_rows (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  AdmiraltyWindow *window = shown_window_new (1280, 800);
  AdmiraltyBattlePage *page = open_battle (window, path);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  GtkWidget *search = _admiralty_battle_page_get_dice_search (page);
  GtkStack *side = GTK_STACK (gtk_widget_get_ancestor (gtk_widget_get_parent (search),
                                                       GTK_TYPE_STACK));
  const char *pages[] = { "report", "dice" };
  GListModel *models[] = { _admiralty_battle_page_get_report_model (page),
                           _admiralty_battle_page_get_dice_model (page) };

  g_assert_cmpstr (gtk_stack_get_visible_child_name (side), ==, "orders");
  while (adm_battle_get_turn (battle) < 2)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL);
      iterate ();
      g_assert_null (_admiralty_window_get_error_dialog (window));
      wait_frame (GTK_WIDGET (window));
    }
  for (guint l = 0; l < G_N_ELEMENTS (pages); l++)
    {
      GtkWidget *view = find_widget (gtk_stack_get_child_by_name (side, pages[l]),
                                     is_list_view, NULL);
      guint lines = g_list_model_get_n_items (models[l]);

      g_assert_nonnull (view);
      g_assert_cmpuint (lines, >, 0);
      g_assert_cmpuint (n_row_widgets (view), ==, 0);

      gtk_stack_set_visible_child_name (side, pages[l]);
      wait_frame (GTK_WIDGET (window));
      g_assert_cmpuint (n_row_widgets (view), >, 0);
      g_assert_true (newest_line_in_sight (view, models[l]));

      /* The next phase that adds a line to the list. */
      for (guint phase = 0; phase < 5 && g_list_model_get_n_items (models[l]) == lines; phase++)
        {
          gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL);
          iterate ();
          g_assert_null (_admiralty_window_get_error_dialog (window));
        }
      wait_frame (GTK_WIDGET (window));
      g_assert_cmpuint (g_list_model_get_n_items (models[l]), >, lines);
      g_assert_true (newest_line_in_sight (view, models[l]));
      gtk_stack_set_visible_child_name (side, "orders");
      wait_frame (GTK_WIDGET (window));
    }

  close_window (window);
  remove_battle_copy (path);
}

/* F-RAM-1: the ram drop-down offers the enemies the formation may ram. A course dragged
 * updates the panel at every motion of the pointer; the drop-down's list stays the same list
 * while the enemies it offers do. */
static void
test_drag_keeps_ram_list (void)
{
  g_autofree char *path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  AdmiraltyWindow *window = shown_window_new (1280, 800);
  AdmiraltyBattlePage *page = open_battle (window, path);
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  AdmiraltyTableWidget *table = _admiralty_battle_page_get_table (page);
  GtkDropDown *rams = _admiralty_orders_panel_get_ram_dropdown (
      admiralty_battle_page_get_orders_panel (page));
  const AdmBattleShip *ship = adm_battle_get_ship (battle, 0);
  GListModel *offered;

  while (adm_battle_get_phase (battle) < ADM_PHASE_MOVEMENT)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL);
      iterate ();
    }
  admiralty_table_widget_set_selected_ship (table, 0);
  iterate ();
  for (guint step = 1; step <= 4; step++)
    {
      g_signal_emit_by_name (table, "plot", ship->position.x + step,
                             ship->position.y + step * 0.5, FALSE);
      iterate ();
      if (step == 1)
        offered = gtk_drop_down_get_model (rams);
      g_assert_true (gtk_drop_down_get_model (rams) == offered);
    }
  g_assert_cmpuint (g_list_model_get_n_items (offered), >, 1);
  g_signal_emit_by_name (table, "plot", ship->position.x + 5, ship->position.y, TRUE);
  iterate ();

  close_window (window);
  remove_battle_copy (path);
}

/* Answers the dice prompt shown with the highest face of every die, as the master types them,
 * and returns how many values that was. */
static guint
answer_highest (AdmiraltyBattlePage *page)
{
  GPtrArray *requests = _admiralty_battle_page_get_dice_requests (page);
  GtkWidget *dialog = _admiralty_battle_page_get_dice_dialog (page);
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = 0;

  for (guint r = 0; r < requests->len; r++)
    {
      const AdmDiceRequest *request = g_ptr_array_index (requests, r);

      for (guint i = 0; i < request->count; i++, n++)
        g_string_append_printf (text, "%s%u", n > 0 ? " " : "", request->sides);
    }
  _admiralty_battle_page_set_dice_text (page, text->str);
  g_assert_true (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "enter"));
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "enter");
  iterate ();
  return n;
}

/* The values the page said it dropped, "N values typed were not used: …". */
static void
count_dropped_cb (AdmiraltyBattlePage *page,
                  const char          *message,
                  guint               *dropped)
{
  if (strstr (message, "not used") != NULL)
    *dropped += (guint) g_ascii_strtoull (message, NULL, 10);
}

/* Resolves the phase with real dice, every die its highest face, and checks that every value
 * typed went into a roll, or was said to be dropped: a volley asks only for rolls whose form
 * the results before them do not change (a hulk changes the column of the batteries after
 * it, which come in the next prompt). */
static void
resolve_highest (AdmiraltyWindow     *window,
                 AdmiraltyBattlePage *page,
                 guint               *prompts,
                 const char          *screenshot)
{
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  GPtrArray *rolls = adm_battle_get_rolls (battle);
  guint from = rolls->len, typed = 0, rolled = 0, dropped = 0;
  gulong handler = g_signal_connect (page, "toast", G_CALLBACK (count_dropped_cb), &dropped);
  int turn = adm_battle_get_turn (battle);
  AdmPhase phase = adm_battle_get_phase (battle);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.resolve-phase", NULL);
  iterate ();
  while (_admiralty_battle_page_get_dice_dialog (page) != NULL)
    {
      if (screenshot != NULL && typed == 0)
        root_screenshot (screenshot, 1280, 800);
      typed += answer_highest (page);
      (*prompts)++;
    }
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_true (adm_battle_get_turn (battle) != turn || adm_battle_get_phase (battle) != phase);
  g_signal_handler_disconnect (page, handler);
  for (guint i = from; i < rolls->len; i++)
    rolled += ((const AdmBattleRoll *) g_ptr_array_index (rolls, i))->n_values;
  g_assert_cmpuint (typed, ==, rolled + dropped);
}

/* A volley of fire typed in one line, every die a six. The first batteries' hits
 * cripple their targets and bring critical checks; no value typed is lost to a roll that
 * changed after the prompt was worked out. */
static void
test_volley_keeps_typed (void)
{
  g_autofree char *from = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data",
                                            "battles", "hegen-hub.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-volley-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "hegen-hub.xml", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  const char *fires[][2] = {
    { "prince-serg", "autumn-bell" }, { "emperor-dorca", "falling-leaf" },
    { "count-vorhalas", "star-creche" }, { "celestial-harmony", "kestrel" },
    { "ninth-satrapy", "lord-vorbohn" },
  };
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  guint prompts = 0;

  g_assert_no_error (error);
  copy_file (from, path);
  g_settings_set_string (settings, "dice-mode", "physical");
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);

  while (adm_battle_get_phase (battle) < ADM_PHASE_FIRE)
    resolve_highest (window, page, &prompts, NULL);
  for (guint f = 0; f < G_N_ELEMENTS (fires); f++)
    {
      admiralty_table_widget_set_selected_ship (table,
                                                adm_battle_ship_index (battle, fires[f][0]));
      iterate ();
      admiralty_table_widget_set_target_ship (table, adm_battle_ship_index (battle, fires[f][1]));
      iterate ();
      g_assert_true (admiralty_orders_panel_declare_fire (panel));
    }
  g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->fires->len, ==,
                    G_N_ELEMENTS (fires));
  prompts = 0;
  resolve_highest (window, page, &prompts, "volley-prompt.png");
  /* The hits came in more than one prompt: the rolls they brought were asked after them. */
  g_assert_cmpuint (prompts, >, 1);
  root_screenshot ("volley-keeps-typed.png", 1280, 800);

  g_settings_reset (settings, "dice-mode");
  close_window (window);
  remove_tree (dir);
}

static gboolean
report_contains (AdmiraltyBattlePage *page,
                 const char          *a,
                 const char          *b)
{
  GListModel *report = _admiralty_battle_page_get_report_model (page);

  for (guint i = 0; i < g_list_model_get_n_items (report); i++)
    {
      g_autoptr(AdmLogEntry) line = g_list_model_get_item (report, i);
      const char *text = adm_log_entry_get_text (line);

      if (text != NULL && strstr (text, a) != NULL && strstr (text, b) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* Clicks ship @id's token on the table. */
static void
click_ship (AdmiraltyTableWidget *table,
            AdmBattle            *battle,
            const char           *id)
{
  const AdmBattleShip *ship = adm_battle_get_ship (battle, adm_battle_ship_index (battle, id));
  double x, y;

  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), ship->position, &x,
                                  &y);
  pointer_click (GTK_WIDGET (table), x, y);
}

/* A copy of torpedo-duel (without its orders file) open in a new window: its page, with the
 * battle, the table and the Orders pane through the other arguments. */
static AdmiraltyBattlePage *
open_duel (char                  **path,
           AdmiraltyWindow       **window,
           AdmBattle             **battle,
           AdmiraltyTableWidget  **table,
           AdmiraltyOrdersPanel  **panel)
{
  AdmiraltyBattlePage *page;

  *path = copy_battle ("scenarios/battles", "torpedo-duel", FALSE);
  *window = shown_window_new (1280, 800);
  page = open_battle (*window, *path);
  *battle = admiralty_battle_page_get_battle (page);
  *table = _admiralty_battle_page_get_table (page);
  *panel = admiralty_battle_page_get_orders_panel (page);
  return page;
}

/* Torpedoes by mouse in torpedo-duel (F-WPN-10, F-TORP-3, F-TORP-4, F-TORP-7), no orders
 * file: in the fire phase Prince Xav is clicked, its Torpedo tubes checked, Pale Jade (ringed,
 * in the bow arc and range) clicked and the fire declared; the salvo is launched in the fire
 * phase, runs 20 of the 35 cm in turn 1, and reaches Pale Jade in turn 2's torpedo phase. */
static void
test_torpedo_by_click (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  GtkWidget *tubes;
  const AdmiraltyTableOptions *options;
  const AdmTorpedoSalvo *salvo;
  int jade;
  gboolean ringed = FALSE;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  page = open_duel (&path, &window, &battle, &table, &panel);
  jade = adm_battle_ship_index (battle, "pale-jade");
  wait_frames ();

  /* Detection and movement: nobody moves. */
  resolve_by_click (window, battle, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  click_ship (table, battle, "prince-xav");
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==,
                   adm_battle_ship_index (battle, "prince-xav"));
  /* The tubes are a check among the guns, by name, unchecked until chosen. */
  tubes = _admiralty_orders_panel_get_weapon_check (panel, "Torpedo tubes");
  g_assert_nonnull (tubes);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (tubes)));
  pointer_click_widget (tubes);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (tubes)));

  /* Pale Jade, 35 cm off the bow, within the tubes' 40 cm, is ringed. */
  options = admiralty_table_widget_get_options (table);
  g_assert_nonnull (options->highlight_ships);
  for (guint i = 0; i < options->highlight_ships->len; i++)
    ringed |= g_array_index (options->highlight_ships, guint, i) == (guint) jade;
  g_assert_true (ringed);
  click_ship (table, battle, "pale-jade");
  g_assert_cmpint (admiralty_table_widget_get_target_ship (table), ==, jade);
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_odds_text (panel),
                            "Launch 4 torpedoes at Pale Jade"));
  root_screenshot ("battle-torpedo-aim.png", 1280, 800);

  pointer_click_widget (_admiralty_orders_panel_get_declare_button (panel));
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  g_assert_true (rows_contain (panel, "Launch torpedoes"));
  g_assert_true (rows_contain (panel, "Prince Xav's Torpedo tubes"));
  g_assert_true (rows_contain (panel, "Pale Jade"));

  /* Fire: the salvo is on the table; torpedo phase: it runs its first 20 cm. */
  resolve_by_click (window, battle, 1);
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 1);
  salvo = adm_battle_get_salvo (battle, 0);
  g_assert_cmpint (salvo->torpedoes, ==, 4);
  resolve_by_click (window, battle, 1);
  salvo = adm_battle_get_salvo (battle, 0);
  g_assert_false (salvo->spent);
  g_assert_cmpint (salvo->turns_left, ==, 1);
  g_assert_cmpfloat_with_epsilon (salvo->position.x, 30.0, 1e-6);
  root_screenshot ("battle-torpedo-running.png", 1280, 800);

  /* End of turn 1, then turn 2 up to its torpedo phase: the salvo reaches Pale Jade. */
  resolve_by_click (window, battle, 5);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_END);
  salvo = adm_battle_get_salvo (battle, 0);
  g_assert_true (salvo->spent || salvo->torpedoes == 0 || salvo->struck == jade + 1);
  g_assert_true (report_contains (page, "Salvo 1", "Pale Jade"));
  /* Pale Jade's card shows what the torpedoes did. */
  click_ship (table, battle, "pale-jade");
  root_screenshot ("battle-torpedo-struck.png", 1280, 800);

  close_window (window);
  remove_battle_copy (path);
}

/* The odds preview read before the dice: in torpedo-duel's fire phase Prince Xav
 * is clicked, its main battery checked and Pale Jade clicked; the panel shows the dice and
 * the number to hit, the column and why, Pale Jade's shields (alone in its formation: its
 * own), the hull, and the exact odds — the engine's own numbers. */
/* By the pointer, as the master aims: @ship selected on the table, its @weapon checked, and
 * @target clicked (F-FIRE-1). Returns the weapon's check. */
static GtkWidget *
aim_by_click (AdmiraltyTableWidget *table,
              AdmiraltyOrdersPanel *panel,
              AdmBattle            *battle,
              const char           *ship,
              const char           *weapon,
              const char           *target)
{
  GtkWidget *check;

  click_ship (table, battle, ship);
  check = _admiralty_orders_panel_get_weapon_check (panel, weapon);
  g_assert_nonnull (check);
  if (!gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
    pointer_click_widget (check);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  click_ship (table, battle, target);
  wait_frames ();
  return check;
}

static void
test_odds_preview (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  const char *odds;
  g_autofree char *expected = NULL;
  g_autoptr(AdmTurnOrders) orders = NULL;
  AdmFirePreview preview = { 0 };
  AdmFireDecl decl = { 0 };

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  open_duel (&path, &window, &battle, &table, &panel);
  wait_frames ();
  resolve_by_click (window, battle, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  aim_by_click (table, panel, battle, "prince-xav", "Main battery", "pale-jade");
  odds = _admiralty_orders_panel_get_odds_text (panel);
  g_test_message ("odds: %s", odds);
  g_assert_nonnull (strstr (odds, "Artillery: "));
  g_assert_nonnull (strstr (odds, "hits on 4+ (armour, F-ART-12)"));
  g_assert_nonnull (strstr (odds, "Shields: 3 blocks, its own (F-SHLD-1)"));
  g_assert_nonnull (strstr (odds, "Hull: "));
  g_assert_nonnull (strstr (odds, "out of action"));

  /* The numbers shown are the engine's preview of the same declaration. */
  decl.ships = g_ptr_array_new_with_free_func (g_free);
  decl.weapons = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (decl.ships, g_strdup ("prince-xav"));
  g_ptr_array_add (decl.weapons, g_strdup ("main"));
  decl.target = g_strdup ("pale-jade");
  orders = adm_turn_orders_new (adm_battle_get_turn (battle));
  g_assert_true (adm_battle_preview_fire (battle, orders, &decl, &preview, NULL));
  g_assert_true (preview.legal);
  expected = g_strdup_printf ("at least one damage %.1f%%", 100 * preview.exact_p_damage);
  g_assert_nonnull (strstr (odds, expected));
  adm_fire_preview_clear (&preview);
  g_ptr_array_unref (decl.ships);
  g_ptr_array_unref (decl.weapons);
  g_free (decl.target);
  scroll_into_view (_admiralty_orders_panel_get_declare_button (panel));
  wait_frames ();
  root_screenshot ("battle-odds-preview.png", 1280, 800);

  close_window (window);
  remove_battle_copy (path);
}

/* Declares fire from @ship's gun battery at @target by clicks: the ship, its check, the
 * target, Declare. */
static void
declare_guns_by_click (AdmiraltyTableWidget *table,
                       AdmiraltyOrdersPanel *panel,
                       AdmBattle            *battle,
                       const char           *ship,
                       const char           *target,
                       gboolean              declare)
{
  aim_by_click (table, panel, battle, ship, "Gun battery", target);
  if (!declare)
    return;
  scroll_into_view (_admiralty_orders_panel_get_declare_button (panel));
  pointer_click_widget (_admiralty_orders_panel_get_declare_button (panel));
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
}

/* Whether the Orders pane @data shows no refusal: a condition for iterate_until (). */
static gboolean
message_cleared (gpointer data)
{
  return g_strcmp0 (_admiralty_orders_panel_get_message (data), "") == 0;
}

/* A refusal stays in sight in the Orders pane, above what scrolls, until the master changes
 * what he is declaring: a second fire of the same battery this phase is refused (F-FIRE-12) —
 * the battery, unchecked once its fire is declared, checked again by hand — and unchecking
 * the battery takes the refusal away, as does choosing the target again. */
static void
test_refusal_goes_with_change (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  GtkWidget *message_box;
  GtkWidget *guns;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  open_duel (&path, &window, &battle, &table, &panel);
  message_box = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (panel),
                                                           ADMIRALTY_TYPE_ORDERS_PANEL,
                                                           "message_box"));
  wait_frames ();
  resolve_by_click (window, battle, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  guns = aim_by_click (table, panel, battle, "prince-xav", "Main battery", "pale-jade");
  scroll_into_view (_admiralty_orders_panel_get_declare_button (panel));
  pointer_click_widget (_admiralty_orders_panel_get_declare_button (panel));
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  /* The battery has fired this phase: no longer checked. */
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (guns)));

  /* The same battery again, at the same ship: refused, said in the pane. */
  scroll_into_view (guns);
  pointer_click_widget (guns);
  click_ship (table, battle, "pale-jade");
  wait_frames ();
  scroll_into_view (_admiralty_orders_panel_get_declare_button (panel));
  pointer_click_widget (_admiralty_orders_panel_get_declare_button (panel));
  wait_frames ();
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "F-FIRE-12"));
  g_assert_true (gtk_widget_get_visible (message_box));
  /* It stays while nothing else happens. */
  iterate_until (NULL, NULL, 1000);
  g_assert_true (gtk_widget_get_visible (message_box));
  root_screenshot ("refusal-in-pane.png", 1280, 800);

  /* The battery unchecked: the refusal is gone. */
  scroll_into_view (guns);
  pointer_click_widget (guns);
  iterate_until (message_cleared, panel, 2000);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (guns)));
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  g_assert_false (gtk_widget_get_visible (message_box));

  /* Checked again and refused again; a target chosen again on the table takes it away too. */
  pointer_click_widget (guns);
  click_ship (table, battle, "pale-jade");
  wait_frames ();
  scroll_into_view (_admiralty_orders_panel_get_declare_button (panel));
  pointer_click_widget (_admiralty_orders_panel_get_declare_button (panel));
  wait_frames ();
  g_assert_true (gtk_widget_get_visible (message_box));
  admiralty_table_widget_set_target_ship (table, -1);
  click_ship (table, battle, "pale-jade");
  iterate_until (message_cleared, panel, 2000);
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  g_assert_false (gtk_widget_get_visible (message_box));

  close_window (window);
  remove_battle_copy (path);
}

/* The odds count the fire declared before (F-FIRE-4, F-SHLD-1, F-FORM-19): in fire-five,
 * D4 and D5 fire at Berg, each cancelling 3 dice of the 6 blocks Berg and Hartung pool; D1's
 * shot at Hartung then meets none. Alone it would be "no damage possible"; the panel shows
 * the engine's odds after the earlier fire, and says it counts it. */
static void
test_odds_count_earlier_fire (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *from = NULL;
  g_autoptr(GError) error = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  const char *odds;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  dir = g_dir_make_tmp ("admiralty-table-XXXXXX", &error);
  g_assert_no_error (error);
  from = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data", "battles",
                           "fire-five.xml", NULL);
  path = g_build_filename (dir, "fire-five.xml", NULL);
  copy_file (from, path);
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  wait_frames ();
  resolve_by_click (window, battle, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  /* Alone, D1's 3 dice meet 6 blocks. */
  declare_guns_by_click (table, panel, battle, "d1", "hartung", FALSE);
  odds = _admiralty_orders_panel_get_odds_text (panel);
  g_test_message ("odds alone: %s", odds);
  g_assert_nonnull (strstr (odds, "No damage possible"));
  g_assert_nonnull (strstr (odds, "No fire declared before it in the phase's order uses these "
                                  "shields"));

  declare_guns_by_click (table, panel, battle, "d4", "berg", TRUE);
  declare_guns_by_click (table, panel, battle, "d5", "berg", TRUE);
  g_assert_true (rows_contain (panel, "Berg"));
  declare_guns_by_click (table, panel, battle, "d1", "hartung", FALSE);
  odds = _admiralty_orders_panel_get_odds_text (panel);
  g_test_message ("odds after: %s", odds);
  g_assert_null (strstr (odds, "No damage possible"));
  g_assert_nonnull (strstr (odds, "Counted first: 2 declarations before it in the phase's order "
                                  "(F-FIRE-4) use 6.0 of these blocks on average, all of them "
                                  "100.0% of the time"));
  /* 1 − (2/3)³ = 19/27 */
  g_assert_nonnull (strstr (odds, "at least one damage 70.4%"));
  scroll_into_view (_admiralty_orders_panel_get_declare_button (panel));
  wait_frames ();
  root_screenshot ("battle-odds-earlier-fire.png", 1280, 800);

  close_window (window);
  remove_tree (dir);
}

/* Torpedoes at a point (F-TORP-3: they run along the line of launch): in torpedo-duel's fire
 * phase Prince Xav is clicked, its Torpedo tubes checked, and the empty table at (35, 24)
 * clicked; the panel offers the launch on the heading to that point, Add declares it, the
 * salvo is launched on that heading and runs along the line. */
static void
test_torpedo_at_point (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  GtkWidget *tubes;
  const AdmTorpedoSalvo *salvo;
  AdmPoint aim = { 35, 24 }, from;
  double x, y, bearing, along, across;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  open_duel (&path, &window, &battle, &table, &panel);
  wait_frames ();
  resolve_by_click (window, battle, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  click_ship (table, battle, "prince-xav");
  from = adm_battle_get_ship (battle, adm_battle_ship_index (battle, "prince-xav"))->position;
  tubes = _admiralty_orders_panel_get_weapon_check (panel, "Torpedo tubes");
  g_assert_nonnull (tubes);
  pointer_click_widget (tubes);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (tubes)));
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), aim, &x, &y);
  pointer_click (GTK_WIDGET (table), x, y);
  wait_frames ();
  /* The click aimed the tubes: the shooter is still selected, no ship is the target. */
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==,
                   adm_battle_ship_index (battle, "prince-xav"));
  g_assert_cmpint (admiralty_table_widget_get_target_ship (table), ==, -1);
  g_test_message ("odds: %s", _admiralty_orders_panel_get_odds_text (panel));
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_odds_text (panel),
                            "Launch 4 torpedoes on heading"));
  /* The point is drawn on the table until the launch is declared. */
  g_assert_true (admiralty_table_widget_get_options (table)->aiming);
  root_screenshot ("battle-torpedo-at-point.png", 1280, 800);

  pointer_click_widget (_admiralty_orders_panel_get_declare_button (panel));
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  g_assert_true (rows_contain (panel, "Launch torpedoes"));
  /* Declared: drawn as the launch's run instead (draw_declared_launches ()). */
  g_assert_false (admiralty_table_widget_get_options (table)->aiming);
  wait_frames ();
  root_screenshot ("battle-torpedo-at-point-declared.png", 1280, 800);

  /* Fire: launched on the heading to the point; torpedo phase: it runs along the line. */
  resolve_by_click (window, battle, 1);
  g_assert_cmpuint (adm_battle_get_n_salvos (battle), ==, 1);
  salvo = adm_battle_get_salvo (battle, 0);
  bearing = adm_heading_normalise (adm_bearing (from, aim));
  g_assert_cmpfloat_with_epsilon (salvo->heading, bearing, 0.06);
  resolve_by_click (window, battle, 1);
  salvo = adm_battle_get_salvo (battle, 0);
  along = (salvo->position.x - from.x) * (aim.x - from.x) +
          (salvo->position.y - from.y) * (aim.y - from.y);
  across = (salvo->position.x - from.x) * (aim.y - from.y) -
           (salvo->position.y - from.y) * (aim.x - from.x);
  g_assert_cmpfloat (along, >, 0);
  g_assert_cmpfloat (fabs (across) / adm_distance (from, aim), <, 0.1);

  close_window (window);
  remove_battle_copy (path);
}

/* Escort cover offered when it applies (F-TORP-13, F-TORP-14, F-TORP-16): Prince Xav's
 * salvo launched at Pale Jade by click in turn 1; in turn 2's torpedo phase, with the salvo
 * about to strike, Pale Jade is clicked: the panel says what its turrets throw without an
 * order and offers the guns of the escorts within reach, with the odds they make. One offer
 * clicked becomes a cover order of the turn, and the torpedo phase rolls the escort's guns
 * (F-TORP-14), which may then not fire next turn (F-TORP-15). */
static void
test_cover_offered (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  GtkWidget *cover_box, *offer;
  const char *label, *escort_id, *escort_name;
  const AdmBattleShip *escort;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  page = open_duel (&path, &window, &battle, &table, &panel);
  wait_frames ();
  resolve_by_click (window, battle, 2);
  click_ship (table, battle, "prince-xav");
  pointer_click_widget (_admiralty_orders_panel_get_weapon_check (panel, "Torpedo tubes"));
  click_ship (table, battle, "pale-jade");
  pointer_click_widget (_admiralty_orders_panel_get_declare_button (panel));
  g_assert_true (rows_contain (panel, "Launch torpedoes"));
  while (adm_battle_get_turn (battle) < 2 || adm_battle_get_phase (battle) != ADM_PHASE_TORPEDO)
    resolve_by_click (window, battle, 1);

  click_ship (table, battle, "pale-jade");
  wait_frames ();
  g_test_message ("torpedoes: %s", _admiralty_orders_panel_get_torpedo_text (panel));
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_torpedo_text (panel),
                            "Pale Jade's turrets: 2 dice at 4+ meet a salvo (F-TORP-13"));
  cover_box = _admiralty_orders_panel_get_cover_box (panel);
  g_assert_true (gtk_widget_get_visible (cover_box));
  offer = gtk_widget_get_first_child (cover_box);
  g_assert_nonnull (offer);
  label = gtk_button_get_label (GTK_BUTTON (offer));
  g_test_message ("offer: %s", label);
  g_assert_true (g_str_has_prefix (label, "Cover Pale Jade with "));
  g_assert_nonnull (strstr (label, "(F-TORP-14); salvo 1 damages it "));
  root_screenshot ("battle-cover-offered.png", 1280, 800);
  escort_id = strstr (label, "Silk Fan") != NULL ? "silk-fan" : "moth-wing";
  escort_name = strstr (label, "Silk Fan") != NULL ? "Silk Fan" : "Moth Wing";
  pointer_click_widget (offer);
  wait_frames ();
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  g_assert_true (rows_contain (panel, escort_name));

  resolve_by_click (window, battle, 1);
  g_assert_true (report_contains (page, "escort guns covering Pale Jade", "at 4+"));
  /* F-TORP-15: its guns lent, the escort may not fire them in turn 3. */
  escort = adm_battle_get_ship (battle, adm_battle_ship_index (battle, escort_id));
  g_assert_cmpint (escort->covering_turn, ==, 3);

  close_window (window);
  remove_battle_copy (path);
}

/* Whether every roll row of the dice log contains @text (headings: @heading), and there is
 * at least one. */
static gboolean
dice_rows_all (AdmiraltyBattlePage *page,
               const char          *heading,
               const char          *text)
{
  GListModel *dice = _admiralty_battle_page_get_dice_model (page);
  guint rolls = 0;

  for (guint i = 0; i < g_list_model_get_n_items (dice); i++)
    {
      g_autoptr(AdmLogEntry) line = g_list_model_get_item (dice, i);
      g_autofree char *all = g_strdup_printf ("%s %s", adm_log_entry_get_text (line),
                                              adm_log_entry_get_detail (line) != NULL
                                                ? adm_log_entry_get_detail (line) : "");

      if (adm_log_entry_get_heading (line))
        {
          if (heading != NULL && !g_str_has_prefix (adm_log_entry_get_text (line), heading))
            return FALSE;
          continue;
        }
      rolls++;
      if (text != NULL && strstr (all, text) == NULL)
        return FALSE;
    }
  return rolls > 0;
}

/* What the dice log's search last told the page ("search-changed", which the search entry
 * sends a moment after the last key, at once when emptied): the text the log is filtered by. */
typedef struct {
  GtkWidget *search;
  char      *heard;
} Searched;

static void
search_heard_cb (GtkSearchEntry *entry,
                 gpointer        data)
{
  Searched *searched = data;

  g_free (searched->heard);
  searched->heard = g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static gboolean
search_heard (gpointer data)
{
  const Searched *searched = data;

  return searched->heard != NULL &&
         g_strcmp0 (searched->heard, gtk_editable_get_text (GTK_EDITABLE (searched->search))) == 0;
}

/* Runs the main context until the page has filtered its log by @text, typed in its search. */
static void
wait_searched (Searched   *searched,
               const char *text)
{
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (searched->search)), ==, text);
  iterate_until (search_heard, searched, 2000);
  g_assert_true (search_heard (searched));
  g_clear_pointer (&searched->heard, g_free);
}

/* The dice log filtered by typing in its search: torpedo-duel with its orders
 * played to turn 2's torpedo phase; "Turn 2" keeps turn 2's rolls only, "F-TORP" the torpedo
 * rules' rolls, "Pale Jade" the rolls naming the ship; clearing the search shows them all
 * again; each check at N+ says how many dice passed. The search narrows what the audience
 * filter shows, never more. */
static void
test_dice_log_filter (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmBattle *battle;
  GtkWidget *search;
  GtkStack *side;
  Searched searched = { NULL, NULL };
  guint all;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  path = copy_battle ("scenarios/battles", "torpedo-duel", TRUE);
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  wait_frames ();
  while (adm_battle_get_turn (battle) < 2 || adm_battle_get_phase (battle) <= ADM_PHASE_TORPEDO)
    resolve_by_click (window, battle, 1);

  search = _admiralty_battle_page_get_dice_search (page);
  searched.search = search;
  g_signal_connect (search, "search-changed", G_CALLBACK (search_heard_cb), &searched);
  side = GTK_STACK (gtk_widget_get_ancestor (gtk_widget_get_parent (search), GTK_TYPE_STACK));
  gtk_stack_set_visible_child_name (side, "dice");
  wait_frames ();
  all = g_list_model_get_n_items (_admiralty_battle_page_get_dice_model (page));
  g_assert_true (dice_rows_all (page, "Turn 1", NULL) == FALSE);

  pointer_click_widget (search);
  type_to (search, "Turn 2");
  wait_searched (&searched, "Turn 2");
  g_assert_true (dice_rows_all (page, "Turn 2 ·", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (_admiralty_battle_page_get_dice_model (page)), <,
                    all);

  keys_to (search, "ctrl+a BackSpace");
  type_to (search, "F-TORP");
  wait_searched (&searched, "F-TORP");
  g_assert_true (dice_rows_all (page, NULL, "F-TORP"));
  root_screenshot ("battle-dice-log-filter.png", 1280, 800);

  /* Each check says against what and how many dice passed and failed, as the engine judged
   * it: the turrets' 4+ (F-TORP-13), the torpedoes against the armour (F-TORP-7). */
  keys_to (search, "ctrl+a BackSpace");
  type_to (search, "anti-torpedo turrets");
  wait_searched (&searched, "anti-torpedo turrets");
  g_assert_true (dice_rows_all (page, NULL, "F-TORP-13"));
  g_assert_true (dice_rows_all (page, NULL, "≥ 4"));
  g_assert_true (dice_rows_all (page, NULL, "passed ✓") || dice_rows_all (page, NULL, "failed ✗"));
  keys_to (search, "ctrl+a BackSpace");
  type_to (search, "F-TORP-7");
  wait_searched (&searched, "F-TORP-7");
  g_assert_true (dice_rows_all (page, NULL, "(armour)"));

  keys_to (search, "ctrl+a BackSpace");
  type_to (search, "Pale Jade");
  wait_searched (&searched, "Pale Jade");
  g_assert_true (dice_rows_all (page, NULL, "Pale Jade"));

  keys_to (search, "ctrl+a BackSpace");
  wait_searched (&searched, "");
  g_assert_cmpuint (g_list_model_get_n_items (_admiralty_battle_page_get_dice_model (page)), ==,
                    all);

  g_signal_handlers_disconnect_by_func (search, search_heard_cb, &searched);
  close_window (window);
  remove_battle_copy (path);
}

/* Drags ship @id's course on the table from table point @from to @to (cm). */
static void
drag_table (AdmiraltyTableWidget *table,
            AdmPoint              from,
            AdmPoint              to)
{
  double x1, y1, x2, y2;

  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), from, &x1, &y1);
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), to, &x2, &y2);
  pointer_drag (GTK_WIDGET (table), x1, y1, x2, y2);
}

/* The course declared for @formation in the panel's draft, or NULL. */
static const AdmMoveDecl *
declared_move (AdmiraltyOrdersPanel *panel,
               const char           *formation)
{
  const AdmTurnOrders *orders = admiralty_orders_panel_get_orders (panel);

  for (guint i = 0; i < orders->moves->len; i++)
    {
      const AdmMoveDecl *decl = g_ptr_array_index (orders->moves, i);

      if (g_strcmp0 (decl->formation, formation) == 0)
        return decl;
    }
  return NULL;
}

/* Whether the table draws a course for the formation led by @leader ending at @end. */
static gboolean
course_drawn (AdmiraltyTableWidget *table,
              int                   leader,
              AdmPoint              end)
{
  GPtrArray *previews = admiralty_table_widget_get_options (table)->move_previews;

  for (guint i = 0; previews != NULL && i < previews->len; i++)
    {
      const AdmMovePreview *preview = g_ptr_array_index (previews, i);
      AdmPoint last;

      if (preview->leader != (guint) leader || preview->path == NULL || preview->path->len < 2)
        continue;
      last = g_array_index (preview->path, AdmPoint, preview->path->len - 1);
      if (fabs (last.x - end.x) < 0.01 && fabs (last.y - end.y) < 0.01)
        return TRUE;
    }
  return FALSE;
}

static double
widget_y (GtkWidget *widget,
          GtkWidget *window)
{
  double x = 0, y = 0;

  g_assert_true (gtk_widget_translate_coordinates (widget, window, 0, 0, &x, &y));
  return y;
}

/* A turn-2 drag on a ship that must keep moving (F-MOVE-5), by pointer, in corridor-skirmish
 * with no orders file: Prince Serg is dragged 10 cm in turn 1; in turn 2 its default course,
 * 10 cm straight on, is drawn; Clear Course clears it, and a short drag straight ahead from
 * the ship plots 6 cm from the ship (not on from the default's end, which read as a 180°
 * turn); cleared back to the default, a drag from the ship replaces it too. A refused drag
 * says why without moving the controls under the pointer. */
static void
test_turn_two_drag (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  const AdmMoveDecl *move;
  GtkWidget *clear;
  AdwMessageDialog *dialog;
  int serg;
  double clear_y;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  path = copy_battle ("scenarios/battles", "corridor-skirmish", FALSE);
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  serg = adm_battle_ship_index (battle, "prince-serg");
  wait_frames ();

  /* Turn 1: Prince Serg, at (10, 20) heading 90°, is dragged 10 cm straight on. */
  resolve_by_click (window, battle, 1);
  click_ship (table, battle, "prince-serg");
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, serg);
  drag_table (table, (AdmPoint) { 10, 20 }, (AdmPoint) { 20, 20 });
  move = declared_move (panel, "serg-group");
  g_assert_nonnull (move);
  g_assert_true (rows_contain (panel, "Prince Serg group: 10 cm"));
  /* Movement, fire, torpedoes, end; turn 2's detection. */
  resolve_by_click (window, battle, 5);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  g_assert_cmpfloat_with_epsilon (adm_battle_get_ship (battle, serg)->position.x, 20.0, 1e-6);

  /* F-MOVE-5: it moved, so it must keep moving: the default course is drawn, for it and
   * whatever is selected. */
  g_assert_null (declared_move (panel, "serg-group"));
  g_assert_true (course_drawn (table, serg, (AdmPoint) { 30, 20 }));
  click_ship (table, battle, "prince-serg");
  g_assert_true (course_drawn (table, serg, (AdmPoint) { 30, 20 }));
  wait_frames ();
  root_screenshot ("battle-turn2-default-course.png", 1280, 800);

  /* Clear Course clears it: an empty course, refused until plotted, and none drawn. */
  clear = _admiralty_orders_panel_get_clear_button (panel);
  pointer_click_widget (clear);
  move = declared_move (panel, "serg-group");
  g_assert_nonnull (move);
  g_assert_cmpuint (move->steps->len, ==, 0);
  g_assert_false (course_drawn (table, serg, (AdmPoint) { 30, 20 }));

  /* A short drag straight ahead from the ship: 6 cm from the ship. */
  drag_table (table, (AdmPoint) { 20, 20 }, (AdmPoint) { 26, 20 });
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  g_assert_true (rows_contain (panel, "Prince Serg group: 6 cm"));
  move = declared_move (panel, "serg-group");
  g_assert_cmpuint (move->steps->len, ==, 1);
  g_assert_true (course_drawn (table, serg, (AdmPoint) { 26, 20 }));

  /* Cleared again: back to the default course; a drag from the ship replaces it. */
  pointer_click_widget (clear);
  g_assert_null (declared_move (panel, "serg-group"));
  g_assert_true (course_drawn (table, serg, (AdmPoint) { 30, 20 }));
  drag_table (table, (AdmPoint) { 20, 20 }, (AdmPoint) { 26, 20 });
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
  g_assert_true (rows_contain (panel, "Prince Serg group: 6 cm"));
  g_assert_false (course_drawn (table, serg, (AdmPoint) { 30, 20 }));
  root_screenshot ("battle-turn2-drag.png", 1280, 800);

  /* A drag the rules refuse with no course they allow near it (a battleship turning about at
   * the end of its course): the reason is shown, the course kept, and Clear Course has not
   * moved. */
  /* Where a widget is, is what the last frame laid out: a release is handed on without
   * waiting for a frame (xdo ()), so the panel it changed is read once a frame after it has
   * laid it out, not from a frame of the drag still under way. */
  wait_frames ();
  clear_y = widget_y (clear, GTK_WIDGET (window));
  drag_table (table, (AdmPoint) { 26, 20 }, (AdmPoint) { 16, 20 });
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), !=, "");
  g_assert_true (rows_contain (panel, "Prince Serg group: 6 cm"));
  wait_frames ();
  g_assert_cmpfloat_with_epsilon (widget_y (clear, GTK_WIDGET (window)), clear_y, 0.5);
  root_screenshot ("battle-turn2-refused.png", 1280, 800);

  /* Resolve then asks before the formation moves without the refused course: Escape goes back
   * to it, the phase not resolved; Ctrl+Return asks again, and Resolve Anyway moves it by the
   * course it has. */
  pointer_click_widget (window->resolve_button);
  iterate_until (message_dialog_shown, NULL, 3000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==,
                   "Resolve Movement Without a Course?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Prince Serg group"));
  root_screenshot ("battle-turn2-refused-ask.png", 1280, 800);
  keys_to (GTK_WIDGET (dialog), "Escape");
  iterate_until (message_dialog_gone, NULL, 3000);
  g_assert_null (message_dialog ());
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  keys_to (GTK_WIDGET (window), "ctrl+Return");
  iterate_until (message_dialog_shown, NULL, 3000);
  dialog = message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "resolve");
  gtk_window_close (GTK_WINDOW (dialog));
  iterate_until (message_dialog_gone, NULL, 3000);
  wait_frames ();
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_cmpfloat_with_epsilon (adm_battle_get_ship (battle, serg)->position.x, 26.0, 1e-6);

  close_window (window);
  remove_battle_copy (path);
}

/* Presses the left button on the table at point @from (cm) and moves it in steps towards @to,
 * each step @wobble px either side of the line in turn, as a hand does, the last one to the
 * right of it; the button stays down. */
static void
press_and_wobble (AdmiraltyTableWidget *table,
                  AdmPoint              from,
                  AdmPoint              to,
                  double                wobble)
{
  const int steps = 6;
  double x1, y1, x2, y2, length, nx, ny;

  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), from, &x1, &y1);
  admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table), to, &x2, &y2);
  length = hypot (x2 - x1, y2 - y1);
  nx = -(y2 - y1) / length;
  ny = (x2 - x1) / length;
  pointer_move (GTK_WIDGET (table), x1, y1);
  xdo ("mousedown 1");
  for (int i = 1; i <= steps; i++)
    {
      double side = i == steps || i % 2 == 1 ? 1 : -1;

      pointer_move (GTK_WIDGET (table), x1 + (x2 - x1) * i / steps + side * wobble * nx,
                    y1 + (y2 - y1) * i / steps + side * wobble * ny);
    }
  wait_frames ();
}

/* The course being plotted, as the table draws it. */
static const AdmMovePreview *
editing_preview (AdmiraltyTableWidget *table)
{
  const AdmiraltyTableOptions *options = admiralty_table_widget_get_options (table);

  g_assert_nonnull (options->move_previews);
  g_assert_cmpint (options->editing_move, >=, 0);
  g_assert_cmpint (options->editing_move, <, (int) options->move_previews->len);
  return g_ptr_array_index (options->move_previews, options->editing_move);
}

/* The first drag of the manual by a hand, with the real pointer, in corridor-skirmish with no
 * orders file: the battleship Prince Serg (18 cm, heading 90°) dragged 12 cm ahead with the
 * hand wobbling 3 px either side and let go 3 px off is plotted straight on, 12 cm, and the
 * pane says so for a few seconds (a 1° turn off the ship would be refused: F-MOVE-9, its first
 * turn after 3/4 of the move). Dragged 30° off its heading, before the button is released the
 * nearest course the rules allow, straight on, is drawn ghosted and the pane says why; the
 * release plots it. */
static void
test_hand_drag (void)
{
  g_autofree char *path = NULL;
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  const AdmBattleShip *serg;
  const AdmMoveDecl *move;
  const AdmMovePreview *preview;
  const AdmMoveStep *step;
  AdmPoint to;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  path = copy_battle ("scenarios/battles", "corridor-skirmish", FALSE);
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  wait_frames ();
  resolve_by_click (window, battle, 1);
  serg = adm_battle_get_ship (battle, adm_battle_ship_index (battle, "prince-serg"));
  click_ship (table, battle, "prince-serg");

  /* 12 cm ahead, the hand wobbling ±3 px: straight on, said for a moment. */
  press_and_wobble (table, serg->position, adm_point_advance (serg->position, serg->heading, 12),
                    3);
  g_assert_false (admiralty_table_widget_get_options (table)->ghost_move);
  g_assert_cmpfloat_with_epsilon (editing_preview (table)->end_heading, serg->heading, 1e-6);
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "straight on"));
  xdo ("mouseup 1");
  wait_frames ();
  move = declared_move (panel, "serg-group");
  g_assert_nonnull (move);
  g_assert_cmpuint (move->steps->len, ==, 1);
  step = &g_array_index (move->steps, AdmMoveStep, 0);
  g_assert_false (step->is_turn);
  g_assert_cmpfloat_with_epsilon (step->value, 12, 0.51);
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "straight on"));
  root_screenshot ("battle-drag-straight.png", 1280, 800);
  iterate_until (message_cleared, panel, 10000);
  g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");

  /* 10 cm at 30° to starboard, from the ship: no turn before 3/4 of the move (F-MOVE-9). */
  pointer_click_widget (_admiralty_orders_panel_get_clear_button (panel));
  g_assert_null (declared_move (panel, "serg-group"));
  to = adm_point_advance (serg->position, serg->heading + 30, 10);
  press_and_wobble (table, serg->position, to, 0);
  g_assert_true (admiralty_table_widget_get_options (table)->ghost_move);
  preview = editing_preview (table);
  g_assert_true (preview->legal);
  g_assert_cmpfloat_with_epsilon (preview->end_heading, serg->heading, 1e-6);
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel), "F-MOVE-9"));
  /* Drawn by the window itself: the X screenshot would take the pointer from the drag. */
  save_screenshot (GTK_WIDGET (window), "battle-drag-ghost.png");
  xdo ("mouseup 1");
  wait_frames ();
  g_assert_false (admiralty_table_widget_get_options (table)->ghost_move);
  move = declared_move (panel, "serg-group");
  g_assert_nonnull (move);
  g_assert_cmpuint (move->steps->len, ==, 1);
  step = &g_array_index (move->steps, AdmMoveStep, 0);
  g_assert_false (step->is_turn);
  /* As far as the point of the heading nearest the pointer: 10 cm × cos 30°. */
  g_assert_cmpfloat_with_epsilon (step->value, 8.5, 0.51);
  g_assert_nonnull (strstr (_admiralty_orders_panel_get_message (panel),
                            "plotted the nearest course the rules allow"));

  close_window (window);
  remove_battle_copy (path);
}

static gboolean
projector_open (gpointer data)
{
  return ((AdmiraltyWindow *) data)->projector != NULL &&
         gtk_widget_get_mapped (((AdmiraltyWindow *) data)->projector);
}

static gboolean
window_fullscreen (gpointer data)
{
  return gtk_window_is_fullscreen (data);
}

static gboolean
projector_closed (gpointer data)
{
  return ((AdmiraltyWindow *) data)->projector == NULL;
}

/* The projector by keyboard (F-STRAT-2): F5 on the master's window opens the
 * public map fullscreen, with the faction key; Escape on it closes it, and so does F5. The
 * Komarr campaign. */
static void
test_projector_keys (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "komarr-campaign.admiralty", NULL);
  AdmiraltyWindow *window;
  GtkWidget *projector;
  g_auto(GStrv) key = NULL;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  window = shown_window_new (1280, 800);
  g_assert_true (admiralty_window_open (window, path));
  wait_frames ();

  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_open, window, 3000);
  g_assert_true (projector_open (window));
  projector = window->projector;
  iterate_until (window_fullscreen, projector, 5000);
  g_assert_true (gtk_window_is_fullscreen (GTK_WINDOW (projector)));
  key = admiralty_projector_window_get_key_texts (ADMIRALTY_PROJECTOR_WINDOW (projector));
  g_assert_cmpuint (g_strv_length (key), >=, 2);
  for (guint i = 0; key[i] != NULL; i++)
    g_test_message ("key: %s", key[i]);
  /* Each faction by its symbol and name. */
  g_assert_true (g_str_has_prefix (key[0], "(") && strstr (key[0], ") ") != NULL);
  root_screenshot ("projector-window.png", 1280, 800);

  /* Escape closes it, as the end of a slide show; F5 opens it again and, on it, closes it. */
  keys_to (projector, "Escape");
  iterate_until (projector_closed, window, 3000);
  g_assert_null (window->projector);
  keys_to (GTK_WIDGET (window), "F5");
  iterate_until (projector_open, window, 3000);
  g_assert_true (projector_open (window));
  projector = window->projector;
  keys_to (projector, "F5");
  iterate_until (projector_closed, window, 3000);
  g_assert_null (window->projector);

  close_window (window);
}

/* What the dice prompt takes: "0" on a d10 is 10, as the CLI reads it (TI4, LRR
 * 39.5); a count that does not match is said in words a master reads aloud. */
static void
test_dice_prompt_words (void)
{
  AdmDiceRequest d10 = { 3, 10, "Dreadnought", NULL };
  AdmDiceRequest d6 = { 1, 6, "Readiness", NULL };
  AdmDiceRequest two = { 2, 6, "Readiness", NULL };
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;

  g_assert_true (admiralty_dice_prompt_parse (&d10, "0 3, 10", values, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (values->len, ==, 3);
  g_assert_cmpuint (g_array_index (values, guint, 0), ==, 10);
  g_assert_cmpuint (g_array_index (values, guint, 1), ==, 3);
  g_assert_cmpuint (g_array_index (values, guint, 2), ==, 10);

  /* On a d6 a 0 is no face. */
  g_assert_false (admiralty_dice_prompt_parse (&d6, "0", values, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_false (admiralty_dice_prompt_parse (&d6, "2 5", values, &error));
  g_assert_cmpstr (error->message, ==, "Roll 1 die and type the number it shows; you typed 2.");
  g_clear_error (&error);
  g_assert_false (admiralty_dice_prompt_parse (&two, "4", values, &error));
  g_assert_cmpstr (error->message, ==, "Roll 2 dice and type one number per die; you typed 1.");
}

/* A battle reopened in its end phase (a restored session, a saved game opened) offers only the
 * orders of that phase: damage control (F-DC), not a launch, which belongs to the fire phase
 * (F-WPN-10); the fate of a captured ship (F-BOARD-16) only when a ship is captured. The
 * panel's kinds were those of a battle at its start until the battle next changed. */
static void
test_kinds_of_reopened_phase (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios",
                                            "battles", "torpedo-duel.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  AdmiraltyOrdersPanel *panel;
  GtkWidget *table, *box;
  gboolean captured = FALSE;

  g_assert_no_error (error);
  while (adm_battle_get_phase (battle) != ADM_PHASE_END)
    {
      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
    }
  table = admiralty_table_widget_new ();
  panel = g_object_new (ADMIRALTY_TYPE_ORDERS_PANEL, NULL);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_object_ref_sink (box);
  gtk_box_append (GTK_BOX (box), table);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (panel));
  admiralty_table_widget_set_battle (ADMIRALTY_TABLE_WIDGET (table), battle);
  admiralty_orders_panel_attach (panel, battle, ADMIRALTY_TABLE_WIDGET (table), NULL);
  g_assert_false (_admiralty_orders_panel_offers (panel, "launch"));
  g_assert_false (_admiralty_orders_panel_offers (panel, "board"));
  g_assert_true (_admiralty_orders_panel_offers (panel, "damage-control"));
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    captured |= adm_battle_get_ship (battle, i)->captured_by >= 0;
  g_assert_cmpint (_admiralty_orders_panel_offers (panel, "captured"), ==, captured);
  g_object_unref (box);
}

/* What the master does in a turn, counted as the test does it: pointer clicks, drags, keys
 * (a shortcut is one, each character typed one), dice prompts and the values typed. */
typedef struct {
  guint clicks, drags, keys, prompts, values;
} Effort;

/* Typed dice for the turn: a set of real rolls, taken in turn. */
static const char dice_faces[] = "415263352641526314";

/* Answers the prompt shown: one line with a value per die of every roll it lists, in order;
 * each roll of the phase then keeps the values typed for it (@typed: purpose → the values
 * typed for each roll of that purpose, in order: a target's critical checks may come in two
 * prompts). */
static void
effort_answer (Effort              *effort,
               AdmiraltyBattlePage *page,
               GHashTable          *typed,
               guint               *face)
{
  GtkWidget *dialog = _admiralty_battle_page_get_dice_dialog (page);
  GPtrArray *requests = _admiralty_battle_page_get_dice_requests (page);
  g_autoptr(GString) line = g_string_new (NULL);

  g_assert_nonnull (requests);
  for (guint r = 0; r < requests->len; r++)
    {
      const AdmDiceRequest *request = g_ptr_array_index (requests, r);
      g_autoptr(GString) values = g_string_new (NULL);

      for (guint d = 0; d < request->count; d++)
        {
          char value = dice_faces[(*face)++ % (sizeof dice_faces - 1)];

          if (request->sides < 6)
            value = '1';
          g_string_append_printf (values, "%s%c", values->len > 0 ? " " : "", value);
        }
      if (g_hash_table_lookup (typed, request->purpose) == NULL)
        g_hash_table_insert (typed, g_strdup (request->purpose),
                             g_ptr_array_new_with_free_func (g_free));
      g_ptr_array_add (g_hash_table_lookup (typed, request->purpose), g_strdup (values->str));
      g_string_append_printf (line, "%s%s", line->len > 0 ? " " : "", values->str);
      effort->values += request->count;
    }
  type_to (dialog, line->str);
  effort->keys += line->len;
  effort->keys++;
  effort->prompts++;
  dice_prompt_enter (page);
}

/* Ctrl+Return resolves the phase; every prompt it brings is answered. The prompts are at most
 * the steps of the phase (each kind of roll its rules make: to hit, critical checks, …), and
 * each roll the journal keeps has the values typed for it. */
static void
effort_resolve (Effort              *effort,
                AdmiraltyWindow     *window,
                AdmiraltyBattlePage *page,
                guint               *face,
                const char          *shot)
{
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  g_autoptr(GHashTable) typed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                       (GDestroyNotify) g_ptr_array_unref);
  g_autoptr(GHashTable) taken = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) steps = g_hash_table_new (g_str_hash, g_str_equal);
  guint rolls = adm_battle_get_rolls (battle)->len, prompts = effort->prompts;
  AdmPhase phase = adm_battle_get_phase (battle);
  Resolving resolve = resolving (window, page);
  GPtrArray *all;

  keys_to (GTK_WIDGET (window), "ctrl+Return");
  effort->keys++;
  wait_resolved (&resolve, 3000);
  if (dice_prompt_shown (page))
    root_screenshot (shot, 1280, 800);
  while (dice_prompt_shown (page))
    effort_answer (effort, page, typed, face);
  g_assert_null (_admiralty_window_get_error_dialog (window));
  g_assert_cmpint (adm_battle_get_phase (battle), !=, phase);

  all = adm_battle_get_rolls (battle);
  for (guint i = rolls; i < all->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (all, i);
      const char *purpose = adm_battle_roll_get_purpose (roll);
      GPtrArray *each = g_hash_table_lookup (typed, purpose);
      guint nth = GPOINTER_TO_UINT (g_hash_table_lookup (taken, purpose));
      g_autoptr(GString) kept = g_string_new (NULL);
      const char *values;

      g_hash_table_add (steps, (gpointer) roll->clause);
      g_assert_nonnull (each);
      g_assert_cmpuint (nth, <, each->len);
      values = g_ptr_array_index (each, nth);
      g_hash_table_insert (taken, (gpointer) purpose, GUINT_TO_POINTER (nth + 1));
      for (guint v = 0; v < roll->n_values; v++)
        g_string_append_printf (kept, "%s%u", v > 0 ? " " : "", roll->values[v]);
      g_assert_cmpstr (kept->str, ==, values);
    }
  g_test_message ("%s: %u rolls in %u prompts, %u steps", adm_phase_to_string (phase),
                  all->len - rolls, effort->prompts - prompts, g_hash_table_size (steps));
  g_assert_cmpuint (effort->prompts - prompts, <=, g_hash_table_size (steps));
}

/* Ship @id dragged @dx cm ahead along the table's x axis, with no click first. */
static void
effort_drag (Effort               *effort,
             AdmiraltyTableWidget *table,
             AdmBattle            *battle,
             const char           *id,
             double                dx)
{
  const AdmBattleShip *ship = adm_battle_get_ship (battle, adm_battle_ship_index (battle, id));
  AdmPoint to = { ship->position.x + dx, ship->position.y };

  drag_table (table, ship->position, to);
  effort->drags++;
  wait_frames ();
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==,
                   adm_battle_ship_index (battle, id));
}

/* @shooter clicked, then @target, then Return: the fire declared, one click a ship. */
static void
effort_declare (Effort               *effort,
                AdmiraltyWindow      *window,
                AdmiraltyTableWidget *table,
                AdmiraltyOrdersPanel *panel,
                AdmBattle            *battle,
                const char           *shooter,
                const char           *target)
{
  guint fires = admiralty_orders_panel_get_orders (panel)->fires->len;

  click_ship (table, battle, shooter);
  effort->clicks++;
  wait_frames ();
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==,
                   adm_battle_ship_index (battle, shooter));
  click_ship (table, battle, target);
  effort->clicks++;
  wait_frames ();
  g_assert_cmpint (admiralty_table_widget_get_target_ship (table), ==,
                   adm_battle_ship_index (battle, target));
  keys_to (GTK_WIDGET (window), "Return");
  effort->keys++;
  wait_frames ();
  g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->fires->len, ==, fires + 1);
}

/* One full turn of the seven-against-six engagement at the Hegen Hub (scenarios/
 * skirmish.admiralty's squadrons, tests/data/battles/hegen-hub.xml) at 1280×800 with real
 * dice typed in, by pointer and keys only: each formation's course a drag of its flagship,
 * five fire declarations of a click on the shooter, a click on the target and Return, each
 * phase Ctrl+Return, each volley's dice one line. Within 15 clicks and drags, and no more
 * prompts than the phase has steps (F-SEQ-1). */
static void
test_turn_clicks (void)
{
  g_autofree char *from = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data",
                                            "battles", "hegen-hub.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-turn-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "hegen-hub.xml", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  AdmBattle *battle;
  Effort effort = { 0 };
  guint face = 0;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  g_assert_no_error (error);
  copy_file (from, path);
  g_settings_set_string (settings, "dice-mode", "physical");
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, 13);

  effort_resolve (&effort, window, page, &face, "turn-detection-dice.png");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  /* Movement: other orders belong to later phases and are not offered. */
  g_assert_false (_admiralty_orders_panel_offers (panel, "launch"));
  effort_drag (&effort, table, battle, "prince-serg", 5);
  effort_drag (&effort, table, battle, "kestrel", 6);
  effort_drag (&effort, table, battle, "celestial-harmony", -5);
  effort_drag (&effort, table, battle, "autumn-bell", -5);
  g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->moves->len, ==, 4);
  root_screenshot ("turn-movement.png", 1280, 800);
  effort_resolve (&effort, window, page, &face, "turn-movement-dice.png");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  /* The capital ships at the escorts, whose pooled shields cancel few of their dice. */
  effort_declare (&effort, window, table, panel, battle, "prince-serg", "autumn-bell");
  effort_declare (&effort, window, table, panel, battle, "emperor-dorca", "falling-leaf");
  effort_declare (&effort, window, table, panel, battle, "count-vorhalas", "star-creche");
  /* The other side's turn to declare: a click on one of its ships would aim at it, Escape
   * lets the selection go first. */
  keys_to (GTK_WIDGET (window), "Escape");
  effort.keys++;
  wait_frames ();
  g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, -1);
  effort_declare (&effort, window, table, panel, battle, "celestial-harmony", "kestrel");
  effort_declare (&effort, window, table, panel, battle, "ninth-satrapy", "lord-vorbohn");
  root_screenshot ("turn-fire-declared.png", 1280, 800);
  effort_resolve (&effort, window, page, &face, "turn-fire-dice.png");
  root_screenshot ("turn-fire-resolved.png", 1280, 800);
  effort_resolve (&effort, window, page, &face, "turn-torpedo-dice.png");
  effort_resolve (&effort, window, page, &face, "turn-end-dice.png");
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_DETECTION);

  /* Beside the targets, for the record of the run. */
  g_printerr ("# one turn of Hegen Hub, 7 against 6: %u clicks and drags (target ≤ 15: %u "
              "clicks, %u drags), %u keys, %u dice values in %u prompts\n",
              effort.clicks + effort.drags, effort.clicks, effort.drags, effort.keys,
              effort.values, effort.prompts);
  g_assert_cmpuint (effort.clicks + effort.drags, <=, 15);
  g_assert_cmpuint (effort.values, >, 0);

  g_settings_reset (settings, "dice-mode");
  close_window (window);
  remove_tree (dir);
}

/* Whether @orders declare fire with weapon @weapon of ship @ship. */
static gboolean
fire_declared (const AdmTurnOrders *orders,
               const char          *ship,
               const char          *weapon)
{
  for (guint d = 0; d < orders->fires->len; d++)
    {
      const AdmFireDecl *fire = g_ptr_array_index (orders->fires, d);

      for (guint w = 0; w < fire->weapons->len; w++)
        if (g_strcmp0 (g_ptr_array_index (fire->ships, w), ship) == 0 &&
            g_strcmp0 (g_ptr_array_index (fire->weapons, w), weapon) == 0)
          return TRUE;
    }
  return FALSE;
}

/* Whether ship @index of @battle has a gun (not a tube) whose fire @orders do not declare and
 * that reaches an enemy: what is left to declare, as the test counts it. With @target, the
 * enemy the most such guns reach goes there. */
static gboolean
fire_left (AdmBattle           *battle,
           const AdmTurnOrders *orders,
           guint                index,
           int                 *target)
{
  const AdmBattleShip *ship = adm_battle_get_ship (battle, index);
  g_autofree guint *reached = g_new0 (guint, adm_battle_get_n_ships (battle));
  guint best = 0;

  if (ship->status != ADM_SHIP_ACTIVE)
    return FALSE;
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    {
      const AdmWeapon *weapon = g_ptr_array_index (ship->klass->weapons, w);
      g_autoptr(GArray) reach = NULL;

      if ((weapon->type != ADM_WEAPON_ARTILLERY && weapon->type != ADM_WEAPON_DESTRUCTOR) ||
          fire_declared (orders, ship->id, weapon->id))
        continue;
      reach = adm_battle_fire_targets (battle, index, w);
      for (guint i = 0; i < reach->len; i++)
        reached[g_array_index (reach, guint, i)]++;
    }
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (reached[i] > best)
      {
        best = reached[i];
        if (target != NULL)
          *target = (int) i;
      }
  return best > 0;
}

/* How many ships of @battle have fire left to declare in @orders. */
static guint
firers_left (AdmBattle           *battle,
             const AdmTurnOrders *orders)
{
  guint n = 0;

  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    n += fire_left (battle, orders, i, NULL);
  return n;
}

/* The fire declarations the journal keeps for turn @turn: those the phases resolved with. */
static guint
journal_fires (AdmBattle *battle,
               int        turn)
{
  GPtrArray *journal = adm_battle_get_journal (battle);

  for (guint i = journal->len; i > 0; i--)
    {
      AdmEvent *event = g_ptr_array_index (journal, i - 1);
      g_autoptr(AdmTurnOrders) orders = NULL;

      if (g_strcmp0 (adm_event_get_kind (event), "phase") != 0 ||
          adm_event_get_int (event, "turn", 0) != turn)
        continue;
      orders = adm_turn_orders_parse (adm_event_get_text (event), "orders", NULL);
      if (orders != NULL && orders->fires->len > 0)
        return orders->fires->len;
    }
  return 0;
}

/* One full turn of the seven-against-eight engagement at the Hegen Hub (hegen-hub-eight.xml) at
 * 1280×800 with real dice typed in, by pointer and keys only, every ship that reaches an enemy
 * firing: each side's line a drag of its flagship; in the fire phase Tab selects the first
 * ship with guns to fire, then each declaration is one click on a ringed enemy and Return,
 * which selects the next ship with fire left — the other side's ships after the first's, a
 * click on a ringed enemy never taken for a selection. Within 16 clicks and drags; every
 * battery that reaches is declared and resolved (F-FIRE-12: each once); a refusal stays in
 * sight in the Orders pane until the next action. */
static void
test_turn_sixteen_clicks (void)
{
  g_autofree char *from = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data",
                                            "battles", "hegen-hub-eight.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-turn-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "hegen-hub-eight.xml", NULL);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();
  AdmiraltyWindow *window;
  AdmiraltyBattlePage *page;
  AdmiraltyTableWidget *table;
  AdmiraltyOrdersPanel *panel;
  GtkWidget *message_box;
  AdmBattle *battle;
  Effort effort = { 0 };
  guint face = 0, declared = 0, fire_clicks;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  g_assert_no_error (error);
  copy_file (from, path);
  g_settings_set_string (settings, "dice-mode", "physical");
  window = shown_window_new (1280, 800);
  page = open_battle (window, path);
  battle = admiralty_battle_page_get_battle (page);
  table = _admiralty_battle_page_get_table (page);
  panel = admiralty_battle_page_get_orders_panel (page);
  message_box = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (panel),
                                                           ADMIRALTY_TYPE_ORDERS_PANEL,
                                                           "message_box"));
  g_assert_cmpuint (adm_battle_get_n_ships (battle), ==, 15);

  effort_resolve (&effort, window, page, &face, "turn8-detection-dice.png");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_MOVEMENT);
  effort_drag (&effort, table, battle, "prince-serg", 5);
  effort_drag (&effort, table, battle, "celestial-harmony", -5);
  effort_resolve (&effort, window, page, &face, "turn8-movement-dice.png");
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);

  /* Tab from no selection: the first ship with guns in reach. */
  keys_to (GTK_WIDGET (window), "Escape");
  keys_to (GTK_WIDGET (window), "Tab");
  effort.keys += 2;
  wait_frames ();
  fire_clicks = effort.clicks;
  while (firers_left (battle, admiralty_orders_panel_get_orders (panel)) > 0)
    {
      const AdmTurnOrders *orders = admiralty_orders_panel_get_orders (panel);
      int shooter = admiralty_table_widget_get_selected_ship (table), target = -1;
      guint fires = orders->fires->len;
      const AdmBattleShip *ship;

      /* The ship selected for the master is one with fire left. */
      g_assert_cmpint (shooter, >=, 0);
      g_assert_true (fire_left (battle, orders, shooter, &target));
      ship = adm_battle_get_ship (battle, shooter);
      if (sides->len == 0 || g_ptr_array_index (sides, sides->len - 1) != GINT_TO_POINTER (ship->side))
        g_ptr_array_add (sides, GINT_TO_POINTER (ship->side));
      click_ship (table, battle, adm_battle_get_ship (battle, target)->id);
      effort.clicks++;
      wait_frames ();
      /* The click aims: the shooter stays selected. */
      g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, shooter);
      g_assert_cmpint (admiralty_table_widget_get_target_ship (table), ==, target);
      keys_to (GTK_WIDGET (window), "Return");
      effort.keys++;
      wait_frames ();
      g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), ==, "");
      g_assert_false (gtk_widget_get_visible (message_box));
      g_assert_cmpuint (admiralty_orders_panel_get_orders (panel)->fires->len, ==, fires + 1);
      declared++;
      g_assert_cmpuint (declared, <=, adm_battle_get_n_ships (battle) * 3);
    }
  /* Both sides fired, the first's ships, then the second's. */
  g_assert_cmpuint (sides->len, ==, 2);
  g_assert_cmpuint (effort.clicks - fire_clicks, ==, declared);
  g_assert_cmpstr (_admiralty_orders_panel_get_batteries_text (panel), !=, NULL);
  root_screenshot ("turn8-fire-declared.png", 1280, 800);

  /* Nothing is left: Tab keeps the selection, and Next Firer says why, in the pane, until the
   * next action. */
  {
    int shooter = admiralty_table_widget_get_selected_ship (table);

    keys_to (GTK_WIDGET (window), "Tab");
    wait_frames ();
    g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, shooter);
    gtk_widget_activate_action (GTK_WIDGET (panel), "orders.next-firer", NULL);
    wait_frames ();
    g_assert_true (gtk_widget_get_visible (message_box));
    g_assert_cmpstr (_admiralty_orders_panel_get_message (panel), !=, "");
    iterate_until (NULL, NULL, 1500);
    g_assert_true (gtk_widget_get_visible (message_box));
    root_screenshot ("turn8-nothing-left.png", 1280, 800);
    /* The next action, a click on the empty table (outside the turn's count: the turn needs
     * none), takes it away with the selection. */
    {
      double x, y;

      admiralty_table_view_to_pixels (admiralty_table_widget_get_view (table),
                                      (AdmPoint) { 56, 47 }, &x, &y);
      pointer_click (GTK_WIDGET (table), x, y);
      wait_frames ();
    }
    g_assert_cmpint (admiralty_table_widget_get_selected_ship (table), ==, -1);
    g_assert_false (gtk_widget_get_visible (message_box));
  }

  effort_resolve (&effort, window, page, &face, "turn8-fire-dice.png");
  g_assert_cmpuint (journal_fires (battle, 1), ==, declared);
  effort_resolve (&effort, window, page, &face, "turn8-torpedo-dice.png");
  effort_resolve (&effort, window, page, &face, "turn8-end-dice.png");
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);

  g_printerr ("# one turn of Hegen Hub, 7 against 8: %u fire declarations, %u clicks and "
              "drags (target ≤ 16: %u clicks, %u drags), %u keys, %u dice values in %u "
              "prompts\n", declared, effort.clicks + effort.drags, effort.clicks, effort.drags,
              effort.keys, effort.values, effort.prompts);
  g_assert_cmpuint (declared, >=, 12);
  g_assert_cmpuint (effort.clicks + effort.drags, <=, 16);

  g_settings_reset (settings, "dice-mode");
  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  ui_test_init (&argc, &argv, "battle-table-ui");
  g_test_add_func ("/ui/battle-table/dice/prompt-words", test_dice_prompt_words);
  g_test_add_func ("/ui/battle-table/F-SEQ-1/turn-in-fifteen-clicks", test_turn_clicks);
  g_test_add_func ("/ui/battle-table/F-FIRE-12/seven-against-eight-in-sixteen-clicks",
                   test_turn_sixteen_clicks);
  g_test_add_func ("/ui/battle-table/dice/escape-resume", test_dice_escape_resume);
  g_test_add_func ("/ui/battle-table/F-WPN-10/torpedo-by-click", test_torpedo_by_click);
  g_test_add_func ("/ui/battle-table/F-ART-12/odds-preview", test_odds_preview);
  g_test_add_func ("/ui/battle-table/F-FIRE-12/refusal-goes-with-change",
                   test_refusal_goes_with_change);
  g_test_add_func ("/ui/battle-table/F-FIRE-4/odds-count-earlier-fire",
                   test_odds_count_earlier_fire);
  g_test_add_func ("/ui/battle-table/F-TORP-3/torpedo-at-point", test_torpedo_at_point);
  g_test_add_func ("/ui/battle-table/F-TORP-14/cover-offered", test_cover_offered);
  g_test_add_func ("/ui/battle-table/dice/log-filter", test_dice_log_filter);
  g_test_add_func ("/ui/battle-table/F-SEQ-1/lists-keep-rows", test_lists_keep_rows);
  g_test_add_func ("/ui/battle-table/F-SEQ-1/hidden-logs-make-no-rows",
                   test_hidden_logs_make_no_rows);
  g_test_add_func ("/ui/battle-table/dice/volley-keeps-typed", test_volley_keeps_typed);
  g_test_add_func ("/ui/battle-table/F-RAM-1/drag-keeps-ram-list", test_drag_keeps_ram_list);
  g_test_add_func ("/ui/battle-table/F-MOVE-5/turn-two-drag", test_turn_two_drag);
  g_test_add_func ("/ui/battle-table/F-MOVE-9/hand-drag", test_hand_drag);
  g_test_add_func ("/ui/battle-table/F-STRAT-2/projector-keys", test_projector_keys);
  g_test_add_func ("/ui/battle-table/F-BOARD-16/kinds-of-a-reopened-phase",
                   test_kinds_of_reopened_phase);
  status = g_test_run ();
  return ui_test_finish (status);
}
