/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-audience.c: the one audience filter of a battle (F-ECM-2, F-ECM-4, F-ECM-6). */

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-audience.h"
#include "adm-battle-private.h"
#include "adm-engagement.h"

gboolean
adm_audience_truth_published (AdmStrategy *strategy)
{
  const AdmCampaignEnding *ending = strategy != NULL ? adm_strategy_get_ending (strategy) : NULL;

  return ending != NULL && ending->published;
}

AdmAudience
adm_audience_of_campaign (AdmStrategy *strategy,
                          AdmAudience  audience)
{
  return adm_audience_truth_published (strategy) ? adm_audience_master () : audience;
}

AdmAudience
adm_audience_master (void)
{
  return (AdmAudience) { ADM_AUDIENCE_MASTER, 0 };
}

AdmAudience
adm_audience_public (void)
{
  return (AdmAudience) { ADM_AUDIENCE_PUBLIC, 0 };
}

AdmAudience
adm_audience_side (guint side)
{
  return (AdmAudience) { ADM_AUDIENCE_SIDE, side };
}

AdmAudience
adm_audience_public_of_campaign (AdmStrategy         *strategy,
                                 AdmScenario         *scenario,
                                 const AdmEngagement *engagement)
{
  AdmAudience audience = adm_audience_public ();

  g_return_val_if_fail (strategy != NULL && engagement != NULL, audience);

  audience.campaign = strategy;
  audience.untold = !adm_audience_public_knows_engagement (strategy, scenario, engagement);
  return audience;
}

/* Whether the campaign's public map shows battle formation @formation (F-STRAT-3). One the
 * campaign no longer has is not told of: nothing can say it was ever shown. */
static gboolean
campaign_shows (AdmAudience audience,
                AdmBattle  *battle,
                guint       formation)
{
  const AdmFormation *in_campaign;

  if (audience.kind != ADM_AUDIENCE_PUBLIC || audience.campaign == NULL)
    return TRUE;
  if (audience.untold)
    return FALSE;
  in_campaign = adm_strategy_lookup_formation (audience.campaign,
                                               adm_battle_get_formation (battle, formation)->id);
  return in_campaign != NULL &&
         adm_strategy_formation_visible (audience.campaign, in_campaign, NULL);
}

AdmAudience
adm_audience_for_view_side (int view_side)
{
  return view_side < 0 ? adm_audience_master () : adm_audience_side ((guint) view_side);
}

gboolean
adm_audience_is_master (AdmAudience audience)
{
  return audience.kind == ADM_AUDIENCE_MASTER;
}

gboolean
adm_audience_parse (AdmBattle   *battle,
                    const char  *text,
                    AdmAudience *audience,
                    GError     **error)
{
  g_autoptr(GString) sides = g_string_new (NULL);

  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (text != NULL && audience != NULL, FALSE);

  if (g_str_equal (text, "master"))
    {
      *audience = adm_audience_master ();
      return TRUE;
    }
  if (g_str_equal (text, "public"))
    {
      *audience = adm_audience_public ();
      return TRUE;
    }
  for (guint s = 0; s < adm_battle_get_n_sides (battle); s++)
    {
      const AdmBattleSide *side = adm_battle_get_side (battle, s);

      if (g_str_equal (text, side->id) || g_str_equal (text, side->name))
        {
          *audience = adm_audience_side (s);
          return TRUE;
        }
      g_string_append_printf (sides, ", %s", side->id);
    }
  /* Translators: the first %s is what was given after --as, the second the battle's side
   * ids, each after a comma */
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("“%s” is not an audience of this battle: master, public%s"), text, sides->str);
  return FALSE;
}

gboolean
adm_audience_parse_ti4 (AdmTi4Combat *combat,
                        const char   *text,
                        AdmAudience  *audience,
                        GError      **error)
{
  g_return_val_if_fail (ADM_IS_TI4_COMBAT (combat), FALSE);
  g_return_val_if_fail (text != NULL && audience != NULL, FALSE);

  if (g_str_equal (text, "master"))
    return *audience = adm_audience_master (), TRUE;
  if (g_str_equal (text, "public"))
    return *audience = adm_audience_public (), TRUE;
  for (AdmTi4Side side = ADM_TI4_ATTACKER; side <= ADM_TI4_DEFENDER; side++)
    if (g_str_equal (text, adm_ti4_side_to_string (side)) ||
        g_str_equal (text, adm_ti4_combat_get_side_name (combat, side)))
      return *audience = adm_audience_side (side), TRUE;
  /* Translators: %s is what was given after --as; the audiences of a TI4 combat follow */
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("“%s” is not an audience of this combat: master, public, attacker, defender"),
               text);
  return FALSE;
}

