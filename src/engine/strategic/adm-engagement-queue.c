/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-engagement-queue.c: a campaign's engagements as a queue the master works through
 * (F-STRAT-4; ruling "late-arrivals"). See adm-engagement-queue.h. */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "adm-battle.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-engagement-queue.h"
#include "adm-engagement.h"
#include "adm-sector-battle.h"
#include "adm-xml.h"

void
adm_queued_engagement_free (AdmQueuedEngagement *engagement)
{
  if (engagement == NULL)
    return;
  g_free (engagement->id);
  g_clear_pointer (&engagement->engagement.formations, g_ptr_array_unref);
  g_clear_pointer (&engagement->formation_ids, g_ptr_array_unref);
  g_clear_pointer (&engagement->arriving, g_ptr_array_unref);
  g_clear_pointer (&engagement->gone, g_ptr_array_unref);
  g_free (engagement->waiting_for);
  g_free (engagement->dropped);
  g_free (engagement->phase);
  g_free (engagement->table);
  g_free (engagement);
}

const char *
adm_engagement_status_to_string (AdmEngagementStatus status)
{
  switch (status)
    {
    case ADM_ENGAGEMENT_NOT_FOUGHT:  return "not-fought";
    case ADM_ENGAGEMENT_WAITING:     return "waiting";
    case ADM_ENGAGEMENT_IN_PROGRESS: return "in-progress";
    case ADM_ENGAGEMENT_FINISHED:    return "finished";
    case ADM_ENGAGEMENT_DROPPED:     return "dropped";
    default:                         g_return_val_if_reached ("not-fought");
    }
}

char *
adm_queued_engagement_describe_status (const AdmQueuedEngagement *engagement)
{
  g_return_val_if_fail (engagement != NULL, NULL);

  switch (engagement->status)
    {
    case ADM_ENGAGEMENT_NOT_FOUGHT:
      if (engagement->table != NULL)
        /* Translators: an engagement's status: "At the table “Table 2”" */
        return g_strdup_printf (_("At the table “%s”"), engagement->table);
      return g_strdup (_("Not fought"));
    case ADM_ENGAGEMENT_WAITING:
      /* Translators: an engagement's status: "Waiting for c1-1" (an engagement id) */
      return g_strdup_printf (_("Waiting for %s"), engagement->waiting_for);
    case ADM_ENGAGEMENT_IN_PROGRESS:
      if (engagement->table != NULL)
        /* Translators: an engagement's status: "At the table “Table 2” · Turn 2 · Movement" */
        return g_strdup_printf (_("At the table “%s” · Turn %d · %s"), engagement->table,
                                engagement->turn,
                                engagement->phase != NULL ? engagement->phase : "");
      /* Translators: an engagement's status: "Turn 2 · Movement" */
      return g_strdup_printf (_("Turn %d · %s"), engagement->turn,
                              engagement->phase != NULL ? engagement->phase : "");
    case ADM_ENGAGEMENT_FINISHED:
      if (engagement->ending != NULL && engagement->ending->turn > 0)
        /* Translators: an engagement's status: "Finished in turn 3, results applied" */
        return g_strdup_printf (_("Finished in turn %d, results applied"),
                                engagement->ending->turn);
      return g_strdup (_("Ended without a battle"));
    case ADM_ENGAGEMENT_DROPPED:
      /* Translators: an engagement's status: "Dropped: nothing is left of Pol Escort Group" */
      return g_strdup_printf (_("Dropped: %s"), engagement->dropped);
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The waves of one strategic engagement (ruling "late-arrivals"): one per minute at which
 * formations arrive, each with every formation there by then. */
static void
add_waves (const AdmEngagement *engagement,
           GPtrArray           *out)
{
  g_autoptr(GArray) minutes = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint f = 0; f < engagement->formations->len; f++)
    {
      double minute = adm_engagement_joined_minute (engagement,
                                                    g_ptr_array_index (engagement->formations, f));
      gboolean seen = FALSE;

      for (guint m = 0; m < minutes->len && !seen; m++)
        seen = g_array_index (minutes, double, m) == minute;
      if (!seen)
        g_array_append_val (minutes, minute);
    }
  /* Insertion sort: a handful of minutes. */
  for (guint i = 1; i < minutes->len; i++)
    for (guint j = i; j > 0 && g_array_index (minutes, double, j - 1) >
                               g_array_index (minutes, double, j); j--)
      {
        double swap = g_array_index (minutes, double, j);

        g_array_index (minutes, double, j) = g_array_index (minutes, double, j - 1);
        g_array_index (minutes, double, j - 1) = swap;
      }

  for (guint m = 0; m < minutes->len; m++)
    {
      double minute = g_array_index (minutes, double, m);
      AdmQueuedEngagement *wave = g_new0 (AdmQueuedEngagement, 1);

      wave->engagement = *engagement;
      wave->engagement.minute = minute;
      wave->engagement.formations = g_ptr_array_new ();
      /* Borrowed no further: the stations are asked of the state (settle_status ()). */
      wave->engagement.stations = NULL;
      wave->formation_ids = g_ptr_array_new ();
      wave->arriving = g_ptr_array_new ();
      wave->gone = g_ptr_array_new_with_free_func (g_free);
      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);
          double joined = adm_engagement_joined_minute (engagement, formation);

          if (joined > minute)
            continue;
          g_ptr_array_add (wave->formation_ids, formation->id);
          if (joined == minute)
            g_ptr_array_add (wave->arriving, formation->id);
        }
      g_ptr_array_add (out, wave);
    }
}

