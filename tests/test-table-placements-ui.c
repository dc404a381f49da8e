/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-placements-ui.c: a table master's placements step (F-STRAT-15, F-TAC-1) in the
 * app, against a chief master in a process of his own (`admiralty-cli serve --tables 1`) on
 * 127.0.0.1, driven with the X server's own pointer and keyboard. Komarr after cycle 1, c1-3
 * sent to "Table 1". Join a Table's Open Battle shows the chief's Placements dialog, built from
 * the table's listing; a placement picked and Roll Again go to the chief, who journals them;
 * the battle then opens laid out as he set it up anew. Once the chief keeps a phase of it
 * (another table process played one), he refuses both, and the dialog says so in his words.
 * A battle open in a tab and not begun, set up anew through the step, has its tab closed
 * (said in a toast), and the new set-up opens and is kept by the chief.
 * A tired master: Escape mid-pick, Ctrl+Z, a pick escaped at once while the chief is held
 * (SIGSTOP), Roll Again clicked twice: nothing lost, nothing half-applied.
 * Each side's 2d6 typed at the table (F-STRAT-4): bad dice refused, then given, journaled by
 * the chief and mixed into the phase's rolls. The sides' phones asked through the chief while
 * the dice dialog is open, their taps posted to his portal as a phone posts them: the chief
 * not reached, Escape mid-ask, a side that never taps, then both tapping and the phase rolled
 * by itself, which `verify-dice` recomputes.
 * Screenshots of the dialog are saved in the build's tests folder. */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/prctl.h>

#include "admiralty-battle-page.h"
#include "admiralty-dice-contribution-dialog.h"
#include "admiralty-engagement-dialog.h"
#include "admiralty-join-dialog.h"
#include "admiralty-window-private.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "pointer-helpers.h"
#include "portal-helpers.h"
#include "ui-helpers.h"
#include "adm-battle-layout.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"

#define ENGAGEMENT "c1-3"
#define FORMATION  "pol-escort-group"

typedef struct {
  char            *dir;
  char            *campaign;
  GSubprocess     *chief;
  guint            port;        /* the chief's, the same when he is started again */
  char            *link;
  GPtrArray       *admirals;    /* each admiral's page, as `serve` prints them */
  AdmiraltyWindow *window;
  char            *data_home;   /* XDG_DATA_HOME before the test */
} Fixture;

/* A chief left behind by a failed test dies with it. */
static void
die_with_test (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

/* `serve CAMPAIGN --tables 1` on the fixture's port, until it prints the join link of
 * "Table 1"; the admirals' pages it prints before it kept. */
static void
chief_start (Fixture *fixture)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (
    G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDIN_PIPE);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) regex = g_regex_new ("https://[^ \t]+/table/[0-9a-f]{32}/#sha256=[0-9a-f]{64}",
                                          0, 0, NULL);
  g_autoptr(GRegex) page = g_regex_new ("http://[^ \t]+/a/[^ \t]+", 0, 0, NULL);
  g_autofree char *port = g_strdup_printf ("%u", fixture->port);
  g_autoptr(GDataInputStream) out = NULL;
  char *line;

  g_clear_pointer (&fixture->link, g_free);
  g_clear_pointer (&fixture->admirals, g_ptr_array_unref);
  fixture->admirals = g_ptr_array_new_with_free_func (g_free);

  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C.UTF-8", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_test, NULL, NULL);
  fixture->chief = g_subprocess_launcher_spawn (launcher, &error, CLI_PATH, "serve",
                                                fixture->campaign, "--tables", "1",
                                                "--address", "127.0.0.1", "--port", port, NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (fixture->chief));
  while (fixture->link == NULL &&
         (line = g_data_input_stream_read_line_utf8 (out, NULL, NULL, &error)) != NULL)
    {
      g_autoptr(GMatchInfo) match = NULL;

      g_test_message ("chief: %s", line);
      if (g_regex_match (page, line, 0, &match))
        g_ptr_array_add (fixture->admirals, g_match_info_fetch (match, 0));
      g_clear_pointer (&match, g_match_info_free);
      if (g_regex_match (regex, line, 0, &match))
        fixture->link = g_match_info_fetch (match, 0);
      g_free (line);
    }
  g_assert_no_error (error);
  g_assert_nonnull (fixture->link);
}

/* The chief asked to stop: his campaign is saved as he journaled it. */
static void
chief_stop (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;

  if (fixture->chief == NULL)
    return;
  g_subprocess_send_signal (fixture->chief, SIGTERM);
  g_subprocess_wait (fixture->chief, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (fixture->chief));
  g_clear_object (&fixture->chief);
}

/* Komarr after cycle 1 played from its order sheets: played once for the program by the CLI
 * into a folder of its own, each case's chief given a copy of the folder. */
static char *played_dir;
static char *played_campaign;

/* The files and folders in @from copied into @to, as they are. */
static void
copy_tree (GFile *from,
           GFile *to)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileEnumerator) children = g_file_enumerate_children (
      from, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
      G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, &error);
  GFileInfo *info;

  g_assert_no_error (error);
  while ((info = g_file_enumerator_next_file (children, NULL, &error)) != NULL)
    {
      g_autoptr(GFileInfo) owned = info;
      g_autoptr(GFile) source = g_file_get_child (from, g_file_info_get_name (info));
      g_autoptr(GFile) target = g_file_get_child (to, g_file_info_get_name (info));

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        {
          g_assert_true (g_file_make_directory (target, NULL, &error));
          copy_tree (source, target);
        }
      else
        g_assert_true (g_file_copy (source, target, G_FILE_COPY_NONE, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
    }
  g_assert_no_error (error);
}

static const char *
played_campaign_path (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *scenario = NULL, *sheets = NULL, *s1 = NULL, *s2 = NULL, *s3 = NULL;
  g_autoptr(CliResult) cycle = NULL;

  if (played_campaign != NULL)
    return played_campaign;
  scenario = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  sheets = source_path ("scenarios", "komarr-campaign.sheets", NULL);
  s1 = g_build_filename (sheets, "komarr-cycle-1-ghem-sarlat.xml", NULL);
  s2 = g_build_filename (sheets, "komarr-cycle-1-radovan.xml", NULL);
  s3 = g_build_filename (sheets, "komarr-cycle-1-vorkosigan.xml", NULL);
  played_dir = g_dir_make_tmp ("admiralty-table-played-XXXXXX", &error);
  g_assert_no_error (error);
  played_campaign = g_build_filename (played_dir, "chief.admiralty", NULL);
  cycle = run_cli ("cycle", scenario, "--orders", s1, s2, s3, "--save", played_campaign,
                   "--seed", "7", NULL);
  g_assert_cmpint (cycle->status, ==, 0);
  return played_campaign;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CliResult) assigned = NULL;

  if (!pointer_available ())
    return;
  fixture->dir = g_dir_make_tmp ("admiralty-table-placements-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->campaign = g_build_filename (fixture->dir, "chief.admiralty", NULL);
  {
    g_autoptr(GFile) played = g_file_new_for_path (played_campaign_path ());
    g_autoptr(GFile) from = g_file_get_parent (played);
    g_autoptr(GFile) to = g_file_new_for_path (fixture->dir);

    /* The campaign with its backup and checkpoints, as the CLI left them. */
    copy_tree (from, to);
  }
  /* The battles a table keeps are the test's own: every campaign here hands c1-3 out under
   * the same assignment. */
  fixture->data_home = g_strdup (g_getenv ("XDG_DATA_HOME"));
  {
    g_autofree char *kept = g_build_filename (fixture->dir, "data", NULL);

    g_setenv ("XDG_DATA_HOME", kept, TRUE);
  }
  /* c1-3 sent to "Table 1" in each case's copy: a table of its own, which the app has not
   * joined in an earlier case. */
  assigned = run_cli ("table-assign", fixture->campaign, ENGAGEMENT, "Table 1", NULL);
  g_assert_cmpint (assigned->status, ==, 0);
  fixture->port = free_port ();
  chief_start (fixture);
  fixture->window = shown_window_new (1280, 800);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  if (fixture->dir == NULL)
    return;
  /* A Join a Table left open goes with its window, the step in it too. */
  for (guint i = g_list_model_get_n_items (toplevels); i > 0; i--)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i - 1);

      if (ADMIRALTY_IS_JOIN_DIALOG (window))
        gtk_window_destroy (GTK_WINDOW (window));
    }
  if (fixture->window != NULL)
    close_window (fixture->window);
  if (fixture->chief != NULL)
    {
      g_subprocess_force_exit (fixture->chief);
      g_subprocess_wait (fixture->chief, NULL, NULL);
      g_clear_object (&fixture->chief);
    }
  g_setenv ("XDG_DATA_HOME", fixture->data_home, TRUE);
  g_free (fixture->data_home);
  remove_tree (fixture->dir);
  g_free (fixture->dir);
  g_free (fixture->campaign);
  g_free (fixture->link);
  g_clear_pointer (&fixture->admirals, g_ptr_array_unref);
}