GPtrArray *
adm_audience_filter_ti4_rolls (AdmAudience   audience,
                               AdmTi4Combat *combat)
{
  GPtrArray *rolls = adm_ti4_combat_get_rolls (combat);
  GPtrArray *seen = g_ptr_array_sized_new (rolls->len);

  /* LRR 39.5, 48.1: every roll is made openly at the table, for every audience. */
  for (guint i = 0; i < rolls->len; i++)
    g_ptr_array_add (seen, g_ptr_array_index (rolls, i));
  return seen;
}

/* What side @side knows of @formation, read in place: the rules ask for every fact of every
 * line, and the public accessors' checks cost more than the reading; the callers
 * check @formation. */
static inline AdmDetection
side_detection (AdmBattle *battle,
                guint      side,
                guint      formation)
{
  if (side >= battle->sides->len)
    return ADM_DETECTION_NONE;
  return _adm_battle_detection (battle, side, formation);
}

static AdmDetection
detection_of (AdmAudience audience,
              AdmBattle  *battle,
              guint       formation)
{
  AdmDetection least = ADM_DETECTION_FULL;

  switch (audience.kind)
    {
    case ADM_AUDIENCE_MASTER:
      return ADM_DETECTION_FULL;
    case ADM_AUDIENCE_SIDE:
      return side_detection (battle, audience.side, formation);
    case ADM_AUDIENCE_PUBLIC:
    default:
      /* A campaign's battle: what its public map hides stays hidden, whatever the table saw. */
      if (!campaign_shows (audience, battle, formation))
        return ADM_DETECTION_NONE;
      /* Common knowledge: what every side at the table knows. */
      for (guint s = 0; s < battle->sides->len; s++)
        least = MIN (least, side_detection (battle, s, formation));
      return least;
    }
}

AdmDetection
adm_audience_detection (AdmAudience audience,
                        AdmBattle  *battle,
                        guint       formation)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), ADM_DETECTION_NONE);
  g_return_val_if_fail (formation < _adm_battle_n_formations (battle), ADM_DETECTION_NONE);

  return detection_of (audience, battle, formation);
}

/* adm_audience_ship_view () of a ship the caller checked. */
static AdmShipView
ship_view_of (AdmAudience audience,
              AdmBattle  *battle,
              guint       ship)
{
  const AdmBattleShip *s = _adm_battle_ship (battle, ship);

  if (audience.kind == ADM_AUDIENCE_MASTER ||
      (audience.kind == ADM_AUDIENCE_SIDE && s->side == audience.side))
    return ADM_SHIP_VIEW_FULL;
  /* F-CAT-12: an exploded enemy has left the table. */
  if (s->status == ADM_SHIP_DESTROYED)
    return ADM_SHIP_VIEW_HIDDEN;
  /* F-ECM-2, F-ECM-4, F-ECM-6. */
  switch (detection_of (audience, battle, s->formation))
    {
    case ADM_DETECTION_NONE:
      return ADM_SHIP_VIEW_HIDDEN;
    case ADM_DETECTION_PRESENCE:
      return ADM_SHIP_VIEW_BASE;
    case ADM_DETECTION_FULL:
    default:
      return ADM_SHIP_VIEW_IDENTIFIED;
    }
}

gboolean
adm_audience_sees_mine (AdmAudience    audience,
                        const AdmMine *mine)
{
  g_return_val_if_fail (mine != NULL, FALSE);

  if (mine->spent)
    return FALSE;
  return audience.kind == ADM_AUDIENCE_MASTER ||
         (audience.kind == ADM_AUDIENCE_SIDE && mine->side == audience.side) || mine->revealed;
}

AdmShipView
adm_audience_ship_view (AdmAudience audience,
                        AdmBattle  *battle,
                        guint       ship)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), ADM_SHIP_VIEW_HIDDEN);
  g_return_val_if_fail (ship < _adm_battle_n_ships (battle), ADM_SHIP_VIEW_HIDDEN);

  return ship_view_of (audience, battle, ship);
}

