/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-strategy.c: the strategic phase (F-STRAT).
 *
 * Time inside a cycle is counted in minutes from the comms session that opens it (0) to the next
 * (ADM_STRATEGY_CYCLE_MINUTES). Resolving a cycle lays out, formation by formation, where it is
 * over those minutes — segments in a sector or on a link — and then looks for hostile formations
 * whose segments meet. Formations of factions that are not allied (scenario alliances) are
 * hostile. Movement goes on after an engagement is recorded: what the battle changes, the master
 * journals.
 *
 * Formations change by administrative orders (form, detach, join, disband: F-STRAT-12,
 * F-STRAT-17). They take no time, so they take effect as they are given: the formations in being
 * are those after every administrative order so far, later orders of the cycle go to them, and
 * the cycle resolves with them. A scenario formation keeps its AdmFormation until its membership
 * or flagship changes; then the strategy makes its own copy under the same id. Every formation
 * ever in being stays allocated until the strategy is freed, so borrowed pointers in past
 * engagements and orders stay valid.
 *
 * Knowledge ages (F-STRAT-3): as each session closes its cycle, every faction in
 * contact with an enemy formation — it met it in the cycle, or knowing of it shares its sector —
 * records where it is and how many ships it has. A side sees a hidden enemy live only while in
 * contact; otherwise it knows it by that sighting, "last seen at PLACE, cycle N (k ships)". */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "adm-state.h"
#include "adm-strategy.h"

typedef struct {
  guint  cycle;
  char  *text;
} LogLine;

typedef struct {
  AdmFormationPosition  pos;
  guint                 index;      /* scenario order, then order formed */
  gboolean              gone;       /* disbanded or merged away (F-STRAT-17) */
  guint                 gone_cycle; /* the cycle it ceased in */
  AdmStratOrder        *standing;   /* the timed order being carried out (F-STRAT-5), a copy */
  AdmStratOrder        *pending[3]; /* given for the current cycle: timed, flagship, instructions
                                     * (borrowed from AdmStrategy.orders) */
  GPtrArray            *log;        /* LogLine* */
  gboolean              revealed;   /* hidden, but shown to the public ("reveal") */
  GPtrArray            *known_to;   /* const AdmFaction*: hidden, but revealed to these */
  GArray               *sightings;  /* Seen, one per enemy faction that saw it (F-STRAT-3) */
} Tracker;

/* A faction's last sighting of a formation: AdmSighting without the formation. */
typedef struct {
  const AdmFaction *faction;
  guint             cycle;
  const AdmSector  *sector;
  const AdmSector  *towards;
  double            progress;
  guint             ships;
} Seen;

struct _AdmStrategy
{
  AdmScenario *scenario;      /* borrowed: the state owns both */
  guint        cycle;
  GHashTable  *trackers;      /* formation id → Tracker*, gone ones included */
  GPtrArray   *all;           /* Tracker*, by index */
  GPtrArray   *formations;    /* AdmFormation*, in being, by index */
  GPtrArray   *owned;         /* AdmFormation* made here */
  GHashTable  *ship_formation; /* AdmShip* → Tracker* of its formation now */
  GPtrArray   *engagements;   /* AdmEngagement* */
  GPtrArray   *sheets;        /* AdmStratSheet*, one per admiral and cycle */
  guint        n_sheets;      /* sheet events, corrections included */
  GPtrArray   *orders;        /* AdmStratOrder*, every one applied, journal order */
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
  g_clear_pointer (&order->ships, g_ptr_array_unref);
  g_free (order->text);
  g_free (order->new_formation);
  g_free (order->new_name);
  g_free (order);
}

static AdmStratOrder *
order_copy (const AdmStratOrder *order)
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

static Tracker *
add_tracker (AdmStrategy        *self,
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
  g_free (engagement);
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

  /* F-GEN-7: the formations start where the master announced them. */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      add_tracker (self, formation, formation->sector);
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

  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      Tracker *copy = g_memdup2 (tracker, sizeof *tracker);

      copy->standing = tracker->standing != NULL ? order_copy (tracker->standing) : NULL;
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
  const AdmAdmiral *admiral = adm_scenario_lookup_admiral (self->scenario,
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

/* "order": one order to one formation (F-FORM-6) for the current cycle. */

static const char * const order_names[] = {
  "move", "attack", "defend", "patrol", "lay-mines", "sweep-mines", "flagship", "instructions",
  "form", "detach", "join", "disband",
};

const char *
adm_strat_order_kind_to_string (AdmStratOrderKind kind)
{
  g_return_val_if_fail (kind < G_N_ELEMENTS (order_names), NULL);
  return order_names[kind];
}

const char *
adm_strat_order_kind_describe (AdmStratOrderKind kind)
{
  /* The order as a report names it, in the reader's language: "patrol: in Pol orbit …". */
  static const char * const labels[] = {
    N_("move"), N_("attack"), N_("defence"), N_("patrol"), N_("minelaying"), N_("minesweeping"),
    N_("flagship"), N_("instructions"), N_("forming"), N_("detaching"), N_("joining"),
    N_("disbanding"),
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (labels) == G_N_ELEMENTS (order_names));
  g_return_val_if_fail (kind < G_N_ELEMENTS (labels), NULL);
  return _(labels[kind]);
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
      /* A route written from where the formation already is ("from Hegen Hub to …") starts
       * there: that sector is no move. */
      if (order->route->len == 0 && sector == previous)
        continue;
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
  const AdmSector *last_seen = NULL;

  order->route = g_ptr_array_new ();
  if (target != NULL && order->kind == ADM_STRAT_ORDER_ATTACK)
    {
      Tracker *enemy = g_hash_table_lookup (self->trackers, target);
      AdmSighting sighting;

      order->target_formation = enemy != NULL && !enemy->gone ? enemy->pos.formation : NULL;
      /* F-STRAT-3: a hidden formation his side has not found is no target he can name; it is
       * refused exactly as a name that is neither a sector nor a formation, so that the
       * refusal does not tell him it exists. F-STRAT-16 under ruling "last-seen-target": one
       * his side knows only by its last sighting, in being or not, is attacked where it was
       * last seen — the refusal or the order never tells him where it is now, or that it is
       * gone. */
      if (enemy != NULL &&
          (enemy->gone ||
           !adm_strategy_formation_visible (self, enemy->pos.formation,
                                            order->admiral->faction)))
        {
          order->target_formation = NULL;
          if (g_str_equal (ruling (self->scenario, "last-seen-target"), "last-seen-place") &&
              adm_strategy_last_sighting (self, enemy->pos.formation, order->admiral->faction,
                                          &sighting))
            {
              order->target_formation = enemy->pos.formation;
              last_seen = sighting.towards != NULL ? sighting.towards : sighting.sector;
            }
        }
    }
  if (order->target_formation != NULL)
    {
      Tracker *enemy = g_hash_table_lookup (self->trackers, order->target_formation->id);

      if (order->target_formation->faction == tracker->pos.formation->faction)
        return refuse (error, _("“%s” cannot attack “%s”, a formation of its own side"),
                       tracker->pos.formation->name, order->target_formation->name);
      /* Allies never fight each other (scenario alliances). */
      if (adm_scenario_factions_allied (self->scenario, order->target_formation->faction,
                                        tracker->pos.formation->faction))
        return refuse (error, _("“%s” cannot attack “%s”: %s and %s are allies"),
                       tracker->pos.formation->name, order->target_formation->name,
                       tracker->pos.formation->faction->name,
                       order->target_formation->faction->name);
      sector = last_seen != NULL ? last_seen : enemy->pos.sector;
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
                 "sweep-mines, flagship, instructions, form, detach, join, disband)"),
               name != NULL ? name : "");
  return FALSE;
}

static gboolean
commands (const AdmAdmiral   *admiral,
          const AdmFormation *formation)
{
  return formation->admiral != NULL ? formation->admiral == admiral
                                    : formation->faction == admiral->faction;
}

/* F-FORM-6: orders go to a formation, from the admiral who commands it; a formation with no
 * admiral named takes orders from any admiral of its faction. F-STRAT-17: a formation that was
 * disbanded or merged away, even earlier this cycle, takes no more orders. */
static Tracker *
need_command_of (AdmStrategy       *self,
                 const char        *id,
                 const AdmAdmiral  *admiral,
                 GError           **error)
{
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;
  const AdmFormation *formation;

  /* F-STRAT-3: a hidden formation his side does not know of is refused as an unknown one. */
  if (tracker == NULL ||
      (!commands (admiral, tracker->pos.formation) &&
       !adm_strategy_formation_visible (self, tracker->pos.formation, admiral->faction)))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the order names unknown formation “%s”"), id != NULL ? id : "");
      return NULL;
    }
  formation = tracker->pos.formation;
  if (tracker->gone)
    {
      refuse (error, _("“%s” no longer exists: it was disbanded, joined another formation "
                       "(F-STRAT-17) or lost all its ships in battle"), formation->name);
      return NULL;
    }
  if (!commands (admiral, formation))
    {
      refuse (error, _("%s does not command “%s”"), admiral->name, formation->name);
      return NULL;
    }
  return tracker;
}

