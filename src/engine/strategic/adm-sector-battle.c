/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-sector-battle.c: the battle set-up for a clash on the strategic map (F-TAC-1).
 *
 * F-TAC-1 has the master make the tactical map from the sector's features and the orders
 * about the ships' initial positions; F-STRAT-15 says the orders decide the deployment ("attack
 * formation" against "marching order"). The frame is "facing lines": each side along its own
 * table edge with a front line facing the enemy. Within it, every formation is laid out by a
 * named placement from the ruleset's data (AdmPlacement), which adm-engagement.c picks by the
 * formation's orders and the master may change before the first turn. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "adm-battle-layout.h"
#include "adm-sector-battle.h"
#include "adm-source-text.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-sector-battle-error-quark, adm_sector_battle_error)

/* One formation laid out in its side's frame: u along the front line from the formation's
 * start, v behind the front line; both to each ship's centre, in formation order. */
typedef struct {
  const AdmFormation *formation;
  const AdmPlacement *placement;
  GArray             *u, *v;     /* double */
  double              offset;    /* where the formation starts along the side's line */
  double              width;     /* along the line, from the first base's edge to the last */
} Laid;

/* One side: an alliance's formations and where its front line goes. */
typedef struct {
  GPtrArray *factions;   /* const AdmFaction*, in order of appearance */
  GPtrArray *laid;       /* Laid* */
  double     length;     /* the line's length */
  double     depth;      /* the rearmost ship's centre behind the front line */
  double     x0, y0;     /* where the front line starts */
  double     dx, dy;     /* along the front line, a unit vector */
  double     bx, by;     /* from the front line towards the side's own edge */
  double     heading;    /* degrees, towards the enemy */
} Side;

static void
laid_free (Laid *laid)
{
  g_array_unref (laid->u);
  g_array_unref (laid->v);
  g_free (laid);
}

static void
side_free (Side *side)
{
  g_ptr_array_unref (side->factions);
  g_ptr_array_unref (side->laid);
  g_free (side);
}

static double
ship_radius (const AdmShip *ship)
{
  return ship->klass->type->base_size / 2;
}

/* Allied factions fight as one side (F-STRAT-4 engagements are between enemies); sides come
 * in the order their first formation comes in @placed. */
static GPtrArray *
collect_sides (AdmScenario *scenario,
               GPtrArray   *placed)
{
  GPtrArray *sides = g_ptr_array_new_with_free_func ((GDestroyNotify) side_free);

  for (guint i = 0; i < placed->len; i++)
    {
      const AdmPlacedFormation *entry = g_ptr_array_index (placed, i);
      const AdmFaction *faction = entry->formation->faction;
      Side *side = NULL;
      Laid *laid;

      for (guint s = 0; s < sides->len && side == NULL; s++)
        {
          Side *candidate = g_ptr_array_index (sides, s);

          if (adm_scenario_factions_allied (scenario, g_ptr_array_index (candidate->factions, 0),
                                            faction))
            side = candidate;
        }
      if (side == NULL)
        {
          side = g_new0 (Side, 1);
          side->factions = g_ptr_array_new ();
          side->laid = g_ptr_array_new_with_free_func ((GDestroyNotify) laid_free);
          g_ptr_array_add (sides, side);
        }
      if (!g_ptr_array_find (side->factions, faction, NULL))
        g_ptr_array_add (side->factions, (gpointer) faction);
      laid = g_new0 (Laid, 1);
      laid->formation = entry->formation;
      laid->placement = entry->placement;
      laid->u = g_array_new (FALSE, FALSE, sizeof (double));
      laid->v = g_array_new (FALSE, FALSE, sizeof (double));
      g_ptr_array_add (side->laid, laid);
    }
  return sides;
}

static const Side *side_of_faction (AdmScenario      *scenario,
                                    GPtrArray        *sides,
                                    const AdmFaction *faction);

/* Ruling "station-engagement" (F-STRAT-16, F-STN-6): a station of @sector held by a faction
 * allied with no side of @sides (AdmFaction* of the formations there) is a side of its own,
 * with no formation on its front line: the station itself is its unit (add_station_units ()).
 * Under "never" it stays a mark ("station-owner-absent"). */
static void
add_station_sides (AdmScenario     *scenario,
                   AdmState        *state,
                   const AdmSector *sector,
                   GPtrArray       *sides)
{
  g_autoptr(GPtrArray) present = g_ptr_array_new ();
  g_autoptr(GPtrArray) stations = NULL;

  if (sides->len == 0 || !adm_sector_stations_engage (scenario))
    return;
  for (guint i = 0; i < sides->len; i++)
    {
      const Side *side = g_ptr_array_index (sides, i);

      g_ptr_array_add (present, g_ptr_array_index (side->factions, 0));
    }
  stations = adm_sector_hostile_stations (scenario, state, sector, present);
  for (guint i = 0; i < stations->len; i++)
    {
      const AdmFaction *owner = ((AdmHeldStation *) g_ptr_array_index (stations, i))->owner;
      Side *side;

      /* Two stations of one alliance make one side. */
      if (side_of_faction (scenario, sides, owner) != NULL)
        continue;
      side = g_new0 (Side, 1);
      side->factions = g_ptr_array_new ();
      side->laid = g_ptr_array_new_with_free_func ((GDestroyNotify) laid_free);
      g_ptr_array_add (side->factions, (gpointer) owner);
      g_ptr_array_add (sides, side);
    }
}

/* Line abreast and column both run along the front line, bases @spacing apart edge to edge so
 * that bases of every size (F-SHIP-1, F-SHIP-2, F-SHIP-3) keep clear; they differ in spacing and
 * heading. */