gboolean
adm_audience_ship_shows (AdmAudience audience,
                         AdmBattle  *battle,
                         guint       ship,
                         AdmShipFact fact)
{
  AdmShipView view;

  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (ship < _adm_battle_n_ships (battle), FALSE);

  /* Asked for every fact of every report line, for every side. */
  view = ship_view_of (audience, battle, ship);
  if (view == ADM_SHIP_VIEW_FULL)
    return TRUE;
  if (view != ADM_SHIP_VIEW_IDENTIFIED)
    return FALSE;
  /* F-ECM-6 under "enemy-ship-card": the card laid out for all to read, and what the table
   * shows of the ship; its readiness, shield pool, criticals and orders stay with its side. */
  switch (fact)
    {
    case ADM_SHIP_FACT_NAME:
    case ADM_SHIP_FACT_STATE:
      return TRUE;
    case ADM_SHIP_FACT_HULL:
      return _adm_battle_ruling_is (battle, "enemy-ship-card", "with-hull");
    case ADM_SHIP_FACT_READINESS:
    case ADM_SHIP_FACT_SHIELDS:
    case ADM_SHIP_FACT_CRITICALS:
    case ADM_SHIP_FACT_ORDERS:
    default:
      return FALSE;
    }
}

gboolean
adm_audience_sees_side (AdmAudience audience,
                        AdmBattle  *battle,
                        guint       side)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);

  if (audience.kind == ADM_AUDIENCE_MASTER ||
      (audience.kind == ADM_AUDIENCE_SIDE && audience.side == side))
    return TRUE;
  for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
    if (adm_battle_get_ship (battle, i)->side == side &&
        adm_audience_ship_view (audience, battle, i) != ADM_SHIP_VIEW_HIDDEN)
      return TRUE;
  return FALSE;
}

const char *
adm_audience_side_admiral (AdmAudience audience,
                           AdmBattle  *battle,
                           guint       side)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (side < adm_battle_get_n_sides (battle), NULL);

  /* F-STRAT-3: individual details go to each admiral personally. */
  if (audience.kind == ADM_AUDIENCE_MASTER ||
      (audience.kind == ADM_AUDIENCE_SIDE && audience.side == side))
    return adm_battle_get_side (battle, side)->admiral;
  return NULL;
}

gboolean
adm_audience_sees_orders (AdmAudience audience,
                          AdmBattle  *battle,
                          guint       formation)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (formation < adm_battle_get_n_formations (battle), FALSE);

  /* F-SEQ-2: orders are declared in secret and carried out together; a side learns the
   * enemy's from what they do. */
  return audience.kind == ADM_AUDIENCE_MASTER ||
         (audience.kind == ADM_AUDIENCE_SIDE &&
          adm_battle_get_formation (battle, formation)->side == audience.side);
}

static gboolean
sees_mask (AdmAudience audience,
           AdmBattle  *battle,
           guint32     seen_by)
{
  guint n_sides = adm_battle_get_n_sides (battle);

  switch (audience.kind)
    {
    case ADM_AUDIENCE_MASTER:
      return TRUE;
    case ADM_AUDIENCE_SIDE:
      return audience.side < 32 && (seen_by & (1u << audience.side)) != 0;
    case ADM_AUDIENCE_PUBLIC:
    default:
      for (guint s = 0; s < n_sides; s++)
        if (s >= 32 || (seen_by & (1u << s)) == 0)
          return FALSE;
      return n_sides > 0;
    }
}

/* What @side knows of formation @f: everything of its own (adm_battle_get_detection () read
 * in place, as this is asked of every line for every side). */
static inline AdmDetection
line_detection (AdmBattle *battle,
                guint      side,
                guint      f)
{
  const AdmBattleFormation *formation =
    &g_array_index (battle->state->formations, AdmBattleFormation, f);

  return formation->side == side
    ? ADM_DETECTION_FULL
    : g_array_index (battle->state->detection, guint8,
                     side * battle->state->formations->len + f);
}

/* Whether the campaign's public map shows every formation that has @ship (F-STRAT-3). */
static gboolean
campaign_shows_ship (AdmAudience audience,
                     AdmBattle  *battle,
                     guint       ship)
{
  /* A ship is of every formation that lists it: the one it set out in, and a prize
   * formation it was taken over into (F-BOARD-17). */
  for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
    {
      const AdmBattleFormation *formation = adm_battle_get_formation (battle, f);

      for (guint s = 0; s < formation->ships->len; s++)
        if (g_array_index (formation->ships, guint, s) == ship &&
            !campaign_shows (audience, battle, f))
          return FALSE;
    }
  return TRUE;
}

