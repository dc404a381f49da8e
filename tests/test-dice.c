/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dice.c: the dice sources — the seeded generator, the queue of typed values, and the
 * program dice drawn from a committed secret (adm-dice-commit.h, adm-dice-ledger.h): their
 * derivation, the commitment journaled when a campaign battle starts, the secret kept out of
 * the campaign file while it is fought and revealed when it ends, and the check of every roll
 * as the master and as one side see them. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795000000)

static void
test_prng_known_sequence (void)
{
  /* xoshiro256** seeded by splitmix64(0): the reference implementation's first outputs. */
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (0);
  guint64 first = adm_dice_prng_next (prng);
  g_autoptr(AdmDicePrng) again = adm_dice_prng_new (0);

  g_assert_cmpuint (first, ==, G_GUINT64_CONSTANT (0x99ec5f36cb75f2b4));
  g_assert_cmpuint (adm_dice_prng_next (again), ==, first);
  g_assert_cmpuint (adm_dice_prng_get_draws (prng), ==, 1);
}

static void
test_prng_restore (void)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (12345);
  g_autoptr(AdmDicePrng) restored = adm_dice_prng_new (1);
  guint64 expected;

  for (int i = 0; i < 100; i++)
    adm_dice_prng_die (prng, 6);
  adm_dice_prng_restore (restored, 12345, adm_dice_prng_get_draws (prng));
  g_assert_cmpuint (adm_dice_prng_get_seed (restored), ==, 12345);
  expected = adm_dice_prng_next (prng);
  g_assert_cmpuint (adm_dice_prng_next (restored), ==, expected);
}

/* Every face comes up, and none is favoured beyond chance (chi-square, 5 d.o.f.). */
static void
test_prng_fair_d6 (void)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (2026);
  guint counts[7] = { 0 };
  const guint n = 60000;
  double chi = 0;

  for (guint i = 0; i < n; i++)
    {
      guint face = adm_dice_prng_die (prng, 6);

      g_assert_cmpuint (face, >=, 1);
      g_assert_cmpuint (face, <=, 6);
      counts[face]++;
    }
  for (guint face = 1; face <= 6; face++)
    {
      double expected = n / 6.0;

      chi += (counts[face] - expected) * (counts[face] - expected) / expected;
    }
  /* 20.5 is the 0.999 quantile of chi-square with 5 degrees of freedom. */
  g_assert_cmpfloat (chi, <, 20.5);
}

static void
test_prng_source (void)
{
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (99);
  AdmDiceRequest request = { 10, 3, "d3 test", NULL };
  guint values[10];

  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (prng), &request, values, NULL));
  for (guint i = 0; i < 10; i++)
    g_assert_cmpuint (values[i], <=, 3);
}

static void
test_queue_in_order (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  AdmDiceRequest request = { 2, 6, "Readiness check", "F-RDY-2" };
  guint values[2];
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_dice_queue_push_text (queue, "3 5, 6", &error));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 3);
  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (queue), &request, values, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (values[0], ==, 3);
  g_assert_cmpuint (values[1], ==, 5);
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 1);
}

/* A value not on the die is refused, naming the value and the roll, and nothing is used. */
static void
test_queue_refuses_out_of_range (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  AdmDiceRequest request = { 2, 6, "Bow battery at Triumph", "F-ART-12" };
  guint values[2];
  g_autoptr(GError) error = NULL;

  adm_dice_queue_push (queue, 4);
  adm_dice_queue_push (queue, 7);
  g_assert_false (adm_dice_source_roll (ADM_DICE_SOURCE (queue), &request, values, &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, "7"));
  g_assert_nonnull (strstr (error->message, "Bow battery at Triumph"));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 2);
}

