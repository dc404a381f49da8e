/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-ledger.h: the commitments of a campaign's battles to their program dice, and the
 * check of every roll against them (docs/dice.md).
 *
 * When a battle of the campaign first needs program dice, a secret is made and kept in the
 * master's private folder (adm_dice_secret_store ()), never in the campaign file; a
 * "dice-commit" action journals its SHA-256, the commitment, with the number of the first roll
 * it covers. Roll N is then drawn from the secret (adm_dice_derive ()). When the battle ends,
 * its ending journals the secret ("dice-reveal") and the private copy goes. A battle played on
 * after its ending was undone, whose secret is in the file now, or on a computer without the
 * secret, gets a new secret and a new commitment from the next roll on: each roll is checked
 * against the last commitment journaled whose first roll is not after it. A commitment is no
 * decision of the master's: campaign Undo passes it by (adm_campaign_undo ()), and one
 * journaled stays public, undone or not. */
#pragma once

#include <glib.h>

#include "adm-audience.h"
#include "adm-battle.h"
#include "adm-campaign.h"
#include "adm-dice-commit.h"
#include "adm-dice-contribution.h"
#include "adm-journal.h"

G_BEGIN_DECLS

/* One commitment of a battle, as its journal holds it. */
typedef struct {
  char   *commitment;  /* SHA-256 of the secret, lowercase hex */
  guint   from_roll;   /* the first roll it covers, from 1 */
  gint64  time;        /* when it was journaled */
  char   *secret;      /* the secret in hex once revealed (a "dice-reveal" journaled), or NULL */
  char   *assignment;  /* the hand-off to a table whose set-up carries the secret, or NULL for
                        * the chief's own dice */
  char   *table;       /* the name of that hand-off's table ("Table 2"), or NULL */
  GPtrArray *mixes;    /* the sides' contributions to the battle's phases
                        * (adm_campaign_get_dice_mixes ()), shared by its commitments */
} AdmDiceCommitment;

void adm_dice_commitment_free (AdmDiceCommitment *commitment);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmDiceCommitment, adm_dice_commitment_free)

/* The commitments of @engagement_id's battle in every action journaled, undone ones too, in
 * the order first journaled, each with its secret when a "dice-reveal" journaled it
 * (AdmDiceCommitment*, owned); empty for a battle without any (an older file, typed dice). */
GPtrArray     *adm_campaign_get_dice_commitments (AdmCampaign  *campaign,
                                                  const char   *engagement_id)
                                                  G_GNUC_WARN_UNUSED_RESULT;

/* The program dice for @battle, the battle of @engagement_id, from its next roll: drawn from
 * the secret of its last commitment when that covers the next roll, is not revealed and its
 * secret is in the private folder (or, with @seed, is the seed's); otherwise a new secret —
 * the seed's (adm_dice_secret_from_seed ()) when @seed is given, else a random one — is kept
 * in the private folder and its commitment journaled at @time before any roll is drawn. NULL
 * with @error when the secret cannot be kept or the commitment not journaled: no dice are
 * drawn then. */
AdmDiceSource *adm_campaign_dice_source          (AdmCampaign  *campaign,
                                                  const char   *engagement_id,
                                                  AdmBattle    *battle,
                                                  const guint64 *seed,
                                                  gint64        time,
                                                  GError      **error)
                                                  G_GNUC_WARN_UNUSED_RESULT;

/* The secret the table holding @engagement_id under the hand-off @assignment draws the battle's
 * program dice from, from roll @next_roll on (adm_table_battle.h: the set-up handed out
 * carries it), committed as adm_campaign_dice_source () commits the chief's own, the
 * commitment naming @assignment, in two steps, so that the private folder's write (a flush to
 * the disk) may be done off the caller's thread. adm_campaign_table_dice_reusable (): whether
 * the last commitment is drawn on — while it is that hand-off's, covers @next_roll, is not
 * revealed and its secret is in the private folder — its secret into @secret. If not, a new
 * secret is made (adm_dice_secret_new_random ()) and kept (adm_dice_secret_store ()), then
 * committed to at @time by adm_campaign_table_dice_commit () as @stored; the campaign may
 * have changed meanwhile: a commitment that may now be drawn on is drawn on (into @secret,
 * @stored let go), and @stored is let go when it cannot be committed to (FALSE with @error).
 * The chief's own dice never draw from a hand-off's secret: the table knows it. */
gboolean       adm_campaign_table_dice_reusable  (AdmCampaign  *campaign,
                                                  const char   *engagement_id,
                                                  const char   *assignment,
                                                  guint         next_roll,
                                                  guint8       *secret);