/* Whether a campaign's public may be told of @subject (campaign_public_reads_about ()). */
static gboolean
campaign_public_may_know (AdmAudience audience,
                          AdmBattle  *battle,
                          guint32     subject)
{
  guint index = ADM_SUBJECT_INDEX (subject);

  switch (ADM_SUBJECT_KIND (subject))
    {
    case ADM_SUBJECT_SHIP:
      return _adm_battle_ship (battle, index)->name == NULL ||
             campaign_shows_ship (audience, battle, index);
    case ADM_SUBJECT_FORMATION:
      return _adm_battle_formation (battle, index)->name == NULL ||
             campaign_shows (audience, battle, index);
    case ADM_SUBJECT_SIDE:
      return adm_battle_get_side (battle, index)->name == NULL ||
             adm_audience_sees_side (audience, battle, index);
    case ADM_SUBJECT_CLASS:
    default:
      /* The map shows formations, not classes. */
      return TRUE;
    }
}

/* Whether a campaign's public may read a line or roll about @subjects (F-STRAT-3): no
 * formation, and no ship of one, that the public map hides, and no side of which the public
 * sees nothing. */
static gboolean
campaign_public_reads_about (AdmAudience    audience,
                             AdmBattle     *battle,
                             const guint32 *subjects,
                             guint          n_subjects)
{
  if (audience.kind != ADM_AUDIENCE_PUBLIC || audience.campaign == NULL)
    return TRUE;
  if (audience.untold)
    return FALSE;
  for (guint i = 0; i < n_subjects; i++)
    if (!campaign_public_may_know (audience, battle, subjects[i]))
      return FALSE;
  return TRUE;
}

/* Whether side @side may be told of @subject (side_may_read_about ()). */
static gboolean
side_may_know (AdmBattle *battle,
               guint      side,
               guint32    subject)
{
  guint n_formations = battle->state->formations->len;
  guint index = ADM_SUBJECT_INDEX (subject);
  gboolean seen = FALSE;

  switch (ADM_SUBJECT_KIND (subject))
    {
    case ADM_SUBJECT_SHIP:
      {
        const AdmBattleShip *ship = _adm_battle_ship (battle, index);

        /* Detection is by formation: a ship is identified when its formation is, whether
         * or not it is still on the table. */
        return ship->name == NULL || ship->side == side ||
               line_detection (battle, side, ship->formation) == ADM_DETECTION_FULL;
      }
    case ADM_SUBJECT_FORMATION:
      return _adm_battle_formation (battle, index)->name == NULL ||
             line_detection (battle, side, index) == ADM_DETECTION_FULL;
    case ADM_SUBJECT_CLASS:
      {
        const AdmShipClass *klass = _adm_battle_ship (battle, index)->klass;

        /* Known when one ship of the class is the side's own or identified. */
        for (guint i = 0; i < _adm_battle_n_ships (battle) && !seen; i++)
          {
            const AdmBattleShip *ship = _adm_battle_ship (battle, i);

            seen = ship->klass == klass &&
                   (ship->side == side ||
                    line_detection (battle, side, ship->formation) == ADM_DETECTION_FULL);
          }
        return seen || klass->name == NULL;
      }
    case ADM_SUBJECT_SIDE:
    default:
      /* A side is seen once one of its formations is detected at all. */
      seen = index == side || adm_battle_get_side (battle, index)->name == NULL;
      for (guint f = 0; f < n_formations && !seen; f++)
        seen = g_array_index (battle->state->formations, AdmBattleFormation, f).side == index &&
               line_detection (battle, side, f) != ADM_DETECTION_NONE;
      return seen;
    }
}

/* Whether side @side may read a line or roll about @subjects
 * (adm_audience_subjects_seen_by ()): it may be told of each of them. A name that holds
 * another ("barrayar 14", "barrayar 1") tells nothing of the other, so only the subjects the
 * line is about count. */
static gboolean
side_may_read_about (AdmBattle     *battle,
                     guint          side,
                     const guint32 *subjects,
                     guint          n_subjects)
{
  for (guint i = 0; i < n_subjects; i++)
    if (!side_may_know (battle, side, subjects[i]))
      return FALSE;
  return TRUE;
}