/* Conditions */

static AdmiraltyJoinDialog *
join_dialog (void)
{
  GtkWidget *join = shown_toplevel (ADMIRALTY_TYPE_JOIN_DIALOG);

  return join != NULL ? ADMIRALTY_JOIN_DIALOG (join) : NULL;
}

static gboolean
join_shown (gpointer data)
{
  return join_dialog () != NULL;
}

static gboolean
listed (gpointer data)
{
  g_autofree char *listing = admiralty_join_dialog_get_listing (data);

  return listing[0] != '\0';
}

static gboolean
placements_shown (gpointer data)
{
  GtkWidget *placements = admiralty_join_dialog_get_placements (data);

  return placements != NULL && gtk_widget_get_mapped (placements);
}

static gboolean
refused (gpointer data)
{
  return !admiralty_engagement_dialog_get_asking (data) &&
         admiralty_engagement_dialog_get_refusal (data) != NULL;
}

/* The chief answered and the preview is his set-up. */
static gboolean
answered (gpointer data)
{
  return !admiralty_engagement_dialog_get_asking (data) &&
         admiralty_engagement_dialog_get_preview (data) != NULL;
}

static gboolean
page_open (gpointer data)
{
  return _admiralty_window_get_battle_page (data) != NULL;
}

/* Widgets */

/* The row of the formation @name in @dialog. */
static GtkWidget *
formation_row (AdmiraltyEngagementDialog *dialog,
               const char                *name)
{
  GtkWidget *row = find_widget (GTK_WIDGET (dialog), is_combo_row_titled, name);

  g_assert_nonnull (row);
  return row;
}

/* The position of the placement named @name in @row's list. */
static guint
placement_position (GtkWidget  *row,
                    const char *name)
{
  GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (row));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), name))
      return i;
  g_assert_not_reached ();
}

/* Item @position of @row picked as a master does: a click opens its list, the arrow keys go
 * to the item, Return takes it. Whatever the chief answers comes after. */
static void
pick (GtkWidget *window,
      GtkWidget *row,
      guint      position)
{
  guint from = adw_combo_row_get_selected (ADW_COMBO_ROW (row));

  pointer_click_widget (row);
  iterate_until (popover_open, row, 5000);
  g_assert_true (popover_open (row));
  for (guint i = from; i < position; i++)
    keys_to (window, "Down");
  for (guint i = position; i < from; i++)
    keys_to (window, "Up");
  keys_to (window, "Return");
}

/* c1-3's Open Battle in @join clicked: the placements step, once the chief has answered
 * without refusing, focused. */
static AdmiraltyEngagementDialog *
placements_of (AdmiraltyJoinDialog *join)
{
  AdmiraltyEngagementDialog *placements;

  pointer_click_widget (button (GTK_WIDGET (join), "_Open Battle"));
  iterate_until (placements_shown, join, 5000);
  placements = ADMIRALTY_ENGAGEMENT_DIALOG (admiralty_join_dialog_get_placements (join));
  g_assert_nonnull (placements);
  iterate_until (answered, placements, 10000);
  g_assert_true (answered (placements));
  g_assert_cmpstr (admiralty_engagement_dialog_get_refusal (placements), ==, NULL);
  focus_window (GTK_WIDGET (placements));
  return placements;
}

/* Roll Again clicked in the placements step and answered by the chief, not refused: the
 * battle the step now previews, laid out from @seed, which is not @seed0. */
static AdmBattle *
roll_again (AdmiraltyEngagementDialog *placements,
            guint32                    seed0,
            guint32                   *seed)
{
  AdmBattle *rolled;

  pointer_click_widget (button (GTK_WIDGET (placements), "_Roll Again"));
  iterate_until (answered, placements, 10000);
  g_assert_null (admiralty_engagement_dialog_get_refusal (placements));
  rolled = g_object_ref (admiralty_engagement_dialog_get_preview (placements));
  g_assert_true (adm_battle_get_layout_seed (rolled, seed));
  g_assert_cmpuint (*seed, !=, seed0);
  return rolled;
}

/* Open Battle clicked in the placements step: the battle's page, once it is open. */
static AdmiraltyBattlePage *
open_battle (Fixture                   *fixture,
             AdmiraltyEngagementDialog *placements)
{
  AdmiraltyBattlePage *page;

  pointer_click_widget (button (GTK_WIDGET (placements), "_Open Battle"));
  iterate_until (page_open, fixture->window, 10000);
  page = _admiralty_window_get_battle_page (fixture->window);
  g_assert_nonnull (page);
  return page;
}

/* Join a Table… from the window's menu action, the chief's link, and c1-3's Open Battle
 * clicked: the placements step, once the chief has answered. */
static AdmiraltyEngagementDialog *
open_placements (Fixture *fixture)
{
  AdmiraltyJoinDialog *join;
  g_autofree char *listing = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.join-table",
                                             NULL));
  iterate_until (join_shown, NULL, 5000);
  join = join_dialog ();
  g_assert_nonnull (join);
  focus_window (GTK_WIDGET (join));
  admiralty_join_dialog_connect (join, fixture->link);
  iterate_until (listed, join, 10000);
  listing = admiralty_join_dialog_get_listing (join);
  g_assert_cmpstr (listing, ==, "c1-3 · Pol orbit — Not fought\n");
  /* No chief on the network listed above the engagements (main ()). */
  g_assert_null (find_widget (GTK_WIDGET (join), is_button_labelled, "_Ask to Join"));
  wait_frame (GTK_WIDGET (join));
  return placements_of (join);
}