static void
lay_in_line (Laid *laid)
{
  const AdmPlacement *placement = laid->placement;
  double cursor = 0;

  for (guint i = 0; i < laid->formation->ships->len; i++)
    {
      double radius = ship_radius (g_ptr_array_index (laid->formation->ships, i));
      double centre = cursor + radius;

      g_array_append_val (laid->u, centre);
      g_array_append_val (laid->v, placement->setback);
      cursor = centre + radius + placement->spacing;
    }
  laid->width = MAX (cursor - placement->spacing, 0);
}

/* A block: ranks of @files ships abreast, one behind the other, on a grid as wide as the
 * formation's largest base. */
static void
lay_in_block (Laid *laid)
{
  const AdmPlacement *placement = laid->placement;
  GPtrArray *ships = laid->formation->ships;
  guint files = MIN ((guint) MAX (placement->files, 1), MAX (ships->len, 1));
  double cell = 0;

  for (guint i = 0; i < ships->len; i++)
    cell = MAX (cell, 2 * ship_radius (g_ptr_array_index (ships, i)));
  for (guint i = 0; i < ships->len; i++)
    {
      double u = (i % files) * (cell + placement->spacing) + cell / 2;
      double v = placement->setback + (i / files) * (cell + placement->spacing);

      g_array_append_val (laid->u, u);
      g_array_append_val (laid->v, v);
    }
  laid->width = files * cell + (files - 1) * placement->spacing;
}

static void
measure_side (Side *side)
{
  double cursor = 0;

  side->depth = 0;
  for (guint f = 0; f < side->laid->len; f++)
    {
      Laid *laid = g_ptr_array_index (side->laid, f);

      if (laid->placement->arrangement == ADM_ARRANGEMENT_BLOCK)
        lay_in_block (laid);
      else
        lay_in_line (laid);
      if (f > 0)
        {
          const Laid *before = g_ptr_array_index (side->laid, f - 1);

          cursor += MAX (before->placement->formation_gap, laid->placement->formation_gap);
        }
      laid->offset = cursor;
      cursor += laid->width;
      for (guint i = 0; i < laid->v->len; i++)
        side->depth = MAX (side->depth, g_array_index (laid->v, double, i));
    }
  side->length = cursor;
}

static void
set_line (Side   *side,
          double  x0,
          double  y0,
          double  dx,
          double  dy,
          double  heading)
{
  side->x0 = x0;
  side->y0 = y0;
  side->dx = dx;
  side->dy = dy;
  /* Behind the front line is away from the enemy, against the heading. */
  side->bx = -sin (heading * G_PI / 180);
  side->by = cos (heading * G_PI / 180);
  side->heading = heading;
}

/* Facing lines: the west and east front lines ADM_SECTOR_BATTLE_LINE_GAP apart, both running
 * north to south and centred on each other, each side's depth behind its own; a third side's
 * front along the north edge and a fourth's along the south edge, running west to east,
 * centred, beyond the ends of the first two by ADM_SECTOR_BATTLE_FLANK_GAP at least. */
static void
lay_out (GPtrArray *sides,
         gboolean   crossing,
         double    *width,
         double    *height)
{
  const double margin = ADM_SECTOR_BATTLE_EDGE_MARGIN;
  Side *side[ADM_SECTOR_BATTLE_MAX_SIDES] = { NULL, };
  double west_east, north_south = 0, flank = 0, top, inner, x_west, north_depth, south_depth;

  g_assert (sides->len >= 2 && sides->len <= ADM_SECTOR_BATTLE_MAX_SIDES);
  for (guint i = 0; i < sides->len; i++)
    {
      side[i] = g_ptr_array_index (sides, i);
      measure_side (side[i]);
    }

  west_east = MAX (side[0]->length, side[1]->length);
  for (guint i = 2; i < sides->len; i++)
    north_south = MAX (north_south, side[i]->length);
  if (sides->len > 2)
    flank = MAX (ADM_SECTOR_BATTLE_FLANK_GAP, (ADM_SECTOR_BATTLE_LINE_GAP - west_east) / 2);
  north_depth = side[2] != NULL ? side[2]->depth : 0;
  south_depth = side[3] != NULL ? side[3]->depth : 0;

  inner = side[0]->depth + ADM_SECTOR_BATTLE_LINE_GAP + side[1]->depth;
  top = margin + north_depth + flank;
  *width = MAX (inner, north_south) + 2 * margin;
  *height = top + west_east + (sides->len > 3 ? flank + south_depth : 0) + margin;
  x_west = (*width - inner) / 2 + side[0]->depth;

  set_line (side[0], x_west, top + (west_east - side[0]->length) / 2, 0, 1, 90);
  /* F-TAC-1: on a link the sides are passing each other (F-STRAT-4): the east line runs the
   * other way, so that a column heading along it meets the west one head on. */
  if (crossing)
    set_line (side[1], x_west + ADM_SECTOR_BATTLE_LINE_GAP,
              top + (west_east + side[1]->length) / 2, 0, -1, 270);
  else
    set_line (side[1], x_west + ADM_SECTOR_BATTLE_LINE_GAP,
              top + (west_east - side[1]->length) / 2, 0, 1, 270);
  if (side[2] != NULL)
    set_line (side[2], (*width - side[2]->length) / 2, margin + north_depth, 1, 0, 180);
  if (side[3] != NULL)
    set_line (side[3], (*width - side[3]->length) / 2, *height - margin - south_depth, 1, 0, 0);
}

