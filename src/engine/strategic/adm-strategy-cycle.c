/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy-cycle.c: a cycle resolved (F-STRAT-1, F-STRAT-2, F-STRAT-3, F-STRAT-4, F-STRAT-5,
 * F-STRAT-10, F-STRAT-11).
 *
 * Time inside a cycle is counted in minutes from the comms session that opens it (0) to the next
 * (adm_strategy_cycle_minutes (), the ruleset's). Resolving a cycle lays out, formation by
 * formation, where it is over those minutes — segments in a sector or on a link — and then looks
 * for hostile formations whose segments meet. Formations of factions that are not allied
 * (scenario alliances) are hostile. Movement goes on after an engagement is recorded: what the
 * battle changes, the master journals. The summary says what each formation did and met in a
 * resolved cycle. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy-private.h"

/* "cycle": the comms session resolves the current cycle (F-STRAT-1, F-STRAT-2, F-STRAT-3,
 * F-STRAT-4). */

gboolean
adm_strategy_check_cycle (AdmStrategy     *self,
                          const AdmEvent  *event,
                          GError         **error)
{
  guint cycle;

  return _adm_strategy_need_cycle (self, event, &cycle, error);
}

typedef struct {
  const AdmFormation *formation;
  const AdmSector    *sector;     /* in a sector, or NULL: on the link from → to */
  const AdmSector    *from, *to;
  double              t0, t1;     /* minutes */
  double              p0, p1;     /* share of the link covered at t0 and t1 */
  gboolean            stirred;    /* arrived or searching: a meeting here is an engagement */
} Segment;

static void
add_segment (GArray             *segments,
             const AdmFormation *formation,
             const AdmSector    *sector,
             const AdmSector    *from,
             const AdmSector    *to,
             double t0, double t1, double p0, double p1,
             gboolean stirred)
{
  Segment segment = { formation, sector, from, to, t0, t1, p0, p1, stirred };

  g_array_append_val (segments, segment);
}

/* Whether the scenario's ruling @id is @value: the timing of a cycle follows
 * "half-phase-actions" (F-STRAT-10), its phase "strategic-phase" (F-STRAT-6) through
 * adm_strategy_phase_minutes (). */
static gboolean
ruling_is (AdmStrategy *self,
           const char  *id,
           const char  *value)
{
  return g_str_equal (_adm_strategy_ruling (self->scenario, id), value);
}

/* Administrative orders first: they take no time (F-STRAT-12). */
static void
apply_admin (AdmStrategy *self,
             Tracker     *tracker)
{
  AdmStratOrder *flagship = g_steal_pointer (&tracker->pending[1]);
  AdmStratOrder *instructions = g_steal_pointer (&tracker->pending[2]);

  if (flagship != NULL)
    {
      /* F-FORM-4: a ship detached since the order was given can no longer be flagship. */
      if (g_ptr_array_find (tracker->pos.formation->ships, flagship->flagship, NULL))
        {
          _adm_strategy_set_flagship (self, tracker, flagship->flagship);
          _adm_strategy_log (tracker, self->cycle, _("%s became the flagship (F-STRAT-12)"),
                             flagship->flagship->name);
        }
      else
        _adm_strategy_log (tracker, self->cycle,
                           _("%s could not become the flagship: it has left the formation "
                             "(F-FORM-4)"), flagship->flagship->name);
    }
  if (instructions != NULL)
    _adm_strategy_log (tracker, self->cycle, _("Instructions: %s"), instructions->text);
}

/* Crosses the links of the route in order, as far as the cycle allows; returns the minute the
 * formation's last presence in a sector began and sets *@t to when its next action may start. */
static double
run_route (AdmStrategy   *self,
           Tracker       *tracker,
           AdmStratOrder *order,
           double         presence,
           double        *t,
           GArray        *segments)
{
  AdmFormationPosition *pos = &tracker->pos;
  double leg = adm_strategy_leg_minutes (self->scenario, pos->formation);
  double cycle_end = adm_strategy_cycle_minutes (self->scenario);
  double phase = adm_strategy_phase_minutes (self->scenario);
  gboolean two = ruling_is (self, "half-phase-actions", "two-per-phase");

  while (order->route->len > 0 && *t < cycle_end)
    {
      const AdmSector *next = g_ptr_array_index (order->route, 0);

      add_segment (segments, pos->formation, pos->sector, NULL, NULL, presence, *t, 0, 0,
                   presence > 0);
      g_ptr_array_remove_index (order->route, 0);
      if (*t + leg > cycle_end)
        {
          /* The link is not crossed by the session: carried over in transit. */
          pos->towards = next;
          pos->leg = leg;
          pos->spent = cycle_end - *t;
          add_segment (segments, pos->formation, NULL, pos->sector, next, *t,
                       cycle_end, 0, pos->spent / leg, TRUE);
          _adm_strategy_log (tracker, self->cycle, _("left %s for %s at minute %.0f, in transit"),
                             pos->sector->name, next->name, *t);
          *t = cycle_end;
          return -1;
        }
      add_segment (segments, pos->formation, NULL, pos->sector, next, *t, *t + leg, 0, 1, TRUE);
      _adm_strategy_log (tracker, self->cycle, _("moved from %s to %s, arriving at minute %.0f"),
                         pos->sector->name, next->name, *t + leg);
      pos->sector = next;
      presence = *t + leg;
      *t = adm_strategy_next_start (presence, phase, two);
    }
  return presence;
}

/* F-STRAT-10, F-STRAT-11: the timing resolve_formation () and run_route () give @order from
 * the formation's position now, if nothing stops it on the way. */
void
adm_strategy_forecast_order (AdmStrategy         *self,
                             const AdmStratOrder *order,
                             double              *arrival,
                             double              *start)
{
  const AdmFormationPosition *pos = adm_strategy_get_position (self, order->formation->id);
  gboolean two = ruling_is (self, "half-phase-actions", "two-per-phase");
  double cycle_end = adm_strategy_cycle_minutes (self->scenario);
  double phase = adm_strategy_phase_minutes (self->scenario);
  double leg = adm_strategy_leg_minutes (self->scenario, order->formation);
  double t = 0, reached = 0;

  *arrival = *start = -1;
  if (pos != NULL && pos->towards != NULL)
    {
      /* The link it is on first: still on it at the session, or arrived and ready again at
       * the next whole phase. */
      if (pos->leg - pos->spent > cycle_end)
        return;
      reached = pos->leg - pos->spent;
      t = adm_strategy_next_start (reached, phase, two);
    }
  for (guint i = 0; order->route != NULL && i < order->route->len; i++)
    {
      if (t + leg > cycle_end)
        return;
      reached = t + leg;
      t = adm_strategy_next_start (reached, phase, two);
    }
  *arrival = reached;
  if (order->kind != ADM_STRAT_ORDER_MOVE &&
      adm_strategy_order_phases (self->scenario, order->kind) > 0 && t < cycle_end)
    *start = t;
}

/* Ruling "standing-minelaying" (F-STRAT-5, F-MINE-13) "once": whether the lay-mines @order,
 * standing from an earlier cycle, already laid its mines in @sector in a cycle since it was
 * given; with "each-cycle" (the default) it lays them again every cycle it stands. */
static gboolean
laid_already (AdmStrategy         *self,
              const AdmStratOrder *order,
              const AdmSector     *sector)
{
  double end;

  if (!ruling_is (self, "standing-minelaying", "once"))
    return FALSE;
  for (guint cycle = order->cycle; cycle < self->cycle; cycle++)
    if (adm_strategy_mines_laid (self, cycle, order->formation->id, sector, &end))
      return TRUE;
  return FALSE;
}

/* Lays out one formation's cycle into @segments. */
static void
resolve_formation (AdmStrategy *self,
                   Tracker     *tracker,
                   GArray      *segments)
{
  AdmFormationPosition *pos = &tracker->pos;
  const AdmFormation *formation;
  AdmStratOrder *order;
  double t = 0, presence = 0, active = -1;
  gboolean two = ruling_is (self, "half-phase-actions", "two-per-phase");
  double cycle_end = adm_strategy_cycle_minutes (self->scenario);
  double phase = adm_strategy_phase_minutes (self->scenario);

  apply_admin (self, tracker);
  formation = pos->formation;   /* a new flagship makes the strategy's own copy */
  /* F-STRAT-5: with no new order the formation goes on with the one it has. */
  if (tracker->pending[0] != NULL)
    {
      adm_strat_order_free (tracker->standing);
      tracker->standing = _adm_strat_order_copy (g_steal_pointer (&tracker->pending[0]));
    }
  order = tracker->standing;

  /* Reinforcements the master added arrive at their minute: from then on they move, search
   * and meet enemies as a formation arriving from a link does. */
  if (tracker->arrival_cycle == self->cycle && pos->towards == NULL &&
      tracker->arrival_minute > 0)
    {
      presence = tracker->arrival_minute;
      t = adm_strategy_next_start (presence, phase, two);
      /* Translators: a formation's log: "arrived in Komarr orbit at minute 20" */
      _adm_strategy_log (tracker, self->cycle, _("arrived in %s at minute %.0f"),
                         pos->sector->name, presence);
    }

  if (pos->towards != NULL)
    {
      double remaining = pos->leg - pos->spent;

      if (remaining > cycle_end)
        {
          add_segment (segments, formation, NULL, pos->sector, pos->towards, 0,
                       cycle_end, pos->spent / pos->leg,
                       (pos->spent + cycle_end) / pos->leg, TRUE);
          pos->spent += cycle_end;
          _adm_strategy_log (tracker, self->cycle, _("still in transit from %s to %s"),
                             pos->sector->name, pos->towards->name);
          return;
        }
      add_segment (segments, formation, NULL, pos->sector, pos->towards, 0, remaining,
                   pos->spent / pos->leg, 1, TRUE);
      _adm_strategy_log (tracker, self->cycle, _("arrived from %s at %s at minute %.0f"),
                         pos->sector->name, pos->towards->name, remaining);
      pos->sector = pos->towards;
      pos->towards = NULL;
      pos->spent = pos->leg = 0;
      presence = remaining;
      t = adm_strategy_next_start (remaining, phase, two);
    }

  if (order != NULL && order->route != NULL)
    {
      presence = run_route (self, tracker, order, presence, &t, segments);
      if (presence < 0)
        return;
    }
  if (order != NULL && order->kind != ADM_STRAT_ORDER_MOVE && t < cycle_end)
    {
      /* F-STRAT-11: the order's own action takes half a phase from here. */
      double length = adm_strategy_order_phases (self->scenario, order->kind) * phase;
      double end = MIN (cycle_end, t + length);

      active = t;
      _adm_strategy_log (tracker, self->cycle, _("%s in %s from minute %.0f to %.0f"),
                         adm_strat_order_kind_describe (order->kind), pos->sector->name, t, end);
      /* F-MINE-13, F-WPN-19: mines laid in this strategic turn, their half phase over before
       * the session: an engagement there later in the cycle meets them. A lay-mines order
       * standing from an earlier cycle (F-STRAT-5) lays them again, as the same order given
       * anew would (ruling "standing-minelaying"; with "once" it lays them in one cycle only). */
      if (order->kind == ADM_STRAT_ORDER_LAY_MINES && !laid_already (self, order, pos->sector) &&
          t + length <= cycle_end)
        {
          MinesLaid laid = { self->cycle, g_strdup (formation->id), pos->sector, end };

          g_array_append_val (self->mines_laid, laid);
        }
    }
  if (order != NULL && order->kind == ADM_STRAT_ORDER_MOVE && order->route->len == 0)
    g_clear_pointer (&tracker->standing, adm_strat_order_free);

  /* Searching orders stir the sector; so does having just arrived in it. */
  if (active >= 0 && (order->kind == ADM_STRAT_ORDER_ATTACK ||
                      order->kind == ADM_STRAT_ORDER_PATROL ||
                      order->kind == ADM_STRAT_ORDER_SWEEP_MINES))
    {
      add_segment (segments, formation, pos->sector, NULL, NULL, presence, active, 0, 0,
                   presence > 0);
      add_segment (segments, formation, pos->sector, NULL, NULL, active,
                   cycle_end, 0, 0, TRUE);
    }
  else
    add_segment (segments, formation, pos->sector, NULL, NULL, presence,
                 cycle_end, 0, 0, presence > 0);
}

/* Engagements (F-STRAT-4) */

/* The minute two segments of hostile formations meet, or -1: in one sector at one time when
 * either has just arrived or is searching it, or passing each other on one link. */
static double
meeting (const Segment *a,
         const Segment *b)
{
  double start = MAX (a->t0, b->t0), end = MIN (a->t1, b->t1);
  double d0, d1;

  if (start > end)
    return -1;
  if (a->sector != NULL || b->sector != NULL)
    return a->sector == b->sector && (a->stirred || b->stirred) ? start : -1;
  if (a->from != b->to || a->to != b->from)
    return -1;
  /* Positions along a's direction: a goes 0 → 1, b comes 1 → 0. */
#define AT(s, t) ((s)->t1 > (s)->t0 ? (s)->p0 + ((s)->p1 - (s)->p0) * ((t) - (s)->t0) / \
                                        ((s)->t1 - (s)->t0) : (s)->p1)
  d0 = AT (a, start) - (1 - AT (b, start));
  d1 = AT (a, end) - (1 - AT (b, end));
#undef AT
  if (d0 > 0 || d1 < 0)
    return -1;
  if (d1 - d0 < 1e-9)
    return start;
  return start + (end - start) * (-d0) / (d1 - d0);
}

