/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-engagement.c: from an engagement of the strategic map to a tactical battle.
 *
 * F-STRAT-15: the orders a formation was carrying out decide its initial deployment; the
 * ruleset's <placements> say which placement each kind of order gives, so a new season changes
 * them without code. F-STRAT-5: when an admiral is absent, the master makes the rolls for his
 * formations; under the ruling "absent-admiral" that is a readiness check (F-RDY-2) per engaged
 * formation, rolled when the cycle is resolved and journaled in the same "cycle" event. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-battle-layout.h"
#include "adm-campaign-journal.h"
#include "adm-campaign-private.h"
#include "adm-engagement.h"
#include "adm-engagement-queue.h"
#include "adm-sector-battle.h"
#include "adm-source-text.h"

void
adm_engagement_placement_free (AdmEngagementPlacement *placement)
{
  if (placement == NULL)
    return;
  g_free (placement->reason);
  g_free (placement);
}

/* @msgid in the language of the moment, or as it is, in English, for the text a file keeps
 * (the battle set-up, adm-source-text.h). */
static const char *tr (gboolean english, const char *msgid) G_GNUC_FORMAT (2);

static const char *
tr (gboolean    english,
    const char *msgid)
{
  return english ? msgid : g_dgettext (GETTEXT_PACKAGE, msgid);
}

/* Why a formation carrying out @order deploys as it does: the text, translated unless
 * @english, and in @id the same reason for scripts, in every language. */
static const char *
describe_order (const char  *order,
                gboolean     english,
                const char **id)
{
  static const struct { const char *order, *id, *text; } orders[] = {
    { "move", "ordered-to-move", N_("ordered to move") },
    { "attack", "ordered-to-attack", N_("ordered to attack") },
    { "defend", "ordered-to-defend", N_("ordered to defend") },
    { "patrol", "ordered-to-patrol", N_("ordered to patrol") },
    { "lay-mines", "ordered-to-lay-mines", N_("ordered to lay mines") },
    { "sweep-mines", "ordered-to-sweep-mines", N_("ordered to sweep mines") },
  };

  *id = "no-timed-order";
  if (order == NULL)
    return tr (english, N_("no timed order"));
  for (gsize i = 0; i < G_N_ELEMENTS (orders); i++)
    if (g_str_equal (order, orders[i].order))
      {
        *id = orders[i].id;
        return tr (english, orders[i].text);
      }
  /* The order sheet schema admits no other order: a journal's own word, shown as it is. */
  *id = "ordered";
  return order;
}

static gboolean
admiral_absent (AdmState           *state,
                guint               cycle,
                const AdmFormation *formation)
{
  return formation->admiral != NULL &&
         adm_strategy_get_sheet (adm_state_get_strategy (state), cycle,
                                 formation->admiral->id) == NULL;
}

