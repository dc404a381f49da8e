/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign.c: a campaign — its scenario plus the event journal (adm-campaign.h).
 *
 * The state is never edited directly: it is the replay of the journal
 * (adm-campaign-journal.c). This file owns the object — its construction, signals and
 * properties — and the state's questions; the file, the journal and the battles kept are
 * each in a file of their own. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-campaign.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-file.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-background.h"
#include "adm-battle.h"
#include "adm-clock.h"
#include "adm-digest.h"
#include "adm-engagement-queue.h"
#include "adm-file.h"
#include "adm-replays.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-campaign-error-quark, adm_campaign_error)

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
} StoredBattle;

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

G_DEFINE_FINAL_TYPE (AdmCampaign, adm_campaign, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PATH,
  N_PROPS
};

enum {
  CHANGED,
  MIRROR_FAILED,
  CHECKPOINT_FAILED,
  SAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
adm_campaign_finalize (GObject *object)
{
  AdmCampaign *self = ADM_CAMPAIGN (object);

  _adm_campaign_finish_saves (self);
  g_clear_error (&self->flush_error);
  g_clear_object (&self->scenario);
  g_clear_object (&self->state);
  g_clear_object (&self->prng);
  g_clear_object (&self->journal);
  g_clear_pointer (&self->events, g_ptr_array_unref);
  g_clear_pointer (&self->header, g_free);
  g_clear_pointer (&self->origin, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->mirror, g_free);
  g_clear_pointer (&self->lock, adm_file_lock_unref);
  g_clear_pointer (&self->battles, g_hash_table_unref);
  g_clear_pointer (&self->battle_ids, g_ptr_array_unref);
  g_clear_pointer (&self->battles_text, g_free);
  g_clear_pointer (&self->pending, g_ptr_array_unref);
  g_clear_pointer (&self->replays, adm_replays_free);
  g_clear_pointer (&self->past_battles, g_ptr_array_unref);

  G_OBJECT_CLASS (adm_campaign_parent_class)->finalize (object);
}

static void
adm_campaign_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  AdmCampaign *self = ADM_CAMPAIGN (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, adm_campaign_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, adm_campaign_can_redo (self));
      break;

    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
adm_campaign_class_init (AdmCampaignClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = adm_campaign_finalize;
  object_class->get_property = adm_campaign_get_property;

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[MIRROR_FAILED] = g_signal_new ("mirror-failed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                         G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[CHECKPOINT_FAILED] = g_signal_new ("checkpoint-failed", G_TYPE_FROM_CLASS (klass),
                                             G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                             G_TYPE_NONE, 1,
                                             G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  signals[SAVE_FAILED] = g_signal_new ("save-failed", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                       G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
adm_campaign_init (AdmCampaign *self)
{
  self->events = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_event_unref);
  self->battles = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        _adm_stored_battle_free);
  self->battle_ids = g_ptr_array_new ();
  self->pending = g_ptr_array_new_with_free_func (_adm_pending_checkpoint_free);
  self->past_battles = g_ptr_array_new_with_free_func (_adm_past_battle_free);
  self->journal = _adm_campaign_journal_new (self);
}

AdmCampaign *
adm_campaign_new (AdmScenario *scenario,
                  guint64      seed)
{
  AdmCampaign *self;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  self = g_object_new (ADM_TYPE_CAMPAIGN, NULL);
  self->scenario = g_object_ref (scenario);
  /* A campaign carries its season: the same rules wherever it is opened, and at every table
   * its battles are handed to. */
  self->took_installed_rules = adm_scenario_carry_season (scenario);
  /* No history rewritten: the first entry of the journal records the SHA-256 of the scenario
   * the campaign begins with, and every entry the SHA-256 of itself and those before it
   * (adm_journal_seal ()); a campaign whose scenario or journal was changed since is refused
   * when it is opened. The scenario's season is part of what is sealed: a campaign written
   * before campaigns carried their rules takes the installed ones in here, as it goes on with
   * them (adm_scenario_carry_season ()), and was written before campaigns were sealed too, so
   * its first entry sealed — the next it records — seals the scenario with the season it
   * plays by from then on. */
  self->origin = adm_digest_element_sha256 (adm_scenario_get_node (scenario));
  adm_journal_seal (self->journal, self->origin);
  self->state = _adm_campaign_new_state (self);
  self->prng = adm_dice_prng_new (seed);
  return self;
}

/* The state's questions */

AdmScenario *
adm_campaign_get_scenario (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->scenario;
}

GPtrArray *
adm_campaign_get_admirals (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return adm_strategy_get_admirals (adm_state_get_strategy (self->state));
}

AdmAdmiral *
adm_campaign_lookup_admiral (AdmCampaign *self,
                             const char  *id)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return adm_strategy_lookup_admiral (adm_state_get_strategy (self->state), id);
}

AdmRuleset *
adm_campaign_get_ruleset (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return adm_scenario_get_ruleset (self->scenario);
}

AdmState *
adm_campaign_get_state (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->state;
}

AdmDicePrng *
adm_campaign_get_prng (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->prng;
}

GPtrArray *
adm_campaign_get_events (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->events;
}

AdmState *
adm_campaign_replay (AdmCampaign  *self,
                     GPtrArray    *events,
                     guint         n_strict,
                     GError      **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  g_return_val_if_fail (events != NULL, NULL);

  if (self->replays == NULL)
    self->replays = adm_replays_new (self->scenario, ADM_CAMPAIGN_REPLAYS);
  return adm_replays_get (self->replays, events, n_strict, error);
}

GPtrArray *
_adm_campaign_get_past_battles (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->past_battles;
}

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

/* A state of this campaign's scenario that knows its battles under way. */
AdmState *
_adm_campaign_new_state (AdmCampaign *self)
{
  AdmState *state = adm_state_new (self->scenario);

  adm_state_set_battle_func (state, battle_under_way, self);
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

void
_adm_campaign_changed (AdmCampaign *self,
                       gboolean     could_undo,
                       gboolean     could_redo)
{
  if (could_undo != adm_campaign_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != adm_campaign_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  self->changed_battle = NULL;
  g_signal_emit (self, signals[CHANGED], 0);
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
adm_campaign_is_ended (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  return adm_strategy_get_ending (adm_state_get_strategy (self->state)) != NULL;
}

gboolean
adm_campaign_is_published (AdmCampaign *self)
{
  const AdmCampaignEnding *ending;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  ending = adm_strategy_get_ending (adm_state_get_strategy (self->state));
  return ending != NULL && ending->published;
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

gboolean
adm_campaign_append_all (AdmCampaign  *self,
                         GPtrArray    *events,
                         GError      **error)
{
  g_autoptr(AdmJournalAction) action = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), FALSE);
  g_return_val_if_fail (events != NULL, FALSE);

  if (events->len == 0)
    return TRUE;
  action = action_for_events (events);
  return adm_campaign_record (self, action, error);
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
  return action != NULL && g_str_equal (adm_journal_action_get_what (action), "dice-commit");
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
  if (!redo && is_dice_commit (action))
    {
      GPtrArray *done = adm_journal_get_done (self->journal);

      for (guint i = done->len; i > 0 && is_dice_commit (action); i--)
        action = g_ptr_array_index (done, i - 1);
    }
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
  action = adm_journal_get_undo_action (self->journal);
  /* What Undo takes back with the dice commitments it passes by (undo_or_redo ()). */
  if (is_dice_commit (action))
    {
      GPtrArray *done = adm_journal_get_done (self->journal);

      for (guint i = done->len; i > 0 && is_dice_commit (action); i--)
        action = g_ptr_array_index (done, i - 1);
    }
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

const char *
adm_campaign_get_battle (AdmCampaign  *self,
                         const char   *engagement_id,
                         int          *turn,
                         const char  **phase)
{
  StoredBattle *battle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);

  battle = engagement_id != NULL ? g_hash_table_lookup (self->battles, engagement_id) : NULL;
  if (battle == NULL)
    return NULL;
  if (turn != NULL)
    *turn = battle->turn;
  if (phase != NULL)
    *phase = adm_phase_to_string (battle->phase);
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
      text = adm_campaign_get_battle (self, engagement_id, NULL, NULL);
      battle->played = adm_battle_load_game_memory (text, strlen (text), engagement_id, error);
    }
  return battle->played;
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
      g_clear_pointer (&stored->text, g_free);
      /* A whole battle takes milliseconds to free: the window does not wait for it. The one
       * still named by @stored->last's weak pointer is freed here, where that pointer is
       * read. */
      if (stored->played != NULL && stored->played != stored->last)
        adm_background_unref (g_steal_pointer (&stored->played));
      g_clear_object (&stored->played);
      /* A table's battle was played whole to be checked (off the campaign's thread), and is
       * never played on: it is the battle kept, for its readers to read. */
      if (followed && assignment != NULL &&
          adm_journal_get_n_entries (log) == adm_journal_get_n_entries (stored->journal))
        stored->played = g_object_ref (battle);
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
