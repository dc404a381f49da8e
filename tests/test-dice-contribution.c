/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dice-contribution.c: the sides' contributions to a phase's program dice
 * (adm-dice-contribution.h, docs/dice.md, F-STRAT-4): what the one check refuses — dice not
 * on a d6, a phase already rolled or a battle over, a second contribution from a side, a
 * phone's tap that is not the one it committed to, a phone committing once dice are shown —
 * then that a secret known in advance no longer foretells a phase's rolls, that verify-dice
 * recomputes them, and that the offline verifier page does so in a browser, refusing forged
 * data. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "adm-dice-page.h"
#include "browser-helpers.h"
#include "cli-helpers.h"
#include "file-helpers.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795000000)

typedef struct {
  char        *folder;
  AdmCampaign *campaign;
  AdmBattle   *battle;
  const char  *sides[2];  /* the battle's two sides' ids */
} Fixture;

/* Cycle 1 of the Komarr campaign saved in a new folder, the battle of c1-3 set up and kept
 * (so that the campaign knows the phase about to be rolled). */
static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->folder = g_dir_make_tmp ("admiralty-contribution-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->campaign = komarr_c1_3_kept (fixture->folder, T0, &fixture->battle);
  fixture->sides[0] = adm_battle_get_side (fixture->battle, 0)->id;
  fixture->sides[1] = adm_battle_get_side (fixture->battle, 1)->id;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_clear_object (&fixture->battle);
  g_clear_object (&fixture->campaign);
  remove_folder (fixture->folder);
  g_free (fixture->folder);
}

static guint
n_entries (Fixture *fixture)
{
  return adm_journal_get_n_entries (adm_campaign_get_journal (fixture->campaign));
}

/* The phase about to be rolled resolved with @turn_orders (the declarations of its turn) and
 * the campaign's program dice; then kept, which the campaign may refuse (FALSE, @error set). */
static gboolean
resolve_phase_with (Fixture              *fixture,
                    const AdmTurnOrders  *turn_orders,
                    GError              **error)
{
  g_autoptr(AdmDiceSource) dice = NULL;
  /* A seed of its own: the private folder is shared by the tests running beside it. */
  const guint64 seed = 6907;

  dice = adm_campaign_dice_source (fixture->campaign, "c1-3", fixture->battle, &seed,
                                   T0 + 3000, error);
  g_assert_no_error (*error);
  g_assert_true (adm_battle_resolve_phase (fixture->battle, turn_orders, dice, error));
  g_assert_no_error (*error);
  return adm_campaign_keep_battle (fixture->campaign, "c1-3", fixture->battle, error);
}

/* The phase about to be rolled, resolved with c1-3's orders and the campaign's program dice,
 * and kept. */
static void
resolve_phase (Fixture *fixture)
{
  g_autoptr(AdmBattleOrders) orders = komarr_c1_3_orders ();
  g_autoptr(GError) error = NULL;

  g_assert_true (resolve_phase_with (fixture,
                                     adm_battle_orders_get_turn (
                                       orders, adm_battle_get_turn (fixture->battle)),
                                     &error));
  g_assert_no_error (error);
}

/* A "dice-contribution" written by hand, as a forged or stale file would hold it. */
static AdmEvent *
contribution_event (Fixture    *fixture,
                    guint       from,
                    const char *side,
                    const char *key,
                    const char *value)
{
  AdmEvent *event = adm_event_new ("dice-contribution", T0 + 2900);

  adm_event_set (event, "engagement", "c1-3");
  adm_event_set_int (event, "from", from);
  adm_event_set_int (event, "turn", adm_battle_get_turn (fixture->battle));
  adm_event_set (event, "phase", adm_phase_to_string (adm_battle_get_phase (fixture->battle)));
  adm_event_set (event, "side", side);
  adm_event_set (event, "by", "side");
  adm_event_set (event, key, value);
  return event;
}

static void
assert_refused (Fixture    *fixture,
                AdmEvent   *event,
                const char *words)
{
  g_autoptr(AdmEvent) refused = event;
  g_autoptr(GError) error = NULL;
  guint before = n_entries (fixture);

  g_assert_false (adm_campaign_append (fixture->campaign, event, &error));
  g_assert_nonnull (error);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, words);
  g_assert_cmpuint (n_entries (fixture), ==, before);
}

/* Dice not on a d6, or not two of them, are refused as typed and as journaled, naming the
 * value; nothing is journaled. */