static gint
by_minute (gconstpointer a,
           gconstpointer b)
{
  const AdmQueuedEngagement *x = *(AdmQueuedEngagement * const *) a;
  const AdmQueuedEngagement *y = *(AdmQueuedEngagement * const *) b;

  if (x->engagement.minute != y->engagement.minute)
    return x->engagement.minute < y->engagement.minute ? -1 : 1;
  return 0;
}

static gboolean
shares_formation (const AdmQueuedEngagement *a,
                  const AdmQueuedEngagement *b)
{
  for (guint i = 0; i < a->formation_ids->len; i++)
    for (guint j = 0; j < b->formation_ids->len; j++)
      if (g_str_equal (g_ptr_array_index (a->formation_ids, i),
                       g_ptr_array_index (b->formation_ids, j)))
        return TRUE;
  return FALSE;
}

/* What is left of each formation now, and whether two sides still meet. */
static void
settle_status (AdmState            *state,
               AdmQueuedEngagement *wave,
               GPtrArray           *earlier)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);
  AdmScenario *scenario = adm_state_get_scenario (state);
  g_autoptr(GPtrArray) sides = g_ptr_array_new ();

  wave->ending = adm_state_get_battle_ending (state, wave->id);
  for (guint i = 0; i < wave->formation_ids->len; i++)
    {
      const char *id = g_ptr_array_index (wave->formation_ids, i);
      const AdmFormation *formation = adm_strategy_lookup_formation (strategy, id);

      if (formation == NULL || formation->ships->len == 0)
        {
          /* Translators: why a formation is not in a later engagement: "nothing is left of
           * Pol Escort Group" (the formation's id when it has ceased) */
          g_ptr_array_add (wave->gone, g_strdup_printf (_("nothing is left of %s"),
                                                        adm_strategy_formation_name (strategy, id)));
          continue;
        }
      g_ptr_array_add (wave->engagement.formations, (gpointer) formation);
      {
        gboolean counted = FALSE;

        for (guint s = 0; s < sides->len && !counted; s++)
          counted = adm_scenario_factions_allied (scenario, g_ptr_array_index (sides, s),
                                                  formation->faction);
        if (!counted)
          g_ptr_array_add (sides, (gpointer) formation->faction);
      }
    }

  /* Ruling "station-engagement": a station held there by an enemy of every side present is a
   * side of its own, as the battle's set-up makes it (adm_battle_setup_write ()). */
  if (wave->engagement.sector != NULL && sides->len > 0 && adm_sector_stations_engage (scenario))
    {
      g_autoptr(GPtrArray) stations = adm_sector_hostile_stations (scenario, state,
                                                                   wave->engagement.sector,
                                                                   sides);

      for (guint s = 0; s < stations->len; s++)
        {
          const AdmFaction *owner = ((AdmHeldStation *) g_ptr_array_index (stations, s))->owner;
          gboolean counted = FALSE;

          for (guint k = 0; k < sides->len && !counted; k++)
            counted = adm_scenario_factions_allied (scenario, g_ptr_array_index (sides, k),
                                                    owner);
          if (!counted)
            g_ptr_array_add (sides, (gpointer) owner);
        }
    }

  if (wave->ending != NULL)
    {
      wave->status = ADM_ENGAGEMENT_FINISHED;
      return;
    }
  /* Dropped unfought by the master, with his reason ("drop-engagement"). */
  if (adm_state_get_drop_reason (state, wave->id) != NULL)
    {
      wave->status = ADM_ENGAGEMENT_DROPPED;
      wave->dropped = g_strdup (adm_state_get_drop_reason (state, wave->id));
      wave->by_master = TRUE;
      return;
    }
  /* In time order: an earlier engagement of any of its formations must be ended first. */
  for (guint e = 0; e < earlier->len; e++)
    {
      AdmQueuedEngagement *before = g_ptr_array_index (earlier, e);

      if (before->engagement.minute < wave->engagement.minute &&
          (before->status == ADM_ENGAGEMENT_NOT_FOUGHT ||
           before->status == ADM_ENGAGEMENT_WAITING) &&
          shares_formation (before, wave))
        {
          wave->status = ADM_ENGAGEMENT_WAITING;
          wave->waiting_for = g_strdup (before->id);
          return;
        }
    }
  if (sides->len < 2)
    {
      g_autoptr(GString) why = g_string_new (NULL);

      for (guint i = 0; i < wave->gone->len; i++)
        g_string_append_printf (why, "%s%s", i > 0 ? "; " : "",
                                (char *) g_ptr_array_index (wave->gone, i));
      if (why->len == 0)
        g_string_append (why, _("only one side is left there"));
      wave->status = ADM_ENGAGEMENT_DROPPED;
      wave->dropped = g_string_free (g_steal_pointer (&why), FALSE);
      return;
    }
  wave->status = ADM_ENGAGEMENT_NOT_FOUGHT;
  /* Handed to another table ("table-assign"): fought there, not here. */
  if (adm_state_get_table (state, wave->id) != NULL)
    wave->table = g_strdup (adm_state_get_table (state, wave->id)->table);
}

