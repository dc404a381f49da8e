/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy.c: the strategic phase (F-STRAT) — its timing rules, the model (a tracker per
 * formation ever in being: where it is, its orders, its log, who knows of it), the "sheet"
 * events, the event readers the other files share, and the queries. The orders are read in
 * adm-strategy-orders.c, the formations they reform change in adm-strategy-formations.c, a
 * cycle is resolved in adm-strategy-cycle.c, and what the sides have seen is kept in
 * adm-strategy-sightings.c. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy-private.h"

/* Pure timing rules */

/* F-STRAT-6, ruling "strategic-phase": a strategic phase is one comms cycle of @cycle_minutes
 * (F-STRAT-1) or "about an hour", @hour_minutes. */
double
adm_strat_6_phase_minutes (gboolean phase_is_hour,
                           double   cycle_minutes,
                           double   hour_minutes)
{
  return phase_is_hour ? hour_minutes : cycle_minutes;
}

/* F-STRAT-10: light ships and cruisers, "i.e. ships with maximum speed > 25": over
 * @speed_over. */
gboolean
adm_strat_10_is_fast (int slowest_speed,
                      int speed_over)
{
  return slowest_speed > speed_over;
}

/* F-STRAT-10: a sector takes 1 strategic phase for main ships (@main_phases), 0.5 for fast ones
 * (@fast_phases). */
double
adm_strat_10_move_phases (gboolean fast,
                          double   main_phases,
                          double   fast_phases)
{
  return fast ? fast_phases : main_phases;
}

/* F-STRAT-11: any other order takes half a phase, @action_phases; F-STRAT-12: forming,
 * disbanding and naming a flagship take no time; free-text instructions (F-STRAT-18) are no
 * action of their own. */
double
adm_strat_11_order_phases (AdmStratOrderKind kind,
                           double            action_phases)
{
  switch (kind)
    {
    case ADM_STRAT_ORDER_FLAGSHIP:
    case ADM_STRAT_ORDER_INSTRUCTIONS:
    case ADM_STRAT_ORDER_FORM:
    case ADM_STRAT_ORDER_DETACH:
    case ADM_STRAT_ORDER_JOIN:
    case ADM_STRAT_ORDER_DISBAND:
      return 0.0;
    case ADM_STRAT_ORDER_MOVE:
    case ADM_STRAT_ORDER_ATTACK:
    case ADM_STRAT_ORDER_DEFEND:
    case ADM_STRAT_ORDER_PATROL:
    case ADM_STRAT_ORDER_LAY_MINES:
    case ADM_STRAT_ORDER_SWEEP_MINES:
    default:
      return action_phases;
    }
}

/* F-STRAT-10, ruling "half-phase-actions": when the next action may start after one that
 * ended at @end_minute — at once, or at the next whole phase. */
double
adm_strategy_next_start (double   end_minute,
                         double   phase_minutes,
                         gboolean two_per_phase)
{
  double phases;

  if (two_per_phase)
    return end_minute;
  phases = end_minute / phase_minutes;
  /* Exact multiples stay where they are, despite rounding in the division. */
  if (fabs (phases - round (phases)) < 1e-9)
    return end_minute;
  return ceil (phases) * phase_minutes;
}

/* Wrappers */

const char *
_adm_strategy_ruling (AdmScenario *scenario,
                      const char  *id)
{
  return adm_ruleset_get_ruling_value (adm_scenario_get_ruleset (scenario), id);
}

char *
_adm_strategy_composition_problem (AdmScenario *scenario,
                                   const char  *name,
                                   GPtrArray   *ships)
{
  return adm_formation_composition_problem (
    _adm_strategy_ruling (scenario, "formation-composition"),
    adm_ruleset_get_formation_ships (adm_scenario_get_ruleset (scenario)), name, ships);
}

