/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy.c: the strategic phase (F-STRAT).
 *
 * Time inside a cycle is counted in minutes from the comms session that opens it (0) to the next
 * (ADM_STRATEGY_CYCLE_MINUTES). Resolving a cycle lays out, formation by formation, where it is
 * over those minutes — segments in a sector or on a link — and then looks for hostile formations
 * whose segments meet. Formations of different factions are hostile. Movement goes on after an
 * engagement is recorded: what the battle changes, the master journals. */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy.h"

typedef struct {
  guint  cycle;
  char  *text;
} LogLine;

typedef struct {
  AdmFormationPosition  pos;
  AdmStratOrder        *standing;   /* the timed order being carried out (F-STRAT-5) */
  AdmStratOrder        *pending[3]; /* given for the current cycle: timed, flagship, instructions */
  GPtrArray            *log;        /* LogLine* */
} Tracker;

typedef struct {
  guint             cycle;
  const AdmAdmiral *admiral;
  gint64            received;
  gboolean          late;
} Sheet;

struct _AdmStrategy
{
  AdmScenario *scenario;      /* borrowed: the state owns both */
  guint        cycle;
  GHashTable  *trackers;      /* formation id → Tracker* */
  GPtrArray   *engagements;   /* AdmEngagement* */
  GArray      *sheets;        /* Sheet */
};

/* Pure timing rules */

/* F-STRAT-6, ruling "strategic-phase": one comms cycle (F-STRAT-1) or about an hour. */
double
adm_strategy_phase_minutes (gboolean phase_is_hour)
{
  return phase_is_hour ? 60.0 : ADM_STRATEGY_CYCLE_MINUTES;
}

/* F-STRAT-10: light ships and cruisers, "i.e. ships with maximum speed > 25". */
gboolean
adm_strategy_speed_is_fast (int slowest_speed)
{
  return slowest_speed > 25;
}

/* F-STRAT-10: a sector takes 1 strategic phase for main ships, 0.5 for fast ones. */
double
adm_strategy_move_phases (gboolean fast)
{
  return fast ? 0.5 : 1.0;
}

/* F-STRAT-11: any other order takes half a phase; F-STRAT-12: forming, disbanding and naming a
 * flagship take no time; free-text instructions (F-STRAT-18) are no action of their own. */
double
adm_strategy_order_phases (AdmStratOrderKind kind)
{
  switch (kind)
    {
    case ADM_STRAT_ORDER_FLAGSHIP:
    case ADM_STRAT_ORDER_INSTRUCTIONS:
      return 0.0;
    case ADM_STRAT_ORDER_MOVE:
    case ADM_STRAT_ORDER_ATTACK:
    case ADM_STRAT_ORDER_DEFEND:
    case ADM_STRAT_ORDER_PATROL:
    case ADM_STRAT_ORDER_LAY_MINES:
    case ADM_STRAT_ORDER_SWEEP_MINES:
    default:
      return 0.5;
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

static const char *
ruling (AdmScenario *scenario,
        const char  *id)
{
  return adm_ruleset_get_ruling_value (adm_scenario_get_ruleset (scenario), id);
}

/* F-STRAT-10 under ruling "fast-ships"; F-FORM-10: the formation moves at its worst ship. */
gboolean
adm_strategy_formation_is_fast (AdmScenario        *scenario,
                                const AdmFormation *formation)
{
  gboolean by_type = g_str_equal (ruling (scenario, "fast-ships"), "escorts-and-cruisers");
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
  return by_type || adm_strategy_speed_is_fast (slowest);
}

double
adm_strategy_leg_minutes (AdmScenario        *scenario,
                          const AdmFormation *formation)
{
  gboolean hour = g_str_equal (ruling (scenario, "strategic-phase"), "hour");

  return adm_strategy_phase_minutes (hour) *
         adm_strategy_move_phases (adm_strategy_formation_is_fast (scenario, formation));
}

/* Life cycle */

static void
log_line_free (gpointer data)
{
  LogLine *line = data;

  g_free (line->text);
  g_free (line);
}

void
adm_strat_order_free (AdmStratOrder *order)
{
  if (order == NULL)
    return;
  g_clear_pointer (&order->route, g_ptr_array_unref);
  g_free (order->text);
  g_free (order);
}

static void
tracker_free (gpointer data)
{
  Tracker *tracker = data;

  adm_strat_order_free (tracker->standing);
  for (guint i = 0; i < G_N_ELEMENTS (tracker->pending); i++)
    adm_strat_order_free (tracker->pending[i]);
  g_ptr_array_unref (tracker->log);
  g_free (tracker);
}

static void
engagement_free (gpointer data)
{
  AdmEngagement *engagement = data;

  g_ptr_array_unref (engagement->formations);
  g_free (engagement);
}

AdmStrategy *
adm_strategy_new (AdmScenario *scenario)
{
  AdmStrategy *self = g_new0 (AdmStrategy, 1);
  GPtrArray *formations = adm_scenario_get_formations (scenario);

  self->scenario = scenario;
  self->cycle = 1;
  self->trackers = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, tracker_free);
  self->engagements = g_ptr_array_new_with_free_func (engagement_free);
  self->sheets = g_array_new (FALSE, FALSE, sizeof (Sheet));

  /* F-GEN-7: the formations start where the master announced them. */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      Tracker *tracker = g_new0 (Tracker, 1);

      tracker->pos.formation = formation;
      tracker->pos.sector = formation->sector;
      tracker->pos.flagship = formation->flagship;
      tracker->log = g_ptr_array_new_with_free_func (log_line_free);
      g_hash_table_insert (self->trackers, formation->id, tracker);
    }
  return self;
}