GPtrArray *
adm_engagement_queue_new (AdmState *state,
                          guint     cycle)
{
  AdmStrategy *strategy;
  GPtrArray *out;
  guint first, last;

  g_return_val_if_fail (ADM_IS_STATE (state), NULL);

  strategy = adm_state_get_strategy (state);
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_queued_engagement_free);
  first = cycle != 0 ? cycle : 1;
  last = cycle != 0 ? cycle : adm_strategy_get_cycle (strategy) - 1;
  for (guint c = first; c <= last; c++)
    {
      g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (strategy, c);
      g_autoptr(GPtrArray) waves = g_ptr_array_new ();

      for (guint e = 0; e < engagements->len; e++)
        add_waves (g_ptr_array_index (engagements, e), waves);
      /* Stable: at one minute, the order the cycle found them in. */
      g_ptr_array_sort (waves, by_minute);
      for (guint w = 0; w < waves->len; w++)
        {
          AdmQueuedEngagement *wave = g_ptr_array_index (waves, w);

          wave->number = w + 1;
          wave->id = g_strdup_printf ("c%u-%u", c, w + 1);
          settle_status (state, wave, waves);
          g_ptr_array_add (out, wave);
        }
    }
  return out;
}

AdmQueuedEngagement *
adm_engagement_queue_find (AdmState    *state,
                           const char  *id,
                           GError     **error)
{
  g_autoptr(GPtrArray) queue = NULL;
  g_autoptr(GString) known = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_STATE (state), NULL);

  queue = adm_engagement_queue_new (state, 0);
  for (guint i = 0; i < queue->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i);

      if (id != NULL && g_str_equal (engagement->id, id))
        return g_ptr_array_steal_index (queue, i);
      g_string_append_printf (known, "%s%s", known->len > 0 ? ", " : "", engagement->id);
    }
  if (known->len == 0)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 /* Translators: "There is no engagement “c9-1”: no cycle has brought enemies
                  * together yet" */
                 _("There is no engagement “%s”: no cycle has brought enemies together yet"),
                 id != NULL ? id : "");
  else
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 /* Translators: "There is no engagement “c9-1”; the campaign has: c1-1, c1-2" */
                 _("There is no engagement “%s”; the campaign has: %s"),
                 id != NULL ? id : "", known->str);
  return NULL;
}