gboolean
_adm_strategy_check_composition (AdmStrategy  *self,
                                 const char   *name,
                                 GPtrArray    *ships,
                                 GError      **error)
{
  g_autoptr(GPtrArray) so_far = g_ptr_array_new ();

  for (guint i = 0; i < ships->len; i++)
    {
      g_autofree char *problem = NULL;

      g_ptr_array_add (so_far, g_ptr_array_index (ships, i));
      if ((problem = _adm_strategy_composition_problem (self->scenario, name, so_far)) != NULL)
        return _adm_strategy_refuse (error, "%s", problem);
    }
  return TRUE;
}

/* F-STRAT-10 under ruling "fast-ships"; F-FORM-10: the formation moves at its worst ship. */
double
adm_strategy_cycle_minutes (AdmScenario *scenario)
{
  return adm_ruleset_get_cycle_minutes (adm_scenario_get_ruleset (scenario));
}

double
adm_strategy_phase_minutes (AdmScenario *scenario)
{
  AdmRuleset *ruleset = adm_scenario_get_ruleset (scenario);

  return adm_strat_6_phase_minutes (
    g_str_equal (_adm_strategy_ruling (scenario, "strategic-phase"), "hour"),
    adm_ruleset_get_cycle_minutes (ruleset), adm_ruleset_get_hour_minutes (ruleset));
}

double
adm_strategy_order_phases (AdmScenario       *scenario,
                           AdmStratOrderKind  kind)
{
  return adm_strat_11_order_phases (
    kind, adm_ruleset_get_order_phases (adm_scenario_get_ruleset (scenario)));
}

gboolean
adm_strategy_formation_is_fast (AdmScenario        *scenario,
                                const AdmFormation *formation)
{
  gboolean by_type = g_str_equal (_adm_strategy_ruling (scenario, "fast-ships"),
                                  "escorts-and-cruisers");
  int slowest = G_MAXINT;

  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);
      const char *type = ship->klass->type->id;

      if (by_type && ship->klass->category != ADM_CATEGORY_ESCORT &&
          !g_str_equal (type, "cruiser") && !g_str_equal (type, "heavy-cruiser"))
        return FALSE;
      slowest = MIN (slowest, ship->klass->speed);
    }
  return by_type || adm_strat_10_is_fast (slowest, adm_ruleset_get_fast_speed_over (
                                                      adm_scenario_get_ruleset (scenario)));
}

double
adm_strategy_leg_minutes (AdmScenario        *scenario,
                          const AdmFormation *formation)
{
  AdmRuleset *ruleset = adm_scenario_get_ruleset (scenario);

  return adm_strategy_phase_minutes (scenario) *
         adm_strat_10_move_phases (adm_strategy_formation_is_fast (scenario, formation),
                                   adm_ruleset_get_sector_phases (ruleset, FALSE),
                                   adm_ruleset_get_sector_phases (ruleset, TRUE));
}

/* Life cycle */

static void
log_line_free (gpointer data)
{
  LogLine *line = data;

  g_free (line->text);
  g_free (line->told);
  g_free (line);
}

void
adm_strat_order_free (AdmStratOrder *order)
{
  if (order == NULL)
    return;
  g_clear_pointer (&order->route, g_ptr_array_unref);
  g_clear_pointer (&order->ships, g_ptr_array_unref);
  g_free (order->text);
  g_free (order->new_formation);
  g_free (order->new_name);
  g_free (order);
}

AdmStratOrder *
_adm_strat_order_copy (const AdmStratOrder *order)
{
  AdmStratOrder *copy = g_memdup2 (order, sizeof *order);

  copy->route = order->route != NULL ? g_ptr_array_copy (order->route, NULL, NULL) : NULL;
  copy->ships = order->ships != NULL ? g_ptr_array_copy (order->ships, NULL, NULL) : NULL;
  copy->text = g_strdup (order->text);
  copy->new_formation = g_strdup (order->new_formation);
  copy->new_name = g_strdup (order->new_name);
  return copy;
}

static void
tracker_free (gpointer data)
{
  Tracker *tracker = data;

  adm_strat_order_free (tracker->standing);
  g_ptr_array_unref (tracker->log);
  g_ptr_array_unref (tracker->known_to);
  g_array_unref (tracker->sightings);
  g_free (tracker);
}

