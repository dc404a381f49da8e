/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-battle-save.c: saved battles (docs/formats.md, "Saved battles") — the set-up kept
 * verbatim plus the journal, reopened by replaying it: the same state, report and dice; undo
 * still works; autosave after every phase, and a failed autosave that loses nothing; a crash
 * in the middle of a save; damaged files with their backups; journals that do not replay.
 * The battle is the shipped scenarios/battles/corridor-skirmish.xml with its orders file and
 * its own seed. */

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "admiralty-engine.h"
#include "file-helpers.h"

/* A disk whose flush fails (full, or gone after the write): the engine is linked into this
 * program, so its fdatasync () is this one, which fails with EIO while fail_flushes is set
 * and otherwise asks the kernel. */
static gint fail_flushes;

int
fdatasync (int fd)
{
  if (g_atomic_int_get (&fail_flushes))
    {
      errno = EIO;
      return -1;
    }
  return (int) syscall (SYS_fdatasync, fd);
}

/* Helpers */

static char *
scenario_path (const char *name)
{
  return g_build_filename (g_getenv ("ADMIRALTY_SOURCE_DIR"), "scenarios", "battles", name,
                           NULL);
}

/* corridor-skirmish.xml, new. */
static AdmBattle *
load_corridor (void)
{
  g_autofree char *path = scenario_path ("corridor-skirmish.xml");
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

static AdmBattleOrders *
load_corridor_orders (void)
{
  g_autofree char *path = scenario_path ("corridor-skirmish.orders.xml");
  g_autoptr(GError) error = NULL;
  AdmBattleOrders *orders = adm_battle_orders_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (orders);
  return orders;
}

/* Resolves @phases phases of @battle with the corridor's orders and @dice. */
static void
play_phases (AdmBattle     *battle,
             AdmDiceSource *dice,
             guint          phases)
{
  g_autoptr(AdmBattleOrders) orders = load_corridor_orders ();

  for (guint i = 0; i < phases; i++)
    {
      const AdmTurnOrders *turn = adm_battle_orders_get_turn (orders,
                                                              adm_battle_get_turn (battle));
      g_autoptr(GError) error = NULL;

      g_assert_true (adm_battle_resolve_phase (battle, turn, dice, &error));
      g_assert_no_error (error);
    }
}

static void
play_turns (AdmBattle     *battle,
            AdmDiceSource *dice,
            int            turns)
{
  g_autoptr(AdmBattleOrders) orders = load_corridor_orders ();

  for (int i = 0; i < turns; i++)
    {
      const AdmTurnOrders *turn = adm_battle_orders_get_turn (orders,
                                                              adm_battle_get_turn (battle));
      g_autoptr(GError) error = NULL;

      g_assert_true (adm_battle_resolve_turn (battle, turn, dice, &error));
      g_assert_no_error (error);
    }
}

/* The corridor after @turns turns with its own seed's dice. */
static AdmBattle *
corridor_after (int turns)
{
  AdmBattle *battle = load_corridor ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));

  play_turns (battle, ADM_DICE_SOURCE (prng), turns);
  return battle;
}

static AdmBattle *
open_game (const char *path)
{
  g_autoptr(GError) error = NULL;
  AdmBattle *battle = adm_battle_load_game (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (battle);
  return battle;
}

static void
assert_same_battle (AdmBattle *a,
                    AdmBattle *b)
{
  g_autofree char *dump_a = adm_battle_dump (a);
  g_autofree char *dump_b = adm_battle_dump (b);
  GPtrArray *report_a = adm_battle_get_report (a), *report_b = adm_battle_get_report (b);
  GPtrArray *rolls_a = adm_battle_get_rolls (a), *rolls_b = adm_battle_get_rolls (b);

  g_assert_cmpstr (dump_a, ==, dump_b);
  g_assert_cmpuint (report_a->len, ==, report_b->len);
  for (guint i = 0; i < report_a->len; i++)
    {
      const AdmReportLine *line_a = g_ptr_array_index (report_a, i);
      const AdmReportLine *line_b = g_ptr_array_index (report_b, i);

      g_assert_cmpint (line_a->turn, ==, line_b->turn);
      g_assert_cmpint (line_a->phase, ==, line_b->phase);
      g_assert_cmpstr (adm_report_line_get_text (line_a), ==, adm_report_line_get_text (line_b));
    }
  g_assert_cmpuint (rolls_a->len, ==, rolls_b->len);
  for (guint i = 0; i < rolls_a->len; i++)
    {
      const AdmBattleRoll *roll_a = g_ptr_array_index (rolls_a, i);
      const AdmBattleRoll *roll_b = g_ptr_array_index (rolls_b, i);

      g_assert_cmpint (roll_a->turn, ==, roll_b->turn);
      g_assert_cmpint (roll_a->phase, ==, roll_b->phase);
      g_assert_cmpstr (adm_battle_roll_get_purpose (roll_a), ==,
                       adm_battle_roll_get_purpose (roll_b));
      g_assert_cmpstr (roll_a->clause, ==, roll_b->clause);
      g_assert_cmpuint (roll_a->sides, ==, roll_b->sides);
      g_assert_cmpmem (roll_a->values, roll_a->n_values * sizeof (guint),
                       roll_b->values, roll_b->n_values * sizeof (guint));
    }
  g_assert_cmpuint (adm_battle_get_journal (a)->len, ==, adm_battle_get_journal (b)->len);
}

static void
write_file (const char *path,
            const char *data,
            gssize      length)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, data, length, &error));
  g_assert_no_error (error);
}

