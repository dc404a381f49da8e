/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-past.c: the war at a moment of its past (adm_campaign_state_at (),
 * adm_campaign_battle_at_entry ()), read from the journal and changing nothing.
 *
 * A moment is a number of journal entries. The campaign's state there is the replay of the
 * actions then in effect, made by the campaign's kept replays (adm_campaign_replay ()), which
 * carry a state kept for an earlier moment on; a battle there is its set-up played with the
 * entries of its own journal kept by then, the last few handed out kept and carried on to a
 * later moment or taken back to an earlier one. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-campaign.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-battle-private.h"
#include "adm-xml.h"

/* A battle of the past handed out or made ready, with the engagement it is of and whom it is
 * kept for. */
struct _AdmPastBattle {
  char       *engagement;
  AdmBattle  *battle;
  AdmPastFor  keeper;
};

void
_adm_past_battle_free (gpointer data)
{
  AdmPastBattle *past = data;

  g_free (past->engagement);
  g_object_unref (past->battle);
  g_free (past);
}

/* Whether @n_entries names a moment of @self's journal; else @error says which there are. */
static gboolean
check_moment (AdmCampaign  *self,
              gint64        n_entries,
              GError      **error)
{
  guint total = adm_journal_get_n_entries (adm_campaign_get_journal (self));
  g_autofree char *number = NULL;

  if (n_entries >= 0 && n_entries <= total)
    return TRUE;
  number = g_strdup_printf ("%" G_GINT64_FORMAT, n_entries);
  g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_ENTRY,
               /* Translators: "The journal has no moment -1: it holds 412 entries, so a
                * moment is a number of entries from 0 (the campaign's start) to 412 (now)." */
               _("The journal has no moment %s: it holds %u entries, so a moment is a number "
                 "of entries from 0 (the campaign’s start) to %u (now)."),
               number, total, total);
  return FALSE;
}

AdmState *
adm_campaign_state_at (AdmCampaign  *self,
                       gint64        n_entries,
                       GError      **error)
{
  g_autoptr(GPtrArray) done = NULL;
  g_autoptr(GPtrArray) events = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_moment (self, n_entries, error))
    return NULL;
  done = adm_journal_get_done_at (adm_campaign_get_journal (self), (guint) n_entries);
  /* The events of the actions in effect, the same AdmEvent objects as the campaign's own
   * (adm_campaign_get_events ()): the replays kept for the reports serve these too. */
  events = g_ptr_array_new ();
  for (guint i = 0; i < done->len; i++)
    {
      GPtrArray *of = adm_journal_action_get_events (g_ptr_array_index (done, i));

      g_ptr_array_extend (events, of, NULL, NULL);
    }
  /* Every one of them was accepted through the one check when it was recorded. */
  return adm_campaign_replay (self, events, events->len, error);
}

/* Whether @candidate, a battle of @engagement_id handed out before, can be brought to the
 * battle's first @n_kept entries: it holds them already, or it holds fewer or more and no one
 * reads it any more (a battle someone reads is never changed under him). */
static gboolean
can_serve (AdmPastBattle *candidate,
           const char    *engagement_id,
           guint          n_kept)
{
  guint has = adm_journal_get_n_entries (adm_battle_get_log (candidate->battle));

  return g_str_equal (candidate->engagement, engagement_id) &&
         (has == n_kept || g_atomic_int_get (&G_OBJECT (candidate->battle)->ref_count) == 1);
}

/* Whether @candidate may be carried on or taken back for @keeper: the steps shown take any
 * battle kept (those made ready are made ready for them); each of the others changes only its
 * own, so that one never undoes what another made ready. */
static gboolean
may_take (AdmPastBattle *candidate,
          AdmPastFor     keeper)
{
  return keeper == ADM_PAST_FOR_SHOWN || candidate->keeper == keeper;
}

/* What bringing a battle with @has entries to @n_kept costs, in phases played: each step
 * forward plays one (about 0.1 ms at 100 ships a side); a step back, however long, puts back
 * the state kept nearest before (adm_battle_take_back_to (), one in
 * ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY phases) and plays those after it, and counts as one more.
 * Any battle kept costs less than one opened anew, which plays every phase from its set-up. */
static guint
cost (guint has,
      guint n_kept)
{
  return has > n_kept ? 1 + n_kept % ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY : n_kept - has;
}

/* Of @past_battles, the one @keeper may take that serves @engagement_id's first @n_kept entries
 * of @kept at the least cost, taken out of the list and brought there; or NULL. */