static void
owned_formation_free (gpointer data)
{
  AdmFormation *formation = data;

  g_free (formation->id);
  g_free (formation->name);
  g_ptr_array_unref (formation->ships);
  g_ptr_array_unref (formation->succession);
  g_free (formation);
}

Tracker *
_adm_strategy_add_tracker (AdmStrategy        *self,
                           const AdmFormation *formation,
                           const AdmSector    *sector)
{
  Tracker *tracker = g_new0 (Tracker, 1);

  tracker->pos.formation = formation;
  tracker->pos.sector = sector;
  tracker->pos.flagship = formation->flagship;
  tracker->index = self->all->len;
  tracker->log = g_ptr_array_new_with_free_func (log_line_free);
  tracker->known_to = g_ptr_array_new ();
  tracker->sightings = g_array_new (FALSE, FALSE, sizeof (Seen));
  g_hash_table_insert (self->trackers, g_strdup (formation->id), tracker);
  g_ptr_array_add (self->all, tracker);
  g_ptr_array_add (self->formations, (gpointer) formation);
  for (guint i = 0; i < formation->ships->len; i++)
    g_hash_table_insert (self->ship_formation, g_ptr_array_index (formation->ships, i), tracker);
  return tracker;
}

static void
engagement_free (gpointer data)
{
  AdmEngagement *engagement = data;

  g_ptr_array_unref (engagement->formations);
  g_clear_pointer (&engagement->joined, g_hash_table_unref);
  g_clear_pointer (&engagement->stations, g_ptr_array_unref);
  g_free (engagement);
}

static void
mines_laid_clear (gpointer data)
{
  g_free (((MinesLaid *) data)->formation_id);
}

static GArray *
mines_laid_new (void)
{
  GArray *array = g_array_new (FALSE, FALSE, sizeof (MinesLaid));

  g_array_set_clear_func (array, mines_laid_clear);
  return array;
}

gboolean
adm_strategy_mines_laid (AdmStrategy     *self,
                         guint            cycle,
                         const char      *formation_id,
                         const AdmSector *sector,
                         double          *end)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (formation_id != NULL && end != NULL, FALSE);

  for (guint i = 0; i < self->mines_laid->len; i++)
    {
      const MinesLaid *laid = &g_array_index (self->mines_laid, MinesLaid, i);

      if (laid->cycle == cycle && laid->sector == sector &&
          g_str_equal (laid->formation_id, formation_id))
        {
          *end = laid->end;
          return TRUE;
        }
    }
  return FALSE;
}

static void
ending_free (AdmCampaignEnding *ending)
{
  if (ending == NULL)
    return;
  g_free (ending->reason);
  g_free (ending);
}

static AdmCampaignEnding *
ending_copy (const AdmCampaignEnding *ending)
{
  AdmCampaignEnding *copy;

  if (ending == NULL)
    return NULL;
  copy = g_memdup2 (ending, sizeof *ending);
  copy->reason = g_strdup (ending->reason);
  return copy;
}

const AdmCampaignEnding *
adm_strategy_get_ending (AdmStrategy *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->ending;
}

/* "end-campaign", checked by the state's one check (adm-state.c). */
void
adm_strategy_apply_end_campaign (AdmStrategy    *self,
                                 const AdmEvent *event)
{
  g_return_if_fail (self->ending == NULL);
  self->ending = g_new0 (AdmCampaignEnding, 1);
  self->ending->reason = g_strdup (adm_event_get (event, "reason"));
  self->ending->time = adm_event_get_time (event);
  self->ending->cycle = self->cycle;
}

/* "publish", checked by the state's one check (adm-state.c). */
void
adm_strategy_apply_publish (AdmStrategy *self)
{
  g_return_if_fail (self->ending != NULL);
  self->ending->published = TRUE;
}