/* F-STRAT-12: formations are reformed in a sector, not on the way between two. */
static gboolean
check_in_sector (Tracker  *tracker,
                 GError  **error)
{
  if (tracker->pos.towards != NULL)
    return refuse (error, _("“%s” is in transit from %s to %s and cannot be reformed before it "
                            "arrives (F-STRAT-12)"), tracker->pos.formation->name,
                   tracker->pos.sector->name, tracker->pos.towards->name);
  return TRUE;
}

/* The id and name of a formation an order creates: an id no formation has had. */
static gboolean
read_new_formation (AdmStrategy     *self,
                    AdmStratOrder   *order,
                    const AdmEvent  *event,
                    GError         **error)
{
  const char *id = adm_event_get (event, "new-formation");
  const char *name = adm_event_get (event, "name");

  if (id == NULL || *id == '\0')
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the %s order needs “new-formation”, the id of the formation it makes"),
                   adm_strat_order_kind_to_string (order->kind));
      return FALSE;
    }
  if (g_hash_table_contains (self->trackers, id))
    return refuse (error, _("there is already a formation with the id “%s”; the new formation "
                            "needs an id of its own"), id);
  order->new_name = g_strstrip (g_strdup (name != NULL ? name : ""));
  if (*order->new_name == '\0')
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the %s order needs “name”, the name of the new formation “%s”"),
                   adm_strat_order_kind_to_string (order->kind), id);
      return FALSE;
    }
  order->new_formation = g_strdup (id);
  return TRUE;
}

/* The ships listed in "ships" for form and detach: known, each once, each in a formation the
 * admiral commands (F-FORM-6), in a sector and all in the same one (F-STRAT-12), and — for
 * detach — all of @source. */
static gboolean
read_ships (AdmStrategy     *self,
            AdmStratOrder   *order,
            const AdmEvent  *event,
            Tracker         *source,
            GError         **error)
{
  g_auto(GStrv) words = g_strsplit_set (adm_event_get (event, "ships") != NULL
                                        ? adm_event_get (event, "ships") : "", " \t\n", -1);
  const AdmSector *place = NULL;

  order->ships = g_ptr_array_new ();
  for (guint i = 0; words[i] != NULL; i++)
    {
      const AdmShip *ship;
      Tracker *from;

      if (words[i][0] == '\0')
        continue;
      ship = adm_scenario_lookup_ship (self->scenario, words[i]);
      from = ship != NULL ? g_hash_table_lookup (self->ship_formation, ship) : NULL;
      /* F-STRAT-3, F-FORM-6: a ship he does not command — another side's, hidden or not, or
       * one sunk — is refused in the words of one that does not exist, naming the id as
       * given: a refusal tells neither that it exists nor its name. */
      if (from == NULL || !commands (order->admiral, from->pos.formation))
        {
          g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                       _("the %s order names “%s”, not a ship %s commands"),
                       adm_strat_order_kind_to_string (order->kind), words[i],
                       order->admiral->name);
          return FALSE;
        }
      if (g_ptr_array_find (order->ships, ship, NULL))
        return refuse (error, _("the %s order names “%s” twice; a ship is in one formation "
                                "only (F-FORM-1)"), adm_strat_order_kind_to_string (order->kind),
                       ship->name);
      if (source != NULL && from != source)
        return refuse (error, _("“%s” is not a ship of “%s”"), ship->name,
                       source->pos.formation->name);
      if (!check_in_sector (from, error))
        return FALSE;
      if (place != NULL && from->pos.sector != place)
        return refuse (error, _("“%s” is in %s, not in %s with the other ships; a formation is "
                                "formed in one sector (F-STRAT-12)"), ship->name,
                       from->pos.sector->name, place->name);
      place = from->pos.sector;
      g_ptr_array_add (order->ships, (gpointer) ship);
    }
  if (order->ships->len == 0)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the %s order lists no ships in “ships”"),
                   adm_strat_order_kind_to_string (order->kind));
      return FALSE;
    }
  return TRUE;
}

/* F-FORM-8 (with F-FORM-3) on the ships of a formation to be: 1..6, of one category. */
static gboolean
check_composition (AdmStrategy  *self,
                   const char   *name,
                   GPtrArray    *ships,
                   GError      **error)
{
  const char *rule = ruling (self->scenario, "formation-composition");
  g_autoptr(GPtrArray) so_far = g_ptr_array_new ();

  for (guint i = 0; i < ships->len; i++)
    {
      g_autofree char *problem = NULL;

      g_ptr_array_add (so_far, g_ptr_array_index (ships, i));
      if ((problem = adm_formation_composition_problem (rule, name, so_far)) != NULL)
        return refuse (error, "%s", problem);
    }
  return TRUE;
}

