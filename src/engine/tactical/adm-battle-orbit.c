/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-battle-orbit.c: low orbits (F-ORB) and orbital stations (F-STN).
 *
 * A low-orbit map (<low-orbit> in the battle file) is a planet marker with orbits drawn as
 * circles around it, innermost first, and optionally the map's edges. A ship on an orbit
 * moves only along it or from one orbit to another (F-ORB-1); a change of orbit halves its
 * firepower or its shields for the turn (F-ORB-2); engine or control damage starts a fall that
 * crashes the ship at the end of the next turn unless repaired (F-ORB-3, F-CRIT-21). A ship
 * enters low orbit when its base touches the planet marker (F-ORB-4) and leaves it at the
 * map's edge (F-ORB-5).
 *
 * Stations (category "station": platforms, stations and fortresses with as many hull points
 * as heavy ships or more, F-STN-1, on the ship types "station" and "platform" of the ruleset)
 * are fixed in their orbit: they take no movement orders. They take damage as capital ships
 * (F-STN-2, adm-battle-damage.c) on their own critical table (F-STN-7, F-STN-8, F-STN-9, F-STN-10,
 * F-STN-11, F-STN-12, F-STN-13, F-STN-14, F-STN-15, F-STN-16, F-STN-17); result 9 sends a station
 * out of its orbit, sinking d6 cm towards the planet each movement phase until repaired, then
 * falling (F-STN-13), except for planetary defence objects (F-STN-5). F-STN-6: a station is boarded
 * and captured like any ship (adm-battle-boarding.c); F-STN-18: the damage a fall does on the
 * surface belongs to the landing rules, which are not part of the tactical battle. */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "adm-battle-private.h"
#include "adm-xml.h"

#define EPSILON 1e-6
/* Set-up positions on an orbit are measured on the table: 1 mm either way is on it. */
#define ORBIT_TOLERANCE 0.1
/* F-ORB-5: a ship following its orbit is tracked in steps this long to find the edge. */
#define EDGE_STEP 0.05

/* Facts */

gboolean
_adm_battle_is_station (AdmBattle *self,
                        guint      ship)
{
  return _adm_battle_ship (self, ship)->klass->category == ADM_CATEGORY_STATION;
}

const char *
_adm_battle_critical_kind (AdmBattle *self,
                           guint      ship)
{
  /* F-STN-7: stations have their own critical damage table. */
  return _adm_battle_is_station (self, ship) ? "station" : "ship";
}

gboolean
_adm_battle_station_stays_in_orbit (AdmBattle *self,
                                    guint      ship)
{
  /* F-STN-5 ("station-orbit"): planetary defence objects always remain in their orbit, even
   * after critical damage: the defence platforms, or every station. */
  if (!_adm_battle_is_station (self, ship))
    return FALSE;
  return _adm_battle_ruling_is (self, "station-orbit", "all-stay") ||
         g_strcmp0 (_adm_battle_ship (self, ship)->klass->type->id, "platform") == 0;
}

static double
orbit_radius (AdmBattle *self,
              int        orbit)
{
  g_assert (orbit >= 1 && (guint) orbit <= self->low_orbit.orbits->len);
  return g_array_index (self->low_orbit.orbits, double, orbit - 1);
}

/* The heading along the orbit through the point at @bearing from the planet. */
static double
tangent (double   bearing,
         gboolean clockwise)
{
  return adm_heading_normalise (bearing + (clockwise ? 90 : -90));
}

/* Whether a ship at @position heading @heading goes round the planet clockwise: its heading
 * is nearer the clockwise tangent than the other. */
static gboolean
goes_clockwise (AdmBattle *self,
                AdmPoint   position,
                double     heading)
{
  double bearing = adm_bearing (self->low_orbit.planet, position);

  return fabs (adm_heading_difference (tangent (bearing, TRUE), heading)) <= 90 + EPSILON;
}

static gboolean
on_map (AdmBattle *self,
        AdmPoint   point)
{
  const AdmLowOrbit *map = &self->low_orbit;

  if (map->width <= 0 || map->height <= 0)
    return TRUE;
  return point.x >= -EPSILON && point.y >= -EPSILON && point.x <= map->width + EPSILON &&
         point.y <= map->height + EPSILON;
}

