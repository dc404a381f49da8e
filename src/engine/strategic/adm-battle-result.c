/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-result.c: a campaign battle's results as campaign events. See
 * adm-battle-result.h. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-result.h"
#include "adm-campaign-battles.h"
#include "adm-campaign-journal.h"
#include "adm-dice-ledger.h"
#include "adm-engagement.h"
#include "adm-state.h"

static AdmEvent *
ship_event (const char                *engagement,
            const AdmBattleShip       *ship,
            int                        readiness,
            const char                *fate,
            gint64                     time)
{
  AdmEvent *event = adm_event_new ("ship-after-battle", time);
  g_autoptr(GString) criticals = g_string_new (NULL);

  adm_event_set (event, "ship", ship->id);
  adm_event_set (event, "engagement", engagement);
  adm_event_set (event, "fate", fate);
  adm_event_set_int (event, "damage", MIN (ship->damage, ship->klass->hull));
  adm_event_set_int (event, "readiness", CLAMP (readiness, 0, 12));
  for (guint r = 2; r < ADM_CRITICAL_RESULTS; r++)
    for (int n = 0; n < ship->criticals[r]; n++)
      g_string_append_printf (criticals, "%s%u", criticals->len > 0 ? " " : "", r);
  if (criticals->len > 0)
    adm_event_set (event, "criticals", criticals->str);
  return event;
}

/* Ruling "station-unit": a station of the sector set up as a unit of its owner's side
 * (adm-sector-battle.c) is no ship of the campaign, and its condition is not carried
 * between battles. */
static gboolean
is_sector_station (AdmState            *state,
                   const AdmBattleShip *ship)
{
  return adm_state_get_ship (state, ship->id) == NULL &&
         ship->klass->category == ADM_CATEGORY_STATION;
}

/* The captor's faction: a campaign ship's, or a sector station's crew's (F-STN-6). */
static const char *
faction_of_battle_ship (AdmState            *state,
                        const AdmBattleShip *ship)
{
  AdmShipState *campaign_ship = adm_state_get_ship (state, ship->id);

  if (campaign_ship != NULL)
    return campaign_ship->faction->id;
  return ship->faction != NULL ? ship->faction->id : NULL;
}

/* The id of @faction's formation of prizes from @engagement (F-BOARD-17): by the engagement's
 * cycle, place and minute, not by its id, whose number would tell every side that sees the
 * formation how many engagements came before it in the cycle (F-STRAT-3). Two waves can only
 * share a whole minute when they are a fraction of one apart: the later one's is numbered. */
static char *
prize_formation_id (AdmStrategy               *strategy,
                    const AdmQueuedEngagement *engagement,
                    const char                *faction)
{
  g_autofree char *stem = adm_engagement_file_stem (&engagement->engagement);
  char *id = g_strdup_printf ("prizes-%s-minute-%.0f-%s", stem, engagement->engagement.minute,
                              faction);

  for (guint n = 2; adm_strategy_formation_id_used (strategy, id); n++)
    {
      g_free (id);
      id = g_strdup_printf ("prizes-%s-minute-%.0f-%s-%u", stem, engagement->engagement.minute,
                            faction, n);
    }
  return id;
}