/* The flagship named in "flagship", or the first ship listed (F-FORM-4: one of its ships). */
static gboolean
read_new_flagship (AdmStrategy     *self,
                   AdmStratOrder   *order,
                   const AdmEvent  *event,
                   GError         **error)
{
  const char *id = adm_event_get (event, "flagship");
  const AdmShip *ship = id != NULL ? adm_scenario_lookup_ship (self->scenario, id) : NULL;

  if (id == NULL)
    {
      order->new_flagship = g_ptr_array_index (order->ships, 0);
      return TRUE;
    }
  if (ship == NULL || !g_ptr_array_find (order->ships, ship, NULL))
    return refuse (error, _("the flagship “%s” is not one of the ships of the new formation "
                            "“%s” (F-FORM-4)"), id, order->new_name);
  order->new_flagship = ship;
  return TRUE;
}

/* form: ships of one or more of the admiral's formations in one sector become a new one. */
static gboolean
read_form (AdmStrategy     *self,
           AdmStratOrder   *order,
           const AdmEvent  *event,
           GError         **error)
{
  return read_new_formation (self, order, event, error) &&
         read_ships (self, order, event, NULL, error) &&
         check_composition (self, order->new_name, order->ships, error) &&
         read_new_flagship (self, order, event, error);
}

/* detach: the listed ships leave @tracker's formation as a new formation. */
static gboolean
read_detach (AdmStrategy     *self,
             Tracker         *tracker,
             AdmStratOrder   *order,
             const AdmEvent  *event,
             GError         **error)
{
  if (!check_in_sector (tracker, error) ||
      !read_new_formation (self, order, event, error) ||
      !read_ships (self, order, event, tracker, error))
    return FALSE;
  /* F-FORM-3: the formation left behind keeps at least one ship. */
  if (order->ships->len >= tracker->pos.formation->ships->len)
    return refuse (error, _("detaching every ship would leave “%s” without ships (F-FORM-3); "
                            "give the ships a new formation with “form”, or keep one"),
                   tracker->pos.formation->name);
  return check_composition (self, order->new_name, order->ships, error) &&
         read_new_flagship (self, order, event, error);
}

/* join: @tracker's formation joins "target", a formation of its faction in its sector. */
static gboolean
read_join (AdmStrategy     *self,
           Tracker         *tracker,
           AdmStratOrder   *order,
           const AdmEvent  *event,
           GError         **error)
{
  const AdmFormation *formation = tracker->pos.formation;
  const char *id = adm_event_get (event, "target");
  Tracker *target = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;
  g_autoptr(GPtrArray) ships = NULL;

  if (!check_in_sector (tracker, error))
    return FALSE;
  /* F-STRAT-3: a hidden formation its side does not know of is refused as an unknown one. */
  if (target == NULL ||
      !adm_strategy_formation_visible (self, target->pos.formation, formation->faction))
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the join order for “%s” names unknown formation “%s” as its target"),
                   formation->name, id != NULL ? id : "");
      return FALSE;
    }
  if (target->gone)
    return refuse (error, _("“%s” cannot join “%s”, which no longer exists (F-STRAT-17)"),
                   formation->name, target->pos.formation->name);
  if (target == tracker)
    return refuse (error, _("“%s” cannot join itself"), formation->name);
  if (target->pos.formation->faction != formation->faction)
    return refuse (error, _("“%s” can only join a formation of %s, and “%s” is of %s"),
                   formation->name, formation->faction->name, target->pos.formation->name,
                   target->pos.formation->faction->name);
  if (!check_in_sector (target, error))
    return FALSE;
  if (target->pos.sector != tracker->pos.sector)
    return refuse (error, _("“%s” is in %s and “%s” in %s; formations join in one sector "
                            "(F-STRAT-12)"), formation->name, tracker->pos.sector->name,
                   target->pos.formation->name, target->pos.sector->name);
  ships = g_ptr_array_copy (target->pos.formation->ships, NULL, NULL);
  g_ptr_array_extend (ships, formation->ships, NULL, NULL);
  if (!check_composition (self, target->pos.formation->name, ships, error))
    return FALSE;
  order->target_join = target->pos.formation;
  return TRUE;
}

/* disband: each ship becomes a formation of its own, under the ship's id and name. */
static gboolean
read_disband (AdmStrategy     *self,
              Tracker         *tracker,
              AdmStratOrder   *order,
              GError         **error)
{
  const AdmFormation *formation = tracker->pos.formation;

  if (!check_in_sector (tracker, error))
    return FALSE;
  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);

      if (g_hash_table_contains (self->trackers, ship->id))
        return refuse (error, _("“%s” cannot be disbanded: its ship “%s” would become a "
                                "formation with the id “%s”, which a formation already has"),
                       formation->name, ship->name, ship->id);
    }
  return TRUE;
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

  return need_command_of (self, id, admiral, error);
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
        if (ship == NULL || g_hash_table_lookup (self->ship_formation, ship) != tracker)
          return refuse (error, _("“%s” is not a ship of “%s”"), id != NULL ? id : "",
                         formation->name);
        order->flagship = ship;
        return TRUE;
      }
    case ADM_STRAT_ORDER_FORM:
      if (!read_form (self, order, event, error))
        return FALSE;
      for (guint i = 0; i < order->ships->len; i++)
        if (g_hash_table_lookup (self->ship_formation, g_ptr_array_index (order->ships, i)) ==
            tracker)
          return TRUE;
      return refuse (error, _("the form order is given to “%s”, but none of its ships is "
                              "listed"), formation->name);
    case ADM_STRAT_ORDER_DETACH:
      return read_detach (self, tracker, order, event, error);
    case ADM_STRAT_ORDER_JOIN:
      return read_join (self, tracker, order, event, error);
    case ADM_STRAT_ORDER_DISBAND:
      return read_disband (self, tracker, order, error);
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
  /* A form order needs no formation: its ships say where they come from. */
  if (g_strcmp0 (adm_event_get (event, "order"), "form") == 0 &&
      adm_event_get (event, "formation") == NULL)
    {
      order->kind = ADM_STRAT_ORDER_FORM;
      if (!need_cycle (self, event, &order->cycle, error) ||
          (order->admiral = need_admiral (self, event, error)) == NULL ||
          !read_form (self, order, event, error))
        {
          adm_strat_order_free (order);
          return NULL;
        }
      tracker = g_hash_table_lookup (self->ship_formation, g_ptr_array_index (order->ships, 0));
      order->formation = tracker->pos.formation;
      return order;
    }
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

