/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-battles.c: the battles kept inside a campaign (adm-campaign-battles.h): each
 * one's set-up in the file's <battles>, its own journal's entries in the campaign's. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-dice-contribution.h"
#include "adm-campaign-private.h"
#include "adm-battle-private.h"
#include "adm-xml.h"
#include "adm-background.h"
#include "adm-engagement-queue.h"

/* A battle kept in the campaign (docs/formats.md, "Battles of a campaign"): its set-up, kept
 * once in <battles>, and its own journal's entries, kept in the campaign's journal as they
 * come. @journal follows the battle's journal entry by entry; its owner is this struct, which
 * follows where the battle stands (the phase after the last one in effect). */
typedef struct {
  char       *head;     /* adm_battle_serialize_head (): the declaration and the set-up */
  AdmJournal *journal;
  int         turn;
  AdmPhase    phase;
  char       *text;     /* the saved battle, made when asked for, or NULL */
  AdmBattle  *played;   /* that saved battle played, made when asked for, or NULL */
  AdmBattle  *last;     /* weak: the battle last kept, known to continue this one */
  gboolean    played_alone; /* @played is @last, a table's battle no one else holds */
  guint64     read_at;  /* when @played was last asked for (AdmCampaign's played_reads) */
} StoredBattle;

/* How many battles played for their readers (@played and @text) the campaign holds at once.
 * A played battle holds its whole state and the snapshots its undo keeps (megabytes for a
 * battle of a night), so a night of many battles would hold them all; the ones read longest
 * ago are let go and played again from the journal when next asked for. A cycle's battles
 * are what its readers (the admirals' reports, the tables' lists) ask for together. */
#define PLAYED_KEPT 6

void
_adm_stored_battle_free (gpointer data)
{
  StoredBattle *battle = data;

  if (battle->last != NULL)
    g_object_remove_weak_pointer (G_OBJECT (battle->last), (gpointer *) &battle->last);
  g_free (battle->head);
  g_clear_object (&battle->journal);
  g_free (battle->text);
  g_clear_object (&battle->played);
  g_free (battle);
}

static void
kept_battle_reset (gpointer owner)
{
  StoredBattle *battle = owner;

  /* Every battle starts at turn 1, detection (F-SEQ-1). */
  battle->turn = 1;
  battle->phase = ADM_PHASE_DETECTION;
}

/* Where the battle stands after a phase: the phase named by the action (its head, and its
 * "phase" event, as the battle's own check reads them) must be the one it stands at. The
 * phase itself is played, and checked whole, when the battle is opened. */
static gboolean
kept_battle_apply (gpointer                owner,
                   const AdmJournalAction *action,
                   gpointer                recording,
                   gpointer                snapshot,
                   GError                **error)
{
  StoredBattle *battle = owner;
  GPtrArray *events = adm_journal_action_get_events (action);
  AdmEvent *phase = events->len > 0 ? g_ptr_array_index (events, 0) : NULL;
  char now[16];

  if (phase == NULL || g_strcmp0 (adm_event_get_kind (phase), "phase") != 0)
    {
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                   _("the journal has a roll that belongs to no phase"));
      return FALSE;
    }
  g_snprintf (now, sizeof now, "%d", battle->turn);
  for (guint i = 0; i < 2; i++)
    {
      AdmEvent *said = i == 0 ? adm_journal_action_get_head (action) : phase;
      const char *turn_text = adm_event_get (said, "turn");
      const char *phase_text = adm_event_get (said, "phase");

      if ((i == 0 && turn_text == NULL && phase_text == NULL) ||
          (g_strcmp0 (turn_text, now) == 0 &&
           g_strcmp0 (phase_text, adm_phase_to_string (battle->phase)) == 0))
        continue;
      g_set_error (error, ADM_BATTLE_ERROR, ADM_BATTLE_ERROR_REPLAY,
                   _("the journal does not replay: it says turn %s, %s phase, but the battle "
                     "is in turn %d, %s phase there"), turn_text != NULL ? turn_text : "?",
                   phase_text != NULL ? phase_text : "?", battle->turn,
                   adm_phase_to_string (battle->phase));
      return FALSE;
    }
  /* F-SEQ-1: detection, movement, fire, torpedoes, end; then the next turn. */
  if (battle->phase == ADM_PHASE_END)
    {
      battle->turn++;
      battle->phase = ADM_PHASE_DETECTION;
    }
  else
    battle->phase++;
  return TRUE;
}

