/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign-journal.c: a campaign's journal (adm-campaign-journal.h). Appending applies an
 * action's events to the state (which refuses the action whole or takes it whole); undo moves
 * the last action to the redo stack and replays from the scenario. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-campaign-journal.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-private.h"
#include "adm-clock.h"
#include "adm-engagement-queue.h"

gboolean
adm_campaign_can_undo (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return adm_journal_can_undo (self->journal);
}

gboolean
adm_campaign_can_redo (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return adm_journal_can_redo (self->journal);
}

/* F-STRAT-4: whether @formation_id (NULL: any) fights a battle under way — one this campaign
 * keeps and has not ended, or one handed to another table — as the state's one check asks it
 * of a correction and of the campaign's end (adm_state_set_battle_func ()). */
static gboolean
battle_under_way (AdmState    *state,
                  const char  *formation_id,
                  char       **engagement_id,
                  char       **table,
                  gpointer     user_data)
{
  AdmCampaign *self = user_data;
  g_autoptr(GPtrArray) queue = adm_engagement_queue_new (state, 0);

  for (guint i = 0; i < queue->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);

      adm_queued_engagement_add_progress (self, engagement);
      if ((engagement->status == ADM_ENGAGEMENT_IN_PROGRESS || engagement->table != NULL) &&
          (formation_id == NULL ||
           g_ptr_array_find_with_equal_func (engagement->formation_ids, formation_id,
                                             g_str_equal, NULL)))
        {
          *engagement_id = g_strdup (engagement->id);
          *table = g_strdup (engagement->table);
          return TRUE;
        }
    }
  return FALSE;
}

/* Where a battle kept stands, for the one check of the sides' dice contributions. */
static gboolean
battle_phase (AdmState    *state,
              const char  *engagement_id,
              guint       *next_roll,
              int         *turn,
              char       **phase,
              GStrv       *sides,
              gpointer     user_data)
{
  AdmCampaign *self = user_data;
  AdmBattle *battle;
  g_autoptr(GStrvBuilder) ids = NULL;

  if (!adm_campaign_has_battle (self, engagement_id, NULL, NULL) ||
      (battle = adm_campaign_get_battle_played (self, engagement_id, NULL)) == NULL)
    return FALSE;
  *next_roll = adm_battle_get_rolls (battle)->len + 1;
  *turn = adm_battle_get_turn (battle);
  *phase = g_strdup (adm_phase_to_string (adm_battle_get_phase (battle)));
  ids = g_strv_builder_new ();
  for (guint i = 0; i < adm_battle_get_n_sides (battle); i++)
    g_strv_builder_add (ids, adm_battle_get_side (battle, i)->id);
  *sides = g_strv_builder_end (ids);
  return TRUE;
}

/* A state of this campaign's scenario that knows its battles under way. */
AdmState *
_adm_campaign_new_state (AdmCampaign *self)
{
  AdmState *state = adm_state_new (self->scenario);

  adm_state_set_battle_func (state, battle_under_way, self);
  adm_state_set_phase_func (state, battle_phase, self);
  return state;
}

static void
journal_reset (gpointer owner)
{
  AdmCampaign *self = owner;

  g_set_object (&self->state, NULL);
  self->state = _adm_campaign_new_state (self);
  g_ptr_array_set_size (self->events, 0);
}

/* The one check: an action enters the journal only if every event of it applies, in order,
 * and a journal replays only through here. All or nothing: an action refused half-way leaves
 * the state as the actions in effect make it. An action recorded now (adm_campaign_record ()
 * hands the journal the campaign as @recording) or brought back by a redo is new to the
 * state: held to the checks a journal replaying is not (adm_state_set_replaying ()). */