/* What the chief's campaign holds once he has stopped. */
static AdmCampaign *
chief_campaign (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign;

  chief_stop (fixture);
  campaign = adm_campaign_open (fixture->campaign, &error);
  g_assert_no_error (error);
  return campaign;
}

/* The window closed and the chief stopped: his journal holds marching order for the Pol
 * Escort Group and @seed as c1-3's set-up. */
static void
assert_chief_journaled (Fixture *fixture,
                        guint32  seed)
{
  g_autoptr(AdmCampaign) chief = NULL;
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autofree char *key = NULL;
  guint32 kept = 0;

  close_window (fixture->window);
  fixture->window = NULL;
  chief = chief_campaign (fixture);
  engagement = adm_campaign_find_engagement (chief, ENGAGEMENT, NULL);
  g_assert_nonnull (engagement);
  g_assert_cmpstr (adm_state_get_chosen_placement (adm_campaign_get_state (chief), 1,
                                                   engagement->engagement.minute, FORMATION),
                   ==, "marching-order");
  key = adm_engagement_layout_key (&engagement->engagement);
  g_assert_true (adm_state_get_layout_seed (adm_campaign_get_state (chief), key, &kept));
  g_assert_cmpuint (kept, ==, seed);
}

/* Every ship of @battle where it stands in @other. */
static gboolean
same_positions (AdmBattle *battle,
                AdmBattle *other)
{
  guint n = adm_battle_get_n_ships (battle);

  for (guint i = 0; i < n; i++)
    {
      const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
      const AdmBattleShip *there = adm_battle_lookup_ship (other, ship->id);

      if (there == NULL || there->position.x != ship->position.x ||
          there->position.y != ship->position.y)
        return FALSE;
    }
  return n > 0;
}

/* The table master opens the step, sees the chief's placements and set-up, picks marching
 * order for the Pol Escort Group and rolls the table again: the chief journals both, and the
 * battle opens laid out as the preview last showed it. */
static void
test_pick_and_roll_again (Fixture       *fixture,
                          gconstpointer  data)
{
  AdmiraltyEngagementDialog *placements;
  g_autoptr(AdmBattle) first = NULL, rolled = NULL;
  AdmiraltyBattlePage *page;
  GtkWidget *row;
  guint32 seed0 = 0, seed1 = 0, seed = 0;
  guint position;

  if (fixture->dir == NULL)
    {
      g_test_skip ("no X display or no xdotool");
      return;
    }
  placements = open_placements (fixture);
  first = g_object_ref (admiralty_engagement_dialog_get_preview (placements));
  g_assert_true (adm_battle_get_layout_seed (first, &seed0));
  row = formation_row (placements, "Pol Escort Group");
  g_assert_cmpstr (admiralty_engagement_dialog_get_placement (placements, FORMATION), !=,
                   "marching-order");

  /* A placement picked: sent to the chief, who journals it; the preview is his set-up. */
  position = placement_position (row, "Marching order");
  pick (GTK_WIDGET (placements), row, position);
  iterate_until (answered, placements, 10000);
  g_assert_null (admiralty_engagement_dialog_get_refusal (placements));
  g_assert_cmpstr (admiralty_engagement_dialog_get_placement (placements, FORMATION), ==,
                   "marching-order");

  /* Roll Again: the chief draws the seed. */
  rolled = roll_again (placements, seed0, &seed1);
  g_assert_false (same_positions (rolled, first));
  wait_frame (GTK_WIDGET (placements));
  save_screenshot (GTK_WIDGET (placements), "table-placements.png");

  /* Open Battle: the battle as the chief set it up anew. */
  page = open_battle (fixture, placements);
  g_assert_nonnull (admiralty_battle_page_get_table_client (page));
  g_assert_true (adm_battle_get_layout_seed (admiralty_battle_page_get_battle (page), &seed));
  g_assert_cmpuint (seed, ==, seed1);
  g_assert_true (same_positions (admiralty_battle_page_get_battle (page), rolled));
  g_assert_false (same_positions (admiralty_battle_page_get_battle (page), first));

  /* The chief's journal holds both. */
  assert_chief_journaled (fixture, seed1);
}

static gboolean
is_refusal_label (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "error");
}

static void
count_cb (GObject    *label,
          GParamSpec *pspec,
          guint      *changes)
{
  (*changes)++;
}

/* Another table process plays a phase and sends it (its battles kept in a folder of its own):
 * the chief keeps it, so he refuses a placement and Roll Again, in his words, shown at the
 * top of the dialog; the placement goes back to his. */
static void
test_refused_after_a_phase (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *orders = source_path ("tests/data/campaign-battles",
                                         "komarr-c1-3.orders.xml", NULL);
  g_autofree char *elsewhere = NULL;
  g_autofree char *own_data = g_strdup (g_getenv ("XDG_DATA_HOME"));
  AdmiraltyEngagementDialog *placements;
  const char *placed;
  GtkWidget *row, *label;
  guint before, changes = 0;

  if (fixture->dir == NULL)
    {
      g_test_skip ("no X display or no xdotool");
      return;
    }
  placements = open_placements (fixture);
  elsewhere = g_build_filename (fixture->dir, "other-table", NULL);
  g_setenv ("XDG_DATA_HOME", elsewhere, TRUE);
  {
    g_autoptr(CliResult) played = run_cli ("join", fixture->link, "--engagement", ENGAGEMENT,
                                           "--orders", orders, "--turns", "1", NULL);

    g_test_message ("other table: %s", played->err);
    g_assert_cmpint (played->status, ==, 0);
  }
  g_setenv ("XDG_DATA_HOME", own_data, TRUE);

  row = formation_row (placements, "Pol Escort Group");
  before = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
  placed = admiralty_engagement_dialog_get_placement (placements, FORMATION);
  pick (GTK_WIDGET (placements), row,
        placement_position (row, g_strcmp0 (placed, "marching-order") == 0
                                   ? "Attack formation" : "Marching order"));
  iterate_until (refused, placements, 10000);
  g_assert_nonnull (strstr (admiralty_engagement_dialog_get_refusal (placements),
                            "The chief master refused: The battle of engagement c1-3 has begun "
                            "at the table “Table 1”"));
  g_assert_nonnull (strstr (admiralty_engagement_dialog_get_refusal (placements),
                            "placements are chosen before the first phase"));
  g_assert_false (admiralty_engagement_dialog_get_asking (placements));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, before);
  wait_frame (GTK_WIDGET (placements));
  save_screenshot (GTK_WIDGET (placements), "table-placements-refused.png");

  /* Roll Again: refused the same way, the refusal cleared while the chief is asked and then
   * his said again. */
  label = find_widget (GTK_WIDGET (placements), is_refusal_label, NULL);
  g_assert_nonnull (label);
  g_signal_connect (label, "notify::label", G_CALLBACK (count_cb), &changes);
  pointer_click_widget (button (GTK_WIDGET (placements), "_Roll Again"));
  iterate_until (refused, placements, 10000);
  g_assert_cmpuint (changes, ==, 2);
  g_signal_handlers_disconnect_by_func (label, count_cb, &changes);
  g_assert_nonnull (strstr (admiralty_engagement_dialog_get_refusal (placements),
                            "placements are chosen before the first phase"));
  g_assert_false (admiralty_engagement_dialog_get_asking (placements));
}