static void
test_queue_too_few (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  AdmDiceRequest request = { 3, 6, "Torpedo salvo", "F-TORP-7" };
  guint values[3];
  g_autoptr(GError) error = NULL;

  adm_dice_queue_push (queue, 4);
  g_assert_false (adm_dice_source_roll (ADM_DICE_SOURCE (queue), &request, values, &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
  g_assert_nonnull (strstr (error->message, "3d6"));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 1);
}

static void
test_queue_parse_errors (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;

  g_assert_false (adm_dice_queue_push_text (queue, "3 five 2", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "five"));
  g_assert_cmpuint (adm_dice_queue_get_length (queue), ==, 0);
  g_clear_error (&error);

  g_assert_false (adm_dice_queue_push_text (queue, "  ", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
  g_clear_error (&error);

  g_assert_false (adm_dice_queue_push_text (queue, "0", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
  g_clear_error (&error);

  g_assert_false (adm_dice_queue_push_text (queue, "-2", &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE);
}

static void
test_describe (void)
{
  g_autofree char *two = adm_dice_describe (2, 6);
  g_autofree char *one = adm_dice_describe (1, 3);

  g_assert_cmpstr (two, ==, "2d6");
  g_assert_cmpstr (one, ==, "d3");
}

/* The secret 00 01 … 1f: the derivation docs/dice.md gives, worked out by its Python lines. */
static void
test_commit_known_answer (void)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  guint values[5];
  g_autofree char *commitment = NULL;
  g_autofree char *hex = NULL;
  guint8 back[ADM_DICE_SECRET_LENGTH];

  for (guint i = 0; i < ADM_DICE_SECRET_LENGTH; i++)
    secret[i] = (guint8) i;
  commitment = adm_dice_commitment_of (secret);
  g_assert_cmpstr (commitment, ==,
                   "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
  adm_dice_derive (secret, "c1-3", 1, 5, 6, values);
  g_assert_cmpuint (values[0], ==, 5);
  g_assert_cmpuint (values[1], ==, 3);
  g_assert_cmpuint (values[2], ==, 6);
  g_assert_cmpuint (values[3], ==, 6);
  g_assert_cmpuint (values[4], ==, 4);
  adm_dice_derive (secret, "c1-3", 2, 3, 20, values);
  g_assert_cmpuint (values[0], ==, 16);
  g_assert_cmpuint (values[1], ==, 11);
  g_assert_cmpuint (values[2], ==, 16);
  /* Another engagement draws other dice from the same secret. */
  adm_dice_derive (secret, "c1-4", 1, 5, 6, values);
  g_assert_cmpuint (values[0], ==, 3);
  g_assert_cmpuint (values[2], ==, 1);

  hex = adm_dice_secret_to_hex (secret);
  g_assert_true (adm_dice_secret_from_hex (hex, back));
  g_assert_cmpmem (back, sizeof back, secret, sizeof secret);
  g_assert_false (adm_dice_secret_from_hex ("00ff", back));
  g_assert_false (adm_dice_hex_is_valid (
    "630DCD2966C4336691125448BBB25B4FF412A49C732DB2C8ABC1B8581BD710DD"));

  /* A seeded battle's secret is the seed's (docs/dice.md). */
  adm_dice_secret_from_seed (5, secret);
  g_clear_pointer (&hex, g_free);
  hex = adm_dice_secret_to_hex (secret);
  g_assert_cmpstr (hex, ==, "1dff321658ee1c86be97b5d20ea58dd72ad3156f947e4b8c87ac1a916ee24b5d");
}

/* The source draws roll after roll as the derivation does, marks them the program's, and
 * every face comes up fairly. */
static void
test_commit_source (void)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH] = { 7, };
  g_autoptr(AdmDiceCommit) source = adm_dice_commit_new (secret, "c2-1", 4);
  AdmDiceRequest request = { 3, 6, "three dice", "F-RDY-2" };
  guint values[3], expected[3], counts[6] = { 0, };
  g_autoptr(GError) error = NULL;
  double chi = 0.0;

  g_assert_true (adm_dice_source_is_program (ADM_DICE_SOURCE (source)));
  g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (source), &request, values, &error));
  g_assert_no_error (error);
  adm_dice_derive (secret, "c2-1", 4, 3, 6, expected);
  g_assert_cmpmem (values, sizeof values, expected, sizeof expected);
  g_assert_cmpuint (adm_dice_commit_get_next_roll (source), ==, 5);

  request.count = 1;
  for (guint i = 0; i < 6000; i++)
    {
      g_assert_true (adm_dice_source_roll (ADM_DICE_SOURCE (source), &request, values, NULL));
      counts[values[0] - 1]++;
    }
  for (guint f = 0; f < 6; f++)
    chi += (counts[f] - 1000.0) * (counts[f] - 1000.0) / 1000.0;
  /* 5 degrees of freedom: 20.5 is the 0.1 % point. */
  g_assert_cmpfloat (chi, <, 20.5);
}

/* Typed values are not the program's; the generator's are. */
static void
test_sources_program (void)
{
  g_autoptr(AdmDiceQueue) queue = adm_dice_queue_new ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (1);

  g_assert_false (adm_dice_source_is_program (ADM_DICE_SOURCE (queue)));
  g_assert_true (adm_dice_source_is_program (ADM_DICE_SOURCE (prng)));
}

/* Cycle 1 of the Komarr campaign, saved in a new folder; the battle of c1-3 set up. */
static AdmCampaign *
campaign_at_pol_orbit (char      **folder,
                       AdmBattle **battle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *path = NULL;

  *folder = g_dir_make_tmp ("admiralty-dice-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*folder, "komarr.admiralty", NULL);
  campaign = komarr_saved_and_played (path, 1, T0);
  *battle = engagement_battle (campaign, "c1-3");
  return g_steal_pointer (&campaign);
}

static void
play_turns (AdmBattle     *battle,
            AdmDiceSource *dice,
            int            turns)
{
  g_autofree char *orders_path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests",
                                                   "data", "campaign-battles",
                                                   "komarr-c1-3.orders.xml", NULL);
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (orders_path, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (orders);
  for (int i = 0; i < turns; i++)
    {
      int turn = adm_battle_get_turn (battle);

      g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, turn),
                                              dice, &error));
      g_assert_no_error (error);
    }
}

