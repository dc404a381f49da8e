/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-journal-log.c: the one journal (adm-journal.h) as campaigns, battles and TI4 combats
 * use it — undo and redo are entries and nothing is ever removed; a sheet is one
 * action; times are recorded once; random sequences of actions, undos and redos reload to
 * the same state; a process killed at random moments always leaves a file that opens to a
 * state the run passed through; files keep their permissions; bounds on costly input. */

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <utime.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "adm-file.h"
#include "file-helpers.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */

static AdmCampaign *
new_komarr (const char *save_path)
{
  g_autofree char *path = source_path ("scenarios", "komarr-campaign.admiralty", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmScenario) scenario = adm_scenario_load_file (path, &error);
  AdmCampaign *campaign;

  g_assert_no_error (error);
  campaign = adm_campaign_new (scenario, 7);
  if (save_path != NULL)
    {
      g_assert_true (adm_campaign_save (campaign, save_path, &error));
      g_assert_no_error (error);
    }
  return campaign;
}

/* new_komarr () after its cycle 1, resolved before T0: a battle is kept in a campaign only
 * for an engagement it has (F-STRAT-4), and cycle 1 brings the fleets together in c1-1. */
static AdmCampaign *
new_komarr_engaged (const char *save_path)
{
  AdmCampaign *campaign = new_komarr (save_path);

  komarr_play_cycle (campaign, 1, T0 - 2 * 2400);
  return campaign;
}

static AdmBattle *
new_corridor (const char *save_path)
{
  g_autofree char *path = source_path ("scenarios", "battles", "corridor-skirmish.xml", NULL);
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_file (path, &error);

  g_assert_no_error (error);
  if (save_path != NULL)
    adm_battle_set_autosave_path (battle, save_path);
  return battle;
}

static AdmBattleOrders *
corridor_orders (void)
{
  g_autofree char *path = source_path ("scenarios", "battles", "corridor-skirmish.orders.xml",
                                       NULL);
  g_autoptr(GError) error = NULL;
  AdmBattleOrders *orders = adm_battle_orders_load_file (path, &error);

  g_assert_no_error (error);
  return orders;
}

/* A cut file is written as it is, in place and without fsync: the test opens it in this
 * process, and a flush to the disk (milliseconds on a busy machine, a thousand cuts a run)
 * is no part of what a cut proves. (GLib 2.74's g_file_set_contents_full () without flags
 * does not truncate a longer file.) */
static void
write_cut (const char *path,
           const char *data,
           gsize       length)
{
  FILE *file = g_fopen (path, "wb");

  g_assert_nonnull (file);
  g_assert_cmpuint (fwrite (data, 1, length, file), ==, length);
  g_assert_cmpint (fclose (file), ==, 0);
}

static char *
campaign_dump (AdmCampaign *campaign)
{
  return adm_state_dump (adm_campaign_get_state (campaign));
}

/* One random step of a master at the campaign: a damage or readiness event, a group of them
 * handed in at once, a roll, an undo or a redo. What the state refuses is refused whole. */
static void
campaign_step (AdmCampaign *campaign,
               GRand       *rand,
               gint64       time)
{
  GPtrArray *ships = adm_scenario_get_ships (adm_campaign_get_scenario (campaign));
  const AdmShip *ship = g_ptr_array_index (ships, g_rand_int_range (rand, 0, ships->len));
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  AdmDiceRequest request = { 2, 6, "Random roll", "F-RDY-2" };
  guint values[2];

  switch (g_rand_int_range (rand, 0, 6))
    {
    case 0:
    case 1:
      for (int i = g_rand_int_range (rand, 1, 4); i > 0; i--)
        {
          AdmEvent *event = adm_event_new (i % 2 ? "damage" : "readiness", time);

          adm_event_set (event, "ship", ship->id);
          if (i % 2)
            adm_event_set_int (event, "points", 1);
          else
            adm_event_set_int (event, "delta", -1);
          adm_event_set (event, "clause", "F-ART-12");
          g_ptr_array_add (events, event);
        }
      /* Refused when the ship has no hull left to lose: then nothing changes. */
      adm_campaign_append_all (campaign, events, NULL);
      break;
    case 2:
      g_assert_true (adm_campaign_roll (campaign, NULL, &request, time, values, NULL));
      break;
    case 3:
    case 4:
      /* Never the cycle: a battle kept in the campaign is fought for one of its engagements
       * (F-STRAT-4). */
      if (adm_campaign_can_undo (campaign) &&
          g_strcmp0 (adm_journal_action_get_what (adm_journal_get_undo_action (
                       adm_campaign_get_journal (campaign))), "cycle") != 0)
        g_assert_true (adm_campaign_undo (campaign, NULL));
      break;
    default:
      if (adm_campaign_can_redo (campaign))
        g_assert_true (adm_campaign_redo (campaign, NULL));
      break;
    }
}

/* The journal's entries as recorded: kind, action id and time of each. */
static GArray *
entries_of (AdmJournal *journal)
{
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    {
      gint64 key = ((gint64) adm_journal_get_entry_kind (journal, i) << 56) ^
                   ((gint64) adm_journal_action_get_id (adm_journal_get_entry_action (journal, i))
                    << 32) ^ adm_journal_get_entry_time (journal, i);

      g_array_append_val (entries, key);
    }
  return entries;
}

/* Random sequences of actions, undos and redos through the API the app uses; after
 * each, the file reloads to the live state, and no entry ever disappears from the journal. */
static void
test_campaign_property (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autoptr(GRand) rand = g_rand_new_with_seed (2010);
  g_autoptr(GArray) before = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint undos = 0;

  for (guint step = 0; step < 150; step++)
    {
      g_autoptr(AdmCampaign) reloaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) after = NULL;
      g_autofree char *live = NULL;
      g_autofree char *saved = NULL;

      campaign_step (campaign, rand, T0 + step);
      reloaded = adm_campaign_open (path, &error);
      g_assert_no_error (error);
      live = campaign_dump (campaign);
      saved = campaign_dump (reloaded);
      g_assert_cmpstr (live, ==, saved);
      g_assert_cmpint (adm_campaign_can_undo (campaign), ==, adm_campaign_can_undo (reloaded));
      g_assert_cmpint (adm_campaign_can_redo (campaign), ==, adm_campaign_can_redo (reloaded));

      after = entries_of (adm_campaign_get_journal (reloaded));
      g_assert_cmpuint (after->len, >=, before->len);
      g_assert_cmpmem (after->data, before->len * sizeof (gint64),
                       before->data, before->len * sizeof (gint64));
      g_array_set_size (before, 0);
      g_array_append_vals (before, after->data, after->len);
    }
  for (guint i = 0; i < adm_journal_get_n_entries (adm_campaign_get_journal (campaign)); i++)
    undos += adm_journal_get_entry_kind (adm_campaign_get_journal (campaign), i) ==
             ADM_JOURNAL_ENTRY_UNDO;
  g_test_message ("%u entries, %u of them undos", before->len, undos);
  g_assert_cmpuint (undos, >, 10);
  remove_tree (dir);
}

/* The same for a battle: phases resolved, undone and redone, the saved battle reloaded after
 * each step. */
static void
test_battle_property (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(AdmBattle) battle = new_corridor (path);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (11);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  guint before = 0;

  for (guint step = 0; step < 60; step++)
    {
      g_autoptr(AdmBattle) reloaded = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *live = NULL;
      g_autofree char *saved = NULL;
      int choice = g_rand_int_range (rand, 0, 5);

      if (choice <= 2 || !adm_battle_can_undo (battle))
        {
          const AdmTurnOrders *turn = adm_battle_orders_get_turn (orders,
                                                                  adm_battle_get_turn (battle));

          g_assert_true (adm_battle_resolve_phase (battle, turn, ADM_DICE_SOURCE (prng), &error));
        }
      else if (choice == 3)
        g_assert_true (adm_battle_undo (battle, &error));
      else if (adm_battle_can_redo (battle))
        g_assert_true (adm_battle_redo (battle, &error));
      g_assert_no_error (error);

      reloaded = adm_battle_load_game (path, &error);
      g_assert_no_error (error);
      live = adm_battle_dump (battle);
      saved = adm_battle_dump (reloaded);
      g_assert_cmpstr (live, ==, saved);
      g_assert_cmpint (adm_battle_can_redo (battle), ==, adm_battle_can_redo (reloaded));
      g_assert_cmpuint (adm_journal_get_n_entries (adm_battle_get_log (reloaded)), >=, before);
      before = adm_journal_get_n_entries (adm_battle_get_log (reloaded));
    }
  remove_tree (dir);
}

/* A sheet of several orders is one action: one Undo takes it back whole, and the undo is in
 * the file next to the action it took back; event times are written once and never again. */
static void
test_sheet_one_action (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *sheet_path = source_path ("scenarios", "komarr-campaign.sheets",
                                             "komarr-cycle-1-vorkosigan.xml", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *empty = campaign_dump (campaign);
  g_autofree char *first = NULL;
  g_autofree char *later = NULL;
  g_autofree char *undo = NULL;
  g_autofree char *after_undo = NULL;
  char *cut;

  events = adm_order_sheet_load_file (sheet_path, adm_campaign_get_state (campaign), T0,
                                      &error);
  g_assert_no_error (error);
  g_assert_cmpuint (events->len, >, 2);
  g_assert_true (adm_campaign_append_all (campaign, events, &error));
  g_assert_no_error (error);
  undo = adm_campaign_describe_undo (campaign);
  g_assert_cmpstr (undo, ==, "Adm. Aral Vorkosigan’s order sheet, cycle 1");
  first = file_contents (path);

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  after_undo = campaign_dump (campaign);
  g_assert_cmpstr (after_undo, ==, empty);
  g_assert_false (adm_campaign_can_undo (campaign));

  /* The action is still in the file, byte for byte as first written, and the undo after it. */
  later = file_contents (path);
  cut = strstr (first, "</journal>");
  g_assert_nonnull (cut);
  *cut = '\0';
  g_assert_true (g_str_has_prefix (later, first));
  g_assert_nonnull (strstr (later + strlen (first), "<undo action=\"1\""));

  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==, 3);
  remove_tree (dir);
}