/* F-STRAT-15 by the orders; F-STRAT-5 when the admiral is absent. */
static void
place_by_orders (AdmState               *state,
                 const AdmEngagement    *engagement,
                 AdmEngagementPlacement *entry,
                 gboolean                english)
{
  AdmRuleset *ruleset = adm_scenario_get_ruleset (adm_state_get_scenario (state));
  const char *order = adm_state_get_cycle_order (state, engagement->cycle, entry->formation->id);
  const char *orders = describe_order (order, english, &entry->reason_id);
  const AdmCycleCheck *check = adm_state_get_cycle_check (state, engagement->cycle,
                                                          entry->formation->id);

  entry->check = check;
  /* F-STRAT-15: the master's choice, journaled before the battle was set up, stands. */
  {
    const char *chosen = adm_state_get_chosen_placement (state, engagement->cycle,
                                                         engagement->minute,
                                                         entry->formation->id);

    if (chosen != NULL)
      {
        entry->placement = adm_ruleset_lookup_placement (ruleset, chosen);
        entry->reason_id = "chosen-by-master";
        entry->reason = g_strdup (tr (english, N_("chosen by the master")));
        return;
      }
  }
  if (check != NULL && !check->passed)
    {
      /* F-STRAT-5, F-RDY-2: failed, the formation is caught in marching order. */
      entry->placement = adm_ruleset_get_check_failed_placement (ruleset);
      entry->reason_id = "readiness-check-failed";
      /* Translators: why a formation is caught in marching order: "admiral absent,
       * readiness check failed (9 > 7)" */
      entry->reason = g_strdup_printf (tr (english, N_("admiral absent, readiness check failed "
                                                       "(%u > %d)")),
                                       check->dice[0] + check->dice[1], check->readiness);
      return;
    }
  entry->placement = adm_ruleset_placement_for_order (ruleset, order);
  if (check != NULL)
    /* Translators: "ordered to attack; admiral absent, readiness check passed (5 ≤ 7)" */
    entry->reason = g_strdup_printf (tr (english, N_("%s; admiral absent, readiness check passed "
                                                     "(%u ≤ %d)")),
                                     orders, check->dice[0] + check->dice[1], check->readiness);
  else if (admiral_absent (state, engagement->cycle, entry->formation))
    /* Translators: "ordered to move; admiral absent, no check rolled" */
    entry->reason = g_strdup_printf (tr (english, N_("%s; admiral absent, no check rolled")),
                                     orders);
  else
    entry->reason = g_strdup (orders);
}

/* The placements, their reasons in the language of the moment or, @english, as the battle
 * set-up keeps them. */
static GPtrArray *
placements_in (AdmState            *state,
               const AdmEngagement *engagement,
               gboolean             english)
{
  AdmScenario *scenario;
  GPtrArray *out;

  scenario = adm_state_get_scenario (state);
  out = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_engagement_placement_free);
  for (guint i = 0; i < engagement->formations->len; i++)
    {
      AdmEngagementPlacement *entry = g_new0 (AdmEngagementPlacement, 1);

      entry->formation = g_ptr_array_index (engagement->formations, i);
      /* Sides are alliances: the first faction met that is allied with this one. */
      for (guint j = 0; j <= i && entry->side == NULL; j++)
        {
          const AdmFormation *other = g_ptr_array_index (engagement->formations, j);

          if (adm_scenario_factions_allied (scenario, other->faction, entry->formation->faction))
            entry->side = other->faction;
        }
      place_by_orders (state, engagement, entry, english);
      g_ptr_array_add (out, entry);
    }
  return out;
}

GPtrArray *
adm_engagement_placements (AdmState            *state,
                           const AdmEngagement *engagement)
{
  g_return_val_if_fail (ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);

  return placements_in (state, engagement, FALSE);
}

char *
adm_engagement_place_name (const AdmEngagement *engagement)
{
  g_return_val_if_fail (engagement != NULL, NULL);

  if (engagement->sector != NULL)
    return g_strdup (engagement->sector->name);
  return g_strdup_printf ("%s – %s", engagement->from->name, engagement->to->name);
}

char *
adm_engagement_file_stem (const AdmEngagement *engagement)
{
  g_return_val_if_fail (engagement != NULL, NULL);

  if (engagement->sector != NULL)
    return g_strdup_printf ("cycle-%u-%s", engagement->cycle, engagement->sector->id);
  return g_strdup_printf ("cycle-%u-link-%s-%s", engagement->cycle, engagement->from->id,
                          engagement->to->id);
}