static gboolean
journal_apply (gpointer                owner,
               const AdmJournalAction *action,
               gpointer                recording,
               gpointer                snapshot,
               GError                **error)
{
  AdmCampaign *self = owner;
  GPtrArray *events = adm_journal_action_get_events (action);
  guint before = self->events->len;

  adm_state_set_replaying (self->state, recording == NULL && action != self->redoing);
  for (guint i = 0; i < events->len; i++)
    {
      AdmEvent *event = g_ptr_array_index (events, i);

      if (!adm_state_apply (self->state, event, error))
        {
          adm_state_set_replaying (self->state, FALSE);
          if (i > 0)
            {
              g_autoptr(AdmState) state = _adm_campaign_new_state (self);

              /* Take back the events of this action already applied. */
              g_ptr_array_set_size (self->events, before);
              adm_state_set_replaying (state, TRUE);
              for (guint e = 0; e < self->events->len; e++)
                if (!adm_state_apply (state, g_ptr_array_index (self->events, e), NULL))
                  g_error ("A campaign journal that replayed before no longer replays");
              adm_state_set_replaying (state, FALSE);
              g_set_object (&self->state, state);
            }
          return FALSE;
        }
      g_ptr_array_add (self->events, adm_event_ref (event));
    }
  adm_state_set_replaying (self->state, FALSE);
  return TRUE;
}

static const char *
admiral_name (AdmCampaign *self,
              const char  *id)
{
  const AdmAdmiral *admiral = adm_strategy_lookup_admiral (adm_state_get_strategy (self->state),
                                                           id);

  return admiral != NULL ? admiral->name : id;
}

static const char *
formation_name (AdmCampaign *self,
                const char  *id)
{
  const AdmFormationPosition *position =
    id != NULL ? adm_strategy_get_position (adm_state_get_strategy (self->state), id) : NULL;

  return position != NULL && position->formation != NULL ? position->formation->name : id;
}

/* The master's corrections (adm-correction.h) and the damage and readiness events they share:
 * named by the ship or formation they touch. */
static char *
describe_correction (AdmCampaign            *self,
                     const AdmJournalAction *action)
{
  GPtrArray *events = adm_journal_action_get_events (action);
  AdmEvent *event = events->len > 0 ? g_ptr_array_index (events, 0) : NULL;
  const char *what = adm_journal_action_get_what (action);
  const char *ship_id = event != NULL ? adm_event_get (event, "ship") : NULL;
  AdmShipState *ship = adm_state_get_ship (self->state, ship_id);
  const char *ship_name = ship != NULL ? ship->ship->name : ship_id;
  const char *formation = event != NULL ? adm_event_get (event, "formation") : NULL;
  const char *sector_id = event != NULL ? adm_event_get (event, "sector") : NULL;
  const AdmSector *sector = sector_id != NULL ? adm_scenario_lookup_sector (self->scenario,
                                                                           sector_id) : NULL;

  if (g_str_equal (what, "minefield") && sector_id != NULL)
    /* Translators: an action to undo: "Mines cleared in Pol orbit" */
    return g_strdup_printf (_("Mines cleared in %s"), sector != NULL ? sector->name : sector_id);
  if (g_str_equal (what, "station") && event != NULL)
    /* Translators: an action to undo: "Station Pol Six" */
    return g_strdup_printf (_("Station %s"), adm_event_get (event, "station") != NULL
                                             ? adm_event_get (event, "station") : "");
  if (g_str_equal (what, "new-admiral") && event != NULL)
    /* Translators: an action to undo: "Adm. Rian Degtiar joins the game" */
    return g_strdup_printf (_("%s joins the game"), adm_event_get (event, "name") != NULL
                                                   ? adm_event_get (event, "name") : "");
  if (g_str_equal (what, "retire-admiral") && event != NULL)
    /* Translators: an action to undo: "Adm. Lord Vorlakial leaves the game" */
    return g_strdup_printf (_("%s leaves the game"),
                            admiral_name (self, adm_event_get (event, "admiral")));
  if (g_str_equal (what, "new-ship") && events->len > 0)
    {
      AdmEvent *last = g_ptr_array_index (events, events->len - 1);
      const char *joined = adm_event_get (last, "formation");

      if (g_str_equal (adm_event_get_kind (last), "new-formation"))
        /* Translators: an action to undo: "Reinforcements: Third Flotilla" */
        return g_strdup_printf (_("Reinforcements: %s"), adm_event_get (last, "name") != NULL
                                                         ? adm_event_get (last, "name") : "");
      /* Translators: an action to undo: "Reinforcements for Jade Squadron" */
      return g_strdup_printf (_("Reinforcements for %s"),
                              formation_name (self, joined != NULL ? joined : ""));
    }
  if (g_str_equal (what, "damage"))
    /* Translators: an action to undo: "Damage to Prince Serg" */
    return ship_name != NULL ? g_strdup_printf (_("Damage to %s"), ship_name)
                             : g_strdup (_("Damage"));
  if (g_str_equal (what, "readiness"))
    /* Translators: an action to undo: "Readiness of Prince Serg" */
    return ship_name != NULL ? g_strdup_printf (_("Readiness of %s"), ship_name)
                             : g_strdup (_("Readiness change"));
  if (g_str_equal (what, "repair") && ship_name != NULL)
    /* Translators: an action to undo: "Repair of Prince Serg" */
    return g_strdup_printf (_("Repair of %s"), ship_name);
  if (g_str_equal (what, "remove-ship") && ship_name != NULL)
    /* Translators: an action to undo: "Prince Serg taken out of the campaign" */
    return g_strdup_printf (_("%s taken out of the campaign"), ship_name);
  if (g_str_equal (what, "hand-over") && ship_name != NULL && formation != NULL)
    /* Translators: an action to undo: "Prince Serg handed to Jade Squadron" */
    return g_strdup_printf (_("%s handed to %s"), ship_name, formation_name (self, formation));
  if (g_str_equal (what, "relocate") && formation != NULL)
    /* Translators: an action to undo: "Jade Squadron moved to Pol orbit" */
    return g_strdup_printf (_("%s moved to %s"), formation_name (self, formation),
                            sector != NULL ? sector->name : sector_id);
  return NULL;
}