/* Asserts @a and @b hold the same kind, attributes (in the same order) and text. */
static void
assert_same_event (const AdmEvent *a,
                   const AdmEvent *b)
{
  g_assert_cmpstr (adm_event_get_kind (a), ==, adm_event_get_kind (b));
  g_assert_cmpuint (adm_event_get_n_attributes (a), ==, adm_event_get_n_attributes (b));
  for (guint k = 0; k < adm_event_get_n_attributes (a); k++)
    {
      g_assert_cmpstr (adm_event_get_key_nth (a, k), ==, adm_event_get_key_nth (b, k));
      g_assert_cmpstr (adm_event_get_value_nth (a, k), ==, adm_event_get_value_nth (b, k));
    }
  g_assert_cmpstr (adm_event_get_text (a), ==, adm_event_get_text (b));
}

/* F-GEN-3: a sheet built where it is typed (the portal's form, the master's sheet form) is
 * the sheet a file gives: the "sheet" event and its orders made by the one builder, written
 * as an order sheet and read back, are the same events, the time written as every file
 * writes one. */
static void
test_sheet_built_read_back (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sheet.xml", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL);
  g_autoptr(GPtrArray) built = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  AdmEvent *order;

  g_ptr_array_add (built, adm_order_sheet_event_new ("vorkosigan", 1, T0 + 38 * 60, TRUE));
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (built, 0), "received"), ==,
                   "2026-11-22T18:38:00Z");
  g_assert_cmpstr (adm_event_get (g_ptr_array_index (built, 0), "late"), ==, "true");
  order = adm_order_sheet_order_new ("vorkosigan", 1, T0, "first-squadron-home-fleet", "move");
  adm_event_set (order, "route", "pol-jump-point pol-orbit");
  adm_event_set_text (order, "In marching order & do not fire first.");
  g_ptr_array_add (built, order);
  g_ptr_array_add (built, adm_order_sheet_order_new ("vorkosigan", 1, T0,
                                                     "first-destroyer-flotilla", "patrol"));

  xml = adm_order_sheet_to_xml (built);
  g_assert_true (g_file_set_contents (path, xml, -1, &error));
  g_assert_no_error (error);
  read = adm_order_sheet_load_file (path, adm_campaign_get_state (campaign), T0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->len, ==, built->len);
  for (guint i = 0; i < built->len; i++)
    assert_same_event (g_ptr_array_index (built, i), g_ptr_array_index (read, i));
  g_assert_cmpint (adm_event_get_line (g_ptr_array_index (read, 2)), ==, 4);
  remove_tree (dir);
}

/* Two timed orders for one formation in one sheet are refused, naming both lines: the
 * second would silently supersede the first. */
static void
test_two_orders_one_formation (void)
{
  g_autofree char *sheet = source_path ("tests", "data", "order-sheets",
                                        "two-orders-one-formation.xml", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL);
  g_autoptr(GPtrArray) events = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;

  events = adm_order_sheet_load_file (sheet, adm_campaign_get_state (campaign), T0, &error);
  g_assert_null (events);
  expected = g_strdup_printf ("%s:5: a second timed order for “pol-cruiser-squadron” in one "
                              "sheet (the first is on line 3)", sheet);
  g_assert_true (g_str_has_prefix (error->message, expected));
}

static AdmEvent *
sheet_order (const char *formation,
             const char *order,
             const char *route)
{
  AdmEvent *event = adm_event_new ("order", T0);

  adm_event_set (event, "cycle", "1");
  adm_event_set (event, "admiral", "radovan");
  adm_event_set (event, "formation", formation);
  adm_event_set (event, "order", order);
  if (route != NULL)
    adm_event_set (event, "route", route);
  return event;
}

/* The verdict on each order of a sheet, every refusal told at once: a good order taken, an
 * order for another admiral's formation (F-FORM-6) and a second timed order for one formation
 * (F-STRAT-16) refused with the engine's reasons, the orders after a refused one still checked;
 * the whole sheet refused by the check all the same. */
static void
test_sheet_verdicts (void)
{
  g_autoptr(AdmCampaign) campaign = new_komarr (NULL);
  g_autoptr(GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  g_autoptr(GPtrArray) verdicts = NULL;
  g_autoptr(GError) error = NULL;
  AdmEvent *sheet = adm_event_new ("sheet", T0);

  adm_event_set (sheet, "cycle", "1");
  adm_event_set (sheet, "admiral", "radovan");
  adm_event_set (sheet, "received", "2026-11-22T18:41:00Z");
  adm_event_set (sheet, "late", "false");
  g_ptr_array_add (events, sheet);
  g_ptr_array_add (events, sheet_order ("pol-cruiser-squadron", "move", "komarr-terminus"));
  g_ptr_array_add (events, sheet_order ("first-destroyer-flotilla", "patrol", NULL));
  g_ptr_array_add (events, sheet_order ("pol-cruiser-squadron", "patrol", NULL));
  g_ptr_array_add (events, sheet_order ("pol-escort-group", "defend", NULL));

  verdicts = adm_order_sheet_verdicts (events, adm_campaign_get_state (campaign));
  g_assert_cmpuint (verdicts->len, ==, 5);
  g_assert_null (g_ptr_array_index (verdicts, 0));
  g_assert_null (g_ptr_array_index (verdicts, 1));
  g_assert_nonnull (g_ptr_array_index (verdicts, 2));
  g_assert_false (g_str_has_prefix (g_ptr_array_index (verdicts, 2), "sheet:"));
  g_assert_cmpstr (g_ptr_array_index (verdicts, 3), ==,
                   "a second timed order for “pol-cruiser-squadron” in one sheet; give each "
                   "formation one of move, attack, defend, patrol, lay or sweep mines per sheet "
                   "(F-STRAT-16)");
  g_assert_null (g_ptr_array_index (verdicts, 4));
  g_assert_false (adm_order_sheet_check (events, adm_campaign_get_state (campaign), "sheet",
                                         &error));
  g_assert_nonnull (error);

  /* The refused ones out, the rest is what the check takes. */
  g_ptr_array_remove_index (events, 3);
  g_ptr_array_remove_index (events, 2);
  g_clear_pointer (&verdicts, g_ptr_array_unref);
  verdicts = adm_order_sheet_verdicts (events, adm_campaign_get_state (campaign));
  for (guint i = 0; i < verdicts->len; i++)
    g_assert_cmpstr (g_ptr_array_index (verdicts, i), ==, NULL);
  g_assert_true (adm_order_sheet_check (events, adm_campaign_get_state (campaign), "sheet", NULL));
}

/* A battle undone and redone and reopened keeps every phase's time as first recorded. */
static void
test_battle_times_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(AdmBattle) battle = new_corridor (path);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (3);
  g_autoptr(AdmBattle) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *later = NULL;
  char *cut;

  g_setenv ("SOURCE_DATE_EPOCH", "1795370400", TRUE);
  for (int i = 0; i < 3; i++)
    g_assert_true (adm_battle_resolve_phase (battle, adm_battle_orders_get_turn (orders, 1),
                                             ADM_DICE_SOURCE (prng), NULL));
  first = file_contents (path);
  g_setenv ("SOURCE_DATE_EPOCH", "1795374000", TRUE);
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  reopened = adm_battle_load_game (path, &error);
  g_assert_no_error (error);
  g_assert_true (adm_battle_save (reopened, path, &error));
  g_unsetenv ("SOURCE_DATE_EPOCH");

  later = file_contents (path);
  cut = strstr (first, "  </journal>");
  g_assert_nonnull (cut);
  *cut = '\0';
  /* Opening and saving rewrote nothing: the three phases as recorded at 18:00, then the undo
   * and redo at 19:00. */
  g_assert_true (g_str_has_prefix (later, first));
  g_assert_nonnull (strstr (later, "<undo action=\"3\" time=\"2026-11-22T19:00:00Z\"/>"));
  g_assert_nonnull (strstr (later, "<redo action=\"3\" time=\"2026-11-22T19:00:00Z\"/>"));
  g_assert_cmpint (adm_battle_get_phase (reopened), ==, ADM_PHASE_TORPEDO);
  remove_tree (dir);
}

/* A campaign saved over a private file stays private; a temporary file left by a save that
 * was killed is removed by the next save. */