static gint
formation_index (AdmStrategy        *self,
                 const AdmFormation *formation)
{
  return (gint) ((Tracker *) g_hash_table_lookup (self->trackers, formation->id))->index;
}

static void
add_to_engagement (AdmStrategy        *self,
                   AdmEngagement      *engagement,
                   const AdmFormation *formation,
                   double              minute)
{
  double *joined = g_hash_table_lookup (engagement->joined, formation->id);
  guint i = 0;

  if (joined == NULL)
    {
      joined = g_new (double, 1);
      *joined = minute;
      g_hash_table_insert (engagement->joined, g_strdup (formation->id), joined);
    }
  *joined = MIN (*joined, minute);
  if (g_ptr_array_find (engagement->formations, formation, NULL))
    return;
  while (i < engagement->formations->len &&
         formation_index (self, g_ptr_array_index (engagement->formations, i)) <
         formation_index (self, formation))
    i++;
  g_ptr_array_insert (engagement->formations, (gint) i, (gpointer) formation);
}

/* One engagement per place (a sector, or a link either way) and cycle, at its earliest minute. */
static void
record_meeting (AdmStrategy   *self,
                const Segment *a,
                const Segment *b,
                double         minute)
{
  AdmEngagement *engagement = NULL;

  for (guint i = 0; i < self->engagements->len && engagement == NULL; i++)
    {
      AdmEngagement *e = g_ptr_array_index (self->engagements, i);

      if (e->cycle == self->cycle && e->sector == a->sector &&
          (a->sector != NULL || (e->from == a->from && e->to == a->to) ||
           (e->from == a->to && e->to == a->from)))
        engagement = e;
    }
  if (engagement == NULL)
    {
      engagement = g_new0 (AdmEngagement, 1);
      engagement->cycle = self->cycle;
      engagement->minute = minute;
      engagement->sector = a->sector;
      engagement->from = a->from;
      engagement->to = a->to;
      engagement->formations = g_ptr_array_new ();
      engagement->joined = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_ptr_array_add (self->engagements, engagement);
    }
  engagement->minute = MIN (engagement->minute, minute);
  add_to_engagement (self, engagement, a->formation, minute);
  add_to_engagement (self, engagement, b->formation, minute);
}

