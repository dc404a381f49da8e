/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-luck.c: the luck ledger (adm-luck.h). */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-campaign-battles.h"
#include "adm-engagement-queue.h"
#include "adm-luck.h"
#include "adm-luck-admirals.h"
#include "adm-odds.h"
#include "adm-report.h"

struct _AdmLuckLedger {
  AdmBattle *battle;  /* or NULL, and */
  AdmTi4Combat *combat; /* the TI4 combat weighed, or NULL */
  char      *title;
  char      *engagement;
  AdmAudience audience;
  GArray    *rolls;   /* AdmLuckRoll */
  GPtrArray *sides;   /* AdmLuckSide*, owned */
  GPtrArray *admirals; /* AdmLuckSide*, owned: by admiral (adm-luck-admirals.h) */
};

/* Slightly above 1 − 2⁻⁵⁰: a probability the sums make of a certainty. */
#define CERTAIN (1.0 - 1e-12)

const char *
adm_luck_measure_to_string (AdmLuckMeasure measure)
{
  static const char *const names[ADM_LUCK_N_MEASURES] = {
    "hits", "damage", "criticals", "struck", "checks", "taken",
  };

  g_return_val_if_fail (measure < ADM_LUCK_N_MEASURES, NULL);
  return names[measure];
}

const char *
adm_luck_measure_label (AdmLuckMeasure measure)
{
  g_return_val_if_fail (measure < ADM_LUCK_N_MEASURES, NULL);

  switch (measure)
    {
    /* Translators: luck ledger columns: expected → actual of each */
    case ADM_LUCK_HITS:      return _("Hits");
    case ADM_LUCK_DAMAGE:    return _("Damage");
    case ADM_LUCK_CRITICALS: return _("Criticals taken");
    case ADM_LUCK_STRUCK:    return _("Torpedo and mine hits taken");
    case ADM_LUCK_CHECKS:    return _("Other checks passed");
    case ADM_LUCK_TAKEN:     return _("Torpedo and mine damage taken");
    default:                 return NULL;
    }
}

/* The side whose luck @roll is: that of the first ship, formation or side it is about, which
 * every rule that rolls names first for that reason — the firer of an attack (F-ART-11,
 * F-DES-1, F-FORD-2), the ramming ship of a ram's dice (F-RAM-7, F-RAM-11), the ship a critical
 * check (F-CRIT-1) or damage control (F-DC-2) is for, the ship a torpedo's or a mine's dice
 * strike (F-TORP-7, F-MINE-7: fewer is luckier), the formation or side of a readiness or
 * detection check; in a boarding round each side rolls its own die (F-BOARD-13), each roll
 * naming its own ship first. An explosion's strike (F-CAT-12) names the exploding ship first,
 * the struck second: @from, the first subject looked at, is 1 when it is the struck side's
 * luck (explosion_luck ()). FALSE when it is about none. */
static gboolean
roll_side (AdmBattle           *battle,
           const AdmBattleRoll *roll,
           guint                from,
           guint               *side)
{
  for (guint i = from; i < roll->n_subjects; i++)
    {
      guint index = ADM_SUBJECT_INDEX (roll->subjects[i]);

      switch (ADM_SUBJECT_KIND (roll->subjects[i]))
        {
        case ADM_SUBJECT_SHIP:
        case ADM_SUBJECT_CLASS:
          if (index < adm_battle_get_n_ships (battle))
            return *side = adm_battle_get_ship (battle, index)->side, TRUE;
          break;
        case ADM_SUBJECT_FORMATION:
          if (index < adm_battle_get_n_formations (battle))
            return *side = adm_battle_get_formation (battle, index)->side, TRUE;
          break;
        case ADM_SUBJECT_SIDE:
          if (index < adm_battle_get_n_sides (battle))
            return *side = index, TRUE;
          break;
        default:
          break;
        }
    }
  return FALSE;
}

/* Whose luck @roll is and as what: *@from the first of its subjects that names the side
 * (roll_side ()), *@measure what it counts in. An explosion's strike (F-CAT-12, F-CAT-13) is
 * as the ruling "explosion-luck" says: the struck vessel's side's, its dice against it as a
 * torpedo's (ADM_LUCK_STRUCK, fewer is luckier); the exploding ship's side's, as an attack of
 * its own (ADM_LUCK_HITS); or no one's (FALSE: left out). */
static gboolean
explosion_luck (AdmBattle           *battle,
                const AdmBattleRoll *roll,
                guint               *from,
                AdmLuckMeasure      *measure)
{
  const char *whose;

  *from = 0;
  *measure = roll->kind == ADM_ROLL_KIND_HIT ? ADM_LUCK_HITS
             : roll->kind == ADM_ROLL_KIND_CRITICAL ? ADM_LUCK_CRITICALS
             : roll->kind == ADM_ROLL_KIND_STRUCK ? ADM_LUCK_STRUCK
             : ADM_LUCK_CHECKS;
  if (roll->kind != ADM_ROLL_KIND_EXPLOSION)
    return TRUE;
  whose = adm_ruleset_get_ruling_value (adm_battle_get_ruleset (battle), "explosion-luck");
  if (g_strcmp0 (whose, "struck-side") == 0)
    {
      *from = 1;
      *measure = ADM_LUCK_STRUCK;
      return TRUE;
    }
  *measure = ADM_LUCK_HITS;
  return g_strcmp0 (whose, "exploding-side") == 0;
}

static AdmLuckSide *
side_tallies (AdmLuckLedger *self,
              guint          side)
{
  AdmLuckSide *entry;

  for (guint i = 0; i < self->sides->len; i++)
    if (((AdmLuckSide *) g_ptr_array_index (self->sides, i))->side == side)
      return g_ptr_array_index (self->sides, i);
  entry = g_new0 (AdmLuckSide, 1);
  entry->side = side;
  entry->name = adm_luck_ledger_get_side_name (self, side);
  /* The one audience filter says whose admiral the audience may be told. */
  entry->admiral = self->battle != NULL
    ? adm_audience_side_admiral (self->audience, self->battle, side) : NULL;
  /* In side order, whatever order their rolls came in. */
  for (guint i = 0; i <= self->sides->len; i++)
    if (i == self->sides->len ||
        ((AdmLuckSide *) g_ptr_array_index (self->sides, i))->side > side)
      {
        g_ptr_array_insert (self->sides, (int) i, entry);
        break;
      }
  return entry;
}