static void
test_permissions_and_leftovers (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *stale = g_build_filename (dir, ".campaign.admiralty.Ab12Cd", NULL);
  g_autofree char *fresh = g_build_filename (dir, ".campaign.admiralty.Zz99Yy", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autoptr(GError) error = NULL;
  struct utimbuf old = { 1000000, 1000000 };
  GStatBuf st;

  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (g_file_set_contents (stale, "<campaign", -1, NULL));
  g_assert_cmpint (g_utime (stale, &old), ==, 0);
  g_assert_true (g_file_set_contents (fresh, "<campaign", -1, NULL));

  g_assert_true (adm_campaign_save (campaign, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
  /* A minute-young one may be another save under way: kept. */
  g_assert_true (g_file_test (fresh, G_FILE_TEST_EXISTS));
  remove_tree (dir);
}

typedef struct {
  guint    done;
  gboolean failed;
} Flushed;

static void
flushed_cb (gpointer      data,
            const GError *error)
{
  Flushed *flushed = data;

  flushed->done++;
  flushed->failed |= error != NULL;
}

/* Saves that come together are flushed together: eight additions to one file handed to the
 * flusher at once, each flush 400 ms slower (ADMIRALTY_TEST_FLUSH_DELAY_MS, a busy disk),
 * are all on the disk, each told so once and in order, in far less than eight flushes' time;
 * the file holds each addition once, in the order written. */
static void
test_flushes_together (void)
{
  const gint64 delay = 400 * 1000;
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "together.txt", NULL);
  g_autoptr(GString) expected = g_string_new ("0");
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  Flushed flushed[8] = { { 0, } };
  guint64 tickets[8];
  AdmFileStamp stamp;
  gint64 start;

  g_assert_true (adm_file_write_atomically (path, NULL, "0", 1, &error));
  g_assert_no_error (error);
  g_assert_true (adm_file_get_stamp (path, &stamp));
  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "400", TRUE);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < G_N_ELEMENTS (tickets); i++)
    {
      char added[2] = { (char) ('1' + i), '\0' };

      g_assert_true (adm_file_write_in_place (path, &stamp, 0, NULL, 0, expected->len, added, 1,
                                              &tickets[i], &error));
      g_assert_no_error (error);
      g_string_append (expected, added);
      if (i > 0)
        g_assert_cmpuint (tickets[i], >, tickets[i - 1]);
      adm_file_when_flushed (tickets[i], NULL, flushed_cb, &flushed[i], NULL);
    }
  while (flushed[G_N_ELEMENTS (flushed) - 1].done == 0)
    {
      g_main_context_iteration (NULL, TRUE);
      /* Told in order: none before the one handed before it. */
      for (guint i = 1; i < G_N_ELEMENTS (flushed); i++)
        g_assert_cmpuint (flushed[i].done, <=, flushed[i - 1].done);
    }
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  g_test_message ("8 additions flushed in %.0f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  /* One flush, or two when the first began before the others were handed: never eight. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, 4 * delay);
  for (guint i = 0; i < G_N_ELEMENTS (flushed); i++)
    {
      g_assert_cmpuint (flushed[i].done, ==, 1);
      g_assert_false (flushed[i].failed);
    }
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected->str);
  remove_tree (dir);
}

/* A file written whole for a save that flushes later (a battle first kept in the campaign
 * changes the head): renamed into place at once, so every reader and a crash of the program
 * see the new file, the file before kept as backup 1, and its flush handed to the flusher
 * with a ticket like an addition's, told done once in a later turn. */
static void
test_whole_flushed_later (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "whole.txt", NULL);
  g_autofree char *backup = adm_file_backup_path (path, ".txt", 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *before = NULL;
  Flushed flushed = { 0, };
  guint64 ticket = 0;

  /* Bad input first: a folder that is not there writes nothing and hands nothing over. */
  {
    g_autofree char *nowhere = g_build_filename (dir, "gone", "whole.txt", NULL);

    g_assert_false (adm_file_write_atomically_full (nowhere, ".txt", "x", 1, &ticket, &error));
    g_assert_nonnull (error);
    g_assert_cmpuint (ticket, ==, 0);
    g_clear_error (&error);
  }

  g_assert_true (adm_file_write_atomically (path, ".txt", "old", 3, &error));
  g_assert_no_error (error);
  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "200", TRUE);
  g_assert_true (adm_file_write_atomically_full (path, ".txt", "new", 3, &ticket, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ticket, >, 0);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "new");
  g_assert_true (g_file_get_contents (backup, &before, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (before, ==, "old");
  adm_file_when_flushed (ticket, NULL, flushed_cb, &flushed, NULL);
  while (flushed.done == 0)
    g_main_context_iteration (NULL, TRUE);
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  g_assert_cmpuint (flushed.done, ==, 1);
  g_assert_false (flushed.failed);
  g_assert_true (adm_file_wait_flushed (ticket - 1, ticket, &error));
  g_assert_no_error (error);

  /* Written whole again and again: the backups rotate as ever, the oldest removed by the
   * flusher rather than on the caller's thread, and nothing else is left in the folder. */
  for (guint i = 1; i <= ADM_FILE_BACKUPS + 1; i++)
    {
      g_autofree char *version = g_strdup_printf ("v%u", i);

      g_assert_true (adm_file_write_atomically_full (path, ".txt", version, strlen (version),
                                                     &ticket, &error));
      g_assert_no_error (error);
    }
  g_assert_true (adm_file_wait_flushed (0, ticket, &error));
  g_assert_no_error (error);
  for (guint n = 1; n <= ADM_FILE_BACKUPS; n++)
    {
      g_autofree char *older = adm_file_backup_path (path, ".txt", n);
      g_autofree char *held = NULL;
      g_autofree char *expected = g_strdup_printf ("v%u", ADM_FILE_BACKUPS + 1 - n);

      g_assert_true (g_file_get_contents (older, &held, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (held, ==, expected);
    }
  {
    g_autoptr(GDir) folder = g_dir_open (dir, 0, &error);
    guint files = 0;

    g_assert_no_error (error);
    while (g_dir_read_name (folder) != NULL)
      files++;
    g_assert_cmpuint (files, ==, 1 + ADM_FILE_BACKUPS);
  }
  remove_tree (dir);
}

static void
mirror_failed_cb (AdmCampaign  *campaign,
                  const GError *error,
                  char        **message)
{
  g_free (*message);
  *message = g_strdup (error->message);
}

/* The second copy (a USB stick): written after every save; when it cannot be, the action
 * stands and "mirror-failed" says why. */
static void
test_mirror_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *stick = g_dir_make_tmp ("admiralty-stick-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *copy = g_build_filename (stick, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autofree char *message = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  guint before;

  g_signal_connect (campaign, "mirror-failed", G_CALLBACK (mirror_failed_cb), &message);
  adm_campaign_set_mirror_folder (campaign, stick);
  g_assert_true (g_file_test (copy, G_FILE_TEST_IS_REGULAR));
  for (int i = 0; i < 5; i++)
    campaign_step (campaign, rand, T0 + i);
  a = file_contents (path);
  b = file_contents (copy);
  g_assert_cmpstr (a, ==, b);
  g_assert_null (message);

  remove_tree (stick);
  before = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));
  {
    AdmDiceRequest request = { 1, 6, "Roll with the stick pulled out", NULL };
    guint value;

    g_assert_true (adm_campaign_roll (campaign, NULL, &request, T0 + 10, &value, NULL));
  }
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==,
                    before + 1);
  g_assert_nonnull (message);
  g_test_message ("%s", message);
  g_assert_true (g_str_has_prefix (message, "Cannot keep the second copy of the campaign in "));
  remove_tree (dir);
}

/* A generator position that would take minutes to restore is refused at once, naming the
 * limit. */
static void
test_dice_draws_bound (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autoptr(AdmCampaign) hostile = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = file_contents (path);
  g_autoptr(GString) changed = g_string_new (text);
  gint64 start;

  g_assert_cmpuint (g_string_replace (changed, "draws=\"0\"", "draws=\"18446744073709551615\"",
                                      1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
  start = g_get_monotonic_time ();
  hostile = adm_campaign_open (path, &error);
  g_assert_null (hostile);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "“draws” is 18446744073709551615; it must be at "
                                            "most 50000000"));
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  remove_tree (dir);
}

/* A journal longer than ADM_JOURNAL_MAX_ENTRIES is refused on opening, naming the limit and
 * the line where it is passed (a bound on a count that costs time). */
static void
test_entries_bound (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autoptr(AdmCampaign) hostile = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = file_contents (path);
  g_autoptr(GString) entries = g_string_new ("  <journal>\n");
  g_autoptr(GString) changed = g_string_new (text);
  g_autofree char *expected = NULL;

  for (guint i = 1; i <= ADM_JOURNAL_MAX_ENTRIES + 1; i++)
    g_string_append_printf (entries, "    <action id=\"%u\" what=\"note\" time=\"2026-11-22T18:00:00Z\">"
                            "<event kind=\"note\" time=\"2026-11-22T18:00:00Z\">%u</event>"
                            "</action>\n", i, i);
  g_string_append (entries, "  </journal>");
  g_assert_cmpuint (g_string_replace (changed, "  <journal/>", entries->str, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
  hostile = adm_campaign_open (path, &error);
  g_assert_null (hostile);
  g_assert_nonnull (error);
  expected = g_strdup_printf ("the journal has more than %u entries", ADM_JOURNAL_MAX_ENTRIES);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, expected));
  remove_tree (dir);
}

/* @path's campaign with @n "note" actions put in its empty journal, as a long campaign's
 * would be, an hour before T0. */