/* Ruling "station-engagement" (F-STRAT-16, F-STN-6): a formation that arrives in or searches
 * a sector holding a station of a faction its own is not allied with meets it there, as it
 * would meet an enemy formation: the engagement of the place and cycle. */
static void
meet_stations (AdmStrategy   *self,
               const Segment *a,
               GPtrArray     *held)
{
  AdmEngagement *engagement = NULL;

  if (a->sector == NULL || !a->stirred || held == NULL)
    return;
  for (guint s = 0; s < held->len; s++)
    {
      const AdmHeldStation *station = g_ptr_array_index (held, s);
      AdmHeldStation *met;
      gboolean known = FALSE;

      if (station->sector != a->sector ||
          adm_scenario_factions_allied (self->scenario, station->owner, a->formation->faction))
        continue;
      record_meeting (self, a, a, a->t0);
      for (guint i = 0; i < self->engagements->len && engagement == NULL; i++)
        {
          AdmEngagement *e = g_ptr_array_index (self->engagements, i);

          if (e->cycle == self->cycle && e->sector == a->sector)
            engagement = e;
        }
      if (engagement->stations == NULL)
        engagement->stations = g_ptr_array_new_with_free_func (g_free);
      for (guint k = 0; k < engagement->stations->len && !known; k++)
        known = ((AdmHeldStation *) g_ptr_array_index (engagement->stations, k))->object ==
                station->object;
      if (known)
        continue;
      met = g_new (AdmHeldStation, 1);
      *met = *station;
      g_ptr_array_add (engagement->stations, met);
    }
}