/* Lengths to the hundredth of a cm, without trailing zeros, in the C locale (xsd:decimal). */
static void
set_length (xmlNode    *node,
            const char *name,
            double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  char *end;

  g_ascii_formatd (buffer, sizeof buffer, "%.2f", round (value * 100) / 100 + 0.0);
  end = buffer + strlen (buffer) - 1;
  while (*end == '0')
    *end-- = '\0';
  if (*end == '.')
    *end = '\0';
  if (g_str_equal (buffer, "-0"))
    g_strlcpy (buffer, "0", sizeof buffer);
  xmlSetProp (node, BAD_CAST name, BAD_CAST buffer);
}

static void
set_int (xmlNode    *node,
         const char *name,
         int         value)
{
  g_autofree char *text = g_strdup_printf ("%d", value);

  xmlSetProp (node, BAD_CAST name, BAD_CAST text);
}

/* "a, b, c" of @names (char*), each named once; NULL when there are none. */
static char *
join_once (GPtrArray *names)
{
  g_autoptr(GPtrArray) once = g_ptr_array_new ();

  for (guint i = 0; i < names->len; i++)
    if (!g_ptr_array_find_with_equal_func (once, g_ptr_array_index (names, i), g_str_equal, NULL))
      g_ptr_array_add (once, g_ptr_array_index (names, i));
  if (once->len == 0)
    return NULL;
  g_ptr_array_add (once, NULL);
  return g_strjoinv (", ", (char **) once->pdata);
}

/* The side's admiral: its formations' admirals, each named once. */
static char *
side_admiral (const Side *side)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint f = 0; f < side->laid->len; f++)
    {
      const AdmFormation *formation = ((Laid *) g_ptr_array_index (side->laid, f))->formation;

      if (formation->admiral != NULL)
        g_ptr_array_add (names, (char *) adm_source_text_english (formation->admiral->name));
    }
  return join_once (names);
}

static char *
side_name (const Side *side)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; i < side->factions->len; i++)
    g_ptr_array_add (names, (char *) adm_source_text_english (
                              ((AdmFaction *) g_ptr_array_index (side->factions, i))->name));
  return join_once (names);
}

/* The flagship: the formation's current one if it is still in it, else its first ship. */
static const AdmShip *
flagship_of (const AdmFormation *formation)
{
  if (formation->flagship != NULL && g_ptr_array_find (formation->ships, formation->flagship, NULL))
    return formation->flagship;
  return g_ptr_array_index (formation->ships, 0);
}

/* F-FORM-5: the successors still in the formation, other than the flagship. */
static void
add_succession (xmlNode            *node,
                const AdmFormation *formation,
                const AdmShip      *flagship)
{
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; formation->succession != NULL && i < formation->succession->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->succession, i);

      if (ship != flagship && g_ptr_array_find (formation->ships, ship, NULL))
        g_string_append_printf (ids, "%s%s", ids->len > 0 ? " " : "", ship->id);
    }
  if (ids->len > 0)
    xmlSetProp (node, BAD_CAST "succession", BAD_CAST ids->str);
}

static void
add_ship (xmlNode       *node,
          const Side    *side,
          const Laid    *laid,
          guint          i,
          AdmState      *state)
{
  const AdmShip *ship = g_ptr_array_index (laid->formation->ships, i);
  AdmShipState *current = state != NULL ? adm_state_get_ship (state, ship->id) : NULL;
  xmlNode *child = xmlNewChild (node, NULL, BAD_CAST "ship", NULL);
  double u = laid->offset + g_array_index (laid->u, double, i);
  double v = g_array_index (laid->v, double, i);
  /* Along the line: the compass bearing of the line's direction. */
  double heading = laid->placement->along_line
                   ? fmod (atan2 (side->dx, -side->dy) * 180 / G_PI + 360, 360)
                   : side->heading;

  xmlSetProp (child, BAD_CAST "id", BAD_CAST ship->id);
  xmlSetProp (child, BAD_CAST "name", BAD_CAST adm_source_text_english (ship->name));
  xmlSetProp (child, BAD_CAST "class", BAD_CAST ship->klass->id);
  /* F-BOARD-7, F-BOARD-8: the crew's faction, as the shipped battles give it. */
  xmlSetProp (child, BAD_CAST "faction", BAD_CAST laid->formation->faction->id);
  set_length (child, "x", side->x0 + u * side->dx + v * side->bx);
  set_length (child, "y", side->y0 + u * side->dy + v * side->by);
  set_int (child, "heading", (int) round (heading));
  set_int (child, "readiness", CLAMP (current != NULL ? current->readiness : ship->readiness,
                                      0, 12));
  if (current != NULL && current->damage > 0)
    set_int (child, "damage", current->damage);
  /* F-CRIT-20: what earlier battles left unrepaired goes on to the next. */
  if (current != NULL)
    {
      g_autoptr(GString) criticals = g_string_new (NULL);

      for (guint r = 0; r < ADM_STATE_CRITICAL_RESULTS; r++)
        for (int n = 0; n < current->criticals[r]; n++)
          g_string_append_printf (criticals, "%s%u", criticals->len > 0 ? " " : "", r);
      if (criticals->len > 0)
        xmlSetProp (child, BAD_CAST "criticals", BAD_CAST criticals->str);
    }
}

static void
add_formation (xmlNode    *parent,
               const Side *side,
               const Laid *laid,
               AdmState   *state)
{
  const AdmFormation *formation = laid->formation;
  xmlNode *node = xmlNewChild (parent, NULL, BAD_CAST "formation", NULL);
  const AdmShip *flagship = flagship_of (formation);

  xmlSetProp (node, BAD_CAST "id", BAD_CAST formation->id);
  xmlSetProp (node, BAD_CAST "name", BAD_CAST adm_source_text_english (formation->name));
  /* F-FORM-4, F-FORM-5: the flagship and its successors, as they are now. */
  xmlSetProp (node, BAD_CAST "flagship", BAD_CAST flagship->id);
  add_succession (node, formation, flagship);
  for (guint i = 0; i < formation->ships->len; i++)
    add_ship (node, side, laid, i, state);
}