static char *
journal_describe (gpointer                owner,
                  const AdmJournalAction *action)
{
  AdmCampaign *self = owner;
  AdmEvent *head = adm_journal_action_get_head (action);
  const char *what = adm_journal_action_get_what (action);
  const char *admiral = adm_event_get (head, "admiral");
  const char *cycle = adm_event_get (head, "cycle");
  const char *formation = adm_event_get (head, "formation");

  if (g_str_equal (what, "sheet") && admiral != NULL && cycle != NULL)
    /* Translators: "Adm. Aral Vorkosigan's order sheet, cycle 2": an action to undo. */
    return g_strdup_printf (_("%s’s order sheet, cycle %s"), admiral_name (self, admiral), cycle);
  if (g_str_equal (what, "sheets") && cycle != NULL)
    return g_strdup_printf (_("Order sheets of cycle %s"), cycle);
  if (g_str_equal (what, "order") && formation != NULL)
    return g_strdup_printf (_("%s’s order for %s"), admiral_name (self, admiral),
                            formation_name (self, formation));
  if (g_str_equal (what, "order") && admiral != NULL)
    return g_strdup_printf (_("%s’s order"), admiral_name (self, admiral));
  if (g_str_equal (what, "cycle") && cycle != NULL)
    return g_strdup_printf (_("Resolve cycle %s"), cycle);
  if (g_str_equal (what, "end-campaign"))
    /* Translators: an action to undo: the master declared the game over */
    return g_strdup (_("End of the campaign"));
  if (g_str_equal (what, "publish"))
    /* Translators: an action to undo: every side's archive became the master's */
    return g_strdup (_("The whole truth published"));
  if (g_str_equal (what, "reveal") && formation != NULL)
    return g_strdup_printf (_("Reveal %s"), formation_name (self, formation));
  if (g_str_equal (what, "assign") && formation != NULL && admiral != NULL)
    /* Translators: an action in the undo history: "Give Prizes taken at Pol orbit to Aral" */
    return g_strdup_printf (_("Give %s to %s"), formation_name (self, formation),
                            admiral_name (self, admiral));
  if (g_str_equal (what, "roll"))
    {
      GPtrArray *events = adm_journal_action_get_events (action);
      const char *purpose = events->len > 0 ? adm_event_get (g_ptr_array_index (events, 0),
                                                             "purpose") : NULL;

      return g_strdup_printf (_("Roll for “%s”"), purpose != NULL ? purpose : "");
    }
  if (g_str_equal (what, "damage") || g_str_equal (what, "readiness") ||
      g_str_equal (what, "remove-ship") || g_str_equal (what, "hand-over") ||
      g_str_equal (what, "relocate") || g_str_equal (what, "new-ship") ||
      g_str_equal (what, "retire-admiral") || g_str_equal (what, "new-admiral") ||
      g_str_equal (what, "station") ||
      g_str_equal (what, "minefield"))
    return describe_correction (self, action);
  /* The muster before cycle 1 (adm-muster.h). */
  if (g_str_equal (what, "muster") && admiral != NULL)
    /* Translators: an action to undo: "Adm. Aral Vorkosigan’s muster" */
    return g_strdup_printf (_("%s’s muster"), admiral_name (self, admiral));
  if (g_str_equal (what, "muster-accept") && admiral != NULL)
    /* Translators: an action to undo: "Adm. Aral Vorkosigan’s muster accepted" */
    return g_strdup_printf (_("%s’s muster accepted"), admiral_name (self, admiral));
  if (g_str_equal (what, "muster-return") && admiral != NULL)
    /* Translators: an action to undo: "Adm. Aral Vorkosigan’s muster returned" */
    return g_strdup_printf (_("%s’s muster returned"), admiral_name (self, admiral));
  if (g_str_equal (what, "muster-position") && admiral != NULL && formation != NULL)
    /* Translators: an action to undo: "Starting position of formation 2 of Adm. Aral
     * Vorkosigan" */
    return g_strdup_printf (_("Starting position of formation %s of %s"), formation,
                            admiral_name (self, admiral));
  if (g_str_equal (what, "muster-start"))
    /* Translators: an action to undo: the master ends the muster */
    return g_strdup (_("Muster over, cycle 1 started"));
  if (g_str_equal (what, "note"))
    return g_strdup (_("Note"));
  if (g_str_equal (what, "battle-end") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "End of the battle of engagement c1-2 (Pol orbit)" */
    return g_strdup_printf (_("End of the battle of engagement %s (%s)"),
                            adm_event_get (head, "engagement"),
                            adm_event_get (head, "place") != NULL ? adm_event_get (head, "place")
                                                                  : "");
  if (g_str_has_prefix (what, "dice-contribution") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Dice contribution for engagement c1-3" */
    return g_strdup_printf (_("Dice contribution for engagement %s"),
                            adm_event_get (head, "engagement"));
  if (g_str_equal (what, "dice-ask") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Dice asked for engagement c1-3" */
    return g_strdup_printf (_("Dice asked for engagement %s"),
                            adm_event_get (head, "engagement"));
  if (g_str_equal (what, "dice-commit") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Dice commitment for engagement c1-3" */
    return g_strdup_printf (_("Dice commitment for engagement %s"),
                            adm_event_get (head, "engagement"));
  if (g_str_equal (what, "placements") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Placements for engagement c1-3" */
    return g_strdup_printf (_("Placements for engagement %s"), adm_event_get (head, "engagement"));
  if (g_str_equal (what, "layout") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "New table for engagement c1-3" */
    return g_strdup_printf (_("New table for engagement %s"), adm_event_get (head, "engagement"));
  if (g_str_equal (what, "table-assign") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Engagement c1-3 to the table “Table 2”" */
    return g_strdup_printf (_("Engagement %s to the table “%s”"),
                            adm_event_get (head, "engagement"),
                            adm_event_get (head, "table") != NULL ? adm_event_get (head, "table")
                                                                  : "");
  if (g_str_equal (what, "table-take-back") && adm_event_get (head, "engagement") != NULL)
    /* Translators: an action to undo: "Engagement c1-3 taken back from its table" */
    return g_strdup_printf (_("Engagement %s taken back from its table"),
                            adm_event_get (head, "engagement"));
  if (g_str_equal (what, "resolve-phase") || g_str_equal (what, "phase"))
    /* A battle's phase, kept in the campaign's journal (adm_campaign_keep_battle ()). */
    return adm_battle_describe_action (action);
  if (g_str_equal (what, "repair"))
    return describe_correction (self, action);
  return NULL;
}

/* The campaign's journal, replayed through the one check (journal_apply ()). */
AdmJournal *
_adm_campaign_journal_new (AdmCampaign *self)
{
  return adm_journal_new (self, journal_reset, journal_apply, journal_describe);
}

/* A resolved cycle is a milestone: the file with it is kept as the checkpoint "cycle-N" by
 * the save that follows (write_checkpoints ()). */
static void
cycle_milestone (AdmCampaign      *self,
                 AdmJournalAction *action)
{
  const char *cycle = adm_event_get (adm_journal_action_get_head (action), "cycle");
  g_autofree char *label = NULL;

  if (!g_str_equal (adm_journal_action_get_what (action), "cycle") || cycle == NULL)
    return;
  label = g_strdup_printf ("cycle-%s", cycle);
  _adm_campaign_add_milestone (self, label);
}

/* The action a list of events forms, named by what it is: a sheet handed in ("sheet" with its
 * admiral and cycle), an admiral's orders, or the kind of its first event. */
static AdmJournalAction *
action_for_events (GPtrArray *events)
{
  AdmEvent *first = g_ptr_array_index (events, 0);
  AdmEvent *named = first;
  const char *what = adm_event_get_kind (first);
  AdmJournalAction *action;
  static const char *const keys[] = { "admiral", "cycle", "formation" };

  guint sheets = 0;

  for (guint i = 0; i < events->len; i++)
    if (g_strcmp0 (adm_event_get_kind (g_ptr_array_index (events, i)), "sheet") == 0)
      {
        named = g_ptr_array_index (events, i);
        what = "sheet";
        sheets++;
      }
  /* Several sheets handed in together (admiralty-cli cycle): one action, named by cycle. */
  if (sheets > 1)
    what = "sheets";
  action = adm_journal_action_new (what, adm_event_get_time (named));
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    if (adm_event_get (named, keys[k]) != NULL &&
        (events->len == 1 || !g_str_equal (keys[k], "formation")) &&
        (sheets <= 1 || g_str_equal (keys[k], "cycle")))
      adm_event_set (adm_journal_action_get_head (action), keys[k], adm_event_get (named, keys[k]));
  for (guint i = 0; i < events->len; i++)
    adm_journal_action_add_event (action, g_ptr_array_index (events, i));
  return action;
}

gboolean
adm_campaign_record (AdmCampaign       *self,
                     AdmJournalAction  *action,
                     GError           **error)
{
  gboolean could_undo, could_redo;
  guint milestones;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  could_undo = adm_campaign_can_undo (self);
  could_redo = adm_campaign_can_redo (self);
  milestones = self->pending->len;

  if (g_str_equal (adm_journal_action_get_what (action), "cycle") &&
      adm_journal_get_n_entries (self->journal) + ADM_CAMPAIGN_BATTLE_ROOM >
      ADM_JOURNAL_MAX_ENTRIES)
    {
      g_set_error (error, ADM_JOURNAL_ERROR, ADM_JOURNAL_ERROR_FULL,
                   _("This campaign's journal holds %u entries, close to the %u one file can "
                     "hold, so no new cycle is begun: the battles under way can still be "
                     "fought to their end, and the campaign read, printed and undone. To play "
                     "on, go on in a new campaign (see “A very long campaign” in the manual)"),
                   adm_journal_get_n_entries (self->journal), ADM_JOURNAL_MAX_ENTRIES);
      return FALSE;
    }
  /* The campaign as the recording: the one check knows the action is new (journal_apply ()). */
  if (!adm_journal_record_full (self->journal, action, self, error))
    return FALSE;
  cycle_milestone (self, action);
  if (!_adm_campaign_autosave (self, error))
    {
      /* Not kept: neither is its milestone. */
      g_ptr_array_set_size (self->pending, milestones);
      adm_journal_forget_last (self->journal);
      if (!adm_journal_replay (self->journal, NULL, NULL))
        g_error ("A campaign journal that replayed before no longer replays");
      return FALSE;
    }
  _adm_campaign_changed (self, could_undo, could_redo);
  return TRUE;
}

gboolean
adm_campaign_end (AdmCampaign  *self,
                  const char   *reason,
                  gint64        time,
                  GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  event = adm_event_new ("end-campaign", time);
  adm_event_set (event, "reason", reason != NULL ? reason : "");
  /* The state's one check says what is wrong: no reason, a battle under way, ended already. */
  return adm_campaign_append (self, event, error);
}

gboolean
adm_campaign_publish (AdmCampaign  *self,
                      gint64        time,
                      GError      **error)
{
  g_autoptr(AdmEvent) event = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);

  event = adm_event_new ("publish", time);
  return adm_campaign_append (self, event, error);
}

gboolean
adm_campaign_append (AdmCampaign  *self,
                     AdmEvent     *event,
                     GError      **error)
{
  g_autoptr(GPtrArray) events = g_ptr_array_new ();

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  g_ptr_array_add (events, event);
  return adm_campaign_append_all (self, events, error);
}

/* @events as one action, a phone's when @by is ADM_JOURNAL_BY_PHONE, else the master's. */
static gboolean
append_by (AdmCampaign  *self,
           GPtrArray    *events,
           const char   *by,
           GError      **error)
{
  g_autoptr(AdmJournalAction) action = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (events != NULL, FALSE);

  if (events->len == 0)
    return TRUE;
  action = action_for_events (events);
  if (by != NULL)
    adm_event_set (adm_journal_action_get_head (action), "by", by);
  return adm_campaign_record (self, action, error);
}

gboolean
adm_campaign_append_all (AdmCampaign  *self,
                         GPtrArray    *events,
                         GError      **error)
{
  return append_by (self, events, NULL, error);
}

gboolean
adm_campaign_append_phone (AdmCampaign  *self,
                           GPtrArray    *events,
                           GError      **error)
{
  return append_by (self, events, ADM_JOURNAL_BY_PHONE, error);
}

gboolean
adm_campaign_roll (AdmCampaign          *self,
                   AdmDiceSource        *source,
                   const AdmDiceRequest *request,
                   gint64                time,
                   guint                *values_out,
                   GError              **error)
{
  g_autoptr(AdmEvent) event = NULL;
  g_autofree guint *values = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (source == NULL || ADM_IS_DICE_SOURCE (source), FALSE);
  g_return_val_if_fail (request != NULL && request->purpose != NULL, FALSE);

  values = g_new0 (guint, MAX (request->count, 1));
  if (!adm_dice_source_roll (source != NULL ? source : ADM_DICE_SOURCE (self->prng), request,
                             values, error))
    return FALSE;

  for (guint i = 0; i < request->count; i++)
    g_string_append_printf (text, i == 0 ? "%u" : " %u", values[i]);

  event = adm_event_new ("roll", time);
  adm_event_set (event, "purpose", request->purpose);
  if (request->clause != NULL)
    adm_event_set (event, "clause", request->clause);
  adm_event_set_int (event, "sides", request->sides);
  adm_event_set (event, "values", text->str);

  if (!adm_campaign_append (self, event, error))
    return FALSE;
  if (values_out != NULL)
    memcpy (values_out, values, request->count * sizeof (guint));
  return TRUE;
}

/* A battle's dice commitment (adm-dice-ledger.h) is no decision of the master's: Undo passes it
 * by, taking it back with the action before it, and Redo brings it back after that action. A
 * commitment once journaled stays public, undone or not (adm_campaign_get_dice_commitments ()). */
static gboolean
is_dice_commit (AdmJournalAction *action)
{
  /* So is a side's contribution to a phase's dice (adm-dice-contribution.h): the rolls mix the
   * first one given, undone or not; and the ask of a phase's dice, which the phones' tap
   * reads. */
  return action != NULL && (g_str_equal (adm_journal_action_get_what (action), "dice-commit") ||
                            g_str_equal (adm_journal_action_get_what (action), "dice-ask") ||
                            g_str_equal (adm_journal_action_get_what (action),
                                         "dice-contribution") ||
                            g_str_equal (adm_journal_action_get_what (action),
                                         "dice-contribution-reveal"));
}

/* What Undo takes back with the dice commitments it passes by (undo_or_redo ()), the phones'
 * posts passed by too (adm_journal_action_is_aside ()), or NULL. */
static AdmJournalAction *
undo_target (AdmCampaign *self)
{
  GPtrArray *done = adm_journal_get_done (self->journal);
  AdmJournalAction *action = adm_journal_get_undo_action (self->journal);

  for (guint i = done->len; i > 0 && is_dice_commit (action); i--)
    if (!adm_journal_action_is_aside (g_ptr_array_index (done, i - 1)))
      action = g_ptr_array_index (done, i - 1);
  return action;
}

static guint
pass_dice_commits (AdmCampaign *self,
                   gboolean     redo,
                   gint64       now)
{
  guint passed = 0;

  while (redo ? is_dice_commit (adm_journal_get_redo_action (self->journal))
              : is_dice_commit (adm_journal_get_undo_action (self->journal)) &&
                adm_journal_get_done (self->journal)->len > 1)
    {
      if (!(redo ? adm_journal_redo (self->journal, now, NULL)
                 : adm_journal_undo (self->journal, now, NULL)))
        break;
      passed++;
    }
  return passed;
}

static void
forget_entries (AdmCampaign *self,
                guint        n)
{
  for (guint i = 0; i < n; i++)
    adm_journal_forget_last (self->journal);
  if (!adm_journal_replay (self->journal, NULL, NULL))
    g_error ("A campaign journal that replayed before no longer replays");
}

/* One writer per journal: a hand-off to a table ("table-assign") moves by Undo or Redo only
 * while no entry of its battle is kept. Once the table has sent what it played, Undo would
 * give the chief a battle the table goes on writing: the chief takes it back instead, with
 * his reason ("table-take-back"). Once the chief has played it himself, Redo would hand out a
 * battle begun here. */
static gboolean
check_hand_off_moves (AdmCampaign  *self,
                      gboolean      redo,
                      GError      **error)
{
  AdmJournalAction *action = redo ? adm_journal_get_redo_action (self->journal)
                                  : adm_journal_get_undo_action (self->journal);
  const char *engagement;
  const char *head;
  AdmJournal *kept = NULL;

  /* Undo takes back the action before the dice commitments it passes by: a hand-off's set-up
   * committed to its table's dice (adm_campaign_table_dice_commit ()) right after it. */
  if (!redo)
    action = undo_target (self);
  /* A table's placements renew its hand-off (adm_campaign_table_place ()): the same. */
  if (action == NULL ||
      !(g_str_equal (adm_journal_action_get_what (action), "table-assign") ||
        (g_str_equal (adm_journal_action_get_what (action), "placements") &&
         adm_event_get (adm_journal_action_get_head (action), "assignment") != NULL)))
    return TRUE;
  engagement = adm_event_get (adm_journal_action_get_head (action), "engagement");
  if (engagement == NULL || !_adm_campaign_get_kept (self, engagement, &head, &kept) ||
      adm_journal_get_n_entries (kept) == 0)
    return TRUE;
  if (redo)
    g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE,
                 _("The battle of engagement %s has begun here: it is fought where it began, "
                   "and is not handed to “%s” again."), engagement,
                 adm_event_get (adm_journal_action_get_head (action), "table"));
  else
    g_set_error (error, ADM_CAMPAIGN_ERROR, ADM_CAMPAIGN_ERROR_AT_TABLE,
                 _("The table “%s” has sent what it played of engagement %s, which the "
                   "campaign keeps: Undo cannot give it back. Take it back from the table "
                   "instead, with your reason (admiralty-cli table-take-back)."),
                 adm_event_get (adm_journal_action_get_head (action), "table"), engagement);
  return FALSE;
}

static gboolean
undo_or_redo (AdmCampaign  *self,
              gboolean      redo,
              GError      **error)
{
  gboolean could_undo = adm_campaign_can_undo (self);
  gboolean could_redo = adm_campaign_can_redo (self);
  g_autoptr(GError) local_error = NULL;
  gint64 now;
  guint passed;
  AdmJournalAction *undone;
  g_autofree char *label = NULL;
  gboolean ok;

  if (!check_hand_off_moves (self, redo, error))
    return FALSE;
  now = adm_clock_now ();
  passed = redo ? 0 : pass_dice_commits (self, FALSE, now);
  undone = redo ? NULL : adm_journal_get_undo_action (self->journal);

  /* A cycle's milestone not saved yet (a campaign with no file) is taken back with it. */
  if (undone != NULL && g_str_equal (adm_journal_action_get_what (undone), "cycle"))
    label = g_strdup_printf ("cycle-%s", adm_event_get (adm_journal_action_get_head (undone),
                                                        "cycle"));
  /* What a redo brings back is checked as new (journal_apply ()): a correction undone before
   * its ship's battle began is not brought back into it (F-STRAT-4). */
  self->redoing = redo ? adm_journal_get_redo_action (self->journal) : NULL;
  ok = redo ? adm_journal_redo (self->journal, now, &local_error)
            : adm_journal_undo (self->journal, now, &local_error);
  self->redoing = NULL;
  if (!ok && passed > 0)
    forget_entries (self, passed);
  if (!ok)
    {
      g_set_error_literal (error, ADM_CAMPAIGN_ERROR,
                           g_error_matches (local_error, ADM_JOURNAL_ERROR,
                                            ADM_JOURNAL_ERROR_NOTHING_TO_UNDO)
                             ? ADM_CAMPAIGN_ERROR_NOTHING_TO_UNDO
                             : ADM_CAMPAIGN_ERROR_NOTHING_TO_REDO,
                           local_error->message);
      return FALSE;
    }
  if (label != NULL)
    _adm_campaign_drop_milestone (self, label);
  if (redo)
    passed = pass_dice_commits (self, TRUE, now);
  if (!_adm_campaign_autosave (self, error))
    {
      forget_entries (self, passed + 1);
      return FALSE;
    }
  _adm_campaign_changed (self, could_undo, could_redo);
  return TRUE;
}

gboolean
adm_campaign_undo (AdmCampaign  *self,
                   GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return undo_or_redo (self, FALSE, error);
}

gboolean
adm_campaign_redo (AdmCampaign  *self,
                   GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return undo_or_redo (self, TRUE, error);
}

AdmJournal *
adm_campaign_get_journal (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->journal;
}

char *
adm_campaign_describe_undo (AdmCampaign *self)
{
  AdmJournalAction *action;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  action = undo_target (self);
  return action != NULL ? adm_journal_describe (self->journal, action) : NULL;
}

char *
adm_campaign_describe_redo (AdmCampaign *self)
{
  AdmJournalAction *action;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  action = adm_journal_get_redo_action (self->journal);
  return action != NULL ? adm_journal_describe (self->journal, action) : NULL;
}