void
adm_strategy_free (AdmStrategy *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->trackers);
  g_ptr_array_unref (self->engagements);
  g_array_unref (self->sheets);
  g_free (self);
}

/* Reading events */

static gboolean
need_cycle (AdmStrategy     *self,
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

static const AdmAdmiral *
need_admiral (AdmStrategy     *self,
              const AdmEvent  *event,
              GError         **error)
{
  const char *id = adm_event_get (event, "admiral");
  const AdmAdmiral *admiral = id != NULL ? adm_scenario_lookup_admiral (self->scenario, id) : NULL;

  if (admiral == NULL)
    g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                 _("the “%s” event names unknown admiral “%s”"), adm_event_get_kind (event),
                 id != NULL ? id : "");
  return admiral;
}

/* "sheet": an admiral handed in his order sheet (F-GEN-3), late ones with their time. */

gboolean
adm_strategy_check_sheet (AdmStrategy     *self,
                          const AdmEvent  *event,
                          GError         **error)
{
  const char *received = adm_event_get (event, "received");
  const char *late = adm_event_get (event, "late");
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = NULL;
  guint cycle;

  if (!need_cycle (self, event, &cycle, error) || need_admiral (self, event, error) == NULL)
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
  return TRUE;
}

void
adm_strategy_apply_sheet (AdmStrategy    *self,
                          const AdmEvent *event)
{
  g_autoptr(GTimeZone) utc = g_time_zone_new_utc ();
  g_autoptr(GDateTime) time = g_date_time_new_from_iso8601 (adm_event_get (event, "received"), utc);
  const char *late = adm_event_get (event, "late");
  Sheet sheet = {
    self->cycle,
    adm_scenario_lookup_admiral (self->scenario, adm_event_get (event, "admiral")),
    g_date_time_to_unix (time),
    late != NULL && g_str_equal (late, "true"),
  };

  g_array_append_val (self->sheets, sheet);
}

/* "order": one order to one formation (F-FORM-6) for the current cycle. */

static const char * const order_names[] = {
  "move", "attack", "defend", "patrol", "lay-mines", "sweep-mines", "flagship", "instructions",
};

const char *
adm_strat_order_kind_to_string (AdmStratOrderKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (order_names), NULL);
  return order_names[kind];
}

static gboolean
adjacent (const AdmSector *a,
          const AdmSector *b)
{
  for (guint i = 0; i < a->adjacent->len; i++)
    if (g_ptr_array_index (a->adjacent, i) == b)
      return TRUE;
  return FALSE;
}

/* Where the formation's next move starts: the sector it is in, or the one it is heading for. */
static const AdmSector *
start_sector (const Tracker *tracker)
{
  return tracker->pos.towards != NULL ? tracker->pos.towards : tracker->pos.sector;
}