static void add_log (Tracker    *tracker,
                     guint       cycle,
                     const char *format,
                     ...) G_GNUC_PRINTF (3, 4);

static gboolean
is_admin (AdmStratOrderKind kind)
{
  return kind == ADM_STRAT_ORDER_FORM || kind == ADM_STRAT_ORDER_DETACH ||
         kind == ADM_STRAT_ORDER_JOIN || kind == ADM_STRAT_ORDER_DISBAND;
}

/* The formation of @tracker as the strategy's own copy, to be changed (copy on write). */
static AdmFormation *
writable (AdmStrategy *self,
          Tracker     *tracker)
{
  const AdmFormation *old = tracker->pos.formation;
  AdmFormation *copy;
  guint index = 0;

  if (g_ptr_array_find (self->owned, old, NULL))
    return (AdmFormation *) old;
  copy = g_new0 (AdmFormation, 1);
  copy->id = g_strdup (old->id);
  copy->name = g_strdup (old->name);
  copy->faction = old->faction;
  copy->sector = (AdmSector *) tracker->pos.sector;
  copy->admiral = old->admiral;
  copy->flagship = (AdmShip *) tracker->pos.flagship;
  copy->ships = g_ptr_array_copy (old->ships, NULL, NULL);
  copy->succession = g_ptr_array_copy (old->succession, NULL, NULL);
  copy->hidden = old->hidden;
  g_ptr_array_add (self->owned, copy);
  if (g_ptr_array_find (self->formations, old, &index))
    self->formations->pdata[index] = copy;
  tracker->pos.formation = copy;
  return copy;
}

static void
set_flagship (AdmStrategy   *self,
              Tracker       *tracker,
              const AdmShip *ship)
{
  AdmFormation *formation = writable (self, tracker);

  formation->flagship = (AdmShip *) ship;
  tracker->pos.flagship = ship;
}

/* A formation that was disbanded or merged away: out of being from now (F-STRAT-17). */
static void
retire (AdmStrategy *self,
        Tracker     *tracker)
{
  tracker->gone = TRUE;
  tracker->gone_cycle = self->cycle;
  g_ptr_array_remove (self->formations, (gpointer) tracker->pos.formation);
  g_clear_pointer (&tracker->standing, adm_strat_order_free);
}

/* @ships leave @tracker's formation; F-FORM-5: when the flagship leaves, the next of the
 * succession still aboard takes over, or else the first ship left. A formation left without
 * ships is no more (F-FORM-3). */
static void
remove_ships (AdmStrategy *self,
              Tracker     *tracker,
              GPtrArray   *ships)
{
  AdmFormation *formation = writable (self, tracker);

  for (guint i = 0; i < ships->len; i++)
    {
      g_ptr_array_remove (formation->ships, g_ptr_array_index (ships, i));
      g_ptr_array_remove (formation->succession, g_ptr_array_index (ships, i));
    }
  if (formation->ships->len == 0)
    {
      add_log (tracker, self->cycle, _("all its ships left it; the formation is no more"));
      retire (self, tracker);
      return;
    }
  if (!g_ptr_array_find (formation->ships, formation->flagship, NULL))
    {
      const AdmShip *next = formation->succession->len > 0
                            ? g_ptr_array_index (formation->succession, 0)
                            : g_ptr_array_index (formation->ships, 0);

      g_ptr_array_remove (formation->succession, (gpointer) next);
      set_flagship (self, tracker, next);
      add_log (tracker, self->cycle, _("%s became the flagship (F-FORM-5)"), next->name);
    }
}

/* Visibility passes on with the ships: the new formation is hidden when every formation they
 * came from was, and known to whoever knew any of them. */
static void
inherit_visibility (AdmFormation *formation,
                    Tracker      *tracker,
                    Tracker      *source,
                    gboolean      first)
{
  formation->hidden = first ? source->pos.formation->hidden
                            : formation->hidden && source->pos.formation->hidden;
  tracker->revealed = tracker->revealed || source->revealed;
  for (guint i = 0; i < source->known_to->len; i++)
    if (!g_ptr_array_find (tracker->known_to, g_ptr_array_index (source->known_to, i), NULL))
      g_ptr_array_add (tracker->known_to, g_ptr_array_index (source->known_to, i));
}

static Tracker *
new_formation (AdmStrategy      *self,
               const char       *id,
               const char       *name,
               const AdmAdmiral *admiral,
               const AdmSector  *sector,
               GPtrArray        *ships,
               const AdmShip    *flagship)
{
  AdmFormation *formation = g_new0 (AdmFormation, 1);
  const AdmShip *first = g_ptr_array_index (ships, 0);
  GPtrArray *sources = g_ptr_array_new ();
  Tracker *tracker;

  formation->id = g_strdup (id);
  formation->name = g_strdup (name);
  formation->faction = first->faction;
  formation->sector = (AdmSector *) sector;
  formation->admiral = (AdmAdmiral *) admiral;
  formation->flagship = (AdmShip *) flagship;
  formation->ships = g_ptr_array_copy (ships, NULL, NULL);
  formation->succession = g_ptr_array_new ();
  g_ptr_array_add (self->owned, formation);

  for (guint i = 0; i < ships->len; i++)
    {
      Tracker *source = g_hash_table_lookup (self->ship_formation, g_ptr_array_index (ships, i));

      if (!g_ptr_array_find (sources, source, NULL))
        g_ptr_array_add (sources, source);
    }
  tracker = add_tracker (self, formation, sector);
  for (guint i = 0; i < sources->len; i++)
    inherit_visibility (formation, tracker, g_ptr_array_index (sources, i), i == 0);
  for (guint i = 0; i < sources->len; i++)
    {
      Tracker *source = g_ptr_array_index (sources, i);
      g_autoptr(GPtrArray) leaving = g_ptr_array_new ();

      for (guint s = 0; s < ships->len; s++)
        if (g_ptr_array_find (source->pos.formation->ships, g_ptr_array_index (ships, s), NULL))
          g_ptr_array_add (leaving, g_ptr_array_index (ships, s));
      add_log (source, self->cycle, _("%u ship(s) left to form “%s” (F-STRAT-12)"),
               leaving->len, name);
      remove_ships (self, source, leaving);
    }
  g_ptr_array_unref (sources);
  return tracker;
}

/* Battle results (F-STRAT-4, issue "campaign loop"): a ship lost in a battle — destroyed, or
 * left a wreck — leaves its formation as any ship leaving it does (F-FORM-5 succession; a
 * formation with none left is no more). */
