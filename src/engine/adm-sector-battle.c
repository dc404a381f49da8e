/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-sector-battle.c: the battle set-up for a clash in a sector of the strategic map.
 *
 * F-TAC-1 has the master make the tactical map from the sector's features and the orders
 * about the ships' initial positions (F-STRAT-15). Until then this file offers one default,
 * "facing lines", that the master moves ships from before the first turn. Issue 6 will make
 * the placement a named rule defined in data, which the master picks and adjusts per battle;
 * the layout below is meant to become that rule's first entry, not to grow options here. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "adm-sector-battle.h"
#include "adm-xml.h"

G_DEFINE_QUARK (adm-sector-battle-error-quark, adm_sector_battle_error)

/* One faction's side: its formations in the sector and where its line goes. */
typedef struct {
  const AdmFaction *faction;
  GPtrArray        *formations; /* AdmFormation*, borrowed, scenario order */
  GArray           *along;      /* double: each ship's centre along the line, file order */
  double            length;     /* the line's length, from the first base's edge to the last */
  double            x0, y0;     /* where the line starts */
  double            dx, dy;     /* the line's direction, a unit vector */
  double            heading;    /* degrees, towards the enemy */
} Side;

static void
side_free (Side *side)
{
  g_ptr_array_unref (side->formations);
  g_array_unref (side->along);
  g_free (side);
}

static double
ship_radius (const AdmShip *ship)
{
  return ship->klass->type->base_size / 2;
}

/* The sides in the order their factions' first formations come in the scenario. */
static GPtrArray *
collect_sides (AdmScenario     *scenario,
               const AdmSector *sector)
{
  GPtrArray *formations = adm_scenario_get_formations (scenario);
  GPtrArray *sides = g_ptr_array_new_with_free_func ((GDestroyNotify) side_free);

  for (guint i = 0; i < formations->len; i++)
    {
      AdmFormation *formation = g_ptr_array_index (formations, i);
      Side *side = NULL;

      if (formation->sector != sector)
        continue;
      for (guint s = 0; s < sides->len && side == NULL; s++)
        if (((Side *) g_ptr_array_index (sides, s))->faction == formation->faction)
          side = g_ptr_array_index (sides, s);
      if (side == NULL)
        {
          side = g_new0 (Side, 1);
          side->faction = formation->faction;
          side->formations = g_ptr_array_new ();
          side->along = g_array_new (FALSE, FALSE, sizeof (double));
          g_ptr_array_add (sides, side);
        }
      g_ptr_array_add (side->formations, formation);
    }
  return sides;
}

/* Line abreast: neighbouring bases ADM_SECTOR_BATTLE_BASE_GAP apart within a formation,
 * ADM_SECTOR_BATTLE_FORMATION_GAP between formations, measured edge to edge so that bases of
 * every size (F-SHIP-1..3) keep clear of each other. */
static void
measure_side (Side *side)
{
  double cursor = 0;

  for (guint f = 0; f < side->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (side->formations, f);

      if (f > 0)
        cursor += ADM_SECTOR_BATTLE_FORMATION_GAP - ADM_SECTOR_BATTLE_BASE_GAP;
      for (guint i = 0; i < formation->ships->len; i++)
        {
          double radius = ship_radius (g_ptr_array_index (formation->ships, i));
          double centre = cursor + radius;

          g_array_append_val (side->along, centre);
          cursor = centre + radius + ADM_SECTOR_BATTLE_BASE_GAP;
        }
    }
  side->length = MAX (cursor - ADM_SECTOR_BATTLE_BASE_GAP, 0);
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
  side->heading = heading;
}

/* Facing lines: west and east lines ADM_SECTOR_BATTLE_LINE_GAP apart, both running north to
 * south and centred on each other; a third side's line along the north edge and a fourth's
 * along the south edge, running west to east, centred, beyond the ends of the first two by
 * ADM_SECTOR_BATTLE_FLANK_GAP at least and as far from each other as the first two are. */