static void
find_engagements (AdmStrategy *self,
                  GArray      *segments,
                  GPtrArray   *held)
{
  for (guint i = 0; i < segments->len; i++)
    for (guint j = i + 1; j < segments->len; j++)
      {
        const Segment *a = &g_array_index (segments, Segment, i);
        const Segment *b = &g_array_index (segments, Segment, j);
        double minute;

        /* Allies never engage each other (scenario alliances). */
        if (adm_scenario_factions_allied (self->scenario, a->formation->faction,
                                          b->formation->faction))
          continue;
        minute = meeting (a, b);
        if (minute >= 0)
          record_meeting (self, a, b, minute);
      }
  /* After the formations' meetings, so that their engagements keep their order. */
  if (g_str_equal (_adm_strategy_ruling (self->scenario, "station-engagement"), "engages"))
    for (guint i = 0; i < segments->len; i++)
      meet_stations (self, &g_array_index (segments, Segment, i), held);
}

static char *
place_name (const AdmEngagement *engagement)
{
  if (engagement->sector != NULL)
    return g_strdup_printf (_("in %s"), engagement->sector->name);
  return g_strdup_printf (_("on the link %s – %s"), engagement->from->name, engagement->to->name);
}

/* F-STRAT-3, F-STRAT-4: a hidden formation in an engagement is seen by every faction taking
 * part in it (and so by their allies). */