static AdmPastBattle *
take_past_battle (GPtrArray  *past_battles,
                  const char *engagement_id,
                  AdmJournal *kept,
                  guint       n_kept,
                  AdmPastFor  keeper)
{
  AdmPastBattle *past = NULL;
  guint best = G_MAXUINT, index = 0, has;
  AdmJournal *log;

  for (guint i = 0; i < past_battles->len; i++)
    {
      AdmPastBattle *candidate = g_ptr_array_index (past_battles, i);
      guint c;

      if (!may_take (candidate, keeper) || !can_serve (candidate, engagement_id, n_kept))
        continue;
      c = cost (adm_journal_get_n_entries (adm_battle_get_log (candidate->battle)), n_kept);
      if (c < best)
        {
          best = c;
          past = candidate;
        }
    }
  if (past == NULL)
    return NULL;
  g_ptr_array_find (past_battles, past, &index);
  g_ptr_array_steal_index (past_battles, index);
  log = adm_battle_get_log (past->battle);
  has = adm_journal_get_n_entries (log);
  /* Its entries are checked to be the first of those kept: one that is not is dropped. */
  if (!adm_journal_follow_to (log, kept, MAX (has, n_kept), NULL) ||
      (has > n_kept && !adm_battle_take_back_to (past->battle, n_kept, NULL)))
    g_clear_pointer (&past, _adm_past_battle_free);
  return past;
}

/* How many entries of the battle of @engagement_id's own journal are among the campaign's
 * first @n_entries, and in @first the index of its first in the campaign's journal
 * (G_MAXUINT when it has none). The battle's own entries are kept in the campaign's journal
 * in their order, one for one (adm_journal_add_battle_entry ()): those among the first
 * @n_entries are the first of its journal. */
static guint
count_kept (AdmCampaign *self,
            const char  *engagement_id,
            gint64       n_entries,
            guint       *first)
{
  AdmJournal *journal = adm_campaign_get_journal (self);
  guint n_kept = 0;

  *first = G_MAXUINT;
  for (guint i = 0; i < adm_journal_get_n_entries (journal); i++)
    if (g_strcmp0 (adm_journal_get_entry_engagement (journal, i), engagement_id) == 0)
      {
        *first = MIN (*first, i);
        if (i < n_entries)
          n_kept++;
        else
          break;
      }
  return n_kept;
}

gboolean
_adm_campaign_past_battle_ready (AdmCampaign *self,
                                 const char  *engagement_id,
                                 gint64       n_entries)
{
  GPtrArray *past_battles = _adm_campaign_get_past_battles (self);
  guint first, n_kept = count_kept (self, engagement_id, n_entries, &first);

  if (n_kept == 0)
    return FALSE;
  for (guint i = 0; i < past_battles->len; i++)
    if (can_serve (g_ptr_array_index (past_battles, i), engagement_id, n_kept))
      return TRUE;
  return FALSE;
}

/* The most entries a battle of @engagement_id kept, read by no one but the campaign, holds:
 * of those @keeper may take, or of all with ADM_PAST_FOR_N; and whether one holds exactly
 * @n_kept, in *@exact when not NULL. */
static guint
held_for (AdmCampaign *self,
          const char  *engagement_id,
          AdmPastFor   keeper,
          guint        n_kept,
          gboolean    *exact)
{
  GPtrArray *past_battles = _adm_campaign_get_past_battles (self);
  guint held = 0;

  for (guint i = 0; i < past_battles->len; i++)
    {
      AdmPastBattle *past = g_ptr_array_index (past_battles, i);
      guint has;

      if (!g_str_equal (past->engagement, engagement_id) ||
          g_atomic_int_get (&G_OBJECT (past->battle)->ref_count) != 1)
        continue;
      has = adm_journal_get_n_entries (adm_battle_get_log (past->battle));
      if (exact != NULL && has == n_kept)
        *exact = TRUE;
      if (keeper == ADM_PAST_FOR_N || may_take (past, keeper))
        held = MAX (held, has);
    }
  return held;
}

guint
_adm_campaign_past_battle_held (AdmCampaign *self,
                                const char  *engagement_id)
{
  return held_for (self, engagement_id, ADM_PAST_FOR_N, 0, NULL);
}

static AdmBattle *battle_at (AdmCampaign  *self,
                             const char   *engagement_id,
                             gint64        n_entries,
                             AdmPastFor    keeper,
                             GError      **error);

gboolean
_adm_campaign_ready_past_battle (AdmCampaign  *self,
                                 const char   *engagement_id,
                                 gint64        n_entries,
                                 guint         max_phases,
                                 AdmPastFor    keeper,
                                 GError      **error)
{
  AdmJournal *journal = adm_campaign_get_journal (self);
  guint first, n_kept, held, to, seen = 0;
  gint64 moment = n_entries;
  gboolean exact = FALSE;
  AdmBattle *battle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (max_phases > 0, FALSE);
  g_return_val_if_fail (keeper < ADM_PAST_FOR_N, FALSE);

  n_kept = count_kept (self, engagement_id, CLAMP (n_entries, 0,
                                                   adm_journal_get_n_entries (journal)), &first);
  held = held_for (self, engagement_id, keeper, n_kept, &exact);
  /* One kept for anyone that holds exactly those entries is ready as it is. */
  if (exact && n_kept > 0)
    return TRUE;
  /* A battle kept for @keeper that holds those entries or more serves them at once (taken
   * back). */
  if (held >= n_kept || n_kept == 0)
    {
      battle = battle_at (self, engagement_id, n_entries, keeper, error);
      if (battle == NULL)
        return FALSE;
      g_object_unref (battle);
      return TRUE;
    }
  /* Else the moment of its (held + @max_phases)-th entry, when that comes before. */
  to = MIN (held + max_phases, n_kept);
  for (guint i = first; to < n_kept && i < adm_journal_get_n_entries (journal); i++)
    if (g_strcmp0 (adm_journal_get_entry_engagement (journal, i), engagement_id) == 0 &&
        ++seen == to)
      {
        moment = i + 1;
        break;
      }
  battle = battle_at (self, engagement_id, moment, keeper, error);
  if (battle == NULL)
    return FALSE;
  g_object_unref (battle);
  return to == n_kept;
}