AdmStrategy *
adm_strategy_new (AdmScenario *scenario)
{
  AdmStrategy *self = g_new0 (AdmStrategy, 1);
  GPtrArray *formations = adm_scenario_get_formations (scenario);

  self->scenario = scenario;
  self->cycle = 1;
  self->trackers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, tracker_free);
  self->all = g_ptr_array_new ();
  self->formations = g_ptr_array_new ();
  self->owned = g_ptr_array_new_with_free_func (owned_formation_free);
  self->ship_formation = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->engagements = g_ptr_array_new_with_free_func (engagement_free);
  self->sheets = g_ptr_array_new_with_free_func (g_free);
  self->orders = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_strat_order_free);
  self->mines_laid = mines_laid_new ();
  self->added_ships = g_ptr_array_new_with_free_func (_adm_strategy_added_ship_free);
  self->added_by_id = g_hash_table_new (g_str_hash, g_str_equal);
  self->retired = g_hash_table_new (g_str_hash, g_str_equal);
  /* Borrowed: a copy of the scenario's array would free its admirals with it. */
  self->admirals = g_ptr_array_new ();
  g_ptr_array_extend (self->admirals, adm_scenario_get_admirals (scenario), NULL, NULL);
  self->joined_by_id = g_hash_table_new (g_str_hash, g_str_equal);

  /* F-GEN-7: the formations start where the master announced them. */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      _adm_strategy_add_tracker (self, formation, formation->sector);
    }
  return self;
}

/* A scratch copy to check a batch of orders in sequence (an order sheet whose later orders go
 * to the formations its administrative orders make): formations, positions, membership and
 * visibility as now, with no history. It borrows @self's formations and never changes them —
 * a formation it reforms it copies first (writable()) — so @self must outlive it. */
AdmStrategy *
adm_strategy_new_trial (AdmStrategy *self)
{
  AdmStrategy *trial = g_new0 (AdmStrategy, 1);

  trial->scenario = self->scenario;
  trial->cycle = self->cycle;
  trial->trackers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, tracker_free);
  trial->all = g_ptr_array_new ();
  trial->formations = g_ptr_array_copy (self->formations, NULL, NULL);
  trial->owned = g_ptr_array_new_with_free_func (owned_formation_free);
  trial->ship_formation = g_hash_table_new (g_direct_hash, g_direct_equal);
  trial->engagements = g_ptr_array_new_with_free_func (engagement_free);
  trial->sheets = g_ptr_array_new_with_free_func (g_free);
  trial->orders = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_strat_order_free);
  trial->mines_laid = mines_laid_new ();
  trial->added_by_id = g_hash_table_ref (self->added_by_id);
  trial->retired = g_hash_table_ref (self->retired);
  trial->admirals = g_ptr_array_ref (self->admirals);
  trial->joined_by_id = g_hash_table_ref (self->joined_by_id);
  trial->ending = ending_copy (self->ending);

  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      Tracker *copy = g_memdup2 (tracker, sizeof *tracker);

      copy->standing = tracker->standing != NULL ? _adm_strat_order_copy (tracker->standing) : NULL;
      memset (copy->pending, 0, sizeof copy->pending);
      copy->log = g_ptr_array_new_with_free_func (log_line_free);
      copy->known_to = g_ptr_array_copy (tracker->known_to, NULL, NULL);
      copy->sightings = g_array_copy (tracker->sightings);
      g_hash_table_insert (trial->trackers, g_strdup (tracker->pos.formation->id), copy);
      g_ptr_array_add (trial->all, copy);
      for (guint s = 0; !copy->gone && s < copy->pos.formation->ships->len; s++)
        g_hash_table_insert (trial->ship_formation,
                             g_ptr_array_index (copy->pos.formation->ships, s), copy);
    }
  return trial;
}

void
adm_strategy_free (AdmStrategy *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->trackers);
  g_ptr_array_unref (self->all);
  g_ptr_array_unref (self->formations);
  g_hash_table_unref (self->ship_formation);
  g_ptr_array_unref (self->engagements);
  g_ptr_array_unref (self->sheets);
  g_ptr_array_unref (self->orders);
  g_ptr_array_unref (self->owned);
  g_array_unref (self->mines_laid);
  g_hash_table_unref (self->added_by_id);
  g_hash_table_unref (self->retired);
  g_clear_pointer (&self->added_ships, g_ptr_array_unref);
  g_ptr_array_unref (self->admirals);
  g_hash_table_unref (self->joined_by_id);
  ending_free (self->ending);

  g_free (self);
}