/* The ship is lost: it falls onto the planet. No explosion marker: it leaves the table. */
static void
crash (AdmBattle  *self,
       guint       ship,
       const char *clause)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  s->status = ADM_SHIP_DESTROYED;
  s->damage = s->klass->hull;
  /* F-STN-18: the damage to objects on the surface belongs to the landing rules. */
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s falls onto the planet and is lost (%s); any damage to the "
                        "surface is for the landing rules (F-STN-18)."), s->name, clause);
  _adm_battle_ship_lost (self, ship);
}

/* Loading */

static gboolean
load_map (AdmBattle  *self,
          xmlNode    *root,
          xmlNode    *node,
          GError    **error)
{
  AdmLowOrbit *map = &self->low_orbit;
  g_autofree char *text = adm_xml_get_string (node, "orbits");
  g_auto(GStrv) radii = g_strsplit_set (text != NULL ? text : "", " \t\n", -1);
  double width = 0, height = 0;

  if (!adm_xml_get_double (node, "planet-x", TRUE, 0, &map->planet.x, self->file, error) ||
      !adm_xml_get_double (node, "planet-y", TRUE, 0, &map->planet.y, self->file, error) ||
      !adm_xml_get_double (node, "planet-diameter", TRUE, 0, &map->planet_diameter,
                           self->file, error) ||
      !adm_xml_get_double (root, "width", FALSE, 0, &width, self->file, error) ||
      !adm_xml_get_double (root, "height", FALSE, 0, &height, self->file, error) ||
      !adm_xml_get_double (node, "width", FALSE, width, &map->width, self->file, error) ||
      !adm_xml_get_double (node, "height", FALSE, height, &map->height, self->file, error))
    return FALSE;
  map->orbits = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint i = 0; radii[i] != NULL; i++)
    {
      char *end = NULL;
      double radius, inner;

      if (radii[i][0] == '\0')
        continue;
      radius = g_ascii_strtod (radii[i], &end);
      inner = map->orbits->len > 0
                ? g_array_index (map->orbits, double, map->orbits->len - 1)
                : map->planet_diameter / 2;
      /* F-ORB-1: the orbits are circles round the planet, outside it, innermost first. */
      if (end == NULL || *end != '\0' || !(radius > inner + EPSILON))
        {
          adm_xml_set_error (error, self->file, node,
                             _("orbit radius “%s” must be a number of cm greater than %g, the "
                               "planet's radius or the orbit inside it"), radii[i], inner);
          return FALSE;
        }
      g_array_append_val (map->orbits, radius);
    }
  if (map->orbits->len == 0)
    {
      adm_xml_set_error (error, self->file, node, _("a low-orbit map needs at least one orbit"));
      return FALSE;
    }
  map->present = TRUE;
  return TRUE;
}

/* F-ORB-1: a ship set up on orbit N lies on its circle, heading along it. */
static gboolean
place_on_orbit (AdmBattle     *self,
                xmlNode       *node,
                AdmBattleShip *ship,
                int            orbit,
                GError       **error)
{
  const AdmLowOrbit *map = &self->low_orbit;
  double distance, radius;

  if (!map->present)
    {
      adm_xml_set_error (error, self->file, node,
                         _("ship “%s” is on orbit %d, but the battle has no <low-orbit> map "
                           "(F-ORB-1)"), ship->name, orbit);
      return FALSE;
    }
  if (orbit < 1 || (guint) orbit > map->orbits->len)
    {
      adm_xml_set_error (error, self->file, node,
                         _("ship “%s” is on orbit %d, but the low-orbit map has orbits 1 to %u"),
                         ship->name, orbit, map->orbits->len);
      return FALSE;
    }
  radius = orbit_radius (self, orbit);
  distance = adm_distance (map->planet, ship->position);
  if (fabs (distance - radius) > ORBIT_TOLERANCE + EPSILON)
    {
      adm_xml_set_error (error, self->file, node,
                         _("ship “%s” is %.2f cm from the planet, so not on orbit %d, %g cm "
                           "out (within %g cm)"), ship->name, distance, orbit, radius,
                         ORBIT_TOLERANCE);
      return FALSE;
    }
  ship->orbit = orbit;
  /* The token points along its orbit, the way round its heading is nearer to. */
  ship->heading = tangent (adm_bearing (map->planet, ship->position),
                           goes_clockwise (self, ship->position, ship->heading));
  return TRUE;
}

