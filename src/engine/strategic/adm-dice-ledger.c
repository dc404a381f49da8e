/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-ledger.c: a campaign's dice commitments and the check of its battles' rolls
 * (adm-dice-ledger.h, docs/dice.md). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-dice-ledger.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"

void
adm_dice_commitment_free (AdmDiceCommitment *commitment)
{
  if (commitment == NULL)
    return;
  g_free (commitment->commitment);
  g_free (commitment->secret);
  g_free (commitment->assignment);
  g_free (commitment->table);
  g_clear_pointer (&commitment->mixes, g_ptr_array_unref);
  g_free (commitment);
}

void
adm_dice_check_free (AdmDiceCheck *check)
{
  if (check == NULL)
    return;
  g_free (check->derived);
  g_free (check);
}

static gboolean
is_event_of (const AdmEvent *event,
             const char     *kind,
             const char     *engagement_id)
{
  return g_str_equal (adm_event_get_kind (event), kind) &&
         g_strcmp0 (adm_event_get (event, "engagement"), engagement_id) == 0;
}

static void
read_event (GPtrArray      *commitments,
            const AdmEvent *event,
            const char     *engagement_id)
{
  gint64 from = 0;

  if (is_event_of (event, "dice-commit", engagement_id) &&
      adm_event_get_int (event, "from", &from) && from >= 1 && from <= G_MAXINT &&
      adm_dice_hex_is_valid (adm_event_get (event, "commitment")))
    {
      AdmDiceCommitment *commitment;

      /* Redone, the same commitment again: it covers the rolls from where it first did. */
      for (guint c = 0; c < commitments->len; c++)
        if (g_str_equal (((AdmDiceCommitment *) g_ptr_array_index (commitments, c))->commitment,
                         adm_event_get (event, "commitment")))
          return;
      commitment = g_new0 (AdmDiceCommitment, 1);
      commitment->commitment = g_strdup (adm_event_get (event, "commitment"));
      commitment->from_roll = (guint) from;
      commitment->time = adm_event_get_time (event);
      commitment->assignment = g_strdup (adm_event_get (event, "assignment"));
      g_ptr_array_add (commitments, commitment);
    }
  else if (is_event_of (event, "dice-reveal", engagement_id))
    {
      guint8 secret[ADM_DICE_SECRET_LENGTH];
      g_autofree char *check = NULL;

      /* A secret is told by being the commitment's: SHA-256 says so, whoever wrote it. */
      if (!adm_dice_secret_from_hex (adm_event_get (event, "secret"), secret))
        return;
      check = adm_dice_commitment_of (secret);
      for (guint c = 0; c < commitments->len; c++)
        {
          AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);

          if (g_str_equal (commitment->commitment, check) && commitment->secret == NULL)
            commitment->secret = g_strdup (adm_event_get (event, "secret"));
        }
    }
}

GPtrArray *
adm_campaign_get_dice_commitments (AdmCampaign *campaign,
                                   const char  *engagement_id)
{
  AdmJournal *journal;
  GPtrArray *commitments;
  g_autoptr(GHashTable) tables = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(GArray) entries = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);

  /* Every action ever journaled about the engagement, undone ones too: a commitment
   * published, or a secret revealed, stays so whatever Undo took back. */
  journal = adm_campaign_get_journal (campaign);
  commitments = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_dice_commitment_free);
  tables = g_hash_table_new (g_str_hash, g_str_equal);
  entries = adm_journal_find_entries (journal, "engagement", engagement_id);
  for (guint n = 0; n < entries->len; n++)
    {
      AdmJournalAction *action = adm_journal_get_entry_action (journal,
                                                               g_array_index (entries, guint, n));
      GPtrArray *events = adm_journal_action_get_events (action);

      for (guint e = 0; e < events->len; e++)
        {
          const AdmEvent *event = g_ptr_array_index (events, e);

          read_event (commitments, event, engagement_id);
          /* Each hand-off's table by its assignment, for the rolls typed in there. */
          if (is_event_of (event, "table-assign", engagement_id) &&
              adm_event_get (event, "assignment") != NULL && adm_event_get (event, "table") != NULL)
            g_hash_table_replace (tables, (gpointer) adm_event_get (event, "assignment"),
                                  (gpointer) adm_event_get (event, "table"));
        }
    }
  mixes = adm_campaign_get_dice_mixes (campaign, engagement_id);
  for (guint c = 0; c < commitments->len; c++)
    {
      AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);
      const char *table = commitment->assignment != NULL
                          ? g_hash_table_lookup (tables, commitment->assignment) : NULL;

      commitment->table = table != NULL ? g_strstrip (g_strdup (table)) : NULL;
      commitment->mixes = g_ptr_array_ref (mixes);
    }
  return commitments;
}