/* A folder of its own for each test, emptied and removed at the end. */
typedef struct {
  char *dir;
  char *path;  /* dir/game.xml */
} Scratch;

static void
scratch_setup (Scratch       *scratch,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  scratch->dir = g_dir_make_tmp ("admiralty-battle-save-XXXXXX", &error);
  g_assert_no_error (error);
  scratch->path = g_build_filename (scratch->dir, "game.xml", NULL);
}

static void
scratch_teardown (Scratch       *scratch,
                  gconstpointer  data)
{
  g_autoptr(GDir) listing = g_dir_open (scratch->dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *file = g_build_filename (scratch->dir, name, NULL);

      /* The checkpoints kept per turn played (adm_file_write_checkpoint ()). */
      if (g_file_test (file, G_FILE_TEST_IS_DIR))
        {
          g_autoptr(GDir) inner = g_dir_open (file, 0, NULL);
          const char *entry;

          while (inner != NULL && (entry = g_dir_read_name (inner)) != NULL)
            {
              g_autofree char *checkpoint = g_build_filename (file, entry, NULL);

              g_assert_cmpint (g_remove (checkpoint), ==, 0);
            }
        }
      g_assert_cmpint (g_remove (file), ==, 0);
    }
  g_assert_cmpint (g_rmdir (scratch->dir), ==, 0);
  g_free (scratch->path);
  g_free (scratch->dir);
}

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  const char *name;

  g_assert_nonnull (listing);
  /* The hidden folder of checkpoints is not among them. */
  while ((name = g_dir_read_name (listing)) != NULL)
    n += !g_str_has_suffix (name, ".checkpoints");
  return n;
}

/* @text with its first @from replaced by @to. */
static char *
replace_once (const char *text,
              const char *from,
              const char *to)
{
  g_autoptr(GString) variant = g_string_new (text);

  g_assert_cmpuint (g_string_replace (variant, from, to, 1), ==, 1);
  return g_string_free (g_steal_pointer (&variant), FALSE);
}

/* The <battle> element of @path, as libxml2 writes it out. */
static char *
battle_element (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = adm_xml_read_file (path, NULL, &error);
  xmlBuffer *buffer = xmlBufferCreate ();
  xmlNode *root;
  char *text;

  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);
  if (adm_xml_is (root, "battle-game"))
    root = adm_xml_first_element (root, "battle");
  g_assert_nonnull (root);
  g_assert_cmpint (xmlNodeDump (buffer, doc, root, 0, 0), >, 0);
  text = g_strdup ((const char *) xmlBufferContent (buffer));
  xmlBufferFree (buffer);
  return text;
}

/* The saved battle @game holds the <battle> element of the battle file @setup verbatim: the
 * same elements, attributes, text, white space and comments. */
static void
assert_same_setup (const char *setup,
                   const char *game)
{
  g_autofree char *original = battle_element (setup);
  g_autofree char *kept = battle_element (game);

  g_assert_cmpstr (original, ==, kept);
  g_assert_nonnull (strstr (kept, "    Movement and artillery at every range"));
}

/* Whether @message starts with "game.xml:LINE: " (a line from 1). */
static gboolean
names_file_and_line (const char *message)
{
  return g_regex_match_simple ("^game\\.xml:[1-9][0-9]*: ", message, 0, 0);
}

/* Tests */

/* Two turns saved and reopened: the same state, report and dice; the set-up verbatim in the
 * file; undo goes on working after the reload, and both battles go on alike. */