static void
fill_journal (const char *path,
              guint       n)
{
  g_autofree char *text = file_contents (path);
  g_autoptr(GString) entries = g_string_new ("  <journal>\n");
  g_autoptr(GString) changed = g_string_new (text);

  for (guint i = 1; i <= n; i++)
    g_string_append_printf (entries, "    <action id=\"%u\" what=\"note\" time=\"2026-11-22T17:00:00Z\">"
                            "<event kind=\"note\" time=\"2026-11-22T17:00:00Z\">%u</event>"
                            "</action>\n", i, i);
  g_string_append (entries, "  </journal>");
  g_assert_cmpuint (g_string_replace (changed, "  <journal/>", entries->str, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
}

/* A journal near its bound begins no new cycle, saying what the master can still do, and
 * changes nothing; the battles under way keep their room: other actions still enter. */
static void
test_cycle_room (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) fresh = new_komarr (path);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmEvent) note = adm_event_new ("note", T0);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *expected = NULL;
  guint n = ADM_JOURNAL_MAX_ENTRIES - ADM_CAMPAIGN_BATTLE_ROOM + 1;

  fill_journal (path, n);
  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==, n);
  before = file_contents (path);
  g_assert_false (adm_campaign_resolve_cycle (campaign, NULL, T0, &error));
  g_assert_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_FULL);
  g_test_message ("%s", error->message);
  expected = g_strdup_printf ("holds %u entries, close to the %u one file can hold, so no new "
                              "cycle is begun: the battles under way can still be fought", n,
                              ADM_JOURNAL_MAX_ENTRIES);
  g_assert_nonnull (strstr (error->message, expected));
  g_clear_error (&error);
  after = file_contents (path);
  g_assert_cmpstr (before, ==, after);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==, n);

  adm_event_set_text (note, "A battle under way still records its phases.");
  g_assert_true (adm_campaign_append (campaign, note, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==, n + 1);
  remove_tree (dir);
}

/* A long campaign's checkpoints are pruned as it goes: six cycles resolved after 10,000
 * entries leave the newest ADM_FILE_CHECKPOINTS_KEPT cycles, together no more than that many
 * copies of the file; battle turns are kept the same way, apart from the cycles. */
static void
test_checkpoints_pruned (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) fresh = new_komarr (path);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GPtrArray) checkpoints = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *newest = NULL;
  g_autofree char *oldest = NULL;
  goffset total = 0;
  GStatBuf st;

  fill_journal (path, 10000);
  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  for (guint cycle = 1; cycle <= 6; cycle++)
    {
      komarr_play_cycle (campaign, cycle, T0);
      g_assert_true (adm_campaign_save (campaign, path, &error));
      g_assert_no_error (error);
    }
  checkpoints = adm_file_list_checkpoints (path);
  g_assert_cmpuint (checkpoints->len, ==, ADM_FILE_CHECKPOINTS_KEPT);
  newest = g_path_get_basename (g_ptr_array_index (checkpoints, 0));
  oldest = g_path_get_basename (g_ptr_array_index (checkpoints, checkpoints->len - 1));
  g_assert_cmpstr (newest, ==, "cycle-6.admiralty");
  g_assert_cmpstr (oldest, ==, "cycle-3.admiralty");
  for (guint i = 0; i < checkpoints->len; i++)
    {
      g_assert_cmpint (g_stat (g_ptr_array_index (checkpoints, i), &st), ==, 0);
      total += st.st_size;
    }
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (total, <=, ADM_FILE_CHECKPOINTS_KEPT * st.st_size);

  /* Battle turns among the cycles: each kind keeps its own newest. */
  for (guint turn = 1; turn <= 30; turn++)
    {
      g_autofree char *label = g_strdup_printf ("battle-c6-1-turn-%u", turn);

      g_assert_true (adm_file_write_checkpoint (path, label, "x", 1, &error));
      g_assert_no_error (error);
    }
  g_clear_pointer (&checkpoints, g_ptr_array_unref);
  checkpoints = adm_file_list_checkpoints (path);
  g_assert_cmpuint (checkpoints->len, ==, 2 * ADM_FILE_CHECKPOINTS_KEPT);
  for (guint i = 0; i < checkpoints->len; i++)
    {
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (checkpoints, i));

      g_test_message ("kept %s", name);
      g_assert_true (g_str_equal (name, "battle-c6-1-turn-30.admiralty") ||
                     g_str_equal (name, "battle-c6-1-turn-29.admiralty") ||
                     g_str_equal (name, "battle-c6-1-turn-28.admiralty") ||
                     g_str_equal (name, "battle-c6-1-turn-27.admiralty") ||
                     g_str_has_prefix (name, "cycle-"));
    }
  remove_tree (dir);
}

/* Files written before actions (campaign format 1, saved battles version 1) open, each event
 * or phase an action, and are written back as the new format. */
static void
test_legacy_formats (void)
{
  g_autofree char *campaign_path = source_path ("tests", "data", "campaigns",
                                                "small.admiralty", NULL);
  g_autofree char *battle_path = source_path ("tests", "data", "battles", "legacy-v1.game.xml",
                                              NULL);
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  text = file_contents (campaign_path);
  g_assert_nonnull (strstr (text, "format=\"1\""));
  campaign = adm_campaign_open (campaign_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (adm_journal_get_n_actions (adm_campaign_get_journal (campaign)), ==, 5);
  g_assert_cmpuint (adm_campaign_get_events (campaign)->len, ==, 5);
  g_clear_pointer (&text, g_free);
  text = adm_campaign_serialize (campaign, NULL);
  g_assert_nonnull (strstr (text, "<campaign format=\"2\">"));
  g_clear_pointer (&text, g_free);
  text = file_contents (battle_path);
  g_assert_nonnull (strstr (text, "<battle-game version=\"1\">"));
  battle = adm_battle_load_game (battle_path, &error);
  g_assert_no_error (error);
  /* Two turns of five phases, each phase with its rolls one action. */
  g_assert_cmpuint (adm_journal_get_n_actions (adm_battle_get_log (battle)), ==, 10);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 3);
  {
    g_autoptr(AdmBattle) played = new_corridor (NULL);
    g_autoptr(AdmBattleOrders) orders = corridor_orders ();
    g_autoptr(AdmDiceQueue) dice = adm_dice_queue_new ();
    g_autofree char *a = NULL;
    g_autofree char *b = NULL;
    GPtrArray *events = adm_battle_get_journal (battle);

    /* The same dice give the same battle as the version 1 file replays to. */
    for (guint i = 0; i < events->len; i++)
      if (g_str_equal (adm_event_get_kind (g_ptr_array_index (events, i)), "roll"))
        g_assert_true (adm_dice_queue_push_text (dice, adm_event_get (g_ptr_array_index (events, i),
                                                                      "values"), NULL));
    for (int turn = 1; turn <= 2; turn++)
      g_assert_true (adm_battle_resolve_turn (played, adm_battle_orders_get_turn (orders, turn),
                                              ADM_DICE_SOURCE (dice), NULL));
    a = adm_battle_dump (played);
    b = adm_battle_dump (battle);
    g_assert_cmpstr (a, ==, b);
  }
  g_clear_pointer (&text, g_free);
  text = adm_battle_serialize (battle, NULL);
  g_assert_nonnull (strstr (text, "<battle-game version=\"2\">"));
  g_assert_nonnull (strstr (text, "<action id=\"1\" what=\"phase\""));
}

/* ---- A battle kept inside a campaign ----------------------------------------- */

#define ENGAGEMENT "c1-1"

/* The battle the campaign keeps, opened from it as the app opens it. */
static AdmBattle *
kept_battle (AdmCampaign *campaign)
{
  const char *text = adm_campaign_get_battle (campaign, ENGAGEMENT, NULL, NULL);
  g_autoptr(GError) error = NULL;
  AdmBattle *battle;

  g_assert_nonnull (text);
  battle = adm_battle_load_game_memory (text, strlen (text), ENGAGEMENT, &error);
  g_assert_no_error (error);
  return battle;
}

/* The campaign's file reopened: the battle it keeps is the live one, by its dump, where it
 * stands and whether it can be undone and redone. */
static void
assert_kept_as_live (const char *path,
                     AdmBattle  *live)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) reopened = adm_campaign_open (path, &error);
  g_autoptr(AdmBattle) kept = NULL;
  g_autofree char *live_dump = adm_battle_dump (live);
  g_autofree char *kept_dump = NULL;
  const char *phase = NULL;
  int turn = 0;

  g_assert_no_error (error);
  g_assert_nonnull (adm_campaign_get_battle (reopened, ENGAGEMENT, &turn, &phase));
  g_assert_cmpint (turn, ==, adm_battle_get_turn (live));
  g_assert_cmpstr (phase, ==, adm_phase_to_string (adm_battle_get_phase (live)));
  kept = kept_battle (reopened);
  kept_dump = adm_battle_dump (kept);
  g_assert_cmpstr (kept_dump, ==, live_dump);
  g_assert_cmpint (adm_battle_can_undo (kept), ==, adm_battle_can_undo (live));
  g_assert_cmpint (adm_battle_can_redo (kept), ==, adm_battle_can_redo (live));
}

/* Phases, undos and redos of a battle kept in the campaign: after the first keep (the set-up
 * into <battles>, the file written whole), each is added at the file's end — the file before
 * is the new one's start up to its journal's closing — and the file reopens to the live
 * battle. Campaign undo and redo pass the battle's entries by. */