static void
reveal_engaged (AdmStrategy *self)
{
  for (guint i = 0; i < self->engagements->len; i++)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);

      if (engagement->cycle != self->cycle)
        continue;
      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);
          Tracker *tracker = g_hash_table_lookup (self->trackers, formation->id);

          if (!formation->hidden)
            continue;
          for (guint o = 0; o < engagement->formations->len; o++)
            {
              const AdmFaction *faction =
                ((const AdmFormation *) g_ptr_array_index (engagement->formations, o))->faction;

              if (!g_ptr_array_find (tracker->known_to, faction, NULL))
                g_ptr_array_add (tracker->known_to, (gpointer) faction);
            }
          /* A station's crew sees what it fights (ruling "station-engagement"). */
          for (guint s = 0; engagement->stations != NULL && s < engagement->stations->len; s++)
            {
              const AdmFaction *faction =
                ((const AdmHeldStation *) g_ptr_array_index (engagement->stations, s))->owner;

              if (!g_ptr_array_find (tracker->known_to, faction, NULL))
                g_ptr_array_add (tracker->known_to, (gpointer) faction);
            }
        }
    }
}

void
adm_strategy_apply_cycle (AdmStrategy    *self,
                          const AdmEvent *event,
                          GPtrArray      *held)
{
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autoptr(GPtrArray) formations = g_ptr_array_copy (self->formations, NULL, NULL);

  /* Scenario order, then order formed, so that the replay is the same every time. */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      resolve_formation (self, g_hash_table_lookup (self->trackers, formation->id), segments);
    }
  find_engagements (self, segments, held);
  reveal_engaged (self);
  _adm_strategy_record_sightings (self);
  self->cycle++;
}

static gboolean
engaged (const AdmEngagement *engagement,
         const char          *formation_id)
{
  for (guint f = 0; f < engagement->formations->len; f++)
    if (g_str_equal (((const AdmFormation *) g_ptr_array_index (engagement->formations, f))->id,
                     formation_id))
      return TRUE;
  return FALSE;
}

