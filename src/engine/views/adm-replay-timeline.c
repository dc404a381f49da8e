/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-replay-timeline.c: the steps of the war's replay for one audience (adm-replay-timeline.h).
 * The steps are kept as plain records, read from the journal once each; a step's item and its
 * label are made when asked for, so that a journal of 25,000 entries makes no 25,000 labels. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-audience.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-engagement.h"
#include "adm-engagement-queue.h"
#include "adm-replay-timeline.h"

/* A battle being made ready a part at a time: the battle of @engagement (interned) at
 * @moment. */
typedef struct {
  const char *engagement;
  guint       moment;
} Readying;

typedef struct {
  guint       moment;      /* the entries before the step, the step's included */
  guint       cycle;       /* 0 during the muster */
  const char *engagement;  /* interned; NULL for a step of the campaign's own */
} Step;

struct _AdmReplayTimeline
{
  GObject           parent_instance;

  AdmCampaign      *campaign;
  char             *audience;
  const AdmFaction *viewer;    /* a side's faction, or NULL */
  gboolean          master;
  gboolean          revealed;  /* the campaign's whole truth published when last read: every
                                * audience steps through the master's timeline (F-STRAT-3) */
  GArray           *steps;     /* Step */
  guint             n_read;    /* the journal's entries read into @steps */
  guint             cycle;     /* the cycle after the entries read */
  GHashTable       *told;      /* engagement (interned) → whether the audience is told of it
                                * after the last entry read (told_of ()) */
  gulong            changed_id;
  GArray           *latest;    /* Readying: adm_replay_timeline_prepare ()'s, the next first */
  GArray           *near;      /* Readying: adm_replay_timeline_prepare_near ()'s */
  guint             near_position; /* what @near is for */
  gboolean          near_forward;
};

static void adm_replay_timeline_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (AdmReplayTimeline, adm_replay_timeline, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      adm_replay_timeline_list_model_init))

/* Whether the audience is told of the battle of @engagement (F-STRAT-3) as the war stood
 * after the journal's first @moment entries: the master of every one; a side or the public as
 * the one filter says of the campaign then (adm_campaign_state_at ()) — so that no step shows
 * a battle before the audience learnt of it, nor hides one it was told of then and no longer
 * is now (a reveal undone later). Kept in @told while no entry of the campaign's own is read
 * after it: only those change what the campaign tells. */
static gboolean
told_of (AdmReplayTimeline *self,
         const char        *engagement,
         guint              moment)
{
  gpointer known;
  gboolean told = FALSE;

  if (self->master || self->revealed)
    return TRUE;
  if (g_hash_table_lookup_extended (self->told, engagement, NULL, &known))
    return GPOINTER_TO_INT (known);
  {
    g_autoptr(AdmQueuedEngagement) queued = adm_campaign_find_engagement (self->campaign,
                                                                          engagement, NULL);
    g_autoptr(AdmState) then = queued != NULL ? adm_campaign_state_at (self->campaign, moment,
                                                                        NULL)
                                              : NULL;

    told = then != NULL &&
           adm_audience_told_of_engagement (adm_state_get_strategy (then),
                                            adm_campaign_get_scenario (self->campaign),
                                            self->viewer, queued);
  }
  g_hash_table_insert (self->told, (gpointer) engagement, GINT_TO_POINTER (told));
  return told;
}

/* Whether a side or the public has the campaign's action @what as a step of its own: what
 * every side is told of, none of it another side's secret. */
static gboolean
public_action (const char *what)
{
  static const char *const told[] = { "cycle", "muster-start", "end-campaign", "publish" };

  for (guint i = 0; i < G_N_ELEMENTS (told); i++)
    if (g_str_equal (what, told[i]))
      return TRUE;
  return FALSE;
}

/* Reads the journal's entries after those read, adding their steps; the number added. */
static guint
read_entries (AdmReplayTimeline *self)
{
  AdmJournal *journal = adm_campaign_get_journal (self->campaign);
  guint n = adm_journal_get_n_entries (journal), before = self->steps->len;

  for (guint i = self->n_read; i < n; i++)
    {
      const char *engagement = adm_journal_get_entry_engagement (journal, i);
      AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
      const char *what = adm_journal_action_get_what (action);
      AdmJournalEntryKind kind = adm_journal_get_entry_kind (journal, i);
      gboolean shown;
      Step step = { i + 1, self->cycle, NULL };

      if (engagement != NULL)
        {
          step.engagement = g_intern_string (engagement);
          shown = told_of (self, step.engagement, step.moment);
        }
      else
        {
          gint64 cycle = 0;

          shown = self->master || self->revealed || public_action (what);
          /* The campaign may tell otherwise after it (a formation revealed, a cycle). */
          g_hash_table_remove_all (self->told);
          if (g_str_has_prefix (what, "muster"))
            step.cycle = 0;
          /* A cycle resolved begins the next; taking it back returns to it. */
          if (g_str_equal (what, "cycle") &&
              adm_event_get_int (adm_journal_action_get_head (action), "cycle", &cycle))
            self->cycle = (guint) cycle + (kind == ADM_JOURNAL_ENTRY_UNDO ? 0 : 1);
        }
      if (shown)
        g_array_append_val (self->steps, step);
    }
  self->n_read = n;
  return self->steps->len - before;
}

