/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-campaign-past.c: the war at a moment of its past (adm_campaign_state_at (),
 * adm_campaign_battle_at_entry ()): a moment that is not one of the journal and a battle that
 * is not there then are refused, naming them, and change nothing; the campaign at every
 * moment of Komarr played through two cycles, undos and redos, and a battle, is the campaign
 * opened from its file with the journal cut there; the battle at a moment is the battle the
 * master had on the table then, also when opened from its set-up with the season's rules read
 * once for all the campaign's battles of the past; asking journals nothing. */

#include "config.h"

#include <string.h>

#include "admiralty-engine.h"
#include "adm-campaign-private.h"
#include "adm-journal-private.h"
#include "komarr-helpers.h"

#define T0 G_GINT64_CONSTANT (1795370400)

static guint
n_entries (AdmCampaign *campaign)
{
  return adm_journal_get_n_entries (adm_campaign_get_journal (campaign));
}

/* @campaign's file as it is, with its journal cut after its first @n entries (and so without
 * the seal of its end, as a file written before files recorded it): opened afresh, the state
 * of that campaign. */
static char *
truncated_dump (AdmCampaign *campaign,
                guint        n)
{
  AdmJournal *journal = adm_campaign_get_journal (campaign);
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmCampaign) opened = NULL;
  g_autofree char *file = NULL;
  GString *cut;
  const char *start;
  gsize length;

  file = adm_campaign_serialize (campaign, &length);
  start = strstr (file, "  <journal>\n");
  g_assert_nonnull (start);
  cut = g_string_new_len (file, start - file);
  g_string_append (cut, "  <journal>\n");
  for (guint i = 0; i < n; i++)
    {
      gsize entry_length;
      const char *entry = adm_journal_get_entry_text (journal, i, &entry_length);

      g_string_append_len (cut, entry, (gssize) entry_length);
    }
  g_string_append (cut, "  </journal>\n</campaign>\n");
  opened = adm_campaign_load_memory (cut->str, cut->len, "cut.admiralty", &error);
  g_string_free (cut, TRUE);
  g_assert_no_error (error);
  g_assert_nonnull (opened);
  g_assert_cmpuint (n_entries (opened), ==, n);
  return adm_state_dump (adm_campaign_get_state (opened));
}

static char *
state_at_dump (AdmCampaign *campaign,
               guint        n)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmState) state = adm_campaign_state_at (campaign, n, &error);

  g_assert_no_error (error);
  g_assert_nonnull (state);
  return adm_state_dump (state);
}

/* A readiness correction of @campaign's first ship, one action of its own. */
static void
correct_readiness (AdmCampaign *campaign,
                   gint64       time,
                   const char  *delta)
{
  const AdmShip *ship = g_ptr_array_index (adm_scenario_get_ships (adm_campaign_get_scenario (
                                             campaign)), 0);
  g_autoptr(AdmEvent) event = adm_event_new ("readiness", time);
  g_autoptr(GError) error = NULL;

  adm_event_set (event, "ship", ship->id);
  adm_event_set (event, "delta", delta);
  g_assert_true (adm_campaign_append (campaign, event, &error));
  g_assert_no_error (error);
}

static void
undo (AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_undo (campaign, &error));
  g_assert_no_error (error);
}

static void
redo (AdmCampaign *campaign)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_campaign_redo (campaign, &error));
  g_assert_no_error (error);
}

/* A moment the battle was on the table: the number of entries then and the battle as the
 * master had it. */
typedef struct {
  guint  n;
  char  *saved;
  int    turn;
  AdmPhase phase;
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
  moment.n = n_entries (campaign);
  moment.saved = adm_battle_serialize (battle, NULL);
  moment.turn = adm_battle_get_turn (battle);
  moment.phase = adm_battle_get_phase (battle);
  g_array_append_val (moments, moment);
}

static void
resolve_and_keep (AdmCampaign *campaign,
                  AdmBattle   *battle,
                  AdmDicePrng *dice,
                  GArray      *moments)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (adm_battle_resolve_phase (battle, NULL, ADM_DICE_SOURCE (dice), &error));
  g_assert_no_error (error);
  keep (campaign, battle, moments);
}

/* Komarr played as a master plays it: cycle 1, undone and redone; a correction; the battle of
 * c1-3 set up (entry @first_phase is its first phase), played phase by phase with a phase
 * undone and redone and a campaign correction between its phases; a correction undone and
 * another recorded after it (the first undone for good); cycle 2. @moments gets the battle
 * as kept at each of its entries. */