gboolean
_adm_battle_load_low_orbit (AdmBattle  *self,
                            xmlNode    *root,
                            GError    **error)
{
  xmlNode *map = adm_xml_first_element (root, "low-orbit");
  guint index = 0;

  if (map != NULL && !load_map (self, root, map, error))
    return FALSE;
  /* The ships' orbit attributes, in the order the ships were loaded. */
  for (xmlNode *side = adm_xml_first_element (root, "side"); side != NULL;
       side = adm_xml_next_element (side, "side"))
    for (xmlNode *formation = adm_xml_first_element (side, "formation"); formation != NULL;
         formation = adm_xml_next_element (formation, "formation"))
      for (xmlNode *node = adm_xml_first_element (formation, "ship"); node != NULL;
           node = adm_xml_next_element (node, "ship"), index++)
        {
          AdmBattleShip *ship = &g_array_index (self->state->ships, AdmBattleShip, index);
          int orbit = -1;

          if (!adm_xml_get_int (node, "orbit", FALSE, -1, &orbit, self->file, error))
            return FALSE;
          if (orbit != -1 && !place_on_orbit (self, node, ship, orbit, error))
            return FALSE;
        }
  return TRUE;
}

/* Movement */

gboolean
_adm_battle_orbit_check_move (AdmBattle          *self,
                              const AdmMoveDecl  *decl,
                              GArray             *ships,
                              const char         *name,
                              double             *radial,
                              GError            **error)
{
  gboolean on_orbit = FALSE, changed = FALSE;

  *radial = 0;
  for (guint i = 0; i < ships->len; i++)
    {
      guint ship = g_array_index (ships, guint, i);

      /* F-STN-5 and the reading of F-STN: stations are fixed in their orbit; only
       * F-STN-13 moves them. A keep-moving fallback (line 0) is no order. */
      if (_adm_battle_is_station (self, ship) && decl->line > 0)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s is an orbital station: it keeps its place in orbit and "
                                 "takes no movement orders (F-STN-5)"),
                               _adm_battle_ship_name (self, ship));
          return FALSE;
        }
      on_orbit |= _adm_battle_ship (self, ship)->orbit >= 1;
    }
  if (on_orbit && decl->ram != NULL)
    {
      _adm_battle_illegal (self, error, decl->line,
                           _("%s is in low orbit and moves only along its orbit: it cannot "
                             "ram (F-ORB-1)"), name);
      return FALSE;
    }
  for (guint st = 0; st < decl->steps->len; st++)
    {
      const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, st);
      double widest = 0;

      if (step->is_turn && fabs (step->value) > EPSILON && on_orbit)
        {
          /* F-ORB-1: no free manoeuvre in low orbit. */
          _adm_battle_illegal (self, error, decl->line,
                               _("%s is in low orbit and moves only along its orbit: it cannot "
                                 "turn (F-ORB-1)"), name);
          return FALSE;
        }
      if (step->orbit <= 0)
        continue;
      if (!self->low_orbit.present || !on_orbit)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("%s is not on an orbit and cannot change orbit; a ship enters "
                                 "low orbit by touching the planet (F-ORB-4)"), name);
          return FALSE;
        }
      if ((guint) step->orbit > self->low_orbit.orbits->len)
        {
          _adm_battle_illegal (self, error, decl->line,
                               _("the low-orbit map has orbits 1 to %u; there is no orbit %d"),
                               self->low_orbit.orbits->len, step->orbit);
          return FALSE;
        }
      if (changed)
        {
          /* F-ORB-2 ("orbit-change-halving"): one change, one halving, per turn. */
          _adm_battle_illegal (self, error, decl->line,
                               _("%s may change orbit once a turn (F-ORB-2)"), name);
          return FALSE;
        }
      changed = TRUE;
      for (guint i = 0; i < ships->len; i++)
        {
          const AdmBattleShip *s = _adm_battle_ship (self, g_array_index (ships, guint, i));

          if (s->orbit < 1)
            continue;
          if (s->orbit == step->orbit)
            {
              _adm_battle_illegal (self, error, decl->line, _("%s is already on orbit %d"),
                                   s->name, step->orbit);
              return FALSE;
            }
          widest = MAX (widest, fabs (orbit_radius (self, step->orbit) -
                                      orbit_radius (self, s->orbit)));
        }
      /* F-ORB-1, F-MOVE-3: the way from one orbit to the other counts against the move. */
      *radial += widest;
    }
  return TRUE;
}