guint32
adm_audience_subjects_seen_by (AdmBattle     *battle,
                               const guint32 *subjects,
                               guint          n_subjects)
{
  guint32 seen_by = 0;
  guint n_sides;

  g_return_val_if_fail (ADM_IS_BATTLE (battle), 0);
  g_return_val_if_fail (subjects != NULL || n_subjects == 0, 0);

  n_sides = MIN (adm_battle_get_n_sides (battle), 32u);
  for (guint s = 0; s < n_sides; s++)
    if (side_may_read_about (battle, s, subjects, n_subjects))
      seen_by |= 1u << s;
  return seen_by;
}

gboolean
adm_audience_sees_line (AdmAudience          audience,
                        AdmBattle           *battle,
                        const AdmReportLine *line)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);
  return sees_mask (audience, battle, line->seen_by) &&
         campaign_public_reads_about (audience, battle, line->subjects, line->n_subjects);
}

gboolean
adm_audience_sees_roll (AdmAudience          audience,
                        AdmBattle           *battle,
                        const AdmBattleRoll *roll)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), FALSE);
  g_return_val_if_fail (roll != NULL, FALSE);
  return sees_mask (audience, battle, roll->seen_by) &&
         campaign_public_reads_about (audience, battle, roll->subjects, roll->n_subjects);
}

const AdmReportLine *
adm_audience_read_line (AdmAudience          audience,
                        AdmBattle           *battle,
                        const AdmReportLine *line)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (line != NULL, NULL);

  if (adm_audience_sees_line (audience, battle, line))
    return line;
  /* F-ECM-4: its own fire at a token it had not identified, the token named as far as the
   * side knows it now: face up since (F-ECM-3, F-ECM-6), by its name. A line withheld by a
   * fact or a rule is never told through its copy. */
  if (line->fogged != NULL && audience.kind == ADM_AUDIENCE_SIDE &&
      sees_mask (audience, battle, line->fogged->seen_by) && !line->withheld)
    return side_may_read_about (battle, audience.side, line->subjects, line->n_subjects)
             ? line : line->fogged;
  return NULL;
}

const AdmBattleRoll *
adm_audience_read_roll (AdmAudience          audience,
                        AdmBattle           *battle,
                        const AdmBattleRoll *roll)
{
  g_return_val_if_fail (ADM_IS_BATTLE (battle), NULL);
  g_return_val_if_fail (roll != NULL, NULL);

  if (adm_audience_sees_roll (audience, battle, roll))
    return roll;
  /* F-ECM-4, F-STRAT-4: the dice of its own fire, the token it fired at named as far as the
   * side knows it now. */
  if (roll->fogged != NULL && audience.kind == ADM_AUDIENCE_SIDE &&
      sees_mask (audience, battle, roll->fogged->seen_by) && !roll->withheld)
    return side_may_read_about (battle, audience.side, roll->subjects, roll->n_subjects)
             ? roll : roll->fogged;
  return NULL;
}

GPtrArray *
adm_audience_filter_report (AdmAudience audience,
                            AdmBattle  *battle)
{
  GPtrArray *report = adm_battle_get_report (battle);
  GPtrArray *lines = g_ptr_array_new ();

  for (guint i = 0; i < report->len; i++)
    {
      const AdmReportLine *read = adm_audience_read_line (audience, battle,
                                                          g_ptr_array_index (report, i));

      if (read != NULL)
        g_ptr_array_add (lines, (gpointer) read);
    }
  return lines;
}

GPtrArray *
adm_audience_filter_rolls (AdmAudience audience,
                           AdmBattle  *battle)
{
  GPtrArray *rolls = adm_battle_get_rolls (battle);
  GPtrArray *seen = g_ptr_array_new ();

  for (guint i = 0; i < rolls->len; i++)
    {
      const AdmBattleRoll *read = adm_audience_read_roll (audience, battle,
                                                          g_ptr_array_index (rolls, i));

      if (read != NULL)
        g_ptr_array_add (seen, (gpointer) read);
    }
  return seen;
}

GPtrArray *
adm_audience_known_formations (AdmStrategy      *strategy,
                               const AdmFaction *viewer)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy);
  GPtrArray *known = g_ptr_array_new ();

  g_return_val_if_fail (strategy != NULL, known);

  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);

      if (adm_audience_truth_published (strategy) ||
          adm_strategy_formation_visible (strategy, formation, viewer))
        g_ptr_array_add (known, formation);
    }
  return known;
}