static void
test_kept_battle_phases (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-kept-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr_engaged (path);
  /* Cycle 1's actions (its sheets and its resolution), before the battle. */
  guint cycle_actions = adm_journal_get_n_actions (adm_campaign_get_journal (campaign));
  g_autoptr(AdmBattle) battle = new_corridor (NULL);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (11);
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmEvent) note = adm_event_new ("note", T0);
  g_autofree char *campaign_before = NULL;
  g_autofree char *checkpoint = NULL;
  guint undos = 0, redos = 0;

  /* A campaign action before the battle, for campaign undo below. */
  adm_event_set_text (note, "The fleets meet at the corridor.");
  g_assert_true (adm_campaign_append (campaign, note, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (campaign, ENGAGEMENT, battle, &error));
  g_assert_no_error (error);
  assert_kept_as_live (path, battle);

  for (guint step = 0; step < 40; step++)
    {
      g_autofree char *before = file_contents (path);
      g_autofree char *after = NULL;
      const char *closing = strstr (before, "  </journal>");
      int choice = g_rand_int_range (rand, 0, 5);

      if (choice <= 2 || !adm_battle_can_undo (battle))
        g_assert_true (adm_battle_resolve_phase (battle, adm_battle_orders_get_turn (
                                                   orders, adm_battle_get_turn (battle)),
                                                 ADM_DICE_SOURCE (prng), &error));
      else if (choice == 3)
        undos += adm_battle_undo (battle, &error);
      else if (adm_battle_can_redo (battle))
        redos += adm_battle_redo (battle, &error);
      g_assert_no_error (error);
      g_assert_true (adm_campaign_keep_battle (campaign, ENGAGEMENT, battle, &error));
      g_assert_no_error (error);

      /* Added in place: everything before the journal's closing is as it was. */
      after = file_contents (path);
      g_assert_nonnull (closing);
      g_assert_cmpint (strncmp (before, after, closing - before), ==, 0);
      assert_kept_as_live (path, battle);
    }
  g_test_message ("%u undos, %u redos", undos, redos);
  g_assert_cmpuint (undos, >, 0);
  g_assert_cmpuint (redos, >, 0);
  g_assert_cmpint (adm_battle_get_turn (battle), >, 2);
  /* A turn played through keeps a checkpoint of the campaign. */
  checkpoint = adm_file_checkpoint_path (path, "battle-c1-1-turn-1");
  g_assert_true (g_file_test (checkpoint, G_FILE_TEST_IS_REGULAR));

  /* Campaign undo takes back the campaign's note, not a battle phase; redo brings it back. */
  {
    g_autofree char *description = adm_campaign_describe_undo (campaign);
    g_autofree char *text = g_strdup (adm_campaign_get_battle (campaign, ENGAGEMENT, NULL,
                                                               NULL));

    g_assert_cmpstr (description, ==, "Note");
    g_assert_true (adm_campaign_undo (campaign, &error));
    g_assert_no_error (error);
    /* Before the note, the cycle the battle's engagement comes from. */
    {
      g_autofree char *next = adm_campaign_describe_undo (campaign);

      g_assert_cmpstr (next, ==, "Resolve cycle 1");
    }
    g_assert_cmpstr (adm_campaign_get_battle (campaign, ENGAGEMENT, NULL, NULL), ==, text);
    assert_kept_as_live (path, battle);
    g_assert_true (adm_campaign_redo (campaign, &error));
    g_assert_no_error (error);
    campaign_before = campaign_dump (campaign);
  }

  /* The campaign's journal lists the battle's entries as such, every one of them. */
  {
    AdmJournal *journal = adm_campaign_get_journal (campaign);
    AdmJournal *log = adm_battle_get_log (battle);
    guint kept = 0;

    for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
      if (adm_journal_get_entry_kind (journal, i) == ADM_JOURNAL_ENTRY_BATTLE)
        {
          g_assert_cmpstr (adm_journal_get_entry_engagement (journal, i), ==, ENGAGEMENT);
          g_assert_cmpint (adm_journal_get_entry_battle_kind (journal, i), ==,
                           adm_journal_get_entry_kind (log, kept));
          g_assert_cmpuint (adm_journal_action_get_id (adm_journal_get_entry_action (journal, i)),
                            ==,
                            adm_journal_action_get_id (adm_journal_get_entry_action (log, kept)));
          kept++;
        }
    g_assert_cmpuint (kept, ==, adm_journal_get_n_entries (log));
    g_assert_cmpuint (adm_journal_get_n_actions (journal), ==, cycle_actions + 1);
  }

  remove_tree (dir);
}

/* The one check: a battle that is not the one kept is refused, and so is a battle entry in a
 * file that does not follow where the battle stands, with FILE:LINE and the file untouched. */