static void
campaign_changed_cb (AdmReplayTimeline *self,
                     AdmCampaign       *campaign)
{
  guint before = self->steps->len, added;
  gboolean revealed = adm_audience_truth_published (adm_state_get_strategy (
                                                      adm_campaign_get_state (campaign)));

  /* A journal only grows; one whose last entries were forgotten (a save that failed) is read
   * again whole, and so is the whole war when the master publishes its truth, or takes the
   * publication back. */
  if (adm_journal_get_n_entries (adm_campaign_get_journal (campaign)) < self->n_read ||
      revealed != self->revealed)
    {
      self->revealed = revealed;
      g_hash_table_remove_all (self->told);
      g_array_set_size (self->steps, 1);
      self->n_read = 0;
      self->cycle = 1;
      read_entries (self);
      g_list_model_items_changed (G_LIST_MODEL (self), 1, before - 1, self->steps->len - 1);
      return;
    }
  added = read_entries (self);
  if (added > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), before, 0, added);
}

/* "turn 3, Fire" for the battle's entry @i of the campaign's journal, "turn 3, Fire taken
 * back" for an undo of it and "turn 3, Fire again" for a redo. */
static char *
battle_moment (AdmJournal *journal,
               guint       i)
{
  AdmEvent *head = adm_journal_action_get_head (adm_journal_get_entry_action (journal, i));
  const char *phase = adm_event_get (head, "phase");
  g_autofree char *moment = NULL;

  /* Translators: a battle's phase in the replay, "turn 3, Fire" */
  moment = g_strdup_printf (_("turn %s, %s"),
                            adm_event_get (head, "turn") != NULL ? adm_event_get (head, "turn")
                                                                 : "?",
                            phase != NULL ? adm_phase_display_name (phase) : "?");
  switch (adm_journal_get_entry_battle_kind (journal, i))
    {
    case ADM_JOURNAL_ENTRY_UNDO:
      /* Translators: a battle's phase the master took back, "turn 3, Fire taken back" */
      return g_strdup_printf (_("%s taken back"), moment);
    case ADM_JOURNAL_ENTRY_REDO:
      /* Translators: a battle's phase the master brought back, "turn 3, Fire again" */
      return g_strdup_printf (_("%s again"), moment);
    default:
      return g_steal_pointer (&moment);
    }
}

/* "Cycle 2 · Battle at Komarr orbit · turn 3, Fire" for a battle's entry; the master's
 * sentence for the campaign's own ("Cycle 2 · Adm. Aral Vorkosigan's order sheet, cycle 2"). */
static char *
step_label (AdmReplayTimeline *self,
            const Step        *step)
{
  AdmJournal *journal = adm_campaign_get_journal (self->campaign);
  guint i = step->moment - 1;
  AdmJournalAction *action = adm_journal_get_entry_action (journal, i);
  g_autofree char *when = NULL, *what = NULL;

  when = step->cycle == 0 ? g_strdup (_("Muster"))
                          /* Translators: the cycle of a step of the replay, "Cycle 2" */
                          : g_strdup_printf (_("Cycle %u"), step->cycle);
  if (step->engagement != NULL)
    {
      g_autoptr(AdmQueuedEngagement) queued = adm_campaign_find_engagement (self->campaign,
                                                                            step->engagement,
                                                                            NULL);
      g_autofree char *place = queued != NULL ? adm_engagement_place_name (&queued->engagement)
                                              : g_strdup (step->engagement);

      what = battle_moment (journal, i);
      /* Translators: a step of the replay, "Cycle 2 · Battle at Komarr orbit · turn 3, Fire" */
      return g_strdup_printf (_("%s · Battle at %s · %s"), when, place, what);
    }
  {
    g_autofree char *described = adm_journal_describe (journal, action);

    switch (adm_journal_get_entry_kind (journal, i))
      {
      case ADM_JOURNAL_ENTRY_UNDO:
        /* Translators: a step of the replay where the master undid an action, "Undo “Note”" */
        what = g_strdup_printf (_("Undo “%s”"), described);
        break;
      case ADM_JOURNAL_ENTRY_REDO:
        /* Translators: a step of the replay where the master redid an action, "Redo “Note”" */
        what = g_strdup_printf (_("Redo “%s”"), described);
        break;
      default:
        what = g_steal_pointer (&described);
      }
  }
  /* Translators: a step of the replay, "Cycle 2 · Resolve cycle 1" */
  return g_strdup_printf (_("%s · %s"), when, what);
}