static AdmCampaign *
play (GArray *moments,
      guint  *first_phase,
      guint  *before_undo)
{
  AdmCampaign *campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (5);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;

  komarr_play_cycle (campaign, 1, T0);
  undo (campaign);
  redo (campaign);
  correct_readiness (campaign, T0 + 2500, "-1");

  battle = engagement_battle (campaign, "c1-3");
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  *first_phase = n_entries (campaign) + 1;
  for (guint p = 0; p < 3; p++)
    resolve_and_keep (campaign, battle, dice, moments);
  correct_readiness (campaign, T0 + 2600, "1");
  g_assert_true (adm_battle_undo (battle, &error));
  g_assert_no_error (error);
  keep (campaign, battle, moments);
  g_assert_true (adm_battle_redo (battle, &error));
  g_assert_no_error (error);
  keep (campaign, battle, moments);
  for (guint p = 0; p < 4; p++)
    resolve_and_keep (campaign, battle, dice, moments);

  *before_undo = n_entries (campaign);
  correct_readiness (campaign, T0 + 2700, "-1");
  undo (campaign);
  correct_readiness (campaign, T0 + 2800, "1");
  komarr_play_cycle (campaign, 2, T0);
  return campaign;
}

static void
count_changed (guint *count)
{
  (*count)++;
}

/* Numbers that are no moment of the journal, a battle the campaign does not keep, and a
 * battle before its first phase are refused, each named, and asking changes nothing: the
 * journal and the file are as they were and "changed" is never emitted. */
static void
test_refusals (void)
{
  g_autoptr(GArray) moments = g_array_new (FALSE, FALSE, sizeof (Moment));
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(AdmState) state = NULL;
  g_autoptr(AdmBattle) battle = NULL;
  g_autofree char *before = NULL, *after = NULL, *total_text = NULL;
  guint first_phase, before_undo, total, changed = 0;
  gint64 bad[] = { -1, G_MININT64, 0, G_MAXINT64 };
  const char *none[] = { "c9-9", "c2-1", "" };
  gsize length;

  g_array_set_clear_func (moments, moment_clear);
  campaign = play (moments, &first_phase, &before_undo);
  total = n_entries (campaign);
  total_text = g_strdup_printf ("%u", total);
  before = adm_campaign_serialize (campaign, &length);
  g_signal_connect_swapped (campaign, "changed", G_CALLBACK (count_changed), &changed);

  bad[2] = (gint64) total + 1;
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, bad[i]);

      state = adm_campaign_state_at (campaign, bad[i], &error);
      g_assert_null (state);
      g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_ENTRY);
      g_assert_nonnull (strstr (error->message, number));
      g_assert_nonnull (strstr (error->message, total_text));
      g_clear_error (&error);

      battle = adm_campaign_battle_at_entry (campaign, "c1-3", bad[i], &error);
      g_assert_null (battle);
      g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_ENTRY);
      g_clear_error (&error);
    }

  /* No such battle: an engagement that never was, one with no battle kept, none at all. */
  for (guint i = 0; i < G_N_ELEMENTS (none); i++)
    {
      battle = adm_campaign_battle_at_entry (campaign, none[i], total, &error);
      g_assert_null (battle);
      g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_BATTLE);
      g_assert_nonnull (strstr (error->message, none[i]));
      g_clear_error (&error);
    }
  battle = adm_campaign_battle_at_entry (campaign, NULL, total, &error);
  g_assert_null (battle);
  g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_BATTLE);
  g_clear_error (&error);

  /* Before its first phase, at the start and just before it: it had not begun. */
  for (guint n = 0; n < first_phase; n += MAX (1, first_phase - 1))
    {
      g_autofree char *first = g_strdup_printf ("entry %u", first_phase);

      battle = adm_campaign_battle_at_entry (campaign, "c1-3", n, &error);
      g_assert_null (battle);
      g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_BATTLE);
      g_assert_nonnull (strstr (error->message, "c1-3"));
      g_assert_nonnull (strstr (error->message, first));
      g_clear_error (&error);
    }
  battle = adm_campaign_battle_at_entry (campaign, "c1-3", first_phase, &error);
  g_assert_no_error (error);
  g_assert_nonnull (battle);
  g_clear_object (&battle);

  /* Asking for moments, good and bad, journals nothing and changes nothing. */
  for (guint n = 0; n <= total; n += 7)
    {
      state = adm_campaign_state_at (campaign, n, &error);
      g_assert_no_error (error);
      g_clear_object (&state);
    }
  g_assert_cmpuint (n_entries (campaign), ==, total);
  after = adm_campaign_serialize (campaign, &length);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (changed, ==, 0);
}