/* F-ORB-4: the ship touched the planet marker: it is put on the nearest orbit, heading
 * along it, and its move ends. */
static void
enter_orbit (AdmBattle *self,
             guint      ship)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmLowOrbit *map = &self->low_orbit;
  double distance = adm_distance (map->planet, s->position);
  double bearing = adm_bearing (map->planet, s->position);
  int nearest = 1;

  for (guint o = 2; o <= map->orbits->len; o++)
    if (fabs (orbit_radius (self, o) - distance) <
        fabs (orbit_radius (self, nearest) - distance) - EPSILON)
      nearest = o;
  s->heading = tangent (bearing, goes_clockwise (self, s->position, s->heading));
  s->position = adm_point_advance (map->planet, bearing, orbit_radius (self, nearest));
  s->orbit = nearest;
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s touches the planet and enters low orbit %d (F-ORB-4)."),
                      s->name, nearest);
}

/* F-ORB-5: the ship has reached the edge of the low-orbit map and left low orbit. */
static void
leave_orbit (AdmBattle *self,
             guint      ship)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  s->orbit = -1;
  _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                      _("%s reaches the edge of the low-orbit map and leaves low orbit "
                        "(F-ORB-5)."), s->name);
}

/* F-ORB-1: @distance cm along the ship's orbit, the way it is heading; FALSE when it left
 * the map on the way (F-ORB-5) and stopped at the edge. */
static gboolean
follow_orbit (AdmBattle *self,
              guint      ship,
              double     distance,
              double    *covered)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmLowOrbit *map = &self->low_orbit;
  double radius = orbit_radius (self, s->orbit);
  double start = adm_bearing (map->planet, s->position);
  gboolean clockwise = goes_clockwise (self, s->position, s->heading);
  double sign = clockwise ? 1 : -1;
  double done = 0, bearing;
  gboolean left = FALSE;

  /* Walk the arc in short steps, and find the edge between the last step on the map and
   * the first off it by halving. */
  while (done < distance - EPSILON)
    {
      double next = MIN (distance, done + EDGE_STEP);
      AdmPoint point = adm_point_advance (map->planet, start + sign * next / radius * 180 / G_PI,
                                          radius);

      if (!on_map (self, point))
        {
          double inside = done, outside = next;

          for (int i = 0; i < 40; i++)
            {
              double middle = (inside + outside) / 2;

              if (on_map (self, adm_point_advance (map->planet,
                                                   start + sign * middle / radius * 180 / G_PI,
                                                   radius)))
                inside = middle;
              else
                outside = middle;
            }
          done = inside;
          left = TRUE;
          break;
        }
      done = next;
    }
  *covered += done;
  bearing = adm_heading_normalise (start + sign * done / radius * 180 / G_PI);
  s->position = adm_point_advance (map->planet, bearing, radius);
  s->heading = tangent (bearing, clockwise);
  if (left)
    leave_orbit (self, ship);
  return !left;
}

