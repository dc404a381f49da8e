/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-campaign.c: a campaign — its scenario plus the event journal (adm-campaign.h).
 *
 * The state is never edited directly: it is the replay of the journal
 * (adm-campaign-journal.c). This file owns the object — its construction, signals and
 * properties — and the state's questions; the file, the journal and the battles kept are
 * each in a file of their own. */

#include "config.h"

#include "adm-campaign.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-digest.h"

G_DEFINE_QUARK (adm-campaign-error-quark, adm_campaign_error)

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
  g_clear_pointer (&self->battle_rulesets, g_hash_table_unref);
  g_clear_pointer (&self->dice_asked, g_hash_table_unref);

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
  self->battle_rulesets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               g_object_unref);
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

GHashTable *
_adm_campaign_get_battle_rulesets (AdmCampaign *self)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (self), NULL);
  return self->battle_rulesets;
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