static guint
n_battle_tabs (AdmiraltyWindow *window)
{
  guint n = 0;

  for (int i = 0; i < adw_tab_view_get_n_pages (window->tab_view); i++)
    {
      AdwTabPage *tab = adw_tab_view_get_nth_page (window->tab_view, i);

      n += ADMIRALTY_IS_BATTLE_PAGE (adw_tab_page_get_child (tab)) ? 1 : 0;
    }
  return n;
}

static gboolean
all_sent (gpointer data)
{
  return adm_table_client_get_state (data) == ADM_TABLE_CLIENT_ALL_SENT &&
         adm_table_client_get_waiting (data) == 0;
}

static gboolean
kept_one (gpointer data)
{
  return all_sent (data) && adm_table_client_get_kept (data) >= 1;
}

static gboolean
kept_or_asked (gpointer data)
{
  return kept_one (data) || shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG) != NULL;
}

/* Ctrl+Return on the battle's first phase at the table: each side's dice given when asked
 * (docs/dice.md, "Battles at other tables"), then the entry kept by the chief. */
static void
resolve_first_phase (Fixture        *fixture,
                     AdmTableClient *client)
{
  focus_window (GTK_WIDGET (fixture->window));
  keys_to (GTK_WIDGET (fixture->window), "ctrl+Return");
  iterate_until (kept_or_asked, client, 10000);
  if (shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG) != NULL)
    dice_contributions_give (NULL);
  iterate_until (kept_one, client, 10000);
}

/* The battle opened in a tab and not begun, the step gone through again: the placement the
 * chief takes sets the battle up anew, so the tab of the old set-up is closed at once,
 * saying why (nothing in it: a battle begun has no placements step), and Open Battle opens
 * the new set-up, whose first phase the chief keeps rather than refusing it as stale. */
static void
test_open_in_a_tab (Fixture       *fixture,
                    gconstpointer  data)
{
  AdmiraltyEngagementDialog *placements;
  AdmiraltyBattlePage *page, *old;
  g_autoptr(AdmBattle) rolled = NULL;
  AdmTableClient *client;
  g_autofree char *folder = NULL, *name = NULL, *orders_draft = NULL, *dice_draft = NULL;
  const char *assignment;
  guint32 seed0 = 0, seed1 = 0, seed = 0;

  if (fixture->dir == NULL)
    {
      g_test_skip ("no X display or no xdotool");
      return;
    }
  placements = open_placements (fixture);
  old = open_battle (fixture, placements);
  g_object_add_weak_pointer (G_OBJECT (old), (gpointer *) &old);
  g_assert_true (adm_battle_get_layout_seed (admiralty_battle_page_get_battle (old), &seed0));
  g_assert_cmpuint (n_battle_tabs (fixture->window), ==, 1);
  /* Orders and dice drafted in the tab for the old set-up (the app's drafts, beside the
   * battle kept): let go with it. */
  folder = adm_table_client_folder ();
  assignment = adm_table_client_get_assignment (admiralty_battle_page_get_table_client (old));
  name = g_strdup_printf ("%s.draft.xml", assignment);
  orders_draft = g_build_filename (folder, name, NULL);
  g_free (name);
  name = g_strdup_printf ("%s.dice.draft", assignment);
  dice_draft = g_build_filename (folder, name, NULL);
  g_assert_true (g_file_set_contents (orders_draft, "<orders/>", -1, NULL));
  g_assert_true (g_file_set_contents (dice_draft, "4 2", -1, NULL));

  /* The step again, from Join a Table, for the battle open in its tab. */
  placements = open_placements (fixture);
  pick (GTK_WIDGET (placements), formation_row (placements, "Pol Escort Group"),
        placement_position (formation_row (placements, "Pol Escort Group"), "Marching order"));
  iterate_until (answered, placements, 10000);
  g_assert_null (admiralty_engagement_dialog_get_refusal (placements));
  rolled = roll_again (placements, seed0, &seed1);

  /* The tab of the old set-up is gone, its drafts too, and the window says why. */
  g_assert_cmpuint (n_battle_tabs (fixture->window), ==, 0);
  g_assert_false (g_file_test (orders_draft, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (dice_draft, G_FILE_TEST_EXISTS));
  g_assert_true (shows_label (GTK_WIDGET (fixture->window),
                              "The chief master set up c1-3 anew: the tab of its old set-up "
                              "is closed"));

  /* Open Battle: the new set-up, in one tab. */
  page = open_battle (fixture, placements);
  g_assert_true (page != old);
  g_assert_cmpuint (n_battle_tabs (fixture->window), ==, 1);
  g_assert_true (adm_battle_get_layout_seed (admiralty_battle_page_get_battle (page), &seed));
  g_assert_cmpuint (seed, ==, seed1);
  g_assert_true (same_positions (admiralty_battle_page_get_battle (page), rolled));

  /* Its first phase, Ctrl+Return: the chief keeps it. */
  client = admiralty_battle_page_get_table_client (page);
  resolve_first_phase (fixture, client);
  g_assert_cmpint (adm_table_client_get_state (client), ==, ADM_TABLE_CLIENT_ALL_SENT);
  g_assert_cmpuint (adm_table_client_get_kept (client), ==, 1);
  if (old != NULL)
    g_object_remove_weak_pointer (G_OBJECT (old), (gpointer *) &old);
}

static gboolean
asking (gpointer data)
{
  return admiralty_engagement_dialog_get_asking (data);
}

static gboolean
placements_gone (gpointer data)
{
  return admiralty_join_dialog_get_placements (data) == NULL;
}

static gboolean
listed_again (gpointer data)
{
  GtkWidget *open = find_widget (data, is_button_labelled, "_Open Battle");

  return open != NULL && gtk_widget_is_sensitive (open) && listed (data);
}

/* A tired master, the battle open in a tab. Escape with a placement's list open closes the
 * list only, and nothing is asked; Ctrl+Z in the dialog changes nothing. A placement picked
 * and the dialog escaped at once is still the chief's to answer: the dialog closes once he
 * has, so the pick is neither lost nor kept at the chief alone (the tab of the old set-up
 * closed with it); the step opened again shows it. Roll Again clicked twice in a row is asked
 * once at a time, and the battle opens as the chief hands it out, his to keep. */
static void
test_tired_master (Fixture       *fixture,
                   gconstpointer  data)
{
  AdmiraltyEngagementDialog *placements;
  AdmiraltyJoinDialog *join;
  AdmiraltyBattlePage *page;
  g_autoptr(AdmBattle) rolled = NULL;
  AdmTableClient *client;
  GtkWidget *row, *roll;
  guint32 seed0 = 0, seed1 = 0, seed = 0;
  guint before, position;

  if (fixture->dir == NULL)
    {
      g_test_skip ("no X display or no xdotool");
      return;
    }
  open_battle (fixture, open_placements (fixture));
  g_assert_cmpuint (n_battle_tabs (fixture->window), ==, 1);

  placements = open_placements (fixture);
  join = join_dialog ();
  g_assert_true (adm_battle_get_layout_seed (admiralty_engagement_dialog_get_preview (placements),
                                             &seed0));
  row = formation_row (placements, "Pol Escort Group");
  before = adw_combo_row_get_selected (ADW_COMBO_ROW (row));

  /* Escape mid-pick: the list closes; nothing is asked; the dialog stays. */
  pointer_click_widget (row);
  iterate_until (popover_open, row, 5000);
  g_assert_true (popover_open (row));
  keys_to (GTK_WIDGET (placements), "Escape");
  iterate_until (popover_closed, row, 5000);
  g_assert_false (popover_open (row));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (placements)));
  g_assert_false (admiralty_engagement_dialog_get_asking (placements));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, before);

  /* Ctrl+Z: nothing here to undo, nothing changes. */
  keys_to (GTK_WIDGET (placements), "ctrl+z");
  wait_frame (GTK_WIDGET (placements));
  g_assert_false (admiralty_engagement_dialog_get_asking (placements));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, before);
  g_assert_true (adm_battle_get_layout_seed (admiralty_engagement_dialog_get_preview (placements),
                                             &seed));
  g_assert_cmpuint (seed, ==, seed0);
  g_assert_cmpuint (n_battle_tabs (fixture->window), ==, 1);

  /* Marching order picked, and Escape at once: the dialog closes once the chief answered. */
  position = placement_position (row, "Marching order");
  g_assert_cmpuint (position, !=, before);
  pointer_click_widget (row);
  iterate_until (popover_open, row, 5000);
  g_assert_true (popover_open (row));
  for (guint i = before; i < position; i++)
    keys_to (GTK_WIDGET (placements), "Down");
  for (guint i = position; i < before; i++)
    keys_to (GTK_WIDGET (placements), "Up");
  /* The chief held still while the master escapes: the question is under way. */
  g_subprocess_send_signal (fixture->chief, SIGSTOP);
  keys_to (GTK_WIDGET (placements), "Return");
  iterate_until (asking, placements, 5000);
  g_assert_true (admiralty_engagement_dialog_get_asking (placements));
  keys_to (GTK_WIDGET (placements), "Escape");
  wait_frame (GTK_WIDGET (join));
  wait_frame (GTK_WIDGET (join));
  g_assert_true (admiralty_join_dialog_get_placements (join) == GTK_WIDGET (placements));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (placements)));
  g_assert_true (admiralty_engagement_dialog_get_asking (placements));
  g_subprocess_send_signal (fixture->chief, SIGCONT);
  iterate_until (placements_gone, join, 15000);
  g_assert_null (admiralty_join_dialog_get_placements (join));
  g_assert_cmpuint (n_battle_tabs (fixture->window), ==, 0);
  iterate_until (listed_again, join, 10000);
  focus_window (GTK_WIDGET (join));
  wait_frame (GTK_WIDGET (join));

  /* The step again: the chief's marching order. */
  placements = placements_of (join);
  g_assert_cmpstr (admiralty_engagement_dialog_get_placement (placements, FORMATION), ==,
                   "marching-order");
  row = formation_row (placements, "Pol Escort Group");

  /* Roll Again twice in a row. */
  roll = button (GTK_WIDGET (placements), "_Roll Again");
  pointer_click_widget (roll);
  pointer_click_widget (roll);
  iterate_until (answered, placements, 10000);
  g_assert_null (admiralty_engagement_dialog_get_refusal (placements));
  g_assert_true (gtk_widget_is_sensitive (row));
  g_assert_true (adm_battle_get_layout_seed (admiralty_engagement_dialog_get_preview (placements),
                                             &seed1));
  g_assert_cmpuint (seed1, !=, seed0);

  /* Open Battle, and its first phase kept. */
  rolled = g_object_ref (admiralty_engagement_dialog_get_preview (placements));
  page = open_battle (fixture, placements);
  g_assert_cmpuint (n_battle_tabs (fixture->window), ==, 1);
  g_assert_true (same_positions (admiralty_battle_page_get_battle (page), rolled));
  client = admiralty_battle_page_get_table_client (page);
  resolve_first_phase (fixture, client);
  g_assert_cmpuint (adm_table_client_get_kept (client), ==, 1);
  g_assert_true (adm_battle_get_layout_seed (admiralty_battle_page_get_battle (page), &seed));

  /* The chief's journal: the marching order and the seed of the battle fought. */
  assert_chief_journaled (fixture, seed);
}