static void
test_save_and_reload (Scratch       *scratch,
                      gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = corridor_after (2);
  g_autoptr(AdmBattle) reopened = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup_path = scenario_path ("corridor-skirmish.xml");
  g_autofree char *saved = NULL;

  g_assert_null (adm_battle_get_path (battle));
  g_assert_true (adm_battle_save (battle, scratch->path, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (adm_battle_get_path (battle), ==, scratch->path);

  saved = file_contents (scratch->path);
  g_assert_true (g_str_has_prefix (saved, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                          "<battle-game version=\"2\">\n  <battle "));
  assert_same_setup (setup_path, scratch->path);
  g_assert_nonnull (strstr (saved, "<journal>"));
  g_assert_nonnull (strstr (saved, "kind=\"phase\""));
  g_assert_nonnull (strstr (saved, "kind=\"roll\""));

  reopened = open_game (scratch->path);
  g_assert_cmpstr (adm_battle_get_path (reopened), ==, scratch->path);
  g_assert_cmpint (adm_battle_get_turn (reopened), ==, 3);
  g_assert_cmpint (adm_battle_get_phase (reopened), ==, ADM_PHASE_DETECTION);
  g_assert_cmpuint (adm_battle_get_seed (reopened), ==, 5);
  assert_same_battle (battle, reopened);

  /* Undo, as before the save. */
  g_assert_true (adm_battle_can_undo (reopened));
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  g_assert_true (adm_battle_undo (reopened, &error));
  g_assert_no_error (error);
  g_assert_cmpint (adm_battle_get_phase (reopened), ==, ADM_PHASE_END);
  assert_same_battle (battle, reopened);

  /* And the same dice give the same end phase. */
  {
    g_autoptr(AdmDiceQueue) dice_a = adm_dice_queue_new ();
    g_autoptr(AdmDiceQueue) dice_b = adm_dice_queue_new ();

    g_assert_true (adm_dice_queue_push_text (dice_a, "6 6 6 6 6 6 6 6 6 6 6 6", NULL));
    g_assert_true (adm_dice_queue_push_text (dice_b, "6 6 6 6 6 6 6 6 6 6 6 6", NULL));
    play_phases (battle, ADM_DICE_SOURCE (dice_a), 1);
    play_phases (reopened, ADM_DICE_SOURCE (dice_b), 1);
    assert_same_battle (battle, reopened);
  }

  /* Saved again, the reopened battle writes the same set-up and journal. */
  {
    g_autofree char *again_path = g_build_filename (scratch->dir, "again.xml", NULL);
    g_autoptr(AdmBattle) again = NULL;

    g_assert_true (adm_battle_save (reopened, again_path, &error));
    g_assert_no_error (error);
    again = open_game (again_path);
    assert_same_battle (battle, again);
    assert_same_setup (setup_path, again_path);
  }
}

/* Each roll keeps whose dice they were — the program's generator, or values the
 * master typed in from real dice — in the journal (dice="program|typed"), so that the dice
 * log tells them apart after a reload, as it did live. */
static void
test_roll_origin (Scratch       *scratch,
                  gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = load_corridor ();
  g_autoptr(AdmBattle) reopened = NULL;
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));
  g_autoptr(AdmDiceQueue) typed = adm_dice_queue_new ();
  g_autoptr(GString) values = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  guint program = 0, real = 0, first_typed;

  /* A turn by the program, then a turn with dice typed in. */
  play_phases (battle, ADM_DICE_SOURCE (prng), 5);
  first_typed = adm_battle_get_rolls (battle)->len;
  for (guint i = 0; i < 2000; i++)
    g_string_append_printf (values, "%u ", 1 + (i * 7) % 6);
  g_assert_true (adm_dice_queue_push_text (typed, values->str, &error));
  g_assert_no_error (error);
  play_phases (battle, ADM_DICE_SOURCE (typed), 5);

  for (guint i = 0; i < adm_battle_get_rolls (battle)->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (adm_battle_get_rolls (battle), i);

      g_assert_cmpint (roll->origin, ==, i < first_typed ? ADM_ROLL_ORIGIN_PROGRAM
                                                         : ADM_ROLL_ORIGIN_TYPED);
      program += roll->origin == ADM_ROLL_ORIGIN_PROGRAM;
      real += roll->origin == ADM_ROLL_ORIGIN_TYPED;
    }
  g_assert_cmpuint (program, >, 0);
  g_assert_cmpuint (real, >, 0);
  g_assert_true (adm_battle_save (battle, scratch->path, &error));
  g_assert_no_error (error);
  saved = file_contents (scratch->path);
  g_assert_nonnull (strstr (saved, "dice=\"program\""));
  g_assert_nonnull (strstr (saved, "dice=\"typed\""));

  reopened = open_game (scratch->path);
  g_assert_cmpuint (adm_battle_get_rolls (reopened)->len, ==, adm_battle_get_rolls (battle)->len);
  for (guint i = 0; i < adm_battle_get_rolls (battle)->len; i++)
    g_assert_cmpint (((AdmBattleRoll *) g_ptr_array_index (adm_battle_get_rolls (reopened), i))->origin,
                     ==,
                     ((AdmBattleRoll *) g_ptr_array_index (adm_battle_get_rolls (battle), i))->origin);
}

/* Each roll's outcome — the check its rule made, the dice that passed, a table's
 * result — is worked out again by the same code when the file is replayed, not read from
 * it: a reopened battle and one after undo and redo have the same outcomes. */
static void
assert_same_outcomes (AdmBattle *a,
                      AdmBattle *b)
{
  GPtrArray *rolls = adm_battle_get_rolls (a);

  g_assert_cmpuint (adm_battle_get_rolls (b)->len, ==, rolls->len);
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *x = g_ptr_array_index (rolls, i);
      const AdmBattleRoll *y = g_ptr_array_index (adm_battle_get_rolls (b), i);

      g_assert_cmpint (x->check, ==, y->check);
      g_assert_cmpint (x->target, ==, y->target);
      g_assert_cmpstr (x->against, ==, y->against);
      g_assert_cmpuint (x->passed, ==, y->passed);
      g_assert_cmpuint (x->failed, ==, y->failed);
      g_assert_cmpstr (x->result, ==, y->result);
    }
}