static void
test_refuses_out_of_range (Fixture       *fixture,
                           gconstpointer  data)
{
  const char *bad[] = { "7 2", "0 3", "3", "3 5 6", "three five", "", "35x" };
  g_autoptr(GError) error = NULL;
  guint before = n_entries (fixture);

  for (guint b = 0; b < G_N_ELEMENTS (bad); b++)
    {
      g_assert_false (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0],
                                              bad[b], FALSE, NULL, T0 + 2900, &error));
      g_assert_error (error, ADM_DICE_ERROR, (b < 2 ? ADM_DICE_ERROR_OUT_OF_RANGE
                                                    : ADM_DICE_ERROR_PARSE));
      g_clear_error (&error);
    }
  g_assert_cmpuint (n_entries (fixture), ==, before);
  assert_refused (fixture, contribution_event (fixture, 1, fixture->sides[0], "dice", "6 9"),
                  "has a 9");
  assert_refused (fixture, contribution_event (fixture, 1, "no-such-side", "dice", "6 1"),
                  "is no side of the battle");
  /* Typed "35" or "3,5" is the same throw as "3 5". */
  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0], "3,5",
                                         FALSE, NULL, T0 + 2900, &error));
  g_assert_no_error (error);
}

/* A side gives once a phase: a second throw, typed or by phone, is refused, undone or not. */
static void
test_refuses_second (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  guint before;

  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0], "3 5",
                                         FALSE, NULL, T0 + 2900, &error));
  g_assert_no_error (error);
  before = n_entries (fixture);
  g_assert_false (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0], "6 6",
                                          TRUE, NULL, T0 + 2910, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);
  assert_refused (fixture, contribution_event (fixture, 1, fixture->sides[0], "dice", "6 6"),
                  "already");
  g_assert_cmpuint (n_entries (fixture), ==, before);
}

/* A contribution to a phase already rolled, or to a battle that is over, is refused. */
static void
test_refuses_locked_phase (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  guint next;

  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0], "2 4",
                                         FALSE, NULL, T0 + 2900, &error));
  g_assert_no_error (error);
  while (adm_battle_get_rolls (fixture->battle)->len == 0)
    resolve_phase (fixture);
  /* The phase's dice are rolled: its contributions are closed. */
  assert_refused (fixture, contribution_event (fixture, 1, fixture->sides[1], "dice", "1 1"),
                  "rolled already");
  next = adm_battle_get_rolls (fixture->battle)->len + 1;
  assert_refused (fixture, contribution_event (fixture, next + 5, fixture->sides[1], "dice",
                                               "1 1"), "about to be rolled");
  /* A later phase contributed to: an earlier one is too late, whatever the battle says. */
  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0], "5 6",
                                         FALSE, NULL, T0 + 3500, &error));
  g_assert_no_error (error);
  assert_refused (fixture, contribution_event (fixture, 1, fixture->sides[1], "dice", "1 1"),
                  "too late");
  g_assert_true (adm_campaign_end_battle (fixture->campaign, "c1-3", fixture->battle,
                                          "Pol Six withdrew", T0 + 4000, &error));
  g_assert_no_error (error);
  assert_refused (fixture, contribution_event (fixture, next, fixture->sides[1], "dice", "1 1"),
                  "already ended");
  g_assert_false (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[1], "1 1",
                                          FALSE, NULL, T0 + 4100, &error));
  g_assert_nonnull (error);
}

/* A phone commits to its tap before anything of the phase is shown; the tap it shows must be
 * the one committed to; the master throws for a phone that never shows it. */