static GType
adm_replay_timeline_get_item_type (GListModel *model)
{
  return ADM_TYPE_REPLAY_STEP;
}

static guint
adm_replay_timeline_get_n_items (GListModel *model)
{
  return ADM_REPLAY_TIMELINE (model)->steps->len;
}

static gpointer
adm_replay_timeline_get_item (GListModel *model,
                              guint       position)
{
  AdmReplayTimeline *self = ADM_REPLAY_TIMELINE (model);
  const Step *step;
  g_autofree char *label = NULL;

  if (position >= self->steps->len)
    return NULL;
  step = &g_array_index (self->steps, Step, position);
  label = step->moment == 0 ? g_strdup (_("The campaign’s start")) : step_label (self, step);
  return adm_replay_step_new (step->moment, step->cycle, step->engagement, label);
}

static void
adm_replay_timeline_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = adm_replay_timeline_get_item_type;
  iface->get_n_items = adm_replay_timeline_get_n_items;
  iface->get_item = adm_replay_timeline_get_item;
}

static void
adm_replay_timeline_dispose (GObject *object)
{
  AdmReplayTimeline *self = ADM_REPLAY_TIMELINE (object);

  g_clear_signal_handler (&self->changed_id, self->campaign);
  g_clear_object (&self->campaign);

  G_OBJECT_CLASS (adm_replay_timeline_parent_class)->dispose (object);
}

static void
adm_replay_timeline_finalize (GObject *object)
{
  AdmReplayTimeline *self = ADM_REPLAY_TIMELINE (object);

  g_free (self->audience);
  g_array_unref (self->steps);
  g_hash_table_unref (self->told);
  g_array_unref (self->latest);
  g_array_unref (self->near);

  G_OBJECT_CLASS (adm_replay_timeline_parent_class)->finalize (object);
}

static void
adm_replay_timeline_class_init (AdmReplayTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = adm_replay_timeline_dispose;
  object_class->finalize = adm_replay_timeline_finalize;
}

static void
adm_replay_timeline_init (AdmReplayTimeline *self)
{
  Step start = { 0, 1, NULL };

  self->steps = g_array_new (FALSE, FALSE, sizeof (Step));
  g_array_append_val (self->steps, start);
  self->cycle = 1;
  self->told = g_hash_table_new (NULL, NULL);
  self->latest = g_array_new (FALSE, FALSE, sizeof (Readying));
  self->near = g_array_new (FALSE, FALSE, sizeof (Readying));
}

AdmReplayTimeline *
adm_replay_timeline_new (AdmCampaign  *campaign,
                         const char   *audience,
                         GError      **error)
{
  g_autoptr(AdmReplayTimeline) self = NULL;
  AdmRuleset *ruleset;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (audience != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ruleset = adm_scenario_get_ruleset (adm_campaign_get_scenario (campaign));
  self = g_object_new (ADM_TYPE_REPLAY_TIMELINE, NULL);
  self->master = g_str_equal (audience, "master");
  if (!self->master && !g_str_equal (audience, "public"))
    {
      self->viewer = adm_ruleset_lookup_faction (ruleset, audience);
      if (self->viewer == NULL)
        {
          GPtrArray *factions = adm_ruleset_get_factions (ruleset);
          g_autoptr(GString) known = g_string_new ("master, public");

          for (guint i = 0; i < factions->len; i++)
            g_string_append_printf (known, ", %s",
                                    ((const AdmFaction *) g_ptr_array_index (factions, i))->id);
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* Translators: "No side “ceta” to replay the war for: the campaign
                        * has master, public, barrayar, cetaganda." */
                       _("No side “%s” to replay the war for: the campaign has %s."), audience,
                       known->str);
          return NULL;
        }
    }
  self->campaign = g_object_ref (campaign);
  self->audience = g_strdup (audience);
  self->revealed = adm_audience_truth_published (adm_state_get_strategy (
                                                   adm_campaign_get_state (campaign)));
  read_entries (self);
  self->changed_id = g_signal_connect_swapped (campaign, "changed",
                                               G_CALLBACK (campaign_changed_cb), self);
  return g_steal_pointer (&self);
}