static void
tally_add (AdmLuckTally *tally,
           double        expected,
           gint64        actual)
{
  tally->rolls++;
  tally->expected += expected;
  tally->actual += actual;
}

/* Fills @entry's odds from an opposed @roll (F-BOARD-13): before either side's dice, the
 * round's exact odds with both sides' modifiers as kept on the roll (adm_boarding_odds_compute
 * (), the roll's side as the one that wins on a higher total; the potentials bear only on a
 * capture, which the ledger does not weigh, so 1 each). Its outcome is the round's, won, tied
 * or lost: its total against the other side's, which its target (what it needed to win)
 * gives. FALSE for a roll the odds cannot weigh: not d6, or dice or modifiers beyond what
 * the odds allow. */
static gboolean
opposed_odds (const AdmBattleRoll *roll,
              AdmLuckRoll         *entry)
{
  g_autoptr(AdmBoardingOdds) odds = NULL;
  int sum = 0, margin;

  if (roll->sides != 6 || roll->n_values < 1 || roll->n_values > ADM_BOARDING_MAX_DICE)
    return FALSE;
  odds = adm_boarding_odds_compute (1, 1, roll->modifier, roll->opposing_modifier,
                                    (int) roll->n_values, FALSE, NULL);
  if (odds == NULL)
    return FALSE;
  for (guint i = 0; i < roll->n_values; i++)
    sum += (int) roll->values[i];
  /* Its total less the other side's: target is the other's total less its modifier, + 1. */
  margin = sum - roll->target + 1;
  entry->expected = odds->p_attacker_wins;
  entry->passed = margin > 0;
  entry->p_as_good = margin > 0 ? odds->p_attacker_wins
                     : margin == 0 ? odds->p_attacker_wins + odds->p_tie : 1.0;
  entry->p_as_bad = margin < 0 ? odds->p_defender_wins
                    : margin == 0 ? odds->p_defender_wins + odds->p_tie : 1.0;
  return TRUE;
}

/* Fills @entry's odds from @roll's check: the distribution of the dice that pass before they
 * were rolled (adm_odds_roll_passes ()), or an opposed roll's (opposed_odds ()). FALSE for a
 * roll nothing judged. */
static gboolean
roll_odds (const AdmBattleRoll *roll,
           AdmLuckRoll         *entry)
{
  guint n = adm_odds_roll_max_passes (roll->check, roll->n_values);
  g_autofree double *passes = g_new0 (double, n + 1);
  double at_least = 0.0, at_most = 0.0;
  gboolean harms = entry->measure == ADM_LUCK_CRITICALS || entry->measure == ADM_LUCK_STRUCK;

  if (roll->opposed && roll->check == ADM_ROLL_CHECK_SUM_AT_LEAST)
    return opposed_odds (roll, entry);
  if (!adm_odds_roll_passes (roll->check, roll->target, roll->n_values, roll->sides, passes))
    return FALSE;
  entry->expected = 0.0;
  for (guint k = 0; k <= n; k++)
    {
      entry->expected += k * passes[k];
      if (k >= roll->passed)
        at_least += passes[k];
      if (k <= roll->passed)
        at_most += passes[k];
    }
  entry->passed = roll->passed;
  /* F-CRIT-1, F-TORP-7, F-MINE-7: a critical check or a die against the armour that passes
   * harms the ship's own side. */
  entry->p_as_good = harms ? at_most : at_least;
  entry->p_as_bad = harms ? at_least : at_most;
  return TRUE;
}

AdmLuckLedger *
adm_luck_ledger_new (AdmBattle   *battle,
                     AdmAudience  audience,
                     const char  *title)
{
  g_autoptr(GPtrArray) seen = NULL;
  AdmLuckLedger *self;

  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);

  self = g_new0 (AdmLuckLedger, 1);
  self->battle = g_object_ref (battle);
  self->title = g_strdup (title != NULL ? title : adm_battle_get_name (battle));
  self->audience = audience;
  self->rolls = g_array_new (FALSE, TRUE, sizeof (AdmLuckRoll));
  self->sides = g_ptr_array_new_with_free_func (g_free);
  self->admirals = g_ptr_array_new_with_free_func (g_free);
  /* The one audience filter decides which rolls, and which copy of each, the ledger counts. */
  seen = adm_audience_filter_rolls (audience, battle);
  for (guint i = 0; i < seen->len; i++)
    {
      const AdmBattleRoll *roll = g_ptr_array_index (seen, i);
      AdmLuckRoll entry = { .roll = roll, .measure = ADM_LUCK_CHECKS,
                            .p_as_good = 1.0, .p_as_bad = 1.0 };
      AdmLuckSide *tallies;

      if (roll->check == ADM_ROLL_CHECK_NONE ||
          !explosion_luck (battle, roll, &entry.subject, &entry.measure) ||
          !roll_side (battle, roll, entry.subject, &entry.side) ||
          !adm_audience_sees_side (audience, battle, entry.side))
        continue;
      if (!roll_odds (roll, &entry))
        continue;
      tallies = side_tallies (self, entry.side);
      tally_add (&tallies->tally[entry.measure], entry.expected, entry.passed);
      /* The expected damage counts the target's shields and save: told only to an audience
       * shown them. */
      if (roll->has_damage && roll->damage_target < adm_battle_get_n_ships (battle) &&
          adm_audience_ship_shows (audience, battle, roll->damage_target,
                                   ADM_SHIP_FACT_SHIELDS))
        {
          entry.damage_counted = TRUE;
          /* F-TORP-7, F-MINE-7: a torpedo's or a mine's damage is the struck side's luck. */
          tally_add (&tallies->tally[entry.measure == ADM_LUCK_STRUCK ? ADM_LUCK_TAKEN
                                                                      : ADM_LUCK_DAMAGE],
                     roll->expected_damage, roll->damage);
        }
      g_array_append_val (self->rolls, entry);
    }
  return self;
}