static char *
kept_battle_describe (gpointer                owner,
                      const AdmJournalAction *action)
{
  return adm_battle_describe_action (action);
}

/* A battle kept from @head (adm_battle_serialize_head ()) on, its journal empty. */
static StoredBattle *
stored_battle_new (char *head)
{
  StoredBattle *battle = g_new0 (StoredBattle, 1);

  battle->head = head;
  battle->journal = adm_journal_new (battle, kept_battle_reset, kept_battle_apply,
                                     kept_battle_describe);
  kept_battle_reset (battle);
  return battle;
}

/* A new battle of @engagement_id kept from @head (taken) on, in the order first kept; the
 * file's <battles> is made again (battles_text ()). */
static StoredBattle *
stored_battle_add (AdmCampaign *self,
                   const char  *engagement_id,
                   char        *head)
{
  StoredBattle *stored = stored_battle_new (head);
  char *key = g_strdup (engagement_id);

  g_hash_table_insert (self->battles, key, stored);
  g_ptr_array_add (self->battle_ids, key);
  g_clear_pointer (&self->battles_text, g_free);
  return stored;
}

AdmJournal *
_adm_campaign_add_kept (AdmCampaign *self,
                        const char  *engagement_id,
                        char        *head)
{
  return stored_battle_add (self, engagement_id, head)->journal;
}

const char *
adm_campaign_get_battle (AdmCampaign  *self,
                         const char   *engagement_id,
                         int          *turn,
                         const char  **phase)
{
  StoredBattle *battle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  if (!adm_campaign_has_battle (self, engagement_id, turn, phase))
    return NULL;
  battle = g_hash_table_lookup (self->battles, engagement_id);
  if (battle->text == NULL)
    {
      /* What adm_battle_serialize () writes: the set-up, the journal and the closing. */
      GString *out = g_string_new (battle->head);

      adm_journal_write (battle->journal, out);
      g_string_append (out, "</battle-game>\n");
      battle->text = g_string_free (out, FALSE);
    }
  return battle->text;
}

AdmBattle *
adm_campaign_get_battle_played (AdmCampaign  *self,
                                const char   *engagement_id,
                                GError      **error)
{
  StoredBattle *battle;
  const char *text;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  battle = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  if (battle == NULL)
    return NULL;
  if (battle->played == NULL)
    {
      g_autoptr(xmlDoc) doc = NULL;

      /* Played with the rules the campaign's other battles share: the season is parsed
       * once, not once a battle played. Read without the schema, as a battle of the past is:
       * the text is the campaign's own writing of what it checked when it entered. */
      text = adm_campaign_get_battle (self, engagement_id, NULL, NULL);
      doc = adm_xml_parse_memory (text, strlen (text), engagement_id, error);
      battle->played = doc != NULL ? _adm_battle_load_game_doc_sharing (doc, engagement_id,
                                                                         self->battle_rulesets,
                                                                         error)
                                   : NULL;
    }
  battle->read_at = ++self->played_reads;
  return battle->played;
}

gboolean
adm_campaign_holds_battle_played (AdmCampaign *self,
                                  const char  *engagement_id)
{
  StoredBattle *battle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  battle = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  return battle != NULL && battle->played != NULL;
}

gboolean
adm_campaign_has_battle (AdmCampaign  *self,
                         const char   *engagement_id,
                         int          *turn,
                         const char  **phase)
{
  StoredBattle *battle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  battle = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  if (battle == NULL)
    return FALSE;
  if (turn != NULL)
    *turn = battle->turn;
  if (phase != NULL)
    *phase = adm_phase_to_string (battle->phase);
  return TRUE;
}

/* Lets go of what @stored holds for its readers: made again when next asked for. A whole
 * battle takes milliseconds to free: the caller does not wait for it. The one still named by
 * @stored->last's weak pointer is another's, and only let go here. */