static char *
file_bytes (AdmCampaign *campaign)
{
  char *bytes = NULL;

  g_assert_true (g_file_get_contents (adm_campaign_get_path (campaign), &bytes, NULL, NULL));
  return bytes;
}

/* A revealed secret leaves the private folder only once the save that journaled it is on the
 * disk, and off the caller's main loop: in a campaign whose saves are flushed later (as the
 * app's are), a battle ended while each flush takes a second (ADMIRALTY_TEST_FLUSH_DELAY_MS)
 * still has its secret's file when the ending returns, the file on the disk reveals it, and
 * the flusher removes the file after that save (a job handed after the removal finds it
 * done). */
static void
test_forget_after_flush (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmCampaign) campaign = campaign_at_pol_orbit (&folder, &battle);
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *secret_path = NULL, *secret_hex = NULL, *after = NULL, *marker = NULL;
  const guint64 program_seed = 5;
  guint64 ticket;

  adm_campaign_set_flush_later (campaign, TRUE);
  dice = adm_campaign_dice_source (campaign, "c1-3", battle, &program_seed, T0 + 3000, &error);
  g_assert_no_error (error);
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 1);
  secret_path = adm_dice_secret_path (
    ((const AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->commitment);
  g_assert_true (g_file_get_contents (secret_path, &secret_hex, NULL, NULL));
  g_strstrip (secret_hex);
  play_turns (battle, dice, 1);

  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "1000", TRUE);
  g_assert_true (adm_campaign_end_battle (campaign, "c1-3", battle, "Pol Six withdrew",
                                          T0 + 4000, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (secret_path, G_FILE_TEST_IS_REGULAR));
  marker = g_build_filename (folder, "no-such-file", NULL);
  ticket = adm_file_remove_later (marker);
  g_assert_true (adm_file_wait_flushed (ticket - 1, ticket, NULL));
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  after = file_bytes (campaign);
  g_assert_nonnull (strstr (after, secret_hex));
  g_assert_false (g_file_test (secret_path, G_FILE_TEST_EXISTS));
  g_clear_object (&campaign);
  remove_tree (folder);
}

/* The commitment is journaled before the first program roll; the secret stays in the private
 * folder (mode 0600), never in the campaign file, while the battle is fought; its ending
 * journals it and removes the private copy; every roll then checks. */
static void
test_commit_campaign_battle (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmCampaign) campaign = campaign_at_pol_orbit (&folder, &battle);
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *secret_path = NULL, *secret_hex = NULL, *during = NULL, *after = NULL;
  g_autofree char *first = NULL;
  const AdmDiceCommitment *commitment;
  GStatBuf stat_buf;
  const guint64 program_seed = 5;

  /* Its secret from a fixed seed, as `battle --seed` draws it: c1-3's orders hold under its
   * dice, which chance does not pick. */
  dice = adm_campaign_dice_source (campaign, "c1-3", battle, &program_seed, T0 + 3000, &error);
  g_assert_no_error (error);
  g_assert_true (ADM_IS_DICE_COMMIT (dice));
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 1);
  commitment = g_ptr_array_index (commitments, 0);
  /* A copy: the array and its commitments are let go before the end of the test. */
  first = g_strdup (commitment->commitment);
  g_assert_cmpstr (commitment->commitment, ==,
                   adm_dice_commit_get_commitment (ADM_DICE_COMMIT (dice)));
  g_assert_cmpuint (commitment->from_roll, ==, 1);
  g_assert_null (commitment->secret);

  /* The private copy, readable by the master alone. */
  secret_path = adm_dice_secret_path (commitment->commitment);
  g_assert_true (g_file_get_contents (secret_path, &secret_hex, NULL, NULL));
  g_strstrip (secret_hex);
  g_assert_cmpint (g_stat (secret_path, &stat_buf), ==, 0);
  g_assert_cmpint (stat_buf.st_mode & 0777, ==, 0600);

  play_turns (battle, dice, 3);
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  during = file_bytes (campaign);
  g_assert_nonnull (strstr (during, commitment->commitment));
  g_assert_nonnull (strstr (during, "dice=\"program\""));
  g_assert_null (strstr (during, secret_hex));

  /* In progress: nothing to check yet. */
  g_clear_pointer (&checks, g_ptr_array_unref);
  checks = adm_dice_verify (commitments, "c1-3", battle, adm_audience_master ());
  g_assert_cmpuint (checks->len, ==, adm_battle_get_rolls (battle)->len);
  g_assert_cmpuint (checks->len, >, 0);
  for (guint i = 0; i < checks->len; i++)
    g_assert_cmpint (((AdmDiceCheck *) g_ptr_array_index (checks, i))->verdict, ==,
                     ADM_DICE_VERDICT_NOT_REVEALED);

  g_assert_true (adm_campaign_end_battle (campaign, "c1-3", battle, "Pol Six withdrew",
                                          T0 + 4000, &error));
  g_assert_no_error (error);
  after = file_bytes (campaign);
  g_assert_nonnull (strstr (after, secret_hex));
  g_assert_false (g_file_test (secret_path, G_FILE_TEST_EXISTS));

  g_clear_pointer (&commitments, g_ptr_array_unref);
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  g_assert_cmpstr (((AdmDiceCommitment *) g_ptr_array_index (commitments, 0))->secret, ==,
                   secret_hex);
  g_clear_pointer (&checks, g_ptr_array_unref);
  checks = adm_dice_verify (commitments, "c1-3", battle, adm_audience_master ());
  for (guint i = 0; i < checks->len; i++)
    {
      AdmDiceCheck *check = g_ptr_array_index (checks, i);

      g_assert_cmpuint (check->number, ==, i + 1);
      g_assert_cmpint (check->verdict, ==, ADM_DICE_VERDICT_MATCH);
    }

  /* The ending undone: the secret is in the file now, so playing on commits to a new one
   * from the next roll. */
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_clear_object (&dice);
  dice = adm_campaign_dice_source (campaign, "c1-3", battle, NULL, T0 + 5000, &error);
  g_assert_no_error (error);
  g_clear_pointer (&commitments, g_ptr_array_unref);
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 2);
  g_assert_cmpuint (((AdmDiceCommitment *) g_ptr_array_index (commitments, 1))->from_roll, ==,
                    adm_battle_get_rolls (battle)->len + 1);
  g_assert_cmpstr (((AdmDiceCommitment *) g_ptr_array_index (commitments, 1))->commitment, !=,
                   first);
  remove_folder (folder);
}