/* @entry's odds from its group of d10s, each hitting on its hit-on value or more (LRR 39.5):
 * the engine's distribution of hits (adm_ti4_hits_distribution ()). */
static void
ti4_roll_odds (const AdmTi4Roll *roll,
               AdmLuckRoll      *entry)
{
  AdmTi4Dice dice = { { 0 } };
  g_autofree double *hits = NULL;
  guint n;

  dice.dice[CLAMP (roll->hit_on, 1, 10)] = roll->values->len;
  n = adm_ti4_dice_total (&dice);
  hits = g_new0 (double, n + 1);
  adm_ti4_hits_distribution (&dice, hits);
  entry->expected = 0.0;
  entry->p_as_good = entry->p_as_bad = 0.0;
  for (guint k = 0; k <= n; k++)
    {
      entry->expected += k * hits[k];
      if (k >= roll->hits)
        entry->p_as_good += hits[k];
      if (k <= roll->hits)
        entry->p_as_bad += hits[k];
    }
  entry->passed = roll->hits;
}

AdmLuckLedger *
adm_luck_ledger_new_ti4 (AdmTi4Combat *combat,
                         AdmAudience   audience,
                         const char   *title)
{
  g_autoptr(GPtrArray) seen = NULL;
  AdmLuckLedger *self;

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (combat), NULL);

  self = g_new0 (AdmLuckLedger, 1);
  self->combat = g_object_ref (combat);
  self->title = title != NULL
    ? g_strdup (title)
    : g_strdup_printf (adm_ti4_combat_get_setup (combat)->arena == ADM_TI4_SPACE
                         ? _("Space combat: %s against %s")
                         : _("Ground combat: %s against %s"),
                       adm_ti4_combat_get_side_name (combat, ADM_TI4_ATTACKER),
                       adm_ti4_combat_get_side_name (combat, ADM_TI4_DEFENDER));
  self->audience = audience;
  self->rolls = g_array_new (FALSE, TRUE, sizeof (AdmLuckRoll));
  self->sides = g_ptr_array_new_with_free_func (g_free);
  self->admirals = g_ptr_array_new_with_free_func (g_free);
  /* The one audience filter decides which rolls the ledger counts. */
  seen = adm_audience_filter_ti4_rolls (audience, combat);
  for (guint i = 0; i < seen->len; i++)
    {
      const AdmTi4Roll *roll = g_ptr_array_index (seen, i);
      AdmLuckRoll entry = { .ti4_roll = roll, .side = roll->side, .measure = ADM_LUCK_HITS };
      AdmLuckSide *tallies;

      ti4_roll_odds (roll, &entry);
      tallies = side_tallies (self, entry.side);
      tally_add (&tallies->tally[ADM_LUCK_HITS], entry.expected, entry.passed);
      g_array_append_val (self->rolls, entry);
    }
  return self;
}

void
adm_luck_ledger_free (AdmLuckLedger *self)
{
  if (self == NULL)
    return;
  g_clear_object (&self->battle);
  g_clear_object (&self->combat);
  g_free (self->title);
  g_free (self->engagement);
  g_array_unref (self->rolls);
  g_ptr_array_unref (self->sides);
  g_ptr_array_unref (self->admirals);
  g_free (self);
}

AdmBattle *
adm_luck_ledger_get_battle (AdmLuckLedger *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->battle;
}

AdmTi4Combat *
adm_luck_ledger_get_combat (AdmLuckLedger *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->combat;
}

AdmAudience
adm_luck_ledger_get_audience (AdmLuckLedger *self)
{
  g_return_val_if_fail (self != NULL, adm_audience_public ());
  return self->audience;
}

const char *
adm_luck_ledger_get_side_id (AdmLuckLedger *self,
                             guint          side)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->combat != NULL)
    return adm_ti4_side_to_string ((AdmTi4Side) side);
  return adm_battle_get_side (self->battle, side)->id;
}

const char *
adm_luck_ledger_get_side_name (AdmLuckLedger *self,
                               guint          side)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->combat != NULL)
    return adm_ti4_combat_get_side_name (self->combat, (AdmTi4Side) side);
  return adm_battle_get_side (self->battle, side)->name;
}

/* A TI4 roll in a line: "round 1 — Attacker: 2 Dreadnought, combat roll, hit on 5+: 3 7,
 * 1 hit". */
static char *
ti4_roll_text (const AdmTi4Roll *roll)
{
  g_autofree char *values = adm_roll_check_values_text ((const guint *) (void *) roll->values->data,
                                                        roll->values->len, " ");

  /* Translators: a TI4 roll in the luck ledger: round, purpose, dice, hits */
  return g_strdup_printf (ngettext ("round %u — %s: %s, %u hit",
                                    "round %u — %s: %s, %u hits", roll->hits),
                          roll->round, roll->purpose, values, roll->hits);
}

const char *
adm_luck_ledger_get_title (AdmLuckLedger *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->title;
}

const char *
adm_luck_ledger_get_engagement (AdmLuckLedger *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->engagement;
}

GArray *
adm_luck_ledger_get_rolls (AdmLuckLedger *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->rolls;
}

GPtrArray *
adm_luck_ledger_get_sides (AdmLuckLedger *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->sides;
}

const AdmLuckRoll *
adm_luck_ledgers_extreme (GPtrArray      *ledgers,
                          gboolean        lucky,
                          AdmLuckLedger **ledger_out)
{
  const AdmLuckRoll *best = NULL;
  AdmLuckLedger *best_ledger = NULL;

  g_return_val_if_fail (ledgers != NULL, NULL);

  for (guint l = 0; l < ledgers->len; l++)
    {
      AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);

      for (guint i = 0; i < ledger->rolls->len; i++)
        {
          const AdmLuckRoll *entry = &g_array_index (ledger->rolls, AdmLuckRoll, i);
          double p = lucky ? entry->p_as_good : entry->p_as_bad;

          /* A roll that could have gone no other way tells nothing of luck. */
          if (entry->p_as_good >= CERTAIN && entry->p_as_bad >= CERTAIN)
            continue;
          if (best == NULL || p < (lucky ? best->p_as_good : best->p_as_bad))
            best = entry, best_ledger = ledger;
        }
    }
  if (ledger_out != NULL)
    *ledger_out = best_ledger;
  return best;
}