static xmlNode *
add_side (xmlNode    *root,
          const Side *side,
          AdmState   *state)
{
  xmlNode *node = xmlNewChild (root, NULL, BAD_CAST "side", NULL);
  g_autofree char *admiral = side_admiral (side);
  g_autofree char *name = side_name (side);

  xmlSetProp (node, BAD_CAST "id",
              BAD_CAST ((AdmFaction *) g_ptr_array_index (side->factions, 0))->id);
  xmlSetProp (node, BAD_CAST "name", BAD_CAST name);
  if (admiral != NULL)
    xmlSetProp (node, BAD_CAST "admiral", BAD_CAST admiral);
  for (guint f = 0; f < side->laid->len; f++)
    add_formation (node, side, g_ptr_array_index (side->laid, f), state);
  return node;
}

/* The scenario's overrides go with the battle, whose ruleset is made afresh from its season. */
static void
add_rulings (xmlNode    *root,
             AdmRuleset *ruleset)
{
  GPtrArray *rulings = adm_ruleset_get_rulings (ruleset);
  xmlNode *section = NULL;

  for (guint i = 0; i < rulings->len; i++)
    {
      const AdmRuling *ruling = g_ptr_array_index (rulings, i);
      xmlNode *node;

      if (g_strcmp0 (ruling->value, ruling->default_value) == 0)
        continue;
      if (section == NULL)
        section = xmlNewChild (root, NULL, BAD_CAST "rulings", NULL);
      node = xmlNewChild (section, NULL, BAD_CAST "ruling", NULL);
      xmlSetProp (node, BAD_CAST "id", BAD_CAST ruling->id);
      xmlSetProp (node, BAD_CAST "value", BAD_CAST ruling->value);
    }
}

static gboolean
check_sides (const char  *where,
             GPtrArray   *sides,
             GError     **error)
{
  if (sides->len == 0)
    {
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
                   /* Translators: %s is a place, "in Pol jump point" */
                   _("No enemies meet %s: no formations are there"), where);
      return FALSE;
    }
  if (sides->len == 1)
    {
      g_autofree char *name = side_name (g_ptr_array_index (sides, 0));

      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
                   /* Translators: "No enemies meet in Pol jump point: only formations of the
                    * Barrayaran Imperium are there" */
                   _("No enemies meet %s: only formations of the %s are there"), where, name);
      return FALSE;
    }
  if (sides->len > ADM_SECTOR_BATTLE_MAX_SIDES)
    {
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_TOO_MANY_SIDES,
                   /* Translators: "5 hostile sides meet in Hegen Hub; a battle is set up for
                    * at most 4 sides, one along each edge of the table" */
                   _("%u hostile sides meet %s; a battle is set up for at most %u sides, one "
                     "along each edge of the table"),
                   sides->len, where, ADM_SECTOR_BATTLE_MAX_SIDES);
      return FALSE;
    }
  return TRUE;
}

/* F-MOVE-5: «…находящиеся в зоне выхода из ПВ-тоннеля» must move. A sector with a wormhole
 * exit gets one exit zone, midway between the first two sides' front lines, where no ship
 * is set up (ADM_SECTOR_BATTLE_LINE_GAP is wider than the zone). */
static void
add_wormhole_exit (xmlNode         *root,
                   const AdmSector *sector,
                   GPtrArray       *sides)
{
  const Side *west = g_ptr_array_index (sides, 0);
  const Side *east = g_ptr_array_index (sides, 1);
  gboolean any = FALSE;
  xmlNode *node;

  for (guint i = 0; sector != NULL && i < sector->objects->len; i++)
    any |= g_strcmp0 (((AdmSectorObject *) g_ptr_array_index (sector->objects, i))->kind,
                      "wormhole-exit") == 0;
  if (!any)
    return;
  node = xmlNewChild (root, NULL, BAD_CAST "wormhole-exit", NULL);
  set_length (node, "x", (west->x0 + east->x0) / 2);
  set_length (node, "y", west->y0 + west->dy * west->length / 2);
  set_length (node, "diameter", ADM_SECTOR_BATTLE_WORMHOLE_EXIT);
}

/* F-TAC-1: the field between the first two front lines grows along them, by as much either
 * way, until it holds the features @half_span either side of its centre; the sides beyond
 * its ends (north, south) move out with them. */
static void
make_room (GPtrArray *sides,
           double     half_span,
           double    *height)
{
  Side *west = g_ptr_array_index (sides, 0);
  Side *east = g_ptr_array_index (sides, 1);
  double extra = half_span - MAX (west->length, east->length) / 2;

  if (extra <= 0)
    return;
  west->y0 += extra;
  east->y0 += extra;
  if (sides->len > 3)
    ((Side *) g_ptr_array_index (sides, 3))->y0 += 2 * extra;
  *height += 2 * extra;
}

/* The side of @faction's alliance, or NULL. */
static const Side *
side_of_faction (AdmScenario      *scenario,
                 GPtrArray        *sides,
                 const AdmFaction *faction)
{
  for (guint i = 0; i < sides->len; i++)
    {
      const Side *side = g_ptr_array_index (sides, i);

      if (adm_scenario_factions_allied (scenario, g_ptr_array_index (side->factions, 0), faction))
        return side;
    }
  return NULL;
}

/* Ruling "station-unit": whether a station generated as @feature is a unit of a side of
 * @sides (its owner's alliance's), and which; FALSE for a station that is a mark. */
