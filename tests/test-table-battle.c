/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-table-battle.c: several masters, one campaign — the battle of engagement c1-3 (Pol
 * orbit, Komarr campaign after cycle 1) fought at another table and handed back entry by
 * entry (adm_campaign_receive_from_table ()) gives the chief the campaign the same battle
 * fought on one machine gives: the battle kept, its ending, the state (F-STRAT-4). Entries
 * sent twice are kept once; entries held back flow in order later; a gap, another history,
 * another table, a hand-off taken back, a damaged message are refused and change nothing;
 * the chief's own hand is refused while the battle is at the table (one writer per
 * journal); the export file imports the same way. The table's placements step (F-STRAT-15,
 * F-TAC-1) is journaled as the chief's own placements, the battle handed anew. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "komarr-helpers.h"
#include "file-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400) /* 2026-11-22T18:00:00Z */
/* The seed of the secret a test's program dice are drawn from (table_dice_fixed ()). */
#define PROGRAM_SEED 5

typedef struct {
  char            *folder;
  AdmCampaign     *one;     /* the battle fought on the chief's own machine */
  AdmCampaign     *chief;   /* the battle fought at "Table 1" */
  char            *assignment;
  AdmBattleOrders *orders;  /* c1-3's, tests/data/campaign-battles/komarr-c1-3.orders.xml */
} Fixture;

static AdmCampaign *
komarr_after_cycle (const char *folder,
                    const char *name)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);

  return komarr_saved_and_played (path, 1, T0);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *orders_path = source_path ("tests/data/campaign-battles",
                                              "komarr-c1-3.orders.xml", NULL);

  fixture->orders = adm_battle_orders_load_file (orders_path, &error);
  g_assert_no_error (error);
  fixture->folder = g_dir_make_tmp ("admiralty-table-battle-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->one = komarr_after_cycle (fixture->folder, "one.admiralty");
  fixture->chief = komarr_after_cycle (fixture->folder, "chief.admiralty");
  g_assert_true (adm_campaign_assign_table (fixture->chief, "c1-3", "Table 1", T0 + 600,
                                            &fixture->assignment, &error));
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->one);
  g_clear_object (&fixture->chief);
  remove_tree (fixture->folder);
  g_free (fixture->folder);
  g_free (fixture->assignment);
  g_clear_pointer (&fixture->orders, adm_battle_orders_free);
}

/* The battle as the table gets it from the chief, and the one the chief sets up himself. */
static AdmBattle *
battle_at_table (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = adm_campaign_table_battle (fixture->chief, "Table 1", "c1-3", &error);
  AdmBattle *battle;

  g_assert_no_error (error);
  battle = adm_battle_load_game_memory (text, strlen (text), "c1-3", &error);
  g_assert_no_error (error);
  return battle;
}

static AdmBattle *
battle_at_hand (AdmCampaign *campaign)
{
  return engagement_battle (campaign, "c1-3");
}

/* Resolves @battle's next phase with c1-3's orders for its turn and @dice. */
static void
next_phase (Fixture       *fixture,
            AdmBattle     *battle,
            AdmDiceSource *dice)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = adm_battle_resolve_phase (battle,
                                          adm_battle_orders_get_turn (fixture->orders,
                                                                      adm_battle_get_turn (battle)),
                                          dice, &error);

  g_assert_no_error (error);
  g_assert_true (ok);
}

/* Sends what the chief does not hold yet; the receipt must then hold every entry. */
static void
send (Fixture    *fixture,
      AdmBattle  *battle,
      const char *end_reason)
{
  g_autoptr(GError) error = NULL;
  AdmTableReceipt receipt;
  g_autofree char *message = NULL;
  gsize length;
  char last[65];
  gboolean ok;

  adm_campaign_get_table_receipt (fixture->chief, "c1-3", &receipt);
  message = adm_table_battle_message (battle, "c1-3", fixture->assignment, receipt.kept + 1,
                                      end_reason, &length);
  ok = adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length, "Table 1",
                                        &receipt, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (receipt.kept, ==, adm_journal_get_n_entries (adm_battle_get_log (battle)));
  adm_table_battle_entry_hash (battle, receipt.kept, last);
  g_assert_cmpstr (receipt.last, ==, last);
  g_assert_true (receipt.ended == (end_reason != NULL));
}

/* @text without its time="…" attributes, nor the digests that seal them (adm_journal_seal ()):
 * two runs are minutes apart. */
static char *
timeless (const char *text)
{
  g_autoptr(GRegex) times = g_regex_new (" (time|digest)=\"[^\"]*\"", 0, 0, NULL);

  return g_regex_replace_literal (times, text, -1, 0, "", 0, NULL);
}

/* The state's dump without its count of events: the chief's has the hand-off more. */
static char *
state_of (AdmCampaign *campaign)
{
  g_autofree char *dump = adm_state_dump (adm_campaign_get_state (campaign));
  g_autoptr(GRegex) count = g_regex_new ("^events [0-9]+\n", G_REGEX_MULTILINE, 0, NULL);

  return g_regex_replace_literal (count, dump, -1, 0, "", 0, NULL);
}

static char *
file_text (AdmCampaign *campaign)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (adm_campaign_get_path (campaign), &text, NULL, NULL));
  return text;
}

/* @battle's entries from the first, sent by "Table 1": refused, in words holding @words, and
 * neither the chief's file nor his journal changed; the receipt keeps none. */
static void
assert_refused (Fixture    *fixture,
                AdmBattle  *battle,
                const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = file_text (fixture->chief);
  g_autofree char *after = NULL, *message = NULL;
  guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief));
  AdmTableReceipt receipt;
  gsize length;

  message = adm_table_battle_message (battle, "c1-3", fixture->assignment, 1, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, words));
  g_assert_cmpuint (receipt.kept, ==, 0);
  after = file_text (fixture->chief);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief)), ==,
                    entries);
}

/* The same battle, phase by phase with seeded dice (5) and the orders of
 * tests/data/campaign-battles/komarr-c1-3.orders.xml, at the table and on one machine. One
 * phase is undone and redone at the table and here alike; two phases wait (the link cut) and
 * flow together; every message is sent twice. Then both end it, and the chief's campaign is
 * the one-machine campaign. */