static void
test_phone_commit_reveal (Fixture       *fixture,
                          gconstpointer  data)
{
  guint8 tap[ADM_DICE_SECRET_LENGTH], other[ADM_DICE_SECRET_LENGTH];
  g_autofree char *commit = NULL, *tap_hex = NULL, *other_hex = NULL;
  g_autoptr(AdmEvent) reveal = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GError) error = NULL;
  const AdmDicePhaseMix *mix;

  for (guint i = 0; i < ADM_DICE_SECRET_LENGTH; i++)
    {
      tap[i] = (guint8) (i * 7 + 1);
      other[i] = (guint8) (i * 7 + 2);
    }
  commit = adm_dice_commitment_of (tap);
  tap_hex = adm_dice_secret_to_hex (tap);
  other_hex = adm_dice_secret_to_hex (other);

  /* A tap shown before it was committed to is refused. */
  g_assert_false (adm_campaign_show_dice (fixture->campaign, "c1-3", fixture->sides[0], tap_hex,
                                          T0 + 2900, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0], NULL,
                                         FALSE, commit, T0 + 2900, &error));
  g_assert_no_error (error);
  /* Not yet shown: the phase waits on it. */
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  g_assert_false (adm_dice_mixes_ready (mixes, "c1-3", 1, &error));
  g_assert_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
  g_clear_error (&error);
  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[1], "4 1",
                                         FALSE, NULL, T0 + 2910, &error));
  g_assert_no_error (error);
  /* Dice are shown now: a phone that commits after them could choose by them. */
  assert_refused (fixture, contribution_event (fixture, 1, fixture->sides[1], "commit", commit),
                  "already");
  {
    g_autoptr(AdmEvent) late = contribution_event (fixture, 1, fixture->sides[0], "commit",
                                                   commit);

    /* (the same side again is refused as a second contribution first) */
    assert_refused (fixture, g_steal_pointer (&late), "already");
  }
  /* The tap shown is not the one committed to. */
  g_assert_false (adm_campaign_show_dice (fixture->campaign, "c1-3", fixture->sides[0],
                                          other_hex, T0 + 2920, &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "not the one it committed to"));
  g_clear_error (&error);
  g_assert_true (adm_campaign_show_dice (fixture->campaign, "c1-3", fixture->sides[0], tap_hex,
                                         T0 + 2930, &error));
  g_assert_no_error (error);
  g_clear_pointer (&mixes, g_ptr_array_unref);
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);
  mix = g_ptr_array_index (mixes, 0);
  g_assert_nonnull (mix->mix);
  g_assert_true (adm_dice_mixes_ready (mixes, "c1-3", 1, &error));
  /* Shown twice: refused. */
  g_assert_false (adm_campaign_show_dice (fixture->campaign, "c1-3", fixture->sides[0], tap_hex,
                                          T0 + 2940, &error));
  g_assert_nonnull (error);
}

/* The foresight the issue is about: whoever holds the secret before the battle (here the
 * seed's, known to the test) derives what each roll would be from it alone — the old
 * derivation — and it is not what the phase rolls once the sides have given their dice; the
 * rolls are those of the secret and the contributions together, which verify-dice finds
 * once the battle ends. */
static void
test_secret_no_longer_foretells (Fixture       *fixture,
                                 gconstpointer  data)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *rolls;
  guint foretold = 0, dice = 0, fresh = 0;

  adm_dice_secret_from_seed (6907, secret);
  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0], "3 5",
                                         FALSE, NULL, T0 + 2900, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[1], "6 2",
                                         TRUE, NULL, T0 + 2901, &error));
  g_assert_no_error (error);
  /* Every phase until one rolls some dice, each given its own contributions. */
  while (adm_battle_get_rolls (fixture->battle)->len == 0)
    {
      resolve_phase (fixture);
      if (adm_battle_get_rolls (fixture->battle)->len == 0)
        {
          g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[0],
                                                 "1 6", FALSE, NULL, T0 + 2902, &error));
          g_assert_no_error (error);
          g_assert_true (adm_campaign_give_dice (fixture->campaign, "c1-3", fixture->sides[1],
                                                 "5 5", FALSE, NULL, T0 + 2903, &error));
          g_assert_no_error (error);
        }
    }
  rolls = adm_battle_get_rolls (fixture->battle);
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);
      const AdmDicePhaseMix *mix = adm_dice_mix_of_roll (mixes, i + 1);
      g_autofree guint *old = g_new (guint, roll->n_values);
      g_autofree guint *mixed = g_new (guint, roll->n_values);

      g_assert_cmpint (roll->origin, ==, ADM_ROLL_ORIGIN_PROGRAM);
      g_assert_nonnull (mix);
      g_assert_nonnull (mix->mix);
      /* What the secret alone foretold. */
      adm_dice_derive (secret, "c1-3", i + 1, roll->n_values, roll->sides, old);
      /* What the secret and the sides' dice give: the roll made. */
      adm_dice_derive_mixed (secret, "c1-3", i + 1, mix->mix, roll->n_values, roll->sides,
                             mixed);
      g_assert_cmpmem (mixed, roll->n_values * sizeof (guint), roll->values,
                       roll->n_values * sizeof (guint));
      dice += roll->n_values;
      for (guint v = 0; v < roll->n_values; v++)
        foretold += old[v] == roll->values[v];
    }
  g_test_message ("%u of %u dice as the secret alone foretold", foretold, dice);
  g_assert_cmpuint (dice, >=, 4);
  /* Were the secret still foretelling, every die would be as foretold. */
  g_assert_cmpuint (foretold, <, dice);

  /* Once the battle ends, the secret revealed, every roll checks, mixed with its phase's. */
  g_assert_true (adm_campaign_end_battle (fixture->campaign, "c1-3", fixture->battle,
                                          "Pol Six withdrew", T0 + 4000, &error));
  g_assert_no_error (error);
  commitments = adm_campaign_get_dice_commitments (fixture->campaign, "c1-3");
  checks = adm_dice_verify (commitments, "c1-3", fixture->battle, adm_audience_master ());
  g_assert_cmpuint (checks->len, ==, rolls->len);
  for (guint i = 0; i < checks->len; i++)
    {
      const AdmDiceCheck *check = g_ptr_array_index (checks, i);

      g_assert_cmpint (check->verdict, ==, ADM_DICE_VERDICT_MATCH);
      g_assert_nonnull (check->mix);
      fresh += check->fresh;
    }
  g_assert_cmpuint (fresh, >, 0);
}