static gboolean
refuse (GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError     **error,
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

/* F-STN-5: a station never leaves its orbit, so a formation holding one cannot move. */
static gboolean
check_can_move (const AdmFormation  *formation,
                GError             **error)
{
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (ship->klass->speed == 0)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                       _("“%s” cannot leave its sector: “%s” is a station fixed in its orbit "
                         "(F-STN-5)"), formation->name, ship->name);
          return FALSE;
        }
    }
  return TRUE;
}

/* F-STRAT-8: a route runs sector by sector, each adjacent to the one before. */
static gboolean
read_route (AdmStrategy    *self,
            Tracker        *tracker,
            AdmStratOrder  *order,
            const char     *route,
            GError        **error)
{
  g_auto(GStrv) words = g_strsplit (route != NULL ? route : "", " ", -1);
  const AdmSector *previous = start_sector (tracker);

  order->route = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    {
      AdmSector *sector;

      if (words[i][0] == '\0')
        continue;
      sector = adm_scenario_lookup_sector (self->scenario, words[i]);
      if (sector == NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the route names unknown sector “%s”"), words[i]);
          return FALSE;
        }
      if (!adjacent (previous, sector))
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_ILLEGAL,
                       _("the route goes from “%s” to “%s”, which are not adjacent (F-STRAT-8)"),
                       previous->name, sector->name);
          return FALSE;
        }
      g_ptr_array_add (order->route, sector);
      previous = sector;
    }
  if (order->route->len == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the move order for “%s” has no route"), tracker->pos.formation->name);
      return FALSE;
    }
  return check_can_move (tracker->pos.formation, error);
}

/* Attack, defend, patrol and mine orders act in the formation's sector or, after one move, in
 * an adjacent one. */
static gboolean
read_place (AdmStrategy    *self,
            Tracker        *tracker,
            AdmStratOrder  *order,
            const char     *target,
            GError        **error)
{
  const AdmSector *here = start_sector (tracker);
  const AdmSector *sector = here;

  order->route = g_ptr_array_new ();
  if (target != NULL && order->kind == ADM_STRAT_ORDER_ATTACK)
    order->target_formation = adm_scenario_lookup_formation (self->scenario, target);
  if (order->target_formation != NULL)
    {
      Tracker *enemy = g_hash_table_lookup (self->trackers, order->target_formation->id);

      if (order->target_formation->faction == tracker->pos.formation->faction)
        return refuse (error, _("“%s” cannot attack “%s”, a formation of its own side"),
                       tracker->pos.formation->name, order->target_formation->name);
      sector = enemy->pos.sector;
    }
  else if (target != NULL)
    {
      sector = adm_scenario_lookup_sector (self->scenario, target);
      if (sector == NULL)
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the order’s target “%s” is neither a sector nor a formation"), target);
          return FALSE;
        }
    }
  if (sector != here)
    {
      if (!adjacent (here, sector))
        return refuse (error, _("“%s” is not adjacent to “%s”, where “%s” is (F-STRAT-8)"),
                       sector->name, here->name, tracker->pos.formation->name);
      if (!check_can_move (tracker->pos.formation, error))
        return FALSE;
      g_ptr_array_add (order->route, (gpointer) sector);
    }
  order->target_sector = sector;
  return TRUE;
}

/* F-STRAT-16 with F-MINE-10..12 and F-SWEEP-3: only ships fitted for it lay or sweep mines. */
static gboolean
check_fitted (const AdmFormation  *formation,
              AdmStratOrderKind    kind,
              GError             **error)
{
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (kind == ADM_STRAT_ORDER_SWEEP_MINES && ship->klass->sweep_devices > 0)
        return TRUE;
      for (guint w = 0; kind == ADM_STRAT_ORDER_LAY_MINES && w < ship->klass->weapons->len; w++)
        if (((AdmWeapon *) g_ptr_array_index (ship->klass->weapons, w))->type == ADM_WEAPON_MINE)
          return TRUE;
    }
  if (kind == ADM_STRAT_ORDER_LAY_MINES)
    return refuse (error, _("no ship of “%s” can lay mines (F-MINE-10)"), formation->name);
  return refuse (error, _("no ship of “%s” is a minesweeper (F-SWEEP-3)"), formation->name);
}

