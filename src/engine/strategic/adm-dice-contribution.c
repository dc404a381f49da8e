/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-dice-contribution.c: the sides' contributions to a phase's program dice
 * (adm-dice-contribution.h, docs/dice.md). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-dice-contribution.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-dice-queue.h"
#include "adm-roll-check.h"
#include "adm-state.h"

static void
contribution_free (AdmDiceContribution *contribution)
{
  g_free (contribution->side);
  g_free (contribution->by);
  g_free (contribution->dice);
  g_free (contribution->commit);
  g_free (contribution->nonce);
  g_free (contribution);
}

void
adm_dice_phase_mix_free (AdmDicePhaseMix *mix)
{
  if (mix == NULL)
    return;
  g_free (mix->phase);
  g_ptr_array_unref (mix->given);
  g_free (mix->mix);
  g_free (mix->declarations);
  g_free (mix);
}

gboolean
adm_dice_contribution_parse (const char  *text,
                             char       **normal,
                             GError     **error)
{
  guint values[ADM_DICE_CONTRIBUTION_COUNT];
  guint n = 0;

  for (const char *c = text != NULL ? text : ""; *c != '\0'; c++)
    {
      if (*c == ' ' || *c == ',' || *c == '\t')
        continue;
      if (!g_ascii_isdigit (*c) || n == ADM_DICE_CONTRIBUTION_COUNT ||
          (c[1] != '\0' && g_ascii_isdigit (c[1]) && n + 1 == ADM_DICE_CONTRIBUTION_COUNT))
        {
          g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                       /* Translators: "3 5" is an example of two dice typed */
                       _("The dice contribution “%s” is not %u dice of %u sides, such as “3 5”"),
                       text, ADM_DICE_CONTRIBUTION_COUNT, ADM_DICE_CONTRIBUTION_SIDES);
          return FALSE;
        }
      values[n++] = (guint) g_ascii_digit_value (*c);
    }
  if (n != ADM_DICE_CONTRIBUTION_COUNT)
    {
      g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                   _("The dice contribution “%s” is not %u dice of %u sides, such as “3 5”"),
                   text != NULL ? text : "", ADM_DICE_CONTRIBUTION_COUNT,
                   ADM_DICE_CONTRIBUTION_SIDES);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (values[i] < 1 || values[i] > ADM_DICE_CONTRIBUTION_SIDES)
      {
        g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_OUT_OF_RANGE,
                     /* Translators: "The dice contribution “7 2” has a 7: a d6 shows 1 to 6" */
                     _("The dice contribution “%s” has a %u: a d%u shows 1 to %u"), text,
                     values[i], ADM_DICE_CONTRIBUTION_SIDES, ADM_DICE_CONTRIBUTION_SIDES);
        return FALSE;
      }
  if (normal != NULL)
    *normal = adm_roll_check_values_text (values, n, " ");
  return TRUE;
}

gboolean
adm_dice_phase_id_is_valid (const char *id)
{
  for (AdmPhase phase = ADM_PHASE_DETECTION; phase <= ADM_PHASE_END; phase++)
    if (g_strcmp0 (id, adm_phase_to_string (phase)) == 0)
      return TRUE;
  return FALSE;
}

gboolean
adm_dice_phase_rolls (AdmBattle           *battle,
                      const AdmTurnOrders *orders)
{
  g_autoptr(AdmDiceQueue) none = adm_dice_queue_new ();
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);

  /* The first die the phase asks for finds the queue empty and stops the trial. */
  return !adm_battle_phase_requests (battle, orders, ADM_DICE_SOURCE (none), &error) &&
         g_error_matches (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY);
}

static AdmEvent *phase_event (AdmCampaign  *campaign,
                              const char   *kind,
                              const char   *engagement_id,
                              gboolean      tapped,
                              gint64        time,
                              GError      **error);

/* "FROM:TURN:PHASE" of the phase of @engagement_id's battle kept about to be rolled, or NULL. */
static char *
phase_about_to_roll (AdmCampaign *campaign,
                     const char  *engagement_id)
{
  AdmBattle *battle = adm_campaign_get_battle_played (campaign, engagement_id, NULL);

  if (battle == NULL)
    return NULL;
  return g_strdup_printf ("%u:%d:%s", adm_battle_get_rolls (battle)->len + 1,
                          adm_battle_get_turn (battle),
                          adm_phase_to_string (adm_battle_get_phase (battle)));
}

/* What the campaign keeps of an ask journaled: "ASSIGNMENT|FROM:TURN:PHASE=DIGEST",
 * ASSIGNMENT the hand-off whose table asked, empty for the chief's own. */
static char *
asked_text (const AdmEvent *event)
{
  const char *assignment = adm_event_get (event, "assignment");

  return g_strdup_printf ("%s|%s:%s:%s=%s", assignment != NULL ? assignment : "",
                          adm_event_get (event, "from"), adm_event_get (event, "turn"),
                          adm_event_get (event, "phase"), adm_event_get (event, "declarations"));
}