char *
adm_engagement_layout_key (const AdmEngagement *engagement)
{
  g_autofree char *stem = NULL;
  char minute[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (engagement != NULL, NULL);

  /* The key is hashed into the default layout seed (F-TAC-1): it is the same in every locale,
   * "20.0", never "20,0". */
  stem = adm_engagement_file_stem (engagement);
  g_ascii_formatd (minute, sizeof minute, "%.1f", engagement->minute);
  return g_strdup_printf ("%s@%s", stem, minute);
}

guint32
adm_engagement_layout_seed (AdmState            *state,
                            const AdmEngagement *engagement)
{
  g_autofree char *key = NULL;
  guint32 seed;

  g_return_val_if_fail (ADM_IS_STATE (state), 0);
  g_return_val_if_fail (engagement != NULL, 0);

  key = adm_engagement_layout_key (engagement);
  if (adm_state_get_layout_seed (state, key, &seed))
    return seed;
  return adm_battle_layout_default_seed (key);
}

/* adm_engagement_mine_seed () for the table laid out from @layout_seed. */
static guint32
mine_seed_for (AdmState            *state,
               const AdmEngagement *engagement,
               guint32              layout_seed)
{
  g_autofree char *key = NULL, *salted = NULL;
  const char *salt = NULL;

  /* F-MINE-2: a side sees the table and knows where and when it fights, so the seed of its
   * features is no secret; the hidden mines are placed with the cycle's secret salt too.
   * "Open Battle Here" in the cycle being planned, not resolved yet, takes the last one. */
  for (guint cycle = engagement->cycle; cycle > 0 && salt == NULL; cycle--)
    salt = adm_state_get_mine_salt (state, cycle);
  if (salt == NULL)
    return layout_seed;
  key = adm_engagement_layout_key (engagement);
  salted = g_strdup_printf ("%s:%s:%" G_GUINT32_FORMAT, salt, key, layout_seed);
  return adm_battle_layout_default_seed (salted);
}

guint32
adm_engagement_mine_seed (AdmState            *state,
                          const AdmEngagement *engagement)
{
  return mine_seed_for (state, engagement, adm_engagement_layout_seed (state, engagement));
}

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13, F-SWEEP on the strategic map: a lay-mines order
 * left one mine per ship of the formation fitted to lay them in each cycle it was carried out in
 * @sector — an earlier cycle, or earlier in the engagement's own cycle out of contact with the
 * enemy (laid_before ()); one standing from an earlier cycle goes on laying (ruling
 * "standing-minelaying"). A sweep-mines order carried out there in a later cycle, still before
 * the engagement's, clears them. */
static gboolean
order_in (AdmStrategy         *strategy,
          const AdmStratOrder *order,
          AdmStratOrderKind    kind,
          const AdmSector     *sector)
{
  return order->kind == kind && order->target_sector == sector && order->formation != NULL &&
         adm_strategy_order_in_force (strategy, order);
}

static gboolean
lays_mines (const AdmShip *ship)
{
  for (guint w = 0; w < ship->klass->weapons->len; w++)
    if (((AdmWeapon *) g_ptr_array_index (ship->klass->weapons, w))->type == ADM_WEAPON_MINE)
      return TRUE;
  return FALSE;
}

/* F-MINE-13: whether @formation, ordered to lay mines in @engagement's sector in its cycle,
 * finished laying them before the engagement's minute, out of contact with the enemy: in no
 * engagement of the cycle before it was done. */
static gboolean
laid_before (AdmStrategy         *strategy,
             const AdmFormation  *formation,
             const AdmEngagement *engagement)
{
  g_autoptr(GPtrArray) met = NULL;
  double end;

  if (!adm_strategy_mines_laid (strategy, engagement->cycle, formation->id, engagement->sector,
                                &end) ||
      end > engagement->minute)
    return FALSE;
  met = adm_strategy_get_engagements (strategy, engagement->cycle);
  for (guint i = 0; i < met->len; i++)
    {
      const AdmEngagement *other = g_ptr_array_index (met, i);

      for (guint f = 0; other->minute < end && f < other->formations->len; f++)
        if (g_str_equal (((const AdmFormation *) g_ptr_array_index (other->formations, f))->id,
                         formation->id))
          return FALSE;
    }
  return TRUE;
}

static GPtrArray *
laid_mines (AdmState            *state,
            const AdmEngagement *engagement)
{
  GPtrArray *mines = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_laid_mine_free);
  AdmStrategy *strategy = adm_state_get_strategy (state);
  GPtrArray *admirals = adm_strategy_get_admirals (strategy);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);  /* borrowed */
  guint swept = 0;

  if (engagement->sector == NULL)
    return mines;
  /* The scenario's minefields there, laid before cycle 1: swept as those of any cycle are. */
  adm_laid_mines_add_start (mines, engagement->sector);
  for (guint cycle = 1; cycle <= engagement->cycle; cycle++)
    for (guint a = 0; a < admirals->len; a++)
      {
        const AdmAdmiral *admiral = g_ptr_array_index (admirals, a);
        g_autoptr(GPtrArray) orders = adm_strategy_get_orders (strategy, cycle, admiral->id);

        for (guint o = 0; o < orders->len; o++)
          {
            const AdmStratOrder *order = g_ptr_array_index (orders, o);

            if (cycle < engagement->cycle &&
                order_in (strategy, order, ADM_STRAT_ORDER_SWEEP_MINES, engagement->sector))
              swept = cycle;
            if (!order_in (strategy, order, ADM_STRAT_ORDER_LAY_MINES, engagement->sector))
              continue;
            /* The cycles it was carried out in there, its own and those it stood through. */
            for (guint laid = cycle; laid <= engagement->cycle; laid++)
              {
                double end;

                if (!adm_strategy_mines_laid (strategy, laid, order->formation->id,
                                              engagement->sector, &end) ||
                    (laid == engagement->cycle &&
                     !laid_before (strategy, order->formation, engagement)))
                  continue;
                for (guint i = 0; i < order->formation->ships->len; i++)
                  {
                    const AdmShip *ship = g_ptr_array_index (order->formation->ships, i);
                    g_autofree char *id = NULL;
                    AdmLaidMine *mine;

                    if (!lays_mines (ship))
                      continue;
                    /* A later order of the formation there meets the same cycles' mines. */
                    id = g_strdup_printf ("mine-c%u-%s", laid, ship->id);
                    if (g_hash_table_contains (ids, id))
                      continue;
                    mine = g_new0 (AdmLaidMine, 1);
                    mine->faction = order->formation->faction;
                    mine->id = g_steal_pointer (&id);
                    mine->cycle = laid;
                    g_hash_table_add (ids, mine->id);
                    g_ptr_array_add (mines, mine);
                  }
              }
          }
      }
  /* The master's clearing ("minefield") is a sweep of its cycle. */
  {
    guint cleared = adm_state_get_mines_cleared (state, engagement->sector->id);

    if (cleared > 0 && cleared <= engagement->cycle)
      swept = MAX (swept, cleared);
  }
  /* A sweep clears what was laid in cycles before it. */
  for (guint i = mines->len; swept > 0 && i > 0; i--)
    {
      const AdmLaidMine *mine = g_ptr_array_index (mines, i - 1);

      if (mine->cycle < swept)
        g_ptr_array_remove_index (mines, i - 1);
    }
  return mines;
}