/* Reading events */

gboolean
_adm_strategy_need_cycle (AdmStrategy     *self,
                          const AdmEvent  *event,
                          guint           *out,
                          GError         **error)
{
  const char *text = adm_event_get (event, "cycle");
  guint64 cycle;

  if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT, &cycle, NULL))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the “%s” event needs “cycle” to be a cycle number, not “%s”"),
                   adm_event_get_kind (event), text != NULL ? text : "");
      return FALSE;
    }
  /* F-STRAT-1: orders and sheets are for the cycle the next comms session resolves. */
  if (cycle != self->cycle)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                   _("the “%s” event is for cycle %u, but the current cycle is %u"),
                   adm_event_get_kind (event), (guint) cycle, self->cycle);
      return FALSE;
    }
  *out = (guint) cycle;
  return TRUE;
}

const AdmAdmiral *
_adm_strategy_need_admiral (AdmStrategy     *self,
                            const AdmEvent  *event,
                            GError         **error)
{
  const char *id = adm_event_get (event, "admiral");
  const AdmAdmiral *admiral = adm_strategy_lookup_admiral (self, id);

  if (admiral == NULL)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the “%s” event names unknown admiral “%s”"), adm_event_get_kind (event),
                 id != NULL ? id : "");
  /* An admiral who left the game ("retire-admiral") hands in no more sheets or orders. */
  else if (g_hash_table_contains (self->retired, admiral->id))
    {
      _adm_strategy_refuse (error, _("%s has left the game (the master retired him)"),
                            admiral->name);
      return NULL;
    }
  return admiral;
}

gboolean
_adm_strategy_refuse (GError     **error,
                      const char  *format,
                      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL, message);
  return FALSE;
}

void
_adm_strategy_log (Tracker    *tracker,
                   guint       cycle,
                   const char *format,
                   ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  _adm_strategy_log_told (tracker, cycle, text, NULL);
}

void
_adm_strategy_log_told (Tracker    *tracker,
                        guint       cycle,
                        const char *text,
                        const char *told)
{
  LogLine *line = g_new0 (LogLine, 1);

  line->cycle = cycle;
  line->text = g_strdup (text);
  line->told = g_strdup (told);
  g_ptr_array_add (tracker->log, line);
}

/* "sheet": an admiral handed in his order sheet (F-GEN-3), late ones with their time, those
 * from a phone with the id it gave the sheet (the portal answers a repeat of it with the
 * first answer, so that a sheet sent again over a flaky link is kept once). */

gboolean
adm_strategy_client_is_valid (const char *client)
{
  gsize length = client != NULL ? strlen (client) : 0;

  if (length < ADM_STRATEGY_CLIENT_MIN || length > ADM_STRATEGY_CLIENT_MAX)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isalnum (client[i]) && client[i] != '-' && client[i] != '_')
      return FALSE;
  return TRUE;
}

gboolean
adm_strategy_check_sheet (AdmStrategy     *self,
                          const AdmEvent  *event,
                          GError         **error)
{
  const char *received = adm_event_get (event, "received");
  const char *late = adm_event_get (event, "late");
  const char *client = adm_event_get (event, "client");
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = NULL;
  guint cycle;

  if (!_adm_strategy_need_cycle (self, event, &cycle, error) ||
      _adm_strategy_need_admiral (self, event, error) == NULL)
    return FALSE;
  if (received == NULL || (time = g_date_time_new_from_iso8601 (received, utc)) == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the sheet’s received time “%s” is not a date and time like "
                     "2026-11-22T18:00:00Z"), received != NULL ? received : "");
      return FALSE;
    }
  if (late != NULL && !g_str_equal (late, "true") && !g_str_equal (late, "false"))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the sheet’s “late” must be “true” or “false”, not “%s”"), late);
      return FALSE;
    }
  if (client != NULL && !adm_strategy_client_is_valid (client))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the sheet’s client id is not %d to %d letters, digits, “-” or “_”"),
                   ADM_STRATEGY_CLIENT_MIN, ADM_STRATEGY_CLIENT_MAX);
      return FALSE;
    }
  return TRUE;
}