/* The asks journaled ("dice-ask"), the last of each engagement (asked_text ()): read from the
 * journal once, then kept with each ask journaled. Like a contribution, an ask counts undone
 * or not (campaign Undo passes it by). */
static GHashTable *
dice_asked (AdmCampaign *campaign)
{
  AdmJournal *journal;

  if (campaign->dice_asked != NULL)
    return campaign->dice_asked;
  campaign->dice_asked = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  journal = adm_campaign_get_journal (campaign);
  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    {
      GPtrArray *events;

      if (adm_journal_get_entry_kind (journal, i) != ADM_JOURNAL_ENTRY_ACTION)
        continue;
      events = adm_journal_action_get_events (adm_journal_get_entry_action (journal, i));
      for (guint e = 0; e < events->len; e++)
        {
          const AdmEvent *event = g_ptr_array_index (events, e);

          if (g_str_equal (adm_event_get_kind (event), "dice-ask"))
            g_hash_table_replace (campaign->dice_asked,
                                  g_strdup (adm_event_get (event, "engagement")),
                                  asked_text (event));
        }
    }
  return campaign->dice_asked;
}

/* Journals @event, an ask, unless the same is the last journaled of its engagement. */
static gboolean
journal_ask (AdmCampaign  *campaign,
             AdmEvent     *event,
             GError      **error)
{
  const char *engagement_id = adm_event_get (event, "engagement");
  g_autofree char *asked = asked_text (event);

  /* Asked already with these declarations (Resolve pressed again, the dialog cancelled, a
   * table's ask sent again): the journal holds it. */
  if (g_strcmp0 (g_hash_table_lookup (dice_asked (campaign), engagement_id), asked) == 0)
    return TRUE;
  if (!adm_campaign_append (campaign, event, error))
    return FALSE;
  g_hash_table_replace (dice_asked (campaign), g_strdup (engagement_id),
                        g_steal_pointer (&asked));
  return TRUE;
}

gboolean
adm_campaign_ask_dice (AdmCampaign  *campaign,
                       const char   *engagement_id,
                       const char   *declarations,
                       gint64        time,
                       GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && adm_dice_hex_is_valid (declarations), FALSE);

  if ((event = phase_event (campaign, "dice-ask", engagement_id, FALSE, time, error)) == NULL)
    return FALSE;
  adm_event_set (event, "declarations", declarations);
  return journal_ask (campaign, event, error);
}

gboolean
adm_campaign_ask_dice_at_table (AdmCampaign  *campaign,
                                const char   *engagement_id,
                                const char   *assignment,
                                guint         from,
                                int           turn,
                                const char   *phase,
                                const char   *declarations,
                                gint64        time,
                                GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && assignment != NULL && phase != NULL, FALSE);
  g_return_val_if_fail (adm_dice_hex_is_valid (declarations), FALSE);

  event = adm_event_new ("dice-ask", time);
  adm_event_set (event, "engagement", engagement_id);
  adm_event_set (event, "assignment", assignment);
  adm_event_set_int (event, "from", from);
  adm_event_set_int (event, "turn", turn);
  adm_event_set (event, "phase", phase);
  adm_event_set (event, "declarations", declarations);
  return journal_ask (campaign, event, error);
}

const char *
adm_campaign_get_dice_asked (AdmCampaign *campaign,
                             const char  *engagement_id)
{
  const AdmTableAssignment *at;
  g_autofree char *phase = NULL, *by = NULL;
  const char *asked;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);

  /* Asked by whoever fights the battle now — the table it is at, or the chief — and past
   * that: the phase and its declarations. */
  at = adm_state_get_table (adm_campaign_get_state (campaign), engagement_id);
  by = g_strdup_printf ("%s|", at != NULL ? at->id : "");
  if ((asked = g_hash_table_lookup (dice_asked (campaign), engagement_id)) != NULL &&
      g_str_has_prefix (asked, by))
    asked += strlen (by);
  else
    asked = NULL;
  if (asked == NULL || (phase = phase_about_to_roll (campaign, engagement_id)) == NULL ||
      !g_str_has_prefix (asked, phase) || asked[strlen (phase)] != '=')
    return NULL;
  return asked + strlen (phase) + 1;
}

static int
compare_side (gconstpointer a,
              gconstpointer b)
{
  return strcmp ((*(AdmDiceContribution * const *) a)->side,
                 (*(AdmDiceContribution * const *) b)->side);
}