static gboolean
read_kind (const AdmEvent     *event,
           AdmStratOrderKind  *out,
           GError            **error)
{
  const char *name = adm_event_get (event, "order");

  for (guint i = 0; i < G_N_ELEMENTS (order_names); i++)
    if (name != NULL && g_str_equal (name, order_names[i]))
      {
        *out = i;
        return TRUE;
      }
  g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
               _("unknown order “%s” (known: move, attack, defend, patrol, lay-mines, "
                 "sweep-mines, flagship, instructions)"), name != NULL ? name : "");
  return FALSE;
}

/* F-FORM-6: orders go to a formation, from the admiral who commands it; a formation with no
 * admiral named takes orders from any admiral of its faction. */
static Tracker *
need_command (AdmStrategy       *self,
              const AdmEvent    *event,
              const AdmAdmiral  *admiral,
              GError           **error)
{
  const char *id = adm_event_get (event, "formation");
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;
  const AdmFormation *formation;

  if (tracker == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the order names unknown formation “%s”"), id != NULL ? id : "");
      return NULL;
    }
  formation = tracker->pos.formation;
  if (formation->admiral != NULL ? formation->admiral != admiral
                                 : formation->faction != admiral->faction)
    {
      refuse (error, _("%s does not command “%s”"), admiral->name, formation->name);
      return NULL;
    }
  return tracker;
}

static gboolean
read_details (AdmStrategy     *self,
              Tracker         *tracker,
              AdmStratOrder   *order,
              const AdmEvent  *event,
              GError         **error)
{
  const AdmFormation *formation = tracker->pos.formation;
  const char *target = adm_event_get (event, "target");

  switch (order->kind)
    {
    case ADM_STRAT_ORDER_MOVE:
      return read_route (self, tracker, order, adm_event_get (event, "route"), error);
    case ADM_STRAT_ORDER_ATTACK:
      if (target == NULL)
        return refuse (error, _("the attack order for “%s” has no target"), formation->name);
      return read_place (self, tracker, order, target, error);
    case ADM_STRAT_ORDER_LAY_MINES:
    case ADM_STRAT_ORDER_SWEEP_MINES:
      if (!check_fitted (formation, order->kind, error))
        return FALSE;
      G_GNUC_FALLTHROUGH;
    case ADM_STRAT_ORDER_DEFEND:
    case ADM_STRAT_ORDER_PATROL:
      return read_place (self, tracker, order, target, error);
    case ADM_STRAT_ORDER_FLAGSHIP:
      {
        const char *id = adm_event_get (event, "flagship");
        const AdmShip *ship = id != NULL ? adm_scenario_lookup_ship (self->scenario, id) : NULL;

        /* F-FORM-4: the flagship is one of the formation's own ships. */
        if (ship == NULL || ship->formation != formation)
          return refuse (error, _("“%s” is not a ship of “%s”"), id != NULL ? id : "",
                         formation->name);
        order->flagship = ship;
        return TRUE;
      }
    case ADM_STRAT_ORDER_INSTRUCTIONS:
    default:
      if (order->text == NULL)
        return refuse (error, _("the instructions for “%s” have no text"), formation->name);
      return TRUE;
    }
}

AdmStratOrder *
adm_strategy_check_order (AdmStrategy     *self,
                          const AdmEvent  *event,
                          GError         **error)
{
  AdmStratOrder *order = g_new0 (AdmStratOrder, 1);
  const char *text = adm_event_get_text (event);
  Tracker *tracker;

  order->line = adm_event_get_line (event);
  order->text = text != NULL && *text != '\0' ? g_strdup (text) : NULL;
  if (!need_cycle (self, event, &order->cycle, error) ||
      (order->admiral = need_admiral (self, event, error)) == NULL ||
      (tracker = need_command (self, event, order->admiral, error)) == NULL ||
      !read_kind (event, &order->kind, error) ||
      !read_details (self, tracker, order, event, error))
    {
      adm_strat_order_free (order);
      return NULL;
    }
  order->formation = tracker->pos.formation;
  return order;
}

static guint
slot_of (AdmStratOrderKind kind)
{
  if (kind == ADM_STRAT_ORDER_FLAGSHIP)
    return 1;
  if (kind == ADM_STRAT_ORDER_INSTRUCTIONS)
    return 2;
  return 0;
}

/* A later order of one slot for one formation and cycle supersedes the earlier one; the
 * journal keeps both (a correction, F-STRAT-7). */