void
adm_strategy_remove_ship (AdmStrategy   *self,
                          const AdmShip *ship,
                          const char    *why)
{
  Tracker *tracker;
  g_autoptr(GPtrArray) leaving = g_ptr_array_new ();

  g_return_if_fail (self != NULL);
  g_return_if_fail (ship != NULL);

  tracker = g_hash_table_lookup (self->ship_formation, ship);
  if (tracker == NULL || tracker->gone)
    return;
  g_hash_table_remove (self->ship_formation, ship);
  add_log (tracker, self->cycle, "%s", why);
  g_ptr_array_add (leaving, (gpointer) ship);
  remove_ships (self, tracker, leaving);
}

const AdmFormation *
adm_strategy_formation_of_ship (AdmStrategy   *self,
                                const AdmShip *ship)
{
  Tracker *tracker;

  g_return_val_if_fail (self != NULL, NULL);

  tracker = g_hash_table_lookup (self->ship_formation, ship);
  return tracker != NULL && !tracker->gone ? tracker->pos.formation : NULL;
}

/* Captured ships (F-BOARD-15, F-BOARD-17) join the captor's faction as a formation of their
 * own, in @sector, under @admiral (ruling "prize-admiral"; NULL: none); they are no secret of
 * anyone's. */
void
adm_strategy_form_prize (AdmStrategy      *self,
                         const char       *id,
                         const char       *name,
                         const AdmFaction *faction,
                         const AdmSector  *sector,
                         const AdmAdmiral *admiral,
                         GPtrArray        *ships)
{
  Tracker *tracker;
  AdmFormation *formation;

  g_return_if_fail (self != NULL);
  g_return_if_fail (ships != NULL && ships->len > 0);

  tracker = new_formation (self, id, name, admiral, sector, ships, g_ptr_array_index (ships, 0));
  formation = (AdmFormation *) tracker->pos.formation;
  formation->faction = (AdmFaction *) faction;
  formation->hidden = FALSE;
  add_log (tracker, self->cycle, _("formed of ships taken in battle"));
}

/* The flagship a battle left (F-FORM-5): the succession taken on the table carries on. */
void
adm_strategy_set_formation_flagship (AdmStrategy   *self,
                                     const AdmShip *ship)
{
  Tracker *tracker;

  g_return_if_fail (self != NULL);

  tracker = g_hash_table_lookup (self->ship_formation, ship);
  if (tracker == NULL || tracker->gone || tracker->pos.flagship == ship)
    return;
  set_flagship (self, tracker, ship);
}

/* Where a formation is, or, in transit, where it is heading. */
const AdmSector *
adm_strategy_formation_place (AdmStrategy        *self,
                              const AdmFormation *formation)
{
  Tracker *tracker;

  g_return_val_if_fail (self != NULL, NULL);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL)
    return NULL;
  return tracker->pos.towards != NULL ? tracker->pos.towards : tracker->pos.sector;
}

static char *
ship_names (GPtrArray *ships)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < ships->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                            ((const AdmShip *) g_ptr_array_index (ships, i))->name);
  return g_string_free (out, FALSE);
}

/* F-STRAT-12, F-STRAT-17: administrative orders take no time and take effect as given; under
 * the ruling "formation-changes" (F-FORM-7, before-battle) this strategic level is where
 * formations change (F-GEN-6: every ship stays in a formation with a flagship). */
static void
apply_admin_order (AdmStrategy   *self,
                   Tracker       *tracker,
                   AdmStratOrder *order)
{
  switch (order->kind)
    {
    case ADM_STRAT_ORDER_FORM:
    case ADM_STRAT_ORDER_DETACH:
      {
        g_autofree char *names = ship_names (order->ships);
        Tracker *made = new_formation (self, order->new_formation, order->new_name,
                                       order->admiral, tracker->pos.sector, order->ships,
                                       order->new_flagship);

        add_log (made, self->cycle, order->kind == ADM_STRAT_ORDER_FORM
                                    ? _("formed of %s, flagship %s (F-STRAT-12)")
                                    : _("detached of %s, flagship %s (F-STRAT-17)"),
                 names, order->new_flagship->name);
        break;
      }
    case ADM_STRAT_ORDER_JOIN:
      {
        Tracker *target = g_hash_table_lookup (self->trackers, order->target_join->id);
        AdmFormation *merged = writable (self, target);
        const AdmFormation *joiner = tracker->pos.formation;

        g_ptr_array_extend (merged->ships, joiner->ships, NULL, NULL);
        for (guint i = 0; i < joiner->ships->len; i++)
          g_hash_table_insert (self->ship_formation, g_ptr_array_index (joiner->ships, i), target);
        inherit_visibility (merged, target, tracker, FALSE);
        add_log (tracker, self->cycle, _("joined “%s” and ceased to exist (F-STRAT-17)"),
                 merged->name);
        add_log (target, self->cycle, _("“%s” joined it (F-STRAT-17)"), joiner->name);
        retire (self, tracker);
        break;
      }
    case ADM_STRAT_ORDER_DISBAND:
      {
        const AdmFormation *formation = tracker->pos.formation;
        g_autoptr(GPtrArray) ships = g_ptr_array_copy (formation->ships, NULL, NULL);
        AdmAdmiral *admiral = formation->admiral;
        g_autofree char *name = g_strdup (formation->name);

        add_log (tracker, self->cycle, _("disbanded: each ship a formation of its own "
                                         "(F-STRAT-12)"));
        /* Each ship leaves in turn; the last one's leaving retires the formation. */
        for (guint i = 0; i < ships->len; i++)
          {
            const AdmShip *ship = g_ptr_array_index (ships, i);
            g_autoptr(GPtrArray) one = g_ptr_array_new ();
            Tracker *made;

            g_ptr_array_add (one, (gpointer) ship);
            made = new_formation (self, ship->id, ship->name, admiral, tracker->pos.sector, one,
                                  ship);
            add_log (made, self->cycle, _("formed when “%s” was disbanded"), name);
          }
        break;
      }
    default:
      g_assert_not_reached ();
    }
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

  g_ptr_array_add (self->orders, order);
  if (is_admin (order->kind))
    apply_admin_order (self, tracker, order);
  else
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
      /* F-FORM-4: a ship detached since the order was given can no longer be flagship. */
      if (g_ptr_array_find (tracker->pos.formation->ships, flagship->flagship, NULL))
        {
          set_flagship (self, tracker, flagship->flagship);
          add_log (tracker, self->cycle, _("%s became the flagship (F-STRAT-12)"),
                   flagship->flagship->name);
        }
      else
        add_log (tracker, self->cycle, _("%s could not become the flagship: it has left the "
                                         "formation (F-FORM-4)"), flagship->flagship->name);
    }
  if (instructions != NULL)
    add_log (tracker, self->cycle, _("Instructions: %s"), instructions->text);
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

/* F-STRAT-10, F-STRAT-11: the timing resolve_formation () and run_route () give @order from
 * the formation's position now, if nothing stops it on the way. */