char *
adm_dice_mix_compute (const char *engagement_id,
                      guint       from,
                      GPtrArray  *given)
{
  g_autoptr(GString) text = NULL;

  g_return_val_if_fail (engagement_id != NULL && given != NULL, NULL);

  text = g_string_new (NULL);
  g_string_append_printf (text, "%s:%u:", engagement_id, from);
  for (guint i = 0; i < given->len; i++)
    {
      const AdmDiceContribution *contribution = g_ptr_array_index (given, i);
      const char *value = contribution->dice != NULL ? contribution->dice : contribution->nonce;

      if (value == NULL)
        return NULL;
      g_string_append_printf (text, "%s%s=%s", i > 0 ? ";" : "", contribution->side, value);
    }
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text->str, text->len);
}

static AdmDicePhaseMix *
phase_of (GPtrArray      *mixes,
          const AdmEvent *event,
          gboolean        add)
{
  gint64 from = 0;
  AdmDicePhaseMix *mix;

  if (!adm_event_get_int (event, "from", &from) || from < 1 || from > G_MAXINT)
    return NULL;
  /* A phase that rolls no dice leaves the next one the same first roll: a phase is told by
   * its turn and id too. */
  for (guint m = 0; m < mixes->len; m++)
    {
      mix = g_ptr_array_index (mixes, m);
      if (mix->from == (guint) from && g_strcmp0 (mix->phase, adm_event_get (event, "phase")) == 0 &&
          mix->turn == (int) g_ascii_strtoll (adm_event_get (event, "turn") != NULL
                                              ? adm_event_get (event, "turn") : "0", NULL, 10))
        return mix;
    }
  if (!add)
    return NULL;
  mix = g_new0 (AdmDicePhaseMix, 1);
  mix->from = (guint) from;
  mix->turn = (int) g_ascii_strtoll (adm_event_get (event, "turn") != NULL
                                     ? adm_event_get (event, "turn") : "0", NULL, 10);
  mix->phase = g_strdup (adm_event_get (event, "phase"));
  mix->given = g_ptr_array_new_with_free_func ((GDestroyNotify) contribution_free);
  mix->order = mixes->len;
  g_ptr_array_add (mixes, mix);
  return mix;
}

static AdmDiceContribution *
given_by (AdmDicePhaseMix *mix,
          const char      *side)
{
  for (guint i = 0; mix != NULL && i < mix->given->len; i++)
    if (g_strcmp0 (((AdmDiceContribution *) g_ptr_array_index (mix->given, i))->side, side) == 0)
      return g_ptr_array_index (mix->given, i);
  return NULL;
}

static void
read_event (GPtrArray      *mixes,
            const AdmEvent *event)
{
  AdmDicePhaseMix *mix;
  AdmDiceContribution *before;

  if (g_str_equal (adm_event_get_kind (event), "dice-contribution"))
    {
      const char *side = adm_event_get (event, "side");

      if (side == NULL || (mix = phase_of (mixes, event, TRUE)) == NULL)
        return;
      /* The declarations locked when the first side gave: the one check refuses another
       * side's naming others. */
      if (mix->declarations == NULL && adm_dice_hex_is_valid (adm_event_get (event,
                                                                             "declarations")))
        mix->declarations = g_strdup (adm_event_get (event, "declarations"));
      before = given_by (mix, side);
      /* The master's throw for a side whose phone never showed its tap replaces the tap. */
      if (before != NULL && before->commit != NULL && before->nonce == NULL &&
          adm_event_get (event, "dice") != NULL &&
          g_strcmp0 (adm_event_get (event, "by"), "master") == 0)
        {
          g_clear_pointer (&before->commit, g_free);
          before->dice = g_strdup (adm_event_get (event, "dice"));
          g_free (before->by);
          before->by = g_strdup ("master");
          return;
        }
      if (before != NULL)
        return;
      before = g_new0 (AdmDiceContribution, 1);
      before->side = g_strdup (side);
      before->by = g_strdup (g_strcmp0 (adm_event_get (event, "by"), "master") == 0
                             ? "master" : "side");
      before->dice = g_strdup (adm_event_get (event, "dice"));
      before->commit = g_strdup (adm_event_get (event, "commit"));
      g_ptr_array_add (mix->given, before);
    }
  else if (g_str_equal (adm_event_get_kind (event), "dice-contribution-reveal"))
    {
      guint8 nonce[ADM_DICE_SECRET_LENGTH];
      g_autofree char *hash = NULL;

      before = given_by (phase_of (mixes, event, FALSE), adm_event_get (event, "side"));
      /* A tap is told by being the one committed to: SHA-256 says so, whoever wrote it. */
      if (before == NULL || before->commit == NULL || before->nonce != NULL ||
          !adm_dice_secret_from_hex (adm_event_get (event, "nonce"), nonce))
        return;
      hash = adm_dice_commitment_of (nonce);
      if (g_str_equal (hash, before->commit))
        before->nonce = g_strdup (adm_event_get (event, "nonce"));
    }
}

/* By first roll; phases of the same first roll (the earlier rolled no dice) in the order
 * first contributed to, the later mixed into the rolls. */