/* The secret of the last commitment, when the battle may go on drawing from it: the same
 * hand-off's (@assignment, NULL for the chief's own dice). */
static gboolean
reuse_secret (GPtrArray     *commitments,
              guint          next_roll,
              const guint64 *seed,
              const char    *assignment,
              guint8        *secret)
{
  AdmDiceCommitment *last;

  if (commitments->len == 0)
    return FALSE;
  last = g_ptr_array_index (commitments, commitments->len - 1);
  /* Rolls undone back past its start would be checked against an earlier commitment. */
  if (last->from_roll > next_roll)
    return FALSE;
  /* A secret handed to a table is known there: the chief's own dice, or another table's,
   * draw from a new one. */
  if (g_strcmp0 (last->assignment, assignment) != 0)
    return FALSE;
  if (seed != NULL)
    {
      g_autofree char *commitment = NULL;

      adm_dice_secret_from_seed (*seed, secret);
      commitment = adm_dice_commitment_of (secret);
      return g_str_equal (commitment, last->commitment);
    }
  return last->secret == NULL && adm_dice_secret_lookup (last->commitment, secret);
}

/* A secret kept in the private folder for a commitment never journaled: let go. */
static void
forget_secret (const guint8 *secret)
{
  g_autofree char *commitment = adm_dice_commitment_of (secret);

  adm_dice_secret_forget (commitment);
}

/* The secret @engagement_id's dice are drawn from from roll @next_roll: the last commitment's
 * when it may be drawn on, else a new one kept in the private folder and committed to — or
 * @stored, one already kept there (adm_dice_secret_store ()), committed to as it is. */
static gboolean
commit_secret (AdmCampaign   *campaign,
               const char    *engagement_id,
               guint          next_roll,
               const guint64 *seed,
               const char    *assignment,
               gint64         time,
               const guint8  *stored,
               guint8        *secret,
               GError       **error)
{
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(AdmEvent) event = NULL;
  g_autofree char *commitment = NULL;

  commitments = adm_campaign_get_dice_commitments (campaign, engagement_id);
  if (reuse_secret (commitments, next_roll, seed, assignment, secret))
    {
      if (stored != NULL && memcmp (stored, secret, ADM_DICE_SECRET_LENGTH) != 0)
        forget_secret (stored);
      return TRUE;
    }

  if (stored != NULL)
    memcpy (secret, stored, ADM_DICE_SECRET_LENGTH);
  else if (seed != NULL)
    adm_dice_secret_from_seed (*seed, secret);
  else if (!adm_dice_secret_new_random (secret, error))
    return FALSE;
  if (stored == NULL && !adm_dice_secret_store (secret, error))
    return FALSE;
  commitment = adm_dice_commitment_of (secret);
  event = adm_event_new ("dice-commit", time);
  adm_event_set (event, "engagement", engagement_id);
  adm_event_set (event, "commitment", commitment);
  adm_event_set_int (event, "from", next_roll);
  if (assignment != NULL)
    adm_event_set (event, "assignment", assignment);
  if (!adm_campaign_append (campaign, event, error))
    {
      /* Never journaled: the secret was never used. */
      if (seed == NULL)
        adm_dice_secret_forget (commitment);
      g_prefix_error (error, _("The dice of engagement %s were not committed to: "),
                      engagement_id);
      return FALSE;
    }
  return TRUE;
}