/* F-STRAT-4, F-SEQ-1: the campaign at every moment of the play — through a cycle undone and
 * redone, a battle's entries between the campaign's, a correction undone for good — is the
 * campaign opened from its file cut after that moment; the moments are asked for out of
 * order, as a scrubber jumps. The state before an undo has what the undo took back. */
static void
test_equals_truncated (void)
{
  g_autoptr(GArray) moments = g_array_new (FALSE, FALSE, sizeof (Moment));
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autofree char *now = NULL, *at_now = NULL, *kept = NULL, *taken_back = NULL;
  guint first_phase, before_undo, total, checked = 0;
  g_autoptr(GRand) order = g_rand_new_with_seed (67);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_set_clear_func (moments, moment_clear);
  campaign = play (moments, &first_phase, &before_undo);
  total = n_entries (campaign);
  g_assert_cmpuint (total, >, 20);

  now = adm_state_dump (adm_campaign_get_state (campaign));
  at_now = state_at_dump (campaign, total);
  g_assert_cmpstr (at_now, ==, now);

  /* The correction after @before_undo is in effect after it and taken back by the undo
   * after it: the two moments differ, as the file cut there does. */
  kept = state_at_dump (campaign, before_undo + 1);
  taken_back = state_at_dump (campaign, before_undo + 2);
  g_assert_cmpstr (kept, !=, taken_back);

  for (guint n = 0; n <= total; n++)
    g_array_append_val (all, n);
  for (guint i = all->len; i > 1; i--)
    {
      guint j = g_rand_int_range (order, 0, (gint32) i);
      guint swap = g_array_index (all, guint, i - 1);

      g_array_index (all, guint, i - 1) = g_array_index (all, guint, j);
      g_array_index (all, guint, j) = swap;
    }
  for (guint i = 0; i < all->len; i++)
    {
      guint n = g_array_index (all, guint, i);
      g_autofree char *at = state_at_dump (campaign, n);
      g_autofree char *cut = truncated_dump (campaign, n);

      if (g_strcmp0 (at, cut) != 0)
        g_test_message ("moment %u of %u differs", n, total);
      g_assert_cmpstr (at, ==, cut);
      checked++;
    }
  g_assert_cmpuint (checked, ==, total + 1);
}

/* The battle at @moment, and at every campaign entry before the battle's next (@next), is
 * the battle the master had then. */
static void
check_battle_moment (AdmCampaign  *campaign,
                     const Moment *moment,
                     guint         next)
{
  for (guint n = moment->n; n < next; n++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(AdmBattle) battle = adm_campaign_battle_at_entry (campaign, "c1-3", n, &error);
      g_autofree char *saved = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (battle);
      saved = adm_battle_serialize (battle, NULL);
      g_assert_cmpstr (saved, ==, moment->saved);
      g_assert_cmpint (adm_battle_get_turn (battle), ==, moment->turn);
      g_assert_cmpint (adm_battle_get_phase (battle), ==, moment->phase);
    }
}

/* F-SEQ-1: the battle at each moment it was kept — each phase, an undo and a redo of it, and
 * the moments after a campaign entry that came between — is the battle the master had on
 * the table then: the same saved battle, turn and phase; asked for backwards (each played
 * from its set-up), forwards (each carried on from the one before), and while the one
 * before is still read (played anew, the one read left as it is). */