/* Declarations bound to the dice thrown for them: a digest that is not one, or another side
 * naming other declarations, is refused; the phase resolved with other declarations than
 * those locked is not kept, nothing journaled; resolved with them, it is, and verify-dice
 * says so — and says DO NOT MATCH, exit status 1, of a file whose locked declarations were
 * changed by hand. */
static void
test_declarations_bound (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(AdmBattleOrders) orders = komarr_c1_3_orders ();
  const AdmTurnOrders *declared = adm_battle_orders_get_turn (orders, 1);
  g_autofree char *locked = adm_battle_declarations_digest (fixture->battle, declared);
  g_autofree char *other = adm_battle_declarations_digest (fixture->battle, NULL);
  g_autofree char *path = g_build_filename (fixture->folder, "komarr.admiralty", NULL);
  g_autofree char *tampered_path = g_build_filename (fixture->folder, "tampered.admiralty", NULL);
  g_autofree char *text = NULL, *tampered = NULL, *unsealed = NULL;
  g_autofree char *attribute = NULL, *changed = NULL, *kept = NULL;
  g_autoptr(GRegex) seal = g_regex_new (" (origin|digest)=\"[0-9a-f]{64}\"", 0, 0, NULL);
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(CliResult) check = NULL;
  g_autoptr(CliResult) forged = NULL;
  g_autoptr(GError) error = NULL;
  guint before;

  g_assert_nonnull (declared);
  g_assert_cmpstr (locked, !=, other);
  {
    AdmEvent *event = contribution_event (fixture, 1, fixture->sides[0], "dice", "3 5");

    adm_event_set (event, "declarations", "not-a-digest");
    assert_refused (fixture, event, "64 lowercase hexadecimal");
  }
  g_assert_true (adm_campaign_give_declared_dice (fixture->campaign, "c1-3", fixture->sides[0],
                                                  "3 5", FALSE, NULL, locked, T0 + 2900,
                                                  &error));
  g_assert_no_error (error);
  before = n_entries (fixture);
  g_assert_false (adm_campaign_give_declared_dice (fixture->campaign, "c1-3", fixture->sides[1],
                                                   "6 2", FALSE, NULL, other, T0 + 2901,
                                                   &error));
  g_assert_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "other declarations"));
  g_clear_error (&error);
  g_assert_cmpuint (n_entries (fixture), ==, before);
  g_assert_true (adm_campaign_give_declared_dice (fixture->campaign, "c1-3", fixture->sides[1],
                                                  "6 2", FALSE, NULL, locked, T0 + 2901,
                                                  &error));
  g_assert_no_error (error);

  /* Resolved with no declarations at all: not kept, nothing of the battle journaled (the
   * dice commitment its first roll made stands, as any does). */
  kept = g_strdup (adm_campaign_get_battle (fixture->campaign, "c1-3", NULL, NULL));
  g_assert_false (resolve_phase_with (fixture, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "not those locked"));
  g_clear_error (&error);
  g_assert_cmpstr (adm_campaign_get_battle (fixture->campaign, "c1-3", NULL, NULL), ==, kept);
  /* Taken back and resolved with the declarations locked: kept. */
  g_assert_true (adm_battle_undo (fixture->battle, &error));
  g_assert_no_error (error);
  g_assert_true (resolve_phase_with (fixture, declared, &error));
  g_assert_no_error (error);
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);
  g_assert_cmpstr (((const AdmDicePhaseMix *) g_ptr_array_index (mixes, 0))->declarations, ==,
                   locked);
  g_assert_cmpint (adm_dice_mix_check_battle (g_ptr_array_index (mixes, 0), fixture->battle),
                   ==, ADM_DECLARATIONS_MATCH);
  g_assert_true (adm_campaign_end_battle (fixture->campaign, "c1-3", fixture->battle,
                                          "Pol Six withdrew", T0 + 4000, &error));
  g_assert_no_error (error);
  g_assert_true (adm_campaign_save (fixture->campaign, path, &error));
  g_assert_no_error (error);

  check = run_cli ("verify-dice", path, "c1-3", NULL);
  g_assert_cmpint (check->status, ==, 0);
  g_assert_nonnull (strstr (check->out, "the phase was resolved with them"));

  /* The locked declarations changed in the file, its seals taken off so that it opens. */
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  attribute = g_strdup_printf ("declarations=\"%s\"", locked);
  changed = g_strdup_printf ("declarations=\"%s\"", other);
  g_assert_nonnull (strstr (text, attribute));
  tampered = g_regex_replace_literal (seal, text, -1, 0, "", 0, NULL);
  {
    g_auto(GStrv) parts = g_strsplit (tampered, attribute, -1);

    unsealed = g_strjoinv (changed, parts);
  }
  g_assert_true (g_file_set_contents (tampered_path, unsealed, -1, &error));
  g_assert_no_error (error);
  forged = run_cli ("verify-dice", tampered_path, "c1-3", NULL);
  g_assert_cmpint (forged->status, ==, 1);
  g_assert_nonnull (strstr (forged->out, "DO NOT MATCH"));
  g_assert_nonnull (strstr (forged->out, "other declarations than those its sides' dice"));
}