static gboolean
station_unit_side (AdmScenario           *scenario,
                   GPtrArray             *sides,
                   const AdmTableFeature *feature,
                   guint                 *index)
{
  const AdmFaction *owner;
  const Side *side;

  if (!g_str_equal (feature->kind, "station") || feature->owner == NULL)
    return FALSE;
  owner = adm_ruleset_lookup_faction (adm_scenario_get_ruleset (scenario), feature->owner);
  side = owner != NULL ? side_of_faction (scenario, sides, owner) : NULL;
  return side != NULL && g_ptr_array_find (sides, side, index);
}

/* Ruling "station-owner-absent": an owned station whose owner has no side in the battle is
 * left off the table rather than set up as a mark. */
static gboolean
station_left_off (AdmScenario           *scenario,
                  GPtrArray             *sides,
                  const AdmTableFeature *feature)
{
  const AdmRuling *ruling = adm_ruleset_lookup_ruling (adm_scenario_get_ruleset (scenario),
                                                       "station-owner-absent");
  guint index;

  return feature->owner != NULL && !station_unit_side (scenario, sides, feature, &index) &&
         ruling != NULL && g_strcmp0 (ruling->value, "left-off") == 0;
}

/* The features generated for the field (adm_battle_layout_generate ()) put on the table:
 * the planet and its orbits as the low-orbit map (F-ORB-1, F-ORB-4; the map's edges are the
 * table's, F-ORB-5), the stations that are no side's units as named marks on their orbit,
 * the wormhole's exit zone (F-MOVE-5). */
static void
add_features (xmlNode              *root,
              AdmScenario          *scenario,
              GPtrArray            *features,
              GPtrArray            *sides,
              const AdmTableLayout *layout)
{
  const Side *west = g_ptr_array_index (sides, 0);
  const Side *east = g_ptr_array_index (sides, 1);
  double cx = (west->x0 + east->x0) / 2;
  double cy = west->y0 + west->dy * west->length / 2;

  for (guint i = 0; i < features->len; i++)
    {
      const AdmTableFeature *feature = g_ptr_array_index (features, i);
      const char *name = adm_source_text_english (feature->name);
      xmlNode *node;
      guint index;

      if (station_unit_side (scenario, sides, feature, &index) ||
          station_left_off (scenario, sides, feature))
        continue;
      if (g_str_equal (feature->kind, "planet"))
        {
          g_autoptr(GString) orbits = g_string_new (NULL);

          node = xmlNewChild (root, NULL, BAD_CAST "low-orbit", NULL);
          set_length (node, "planet-x", cx + feature->x);
          set_length (node, "planet-y", cy + feature->y);
          set_length (node, "planet-diameter", feature->diameter);
          for (guint o = 0; o < layout->orbits->len; o++)
            {
              char buffer[G_ASCII_DTOSTR_BUF_SIZE];

              g_ascii_formatd (buffer, sizeof buffer, "%g",
                               g_array_index (layout->orbits, double, o));
              g_string_append_printf (orbits, "%s%s", o > 0 ? " " : "", buffer);
            }
          xmlSetProp (node, BAD_CAST "orbits", BAD_CAST orbits->str);
          xmlSetProp (node, BAD_CAST "name", BAD_CAST name);
          continue;
        }
      if (g_str_equal (feature->kind, "wormhole-exit"))
        node = xmlNewNode (NULL, BAD_CAST "wormhole-exit");
      else if (g_str_equal (feature->kind, "station"))
        {
          node = xmlNewNode (NULL, BAD_CAST "feature");
          xmlSetProp (node, BAD_CAST "kind", BAD_CAST feature->kind);
          xmlSetProp (node, BAD_CAST "name", BAD_CAST name);
        }
      else
        continue;   /* "low-orbit": the planet's element holds its orbits */
      set_length (node, "x", cx + feature->x);
      set_length (node, "y", cy + feature->y);
      set_length (node, "diameter", feature->diameter);
      if (g_str_equal (feature->kind, "wormhole-exit"))
        xmlSetProp (node, BAD_CAST "name", BAD_CAST name);
      xmlAddChild (root, node);
    }
}

/* The master's corrections (adm_state_get_station ()): a station captured has its new owner,
 * one destroyed is no longer on the table, in every battle after them. Generated first, so
 * that the table is laid out the same whatever became of it. */
static void
correct_stations (GPtrArray       *features,
                  AdmState        *state,
                  const AdmSector *sector)
{
  for (guint i = 0; state != NULL && sector != NULL && features != NULL && i < features->len;)
    {
      AdmTableFeature *feature = g_ptr_array_index (features, i);
      const AdmStationState *station = g_str_equal (feature->kind, "station")
                                       ? adm_state_get_station (state, sector->id, feature->name)
                                       : NULL;

      if (station != NULL && station->destroyed)
        {
          g_ptr_array_remove_index (features, i);
          continue;
        }
      if (station != NULL && station->owner != NULL && feature->klass != NULL)
        {
          g_free (feature->owner);
          feature->owner = g_strdup (station->owner->id);
        }
      i++;
    }
}

/* F-STN-1, F-STN-5, ruling "station-unit": each owned station whose owner's alliance has a
 * side in the battle is a formation of its own in that side, one ship of its class on its
 * orbit (the layout's station orbit) where the generation put it, facing as its side does
 * (a station has no orientation, F-ART-16). Its id is the sector's and the station's place
 * among the sector's stations: no ship of the campaign has it, and the results know it by
 * its class (adm-battle-result.c). */