void
adm_engagement_sector_mines (AdmState        *state,
                             const AdmSector *sector,
                             GHashTable      *counts)
{
  /* A battle there at the start of the cycle being ordered, before anything of it is done:
   * that cycle's orders have laid and swept nothing yet. */
  AdmEngagement now = { 0 };
  g_autoptr(GPtrArray) mines = NULL;

  g_return_if_fail (state != NULL && sector != NULL && counts != NULL);

  now.cycle = adm_strategy_get_cycle (adm_state_get_strategy (state));
  now.minute = 0.0;
  now.sector = sector;
  mines = laid_mines (state, &now);
  for (guint i = 0; i < mines->len; i++)
    {
      const AdmLaidMine *mine = g_ptr_array_index (mines, i);
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, mine->faction));

      g_hash_table_insert (counts, (gpointer) mine->faction, GUINT_TO_POINTER (n + 1));
    }
}

static gboolean
engaged (const AdmEngagement *engagement,
         const char          *formation_id)
{
  for (guint i = 0; i < engagement->formations->len; i++)
    if (g_str_equal (((AdmFormation *) g_ptr_array_index (engagement->formations, i))->id,
                     formation_id))
      return TRUE;
  return FALSE;
}

/* The master's choices must name engaged formations and placements the ruleset has. */
static gboolean
check_overrides (AdmRuleset           *ruleset,
                 const AdmEngagement  *engagement,
                 const char           *place,
                 GHashTable           *overrides,
                 GError              **error)
{
  GHashTableIter iter;
  gpointer key, value;

  if (overrides == NULL)
    return TRUE;
  g_hash_table_iter_init (&iter, overrides);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (!engaged (engagement, key))
        {
          g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_UNKNOWN_FORMATION,
                       /* Translators: "The formation “jade-squadron” is not in the engagement
                        * at Hegen Hub" */
                       _("The formation “%s” is not in the engagement at %s"),
                       (const char *) key, place);
          return FALSE;
        }
      if (adm_ruleset_lookup_placement (ruleset, value) == NULL)
        {
          GPtrArray *placements = adm_ruleset_get_placements (ruleset);
          g_autoptr(GString) known = g_string_new (NULL);

          for (guint i = 0; i < placements->len; i++)
            g_string_append_printf (known, "%s%s", i > 0 ? ", " : "",
                                    ((AdmPlacement *) g_ptr_array_index (placements, i))->id);
          g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_UNKNOWN_PLACEMENT,
                       /* Translators: "There is no placement “wedge” for “jade-squadron”; the
                        * ruleset has: attack-formation, marching-order, defensive" */
                       _("There is no placement “%s” for “%s”; the ruleset has: %s"),
                       (const char *) value, (const char *) key, known->str);
          return FALSE;
        }
    }
  return TRUE;
}