static int
compare_from (gconstpointer a,
              gconstpointer b)
{
  const AdmDicePhaseMix *x = *(AdmDicePhaseMix * const *) a, *y = *(AdmDicePhaseMix * const *) b;

  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

GPtrArray *
adm_campaign_get_dice_mixes (AdmCampaign *campaign,
                             const char  *engagement_id)
{
  AdmJournal *journal;
  GPtrArray *mixes;
  g_autoptr(GArray) entries = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL, NULL);

  journal = adm_campaign_get_journal (campaign);
  mixes = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_dice_phase_mix_free);
  entries = adm_journal_find_entries (journal, "engagement", engagement_id);
  for (guint n = 0; n < entries->len; n++)
    {
      guint i = g_array_index (entries, guint, n);
      GPtrArray *events = adm_journal_action_get_events (adm_journal_get_entry_action (journal,
                                                                                         i));

      for (guint e = 0; e < events->len; e++)
        {
          const AdmEvent *event = g_ptr_array_index (events, e);

          if (g_strcmp0 (adm_event_get (event, "engagement"), engagement_id) == 0)
            read_event (mixes, event);
        }
    }
  g_ptr_array_sort (mixes, compare_from);
  for (guint m = 0; m < mixes->len; m++)
    {
      AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      g_ptr_array_sort (mix->given, compare_side);
      mix->mix = adm_dice_mix_compute (engagement_id, mix->from, mix->given);
    }
  return mixes;
}

const AdmDicePhaseMix *
adm_dice_mix_of_roll (GPtrArray *mixes,
                      guint      number)
{
  for (guint m = mixes != NULL ? mixes->len : 0; m > 0; m--)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m - 1);

      if (mix->from <= number)
        return mix;
    }
  return NULL;
}

/* Where the battle kept stands: its next roll, turn and phase. */
static gboolean
battle_position (AdmCampaign  *campaign,
                 const char   *engagement_id,
                 guint        *next_roll,
                 int          *turn,
                 const char  **phase,
                 GError      **error)
{
  AdmBattle *battle = adm_campaign_get_battle_played (campaign, engagement_id, error);

  if (battle == NULL)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_BATTLE,
                     _("The battle of engagement %s has not begun: its sides give their dice "
                       "once its first phase is declared"), engagement_id);
      return FALSE;
    }
  *next_roll = adm_battle_get_rolls (battle)->len + 1;
  *turn = adm_battle_get_turn (battle);
  *phase = adm_phase_to_string (adm_battle_get_phase (battle));
  return TRUE;
}

/* A new event of @kind naming the phase of @engagement_id's battle kept about to be rolled
 * (`engagement`, `from`, `turn`, `phase`), or NULL with @error when it has not begun. A
 * phone's commit or tap (@tapped) for a battle at another table names its hand-off too: the
 * one check takes it for the phase that table asked. */
static AdmEvent *
phase_event (AdmCampaign  *campaign,
             const char   *kind,
             const char   *engagement_id,
             gboolean      tapped,
             gint64        time,
             GError      **error)
{
  const AdmTableAssignment *at = adm_state_get_table (adm_campaign_get_state (campaign),
                                                      engagement_id);
  AdmEvent *event;
  const char *phase;
  guint next_roll;
  int turn;

  if (!battle_position (campaign, engagement_id, &next_roll, &turn, &phase, error))
    return NULL;
  event = adm_event_new (kind, time);
  adm_event_set (event, "engagement", engagement_id);
  adm_event_set_int (event, "from", next_roll);
  adm_event_set_int (event, "turn", turn);
  adm_event_set (event, "phase", phase);
  if (tapped && at != NULL)
    adm_event_set (event, "assignment", at->id);
  return event;
}

GPtrArray *
adm_dice_mixes_sides_to_give (GPtrArray *mixes,
                              AdmBattle *battle)
{
  g_autoptr(AdmEvent) phase = NULL;
  AdmDicePhaseMix *mix;
  GPtrArray *sides;

  g_return_val_if_fail (mixes != NULL && ADM_IS_BATTLE (battle), NULL);

  phase = adm_event_new ("dice-contribution", 0);
  adm_event_set_int (phase, "from", adm_battle_get_rolls (battle)->len + 1);
  adm_event_set_int (phase, "turn", adm_battle_get_turn (battle));
  adm_event_set (phase, "phase", adm_phase_to_string (adm_battle_get_phase (battle)));
  mix = phase_of (mixes, phase, FALSE);
  sides = g_ptr_array_new ();
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    {
      const AdmBattleSide *side = adm_battle_get_side (battle, s);
      const AdmDiceContribution *given = given_by (mix, side->id);

      if (given == NULL || (given->dice == NULL && given->nonce == NULL))
        g_ptr_array_add (sides, (gpointer) side);
    }
  return sides;
}