static void
add_station_units (xmlNode             **side_nodes,
                   AdmScenario          *scenario,
                   AdmState             *state,
                   const AdmSector      *sector,
                   GPtrArray            *features,
                   GPtrArray            *sides,
                   const AdmTableLayout *layout)
{
  const Side *west = g_ptr_array_index (sides, 0);
  const Side *east = g_ptr_array_index (sides, 1);
  double cx = (west->x0 + east->x0) / 2;
  double cy = west->y0 + west->dy * west->length / 2;
  gboolean planet = FALSE;
  guint n = 0;

  for (guint i = 0; i < features->len; i++)
    planet |= g_str_equal (((AdmTableFeature *) g_ptr_array_index (features, i))->kind,
                           "planet");
  for (guint i = 0; i < features->len; i++)
    {
      const AdmTableFeature *feature = g_ptr_array_index (features, i);
      g_autofree char *id = NULL, *formation_id = NULL;
      const char *name = adm_source_text_english (feature->name);
      const AdmStationState *station = state != NULL && sector != NULL
                                       ? adm_state_get_station (state, sector->id, feature->name)
                                       : NULL;
      xmlNode *formation, *ship;
      guint index;

      if (!g_str_equal (feature->kind, "station"))
        continue;
      n++;
      if (!station_unit_side (scenario, sides, feature, &index))
        continue;
      id = g_strdup_printf ("station-%s-%u", sector != NULL ? sector->id : "link", n);
      formation_id = g_strdup_printf ("%s-post", id);
      formation = xmlNewChild (side_nodes[index], NULL, BAD_CAST "formation", NULL);
      xmlSetProp (formation, BAD_CAST "id", BAD_CAST formation_id);
      xmlSetProp (formation, BAD_CAST "name", BAD_CAST name);
      xmlSetProp (formation, BAD_CAST "flagship", BAD_CAST id);
      ship = xmlNewChild (formation, NULL, BAD_CAST "ship", NULL);
      xmlSetProp (ship, BAD_CAST "id", BAD_CAST id);
      xmlSetProp (ship, BAD_CAST "name", BAD_CAST name);
      xmlSetProp (ship, BAD_CAST "class", BAD_CAST feature->klass->id);
      xmlSetProp (ship, BAD_CAST "faction", BAD_CAST feature->owner);
      set_length (ship, "x", cx + feature->x);
      set_length (ship, "y", cy + feature->y);
      set_int (ship, "heading",
               (int) round (((Side *) g_ptr_array_index (sides, index))->heading));
      set_int (ship, "readiness", feature->readiness);
      /* What earlier fighting left of it, as the master recorded it, else as the scenario
       * says an earlier war left it. */
      if ((station != NULL ? station->damage : feature->damage) > 0)
        set_int (ship, "damage", station != NULL ? station->damage : feature->damage);
      if (planet)
        set_int (ship, "orbit", (int) layout->station_orbit);
    }
}

GPtrArray *
adm_sector_held_stations (AdmScenario     *scenario,
                          AdmState        *state,
                          const AdmSector *sector)
{
  GPtrArray *held = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *sectors = adm_scenario_get_sectors (scenario);

  for (guint i = 0; i < sectors->len; i++)
    {
      const AdmSector *here = g_ptr_array_index (sectors, i);

      if (sector != NULL && here != sector)
        continue;
      for (guint o = 0; o < here->objects->len; o++)
        {
          const AdmSectorObject *object = g_ptr_array_index (here->objects, o);
          const AdmStationState *station =
            state != NULL ? adm_state_get_station (state, here->id, object->name) : NULL;
          AdmHeldStation *entry;

          if (!g_str_equal (object->kind, "station") || object->owner == NULL ||
              object->klass == NULL || (station != NULL && station->destroyed))
            continue;
          entry = g_new (AdmHeldStation, 1);
          entry->sector = here;
          entry->object = object;
          entry->owner = station != NULL && station->owner != NULL ? station->owner
                                                                   : object->owner;
          g_ptr_array_add (held, entry);
        }
    }
  return held;
}

GPtrArray *
adm_sector_hostile_stations (AdmScenario     *scenario,
                             AdmState        *state,
                             const AdmSector *sector,
                             GPtrArray       *factions)
{
  GPtrArray *held;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario) && sector != NULL && factions != NULL, NULL);

  held = adm_sector_held_stations (scenario, state, sector);
  for (guint i = held->len; i > 0; i--)
    {
      const AdmHeldStation *station = g_ptr_array_index (held, i - 1);
      gboolean allied = factions->len == 0;

      for (guint f = 0; f < factions->len && !allied; f++)
        allied = adm_scenario_factions_allied (scenario, station->owner,
                                               g_ptr_array_index (factions, f));
      if (allied)
        g_ptr_array_remove_index (held, i - 1);
    }
  return held;
}

gboolean
adm_sector_stations_engage (AdmScenario *scenario)
{
  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), FALSE);

  return g_strcmp0 (adm_ruleset_get_ruling_value (adm_scenario_get_ruleset (scenario),
                                                  "station-engagement"), "engages") == 0;
}

void
adm_laid_mine_free (AdmLaidMine *mine)
{
  if (mine == NULL)
    return;
  g_free (mine->id);
  g_free (mine);
}

void
adm_laid_mines_add_start (GPtrArray       *mines,
                          const AdmSector *sector)
{
  g_return_if_fail (mines != NULL);
  g_return_if_fail (sector != NULL);

  for (guint i = 0; i < sector->minefields->len; i++)
    {
      const AdmMinefield *minefield = g_ptr_array_index (sector->minefields, i);

      for (int n = 1; n <= minefield->mines; n++)
        {
          AdmLaidMine *mine = g_new0 (AdmLaidMine, 1);

          mine->faction = minefield->faction;
          mine->id = g_strdup_printf ("mine-start-%s-%d", minefield->faction->id, n);
          mine->cycle = 0;
          g_ptr_array_add (mines, mine);
        }
    }
}