static const AdmFaction *
lookup_faction (AdmScenario *scenario,
                const char  *id)
{
  GPtrArray *factions = adm_scenario_get_factions (scenario);

  for (guint i = 0; id != NULL && i < factions->len; i++)
    if (g_str_equal (((const AdmFaction *) g_ptr_array_index (factions, i))->id, id))
      return g_ptr_array_index (factions, i);
  return NULL;
}

void
adm_queued_engagement_add_progress (AdmCampaign         *campaign,
                                    AdmQueuedEngagement *engagement)
{
  const char *phase = NULL;
  int turn = 0;

  /* A battle begun and then dropped by the master is not fought on. */
  if (engagement->status == ADM_ENGAGEMENT_FINISHED || engagement->by_master ||
      !adm_campaign_has_battle (campaign, engagement->id, &turn, &phase))
    return;
  engagement->status = ADM_ENGAGEMENT_IN_PROGRESS;
  engagement->turn = turn;
  engagement->phase = g_strdup (phase != NULL ? adm_phase_display_name (phase) : NULL);
  g_clear_pointer (&engagement->waiting_for, g_free);
  g_clear_pointer (&engagement->dropped, g_free);
}

GPtrArray *
adm_campaign_get_engagements (AdmCampaign *campaign,
                              guint        cycle)
{
  GPtrArray *queue;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  queue = adm_engagement_queue_new (adm_campaign_get_state (campaign), cycle);
  for (guint i = 0; i < queue->len; i++)
    adm_queued_engagement_add_progress (campaign, g_ptr_array_index (queue, i));
  return queue;
}

GPtrArray *
adm_campaign_get_unfought (AdmCampaign *campaign)
{
  GPtrArray *queue;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  queue = adm_campaign_get_engagements (campaign, 0);
  for (guint i = queue->len; i > 0; i--)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (queue, i - 1);

      if (engagement->status != ADM_ENGAGEMENT_NOT_FOUGHT &&
          engagement->status != ADM_ENGAGEMENT_WAITING &&
          engagement->status != ADM_ENGAGEMENT_IN_PROGRESS)
        g_ptr_array_remove_index (queue, i - 1);
    }
  return queue;
}

char *
adm_engagements_list_ids (GPtrArray *engagements)
{
  GString *ids = g_string_new (NULL);

  g_return_val_if_fail (engagements != NULL, NULL);

  for (guint i = 0; i < engagements->len; i++)
    g_string_append_printf (ids, "%s%s", i > 0 ? ", " : "",
                            ((AdmQueuedEngagement *) g_ptr_array_index (engagements, i))->id);
  return g_string_free (ids, FALSE);
}

AdmQueuedEngagement *
adm_campaign_find_engagement (AdmCampaign *campaign,
                              const char  *id,
                              GError     **error)
{
  AdmQueuedEngagement *engagement;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  engagement = adm_engagement_queue_find (adm_campaign_get_state (campaign), id, error);
  if (engagement != NULL)
    adm_queued_engagement_add_progress (campaign, engagement);
  return engagement;
}

/* The state just before @cycle was resolved: what each side knew when the fleets met. */
static AdmState *
state_before_cycle (AdmCampaign  *campaign,
                    guint         cycle,
                    GError      **error)
{
  g_autoptr(AdmState) state = adm_state_new (adm_campaign_get_scenario (campaign));
  GPtrArray *events = adm_campaign_get_events (campaign);

  for (guint i = 0; i < events->len; i++)
    {
      const AdmEvent *event = g_ptr_array_index (events, i);

      if (g_str_equal (adm_event_get_kind (event), "cycle") &&
          adm_strategy_get_cycle (adm_state_get_strategy (state)) == cycle)
        break;
      if (!adm_state_apply (state, event, error))
        return NULL;
    }
  return g_steal_pointer (&state);
}