GPtrArray *
adm_campaign_dice_sides_to_give (AdmCampaign *campaign,
                                 const char  *engagement_id,
                                 AdmBattle   *battle)
{
  g_autoptr(GPtrArray) mixes = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement_id != NULL && ADM_IS_BATTLE (battle), NULL);

  mixes = adm_campaign_get_dice_mixes (campaign, engagement_id);
  return adm_dice_mixes_sides_to_give (mixes, battle);
}

gboolean
adm_campaign_give_dice (AdmCampaign  *campaign,
                        const char   *engagement_id,
                        const char   *side,
                        const char   *dice,
                        gboolean      by_master,
                        const char   *commit,
                        gint64        time,
                        GError      **error)
{
  return adm_campaign_give_declared_dice (campaign, engagement_id, side, dice, by_master, commit,
                                          NULL, time, error);
}

gboolean
adm_campaign_give_declared_dice (AdmCampaign  *campaign,
                                 const char   *engagement_id,
                                 const char   *side,
                                 const char   *dice,
                                 gboolean      by_master,
                                 const char   *commit,
                                 const char   *declarations,
                                 gint64        time,
                                 GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;
  g_autoptr(GPtrArray) mixes = NULL;
  g_autofree char *normal = NULL;
  AdmDiceContribution *before;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && side != NULL, FALSE);
  g_return_val_if_fail ((dice == NULL) != (commit == NULL), FALSE);

  if (dice != NULL && !adm_dice_contribution_parse (dice, &normal, error))
    return FALSE;
  if ((event = phase_event (campaign, "dice-contribution", engagement_id, commit != NULL, time,
                            error)) == NULL)
    return FALSE;
  /* Once journaled a contribution counts, undone or not: none is given twice. */
  mixes = adm_campaign_get_dice_mixes (campaign, engagement_id);
  before = given_by (phase_of (mixes, event, FALSE), side);
  if (before != NULL && !(before->commit != NULL && before->nonce == NULL && by_master &&
                          dice != NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("This side has given its dice contribution for this phase of engagement "
                     "%s already: each side gives one a phase"), engagement_id);
      return FALSE;
    }
  adm_event_set (event, "side", side);
  adm_event_set (event, "by", by_master ? "master" : "side");
  if (normal != NULL)
    adm_event_set (event, "dice", normal);
  else
    adm_event_set (event, "commit", commit);
  if (declarations != NULL)
    adm_event_set (event, "declarations", declarations);
  return adm_campaign_append (campaign, event, error);
}

gboolean
adm_campaign_show_dice (AdmCampaign  *campaign,
                        const char   *engagement_id,
                        const char   *side,
                        const char   *nonce,
                        gint64        time,
                        GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && side != NULL && nonce != NULL, FALSE);

  if ((event = phase_event (campaign, "dice-contribution-reveal", engagement_id, TRUE, time,
                            error)) == NULL)
    return FALSE;
  adm_event_set (event, "side", side);
  adm_event_set (event, "nonce", nonce);
  return adm_campaign_append (campaign, event, error);
}

gboolean
adm_dice_mixes_ready (GPtrArray   *mixes,
                      const char  *engagement_id,
                      guint        next_roll,
                      GError     **error)
{
  const AdmDicePhaseMix *mix = adm_dice_mix_of_roll (mixes, next_roll);

  g_return_val_if_fail (mixes != NULL && engagement_id != NULL, FALSE);

  if (mix == NULL || mix->from != next_roll || mix->mix != NULL)
    return TRUE;
  g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_EMPTY,
               _("A phone has committed to its side’s dice for this phase of engagement %s but "
                 "not shown its tap yet: wait for it, or throw 2d6 for that side (ruling "
                 "“dice-contribution-missing”)"), engagement_id);
  return FALSE;
}

void
adm_dice_commit_add_mixes (AdmDiceCommit *dice,
                           GPtrArray     *mixes)
{
  g_return_if_fail (ADM_IS_DICE_COMMIT (dice));
  g_return_if_fail (mixes != NULL);

  for (guint m = 0; m < mixes->len; m++)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      if (mix->mix != NULL)
        adm_dice_commit_add_mix (dice, mix->from, mix->mix);
    }
}

const AdmDicePhaseMix *
adm_dice_mix_of_phase (GPtrArray  *mixes,
                       int         turn,
                       const char *phase,
                       guint       from)
{
  for (guint m = mixes != NULL ? mixes->len : 0; m > 0; m--)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m - 1);

      if (mix->from == from && mix->turn == turn && g_strcmp0 (mix->phase, phase) == 0)
        return mix;
    }
  return NULL;
}

/* The number of "roll" events of @action. */
static guint
action_rolls (AdmJournalAction *action)
{
  GPtrArray *events = adm_journal_action_get_events (action);
  guint rolls = 0;

  for (guint e = 0; e < events->len; e++)
    if (g_str_equal (adm_event_get_kind (g_ptr_array_index (events, e)), "roll"))
      rolls++;
  return rolls;
}