/* F-MINE-10, F-MINE-11, F-MINE-12, F-MINE-13: the mines laid on the strategic map, on the table
 * with the layout's card, hidden from the other sides until revealed (F-MINE-2). */
static void
add_mines (xmlNode              *root,
           AdmScenario          *scenario,
           GPtrArray            *sides,
           GPtrArray            *features,
           GPtrArray            *mines,
           const AdmTableLayout *layout,
           guint32               seed,
           double                half_length)
{
  const Side *west = g_ptr_array_index (sides, 0);
  const Side *east = g_ptr_array_index (sides, 1);
  double cx = (west->x0 + east->x0) / 2;
  double cy = west->y0 + west->dy * west->length / 2;
  g_autofree double *x = g_new0 (double, mines->len + 1);
  g_autofree double *y = g_new0 (double, mines->len + 1);

  adm_battle_layout_place_mines (layout, features, mines->len, seed, (east->x0 - west->x0) / 2,
                                 half_length, x, y);
  for (guint i = 0; i < mines->len; i++)
    {
      const AdmLaidMine *mine = g_ptr_array_index (mines, i);
      const Side *side = side_of_faction (scenario, sides, mine->faction);
      xmlNode *node;

      if (side == NULL)
        continue;
      node = xmlNewChild (root, NULL, BAD_CAST "mine", NULL);
      xmlSetProp (node, BAD_CAST "id", BAD_CAST mine->id);
      xmlSetProp (node, BAD_CAST "side",
                  BAD_CAST ((AdmFaction *) g_ptr_array_index (side->factions, 0))->id);
      xmlSetProp (node, BAD_CAST "charge", BAD_CAST (layout->mine_torpedo ? "torpedo"
                                                                          : "plasma"));
      set_length (node, "x", cx + x[i]);
      set_length (node, "y", cy + y[i]);
      set_int (node, "range", layout->mine_reach);
      set_int (node, "strength", layout->mine_strength);
    }
}

/* battle.rng's order: the low-orbit map, the exit zones, then the stations. */
static void
sort_features (GPtrArray *features)
{
  static const char *const order[] = { "planet", "low-orbit", "wormhole-exit", "station" };
  g_autoptr(GPtrArray) sorted = NULL;

  if (features->len == 0)
    return;
  sorted = g_ptr_array_new ();
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (guint i = 0; i < features->len; i++)
      if (g_str_equal (((AdmTableFeature *) g_ptr_array_index (features, i))->kind, order[k]))
        g_ptr_array_add (sorted, g_ptr_array_index (features, i));
  g_assert (sorted->len == features->len);
  memcpy (features->pdata, sorted->pdata, sorted->len * sizeof (gpointer));
}

/* The titles of the battles set up here: English in the set-up, translated when the battle is
 * read (adm_battle_title_translate ()). */
static const char *const titles[] = {
  /* Translators: a battle's name, "Battle at Pol jump point" */
  N_("Battle at %s"),
  /* Translators: a battle's name, "Battle on the link Pol orbit – Hegen Hub" */
  N_("Battle on the link %s"),
};

/* The two ends of a link in a place's name: "Pol orbit – Hegen Hub". */
#define LINK_DASH " – "

char *
adm_battle_title_write (const char *place,
                        gboolean    link)
{
  const char *title = titles[link ? 1 : 0];
  const char *mark = strstr (title, "%s");

  g_return_val_if_fail (place != NULL, NULL);

  /* The template's own text, with no format read from anywhere but this file. */
  return g_strdup_printf ("%.*s%s%s", (int) (mark - title), title, place, mark + 2);
}

char *
adm_battle_title_translate (const char *english)
{
  g_return_val_if_fail (english != NULL, NULL);

  for (guint t = 0; t < G_N_ELEMENTS (titles); t++)
    {
      const char *mark = strstr (titles[t], "%s");
      gsize before = mark - titles[t], after = strlen (mark + 2);
      gsize length = strlen (english);
      g_autofree char *place = NULL;
      g_auto(GStrv) ends = NULL;
      g_autoptr(GString) shown = NULL;

      if (length <= before + after || strncmp (english, titles[t], before) != 0 ||
          strcmp (english + length - after, mark + 2) != 0)
        continue;
      place = g_strndup (english + before, length - before - after);
      /* A sector's name, or a link's two, each a name of the scenario. */
      ends = g_strsplit (place, LINK_DASH, t == 1 ? 2 : 1);
      shown = g_string_new (NULL);
      for (guint i = 0; ends[i] != NULL; i++)
        g_string_append_printf (shown, "%s%s", i > 0 ? LINK_DASH : "",
                                g_dgettext (GETTEXT_PACKAGE, ends[i]));
      /* The format is one of the two above, spelt out for the compiler to check. */
      return t == 0 ? g_strdup_printf (_("Battle at %s"), shown->str)
                    : g_strdup_printf (_("Battle on the link %s"), shown->str);
    }
  return NULL;
}