/* F-ORB-1, F-ORB-2: radially to orbit @orbit, halving firepower (1) or shields (2). */
static void
change_orbit (AdmBattle *self,
              guint      ship,
              int        orbit,
              int        halve)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmLowOrbit *map = &self->low_orbit;
  double bearing = adm_bearing (map->planet, s->position);
  gboolean clockwise = goes_clockwise (self, s->position, s->heading);
  int from = s->orbit;
  int divisor = adm_ruleset_get_orbit_shield_divisor (self->ruleset);
  double moved = fabs (orbit_radius (self, orbit) - orbit_radius (self, from));

  s->position = adm_point_advance (map->planet, bearing, orbit_radius (self, orbit));
  s->heading = tangent (bearing, clockwise);
  s->orbit = orbit;
  /* F-ORB-2 ("orbit-change-halving"): the player's choice, for the rest of this turn; the
   * shields are divided by the ruleset's number, said as "halved" when it is 2. */
  s->orbit_halved = halve == 2 ? 2 : 1;
  if (s->orbit_halved == 2 && divisor != 2)
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                        _("%s changes from orbit %d to orbit %d, %.1f cm: its shields are "
                          "divided by %d this turn (F-ORB-2)."),
                        s->name, from, orbit, moved, divisor);
  else
    _adm_battle_report (self, ADM_ABOUT_SHIP (ship), s->orbit_halved == 2
                                ? _("%s changes from orbit %d to orbit %d, %.1f cm: its shields "
                                    "are halved this turn (F-ORB-2).")
                                : _("%s changes from orbit %d to orbit %d, %.1f cm: its "
                                    "firepower is halved this turn (F-ORB-2)."),
                        s->name, from, orbit, moved);
  if (!on_map (self, s->position))
    leave_orbit (self, ship);
}

/* A ship not in low orbit moves straight on; touching the planet puts it in low orbit
 * (F-ORB-4). TRUE when it did and its move ends. */
static gboolean
move_free (AdmBattle *self,
           guint      ship,
           double     heading,
           double     distance,
           double    *covered)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);
  const AdmLowOrbit *map = &self->low_orbit;
  AdmPoint end = adm_point_advance (s->position, heading, distance);
  double contact = adm_contact_distance (s->position, end, _adm_battle_base_size (self, ship),
                                         map->planet, map->planet_diameter);

  if (contact < 0)
    {
      s->position = end;
      *covered += distance;
      return FALSE;
    }
  *covered += contact;
  s->position = adm_point_advance (s->position, heading, contact);
  enter_orbit (self, ship);
  return TRUE;
}

gboolean
_adm_battle_orbit_move (AdmBattle          *self,
                        const AdmMoveDecl  *decl,
                        GArray             *ships,
                        double              total,
                        double             *moved,
                        GError            **error)
{
  g_autofree gboolean *stopped = g_new0 (gboolean, MAX (ships->len, 1));
  g_autofree int *from = g_new0 (int, MAX (ships->len, 1));
  g_autofree double *along = g_new0 (double, MAX (ships->len, 1));
  g_autofree double *covered = g_new0 (double, MAX (ships->len, 1));
  double left = total;

  for (guint i = 0; i < ships->len; i++)
    from[i] = _adm_battle_ship (self, g_array_index (ships, guint, i))->orbit;
  for (guint st = 0; st < decl->steps->len; st++)
    {
      const AdmMoveStep *step = &g_array_index (decl->steps, AdmMoveStep, st);
      double heading = 0, distance;
      gboolean led = FALSE;

      if (step->orbit > 0)
        {
          double widest = 0;

          for (guint i = 0; i < ships->len; i++)
            {
              guint ship = g_array_index (ships, guint, i);
              int orbit = _adm_battle_ship (self, ship)->orbit;

              if (stopped[i] || orbit < 1)
                continue;
              widest = MAX (widest, fabs (orbit_radius (self, step->orbit) -
                                          orbit_radius (self, orbit)));
              covered[i] += fabs (orbit_radius (self, step->orbit) - orbit_radius (self, orbit));
              change_orbit (self, ship, step->orbit, step->halve);
              stopped[i] = _adm_battle_ship (self, ship)->orbit < 1;
            }
          left -= MIN (widest, left);
          continue;
        }
      if (step->is_turn)
        {
          /* Only ships off the orbits may turn (checked: F-ORB-1). */
          for (guint i = 0; i < ships->len; i++)
            {
              AdmBattleShip *s = _adm_battle_ship (self, g_array_index (ships, guint, i));

              if (stopped[i] || s->orbit >= 1)
                continue;
              s->heading = adm_heading_normalise (s->heading + step->value);
              s->turned = TRUE;
            }
          continue;
        }
      distance = MIN (step->value, left);
      left -= distance;
      /* F-FORM-9: ships off the orbits keep the formation's shape, along the heading of the
       * first of them. */
      for (guint i = 0; i < ships->len && !led; i++)
        {
          const AdmBattleShip *s = _adm_battle_ship (self, g_array_index (ships, guint, i));

          if (!stopped[i] && s->orbit < 1)
            {
              heading = s->heading;
              led = TRUE;
            }
        }
      for (guint i = 0; i < ships->len; i++)
        {
          guint ship = g_array_index (ships, guint, i);

          if (stopped[i] || distance <= 0)
            continue;
          if (_adm_battle_ship (self, ship)->orbit >= 1)
            {
              stopped[i] = !follow_orbit (self, ship, distance, &covered[i]);
              along[i] += distance;
            }
          else
            stopped[i] = move_free (self, ship, heading, distance, &covered[i]);
        }
    }
  *moved = 0;
  for (guint i = 0; i < ships->len; i++)
    *moved = MAX (*moved, covered[i]);
  for (guint i = 0; i < ships->len; i++)
    if (from[i] >= 1 && along[i] > EPSILON)
      _adm_battle_report (self, ADM_ABOUT_SHIP (g_array_index (ships, guint, i)),
                          _("%s follows its orbit (F-ORB-1)."),
                          _adm_battle_ship_name (self, g_array_index (ships, guint, i)));
  return TRUE;
}