/* The mix is SHA-256 of "E:F:SIDE=VALUE;…" in the order of the side ids (docs/dice.md). */
/* @text, the orders file, with @from replaced by @to, written as @name in @folder. */
static char *
orders_changed (const char *folder,
                const char *text,
                const char *name,
                const char *from,
                const char *to)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_auto(GStrv) parts = g_strsplit (text, from, -1);
  g_autofree char *changed = g_strjoinv (to, parts);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  g_assert_true (g_file_set_contents (path, changed, -1, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&path);
}

/* The file's text, to tell that a refused command changed nothing. */
static char *
file_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return text;
}

/* `dice-give --orders FILE` binds a side's dice to the phase's declarations in that orders
 * file, as the app's dialog does. Refused first, the file unchanged: a phase that rolls no
 * dice with them (turn 1's detection; turn 2's fire with nobody firing), a file that is no
 * orders file, --orders with --show, and a second side naming other declarations. Then each
 * side gives bound to the same, and the phase is kept only with those. */
static void
test_give_bound_cli (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->folder, "komarr.admiralty", NULL);
  g_autofree char *orders_path = g_test_build_filename (G_TEST_DIST, "data", "campaign-battles",
                                                        "komarr-c1-3.orders.xml", NULL);
  g_autofree char *orders_text = file_text (orders_path);
  g_autofree char *no_fire = orders_changed (
    fixture->folder, orders_text, "no-fire.orders.xml",
    "    <fire weapons=\"jade-pavilion:main\" target=\"pol-sentinel\"/>\n"
    "    <fire weapons=\"star-garden:main\" target=\"guardian\"/>\n", "");
  g_autofree char *other = orders_changed (
    fixture->folder, orders_text, "other.orders.xml",
    "<fire weapons=\"star-garden:main\" target=\"guardian\"/>",
    "<fire weapons=\"star-garden:main\" target=\"pol-sentinel\"/>");
  g_autofree char *declarations = NULL, *before = NULL, *after = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(AdmBattleOrders) orders = komarr_c1_3_orders ();
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GError) error = NULL;
  const char *refusals[][2] = {
    { orders_path, "rolls no dice with these declarations" },
    { "/nonexistent/c1-3.orders.xml", "c1-3.orders.xml" },
  };

  g_assert_true (adm_campaign_save (fixture->campaign, path, &error));
  g_assert_no_error (error);
  g_clear_object (&fixture->campaign);
  before = file_text (path);
  for (guint r = 0; r < G_N_ELEMENTS (refusals); r++)
    {
      g_autoptr(CliResult) refused = run_cli ("dice-give", path, "c1-3", fixture->sides[0],
                                              "3 5", "--orders", refusals[r][0], NULL);

      g_assert_cmpint (refused->status, ==, 1);
      g_assert_nonnull (strstr (refused->err, refusals[r][1]));
      after = file_text (path);
      g_assert_cmpstr (after, ==, before);
      g_clear_pointer (&after, g_free);
    }
  {
    g_autoptr(CliResult) usage = run_cli ("dice-give", path, "c1-3", fixture->sides[0],
                                          "--show", "00", "--orders", orders_path, NULL);

    g_assert_cmpint (usage->status, ==, 2);
  }

  /* Played on to turn 2's fire, the first phase that rolls with c1-3's orders. */
  fixture->campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  battle = engagement_battle (fixture->campaign, "c1-3");
  declarations = komarr_c1_3_to_rolling_phase (fixture->campaign, battle);
  g_assert_cmpint (adm_battle_get_phase (battle), ==, ADM_PHASE_FIRE);
  g_assert_true (adm_campaign_save (fixture->campaign, path, &error));
  g_assert_no_error (error);
  g_clear_object (&fixture->campaign);
  g_free (before);
  before = file_text (path);
  {
    g_autoptr(CliResult) refused = run_cli ("dice-give", path, "c1-3", fixture->sides[0],
                                            "3 5", "--orders", no_fire, NULL);

    g_assert_cmpint (refused->status, ==, 1);
    g_assert_nonnull (strstr (refused->err, "rolls no dice"));
    after = file_text (path);
    g_assert_cmpstr (after, ==, before);
    g_clear_pointer (&after, g_free);
  }
  {
    g_autoptr(CliResult) given = run_cli ("dice-give", path, "c1-3", fixture->sides[0], "3 5",
                                          "--orders", orders_path, "--json", NULL);
    g_autoptr(CliResult) tampered = NULL;
    g_autoptr(CliResult) second = NULL;

    g_assert_cmpint (given->status, ==, 0);
    g_assert_nonnull (strstr (given->out, "\"declarations\""));
    g_assert_nonnull (strstr (given->out, declarations));
    /* The other side names other declarations: refused, nothing journaled. */
    g_free (before);
    before = file_text (path);
    tampered = run_cli ("dice-give", path, "c1-3", fixture->sides[1], "6 2", "--orders", other,
                        NULL);
    g_assert_cmpint (tampered->status, ==, 1);
    g_assert_nonnull (strstr (tampered->err, "other declarations"));
    after = file_text (path);
    g_assert_cmpstr (after, ==, before);
    second = run_cli ("dice-give", path, "c1-3", fixture->sides[1], "6 2", "--orders",
                      orders_path, NULL);
    g_assert_cmpint (second->status, ==, 0);
  }

  /* Bound: resolved with other declarations, the phase is not kept. */
  fixture->campaign = adm_campaign_open (path, &error);
  g_assert_no_error (error);
  mixes = adm_campaign_get_dice_mixes (fixture->campaign, "c1-3");
  g_assert_cmpuint (mixes->len, ==, 1);
  g_assert_cmpstr (((const AdmDicePhaseMix *) g_ptr_array_index (mixes, 0))->declarations, ==,
                   declarations);
  g_clear_object (&fixture->battle);
  fixture->battle = g_object_ref (battle);
  g_assert_false (resolve_phase_with (fixture, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "not those locked"));
  g_clear_error (&error);
  g_assert_true (adm_battle_undo (fixture->battle, &error));
  g_assert_no_error (error);
  g_assert_true (resolve_phase_with (fixture, adm_battle_orders_get_turn (orders, 2), &error));
  g_assert_no_error (error);
}