AdmBattle *
adm_campaign_battle_at_entry (AdmCampaign  *self,
                              const char   *engagement_id,
                              gint64        n_entries,
                              GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return battle_at (self, engagement_id, n_entries, ADM_PAST_FOR_SHOWN, error);
}

/* Of the battles kept for @keeper, the least recently asked for, or -1 when it keeps fewer
 * than ADM_CAMPAIGN_PAST_BATTLES. */
static gint
to_let_go (GPtrArray  *past_battles,
           AdmPastFor  keeper)
{
  guint n = 0;
  gint oldest = -1;

  for (guint i = 0; i < past_battles->len; i++)
    if (((AdmPastBattle *) g_ptr_array_index (past_battles, i))->keeper == keeper)
      {
        oldest = oldest < 0 ? (gint) i : oldest;
        n++;
      }
  return n >= ADM_CAMPAIGN_PAST_BATTLES ? oldest : -1;
}

/* adm_campaign_battle_at_entry (), for @keeper. */
static AdmBattle *
battle_at (AdmCampaign  *self,
           const char   *engagement_id,
           gint64        n_entries,
           AdmPastFor    keeper,
           GError      **error)
{
  AdmJournal *kept = NULL;
  const char *head = NULL;
  GPtrArray *past_battles = _adm_campaign_get_past_battles (self);
  AdmPastBattle *past = NULL;
  guint n_kept = 0, first = G_MAXUINT;

  gint oldest;

  if (!check_moment (self, n_entries, error))
    return NULL;
  if (engagement_id == NULL || !_adm_campaign_get_kept (self, engagement_id, &head, &kept))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_BATTLE,
                   _("The campaign keeps no battle of engagement “%s”."),
                   engagement_id != NULL ? engagement_id : "");
      return NULL;
    }
  n_kept = count_kept (self, engagement_id, n_entries, &first);
  if (n_kept == 0)
    {
      if (first == G_MAXUINT)
        g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_BATTLE,
                     _("The battle of engagement “%s” has no phase played yet."),
                     engagement_id);
      else
        g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_NO_BATTLE,
                     /* Translators: "The battle of engagement “c1-3” had not begun after
                      * entry 40: its first phase is entry 57." (entries counted from 1) */
                     _("The battle of engagement “%s” had not begun after entry %u: its "
                       "first phase is entry %u."),
                     engagement_id, (guint) n_entries, first + 1);
      return NULL;
    }
  g_assert (n_kept <= adm_journal_get_n_entries (kept));

  past = take_past_battle (past_battles, engagement_id, kept, n_kept, keeper);
  if (past == NULL)
    {
      /* What adm_campaign_get_battle () writes, with no entry in its journal. */
      g_autoptr(GString) text = g_string_new (head);
      g_autoptr(xmlDoc) doc = NULL;
      g_autoptr(AdmBattle) battle = NULL;

      g_string_append (text, "  <journal>\n  </journal>\n</battle-game>\n");
      /* Read without the schema: the set-up is the campaign's own writing of a battle it
       * set up (adm_battle_serialize_head ()). The season's rules are parsed once, for every
       * battle of the past it names. */
      doc = adm_xml_parse_memory (text->str, text->len, engagement_id, error);
      battle = doc != NULL ? _adm_battle_load_game_doc_sharing (
                               doc, engagement_id, _adm_campaign_get_battle_rulesets (self), error)
                           : NULL;
      if (battle != NULL)
        adm_journal_set_snapshot_every (adm_battle_get_log (battle),
                                        ADM_CAMPAIGN_PAST_SNAPSHOT_EVERY);
      /* Its entries are those of the journal kept, checked when they entered, followed as a
       * battle kept is carried on: every phase replays through the battle's one check. */
      if (battle == NULL ||
          !adm_journal_follow_to (adm_battle_get_log (battle), kept, n_kept, error))
        return NULL;
      past = g_new0 (AdmPastBattle, 1);
      past->engagement = g_strdup (engagement_id);
      past->battle = g_steal_pointer (&battle);
    }
  /* Kept for @keeper now, in place of the one it asked for least recently when it keeps its
   * most; the one asked for last goes last. */
  past->keeper = keeper;
  if ((oldest = to_let_go (past_battles, keeper)) >= 0)
    g_ptr_array_remove_index (past_battles, (guint) oldest);
  g_ptr_array_add (past_battles, past);
  return g_object_ref (past->battle);
}