static gboolean
phase_kept (gpointer data)
{
  AdmTableClient *client = data;

  return all_sent (client) &&
         adm_table_client_get_kept (client) ==
           adm_journal_get_n_entries (adm_battle_get_log (adm_table_client_get_battle (client)));
}

/* c1-3 opened at the table through the placements step, its orders loaded (*@orders, as the
 * page loaded them): the battle's page. */
static AdmiraltyBattlePage *
open_battle_with_orders (Fixture          *fixture,
                         AdmBattleOrders **orders)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *orders_path = source_path ("tests/data/campaign-battles",
                                              "komarr-c1-3.orders.xml", NULL);
  AdmiraltyBattlePage *page = open_battle (fixture, open_placements (fixture));

  g_assert_true (admiralty_battle_page_load_orders (page, orders_path, &error));
  g_assert_no_error (error);
  *orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  focus_window (GTK_WIDGET (fixture->window));
  return page;
}

/* Ctrl+Return on each phase that rolls no dice with @orders' declarations: none asks for the
 * sides' dice, each is kept by the chief. The battle at the first phase that rolls. */
static AdmBattle *
to_rolling_phase (Fixture             *fixture,
                  AdmiraltyBattlePage *page,
                  AdmTableClient      *client,
                  AdmBattleOrders     *orders)
{
  AdmBattle *battle = admiralty_battle_page_get_battle (page);
  guint skipped = 0;

  while (!adm_dice_phase_rolls (battle, adm_battle_orders_get_turn (
                                          orders, adm_battle_get_turn (battle))))
    {
      g_assert_cmpuint (skipped, <, 15);
      keys_to (GTK_WIDGET (fixture->window), "ctrl+Return");
      iterate_until (phase_kept, client, 10000);
      g_assert_null (shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG));
      battle = admiralty_battle_page_get_battle (page);
      skipped++;
    }
  g_assert_cmpuint (skipped, >, 0);
  return battle;
}

/* F-STRAT-4: each side's 2d6 asked at the table, with the X server's keys (docs/dice.md, "What
 * the sides add"). The battle's orders loaded; Ctrl+Return on each phase that rolls no dice
 * asks nothing. On the first that rolls, the dialog asks a row a side: a 7 typed is marked and
 * Return gives nothing; Escape leaves the phase unrolled and nothing given. Asked again, the
 * dice typed and Return: the table keeps them beside its battle, mixes them into the phase's
 * rolls and sends them with its entries; the chief journals them naming the hand-off and keeps
 * the phase, whose rolls he checked with them mixed in. */