static void
test_battle_equals_live (void)
{
  g_autoptr(GArray) moments = g_array_new (FALSE, FALSE, sizeof (Moment));
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(AdmBattle) held = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *held_saved = NULL, *held_again = NULL;
  guint first_phase, before_undo;

  g_array_set_clear_func (moments, moment_clear);
  campaign = play (moments, &first_phase, &before_undo);
  g_assert_cmpuint (moments->len, ==, 9);
  for (guint pass = 0; pass < 2; pass++)
    for (guint k = 0; k < moments->len; k++)
      {
        guint i = pass == 0 ? moments->len - 1 - k : k;
        guint next = i + 1 < moments->len ? g_array_index (moments, Moment, i + 1).n
                                          : n_entries (campaign) + 1;

        check_battle_moment (campaign, &g_array_index (moments, Moment, i), next);
      }

  held = adm_campaign_battle_at_entry (campaign, "c1-3", first_phase, &error);
  g_assert_no_error (error);
  held_saved = adm_battle_serialize (held, NULL);
  for (guint i = 1; i < moments->len; i++)
    check_battle_moment (campaign, &g_array_index (moments, Moment, i),
                         g_array_index (moments, Moment, i).n + 1);
  held_again = adm_battle_serialize (held, NULL);
  g_assert_cmpstr (held_again, ==, held_saved);
}

/* F-SEQ-1: the battle at each moment it was kept, opened from its set-up each time (the
 * campaign keeps none of it before), is the battle the master had then; all of them are read
 * with the one ruleset, the season parsed once, its rulings as the set-up sets them. */
static void
test_rules_read_once (void)
{
  g_autoptr(GArray) moments = g_array_new (FALSE, FALSE, sizeof (Moment));
  g_autoptr(GPtrArray) opened = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(AdmCampaign) campaign = NULL;
  guint first_phase, before_undo;

  g_array_set_clear_func (moments, moment_clear);
  campaign = play (moments, &first_phase, &before_undo);
  for (guint i = 0; i < moments->len; i++)
    {
      const Moment *moment = &g_array_index (moments, Moment, i);
      g_autoptr(GError) error = NULL;
      g_autofree char *saved = NULL;
      AdmBattle *battle;

      /* Kept by no one but the test: each is opened from the set-up. */
      g_ptr_array_set_size (_adm_campaign_get_past_battles (campaign), 0);
      battle = adm_campaign_battle_at_entry (campaign, "c1-3", moment->n, &error);
      g_assert_no_error (error);
      g_assert_nonnull (battle);
      g_ptr_array_add (opened, battle);
      saved = adm_battle_serialize (battle, NULL);
      g_assert_cmpstr (saved, ==, moment->saved);
      g_assert_true (adm_battle_get_ruleset (battle) ==
                     adm_battle_get_ruleset (g_ptr_array_index (opened, 0)));
    }
  g_assert_cmpuint (opened->len, ==, 9);
}

/* Komarr's battle of c1-3 played longer than play () plays it, as a master plays it: phases
 * with undos and redos between them — an undo where the battle of the past keeps no state
 * from before the phase (ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY), two undos running, a phase
 * played after an undo (its redo gone) — and campaign entries between. @moments gets the
 * battle as kept at each of its entries. */
static AdmCampaign *
play_long (GArray *moments)
{
  AdmCampaign *campaign = komarr_new (NULL, NULL);
  g_autoptr(AdmDicePrng) dice = adm_dice_prng_new (11);
  g_autoptr(AdmBattle) battle = NULL;
  g_autoptr(GError) error = NULL;
  /* 'p' a phase, 'u' an undo, 'r' a redo, 'c' a campaign correction. */
  const char *script = "pppuurppppcppppupppppppuuurpppcpppu";

  komarr_play_cycle (campaign, 1, T0);
  battle = engagement_battle (campaign, "c1-3");
  g_assert_true (adm_campaign_keep_battle (campaign, "c1-3", battle, &error));
  g_assert_no_error (error);
  for (const char *c = script; *c != '\0'; c++)
    switch (*c)
      {
      case 'p':
        resolve_and_keep (campaign, battle, dice, moments);
        break;
      case 'u':
      case 'r':
        g_assert_true (*c == 'u' ? adm_battle_undo (battle, &error)
                                 : adm_battle_redo (battle, &error));
        g_assert_no_error (error);
        keep (campaign, battle, moments);
        break;
      default:
        correct_readiness (campaign, T0 + 3000 + (c - script), c - script < 20 ? "-1" : "1");
        break;
      }
  return campaign;
}

/* The snapshots a battle of the past keeps: one before every ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY
 * actions in effect at most, so that its memory stays bounded. */
static void
assert_snapshots_sparse (AdmBattle *battle)
{
  AdmJournal *log = adm_battle_get_log (battle);
  guint kept = 0;

  g_assert_cmpuint (log->before->len, ==, log->done->len);
  for (guint i = 0; i < log->before->len; i++)
    if (g_ptr_array_index (log->before, i) != NULL)
      {
        g_assert_cmpuint (i % ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY, ==, 0);
        kept++;
      }
  g_assert_cmpuint (kept, <=, (log->done->len + ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY - 1) /
                                ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY);
}