static void
stored_battle_release (StoredBattle *stored)
{
  g_clear_pointer (&stored->text, g_free);
  /* A table's battle, played on a worker for this keep and held by the campaign alone: freed
   * off the loop too. It stops being @last here, on this thread, rather than when it is
   * freed on another: the next battle from the table is another object anyway. */
  if (stored->played_alone && stored->played == stored->last && stored->last != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (stored->last), (gpointer *) &stored->last);
      stored->last = NULL;
    }
  stored->played_alone = FALSE;
  if (stored->played != NULL && stored->played != stored->last)
    adm_background_unref (g_steal_pointer (&stored->played));
  g_clear_object (&stored->played);
}

/* Holds at most PLAYED_KEPT battles played for their readers, @kept (just kept, its readers
 * about to ask for it) left alone: the others read longest ago are let go. Called where a
 * battle is kept, as what a reader was handed is valid until then
 * (adm_campaign_get_battle_played ()). */
static void
release_played (AdmCampaign  *self,
                StoredBattle *kept)
{
  for (;;)
    {
      StoredBattle *oldest = NULL;
      guint held = 0;

      for (guint i = 0; i < self->battle_ids->len; i++)
        {
          StoredBattle *stored = g_hash_table_lookup (self->battles,
                                                      g_ptr_array_index (self->battle_ids, i));

          if (stored->played == NULL && stored->text == NULL)
            continue;
          held++;
          if (stored != kept && (oldest == NULL || stored->read_at < oldest->read_at))
            oldest = stored;
        }
      if (held <= PLAYED_KEPT || oldest == NULL)
        return;
      stored_battle_release (oldest);
    }
}

const char *
adm_campaign_get_changed_battle (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->changed_battle;
}

GPtrArray *
adm_campaign_list_battles (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->battle_ids;
}

/* A turn played through is a milestone: the campaign as it stands is kept as the checkpoint
 * "battle-ENGAGEMENT-turn-N" by the save that follows (write_checkpoints ()). */
static void
battle_milestone (AdmCampaign *self,
                  const char  *engagement_id,
                  int          turn)
{
  g_autofree char *id = g_strcanon (g_strdup (engagement_id),
                                    G_CSET_a_2_z G_CSET_A_2_Z G_CSET_DIGITS "-_", '_');
  g_autofree char *label = g_strdup_printf ("battle-%s-turn-%d", id, turn);

  _adm_campaign_add_milestone (self, label);
}

/* The turn @action ends (F-SEQ-1: its end phase played), or 0. */
static int
turn_ended (AdmJournalAction *action)
{
  AdmEvent *head = adm_journal_action_get_head (action);
  GPtrArray *events = adm_journal_action_get_events (action);
  const char *phase, *turn;
  guint64 number;

  /* The head names the phase; an older action only its "phase" event (kept_battle_apply ()). */
  if (adm_event_get (head, "phase") == NULL && events->len > 0)
    head = g_ptr_array_index (events, 0);
  phase = adm_event_get (head, "phase");
  turn = adm_event_get (head, "turn");

  if (g_strcmp0 (phase, adm_phase_to_string (ADM_PHASE_END)) != 0 || turn == NULL ||
      !g_ascii_string_to_unsigned (turn, 10, 1, G_MAXINT, &number, NULL))
    return 0;
  return (int) number;
}

gboolean
adm_campaign_check_at_hand (AdmCampaign  *self,
                            const char   *engagement_id,
                            GError      **error)
{
  const AdmTableAssignment *at;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);

  at = adm_state_get_table (self->state, engagement_id);
  if (at == NULL)
    return TRUE;
  g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE,
               /* Translators: "The battle of engagement c1-2 is being fought at the table
                * “Table 2”: ..." */
               _("The battle of engagement %s is being fought at the table “%s”: the "
                 "campaign keeps only what comes back from there. Take it back "
                 "(admiralty-cli table-take-back) to fight it here."),
               engagement_id, at->table);
  return FALSE;
}