static void
test_sides_dice (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(AdmCampaign) chief = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  gpointer type = GSIZE_TO_POINTER (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG);
  const char *const thrown[] = { "2 6", "4 4", NULL };
  const AdmDicePhaseMix *given, *journaled;
  AdmiraltyBattlePage *page;
  AdmTableClient *client;
  AdmBattle *battle;
  GtkWidget *dialog;
  AdmPhase rolling;
  guint from;

  if (fixture->dir == NULL)
    {
      g_test_skip ("no X display or no xdotool");
      return;
    }
  page = open_battle_with_orders (fixture, &orders);
  client = admiralty_battle_page_get_table_client (page);

  battle = to_rolling_phase (fixture, page, client, orders);
  rolling = adm_battle_get_phase (battle);
  from = adm_battle_get_rolls (battle)->len + 1;
  g_assert_cmpuint (adm_table_client_get_dice_given (client)->len, ==, 0);

  /* A 7 is on no d6: marked, and Return gives nothing; Escape leaves the phase unrolled. */
  keys_to (GTK_WIDGET (fixture->window), "ctrl+Return");
  iterate_until (toplevel_shown, type, 5000);
  dialog = shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG);
  g_assert_nonnull (dialog);
  focus_window (dialog);
  for (guint i = 0; i < 2; i++)
    {
      GtkEditable *entry = admiralty_dice_contribution_dialog_get_entry (
        ADMIRALTY_DICE_CONTRIBUTION_DIALOG (dialog), i);

      gtk_widget_grab_focus (GTK_WIDGET (entry));
      type_to (dialog, i == 0 ? "7 2" : "6 2");
    }
  wait_frame (dialog);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (admiralty_dice_contribution_dialog_get_entry (
                                             ADMIRALTY_DICE_CONTRIBUTION_DIALOG (dialog), 0)),
                                           "error"));
  g_assert_cmpstr (gtk_editable_get_text (admiralty_dice_contribution_dialog_get_entry (
                     ADMIRALTY_DICE_CONTRIBUTION_DIALOG (dialog), 1)), ==, "6 2");
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "give"));
  root_screenshot ("table-dice-refused.png", 1280, 800);
  keys_to (dialog, "Return");
  wait_frame (dialog);
  g_assert_true (shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG) == dialog);
  keys_to (dialog, "Escape");
  iterate_until (toplevel_gone, type, 5000);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, rolling);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len + 1, ==, from);
  g_assert_cmpuint (adm_table_client_get_dice_given (client)->len, ==, 0);

  /* Asked again: the dice typed, Return. */
  focus_window (GTK_WIDGET (fixture->window));
  keys_to (GTK_WIDGET (fixture->window), "ctrl+Return");
  dice_contributions_give (thrown);
  iterate_until (phase_kept, client, 10000);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), !=, rolling);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, >=, from);
  mixes = g_ptr_array_ref (adm_table_client_get_dice_given (client));
  g_assert_cmpuint (mixes->len, ==, 1);
  given = g_ptr_array_index (mixes, 0);
  g_assert_cmpuint (given->from, ==, from);
  g_assert_cmpstr (given->phase, ==, adm_phase_to_string (rolling));
  g_assert_cmpuint (given->given->len, ==, 2);
  g_assert_nonnull (given->mix);

  /* The chief: both sides' dice journaled, the same mix, and the phase kept. */
  close_window (fixture->window);
  fixture->window = NULL;
  chief = chief_campaign (fixture);
  {
    g_autoptr(GPtrArray) held = adm_campaign_get_dice_mixes (chief, ENGAGEMENT);
    AdmBattle *kept = adm_campaign_get_battle_played (chief, ENGAGEMENT, NULL);
    g_autofree char *typed = NULL;
    GString *both = g_string_new (NULL);

    g_assert_cmpuint (held->len, ==, 1);
    journaled = g_ptr_array_index (held, 0);
    g_assert_cmpuint (journaled->from, ==, from);
    g_assert_cmpstr (journaled->mix, ==, given->mix);
    for (guint g = 0; g < journaled->given->len; g++)
      g_string_append_printf (both, "%s;", ((const AdmDiceContribution *)
                                             g_ptr_array_index (journaled->given, g))->dice);
    typed = g_string_free (both, FALSE);
    g_assert_true (g_str_equal (typed, "2 6;4 4;") || g_str_equal (typed, "4 4;2 6;"));
    g_assert_nonnull (kept);
    g_assert_cmpuint (adm_battle_get_rolls (kept)->len, >=, from);
  }
}

/* A phone's tap at the table (docs/dice.md, "A phone's tap at another table") */

static AdmiraltyDiceContributionDialog *
contribution_dialog (void)
{
  GtkWidget *dialog = shown_toplevel (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG);

  return dialog != NULL ? ADMIRALTY_DICE_CONTRIBUTION_DIALOG (dialog) : NULL;
}

/* Ctrl+Return on the phase that rolls: the dialog, once it is shown. */
static AdmiraltyDiceContributionDialog *
ask_the_sides (Fixture *fixture)
{
  focus_window (GTK_WIDGET (fixture->window));
  keys_to (GTK_WIDGET (fixture->window), "ctrl+Return");
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_DICE_CONTRIBUTION_DIALOG),
                 5000);
  return contribution_dialog ();
}

static gboolean
phones_unreachable (gpointer data)
{
  return strstr (admiralty_dice_contribution_dialog_get_phones_status (data),
                 "The phones cannot be asked: ") != NULL;
}

/* The chief answered the ask: the phones are offered their tap. */
static gboolean
phones_offered (gpointer data)
{
  return strstr (admiralty_dice_contribution_dialog_get_phones_status (data),
                 "offered their tap through the chief master") != NULL;
}

/* How many rows say their side's phone has tapped. */
static guint
rows_tapped (AdmiraltyDiceContributionDialog *dialog)
{
  guint n = 0;

  for (guint i = 0; i < admiralty_dice_contribution_dialog_get_n_entries (dialog); i++)
    n += g_str_has_suffix (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                             admiralty_dice_contribution_dialog_get_entry (dialog, i))),
                           ": its phone has tapped");
  return n;
}

static gboolean
one_row_tapped (gpointer data)
{
  return rows_tapped (data) == 1;
}

static gboolean
both_rows_tapped (gpointer data)
{
  return rows_tapped (data) == 2;
}

