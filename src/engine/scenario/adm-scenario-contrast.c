/* SPDX-License-Identifier: GPL-3.0-or-later */
/* adm-scenario-contrast.c: opposing factions told apart by colour (see the header). */

#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "adm-colour-vision.h"
#include "adm-scenario-check.h"
#include "adm-scenario-contrast.h"
#include "adm-xml.h"

/* The first element under @node, itself included, whose @attribute is @value. */
static xmlNode *
find_element (xmlNode    *node,
              const char *attribute,
              const char *value)
{
  g_autofree char *own = adm_xml_get_string (node, attribute);

  if (g_strcmp0 (own, value) == 0)
    return node;
  for (xmlNode *child = adm_xml_first_element (node, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL))
    {
      xmlNode *found = find_element (child, attribute, value);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Where a master changes @faction's colour: its element in the scenario's own season; else
 * where the scenario names it (its first admiral, alliance or formation). */
static xmlNode *
faction_element (xmlNode          *scenario_node,
                 const AdmFaction *faction)
{
  xmlNode *season = adm_xml_first_element (scenario_node, "season");
  xmlNode *classes = season != NULL ? adm_xml_first_element (season, "classes") : NULL;

  for (xmlNode *node = classes != NULL ? adm_xml_first_element (classes, "faction") : NULL;
       node != NULL; node = adm_xml_next_element (node, "faction"))
    {
      g_autofree char *id = adm_xml_get_string (node, "id");

      if (g_strcmp0 (id, faction->id) == 0)
        return node;
    }
  for (xmlNode *child = adm_xml_first_element (scenario_node, NULL); child != NULL;
       child = adm_xml_next_element (child, NULL))
    {
      xmlNode *found = child != season ? find_element (child, "faction", faction->id) : NULL;

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The vision that sees @a and @b closest, and how far apart it sees them. */
static AdmColourVision
closest_vision (const double  a[3],
                const double  b[3],
                double       *difference)
{
  static const AdmColourVision visions[] = {
    ADM_COLOUR_VISION_NORMAL, ADM_COLOUR_VISION_PROTANOPIA, ADM_COLOUR_VISION_DEUTERANOPIA,
  };
  AdmColourVision closest = ADM_COLOUR_VISION_NORMAL;

  *difference = G_MAXDOUBLE;
  for (guint v = 0; v < G_N_ELEMENTS (visions); v++)
    {
      double seen = adm_colour_difference (visions[v], a, b);

      if (seen < *difference)
        {
          *difference = seen;
          closest = visions[v];
        }
    }
  return closest;
}

static AdmProblem *
contrast_problem (xmlNode          *scenario_node,
                  const AdmFaction *a,
                  const AdmFaction *b,
                  AdmColourVision   vision,
                  double            difference)
{
  AdmProblem *problem = g_new0 (AdmProblem, 1);

  problem->advice = TRUE;
  problem->node = faction_element (scenario_node, b);
  problem->line = problem->node != NULL ? (int) xmlGetLineNo (problem->node) : 0;
  if (a->symbol == b->symbol)
    /* Translators: advice on the scenario editor's Problems page and of "admiralty-cli
     * validate"; the factions' names, the colour-blindness (or "normal colour vision"), the
     * colours' difference (CIE76 ΔE, e.g. 11), the least that tells them apart (20) and the
     * symbol both are drawn with ("Circle") */
    problem->message = g_strdup_printf (_("“%s” and “%s” are on opposing sides, but with %s "
                                          "their colours differ by only ΔE %.0f (at least %.0f "
                                          "tells them apart) and both are drawn as “%s”: "
                                          "choose another symbol for one of them, or a colour "
                                          "that stands further from the other's"),
                                        a->name, b->name, adm_colour_vision_name (vision),
                                        floor (difference), ADM_COLOUR_DISTINCT_DELTA_E,
                                        adm_faction_symbol_get_title (a->symbol));
  else
    /* Translators: advice on the scenario editor's Problems page; the factions' names, the
     * colour-blindness (or "normal colour vision"), the colours' difference (CIE76 ΔE, e.g.
     * 11) and the least that tells them apart (20) */
    problem->message = g_strdup_printf (_("“%s” and “%s” are on opposing sides, but with %s "
                                          "their colours differ by only ΔE %.0f (at least %.0f "
                                          "tells them apart): choose a colour for one of them "
                                          "that stands further from the other's"),
                                        a->name, b->name, adm_colour_vision_name (vision),
                                        floor (difference), ADM_COLOUR_DISTINCT_DELTA_E);
  return problem;
}

GPtrArray *
adm_scenario_contrast_problems (AdmScenario *scenario,
                                xmlNode     *scenario_node)
{
  GPtrArray *problems;
  GPtrArray *factions;

  g_return_val_if_fail (ADM_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (scenario_node != NULL, NULL);

  problems = g_ptr_array_new_with_free_func ((GDestroyNotify) adm_problem_free);
  factions = adm_scenario_get_factions (scenario);
  for (guint i = 0; i < factions->len; i++)
    for (guint j = i + 1; j < factions->len; j++)
      {
        const AdmFaction *a = g_ptr_array_index (factions, i);
        const AdmFaction *b = g_ptr_array_index (factions, j);
        double rgb_a[3], rgb_b[3], difference;
        AdmColourVision vision;

        if (adm_scenario_factions_allied (scenario, a, b) ||
            !adm_colour_parse (a->colour, rgb_a) || !adm_colour_parse (b->colour, rgb_b))
          continue;
        vision = closest_vision (rgb_a, rgb_b, &difference);
        if (difference < ADM_COLOUR_DISTINCT_DELTA_E)
          g_ptr_array_add (problems, contrast_problem (scenario_node, a, b, vision,
                                                       difference));
      }
  return problems;
}