/* The tallies of @ledgers' sides (@admirals FALSE) or admirals summed by name and admiral,
 * in the order first met. */
static GPtrArray *
sum_tallies (GPtrArray *ledgers,
             gboolean   admirals)
{
  GPtrArray *totals = g_ptr_array_new_with_free_func (g_free);

  for (guint l = 0; l < ledgers->len; l++)
    {
      AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);
      GPtrArray *rows = admirals ? ledger->admirals : ledger->sides;

      for (guint s = 0; s < rows->len; s++)
        {
          const AdmLuckSide *side = g_ptr_array_index (rows, s);
          AdmLuckSide *total = NULL;

          for (guint t = 0; t < totals->len && total == NULL; t++)
            {
              AdmLuckSide *candidate = g_ptr_array_index (totals, t);

              if (g_strcmp0 (candidate->name, side->name) == 0 &&
                  g_strcmp0 (candidate->admiral, side->admiral) == 0)
                total = candidate;
            }
          if (total == NULL)
            {
              total = g_new0 (AdmLuckSide, 1);
              total->side = side->side;
              total->name = side->name;
              total->admiral = side->admiral;
              g_ptr_array_add (totals, total);
            }
          for (guint m = 0; m < ADM_LUCK_N_MEASURES; m++)
            {
              total->tally[m].rolls += side->tally[m].rolls;
              total->tally[m].expected += side->tally[m].expected;
              total->tally[m].actual += side->tally[m].actual;
            }
        }
    }
  return totals;
}

GPtrArray *
adm_luck_ledgers_totals (GPtrArray *ledgers)
{
  g_return_val_if_fail (ledgers != NULL, g_ptr_array_new_with_free_func (g_free));

  return sum_tallies (ledgers, FALSE);
}

GPtrArray *
adm_luck_ledger_get_admirals (AdmLuckLedger *ledger)
{
  g_return_val_if_fail (ledger != NULL, NULL);
  return ledger->admirals;
}

GPtrArray *
adm_luck_ledgers_admiral_totals (GPtrArray *ledgers)
{
  g_return_val_if_fail (ledgers != NULL, g_ptr_array_new_with_free_func (g_free));

  return sum_tallies (ledgers, TRUE);
}

/* The campaign formation of the first ship or formation @roll is about from its subject
 * @from on (that of the side whose luck it is, roll_side ()), or NULL: a station
 * unit, a prize formed in the battle, a roll about a whole side. */
static const AdmFormation *
roll_formation (AdmStrategy         *strategy,
                AdmBattle           *battle,
                const AdmBattleRoll *roll,
                guint                from)
{
  for (guint i = from; i < roll->n_subjects; i++)
    {
      guint index = ADM_SUBJECT_INDEX (roll->subjects[i]);
      int formation = -1;

      switch (ADM_SUBJECT_KIND (roll->subjects[i]))
        {
        case ADM_SUBJECT_SHIP:
        case ADM_SUBJECT_CLASS:
          if (index < adm_battle_get_n_ships (battle))
            formation = (int) adm_battle_get_ship (battle, index)->formation;
          break;
        case ADM_SUBJECT_FORMATION:
          if (index < adm_battle_get_n_formations (battle))
            formation = (int) index;
          break;
        case ADM_SUBJECT_SIDE:
          return NULL;
        default:
          break;
        }
      if (formation >= 0)
        return adm_strategy_lookup_formation (
          strategy, adm_battle_get_formation (battle, (guint) formation)->id);
    }
  return NULL;
}

/* @ledger's rolls tallied by the admiral of the campaign formation each is about (F-GEN-5):
 * every admiral's for the master, a side's own for that side, none for the public. */
static void
tally_admirals (AdmLuckLedger *ledger,
                AdmStrategy   *strategy)
{
  if (ledger->audience.kind == ADM_AUDIENCE_PUBLIC)
    return;
  for (guint i = 0; i < ledger->rolls->len; i++)
    {
      const AdmLuckRoll *entry = &g_array_index (ledger->rolls, AdmLuckRoll, i);
      const AdmFormation *formation = roll_formation (strategy, ledger->battle, entry->roll,
                                                      entry->subject);
      AdmLuckSide *row = NULL;

      if (formation == NULL || formation->admiral == NULL ||
          (ledger->audience.kind == ADM_AUDIENCE_SIDE && entry->side != ledger->audience.side))
        continue;
      for (guint a = 0; a < ledger->admirals->len && row == NULL; a++)
        {
          AdmLuckSide *candidate = g_ptr_array_index (ledger->admirals, a);

          if (candidate->side == entry->side &&
              g_strcmp0 (candidate->admiral, formation->admiral->name) == 0)
            row = candidate;
        }
      if (row == NULL)
        {
          row = g_new0 (AdmLuckSide, 1);
          row->side = entry->side;
          row->name = adm_battle_get_side (ledger->battle, entry->side)->name;
          row->admiral = formation->admiral->name;
          g_ptr_array_add (ledger->admirals, row);
        }
      tally_add (&row->tally[entry->measure], entry->expected, entry->passed);
      if (entry->damage_counted)
        tally_add (&row->tally[entry->measure == ADM_LUCK_STRUCK ? ADM_LUCK_TAKEN
                                                                 : ADM_LUCK_DAMAGE],
                   entry->roll->expected_damage, entry->roll->damage);
    }
}

/* F-STRAT-4: the side of @battle of @engagement that the faction @as (its id or name) fought
 * on: that of the first formation of the engagement of the faction or an ally still on the
 * table. A battle's sides are alliances named after the first faction met
 * (adm_engagement_placements ()), so an allied faction's id is not its side's. FALSE when @as
 * names no faction of the scenario, or none of its side's formations fought there. */