static gboolean
finalized (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* The first admiral's page whose phone is offered its tap for the phase, or NULL: a side
 * none of whose phones has committed yet. Every phone is told of its own side's battle alone. */
static char *
phone_offered (Fixture *fixture)
{
  for (guint a = 0; a < fixture->admirals->len; a++)
    {
      g_autofree char *told = NULL;
      g_autoptr(JsonObject) phase = portal_tap_phase (g_ptr_array_index (fixture->admirals, a),
                                                      &told);

      g_assert_null (strstr (told, ENGAGEMENT));
      if (phase != NULL && g_str_equal (json_object_get_string_member (phase, "state"), "open"))
        return g_strdup (g_ptr_array_index (fixture->admirals, a));
    }
  return NULL;
}

/* @page's phone commits to its tap (32 bytes of its own, in hex, returned). */
static char *
phone_commits (const char *page)
{
  g_autofree char *told = NULL, *commit = NULL, *answer = NULL;
  g_autoptr(JsonObject) phase = portal_tap_phase (page, &told);
  char *nonce = g_compute_checksum_for_string (G_CHECKSUM_SHA256, page, -1);
  guint status;

  g_assert_nonnull (phase);
  commit = portal_tap_commit (nonce);
  answer = portal_tap_post (page, phase, "commit", commit, &status);
  g_test_message ("commit: %s", answer);
  g_assert_cmpuint (status, ==, 200);
  return nonce;
}

/* No row, and the status under them, shows a commit or a tap (F-STRAT-4: the last to give
 * cannot choose); the phone of @other is told nothing of @nonce's. */
static void
assert_nothing_shown (AdmiraltyDiceContributionDialog *dialog,
                      const char                      *nonce,
                      const char                      *other)
{
  g_autofree char *commit = portal_tap_commit (nonce);
  g_autofree char *told = NULL;
  g_autoptr(JsonObject) phase = portal_tap_phase (other, &told);

  for (guint i = 0; i < admiralty_dice_contribution_dialog_get_n_entries (dialog); i++)
    {
      GtkWidget *row = GTK_WIDGET (admiralty_dice_contribution_dialog_get_entry (dialog, i));
      const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));

      g_assert_null (strstr (title, commit));
      g_assert_null (strstr (title, nonce));
      g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==, "");
    }
  g_assert_null (strstr (admiralty_dice_contribution_dialog_get_phones_status (dialog), commit));
  g_assert_null (strstr (told, commit));
  g_assert_null (strstr (told, nonce));
}

/* F-STRAT-4: the table's dice dialog asks the sides' phones through the chief, bad inputs
 * first. The chief not reached (killed): said under the rows, typed dice still offered, and
 * Ask the Phones Again, clicked once he is back, asks them. Escape mid-ask: nothing given, the
 * phase not rolled, the dialog gone with no ask left in flight. A side whose phone never
 * taps: the other's row says its phone has tapped, showing nothing of it, and both sides'
 * dice typed (the tapped side's as the master's throw) roll the phase. */
static void
test_phone_taps_refused (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_autoptr(AdmCampaign) chief = NULL;
  g_autofree char *nonce = NULL, *first = NULL, *other = NULL, *mix = NULL;
  const char *const thrown[] = { "2 6", "4 4", NULL };
  AdmiraltyDiceContributionDialog *dialog;
  const AdmDicePhaseMix *given;
  AdmiraltyBattlePage *page;
  AdmTableClient *client;
  AdmBattle *battle;
  AdmPhase rolling;
  guint from;

  if (fixture->dir == NULL)
    {
      g_test_skip ("no X display or no xdotool");
      return;
    }
  page = open_battle_with_orders (fixture, &orders);
  client = admiralty_battle_page_get_table_client (page);
  battle = to_rolling_phase (fixture, page, client, orders);
  rolling = adm_battle_get_phase (battle);
  from = adm_battle_get_rolls (battle)->len + 1;

  /* The chief gone: said, the dice can be typed, and the phones asked again once he is back. */
  g_subprocess_force_exit (fixture->chief);
  g_subprocess_wait (fixture->chief, NULL, NULL);
  g_clear_object (&fixture->chief);
  dialog = ask_the_sides (fixture);
  iterate_until (phones_unreachable, dialog, 10000);
  /* The network's words end their sentence before the next begins. */
  g_assert_nonnull (strstr (admiralty_dice_contribution_dialog_get_phones_status (dialog),
                            ". Type each side’s dice, or ask the phones again."));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (
                   admiralty_dice_contribution_dialog_get_entry (dialog, 0))));
  wait_frame (GTK_WIDGET (dialog));
  root_screenshot ("table-taps-unreachable.png", 1280, 800);
  chief_start (fixture);
  pointer_click_widget (button (GTK_WIDGET (dialog), "Ask the _Phones Again"));
  iterate_until (phones_offered, dialog, 10000);
  g_assert_null (find_widget (GTK_WIDGET (dialog), is_button_labelled, "Ask the _Phones Again"));
  g_assert_cmpuint (rows_tapped (dialog), ==, 0);
  first = phone_offered (fixture);
  g_assert_nonnull (first);

  /* Escape mid-ask: nothing given, nothing rolled, asking stops with the dialog. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  keys_to (GTK_WIDGET (dialog), "Escape");
  iterate_until (finalized, &dialog, 5000);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, rolling);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len + 1, ==, from);
  g_assert_cmpuint (adm_table_client_get_dice_given (client)->len, ==, 0);

  /* Asked again: one phone commits, the other never. */
  dialog = ask_the_sides (fixture);
  iterate_until (phones_offered, dialog, 10000);
  nonce = phone_commits (first);
  iterate_until (one_row_tapped, dialog, 10000);
  other = phone_offered (fixture);
  g_assert_nonnull (other);
  assert_nothing_shown (dialog, nonce, other);
  g_assert_nonnull (strstr (admiralty_dice_contribution_dialog_get_phones_status (dialog),
                            "1 of 2 sides have tapped"));
  g_assert_false (adw_message_dialog_get_response_enabled (ADW_MESSAGE_DIALOG (dialog), "give"));
  wait_frame (GTK_WIDGET (dialog));
  root_screenshot ("table-taps-one-tapped.png", 1280, 800);
  /* Both sides' dice thrown and typed: the phase rolls with them. */
  dice_contributions_give (thrown);
  iterate_until (phase_kept, client, 10000);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), !=, rolling);
  g_assert_cmpuint (adm_table_client_get_dice_given (client)->len, ==, 1);
  given = g_ptr_array_index (adm_table_client_get_dice_given (client), 0);
  g_assert_cmpuint (given->from, ==, from);
  g_assert_cmpuint (given->given->len, ==, 2);
  for (guint g = 0; g < given->given->len; g++)
    {
      const AdmDiceContribution *one = g_ptr_array_index (given->given, g);

      g_assert_nonnull (one->dice);
      g_assert_null (one->nonce);
    }
  mix = g_strdup (given->mix);
  close_window (fixture->window);
  fixture->window = NULL;
  chief = chief_campaign (fixture);
  {
    g_autoptr(GPtrArray) held = adm_campaign_get_dice_mixes (chief, ENGAGEMENT);
    g_autofree char *text = file_contents (fixture->campaign);

    g_assert_cmpuint (held->len, ==, 1);
    g_assert_cmpstr (((const AdmDicePhaseMix *) g_ptr_array_index (held, 0))->mix, ==, mix);
    g_assert_null (strstr (text, nonce));
  }
}

/* F-STRAT-4: both sides' phones tap through the chief while the table's dialog is open. Each
 * row says whether its side's phone has tapped, the first showing nothing of its tap to the
 * other; once both taps are in, the dialog rolls the phase by itself, no key pressed. The
 * chief journals both taps, the table's mix is his, and once the battle is ended at the table
 * `verify-dice` recomputes every roll with them mixed in. */