gboolean
adm_campaign_check_declarations (AdmCampaign  *campaign,
                                 const char   *engagement_id,
                                 AdmBattle    *battle,
                                 AdmJournal   *log,
                                 guint         first,
                                 GError      **error)
{
  g_autoptr(GPtrArray) mixes = NULL;
  guint after, n;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && ADM_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (ADM_IS_JOURNAL (log), FALSE);

  n = adm_journal_get_n_entries (log);
  if (first >= n)
    return TRUE;
  mixes = adm_campaign_get_dice_mixes (campaign, engagement_id);
  if (mixes->len == 0)
    return TRUE;
  /* The phases last resolved are the last in effect: each one's first roll is counted back
   * from the battle's rolls. An undo or redo among the new entries stops the count; a phase
   * redone was checked when it was first kept. */
  after = adm_battle_get_rolls (battle)->len;
  for (guint i = n; i > first; i--)
    {
      AdmJournalAction *action;
      GPtrArray *events;
      const AdmEvent *said;
      g_autofree char *digest = NULL;
      gint64 turn;
      guint rolls;

      if (adm_journal_get_entry_kind (log, i - 1) != ADM_JOURNAL_ENTRY_ACTION)
        break;
      action = adm_journal_get_entry_action (log, i - 1);
      events = adm_journal_action_get_events (action);
      said = events->len > 0 ? g_ptr_array_index (events, 0) : NULL;
      rolls = action_rolls (action);
      if (said == NULL || rolls > after || !adm_event_get_int (said, "turn", &turn))
        break;
      after -= rolls;
      digest = adm_declarations_digest (adm_event_get_text (said));
      if (!adm_dice_mixes_check_declarations (mixes, engagement_id, (int) turn,
                                              adm_event_get (said, "phase"), after + 1, digest,
                                              error))
        return FALSE;
    }
  return TRUE;
}

char *
adm_dice_mixes_to_text (GPtrArray *mixes)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (mixes != NULL, NULL);

  for (guint m = 0; m < mixes->len; m++)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      for (guint g = 0; g < mix->given->len; g++)
        {
          const AdmDiceContribution *given = g_ptr_array_index (mix->given, g);

          /* As the journal keeps them, "3 5": the two digits; a phone's tap shown, its hex. */
          if (given->dice != NULL)
            g_string_append_printf (text, "%s%u:%d:%s:%s:%s:%c%c", text->len > 0 ? " " : "",
                                    mix->from, mix->turn, mix->phase, given->side, given->by,
                                    given->dice[0], given->dice[2]);
          else if (given->nonce != NULL)
            g_string_append_printf (text, "%s%u:%d:%s:%s:%s:%s", text->len > 0 ? " " : "",
                                    mix->from, mix->turn, mix->phase, given->side, given->by,
                                    given->nonce);
        }
    }
  return text->len > 0 ? g_strdup (text->str) : NULL;
}

/* Sorts each phase's contributions by side and computes its mix. */
static void
mixes_compute (GPtrArray  *mixes,
               const char *engagement_id)
{
  for (guint m = 0; m < mixes->len; m++)
    {
      AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      g_ptr_array_sort (mix->given, compare_side);
      g_free (mix->mix);
      mix->mix = adm_dice_mix_compute (engagement_id, mix->from, mix->given);
    }
  g_ptr_array_sort (mixes, compare_from);
}

/* Adds @side's typed @normal dice, or a phone's tap @nonce shown, to the phase of @mixes from
 * @from, turn @turn, @phase. */
static gboolean
mixes_add (GPtrArray   *mixes,
           guint        from,
           int          turn,
           const char  *phase,
           const char  *side,
           gboolean     by_master,
           const char  *normal,
           const char  *nonce,
           GError     **error)
{
  guint8 tap[ADM_DICE_SECRET_LENGTH];
  g_autoptr(AdmEvent) event = adm_event_new ("dice-contribution", 0);
  AdmDicePhaseMix *mix;
  AdmDiceContribution *given;

  adm_event_set_int (event, "from", from);
  adm_event_set_int (event, "turn", turn);
  adm_event_set (event, "phase", phase);
  mix = phase_of (mixes, event, TRUE);
  if (given_by (mix, side) != NULL)
    {
      g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                   _("%s has given its dice contribution for this phase already: each side "
                     "gives one a phase"), side);
      return FALSE;
    }
  given = g_new0 (AdmDiceContribution, 1);
  given->side = g_strdup (side);
  given->by = g_strdup (by_master ? "master" : "side");
  given->dice = g_strdup (normal);
  if (nonce != NULL && adm_dice_secret_from_hex (nonce, tap))
    {
      given->commit = adm_dice_commitment_of (tap);
      given->nonce = g_strdup (nonce);
    }
  g_ptr_array_add (mix->given, given);
  return TRUE;
}

