/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-replay-ui.c: the war replayed in the app (admiralty-replay-window.h), driven with the X
 * server's keys as a master steps through it. Komarr is played through cycle 1 and the battle
 * of c1-3 at Pol orbit, a phase of it undone and redone, then cycle 2. Ctrl+Shift+R opens the
 * replay on the war's last step; Page Up steps back through the battle's phases and Page Down
 * forward again, and at each the table shows exactly what the live battle showed the master
 * at that phase: the table renderer's picture of the battle the replay holds, with the
 * replay's view and options, equals byte for byte its picture of the battle the master had on
 * the table then, opened from its saved file. Shown on the projector, each phase is on the
 * wall's table as the public saw it: the live battle's picture for the public of the battle
 * then. Seen as the Cetagandans and as the Public (chosen with the keys), each phase is that
 * audience's picture of the live battle. The campaign is not changed: its file and its journal
 * are as they were. Runs under Xvfb with xdotool. */

#include "config.h"

#include <string.h>

#include "admiralty-projector-window.h"
#include "admiralty-replay-window.h"
#include "admiralty-window-private.h"
#include "file-helpers.h"
#include "komarr-helpers.h"
#include "picture-helpers.h"
#include "pointer-helpers.h"
#include "text-helpers.h"
#include "adm-battle-result.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"

#define T0 G_GINT64_CONSTANT (1795370400)

/* The battle as the master had it after the campaign's first @n entries. */
typedef struct {
  guint  n;
  char  *saved;
} Moment;

static void
moment_clear (gpointer data)
{
  g_free (((Moment *) data)->saved);
}

static void
keep (AdmCampaign *campaign,
      AdmBattle   *battle,
      GArray      *moments)
{
  g_autoptr(GError) error = NULL;
  Moment moment;

  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  moment.n = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));
  moment.saved = adm_battle_serialize (battle, NULL);
  g_array_append_val (moments, moment);
}

/* F-SEQ-1: cycle 1, the battle of c1-3 for six phases with its third undone and redone, kept
 * after each; the battle's moments in @moments. */
static AdmCampaign *
play (GArray *moments)
{
  AdmCampaign *campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (11);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  battle = engagement_battle (campaign, "c1-3");
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  for (guint p = 0; p < 6; p++)
    {
      g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
      g_assert_no_error (error);
      keep (campaign, battle, moments);
      if (p == 2)
        {
          g_assert_true (adm_battle_undo (battle, &error));
          keep (campaign, battle, moments);
          g_assert_true (adm_battle_redo (battle, &error));
          keep (campaign, battle, moments);
          g_assert_no_error (error);
        }
    }
  return campaign;
}

static const Moment *
moment_at (GArray *moments,
           guint   n)
{
  for (guint i = 0; i < moments->len; i++)
    if (g_array_index (moments, Moment, i).n == n)
      return &g_array_index (moments, Moment, i);
  g_assert_not_reached ();
  return NULL;
}

static guint
step_moment (AdmiraltyReplayWindow *replay)
{
  g_autoptr(AdmReplayStep) step = g_list_model_get_item (
    G_LIST_MODEL (admiralty_replay_window_get_timeline (replay)),
    admiralty_replay_window_get_position (replay));

  return adm_replay_step_get_moment (step);
}