/* A commitment is no decision of the master's: Undo passes it by and takes back the cycle
 * before it, Redo brings both back; the commitment stays public while undone. */
static void
test_commit_undo_passes_by (void)
{
  g_autofree char *folder = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmCampaign) campaign = campaign_at_pol_orbit (&folder, &battle);
  g_autoptr(AdmDiceSource) dice = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;
  GPtrArray *done;

  dice = adm_campaign_dice_source (campaign, "c1-3", battle, NULL, T0 + 3000, &error);
  g_assert_no_error (error);
  label = adm_campaign_describe_undo (campaign);
  g_assert_cmpstr (label, ==, "Resolve cycle 1");
  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign))), ==, 1);
  commitments = adm_campaign_get_dice_commitments (campaign, "c1-3");
  g_assert_cmpuint (commitments->len, ==, 1);
  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
  done = adm_journal_get_done (adm_campaign_get_journal (campaign));
  g_assert_cmpstr (adm_journal_action_get_what (g_ptr_array_index (done, done->len - 1)), ==,
                   "dice-commit");
  g_assert_false (adm_campaign_can_redo (campaign));
  remove_folder (folder);
}

/* The dry-run battle of tests/data/reports/cycle-2-pol-orbit.xml, where the Cetagandans do not
 * find every Polian formation (F-ECM-2, F-ECM-5): a side's check lists only the rolls it may
 * see, under their numbers in the whole log; the master's lists all. A journal whose values
 * are not the secret's is named at its first roll. */