GPtrArray *
adm_dice_mixes_from_text (const char  *engagement_id,
                          const char  *text,
                          GError     **error)
{
  g_autoptr(GPtrArray) mixes = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                               adm_dice_phase_mix_free);
  g_auto(GStrv) items = NULL;

  g_return_val_if_fail (engagement_id != NULL, NULL);

  items = g_strsplit (text != NULL ? text : "", " ", -1);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (items[i], ":", -1);
      g_autofree char *normal = NULL;
      guint64 from = 0, turn = 0;

      if (*items[i] == '\0')
        continue;
      if (g_strv_length (fields) != 6 ||
          !g_ascii_string_to_unsigned (fields[0], 10, 1, G_MAXINT, &from, NULL) ||
          !g_ascii_string_to_unsigned (fields[1], 10, 1, 100000, &turn, NULL) ||
          !adm_dice_phase_id_is_valid (fields[2]) || *fields[3] == '\0' || strlen (fields[3]) > 64 ||
          (!g_str_equal (fields[4], "side") && !g_str_equal (fields[4], "master")) ||
          (!adm_dice_contribution_parse (fields[5], &normal, NULL) &&
           !(adm_dice_hex_is_valid (fields[5]) && g_str_equal (fields[4], "side"))))
        {
          g_autofree char *shown = g_utf8_make_valid (items[i], MIN (strlen (items[i]), 80));

          g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                       /* Translators: "5:2:fire:barrayar:side:35" */
                       _("“%s” is not a side’s dice for a phase, FROM:TURN:PHASE:SIDE:BY:DICE "
                         "such as “5:2:fire:barrayar:side:35”"), shown);
          return NULL;
        }
      if (!mixes_add (mixes, (guint) from, (int) turn, fields[2], fields[3],
                      g_str_equal (fields[4], "master"), normal,
                      normal == NULL ? fields[5] : NULL, error))
        return NULL;
    }
  mixes_compute (mixes, engagement_id);
  return g_steal_pointer (&mixes);
}

gboolean
adm_dice_mixes_give (GPtrArray   *mixes,
                     const char  *engagement_id,
                     AdmBattle   *battle,
                     const char  *side,
                     const char  *dice,
                     gboolean     by_master,
                     GError     **error)
{
  g_autofree char *normal = NULL;
  gboolean found = FALSE;

  g_return_val_if_fail (mixes != NULL && engagement_id != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_BATTLE (battle) && side != NULL, FALSE);

  if (!adm_dice_contribution_parse (dice, &normal, error))
    return FALSE;
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    found = found || g_strcmp0 (adm_battle_get_side (battle, s)->id, side) == 0;
  if (!found)
    {
      g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                   _("“%s” is no side of the battle of engagement %s"), side, engagement_id);
      return FALSE;
    }
  if (!mixes_add (mixes, adm_battle_get_rolls (battle)->len + 1, adm_battle_get_turn (battle),
                  adm_phase_to_string (adm_battle_get_phase (battle)), side, by_master, normal,
                  NULL, error))
    return FALSE;
  mixes_compute (mixes, engagement_id);
  return TRUE;
}

gboolean
adm_dice_mixes_check_declarations (GPtrArray   *mixes,
                                   const char  *engagement_id,
                                   int          turn,
                                   const char  *phase,
                                   guint        from,
                                   const char  *digest,
                                   GError     **error)
{
  const AdmDicePhaseMix *mix = adm_dice_mix_of_phase (mixes, turn, phase, from);

  g_return_val_if_fail (engagement_id != NULL && digest != NULL, FALSE);

  if (mix == NULL || mix->declarations == NULL || g_str_equal (digest, mix->declarations))
    return TRUE;
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
               _("The declarations of turn %d, phase “%s” of engagement %s are not those "
                 "locked when its sides gave their dice: once the dice are thrown, the phase "
                 "is resolved with the declarations they were thrown for"),
               turn, adm_phase_display_name (phase), engagement_id);
  return FALSE;
}

char *
adm_dice_mix_resolved_declarations (const AdmDicePhaseMix *mix,
                                    AdmBattle             *battle)
{
  GPtrArray *events;
  guint rolls = 0;

  g_return_val_if_fail (mix != NULL, NULL);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);

  /* The battle's journal in effect: a "phase" event per phase, then its "roll" events. */
  events = adm_battle_get_journal (battle);
  for (guint e = 0; e < events->len; e++)
    {
      const AdmEvent *event = g_ptr_array_index (events, e);
      gint64 turn = 0;

      if (g_str_equal (adm_event_get_kind (event), "roll"))
        {
          rolls++;
          continue;
        }
      if (g_str_equal (adm_event_get_kind (event), "phase") &&
          adm_event_get_int (event, "turn", &turn) && turn == mix->turn &&
          g_strcmp0 (adm_event_get (event, "phase"), mix->phase) == 0 && rolls + 1 == mix->from)
        return adm_declarations_digest (adm_event_get_text (event));
    }
  return NULL;
}