static void
lay_out (GPtrArray *sides,
         double    *width,
         double    *height)
{
  const double margin = ADM_SECTOR_BATTLE_EDGE_MARGIN;
  Side *side[ADM_SECTOR_BATTLE_MAX_SIDES] = { NULL, };
  double west_east, north_south = 0, flank = 0, top, x_west;

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

  top = margin + flank;
  *width = MAX (ADM_SECTOR_BATTLE_LINE_GAP, north_south) + 2 * margin;
  *height = top + west_east + (sides->len > 3 ? flank : 0) + margin;
  x_west = (*width - ADM_SECTOR_BATTLE_LINE_GAP) / 2;

  set_line (side[0], x_west, top + (west_east - side[0]->length) / 2, 0, 1, 90);
  set_line (side[1], x_west + ADM_SECTOR_BATTLE_LINE_GAP,
            top + (west_east - side[1]->length) / 2, 0, 1, 270);
  if (side[2] != NULL)
    set_line (side[2], (*width - side[2]->length) / 2, margin, 1, 0, 180);
  if (side[3] != NULL)
    set_line (side[3], (*width - side[3]->length) / 2, *height - margin, 1, 0, 0);
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

/* The side's admiral: its formations' admirals, each named once. */
static char *
side_admiral (const Side *side)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint f = 0; f < side->formations->len; f++)
    {
      const AdmFormation *formation = g_ptr_array_index (side->formations, f);

      if (formation->admiral != NULL &&
          !g_ptr_array_find_with_equal_func (names, formation->admiral->name, g_str_equal, NULL))
        g_ptr_array_add (names, formation->admiral->name);
    }
  if (names->len == 0)
    return NULL;
  g_ptr_array_add (names, NULL);
  return g_strjoinv (", ", (char **) names->pdata);
}

static void
add_formation (xmlNode            *parent,
               const Side         *side,
               const AdmFormation *formation,
               guint              *ship_index)
{
  xmlNode *node = xmlNewChild (parent, NULL, BAD_CAST "formation", NULL);
  const AdmShip *flagship = formation->flagship != NULL
                            ? formation->flagship : g_ptr_array_index (formation->ships, 0);

  xmlSetProp (node, BAD_CAST "id", BAD_CAST formation->id);
  xmlSetProp (node, BAD_CAST "name", BAD_CAST formation->name);
  /* F-FORM-4, F-FORM-5: the flagship and its successors, as the scenario names them. */
  xmlSetProp (node, BAD_CAST "flagship", BAD_CAST flagship->id);
  if (formation->succession != NULL && formation->succession->len > 0)
    {
      g_autoptr(GString) ids = g_string_new (NULL);

      for (guint i = 0; i < formation->succession->len; i++)
        g_string_append_printf (ids, "%s%s", i > 0 ? " " : "",
                                ((AdmShip *) g_ptr_array_index (formation->succession, i))->id);
      xmlSetProp (node, BAD_CAST "succession", BAD_CAST ids->str);
    }

  for (guint i = 0; i < formation->ships->len; i++)
    {
      const AdmShip *ship = g_ptr_array_index (formation->ships, i);
      xmlNode *child = xmlNewChild (node, NULL, BAD_CAST "ship", NULL);
      double along = g_array_index (side->along, double, (*ship_index)++);

      xmlSetProp (child, BAD_CAST "id", BAD_CAST ship->id);
      xmlSetProp (child, BAD_CAST "name", BAD_CAST ship->name);
      xmlSetProp (child, BAD_CAST "class", BAD_CAST ship->klass->id);
      /* F-BOARD-7, F-BOARD-8: the crew's faction, as the shipped battles give it. */
      xmlSetProp (child, BAD_CAST "faction", BAD_CAST formation->faction->id);
      set_length (child, "x", side->x0 + along * side->dx);
      set_length (child, "y", side->y0 + along * side->dy);
      set_int (child, "heading", (int) side->heading);
      set_int (child, "readiness", ship->readiness);
    }
}