static void
test_commit_audience_and_mismatch (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "tests", "data",
                                            "reports", "cycle-2-pol-orbit.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  /* A secret under which the Cetagandans fail a detection roll (F-ECM-5). */
  guint8 secret[ADM_DICE_SECRET_LENGTH] = { 2, 2, 3, };
  guint8 other[ADM_DICE_SECRET_LENGTH] = { 9, };
  g_autoptr(AdmDiceCommit) dice = adm_dice_commit_new (secret, "c2-1", 1);
  g_autoptr(GPtrArray) commitments = g_ptr_array_new_with_free_func (
    (GDestroyNotify) adm_dice_commitment_free);
  g_autoptr(GPtrArray) master = NULL, side = NULL, forged = NULL;
  AdmDiceCommitment *commitment = g_new0 (AdmDiceCommitment, 1);
  guint cetaganda = G_MAXUINT;

  g_assert_no_error (error);
  for (int turn = 1; turn <= 3; turn++)
    g_assert_true (adm_battle_resolve_turn (battle, NULL, ADM_DICE_SOURCE (dice), NULL));
  commitment->commitment = adm_dice_commitment_of (secret);
  commitment->secret = adm_dice_secret_to_hex (secret);
  commitment->from_roll = 1;
  g_ptr_array_add (commitments, commitment);
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    if (g_str_equal (adm_battle_get_side (battle, s)->id, "cetaganda"))
      cetaganda = s;
  g_assert_cmpuint (cetaganda, !=, G_MAXUINT);

  master = adm_dice_verify (commitments, "c2-1", battle, adm_audience_master ());
  side = adm_dice_verify (commitments, "c2-1", battle, adm_audience_side (cetaganda));
  g_assert_cmpuint (master->len, ==, adm_battle_get_rolls (battle)->len);
  g_assert_cmpuint (side->len, <, master->len);
  g_assert_cmpuint (side->len, >, 0);
  for (guint i = 0; i < side->len; i++)
    {
      AdmDiceCheck *check = g_ptr_array_index (side, i);
      const AdmBattleRoll *roll = g_ptr_array_index (adm_battle_get_rolls (battle),
                                                     check->number - 1);

      g_assert_true (check->roll == roll);
      g_assert_true (adm_audience_sees_roll (adm_audience_side (cetaganda), battle, roll));
      g_assert_cmpint (check->verdict, ==, ADM_DICE_VERDICT_MATCH);
    }
  for (guint i = 0; i < master->len; i++)
    g_assert_cmpint (((AdmDiceCheck *) g_ptr_array_index (master, i))->verdict, ==,
                     ADM_DICE_VERDICT_MATCH);

  /* Revealed as another secret: the first roll is the first that does not match. */
  g_free (commitment->secret);
  commitment->secret = adm_dice_secret_to_hex (other);
  forged = adm_dice_verify (commitments, "c2-1", battle, adm_audience_master ());
  g_assert_cmpint (((AdmDiceCheck *) g_ptr_array_index (forged, 0))->verdict, ==,
                   ADM_DICE_VERDICT_MISMATCH);
}