static void
summarise_formation (AdmStrategy      *self,
                     guint             cycle,
                     Tracker          *tracker,
                     const AdmFaction *viewer,
                     GString          *out)
{
  gsize start;

  g_string_append_printf (out, "%s:\n", tracker->pos.formation->name);
  start = out->len;
  for (guint i = 0; i < tracker->log->len; i++)
    {
      LogLine *line = g_ptr_array_index (tracker->log, i);

      /* An admiral's papers tell the story, not the master's hand (LogLine). */
      if (line->cycle == cycle)
        g_string_append_printf (out, "  %s\n", viewer != NULL && line->told != NULL
                                                ? line->told : line->text);
    }
  for (guint i = 0; i < self->engagements->len; i++)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);
      g_autofree char *place = NULL;

      if (engagement->cycle != cycle || !engaged (engagement, tracker->pos.formation->id))
        continue;
      place = place_name (engagement);
      /* F-STRAT-3: he learns of the enemies his own formations met, and of nothing else — never
       * of a hidden one his side has not seen. */
      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *other = g_ptr_array_index (engagement->formations, f);

          if (adm_scenario_factions_allied (self->scenario, other->faction,
                                            tracker->pos.formation->faction))
            continue;
          if (viewer != NULL && !adm_strategy_formation_visible (self, other, viewer))
            continue;
          /* They met when the later of the two came into the fight. */
          g_string_append_printf (out, _("  met %s (%s) %s at minute %.0f\n"), other->name,
                                  other->faction->name, place,
                                  MAX (adm_engagement_joined_minute (engagement,
                                                                     tracker->pos.formation),
                                       adm_engagement_joined_minute (engagement, other)));
        }
      /* Ruling "station-engagement": an enemy station there met it when it came. */
      for (guint s = 0; engagement->stations != NULL && s < engagement->stations->len; s++)
        {
          const AdmHeldStation *station = g_ptr_array_index (engagement->stations, s);

          if (adm_scenario_factions_allied (self->scenario, station->owner,
                                            tracker->pos.formation->faction))
            continue;
          /* Translators: a formation's summary: "  met the station Pol Six (Pol) in Pol jump
           * point at minute 0" */
          g_string_append_printf (out, _("  met the station %s (%s) %s at minute %.0f\n"),
                                  station->object->name, station->owner->name, place,
                                  adm_engagement_joined_minute (engagement,
                                                                tracker->pos.formation));
        }
    }
  /* Nothing moved or was met: say where it is, so that no formation is a bare name. */
  if (out->len == start && tracker->pos.sector != NULL)
    {
      if (tracker->pos.towards != NULL)
        g_string_append_printf (out, _("  on the way from %s to %s\n"), tracker->pos.sector->name,
                                tracker->pos.towards->name);
      else
        g_string_append_printf (out, _("  stayed in %s\n"), tracker->pos.sector->name);
    }
}

double
adm_engagement_joined_minute (const AdmEngagement *engagement,
                              const AdmFormation  *formation)
{
  const double *joined;

  g_return_val_if_fail (engagement != NULL && formation != NULL, 0);

  joined = engagement->joined != NULL ? g_hash_table_lookup (engagement->joined, formation->id)
                                      : NULL;
  return joined != NULL ? *joined : engagement->minute;
}

static gboolean
has_lines (Tracker *tracker,
           guint    cycle)
{
  for (guint i = 0; i < tracker->log->len; i++)
    if (((LogLine *) g_ptr_array_index (tracker->log, i))->cycle == cycle)
      return TRUE;
  return FALSE;
}

char *
adm_strategy_summary (AdmStrategy *self,
                      guint        cycle,
                      const char  *admiral_id)
{
  const AdmAdmiral *admiral = NULL;
  GString *out = g_string_new (NULL);

  if (admiral_id != NULL)
    {
      const AdmStratSheet *sheet;

      admiral = adm_strategy_lookup_admiral (self, admiral_id);
      g_return_val_if_fail (admiral != NULL, g_string_free (out, FALSE));
      g_string_append_printf (out, _("Cycle %u — %s\n"), cycle, admiral->name);
      sheet = adm_strategy_get_sheet (self, cycle, admiral->id);
      if (sheet == NULL)
        g_string_append (out, _("No sheet: standing orders carried out (F-STRAT-5)\n"));
      else if (sheet->late)
        g_string_append (out, _("Sheet handed in late\n"));
    }
  else
    g_string_append_printf (out, _("Cycle %u — master’s summary\n"), cycle);

  /* Formations in being, and those that ceased but have something to report for the cycle. */
  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      const AdmFormation *formation = tracker->pos.formation;

      if (tracker->gone && !has_lines (tracker, cycle))
        continue;
      /* F-FORM-6: his own, and those of his faction with no admiral. */
      if (admiral == NULL || _adm_strategy_commands (admiral, formation))
        summarise_formation (self, cycle, tracker, admiral != NULL ? admiral->faction : NULL,
                             out);
    }
  return g_string_free (out, FALSE);
}