/* The table renderer's picture of @battle with @table's view and options. */
static cairo_surface_t *
render_battle (AdmiraltyTableWidget *table,
               AdmBattle            *battle)
{
  int width = gtk_widget_get_width (GTK_WIDGET (table));
  int height = gtk_widget_get_height (GTK_WIDGET (table));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  admiralty_table_render (cr, admiralty_table_widget_get_view (table), battle,
                          admiralty_table_widget_get_options (table));
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* @table shows a phase of the battle, and its picture of it is the live battle's at that
 * moment, drawn with the same view and options (the same audience), byte for byte. */
static void
assert_table_live (AdmiraltyReplayWindow *replay,
                   AdmiraltyTableWidget  *table,
                   GArray                *moments,
                   const char            *name)
{
  const Moment *moment = moment_at (moments, step_moment (replay));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) live = NULL;
  cairo_surface_t *replayed, *shown;
  g_autofree char *replay_name = g_strdup_printf ("%s-replay", name);
  g_autofree char *live_name = g_strdup_printf ("%s-live", name);
  gsize bytes;

  g_assert_nonnull (table);
  g_assert_nonnull (admiralty_table_widget_get_battle (table));
  assert_contains (admiralty_replay_window_get_label (replay), "Battle at", "step label");
  live = adm_battle_load_game_memory (moment->saved, strlen (moment->saved), "c1-3", &error);
  g_assert_no_error (error);
  g_assert_cmpint (adm_battle_get_turn (admiralty_table_widget_get_battle (table)), ==,
                   adm_battle_get_turn (live));
  g_assert_cmpint (adm_battle_get_phase (admiralty_table_widget_get_battle (table)), ==,
                   adm_battle_get_phase (live));
  replayed = render_battle (table, admiralty_table_widget_get_battle (table));
  shown = render_battle (table, live);
  bytes = (gsize) cairo_image_surface_get_stride (shown) * cairo_image_surface_get_height (shown);
  if (memcmp (cairo_image_surface_get_data (replayed), cairo_image_surface_get_data (shown),
              bytes) != 0)
    {
      save_png (replayed, replay_name);
      save_png (shown, live_name);
      g_error ("%s: the replay's picture differs from the live battle's", name);
    }
  cairo_surface_destroy (replayed);
  cairo_surface_destroy (shown);
}

/* The step shown is a phase of the battle, and the replay's picture of it is the live
 * battle's at that moment, byte for byte. */
static void
assert_live_picture (AdmiraltyReplayWindow *replay,
                     GArray                *moments,
                     const char            *name)
{
  assert_table_live (replay, admiralty_replay_window_get_table (replay), moments, name);
}

/* The projector shows the replay's battle phase on its table, drawn for the public of the
 * battle as the campaign stood then (F-STRAT-3), and its picture is the live battle's at
 * that phase drawn for that public, byte for byte. */
static void
assert_projected (AdmiraltyReplayWindow    *replay,
                  AdmiraltyProjectorWindow *projector,
                  GArray                   *moments,
                  const char               *name)
{
  AdmiraltyTableWidget *table = admiralty_projector_window_get_table (projector);
  const AdmiraltyTableOptions *options = admiralty_table_widget_get_options (table);

  g_assert_true (admiralty_projector_window_shows_table (projector));
  g_assert_nonnull (options->audience);
  g_assert_cmpint (options->audience->kind, ==, ADM_AUDIENCE_PUBLIC);
  g_assert_false (options->audience->untold);
  g_assert_true (admiralty_table_widget_get_battle (table) ==
                 admiralty_table_widget_get_battle (admiralty_replay_window_get_table (replay)));
  assert_table_live (replay, table, moments, name);
}

/* The projector's heading names the battle and the phase the replay shows as the public is
 * told of them (F-STRAT-3): the engagement by its place and time, as the public's reports name
 * it (adm_audience_engagement_name ()), never its id; the phase as the step's label says it. */
static void
assert_projected_heading (AdmiraltyReplayWindow    *replay,
                          AdmiraltyProjectorWindow *projector)
{
  AdmCampaign *campaign = admiralty_replay_window_get_campaign (replay);
  g_autoptr(AdmQueuedEngagement) queued = adm_campaign_find_engagement (campaign, "c1-3", NULL);
  g_autofree char *name = adm_audience_engagement_name (queued);
  const char *label = admiralty_replay_window_get_label (replay);
  const char *phase = g_strrstr (label, " · ");
  g_autofree char *expected = NULL;

  g_assert_nonnull (phase);
  expected = g_strdup_printf ("Replay · Battle at %s · %s", name, phase + strlen (" · "));
  g_assert_cmpstr (admiralty_projector_window_get_cycle_text (projector), ==, expected);
  g_assert_null (strstr (admiralty_projector_window_get_cycle_text (projector), "c1-3"));
}

/* Page Up from the last phase back to the first, then Page Down to the last again: every
 * phase on the way is the live battle's picture. Returns how many phases were checked. */