char *
adm_engagement_battle_setup (AdmState            *state,
                             const AdmEngagement *engagement,
                             GHashTable          *overrides,
                             GError             **error)
{
  g_return_val_if_fail (ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);

  return _adm_engagement_battle_setup_seeded (state, engagement, overrides,
                                              adm_engagement_layout_seed (state, engagement),
                                              error);
}

char *
_adm_engagement_battle_setup_seeded (AdmState            *state,
                                     const AdmEngagement *engagement,
                                     GHashTable          *overrides,
                                     guint32              layout_seed,
                                     GError             **error)
{
  g_autoptr(GPtrArray) placements = NULL;
  g_autoptr(GPtrArray) placed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) mines = NULL;
  g_autoptr(GString) description = g_string_new (NULL);
  g_autofree char *place = NULL, *name = NULL, *where = NULL, *english_place = NULL;
  AdmScenario *scenario;
  AdmRuleset *ruleset;

  g_return_val_if_fail (ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (engagement != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scenario = adm_state_get_scenario (state);
  ruleset = adm_scenario_get_ruleset (scenario);
  place = adm_engagement_place_name (engagement);
  if (!check_overrides (ruleset, engagement, place, overrides, error))
    return NULL;

  /* The set-up is data the campaign file keeps: its title, names and description in English
   * whatever the language of the moment (adm-source-text.h); the title is translated when the
   * battle is read (adm_battle_title_translate ()). */
  if (engagement->sector != NULL)
    {
      english_place = g_strdup (adm_source_text_english (engagement->sector->name));
      /* Translators: where enemies meet, for messages: "in Pol jump point" */
      where = g_strdup_printf (_("in %s"), place);
    }
  else
    {
      english_place = g_strdup_printf ("%s – %s", adm_source_text_english (engagement->from->name),
                                       adm_source_text_english (engagement->to->name));
      /* Translators: where enemies meet, for messages: "on the link Pol orbit – Hegen Hub" */
      where = g_strdup_printf (_("on the link %s"), place);
    }
  name = adm_battle_title_write (english_place, engagement->sector == NULL);
  g_string_append_printf (description, "Engagement of cycle %u at minute %.0f (F-STRAT-4), "
                          "placed by the formations' orders (F-STRAT-15):",
                          engagement->cycle, engagement->minute);

  placements = placements_in (state, engagement, TRUE);
  for (guint i = 0; i < placements->len; i++)
    {
      const AdmEngagementPlacement *entry = g_ptr_array_index (placements, i);
      const char *chosen = overrides != NULL ? g_hash_table_lookup (overrides,
                                                                    entry->formation->id) : NULL;
      AdmPlacedFormation *laid;

      if (entry->formation->ships->len == 0)
        continue;
      laid = g_new0 (AdmPlacedFormation, 1);
      laid->formation = entry->formation;
      laid->placement = chosen != NULL ? adm_ruleset_lookup_placement (ruleset, chosen)
                                       : entry->placement;
      g_ptr_array_add (placed, laid);
      g_string_append_c (description, ' ');
      /* One formation: "Jade Squadron: Attack formation (ordered to attack)". */
      g_string_append_printf (description, "%s: %s (%s)",
                              adm_source_text_english (entry->formation->name),
                              adm_source_text_english (laid->placement->name),
                              chosen != NULL ? "chosen by the master" : entry->reason);
      g_string_append_c (description, i + 1 < placements->len ? ';' : '.');
    }
  mines = laid_mines (state, engagement);
  return adm_battle_setup_write (scenario, state, engagement->sector, placed, name,
                                 description->str, where, layout_seed, mines,
                                 mine_seed_for (state, engagement, layout_seed), error);
}

/* Cycle resolution (F-STRAT-5) */

static const char *
absent_admiral_ruling (AdmScenario *scenario)
{
  const AdmRuling *ruling = adm_ruleset_lookup_ruling (adm_scenario_get_ruleset (scenario),
                                                       "absent-admiral");

  return ruling != NULL ? ruling->value : "readiness-check";
}

static void
cycle_request_free (gpointer data)
{
  AdmDiceRequest *request = data;

  g_free ((char *) request->purpose);
  g_free (request);
}

/* Rolls the check of every engaged formation of an absent admiral into @checks
 * ("FORMATION=D1+D2 …"); FALSE when a die cannot be had. With @wanted, rolls nothing and adds
 * there the request of each check instead (AdmDiceRequest*, cycle_request_free ()). */
static gboolean
roll_checks (AdmState       *scratch,
             guint           cycle,
             AdmDiceSource  *source,
             GString        *checks,
             GPtrArray      *wanted,
             GError        **error)
{
  g_autoptr(GPtrArray) engagements = adm_strategy_get_engagements (adm_state_get_strategy (scratch),
                                                                   cycle);
  g_autoptr(GHashTable) rolled = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint e = 0; e < engagements->len; e++)
    {
      const AdmEngagement *engagement = g_ptr_array_index (engagements, e);

      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);
          /* Translators: the purpose of a roll: "readiness check of Jade Squadron, admiral
           * absent" */
          g_autofree char *purpose = g_strdup_printf (_("readiness check of %s, admiral absent"),
                                                      formation->name);
          AdmDiceRequest request = { 2, 6, purpose, "F-STRAT-5" };
          guint dice[2];

          if (!admiral_absent (scratch, cycle, formation) || formation->ships->len == 0 ||
              !g_hash_table_add (rolled, formation->id))
            continue;
          if (wanted != NULL)
            {
              AdmDiceRequest *copy = g_memdup2 (&request, sizeof request);

              copy->purpose = g_steal_pointer (&purpose);
              g_ptr_array_add (wanted, copy);
              continue;
            }
          /* F-RDY-2: 2d6 against the flagship's readiness. */
          if (!adm_dice_source_roll (source, &request, dice, error))
            return FALSE;
          g_string_append_printf (checks, "%s%s=%u+%u", checks->len > 0 ? " " : "",
                                  formation->id, dice[0], dice[1]);
        }
    }
  return TRUE;
}