const AdmFaction *
adm_audience_palette_own (AdmStrategy      *strategy,
                          AdmScenario      *scenario,
                          const AdmFaction *viewer)
{
  g_autoptr(GPtrArray) known = NULL;
  GPtrArray *factions;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);

  if (viewer != NULL)
    return viewer;
  if (strategy != NULL)
    known = adm_audience_known_formations (strategy, NULL);
  else
    {
      GPtrArray *formations = adm_scenario_get_formations (scenario);

      known = g_ptr_array_new ();
      for (guint i = 0; i < formations->len; i++)
        if (!((AdmFormation *) g_ptr_array_index (formations, i))->hidden)
          g_ptr_array_add (known, g_ptr_array_index (formations, i));
    }
  factions = adm_scenario_get_factions (scenario);
  for (guint f = 0; f < factions->len; f++)
    for (guint i = 0; i < known->len; i++)
      if (((AdmFormation *) g_ptr_array_index (known, i))->faction ==
          g_ptr_array_index (factions, f))
        return g_ptr_array_index (factions, f);
  return NULL;
}

gboolean
adm_audience_public_knows_engagement (AdmStrategy         *strategy,
                                      AdmScenario         *scenario,
                                      const AdmEngagement *engagement)
{
  const AdmFaction *first = NULL;

  g_return_val_if_fail (strategy != NULL && engagement != NULL, FALSE);

  if (adm_audience_truth_published (strategy))
    return TRUE;
  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);

      if (!adm_strategy_formation_visible (strategy, formation, NULL))
        continue;
      if (first == NULL)
        first = formation->faction;
      else if (formation->faction != first &&
               !adm_scenario_factions_allied (scenario, formation->faction, first))
        return TRUE;
    }
  return FALSE;
}

gboolean
adm_audience_knows_engagement (AdmStrategy         *strategy,
                               AdmScenario         *scenario,
                               const AdmFaction    *viewer,
                               const AdmEngagement *engagement)
{
  g_return_val_if_fail (strategy != NULL && engagement != NULL, FALSE);

  if (adm_audience_truth_published (strategy))
    return TRUE;
  if (viewer == NULL)
    return adm_audience_public_knows_engagement (strategy, scenario, engagement);
  /* F-STRAT-3: a side hears of the engagements its own or its allies' formations met in. */
  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);

      if (adm_scenario_factions_allied (scenario, formation->faction, viewer))
        return TRUE;
    }
  return FALSE;
}

gboolean
adm_audience_told_of_engagement (AdmStrategy               *strategy,
                                 AdmScenario               *scenario,
                                 const AdmFaction          *viewer,
                                 const AdmQueuedEngagement *engagement)
{
  g_return_val_if_fail (strategy != NULL && engagement != NULL, FALSE);

  if (adm_audience_truth_published (strategy))
    return TRUE;
  if (viewer == NULL)
    return adm_audience_public_knows_engagement (strategy, scenario, &engagement->engagement);
  /* F-STRAT-3: every formation of the wave, those gone since too — a side wiped out there
   * fought there all the same. */
  for (guint f = 0; f < engagement->formation_ids->len; f++)
    {
      const AdmFaction *faction = adm_strategy_formation_faction (
        strategy, g_ptr_array_index (engagement->formation_ids, f));

      if (faction != NULL && adm_scenario_factions_allied (scenario, faction, viewer))
        return TRUE;
    }
  return FALSE;
}

void
adm_audience_filter_engagements (AdmStrategy      *strategy,
                                 AdmScenario      *scenario,
                                 const AdmFaction *viewer,
                                 GPtrArray        *queue)
{
  g_return_if_fail (strategy != NULL && queue != NULL);

  for (guint i = queue->len; i > 0; i--)
    if (!adm_audience_told_of_engagement (strategy, scenario, viewer,
                                          g_ptr_array_index (queue, i - 1)))
      g_ptr_array_remove_index (queue, i - 1);
}

char *
adm_audience_engagement_name (const AdmQueuedEngagement *engagement)
{
  g_autofree char *place = NULL;

  g_return_val_if_fail (engagement != NULL, NULL);

  place = adm_engagement_place_name (&engagement->engagement);
  /* Translators: how an admiral is told which engagement is meant: "Pol jump point, cycle 1,
   * minute 40" */
  return g_strdup_printf (_("%s, cycle %u, minute %.0f"), place, engagement->engagement.cycle,
                          engagement->engagement.minute);
}