static guint
walk_battle (AdmiraltyReplayWindow *replay,
             GArray                *moments,
             const char            *who)
{
  guint last = admiralty_replay_window_get_position (replay), first, checked = 0;

  while (admiralty_replay_window_get_table (replay) != NULL)
    {
      g_autofree char *name = g_strdup_printf ("%s-back-%u", who,
                                               admiralty_replay_window_get_position (replay));

      assert_live_picture (replay, moments, name);
      checked++;
      keys_to (GTK_WIDGET (replay), "Page_Up");
      wait_frames ();
    }
  /* Before the battle's first phase: the map. */
  g_assert_nonnull (admiralty_replay_window_get_map (replay));
  first = admiralty_replay_window_get_position (replay) + 1;
  while (admiralty_replay_window_get_position (replay) < last)
    {
      g_autofree char *name = NULL;

      keys_to (GTK_WIDGET (replay), "Page_Down");
      wait_frames ();
      name = g_strdup_printf ("%s-forward-%u", who, admiralty_replay_window_get_position (replay));
      assert_live_picture (replay, moments, name);
      checked++;
    }
  g_assert_cmpuint (admiralty_replay_window_get_position (replay), ==, last);
  g_assert_cmpuint (last - first + 1, ==, checked / 2);
  return checked;
}

/* F-SEQ-1, F-ECM-2: the replay steps a battle back and forward with the keys, and each phase
 * is the live battle's picture, for the master and for a side. */