static gboolean resolve (AdmCampaign *campaign, AdmDiceSource *source, gint64 time,
                         GHashTable *drops, GError **error);

gboolean
adm_campaign_resolve_cycle (AdmCampaign    *campaign,
                            AdmDiceSource  *source,
                            gint64          time,
                            GError        **error)
{
  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (source == NULL || ADM_IS_DICE_SOURCE (source), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return resolve (campaign, source, time, NULL, error);
}

gboolean
adm_campaign_resolve_cycle_dropping (AdmCampaign    *campaign,
                                     AdmDiceSource  *source,
                                     gint64          time,
                                     GHashTable     *drops,
                                     GError        **error)
{
  g_autoptr(GPtrArray) unfought = NULL;
  g_autoptr(GPtrArray) undecided = g_ptr_array_new ();

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), FALSE);
  g_return_val_if_fail (source == NULL || ADM_IS_DICE_SOURCE (source), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Every engagement left unfought is fought first or dropped with a reason: resolving the
   * next cycle never leaves one behind unsaid. */
  unfought = adm_campaign_get_unfought (campaign);
  for (guint i = 0; i < unfought->len; i++)
    {
      AdmQueuedEngagement *engagement = g_ptr_array_index (unfought, i);

      if (drops == NULL || g_hash_table_lookup (drops, engagement->id) == NULL)
        g_ptr_array_add (undecided, engagement);
    }
  /* A drop of an engagement that is not waiting to be fought is a slip: nothing happens. */
  if (drops != NULL && g_hash_table_size (drops) + undecided->len != unfought->len)
    {
      g_set_error_literal (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                           _("Only an engagement not fought yet can be dropped; nothing was "
                             "journaled"));
      return FALSE;
    }
  if (undecided->len > 0)
    {
      g_autofree char *ids = adm_engagements_list_ids (undecided);
      guint cycle = adm_strategy_get_cycle (adm_state_get_strategy (
                      adm_campaign_get_state (campaign)));

      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   /* Translators: "Cycle 2 was not resolved and nothing was journaled: the
                    * engagements c1-1, c1-3 are not fought; fight them, or drop each with a
                    * reason" */
                   ngettext ("Cycle %u was not resolved and nothing was journaled: the "
                             "engagement %s is not fought; fight it, or drop it with a reason",
                             "Cycle %u was not resolved and nothing was journaled: the "
                             "engagements %s are not fought; fight them, or drop each with a "
                             "reason", undecided->len), cycle, ids);
      return FALSE;
    }
  return resolve (campaign, source, time, drops, error);
}