void
adm_strategy_apply_order (AdmStrategy   *self,
                          AdmStratOrder *order)
{
  Tracker *tracker = g_hash_table_lookup (self->trackers, order->formation->id);
  guint slot = slot_of (order->kind);

  adm_strat_order_free (tracker->pending[slot]);
  tracker->pending[slot] = order;
}

/* "cycle": the comms session resolves the current cycle (F-STRAT-1..4). */

gboolean
adm_strategy_check_cycle (AdmStrategy     *self,
                          const AdmEvent  *event,
                          GError         **error)
{
  guint cycle;

  return need_cycle (self, event, &cycle, error);
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
add_log (Tracker    *tracker,
         guint       cycle,
         const char *format,
         ...) G_GNUC_PRINTF (3, 4);

static void
add_log (Tracker    *tracker,
         guint       cycle,
         const char *format,
         ...)
{
  LogLine *line = g_new0 (LogLine, 1);
  va_list args;

  va_start (args, format);
  line->cycle = cycle;
  line->text = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (tracker->log, line);
}

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

/* Administrative orders first: they take no time (F-STRAT-12). */
static void
apply_admin (AdmStrategy *self,
             Tracker     *tracker)
{
  AdmStratOrder *flagship = g_steal_pointer (&tracker->pending[1]);
  AdmStratOrder *instructions = g_steal_pointer (&tracker->pending[2]);

  if (flagship != NULL)
    {
      tracker->pos.flagship = flagship->flagship;
      add_log (tracker, self->cycle, _("%s became the flagship (F-STRAT-12)"),
               flagship->flagship->name);
    }
  if (instructions != NULL)
    add_log (tracker, self->cycle, _("Instructions: %s"), instructions->text);
  adm_strat_order_free (flagship);
  adm_strat_order_free (instructions);
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
  gboolean hour = g_str_equal (ruling (self->scenario, "strategic-phase"), "hour");
  gboolean two = g_str_equal (ruling (self->scenario, "half-phase-actions"), "two-per-phase");

  while (order->route->len > 0 && *t < ADM_STRATEGY_CYCLE_MINUTES)
    {
      const AdmSector *next = g_ptr_array_index (order->route, 0);

      add_segment (segments, pos->formation, pos->sector, NULL, NULL, presence, *t, 0, 0,
                   presence > 0);
      g_ptr_array_remove_index (order->route, 0);
      if (*t + leg > ADM_STRATEGY_CYCLE_MINUTES)
        {
          /* The link is not crossed by the session: carried over in transit. */
          pos->towards = next;
          pos->leg = leg;
          pos->spent = ADM_STRATEGY_CYCLE_MINUTES - *t;
          add_segment (segments, pos->formation, NULL, pos->sector, next, *t,
                       ADM_STRATEGY_CYCLE_MINUTES, 0, pos->spent / leg, TRUE);
          add_log (tracker, self->cycle, _("left %s for %s at minute %.0f, in transit"),
                   pos->sector->name, next->name, *t);
          *t = ADM_STRATEGY_CYCLE_MINUTES;
          return -1;
        }
      add_segment (segments, pos->formation, NULL, pos->sector, next, *t, *t + leg, 0, 1, TRUE);
      add_log (tracker, self->cycle, _("moved from %s to %s, arriving at minute %.0f"),
               pos->sector->name, next->name, *t + leg);
      pos->sector = next;
      presence = *t + leg;
      *t = adm_strategy_next_start (presence, adm_strategy_phase_minutes (hour), two);
    }
  return presence;
}

/* Lays out one formation's cycle into @segments. */
static void
resolve_formation (AdmStrategy *self,
                   Tracker     *tracker,
                   GArray      *segments)
{
  AdmFormationPosition *pos = &tracker->pos;
  const AdmFormation *formation = pos->formation;
  AdmStratOrder *order;
  double t = 0, presence = 0, active = -1;
  gboolean hour = g_str_equal (ruling (self->scenario, "strategic-phase"), "hour");
  gboolean two = g_str_equal (ruling (self->scenario, "half-phase-actions"), "two-per-phase");
  double phase = adm_strategy_phase_minutes (hour);

  apply_admin (self, tracker);
  /* F-STRAT-5: with no new order the formation goes on with the one it has. */
  if (tracker->pending[0] != NULL)
    {
      adm_strat_order_free (tracker->standing);
      tracker->standing = g_steal_pointer (&tracker->pending[0]);
    }
  order = tracker->standing;

  if (pos->towards != NULL)
    {
      double remaining = pos->leg - pos->spent;

      if (remaining > ADM_STRATEGY_CYCLE_MINUTES)
        {
          add_segment (segments, formation, NULL, pos->sector, pos->towards, 0,
                       ADM_STRATEGY_CYCLE_MINUTES, pos->spent / pos->leg,
                       (pos->spent + ADM_STRATEGY_CYCLE_MINUTES) / pos->leg, TRUE);
          pos->spent += ADM_STRATEGY_CYCLE_MINUTES;
          add_log (tracker, self->cycle, _("still in transit from %s to %s"),
                   pos->sector->name, pos->towards->name);
          return;
        }
      add_segment (segments, formation, NULL, pos->sector, pos->towards, 0, remaining,
                   pos->spent / pos->leg, 1, TRUE);
      add_log (tracker, self->cycle, _("arrived from %s at %s at minute %.0f"),
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
  if (order != NULL && order->kind != ADM_STRAT_ORDER_MOVE && t < ADM_STRATEGY_CYCLE_MINUTES)
    {
      /* F-STRAT-11: the order's own action takes half a phase from here. */
      double end = MIN (ADM_STRATEGY_CYCLE_MINUTES,
                        t + adm_strategy_order_phases (order->kind) * phase);

      active = t;
      add_log (tracker, self->cycle, _("%s in %s from minute %.0f to %.0f"),
               adm_strat_order_kind_to_string (order->kind), pos->sector->name, t, end);
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
                   ADM_STRATEGY_CYCLE_MINUTES, 0, 0, TRUE);
    }
  else
    add_segment (segments, formation, pos->sector, NULL, NULL, presence,
                 ADM_STRATEGY_CYCLE_MINUTES, 0, 0, presence > 0);
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
formation_index (AdmScenario        *scenario,
                 const AdmFormation *formation)
{
  guint index = 0;

  g_ptr_array_find (adm_scenario_get_formations (scenario), formation, &index);
  return (gint) index;
}

static void
add_to_engagement (AdmStrategy        *self,
                   AdmEngagement      *engagement,
                   const AdmFormation *formation)
{
  guint i = 0;

  if (g_ptr_array_find (engagement->formations, formation, NULL))
    return;
  while (i < engagement->formations->len &&
         formation_index (self->scenario, g_ptr_array_index (engagement->formations, i)) <
         formation_index (self->scenario, formation))
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
      g_ptr_array_add (self->engagements, engagement);
    }
  engagement->minute = MIN (engagement->minute, minute);
  add_to_engagement (self, engagement, a->formation);
  add_to_engagement (self, engagement, b->formation);
}

static void
find_engagements (AdmStrategy *self,
                  GArray      *segments)
{
  for (guint i = 0; i < segments->len; i++)
    for (guint j = i + 1; j < segments->len; j++)
      {
        const Segment *a = &g_array_index (segments, Segment, i);
        const Segment *b = &g_array_index (segments, Segment, j);
        double minute;

        if (a->formation->faction == b->formation->faction)
          continue;
        minute = meeting (a, b);
        if (minute >= 0)
          record_meeting (self, a, b, minute);
      }
}

static char *
place_name (const AdmEngagement *engagement)
{
  if (engagement->sector != NULL)
    return g_strdup_printf (_("in %s"), engagement->sector->name);
  return g_strdup_printf (_("on the link %s – %s"), engagement->from->name, engagement->to->name);
}

void
adm_strategy_apply_cycle (AdmStrategy    *self,
                          const AdmEvent *event)
{
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  GPtrArray *formations = adm_scenario_get_formations (self->scenario);

  /* Scenario order, so that the replay is the same every time. */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      resolve_formation (self, g_hash_table_lookup (self->trackers, formation->id), segments);
    }
  find_engagements (self, segments);
  self->cycle++;
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
  GPtrArray *admirals = adm_scenario_get_admirals (self->scenario);
  GPtrArray *out = g_ptr_array_new ();

  for (guint a = 0; a < admirals->len; a++)
    {
      AdmAdmiral *admiral = g_ptr_array_index (admirals, a);

      for (guint i = 0; i < self->sheets->len; i++)
        {
          Sheet *sheet = &g_array_index (self->sheets, Sheet, i);

          if (sheet->cycle == cycle && sheet->admiral == admiral)
            {
              g_ptr_array_add (out, admiral->id);
              break;
            }
        }
    }
  return out;
}

static gboolean
sheet_late (AdmStrategy      *self,
            guint             cycle,
            const AdmAdmiral *admiral,
            gboolean         *late)
{
  gboolean found = FALSE;

  for (guint i = 0; i < self->sheets->len; i++)
    {
      Sheet *sheet = &g_array_index (self->sheets, Sheet, i);

      if (sheet->cycle == cycle && sheet->admiral == admiral)
        {
          found = TRUE;
          *late = sheet->late;   /* the latest sheet counts */
        }
    }
  return found;
}

static void
summarise_formation (AdmStrategy      *self,
                     guint             cycle,
                     Tracker          *tracker,
                     GString          *out)
{
  g_string_append_printf (out, "%s:\n", tracker->pos.formation->name);
  for (guint i = 0; i < tracker->log->len; i++)
    {
      LogLine *line = g_ptr_array_index (tracker->log, i);

      if (line->cycle == cycle)
        g_string_append_printf (out, "  %s\n", line->text);
    }
  for (guint i = 0; i < self->engagements->len; i++)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);
      g_autofree char *place = NULL;

      if (engagement->cycle != cycle ||
          !g_ptr_array_find (engagement->formations, tracker->pos.formation, NULL))
        continue;
      place = place_name (engagement);
      /* F-STRAT-3: he learns of the enemies his own formations met, and of nothing else. */
      for (guint f = 0; f < engagement->formations->len; f++)
        {
          const AdmFormation *other = g_ptr_array_index (engagement->formations, f);

          if (other->faction != tracker->pos.formation->faction)
            g_string_append_printf (out, _("  met %s (%s) %s at minute %.0f\n"), other->name,
                                    other->faction->name, place, engagement->minute);
        }
    }
}