static void
test_battle_keys (void)
{
  g_autoptr(GArray) moments = g_array_new (FALSE, FALSE, sizeof (Moment));
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) played = NULL;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-replay-ui-XXXXXX", &error);
  g_autofree char *path = NULL, *before = NULL, *after = NULL;
  AdmiraltyWindow *window;
  AdmiraltyReplayWindow *replay;
  GtkWidget *audiences;
  guint n_before, checked, side_position = 0;
  gsize length;

  if (!pointer_available ())
    {
      g_test_skip ("needs X11 and xdotool");
      return;
    }
  g_assert_no_error (error);
  g_array_set_clear_func (moments, moment_clear);
  played = play (moments);
  path = g_build_filename (dir, "komarr.admiralty", NULL);
  window = campaign_window_new (played, path, 1280, 800);
  n_before = adm_journal_get_n_entries (adm_campaign_get_journal (window->campaign));
  before = adm_campaign_serialize (window->campaign, &length);

  keys_to (GTK_WIDGET (window), "ctrl+shift+r");
  iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_REPLAY_WINDOW), 5000);
  replay = ADMIRALTY_REPLAY_WINDOW (shown_toplevel (ADMIRALTY_TYPE_REPLAY_WINDOW));
  g_assert_nonnull (replay);
  focus_window (GTK_WIDGET (replay));
  wait_frames ();
  /* The war's last step: the battle's last phase, as the master saw it. */
  g_assert_cmpuint (step_moment (replay), ==, n_before);
  save_screenshot (GTK_WIDGET (replay), "replay-master-last.png");
  checked = walk_battle (replay, moments, "master");
  /* Six phases, an undo and a redo, each there and back. */
  g_assert_cmpuint (checked, ==, 2 * 8);

  /* Show on Projector, clicked: the projector's heading names the moment shown, as the public
   * may know it — a battle's phase by the battle and the phase, a step of the map by its
   * cycle — with no countdown of the present; turned off, the present. */
  {
    AdmiraltyProjectorWindow *projector;
    g_autofree char *present = NULL;

    pointer_click_widget (button (GTK_WIDGET (replay), "Show on _Projector"));
    /* The projector shows the battle's table, not its map: the window itself is waited for. */
    iterate_until (toplevel_shown, GSIZE_TO_POINTER (ADMIRALTY_TYPE_PROJECTOR_WINDOW), 5000);
    projector = find_projector ();
    g_assert_nonnull (projector);
    wait_frames ();
    assert_projected_heading (replay, projector);
    g_assert_null (admiralty_projector_window_get_clock_text (projector));
    g_assert_nonnull (admiralty_sector_map_get_past (admiralty_projector_window_get_map (
                        projector)));
    /* The war's last step is the battle's last phase: the public was told of the battle, so
     * the wall shows its table as the public saw it, not the map. */
    assert_projected (replay, projector, moments, "projector-last");
    save_screenshot (GTK_WIDGET (projector), "replay-projector.png");
    /* The projector covers the screen: the keys go to the replay. Page Up back through the
     * battle, the wall following each phase, to the map before it; Page Down to the end. */
    focus_window (GTK_WIDGET (replay));
    {
      guint last = admiralty_replay_window_get_position (replay), projected = 0;

      while (admiralty_replay_window_get_table (replay) != NULL)
        {
          g_autofree char *name = g_strdup_printf ("projector-back-%u",
                                                   admiralty_replay_window_get_position (replay));

          wait_frames ();
          assert_projected (replay, projector, moments, name);
          assert_projected_heading (replay, projector);
          projected++;
          keys_to (GTK_WIDGET (replay), "Page_Up");
          wait_frames ();
        }
      g_assert_cmpuint (projected, ==, 8);
      save_screenshot (GTK_WIDGET (projector), "replay-projector-before-battle.png");
      /* Before the battle: the map, and the heading its cycle. */
      {
        g_autoptr(AdmState) then = adm_campaign_state_at (window->campaign, step_moment (replay),
                                                          NULL);
        g_autofree char *expected = NULL;

        g_assert_nonnull (then);
        expected = g_strdup_printf ("Replay · Cycle %u",
                                    adm_strategy_get_cycle (adm_state_get_strategy (then)));
        g_assert_cmpstr (admiralty_projector_window_get_cycle_text (projector), ==, expected);
      }
      g_assert_false (admiralty_projector_window_shows_table (projector));
      g_assert_null (admiralty_table_widget_get_battle (admiralty_projector_window_get_table (
                       projector)));
      g_assert_nonnull (admiralty_sector_map_get_past (admiralty_projector_window_get_map (
                          projector)));
      while (admiralty_replay_window_get_position (replay) < last)
        {
          keys_to (GTK_WIDGET (replay), "Page_Down");
          wait_frames ();
        }
      assert_projected (replay, projector, moments, "projector-last-again");
    }
    keys_to (GTK_WIDGET (replay), "alt+p");
    iterate ();
    present = g_strdup_printf ("Cycle %u", adm_strategy_get_cycle (strategy_of (window->campaign)));
    g_assert_cmpstr (admiralty_projector_window_get_cycle_text (projector), ==, present);
    g_assert_null (admiralty_sector_map_get_past (admiralty_projector_window_get_map (projector)));
    g_assert_false (admiralty_projector_window_shows_table (projector));
    gtk_window_destroy (GTK_WINDOW (projector));
    iterate ();
    focus_window (GTK_WIDGET (replay));
  }

  /* As the Cetagandans: the drop-down chosen with the keys. */
  audiences = find_widget (GTK_WIDGET (replay), has_type, GSIZE_TO_POINTER (GTK_TYPE_DROP_DOWN));
  g_assert_nonnull (audiences);
  for (guint i = 0; i < g_list_model_get_n_items (
                            gtk_drop_down_get_model (GTK_DROP_DOWN (audiences))); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (
        gtk_drop_down_get_model (GTK_DROP_DOWN (audiences)), i);

      if (strstr (gtk_string_object_get_string (item), "Cetaganda") != NULL)
        side_position = i;
    }
  g_assert_cmpuint (side_position, >=, 2);
  choose_with_keys (GTK_WIDGET (replay), audiences, side_position);
  wait_frames ();
  g_assert_cmpstr (adm_replay_timeline_get_audience (admiralty_replay_window_get_timeline (replay)),
                   ==, "cetaganda");
  g_assert_nonnull (admiralty_replay_window_get_table (replay));
  g_assert_cmpint (admiralty_table_widget_get_view_side (admiralty_replay_window_get_table (replay)),
                   >=, 0);
  focus_window (GTK_WIDGET (replay));
  save_screenshot (GTK_WIDGET (replay), "replay-cetaganda-last.png");
  checked = walk_battle (replay, moments, "cetaganda");
  g_assert_cmpuint (checked, ==, 2 * 8);

  /* F-STRAT-3: as the Public, chosen with the keys, the battle the public was told of is
   * stepped phase by phase on a table drawn for the public of the battle then — what every
   * side at the table knew and the public map showed — each the live battle's picture for
   * that public. */
  choose_with_keys (GTK_WIDGET (replay), audiences, 1);
  wait_frames ();
  g_assert_cmpstr (adm_replay_timeline_get_audience (admiralty_replay_window_get_timeline (replay)),
                   ==, "public");
  g_assert_nonnull (admiralty_replay_window_get_table (replay));
  {
    const AdmiraltyTableOptions *options = admiralty_table_widget_get_options (
      admiralty_replay_window_get_table (replay));

    g_assert_nonnull (options->audience);
    g_assert_cmpint (options->audience->kind, ==, ADM_AUDIENCE_PUBLIC);
  }
  focus_window (GTK_WIDGET (replay));
  save_screenshot (GTK_WIDGET (replay), "replay-public-last.png");
  checked = walk_battle (replay, moments, "public");
  g_assert_cmpuint (checked, ==, 2 * 8);
  /* Back to the Cetagandans for what follows. */
  choose_with_keys (GTK_WIDGET (replay), audiences, side_position);
  wait_frames ();

  /* Nothing journaled, nothing changed. */
  after = adm_campaign_serialize (window->campaign, &length);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (window->campaign)), ==,
                    n_before);
  g_assert_cmpstr (after, ==, before);

  /* F-STRAT-3, the revelation: the war ended and its whole truth published while the replay
   * is open as the Cetagandans, the replay is the master's — every step, the battles' tables
   * as the master sees them — still "As Cetaganda"; undone, the side's own again. */
  {
    const char *first[] = { "c1-1", "c1-2" };
    g_autoptr(AdmReplayTimeline) master = adm_replay_timeline_new (window->campaign, "master",
                                                                   &error);
    AdmiraltyTableWidget *table;

    g_assert_no_error (error);
    for (guint i = 0; i < G_N_ELEMENTS (first); i++)
      {
        g_autoptr(AdmBattle) battle = engagement_battle (window->campaign, first[i]);

        g_assert_true (adm_campaign_end_battle (window->campaign, first[i], battle, "Broke off",
                                                T0 + 5000 + i, &error));
        g_assert_no_error (error);
      }
    g_assert_true (adm_campaign_end_battle (window->campaign, "c1-3",
                                            adm_campaign_get_battle_played (window->campaign,
                                                                            "c1-3", NULL),
                                            "Both withdrew", T0 + 5010, &error));
    g_assert_no_error (error);
    g_assert_true (adm_campaign_end (window->campaign, "Peace", T0 + 5020, &error));
    g_assert_no_error (error);
    iterate ();
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (admiralty_replay_window_get_timeline (
                                                  replay))), <,
                      g_list_model_get_n_items (G_LIST_MODEL (master)));
    g_assert_true (adm_campaign_publish (window->campaign, T0 + 5030, &error));
    g_assert_no_error (error);
    iterate ();
    g_assert_cmpuint (gtk_drop_down_get_selected (GTK_DROP_DOWN (audiences)), ==, side_position);
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (admiralty_replay_window_get_timeline (
                                                  replay))), ==,
                      g_list_model_get_n_items (G_LIST_MODEL (master)));
    focus_window (GTK_WIDGET (replay));
    keys_to (GTK_WIDGET (replay), "ctrl+Home");
    while (admiralty_replay_window_get_table (replay) == NULL)
      keys_to (GTK_WIDGET (replay), "Page_Down");
    table = admiralty_replay_window_get_table (replay);
    g_assert_cmpint (admiralty_table_widget_get_view_side (table), ==, -1);
    wait_frames ();
    save_screenshot (GTK_WIDGET (replay), "replay-cetaganda-published.png");
    g_assert_true (adm_campaign_undo (window->campaign, &error));
    g_assert_no_error (error);
    iterate ();
    keys_to (GTK_WIDGET (replay), "ctrl+Home");
    while (admiralty_replay_window_get_table (replay) == NULL)
      keys_to (GTK_WIDGET (replay), "Page_Down");
    g_assert_cmpint (admiralty_table_widget_get_view_side (
                       admiralty_replay_window_get_table (replay)), >=, 0);
    wait_frames ();
    save_screenshot (GTK_WIDGET (replay), "replay-cetaganda-undone.png");
  }

  gtk_window_destroy (GTK_WINDOW (replay));
  close_window (window);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv, "replay-ui");

  g_test_add_func ("/ui/replay-ui/F-SEQ-1/F-ECM-2/battle-keys", test_battle_keys);

  return ui_test_finish (g_test_run ());
}