/* Engagement @id of @told (AdmQueuedEngagement*), or NULL. */
static const AdmQueuedEngagement *
told_of (GPtrArray  *told,
         const char *id)
{
  for (guint i = 0; i < told->len; i++)
    {
      const AdmQueuedEngagement *engagement = g_ptr_array_index (told, i);

      if (g_strcmp0 (engagement->id, id) == 0)
        return engagement;
    }
  return NULL;
}

AdmEngagementStatus
adm_audience_engagement_status (const AdmQueuedEngagement *engagement,
                                GPtrArray                 *told)
{
  g_return_val_if_fail (engagement != NULL && told != NULL, ADM_ENGAGEMENT_NOT_FOUGHT);

  if (engagement->status == ADM_ENGAGEMENT_WAITING &&
      told_of (told, engagement->waiting_for) == NULL)
    return ADM_ENGAGEMENT_NOT_FOUGHT;
  return engagement->status;
}

char *
adm_audience_describe_engagement_status (const AdmQueuedEngagement *engagement,
                                         GPtrArray                 *told)
{
  AdmQueuedEngagement as_told;

  g_return_val_if_fail (engagement != NULL && told != NULL, NULL);

  if (engagement->status == ADM_ENGAGEMENT_DROPPED && !engagement->by_master)
    return g_strdup (_("Dropped: fewer than two sides have anything left"));
  if (adm_audience_engagement_status (engagement, told) == ADM_ENGAGEMENT_WAITING)
    {
      g_autofree char *name =
        adm_audience_engagement_name (told_of (told, engagement->waiting_for));

      /* Translators: an engagement's status as an admiral is told it: "Waiting for the
       * engagement at Pol jump point, cycle 1, minute 0" */
      return g_strdup_printf (_("Waiting for the engagement at %s"), name);
    }
  as_told = *engagement;
  as_told.status = adm_audience_engagement_status (engagement, told);
  return adm_queued_engagement_describe_status (&as_told);
}

GPtrArray *
adm_audience_hidden_from_public (AdmStrategy *strategy,
                                 const char  *sector_id)
{
  GPtrArray *formations = adm_strategy_get_formations (strategy);
  GPtrArray *hidden = g_ptr_array_new ();

  g_return_val_if_fail (strategy != NULL, hidden);

  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      const AdmFormationPosition *pos = adm_strategy_get_position (strategy, formation->id);

      if (pos == NULL || adm_strategy_formation_visible (strategy, formation, NULL))
        continue;
      if (sector_id == NULL || (pos->sector != NULL && g_str_equal (pos->sector->id, sector_id)))
        g_ptr_array_add (hidden, formation);
    }
  return hidden;
}

gboolean
adm_audience_map_ship_count (AdmStrategy        *strategy,
                             AdmScenario        *scenario,
                             AdmAudienceKind     kind,
                             const AdmFaction   *viewer,
                             const AdmFormation *formation,
                             guint              *ships,
                             guint              *cycle)
{
  g_return_val_if_fail (formation != NULL, FALSE);

  if (cycle != NULL)
    *cycle = 0;
  if (adm_audience_truth_published (strategy))
    kind = ADM_AUDIENCE_MASTER;
  if (kind == ADM_AUDIENCE_PUBLIC || (kind == ADM_AUDIENCE_SIDE && viewer == NULL))
    return FALSE;
  if (kind == ADM_AUDIENCE_SIDE && strategy != NULL)
    return adm_strategy_observed_ships (strategy, formation, viewer, ships, cycle);
  /* The start: a side knows its own side's ships only. */
  if (kind == ADM_AUDIENCE_SIDE &&
      (scenario == NULL || !adm_scenario_factions_allied (scenario, viewer, formation->faction)))
    return FALSE;
  if (ships != NULL)
    *ships = formation->ships->len;
  return TRUE;
}

GPtrArray *
adm_audience_last_seen (AdmStrategy      *strategy,
                        AdmAudienceKind   kind,
                        const AdmFaction *viewer)
{
  /* The master's map is live: once the truth is published, no side's is a memory. */
  if (strategy == NULL || kind != ADM_AUDIENCE_SIDE || viewer == NULL ||
      adm_audience_truth_published (strategy))
    return g_ptr_array_new_with_free_func (g_free);
  return adm_strategy_last_seen (strategy, viewer);
}