char *
adm_strategy_summary (AdmStrategy *self,
                      guint        cycle,
                      const char  *admiral_id)
{
  const AdmAdmiral *admiral = NULL;
  GPtrArray *formations = adm_scenario_get_formations (self->scenario);
  GString *out = g_string_new (NULL);
  gboolean late = FALSE;

  if (admiral_id != NULL)
    {
      admiral = adm_scenario_lookup_admiral (self->scenario, admiral_id);
      g_return_val_if_fail (admiral != NULL, g_string_free (out, FALSE));
      g_string_append_printf (out, _("Cycle %u — %s\n"), cycle, admiral->name);
      if (!sheet_late (self, cycle, admiral, &late))
        g_string_append (out, _("No sheet: standing orders carried out (F-STRAT-5)\n"));
      else if (late)
        g_string_append (out, _("Sheet handed in late\n"));
    }
  else
    g_string_append_printf (out, _("Cycle %u — master’s summary\n"), cycle);

  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      if (admiral == NULL || formation->admiral == admiral)
        summarise_formation (self, cycle, g_hash_table_lookup (self->trackers, formation->id),
                             out);
    }
  return g_string_free (out, FALSE);
}

void
adm_strategy_dump (AdmStrategy *self,
                   GString     *out)
{
  GPtrArray *formations = adm_scenario_get_formations (self->scenario);

  g_string_append_printf (out, "cycle %u sheets %u\n", self->cycle, self->sheets->len);
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);
      Tracker *tracker = g_hash_table_lookup (self->trackers, formation->id);

      g_string_append_printf (out, "position %s %s", formation->id, tracker->pos.sector->id);
      if (tracker->pos.towards != NULL)
        g_string_append_printf (out, " -> %s %.1f/%.1f", tracker->pos.towards->id,
                                tracker->pos.spent, tracker->pos.leg);
      g_string_append_printf (out, " flagship %s standing %s\n", tracker->pos.flagship->id,
                              tracker->standing != NULL
                              ? adm_strat_order_kind_to_string (tracker->standing->kind) : "-");
    }
  for (guint i = 0; i < self->engagements->len; i++)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);

      g_string_append_printf (out, "engagement %u %.1f %s", engagement->cycle, engagement->minute,
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