static void
test_kept_battle_refused (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-kept-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *setup_path = source_path ("scenarios", "battles", "torpedo-duel.xml", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr_engaged (path);
  g_autoptr(AdmBattle) battle = new_corridor (NULL);
  g_autoptr(AdmBattle) other = NULL;
  g_autoptr(AdmBattle) fresh = new_corridor (NULL);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (11);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) hostile = NULL;
  g_autoptr(GString) changed = NULL;
  g_autofree char *text = NULL;
  g_autofree char *after = NULL;
  guint n;

  for (int i = 0; i < 3; i++)
    g_assert_true (adm_battle_resolve_phase (battle, adm_battle_orders_get_turn (orders, 1),
                                             ADM_DICE_SOURCE (prng), NULL));
  g_assert_true (adm_campaign_keep_battle (campaign, ENGAGEMENT, battle, &error));
  g_assert_no_error (error);
  n = adm_journal_get_n_entries (adm_campaign_get_journal (campaign));

  other = adm_battle_load_file (setup_path, &error);
  g_assert_no_error (error);
  g_assert_false (adm_campaign_keep_battle (campaign, ENGAGEMENT, other, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE);
  g_clear_error (&error);
  /* The same set-up, but not its journal: a battle started over from nothing. */
  g_assert_true (adm_battle_resolve_phase (fresh, adm_battle_orders_get_turn (orders, 1),
                                           ADM_DICE_SOURCE (prng), NULL));
  g_assert_false (adm_campaign_keep_battle (campaign, ENGAGEMENT, fresh, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE);
  g_clear_error (&error);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)), ==, n);

  /* A battle entry whose phase is not where the battle stands. */
  text = file_contents (path);
  changed = g_string_new (text);
  g_assert_cmpuint (g_string_replace (changed, "turn=\"1\" phase=\"fire\"",
                                      "turn=\"1\" phase=\"end\"", 1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
  hostile = adm_campaign_open (path, &error);
  g_assert_null (hostile);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_true (g_regex_match_simple ("^[^:]+:[0-9]+: ", error->message, 0, 0));
  after = file_contents (path);
  g_assert_cmpstr (after, ==, changed->str);
  remove_tree (dir);
}

/* A campaign written before battles were kept in its journal: the battle whole in <battles>,
 * with "turn" and "phase". It opens, the battle the same; kept again, the file is written in
 * the new layout and the one before stays as backup 1. */
static void
test_kept_battle_old_layout (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-kept-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *backup = NULL;
  g_autoptr(AdmCampaign) campaign = new_komarr_engaged (path);
  g_autoptr(AdmBattle) battle = new_corridor (NULL);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (11);
  g_autoptr(AdmCampaign) old = NULL;
  g_autoptr(AdmBattle) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) file = NULL;
  g_autofree char *saved = NULL, *text = NULL, *kept = NULL, *backup_text = NULL;
  g_autofree char *battle_dump = NULL, *reopened_dump = NULL;
  const char *body;
  const char *phase = NULL;
  int turn = 0;

  for (int i = 0; i < 7; i++)
    g_assert_true (adm_battle_resolve_phase (battle, adm_battle_orders_get_turn (
                                               orders, adm_battle_get_turn (battle)),
                                             ADM_DICE_SOURCE (prng), NULL));
  g_assert_true (adm_battle_undo (battle, NULL));
  saved = adm_battle_serialize (battle, NULL);
  body = strstr (saved, "<battle-game");
  g_assert_nonnull (body);
  text = file_contents (path);
  file = g_string_new (text);
  {
    g_autofree char *battles = g_strdup_printf ("  <battles>\n    <engagement-battle engagement=\""
                                                ENGAGEMENT "\" turn=\"9\" phase=\"fire\">\n%s"
                                                "    </engagement-battle>\n  </battles>\n"
                                                "  <journal", body);

    g_assert_cmpuint (g_string_replace (file, "  <journal", battles, 1), ==, 1);
  }
  g_assert_true (g_file_set_contents (path, file->str, -1, NULL));

  old = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  /* Where it stands comes from its journal, not from the attributes written then. */
  g_assert_cmpstr (adm_campaign_get_battle (old, ENGAGEMENT, &turn, &phase), ==, saved);
  g_assert_cmpint (turn, ==, 2);
  g_assert_cmpstr (phase, ==, "movement");
  reopened = kept_battle (old);
  battle_dump = adm_battle_dump (battle);
  reopened_dump = adm_battle_dump (reopened);
  g_assert_cmpstr (reopened_dump, ==, battle_dump);
  g_assert_true (adm_battle_can_redo (reopened));

  /* Played on and kept: the file in the new layout, the old one kept as backup 1. */
  g_assert_true (adm_battle_redo (reopened, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_keep_battle (old, ENGAGEMENT, reopened, &error));
  g_assert_no_error (error);
  backup = adm_campaign_backup_path (path, 1);
  backup_text = file_contents (backup);
  g_assert_cmpstr (backup_text, ==, file->str);
  kept = file_contents (path);
  g_assert_null (strstr (kept, "turn=\"9\""));
  /* Each sealed as it is taken into the campaign's journal (adm_journal_seal ()). */
  g_assert_true (g_regex_match_simple ("<battle engagement=\"" ENGAGEMENT "\" "
                                       "digest=\"[0-9a-f]{64}\"><action id=\"1\"", kept, 0, 0));
  g_assert_true (g_regex_match_simple ("<battle engagement=\"" ENGAGEMENT "\" "
                                       "digest=\"[0-9a-f]{64}\"><undo action=\"7\"", kept, 0, 0));
  g_assert_true (g_regex_match_simple ("<battle engagement=\"" ENGAGEMENT "\" "
                                       "digest=\"[0-9a-f]{64}\"><redo action=\"7\"", kept, 0, 0));
  assert_kept_as_live (path, reopened);
  remove_tree (dir);
}

/* A file cut in the middle of a battle entry being added opens at the last complete entry,
 * the battle one phase back, and says so, naming the battle. */
static void
test_kept_battle_cut (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-kept-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *cut_path = g_build_filename (dir, "cut.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr_engaged (path);
  g_autoptr(AdmBattle) battle = new_corridor (NULL);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (11);
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL, *after = NULL, *dump_before = NULL, *dump_after = NULL;
  guint opened = 0;
  gsize start, length;

  for (int i = 0; i < 6; i++)
    {
      g_clear_pointer (&before, g_free);
      g_clear_pointer (&dump_before, g_free);
      before = file_contents (path);
      dump_before = adm_battle_dump (battle);
      g_assert_true (adm_battle_resolve_phase (battle, adm_battle_orders_get_turn (
                                                 orders, adm_battle_get_turn (battle)),
                                               ADM_DICE_SOURCE (prng), NULL));
      g_assert_true (adm_campaign_keep_battle (campaign, ENGAGEMENT, battle, &error));
      g_assert_no_error (error);
    }
  after = file_contents (path);
  dump_after = adm_battle_dump (battle);
  start = (gsize) (strstr (before, "  </journal>") - before);
  length = strlen (after);
  for (gsize cut = start + 1; cut + 16 < length; cut += 7)
    {
      g_autoptr(AdmCampaign) opened_campaign = NULL;
      g_autoptr(AdmBattle) kept = NULL;
      g_autofree char *dump = NULL;

      write_cut (cut_path, after, cut);
      opened_campaign = adm_campaign_open (cut_path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (adm_journal_get_recovery_note (adm_campaign_get_journal (opened_campaign)));
      g_assert_nonnull (strstr (adm_journal_get_recovery_note (
                                  adm_campaign_get_journal (opened_campaign)),
                                "battle of engagement " ENGAGEMENT));
      kept = kept_battle (opened_campaign);
      dump = adm_battle_dump (kept);
      /* Before the phase, or after it when only the closing was cut. */
      if (cut < (gsize) (strstr (after, "  </journal>") - after))
        g_assert_cmpstr (dump, ==, dump_before);
      else
        g_assert_cmpstr (dump, ==, dump_after);
      opened++;
    }
  g_assert_cmpuint (opened, >, 10);
  remove_tree (dir);
}

/* ---- The crash test ------------------------------------------------------------------- */

#define CRASH_STEPS 40
#define CRASH_PHASES 15

/* The scripted run: a campaign and a battle, autosaving after each step; the battle is also
 * kept inside the campaign (adm_campaign_keep_battle ()), each phase and undo added to the
 * campaign's file. With @dumps, the state after each step goes there (the states a killed run
 * may have left on disk). */
static void
scripted_run (const char *campaign_path,
              const char *battle_path,
              GPtrArray  *campaign_dumps,
              GPtrArray  *battle_dumps,
              int         ready_fd)
{
  g_autoptr(AdmCampaign) campaign = new_komarr_engaged (campaign_path);
  g_autoptr(AdmBattle) battle = new_corridor (battle_path);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (5);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  if (campaign_dumps != NULL)
    {
      g_ptr_array_add (campaign_dumps, campaign_dump (campaign));
      g_ptr_array_add (battle_dumps, adm_battle_dump (battle));
    }
  if (ready_fd >= 0)
    {
      g_assert_cmpint (write (ready_fd, "r", 1), ==, 1);
      close (ready_fd);
    }
  for (guint step = 0; step < CRASH_STEPS; step++)
    {
      campaign_step (campaign, rand, T0 + step);
      if (campaign_dumps != NULL)
        g_ptr_array_add (campaign_dumps, campaign_dump (campaign));
      if (step < CRASH_PHASES)
        {
          const AdmTurnOrders *turn = adm_battle_orders_get_turn (orders,
                                                                  adm_battle_get_turn (battle));

          if (step % 5 == 4)
            g_assert_true (adm_battle_undo (battle, NULL));
          else
            g_assert_true (adm_battle_resolve_phase (battle, turn, ADM_DICE_SOURCE (prng), NULL));
          g_assert_true (adm_campaign_keep_battle (campaign, ENGAGEMENT, battle, NULL));
          if (battle_dumps != NULL)
            g_ptr_array_add (battle_dumps, adm_battle_dump (battle));
        }
    }
}

static gboolean
dump_in (GPtrArray  *dumps,
         const char *dump)
{
  for (guint i = 0; i < dumps->len; i++)
    if (g_str_equal (g_ptr_array_index (dumps, i), dump))
      return TRUE;
  return FALSE;
}

/* A child playing the scripted campaign and battle in a new @dir, once both its files exist. */
static pid_t
start_scripted_child (const char *dir,
                      const char *campaign_path,
                      const char *battle_path)
{
  int pipe_fds[2];
  char byte;
  pid_t child;

  remove_tree (dir);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_cmpint (pipe (pipe_fds), ==, 0);
  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      close (pipe_fds[0]);
      scripted_run (campaign_path, battle_path, NULL, NULL, pipe_fds[1]);
      _exit (0);
    }
  close (pipe_fds[1]);
  g_assert_cmpint (read (pipe_fds[0], &byte, 1), ==, 1);
  close (pipe_fds[0]);
  return child;
}

/* A child plays the scripted campaign and battle and is killed by SIGKILL at random
 * moments, 50 of them mid-run; each time both files open and replay to a state the scripted run passed
 * through. */
static void
test_killed_at_random (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-crash-XXXXXX", NULL);
  g_autofree char *campaign_path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *battle_path = g_build_filename (dir, "game.xml", NULL);
  g_autoptr(GPtrArray) campaign_dumps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) battle_dumps = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  gint64 start, duration;
  guint mid_run = 0, kept_battles = 0;

  g_setenv ("SOURCE_DATE_EPOCH", "1795370400", TRUE);
  scripted_run (campaign_path, battle_path, campaign_dumps, battle_dumps, -1);

  /* How long a child's run takes from the moment both files exist, as the killed ones run it
   * (the run above also dumps every state it passes through, which takes far longer). */
  {
    pid_t child = start_scripted_child (dir, campaign_path, battle_path);
    int status;

    start = g_get_monotonic_time ();
    g_assert_cmpint (waitpid (child, &status, 0), ==, child);
    duration = MAX (g_get_monotonic_time () - start, 1000);
    g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  }
  g_test_message ("a child's run takes %" G_GINT64_FORMAT " µs", duration);

  /* Killed until 50 kills have come mid-run: how long a run takes varies with the machine's
   * load, so the count of attempts is not fixed (at most 400), and a child that finished
   * before its kill shortens the time the next kills are drawn from. */
  for (guint kill_n = 0; mid_run < 50 && kill_n < 400; kill_n++)
    {
      g_autoptr(AdmCampaign) campaign = NULL;
      g_autoptr(AdmBattle) battle = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *c_dump = NULL;
      g_autofree char *b_dump = NULL;
      pid_t child = start_scripted_child (dir, campaign_path, battle_path);
      int status;

      /* The kill comes anywhere in the run (or just after). */
      g_usleep (g_rand_int_range (rand, 0, (gint32) MIN (duration, G_MAXINT32)));
      kill (child, SIGKILL);
      g_assert_cmpint (waitpid (child, &status, 0), ==, child);
      mid_run += WIFSIGNALED (status);
      if (!WIFSIGNALED (status))
        duration = MAX (duration * 3 / 4, 1000);

      campaign = adm_campaign_open (campaign_path, &error);
      g_assert_no_error (error);
      battle = adm_battle_load_game (battle_path, &error);
      g_assert_no_error (error);
      c_dump = campaign_dump (campaign);
      b_dump = adm_battle_dump (battle);
      g_assert_true (dump_in (campaign_dumps, c_dump));
      g_assert_true (dump_in (battle_dumps, b_dump));
      /* The battle kept in the campaign too, once it was first kept. */
      if (adm_campaign_get_battle (campaign, ENGAGEMENT, NULL, NULL) != NULL)
        {
          g_autoptr(AdmBattle) kept = kept_battle (campaign);
          g_autofree char *k_dump = adm_battle_dump (kept);

          g_assert_true (dump_in (battle_dumps, k_dump));
          kept_battles++;
        }
    }
  g_unsetenv ("SOURCE_DATE_EPOCH");
  g_test_message ("%u kills came mid-run; %u left a battle kept in the campaign", mid_run,
                  kept_battles);
  g_assert_cmpuint (mid_run, >=, 50);
  g_assert_cmpuint (kept_battles, >, 0);
  remove_tree (dir);
}

/* The journal of a campaign is read as the file is parsed and checked by the journal, not by
 * the schema: what the schema refused is still refused, with the file and the line. */
static void
refused_journal (const char *text,
                 const char *entries,
                 int         line,
                 const char *needle)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(GString) changed = g_string_new (text);
  g_autoptr(AdmCampaign) hostile = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *where = NULL;
  g_autofree char *after = NULL;
  const char *journal = strstr (text, "  <journal/>");
  int journal_line = 1;

  g_assert_nonnull (journal);
  for (const char *p = text; p < journal; p++)
    journal_line += *p == '\n';
  g_assert_cmpuint (g_string_replace (changed, "  <journal/>", entries, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
  hostile = adm_campaign_open (path, &error);
  g_assert_null (hostile);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  where = g_strdup_printf ("%s:%d: ", path, journal_line + line);
  g_assert_true (g_str_has_prefix (error->message, where));
  g_assert_nonnull (strstr (error->message, needle));
  /* Refused, the file is left as it was. */
  after = file_contents (path);
  g_assert_cmpstr (after, ==, changed->str);
  remove_tree (dir);
}

#define ACTION "<action id=\"1\" what=\"note\" time=\"2026-11-22T18:00:00Z\">"
#define NOTE "<event kind=\"note\" time=\"2026-11-22T18:00:00Z\">Seen</event>"

static void
test_streamed_journal_checked (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autofree char *text = file_contents (path);

  /* Lines count from <journal>'s: 1 is the line after it. */
  refused_journal (text, "  <journal>\n    " ACTION NOTE "</action>\n    Stray words\n"
                   "  </journal>", 2, "<journal> holds elements only, not text such as "
                   "“Stray words”");
  refused_journal (text, "  <journal>\n    " ACTION "\n      <note kind=\"x\"/>\n    </action>\n"
                   "  </journal>", 2, "an action holds events only, not <note>");
  refused_journal (text, "  <journal>\n    " ACTION "Stray" NOTE "</action>\n  </journal>", 1,
                   "<action> holds elements only, not text such as “Stray”");
  refused_journal (text, "  <journal>\n    " ACTION "\n"
                   "      <event kind=\"note\" time=\"2026-11-22T18:00:00Z\"><b>Seen</b></event>"
                   "\n    </action>\n  </journal>", 2, "an event holds text only, not <b>");
  refused_journal (text, "  <journal>\n    " ACTION NOTE "</action>\n"
                   "    <undo action=\"1\" time=\"2026-11-22T18:00:00Z\" by=\"me\"/>\n"
                   "  </journal>", 2, "<undo> has the attributes “action”, “time”, “origin” and "
                   "“digest” only, not “by”");
  refused_journal (text, "  <journal>\n    " ACTION NOTE "</action>\n"
                   "    <redo action=\"1\" time=\"2026-11-22T18:00:00Z\">" NOTE "</redo>\n"
                   "  </journal>", 2, "<redo> holds nothing, not <event>");
  refused_journal (text, "  <journal>\n    <x:action xmlns:x=\"urn:x\" id=\"1\" what=\"note\" "
                   "time=\"2026-11-22T18:00:00Z\"/>\n  </journal>", 1,
                   "“x:action” is in an XML namespace");
  refused_journal (text, "  <journal>\n    " ACTION
                   "<event xmlns:x=\"urn:x\" x:kind=\"note\" kind=\"note\" "
                   "time=\"2026-11-22T18:00:00Z\"/></action>\n  </journal>", 1,
                   "“x:kind” is in an XML namespace");
  refused_journal (text, "  <journal>\n    <action id=\"1\" what=\"note\" "
                   "time=\"2026-02-29T18:00:00Z\">" NOTE "</action>\n  </journal>", 1,
                   "the time “2026-02-29T18:00:00Z” is not a date and time");
  refused_journal (text, "  <journal>\n    " ACTION "\n      <event kind=\"note\" "
                   "time=\"2026-11-22T24:00:00Z\"/>\n    </action>\n  </journal>", 2,
                   "the event’s time “2026-11-22T24:00:00Z” is not a date and time");
  refused_journal (text, "  <journal>\n    " ACTION NOTE "</action>\n"
                   "    <action id=\"3\" what=\"note\" time=\"2026-11-22T18:00:00Z\"/>\n"
                   "  </journal>", 2, "“id” is “3”; it must be the number of an action");
  /* The rest of the file comes first: a schema error before the journal is the one said. */
  {
    g_autoptr(GString) broken = g_string_new (text);

    g_assert_cmpuint (g_string_replace (broken, "<dice ", "<dice extra=\"1\" ", 1), ==, 1);
    refused_journal (broken->str, "  <journal>\n    Stray words\n  </journal>", -1, "dice");
  }
  remove_tree (dir);
}

/* Times written as Admiralty writes them are read without GDateTime: the same instants as
 * GDateTime reads, leap days and centuries included; other ISO 8601 forms still open. */
static void
test_streamed_times (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autofree char *text = file_contents (path);
  g_autoptr(GString) entries = g_string_new ("  <journal>\n");
  g_autoptr(GString) changed = g_string_new (text);
  g_autoptr(GPtrArray) times = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(GError) error = NULL;
  AdmJournal *journal;

  g_ptr_array_add (times, g_strdup ("2000-02-29T23:59:59Z"));
  g_ptr_array_add (times, g_strdup ("1900-03-01T00:00:00Z"));
  g_ptr_array_add (times, g_strdup ("0001-01-01T00:00:00Z"));
  g_ptr_array_add (times, g_strdup ("9999-12-31T23:59:59Z"));
  g_ptr_array_add (times, g_strdup ("1969-12-31T23:59:59Z"));
  g_ptr_array_add (times, g_strdup ("2026-11-22T21:00:00+03:00"));
  g_ptr_array_add (times, g_strdup ("2026-11-22T18:00:00.75Z"));
  for (int i = 0; i < 400; i++)
    {
      int year = g_rand_int_range (rand, 1, 10000), month = g_rand_int_range (rand, 1, 13);

      g_ptr_array_add (times, g_strdup_printf ("%04d-%02d-%02dT%02d:%02d:%02dZ", year, month,
                                               g_rand_int_range (rand, 1, 1 + g_date_get_days_in_month (month, year)),
                                               g_rand_int_range (rand, 0, 24),
                                               g_rand_int_range (rand, 0, 60),
                                               g_rand_int_range (rand, 0, 60)));
    }
  for (guint i = 0; i < times->len; i++)
    g_string_append_printf (entries, "    <action id=\"%u\" what=\"note\" time=\"%s\">"
                            "<event kind=\"note\" time=\"%s\">%u</event></action>\n", i + 1,
                            (char *) times->pdata[i], (char *) times->pdata[i], i);
  g_string_append (entries, "  </journal>");
  g_assert_cmpuint (g_string_replace (changed, "  <journal/>", entries->str, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  journal = adm_campaign_get_journal (reopened);
  g_assert_cmpuint (adm_journal_get_n_entries (journal), ==, times->len);
  for (guint i = 0; i < times->len; i++)
    {
      g_autoptr(GDateTime) expected = g_date_time_new_from_iso8601 (times->pdata[i], utc);
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      AdmEvent *event = g_ptr_array_index (adm_journal_action_get_events (action), 0);

      g_assert_nonnull (expected);
      g_assert_cmpint (adm_journal_get_entry_time (journal, i), ==,
                       g_date_time_to_unix (expected));
      g_assert_cmpint (adm_event_get_time (event), ==, g_date_time_to_unix (expected));
    }
  remove_tree (dir);
}

/* The entries read are written back as the file had them — comments and spacing included —
 * and what is recorded after them is added as usual; the result opens to the same state. */
static void
test_streamed_written_as_read (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-journal-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (path);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20);
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autoptr(AdmCampaign) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) changed = NULL;
  g_autofree char *text = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *live = NULL;
  g_autofree char *reloaded = NULL;
  const char *first, *last;

  for (int i = 0; i < 30; i++)
    campaign_step (campaign, rand, T0 + i);
  g_assert_true (adm_campaign_can_undo (campaign));
  text = file_contents (path);
  changed = g_string_new (text);
  /* A master's comment and an entry spread over lines, with entities in a value. */
  g_assert_cmpuint (g_string_replace (changed, "    <action id=\"2\"",
                                      "    <!-- checked with the players -->\n"
                                      "    <action\n      id=\"2\"", 1), ==, 1);
  g_assert_true (g_file_set_contents (path, changed->str, -1, NULL));
  first = strstr (changed->str, "<action id=\"1\"");
  last = strstr (changed->str, "  </journal>");
  g_assert_nonnull (first);
  g_assert_nonnull (last);
  kept = g_strndup (first, last - first);

  reopened = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  {
    g_autoptr(AdmEvent) note = adm_event_new ("note", T0 + 100);

    adm_event_set_text (note, "Fish & chips <after> the “battle”");
    g_assert_true (adm_campaign_append (reopened, note, &error));
    g_assert_no_error (error);
  }
  saved = file_contents (path);
  g_assert_nonnull (strstr (saved, kept));
  g_assert_nonnull (strstr (saved, "<!-- checked with the players -->"));
  again = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  live = campaign_dump (reopened);
  reloaded = campaign_dump (again);
  g_assert_cmpstr (live, ==, reloaded);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (again)), ==,
                    adm_journal_get_n_entries (adm_campaign_get_journal (reopened)));
  g_assert_cmpstr (adm_event_get_text (g_ptr_array_index (adm_campaign_get_events (again),
                                                          adm_campaign_get_events (again)->len - 1)),
                   ==, "Fish & chips <after> the “battle”");
  remove_tree (dir);
}