static void
test_roll_outcome (Scratch       *scratch,
                   gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = load_corridor ();
  g_autoptr(AdmBattle) reopened = NULL;
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));
  g_autoptr(GError) error = NULL;
  g_autofree char *saved = NULL;
  guint checks = 0;

  play_phases (battle, ADM_DICE_SOURCE (prng), 10);
  for (guint i = 0; i < adm_battle_get_rolls (battle)->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (adm_battle_get_rolls (battle), i);

      if (roll->check == ADM_ROLL_CHECK_NONE)
        continue;
      checks++;
      /* A check counts every die (a pair for doubles, the sum as one). */
      if (roll->check == ADM_ROLL_CHECK_EACH_AT_LEAST)
        g_assert_cmpuint (roll->passed + roll->failed, ==, roll->n_values);
      else if (roll->check == ADM_ROLL_CHECK_DOUBLES)
        g_assert_cmpuint (roll->passed + roll->failed, ==, roll->n_values / 2);
      else
        g_assert_cmpuint (roll->passed + roll->failed, ==, 1);
    }
  g_assert_cmpuint (checks, >, 0);
  g_assert_true (adm_battle_save (battle, scratch->path, &error));
  g_assert_no_error (error);
  /* Not kept in the file: the outcome is the rule's, computed again on replay. */
  saved = file_contents (scratch->path);
  g_assert_null (strstr (saved, "passed"));
  g_assert_null (strstr (saved, "each-at-least"));

  reopened = open_game (scratch->path);
  assert_same_outcomes (battle, reopened);

  /* Undo and redo replay the phase with its dice: the same outcomes. */
  g_assert_true (adm_battle_undo (reopened, &error));
  g_assert_no_error (error);
  g_assert_true (adm_battle_redo (reopened, &error));
  g_assert_no_error (error);
  assert_same_outcomes (battle, reopened);
}

/* A battle file opened as a game is a new battle with no file of its own. */
static void
test_setup_opens_as_new (void)
{
  g_autofree char *path = scenario_path ("corridor-skirmish.xml");
  g_autoptr(AdmBattle) game = open_game (path);
  g_autoptr(AdmBattle) battle = load_corridor ();

  g_assert_null (adm_battle_get_path (game));
  g_assert_cmpuint (adm_battle_get_journal (game)->len, ==, 0);
  assert_same_battle (game, battle);
}

static void
count_autosave_failure_cb (AdmBattle    *battle,
                           const GError *error,
                           gpointer      user_data)
{
  guint *count = user_data;

  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_SAVE);
  (*count)++;
}

/* Autosave writes the file at once and after every phase and undo; the file always reopens as
 * the battle stands; three backups are kept, the previous versions. */