void
adm_strategy_apply_sheet (AdmStrategy    *self,
                          const AdmEvent *event)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (adm_event_get (event, "received"), utc);
  const char *late = adm_event_get (event, "late");
  const AdmAdmiral *admiral = adm_strategy_lookup_admiral (self,
                                                           adm_event_get (event, "admiral"));
  AdmStratSheet *sheet = (AdmStratSheet *) adm_strategy_get_sheet (self, self->cycle,
                                                                   admiral->id);

  /* F-STRAT-7: a correction is journaled beside the sheet it corrects; the latest counts. */
  if (sheet == NULL)
    {
      sheet = g_new0 (AdmStratSheet, 1);
      sheet->cycle = self->cycle;
      sheet->admiral = admiral;
      g_ptr_array_add (self->sheets, sheet);
    }
  sheet->received = g_date_time_to_unix (time);
  sheet->late = late != NULL && g_str_equal (late, "true");
  sheet->count++;
  self->n_sheets++;
}

/* Queries */

guint
adm_strategy_get_cycle (AdmStrategy *self)
{
  return self->cycle;
}

const AdmFormationPosition *
adm_strategy_get_position (AdmStrategy *self,
                           const char  *formation_id)
{
  Tracker *tracker = formation_id != NULL ? g_hash_table_lookup (self->trackers, formation_id) : NULL;

  return tracker != NULL ? &tracker->pos : NULL;
}

const AdmStratOrder *
adm_strategy_get_standing (AdmStrategy *self,
                           const char  *formation_id)
{
  Tracker *tracker = formation_id != NULL ? g_hash_table_lookup (self->trackers, formation_id) : NULL;

  return tracker != NULL ? tracker->standing : NULL;
}

GPtrArray *
adm_strategy_get_engagements (AdmStrategy *self,
                              guint        cycle)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; i < self->engagements->len; i++)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);

      if (engagement->cycle == cycle)
        g_ptr_array_add (out, engagement);
    }
  return out;
}

GPtrArray *
adm_strategy_get_sheets (AdmStrategy *self,
                         guint        cycle)
{
  GPtrArray *admirals = self->admirals;
  GPtrArray *out = g_ptr_array_new ();

  for (guint a = 0; a < admirals->len; a++)
    {
      AdmAdmiral *admiral = g_ptr_array_index (admirals, a);

      if (adm_strategy_get_sheet (self, cycle, admiral->id) != NULL)
        g_ptr_array_add (out, admiral->id);
    }
  return out;
}

const AdmStratSheet *
adm_strategy_get_sheet (AdmStrategy *self,
                        guint        cycle,
                        const char  *admiral_id)
{
  for (guint i = 0; admiral_id != NULL && i < self->sheets->len; i++)
    {
      AdmStratSheet *sheet = g_ptr_array_index (self->sheets, i);

      if (sheet->cycle == cycle && g_str_equal (sheet->admiral->id, admiral_id))
        return sheet;
    }
  return NULL;
}

GPtrArray *
adm_strategy_get_orders (AdmStrategy *self,
                         guint        cycle,
                         const char  *admiral_id)
{
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 0; admiral_id != NULL && i < self->orders->len; i++)
    {
      AdmStratOrder *order = g_ptr_array_index (self->orders, i);

      if (order->cycle == cycle && g_str_equal (order->admiral->id, admiral_id))
        g_ptr_array_add (out, order);
    }
  return out;
}

GPtrArray *
adm_strategy_get_formations (AdmStrategy *self)
{
  return self->formations;
}

AdmFormation *
adm_strategy_lookup_formation (AdmStrategy *self,
                               const char  *formation_id)
{
  Tracker *tracker = formation_id != NULL ? g_hash_table_lookup (self->trackers, formation_id)
                                          : NULL;

  return tracker != NULL && !tracker->gone ? (AdmFormation *) tracker->pos.formation : NULL;
}