gboolean
adm_audience_side_strength (AdmStrategy        *strategy,
                            const AdmFaction   *viewer,
                            const AdmFormation *formation,
                            guint              *ships,
                            guint              *cycle)
{
  AdmSighting sighting;
  guint seen_cycle = 0;

  g_return_val_if_fail (strategy != NULL && viewer != NULL && formation != NULL, FALSE);

  if (!adm_audience_map_ship_count (strategy, NULL, ADM_AUDIENCE_SIDE, viewer, formation, ships,
                                    &seen_cycle))
    return FALSE;
  /* In contact, the number is the last session's sighting (or a battle's the side fought
   * since): that cycle, unless the side has seen it only since. */
  if (seen_cycle == 0 && !adm_audience_truth_published (strategy) &&
      adm_strategy_last_sighting (strategy, formation, viewer, &sighting) &&
      sighting.cycle + 1 == adm_strategy_get_cycle (strategy))
    seen_cycle = sighting.cycle;
  if (cycle != NULL)
    *cycle = seen_cycle;
  return TRUE;
}

/* Whether @faction had mines in @record's sector before it was cleared. */
static gboolean
had_mines_there (AdmState             *state,
                 const AdmPlaceRecord *record,
                 const AdmFaction     *faction)
{
  AdmStrategy *strategy = adm_state_get_strategy (state);
  GPtrArray *formations = adm_strategy_get_formations (strategy);

  for (guint i = 0; i < record->sector->minefields->len; i++)
    if (((const AdmMinefield *) g_ptr_array_index (record->sector->minefields, i))->faction ==
        faction)
      return TRUE;
  for (guint cycle = 1; cycle < record->cycle; cycle++)
    for (guint f = 0; f < formations->len; f++)
      {
        const AdmFormation *formation = g_ptr_array_index (formations, f);
        double end;

        if (formation->faction == faction &&
            adm_strategy_mines_laid (strategy, cycle, formation->id, record->sector, &end))
          return TRUE;
      }
  return FALSE;
}

/* F-STRAT-3 (ruling "station-news"): whether @viewer's side is told of @record, a station's
 * correction. "holders-and-contact": the sides it was or is now held by (a faction and its
 * allies fight as one and share their stations' reports at the session, F-STRAT-1, F-STRAT-7),
 * and every side in contact with it — told of an engagement in its sector in the cycle of the
 * correction or the one before (adm_audience_knows_engagement ()); "holders-only": the two
 * factions alone, as Admiralty told it before the ruling. */
static gboolean
told_of_station (AdmState             *state,
                 const AdmPlaceRecord *record,
                 const AdmFaction     *viewer)
{
  AdmScenario *scenario = adm_state_get_scenario (state);
  AdmStrategy *strategy = adm_state_get_strategy (state);

  if (g_strcmp0 (adm_ruleset_get_ruling_value (adm_scenario_get_ruleset (scenario),
                                               "station-news"), "holders-only") == 0)
    return viewer == record->owner_before || viewer == record->owner;
  if ((record->owner_before != NULL &&
       adm_scenario_factions_allied (scenario, viewer, record->owner_before)) ||
      (record->owner != NULL && adm_scenario_factions_allied (scenario, viewer, record->owner)))
    return TRUE;
  for (guint cycle = MAX (record->cycle, 2) - 1; cycle <= record->cycle; cycle++)
    {
      g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (strategy, cycle);

      for (guint i = 0; i < engagements->len; i++)
        {
          const AdmEngagement *engagement = g_ptr_array_index (engagements, i);

          if (engagement->sector == record->sector &&
              adm_audience_knows_engagement (strategy, scenario, viewer, engagement))
            return TRUE;
        }
    }
  return FALSE;
}

gboolean
adm_audience_told_of_place (AdmState             *state,
                            const AdmPlaceRecord *record,
                            const AdmFaction     *viewer)
{
  g_return_val_if_fail (ADM_IS_STATE (state) && record != NULL, FALSE);

  if (viewer == NULL || adm_audience_truth_published (adm_state_get_strategy (state)))
    return TRUE;
  if (record->station != NULL)
    return told_of_station (state, record, viewer);
  return had_mines_there (state, record, viewer);
}