static void
test_mix_known_answer (void)
{
  g_autoptr(GPtrArray) given = g_ptr_array_new ();
  AdmDiceContribution a = { "barrayar", "side", "3 5", NULL, NULL };
  AdmDiceContribution b = { "komarr", "master", "6 2", NULL, NULL };
  g_autofree char *mix = NULL;
  g_autofree char *expected = g_compute_checksum_for_string (G_CHECKSUM_SHA256,
                                                             "c1-3:4:barrayar=3 5;komarr=6 2",
                                                             -1);
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  guint values[5];

  g_ptr_array_add (given, &a);
  g_ptr_array_add (given, &b);
  mix = adm_dice_mix_compute ("c1-3", 4, given);
  g_assert_cmpstr (mix, ==, expected);
  /* docs/dice.md's example: the secret 00 01 … 1f, roll 1 of c1-3 as 5d6, mixed with
   * 3 5 and 6 2 given for the phase from roll 1. */
  for (guint i = 0; i < ADM_DICE_SECRET_LENGTH; i++)
    secret[i] = (guint8) i;
  g_clear_pointer (&mix, g_free);
  mix = adm_dice_mix_compute ("c1-3", 1, given);
  adm_dice_derive_mixed (secret, "c1-3", 1, mix, 5, 6, values);
  g_test_message ("mix %s: %u %u %u %u %u", mix, values[0], values[1], values[2], values[3],
                  values[4]);
  g_assert_cmpstr (mix, ==, "e940e1ed4f2cb6593cb279377c4af3946cc4a87ce8cd181b41da9f4a4d343584");
  /* The secret alone gives 5 3 6 6 4 (tests/test-dice.c). */
  g_assert_cmpuint (values[0], ==, 5);
  g_assert_cmpuint (values[1], ==, 3);
  g_assert_cmpuint (values[2], ==, 2);
  g_assert_cmpuint (values[3], ==, 4);
  g_assert_cmpuint (values[4], ==, 5);
}