AdmCampaign *
adm_replay_timeline_get_campaign (AdmReplayTimeline *self)
{
  g_return_val_if_fail (ADM_IS_REPLAY_TIMELINE (self), NULL);
  return self->campaign;
}

const char *
adm_replay_timeline_get_audience (AdmReplayTimeline *self)
{
  g_return_val_if_fail (ADM_IS_REPLAY_TIMELINE (self), NULL);
  return self->audience;
}

const AdmFaction *
adm_replay_timeline_get_viewer (AdmReplayTimeline *self)
{
  g_return_val_if_fail (ADM_IS_REPLAY_TIMELINE (self), NULL);
  return self->viewer;
}

guint
adm_replay_timeline_find (AdmReplayTimeline *self,
                          guint              moment)
{
  guint low = 0, high;

  g_return_val_if_fail (ADM_IS_REPLAY_TIMELINE (self), 0);

  /* The steps are in the order of their moments; the first is moment 0. */
  high = self->steps->len;
  while (high - low > 1)
    {
      guint middle = low + (high - low) / 2;

      if (g_array_index (self->steps, Step, middle).moment <= moment)
        low = middle;
      else
        high = middle;
    }
  return low;
}

char *
adm_replay_timeline_describe_out (AdmReplayTimeline *self)
{
  g_autoptr(GPtrArray) engagements = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  AdmStrategy *strategy;

  g_return_val_if_fail (ADM_IS_REPLAY_TIMELINE (self), NULL);

  engagements = adm_campaign_get_engagements (self->campaign, 0);
  strategy = adm_state_get_strategy (adm_campaign_get_state (self->campaign));
  for (guint i = 0; i < engagements->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (engagements, i);
      g_autofree char *name = NULL, *place = NULL;

      if (engagement->table == NULL || engagement->status == ADM_ENGAGEMENT_FINISHED ||
          engagement->status == ADM_ENGAGEMENT_DROPPED ||
          !(self->master || self->revealed ||
            adm_audience_told_of_engagement (strategy, adm_campaign_get_scenario (self->campaign),
                                             self->viewer, engagement)))
        continue;
      /* F-STRAT-3: a side is told an engagement by its place and time, never its id. */
      place = adm_engagement_place_name (&engagement->engagement);
      name = self->master ? g_strdup_printf ("%s (%s)", engagement->id, place)
                          : adm_audience_engagement_name (engagement);
      g_string_append_printf (names, "%s%s “%s”", names->len > 0 ? "; " : "", name,
                              engagement->table);
    }
  if (names->len == 0)
    return NULL;
  /* Translators: "Still at another table: c1-3 (Komarr orbit) “Table 2”. Their phases come
   * into the replay when their tables send them back (Import Table Battle…)." */
  return g_strdup_printf (_("Still at another table: %s. Their phases come into the replay "
                            "when their tables send them back (Import Table Battle…)."),
                          names->str);
}

/* Carries the first battle of @queue a part of the way to its step (at most
 * ADM_REPLAY_PREPARE_PHASES phases), dropping it from @queue once there; one that cannot be
 * opened is dropped too, left for its step to say why. Whether @queue has more. */
static gboolean
ready_next (AdmReplayTimeline *self,
            GArray            *queue)
{
  const Readying *next;
  g_autoptr(GError) error = NULL;

  if (queue->len == 0)
    return FALSE;
  next = &g_array_index (queue, Readying, 0);
  /* Each queue's battles kept for it: making one ready never lets the other's go. */
  if (_adm_campaign_ready_past_battle (self->campaign, next->engagement, next->moment,
                                       ADM_REPLAY_PREPARE_PHASES,
                                       queue == self->latest ? ADM_PAST_FOR_LATEST
                                                             : ADM_PAST_FOR_NEAR,
                                       &error) ||
      error != NULL)
    g_array_remove_index (queue, 0);
  return queue->len > 0;
}

/* Adds the battle of @step to @queue, unless it is there already. */
static void
plan (GArray     *queue,
      const Step *step)
{
  Readying readying = { step->engagement, step->moment };

  for (guint i = 0; i < queue->len; i++)
    if (g_array_index (queue, Readying, i).engagement == step->engagement)
      return;
  g_array_append_val (queue, readying);
}