AdmDiceSource *
adm_campaign_dice_source (AdmCampaign   *campaign,
                          const char    *engagement_id,
                          AdmBattle     *battle,
                          const guint64 *seed,
                          gint64         time,
                          GError       **error)
{
  guint8 secret[ADM_DICE_SECRET_LENGTH];
  g_autoptr(GPtrArray) mixes = NULL;
  g_autoptr(AdmDiceCommit) dice = NULL;
  guint next_roll;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);

  next_roll = adm_battle_get_rolls (battle)->len + 1;
  /* The phase about to be rolled waits on no phone before anything is committed. */
  mixes = adm_campaign_get_dice_mixes (campaign, engagement_id);
  if (!adm_dice_mixes_ready (mixes, engagement_id, next_roll, error) ||
      !commit_secret (campaign, engagement_id, next_roll, seed, NULL, time, NULL, secret, error))
    return NULL;
  dice = adm_dice_commit_new (secret, engagement_id, next_roll);
  adm_dice_commit_add_mixes (dice, mixes);
  return ADM_DICE_SOURCE (g_steal_pointer (&dice));
}

gboolean
adm_campaign_table_dice_reusable (AdmCampaign  *campaign,
                                  const char   *engagement_id,
                                  const char   *assignment,
                                  guint         next_roll,
                                  guint8       *secret)
{
  g_autoptr(GPtrArray) commitments = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && assignment != NULL, FALSE);
  g_return_val_if_fail (secret != NULL, FALSE);

  commitments = adm_campaign_get_dice_commitments (campaign, engagement_id);
  return reuse_secret (commitments, next_roll, NULL, assignment, secret);
}

gboolean
adm_campaign_table_dice_commit (AdmCampaign   *campaign,
                                const char    *engagement_id,
                                const char    *assignment,
                                guint          next_roll,
                                gint64         time,
                                const guint8  *stored,
                                guint8        *secret,
                                GError       **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && assignment != NULL, FALSE);
  g_return_val_if_fail (next_roll >= 1, FALSE);
  g_return_val_if_fail (stored != NULL && secret != NULL, FALSE);

  return commit_secret (campaign, engagement_id, next_roll, NULL, assignment, time, stored,
                        secret, error);
}

void
adm_campaign_add_dice_reveals (AdmCampaign      *campaign,
                               const char       *engagement_id,
                               AdmJournalAction *action,
                               gint64            time)
{
  g_autoptr(GPtrArray) commitments = NULL;

  g_return_if_fail (ADM_IS_CAMPAIGN (campaign));
  g_return_if_fail (engagement_id != NULL);

  commitments = adm_campaign_get_dice_commitments (campaign, engagement_id);
  for (guint c = 0; c < commitments->len; c++)
    {
      AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c);
      guint8 secret[ADM_DICE_SECRET_LENGTH];
      g_autofree char *hex = NULL;
      g_autoptr(AdmEvent) event = NULL;

      if (commitment->secret != NULL || !adm_dice_secret_lookup (commitment->commitment, secret))
        continue;
      hex = adm_dice_secret_to_hex (secret);
      event = adm_event_new ("dice-reveal", time);
      adm_event_set (event, "engagement", engagement_id);
      adm_event_set (event, "commitment", commitment->commitment);
      adm_event_set (event, "secret", hex);
      adm_journal_action_add_event (action, event);
    }
}

void
adm_dice_forget_revealed (AdmCampaign      *campaign,
                          AdmJournalAction *action)
{
  GPtrArray *events = adm_journal_action_get_events (action);

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);
      const char *commitment = adm_event_get (event, "commitment");

      if (!g_str_equal (adm_event_get_kind (event), "dice-reveal"))
        continue;
      if (campaign->flush_later)
        campaign->forget_wanted = MAX (campaign->forget_wanted,
                                       adm_dice_secret_forget_later (commitment));
      else
        adm_dice_secret_forget (commitment);
    }
}

/* The last commitment journaled whose first roll is not after roll @number. */
static const AdmDiceCommitment *
commitment_of_roll (GPtrArray *commitments,
                    guint      number)
{
  for (guint c = commitments->len; c > 0; c--)
    {
      const AdmDiceCommitment *commitment = g_ptr_array_index (commitments, c - 1);

      if (commitment->from_roll <= number)
        return commitment;
    }
  return NULL;
}