gboolean
adm_strategy_formation_id_used (AdmStrategy *self,
                                const char  *formation_id)
{
  return formation_id != NULL && g_hash_table_contains (self->trackers, formation_id);
}

const char *
adm_strategy_formation_name (AdmStrategy *self,
                             const char  *formation_id)
{
  Tracker *tracker = formation_id != NULL ? g_hash_table_lookup (self->trackers, formation_id)
                                          : NULL;

  return tracker != NULL ? tracker->pos.formation->name : formation_id;
}

const AdmFaction *
adm_strategy_formation_faction (AdmStrategy *self,
                                const char  *formation_id)
{
  Tracker *tracker = formation_id != NULL ? g_hash_table_lookup (self->trackers, formation_id)
                                          : NULL;

  return tracker != NULL ? tracker->pos.formation->faction : NULL;
}

/* What each faction last saw of the formation (F-STRAT-3). */
static void
dump_sightings (Tracker *tracker,
                GString *out)
{
  for (guint k = 0; k < tracker->sightings->len; k++)
    {
      const Seen *seen = &g_array_index (tracker->sightings, Seen, k);

      g_string_append_printf (out, "  seen %s %u %s%s%s %u\n", seen->faction->id, seen->cycle,
                              seen->sector->id, seen->towards != NULL ? "->" : "",
                              seen->towards != NULL ? seen->towards->id : "", seen->ships);
    }
}

void
adm_strategy_dump (AdmStrategy *self,
                   GString     *out)
{
  g_string_append_printf (out, "cycle %u sheets %u\n", self->cycle, self->n_sheets);
  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      const AdmFormation *formation = tracker->pos.formation;

      if (tracker->gone)
        {
          g_string_append_printf (out, "gone %s\n", formation->id);
          dump_sightings (tracker, out);
          continue;
        }
      g_string_append_printf (out, "position %s %s", formation->id, tracker->pos.sector->id);
      if (tracker->pos.towards != NULL)
        {
          char spent[G_ASCII_DTOSTR_BUF_SIZE], leg[G_ASCII_DTOSTR_BUF_SIZE];

          g_ascii_formatd (spent, sizeof spent, "%.1f", tracker->pos.spent);
          g_ascii_formatd (leg, sizeof leg, "%.1f", tracker->pos.leg);
          g_string_append_printf (out, " -> %s %s/%s", tracker->pos.towards->id, spent, leg);
        }
      g_string_append_printf (out, " flagship %s standing %s\n", tracker->pos.flagship->id,
                              tracker->standing != NULL
                              ? adm_strat_order_kind_to_string (tracker->standing->kind) : "-");
      if (g_ptr_array_find (self->owned, formation, NULL))
        {
          g_string_append_printf (out, "  ships");
          for (guint s = 0; s < formation->ships->len; s++)
            g_string_append_printf (out, " %s",
                                    ((const AdmShip *) g_ptr_array_index (formation->ships, s))->id);
          g_string_append_c (out, '\n');
        }
      if (formation->hidden)
        {
          g_string_append_printf (out, "  hidden%s", tracker->revealed ? " revealed" : "");
          for (guint f = 0; f < tracker->known_to->len; f++)
            g_string_append_printf (out, " %s",
                                    ((const AdmFaction *) g_ptr_array_index (tracker->known_to, f))->id);
          g_string_append_c (out, '\n');
        }
      dump_sightings (tracker, out);
    }
  for (guint i = 0; i < self->engagements->len; i++)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);
      char minute[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (minute, sizeof minute, "%.1f", engagement->minute);
      g_string_append_printf (out, "engagement %u %s %s", engagement->cycle, minute,
                              engagement->sector != NULL ? engagement->sector->id
                                                         : engagement->from->id);
      if (engagement->sector == NULL)
        g_string_append_printf (out, "-%s", engagement->to->id);
      for (guint f = 0; f < engagement->formations->len; f++)
        g_string_append_printf (out, " %s",
                                ((AdmFormation *) g_ptr_array_index (engagement->formations, f))->id);
      g_string_append_c (out, '\n');
    }
}