/* Declarations that do not read back are an error to report, not the end of the program: the
 * Orders pane says why and keeps what it had. */
static void
test_orders_copy_refused (void)
{
  g_autoptr(AdmTurnOrders) orders = adm_turn_orders_new (2);
  g_autoptr(AdmTurnOrders) copy = NULL;
  g_autoptr(GError) error = NULL;
  AdmShipOrderDecl *lock = adm_ship_order_decl_new ("vorberg");

  g_ptr_array_add (orders->target_locks, lock);
  copy = adm_turn_orders_copy (orders, &error);
  g_assert_no_error (error);
  g_assert_nonnull (copy);
  g_assert_cmpuint (copy->target_locks->len, ==, 1);
  g_clear_pointer (&copy, adm_turn_orders_free);

  /* An element no orders file has, as code could build one. */
  g_ptr_array_add (orders->other, adm_order_decl_new ("dance"));
  copy = adm_turn_orders_copy (orders, &error);
  g_assert_null (copy);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "orders:"));
}

/* A save adds the action to the file in place (adm_journal_save ()). A file whose
 * last append was cut at any byte of it — the end missing, or the new bytes written only in
 * part over the old closing — opens at the action before with a note that says so, or at the
 * new action when it was whole, or is refused with FILE:LINE; never a crash, never an earlier
 * action lost. */