gboolean
adm_campaign_check_table_dice (AdmCampaign *campaign,
                               const char  *engagement_id,
                               const char  *assignment,
                               AdmBattle   *battle,
                               guint       *number)
{
  g_autoptr(GPtrArray) commitments = NULL;
  g_autoptr(GHashTable) secrets = NULL;
  GPtrArray *rolls;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);

  commitments = adm_campaign_get_dice_commitments (campaign, engagement_id);
  /* The secret of each commitment of this hand-off, looked up once. */
  secrets = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  rolls = adm_battle_get_rolls (battle);
  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);
      const AdmDiceCommitment *commitment = commitment_of_roll (commitments, i + 1);
      const AdmDicePhaseMix *mix;
      guint8 *secret;
      g_autofree guint *derived = NULL;

      if (roll->origin != ADM_ROLL_ORIGIN_PROGRAM || commitment == NULL ||
          assignment == NULL || g_strcmp0 (commitment->assignment, assignment) != 0)
        continue;
      if (!g_hash_table_lookup_extended (secrets, commitment, NULL, (gpointer *) &secret))
        {
          secret = g_new (guint8, ADM_DICE_SECRET_LENGTH);
          if (!(commitment->secret != NULL
                  ? adm_dice_secret_from_hex (commitment->secret, secret)
                  : adm_dice_secret_lookup (commitment->commitment, secret)))
            g_clear_pointer (&secret, g_free);
          g_hash_table_insert (secrets, (gpointer) commitment, secret);
        }
      /* A secret this computer does not hold (the hand-off made on another) is checked by
       * verify-dice once the battle ends. */
      if (secret == NULL)
        continue;
      derived = g_new (guint, roll->n_values);
      /* A table mixes the contributions given at it, those of the phases from its
       * commitment's first roll on (adm_dice_mix_of_table_roll ()). */
      mix = adm_dice_mix_of_table_roll (commitment->mixes, commitment->from_roll, i + 1);
      adm_dice_derive_mixed (secret, engagement_id, i + 1, mix != NULL ? mix->mix : NULL,
                             roll->n_values, roll->sides, derived);
      if (memcmp (derived, roll->values, roll->n_values * sizeof (guint)) != 0)
        {
          if (number != NULL)
            *number = i + 1;
          return FALSE;
        }
    }
  return TRUE;
}

static AdmDiceCheck *
check_roll (GPtrArray           *commitments,
            const char          *engagement_id,
            const AdmBattleRoll *roll,
            guint                number)
{
  AdmDiceCheck *check = g_new0 (AdmDiceCheck, 1);
  guint8 secret[ADM_DICE_SECRET_LENGTH];

  check->number = number;
  check->roll = roll;
  check->commitment = commitment_of_roll (commitments, number);
  /* A table handed the battle mixes only the contributions given at it: the phases from its
   * commitment's first roll on. */
  if (check->commitment != NULL && roll->origin == ADM_ROLL_ORIGIN_PROGRAM)
    {
      check->mix = check->commitment->assignment == NULL
                   ? adm_dice_mix_of_roll (check->commitment->mixes, number)
                   : adm_dice_mix_of_table_roll (check->commitment->mixes,
                                                 check->commitment->from_roll, number);
      check->fresh = check->mix != NULL && check->mix->turn == roll->turn &&
                     g_strcmp0 (check->mix->phase, adm_phase_to_string (roll->phase)) == 0;
    }
  if (roll->origin == ADM_ROLL_ORIGIN_TYPED)
    check->verdict = ADM_DICE_VERDICT_TYPED;
  else if (roll->origin != ADM_ROLL_ORIGIN_PROGRAM)
    check->verdict = ADM_DICE_VERDICT_UNRECORDED;
  else if (check->commitment == NULL)
    check->verdict = ADM_DICE_VERDICT_NO_COMMITMENT;
  else if (check->commitment->secret == NULL ||
           !adm_dice_secret_from_hex (check->commitment->secret, secret))
    check->verdict = ADM_DICE_VERDICT_NOT_REVEALED;
  else
    {
      check->derived = g_new (guint, roll->n_values);
      adm_dice_derive_mixed (secret, engagement_id, number,
                             check->mix != NULL ? check->mix->mix : NULL, roll->n_values,
                             roll->sides, check->derived);
      check->verdict = memcmp (check->derived, roll->values, roll->n_values * sizeof (guint)) == 0
                       ? ADM_DICE_VERDICT_MATCH : ADM_DICE_VERDICT_MISMATCH;
    }
  return check;
}