AdmJournalAction *
adm_battle_result_action (AdmCampaign               *campaign,
                          const AdmQueuedEngagement *engagement,
                          AdmBattle                 *battle,
                          const char                *reason,
                          gint64                     time,
                          GError                   **error)
{
  AdmState *state;
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(AdmEvent) end = NULL;
  g_autoptr(GHashTable) prizes = NULL; /* captor faction id → GPtrArray of ship ids */
  g_autoptr(GPtrArray) captors = g_ptr_array_new ();
  /* captor faction id → the prize formation's admiral (ruling "prize-admiral") */
  g_autoptr(GHashTable) prize_admirals = g_hash_table_new (g_str_hash, g_str_equal);
  const AdmRuling *prize_admiral = adm_ruleset_lookup_ruling (
    adm_scenario_get_ruleset (adm_campaign_get_scenario (campaign)), "prize-admiral");
  g_autofree char *place = NULL;
  AdmEvent *head;
  const AdmSector *prize_place;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);
  g_return_val_if_fail (battle == NULL || ADM_IS_BATTLE (battle), NULL);

  state = adm_campaign_get_state (campaign);
  place = adm_engagement_place_name (&engagement->engagement);
  action = adm_journal_action_new ("battle-end", time);
  head = adm_journal_action_get_head (action);
  adm_event_set (head, "engagement", engagement->id);
  adm_event_set (head, "place", place);
  prizes = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                  (GDestroyNotify) g_ptr_array_unref);
  /* On a link the prizes are taken on to where the fight was heading. */
  prize_place = engagement->engagement.sector != NULL ? engagement->engagement.sector
                                                      : engagement->engagement.to;

  /* F-ECM-2: what each side detected of a hidden enemy formation becomes what it knows; first,
   * while every formation of the table is still in being. */
  for (guint side = 0; battle != NULL && side < adm_battle_get_n_sides (battle); side++)
    for (guint f = 0; f < adm_battle_get_n_formations (battle); f++)
      {
        const AdmBattleFormation *on_table = adm_battle_get_formation (battle, f);
        const AdmFormation *formation = adm_strategy_lookup_formation (
          adm_state_get_strategy (state), on_table->id);
        const char *viewer = adm_battle_get_side (battle, side)->id;
        AdmDetection level = adm_battle_get_detection (battle, side, f);
        AdmEvent *event;
        guint afloat = 0;

        if (on_table->side == side || formation == NULL || !formation->hidden ||
            g_str_equal (formation->faction->id, viewer))
          continue;
        for (guint s = 0; s < on_table->ships->len; s++)
          if (adm_battle_get_ship (battle, g_array_index (on_table->ships, guint, s))->status ==
              ADM_SHIP_ACTIVE)
            afloat++;
        event = adm_event_new ("sighting", time);
        adm_event_set (event, "engagement", engagement->id);
        adm_event_set (event, "faction", viewer);
        adm_event_set (event, "formation", on_table->id);
        adm_event_set (event, "detected", level != ADM_DETECTION_NONE ? "true" : "false");
        adm_event_set_int (event, "ships", MIN (afloat, 100));
        adm_journal_action_add_event (action, event);
        adm_event_unref (event);
      }

  for (guint pass = 0; battle != NULL && pass < 2; pass++)
    for (guint i = 0; i < adm_battle_get_n_ships (battle); i++)
      {
        const AdmBattleShip *ship = adm_battle_get_ship (battle, i);
        int readiness = ship->base_readiness - ship->readiness_loss;
        gboolean lost = ship->status != ADM_SHIP_ACTIVE;
        AdmEvent *event;

        if (is_sector_station (state, ship))
          continue;
        if (adm_state_get_ship (state, ship->id) == NULL)
          {
            g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                         _("The battle has a ship “%s” that is not in the campaign: it is not "
                           "the battle of engagement %s"), ship->name, engagement->id);
            return NULL;
          }
        /* Ships lost first, so that the flagships the battle left are set on what remains. */
        if ((pass == 0) != lost)
          continue;
        if (ship->status == ADM_SHIP_DESTROYED)
          event = ship_event (engagement->id, ship, readiness, "destroyed", time);
        else if (lost)
          event = ship_event (engagement->id, ship, readiness, "wreck", time);
        else if (ship->captured_by >= 0)
          {
            const AdmBattleShip *captor = adm_battle_get_ship (battle, ship->captured_by);
            const char *faction = faction_of_battle_ship (state, captor);
            GPtrArray *ships;

            event = ship_event (engagement->id, ship, readiness, "captured", time);
            adm_event_set (event, "captor", faction);
            ships = g_hash_table_lookup (prizes, faction);
            if (ships == NULL)
              {
                AdmShipState *captor_ship = adm_state_get_ship (state, captor->id);
                /* A sector station that took a prize has no formation of the campaign. */
                const AdmFormation *captor_formation =
                  captor_ship != NULL ? adm_strategy_formation_of_ship (
                    adm_state_get_strategy (state), captor_ship->ship) : NULL;

                ships = g_ptr_array_new ();
                g_hash_table_insert (prizes, (gpointer) faction, ships);
                g_ptr_array_add (captors, (gpointer) faction);
                /* F-BOARD-17: the prize passes under the command of the admiral of the
                 * formation whose ship took the first of them (an admiral of the captor's
                 * faction: the prize is that faction's). */
                if (prize_admiral != NULL &&
                    g_strcmp0 (prize_admiral->value, "captor-formation") == 0 &&
                    captor_formation != NULL && captor_formation->admiral != NULL &&
                    g_strcmp0 (captor_formation->admiral->faction->id, faction) == 0)
                  g_hash_table_insert (prize_admirals, (gpointer) faction,
                                       captor_formation->admiral->id);
              }
            g_ptr_array_add (ships, (gpointer) ship->id);
          }
        else
          {
            const AdmBattleFormation *formation = adm_battle_get_formation (battle,
                                                                            ship->formation);

            event = ship_event (engagement->id, ship, readiness, "afloat", time);
            if (formation->flagship == (int) i)
              adm_event_set (event, "flagship", "true");
          }
        adm_journal_action_add_event (action, event);
        adm_event_unref (event);
      }

  for (guint c = 0; c < captors->len; c++)
    {
      const char *faction = g_ptr_array_index (captors, c);
      GPtrArray *ships = g_hash_table_lookup (prizes, faction);
      g_autoptr(AdmEvent) prize = adm_event_new ("prize", time);
      g_autoptr(GString) ids = g_string_new (NULL);
      g_autofree char *id = prize_formation_id (adm_state_get_strategy (state), engagement,
                                                faction);
      /* Translators: a formation of captured ships: "Prizes taken at Pol orbit" */
      g_autofree char *name = g_strdup_printf (_("Prizes taken at %s"), place);

      for (guint s = 0; s < ships->len; s++)
        g_string_append_printf (ids, "%s%s", s > 0 ? " " : "",
                                (const char *) g_ptr_array_index (ships, s));
      adm_event_set (prize, "engagement", engagement->id);
      adm_event_set (prize, "formation", id);
      adm_event_set (prize, "name", name);
      adm_event_set (prize, "faction", faction);
      adm_event_set (prize, "place", prize_place->id);
      adm_event_set (prize, "ships", ids->str);
      if (g_hash_table_contains (prize_admirals, faction))
        adm_event_set (prize, "admiral", g_hash_table_lookup (prize_admirals, faction));
      adm_journal_action_add_event (action, prize);
    }

  /* The battle is over: its dice's secrets go into the journal for anyone to check them. */
  adm_campaign_add_dice_reveals (campaign, engagement->id, action, time);
  end = adm_event_new ("battle-end", time);
  adm_event_set (end, "engagement", engagement->id);
  /* At the start of a turn not yet played, the battle ended in the turn before. */
  adm_event_set_int (end, "turn", battle == NULL ? 0
                                  : adm_battle_get_turn (battle) -
                                    (adm_battle_get_phase (battle) == ADM_PHASE_DETECTION &&
                                     adm_battle_get_turn (battle) > 1 ? 1 : 0));
  if (reason != NULL && *reason != '\0')
    adm_event_set (end, "reason", reason);
  adm_journal_action_add_event (action, end);
  return g_steal_pointer (&action);
}

gboolean
adm_campaign_end_battle (AdmCampaign  *campaign,
                         const char   *engagement_id,
                         AdmBattle    *battle,
                         const char   *reason,
                         gint64        time,
                         GError      **error)
{
  g_autoptr(AdmQueuedEngagement) engagement = NULL;
  g_autoptr(AdmJournalAction) action = NULL;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);

  /* One writer per journal: a battle at another table ends there, and comes back ended
   * (adm_campaign_receive_from_table ()). */
  if (!adm_campaign_check_at_hand (campaign, engagement_id, error))
    return FALSE;
  engagement = adm_campaign_find_engagement (campaign, engagement_id, error);
  if (engagement == NULL)
    return FALSE;
  action = adm_battle_result_action (campaign, engagement, battle, reason, time, error);
  if (action == NULL)
    return FALSE;
  if (!adm_campaign_record (campaign, action, error))
    {
      g_prefix_error (error, _("The battle of engagement %s was not ended: "), engagement_id);
      return FALSE;
    }
  adm_dice_forget_revealed (campaign, action);
  return TRUE;
}