/* The offline verifier page, opened from its file with the network off: every roll checked
 * in the browser, as the engine derives it; then forged data refused. */
static void
test_page_in_browser (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GPtrArray) checks = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *page_data = NULL, *page = NULL, *url = NULL, *profile = NULL;
  g_autofree char *path = g_build_filename (fixture->folder, "dice.html", NULL);
  g_autofree char *matched = NULL, *status = NULL;
  g_autofree char *navigate = NULL;
  g_autoptr(JsonNode) enabled = NULL, offline = NULL, navigated = NULL;
  Chromium chromium;
  /* Forgeries of the page's own data, each with what the page must say of it. */
  const char *forged[][2] = {
    /* a secret not the one committed to */
    { "d.commitments[0].secret = d.commitments[0].secret.replace (/^./, function (c) "
      "{ return c === 'a' ? 'b' : 'a'; })", "forged" },
    /* a value of a roll changed */
    { "d.rolls[0].values[0] = d.rolls[0].values[0] % d.rolls[0].sides + 1", "mismatch" },
    /* a contribution changed after the rolls */
    { "var g = d.contributions[d.contributions.length - 1].given[0]; "
      "g.dice = g.dice === '1 1' ? '1 2' : '1 1'", "mismatch" },
    /* dice that are not 2d6 */
    { "d.contributions[0].given[0].dice = '7 7'", "throws" },
    /* no rolls at all */
    { "delete d.rolls", "throws" },
    /* a declarations digest that is none */
    { "d.contributions[0].declarations = 'not a digest'", "throws" },
    /* bound to the declarations the phase was resolved with: they match */
    { "d.contributions[0].declarations = d.contributions[0].resolved", "passed" },
    /* bound to other declarations than those the phase was resolved with (a tampered
     * digest): said, as verify-dice says it */
    { "d.contributions[0].declarations = d.contributions[0].resolved.replace (/^./, "
      "function (c) { return c === 'a' ? 'b' : 'a'; })", "declarations" },
  };

  test_secret_no_longer_foretells (fixture, data);
  commitments = adm_campaign_get_dice_commitments (fixture->campaign, "c1-3");
  checks = adm_dice_verify (commitments, "c1-3", fixture->battle, adm_audience_master ());
  page_data = adm_dice_page_data ("c1-3", fixture->battle, commitments, checks);
  /* The digest of the declarations each phase contributed to was resolved with, never their
   * text (it may name what a side was not told of). */
  g_assert_nonnull (strstr (page_data, "\"resolved\":\""));
  page = adm_dice_page_new (page_data);
  g_assert_true (g_file_set_contents (path, page, -1, &error));
  g_assert_no_error (error);
  url = g_filename_to_uri (path, NULL, &error);
  g_assert_no_error (error);
  profile = g_build_filename (fixture->folder, "profile", NULL);
  if (!chromium_start (&chromium, profile, 390, 844))
    return;
  g_assert_null (chromium_open (&chromium, "about:blank"));
  enabled = chromium_call (&chromium, "Network.enable", "{}");
  offline = chromium_call (&chromium, "Network.emulateNetworkConditions",
                           "{\"offline\":true,\"latency\":0,\"downloadThroughput\":-1,"
                           "\"uploadThroughput\":-1}");
  g_assert_nonnull (offline);
  navigate = g_strdup_printf ("{\"url\":\"%s\"}", url);
  navigated = chromium_call (&chromium, "Page.navigate", navigate);
  g_assert_nonnull (navigated);
  g_assert_true (chromium_wait_for (&chromium, "document.readyState === 'complete' && "
                                               "document.getElementById('status')"
                                               ".textContent ? 'yes' : 'no'"));
  /* Every roll the engine checked matches in the browser too. */
  matched = chromium_evaluate (&chromium, "String (document.querySelectorAll "
                                          "('tr[data-verdict=match]').length)");
  g_free (navigate);
  navigate = g_strdup_printf ("%u", checks->len);
  g_assert_cmpstr (matched, ==, navigate);
  status = chromium_evaluate (&chromium, "document.getElementById ('status').className");
  g_assert_cmpstr (status, ==, "good");
  for (guint f = 0; f < G_N_ELEMENTS (forged); f++)
    {
      g_autofree char *expression = g_strdup_printf (
        "(function () { var d = JSON.parse (document.getElementById ('dice-data').textContent);"
        " %s; try { var r = AdmDiceVerifier.check (d); } catch (e) { return 'throws'; }"
        " return r.rolls.some (function (x) { return x.verdict === 'forged'; }) ? 'forged'"
        " : r.problems.some (function (p) { return p.indexOf ('DO NOT MATCH') >= 0; })"
        " ? 'declarations' : r.mismatched > 0 ? 'mismatch' : 'passed'; }) ()", forged[f][0]);
      g_autofree char *said = chromium_evaluate (&chromium, expression);

      g_assert_cmpstr (said, ==, forged[f][1]);
    }
  /* Pasted in, a forgery is told on the page, and nothing is said to match. */
  g_free (chromium_evaluate (&chromium, "document.getElementById ('other').value = "
                                        "'{\"engagement\": 1}'; document.getElementById "
                                        "('check').click (); ''"));
  g_free (status);
  status = chromium_evaluate (&chromium, "document.getElementById ('status').className + ' ' + "
                                         "document.querySelectorAll ('tr').length");
  g_assert_cmpstr (status, ==, "bad 1");
  chromium_stop (&chromium);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/dice/contribution/mix-known-answer", test_mix_known_answer);
  g_test_add ("/engine/dice/contribution/F-STRAT-4/out-of-range", Fixture, NULL, fixture_setup,
              test_refuses_out_of_range, fixture_teardown);
  g_test_add ("/engine/dice/contribution/F-STRAT-4/second-from-a-side", Fixture, NULL,
              fixture_setup, test_refuses_second, fixture_teardown);
  g_test_add ("/engine/dice/contribution/F-STRAT-4/locked-phase", Fixture, NULL, fixture_setup,
              test_refuses_locked_phase, fixture_teardown);
  g_test_add ("/engine/dice/contribution/F-STRAT-4/declarations-bound", Fixture, NULL,
              fixture_setup, test_declarations_bound, fixture_teardown);
  g_test_add ("/engine/dice/contribution/F-STRAT-4/give-bound-cli", Fixture, NULL,
              fixture_setup, test_give_bound_cli, fixture_teardown);
  g_test_add ("/engine/dice/contribution/F-STRAT-4/phone-commit-reveal", Fixture, NULL,
              fixture_setup, test_phone_commit_reveal, fixture_teardown);
  g_test_add ("/engine/dice/contribution/F-STRAT-4/secret-no-longer-foretells", Fixture, NULL,
              fixture_setup, test_secret_no_longer_foretells, fixture_teardown);
  /* In the browser suite (tests/meson.build). */
  g_test_add ("/browser/dice/contribution/offline-page", Fixture, NULL, fixture_setup,
              test_page_in_browser, fixture_teardown);
  return g_test_run ();
}