static void
check_cut_file (const char  *path,
                const char  *data,
                gsize        length,
                const char  *dump_before,
                const char  *dump_after,
                guint        n_before,
                gboolean     battle,
                guint       *n_opened,
                guint       *n_refused)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) game = NULL;
  g_autofree char *dump = NULL;
  g_autofree char *after = NULL;
  AdmJournal *journal;

  write_cut (path, data, length);
  if (battle)
    game = adm_battle_load_game (path, &error);
  else
    campaign = adm_campaign_open (path, &error);
  if (game == NULL && campaign == NULL)
    {
      g_autofree char *base = g_path_get_basename (path);

      g_assert_nonnull (error);
      /* Named with its line, and the file left as it was. */
      g_assert_nonnull (strstr (error->message, base));
      g_assert_true (g_regex_match_simple ("^[^:]+:[0-9]+: ", error->message, 0, 0));
      after = file_contents (path);
      g_assert_cmpmem (after, strlen (after), data, length);
      (*n_refused)++;
      return;
    }
  g_assert_no_error (error);
  journal = battle ? adm_battle_get_log (game) : adm_campaign_get_journal (campaign);
  dump = battle ? adm_battle_dump (game) : campaign_dump (campaign);
  g_assert_cmpuint (adm_journal_get_n_actions (journal), >=, n_before);
  g_assert_cmpuint (adm_journal_get_n_actions (journal), <=, n_before + 1);
  if (adm_journal_get_n_actions (journal) == n_before)
    g_assert_cmpstr (dump, ==, dump_before);
  else
    g_assert_cmpstr (dump, ==, dump_after);
  /* A file that still ends as it should (the append not begun, or only its last newline
   * missing) opens as it is; any other never silently: the note says what happened. */
  {
    g_autofree char *copy = g_strchomp (g_strndup (data, length));

    if (g_str_has_suffix (copy, battle ? "</battle-game>" : "</campaign>"))
      g_assert_null (adm_journal_get_recovery_note (journal));
    else
      {
        g_autofree char *base = g_path_get_basename (path);

        g_assert_nonnull (adm_journal_get_recovery_note (journal));
        g_assert_nonnull (strstr (adm_journal_get_recovery_note (journal), "cut off"));
        g_assert_nonnull (strstr (adm_journal_get_recovery_note (journal), base));
        (*n_opened)++;
      }
  }
}

static void
cut_every_byte (const char *path,
                const char *before,
                const char *after,
                const char *dump_before,
                const char *dump_after,
                guint       n_before,
                gboolean    battle)
{
  gsize length_before = strlen (before), length_after = strlen (after);
  const char *closing = strstr (before, "  </journal>");
  gsize start;
  guint opened = 0, refused = 0;

  /* Appended in place: the file before, up to its journal's closing, is where the new bytes
   * begin. */
  g_assert_nonnull (closing);
  start = (gsize) (closing - before);
  /* The same bytes up to there, but for the dice's count (written first, at a fixed width). */
  {
    const char *journal = strstr (before, "  <journal>");

    g_assert_nonnull (journal);
    g_assert_cmpint (strncmp (journal, after + (journal - before), closing - journal), ==, 0);
  }
  for (gsize cut = start; cut < length_after; cut++)
    {
      g_autoptr(GString) mixed = g_string_new_len (after, (gssize) cut);

      /* The end missing. */
      check_cut_file (path, after, cut, dump_before, dump_after, n_before, battle, &opened,
                      &refused);
      /* The new bytes written only up to @cut, the old closing's rest still after them. */
      if (cut < length_before)
        {
          g_string_append_len (mixed, before + cut, (gssize) (length_before - cut));
          check_cut_file (path, mixed->str, mixed->len, dump_before, dump_after, n_before,
                          battle, &opened, &refused);
        }
    }
  g_test_message ("%s: %" G_GSIZE_FORMAT " cuts: %u opened with a note, %u refused with "
                  "FILE:LINE", path, length_after - start, opened, refused);
  g_assert_cmpuint (opened, >, 0);
}

static void
test_append_cut_at_every_byte (void)
{
  g_autofree char *dir = g_dir_make_tmp ("admiralty-cut-XXXXXX", NULL);
  g_autofree char *campaign_path = g_build_filename (dir, "campaign.admiralty", NULL);
  g_autofree char *battle_path = g_build_filename (dir, "game.xml", NULL);
  g_autofree char *cut_campaign = g_build_filename (dir, "cut.admiralty", NULL);
  g_autofree char *cut_battle = g_build_filename (dir, "cut.xml", NULL);
  g_autoptr(AdmCampaign) campaign = new_komarr (campaign_path);
  g_autoptr(AdmBattle) battle = new_corridor (battle_path);
  g_autoptr(AdmBattleOrders) orders = corridor_orders ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (5);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  AdmDiceRequest request = { 2, 6, "Last roll", "F-RDY-2" };
  g_autofree char *before = NULL, *after = NULL;
  g_autofree char *dump_before = NULL, *dump_after = NULL;
  guint values[2], n_before;

  /* The campaign: some actions, then a roll of the program's dice, which also changes the
   * dice's count before the journal in place. */
  for (int i = 0; i < 8; i++)
    campaign_step (campaign, rand, T0 + i);
  g_assert_true (adm_campaign_roll (campaign, NULL, &request, T0 + 50, values, NULL));
  before = file_contents (campaign_path);
  dump_before = campaign_dump (campaign);
  n_before = adm_journal_get_n_actions (adm_campaign_get_journal (campaign));
  g_assert_true (adm_campaign_roll (campaign, NULL, &request, T0 + 51, values, NULL));
  after = file_contents (campaign_path);
  dump_after = campaign_dump (campaign);
  cut_every_byte (cut_campaign, before, after, dump_before, dump_after, n_before, FALSE);

  /* The battle: a turn, then one phase more. */
  for (int i = 0; i < 6; i++)
    {
      const AdmTurnOrders *turn = adm_battle_orders_get_turn (orders, adm_battle_get_turn (battle));

      g_clear_pointer (&before, g_free);
      g_clear_pointer (&dump_before, g_free);
      before = file_contents (battle_path);
      dump_before = adm_battle_dump (battle);
      n_before = adm_journal_get_n_actions (adm_battle_get_log (battle));
      g_assert_true (adm_battle_resolve_phase (battle, turn, ADM_DICE_SOURCE (prng), NULL));
    }
  g_clear_pointer (&after, g_free);
  g_clear_pointer (&dump_after, g_free);
  after = file_contents (battle_path);
  dump_after = adm_battle_dump (battle);
  cut_every_byte (cut_battle, before, after, dump_before, dump_after, n_before, TRUE);
  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/journal-log/campaign-property", test_campaign_property);
  g_test_add_func ("/engine/journal-log/battle-property", test_battle_property);
  g_test_add_func ("/engine/journal-log/sheet-one-action", test_sheet_one_action);
  g_test_add_func ("/engine/journal-log/F-GEN-3/sheet-built-read-back",
                   test_sheet_built_read_back);
  g_test_add_func ("/engine/journal-log/battle-times-kept", test_battle_times_kept);
  g_test_add_func ("/engine/journal-log/F-STRAT-16/two-orders-one-formation",
                   test_two_orders_one_formation);
  g_test_add_func ("/engine/journal-log/F-STRAT-16/sheet-verdicts", test_sheet_verdicts);
  g_test_add_func ("/engine/journal-log/permissions-and-leftovers",
                   test_permissions_and_leftovers);
  g_test_add_func ("/engine/journal-log/dice-draws-bound", test_dice_draws_bound);
  g_test_add_func ("/engine/journal-log/entries-bound", test_entries_bound);
  g_test_add_func ("/engine/journal-log/cycle-room", test_cycle_room);
  g_test_add_func ("/engine/journal-log/checkpoints-pruned", test_checkpoints_pruned);
  g_test_add_func ("/engine/journal-log/mirror-folder", test_mirror_folder);
  g_test_add_func ("/engine/journal-log/flushes-together", test_flushes_together);
  g_test_add_func ("/engine/journal-log/whole-flushed-later", test_whole_flushed_later);
  g_test_add_func ("/engine/journal-log/legacy-formats", test_legacy_formats);
  g_test_add_func ("/engine/journal-log/killed-at-random", test_killed_at_random);
  g_test_add_func ("/engine/journal-log/append-cut-at-every-byte",
                   test_append_cut_at_every_byte);
  g_test_add_func ("/engine/journal-log/orders-copy-refused", test_orders_copy_refused);
  g_test_add_func ("/engine/journal-log/streamed/checked", test_streamed_journal_checked);
  g_test_add_func ("/engine/journal-log/streamed/times", test_streamed_times);
  g_test_add_func ("/engine/journal-log/streamed/written-as-read", test_streamed_written_as_read);
  g_test_add_func ("/engine/journal-log/kept-battle/phases", test_kept_battle_phases);
  g_test_add_func ("/engine/journal-log/kept-battle/refused", test_kept_battle_refused);
  g_test_add_func ("/engine/journal-log/kept-battle/old-layout", test_kept_battle_old_layout);
  g_test_add_func ("/engine/journal-log/kept-battle/cut", test_kept_battle_cut);

  return g_test_run ();
}