static void
test_autosave (Scratch       *scratch,
               gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = load_corridor ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));
  g_autoptr(GPtrArray) versions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  guint failures = 0;

  g_signal_connect (battle, "autosave-failed", G_CALLBACK (count_autosave_failure_cb),
                    &failures);
  adm_battle_set_autosave_path (battle, scratch->path);
  g_assert_cmpstr (adm_battle_get_autosave_path (battle), ==, scratch->path);
  g_assert_cmpstr (adm_battle_get_path (battle), ==, scratch->path);
  g_assert_true (g_file_test (scratch->path, G_FILE_TEST_IS_REGULAR));
  g_ptr_array_add (versions, file_contents (scratch->path));

  /* Two turns, phase by phase: five phases a turn (F-SEQ-1). */
  for (guint i = 0; i < 10; i++)
    {
      g_autoptr(AdmBattle) reopened = NULL;

      play_phases (battle, ADM_DICE_SOURCE (prng), 1);
      reopened = open_game (scratch->path);
      assert_same_battle (battle, reopened);
      g_ptr_array_add (versions, file_contents (scratch->path));
      g_assert_cmpstr (g_ptr_array_index (versions, versions->len - 1), !=,
                       g_ptr_array_index (versions, versions->len - 2));
    }
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 3);

  /* Undo is saved too. */
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  {
    g_autoptr(AdmBattle) reopened = open_game (scratch->path);

    assert_same_battle (battle, reopened);
    g_assert_cmpint (adm_battle_get_phase (reopened), ==, ADM_PHASE_END);
  }
  g_ptr_array_add (versions, file_contents (scratch->path));

  /* Each phase after the first was added to the file in place (adm_journal_save ()): the
   * one backup is the file before the first phase, when it was last written whole. */
  g_assert_cmpuint (count_files (scratch->dir), ==, 2);
  {
    g_autofree char *backup = adm_battle_backup_path (scratch->path, 1);
    g_autofree char *text = file_contents (backup);

    g_assert_cmpstr (text, ==, g_ptr_array_index (versions, 0));
  }
  /* A file written whole again (here: opened and saved by another battle object) keeps the
   * versions before it as backups, newest first. */
  for (guint n = 2; n <= ADM_BATTLE_BACKUPS; n++)
    {
      g_autoptr(AdmBattle) reopened = open_game (scratch->path);

      g_assert_true (adm_battle_save (reopened, scratch->path, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (count_files (scratch->dir), ==, 1 + ADM_BATTLE_BACKUPS);
  for (guint n = 1; n <= ADM_BATTLE_BACKUPS; n++)
    {
      g_autofree char *backup = adm_battle_backup_path (scratch->path, n);
      g_autofree char *expected = g_strdup_printf ("game.backup-%u.xml", n);
      g_autofree char *base = g_path_get_basename (backup);
      g_autofree char *text = file_contents (backup);

      g_assert_cmpstr (base, ==, expected);
      g_assert_cmpstr (text, ==, n < ADM_BATTLE_BACKUPS
                                   ? g_ptr_array_index (versions, versions->len - 1)
                                   : g_ptr_array_index (versions, 0));
    }

  /* Setting the same path again writes nothing: the file holds the battle already. */
  {
    g_autofree char *backup = adm_battle_backup_path (scratch->path, 1);
    g_autofree char *before = file_contents (backup);
    g_autofree char *after = NULL;

    adm_battle_set_autosave_path (battle, scratch->path);
    after = file_contents (backup);
    g_assert_cmpstr (before, ==, after);
  }

  /* Turned off, the file stays as it was. */
  adm_battle_set_autosave_path (battle, NULL);
  play_phases (battle, ADM_DICE_SOURCE (prng), 1);
  {
    g_autofree char *text = file_contents (scratch->path);

    g_assert_cmpstr (text, ==, g_ptr_array_index (versions, versions->len - 1));
  }
  g_assert_cmpuint (failures, ==, 0);
  g_assert_null (adm_battle_get_autosave_error (battle));
}

/* An autosave that fails keeps the phase, says so by the signal and the getter, and the next
 * autosave that works writes it all. */
static void
test_autosave_failure (Scratch       *scratch,
                       gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = load_corridor ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));
  g_autofree char *nowhere = g_build_filename (scratch->dir, "no-such-folder", "game.xml",
                                               NULL);
  const GError *error;
  guint failures = 0;

  g_signal_connect (battle, "autosave-failed", G_CALLBACK (count_autosave_failure_cb),
                    &failures);
  adm_battle_set_autosave_path (battle, nowhere);
  g_assert_cmpuint (failures, ==, 1);
  play_phases (battle, ADM_DICE_SOURCE (prng), 2);
  g_assert_cmpuint (failures, ==, 3);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_cmpuint (adm_battle_get_journal (battle)->len, >, 0);
  error = adm_battle_get_autosave_error (battle);
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_SAVE);
  g_assert_nonnull (strstr (error->message, "no-such-folder"));
  g_assert_null (adm_battle_get_path (battle));

  adm_battle_set_autosave_path (battle, scratch->path);
  g_assert_null (adm_battle_get_autosave_error (battle));
  g_assert_cmpuint (failures, ==, 3);
  {
    g_autoptr(AdmBattle) reopened = open_game (scratch->path);

    assert_same_battle (battle, reopened);
    g_assert_cmpint (adm_battle_get_phase (reopened), ==, ADM_PHASE_FIRE);
  }
}

/* With the flush left to the flusher (adm_battle_set_flush_later (), as the app's battle page
 * sets it), a phase's autosave does not wait for the disk: a turn's five phases on a disk
 * whose every flush takes three seconds (ADMIRALTY_TEST_FLUSH_DELAY_MS) take less than that —
 * one phase that waited for a flush would take it all, however loaded the machine — the
 * file holds each phase as soon as it is resolved, and the battle's last reference waits for
 * the flushes, the turn's checkpoint among them, before it goes. */
static void
test_autosave_flush_later (Scratch       *scratch,
                           gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = load_corridor ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));
  g_autofree char *checkpoint = adm_file_checkpoint_path (scratch->path, "turn-1");
  guint failures = 0;
  gint64 start;

  g_signal_connect (battle, "autosave-failed", G_CALLBACK (count_autosave_failure_cb),
                    &failures);
  adm_battle_set_flush_later (battle, TRUE);
  adm_battle_set_autosave_path (battle, scratch->path);
  g_setenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS", "3000", TRUE);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < 5; i++)
    {
      g_autoptr(AdmBattle) reopened = NULL;

      play_phases (battle, ADM_DICE_SOURCE (prng), 1);
      reopened = open_game (scratch->path);
      assert_same_battle (battle, reopened);
    }
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);
  g_assert_cmpint (adm_battle_get_turn (battle), ==, 2);

  start = g_get_monotonic_time ();
  g_clear_object (&battle);
  g_assert_cmpint (g_get_monotonic_time () - start, >=, 3 * G_USEC_PER_SEC);
  g_assert_true (g_file_test (checkpoint, G_FILE_TEST_IS_REGULAR));
  g_unsetenv ("ADMIRALTY_TEST_FLUSH_DELAY_MS");
  g_assert_cmpuint (failures, ==, 0);
}

static gboolean
iterate_until_failed (guint *failures,
                      guint  at_least)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (*failures < at_least && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  return *failures >= at_least;
}