/* F-ECM-2, F-ECM-5: <detection level="none"> for each hidden formation a side did not know. */
static char *
add_detection (AdmCampaign               *campaign,
               const AdmQueuedEngagement *engagement,
               const char                *setup,
               GError                   **error)
{
  g_autoptr(AdmState) before = state_before_cycle (campaign, engagement->engagement.cycle, error);
  g_autoptr(xmlDoc) doc = NULL;
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  AdmStrategy *strategy;
  xmlNode *root;
  xmlChar *text = NULL;
  int length = 0;
  char *out;
  gboolean any = FALSE;

  if (before == NULL)
    return NULL;
  strategy = adm_state_get_strategy (before);
  doc = adm_xml_read_memory (setup, strlen (setup), "engagement set-up", NULL, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  for (xmlNode *side = root->children; side != NULL; side = side->next)
    {
      g_autofree char *side_id = NULL;
      const AdmFaction *viewer;

      if (!adm_xml_is (side, "side"))
        continue;
      side_id = adm_xml_get_string (side, "id");
      viewer = lookup_faction (scenario, side_id);
      for (xmlNode *other = root->children; other != NULL; other = other->next)
        {
          if (!adm_xml_is (other, "side") || other == side)
            continue;
          for (xmlNode *node = other->children; node != NULL; node = node->next)
            {
              g_autofree char *id = NULL;
              const AdmFormation *formation;
              xmlNode *detection;

              if (!adm_xml_is (node, "formation"))
                continue;
              id = adm_xml_get_string (node, "id");
              formation = adm_strategy_lookup_formation (strategy, id);
              /* A formation made after the cycle began was no secret before it either way:
               * the formations it came from decide, and they are gone; treat it as known
               * only when not hidden. */
              if (formation == NULL)
                formation = adm_strategy_lookup_formation (adm_state_get_strategy (
                                                             adm_campaign_get_state (campaign)),
                                                           id);
              if (formation == NULL || viewer == NULL ||
                  adm_strategy_formation_visible (strategy, formation, viewer))
                continue;
              detection = xmlNewNode (NULL, (const xmlChar *) "detection");
              xmlSetProp (detection, (const xmlChar *) "side", (const xmlChar *) side_id);
              xmlSetProp (detection, (const xmlChar *) "formation", (const xmlChar *) id);
              xmlSetProp (detection, (const xmlChar *) "level", (const xmlChar *) "none");
              xmlAddChild (root, detection);
              any = TRUE;
            }
        }
    }
  if (!any)
    return g_strdup (setup);
  xmlDocDumpFormatMemoryEnc (doc, &text, &length, "UTF-8", 1);
  out = g_strndup ((const char *) text, length);
  xmlFree (text);
  return out;
}

char *
adm_campaign_engagement_setup (AdmCampaign               *campaign,
                               const AdmQueuedEngagement *engagement,
                               GHashTable                *overrides,
                               GError                   **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);

  return _adm_campaign_engagement_setup_seeded (campaign, engagement, overrides, NULL, error);
}

