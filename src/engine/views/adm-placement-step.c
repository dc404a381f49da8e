/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-placement-step.c: an engagement's placements step as plain values (adm-placement-step.h). */

#include "config.h"

#include "adm-placement-step.h"
#include "adm-report.h"
#include "adm-scenario.h"

static void
offer_free (AdmPlacementOffer *offer)
{
  g_free (offer->id);
  g_free (offer->name);
  g_free (offer);
}

static void
choice_free (AdmPlacementChoice *choice)
{
  g_free (choice->formation);
  g_free (choice->name);
  g_free (choice->side);
  g_free (choice->placement);
  g_free (choice->reason);
  g_free (choice);
}

static void
words_free (AdmPlacementWords *words)
{
  g_free (words->formation);
  g_free (words->admiral);
  g_free (words->text);
  g_free (words);
}

AdmPlacementStep *
adm_placement_step_new (void)
{
  AdmPlacementStep *step = g_new0 (AdmPlacementStep, 1);

  step->offered = g_ptr_array_new_with_free_func ((GDestroyNotify) offer_free);
  step->choices = g_ptr_array_new_with_free_func ((GDestroyNotify) choice_free);
  step->words = g_ptr_array_new_with_free_func ((GDestroyNotify) words_free);
  return step;
}

void
adm_placement_step_free (AdmPlacementStep *step)
{
  if (step == NULL)
    return;
  g_free (step->place);
  g_ptr_array_unref (step->offered);
  g_ptr_array_unref (step->choices);
  g_ptr_array_unref (step->words);
  g_free (step);
}

const AdmPlacementOffer *
adm_placement_step_find_offer (const AdmPlacementStep *step,
                               const char             *id)
{
  g_return_val_if_fail (step != NULL, NULL);

  for (guint i = 0; i < step->offered->len; i++)
    {
      const AdmPlacementOffer *offer = g_ptr_array_index (step->offered, i);

      if (g_strcmp0 (offer->id, id) == 0)
        return offer;
    }
  return NULL;
}

/* F-STRAT-15: what each engaged formation's admiral wrote for it on his sheet for the cycle,
 * in his own words, as the orders in force carry them. */
static void
add_words (AdmPlacementStep    *step,
           AdmState            *state,
           const AdmEngagement *engagement)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);

  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);
      g_autoptr(GPtrArray) orders = NULL;

      if (formation->admiral == NULL)
        continue;
      orders = adm_strategy_get_orders (strategy, engagement->cycle, formation->admiral->id);
      for (guint i = 0; i < orders->len; i++)
        {
          const AdmStratOrder *order = g_ptr_array_index (orders, i);
          AdmPlacementWords *words;

          if (order->formation != formation || order->text == NULL || order->text[0] == '\0' ||
              !adm_strategy_order_in_force (strategy, order))
            continue;
          words = g_new0 (AdmPlacementWords, 1);
          words->formation = g_strdup (formation->name);
          words->admiral = g_strdup (formation->admiral->name);
          words->text = g_strdup (order->text);
          g_ptr_array_add (step->words, words);
        }
    }
}

AdmPlacementStep *
adm_placement_step_of (AdmState            *state,
                       const AdmEngagement *engagement,
                       AdmAudience          audience)
{
  g_autoptr(AdmPlacementStep) step = NULL;
  g_autoptr(GPtrArray) placed = NULL;
  GPtrArray *placements;

  g_return_val_if_fail (ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);

  /* Placements are the masters' business: a side learns where the enemy stands at the table. */
  if (!adm_audience_is_master (audience))
    return NULL;
  step = adm_placement_step_new ();
  step->place = adm_engagement_place_name (engagement);
  step->cycle = engagement->cycle;
  step->minute = engagement->minute;
  placements = adm_ruleset_get_placements (adm_scenario_get_ruleset (adm_state_get_scenario (state)));
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmPlacement *placement = g_ptr_array_index (placements, i);
      AdmPlacementOffer *offer = g_new0 (AdmPlacementOffer, 1);

      offer->id = g_strdup (placement->id);
      offer->name = g_strdup (placement->name);
      g_ptr_array_add (step->offered, offer);
    }
  placed = adm_engagement_placements (state, engagement);
  for (guint i = 0; i < placed->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placed, i);
      AdmPlacementChoice *choice = g_new0 (AdmPlacementChoice, 1);

      choice->formation = g_strdup (entry->formation->id);
      choice->name = g_strdup (entry->formation->name);
      choice->side = adm_report_placement_side (entry);
      choice->placement = g_strdup (entry->placement != NULL ? entry->placement->id : NULL);
      choice->reason = g_strdup (entry->reason != NULL ? entry->reason : "");
      g_ptr_array_add (step->choices, choice);
    }
  add_words (step, state, engagement);
  return g_steal_pointer (&step);
}