AdmDeclarationsVerdict
adm_dice_mix_check_battle (const AdmDicePhaseMix *mix,
                           AdmBattle             *battle)
{
  g_autofree char *digest = NULL;

  g_return_val_if_fail (mix != NULL, ADM_DECLARATIONS_UNBOUND);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), ADM_DECLARATIONS_UNBOUND);

  if (mix->declarations == NULL)
    return ADM_DECLARATIONS_UNBOUND;
  if ((digest = adm_dice_mix_resolved_declarations (mix, battle)) == NULL)
    return ADM_DECLARATIONS_NOT_RESOLVED;
  return g_str_equal (digest, mix->declarations) ? ADM_DECLARATIONS_MATCH
                                                 : ADM_DECLARATIONS_MISMATCH;
}

gboolean
adm_campaign_take_table_dice (AdmCampaign  *campaign,
                              const char   *engagement_id,
                              const char   *assignment,
                              GPtrArray    *mixes,
                              gint64        time,
                              GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL && assignment != NULL && mixes != NULL, FALSE);

  for (guint m = 0; m < mixes->len; m++)
    {
      const AdmDicePhaseMix *mix = g_ptr_array_index (mixes, m);

      for (guint g = 0; g < mix->given->len; g++)
        {
          const AdmDiceContribution *given = g_ptr_array_index (mix->given, g);
          g_autoptr(GPtrArray) held = adm_campaign_get_dice_mixes (campaign, engagement_id);
          g_autoptr(AdmEvent) event = adm_event_new ("dice-contribution", time);
          const AdmDiceContribution *before;

          adm_event_set (event, "engagement", engagement_id);
          adm_event_set (event, "assignment", assignment);
          adm_event_set_int (event, "from", mix->from);
          adm_event_set_int (event, "turn", mix->turn);
          adm_event_set (event, "phase", mix->phase);
          before = given_by (phase_of (held, event, FALSE), given->side);
          /* Sent again with every message: what the chief holds already is passed by. A
           * phone's tap the table mixed is the one the chief journaled (it was taken from
           * him, adm_dice_mixes_merge ()), or the table mixed a tap no phone gave. */
          if (before != NULL && given->nonce != NULL && g_strcmp0 (before->nonce, given->nonce) == 0)
            continue;
          if (given->nonce != NULL)
            {
              g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                           _("The tap of %s the table mixed into turn %d, phase “%s” of "
                             "engagement %s is not the one its phone showed the chief"),
                           given->side, mix->turn, adm_phase_display_name (mix->phase),
                           engagement_id);
              return FALSE;
            }
          if (before != NULL && g_strcmp0 (before->dice, given->dice) == 0)
            continue;
          adm_event_set (event, "side", given->side);
          adm_event_set (event, "by", given->by);
          adm_event_set (event, "dice", given->dice);
          if (!adm_campaign_append (campaign, event, error))
            return FALSE;
        }
    }
  return TRUE;
}

const AdmDicePhaseMix *
adm_dice_mix_of_table_roll (GPtrArray *mixes,
                            guint      first,
                            guint      number)
{
  const AdmDicePhaseMix *mix = adm_dice_mix_of_roll (mixes, number);

  return mix != NULL && mix->from >= first ? mix : NULL;
}

gboolean
adm_dice_mixes_merge (GPtrArray   *mixes,
                      const char  *engagement_id,
                      GPtrArray   *held,
                      GError     **error)
{
  g_return_val_if_fail (mixes != NULL && engagement_id != NULL && held != NULL, FALSE);

  /* Every one is checked before any is added: a refused merge adds none. */
  for (guint pass = 0; pass < 2; pass++)
    for (guint m = 0; m < held->len; m++)
      {
        const AdmDicePhaseMix *mix = g_ptr_array_index (held, m);
        const AdmDicePhaseMix *mine = adm_dice_mix_of_phase (mixes, mix->turn, mix->phase,
                                                             mix->from);

        for (guint g = 0; g < mix->given->len; g++)
          {
            const AdmDiceContribution *given = g_ptr_array_index (mix->given, g);
            const AdmDiceContribution *before = given_by ((AdmDicePhaseMix *) mine, given->side);

            if (given->dice == NULL && given->nonce == NULL)
              continue;
            if (before != NULL && g_strcmp0 (before->dice, given->dice) == 0 &&
                g_strcmp0 (before->nonce, given->nonce) == 0)
              continue;
            if (before != NULL)
              {
                g_set_error (error, ADM_DICE_ERROR, ADM_DICE_ERROR_PARSE,
                             _("%s has given its dice contribution for this phase already: "
                               "each side gives one a phase"), given->side);
                return FALSE;
              }
            if (pass == 1 && !mixes_add (mixes, mix->from, mix->turn, mix->phase, given->side,
                                         g_str_equal (given->by, "master"), given->dice,
                                         given->nonce, error))
              return FALSE;
          }
      }
  mixes_compute (mixes, engagement_id);
  return TRUE;
}