gboolean
_adm_battle_orbit_decay (AdmBattle  *self,
                         GError    **error)
{
  const AdmLowOrbit *map = &self->low_orbit;

  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);
      double distance, surface, sink;
      int roll;

      /* F-STN-13: out of its orbit until repaired (ADM_STN_CRIT_OUT_OF_ORBIT). On a
       * table with no planet there is nowhere to sink to: the fall is counted in turns. */
      if (!map->present || !_adm_battle_is_station (self, i) || s->criticals[ADM_STN_CRIT_OUT_OF_ORBIT] == 0 ||
          s->status == ADM_SHIP_DESTROYED)
        continue;
      if (!_adm_battle_roll_sum (self, ADM_ABOUT_SHIP (i),
                                 adm_ruleset_get_dice (self->ruleset, ADM_DICE_ORBIT_DECAY), 6,
                                 "F-STN-13", &roll, error,
                                 _("%s sinks towards the planet, cm"), s->name))
        return FALSE;
      s = _adm_battle_ship (self, i);
      distance = adm_distance (s->position, map->planet);
      surface = map->planet_diameter / 2 + _adm_battle_base_size (self, i) / 2;
      sink = MIN ((double) roll, MAX (0, distance - surface));
      s->position = adm_point_advance (s->position, adm_bearing (s->position, map->planet),
                                       sink);
      s->orbit = 0;
      _adm_battle_report (self, ADM_ABOUT_SHIP (i),
                          _("%s has left its orbit and sinks %d cm towards the planet "
                            "(F-STN-13)."), s->name, roll);
      if (distance - roll <= surface + EPSILON)
        crash (self, i, "F-STN-13");
    }
  return TRUE;
}

gboolean
adm_orb_3_falls (const char         *effect,
                 const char * const *fall_effects)
{
  return effect != NULL && fall_effects != NULL && g_strv_contains (fall_effects, effect);
}

/* F-ORB-3 ("orbit-fall-results"): whether the ship critical table's row for @result is damage
 * to the engines or control systems, by its effect: one of the ruleset's <orbit-fall> effects
 * for the ruling's option (F-CRIT-21's 6, 8, 11, 12 in Forcon's table), wherever the table
 * puts it. */
static gboolean
fall_result (AdmBattle *self,
             guint      ship,
             int        result)
{
  const AdmTableRow *row =
    adm_ruleset_critical (self->ruleset, _adm_battle_critical_kind (self, ship), result);
  AdmOrbitFallOption option =
    _adm_battle_ruling_is (self, "orbit-fall-results", "engines-only")
      ? ADM_ORBIT_FALL_ENGINES_ONLY : ADM_ORBIT_FALL_CRIT_21;

  return row != NULL &&
         adm_orb_3_falls (row->effect, adm_ruleset_get_orbit_fall_effects (self->ruleset, option));
}