static gboolean
faction_side (AdmCampaign               *campaign,
              AdmBattle                 *battle,
              const AdmQueuedEngagement *engagement,
              const char                *as,
              guint                     *side)
{
  AdmScenario *scenario = adm_campaign_get_scenario (campaign);
  GPtrArray *factions = adm_scenario_get_factions (scenario);
  GPtrArray *formations = engagement->engagement.formations;
  const AdmFaction *faction = NULL;

  for (guint i = 0; i < factions->len && faction == NULL; i++)
    {
      const AdmFaction *candidate = g_ptr_array_index (factions, i);

      if (g_str_equal (candidate->id, as) || g_str_equal (candidate->name, as))
        faction = candidate;
    }
  for (guint f = 0; faction != NULL && f < formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, f);
      int index;

      if (!adm_scenario_factions_allied (scenario, formation->faction, faction))
        continue;
      index = adm_battle_formation_index (battle, formation->id);
      if (index >= 0)
        {
          *side = adm_battle_get_formation (battle, index)->side;
          return TRUE;
        }
    }
  return FALSE;
}

/* The audience @as names in @battle of @engagement — a faction of the campaign (its side
 * there, faction_side ()), else a side of the battle by its id or name; FALSE with @error
 * when it is none of its sides. */
static gboolean
campaign_audience (AdmCampaign               *campaign,
                   AdmBattle                 *battle,
                   const AdmQueuedEngagement *engagement,
                   const char                *as,
                   AdmAudience               *audience,
                   GError                   **error)
{
  guint side;

  if (as == NULL)
    {
      *audience = adm_audience_master ();
      return TRUE;
    }
  if (g_str_equal (as, "public"))
    {
      *audience = adm_audience_public_of_campaign (adm_state_get_strategy (
                                                     adm_campaign_get_state (campaign)),
                                                   adm_campaign_get_scenario (campaign),
                                                   &engagement->engagement);
      return TRUE;
    }
  if (faction_side (campaign, battle, engagement, as, &side))
    {
      *audience = adm_audience_side (side);
      return TRUE;
    }
  return adm_audience_parse (battle, as, audience, error);
}

/* Whether @as is "public" or a side of one of the battles of engagements @ids; else FALSE
 * with the refusal a ledger for @as gets before the revelation. */
static gboolean
names_an_audience (AdmCampaign *campaign,
                   GPtrArray   *ids,
                   const char  *as,
                   GError     **error)
{
  g_autoptr(GError) refused = NULL;

  if (g_str_equal (as, "public"))
    return TRUE;
  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(AdmQueuedEngagement) engagement = adm_campaign_find_engagement (campaign, id,
                                                                                NULL);
      AdmBattle *battle = adm_campaign_get_battle_played (campaign, id, NULL);
      AdmAudience audience;

      if (battle != NULL && engagement != NULL &&
          campaign_audience (campaign, battle, engagement, as, &audience,
                             refused == NULL ? &refused : NULL))
        return TRUE;
    }
  if (refused != NULL && ids->len == 1)
    g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE, refused->message);
  else
    g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE,
                 _("No battle of this campaign has a side “%s”"), as);
  return FALSE;
}

GPtrArray *
adm_luck_ledgers_of_campaign (AdmCampaign  *campaign,
                              const char   *engagement_id,
                              const char   *as,
                              GError      **error)
{
  g_autoptr(GPtrArray) ledgers = g_ptr_array_new_with_free_func ((GDestroyNotify)
                                                                 adm_luck_ledger_free);
  g_autoptr(GPtrArray) ids = NULL;
  g_autoptr(GError) refused = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (as != NULL && g_str_equal (as, "master"))
    as = NULL;
  if (engagement_id != NULL)
    {
      g_autoptr(AdmQueuedEngagement) engagement = NULL;
      g_autoptr(GError) local = NULL;

      engagement = adm_campaign_find_engagement (campaign, engagement_id, &local);
      if (engagement == NULL)
        {
          g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                               local->message);
          return NULL;
        }
      if (!adm_campaign_has_battle (campaign, engagement_id, NULL, NULL))
        {
          g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                       _("Engagement %s has no battle yet: it has no rolls to weigh"),
                       engagement_id);
          return NULL;
        }
      ids = g_ptr_array_new ();
      g_ptr_array_add (ids, (gpointer) engagement_id);
    }
  else
    {
      ids = g_ptr_array_ref (adm_campaign_list_battles (campaign));
      if (ids->len == 0)
        {
          g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                               _("No battle has been fought in this campaign yet: there are no "
                                 "rolls to weigh"));
          return NULL;
        }
    }
  /* F-STRAT-3, the revelation: once the master has published the whole truth, every side's
   * ledger and the public's are the master's (adm_audience_of_campaign ()). A side must still
   * be one of the campaign's battles, and is refused as before when it is none. */
  if (as != NULL && adm_audience_truth_published (adm_state_get_strategy (
                                                    adm_campaign_get_state (campaign))))
    {
      if (!names_an_audience (campaign, ids, as, error))
        return NULL;
      as = NULL;
    }

  for (guint i = 0; i < ids->len; i++)
    {
      const char *id = g_ptr_array_index (ids, i);
      g_autoptr(AdmQueuedEngagement) engagement = NULL;
      g_autoptr(GError) local = NULL;
      g_autofree char *place = NULL, *title = NULL;
      AdmAudience audience;
      AdmBattle *battle;
      AdmLuckLedger *ledger;

      engagement = adm_campaign_find_engagement (campaign, id, &local);
      battle = engagement != NULL ? adm_campaign_get_battle_played (campaign, id, &local) : NULL;
      if (battle == NULL)
        {
          g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_BATTLE,
                       _("The battle of engagement %s cannot be opened: %s"), id,
                       local != NULL ? local->message : _("the campaign keeps none"));
          return NULL;
        }
      if (!campaign_audience (campaign, battle, engagement, as, &audience, &local))
        {
          /* A side weighs the battles it fought: the others are not its. */
          if (refused == NULL)
            refused = g_steal_pointer (&local);
          continue;
        }
      if (audience.kind == ADM_AUDIENCE_PUBLIC && audience.untold)
        continue;
      /* F-STRAT-3: only the master's paper names an engagement by its id. */
      place = adm_audience_engagement_name (engagement);
      if (adm_audience_is_master (audience))
        /* Translators: a battle in the luck ledger: "Engagement c1-3 — Pol orbit, cycle 1,
         * minute 40" */
        title = g_strdup_printf (_("Engagement %s — %s"), id, place);
      ledger = adm_luck_ledger_new (battle, audience, title != NULL ? title : place);
      if (adm_audience_is_master (audience))
        ledger->engagement = g_strdup (id);
      tally_admirals (ledger, adm_state_get_strategy (adm_campaign_get_state (campaign)));
      g_ptr_array_add (ledgers, ledger);
    }
  if (ledgers->len == 0)
    {
      if (refused != NULL && (engagement_id != NULL || ids->len == 1))
        g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE,
                             refused->message);
      else if (refused != NULL)
        g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE,
                     _("No battle of this campaign has a side “%s”"), as);
      else
        g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE,
                             _("The public is not told of any battle of this campaign"));
      return NULL;
    }
  return g_steal_pointer (&ledgers);
}