static void
test_same_as_one_machine (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmBattle) here = battle_at_hand (fixture->one);
  g_autoptr(AdmDicePrng) table_dice = adm_dice_prng_new (5);
  g_autoptr(AdmDicePrng) here_dice = adm_dice_prng_new (5);
  g_autofree char *table_kept = NULL, *here_kept = NULL, *chief_state = NULL, *one_state = NULL;
  guint journal_before;

  g_assert_no_error (error);
  for (int phase = 0; phase < 15; phase++)
    {
      int turn = adm_battle_get_turn (table);
      const AdmTurnOrders *turn_orders = adm_battle_orders_get_turn (fixture->orders, turn);

      g_assert_true (adm_battle_resolve_phase (table, turn_orders, ADM_DICE_SOURCE (table_dice),
                                               &error));
      g_assert_no_error (error);
      g_assert_true (adm_battle_resolve_phase (here, turn_orders, ADM_DICE_SOURCE (here_dice),
                                               &error));
      g_assert_no_error (error);
      if (phase == 4)
        {
          /* An Undo and a Redo at the table are entries like any other. */
          g_assert_true (adm_battle_undo (table, &error));
          g_assert_true (adm_battle_redo (table, &error));
          g_assert_true (adm_battle_undo (here, &error));
          g_assert_true (adm_battle_redo (here, &error));
          g_assert_no_error (error);
        }
      g_assert_true (adm_campaign_keep_battle (fixture->one, "c1-3", here, &error));
      g_assert_no_error (error);
      /* The link is cut for phases 6 and 7: their entries flow with phase 8's. */
      if (phase == 6 || phase == 7)
        continue;
      send (fixture, table, NULL);
      /* The same message again: nothing is kept twice. */
      journal_before = adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief));
      send (fixture, table, NULL);
      g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief)),
                        ==, journal_before);
    }

  /* Ended at the table with the master's reason: one action, as on one machine. */
  send (fixture, table, "Pol Six withdrew");
  g_assert_true (adm_campaign_end_battle (fixture->one, "c1-3", here, "Pol Six withdrew",
                                          T0 + 3000, &error));
  g_assert_no_error (error);
  /* The ending sent again changes nothing. */
  journal_before = adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief));
  send (fixture, table, "Pol Six withdrew");
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief)), ==,
                    journal_before);

  table_kept = timeless (adm_campaign_get_battle (fixture->chief, "c1-3", NULL, NULL));
  here_kept = timeless (adm_campaign_get_battle (fixture->one, "c1-3", NULL, NULL));
  g_assert_cmpstr (table_kept, ==, here_kept);
  chief_state = state_of (fixture->chief);
  one_state = state_of (fixture->one);
  g_assert_true (g_str_equal (chief_state, one_state));
  g_assert_cmpstr (adm_state_get_battle_ending (adm_campaign_get_state (fixture->chief),
                                                "c1-3")->reason, ==, "Pol Six withdrew");

  /* The chief's file holds it: reopened, the same battle and state. */
  {
    g_autoptr(AdmCampaign) reopened = adm_campaign_open (adm_campaign_get_path (fixture->chief),
                                                         &error);
    g_autofree char *again = NULL, *state = NULL;

    g_assert_no_error (error);
    again = timeless (adm_campaign_get_battle (reopened, "c1-3", NULL, NULL));
    g_assert_cmpstr (again, ==, here_kept);
    state = state_of (reopened);
    g_assert_true (g_str_equal (state, one_state));
  }
}

static void
saved_cb (gpointer      data,
          const GError *error)
{
  g_assert_no_error ((GError *) error);
  *(gboolean *) data = TRUE;
}

/* A table's entries are added to the chief's file at once and flushed to the disk on a thread
 * of their own, the first ones too, which write the file whole: keeping them does not wait for
 * a slow disk (ADMIRALTY_TEST_FLUSH_DELAY_MS, 3 s a flush), the table is told they are kept
 * only once the flush is done
 * (adm_campaign_when_saved (), adm-table-server.c), and a campaign reopened from the file
 * then holds every one. */
static void
test_flushed_off_the_loop (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmTableMessage) message = NULL;
  g_autoptr(AdmCampaign) reopened = NULL;
  g_autofree char *text = NULL;
  AdmTableReceipt receipt;
  gboolean saved = FALSE;
  gint64 start, kept;
  gsize length;

  g_assert_no_error (error);
  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "3000", TRUE);
  /* The first entries: the battle's set-up goes into the file, written whole, renamed into
   * place at once and flushed on that thread too. */
  start = kept = 0;
  for (int phase = 0; phase < 4; phase++)
    {
      if (phase == 2)
        {
          start = g_get_monotonic_time ();
          send (fixture, table, NULL);
          kept = g_get_monotonic_time () - start;
        }
      next_phase (fixture, table, ADM_DICE_SOURCE (dice));
    }
  g_assert_cmpint (kept, <, 3 * G_USEC_PER_SEC);
  adm_campaign_when_saved (fixture->chief, saved_cb, &saved);
  g_assert_false (saved);
  while (!saved)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 3 * G_USEC_PER_SEC);

  /* The next ones are added in place: kept at once, on the disk 3 s later. */
  adm_campaign_get_table_receipt (fixture->chief, "c1-3", &receipt);
  text = adm_table_battle_message (table, "c1-3", fixture->assignment, receipt.kept + 1, NULL,
                                   &length);
  message = adm_table_message_read (text, length, "Table 1", &error);
  g_assert_no_error (error);
  start = g_get_monotonic_time ();
  g_assert_true (adm_campaign_receive_table_message (fixture->chief, "Table 1", message,
                                                     &receipt, &error));
  g_assert_no_error (error);
  kept = g_get_monotonic_time () - start;
  g_assert_cmpuint (receipt.kept, ==, adm_journal_get_n_entries (adm_battle_get_log (table)));
  g_assert_cmpint (kept, <, 3 * G_USEC_PER_SEC);
  saved = FALSE;
  adm_campaign_when_saved (fixture->chief, saved_cb, &saved);
  g_assert_false (saved);
  while (!saved)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 3 * G_USEC_PER_SEC);
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");

  reopened = adm_campaign_open (adm_campaign_get_path (fixture->chief), &error);
  g_assert_no_error (error);
  adm_campaign_get_table_receipt (reopened, "c1-3", &receipt);
  g_assert_cmpuint (receipt.kept, ==, adm_journal_get_n_entries (adm_battle_get_log (table)));
}

static void
count_checkpoint_failed_cb (AdmCampaign  *campaign,
                            const GError *error,
                            gpointer      data)
{
  GPtrArray *said = data;

  g_ptr_array_add (said, g_strdup (error->message));
}

/* Plays @table's phases until its turn @turn is over, and sends them to the chief: the time
 * the chief took to keep them. */
static gint64
play_turn_and_send (Fixture     *fixture,
                    AdmBattle   *table,
                    AdmDicePrng *dice,
                    int          turn)
{
  gint64 start;

  while (adm_battle_get_turn (table) <= turn)
    next_phase (fixture, table, ADM_DICE_SOURCE (dice));
  start = g_get_monotonic_time ();
  send (fixture, table, NULL);
  return g_get_monotonic_time () - start;
}

/* Waits until what the chief saved is on the disk: how long that took from @start. */
static gint64
wait_saved (AdmCampaign *campaign,
            gint64       start)
{
  gboolean saved = FALSE;

  adm_campaign_when_saved (campaign, saved_cb, &saved);
  while (!saved)
    g_main_context_iteration (NULL, TRUE);
  return g_get_monotonic_time () - start;
}

/* The checkpoint of a table's turn played through, and the master's own saves with the app's
 * flush_later, are written by the flusher, not by the main loop: keeping the entries and
 * saving take less than a slow disk's flush (ADMIRALTY_TEST_FLUSH_DELAY_MS, 1.5 s), the
 * checkpoint is there once adm_campaign_when_saved () says so, and one that cannot be
 * written is said by "checkpoint-failed" on the main loop. */
static void
test_checkpoints_off_the_loop (Fixture       *fixture,
                               gconstpointer  data)
{
  const char *path = adm_campaign_get_path (fixture->chief);
  g_autofree char *first = adm_file_checkpoint_path (path, "battle-c1-3-turn-1");
  g_autofree char *second = adm_file_checkpoint_path (path, "battle-c1-3-turn-2");
  g_autofree char *folder = g_path_get_dirname (first);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(GPtrArray) said = g_ptr_array_new_with_free_func (g_free);
  const gint64 delay = 1500 * 1000;
  gboolean saved = FALSE;
  gint64 start;

  g_assert_no_error (error);
  g_signal_connect (fixture->chief, "checkpoint-failed",
                    G_CALLBACK (count_checkpoint_failed_cb), said);
  /* The first phase: the battle's set-up goes into the file, written whole. */
  g_assert_true (adm_battle_resolve_phase (table, adm_battle_orders_get_turn (fixture->orders, 1),
                                           ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  send (fixture, table, NULL);
  wait_saved (fixture->chief, g_get_monotonic_time ());
  g_assert_false (g_file_test (first, G_FILE_TEST_EXISTS));

  /* The rest of turn 1: its checkpoint is left to the flusher. */
  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "1500", TRUE);
  start = g_get_monotonic_time ();
  g_assert_cmpint (play_turn_and_send (fixture, table, dice, 1), <, delay);
  g_assert_false (g_file_test (first, G_FILE_TEST_EXISTS));
  g_assert_cmpint (wait_saved (fixture->chief, start), >=, delay);
  g_assert_true (g_file_test (first, G_FILE_TEST_IS_REGULAR));

  /* The master's own save, as the app makes it: written at once, flushed later. */
  adm_campaign_set_flush_later (fixture->chief, TRUE);
  start = g_get_monotonic_time ();
  g_assert_true (adm_campaign_save (fixture->chief, path, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_get_monotonic_time () - start, <, delay);
  adm_campaign_when_saved (fixture->chief, saved_cb, &saved);
  g_assert_false (saved);
  g_assert_cmpint (wait_saved (fixture->chief, start), >=, delay);

  /* A file where the checkpoints go (a full disk would do the same): turn 2's checkpoint
   * cannot be written, the entries are kept all the same, and the master is told. */
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  {
    g_autoptr(GPtrArray) checkpoints = adm_file_list_checkpoints (path);

    for (guint i = 0; i < checkpoints->len; i++)
      g_assert_cmpint (g_remove (g_ptr_array_index (checkpoints, i)), ==, 0);
  }
  g_assert_cmpint (g_rmdir (folder), ==, 0);
  g_assert_true (g_file_set_contents (folder, "", 0, &error));
  g_assert_no_error (error);
  play_turn_and_send (fixture, table, dice, 2);
  g_assert_cmpuint (said->len, ==, 0);
  wait_saved (fixture->chief, g_get_monotonic_time ());
  g_assert_cmpuint (said->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (said, 0), "checkpoint “battle-c1-3-turn-2”"));
  g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_remove (folder), ==, 0);
}