/* Whether what made the ship fall is still unrepaired. */
static gboolean
still_failing (AdmBattle *self,
               guint      ship)
{
  const AdmBattleShip *s = _adm_battle_ship (self, ship);

  if (_adm_battle_is_station (self, ship))
    return s->criticals[ADM_STN_CRIT_OUT_OF_ORBIT] > 0;
  for (int r = 2; r < ADM_CRITICAL_RESULTS; r++)
    if (s->criticals[r] > 0 && fall_result (self, ship, r))
      return TRUE;
  return FALSE;
}

gboolean
_adm_battle_orbit_critical (AdmBattle  *self,
                            guint       ship,
                            int         result,
                            GError    **error)
{
  AdmBattleShip *s = _adm_battle_ship (self, ship);

  if (s->status == ADM_SHIP_DESTROYED)
    return TRUE;
  if (_adm_battle_is_station (self, ship))
    {
      /* F-STN-13: the station has left its orbit and falls unless repaired. */
      if (result == ADM_STN_CRIT_OUT_OF_ORBIT && s->falling_since == 0)
        {
          s->falling_since = adm_battle_get_turn (self);
          _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                              _("%s has left its orbit: it sinks towards the planet and "
                                "falls unless the damage is repaired (F-STN-13)."),
                              s->name);
        }
      return TRUE;
    }
  /* F-CRIT-21 and F-ORB-3 apply in low orbit: to a ship on an orbit. */
  if (!self->low_orbit.present || s->orbit < 1 || !fall_result (self, ship, result))
    return TRUE;
  if (_adm_battle_ruling_is (self, "low-orbit-criticals", "destroyed"))
    {
      /* F-CRIT-21 read literally: the ship is lost at once. */
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("Critical %d in low orbit destroys %s (F-CRIT-21)."), result,
                          s->name);
      crash (self, ship, "F-CRIT-21");
      return TRUE;
    }
  if (s->falling_since == 0)
    {
      s->falling_since = adm_battle_get_turn (self);
      _adm_battle_report (self, ADM_ABOUT_SHIP (ship),
                          _("%s begins to fall towards the planet: it crashes at the end "
                            "of next turn unless the damage is repaired (F-ORB-3, "
                            "F-CRIT-21)."), s->name);
    }
  return TRUE;
}

/* End stage */

gboolean
_adm_battle_orbit_end (AdmBattle  *self,
                       GError    **error)
{
  int turn = adm_battle_get_turn (self);

  for (guint i = 0; i < _adm_battle_n_ships (self); i++)
    {
      AdmBattleShip *s = _adm_battle_ship (self, i);
      gboolean station = _adm_battle_is_station (self, i);

      /* F-ORB-2 ("orbit-change-halving"): the halving lasts to the end of the turn. */
      s->orbit_halved = 0;
      if (s->falling_since == 0 || s->status == ADM_SHIP_DESTROYED)
        continue;
      if (!still_failing (self, i))
        {
          /* Damage control (F-DC) repaired it in this end stage: the fall stops. */
          s->falling_since = 0;
          _adm_battle_report (self, ADM_ABOUT_SHIP (i), station
                                      ? _("%s is repaired and holds its place (F-STN-13).")
                                      : _("%s is repaired in time and stops falling (F-ORB-3)."),
                              s->name);
          continue;
        }
      if (!station && s->orbit < 1)
        {
          /* F-ORB-5: it climbed out of low orbit before it fell. */
          s->falling_since = 0;
          _adm_battle_report (self, ADM_ABOUT_SHIP (i),
                              _("%s has left low orbit and no longer falls (F-ORB-5)."),
                              s->name);
          continue;
        }
      /* F-STN-13 ("station-orbit-decay") at-surface: a station falls only when it reaches the
       * planet, which the movement phase sees; with no planet on the table, after a turn. */
      if (station && self->low_orbit.present &&
          _adm_battle_ruling_is (self, "station-orbit-decay", "at-surface"))
        continue;
      /* F-ORB-3: the fall lasts one turn; not repaired by the end of the next, it crashes. */
      if (turn > s->falling_since)
        crash (self, i, station ? "F-STN-13" : "F-ORB-3");
    }
  return TRUE;
}