/* F-SEQ-1: state is a function of the set-up and the journal: the battle at each moment of a
 * long battle with undos and redos — asked backwards (each step taken back to the state kept
 * nearest before and played on from there), forwards, in a scrubber's random order, and each
 * opened anew from its set-up — is the battle the master had then, byte for byte; the battle
 * of the past keeps a state from before one phase in ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY only.
 * Moments that are none of the journal's are refused and change no battle kept. */
static void
test_sparse_snapshots (void)
{
  g_autoptr(GArray) moments = g_array_new (FALSE, FALSE, sizeof (Moment));
  g_autoptr(AdmCampaign) campaign = NULL;
  g_autoptr(GRand) order = g_rand_new_with_seed (68);
  g_autoptr(AdmBattle) held = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *held_saved = NULL, *held_again = NULL, *file = NULL, *file_again = NULL;
  GPtrArray *past;
  guint total, n_past;
  gsize length;

  g_array_set_clear_func (moments, moment_clear);
  campaign = play_long (moments);
  total = n_entries (campaign);
  g_assert_cmpuint (moments->len, ==, 33);
  past = _adm_campaign_get_past_battles (campaign);
  for (guint pass = 0; pass < 4; pass++)
    {
      /* Each pass starts with no battle kept: its first is opened from the set-up. */
      g_ptr_array_set_size (past, 0);
      for (guint k = 0; k < moments->len; k++)
        {
          guint i = pass == 0 ? moments->len - 1 - k
                    : pass == 1 ? k
                                : (guint) g_rand_int_range (order, 0, (gint32) moments->len);
          const Moment *moment = &g_array_index (moments, Moment, i);
          g_autoptr(AdmBattle) battle = NULL;
          g_autofree char *saved = NULL;

          if (pass == 3)
            g_ptr_array_set_size (past, 0);
          battle = adm_campaign_battle_at_entry (campaign, "c1-3", moment->n, &error);
          g_assert_no_error (error);
          g_assert_nonnull (battle);
          saved = adm_battle_serialize (battle, NULL);
          if (g_strcmp0 (saved, moment->saved) != 0)
            g_test_message ("pass %u: moment %u (entry %u) differs", pass, i, moment->n);
          g_assert_cmpstr (saved, ==, moment->saved);
          g_assert_cmpint (adm_battle_get_turn (battle), ==, moment->turn);
          g_assert_cmpint (adm_battle_get_phase (battle), ==, moment->phase);
          assert_snapshots_sparse (battle);
        }
    }

  /* Out of range: refused, the battle held and the campaign as they were. */
  held = adm_campaign_battle_at_entry (campaign, "c1-3",
                                       g_array_index (moments, Moment, 20).n, &error);
  g_assert_no_error (error);
  held_saved = adm_battle_serialize (held, NULL);
  file = adm_campaign_serialize (campaign, &length);
  n_past = past->len;
  for (guint i = 0; i < 3; i++)
    {
      const gint64 bad[] = { -1, (gint64) total + 1, G_MAXINT64 };
      g_autoptr(AdmBattle) none = adm_campaign_battle_at_entry (campaign, "c1-3", bad[i],
                                                                &error);

      g_assert_null (none);
      g_assert_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_ENTRY);
      g_clear_error (&error);
    }
  g_assert_cmpuint (past->len, ==, n_past);
  held_again = adm_battle_serialize (held, NULL);
  g_assert_cmpstr (held_again, ==, held_saved);
  file_again = adm_campaign_serialize (campaign, &length);
  g_assert_cmpstr (file_again, ==, file);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/campaign-past/refusals", test_refusals);
  g_test_add_func ("/engine/campaign-past/F-STRAT-4/equals-truncated", test_equals_truncated);
  g_test_add_func ("/engine/campaign-past/F-SEQ-1/battle-equals-live", test_battle_equals_live);
  g_test_add_func ("/engine/campaign-past/F-SEQ-1/rules-read-once", test_rules_read_once);
  g_test_add_func ("/engine/campaign-past/F-SEQ-1/sparse-snapshots", test_sparse_snapshots);
  return g_test_run ();
}