void
adm_strategy_forecast_order (AdmStrategy         *self,
                             const AdmStratOrder *order,
                             double              *arrival,
                             double              *start)
{
  const AdmFormationPosition *pos = adm_strategy_get_position (self, order->formation->id);
  gboolean hour = g_str_equal (ruling (self->scenario, "strategic-phase"), "hour");
  gboolean two = g_str_equal (ruling (self->scenario, "half-phase-actions"), "two-per-phase");
  double phase = adm_strategy_phase_minutes (hour);
  double leg = adm_strategy_leg_minutes (self->scenario, order->formation);
  double t = 0, reached = 0;

  *arrival = *start = -1;
  if (pos != NULL && pos->towards != NULL)
    {
      /* The link it is on first: still on it at the session, or arrived and ready again at
       * the next whole phase. */
      if (pos->leg - pos->spent > ADM_STRATEGY_CYCLE_MINUTES)
        return;
      reached = pos->leg - pos->spent;
      t = adm_strategy_next_start (reached, phase, two);
    }
  for (guint i = 0; order->route != NULL && i < order->route->len; i++)
    {
      if (t + leg > ADM_STRATEGY_CYCLE_MINUTES)
        return;
      reached = t + leg;
      t = adm_strategy_next_start (reached, phase, two);
    }
  *arrival = reached;
  if (order->kind != ADM_STRAT_ORDER_MOVE && adm_strategy_order_phases (order->kind) > 0 &&
      t < ADM_STRATEGY_CYCLE_MINUTES)
    *start = t;
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
  gboolean hour = g_str_equal (ruling (self->scenario, "strategic-phase"), "hour");
  gboolean two = g_str_equal (ruling (self->scenario, "half-phase-actions"), "two-per-phase");
  double phase = adm_strategy_phase_minutes (hour);

  apply_admin (self, tracker);
  formation = pos->formation;   /* a new flagship makes the strategy's own copy */
  /* F-STRAT-5: with no new order the formation goes on with the one it has. */
  if (tracker->pending[0] != NULL)
    {
      adm_strat_order_free (tracker->standing);
      tracker->standing = order_copy (g_steal_pointer (&tracker->pending[0]));
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
               adm_strat_order_kind_describe (order->kind), pos->sector->name, t, end);
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

        /* Allies never engage each other (scenario alliances). */
        if (adm_scenario_factions_allied (self->scenario, a->formation->faction,
                                          b->formation->faction))
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
        }
    }
}

/* Knowledge that ages (F-STRAT-3, F-STRAT-9) */

/* Whether @viewer's side knows of @tracker's formation at all: not hidden, revealed to
 * everyone, its own side's, or met once by the side (F-STRAT-3). */
static gboolean
side_knows (AdmStrategy      *self,
            Tracker          *tracker,
            const AdmFaction *viewer)
{
  const AdmFormation *formation = tracker->pos.formation;

  if (!formation->hidden || tracker->revealed ||
      adm_scenario_factions_allied (self->scenario, viewer, formation->faction))
    return TRUE;
  for (guint i = 0; i < tracker->known_to->len; i++)
    if (adm_scenario_factions_allied (self->scenario, viewer,
                                      g_ptr_array_index (tracker->known_to, i)))
      return TRUE;
  return FALSE;
}

/* Whether a formation in being of @viewer's side (its faction or, with @allies, an ally) is in
 * the sector where @tracker's formation is, neither of them on a link. */
static gboolean
shares_sector (AdmStrategy      *self,
               Tracker          *tracker,
               const AdmFaction *viewer,
               gboolean          allies)
{
  if (tracker->gone || tracker->pos.towards != NULL)
    return FALSE;
  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *other = g_ptr_array_index (self->all, i);

      if (!other->gone && other->pos.towards == NULL && other->pos.sector == tracker->pos.sector &&
          (other->pos.formation->faction == viewer ||
           (allies && adm_scenario_factions_allied (self->scenario, viewer,
                                                    other->pos.formation->faction))))
        return TRUE;
    }
  return FALSE;
}

/* Whether a formation of @faction is in an engagement of @cycle with @tracker's formation. */
static gboolean
met_in (AdmStrategy      *self,
        Tracker          *tracker,
        const AdmFaction *faction,
        guint             cycle)
{
  /* Engagements are recorded cycle by cycle: the latest first, so that a long campaign does
   * not walk its whole history for every formation at every session. */
  for (guint i = self->engagements->len; i-- > 0;)
    {
      AdmEngagement *engagement = g_ptr_array_index (self->engagements, i);

      if (engagement->cycle < cycle)
        break;
      if (engagement->cycle != cycle ||
          !g_ptr_array_find (engagement->formations, tracker->pos.formation, NULL))
        continue;
      for (guint f = 0; f < engagement->formations->len; f++)
        if (((const AdmFormation *) g_ptr_array_index (engagement->formations, f))->faction ==
            faction)
          return TRUE;
    }
  return FALSE;
}

/* The sighting of @tracker's formation by @viewer's side latest in time, or NULL. */
static const Seen *
latest_seen (AdmStrategy      *self,
             Tracker          *tracker,
             const AdmFaction *viewer)
{
  const Seen *latest = NULL;

  for (guint i = 0; i < tracker->sightings->len; i++)
    {
      const Seen *seen = &g_array_index (tracker->sightings, Seen, i);

      if (adm_scenario_factions_allied (self->scenario, viewer, seen->faction) &&
          (latest == NULL || seen->cycle > latest->cycle))
        latest = seen;
    }
  return latest;
}

void
adm_strategy_battle_sighting (AdmStrategy        *self,
                              const AdmFormation *formation,
                              const AdmFaction   *viewer,
                              gboolean            detected,
                              guint               ships)
{
  Tracker *tracker;
  guint cycle;

  g_return_if_fail (self != NULL && formation != NULL && viewer != NULL);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL || self->cycle < 2)
    return;
  cycle = self->cycle - 1;
  if (!detected)
    {
      /* F-ECM-2: never found on the table, it was never seen: the meeting of the cycle taught
       * the side nothing of it (a formation it knew before was on its table from the start). */
      for (guint k = tracker->sightings->len; k > 0; k--)
        {
          const Seen *seen = &g_array_index (tracker->sightings, Seen, k - 1);

          if (seen->faction == viewer && seen->cycle == cycle)
            g_array_remove_index (tracker->sightings, k - 1);
        }
      g_ptr_array_remove (tracker->known_to, (gpointer) viewer);
      return;
    }
  if (!g_ptr_array_find (tracker->known_to, viewer, NULL))
    g_ptr_array_add (tracker->known_to, (gpointer) viewer);
  for (guint k = 0; k < tracker->sightings->len; k++)
    {
      Seen *seen = &g_array_index (tracker->sightings, Seen, k);

      if (seen->faction == viewer)
        {
          seen->cycle = cycle;
          seen->ships = ships;
          return;
        }
    }
  {
    Seen seen = { viewer, cycle, tracker->pos.sector, tracker->pos.towards,
                  tracker->pos.leg > 0 ? tracker->pos.spent / tracker->pos.leg : 0, ships };

    g_array_append_val (tracker->sightings, seen);
  }
}