/* "4.67 → 6" */
static char *
tally_text (const AdmLuckTally *tally)
{
  if (tally->rolls == 0)
    return g_strdup ("—");
  /* Translators: expected against actual in the luck ledger: "4.67 → 6" */
  return g_strdup_printf (_("%.2f → %d"), tally->expected, (int) CLAMP (tally->actual, 0, G_MAXINT));
}

/* A TI4 combat's sides: each its hits expected → actual (LRR 39.5). */
static void
add_ti4_sides_table (AdmDoc    *doc,
                     GPtrArray *sides)
{
  /* Translators: TI4 luck ledger columns */
  const char *columns[] = { _("Side"), _("Hits"), NULL };
  AdmDocBlock *table = adm_doc_add_table (doc, columns);

  for (guint s = 0; s < sides->len; s++)
    {
      const AdmLuckSide *side = g_ptr_array_index (sides, s);
      g_autofree char *hits = tally_text (&side->tally[ADM_LUCK_HITS]);
      const char *cells[] = { side->name, hits, NULL };

      adm_doc_table_add_row (table, cells);
    }
}

char *
adm_luck_side_summary (const AdmLuckSide *side)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (side != NULL, NULL);

  for (guint m = 0; m < ADM_LUCK_N_MEASURES; m++)
    {
      g_autofree char *tally = NULL;

      if (side->tally[m].rolls == 0)
        continue;
      tally = tally_text (&side->tally[m]);
      g_string_append_printf (text, "%s%s %s", text->len > 0 ? " · " : "",
                              adm_luck_measure_label (m), tally);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

guint
adm_luck_side_rolls (const AdmLuckSide *side)
{
  g_return_val_if_fail (side != NULL, 0);

  /* Damage and damage taken count again the rolls of hits and hits taken. */
  return side->tally[ADM_LUCK_HITS].rolls + side->tally[ADM_LUCK_CRITICALS].rolls +
         side->tally[ADM_LUCK_STRUCK].rolls + side->tally[ADM_LUCK_CHECKS].rolls;
}

char *
adm_luck_roll_title (AdmLuckLedger     *ledger,
                     const AdmLuckRoll *entry)
{
  g_return_val_if_fail (ledger != NULL, NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  if (entry->ti4_roll != NULL)
    /* Translators: a TI4 roll's row in the luck ledger: the round, the side that rolled, what
     * the dice were for ("Round 1 · Attacker — 2 Dreadnought, combat roll, hit on 5+") */
    return g_strdup_printf (_("Round %u · %s — %s"), entry->ti4_roll->round,
                            adm_luck_ledger_get_side_name (ledger, entry->side),
                            entry->ti4_roll->purpose);
  /* Translators: a roll's row in the luck ledger: the turn, the side whose luck it is, what
   * the roll was for */
  return g_strdup_printf (_("Turn %d · %s — %s"), entry->roll->turn,
                          adm_luck_ledger_get_side_name (ledger, entry->side),
                          entry->roll->purpose);
}

char *
adm_luck_roll_summary (AdmLuckLedger     *ledger,
                       const AdmLuckRoll *entry)
{
  g_autoptr(GString) text = NULL;
  g_autofree char *values = NULL, *outcome = NULL, *tally = NULL;
  AdmLuckTally passed;

  g_return_val_if_fail (ledger != NULL, NULL);
  g_return_val_if_fail (entry != NULL, NULL);

  text = g_string_new (NULL);
  if (entry->ti4_roll != NULL)
    values = adm_roll_check_values_text ((const guint *) (void *) entry->ti4_roll->values->data,
                                         entry->ti4_roll->values->len, " ");
  else
    {
      values = adm_roll_check_values_text (entry->roll->values, entry->roll->n_values, " ");
      outcome = adm_battle_roll_describe_outcome (entry->roll);
    }
  if (outcome != NULL)
    /* Translators: a roll's dice in the luck ledger, then its outcome as judged */
    g_string_append_printf (text, _("Dice %s: %s"), values, outcome);
  else
    /* Translators: a roll's dice in the luck ledger */
    g_string_append_printf (text, _("Dice %s"), values);
  passed = (AdmLuckTally) { 1, entry->expected, entry->passed };
  tally = tally_text (&passed);
  g_string_append_printf (text, " · %s %s", adm_luck_measure_label (entry->measure), tally);
  if (entry->damage_counted)
    {
      AdmLuckTally damage = { 1, entry->roll->expected_damage, entry->roll->damage };
      g_autofree char *damage_text = tally_text (&damage);

      /* F-TORP-7, F-MINE-7: a torpedo's or a mine's damage is the struck side's. */
      g_string_append_printf (text, " · %s %s",
                              adm_luck_measure_label (entry->measure == ADM_LUCK_STRUCK
                                                      ? ADM_LUCK_TAKEN : ADM_LUCK_DAMAGE),
                              damage_text);
    }
  g_string_append (text, " · ");
  /* Translators: a roll's odds in the luck ledger: the chance, before the dice, of an outcome
   * as good as this one or better, and as bad or worse */
  g_string_append_printf (text, _("as good or better: %.1f %%, as bad or worse: %.1f %%"),
                          100.0 * entry->p_as_good, 100.0 * entry->p_as_bad);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

int
adm_luck_roll_leaning (const AdmLuckRoll *entry)
{
  g_return_val_if_fail (entry != NULL, 0);

  /* A roll that could have gone no other way tells nothing of luck (as
   * adm_luck_ledgers_extreme ()); sums of the same odds added in another order may differ
   * in their last bits. */
  if ((entry->p_as_good >= CERTAIN && entry->p_as_bad >= CERTAIN) ||
      fabs (entry->p_as_good - entry->p_as_bad) < 1e-9)
    return 0;
  return entry->p_as_good < entry->p_as_bad ? 1 : -1;
}

/* The lucky rolls first, the luckiest (the smallest P(as good or better)) at the top; then
 * those neither lucky nor unlucky, in the order rolled; then the unlucky, the unluckiest
 * (the smallest P(as bad or worse)) at the bottom. Equals keep the order rolled, except the
 * unlucky, where the first rolled of equals comes last: so the top and the bottom are
 * adm_luck_ledgers_extreme ()'s, the first of equals. */
static int
compare_luck (gconstpointer a,
              gconstpointer b)
{
  const AdmLuckRollRef *x = a, *y = b;

  if (x->leaning != y->leaning)
    return x->leaning > y->leaning ? -1 : 1;
  if (x->leaning > 0 && x->entry->p_as_good != y->entry->p_as_good)
    return x->entry->p_as_good < y->entry->p_as_good ? -1 : 1;
  if (x->leaning < 0 && x->entry->p_as_bad != y->entry->p_as_bad)
    return x->entry->p_as_bad > y->entry->p_as_bad ? -1 : 1;
  if (x->leaning < 0)
    return x->order > y->order ? -1 : 1;
  return x->order < y->order ? -1 : (x->order > y->order);
}

GArray *
adm_luck_ledgers_by_luck (GPtrArray *ledgers)
{
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (AdmLuckRollRef));

  g_return_val_if_fail (ledgers != NULL, refs);

  for (guint l = 0; l < ledgers->len; l++)
    {
      AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);

      for (guint i = 0; i < ledger->rolls->len; i++)
        {
          const AdmLuckRoll *entry = &g_array_index (ledger->rolls, AdmLuckRoll, i);
          AdmLuckRollRef ref = { ledger, entry, refs->len, adm_luck_roll_leaning (entry) };

          g_array_append_val (refs, ref);
        }
    }
  g_array_sort (refs, compare_luck);
  return refs;
}

static void
add_sides_table (AdmDoc    *doc,
                 GPtrArray *sides)
{
  const char *columns[] = {
    _("Side"), _("Admiral"),
    adm_luck_measure_label (ADM_LUCK_HITS), adm_luck_measure_label (ADM_LUCK_DAMAGE),
    adm_luck_measure_label (ADM_LUCK_CRITICALS), adm_luck_measure_label (ADM_LUCK_STRUCK),
    adm_luck_measure_label (ADM_LUCK_CHECKS), adm_luck_measure_label (ADM_LUCK_TAKEN), NULL
  };
  AdmDocBlock *table = adm_doc_add_table (doc, columns);

  for (guint s = 0; s < sides->len; s++)
    {
      const AdmLuckSide *side = g_ptr_array_index (sides, s);
      g_autofree char *hits = tally_text (&side->tally[ADM_LUCK_HITS]);
      g_autofree char *damage = tally_text (&side->tally[ADM_LUCK_DAMAGE]);
      g_autofree char *criticals = tally_text (&side->tally[ADM_LUCK_CRITICALS]);
      g_autofree char *struck = tally_text (&side->tally[ADM_LUCK_STRUCK]);
      g_autofree char *checks = tally_text (&side->tally[ADM_LUCK_CHECKS]);
      g_autofree char *taken = tally_text (&side->tally[ADM_LUCK_TAKEN]);
      const char *cells[] = {
        side->name, side->admiral != NULL ? side->admiral : "", hits, damage, criticals,
        struck, checks, taken, NULL
      };

      adm_doc_table_add_row (table, cells);
    }
}

char *
adm_luck_ledgers_describe_extreme (GPtrArray *ledgers,
                                   gboolean   lucky)
{
  AdmLuckLedger *ledger = NULL;
  const AdmLuckRoll *entry;
  g_autofree char *values = NULL, *outcome = NULL;

  g_return_val_if_fail (ledgers != NULL, NULL);

  entry = adm_luck_ledgers_extreme (ledgers, lucky, &ledger);
  if (entry == NULL)
    return NULL;
  if (entry->ti4_roll != NULL)
    {
      g_autofree char *roll = ti4_roll_text (entry->ti4_roll);

      return g_strdup_printf (lucky
                            /* Translators: the luckiest TI4 roll: combat, side, the roll in a
                             * line, expected hits, probability */
                            ? _("Luckiest roll: %s, %s, %s (%.2f expected); as good or "
                                "better: %.1f %%.")
                            : _("Unluckiest roll: %s, %s, %s (%.2f expected); as bad or "
                                "worse: %.1f %%."),
                              ledger->title, adm_luck_ledger_get_side_name (ledger, entry->side),
                              roll, entry->expected,
                              100.0 * (lucky ? entry->p_as_good : entry->p_as_bad));
    }
  values = adm_roll_check_values_text (entry->roll->values, entry->roll->n_values, " ");
  outcome = adm_battle_roll_describe_outcome (entry->roll);
  return g_strdup_printf (lucky
                        /* Translators: the luckiest roll: battle, side, turn, purpose, dice,
                         * outcome, expected passes, probability */
                        ? _("Luckiest roll: %s, %s, turn %d — %s: %s, %s (%.2f expected); "
                            "as good or better: %.1f %%.")
                        : _("Unluckiest roll: %s, %s, turn %d — %s: %s, %s (%.2f expected); "
                            "as bad or worse: %.1f %%."),
                      ledger->title, adm_battle_get_side (ledger->battle, entry->side)->name,
                      entry->roll->turn, entry->roll->purpose, values,
                      outcome != NULL ? outcome : "", entry->expected,
                      100.0 * (lucky ? entry->p_as_good : entry->p_as_bad));
}

static void
add_extreme (AdmDoc    *doc,
             GPtrArray *ledgers,
             gboolean   lucky)
{
  g_autofree char *text = adm_luck_ledgers_describe_extreme (ledgers, lucky);

  if (text != NULL)
    adm_doc_add_paragraph (doc, text);
}

void
adm_luck_add_to_doc (GPtrArray *ledgers,
                     AdmDoc    *doc,
                     guint      level)
{
  g_return_if_fail (ledgers != NULL);
  g_return_if_fail (doc != NULL);

  adm_doc_add_heading (doc, level, _("Luck ledger"));
  if (ledgers->len > 0 && ((AdmLuckLedger *) g_ptr_array_index (ledgers, 0))->combat != NULL)
    {
      /* A TI4 combat's ledger: hits only, each die hitting on its combat value (LRR 39.5). */
      adm_doc_add_paragraph (doc, _("Every group of dice beside the hits it was expected to "
                                    "score before the dice — each die hits on its combat "
                                    "value or more — and those it scored: expected → actual."));
      for (guint l = 0; l < ledgers->len; l++)
        {
          AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);

          adm_doc_add_heading (doc, level + 1, ledger->title);
          add_ti4_sides_table (doc, ledger->sides);
        }
      add_extreme (doc, ledgers, TRUE);
      add_extreme (doc, ledgers, FALSE);
      return;
    }
  adm_doc_add_paragraph (doc, _("Every judged roll beside the exact odds it had before the "
                                "dice: the dice expected to pass → those that passed. Damage is "
                                "an attack's after shields and saves; criticals, torpedo and "
                                "mine hits are those a side's own ships took."));
  if (ledgers->len > 1)
    {
      g_autoptr(GPtrArray) totals = adm_luck_ledgers_totals (ledgers);

      adm_doc_add_heading (doc, level + 1, _("Every battle"));
      add_sides_table (doc, totals);
    }
  {
    g_autoptr(GPtrArray) admirals = sum_tallies (ledgers, TRUE);

    if (admirals->len > 0)
      {
        adm_doc_add_heading (doc, level + 1, _("Every admiral"));
        add_sides_table (doc, admirals);
      }
  }
  for (guint l = 0; l < ledgers->len; l++)
    {
      AdmLuckLedger *ledger = g_ptr_array_index (ledgers, l);

      adm_doc_add_heading (doc, level + 1, ledger->title);
      if (ledger->sides->len == 0)
        adm_doc_add_paragraph (doc, _("No judged roll yet."));
      else
        add_sides_table (doc, ledger->sides);
    }
  add_extreme (doc, ledgers, TRUE);
  add_extreme (doc, ledgers, FALSE);
}