/* F-MINE-2: the secret salt of @cycle's hidden mines (adm_state_get_mine_salt ()):
 * HMAC-SHA256 keyed by the seed of the campaign's own generator, which only the master's file
 * holds, of "mine-salt:CYCLE". Journaled with the cycle, so that every replay lays the
 * mines alike; a seeded campaign (admiralty-cli cycle --seed) has the same ones every
 * time. */
static char *
cycle_mine_salt (AdmCampaign *campaign,
                 guint        cycle)
{
  guint64 seed = adm_dice_prng_get_seed (adm_campaign_get_prng (campaign));
  g_autofree char *message = g_strdup_printf ("mine-salt:%u", cycle);
  g_autoptr(GHmac) hmac = NULL;
  guint8 key[8];

  for (guint i = 0; i < 8; i++)
    key[i] = (guint8) (seed >> (56 - 8 * i));
  hmac = g_hmac_new (G_CHECKSUM_SHA256, key, sizeof key);
  g_hmac_update (hmac, (const guchar *) message, -1);
  return g_strdup (g_hmac_get_string (hmac));
}

/* The engagements of @cycle resolved at @time, on a replay of the journal that the campaign
 * never sees. */
static AdmState *
cycle_scratch (AdmCampaign  *campaign,
               guint         cycle,
               gint64        time,
               GError      **error)
{
  g_autoptr(AdmState) scratch = adm_state_new (adm_campaign_get_scenario (campaign));
  g_autoptr(AdmEvent) trial = NULL;
  GPtrArray *events = adm_campaign_get_events (campaign);

  for (guint i = 0; i < events->len; i++)
    if (!adm_state_apply (scratch, g_ptr_array_index (events, i), error))
      return NULL;
  trial = adm_event_new ("cycle", time);
  adm_event_set_int (trial, "cycle", cycle);
  if (!adm_state_apply (scratch, trial, error))
    return NULL;
  return g_steal_pointer (&scratch);
}