static void
add_side (xmlNode    *root,
          const Side *side)
{
  xmlNode *node = xmlNewChild (root, NULL, BAD_CAST "side", NULL);
  g_autofree char *admiral = side_admiral (side);
  guint ship_index = 0;

  xmlSetProp (node, BAD_CAST "id", BAD_CAST side->faction->id);
  xmlSetProp (node, BAD_CAST "name", BAD_CAST side->faction->name);
  if (admiral != NULL)
    xmlSetProp (node, BAD_CAST "admiral", BAD_CAST admiral);
  for (guint f = 0; f < side->formations->len; f++)
    add_formation (node, side, g_ptr_array_index (side->formations, f), &ship_index);
}

/* The scenario's overrides go with the battle, whose ruleset is loaded afresh by id. */
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
check_sides (const AdmSector  *sector,
             GPtrArray        *sides,
             GError          **error)
{
  if (sides->len == 0)
    {
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
                   /* Translators: %s is a sector, "Pol jump point" */
                   _("No enemies meet in %s: no formations are there"), sector->name);
      return FALSE;
    }
  if (sides->len == 1)
    {
      const AdmFaction *faction = ((Side *) g_ptr_array_index (sides, 0))->faction;

      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_NO_ENEMIES,
                   /* Translators: "No enemies meet in Pol jump point: only formations of the
                    * Barrayaran Imperium are there" */
                   _("No enemies meet in %s: only formations of the %s are there"),
                   sector->name, faction->name);
      return FALSE;
    }
  if (sides->len > ADM_SECTOR_BATTLE_MAX_SIDES)
    {
      g_set_error (error, ADM_SECTOR_BATTLE_ERROR, ADM_SECTOR_BATTLE_ERROR_TOO_MANY_SIDES,
                   /* Translators: "5 factions meet in Hegen Hub; a battle is set up for at
                    * most 4 sides, one along each edge of the table" */
                   _("%u factions meet in %s; a battle is set up for at most %u sides, one "
                     "along each edge of the table"),
                   sides->len, sector->name, ADM_SECTOR_BATTLE_MAX_SIDES);
      return FALSE;
    }
  return TRUE;
}

static xmlNode *
new_battle_root (AdmScenario     *scenario,
                 const AdmSector *sector,
                 double           width,
                 double           height)
{
  xmlNode *root = xmlNewNode (NULL, BAD_CAST "battle");
  /* Translators: a battle's name, "Battle at Pol jump point" */
  g_autofree char *name = g_strdup_printf (_("Battle at %s"), sector->name);
  /* Translators: the description of a battle set up from the sector map; the first %s is
   * the scenario's name, the second the sector's */
  g_autofree char *description =
    g_strdup_printf (_("Set up from the sector map of “%s”: every formation in %s, one side "
                       "per faction, in facing lines (F-TAC-1). Move the ships where their "
                       "orders put them (F-STRAT-15) before the first turn."),
                     adm_scenario_get_name (scenario), sector->name);

  xmlSetProp (root, BAD_CAST "ruleset",
              BAD_CAST adm_ruleset_get_id (adm_scenario_get_ruleset (scenario)));
  xmlSetProp (root, BAD_CAST "name", BAD_CAST name);
  set_length (root, "width", width);
  set_length (root, "height", height);
  xmlNewTextChild (root, NULL, BAD_CAST "description", BAD_CAST description);
  return root;
}

char *
adm_scenario_battle_setup (AdmScenario  *scenario,
                           const char   *sector_id,
                           GError      **error)
{
  g_autoptr(GPtrArray) sides = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  AdmSector *sector;
  xmlNode *root;
  xmlChar *buffer = NULL;
  double width, height;
  int size = 0;
  char *text;

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
  sides = collect_sides (scenario, sector);
  if (!check_sides (sector, sides, error))
    return NULL;
  lay_out (sides, &width, &height);

  doc = xmlNewDoc (BAD_CAST "1.0");
  root = new_battle_root (scenario, sector, width, height);
  xmlDocSetRootElement (doc, root);
  add_rulings (root, adm_scenario_get_ruleset (scenario));
  for (guint i = 0; i < sides->len; i++)
    add_side (root, g_ptr_array_index (sides, i));

  xmlDocDumpFormatMemoryEnc (doc, &buffer, &size, "UTF-8", 1);
  text = g_strndup ((const char *) buffer, size);
  xmlFree (buffer);
  return text;
}