gboolean       adm_campaign_table_dice_commit    (AdmCampaign  *campaign,
                                                  const char   *engagement_id,
                                                  const char   *assignment,
                                                  guint         next_roll,
                                                  gint64        time,
                                                  const guint8 *stored,
                                                  guint8       *secret,
                                                  GError      **error);

/* Whether every program roll of @battle (the battle of @engagement_id as a table sends it)
 * that a commitment naming the hand-off @assignment covers is what that commitment's secret
 * gives, as far as this computer holds the secret; FALSE with the number of the first that is
 * not in *@number (from 1, its place in the battle's dice log). */
gboolean       adm_campaign_check_table_dice     (AdmCampaign  *campaign,
                                                  const char   *engagement_id,
                                                  const char   *assignment,
                                                  AdmBattle    *battle,
                                                  guint        *number);

/* Adds to @action (a battle's ending) a "dice-reveal" of each commitment of @engagement_id
 * not revealed whose secret the private folder holds. */
void           adm_campaign_add_dice_reveals     (AdmCampaign      *campaign,
                                                  const char       *engagement_id,
                                                  AdmJournalAction *action,
                                                  gint64            time);
/* Removes from the private folder the secrets @action revealed, once it is journaled in
 * @campaign: at once when its saves are flushed as they are made, else by the flusher once
 * the save that journaled it is on the disk (adm_campaign_set_flush_later ()), never on the
 * caller's main loop, where a file's removal can wait for a disk's discard. */
void           adm_dice_forget_revealed          (AdmCampaign      *campaign,
                                                  AdmJournalAction *action);

typedef enum {
  ADM_DICE_VERDICT_MATCH,         /* the secret gives the values the journal has */
  ADM_DICE_VERDICT_MISMATCH,      /* it gives others */
  ADM_DICE_VERDICT_TYPED,         /* typed in from real dice: shown as typed, not checked */
  ADM_DICE_VERDICT_UNRECORDED,    /* a file older than the dice's origin: not checked */
  ADM_DICE_VERDICT_NO_COMMITMENT, /* a program roll no commitment covers */
  ADM_DICE_VERDICT_NOT_REVEALED,  /* its commitment's secret is not revealed yet */
} AdmDiceVerdict;

/* One roll of the dice log, checked. */
typedef struct {
  guint                    number;     /* its place in the battle's dice log, from 1 */
  const AdmBattleRoll     *roll;       /* borrowed from the battle */
  AdmDiceVerdict           verdict;
  const AdmDiceCommitment *commitment; /* the one that covers it, or NULL; borrowed */
  guint                   *derived;    /* MATCH and MISMATCH: what the secret gives
                                        * (roll->n_values), else NULL */
  const AdmDicePhaseMix   *mix;        /* the sides' contributions it mixes in, or NULL: drawn
                                        * from the secret alone; borrowed */
  gboolean                 fresh;      /* @mix is its own phase's: given after that phase's
                                        * declarations, not an earlier phase's (docs/dice.md) */
} AdmDiceCheck;

/* The verdict of @check in words, as every dice log says it: "matches", "DOES NOT MATCH",
 * "typed in at the table “Table 2”, not checked" for a roll typed in at a table (its
 * commitment's), "typed in, not checked", … */
char          *adm_dice_check_describe           (const AdmDiceCheck *check) G_GNUC_WARN_UNUSED_RESULT;

/* The rolls of @checks (adm_dice_verify ()) typed in at another master's table, counted by
 * table in the order first typed: "3 rolls typed at “Table 2”, 1 roll typed at “Table 3”";
 * NULL when none was. */
char          *adm_dice_describe_typed_at        (GPtrArray          *checks) G_GNUC_WARN_UNUSED_RESULT;

void adm_dice_check_free (AdmDiceCheck *check);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (AdmDiceCheck, adm_dice_check_free)

/* Every roll of @battle's dice log that @audience may see (adm_audience_sees_roll ()), checked
 * against @commitments (adm_campaign_get_dice_commitments ()), which outlive the result
 * (AdmDiceCheck*, owned). Rolls keep their numbers in the whole log. */
GPtrArray     *adm_dice_verify                   (GPtrArray    *commitments,
                                                  const char   *engagement_id,
                                                  AdmBattle    *battle,
                                                  AdmAudience   audience) G_GNUC_WARN_UNUSED_RESULT;
/* "match", "mismatch", "typed", "not-recorded", "no-commitment", "not-revealed". */
const char    *adm_dice_verdict_to_string        (AdmDiceVerdict verdict);

G_END_DECLS