/* F-ECM-4, F-STRAT-4: a side that fired at a token it sees face down finds its own dice in
 * its checked dice log too (tests/data/battles/fire-face-down.xml), the same rolls its report
 * shows, the target unnamed. */
static void
test_verify_face_down_fire (void)
{
  g_autofree char *path = source_path ("tests/data/battles", "fire-face-down.xml", NULL);
  g_autofree char *orders_path = source_path ("tests/data/battles",
                                              "fire-face-down.orders.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (orders_path, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  g_autoptr(GPtrArray) commitments = g_ptr_array_new ();
  g_autoptr(GPtrArray) shown = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  AdmAudience komarr = adm_audience_side (1);

  g_assert_no_error (error);
  g_assert_cmpstr (adm_battle_get_side (battle, 1)->name, ==, "Komarr");
  g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, 1),
                                          ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  shown = adm_audience_filter_rolls (komarr, battle);
  checks = adm_dice_verify (commitments, "fire-face-down", battle, komarr);
  g_assert_cmpuint (checks->len, ==, shown->len);
  for (guint i = 0; i < checks->len; i++)
    g_assert_true (((AdmDiceCheck *) g_ptr_array_index (checks, i))->roll ==
                   g_ptr_array_index (shown, i));
  {
    gboolean own_fire = FALSE;

    for (guint i = 0; i < checks->len; i++)
      {
        const AdmDiceCheck *check = g_ptr_array_index (checks, i);
        const char *purpose = adm_battle_roll_get_purpose (check->roll);

        g_assert_null (strstr (purpose, "Vorberg"));
        if (strstr (purpose, "Triumph's Main battery") != NULL &&
            strstr (purpose, "a face-down token") != NULL)
          own_fire = TRUE;
        /* Its number is its place in the whole log. */
        g_assert_true (g_ptr_array_index (adm_battle_get_rolls (battle), check->number - 1) ==
                       check->roll ||
                       ((AdmBattleRoll *) g_ptr_array_index (adm_battle_get_rolls (battle),
                                                             check->number - 1))->fogged ==
                       check->roll);
      }
    g_assert_true (own_fire);
  }
}