/* The ledger on paper under @subtitle, headed with whom it is for. */
static AdmDoc *
luck_doc_new (const char *subtitle,
              GPtrArray  *ledgers)
{
  g_autofree char *right = NULL;
  AdmLuckLedger *first = g_ptr_array_index (ledgers, 0);
  AdmDoc *doc;

  if (adm_audience_is_master (first->audience))
    right = g_strdup (_("For the master"));
  else if (first->audience.kind == ADM_AUDIENCE_SIDE)
    right = g_strdup_printf (_("For %s"),
                             adm_luck_ledger_get_side_name (first, first->audience.side));
  else
    right = g_strdup (_("For the public"));
  doc = adm_doc_new (_("Luck ledger"), subtitle, right);
  adm_luck_add_to_doc (ledgers, doc, 1);
  return doc;
}

AdmDoc *
adm_luck_doc_new (AdmCampaign *campaign,
                  GPtrArray   *ledgers)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (ledgers != NULL && ledgers->len > 0, NULL);

  return luck_doc_new (adm_scenario_get_name (adm_campaign_get_scenario (campaign)), ledgers);
}

AdmDoc *
adm_luck_ti4_doc_new (AdmTi4Combat *combat,
                      GPtrArray    *ledgers)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (combat), NULL);
  g_return_val_if_fail (ledgers != NULL && ledgers->len > 0, NULL);

  return luck_doc_new (_("Twilight Imperium 4"), ledgers);
}