/* The hand-off's dice policy: by default the table rolls the program's dice only, and a
 * battle coming back with a roll typed in is refused, the campaign unchanged; handed over
 * again letting the table type real dice in, the same battle is kept. */
static void
test_dice_policy (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmDiceQueue) typed = adm_dice_queue_new ();
  g_autofree char *again = NULL;
  const AdmTableAssignment *at;
  AdmTableReceipt receipt;
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  gsize length;

  g_assert_no_error (error);
  at = adm_state_get_table (adm_campaign_get_state (fixture->chief), "c1-3");
  g_assert_nonnull (at);
  g_assert_false (at->typed_dice);
  for (guint i = 0; i < 400; i++)
    adm_dice_queue_push (typed, 3);
  for (int phase = 0; phase < 15 && adm_battle_get_rolls (table)->len == 0; phase++)
    {
      next_phase (fixture, table, ADM_DICE_SOURCE (typed));
    }
  g_assert_cmpuint (adm_battle_get_rolls (table)->len, >, 0);
  assert_refused (fixture, table, "of the battle of engagement c1-3 was typed in at the table "
                                  "“Table 1”, but the engagement was handed to it with the "
                                  "program's dice only");

  /* Taken back and handed over again with typed dice allowed: the same battle is kept. */
  g_assert_true (adm_campaign_take_back_table (fixture->chief, "c1-3", "typed dice allowed",
                                               T0 + 700, &error));
  g_assert_no_error (error);
  g_clear_pointer (&fixture->assignment, g_free);
  g_assert_true (adm_campaign_assign_table_full (fixture->chief, "c1-3", "Table 1", TRUE,
                                                 T0 + 710, &fixture->assignment, &error));
  g_assert_no_error (error);
  at = adm_state_get_table (adm_campaign_get_state (fixture->chief), "c1-3");
  g_assert_true (at->typed_dice);
  /* The chief commits to the program dice as the table downloads its set-up. */
  g_assert_true (adm_campaign_table_dice (fixture->chief, "Table 1", "c1-3", T0 + 720, secret,
                                          &error));
  g_assert_no_error (error);
  again = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, NULL, &length);
  g_assert_true (adm_campaign_receive_from_table (fixture->chief, "Table 1", again, length,
                                                  "Table 1", &receipt, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (receipt.kept, ==, adm_journal_get_n_entries (adm_battle_get_log (table)));

  /* Every dice log says where the values were typed in. */
  {
    g_autoptr(GPtrArray) commitments = NULL;
    g_autoptr(GPtrArray) checks = NULL;
    g_autoptr(AdmBattle) kept = NULL;
    const char *text = adm_campaign_get_battle (fixture->chief, "c1-3", NULL, NULL);
    g_autofree char *said = NULL;

    kept = adm_battle_load_game_memory (text, strlen (text), "c1-3", &error);
    g_assert_no_error (error);
    commitments = adm_campaign_get_dice_commitments (fixture->chief, "c1-3");
    checks = adm_dice_verify (commitments, "c1-3", kept, adm_audience_master ());
    g_assert_cmpuint (checks->len, >, 0);
    said = adm_dice_check_describe (g_ptr_array_index (checks, 0));
    g_test_message ("roll 1: %s", said);
    g_assert_cmpint (((AdmDiceCheck *) g_ptr_array_index (checks, 0))->verdict, ==,
                     ADM_DICE_VERDICT_TYPED);
    g_assert_cmpstr (said, ==, "typed in at the table “Table 1”, not checked");
    /* The chief's queue counts them. */
    {
      g_autofree char *counted = adm_dice_describe_typed_at (checks);
      g_autofree char *expected = g_strdup_printf ("%u rolls typed at “Table 1”", checks->len);

      g_assert_cmpstr (counted, ==, expected);
    }
    /* Each side's dice log says so of every roll it sees. */
    for (guint side = 0; side < adm_battle_get_n_sides (kept); side++)
      {
        g_autoptr(GPtrArray) seen = adm_dice_verify (commitments, "c1-3", kept,
                                                     adm_audience_side (side));

        g_assert_cmpuint (seen->len, >, 0);
        for (guint i = 0; i < seen->len; i++)
          {
            g_autofree char *verdict = adm_dice_check_describe (g_ptr_array_index (seen, i));

            g_assert_cmpstr (verdict, ==, "typed in at the table “Table 1”, not checked");
          }
      }
  }
  /* A battle with no roll typed in counts none. */
  {
    g_autoptr(GPtrArray) none = g_ptr_array_new ();

    g_assert_null (adm_dice_describe_typed_at (none));
  }
}

/* What the chief may not take, and what it says. */
static void
test_refusals (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmBattle) other = battle_at_table (fixture);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmDicePrng) other_dice = adm_dice_prng_new (6);
  g_autofree char *before = NULL, *after = NULL, *message = NULL, *reason = NULL;
  AdmTableReceipt receipt;
  gsize length;

  /* An entry carries its time to the second: both histories below are made in one second
   * (adm_clock_now ()), so that they part where their actions do, at the Undo, and not
   * wherever the wall clock ticked over between them. */
  g_setenv ("SOURCE_DATE_EPOCH", "1795000000", TRUE);
  for (int phase = 0; phase < 3; phase++)
    g_assert_true (adm_battle_resolve_phase (table, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  send (fixture, table, NULL);
  before = file_text (fixture->chief);
  /* The queue shows where the battle stands at its table. */
  {
    g_autoptr(AdmQueuedEngagement) queued = adm_campaign_find_engagement (fixture->chief, "c1-3",
                                                                          &error);
    g_autofree char *status = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (queued->status, ==, ADM_ENGAGEMENT_IN_PROGRESS);
    g_assert_cmpstr (queued->table, ==, "Table 1");
    status = adm_queued_engagement_describe_status (queued);
    g_assert_true (g_str_has_prefix (status, "At the table “Table 1” · Turn 1 · "));
  }

  /* Another table's link: the words of any wrong path. */
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 4, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 2", message, length,
                                                   "Table 2", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS);
  g_clear_error (&error);
  g_clear_pointer (&message, g_free);
  message = adm_table_battle_message (table, "c9-9", fixture->assignment, 4, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS);
  g_clear_error (&error);
  g_clear_pointer (&message, g_free);

  /* A gap: the table says the chief holds five entries. */
  for (int phase = 0; phase < 3; phase++)
    g_assert_true (adm_battle_resolve_phase (table, NULL, ADM_DICE_SOURCE (dice), &error));
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 6, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP);
  g_assert_nonnull (strstr (error->message, "send from entry 4"));
  g_assert_cmpuint (receipt.kept, ==, 3);
  g_clear_error (&error);
  g_clear_pointer (&message, g_free);

  /* Another history: the same set-up, its third entry an Undo where the chief keeps a phase
   * (a table file restored from an older copy and played again). */
  g_assert_true (adm_battle_resolve_phase (other, NULL, ADM_DICE_SOURCE (other_dice), &error));
  g_assert_true (adm_battle_resolve_phase (other, NULL, ADM_DICE_SOURCE (other_dice), &error));
  g_assert_true (adm_battle_undo (other, &error));
  g_assert_true (adm_battle_resolve_phase (other, NULL, ADM_DICE_SOURCE (other_dice), &error));
  g_assert_no_error (error);
  message = adm_table_battle_message (other, "c1-3", fixture->assignment, 4, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP);
  g_assert_nonnull (strstr (error->message, "from entry 3 on"));
  g_clear_error (&error);
  g_clear_pointer (&message, g_free);

  /* Damaged: cut in the middle, garbage, a forged hash. */
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 4, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message,
                                                   length / 2, "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_assert_true (g_str_has_prefix (error->message, "Table 1:"));
  g_clear_error (&error);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", "\x01\x02", 2,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_clear_error (&error);
  memcpy (strstr (message, "prev=\"") + 6, "00", 2);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_clear_error (&error);
  g_clear_pointer (&message, g_free);

  /* Nothing of the above changed a byte. */
  after = file_text (fixture->chief);
  g_assert_cmpstr (after, ==, before);

  /* One writer: the chief's own hand, his Undo of the hand-off, his ending. */
  {
    g_autoptr(AdmBattle) mine = battle_at_table (fixture);

    g_assert_true (adm_battle_resolve_phase (mine, NULL, ADM_DICE_SOURCE (other_dice), &error));
    g_assert_false (adm_campaign_keep_battle (fixture->chief, "c1-3", mine, &error));
    g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE);
    g_clear_error (&error);
    g_assert_false (adm_campaign_end_battle (fixture->chief, "c1-3", table, "tired", T0 + 900,
                                             &error));
    g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE);
    g_clear_error (&error);
  }
  g_assert_false (adm_campaign_undo (fixture->chief, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE);
  g_assert_nonnull (strstr (error->message, "Table 1"));
  g_clear_error (&error);
  after = (g_free (after), file_text (fixture->chief));
  g_assert_cmpstr (after, ==, before);

  /* Taken back: what the table sends later is refused with the chief's reason. */
  g_assert_true (adm_campaign_take_back_table (fixture->chief, "c1-3", "Table 1 went home",
                                               T0 + 1200, &error));
  g_assert_no_error (error);
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 4, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_TAKEN_BACK);
  g_assert_nonnull (strstr (error->message, "Table 1 went home"));
  g_clear_error (&error);
  /* Taken back, the battle is the chief's: he plays on from the three entries kept. */
  {
    const char *kept = adm_campaign_get_battle (fixture->chief, "c1-3", NULL, NULL);
    g_autoptr(AdmBattle) mine = adm_battle_load_game_memory (kept, strlen (kept), "c1-3",
                                                             &error);

    g_assert_no_error (error);
    g_assert_cmpuint (adm_journal_get_n_entries (adm_battle_get_log (mine)), ==, 3);
    g_assert_true (adm_battle_resolve_phase (mine, NULL, ADM_DICE_SOURCE (other_dice), &error));
    g_assert_true (adm_campaign_keep_battle (fixture->chief, "c1-3", mine, &error));
    g_assert_no_error (error);
  }
  g_unsetenv ("SOURCE_DATE_EPOCH");
}