static void
test_phone_taps (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(AdmBattleOrders) orders = NULL;
  g_auto(GStrv) pages = g_new0 (char *, 3);
  g_auto(GStrv) nonces = g_new0 (char *, 3);
  AdmiraltyDiceContributionDialog *dialog;
  const AdmDicePhaseMix *given;
  AdmiraltyBattlePage *page;
  AdmTableClient *client;
  AdmBattle *battle;
  AdmPhase rolling;
  g_autofree char *mix = NULL;
  guint from;

  if (fixture->dir == NULL)
    {
      g_test_skip ("no X display or no xdotool");
      return;
    }
  page = open_battle_with_orders (fixture, &orders);
  client = admiralty_battle_page_get_table_client (page);
  battle = to_rolling_phase (fixture, page, client, orders);
  rolling = adm_battle_get_phase (battle);
  from = adm_battle_get_rolls (battle)->len + 1;

  dialog = ask_the_sides (fixture);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  iterate_until (phones_offered, dialog, 10000);
  g_assert_cmpuint (rows_tapped (dialog), ==, 0);
  pages[0] = phone_offered (fixture);
  g_assert_nonnull (pages[0]);
  nonces[0] = phone_commits (pages[0]);
  iterate_until (one_row_tapped, dialog, 10000);
  pages[1] = phone_offered (fixture);
  g_assert_nonnull (pages[1]);
  assert_nothing_shown (dialog, nonces[0], pages[1]);
  nonces[1] = phone_commits (pages[1]);
  iterate_until (both_rows_tapped, dialog, 10000);
  g_assert_null (phone_offered (fixture));
  wait_frame (GTK_WIDGET (dialog));
  root_screenshot ("table-taps-both-tapped.png", 1280, 800);
  /* Both committed: each phone shows its tap, and the dialog rolls by itself. */
  for (guint p = 0; p < 2; p++)
    {
      g_autofree char *told = NULL, *answer = NULL;
      g_autoptr(JsonObject) phase = portal_tap_phase (pages[p], &told);
      guint status;

      g_assert_nonnull (phase);
      g_assert_cmpstr (json_object_get_string_member (phase, "state"), ==, "committed");
      g_assert_true (json_object_get_boolean_member (phase, "ready"));
      answer = portal_tap_post (pages[p], phase, "tap", nonces[p], &status);
      g_test_message ("tap: %s", answer);
      g_assert_cmpuint (status, ==, 200);
    }
  iterate_until (finalized, &dialog, 10000);
  iterate_until (phase_kept, client, 10000);
  battle = admiralty_battle_page_get_battle (page);
  g_assert_cmpint (adm_battle_get_phase (battle), !=, rolling);
  g_assert_cmpuint (adm_battle_get_rolls (battle)->len, >=, from);
  g_assert_cmpuint (adm_table_client_get_dice_given (client)->len, ==, 1);
  given = g_ptr_array_index (adm_table_client_get_dice_given (client), 0);
  g_assert_cmpuint (given->from, ==, from);
  g_assert_cmpuint (given->given->len, ==, 2);
  for (guint g = 0; g < 2; g++)
    {
      const AdmDiceContribution *one = g_ptr_array_index (given->given, g);

      g_assert_null (one->dice);
      g_assert_true (g_strcmp0 (one->nonce, nonces[0]) == 0 ||
                     g_strcmp0 (one->nonce, nonces[1]) == 0);
    }
  mix = g_strdup (given->mix);
  close_window (fixture->window);
  fixture->window = NULL;

  /* Ended at the table, the chief reveals the secret: every roll can be derived again. */
  {
    g_autoptr(CliResult) end = run_cli ("join", fixture->link, "--engagement", ENGAGEMENT,
                                        "--end", "--reason", "Pol Six withdrew", NULL);

    g_test_message ("end: %s%s", end->out, end->err);
    g_assert_cmpint (end->status, ==, 0);
  }
  chief_stop (fixture);
  {
    g_autofree char *text = file_contents (fixture->campaign);
    g_autoptr(CliResult) check = run_cli ("verify-dice", fixture->campaign, ENGAGEMENT, NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(AdmCampaign) chief = adm_campaign_open (fixture->campaign, &error);
    g_autoptr(GPtrArray) held = NULL;

    g_assert_no_error (error);
    held = adm_campaign_get_dice_mixes (chief, ENGAGEMENT);
    g_assert_cmpuint (held->len, ==, 1);
    g_assert_cmpstr (((const AdmDicePhaseMix *) g_ptr_array_index (held, 0))->mix, ==, mix);
    for (guint p = 0; p < 2; p++)
      g_assert_nonnull (strstr (text, nonces[p]));
    g_test_message ("%s%s", check->out, check->err);
    g_assert_cmpint (check->status, ==, 0);
    g_assert_nonnull (strstr (check->out, "mixed with its phase's contributions"));
    g_assert_nonnull (strstr (check->out, nonces[0]));
    g_assert_nonnull (strstr (check->out, nonces[1]));
    g_assert_null (strstr (check->out, "DOES NOT MATCH"));
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* The table is reached by its link. No system bus, so no Avahi: neither this chief nor one
   * of another program on this computer is found by Join a Table's list of chiefs on the
   * network, whose row shown at any moment moves the engagements' Open Battle down under a
   * pointer already on its way. The chief, started with this environment, advertises
   * nothing. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/dev/null/no-system-bus", TRUE);
  ui_test_init (&argc, &argv, "table-placements-ui");
  g_setenv ("LANGUAGE", "en", TRUE);

  g_test_add ("/ui/table-placements/F-STRAT-15/pick-and-roll-again", Fixture, NULL,
              fixture_set_up, test_pick_and_roll_again, fixture_tear_down);
  g_test_add ("/ui/table-placements/F-STRAT-15/refused-after-a-phase", Fixture, NULL,
              fixture_set_up, test_refused_after_a_phase, fixture_tear_down);
  g_test_add ("/ui/table-placements/F-STRAT-15/open-in-a-tab", Fixture, NULL,
              fixture_set_up, test_open_in_a_tab, fixture_tear_down);
  g_test_add ("/ui/table-placements/F-STRAT-15/tired-master", Fixture, NULL,
              fixture_set_up, test_tired_master, fixture_tear_down);
  g_test_add ("/ui/table-placements/F-STRAT-4/sides-dice", Fixture, NULL,
              fixture_set_up, test_sides_dice, fixture_tear_down);
  g_test_add ("/ui/table-placements/F-STRAT-4/phone-taps-refused", Fixture, NULL,
              fixture_set_up, test_phone_taps_refused, fixture_tear_down);
  g_test_add ("/ui/table-placements/F-STRAT-4/phone-taps", Fixture, NULL,
              fixture_set_up, test_phone_taps, fixture_tear_down);
  status = g_test_run ();
  if (played_dir != NULL)
    remove_tree (played_dir);
  g_free (played_dir);
  g_free (played_campaign);
  return ui_test_finish (status);
}