GPtrArray *
adm_campaign_cycle_checks (AdmCampaign  *campaign,
                           gint64        time,
                           GError      **error)
{
  g_autoptr(GPtrArray) wanted = g_ptr_array_new_with_free_func (cycle_request_free);
  g_autoptr(AdmState) scratch = NULL;
  guint cycle;

  g_return_val_if_fail (ADM_IS_CAMPAIGN (campaign), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_str_equal (absent_admiral_ruling (adm_campaign_get_scenario (campaign)),
                    "readiness-check"))
    return g_steal_pointer (&wanted);
  cycle = adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (campaign)));
  scratch = cycle_scratch (campaign, cycle, time, error);
  if (scratch == NULL ||
      !roll_checks (scratch, cycle, NULL, NULL, wanted, error))
    return NULL;
  return g_steal_pointer (&wanted);
}

/* The cycle, its checks and the master's drops (engagement id → reason, or NULL): one
 * action. */
static gboolean
resolve (AdmCampaign    *campaign,
         AdmDiceSource  *source,
         gint64          time,
         GHashTable     *drops,
         GError        **error)
{
  AdmScenario *scenario;
  g_autoptr(AdmState) scratch = NULL;
  g_autoptr(GString) checks = g_string_new (NULL);
  g_autoptr(AdmJournalAction) action = NULL;
  g_autoptr(AdmEvent) cycle_event = NULL;
  g_autofree char *mine_salt = NULL;
  guint cycle;

  scenario = adm_campaign_get_scenario (campaign);
  cycle = adm_strategy_get_cycle (adm_state_get_strategy (adm_campaign_get_state (campaign)));

  scratch = cycle_scratch (campaign, cycle, time, error);
  if (scratch == NULL)
    return FALSE;

  /* F-STRAT-5: the master rolls for the absent admirals' formations. */
  if (g_str_equal (absent_admiral_ruling (scenario), "readiness-check") &&
      !roll_checks (scratch, cycle, source != NULL ? source
                                                   : ADM_DICE_SOURCE (adm_campaign_get_prng (campaign)),
                    checks, NULL, error))
    {
      g_prefix_error (error, _("Cycle %u was not resolved and nothing was journaled: "), cycle);
      return FALSE;
    }

  /* One action, named by the cycle (its undo, its milestone): the master's drops, then the
   * cycle and its checks, or nothing. The drops come first: they close the cycle before, whose
   * reports they belong to. */
  action = adm_journal_action_new ("cycle", time);
  adm_event_set_int (adm_journal_action_get_head (action), "cycle", cycle);
  if (drops != NULL)
    {
      g_autoptr(GPtrArray) unfought = adm_campaign_get_unfought (campaign);

      /* In queue order, whatever the table's. */
      for (guint i = 0; i < unfought->len; i++)
        {
          const char *id = ((AdmQueuedEngagement *) g_ptr_array_index (unfought, i))->id;
          const char *reason = g_hash_table_lookup (drops, id);
          AdmEvent *drop;

          if (reason == NULL)
            continue;
          drop = adm_event_new ("drop-engagement", time);
          adm_event_set (drop, "engagement", id);
          adm_event_set (drop, "reason", reason);
          adm_journal_action_add_event (action, drop);
          adm_event_unref (drop);
        }
    }
  cycle_event = adm_event_new ("cycle", time);
  adm_event_set_int (cycle_event, "cycle", cycle);
  if (checks->len > 0)
    adm_event_set (cycle_event, "checks", checks->str);
  mine_salt = cycle_mine_salt (campaign, cycle);
  adm_event_set (cycle_event, "mine-salt", mine_salt);
  adm_journal_action_add_event (action, cycle_event);
  return adm_campaign_record (campaign, action, error);
}