GPtrArray *
adm_dice_verify (GPtrArray   *commitments,
                 const char  *engagement_id,
                 AdmBattle   *battle,
                 AdmAudience  audience)
{
  g_autoptr(GPtrArray) seen = NULL;
  GPtrArray *rolls;
  GPtrArray *checks;

  g_return_val_if_fail (commitments != NULL, NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);

  rolls = adm_battle_get_rolls (battle);
  /* The one filter says what a side may see of the dice log (F-ECM-2): a roll, or in its
   * place the copy of its own fire at a token it has not identified yet, the token unnamed
   * (F-ECM-4, F-STRAT-4), in the log's order. */
  seen = adm_audience_filter_rolls (audience, battle);
  checks = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_dice_check_free);
  for (guint i = 0, s = 0; i < rolls->len && s < seen->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (rolls, i);
      const AdmBattleRoll *shown = g_ptr_array_index (seen, s);

      if (shown != roll && shown != roll->fogged)
        continue;
      g_ptr_array_add (checks, check_roll (commitments, engagement_id, shown, i + 1));
      s++;
    }
  return checks;
}

char *
adm_dice_check_describe (const AdmDiceCheck *check)
{
  g_return_val_if_fail (check != NULL, NULL);

  switch (check->verdict)
    {
    case ADM_DICE_VERDICT_MATCH:
      return g_strdup (_("matches"));
    case ADM_DICE_VERDICT_MISMATCH:
      return g_strdup (_("DOES NOT MATCH"));
    case ADM_DICE_VERDICT_TYPED:
      if (check->commitment != NULL && check->commitment->table != NULL)
        /* Translators: a roll of a battle fought at another table: "typed in at the table
         * “Table 2”, not checked" */
        return g_strdup_printf (_("typed in at the table “%s”, not checked"),
                                check->commitment->table);
      return g_strdup (_("typed in, not checked"));
    case ADM_DICE_VERDICT_UNRECORDED:
      return g_strdup (_("origin not recorded, not checked"));
    case ADM_DICE_VERDICT_NO_COMMITMENT:
      return g_strdup (_("no commitment covers it"));
    case ADM_DICE_VERDICT_NOT_REVEALED:
    default:
      return g_strdup (_("checked once the battle ends"));
    }
}

char *
adm_dice_describe_typed_at (GPtrArray *checks)
{
  g_autoptr(GPtrArray) tables = NULL;
  g_autoptr(GArray) counts = NULL;
  GString *text;

  g_return_val_if_fail (checks != NULL, NULL);

  tables = g_ptr_array_new ();
  counts = g_array_new (FALSE, TRUE, sizeof (guint));
  for (guint i = 0; i < checks->len; i++)
    {
      const AdmDiceCheck *check = g_ptr_array_index (checks, i);
      guint t = 0;

      if (check->verdict != ADM_DICE_VERDICT_TYPED || check->commitment == NULL ||
          check->commitment->table == NULL)
        continue;
      while (t < tables->len && !g_str_equal (g_ptr_array_index (tables, t),
                                              check->commitment->table))
        t++;
      if (t == tables->len)
        {
          guint zero = 0;

          g_ptr_array_add (tables, check->commitment->table);
          g_array_append_val (counts, zero);
        }
      g_array_index (counts, guint, t)++;
    }
  if (tables->len == 0)
    return NULL;
  text = g_string_new (NULL);
  for (guint t = 0; t < tables->len; t++)
    {
      guint n = g_array_index (counts, guint, t);

      if (t > 0)
        g_string_append (text, ", ");
      /* Translators: the rolls of a battle typed in from real dice at another master's table:
       * "3 rolls typed at “Table 2”" */
      g_string_append_printf (text, ngettext ("%u roll typed at “%s”", "%u rolls typed at “%s”",
                                              n), n, (const char *) g_ptr_array_index (tables, t));
    }
  return g_string_free (text, FALSE);
}

const char *
adm_dice_verdict_to_string (AdmDiceVerdict verdict)
{
  switch (verdict)
    {
    case ADM_DICE_VERDICT_MATCH:
      return "match";
    case ADM_DICE_VERDICT_MISMATCH:
      return "mismatch";
    case ADM_DICE_VERDICT_TYPED:
      return "typed";
    case ADM_DICE_VERDICT_UNRECORDED:
      return "not-recorded";
    case ADM_DICE_VERDICT_NO_COMMITMENT:
      return "no-commitment";
    case ADM_DICE_VERDICT_NOT_REVEALED:
    default:
      return "not-revealed";
    }
}