/* A flush that fails on the flusher, after the phase was written and shown: the master is
 * told when the flusher says so ("Cannot save the battle to …"), nothing played is lost, and
 * the next autosave writes the file whole, so that reopened it holds every phase. */
static void
test_autosave_flush_failed (Scratch       *scratch,
                            gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = load_corridor ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));
  g_autofree char *display = g_filename_display_name (scratch->path);
  const GError *error;
  guint failures = 0;

  g_signal_connect (battle, "autosave-failed", G_CALLBACK (count_autosave_failure_cb),
                    &failures);
  adm_battle_set_flush_later (battle, TRUE);
  adm_battle_set_autosave_path (battle, scratch->path);
  play_phases (battle, ADM_DICE_SOURCE (prng), 1);

  g_atomic_int_set (&fail_flushes, 1);
  play_phases (battle, ADM_DICE_SOURCE (prng), 1);
  g_assert_true (iterate_until_failed (&failures, 1));
  error = adm_battle_get_autosave_error (battle);
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_SAVE);
  g_test_message ("told: %s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "Cannot save the battle to "));
  g_assert_nonnull (strstr (error->message, display));
  g_assert_nonnull (strstr (error->message, g_strerror (EIO)));

  g_atomic_int_set (&fail_flushes, 0);
  play_phases (battle, ADM_DICE_SOURCE (prng), 1);
  g_assert_null (adm_battle_get_autosave_error (battle));
  g_clear_object (&battle);
  {
    g_autoptr(AdmBattle) replayed = load_corridor ();
    g_autoptr(AdmDicePrng) again = adm_dice_prng_new (adm_battle_get_seed (replayed));
    g_autoptr(AdmBattle) reopened = open_game (scratch->path);

    play_phases (replayed, ADM_DICE_SOURCE (again), 3);
    assert_same_battle (replayed, reopened);
  }
}

/* A crash in the middle of a save leaves the previous file whole. */
static void
test_crash_during_save (void)
{
  Scratch scratch_data = { NULL, NULL };
  Scratch *scratch = &scratch_data;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  if (g_test_subprocess ())
    {
      const char *path = g_getenv ("BATTLE_PATH");
      g_autoptr(AdmBattle) battle = open_game (path);
      g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));

      g_setenv ("ADMIRALTY_TEST_CRASH_DURING_SAVE", "200", TRUE);
      adm_battle_set_autosave_path (battle, path);
      play_phases (battle, ADM_DICE_SOURCE (prng), 1);
      g_assert_not_reached ();
    }

  /* The subprocess never returns to a fixture's teardown: the folder is made here. */
  scratch_setup (scratch, NULL);
  {
    g_autoptr(AdmBattle) battle = corridor_after (1);

    g_assert_true (adm_battle_save (battle, scratch->path, NULL));
  }
  before = file_contents (scratch->path);

  g_setenv ("BATTLE_PATH", scratch->path, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();

  after = file_contents (scratch->path);
  g_assert_cmpstr (before, ==, after);
  {
    g_autoptr(AdmBattle) reopened = open_game (scratch->path);

    g_assert_cmpint (adm_battle_get_turn (reopened), ==, 2);
  }
  /* The half-written temporary file the "crash" left behind, and nothing else. */
  g_assert_cmpuint (count_files (scratch->dir), ==, 2);
  scratch_teardown (scratch, NULL);
}

/* A truncated saved battle is refused as damaged with its file and line, and the newest
 * backup that opens is offered; a damaged backup is passed over. */