void
adm_strategy_battle_ended (AdmStrategy         *self,
                           const AdmEngagement *engagement)
{
  g_return_if_fail (self != NULL && engagement != NULL);

  for (guint f = 0; f < engagement->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (engagement->formations, f);
      Tracker *tracker = g_hash_table_lookup (self->trackers, formation->id);

      /* A hidden formation is seen as the "sighting" events of the battle's end say. */
      if (tracker == NULL || tracker->pos.formation->hidden)
        continue;
      for (guint k = 0; k < tracker->sightings->len; k++)
        {
          Seen *seen = &g_array_index (tracker->sightings, Seen, k);
          gboolean at_table = FALSE;

          for (guint g = 0; g < engagement->formations->len && !at_table; g++)
            at_table = ((const AdmFormation *) g_ptr_array_index (engagement->formations,
                                                                  g))->faction == seen->faction;
          if (at_table && seen->cycle == engagement->cycle)
            seen->ships = tracker->pos.formation->ships->len;
        }
    }
}

/* As the session closes the cycle, every faction in contact with an enemy formation — it met
 * it in the cycle, or knowing of it shares its sector — sees where it is and how many ships it
 * has; the next cycles remember that sighting. */
static void
record_sightings (AdmStrategy *self)
{
  GPtrArray *factions = adm_scenario_get_factions (self->scenario);

  for (guint i = 0; i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      const AdmFormation *formation = tracker->pos.formation;

      if (tracker->gone)
        continue;
      for (guint v = 0; v < factions->len; v++)
        {
          const AdmFaction *viewer = g_ptr_array_index (factions, v);
          Seen seen = { viewer, self->cycle, tracker->pos.sector, tracker->pos.towards,
                        tracker->pos.leg > 0 ? tracker->pos.spent / tracker->pos.leg : 0,
                        formation->ships->len };
          guint k;

          if (adm_scenario_factions_allied (self->scenario, viewer, formation->faction) ||
              (!met_in (self, tracker, viewer, self->cycle) &&
               !(side_knows (self, tracker, viewer) &&
                 shares_sector (self, tracker, viewer, FALSE))))
            continue;
          for (k = 0; k < tracker->sightings->len; k++)
            if (g_array_index (tracker->sightings, Seen, k).faction == viewer)
              break;
          if (k < tracker->sightings->len)
            g_array_index (tracker->sightings, Seen, k) = seen;
          else
            g_array_append_val (tracker->sightings, seen);
        }
    }
}

void
adm_strategy_apply_cycle (AdmStrategy    *self,
                          const AdmEvent *event)
{
  g_autoptr(GArray) segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autoptr(GPtrArray) formations = g_ptr_array_copy (self->formations, NULL, NULL);

  /* Scenario order, then order formed, so that the replay is the same every time. */
  for (guint i = 0; i < formations->len; i++)
    {
      const AdmFormation *formation = g_ptr_array_index (formations, i);

      resolve_formation (self, g_hash_table_lookup (self->trackers, formation->id), segments);
    }
  find_engagements (self, segments);
  reveal_engaged (self);
  record_sightings (self);
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

/* F-STRAT-7: a later order of one slot for one formation and cycle supersedes the earlier one.
 * An order to a formation that ceased before its cycle was resolved is not carried out. */
gboolean
adm_strategy_order_in_force (AdmStrategy         *self,
                             const AdmStratOrder *order)
{
  gboolean after = FALSE;
  Tracker *tracker;

  if (order == NULL || !g_ptr_array_find (self->orders, order, NULL))
    return FALSE;
  if (is_admin (order->kind))
    return TRUE;
  for (guint i = 0; i < self->orders->len; i++)
    {
      AdmStratOrder *other = g_ptr_array_index (self->orders, i);

      if (other == order)
        after = TRUE;
      else if (after && other->cycle == order->cycle && !is_admin (other->kind) &&
               slot_of (other->kind) == slot_of (order->kind) &&
               g_str_equal (other->formation->id, order->formation->id))
        return FALSE;
    }
  tracker = g_hash_table_lookup (self->trackers, order->formation->id);
  return !tracker->gone || tracker->gone_cycle > order->cycle;
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

/* F-STRAT-3: each side knows its own and its allies' formations and every formation not
 * hidden or revealed by the master to everyone; a hidden enemy only while in contact with it
 * (adm_strategy_in_contact ()), and otherwise by its last sighting. */
gboolean
adm_strategy_formation_visible (AdmStrategy        *self,
                                const AdmFormation *formation,
                                const AdmFaction   *viewer)
{
  Tracker *tracker;

  g_return_val_if_fail (formation != NULL, FALSE);

  if (!formation->hidden)
    return TRUE;
  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL || tracker->revealed)
    return tracker != NULL;
  if (viewer == NULL)
    return FALSE;
  if (adm_scenario_factions_allied (self->scenario, viewer, formation->faction))
    return TRUE;
  return adm_strategy_in_contact (self, formation, viewer);
}

gboolean
adm_strategy_in_contact (AdmStrategy        *self,
                         const AdmFormation *formation,
                         const AdmFaction   *viewer)
{
  Tracker *tracker;
  const Seen *seen;

  g_return_val_if_fail (self != NULL && formation != NULL && viewer != NULL, FALSE);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  if (tracker == NULL || tracker->gone)
    return FALSE;
  /* Seen as the last session closed its cycle: met there, or side by side in a sector. */
  seen = latest_seen (self, tracker, viewer);
  if (seen != NULL && seen->cycle + 1 == self->cycle)
    return TRUE;
  /* Since then, a formation of the side may have been formed beside it (F-STRAT-12). */
  return side_knows (self, tracker, viewer) && shares_sector (self, tracker, viewer, TRUE);
}

static void
sighting_from (const Seen   *seen,
               Tracker      *tracker,
               AdmSighting  *sighting)
{
  sighting->formation = tracker->pos.formation;
  sighting->cycle = seen->cycle;
  sighting->sector = seen->sector;
  sighting->towards = seen->towards;
  sighting->progress = seen->progress;
  sighting->ships = seen->ships;
}

gboolean
adm_strategy_last_sighting (AdmStrategy        *self,
                            const AdmFormation *formation,
                            const AdmFaction   *viewer,
                            AdmSighting        *sighting)
{
  Tracker *tracker;
  const Seen *seen;

  g_return_val_if_fail (self != NULL && formation != NULL && viewer != NULL, FALSE);

  tracker = g_hash_table_lookup (self->trackers, formation->id);
  seen = tracker != NULL ? latest_seen (self, tracker, viewer) : NULL;
  if (seen == NULL)
    return FALSE;
  if (sighting != NULL)
    sighting_from (seen, tracker, sighting);
  return TRUE;
}

GPtrArray *
adm_strategy_last_seen (AdmStrategy      *self,
                        const AdmFaction *viewer)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (self != NULL, out);

  for (guint i = 0; viewer != NULL && i < self->all->len; i++)
    {
      Tracker *tracker = g_ptr_array_index (self->all, i);
      const AdmFormation *formation = tracker->pos.formation;
      const Seen *seen;
      AdmSighting *sighting;

      /* Formations not hidden, or revealed to everyone, are on everyone's map where they are
       * (F-STRAT-2, F-STRAT-9); a side's own and its allies' it always knows. */
      if (!formation->hidden || tracker->revealed ||
          adm_scenario_factions_allied (self->scenario, viewer, formation->faction) ||
          adm_strategy_in_contact (self, formation, viewer))
        continue;
      seen = latest_seen (self, tracker, viewer);
      if (seen == NULL)
        continue;
      sighting = g_new0 (AdmSighting, 1);
      sighting_from (seen, tracker, sighting);
      g_ptr_array_add (out, sighting);
    }
  return out;
}