gboolean
adm_campaign_keep_battle (AdmCampaign  *self,
                          const char   *engagement_id,
                          AdmBattle    *battle,
                          GError      **error)
{
  return _adm_campaign_keep_battle (self, engagement_id, battle, NULL, NULL, error);
}

gboolean
_adm_campaign_get_kept (AdmCampaign  *self,
                        const char   *engagement_id,
                        const char  **head,
                        AdmJournal  **journal)
{
  StoredBattle *stored;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  stored = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  if (stored == NULL)
    return FALSE;
  *head = stored->head;
  *journal = stored->journal;
  return TRUE;
}

gboolean
_adm_campaign_keep_battle (AdmCampaign  *self,
                           const char   *engagement_id,
                           AdmBattle    *battle,
                           const char   *assignment,
                           const char   *head,
                           GError      **error)
{
  g_autofree char *made_head = NULL;
  const AdmTableAssignment *at;
  AdmJournal *log;
  StoredBattle *stored;
  g_autoptr(GError) local_error = NULL;
  gboolean added = FALSE, followed;
  guint from;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);

  log = adm_battle_get_log (battle);
  stored = g_hash_table_lookup (self->battles, engagement_id);

  /* F-STRAT-4: a battle is fought for an engagement the campaign has now. A phase journaled
   * against one that is gone (its cycle undone) would name an engagement the file does not
   * replay to, and its entries would stand between the undo and its redo: it is refused,
   * and nothing is added. */
  if (stored == NULL ||
      adm_journal_get_n_entries (log) > adm_journal_get_n_entries (stored->journal))
    {
      g_autoptr(AdmQueuedEngagement) engagement =
        adm_campaign_find_engagement (self, engagement_id, &local_error);

      if (engagement == NULL)
        {
          g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                       _("The battle of engagement %s cannot be kept in the campaign: %s"),
                       engagement_id, local_error->message);
          return FALSE;
        }
    }

  /* The one check that an ended battle takes no more orders, whether the app, the command
   * line or anything else played them: its results are in the campaign, and nothing of it
   * may change until the ending is undone. */
  if (adm_state_get_battle_ending (self->state, engagement_id) != NULL &&
      adm_journal_get_n_entries (log) > (stored != NULL
                                         ? adm_journal_get_n_entries (stored->journal) : 0))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_BATTLE_ENDED,
                   _("The battle of engagement %s has ended and its results are in the "
                     "campaign: it takes no more orders. Undo its ending to fight on."),
                   engagement_id);
      return FALSE;
    }

  /* Once the campaign is ended no battle of it is fought on, nor a new one begun: the state's
   * one check takes none of its results. */
  if (adm_strategy_get_ending (adm_state_get_strategy (self->state)) != NULL &&
      (stored == NULL ||
       adm_journal_get_n_entries (log) > adm_journal_get_n_entries (stored->journal)))
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_ENDED,
                   _("The campaign is ended: the battle of engagement %s is not fought on. "
                     "Undo the campaign’s ending to play on."), engagement_id);
      return FALSE;
    }

  /* One writer per journal: while the engagement is at a table (adm_state_get_table ()), its
   * battle is the table master's to fight and the chief's own entries are refused; what the
   * table played comes back by its own road. */
  at = adm_state_get_table (self->state, engagement_id);
  if ((stored == NULL ||
       adm_journal_get_n_entries (log) > adm_journal_get_n_entries (stored->journal)) &&
      !(assignment != NULL && at != NULL && g_str_equal (at->id, assignment)) &&
      !adm_campaign_check_at_hand (self, engagement_id, error))
    return FALSE;

  /* The one check of a phase whose sides gave their dice for declarations locked: it is kept
   * only with those declarations (adm-dice-contribution.h). */
  if (!adm_campaign_check_declarations (self, engagement_id, battle, log,
                                        stored != NULL
                                        ? adm_journal_get_n_entries (stored->journal) : 0,
                                        error))
    return FALSE;

  /* A battle back from a table comes with a copy of the campaign's season: the campaign
   * keeps it as it keeps its own battles, naming the season only. */
  if (head == NULL && (stored == NULL || stored->last != battle))
    {
      g_autofree char *carried = adm_battle_serialize_head (battle, NULL);

      head = made_head = adm_battle_text_without_season (carried);
    }
  if (stored == NULL)
    {
      /* The set-up goes into <battles> once: the file is written whole this time. */
      stored = stored_battle_add (self, engagement_id, g_strdup (head));
      added = TRUE;
    }
  else if (stored->last != battle)
    {
      /* Another battle object (the battle opened again, or a table's copy of it with the
       * campaign's season inside): it must be this battle, played on. */
      if (!g_str_equal (head, stored->head))
        {
          g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                       _("The battle of engagement %s is not the one the campaign keeps: its "
                         "set-up differs"), engagement_id);
          return FALSE;
        }
    }

  /* Each new entry of the battle's journal, checked (adm_journal_follow ()) and added to the
   * campaign's journal: a save adds it at the file's end. */
  from = adm_journal_get_n_entries (stored->journal);
  followed = adm_journal_follow (stored->journal, log, &local_error);
  for (guint i = from; i < adm_journal_get_n_entries (stored->journal); i++)
    {
      if (!adm_journal_add_battle_entry (self->journal, engagement_id, stored->journal, i,
                                         followed ? &local_error : NULL))
        {
          followed = FALSE;
          break;
        }
      added = TRUE;
      /* A phase played that ends a turn, as the battle keeps its own checkpoints: the campaign
       * as it stands after it, however many turns were played before this keep. */
      if (adm_journal_get_entry_kind (stored->journal, i) == ADM_JOURNAL_ENTRY_ACTION)
        {
          int turn = turn_ended (adm_journal_get_entry_action (stored->journal, i));

          if (turn > 0)
            battle_milestone (self, engagement_id, turn);
        }
    }
  if (followed && stored->last != battle)
    {
      if (stored->last != NULL)
        g_object_remove_weak_pointer (G_OBJECT (stored->last), (gpointer *) &stored->last);
      stored->last = battle;
      g_object_add_weak_pointer (G_OBJECT (battle), (gpointer *) &stored->last);
    }
  if (added)
    {
      stored_battle_release (stored);
      /* A table's battle was played whole to be checked (off the campaign's thread), and is
       * never played on: it is the battle kept, for its readers to read. */
      if (followed && assignment != NULL &&
          adm_journal_get_n_entries (log) == adm_journal_get_n_entries (stored->journal))
        {
          stored->played = g_object_ref (battle);
          stored->played_alone = TRUE;
          stored->read_at = ++self->played_reads;
        }
      release_played (self, stored);
    }
  /* What was added stays in memory whatever happens: a failed save is said, and the next
   * save that succeeds writes it. */
  /* A table's entries: the main loop does not wait for the disk, the table does (it is told
   * they are kept once they are on it, adm_campaign_when_saved ()). */
  if (added && !_adm_campaign_autosave_full (self, assignment != NULL || self->flush_later
                                                    ? ADM_JOURNAL_SAVE_FLUSH_LATER : 0, error))
    return FALSE;
  if (added)
    {
      /* Entries of a battle change no event of the campaign: only what is shown of that
       * battle (adm_campaign_get_changed_battle ()). */
      gpointer key = NULL;

      g_hash_table_lookup_extended (self->battles, engagement_id, &key, NULL);
      self->changed_battle = key;
      g_signal_emit_by_name (self, "changed");
      self->changed_battle = NULL;
    }
  if (!followed)
    {
      g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_SAVE,
                   _("The battle of engagement %s is not the one the campaign keeps: %s"),
                   engagement_id, local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
adm_campaign_store_battle (AdmCampaign  *self,
                           const char   *engagement_id,
                           const char   *saved_battle,
                           int           turn,
                           const char   *phase,
                           GError      **error)
{
  g_autoptr(AdmBattle) battle = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);
  g_return_val_if_fail (saved_battle != NULL, FALSE);

  /* Played whole: nothing enters that would not replay. */
  battle = adm_battle_load_game_memory (saved_battle, strlen (saved_battle), engagement_id,
                                        error);
  if (battle == NULL)
    return FALSE;
  return adm_campaign_keep_battle (self, engagement_id, battle, error);
}