/* F-ECM-3, F-ECM-4, F-STRAT-4: the Vorberg, fired at as a face-down token, fires back in the
 * same phase and is placed face up (fire-face-down-answered.xml): Komarr's own fire and dice
 * then name it as it knows it now, in its report and its dice log alike. */
static void
test_face_down_fire_named (void)
{
  g_autofree char *path = source_path ("tests/data/battles", "fire-face-down-answered.xml", NULL);
  g_autofree char *orders_path = source_path ("tests/data/battles",
                                              "fire-face-down-answered.orders.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmBattle) battle = adm_battle_load_file (path, &error);
  g_autoptr(AdmBattleOrders) orders = adm_battle_orders_load_file (orders_path, &error);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (7);
  g_autoptr(GPtrArray) rolls = NULL;
  g_autoptr(GPtrArray) report = NULL;
  AdmAudience komarr = adm_audience_side (1);
  guint own_rolls = 0, own_lines = 0;

  g_assert_no_error (error);
  g_assert_true (adm_battle_resolve_turn (battle, adm_battle_orders_get_turn (orders, 1),
                                          ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_battle_get_detection (battle, 1, 0), ==, ADM_DETECTION_FULL);
  rolls = adm_audience_filter_rolls (komarr, battle);
  for (guint i = 0; i < rolls->len; i++)
    {
      const char *purpose = adm_battle_roll_get_purpose (g_ptr_array_index (rolls, i));

      g_assert_null (strstr (purpose, "a face-down token"));
      if (strstr (purpose, "Triumph's Main battery") != NULL &&
          strstr (purpose, "Vorberg") != NULL)
        own_rolls++;
    }
  report = adm_audience_filter_report (komarr, battle);
  for (guint i = 0; i < report->len; i++)
    {
      const char *text = adm_report_line_get_text (g_ptr_array_index (report, i));

      g_assert_null (strstr (text, "a face-down token"));
      if (strstr (text, "Triumph's Main battery") != NULL && strstr (text, "Vorberg") != NULL)
        own_lines++;
    }
  g_assert_cmpuint (own_rolls, >, 0);
  g_assert_cmpuint (own_lines, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/dice/prng/known-sequence", test_prng_known_sequence);
  g_test_add_func ("/engine/dice/prng/restore", test_prng_restore);
  g_test_add_func ("/engine/dice/prng/fair-d6", test_prng_fair_d6);
  g_test_add_func ("/engine/dice/prng/source", test_prng_source);
  g_test_add_func ("/engine/dice/queue/F-RDY-2/in-order", test_queue_in_order);
  g_test_add_func ("/engine/dice/queue/refuses-out-of-range", test_queue_refuses_out_of_range);
  g_test_add_func ("/engine/dice/queue/too-few", test_queue_too_few);
  g_test_add_func ("/engine/dice/queue/parse-errors", test_queue_parse_errors);
  g_test_add_func ("/engine/dice/describe", test_describe);
  g_test_add_func ("/engine/dice/commit/known-answer", test_commit_known_answer);
  g_test_add_func ("/engine/dice/commit/source", test_commit_source);
  g_test_add_func ("/engine/dice/is-program", test_sources_program);
  g_test_add_func ("/engine/dice/commit/campaign-battle", test_commit_campaign_battle);
  g_test_add_func ("/engine/dice/commit/forget-after-flush", test_forget_after_flush);
  g_test_add_func ("/engine/dice/F-ECM-4/verify-face-down-fire", test_verify_face_down_fire);
  g_test_add_func ("/engine/dice/F-ECM-4/face-down-fire-named", test_face_down_fire_named);
  g_test_add_func ("/engine/dice/commit/undo-passes-by", test_commit_undo_passes_by);
  g_test_add_func ("/engine/dice/commit/audience-and-mismatch",
                   test_commit_audience_and_mismatch);

  return g_test_run ();
}