gboolean
adm_strategy_observed_ships (AdmStrategy        *self,
                             const AdmFormation *formation,
                             const AdmFaction   *viewer,
                             guint              *ships,
                             guint              *cycle)
{
  AdmSighting sighting;
  gboolean found;

  g_return_val_if_fail (self != NULL && formation != NULL, FALSE);

  if (cycle != NULL)
    *cycle = 0;
  if (viewer == NULL ||
      adm_scenario_factions_allied (self->scenario, viewer, formation->faction))
    {
      if (ships != NULL)
        *ships = formation->ships->len;
      return TRUE;
    }
  found = adm_strategy_last_sighting (self, formation, viewer, &sighting);
  if (adm_strategy_in_contact (self, formation, viewer))
    {
      /* In contact, the side knows the enemy as the last session (or a battle it fought since)
       * showed it: a battle elsewhere, which it does not know of, changes nothing it is told.
       * Met beside it since that session (F-STRAT-12), it sees it as it is. */
      if (!found || sighting.cycle + 1 != self->cycle)
        sighting.ships = formation->ships->len;
      sighting.cycle = 0;
    }
  else if (!found)
    return FALSE;
  if (ships != NULL)
    *ships = sighting.ships;
  if (cycle != NULL)
    *cycle = sighting.cycle;
  return TRUE;
}

/* "reveal": the master shows a hidden formation to the public, e.g. once it is in the news. */

gboolean
adm_strategy_check_reveal (AdmStrategy     *self,
                           const AdmEvent  *event,
                           GError         **error)
{
  const char *id = adm_event_get (event, "formation");
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;

  if (tracker == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("the reveal event names unknown formation “%s”"), id != NULL ? id : "");
      return FALSE;
    }
  if (tracker->gone)
    return refuse (error, _("“%s” no longer exists and cannot be revealed (F-STRAT-17)"),
                   tracker->pos.formation->name);
  if (!tracker->pos.formation->hidden)
    return refuse (error, _("“%s” is not hidden: everyone knows of it already"),
                   tracker->pos.formation->name);
  if (tracker->revealed)
    return refuse (error, _("“%s” has been revealed to everyone already"),
                   tracker->pos.formation->name);
  return TRUE;
}

void
adm_strategy_apply_reveal (AdmStrategy    *self,
                           const AdmEvent *event)
{
  Tracker *tracker = g_hash_table_lookup (self->trackers, adm_event_get (event, "formation"));

  tracker->revealed = TRUE;
  add_log (tracker, self->cycle, _("revealed to everyone by the master"));
}

/* "assign": the master gives a formation to another admiral of its own faction; the admiral
 * is the strategy's copy of the formation (writable ()), never the scenario's, so a replay of
 * the journal gives the same commands. */

gboolean
adm_strategy_check_assign (AdmStrategy     *self,
                           const AdmEvent  *event,
                           GError         **error)
{
  const char *id = adm_event_get (event, "formation");
  const char *admiral_id = adm_event_get (event, "admiral");
  Tracker *tracker = id != NULL ? g_hash_table_lookup (self->trackers, id) : NULL;
  const AdmAdmiral *admiral = admiral_id != NULL
                              ? adm_scenario_lookup_admiral (self->scenario, admiral_id) : NULL;
  const AdmFormation *formation;

  if (tracker == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no formation “%s” to give to an admiral"), id != NULL ? id : "");
      return FALSE;
    }
  formation = tracker->pos.formation;
  if (admiral == NULL)
    {
      g_set_error (error, ADM_STATE_ERROR, ADM_STATE_ERROR_BAD_EVENT,
                   _("there is no admiral “%s” in this campaign"),
                   admiral_id != NULL ? admiral_id : "");
      return FALSE;
    }
  if (tracker->gone)
    return refuse (error, _("“%s” no longer exists and cannot be given to an admiral "
                            "(F-STRAT-17)"), formation->name);
  if (admiral->faction != formation->faction)
    return refuse (error, _("%s is an admiral of %s, and “%s” is a formation of %s: a formation "
                            "can only be given to an admiral of its own side"),
                   admiral->name, admiral->faction->name, formation->name,
                   formation->faction->name);
  if (formation->admiral == admiral)
    return refuse (error, _("%s commands “%s” already"), admiral->name, formation->name);
  return TRUE;
}

void
adm_strategy_apply_assign (AdmStrategy    *self,
                           const AdmEvent *event)
{
  Tracker *tracker = g_hash_table_lookup (self->trackers, adm_event_get (event, "formation"));
  const AdmAdmiral *admiral = adm_scenario_lookup_admiral (self->scenario,
                                                           adm_event_get (event, "admiral"));
  AdmFormation *formation = writable (self, tracker);

  formation->admiral = (AdmAdmiral *) admiral;
  /* Translators: a formation's log: "given to Admiral Vorkosigan by the master" */
  add_log (tracker, self->cycle, _("given to %s by the master"), admiral->name);
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

      if (line->cycle == cycle)
        g_string_append_printf (out, "  %s\n", line->text);
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

      admiral = adm_scenario_lookup_admiral (self->scenario, admiral_id);
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
      if (admiral == NULL || commands (admiral, formation))
        summarise_formation (self, cycle, tracker, admiral != NULL ? admiral->faction : NULL,
                             out);
    }
  return g_string_free (out, FALSE);
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
        g_string_append_printf (out, " -> %s %.1f/%.1f", tracker->pos.towards->id,
                                tracker->pos.spent, tracker->pos.leg);
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