gboolean
adm_replay_timeline_prepare (AdmReplayTimeline *self)
{
  const Step *latest[ADM_CAMPAIGN_PAST_BATTLES];
  guint n = 0;

  g_return_val_if_fail (ADM_IS_REPLAY_TIMELINE (self), FALSE);

  if (self->latest->len > 0)
    return ready_next (self, self->latest);
  /* The latest battles first, each at its last step. */
  for (guint i = self->steps->len; i-- > 0 && n < G_N_ELEMENTS (latest);)
    {
      const Step *step = &g_array_index (self->steps, Step, i);
      gboolean seen = FALSE;

      if (step->engagement == NULL)
        continue;
      for (guint k = 0; k < n; k++)
        seen = seen || latest[k]->engagement == step->engagement;
      if (!seen)
        latest[n++] = step;
    }
  /* Made ready oldest first, so that the latest is kept longest. */
  while (n-- > 0)
    plan (self->latest, latest[n]);
  return ready_next (self, self->latest);
}

/* The step nearest @position, going by @direction (−1 or +1), that is of a battle other than
 * @engagement; NULL when there is none. */
static const Step *
nearest_other_battle (AdmReplayTimeline *self,
                      guint              position,
                      int                direction,
                      const char        *engagement)
{
  for (gint64 i = (gint64) position + direction; i >= 0 && i < self->steps->len; i += direction)
    {
      const Step *step = &g_array_index (self->steps, Step, i);

      if (step->engagement != NULL && step->engagement != engagement)
        return step;
    }
  return NULL;
}

/* The step next to @position going by @direction (−1 or +1), or NULL at either end. */
static const Step *
next_step (AdmReplayTimeline *self,
           guint              position,
           int                direction)
{
  gint64 i = (gint64) position + direction;

  return i >= 0 && i < self->steps->len ? &g_array_index (self->steps, Step, i) : NULL;
}

gboolean
adm_replay_timeline_prepare_near (AdmReplayTimeline *self,
                                  guint              position,
                                  gboolean           forward)
{
  const char *engagement;
  const Step *ahead, *behind;
  int way = forward ? +1 : -1;

  g_return_val_if_fail (ADM_IS_REPLAY_TIMELINE (self), FALSE);

  if (self->near->len > 0 && self->near_position == position && self->near_forward == forward)
    return ready_next (self, self->near);
  g_array_set_size (self->near, 0);
  self->near_position = position;
  self->near_forward = forward;
  if (position >= self->steps->len)
    return FALSE;
  /* Interned, as every step's. The campaign keeps the step's battle and one more
   * (ADM_CAMPAIGN_PAST_BATTLES): the battle the other way only when the step shows none, or
   * when the step is its battle's first (or last) the way the replay comes from and goes on
   * in it — the next step back leaves it. The battle the replay goes towards is made ready
   * last, and so kept longest. */
  engagement = g_array_index (self->steps, Step, position).engagement;
  ahead = next_step (self, position, way);
  behind = next_step (self, position, -way);
  if (engagement != NULL && behind != NULL && behind->engagement != NULL &&
      behind->engagement != engagement && ahead != NULL && ahead->engagement == engagement)
    plan (self->near, behind);
  else
    {
      behind = engagement == NULL ? nearest_other_battle (self, position, -way, engagement)
                                  : NULL;
      ahead = nearest_other_battle (self, position, way, engagement);
      if (behind != NULL)
        plan (self->near, behind);
      if (ahead != NULL)
        plan (self->near, ahead);
    }
  return ready_next (self, self->near);
}

char *
adm_replay_battle_heading (AdmCampaign *campaign,
                           const char  *engagement,
                           guint        moment)
{
  AdmJournal *journal;
  g_autoptr(AdmQueuedEngagement) queued = NULL;
  g_autofree char *name = NULL, *what = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);

  journal = adm_campaign_get_journal (campaign);
  queued = adm_campaign_find_engagement (campaign, engagement, NULL);
  if (queued == NULL || moment == 0 || moment > adm_journal_get_n_entries (journal) ||
      g_strcmp0 (adm_journal_get_entry_engagement (journal, moment - 1), engagement) != 0)
    return NULL;
  /* F-STRAT-3: as the sides and the public are told of it, by its place and time, never its
   * id (adm_audience_engagement_name ()). */
  name = adm_audience_engagement_name (queued);
  what = battle_moment (journal, moment - 1);
  /* Translators: a battle's phase as the projector's heading names it during a replay,
   * "Battle at Pol orbit, cycle 1, minute 20 · turn 3, Fire" */
  return g_strdup_printf (_("Battle at %s · %s"), name, what);
}