static void
test_corrupt_offers_backup (Scratch       *scratch,
                            gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = load_corridor ();
  g_autoptr(AdmDicePrng) prng = adm_dice_prng_new (adm_battle_get_seed (battle));
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *backup = NULL;
  g_autofree char *newest = adm_battle_backup_path (scratch->path, 1);
  g_autofree char *second = adm_battle_backup_path (scratch->path, 2);
  g_autofree char *expected = NULL;
  gsize length;

  adm_battle_set_autosave_path (battle, scratch->path);
  /* The newest backup is the file as it was last written whole, before the first phase: the
   * phases after it were added to the file in place (adm_journal_save ()). */
  expected = adm_battle_dump (battle);
  play_phases (battle, ADM_DICE_SOURCE (prng), 5);  /* turn 1 */
  play_phases (battle, ADM_DICE_SOURCE (prng), 1);  /* turn 2, detection */
  g_clear_object (&battle);

  /* Cut the file in half, as a full disk or a bad copy would. */
  g_assert_true (g_file_get_contents (scratch->path, &text, &length, NULL));
  write_file (scratch->path, text, (gssize) length / 2);

  g_assert_null (adm_battle_load_game (scratch->path, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  g_assert_true (names_file_and_line (error->message));
  g_assert_nonnull (strstr (error->message, "truncated"));

  backup = adm_battle_find_backup (scratch->path);
  g_assert_cmpstr (backup, ==, newest);
  {
    g_autoptr(AdmBattle) restored = open_game (backup);
    g_autofree char *dump = adm_battle_dump (restored);

    g_assert_cmpstr (dump, ==, expected);
    g_assert_cmpstr (adm_battle_get_path (restored), ==, backup);
  }

  /* Not XML at all in the newest backup: the next good copy is offered, here the checkpoint
   * of turn 1 (there is no second backup: one save wrote the file whole). */
  write_file (newest, "<battle-game version=", -1);
  g_clear_pointer (&backup, g_free);
  backup = adm_battle_find_backup (scratch->path);
  g_assert_false (g_file_test (second, G_FILE_TEST_EXISTS));
  g_assert_nonnull (backup);
  g_assert_true (g_str_has_suffix (backup, "turn-1.xml"));

  /* An empty file beside its backups is damaged too. */
  write_file (scratch->path, "", 0);
  g_clear_error (&error);
  g_assert_null (adm_battle_load_game (scratch->path, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_CORRUPT);
}

/* A set-up that battle.rng refuses, inside a saved battle, is named with its line in the
 * saved file. */
static void
test_invalid_setup_line (Scratch       *scratch,
                         gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = corridor_after (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *variant = NULL;
  g_auto(GStrv) lines = NULL;
  g_autofree char *expected = NULL;
  int line = 0;

  g_assert_true (adm_battle_save (battle, scratch->path, NULL));
  text = file_contents (scratch->path);
  variant = replace_once (text, "readiness=\"7\"", "readiness=\"seven\"");
  write_file (scratch->path, variant, -1);
  lines = g_strsplit (variant, "\n", -1);
  for (guint i = 0; lines[i] != NULL && line == 0; i++)
    if (strstr (lines[i], "id=\"kestrel\"") != NULL)
      line = (int) i + 1;
  g_assert_cmpint (line, >, 0);

  g_assert_null (adm_battle_load_game (scratch->path, &error));
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_CORRUPT);
  g_test_message ("%s", error->message);
  expected = g_strdup_printf ("game.xml:%d: ", line);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "seven"));
}

/* Returns the saved corridor after two turns with @from replaced by @to in its journal, and
 * the line of the first line holding @mark (or 0). */
static char *
tampered_game (Scratch    *scratch,
               const char *from,
               const char *to,
               const char *mark,
               int        *line)
{
  g_autoptr(AdmBattle) battle = corridor_after (2);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  char *variant;

  g_assert_true (adm_battle_save (battle, scratch->path, NULL));
  text = file_contents (scratch->path);
  variant = replace_once (strstr (text, "<journal>"), from, to);
  {
    g_autofree char *head = g_strndup (text, strstr (text, "<journal>") - text);
    g_autofree char *whole = g_strconcat (head, variant, NULL);

    g_free (variant);
    variant = g_steal_pointer (&whole);
  }
  write_file (scratch->path, variant, -1);
  lines = g_strsplit (variant, "\n", -1);
  *line = 0;
  for (guint i = 0; lines[i] != NULL && *line == 0; i++)
    if (strstr (lines[i], mark) != NULL)
      *line = (int) i + 1;
  return variant;
}

/* A die changed by hand so that the journal no longer replays: refused, naming the file, the
 * line and the phase; the backup is offered. */
static void
test_tampered_die (Scratch       *scratch,
                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *variant = NULL;
  g_autofree char *expected = NULL;
  int line;

  /* Turn 1's movement phase: Kestrel's all ahead full (F-MOVE-17) rolls 2d6; a 9 on a d6
   * cannot be. */
  variant = tampered_game (scratch, "sides=\"6\" values=\"", "sides=\"6\" values=\"9 ",
                           "phase=\"movement\"", &line);
  g_assert_cmpint (line, >, 0);
  g_assert_null (adm_battle_load_game (scratch->path, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY);
  expected = g_strdup_printf ("game.xml:%d: the journal does not replay at turn 1, movement "
                              "phase: ", line);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_assert_nonnull (strstr (error->message, "9"));
  /* The replay's dice are asked for with the roll's purpose unwritten; the one they
   * cannot give is named all the same. */
  g_assert_nonnull (strstr (error->message, "9 is not on a d6 (1–6): check the value entered "
                                            "for Kestrel group all ahead full, extra cm"));
}

/* A die taken away: the phase runs out of dice; a die added: it has some left over. Both are
 * named by their phase. */
static void
test_missing_and_extra_die (Scratch       *scratch,
                            gconstpointer  data)
{
  g_autofree char *variant = NULL;
  g_autofree char *expected = NULL;
  int line;

  {
    g_autoptr(GError) error = NULL;

    variant = tampered_game (scratch, "values=\"", "values=\"4 ", "phase=\"movement\"", &line);
    g_assert_null (adm_battle_load_game (scratch->path, &error));
    g_test_message ("%s", error->message);
    g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY);
    expected = g_strdup_printf ("game.xml:%d: the journal does not replay at turn 1, "
                                "movement phase: ", line);
    g_assert_true (g_str_has_prefix (error->message, expected));
    g_assert_nonnull (strstr (error->message, "left over"));
  }
  g_clear_pointer (&variant, g_free);
  g_clear_pointer (&expected, g_free);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GRegex) regex = g_regex_new ("values=\"[0-9]+ ", 0, 0, NULL);
    g_autofree char *text = NULL;
    g_autofree char *cut = NULL;
    g_auto(GStrv) lines = NULL;
    g_autoptr(GMatchInfo) match = NULL;
    int phase_line = 0;

    /* The first roll of two dice or more loses its first die. */
    {
      g_autoptr(AdmBattle) battle = corridor_after (2);

      g_assert_true (adm_battle_save (battle, scratch->path, NULL));
    }
    text = file_contents (scratch->path);
    g_assert_true (g_regex_match (regex, text, 0, &match));
    {
      int start, end;

      g_assert_true (g_match_info_fetch_pos (match, 0, &start, &end));
      cut = g_strdup_printf ("%.*svalues=\"%s", start, text, text + end);
      /* Its phase is the last action before it. */
      lines = g_strsplit (cut, "\n", -1);
      for (guint i = 0, offset = 0; lines[i] != NULL && offset <= (guint) start; i++)
        {
          if (strstr (lines[i], "<action ") != NULL)
            phase_line = (int) i + 1;
          offset += strlen (lines[i]) + 1;
        }
    }
    write_file (scratch->path, cut, -1);
    g_assert_null (adm_battle_load_game (scratch->path, &error));
    g_test_message ("%s", error->message);
    g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY);
    expected = g_strdup_printf ("game.xml:%d: the journal does not replay at turn ", phase_line);
    g_assert_true (g_str_has_prefix (error->message, expected));
  }
}