/* The USB road: the table's export file, imported by the chief, with the same checks; a
 * second import keeps nothing twice. */
static void
test_export_import (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autofree char *export = NULL, *engagement = NULL, *assignment = NULL, *reason = NULL;
  g_autofree char *before = NULL, *after = NULL;
  AdmTableReceipt receipt;
  gsize length;
  guint from;

  for (int phase = 0; phase < 5; phase++)
    g_assert_true (adm_battle_resolve_phase (table, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  export = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, "Cleared the table",
                                     &length);
  g_assert_true (adm_table_battle_peek (export, length, "c1-3.table-battle", &engagement,
                                        &assignment, &from, &reason, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (engagement, ==, "c1-3");
  g_assert_cmpstr (assignment, ==, fixture->assignment);
  g_assert_cmpuint (from, ==, 1);
  g_assert_cmpstr (reason, ==, "Cleared the table");

  /* The file on the stick is read whole when no larger than the chief takes over the
   * network, and refused unread otherwise. */
  {
    g_autofree char *path = g_build_filename (fixture->folder, "c1-3.table-battle", NULL);
    g_autofree char *read = NULL;
    gsize read_length = 0;

    g_assert_true (g_file_set_contents (path, export, length, &error));
    g_assert_no_error (error);
    read = adm_table_battle_read_file (path, length, &read_length, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (read_length, ==, length);
    g_assert_cmpmem (read, read_length, export, length);
    g_clear_pointer (&read, g_free);
    read = adm_table_battle_read_file (path, length - 1, &read_length, &error);
    g_assert_null (read);
    g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
    g_assert_nonnull (strstr (error->message, "c1-3.table-battle: the file is larger than"));
    g_clear_error (&error);
    read = adm_table_battle_read_file (fixture->folder, length, &read_length, &error);
    g_assert_null (read);
    g_assert_nonnull (error);
    g_clear_error (&error);
  }
  g_assert_true (adm_campaign_receive_from_table (fixture->chief, NULL, export, length,
                                                  "c1-3.table-battle", &receipt, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (receipt.kept, ==, 5);
  g_assert_true (receipt.ended);
  g_assert_cmpstr (adm_state_get_battle_ending (adm_campaign_get_state (fixture->chief),
                                                "c1-3")->reason, ==, "Cleared the table");
  /* The master's report says which table fought it; the one-machine campaign's says no
   * table. */
  {
    g_autoptr(AdmDoc) report = adm_report_build (fixture->chief, ADM_REPORT_MASTER, NULL, 1,
                                                 NULL, &error);
    g_autoptr(AdmDoc) alone = NULL;
    g_autofree char *text = NULL, *alone_text = NULL;

    g_assert_no_error (error);
    text = adm_doc_to_text (report);
    g_assert_nonnull (strstr (text, "Fought at the table “Table 1”."));
    alone = adm_report_build (fixture->one, ADM_REPORT_MASTER, NULL, 1, NULL, &error);
    g_assert_no_error (error);
    alone_text = adm_doc_to_text (alone);
    g_assert_null (strstr (alone_text, "Fought at the table"));
  }
  /* The ending is one undoable action: undone, the battle stands at the table again. */
  before = file_text (fixture->chief);
  g_assert_true (adm_campaign_receive_from_table (fixture->chief, NULL, export, length,
                                                  "c1-3.table-battle", &receipt, &error));
  g_assert_no_error (error);
  after = file_text (fixture->chief);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (adm_campaign_undo (fixture->chief, &error));
  g_assert_no_error (error);
  g_assert_null (adm_state_get_battle_ending (adm_campaign_get_state (fixture->chief), "c1-3"));
  g_assert_nonnull (adm_state_get_table (adm_campaign_get_state (fixture->chief), "c1-3"));
}

/* The battle the chief keeps of c1-3, loaded. */
static AdmBattle *
kept_battle (AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;
  const char *text = adm_campaign_get_battle (campaign, "c1-3", NULL, NULL);
  AdmBattle *battle;

  g_assert_nonnull (text);
  battle = adm_battle_load_game_memory (text, strlen (text), "c1-3", &error);
  g_assert_no_error (error);
  return battle;
}

/* Resolves @battle's next phase with the orders of c1-3 and the program dice of @secret, drawn
 * as a table draws them: from the battle's next roll. */
static void
table_phase (Fixture      *fixture,
             AdmBattle    *battle,
             const guint8 *secret)
{
  g_autoptr(AdmDiceCommit) dice = adm_dice_commit_new (secret, "c1-3",
                                                       adm_battle_get_rolls (battle)->len + 1);

  next_phase (fixture, battle, ADM_DICE_SOURCE (dice));
}

/* docs/dice.md: the program dice of a battle at a table are committed to in the chief's
 * campaign when its set-up is handed out, naming the hand-off; the set-up carries the secret;
 * the table's rolls drawn from it are kept, a battle whose rolls are not is refused and
 * changes nothing; the ending reveals the secret and every roll checks as the chief's own. */
static void
test_program_dice (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  guint8 secret[ADM_DICE_SECRET_LENGTH], again[ADM_DICE_SECRET_LENGTH];
  guint8 read_secret[ADM_DICE_SECRET_LENGTH];
  g_autofree char *saved = adm_campaign_table_battle (fixture->chief, "Table 1", "c1-3",
                                                      &error);
  g_autofree char *setup = NULL, *inner = NULL, *bare = NULL, *hex = NULL, *commitment = NULL;
  g_autofree char *before = NULL, *message = NULL, *head = NULL;
  g_autofree char *inner_head = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(AdmBattle) table = NULL, cheat = NULL, from_setup = NULL, kept = NULL;
  g_autoptr(AdmBattle) at_hand = NULL;
  g_autoptr(AdmDicePrng) own_dice = adm_dice_prng_new (5);
  g_autoptr(AdmDiceSource) chief_dice = NULL;
  const AdmTableAssignment *at;
  const AdmDiceCommitment *committed;
  gboolean has_secret = TRUE, typed_dice = FALSE;

  g_assert_no_error (error);
  at = adm_state_get_table (adm_campaign_get_state (fixture->chief), "c1-3");

  /* Not this table's: nothing committed. */
  g_assert_false (adm_campaign_table_dice (fixture->chief, "Table 2", "c1-3", T0 + 700, secret,
                                           &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS);
  g_clear_error (&error);
  commitments = adm_campaign_get_dice_commitments (fixture->chief, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 0);
  g_clear_pointer (&commitments, g_ptr_array_unref);

  /* Committed to once, naming the hand-off; asked again, the same secret. A fixed one, as the
   * chief would commit to a new one here: c1-3's orders below hold under its dice. */
  table_dice_fixed (fixture->chief, "Table 1", "c1-3", T0 + 700, PROGRAM_SEED, NULL);
  g_assert_true (adm_campaign_table_dice (fixture->chief, "Table 1", "c1-3", T0 + 700, secret,
                                          &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_table_dice (fixture->chief, NULL, "c1-3", T0 + 710, again,
                                          &error));
  g_assert_no_error (error);
  g_assert_cmpmem (secret, sizeof secret, again, sizeof again);
  commitments = adm_campaign_get_dice_commitments (fixture->chief, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 1);
  committed = g_ptr_array_index (commitments, 0);
  commitment = adm_dice_commitment_of (secret);
  g_assert_cmpstr (committed->commitment, ==, commitment);
  g_assert_cmpstr (committed->assignment, ==, at->id);
  g_assert_cmpuint (committed->from_roll, ==, 1);
  g_assert_null (committed->secret);
  g_clear_pointer (&commitments, g_ptr_array_unref);
  /* The secret is in no file an admiral may read. */
  hex = adm_dice_secret_to_hex (secret);
  before = file_text (fixture->chief);
  g_assert_nonnull (strstr (before, commitment));
  g_assert_null (strstr (before, hex));
  g_clear_pointer (&before, g_free);

  /* The chief's own dice are not drawn while it is at the table. */
  at_hand = battle_at_table (fixture);
  chief_dice = adm_campaign_dice_source (fixture->chief, "c1-3", at_hand, NULL, T0 + 720,
                                         &error);
  g_assert_null (chief_dice);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "Table 1"));
  g_clear_error (&error);

  /* The set-up carries the secret around the saved battle; an older chief's is the saved
   * battle alone; a damaged one is refused, naming the file. */
  setup = adm_table_setup_wrap (saved, "c1-3", secret, FALSE);
  g_assert_nonnull (strstr (setup, hex));
  inner = adm_table_setup_read (setup, strlen (setup), "setup", read_secret, &has_secret,
                                &typed_dice, &error);
  g_assert_no_error (error);
  g_assert_true (has_secret);
  g_assert_false (typed_dice);
  {
    g_autofree char *typed_setup = adm_table_setup_wrap (saved, "c1-3", secret, TRUE);
    g_autofree char *typed_inner = NULL;
    g_autoptr(GString) odd = g_string_new (typed_setup);

    typed_inner = adm_table_setup_read (typed_setup, strlen (typed_setup), "setup", read_secret,
                                        &has_secret, &typed_dice, &error);
    g_assert_no_error (error);
    g_assert_true (typed_dice);
    g_assert_cmpstr (typed_inner, ==, inner);
    /* A dice policy other than the two is refused, naming the file. */
    g_assert_cmpuint (g_string_replace (odd, "dice=\"typed\"", "dice=\"loaded\"", 1), ==, 1);
    g_assert_null (adm_table_setup_read (odd->str, odd->len, "setup", read_secret, &has_secret,
                                         &typed_dice, &error));
    g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
    g_assert_nonnull (strstr (error->message, "setup:1: <table-setup> dice must be"));
    g_clear_error (&error);
  }
  g_assert_cmpmem (read_secret, sizeof read_secret, secret, sizeof secret);
  g_assert_null (strstr (inner, hex));
  from_setup = adm_battle_load_game_memory (inner, strlen (inner), "c1-3", &error);
  g_assert_no_error (error);
  table = battle_at_table (fixture);
  head = adm_battle_serialize_head (table, NULL);
  inner_head = adm_battle_serialize_head (from_setup, NULL);
  g_assert_cmpstr (inner_head, ==, head);
  bare = adm_table_setup_read (saved, strlen (saved), "setup", read_secret, &has_secret,
                               &typed_dice, &error);
  g_assert_no_error (error);
  g_assert_false (has_secret);
  g_assert_true (typed_dice);
  g_assert_cmpstr (bare, ==, saved);
  g_assert_null (adm_table_setup_read ("<table-setup version=\"1\" dice-secret=\"00\">x"
                                       "</table-setup>", 50, "setup", read_secret, &has_secret,
                                       &typed_dice, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "setup:1: "));
  g_clear_error (&error);

  /* The table draws with dice of its own: refused, nothing kept. */
  cheat = battle_at_table (fixture);
  for (int phase = 0; phase < 15; phase++)
    {
      next_phase (fixture, cheat, ADM_DICE_SOURCE (own_dice));
    }
  g_assert_cmpuint (adm_battle_get_rolls (cheat)->len, >, 0);
  assert_refused (fixture, cheat, "is not the program dice the chief master committed to for "
                                  "this table");

  /* The dice committed to, an Undo and a Redo among them: kept, phase by phase. */
  for (int phase = 0; phase < 15; phase++)
    {
      table_phase (fixture, table, secret);
      if (phase == 10)
        {
          g_assert_true (adm_battle_undo (table, &error));
          g_assert_no_error (error);
          table_phase (fixture, table, secret);
        }
      send (fixture, table, NULL);
    }
  g_assert_cmpuint (adm_battle_get_rolls (table)->len, >, 0);
  /* Entries have come back: Undo, passing the commitment by, does not give the battle back. */
  g_assert_false (adm_campaign_undo (fixture->chief, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE);
  g_clear_error (&error);

  /* Ended: the secret revealed, every roll checks. */
  send (fixture, table, "Pol Six withdrew");
  commitments = adm_campaign_get_dice_commitments (fixture->chief, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 1);
  committed = g_ptr_array_index (commitments, 0);
  g_assert_cmpstr (committed->secret, ==, hex);
  kept = kept_battle (fixture->chief);
  checks = adm_dice_verify (commitments, "c1-3", kept, adm_audience_master ());
  g_assert_cmpuint (checks->len, ==, adm_battle_get_rolls (table)->len);
  for (guint i = 0; i < checks->len; i++)
    g_assert_cmpint (((AdmDiceCheck *) g_ptr_array_index (checks, i))->verdict, ==,
                     ADM_DICE_VERDICT_MATCH);
}

/* A hand-off taken back: its secret is the table's, so the chief fighting the battle himself,
 * or the next table, draws from a new commitment; the first is revealed with the others at
 * the end. */
static void
test_dice_taken_back (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  guint8 first[ADM_DICE_SECRET_LENGTH], second[ADM_DICE_SECRET_LENGTH];
  g_autofree char *assignment = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autofree char *first_commitment = NULL;
  const AdmDiceCommitment *last;

  g_assert_true (adm_campaign_table_dice (fixture->chief, "Table 1", "c1-3", T0 + 700, first,
                                          &error));
  g_assert_no_error (error);
  first_commitment = adm_dice_commitment_of (first);
  g_assert_true (adm_campaign_take_back_table (fixture->chief, "c1-3", "Table 1 went home",
                                               T0 + 800, &error));
  g_assert_no_error (error);
  /* A commitment naming a hand-off the engagement is not at is refused. */
  {
    g_autoptr(AdmEvent) event = adm_event_new ("dice-commit", T0 + 810);

    adm_event_set (event, "engagement", "c1-3");
    adm_event_set (event, "commitment", first_commitment);
    adm_event_set_int (event, "from", 1);
    adm_event_set (event, "assignment", fixture->assignment);
    g_assert_false (adm_campaign_append (fixture->chief, event, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  /* Handed to Table 2: a new secret, naming the new hand-off. */
  g_assert_true (adm_campaign_assign_table (fixture->chief, "c1-3", "Table 2", T0 + 900,
                                            &assignment, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_table_dice (fixture->chief, "Table 2", "c1-3", T0 + 910, second,
                                          &error));
  g_assert_no_error (error);
  g_assert_true (memcmp (first, second, sizeof first) != 0);
  commitments = adm_campaign_get_dice_commitments (fixture->chief, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 2);
  last = g_ptr_array_index (commitments, 1);
  g_assert_cmpstr (last->assignment, ==, assignment);
  g_clear_pointer (&commitments, g_ptr_array_unref);

  /* Taken back again, the chief fights it himself: his own commitment, from a new secret. */
  g_assert_true (adm_campaign_take_back_table (fixture->chief, "c1-3", "Table 2 went home",
                                               T0 + 1000, &error));
  g_assert_no_error (error);
  battle = battle_at_hand (fixture->chief);
  dice = adm_campaign_dice_source (fixture->chief, "c1-3", battle, NULL, T0 + 1100, &error);
  g_assert_no_error (error);
  commitments = adm_campaign_get_dice_commitments (fixture->chief, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 3);
  last = g_ptr_array_index (commitments, 2);
  g_assert_null (last->assignment);
  g_assert_cmpstr (adm_dice_commit_get_commitment (ADM_DICE_COMMIT (dice)), ==,
                   last->commitment);
  g_assert_cmpstr (last->commitment, !=, first_commitment);
}

/* The table-assign event of @campaign's journal for c1-3: its "setup" attribute. */
static const char *
journaled_setup (AdmCampaign *campaign)
{
  GPtrArray *done = adm_journal_get_done (adm_campaign_get_journal (campaign));

  for (guint i = done->len; i > 0; i--)
    {
      GPtrArray *events = adm_journal_action_get_events (g_ptr_array_index (done, i - 1));

      for (guint e = 0; e < events->len; e++)
        if (g_str_equal (adm_event_get_kind (g_ptr_array_index (events, e)), "table-assign"))
          return adm_event_get (g_ptr_array_index (events, e), "setup");
    }
  return NULL;
}

/* The chief's file with the set-up its hand-off journaled replaced by @setup, reopened. Its
 * seal goes too, else the change is refused as a hand edit (adm_journal_seal ()): the file
 * reads as one written before campaigns were sealed, so that the table's own check is the one
 * that meets the other set-up. */
static AdmCampaign *
reopened_with_setup (Fixture    *fixture,
                     const char *setup)
{
  g_autofree char *sealed = file_text (fixture->chief);
  g_autoptr(GRegex) seal = g_regex_new (" (origin|digest)=\"[0-9a-f]{64}\"", 0, 0, NULL);
  g_autofree char *text = g_regex_replace_literal (seal, sealed, -1, 0, "", 0, NULL);
  g_autofree char *kept = g_strdup_printf ("setup=\"%s\"", journaled_setup (fixture->chief));
  g_autofree char *other = g_strdup_printf ("setup=\"%s\"", setup);
  g_autofree char *path = g_build_filename (fixture->folder, "edited.admiralty", NULL);
  g_auto(GStrv) parts = g_strsplit (text, kept, -1);
  g_autofree char *edited = g_strjoinv (other, parts);
  g_autoptr(GError) error = NULL;
  AdmCampaign *campaign;

  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  g_assert_true (g_file_set_contents (path, edited, -1, &error));
  g_assert_no_error (error);
  campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  return campaign;
}

/* The chief keeps the set-up it handed out in the journal, as the hash of the battle's head,
 * and checks a table's first entries against that, not against what it would set up anew
 * (after a restart, in another locale or version): a table handed that set-up is kept, one
 * handed another is refused, and the chief hands out no set-up other than the one
 * journaled. */
static void
test_setup_journaled (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char other[] = "0000000000000000000000000000000000000000000000000000000000000000";
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmCampaign) same = NULL, edited = NULL;
  g_autofree char *message = NULL, *handed = NULL;
  AdmTableReceipt receipt;
  char setup[65];
  gsize length;

  adm_table_battle_entry_hash (table, 0, setup);
  g_assert_cmpstr (journaled_setup (fixture->chief), ==, setup);
  for (int phase = 0; phase < 3; phase++)
    g_assert_true (adm_battle_resolve_phase (table, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, NULL, &length);

  /* The chief restarted: the set-up journaled is the one the table has. */
  same = reopened_with_setup (fixture, setup);
  /* Nothing is set up anew to check the table's first entries. */
  {
    g_autoptr(AdmTableMessage) read = adm_table_message_read (message, length, "Table 1",
                                                              &error);

    g_assert_no_error (error);
    g_assert_false (adm_campaign_table_message_wants_setup (same, read));
  }
  g_assert_true (adm_campaign_receive_from_table (same, "Table 1", message, length, "Table 1",
                                                  &receipt, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (receipt.kept, ==, 3);

  /* Another set-up journaled than the one the table has: the table's battle is refused ... */
  edited = reopened_with_setup (fixture, other);
  g_assert_false (adm_campaign_receive_from_table (edited, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP);
  g_assert_nonnull (strstr (error->message, "not the one the chief handed out"));
  g_assert_cmpuint (receipt.kept, ==, 0);
  g_clear_error (&error);
  /* ... and the set-up made now is not handed out in its place. */
  handed = adm_campaign_table_battle (edited, "Table 1", "c1-3", &error);
  g_assert_null (handed);
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "take the engagement back"));
}

/* F-STRAT-15, F-TAC-1: the placements step at the table. The table master puts Pol Escort
 * Group in marching order and has the table rolled again; the chief journals both as his own
 * placements would be, with the hand-off renewed, and hands the table the battle laid out so:
 * Vigilant elsewhere, the table from the new seed. The table fights it; the chief keeps what
 * it sends, its kept battle where the table put the ships. The battle sent as first handed out
 * is refused, and so are a placement the set-up does not offer, a formation not engaged, and
 * any placement once a phase came back; Undo does not take back placements a table fought
 * on. */
static void
test_placements_at_table (Fixture       *fixture,
                          gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) first = battle_at_table (fixture);
  g_autoptr(AdmBattle) placed = NULL;
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(GHashTable) overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) forged = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(AdmQueuedEngagement) engagement = queued_engagement (fixture->chief, "c1-3");
  g_autofree char *stale = NULL, *key = NULL;
  AdmState *state = adm_campaign_get_state (fixture->chief);
  AdmBattle *kept;
  AdmTableReceipt receipt;
  const AdmBattleShip *vigilant;
  guint32 seed = 0;
  gsize length;

  /* A placement not offered, a formation not engaged: refused, nothing journaled. */
  g_hash_table_insert (forged, "pol-escort-group", "echelon");
  g_assert_false (adm_campaign_table_place (fixture->chief, "Table 1", "c1-3",
                                            fixture->assignment, forged, FALSE, 0, T0 + 700,
                                            &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "The placements of engagement c1-3 were not "
                                            "changed"));
  g_assert_nonnull (strstr (error->message, "echelon"));
  g_clear_error (&error);
  g_hash_table_remove_all (forged);
  g_hash_table_insert (forged, "first-squadron-home-fleet", "marching-order");
  g_assert_false (adm_campaign_table_place (fixture->chief, "Table 1", "c1-3",
                                            fixture->assignment, forged, FALSE, 0, T0 + 700,
                                            &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED);
  g_clear_error (&error);
  /* Another table's placements, or under another hand-off: not its engagement. */
  g_assert_false (adm_campaign_table_place (fixture->chief, "Table 2", "c1-3",
                                            fixture->assignment, NULL, TRUE, 1, T0 + 700,
                                            &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_NOT_YOURS);
  g_clear_error (&error);
  g_assert_null (adm_state_get_chosen_placement (state, 1, engagement->engagement.minute,
                                                 "pol-escort-group"));

  /* The table master's placements and Roll Again. */
  g_hash_table_insert (overrides, "pol-escort-group", "marching-order");
  g_assert_true (adm_campaign_table_place (fixture->chief, "Table 1", "c1-3",
                                           fixture->assignment, overrides, TRUE, 4242,
                                           T0 + 700, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adm_state_get_chosen_placement (state, 1, engagement->engagement.minute,
                                                   "pol-escort-group"), ==, "marching-order");
  key = adm_engagement_layout_key (&engagement->engagement);
  g_assert_true (adm_state_get_layout_seed (state, key, &seed));
  g_assert_cmpuint (seed, ==, 4242);
  g_assert_cmpstr (adm_state_get_table (state, "c1-3")->id, ==, fixture->assignment);

  /* The battle handed anew: laid out so. */
  placed = battle_at_table (fixture);
  g_assert_true (adm_battle_get_layout_seed (placed, &seed));
  g_assert_cmpuint (seed, ==, 4242);
  vigilant = adm_battle_lookup_ship (placed, "vigilant");
  g_assert_true (vigilant->position.x != adm_battle_lookup_ship (first, "vigilant")->position.x ||
                 vigilant->position.y != adm_battle_lookup_ship (first, "vigilant")->position.y);

  /* The battle as first handed out no longer comes back. */
  g_assert_true (adm_battle_resolve_phase (first, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  stale = adm_table_battle_message (first, "c1-3", fixture->assignment, 1, NULL, &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", stale, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_OUT_OF_STEP);
  g_assert_nonnull (strstr (error->message, "not the one the chief handed out"));
  g_clear_error (&error);

  /* The battle placed at the table: kept, where the table put its ships. */
  for (int phase = 0; phase < 3; phase++)
    g_assert_true (adm_battle_resolve_phase (placed, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  send (fixture, placed, NULL);
  kept = adm_campaign_get_battle_played (fixture->chief, "c1-3", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (adm_battle_lookup_ship (kept, "vigilant")->position.x, ==,
                     vigilant->position.x);
  g_assert_cmpfloat (adm_battle_lookup_ship (kept, "vigilant")->position.y, ==,
                     vigilant->position.y);

  /* After a phase: the placements stay. */
  g_assert_false (adm_campaign_table_place (fixture->chief, "Table 1", "c1-3",
                                            fixture->assignment, NULL, TRUE, 7, T0 + 900,
                                            &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, "placements are chosen before the first phase"));
  g_clear_error (&error);
  /* Nor does Undo take them back from under the table. */
  g_assert_false (adm_campaign_undo (fixture->chief, &error));
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE);
}

/* A table's message as written, its <table-battle> start tag given @extra attributes. */
static char *
with_head_attributes (const char *message,
                      const char *extra)
{
  const char *tag = strstr (message, "<table-battle ");

  g_assert_nonnull (tag);
  tag += strlen ("<table-battle ");
  return g_strdup_printf ("%.*s%s %s", (int) (tag - message), message, extra, tag);
}

/* A message made by hand is refused saying what is wrong, changing nothing: thousands of
 * attributes no table writes on its head; an end reason of 100,000 characters, and one of
 * 501. */
static void
test_hand_made_heads (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(GString) unknown = g_string_new (NULL);
  g_autofree char *message = NULL, *forged = NULL, *long_reason = NULL, *before = NULL;
  g_autofree char *after = NULL, *reason_501 = NULL;
  AdmTableReceipt receipt;
  gsize length;

  before = file_text (fixture->chief);
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, NULL, &length);
  for (int i = 0; i < 5000; i++)
    g_string_append_printf (unknown, " x%d=\"1\"", i);
  forged = with_head_attributes (message, unknown->str);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", forged,
                                                   strlen (forged), "Table 1", &receipt,
                                                   &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "has the attribute “x0”, which a table does not "
                                            "write"));
  g_clear_error (&error);
  g_clear_pointer (&forged, g_free);
  forged = with_head_attributes (message, "x=\"1\"");
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", forged,
                                                   strlen (forged), "Table 1", &receipt,
                                                   &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_clear_error (&error);

  long_reason = g_strnfill (100000, 'w');
  g_clear_pointer (&message, g_free);
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, long_reason,
                                      &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "the reason for ending the battle is at most 500 "
                                            "characters"));
  g_assert_null (strstr (error->message, "holds no battle"));
  g_clear_error (&error);

  reason_501 = g_strnfill (501, 'w');
  g_clear_pointer (&message, g_free);
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, reason_501,
                                      &length);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", message, length,
                                                   "Table 1", &receipt, &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "is 501 characters long; it may have at most 500"));
  g_clear_error (&error);

  after = file_text (fixture->chief);
  g_assert_cmpstr (after, ==, before);
}

/* @message read by a reader in pieces of @piece bytes: the message read, or NULL with
 * @error; in *@early, whether the reader refused it before its last piece. */
static AdmTableMessage *
read_in_pieces (const char  *message,
                gsize        length,
                gsize        piece,
                gboolean    *early,
                GError     **error)
{
  g_autoptr(AdmTableMessageReader) reader = adm_table_message_reader_new ("Table 1");

  *early = FALSE;
  for (gsize at = 0; at < length; at += piece)
    if (!adm_table_message_reader_feed (reader, message + at, MIN (piece, length - at)) &&
        at + piece < length)
      {
        *early = TRUE;
        break;
      }
  return adm_table_message_reader_end (reader, error);
}

/* A table's message read as its bytes arrive, in pieces of any size, is the message read
 * whole; one that is refused is refused in the same words, as soon as a piece shows why: the
 * bytes after that are never needed. */
static void
test_read_as_it_arrives (Fixture       *fixture,
                         gconstpointer  data)
{
  static const gsize pieces[] = { 1, 7, 13, 4096, 65536, G_MAXSIZE / 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmTableMessage) whole = NULL;
  g_autofree char *message = NULL;
  gsize length;
  gboolean early;

  for (int phase = 0; phase < 3; phase++)
    g_assert_true (adm_battle_resolve_phase (table, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, NULL, &length);
  whole = adm_table_message_read (message, length, "Table 1", &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (pieces); i++)
    {
      g_autoptr(AdmTableMessage) read = read_in_pieces (message, length, pieces[i], &early,
                                                        &error);
      g_autoptr(AdmTableMessageReader) reader = adm_table_message_reader_new ("Table 1");

      g_assert_no_error (error);
      g_assert_false (early);
      g_assert_cmpstr (adm_table_message_get_engagement (read), ==, "c1-3");
      g_assert_true (adm_campaign_receive_table_message (fixture->chief, "Table 1", read, NULL,
                                                         &error));
      g_assert_no_error (error);
      /* The head alone names the engagement. */
      g_assert_true (adm_table_message_reader_feed (reader, message,
                                                    strstr (message, "<battle-game") - message));
      g_assert_cmpstr (adm_table_message_reader_get_engagement (reader), ==, "c1-3");
    }

  /* Refused in the words of a message read whole. */
  {
    const struct {
      const char *what;
      const char *replaced;   /* in the message, … */
      const char *by;         /* … by this */
      gboolean    early;      /* refused before its last piece */
      const char *words;
    } refused[] = {
      { "cut short", "</table-battle>\n", "</table-bat", FALSE, "cut short" },
      { "cut after its battle", "</table-battle>\n", "\n", FALSE, "cut short" },
      { "something after", "</table-battle>", "</table-battle>\n<x/>", TRUE,
        "something after </table-battle>" },
      { "a battle not well-formed", "<battle ", "<battle <", TRUE, "not well-formed" },
      { "a DOCTYPE", "<battle-game ", "<!DOCTYPE x><battle-game ", TRUE, "DOCTYPE" },
      { "a head not closed", "version=\"1\"", "version=\"1\" <", TRUE, "holds no battle" },
    };

    for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
      {
        g_autoptr(GString) forged = g_string_new (message);
        g_autoptr(GError) whole_error = NULL;
        g_autoptr(AdmTableMessage) none = NULL;
        g_autofree char *first_words = NULL;

        g_test_message ("%s", refused[i].what);
        g_assert_cmpuint (g_string_replace (forged, refused[i].replaced, refused[i].by, 1), ==, 1);
        none = adm_table_message_read (forged->str, forged->len, "Table 1", &whole_error);
        g_assert_null (none);
        g_assert_error (whole_error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
        g_assert_nonnull (strstr (whole_error->message, refused[i].words));
        for (gsize k = 0; k < G_N_ELEMENTS (pieces); k++)
          {
            none = read_in_pieces (forged->str, forged->len, pieces[k], &early, &error);
            g_assert_null (none);
            g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
            g_test_message ("in pieces of %" G_GSIZE_FORMAT ": %s", pieces[k], error->message);
            g_assert_cmpstr (error->message, ==, whole_error->message);
            if (pieces[k] == 1)
              g_assert_true (early == refused[i].early);
            g_clear_error (&error);
          }
      }
  }

  /* Junk after a start tag, as big as a message may be, is refused within its first 64 KiB. */
  {
    g_autoptr(AdmTableMessageReader) reader = adm_table_message_reader_new ("Table 1");
    g_autofree char *junk = g_strnfill (4096, 'x');
    guint fed = 0;

    memcpy (junk, "<table-battle", strlen ("<table-battle"));
    while (fed < 4096 && adm_table_message_reader_feed (reader, junk, 4096))
      {
        memset (junk, 'x', strlen ("<table-battle"));
        fed++;
      }
    g_assert_cmpuint (fed, <=, 17);
    g_assert_null (adm_table_message_reader_end (reader, &error));
    g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
    g_clear_error (&error);
  }
}

/* A table's message names the battle's season by its digest and does not carry it: the chief
 * plays it with his campaign's own. A message naming a season the chief does not hold is
 * refused, saying so, and changes nothing; one carrying the season, as an older table's
 * does, is still taken. */
static void
test_season_named (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) table = battle_at_table (fixture);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  AdmRuleset *ruleset = adm_battle_get_ruleset (table);
  g_autofree char *named = g_strdup_printf (" season=\"%s\"",
                                            adm_ruleset_get_season_digest (ruleset));
  g_autofree char *message = NULL, *before = NULL, *after = NULL, *carried = NULL;
  g_auto(GStrv) pieces = NULL;
  g_autofree char *unknown = NULL;
  guint entries = adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief));
  AdmTableReceipt receipt;
  gsize length;

  next_phase (fixture, table, ADM_DICE_SOURCE (dice));
  next_phase (fixture, table, ADM_DICE_SOURCE (dice));
  message = adm_table_battle_message (table, "c1-3", fixture->assignment, 1, NULL, &length);
  g_assert_null (strstr (message, "<season>"));
  g_assert_nonnull (strstr (message, named));
  g_assert_cmpuint (length, <, 32 * 1024);

  /* A season the chief has never read, named in its place. */
  pieces = g_strsplit (message, named, 2);
  g_assert_cmpuint (g_strv_length (pieces), ==, 2);
  unknown = g_strconcat (pieces[0], " season=\"", "0123456789abcdef0123456789abcdef"
                         "0123456789abcdef0123456789abcdef", "\"", pieces[1], NULL);
  before = file_text (fixture->chief);
  g_assert_false (adm_campaign_receive_from_table (fixture->chief, "Table 1", unknown,
                                                   strlen (unknown), "Table 1", &receipt,
                                                   &error));
  g_assert_error (error, ADM_TABLE_BATTLE_ERROR, ADM_TABLE_BATTLE_ERROR_MALFORMED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "which are not here"));
  g_assert_cmpuint (receipt.kept, ==, 0);
  after = file_text (fixture->chief);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief)), ==,
                    entries);
  g_clear_error (&error);

  /* An older table's message, the season inside: taken. */
  carried = adm_battle_text_with_season (message, ruleset);
  g_assert_nonnull (strstr (carried, "<season>"));
  g_assert_true (adm_campaign_receive_from_table (fixture->chief, "Table 1", carried,
                                                  strlen (carried), "Table 1", &receipt,
                                                  &error));
  g_assert_no_error (error);
  g_assert_cmpuint (receipt.kept, ==, 2);

  /* Then this table's, from the third entry on. */
  next_phase (fixture, table, ADM_DICE_SOURCE (dice));
  send (fixture, table, NULL);
  g_assert_cmpuint (adm_journal_get_n_entries (adm_campaign_get_journal (fixture->chief)), ==,
                    entries + 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/engine/table-battle/F-STRAT-4/same-as-one-machine", Fixture, NULL,
              fixture_setup, test_same_as_one_machine, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/flushed-off-the-loop", Fixture, NULL,
              fixture_setup, test_flushed_off_the_loop, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/checkpoints-off-the-loop", Fixture, NULL,
              fixture_setup, test_checkpoints_off_the_loop, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/season-named", Fixture, NULL, fixture_setup,
              test_season_named, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/refusals", Fixture, NULL, fixture_setup,
              test_refusals, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/export-import", Fixture, NULL, fixture_setup,
              test_export_import, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/dice-policy", Fixture, NULL, fixture_setup,
              test_dice_policy, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/program-dice", Fixture, NULL, fixture_setup,
              test_program_dice, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/dice-taken-back", Fixture, NULL, fixture_setup,
              test_dice_taken_back, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-15/placements-at-table", Fixture, NULL,
              fixture_setup, test_placements_at_table, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/setup-journaled", Fixture, NULL, fixture_setup,
              test_setup_journaled, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/read-as-it-arrives", Fixture, NULL,
              fixture_setup, test_read_as_it_arrives, fixture_teardown);
  g_test_add ("/engine/table-battle/F-STRAT-4/hand-made-heads", Fixture, NULL, fixture_setup,
              test_hand_made_heads, fixture_teardown);
  return g_test_run ();
}