char *
_adm_campaign_engagement_setup_seeded (AdmCampaign               *campaign,
                                       const AdmQueuedEngagement *engagement,
                                       GHashTable                *overrides,
                                       const guint32             *layout_seed,
                                       GError                   **error)
{
  g_autofree char *setup = NULL;
  g_autofree char *place = NULL;

  place = adm_engagement_place_name (&engagement->engagement);
  switch (engagement->status)
    {
    case ADM_ENGAGEMENT_WAITING:
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
                   /* Translators: "The engagement c1-3 at Hegen Hub cannot be fought before
                    * c1-1, which one of its formations fights earlier (F-STRAT-4)" */
                   _("The engagement %s at %s cannot be fought before %s, which one of its "
                     "formations fights earlier (F-STRAT-4)"), engagement->id, place,
                   engagement->waiting_for);
      return NULL;
    case ADM_ENGAGEMENT_DROPPED:
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
                   /* Translators: "The engagement c1-3 at Hegen Hub is not fought: nothing is
                    * left of Pol Escort Group" */
                   _("The engagement %s at %s is not fought: %s"), engagement->id, place,
                   engagement->dropped);
      return NULL;
    case ADM_ENGAGEMENT_FINISHED:
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
                   /* Translators: "The engagement c1-1 at Pol orbit is over; undo its ending
                    * to fight on" */
                   _("The engagement %s at %s is over; undo its ending to fight on"),
                   engagement->id, place);
      return NULL;
    case ADM_ENGAGEMENT_NOT_FOUGHT:
    case ADM_ENGAGEMENT_IN_PROGRESS:
    default:
      break;
    }
  if (layout_seed != NULL)
    setup = _adm_engagement_battle_setup_seeded (adm_campaign_get_state (campaign),
                                                 &engagement->engagement, overrides,
                                                 *layout_seed, error);
  else
    setup = adm_engagement_battle_setup (adm_campaign_get_state (campaign),
                                         &engagement->engagement, overrides, error);
  if (setup == NULL)
    return NULL;
  return add_detection (campaign, engagement, setup, error);
}

gboolean
adm_campaign_choose_placements (AdmCampaign  *campaign,
                                const char   *engagement_id,
                                GHashTable   *overrides,
                                gint64        time,
                                GError      **error)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmJournalAction) action = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);

  if (overrides == NULL || g_hash_table_size (overrides) == 0)
    return TRUE;
  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement == NULL)
    return FALSE;
  action = adm_journal_action_new ("placements", time);
  adm_event_set (adm_journal_action_get_head (action), "engagement", engagement->id);
  /* In the engagement's order, so that the journal does not depend on a hash table's. */
  for (guint i = 0; i < engagement->formation_ids->len; i++)
    {
      const char *formation = g_ptr_array_index (engagement->formation_ids, i);
      const char *placement = g_hash_table_lookup (overrides, formation);
      AdmEvent *event;

      if (placement == NULL)
        continue;
      event = adm_event_new ("placement", time);
      adm_event_set (event, "engagement", engagement->id);
      adm_event_set (event, "formation", formation);
      adm_event_set (event, "placement", placement);
      adm_journal_action_add_event (action, event);
      adm_event_unref (event);
    }
  if (adm_journal_action_get_events (action)->len != g_hash_table_size (overrides))
    {
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_UNKNOWN_FORMATION,
                   _("A placement was chosen for a formation that is not in engagement %s"),
                   engagement->id);
      return FALSE;
    }
  return adm_campaign_record (campaign, action, error);
}

gboolean
adm_campaign_reroll_layout (AdmCampaign  *campaign,
                            const char   *engagement_id,
                            guint32       seed,
                            gint64        time,
                            GError      **error)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(AdmEvent) event = NULL;
  char text[16];
  int turn = 0;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (engagement_id != NULL, FALSE);

  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement == NULL)
    return FALSE;
  /* F-TAC-1: the table is the master's to make before the battle; once a turn is played on
   * it, it stays. */
  if (adm_campaign_has_battle (campaign, engagement->id, &turn, NULL))
    {
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_BATTLE_BEGUN,
                   /* Translators: "The battle of engagement c1-3 has begun (turn 2): its
                    * table stays as it was set up; a table is re-rolled before the first
                    * turn" */
                   _("The battle of engagement %s has begun (turn %d): its table stays as it "
                     "was set up; a table is re-rolled before the first turn"),
                   engagement->id, MAX (turn, 1));
      return FALSE;
    }
  g_snprintf (text, sizeof text, "%" G_GUINT32_FORMAT, seed);
  action = adm_journal_action_new ("layout", time);
  adm_event_set (adm_journal_action_get_head (action), "engagement", engagement->id);
  event = adm_event_new ("layout", time);
  adm_event_set (event, "engagement", engagement->id);
  adm_event_set (event, "seed", text);
  adm_journal_action_add_event (action, event);
  return adm_campaign_record (campaign, action, error);
}