char *
adm_battle_setup_write (AdmScenario  *scenario,
                        AdmState     *state,
                        const AdmSector *sector,
                        GPtrArray    *placed,
                        const char   *name,
                        const char   *description,
                        const char   *where,
                        guint32       layout_seed,
                        GPtrArray    *mines,
                        guint32       mine_seed,
                        GError      **error)
{
  g_autoptr(GPtrArray) sides = NULL;
  g_autoptr(GPtrArray) features = NULL;
  xmlNode *side_nodes[ADM_SECTOR_BATTLE_MAX_SIDES] = { NULL, };
  const AdmTableLayout *layout;
  g_autoptr(xmlDoc) doc = NULL;
  AdmRuleset *ruleset;
  xmlNode *root;
  xmlChar *buffer = NULL;
  double width, height, half_span = 0;
  int size = 0;
  char *text;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (state == NULL || ADM_IS_STATE (state), NULL);
  g_return_val_if_fail (placed != NULL && name != NULL && where != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  ruleset = adm_scenario_get_ruleset (scenario);
  layout = adm_ruleset_get_table_layout (ruleset);
  sides = collect_sides (scenario, placed);
  if (layout != NULL && sector != NULL)
    add_station_sides (scenario, state, sector, sides);
  if (!check_sides (where, sides, error))
    return NULL;
  lay_out (sides, layout != NULL && sector == NULL, &width, &height);

  /* F-TAC-1: the sector's features, generated from the seed, and room for them. */
  if (layout != NULL)
    {
      features = adm_battle_layout_generate (layout, sector != NULL ? sector->objects : NULL,
                                             layout_seed, &half_span);
      correct_stations (features, state, sector);
      sort_features (features);
      make_room (sides, half_span, &height);
    }
  doc = xmlNewDoc (BAD_CAST "1.0");
  root = xmlNewNode (NULL, BAD_CAST "battle");
  xmlDocSetRootElement (doc, root);
  xmlSetProp (root, BAD_CAST "ruleset", BAD_CAST adm_ruleset_get_id (ruleset));
  xmlSetProp (root, BAD_CAST "name", BAD_CAST name);
  set_length (root, "width", width);
  set_length (root, "height", height);
  if (layout != NULL)
    {
      char seed[16];

      g_snprintf (seed, sizeof seed, "%" G_GUINT32_FORMAT, layout_seed);
      xmlSetProp (root, BAD_CAST "layout-seed", BAD_CAST seed);
    }
  /* The battle plays by its campaign's season, named by its SHA-256: a copy goes with it only
   * where it leaves the campaign (adm_battle_text_with_season ()). */
  xmlSetProp (root, BAD_CAST "season", BAD_CAST adm_ruleset_get_season_digest (ruleset));
  if (description != NULL)
    xmlNewTextChild (root, NULL, BAD_CAST "description", BAD_CAST description);
  add_rulings (root, ruleset);
  if (layout != NULL)
    add_features (root, scenario, features, sides, layout);
  else
    add_wormhole_exit (root, sector, sides);
  for (guint i = 0; i < sides->len; i++)
    side_nodes[i] = add_side (root, g_ptr_array_index (sides, i), state);
  if (layout != NULL)
    add_station_units (side_nodes, scenario, state, sector, features, sides, layout);
  if (layout != NULL && mines != NULL && mines->len > 0)
    {
      const Side *west = g_ptr_array_index (sides, 0);
      const Side *east = g_ptr_array_index (sides, 1);

      add_mines (root, scenario, sides, features, mines, layout, mine_seed,
                 MAX (MAX (west->length, east->length) / 2, half_span));
    }

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  text = g_strndup ((const char *) buffer, size);
  xmlFree (buffer);
  return text;
}

char *
adm_scenario_battle_setup (AdmScenario  *scenario,
                           const char   *sector_id,
                           GError      **error)
{
  g_autoptr(GPtrArray) placed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) mines =
    g_ptr_array_new_with_free_func ((GDestroyNotify) adm_laid_mine_free);
  g_autofree char *name = NULL, *description = NULL, *where = NULL;
  const AdmPlacement *placement;
  guint32 seed;
  GPtrArray *formations;
  AdmSector *sector;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (sector_id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  sector = adm_scenario_lookup_sector (scenario, sector_id);
  if (sector == NULL)
    {
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_UNKNOWN_SECTOR,
                   /* Translators: "The scenario “Skirmish at the Hegen Hub” has no sector
                    * “pol-orbit”" */
                   _("The scenario “%s” has no sector “%s”"),
                   adm_scenario_get_name (scenario), sector_id);
      return NULL;
    }

  /* F-STRAT-15: with no orders to go by, every formation takes the default placement. */
  placement = adm_ruleset_placement_for_order (adm_scenario_get_ruleset (scenario), NULL);
  formations = adm_scenario_get_formations (scenario);
  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      AdmPlacedFormation *entry;

      if (formation->sector != sector || formation->ships->len == 0)
        continue;
      entry = g_new0 (AdmPlacedFormation, 1);
      entry->formation = formation;
      entry->placement = placement;
      g_ptr_array_add (placed, entry);
    }

  name = adm_battle_title_write (adm_source_text_english (sector->name), FALSE);
  /* The description is data of the file, in English (adm-source-text.h); it is not shown. */
  description = g_strdup_printf ("Set up from the sector map of “%s”: every formation in %s, "
                                 "one side per alliance, in facing lines (F-TAC-1), each in "
                                 "%s. Move the ships where their orders put them (F-STRAT-15) "
                                 "before the first turn.",
                                 adm_source_text_english (adm_scenario_get_name (scenario)),
                                 adm_source_text_english (sector->name),
                                 adm_source_text_english (placement->name));
  /* Translators: where enemies meet, for messages: "in Pol jump point" */
  where = g_strdup_printf (_("in %s"), sector->name);
  /* The scenario's own minefields there: at its start no cycle has a salt, so they are
   * placed from the layout seed, as a cycle without one places them. */
  adm_laid_mines_add_start (mines, sector);
  seed = adm_battle_layout_default_seed (sector->id);
  return adm_battle_setup_write (scenario, NULL, sector, placed, name, description, where,
                                 seed, mines, seed, error);
}