GPtrArray *
adm_luck_ledgers_of_ti4_combat (AdmTi4Combat *combat,
                                const char   *engagement_id,
                                const char   *as,
                                GError      **error)
{
  g_autoptr(GPtrArray) ledgers = NULL;
  g_autoptr(GError) local = NULL;
  AdmAudience audience = adm_audience_master ();

  g_return_val_if_fail (ADM_IS_TI4_COMBAT (combat), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (engagement_id != NULL)
    {
      g_set_error (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                   _("A Twilight Imperium combat is one combat, of no campaign: it has no "
                     "engagement “%s” (leave out --engagement)"), engagement_id);
      return NULL;
    }
  if (adm_ti4_combat_get_rolls (combat)->len == 0)
    {
      g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_ENGAGEMENT,
                           _("The combat has not begun: no dice have been rolled, there are no "
                             "rolls to weigh"));
      return NULL;
    }
  if (as != NULL && !adm_audience_parse_ti4 (combat, as, &audience, &local))
    {
      g_set_error_literal (error, ADM_REPORT_ERROR, ADM_REPORT_ERROR_AUDIENCE, local->message);
      return NULL;
    }
  ledgers = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_luck_ledger_free);
  g_ptr_array_add (ledgers, adm_luck_ledger_new_ti4 (combat, audience, NULL));
  return g_steal_pointer (&ledgers);
}

AdmDoc *
adm_luck_build (AdmCampaign  *campaign,
                const char   *engagement_id,
                const char   *as,
                GError      **error)
{
  g_autoptr(GPtrArray) ledgers = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);

  ledgers = adm_luck_ledgers_of_campaign (campaign, engagement_id, as, error);
  if (ledgers == NULL)
    return NULL;
  return adm_luck_doc_new (campaign, ledgers);
}