/* A phase relabelled by hand replays but is not the battle that was saved. */
static void
test_wrong_phase (Scratch       *scratch,
                  gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *variant = NULL;
  int line;

  variant = tampered_game (scratch, "phase=\"fire\"", "phase=\"end\"", "phase=\"end\"", &line);
  g_assert_null (adm_battle_load_game (scratch->path, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY);
  g_assert_true (names_file_and_line (error->message));
  g_assert_nonnull (strstr (error->message, "it says turn 1, end phase, but the battle is in "
                                            "turn 1, fire phase there"));
}

/* A newer format is refused as such, not as damage. */
static void
test_newer_version (Scratch       *scratch,
                    gconstpointer  data)
{
  g_autoptr(AdmBattle) battle = corridor_after (1);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *variant = NULL;

  g_assert_true (adm_battle_save (battle, scratch->path, NULL));
  text = file_contents (scratch->path);
  variant = replace_once (text, "version=\"2\">", "version=\"3\">");
  write_file (scratch->path, variant, -1);
  g_assert_null (adm_battle_load_game (scratch->path, &error));
  g_assert_error (error, ADM_XML_ERROR, ADM_XML_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, "game.xml:2: this saved battle was written in version "
                                       "“3” of the format, which this version of Admiralty "
                                       "cannot read");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/engine/battle-save/save-and-reload", Scratch, NULL, scratch_setup,
              test_save_and_reload, scratch_teardown);
  g_test_add_func ("/engine/battle-save/setup-opens-as-new", test_setup_opens_as_new);
  g_test_add ("/engine/battle-save/roll-origin", Scratch, NULL, scratch_setup, test_roll_origin,
              scratch_teardown);
  g_test_add ("/engine/battle-save/roll-outcome", Scratch, NULL, scratch_setup,
              test_roll_outcome, scratch_teardown);
  g_test_add ("/engine/battle-save/autosave", Scratch, NULL, scratch_setup, test_autosave,
              scratch_teardown);
  g_test_add ("/engine/battle-save/autosave-failure", Scratch, NULL, scratch_setup,
              test_autosave_failure, scratch_teardown);
  g_test_add ("/engine/battle-save/autosave-flush-later", Scratch, NULL, scratch_setup,
              test_autosave_flush_later, scratch_teardown);
  g_test_add ("/engine/battle-save/autosave-flush-failed", Scratch, NULL, scratch_setup,
              test_autosave_flush_failed, scratch_teardown);
  g_test_add_func ("/engine/battle-save/crash-during-save", test_crash_during_save);
  g_test_add ("/engine/battle-save/corrupt-offers-backup", Scratch, NULL, scratch_setup,
              test_corrupt_offers_backup, scratch_teardown);
  g_test_add ("/engine/battle-save/invalid-setup-line", Scratch, NULL, scratch_setup,
              test_invalid_setup_line, scratch_teardown);
  g_test_add ("/engine/battle-save/tampered-die", Scratch, NULL, scratch_setup,
              test_tampered_die, scratch_teardown);
  g_test_add ("/engine/battle-save/missing-and-extra-die", Scratch, NULL, scratch_setup,
              test_missing_and_extra_die, scratch_teardown);
  g_test_add ("/engine/battle-save/wrong-phase", Scratch, NULL, scratch_setup,
              test_wrong_phase, scratch_teardown);
  g_test_add ("/engine/battle-save/newer-version", Scratch, NULL, scratch_setup,
              test_newer_version, scratch_teardown);

  return g_test_run ();
}
